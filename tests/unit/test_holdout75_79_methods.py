"""Methods from holdout75 to holdout79 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- A node's link lost under jobs that still run is held: withdrawn when the link came back within seconds (or a
  bond failed over) and the jobs stepped past the loss; shown when it stays down, a job stops, or it is lost
  again.
- A job whose NCCL found no InfiniBand device on any of its nodes, where other jobs' NCCL uses the fabric:
  the job's own set-up, its owner told.
- A Xid the driver says was caused by an NVLink Xid it called nonfatal is no broken GPU.
- A rank's "uncorrectable NVLink error" is the job's NVLink fault seen from the other end of the link.
- PyTorch's "CUDA initialization:" warning (the device count failed) is the state of the node's GPUs.
- A node blamed for its GPUs' state, met again by the next job placed there, is the same fault.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from incidents.attribution import link_flap
from monitoring.detectors import cuda_errors, logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import T0, job, log, pipeline, progress, run, slurm
from tests.unit.pipehelpers import kernel as klog

NODE = "gpu-a-002"
DOWN = "[Tue Jun  3 01:34:37 2025] mlx5_core 0000:9a:00.0 mlx5_4: Port: 1 Link DOWN"
UP = "[Tue Jun  3 01:34:40 2025] mlx5_core 0000:9a:00.0 mlx5_4: Port: 1 Link ACTIVE"
NCCL_PORT = f"12: {NODE}:611084:611295 [4] NCCL WARN NET/IB : mlx5_4:1 Got async event : port error"


def _found(events: list[dict[str, Any]], until: float) -> list[Any]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    return [u for u in run(p, sorted(events, key=lambda e: e["t"]), until=until) if u.category]


# --- a link lost under running jobs --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        UP,
        "[Thu May 21 04:31:36 2026] mlx5_core 0000:9d:00.1 enp157s0f1np1: Link up",
        "bonding: bond0: link status definitely up for interface eth0, 40000 Mbps full duplex.",
        "ixgbe 0000:01:00.0 eno1: NIC Link is Up 10 Gbps, Flow Control: None",
        "bonding: bond0: making interface eth1 the new active one.",
    ],
)
def test_a_links_return_in_its_drivers_words(line: str) -> None:
    assert logs.link_up(line)


@pytest.mark.parametrize(
    "line",
    [DOWN, "systemd[1]: Started Link up notifier.", "nvidia-persistenced: link upgrade check done"],
)
def test_a_loss_or_another_line_is_no_return(line: str) -> None:
    assert not logs.link_up(line)


def test_a_link_back_in_seconds_under_a_job_stepping_on_is_a_flap_it_rode_out() -> None:
    events = progress("1", 0.0, 1500.0, every=30.0)
    events += [klog(600.0, NODE, DOWN), log(600.05, "1", NCCL_PORT), klog(603.4, NODE, UP)]
    assert _found(events, 1500.0) == []


def test_a_bond_failing_over_to_its_other_link_under_a_job_stepping_on_is_a_flap_it_rode_out() -> None:
    events = progress("1", 0.0, 1500.0, every=30.0)
    events += [
        klog(600.0, NODE, "mlx4_en: eth0: Link Down"),
        klog(600.1, NODE, "bonding: bond0: link status definitely down for interface eth0, disabling it"),
        klog(600.1, NODE, "bonding: bond0: making interface eth1 the new active one."),
        log(600.2, "1", NCCL_PORT),
    ]
    assert _found(events, 1500.0) == []


def test_a_port_that_stays_down_is_shown_within_seconds_even_under_a_job_stepping_on() -> None:
    from incidents.attribution.link_flap import FLAP_S

    events = progress("1", 0.0, 1500.0, every=30.0)
    events += [klog(600.0, NODE, DOWN), log(600.05, "1", NCCL_PORT)]
    found = _found(events, 1500.0)
    assert found and found[0].culprit_node == NODE and found[0].detected_t - T0 <= 600.0 + FLAP_S + 1.0


def test_a_link_back_under_a_job_that_stopped_is_the_nodes_network() -> None:
    events = progress("1", 0.0, 600.0, every=30.0)
    events += [klog(600.0, NODE, DOWN), log(600.05, "1", NCCL_PORT), klog(603.0, NODE, UP)]
    found = _found(events, 1500.0)
    assert found and found[0].category == "network" and found[0].culprit_node == NODE
    assert (
        found[0].detected_t - T0 - 600.0 < 120.0
    )  # shown once the job missed its beat, not at the wait's end


def test_a_link_lost_again_is_failing_not_flapping() -> None:
    events = progress("1", 0.0, 1500.0, every=30.0)
    events += [klog(600.0, NODE, DOWN), log(600.05, "1", NCCL_PORT), klog(602.0, NODE, UP)]
    events += [klog(800.0, NODE, DOWN), log(800.05, "1", NCCL_PORT), klog(802.0, NODE, UP)]
    found = _found(events, 1500.0)
    assert found and found[-1].category == "network" and found[-1].culprit_node == NODE


def test_a_link_lost_twice_minutes_apart_under_a_job_stepping_through_both_is_a_flap() -> None:
    # holdout113 (blind): a Slingshot edge link lost twice, seven minutes apart; HPE asks no action for it
    events = progress("1", 0.0, 1500.0, every=30.0)
    events += [klog(600.0, NODE, DOWN), log(600.05, "1", NCCL_PORT), klog(602.0, NODE, UP)]
    events += [klog(1000.0, NODE, DOWN), log(1000.05, "1", NCCL_PORT), klog(1002.0, NODE, UP)]
    assert _found(events, 1500.0) == []


def test_a_link_lost_a_third_time_within_half_an_hour_is_failing() -> None:
    events = progress("1", 0.0, 2400.0, every=30.0)
    for at in (600.0, 1000.0, 1400.0):
        events += [klog(at, NODE, DOWN), log(at + 0.05, "1", NCCL_PORT), klog(at + 2.0, NODE, UP)]
    found = _found(events, 2400.0)
    assert found and found[-1].category == "network" and found[-1].culprit_node == NODE
    assert found[-1].detected_t - T0 < 1410.0


def test_a_link_loss_with_a_completion_error_is_shown_at_once() -> None:
    events = progress("1", 0.0, 1500.0, every=30.0)
    events += [
        klog(600.0, NODE, DOWN),
        log(600.05, "1", NCCL_PORT),
        log(
            604.0,
            "1",
            "3: gpu-a-001:1930411:1930853 [4] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from "
            "peer 10.0.0.2<51204> with status=12 opcode=0 len=0 vendor err 129 (Send) hca mlx5_4",
        ),
        klog(606.0, NODE, UP),
    ]
    found = _found(events, 1500.0)
    assert found and found[0].detected_t - T0 < 610.0


def test_the_hold_leaves_every_other_incident_alone() -> None:
    from incidents.attribution.incident import Incident, Verdict

    inc = Incident(key="i-1", detected_t=0.0, updated_t=0.0)
    inc.verdict = Verdict("gpu_hardware", NODE, 3, 0.9, "xid", ())
    inc.jobs = ["1"]
    assert (
        link_flap.decide(
            inc,
            pipeline(job("1", NODE)).world,
            10.0,
            lambda n: (None, None, 0, None),
            lambda j: None,
            lambda j: 30.0,
        )
        is None
    )


# --- NCCL on sockets on every node of a job ------------------------------------------------------------------


def _nccl(rank: int, host: str, what: str) -> str:
    return f"{rank}: {host}:41822:42033 [0] NCCL INFO NET/IB : {what}"


def test_a_job_without_the_fabric_on_every_node_while_others_use_it_is_its_own_setup() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"))
    events = [
        log(5.0, "2", _nccl(0, "gpu-a-003", "Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB ib0:10.1.0.3<0>")),
        log(300.0, "1", _nccl(0, "gpu-a-001", "No device found.")),
        log(300.1, "1", "0: gpu-a-001:41822:42033 [0] NCCL INFO Using network Socket"),
        log(300.3, "1", _nccl(8, "gpu-a-002", "No device found.")),
    ]
    found = [u for u in run(p, events, until=600.0) if u.category]
    assert found and found[0].category == "software" and found[0].jobs == ("1",)
    assert not any(r.action.value in ("requeue_job", "drain_node") for r in found[0].recommendations)


def test_a_cluster_without_the_fabric_is_no_fault() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"))
    events = [
        log(5.0, "2", _nccl(0, "gpu-a-003", "No device found.")),
        log(300.0, "1", _nccl(0, "gpu-a-001", "No device found.")),
        log(300.3, "1", _nccl(8, "gpu-a-002", "No device found.")),
    ]
    assert [u for u in run(p, events, until=600.0) if u.category] == []


# --- a Xid caused by a nonfatal NVLink Xid ----------------------------------------------------------------------

_X145 = (
    "NVRM: Xid (PCI:0000:5d:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 4 (0x0409a0c2 0x00000008 0x00000001)"
)
_X149 = "NVRM: Xid (PCI:0000:5d:00): 149, NETIR_LINK_DOWN Fatal XC0 i0 Link 14 (0x004e0186 0x00000000)"


def _caused(first: str, cause: int) -> list[Any]:
    events = progress("1", 0.0, 1200.0, every=10.0) + [
        klog(600.0, NODE, first),
        klog(
            600.5,
            NODE,
            f"NVRM: Xid (PCI:0000:5d:00): 45, pid=1311, name=python3, Ch 00000002 caused by previous Xid {cause}",
        ),
    ]
    return _found(events, 1200.0)


def test_a_xid_caused_by_a_nonfatal_nvlink_xid_is_no_broken_gpu() -> None:
    assert _caused(_X145, 145) == []


def test_a_xid_caused_by_a_fatal_nvlink_xid_is_the_gpus_fault() -> None:
    found = _caused(_X149, 149)
    assert found and found[0].category == "gpu_hardware" and found[0].culprit_node == NODE


# --- a rank's NVLink error from the other end of the link --------------------------------------------------------


def _nvlink_error(rank: int) -> str:
    return f"{rank}: [rank{rank}]: RuntimeError: CUDA error: uncorrectable NVLink error was detected during the execution"


def test_ranks_nvlink_errors_on_other_nodes_are_the_jobs_nvlink_fault() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]", tpn=4))
    events = progress("1", 0.0, 600.0, every=10.0) + [
        klog(600.0, "gpu-a-004", _X149),  # GPU 3 of gpu-a-004
        log(601.0, "1", _nvlink_error(0)),  # gpu-a-001 GPU 0
        log(601.2, "1", _nvlink_error(5)),  # gpu-a-002 GPU 1
        log(601.4, "1", _nvlink_error(10)),  # gpu-a-003 GPU 2
    ]
    found = [u for u in run(p, events, until=900.0) if u.category]
    assert {u.culprit_node for u in found} == {"gpu-a-004"}


def test_a_ranks_nvlink_error_with_no_link_fault_is_its_own_gpus() -> None:
    info = logs.parse_joblog(_nvlink_error(5))
    assert info is not None and info.kind == Kind.GPU_ECC and info.data["nvlink"]
    p = pipeline(job("1", "gpu-a-[001-004]", tpn=4))
    events = progress("1", 0.0, 600.0, every=10.0) + [log(601.2, "1", _nvlink_error(5))]
    found = [u for u in run(p, events, until=900.0) if u.category]
    assert found and found[0].culprit_node == "gpu-a-002"


# --- PyTorch could not count the GPUs ------------------------------------------------------------------------

_INIT = (
    "/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: CUDA "
    "unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable "
    "CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero."
)


@pytest.mark.parametrize(
    "line",
    [
        _INIT,
        "UserWarning: CUDA initialization: Found no NVIDIA driver on your system. Please check that you have an "
        "NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx",
    ],
)
def test_torchs_failed_device_count_is_the_state_of_the_nodes_gpus(line: str) -> None:
    assert cuda_errors.device_state_error(line) is not None


def test_a_programs_own_cuda_initialization_timing_line_is_not() -> None:
    assert cuda_errors.device_state_error("CUDA Initialization: 812.3 ms") is None


def _init_failures(nodes: str, ranks: list[int], t: float, jid: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i, r in enumerate(ranks):
        at = t + 0.2 * i
        out += [
            log(at, jid, f"{r}: {_INIT}"),
            log(at + 0.01, jid, f"{r}: RuntimeError: CUDA error: unknown error"),
        ]
    return out


def test_cuda_not_initialising_on_one_node_of_a_job_is_that_node_and_the_next_job_there_meets_it_again() -> (
    None
):
    p = pipeline(
        job("1", "gpu-a-[001-002]"), replace(job("2", "gpu-a-[002-003]", comment=""), started=T0 + 880.0)
    )
    events = _init_failures("gpu-a-002", [8, 11, 15], 30.0, "1")
    events += [
        log(33.0, "1", "srun: error: gpu-a-002: task 8: Exited with exit code 1"),
        slurm(35.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        slurm(35.5, kind="node_state", node="gpu-a-002", state="IDLE", reason=""),
    ]
    events += _init_failures("gpu-a-002", [0, 3], 900.0, "2")
    events += [
        log(903.0, "2", "srun: error: gpu-a-002: task 0: Exited with exit code 1"),
        slurm(905.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    found = [u for u in run(p, events, until=1200.0) if u.category]
    assert found and {u.culprit_node for u in found} == {"gpu-a-002"}
    assert found[0].category == "gpu_hardware"
    # the second job met the same fault: one incident, holding both jobs
    assert len({u.key for u in found}) == 1 and "2" in found[-1].jobs


def test_cuda_not_initialising_on_every_node_is_the_jobs_environment() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _init_failures("", [0, 3], 30.0, "1") + _init_failures("", [8, 11], 30.5, "1")
    found = [u for u in run(p, events, until=600.0) if u.category]
    assert found and found[0].category != "gpu_hardware"


# --- an exception Python ignored ---------------------------------------------------------------------------------


def _ignored_block(rank: int, t: float, head: str) -> list[dict[str, Any]]:
    lines = [
        head,
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1477, in __del__',
        "    self._shutdown_workers()",
        '  File "/opt/conda/lib/python3.10/multiprocessing/process.py", line 160, in is_alive',
        "    assert self._parent_pid == os.getpid(), 'can only test a child process'",
        "AssertionError: can only test a child process",
    ]
    return [log(t + 0.01 * i, "1", f"{rank}: {line}") for i, line in enumerate(lines)]


def test_an_exception_python_ignored_is_not_the_programs_failure() -> None:
    head = "Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f27812b6b>"
    events = progress("1", 0.0, 1000.0, every=10.0)
    for r in range(16):
        events += _ignored_block(r, 1000.0 + r, head)
    events += progress("1", 1000.0, 1500.0, every=10.0, step0=300)
    assert _found(events, 1500.0) == []


def test_the_same_exception_raised_is_the_programs_failure() -> None:
    events = progress("1", 0.0, 1000.0, every=10.0)
    for r in range(16):
        events += _ignored_block(r, 1000.0 + r, f"[rank{r}]: main() failed")
    found = _found(events, 1500.0)
    assert found and found[0].category == "software"


# --- a failed name lookup where the nodes' own daemons lost the resolver --------------------------------------

_GAI = "0: ValueError: host not found: Name or service not known"
_SLURMD_GAI = "slurmd[2231]: error: get_addr_info: getaddrinfo() failed: Temporary failure in name resolution"


def _lookup_fails(with_daemons: bool) -> list[Any]:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"))
    events: list[dict[str, Any]] = []
    if with_daemons:
        events += [klog(100.0 + i, f"gpu-a-00{i}", _SLURMD_GAI) for i in range(1, 5)]
    events += [log(130.0, "1", _GAI), log(130.2, "1", _GAI.replace("0:", "8:", 1))]
    return [u for u in run(p, events, until=600.0) if u.category]


def test_a_failed_lookup_where_the_nodes_lost_the_resolver_is_the_name_service() -> None:
    found = _lookup_fails(True)
    assert found and found[0].category == "infrastructure"


def test_a_failed_lookup_alone_is_the_programs_host_name() -> None:
    found = _lookup_fails(False)
    assert found and found[0].category == "software"


# --- a flap's node drained since for its network ----------------------------------------------------------------


def _flap_then_drain(reason: str) -> list[Any]:
    events = progress("1", 0.0, 1500.0, every=30.0)
    events += [klog(600.0, NODE, DOWN), log(600.05, "1", NCCL_PORT), klog(603.4, NODE, UP)]
    events.append(slurm(850.0, kind="node_state", node=NODE, state="MIXED+DRAIN", reason=reason))
    return _found(events, 1500.0)


def test_a_flaps_node_drained_since_for_its_port_was_no_flap() -> None:
    found = _flap_then_drain("NHC: check_hw_ib:  No IB port mlx5_4:1 is ACTIVE (LinkUp 400 Gb/sec).")
    assert found and found[0].category == "network" and found[0].culprit_node == NODE


def test_a_flaps_node_drained_for_something_else_leaves_the_flap_withdrawn() -> None:
    found = _flap_then_drain("NHC: check_fs_mount:  /scratch not mounted")
    assert not any(u.category == "network" for u in found)
