"""The real local Slurm cluster and sshd, once per session (scripts/slurm_cluster.sh).

The session fixture brings the cluster up only if it is not running, and takes it down
at the end only if it brought it up. In CI (CI=true) a cluster that cannot start is a
failure, never a skip. Every test gets a clean cluster: its jobs cancelled, nodes it
drained resumed, JobRequeue back to 1.
"""

from __future__ import annotations

import fcntl
import os
import shlex
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from monitoring.slurm import SlurmClient
from monitoring.transports import LocalTransport, SSHTransport, Transport

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "slurm_cluster.sh"
# The second cluster: Slurm 24.11 in a Debian trixie chroot, for slurmrestd v0.0.40+ (REST tests only).
NEW_SCRIPT = ROOT / "scripts" / "slurm_restd_new.sh"
IN_CI = os.environ.get("CI", "").lower() == "true"


@dataclass
class Cluster:
    base: Path
    env: dict[str, str]
    jobs: list[str] = field(default_factory=list)
    script_path: Path = SCRIPT
    base_var: str = "RECOVERY_SLURM_BASE"
    # Harness commands run through this (the trixie cluster's sbatch/scontrol are in its chroot).
    prefix: tuple[str, ...] = ()
    # The script's settings for this cluster (base, ports, name: one cluster per test process).
    settings: dict[str, str] = field(default_factory=dict)

    @property
    def job_dir(self) -> Path:
        return self.base / "jobs"

    def ssh(self, known_hosts: str | None = None, key: str | None = None) -> SSHTransport:
        return SSHTransport(
            self.env["RECOVERY_SSH_HOST"],
            port=int(self.env["RECOVERY_SSH_PORT"]),
            username=self.env["RECOVERY_SSH_USER"],
            key_filename=key or self.env["RECOVERY_SSH_KEY"],
            known_hosts=known_hosts or self.env["RECOVERY_SSH_KNOWN_HOSTS"],
            retries=1,
        )

    def script(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.script_path), *args],
            capture_output=True,
            text=True,
            timeout=300,
            check=check,
            env={**os.environ, **self.settings, self.base_var: str(self.base)},
        )

    def sh(self, *argv: str, check: bool = True) -> str:
        """A harness command (not the code under test)."""
        env = (
            None
            if self.prefix or "SLURM_CONF" not in self.env
            else {**os.environ, "SLURM_CONF": self.env["SLURM_CONF"]}
        )
        res = subprocess.run([*self.prefix, *argv], capture_output=True, text=True, timeout=60, env=env)
        if check and res.returncode != 0:
            raise AssertionError(f"{shlex.join(argv)} failed: {res.stderr}")
        return res.stdout

    def sbatch(self, *args: str) -> str:
        job = self.sh("sbatch", "--parsable", *args).strip().split(";")[0]
        self.jobs.append(job)
        return job

    def job_field(self, job: str, key: str) -> str:
        line = self.sh("scontrol", "-o", "show", "job", job)
        from monitoring.slurm.parse import JOB_KEYS, parse_oneliner

        return parse_oneliner(line, JOB_KEYS).get(key, "")

    def wait_job(self, job: str, state: str | tuple[str, ...], timeout: float = 60.0) -> float:
        """Seconds until the job reaches ``state`` (or one of them; fails the test on timeout)."""
        start = time.monotonic()
        wanted = (state,) if isinstance(state, str) else state
        while time.monotonic() - start < timeout:
            if self.job_field(job, "JobState") in wanted:
                return time.monotonic() - start
            time.sleep(0.25)
        raise AssertionError(
            f"job {job} not {state} after {timeout}s: {self.sh('scontrol', '-o', 'show', 'job', job)}"
        )

    def node_state(self, node: str) -> str:
        return self.sh("sinfo", "-h", "-N", "-n", node, "-o", "%T").strip()

    def wait_node(self, node: str, state: str, timeout: float = 60.0) -> float:
        """Seconds until sinfo shows ``state`` for ``node`` (e.g. after a resume, ``idle*``
        turns ``idle`` once slurmctld has pinged the node)."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.node_state(node) == state:
                return time.monotonic() - start
            time.sleep(0.2)
        raise AssertionError(f"{node} not {state} after {timeout}s: {self.node_state(node)}")

    def wait_idle(self, timeout: float = 60.0) -> None:
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            states = self.sh("sinfo", "-h", "-N", "-o", "%T").split()
            if states and all(s == "idle" for s in states):
                return
            time.sleep(0.25)
        raise AssertionError("nodes not idle: " + self.sh("sinfo", "-N", "-o", "%N %T %E"))

    def clean(self) -> None:
        for job in self.jobs:
            self.sh("scancel", job, check=False)
        self.jobs.clear()
        for line in self.sh("sinfo", "-h", "-N", "-o", "%N|%T").splitlines():
            name, _, state = line.partition("|")
            if state.endswith("*") or state.startswith("down"):
                # a node a failed test killed and never revived: bring it back, or every later test
                # meets a cluster one node short
                self.script("revive-node", name, check=False)
                self.sh("scontrol", "update", f"NodeName={name}", "State=RESUME", check=False)
            if "drain" in state:
                self.sh("scontrol", "update", f"NodeName={name}", "State=RESUME", check=False)
        self.wait_idle()


def _status_ok(
    base: Path,
    script: Path = SCRIPT,
    base_var: str = "RECOVERY_SLURM_BASE",
    settings: dict[str, str] | None = None,
) -> bool:
    res = subprocess.run(
        [str(script), "status"],
        capture_output=True,
        text=True,
        env={**os.environ, **(settings or {}), base_var: str(base)},
    )
    return res.returncode == 0


def cluster_settings(worker: str) -> dict[str, str]:
    """scripts/slurm_cluster.sh's settings for the local cluster of one test process.

    Each pytest-xdist process gets a cluster of its own, so the Slurm tests run on both processes
    instead of one after another: the first process (and a run without xdist) the default one at
    /tmp/recovery-slurm, process N another base, ports N×40 up and ClusterName recoveryN (its tasks'
    SLURM_CLUSTER_NAME is how the script tells them from the first one's on this one host).
    """
    n = int(worker.removeprefix("gw")) if worker.startswith("gw") and worker[2:].isdigit() else 0
    base = os.environ.get("RECOVERY_SLURM_BASE", "/tmp/recovery-slurm")
    if n == 0:
        return {"RECOVERY_SLURM_BASE": base}
    off = 40 * n  # clear of each other and of the 24.11 cluster's (16917, 17101-17104, 6830, 2232)
    return {
        "RECOVERY_SLURM_BASE": f"{base}-gw{n}",
        "RECOVERY_SSH_PORT": str(2222 + off),
        "RECOVERY_SLURMCTLD_PORT": str(16817 + off),
        "RECOVERY_RESTD_PORT": str(6820 + off),
        "RECOVERY_RESTD_OLD_PORT": str(6821 + off),
        "RECOVERY_SLURMD_PORT_BASE": str(17001 + off),
        "RECOVERY_SLURM_CLUSTER": f"recovery{n}",
    }


@pytest.fixture(scope="session")
def slurm_cluster() -> Iterator[Cluster]:
    """This test process's local cluster, held under an exclusive lock for the whole session: a
    second test run (another checkout) waits for it instead of cancelling this run's jobs."""
    settings = cluster_settings(os.environ.get("PYTEST_XDIST_WORKER", ""))
    base = Path(settings["RECOVERY_SLURM_BASE"])
    with open(f"{base}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield from _slurm_cluster(base, settings=settings)


@pytest.fixture(scope="session")
def slurm_new_cluster() -> Iterator[Cluster]:
    """The Slurm 24.11 cluster in its trixie chroot (scripts/slurm_restd_new.sh), under its own lock:
    only the tests that ask for it bring it up (the first time builds the chroot: minutes)."""
    var = "RECOVERY_SLURM_NEW_BASE"
    base = Path(os.environ.get(var, "/tmp/recovery-slurm-new"))
    with open(f"{base}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield from _slurm_cluster(base, NEW_SCRIPT, var, new=True)


def _slurm_cluster(
    base: Path,
    script: Path = SCRIPT,
    base_var: str = "RECOVERY_SLURM_BASE",
    new: bool = False,
    settings: dict[str, str] | None = None,
) -> Iterator[Cluster]:
    settings = {**(settings or {}), base_var: str(base)}
    brought_up = False
    if not _status_ok(base, script, base_var, settings):
        why = ""
        if os.geteuid() != 0:
            why = "the local Slurm cluster needs root (mknod, munge, slurmd)"
        else:
            res = subprocess.run(
                [str(script), "up"],
                capture_output=True,
                text=True,
                timeout=1200 if new else 600,  # the first `up` of the new one builds its chroot
                env={**os.environ, **settings},
            )
            if res.returncode != 0:
                why = f"scripts/{script.name} up failed:\n{res.stdout}\n{res.stderr}"
                subprocess.run(
                    [str(script), "down"],
                    capture_output=True,
                    timeout=120,
                    env={**os.environ, **settings},
                )
            brought_up = True
        if why:
            if IN_CI:
                pytest.fail(why)
            pytest.skip(why)
    env_out = subprocess.run(
        [str(script), "env"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **settings},
    ).stdout
    env = dict(line.removeprefix("export ").split("=", 1) for line in env_out.splitlines() if "=" in line)
    prefix: tuple[str, ...] = ()
    if new:
        prefix = (
            "chroot",
            env["RECOVERY_TRIXIE_ROOT"],
            "/usr/bin/env",
            "-i",
            "PATH=/usr/sbin:/usr/bin:/sbin:/bin",
        )
    else:
        # The code under test (LocalTransport) and the harness's sbatch/scontrol find this cluster by it.
        os.environ["SLURM_CONF"] = env["SLURM_CONF"]
    cluster = Cluster(
        base=base, env=env, script_path=script, base_var=base_var, prefix=prefix, settings=settings
    )
    try:
        cluster.script("set-requeue", "1")
        cluster.clean()
        yield cluster
    finally:
        cluster.clean()
        if brought_up:
            cluster.script("down", check=False)


@pytest.fixture
def live_new(slurm_new_cluster: Cluster) -> Iterator[Cluster]:
    """The Slurm 24.11 cluster, cleaned after the test (its tests never change JobRequeue, and on
    24.11 `scontrol reconfigure` restarts slurmctld)."""
    yield slurm_new_cluster
    slurm_new_cluster.clean()


@pytest.fixture
def live(slurm_cluster: Cluster) -> Iterator[Cluster]:
    """The cluster, cleaned after the test (jobs cancelled, drains undone, JobRequeue=1)."""
    yield slurm_cluster
    slurm_cluster.clean()
    slurm_cluster.script("set-requeue", "1")


@pytest.fixture(scope="session")
def _ssh_transport(slurm_cluster: Cluster) -> Iterator[SSHTransport]:
    t = slurm_cluster.ssh()
    yield t
    t.close()


@pytest.fixture(params=["local", "ssh"])
def transport(request: pytest.FixtureRequest, slurm_cluster: Cluster) -> Transport:
    if request.param == "local":
        return LocalTransport()
    return request.getfixturevalue("_ssh_transport")


@pytest.fixture
def client(transport: Transport) -> SlurmClient:
    return SlurmClient(transport)


@pytest.fixture
def no_pwned(slurm_cluster: Cluster) -> Iterator[list[Path]]:
    """Places a shell-injected ``touch PWNED`` would land in; asserted absent after the test."""
    places = [Path.cwd(), ROOT, Path.home(), Path("/tmp"), slurm_cluster.job_dir, Path("/")]
    names = ("PWNED", "PWNED2")
    for p in places:
        for n in names:
            (p / n).unlink(missing_ok=True)
    yield places
    found = [str(p / n) for p in places for n in names if (p / n).exists()]
    assert not found, f"shell injection executed: {found}"
