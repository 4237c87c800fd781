"""How the controller reaches a cluster: one transport per cluster and worker, the Slurm client over it,
and the Test connection diagnosis. The one place that turns a Cluster row into a connection.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from monitoring.choices import ConnectionMode
from monitoring.models import Cluster
from monitoring.slurm.client import SlurmClient, bin_paths_in
from monitoring.slurm.jwt import TokenSource
from monitoring.slurm.rest import NoCommands, RestSlurmClient
from monitoring.transports import LocalTransport, SSHTransport, Transport

_TRANSPORTS: dict[int, tuple[tuple[Any, ...], Transport]] = {}
_REST: dict[int, tuple[tuple[Any, ...], RestSlurmClient]] = {}


def _signature(c: Cluster) -> tuple[Any, ...]:
    return (c.connection_mode, c.ssh_host, c.ssh_port, c.ssh_user, c.ssh_key_path, c.known_hosts_path)


def _rest_signature(c: Cluster) -> tuple[Any, ...]:
    return (
        c.rest_url,
        c.rest_user,
        c.rest_jwt_key_path,
        c.rest_token_path,
        c.rest_ca_path,
        c.poll_interval_s,
        _signature(c),
    )


def transport_for(cluster: Cluster) -> Transport:
    """One transport per cluster and worker process: the SSH connection is reused across ticks.

    A REST cluster has no command channel; with an SSH host set (the site allows SFTP), its
    transport is SSH, used only for reading job output files."""
    sig = _signature(cluster)
    cached = _TRANSPORTS.get(cluster.pk)
    if cached and cached[0] == sig:
        return cached[1]
    if cached:
        cached[1].close()
    if cluster.connection_mode == ConnectionMode.REST and not cluster.ssh_host:
        transport: Transport = NoCommands(cluster.rest_url)
    elif cluster.connection_mode in (ConnectionMode.SSH, ConnectionMode.REST):
        transport = SSHTransport(
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


def rest_client_for(cluster: Cluster, transport: Transport | None = None) -> RestSlurmClient:
    """One REST client per cluster and worker: its token and detected API version are reused."""
    sig = _rest_signature(cluster)
    cached = _REST.get(cluster.pk)
    if cached and cached[0] == sig and transport is None:
        return cached[1]
    tokens = TokenSource(
        cluster.rest_user or "root",
        key_path=cluster.rest_jwt_key_path,
        token_path="" if cluster.rest_jwt_key_path else cluster.rest_token_path,
        lifespan=float(settings.RECOVERY_REST_TOKEN_LIFESPAN_S),
    )
    client = RestSlurmClient(
        cluster.rest_url,
        tokens,
        ca_file=cluster.rest_ca_path,
        timeout=slurm_timeout(cluster),
        transport=transport if transport is not None else transport_for(cluster),
    )
    if transport is None:
        _REST[cluster.pk] = (sig, client)
    return client


SLURM_TIMEOUT_FLOOR_S = 5.0  # a healthy slurmctld answers a large cluster's scontrol well within this
SLURM_TIMEOUT_TICKS = 2  # a hanging command costs at most about two ticks, not the setting's 30 s


def slurm_timeout(cluster: Cluster) -> float:
    """Seconds one Slurm command may take: ``RECOVERY_SLURM_TIMEOUT_S``, bounded by the cluster's tick
    (two poll intervals, never under 5 s), so a hanging scontrol holds the tick for seconds, not 30 s."""
    by_tick = max(SLURM_TIMEOUT_FLOOR_S, SLURM_TIMEOUT_TICKS * float(cluster.poll_interval_s))
    return min(float(settings.RECOVERY_SLURM_TIMEOUT_S), by_tick)


def client_for(cluster: Cluster) -> SlurmClient | RestSlurmClient:
    if cluster.connection_mode == ConnectionMode.REST:
        return rest_client_for(cluster)
    # A hanging scontrol/sinfo costs at most this long (then a clear error, shown as the source's last error).
    return SlurmClient(
        transport_for(cluster),
        bin_paths=bin_paths_in(cluster.slurm_bin_dir),
        timeout=slurm_timeout(cluster),
    )


def test_connection(cluster: Cluster) -> dict[str, Any]:
    """The Test connection button: each step (DNS, TCP, host key, auth, sinfo, permission) and what failed.

    REST: DNS, TCP, TLS, token, API version, permission (a fresh client: nothing cached)."""
    if cluster.connection_mode == ConnectionMode.REST:
        return _rest_test(cluster)
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


def _rest_test(cluster: Cluster) -> dict[str, Any]:
    from monitoring.slurm.jwt import TokenError

    try:
        client = rest_client_for(cluster, transport=NoCommands(cluster.rest_url))
    except TokenError as exc:  # neither or both of key and token file
        return {"ok": False, "steps": [{"name": "token", "ok": False, "detail": str(exc)}]}
    return client.test_connection().as_dict()
