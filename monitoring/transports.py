"""How the controller reaches a cluster: local commands (in-cluster) or SSH (paramiko).

Both transports take commands as argument lists and never hand a string to a shell
we built: locally ``subprocess`` runs the list directly; over SSH the remote side
always gets a shell, so every argument is ``shlex.quote``d, one by one. Job names,
node reasons and file paths are user-controlled text, and this is the one place where
that text meets a command line.

SSH verifies the server's host key against a known_hosts file the operator provides
(``RejectPolicy``): an unknown or changed key stops the connection with a message that
says which, and nothing is ever added to known_hosts automatically.
"""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

import paramiko


class TransportError(Exception):
    """Base class: the command could not be run (not: it ran and failed)."""


class ConnectFailed(TransportError):
    """DNS lookup failed, the port refused, or the connection timed out."""


class AuthFailed(TransportError):
    """The server refused our key."""


class UnknownHostKey(TransportError):
    """The server's host key is not in the operator's known_hosts."""


class HostKeyMismatch(TransportError):
    """The server's host key differs from the one in known_hosts: possible MITM."""


class CommandTimeout(TransportError):
    """The command did not finish within its timeout (it may still run remotely)."""


class RemoteFileMissing(TransportError, FileNotFoundError):
    """The file to read does not exist (yet) on the target."""


@dataclass(frozen=True)
class CommandResult:
    argv: tuple[str, ...]
    rc: int
    stdout: str
    stderr: str
    duration: float = 0.0

    @property
    def ok(self) -> bool:
        return self.rc == 0


@dataclass(frozen=True)
class FileChunk:
    """Bytes read from ``offset`` plus the file's identity, so a tailer can tell
    truncation (size < its offset) from rotation (a different inode)."""

    data: bytes
    size: int
    inode: int | None


@dataclass(frozen=True)
class Step:
    """One line of a connection diagnosis, shown as-is by the "Test connection" button."""

    name: str
    ok: bool
    detail: str


@dataclass
class Diagnosis:
    steps: list[Step] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.steps) and all(s.ok for s in self.steps)

    def add(self, name: str, ok: bool, detail: str) -> bool:
        self.steps.append(Step(name, ok, detail))
        return ok

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "steps": [s.__dict__ for s in self.steps]}


class Transport(Protocol):
    def run(self, argv: list[str], timeout: float = 30.0) -> CommandResult: ...
    def read_from(self, path: str, offset: int, max_bytes: int) -> FileChunk: ...
    def close(self) -> None: ...
    def test_connection(self, bin_paths: dict[str, str] | None = None) -> Diagnosis: ...


def _decode(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def _check_argv(argv: list[str]) -> list[str]:
    if not argv or not all(isinstance(a, str) for a in argv):
        raise TypeError(f"argv must be a non-empty list of str, got {argv!r}")
    return argv


def _slurm_steps(t: Transport, diag: Diagnosis, bins: dict[str, str] | None = None) -> None:
    """The Slurm half of a diagnosis: is sinfo there, can we talk to slurmctld, who are we."""
    sinfo = (bins or {}).get("sinfo", "sinfo")
    scontrol = (bins or {}).get("scontrol", "scontrol")
    try:
        ver = t.run([sinfo, "--version"], timeout=15)
    except TransportError as exc:
        diag.add("sinfo", False, str(exc))
        return
    if not diag.add("sinfo", ver.ok, ver.stdout.strip() or ver.stderr.strip() or f"rc={ver.rc}"):
        return
    part = t.run([sinfo, "-h", "-o", "%P %D %T"], timeout=15)
    if not diag.add("slurmctld", part.ok, (part.stdout if part.ok else part.stderr).strip()[:500]):
        return
    who = t.run(["id", "-un"], timeout=15)
    user = who.stdout.strip()
    conf = t.run([scontrol, "show", "config"], timeout=15)
    slurm_user = ""
    for line in conf.stdout.splitlines():
        if line.startswith("SlurmUser"):
            slurm_user = line.split("=", 1)[1].strip().split("(")[0]
    privileged = user in ("root", slurm_user)
    diag.add(
        "permission",
        privileged,
        f"running as {user!r}; "
        + (
            "may drain, resume and requeue"
            if privileged
            else f"drain/requeue need root, SlurmUser ({slurm_user or '?'}) or AdminLevel=Operator"
        ),
    )


class LocalTransport:
    """Commands on this host (the controller runs inside the cluster)."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.env = {**os.environ, **env} if env else None

    def run(self, argv: list[str], timeout: float = 30.0) -> CommandResult:
        argv = _check_argv(argv)
        start = time.monotonic()
        try:
            proc = subprocess.run(  # noqa: S603 - argv list, never a shell
                argv, capture_output=True, timeout=timeout, env=self.env, stdin=subprocess.DEVNULL
            )
        except subprocess.TimeoutExpired as exc:
            raise CommandTimeout(f"{argv[0]} did not finish within {timeout:g}s") from exc
        except FileNotFoundError:
            return CommandResult(tuple(argv), 127, "", f"{argv[0]}: command not found", 0.0)
        return CommandResult(
            tuple(argv), proc.returncode, _decode(proc.stdout), _decode(proc.stderr), time.monotonic() - start
        )

    def read_from(self, path: str, offset: int, max_bytes: int) -> FileChunk:
        try:
            with open(path, "rb") as fh:
                st = os.fstat(fh.fileno())
                data = b""
                if 0 <= offset < st.st_size:
                    fh.seek(offset)
                    data = fh.read(max_bytes)
                return FileChunk(data, st.st_size, st.st_ino)
        except FileNotFoundError as exc:
            raise RemoteFileMissing(path) from exc

    def close(self) -> None:
        return None

    def test_connection(self, bin_paths: dict[str, str] | None = None) -> Diagnosis:
        diag = Diagnosis()
        diag.add("transport", True, "local commands on " + socket.gethostname())
        _slurm_steps(self, diag, bin_paths)
        return diag


class _Reject(paramiko.RejectPolicy):  # type: ignore[misc]  # paramiko ships no types
    """RejectPolicy, but saying clearly what to do instead of a generic SSHException."""

    def missing_host_key(self, client: paramiko.SSHClient, hostname: str, key: paramiko.PKey) -> None:
        raise UnknownHostKey(
            f"host key for {hostname} is not in known_hosts ({key.get_name()} "
            f"SHA256:{_fingerprint(key)}); verify it out of band and add it to the cluster's "
            "known_hosts — it is never added automatically"
        )


def _fingerprint(key: paramiko.PKey) -> str:
    text = str(key.fingerprint) if hasattr(key, "fingerprint") else str(key.get_base64())[:16]
    return text.split(":", 1)[-1]


class SSHTransport:
    """One SSH connection to the cluster's login node, reused for every command.

    The connection is opened lazily and re-opened with backoff when it drops. A command
    is only retried when the channel could not even be opened (so it cannot have run);
    once it has been sent it is never re-sent: Slurm actions are made idempotent one
    level up, not by resending blindly.
    """

    def __init__(
        self,
        host: str,
        *,
        port: int = 22,
        username: str,
        key_filename: str,
        known_hosts: str,
        connect_timeout: float = 10.0,
        retries: int = 3,
        backoff: float = 0.5,
        max_channels: int = 8,
    ) -> None:
        self.host, self.port, self.username = host, port, username
        # Commands in flight at once on the one connection. The login node's sshd refuses
        # sessions past its MaxSessions (OpenSSH's default 10, the SFTP session being one),
        # and a refused channel costs the whole connection (_open_channel), so the kernel
        # fan-out's concurrent reads wait for a free channel here instead.
        self._channels = threading.BoundedSemaphore(max(1, max_channels))
        self.key_filename, self.known_hosts = key_filename, known_hosts
        self.connect_timeout, self.retries, self.backoff = connect_timeout, retries, backoff
        self._client: paramiko.SSHClient | None = None
        self._sftp: paramiko.SFTPClient | None = None
        self._sftp_owner: paramiko.SSHClient | None = None
        self._lock = threading.RLock()

    # -- connection ---------------------------------------------------------------
    def _new_client(self) -> paramiko.SSHClient:
        client = paramiko.SSHClient()
        if not os.path.exists(self.known_hosts):
            raise UnknownHostKey(f"known_hosts file {self.known_hosts!r} does not exist")
        client.load_host_keys(self.known_hosts)
        client.set_missing_host_key_policy(_Reject())
        return client

    def _connect_once(self) -> paramiko.SSHClient:
        client = self._new_client()
        try:
            client.connect(
                self.host,
                port=self.port,
                username=self.username,
                key_filename=self.key_filename,
                look_for_keys=False,
                allow_agent=False,
                timeout=self.connect_timeout,
                banner_timeout=self.connect_timeout,
                auth_timeout=self.connect_timeout,
            )
        except paramiko.BadHostKeyException as exc:
            client.close()
            raise HostKeyMismatch(
                f"host key for {self.host}:{self.port} does NOT match known_hosts "
                f"(got {exc.key.get_name()} SHA256:{_fingerprint(exc.key)}, expected "
                f"SHA256:{_fingerprint(exc.expected_key)}); refusing to connect — possible "
                "man-in-the-middle or a reinstalled host"
            ) from exc
        except paramiko.AuthenticationException as exc:
            client.close()
            raise AuthFailed(f"{self.username}@{self.host}:{self.port} refused our key: {exc}") from exc
        except socket.gaierror as exc:
            client.close()
            raise ConnectFailed(f"cannot resolve {self.host!r}: {exc}") from exc
        except (paramiko.ssh_exception.NoValidConnectionsError, OSError) as exc:
            client.close()
            raise ConnectFailed(f"cannot connect to {self.host}:{self.port}: {exc}") from exc
        except TransportError:
            client.close()
            raise
        except paramiko.SSHException as exc:
            client.close()
            raise ConnectFailed(f"SSH handshake with {self.host}:{self.port} failed: {exc}") from exc
        return client

    def _ensure(self) -> paramiko.SSHClient:
        """A live connection: the cached one, or a new one after backoff.

        Host-key and auth failures are not retried: they will not fix themselves.
        """
        client = self._client
        if client is not None:
            tr = client.get_transport()
            if tr is not None and tr.is_active():
                return client
            client.close()
            self._client = None
        delay = self.backoff
        for attempt in range(self.retries):
            try:
                self._client = self._connect_once()
                return self._client
            except ConnectFailed:
                if attempt == self.retries - 1:
                    raise
                time.sleep(delay)
                delay *= 2
        raise AssertionError("unreachable")  # pragma: no cover

    def _open_channel(self) -> paramiko.Channel:
        for attempt in range(2):
            client = self._ensure()
            tr = client.get_transport()
            try:
                assert tr is not None
                return tr.open_session(timeout=self.connect_timeout)
            except (paramiko.SSHException, EOFError, OSError):
                client.close()
                self._client = None
                if attempt:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    # -- interface -----------------------------------------------------------------
    @staticmethod
    def command_line(argv: list[str]) -> str:
        """The remote command line: every argument quoted, whatever it contains."""
        return " ".join(shlex.quote(a) for a in _check_argv(argv))

    def run(self, argv: list[str], timeout: float = 30.0) -> CommandResult:
        line = self.command_line(argv)
        start = time.monotonic()
        if not self._channels.acquire(timeout=max(0.0, timeout)):
            raise CommandTimeout(f"{argv[0]} on {self.host}: no free SSH channel within {timeout:g}s")
        try:
            with self._lock:
                try:
                    chan = self._open_channel()
                except (paramiko.SSHException, EOFError, OSError) as exc:
                    raise ConnectFailed(f"cannot open a channel to {self.host}: {exc}") from exc
            try:
                return self._run_on(chan, argv, line, timeout, start)
            finally:
                chan.close()
        finally:
            self._channels.release()

    def _run_on(
        self, chan: paramiko.Channel, argv: list[str], line: str, timeout: float, start: float
    ) -> CommandResult:
        chan.exec_command(line)
        chan.shutdown_write()
        out, err = bytearray(), bytearray()
        deadline = start + timeout
        # Until the far end's EOF, not its exit status: sshd sends the status as soon as the command
        # exits, while output may still be in flight (one 32 KiB packet at a time) or still being
        # written by a child the command left behind. Stopping at the status cut an squeue --json.
        while True:
            if chan.recv_ready():
                out += chan.recv(65536)
            elif chan.recv_stderr_ready():
                err += chan.recv_stderr(65536)
            elif chan.exit_status_ready() and (chan.eof_received or chan.closed):
                break
            elif time.monotonic() > deadline:
                raise CommandTimeout(f"{argv[0]} on {self.host} did not finish within {timeout:g}s")
            else:
                time.sleep(0.005)
        rc = chan.recv_exit_status()
        return CommandResult(
            tuple(argv), rc, _decode(bytes(out)), _decode(bytes(err)), time.monotonic() - start
        )

    def read_from(self, path: str, offset: int, max_bytes: int) -> FileChunk:
        """Size and bytes by SFTP; the inode by ``stat`` (SFTP v3 carries no inode)."""
        st = self.run(["stat", "-L", "-c", "%i", "--", path], timeout=15)
        if not st.ok:
            raise RemoteFileMissing(f"{path} on {self.host}: {st.stderr.strip()}")
        inode = int(st.stdout.strip()) if st.stdout.strip().isdigit() else None
        with self._lock:
            sftp = self._sftp_client()
            try:
                fh = sftp.open(path, "rb")
            except FileNotFoundError as exc:
                raise RemoteFileMissing(f"{path} on {self.host}") from exc
            except (paramiko.SSHException, EOFError, OSError) as exc:
                self._sftp = None
                raise ConnectFailed(f"SFTP read of {path} on {self.host} failed: {exc}") from exc
            with fh:
                size = fh.stat().st_size or 0
                data = b""
                if 0 <= offset < size:
                    fh.seek(offset)
                    data = fh.read(max_bytes)
        return FileChunk(bytes(data), size, inode)

    def _sftp_client(self) -> paramiko.SFTPClient:
        """One SFTP session per connection, reopened when the connection was."""
        client = self._ensure()
        if self._sftp is None or self._sftp_owner is not client or self._sftp.sock.closed:
            self._sftp = client.open_sftp()
            self._sftp_owner = client
        return self._sftp

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None
            self._sftp = self._sftp_owner = None

    def test_connection(self, bin_paths: dict[str, str] | None = None) -> Diagnosis:
        """DNS, TCP, host key, auth, then the Slurm steps; stops at the first failure."""
        diag = Diagnosis()
        try:
            addrs = socket.getaddrinfo(self.host, self.port, type=socket.SOCK_STREAM)
        except socket.gaierror as exc:
            diag.add("dns", False, f"cannot resolve {self.host!r}: {exc}")
            return diag
        diag.add("dns", True, f"{self.host} -> {addrs[0][4][0]}")
        try:
            socket.create_connection((self.host, self.port), timeout=self.connect_timeout).close()
        except OSError as exc:
            diag.add("tcp", False, f"{self.host}:{self.port}: {exc}")
            return diag
        diag.add("tcp", True, f"{self.host}:{self.port} accepts connections")
        try:
            self.close()
            self._client = self._connect_once()
        except (UnknownHostKey, HostKeyMismatch) as exc:
            diag.add("host_key", False, str(exc))
            return diag
        except AuthFailed as exc:
            diag.add("host_key", True, "matches known_hosts")
            diag.add("auth", False, str(exc))
            return diag
        except TransportError as exc:
            diag.add("ssh", False, str(exc))
            return diag
        diag.add("host_key", True, "matches known_hosts")
        diag.add("auth", True, f"logged in as {self.username}")
        _slurm_steps(self, diag, bin_paths)
        return diag
