"""Generate the synthetic regression scenarios under ``scenarios/synthetic/``.

Each is a small, deterministic ``recovery-scenario/1`` folder exercising what
the recorded public set does not: other host naming (``node[01-16]``,
``dgx-b200-[01-64]``), other stacks, Xid 48+64, Xid 74 (NVLink), Xid 154 with a
recovery action, Xid 13 and Xid 94 from the application, a telemetry-only
DBE, two independent faults at once (two jobs' Xid and IB error, two jobs' hangs three seconds apart, an
Xid in one job and a hang in another, two broken nodes in one job), a restart after requeue followed by a
new, unrelated fault, and a hang told only by PyTorch's heartbeat monitor
(every node's ranks report it but one's). Run: ``.venv/bin/python scenarios/make_synthetic.py``.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent / "synthetic"
START = "2026-12-01T08:00:00Z"
PCI = [
    "0000:18:00",
    "0000:2a:00",
    "0000:3a:00",
    "0000:5d:00",
    "0000:9a:00",
    "0000:ab:00",
    "0000:ba:00",
    "0000:db:00",
]
OPT = '{"recovery": {"max_requeues": 3}}'


def megatron(rank: int, step: int, ms: float) -> str:
    return (
        f"{rank}:  [2026-12-01 08:00:00] iteration {step:8d}/  500000 | consumed samples: 1 | "
        f"elapsed time per iteration (ms): {ms:.1f} | learning rate: 3.0E-04 | lm loss: 1.9E+00 |"
    )


def titan(step: int) -> str:
    return f"[rank0]:[titan] 2026-12-01 08:00:00,000 - root - INFO - step: {step}  loss:  2.1  memory: 60GiB(75%)  tps: 3,400  mfu: 44%"


def nemo(step: int) -> str:
    return (
        f"Epoch 0: |          | {step}/? [10:00<00:00, 1.10it/s, v_num=0, reduced_train_loss=2.3, "
        f"global_step={step}, train_step_timing in s=0.910]"
    )


class Builder:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.events: list[dict[str, Any]] = []

    def log(self, t: float, job: str, line: str) -> None:
        self.events.append({"t": round(t, 3), "source": "joblog", "job": job, "line": line})

    def kernel(self, t: float, node: str, msg: str) -> None:
        self.events.append(
            {"t": round(t, 3), "source": "kernel", "node": node, "line": f"[Tue Dec  1 08:00:00 2026] {msg}"}
        )

    def slurm(self, t: float, **kw: Any) -> None:
        self.events.append({"t": round(t, 3), "source": "slurm", **kw})

    def progress(self, job: str, style: str, t0: float, t1: float, every: float, step0: int = 1000) -> int:
        t, step = t0, step0
        while t < t1:
            step += 10
            line = {"megatron": megatron(31, step, every * 100), "titan": titan(step), "nemo": nemo(step)}[
                style
            ]
            self.log(t + self.rng.uniform(-0.2, 0.2), job, line)
            t += every
        return step

    def gpus(self, nodes: list[str], t0: float, t1: float, every: float = 10.0, extra: Any = None) -> None:
        t = t0
        while t < t1:
            for n in nodes:
                for g in range(8):
                    f = {
                        "DCGM_FI_DEV_SM_CLOCK": 1980,
                        "DCGM_FI_DEV_POWER_USAGE": 650.0 + self.rng.uniform(-20, 20),
                        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 4,
                        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0,
                        "DCGM_FI_DEV_XID_ERRORS": 0,
                        "DCGM_FI_DEV_GPU_UTIL": 100,
                    }
                    if extra:
                        extra(t, n, g, f)
                    self.events.append(
                        {
                            "t": round(t + self.rng.uniform(0, 1), 3),
                            "source": "gpu",
                            "node": n,
                            "gpu": g,
                            "fields": f,
                        }
                    )
            t += every

    def write(
        self,
        name: str,
        desc: str,
        cluster: dict[str, Any],
        jobs: list[dict[str, Any]],
        truth: dict[str, Any],
        history: list[dict[str, Any]] | None = None,
    ) -> None:
        folder = ROOT / name
        folder.mkdir(parents=True, exist_ok=True)
        scn = {
            "format": "recovery-scenario/1",
            "name": name,
            "description": desc,
            "start": START,
            "cluster": {**cluster, "pci_bus_ids": PCI},
            "jobs": jobs,
            "history": history or [],
        }
        (folder / "scenario.json").write_text(json.dumps(scn, indent=2) + "\n")
        (folder / "truth.json").write_text(json.dumps(truth, indent=2) + "\n")
        self.events.sort(key=lambda e: e["t"])
        body = "".join(json.dumps(e) + "\n" for e in self.events).encode("utf-8")
        with (
            open(folder / "events.jsonl.gz", "wb") as raw,
            gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f,
        ):
            f.write(body)  # mtime=0: regenerating gives byte-identical files


def job(jid: str, nodes: str, comment: str = OPT, tpn: int = 8) -> dict[str, Any]:
    return {
        "id": jid,
        "name": f"train-{jid}",
        "user": "zoe",
        "nodes": nodes,
        "tasks_per_node": tpn,
        "started": "2026-12-01T07:00:00Z",
        "comment": comment,
    }


def hw_truth(
    t: float, node: str, gpu: int | None, jid: str, category: str = "gpu_hardware"
) -> dict[str, Any]:
    fault: dict[str, Any] = {"t": t, "category": category, "node": node}
    if gpu is not None:
        fault["gpu"] = gpu
    return {
        "fault": fault,
        "expected": {
            "drain": [node],
            "requeue": {jid: {"exclude": [node]}},
            "no_requeue": [],
            "no_drain": [],
        },
    }


def sw_truth(t: float, jid: str) -> dict[str, Any]:
    return {
        "fault": {"t": t, "category": "software", "node": None},
        "expected": {"drain": [], "requeue": {}, "no_requeue": [jid], "no_drain": []},
    }


def _watchdogs(b: Builder, jid: str, t: float, ranks: list[int], seq: int) -> None:
    for r in ranks:
        b.log(
            t + r * 0.01,
            jid,
            f"[rank{r}]:[E1201 08:13:18.1 ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank {r}] "
            f"Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, "
            "NumelIn=8, NumelOut=8, Timeout(ms)=300000) ran for 300012 milliseconds before timing out.",
        )


def xid74_nvlink() -> None:
    b = Builder(1)
    nodes = [f"dgx-b200-{i:02d}" for i in range(9, 13)]
    b.progress("7001", "titan", 5, 300, 8.0)
    b.gpus(nodes, 0, 400)
    b.kernel(
        301.5,
        "dgx-b200-10",
        "NVRM: Xid (PCI:0000:3a:00): 74, pid=4242, name=python, NVLink: fatal error detected on link 4(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)",
    )
    b.log(
        390.0,
        "7001",
        "[rank17]:[E1201 08:06:30.1 ProcessGroupNCCL.cpp:632] [Rank 17] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=77, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=60000) ran for 60001 milliseconds before timing out.",
    )
    b.slurm(395.0, kind="job_state", job="7001", state="FAILED", exit_code="134:0")
    b.write(
        "xid74-nvlink-b200",
        "NVLink Xid 74 on a B200 node; torchtitan job stalls.",
        {"name": "b200", "partition": "batch", "nodes": "dgx-b200-[01-64]", "gpus_per_node": 8},
        [job("7001", "dgx-b200-[09-12]")],
        hw_truth(301.5, "dgx-b200-10", 2, "7001"),
    )


def xid48_64() -> None:
    b = Builder(2)
    nodes = [f"node{i:02d}" for i in range(1, 3)]
    b.progress("7002", "nemo", 3, 200, 9.0)
    b.gpus(nodes, 0, 260)
    b.kernel(
        201.0,
        "node02",
        "NVRM: Xid (PCI:0000:9a:00): 48, pid=99, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, subpartition 0.",
    )
    b.kernel(
        201.1,
        "node02",
        "NVRM: Xid (PCI:0000:9a:00): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: failed to remap row",
    )
    b.log(202.0, "7002", "[rank12]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
    b.slurm(205.0, kind="job_state", job="7002", state="FAILED", exit_code="1:0")
    b.write(
        "xid48-64-node-naming",
        "DBE (Xid 48) then row-remap failure (Xid 64) on node02 GPU 4.",
        {"name": "n", "partition": "batch", "nodes": "node[01-16]", "gpus_per_node": 8},
        [job("7002", "node[01-02]")],
        hw_truth(201.0, "node02", 4, "7002"),
    )


def xid154() -> None:
    b = Builder(3)
    b.progress("7003", "megatron", 5, 150, 10.0)
    b.gpus(["gpu-b-001", "gpu-b-002"], 0, 200)
    b.kernel(
        151.0,
        "gpu-b-001",
        "NVRM: Xid (PCI:0000:db:00): 154, pid=1, name=python, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)",
    )
    b.write(
        "xid154-reboot-required",
        "Xid 154 asks for a node reboot on GPU 7.",
        {"name": "b", "partition": "batch", "nodes": "gpu-b-[001-008]", "gpus_per_node": 8},
        [job("7003", "gpu-b-[001-002]")],
        hw_truth(151.0, "gpu-b-001", 7, "7003"),
    )


def xid13_app() -> None:
    b = Builder(4)
    b.progress("7004", "megatron", 5, 120, 10.0)
    b.kernel(
        121.0,
        "gpu-c-03",
        "NVRM: Xid (PCI:0000:18:00): 13, pid=777, name=python, Graphics Exception: ESR 0x404490=0x80000001",
    )
    b.kernel(
        121.0,
        "gpu-c-04",
        "NVRM: Xid (PCI:0000:18:00): 13, pid=778, name=python, Graphics Exception: ESR 0x404490=0x80000001",
    )
    for r in (0, 8):
        b.log(
            121.5,
            "7004",
            f"{r}: [rank{r}]: RuntimeError: CUDA error: an illegal memory access was encountered",
        )
    b.log(123.0, "7004", "srun: error: gpu-c-03: task 0: Exited with exit code 1")
    b.slurm(124.0, kind="job_state", job="7004", state="FAILED", exit_code="1:0")
    b.write(
        "xid13-app-illegal-access",
        "Application bug: Xid 13 and illegal memory access on every node.",
        {"name": "c", "partition": "batch", "nodes": "gpu-c-[01-08]", "gpus_per_node": 8},
        [job("7004", "gpu-c-[03-04]")],
        sw_truth(121.0, "7004"),
    )


def xid94_contained() -> None:
    b = Builder(5)
    b.progress("7005", "titan", 5, 140, 8.0)
    b.kernel(
        141.0,
        "gpu-c-05",
        "NVRM: Xid (PCI:0000:2a:00): 94, pid=1234, name=python, Contained: SM (0x1). RST: No, D-RST: No",
    )
    b.log(141.5, "7005", "[rank9]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
    b.log(
        141.6, "7005", "[rank9]: CUDA kernel errors might be asynchronously reported at some other API call"
    )
    b.slurm(144.0, kind="job_state", job="7005", state="FAILED", exit_code="1:0")
    b.write(
        "xid94-contained-app",
        "Xid 94 (contained error) kills the application; the GPU is fine.",
        {"name": "c", "partition": "batch", "nodes": "gpu-c-[01-08]", "gpus_per_node": 8},
        [job("7005", "gpu-c-[05-06]")],
        sw_truth(141.0, "7005"),
    )


def two_faults() -> None:
    b = Builder(6)
    b.progress("7006", "megatron", 5, 250, 10.0)
    b.progress("7007", "titan", 5, 250, 8.0)
    b.gpus([f"node{i:02d}" for i in range(1, 5)], 0, 300)
    b.kernel(
        250.5,
        "node02",
        "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
    )
    b.log(
        251.0,
        "7007",
        "node07:1:2 [5] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_5:1 Got async event : port error",
    )
    b.slurm(300.0, kind="job_state", job="7007", state="FAILED", exit_code="134:0")
    truth = {
        "fault": {"t": 250.5, "category": "gpu_hardware", "node": "node02", "gpu": 3},
        "other_faults": [{"t": 251.0, "category": "network", "node": "node07"}],
        "expected": {
            "drain": ["node02", "node07"],
            "requeue": {"7006": {"exclude": ["node02"]}, "7007": {"exclude": ["node07"]}},
            "no_requeue": [],
            "no_drain": ["node01", "node05"],
        },
    }
    b.write(
        "two-independent-faults",
        "A GPU off the bus in one job and an IB port error in another, one second apart.",
        {"name": "n", "partition": "batch", "nodes": "node[01-16]", "gpus_per_node": 8},
        [job("7006", "node[01-04]"), job("7007", "node[05-08]")],
        truth,
    )


def restart_then_new_fault() -> None:
    b = Builder(7)
    b.progress("7008", "megatron", 5, 200, 10.0)
    b.kernel(
        201.0, "gpu-d-02", "NVRM: Xid (PCI:0000:ab:00): 79, pid=1, name=python, GPU has fallen off the bus."
    )
    b.slurm(230.0, kind="job_state", job="7008", state="FAILED", exit_code="134:0")
    b.slurm(300.0, kind="job_state", job="7008", state="RUNNING", exit_code="0:0", nodes="gpu-d-[03-04]")
    b.progress("7008", "megatron", 330, 600, 10.0, step0=900)
    b.gpus(["gpu-d-03", "gpu-d-04"], 300, 650)
    b.kernel(601.0, "gpu-d-04", "mce: [Hardware Error]: Machine check: Processor context corrupt")
    b.kernel(601.1, "gpu-d-04", "Kernel panic - not syncing: Fatal machine check")
    b.slurm(660.0, kind="node_state", node="gpu-d-04", state="DOWN+NOT_RESPONDING", reason="Not responding")
    b.slurm(661.0, kind="job_state", job="7008", state="NODE_FAIL", exit_code="0:0")
    truth = {
        "fault": {"t": 201.0, "category": "gpu_hardware", "node": "gpu-d-02", "gpu": 5},
        "other_faults": [{"t": 601.0, "category": "node_failure", "node": "gpu-d-04"}],
        "expected": {
            "drain": ["gpu-d-02", "gpu-d-04"],
            "requeue": {"7008": {"exclude": ["gpu-d-02", "gpu-d-04"]}},
            "no_requeue": [],
            "no_drain": ["gpu-d-01", "gpu-d-03"],
        },
    }
    b.write(
        "restart-then-new-fault",
        "Xid 79, requeue onto other nodes, then a panic there: two incidents.",
        {"name": "d", "partition": "batch", "nodes": "gpu-d-[01-08]", "gpus_per_node": 8},
        [job("7008", "gpu-d-[01-02]")],
        truth,
    )


def healthy_other_names() -> None:
    b = Builder(8)
    b.progress("7009", "nemo", 2, 600, 9.0)
    b.gpus(["dgx-b200-33", "dgx-b200-34"], 0, 600)
    b.kernel(
        100.0,
        "dgx-b200-33",
        "NVRM: Xid (PCI:0000:18:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reset gpu to activate.",
    )
    b.log(
        200.0,
        "7009",
        "dgx-b200-33:1:2 [0] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_0:1 Got async event : GID table change",
    )
    b.log(
        300.0,
        "7009",
        "Epoch 0, global step 1200: 'reduced_train_loss' reached 2.3 (best 2.3), saving model to '/ckpt/step=1200.ckpt' as top 3",
    )
    b.slurm(601.0, kind="job_state", job="7009", state="COMPLETED", exit_code="0:0")
    truth = {
        "fault": None,
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["7009"], "no_drain": ["dgx-b200-33"]},
    }
    b.write(
        "healthy-b200-nemo",
        "Nothing to act on: Xid 63, benign NCCL async event, checkpoint, completion.",
        {"name": "b200", "partition": "batch", "nodes": "dgx-b200-[01-64]", "gpus_per_node": 8},
        [job("7009", "dgx-b200-[33-34]")],
        truth,
    )


def nemo2(step: int) -> str:
    return (
        f"Training epoch 0, iteration {step}/99999 | lr: 1.5e-05 | global_batch_size: 256 | global_step: {step} "
        "| reduced_train_loss: 2.03 | train_step_timing in s: 4.1 | consumed_samples: 88"
    )


def hang_nemo2_pg_style() -> None:
    b = Builder(9)
    t, step = 3.0, 500
    while t < 400:
        b.log(t, "7010", nemo2(step))
        t, step = t + 4.2, step + 1
    b.gpus([f"node{i:02d}" for i in range(9, 13)], 0, 900)
    for r in range(32):
        if r // 8 == 2:
            continue  # node11's ranks never reach the collective
        b.log(
            700.0 + r * 0.01,
            "7010",
            f"[rank{r}]:[E1201 08:11:40.1 ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank {r}] "
            "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9001, OpType=ALLREDUCE, NumelIn=8, "
            "NumelOut=8, Timeout(ms)=300000) ran for 300012 milliseconds before timing out.",
        )
    b.slurm(705.0, kind="job_state", job="7010", state="FAILED", exit_code="6:0")
    truth = {
        "fault": {"t": 396.0, "category": "hang", "node": "node11"},
        "expected": {
            "drain": [],
            "requeue": {"7010": {"exclude": ["node11"]}},
            "no_requeue": [],
            "no_drain": ["node09", "node10", "node11", "node12"],
        },
    }
    b.write(
        "hang-nemo2-pg-style",
        "NeMo 2.0 log lines; node11's ranks miss the collective; PyTorch 2.4 PG-style watchdog lines.",
        {"name": "n", "partition": "batch", "nodes": "node[01-16]", "gpus_per_node": 8},
        [job("7010", "node[09-12]")],
        truth,
    )


def power_only_slow_gpu() -> None:
    b = Builder(10)
    b.progress("7011", "megatron", 5, 600, 12.0)

    def slow(t: float, n: str, g: int, f: dict[str, Any]) -> None:
        del f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"]  # an nvidia-smi query without the reasons column
        if n == "gpu-e-02" and g == 5 and t >= 300:
            f["DCGM_FI_DEV_SM_CLOCK"], f["DCGM_FI_DEV_POWER_USAGE"] = 1100, 290.0

    b.gpus(["gpu-e-01", "gpu-e-02"], 0, 600, extra=slow)
    truth = hw_truth(300.0, "gpu-e-02", 5, "7011", "gpu_degraded")
    b.write(
        "slow-gpu-power-only",
        "A GPU's clocks and power fall far below its peers; the samples carry no throttle reasons.",
        {"name": "e", "partition": "batch", "nodes": "gpu-e-[01-16]", "gpus_per_node": 8},
        [job("7011", "gpu-e-[01-02]")],
        truth,
    )


def lemon_node() -> None:
    b = Builder(11)
    allocations = ["gpu-f-[01-02,07]", "gpu-f-[03,07-08]", "gpu-f-[04-05,07]"]
    t = 0.0
    for i, nodes in enumerate(allocations):
        if i:
            b.slurm(t, kind="job_state", job="7012", state="RUNNING", exit_code="0:0", nodes=nodes)
        b.log(t + 30, "7012", "srun: error: gpu-f-01: task 3: Exited with exit code 1")
        b.slurm(t + 32, kind="job_state", job="7012", state="FAILED", exit_code="1:0")
        t += 120
    truth = {
        "fault": {"t": 30.0, "category": "node_failure", "node": "gpu-f-07"},
        "expected": {
            "drain": ["gpu-f-07"],
            "requeue": {"7012": {"exclude": ["gpu-f-07"]}},
            "no_requeue": [],
            "no_drain": ["gpu-f-01", "gpu-f-03", "gpu-f-04"],
        },
    }
    b.write(
        "lemon-node",
        "Three attempts on different allocations each die within a minute; gpu-f-07 is in all of them.",
        {"name": "f", "partition": "batch", "nodes": "gpu-f-[01-16]", "gpus_per_node": 8},
        [{**job("7012", allocations[0], tpn=8), "started": START}],
        truth,
    )


def healthy_user_cancel() -> None:
    b = Builder(12)
    b.progress("7013", "megatron", 5, 200, 10.0)
    b.gpus(["gpu-g-05", "gpu-g-06", "gpu-g-07", "gpu-g-08"], 0, 260)
    b.log(201.0, "7013", "slurmstepd: error: *** JOB 7013 ON gpu-g-05 CANCELLED AT 2026-12-01T08:03:21 ***")
    for n in (5, 7, 8):
        b.log(
            201.5 + n / 10,
            "7013",
            f"{(n - 5) * 8}: gpu-g-0{n}:1:2 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : "
            "Got completion from peer 10.9.0.6<1> with status=12 opcode=129 len=0 vendor err 129 (Recv)",
        )
    b.log(203.0, "7013", "srun: error: gpu-g-05: tasks 0-7: Terminated")
    b.slurm(204.0, kind="job_state", job="7013", state="CANCELLED", exit_code="0:15")
    truth = {
        "fault": None,
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["7013"], "no_drain": ["gpu-g-06"]},
    }
    b.write(
        "healthy-user-cancel",
        "Nothing to act on: the owner scancels; peers log NET/IB errors while dying.",
        {"name": "g", "partition": "batch", "nodes": "gpu-g-[01-16]", "gpus_per_node": 8},
        [job("7013", "gpu-g-[05-08]")],
        truth,
    )


def nfs_storm_three_jobs() -> None:
    b = Builder(13)
    jobs = [("7014", "node[01-02]"), ("7015", "node[05-06]"), ("7016", "node[09-10]")]
    for i, (jid, _) in enumerate(jobs):
        b.progress(jid, ("megatron", "titan", "nemo")[i], 5, 300, 9.0)
    b.kernel(300.0, "node01", "nfs: server storage01 not responding, still trying")
    b.kernel(301.0, "node09", "nfs: server storage01 not responding, still trying")
    errors = [
        "0: [rank0]: TimeoutError: [Errno 110] Connection timed out: '/nfs/data/shard_001.bin'",
        "[rank3]: OSError: [Errno 5] Input/output error: '/nfs/ckpt/last.pt'",
        "[rank0]: PermissionError: [Errno 13] Permission denied: '/nfs/data/x'",
    ]
    for i, (jid, _) in enumerate(jobs):
        b.log(340.0 + i * 20, jid, errors[i])
        b.log(341.0 + i * 20, jid, "srun: error: node01: task 0: Exited with exit code 1")
        b.slurm(342.0 + i * 20, kind="job_state", job=jid, state="FAILED", exit_code="1:0")
    truth = {
        "fault": {"t": 300.0, "category": "infrastructure", "node": None},
        "expected": {
            "drain": [],
            "requeue": {},
            "no_requeue": [j for j, _ in jobs],
            "no_drain": ["node01", "node09"],
        },
    }
    b.write(
        "nfs-storm-three-jobs",
        "An NFS server stalls; three jobs on disjoint nodes fail within a minute, errors vary.",
        {"name": "n", "partition": "batch", "nodes": "node[01-16]", "gpus_per_node": 8},
        [job(j, n) for j, n in jobs],
        truth,
    )


def ib_two_node_job() -> None:
    b = Builder(14)
    b.progress("7017", "titan", 5, 200, 8.0)
    b.log(1.0, "7017", "gpu-h-01:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.8.0.1<0>")
    b.log(
        201.0,
        "7017",
        "gpu-h-01:1:2 [2] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer "
        "10.8.0.2<4> with status=12 opcode=129 len=0 vendor err 129 (Recv) localGid ::ffff:10.8.0.1 remoteGids::ffff:10.8.0.2",
    )
    b.log(
        201.4,
        "7017",
        "gpu-h-02:1:2 [2] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer "
        "10.8.0.1<4> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.8.0.2 remoteGids::ffff:10.8.0.1",
    )
    b.log(
        202.0,
        "7017",
        "NET/IB : Got completion from peer 10.8.0.2<5> with status=12 opcode=129 len=0 vendor err 129 (Recv) "
        "localGid ::ffff:10.8.0.1 remoteGids::ffff:10.8.0.2 hca mlx5_4",
    )
    b.slurm(205.0, kind="job_state", job="7017", state="FAILED", exit_code="134:0")
    b.write(
        "ib-two-node-tie",
        "Two-node job: each side blames the other; the dead HCA's peer is named first and most.",
        {"name": "h", "partition": "batch", "nodes": "gpu-h-[01-08]", "gpus_per_node": 8},
        [job("7017", "gpu-h-[01-02]")],
        hw_truth(200.5, "gpu-h-02", None, "7017", "network"),
    )


def hang_long_steps_idle_node() -> None:
    """A hang at a long step interval: the 5x rule waits two minutes, an idle node beside spinning peers does not."""
    b = Builder(14)
    nodes = [f"gpu-h-0{i}" for i in range(1, 5)]
    last = b.progress("7015", "megatron", 6, 500, 24.0)
    fault = 498.0

    def stuck(t: float, n: str, g: int, f: dict[str, Any]) -> None:
        if t < fault:
            return
        if n == "gpu-h-03":  # its ranks never launch the collective: nothing to run
            f["DCGM_FI_DEV_GPU_UTIL"], f["DCGM_FI_DEV_SM_CLOCK"] = 0, 345
            f["DCGM_FI_DEV_POWER_USAGE"] = 72.0
        else:  # the peers spin in the NCCL kernel: busy, at a third of their power
            f["DCGM_FI_DEV_POWER_USAGE"] = 240.0

    b.gpus(nodes, 0, 820, extra=stuck)
    _watchdogs(b, "7015", fault + 300.0, [r for r in range(32) if r // 8 != 2], last)  # gpu-h-03 never joins
    b.slurm(fault + 306.0, kind="job_state", job="7015", state="FAILED", exit_code="6:0")
    truth = {
        "fault": {"t": fault, "category": "hang", "node": "gpu-h-03"},
        "expected": {
            "drain": [],
            "requeue": {"7015": {"exclude": ["gpu-h-03"]}},
            "no_requeue": [],
            "no_drain": nodes,
        },
    }
    b.write(
        "hang-long-steps-idle-node",
        "Megatron at 24 s a line; gpu-h-03's GPUs go idle while its peers spin in the collective.",
        {"name": "h", "partition": "batch", "nodes": "gpu-h-[01-16]", "gpus_per_node": 8},
        [job("7015", "gpu-h-[01-04]")],
        truth,
    )


def healthy_pauses_telemetry() -> None:
    """Pauses that are no hang, with the GPU utilisation they really show.

    A data-loader stall of 4.3 intervals with every GPU idle (no node left behind
    busy peers); a checkpoint save announced by its lines with rank 0's node
    idle while the others wait in a barrier; a node whose exporter reports 0 %
    all along (MIG, or a broken field) beside a slow step of 2.9 intervals (35 s).
    """
    b = Builder(15)
    nodes = [f"gpu-h-{i:02d}" for i in range(9, 13)]
    t, step = 5.0, 2000
    pauses = {200.0: 40.0, 600.0: 23.0}
    while t < 900:
        step += 10
        b.log(t + b.rng.uniform(-0.2, 0.2), "7016", megatron(31, step, 1200.0))
        t += 12.0
        for at, gap in pauses.items():
            if at <= t < at + 12.0:
                t += gap
        if 380.0 <= t < 392.0:
            b.log(t, "7016", f"saving checkpoint at iteration {step:8d} to /ckpt in torch_dist format")
            b.log(t + 130.0, "7016", f"  successfully saved checkpoint from iteration {step:8d} to /ckpt")
            t += 131.0

    def pauses_util(t: float, n: str, g: int, f: dict[str, Any]) -> None:
        if n == "gpu-h-12":
            f["DCGM_FI_DEV_GPU_UTIL"] = 0  # reports 0 % from the start
        if 212.0 <= t < 250.0:  # the loader stall: every GPU idle
            f["DCGM_FI_DEV_GPU_UTIL"], f["DCGM_FI_DEV_POWER_USAGE"] = 0, 80.0
        if 392.0 <= t < 520.0 and n == "gpu-h-09":  # rank 0 writes, the others spin in a barrier
            f["DCGM_FI_DEV_GPU_UTIL"], f["DCGM_FI_DEV_POWER_USAGE"] = 0, 90.0

    b.gpus(nodes, 0, 900, extra=pauses_util)
    truth = {
        "fault": None,
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["7016"], "no_drain": nodes},
    }
    b.write(
        "healthy-pauses-telemetry",
        "No hang: a loader stall with every GPU idle, an announced save with rank 0 idle, a node reporting 0 %.",
        {"name": "h", "partition": "batch", "nodes": "gpu-h-[01-16]", "gpus_per_node": 8},
        [job("7016", "gpu-h-[09-12]")],
        truth,
    )


def xid_then_telemetry_ecc() -> None:
    """One GPU fault heard twice: the kernel's Xid 48, then DCGM's DBE counter seconds later,
    after the job was requeued onto the same nodes (the drain not yet landed)."""
    b = Builder(15)
    b.progress("7015", "megatron", 5, 200, 10.0)

    def dbe(t: float, n: str, g: int, f: dict[str, Any]) -> None:
        if n == "gpu-e-02" and g == 5 and t >= 200:
            f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 2

    b.gpus(["gpu-e-01", "gpu-e-02"], 5, 400, extra=dbe)
    b.kernel(
        201.0,
        "gpu-e-02",
        "NVRM: Xid (PCI:0000:ab:00): 48, pid=1, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 0, subpartition 0.",
    )
    b.slurm(202.0, kind="job_state", job="7015", state="PENDING", exit_code="0:0", reason="BeginTime")
    b.slurm(203.0, kind="job_state", job="7015", state="RUNNING", exit_code="0:0", nodes="gpu-e-[01-02]")
    b.progress("7015", "megatron", 230, 400, 10.0, step0=900)
    b.write(
        "xid-then-telemetry-ecc",
        "Xid 48, the job requeued onto the same nodes, DCGM's DBE counter rises 4 s later: one incident.",
        {"name": "e", "partition": "batch", "nodes": "gpu-e-[01-08]", "gpus_per_node": 8},
        [job("7015", "gpu-e-[01-02]")],
        hw_truth(201.0, "gpu-e-02", 5, "7015"),
    )


def hang_heartbeat_silent_node() -> None:
    """PyTorch 2.5 heartbeat monitor on every rank but gpu-h-003's: no SeqNum, the silent node is the suspect."""
    b = Builder(18)
    nodes = [f"gpu-h-{i:03d}" for i in range(1, 5)]
    b.progress("7018", "titan", 5, 400, 6.0)
    b.gpus(nodes, 0, 1000, every=30.0)
    prefix = "[PG ID 0 PG GUID 0(default_pg) Rank {r}]"
    for r in range(32):
        if r // 8 == 2:
            continue  # gpu-h-003's processes froze: they print nothing more
        head = prefix.format(r=r)
        b.log(
            880.0 + r * 0.01,
            "7018",
            f"[rank{r}]:[E1201 08:14:40.2 ProcessGroupNCCL.cpp:1423] {head} Heartbeat monitor timed out! "
            "Process will be terminated after dumping debug info. workMetaList_.size()=1",
        )
        b.log(
            880.6 + r * 0.01,
            "7018",
            f"[rank{r}]:[F1201 08:14:40.8 ProcessGroupNCCL.cpp:1440] {head} {head} ProcessGroupNCCL's watchdog "
            "got stuck for 480 seconds without making progress in monitoring enqueued collectives.",
        )
    for n in ("gpu-h-001", "gpu-h-002", "gpu-h-004"):
        first = 8 * nodes.index(n)
        b.log(883.0, "7018", f"srun: error: {n}: tasks {first}-{first + 7}: Aborted")
    b.slurm(890.0, kind="job_state", job="7018", state="FAILED", exit_code="134:0")
    truth = {
        "fault": {"t": 400.0, "category": "hang", "node": "gpu-h-003"},
        "expected": {
            "drain": [],
            "requeue": {"7018": {"exclude": ["gpu-h-003"]}},
            "no_requeue": [],
            "no_drain": nodes,
        },
    }
    b.write(
        "hang-heartbeat-silent-node",
        "Heartbeat monitor timeouts (PyTorch 2.5, no SeqNum) from every rank but gpu-h-003's.",
        {"name": "h", "partition": "batch", "nodes": "gpu-h-[001-016]", "gpus_per_node": 8},
        [job("7018", "gpu-h-[001-004]")],
        truth,
    )


def two_hangs_at_once() -> None:
    """Two jobs hang three seconds apart, each for a node of its own; only the watchdogs tell which."""
    b = Builder(19)
    a_nodes, b_nodes = [f"node{i:02d}" for i in range(1, 5)], [f"node{i:02d}" for i in range(5, 9)]
    seq_a = b.progress("7021", "megatron", 6, 400, 10.0)
    seq_b = b.progress("7022", "titan", 6, 403, 10.0)
    b.gpus(a_nodes + b_nodes, 0, 960, every=30.0)
    _watchdogs(b, "7021", 698.0, [r for r in range(32) if r // 8 != 2], seq_a)  # node03 never joined
    _watchdogs(b, "7022", 701.0, [r for r in range(32) if r // 8 != 1], seq_b)  # node06 never joined
    b.slurm(898.0, kind="job_state", job="7021", state="FAILED", exit_code="6:0")
    b.slurm(901.0, kind="job_state", job="7022", state="FAILED", exit_code="6:0")
    truth = {
        "fault": {"t": 398.0, "category": "hang", "node": "node03"},
        "other_faults": [{"t": 401.0, "category": "hang", "node": "node06"}],
        "expected": {
            "drain": [],
            "requeue": {"7021": {"exclude": ["node03"]}, "7022": {"exclude": ["node06"]}},
            "no_requeue": [],
            "no_drain": a_nodes + b_nodes,
        },
    }
    b.write(
        "two-hangs-at-once",
        "Two jobs hang 3 s apart, each on a node of its own: two hang incidents, two culprits, not one storm.",
        {"name": "n", "partition": "batch", "nodes": "node[01-16]", "gpus_per_node": 8},
        [job("7021", "node[01-04]"), job("7022", "node[05-08]")],
        truth,
    )


def xid_here_hang_there() -> None:
    """An Xid 79 ends one job while a neighbour job hangs two seconds later for a node of its own."""
    b = Builder(20)
    a_nodes, b_nodes = [f"node{i:02d}" for i in range(1, 5)], [f"node{i:02d}" for i in range(5, 9)]
    b.progress("7023", "megatron", 6, 300, 10.0)
    seq = b.progress("7024", "titan", 6, 302, 10.0)

    def stuck(t: float, n: str, g: int, f: dict[str, Any]) -> None:
        if n in b_nodes and t >= 301.0:
            if n == "node07":  # its ranks never launch the collective
                f["DCGM_FI_DEV_GPU_UTIL"], f["DCGM_FI_DEV_SM_CLOCK"], f["DCGM_FI_DEV_POWER_USAGE"] = (
                    0,
                    345,
                    72.0,
                )
            else:  # the peers spin in it
                f["DCGM_FI_DEV_POWER_USAGE"] = 240.0

    b.gpus(a_nodes + b_nodes, 0, 700, extra=stuck)
    b.kernel(
        299.0,
        "node02",
        "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
    )
    b.slurm(339.0, kind="job_state", job="7023", state="FAILED", exit_code="134:0")
    _watchdogs(b, "7024", 601.0, [r for r in range(32) if r // 8 != 2], seq)
    b.slurm(607.0, kind="job_state", job="7024", state="FAILED", exit_code="6:0")
    truth = {
        "fault": {"t": 299.0, "category": "gpu_hardware", "node": "node02", "gpu": 3},
        "other_faults": [{"t": 301.0, "category": "hang", "node": "node07"}],
        "expected": {
            "drain": ["node02"],
            "requeue": {"7023": {"exclude": ["node02"]}, "7024": {"exclude": ["node07"]}},
            "no_requeue": [],
            "no_drain": ["node01", "node05", "node07"],
        },
    }
    b.write(
        "xid-here-hang-there",
        "Xid 79 on node02 in one job; 2 s later another job hangs, node07 idle while its peers spin.",
        {"name": "n", "partition": "batch", "nodes": "node[01-16]", "gpus_per_node": 8},
        [job("7023", "node[01-04]"), job("7024", "node[05-08]")],
        truth,
    )


def one_job_two_broken_nodes() -> None:
    """One job: a GPU falls off the bus on one node and an IB port fails on another, half a second apart."""
    b = Builder(21)
    nodes = [f"node{i:02d}" for i in range(1, 9)]
    b.progress("7025", "megatron", 6, 300, 10.0)
    b.gpus(nodes, 0, 400)
    b.kernel(
        299.0,
        "node02",
        "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
    )
    b.log(
        299.5,
        "7025",
        "node06:1:2 [5] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_5:1 Got async event : port error",
    )
    b.slurm(340.0, kind="job_state", job="7025", state="FAILED", exit_code="134:0")
    truth = {
        "fault": {"t": 299.0, "category": "gpu_hardware", "node": "node02", "gpu": 3},
        "other_faults": [{"t": 299.5, "category": "network", "node": "node06"}],
        "expected": {
            "drain": ["node02", "node06"],
            "requeue": {"7025": {"exclude": ["node02", "node06"]}},
            "no_requeue": [],
            "no_drain": ["node01", "node05"],
        },
    }
    b.write(
        "one-job-two-broken-nodes",
        "One job: Xid 79 on node02 and an IB port error on node06: both drained, requeued without either.",
        {"name": "n", "partition": "batch", "nodes": "node[01-16]", "gpus_per_node": 8},
        [job("7025", "node[01-08]")],
        truth,
    )


def main() -> None:
    for make in (
        xid74_nvlink,
        xid48_64,
        xid154,
        xid13_app,
        xid94_contained,
        two_faults,
        restart_then_new_fault,
        healthy_other_names,
        hang_nemo2_pg_style,
        power_only_slow_gpu,
        lemon_node,
        healthy_user_cancel,
        nfs_storm_three_jobs,
        ib_two_node_job,
        hang_long_steps_idle_node,
        healthy_pauses_telemetry,
        xid_then_telemetry_ecc,
        hang_heartbeat_silent_node,
        two_hangs_at_once,
        xid_here_hang_there,
        one_job_two_broken_nodes,
    ):
        make()


if __name__ == "__main__":
    main()
