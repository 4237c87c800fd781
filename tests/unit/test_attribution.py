"""Attribution: cascades fold into their cause; the culprit is named from cross-rank evidence."""

from __future__ import annotations

from monitoring.detectors.schema import HistoryEntry
from tests.unit.pipehelpers import T0, job, kernel, log, megatron, pipeline, progress, run, slurm, watchdog

XID79 = "[Sun Nov 29 10:08:07 2026] NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."


def test_an_xid79_opens_one_gpu_hardware_incident_and_the_cascade_folds_into_it() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100) + [kernel(101, "gpu-a-003", XID79)]
    events += [log(700, "1", watchdog(r, 5)) for r in range(32) if r != 19]
    events += [slurm(705, kind="job_state", job="1", state="FAILED", exit_code="134:0")]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-003", 3)
    assert inc.detected_t == T0 + 101 and inc.pattern == "xid:79"
    assert inc.evidence[0] == "kernel gpu-a-003: Xid 79 on GPU 3 (GPU has fallen off the bus)"
    assert [r.to_dict() for r in inc.recommendations] == [
        {"action": "drain_node", "node": "gpu-a-003"},
        {"action": "requeue_job", "job": "1", "exclude": ["gpu-a-003"]},
    ]


def test_the_node_missing_from_a_collective_timeout_is_the_hang_suspect() -> None:
    p = pipeline(job("1", "gpu-a-[013-016]"))
    events = progress("1", 0, 200) + [log(400, "1", watchdog(r, 91874)) for r in range(32) if not 8 <= r < 16]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "hang" and inc.culprit_node == "gpu-a-014"
    assert inc.detected_t < T0 + 200 + 50 + 5  # the stall, not the watchdog, raised it
    assert [r.to_dict() for r in inc.recommendations] == [
        {"action": "requeue_job", "job": "1", "exclude": ["gpu-a-014"]}
    ]


def test_a_hang_suspect_already_in_history_is_drained_too() -> None:
    history = (HistoryEntry(T0 - 86400, "gpu-a-019", "suspect", "hang"),)
    p = pipeline(job("1", "gpu-a-[017-020]"), history=history)
    events = progress("1", 0, 200)
    events += [log(500, "1", watchdog(r, 20771 if 16 <= r < 24 else 20772)) for r in range(32)]
    run(p, events)
    [inc] = p.incidents()
    assert inc.culprit_node == "gpu-a-019"
    assert {r.action for r in inc.recommendations} == {"drain_node", "requeue_job"}


def test_peers_blaming_one_ip_name_its_host() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    boot = [
        log(1, "1", f"{i * 8}: gpu-a-00{i + 5}:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.{i + 5}<0>")
        for i in range(4)
    ]
    blame = "{r}: gpu-a-00{n}:1:2 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.0.6<1> with status=12 opcode=129"
    events = boot + [log(300 + n, "1", blame.format(r=n * 8, n=n)) for n in (5, 7, 8)]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-006")


def test_the_same_exception_on_every_rank_is_software_and_only_notifies() -> None:
    p = pipeline(job("1", "gpu-a-[029-030]"))
    events = progress("1", 0, 100) + [
        log(101, "1", f"[rank{r}]: KeyError: 'attention_mask'") for r in range(16)
    ]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "software" and inc.culprit_node is None
    assert [r.action for r in inc.recommendations] == ["notify"]


def test_a_crash_on_one_rank_before_the_network_errors_is_still_software() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    boot = [log(1, "1", "8: gpu-a-006:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.6<0>")]
    events = boot + [
        log(100, "1", "[rank8]: ValueError: bad sample shape"),
        log(100.2, "1", "[rank8]: ValueError: bad sample shape"),
    ]
    events += [
        log(
            101,
            "1",
            f"{r}: gpu-a-00{5 + r // 8}:1:2 [3] NCCL WARN NET/IB : Got completion from peer 10.0.0.6<1> with status=12",
        )
        for r in (0, 16, 24)
    ]
    events += [slurm(103, kind="job_state", job="1", state="FAILED", exit_code="1:0")]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "software"
    assert all(r.action == "notify" for r in inc.recommendations)


def test_filesystem_errors_in_two_jobs_are_one_infrastructure_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"), job("2", "gpu-a-[021-022]"))
    events = [
        log(10, "1", " 7: [rank7]: OSError: [Errno 5] Input/output error: '/lustre/data/shard.bin'"),
        slurm(15, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        log(40, "2", "[rank0]: OSError: [Errno 116] Stale file handle: '/lustre/ckpt/x.ckpt'"),
        slurm(42, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
        slurm(
            80,
            kind="node_state",
            node="gpu-a-021",
            state="IDLE+DRAIN",
            reason="NHC: check_fs_mount: /lustre not mounted",
        ),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and inc.culprit_node is None and set(inc.jobs) == {"1", "2"}
    assert [r.action for r in inc.recommendations] == ["escalate"]


def test_three_unexplained_failures_on_disjoint_nodes_are_a_storm() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"), job("3", "gpu-a-[005-006]"))
    events = [
        slurm(10 + i * 20, kind="job_state", job=str(i + 1), state="FAILED", exit_code="1:0")
        for i in range(3)
    ]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and set(inc.jobs) == {"1", "2", "3"}


def test_a_panic_then_node_down_and_node_fail_is_one_node_failure() -> None:
    p = pipeline(job("1", "gpu-a-[009-016]"))
    events = progress("1", 0, 100) + [
        kernel(101, "gpu-a-012", "[x] Kernel panic - not syncing: Fatal machine check"),
        slurm(160, kind="node_state", node="gpu-a-012", state="DOWN+NOT_RESPONDING", reason="Not responding"),
        log(161, "1", "srun: error: Node failure on gpu-a-012"),
        slurm(162, kind="job_state", job="1", state="NODE_FAIL", exit_code="0:0"),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("node_failure", "gpu-a-012")


def test_node_fail_alone_blames_the_down_node_of_the_job() -> None:
    p = pipeline(job("1", "gpu-a-[009-010]"))
    run(
        p,
        [
            slurm(5, kind="node_state", node="gpu-a-010", state="DOWN*", reason=""),
            slurm(6, kind="job_state", job="1", state="NODE_FAIL", exit_code="0:0"),
        ],
    )
    [inc] = p.incidents()
    assert inc.category == "node_failure" and inc.culprit_node == "gpu-a-010"


def test_app_xid_without_hardware_evidence_is_software() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(
        p,
        [
            kernel(
                5, "gpu-a-001", "[x] NVRM: Xid (PCI:0000:18:00): 13, pid=1, name=python, Graphics Exception"
            ),
            log(6, "1", "[rank0]: RuntimeError: CUDA error: an illegal memory access was encountered"),
            slurm(8, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        ],
    )
    [inc] = p.incidents()
    assert inc.category == "software"


def test_noise_alone_raises_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[009-012]"))
    events = progress("1", 0, 300) + [
        kernel(
            50,
            "gpu-a-011",
            "[x] NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked",
        ),
        log(
            60,
            "1",
            "9: gpu-a-010:1:2 [1] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_3:1 Got async event : GID table change",
        ),
        kernel(70, "gpu-a-009", "[x] EDAC MC4: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#0_DIMM#0"),
        log(80, "1", "wandb: Network error (ReadTimeout), entering retry loop."),
    ]
    assert run(p, events) == [] and p.incidents() == []


def test_a_completed_job_going_quiet_is_not_a_hang() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 100) + [
        slurm(101, kind="job_state", job="1", state="COMPLETED", exit_code="0:0")
    ]
    run(p, events, until=1000)
    assert p.incidents() == []


def test_megatron_helper_is_a_progress_line() -> None:
    assert "iteration" in megatron(1)


def test_nccl_init_lines_tell_which_bus_is_which_gpu_when_the_cluster_does_not() -> None:
    from actions.pipeline import Pipeline
    from monitoring.detectors.schema import ClusterSpec

    p = Pipeline(ClusterSpec("c", ("n1", "n2")), [job("1", "n[1-2]")])
    init = "11: n2:1:1 [3] NCCL INFO ncclCommInitRank comm 0x1 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 5d000 - Init START"
    run(p, [log(1, "1", init), kernel(5, "n2", XID79)])
    [inc] = p.incidents()
    assert (inc.culprit_node, inc.culprit_gpu) == ("n2", 3)
    assert inc.evidence[0] == "kernel n2: Xid 79 on GPU 3 (GPU has fallen off the bus)"


def test_a_xid_logged_after_the_job_already_failed_still_explains_that_failure() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 100) + [
        log(101, "1", "[rank9]: RuntimeError: CUDA error: unspecified launch failure"),
        log(101.1, "1", "[rank1]: RuntimeError: CUDA error: unspecified launch failure"),
        slurm(103, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        kernel(104, "gpu-a-002", XID79),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("gpu_hardware", "gpu-a-002")
    assert [r.to_dict() for r in inc.recommendations][1] == {
        "action": "requeue_job",
        "job": "1",
        "exclude": ["gpu-a-002"],
    }


def test_a_kernel_link_down_alone_raises_nothing_but_names_the_node_when_nccl_fails() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    link = kernel(100, "gpu-a-006", "[x] mlx5_core 0000:31:00.1 enp49s0f1np1: Link down")
    assert run(p, [link]) == []
    run(
        p,
        [
            log(
                102,
                "1",
                "0: gpu-a-005:1:2 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.9.9.9<1> with status=12",
            )
        ],
    )
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-006")


def test_a_port_error_before_slurm_calls_the_node_down_stays_a_network_fault() -> None:
    p = pipeline(job("1", "gpu-a-[013-020]"))
    run(
        p,
        [
            log(
                10,
                "1",
                "gpu-a-015:1:2 [6] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_10:1 Got async event : port error",
            ),
            slurm(
                60, kind="node_state", node="gpu-a-015", state="DOWN+NOT_RESPONDING", reason="Not responding"
            ),
            slurm(61, kind="job_state", job="1", state="NODE_FAIL", exit_code="0:0"),
        ],
    )
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-015")


def test_without_any_ip_map_the_one_silent_node_of_the_job_is_blamed() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    blame = "{r}: gpu-a-00{n}:1:2 [3] NCCL WARN NET/IB : Got completion from peer 10.0.0.66<1> with status=12"
    run(p, [log(300 + n, "1", blame.format(r=n * 8, n=n)) for n in (5, 7, 8)])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-006")


def test_without_any_ip_map_the_node_at_the_centre_of_a_star_of_errors_is_blamed() -> None:
    # NCCL issue 733's shape: three nodes name one address; the fourth names each of theirs and never
    # that one. Nobody announced which address is whose, and every node of the job is reporting.
    p = pipeline(job("1", "gpu-a-[005-008]"))
    line = "{r}: gpu-a-00{n}:1:2 [3] NCCL WARN NET/IB : Got completion from peer 10.0.0.{ip}<1> with error 12"
    events = [log(300 + n, "1", line.format(r=n * 8, n=n, ip=7)) for n in (5, 6, 8)]
    events += [log(310 + ip, "1", line.format(r=56, n=7, ip=ip)) for ip in (5, 6, 8)]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-007")
    assert any("the centre of the failures" in e for e in inc.evidence)


def test_a_silent_failed_node_does_not_put_a_reporting_neighbour_at_the_centre() -> None:
    # gpu-a-008 died and says nothing; 005 and 006 name its address, and 007's follow-on errors name
    # 005's and 006's: no star of the whole job, so no reporting node is blamed as its centre.
    p = pipeline(job("1", "gpu-a-[005-008]"))
    line = "{r}: gpu-a-00{n}:1:2 [3] NCCL WARN NET/IB : Got completion from peer 10.0.0.{ip}<1> with error 12"
    events = [log(300 + n, "1", line.format(r=n * 8, n=n, ip=8)) for n in (5, 6)]
    events += [log(310 + ip, "1", line.format(r=56, n=7, ip=ip)) for ip in (5, 6)]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "network" and inc.culprit_node != "gpu-a-007"


def test_a_two_node_job_whose_sides_name_each_other_has_no_centre() -> None:
    p = pipeline(job("1", "gpu-a-[005-006]"))
    line = "{r}: gpu-a-00{n}:1:2 [3] NCCL WARN NET/IB : Got completion from peer 10.0.0.{ip}<1> with error 12"
    run(p, [log(300, "1", line.format(r=0, n=5, ip=6)), log(301, "1", line.format(r=8, n=6, ip=5))])
    [inc] = p.incidents()
    assert inc.category == "network" and inc.culprit_node is None


def test_network_errors_in_three_disjoint_jobs_at_once_are_shared_infrastructure() -> None:
    jobs = [job(str(i), f"gpu-a-[{i * 4 + 1:03d}-{i * 4 + 4:03d}]") for i in range(3)]
    p = pipeline(*jobs)
    events = []
    for i in range(3):
        nodes = [f"gpu-a-{i * 4 + k:03d}" for k in range(1, 5)]
        events.append(log(1, str(i), f"0: {nodes[1]}:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.1.{i}.2<0>"))
        for k in (0, 2, 3):
            line = f"{k * 8}: {nodes[k]}:1:2 [3] NCCL WARN NET/IB : Got completion from peer 10.1.{i}.2<1> with status=12"
            events.append(log(100 + i * 5 + k, str(i), line))
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and set(inc.jobs) == {"0", "1", "2"}
    assert [r.action for r in inc.recommendations] == ["escalate"]


def test_equal_seqnums_but_one_node_behind_on_completed_work_is_the_suspect() -> None:
    p = pipeline(job("1", "gpu-a-[017-020]"))
    work = (
        "{r}: [rank{r}]:[E1129 1 ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Exception (either "
        "an error or timeout) detected by watchdog at work: 77, last enqueued NCCL work: 77, last completed NCCL work: {c}."
    )
    events = [log(10, "1", watchdog(r, 77)) for r in range(32)]
    events += [log(10.5, "1", work.format(r=r, c=75 if 8 <= r < 16 else 76)) for r in range(32)]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-018")


def test_hosts_named_with_a_domain_in_nccl_lines_are_the_slurm_nodes() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    blame = "{r}: gpu-a-00{n}.cluster.local:1:2 [3] NCCL WARN NET/IB : Got completion from peer 10.0.0.6<1> with status=12"
    boot = log(1, "1", "8: gpu-a-006.cluster.local:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.6<0>")
    run(p, [boot] + [log(300 + n, "1", blame.format(r=n * 8, n=n)) for n in (5, 7, 8)])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-006")


def test_the_teardown_of_a_user_cancel_is_not_a_fault() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    blame = "{r}: gpu-a-00{n}:1:2 [3] NCCL WARN NET/IB : Got completion from peer 10.0.0.6<1> with status=12"
    events = (
        progress("1", 0, 100)
        + [
            log(101, "1", "slurmstepd: error: *** JOB 1 ON gpu-a-005 CANCELLED AT 2026-11-29T10:18:09 ***"),
            log(101.5, "1", "8: gpu-a-006:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.6<0>"),
        ]
        + [log(102 + n / 10, "1", blame.format(r=n * 8, n=n)) for n in (5, 7, 8)]
        + [
            log(103, "1", "srun: error: gpu-a-005: tasks 0-7: Terminated"),
            slurm(104, kind="job_state", job="1", state="CANCELLED", exit_code="0:15"),
        ]
    )
    run(p, events, until=400)
    assert p.incidents() == []


def test_a_cancel_after_a_failed_task_keeps_the_fault() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    events = [
        log(10, "1", "srun: error: gpu-a-006: task 9: Segmentation fault"),
        log(11, "1", "slurmstepd: error: *** STEP 1.0 ON gpu-a-005 CANCELLED AT 2026-11-29T10:18:09 ***"),
        slurm(12, kind="job_state", job="1", state="FAILED", exit_code="139:0"),
    ]
    run(p, events)
    assert [i.category for i in p.incidents()] == ["software"]


def test_a_job_the_host_oom_killer_ended_is_software() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(
        p,
        [
            log(
                5,
                "1",
                "slurmstepd: error: Detected 1 oom_kill event in StepId=1.0. Some of the step tasks have been OOM Killed.",
            ),
            slurm(6, kind="job_state", job="1", state="OUT_OF_MEMORY", exit_code="0:125"),
        ],
    )
    [inc] = p.incidents()
    assert (inc.category, inc.pattern) == ("software", "host_oom")


def test_an_infiniband_link_down_under_a_running_job_raises_once_it_stays_down() -> None:
    """Held ``link_flap.FLAP_S`` for the link to come back (a flap the job rides out), then shown."""
    from incidents.attribution.link_flap import FLAP_S

    p = pipeline(job("1", "gpu-a-[005-008]"))
    [inc] = run(p, [kernel(100, "gpu-a-006", "[x] mlx5_core 0000:9a:00.0 ibp154s0: Link down")], until=200.0)
    assert (inc.category, inc.culprit_node, inc.detected_t) == ("network", "gpu-a-006", T0 + 100 + FLAP_S)
    assert (
        run(
            pipeline(job("1", "gpu-a-[005-008]")),
            [kernel(100, "gpu-a-006", "[x] mlx5_core 0000:31:00.1 eno2np1: Link down")],
        )
        == []
    )
