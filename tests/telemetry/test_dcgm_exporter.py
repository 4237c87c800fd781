"""dcgm-exporter scrapes → gpu events."""

from __future__ import annotations

import pytest

from monitoring.telemetry import fields as F
from monitoring.telemetry.dcgm_exporter import parse_dcgm_exporter, parse_dcgm_exporter_rows
from monitoring.telemetry.fields import TelemetryParseError
from tests.telemetry.conftest import capture

LABELS = 'UUID="GPU-x",pci_bus_id="00000000:5D:00.0",device="nvidia3",modelName="NVIDIA H100 80GB HBM3",Hostname="h"'


def by_gpu(events: list[dict]) -> dict[int, dict]:
    return {e["gpu"]: e["fields"] for e in events}


def test_an_h100_scrape_becomes_eight_events_with_only_known_fields() -> None:
    events = parse_dcgm_exporter(capture("h100_dcgm_exporter.txt"), "gpu-h-001", 30.0)
    assert [e["gpu"] for e in events] == list(range(8))
    assert {e["node"] for e in events} == {"gpu-h-001"}
    assert events[0]["t"] == 30.0
    g0 = events[0]["fields"]
    assert set(g0) == {
        F.SM_CLOCK,
        F.TEMP,
        F.MEMORY_TEMP,
        F.POWER_USAGE,
        F.PCIE_REPLAY_COUNTER,
        F.GPU_UTIL,
        F.XID_ERRORS,
        F.FB_USED,
        F.ECC_SBE_VOL_TOTAL,
        F.ECC_DBE_VOL_TOTAL,
        F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL,
        F.ROW_REMAP_FAILURE,
        F.ROW_REMAP_PENDING,
        F.CLOCK_THROTTLE_REASONS,
    }
    assert g0[F.POWER_USAGE] == 652.413 and g0[F.SM_CLOCK] == 1980 and isinstance(g0[F.SM_CLOCK], int)


def test_the_old_throttle_name_is_read() -> None:
    g5 = by_gpu(parse_dcgm_exporter(capture("h100_dcgm_exporter.txt"), "n"))[5]
    assert (g5[F.CLOCK_THROTTLE_REASONS], g5[F.SM_CLOCK]) == (0x80, 1095)


def test_the_dcgm_3_3_throttle_name_folds_into_the_same_field() -> None:
    g6 = by_gpu(parse_dcgm_exporter(capture("b200_dcgm_exporter.txt"), "n"))[6]
    assert (g6[F.CLOCK_THROTTLE_REASONS], g6[F.SM_CLOCK], g6[F.TEMP]) == (0x40, 945, 92)
    assert F.CLOCKS_EVENT_REASONS not in g6


def test_the_b200_dbe_increment_and_xid_show_between_two_scrapes() -> None:
    t0 = by_gpu(parse_dcgm_exporter(capture("b200_dcgm_exporter.txt"), "n", 0.0))
    t1 = by_gpu(parse_dcgm_exporter(capture("b200_dcgm_exporter_t1.txt"), "n", 10.0))
    assert (t0[2][F.ECC_DBE_VOL_TOTAL], t1[2][F.ECC_DBE_VOL_TOTAL]) == (0, 1)
    assert (t1[2][F.ROW_REMAP_PENDING], t1[2][F.XID_ERRORS]) == (1, 48)
    assert t1[7][F.PCIE_REPLAY_COUNTER] == 3


def test_rows_carry_bus_id_uuid_and_hostname() -> None:
    row = parse_dcgm_exporter_rows(capture("b200_dcgm_exporter.txt"))[3]
    assert (row.pci_bus_id, row.hostname) == ("0000:5d:00", "gpu-b-001")
    assert row.uuid and row.uuid.startswith("GPU-")


def test_without_a_node_the_hostname_label_names_it() -> None:
    assert {e["node"] for e in parse_dcgm_exporter(capture("b200_dcgm_exporter.txt"), None)} == {"gpu-b-001"}


def test_nan_values_and_samples_without_a_gpu_label_are_skipped() -> None:
    text = (
        f'DCGM_FI_DEV_GPU_TEMP{{gpu="3",{LABELS}}} NaN\n'
        f'DCGM_FI_DEV_SM_CLOCK{{gpu="3",{LABELS}}} 1755\n'
        'DCGM_FI_DEV_POWER_USAGE{Hostname="h"} 12\n'
    )
    assert parse_dcgm_exporter(text, "n") == [
        {"t": 0.0, "source": "gpu", "node": "n", "gpu": 3, "fields": {F.SM_CLOCK: 1755}}
    ]


def test_string_valued_fields_we_do_not_use_do_not_break_the_scrape() -> None:
    text = (
        "# HELP DCGM_FI_DEV_NAME Name of the GPU device.\n# TYPE DCGM_FI_DEV_NAME gauge\n"
        'DCGM_FI_DEV_NAME{gpu="0",UUID="GPU-a",device="nvidia0",modelName="Tesla T4",Hostname="h"} Tesla T4\n'
        'DCGM_FI_DEV_SM_CLOCK{gpu="0",UUID="GPU-a",device="nvidia0",modelName="Tesla T4",Hostname="h"} 300\n'
    )
    assert by_gpu(parse_dcgm_exporter(text, "n")) == {0: {F.SM_CLOCK: 300}}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "<html><body>404 page not found</body></html>\n",
        "\x00\xff\xfe binary",
        'DCGM_FI_DEV_SM_CLOCK{gpu="0" 1980\n',
        'DCGM_FI_DEV_SM_CLOCK{gpu="0"} fast\n',
    ],
)
def test_garbage_is_a_clear_error(text: str) -> None:
    with pytest.raises(TelemetryParseError):
        parse_dcgm_exporter(text, "n")
