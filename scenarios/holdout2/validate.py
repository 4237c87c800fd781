#!/usr/bin/env python3
"""Check every scenario folder against FORMAT.md (recovery-scenario/1): files, ordering, references."""
import json
import sys
from pathlib import Path

from build import expand_hostlist

CATS = {"gpu_hardware", "gpu_degraded", "network", "node_failure", "hang", "software", "infrastructure"}
SOURCES = {"joblog", "kernel", "gpu", "slurm"}


def check(d):
    errs = []
    for f in ("scenario.json", "events.jsonl", "truth.json"):
        if not (d / f).exists():
            return [f"missing {f}"]
    sc = json.loads((d / "scenario.json").read_text())
    tr = json.loads((d / "truth.json").read_text())
    if sc.get("format") != "recovery-scenario/1":
        errs.append("bad format tag")
    if sc.get("name") != d.name:
        errs.append("name != folder")
    cl = sc["cluster"]
    cnodes = set(expand_hostlist(cl["nodes"]))
    gpn = cl["gpus_per_node"]
    if "pci_bus_ids" in cl and len(cl["pci_bus_ids"]) != gpn:
        errs.append("pci_bus_ids length != gpus_per_node")
    jobs = {}
    for j in sc["jobs"]:
        jn = expand_hostlist(j["nodes"])
        if not set(jn) <= cnodes:
            errs.append(f"job {j['id']} nodes outside cluster")
        if j["tasks_per_node"] > gpn:
            errs.append(f"job {j['id']} tasks_per_node > gpus_per_node")
        rec = {}
        try:
            rec = json.loads(j.get("comment") or "{}").get("recovery", {})
        except json.JSONDecodeError:
            pass
        jobs[j["id"]] = (jn, rec.get("max_requeues", 0) if isinstance(rec, dict) else 0)
    last = -1.0
    for i, line in enumerate((d / "events.jsonl").read_text().splitlines()):
        e = json.loads(line)
        t = e["t"]
        if not isinstance(t, (int, float)) or t < 0:
            errs.append(f"line {i}: bad t")
        if t < last:
            errs.append(f"line {i}: t goes backwards ({t} < {last})")
        last = t
        s = e["source"]
        if s not in SOURCES:
            errs.append(f"line {i}: unknown source {s}")
        if s == "joblog" and (e["job"] not in jobs or not isinstance(e["line"], str)):
            errs.append(f"line {i}: joblog job/line")
        if s in ("kernel", "gpu") and e["node"] not in cnodes:
            errs.append(f"line {i}: node {e['node']} not in cluster")
        if s == "gpu" and not (0 <= e["gpu"] < gpn):
            errs.append(f"line {i}: gpu index")
        if s == "slurm":
            k = e["kind"]
            if k == "node_state":
                if e["node"] not in cnodes or "state" not in e or "reason" not in e:
                    errs.append(f"line {i}: node_state fields")
            elif k == "job_state":
                if e["job"] not in jobs or "state" not in e or ":" not in e.get("exit_code", ""):
                    errs.append(f"line {i}: job_state fields")
            else:
                errs.append(f"line {i}: unknown slurm kind")
    faults = ([tr["fault"]] if tr["fault"] else []) + tr.get("other_faults", [])
    for f in faults:
        if f["category"] not in CATS:
            errs.append(f"bad category {f['category']}")
        if f.get("node") is not None and f["node"] not in cnodes:
            errs.append("fault node not in cluster")
        if "gpu" in f and not (0 <= f["gpu"] < gpn):
            errs.append("fault gpu index")
        if f["category"] in ("software", "infrastructure") and f.get("node") is not None:
            errs.append("software/infrastructure fault should have node null")
    ex = tr["expected"]
    for n in ex["drain"] + ex["no_drain"]:
        if n not in cnodes:
            errs.append(f"expected node {n} not in cluster")
    if set(ex["drain"]) & set(ex["no_drain"]):
        errs.append("node both drain and no_drain")
    for jid, r in ex["requeue"].items():
        if jid not in jobs:
            errs.append(f"requeue unknown job {jid}")
        elif jobs[jid][1] < 1:
            errs.append(f"requeue of job {jid} that did not opt in")
        for n in r.get("exclude", []):
            if n not in cnodes:
                errs.append(f"exclude node {n} not in cluster")
    for jid in ex["no_requeue"]:
        if jid not in jobs:
            errs.append(f"no_requeue unknown job {jid}")
        if jid in ex["requeue"]:
            errs.append(f"job {jid} both requeue and no_requeue")
    if tr["fault"] is None and (ex["drain"] or ex["requeue"]):
        errs.append("healthy scenario expects actions")
    if faults and faults[0]["t"] > last:
        errs.append("fault.t after last event")
    return errs


def main():
    root = Path(__file__).resolve().parent / "scenarios"
    bad = 0
    for d in sorted(p for p in root.iterdir() if p.is_dir()):
        errs = check(d)
        print(f"{'OK  ' if not errs else 'FAIL'} {d.name}" + ("" if not errs else ": " + "; ".join(errs[:8])))
        bad += bool(errs)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
