"""Methods from holdout26, built blind (issue 24), each tested on lines other than the corpus's.

- The same job, restarted by its owner, failing again before its first step with the same exit code is
  the first failure repeating (one incident, the owner told once), even when nothing the job printed
  explained either failure: where it stood as it ended (``ended_in``) and how it ended are the same.
  Another exit code, or an attempt that trained first, is another failure.
- An NVLink5-class Xid (144-150) carries its interrupt's severity in its own words (``RLW_RXPIPE Nonfatal
  XC0 i0 Link 11``): the catalog files the Xid under its NVLink5 workflow for the fatal ones, and a
  nonfatal one does not say by itself that the GPU broke. Alone on one node of a stalled multi-node job,
  it (or a Xid the catalog does not know) is that node's hang: requeue without it, no drain. The fatal
  one is the GPU's fault.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from monitoring.detectors import xid
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, PCI, T0, kernel, log, megatron, pipeline, run, slurm

# Lines no rule explains: a site's launcher saying what it does, then a transport's complaint in its own words.
UNEXPLAINED = (
    "[launcher] starting 8 workers with env OMP_NUM_THREADS=4",
    "[fabric:{pid}] qp_setup.c:212 FAB  ERROR cq create(depth=8192) refused: out of pinned pages",
)


def _attempt(t0: float, code: str, trained: bool) -> list[dict[str, Any]]:
    lines = [log(t0 + 2.0, "7", UNEXPLAINED[0])]
    if trained:
        lines += [log(t0 + 10.0 + 5.0 * i, "7", megatron(i + 1)) for i in range(12)]
    end = t0 + (80.0 if trained else 12.0)
    lines += [log(end - 1.0, "7", UNEXPLAINED[1].format(pid=4000 + r)) for r in range(8)]
    return [*lines, slurm(end, kind="job_state", job="7", state="FAILED", exit_code=code)]


def _twice(code2: str, trained2: bool, handed_over: bool) -> list[Any]:
    """Job 7 fails before its first step with exit 1:0; its owner starts it again 20 min later on other
    nodes, and it fails with ``code2`` (after training a while if ``trained2``)."""
    first = JobSpec("7", "hvd", "tg", ("gpu-a-001", "gpu-a-002"), tasks_per_node=4, started=T0, comment=OPTED)
    p = pipeline(first)
    run(p, _attempt(0.0, "1:0", trained=False), until=600.0)
    if handed_over:  # another worker takes the next tick
        p = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    again = [
        slurm(1200.0, kind="job_state", job="7", state="RUNNING", exit_code="0:0", nodes="gpu-a-[005-006]")
    ]
    run(p, again + _attempt(1201.0, code2, trained2), until=1600.0)
    return p.incidents()


@settings(max_examples=12, deadline=None)
@given(code2=st.sampled_from(["1:0", "2:0", "137:0"]), trained2=st.booleans(), handed_over=st.booleans())
def test_the_same_job_failing_again_before_its_first_step_the_same_way_is_one_incident(
    code2: str, trained2: bool, handed_over: bool
) -> None:
    incs = _twice(code2, trained2, handed_over)
    assert all(i.category == "software" and i.culprit_node is None for i in incs)
    same = code2 == "1:0" and not trained2
    assert len(incs) == (1 if same else 2), [(i.key, i.evidence) for i in incs]
    assert T0 < incs[0].detected_t < T0 + 600.0


# --- the severity an NVLink5-class Xid gives itself ---------------------------------------------------------

UNITS = ("RLW_RXPIPE", "RLW_SRC_TRACK", "NETIR_LINK_DOWN", "TLW_TX", "SAW_MVB", "MSE_WATCHDOG", "TREX_PARITY")
NV5 = "[Tue Mar  3 04:11:09 2026] NVRM: Xid (PCI:{bus}): {xid}, {unit} {sev} XC{xc} i{i} Link {link:02d} ({regs})"


@settings(max_examples=40, deadline=None)
@given(
    code=st.integers(144, 150),
    unit=st.sampled_from(UNITS),
    sev=st.sampled_from(["Fatal", "Nonfatal"]),
    xc=st.integers(0, 3),
    link=st.integers(0, 17),
    regs=st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=6),
)
def test_an_nvlink5_xid_is_the_gpus_fault_exactly_when_it_calls_itself_fatal(
    code: int, unit: str, sev: str, xc: int, link: int, regs: list[int]
) -> None:
    words = " ".join(f"0x{r:08x}" for r in regs)
    line = NV5.format(bus=PCI[2], xid=code, unit=unit, sev=sev, xc=xc, i=xc, link=link, regs=words)
    parsed = xid.parse_xid_line(line)
    assert parsed is not None and parsed.xid == code
    verdict = xid.judge(parsed.xid, parsed.message)
    assert verdict.hardware == (sev == "Fatal") and not verdict.app
    assert xid.judge(code).hardware  # the number alone (DCGM's last-Xid field): the catalog's word


def _nv5_wedged(sev: str, nodes: int) -> list[Any]:
    """A job on ``nodes`` nodes stops progressing at 300 s; gpu-a-002's GPU 2 raises an NVLink5 Xid."""
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, nodes + 1))
    p = pipeline(JobSpec("5", name="maxtext", user="pg", nodes=names, tasks_per_node=8, comment=OPTED))
    events = [log(float(t), "5", megatron(t)) for t in range(300)]
    line = NV5.format(bus=PCI[2], xid=145, unit="RLW_RXPIPE", sev=sev, xc=0, i=0, link=11, regs="0x0409a0b3")
    events.append(kernel(301.0, "gpu-a-002", line))
    run(p, events, until=900.0)
    return p.incidents()


@settings(max_examples=8, deadline=None)
@given(nodes=st.integers(2, 12))
def test_a_lone_nonfatal_nvlink_xid_on_a_stalled_job_is_that_nodes_hang_and_a_fatal_one_its_gpu(
    nodes: int,
) -> None:
    [inc] = _nv5_wedged("Nonfatal", nodes)
    assert (inc.category, inc.culprit_node, inc.pattern) == ("hang", "gpu-a-002", "app_xid_on_one_gpu")
    assert [(r.action, r.exclude) for r in inc.recommendations] == [("requeue_job", ("gpu-a-002",))]
    [inc] = _nv5_wedged("Fatal", nodes)
    assert (inc.category, inc.culprit_node) == ("gpu_hardware", "gpu-a-002")
    assert "drain_node" in [r.action for r in inc.recommendations]


def _nv5_sequence(first_telemetry: bool, then_fatal: bool) -> list[Any]:
    """A 4-node job stops at 300 s; gpu-a-002's GPU 2 raises Xid 145 'Nonfatal' (DCGM's last-Xid field
    says 145 too, before or after the kernel line), and with ``then_fatal`` a fatal one 2 s later."""
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, 5))
    p = pipeline(JobSpec("5", name="maxtext", user="pg", nodes=names, tasks_per_node=8, comment=OPTED))
    events = [log(float(t), "5", megatron(t)) for t in range(300)]
    line = NV5.format(
        bus=PCI[2], xid=145, unit="RLW_RXPIPE", sev="{sev}", xc=0, i=0, link=13, regs="0x0409a0c2"
    )
    dcgm = {"t": T0 + (300.5 if first_telemetry else 303.5), "source": "gpu", "node": "gpu-a-002", "gpu": 2}
    events.append({**dcgm, "fields": {"DCGM_FI_DEV_XID_ERRORS": 145, "DCGM_FI_DEV_GPU_UTIL": 100}})
    events.append(kernel(301.0, "gpu-a-002", line.format(sev="Nonfatal")))
    if then_fatal:
        events.append(kernel(303.0, "gpu-a-002", line.format(sev="Fatal")))
    run(p, events, until=900.0)
    return p.incidents()


@settings(max_examples=4, deadline=None)
@given(first_telemetry=st.booleans(), then_fatal=st.booleans())
def test_the_drivers_word_on_severity_outranks_the_bare_number_and_a_fatal_one_names_the_gpu(
    first_telemetry: bool, then_fatal: bool
) -> None:
    [inc] = _nv5_sequence(first_telemetry, then_fatal)
    if then_fatal:
        assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-002", 2)
    else:
        assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-002"), inc.evidence
