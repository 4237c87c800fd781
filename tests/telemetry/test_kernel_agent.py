"""The node agent tailing its own kernel log: a real agent process, real files and commands, real Redis.

Each test runs ``python -m monitoring.telemetry.agent --kernel ...`` as a subprocess against
the real Redis under a key prefix of its own, and reads back the cluster's kernel stream.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from monitoring.collectors import kernel_stream as ks
from tests import children

ROOT = Path(__file__).resolve().parents[2]
NODE = "gpu-0042"
# A dmesg stand-in: prints the node's ring buffer (a file the test appends to), as dmesg would.
FAKE_DMESG = "import sys\nsys.stdout.write(open(sys.argv[1]).read())\n"


@pytest.fixture
def stream(real_redis: tuple[Any, str]) -> Iterator[tuple[Any, str]]:
    yield real_redis


def _argv(prefix: str, kernel: str, state: Path, *extra: str, redis_url: str | None = None) -> list[str]:
    url = redis_url or os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15")
    return [
        sys.executable,
        "-m",
        "monitoring.telemetry.agent",
        "--cluster",
        "c1",
        "--node",
        NODE,
        "--redis",
        url,
        "--prefix",
        prefix,
        "--kernel",
        kernel,
        "--state-dir",
        str(state),
        *extra,
    ]


def _once(prefix: str, kernel: str, state: Path, *extra: str, redis_url: str | None = None) -> str:
    out = subprocess.run(
        _argv(prefix, kernel, state, "--once", *extra, redis_url=redis_url),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return out.stderr


def _lines(r: Any, prefix: str) -> list[str]:
    return [f[b"line"].decode() for _, f in r.xrange(ks.stream_key("c1", prefix))]


def _beat(r: Any, prefix: str) -> dict[str, Any] | None:
    raw = r.hget(ks.agents_key("c1", prefix), NODE)
    return json.loads(raw) if raw else None


def _append(path: Path, *lines: str) -> None:
    with path.open("a") as fh:
        fh.write("".join(line + "\n" for line in lines))


def test_a_file_is_tailed_from_its_end_and_each_line_pushed_once(stream: Any, tmp_path: Path) -> None:
    r, prefix = stream
    log = tmp_path / "kern.log"
    log.write_text("history before the agent started\n")
    state = tmp_path / "state"
    # No --no-gpu: on this machine without NVML the GPU half idles and the kernel tail still works.
    _once(prefix, f"file:{log}", state)
    assert _lines(r, prefix) == [] and _beat(r, prefix)["error"] == ""
    first_beat = _beat(r, prefix)["t"]
    _append(log, "NVRM: Xid (PCI:0000:5d:00): 79, GPU has fallen off the bus.", "second")
    _once(prefix, f"file:{log}", state)
    _once(prefix, f"file:{log}", state)
    assert _lines(r, prefix) == ["NVRM: Xid (PCI:0000:5d:00): 79, GPU has fallen off the bus.", "second"]
    assert _beat(r, prefix)["t"] > first_beat  # a heartbeat every interval, lines or not
    fields = r.xrange(ks.stream_key("c1", prefix))[0][1]
    assert fields[b"node"] == NODE.encode() and float(fields[b"t"]) > 0
    saved = json.loads((state / f"kernel-c1-{NODE}.json").read_text())
    assert saved["setting"] == f"file:{log}" and saved["kernel"]["nodes"][NODE]["file"]["offset"] > 0
    assert not [p for p in state.iterdir() if p.name.startswith(".")]  # no temp file left behind


def test_a_command_is_read_after_the_last_line_pushed(stream: Any, tmp_path: Path) -> None:
    r, prefix = stream
    ring = tmp_path / "ring"
    ring.write_text("[  1.0] boot\n[  2.0] NVRM: loading NVIDIA UNIX x86_64 Kernel Module\n")
    script = tmp_path / "fake_dmesg.py"
    script.write_text(FAKE_DMESG)
    setting = f"{sys.executable} {script} {ring}"
    _once(prefix, setting, tmp_path / "state", "--no-gpu")
    _append(ring, "[  3.0] NVRM: Xid (PCI:0000:18:00): 48, DBE")
    _once(prefix, setting, tmp_path / "state", "--no-gpu")
    assert _lines(r, prefix) == [
        "[  1.0] boot",
        "[  2.0] NVRM: loading NVIDIA UNIX x86_64 Kernel Module",
        "[  3.0] NVRM: Xid (PCI:0000:18:00): 48, DBE",
    ]


def test_a_failing_command_is_in_the_heartbeat(stream: Any, tmp_path: Path) -> None:
    r, prefix = stream
    _once(
        prefix, f"{sys.executable} -c 'import sys; sys.exit(\"dmesg: read kernel buffer failed\")'", tmp_path
    )
    assert _beat(r, prefix)["error"] == "dmesg: read kernel buffer failed"


def test_lines_read_while_redis_is_away_are_pushed_later_not_lost(stream: Any, tmp_path: Path) -> None:
    r, prefix = stream
    log = tmp_path / "kern.log"
    log.write_text("")
    state = tmp_path / "state"
    _once(prefix, f"file:{log}", state, "--no-gpu")
    _append(log, "while redis was away")
    err = _once(prefix, f"file:{log}", state, "--no-gpu", redis_url="redis://127.0.0.1:1/0")
    assert "could not push kernel lines" in err
    _once(prefix, f"file:{log}", state, "--no-gpu")
    assert _lines(r, prefix) == ["while redis was away"]


def _start(argv: list[str]) -> subprocess.Popen[str]:
    proc = subprocess.Popen(argv, cwd=ROOT, stderr=subprocess.PIPE, text=True, start_new_session=True)
    return children.started(proc)


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        assert proc.wait(timeout=20) == 0
    finally:
        children.ended(proc)


def _wait_for(cond: Any, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_a_running_agent_stopped_and_restarted_neither_repeats_nor_loses_a_line(
    stream: Any, tmp_path: Path
) -> None:
    r, prefix = stream
    log = tmp_path / "kern.log"
    log.write_text("history\n")
    state = tmp_path / "state"
    argv = _argv(prefix, f"file:{log}", state, "--no-gpu", "--interval", "0.2")
    sent: list[str] = []

    def write(batch: int, n: int) -> None:
        lines = [f"batch {batch} line {i}" for i in range(n)]
        _append(log, *lines)
        sent.extend(lines)

    agent = _start(argv)
    try:
        _wait_for(lambda: _beat(r, prefix) is not None, "the first heartbeat")
        for batch in range(5):
            write(batch, 3)
            time.sleep(0.15)  # some batches land mid-interval, some together
        _wait_for(lambda: len(_lines(r, prefix)) == len(sent), "the first run's lines")
    finally:
        _stop(agent)
    write(5, 4)  # written while no agent runs
    agent = _start(argv)
    try:
        write(6, 2)
        _wait_for(lambda: len(_lines(r, prefix)) >= len(sent), "the second run's lines")
        # a few more of the agent's intervals (heartbeats) with nothing new to send: nothing comes twice
        beats: set[float] = set()
        _wait_for(
            lambda: beats.add(float((_beat(r, prefix) or {"t": 0})["t"])) or len(beats) >= 3, "more beats"
        )
    finally:
        _stop(agent)
    assert _lines(r, prefix) == sent


def test_the_agent_and_what_it_imports_need_no_django() -> None:
    code = (
        "import sys, monitoring.telemetry.agent, monitoring.telemetry.kernel_tail;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery', 'rest_framework')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_under_systemd_the_source_and_state_dir_come_from_the_environment(
    stream: Any, tmp_path: Path
) -> None:
    """deploy/systemd/recovery-agent.service passes no --kernel: agent.env's RECOVERY_AGENT_KERNEL
    says what to tail and StateDirectory= gives $STATE_DIRECTORY."""
    r, prefix = stream
    unit = (ROOT / "deploy" / "systemd" / "recovery-agent.service").read_text()
    assert "StateDirectory=recovery-agent" in unit and "RECOVERY_AGENT_KERNEL" in unit
    log = tmp_path / "kern.log"
    log.write_text("")
    env = {**os.environ, "RECOVERY_AGENT_KERNEL": f"file:{log}", "STATE_DIRECTORY": str(tmp_path / "sd")}
    argv = [sys.executable, "-m", "monitoring.telemetry.agent", "--cluster", "c1", "--node", NODE]
    argv += ["--redis", os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15"), "--prefix", prefix]
    subprocess.run([*argv, "--once", "--no-gpu"], cwd=ROOT, env=env, check=True, timeout=60)
    assert (tmp_path / "sd" / f"kernel-c1-{NODE}.json").exists() and _beat(r, prefix) is not None
