"""Methods from holdout110 to holdout114 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- The NVMe driver giving its controller up is the node's local disk failing; a timeout it recovers from is not.
- Slingshot's NIC says its link state in its own words (CXI_EVENT_LINK_DOWN/UP).
- Cray MPICH's own "suspects a hang due to ..." is the program's use of the library: its hang is the owner's.
"""

from __future__ import annotations

from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, log, pipeline, run
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


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
