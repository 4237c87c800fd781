"""The autonomy ladder resolves with a clear precedence; the restart and storm guardrails are pure."""

from __future__ import annotations

from actions.policy.autonomy import APPROVE, AUTO, ISOLATION, MONITOR, RESTART, Ladder, Target, resolve
from actions.policy.guardrails import Hit, RestartBudget, check_restart, check_storm

CANARY_DRAIN = Target(kind=ISOLATION, partition="canary", nodes=("gpu-a-030",))


def test_with_nothing_set_the_cluster_default_holds() -> None:
    res = resolve(Ladder(default=APPROVE), CANARY_DRAIN)
    assert (res.level, res.source) == (APPROVE, "cluster default")


def test_a_kind_level_beats_the_cluster_default_for_that_kind_only() -> None:
    ladder = Ladder(default=MONITOR, per_kind={ISOLATION: AUTO})
    assert resolve(ladder, CANARY_DRAIN).level == AUTO
    assert resolve(ladder, Target(kind=RESTART, partition="canary", job="7")).level == MONITOR


def test_a_partition_override_beats_the_kind_level() -> None:
    ladder = Ladder(
        default=MONITOR, per_kind={ISOLATION: APPROVE}, overrides={("partition", "canary", ISOLATION): AUTO}
    )
    assert str(resolve(ladder, CANARY_DRAIN)) == "auto (isolation override for partition canary)"
    assert resolve(ladder, Target(kind=ISOLATION, partition="batch", nodes=("gpu-a-003",))).level == APPROVE


def test_a_node_override_beats_the_partition_override() -> None:
    ladder = Ladder(
        default=MONITOR,
        overrides={("partition", "canary", ISOLATION): AUTO, ("node", "gpu-a-030", ISOLATION): MONITOR},
    )
    assert str(resolve(ladder, CANARY_DRAIN)) == "monitor (isolation override for node gpu-a-030)"


def test_a_job_override_beats_the_node_override() -> None:
    ladder = Ladder(
        default=MONITOR, overrides={("node", "gpu-a-030", RESTART): MONITOR, ("job", "7", RESTART): AUTO}
    )
    target = Target(kind=RESTART, partition="canary", nodes=("gpu-a-030",), job="7")
    assert str(resolve(ladder, target)) == "auto (restart override for job 7)"


def test_overrides_are_per_kind() -> None:
    ladder = Ladder(default=MONITOR, overrides={("job", "7", ISOLATION): AUTO})
    assert resolve(ladder, Target(kind=RESTART, job="7")).level == MONITOR


def test_when_several_nodes_carry_overrides_the_most_cautious_holds() -> None:
    ladder = Ladder(default=AUTO, overrides={("node", "a", RESTART): AUTO, ("node", "b", RESTART): APPROVE})
    assert (
        str(resolve(ladder, Target(kind=RESTART, nodes=("a", "b"))))
        == "approve (restart override for node b)"
    )


def test_back_to_monitor_beats_every_override() -> None:
    ladder = Ladder(
        default=AUTO,
        monitor_only=True,
        per_kind={ISOLATION: AUTO},
        overrides={
            ("job", "7", RESTART): AUTO,
            ("node", "gpu-a-030", ISOLATION): AUTO,
            ("partition", "canary", ISOLATION): AUTO,
        },
    )
    for target in (CANARY_DRAIN, Target(kind=RESTART, job="7")):
        assert (resolve(ladder, target).level, resolve(ladder, target).source) == (
            MONITOR,
            "cluster switched back to monitor",
        )


def _budget(**kw: object) -> RestartBudget:
    base = {
        "job": "7",
        "opted_in": True,
        "max_requeues": 3,
        "requeues_by_us": 0,
        "requeues_without_progress": 0,
        "restart_storm_limit": 2,
    }
    return RestartBudget(**(base | kw))  # type: ignore[arg-type]


def test_a_requeue_within_budget_may_go_ahead() -> None:
    assert check_restart(_budget(requeues_by_us=2, requeues_without_progress=1)) is None


def test_a_job_that_did_not_opt_in_is_never_requeued() -> None:
    assert check_restart(_budget(opted_in=False)).startswith("opt-in: job 7 did not opt in")
    assert check_restart(_budget(max_requeues=0)).startswith("opt-in:")


def test_the_restart_budget_is_the_jobs_max_requeues() -> None:
    assert (
        check_restart(_budget(requeues_by_us=3))
        == "restart budget: job 7 was already requeued 3 times (its limit is 3)"
    )


def test_requeues_that_never_pass_the_checkpoint_are_a_restart_storm() -> None:
    why = check_restart(_budget(requeues_by_us=2, requeues_without_progress=2))
    assert why is not None and why.startswith(
        "restart storm: job 7 was requeued 2 times in a row without progressing"
    )


def test_three_jobs_on_disjoint_nodes_at_once_are_a_storm() -> None:
    hits = [
        Hit((("1", ("a", "b")), ("2", ("c",)))),
        Hit((("3", ("d", "e")),)),
    ]  # one incident may hit several jobs
    assert (
        check_storm(hits, min_jobs=3, min_nodes=4)
        == "storm breaker: 3 jobs on disjoint nodes failed at once (1, 2, 3)"
    )


def test_jobs_sharing_a_node_are_one_fault_not_a_storm() -> None:
    hits = [
        Hit((("1", ("a", "b")),), culprit="b"),
        Hit((("2", ("b", "c")),), culprit="b"),
        Hit((("3", ("d",)),)),
    ]
    assert check_storm(hits, min_jobs=3, min_nodes=4) is None


def test_many_blamed_nodes_at_once_are_a_storm() -> None:
    hits = [Hit(culprit=n) for n in ("a", "b", "c", "d")]
    assert check_storm(hits, min_jobs=3, min_nodes=4) == "storm breaker: 4 nodes blamed at once (a, b, c, d)"
    assert check_storm(hits[:3], min_jobs=3, min_nodes=4) is None
