"""Methods from holdout37 (blind, issue 24), each tested on lines other than the corpus's.

- A node's own disk's filesystem giving up (ext4 remounting read-only, jbd2 aborting its journal, XFS
  shutting down, btrfs forced read-only) is the node's failure, and its jobs' write errors join it.
- A program saying it cannot connect to a server it depends on names that service ("license server"); owners'
  jobs on disjoint nodes failing so within half an hour are one outage.
- An uncorrectable non-fatal PCIe error of a GPU is that GPU's hardware evidence, and a job that failed on its
  node minutes before is the fault's, not its program's.
- A network adapter hanging or dropping its link three times within half an hour is a failing port, whatever
  network it carries.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors.kernel_records import UNDERSTOOD, KernelRecordReader
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, PCI, T0, kernel, log, pipeline, run, slurm

_STAMPS = ["[Mon Mar 11 00:00:03 2019] ", "[ 5981.740583] ", "Mar 11 00:00:03 n1 kernel: "]


@settings(max_examples=30, deadline=None)
@given(stamp=st.sampled_from(_STAMPS), dev=st.sampled_from(["sda1", "nvme0n1p2", "vda3", "dm-0", "md127"]))
def test_a_nodes_own_filesystem_giving_up_is_the_nodes(stamp: str, dev: str) -> None:
    for line in (
        f"EXT4-fs ({dev}): Remounting filesystem read-only",
        f"Aborting journal on device {dev}-8.",
        f"XFS ({dev}): Corruption of in-memory data (0x8) detected at xfs_trans_cancel+0x14c/0x170 [xfs] "
        "(fs/xfs/xfs_trans.c:1097).  Shutting down filesystem.",
        f"XFS ({dev}): Filesystem has been shut down due to log error (0x2).",
        f"BTRFS info (device {dev}): forced readonly",
    ):
        info = logs.parse_kernel(stamp + line, {})
        assert info is not None and info.kind == Kind.LOCAL_FS_FAILURE and info.data["device"] == dev
    for routine in (
        f"EXT4-fs ({dev}): error count since last fsck: 1758",
        f"EXT4-fs ({dev}): mounted filesystem with ordered data mode. Opts: (null)",
        f"XFS ({dev}): Ending clean mount",
    ):
        info = logs.parse_kernel(stamp + routine, {})
        assert info is None or info.kind != Kind.LOCAL_FS_FAILURE


def test_a_job_failing_on_a_node_whose_disk_went_read_only_is_the_nodes() -> None:
    p = pipeline(
        JobSpec("61", "tr", "ann", ("gpu-a-004",), tasks_per_node=8, started=T0 - 600, comment=OPTED)
    )
    events = [log(10.0 * i, "61", f"step {i} loss 2.0") for i in range(1, 30)]
    events += [
        kernel(
            100.0,
            "gpu-a-004",
            "[ 5981.1] EXT4-fs error (device nvme0n1p2): ext4_validate_block_bitmap:390: "
            "comm python: bg 68: bad block bitmap checksum",
        ),
        kernel(100.1, "gpu-a-004", "[ 5981.2] Aborting journal on device nvme0n1p2-8."),
        kernel(100.2, "gpu-a-004", "[ 5981.3] EXT4-fs (nvme0n1p2): Remounting filesystem read-only"),
        log(300.0, "61", "OSError: [Errno 30] Read-only file system: '/scratch/ckpt/step300.pt'"),
        slurm(301.0, kind="job_state", job="61", state="FAILED", exit_code="1:0"),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("node_failure", "gpu-a-004")
    assert {r.job for r in inc.recommendations if r.action == "requeue_job"} == {"61"}


@settings(max_examples=30, deadline=None)
@given(
    verb=st.sampled_from(
        ["unable to connect to", "cannot connect to", "failed to communicate with", "could not connect to"]
    ),
    what=st.sampled_from(
        ["license server", "licence server", "metadata server", "license manager", "parameter service"]
    ),
)
def test_a_program_that_cannot_reach_a_server_names_it(verb: str, what: str) -> None:
    said = logs.service_error(f"ERROR: {verb} the {what}. Check that it has been started.")
    assert said == what.replace("licence", "license")
    assert logs.service_error("unable to connect to the X server") is None  # a display, not a service
    assert logs.service_error("The client socket has failed to connect to [n1]:29500 (errno: 111)") is None


def test_owners_jobs_that_could_not_reach_the_license_server_are_one_outage() -> None:
    users = ("ann", "bo", "cy")
    jobs = [
        JobSpec(str(70 + k), "mat", u, (f"gpu-a-{10 + k:03d}",), tasks_per_node=1, started=T0, comment=OPTED)
        for k, u in enumerate(users)
    ]
    p = pipeline(*jobs)
    events = []
    for k in range(3):
        t = 100.0 + 700.0 * k
        events += [
            log(t, str(70 + k), "License checkout failed."),
            log(t + 0.1, str(70 + k), "MATLAB is unable to connect to the license server."),
            slurm(t + 1.0, kind="job_state", job=str(70 + k), state="FAILED", exit_code="1:0"),
        ]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and set(inc.jobs) == {"70", "71", "72"}
    assert not [r for r in inc.recommendations if r.action in ("requeue_job", "drain_node")]


def _gpu_of(pci: str) -> int | None:
    return {p.lower(): i for i, p in enumerate(PCI)}.get(pci[:10].lower())


@settings(max_examples=20, deadline=None)
@given(gpu=st.integers(0, 7), old=st.booleans())
def test_an_uncorrectable_non_fatal_pcie_error_of_a_gpu_is_its_hardware(gpu: int, old: bool) -> None:
    bus = PCI[gpu] + ".0"
    reader = KernelRecordReader()
    if old:  # kernels before 4.19: the source by requester id
        rid = int(bus.split(":")[1], 16) << 8
        head = f"pcieport 0000:00:03.0: AER: Uncorrected (Non-Fatal) error received: id={rid:04x}"
    else:
        head = f"pcieport 0000:00:03.0: AER: Uncorrectable (Non-Fatal) error message received from {bus}"
    rec = reader.feed("n1", 1.0, head, _gpu_of)
    assert rec is not None and rec is not UNDERSTOOD and rec.kind == Kind.PCIE_FATAL and rec.gpu == gpu
    assert rec.data["fatal"] is False
    dev = f"nvidia {bus}: PCIe Bus Error: severity=Uncorrected (Non-Fatal), type=Transaction Layer, (Requester ID)"
    assert reader.feed("n1", 1.1, dev, _gpu_of) is UNDERSTOOD  # the same record: reported once
    corrected = f"pcieport 0000:00:03.0: AER: Corrected error received: {bus}"
    assert KernelRecordReader().feed("n1", 9.0, corrected, _gpu_of) is UNDERSTOOD
    nic = "pcieport 0000:00:01.0: AER: Uncorrectable (Non-Fatal) error message received from 0000:c1:00.0"
    assert KernelRecordReader().feed("n1", 9.0, nic, _gpu_of) is UNDERSTOOD  # no GPU's: not this rule


def test_a_job_that_crashed_before_its_gpus_pcie_error_is_the_gpus() -> None:
    crashed = JobSpec("81", "gpt", "ann", ("gpu-a-005",), tasks_per_node=1, started=T0 - 600, comment=OPTED)
    beside = JobSpec("82", "bert", "bo", ("gpu-a-005",), tasks_per_node=1, started=T0 - 600)
    p = pipeline(crashed, beside)
    events = [log(10.0 * i, "82", f"step {i} loss 1.5") for i in range(1, 40)]
    events += [
        log(
            100.0,
            "81",
            "E tensorflow/stream_executor/cuda/cuda_event.cc:48] Error polling for event status: "
            "failed to query event: CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure",
        ),
        slurm(101.0, kind="job_state", job="81", state="FAILED", exit_code="134:0"),
        kernel(
            160.0,
            "gpu-a-005",
            f"[ 77.1] nvidia {PCI[6]}.0: PCIe Bus Error: severity=Uncorrected (Non-Fatal), "
            "type=Transaction Layer, (Requester ID)",
        ),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-005", 6)
    assert {r.job for r in inc.recommendations if r.action == "requeue_job"} == {"81"}  # 82 did not opt in


@settings(max_examples=10, deadline=None)
@given(n=st.integers(1, 5), driver=st.sampled_from(["bnxt_en", "ixgbe", "ice"]))
def test_an_adapter_hanging_again_and_again_is_a_failing_port(n: int, driver: str) -> None:
    names = ("gpu-a-001", "gpu-a-002")
    p = pipeline(JobSpec("91", "im", "tr", names, tasks_per_node=4, started=T0 - 3600, comment=OPTED))
    events = [log(5.0 * i, "91", f"iteration {i} loss 2.0") for i in range(1, 240)]
    hang = "TX timeout detected, starting reset task!" if driver == "bnxt_en" else "Detected Tx Unit Hang"
    for k in range(n):
        t = 100.0 + 200.0 * k
        events.append(kernel(t, "gpu-a-002", f"[ {t:.1f}] {driver} 0000:c1:00.0 ens1f0: {hang}"))
    run(p, events, until=1200.0)
    raised = [i for i in p.incidents() if i.culprit_node == "gpu-a-002"]
    if n >= 3:
        assert raised and raised[0].category == "network"
    else:
        assert not raised  # a hang or two is a blip the adapter recovered from
