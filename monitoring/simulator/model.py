"""The simulator's state records: plain dataclasses that round-trip through JSON.

The whole simulated world has to survive a trip through Redis between Celery ticks,
so every record here is made of JSON types only and knows how to rebuild itself.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")

RUNNING = "RUNNING"
PENDING = "PENDING"
COMPLETED = "COMPLETED"
FAILED = "FAILED"
NODE_FAIL = "NODE_FAIL"
CANCELLED = "CANCELLED"
TERMINAL_STATES = frozenset({COMPLETED, FAILED, NODE_FAIL, CANCELLED, "TIMEOUT"})


@cache
def _order(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


@cache
def _names(cls: type) -> frozenset[str]:
    return frozenset(_order(cls))


@cache
def _defaults(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(name, default)`` of the fields with a plain (immutable) default, in declaration order."""
    return tuple((f.name, f.default) for f in fields(cls) if f.default is not MISSING)


def _build(cls: type[T], d: dict[str, Any]) -> T:
    """Rebuild a record, ignoring keys a newer or older version may have added."""
    known = _names(cls)  # type: ignore[arg-type]
    if known.issuperset(d):
        return cls(**d)
    return cls(**{k: v for k, v in d.items() if k in known})


def _plain(value: Any) -> Any:
    """A copy of a field value made of JSON types (records' lists hold strings and numbers only)."""
    return list(value) if isinstance(value, list) else value


@dataclass
class GpuState:
    """One GPU's health as DCGM would report it, plus how it behaves right now."""

    temp_base: float = 60.0
    power_base: float = 650.0
    fb_base: int = 74000
    sbe: int = 0
    dbe: int = 0
    remap_pending: int = 0
    remap_failure: int = 0
    xid: int = 0
    pcie_replay: int = 0
    nvlink_crc: int = 0
    off_bus: bool = False
    throttle: str = ""  # "", "thermal" or "power_brake"
    throttle_since: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """Only the fields that differ from their defaults: a 2,000-node world has 16,000 GPUs,
        most of them healthy, and this keeps its state (saved every tick) small."""
        v = self.__dict__
        return {k: v[k] for k, default in _defaults(GpuState) if v[k] != default}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> GpuState:
        return _build(GpuState, d)


@dataclass
class Node:
    """A host as slurmctld sees it (drain, down, reason) and as it really is (dead, broken)."""

    name: str
    partition: str
    ip: str
    gpus: list[GpuState] = field(default_factory=list)
    job: str | None = None
    drain: bool = False
    down: bool = False
    host_dead: bool = False  # the host stopped answering (power, panic)
    broken: bool = False  # hardware fault the site health check would keep new work off
    boot_time: float = 0.0  # when the host last booted (a reboot moves it)
    rebooting: bool = False
    reboot_heals: bool = True  # False: a fault no reboot fixes (the health check keeps failing)
    reason: str = ""
    repair_gen: int = 0
    repair_at: float | None = None
    last_state: str = ""
    last_reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        # By hand, not dataclasses.asdict: its deep copy was most of the tick at 2,000 nodes.
        v = self.__dict__
        d = {k: _plain(v[k]) for k in _order(Node)}
        d["gpus"] = [g.to_dict() for g in self.gpus]
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Node:
        node = _build(Node, d)
        node.gpus = [GpuState.from_dict(g) for g in d.get("gpus", [])]
        return node


@dataclass
class Job:
    """A Slurm job and the training run inside it (framework, progress, checkpoints)."""

    id: str
    name: str
    user: str
    partition: str
    framework: str  # "megatron", "nemo" or "titan"
    model: str
    n_nodes: int
    tasks_per_node: int = 8
    comment: str = ""
    ckpt_dir: str = ""
    state: str = PENDING
    reason: str = ""
    exit_code: str = "0:0"
    nodes: list[str] = field(default_factory=list)
    submitted: float = 0.0
    started: float | None = None
    ended: float | None = None
    eligible_at: float = 0.0
    restarts: int = 0
    exclude: list[str] = field(default_factory=list)
    iteration: int = 0
    run_start_iter: int = 0
    run_start_t: float = 0.0
    end_iter: int = 0
    total_iters: int = 500000
    last_ckpt: int = 0
    ckpt_every: int = 200
    iter_s: float = 1.8
    gbs: int = 1024
    loss: float = 2.2
    lr: float = 2.996e-4
    seq_per_iter: int = 4
    seq_base: int = 0
    run: int = 0  # bumped at every (re)start so stale scheduled work is ignored
    hung: bool = False
    doomed: bool = False  # a fault is already tearing this run down
    pids: list[int] = field(default_factory=list)

    @property
    def ntasks(self) -> int:
        return self.n_nodes * self.tasks_per_node

    @property
    def world(self) -> int:
        return len(self.nodes) * self.tasks_per_node if self.nodes else self.ntasks

    def seq_num(self) -> int:
        return self.seq_base + (self.iteration - self.run_start_iter) * self.seq_per_iter

    def to_dict(self) -> dict[str, Any]:
        v = self.__dict__
        return {k: _plain(v[k]) for k in _order(Job)}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Job:
        return _build(Job, d)
