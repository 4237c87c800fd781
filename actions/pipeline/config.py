"""The pipeline's tunables, with DESIGN.md's defaults (pure)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from incidents.attribution import DetectConfig
from incidents.attribution.site_rules import EMPTY, RuleSet


@dataclass(frozen=True)
class PipelineConfig:
    """DESIGN.md's defaults; all configurable per cluster."""

    hang_multiple: float = 5.0
    hang_min_s: float = 30.0
    hang_min_intervals: int = 3
    checkpoint_grace_s: float = 900.0
    straggler_ratio: float = 1.2
    straggler_lines: int = 5
    slow_gpu_ratio: float = 0.75
    slow_gpu_samples: int = 3
    power_ratio: float = 0.6
    storm_min_jobs: int = 3
    storm_window_s: float = 120.0
    # Nodes down with one reason within the window, at least this many and this share of the
    # cluster: one common cause (incidents.attribution.node_storms); 0 turns it off.
    node_storm_min_nodes: int = 4
    node_storm_min_fraction: float = 0.1
    node_storm_window_s: float = 600.0
    # ... or at least this many within this many seconds, whatever the cluster's size: no coincidence.
    node_storm_tight_nodes: int = 3
    node_storm_tight_s: float = 60.0
    incident_close_s: float = 1800.0
    history_window_s: float = 30 * 86400.0
    hang_idle_multiple: float = 1.0  # silence confirmed earlier by a node left idle while its peers spin
    # The site's own rules for lines no built-in rule explained (incidents.attribution.site_rules):
    # the cluster's enabled ones and the global ones, as the loop loads them each tick.
    site_rules: RuleSet = EMPTY

    def detect(self) -> DetectConfig:
        return DetectConfig(
            self.hang_multiple,
            self.hang_min_s,
            self.hang_min_intervals,
            self.checkpoint_grace_s,
            self.straggler_ratio,
            self.straggler_lines,
            self.slow_gpu_ratio,
            self.slow_gpu_samples,
            self.power_ratio,
            self.hang_idle_multiple,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: the rules as a list of objects, and absent when there are none (so a state or a
        scenario without rules reads as it always did)."""
        out = dict(self.__dict__)
        rules = out.pop("site_rules")
        if rules:
            out["site_rules"] = rules.to_state()
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PipelineConfig:
        known = {k: v for k, v in d.items() if k in cls.__dataclass_fields__ and k != "site_rules"}
        return cls(**known, site_rules=RuleSet.from_state(d.get("site_rules")))

    def with_site_rules(self, rules: RuleSet) -> PipelineConfig:
        return replace(self, site_rules=rules)


# Tunables a what-if may change by number (the rules are no number).
NUMERIC = tuple(k for k in PipelineConfig.__dataclass_fields__ if k != "site_rules")
