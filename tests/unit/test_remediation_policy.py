"""Remediation decisions without Django or a Slurm: the catalog's remedy, the reboot guardrails,
the lemon rule, what counts as a new boot, the ladder's third kind, and which reboot command
the Slurm client sends (and that it sends none for a node that is not ours or still has jobs)."""

from __future__ import annotations

import pytest

from actions.policy.autonomy import ACTION_KIND, Ladder, Target, resolve
from actions.policy.guardrails import RebootBudget, check_reboot
from actions.policy.remediation import booted_again, is_lemon, remedy_for
from monitoring.simulator import SimulatedCluster
from monitoring.simulator.config import SimConfig
from monitoring.slurm import SlurmClient
from monitoring.vocabulary import MUTATING, ActionKind, AutonomyKind
from tests.unit.test_slurm_collectors_and_actions import NODE, Scripted, _acts

# ---------------------------------------------------------------- the catalog's remedy


def test_a_gpu_off_the_bus_asks_for_a_node_reboot() -> None:
    r = remedy_for([(79, 3)], gpu_reset_available=True)
    assert r is not None and r.action == ActionKind.REBOOT_NODE and r.xid == 79
    assert (
        r.why == "Xid 79 (ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS): NVIDIA says RESTART_BM: reboot the node"
    )


def test_a_reset_gpu_xid_resets_the_gpu_only_where_the_agent_can() -> None:
    reset = remedy_for([(95, 2)], gpu_reset_available=True)
    assert reset is not None and reset.action == ActionKind.RESET_GPU and reset.gpu == 2
    fallback = remedy_for([(95, 2)], gpu_reset_available=False)
    assert fallback is not None and fallback.action == ActionKind.REBOOT_NODE and fallback.gpu is None
    unknown_gpu = remedy_for([(95, None)], gpu_reset_available=True)
    assert unknown_gpu is not None and unknown_gpu.action == ActionKind.REBOOT_NODE


def test_mechanical_faults_go_to_people_and_application_xids_ask_for_nothing() -> None:
    r = remedy_for([(54, 0)], gpu_reset_available=True)
    assert r is not None and r.action == ActionKind.ESCALATE
    assert remedy_for([(13, 0), (31, 0), (63, 0)], gpu_reset_available=True) is None
    assert remedy_for([(99999, 0)], gpu_reset_available=True) is None


def test_the_strongest_remedy_wins_when_an_incident_carries_several_xids() -> None:
    r = remedy_for([(95, 1), (79, 1)], gpu_reset_available=True)
    assert r is not None and r.action == ActionKind.REBOOT_NODE
    r = remedy_for([(79, 1), (54, 1)], gpu_reset_available=True)
    assert r is not None and r.action == ActionKind.ESCALATE


# ---------------------------------------------------------------- the ladder's third kind


def test_reboots_and_resets_are_remediation_and_mutate_the_cluster() -> None:
    assert ACTION_KIND["reboot_node"] == ACTION_KIND["reset_gpu"] == AutonomyKind.REMEDIATION
    assert {ActionKind.REBOOT_NODE, ActionKind.RESET_GPU} <= MUTATING


def test_isolation_granted_does_not_grant_remediation() -> None:
    ladder = Ladder(default="monitor", per_kind={"isolation": "auto"})
    assert resolve(ladder, Target(kind="remediation", partition="batch", nodes=("n1",))).level == "monitor"
    ladder = Ladder(default="monitor", per_kind={"isolation": "auto", "remediation": "approve"})
    res = resolve(ladder, Target(kind="remediation", partition="batch", nodes=("n1",)))
    assert (res.level, res.source) == ("approve", "cluster remediation level")


def test_a_canary_partition_may_reboot_on_its_own_and_the_switch_beats_it() -> None:
    overrides = {("partition", "canary", "remediation"): "auto"}
    ladder = Ladder(default="monitor", overrides=overrides)
    assert resolve(ladder, Target(kind="remediation", partition="canary", nodes=("c1",))).level == "auto"
    assert resolve(ladder, Target(kind="remediation", partition="batch", nodes=("b1",))).level == "monitor"
    pulled = Ladder(default="monitor", monitor_only=True, overrides=overrides)
    assert resolve(pulled, Target(kind="remediation", partition="canary", nodes=("c1",))).level == "monitor"


# ---------------------------------------------------------------- guardrails


def _budget(**kw: int) -> RebootBudget:
    base = {
        "in_flight": 0,
        "max_in_flight": 2,
        "partition_size": 10,
        "partition_rebooting": 0,
        "max_partition_rebooting_pct": 20,
    }
    return RebootBudget(**(base | kw))


def test_reboots_in_flight_are_capped_per_cluster() -> None:
    assert check_reboot(_budget(in_flight=1)) is None
    assert check_reboot(_budget(in_flight=2)) == (
        "reboots in flight: 2 reboots by the controller have not come back yet (limit 2 per cluster)"
    )


def test_a_partition_never_has_more_than_its_share_rebooting() -> None:
    assert check_reboot(_budget(in_flight=1, partition_rebooting=1)) is None  # 2 of 10 = 20%
    assert check_reboot(_budget(in_flight=1, partition_rebooting=2, max_in_flight=5)) == (
        "partition share: rebooting one more would leave 3 of 10 nodes rebooting (30% > 20%)"
    )


# ---------------------------------------------------------------- lemons and boots


def test_a_node_blamed_n_times_in_m_days_is_a_lemon() -> None:
    day = 86400.0
    now = 100 * day
    assert is_lemon([now - 29 * day, now - 2 * day, now], now, times=3, window_s=30 * day)
    assert not is_lemon([now - 31 * day, now - 2 * day, now], now, times=3, window_s=30 * day)
    assert not is_lemon([now] * 10, now, times=0, window_s=30 * day)


def test_only_a_jump_in_boot_time_is_a_new_boot() -> None:
    assert booted_again("2026-12-01T10:22:00", "2026-12-01T11:17:01")
    assert not booted_again(
        "2026-12-01T10:22:00", "2026-12-01T10:22:01"
    )  # the same boot, re-derived from uptime
    assert not booted_again("2026-12-01T10:22:00", "")  # BootTime=None right after a resume
    assert not booted_again("2026-12-01T10:22:00", "None")
    assert booted_again("", "2026-12-01T11:17:01")
    assert booted_again("0.0", "45.0") and not booted_again("45.0", "45.0")


# ---------------------------------------------------------------- the Slurm client's reboot


def _node(state: str, reason: str) -> Scripted:
    return Scripted([(["scontrol", "-o", "show", "node"], NODE.format(state=state, reason=reason))])


def test_a_node_we_drained_is_rebooted_without_asap_so_it_comes_back_drained() -> None:
    t = _node("IDLE+DRAIN", "recovery: incident 4 [root@2026-12-01T10:00:00]")
    r = SlurmClient(t).reboot("node3", "recovery: reboot for incident 4 (Xid 79)")
    assert r.outcome == "done"
    assert _acts(t) == [["scontrol", "reboot", "reason=recovery: reboot for incident 4 (Xid 79)", "node3"]]


@pytest.mark.parametrize(
    ("state", "reason", "outcome"),
    [
        ("IDLE+DRAIN", "NHC: check_fs_mount: /lustre not mounted [root@2026-12-01T10:00:00]", "superseded"),
        ("IDLE+DRAIN", "bad dimm [admin@2026-12-01T10:00:00]", "superseded"),
        ("IDLE", "(null)", "failed"),
        ("MIXED+DRAIN", "recovery: incident 4 [root@2026-12-01T10:00:00]", "failed"),
        ("ALLOCATED+DRAIN", "recovery: incident 4 [root@2026-12-01T10:00:00]", "failed"),
        ("DOWN+DRAIN+REBOOT_ISSUED", "recovery: reboot [root@2026-12-01T10:00:00]", "already"),
    ],
)
def test_no_reboot_is_sent_for_a_node_not_ours_not_drained_busy_or_already_rebooting(
    state: str, reason: str, outcome: str
) -> None:
    t = _node(state, reason)
    assert SlurmClient(t).reboot("node3", "recovery: reboot").outcome == outcome
    assert _acts(t) == []


def test_a_hostile_node_name_never_reaches_a_command() -> None:
    t = _node("IDLE+DRAIN", "recovery: x")
    with pytest.raises(ValueError):
        SlurmClient(t).reboot("node3;touch PWNED", "recovery: reboot")
    assert t.sent == []


# ---------------------------------------------------------------- the simulator's world


def test_the_simulated_world_reboots_a_drained_idle_node_and_keeps_it_drained() -> None:
    sim = SimulatedCluster(
        SimConfig(nodes="gpu-a-[001-004]", partitions={"batch": "gpu-a-[001-004]"}, target_jobs=0), now=0.0
    )
    assert not sim.reboot("gpu-a-001", "recovery: reboot", 1.0)  # not drained: refused
    sim.drain("gpu-a-001", "recovery: incident 1", 1.0)
    job = next(n for n in sim.nodes() if n["name"] == "gpu-a-001")["job"]
    assert job is not None and not sim.reboot("gpu-a-001", "recovery: reboot", 1.5)  # a job still on it
    sim.cancel(job, 1.5)
    sim.advance(1.9)
    assert sim.reboot("gpu-a-001", "recovery: reboot", 2.0)
    assert not sim.reboot("gpu-a-001", "recovery: reboot", 3.0)  # idempotent
    node = next(n for n in sim.nodes() if n["name"] == "gpu-a-001")
    assert node["state"] == "DOWN+DRAIN+REBOOT_ISSUED" and node["boot_time"] == 0.0
    assert sim.health_check("gpu-a-001", 3.0)[0] == 255
    sim.advance(2.0 + sim.cfg.reboot_time_s + 1)
    node = next(n for n in sim.nodes() if n["name"] == "gpu-a-001")
    assert node["state"] == "IDLE+DRAIN" and node["boot_time"] == 2.0 + sim.cfg.reboot_time_s
    assert sim.health_check("gpu-a-001", 50.0) == (0, "OK: gpu-a-001: 8 GPUs passed diagnostic level 1")
    restored = SimulatedCluster.from_state(sim.to_state())
    assert (
        next(n for n in restored.nodes() if n["name"] == "gpu-a-001")["boot_time"]
        == 2.0 + sim.cfg.reboot_time_s
    )


def test_a_cluster_in_auto_does_not_reboot_on_its_own_until_remediation_is_granted() -> None:
    res = resolve(Ladder(default="auto"), Target(kind="remediation", partition="batch", nodes=("n1",)))
    assert (res.level, res.source) == ("approve", "cluster default (automatic reboots need their own grant)")
    assert resolve(Ladder(default="auto"), Target(kind="isolation", nodes=("n1",))).level == "auto"
    granted = Ladder(default="auto", per_kind={"remediation": "auto"})
    assert resolve(granted, Target(kind="remediation", nodes=("n1",))).level == "auto"
