"""Shared fixtures: the three standing users, a simulated cluster, and an isolated Redis namespace."""

from __future__ import annotations

import os
import time
import uuid

import pytest

from tests import children


def pytest_configure(config: pytest.Config) -> None:
    children.install()  # a SIGTERM to pytest stops the stacks its tests started


# Tests that share one real component of the machine run on one xdist worker, one after another,
# while the other workers run the rest: the Slurm 24.11 cluster in its chroot (one slurmctld, one set
# of nodes: two workers would cancel each other's jobs and undo each other's drains), the chaos
# stack (it kills workers and PostgreSQL servers of its own and needs the CPU it measures with), and
# a module whose tests share one stretch of simulated cluster life (tests/integration/stretch.py).
# The local Slurm cluster is not one of them: each worker brings up its own (tests/slurm/conftest.py:
# cluster_settings), so the local cluster's tests spread over every worker like the rest.
# Grouped by path in the scheduler itself: xdist's own `xdist_group` mark does not group under
# pytest 9.2 (it renames `item._nodeid`, which pytest no longer reads), so it is not used.
SHARED_COMPONENT_GROUPS = {  # the first prefix that matches decides: the more specific first
    "tests/slurm/test_restd_new_live.py": "slurm-24.11",
    "tests/chaos/": "chaos",
    "tests/integration/test_whatif.py": "whatif-stretch",
}


def group_of(nodeid: str) -> str:
    """The work unit a test is scheduled in: its shared component's group, else the test alone."""
    for prefix, group in SHARED_COMPONENT_GROUPS.items():
        if nodeid.startswith(prefix):
            return group
    return nodeid


UNTIMED_S = 0.3  # a test the list does not name took under its 3 s: most take a tenth of a second


def longest_first(units: dict[str, list[str]], took: dict[str, float]) -> list[str]:
    """The work units in the order to hand them out: the longest first, by what their tests took in
    a timed run (``took``; a test it does not name counts ``UNTIMED_S``), ties in collection order.

    Longest-processing-time-first: a long unit handed out last is the run's tail, one process
    finishing it while the others wait; handed out first, the short ones fill in around it."""
    cost = {unit: sum(took.get(nodeid, UNTIMED_S) for nodeid in ids) for unit, ids in units.items()}
    return sorted(units, key=lambda unit: -cost[unit])


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    from xdist.scheduler import LoadScopeScheduling

    took = listed_times()

    class SharedComponentScheduling(LoadScopeScheduling):
        """xdist's load-by-scope scheduling with ``group_of`` as the scope, the longest units first.

        xdist orders the units by their number of tests; the first hand-out re-orders its queue by
        ``longest_first`` instead, once (units are handed out one at a time, as a process runs low)."""

        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

        def _assign_work_unit(self, node: object) -> None:
            if not self.ordered:
                queue = dict(self.workqueue)
                units = {unit: list(ids) for unit, ids in queue.items()}
                self.workqueue.clear()
                for unit in longest_first(units, took):
                    self.workqueue[unit] = queue[unit]
                self.ordered = True
            super()._assign_work_unit(node)  # type: ignore[arg-type]

    return SharedComponentScheduling(config, log)  # type: ignore[arg-type]


SLOW_LIST = os.path.join(os.path.dirname(__file__), "slow_tests.txt")


def listed_times(path: str = SLOW_LIST) -> dict[str, float]:
    """The tests tests/slow_tests.txt names (written by scripts/slow_tests.py from timed runs), each
    with the most it took (``  # 12.3 s``; 0 where a line has no figure)."""
    out: dict[str, float] = {}
    with open(path) as f:
        for line in f:
            nodeid, _, figure = line.partition("#")
            if nodeid.strip():
                fields = figure.split()
                out[nodeid.strip()] = float(fields[0]) if fields else 0.0
    return out


def slow_test_ids(path: str = SLOW_LIST) -> frozenset[str]:
    """The node ids in tests/slow_tests.txt."""
    return frozenset(listed_times(path))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` what the list names: `make test-fast` (``-m "not slow"``) leaves them out."""
    slow = slow_test_ids()
    for item in items:
        if item.nodeid in slow:
            item.add_marker(pytest.mark.slow)


def _user(django_user_model, name: str, group: str):  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user(username=name, password=name)
    user.groups.add(Group.objects.get_or_create(name=group)[0])  # transactional tests flush migration data
    return user


def process_pool():  # type: ignore[no-untyped-def]
    """This process's psycopg pool for the default database, or None (no pool, or none opened yet)."""
    from django.db import DEFAULT_DB_ALIAS, connections

    wrapper = connections[DEFAULT_DB_ALIAS]  # the wrapper itself: `django.db.connection` is a proxy
    return getattr(type(wrapper), "_connection_pools", {}).get(wrapper.alias)


def pooled_connections_out() -> int | None:
    """How many of this process's pooled PostgreSQL connections are out of the pool and not held by
    this thread's own connection (None without a pool): a thread that used the database and ended
    without closing its connection keeps one out for good, and ten of them starve the process."""
    from django.db import connection

    pool = process_pool()
    if pool is None:
        return None
    stats = pool.get_stats()
    return stats["pool_size"] - stats["pool_available"] - (1 if connection.connection is not None else 0)


@pytest.fixture(autouse=True)
def pooled_connections_come_back(request):  # type: ignore[no-untyped-def]
    """Invariant: a test gives back every pooled connection it took (its threads close theirs).

    Ten connections left out starve the process: every later test on it waits 10 s for a connection
    and fails (``couldn't get a connection after 10.00 sec``), far from the test that leaked them.
    Here the leaking test fails itself. (The CI run of stop 39 failed that way for another reason,
    its idle connections terminated: tests/integration/test_pooled_connections.py.) Set up first
    of the autouse fixtures and so torn down last, after ``db`` and the test's own."""
    before = pooled_connections_out()
    yield
    if before is None:
        return
    allowed = max(before, 0)
    deadline = time.monotonic() + 3  # a connection the pool is still opening counts as out: let it land
    while (after := pooled_connections_out() or 0) > allowed and time.monotonic() < deadline:
        time.sleep(0.05)
    if after > allowed:
        pytest.fail(
            f"{request.node.nodeid} left {after - allowed} pooled database connection(s) out "
            f"({after} out now): a thread it started used the database without connections.close_all()",
            pytrace=False,
        )


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


def make_cluster():  # type: ignore[no-untyped-def]
    """The standing simulated cluster ``sim-t`` (8 GPUs a node, partitions batch and canary), in monitor mode."""
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


@pytest.fixture
def cluster(db):  # type: ignore[no-untyped-def]
    return make_cluster()
