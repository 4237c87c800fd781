"""The incident as attribution sees it: evidence folded into bounded aggregates.

A fault can produce thousands of lines (every rank's watchdog, every frame of
every stack). An incident keeps one *mark* per (kind, node, GPU, detail) with
its first time, a count and the first line's words, plus the two aggregates the
cross-rank analyses need: which ranks timed out on which SeqNum, and which
hosts blamed which peer. Memory stays bounded by the cluster's size, not by
how chatty the fault was.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from monitoring.detectors.schema import Kind, Observation

MAX_MARKS = 400
MAX_RANKS = 100_000
MAX_DONE_IN = 1024  # ranks' completions kept per job (in the saved state of a watchdog timeout's incident)
MAX_OP_SEQS = 8  # SeqNums (and OpTypes at one) kept per job: a desync shows at the first


@dataclass(slots=True)
class Mark:
    """Every observation of one kind on one node/GPU (or of one exception type), folded."""

    kind: str
    node: str | None
    gpu: int | None
    t: float
    text: str
    job: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    n: int = 1
    nodes: list[str] = field(default_factory=list)  # for job-wide kinds: which nodes reported
    ranks: int = 0

    def to_state(self) -> list[Any]:
        return [
            self.kind,
            self.node,
            self.gpu,
            self.t,
            self.text,
            self.job,
            self.data,
            self.n,
            self.nodes,
            self.ranks,
        ]

    @classmethod
    def from_state(cls, d: list[Any]) -> Mark:
        return cls(d[0], d[1], d[2], float(d[3]), d[4], d[5], dict(d[6]), int(d[7]), list(d[8]), int(d[9]))


def mark_key(obs: Observation) -> str:
    """Observations with the same key fold into one mark."""
    if obs.kind in (Kind.EXCEPTION, Kind.CUDA_OOM, Kind.FS_ERROR):
        return f"{obs.kind}|{obs.job}|{obs.data.get('etype', '')}"
    if obs.kind == Kind.XID:
        # An NVLink5 interrupt the driver called fatal is a mark apart from the same Xid's nonfatal ones: it
        # names the GPU broken, and must not take their data (a number alone, DCGM's field, joins either).
        fatal = "|fatal" if obs.data.get("severity") == "Fatal" else ""
        return f"xid|{obs.node}|{obs.gpu}|{obs.data.get('xid')}{fatal}"
    if obs.kind == Kind.TASK_EXIT and not obs.data.get("cascade"):
        # The task that died on its own (a signal, an exit code) stays apart from those srun tore down after it.
        return f"{obs.kind}|{obs.job}|died"
    if obs.kind in (Kind.NCCL_TIMEOUT, Kind.IB_BLAME, Kind.NCCL_REMOTE_ERROR, Kind.TASK_EXIT, "nccl_work"):
        return f"{obs.kind}|{obs.job}"
    if obs.kind in (Kind.KERNEL_OOPS, Kind.HUNG_TASK):
        # A record's head and the line that names its module or filesystem are two marks: the name stays.
        named = obs.data.get("module") or obs.data.get("function") or obs.data.get("fs") or ""
        named = named or ("nvidia" if obs.data.get("gpu_driver") else "")
        # a task waiting on another's lock and one waiting on the server are two marks (``analysis.own_lock``)
        lock = "|lock" if obs.data.get("wait") == "lock" else ""
        return f"{obs.kind}|{obs.node}|{named}{lock}"
    if obs.kind == Kind.SITE_RULE:
        return f"{obs.kind}|{obs.data.get('rule', {}).get('id')}|{obs.node}|{obs.job}"
    if obs.kind == Kind.HANG and obs.data.get("follow_up"):
        # The GPUs a stall left idle, seen after it was raised: a mark of its own, not folded into the stall's.
        return f"{obs.kind}|{obs.job}|left idle"
    if obs.kind == Kind.CPU_LOCKUP:
        grade = "hard" if obs.data.get("hard") else "wedged" if obs.data.get("wedged") else "soft"
        return f"{obs.kind}|{obs.node}|{grade}"
    if obs.kind == "xla_waiting":
        # each waiting thread names its own rank: the ranks that never printed are the ones it waits for
        return f"{obs.kind}|{obs.job}|{obs.data.get('waits')}|{obs.data.get('rank')}"
    if obs.kind == Kind.HOST_OOM and obs.data.get("etype"):
        # the node's memory found taken outside the job (kernel_records: the OOM report's table) stays apart
        # from the plain "host OOM killer" mark of the same node
        return f"{obs.kind}|{obs.node}|{obs.data['etype']}"
    return f"{obs.kind}|{obs.node}|{obs.gpu}|{obs.job}"


def origin_of(obs: Observation, attempt: int) -> str:
    """What opened an incident, in terms that re-reading the same input gives again: the raising
    observation's mark (kind, node, GPU, job) and its job's attempt. Not its time: a live
    collector stamps a line with the tick that read it, and a tick run again reads it later."""
    return f"{mark_key(obs)}#{attempt}"


def fault_fingerprint(base: str, origin: str) -> str:
    """One fault's identity: what opened it (``origin_of``) read from where the controller's input
    last stood (``base``: the last tick that finished, so its cursors and memory were saved).

    A tick that dies after writing an incident and before saving its memory leaves ``base``
    where it was: the tick that reads the same input again opens the same origin from the same
    base, and finds the incident instead of opening a second one. A later fault, even of the same
    kind on the same node, is read from a later base. Empty when the origin is unknown."""
    if not origin:
        return ""
    return hashlib.blake2b(f"{base}|{origin}".encode("utf-8", "replace"), digest_size=16).hexdigest()


@dataclass(slots=True)
class Verdict:
    category: str
    node: str | None
    gpu: int | None
    confidence: float
    pattern: str
    evidence: tuple[str, ...]

    def to_state(self) -> list[Any]:
        return [self.category, self.node, self.gpu, self.confidence, self.pattern, list(self.evidence)]

    @classmethod
    def from_state(cls, d: list[Any]) -> Verdict:
        return cls(str(d[0]), d[1], d[2], d[3], str(d[4]), tuple(str(x) for x in d[5]))


@dataclass
class Incident:
    """One root cause, the jobs it hit, and everything seen of it so far."""

    key: str
    detected_t: float
    updated_t: float
    jobs: list[str] = field(default_factory=list)
    attempts: dict[str, int] = field(default_factory=dict)
    marks: dict[str, Mark] = field(default_factory=dict)
    timeouts: dict[str, dict[int, int]] = field(default_factory=dict)  # job -> rank -> SeqNum
    completed: dict[str, dict[int, int]] = field(default_factory=dict)  # job -> rank -> last completed
    # job -> "PG:SeqNum" -> OpType -> a rank that timed out in it: ranks stuck in different collectives at
    # one SeqNum of one process group called different ones there (verdict.mismatched_collectives)
    ops: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    # job -> "PG:rank" -> the last work that rank completed in that process group, where its status line
    # named the group: a rank past the SeqNum others are stuck at did not call what they called there
    done_in: dict[str, dict[str, int]] = field(default_factory=dict)
    # job -> rank -> collectives in flight (-1: not printed) of the ranks whose heartbeat monitor fired
    stalled: dict[str, dict[int, int]] = field(default_factory=dict)
    blames: dict[str, list[str]] = field(default_factory=dict)  # peer (ip/host) -> reporting hosts
    blame_meta: dict[str, list[float]] = field(default_factory=dict)  # peer -> [lines, first t]
    closed: bool = False
    superseded_by: str | None = None
    recurrence_of: str | None = None
    forced_category: str | None = None
    verdict: Verdict | None = None
    version: int = 0
    origin: str = ""  # origin_of the observation that opened it
    # Whether operators see it (``self_restart``): "" not decided yet, "held" while the job's own launcher may
    # heal it, "shown", or "withdrawn" (the job healed itself); and when a held one was shown.
    shown: str = ""
    shown_at: float | None = None
    # When the beat a stall incident reported came back (Correlator.note_resumed: kept past the job's end,
    # when its trackers are gone): what the job does after that is a fault of its own.
    resumed_t: float | None = None

    def add(self, obs: Observation) -> None:
        """Fold one observation in."""
        self.updated_t = max(self.updated_t, obs.t)
        self.version += 1
        if obs.job is not None and obs.job not in self.jobs:
            self.jobs.append(obs.job)
        if obs.kind == Kind.NCCL_TIMEOUT and obs.rank is not None and obs.job is not None:
            self._rank_seq(self.timeouts, obs.job, obs.rank, int(obs.data.get("seq", 0)))
            pg = obs.data.get("pg")
            where = f"{'' if pg is None else pg}:{int(obs.data.get('seq', 0))}"
            self._op(obs.job, where, str(obs.data.get("op") or ""), obs.rank)
        elif obs.kind == "nccl_work" and obs.rank is not None and obs.job is not None:
            self._rank_seq(self.completed, obs.job, obs.rank, int(obs.data.get("completed", 0)))
            if obs.data.get("pg") is not None:
                self._done_in(obs.job, f"{obs.data['pg']}:{obs.rank}", int(obs.data.get("completed", 0)))
        elif obs.kind == Kind.WATCHDOG_STUCK and obs.rank is not None and obs.job is not None:
            self._stalled(obs.job, obs.rank, obs.data.get("pending"))
        elif obs.kind == Kind.IB_BLAME:
            self._blame(obs)
        self._mark(obs)

    @staticmethod
    def _rank_seq(table: dict[str, dict[int, int]], job: str, rank: int, seq: int) -> None:
        ranks = table.setdefault(job, {})
        if rank in ranks:
            ranks[rank] = min(ranks[rank], seq)
        elif len(ranks) < MAX_RANKS:
            ranks[rank] = seq

    def _done_in(self, job: str, pg_rank: str, done: int) -> None:
        ranks = self.done_in.setdefault(job, {})
        if pg_rank in ranks:
            ranks[pg_rank] = min(ranks[pg_rank], done)
        elif len(ranks) < MAX_DONE_IN:
            ranks[pg_rank] = done

    def _op(self, job: str, seq: str, op: str, rank: int) -> None:
        if not op:
            return
        seqs = self.ops.setdefault(job, {})
        if seq not in seqs and len(seqs) >= MAX_OP_SEQS:
            return
        ops = seqs.setdefault(seq, {})
        if op not in ops and len(ops) < MAX_OP_SEQS:
            ops[op] = rank

    def _stalled(self, job: str, rank: int, pending: Any) -> None:
        """A rank's heartbeat report; of its lines, the one that printed its collectives in flight counts."""
        ranks = self.stalled.setdefault(job, {})
        n = -1 if pending is None else int(pending)
        if rank in ranks:
            ranks[rank] = max(ranks[rank], n)
        elif len(ranks) < MAX_RANKS:
            ranks[rank] = n

    def _blame(self, obs: Observation) -> None:
        peer = obs.data.get("peer_host") or obs.data.get("peer")
        # NCCL names the remote end, never the reporter itself: a line whose reporter is unknown
        # (no host prefix, no rank label) is still one peer's word against the named one.
        reporter = obs.node or (
            f"rank{obs.rank}" if obs.rank is not None else f"unnamed reporter of {obs.job}"
        )
        if not peer:
            return
        meta = self.blame_meta.setdefault(str(peer), [0.0, obs.t])
        meta[0] += 1
        meta[1] = min(meta[1], obs.t)
        reporters = self.blames.setdefault(str(peer), [])
        if reporter not in reporters and len(reporters) < 10_000:
            reporters.append(reporter)

    def _mark(self, obs: Observation) -> None:
        key = mark_key(obs)
        m = self.marks.get(key)
        if m is None:
            if len(self.marks) >= MAX_MARKS:
                return
            m = Mark(obs.kind, obs.node, obs.gpu, obs.t, obs.text, obs.job, dict(obs.data))
            self.marks[key] = m
        else:
            m.n += 1
            if obs.t < m.t:
                m.t, m.text = obs.t, obs.text
            if obs.data.get("severity") and not m.data.get("severity"):
                m.data = dict(obs.data)  # the driver's own words on the severity outrank the bare number
        if obs.node is not None and obs.node not in m.nodes and len(m.nodes) < 4096:
            m.nodes.append(obs.node)
        if obs.rank is not None:
            m.ranks += 1

    def by_kind(self, *kinds: str) -> list[Mark]:
        return sorted((m for m in self.marks.values() if m.kind in kinds), key=lambda m: m.t)

    def to_state(self) -> dict[str, Any]:
        return {
            "k": self.key,
            "d": self.detected_t,
            "u": self.updated_t,
            "j": self.jobs,
            "a": self.attempts,
            "m": {k: m.to_state() for k, m in self.marks.items()},
            "to": {j: [[r, s] for r, s in v.items()] for j, v in self.timeouts.items()},
            "co": {j: [[r, s] for r, s in v.items()] for j, v in self.completed.items()},
            "op": {j: [[q, ops] for q, ops in v.items()] for j, v in self.ops.items()},
            "di": self.done_in,
            "hb": {j: [[r, s] for r, s in v.items()] for j, v in self.stalled.items()},
            "b": self.blames,
            "bm": self.blame_meta,
            "c": self.closed,
            "s": self.superseded_by,
            "r": self.recurrence_of,
            "f": self.forced_category,
            "o": self.origin,
            "w": self.shown,
            "wt": self.shown_at,
            "rs": self.resumed_t,
            # The verdict reached, so a restore neither loses nor re-decides it (what folds into what
            # reads it); absent while none was reached, and in states written before it was kept.
            "v": None if self.verdict is None else self.verdict.to_state(),
        }

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> Incident:
        inc = cls(str(d["k"]), float(d["d"]), float(d["u"]), list(d["j"]), dict(d["a"]))
        inc.marks = {k: Mark.from_state(v) for k, v in d["m"].items()}
        inc.timeouts = {j: {int(r): int(s) for r, s in v} for j, v in d["to"].items()}
        inc.completed = {j: {int(r): int(s) for r, s in v} for j, v in d["co"].items()}
        inc.ops = {  # absent before
            j: {str(q): {str(o): int(r) for o, r in ops.items()} for q, ops in v}
            for j, v in d.get("op", {}).items()
        }
        inc.stalled = {j: {int(r): int(s) for r, s in v} for j, v in d.get("hb", {}).items()}  # absent before
        inc.done_in = {j: {str(k): int(s) for k, s in v.items()} for j, v in d.get("di", {}).items()}  # ditto
        inc.blames = {k: list(v) for k, v in d["b"].items()}
        inc.blame_meta = {k: [float(x) for x in v] for k, v in d.get("bm", {}).items()}
        inc.closed, inc.superseded_by, inc.recurrence_of = bool(d["c"]), d["s"], d["r"]
        inc.forced_category = d.get("f")
        inc.origin = str(d.get("o") or "")
        inc.shown = str(d.get("w", "shown"))  # a state written before holding existed showed everything
        inc.shown_at = None if d.get("wt") is None else float(d["wt"])
        inc.resumed_t = None if d.get("rs") is None else float(d["rs"])  # absent before
        inc.verdict = Verdict.from_state(d["v"]) if d.get("v") is not None else None
        return inc
