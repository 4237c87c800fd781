"""The rest connection mode against the real slurmrestd that scripts/slurm_cluster.sh starts.

Debian's slurmrestd 22.05 (openapi v0.0.36-0.0.38, ``rest_auth/jwt``) on 127.0.0.1, run as the
unprivileged ``slurm`` user, in front of the test cluster's slurmctld (``AuthAltTypes=auth/jwt``
with the key the script created). Tokens are signed here with that key, read from a file
``scontrol token`` wrote, signed with a wrong key, or expired. A second slurmrestd offers only
v0.0.36, which the controller refuses. Every name has ``restd`` in it: ``-k restd``.

What v0.0.38 cannot do is shown too: it has no node update, so drain/resume are refused with
that reason and nothing is sent; a job Slurm requeued itself gets its exclusion through
``POST /job/{id}``.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from monitoring.slurm import SlurmClient
from monitoring.slurm.jwt import TokenError, TokenSource, sign
from monitoring.slurm.rest import RestError, RestSlurmClient
from monitoring.transports import LocalTransport
from tests.slurm.conftest import Cluster

pytestmark = pytest.mark.slurm

NHC = "NHC: GPU 1 ECC page retirement pending"


@pytest.fixture(scope="module")
def restd(slurm_cluster: Cluster) -> Cluster:
    """The cluster, with its slurmrestd answering (a restd that cannot start fails `up`, never skips)."""
    for key in ("RECOVERY_RESTD_URL", "RECOVERY_RESTD_OLD_URL", "RECOVERY_JWT_KEY"):
        assert slurm_cluster.env.get(key), f"scripts/slurm_cluster.sh env gives no {key}"
    return slurm_cluster


def _client(restd: Cluster, *, old: bool = False, **token: Any) -> RestSlurmClient:
    url = restd.env["RECOVERY_RESTD_OLD_URL" if old else "RECOVERY_RESTD_URL"]
    tokens = TokenSource(
        restd.env["RECOVERY_RESTD_USER"], **(token or {"key_path": restd.env["RECOVERY_JWT_KEY"]})
    )
    return RestSlurmClient(url, tokens, timeout=15)


def _steps(diag: dict[str, Any]) -> dict[str, tuple[bool, str]]:
    return {s["name"]: (s["ok"], s["detail"]) for s in diag["steps"]}


def test_restd_reads_the_same_nodes_and_jobs_as_scontrol(restd: Cluster, live: Cluster) -> None:
    live.sh("scontrol", "update", "NodeName=node4", "State=DRAIN", f"Reason={NHC}")
    job = live.sbatch(
        "-N2", "-J", "restd read; NodeList=evil", f"--output={live.job_dir}/%j-%x.out", "--wrap", "sleep 60"
    )
    live.wait_job(job, "RUNNING")
    rest, cli = _client(restd), SlurmClient(LocalTransport())

    def node_view(n: Any) -> tuple[Any, ...]:
        return (n.name, n.base_state, n.is_drained, n.reason, n.partitions, n.gres, n.cpus)

    assert [node_view(n) for n in rest.nodes()] == [node_view(n) for n in cli.nodes()]
    drained = next(n for n in rest.nodes() if n.name == "node4")
    assert (drained.is_drained, drained.reason, drained.reason_user) == (True, NHC, "root")
    got, want = rest.job(job), cli.job(job)
    assert got is not None and want is not None
    keys = ("job_id", "name", "user", "state", "nodes", "stdout", "stderr", "requeue", "node_count")
    assert {k: getattr(got, k) for k in keys} == {k: getattr(want, k) for k in keys}
    assert got.name == "restd read; NodeList=evil" and got.stdout == f"{live.job_dir}/{job}-{got.name}.out"
    assert job in [j.job_id for j in rest.jobs()]
    assert rest.job("999999") is None and rest.node("node9") is None


def test_restd_uses_the_newest_api_version_the_server_offers(restd: Cluster, live: Cluster) -> None:
    rest = _client(restd)
    doc = rest.openapi()
    from monitoring.slurm.rest_shapes import offered_versions

    assert offered_versions(doc) == ["v0.0.36", "v0.0.37", "v0.0.38"]
    caps = rest.capabilities()
    assert (caps.version, caps.update_node, caps.update_job, caps.requeue_job) == (
        "v0.0.38",
        False,
        True,
        False,
    )
    # The older shape this server also speaks reads the same cluster the same way.
    older = RestSlurmClient(rest.url, rest.tokens, supported=("v0.0.37",))
    assert older.version == "v0.0.37"
    assert [(n.name, n.state) for n in older.nodes()] == [(n.name, n.state) for n in rest.nodes()]


def test_restd_a_server_without_a_supported_version_fails_at_the_api_version_step(restd: Cluster) -> None:
    old = _client(restd, old=True)
    steps = _steps(old.test_connection().as_dict())
    assert [k for k in steps] == ["dns", "tcp", "tls", "token", "api_version"]
    assert all(ok for name, (ok, _) in steps.items() if name != "api_version")
    ok, detail = steps["api_version"]
    assert not ok and "offers v0.0.36" in detail and "v0.0.38" in detail
    with pytest.raises(RestError, match="offers v0.0.36"):
        old.nodes()


def test_restd_test_connection_walks_every_step_and_says_what_this_version_cannot_do(restd: Cluster) -> None:
    steps = _steps(_client(restd).test_connection().as_dict())
    assert list(steps) == ["dns", "tcp", "tls", "token", "api_version", "permission"]
    assert all(steps[k][0] for k in ("dns", "tcp", "tls", "token", "api_version"))
    assert "accepted for 'root'" in steps["token"][1]
    assert "using v0.0.38" in steps["api_version"][1] and "drain/resume" in steps["api_version"][1]
    ok, detail = steps["permission"]
    assert not ok and "reads 4 nodes" in detail and "serves no drain/resume" in detail


def test_restd_a_token_signed_with_another_key_fails_the_token_step(restd: Cluster, tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.key"
    wrong.write_bytes(os.urandom(32))
    bad = _client(restd, key_path=str(wrong))
    steps = _steps(bad.test_connection().as_dict())
    assert list(steps) == ["dns", "tcp", "tls", "token"]
    ok, detail = steps["token"]
    assert not ok and "slurmctld refused" in detail
    with pytest.raises(RestError):
        bad.nodes()


def test_restd_an_expired_token_is_refused_here_and_by_slurmctld(restd: Cluster, tmp_path: Path) -> None:
    key = Path(restd.env["RECOVERY_JWT_KEY"]).read_bytes()
    expired = sign(key, "root", time.time() - 600, 60)  # the right key, expired 9 minutes ago
    token_file = tmp_path / "token"
    token_file.write_text(f"SLURM_JWT={expired}\n")
    client = _client(restd, token_path=str(token_file))
    ok, detail = _steps(client.test_connection().as_dict())["token"]
    assert not ok and "expired at" in detail
    with pytest.raises(RestError, match="expired at"):
        client.nodes()
    # Sent anyway, slurmctld refuses it too: the refusal above is not only ours.
    req = urllib.request.Request(
        restd.env["RECOVERY_RESTD_URL"] + "/slurm/v0.0.38/nodes",
        headers={"X-SLURM-USER-NAME": "root", "X-SLURM-USER-TOKEN": expired},
    )
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=15)  # noqa: S310 - the test's own slurmrestd
    assert err.value.code >= 400 and not json.loads(err.value.read()).get("nodes")
    # A fresh token from `scontrol token`, written to the same file, is picked up at once.
    token_file.write_text(restd.sh("scontrol", "token", "username=root", "lifespan=120"))
    steps = _steps(client.test_connection().as_dict())
    assert steps["token"][0] and "from the token file" in steps["token"][1]
    assert len(client.nodes()) == 4


def test_restd_signed_tokens_are_refreshed_before_they_expire(restd: Cluster) -> None:
    tokens = TokenSource("root", key_path=restd.env["RECOVERY_JWT_KEY"], lifespan=30)
    client = RestSlurmClient(restd.env["RECOVERY_RESTD_URL"], tokens, timeout=15)
    now = time.time()
    first = tokens.token(now)
    assert tokens.token(now + 20).value == first.value  # 10 s left: still before the 6 s margin
    second = tokens.token(now + 25)  # 5 s left: inside the margin, a new one is signed
    assert second.value != first.value and second.expires == pytest.approx(now + 55, abs=1)
    assert len(client.nodes()) == 4  # slurmctld accepts the refreshed token
    with pytest.raises(TokenError, match="exactly one"):
        TokenSource("root")


def test_restd_drain_and_resume_are_refused_on_v0038_and_an_nhc_drain_is_untouched(
    restd: Cluster, live: Cluster
) -> None:
    rest = _client(restd)
    refused = rest.drain("node1", "incident 1: Xid 79")
    assert (refused.outcome, refused.commands) == ("failed", [])
    assert "cannot drain a node" in refused.detail and "v0.0.38" in refused.detail
    assert live.node_state("node1") == "idle"
    live.sh("scontrol", "update", "NodeName=node2", "State=DRAIN", f"Reason={NHC}")
    for result in (
        rest.drain("node2", "incident 2"),
        rest.resume("node2"),
        rest.reboot("node2", "incident 2"),
    ):
        assert (result.outcome, result.commands) == ("superseded", []), result
    assert f"Reason={NHC}" in live.sh("scontrol", "-o", "show", "node", "node2")
    assert rest.reboot("node1", "x").outcome == "failed"


def test_restd_a_pending_job_gets_the_culprit_excluded_through_the_api(restd: Cluster, live: Cluster) -> None:
    job = live.sbatch("-N1", "--begin=now+1hour", "--wrap", "sleep 60")
    rest = _client(restd)
    done = rest.requeue(job, ["node3"])
    assert done.outcome == "done" and done.commands == [
        ["POST", f"/slurm/v0.0.38/job/{job}", '{"exclude_nodes": "node3"}']
    ]
    assert live.job_field(job, "ExcNodeList") == "node3"
    again = rest.requeue(job, ["node3"])
    assert (again.outcome, again.commands) == ("already", [])
    more = rest.requeue(job, ["node1"])
    assert more.outcome == "done" and live.job_field(job, "ExcNodeList") == "node1,node3"


# --- the controller end to end in rest mode ------------------------------------------------------

VICTIM = "node3"
PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00"]
XID79 = "[Sun Nov 29 10:00:00 2026] NVRM: Xid (PCI:0000:3a:00): 79, pid=4242, name=python, GPU has fallen off the bus."


class Agents:
    """The node agents of a REST cluster: each tails its node's kernel log into the cluster's stream."""

    def __init__(self, cluster: str, base: Path, state_dir: Path, prefix: str) -> None:
        from monitoring.telemetry.kernel_tail import KernelTail

        self.prefix = prefix
        self.tails = [
            KernelTail(cluster, n, f"file:{base}/kernel/{n}.log", str(state_dir))
            for n in ("node1", "node2", "node3", "node4")
        ]
        self.push()  # the first read starts at the end of each file

    def push(self) -> None:
        from monitoring.redis_store import get_redis

        for t in self.tails:
            t.push(get_redis(), time.time(), self.prefix)


@pytest.fixture
def rest_controller(live: Cluster, redis_ns: str, tmp_path: Path, db: None) -> Iterator[tuple[Any, Agents]]:
    import actions.tasks  # noqa: F401  (registers the tasks, as a worker's autodiscovery does)
    from monitoring.choices import Autonomy, ConnectionMode
    from monitoring.models import Cluster as ClusterRow
    from recovery_site.celery import app

    app.conf.task_always_eager = True
    env = live.env
    row = ClusterRow.objects.create(
        name="slurm-restd",
        connection_mode=ConnectionMode.REST,
        autonomy=Autonomy.AUTO,
        partitions=["debug"],
        gpus_per_node=4,
        pci_bus_ids=PCI,
        rest_url=env["RECOVERY_RESTD_URL"],
        rest_user=env["RECOVERY_RESTD_USER"],
        rest_jwt_key_path=env["RECOVERY_JWT_KEY"],
        # The site allows SFTP: job output is read over it (REST serves no files).
        ssh_host=env["RECOVERY_SSH_HOST"],
        ssh_port=int(env["RECOVERY_SSH_PORT"]),
        ssh_user=env["RECOVERY_SSH_USER"],
        ssh_key_path=env["RECOVERY_SSH_KEY"],
        known_hosts_path=env["RECOVERY_SSH_KNOWN_HOSTS"],
        kernel_log_command="agent",
        max_drains_per_hour=10,
        max_partition_drained_pct=50,
    )
    yield row, Agents(row.name, live.base, tmp_path, redis_ns)
    app.conf.task_always_eager = False
    live.script("revive-node", VICTIM, check=False)


JOB_SCRIPT = """#!/bin/bash
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
srun --label bash -c '
i=0
[ "$SLURM_PROCID" = 0 ] && echo "loading checkpoint from /ckpt at iteration $(( ${SLURM_RESTART_COUNT:-0} * 10 ))"
while true; do
  i=$((i+1))
  if [ "$SLURM_PROCID" = 0 ]; then
    echo " iteration $i/ 100000 | consumed samples: $((i*8)) | elapsed time per iteration (ms): 500.0 | learning rate: 3.0E-04 | lm loss: 2.5E+00 |"
    [ $((i % 10)) = 0 ] && echo "successfully saved checkpoint from iteration $i to /ckpt"
  fi
  sleep 0.5
done'
"""


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
    agents.push()  # node3's agent sends it before its node goes


@pytest.mark.django_db(transaction=True)
@pytest.mark.redis
def test_restd_monitor_mode_changes_nothing(live: Cluster, rest_controller: tuple[Any, Agents]) -> None:
    from actions.loop import run_cluster_tick
    from actions.models import Recommendation
    from incidents.models import AuditRecord, Incident
    from monitoring.choices import Autonomy

    row, agents = rest_controller
    row.autonomy = Autonomy.MONITOR
    row.save()
    job = _start_job(live, row, agents, "monitor-restd")
    exc_before = live.job_field(job, "ExcNodeList")
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
    assert "recovery:" not in live.sh("scontrol", "-o", "show", "node", VICTIM)
    assert live.job_field(job, "ExcNodeList") == exc_before and live.job_field(job, "JobState") == "RUNNING"
    assert not AuditRecord.objects.filter(event="execution").exists()
    assert Recommendation.objects.filter(
        cluster=row, action="drain_node", node=VICTIM, status="proposed"
    ).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.redis
def test_restd_an_external_drain_is_never_resumed_or_claimed(
    live: Cluster, rest_controller: tuple[Any, Agents]
) -> None:
    from actions.executors import executor_for
    from actions.loop import run_cluster_tick
    from monitoring.models import Node

    row, agents = rest_controller
    live.sh("scontrol", "update", "NodeName=node2", "State=DRAIN", f"Reason={NHC}")
    for _ in range(3):
        agents.push()
        run_cluster_tick(row.pk, timezone.now())
    node = Node.objects.get(cluster=row, name="node2")
    assert node.drained and not node.drained_by_us and node.reason.startswith("NHC:")
    ex = executor_for(row)
    assert ex.resume("node2", time.time()).outcome == "superseded"
    assert ex.drain("node2", "recovery: incident 9", time.time()).outcome == "superseded"
    assert f"Reason={NHC}" in live.sh("scontrol", "-o", "show", "node", "node2")


@pytest.mark.django_db(transaction=True)
@pytest.mark.redis
def test_restd_auto_mode_on_v0038_refuses_drain_and_requeue_says_why_and_escalates(
    live: Cluster, rest_controller: tuple[Any, Agents]
) -> None:
    """Xid 79 on node3 in auto mode. slurmrestd v0.0.38 serves neither a node update nor a
    requeue: both recommendations fail with that reason, nothing reaches Slurm, and the
    incident goes to people (escalated) instead of being reported as handled."""
    from actions.models import Recommendation
    from incidents.audit import verify_chain
    from incidents.choices import IncidentStatus
    from incidents.models import AuditRecord, Incident

    row, agents = rest_controller
    job = _start_job(live, row, agents, "auto-restd")
    _xid(live, agents)
    _ticks_until(
        row,
        agents,
        lambda: Incident.objects.filter(
            cluster=row, culprit_node=VICTIM, status=IncidentStatus.ESCALATED
        ).exists(),
        60,
        "incident escalated",
    )
    recs = {r.action: r for r in Recommendation.objects.filter(cluster=row)}
    assert (recs["drain_node"].status, recs["requeue_job"].status) == ("failed", "failed")
    assert "cannot drain a node (no POST /node/{node_name}" in recs["drain_node"].result
    assert "cannot requeue a RUNNING job" in recs["requeue_job"].result
    assert (
        "nothing was sent" in recs["drain_node"].result and "nothing was sent" in recs["requeue_job"].result
    )
    assert "recovery:" not in live.sh("scontrol", "-o", "show", "node", VICTIM)
    assert live.job_field(job, "JobState") == "RUNNING" and live.job_field(job, "ExcNodeList") == "(null)"
    executions = AuditRecord.objects.filter(event="execution", outcome="failed")
    assert {a.action.split()[0] for a in executions} == {"drain_node", "requeue_job"}
    assert verify_chain().ok
