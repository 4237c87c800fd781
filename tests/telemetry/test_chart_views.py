"""Chart endpoints: login required, the JSON the charts draw, the culprit against its peers, plotly.js served locally."""

from __future__ import annotations

import datetime as dt
import gzip
import re
import time
from typing import Any

import pytest
from django.urls import reverse

from incidents.models import Incident
from monitoring.models import Gpu, GpuMinute, Job, Node
from monitoring.telemetry import fields as F
from monitoring.telemetry.fields import gpu_event
from monitoring.telemetry.store import record_samples

pytestmark = [pytest.mark.django_db, pytest.mark.redis]
KEYS = ["temp", "power", "sm_clock", "util", "ecc_dbe", "throttle"]


def at(t: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC)


def sample(t: float, node: str, gpu: int, clock: int = 1980, throttle: int = 0) -> dict[str, Any]:
    return gpu_event(
        t,
        node,
        gpu,
        {
            F.TEMP: 60.0,
            F.POWER_USAGE: 650.0 if clock > 1500 else 300.0,
            F.SM_CLOCK: clock,
            F.GPU_UTIL: 100,
            F.ECC_DBE_VOL_TOTAL: 0,
            F.CLOCK_THROTTLE_REASONS: throttle,
        },
    )


def make_node(cluster, name: str) -> Node:  # type: ignore[no-untyped-def]
    node = Node.objects.create(cluster=cluster, name=name, partition="batch", state="ALLOCATED")
    Gpu.objects.bulk_create(Gpu(node=node, index=i) for i in range(8))
    return node


@pytest.fixture
def world(cluster, redis_ns) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """Job 4101 on three nodes; GPU 3 of gpu-a-002 slows to 1200 MHz under a power brake 5 minutes ago."""
    nodes = [make_node(cluster, f"gpu-a-00{i}") for i in (1, 2, 3)]
    make_node(cluster, "gpu-a-009")  # not in the job: never a peer
    Job.objects.create(
        cluster=cluster, slurm_id="4101", name="llama", nodes="gpu-a-[001-003]", state="RUNNING"
    )
    now = float(int(time.time()))  # whole seconds: the database keeps microseconds, not every float
    fault = now - 300
    events = []
    for k in range(60):  # ten minutes of 10-s samples
        t = now - 600 + 10 * k
        for node in ("gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-009"):
            for g in range(8):
                slow = node == "gpu-a-002" and g == 3 and t >= fault
                events.append(sample(t, node, g, clock=1200 if slow else 1980, throttle=0x80 if slow else 0))
    record_samples(cluster, events, at(now))
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-slow",
        category="gpu_degraded",
        culprit_node="gpu-a-002",
        culprit_gpu=3,
        confidence=0.8,
        pattern="slow_gpu",
        jobs=["4101"],
        detected_at=at(fault + 30),
        first_signal_at=at(fault),
    )
    return {"nodes": nodes, "incident": incident, "now": now, "fault": fault}


def test_anonymous_callers_get_401_and_no_data(client, world) -> None:  # type: ignore[no-untyped-def]
    for url in (
        reverse("node-gpu-telemetry", args=[world["nodes"][0].pk]),
        reverse("incident-gpu-telemetry", args=[world["incident"].pk]),
    ):
        response = client.get(url)
        assert response.status_code == 401, url
        assert response.json() == {"error": "login required"}


def test_the_node_chart_has_every_gpu_and_field(client, viewer, world) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    data = client.get(reverse("node-gpu-telemetry", args=[world["nodes"][1].pk]) + "?minutes=60").json()

    assert data["node"] == "gpu-a-002"
    assert data["source"] == "window"
    assert [f["key"] for f in data["fields"]] == KEYS
    assert data["until"] - data["since"] == 3600
    assert [g["gpu"] for g in data["gpus"]] == list(range(8))
    gpu3 = data["gpus"][3]["series"]
    assert len(gpu3["sm_clock"]["t"]) == 60
    assert gpu3["sm_clock"]["v"][0] == 1980 and gpu3["sm_clock"]["v"][-1] == 1200
    assert gpu3["throttle"]["v"][-1] == 1  # a slowdown reason, drawn as on/off
    assert gpu3["throttle"]["text"][-1] == "hardware power brake"
    assert set(data["gpus"][0]["series"]["throttle"]["v"]) == {0}


def test_minutes_narrow_the_node_window(client, viewer, world) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    data = client.get(reverse("node-gpu-telemetry", args=[world["nodes"][1].pk]) + "?minutes=2").json()
    assert data["until"] - data["since"] == 120
    assert 11 <= len(data["gpus"][0]["series"]["temp"]["t"]) <= 13
    assert (
        client.get(reverse("node-gpu-telemetry", args=[world["nodes"][1].pk]) + "?minutes=x").status_code
        == 200
    )


def test_an_old_period_is_drawn_from_the_rollups(client, viewer, cluster, redis_ns) -> None:  # type: ignore[no-untyped-def]
    node = make_node(cluster, "gpu-b-001")
    gpu = Gpu.objects.get(node=node, index=0)
    minute = time.time() // 60 * 60 - 3 * 3600
    stats = {
        "sm_clock": {"min": 1100, "max": 1300, "avg": 1200.0, "last": 1180, "count": 6},
        "throttle": {"min": 0, "max": 128, "avg": 64.0, "last": 0, "count": 6, "bits": 0x80},
    }
    GpuMinute.objects.create(gpu=gpu, minute=at(minute), stats=stats)
    client.force_login(viewer)

    data = client.get(reverse("node-gpu-telemetry", args=[node.pk]) + "?minutes=240").json()

    assert data["source"] == "rollup"
    series = data["gpus"][0]["series"]
    assert series["sm_clock"] == {"t": [minute], "v": [1200.0]}
    assert series["throttle"] == {"t": [minute], "v": [1], "text": ["hardware power brake"]}
    assert series["temp"] == {"t": [], "v": []}


def test_the_incident_chart_sets_the_culprit_against_its_peers(client, viewer, world) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    incident = world["incident"]
    data = client.get(reverse("incident-gpu-telemetry", args=[incident.pk])).json()

    assert data["culprit"] == {"node": "gpu-a-002", "gpu": 3}
    assert [(g["node"], g["gpu"]) for g in data["culprit_gpus"]] == [("gpu-a-002", 3)]
    assert [(g["node"], g["gpu"]) for g in data["node_peers"]] == [
        ("gpu-a-002", i) for i in (0, 1, 2, 4, 5, 6, 7)
    ]
    assert (data["job_peers"]["nodes"], data["job_peers"]["gpus"]) == (2, 16)  # gpu-a-001 and -003, not -009
    detected = incident.detected_at.timestamp()
    assert data["since"] == detected - 600
    assert data["until"] <= time.time()
    assert data["marks"] == [
        {"t": world["fault"], "label": "first signal"},
        {"t": detected, "label": "detected"},
    ]
    culprit = data["culprit_gpus"][0]["series"]["sm_clock"]
    after = [v for t, v in zip(culprit["t"], culprit["v"], strict=True) if t >= world["fault"]]
    assert after and set(after) == {1200}
    band = data["job_peers"]["series"]["sm_clock"]
    assert band["t"] and set(band["median"]) == {1980} and set(band["min"]) == {1980}


def test_an_incident_without_a_culprit_gpu_draws_the_whole_node(client, viewer, world) -> None:  # type: ignore[no-untyped-def]
    incident = world["incident"]
    Incident.objects.filter(pk=incident.pk).update(culprit_gpu=None, first_signal_at=None)
    client.force_login(viewer)
    data = client.get(reverse("incident-gpu-telemetry", args=[incident.pk])).json()
    assert len(data["culprit_gpus"]) == 8
    assert data["node_peers"] == []
    assert [m["label"] for m in data["marks"]] == ["detected"]


def test_plotly_is_served_locally_gzipped_and_cached(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get(reverse("plotly-js"), HTTP_ACCEPT_ENCODING="gzip, br")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "immutable" in response["Cache-Control"]
    body = gzip.decompress(response.content)
    assert len(body) > 1_000_000 and b"plotly" in body[:2000].lower()
    assert client.get(reverse("plotly-js"), HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_the_pages_include_the_chart_containers(client, viewer, world) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    node_html = client.get(reverse("node", args=[world["nodes"][1].pk])).content.decode()
    assert 'id="gpu-charts"' in node_html
    assert reverse("node-gpu-telemetry", args=[world["nodes"][1].pk]) in node_html
    incident_html = client.get(reverse("incident", args=[world["incident"].pk])).content.decode()
    assert 'id="incident-charts"' in incident_html
    # Nothing is loaded from another host (a CSRF token may contain any letters: look at URLs).
    assert not re.search(r'(src|href)="(https?:)?//', node_html + incident_html)


# ---------------------------------------------------------------- peers: the blamed GPU's own job only


def test_peers_are_the_blamed_gpus_own_job_never_another_jobs_or_idle_gpus(
    client, viewer, cluster, world
) -> None:  # type: ignore[no-untyped-def]
    """One root cause hit two jobs: the band is 4101's other GPUs only, not 4102's, not the idle node's."""
    make_node(cluster, "gpu-a-010")
    Job.objects.create(cluster=cluster, slurm_id="4102", name="other", nodes="gpu-a-010", state="RUNNING")
    incident = world["incident"]
    Incident.objects.filter(pk=incident.pk).update(jobs=["4102", "4101"])
    client.force_login(viewer)

    data = client.get(reverse("incident-gpu-telemetry", args=[incident.pk])).json()

    assert data["job"] == "4101"  # the job whose nodes held gpu-a-002, though listed second
    assert (data["job_peers"]["job"], data["job_peers"]["nodes"], data["job_peers"]["gpus"]) == (
        "4101",
        2,
        16,
    )
    assert len(data["node_peers"]) == 7  # gpu-a-002's other GPUs ran 4101's ranks too


def test_a_requeued_job_is_compared_with_the_nodes_it_ran_on_at_detection(
    client, viewer, cluster, world
) -> None:  # type: ignore[no-untyped-def]
    """Requeued without gpu-a-002 onto gpu-a-009 (idle then): the band stays gpu-a-001 and -003."""
    from incidents.services import _job_nodes

    incident = world["incident"]
    snapshot = _job_nodes(cluster, ["4101"], {})
    assert snapshot == {"4101": "gpu-a-[001-003]"}
    Incident.objects.filter(pk=incident.pk).update(job_nodes=snapshot)
    Job.objects.filter(slurm_id="4101").update(nodes="gpu-a-[001,003,009]")
    client.force_login(viewer)

    data = client.get(reverse("incident-gpu-telemetry", args=[incident.pk])).json()

    assert (data["job_peers"]["nodes"], data["job_peers"]["gpus"]) == (2, 16)
    assert len(data["node_peers"]) == 7
    Incident.objects.filter(pk=incident.pk).update(job_nodes={})  # no snapshot: the job as it runs now
    data = client.get(reverse("incident-gpu-telemetry", args=[incident.pk])).json()
    assert (data["job_peers"]["nodes"], data["node_peers"]) == (3, [])  # gpu-a-002 is no longer the job's


def test_the_culprit_nodes_other_gpus_are_no_peers_when_the_job_did_not_run_there(
    client, viewer, world
) -> None:  # type: ignore[no-untyped-def]
    incident = world["incident"]
    Incident.objects.filter(pk=incident.pk).update(culprit_node="gpu-a-009")  # idle: not in job 4101
    client.force_login(viewer)
    data = client.get(reverse("incident-gpu-telemetry", args=[incident.pk])).json()
    assert data["node_peers"] == []
    assert (data["job_peers"]["nodes"], data["job_peers"]["gpus"]) == (3, 24)  # the job's own three nodes


def test_the_range_picker_widens_the_window_and_a_bad_range_is_one_clear_error(client, viewer, world) -> None:  # type: ignore[no-untyped-def]
    incident = world["incident"]
    client.force_login(viewer)
    url = reverse("incident-gpu-telemetry", args=[incident.pk])
    detected = incident.detected_at.timestamp()

    wide = client.get(url, {"around": "60"}).json()
    assert (wide["since"], wide["around_s"], wide["zone"]) == (detected - 3600, 3600.0, "UTC")
    bad = client.get(url, {"around": "7"})
    assert bad.status_code == 400
    assert bad.json() == {"detail": "around must be one of 5, 10, 30, 60, 180 minutes"}
    html = client.get(reverse("incident", args=[incident.pk])).content.decode()
    assert re.findall(r'<option value="(\d+)"', html) == ["5", "10", "30", "60", "180"]
    assert 'data-range-for="incident-charts"' in html and "times in UTC" in html
    assert "vs the other GPUs of job 4101 as it ran at detection" in html


def test_a_new_incident_snapshots_its_jobs_nodes_and_a_revision_keeps_them(cluster, world) -> None:  # type: ignore[no-untyped-def]
    from actions.pipeline import IncidentUpdate
    from incidents.services import apply_incident_update

    def update(jobs: tuple[str, ...]) -> IncidentUpdate:
        return IncidentUpdate(
            key="i-new", detected_t=world["now"], updated_t=world["now"], category="gpu_degraded",
            culprit_node="gpu-a-002", culprit_gpu=3, confidence=0.8, jobs=jobs, evidence=(),
            pattern="slow_gpu", recommendations=(),
        )  # fmt: skip

    incident, _ = apply_incident_update(cluster, update(("4101",)), at(world["now"]))
    assert incident.job_nodes == {"4101": "gpu-a-[001-003]"}
    Job.objects.filter(slurm_id="4101").update(nodes="gpu-a-[001,003,009]")  # requeued elsewhere
    incident, _ = apply_incident_update(cluster, update(("4101",)), at(world["now"] + 10))
    incident.refresh_from_db()
    assert incident.job_nodes == {"4101": "gpu-a-[001-003]"}  # as it was at detection


def test_a_network_incident_is_drawn_with_the_links_error_counters_not_gpu_temperatures(
    client, viewer, cluster, world
) -> None:  # type: ignore[no-untyped-def]
    """Issue 23: network incidents were charted with GPU panels only (temperature, clocks, ECC)."""
    now, fault = world["now"], world["fault"]
    flaps = []
    for k in range(60):
        t = now - 600 + 10 * k + 5  # between the GPU samples: a second exporter's scrape
        for node in ("gpu-a-001", "gpu-a-002", "gpu-a-003"):
            for g in range(8):
                bad = node == "gpu-a-002" and g == 3 and t >= fault
                crc = 40 * (t - fault) // 10 if bad else 0
                flaps.append(
                    gpu_event(
                        t, node, g, {F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL: crc, F.PCIE_REPLAY_COUNTER: 0}
                    )
                )
    record_samples(cluster, flaps, at(now))
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-link",
        category="network",
        culprit_node="gpu-a-002",
        culprit_gpu=3,
        confidence=0.7,
        pattern="nvlink_errors",
        jobs=["4101"],
        detected_at=at(fault + 30),
    )
    client.force_login(viewer)
    data = client.get(reverse("incident-gpu-telemetry", args=[incident.pk])).json()

    assert [f["key"] for f in data["fields"]] == ["nvlink_crc", "pcie_replay", "util", "power"]
    culprit = data["culprit_gpus"][0]["series"]
    assert set(culprit) == {"nvlink_crc", "pcie_replay", "util", "power"}
    assert max(culprit["nvlink_crc"]["v"]) > 0 and set(data["job_peers"]["series"]["nvlink_crc"]["max"]) == {
        0
    }
    # a GPU incident keeps the GPU panels
    gpu = client.get(reverse("incident-gpu-telemetry", args=[world["incident"].pk])).json()
    assert [f["key"] for f in gpu["fields"]] == KEYS
