"""Small builders for pipeline tests: a cluster, jobs, and events at relative times."""

from __future__ import annotations

from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline, PipelineConfig
from incidents.attribution import self_restart
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import ClusterSpec, HistoryEntry, JobSpec

T0 = 1_800_000_000.0
PCI = (
    "0000:18:00",
    "0000:2a:00",
    "0000:3a:00",
    "0000:5d:00",
    "0000:9a:00",
    "0000:ab:00",
    "0000:ba:00",
    "0000:db:00",
)
OPTED = '{"recovery": {"max_requeues": 3}}'


def job(jid: str, nodes: str, comment: str = OPTED, tpn: int = 8) -> JobSpec:
    return JobSpec(
        jid,
        name=f"train-{jid}",
        user="alice",
        nodes=tuple(expand(nodes)),
        tasks_per_node=tpn,
        started=T0 - 3600,
        comment=comment,
    )


def pipeline(
    *jobs: JobSpec, history: tuple[HistoryEntry, ...] = (), config: PipelineConfig | None = None
) -> Pipeline:
    cluster = ClusterSpec("test", tuple(expand("gpu-a-[001-032]")), 8, pci_bus_ids=PCI)
    return Pipeline(cluster, jobs, history, config)


def log(t: float, jid: str, line: str) -> dict[str, Any]:
    return {"t": T0 + t, "source": "joblog", "job": jid, "line": line}


def kernel(t: float, node: str, line: str) -> dict[str, Any]:
    return {"t": T0 + t, "source": "kernel", "node": node, "line": line}


def slurm(t: float, **kw: Any) -> dict[str, Any]:
    return {"t": T0 + t, "source": "slurm", **kw}


def megatron(step: int, ms: float = 1000.0) -> str:
    return f"31:  [2026-11-29 10:00:18] iteration {step:8d}/  500000 | elapsed time per iteration (ms): {ms:.1f} |"


def watchdog(rank: int, seq: int) -> str:
    return (
        f"{rank}: [rank{rank}]:[E1129 10:18:06.3 ProcessGroupNCCL.cpp:632] [Rank {rank}] Watchdog caught collective "
        f"operation timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) "
        "ran for 600091 milliseconds before timing out."
    )


def run(p: Pipeline, events: list[dict[str, Any]], until: float | None = None) -> list[IncidentUpdate]:
    """Feed events in order with 1 s ticks in between (like replay); return all updates."""
    out: list[IncidentUpdate] = []
    events = sorted(events, key=lambda e: e["t"])
    tick = T0 + (events[0]["t"] - T0 if events else 0.0)
    for e in events:
        while tick < e["t"]:
            out += p.feed([], tick)
            tick += 1.0
        out += p.feed([e], e["t"])
    end = T0 + until if until is not None else tick
    while tick <= end:
        out += p.feed([], tick)
        tick += 1.0
    if until is None:
        # the record ends here, as a replay's does: what the pipeline holds back is settled (self_restart)
        out += p.settle_holds(tick + self_restart.GRACE_S)
    return out


def progress(jid: str, t0: float, t1: float, every: float = 10.0, step0: int = 100) -> list[dict[str, Any]]:
    out, step, t = [], step0, t0
    while t < t1:
        step += 1
        out.append(log(t, jid, megatron(step)))
        t += every
    return out
