"""A fake ``sinfo``/``squeue``/``scontrol`` on PATH whose drain can be made to stop half-way.

The node table is a JSON file next to the scripts. ``scontrol update ... State=DRAIN``
appends a line to ``drains.log`` each time it changes a node (so a double drain is
counted, whatever the controller records), and blocks while a gate file exists:

* ``block-before-apply``: the command hangs before Slurm took the drain (the worker
  dies with the node still up);
* ``block-after-apply``: the drain is taken, then the command hangs (the worker dies
  before it heard back).

Entering a block writes ``blocked`` (with the script's pid), so a test knows the worker
is inside the executor at that very moment, not roughly.

``scontrol reboot reason=.. NODE`` reboots a node: it appends a line to ``reboots.log``
(every reboot Slurm was asked to carry out, counted whatever the controller records), shows
the node ``+REBOOT_ISSUED`` for ``REBOOT_S`` seconds, then with a new ``BootTime`` (the
drain and its reason kept, as slurmctld does without ``nextstate``). Its gates are
``block-reboot-before-apply`` and ``block-reboot-after-apply``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

SCONTROL = r"""#!{python}
import json, os, sys, time
from pathlib import Path

HERE = Path({here!r})
TABLE = HERE / "nodes.json"
REBOOT_S = 3.0  # how long a reboot takes here


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))


def load():
    return json.loads(TABLE.read_text())


def save(nodes):
    tmp = TABLE.with_suffix(".tmp%d" % os.getpid())
    tmp.write_text(json.dumps(nodes))
    tmp.replace(TABLE)


def booted(nodes):
    # nodes whose reboot is over come back with a new boot time (written once, by whoever sees it)
    done = [n for n in nodes.values() if n.get("reboot_until") and time.time() >= n["reboot_until"]]
    for n in done:
        n.update(boot=iso(n["reboot_until"]), reboot_until=0)
    if done:
        save(nodes)
    return nodes


def line(name, n):
    state = n["state"] + ("+DRAIN" if n["drain"] else "") + ("+REBOOT_ISSUED" if n.get("reboot_until") else "")
    reason = n["reason"] or "(null)"
    return "NodeName=%s CPUTot=64 Gres=gpu:8 State=%s Partitions=batch BootTime=%s Reason=%s" % (
        name, state, n.get("boot", "2026-12-01T00:00:00"), reason)


def gate(name):
    if (HERE / name).exists():
        # written aside and renamed: a test polling for ``blocked`` never reads it half written
        part = HERE / ("blocked.%d" % os.getpid())
        part.write_text("%s %d\n" % (name, os.getpid()))
        os.replace(part, HERE / "blocked")
        while (HERE / name).exists():
            time.sleep(0.05)


args = sys.argv[1:]
if args[:1] == ["-o"]:
    args = args[1:]
if args[:2] == ["show", "node"]:
    if not args[2:]:
        gate("block-inventory")  # the tick's inventory read: the worker is inside a tick
    nodes = booted(load())
    names = args[2:] or sorted(nodes)
    for name in names:
        if name not in nodes:
            print("Node %s not found" % name)
            sys.exit(1)
        print(line(name, nodes[name]))
    sys.exit(0)
if args[:2] == ["show", "job"]:
    sys.exit(0)  # no jobs
if args[:1] == ["reboot"]:
    names = [a for a in args[1:] if "=" not in a and a.upper() not in ("ASAP",)]
    nodes = booted(load())
    if len(names) != 1 or names[0] not in nodes:
        print("Invalid node name specified", file=sys.stderr)
        sys.exit(1)
    name = names[0]
    gate("block-reboot-before-apply")
    nodes = booted(load())
    nodes[name].update(reboot_until=time.time() + REBOOT_S)
    save(nodes)
    with open(HERE / "reboots.log", "a") as fh:
        fh.write("%s %s\n" % (name, nodes[name].get("boot", "2026-12-01T00:00:00")))
    gate("block-reboot-after-apply")
    sys.exit(0)
if args[:1] == ["update"]:
    fields = dict(a.split("=", 1) for a in args[1:] if "=" in a)
    name = fields.get("NodeName", "")
    nodes = load()
    if name not in nodes:
        print("Invalid node name specified", file=sys.stderr)
        sys.exit(1)
    if fields.get("State") == "DRAIN":
        gate("block-before-apply")
        nodes = load()
        nodes[name].update(drain=True, reason=fields.get("Reason", "") + " [slurm@2026-12-01T10:00:00]")
        save(nodes)
        with open(HERE / "drains.log", "a") as fh:
            fh.write(name + "\n")
        gate("block-after-apply")
        sys.exit(0)
    if fields.get("State") == "RESUME":
        nodes[name].update(drain=False, reason="")
        save(nodes)
        sys.exit(0)
print("scontrol (fake): %s is not supported here" % " ".join(args), file=sys.stderr)
sys.exit(1)
"""

EMPTY = "#!/bin/sh\nexit 0\n"  # no JSON: the client falls back to scontrol -o show node/job


def install(bin_dir: Path, nodes: list[str]) -> None:
    """Write the fake commands and a node table of idle, undrained nodes into ``bin_dir``."""
    (bin_dir / "nodes.json").write_text(
        json.dumps({n: {"state": "IDLE", "drain": False, "reason": ""} for n in nodes})
    )
    scripts = {
        "scontrol": SCONTROL.replace("{python}", sys.executable).replace("{here!r}", repr(str(bin_dir))),
        "sinfo": EMPTY,
        "squeue": EMPTY,
    }
    for name, text in scripts.items():
        path = bin_dir / name
        path.write_text(text)
        path.chmod(0o755)


def set_nodes(bin_dir: Path, change: dict[str, dict[str, object]]) -> None:
    """Change nodes in the table the way the world would: written aside and renamed, so a
    fake ``scontrol`` reading it at that moment never sees half a file."""
    table = bin_dir / "nodes.json"
    nodes = json.loads(table.read_text())
    for name, fields in change.items():
        nodes[name].update(fields)
    part = table.with_suffix(".test")
    part.write_text(json.dumps(nodes))
    part.replace(table)


def drains(bin_dir: Path) -> list[str]:
    """Every drain Slurm actually took, in order (one line per change)."""
    log = bin_dir / "drains.log"
    return log.read_text().split() if log.exists() else []


def reboots(bin_dir: Path) -> list[str]:
    """Every reboot Slurm actually took, in order (one line per ``scontrol reboot``)."""
    log = bin_dir / "reboots.log"
    return [ln.split()[0] for ln in log.read_text().splitlines()] if log.exists() else []


def drained(bin_dir: Path, node: str) -> bool:
    return bool(json.loads((bin_dir / "nodes.json").read_text())[node]["drain"])
