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


# --- a rank past the collective the others are stuck in (holdout123, blind) ------------------------------------------


def _pg_watchdog(rank: int, seq: int, op: str, done: int) -> list[str]:
    """PyTorch 2.4+'s lines for one rank: the timeout, then where its counters stand, both naming the group."""
    tag = f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}]"
    return [
        f"[rank{rank}]:[E1203 10:00:00.0 ProcessGroupNCCL.cpp:616] {tag} Watchdog caught collective operation "
        f"timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn=4096, NumelOut=4096, Timeout(ms)=600000) ran for "
        "600031 milliseconds before timing out.",
        f"[rank{rank}]:[E1203 10:00:00.1 ProcessGroupNCCL.cpp:1834] {tag} Timeout at NCCL work: {seq}, last "
        f"enqueued NCCL work: {seq}, last completed NCCL work: {done}.",
    ]


def _stuck_with(ahead: tuple[int, int, str, int] | None, behind: int | None = None) -> object:
    """Sixteen ranks on two nodes time out in the allreduce at SeqNum 4200; ``ahead`` (rank, seq, op, completed)
    replaces one rank's report, ``behind`` a rank stuck one SeqNum earlier (its allreduce never finished)."""
    p = pipeline(job("7", "gpu-a-[001-002]"))
    events = [log(5.0 + 10 * i, "7", megatron(100 + i)) for i in range(20)]
    for r in range(16):
        seq, op, done = 4200, "ALLREDUCE", 4199
        if ahead is not None and r == ahead[0]:
            seq, op, done = ahead[1], ahead[2], ahead[3]
        if behind is not None and r == behind:
            seq, done = 4199, 4198
        events += [
            log(2000.0 + 0.01 * r + 0.001 * i, "7", line)
            for i, line in enumerate(_pg_watchdog(r, seq, op, done))
        ]
    run(p, events, until=2020)
    [inc] = p.incidents()
    return inc


def test_a_rank_that_completed_the_allreduce_the_others_wait_in_never_called_it() -> None:
    inc = _stuck_with(ahead=(11, 4201, "_ALLGATHER_BASE", 4200))
    assert inc.pattern == "mismatched_collectives" and inc.category == "software"  # type: ignore[attr-defined]
    assert [str(r.action) for r in inc.recommendations] == ["notify"]  # type: ignore[attr-defined]


def test_a_rank_behind_or_past_only_a_broadcast_is_no_desync() -> None:
    """A rank stuck at an earlier SeqNum is the one the others wait for (a node's, a link's); a rank past a
    broadcast may have sent into its peers' buffers alone; a rank that reports a later SeqNum without having
    completed the others' one proves nothing."""
    for inc in (
        _stuck_with(ahead=None, behind=3),
        _stuck_with(ahead=(11, 4201, "_ALLGATHER_BASE", 4199)),
    ):
        assert inc.pattern != "mismatched_collectives", inc.why  # type: ignore[attr-defined]
    p = pipeline(job("7", "gpu-a-[001-002]"))
    events = [log(5.0 + 10 * i, "7", megatron(100 + i)) for i in range(20)]
    for r in range(16):
        seq, op, done = (4201, "ALLREDUCE", 4200) if r == 11 else (4200, "BROADCAST", 4199)
        events += [
            log(2000.0 + 0.01 * r + 0.001 * i, "7", x) for i, x in enumerate(_pg_watchdog(r, seq, op, done))
        ]
    run(p, events, until=2020)
    [inc] = p.incidents()
    assert inc.pattern != "mismatched_collectives"


def test_the_completions_by_group_survive_a_handover() -> None:
    inc = Incident("i-1", 1.0, 1.0)
    inc.done_in = {"7": {"0:11": 4200, "0:3": 4199}}
    assert Incident.from_state(json.loads(json.dumps(inc.to_state()))).done_in == inc.done_in


def test_a_nodes_ranks_behind_the_rest_are_no_desync_however_far_the_rest_went() -> None:
    """A hung GPU's stream never records the completion of the collective its kernels took part in: one node's
    eight ranks stuck at an allgather the other eight completed (and wait one SeqNum on) are the node the rest
    waited for (public hang-known-suspect's shape), not eight ranks gone astray."""
    p = pipeline(job("7", "gpu-a-[001-002]"))
    events = [log(5.0 + 10 * i, "7", megatron(100 + i)) for i in range(20)]
    for r in range(16):
        seq, op, done = (4200, "_ALLGATHER_BASE", 4198) if r >= 8 else (4201, "_REDUCE_SCATTER_BASE", 4200)
        events += [
            log(2000.0 + 0.01 * r + 0.001 * i, "7", x) for i, x in enumerate(_pg_watchdog(r, seq, op, done))
        ]
    run(p, events, until=2020)
    [inc] = p.incidents()
    assert inc.pattern != "mismatched_collectives"
