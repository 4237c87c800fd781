"""An incident the attribution fails on is reported to a person, not lost (the controller says it is blind).

Found while adding a rule this stop: a NameError inside the hang rule made every hang incident vanish from
the replay without a word: the pipeline kept "the last good verdict", and a new incident had none. Now an
incident never assessed gets an update anyway: its evidence, the error, pattern ``assessment_failed``,
and one escalation (nothing automatic). Once the attribution works again its verdict replaces it; an
incident that had a good verdict keeps it when a later assessment fails.
"""

from __future__ import annotations

from typing import Any

import pytest

import actions.pipeline as pipeline_module
from actions.policy import ESCALATE
from tests.unit.pipehelpers import job, kernel, log, megatron, pipeline, run

XID79 = "NVRM: Xid (PCI:0000:5d:00): 79, pid=4242, name=python, GPU has fallen off the bus."


def _events() -> list[dict[str, Any]]:
    return [log(5.0 + 10 * i, "1", megatron(100 + i)) for i in range(5)] + [kernel(60.0, "gpu-a-001", XID79)]


def test_an_incident_the_attribution_fails_on_is_escalated_with_its_evidence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = pipeline_module.assess
    broken = {"on": True}

    def assess(*args: Any, **kw: Any) -> Any:
        if broken["on"]:
            raise NameError("name 'Kind' is not defined")
        return real(*args, **kw)

    monkeypatch.setattr(pipeline_module, "assess", assess)
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _events(), until=80)
    [inc] = p.incidents()
    assert inc.pattern == "assessment_failed" and inc.culprit_node is None
    assert [r.action for r in inc.recommendations] == [ESCALATE]
    assert "NameError" in inc.evidence[0] and any("Xid 79" in e for e in inc.evidence)
    broken["on"] = False  # the next assessment works: its verdict replaces the placeholder
    run(p, [kernel(90.0, "gpu-a-001", XID79)], until=100)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("gpu_hardware", "gpu-a-001")
    broken["on"] = True  # and a later failure keeps the last good verdict
    run(p, [kernel(110.0, "gpu-a-001", XID79)], until=120)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("gpu_hardware", "gpu-a-001")
