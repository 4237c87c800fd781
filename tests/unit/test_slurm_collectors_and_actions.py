"""Kernel collector, scheduler diff and SlurmClient decisions without a Slurm.

A scripted transport stands in for Slurm here only to check *which* commands are sent
(and that none is sent when the answer is "not ours"); the real behaviour is in
tests/slurm.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monitoring.collectors import kernel, slurm_state
from monitoring.slurm import SlurmClient
from monitoring.slurm.parse import JobInfo, NodeInfo
from monitoring.transports import CommandResult, FileChunk, LocalTransport

NODE = "NodeName=node3 Arch=x86_64 CPUTot=2 Gres=gpu:4 State={state} Partitions=batch Reason={reason}"
JOBLINE = (
    "JobId=9 JobName=j UserId=a(1) JobState={state} Reason={reason} Requeue={rq} Restarts=0 "
    "BatchFlag=1 ExitCode=0:0 ExcNodeList={exc} NodeList=node[1-3] Comment=(null) StdOut=/o"
)


class Scripted:
    """Answers by the first matching argv prefix; records every command."""

    def __init__(self, answers: list[tuple[list[str], CommandResult | str]]) -> None:
        self.answers = answers
        self.sent: list[list[str]] = []

    def run(self, argv: list[str], timeout: float = 30.0) -> CommandResult:
        self.sent.append(argv)
        for prefix, ans in self.answers:
            if argv[: len(prefix)] == prefix:
                return ans if isinstance(ans, CommandResult) else CommandResult(tuple(argv), 0, ans, "")
        return CommandResult(tuple(argv), 0, "", "")

    def read_from(self, path: str, offset: int, max_bytes: int) -> FileChunk:
        raise NotImplementedError

    def close(self) -> None: ...


def _acts(t: Scripted) -> list[list[str]]:
    return [a for a in t.sent if a[:2] != ["scontrol", "-o"]]


def test_an_admin_drain_is_neither_resumed_nor_overwritten() -> None:
    t = Scripted(
        [
            (
                ["scontrol", "-o", "show", "node"],
                NODE.format(state="IDLE+DRAIN", reason="bad dimm [admin@2026-11-29T10:00:00]"),
            )
        ]
    )
    c = SlurmClient(t)
    assert c.resume("node3").outcome == "superseded"
    res = c.drain("node3", "xid 79")
    assert res.outcome == "superseded" and "admin" in res.detail
    assert _acts(t) == []


def test_a_down_node_is_drained_with_our_reason() -> None:
    t = Scripted(
        [
            (
                ["scontrol", "-o", "show", "node"],
                NODE.format(state="DOWN+NOT_RESPONDING", reason="Not responding [slurm@2026-11-29T10:00:00]"),
            )
        ]
    )
    res = SlurmClient(t).drain("node3", "node_failure\nsecond line")
    assert res.outcome == "done"
    assert _acts(t) == [
        ["scontrol", "update", "NodeName=node3", "State=DRAIN", "Reason=recovery: node_failure second line"]
    ]


def test_requeue_of_a_running_job_holds_excludes_then_releases() -> None:
    t = Scripted(
        [
            (
                ["scontrol", "-o", "show", "job"],
                JOBLINE.format(state="RUNNING", reason="None", rq=1, exc="(null)"),
            )
        ]
    )
    res = SlurmClient(t).requeue("9", exclude=["node2"])
    assert res.outcome == "done"
    assert _acts(t) == [
        ["scontrol", "requeuehold", "9"],
        ["scontrol", "update", "JobId=9", "ExcNodeList=node2"],
        ["scontrol", "release", "9"],
    ]


def test_requeue_of_a_job_slurm_already_requeued_only_adds_the_exclusion() -> None:
    t = Scripted(
        [
            (
                ["scontrol", "-o", "show", "job"],
                JOBLINE.format(state="PENDING", reason="BeginTime", rq=1, exc="node4").replace(
                    "Restarts=0", "Restarts=1"
                ),
            )
        ]
    )
    res = SlurmClient(t).requeue("9", exclude=["node2"])
    assert res.outcome == "done" and "already requeued by Slurm" in res.detail
    assert _acts(t) == [["scontrol", "update", "JobId=9", "ExcNodeList=node2,node4"]]
    t2 = Scripted(
        [
            (
                ["scontrol", "-o", "show", "job"],
                JOBLINE.format(state="PENDING", reason="BeginTime", rq=1, exc="node2"),
            )
        ]
    )
    assert SlurmClient(t2).requeue("9", exclude=["node2"]).outcome == "already" and _acts(t2) == []


def test_an_interrupted_requeue_of_ours_is_finished_on_retry() -> None:
    held = JOBLINE.format(state="PENDING", reason="job_requeued_in_held_state", rq=1, exc="node2")
    t = Scripted([(["scontrol", "-o", "show", "job"], held)])
    res = SlurmClient(t).requeue("9", exclude=["node2"])
    assert res.outcome == "done" and _acts(t) == [["scontrol", "release", "9"]]


def test_an_admin_hold_is_never_released() -> None:
    held = JOBLINE.format(state="PENDING", reason="JobHeldAdmin", rq=1, exc="(null)")
    t = Scripted([(["scontrol", "-o", "show", "job"], held)])
    res = SlurmClient(t).requeue("9", exclude=["node2"])
    assert res.outcome == "done" and _acts(t) == [["scontrol", "update", "JobId=9", "ExcNodeList=node2"]]
    assert "not released" in res.detail


def test_a_job_that_ended_with_requeue_0_cannot_be_requeued() -> None:
    t = Scripted(
        [
            (
                ["scontrol", "-o", "show", "job"],
                JOBLINE.format(state="NODE_FAIL", reason="NodeDown", rq=0, exc="(null)"),
            )
        ]
    )
    res = SlurmClient(t).requeue("9", exclude=["node3"])
    assert res.outcome == "failed" and "resubmitted" in res.detail and _acts(t) == []


def test_a_failed_exclusion_leaves_the_job_held_and_says_so() -> None:
    t = Scripted(
        [
            (
                ["scontrol", "-o", "show", "job"],
                JOBLINE.format(state="RUNNING", reason="None", rq=1, exc="(null)"),
            ),
            (["scontrol", "update"], CommandResult((), 1, "", "Invalid node name specified")),
        ]
    )
    res = SlurmClient(t).requeue("9", exclude=["node2"])
    assert res.outcome == "failed" and "held" in res.detail and res.stderr == "Invalid node name specified"
    assert ["scontrol", "release", "9"] not in t.sent


def test_bad_ids_are_refused_before_any_command() -> None:
    t = Scripted([])
    with pytest.raises(ValueError):
        SlurmClient(t).drain("node1 State=RESUME", "x")
    with pytest.raises(ValueError):
        SlurmClient(t).requeue("9", exclude=["node1,node2"])
    assert t.sent == []


def test_kernel_command_mode_without_cursor_emits_only_new_lines(tmp_path: Path) -> None:
    log = tmp_path / "node1.log"
    log.write_text("a\nb\n")
    src = kernel.KernelSource(mode="command", command=("cat", str(tmp_path / "{node}.log")), node_prefix=())
    events, st = kernel.poll(LocalTransport(), ["node1"], src, None, now=1.0)
    assert [e["line"] for e in events] == ["a", "b"]
    log.write_text("a\nb\nc\n")
    events, st = kernel.poll(LocalTransport(), ["node1"], src, json.loads(json.dumps(st)), now=2.0)
    assert events == [{"t": 2.0, "source": "kernel", "node": "node1", "line": "c"}]


def test_kernel_journalctl_mode_follows_the_cursor() -> None:
    out = "2026-11-29T10:00:01+0000 n1 kernel: NVRM: Xid (PCI:0000:5d:00): 79\n-- cursor: s=abc;i=2\n"
    t = Scripted([(["ssh"], out)])
    src = kernel.KernelSource()
    events, st = kernel.poll(t, ["n1"], src, None, now=1.0)
    assert [e["line"] for e in events] == [
        "2026-11-29T10:00:01+0000 n1 kernel: NVRM: Xid (PCI:0000:5d:00): 79"
    ]
    assert t.sent[0][:6] == ["ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "n1"]
    assert t.sent[0][-2:] == ["--since", "-10min"]
    kernel.poll(t, ["n1"], src, st, now=2.0)
    assert t.sent[1][-2:] == ["--after-cursor", "s=abc;i=2"]


def test_kernel_unreachable_node_keeps_its_state_and_others_continue() -> None:
    t = Scripted(
        [
            (
                ["ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "bad"],
                CommandResult((), 255, "", "ssh: connect to host bad port 22: No route to host"),
            ),
            (["ssh"], "line\n-- cursor: c1\n"),
        ]
    )
    events, st = kernel.poll(
        t, ["bad", "good"], kernel.KernelSource(), {"nodes": {"bad": {"cursor": "c0"}}}, now=1.0
    )
    assert [e["node"] for e in events] == ["good"]
    assert st["nodes"]["bad"]["cursor"] == "c0" and "No route" in st["nodes"]["bad"]["error"]


def test_state_diff_reports_changes_and_restarts_with_nodes() -> None:
    nodes = [NodeInfo("node3", "MIXED")]
    jobs = [JobInfo("9", state="RUNNING", nodes="node[1-3]")]
    first, snap = slurm_state.diff(None, nodes, jobs, now=0.0)
    assert {e["kind"] for e in first} == {"node_state", "job_state"} and first[1]["nodes"] == "node[1-3]"
    down = [NodeInfo("node3", "DOWN+NOT_RESPONDING", reason="Not responding")]
    pend = [JobInfo("9", state="PENDING", reason="BeginTime", restarts=1)]
    ev, snap = slurm_state.diff(json.loads(json.dumps(snap)), down, pend, now=1.0)
    assert ev == [
        {
            "t": 1.0,
            "source": "slurm",
            "kind": "node_state",
            "node": "node3",
            "state": "DOWN+NOT_RESPONDING",
            "reason": "Not responding",
        },
        {
            "t": 1.0,
            "source": "slurm",
            "kind": "job_state",
            "job": "9",
            "state": "PENDING",
            "exit_code": "0:0",
            "reason": "BeginTime",
        },
    ]
    again = [JobInfo("9", state="RUNNING", nodes="node[1-2,4]", restarts=1)]
    ev, snap = slurm_state.diff(snap, down, again, now=2.0)
    assert ev == [
        {
            "t": 2.0,
            "source": "slurm",
            "kind": "job_state",
            "job": "9",
            "state": "RUNNING",
            "exit_code": "0:0",
            "nodes": "node[1-2,4]",
        }
    ]
    assert slurm_state.diff(snap, down, again, now=3.0)[0] == []


def test_the_kernel_setting_becomes_an_argument_list_never_a_shell_string() -> None:
    assert kernel.source_from_setting("").mode == "journalctl"
    j = kernel.source_from_setting("journalctl -k -o short-iso")
    assert j.mode == "journalctl" and j.command == ("journalctl", "-k", "-o", "short-iso", "--show-cursor")
    d = kernel.source_from_setting("dmesg -T; touch PWNED", node_prefix=())
    assert d.mode == "command" and d.command == ("dmesg", "-T;", "touch", "PWNED") and d.node_prefix == ()
    f = kernel.source_from_setting("file:/var/log/kern-{node}.log")
    assert f.mode == "file" and f.path_template == "/var/log/kern-{node}.log" and f.start_at_end


def test_kernel_file_mode_starts_at_the_end_of_existing_history(tmp_path: Path) -> None:
    log = tmp_path / "n1.log"
    log.write_text("old Xid line from last week\n")
    src = kernel.KernelSource(mode="file", path_template=str(tmp_path / "{node}.log"))
    events, st = kernel.poll(LocalTransport(), ["n1"], src, None, now=1.0)
    assert events == []
    with log.open("a") as fh:
        fh.write("new\n")
    events, _ = kernel.poll(LocalTransport(), ["n1"], src, json.loads(json.dumps(st)), now=2.0)
    assert [e["line"] for e in events] == ["new"]


def test_slurm_commands_come_from_the_configured_bin_dir() -> None:
    t = Scripted([])
    SlurmClient(t, "/opt/slurm/bin/").cancel("5")
    assert t.sent[0][0] == "/opt/slurm/bin/scontrol"
    assert SlurmClient(t, "").bin["scancel"] == "scancel"
