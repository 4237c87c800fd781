"""Methods from holdout110 to holdout114 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- The NVMe driver giving its controller up is the node's local disk failing; a timeout it recovers from is not.
- Slingshot's NIC says its link state in its own words (CXI_EVENT_LINK_DOWN/UP).
- Cray MPICH's own "suspects a hang due to ..." is the program's use of the library: its hang is the owner's.
- Two owners' jobs on disjoint nodes stalling with their tasks blocked in the kernel together (hung-task reports naming
  no filesystem) are the storage they share; one owner's, or two far apart, stay hangs.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, kernel, log, pipeline, run
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


# --- two owners' tasks blocked together -------------------------------------------------------------------------------

_BLOCKED = "[Fri May 31 13:02:03 2024] INFO: task python:{pid} blocked for more than 122 seconds."


def _blocked_together(second_owner: bool, apart: float) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = job("2", "gpu-a-[005-006]")
    if second_owner:
        b = replace(b, user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 600.0, every=20.0) + steps("2", 0.0, 600.0 + apart, every=20.0)
    events += steps("1", 1500.0, 2400.0, every=20.0, step0=400)  # (the storage back: the jobs go on)
    events += steps("2", 1500.0 + apart, 2400.0 + apart, every=20.0, step0=400)
    events += [
        kernel(730.0, "gpu-a-001", _BLOCKED.format(pid=4101)),
        kernel(741.0, "gpu-a-002", _BLOCKED.format(pid=4102)),
    ]
    events += [kernel(760.0 + apart, "gpu-a-005", _BLOCKED.format(pid=5101))]
    return _final(p, sorted(events, key=lambda e: e["t"]), 2400.0 + apart)


def test_two_owners_tasks_blocked_together_are_the_storage_they_share() -> None:
    found = _blocked_together(True, 0.0)
    assert len(found) == 1 and found[0].category == "infrastructure" and set(found[0].jobs) == {"1", "2"}


def test_one_owners_blocked_tasks_or_two_far_apart_stay_hangs() -> None:
    for second_owner, apart in ((False, 0.0), (True, 1200.0)):
        found = _blocked_together(second_owner, apart)
        assert len(found) == 2 and all(u.category == "hang" for u in found), (second_owner, apart)
