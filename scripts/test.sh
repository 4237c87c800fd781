#!/usr/bin/env bash
# Run the whole suite against real PostgreSQL, Redis, Chromium and (tests/slurm) a real Slurm.
# Extra arguments go to pytest, e.g. `scripts/test.sh -m "not slurm"` or `scripts/test.sh tests/unit`.
# The suite runs in TEST_WORKERS processes (pytest-xdist; default: one per core, at most 4),
# tests that share one real component grouped on one of them (tests/conftest.py); TEST_WORKERS=0
# runs it in this one process. It prints its wall time and the 25 slowest tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/services.sh postgres redis chromium deploy

export DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/recovery}"
export REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379/0}"
export RECOVERY_REDIS_PREFIX="test-$$"
export RECOVERY_CHANNEL_PREFIX="test-$$-asgi"  # live pushes of this run only (never a running demo's)
export RECOVERY_DEV=1
export DJANGO_SETTINGS_MODULE=recovery_site.settings
export PYTHONDONTWRITEBYTECODE=1

workers="${TEST_WORKERS:-$(( $(nproc) < 4 ? $(nproc) : 4 ))}"
xdist=(-n "$workers")  # scheduled by shared component (tests/conftest.py)
[ "$workers" = 0 ] && xdist=(-n 0)  # in this one process

start=$EPOCHREALTIME
set +e
.venv/bin/python -m pytest "${xdist[@]}" --durations=25 --durations-min=1 "$@"
rc=$?
set -e
# pytest exits 5 when nothing was collected (e.g. a -k that matched nothing): say so, and fail.
[ "$rc" = 5 ] && echo "test suite: no test was collected" >&2
awk -v a="$start" -v b="$EPOCHREALTIME" -v w="$workers" \
  'BEGIN { printf "test suite took %.0f s wall on %s\n", b - a, (w == 0 ? "one process" : w " worker processes") }'
# Drop the run's Redis keys (detector state, simulator world, locks), every worker's.
redis-cli -h 127.0.0.1 -p 6379 --scan --pattern "test-$$*" | xargs -r redis-cli -h 127.0.0.1 -p 6379 del >/dev/null || true
exit $rc
