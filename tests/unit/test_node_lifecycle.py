"""The node's recovery track (actions.lifecycle.node): the table, its guards, and its invariants in
every reachable state, explored by Hypothesis (stateful: random acts by random actors)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from actions.lifecycle.node import (
    HARDWARE_BLAME,
    OURS,
    TABLE,
    Act,
    Actor,
    EffectKind,
    Event,
    Remedy,
    Stage,
    Step,
    Track,
    check_step,
    missing_steps,
    node_returned_only_after_remedy_and_check,
    transition,
)
from actions.lifecycle.node_facts import NodeFacts, derive
from monitoring.vocabulary import Category

T0 = 1_800_000_000.0


def _act(event: Event, actor: Actor = Actor.CONTROLLER, at: float = T0, **kw: object) -> Act:
    return Act(event, actor, at, **kw)  # type: ignore[arg-type]


def _run(track: Track, *acts: Act) -> Track:
    for act in acts:
        out = transition(track, act)
        assert out.refused is None, out.refused
        assert check_step(track, act, out) == []
        track = out.track
    return track


XID79_DRAIN = _act(Event.DRAIN, blame=Category.GPU_HARDWARE, remedy_due=True, reason="recovery: xid 79")


def _drained_for_xid79(check_configured: bool = True) -> Track:
    return _run(Track(check_configured=check_configured), XID79_DRAIN, _act(Event.DECIDE_REMEDY))


def test_every_stage_is_reachable_and_every_rule_names_a_reason_and_who() -> None:
    assert {r.target for r in TABLE if r.target} | {Stage.IN_SERVICE} == set(Stage)
    assert all(r.reason and r.who for r in TABLE)


def test_an_operator_cannot_return_a_node_whose_reboot_is_pending() -> None:
    track = _drained_for_xid79()
    out = transition(track, _act(Event.RETURN, Actor.OPERATOR, T0 + 5, who="otto"))
    assert out.track == track and out.effects == ()
    assert out.refused is not None and "still pending" in out.refused
    assert "only an admin may return it, naming the skipped health check and remedy" in out.refused


def test_after_reboot_and_a_passed_check_the_controller_returns_it_with_one_audit() -> None:
    track = _run(
        _drained_for_xid79(),
        _act(Event.ISSUE_REMEDY, at=T0 + 1),
        _act(Event.BOOTED, at=T0 + 45),
        _act(Event.CHECK_PASSED, at=T0 + 50),
    )
    out = transition(track, _act(Event.RETURN, at=T0 + 50, reason="passed its check after the reboot"))
    assert out.refused is None and out.track.stage == Stage.RETURNED
    assert [e.kind for e in out.effects] == [EffectKind.RESUME, EffectKind.AUDIT]
    assert out.effects[1].who == "controller" and out.effects[1].why == "passed its check after the reboot"


def test_a_check_before_the_drain_does_not_count() -> None:
    track = _run(Track(), _act(Event.DRAIN, at=T0, blame=Category.NODE_FAILURE))
    assert missing_steps(track) == {Step.HEALTH_CHECK}
    stale = Track(Stage.QUALIFYING, Category.NODE_FAILURE, drained_at=T0, checked_at=T0 - 1)
    assert transition(stale, _act(Event.RETURN, Actor.OPERATOR)).refused is not None


def test_with_no_check_configured_only_an_admin_returns_it_naming_the_skipped_steps() -> None:
    track = _drained_for_xid79(check_configured=False)
    refused = transition(track, _act(Event.RETURN, Actor.OPERATOR)).refused
    assert refused is not None and "no health check is configured for this cluster" in refused
    half = _act(
        Event.OVERRIDE_RETURN,
        Actor.ADMIN,
        reason="vendor swapped the GPU",
        skipped=frozenset({Step.HEALTH_CHECK}),
    )
    assert transition(track, half).refused == "an override must name the skipped step(s): remedy"
    assert transition(
        track, _act(Event.OVERRIDE_RETURN, Actor.OPERATOR, reason="x", skipped=frozenset(Step))
    ).refused
    whole = _act(
        Event.OVERRIDE_RETURN,
        Actor.ADMIN,
        reason="vendor swapped the GPU",
        skipped=frozenset(Step),
        who="ada",
    )
    out = transition(track, whole)
    assert out.refused is None and out.track.remedy == Remedy.OVERRIDDEN
    assert [e.kind for e in out.effects] == [
        EffectKind.END_REMEDY,
        EffectKind.RESUME,
        EffectKind.AUDIT,
        EffectKind.AUDIT,
    ]
    assert "skipped: health check and remedy" in out.effects[-1].why and out.effects[-1].who == "ada"
    assert node_returned_only_after_remedy_and_check(out.track) is None


def test_the_jobs_recovery_never_closes_the_nodes_remedy() -> None:
    track = _drained_for_xid79()
    out = transition(track, _act(Event.JOB_RECOVERED))
    assert out.refused is None and out.track == track and out.track.remedy == Remedy.PENDING


def test_a_foreign_drain_is_never_ours() -> None:
    track = _run(Track(), _act(Event.FOREIGN_DRAIN, Actor.SCHEDULER))
    for event in (Event.RETURN, Event.DRAIN, Event.DECIDE_REMEDY, Event.OVERRIDE_RETURN):
        out = transition(track, _act(event, Actor.ADMIN, reason="r", skipped=frozenset(Step)))
        assert out.refused == "drained by someone else (NHC, an admin): not ours to touch"


def test_a_lemon_is_returned_only_by_an_admin() -> None:
    track = _run(_drained_for_xid79(), _act(Event.HOLD_LEMON))
    assert transition(track, _act(Event.RETURN, Actor.OPERATOR)).refused == (
        "held as a lemon: only an admin's override returns it"
    )
    out = transition(
        track, _act(Event.OVERRIDE_RETURN, Actor.ADMIN, reason="RMA done", skipped=frozenset(Step))
    )
    assert EffectKind.RELEASE_LEMON in [e.kind for e in out.effects]


def test_derive_reads_the_stage_from_the_facts() -> None:
    base = NodeFacts(
        drained=True, drained_by_us=True, held_as_lemon=False, check_configured=True, drained_at=T0
    )
    assert derive(base).stage == Stage.DRAINED
    assert derive(NodeFacts(True, False, False, True)).stage == Stage.FOREIGN_DRAIN
    assert derive(NodeFacts(False, False, False, True)).stage == Stage.IN_SERVICE
    pending = NodeFacts(True, True, False, True, Category.GPU_HARDWARE, T0, True, Remedy.PENDING)
    assert derive(pending).stage == Stage.REMEDY_PENDING
    done = NodeFacts(True, True, False, True, Category.GPU_HARDWARE, T0, True, Remedy.DONE, checked_at=T0 + 9)
    assert derive(done).stage == Stage.QUALIFYING and missing_steps(derive(done)) == frozenset()
    failed = NodeFacts(True, True, False, True, None, T0, checked_at=T0 + 1, check_failed_at=T0 + 2)
    assert derive(failed).stage == Stage.HELD_FAILED and Step.HEALTH_CHECK in missing_steps(derive(failed))


# ---------------------------------------------------------------- every reachable state


class NodeTrackMachine(RuleBasedStateMachine):
    """Random acts by random actors: refused ones change nothing; accepted ones break no invariant."""

    def __init__(self) -> None:
        super().__init__()
        self.track = Track()
        self.now = T0
        self.seen: set[Stage] = {self.track.stage}

    @rule(
        event=st.sampled_from(Event),
        actor=st.sampled_from(Actor),
        dt=st.floats(min_value=0, max_value=600),
        reason=st.sampled_from(["", "vendor swapped the GPU"]),
        skipped=st.frozensets(st.sampled_from(Step)),
        blame=st.sampled_from([None, *Category]),
        remedy_due=st.booleans(),
    )
    def act(
        self,
        event: Event,
        actor: Actor,
        dt: float,
        reason: str,
        skipped: frozenset[Step],
        blame: str | None,
        remedy_due: bool,
    ) -> None:
        self.now += dt
        act = Act(event, actor, self.now, reason, actor.value, skipped, blame, remedy_due)
        before = self.track
        out = transition(before, act)
        if out.refused:
            assert out.track == before and out.effects == ()
            return
        assert check_step(before, act, out) == []
        if before.stage in OURS and out.track.stage == Stage.RETURNED and before.blame in HARDWARE_BLAME:
            assert (missing_steps(before) <= act.skipped and actor == Actor.ADMIN) or not missing_steps(
                before
            )
        self.track = out.track
        self.seen.add(self.track.stage)

    @rule(configured=st.booleans())
    def reconfigure_the_check(self, configured: bool) -> None:
        self.track = Track(**{**self.track.__dict__, "check_configured": configured})

    @invariant()
    def returned_only_after_remedy_and_check(self) -> None:
        assert node_returned_only_after_remedy_and_check(self.track) is None


TestNodeTrack = NodeTrackMachine.TestCase
TestNodeTrack.settings = settings(
    max_examples=300, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_the_invariant_fails_on_the_old_return_that_skipped_the_reboot_and_the_check() -> None:
    """The defect as it was: no check configured -> resumed at once, whatever the node was blamed for."""
    old = Track(**{**_drained_for_xid79(check_configured=False).__dict__, "stage": Stage.RETURNED})
    assert node_returned_only_after_remedy_and_check(old) == "returned without its health check and remedy"


def test_the_recorded_resume_and_remedy_checks() -> None:
    from actions.lifecycle.node_facts import ResumeFacts, remedy_ended_rightly, resume_kept_the_track

    base = ResumeFacts("n1", T0 + 60, Category.GPU_HARDWARE, T0, True, True, T0 + 50, False)
    assert resume_kept_the_track(base) is None
    stale_check = ResumeFacts("n1", T0 + 60, Category.GPU_HARDWARE, T0, True, True, T0 - 5, False)
    assert resume_kept_the_track(stale_check) == "n1 resumed without its health check"
    skipped = ResumeFacts("n1", T0 + 60, Category.GPU_HARDWARE, T0, True, False, None, True, frozenset(Step))
    assert resume_kept_the_track(skipped) is None
    assert (
        resume_kept_the_track(ResumeFacts("n1", T0, Category.NETWORK, T0, False, False, None, False)) is None
    )
    assert remedy_ended_rightly("r", "superseded", "overridden by ada: RMA") is None
    assert remedy_ended_rightly("r", "superseded", "incident #4 is dismissed") is None
    assert remedy_ended_rightly("r", "expired", "no decision before it expired") == (
        "r ended expired unrun: no decision before it expired"
    )
