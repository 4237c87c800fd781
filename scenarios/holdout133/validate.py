#!/usr/bin/env python3
"""Validate holdout133's ./scenarios against FORMAT.md (`recovery-scenario/1`).

Also checks that every REAL_* literal in build.py cites a URL and occurs verbatim in the events
(in a `line`, or -- since holdout12 -- in a Slurm event's `reason`, where real Slurm reason text is placed).
Checks per scenario: exact file set; format tag and name; cluster/jobs shape; every
event parses, is ordered by `t`, uses a known source with its required fields, and
references a job / node / GPU that exists; Slurm kinds and `exit_code` form; truth
categories, culprit references, requeue only for opted-in jobs with exclusions inside
the job's nodes, drain/no_drain and requeue/no_requeue disjoint, healthy scenarios act
on nothing, truth.json holds only FORMAT's keys, every node-fault category's culprit is
drained and every opted-in job running on it is requeued without it. Corpus-wide: a
notes/<name>.md per scenario (and none inside scenario folders), a README row per
scenario, events.jsonl under 300 KB each, 6-12 scenarios, a folder size budget, and no URL that an earlier
corpus already used: holdout*/README.md, notes, SCORES.md, holdout*/build.py (URLs only, read as text),
scenario.json/truth.json of every corpus (public, real, synthetic, unseen, holdout*), any README there --
holdout18 and holdout19 included; files under this folder are skipped unless they sit inside EARLIER_SCENARIOS
(holdout133's earlier corpora live in /work/blind133/earlier, the default). Exits 1 on any error.
"""
from __future__ import annotations

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = os.path.join(HERE, "scenarios")
NOTES = os.path.join(HERE, "notes")
FORMAT = "recovery-scenario/1"
FILES = {"scenario.json", "events.jsonl", "truth.json"}
CATEGORIES = {"gpu_hardware", "gpu_degraded", "network", "node_failure", "hang", "software", "infrastructure"}
NODE_CATEGORIES = {"gpu_hardware", "gpu_degraded", "network", "node_failure", "hang"}
SOURCES = {"joblog", "kernel", "gpu", "slurm"}
KINDS = {"node_state", "job_state"}
JOB_STATES = {"RUNNING", "FAILED", "NODE_FAIL", "TIMEOUT", "CANCELLED", "COMPLETED", "PENDING",
              "PREEMPTED", "REQUEUED", "SUSPENDED", "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE"}
NODE_STATE_RE = re.compile(r"^(IDLE|ALLOCATED|MIXED|DOWN|DRAINED|DRAINING|COMPLETING|RESERVED|MAINT|FUTURE|UNKNOWN)(\+[A-Z_]+)*$")
EXIT_RE = re.compile(r"^\d+:\d+$")
ISO_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
SIZE_BUDGET = 3 * 1024 * 1024
EVENTS_LIMIT = 300 * 1024
DRAIN_CATEGORIES = {"gpu_hardware", "gpu_degraded", "network", "node_failure"}
TRUTH_KEYS = {"fault", "expected", "other_faults"}
EXPECTED_KEYS = {"drain", "requeue", "no_requeue", "no_drain"}


EARLIER = os.environ.get("EARLIER_SCENARIOS", "/work/blind133/earlier")
URL_RE = re.compile(r"https?://[^\s)\"'`>|\]]+")


def norm_url(u: str) -> str:
    return u.rstrip(".,;:)/").lower().replace("http://", "https://")


def earlier_urls() -> set:
    """URLs cited by earlier corpora (holdout..holdout19, public, real, synthetic, unseen): READMEs, notes, SCORES,
    build.py text, scenario/truth JSON."""
    import glob
    files = glob.glob(os.path.join(EARLIER, "holdout*", "README.md")) + \
        glob.glob(os.path.join(EARLIER, "holdout*", "SCORES.md")) + \
        glob.glob(os.path.join(EARLIER, "holdout*", "notes", "*")) + \
        glob.glob(os.path.join(EARLIER, "holdout*", "build.py")) + \
        glob.glob(os.path.join(EARLIER, "*", "*", "scenario.json")) + \
        glob.glob(os.path.join(EARLIER, "*", "*", "truth.json")) + \
        glob.glob(os.path.join(EARLIER, "holdout*", "scenarios", "*", "*.json")) + \
        glob.glob(os.path.join(EARLIER, "*", "README*")) + \
        glob.glob(os.path.join(EARLIER, "*", "*", "README*"))
    out: set = set()
    me = os.path.realpath(HERE) + os.sep
    earlier_root = os.path.realpath(EARLIER) + os.sep
    for f in files:
        rf = os.path.realpath(f)
        if rf.startswith(me) and not rf.startswith(earlier_root):
            continue
        if os.path.isfile(f):
            out |= {norm_url(u) for u in URL_RE.findall(open(f, encoding="utf-8", errors="replace").read())}
    return out


def expand_hostlist(expr: str) -> list[str]:
    out: list[str] = []
    for part in re.findall(r"[^,\[]+(?:\[[^\]]*\])?[^,]*", expr):
        m = re.match(r"^(.*)\[([^\]]*)\](.*)$", part)
        if not m:
            out.append(part)
            continue
        pre, body, post = m.groups()
        for rng in body.split(","):
            if "-" in rng:
                a, b = rng.split("-")
                out.extend(f"{pre}{str(i).zfill(len(a))}{post}" for i in range(int(a), int(b) + 1))
            else:
                out.append(f"{pre}{rng}{post}")
    return out


def opted_in(job: dict) -> bool:
    try:
        rec = json.loads(job.get("comment") or "{}").get("recovery")
    except (ValueError, AttributeError):
        return False
    return isinstance(rec, dict) and int(rec.get("max_requeues", 0)) > 0


def check_scenario(name: str) -> tuple[list[str], dict]:
    errs: list[str] = []
    d = os.path.join(SCEN, name)
    present = set(os.listdir(d))
    if present != FILES:
        errs.append(f"file set {sorted(present)} != {sorted(FILES)}")
        if not FILES <= present:
            return errs, {}
    scen = json.load(open(os.path.join(d, "scenario.json"), encoding="utf-8"))
    truth = json.load(open(os.path.join(d, "truth.json"), encoding="utf-8"))
    if scen.get("format") != FORMAT:
        errs.append(f"format tag {scen.get('format')!r}")
    if scen.get("name") != name:
        errs.append(f"name {scen.get('name')!r} != folder")
    if not ISO_RE.match(scen.get("start", "")):
        errs.append("start is not YYYY-MM-DDTHH:MM:SSZ")
    cl = scen.get("cluster", {})
    for k in ("name", "partition", "nodes", "gpus_per_node"):
        if k not in cl:
            errs.append(f"cluster.{k} missing")
    nodes = set(expand_hostlist(cl.get("nodes", "")))
    ngpu = int(cl.get("gpus_per_node", 0))
    if "pci_bus_ids" in cl and len(cl["pci_bus_ids"]) != ngpu:
        errs.append("pci_bus_ids length != gpus_per_node")
    jobs = {}
    for j in scen.get("jobs", []):
        for k in ("id", "name", "user", "nodes", "tasks_per_node", "started"):
            if k not in j:
                errs.append(f"job {j.get('id')}: {k} missing")
        jn = expand_hostlist(j.get("nodes", ""))
        if not set(jn) <= nodes:
            errs.append(f"job {j.get('id')}: nodes outside cluster {sorted(set(jn) - nodes)}")
        if not ISO_RE.match(j.get("started", "")):
            errs.append(f"job {j.get('id')}: bad started")
        if "comment" in j:
            try:
                json.loads(j["comment"])
            except ValueError:
                errs.append(f"job {j['id']}: comment is not JSON")
        jobs[j["id"]] = {"nodes": jn, "opted": opted_in(j)}
    for h in scen.get("history", []) or []:
        if h.get("node") not in nodes:
            errs.append(f"history node {h.get('node')} not in cluster")
        if h.get("category") not in CATEGORIES:
            errs.append(f"history category {h.get('category')}")
    # events
    last_t = -1.0
    counts = {s: 0 for s in SOURCES}
    with open(os.path.join(d, "events.jsonl"), encoding="utf-8") as f:
        for i, raw in enumerate(f, 1):
            try:
                ev = json.loads(raw)
            except ValueError as e:
                errs.append(f"events:{i} not JSON ({e})")
                continue
            t = ev.get("t")
            if not isinstance(t, (int, float)) or t < 0:
                errs.append(f"events:{i} bad t {t!r}")
                continue
            if t < last_t:
                errs.append(f"events:{i} out of order ({t} < {last_t})")
            last_t = t
            src = ev.get("source")
            if src not in SOURCES:
                errs.append(f"events:{i} unknown source {src!r}")
                continue
            counts[src] += 1
            if src == "joblog":
                if ev.get("job") not in jobs or not isinstance(ev.get("line"), str):
                    errs.append(f"events:{i} joblog job/line invalid")
            elif src == "kernel":
                if ev.get("node") not in nodes or not isinstance(ev.get("line"), str):
                    errs.append(f"events:{i} kernel node/line invalid")
            elif src == "gpu":
                if ev.get("node") not in nodes:
                    errs.append(f"events:{i} gpu node {ev.get('node')} not in cluster")
                if not isinstance(ev.get("gpu"), int) or not 0 <= ev["gpu"] < ngpu:
                    errs.append(f"events:{i} gpu index {ev.get('gpu')}")
                fl = ev.get("fields")
                if not isinstance(fl, dict) or not fl or not all(k.startswith("DCGM_FI_") and isinstance(v, (int, float)) for k, v in fl.items()):
                    errs.append(f"events:{i} gpu fields invalid")
            elif src == "slurm":
                kind = ev.get("kind")
                if kind not in KINDS:
                    errs.append(f"events:{i} slurm kind {kind!r}")
                elif kind == "node_state":
                    if ev.get("node") not in nodes or not NODE_STATE_RE.match(ev.get("state", "")) or not isinstance(ev.get("reason"), str):
                        errs.append(f"events:{i} node_state invalid")
                else:
                    if ev.get("job") not in jobs or ev.get("state") not in JOB_STATES or not EXIT_RE.match(ev.get("exit_code", "")):
                        errs.append(f"events:{i} job_state invalid")
                    if "nodes" in ev and not set(expand_hostlist(ev["nodes"])) <= nodes:
                        errs.append(f"events:{i} job_state nodes outside cluster")
    # truth
    fault = truth.get("fault", "missing")
    exp = truth.get("expected")
    if fault == "missing" or not isinstance(exp, dict):
        errs.append("truth: fault/expected missing")
        return errs, {}
    for k in ("drain", "requeue", "no_requeue", "no_drain"):
        if k not in exp:
            errs.append(f"truth.expected.{k} missing")
    if set(truth) - TRUTH_KEYS:
        errs.append(f"truth has extra keys {sorted(set(truth) - TRUTH_KEYS)}")
    if set(exp) != EXPECTED_KEYS:
        errs.append(f"truth.expected keys {sorted(exp)} != {sorted(EXPECTED_KEYS)}")
    if fault is None and truth.get("other_faults"):
        errs.append("other_faults without a first fault")
    faults = [] if fault is None else [fault] + list(truth.get("other_faults", []))
    if fault is not None and any(not isinstance(f, dict) for f in faults):
        errs.append("faults must be objects")
        return errs, {}
    if len(faults) > 1 and any(faults[i]["t"] < faults[0]["t"] for i in range(1, len(faults))):
        errs.append("fault must be the first of the faults (smallest t)")
    for fl in faults:
        if fl.get("category") not in CATEGORIES:
            errs.append(f"truth category {fl.get('category')!r}")
        if not isinstance(fl.get("t"), (int, float)) or fl["t"] < 0 or fl["t"] > last_t:
            errs.append(f"truth fault.t {fl.get('t')} outside the event stream")
        node = fl.get("node")
        if fl.get("category") in NODE_CATEGORIES and node not in nodes:
            errs.append(f"truth: {fl.get('category')} needs a culprit node in the cluster, got {node!r}")
        if fl.get("category") in ("software", "infrastructure") and node is not None:
            errs.append("truth: software/infrastructure culprit must be null")
        if "gpu" in fl and not (isinstance(fl["gpu"], int) and 0 <= fl["gpu"] < ngpu):
            errs.append(f"truth gpu {fl['gpu']!r}")
    drain, no_drain = set(exp.get("drain", [])), set(exp.get("no_drain", []))
    req, no_req = exp.get("requeue", {}), set(exp.get("no_requeue", []))
    if drain & no_drain:
        errs.append(f"drain/no_drain overlap {sorted(drain & no_drain)}")
    if set(req) & no_req:
        errs.append(f"requeue/no_requeue overlap {sorted(set(req) & no_req)}")
    for n in drain | no_drain:
        if n not in nodes:
            errs.append(f"truth node {n} not in cluster")
    for j in no_req:
        if j not in jobs:
            errs.append(f"no_requeue job {j} unknown")
    for j, spec in req.items():
        if j not in jobs:
            errs.append(f"requeue job {j} unknown")
            continue
        if not jobs[j]["opted"]:
            errs.append(f"requeue job {j} did not opt in (recovery.max_requeues > 0)")
        ex = spec.get("exclude") if isinstance(spec, dict) else None
        if not isinstance(ex, list) or not set(ex) <= set(jobs[j]["nodes"]):
            errs.append(f"requeue {j}: exclude must list nodes of the job")
    if fault is None and (drain or req):
        errs.append("healthy scenario must not drain or requeue")
    # consistency of the expected actions with the faults (FORMAT's default policy)
    must_drain = {f.get("node") for f in faults if f.get("category") in DRAIN_CATEGORIES}
    if drain - must_drain - {f.get("node") for f in faults if f.get("category") == "hang"}:
        errs.append(f"drain names nodes no fault justifies: {sorted(drain - must_drain)}")
    for n in must_drain - drain:
        errs.append(f"node fault on {n} but it is not in expected.drain")
    for f in faults:
        node = f.get("node")
        if f.get("category") not in DRAIN_CATEGORIES | {"hang"}:
            continue
        for jid, jinfo in jobs.items():
            if node in jinfo["nodes"] and jinfo["opted"]:
                if jid not in req:
                    errs.append(f"opted-in job {jid} runs on culprit {node} but is not requeued")
                elif node not in req[jid].get("exclude", []):
                    errs.append(f"requeue {jid} does not exclude culprit {node}")
    for jid in req:
        if not any(f.get("node") in jobs.get(jid, {}).get("nodes", []) for f in faults if f.get("category") in DRAIN_CATEGORIES | {"hang"}):
            errs.append(f"requeue {jid} but no node fault touches it")
    ev_bytes = os.path.getsize(os.path.join(d, "events.jsonl"))
    if ev_bytes > EVENTS_LIMIT:
        errs.append(f"events.jsonl is {ev_bytes} bytes (> {EVENTS_LIMIT})")
    info = {
        "category": "healthy" if fault is None else fault["category"],
        "events": sum(counts.values()),
        "counts": counts,
        "bytes": sum(os.path.getsize(os.path.join(d, f)) for f in FILES if f in present),
    }
    return errs, info


# REAL_* constants kept only as a format template (not emitted verbatim); see notes.
TEMPLATE_ONLY: set = set()


def check_real_lines(names: list[str]) -> int:
    """Provenance: every REAL_* literal in build.py sits under a comment block naming a URL,
    and its body (after the prefix build.py may rewrite) occurs verbatim in some event line."""
    src = open(os.path.join(HERE, "build.py"), encoding="utf-8").read()
    lines = src.splitlines()
    bad = 0
    ns: dict = {}
    import importlib.util
    spec = importlib.util.spec_from_file_location("h23build", os.path.join(HERE, "build.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # defines constants only; main() is guarded
    text = []
    for n in names:
        with open(os.path.join(SCEN, n, "events.jsonl"), encoding="utf-8") as f:
            for raw in f:
                ev = json.loads(raw)
                if "line" in ev:
                    text.append(ev["line"])
                if ev.get("source") == "slurm" and isinstance(ev.get("reason"), str):
                    text.append(ev["reason"])
    blob = "\n".join(text)
    strip = [r"^[A-Z][a-z]{2} +\d+ \d\d:\d\d:\d\d \S+ kernel: ",         # journal prefix (stamp + host)
             r"^\[?\s*\d+\.\d+\] ?",                                   # kernel uptime stamp
             r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \| ",                      # fairseq stamp
             r"^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{6}",                      # absl stamp
             r"^\^C",                                                     # terminal echo of Ctrl-C
             r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ",                            # InnerEye/AzureML ISO stamp
             r"^[\w.-]+:\d+:\d+ \[\d+\] "]                                 # NCCL host:pid:tid [dev]
    for i, l in enumerate(lines):
        m = re.match(r"^(REAL_[A-Z0-9_]+)\s*=", l)
        if not m:
            continue
        name = m.group(1)
        j = i - 1
        cited = False
        while j >= 0 and (lines[j].startswith("#") or lines[j].startswith("REAL_") or lines[j].startswith("    ") or lines[j].startswith("]")):
            if "https://" in lines[j]:
                cited = True
                break
            j -= 1
        if not cited:
            print(f"FAIL build.py: {name} has no source URL in the comment above it")
            bad += 1
        if name in TEMPLATE_ONLY:
            continue
        val = getattr(mod, name)
        for item in ([val] if isinstance(val, str) else list(val)):
            body = item
            for pat in strip:
                body = re.sub(pat, "", body)
            if body.strip() and body not in blob:
                print(f"FAIL {name}: real line not found verbatim in any event: {body[:80]!r}")
                bad += 1
    return bad


def main() -> int:
    if not os.path.isdir(SCEN):
        print("no scenarios/ -- run build.py first")
        return 1
    names = sorted(n for n in os.listdir(SCEN) if os.path.isdir(os.path.join(SCEN, n)))
    bad = 0
    cats: dict[str, int] = {}
    total = 0
    for n in names:
        errs, info = check_scenario(n)
        note = os.path.join(NOTES, f"{n}.md")
        if not os.path.isfile(note):
            errs.append(f"notes/{n}.md missing")
        if info:
            cats[info["category"]] = cats.get(info["category"], 0) + 1
            total += info["bytes"]
        status = "OK  " if not errs else "FAIL"
        detail = f"{info.get('category', '?'):15s} {info.get('events', 0):4d} events ({', '.join(f'{k} {v}' for k, v in sorted(info.get('counts', {}).items()) if v)})" if info else ""
        print(f"{status} {n:45s} {detail}")
        for e in errs:
            print(f"       - {e}")
        bad += bool(errs)
    readme = open(os.path.join(HERE, "README.md"), encoding="utf-8").read() if os.path.isfile(os.path.join(HERE, "README.md")) else ""
    for n in names:
        if f"| {n} |" not in readme:
            print(f"FAIL README.md has no table row for {n}")
            bad += 1
    stray = [n for n in os.listdir(NOTES) if n.endswith(".md") and n[:-3] not in names] if os.path.isdir(NOTES) else []
    if stray:
        print(f"FAIL stray notes without a scenario: {stray}")
        bad += 1
    bad += check_real_lines(names)
    used = earlier_urls()
    if not used:
        print("FAIL no earlier-corpus URLs found; reuse check cannot run")
        bad += 1
    mine: set = set()
    for fpath in [os.path.join(HERE, "build.py"), os.path.join(HERE, "README.md")] + \
            [os.path.join(NOTES, n) for n in (os.listdir(NOTES) if os.path.isdir(NOTES) else [])]:
        if os.path.isfile(fpath):
            mine |= {norm_url(u) for u in URL_RE.findall(open(fpath, encoding="utf-8").read())}
    reused = sorted(mine & used)
    if reused:
        print(f"FAIL URLs already used by earlier corpora: {reused}")
        bad += 1
    else:
        print(f"reuse check: {len(mine)} URLs here, {len(used)} used earlier, none shared")
    corpus = 0
    earlier_root = os.path.realpath(EARLIER)
    for root, _, files in os.walk(HERE):
        if "/." in root or os.path.realpath(root).startswith(earlier_root):
            continue
        corpus += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    print(f"\n{len(names)} scenarios, {bad} with errors; categories: {dict(sorted(cats.items()))}")
    print(f"scenario bytes {total}, whole holdout133 folder {corpus} bytes (budget {SIZE_BUDGET})")
    if corpus > SIZE_BUDGET:
        print("FAIL over size budget")
        bad += 1
    if not 6 <= len(names) <= 12:
        print("FAIL expected 6 to 12 scenarios")
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
