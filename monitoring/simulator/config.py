"""Settings of the simulated cluster.

Everything that changes how the demo *feels* (how often things break, how long a
technician takes, how long NCCL waits before giving up) lives here so that tests can
shrink the timings and the demo can stretch them without touching the model.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

DEFAULT_PCI_BUS_IDS: tuple[str, ...] = (
    "0000:18:00",
    "0000:2a:00",
    "0000:3a:00",
    "0000:5d:00",
    "0000:9a:00",
    "0000:ab:00",
    "0000:ba:00",
    "0000:db:00",
)


def _default_partitions() -> dict[str, str]:
    return {"batch": "gpu-a-[001-028]", "canary": "gpu-a-[029-032]"}


@dataclass
class SimConfig:
    """How the simulated cluster is built and how its world behaves.

    ``faults_per_hour`` 0 means faults only happen when injected, which is what tests
    want; :meth:`demo` turns on roughly one fault every 60–120 s.
    """

    seed: int = 0
    cluster_name: str = "sim-a"
    nodes: str = "gpu-a-[001-032]"
    gpus_per_node: int = 8
    partitions: dict[str, str] = field(default_factory=_default_partitions)
    default_partition: str = "batch"
    pci_bus_ids: tuple[str, ...] = DEFAULT_PCI_BUS_IDS
    faults_per_hour: float = 0.0
    fault_interval_s: float = 0.0  # if set, overrides faults_per_hour with a mean interval
    lustre_weight: float = 8.0  # shared-filesystem outages, on top of the Llama 3 table
    repair_time_s: float = 600.0
    reboot_time_s: float = 45.0  # a node's reboot, from scontrol reboot to slurmd registering again
    requeue_delay_s: float = 20.0
    nccl_timeout_s: float = 120.0
    sample_interval_s: float = 10.0
    node_down_after_s: float = 69.0  # how long slurmctld waits before DOWN+NOT_RESPONDING
    target_jobs: int = 6
    job_minutes: tuple[float, float] = (20.0, 90.0)
    max_catchup_s: float = 900.0
    hostile_names: bool = False
    kernel_noise_per_node_hour: float = 1.5

    @property
    def mean_fault_interval_s(self) -> float | None:
        if self.fault_interval_s > 0:
            return self.fault_interval_s
        return 3600.0 / self.faults_per_hour if self.faults_per_hour > 0 else None

    @classmethod
    def sized(cls, n_nodes: int, **overrides: Any) -> SimConfig:
        """A cluster of ``n_nodes`` (``SIM_NODES``), shaped like the 32-node default: one node
        in eight in the canary partition, and jobs in proportion (6 per 32 nodes)."""
        if n_nodes < 2:
            raise ValueError(f"SIM_NODES={n_nodes} is too small: a simulated cluster needs at least 2 nodes")
        if n_nodes == 32 and "target_jobs" not in overrides:
            return cls(**overrides)  # exactly the default world, so existing seeds replay unchanged
        width = max(3, len(str(n_nodes)))
        canary = max(1, n_nodes // 8)

        def span(lo: int, hi: int) -> str:
            return f"gpu-a-[{lo:0{width}d}-{hi:0{width}d}]" if hi > lo else f"gpu-a-{lo:0{width}d}"

        base: dict[str, Any] = {
            "nodes": span(1, n_nodes),
            "partitions": {"batch": span(1, n_nodes - canary), "canary": span(n_nodes - canary + 1, n_nodes)},
            "target_jobs": max(1, round(n_nodes * 6 / 32)),
        }
        return cls(**(base | overrides))

    @classmethod
    def demo(cls, seed: int = 0, **overrides: Any) -> SimConfig:
        """The live-demo preset: a fault every 60–120 s (mean 90 s)."""
        return cls(seed=seed, faults_per_hour=40.0, **overrides)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["pci_bus_ids"] = list(self.pci_bus_ids)
        d["job_minutes"] = list(self.job_minutes)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SimConfig:
        known = {f.name for f in fields(cls)}
        kw = {k: v for k, v in d.items() if k in known}
        if "pci_bus_ids" in kw:
            kw["pci_bus_ids"] = tuple(kw["pci_bus_ids"])
        if "job_minutes" in kw:
            lo, hi = kw["job_minutes"]
            kw["job_minutes"] = (float(lo), float(hi))
        return cls(**kw)
