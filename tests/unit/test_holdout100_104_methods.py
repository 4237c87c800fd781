"""Methods from holdout100 to holdout104 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- NCCL wiring a job of several nodes through the loopback ("Connect to 127.0.0.1<port> failed") is a configuration
  at once: the owner's, no requeue; a one-node job's loopback is no such sign.
- A job of a storage outage failing again on the same storage error after the server answers again is the outage's
  aftermath, not a second outage.
- A file lock the filesystem refused is the program's own for one owner; two owners' jobs on disjoint nodes refused
  locks are the mount's (infrastructure).
- A job that began a checkpoint save after its stall was called was at work; the error that ended the save is the
  failure, not the stall.
- Two nodes that each shut down in order before Slurm lost them, within minutes, are one event (a provider taking
  capacity back); one such node stays its own node failure.
- Two owners' jobs of several nodes each, on disjoint nodes, whose nodes could not wire to each other at start-up
  are what their nodes share; one such job stays a network incident.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import transport
from tests.unit.pipehelpers import T0, job, kernel, log, pipeline, run, slurm
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(u: IncidentUpdate) -> set[str]:
    return {r.action.value for r in u.recommendations}


# --- NCCL over the loopback ---------------------------------------------------------------------------------------


def _loopback(nodes: str) -> list[IncidentUpdate]:
    spec = replace(job("7", nodes, tpn=4), started=T0 + 5.0)
    p = pipeline(spec)
    host = spec.nodes[-1]
    events = [
        log(10.0, "7", f"{spec.nodes[0]}:901:960 [0] NCCL INFO Bootstrap : Using lo:127.0.0.1<0>"),
        log(
            12.0,
            "7",
            f"{host}:733:790 [1] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to "
            "127.0.0.1<50217> failed : Connection refused",
        ),
        log(
            12.5,
            "7",
            "[rank5]: torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, "
            "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
        ),
        slurm(20.0, kind="job_state", job="7", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 600.0)


def test_nccl_wiring_nodes_through_the_loopback_is_the_owners_configuration_at_once() -> None:
    [found] = _loopback("gpu-a-[001-002]")
    assert (
        found.category == "software"
        and "requeue_job" not in _acts(found)
        and "drain_node" not in _acts(found)
    )
    assert found.detected_t <= T0 + 12.0 + 0.5  # the line itself, not the job's end
    assert any("loopback" in e for e in found.evidence)


def test_loopback_is_no_sign_for_one_node_and_a_routed_peer_is_none_at_all() -> None:
    found = _loopback("gpu-a-003")
    assert all(not any("loopback" in e for e in u.evidence) for u in found)
    assert (
        transport.parse_nccl_loopback(
            "gpu-a-002:733:790 [1] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.1.2.3<50217> "
            "failed : Connection refused"
        )
        is None
    )
    err = transport.parse_nccl_loopback(
        "gpu-a-002:733:790 [1] NCCL WARN Net : Connect to [::1]<41001> failed : Connection refused"
    )
    assert err is not None and err.host == "gpu-a-002" and err.bridge == "lo (::1)"


# --- a storage outage's aftermath ----------------------------------------------------------------------------------


def _stale_after_outage(second_job_on_outage: bool) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = replace(job("2", "gpu-a-[005-006]"), user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 590.0, every=20.0) + steps(
        "2", 0.0, 890.0 if second_job_on_outage else 2400.0, every=20.0
    )
    events += [
        kernel(600.0 + i, n, "nfs: server fs9 not responding, still trying")
        for i, n in enumerate(a.nodes + b.nodes)
    ]
    events += [kernel(620.0, "gpu-a-001", "nfs: server fs9 not responding, timed out")]
    events += [
        log(700.0, "1", "OSError: [Errno 116] Stale file handle: '/fs9/alice/ckpt/step_30.pt'"),
        slurm(705.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    events += [kernel(800.0 + i, n, "nfs: server fs9 OK") for i, n in enumerate(a.nodes + b.nodes)]
    if second_job_on_outage:
        events += [
            log(900.0, "2", "OSError: [Errno 116] Stale file handle"),
            slurm(905.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
        ]
    return _final(p, sorted(events, key=lambda e: e["t"]), 2400.0)


def test_a_job_of_the_outage_failing_again_on_its_error_is_its_aftermath() -> None:
    found = _stale_after_outage(True)
    assert [u.category for u in found] == ["infrastructure"] and set(found[0].jobs) == {"1", "2"}


def test_the_outage_stays_one_incident_without_the_aftermath() -> None:
    found = _stale_after_outage(False)
    assert [u.category for u in found] == ["infrastructure"]


# --- a file lock refused --------------------------------------------------------------------------------------------


def _locks_refused(owners: int) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = replace(job("2", "gpu-a-[005-006]"), user="bob" if owners == 2 else "alice")
    p = pipeline(a, b)
    events = steps("1", 0.0, 300.0, every=10.0) + steps("2", 0.0, 500.0, every=10.0)
    for at, spec in ((310.0, a), (510.0, b)):
        events += [
            log(at, spec.id, "Traceback (most recent call last):"),
            log(
                at + 0.1,
                spec.id,
                "OSError: Unable to create file (unable to lock file, errno = 37, error "
                "message = 'No locks available')",
            ),
            slurm(at + 5.0, kind="job_state", job=spec.id, state="FAILED", exit_code="1:0"),
        ]
    return _final(p, sorted(events, key=lambda e: e["t"]), 1500.0)


def test_two_owners_jobs_refused_file_locks_are_the_mounts() -> None:
    [found] = _locks_refused(2)
    assert found.category == "infrastructure" and set(found.jobs) == {"1", "2"}
    assert "requeue_job" not in _acts(found)


def test_one_owners_jobs_refused_file_locks_are_that_owners() -> None:
    found = _locks_refused(1)
    assert found and all(u.category == "software" for u in found)


# --- a save begun after the stall -----------------------------------------------------------------------------------


def _quiet_then(save_line: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 400.0, every=10.0)
    at = 400.0 + 90.0  # quiet past 4 beats of its cadence: a stall is called before it
    if save_line:
        events += [log(at, "1", "Saving checkpoint at step 140 to /ckpt/run7/step_140")]
    events += [
        log(at + 1.0, "1", "Traceback (most recent call last):"),
        log(at + 1.1, "1", "ValueError: cannot serialize object of type Foo"),
        slurm(at + 5.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1500.0)


def test_an_error_in_a_save_begun_after_the_stall_is_the_failure() -> None:
    [found] = _quiet_then(True)
    assert found.category == "software" and "requeue_job" not in _acts(found)


def test_an_error_after_a_stall_with_no_save_between_leaves_the_stall_first() -> None:
    found = _quiet_then(False)
    assert found and all(u.category != "software" for u in found)


# --- nodes shut down in order together ---------------------------------------------------------------------------------


def _powered_off(nodes: int, orderly: tuple[bool, ...]) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = replace(job("2", "gpu-a-[005-006]"), user="bob")
    specs = [a, b][:nodes]
    p = pipeline(*specs)
    events: list[dict[str, Any]] = []
    for spec in specs:
        events += steps(spec.id, 0.0, 900.0, every=10.0)
    for i, spec in enumerate(specs):
        node, at = spec.nodes[1], 500.0 + 45.0 * i
        if orderly[i]:
            events += [
                kernel(at, node, "systemd-logind[1190]: Power key pressed short."),
                kernel(at + 0.2, node, "systemd-logind[1190]: System is powering down."),
            ]
        events += [
            log(at + 60.0, spec.id, f"srun: error: Node failure on {node}"),
            slurm(
                at + 61.0, kind="node_state", node=node, state="DOWN+NOT_RESPONDING", reason="Not responding"
            ),
            slurm(at + 62.0, kind="job_state", job=spec.id, state="NODE_FAIL", exit_code="0:0"),
        ]
    return _final(p, sorted(events, key=lambda e: e["t"]), 2000.0)


def test_two_nodes_shut_down_in_order_together_are_one_event() -> None:
    [found] = _powered_off(2, (True, True))
    assert found.category == "infrastructure" and set(found.jobs) == {"1", "2"}
    assert "drain_node" not in _acts(found) and "requeue_job" not in _acts(found)
    assert any("shutting down in order" in e for e in found.evidence)


def test_one_node_shut_down_in_order_stays_its_own() -> None:
    [found] = _powered_off(1, (True,))
    assert (found.category, found.culprit_node) == ("node_failure", "gpu-a-002")


def test_a_node_that_did_not_shut_down_in_order_keeps_both_its_own() -> None:
    found = _powered_off(2, (True, False))
    assert sorted(u.culprit_node or "" for u in found) == ["gpu-a-002", "gpu-a-006"]
    assert all(u.category == "node_failure" for u in found)


# --- nodes that could not wire at start-up -----------------------------------------------------------------------------


def _unwired(owners: int) -> list[IncidentUpdate]:
    a = replace(job("1", "gpu-a-[001-002]", tpn=1), started=T0 + 50.0)
    b = replace(job("2", "gpu-a-[005-006]", tpn=1), user="bob", started=T0 + 150.0)
    specs = [a, b][:owners]
    p = pipeline(*specs)
    events: list[dict[str, Any]] = []
    for spec, at in zip(specs, (300.0, 400.0), strict=False):
        n0, n1 = spec.nodes
        events += [
            log(at - 200.0, spec.id, f"{n0}:31:31 [0] NCCL INFO NET/Plugin: Loaded net plugin FooNet (v8)"),
            log(
                at,
                spec.id,
                f"{n0}:31:40 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to "
                f"10.9.0.{2 + int(spec.id)}<40232> failed : Connection refused",
            ),
            log(
                at + 0.1,
                spec.id,
                f"{n1}:32:41 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to "
                f"10.9.0.{1 + int(spec.id)}<40288> failed : Connection refused",
            ),
            log(
                at + 0.5,
                spec.id,
                "[rank0]: torch.distributed.DistBackendError: NCCL error in: "
                "ProcessGroupNCCL.cpp:1970, unhandled system error, NCCL version 2.21.5",
            ),
            slurm(at + 30.0, kind="job_state", job=spec.id, state="FAILED", exit_code="1:0"),
        ]
    return _final(p, sorted(events, key=lambda e: e["t"]), 1200.0)


def test_two_owners_jobs_whose_nodes_could_not_wire_are_their_nodes_shared_cause() -> None:
    [found] = _unwired(2)
    assert found.category == "infrastructure" and set(found.jobs) == {"1", "2"}
    assert "requeue_job" not in _acts(found) and "drain_node" not in _acts(found)


def test_one_job_whose_nodes_could_not_wire_stays_its_own() -> None:
    found = _unwired(1)
    assert found and all(u.category != "infrastructure" for u in found)


# --- a rank's echo of another node's broken GPU --------------------------------------------------------------------


def _ecc_echo(own_xid_on_second: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]", tpn=8))
    events = steps("1", 0.0, 290.0, every=10.0)
    events += [
        kernel(
            300.0,
            "gpu-a-001",
            "[x] NVRM: Xid (PCI:0000:3a:00): 48, pid=4100, name=python, An uncorrectable "
            "double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1.",
        ),
        log(301.0, "1", " 2: [rank2]: RuntimeError: CUDA error: uncorrectable ECC error encountered"),
        log(
            301.8,
            "1",
            "11: [rank11]:[E1203 10:00:01.800000 ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) "
            "Rank 11] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error "
            "encountered",
        ),
        slurm(330.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    if own_xid_on_second:
        events.append(
            kernel(
                301.5,
                "gpu-a-002",
                "[x] NVRM: Xid (PCI:0000:2a:00): 48, pid=4111, name=python, An "
                "uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer.",
            )
        )
    return _final(p, sorted(events, key=lambda e: e["t"]), 900.0)


def test_a_ranks_ecc_words_on_another_node_are_the_broken_gpus_echo() -> None:
    found = _ecc_echo(False)
    drained = {r.node for u in found for r in u.recommendations if r.action.value == "drain_node"}
    assert drained == {"gpu-a-001"}


def test_a_second_node_whose_own_driver_reports_the_error_is_drained_too() -> None:
    found = _ecc_echo(True)
    drained = {r.node for u in found for r in u.recommendations if r.action.value == "drain_node"}
    assert drained == {"gpu-a-001", "gpu-a-002"}
