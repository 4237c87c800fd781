"""Methods from holdout39 (blind, issue 24), each tested on lines other than the corpus's.

- A client's own words for a 5xx answer beside the URL it fetched ("(status 503)", "returned error: 502"), and
  conda's "HTTP 000 CONNECTION FAILED", are that service's failure: owners' jobs failing so are one outage.
- Open MPI's openib help block naming its local host and the verbs' IBV_EVENT_PORT_ERR is that host's port.
- NVML's "GPU is lost" (code 15) passed on by slurmstepd is a GPU of the job's node lost.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run, slurm


@settings(max_examples=30, deadline=None)
@given(
    code=st.integers(500, 504),
    form=st.sampled_from(["mamba", "mamba2", "curl", "http"]),
    host=st.sampled_from(["conda.anaconda.org", "pypi.example.org", "registry.hpc.local"]),
)
def test_a_clients_5xx_beside_its_url_is_that_services(code: int, form: str, host: str) -> None:
    line = {
        "mamba": f"  error    libmamba Failed to download package from https://{host}/noarch/x-1.0.conda (status {code})",
        "mamba2": f"critical libmamba Multi-download failed. Reason: Transfer finalized, status: {code} [https://{host}/a]",
        "curl": f"curl: (22) The requested URL returned error: {code} https://{host}/simple/torch/",
        "http": f"GET https://{host}/v2/manifests/latest HTTP/1.1 {code}",
    }[form]
    assert logs.service_error(line) == host
    assert logs.service_error(f"step {code} loss 1.2 status 200 https://{host}/x") is None
    info = logs.parse_joblog(
        f"CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://{host}/repodata.json>"
    )
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == host


def test_owners_jobs_failing_on_a_package_mirrors_503_are_one_outage() -> None:
    jobs = [
        JobSpec(
            str(10 + k), "env", u, (f"gpu-a-{3 + 4 * k:03d}",), tasks_per_node=1, started=T0, comment=OPTED
        )
        for k, u in enumerate(("ann", "bo", "cy"))
    ]
    p = pipeline(*jobs)
    events = []
    for k in range(3):
        t = 100.0 + 400.0 * k
        url = f"https://mirror.site.org/linux-64/pkg{k}-1.0.conda"
        events += [
            log(t, str(10 + k), f"  error    libmamba Failed to download package from {url} (status 503)"),
            slurm(t + 2.0, kind="job_state", job=str(10 + k), state="FAILED", exit_code="1:0"),
        ]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and set(inc.jobs) == {"10", "11", "12"}


@settings(max_examples=10, deadline=None)
@given(
    event=st.sampled_from(["PORT_ERR", "DEVICE_FATAL"]), domain=st.sampled_from(["", ".local", ".cluster"])
)
def test_the_verbs_port_error_in_open_mpis_help_block_is_its_local_hosts(event: str, domain: str) -> None:
    names = ("gpu-a-001", "gpu-a-002", "gpu-a-003")
    p = pipeline(JobSpec("21", "lmp", "ann", names, tasks_per_node=8, started=T0 - 600, comment=OPTED))
    events = [log(10.0 * i, "21", f"Step {i * 100} temp 1.44 press 0.2") for i in range(1, 30)]
    number = 10 if event == "PORT_ERR" else 1
    block = [
        "--------------------------------------------------------------------------",
        "The OpenFabrics stack has reported a network error event.  Open MPI",
        "will try to continue, but your job may end up failing.",
        f"  Local host:        gpu-a-002{domain}",
        "  MPI process PID:   11836",
        f"  Error number:      {number} (IBV_EVENT_{event})",
    ]
    events += [log(200.0 + 0.002 * k, "21", line) for k, line in enumerate(block)]
    run(p, events, until=260.0)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-002")
    other = "  Local host:   gpu-a-003\n"  # a host named, then no event: nothing
    assert logs.parse_joblog(other.strip()) is None


def test_nvml_saying_a_gpu_is_lost_through_slurmstepd_is_the_nodes_gpu() -> None:
    p = pipeline(
        JobSpec("31", "cell", "ann", ("gpu-a-009",), tasks_per_node=1, started=T0 - 600, comment=OPTED)
    )
    events = [log(10.0 * i, "31", f"Epoch 3: {i}/400 [00:10<01:00, 4.3it/s, loss=0.4]") for i in range(1, 20)]
    events += [
        log(200.0, "31", "slurmstepd: error: NVML: Failed to get usage(15): GPU is lost"),
        log(250.0, "31", "RuntimeError: CUDA error: unknown error"),
        slurm(252.0, kind="job_state", job="31", state="FAILED", exit_code="1:0"),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("gpu_hardware", "gpu-a-009")
    assert {r.node for r in inc.recommendations if r.action == "drain_node"} == {"gpu-a-009"}
