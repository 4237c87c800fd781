"""A real Slurm, read and acted on through a transport (see client.py, parse.py)."""

from monitoring.slurm.client import OUR_PREFIX, ActionResult, SlurmClient, SlurmError
from monitoring.slurm.parse import JobInfo, NodeInfo

__all__ = ["OUR_PREFIX", "ActionResult", "JobInfo", "NodeInfo", "SlurmClient", "SlurmError"]
