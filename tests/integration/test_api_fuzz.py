"""Fuzz the REST API from its own OpenAPI schema (schemathesis, bounded): no 500s, no role leak (issue 13).

Every operation drf-spectacular publishes is called in-process through the WSGI app
with generated path, query and body values, as a viewer (who may read, never
decide) and anonymously (who may do nothing). A 5xx anywhere, a 2xx on a mutating
call by a viewer, or any 2xx for an anonymous caller fails the test; so does a
recommendation or incident that changed state under the viewer's requests.
"""

from __future__ import annotations

import collections
import os

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error

from actions.models import Recommendation
from actions.services.recommendations import sync_recommendations
from incidents.models import Incident
from monitoring.models import Job, Node
from tests.integration.autonomy_helpers import NOW

pytestmark = pytest.mark.django_db
EXAMPLES = int(os.environ.get("RECOVERY_FUZZ_EXAMPLES", "15"))  # per operation and caller
MUTATING = {"POST", "PUT", "PATCH", "DELETE"}


def _schema():  # type: ignore[no-untyped-def]
    from drf_spectacular.generators import SchemaGenerator

    from recovery_site.wsgi import application

    raw = SchemaGenerator().get_schema(request=None, public=True)
    schema = schemathesis.openapi.from_dict(raw)
    schema.app = application
    return schema


@pytest.fixture
def same_connection():  # type: ignore[no-untyped-def]
    """The WSGI app closes "old" connections around each request; the test's transaction must survive, as under Django's test client."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(cluster, same_connection):  # type: ignore[no-untyped-def]
    Node.objects.create(cluster=cluster, name="gpu-a-001", partition="batch", state="ALLOCATED")
    Job.objects.create(
        cluster=cluster, slurm_id="4101", name="train", partition="batch", nodes="gpu-a-001", state="FAILED"
    )
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="gpu_hardware",
        culprit_node="gpu-a-001",
        confidence=0.9,
        pattern="xid:79",
        jobs=["4101"],
        detected_at=NOW,
    )
    sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-001"}], NOW)
    return incident


def _fuzz(headers: dict[str, str], stats: collections.Counter[str], leaks: list[str], anonymous: bool) -> int:
    operations = 0
    for result in _schema().get_all_operations():
        op = result.ok()
        operations += 1

        @given(case=op.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def call(case) -> None:  # type: ignore[no-untyped-def]
            response = case.call(headers=headers)
            stats[f"{response.status_code // 100}xx"] += 1
            stats["requests"] += 1
            case.validate_response(response, checks=[not_a_server_error])
            ok = 200 <= response.status_code < 300
            if ok and (anonymous or case.method.upper() in MUTATING):
                leaks.append(f"{case.method} {case.formatted_path} -> {response.status_code}")

        call()
    return operations


def test_the_api_fuzzed_from_its_schema_never_fails_or_leaks_a_role(world, viewer) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from actions.api.auth import create_token

    _, raw = create_token(viewer, "fuzz", timezone.now())
    before = (
        sorted(Recommendation.objects.values_list("id", "status")),
        sorted(Incident.objects.values_list("id", "status", "operator_verdict")),
    )
    stats: collections.Counter[str] = collections.Counter()
    leaks: list[str] = []
    operations = _fuzz({"Authorization": f"Token {raw}"}, stats, leaks, anonymous=False)
    _fuzz({}, stats, leaks, anonymous=True)
    print(
        f"api fuzz: {operations} operations x 2 callers, {stats['requests']} requests, "
        + ", ".join(f"{k} {v}" for k, v in sorted(stats.items()) if k != "requests")
    )
    assert leaks == []
    assert stats["5xx"] == 0 and stats["requests"] >= operations * 2
    after = (
        sorted(Recommendation.objects.values_list("id", "status")),
        sorted(Incident.objects.values_list("id", "status", "operator_verdict")),
    )
    assert after == before
