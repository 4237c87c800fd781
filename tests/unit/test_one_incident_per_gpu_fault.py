"""One incident per GPU fault, whatever mix of Xid and telemetry signals reports it.

A broken GPU is heard through the kernel's Xid, DCGM's ECC counters and row-remap
state, each read on its own schedule. When the job it hit is requeued onto the same
nodes (or another job lands there) before the later signal arrives, that signal used
to open a second incident and a second drain ("already drained").
"""

from __future__ import annotations

from typing import Any

from actions.pipeline import Pipeline
from incidents.attribution.correlate import SAME_GPU_FAULT_S
from tests.unit.pipehelpers import T0, job, kernel, pipeline, progress, run, slurm

XID48_GPU3 = (
    "NVRM: Xid (PCI:0000:5d:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) "
    "has been detected on GPU in the framebuffer at partition 0, subpartition 0."
)
XID79_GPU3 = "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."


def gpu(t: float, node: str, index: int, **fields: Any) -> dict[str, Any]:
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": index, "fields": fields}


def dbe(t: float, count: int, index: int = 3) -> dict[str, Any]:
    return gpu(t, "gpu-a-003", index, DCGM_FI_DEV_ECC_DBE_VOL_TOTAL=count)


def requeued_onto_the_same_nodes(t: float) -> list[dict[str, Any]]:
    """The hit job back in the queue and running again on its old nodes (the drain not yet landed)."""
    return [
        slurm(t, kind="job_state", job="1", state="PENDING", exit_code="0:0", reason="BeginTime"),
        slurm(t + 0.5, kind="job_state", job="1", state="RUNNING", exit_code="0:0", nodes="gpu-a-[001-004]"),
    ]


def _incidents(p: Pipeline) -> list[tuple[str, str, str | None, int | None]]:
    return [(i.key, i.category, i.culprit_node, i.culprit_gpu) for i in p.incidents()]


def test_an_xid_then_the_ecc_counter_two_seconds_later_under_the_requeued_job_is_one_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100) + [dbe(50, 0), kernel(101, "gpu-a-003", XID48_GPU3)]
    events += requeued_onto_the_same_nodes(101.5)
    events += [dbe(103, 2)]  # DCGM's scrape, two seconds after the kernel said it
    run(p, events, until=140)
    assert _incidents(p) == [("i-1", "gpu_hardware", "gpu-a-003", 3)]
    [inc] = p.incidents()
    assert any(line.startswith("telemetry gpu-a-003: uncorrectable ECC") for line in inc.evidence)
    assert [r.action for r in inc.recommendations].count("drain_node") == 1


def test_the_ecc_counter_first_then_the_xid_and_a_row_remap_failure_are_one_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100) + [dbe(50, 0), dbe(100, 4)]
    events += requeued_onto_the_same_nodes(100.5)
    events += [kernel(102, "gpu-a-003", XID79_GPU3)]
    events += [gpu(104, "gpu-a-003", 3, DCGM_FI_DEV_ROW_REMAP_FAILURE=1)]
    run(p, events, until=140)
    assert _incidents(p) == [("i-1", "gpu_hardware", "gpu-a-003", 3)]


def test_the_same_gpu_failing_again_well_after_the_window_is_a_new_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    later = 101 + SAME_GPU_FAULT_S + 60
    events = progress("1", 0, 100) + [dbe(50, 0), kernel(101, "gpu-a-003", XID48_GPU3)]
    events += requeued_onto_the_same_nodes(101.5) + progress("1", 110, later)
    events += [dbe(later + 1, 2)]
    run(p, events, until=later + 30)
    assert [i[0] for i in _incidents(p)] == ["i-1", "i-2"]


def test_another_gpu_of_the_node_is_not_folded_into_the_first_gpus_fault() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100) + [gpu(50, "gpu-a-003", 6, DCGM_FI_DEV_ECC_DBE_VOL_TOTAL=0)]
    events += [kernel(101, "gpu-a-003", XID48_GPU3)] + requeued_onto_the_same_nodes(101.5)
    events += [gpu(103, "gpu-a-003", 6, DCGM_FI_DEV_ECC_DBE_VOL_TOTAL=2)]
    run(p, events, until=140)
    assert [(i[0], i[3]) for i in _incidents(p)] == [("i-1", 3), ("i-2", 6)]


def test_dcgms_xid_field_after_the_kernels_xid_is_the_same_fault() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100) + [gpu(50, "gpu-a-003", 3, DCGM_FI_DEV_XID_ERRORS=0)]
    events += [kernel(101, "gpu-a-003", XID79_GPU3)] + requeued_onto_the_same_nodes(101.5)
    events += [gpu(103, "gpu-a-003", 3, DCGM_FI_DEV_XID_ERRORS=79)]
    run(p, events, until=140)
    assert _incidents(p) == [("i-1", "gpu_hardware", "gpu-a-003", 3)]


def test_the_kernel_logging_the_same_xid_again_after_the_restart_is_a_recurrence() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100) + [kernel(101, "gpu-a-003", XID79_GPU3)]
    events += requeued_onto_the_same_nodes(101.5) + [kernel(130, "gpu-a-003", XID79_GPU3)]
    run(p, events, until=160)
    first, second = p.incidents()
    assert second.recurrence_of == first.key
