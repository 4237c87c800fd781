"""A tqdm bar with another logger's record on the same line, and ``raise Exception(...)`` (issue 24, holdout12
blind: DeepSpeed's "OVERFLOW! Rank 0 Skipping step" written right after each bar's "]" hid 12 steps, so a job
still stepping every 130 s read as stalled twice, and its final ``Exception: Current loss scale already at
minimum`` on all 16 ranks was not read at all: a requeue where the owner should have been told).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.logs import parse_joblog
from monitoring.detectors.progress import parse_progress
from monitoring.detectors.schema import Kind

TRAILERS = [
    "",
    "[2023-06-07 23:54:47,877] [INFO] [loss_scaler.py:188:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. "
    "Attempted loss scale: 65536, reducing to 32768",
    "Invalidate trace cache @ step 1: expected module 25, but got module 323",
    "{'loss': 1.23, 'learning_rate': 1e-05, 'epoch': 0.3}",
    "[INFO|trainer.py:2868] Saving model checkpoint to out/checkpoint-400",
]


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(1, 99999),
    extra=st.integers(0, 99999),
    rate=st.floats(0.01, 999.0),
    per_it=st.booleans(),
    label=st.sampled_from(["", "0: ", "[rank3]: "]),
    trailer=st.sampled_from(TRAILERS),
)
def test_a_bar_is_read_whatever_follows_it(
    n: int, extra: int, rate: float, per_it: bool, label: str, trailer: str
) -> None:
    total = n + extra
    unit = f"{rate:.2f}s/it" if per_it else f"{rate:.2f}it/s"
    line = f"{label}{100 * n // total:3d}%|##        | {n}/{total} [01:02:03<04:05:06, {unit}]{trailer}"
    found = parse_progress(line, None)
    assert found is not None and found[0] == n


def test_a_bare_exception_is_the_programs() -> None:
    info = parse_joblog(
        "0: Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."
    )
    assert info is not None and info.kind == Kind.EXCEPTION and info.data["etype"] == "Exception"
    assert parse_joblog("Exception in thread Thread-1:") is None
