"""Parsing Slurm 22.05 output: real captures (tests/slurm/fixtures) and forged values."""

from __future__ import annotations

import json
from pathlib import Path

from monitoring.slurm.parse import (
    JOB_KEYS,
    NODE_KEYS,
    parse_oneliner,
    parse_show_job,
    parse_show_node,
    parse_sinfo_json,
    parse_squeue_json,
    split_reason,
)

FIX = Path(__file__).resolve().parents[1] / "slurm" / "fixtures"
JOB = (
    "JobId=7 JobName={name} UserId=alice(1000) GroupId=alice(1000) MCS_label=N/A Priority=1 Nice=0 "
    "Account=(null) QOS=(null) JobState=RUNNING Reason=None Dependency=(null) Requeue=1 Restarts=2 "
    "BatchFlag=1 Reboot=0 ExitCode=0:0 RunTime=00:00:01 TimeLimit=UNLIMITED TimeMin=N/A "
    "SubmitTime=2026-11-29T11:00:00 EligibleTime=2026-11-29T11:00:00 StartTime=2026-11-29T11:00:01 "
    "EndTime=Unknown Partition=batch AllocNode:Sid=vm:1 ReqNodeList=(null) ExcNodeList=node9 "
    "NodeList=node[1-2] BatchHost=node1 NumNodes=2 NumCPUs=2 NumTasks=2 CPUs/Task=1 "
    "TRES=cpu=2,node=2 Features=(null) OverSubscribe=OK Command={cmd} WorkDir=/home/alice "
    "Comment={comment}  StdErr=/home/alice/{out} StdIn=/dev/null StdOut=/home/alice/{out} Power= "
    "TresPerNode=gres:gpu:2 "
)


def _job(name: str = "train", comment: str = "(null)", cmd: str = "/bin/run.sh", out: str = "o.log") -> dict:
    return parse_oneliner(JOB.format(name=name, comment=comment, cmd=cmd, out=out), JOB_KEYS)


def test_it_parses_plain_job_fields() -> None:
    f = _job()
    assert (f["JobId"], f["JobName"], f["NodeList"], f["ExcNodeList"], f["Restarts"]) == (
        "7",
        "train",
        "node[1-2]",
        "node9",
        "2",
    )
    assert f["TRES"] == "cpu=2,node=2" and f["Power"] == "" and f["TresPerNode"] == "gres:gpu:2"


def test_forged_keys_inside_free_text_stay_in_their_value() -> None:
    name = "x; touch PWNED # NodeList=evil UserId=root(0) JobState=COMPLETED"
    comment = '{"recovery": {"max_requeues": 2}} Reason=fake NodeList=node9 StdOut=/etc/passwd'
    f = _job(name=name, comment=comment, cmd="/bin/run.sh --opt=1 WorkDir=/x")
    assert f["JobName"] == name
    assert f["Comment"] == comment
    assert f["Command"] == "/bin/run.sh --opt=1 WorkDir=/x"
    assert (f["NodeList"], f["JobState"], f["UserId"], f["WorkDir"]) == (
        "node[1-2]",
        "RUNNING",
        "alice(1000)",
        "/home/alice",
    )
    assert f["StdOut"] == "/home/alice/o.log"


def test_paths_with_spaces_survive() -> None:
    f = _job(out="my run/out file.log")
    assert f["StdOut"] == "/home/alice/my run/out file.log" and f["StdIn"] == "/dev/null"


def test_unknown_keys_from_a_newer_slurm_are_split_out_not_glued_on() -> None:
    f = parse_oneliner("NodeName=n1 Arch=x86_64 NewThing=5 CPUTot=8 State=IDLE Reason=a b c", NODE_KEYS)
    assert (f["Arch"], f["NewThing"], f["CPUTot"], f["State"], f["Reason"]) == (
        "x86_64",
        "5",
        "8",
        "IDLE",
        "a b c",
    )


def test_node_reason_with_who_and_when() -> None:
    assert split_reason('NHC: "x" [y@z] [root@2026-11-29T11:03:46]') == (
        'NHC: "x" [y@z]',
        "root",
        "2026-11-29T11:03:46",
    )
    assert split_reason("(null)") == ("", "", "")
    assert split_reason("no stamp") == ("no stamp", "", "")


def test_real_scontrol_node_capture() -> None:
    nodes = {n.name: n for n in parse_show_node((FIX / "scontrol_show_node_22.05.txt").read_text())}
    n3 = nodes["node3"]
    assert n3.state == "IDLE+DRAIN" and n3.is_drained and not n3.is_down
    assert n3.reason == 'NHC: check_fs_mount: /scratch "not mounted" $(touch PWNED2)'
    assert (n3.reason_user, n3.gres, n3.cpus, n3.partitions) == ("root", "gpu:4", 2, ("batch",))
    assert nodes["node1"].state == "MIXED" and not nodes["node1"].is_drained


def test_real_scontrol_job_capture() -> None:
    jobs = {j.job_id: j for j in parse_show_job((FIX / "scontrol_show_job_22.05.txt").read_text())}
    assert jobs["2"].state == "NODE_FAIL" and jobs["2"].reason == "NodeDown" and not jobs["2"].requeue
    assert jobs["2"].name == "x; touch PWNED #" and jobs["2"].exit_code == "0:15"
    assert jobs["3"].excluded == ["node3"] and jobs["3"].node_list == ["node1", "node2", "node4"]
    assert jobs["3"].restarts == 1 and jobs["3"].requeue
    assert jobs["4"].comment == '{"recovery": {"max_requeues": 2}} Reason=fake NodeList=node9'
    assert jobs["4"].stdout == "/tmp/recovery-slurm/jobs/4.out" and jobs["4"].nodes == "node4"
    assert jobs["5"].state == "PENDING" and jobs["5"].nodes == "" and jobs["5"].start_time is None


def test_real_sinfo_json_capture() -> None:
    nodes = {n.name: n for n in parse_sinfo_json((FIX / "sinfo_22.05.json").read_text())}
    assert nodes["node3"].state == "IDLE+DRAIN" and nodes["node3"].reason_user == "root"
    assert nodes["node3"].reason.startswith("NHC: ") and nodes["node4"].state == "ALLOCATED"
    down = parse_sinfo_json(
        json.dumps(
            {
                "nodes": [
                    {
                        "name": "n",
                        "state": "down",
                        "state_flags": ["NOT_RESPONDING"],
                        "reason": "Not responding",
                        "reason_changed_at": 0,
                    }
                ]
            }
        )
    )
    assert down[0].state == "DOWN+NOT_RESPONDING" and down[0].is_down and down[0].not_responding


def test_real_squeue_json_capture() -> None:
    jobs = {j.job_id: j for j in parse_squeue_json((FIX / "squeue_22.05.json").read_text())}
    assert jobs["2"].exit_code == "0:15" and jobs["2"].state == "NODE_FAIL" and jobs["2"].reason == "NodeDown"
    assert jobs["4"].name == "x; touch PWNED #" and jobs["4"].comment.endswith("NodeList=node9")
    assert jobs["3"].exc_nodes == "node3" and jobs["3"].restarts == 1 and jobs["3"].requeue
    assert jobs["5"].reason == "Resources" and jobs["5"].nodes == ""
