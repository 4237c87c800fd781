"""Attribution: correlate observations into incidents and name the culprit (pure).

``Ingest`` turns events into observations, ``Correlator`` folds them into
incidents, ``assess`` decides each incident's verdict with the evidence an
operator reads, and ``merge_storms`` turns several simultaneous unexplained
job failures on disjoint nodes into one shared-infrastructure incident.
Re-exports only.
"""

from incidents.attribution.assess import Assessment, assess
from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident, Mark, Verdict
from incidents.attribution.ingest import DetectConfig, Ingest
from incidents.attribution.storms import (
    merge_budget_ends,
    merge_device_storms,
    merge_kill_storms,
    merge_lemon_attempts,
    merge_repeated_attempts,
    merge_storms,
    merge_wiring_storms,
)
from incidents.attribution.world import JobRun, World

__all__ = [
    "Assessment",
    "Correlator",
    "DetectConfig",
    "Incident",
    "Ingest",
    "JobRun",
    "Mark",
    "Verdict",
    "World",
    "assess",
    "merge_budget_ends",
    "merge_device_storms",
    "merge_kill_storms",
    "merge_wiring_storms",
    "merge_lemon_attempts",
    "merge_repeated_attempts",
    "merge_storms",
]
