"""The pipeline's tunables, with DESIGN.md's defaults (pure)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from incidents.attribution import DetectConfig


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
    incident_close_s: float = 1800.0
    history_window_s: float = 30 * 86400.0
    hang_idle_multiple: float = 2.0  # silence confirmed earlier by a node left idle while its peers spin

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
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PipelineConfig:
        known = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        return cls(**known)
