"""The agent's kernel-log tail: ``kernel.poll`` on the node itself, pushed to the cluster's stream.

Same reader as SSH fan-out (journalctl cursor, dmesg last line, file offset), with a local
transport and no ``ssh <node>`` in front. Its per-node state is kept in a small JSON file
(``--state-dir``), written by temp file + rename after each push that Redis took, so a
restarted agent neither reads again what it pushed nor skips what it had not pushed yet.
A push that fails leaves the state where it was: the next interval reads the same lines again.

No Django here (the agent runs on GPU nodes with only this package installed).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from monitoring.collectors import kernel, kernel_stream
from monitoring.transports import LocalTransport, Transport

STATE_VERSION = 1


def default_state_dir() -> str:
    """systemd's ``StateDirectory=`` if set, /var/lib/recovery-agent as root, else $XDG_STATE_HOME."""
    if os.environ.get("STATE_DIRECTORY"):
        return os.environ["STATE_DIRECTORY"].split(":")[0]
    if os.geteuid() == 0:
        return "/var/lib/recovery-agent"
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "recovery-agent")


def agent_source(setting: str) -> kernel.KernelSource:
    """``--kernel`` -> a source run on this node: ``journalctl`` (or empty) is the default journal read."""
    if kernel.uses_agent(setting):
        raise ValueError("--kernel agent: give the local source (journalctl, 'dmesg -T', file:PATH)")
    if setting.strip() in ("", "journalctl"):
        return kernel.KernelSource(node_prefix=())
    return kernel.source_from_setting(setting, node_prefix=())


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class KernelTail:
    def __init__(
        self,
        cluster: str,
        node: str,
        setting: str,
        state_dir: str,
        transport: Transport | None = None,
    ) -> None:
        self.cluster, self.node, self.setting = cluster, node, setting.strip()
        self.src = agent_source(setting)
        self.transport = transport or LocalTransport()
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", f"kernel-{cluster}-{node}")
        self.path = Path(state_dir) / f"{safe}.json"
        self.state = self._load()

    def _load(self) -> dict[str, Any]:
        """The saved cursor, unless it is for another source (a changed ``--kernel`` starts afresh)."""
        try:
            saved = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        if not isinstance(saved, dict) or saved.get("version") != STATE_VERSION:
            return {}
        if saved.get("setting") != self.setting or saved.get("node") != self.node:
            return {}
        return dict(saved.get("kernel") or {})

    def _save(self) -> None:
        doc = {"version": STATE_VERSION, "node": self.node, "setting": self.setting, "kernel": self.state}
        write_atomically(self.path, json.dumps(doc, separators=(",", ":")))

    def poll(self, now: float) -> tuple[list[dict[str, Any]], dict[str, Any], str]:
        """New kernel events, the state to keep once they are delivered, and the read error if any."""
        events, state = kernel.poll(self.transport, [self.node], self.src, self.state, now)
        return events, state, kernel.errors(state, [self.node]).get(self.node, "")

    def commit(self, state: dict[str, Any]) -> None:
        self.state = state
        self._save()

    def push(self, redis: Any, now: float, prefix: str, max_len: int = kernel_stream.STREAM_MAX) -> int:
        """Read, push lines and heartbeat in one MULTI, then save the state; raises if Redis is away."""
        events, state, error = self.poll(now)
        kernel_stream.push(
            redis,
            self.cluster,
            self.node,
            [e["line"] for e in events],
            now,
            error=error,
            prefix=prefix,
            max_len=max_len,
        )
        self.commit(state)
        return len(events)
