"""The soak's short form (``make soak`` runs the long one): one seeded shift of a few simulated
minutes through the real loop, operator acts and every invariant after every tick; and the same
shift with an invariant broken between two ticks, reported with its seed and the acts so far."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from actions.services.invariants import INVARIANT_NAMES
from monitoring.models import Node

pytestmark = [pytest.mark.redis]

SPEC = importlib.util.spec_from_file_location(
    "soak", Path(__file__).resolve().parents[2] / "scripts" / "soak.py"
)
assert SPEC is not None and SPEC.loader is not None
soak = importlib.util.module_from_spec(SPEC)
sys.modules["soak"] = soak  # its dataclasses look their module up
SPEC.loader.exec_module(soak)

LINE = re.compile(
    r"^soak: seeds=1 sim_minutes=3 faults=(\d+) operator_actions=(\d+) invariants=(\d+) violations=(\d+)$"
)


@pytest.fixture
def shift_env(transactional_db, redis_ns, settings):  # type: ignore[no-untyped-def]
    """Committed transactions (executions are published on commit), the simulator's own fault mix."""
    settings.SIM_FAULT_MEAN_INTERVAL_S = 30
    return soak.make_people()


def test_a_seeded_shift_keeps_every_invariant(shift_env) -> None:  # type: ignore[no-untyped-def]
    printed: list[str] = []
    shift = soak.run_shift(1, 3, shift_env, act_chance=0.3, heavy_every=15, out=printed.append)
    assert printed == [] and shift.violations == []
    assert shift.faults > 0 and shift.operator_actions > 0
    m = LINE.match(soak.soak_line([shift], len(INVARIANT_NAMES)))
    assert m is not None and int(m.group(3)) == len(INVARIANT_NAMES) and m.group(4) == "0"


def test_a_violation_between_ticks_is_reported_with_the_seed_and_the_acts_so_far(shift_env) -> None:  # type: ignore[no-untyped-def]
    def overdrain(cluster, now, tick) -> None:  # type: ignore[no-untyped-def]
        if tick == 30:  # every batch node "drained by us": past the 50 % share
            Node.objects.filter(cluster=cluster, partition="batch").update(drained_by_us=True)

    printed: list[str] = []
    shift = soak.run_shift(1, 2, shift_env, act_chance=0.3, out=printed.append, between_ticks=overdrain)
    assert [v.split(":")[0] for v in shift.violations] == ["partition_drained_within_limit"]
    assert printed[0].startswith("VIOLATION seed=1 t+60s partition_drained_within_limit: soak-1: ")
    assert printed[1].startswith("  acts so far (")
    assert soak.soak_line([shift], len(INVARIANT_NAMES)).endswith("violations=1")


def test_a_worker_killed_between_ticks_loses_its_executions_and_the_outbox_brings_them_back(
    shift_env,
) -> None:  # type: ignore[no-untyped-def]
    from incidents.models import AuditRecord

    printed: list[str] = []
    shift = soak.run_shift(1, 3, shift_env, act_chance=0.3, out=printed.append, worker_kills=0.5)
    assert printed == [] and shift.violations == []
    assert shift.kills > 0 and any("worker killed holding executions" in a for a in shift.acts)
    assert AuditRecord.objects.filter(event="recommendation", outcome="re-dispatched").exists()
