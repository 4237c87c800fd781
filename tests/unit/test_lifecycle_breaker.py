"""The storm breaker's lifecycle (issue 23, defect 3): each failure counts once, and after a
release only failures after it count.

Random shifts of new failures, re-reads of failures already seen (every check reads the
whole window again), time passing, an operator's hold and an admin's release: the named
invariants hold after every step, and no failure ever trips the breaker twice.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from actions.lifecycle import breaker
from actions.lifecycle.breaker import Breaker, Failure, Limits, Phase, Trip

LIMITS = Limits(window_s=120, min_jobs=2, min_nodes=3)
NODES = [f"n{i}" for i in range(8)]

step = st.one_of(
    st.tuples(st.just("fail"), st.integers(0, 7), st.integers(0, 7), st.booleans()),
    st.tuples(st.just("reread"), st.integers(0, 50)),
    st.tuples(st.just("wait"), st.integers(1, 90)),
    st.tuples(st.just("release")),
    st.tuples(st.just("hold")),
)


class Shift:
    """Drives the pure breaker the way the service does: every check reads the whole window."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.b = Breaker()
        self.seen: list[Failure] = []
        self.trips: list[Trip] = []
        self.releases: list[float] = []

    def check(self, extra: list[Failure] = ()) -> None:  # type: ignore[assignment]
        window = [f for f in self.seen if self.now - LIMITS.window_s <= f.at <= self.now]
        self.b, trip = breaker.observe(self.b, [*window, *extra], self.now, LIMITS)
        if trip is not None:
            self.trips.append(trip)

    def apply(self, s: tuple[object, ...]) -> None:
        kind = s[0]
        if kind == "fail":
            _, node, other, blamed = s
            key = f"i-{len(self.seen) + 1}"
            f = Failure(
                key, self.now, ((f"j{key}", (NODES[int(node)],)),), NODES[int(other)] if blamed else ""
            )
            self.seen.append(f)
        elif kind == "reread" and self.seen:
            self.check([self.seen[int(s[1]) % len(self.seen)]])  # the same failure read twice at once
        elif kind == "wait":
            self.now += float(s[1])
        elif kind == "release" and self.b.phase == Phase.TRIPPED:
            self.b = breaker.release(self.b, self.now)
            self.releases.append(self.now)
        elif kind == "hold":
            self.b = breaker.hold(self.b)
        self.check()
        self.now += 1.0


@given(st.lists(step, max_size=60))
def test_the_invariants_hold_through_any_shift(steps) -> None:  # type: ignore[no-untyped-def]
    shift = Shift()
    for s in steps:
        shift.apply(s)
        assert breaker.each_failure_counts_once(shift.b, shift.trips) is None
        assert breaker.only_failures_after_release_count(shift.b) is None
    for trip in shift.trips:
        tripped_at = max(f.at for f in trip.failures)
        before = [r for r in shift.releases if r <= tripped_at]
        assert not before or min(f.at for f in trip.failures) > max(before)


def _storm(t: float) -> list[Failure]:
    return [Failure("i-1", t, (("4101", ("n1",)),)), Failure("i-2", t + 2, (("4102", ("n2",)),))]


def test_released_then_the_same_failures_read_again_it_does_not_trip_again() -> None:
    b, trip = breaker.observe(Breaker(), _storm(100), 105, LIMITS)
    assert trip is not None and trip.why.startswith("storm breaker: 2 jobs on disjoint nodes failed at once")
    assert b.phase == Phase.TRIPPED
    b = breaker.release(b, 110)
    b, again = breaker.observe(b, _storm(100), 121, LIMITS)  # 11 s after the release, same two jobs
    assert again is None and b.phase == Phase.ARMED and b.counted == ()


def test_after_a_release_new_failures_trip_it_again() -> None:
    b, _ = breaker.observe(Breaker(), _storm(100), 105, LIMITS)
    b = breaker.release(b, 110)
    later = [Failure("i-3", 130, (("4103", ("n3",)),)), Failure("i-4", 131, (("4104", ("n4",)),))]
    b, trip = breaker.observe(b, [*_storm(100), *later], 132, LIMITS)
    assert trip is not None and [f.key for f in trip.failures] == ["i-3", "i-4"]


def test_one_failure_read_twice_is_one_job_not_a_storm() -> None:
    one = Failure("i-1", 100, (("4101", ("n1",)),))
    b, trip = breaker.observe(Breaker(), [one, one, one], 101, LIMITS)
    assert trip is None and b.counted == (one,)
    assert breaker.each_failure_counts_once(b) is None


def test_the_invariants_name_what_broke() -> None:
    one = Failure("i-1", 100)
    assert (
        breaker.each_failure_counts_once(Breaker(counted=(one, one)))
        == "failures counted more than once: i-1"
    )
    late = Breaker(released_at=100, counted=(one,))
    assert breaker.only_failures_after_release_count(late) == "failures from before the release counted: i-1"


def test_while_held_nothing_counts_and_only_an_admin_releases() -> None:
    held = breaker.hold(Breaker())
    b, trip = breaker.observe(held, _storm(100), 105, LIMITS)
    assert trip is None and b == held
    assert breaker.TRANSITIONS[(Phase.TRIPPED, breaker.Event.RELEASE)][1] == ("admin",)
    assert breaker.release(Breaker(), 5) == Breaker()  # releasing an armed breaker changes nothing
