"""The recommendation record the policy produces (re-exported by ``actions.pipeline``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DRAIN = "drain_node"
REQUEUE = "requeue_job"
NOTIFY = "notify"
ESCALATE = "escalate"


@dataclass(frozen=True)
class Recommendation:
    """One thing the policy recommends; whether it is executed is the autonomy level's call."""

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

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Recommendation:
        return cls(
            action=str(d.get("action", "")),
            node=d.get("node"),
            job=d.get("job"),
            exclude=tuple(d.get("exclude", ()) or ()),
            text=str(d.get("text", "") or ""),
        )
