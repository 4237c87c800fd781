"""What the policy proposes (re-exported by ``actions.pipeline``).

The policy *proposes*; a ``Recommendation`` row (``actions.models``) is what an operator
approves, born ``proposed`` from one of these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monitoring.vocabulary import ActionKind

DRAIN = ActionKind.DRAIN_NODE
REQUEUE = ActionKind.REQUEUE_JOB
NOTIFY = ActionKind.NOTIFY
ESCALATE = ActionKind.ESCALATE


@dataclass(frozen=True)
class Proposal:
    """One thing the policy proposes; whether it is executed is the autonomy level's call."""

    action: str  # "drain_node" | "requeue_job" | "notify" | "escalate"
    node: str | None = None
    job: str | None = None
    exclude: tuple[str, ...] = ()
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The replay shape of FORMAT.md: only the fields that action uses."""
        if self.action == DRAIN:
            return {"action": DRAIN, "node": self.node}
        if self.action == REQUEUE:
            return {"action": REQUEUE, "job": self.job, "exclude": list(self.exclude)}
        out: dict[str, Any] = {"action": self.action, "text": self.text}
        if self.job is not None:
            out["job"] = self.job
        return out

    def to_state(self) -> list[Any]:
        """Every field (``to_dict`` is the replay shape and drops some), for the pipeline's saved state."""
        return [str(self.action), self.node, self.job, list(self.exclude), self.text]

    @classmethod
    def from_state(cls, d: list[Any]) -> Proposal:
        return cls(_action(str(d[0])), d[1], d[2], tuple(d[3]), str(d[4]))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Proposal:
        return cls(
            action=str(d.get("action", "")),
            node=d.get("node"),
            job=d.get("job"),
            exclude=tuple(d.get("exclude", ()) or ()),
            text=str(d.get("text", "") or ""),
        )


def _action(name: str) -> str:
    """The vocabulary's member for a saved action name (what the policy made), else the name as written."""
    try:
        return ActionKind(name)
    except ValueError:
        return name
