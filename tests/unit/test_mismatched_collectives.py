"""Ranks whose watchdogs time out at one SeqNum in different collectives called different collectives there:
the program's control flow diverged, which a restart repeats (issue 24; holdout17, blind: litData's combined
streaming dataset, ranks 2, 9 and 13 in an _ALLGATHER_BASE while the other thirteen waited in an ALLREDUCE, at
the same batch on every run; read as a hang and requeued).

A process group numbers collectives in the order each rank calls them: SeqNum N is every rank's Nth call. The
same collective at one SeqNum on every rank is a hang as before (a rank or a link lost), whatever node it
names; different ones are a desync, never a node's fault. Kept across a handover (the incident's state).
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.incident import Incident
from tests.unit.pipehelpers import job, log, megatron, pipeline, run


def _watchdog(rank: int, seq: int, op: str) -> str:
    numel = "NumelIn=1, NumelOut=16" if op == "_ALLGATHER_BASE" else "NumelIn=1, NumelOut=1"
    return (
        f"[rank{rank}]:[E ProcessGroupNCCL.cpp:563] [Rank {rank}] Watchdog caught collective operation timeout: "
        f"WorkNCCL(SeqNum={seq}, OpType={op}, {numel}, Timeout(ms)=1800000) ran for 1800076 milliseconds "
        "before timing out."
    )


@settings(max_examples=30, deadline=None)
@given(other=st.sets(st.integers(0, 15), max_size=4))
def test_one_seqnum_in_different_collectives_is_the_programs_desync(other: set[int]) -> None:
    p = pipeline(job("7", "gpu-a-[001-002]"))
    events = [log(5.0 + 10 * i, "7", megatron(100 + i)) for i in range(20)]
    events += [
        log(2000.0 + 0.01 * r, "7", _watchdog(r, 70426, "_ALLGATHER_BASE" if r in other else "ALLREDUCE"))
        for r in range(16)
    ]
    events.append(
        {
            "t": 1_800_000_000.0 + 2010.0,
            "source": "slurm",
            "kind": "job_state",
            "job": "7",
            "state": "FAILED",
            "exit_code": "6:0",
        }
    )
    run(p, events, until=2020)
    [inc] = p.incidents()
    desync = 0 < len(other) < 16
    assert (inc.pattern == "mismatched_collectives") == desync, (other, inc.pattern)
    if desync:
        assert inc.category == "software" and [str(r.action) for r in inc.recommendations] == ["notify"]


def test_the_collectives_seen_survive_a_handover() -> None:
    inc = Incident("i-1", 1.0, 1.0)
    inc.ops = {"7": {":70426": {"ALLREDUCE": 0, "_ALLGATHER_BASE": 2}, "1:12": {"ALLREDUCE": 5}}}
    assert Incident.from_state(json.loads(json.dumps(inc.to_state()))).ops == inc.ops


def test_two_process_groups_at_the_same_seqnum_are_no_desync() -> None:
    """Each process group numbers its own collectives: a tensor-parallel group's allgather and a data-parallel
    group's allreduce both at SeqNum 500 are no mismatch."""
    p = pipeline(job("7", "gpu-a-[001-002]"))
    events = [log(5.0 + 10 * i, "7", megatron(100 + i)) for i in range(20)]
    for r in range(16):
        pg, op = (1, "_ALLGATHER_BASE") if r % 2 else (2, "ALLREDUCE")
        line = _watchdog(r, 500, op).replace(f"[Rank {r}]", f"[PG {pg} Rank {r}]")
        events.append(log(2000.0 + 0.01 * r, "7", line))
    run(p, events, until=2020)
    [inc] = p.incidents()
    assert inc.pattern != "mismatched_collectives"
