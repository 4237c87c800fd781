"""The facts remediation, returns and lemons all need: a node's Xids, its jobs, the reboot budget, and the
qualification gate (the cluster's health check run on the node, kept as evidence).

A leaf under remediation.py, returns.py and lemons.py so none of them imports another in a circle.
"""

from __future__ import annotations

import datetime as dt
import re

from django.db import transaction

from actions.choices import REMEDIATION_IN_FLIGHT, ActionKind, RecStatus
from actions.executors import CheckRun, executor_for
from actions.models import Qualification, Recommendation, Remediation
from actions.policy.guardrails import RebootBudget, check_reboot
from incidents.audit import append_audit
from incidents.choices import AuditEvent, IncidentStatus
from incidents.models import Incident
from monitoring.choices import JobState
from monitoring.detectors.xid import parse_xid_line
from monitoring.live import push_after_commit
from monitoring.models import Job, Node

REMEDIATION_ACTIONS = frozenset({ActionKind.REBOOT_NODE, ActionKind.RESET_GPU})
_PATTERN_XID = re.compile(r"xid[ _:-]?(\d+)", re.IGNORECASE)


class QualificationFailed(Exception):
    """The node failed its health check: it stays drained."""

    def __init__(self, check: Qualification) -> None:
        super().__init__(
            f"{check.node} failed its health check (rc={check.rc}): {check.output.strip()[-300:]}"
        )
        self.check = check


def ends_with_incident(action: str, incident_status: str) -> bool:
    """Does this recommendation end when its incident closes?

    A reboot or GPU reset is the node's track, not the job's: the job verified running again
    (the incident recovered) or people taking over (escalated) never ends it. It stays open
    until it runs, a person declines it, or an admin's override returns the node without it;
    a dismissal (a person's "false alarm", with a reason) is such a decline.
    """
    return action not in REMEDIATION_ACTIONS or incident_status == IncidentStatus.DISMISSED


# ---------------------------------------------------------------- proposing


def xids_of(incident: Incident) -> list[tuple[int, int | None]]:
    """The Xids an incident's evidence carries, with the culprit GPU where it is known."""
    found: list[tuple[int, int | None]] = []
    for text in incident.evidence.values_list("text", flat=True):
        line = parse_xid_line(text)
        if line is not None:
            found.append((line.xid, incident.culprit_gpu))
    found += [(int(x), incident.culprit_gpu) for x in _PATTERN_XID.findall(incident.pattern or "")]
    return found


def jobs_on(node: Node) -> list[str]:
    """Running jobs the controller knows on this node (the scheduler's view, as last collected)."""
    running = Job.objects.filter(cluster=node.cluster, state=JobState.RUNNING).only("slurm_id", "nodes")
    return [j.slurm_id for j in running if node.name in j.node_list]


def reboot_budget(rec: Recommendation) -> RebootBudget:
    cluster = rec.cluster
    in_flight = Remediation.objects.filter(cluster=cluster, state__in=list(REMEDIATION_IN_FLIGHT))
    executing = (
        Recommendation.objects.filter(
            cluster=cluster, action__in=list(REMEDIATION_ACTIONS), status=RecStatus.EXECUTING
        )
        .exclude(pk=rec.pk)
        .exclude(remediation__isnull=False)
    )
    node = Node.objects.filter(cluster=cluster, name=rec.node).first()
    partition = node.partition if node else ""
    return RebootBudget(
        in_flight=in_flight.exclude(node=rec.node).count() + executing.count(),
        max_in_flight=cluster.max_reboots_in_flight,
        partition_size=Node.objects.filter(cluster=cluster, partition=partition).count(),
        partition_rebooting=in_flight.filter(partition=partition).exclude(node=rec.node).count(),
        max_partition_rebooting_pct=cluster.max_partition_rebooting_pct,
    )


def reboot_verdict(rec: Recommendation) -> str | None:
    return check_reboot(reboot_budget(rec))


# ---------------------------------------------------------------- acting


def qualify(
    node: Node,
    now: dt.datetime,
    trigger: str,
    actor: str | None = None,
    remediation: Remediation | None = None,
) -> Qualification:
    """Run the cluster's health check on the node through the transport; keep its output as evidence."""
    started = now
    try:
        run = executor_for(node.cluster).run_check(node.name, started.timestamp())
    except ValueError as exc:  # no check configured: a gate that cannot run does not pass
        run = CheckRun([], 2, str(exc))
    with transaction.atomic():
        check = Qualification.objects.create(
            cluster=node.cluster,
            node=node.name,
            remediation=remediation,
            trigger=trigger,
            argv=run.argv,
            rc=run.rc,
            passed=run.passed,
            output=run.output[-20000:],
            actor=actor or "controller",
            started_at=started,
            finished_at=started,
        )
        append_audit(
            event=AuditEvent.VERIFICATION,
            at=started,
            actor=actor,
            cluster=node.cluster.name,
            node=node.name,
            action=f"qualify {node.name}"[:64],
            outcome="passed" if run.passed else "failed",
            detail={"argv": run.argv, "rc": run.rc, "output": run.output[-2000:], "trigger": trigger},
        )
        push_after_commit("inventory", cluster=node.cluster_id)
    return check


# ---------------------------------------------------------------- verifying
