#!/usr/bin/env bash
# Run the whole suite against real PostgreSQL, Redis, Chromium and (tests/slurm) a real Slurm.
# Extra arguments go to pytest, e.g. `scripts/test.sh -m "not slurm"` or `scripts/test.sh tests/unit`.
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

start=$(date +%s)
set +e
.venv/bin/python -m pytest "$@"
rc=$?
set -e
echo "test suite took $(( $(date +%s) - start )) s"
# Drop the run's Redis keys (detector state, simulator world, locks).
redis-cli -h 127.0.0.1 -p 6379 --scan --pattern "test-$$:*" | xargs -r redis-cli -h 127.0.0.1 -p 6379 del >/dev/null || true
exit $rc
