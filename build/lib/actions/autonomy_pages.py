"""Page data for the autonomy ladder: what holds now, and the forms to change it."""

from __future__ import annotations

from typing import Any

from actions.autonomy import KINDS, Target, resolve
from actions.autonomy_services import INHERIT, ladder_for
from actions.choices import AutonomyKind, OverrideScope
from actions.models import AutonomyOverride
from monitoring.choices import Autonomy
from monitoring.models import Cluster, Node

LEVEL_CHOICES = [(INHERIT, "Inherit"), *Autonomy.choices]


def _forms() -> dict[str, Any]:
    return {"level_choices": LEVEL_CHOICES, "kinds": AutonomyKind.choices, "scopes": OverrideScope.choices}


def cluster_panel(cluster: Cluster) -> dict[str, Any]:
    """The cluster's level per kind (after the switch), its overrides, and what they can target."""
    ladder = ladder_for(cluster)
    return {
        "ladder": {
            **_forms(),
            "levels": [(kind, resolve(ladder, Target(kind=kind))) for kind in KINDS],
            "overrides": list(AutonomyOverride.objects.filter(cluster=cluster).select_related("set_by")),
            "partitions": sorted(set(cluster.nodes.values_list("partition", flat=True)) | set(cluster.partitions or [])),
            "active_jobs": list(cluster.jobs.filter(state__in=["RUNNING", "PENDING", "REQUEUED"]).values_list("slurm_id", flat=True)),
        }
    }


def node_panel(node: Node) -> dict[str, Any]:
    """What a drain of this node would do now, and the node's own overrides."""
    ladder = ladder_for(node.cluster)
    target = {"partition": node.partition, "nodes": (node.name,)}
    return {
        "ladder": {
            **_forms(),
            "levels": [(kind, resolve(ladder, Target(kind=kind, **target))) for kind in KINDS],
            "overrides": list(AutonomyOverride.objects.filter(cluster=node.cluster, scope=OverrideScope.NODE, target=node.name)),
        }
    }
