"""A broken-GPU field that appears only when it has something to say (issue 24, holdout12 blind: a DBE count and
Xid 48 first reported on a GPU that had reported for 40 minutes without them; the rule waited for a second
value to see the counter rise, so the fault read as a hang with no GPU named).

A counter that rose, or one that appears with a value after earlier samples of the same GPU lacked it, is
the GPU's fault; a value in the GPU's very first sample is its history (the baseline), not news.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.schema import Kind
from monitoring.detectors.telemetry import TelemetryRules

BASE = {"DCGM_FI_DEV_GPU_UTIL": 95, "DCGM_FI_DEV_POWER_USAGE": 250}


@settings(max_examples=80, deadline=None)
@given(
    before=st.integers(0, 5),
    field=st.sampled_from(
        [("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", 1, Kind.GPU_ECC), ("DCGM_FI_DEV_XID_ERRORS", 48, Kind.XID)]
    ),
    handover=st.booleans(),
)
def test_a_field_that_appears_with_a_value_is_news_unless_it_was_there_from_the_start(
    before: int, field: tuple[str, int, str], handover: bool
) -> None:
    name, value, kind = field
    rules = TelemetryRules()
    for i in range(before):
        rules.on_sample(60.0 * i, "n1", 2, dict(BASE), "1")
    if handover:
        again = TelemetryRules()
        again.load_state(rules.to_state())
        rules = again
    out = rules.on_sample(60.0 * before, "n1", 2, {**BASE, name: value}, "1")
    kinds = [i.kind for i in out]
    assert (kind in kinds) == (before > 0)
    # the same value again is no news either way
    assert kind not in [
        i.kind for i in rules.on_sample(60.0 * before + 60, "n1", 2, {**BASE, name: value}, "1")
    ]
