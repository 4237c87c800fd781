"""Readiness with nothing recorded: a fresh cluster, apart from test_whatif.py's shared stretch."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def _readiness(cluster, now):  # type: ignore[no-untyped-def]
    from actions.views.reports import cluster_readiness

    return {r.scope: r for r in cluster_readiness(cluster, now)}


def test_without_a_record_readiness_says_there_is_nothing_to_replay(cluster, redis_ns, record_dir) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    iso = _readiness(cluster, timezone.now())["isolation"]
    assert not iso.ready
    assert iso.whatif == "isolation: no recorded stream to replay at approve"
    assert "no what-if replay (is recording on?)" in iso.text
