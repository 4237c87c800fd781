"""The shared vocabulary: PCI bus ids, throttle bits, labels."""

from __future__ import annotations

import pytest

from monitoring.telemetry import fields as F


@pytest.mark.parametrize(
    "raw",
    [
        "00000000:5D:00.0",
        "0000:5d:00",
        "0000:5d:00.0",
        "5d:00.0",
        "PCI:0000:5d:00",
        b"00000000:5D:00.0",
        " 0000:5D:00 ",
    ],
)
def test_every_spelling_of_one_bus_normalizes_to_the_kernel_form(raw: str | bytes) -> None:
    assert F.normalize_pci_bus_id(raw) == "0000:5d:00"


@pytest.mark.parametrize("raw", ["", "N/A", "[N/A]", "gpu0", "0000:5d", "123456789:5d:00.0", None])
def test_a_non_bus_id_is_none(raw: str | None) -> None:
    assert F.normalize_pci_bus_id(raw) is None


def test_nvml_and_kernel_bus_ids_name_the_same_gpu() -> None:
    assert F.same_pci_bus("00000000:5D:00.0", "0000:5d:00")
    assert not F.same_pci_bus("00000000:5D:00.0", "0000:5e:00")
    assert not F.same_pci_bus(None, None)


def test_a_bus_id_finds_its_gpu_index_in_the_cluster_layout() -> None:
    layout = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00"]
    assert F.gpu_index_for_bus("00000000:5D:00.0", layout) == 3
    assert F.gpu_index_for_bus("00000000:99:00.0", layout) is None


def test_the_throttle_alias_folds_into_one_key() -> None:
    assert F.canonical_field("DCGM_FI_DEV_CLOCKS_EVENT_REASONS") == F.CLOCK_THROTTLE_REASONS
    assert F.canonical_field(F.SM_CLOCK) == F.SM_CLOCK


def test_throttle_bits_read_in_plain_words() -> None:
    assert F.throttle_reasons(0x80) == ["hardware power brake"]
    assert F.throttle_reasons(0x41) == ["GPU idle", "hardware thermal slowdown"]
    assert F.THROTTLE_FAULT_MASK == 0x8 | 0x20 | 0x40 | 0x80


def test_labels_carry_units_for_charts() -> None:
    assert F.label(F.POWER_USAGE) == "Power draw (W)"
    assert F.label("DCGM_FI_DEV_CLOCKS_EVENT_REASONS") == "Clock throttle reasons"
    assert F.label("DCGM_FI_SOMETHING_NEW") == "DCGM_FI_SOMETHING_NEW"


def test_every_field_has_a_stable_code() -> None:
    assert set(F.FIELD_CODES) == set(F.FIELDS)
    assert len(set(F.FIELD_CODES.values())) == len(F.FIELD_CODES)
