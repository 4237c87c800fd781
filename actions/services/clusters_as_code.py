"""Clusters as code: a YAML file that says what each cluster's connection, autonomy and guardrails are.

``plan(spec, now)`` compares the file with the database and returns the changes, touching
nothing; ``apply(changes, user, now)`` carries them out in one transaction, audited as the
admin who ran it. Applying a file twice changes nothing the second time, and ``--dry-run``
prints the plan only. Fields are checked by the model's own field validation (choices,
types), so the file cannot put a cluster in a state the admin pages could not.

The file (see deploy/clusters.example.yaml)::

    clusters:
      - name: prod-a
        partitions: [batch, canary]
        gpus_per_node: 8
        connection: {mode: ssh, host: login1, port: 22, user: recovery, key: …, known_hosts: …}
        # or, through slurmrestd: {mode: rest, url: https://slurm-api:6820, rest_user: slurm,
        #                          jwt_key: /etc/recovery/jwt.key (or token_file: …), ca_file: …,
        #                          kernel_log_command: agent}
        intervals: {poll_interval_s: 5, log_tail_interval_s: 2, gpu_sample_interval_s: 10}
        telemetry: {source: dcgm-exporter, dcgm_exporter_url: "http://{node}:9400/metrics"}
        autonomy:
          default: monitor
          isolation: approve
          restart: monitor
          monitor_only: false
          overrides:                  # present: exactly these; absent: left as they are
            - {scope: partition, target: canary, kind: isolation, level: auto}
        guardrails: {max_drains_per_hour: 4, max_partition_drained_pct: 10, …}
        silences:                     # present: exactly these are in force; absent: left as they are
          - {node: gpu-a-007, start: 2030-01-06T06:00:00Z, end: 2030-01-06T10:00:00Z, reason: PSU swap}

Clusters not named in the file are left alone (never deleted by a file). A silence is
matched by everything it says (scope, start, end, reason): one the file lists that is not
in force is created, one in force that the file no longer lists is ended early (kept in
the history), both through the silences' own verbs (role-checked, audited as the admin).
A listed silence whose end has passed is skipped, so an old file still applies cleanly.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import transaction

from actions.models import AutonomyOverride
from actions.services.actionable import release_ended_silences, switch_monitor_only
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from incidents.models import Silence
from incidents.silences import MAX_DURATION, create_silence, end_silence
from monitoring.models import Cluster

SECTIONS: dict[str, dict[str, str]] = {  # section -> {key in the file: Cluster field}
    "": {"partitions": "partitions", "gpus_per_node": "gpus_per_node", "pci_bus_ids": "pci_bus_ids"},
    "connection": {
        "mode": "connection_mode",
        "host": "ssh_host",
        "port": "ssh_port",
        "user": "ssh_user",
        "key": "ssh_key_path",
        "known_hosts": "known_hosts_path",
        "slurm_bin_dir": "slurm_bin_dir",
        "kernel_log_command": "kernel_log_command",
        "url": "rest_url",
        "rest_user": "rest_user",
        "jwt_key": "rest_jwt_key_path",
        "token_file": "rest_token_path",
        "ca_file": "rest_ca_path",
    },
    "intervals": {k: k for k in ("poll_interval_s", "log_tail_interval_s", "gpu_sample_interval_s")},
    "telemetry": {
        "source": "telemetry_source",
        "dcgm_exporter_url": "dcgm_exporter_url",
        "nvidia_smi_hop": "nvidia_smi_hop",
    },
    "autonomy": {"default": "autonomy", "isolation": "isolation_autonomy", "restart": "restart_autonomy"},
    "guardrails": {
        k: k
        for k in (
            "max_drains_per_hour",
            "max_partition_drained_pct",
            "restart_storm_limit",
            "storm_window_s",
            "storm_min_jobs",
            "storm_min_nodes",
            "recommendation_expiry_s",
            "verification_deadline_s",
            "auto_return_to_service",
            "return_healthy_s",
        )
    },
}
EXTRA_KEYS = {"autonomy": {"monitor_only", "overrides"}}
NOT_YET: dict[str, str] = {}
SILENCE_SCOPE = ("partition", "node", "job", "pattern")
SILENCE_KEYS = {*SILENCE_SCOPE, "start", "end", "reason"}
SilenceKey = tuple[str, str, str, str, dt.datetime, dt.datetime, str]  # scope, start, end, reason


class SpecError(ValueError):
    """The file is wrong; the message names where."""


@dataclass
class ClusterPlan:
    name: str
    create: bool
    fields: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # field -> (old, new)
    monitor_only: tuple[bool, bool] | None = None
    overrides_set: dict[tuple[str, str, str], tuple[str | None, str]] = field(default_factory=dict)
    overrides_removed: list[tuple[str, str, str]] = field(default_factory=list)
    silences_added: list[SilenceKey] = field(default_factory=list)
    silences_ended: list[Silence] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (
            self.create
            or self.fields
            or self.monitor_only
            or self.overrides_set
            or self.overrides_removed
            or self.silences_added
            or self.silences_ended
        )

    def lines(self) -> list[str]:
        out = [f"+ cluster {self.name}"] if self.create else []
        out += [f"~ {self.name}.{f}: {old!r} -> {new!r}" for f, (old, new) in sorted(self.fields.items())]
        if self.monitor_only:
            out.append(f"~ {self.name}.monitor_only: {self.monitor_only[0]!r} -> {self.monitor_only[1]!r}")
        for (scope, target, kind), (old, new) in sorted(self.overrides_set.items()):
            sign = "+" if old is None else "~"
            out.append(f"{sign} {self.name} override {scope} {target} {kind}: {old or '(inherit)'} -> {new}")
        out += [f"- {self.name} override {s} {t} {k}" for s, t, k in sorted(self.overrides_removed)]
        out += [f"+ {self.name} silence {_silence_words(k)}" for k in self.silences_added]
        out += [f"- {self.name} silence #{s.pk} {_silence_words(_key_of(s))}" for s in self.silences_ended]
        return out


def _key_of(s: Silence) -> SilenceKey:
    return (s.partition, s.node, s.job, s.pattern, s.starts_at, s.ends_at, s.reason)


def _silence_words(k: SilenceKey) -> str:
    scope = " ".join(f"{n} {v}" for n, v in zip(SILENCE_SCOPE, k[:4], strict=True) if v) or "whole cluster"
    return f"{scope} {k[4].isoformat()} .. {k[5].isoformat()}: {k[6]}"


def _when(value: Any, here: str) -> dt.datetime:
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError as exc:
            raise SpecError(f"{here}: {value!r} is not an ISO date and time") from exc
    if not isinstance(value, dt.datetime):
        raise SpecError(f"{here}: {value!r} is not a date and time")
    if value.tzinfo is None:
        raise SpecError(f"{here}: {value.isoformat()} needs a time zone (e.g. a trailing Z)")
    return value.astimezone(dt.UTC)


def _silences(spec: Any, where: str, now: dt.datetime, skipped: list[str]) -> list[SilenceKey]:
    if not isinstance(spec, list):
        raise SpecError(f"{where}.silences: expected a list")
    out: list[SilenceKey] = []
    for i, item in enumerate(spec):
        here = f"{where}.silences[{i}]"
        if not isinstance(item, dict) or not {"start", "end", "reason"} <= set(item) <= SILENCE_KEYS:
            raise SpecError(f"{here}: needs start, end and reason, and may name {', '.join(SILENCE_SCOPE)}")
        scope = [str(item.get(k) or "").strip() for k in SILENCE_SCOPE]
        start, end = _when(item["start"], f"{here}.start"), _when(item["end"], f"{here}.end")
        reason = str(item["reason"] or "").strip()[:500]
        if not reason:
            raise SpecError(f"{here}: a silence needs a reason")
        if end <= start or end - start > MAX_DURATION:
            raise SpecError(f"{here}: must end after it starts, within {MAX_DURATION.days} days")
        if end <= now:
            skipped.append(f"{here}: ended {end.isoformat()}, already over; skipped")
            continue
        key: SilenceKey = (scope[0], scope[1], scope[2], scope[3], start, end, reason)
        if key not in out:
            out.append(key)
    return out


@dataclass
class Plan:
    clusters: list[ClusterPlan]
    skipped: list[str]

    @property
    def empty(self) -> bool:
        return all(c.empty for c in self.clusters)

    def lines(self) -> list[str]:
        return [line for c in self.clusters for line in c.lines()]


def _model_has(name: str) -> bool:
    try:
        Cluster._meta.get_field(name)
    except FieldDoesNotExist:
        return False
    return True


def _wanted_fields(spec: dict[str, Any], where: str, skipped: list[str]) -> dict[str, Any]:
    known = set(SECTIONS) | set(SECTIONS[""]) | {"name", "silences"} | set(NOT_YET)
    for key in spec:
        if key not in known:
            raise SpecError(f"{where}: unknown key {key!r} (known: {', '.join(sorted(known - {''}))})")
    wanted: dict[str, Any] = {}
    for section, keys in SECTIONS.items():
        values = spec if section == "" else spec.get(section) or {}
        if section and not isinstance(values, dict):
            raise SpecError(f"{where}.{section}: expected a mapping")
        extra = EXTRA_KEYS.get(section, set())
        for key, value in values.items() if section else ((k, spec[k]) for k in keys if k in spec):
            if key in extra:
                continue
            if key not in keys:
                raise SpecError(
                    f"{where}.{section}: unknown key {key!r} (known: {', '.join(sorted(set(keys) | extra))})"
                )
            if not _model_has(keys[key]):
                skipped.append(
                    f"{where}.{section}.{key}: this version has no Cluster.{keys[key]} field yet; skipped"
                )
                continue
            wanted[keys[key]] = value
    for key, why in NOT_YET.items():
        if key in spec:
            skipped.append(f"{where}.{key}: {why}; skipped")
    return wanted


def _clean(name: str, value: Any, where: str) -> Any:
    f = Cluster._meta.get_field(name)
    try:
        return f.clean(value, None)
    except ValidationError as exc:
        raise SpecError(f"{where}: {name}={value!r}: {' '.join(exc.messages)}") from exc


def _overrides(spec: Any, where: str) -> dict[tuple[str, str, str], str]:
    out: dict[tuple[str, str, str], str] = {}
    if not isinstance(spec, list):
        raise SpecError(f"{where}.autonomy.overrides: expected a list")
    for i, item in enumerate(spec):
        here = f"{where}.autonomy.overrides[{i}]"
        if not isinstance(item, dict) or set(item) != {"scope", "target", "kind", "level"}:
            raise SpecError(f"{here}: needs exactly scope, target, kind and level")
        for key, fname in (("scope", "scope"), ("kind", "action_kind"), ("level", "level")):
            choices = {c[0] for c in AutonomyOverride._meta.get_field(fname).choices}
            if item[key] not in choices:
                raise SpecError(f"{here}: {key}={item[key]!r} is not one of {', '.join(sorted(choices))}")
        out[(item["scope"], str(item["target"]), item["kind"])] = item["level"]
    return out


def plan_cluster(spec: Any, index: int, skipped: list[str], now: dt.datetime) -> ClusterPlan:
    if not isinstance(spec, dict) or not spec.get("name"):
        raise SpecError(f"clusters[{index}]: each cluster needs a name")
    name = str(spec["name"])
    where = f"clusters[{index}] ({name})"
    wanted = {f: _clean(f, v, where) for f, v in _wanted_fields(spec, where, skipped).items()}
    current = Cluster.objects.filter(name=name).first()
    cp = ClusterPlan(name=name, create=current is None)
    defaults = Cluster(name=name)
    for f, new in wanted.items():
        old = getattr(current or defaults, f)
        if old != new:
            cp.fields[f] = (old, new)
    autonomy = spec.get("autonomy") or {}
    if "monitor_only" in autonomy:
        on = bool(autonomy["monitor_only"])
        was = current.monitor_only if current else False
        if was != on:
            cp.monitor_only = (was, on)
    if "overrides" in autonomy:
        want = _overrides(autonomy["overrides"], where)
        have = (
            {
                (o.scope, o.target, o.action_kind): o.level
                for o in AutonomyOverride.objects.filter(cluster=current)
            }
            if current
            else {}
        )
        cp.overrides_set = {k: (have.get(k), v) for k, v in want.items() if have.get(k) != v}
        cp.overrides_removed = [k for k in have if k not in want]
    if "silences" in spec:
        wanted_s = _silences(spec["silences"], where, now, skipped)
        in_force = (
            list(
                Silence.objects.filter(
                    cluster=current, ended_early_at__isnull=True, ends_at__gt=now
                ).order_by("starts_at", "id")
            )
            if current
            else []
        )
        have_s = {_key_of(s) for s in in_force}
        cp.silences_added = [k for k in wanted_s if k not in have_s]
        cp.silences_ended = [s for s in in_force if _key_of(s) not in wanted_s]
    return cp


def plan(spec: Any, now: dt.datetime) -> Plan:
    if not isinstance(spec, dict) or not isinstance(spec.get("clusters"), list):
        raise SpecError("the file needs a top-level 'clusters:' list")
    names = [c.get("name") for c in spec["clusters"] if isinstance(c, dict)]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise SpecError(f"cluster named twice: {', '.join(map(str, dupes))}")
    skipped: list[str] = []
    return Plan([plan_cluster(c, i, skipped, now) for i, c in enumerate(spec["clusters"])], skipped)


def _jsonable(v: Any) -> Any:
    return v if isinstance(v, (str, int, float, bool, list, dict, type(None))) else str(v)


def apply(p: Plan, user: Any, now: dt.datetime, source: str) -> int:
    """Carry out the plan as ``user`` (checked to be an admin by the caller); returns clusters changed."""
    changed = 0
    with transaction.atomic():
        for cp in p.clusters:
            if cp.empty:
                continue
            changed += 1
            cluster = Cluster.objects.filter(name=cp.name).first() or Cluster(name=cp.name)
            for f, (_, new) in cp.fields.items():
                setattr(cluster, f, new)
            cluster.save()
            for (scope, target, kind), (_, level) in cp.overrides_set.items():
                AutonomyOverride.objects.update_or_create(
                    cluster=cluster,
                    scope=scope,
                    target=target,
                    action_kind=kind,
                    defaults={"level": level, "set_by": user, "reason": f"apply {source}", "at": now},
                )
            for scope, target, kind in cp.overrides_removed:
                AutonomyOverride.objects.filter(
                    cluster=cluster, scope=scope, target=target, action_kind=kind
                ).delete()
            append_audit(
                event=AuditEvent.AUTONOMY,
                at=now,
                actor=user.username,
                cluster=cluster.name,
                action=f"apply {source}"[:64],
                outcome="created" if cp.create else "updated",
                detail={
                    "changes": {f: [_jsonable(o), _jsonable(n)] for f, (o, n) in cp.fields.items()},
                    "overrides_set": [[*k, v[1]] for k, v in sorted(cp.overrides_set.items())],
                    "overrides_removed": [list(k) for k in sorted(cp.overrides_removed)],
                    "silences_added": [_silence_words(k) for k in cp.silences_added],
                    "silences_ended": [s.pk for s in cp.silences_ended],
                },
            )
            for partition, node, job, pattern, start, end, reason in cp.silences_added:
                create_silence(
                    cluster,
                    user,
                    starts_at=start,
                    ends_at=end,
                    reason=reason,
                    now=now,
                    partition=partition,
                    node=node,
                    job=job,
                    pattern=pattern,
                )
            for silence in cp.silences_ended:
                end_silence(silence, user, now)
            if cp.silences_ended:  # what they held is routed again now, not at the next tick
                release_ended_silences(cluster, now, actor=user)
            if (
                cp.monitor_only
            ):  # the switch's own verb: pulling holds automatic actions, releasing routes them
                switch_monitor_only(cluster, cp.monitor_only[1], user, now, reason=f"apply {source}")
    return changed
