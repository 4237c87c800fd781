"""Jobs on disjoint nodes failing with the same storage or service error are one outage (holdout9, blind:
three jobs failing on a model hub's "504 Server Error: Gateway Time-out" 4 and 8 minutes apart were three
software failures; two jobs losing the same FUSE mount, "[Errno 107] Transport endpoint is not
connected", 213 s apart, were two incidents).

A remote service answering 5xx (requests' ``raise_for_status`` words, RFC 9110's reason phrases) is the service's outage, not the program's bug. And without the kernel's
word, the programs' own say it: the same errno, or the same service, within ``SAME_ERROR_WINDOW_S``.
A different errno, a different service, or the same error long after, stays its own incident.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.fs_storms import SAME_ERROR_WINDOW_S
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, log, pipeline, progress, run, slurm

REASONS = {
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Time-out",
}
HOSTS = st.from_regex(r"[a-z]{3,10}\.(com|org|io|net)", fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(
    code=st.sampled_from(sorted(REASONS)), host=HOSTS, etype=st.sampled_from(["HTTPError", "HfHubHTTPError"])
)
def test_a_server_error_of_a_remote_service_is_the_services(code: int, host: str, etype: str) -> None:
    line = f"{etype}: {code} Server Error: {REASONS[code]} for url: https://{host}/api/models/x/commit/main"
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.FS_ERROR, line
    assert info.data["service"] == host


BOTO = (
    'botocore.exceptions.ConnectionClosedError: Connection was closed before we received a valid response from endpoint URL: "https://{host}/ckpt/part-7"',
    'botocore.exceptions.EndpointConnectionError: Could not connect to the endpoint URL: "https://{host}/ckpt"',
    'botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "https://{host}/ckpt/part-3"',
)


@settings(max_examples=30, deadline=None)
@given(line=st.sampled_from(BOTO), host=HOSTS)
def test_an_object_stores_endpoint_that_dropped_the_connection_is_the_services(line: str, host: str) -> None:
    info = logs.parse_joblog(line.format(host=host))
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == host


def test_what_is_not_a_services_outage_is_not_read_as_one() -> None:
    for line in (
        "HTTPError: 404 Client Error: Not Found for url: https://huggingface.co/api/models/x",
        "KeyError: 'layer.504.weight'",
        "ValueError: expected 504 tokens, got 512",
    ):
        info = logs.parse_joblog(line)
        assert info is None or info.kind != Kind.FS_ERROR, line
    info = logs.parse_joblog("requests.exceptions.HTTPError: 503 Service Unavailable")
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == ""
    # 429 is a 4xx but no mistake of the program's: the service refusing the site for a while (RFC 6585,
    # with a Retry-After like a 503's), shared by every job that calls it (stop 49, holdout24).
    info = logs.parse_joblog(
        "HTTPError: 429 Client Error: Too Many Requests for url: https://api.wandb.ai/graphql"
    )
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == "api.wandb.ai"


def _fail(jid: str, node: str, t: float, error: str) -> list[dict]:
    return [
        log(t, jid, "Traceback (most recent call last):"),
        log(t + 0.1, jid, error),
        log(t + 1.0, jid, f"srun: error: {node}: task 0: Exited with exit code 1"),
        slurm(t + 2.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0", reason="NonZeroExitCode"),
    ]


ENOTCONN = "OSError: [Errno 107] Transport endpoint is not connected: '/mnt/ckpt/run/last.ckpt'"
ENOSPC = "OSError: [Errno 28] No space left on device"
HUB = "HfHubHTTPError: 504 Server Error: Gateway Time-out for url: https://huggingface.co/api/models/a/commit/main"
STORE = "HTTPError: 503 Server Error: Service Unavailable for url: https://minio.example.org/ckpt/part-7"


def _incidents(first: str, second: str, gap: float) -> list[tuple[str, tuple[str, ...]]]:
    a, b = job("11", "gpu-a-[001-002]"), job("12", "gpu-a-[009-010]")
    p = pipeline(a, b)
    end = 400.0 + gap
    events = progress("11", 5.0, 300.0) + progress("12", 5.0, end - 10)
    events += _fail("11", "gpu-a-001", 300.0, first) + _fail("12", "gpu-a-009", end, second)
    run(p, events, until=end + 300)
    return [(i.category, tuple(sorted(i.jobs))) for i in p.incidents()]


@settings(max_examples=16, deadline=None)
@given(
    pair=st.sampled_from(
        [
            (ENOTCONN, ENOTCONN),
            (HUB, HUB),
            (ENOTCONN, "OSError: [Errno 107] Transport endpoint is not connected"),
        ]
    ),
    gap=st.floats(0, SAME_ERROR_WINDOW_S - 200),
)
def test_two_jobs_failing_with_the_same_error_are_one_outage(pair: tuple[str, str], gap: float) -> None:
    assert _incidents(*pair, gap) == [("infrastructure", ("11", "12"))]


@settings(max_examples=12, deadline=None)
@given(
    pair=st.sampled_from([(ENOTCONN, ENOSPC), (HUB, STORE), (ENOTCONN, HUB), (HUB, ENOTCONN)]),
    gap=st.floats(300, SAME_ERROR_WINDOW_S - 200),
)
def test_different_errors_are_different_incidents(pair: tuple[str, str], gap: float) -> None:
    """(Two filesystem errors within the storm window, 120 s, join whatever their errnos, as before.)"""
    found = _incidents(*pair, gap)
    assert len(found) == 2 and all(cat == "infrastructure" for cat, _ in found), found


def test_a_service_and_a_mount_stay_apart_even_within_the_storm_window() -> None:
    for pair in ((ENOTCONN, HUB), (HUB, ENOTCONN), (HUB, STORE)):
        assert len(_incidents(*pair, 0.0)) == 2, pair


def test_the_same_error_long_after_is_another_incident() -> None:
    found = _incidents(ENOTCONN, ENOTCONN, SAME_ERROR_WINDOW_S + 600)
    assert [jobs for _, jobs in found] == [("11",), ("12",)]
