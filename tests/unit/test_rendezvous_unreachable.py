"""A rendezvous that never connects (issue 24, holdout4's c10d case found only when torchrun gave up at 900 s).

PyTorch's store client (``torch/csrc/distributed/c10d/socket.cpp``) warns on each failed attempt to
reach the rendezvous endpoint, in the formats its versions print. One warning is often a harmless race;
failures that go on (30 s apart), one that waited out the kernel's SYN retries (ETIMEDOUT) or an endpoint
whose address no host can have are a launch that cannot wire itself: before the first step of a fresh
start, the owner's configuration (notify, no requeue, no drain), raised once the job's other lines stop
for the launch watch's silence, or at once for an address that is no host's.
"""

from __future__ import annotations

import ipaddress

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.launch_watch import LaunchWatch
from monitoring.detectors.schema import JobSpec
from monitoring.detectors.transport import parse_c10d_connect, parse_transport_error, unroutable
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run

NODES = ("gpu-a-001", "gpu-a-002")
PREFIXES = [
    "[W socket.cpp:601] ",
    "[W socket.cpp:663] ",
    "[W ..\\torch\\csrc\\distributed\\c10d\\socket.cpp:601] ",
    "[W420 19:27:52.000000000 socket.cpp:764] ",
    "[rank3]:[W1105 08:01:02.123456789 socket.cpp:752] ",
    "",
]


def warn(
    host: str, port: int = 29500, errno: int = 111, why: str = "Connection refused", prefix: str = ""
) -> str:
    return (
        f"{prefix}[c10d] The client socket has failed to connect to [{host}]:{port} (errno: {errno} - {why})."
    )


@settings(max_examples=150, deadline=None)
@given(
    prefix=st.sampled_from(PREFIXES),
    host=st.one_of(
        st.from_regex(r"[a-z][a-z0-9.-]{0,30}", fullmatch=True),
        st.ip_addresses(v=4).map(str),
        st.ip_addresses(v=4).map(lambda a: f"::ffff:{a}"),
    ),
    port=st.integers(1, 65535),
    errno=st.sampled_from(
        [
            (99, "Cannot assign requested address"),
            (110, "Connection timed out"),
            (111, "Connection refused"),
            (113, "No route to host"),
        ]
    ),
    windows=st.booleans(),
)
def test_every_versions_warning_is_read_with_its_endpoint_and_errno(
    prefix: str, host: str, port: int, errno: tuple[int, str], windows: bool
) -> None:
    kind = "system error" if windows else "errno"
    line = f"{prefix}[c10d] The client socket has failed to connect to [{host}]:{port} ({kind}: {errno[0]} - {errno[1]})."
    err = parse_transport_error(line)
    assert err is not None
    want = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    assert (err.endpoint, err.errno, err.timed_out) == (want, errno[0], errno[0] == 110)
    assert err.unroutable == unroutable(host)


def test_the_2_x_form_and_the_final_exception() -> None:
    err = parse_c10d_connect(
        "[E1105 socket.cpp:957] [c10d] The client socket has failed to connect to any network address of "
        "(node-17, 29400)."
    )
    assert err is not None and err.endpoint == "node-17:29400" and err.errno is None
    # The exception raised when the client gives up is an exception line, not a warning.
    for line in (
        "torch.distributed.DistNetworkError: The client socket has failed to connect to any network address "
        "of (node-17, 29400).",
        "torch.distributed.DistNetworkError: The client socket has timed out after 900s while trying to "
        "connect to (255.255.0.0, 29500).",
        "[W socket.cpp:426] [c10d] The server socket has failed to listen on [::]:29500 (errno: 98 - Address "
        "already in use).",
    ):
        assert parse_transport_error(line) is None


@settings(max_examples=300, deadline=None)
@given(addr=st.ip_addresses(v=4), mapped=st.booleans())
def test_an_address_is_no_hosts_exactly_when_unspecified_multicast_or_in_240_slash_4(
    addr: ipaddress.IPv4Address, mapped: bool
) -> None:
    text = f"::ffff:{addr}" if mapped else str(addr)
    first = int(str(addr).split(".")[0])
    assert (unroutable(text) is not None) == (str(addr) == "0.0.0.0" or first >= 224)
    assert unroutable("node-17") is None


def _fresh(jid: str, started: float = -30.0) -> JobSpec:
    return JobSpec(
        jid, name="ddp-train", user="bob", nodes=NODES, tasks_per_node=4, started=T0 + started, comment=OPTED
    )


def _start(jid: str, t0: float = 5.0) -> list[dict[str, object]]:
    return [
        log(t0 + i, jid, f"[2027-01-13 09:15:0{i},900] torch.distributed.run: [WARNING] starting")
        for i in range(3)
    ]


def _kinds(p: object) -> list[tuple[str, str | None, str | None]]:
    return [(i.category, i.pattern, i.culprit_node) for i in p.incidents()]  # type: ignore[attr-defined]


def test_one_refused_attempt_then_steps_is_nothing() -> None:
    p = pipeline(_fresh("1"))
    steps = [log(40.0 + 10 * i, "1", megatron(1 + i)) for i in range(30)]
    run(p, [*_start("1"), log(20.0, "1", warn("10.0.0.1")), *steps], until=350)
    assert p.incidents() == []


def test_a_single_refused_attempt_is_not_trouble_by_itself() -> None:
    p = pipeline(_fresh("1"))
    run(p, [*_start("1"), log(20.0, "1", warn("10.0.0.1"))], until=400)
    assert p.incidents() == []  # the start-up watch, not the launch watch, decides a long silence


def test_attempts_that_keep_failing_are_the_owners_launch_after_the_silence() -> None:
    p = pipeline(_fresh("1"))
    tries = [log(20.0 + 40 * i, "1", warn("10.0.0.1")) for i in range(3)]
    run(p, [*_start("1"), *tries[:2]], until=105)
    assert p.incidents() == []  # confirmed at 60 s; silent (but for the failures) since 20 s
    run(p, [tries[2]], until=115)
    assert _kinds(p) == [("software", "fails_before_first_step", None)]
    [inc] = p.incidents()
    # The warnings repeating every 40 s are the same failure, not the job at work: raised 90 s after the
    # first, not 90 s after the last.
    assert inc.detected_t - (T0 + 20.0) <= 91.0
    assert [r.action for r in inc.recommendations] == ["notify"]
    assert "could not reach 10.0.0.1:29500" in " ".join(inc.evidence)


def test_a_connect_that_timed_out_needs_no_second_attempt() -> None:
    p = pipeline(_fresh("1"))
    run(
        p, [*_start("1"), log(140.0, "1", warn("10.0.0.1", errno=110, why="Connection timed out"))], until=225
    )
    assert p.incidents() == []
    run(p, [], until=232)
    assert _kinds(p) == [("software", "fails_before_first_step", None)]


def test_an_address_no_host_can_have_is_reported_at_once() -> None:
    p = pipeline(_fresh("1"))
    run(p, [*_start("1"), log(10.0, "1", warn("::ffff:255.255.0.0"))], until=12)
    [inc] = p.incidents()
    assert (inc.category, inc.pattern) == ("software", "fails_before_first_step")
    assert inc.detected_t - (T0 + 10.0) <= 1.0
    assert "reserved address" in " ".join(inc.evidence)


def test_the_watch_survives_a_handover() -> None:
    w = LaunchWatch()
    assert w.on_line("1", 10.0, warn("10.0.0.1"), True)
    w2 = LaunchWatch()
    w2.load_state(w.to_state())
    assert w2.on_line("1", 50.0, warn("10.0.0.1"), True)
    assert [j for j, _ in w2.due(50.0 + 90.0)] == ["1"]
    assert w2.troubles["1"].t == 10.0
    w3 = LaunchWatch()
    w3.load_state(w2.to_state())
    assert w3.troubles["1"].error.endpoint == "10.0.0.1:29500"
