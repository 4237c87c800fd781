#!/usr/bin/env python3
"""Rewrite recorded scenarios in ways that must not change a verdict, to find rules tuned to one site.

A verdict about a GPU does not depend on what a site calls its hosts, or on how long its job ids are.
This writes a copy of each scenario folder under ``OUT`` with every host renamed the same way wherever
it appears (scenario, events, truth, and the text of every line, Slurm's bracketed host lists
included), or with every job id mapped to one of another length; ``manage.py evaluate`` on the copy
then scores what it scored on the original, scenario by scenario. A difference is a rule that read a
name, not the fault.

    python scripts/metamorph.py hosts SRC OUT [--seed N]
    python scripts/metamorph.py jobs SRC OUT [--seed N]

SRC is a folder of scenario folders (``scenarios/holdout41/scenarios``). Host names are mapped by their
leading letters (``a055`` -> ``wq055``, ``gv1-04`` -> ``tkc1-04``; a name without digits to another
word), so that a host list such as ``a[049-056]`` keeps meaning the same hosts. The scenario's own
name is kept so that scores line up.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from monitoring.detectors.hostlist import expand  # noqa: E402

# Letters a site might give its hosts; words for hosts named without digits.
PREFIXES = ("wq", "tkc", "gpn", "hx", "zr", "kvm", "sx", "cmp", "jw", "dgq")
WORDS = ("kestrel", "osprey", "merlin", "harrier", "peregrine", "goshawk", "buzzard", "kite", "condor")
# Never renamed: a host called so would be renamed in the event schema's own words.
RESERVED = frozenset({"gpu", "kernel", "slurm", "joblog", "node", "job", "line", "fields", "source"})

_ALPHA = re.compile(r"[A-Za-z]+")
_BRACKET = re.compile(r"(?<![A-Za-z0-9_])([A-Za-z][A-Za-z0-9_-]*?)\[(\d[\d,\-]*)\]")


def _host_map(nodes: list[str], rng: random.Random) -> dict[str, str]:
    """Each host's new name: its leading letters replaced, the same way for every host sharing them."""
    alphas = sorted({m.group(0) for n in nodes if (m := _ALPHA.match(n)) and m.end() < len(n)})
    prefixes = [p for p in PREFIXES if p not in alphas]
    rng.shuffle(prefixes)
    by_alpha = dict(zip(alphas, prefixes, strict=False))  # more prefixes than a cluster has letters
    words = [w for w in WORDS if w not in nodes]
    rng.shuffle(words)
    out: dict[str, str] = {}
    for n in nodes:
        m = _ALPHA.match(n)
        if m and m.end() < len(n) and m.group(0) in by_alpha:
            out[n] = by_alpha[m.group(0)] + n[m.end() :]
        elif m and m.end() == len(n) and n.lower() not in RESERVED and words:
            out[n] = words.pop()
    return out


def _rename_hosts(text: str, hosts: dict[str, str]) -> str:
    def bracket(m: re.Match[str]) -> str:
        prefix = m.group(1)
        a = _ALPHA.match(prefix)
        for old, new in hosts.items():
            oa = _ALPHA.match(old)
            if a and oa and oa.group(0) == a.group(0) and old.startswith(prefix):
                return new[: len(new) - len(old) + len(prefix)] + m.group(0)[len(prefix) :]
        return m.group(0)

    text = _BRACKET.sub(bracket, text)
    if not hosts:
        return text
    names = sorted(hosts, key=len, reverse=True)
    pattern = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, names)) + r")(?![A-Za-z0-9_])")
    return pattern.sub(lambda m: hosts[m.group(1)], text)


def _job_map(ids: list[str], rng: random.Random) -> dict[str, str]:
    """Each numeric job id to a new one of another length (distinct, order kept)."""
    nums = sorted({int(i) for i in ids if i.isdigit()})
    if not nums:
        return {}
    width = 8 if len(str(nums[-1])) < 7 else 5
    base = rng.randrange(10 ** (width - 1), 9 * 10 ** (width - 1))
    out: dict[str, str] = {}
    for n in nums:
        out[str(n)] = str(base + (n - nums[0]))
    return out


def _rename_jobs(text: str, jobs: dict[str, str]) -> str:
    if not jobs:
        return text
    names = sorted(jobs, key=len, reverse=True)
    pattern = re.compile(r"(?<![0-9A-Za-z_.:])(" + "|".join(map(re.escape, names)) + r")(?![0-9A-Za-z])")
    return pattern.sub(lambda m: jobs[m.group(1)], text)


def transform(kind: str, src: Path, dst: Path, seed: int) -> None:
    scn = json.loads((src / "scenario.json").read_text())
    rng = random.Random(f"{seed}:{scn.get('name')}")
    if kind == "hosts":
        nodes = expand(scn["cluster"]["nodes"])
        mapping = _host_map(nodes, rng)

        def apply(t: str) -> str:
            return _rename_hosts(t, mapping)
    else:
        ids = [str(j["id"]) for j in scn.get("jobs", [])]
        mapping = _job_map(ids, rng)

        def apply(t: str) -> str:
            return _rename_jobs(t, mapping)

    dst.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        if f.name == "scenario.json":
            new = _walk(json.loads(f.read_text()), apply)
            new["name"] = scn["name"]
            (dst / f.name).write_text(json.dumps(new, indent=1))
        elif f.name == "truth.json":
            (dst / f.name).write_text(json.dumps(_walk(json.loads(f.read_text()), apply), indent=1))
        elif f.name in ("events.jsonl", "events.jsonl.gz"):
            opener = gzip.open if f.name.endswith(".gz") else open
            with opener(f, "rt") as fin, opener(dst / f.name, "wt") as fout:  # type: ignore[operator]
                for raw in fin:
                    try:
                        ev = json.loads(raw)
                    except ValueError:
                        fout.write(raw)  # a garbage line stays garbage
                        continue
                    fout.write(json.dumps(_walk(ev, apply)) + "\n")
        elif f.is_file():
            shutil.copy(f, dst / f.name)


def _walk(value: Any, apply: Callable[[str], str]) -> Any:
    """``value`` with ``apply`` done to every string in it, keys of mappings included (a requeue's job
    id is a key); numbers (an event's time) are left alone."""
    if isinstance(value, str):
        return apply(value)
    if isinstance(value, list):
        return [_walk(v, apply) for v in value]
    if isinstance(value, dict):
        return {apply(k): _walk(v, apply) for k, v in value.items()}
    return value


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=("hosts", "jobs"))
    ap.add_argument("src", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    folders = sorted(p for p in a.src.iterdir() if (p / "scenario.json").is_file())
    if not folders:
        print(f"metamorph: no scenario folder in {a.src}", file=sys.stderr)
        return 2
    for p in folders:
        transform(a.kind, p, a.out / p.name, a.seed)
    print(f"metamorph: {len(folders)} scenarios -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
