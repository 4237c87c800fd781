"""slurmrestd's two JSON shapes read as the command client reads Slurm, version picking, and JWTs.

The v0.0.38 documents are what Debian's slurmrestd 22.05 answers (tests/slurm/test_restd_live.py
reads the real one); the v0.0.40+ documents follow slurmrestd's data_parser source
(src/plugins/data_parser/v0.0.40/parsers.c: NODE, JOB_INFO, PROCESS_EXIT_CODE_VERBOSE,
UPDATE_NODE_MSG, JOB_DESC_MSG), checked against Debian trixie's slurmrestd 24.11
(tests/slurm/test_restd_new_live.py reads and writes the real one: v0.0.40-0.0.42).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import time
from pathlib import Path

import pytest

from monitoring.slurm import rest_shapes as shapes
from monitoring.slurm.jwt import TokenError, TokenSource, claims_of, read_token_text, sign
from monitoring.slurm.parse import JobInfo, parse_sinfo_json


def _paths(*versions: str, node_post: bool = False, requeue: bool = False) -> dict[str, object]:
    paths: dict[str, object] = {"/openapi/v3": {"get": {}}}
    for v in versions:
        paths[f"/slurm/{v}/nodes"] = {"get": {}}
        paths[f"/slurm/{v}/node/{{node_name}}"] = {
            "get": {},
            **({"post": {}, "delete": {}} if node_post else {}),
        }
        paths[f"/slurm/{v}/job/{{job_id}}"] = {"get": {}, "post": {}, "delete": {}}
        if requeue:
            paths[f"/slurm/{v}/job/{{job_id}}/requeue"] = {"get": {}}
    return {"paths": paths}


def test_it_picks_the_newest_version_both_sides_speak() -> None:
    debian = _paths("v0.0.36", "v0.0.37", "v0.0.38")
    assert shapes.offered_versions(debian) == ["v0.0.36", "v0.0.37", "v0.0.38"]
    assert shapes.pick_version(shapes.offered_versions(debian)) == "v0.0.38"
    assert shapes.pick_version(["v0.0.40", "v0.0.41", "v0.0.42"]) == "v0.0.42"
    assert shapes.pick_version(["v0.0.36"]) is None  # no drain flag in its node state
    assert shapes.pick_version(["v0.0.39"]) is None


def test_capabilities_come_from_the_servers_own_paths() -> None:
    old = shapes.capabilities(_paths("v0.0.38"), "v0.0.38")
    assert (old.update_node, old.update_job, old.requeue_job, old.reboot_node) == (False, True, False, False)
    assert old.missing[0].startswith("drain/resume")
    assert not old.requeue_by_node_failure  # no node update: no DOWN either
    new = shapes.capabilities(_paths("v0.0.42", node_post=True), "v0.0.42")
    assert (new.update_node, new.requeue_job) == (True, False)
    # Slurm 24.11 (the live test_restd_new_live.py): no requeue endpoint, but node and job
    # updates, so a running job is requeued through its culprit's failure.
    assert new.requeue_by_node_failure and new.missing == ["reboot (slurmrestd serves none)"]
    newest = shapes.capabilities(_paths("v0.0.45", node_post=True, requeue=True), "v0.0.45")
    assert newest.requeue_job and newest.missing == ["reboot (slurmrestd serves none)"]


V38_NODE = {
    "name": "node2",
    "state": "idle",
    "state_flags": ["DRAIN"],
    "next_state_after_reboot": "invalid",
    "next_state_after_reboot_flags": [],
    "reason": "NHC: GPU 1 ECC page retirement pending",
    "reason_changed_at": 1796176800,
    "reason_set_by_user": "root",
    "partitions": ["batch"],
    "gres": "gpu:4",
    "gres_used": "gpu:0",
    "cpus": 2,
    "boot_time": 1796176744,
    "slurmd_start_time": 1796177066,
}
N = {"set": True, "infinite": False}
V40_NODE = {
    "name": "node2",
    "state": ["IDLE", "DRAIN"],
    "next_state_after_reboot": ["INVALID"],  # what Slurm 24.11's slurmrestd answers for "none"
    "reason": "NHC: GPU 1 ECC page retirement pending",
    "reason_changed_at": {**N, "number": 1796176800},
    "reason_set_by_user": "root",
    "partitions": ["batch"],
    "gres": "gpu:4",
    "gres_used": "gpu:0",
    "cpus": 2,
    "boot_time": {**N, "number": 1796176744},
    "slurmd_start_time": {**N, "number": 1796177066},
}


@pytest.mark.parametrize(
    ("version", "doc"), [("v0.0.38", V38_NODE), ("v0.0.40", V40_NODE), ("v0.0.44", V40_NODE)]
)
def test_a_node_reads_the_same_in_both_shapes(version: str, doc: dict[str, object]) -> None:
    n = shapes.node_info(doc, version)
    assert (n.name, n.state, n.is_drained, n.base_state, n.reason_user) == (
        "node2",
        "IDLE+DRAIN",
        True,
        "IDLE",
        "root",
    )
    assert (n.reason_time, n.boot_time, n.partitions, n.cpus) == (
        "2026-12-02T02:00:00",
        "2026-12-02T01:59:04",
        ("batch",),
        2,
    )
    assert n.next_state == ""


@pytest.mark.parametrize(
    ("version", "doc"), [("v0.0.38", V38_NODE), ("v0.0.40", V40_NODE), ("v0.0.44", V40_NODE)]
)
def test_a_resumed_nodes_leftover_reason_user_reads_as_no_ones(version: str, doc: dict[str, object]) -> None:
    # Slurm 24.11's slurmrestd still named root on a node resumed after a drain (reason cleared);
    # scontrol prints the user only beside a reason, so the two clients disagreed (a live test saw it).
    resumed = (
        {**doc, "state_flags": [], "reason": ""}
        if version == "v0.0.38"
        else {**doc, "state": ["IDLE"], "reason": ""}
    )
    n = shapes.node_info(resumed, version)
    assert (n.state, n.reason, n.reason_user, n.reason_time) == ("IDLE", "", "", "")
    j = parse_sinfo_json(json.dumps({"nodes": [{**V38_NODE, "state_flags": [], "reason": ""}]}))[0]
    assert (j.reason, j.reason_user, j.reason_time) == ("", "", "")


V38_JOB = {
    "job_id": 7,
    "name": "llama; NodeList=evil",
    "user_name": "ada",
    "job_state": "PENDING",
    "state_reason": "BeginTime",
    "nodes": "",
    "excluded_nodes": "node3",
    "partition": "batch",
    "restart_cnt": 1,
    "requeue": True,
    "batch_flag": True,
    "exit_code": 256 + 9,  # a raw wait status: exit 1, signal 9
    "comment": '{"recovery": {}}',
    "standard_output": "%x-%j.out",
    "standard_error": "",
    "current_working_directory": "/home/ada",
    "priority": 4294901759,
    "start_time": 1796181069,
    "tasks": 3,
    "node_count": 3,
}
V40_JOB = {
    **V38_JOB,
    "job_state": ["PENDING"],
    "exit_code": {
        "status": ["SIGNALED"],
        "return_code": {**N, "number": 1},
        "signal": {"id": {**N, "number": 9}, "name": "KILL"},
    },
    "restart_cnt": 1,
    "priority": {**N, "number": 4294901759},
    "start_time": {**N, "number": 1796181069},
    "tasks": {**N, "number": 3},
    "node_count": {**N, "number": 3},
    "standard_output": "/home/ada/llama; NodeList=evil-7.out",  # v0.0.40 expands it (slurm_get_job_stdout)
    "standard_error": "/home/ada/llama; NodeList=evil-7.out",
}


@pytest.mark.parametrize(("version", "doc"), [("v0.0.38", V38_JOB), ("v0.0.41", V40_JOB)])
def test_a_job_reads_the_same_in_both_shapes(version: str, doc: dict[str, object]) -> None:
    j = shapes.with_output_paths(shapes.job_info(doc, version))
    assert (j.job_id, j.name, j.user, j.state, j.reason) == (
        "7",
        "llama; NodeList=evil",
        "ada",
        "PENDING",
        "BeginTime",
    )
    assert (j.excluded, j.restarts, j.requeue, j.exit_code, j.tasks, j.node_count) == (
        ["node3"],
        1,
        True,
        "1:9",
        3,
        3,
    )
    assert j.stdout == j.stderr == "/home/ada/llama; NodeList=evil-7.out"
    assert j.start_time == 1796181069.0


def test_output_paths_are_expanded_as_scontrol_prints_them() -> None:
    job = JobInfo(job_id="42", name="train", user="ada", work_dir="/w")
    assert shapes.output_path("", job) == "/w/slurm-42.out"
    assert shapes.output_path("logs/%x.%j.%u.%%", job) == "/w/logs/train.42.ada.%"
    assert shapes.output_path("/abs/%5j.out", job) == "/abs/00042.out"
    assert shapes.output_path("/abs/%N.out", job) == "/abs/%N.out"  # one file per node: not ours to guess
    array = JobInfo(job_id="40_3", name="a", work_dir="/w")
    assert shapes.output_path("%A-%a.out", array) == "/w/40-3.out"


def test_update_bodies_follow_each_shape() -> None:
    assert shapes.job_update_body("v0.0.38", exclude=["node1", "node3"]) == {"exclude_nodes": "node1,node3"}
    assert shapes.job_update_body("v0.0.42", exclude=["node1", "node3"], hold=False) == {
        "excluded_nodes": ["node1", "node3"],
        "hold": False,
    }
    assert shapes.node_update_body("v0.0.40", "DRAIN", "recovery: incident 4") == {
        "state": ["DRAIN"],
        "reason": "recovery: incident 4",
    }
    assert shapes.node_update_body("v0.0.40", "RESUME") == {"state": ["RESUME"]}


def test_errors_are_one_line_in_both_shapes() -> None:
    old = {"errors": [{"error": "Unspecified error", "errno": -1}]}
    new = {
        "errors": [
            {
                "description": "slurmctld config is unable to load",
                "error_number": -1,
                "error": "Unspecified error",
                "source": "slurm_load_ctl_conf",
            }
        ]
    }
    assert shapes.errors_in(old) == "Unspecified error"
    assert (
        shapes.errors_in(new) == "Unspecified error: slurmctld config is unable to load: slurm_load_ctl_conf"
    )
    assert shapes.errors_in({"errors": []}) == ""


# --- JWT ------------------------------------------------------------------------------------------


def test_a_signed_token_is_hs256_over_the_claims_slurmctld_reads() -> None:
    key = os.urandom(32)
    tok = sign(key, "slurm", 1000.0, 60)
    head, body, mac = tok.split(".")
    want = hmac.new(key, f"{head}.{body}".encode(), hashlib.sha256).digest()
    assert base64.urlsafe_b64decode(mac + "=" * (-len(mac) % 4)) == want
    assert claims_of(tok) == {"iat": 1000, "exp": 1060, "sun": "slurm"}
    with pytest.raises(TokenError, match="not a JWT"):
        claims_of("nope")


def test_a_signed_token_is_renewed_a_fifth_of_its_life_before_it_expires(tmp_path: Path) -> None:
    key = tmp_path / "jwt.key"
    key.write_bytes(os.urandom(32))
    src = TokenSource("root", key_path=str(key), lifespan=100)
    first = src.token(1000.0)
    assert src.token(1079.0) is first
    second = src.token(1081.0)
    assert second.value != first.value and second.expires == 1181.0


def test_a_token_file_is_re_read_when_it_changes_and_an_expired_one_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "token"
    now = time.time()
    path.write_text("SLURM_JWT=" + sign(b"k" * 32, "ada", now, 60) + "\n")
    src = TokenSource("ignored", token_path=str(path))
    assert src.token(now).user == "ada"
    path.write_text(sign(b"k" * 32, "bob", now - 600, 60))
    with pytest.raises(TokenError, match="expired at"):
        src.token(now)
    assert read_token_text("export SLURM_JWT=abc.def.ghi\n") == "abc.def.ghi"
    with pytest.raises(TokenError, match="No such file"):
        TokenSource("x", token_path=str(tmp_path / "missing")).token(now)
    with pytest.raises(TokenError, match="too short"):
        (tmp_path / "short").write_bytes(b"abc")
        TokenSource("x", key_path=str(tmp_path / "short")).token(now)


def test_our_requeue_hold_is_marked_and_told_from_an_administrators() -> None:
    from monitoring.slurm.client import held_by_our_requeue, with_hold_mark, without_hold_mark
    from monitoring.slurm.parse import JobInfo

    body = shapes.job_update_body("v0.0.42", hold=True, admin_comment=with_hold_mark("rack 3 audit"))
    assert body == {"hold": True, "admin_comment": "recovery: held to requeue | rack 3 audit"}
    assert without_hold_mark(body["admin_comment"]) == "rack 3 audit"
    assert with_hold_mark(with_hold_mark("")) == "recovery: held to requeue"  # never marked twice
    ours = JobInfo("7", state="PENDING", reason="JobHeldAdmin", admin_comment=with_hold_mark(""))
    assert held_by_our_requeue(ours)
    assert not held_by_our_requeue(
        JobInfo("8", state="PENDING", reason="JobHeldAdmin", admin_comment="maint")
    )
    assert not held_by_our_requeue(
        JobInfo("9", state="PENDING", reason="JobHeldUser", admin_comment=with_hold_mark(""))
    )
    assert held_by_our_requeue(JobInfo("10", state="PENDING", reason="job_requeued_in_held_state"))
