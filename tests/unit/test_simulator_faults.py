"""Each injectable fault produces its real cascade, in the formats the scenarios show."""

from __future__ import annotations

import re
from typing import Any

import pytest

from monitoring.simulator import FAULT_KINDS
from monitoring.simulator.cluster import SimulatedCluster
from tests.unit.simhelpers import T0, busy_job, lines, make_sim, run, slurm

FAULT_T = T0 + 100.0
BUS = (
    "0000:18:00",
    "0000:2a:00",
    "0000:3a:00",
    "0000:5d:00",
    "0000:9a:00",
    "0000:ab:00",
    "0000:ba:00",
    "0000:db:00",
)


def _setup(
    kind: str, gpu: int = 3, until: float = 400.0
) -> tuple[SimulatedCluster, dict[str, Any], dict, list]:
    sim = make_sim(nccl_timeout_s=30.0)
    run(sim, FAULT_T - 1)
    job = busy_job(sim)
    rec = sim.inject(kind, job["node_list"][1], now=FAULT_T, gpu=gpu)
    events = run(sim, T0 + until)
    return sim, job, rec, events


def _ip(sim: SimulatedCluster, node: str) -> str:
    return next(n["ip"] for n in sim.nodes() if n["name"] == node)


def _samples(events: list, node: str, gpu: int) -> list[dict]:
    return [e["fields"] for e in events if e["source"] == "gpu" and e["node"] == node and e["gpu"] == gpu]


def _final(events: list, job_id: str) -> dict:
    return slurm(events, "job_state", job=job_id)[-1]


def test_every_kind_returns_a_ground_truth_record() -> None:
    for kind, spec in FAULT_KINDS.items():
        sim = make_sim()
        run(sim, FAULT_T - 1)
        rec = sim.inject(kind, now=FAULT_T)
        assert rec["kind"] == kind and rec["category"] == spec.category and rec["t"] == FAULT_T
        assert rec["jobs"], kind
        assert (rec["gpu"] is not None) == spec.has_gpu
        assert (rec["node"] is None) == (spec.category in ("software", "infrastructure"))
        assert sim.faults()[-1] == rec


def test_xid79_falls_off_the_bus_and_the_other_ranks_time_out() -> None:
    sim, job, rec, events = _setup("xid79")
    node = rec["node"]
    k = lines(events, "kernel", node=node)
    assert any(
        f"NVRM: Xid (PCI:{BUS[3]}): 79, pid=" in x and x.endswith("GPU has fallen off the bus.") for x in k
    )
    assert _samples([e for e in events if e["t"] > FAULT_T], node, 3)[0] == {"DCGM_FI_DEV_XID_ERRORS": 79}
    dead_rank = job["node_list"].index(node) * 8 + 3
    timed_out = {
        int(m.group(1))
        for x in lines(events, job=job["id"])
        if (m := re.search(r"\[Rank (\d+)\] Watchdog caught collective operation timeout", x))
        and "ProcessGroupNCCL.cpp:632]" in x
    }
    assert timed_out == set(range(8 * len(job["node_list"]))) - {dead_rank}
    assert f"srun: error: {node}: task {dead_rank}: Killed" in lines(events, job=job["id"])
    assert (
        _final(events, job["id"])["state"] == "FAILED" and _final(events, job["id"])["exit_code"] == "134:0"
    )


@pytest.mark.parametrize(
    "kind,xids,field",
    [
        ("xid48", (48, 63), "DCGM_FI_DEV_ROW_REMAP_PENDING"),
        ("ecc_dbe", (48, 64), "DCGM_FI_DEV_ROW_REMAP_FAILURE"),
        ("sram", (95,), "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"),
    ],
)
def test_uncorrectable_memory_errors_kill_the_rank(kind: str, xids: tuple[int, ...], field: str) -> None:
    sim, job, rec, events = _setup(kind, gpu=5)
    node = rec["node"]
    k = lines(events, "kernel", node=node)
    for xid in xids:
        assert any(f"NVRM: Xid (PCI:{BUS[5]}): {xid}," in x for x in k), xid
    rank = job["node_list"].index(node) * 8 + 5
    out = lines(events, job=job["id"])
    assert any(
        x.endswith(f"[rank{rank}]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
        for x in out
    )
    assert f"srun: error: {node}: task {rank}: Exited with exit code 1" in out
    assert _samples([e for e in events if e["t"] > FAULT_T], node, 5)[-1][field] == 1
    assert _final(events, job["id"])["exit_code"] == "1:0"


def test_gsp_timeout_hangs_the_gpu() -> None:
    sim, job, rec, events = _setup("gsp", gpu=1)
    assert any(
        "Xid (PCI:0000:2a:00): 119," in x and "GSP" in x for x in lines(events, "kernel", node=rec["node"])
    )
    assert any("Watchdog caught collective operation timeout" in x for x in lines(events, job=job["id"]))
    assert _final(events, job["id"])["state"] == "FAILED"


def test_nvlink_error_fails_nccl_with_a_cuda_error() -> None:
    sim, job, rec, events = _setup("nvlink", gpu=6)
    assert any(
        "Xid (PCI:0000:ba:00): 74," in x and "NVLink" in x for x in lines(events, "kernel", node=rec["node"])
    )
    assert any("ncclUnhandledCudaError" in x for x in lines(events, job=job["id"]))
    assert (
        _samples([e for e in events if e["t"] > FAULT_T], rec["node"], 6)[-1][
            "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"
        ]
        > 0
    )


@pytest.mark.parametrize("kind", ["ib_link", "ib_port"])
def test_link_failures_are_named_by_peers_ip(kind: str) -> None:
    sim, job, rec, events = _setup(kind)
    bad, ip = rec["node"], _ip(sim, rec["node"])
    out = lines(events, job=job["id"])
    naming = [x for x in out if f"NET/IB : Got completion from peer {ip}<" in x and "NCCL WARN" in x]
    assert naming and all(f"{bad}:" not in x for x in naming)
    assert any("ncclRemoteError" in x for x in out)
    if kind == "ib_port":
        assert any(
            re.search(
                rf"{bad}:\d+:\d+ \[\d\] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_\d+:1 Got"
                " async event : port error",
                x,
            )
            for x in out
        )
    assert _final(events, job["id"])["state"] == "FAILED"
    assert not slurm(events, "node_state", node=bad, state="DOWN+NOT_RESPONDING")


@pytest.mark.parametrize("kind", ["node_down", "kernel_panic"])
def test_a_lost_host_goes_down_and_its_job_node_fails(kind: str) -> None:
    sim, job, rec, events = _setup(kind)
    bad = rec["node"]
    panic = [
        x for x in lines(events, "kernel", node=bad) if "Kernel panic - not syncing: Fatal machine check" in x
    ]
    assert bool(panic) == (kind == "kernel_panic")
    down = slurm(events, "node_state", node=bad, state="DOWN+NOT_RESPONDING")
    assert (
        down
        and down[0]["reason"] == "Not responding"
        and down[0]["t"] == pytest.approx(FAULT_T + 69, abs=0.1)
    )
    assert f"srun: error: Node failure on {bad}" in lines(events, job=job["id"])
    assert _final(events, job["id"]) | {"t": 0} == {
        "t": 0,
        "source": "slurm",
        "kind": "job_state",
        "job": job["id"],
        "state": "NODE_FAIL",
        "exit_code": "0:0",
        "reason": "NodeDown",
    }
    assert not [e for e in events if e["source"] == "gpu" and e["node"] == bad and e["t"] > FAULT_T]


@pytest.mark.parametrize("kind,bits", [("thermal", 0x40), ("power_brake", 0x80)])
def test_a_throttled_gpu_makes_its_job_a_straggler(kind: str, bits: int) -> None:
    sim, job, rec, events = _setup(kind, gpu=6, until=500.0)
    late = _samples([e for e in events if e["t"] > FAULT_T + 90], rec["node"], 6)
    assert late and all(f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] & bits for f in late)
    assert all(f["DCGM_FI_DEV_SM_CLOCK"] < 1400 for f in late)
    assert [j["state"] for j in sim.jobs() if j["id"] == job["id"]] == ["RUNNING"]
    peers = _samples([e for e in events if e["t"] > FAULT_T + 90], rec["node"], 5)
    assert all(f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] == 0 for f in peers)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_hang_leaves_one_node_behind_and_the_others_time_out(seed: int) -> None:
    sim = make_sim(seed=seed, nccl_timeout_s=30.0)
    run(sim, FAULT_T - 1)
    job = busy_job(sim)
    bad = job["node_list"][1]
    sim.inject("hang", bad, now=FAULT_T)
    events = run(sim, T0 + 400)
    idx = job["node_list"].index(bad)
    mine = set(range(8 * idx, 8 * idx + 8))
    out = lines(events, job=job["id"])
    seq_of = {
        int(m.group(1)): int(m.group(2))
        for x in out
        if (m := re.search(r"ProcessGroupNCCL.cpp:632\] \[Rank (\d+)\].*SeqNum=(\d+)", x))
    }
    others = set(range(8 * len(job["node_list"]))) - mine
    assert set(seq_of) >= others and len({seq_of[r] for r in others}) == 1
    if set(seq_of) & mine:  # its ranks were a collective behind: they time out first, one SeqNum earlier
        assert set(seq_of) >= mine and {seq_of[r] for r in mine} == {seq_of[min(others)] - 1}
    else:  # its ranks never reported and srun kills them
        assert f"srun: error: {bad}: tasks {8 * idx}-{8 * idx + 7}: Killed" in out
    assert _final(events, job["id"])["exit_code"] == "134:0"
    assert not [x for x in lines(events, "kernel") if "NVRM" in x]


@pytest.mark.parametrize(
    "kind,needle", [("oom", "torch.OutOfMemoryError: CUDA out of memory."), ("software_exception", "Error: ")]
)
def test_software_faults_raise_the_same_exception_on_every_rank(kind: str, needle: str) -> None:
    sim, job, rec, events = _setup(kind)
    out = lines(events, job=job["id"])
    last = [x for x in out if re.search(r"\[rank\d+\]: \w+(\.\w+)*(Error|Exception): ", x)]
    assert len(last) == 8 * len(job["node_list"])
    assert len({re.sub(r"GPU \d+", "GPU n", re.sub(r"^.*?\[rank\d+\]: ", "", x)) for x in last}) == 1
    assert all(needle in x for x in last)
    assert _final(events, job["id"])["exit_code"] == "1:0"
    assert not [x for x in lines(events, "kernel") if "NVRM" in x]


def test_lustre_eviction_fails_several_jobs_on_disjoint_nodes_within_a_minute() -> None:
    sim = make_sim()
    run(sim, FAULT_T - 1)
    rec = sim.inject("lustre", now=FAULT_T)
    events = run(sim, T0 + 300)
    assert len(rec["jobs"]) >= 2
    ends = [_final(events, j) for j in rec["jobs"]]
    assert all(e["state"] == "FAILED" for e in ends)
    assert max(e["t"] for e in ends[:2]) - min(e["t"] for e in ends[:2]) < 60
    for jid in rec["jobs"]:
        assert any("OSError: [Errno" in x for x in lines(events, job=jid))
    evicted = {
        e["node"] for e in events if e["source"] == "kernel" and "This client was evicted by" in e["line"]
    }
    assert len(evicted) >= 4
    assert not [x for x in lines(events, "kernel") if "NVRM" in x]
