"""Heartbeat-monitor timeouts name no collective: the node whose ranks did not report them (issue 24).

Lines follow ProcessGroupNCCL.cpp's heartbeatMonitor() strings across releases: 2.2's ``[Rank N]
NCCL monitor thread timeout``, 2.3's ``[PG 0 Rank N] Heartbeat monitor timed out! ...``, 2.4's
``First PG on this rank that detected no heartbeat of its watchdog.`` and 2.5's ``[PG ID 0 PG GUID
0(default_pg) Rank N]`` prefix. Every rank but those of one node reports: that node is where the
job waited (a hang: requeue without it, drain nothing). Missing ranks on two nodes, or none
missing, name no node; a two-node job stays with the reporters' own verdict.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from incidents.attribution.incident import Incident
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind, Observation
from tests.unit.pipehelpers import job, log, megatron, pipeline, run


def _hb25(rank: int, pending: int = 1) -> str:
    return (
        f"[rank{rank}]:[E1201 08:12:10.5 ProcessGroupNCCL.cpp:1423] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] "
        f"Heartbeat monitor timed out! Process will be terminated after dumping debug info. "
        f"workMetaList_.size()={pending}"
    )


def _stuck(rank: int) -> str:
    return (
        f"[rank{rank}]:[F1201 08:12:11.0 ProcessGroupNCCL.cpp:1440] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] "
        f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}] ProcessGroupNCCL's watchdog got stuck for 600 seconds "
        "without making progress in monitoring enqueued collectives."
    )


def _progress(jid: str, until: int) -> list[dict]:
    return [log(float(t), jid, megatron(100 + t)) for t in range(0, until)]


def _reports(jid: str, ranks: list[int], t: float = 700.0) -> list[dict]:
    out = []
    for i, r in enumerate(ranks):
        out.append(log(t + 0.01 * i, jid, _hb25(r)))
        out.append(log(t + 0.5 + 0.01 * i, jid, _stuck(r)))
    return out


def _verdict(nodes: str, tpn: int, ranks: list[int]) -> tuple[str, str | None, list[dict]]:
    p = pipeline(job("1", nodes, tpn=tpn))
    run(p, _progress("1", 30) + _reports("1", ranks))
    [inc] = p.incidents()
    return inc.category, inc.culprit_node, [r.to_dict() for r in inc.recommendations]


# --- the lines, across releases -----------------------------------------------------------------


def test_the_2_2_monitor_thread_timeout_is_a_heartbeat_report_of_its_rank() -> None:
    line = (
        "[E ProcessGroupNCCL.cpp:1186] [Rank 5] NCCL monitor thread timeout. Basically, this could be due to "
        "CUDA or NCCL calls being unexpectedly blocking, especially when your program enters a deadlock state"
    )
    info = logs.parse_joblog(line)
    assert info is not None and (info.kind, info.rank) == (Kind.WATCHDOG_STUCK, 5)


def test_the_2_2_no_heartbeat_kill_line_is_a_heartbeat_report_of_its_rank() -> None:
    line = (
        "[rank9]:[E ProcessGroupNCCL.cpp:1199] [Rank 9] monitoring thread detects no heartbeat and will "
        "finally kill the process! terminateProcessGroup_0 collectiveDebugInfoMode_0"
    )
    info = logs.parse_joblog(line)
    assert info is not None and (info.kind, info.rank) == (Kind.WATCHDOG_STUCK, 9)


def test_the_2_4_first_pg_without_heartbeat_line_is_a_heartbeat_report_of_its_rank() -> None:
    line = (
        "[rank12]:[E1201 08:12:10.4 ProcessGroupNCCL.cpp:1378] [PG 0 (default_pg) Rank 12] First PG on this "
        "rank that detected no heartbeat of its watchdog."
    )
    info = logs.parse_joblog(line)
    assert info is not None and (info.kind, info.rank) == (Kind.WATCHDOG_STUCK, 12)


# --- the incident keeps who reported ---------------------------------------------------------------


def _obs(rank: int, pending: int | None) -> Observation:
    data = {} if pending is None else {"pending": pending}
    return Observation(700.0, Kind.WATCHDOG_STUCK, "gpu-a-001", "1", None, rank, "hb", data)


def test_a_ranks_reports_keep_the_collectives_in_flight_its_first_line_printed() -> None:
    inc = Incident("k", 700.0, 700.0)
    inc.add(_obs(3, 2))
    inc.add(_obs(3, None))  # "watchdog got stuck for N seconds" prints no count
    assert inc.stalled == {"1": {3: 2}}


def test_who_reported_survives_the_saved_state_and_an_older_state_reads_as_nobody() -> None:
    inc = Incident("k", 700.0, 700.0)
    inc.add(_obs(3, 1))
    assert Incident.from_state(inc.to_state()).stalled == {"1": {3: 1}}
    old = inc.to_state()
    del old["hb"]
    assert Incident.from_state(old).stalled == {}


# --- the verdict ---------------------------------------------------------------------------------


def test_the_one_node_whose_ranks_never_reported_is_the_hangs_culprit_and_nothing_is_drained() -> None:
    ranks = [r for r in range(32) if not 16 <= r < 24]  # gpu-a-007 (ranks 16-23) silent
    category, culprit, recs = _verdict("gpu-a-[005-008]", 8, ranks)
    assert (category, culprit) == ("hang", "gpu-a-007")
    assert recs == [{"action": "requeue_job", "job": "1", "exclude": ["gpu-a-007"]}]


def test_one_rank_missing_on_one_node_names_that_node() -> None:
    ranks = [r for r in range(24) if r != 13]
    assert _verdict("gpu-a-[005-007]", 8, ranks)[:2] == ("hang", "gpu-a-006")


def test_missing_ranks_on_two_nodes_name_no_node_and_drain_nothing() -> None:
    ranks = [r for r in range(32) if not 16 <= r < 24 and r != 3]
    category, culprit, recs = _verdict("gpu-a-[005-008]", 8, ranks)
    assert (category, culprit) == ("hang", None)
    assert all(r["action"] != "drain_node" and not r.get("exclude") for r in recs)


def test_every_rank_reporting_names_no_node() -> None:
    assert _verdict("gpu-a-[005-008]", 8, list(range(32)))[:2] == ("hang", None)


def test_ranks_beyond_the_jobs_stated_layout_name_no_node() -> None:
    # tasks_per_node says 1, the ranks say more: where the missing ones ran would be a guess.
    ranks = [r for r in range(32) if not 24 <= r < 32]
    assert _verdict("gpu-a-[005-008]", 1, ranks)[:2] == ("hang", None)


def test_a_two_node_job_stays_with_the_reporting_nodes_own_verdict() -> None:
    # Reporter and non-reporter are the same evidence read two ways: stuck_watchdog's reading stands.
    category, culprit, _ = _verdict("gpu-a-[005-006]", 8, list(range(8)))
    assert (category, culprit) == ("hang", "gpu-a-005")


@settings(max_examples=60, deadline=None)
@given(n_nodes=st.integers(3, 6), tpn=st.integers(1, 8), data=st.data())
def test_one_silent_node_is_the_culprit_and_silence_on_several_nodes_or_none_names_no_node(
    n_nodes: int, tpn: int, data: st.DataObject
) -> None:
    names = [f"gpu-a-{10 + i:03d}" for i in range(n_nodes)]
    everyone = list(range(n_nodes * tpn))
    silent = data.draw(st.lists(st.sampled_from(everyone), unique=True))
    holders = {r // tpn for r in silent}
    reporters = {r // tpn for r in everyone if r not in silent}
    assume(len(reporters) >= 2)  # a single reporting node is stuck_watchdog's reading, not this one
    category, culprit, recs = _verdict(
        f"gpu-a-[010-{9 + n_nodes:03d}]", tpn, [r for r in everyone if r not in silent]
    )
    assert category == "hang"
    assert all(r["action"] != "drain_node" for r in recs)
    if len(holders) == 1:
        assert culprit == names[holders.pop()]
        assert recs == [{"action": "requeue_job", "job": "1", "exclude": [culprit]}]
    else:
        assert culprit is None
        assert all(not r.get("exclude") for r in recs)
