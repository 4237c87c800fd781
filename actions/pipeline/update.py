"""An incident as the pipeline reports it after a feed, and its place in the saved state (pure).

The update is what the pipeline *decided* about an incident: verdict, evidence, recommendations,
what it was folded into. The saved state keeps it whole, so the tick that runs next in another
worker process reports the same decision instead of deciding again with what it learned since.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from actions.policy.proposal import Proposal
from incidents.attribution.unexplained import Unexplained


@dataclass(frozen=True)
class IncidentUpdate:
    """An incident's current state, as the pipeline sees it after a feed."""

    key: str
    detected_t: float
    updated_t: float
    category: str
    culprit_node: str | None
    culprit_gpu: int | None
    confidence: float
    jobs: tuple[str, ...]
    evidence: tuple[str, ...]
    pattern: str
    recommendations: tuple[Proposal, ...]
    closed: bool = False  # takes no more evidence (its jobs restarted, or it went quiet)
    recurrence_of: str | None = None  # an earlier incident that named the same culprit
    superseded_by: str | None = None  # folded into another incident (one shared root cause)
    attempts: tuple[tuple[str, int], ...] = ()  # (job, attempt number) the incident hit
    first_signal_t: float | None = None  # the earliest observation behind it (detection latency)
    origin: str = ""  # what opened it (incidents.attribution.incident.origin_of): its identity
    # Lines near it that no rule explained, rarest template first (shown, never judged; no part of
    # the signature: they ride along with the updates a verdict change emits)
    unexplained: tuple[Unexplained, ...] = ()

    def to_dict(self, start: float) -> dict[str, Any]:
        """FORMAT.md's replay incident, ``detected_t`` relative to ``start``."""
        culprit = None
        if self.culprit_node is not None:
            culprit = {"node": self.culprit_node}
            if self.culprit_gpu is not None:
                culprit["gpu"] = self.culprit_gpu  # type: ignore[assignment]
        return {
            "detected_t": round(self.detected_t - start, 3),
            "category": self.category,
            "culprit": culprit,
            "confidence": round(self.confidence, 2),
            "jobs": list(self.jobs),
            "evidence": list(self.evidence),
            "recommendations": [r.to_dict() for r in self.recommendations],
        }

    def to_state(self) -> dict[str, Any]:
        """JSON-safe; :meth:`from_state` reads it back equal."""
        return {
            "k": self.key,
            "d": self.detected_t,
            "u": self.updated_t,
            "c": self.category,
            "n": self.culprit_node,
            "g": self.culprit_gpu,
            "f": self.confidence,
            "j": list(self.jobs),
            "e": list(self.evidence),
            "p": self.pattern,
            "r": [r.to_state() for r in self.recommendations],
            "x": self.closed,
            "ro": self.recurrence_of,
            "s": self.superseded_by,
            "a": [[job, n] for job, n in self.attempts],
            "fs": self.first_signal_t,
            "o": self.origin,
            "ux": [u.to_dict() for u in self.unexplained],
        }

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> IncidentUpdate:
        return cls(
            key=str(d["k"]),
            detected_t=d["d"],
            updated_t=d["u"],
            category=str(d["c"]),
            culprit_node=d["n"],
            culprit_gpu=d["g"],
            confidence=d["f"],
            jobs=tuple(str(j) for j in d["j"]),
            evidence=tuple(str(e) for e in d["e"]),
            pattern=str(d["p"]),
            recommendations=tuple(Proposal.from_state(r) for r in d["r"]),
            closed=bool(d["x"]),
            recurrence_of=d["ro"],
            superseded_by=d["s"],
            attempts=tuple((str(job), int(n)) for job, n in d["a"]),
            first_signal_t=d["fs"],
            origin=str(d["o"]),
            unexplained=tuple(Unexplained.from_dict(u) for u in d["ux"]),
        )
