"""The NVML recovery-action field as nvml.h documents it; which detectors a cluster's telemetry lets fire."""

from __future__ import annotations

import datetime as dt
import re

import pynvml
import pytest
from django.urls import reverse

from monitoring.models import Gpu, Node
from monitoring.telemetry import fields as F
from monitoring.telemetry.coverage import OFF, ON, PARTIAL, blind_detectors, telemetry_coverage
from monitoring.telemetry.dcgm_exporter import parse_dcgm_exporter
from monitoring.telemetry.nvml import NvmlSampler
from monitoring.telemetry.store import record_samples
from tests.telemetry.conftest import FIXTURES, capture
from tests.telemetry.fake_nvml import h100_node

NVML_H = (FIXTURES / "public" / "nvml_h_gpu_recovery_action.h").read_text()
STOCK_CSV = (FIXTURES / "public" / "dcgm_exporter_default_counters.csv").read_text()


def documented_actions() -> dict[int, str]:
    return {int(v): n for n, v in re.findall(r"NVML_GPU_RECOVERY_ACTION_(\w+) = (\d+)", NVML_H)}


# --- NVML_FI_DEV_GET_GPU_RECOVERY_ACTION ---------------------------------------------------


def test_the_recovery_action_field_id_is_the_one_nvml_h_documents() -> None:
    documented = int(re.search(r"#define NVML_FI_DEV_GET_GPU_RECOVERY_ACTION\s+(\d+)", NVML_H).group(1))
    assert documented == pynvml.NVML_FI_DEV_GET_GPU_RECOVERY_ACTION == 230


def test_every_documented_recovery_action_has_its_plain_words() -> None:
    words = {n.lower().replace("_", " ") for n in documented_actions().values()}
    assert documented_actions().keys() == {0, 1, 2, 3, 4}
    assert {F.RECOVERY_ACTIONS[k] for k in documented_actions()} == {
        "none",
        "GPU reset",
        "node reboot",
        "drain P2P",
        "drain and reset",
    }
    assert len(words) == 5
    # And the codes newer bindings add (5 recover IMEX domain, 6 bus reset, 7 system reboot) are named too
    newer = {getattr(pynvml, n) for n in dir(pynvml) if n.startswith("NVML_GPU_RECOVERY_ACTION_")}
    assert newer <= F.RECOVERY_ACTIONS.keys()


@pytest.mark.parametrize("code", sorted(documented_actions()))
def test_the_nvml_sampler_reports_each_documented_recovery_action(code: int) -> None:
    sampler = NvmlSampler(node="n", nvml=h100_node(**{"2": {"recovery_action": code}}), watch_xids=False)
    by_gpu = {e["gpu"]: e["fields"] for e in sampler.sample(0.0)}
    assert by_gpu[2][F.GPU_RECOVERY_ACTION] == code
    assert by_gpu[1][F.GPU_RECOVERY_ACTION] == 0


def test_a_gpu_without_the_recovery_field_has_no_value_not_none_action() -> None:
    sampler = NvmlSampler(
        node="n", nvml=h100_node(**{"2": {"unsupported": {"field:recovery"}}}), watch_xids=False
    )
    by_gpu = {e["gpu"]: e["fields"] for e in sampler.sample(0.0)}
    assert F.GPU_RECOVERY_ACTION not in by_gpu[2]


# --- coverage (pure) -------------------------------------------------------------------------


def stock_counter_fields() -> set[str]:
    """The metrics dcgm-exporter's own default-counters.csv enables (uncommented lines)."""
    return {
        line.split(",")[0].strip()
        for line in STOCK_CSV.splitlines()
        if line.strip() and not line.startswith("#") and line.split(",")[1].strip() != "label"
    }


def stock_scrape() -> str:
    """An 8-GPU scrape as the stock exporter publishes it: only the metrics default-counters.csv enables."""
    keep = stock_counter_fields()
    lines = capture("h100_dcgm_exporter.txt").splitlines()
    return "\n".join(ln for ln in lines if ln.startswith("#") or ln.split("{")[0] in keep) + "\n"


def counts_of(events: list[dict]) -> tuple[dict[str, int], int]:
    counts: dict[str, int] = {}
    for ev in events:
        for name in ev["fields"]:
            counts[name] = counts.get(name, 0) + 1
    return counts, len(events)


def by_key(coverage: list) -> dict[str, tuple[str, str]]:
    return {c.key: (c.status, c.text) for c in coverage}


def test_the_stock_counters_blind_ecc_and_throttle_detection() -> None:
    cov = by_key(telemetry_coverage(*counts_of(parse_dcgm_exporter(stock_scrape(), "n"))))
    assert cov["ecc_dbe"][0] == OFF and "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL" in cov["ecc_dbe"][1]
    assert cov["slow_gpu"][0] == PARTIAL and "no throttle bitmask" in cov["slow_gpu"][1]
    assert (cov["xid"][0], cov["row_remap_failure"][0]) == (ON, ON)
    assert (cov["row_remap_pending"][0], cov["nvlink_crc"][0], cov["pcie_replay"][0]) == (OFF, OFF, ON)


def test_our_counters_leave_no_detector_blind() -> None:
    coverage = telemetry_coverage(*counts_of(parse_dcgm_exporter(capture("h100_dcgm_exporter.txt"), "n")))
    assert blind_detectors(coverage) == []
    assert {c.status for c in coverage} == {ON}


def test_a_field_from_some_gpus_only_is_partial_with_the_count() -> None:
    cov = by_key(telemetry_coverage({F.ECC_DBE_VOL_TOTAL: 3, F.SM_CLOCK: 8, F.CLOCK_THROTTLE_REASONS: 8}, 8))
    assert cov["ecc_dbe"] == (PARTIAL, cov["ecc_dbe"][1]) and "3 of 8 GPUs" in cov["ecc_dbe"][1]


def test_a_clock_without_throttle_or_power_cannot_judge_a_slow_gpu() -> None:
    assert by_key(telemetry_coverage({F.SM_CLOCK: 8}, 8))["slow_gpu"][0] == OFF


def test_the_dcgm_4_6_names_count_as_the_same_fields() -> None:
    cov = by_key(telemetry_coverage({"DCGM_FI_DEV_CLOCKS_EVENT_REASONS": 8, F.SM_CLOCK: 8}, 8))
    assert cov["slow_gpu"][0] == ON


def test_no_telemetry_at_all_says_so() -> None:
    assert {c.text for c in telemetry_coverage({}, 0)} == {"no GPU telemetry arriving"}


def test_the_shipped_counters_csv_lists_every_field_a_detector_needs() -> None:
    from pathlib import Path

    from monitoring.telemetry.coverage import COUNTERS_CSV, NEEDS

    root = Path(__file__).resolve().parents[2]
    rows = [
        ln.split(",")
        for ln in (root / COUNTERS_CSV).read_text().splitlines()
        if ln and not ln.startswith("#")
    ]
    assert all(
        len(r) == 3 and r[1].strip() in {"gauge", "counter"} for r in rows
    )  # dcgm-exporter's CSV format
    shipped = {F.canonical_field(r[0].strip()) for r in rows}
    for need in NEEDS:
        assert shipped & {F.canonical_field(f) for f in need.any_of}, need.key
        assert shipped >= {F.canonical_field(f) for f in need.better_with}, need.key


# --- a cluster fed a stock-counters scrape (real PostgreSQL, real Redis) ---------------------------


@pytest.fixture
def fed_cluster(cluster, redis_ns):  # type: ignore[no-untyped-def]
    node = Node.objects.create(cluster=cluster, name="gpu-h-001", partition="batch", state="MIXED")
    Gpu.objects.bulk_create(Gpu(node=node, index=i) for i in range(8))
    now = dt.datetime.now(tz=dt.UTC)
    record_samples(cluster, parse_dcgm_exporter(stock_scrape(), "gpu-h-001", now.timestamp()), now)
    return cluster


@pytest.mark.django_db
def test_a_cluster_fed_a_stock_scrape_shows_its_blind_detectors_on_its_page(
    client, viewer, fed_cluster
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    html = client.get(reverse("cluster", args=[fed_cluster.pk])).content.decode()
    assert 'id="telemetry-coverage"' in html
    assert "2 detectors cannot fire on every GPU" in html
    assert 'data-key="ecc_dbe" data-status="off"' in html
    assert 'data-key="xid" data-status="on"' in html


@pytest.mark.django_db
def test_the_api_says_which_detectors_are_blind(client, viewer, fed_cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    body = client.get(f"/api/clusters/{fed_cluster.pk}/telemetry-coverage/").json()
    assert body["gpus"] == 8
    status = {c["key"]: c["status"] for c in body["coverage"]}
    assert (status["ecc_dbe"], status["slow_gpu"], status["xid"]) == (OFF, PARTIAL, ON)


@pytest.mark.django_db
def test_a_cluster_without_telemetry_says_no_detector_can_fire(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    html = client.get(reverse("cluster", args=[cluster.pk])).content.decode()
    assert 'id="coverage-none"' in html and 'id="coverage-blind"' not in html


@pytest.mark.django_db
def test_readiness_warns_that_blind_detectors_cannot_earn_verdicts(client, viewer, fed_cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    html = client.get(reverse("cluster", args=[fed_cluster.pk])).content.decode()
    assert 'id="readiness-telemetry-blind"' in html
    assert "Uncorrectable ECC (DBE) → GPU broken (off)" in html


@pytest.mark.django_db
def test_readiness_of_a_cluster_with_full_counters_has_no_telemetry_warning(
    client, viewer, cluster, redis_ns
) -> None:  # type: ignore[no-untyped-def]
    node = Node.objects.create(cluster=cluster, name="gpu-h-001", partition="batch", state="MIXED")
    Gpu.objects.bulk_create(Gpu(node=node, index=i) for i in range(8))
    now = dt.datetime.now(tz=dt.UTC)
    record_samples(
        cluster, parse_dcgm_exporter(capture("h100_dcgm_exporter.txt"), "gpu-h-001", now.timestamp()), now
    )
    client.force_login(viewer)
    html = client.get(reverse("cluster", args=[cluster.pk])).content.decode()
    assert 'id="readiness-telemetry-blind"' not in html and 'id="coverage-ok"' in html
