"""Methods from holdout110 to holdout114 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- An evaluation the program announced may run ten minutes before its silence is a stall; past that it is one.
- The NVMe driver giving its controller up is the node's local disk failing; a timeout it recovers from is not.
- Slingshot's NIC says its link state in its own words (CXI_EVENT_LINK_DOWN/UP).
- A link lost and back twice under jobs that ride it out is flapping; a third time within half an hour, failing.
- Cray MPICH's own "suspects a hang due to ..." is the program's use of the library: its hang is the owner's.
"""

from __future__ import annotations

from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, kernel, log, pipeline, run
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


# --- an evaluation's silence -----------------------------------------------------------------------------------------


def _evaluates_for(seconds: float) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 400.0, every=20.0)
    events.append(log(405.0, "1", "| epoch 012 | begin validation on 'dev' subset (beam=5, cpu decoding)"))
    events += steps("1", 405.0 + seconds, 405.0 + seconds + 400.0, every=20.0, step0=200)
    return _final(p, events, 405.0 + seconds + 400.0)


def test_an_announced_evaluation_may_run_ten_minutes() -> None:
    assert _evaluates_for(480.0) == []


def test_an_evaluation_silent_past_ten_minutes_is_a_stall() -> None:
    assert _evaluates_for(1500.0) != []


# --- a node's NVMe given up --------------------------------------------------------------------------------------------


def test_the_nvme_driver_giving_its_controller_up_is_the_nodes_disk() -> None:
    for line in (
        "[1212441.516000] nvme nvme1: Device not ready; aborting reset, CSTS=0x1",
        "[88.100] nvme nvme0: Removing after probe failure status: -19",
    ):
        info = logs.parse_kernel(line, {})
        assert info is not None and info.kind == Kind.LOCAL_FS_FAILURE, line
    assert logs.parse_kernel("[1212402.116000] nvme nvme0: I/O 611 QID 37 timeout, aborting", {}) is None


# --- Slingshot's link words, and a link lost again and again ---------------------------------------------------------


def test_slingshots_link_words_are_read() -> None:
    info = logs.parse_kernel("cxi_core 0000:c3:00.0: cxi1[hsn1] CXI_EVENT_LINK_DOWN", {})
    assert info is not None and info.kind == Kind.IB_PORT_ERROR and info.data["fabric"] is True
    assert logs.link_up("cxi_core 0000:c3:00.0: cxi1[hsn1] CXI_EVENT_LINK_UP")


def _flaps(n: int) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 1500.0, every=10.0)
    for i in range(n):
        at = 300.0 + 300.0 * i
        events += [
            kernel(at, "gpu-a-002", "cxi_core 0000:c3:00.0: cxi2[hsn2] CXI_EVENT_LINK_DOWN"),
            kernel(at + 4.0, "gpu-a-002", "cxi_core 0000:c3:00.0: cxi2[hsn2] CXI_EVENT_LINK_UP"),
        ]
    return _final(p, events, 1500.0)


def test_a_link_that_flapped_twice_under_jobs_that_rode_it_out_is_no_fault() -> None:
    assert _flaps(2) == []


def test_a_link_lost_a_third_time_within_half_an_hour_is_failing() -> None:
    found = _flaps(3)
    assert [(u.category, u.culprit_node) for u in found] == [("network", "gpu-a-002")]


# --- Cray MPICH's own diagnosis ----------------------------------------------------------------------------------------

_SUSPECTS = (
    "PE {r}: MPICH WARNING: OFI is failing to make progress on posting a receive. MPICH suspects a hang due to "
    "completion queue exhaustion. Setting environment variable FI_CXI_DEFAULT_CQ_SIZE to a higher number might "
    "circumvent this scenario."
)


def _mpich_hang(warned: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 600.0, every=20.0)
    if warned:
        events += [log(590.0 + r, "1", _SUSPECTS.format(r=r)) for r in (0, 4)]
    return _final(p, events, 1500.0)


def test_mpich_suspecting_a_hang_from_its_own_limit_makes_the_hang_the_owners() -> None:
    [found] = _mpich_hang(True)
    assert found.category == "software" and "requeue_job" not in {
        r.action.value for r in found.recommendations
    }


def test_a_hang_without_the_warning_stays_a_hang() -> None:
    found = _mpich_hang(False)
    assert found and all(u.category == "hang" for u in found)
