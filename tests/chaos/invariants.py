"""What must hold after any fault, read straight from the controller's database."""

from __future__ import annotations

import datetime as dt
import json
import time
from dataclasses import dataclass
from typing import Any

from tests.chaos.conftest import STUCK_AFTER_S, Stack, wait_for


@dataclass
class Figures:
    fault: str
    records_lost: int
    double_actions: int
    stuck_recs: int
    blind_s: float | None = None
    resume_s: float | None = None

    def row(self) -> str:
        def f(x: float | None) -> str:
            return "-" if x is None else f"{x:.1f}"

        return f"| {self.fault} | {self.records_lost} | {self.double_actions} | {self.stuck_recs} | {f(self.blind_s)} | {f(self.resume_s)} |"


def records_lost(s: Stack) -> int:
    """Transitions without their audit record, plus holes in the audit chain's sequence."""
    missing = s.one(
        """SELECT count(*) FROM actions_recommendationtransition t
           WHERE NOT EXISTS (SELECT 1 FROM incidents_auditrecord a
                             WHERE a.recommendation_id = t.recommendation_id AND a.outcome = t.new)"""
    )
    n, top = s.sql("SELECT count(*), coalesce(max(seq), 0) FROM incidents_auditrecord")[0]
    return int(missing) + int(top - n)


def double_actions(s: Stack) -> int:
    """The same drain or requeue carried out (not "already") more than once."""
    rows = s.sql(
        """SELECT action, node, job, count(*) FROM actions_recommendation
           WHERE status = 'succeeded' AND (result LIKE 'scontrol update NodeName=%%' OR result LIKE 'scontrol requeue%%')
           GROUP BY action, node, job HAVING count(*) > 1"""
    )
    return sum(int(r[3]) - 1 for r in rows)


def stuck(s: Stack, older_than_s: float = STUCK_AFTER_S) -> int:
    return int(
        s.one(
            """SELECT count(*) FROM actions_recommendation
           WHERE (status = 'approved' AND coalesce(dispatched_at, created_at) < now() - make_interval(secs => %s))
              OR (status = 'executing' AND executed_at < now() - make_interval(secs => %s))""",
            older_than_s,
            older_than_s,
        )
    )


def settle(s: Stack, timeout: float = 60) -> None:
    """Wait until nothing is approved or executing any more (the reconciler's job)."""
    wait_for(
        "every recommendation settled",
        lambda: (
            s.one("SELECT count(*) FROM actions_recommendation WHERE status IN ('approved', 'executing')")
            == 0
        ),
        timeout,
        0.5,
    )


def incidents(s: Stack) -> dict[int, tuple[Any, ...]]:
    """Each incident's identity and verdict (status may legitimately move on)."""
    rows = s.sql(
        "SELECT id, key, category, culprit_node, culprit_gpu, jobs::text, detected_at, pattern FROM incidents_incident"
    )
    return {r[0]: r[1:] for r in rows}


def last_tick(s: Stack, cluster: str = "sim-a") -> dt.datetime | None:
    return s.one(
        "SELECT cs.last_tick_at FROM monitoring_controllerstate cs JOIN monitoring_cluster c ON c.id = cs.cluster_id WHERE c.name = %s",
        cluster,
    )


def wait_resumed(s: Stack, since: dt.datetime, timeout: float = 90, cluster: str = "sim-a") -> float:
    """Seconds from ``since`` until a tick succeeded after it."""
    start = time.monotonic()
    try:
        wait_for(f"{cluster} ticking again", lambda: (last_tick(s, cluster) or since) > since, timeout, 0.2)
    except AssertionError as exc:
        error = s.one(
            "SELECT cs.last_error FROM monitoring_controllerstate cs JOIN monitoring_cluster c "
            "ON c.id = cs.cluster_id WHERE c.name = %s",
            cluster,
        )
        raise AssertionError(f"{exc}; last error: {error!r}\n{s.logs()}") from None
    return time.monotonic() - start


def db_now(s: Stack) -> dt.datetime:
    return s.one("SELECT now()")


def health(s: Stack, cluster: str = "sim-a") -> dict[str, Any]:
    """What the pages and /api/ show for the cluster (rendered by the product's own code)."""
    out = s.manage(
        "shell",
        "-c",
        (
            "import json; from django.utils import timezone; from monitoring.models import Cluster; "
            "from monitoring.controller_state import health; "
            f"print(json.dumps(health(Cluster.objects.get(name={cluster!r}), timezone.now())))"
        ),
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def audit_chain_ok(s: Stack) -> bool:
    out = s.manage("shell", "-c", "from incidents.audit import verify_chain; print(verify_chain().ok)")
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.strip().splitlines()[-1] == "True"
