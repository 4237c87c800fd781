"""A storm of corrected memory errors on one node: a memory module failing while it still corrects (pure).

A corrected error (EDAC's ``CE``, ``drivers/edac/edac_mc.c``: ``EDAC MC%d: %d CE %s on %s (...)``,
the count first; a machine check whose ``IA32_MCi_STATUS`` has UC clear) is routine one at a time:
ECC did its job, and :mod:`monitoring.detectors.kernel_records` reads such a line and raises nothing.
A node whose kernel reports them by the hundred every few seconds is another matter: the module is
failing, the error-reporting registers overflow (sb_edac's ``OVERFLOW``), and an uncorrectable error
or the host's loss follows within minutes to hours (holdout4: a DIMM's CE storm, the host gone five
minutes later; found only when Slurm said NOT_RESPONDING). mcelog and rasdaemon act on far fewer
(offline a page after 10 or 50 in 24 h); draining a node that runs a job asks for more, so the bar
here is a rate no healthy module reaches: ``STORM_COUNT`` corrected errors on one node within
``WINDOW_S``, counted from each line's own count. Raised once per node per ``QUIET_S``.
The windows are JSON (``to_state``/``load_state``): a handover between ticks forgets nothing.
"""

from __future__ import annotations

from monitoring.detectors.recurring import Recurring

STORM_COUNT = 1000
WINDOW_S = 600.0
QUIET_S = 6 * 3600.0


class CorrectedStorm(Recurring):
    """Corrected errors per node; ``on_corrected`` gives the window's total when it makes a storm."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(WINDOW_S, STORM_COUNT, 0.0, QUIET_S)

    def on_corrected(self, node: str, t: float, count: int) -> int | None:
        return self.see(node, t, count)
