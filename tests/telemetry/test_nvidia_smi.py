"""nvidia-smi --query-gpu CSV → gpu events."""

from __future__ import annotations

import pytest

from monitoring.telemetry import fields as F
from monitoring.telemetry.fields import TelemetryParseError
from monitoring.telemetry.nvidia_smi import (
    QUERY_FIELDS,
    parse_nvidia_smi,
    parse_nvidia_smi_rows,
    parse_value,
    query_argv,
)
from tests.telemetry.conftest import capture


def by_gpu(events: list[dict]) -> dict[int, dict]:
    return {e["gpu"]: e["fields"] for e in events}


def test_the_csv_with_header_becomes_one_event_per_gpu() -> None:
    events = parse_nvidia_smi(capture("h100_query_gpu.csv"), "gpu-h-001", 12.5)
    assert [e["gpu"] for e in events] == list(range(8))
    assert events[0] == {
        "t": 12.5,
        "source": "gpu",
        "node": "gpu-h-001",
        "gpu": 0,
        "fields": {
            F.TEMP: 52,
            F.POWER_USAGE: 652.41,
            F.SM_CLOCK: 1980,
            F.GPU_UTIL: 100,
            F.FB_USED: 71234,
            F.ECC_SBE_VOL_TOTAL: 0,
            F.ECC_DBE_VOL_TOTAL: 0,
            F.ROW_REMAP_PENDING: 0,
            F.ROW_REMAP_FAILURE: 0,
            F.CLOCK_THROTTLE_REASONS: 0,
        },
    }


def test_the_power_braked_gpu_shows_its_bit_and_low_clock() -> None:
    g5 = by_gpu(parse_nvidia_smi(capture("h100_query_gpu.csv"), "n"))[5]
    assert g5[F.CLOCK_THROTTLE_REASONS] == 0x80
    assert g5[F.SM_CLOCK] == 1095
    assert F.throttle_reasons(g5[F.CLOCK_THROTTLE_REASONS]) == ["hardware power brake"]


def test_not_available_values_are_omitted_never_zero() -> None:
    gpus = by_gpu(parse_nvidia_smi(capture("h100_query_gpu.csv"), "n"))
    assert F.POWER_USAGE not in gpus[6]  # [Not Supported]
    assert F.ECC_SBE_VOL_TOTAL not in gpus[7]  # [N/A]
    assert gpus[7][F.ECC_DBE_VOL_TOTAL] == 0


def test_the_noheader_nounits_capture_shows_the_dbe_increment() -> None:
    before = by_gpu(parse_nvidia_smi(capture("h100_query_gpu.csv"), "n"))
    after = by_gpu(parse_nvidia_smi(capture("h100_query_gpu_noheader.csv"), "n"))
    assert (before[3][F.ECC_DBE_VOL_TOTAL], after[3][F.ECC_DBE_VOL_TOTAL]) == (0, 1)
    assert after[3][F.ROW_REMAP_PENDING] == 1
    assert after[5][F.CLOCK_THROTTLE_REASONS] == 0x80
    assert after[0][F.POWER_USAGE] == 651


def test_rows_carry_the_bus_id_for_the_inventory() -> None:
    rows = parse_nvidia_smi_rows(capture("h100_query_gpu.csv"))
    assert [r.pci_bus_id for r in rows][:4] == ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00"]


def test_columns_may_come_in_any_order_and_aliases_are_understood() -> None:
    text = (
        "clocks_throttle_reasons.active, clocks.sm [MHz], index, name\n"
        "0x0000000000000040, 990 MHz, 3, NVIDIA H100 80GB HBM3\n"
    )
    assert parse_nvidia_smi(text, "n") == [
        {
            "t": 0.0,
            "source": "gpu",
            "node": "n",
            "gpu": 3,
            "fields": {F.CLOCK_THROTTLE_REASONS: 0x40, F.SM_CLOCK: 990},
        }
    ]


def test_without_an_index_column_the_bus_id_picks_the_gpu() -> None:
    text = "pci.bus_id, temperature.gpu\n00000000:5D:00.0, 71\n"
    events = parse_nvidia_smi(text, "n", pci_bus_ids=["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00"])
    assert [(e["gpu"], e["fields"]) for e in events] == [(3, {F.TEMP: 71})]


def test_recovery_action_words_become_the_nvml_code() -> None:
    text = "index, gpu_recovery_action\n0, None\n1, Reset\n2, [N/A]\n"
    assert [e["fields"] for e in parse_nvidia_smi(text, "n")] == [
        {F.GPU_RECOVERY_ACTION: 0},
        {F.GPU_RECOVERY_ACTION: 1},
        {},
    ]


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("350.12 W", 350.12),
        ("1980 MHz", 1980),
        ("100 %", 100),
        ("0 MiB", 0),
        ("0x0000000000000080", 128),
        ("Yes", 1),
        ("No", 0),
        ("[N/A]", None),
        ("N/A", None),
        ("[Not Supported]", None),
        ("", None),
        ("[Requested functionality has been deprecated]", None),
        ("Enabled", None),
    ],
)
def test_cell_values(raw: str, value: float | None) -> None:
    assert parse_value(raw) == value


def test_a_truncated_line_is_skipped_and_the_rest_kept() -> None:
    lines = capture("h100_query_gpu.csv").splitlines()
    text = "\n".join([*lines[:-1], lines[-1][:30]])
    assert [e["gpu"] for e in parse_nvidia_smi(text, "n")] == list(range(7))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\n",
        "\x00\x01garbage\xff",
        "<html><body>502 Bad Gateway</body></html>",
        "a, b, c\n1, 2, 3\n",
        "index, temperature.gpu\nzero, 40\n",
    ],
)
def test_garbage_is_a_clear_error(text: str) -> None:
    with pytest.raises(TelemetryParseError):
        parse_nvidia_smi(text, "n")


def test_no_devices_is_an_empty_node_not_an_error() -> None:
    assert parse_nvidia_smi("No devices were found\n", "n") == []


def test_the_documented_command_line_uses_real_property_names() -> None:
    argv = query_argv()
    assert argv[0] == "nvidia-smi" and argv[-1] == "--format=csv"
    assert argv[1] == "--query-gpu=" + ",".join(QUERY_FIELDS)
    assert "clocks_throttle_reasons.active" in QUERY_FIELDS  # accepted before and after the 2023 rename
    assert query_argv(header=False)[-1] == "--format=csv,noheader,nounits"
