"""Write tests/slow_tests.txt, the tests `make test-fast` leaves out, from a timed run's JUnit XML.

    scripts/test.sh -m "not slurm and not browser and not chaos" --junitxml=/tmp/run.xml
    .venv/bin/python scripts/slow_tests.py /tmp/run.xml            # over 3 s (set-up and teardown included)
    .venv/bin/python scripts/slow_tests.py /tmp/run.xml --over 5
    .venv/bin/python scripts/slow_tests.py /tmp/run.xml --merge     # keep the list's slow tests too
    .venv/bin/python scripts/slow_tests.py /tmp/all.xml --merge --under tests/slurm tests/browser tests/chaos

A test is slow by what it took (set-up, call and teardown: JUnit's ``time``), not by a guess at
what it does. `make test` runs every test whatever the list says; a test added since the list was
written runs in `make test-fast` until the list is written again. `make test`'s scheduler hands the
longest work units out first by the same figures (tests/conftest.py: ``longest_first``), which is why
the Slurm, browser and chaos tests (never in `make test-fast`) are listed too: `--under` takes only
the tests under these folders from a run of everything (the last test a process runs also carries its
session's teardown: seconds that are not that test's).
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "slow_tests.txt"


def nodeid(classname: str, name: str) -> str:
    """pytest's node id from JUnit's dotted class name: the module's path, then any class."""
    parts = classname.split(".")
    for i in range(len(parts), 0, -1):
        path = "/".join(parts[:i]) + ".py"
        if (ROOT / path).is_file():
            return "::".join([path, *parts[i:], name])
    raise SystemExit(f"slow_tests: no test file for {classname!r}")


def slow_ids(xml_paths: list[str], over_s: float, under: tuple[str, ...] = ()) -> list[tuple[float, str]]:
    out: dict[str, float] = {}
    for p in xml_paths:
        for case in ET.parse(p).iter("testcase"):
            took = float(case.get("time") or 0)
            if took >= over_s:
                nid = nodeid(case.get("classname") or "", case.get("name") or "")
                if under and not nid.startswith(tuple(u.rstrip("/") + "/" for u in under)):
                    continue
                out[nid] = max(took, out.get(nid, 0.0))
    return sorted(((s, n) for n, s in out.items()), reverse=True)


def listed(path: Path = LIST, root: Path = ROOT) -> dict[str, float]:
    """The list as written, less tests whose function is gone: with --merge a test slow in any timed
    run stays slow (this machine's speed varies by 2x from day to day)."""
    out: dict[str, float] = {}
    sources: dict[str, str] = {}
    for line in path.read_text().splitlines() if path.exists() else []:
        nid, _, fig = line.partition("  # ")
        if not nid or nid.startswith("#"):
            continue
        file, _, rest = nid.partition("::")
        if file not in sources:
            sources[file] = (root / file).read_text() if (root / file).is_file() else ""
        if f"def {rest.split('::')[-1].split('[')[0]}(" in sources[file]:
            out[nid] = float(fig.split()[0]) if fig else 0.0
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("junit_xml", nargs="+")
    ap.add_argument("--over", type=float, default=3.0, help="seconds (set-up + call + teardown)")
    ap.add_argument("--merge", action="store_true", help="keep what the list already holds")
    ap.add_argument(
        "--under", nargs="+", default=[], help="only tests under these folders (e.g. tests/slurm)"
    )
    args = ap.parse_args()
    rows = slow_ids(args.junit_xml, args.over, tuple(args.under))
    if args.merge:
        took = {n: s for s, n in rows}
        for n, s in listed().items():
            took[n] = max(s, took.get(n, 0.0))
        rows = sorted(((s, n) for n, s in took.items()), reverse=True)
    head = [
        "# Tests `make test-fast` leaves out (marked `slow` by tests/conftest.py); `make test` runs them all.",
        f"# Written by scripts/slow_tests.py: each took {args.over:g} s or more (set-up, call, teardown)",
        "# in a timed run (with --merge: in any of the timed runs); the figure is the most it took.",
    ]
    LIST.write_text("\n".join(head + [f"{n}  # {s:.1f} s" for s, n in rows]) + "\n")
    print(f"slow_tests: {len(rows)} tests over {args.over:g} s written to {LIST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
