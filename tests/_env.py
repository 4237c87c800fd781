"""Loaded with `-p tests._env` before pytest-django reads the settings: test runs are dev runs.

Under pytest-xdist each worker process gets its own Redis key prefix and live-update channel
prefix (the worker id appended), as pytest-django gives it its own test database: two workers
never see each other's detector state, simulator world or pushes.
"""

import os

os.environ.setdefault("RECOVERY_DEV", "1")
# A `make demo` running in this checkout leaves var/demo.env for manage.py to find; the manage.py
# processes tests start never follow it (a test that wants a demo file names its own).
os.environ.setdefault("RECOVERY_DEMO_ENV_FILE", "")

_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker:
    for _name, _default in (("RECOVERY_REDIS_PREFIX", "test"), ("RECOVERY_CHANNEL_PREFIX", "test-asgi")):
        os.environ[_name] = f"{os.environ.get(_name, _default)}-{_worker}"
