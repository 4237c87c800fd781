"""Operators are told when the controller is blind: pages, the API, a webhook, and a 503 when the database is down.

Real PostgreSQL, Redis, an HTTP receiver on 127.0.0.1, and (for the 503) a Django process
pointed at a PostgreSQL port where nothing listens.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from actions.services.health import note_blind_tick
from incidents.models import AuditRecord
from monitoring.controller_state import note_tick_ok
from monitoring.models import ControllerState
from monitoring.slurm.client import SlurmError
from tests.integration.http_receiver import Receiver

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
ERROR = (
    "sinfo --json failed (rc=1): slurm_load_partitions: Unable to contact slurm controller (connect failure)"
)


def test_a_cluster_seen_recently_shows_its_last_tick_and_no_banner(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    note_tick_ok(cluster, timezone.now())
    client.force_login(viewer)
    page = client.get("/").content.decode()
    assert "Controller blind since" not in page
    assert 'data-health="sim-t"' in page and 'Last tick: <span class="last-tick"><time datetime=' in page


def test_a_cluster_not_seen_past_the_threshold_shows_a_red_banner_with_the_error_verbatim(
    client, viewer, cluster, settings
) -> None:  # type: ignore[no-untyped-def]
    long_ago = timezone.now() - dt.timedelta(seconds=settings.RECOVERY_BLIND_AFTER_S * 3)
    note_tick_ok(cluster, long_ago)
    note_blind_tick(cluster.pk, timezone.now(), SlurmError(ERROR))
    client.force_login(viewer)
    for url in ("/", f"/clusters/{cluster.pk}/"):
        page = client.get(url).content.decode()
        assert f'<b>Controller blind since <time datetime="{long_ago.isoformat()}"' in page, url
        assert f"<code>SlurmError: {ERROR}</code>" in page, url


def test_the_api_gives_each_clusters_health(client, viewer, cluster, settings) -> None:  # type: ignore[no-untyped-def]
    long_ago = timezone.now() - dt.timedelta(seconds=settings.RECOVERY_BLIND_AFTER_S * 3)
    note_tick_ok(cluster, long_ago)
    note_blind_tick(cluster.pk, timezone.now(), SlurmError(ERROR))
    client.force_login(viewer)
    health = client.get("/api/clusters/").json()
    row = (health["results"] if isinstance(health, dict) else health)[0]["health"]
    assert row["blind"] is True and row["blind_since"] == long_ago.isoformat()
    assert row["last_error"] == f"SlurmError: {ERROR}"
    assert row["sources"]["scheduler"]["error"] == f"SlurmError: {ERROR}"


def test_a_html_error_text_is_escaped_on_the_page(client, viewer, cluster, settings) -> None:  # type: ignore[no-untyped-def]
    note_tick_ok(cluster, timezone.now() - dt.timedelta(seconds=settings.RECOVERY_BLIND_AFTER_S * 3))
    note_blind_tick(cluster.pk, timezone.now(), SlurmError("<script>alert(1)</script>"))
    client.force_login(viewer)
    page = client.get("/").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_on_call_is_told_once_when_the_controller_goes_blind(cluster, settings) -> None:  # type: ignore[no-untyped-def]
    note_tick_ok(cluster, timezone.now() - dt.timedelta(seconds=settings.RECOVERY_BLIND_AFTER_S * 3))
    with Receiver([]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        note_blind_tick(cluster.pk, timezone.now(), SlurmError(ERROR))
        note_blind_tick(cluster.pk, timezone.now(), SlurmError(ERROR))  # still blind: not again
    assert len(rx.bodies) == 1
    assert rx.bodies[0]["kind"] == "escalation"
    assert rx.bodies[0]["text"].startswith("controller blind on sim-t since ")
    assert rx.bodies[0]["text"].endswith(f"SlurmError: {ERROR}")
    delivered = AuditRecord.objects.filter(action="webhook escalation", cluster="sim-t")
    assert list(delivered.values_list("outcome", flat=True)) == ["delivered"]


def test_a_failure_shorter_than_the_threshold_is_recorded_but_tells_nobody(cluster, settings) -> None:  # type: ignore[no-untyped-def]
    note_tick_ok(cluster, timezone.now())
    with Receiver([]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        note_blind_tick(cluster.pk, timezone.now(), SlurmError(ERROR))
    assert rx.bodies == []
    st = ControllerState.objects.get(cluster=cluster)
    assert (
        st.last_error == f"SlurmError: {ERROR}"
        and st.failing_since is not None
        and st.blind_notified_at is None
    )


def test_every_page_is_a_plain_503_while_the_database_is_down() -> None:
    script = (
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "c = Client()\n"
        "for url in ('/login/', '/', '/api/clusters/', '/metrics'):\n"
        "    r = c.get(url)\n"
        "    kind = r['Content-Type'].split(';')[0]\n"
        "    print(url, r.status_code, r.get('Retry-After'), b'The database is unavailable' in r.content, kind)\n"
    )
    env = {
        **os.environ,
        "DATABASE_URL": "postgres://postgres@127.0.0.1:1/nothing",
        "RECOVERY_DEV": "1",
        "DJANGO_SETTINGS_MODULE": "recovery_site.settings",
    }
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines() == [
        "/login/ 503 10 True text/html",
        "/ 503 10 True text/html",
        "/api/clusters/ 503 10 True application/json",  # an API client gets JSON, a scraper text
        "/metrics 503 10 True text/plain",
    ]


def test_the_liveness_probe_fails_with_the_stale_cluster_named_and_passes_once_it_ticks(cluster) -> None:  # type: ignore[no-untyped-def]
    from django.core.management import CommandError, call_command

    note_tick_ok(cluster, timezone.now() - dt.timedelta(seconds=120))
    with pytest.raises(CommandError, match=r"^no recent tick: sim-t: last tick "):
        call_command("controller_alive", "--within", "30")
    note_tick_ok(cluster, timezone.now())
    call_command("controller_alive", "--within", "30")


def test_the_workers_probe_counts_failed_ticks_and_fails_only_when_nothing_ticked(cluster) -> None:  # type: ignore[no-untyped-def]
    from django.core.management import CommandError, call_command

    from monitoring.controller_state import note_tick_failed

    with pytest.raises(CommandError, match=r"^workers idle: no tick ran within 30 s \(last never\)"):
        call_command("controller_alive", "--workers", "--within", "30")
    note_tick_ok(cluster, timezone.now() - dt.timedelta(seconds=120))
    with pytest.raises(CommandError, match=r"^workers idle: no tick ran within 30 s \(last 20"):
        call_command("controller_alive", "--workers", "--within", "30")
    # Slurm is down: the cluster is blind, but the workers tick (and fail): alive for the watchdog
    note_tick_failed(cluster, timezone.now(), "sinfo: Unable to contact slurm controller")
    call_command("controller_alive", "--workers", "--within", "30")
    with pytest.raises(CommandError, match=r"^no recent tick: sim-t"):
        call_command("controller_alive", "--within", "30")
