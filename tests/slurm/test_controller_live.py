"""The controller end to end against the real Slurm cluster, in-cluster and over SSH.

A real multi-node sbatch job prints progress; a real fault is injected (an Xid 79 line
in node3's kernel log, then node3's slurmd and job processes killed). In auto mode the
controller drains node3 with its reason, requeues the job without it, sees it run and
progress again, and closes the incident as recovered. In monitor mode it sends nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.utils import timezone

from actions.loop import run_cluster_tick
from actions.models import Recommendation
from incidents.audit import verify_chain
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy, ConnectionMode
from monitoring.models import Cluster as ClusterRow
from monitoring.models import Node

# Transactional: commits happen, so the execution task is sent after commit as in production.
pytestmark = [pytest.mark.slurm, pytest.mark.django_db(transaction=True), pytest.mark.redis]

VICTIM = "node3"
PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00"]
XID79 = "[Sun Nov 29 10:00:00 2026] NVRM: Xid (PCI:0000:3a:00): 79, pid=4242, name=python, GPU has fallen off the bus."
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


def _ticks_until(cluster: ClusterRow, cond: Callable[[], Any], timeout: float, what: str) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        run_cluster_tick(cluster.pk, timezone.now())
        if cond():
            return time.monotonic() - start
        time.sleep(0.5)
    raise AssertionError(f"{what}: not within {timeout:.0f}s\n{_explain(cluster)}")


def _explain(cluster: ClusterRow) -> str:
    """What the controller held when a wait ran out: its incidents, their recommendations, its jobs."""
    lines = []
    for inc in Incident.objects.filter(cluster=cluster).order_by("pk"):
        lines.append(
            f"incident {inc.pk} {inc.status} {inc.category} culprit={inc.culprit_node} jobs={inc.jobs} "
            f"note={inc.verification_note[:300]!r}"
        )
        for rec in inc.recommendations.order_by("pk"):
            lines.append(
                f"  {rec.action} {rec.status} node={rec.node} job={rec.job} exclude={rec.exclude} "
                f"finished={rec.finished_at}"
            )
    for job in cluster.jobs.order_by("pk"):
        lines.append(
            f"job {job.slurm_id} {job.state} nodes={job.nodes} restarts={job.restarts} "
            f"step={job.last_step} at={job.last_progress_at}"
        )
    return "\n".join(lines)


@pytest.fixture(params=["local", "ssh"])
def controller(request, live, redis_ns, settings) -> Iterator[ClusterRow]:  # type: ignore[no-untyped-def]
    import actions.tasks  # noqa: F401  (registers the tasks, as a worker's autodiscovery does)
    from recovery_site.celery import app

    app.conf.task_always_eager = True  # the execution task runs inline after commit
    env = live.env
    ssh = request.param == "ssh"
    row = ClusterRow.objects.create(
        name=f"slurm-{request.param}",
        connection_mode=ConnectionMode.SSH if ssh else ConnectionMode.LOCAL,
        autonomy=Autonomy.AUTO,
        partitions=["debug"],
        gpus_per_node=4,
        pci_bus_ids=PCI,
        ssh_host=env["RECOVERY_SSH_HOST"] if ssh else "",
        ssh_port=int(env["RECOVERY_SSH_PORT"]) if ssh else 22,
        ssh_user=env["RECOVERY_SSH_USER"] if ssh else "",
        ssh_key_path=env["RECOVERY_SSH_KEY"] if ssh else "",
        known_hosts_path=env["RECOVERY_SSH_KNOWN_HOSTS"] if ssh else "",
        kernel_log_command=f"file:{live.base}/kernel/{{node}}.log",
        max_drains_per_hour=10,
        max_partition_drained_pct=50,
    )
    yield row
    app.conf.task_always_eager = False
    live.script("revive-node", VICTIM, check=False)


def _submit(live, name: str) -> str:  # type: ignore[no-untyped-def]
    script = live.job_dir / f"{name}.sh"
    script.write_text(JOB_SCRIPT)
    return live.sbatch(
        f"--job-name={name}",
        f"--output={live.job_dir}/%j.out",
        "--comment",
        '{"recovery": {"max_requeues": 3}}',
        str(script),
    )


def _inject(live) -> float:  # type: ignore[no-untyped-def]
    with open(live.base / "kernel" / f"{VICTIM}.log", "a") as fh:
        fh.write(XID79 + "\n")
    live.script("kill-node", VICTIM)
    return time.monotonic()


def _start_job(live, controller: ClusterRow, name: str) -> str:  # type: ignore[no-untyped-def]
    job = _submit(live, name)
    live.wait_job(job, "RUNNING")
    assert VICTIM in live.job_field(job, "NodeList") or live.job_field(job, "NodeList") == "node[1-3]"
    # The controller learns the job, its progress and a checkpoint before anything breaks
    # (in auto, a requeue that would lose everything waits for an operator's approval).
    _ticks_until(
        controller,
        lambda: controller.jobs.filter(
            slurm_id=job, last_step__gte=3, last_checkpoint_step__isnull=False
        ).exists(),
        45,
        "progress and a checkpoint seen",
    )
    return job


@pytest.mark.parametrize("job_requeue", ["1", "0"])
def test_auto_mode_drains_requeues_and_verifies(live, controller, job_requeue, capsys) -> None:  # type: ignore[no-untyped-def]
    live.script("set-requeue", job_requeue)
    job = _start_job(live, controller, f"llama-{controller.name}-rq{job_requeue}")
    t0 = _inject(live)
    raised = _ticks_until(
        controller,
        lambda: Incident.objects.filter(cluster=controller, culprit_node=VICTIM).exists(),
        60,
        "incident raised",
    )
    drained = (
        _ticks_until(
            controller,
            lambda: "recovery: incident" in live.sh("scontrol", "-o", "show", "node", VICTIM),
            60,
            "drain issued",
        )
        + raised
    )
    again = (
        _ticks_until(
            controller,
            lambda: (
                live.job_field(job, "JobState") == "RUNNING" and VICTIM not in live.job_field(job, "NodeList")
            ),
            120,
            "job running again without node3",
        )
        + drained
    )
    recovered = (
        _ticks_until(
            controller,
            lambda: Incident.objects.filter(
                cluster=controller, culprit_node=VICTIM, status=IncidentStatus.RECOVERED
            ).exists(),
            90,
            "incident recovered",
        )
        + again
    )
    inc = Incident.objects.get(cluster=controller, culprit_node=VICTIM)
    assert inc.category in ("gpu_hardware", "node_failure")
    assert VICTIM in live.job_field(job, "ExcNodeList")
    assert Node.objects.get(cluster=controller, name=VICTIM).drained_by_us
    story = set(AuditRecord.objects.filter(incident_id=inc.pk).values_list("event", flat=True))
    assert {"detection", "recommendation", "approval", "execution", "verification"} <= story
    assert verify_chain().ok
    with capsys.disabled():
        print(
            f"\n[{controller.name} JobRequeue={job_requeue}] fault injected -> incident {raised:.1f}s, "
            f"-> drain issued {drained:.1f}s, -> job running again {again:.1f}s, -> recovered {recovered:.1f}s "
            f"(wall {time.monotonic() - t0:.1f}s)"
        )


def test_monitor_mode_sends_no_command(live, controller) -> None:  # type: ignore[no-untyped-def]
    controller.autonomy = Autonomy.MONITOR
    controller.save()
    live.script("set-requeue", "0")  # nothing may requeue it but us: and we must not
    job = _start_job(live, controller, f"monitor-{controller.name}")
    exc_before = live.job_field(job, "ExcNodeList")
    _inject(live)
    _ticks_until(
        controller,
        lambda: Incident.objects.filter(cluster=controller, culprit_node=VICTIM).exists(),
        60,
        "incident raised",
    )
    _ticks_until(
        controller,
        lambda: (
            "NOT_RESPONDING" in live.sh("scontrol", "-o", "show", "node", VICTIM)
            or "*" in live.node_state(VICTIM)
        ),
        60,
        "node not responding",
    )
    for _ in range(10):
        run_cluster_tick(controller.pk, timezone.now())
        time.sleep(0.5)
    assert "recovery:" not in live.sh("scontrol", "-o", "show", "node", VICTIM)
    assert live.job_field(job, "ExcNodeList") == exc_before
    assert not AuditRecord.objects.filter(event="execution", action__startswith="drain_node").exists()
    assert not AuditRecord.objects.filter(event="execution", action__startswith="requeue_job").exists()
    assert Recommendation.objects.filter(
        cluster=controller, action="drain_node", node=VICTIM, status="proposed"
    ).exists()


def test_an_external_drain_is_never_resumed_or_claimed(live, controller) -> None:  # type: ignore[no-untyped-def]
    live.sh(
        "scontrol", "update", "NodeName=node2", "State=DRAIN", "Reason=NHC: GPU 1 ECC page retirement pending"
    )
    for _ in range(3):
        run_cluster_tick(controller.pk, timezone.now())
    node = Node.objects.get(cluster=controller, name="node2")
    assert node.drained and not node.drained_by_us and node.reason.startswith("NHC:")
    from actions.executors import executor_for

    result = executor_for(controller).resume("node2", time.time())
    assert result.outcome == "superseded"
    assert "NHC:" in live.sh("scontrol", "-o", "show", "node", "node2")
