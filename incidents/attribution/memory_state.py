"""What the detectors learned of each job, as JSON: it survives a tick run by another process (pure).

A fleet's ticks land on whichever worker process is free, so most ticks rebuild the pipeline from
the state it saved to Redis. What is not in that state is forgotten at every such handover: each
job's phase (started, stepped, finished training, a save in flight), its learned output cadence,
the launch watchers. Forgotten, a stall is found late or not at all, and a teardown hang after
training finished reads as a hang to requeue (``manage.py evaluate --handover`` measures it).
The progress trackers, telemetry windows and incidents were already in the state; this adds the rest
that decides verdicts. The lines nothing explained stay in memory only: they are shown, not decided on.
Each piece writes and reads its own state (``to_state``/``load_state``, as the trackers do); this gathers them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from incidents.attribution import cadence_watch
from monitoring.detectors import port_counters, progress
from monitoring.detectors.phase import JobPhase

if TYPE_CHECKING:
    from incidents.attribution.ingest import Ingest

# Every attribute of an Ingest is accounted for here (tests/unit/test_handover_replay.py holds it): carried by
# this module's dump, carried by the pipeline's own state (actions/pipeline/state.py), or rebuilt on a
# restore, with the reason. A new attribute in none of these is a handover that forgets it (stop 60: a dcgmi
# diag table's continuation rows lost the test they belong to).
CARRIED = frozenset(
    {
        "phases", "previous_phase", "cadences", "cadence_raised", "launch", "skew", "ce_storm", "retried",
        "nic_trouble", "kernel_records", "kernel_reader", "peer_dead", "idle_watch", "fabric", "fs_said",
        "lost_unnamed", "slowed", "styles", "style_hits", "figures", "rank_times", "rollcall", "ports", "held",
        "diag", "verbs_host", "thread_tb", "waited_on", "heard", "last_line", "last_text", "pauses",
        "label_hosts", "daemon_lost", "relaunched", "links", "nonfatal_xid", "resolver_lost", "driver_lost",
        "held_idle", "orderly", "script_failed", "nonfinite", "held_launch", "stacks",
    }
)  # fmt: skip
BY_PIPELINE = frozenset({"world", "corr", "trackers", "telemetry", "learned_pci"})
REBUILT = {
    "cfg": "the configuration, saved with the pipeline",
    "cadence_cfg": "the configuration's cadence settings",
    "pci_map": "the cluster's PCI addresses, saved with the pipeline",
    "site_rules": "the site's rules, set from the configuration",
    "custom": "each running job's own progress pattern, read again from its comment",
    "pending": "the jobs listed before they ran, from the world's jobs",
    "changed": "the incidents one tick changed, emptied every tick",
    "unexplained": "the lines nothing explained: shown, not decided on, kept in memory only",
    "unexplained_kernel": "the kernel lines nothing explained: shown, not decided on, kept in memory only",
}


def dump(ingest: Ingest) -> dict[str, Any]:
    return {
        "phases": {job: ph.to_state() for job, ph in ingest.phases.items()},
        "previous": ingest.previous_phase,
        "cadences": {job: tr.to_state() for job, tr in ingest.cadences.items()},
        "cadence_raised": sorted(ingest.cadence_raised),
        "launch": ingest.launch.to_state(),
        "skew": ingest.skew.to_state(),
        "ce_storm": ingest.ce_storm.to_state(),
        "retried": ingest.retried.to_state(),
        "nic_trouble": ingest.nic_trouble.to_state(),
        "kernel_open": [ingest.kernel_records.to_state(), ingest.kernel_reader.to_state()],
        "peer_dead": ingest.peer_dead,
        "idle_watch": ingest.idle_watch,
        "net_plugins": ingest.fabric.to_state(),
        "nic_unopened": ingest.fabric.unopened_state(),
        "nccl_bootstrap": ingest.fabric.bootstrap_state(),
        "nccl_mnnvl": ingest.fabric.cliques_state(),
        "nccl_ib": ingest.fabric.sides_state(),
        "fs_said": {job: list(said) for job, said in ingest.fs_said.items()},
        "lost_unnamed": ingest.lost_unnamed,
        "slowed": ingest.slowed,
        # each job's learned progress stack (an index into progress.STYLES): a restored ingest reads its lines
        # by the same parser and fast path (holdout40, blind: MLPF's bars counted differently after a restore)
        "styles": {
            job: progress.STYLES.index(st) for job, st in ingest.styles.items() if st in progress.STYLES
        },
        "style_hits": {
            job: [progress.STYLES.index(st) if st in progress.STYLES else -1, n]
            for job, (st, n) in ingest.style_hits.items()
        },
        "figures": ingest.figures.to_state(),
        "rank_times": ingest.rank_times.to_state(),
        "rollcall": ingest.rollcall.to_state(),
        "ports": ingest.ports.to_state(),
        "held": ingest.held,
        "diag": dict(ingest.diag.test),
        "verbs_host": {job: list(v) for job, v in ingest.verbs_host.items()},
        "thread_tb": {job: list(v) for job, v in ingest.thread_tb.items()},
        "waited_on": sorted(ingest.waited_on),
        "heard": dict(ingest.heard),
        "last_line": dict(ingest.last_line),
        "last_text": {job: text[:300] for job, text in ingest.last_text.items()},
        "pauses": ingest.pauses,
        "label_hosts": ingest.label_hosts,
        "daemon_lost": ingest.daemon_lost,
        "relaunched": ingest.relaunched,
        "links": ingest.links,
        "nonfatal_xid": ingest.nonfatal_xid,
        "resolver_lost": ingest.resolver_lost,
        "driver_lost": ingest.driver_lost,
        "held_idle": ingest.held_idle,
        "orderly": ingest.orderly,
        "script_failed": ingest.script_failed,
        "nonfinite": ingest.nonfinite,
        "held_launch": ingest.held_launch,
        "stacks": ingest.stacks.to_state(),
    }


def load(ingest: Ingest, state: dict[str, Any]) -> None:
    """Restore what :func:`dump` wrote (a state without it, from an older version, restores nothing)."""
    ingest.phases.update((str(job), JobPhase.from_state(d)) for job, d in (state.get("phases") or {}).items())
    ingest.previous_phase = {str(k): dict(v) for k, v in (state.get("previous") or {}).items()}
    for job, raw in (state.get("cadences") or {}).items():
        tracker = ingest.cadences[str(job)] = cadence_watch.new_tracker(ingest.cadence_cfg)
        tracker.load_state(raw)
    ingest.cadence_raised = {str(j) for j in state.get("cadence_raised") or []}
    ingest.launch.load_state(state.get("launch") or {})
    ingest.skew.load_state(state.get("skew") or {})
    ingest.ce_storm.load_state(state.get("ce_storm") or {})
    ingest.retried.load_state(state.get("retried") or {})
    ingest.nic_trouble.load_state(state.get("nic_trouble") or {})
    records, reader = state.get("kernel_open") or [{}, {}]
    ingest.kernel_records.load_state(records)
    ingest.kernel_reader.load_state(reader)
    ingest.peer_dead = {str(j): float(t) for j, t in (state.get("peer_dead") or {}).items()}
    ingest.idle_watch = {
        str(j): [float(x) for x in v[:3]] for j, v in (state.get("idle_watch") or {}).items() if len(v) >= 2
    }
    ingest.fabric.load_state(state.get("net_plugins") or {})
    ingest.fabric.load_unopened(state.get("nic_unopened") or {})
    ingest.fabric.load_bootstrap(state.get("nccl_bootstrap") or {})
    ingest.fabric.load_cliques(state.get("nccl_mnnvl") or {})
    ingest.fabric.load_sides(state.get("nccl_ib") or {})
    ingest.fs_said = {str(j): (float(v[0]), str(v[1])) for j, v in (state.get("fs_said") or {}).items()}
    ingest.lost_unnamed = {str(n): float(t) for n, t in (state.get("lost_unnamed") or {}).items()}
    ingest.slowed = {str(j): [float(x) for x in v] for j, v in (state.get("slowed") or {}).items()}
    styles = progress.STYLES
    ingest.styles = {
        str(j): styles[int(i)] for j, i in (state.get("styles") or {}).items() if 0 <= int(i) < len(styles)
    }
    ingest.style_hits = {
        str(j): (styles[int(v[0])] if 0 <= int(v[0]) < len(styles) else None, int(v[1]))
        for j, v in (state.get("style_hits") or {}).items()
    }
    ingest.figures.load_state(state.get("figures") or {})
    ingest.rank_times.load_state(state.get("rank_times") or {})
    ingest.rollcall.load_state(state.get("rollcall") or {})
    ingest.ports = port_counters.PortWatch.from_state(state.get("ports") or {})
    ingest.held = {str(k): [float(v[0]), str(v[1])] for k, v in (state.get("held") or {}).items()}
    ingest.diag.test = {str(j): str(t) for j, t in (state.get("diag") or {}).items()}
    ingest.verbs_host = {str(j): (float(v[0]), str(v[1])) for j, v in (state.get("verbs_host") or {}).items()}
    ingest.thread_tb = {
        str(j): (float(v[0]), str(v[1]), bool(v[2])) for j, v in (state.get("thread_tb") or {}).items()
    }
    ingest.stacks.load_state(state.get("stacks") or {})  # absent before
    ingest.waited_on = {str(j) for j in state.get("waited_on") or []}
    ingest.heard = {str(k): float(v) for k, v in (state.get("heard") or {}).items()}
    ingest.last_line = {str(k): float(v) for k, v in (state.get("last_line") or {}).items()}
    ingest.last_text = {str(k): str(v) for k, v in (state.get("last_text") or {}).items()}
    ingest.pauses = {
        str(j): {str(k): float(v) for k, v in p.items()} for j, p in (state.get("pauses") or {}).items()
    }
    ingest.label_hosts = {
        str(j): {str(k): str(v) for k, v in h.items()} for j, h in (state.get("label_hosts") or {}).items()
    }
    ingest.daemon_lost = {str(j): float(t) for j, t in (state.get("daemon_lost") or {}).items()}
    ingest.relaunched = {str(j): float(t) for j, t in (state.get("relaunched") or {}).items()}
    ingest.resolver_lost = {str(k): float(v) for k, v in (state.get("resolver_lost") or {}).items()}
    ingest.driver_lost = {str(k): float(v) for k, v in (state.get("driver_lost") or {}).items()}
    ingest.held_idle = {str(k): [float(x) for x in v] for k, v in (state.get("held_idle") or {}).items()}
    ingest.orderly = {str(k): float(v) for k, v in (state.get("orderly") or {}).items()}
    ingest.script_failed = {
        str(k): [float(v[0]), str(v[1]), float(v[2])] for k, v in (state.get("script_failed") or {}).items()
    }
    ingest.nonfinite = {str(k): [float(x) for x in v] for k, v in (state.get("nonfinite") or {}).items()}
    ingest.held_launch = {
        str(k): [float(v[0]), str(v[1]), float(v[2])] for k, v in (state.get("held_launch") or {}).items()
    }
    ingest.nonfatal_xid = {str(k): float(v) for k, v in (state.get("nonfatal_xid") or {}).items()}
    ingest.links = {
        str(n): [None if v[0] is None else float(v[0]), None if v[1] is None else float(v[1]), int(v[2]),
                 None if v[3] is None else float(v[3]),
                 None if len(v) < 5 or v[4] is None else float(v[4])]
        for n, v in (state.get("links") or {}).items()
        if isinstance(v, list) and len(v) >= 4
    }  # fmt: skip
