"""Methods from holdout120 to holdout124 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- An NVLink Xid the driver called nonfatal, on three nodes in the same seconds, then the ranks' CUDA "uncorrectable
  NVLink error" on those nodes: what the nodes share; on two nodes, each its own.
- The platform's power brake on the GPUs of three nodes within minutes under two jobs: the power they share; on one
  node, that node's.
- IPoIB failing its multicast joins on two nodes of a job failing on the network: the subnet manager; the same
  failure without those words stays the node's link.
- urllib3 unable to connect to a service's host is the service down; a name that does not resolve is not read so.
- Out of GPU memory before the first step in two owners' jobs on the node they share: that node; one owner's, its own.
- The Fabric Manager's errors about a multicast team, in a job's failure on that node: the node's fabric; alone,
  nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import T0, job, kernel, log, pipeline, run, slurm
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, sorted(events, key=lambda e: e["t"]), until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(u: IncidentUpdate) -> set[str]:
    return {r.action.value for r in u.recommendations}


def _drained(found: list[IncidentUpdate]) -> set[str]:
    return {r.node for u in found for r in u.recommendations if r.action.value == "drain_node" and r.node}


# --- a nonfatal NVLink Xid on many nodes at once, and the ranks' words for it ---------------------------------------

_NONFATAL = "[Mon Dec  7 10:00:00 2026] NVRM: Xid (PCI:0000:18:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 03 (0x0409a0c2)"
_RANK_NVLINK = (
    "{r}: [rank{r}]: RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution"
)


_FATAL = "[Mon Dec  7 10:00:00 2026] NVRM: Xid (PCI:0000:18:00): 149, NETIR_LINK_EVT Fatal XC0 i0 Link 14 (0x004505c6)"


def _nvlink_on(nodes: list[str], fatal_on: str | None = None) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = replace(job("2", "gpu-a-[003-004]"), user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 600.0, every=10.0) + steps("2", 0.0, 600.0, every=10.0)
    events += [kernel(605.0 + 0.05 * i, node, _NONFATAL) for i, node in enumerate(nodes)]
    if fatal_on is not None:
        events.append(kernel(604.8, fatal_on, _FATAL))
    events += [log(606.2, "1", _RANK_NVLINK.format(r=0)), log(606.3, "1", _RANK_NVLINK.format(r=8))]
    events += [log(606.3, "2", _RANK_NVLINK.format(r=0))]
    events += [
        slurm(640.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        slurm(641.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1200.0)


def test_a_nonfatal_nvlink_xid_on_three_nodes_and_the_ranks_words_are_what_they_share() -> None:
    [found] = _nvlink_on(["gpu-a-001", "gpu-a-002", "gpu-a-003"])
    assert found.category == "infrastructure" and set(found.jobs) == {"1", "2"}
    assert "drain_node" not in _acts(found)


def test_nonfatal_nvlink_xids_answering_one_gpus_fatal_xid_are_that_gpus_fault() -> None:
    # holdout77 (blind): one GB200 tray's Fatal Xid 149, the other trays' Nonfatal 145 a moment after
    found = _nvlink_on(["gpu-a-002", "gpu-a-003", "gpu-a-004"], fatal_on="gpu-a-001")
    assert found and all(u.category == "gpu_hardware" for u in found) and "gpu-a-001" in _drained(found)


def test_a_nonfatal_nvlink_xid_on_two_nodes_leaves_each_its_own() -> None:
    found = _nvlink_on(["gpu-a-001", "gpu-a-003"])
    assert _drained(found) and all(u.category == "gpu_hardware" for u in found)


# --- the power brake on several nodes ---------------------------------------------------------------------------------


def _sample(t: float, node: str, gpu: int, braked: bool) -> dict[str, Any]:
    fields = {"DCGM_FI_DEV_GPU_UTIL": 99, "DCGM_FI_DEV_POWER_USAGE": 600.0, "DCGM_FI_DEV_SM_CLOCK": 1980}
    if braked:
        fields |= {
            "DCGM_FI_DEV_SM_CLOCK": 495,
            "DCGM_FI_DEV_POWER_USAGE": 170.0,
            "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0x88,
        }
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": gpu, "fields": fields}


def _braked(nodes: set[str]) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = replace(job("2", "gpu-a-[003-004]"), user="bob")
    c = replace(job("3", "gpu-a-[005-006]"), user="carol")
    p = pipeline(a, b, c)
    events = steps("1", 0.0, 2400.0, every=10.0) + steps("2", 0.0, 2400.0, every=10.0)
    events += steps("3", 0.0, 2400.0, every=10.0)
    for t in range(0, 2400, 300):
        for i, node in enumerate(f"gpu-a-00{n}" for n in range(1, 7)):
            for gpu in range(8):
                events.append(_sample(t + 5.0 * i + 0.01 * gpu + 1.0, node, gpu, t >= 900 and node in nodes))
    return _final(p, events, 2400.0)


def test_the_power_brake_on_three_nodes_under_two_jobs_is_the_power_they_share() -> None:
    found = _braked({"gpu-a-001", "gpu-a-003", "gpu-a-005"})
    assert len(found) == 1 and found[0].category == "infrastructure" and not _drained(found)


def test_the_power_brake_on_one_node_is_that_nodes() -> None:
    found = _braked({"gpu-a-003"})
    assert found and _drained(found) == {"gpu-a-003"}


# --- the subnet manager not answering IPoIB's joins -----------------------------------------------------------------

_JOIN = "kernel: ib0: multicast join failed for ff12:401b:ffff:0000:0000:0000:ffff:ffff, status -110"
_PORT = "gpu-a-001:40117:40611 [2] NCCL WARN NET/IB : mlx5_2:1 Got async event : port error"
_COMPLETION = (
    "gpu-a-001:40117:40611 [2] NCCL WARN NET/IB : Got completion from peer 10.70.0.12<51204> with status=12 "
    "opcode=0 len=0 vendor err 129 (Send) hca mlx5_2"
)


def _fabric(joins: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 600.0, every=10.0)
    if joins:
        events += [
            kernel(500.0 + 2 * i, n, _JOIN) for i, n in enumerate(("gpu-a-001", "gpu-a-002", "gpu-a-003"))
        ]
    events += [log(560.0, "1", _PORT), log(620.0, "1", _COMPLETION)]
    events += [slurm(625.0, kind="job_state", job="1", state="FAILED", exit_code="1:0")]
    return _final(p, events, 1200.0)


def test_ipoib_joins_failing_on_the_jobs_nodes_make_the_network_failure_the_subnet_managers() -> None:
    [found] = _fabric(True)
    assert found.category == "infrastructure" and not _drained([found])


def test_the_network_failure_without_them_stays_the_nodes_link() -> None:
    found = _fabric(False)
    assert found and found[0].category == "network" and _drained(found) == {"gpu-a-001"}


# --- a service's host that takes no connection ------------------------------------------------------------------------


def test_urllib3_unable_to_connect_is_the_service_down_not_a_misspelled_name() -> None:
    down = logs.parse_joblog(
        '0: etcd.EtcdConnectionFailed: Connection to etcd failed due to MaxRetryError("HTTPConnectionPool('
        "host='rdzv.example.org', port=2379): Max retries exceeded with url: /v2/keys/x (Caused by "
        "NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f>: Failed to establish a new "
        "connection: [Errno 111] Connection refused'))\")"
    )
    assert down is not None and down.kind == Kind.FS_ERROR and down.data["service"] == "rdzv.example.org"
    misspelled = logs.parse_joblog(
        "0: requests.exceptions.ConnectionError: HTTPSConnectionPool(host='rdvz.example.org', port=443): Max retries "
        'exceeded with url: /x (Caused by NameResolutionError("<urllib3.connection.HTTPSConnection object at '
        "0x7f>: Failed to resolve 'rdvz.example.org' ([Errno -2] Name or service not known)\"))"
    )
    assert misspelled is None or misspelled.kind != Kind.FS_ERROR


# --- GPU memory taken before the jobs came ----------------------------------------------------------------------------

_OOM = (
    "{r}: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
    "79.10 GiB of which 1.19 GiB is free. Process 77001 has 77.80 GiB memory in use."
)


def _oom_at_start(second_owner: bool) -> list[IncidentUpdate]:
    a = replace(job("1", "gpu-a-001"), started=T0)
    b = replace(job("2", "gpu-a-001"), started=T0 + 1200.0)
    if second_owner:
        b = replace(b, user="bob")
    p = pipeline(a, b)
    events = [
        slurm(t, kind="job_state", job=j, state="RUNNING", exit_code="0:0", nodes="gpu-a-001")
        for t, j in ((0.0, "1"), (1200.0, "2"))
    ]
    events += [log(t, j, "0: INFO | building model on 4 GPUs") for t, j in ((25.0, "1"), (1225.0, "2"))]
    events += [
        log(30.0, "1", _OOM.format(r=0)),
        slurm(33.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    events += [
        log(1230.0, "2", _OOM.format(r=0)),
        slurm(1233.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1800.0)


def test_two_owners_jobs_out_of_memory_at_start_on_one_node_are_that_nodes() -> None:
    found = _oom_at_start(True)
    assert len(found) == 1 and found[0].culprit_node == "gpu-a-001" and _drained(found) == {"gpu-a-001"}


def test_one_owners_jobs_out_of_memory_at_start_are_its_own() -> None:
    found = _oom_at_start(False)
    assert found and all(u.category == "software" for u in found) and not _drained(found)


# --- the Fabric Manager's multicast teams -----------------------------------------------------------------------------

_TEAM = (
    "[Oct 31 2023 21:04:55] [ERROR] [tid 527118] failed to find the GPU handle 12766911663723876521 in the "
    "multicast team"
)


def _team(hang: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-001"))
    events = steps("1", 0.0, 600.0 if hang else 1800.0, every=10.0)
    events += [kernel(500.0, "gpu-a-001", _TEAM)]
    return _final(p, events, 1800.0)


def test_the_fabric_managers_multicast_team_errors_in_a_hang_on_the_node_are_its_fabric() -> None:
    found = _team(True)
    assert found and found[0].category == "gpu_hardware" and _drained(found) == {"gpu-a-001"}


def test_the_fabric_managers_multicast_team_errors_alone_raise_nothing() -> None:
    assert _team(False) == []
