"""The Xid catalog: hardware, application or noise; PCI bus -> GPU index."""

from __future__ import annotations

import pytest

from monitoring.detectors import xid

PCI = [
    "0000:18:00",
    "0000:2a:00",
    "0000:3a:00",
    "0000:5d:00",
    "0000:9a:00",
    "0000:ab:00",
    "0000:ba:00",
    "0000:db:00",
]


@pytest.mark.parametrize("code", [48, 62, 64, 74, 79, 95, 109, 119, 120, 140, 143, 144])
def test_reset_and_reboot_xids_are_hardware(code: int) -> None:
    assert xid.judge(code).hardware


@pytest.mark.parametrize("code", [13, 31, 43, 94])
def test_restart_app_xids_are_the_applications(code: int) -> None:
    v = xid.judge(code)
    assert v.app and not v.hardware


@pytest.mark.parametrize("code", [63, 92])
def test_ignore_xids_are_noise(code: int) -> None:
    v = xid.judge(code)
    assert not v.app and not v.hardware


def test_unknown_xid_is_not_hardware_on_its_own() -> None:
    assert not xid.judge(999).hardware


def test_xid_154_follows_its_recovery_action() -> None:
    assert xid.judge(
        154, "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"
    ).hardware
    assert xid.judge(
        154, "GPU recovery action changed from 0x1 (GPU Reset Required) to 0x1 (GPU Reset Required)"
    ).hardware
    assert not xid.judge(
        154, "GPU recovery action changed from 0x1 (GPU Reset Required) to 0x0 (None)"
    ).hardware


@pytest.mark.parametrize("bus", ["0000:5d:00", "00000000:5D:00.0", "0000:5D:00.0", "5d:00.0"])
def test_bus_ids_in_every_spelling_name_the_same_gpu(bus: str) -> None:
    assert xid.gpu_index_map(PCI)[xid.normalize_pci(bus)] == 3


def test_it_parses_a_kernel_xid_line() -> None:
    line = "[Sun Nov 29 10:08:07 2026] NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."
    parsed = xid.parse_xid_line(line)
    assert parsed == xid.XidLine("0000:5d:00", 79, "GPU has fallen off the bus.")


def test_it_parses_the_old_xid_line_without_pci_prefix() -> None:
    parsed = xid.parse_xid_line(
        "NVRM: Xid (0000:ab:00): 48, pid=3124596, name=python, An uncorrectable double bit error"
    )
    assert parsed is not None and parsed.xid == 48 and parsed.pci == "0000:ab:00"


# The driver's suffix on a Xid raised because of an earlier one (open-gpu-kernel-modules,
# kernel_rc.c: "NVRM: Xid (PCI:%s): %d, pid=%s, name=%s, %s" + " caused by previous Xid %d").
XID45_AFTER = (
    "NVRM: Xid (PCI:0000:5d:00): 45, pid=4242, name=python3, Ch 00000010 caused by previous Xid {cause}"
)


@pytest.mark.parametrize("cause", [149, 145, 79, 48])
def test_a_xid_caused_by_a_hardware_xid_is_hardware(cause: int) -> None:
    line = xid.parse_xid_line(XID45_AFTER.format(cause=cause))
    assert line is not None and line.xid == 45 and xid.caused_by(line.message) == cause
    v = xid.judge(line.xid, line.message)
    assert v.hardware and not v.app and f"caused by previous Xid {cause}" in v.meaning


def test_a_xid_caused_by_an_application_xid_stays_the_applications() -> None:
    v = xid.judge(45, "Ch 00000010 caused by previous Xid 13")
    assert v.app and not v.hardware


def test_a_xid_45_that_names_no_cause_is_clean_up() -> None:
    v = xid.judge(45, "Ch 00000010")
    assert v.app and not v.hardware
    assert not xid.judge(45, "Ch 00000010 caused by previous Xid 45").hardware  # names itself: its own
