"""The built-in simulator as a cluster source, with its world lock and fault injection.

The simulated world lives in Redis between ticks (JSON state), so the analyser
tick, the executor task and a fault injection on any worker see the same world.
Each of them holds the cluster's analyser lock while it changes the world.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings

from monitoring.detectors.schema import ClusterSpec
from monitoring.locks import ClusterBusy, holding
from monitoring.models import Cluster
from monitoring.redis_store import get_redis, key, load_state, save_state
from monitoring.simulator import FAULT_KINDS, SimConfig, SimulatedCluster
from monitoring.sources import JobView, NodeView

log = logging.getLogger(__name__)


def _state_key(cluster: Cluster) -> str:
    return key("sim", cluster.state_id)


def _config(cluster: Cluster) -> SimConfig:
    interval = float(settings.SIM_FAULT_MEAN_INTERVAL_S)
    per_hour = 3600.0 / interval if interval > 0 else 0.0
    nodes = int(getattr(settings, "SIM_NODES", 32))
    return SimConfig.sized(nodes, seed=settings.SIM_SEED, cluster_name=cluster.name, faults_per_hour=per_hour)


def load_world(cluster: Cluster, now: float) -> SimulatedCluster:
    """The world as last saved (this worker's own object when nobody saved since), or a new one."""
    mine, raw = load_state(_state_key(cluster))
    if isinstance(mine, SimulatedCluster):
        return mine
    if raw:
        try:
            return SimulatedCluster.from_state(json.loads(raw))
        except Exception:
            log.warning(
                "simulator state for %s unreadable; starting a new world", cluster.name, exc_info=True
            )
    return SimulatedCluster(_config(cluster), now=now)


def _stash(cluster: Cluster, events: list[dict[str, Any]]) -> None:
    if events:
        get_redis().rpush(
            key("sim-outbox", cluster.state_id), *(json.dumps(e, separators=(",", ":")) for e in events)
        )


def _take_stashed(cluster: Cluster) -> list[dict[str, Any]]:
    pipe = get_redis().pipeline(transaction=True)
    pipe.lrange(key("sim-outbox", cluster.state_id), 0, -1)
    pipe.delete(key("sim-outbox", cluster.state_id))
    raw, _ = pipe.execute()
    return [json.loads(x) for x in raw]


def save_world(cluster: Cluster, world: SimulatedCluster) -> None:
    """Store the world; the caller hands ``world`` over and must not change it afterwards."""
    save_state(_state_key(cluster), json.dumps(world.to_state(), separators=(",", ":")), world)


class NoWorld(LookupError):
    """No world in this Redis under this prefix: no worker runs the cluster there."""


@contextmanager
def locked_world(cluster: Cluster, now: float, *, existing: bool = False) -> Iterator[SimulatedCluster]:
    """Change the world outside the analyser tick: wait for the cluster lock first.

    ``existing``: refuse (NoWorld) rather than start a new world that no worker would ever read.
    """
    try:
        with holding(cluster.pk, wait=float(settings.RECOVERY_LOCK_WAIT_S)):
            if existing and not get_redis().exists(_state_key(cluster)):
                raise NoWorld(f"no simulated world for {cluster.name} under the key {_state_key(cluster)}")
            world = load_world(cluster, now)
            # Bring the world up to now before changing it; the events it emits on the
            # way wait in an outbox for the next analyser tick, so none is lost.
            _stash(cluster, world.advance(now))
            yield world
            save_world(cluster, world)
    except ClusterBusy as exc:
        raise ClusterBusy(f"cluster {cluster.name} is busy; try again") from exc


def node_view(n: dict[str, Any]) -> NodeView:
    return NodeView(name=n["name"], partition=n["partition"], state=n["state"], reason=n.get("reason") or "")


def job_view(j: dict[str, Any]) -> JobView:
    return JobView(
        id=str(j["id"]),
        name=j["name"],
        user=j["user"],
        partition=j["partition"],
        nodes=j["nodes"],
        tasks_per_node=j["tasks_per_node"],
        state=j["state"],
        started=j.get("started"),
        comment=j.get("comment") or "",
        restarts=j.get("restarts", 0),
        exclude=tuple(j.get("exclude") or ()),
    )


class SimulatedSource:
    """A source over the simulator; the analyser tick already holds the cluster lock."""

    def __init__(self, cluster: Cluster, now: float) -> None:
        self.cluster = cluster
        self.world = load_world(cluster, now)

    def collect(self, now: float) -> list[dict[str, Any]]:
        return _take_stashed(self.cluster) + self.world.advance(now)

    def nodes(self) -> list[NodeView]:
        return [node_view(n) for n in self.world.nodes()]

    def jobs(self) -> list[JobView]:
        return [job_view(j) for j in self.world.jobs()]

    def cluster_spec(self) -> ClusterSpec:
        return self.world.cluster_spec()

    def save(self) -> None:
        save_world(self.cluster, self.world)


def inject(
    cluster: Cluster, kind: str, node: str | None, now: float, *, existing: bool = False
) -> dict[str, Any]:
    with locked_world(cluster, now, existing=existing) as world:
        fault = world.inject(kind, node=node, now=now)
    return dict(fault)


def fault_kinds() -> list[tuple[str, str]]:
    return [(kind, f"{kind}: {fk.description}") for kind, fk in FAULT_KINDS.items()]
