"""A stall during or right after a checkpoint save whose upload the program said was failing points at
the storage (holdout8, blind: Levanter's tensorstore upload to GCS logged libcurl's "Timeout was reached"
and "Operation too slow" inside the save, the save said it ended, one more step printed, and every rank
stalled; it was called a plain hang, where the thread's conclusion is the object store).

With asynchronous checkpointing (tensorstore, orbax, torch.distributed.checkpoint's async save) the
upload outlives the "saved" line, so trouble said inside a save still explains a stall a beat or two
after it (``phase.SAVE_TROUBLE_BEATS``). The same trouble followed by healthy training does not, nor does
a new save that began cleanly, nor an I/O word outside any save.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import phase as ph
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run

TROUBLE = (
    "W0000 00:00:1715498963.019816  583764 curl_transport.cc:444] Error [28]=Timeout was reached in curl operation",
    "Operation too slow. Less than 1024 bytes/sec transferred the last 60 seconds",
    'botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "https://s3.amazonaws.com/ckpt/part-3"',
    "WARNING: upload of shard 12 failed: [Errno 110] Connection timed out; retrying",
)


def _phase(events: list[tuple[str, str]]) -> dict[str, object]:
    p = ph.JobPhase(0.0)
    for t, (what, line) in enumerate(events, start=1):
        if what == "step":
            p.on_step(float(t), t, line)
        elif what == "save":
            p.on_checkpoint(float(t), "start", line)
        elif what == "saved":
            p.on_checkpoint(float(t), "end", line)
        elif what == "trouble":
            found = ph.IO_FAILURE.search(line)
            assert found is not None, line
            p.on_io_trouble(float(t), found.group(0))
    return p.describe()


def test_trouble_inside_a_save_is_kept_for_a_few_beats_after_it() -> None:
    steps = [("step", "")] * 3
    saved = [("save", "Saving checkpoint to gs://b/step-30"), ("trouble", TROUBLE[0]), ("saved", "Saved")]
    assert _phase(steps + saved)["save_trouble"] == "Timeout was reached"
    assert "save_trouble" in _phase(steps + saved + [("step", "")] * ph.SAVE_TROUBLE_BEATS)
    # training went on: the upload finished after all
    assert "save_trouble" not in _phase(steps + saved + [("step", "")] * (ph.SAVE_TROUBLE_BEATS + 1))
    # a new save began cleanly: the last one's trouble is over
    assert "save_trouble" not in _phase(steps + saved + [("step", ""), ("save", "Saving checkpoint to /c/x")])
    # an I/O word while no save is under way is not this save's
    assert "save_trouble" not in _phase(steps * 3 + [("trouble", TROUBLE[3])])


def _stalled_after_save(trouble: str | None, beats_after: int) -> list[tuple[str, str | None]]:
    spec = JobSpec(
        "7", name="lm", user="ana", nodes=("jx-03", "jx-04"), tasks_per_node=8, started=T0, comment=OPTED
    )
    p = pipeline(spec)
    events = [log(5.0 + 10 * i, "7", megatron(100 + i)) for i in range(30)]
    t = 305.0
    events.append(log(t, "7", "Saving checkpoint at step 130 to gs://ckpt-bucket/run-7/step-130"))
    if trouble is not None:
        events.append(log(t + 40, "7", trouble))
    events.append(log(t + 45, "7", "Saved checkpoint to gs://ckpt-bucket/run-7/step-130"))
    for i in range(beats_after):
        events.append(log(t + 50 + 10 * i, "7", megatron(130 + i)))
    run(p, events, until=t + 50 + 10 * beats_after + 1800)
    return [(i.category, i.pattern) for i in p.incidents()], [
        {r.action for r in i.recommendations} for i in p.incidents()
    ]


@settings(max_examples=12, deadline=None)
@given(trouble=st.sampled_from(TROUBLE), beats_after=st.integers(0, ph.SAVE_TROUBLE_BEATS + 3))
def test_a_stall_right_after_a_troubled_save_is_the_storage_and_only_then(
    trouble: str, beats_after: int
) -> None:
    found, actions = _stalled_after_save(trouble, beats_after)
    assert found, "the stall was not found"
    category, pattern = found[0]
    if beats_after <= ph.SAVE_TROUBLE_BEATS:
        # (botocore's line is an exception: the object store's endpoint error, read by the rules before this one)
        assert category == "infrastructure"
        assert pattern in (
            "stall_after_checkpoint_io_trouble",
            "checkpoint_write_failed",
            "remote_service_errors",
        )
        assert actions[0].isdisjoint({"requeue_job", "drain_node"})
    else:
        assert pattern != "stall_after_checkpoint_io_trouble"


def test_the_same_stall_after_a_clean_save_is_not_blamed_on_the_storage() -> None:
    found, _ = _stalled_after_save(None, 1)
    assert found and found[0][1] != "stall_after_checkpoint_io_trouble"
