"""A program error while a checkpoint is being written that says the write failed points at the storage
(issue 24's "a checkpoint save that timed out" was requeued; holdout8, blind: RETURNN's
"Save model under ..." then PyTorch's "PytorchStreamWriter failed writing file ...: file write failed"
on a shared filesystem was called the program's own failure).

A save is recognised by what it writes and where (a path or a URL after it), in any trainer's words;
an error that says an I/O operation failed (the C library's strerror words, PyTorch's stream writer,
libcurl's timeout) while a save is in flight is ``infrastructure`` / ``checkpoint_write_failed``:
escalated, not requeued, nothing drained. A program bug during a save (a pickling error) stays the
program's; an I/O error outside a save is not read as the storage's by this rule.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from incidents.attribution.incident import Incident, Mark, Verdict
from incidents.attribution.restart import assess_restart
from monitoring.detectors import phase as ph
from monitoring.detectors.progress import parse_checkpoint
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run, slurm

PATHS = st.one_of(
    st.from_regex(r"/[a-z0-9_]{1,8}(/[a-z0-9_.]{1,10}){0,4}", fullmatch=True),
    st.from_regex(r"(gs|s3|hdfs)://[a-z0-9-]{3,10}(/[a-z0-9_.]{1,10}){1,3}", fullmatch=True),
)


@settings(max_examples=60, deadline=None)
@given(
    verb=st.sampled_from(["Save", "save", "Saving", "saving", "Writing", "write"]),
    what=st.sampled_from(["model", "weights", "model state", "the model", "ckpt"]),
    prep=st.sampled_from(["under", "to", "at", "into", "->"]),
    path=PATHS,
)
def test_a_save_is_read_by_what_it_writes_and_where(verb: str, what: str, prep: str, path: str) -> None:
    line = f"{verb} {what} {prep} {path}"
    assume("saving model" not in line)  # a phrase the known trainers' rules read already (as they do)
    assert parse_checkpoint(line) == ("start", None)


def test_what_is_not_a_save_in_flight_is_not_read_as_one() -> None:
    for line in (
        "Saved model to /ckpt/epoch.040.pt",  # done, not begun
        "Loading model from /ckpt/epoch.040.pt",
        "save model config",  # no path: a setting, not a write
        "Writing model summary",
        "ep 40 train, step 61100, ctc 0.438, mem_usage:cuda:0 31.2GB, 0.378 sec/step",
    ):
        assert parse_checkpoint(line) is None, line


def _failed_in(phase: str, text: str) -> Incident:
    inc = Incident(key="k", detected_t=10.0, updated_t=10.0)
    info = {"phase": phase, "step": 400, "ckpt_start_t": 5.0}
    inc.marks["m"] = Mark("exception", None, None, 10.0, text, job="7", data={"phase": info})
    return inc


def test_an_io_failure_during_a_save_points_at_the_storage_and_nothing_else_does() -> None:
    v = Verdict("software", None, None, 0.7, "exception:RuntimeError", ())
    wrote = "RuntimeError: [enforce fail at inline_container.cc:857] . PytorchStreamWriter failed writing file data/322: file write failed"
    for text in (
        wrote,
        "OSError: [Errno 28] No space left on device",
        "OSError: [Errno 122] Disk quota exceeded",
    ):
        out, why = assess_restart(_failed_in(ph.CHECKPOINTING, text), v)
        assert (out.category, out.pattern) == ("infrastructure", "checkpoint_write_failed"), text
        assert "storage" in why[0]
    out, _ = assess_restart(_failed_in(ph.CHECKPOINTING, "_pickle.PicklingError: Can't pickle <lambda>"), v)
    assert out.category == "software"  # the program's own bug during a save
    out, _ = assess_restart(_failed_in(ph.TRAINING, "OSError: [Errno 28] No space left on device"), v)
    assert out.pattern != "checkpoint_write_failed"  # not during a save: not this rule's


def test_a_job_whose_checkpoint_write_failed_is_escalated_not_requeued() -> None:
    spec = JobSpec(
        "7", name="asr", user="ana", nodes=("cn-117",), tasks_per_node=1, started=T0, comment=OPTED
    )
    p = pipeline(spec)
    events: list[dict[str, Any]] = [log(5.0 + 10 * i, "7", megatron(100 + i)) for i in range(20)]
    events += [
        log(210.0, "7", "Save model under /work/setups/models/epoch.040.pt"),
        log(231.0, "7", "Traceback (most recent call last):"),
        log(
            231.1,
            "7",
            "RuntimeError: [enforce fail at inline_container.cc:857] . PytorchStreamWriter failed writing file data/322: file write failed",
        ),
        log(234.0, "7", "srun: error: cn-117: task 0: Exited with exit code 1"),
        slurm(266.0, kind="job_state", job="7", state="FAILED", exit_code="1:0", reason="NonZeroExitCode"),
    ]
    run(p, events, until=400)
    incs = p.incidents()
    assert [(i.category, i.pattern, i.culprit_node) for i in incs] == [
        ("infrastructure", "checkpoint_write_failed", None)
    ]
    assert {r.action for r in incs[0].recommendations}.isdisjoint({"requeue_job", "drain_node"})
