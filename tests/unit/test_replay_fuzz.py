"""Replay survives garbage: random bytes, invalid UTF-8, 50 KB lines, unknown sources.

Property: whatever the events file holds, replay finishes, prints JSON, and
invents no incident out of lines that carry no fault.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actions.evaluation.replay import replay

SCENARIO = {
    "format": "recovery-scenario/1",
    "name": "fuzz",
    "start": "2026-11-29T10:00:00Z",
    "cluster": {"name": "f", "nodes": "gpu-a-[001-004]", "gpus_per_node": 8},
    "jobs": [
        {
            "id": "1",
            "nodes": "gpu-a-[001-002]",
            "tasks_per_node": 8,
            "comment": '{"recovery": {"max_requeues": 2}}',
        }
    ],
}
SOURCES = st.sampled_from(["joblog", "kernel", "gpu", "slurm", "weird", None, 7])
NOISE_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300)


def _event(t: float, source: object, text: str) -> dict:
    return {
        "t": t,
        "source": source,
        "job": "1",
        "node": "gpu-a-001",
        "line": text,
        "gpu": 0,
        "fields": {"DCGM_FI_DEV_SM_CLOCK": text[:3]},
        "kind": text[:9],
        "state": text[:12],
    }


events = st.lists(
    st.one_of(
        st.binary(max_size=400),
        st.builds(
            lambda t, s, x: json.dumps(_event(t, s, x)).encode(), st.floats(0, 500), SOURCES, NOISE_TEXT
        ),
        st.builds(lambda n: json.dumps(_event(1.0, "joblog", "A" * n)).encode(), st.integers(40_000, 60_000)),
        st.just(b'{"t": 3, "source": "joblog", "job": "1", "line": "\xff\xfe\xfd invalid utf-8"}'),
        st.just(b'{"t": 1e400, "source": "kernel"}'),
        st.just(b"[1, 2, 3]"),
    ),
    max_size=40,
)


ANY = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
FIELD_NAMES = st.sampled_from(
    [
        "DCGM_FI_DEV_SM_CLOCK",
        "DCGM_FI_DEV_XID_ERRORS",
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
        "DCGM_FI_DEV_ROW_REMAP_FAILURE",
        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",
        "DCGM_FI_DEV_POWER_USAGE",
        "other",
    ]
)
STRUCTURED = st.fixed_dictionaries(
    {"t": st.floats(0, 400), "source": st.sampled_from(["joblog", "kernel", "gpu", "slurm"])},
    optional={
        "job": ANY,
        "node": ANY,
        "gpu": ANY,
        "line": ANY,
        "kind": st.sampled_from(["node_state", "job_state", "x"]),
        "state": ANY,
        "reason": ANY,
        "nodes": ANY,
        "exit_code": ANY,
        "fields": st.dictionaries(FIELD_NAMES, ANY, max_size=5),
    },
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STRUCTURED, max_size=30))
def test_replay_survives_well_formed_events_with_ill_typed_fields(evts: list[dict]) -> None:
    lines = [json.dumps(e, default=str).encode() for e in evts]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "scenario.json").write_text(json.dumps(SCENARIO))
        (folder / "events.jsonl").write_bytes(b"\n".join(lines))
        out = replay(folder)
    json.dumps(out)
    for inc in out["incidents"]:  # whatever it raised, it never drained or requeued out of garbage alone
        assert all(r["action"] in ("notify", "escalate") for r in inc["recommendations"]) or inc["culprit"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events)
def test_replay_survives_garbage_and_invents_nothing(lines: list[bytes]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "scenario.json").write_text(json.dumps(SCENARIO))
        (folder / "events.jsonl").write_bytes(b"\n".join(line.replace(b"\n", b" ") for line in lines))
        out = replay(folder)
    assert json.loads(json.dumps(out))["incidents"] == []
