"""Methods for what holdout20 (built blind) showed: a GPU's corrected-ECC storm, Slurm refusing the job's
credential, a GPU's PCIe link trained down. Lines written from the emitters' format strings (Slurm's
slurm_errno.c, DCGM's field names), filled with made-up values.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.ce_storm import STORM_COUNT, WINDOW_S
from monitoring.detectors.logs import parse_joblog
from monitoring.detectors.schema import Kind
from monitoring.detectors.telemetry import TelemetryRules

SBE = "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"


@settings(max_examples=40, deadline=None)
@given(rose=st.integers(0, 3 * STORM_COUNT), gap=st.floats(10.0, 2 * WINDOW_S), base=st.integers(0, 10**10))
def test_a_gpus_corrected_errors_rising_at_a_storms_rate_are_its_memory_failing(
    rose: int, gap: float, base: int
) -> None:
    # holdout20: a GB200 GPU's volatile SBE count at 9.6e9 (its history, not counted) rising 4,647/s under load
    rules = TelemetryRules()
    assert rules.on_sample(0.0, "r06-01", 2, {SBE: base}, "j") == []
    out = rules.on_sample(gap, "r06-01", 2, {SBE: base + rose}, "j")
    storm = rose >= STORM_COUNT and gap <= WINDOW_S
    assert [i.kind for i in out] == ([Kind.GPU_CE_STORM] if storm else [])
    assert (
        rules.on_sample(gap + 10, "r06-01", 2, {SBE: base + 3 * rose + STORM_COUNT}, "j") == [] or not storm
    )
    restored = TelemetryRules()
    restored.load_state(rules.to_state())  # raised once, across a handover too
    assert (
        restored.on_sample(gap + 20, "r06-01", 2, {SBE: base + 9 * rose + 5 * STORM_COUNT}, "j") == []
        or not storm
    )


def test_slurm_refusing_the_jobs_credential_is_the_schedulers_own_service() -> None:
    for line in (
        "srun: error: Task launch for 1466590.8 failed on node compute-0-2: Job credential expired",
        "srun: error: Task launch for 77.0 failed on node n3: Invalid job credential",
        "slurmstepd: error: Munge decode failed: Expired credential",
    ):
        info = parse_joblog(line)
        assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == "slurmctld", line
    revoked = parse_joblog("srun: error: Task launch for 77.0 failed on node n3: Job credential revoked")
    assert revoked is None or revoked.kind != Kind.FS_ERROR  # the job was cancelled: nothing shared


def _round(
    rules: TelemetryRules, t: float, gen14: int, util: float = 97.0, width14: int | None = None
) -> list:
    out = []
    for g in range(16):
        fields = {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_PCIE_LINK_GEN": gen14 if g == 14 else 5}
        if width14 is not None:
            fields["DCGM_FI_DEV_PCIE_LINK_WIDTH"] = width14 if g == 14 else 16
        out += [i.kind for i in rules.on_sample(t + 0.01 * g, "pro6k-01", g, fields, "5521")]
    return out


def test_a_busy_gpus_link_below_its_peers_generation_or_width_is_slow() -> None:
    # holdout20: one GPU of a 16-GPU box stuck at Gen 2 where the others ran Gen 5, its job 2.5x slower
    for gen14, width14, slow in ((2, None, True), (5, 8, True), (5, 16, False), (5, None, False)):
        rules = TelemetryRules()
        out = []
        for t in (0.0, 60.0, 120.0, 180.0):
            out += _round(rules, t, gen14, width14=width14)
        assert out == ([Kind.SLOW_GPU] if slow else []), (gen14, width14)
    idle = TelemetryRules()  # an idle GPU lowers its own link speed to save power: not a fault
    assert sum((_round(idle, t, 1, util=0.0) for t in (0.0, 60.0, 120.0, 180.0)), []) == []


def _plugin_line(rank: int, host: str, internal: bool) -> str:
    # src/plugin/net.cc (2.19+): "NET/Plugin: Loaded net plugin %s (v%d)" / "NET/Plugin: Could not find: %s. ..."
    what = (
        "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."
        if internal
        else "NET/Plugin: Loaded net plugin NCCL RDMA Plugin v8 (v8)"
    )
    return f"{rank}: {host}:1822{rank}:1829{rank} [{rank % 8}] NCCL INFO {what}"


def _startup(nodes: list[str], odd: set[str]) -> Any:
    from monitoring.detectors.schema import JobSpec
    from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run

    spec = JobSpec(
        "30418", name="gpt2", user="yc", nodes=tuple(nodes), tasks_per_node=8, started=T0, comment=OPTED
    )
    p = pipeline(spec)
    lines = [
        log(12.0, "30418", "0: tokens per iteration will be: 491,520"),
        log(14.0, "30418", "0: Initializing a new model from scratch"),
        log(20.0, "30418", "0: NCCL version 2.21.5+cuda12.4"),
    ]
    for i, n in enumerate(nodes):
        for r in range(8):
            lines.append(log(27.0 + 0.01 * (8 * i + r), "30418", _plugin_line(8 * i + r, n, n in odd)))
    run(p, lines, until=1000.0)
    [inc] = p.incidents()
    return inc, inc.detected_t - T0


def test_the_one_node_whose_nccl_chose_another_network_plugin_holds_up_the_start() -> None:
    # holdout20: three HGX nodes load the RDMA/SHARP plugin, one runs NCCL's internal plugin; the job never starts
    nodes = ["gpu-a-003", "gpu-a-004", "gpu-a-005", "gpu-a-011"]
    inc, t = _startup(nodes, {"gpu-a-011"})
    assert (inc.category, inc.culprit_node, inc.pattern) == ("hang", "gpu-a-011", "odd_network_setup")
    assert [r.to_dict() for r in inc.recommendations] == [
        {"action": "requeue_job", "job": "30418", "exclude": ["gpu-a-011"]}
    ]
    assert t < 200  # early: max(2 x the start-up's longest gap, 120 s), not the 900 s floor
    same, t_same = _startup(nodes, set())
    assert (same.category, same.culprit_node) == ("software", None) and t_same >= 900
    two, _ = _startup(nodes[:2], {"gpu-a-004"})  # two nodes: which one is odd?
    assert two.culprit_node is None
    half, _ = _startup(nodes, {"gpu-a-005", "gpu-a-011"})  # two against two: no one
    assert half.culprit_node is None
