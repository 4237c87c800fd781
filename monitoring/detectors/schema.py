"""The records the pure pipeline is built from (the contract with collectors).

Events themselves stay plain dicts in the `recovery-scenario/1` schema
(docs/EVENTS.md): ``{"t": <epoch seconds>, "source": "joblog"|"kernel"|"gpu"|"slurm", ...}``.
Live events carry absolute epoch seconds; a scenario's relative ``t`` is shifted
by its ``start`` before it is fed, so the pipeline only ever sees absolute time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from monitoring.detectors.hostlist import expand


@dataclass(frozen=True)
class RecoveryOptIn:
    """A job's ``--comment`` JSON ``{"recovery": {...}}``; absent means not opted in."""

    opted_in: bool = False
    max_requeues: int = 0
    checkpoint_dir: str | None = None

    @property
    def may_requeue(self) -> bool:
        return self.opted_in and self.max_requeues > 0


def parse_opt_in(comment: str | None) -> RecoveryOptIn:
    """Read the job's opt-in from its Slurm comment; anything malformed means no opt-in."""
    if not comment:
        return RecoveryOptIn()
    try:
        data = json.loads(comment)
    except (ValueError, TypeError):
        return RecoveryOptIn()
    rec = data.get("recovery") if isinstance(data, dict) else None
    if not isinstance(rec, dict):
        return RecoveryOptIn()
    raw = rec.get("max_requeues", 0)
    max_requeues = raw if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0 else 0
    ckpt = rec.get("checkpoint_dir")
    return RecoveryOptIn(True, max_requeues, ckpt if isinstance(ckpt, str) and ckpt else None)


@dataclass(frozen=True)
class JobSpec:
    id: str
    name: str = ""
    user: str = ""
    nodes: tuple[str, ...] = ()
    tasks_per_node: int = 1
    started: float | None = None  # epoch seconds
    comment: str = ""
    partition: str = ""

    @property
    def opt_in(self) -> RecoveryOptIn:
        return parse_opt_in(self.comment)

    def node_of_rank(self, rank: int) -> str | None:
        """Block layout: rank r runs on node r // tasks_per_node of the job's node list."""
        if rank < 0 or self.tasks_per_node <= 0:
            return None
        idx = rank // self.tasks_per_node
        return self.nodes[idx] if idx < len(self.nodes) else None

    @staticmethod
    def from_dict(d: dict[str, Any], started: float | None = None) -> "JobSpec":
        return JobSpec(
            id=str(d["id"]),
            name=str(d.get("name", "")),
            user=str(d.get("user", "")),
            nodes=tuple(expand(d.get("nodes", ""))),
            tasks_per_node=int(d.get("tasks_per_node", 1) or 1),
            started=started,
            comment=str(d.get("comment", "") or ""),
            partition=str(d.get("partition", "") or ""),
        )


@dataclass(frozen=True)
class HistoryEntry:
    at: float  # epoch seconds
    node: str
    verdict: str
    category: str


@dataclass(frozen=True)
class ClusterSpec:
    name: str
    nodes: tuple[str, ...] = ()
    gpus_per_node: int = 8
    partition: str = "batch"
    pci_bus_ids: tuple[str, ...] = ()
    partitions: dict[str, tuple[str, ...]] = field(default_factory=dict)
