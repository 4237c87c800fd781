"""Synthetic Slurm clusters for the fleet bench (bench/fleet_bench.py): files, not a simulator.

Each cluster is a directory the controller reaches exactly as it reaches a real in-cluster
Slurm (``connection_mode = local``, ``slurm_bin_dir``): ``bin/sinfo`` and ``bin/squeue`` print
``sinfo --json`` / ``squeue --json`` documents in the shapes Slurm 22.05 prints (written here,
replaced atomically when the world changes), ``bin/scontrol -o show job N`` prints the job's
one-liner with its real ``StdOut`` path, the jobs' output files grow by a progress line per
interval (torchtitan's ``step: N  loss: ...``), and the node agents' kernel stream and
heartbeats are written to Redis with ``kernel_stream.push``'s keys (``kernel_log_command =
"agent"``). The controller's collection, pipeline and persistence are production code.

Faults arrive as they would: a GPU falls off the bus (Xid 79 in a node's kernel log), a node
stops responding (``DOWN+NOT_RESPONDING`` in sinfo), a rank's NCCL watchdog times out in a
job's log, or a job stops printing progress (a hang). No Django here.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SINFO = "#!/bin/sh\nexec cat {dir}/sinfo.json\n"
SQUEUE = "#!/bin/sh\nexec cat {dir}/squeue.json\n"
SCONTROL = """#!/bin/sh
if [ "$1" = "-o" ] && [ "$2" = "show" ] && [ "$3" = "job" ] && [ -n "$4" ]; then
  [ -f "{dir}/jobs/$4" ] && exec cat "{dir}/jobs/$4"
  echo "slurm_load_jobs error: Invalid job id specified" >&2; exit 1
fi
echo "scontrol (bench): $* is not supported here" >&2
exit 1
"""
XID79 = "NVRM: Xid (PCI:0000:{bus}:00): 79, pid=4242, name=python, GPU has fallen off the bus."
NCCL = (
    "[rank{rank}]:[E ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=88, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
    "600034 milliseconds before timing out."
)
BUSES = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
PCI_BUS_IDS = [f"0000:{b}:00" for b in BUSES]
FAULTS = ("xid", "node_down", "nccl", "hang")


def hostlist(names: list[str]) -> str:
    """Consecutive ``<prefix>NNNN`` names as Slurm prints them: ``c1-n[0000-0015]``."""
    prefix = names[0][:-4]
    first, last = names[0][-4:], names[-1][-4:]
    return f"{prefix}[{first}-{last}]" if len(names) > 1 else names[0]


@dataclass
class Job:
    id: int
    nodes: list[str]
    started: float
    step: int = 0
    hung: bool = False
    log: Path = field(default_factory=Path)


class SyntheticCluster:
    def __init__(
        self, root: Path, name: str, n_nodes: int, job_nodes: int, first_job: int, now: float
    ) -> None:
        self.name, self.dir = name, root / name
        self.nodes = [f"{name}-n{i:04d}" for i in range(n_nodes)]
        self.down: dict[str, str] = {}  # node -> reason
        busy = int(n_nodes * 0.8) // job_nodes * job_nodes
        self.jobs = [
            Job(first_job + k, self.nodes[i : i + job_nodes], now - 3600)
            for k, i in enumerate(range(0, busy, job_nodes))
        ]
        self.allocated = {n for j in self.jobs for n in j.nodes}
        self.changed = True

    # -- files -------------------------------------------------------------------------
    def install(self) -> None:
        for sub in ("bin", "jobs", "logs"):
            (self.dir / sub).mkdir(parents=True, exist_ok=True)
        for tool, text in (("sinfo", SINFO), ("squeue", SQUEUE), ("scontrol", SCONTROL)):
            path = self.dir / "bin" / tool
            path.write_text(text.replace("{dir}", str(self.dir)))
            path.chmod(0o755)
        for job in self.jobs:
            job.log = self.dir / "logs" / f"{job.id}.out"
            job.log.write_text("")
            (self.dir / "logs" / f"{job.id}.err").write_text("")
            (self.dir / "jobs" / str(job.id)).write_text(self._show_job(job) + "\n")
        self.write_docs(self.jobs[0].started if self.jobs else 0.0)

    def _show_job(self, job: Job) -> str:
        return (
            f"JobId={job.id} JobName=train-{job.id} UserId=alice(1000) GroupId=alice(1000) Priority=1 "
            f"JobState=RUNNING Reason=None Requeue=1 Restarts=0 BatchFlag=1 ExitCode=0:0 "
            f"StartTime=2026-12-02T00:00:00 Partition=batch NodeList={hostlist(job.nodes)} "
            f"NumNodes={len(job.nodes)} NumCPUs={96 * len(job.nodes)} NumTasks={8 * len(job.nodes)} "
            f"WorkDir=/home/alice StdErr={self.dir}/logs/{job.id}.err StdOut={job.log}"
        )

    def _node_doc(self, name: str) -> dict[str, Any]:
        down = name in self.down
        state = "down" if down else ("allocated" if name in self.allocated else "idle")
        return {
            "name": name,
            "hostname": name,
            "state": state,
            "state_flags": ["NOT_RESPONDING"] if down else [],
            "reason": self.down.get(name, ""),
            "reason_set_by_user": "slurm" if down else "",
            "reason_changed_at": 0,
            "partitions": ["batch"],
            "gres": "gpu:h100:8",
            "gres_used": "gpu:h100:8(IDX:0-7)" if state == "allocated" else "gpu:h100:0",
            "cpus": 96,
        }

    def _job_doc(self, job: Job) -> dict[str, Any]:
        return {
            "job_id": job.id,
            "name": f"train-{job.id}",
            "user_name": "alice",
            "job_state": "RUNNING",
            "state_reason": "None",
            "nodes": hostlist(job.nodes),
            "excluded_nodes": "",
            "partition": "batch",
            "restart_cnt": 0,
            "requeue": True,
            "batch_flag": True,
            "exit_code": 0,
            "comment": "",
            "standard_output": f"{self.dir}/logs/%j.out",
            "standard_error": f"{self.dir}/logs/%j.err",
            "current_working_directory": "/home/alice",
            "priority": 1,
            "start_time": int(job.started),
            "tasks": 8 * len(job.nodes),
            "node_count": len(job.nodes),
        }

    def write_docs(self, now: float) -> None:
        """sinfo.json and squeue.json as Slurm prints them, replaced atomically (only when changed)."""
        if not self.changed:
            return
        meta = {
            "meta": {"plugin": {"type": "openapi/v0.0.38"}, "Slurm": {"version": {"major": 22, "minor": 5}}}
        }
        docs = {
            "sinfo.json": {**meta, "errors": [], "nodes": [self._node_doc(n) for n in self.nodes]},
            "squeue.json": {**meta, "errors": [], "jobs": [self._job_doc(j) for j in self.jobs]},
        }
        for name, doc in docs.items():
            tmp = self.dir / f".{name}.tmp"
            tmp.write_text(json.dumps(doc, separators=(",", ":")))
            os.replace(tmp, self.dir / name)
        self.changed = False

    # -- time passing --------------------------------------------------------------------
    def progress(self) -> int:
        """Every running job that is not hung prints one progress line; returns how many did."""
        n = 0
        for job in self.jobs:
            if job.hung or any(node in self.down for node in job.nodes):
                continue
            job.step += 1
            with open(job.log, "a") as fh:
                fh.write(f"step: {job.step}  loss: {2.5 - job.step * 1e-4:.4f}  tps: 5120  memory: 61.2GiB\n")
            n += 1
        return n

    def heartbeats(self, pipe: Any, key: str, now: float) -> None:
        beat = json.dumps({"t": now, "error": ""}, separators=(",", ":"))
        pipe.hset(key, mapping={n: beat for n in self.nodes if n not in self.down})

    def fault(self, kind: str, rng: random.Random, now: float) -> tuple[str, str, list[str]]:
        """Start a fault; returns (kind, where, kernel lines to push for ``where``)."""
        live = [j for j in self.jobs if not j.hung and not any(n in self.down for n in j.nodes)]
        if not live:
            return ("none", "", [])
        job = rng.choice(live)
        node = rng.choice(job.nodes)
        if kind == "xid":
            return ("xid", node, [XID79.format(bus=rng.choice(BUSES))])
        if kind == "node_down":
            self.down[node] = "Not responding"
            self.changed = True
            return ("node_down", node, [])
        if kind == "nccl":
            rank = job.nodes.index(node) * 8
            with open(job.log, "a") as fh:
                fh.write(NCCL.format(rank=rank) + "\n")
            return ("nccl", f"job {job.id}", [])
        job.hung = True
        return ("hang", f"job {job.id}", [])


def sizes(clusters: int, total: int, big: int, rng: random.Random) -> list[int]:
    """Mixed sizes: one cluster of ``big`` nodes, the rest spread around the mean, summing to ``total``."""
    if clusters == 1:
        return [max(total, big)]
    rest, n = max(total - big, 8 * (clusters - 1)), clusters - 1
    weights = [rng.uniform(0.25, 1.75) for _ in range(n)]
    out = [max(8, int(rest * w / sum(weights))) for w in weights]
    out[-1] += rest - sum(out)
    return [big, *out]
