"""The node grid: every node of a cluster as a coloured tile, grouped by partition.

At 2,000 nodes a template loop over model instances took ~250 ms a page (issue 14); the
grid is built here from one ``values_list`` query and rendered as one escaped string per
partition. Each partition says how many nodes it has and how many are in each health,
so a grid that shows only the unhealthy tiles (the overview, for big clusters) still
says what it left out.
"""

from __future__ import annotations

import html
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from actions.lifecycle.holder import Holder, holder
from monitoring.choices import NodeHealth
from monitoring.models import Cluster
from monitoring.telemetry.store import node_gpu_alarms
from monitoring.vocabulary import Category

# A node blamed for one of these is faulty itself; for the others it is only a suspect.
FAULTY_CATEGORIES = {Category.GPU_HARDWARE, Category.NODE_FAILURE, Category.NETWORK}
HEALTH_ORDER = [NodeHealth.FAULTY, NodeHealth.SUSPECT, NodeHealth.DOWN, NodeHealth.DRAINED, NodeHealth.OK]
_FIELDS = (
    "pk",
    "name",
    "partition",
    "state",
    "reason",
    "health",
    "held_as_lemon",
    "held_reason",
    "drained_by_us",
)


@dataclass
class Blame:
    """The newest active incident that blames a node."""

    pk: int
    category: str


@dataclass
class GridGroup:
    partition: str
    total: int
    counts: list[tuple[str, int]]  # (health, nodes) for the healths present, worst first
    cells: SafeString
    shown: int

    @property
    def hidden(self) -> int:
        return self.total - self.shown


@dataclass
class Grid:
    groups: list[GridGroup] = field(default_factory=list)
    total: int = 0
    only_unhealthy: bool = False

    @property
    def shown(self) -> int:
        return sum(g.shown for g in self.groups)


def tile_health(health: str, blame: Blame | None) -> str:
    if blame is not None and health == NodeHealth.OK:
        return NodeHealth.FAULTY if blame.category in FAULTY_CATEGORIES else NodeHealth.SUSPECT
    return health


def _alarms(cluster: Cluster) -> dict[str, str]:
    try:
        return node_gpu_alarms(cluster.name, time.time())
    except Exception:  # live GPU colouring is a hint; the page must render without Redis
        return {}


# Django's ``escape`` is ``html.escape`` behind a lazy-string wrapper that cost ~5 µs a call, five
# calls a tile: the grid escapes with ``html.escape`` itself (the same text, issue 14).
escape = html.escape


def _cell(url: str, row: tuple[Any, ...], health: str, blame: Blame | None, alarm: str, who: Holder) -> str:
    pk, name, partition, state, reason, _, lemon, held, ours = row
    title = f"{name} · {partition} · {state}"
    if who.kind != "in_service":
        title += f" · held by {who.label}"
    if reason:
        title += f" · {reason}"
    if blame is not None:
        title += f" · incident #{blame.pk}"
    if alarm:
        title += f" · GPU {alarm} now"
    if lemon:
        title += f" · held: {held}"
    cls = f"cell h-{health}" + (f" gpu-{alarm}" if alarm else "") + (" lemon" if lemon else "")
    extra = (' data-lemon="1"' if lemon else "") + f' data-holder="{escape(who.kind)}"'

    return (
        f'<a class="{escape(cls)}" href="{url.format(int(pk))}" title="{escape(title)}"{extra}>'
        f"<span>{escape(name[-3:])}</span></a>"
    )


def node_grid(cluster: Cluster, blamed: dict[str, Blame], *, only_unhealthy_over: int | None = None) -> Grid:
    """The cluster's grid; with ``only_unhealthy_over`` a cluster bigger than that shows only its
    unhealthy tiles (every partition still counts all of its nodes)."""
    alarms = _alarms(cluster)
    url = reverse("node", args=[987654321]).replace("987654321", "{}")
    rows = list(cluster.nodes.order_by("partition", "name").values_list(*_FIELDS))
    only_unhealthy = only_unhealthy_over is not None and len(rows) > only_unhealthy_over
    grid = Grid(total=len(rows), only_unhealthy=only_unhealthy)
    by_part: dict[str, list[tuple[Any, ...]]] = {}
    holders: dict[tuple[Any, ...], Holder] = {}  # a handful of (state, reason, ours, lemon) a cluster
    for row in rows:
        by_part.setdefault(row[2], []).append(row)
    for partition, part_rows in by_part.items():
        counts: Counter[str] = Counter()
        cells = []
        for row in part_rows:
            blame = blamed.get(row[1])
            health = tile_health(row[5], blame)
            counts[health] += 1
            alarm = alarms.get(row[1], "")
            if only_unhealthy and health == NodeHealth.OK and not alarm and not row[6]:
                continue
            key = (row[3], row[4], row[8], row[6])
            who = holders.get(key) or holders.setdefault(key, holder(*key))
            cells.append(_cell(url, row, health, blame, alarm, who))
        grid.groups.append(
            GridGroup(
                partition=partition,
                total=len(part_rows),
                counts=[(str(h), counts[h]) for h in HEALTH_ORDER if counts[h]],
                cells=mark_safe("".join(cells)),  # noqa: S308 (every value above is escaped)
                shown=len(cells),
            )
        )
    return grid


def node_tile(node: Any, blame: Blame | None) -> dict[str, Any]:
    """One node's tile, with the very facts its grid tile shows."""
    return {
        "node": node,
        "health": tile_health(node.health, blame),
        "incident": blame,
        "gpu_alarm": _alarms(node.cluster).get(node.name, ""),
        "holder": holder(node.state, node.reason, node.drained_by_us, node.held_as_lemon),
    }
