"""SSH fan-out of kernel reads, bounded: real commands run by the real local transport, in parallel.

The per-node "kernel log" is a real script that sleeps, then prints its node's lines (or
fails for the node named ``bad``); the transport is the real ``LocalTransport``, wrapped only
to count how many commands are in flight at once.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

from monitoring.collectors import kernel
from monitoring.transports import CommandResult, FileChunk, LocalTransport

SCRIPT = """\
import sys, time
node = sys.argv[1]
if node == "bad":
    print("ssh: connect to host bad port 22: No route to host", file=sys.stderr)
    sys.exit(255)
time.sleep(float(sys.argv[2]))
for i in range(2):
    print(f"[{node}] NVRM: Xid (PCI:0000:5d:00): 79 line {i}")
"""


class Counting:
    """The real local transport; counts the commands running at the same time."""

    def __init__(self) -> None:
        self.real = LocalTransport()
        self.lock = threading.Lock()
        self.now = self.peak = 0

    def run(self, argv: list[str], timeout: float = 30.0) -> CommandResult:
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)
        try:
            return self.real.run(argv, timeout)
        finally:
            with self.lock:
                self.now -= 1

    def read_from(self, path: str, offset: int, max_bytes: int) -> FileChunk:
        return self.real.read_from(path, offset, max_bytes)

    def close(self) -> None: ...


def _src(tmp_path: Path, sleep: str) -> kernel.KernelSource:
    script = tmp_path / "klog.py"
    script.write_text(SCRIPT)
    return kernel.KernelSource(
        mode="command", command=(sys.executable, str(script), "{node}", sleep), node_prefix=()
    )


def test_reads_run_in_parallel_up_to_the_bound_and_come_out_in_node_order(tmp_path: Path) -> None:
    nodes = [f"gpu-{i:02d}" for i in range(12)]
    t = Counting()
    events, st = kernel.poll(t, nodes, _src(tmp_path, "0.3"), None, now=1.0, workers=4)
    assert t.peak == 4
    assert [e["node"] for e in events] == [n for n in nodes for _ in range(2)]
    assert [e["line"] for e in events[:2]] == [
        f"[gpu-00] NVRM: Xid (PCI:0000:5d:00): 79 line {i}" for i in (0, 1)
    ]
    assert sorted(st["nodes"]) == nodes


def test_one_worker_is_sequential(tmp_path: Path) -> None:
    t = Counting()
    events, _ = kernel.poll(t, ["a", "b", "c"], _src(tmp_path, "0"), None, now=1.0, workers=1)
    assert t.peak == 1 and len(events) == 6


def test_a_failing_node_stops_no_other_and_keeps_its_state(tmp_path: Path) -> None:
    nodes = ["n1", "bad", "n2", "n3"]
    src = _src(tmp_path, "0.05")
    prior = {"nodes": {"bad": {"last": "an old line"}}, "stream": {"id": "1-0"}}
    events, st = kernel.poll(Counting(), nodes, src, prior, now=1.0, workers=8)
    assert [e["node"] for e in events] == ["n1", "n1", "n2", "n2", "n3", "n3"]
    assert st["nodes"]["bad"]["last"] == "an old line" and "No route to host" in st["nodes"]["bad"]["error"]
    assert kernel.errors(st, nodes) == {"bad": st["nodes"]["bad"]["error"]}
    assert st["stream"] == {"id": "1-0"}  # what the state held besides the nodes is kept
    # The next poll of the same output emits nothing new (the per-node "last line" held in parallel too).
    again, st2 = kernel.poll(Counting(), nodes, src, json.loads(json.dumps(st)), now=2.0, workers=8)
    assert again == [] and "error" not in st2["nodes"]["n1"]


def test_the_agent_setting_names_no_command() -> None:
    assert kernel.uses_agent(" agent ") and not kernel.uses_agent("dmesg -T")
    try:
        kernel.source_from_setting("agent")
    except ValueError as exc:
        assert "agent" in str(exc)
    else:
        raise AssertionError("'agent' must not become a command run on the nodes")
