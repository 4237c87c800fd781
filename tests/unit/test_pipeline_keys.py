"""Incident identity never repeats: keys handed out after a lost memory start above the database's highest."""

from __future__ import annotations

from actions.pipeline import Pipeline
from tests.unit.pipehelpers import T0, job, kernel, pipeline

XID79 = "[x] NVRM: Xid (PCI:0000:5d:00): 79, pid=1, name=python, GPU has fallen off the bus."


def test_a_fresh_pipeline_told_the_highest_key_numbers_its_first_incident_above_it() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    p.reserve_keys(41)
    [inc] = p.feed([kernel(1, "gpu-a-003", XID79)], T0 + 1)
    assert inc.key == "i-42"


def test_reserving_below_what_the_pipeline_already_handed_out_changes_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"), job("2", "gpu-a-[005-008]"))
    [first] = p.feed([kernel(1, "gpu-a-003", XID79)], T0 + 1)
    p.reserve_keys(0)
    [second] = p.feed([kernel(2, "gpu-a-006", XID79)], T0 + 2)
    assert (first.key, second.key) == ("i-1", "i-2")


def test_the_same_input_read_again_from_the_same_memory_opens_the_same_origin() -> None:
    first, again = pipeline(job("1", "gpu-a-[001-004]")), pipeline(job("1", "gpu-a-[001-004]"))
    [a] = first.feed([kernel(1, "gpu-a-003", XID79)], T0 + 1)
    again.reserve_keys(1)
    [b] = again.feed([kernel(5, "gpu-a-003", XID79)], T0 + 6)  # the same line, read by a later tick
    assert (a.key, b.key) == ("i-1", "i-2")
    assert a.origin and a.origin == b.origin


def test_a_pipeline_that_adopts_the_databases_key_keeps_using_it_after_a_save() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    p.reserve_keys(1)
    [inc] = p.feed([kernel(1, "gpu-a-003", XID79)], T0 + 1)
    assert inc.key == "i-2"
    assert p.adopt_key("i-2", "i-1")
    restored = Pipeline.from_state(p.to_state())
    assert [u.key for u in restored.incidents()] == ["i-1"]
    assert set(restored.corr.by_node.values()) | set(restored.corr.by_job.values()) == {"i-1"}
    assert not restored.adopt_key("i-9", "i-1")  # unknown key (or a taken one): nothing renamed
