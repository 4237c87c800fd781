"""A hanging Slurm command holds a tick for about two ticks, not the setting's 30 s.

``RECOVERY_SLURM_TIMEOUT_S`` (default 30 s) is bounded by the cluster's own tick: two poll
intervals, never under 5 s. A real hanging ``scontrol`` (a script that sleeps) on the
command client the tick reads with.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from monitoring.connections import client_for
from monitoring.models import Cluster
from monitoring.transports import CommandTimeout

pytestmark = pytest.mark.django_db


def _hanging_slurm(tmp_path: Path) -> Path:
    for name in ("scontrol", "sinfo", "squeue"):
        path = tmp_path / name
        path.write_text("#!/bin/sh\nexec sleep 120\n")
        path.chmod(0o755)
    return tmp_path


@pytest.mark.parametrize(("poll_s", "cut_at_s"), [(1.0, 5.0), (4.0, 8.0), (60.0, 30.0)])
def test_the_slurm_timeout_is_two_ticks_never_under_5_s_never_over_the_setting(
    settings, tmp_path: Path, poll_s: float, cut_at_s: float
) -> None:
    settings.RECOVERY_SLURM_TIMEOUT_S = 30.0
    cluster = Cluster.objects.create(
        name=f"hang-{int(poll_s)}",
        connection_mode="local",
        slurm_bin_dir=str(tmp_path),
        poll_interval_s=poll_s,
    )
    assert client_for(cluster).timeout == cut_at_s


def test_a_hanging_scontrol_is_cut_after_5_s_on_a_cluster_ticking_every_second(
    settings, tmp_path: Path
) -> None:
    settings.RECOVERY_SLURM_TIMEOUT_S = 30.0  # the shipped default
    cluster = Cluster.objects.create(
        name="hang", connection_mode="local", slurm_bin_dir=str(_hanging_slurm(tmp_path)), poll_interval_s=1.0
    )
    t0 = time.monotonic()
    with pytest.raises(CommandTimeout, match="did not finish within 5s"):
        client_for(cluster).node("gpu-a-001")
    assert time.monotonic() - t0 < 10.0
