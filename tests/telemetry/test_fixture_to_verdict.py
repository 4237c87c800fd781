"""From a captured exporter scrape to a verdict: the same pipeline the controller runs.

The B200 dcgm-exporter captures carry a HW-thermal-throttled GPU 6 (945 MHz vs 1965
for its peers) and, 10 s later, a double-bit ECC increment on GPU 2 (with Xid 48).
"""

from __future__ import annotations

from pathlib import Path

from actions.pipeline import Pipeline
from monitoring.detectors.schema import ClusterSpec, JobSpec
from monitoring.telemetry.dcgm_exporter import parse_dcgm_exporter

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "telemetry"
NODE = "gpu-b-001"
T0 = 1_795_900_000.0
PCI = (
    "0000:18:00",
    "0000:2a:00",
    "0000:3a:00",
    "0000:5d:00",
    "0000:9a:00",
    "0000:ab:00",
    "0000:ba:00",
    "0000:db:00",
)


def _pipeline() -> Pipeline:
    cluster = ClusterSpec(name="b200", nodes=(NODE, "gpu-b-002"), gpus_per_node=8, pci_bus_ids=PCI)
    job = JobSpec(
        id="9001",
        name="llama-b200",
        user="erin",
        nodes=(NODE,),
        tasks_per_node=8,
        started=T0 - 3600,
        comment='{"recovery": {"max_requeues": 2}}',
    )
    return Pipeline(cluster, [job])


def _scrape(name: str, t: float) -> list[dict[str, object]]:
    return parse_dcgm_exporter((FIXTURES / name).read_text(), NODE, t)


def test_a_throttled_gpu_among_healthy_peers_is_a_degraded_gpu() -> None:
    pipe = _pipeline()
    updates = []
    for i in range(4):  # the slow-GPU rule wants three samples in a row
        updates += pipe.feed(_scrape("b200_dcgm_exporter.txt", T0 + 10 * i), T0 + 10 * i)
    verdicts = {(u.category, u.culprit_node, u.culprit_gpu) for u in pipe.incidents()}
    assert ("gpu_degraded", NODE, 6) in verdicts
    inc = next(u for u in pipe.incidents() if u.culprit_gpu == 6)
    assert {r.action for r in inc.recommendations} == {"drain_node", "requeue_job"}


def test_a_dbe_ecc_increment_is_broken_gpu_hardware() -> None:
    pipe = _pipeline()
    pipe.feed(_scrape("b200_dcgm_exporter.txt", T0), T0)
    pipe.feed(_scrape("b200_dcgm_exporter_t1.txt", T0 + 10), T0 + 10)
    hardware = [u for u in pipe.incidents() if u.category == "gpu_hardware"]
    assert [(u.culprit_node, u.culprit_gpu) for u in hardware] == [(NODE, 2)]
    assert hardware[0].detected_t == T0 + 10
