"""A real Slurm, read and acted on through a transport (see client.py, parse.py).

``parse.py`` is pure and paramiko-free: import it directly. The client (which pulls in
the transports) is loaded only when asked for, so importing the package costs nothing.
"""

from __future__ import annotations

from typing import Any

__all__ = ["OUR_PREFIX", "ActionResult", "JobInfo", "NodeInfo", "SlurmClient", "SlurmError"]


def __getattr__(name: str) -> Any:
    if name in ("OUR_PREFIX", "ActionResult", "SlurmClient", "SlurmError"):
        from monitoring.slurm import client

        return getattr(client, name)
    if name in ("JobInfo", "NodeInfo"):
        from monitoring.slurm import parse

        return getattr(parse, name)
    raise AttributeError(name)
