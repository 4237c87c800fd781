"""How the controller reaches a cluster: one transport per cluster and worker, the Slurm client over it,
and the Test connection diagnosis. The one place that turns a Cluster row into a connection.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from monitoring.models import Cluster
from monitoring.slurm.client import SlurmClient, bin_paths_in
from monitoring.transports import LocalTransport, SSHTransport, Transport

_TRANSPORTS: dict[int, tuple[tuple[Any, ...], Transport]] = {}


def _signature(c: Cluster) -> tuple[Any, ...]:
    return (c.connection_mode, c.ssh_host, c.ssh_port, c.ssh_user, c.ssh_key_path, c.known_hosts_path)


def transport_for(cluster: Cluster) -> Transport:
    """One transport per cluster and worker process: the SSH connection is reused across ticks."""
    sig = _signature(cluster)
    cached = _TRANSPORTS.get(cluster.pk)
    if cached and cached[0] == sig:
        return cached[1]
    if cached:
        cached[1].close()
    if cluster.connection_mode == "ssh":
        transport: Transport = SSHTransport(
            cluster.ssh_host,
            port=cluster.ssh_port,
            username=cluster.ssh_user,
            key_filename=cluster.ssh_key_path,
            known_hosts=cluster.known_hosts_path,
            max_channels=int(settings.RECOVERY_SSH_MAX_CHANNELS),
        )
    else:
        transport = LocalTransport()
    _TRANSPORTS[cluster.pk] = (sig, transport)
    return transport


def client_for(cluster: Cluster) -> SlurmClient:
    # A hanging scontrol/sinfo costs at most this long (then a clear error, shown as the source's last error).
    return SlurmClient(
        transport_for(cluster),
        bin_paths=bin_paths_in(cluster.slurm_bin_dir),
        timeout=float(settings.RECOVERY_SLURM_TIMEOUT_S),
    )


def test_connection(cluster: Cluster) -> dict[str, Any]:
    """The Test connection button: each step (DNS, TCP, host key, auth, sinfo, permission) and what failed."""
    if cluster.connection_mode == "ssh":
        transport: Transport = SSHTransport(
            cluster.ssh_host,
            port=cluster.ssh_port,
            username=cluster.ssh_user,
            key_filename=cluster.ssh_key_path,
            known_hosts=cluster.known_hosts_path,
            retries=1,
        )
    else:
        transport = LocalTransport()
    try:
        return transport.test_connection(bin_paths_in(cluster.slurm_bin_dir)).as_dict()
    finally:
        transport.close()


def diagnose_connection(cluster: Cluster) -> dict[str, Any]:
    """The Test connection button's answer; never raises (the button exists to show failures)."""
    if cluster.is_simulated:
        return {
            "ok": True,
            "steps": [
                {"name": "simulator", "ok": True, "detail": "built-in simulator: nothing to connect to"}
            ],
        }
    try:
        return test_connection(cluster)
    except Exception as exc:  # the button exists to show failures: never a 500
        return {
            "ok": False,
            "steps": [{"name": "connect", "ok": False, "detail": f"{type(exc).__name__}: {exc}"}],
        }
