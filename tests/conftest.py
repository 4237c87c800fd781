"""Shared fixtures: the three standing users, a simulated cluster, and an isolated Redis namespace."""

from __future__ import annotations

import os
import uuid

import pytest

from tests import children


def pytest_configure(config: pytest.Config) -> None:
    children.install()  # a SIGTERM to pytest stops the stacks its tests started


# Tests that share one real component of the machine run in one xdist group, so one worker
# process drives that component while the other runs the rest: the local Slurm cluster and its
# sshd (one slurmctld, one set of nodes: two workers would cancel each other's jobs and undo each
# other's drains), and the chaos stack (it kills workers and PostgreSQL servers of its own and
# needs the CPU it measures with).
SHARED_COMPONENT_GROUPS = {"slurm": "slurm", "chaos": "chaos"}


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the marks (--dist loadgroup)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.parent.name
        group = SHARED_COMPONENT_GROUPS.get(folder)
        if group and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(group))


def _user(django_user_model, name: str, group: str):  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user(username=name, password=name)
    user.groups.add(Group.objects.get_or_create(name=group)[0])  # transactional tests flush migration data
    return user


@pytest.fixture(autouse=True)
def record_dir(settings, tmp_path):  # type: ignore[no-untyped-def]
    """Each test records its clusters' event streams in its own folder (never the repo's var/record)."""
    settings.RECOVERY_RECORD_DIR = str(tmp_path / "record")
    return tmp_path / "record"


@pytest.fixture
def viewer(db, django_user_model):  # type: ignore[no-untyped-def]
    return _user(django_user_model, "vera", "viewer")


@pytest.fixture
def operator(db, django_user_model):  # type: ignore[no-untyped-def]
    return _user(django_user_model, "otto", "operator")


@pytest.fixture
def admin_user(db, django_user_model):  # type: ignore[no-untyped-def]
    return _user(django_user_model, "ada", "admin")


@pytest.fixture
def redis_ns(settings):  # type: ignore[no-untyped-def]
    """A fresh Redis key namespace per test, removed afterwards (real Redis, never mocked)."""
    from monitoring.redis_store import get_redis

    prefix = f"{os.environ.get('RECOVERY_REDIS_PREFIX', 'test')}-{uuid.uuid4().hex[:8]}"
    settings.RECOVERY_REDIS_PREFIX = prefix
    r = get_redis()
    try:
        r.ping()
    except Exception as exc:  # in CI a missing Redis is a failure, never a skip
        pytest.fail(f"Redis at {settings.REDIS_URL} is not reachable: {exc}")
    yield prefix
    keys = list(r.scan_iter(f"{prefix}:*"))
    if keys:
        r.delete(*keys)


@pytest.fixture
def cluster(db):  # type: ignore[no-untyped-def]
    from monitoring.choices import Autonomy, ConnectionMode
    from monitoring.models import Cluster

    return Cluster.objects.create(
        name="sim-t",
        connection_mode=ConnectionMode.SIMULATED,
        autonomy=Autonomy.MONITOR,
        partitions=["batch", "canary"],
        pci_bus_ids=[
            "0000:18:00",
            "0000:2a:00",
            "0000:3a:00",
            "0000:5d:00",
            "0000:9a:00",
            "0000:ab:00",
            "0000:ba:00",
            "0000:db:00",
        ],
        max_drains_per_hour=10,
        max_partition_drained_pct=50,
    )
