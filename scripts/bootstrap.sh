#!/usr/bin/env bash
# Create .venv/ with Python 3.11 and install the pinned requirements, once per change.
#   scripts/bootstrap.sh runtime   # what `make demo` needs
#   scripts/bootstrap.sh dev       # plus the test tools
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-runtime}"
req=requirements.txt
[ "$kind" = dev ] && req=requirements-dev.txt

py=""
for cand in python3.11 python3; do
  if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import sys; sys.exit(0 if sys.version_info[:2] >= (3, 11) else 1)'; then
    py="$cand"; break
  fi
done
if [ -z "$py" ]; then
  echo "bootstrap: Python 3.11+ is needed; installing Debian's python3" >&2
  apt-get update -qq && apt-get install -y -qq python3 python3-venv >/dev/null
  py=python3
fi

if [ ! -x .venv/bin/python ]; then
  echo "bootstrap: creating .venv with $($py --version)"
  "$py" -m venv .venv || { apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null && "$py" -m venv .venv; }
fi

sum="$(cat requirements.txt requirements-dev.txt | sha1sum | cut -c1-12)"
stamp=".venv/.installed-$kind-$sum"
# A dev install includes the runtime one.
if [ ! -f "$stamp" ] && ! { [ "$kind" = runtime ] && [ -f ".venv/.installed-dev-$sum" ]; }; then
  echo "bootstrap: installing $req"
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null 2>&1 || true
  .venv/bin/python -m pip install -q --disable-pip-version-check -r "$req" 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -c "import django, celery, channels, daphne" # fail loudly if the install did not take
  [ "$kind" = dev ] && .venv/bin/python -c "import pytest, pytest_django, playwright, hypothesis"
  rm -f .venv/.installed-"$kind"-*
  touch "$stamp"
fi
