"""Methods from holdout38 (blind, issue 24), each tested on lines other than the corpus's.

- The host's IOMMU refusing a GPU's DMA (AMD-Vi's IO_PAGE_FAULT, Intel's DMAR fault) under a running job is the
  node's: its IOMMU setting or its firmware.
- A stall naming no node, in the attempt that followed a stall naming no node on other nodes, is the program's:
  a restart elsewhere repeated it, so the owner is told and nothing is requeued again.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, PCI, T0, kernel, log, pipeline, run, slurm

_PCI_MAP = {p.lower(): i for i, p in enumerate(PCI)}


@settings(max_examples=30, deadline=None)
@given(gpu=st.integers(0, 7), form=st.sampled_from(["amd_prefixed", "amd_old", "intel"]))
def test_the_iommu_refusing_a_gpus_dma_is_read_with_its_gpu(gpu: int, form: str) -> None:
    bus = PCI[gpu]
    short = bus[5:]
    line = {
        "amd_prefixed": f"nvidia {bus}.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x80000040 "
        "flags=0x0020]",
        "amd_old": f"AMD-Vi: Event logged [IO_PAGE_FAULT device={short}.0 domain=0x0003 address=0x80000040 "
        "flags=0x0020]",
        "intel": f"DMAR: [DMA Write NO_PASID] Request device [{short}.0] fault addr 0xfe000000 [fault reason "
        "0x05] PTE Write access is not set",
    }[form]
    info = logs.parse_kernel(f"[ 812.4] {line}", _PCI_MAP)
    assert info is not None and info.kind == Kind.IOMMU_FAULT and info.gpu == gpu
    other = "ahci 0000:00:17.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0 address=0x1 flags=0x0]"
    assert logs.parse_kernel(f"[ 812.4] {other}", _PCI_MAP) is None  # a disk controller's: not a GPU's


def test_a_stalled_job_whose_gpu_the_iommu_refuses_is_its_nodes() -> None:
    names = ("gpu-a-001", "gpu-a-002")
    p = pipeline(JobSpec("31", "kd", "ann", names, tasks_per_node=4, started=T0 - 3600, comment=OPTED))
    events = [log(5.0 * i, "31", f"step {i}, loss 0.1") for i in range(1, 60)]
    events += [
        kernel(
            300.0 + k * 0.01,
            "gpu-a-002",
            f"[ 9.{k}] AMD-Vi: Event logged [IO_PAGE_FAULT device=2a:00.0 "
            f"domain=0x0003 address=0x8000{k:04x} flags=0x0020]",
        )
        for k in range(20)
    ]
    run(p, events, until=500.0)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("node_failure", "gpu-a-002")
    assert {r.node for r in inc.recommendations if r.action == "drain_node"} == {"gpu-a-002"}


def _attempt(jid: str, t0: float, steps: range) -> list[dict[str, object]]:
    return [
        log(t0 + 9.0 * (i - steps.start), jid, f"step: {i:6d} fraction_of_correct_next_step_preds:0.81")
        for i in steps
    ]


@settings(max_examples=6, deadline=None)
@given(same_node=st.booleans())
def test_a_stall_repeated_on_other_nodes_after_a_restart_is_the_programs(same_node: bool) -> None:
    p = pipeline(JobSpec("41", "lv", "ann", ("gpu-a-002",), tasks_per_node=8, started=T0, comment=OPTED))
    events = _attempt("41", 10.0, range(100, 160))
    events += [
        slurm(900.0, kind="job_state", job="41", state="REQUEUED", exit_code="0:0"),
        slurm(901.0, kind="job_state", job="41", state="PENDING", exit_code="0:0"),
        slurm(
            960.0,
            kind="job_state",
            job="41",
            state="RUNNING",
            exit_code="0:0",
            nodes="gpu-a-002" if same_node else "gpu-a-004",
        ),
    ]
    events += _attempt("41", 1000.0, range(150, 175))
    run(p, events, until=1600.0)
    incs = p.incidents()
    assert incs
    if same_node:  # the node could be what the two stalls share: not shown to be the program's
        assert all(i.pattern != "repeats_after_restart" for i in incs)
    else:
        [inc] = incs
        assert (inc.category, inc.pattern) == ("software", "repeats_after_restart")
        assert not [r for r in inc.recommendations if r.action == "requeue_job"]


def _epoch(e: int, t0: float) -> list[dict[str, object]]:
    return [
        log(
            t0 + 3.2 * k, "51", f"Epoch: [{e}]  [{10 * k:4d}/625]  eta: 0:00:36  lr: 0.002  loss: 6.87 (6.60)"
        )
        for k in range(63)
    ]


@settings(max_examples=8, deadline=None)
@given(summary=st.booleans(), resumes=st.booleans())
def test_a_pause_after_a_loop_closed_with_its_summary_is_the_work_between_loops(
    summary: bool, resumes: bool
) -> None:
    p = pipeline(JobSpec("51", "deit", "ann", ("gpu-a-003",), tasks_per_node=2, started=T0, comment=OPTED))
    events = _epoch(0, 10.0)
    end = 10.0 + 3.2 * 62
    if summary:
        events += [
            log(end + 0.5, "51", "Epoch: [0] Total time: 0:03:21 (0.3218 s / it)"),
            log(end + 0.6, "51", "Averaged stats: lr: 0.002500  min_lr: 0.002500  loss: 6.7100"),
        ]
    if resumes:
        events += _epoch(1, end + 40.0)
    run(p, events, until=end + (40.0 + 3.2 * 63 if resumes else 500.0))
    stalls = p.incidents()
    if summary and resumes:
        assert stalls == []  # 40 s between epochs, after the epoch's summary: its work between loops
    elif not resumes:
        [inc] = stalls  # silence: a stall all the same, later when the loop had closed
        assert inc.detected_t >= T0 + end + (300.0 if summary else 30.0)
