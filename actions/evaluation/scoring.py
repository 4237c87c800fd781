"""Score replay output against a scenario's truth (FORMAT.md, "Scoring").

Per scenario: was each fault detected (and nothing raised in a healthy one),
how late (first matching incident's ``detected_t`` minus ``fault.t``), culprit
(and GPU where the truth names one) and category right, drained nodes and
requeued jobs with their exclusions exactly as expected. A drain of a node not
in ``expected.drain`` or a requeue of a job not in ``expected.requeue`` is a
*wrong action*, the worst error, counted apart.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class ScenarioScore:
    scenario: str
    faults: int
    detected: int
    false_alarms: int
    culprit_ok: int
    category_ok: int
    actions_exact: bool
    wrong_actions: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    latency_categories: list[str] = field(default_factory=list)  # the true category of each latency
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (
            self.detected == self.faults
            and self.false_alarms == 0
            and self.culprit_ok == self.faults
            and self.category_ok == self.faults
            and self.actions_exact
            and not self.wrong_actions
        )


def load_truth(folder: Path) -> dict[str, Any]:
    with open(Path(folder) / "truth.json", encoding="utf-8") as f:
        data = json.load(f)
    return data if isinstance(data, dict) else {}


def _faults(truth: dict[str, Any]) -> list[dict[str, Any]]:
    first = truth.get("fault")
    if not first:
        return []
    return [first] + [f for f in truth.get("other_faults", []) or [] if isinstance(f, dict)]


def _match(fault: dict[str, Any], incidents: list[dict[str, Any]], used: set[int]) -> int | None:
    node = fault.get("node")
    best, best_score = None, -1
    for i, inc in enumerate(incidents):
        if i in used:
            continue
        culprit = (inc.get("culprit") or {}).get("node")
        score = (2 if node is not None and culprit == node else 0) + (
            1 if inc.get("category") == fault.get("category") else 0
        )
        if node is None and culprit is None:
            score += 1
        if score > best_score:
            best, best_score = i, score
    return best if best_score > 0 else None


def _actions(incidents: list[dict[str, Any]]) -> tuple[set[str], dict[str, set[str]]]:
    drains: set[str] = set()
    requeues: dict[str, set[str]] = {}
    for inc in incidents:
        for r in inc.get("recommendations", []):
            if r.get("action") == "drain_node" and r.get("node"):
                drains.add(r["node"])
            elif r.get("action") == "requeue_job" and r.get("job") is not None:
                requeues.setdefault(str(r["job"]), set()).update(r.get("exclude") or [])
    return drains, requeues


def score(replayed: dict[str, Any], truth: dict[str, Any]) -> ScenarioScore:
    incidents = list(replayed.get("incidents", []))
    faults = _faults(truth)
    s = ScenarioScore(str(replayed.get("scenario", "?")), len(faults), 0, 0, 0, 0, True)
    used: set[int] = set()
    for fault in faults:
        i = _match(fault, incidents, used)
        if i is None:
            s.notes.append(f"missed {fault.get('category')} on {fault.get('node')}")
            continue
        used.add(i)
        inc = incidents[i]
        s.detected += 1
        s.latencies.append(round(float(inc["detected_t"]) - float(fault.get("t", 0.0)), 3))
        s.latency_categories.append(str(fault.get("category", "?")))
        culprit = inc.get("culprit") or {}
        gpu_ok = "gpu" not in fault or fault.get("gpu") is None or culprit.get("gpu") == fault.get("gpu")
        if culprit.get("node") == fault.get("node") and gpu_ok:
            s.culprit_ok += 1
        else:
            s.notes.append(f"culprit {culprit or None} != {fault.get('node')}/{fault.get('gpu')}")
        if inc.get("category") == fault.get("category"):
            s.category_ok += 1
        else:
            s.notes.append(f"category {inc.get('category')} != {fault.get('category')}")
    s.false_alarms = len(incidents) - len(used)
    _score_actions(s, incidents, truth.get("expected") or {})
    return s


def _score_actions(s: ScenarioScore, incidents: list[dict[str, Any]], expected: dict[str, Any]) -> None:
    drains, requeues = _actions(incidents)
    want_drain = set(expected.get("drain", []) or [])
    want_requeue = {
        str(j): set((v or {}).get("exclude", []) or []) for j, v in (expected.get("requeue") or {}).items()
    }
    s.actions_exact = drains == want_drain and requeues == want_requeue
    if not s.actions_exact:
        s.notes.append(f"actions: drain {sorted(drains)} requeue {_fmt(requeues)}")
    s.wrong_actions += [f"drain {n}" for n in sorted(drains - want_drain)]
    s.wrong_actions += [f"requeue {j}" for j in sorted(set(requeues) - set(want_requeue))]


def _fmt(requeues: dict[str, set[str]]) -> dict[str, list[str]]:
    return {j: sorted(v) for j, v in requeues.items()}


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(q * (len(s) - 1))))
    return s[int(k)]


def _latency_by_category(scores: list[ScenarioScore]) -> dict[str, dict[str, Any]]:
    by: dict[str, list[float]] = {}
    for s in scores:
        for cat, x in zip(s.latency_categories, s.latencies, strict=False):
            by.setdefault(cat, []).append(x)
    return {
        c: {"n": len(v), "p50_s": _percentile(v, 0.5), "p95_s": _percentile(v, 0.95)}
        for c, v in sorted(by.items())
    }


def totals(scores: list[ScenarioScore]) -> dict[str, Any]:
    faults = sum(s.faults for s in scores)
    lat = [x for s in scores for x in s.latencies]

    def ratio(n: int) -> float:
        return round(n / faults, 4) if faults else 1.0

    return {
        "scenarios": len(scores),
        "passed": sum(1 for s in scores if s.ok),
        "faults": faults,
        "detected": sum(s.detected for s in scores),
        "recall": ratio(sum(s.detected for s in scores)),
        "false_alarms": sum(s.false_alarms for s in scores),
        "culprit_accuracy": ratio(sum(s.culprit_ok for s in scores)),
        "category_accuracy": ratio(sum(s.category_ok for s in scores)),
        "action_exact_match": round(sum(1 for s in scores if s.actions_exact) / len(scores), 4)
        if scores
        else 1.0,
        "wrong_actions": sum(len(s.wrong_actions) for s in scores),
        "latency_p50_s": _percentile(lat, 0.5),
        "latency_p95_s": _percentile(lat, 0.95),
        "latency_by_category": _latency_by_category(scores),
        "per_scenario": [asdict(s) | {"ok": s.ok} for s in scores],
    }


SCORECARD_HEAD = (
    "| corpus | scenarios | passed | recall | false alarms | culprit | category | actions exact | wrong actions "
    "| p50 s | p95 s |"
)


def scorecard_row(corpus: str, scores: list[ScenarioScore]) -> str:
    """One corpus's line of docs/SCORECARD.md (``scripts/scorecard.py``; the suite checks it is current)."""
    t = totals(scores)

    def lat(x: float | None) -> str:
        return "-" if x is None else f"{x:.0f}"

    return (
        f"| {corpus} | {t['scenarios']} | {t['passed']} | {t['recall']:.3f} | {t['false_alarms']} | "
        f"{t['culprit_accuracy']:.3f} | {t['category_accuracy']:.3f} | {t['action_exact_match']:.3f} | "
        f"{t['wrong_actions']} | {lat(t['latency_p50_s'])} | {lat(t['latency_p95_s'])} |"
    )


def table(scores: list[ScenarioScore]) -> str:
    """The human-readable per-scenario table with a totals line."""
    head = f"{'scenario':<34} {'ok':<3} {'det':>5} {'lat_s':>8} {'culprit':>7} {'categ':>6} {'actions':>7} {'wrong':>5} {'fa':>3}"
    rows = [head, "-" * len(head)]
    for s in scores:
        lat = ",".join(f"{x:.1f}" for x in s.latencies) or "-"
        rows.append(
            f"{s.scenario[:34]:<34} {'✓' if s.ok else '✗':<3} {s.detected}/{s.faults:<3} {lat:>8} "
            f"{s.culprit_ok}/{s.faults:<5} {s.category_ok}/{s.faults:<4} {'exact' if s.actions_exact else 'DIFF':>7} "
            f"{len(s.wrong_actions):>5} {s.false_alarms:>3}"
        )
        rows += [f"    - {n}" for n in s.notes]
    t = totals(scores)
    rows.append("-" * len(head))
    rows.append(
        f"passed {t['passed']}/{t['scenarios']}  recall {t['recall']:.3f}  false alarms {t['false_alarms']}  "
        f"culprit {t['culprit_accuracy']:.3f}  category {t['category_accuracy']:.3f}  "
        f"actions exact {t['action_exact_match']:.3f}  wrong actions {t['wrong_actions']}  "
        f"latency p50 {t['latency_p50_s']} s  p95 {t['latency_p95_s']} s"
    )
    for cat, v in t["latency_by_category"].items():
        rows.append(f"  latency {cat:<16} n={v['n']:<3} p50 {v['p50_s']} s  p95 {v['p95_s']} s")
    return "\n".join(rows)
