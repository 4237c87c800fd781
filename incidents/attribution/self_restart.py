"""A failure the job's own launcher is already restarting: shown only if the restart does not bring it back (pure).

torchrun's elastic agent (``torch.distributed.elastic.agent.server.api``, which DeepSpeed's and NVIDIA
Resiliency's launchers reuse) watches its workers; when one fails with restarts left it logs "[ROLE]
Worker group FAILED. N/M attempts left; will restart worker group", and when a node joins a running group
"Detected N new nodes from group_rank=K; will restart worker group" (the same words from PyTorch 1.9's
f-string to today's %-format), then tears the workers down, meets its peers again and starts them from the
job's last checkpoint. A requeue meanwhile would kill a job that is healing itself, and a page would wake
someone for nothing (holdout36, blind: a 6-second link reset under a two-node ImageNet run, NCCL's socket
error, the agent restarting the group, training on from the checkpoint 35 s later).

So an incident whose evidence is a worker's failure in the transport that names no machine (a network
verdict without a node: a peer's connection lost, a remote error), in jobs that all still run, is held
``GRACE_S`` before it is shown: such faults are the transient ones a restart heals (a program's own
exception is not held: a restart of the same code on the same data repeats it, and its owner is told now); the agent reports the failure seconds after the worker's own error.
When the agent said it restarts the workers, it is held until the job steps again (the incident is
withdrawn: the job healed itself, nothing to do) or until ``RESTART_WAIT_S`` pass without a step (shown:
the restart did not bring it back). A job that ends, a node named, hardware evidence: shown at once.
Once shown, an incident is never withdrawn.
"""

from __future__ import annotations

from collections.abc import Callable

from incidents.attribution.incident import Incident
from incidents.attribution.world import World
from monitoring.detectors.schema import Kind

MARKER = "will restart worker group"
GRACE_S = 15.0
# A restart meets its peers again and loads the checkpoint: minutes on a large job.
RESTART_WAIT_S = 900.0

SHOW, HOLD, WITHDRAW = "show", "hold", "withdraw"
_SOFT = frozenset({"network"})
# A worker's failure in its own words: what the launcher reacts to.
_WORKER_FAILED = frozenset(
    {
        Kind.EXCEPTION,
        Kind.NCCL_REMOTE_ERROR,
        Kind.IB_BLAME,
        Kind.TASK_EXIT,
        Kind.NCCL_TIMEOUT,
        Kind.WATCHDOG_STUCK,
    }
)


def decide(
    inc: Incident,
    world: World,
    now: float,
    relaunched: Callable[[str], float | None],
    last_step: Callable[[str], float | None],
) -> str:
    """SHOW, HOLD or WITHDRAW an incident not yet shown (``relaunched``: when a job's launcher last said it
    restarts its workers; ``last_step``: when the job last stepped)."""
    v = inc.verdict
    if v is None or v.node is not None or v.category not in _SOFT or inc.closed:
        return SHOW
    if not inc.by_kind(*_WORKER_FAILED) or not inc.jobs:
        return SHOW
    began = min((m.t for m in inc.marks.values()), default=inc.detected_t)
    restarts: list[float] = []
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is None or run.state != "running":
            return SHOW
        t = relaunched(job)
        if t is not None and t >= began - GRACE_S:
            restarts.append(t)
    if len(restarts) < len(inc.jobs):
        return HOLD if now - began < GRACE_S else SHOW
    if all((s := last_step(job)) is not None and s > t for job, t in zip(inc.jobs, restarts, strict=True)):
        return WITHDRAW
    return HOLD if now - max(restarts) < RESTART_WAIT_S else SHOW
