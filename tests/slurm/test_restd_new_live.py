"""The rest connection mode against a real Slurm 24.11 slurmrestd (openapi v0.0.40-0.0.42).

scripts/slurm_restd_new.sh runs a second small cluster (tnode[1-4]) in a Debian trixie chroot:
its slurmctld, slurmd and slurmrestd (as the chroot's ``slurm`` user, ``rest_auth/jwt``) are
Debian's 24.11 packages; the host reaches slurmrestd over HTTP on 127.0.0.1, and reads job output
over SFTP from a host sshd (as a site that allows it). Harness commands (sbatch, scontrol) run in
the chroot. Unlike 22.05 (test_restd_live.py) this server updates nodes and jobs, so drain, resume
and "Xid -> drain -> requeue excluding the culprit -> verified" run through the API. 24.11 has no
requeue endpoint: a running job is requeued by its culprit's failure (held, culprit set DOWN with
our reason kept, exclusion added, released). Every name has ``restd`` in it: ``-k restd``.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from actions.policy.remediation import booted_again
from monitoring.slurm import SlurmClient
from monitoring.slurm.client import ActionResult, held_by_our_requeue
from monitoring.slurm.jwt import TokenSource
from monitoring.slurm.rest import RestSlurmClient
from monitoring.slurm.rest_shapes import offered_versions
from monitoring.transports import CommandResult, LocalTransport
from tests.slurm.conftest import Cluster
from tests.slurm.test_restd_live import JOB_SCRIPT, PCI

pytestmark = pytest.mark.slurm

NHC = "NHC: GPU 1 ECC page retirement pending"
NODES = ("tnode1", "tnode2", "tnode3", "tnode4")
VICTIM = "tnode3"
XID79 = "[Sun Nov 29 10:00:00 2026] NVRM: Xid (PCI:0000:3a:00): 79, pid=4242, name=python, GPU has fallen off the bus."


class ChrootCommands(LocalTransport):
    """The command client's transport inside the trixie chroot: 24.11's own scontrol/sinfo, to
    compare the REST reads with (harness only; the controller under test speaks HTTP)."""

    def __init__(self, prefix: tuple[str, ...]) -> None:
        super().__init__()
        self.prefix = prefix

    def run(self, argv: list[str], timeout: float = 30.0) -> CommandResult:
        start = time.monotonic()
        proc = subprocess.run([*self.prefix, *argv], capture_output=True, text=True, timeout=timeout)  # noqa: S603
        return CommandResult(tuple(argv), proc.returncode, proc.stdout, proc.stderr, time.monotonic() - start)


def _client(live: Cluster, **kw: Any) -> RestSlurmClient:
    tokens = TokenSource(live.env["RECOVERY_RESTD_USER"], key_path=live.env["RECOVERY_JWT_KEY"])
    return RestSlurmClient(live.env["RECOVERY_RESTD_URL"], tokens, timeout=15, **kw)


def _node_line(live: Cluster, node: str) -> str:
    return live.sh("scontrol", "-o", "show", "node", node)


def _same(node: dict[str, Any]) -> dict[str, Any]:
    # BootTime is slurmd's "now - uptime" at each registration: two reads may differ by a second
    # (booted_again allows far more slack), so it is compared apart, within 2 s.
    return {**node, "state": node["state"].replace("MIXED", "ALLOCATED"), "gres_used": "", "boot_time": ""}


def _same_boot(a: str, b: str) -> bool:
    """The same boot as the controller reads it: slurmd recomputes BootTime from uptime at each
    registration, so two reads of one boot can differ by seconds on a loaded VM (CI saw 3 s)."""
    return not booted_again(a, b) and not booted_again(b, a)


def test_restd_v004x_reads_the_same_nodes_and_jobs_as_24_11_scontrol(live_new: Cluster) -> None:
    live = live_new
    live.sh("scontrol", "update", "NodeName=tnode4", "State=DRAIN", f"Reason={NHC}")
    job = live.sbatch(
        "-N2", "-J", "restd read; NodeList=evil", f"--output={live.job_dir}/%j-%x.out", "--wrap", "sleep 60"
    )
    live.wait_job(job, "RUNNING")
    cli = SlurmClient(ChrootCommands(live.prefix))
    doc = _client(live).openapi()
    assert offered_versions(doc) == ["v0.0.40", "v0.0.41", "v0.0.42"]
    steps = {
        st["name"]: (st["ok"], st["detail"]) for st in _client(live).test_connection().as_dict()["steps"]
    }
    assert list(steps) == ["dns", "tcp", "tls", "token", "api_version", "permission"]
    assert all(ok for ok, _ in steps.values()), steps
    assert steps["api_version"][1] == "using v0.0.42; this version cannot: reboot (slurmrestd serves none)"
    assert steps["permission"][1].endswith("may drain, resume and requeue")
    keys = (
        "job_id",
        "name",
        "user",
        "state",
        "nodes",
        "stdout",
        "stderr",
        "requeue",
        "node_count",
        "restarts",
    )
    want_job = {k: v for k, v in asdict(cli.job(job) or pytest.fail("no job")).items() if k in keys}
    for version in ("v0.0.40", "v0.0.41", "v0.0.42"):
        rest = _client(live, supported=(version,))
        caps = rest.capabilities()
        assert (caps.version, caps.update_node, caps.update_job, caps.requeue_job) == (
            version,
            True,
            True,
            False,
        )
        assert caps.requeue_by_node_failure and caps.missing == ["reboot (slurmrestd serves none)"]
        for node in NODES:
            got, want = rest.node(node), cli.node(node)
            assert got is not None and want is not None
            # 24.11's slurmrestd says ALLOCATED for a node scontrol calls MIXED (its alloc_cpus are
            # 0: the per-node CPU counts scontrol computes MIXED from are not filled in); the
            # controller treats both as busy. gres_used is sinfo's, not scontrol's.
            assert _same(asdict(got)) == _same(asdict(want)), (version, node)
            assert _same_boot(got.boot_time, want.boot_time), (version, node, got.boot_time, want.boot_time)
        drained = rest.node("tnode4")
        assert drained is not None and (drained.is_drained, drained.reason, drained.reason_user) == (
            True,
            NHC,
            "root",
        )
        got_job = rest.job(job)
        assert got_job is not None
        assert {k: v for k, v in asdict(got_job).items() if k in keys} == want_job, version
        assert got_job.stdout == f"{live.job_dir}/{job}-restd read; NodeList=evil.out"
        assert job in [j.job_id for j in rest.jobs()]
        assert rest.job("999999") is None and rest.node("tnode9") is None


def test_restd_v004x_drains_and_resumes_through_the_api_and_never_touches_an_nhc_drain(
    live_new: Cluster,
) -> None:
    live, rest = live_new, _client(live_new)
    drain = rest.drain("tnode1", "incident 7: Xid 79")
    assert (drain.outcome, drain.commands) == (
        "done",
        [
            [
                "POST",
                "/slurm/v0.0.42/node/tnode1",
                '{"reason": "recovery: incident 7: Xid 79", "state": ["DRAIN"]}',
            ]
        ],
    )
    assert "Reason=recovery: incident 7: Xid 79 [root@" in _node_line(live, "tnode1")
    assert live.node_state("tnode1") == "drained"
    again = rest.drain("tnode1", "incident 7: Xid 79")
    assert (again.outcome, again.commands) == ("already", [])
    resumed = rest.resume("tnode1")
    assert resumed.outcome == "done" and resumed.commands[0][2] == '{"state": ["RESUME"]}'
    live.wait_node("tnode1", "idle", 30)
    assert rest.resume("tnode1").commands == []  # not drained: nothing to undo
    # Someone else's drain is theirs: no drain over it, no resume, no reboot, nothing sent.
    live.sh("scontrol", "update", "NodeName=tnode2", "State=DRAIN", f"Reason={NHC}")
    for result in (rest.drain("tnode2", "incident 8"), rest.resume("tnode2"), rest.reboot("tnode2", "x")):
        assert (result.outcome, result.commands) == ("superseded", []), result
    assert f"Reason={NHC} [root@" in _node_line(live, "tnode2") and live.node_state("tnode2") == "drained"


def test_restd_v004x_requeues_a_running_job_excluding_the_culprit_through_its_failure(
    live_new: Cluster,
) -> None:
    live, rest = live_new, _client(live_new)
    job = live.sbatch("-N3", "--no-requeue", f"--output={live.job_dir}/%j.out", "--wrap", "sleep 300")
    other = live.sbatch("-N1", "-w", VICTIM, f"--output={live.job_dir}/%j.out", "--wrap", "sleep 300")
    live.wait_job(job, "RUNNING")
    live.wait_job(other, "RUNNING")
    assert live.job_field(job, "NodeList") == "tnode[1-3]"  # the lowest three, the culprit among them
    # Not drained by us yet: nothing is sent (a DOWN would bypass the drain guardrails).
    early = rest.requeue(job, [VICTIM])
    assert (early.outcome, early.commands) == ("failed", []) and "tnode3 is not drained" in early.detail
    assert rest.drain(VICTIM, "incident 9: Xid 79").outcome == "done"
    # Another job on the culprit would be killed too: refused, nothing sent.
    refused = rest.requeue(job, [VICTIM])
    assert (refused.outcome, refused.commands) == ("failed", [])
    assert f"would also kill job(s) {other}" in refused.detail
    live.sh("scancel", other)
    live.wait_job(other, "CANCELLED")
    time.sleep(1)
    done = rest.requeue(job, [VICTIM])
    assert done.outcome == "done", done
    assert [c[:2] for c in done.commands] == [
        ["POST", f"/slurm/v0.0.42/job/{job}"],  # Requeue=1 (it was submitted --no-requeue)
        ["POST", f"/slurm/v0.0.42/job/{job}"],  # hold
        ["POST", "/slurm/v0.0.42/node/tnode3"],  # DOWN, our reason kept
        ["POST", f"/slurm/v0.0.42/job/{job}"],  # exclusion
        ["POST", f"/slurm/v0.0.42/job/{job}"],  # release
    ]
    assert done.commands[0][2] == '{"requeue": true}'
    assert done.commands[1][2] == '{"admin_comment": "recovery: held to requeue", "hold": true}'
    assert done.commands[4][2] == '{"admin_comment": "", "hold": false}'  # released, our mark taken off
    assert done.commands[2][2] == '{"reason": "recovery: incident 9: Xid 79", "state": ["DOWN"]}'
    assert done.detail.startswith("requeued, excluding tnode3 (through node failure: tnode3 set DOWN")
    assert live.job_field(job, "ExcNodeList") == VICTIM and live.job_field(job, "Restarts") == "1"
    assert live.job_field(job, "Requeue") == "1"
    assert live.job_field(job, "Reason") != "JobHeldAdmin" and live.job_field(job, "Priority") != "0"
    assert "Reason=recovery: incident 9: Xid 79" in _node_line(live, VICTIM)
    assert rest.node(VICTIM).is_drained  # type: ignore[union-attr]
    again = rest.requeue(job, [VICTIM])
    assert (again.outcome, again.commands) == ("already", [])
    # Eligible again after cred_expire + 1 s, it runs on the other three.
    live.wait_job(job, "RUNNING", 60)
    assert live.job_field(job, "NodeList") == "tnode[1-2,4]"


def test_restd_v004x_a_requeue_interrupted_between_hold_and_release_is_finished_by_the_retry(
    live_new: Cluster,
) -> None:
    """A worker killed after the hold and the culprit's DOWN, before the exclusion and the release:
    the job waits held (JobHeldAdmin). The hold carries our mark, so the reconciler's look says "not
    done" and the retried requeue excludes and releases it; an administrator's own hold is left."""
    live, rest = live_new, _client(live_new)
    job = live.sbatch("-N3", f"--output={live.job_dir}/%j.out", "--wrap", "sleep 300")
    live.wait_job(job, "RUNNING")
    assert rest.drain(VICTIM, "incident 10: Xid 79").outcome == "done"
    info = rest.job(job)
    assert info is not None
    culprits, refusal = rest._node_failure_culprits(info, [VICTIM])
    assert not refusal
    cut = rest._requeue_by_node_failure(info, culprits, ActionResult("requeue", job, "failed"), 30.0)
    assert cut is not None and cut.state == "PENDING"  # ... and here the worker died
    held = rest.job(job)
    assert held is not None and held.reason == "JobHeldAdmin" and held_by_our_requeue(held)
    assert held.admin_comment == "recovery: held to requeue" and VICTIM not in held.excluded
    done = rest.requeue(job, [VICTIM])  # the reconciler's retry
    assert done.outcome == "done", done
    assert done.detail.startswith("requeued, excluding tnode3")
    after = rest.job(job)
    assert after is not None and not held_by_our_requeue(after) and after.admin_comment == ""
    assert live.job_field(job, "ExcNodeList") == VICTIM and live.job_field(job, "Reason") != "JobHeldAdmin"
    live.wait_job(job, "RUNNING", 60)
    assert live.job_field(job, "NodeList") == "tnode[1-2,4]"
    # An administrator's hold (no mark) is theirs: the same call neither releases nor marks it.
    live.sh("scancel", job)
    mine = live.sbatch("-N1", "--hold", f"--output={live.job_dir}/%j.out", "--wrap", "sleep 300")
    theirs = rest.job(mine)
    assert theirs is not None and theirs.state == "PENDING" and not held_by_our_requeue(theirs)
    kept = rest.requeue(mine, [VICTIM])
    assert "held by someone else" in kept.detail
    assert all('"hold": false' not in (c[2] if len(c) > 2 else "") for c in kept.commands)
    assert live.job_field(mine, "Reason") in ("JobHeldUser", "JobHeldAdmin")


# --- the controller end to end in rest mode against 24.11 ------------------------------------


class Agents:
    """The node agents: each tails its node's kernel log into the cluster's stream."""

    def __init__(self, cluster: str, base: Path, state_dir: Path, prefix: str) -> None:
        from monitoring.telemetry.kernel_tail import KernelTail

        self.prefix = prefix
        self.tails = [KernelTail(cluster, n, f"file:{base}/kernel/{n}.log", str(state_dir)) for n in NODES]
        self.push()

    def push(self) -> None:
        from monitoring.redis_store import get_redis

        for t in self.tails:
            t.push(get_redis(), time.time(), self.prefix)


@pytest.fixture
def rest_new_controller(
    live_new: Cluster, redis_ns: str, tmp_path: Path, db: None
) -> Iterator[tuple[Any, Agents]]:
    import actions.tasks  # noqa: F401  (registers the tasks, as a worker's autodiscovery does)
    from monitoring.choices import Autonomy, ConnectionMode
    from monitoring.models import Cluster as ClusterRow
    from recovery_site.celery import app

    app.conf.task_always_eager = True
    env = live_new.env
    row = ClusterRow.objects.create(
        name="slurm-restd-24",
        connection_mode=ConnectionMode.REST,
        autonomy=Autonomy.AUTO,
        partitions=["batch"],
        gpus_per_node=4,
        pci_bus_ids=PCI,
        rest_url=env["RECOVERY_RESTD_URL"],
        rest_user=env["RECOVERY_RESTD_USER"],
        rest_jwt_key_path=env["RECOVERY_JWT_KEY"],
        ssh_host=env["RECOVERY_SSH_HOST"],  # job output over SFTP (REST serves no files)
        ssh_port=int(env["RECOVERY_SSH_PORT"]),
        ssh_user=env["RECOVERY_SSH_USER"],
        ssh_key_path=env["RECOVERY_SSH_KEY"],
        known_hosts_path=env["RECOVERY_SSH_KNOWN_HOSTS"],
        kernel_log_command="agent",
        max_drains_per_hour=10,
        max_partition_drained_pct=50,
    )
    yield row, Agents(row.name, live_new.base, tmp_path, redis_ns)
    app.conf.task_always_eager = False


def _ticks_until(row: Any, agents: Agents, cond: Callable[[], Any], timeout: float, what: str) -> float:
    from actions.loop import run_cluster_tick

    start = time.monotonic()
    while time.monotonic() - start < timeout:
        agents.push()
        run_cluster_tick(row.pk, timezone.now())
        if cond():
            return time.monotonic() - start
        time.sleep(0.5)
    raise AssertionError(f"{what}: not within {timeout:.0f}s")


def _start_job(live: Cluster, row: Any, agents: Agents, name: str) -> str:
    script = live.job_dir / f"{name}.sh"
    script.write_text(JOB_SCRIPT)
    job = live.sbatch(
        f"--job-name={name}",
        f"--output={live.job_dir}/%j.out",
        "--comment",
        '{"recovery": {"max_requeues": 3}}',
        str(script),
    )
    live.wait_job(job, "RUNNING")
    assert live.job_field(job, "NodeList") == "tnode[1-3]"  # the lowest three, tnode3 among them
    _ticks_until(
        row,
        agents,
        lambda: row.jobs.filter(slurm_id=job, last_step__gte=3, last_checkpoint_step__isnull=False).exists(),
        45,
        "progress and a checkpoint seen (job output over SFTP)",
    )
    return job


def _xid(live: Cluster, agents: Agents) -> None:
    with open(live.base / "kernel" / f"{VICTIM}.log", "a") as fh:
        fh.write(XID79 + "\n")
    agents.push()


@pytest.mark.django_db(transaction=True)
@pytest.mark.redis
def test_restd_v004x_auto_mode_xid_drains_requeues_excluding_the_culprit_and_verifies(
    live_new: Cluster, rest_new_controller: tuple[Any, Agents]
) -> None:
    """Xid 79 on tnode3 in auto mode, through slurmrestd 24.11 only: the node is drained with our
    reason, the job requeued without it (by tnode3's failure), seen running and progressing
    elsewhere, and the incident closed as recovered; then our drain is resumed through the API."""
    from actions.executors import executor_for
    from actions.models import Recommendation
    from incidents.audit import verify_chain
    from incidents.choices import IncidentStatus
    from incidents.models import AuditRecord, Incident
    from monitoring.models import Node

    live = live_new
    row, agents = rest_new_controller
    job = _start_job(live, row, agents, "auto-restd-24")
    _xid(live, agents)
    _ticks_until(
        row,
        agents,
        lambda: (
            live.job_field(job, "JobState") == "RUNNING" and VICTIM not in live.job_field(job, "NodeList")
        ),
        120,
        "job running again without tnode3",
    )
    _ticks_until(
        row,
        agents,
        lambda: Incident.objects.filter(
            cluster=row, culprit_node=VICTIM, status=IncidentStatus.RECOVERED
        ).exists(),
        90,
        "incident recovered",
    )
    recs = {r.action: r for r in Recommendation.objects.filter(cluster=row)}
    assert (recs["drain_node"].status, recs["requeue_job"].status) == ("succeeded", "succeeded")
    assert "through node failure" in recs["requeue_job"].result
    assert live.job_field(job, "ExcNodeList") == VICTIM and live.job_field(job, "Restarts") == "1"
    assert "Reason=recovery: incident" in _node_line(live, VICTIM)
    assert Node.objects.get(cluster=row, name=VICTIM).drained_by_us
    inc = Incident.objects.get(cluster=row, culprit_node=VICTIM)
    story = set(AuditRecord.objects.filter(incident_id=inc.pk).values_list("event", flat=True))
    assert {"detection", "recommendation", "approval", "execution", "verification"} <= story
    assert verify_chain().ok
    # Our drain is ours to undo, through the API.
    assert executor_for(row).resume(VICTIM, time.time()).outcome == "done"
    live.wait_node(VICTIM, "idle", 30)


@pytest.mark.django_db(transaction=True)
@pytest.mark.redis
def test_restd_v004x_monitor_mode_changes_nothing(
    live_new: Cluster, rest_new_controller: tuple[Any, Agents]
) -> None:
    from actions.loop import run_cluster_tick
    from actions.models import Recommendation
    from incidents.models import AuditRecord, Incident
    from monitoring.choices import Autonomy

    live = live_new
    row, agents = rest_new_controller
    row.autonomy = Autonomy.MONITOR
    row.save()
    job = _start_job(live, row, agents, "monitor-restd-24")
    _xid(live, agents)
    _ticks_until(
        row,
        agents,
        lambda: Incident.objects.filter(cluster=row, culprit_node=VICTIM).exists(),
        60,
        "incident raised",
    )
    for _ in range(6):
        run_cluster_tick(row.pk, timezone.now())
        time.sleep(0.5)
    assert "recovery:" not in _node_line(live, VICTIM) and live.node_state(VICTIM) in ("mixed", "allocated")
    assert live.job_field(job, "JobState") == "RUNNING" and live.job_field(job, "ExcNodeList") == "(null)"
    assert live.job_field(job, "Restarts") == "0"
    assert not AuditRecord.objects.filter(event="execution").exists()
    assert Recommendation.objects.filter(
        cluster=row, action="drain_node", node=VICTIM, status="proposed"
    ).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.redis
def test_restd_v004x_an_nhc_drain_is_never_resumed_or_claimed_by_the_controller(
    live_new: Cluster, rest_new_controller: tuple[Any, Agents]
) -> None:
    from actions.executors import executor_for
    from actions.loop import run_cluster_tick
    from monitoring.models import Node

    live = live_new
    row, agents = rest_new_controller
    live.sh("scontrol", "update", "NodeName=tnode2", "State=DRAIN", f"Reason={NHC}")
    for _ in range(3):
        agents.push()
        run_cluster_tick(row.pk, timezone.now())
    node = Node.objects.get(cluster=row, name="tnode2")
    assert node.drained and not node.drained_by_us and node.reason.startswith("NHC:")
    ex = executor_for(row)
    assert ex.resume("tnode2", time.time()).outcome == "superseded"
    assert ex.drain("tnode2", "recovery: incident 9", time.time()).outcome == "superseded"
    assert f"Reason={NHC} [root@" in _node_line(live, "tnode2") and live.node_state("tnode2") == "drained"
