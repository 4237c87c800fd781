"""A stretch of simulated cluster life built once per test module and handed to each test as its own.

Some modules' tests all start from the same minutes of cluster life (the what-if tests: two
faults, judged): built per test, each paid ~20 s of ticks for the same rows, keys and record
files. ``shared_stretch`` builds it once, committed to the worker's test database, then gives
every test a fresh copy of the parts a test can change outside its transaction:

- the database rows are the module's, and each test runs in its own transaction over them
  (pytest-django's ``db``), so what a test writes is rolled back;
- the Redis keys are copied (DUMP/RESTORE, TTLs kept) into the test's own prefix;
- the recorded event streams are copied into the test's own folder.

At the end of the module the rows are flushed (as a transactional test does) and the keys and
files removed, and the migrations' own rows (the role groups) put back. The module's tests run on one xdist worker (tests/conftest.py), so it is built once.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.integration.sim_clock import Clock


@dataclass
class Stretch:
    prefix: str
    record_dir: Path
    now: Any
    pks: dict[str, Any] = field(default_factory=dict)


def _copy_keys(src_prefix: str, dst_prefix: str) -> None:
    from monitoring.redis_store import get_redis

    r = get_redis()
    for k in r.scan_iter(f"{src_prefix}:*"):
        name = k.decode() if isinstance(k, bytes) else k
        ttl = r.pttl(name)
        dumped = r.dump(name)
        if dumped is not None:
            r.restore(dst_prefix + name[len(src_prefix) :], max(ttl, 0), dumped, replace=True)


def _delete_keys(prefix: str) -> None:
    from monitoring.redis_store import get_redis

    r = get_redis()
    keys = list(r.scan_iter(f"{prefix}:*"))
    if keys:
        r.delete(*keys)


def _restore_migration_data() -> None:
    """What the migrations put in an empty database and a flush takes out: the role groups."""
    from django.contrib.auth.models import Group

    from recovery_site.roles import GROUP_NAMES

    for name in GROUP_NAMES:
        Group.objects.get_or_create(name=name)


def build(
    django_db_blocker: Any, tmp: Path, make: Callable[[Clock], dict[str, Any]], start: Any, **overrides: Any
) -> Iterator[Stretch]:
    """Run ``make(clock)`` once, committed, under a prefix and record folder of its own; yield what it built."""
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test import override_settings

    from monitoring.redis_store import get_redis

    prefix = f"{os.environ.get('RECOVERY_REDIS_PREFIX', 'test')}-stretch-{uuid.uuid4().hex[:8]}"
    record = tmp / "record"
    clock = Clock(start)
    with django_db_blocker.unblock():
        try:
            with override_settings(
                RECOVERY_REDIS_PREFIX=prefix, RECOVERY_RECORD_DIR=str(record), **overrides
            ):
                get_redis().ping()
                with transaction.atomic():
                    pks = make(clock)
                    # Tests capture what goes out after commit and never run it: neither does the build.
                    connection.run_on_commit = []
            yield Stretch(prefix, record, clock.now, pks)
        finally:
            call_command("flush", interactive=False, verbosity=0)
            _restore_migration_data()
            _delete_keys(prefix)
            shutil.rmtree(record, ignore_errors=True)


@pytest.fixture
def stretch_redis_ns(shared_stretch: Stretch, settings: Any) -> Iterator[str]:
    """The test's own Redis prefix, holding a copy of the stretch's keys."""
    prefix = f"{os.environ.get('RECOVERY_REDIS_PREFIX', 'test')}-{uuid.uuid4().hex[:8]}"
    _copy_keys(shared_stretch.prefix, prefix)
    settings.RECOVERY_REDIS_PREFIX = prefix
    yield prefix
    _delete_keys(prefix)


@pytest.fixture
def stretch_record_dir(shared_stretch: Stretch, settings: Any, tmp_path: Path) -> Path:
    """The test's own folder, holding a copy of the stretch's recorded streams."""
    dest = tmp_path / "record"
    if shared_stretch.record_dir.exists():
        shutil.copytree(shared_stretch.record_dir, dest)
    settings.RECOVERY_RECORD_DIR = str(dest)
    return dest
