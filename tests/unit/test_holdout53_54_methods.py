"""Methods from holdout53 and holdout54 (blind, issue 24), each tested on figures and lines other than the corpora's.

- Open MPI's openib BTL naming the peer of a completion error is the same evidence as NCCL's NET/IB lines.
- A network adapter's catastrophic-error handler, a probe that failed to bring it back, or a command it never
  completed is its node's port.
- A response's status told as requests' ``<Response [5xx]>``, as "NNN response ...", or wandb's retry loop entered
  on an HTTP error is a remote service's failure; the loop entered on a timeout is not.
- A GPU's idle power is the least it drew at 0 %; a sample above 0 % since the silence began, at 2.5x that, is
  work (a sample may read 0 % between kernels).
- A slow GPU's incident stays open while the job it drags still runs there.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from monitoring.detectors import logs
from monitoring.detectors import telemetry as tm
from monitoring.detectors.hostlist import expand
from monitoring.detectors.kernel_records import KernelRecordReader
from monitoring.detectors.schema import ClusterSpec, JobSpec, Kind
from tests.unit.pipehelpers import OPTED, PCI, T0, job, log, pipeline, run, slurm


def test_openibs_completion_error_names_its_peer() -> None:
    line = (
        "[gpu-a-002][[4017,1],6][btl_openib_component.c:3645:handle_wc] from gpu-a-002 to: gpu-a-005 error "
        "polling HP CQ with status WORK REQUEST FLUSHED ERROR status number 5 for wr_id 9f opcode 0  vendor error 244"
    )
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.IB_BLAME
    assert (info.host, info.data["peer"], info.data["status"]) == ("gpu-a-002", "gpu-a-005", 5)
    tcp = logs.parse_joblog(
        "[gpu-a-002][[4017,1],6][btl_tcp_endpoint.c:796:complete] connect() to 10.0.0.5 failed"
    )
    assert tcp is None or tcp.kind != Kind.IB_BLAME  # a connection refused, not a work completion in error


def test_two_peers_retrying_to_one_host_name_it() -> None:
    p = pipeline(job("3", "gpu-a-[001-004]", tpn=2))
    events = [log(10.0 * k, "3", f"step {k} dt 7.5 s") for k in range(1, 20)]
    for src in ("gpu-a-001", "gpu-a-004"):
        events.append(
            log(
                195.0,
                "3",
                f"[{src}][[40017,1],2][btl_openib_component.c:3645:handle_wc] from {src} to: gpu-a-003 error "
                "polling LP CQ with status RETRY EXCEEDED ERROR status number 12 for wr_id 2981675 opcode 0",
            )
        )
    ups = run(p, events, until=200.0)
    assert ups and (ups[-1].category, ups[-1].culprit_node) == ("network", "gpu-a-003")


def _nic(line: str) -> Any:
    return KernelRecordReader().feed("n1", T0, line, lambda bdf: None)


def test_a_nics_catastrophic_error_failed_probe_or_unanswered_command_is_its_port() -> None:
    for line in (
        "mlx4_core 0000:81:00.0: Internal error detected:",
        "mlx5_core 0000:3b:00.0: Internal error detected",
        "mlx4_core: probe of 0000:81:00.0 failed with error -5",
        "efa 0000:20:1b.0: Wait for completion (polling) timeout",
        "mlx5_core 0000:3b:00.0: wait_func:1173:(pid 39): ACCESS_REG(0x805) timeout. Will cause a leak of a command resource",
    ):
        rec = _nic(line)
        assert rec is not None and rec.kind == Kind.IB_PORT_ERROR, line
    for line in (
        "nvme 0000:5e:00.0: probe of 0000:5e:00.0 failed with error -5",  # not a NIC's driver
        "ahci: probe of 0000:00:17.0 failed with error -22",
        "mlx5_core 0000:3b:00.0: mlx5_cmd_out_err:838:(pid 1): ACCESS_REG(0x805) op_mod(0x1) failed, status bad parameter(0x3)",
    ):
        rec = _nic(line)
        assert rec is None or rec.kind != Kind.IB_PORT_ERROR, line


def test_statuses_told_in_a_clients_own_words_are_a_services_failure() -> None:
    for line, service in (
        ("500 response executing GraphQL.", "wandb"),
        ("wandb: ERROR Error while calling W&B API: internal database error (<Response [500]>)", "wandb"),
        ("wandb: Network error (HTTPError), entering retry loop.", "wandb"),
        ("upload failed: <Response [503]> from https://hub.example.org/api", "hub.example.org"),
    ):
        assert logs.service_error(line) == service, line
    for line in (
        "<Response [404]>",
        "wandb: Network error (ReadTimeout), entering retry loop.",
        "took 500 responses",
    ):
        assert logs.service_error(line) is None, line


@settings(max_examples=20, deadline=None)
@given(hot=st.floats(60.0, 200.0), cold=st.floats(10.0, 40.0))
def test_a_gpus_idle_power_is_the_least_it_drew_at_zero(hot: float, cold: float) -> None:
    rules = tm.TelemetryRules()
    for t, p in ((0.0, cold), (60.0, cold + hot), (120.0, cold + 1.0)):
        rules.on_sample(T0 + t, "n1", 0, {tm.UTIL: 0, tm.POWER: p}, "7")
    assert rules.gpus[("n1", 0)].idle_power == cold


def _autotune(util_between: float, power: float = 105.0) -> list[Any]:
    """A one-GPU job silent at start-up, its GPU at ``power`` (28 W idle) reading 0 % at some samples and
    ``util_between`` at the others."""
    cluster = ClusterSpec("test", tuple(expand("gpu-a-[001-004]")), 4, pci_bus_ids=PCI)
    p = Pipeline(cluster, [JobSpec("5", "sft", "ana", ("gpu-a-002",), 1, T0 + 5.0, OPTED)], (), start=T0)
    lines = ("Loading checkpoint shards", "Instantiating the fused MoE model", "***** Running training *****")
    events = [log(5.0 + 3 * i, "5", line) for i, line in enumerate(lines)]
    events += [
        {
            "t": T0 + 1.0 + 0.01 * g,
            "source": "gpu",
            "node": "gpu-a-002",
            "gpu": g,
            "fields": {tm.UTIL: 0, tm.POWER: 28.0},
        }
        for g in range(4)
    ]
    t, k = 121.0, 0
    while t < 2400.0:
        util = 0 if k % 2 else util_between
        events.append(
            {
                "t": T0 + t,
                "source": "gpu",
                "node": "gpu-a-002",
                "gpu": 0,
                "fields": {tm.UTIL: util, tm.POWER: power},
            }
        )
        events += [
            {
                "t": T0 + t + 0.01 * g,
                "source": "gpu",
                "node": "gpu-a-002",
                "gpu": g,
                "fields": {tm.UTIL: 0, tm.POWER: 28.0},
            }
            for g in (1, 2, 3)
        ]
        t, k = t + 120.0, k + 1
    return list(run(p, events, until=2400.0))


def test_a_gpu_reading_zero_between_kernels_at_its_working_power_still_works() -> None:
    assert _autotune(util_between=20.0) == []
    assert _autotune(util_between=100.0, power=35.0)  # pegged near its idle power: a kernel waiting


def _slow_all_along(minutes: int) -> list[Any]:
    p = pipeline(job("8", "gpu-a-[001-004]", tpn=8))
    events = [
        log(60.0 * k, "8", f"iteration {k}/90000 | elapsed time per iteration (ms): 105000.0")
        for k in range(1, minutes)
    ]
    for k in range(0, minutes):
        t = 60.0 * k + 1.0
        for node in ("gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"):
            for g in range(8):
                slow = node == "gpu-a-002" and g == 3 and k > 5 and not (k == 40)
                clock = 1150 if slow else 1410
                events.append(
                    {
                        "t": T0 + t + 0.01 * g,
                        "source": "gpu",
                        "node": node,
                        "gpu": g,
                        "fields": {
                            tm.UTIL: 99,
                            tm.POWER: 300.0,
                            tm.SM_CLOCK: clock,
                            tm.THROTTLE_FIELDS[0]: 8 if slow else 0,
                        },
                    }
                )
    run(p, events, until=60.0 * minutes)
    return [i for i in p.incidents() if i.category == "gpu_degraded"]


def test_a_slow_gpu_that_still_drags_its_job_is_one_incident_however_long() -> None:
    [inc] = _slow_all_along(120)
    assert (inc.culprit_node, inc.culprit_gpu) == ("gpu-a-002", 3)


def test_a_job_failing_after_its_service_answered_500_failed_of_the_service() -> None:
    p = pipeline(job("41", "gpu-a-001", tpn=1), job("42", "gpu-a-009", tpn=1))
    events = []
    for jid, t0 in (("41", 100.0), ("42", 400.0)):
        events += [
            log(t0, jid, "500 response executing GraphQL."),
            log(t0 + 0.1, jid, '{"error":"internal database error"}'),
            log(t0 + 60.0, jid, "wandb.errors.CommError: internal database error"),
            slurm(t0 + 61.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0"),
        ]
    ups = run(p, events, until=480.0)
    assert ups and {u.category for u in ups} == {"infrastructure"}
