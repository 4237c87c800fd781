"""Would a restart repeat it? The job's phase decides what a stall or failure means (pure).

Every incident gets the assessment as evidence, so the operator reads why the
controller requeues or only tells the owner:

- hardware or shared-infrastructure evidence: a restart elsewhere will not
  repeat it (the verdict stands);
- a stall after training finished: nothing is lost, a restart would redo
  finished work; reported to the owner, never requeued;
- a failure before the first step of a fresh start, or at the same phase and
  step as the attempt before our restart: deterministic until shown
  otherwise (configuration, environment, the program); notify, no requeue;
- a stall inside a checkpoint save, or a program error there that says an I/O
  operation failed (a write failed, no space, quota, a stale handle, a timeout),
  or a stall right after a save whose upload the program said was failing or
  crawling (asynchronous checkpointing: the upload outlives the "saved" line):
  the storage is the first suspect.
"""

from __future__ import annotations

from typing import Any

from incidents.attribution.analysis import RANK_ZERO_MISSING
from incidents.attribution.incident import Incident, Mark, Verdict
from incidents.attribution.kills import KILL_SIGNALS, kill_signal
from monitoring.detectors import phase as ph
from monitoring.detectors.schema import Kind

# Verdicts whose evidence already names a machine or a shared service.
_HARD = frozenset({"gpu_hardware", "node_failure", "gpu_degraded", "infrastructure"})
_SOFT = frozenset({"hang", "network", "software"})
# Hang verdicts that name a node before the first step too: the node, not the program (the answer to "would a
# restart repeat it?", and why).
_NODE_FIRST = {
    "stuck_at_start": (
        "not elsewhere",
        "the same start-up went on past where {node}'s tasks stopped on every other node of the job",
    ),
    "odd_network_setup": (
        "not elsewhere",
        "{node}'s NCCL set-up differs from that of every other node of the job",
    ),
    "nic_unopened_on_one_node": (
        "not elsewhere",
        "{node}'s NCCL alone could not open an HCA the job told it to use; every other node's could",
    ),
    "named_by_monitored_barrier": (
        "not elsewhere",
        "the ranks the job waits for, named by its own collective's records, run on {node}",
    ),
    "absent_from_collective": (
        "not elsewhere",
        "every rank of every other node of the job waited in the collective that no rank of {node} joined",
    ),
    "idle_among_busy_peers": (
        "not elsewhere",
        "every GPU of {node} stayed idle while the job's other GPUs waited in a collective none of its ranks joined",
    ),
    "behind_rollcall": (
        "not elsewhere",
        "the ranks of {node} fell silent before a point every other node's ranks passed",
    ),
    "hang_on_suspect_node": (
        "not shown",
        "{node} was already under suspicion, so a start that stalls there is first its node's",
    ),
}


def _phase_mark(inc: Incident) -> tuple[Mark, dict[str, Any]] | None:
    """The earliest evidence made while the job was still running, with its phase."""
    best: tuple[Mark, dict[str, Any]] | None = None
    for m in inc.marks.values():
        info = m.data.get("phase") if isinstance(m.data, dict) else None
        if not isinstance(info, dict) or info.get("phase") == ph.FINISHED:
            continue
        if best is None or m.t < best[0].t:
            best = (m, info)
    return best


def _where(info: dict[str, Any]) -> str:
    step = info.get("step")
    at = f" at step {step}" if step is not None else ""
    first = ", before the first step" if info.get("before_first_step") else ""
    return f"phase: {info.get('phase', ph.UNKNOWN)}{at}{first}"


def _same_place(info: dict[str, Any]) -> bool:
    """Stopped where the attempt before the restart stopped: same phase, same step. The attempt before
    is read where it stopped (``stopped_in``), not as the "finished" the scheduler's end made it: a job
    that failed before its first step, restarted by its owner, and failed before its first step again
    stopped in the same place (holdout8: a CUDA OOM on resume, twice)."""
    prev = info.get("previous")
    if not isinstance(prev, dict) or info.get("phase") in (None, ph.UNKNOWN):
        return False
    where = prev.get("stopped_in", prev.get("phase"))
    return where == info.get("phase") and prev.get("step") == info.get("step")


def _fixed_point(info: dict[str, Any]) -> tuple[str, str, str] | None:
    """Where the job stopped, when that is a point the program reaches at fixed steps (a stall there with no
    node singled out is the program's): (pattern, where it stopped, what happens there), or None."""
    if info.get("phase") == ph.EVALUATING:
        return (
            "stall_in_evaluation",
            "the job stopped in or right after an evaluation, the training loop not resumed,",
            "an evaluation runs at fixed steps (its shards uneven across ranks, its metrics gathered, the "
            "switch back to training)",
        )
    if info.get("epoch_last_stretch"):
        return (
            "stall_at_epoch_end",
            "the job stopped in its loop's last stretch (its bar short of its total by less than one print "
            "step)",
            "a loop's last batches come at fixed steps (a last batch uneven across ranks, the collective "
            "that ends the epoch)",
        )
    if info.get("at_epoch_end"):
        return (
            "stall_at_epoch_end",
            "the job stopped right as an epoch ended (its bar at its total, the next epoch not begun)",
            "an epoch's end (the last uneven batches, the sampler and loader restarting, what the epoch's end "
            "triggers) comes at fixed steps",
        )
    return None


def _write_failure(inc: Incident) -> str | None:
    """The words of the first program error of the incident that says an I/O operation failed."""
    for m in sorted(inc.marks.values(), key=lambda m: m.t):
        if m.kind == Kind.EXCEPTION:
            found = ph.IO_FAILURE.search(m.text)
            if found is not None:
                return found.group(0)
    return None


def _stalled_again_elsewhere(inc: Incident) -> dict[str, Any] | None:
    """Where the attempt before stood, when a stall of this incident came in an attempt that followed a stall
    naming no node on other nodes (``Ingest._restart``: ``stalled_elsewhere``)."""
    for m in inc.by_kind(Kind.HANG):
        info = m.data.get("phase") if isinstance(m.data, dict) else None
        prev = info.get("previous") if isinstance(info, dict) else None
        if isinstance(prev, dict) and prev.get("stalled_elsewhere"):
            return prev
    return None


def assess_restart(inc: Incident, v: Verdict) -> tuple[Verdict, list[str]]:
    """The verdict the phase calls for, and the "would a restart repeat it?" evidence."""
    found = _phase_mark(inc)
    info = found[1] if found is not None else {}
    where = _where(info) if found is not None else "phase: not known"
    killed = kill_signal(inc) if v.category == "software" and v.node is None else None
    if killed is not None:
        line = (
            f"{where}; killed by {KILL_SIGNALS[killed]} from outside the program, which said "
            "nothing of its own: would a restart repeat it? not shown (an operator, a job killer, a "
            "health check or the host's OOM killer did it), so the owner is told"
        )
        return Verdict("software", None, None, v.confidence, "killed_from_outside", ()), [line]
    if found is None:
        return v, []
    if v.pattern == "owner_quota":
        line = (
            f"{where}; would a restart repeat it? yes: its writes fail on its owner's full quota, which a "
            "restart writes into again, so the owner is told, no requeue"
        )
        return v, [line]
    hard = v.category in _HARD or (
        v.category == "network" and (bool(inc.by_kind(Kind.IB_PORT_ERROR)) or v.pattern == "ib_local_error")
    )
    if hard:
        return v, [f"{where}; would a restart repeat it? unlikely: the {v.category} evidence names the cause"]
    if v.category not in _SOFT:
        return v, [where]
    if any(isinstance(m.data, dict) and m.data.get("launch_skew") for m in inc.marks.values()):
        line = (
            f"{where}; its tasks started far apart and the early ones waited for the late one: no node is "
            "shown broken, and a restart with the same launch skews again, so the owner is told, no requeue"
        )
        return Verdict("software", None, None, max(v.confidence, 0.7), "staggered_start", ()), [line]
    phase = info.get("phase")
    # Finishing only inferred: from a completed evaluation, or a counter at a total the job had
    # reached before and gone past (a bar per epoch).
    inferred = bool(info.get("last_loop_only") or info.get("epoch_total"))
    if (
        phase == ph.FINISHING
        and v.category == "hang"
        and inferred
        and v.node is not None
        and v.pattern != "watchdog_stuck"
    ):
        # Only a completed evaluation, or an epoch's full bar, said the job might be done, and the
        # collective names a node left behind: the node outranks the guess.
        done = "an evaluation had completed" if info.get("last_loop_only") else "a bar had reached its total"
        return v, [f"{where}; {done}, but the collective names {v.node}"]
    if phase == ph.FINISHING and v.category == "hang":
        line = (
            f"{where}; training had finished when the job stalled: nothing is lost and a restart would "
            "redo finished work, so it is reported to the owner, not requeued"
        )
        return Verdict("software", None, None, max(v.confidence, 0.7), "stall_after_training_finished", ()), [
            line
        ]
    first = _NODE_FIRST.get(v.pattern) if v.category in ("hang", "network") and v.node is not None else None
    if info.get("before_first_step") and first is not None:
        answer, reason = first
        line = (
            f"{where}; would a restart repeat it? {answer}: {reason.format(node=v.node)}, so the job is "
            "requeued without it"
        )
        return v, [line]
    if info.get("before_first_step") and not isinstance(info.get("previous"), dict):
        line = (
            f"{where} of a fresh start; would a restart repeat it? yes until shown otherwise: nothing has "
            "worked yet (configuration, environment or the program), so the owner is told, no requeue"
        )
        return Verdict("software", None, None, max(v.confidence, 0.7), "fails_before_first_step", ()), [line]
    if _same_place(info):
        prev = info["previous"]
        line = (
            f"{where}; would a restart repeat it? yes: attempt {prev.get('attempt')} stopped in the same "
            "phase at the same step before it was restarted, so the owner is told, no requeue"
        )
        return Verdict("software", None, None, max(v.confidence, 0.75), "repeats_after_restart", ()), [line]
    prev = _stalled_again_elsewhere(inc) if v.category == "hang" and v.node is None else None
    if prev is not None:
        # The attempt before stalled too, naming no node, on nodes this one does not use: what the two share
        # is the program and its data, not a machine (holdout38, blind: Lingvo's steps stopping at 11,462 on
        # one P40 host and, requeued from its checkpoint onto another, 25 steps later).
        line = (
            f"{where}; would a restart repeat it? yes: attempt {prev.get('attempt')} stalled too, with no node "
            "singled out, on nodes this attempt does not use, so the owner is told, no requeue"
        )
        return Verdict("software", None, None, max(v.confidence, 0.7), "repeats_after_restart", ()), [line]
    if phase == ph.CHECKPOINTING and v.category == "software" and v.node is None:
        failed = _write_failure(inc)
        if failed is not None:
            line = (
                f"{where}; the job failed writing the checkpoint it began to save at "
                f"t={info.get('ckpt_start_t')} ({failed}): the storage it writes to is the first suspect "
                "(full, over quota, gone or too slow), escalated rather than requeued"
            )
            return Verdict("infrastructure", None, None, 0.6, "checkpoint_write_failed", ()), [line]
    if phase == ph.CHECKPOINTING and v.category == "hang" and v.node is None:
        line = (
            f"{where}; the stall is inside a checkpoint save begun at t={info.get('ckpt_start_t')}: "
            "the storage it writes to is the first suspect, escalated rather than requeued"
        )
        return Verdict("infrastructure", None, None, 0.6, "stall_in_checkpoint_save", ()), [line]
    # Rank 0 alone missing from the collective at such a point is the program's too: the rank it gives the
    # evaluation, the save or the logging to, while the others go on to the next collective (holdout32,
    # blind: SpeechBrain's validation on one shard, rank 0 alone validating while the rest waited).
    zero = v.pattern == RANK_ZERO_MISSING
    fixed = _fixed_point(info) if v.category == "hang" and (v.node is None or zero) else None
    if fixed is not None:
        pattern, what, why = fixed
        single = (
            "only rank 0, the rank a program gives its extra work, is missing"
            if zero
            else "no node is singled out"
        )
        line = (
            f"{where}; {what} and {single}: {why}, a fixed point of the program, which a "
            "restart reaches again, so the owner is told, no requeue"
        )
        return Verdict("software", None, None, max(v.confidence, 0.6), pattern, ()), [line]
    if v.category == "hang" and v.node is None and info.get("save_trouble"):
        line = (
            f"{where}; the job stalled during or right after the checkpoint save in which it said "
            f'"{info["save_trouble"]}" (t={info.get("save_trouble_t")}): the storage it writes to is the '
            "first suspect, escalated rather than requeued"
        )
        return Verdict("infrastructure", None, None, 0.6, "stall_after_checkpoint_io_trouble", ()), [line]
    if v.category == "software":
        # The program's own evidence (an exception on its ranks, a wait in its input pipeline) decided.
        return v, [f"{where}; would a restart repeat it? likely: the evidence is the program's ({v.pattern})"]
    seen = info.get("step") is not None or info.get("phase") not in (None, ph.UNKNOWN, ph.LAUNCHING)
    why = "the job had been making progress" if seen else "no progress of the job was seen to compare with"
    return v, [f"{where}; would a restart repeat it? not shown: {why}"]
