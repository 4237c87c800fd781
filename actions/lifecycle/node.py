"""The node's recovery track, as a pure reducer: what may happen next to a node, who may cause it, why.

::

    in service ──drain──► drained by us ──decide remedy──► remedy pending ──issue──► remediating
        ▲   │                 │  ▲                            │ decline (reason)       │ new boot
        │   │ foreign drain   │  └──── check passed ──────────┼────────────────────────▼
        │   ▼                 └──────────────────────────► qualifying ◄──────────────┘
        │ foreign drain (NHC, an admin's own scontrol drain: never ours)   │ return (all steps done)
        │                                                                  ▼
        └──────────────────────────── drain again ◄──────────────────── returned
    held: lemon (blamed too often) | failed (failed its check, reboot timed out) — only a passed
    check (failed) or an admin's override naming the skipped steps (both) brings it back.

The node's recovery and the job's recovery are separate tracks of one incident: the job being
verified running again (``JOB_RECOVERED``) changes nothing here, so it never closes a remedy.

No Django, no I/O, no clock: every time is passed in. Services derive a :class:`Track` from
the database (``node_facts.derive``), ask :func:`transition`, persist and audit in one transaction,
and perform the effects returned. The invariants at the end hold in every reachable state;
they are the soak's oracle and an operator's ``check_invariants``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from monitoring.vocabulary import Category


class Stage(StrEnum):
    IN_SERVICE = "in_service"
    FOREIGN_DRAIN = "foreign_drain"  # drained by someone else (NHC, an admin): never ours
    DRAINED = "drained"  # drained by us; no remedy decided (or none applies)
    REMEDY_PENDING = "remedy_pending"  # a remedy decided, not run yet (awaiting approval, blocked, queued)
    REMEDIATING = "remediating"  # reboot/reset issued: waiting for the new boot
    QUALIFYING = "qualifying"  # remedy settled: waiting for (or past) a passed health check
    RETURNED = "returned"  # back in service after our drain
    HELD_LEMON = "held_lemon"  # blamed too often: held for the vendor
    HELD_FAILED = "held_failed"  # failed its check, or its reboot did not come back


OURS = frozenset(
    {
        Stage.DRAINED,
        Stage.REMEDY_PENDING,
        Stage.REMEDIATING,
        Stage.QUALIFYING,
        Stage.HELD_LEMON,
        Stage.HELD_FAILED,
    }
)
SERVING = frozenset({Stage.IN_SERVICE, Stage.RETURNED})


class Remedy(StrEnum):
    NONE = "none"  # none decided
    PENDING = "pending"  # decided, not run
    RUNNING = "running"  # issued, the node not back yet
    DONE = "done"  # ran: the node came back with a new boot
    FAILED = "failed"  # ran: the node did not come back in time
    DECLINED = "declined"  # a person declined it, with a reason
    OVERRIDDEN = "overridden"  # an admin returned the node without it


OPEN_REMEDY = frozenset({Remedy.PENDING, Remedy.RUNNING})


class Actor(StrEnum):
    CONTROLLER = "controller"
    OPERATOR = "operator"
    ADMIN = "admin"  # roles are cumulative: an admin may do what an operator may
    SCHEDULER = "scheduler"  # what Slurm shows that none of us did: someone else's drain or undrain


class Step(StrEnum):
    """What a return to service waits for; an admin's override must name each one it skips."""

    REMEDY = "remedy"
    HEALTH_CHECK = "health check"


class Event(StrEnum):
    DRAIN = "drain"
    FOREIGN_DRAIN = "foreign_drain"
    FOREIGN_UNDRAIN = "foreign_undrain"
    DECIDE_REMEDY = "decide_remedy"
    DECLINE_REMEDY = "decline_remedy"
    ISSUE_REMEDY = "issue_remedy"
    BOOTED = "booted"
    REMEDY_TIMED_OUT = "remedy_timed_out"
    CHECK_PASSED = "check_passed"
    CHECK_FAILED = "check_failed"
    HOLD_LEMON = "hold_lemon"
    RETURN = "return"
    OVERRIDE_RETURN = "override_return"
    JOB_RECOVERED = "job_recovered"  # the job's track, not the node's: recorded, changes nothing here


# Blamed for the node itself: it returns only after its remedy ran and a check passed after the drain.
HARDWARE_BLAME = frozenset({Category.GPU_HARDWARE, Category.GPU_DEGRADED, Category.NODE_FAILURE})


@dataclass(frozen=True)
class Act:
    """One thing that happens to the node: who did it, when, and why."""

    event: Event
    actor: Actor
    at: float
    reason: str = ""
    who: str = ""  # the person's name, for the audit ("" for the controller)
    skipped: frozenset[Step] = frozenset()  # an override: the steps it names as skipped
    blame: str | None = None  # a drain: the category the node is blamed for
    remedy_due: bool = False  # a drain: the fault asks for a reboot or GPU reset


@dataclass(frozen=True)
class Track:
    stage: Stage = Stage.IN_SERVICE
    blame: str | None = None
    drained_at: float | None = None
    remedy_due: bool = False
    remedy: Remedy = Remedy.NONE
    checked_at: float | None = None  # the last health check that passed after the drain
    check_configured: bool = True
    skipped: frozenset[Step] = frozenset()  # steps an admin's override skipped on the last return
    returned_by: Actor | None = None


class EffectKind(StrEnum):
    DRAIN = "drain"
    RESUME = "resume"
    REBOOT = "reboot"
    END_REMEDY = "end_remedy"
    RELEASE_LEMON = "release_lemon"
    AUDIT = "audit"


@dataclass(frozen=True)
class Effect:
    """Work the caller performs; an AUDIT names its subject (the effect it records), who and why."""

    kind: EffectKind
    why: str = ""
    who: str = ""
    subject: EffectKind | None = None


@dataclass(frozen=True)
class Rule:
    event: Event
    sources: frozenset[Stage]
    target: Stage | None  # None: the stage stays
    who: frozenset[Actor]
    reason: str
    guard: Callable[[Track, Act], str | None] | None = None


@dataclass(frozen=True)
class Outcome:
    track: Track
    effects: tuple[Effect, ...] = ()
    refused: str | None = None  # why not (the track is unchanged then)
    rule: Rule | None = None


# ---------------------------------------------------------------- guards


def checked_after_drain(track: Track) -> bool:
    return track.checked_at is not None and (track.drained_at is None or track.checked_at >= track.drained_at)


def missing_steps(track: Track) -> frozenset[Step]:
    """What the node still waits for before an operator or the controller may return it."""
    missing = set()
    if track.remedy_due and track.remedy != Remedy.DONE:
        missing.add(Step.REMEDY)
    if not checked_after_drain(track):
        missing.add(Step.HEALTH_CHECK)
    return frozenset(missing)


def _steps(steps: frozenset[Step]) -> str:
    return " and ".join(sorted(s.value for s in steps))


def _why_not_returned(track: Track, missing: frozenset[Step]) -> str:
    parts = []
    if Step.REMEDY in missing:
        parts.append(
            {
                Remedy.NONE: "its remedy (reboot or GPU reset) has not been decided yet",
                Remedy.PENDING: "its remedy (reboot or GPU reset) is still pending: approve it first",
                Remedy.RUNNING: "its remedy is still running",
                Remedy.FAILED: "its remedy did not bring it back",
                Remedy.DECLINED: "its remedy was declined",
                Remedy.OVERRIDDEN: "its remedy was overridden",
            }.get(track.remedy, "its remedy has not run")
        )
    if Step.HEALTH_CHECK in missing:
        parts.append(
            "no health check passed on it since the drain"
            if track.check_configured
            else "no health check is configured for this cluster"
        )
    return (
        "not returned: "
        + "; ".join(parts)
        + f"; only an admin may return it, naming the skipped {_steps(missing)}"
    )


def _may_return(track: Track, act: Act) -> str | None:
    missing = missing_steps(track)
    return _why_not_returned(track, missing) if missing else None


def _override_names_what_it_skips(track: Track, act: Act) -> str | None:
    missing = missing_steps(track)
    if not act.reason.strip():
        return "an override needs a reason"
    if not missing <= act.skipped:
        return f"an override must name the skipped step(s): {_steps(missing - act.skipped)}"
    return None


def _needs_reason(track: Track, act: Act) -> str | None:
    return None if act.reason.strip() else "declining a remedy needs a reason"


def _one_remedy_per_drain(track: Track, act: Act) -> str | None:
    return None if track.remedy == Remedy.NONE else f"a remedy was already decided ({track.remedy})"


def quiet_spell_counts_as_check(track: Track) -> bool:
    """Where no health check is configured, a quiet spell (no GPU alarm, no incident) stands in for
    one, but never for a node blamed for its hardware or whose fault asks for a remedy."""
    return not track.check_configured and not track.remedy_due and track.blame not in HARDWARE_BLAME


# ---------------------------------------------------------------- the table

_BY_US = frozenset({Actor.CONTROLLER, Actor.OPERATOR})
_RETURNABLE = frozenset(
    {Stage.DRAINED, Stage.REMEDY_PENDING, Stage.REMEDIATING, Stage.QUALIFYING, Stage.HELD_FAILED}
)
_CHECKABLE = frozenset({Stage.DRAINED, Stage.REMEDY_PENDING, Stage.QUALIFYING})

TABLE: tuple[Rule, ...] = (
    Rule(Event.DRAIN, SERVING, Stage.DRAINED, _BY_US, "drained by us, with our recovery: reason"),
    Rule(
        Event.FOREIGN_DRAIN,
        SERVING,
        Stage.FOREIGN_DRAIN,
        frozenset({Actor.SCHEDULER}),
        "drained by someone else",
    ),
    Rule(
        Event.FOREIGN_UNDRAIN,
        frozenset({Stage.FOREIGN_DRAIN}),
        Stage.IN_SERVICE,
        frozenset({Actor.SCHEDULER}),
        "resumed by whoever drained it",
    ),
    Rule(
        Event.DECIDE_REMEDY,
        frozenset({Stage.DRAINED}),
        Stage.REMEDY_PENDING,
        _BY_US,
        "the fault asks for a reboot or GPU reset",
        _one_remedy_per_drain,
    ),
    Rule(
        Event.DECLINE_REMEDY,
        frozenset({Stage.REMEDY_PENDING}),
        Stage.QUALIFYING,
        frozenset({Actor.OPERATOR}),
        "a person declined the remedy, with a reason",
        _needs_reason,
    ),
    Rule(Event.ISSUE_REMEDY, frozenset({Stage.REMEDY_PENDING}), Stage.REMEDIATING, _BY_US, "remedy issued"),
    Rule(
        Event.BOOTED,
        frozenset({Stage.REMEDIATING}),
        Stage.QUALIFYING,
        frozenset({Actor.CONTROLLER}),
        "back with a new boot",
    ),
    Rule(
        Event.REMEDY_TIMED_OUT,
        frozenset({Stage.REMEDIATING}),
        Stage.HELD_FAILED,
        frozenset({Actor.CONTROLLER}),
        "did not come back in time",
    ),
    Rule(Event.CHECK_PASSED, _CHECKABLE, None, _BY_US, "passed its health check"),
    Rule(
        Event.CHECK_PASSED, frozenset({Stage.HELD_FAILED}), Stage.QUALIFYING, _BY_US, "passed its check again"
    ),
    Rule(Event.CHECK_FAILED, frozenset({Stage.REMEDY_PENDING}), None, _BY_US, "failed its health check"),
    Rule(
        Event.CHECK_FAILED,
        frozenset({Stage.DRAINED, Stage.QUALIFYING, Stage.HELD_FAILED}),
        Stage.HELD_FAILED,
        _BY_US,
        "failed its health check: stays drained",
    ),
    Rule(
        Event.HOLD_LEMON,
        OURS - {Stage.HELD_LEMON},
        Stage.HELD_LEMON,
        frozenset({Actor.CONTROLLER}),
        "blamed too often: held",
    ),
    Rule(
        Event.RETURN,
        _RETURNABLE,
        Stage.RETURNED,
        _BY_US,
        "returned: remedy done and check passed",
        _may_return,
    ),
    Rule(
        Event.OVERRIDE_RETURN,
        OURS,
        Stage.RETURNED,
        frozenset({Actor.ADMIN}),
        "returned by an admin's override, naming the steps it skipped",
        _override_names_what_it_skips,
    ),
    Rule(
        Event.JOB_RECOVERED,
        frozenset(Stage),
        None,
        frozenset({Actor.CONTROLLER}),
        "the job's own track: the node's is unchanged",
    ),
)


def permits(who: frozenset[Actor], actor: Actor) -> bool:
    return actor in who or (actor == Actor.ADMIN and Actor.OPERATOR in who)


def _no_rule(track: Track, act: Act) -> str:
    if track.stage == Stage.FOREIGN_DRAIN and act.event != Event.JOB_RECOVERED:
        return "drained by someone else (NHC, an admin): not ours to touch"
    if track.stage == Stage.HELD_LEMON and act.event == Event.RETURN:
        return "held as a lemon: only an admin's override returns it"
    if track.stage in SERVING and act.event in (Event.RETURN, Event.OVERRIDE_RETURN):
        return "the node is in service: nothing to return"
    return f"{act.event.value} is not possible while the node is {track.stage.value}"


def rule_for(track: Track, act: Act) -> Rule | None:
    return next((r for r in TABLE if r.event == act.event and track.stage in r.sources), None)


def transition(track: Track, act: Act) -> Outcome:
    """The node's next track and the effects to perform, or a refusal (and the track unchanged)."""
    rule = rule_for(track, act)
    if rule is None:
        return Outcome(track, refused=_no_rule(track, act))
    if not permits(rule.who, act.actor):
        return Outcome(track, refused=f"a {act.actor.value} may not cause {act.event.value}", rule=rule)
    refused = rule.guard(track, act) if rule.guard else None
    if refused:
        return Outcome(track, refused=refused, rule=rule)
    after = _apply(track, act, rule)
    return Outcome(after, _effects(track, act, rule), rule=rule)


def _apply(track: Track, act: Act, rule: Rule) -> Track:
    moved = replace(track, stage=rule.target or track.stage)
    match act.event:
        case Event.DRAIN:
            return Track(
                Stage.DRAINED, act.blame, act.at, act.remedy_due, check_configured=track.check_configured
            )
        case Event.DECIDE_REMEDY:
            return replace(moved, remedy=Remedy.PENDING, remedy_due=True)
        case Event.DECLINE_REMEDY:
            return replace(moved, remedy=Remedy.DECLINED)
        case Event.ISSUE_REMEDY:
            return replace(moved, remedy=Remedy.RUNNING)
        case Event.BOOTED:
            return replace(moved, remedy=Remedy.DONE)
        case Event.REMEDY_TIMED_OUT:
            return replace(moved, remedy=Remedy.FAILED)
        case Event.CHECK_PASSED:
            return replace(moved, checked_at=act.at)
        case Event.CHECK_FAILED:
            return replace(moved, checked_at=None)
        case Event.RETURN:
            return replace(moved, returned_by=act.actor, skipped=frozenset())
        case Event.OVERRIDE_RETURN:
            remedy = Remedy.OVERRIDDEN if Step.REMEDY in missing_steps(track) else track.remedy
            return replace(moved, returned_by=act.actor, skipped=act.skipped, remedy=remedy)
    return moved


def _effects(track: Track, act: Act, rule: Rule) -> tuple[Effect, ...]:
    why = act.reason or rule.reason
    done: list[Effect] = []
    match act.event:
        case Event.DRAIN:
            done.append(Effect(EffectKind.DRAIN, why))
        case Event.ISSUE_REMEDY:
            done.append(Effect(EffectKind.REBOOT, why))
        case Event.DECLINE_REMEDY:
            done.append(Effect(EffectKind.END_REMEDY, why))
        case Event.RETURN | Event.OVERRIDE_RETURN:
            if act.event == Event.OVERRIDE_RETURN:
                why = f"{why} (override; skipped: {_steps(act.skipped) or 'nothing'})"
                if track.remedy in OPEN_REMEDY:
                    done.append(Effect(EffectKind.END_REMEDY, f"overridden by an admin: {act.reason}"))
                if track.stage == Stage.HELD_LEMON:
                    done.append(Effect(EffectKind.RELEASE_LEMON, why))
            done.append(Effect(EffectKind.RESUME, why))
    return tuple(done) + tuple(
        Effect(EffectKind.AUDIT, e.why, act.who or act.actor.value, e.kind) for e in done
    )


# ---------------------------------------------------------------- invariants (None: holds; else why not)


def node_returned_only_after_remedy_and_check(track: Track) -> str | None:
    """A node blamed for hardware, a degraded GPU or a node failure is back in service only after its
    remedy ran and a health check passed after the drain, or by an admin's override naming each
    skipped step."""
    if track.stage != Stage.RETURNED or track.blame not in HARDWARE_BLAME:
        return None
    unnamed = missing_steps(track) - track.skipped
    if unnamed:
        return f"returned without its {_steps(unnamed)}"
    if track.skipped and track.returned_by != Actor.ADMIN:
        return f"skipped {_steps(track.skipped)} without an admin's override"
    return None


def decided_remedy_stays_open_until_done_declined_or_overridden(
    before: Track, act: Act, after: Track
) -> str | None:
    """Once decided, a remedy ends only by running (done or timed out), a person's reasoned decline,
    or an admin's override; never because the job recovered or the incident closed."""
    if before.remedy not in OPEN_REMEDY or after.remedy in OPEN_REMEDY:
        return None
    if act.event in (Event.BOOTED, Event.REMEDY_TIMED_OUT, Event.OVERRIDE_RETURN):
        return None
    if act.event == Event.DECLINE_REMEDY and act.reason.strip():
        return None
    return f"an open remedy ended by {act.event.value}"


def every_resume_has_one_audit_record(effects: tuple[Effect, ...]) -> str | None:
    """Each resume is recorded exactly once, naming who and why."""
    resumes = sum(e.kind == EffectKind.RESUME for e in effects)
    audits = [e for e in effects if e.kind == EffectKind.AUDIT and e.subject == EffectKind.RESUME]
    if len(audits) != resumes:
        return f"{resumes} resume(s), {len(audits)} audit record(s) of a resume"
    if any(not a.who or not a.why for a in audits):
        return "a resume's audit record names no one or no reason"
    return None


def foreign_drain_is_never_ours(before: Track, effects: tuple[Effect, ...]) -> str | None:
    """A node drained by someone else is never resumed, drained over or rebooted by us."""
    acting = {EffectKind.RESUME, EffectKind.DRAIN, EffectKind.REBOOT}
    if before.stage == Stage.FOREIGN_DRAIN and any(e.kind in acting for e in effects):
        return "acted on a node drained by someone else"
    return None


def a_held_lemon_returns_only_by_an_admin(before: Track, act: Act, after: Track) -> str | None:
    if before.stage == Stage.HELD_LEMON and after.stage == Stage.RETURNED and act.actor != Actor.ADMIN:
        return "a lemon returned without an admin"
    return None


def the_job_track_never_moves_the_node_track(before: Track, act: Act, after: Track) -> str | None:
    if act.event == Event.JOB_RECOVERED and after != before:
        return "the job's recovery changed the node's track"
    return None


STATE_INVARIANTS: tuple[Callable[[Track], str | None], ...] = (node_returned_only_after_remedy_and_check,)


def check_step(before: Track, act: Act, outcome: Outcome) -> list[str]:
    """Every invariant over one step; the names of those violated, with why."""
    after, effects = outcome.track, outcome.effects
    found = [(f.__name__, f(after)) for f in STATE_INVARIANTS]
    found += [
        (f.__name__, f(before, act, after))
        for f in (
            decided_remedy_stays_open_until_done_declined_or_overridden,
            a_held_lemon_returns_only_by_an_admin,
            the_job_track_never_moves_the_node_track,
        )
    ]
    found += [
        ("every_resume_has_one_audit_record", every_resume_has_one_audit_record(effects)),
        ("foreign_drain_is_never_ours", foreign_drain_is_never_ours(before, effects)),
    ]
    return [f"{name}: {why}" for name, why in found if why]
