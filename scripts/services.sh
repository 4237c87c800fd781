#!/usr/bin/env bash
# Make sure the real services the tests talk to are up on 127.0.0.1, installing them if absent:
# PostgreSQL (5432), Redis (6379), Debian's Chromium for the browser tests, and promtool,
# systemd-analyze and visudo for the deploy/ checks (`deploy`).
set -euo pipefail

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then apt-get update -qq >/dev/null; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_postgres() {
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then return; fi
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "services: installing PostgreSQL" >&2
    apt_install postgresql
  fi
  local ver; ver=$(ls /etc/postgresql | sort -V | tail -1)
  pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.5; done
  pg_isready -h 127.0.0.1 -p 5432 || { echo "services: PostgreSQL did not start" >&2; exit 1; }
}

ensure_redis() {
  if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then return; fi
  command -v redis-server >/dev/null || { echo "services: installing Redis" >&2; apt_install redis-server; }
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.2; done
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null || { echo "services: Redis did not start" >&2; exit 1; }
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  echo "services: installing Debian's Chromium for the browser tests" >&2
  apt_install chromium fonts-dejavu-core
}

ensure_deploy() {
  # The deploy/ checks: promtool (Debian's prometheus package) and systemd-analyze (systemd).
  command -v promtool >/dev/null || { echo "services: installing promtool (prometheus)" >&2; apt_install prometheus; }
  command -v systemd-analyze >/dev/null || { echo "services: installing systemd-analyze (systemd)" >&2; apt_install systemd; }
  command -v visudo >/dev/null || { echo "services: installing visudo (sudo)" >&2; apt_install sudo; }
}

for what in "${@:-postgres redis chromium}"; do
  for w in $what; do "ensure_$w"; done
done
