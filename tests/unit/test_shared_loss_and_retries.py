"""Two signs of a shared service down that come before any job fails (issue 24: holdout5's Lustre MDT and
holdout10's object store, found 196 s and 318 s late).

- The filesystem clients of two nodes running jobs losing the same server within ``SHARED_LOSS_S``
  (Lustre's ``Connection to <target> (at <nid>) was lost``, NFS's ``server <host> not responding``):
  one client losing its server is often a blip, several at once is the server: infrastructure at once.
- A program's warnings that an attempt on a remote service failed and is retried (the service's own
  error words, as for exceptions): one is a blip; ``RETRY_MIN`` over ``RETRY_SPAN_S`` is the service
  down, the job's service error (infrastructure, escalate, nothing requeued).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.ingest import LOSS_HOLD_S, RETRY_MIN, RETRY_SPAN_S
from tests.unit.pipehelpers import T0, job, kernel, log, megatron, pipeline, run

LOST = (
    "Feb 09 13:40:10 {node} kernel: Lustre: fsx1-MDT0000-mdc-000000001785e248: Connection to fsx1-MDT0000 "
    "(at 10.0.47.232@tcp) was lost; in progress operations using this service will wait for recovery to complete"
)
NFS = "Jun 17 20:20:44 {node} kernel: nfs: server {server} not responding, still trying"
RETRY = (
    "Upload attempt {i}/10 of checkpoint-12000 to S3 failed: botocore.exceptions.ConnectionClosedError: "
    'Connection was closed before we received a valid response from endpoint URL: "https://{host}/bucket/x".'
)


def _jobs() -> list[object]:
    return [job("1", "gpu-a-[001-002]"), job("2", "gpu-b-[001-002]")]


def _steps(until: float) -> list[dict[str, object]]:
    return [log(10.0 * i, j, megatron(100 + i)) for i in range(1, int(until / 10)) for j in ("1", "2")]


@settings(max_examples=40, deadline=None)
@given(gap=st.floats(1.0, 240.0), same=st.booleans(), nfs=st.booleans())
def test_two_nodes_losing_one_server_within_two_minutes_is_the_server(
    gap: float, same: bool, nfs: bool
) -> None:
    p = pipeline(*_jobs())  # type: ignore[arg-type]
    other = "10.0.0.9" if same else "10.0.0.10"
    if nfs:
        lines = [NFS.format(node="gpu-a-001", server="10.0.0.9"), NFS.format(node="gpu-b-002", server=other)]
    else:
        lines = [
            LOST.format(node="gpu-a-001"),
            LOST.format(node="gpu-b-002").replace("fsx1", "fsx1" if same else "fsx2"),
        ]
    events = [*_steps(400), kernel(100.0, "gpu-a-001", lines[0]), kernel(100.0 + gap, "gpu-b-002", lines[1])]
    # An NFS server its clients keep trying raises once it stayed lost LOSS_HOLD_S (its "OK" may end a blip first)
    hold = LOSS_HOLD_S if nfs else 0.0
    run(p, events, until=100 + gap + 2 + hold)
    incs = p.incidents()
    if same and gap <= 120.0:
        [inc] = incs
        assert (inc.category, inc.culprit_node) == ("infrastructure", None)
        assert inc.detected_t - (T0 + 100.0 + gap + hold) <= 1.0
        assert inc.detected_t >= T0 + 100.0 + hold - 1.0
        assert [r.action for r in inc.recommendations] == ["escalate"]
    else:
        assert incs == []  # one client's loss, or two different servers: not yet anything


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 6), every=st.floats(5.0, 60.0))
def test_a_retried_service_error_is_the_service_once_it_goes_on(n: int, every: float) -> None:
    p = pipeline(*_jobs())  # type: ignore[arg-type]
    host = "s3.us-east-1.amazonaws.com"
    tries = [log(100.0 + every * i, "1", RETRY.format(i=i + 1, host=host)) for i in range(n)]
    last = 100.0 + every * (n - 1)
    run(p, [*_steps(last + 20), *tries], until=last + 2)
    incs = p.incidents()
    if n >= RETRY_MIN and every * (n - 1) >= RETRY_SPAN_S:
        [inc] = incs
        assert (inc.category, inc.culprit_node, inc.jobs) == ("infrastructure", None, ("1",))
        assert [r.action for r in inc.recommendations] == ["escalate"]
        assert host in " ".join(inc.evidence)
    else:
        assert incs == []
