"""A simulated Slurm GPU training cluster for the live demo and for end-to-end tests.

Pure Python: no Django, no I/O, no clock (``now`` is always passed in). It emits events
in the ``recovery-scenario/1`` schema (docs/EVENTS.md) with absolute epoch seconds,
breaks the way the Llama 3 report says clusters break, and obeys drain / resume /
requeue / cancel like Slurm would.

    sim = SimulatedCluster(SimConfig.demo(seed=7), now=t0)
    events = sim.advance(t0 + 5)
    sim.inject("xid79", now=t0 + 6)
    state = sim.to_state()            # JSON-able; SimulatedCluster.from_state(state)
"""

from monitoring.simulator.cluster import SimulatedCluster
from monitoring.simulator.config import SimConfig
from monitoring.simulator.faults import FAULT_KINDS, LLAMA3_CAUSES, FaultKind

__all__ = ["FAULT_KINDS", "LLAMA3_CAUSES", "FaultKind", "SimConfig", "SimulatedCluster"]
