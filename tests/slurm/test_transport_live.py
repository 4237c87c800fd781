"""Both transports against the real host and the real sshd on 127.0.0.1."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from monitoring.transports import (
    AuthFailed,
    CommandTimeout,
    ConnectFailed,
    HostKeyMismatch,
    RemoteFileMissing,
    SSHTransport,
    UnknownHostKey,
)

from .conftest import Cluster

pytestmark = pytest.mark.slurm


def test_it_runs_a_command_and_returns_rc_stdout_stderr(transport) -> None:
    ok = transport.run(["sinfo", "-h", "-N", "-o", "%N"], timeout=20)
    assert ok.rc == 0 and ok.stdout.split() == ["node1", "node2", "node3", "node4"]
    bad = transport.run(["scontrol", "show", "job", "999999"], timeout=20)
    assert bad.rc != 0 and "Invalid job id" in bad.stderr


def test_hostile_arguments_are_passed_literally(transport, no_pwned) -> None:
    args = ["x; touch PWNED #", "$(touch PWNED2)", "`touch PWNED`", "a'b\"c", "&& touch PWNED", "\n"]
    res = transport.run(["printf", "%s|", *args], timeout=20)
    assert res.stdout == "|".join(args) + "|"


def test_a_slow_command_times_out(transport) -> None:
    with pytest.raises(CommandTimeout):
        transport.run(["sleep", "5"], timeout=0.5)
    assert transport.run(["true"], timeout=10).ok  # the transport is still usable


def test_read_from_returns_bytes_size_and_inode(transport, slurm_cluster: Cluster, no_pwned) -> None:
    path = slurm_cluster.job_dir / f"job {os.getpid()} $(touch PWNED); touch PWNED2 #.log"
    path.write_bytes(b"hello\nworld\n")
    chunk = transport.read_from(str(path), 6, 100)
    assert (chunk.data, chunk.size, chunk.inode) == (b"world\n", 12, path.stat().st_ino)
    assert transport.read_from(str(path), 12, 100).data == b""
    with pytest.raises(RemoteFileMissing):
        transport.read_from(str(path) + ".missing", 0, 10)
    path.unlink()


def test_ssh_reuses_one_connection_and_reconnects_after_a_drop(slurm_cluster: Cluster) -> None:
    t = slurm_cluster.ssh()
    try:
        t.run(["true"], timeout=10)
        first = t._client
        t.run(["true"], timeout=10)
        assert t._client is first
        first.get_transport().close()  # the network drops the connection
        assert t.run(["echo", "back"], timeout=10).stdout == "back\n"
        assert t._client is not first
    finally:
        t.close()


def test_ssh_with_a_changed_host_key_fails_closed(slurm_cluster: Cluster) -> None:
    wrong = slurm_cluster.env["RECOVERY_SSH_KNOWN_HOSTS"] + ".wrong"
    before = Path(wrong).read_text()
    t = slurm_cluster.ssh(known_hosts=wrong)
    with pytest.raises(HostKeyMismatch, match="does NOT match known_hosts"):
        t.run(["touch", "/tmp/PWNED"], timeout=10)
    assert not Path("/tmp/PWNED").exists()
    assert Path(wrong).read_text() == before  # never "fixed" automatically
    diag = t.test_connection()
    assert not diag.ok and diag.steps[-1].name == "host_key" and "does NOT match" in diag.steps[-1].detail


def test_ssh_with_an_unknown_host_key_fails_closed_and_adds_nothing(
    slurm_cluster: Cluster, tmp_path: Path
) -> None:
    empty = tmp_path / "known_hosts"
    empty.write_text("")
    t = slurm_cluster.ssh(known_hosts=str(empty))
    with pytest.raises(UnknownHostKey, match="not in known_hosts"):
        t.run(["true"], timeout=10)
    assert empty.read_text() == ""


def test_ssh_with_a_key_the_server_does_not_accept_is_auth_failed(
    slurm_cluster: Cluster, tmp_path: Path
) -> None:
    key = tmp_path / "key"
    shutil.copy(slurm_cluster.base / "ssh" / "wrong_host_key", key)  # a valid key, not authorized
    key.chmod(0o600)
    t = slurm_cluster.ssh(key=str(key))
    with pytest.raises(AuthFailed):
        t.run(["true"], timeout=10)
    steps = {s.name: s.ok for s in t.test_connection().steps}
    assert steps == {"dns": True, "tcp": True, "host_key": True, "auth": False}


@pytest.mark.parametrize(
    ("host", "port", "step"), [("127.0.0.1", 1, "tcp"), ("no-such-host.invalid", 22, "dns")]
)
def test_ssh_to_nowhere_is_connect_failed(slurm_cluster: Cluster, host: str, port: int, step: str) -> None:
    t = SSHTransport(
        host,
        port=port,
        username="root",
        key_filename=slurm_cluster.env["RECOVERY_SSH_KEY"],
        known_hosts=slurm_cluster.env["RECOVERY_SSH_KNOWN_HOSTS"],
        retries=1,
        connect_timeout=3,
    )
    with pytest.raises(ConnectFailed):
        t.run(["true"], timeout=5)
    diag = t.test_connection()
    assert not diag.ok and diag.steps[-1].name == step


def test_test_connection_walks_every_step(transport) -> None:
    diag = transport.test_connection()
    assert diag.ok, diag.as_dict()
    names = [s.name for s in diag.steps]
    assert names[-3:] == ["sinfo", "slurmctld", "permission"]
    if isinstance(transport, SSHTransport):
        assert names[:4] == ["dns", "tcp", "host_key", "auth"]


def test_concurrent_ssh_commands_wait_for_a_free_channel(slurm_cluster: Cluster, tmp_path: Path) -> None:
    """The kernel fan-out runs many reads at once over one connection; past ``max_channels``
    they wait (the login node's sshd would refuse sessions past MaxSessions, and a refused
    channel costs the whole connection). Each command counts the commands running with it."""
    from concurrent.futures import ThreadPoolExecutor

    running = tmp_path / "running"
    running.mkdir()
    script = tmp_path / "count.sh"
    script.write_text(
        '#!/bin/sh\ntouch "$1/$$"\nsleep 0.3\nls "$1" | wc -l\nrm -f "$1/$$"\n', encoding="utf-8"
    )
    script.chmod(0o755)
    env = slurm_cluster.env
    ssh = SSHTransport(
        env["RECOVERY_SSH_HOST"],
        port=int(env["RECOVERY_SSH_PORT"]),
        username=env["RECOVERY_SSH_USER"],
        key_filename=env["RECOVERY_SSH_KEY"],
        known_hosts=env["RECOVERY_SSH_KNOWN_HOSTS"],
        max_channels=3,
    )
    try:
        with ThreadPoolExecutor(max_workers=12) as pool:
            results = list(pool.map(lambda _: ssh.run([str(script), str(running)], timeout=30), range(12)))
    finally:
        ssh.close()
    assert [r.rc for r in results] == [0] * 12
    seen = [int(r.stdout.strip()) for r in results]
    assert max(seen) <= 3, seen
    assert max(seen) >= 2, seen  # and they did run side by side


def test_a_large_output_is_read_whole_even_when_the_exit_status_comes_first(transport) -> None:
    """sshd sends the exit status as soon as the command exits, while output may still be in
    flight (one 32 KiB packet at a time within the window): an ``squeue --json`` of a busy cluster
    came back cut at 32,759 characters (the one-process run of stop 34). Read until EOF."""
    want = "".join(f"{i}\n" for i in range(1, 300_001))  # ~2 MB
    for _ in range(3):
        res = transport.run(["seq", "1", "300000"], timeout=60)
        assert res.ok and len(res.stdout) == len(want) and res.stdout == want
    # The same race made certain: the shell exits (its status is sent at once) while a child it left
    # behind still holds the output open and writes after it. ssh(1) prints "late"; so must we.
    res = transport.run(["sh", "-c", "echo early; (sleep 0.5; echo late) & exit 3"], timeout=20)
    assert (res.rc, res.stdout) == (3, "early\nlate\n")
