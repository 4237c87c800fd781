# The two commands: `make demo` runs the product, `make test` runs every test.
SHELL := /bin/bash
VENV  := .venv
PY    := $(VENV)/bin/python

.PHONY: demo test test-fast test-slurm test-chaos bench bench-scale bench-fleet soak venv lint clean soak-defects

venv:
	@scripts/bootstrap.sh runtime

demo: venv
	$(PY) scripts/demo.py

test: lint
	scripts/test.sh

test-fast:
	@scripts/bootstrap.sh dev
	scripts/test.sh -m "not slurm and not browser and not chaos and not slow"

# Kill -9 of the worker at each step, Redis down and restarted empty, PostgreSQL down, Slurm failing
# and hanging, on a private PostgreSQL/Redis/worker/beat (tests/chaos). A few minutes.
test-chaos:
	@scripts/bootstrap.sh dev
	scripts/test.sh tests/chaos -s

test-slurm:
	@scripts/bootstrap.sh dev
	scripts/test.sh tests/slurm

bench:
	@scripts/bootstrap.sh dev
	RECOVERY_DEV=1 $(PY) bench/pipeline_bench.py
	RECOVERY_DEV=1 $(PY) bench/telemetry_bench.py
	RECOVERY_DEV=1 $(PY) bench/metrics_scrape_bench.py --incidents 500 2000

# Issue 14's scale bench on its own throwaway PostgreSQL database: SCALE=1 is 100k incidents and
# 1M audit records (long to seed on a small machine); `make bench-scale SCALE=0.05` takes minutes.
SCALE ?= 1
bench-scale:
	@scripts/bootstrap.sh dev
	scripts/services.sh postgres redis
	RECOVERY_DEV=1 DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/recovery} \
	  $(PY) bench/scale_bench.py --scale $(SCALE) --nodes 32 1000 2000 --ticks 10

# Issue 26's fleet bench: 50 synthetic Slurm clusters (20,000 nodes, one of 2,000) on two real Celery
# workers, a real beat, Redis and its own throwaway PostgreSQL database; one worker SIGKILLed mid-run.
# `make bench-fleet FLEET_ARGS="--clusters 3 --nodes 300 --big 150 --incidents 2000 --duration 40"` for a look.
FLEET_ARGS ?=
bench-fleet:
	@scripts/bootstrap.sh dev
	scripts/services.sh postgres redis
	RECOVERY_DEV=1 DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/recovery} \
	  $(PY) bench/fleet_bench.py $(FLEET_ARGS)

# Issue 23's soak: seeded on-call shifts on the simulator (real loop, faults, operator acts), every
# named invariant checked after every tick, on its own throwaway PostgreSQL database and Redis prefix.
# `make soak SEEDS=2 SOAK_MINUTES=5` for a quick look; tests/integration/test_soak_shifts.py is the short form.
# 40 shifts of 15 minutes (600 simulated minutes): more starting points than 20 of 30, and each tick's checks
# read a shorter history. SOAK_ARGS passes more, e.g. SOAK_ARGS="--worker-kills 0.05".
SEEDS ?= 40
SOAK_MINUTES ?= 15
SOAK_JOBS ?= 2
SOAK_ARGS ?=
soak:
	@scripts/bootstrap.sh dev
	scripts/services.sh postgres redis
	RECOVERY_DEV=1 DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/recovery} \
	  $(PY) scripts/soak.py --seeds $(SEEDS) --minutes $(SOAK_MINUTES) --jobs $(SOAK_JOBS) $(SOAK_ARGS)

# Issue 23's defects put back one at a time: the soak must name each (a few minutes apiece on a slow day).
soak-defects:
	@scripts/bootstrap.sh dev
	scripts/services.sh postgres redis
	RECOVERY_DEV=1 DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/recovery} \
	  $(PY) scripts/soak_defects.py

# The pure core, type-checked strictly (no Django in it, so no stubs needed).
PURE := monitoring/detectors monitoring/simulator monitoring/vocabulary.py incidents/attribution \
        incidents/story.py incidents/lifecycle.py monitoring/statetable.py actions/policy actions/pipeline actions/evaluation actions/lifecycle

lint:
	@scripts/bootstrap.sh dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict $(PURE)

clean:
	rm -rf var/ .pytest_cache
