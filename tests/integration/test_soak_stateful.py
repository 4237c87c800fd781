"""The soak as a Hypothesis state machine: ticks of the real loop, injected faults and the operator's
acts (the same acts as ``scripts/soak.py``) in an order Hypothesis chooses, every cheap invariant
checked after every step and every invariant at the end. A failing run is shrunk by Hypothesis to
the shortest sequence of steps that still breaks an invariant, and printed as such.

Tried once with a defect made on purpose (a drain by hand that marked every batch node drained by
us): Hypothesis found it and shrank it to ``state.start()``, ``state.act(seed=0, verb='drain')``,
``state.teardown()``. Shrinking took over five minutes (each run starts a simulated cluster), which is
why that demonstration is not a test here. The same defect put in ``drains.drain_by_hand`` makes
this test fail (``partition_drained_within_limit: ... 28 of 28 nodes of partition batch drained``)."""

from __future__ import annotations

import datetime as dt
import importlib.util
import itertools
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from actions.loop import run_cluster_tick
from actions.services.invariants import INVARIANT_NAMES, check_all
from monitoring.sources.simulated import inject

pytestmark = [pytest.mark.redis]

SPEC = importlib.util.spec_from_file_location(
    "soak", Path(__file__).resolve().parents[2] / "scripts" / "soak.py"
)
assert SPEC is not None and SPEC.loader is not None
soak = importlib.util.module_from_spec(SPEC)
sys.modules["soak"] = soak  # its dataclasses look their module up
SPEC.loader.exec_module(soak)

CHEAP = [n for n in INVARIANT_NAMES if n not in soak.HEAVY]
FAULTS = ["xid79", "xid48", "hang", "ib_link", "node_down", "oom", "thermal", "lustre"]
SHIFTS = itertools.count(1)


class Shift(RuleBasedStateMachine):
    """One shift on a fresh simulated cluster; ``self.now`` only moves forward."""

    people: dict[str, Any] = {}
    warmup_ticks = 30  # a minute of life: jobs launched and printing progress
    checked = CHEAP  # after every step; every invariant at the end

    def __init__(self) -> None:
        super().__init__()
        self.cluster: Any = None
        self.now = soak.T0
        self.log: list[str] = []

    @initialize()
    def start(self) -> None:
        n = next(SHIFTS)
        self.cluster = soak.make_cluster(10_000 + n, random.Random(n))
        self.acts = soak.acts_for(self.cluster, self.people)
        self.worker = soak.simulated_worker()
        self.sent = self.worker.__enter__()
        self.ticks(self.warmup_ticks)

    def ticks(self, n: int) -> None:
        for _ in range(n):
            self.now += dt.timedelta(seconds=soak.STEP_S)
            run_cluster_tick(self.cluster.pk, self.now)
            soak.run_executions(self.sent, self.now)

    @rule(n=st.integers(1, 20))
    def tick(self, n: int) -> None:
        self.ticks(n)

    @rule(kind=st.sampled_from(FAULTS))
    def fault(self, kind: str) -> None:
        try:
            inject(self.cluster, kind, None, self.now.timestamp(), existing=True)
        except ValueError:  # e.g. no job running for a fault that needs one
            pass

    @precondition(lambda self: self.cluster is not None)
    @rule(verb=st.sampled_from(sorted(soak.WEIGHTS)), seed=st.integers(0, 2**16))
    def act(self, verb: str, seed: int) -> None:
        try:
            self.acts[verb](random.Random(seed), self.now)
        except soak.refusals():
            pass  # a refusal is an answer; the invariants judge what it left
        soak.run_executions(self.sent, self.now)

    @invariant()
    def cheap_invariants_hold(self) -> None:
        if self.cluster is not None:
            found = check_all(self.cluster, self.now, self.checked)
            assert not found, "; ".join(map(str, found))

    def teardown(self) -> None:
        if self.cluster is not None:
            try:
                found = check_all(self.cluster, self.now, None if self.checked is CHEAP else self.checked)
                assert not found, "; ".join(map(str, found))
            finally:
                self.worker.__exit__(None, None, None)


SETTINGS = settings(
    max_examples=5,
    stateful_step_count=15,
    deadline=None,
    derandomize=True,  # the same sequences on every run: CI reproduces what a developer saw
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture
def people(transactional_db, redis_ns, settings):  # type: ignore[no-untyped-def]
    """Committed transactions (executions are published on commit); only the faults a step injects."""
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    Shift.people = soak.make_people()
    return Shift.people


def test_random_shifts_keep_every_invariant_after_every_step(people) -> None:  # type: ignore[no-untyped-def]
    run_state_machine_as_test(Shift, settings=SETTINGS)
