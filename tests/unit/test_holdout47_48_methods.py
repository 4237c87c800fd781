"""Methods from holdout47 and holdout48 (blind, issue 24), each tested on lines other than the corpora's.

- A remote service's 5xx in a client's other words (urllib3's "too many 500 error responses", a client's
  "failed with code 502", "failed to return code 200") is the service's outage, as its reason phrase is.
- The kernel shutting a node down by itself (a critical trip temperature, hardware protection) is a node failure,
  found at that line rather than when the scheduler notices minutes later.
- A field that only ever reads as a small whole number indexes devices or workers: a template that cycles
  through them is no measurement, so no beat is learned from it.
- One node of a job on three or more whose NCCL alone could not open an HCA it was told to use is that node's
  NIC: a start-up that hangs there names it (network), and the job is requeued without it.
- A job's own beat is learned until a parser reads its steps well enough to watch them (three intervals); a beat
  after a save began ends the save.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from monitoring.detectors import logs
from monitoring.detectors.cadence import CadenceTracker
from monitoring.detectors.fabric import FabricWatch
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import ClusterSpec, JobSpec, Kind
from tests.unit.pipehelpers import OPTED, PCI, T0, kernel, log, run, slurm, watchdog

HOSTS = st.from_regex(r"[a-z]{3,10}\.(lan|internal|hpc\.local)", fullmatch=True)


# --- a remote service's 5xx in a client's other words -------------------------------------------------------

SERVICE_LINES = (
    "mlflow.exceptions.MlflowException: API request to http://{host}:5000/api/2.0/mlflow/runs/log-batch failed "
    "with exception HTTPConnectionPool(host='{host}', port=5000): Max retries exceeded with url: /api/2.0/x "
    "(Caused by ResponseError('too many {code} error responses'))",
    "requests.exceptions.RetryError: HTTPSConnectionPool(host='{host}', port=443): Max retries exceeded with "
    "url: /v1/upload (Caused by ResponseError('too many {code} error responses'))",
    "RuntimeError: API request to https://{host}/api/2.0/runs/log-metric failed with code {code} != 200",
)


@settings(max_examples=30, deadline=None)
@given(line=st.sampled_from(SERVICE_LINES), host=HOSTS, code=st.sampled_from([500, 502, 503, 504]))
def test_a_remote_services_5xx_in_a_clients_own_words_is_the_services(
    line: str, host: str, code: int
) -> None:
    text = line.format(host=host, code=code)
    info = logs.parse_joblog(text)
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == host, text
    assert logs.service_error(f"WARNING retrying: {text.split(': ', 1)[1]}") == host


def test_a_client_that_never_got_its_200_says_the_service_failed() -> None:
    line = "MlflowException: API request to http://track.lan:5000/api/2.0/x failed to return code 200 after 3 tries"
    assert logs.service_error(line) == "track.lan"


def test_exit_codes_and_4xx_are_no_services_outage() -> None:
    for line in (
        "RuntimeError: the worker failed with code 1",
        "srun: error: node1: task 0: Exited with exit code 143",
        "ValueError: too many 404 error responses from the cache",
        "RuntimeError: API request to https://track.lan/x failed with code 404 != 200",
    ):
        info = logs.parse_joblog(line)
        assert info is None or info.kind != Kind.FS_ERROR, line


def _cluster() -> ClusterSpec:
    return ClusterSpec("test", tuple(expand("gpu-a-[001-016]")), 8, pci_bus_ids=PCI)


def _spec(jid: str, nodes: str, user: str, started: float = T0 - 3600) -> JobSpec:
    return JobSpec(jid, f"w-{jid}", user, tuple(expand(nodes)), 8, started, OPTED)


@settings(max_examples=10, deadline=None)
@given(
    gaps=st.lists(st.floats(min_value=30.0, max_value=200.0), min_size=2, max_size=2),
    code=st.sampled_from([500, 503]),
)
def test_owners_jobs_failing_on_one_services_5xx_within_minutes_are_one_outage(
    gaps: list[float], code: int
) -> None:
    p = Pipeline(
        _cluster(),
        [_spec("1", "gpu-a-001", "ana"), _spec("2", "gpu-a-005", "bo"), _spec("3", "gpu-a-009", "cy")],
        start=T0 - 3600,
    )
    t, events = 100.0, []
    for k, jid in enumerate(("1", "2", "3")):
        line = SERVICE_LINES[k % 3].format(host="track.hpc.local", code=code)
        events += [log(t, jid, "Traceback (most recent call last):"), log(t + 0.1, jid, line)]
        events += [slurm(t + 2, kind="job_state", job=jid, state="FAILED", exit_code="1:0")]
        t += gaps[k] if k < 2 else 0.0
    run(p, events, until=t + 120)
    incs = p.incidents()
    assert [(i.category, sorted(i.jobs)) for i in incs] == [("infrastructure", ["1", "2", "3"])]


# --- the kernel shutting the node down ----------------------------------------------------------------------

SHUTDOWNS = (
    "[Mon Mar  9 11:11:52 2026] thermal thermal_zone{z}: critical temperature reached ({c} C), shutting down",
    "Mar 09 11:11:52 {node} kernel: ACPI: Critical temperature reached ({c} C), shutting down.",
    "[ 8123.4] reboot: HARDWARE PROTECTION shutdown (Temperature too high)",
)


@settings(max_examples=20, deadline=None)
@given(line=st.sampled_from(SHUTDOWNS), z=st.integers(0, 9), c=st.integers(70, 120))
def test_the_kernel_shutting_the_node_down_is_a_node_failure_at_that_line(line: str, z: int, c: int) -> None:
    text = line.format(z=z, c=c, node="gpu-a-004")
    info = logs.parse_kernel(text, {})
    assert info is not None and info.kind == Kind.NODE_SHUTDOWN, text
    p = Pipeline(_cluster(), [_spec("1", "gpu-a-[003-004]", "ana")], start=T0 - 3600)
    events = [log(10.0 * k, "1", f"step {k} loss 2.{k % 10}") for k in range(1, 30)]
    events.append(kernel(295.0, "gpu-a-004", text))
    run(p, events, until=320.0)
    incs = p.incidents()
    assert [(i.category, i.culprit_node) for i in incs] == [("node_failure", "gpu-a-004")]
    assert incs[0].detected_t <= T0 + 296.0


def test_what_is_not_the_kernel_shutting_the_node_down() -> None:
    for line in (
        "systemd-logind[1402]: System is powering down.",
        "thermal thermal_zone0: critical temperature reached",
        "mce: CPU7: Core temperature above threshold, cpu clock throttled (total events = 1)",
    ):
        info = logs.parse_kernel(line, {})
        assert info is None or info.kind != Kind.NODE_SHUTDOWN, line


# --- an index cycling through devices is no measurement -----------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(devices=st.integers(2, 8), processes=st.integers(6, 16), every=st.floats(1.2, 5.0))
def test_a_template_cycling_through_device_indices_is_no_beat(
    devices: int, processes: int, every: float
) -> None:
    processes = max(processes, devices + 2)  # the index wraps at least once (0..n-1 once is a counter)
    cad = CadenceTracker()
    for k in range(processes):
        cad.see(T0 + k * every, None, f"\tEnvironment device    : cuda:{k % devices}")
    assert cad.stall() is None
    # the same cadence with a measurement in it is one
    meas = CadenceTracker()
    for k in range(processes):
        meas.see(T0 + k * every, None, f"reward : {3.0 + ((k * 7) % 5) / 3:.3f}")
    assert meas.stall() is not None


# --- one node's NCCL that cannot open its HCA ---------------------------------------------------------------

UNOPENED = "{label}: {host}:4007{k}:4068{k} [{k}] NCCL WARN NET/IB : Unable to open device {dev}"


@settings(max_examples=15, deadline=None)
@given(n=st.integers(3, 6), bad=st.integers(0, 5), dev=st.sampled_from(["mlx5_1", "erdma_0", "bnxt_re3"]))
def test_one_node_alone_unable_to_open_its_hca_is_odd(n: int, bad: int, dev: str) -> None:
    bad %= n
    f = FabricWatch()
    host = f"gpu-a-{bad + 1:03d}"
    for k in range(4):
        f.feed("9", UNOPENED.format(label=bad, host=host, k=k, dev=dev))
    assert f.odd_device("9", n) == (host, dev)
    restored = FabricWatch()  # the next tick in another process
    restored.load_unopened(json.loads(json.dumps(f.unopened_state())))
    assert restored.odd_device("9", n) == (host, dev)
    assert f.odd_device("9", 2) is None  # two nodes: no "all the others" to agree
    f.feed("9", UNOPENED.format(label=(bad + 1) % n, host=f"gpu-a-{(bad + 1) % n + 1:03d}", k=0, dev=dev))
    assert f.odd_device("9", n) is None  # two hosts: a setting, not one NIC


@settings(max_examples=8, deadline=None)
@given(bad=st.integers(0, 3))
def test_a_start_up_hanging_on_one_nodes_unopened_hca_names_that_nodes_nic(bad: int) -> None:
    host = f"gpu-a-{bad + 1:03d}"
    p = Pipeline(_cluster(), [_spec("9", "gpu-a-[001-004]", "ana", started=T0 + 10)], start=T0)
    events = [
        log(12.0 + k, "9", line) for k, line in enumerate(("loading model", "building dataset", "init"))
    ]
    events += [
        log(20.0 + 0.01 * k, "9", UNOPENED.format(label=bad, host=host, k=k, dev="mlx5_1")) for k in range(8)
    ]
    run(p, events, until=400.0)
    incs = p.incidents()
    assert [(i.category, i.culprit_node) for i in incs] == [("network", host)]
    recs = {r.action: r for r in incs[0].recommendations}
    assert "requeue_job" in recs and host in recs["requeue_job"].exclude


# --- a job's own beat until its steps can be watched ----------------------------------------------------------

HF = "{{'loss': {loss:.4f}, 'grad_norm': {g:.3f}, 'learning_rate': {lr:.3e}, 'epoch': {ep:.2f}}}"


@settings(max_examples=8, deadline=None)
@given(every=st.floats(40.0, 120.0), saved=st.booleans())
def test_a_trainer_logging_dicts_after_a_bar_at_zero_is_watched_by_its_own_beat(
    every: float, saved: bool
) -> None:
    p = Pipeline(_cluster(), [_spec("5", "gpu-a-[001-002]", "ana", started=T0 + 5)], start=T0)
    events = [log(10.0, "5", "Loading checkpoint shards: 100%|##########| 4/4 [00:51<00:00, 12.83s/it]")]
    events.append(log(30.0, "5", "  0%|          | 0/50000 [00:00<?, ?it/s]"))
    t = 40.0
    for k in range(40):
        events.append(
            log(t, "5", HF.format(loss=0.5 + (k * 13 % 7) / 10, g=1 + k % 3, lr=1e-5 - k * 1e-8, ep=k / 400))
        )
        if saved and k == 20:
            events.append(
                log(
                    t + 1,
                    "5",
                    f"[INFO|trainer.py:3984] >> Saving model checkpoint to /out/checkpoint-{k * 10}",
                )
            )
        t += every
    last = t - every
    run(p, events, until=last + 6 * every)
    incs = p.incidents()
    assert [i.category for i in incs] == ["hang"]
    assert incs[0].detected_t <= T0 + last + 4 * every + 5


def test_a_beat_that_stopped_before_the_steps_began_is_no_stall() -> None:
    p = Pipeline(_cluster(), [_spec("6", "gpu-a-003", "ana", started=T0 + 5)], start=T0)
    fill = "2018-11-06 08:55:20.204178: I tensorflow/core/kernels/data/shuffle_dataset_op.cc:98] Filling up shuffle buffer (this may take a while): {n} of 12395"
    events = [log(10.0 + 10 * k, "6", fill.format(n=245 * (k + 1))) for k in range(20)]
    events.append(log(215.0, "6", "INFO:tensorflow:loss = 6.6930093, step = 100 (40.656 sec)"))
    events.append(log(330.0, "6", "INFO:tensorflow:loss = 6.6744595, step = 200 (40.786 sec)"))
    run(p, events, until=400.0)
    assert p.incidents() == []


def test_a_collective_timing_out_long_after_a_save_whose_end_no_line_said_is_no_save_timeout() -> None:
    p = Pipeline(_cluster(), [_spec("5", "gpu-a-[001-002]", "ana", started=T0 + 5)], start=T0)
    events = [log(30.0, "5", "  0%|          | 0/50000 [00:00<?, ?it/s]")]
    t = 40.0
    for k in range(40):
        events.append(log(t, "5", HF.format(loss=0.5 + (k * 13 % 7) / 10, g=1 + k % 3, lr=1e-5, ep=k / 400)))
        if k == 20:  # a save began; only the next dicts say it ended
            events.append(
                log(t + 1, "5", "[INFO|trainer.py:3984] >> Saving model checkpoint to /out/checkpoint-200")
            )
        t += 90.0
    events += [log(t + 600 + 0.01 * r, "5", watchdog(r, 110463)) for r in range(16) if r != 13]
    run(p, events, until=t + 700)
    incs = p.incidents()
    assert [(i.category, i.culprit_node) for i in incs] == [("hang", "gpu-a-002")]
