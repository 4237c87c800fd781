"""The simulated cluster: determinism, persistence, scheduling and the actions it obeys."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from monitoring.detectors.schema import ClusterSpec, JobSpec
from monitoring.simulator import FAULT_KINDS, LLAMA3_CAUSES, SimConfig, SimulatedCluster
from monitoring.simulator.faults import draw_cause
from tests.unit.simhelpers import T0, busy_job, lines, make_sim, run, sim_with, slurm

MEGATRON_ITER = re.compile(
    r"^\d+:  \[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] iteration +\d+/ +\d+ \| consumed samples: +\d+ \|"
    r" elapsed time per iteration \(ms\): [\d.]+ \| learning rate: [\d.]+E-\d\d \| global batch size: +\d+ \|"
    r" lm loss: [\d.]+E[+-]\d\d \| loss scale: 1\.0 \| grad norm: [\d.]+ \| number of skipped iterations: +0 \|"
    r" number of nan iterations: +0 \|$"
)
NEMO_STEP = re.compile(
    r"^Epoch 0: \|          \| \d+/\? \[[\d:]+<00:00, [\d.]+(it/s|s/it), v_num=0, reduced_train_loss="
)
TITAN_STEP = re.compile(
    r"^\[rank0\]:\[titan\] \d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} - root - INFO - step: +\d+  loss: "
)


def test_the_default_cluster_looks_like_the_brief() -> None:
    sim = make_sim()
    spec = sim.cluster_spec()
    assert isinstance(spec, ClusterSpec)
    assert spec.name == "sim-a" and len(spec.nodes) == 32 and spec.gpus_per_node == 8
    assert spec.nodes[0] == "gpu-a-001" and spec.nodes[-1] == "gpu-a-032"
    assert spec.partitions["canary"] == ("gpu-a-029", "gpu-a-030", "gpu-a-031", "gpu-a-032")
    assert len(spec.partitions["batch"]) == 28
    assert spec.pci_bus_ids[3] == "0000:5d:00"
    jobs = sim.job_specs()
    assert all(isinstance(j, JobSpec) for j in jobs)
    assert 5 <= len(jobs) <= 6
    assert any(j.partition == "canary" for j in jobs)
    assert all(2 <= len(j.nodes) <= 8 and j.tasks_per_node == 8 for j in jobs)
    opted = [j for j in jobs if j.opt_in.may_requeue]
    assert len(jobs) - len(opted) == 1  # most jobs opt in; one is only monitored
    assert all(j.opt_in.checkpoint_dir == f"/lustre/ckpt/{j.id}" for j in opted)
    assert sum(len(j.nodes) for j in jobs if j.partition == "batch") <= 24  # room left for a requeue


def test_the_same_seed_gives_the_same_events_however_advance_is_chunked() -> None:
    a, b = make_sim(seed=5, faults_per_hour=60), make_sim(seed=5, faults_per_hour=60)
    ev_a = run(a, T0 + 600, step=1.0)
    ev_b = run(b, T0 + 600, step=37.0)
    assert ev_a == ev_b
    assert [e["t"] for e in ev_a] == sorted(e["t"] for e in ev_a)
    assert a.faults() == b.faults() and len(a.faults()) >= 3


def test_a_different_seed_gives_a_different_world() -> None:
    assert run(make_sim(seed=1), T0 + 60) != run(make_sim(seed=2), T0 + 60)


def test_state_round_trips_through_json_and_continues_identically() -> None:
    sim = make_sim(seed=3, faults_per_hour=30)
    run(sim, T0 + 300)
    sim.inject("xid79", now=T0 + 301)
    run(sim, T0 + 310.5)
    blob = json.dumps(sim.to_state())
    assert len(blob) < 400_000
    restored = SimulatedCluster.from_state(json.loads(blob))
    assert run(restored, T0 + 900) == run(sim, T0 + 900)
    assert restored.faults() == sim.faults()


def test_a_saved_gpu_keeps_only_what_differs_from_a_healthy_one_and_comes_back_whole() -> None:
    """Most of a big world's 16,000 GPUs are healthy: their saved state leaves the defaults out
    (the world is saved every tick), and reading it back restores every field."""
    sim = make_sim(seed=3)
    sim.inject("xid79", now=T0 + 1)
    state = sim.to_state()
    gpus = [g for n in state["nodes"] for g in n["gpus"]]
    assert all("dbe" not in g and "off_bus" not in g for g in gpus if not g.get("xid"))
    restored = SimulatedCluster.from_state(json.loads(json.dumps(state)))
    assert [n.gpus for n in restored.node_table.values()] == [n.gpus for n in sim.node_table.values()]
    assert restored.to_state() == state


def test_events_follow_the_schema() -> None:
    events = run(make_sim(), T0 + 120)
    sources = Counter(e["source"] for e in events)
    assert set(sources) == {"joblog", "gpu", "slurm"}
    for e in events:
        assert isinstance(e["t"], float) and e["t"] >= T0
        if e["source"] == "gpu":
            assert set(e) == {"t", "source", "node", "gpu", "fields"}
            assert (
                1900 <= e["fields"]["DCGM_FI_DEV_SM_CLOCK"] <= 1980
                or e["fields"]["DCGM_FI_DEV_GPU_UTIL"] == 0
            )
        elif e["source"] == "joblog":
            assert isinstance(e["job"], str) and isinstance(e["line"], str)
        else:
            assert e["kind"] in ("job_state", "node_state")


def test_gpus_report_every_sample_interval() -> None:
    events = run(make_sim(sample_interval_s=10.0), T0 + 100)
    per_gpu = Counter((e["node"], e["gpu"]) for e in events if e["source"] == "gpu")
    assert len(per_gpu) == 32 * 8
    assert all(9 <= n <= 11 for n in per_gpu.values())


def test_jobs_boot_with_nccl_host_mapping_and_a_checkpoint_load_then_train() -> None:
    sim = make_sim()
    events = run(sim, T0 + 200)
    for job in sim.jobs():
        out = lines(events, job=job["id"])
        boot = [x for x in out if "NCCL INFO Bootstrap : Using ib0:" in x]
        assert len(boot) == 8 * len(job["node_list"])
        for node in job["node_list"]:
            ip = next(n["ip"] for n in sim.nodes() if n["name"] == node)
            assert any(f"{node}:" in x and f"ib0:{ip}<0>" in x for x in boot)
        progress = {"megatron": MEGATRON_ITER, "nemo": NEMO_STEP, "titan": TITAN_STEP}[job["framework"]]
        assert sum(1 for x in out if progress.search(x)) >= 3, job
        assert job["iteration"] > job["checkpoint_iteration"] > 0


def test_the_three_frameworks_are_mixed() -> None:
    frameworks = {j["framework"] for seed in range(4) for j in make_sim(seed=seed).jobs()}
    assert frameworks == {"megatron", "nemo", "titan"}


def test_megatron_lines_carry_srun_labels_sized_to_the_world() -> None:
    sim = sim_with("megatron")
    events = run(sim, T0 + 150)
    job = busy_job(sim, "megatron")
    width = len(str(8 * len(job["node_list"]) - 1))
    its = [x for x in lines(events, job=job["id"]) if MEGATRON_ITER.search(x)]
    assert its and all(re.match(rf"^{8 * len(job['node_list']) - 1:>{width}}:  \[", x) for x in its)


def test_drain_keeps_new_work_off_the_node_but_lets_its_job_run() -> None:
    sim = make_sim()
    run(sim, T0 + 60)
    job = busy_job(sim)
    node = job["node_list"][0]
    idle = next(n["name"] for n in sim.nodes() if n["state"] == "IDLE" and n["partition"] == "batch")
    assert sim.drain(node, "xid 79 suspected", now=T0 + 61) is True
    assert sim.drain(idle, "maintenance", now=T0 + 61) is True
    events = run(sim, T0 + 62)
    assert slurm(events, "node_state", node=node) == [
        {
            "t": T0 + 61,
            "source": "slurm",
            "kind": "node_state",
            "node": node,
            "state": "ALLOCATED+DRAIN",
            "reason": "xid 79 suspected",
        }
    ]
    assert sim.drain(node, "again", now=T0 + 63) is False
    assert slurm(run(sim, T0 + 64), "node_state", node=node) == []
    view = {n["name"]: n for n in sim.nodes()}
    assert view[node]["reason"] == "xid 79 suspected" and view[idle]["state"] == "IDLE+DRAIN"
    events = run(sim, T0 + 400)
    assert [j["state"] for j in sim.jobs() if j["id"] == job["id"]] == ["RUNNING"]
    assert any(" iteration " in x or "step" in x for x in lines(events, job=job["id"]))
    started = slurm(events, "job_state", state="RUNNING")
    assert all(idle not in j["node_list"] for j in sim.jobs() if j["state"] == "RUNNING")
    assert all(idle not in e["nodes"] for e in started)


def test_a_drained_node_becomes_drained_when_its_job_ends_and_resume_returns_it() -> None:
    sim = make_sim()
    run(sim, T0 + 60)
    job = busy_job(sim)
    node = job["node_list"][0]
    sim.drain(node, "suspect", now=T0 + 61)
    sim.cancel(job["id"], now=T0 + 70)
    events = run(sim, T0 + 80)
    assert slurm(events, "node_state", node=node)[-1]["state"] == "IDLE+DRAIN"
    assert sim.resume(node, now=T0 + 81) is True
    assert sim.resume(node, now=T0 + 82) is False
    assert slurm(run(sim, T0 + 83), "node_state", node=node)[0] == {
        "t": T0 + 81,
        "source": "slurm",
        "kind": "node_state",
        "node": node,
        "state": "IDLE",
        "reason": "",
    }


def test_requeue_restarts_elsewhere_from_the_checkpoint_excluding_nodes() -> None:
    sim = sim_with("megatron", requeue_delay_s=20.0)
    run(sim, T0 + 60)
    job = busy_job(sim, "megatron")
    bad = job["node_list"][1]
    sim.inject("xid48", bad, now=T0 + 400, gpu=2)
    events = run(sim, T0 + 420)
    assert slurm(events, "job_state", job=job["id"])[-1]["state"] == "FAILED"
    ckpt = next(j for j in sim.jobs() if j["id"] == job["id"])["checkpoint_iteration"]
    assert sim.requeue(job["id"], exclude=[bad], now=T0 + 421) is True
    assert sim.requeue(job["id"], exclude=[bad], now=T0 + 422) is False  # already pending: one effect
    events = run(sim, T0 + 640)
    states = slurm(events, "job_state", job=job["id"])
    assert [s["state"] for s in states] == ["PENDING", "RUNNING"]
    assert states[0]["reason"] == "BeginTime"
    assert states[1]["t"] >= T0 + 441
    after = next(j for j in sim.jobs() if j["id"] == job["id"])
    assert bad not in after["node_list"] and after["exclude"] == [bad] and after["restarts"] == 1
    assert states[1]["nodes"] == after["nodes"]
    out = lines(events, job=job["id"])
    assert any(
        f"loading checkpoint from {job['comment'] and '/lustre/ckpt/' + job['id']} at iteration {ckpt}" in x
        for x in out
    )
    its = [int(re.search(r"iteration +(\d+)/", x).group(1)) for x in out if MEGATRON_ITER.search(x)]
    assert its and its[0] == ckpt + 10


def test_requeue_of_a_running_job_kills_it_first() -> None:
    sim = make_sim()
    run(sim, T0 + 60)
    job = busy_job(sim)
    sim.requeue(job["id"], now=T0 + 61)
    events = run(sim, T0 + 62)
    assert any("DUE TO JOB REQUEUE" in x for x in lines(events, job=job["id"]))
    assert slurm(events, "job_state", job=job["id"])[-1]["state"] == "PENDING"


def test_cancel_ends_the_job_and_frees_its_nodes() -> None:
    sim = make_sim()
    run(sim, T0 + 60)
    job = busy_job(sim)
    assert sim.cancel(job["id"], now=T0 + 61) is True
    assert sim.cancel(job["id"], now=T0 + 62) is False
    events = run(sim, T0 + 63)
    assert [s["state"] for s in slurm(events, "job_state", job=job["id"])] == ["CANCELLED"]
    assert {e["node"] for e in slurm(events, "node_state", state="IDLE")} >= set(job["node_list"])


def test_actions_refuse_unknown_names_clearly() -> None:
    sim = make_sim()
    with pytest.raises(ValueError, match="unknown node 'gpu-z-999'"):
        sim.drain("gpu-z-999", "x", now=T0 + 1)
    with pytest.raises(ValueError, match="unknown job"):
        sim.requeue("999999", now=T0 + 1)
    with pytest.raises(ValueError, match="unknown fault kind 'meteor'"):
        sim.inject("meteor", now=T0 + 1)
    with pytest.raises(ValueError, match="unknown node"):
        sim.inject("xid79", "nope", now=T0 + 1)


def test_the_technician_repairs_down_and_drained_nodes() -> None:
    sim = make_sim(repair_time_s=300.0)
    run(sim, T0 + 60)
    node = busy_job(sim)["node_list"][0]
    sim.inject("kernel_panic", node, now=T0 + 100)
    events = run(sim, T0 + 250)
    assert slurm(events, "node_state", node=node)[-1]["state"] == "DOWN+NOT_RESPONDING"
    sim.drain(node, "node_failure: kernel panic", now=T0 + 251)
    events = run(sim, T0 + 700)
    states = [(e["state"], e["reason"]) for e in slurm(events, "node_state", node=node)]
    assert states[0] == ("DOWN+DRAIN+NOT_RESPONDING", "node_failure: kernel panic")
    assert ("IDLE", "") in states
    assert any(e["node"] == node for e in events if e["source"] == "gpu")


def test_the_queue_is_kept_fed() -> None:
    sim = make_sim(job_minutes=(3.0, 5.0))
    events = run(sim, T0 + 1800, step=10.0)
    assert slurm(events, "job_state", state="COMPLETED")
    running = [j for j in sim.jobs() if j["state"] == "RUNNING"]
    assert 4 <= len(running) <= 6


def test_hostile_job_names_only_on_request_and_they_survive_verbatim() -> None:
    assert all("<" not in j["name"] for j in make_sim().jobs())
    sim = make_sim(hostile_names=True)
    names = [j["name"] for j in sim.jobs()]
    assert "<script>alert(1)</script>" in names
    assert any("$(touch" in n and "`id`" in n for n in names)
    blob = json.dumps(sim.to_state())
    assert SimulatedCluster.from_state(json.loads(blob)).jobs() == sim.jobs()
    assert "<script>alert(1)</script>" in {j.name for j in sim.job_specs()}


def test_a_long_pause_is_skipped_not_replayed() -> None:
    sim = make_sim(max_catchup_s=300.0)
    run(sim, T0 + 60)
    events = sim.advance(T0 + 7 * 24 * 3600)
    assert events and min(e["t"] for e in events) >= T0 + 7 * 24 * 3600 - 300 - 1
    assert len(events) < 300 * 40


def test_fault_kinds_name_their_expected_category() -> None:
    cats = {"gpu_hardware", "gpu_degraded", "network", "node_failure", "hang", "software", "infrastructure"}
    assert {k.category for k in FAULT_KINDS.values()} == cats
    assert {
        "xid79",
        "xid48",
        "ecc_dbe",
        "nvlink",
        "ib_link",
        "node_down",
        "kernel_panic",
        "thermal",
        "hang",
        "oom",
        "software_exception",
        "lustre",
    } <= set(FAULT_KINDS)


def test_drawn_faults_follow_the_llama3_mix() -> None:
    import random

    rng = random.Random(11)
    n = 40_000
    causes = Counter(draw_cause(rng)[0] for _ in range(n))
    total = sum(w for _, w, _ in LLAMA3_CAUSES)
    for cause, weight, _ in LLAMA3_CAUSES:
        expected = n * weight / total
        assert abs(causes[cause] - expected) < 5 * expected**0.5 + 5, cause
    assert causes["faulty_gpu"] > causes["gpu_hbm3"] > causes["software_bug"] > causes["network_switch_cable"]


def test_the_demo_preset_draws_a_fault_every_minute_or_two() -> None:
    sim = SimulatedCluster(SimConfig.demo(seed=4, nccl_timeout_s=30.0), now=T0)
    run(sim, T0 + 1800, step=10.0)
    drawn = sim.faults()
    assert all(f["origin"] == "drawn" for f in drawn)
    assert 12 <= len(drawn) <= 32
    gaps = [b["t"] - a["t"] for a, b in zip(drawn, drawn[1:], strict=False)]
    assert min(gaps) >= 59 and sorted(gaps)[len(gaps) // 2] <= 125


RESTORE = {
    "megatron": "loading checkpoint from /lustre/ckpt/{id} at iteration {step}",
    "nemo": "Restoring states from the checkpoint path at /lustre/ckpt/{id}/",
    "titan": "Loading the checkpoint at step {step}.",
}
STEP_OF = {
    "megatron": re.compile(r"iteration +(\d+)/"),
    "nemo": re.compile(r"^Epoch 0: \|          \| (\d+)/\?"),
    "titan": re.compile(r" - step: +(\d+)  loss:"),
}


@pytest.mark.parametrize("framework", ["megatron", "nemo", "titan"])
def test_every_framework_resumes_from_its_last_checkpoint_after_a_requeue(framework: str) -> None:
    sim = sim_with(framework, requeue_delay_s=5.0)
    run(sim, T0 + 60)
    job = busy_job(sim, framework)
    run(sim, T0 + 500)
    ckpt = next(j for j in sim.jobs() if j["id"] == job["id"])["checkpoint_iteration"]
    sim.requeue(job["id"], exclude=[job["node_list"][0]], now=T0 + 501)
    events = run(sim, T0 + 700)
    out = lines(events, job=job["id"])
    restore = RESTORE[framework].format(id=job["id"], step=ckpt)
    assert any(restore in x for x in out), restore
    if framework == "nemo":
        assert any(f"-step={ckpt}.ckpt" in x and "Restoring states" in x for x in out)
    steps = [int(m.group(1)) for x in out if (m := STEP_OF[framework].search(x))]
    assert steps and steps[0] == ckpt + 10
    assert job["node_list"][0] not in next(j for j in sim.jobs() if j["id"] == job["id"])["node_list"]


def test_a_requeued_job_waits_for_room_in_its_partition() -> None:
    sim = make_sim(requeue_delay_s=5.0)
    run(sim, T0 + 60)
    job = next(j for j in sim.jobs() if j["partition"] == "canary")
    canary = [n["name"] for n in sim.nodes() if n["partition"] == "canary"]
    sim.requeue(job["id"], exclude=canary[:3], now=T0 + 61)  # one canary node left, the job needs two
    events = run(sim, T0 + 200)
    assert [(s["state"], s["reason"]) for s in slurm(events, "job_state", job=job["id"])] == [
        ("PENDING", "BeginTime"),
        ("PENDING", "Resources"),
    ]
    assert next(j for j in sim.jobs() if j["id"] == job["id"])["state"] == "PENDING"


def test_state_stays_small_through_half_an_hour_of_demo() -> None:
    sim = SimulatedCluster(SimConfig.demo(seed=9, nccl_timeout_s=60.0), now=T0)
    biggest = 0
    t = T0
    while t < T0 + 1800:
        t += 15.0
        sim.advance(t)
        blob = json.dumps(sim.to_state())
        biggest = max(biggest, len(blob))
        sim = SimulatedCluster.from_state(json.loads(blob))
    assert biggest < 300_000
    assert len(sim.faults()) >= 10
