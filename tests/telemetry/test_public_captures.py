"""Real published captures (tests/fixtures/telemetry/README.md cites each) read as their emitters meant them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from monitoring.telemetry import fields as F
from monitoring.telemetry.dcgm_exporter import parse_dcgm_exporter
from monitoring.telemetry.fields import TelemetryParseError
from monitoring.telemetry.nvidia_smi import parse_nvidia_smi
from tests.telemetry.conftest import FIXTURES

PUBLIC = FIXTURES / "public"
OMNIOPT_COLUMNS = (
    "timestamp,name,pci.bus_id,driver_version,pstate,pcie.link.gen.max,pcie.link.gen.current,"
    "temperature.gpu,utilization.gpu,utilization.memory,memory.total,memory.free,memory.used"
)


def public(name: str) -> str:
    return (PUBLIC / name).read_text()


def all_values(events: list[dict]) -> list[float]:
    out = []
    for ev in events:
        out.extend(ev["fields"].values())
        for inst in ev.get("instances", []):
            out.extend(inst["fields"].values())
    return out


# --- blank sentinels -------------------------------------------------------------------


def test_the_readme_scrape_s_blank_memory_temperature_is_no_value() -> None:
    # Given the exporter README's scrape, MEMORY_TEMP = 9223372036854775794 (DCGM INT64 NOT_SUPPORTED)
    events = parse_dcgm_exporter(public("dcgm_exporter_readme_blank.txt"), "gpu-a-001")
    # Then GPU 0 has its SM clock and no memory temperature at all
    assert events == [{"t": 0.0, "source": "gpu", "node": "gpu-a-001", "gpu": 0, "fields": {F.SM_CLOCK: 139}}]


@pytest.mark.parametrize(
    "metric,value",
    [
        ("DCGM_FI_DEV_GPU_TEMP", "9223372036854775792"),  # INT64_BLANK
        ("DCGM_FI_DEV_GPU_TEMP", "9223372036854775793"),  # INT64_NOT_FOUND
        ("DCGM_FI_DEV_GPU_TEMP", "9223372036854775795"),  # INT64_NOT_PERMISSIONED
        (
            "DCGM_FI_DEV_GPU_TEMP",
            "9223372036854776000",
        ),  # how 2.x printed it (NVIDIA/gpu-monitoring-tools#97)
        ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "2147483632"),  # INT32_BLANK in an int64 field
        ("DCGM_FI_DEV_XID_ERRORS", "2147483634"),  # INT32_NOT_SUPPORTED
        ("DCGM_FI_DEV_POWER_USAGE", "140737488355328.000000"),  # FP64_BLANK, printed with %f
        ("DCGM_FI_DEV_POWER_USAGE", "140737488355330.000000"),  # FP64_NOT_SUPPORTED
        ("DCGM_FI_DEV_POWER_USAGE", "1.40737488355331e+14"),  # FP64_NOT_PERMISSIONED
    ],
)
def test_every_dcgm_blank_range_is_no_value(metric: str, value: str) -> None:
    text = f'{metric}{{gpu="0",UUID="GPU-x",hostname="h"}} {value}\nDCGM_FI_DEV_SM_CLOCK{{gpu="0",hostname="h"}} 1980\n'
    (event,) = parse_dcgm_exporter(text, None)
    assert event["fields"] == {F.SM_CLOCK: 1980}


def test_values_just_below_the_blank_ranges_are_readings() -> None:
    text = (
        'DCGM_FI_DEV_PCIE_REPLAY_COUNTER{gpu="0",hostname="h"} 2147483631\n'
        'DCGM_FI_DEV_POWER_USAGE{gpu="0",hostname="h"} 700.250000\n'
    )
    (event,) = parse_dcgm_exporter(text, None)
    assert event["fields"] == {F.PCIE_REPLAY_COUNTER: 2147483631, F.POWER_USAGE: 700.25}


@pytest.mark.parametrize(
    "name",
    sorted(p.name for p in PUBLIC.glob("dcgm_exporter_*.txt")),
)
def test_no_parsed_value_of_a_public_scrape_is_a_sentinel(name: str) -> None:
    events = parse_dcgm_exporter(public(name), "n")
    assert events
    assert [v for v in all_values(events) if v >= F.DCGM_INT32_BLANK] == []


@pytest.mark.parametrize("name", sorted(p.name for p in PUBLIC.glob("nvidia_smi_*.csv")))
def test_no_parsed_value_of_a_public_nvidia_smi_capture_is_a_sentinel_or_text(name: str) -> None:
    fields = OMNIOPT_COLUMNS.split(",") if "noheader" in name else None
    events = parse_nvidia_smi(public(name), "n", fields=fields)
    values = all_values(events)
    assert values and all(isinstance(v, int | float) for v in values)
    assert [v for v in values if v >= F.DCGM_INT32_BLANK] == []


def test_na_and_bracketed_na_cells_are_absent_not_zero() -> None:
    # Given VirtualClient's T4 capture: temperature.memory "N/A", power.draw.average "[N/A]"
    (event,) = parse_nvidia_smi(public("nvidia_smi_1xT4_na_virtualclient.csv"), "n")
    assert F.MEMORY_TEMP not in event["fields"] and F.POWER_USAGE not in event["fields"]
    assert event["fields"][F.POWER_USAGE_INSTANT] == 9.31
    assert (event["fields"][F.ECC_SBE_VOL_TOTAL], event["fields"][F.ECC_DBE_VOL_TOTAL]) == (20, 5)


# --- label variants across exporter versions ------------------------------------------------


def test_a_lowercase_hostname_scrape_parses_without_a_node() -> None:
    events = parse_dcgm_exporter(public("dcgm_exporter_4x_hostname_rtx_a30mig.txt"), None)
    assert [(e["node"], e["gpu"]) for e in events] == [
        ("dcgm-exporter-wwwjh", 0),
        ("dcgm-exporter-wwwjh", 1),
        ("dcgm-exporter-wwwjh", 2),
    ]
    assert [e["fields"][F.TEMP] for e in events] == [50, 44, 45]


def test_a_3x_scrape_without_pci_bus_id_names_its_host_from_hostname() -> None:
    events = parse_dcgm_exporter(public("dcgm_exporter_3x_2xV100.txt"), None)
    assert [(e["node"], e["gpu"], e["fields"]) for e in events] == [
        ("r6i3n0", 0, {F.SM_CLOCK: 135}),
        ("r6i3n0", 1, {F.SM_CLOCK: 135}),
    ]


def test_a_scrape_without_any_host_label_still_needs_a_node() -> None:
    with pytest.raises(TelemetryParseError, match="no Hostname/hostname label"):
        parse_dcgm_exporter(public("dcgm_exporter_readme_blank.txt"), None)


def test_dcgm_4_6_field_names_fold_into_the_event_vocabulary() -> None:
    text = (
        'DCGM_FI_DEV_GPU_TEMP_CELSIUS{gpu="0",hostname="h"} 61\n'
        'DCGM_FI_DEV_XID_ERROR{gpu="0",hostname="h"} 79\n'
        'DCGM_FI_DEV_GPU_RECOVERY_ACTION{gpu="0",hostname="h"} 2\n'
    )
    (event,) = parse_dcgm_exporter(text, None)
    assert event["fields"] == {F.TEMP: 61, F.XID_ERRORS: 79, F.GPU_RECOVERY_ACTION: 2}


# --- MIG ---------------------------------------------------------------------------------


def test_mig_instances_are_kept_apart_and_device_fields_read_once() -> None:
    # Given two A30s in MIG mode, 4 and 2 instances of 1g.6gb (dcgm-exporter issue #317)
    events = parse_dcgm_exporter(public("dcgm_exporter_mig_2xA30_Hostname.txt"), None)
    g0, g1 = events
    # Then each GPU is one event with its device-wide fields once
    assert (g0["gpu"], g0["fields"]) == (0, {F.SM_CLOCK: 1440, F.MEMORY_TEMP: 35})
    assert (g1["gpu"], g1["fields"]) == (1, {F.SM_CLOCK: 1440, F.MEMORY_TEMP: 34})
    # And each instance keeps its own memory, with its identity
    assert g0["instances"] == [
        {"gpu_i_id": i, "gpu_i_profile": "1g.6gb", "fields": {F.FB_USED: 3}} for i in (3, 4, 5, 6)
    ]
    assert [i["gpu_i_id"] for i in g1["instances"]] == [3, 4]
    # And no instance's memory is reported as the whole GPU's
    assert F.FB_USED not in g0["fields"] and F.FB_USED not in g1["fields"]


def test_a_mig_instance_on_a_mixed_node_stays_with_its_own_gpu() -> None:
    g0, g1, g2 = parse_dcgm_exporter(public("dcgm_exporter_4x_hostname_rtx_a30mig.txt"), None)
    assert g0["instances"] == [{"gpu_i_id": 6, "gpu_i_profile": "1g.6gb", "fields": {F.FB_USED: 3744}}]
    assert "instances" not in g1 and "instances" not in g2  # the RTX is not in MIG mode


def test_a_whole_gpu_mig_profile_is_still_one_gpu() -> None:
    (event,) = parse_dcgm_exporter(public("dcgm_exporter_mig_A100_7g.txt"), None)
    assert (event["node"], event["gpu"], event["fields"]) == ("metal-gpu-08", 0, {F.SM_CLOCK: 1410})


# --- nvidia-smi time series ------------------------------------------------------------------


def test_one_gpu_sampled_three_times_is_one_gpu_with_three_timestamps() -> None:
    events = parse_nvidia_smi(public("nvidia_smi_l1_1xH200_three_samples.csv"), "tc-xe001", t=100.0)
    assert [e["gpu"] for e in events] == [0, 0, 0]
    assert [e["t"] for e in events] == [100.0, 101.071, 102.137]
    assert [e["fields"][F.GPU_UTIL] for e in events] == [6, 100, 6]


def test_a_two_gpu_lms_loop_is_two_gpus_sampled_seven_times() -> None:
    events = parse_nvidia_smi(public("nvidia_smi_lms_2xH200_vt_arc.csv"), "tc-xe001")
    by_gpu: dict[int, list[float]] = {}
    for e in events:
        by_gpu.setdefault(e["gpu"], []).append(e["t"])
    assert sorted(by_gpu) == [0, 1]  # 5D → 0, 9B → 1: nvidia-smi's PCI order
    assert [len(ts) for ts in by_gpu.values()] == [7, 7]
    assert all(a < b for ts in by_gpu.values() for a, b in zip(ts, ts[1:], strict=False))


def test_a_noheader_capture_parses_with_the_columns_it_was_queried_with() -> None:
    events = parse_nvidia_smi(
        public("nvidia_smi_noheader_loop_3xA100_omniopt.csv"), "n", fields=OMNIOPT_COLUMNS.split(",")
    )
    assert len(events) == 8 and {e["gpu"] for e in events} == {0, 1, 2}
    # 0B:00 is GPU 0 (PCI order); its second reading is 10.134 s after the capture began
    assert [(e["t"], e["fields"][F.FB_USED]) for e in events if e["gpu"] == 0] == [
        (0.015, 4),
        (10.134, 38803),
    ]


def test_a_noheader_capture_without_its_columns_is_a_clear_error() -> None:
    with pytest.raises(TelemetryParseError, match="--columns"):
        parse_nvidia_smi(public("nvidia_smi_noheader_loop_3xA100_omniopt.csv"), "n")


def test_the_new_columns_are_mapped() -> None:
    events = parse_nvidia_smi(public("nvidia_smi_8xH100_virtualclient.csv"), "n")
    assert [e["gpu"] for e in events] == list(range(8))
    g0 = events[0]["fields"]
    assert (g0[F.POWER_USAGE], g0[F.POWER_USAGE_INSTANT], g0[F.MEMORY_TEMP], g0[F.SM_CLOCK]) == (
        70.89,
        70.68,
        35,
        345,
    )


def test_the_graphics_clock_stands_in_only_when_there_is_no_sm_clock() -> None:
    text = "index, clocks.current.graphics [MHz], clocks.current.sm [MHz]\n0, 1400 MHz, 1980 MHz\n"
    assert parse_nvidia_smi(text, "n")[0]["fields"] == {F.SM_CLOCK: 1980}
    text = "index, clocks.current.graphics [MHz]\n0, 1400 MHz\n"
    assert parse_nvidia_smi(text, "n")[0]["fields"] == {F.SM_CLOCK: 1400}


def test_a_loop_without_timestamps_keeps_the_last_reading_of_each_gpu() -> None:
    text = "index, temperature.gpu\n0, 40\n1, 41\n0, 50\n1, 51\n"
    assert [(e["gpu"], e["t"], e["fields"][F.TEMP]) for e in parse_nvidia_smi(text, "n")] == [
        (0, 0.0, 50),
        (1, 0.0, 51),
    ]


def test_a_repeated_header_in_an_appended_capture_is_skipped() -> None:
    text = public("nvidia_smi_l1_1xH200_three_samples.csv")
    twice = text + "\n" + text.splitlines()[0] + "\n" + "\n".join(text.splitlines()[1:])
    events = parse_nvidia_smi(twice, "n")
    assert len(events) == 6 and {e["gpu"] for e in events} == {0}


# --- the command ---------------------------------------------------------------------------


def test_the_command_parses_a_noheader_capture_with_columns(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(PUBLIC / "nvidia_smi_noheader_loop_3xA100_omniopt.csv")
    call_command(
        "telemetry",
        "parse",
        "--format",
        "nvidia-smi",
        path,
        "--node",
        "n1",
        "--columns",
        OMNIOPT_COLUMNS,
        "--json",
    )
    events = json.loads(capsys.readouterr().out)
    assert len(events) == 8 and {e["node"] for e in events} == {"n1"}


def test_the_command_without_columns_says_to_give_them() -> None:
    path = str(PUBLIC / "nvidia_smi_noheader_loop_3xA100_omniopt.csv")
    with pytest.raises(CommandError, match="--columns"):
        call_command("telemetry", "parse", "--format", "nvidia-smi", path, "--node", "n1", "--json")


def test_the_command_reads_a_lowercase_hostname_scrape_without_node(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(PUBLIC / "dcgm_exporter_4x_hostname_rtx_a30mig.txt")
    call_command("telemetry", "parse", "--format", "dcgm-exporter", path, "--json")
    events = json.loads(capsys.readouterr().out)
    assert [e["node"] for e in events] == ["dcgm-exporter-wwwjh"] * 3


def test_every_public_capture_is_cited_in_the_readme() -> None:
    readme = (FIXTURES / "README.md").read_text()
    missing = [p.name for p in sorted(Path(PUBLIC).iterdir()) if f"`public/{p.name}`" not in readme]
    assert missing == []
