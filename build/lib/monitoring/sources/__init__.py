"""Where a cluster's events come from: the simulator, or a real Slurm (local or SSH).

Every source gives the same three things: new events in the scenario schema, the
scheduler's view of nodes and jobs, and the cluster's shape. Everything after
collection is the same code whatever the source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from monitoring.detectors.schema import ClusterSpec


@dataclass(frozen=True)
class NodeView:
    name: str
    partition: str
    state: str
    reason: str = ""


@dataclass(frozen=True)
class JobView:
    id: str
    name: str
    user: str
    partition: str
    nodes: str  # hostlist
    tasks_per_node: int
    state: str
    started: float | None
    comment: str = ""
    restarts: int = 0
    exclude: tuple[str, ...] = field(default_factory=tuple)


class Source(Protocol):
    def collect(self, now: float) -> list[dict[str, Any]]: ...
    def nodes(self) -> list[NodeView]: ...
    def jobs(self) -> list[JobView]: ...
    def cluster_spec(self) -> ClusterSpec: ...
    def save(self) -> None: ...
