"""When an incident stops taking evidence, and what a later fault on the same node becomes.

Regressions from a two-hour simulator soak: an open incident used to absorb every later
fault on "its" node (a new job's Xid on another GPU, a Slurm DOWN months later), and its
verdict flipped with them. Also: the hang clock after a long checkpoint save, hangs that
recommended a blind requeue before the culprit was known, and our own drains read as
someone else's.
"""

from __future__ import annotations

import json

from actions.pipeline import Pipeline
from monitoring.detectors.logs import parse_joblog_hinted
from monitoring.detectors.progress import ProgressLine, ProgressTracker
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import (
    OPTED,
    T0,
    job,
    kernel,
    log,
    megatron,
    pipeline,
    progress,
    run,
    slurm,
    watchdog,
)

XID48_GPU2 = "NVRM: Xid (PCI:0000:3a:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 0, subpartition 0."
XID74_GPU6 = "NVRM: Xid (PCI:0000:ba:00): 74, pid=1234, name=python, NVLink: fatal error detected on link 3(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)"
XID79_GPU3 = "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."
OUR_DRAIN = "recovery: incident 1 - GPU hardware GPU 2 (xid:48)"


def _feed(p: Pipeline, events: list[dict], until: float) -> None:
    """Feed events and tick up to ``until`` (relative seconds), continuing the pipeline's clock."""
    events = sorted(events, key=lambda e: e["t"])
    tick = (p.now or T0) + 1.0
    for e in events:
        while tick < e["t"]:
            p.feed([], tick)
            tick += 1.0
        p.feed([e], e["t"])
        tick = max(tick, e["t"] + 1.0)
    while tick <= T0 + until:
        p.feed([], tick)
        tick += 1.0


def _by_key(p: Pipeline) -> dict:
    return {u.key: u for u in p.incidents()}


def _repaired_node_runs_a_new_job(p: Pipeline) -> None:
    """Xid 48 on GPU 2 of gpu-a-002; drained by us; 4101 restarts elsewhere; node repaired; 4108 lands."""
    events = progress("4101", 0, 100) + [kernel(101, "gpu-a-002", XID48_GPU2)]
    events += [slurm(125, kind="node_state", node="gpu-a-002", state="MIXED+DRAIN", reason=OUR_DRAIN)]
    events += [slurm(126, kind="job_state", job="4101", state="PENDING", exit_code="0:0", reason="BeginTime")]
    events += [
        slurm(150, kind="job_state", job="4101", state="RUNNING", exit_code="0:0", nodes="gpu-a-[005-008]")
    ]
    events += [slurm(151, kind="node_state", node="gpu-a-002", state="IDLE+DRAIN", reason=OUR_DRAIN)]
    events += [slurm(300, kind="node_state", node="gpu-a-002", state="IDLE", reason="")]
    _feed(p, events, 310)
    spec = job("4108", "gpu-a-[001-002]")
    p.upsert_job(JobSpec(spec.id, spec.name, "bob", spec.nodes, 8, T0 + 320, OPTED))
    _feed(p, [slurm(320.3, kind="node_state", node="gpu-a-002", state="ALLOCATED", reason="")], 330)
    _feed(p, progress("4108", 340, 500), 500)


def test_a_new_fault_on_a_repaired_node_is_a_new_incident_and_the_old_one_keeps_its_verdict() -> None:
    p = pipeline(job("4101", "gpu-a-[001-004]"))
    _repaired_node_runs_a_new_job(p)
    _feed(p, [kernel(521, "gpu-a-002", XID74_GPU6)], 560)
    incs = _by_key(p)
    assert sorted(incs) == ["i-1", "i-2"], [(u.key, u.category, u.culprit_gpu, u.jobs) for u in incs.values()]
    old, new = incs["i-1"], incs["i-2"]
    assert (old.category, old.culprit_node, old.culprit_gpu, old.pattern) == (
        "gpu_hardware",
        "gpu-a-002",
        2,
        "xid:48",
    )
    assert old.jobs == ("4101",) and old.closed
    assert (new.category, new.culprit_node, new.culprit_gpu, new.pattern) == (
        "gpu_hardware",
        "gpu-a-002",
        6,
        "xid:74",
    )
    assert new.jobs == ("4108",) and new.recurrence_of == "i-1"
    assert new.detected_t == T0 + 521
    assert [r.to_dict() for r in new.recommendations] == [
        {"action": "drain_node", "node": "gpu-a-002"},
        {"action": "requeue_job", "job": "4108", "exclude": ["gpu-a-002"]},
    ]
    # Our own drain is not "someone else's", and is no evidence of anything.
    assert not any(
        "someone else" in line or "recovery:" in line for u in incs.values() for line in u.evidence
    )


def test_the_blamed_node_going_down_after_its_job_moved_on_stays_with_its_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100) + [kernel(101, "gpu-a-003", XID79_GPU3)]
    events += [
        slurm(130, kind="job_state", job="1", state="RUNNING", exit_code="0:0", nodes="gpu-a-[005-008]")
    ]
    events += [
        slurm(200, kind="node_state", node="gpu-a-003", state="DOWN+DRAIN+NOT_RESPONDING", reason=OUR_DRAIN)
    ]
    _feed(p, events, 230)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-003", 3)
    assert inc.closed


def test_another_gpu_of_the_same_job_breaking_minutes_later_is_its_own_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]", comment='{"recovery": {"max_requeues": 0}}'))
    # The job was not requeued (no opt-in) and keeps running on the node after a first Xid.
    events = (
        progress("1", 0, 100) + [kernel(101, "gpu-a-002", XID48_GPU2)] + progress("1", 110, 400, step0=200)
    )
    events += [kernel(400, "gpu-a-002", XID74_GPU6)]
    _feed(p, events, 420)
    got = sorted((u.key, u.culprit_node, u.culprit_gpu) for u in p.incidents())
    assert got == [("i-1", "gpu-a-002", 2), ("i-2", "gpu-a-002", 6)]


def test_a_job_that_survived_its_incident_and_fails_later_gets_a_new_one() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"), job("2", "gpu-a-[009-012]"))
    fs = "[rank3]: OSError: [Errno 5] Input/output error: '/lustre/data/shard-00017.bin'"
    events = progress("1", 0, 600) + progress("2", 0, 600)
    events += [log(50, "1", fs), log(51, "1", fs)]  # a hiccup: job 1 carries on
    events += [kernel(400, "gpu-a-003", XID79_GPU3)]
    _feed(p, events, 420)
    got = [(u.key, u.category, u.culprit_node, u.jobs) for u in p.incidents()]
    assert got == [
        ("i-1", "infrastructure", None, ("1",)),
        ("i-2", "gpu_hardware", "gpu-a-003", ("1",)),
    ]


def test_someone_elses_drain_is_still_noted_but_ours_is_not() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100)
    events += [
        slurm(50, kind="node_state", node="gpu-a-009", state="IDLE+DRAIN", reason="NHC: check_hw_ib failed")
    ]
    events += [
        slurm(51, kind="node_state", node="gpu-a-010", state="IDLE+DRAIN", reason="recovery: incident 7 - x")
    ]
    _feed(p, events, 60)
    assert p.world.drained_by_others == {"gpu-a-009": "NHC: check_hw_ib failed"}


# --- hangs ----------------------------------------------------------------------------------


def test_a_hang_without_a_suspect_recommends_no_requeue_until_the_watchdog_names_one() -> None:
    p = pipeline(job("1", "gpu-a-[013-016]"))
    updates = run(p, progress("1", 0, 200), until=240)
    first = [u for u in updates if u.category == "hang"]
    assert first and first[0].culprit_node is None
    assert first[0].detected_t <= T0 + 190 + 50 + 5  # detection latency is unchanged
    assert [r.action for r in first[0].recommendations] == ["notify"]
    assert "no suspect" in first[0].recommendations[0].text
    later = run(p, [log(330, "1", watchdog(r, 91874)) for r in range(32) if not 8 <= r < 16], until=335)
    assert later and later[-1].culprit_node == "gpu-a-014"
    assert [r.to_dict() for r in later[-1].recommendations] == [
        {"action": "requeue_job", "job": "1", "exclude": ["gpu-a-014"]}
    ]


def test_a_hang_that_ends_the_job_with_no_suspect_is_requeued_without_exclusions() -> None:
    p = pipeline(job("1", "gpu-a-[013-016]"))
    events = progress("1", 0, 200) + [log(330, "1", watchdog(r, 91874)) for r in range(32)]
    events += [slurm(335, kind="job_state", job="1", state="FAILED", exit_code="134:0")]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "hang" and inc.culprit_node is None
    assert [r.to_dict() for r in inc.recommendations] == [
        {"action": "requeue_job", "job": "1", "exclude": []}
    ]


# --- progress -------------------------------------------------------------------------------


def test_the_hang_clock_restarts_at_the_end_of_a_long_checkpoint_save() -> None:
    tr = ProgressTracker()
    t = 0.0
    for step in range(1, 22):
        tr.on_progress(t, ProgressLine(step * 10, None))
        t = round(t + 12.2, 1)
    last = 244.0
    tr.on_checkpoint(252.8, "start", 210)
    tr.on_checkpoint(303.5, "done", 210)
    deadline = tr.hang_deadline(5, 30, 3, 900)
    assert deadline is not None and deadline >= 303.5 + 5 * 12.2 - 0.01
    assert deadline > 313.5  # the false alarm the soak raised
    assert tr.last_t == last


def test_a_pipeline_raises_no_hang_right_after_a_long_save() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = [log(i * 12.2, "1", megatron(100 + i)) for i in range(21)]
    events += [log(252.8, "1", "0: saving checkpoint at iteration     120 to /lustre/ckpt/1")]
    events += [log(303.5, "1", "0:   successfully saved checkpoint from iteration     120 to /lustre/ckpt/1")]
    events += [log(303.5 + 12.2 * k, "1", megatron(121 + k)) for k in range(1, 4)]
    run(p, events, until=345)
    assert p.incidents() == []


# --- evidence text --------------------------------------------------------------------------


def test_an_unlabelled_nccl_remote_error_names_no_rank_none() -> None:
    line = "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
    info = parse_joblog_hinted(line, "NCCL" in line, "rror" in line)
    assert info is not None and "None" not in info.text


def test_long_closed_incidents_leave_the_saved_state_but_not_the_history() -> None:
    p = pipeline(job("4101", "gpu-a-[001-004]"))
    _repaired_node_runs_a_new_job(p)
    _feed(p, [slurm(510, kind="job_state", job="4108", state="COMPLETED", exit_code="0:0")], 520)
    assert any(d["k"] == "i-1" for d in p.to_state()["corr"]["i"])
    p.feed([], T0 + 7 * 3600)
    again = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    assert "i-1" not in again.corr.incidents and "i-1" not in again._emitted
    assert any(key == "i-1" for _t, _n, _c, key in again.world.own_history)
    # The next fault on the node is still recognised as a recurrence of i-1.
    again.upsert_job(job("4200", "gpu-a-[001-002]"))
    again.feed([kernel(7 * 3600 + 5, "gpu-a-002", XID74_GPU6)], T0 + 7 * 3600 + 6)
    [new] = again.incidents()
    assert (new.key, new.recurrence_of, new.culprit_gpu, new.jobs) == ("i-2", "i-1", 6, ("4200",))


def _undrained_node_meets_a_new_job(second_xid: str) -> list:
    """Xid 48 on GPU 2 of gpu-a-002 under 4101, which restarts elsewhere (its incident closes); the node is never
    drained (recommend mode); bob's 4108 is placed on it 20 minutes later and the kernel reports ``second_xid``."""
    p = pipeline(job("4101", "gpu-a-[001-002]"))
    events = progress("4101", 0, 100) + [kernel(101, "gpu-a-002", XID48_GPU2)]
    events += [slurm(110, kind="job_state", job="4101", state="PENDING", exit_code="0:0", reason="BeginTime")]
    events += [
        slurm(150, kind="job_state", job="4101", state="RUNNING", exit_code="0:0", nodes="gpu-a-[005-006]")
    ]
    events += progress("4101", 160, 1290) + [slurm(1295, kind="job_state", job="4101", state="COMPLETED")]
    _feed(p, events, 1300)
    spec = job("4108", "gpu-a-[001-002]")
    p.upsert_job(JobSpec(spec.id, spec.name, "bob", spec.nodes, 8, T0 + 1310, OPTED))
    _feed(p, progress("4108", 1320, 1400) + [kernel(1401, "gpu-a-002", second_xid)], 1450)
    return p.incidents()


def test_a_new_job_meeting_the_undrained_nodes_fault_again_joins_its_incident() -> None:
    [inc] = _undrained_node_meets_a_new_job(XID48_GPU2)
    assert inc.culprit_node == "gpu-a-002" and set(inc.jobs) == {"4101", "4108"}
    assert {"action": "requeue_job", "job": "4108", "exclude": ["gpu-a-002"]} in [
        r.to_dict() for r in inc.recommendations
    ]


def test_another_gpus_fault_on_the_undrained_node_is_a_new_incident() -> None:
    first, second = _undrained_node_meets_a_new_job(XID74_GPU6)
    assert (first.culprit_gpu, second.culprit_gpu) == (2, 6) and second.jobs == ("4108",)
