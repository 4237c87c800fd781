"""Methods from holdout85 to holdout89 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- curl's own error for an image import that got no answer from the registry is the registry's: two owners' jobs
  meeting it are one outage; the registry's answer (401) is the request's.
- A job's prolog or epilog failing on two nodes within the hour is the site's scripts or plugins: one
  infrastructure incident, no drain, no requeue; on one node it stays with Slurm's own drain.
- GPUs held by a thermal slowdown on three nodes under two jobs at once are the room's cooling, not three nodes.
- Two owners' jobs reading their checkpoints back broken within minutes are the storage under them; one owner's
  two jobs are that owner's files.
- A loss printed NaN line after line for a minute is the run's numbers gone: its owner told, no requeue.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from actions.pipeline import IncidentUpdate, Pipeline
from incidents.attribution import ingest
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import T0, job, kernel, log, pipeline, run, slurm
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(u: IncidentUpdate) -> set[str]:
    return {r.action.value for r in u.recommendations}


# --- a container registry out of reach ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "curl",
    [
        "curl: (7) Failed to connect to registry.hpc.example port 5000 after 3 ms: Connection refused",
        "curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received",
        "curl: (60) SSL certificate problem: self-signed certificate in certificate chain",
    ],
)
def test_curls_transport_error_in_pyxiss_import_log_is_the_registrys(curl: str) -> None:
    info = logs.parse_joblog(f"slurmstepd: error: pyxis:     {curl}")
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == "container registry"


def test_the_registrys_own_answer_and_curl_outside_an_import_are_not_its_outage() -> None:
    for line in (
        "slurmstepd: error: pyxis:     [ERROR] URL https://nvcr.io/proxy_auth returned error code: 401 Unauthorized",
        "curl: (7) Failed to connect to localhost port 8888: Connection refused",
    ):
        info = logs.parse_joblog(line)
        assert info is None or info.data.get("service") != "container registry"


def _imports_fail(curl: str) -> list[IncidentUpdate]:
    a, b = job("1", "gpu-a-001"), replace(job("2", "gpu-a-005"), user="bob")
    p = pipeline(a, b)
    events = []
    for jid, t0, node in (("1", 100.0, "gpu-a-001"), ("2", 160.0, "gpu-a-005")):
        events += [
            log(t0, jid, "pyxis: importing docker image: docker://registry.hpc.example:5000#/team/img:1"),
            log(t0 + 1.0, jid, "slurmstepd: error: pyxis: failed to import docker image"),
            log(t0 + 1.1, jid, "slurmstepd: error: pyxis: printing enroot log file:"),
            log(t0 + 1.2, jid, f"slurmstepd: error: pyxis:     {curl}"),
            log(t0 + 1.3, jid, "slurmstepd: error: pyxis: couldn't start container"),
            log(t0 + 1.5, jid, f"srun: error: {node}: task 0: Exited with exit code 1"),
            slurm(t0 + 2.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0"),
        ]
    return _final(p, events, 600.0)


def test_two_owners_imports_failing_to_reach_the_registry_are_one_outage() -> None:
    found = _imports_fail("curl: (7) Failed to connect to registry.hpc.example port 5000: Connection refused")
    assert [u.category for u in found] == ["infrastructure"] and set(found[0].jobs) == {"1", "2"}
    assert "requeue_job" not in _acts(found[0]) and "drain_node" not in _acts(found[0])


def test_two_owners_imports_refused_by_the_registry_are_each_owners() -> None:
    found = _imports_fail(
        "[ERROR] URL https://registry.hpc.example/v2/ returned error code: 401 Unauthorized"
    )
    assert found and all(u.category == "software" for u in found)


# --- the site's prolog or epilog ------------------------------------------------------------------------------


def _epilogs(nodes: list[str], gap: float) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-001"), job("2", "gpu-a-002"))
    events = steps("1", 0.0, 300.0, every=20.0) + steps("2", 0.0, 300.0 + gap, every=20.0)
    events += [slurm(300.0, kind="job_state", job="1", state="COMPLETED", exit_code="0:0")]
    events += [slurm(300.0 + gap, kind="job_state", job="2", state="COMPLETED", exit_code="0:0")]
    for i, node in enumerate(nodes):
        at = 302.0 + gap * (i > 0)
        jid = "1" if node == "gpu-a-001" else "2"
        events += [
            kernel(
                at,
                node,
                f"Mar 02 10:00:00 {node} spank-epilog[4121]: error: spank: required plugin spank_site.so: job_epilog() failed with rc=-1",
            ),
            kernel(
                at + 0.1,
                node,
                f"Mar 02 10:00:00 {node} slurmd[812]: error: [job {jid}] epilog failed status=1:0",
            ),
            slurm(at + 0.5, kind="node_state", node=node, state="DRAINED", reason="Epilog error"),
        ]
    return _final(p, events, 900.0 + gap)


def test_epilogs_failing_on_two_nodes_within_the_hour_are_the_sites() -> None:
    [found] = _epilogs(["gpu-a-001", "gpu-a-002"], 1000.0)
    assert found.category == "infrastructure" and found.culprit_node is None
    assert "requeue_job" not in _acts(found) and "drain_node" not in _acts(found)


def test_one_nodes_epilog_failing_stays_with_slurms_drain() -> None:
    assert _epilogs(["gpu-a-001"], 1000.0) == []


def test_epilogs_failing_hours_apart_are_each_nodes() -> None:
    assert _epilogs(["gpu-a-001", "gpu-a-002"], 2 * 3600.0) == []


def test_slurmds_words_for_a_failed_prolog_or_epilog() -> None:
    said = [
        "slurmd[812]: error: [job 5888] epilog failed status=1:0",
        "slurmd[812]: error: JobId=5888 prolog failed status=2:0",
        "slurmd[13562]: spank-epilog: error: pyxis: mkdir: cannot create directory '/x': Permission denied",
        "spank-prolog[38569]: error: pyxis: couldn't execute enroot command",
        "slurmd[8614]: error: spank/epilog returned status 0x0100",
    ]
    assert all(ingest._SITE_SCRIPT_FAILED.search(s) for s in said)
    assert not ingest._SITE_SCRIPT_FAILED.search("slurmd[812]: debug: completed epilog for jobid 5888")
    assert not ingest._SITE_SCRIPT_FAILED.search("slurmstepd: error: TaskEpilog failed status=1")


# --- heat shared by several nodes -----------------------------------------------------------------------------


def _sample(t: float, node: str, gpu: int, clock: int, reasons: int) -> dict[str, Any]:
    fields = {
        "DCGM_FI_DEV_GPU_UTIL": 99,
        "DCGM_FI_DEV_POWER_USAGE": 250.0,
        "DCGM_FI_DEV_SM_CLOCK": clock,
        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": reasons,
    }
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": gpu, "fields": fields}


def _heat(hot: list[str]) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"), replace(job("2", "gpu-a-[003-004]"), user="bob"))
    events = steps("1", 0.0, 1800.0, every=10.0) + steps("2", 0.0, 1800.0, every=10.0)
    t = 5.0
    while t < 1800.0:
        for n, node in enumerate(("gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004")):
            for g in range(8):
                if node in hot and g == 2 and t > 600.0 + 40 * n:
                    events.append(_sample(t + 0.01 * g, node, g, 1010, 0x20 | 0x40))
                else:
                    events.append(_sample(t + 0.01 * g, node, g, 1530, 0))
        t += 60.0
    return _final(p, events, 1800.0)


def test_gpus_held_by_heat_on_three_nodes_under_two_jobs_are_the_rooms() -> None:
    [found] = _heat(["gpu-a-001", "gpu-a-002", "gpu-a-003"])
    assert found.category == "infrastructure" and found.culprit_node is None
    assert set(found.jobs) == {"1", "2"} and "drain_node" not in _acts(found)


def test_one_gpu_held_by_heat_is_its_own() -> None:
    [found] = _heat(["gpu-a-003"])
    assert (found.category, found.culprit_node, found.culprit_gpu) == ("gpu_degraded", "gpu-a-003", 2)


# --- checkpoints read back broken -----------------------------------------------------------------------------

_BROKEN = "0: RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory"


def _loads_fail(second_user: str) -> list[IncidentUpdate]:
    a, b = job("1", "gpu-a-[001-002]"), replace(job("2", "gpu-a-[004-005]"), user=second_user)
    p = pipeline(a, b)
    events = steps("1", 0.0, 300.0, every=20.0) + steps("2", 0.0, 780.0, every=20.0)
    events += [
        log(305.0, "1", _BROKEN),
        slurm(307.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        log(785.0, "2", _BROKEN),
        slurm(787.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1200.0)


def test_two_owners_checkpoints_read_back_broken_minutes_apart_are_the_storages() -> None:
    found = _loads_fail("bob")
    assert [u.category for u in found] == ["infrastructure"] and set(found[0].jobs) == {"1", "2"}


def test_one_owners_two_jobs_reading_broken_checkpoints_are_that_owners_files() -> None:
    found = _loads_fail("alice")
    assert len(found) == 2 and all(u.category == "software" for u in found)


# --- a loss gone NaN ------------------------------------------------------------------------------------------


def _losses(values: list[str], every: float) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-001"))
    events = []
    for i, v in enumerate(["2.31", "2.30", "2.28", *values, *(["2.20"] * 12)]):
        events.append(
            log(10.0 + every * i, "1", f"Training: step {100 * (i + 1)}  Loss {v}  LearningRate 0.1")
        )
    return _final(p, events, 10.0 + every * (len(values) + 16))


def test_a_loss_nan_line_after_line_for_a_minute_tells_the_owner() -> None:
    p = pipeline(job("1", "gpu-a-001"))
    events = [
        log(
            10.0 + 40.0 * i, "1", f"Training: step {100 * (i + 1)}  Loss {'nan' if i >= 3 else '2.3'}  LR 0.1"
        )
        for i in range(12)
    ]
    [found] = _final(p, events, 520.0)
    assert found.category == "software" and _acts(found) == {"notify"}
    assert found.detected_t - (T0 + 130.0) <= 90.0  # the first NaN at 130 s, told at the third, 80 s later


def test_a_nan_skipped_once_or_briefly_is_no_fault() -> None:
    assert _losses(["nan"], 40.0) == []  # one skipped step, then finite
    assert _losses(["nan", "inf", "nan"], 5.0) == []  # three lines within 15 s, then finite
