"""Methods from holdout90 to holdout94 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- The subnet manager moving the fabric (an HCA's "SM change", "LID change") on the nodes of a network failure is
  the fabric's management, not a port; without it a port error stays its node's.
- The node's driver older than the program's CUDA (PyTorch's "driver on your system is too old") on one node of a
  job is that node, naming no GPU; on every node it is the job's image.
- c10d's "Socket Timeout" is the echo of a peer that never came, not another error of the program.
- A node of one GPU names that GPU when one task per node runs there.
- Two owners' programs the loader could not start for want of the same library are the site's environment; one
  owner's two are that owner's.
- A node set down by a person (a reason stamped [user@time]), no job on it, is maintenance, not a failure.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import logs
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import ClusterSpec, JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, job, kernel, log, pipeline, run, slurm
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(u: IncidentUpdate) -> set[str]:
    return {r.action.value for r in u.recommendations}


# --- the subnet manager moving the fabric ---------------------------------------------------------------------


def _async(node: str, event: str) -> str:
    return f"{node}:4112:4300 [0] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : {event}"


def _fabric(managed: bool, spread: bool = False) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]", tpn=1), replace(job("2", "gpu-a-[005-006]", tpn=1), user="bob"))
    events = steps("1", 0.0, 600.0, every=20.0) + steps("2", 0.0, 600.0, every=20.0)
    for k, (jid, nodes) in enumerate((("1", ("gpu-a-001", "gpu-a-002")), ("2", ("gpu-a-005", "gpu-a-006")))):
        for i, node in enumerate(nodes):
            at = 600.0 + (12.0 * (i + 2 * k) if spread else 3.0 * i)  # spread: 12 s between the nodes
            events.append(log(at, jid, _async(node, "port error")))
            if managed:
                events += [
                    log(at + 1, jid, _async(node, "LID change")),
                    log(at + 2, jid, _async(node, "SM change")),
                ]
            events.append(
                log(
                    at + 20,
                    jid,
                    f"{node}:4112:4300 [0] NCCL WARN NET/IB : Got completion from peer 10.1.0.9<4242> with error 12, "
                    "opcode 0, len 0, vendor err 129 (Send)",
                )
            )
        events += [
            log(680.0, jid, f"srun: error: {nodes[0]}: task 0: Aborted"),
            slurm(682.0, kind="job_state", job=jid, state="FAILED", exit_code="6:0"),
        ]
    return _final(p, events, 1200.0)


def test_links_failing_as_the_subnet_manager_moves_the_fabric_are_its_management() -> None:
    [found] = _fabric(True)
    assert found.category == "infrastructure" and found.culprit_node is None and set(found.jobs) == {"1", "2"}
    assert "drain_node" not in _acts(found) and "requeue_job" not in _acts(found)


def test_without_the_subnet_managers_word_the_port_errors_stay_the_networks() -> None:
    """Ports failing a few seconds apart each, no word from the subnet manager: each node's link. (In the same seconds on
    four nodes under two jobs they are the switch the nodes share: ``link_storms``, stop 67.)"""
    found = _fabric(False, spread=True)
    assert found and all(u.category != "infrastructure" for u in found)


def test_the_subnet_managers_events_alone_raise_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]", tpn=1))
    events = steps("1", 0.0, 900.0, every=20.0)
    events += [log(300.0 + i, "1", _async(n, "SM change")) for i, n in enumerate(("gpu-a-001", "gpu-a-002"))]
    assert _final(p, events, 900.0) == []


# --- a node's driver older than the program's CUDA ------------------------------------------------------------

_TOO_OLD = (
    "{r}: RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU "
    "driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx"
)


def _driver_too_old(ranks: range) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]", tpn=4))
    events = [log(30.0 + 0.01 * r, "1", _TOO_OLD.format(r=r)) for r in ranks]
    nodes = sorted({"gpu-a-001" if r < 4 else "gpu-a-002" for r in ranks})
    events += [
        log(31.0 + i, "1", f"srun: error: {n}: tasks 0-3: Exited with exit code 1")
        for i, n in enumerate(nodes)
    ]
    events.append(slurm(33.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"))
    return _final(p, events, 400.0)


def test_one_nodes_driver_older_than_the_programs_cuda_is_that_node_no_gpu_named() -> None:
    [found] = _driver_too_old(range(4, 8))
    assert (found.category, found.culprit_node, found.culprit_gpu) == ("gpu_hardware", "gpu-a-002", None)


def test_every_nodes_driver_too_old_is_the_jobs_image() -> None:
    [found] = _driver_too_old(range(0, 8))
    assert found.category == "software" and "drain_node" not in _acts(found)


# --- c10d's socket timeout, a node of one GPU -----------------------------------------------------------------


def test_c10ds_socket_timeout_is_an_echo_not_an_error_of_the_program() -> None:
    assert logs.parse_joblog("0: RuntimeError: Socket Timeout") is None
    info = logs.parse_joblog("0: RuntimeError: Expected all tensors to be on the same device")
    assert info is not None and info.kind == Kind.EXCEPTION


def test_a_node_of_one_gpu_names_it_when_its_one_task_cannot_use_it() -> None:
    cluster = ClusterSpec("g5", tuple(expand("g5-[01-04]")), 1, pci_bus_ids=("0000:00:1e",))
    spec = JobSpec("1", name="detr", user="ann", nodes=tuple(expand("g5-[01-04]")), tasks_per_node=1,
                   started=T0 - 60, comment=OPTED)  # fmt: skip
    p = Pipeline(cluster, [spec])
    events = [
        log(20.0, "1", "2: RuntimeError: No CUDA GPUs are available"),
        log(20.5, "1", "srun: error: g5-03: task 2: Exited with exit code 1"),
        *[log(400.0 + r, "1", f"{r}: RuntimeError: Socket Timeout") for r in (0, 1, 3)],
        slurm(402.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    [found] = _final(p, events, 600.0)
    assert (found.category, found.culprit_node, found.culprit_gpu) == ("gpu_hardware", "g5-03", 0)


# --- a library missing for two owners -------------------------------------------------------------------------


def _loader(second_user: str) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-001", tpn=1), replace(job("2", "gpu-a-004", tpn=1), user=second_user))
    events = []
    for jid, node, at, so in (("1", "gpu-a-001", 100.0, "12"), ("2", "gpu-a-004", 400.0, "13")):
        events += [
            log(
                at,
                jid,
                f"/home/u/bin/solver: error while loading shared libraries: libcublas.so.{so}: cannot "
                "open shared object file: No such file or directory",
            ),  # fmt: skip
            log(at + 0.5, jid, f"srun: error: {node}: task 0: Exited with exit code 127"),
            slurm(at + 1.0, kind="job_state", job=jid, state="FAILED", exit_code="127:0"),
        ]
    return _final(p, events, 900.0)


def test_two_owners_programs_missing_one_library_are_the_sites_environment() -> None:
    found = _loader("bob")
    assert [u.category for u in found] == ["infrastructure"] and set(found[0].jobs) == {"1", "2"}


def test_one_owners_two_programs_missing_a_library_are_that_owners() -> None:
    found = _loader("alice")
    assert found and all(u.category == "software" for u in found)


# --- a node set down by a person ------------------------------------------------------------------------------


def _set_down(reason: str) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 900.0, every=20.0)
    events.append(slurm(100.0, kind="node_state", node="gpu-a-009", state="DOWN+DRAIN", reason=reason))
    events.append(
        kernel(300.0, "gpu-a-009", "Jun 03 07:05:30 gpu-a-009 kernel: Linux version 5.15.0-107-generic")
    )
    events.append(slurm(700.0, kind="node_state", node="gpu-a-009", state="IDLE", reason=""))
    return _final(p, events, 900.0)


def test_a_node_a_person_set_down_with_no_job_on_it_is_maintenance() -> None:
    assert _set_down("GPU5 replaced, burn-in pending [root@2024-06-03T06:41:12]") == []


def test_a_node_slurm_set_down_is_still_a_node_failure() -> None:
    [found] = _set_down("Not responding [slurm@2024-06-03T06:41:12]")
    assert (found.category, found.culprit_node) == ("node_failure", "gpu-a-009")
