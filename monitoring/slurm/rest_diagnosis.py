"""The Test connection button for a REST cluster: DNS, TCP, TLS, token, API version, permission.

Each step says what it found and the first failure stops the walk, so the page shows which
step failed and why (the same :class:`~monitoring.transports.Diagnosis` SSH mode fills).
"""

from __future__ import annotations

import socket
import ssl
import time
import urllib.parse
from typing import Any, Protocol

from monitoring.slurm.client import SlurmError
from monitoring.slurm.jwt import TokenError, TokenSource
from monitoring.slurm.parse import JobInfo, NodeInfo
from monitoring.slurm.rest_shapes import Capabilities
from monitoring.transports import Diagnosis


class RestSlurmClient(Protocol):
    """What the diagnosis needs of monitoring.slurm.rest.RestSlurmClient (which fits)."""

    url: str
    ca_file: str
    timeout: float
    tokens: TokenSource

    def openapi(self) -> dict[str, Any]: ...
    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]: ...
    def capabilities(self) -> Capabilities: ...
    def nodes(self) -> list[NodeInfo]: ...
    def jobs(self) -> list[JobInfo]: ...


def resolve(url: str) -> tuple[str, int, bool, str]:
    """host, port, TLS?, first address (raises socket.gaierror)."""
    parts = urllib.parse.urlsplit(url)
    tls = parts.scheme == "https"
    host, port = parts.hostname or "", parts.port or (443 if tls else 80)
    addrs = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return host, port, tls, str(addrs[0][4][0])


# Users slurmctld lets drain, resume and requeue without an AdminLevel: root and the SlurmUser
# (which a REST site usually names "slurm"). Anyone else needs AdminLevel=Operator in slurmdbd.
PRIVILEGED = ("root", "slurm")


def diagnose(client: RestSlurmClient) -> Diagnosis:
    diag = Diagnosis()
    _ = (
        _dns(client, diag)
        and _tcp(client, diag)
        and _tls(client, diag)
        and _token(client, diag)
        and _api_version(client, diag)
        and _permission(client, diag)
    )
    return diag


def _dns(client: RestSlurmClient, diag: Diagnosis) -> bool:
    try:
        host, port, _, addr = resolve(client.url)
    except (socket.gaierror, UnicodeError) as exc:
        return diag.add("dns", False, f"cannot resolve the host of {client.url!r}: {exc}")
    return diag.add("dns", True, f"{host} -> {addr}")


def _tcp(client: RestSlurmClient, diag: Diagnosis) -> bool:
    host, port, _, _ = resolve(client.url)
    try:
        socket.create_connection((host, port), timeout=min(client.timeout, 10.0)).close()
    except OSError as exc:
        return diag.add("tcp", False, f"{host}:{port}: {exc}")
    return diag.add("tcp", True, f"{host}:{port} accepts connections")


def _tls(client: RestSlurmClient, diag: Diagnosis) -> bool:
    host, port, tls, _ = resolve(client.url)
    if not tls:
        return diag.add(
            "tls",
            True,
            "plain HTTP (no TLS): fine on localhost or a private link; elsewhere put slurmrestd "
            "behind a TLS reverse proxy and use https://",
        )
    ctx = ssl.create_default_context(cafile=client.ca_file or None)
    try:
        with (
            socket.create_connection((host, port), timeout=min(client.timeout, 10.0)) as raw,
            ctx.wrap_socket(raw, server_hostname=host) as sock,
        ):
            cert = sock.getpeercert() or {}
    except ssl.SSLCertVerificationError as exc:
        return diag.add("tls", False, f"{host}:{port}: certificate not trusted: {exc.verify_message}")
    except (ssl.SSLError, OSError) as exc:
        return diag.add("tls", False, f"{host}:{port}: TLS handshake failed: {exc}")
    names = [str(pair[1]) for rdn in cert.get("subject", ()) for pair in rdn if pair[0] == "commonName"]
    return diag.add("tls", True, f"verified {names[0] if names else host}, until {cert.get('notAfter', '?')}")


def _token(client: RestSlurmClient, diag: Diagnosis) -> bool:
    """A token we can send, and slurmctld accepting it (a ping goes through to slurmctld)."""
    try:
        tok = client.tokens.token(time.time())
    except TokenError as exc:
        return diag.add("token", False, str(exc))
    left = int(tok.expires - time.time())
    try:
        doc = client.openapi()
        versions = [p for p in (doc.get("paths") or {}) if "/ping" in str(p)]
        ping = max(versions) if versions else ""
        if ping:
            client.request("GET", str(ping))
    except SlurmError as exc:
        if getattr(exc, "status", 0) == 401:
            return diag.add("token", False, f"slurmrestd refused the token for {tok.user!r}: {exc}")
        return diag.add(
            "token",
            False,
            f"slurmctld refused the request with the token for {tok.user!r} (a token signed with "
            f"another key, or expired, reads like this; so does slurmctld being down): {exc}",
        )
    return diag.add("token", True, f"accepted for {tok.user!r} ({client.tokens.kind}, {left} s left)")


def _api_version(client: RestSlurmClient, diag: Diagnosis) -> bool:
    try:
        caps = client.capabilities()
    except SlurmError as exc:
        return diag.add("api_version", False, str(exc))
    missing = caps.missing
    return diag.add(
        "api_version",
        True,
        f"using {caps.version}" + (f"; this version cannot: {', '.join(missing)}" if missing else ""),
    )


def _permission(client: RestSlurmClient, diag: Diagnosis) -> bool:
    """Reads go through; the actions need a privileged user and an API that serves them."""
    try:
        nodes = client.nodes()
        client.jobs()
    except SlurmError as exc:
        return diag.add("permission", False, f"cannot read nodes and jobs: {exc}")
    user = client.tokens.token(time.time()).user
    caps = client.capabilities()
    privileged = user in PRIVILEGED
    can_act = caps.update_node
    detail = f"reads {len(nodes)} nodes and the job queue as {user!r}; "
    if not privileged:
        detail += "drain/requeue need root, SlurmUser or AdminLevel=Operator"
    elif not can_act:
        detail += f"may act, but {caps.version} serves no drain/resume: actions will be refused"
    else:
        detail += "may drain, resume and requeue"
    return diag.add("permission", privileged and can_act, detail)
