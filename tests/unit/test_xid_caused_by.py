"""A Xid the driver says an earlier Xid caused is attributed by that cause, end to end."""

from __future__ import annotations

from tests.unit.pipehelpers import job, kernel, pipeline, run, slurm

XID45 = "NVRM: Xid (PCI:0000:5d:00): 45, pid=4242, name=python3, Ch 00000010 caused by previous Xid 149"


def test_xid_45_after_an_nvlink_xid_blames_that_gpu() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = [
        kernel(10, "gpu-a-003", XID45),
        slurm(15, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    run(p, events, until=60)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-003", 3)
    assert "drain_node" in [r.action for r in inc.recommendations]
