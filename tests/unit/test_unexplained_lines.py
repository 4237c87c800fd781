"""Lines nothing explained (issue 24): what no rule understood near a failure, rarest template first.

The record per stream is bounded whatever the input, the ranking puts the rarest template
first and the nearest to the failure first among equals, and no line a detector explained
(progress, checkpoint, phase, cadence, NCCL chatter, anything parsed) is ever listed.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution import unexplained as ux
from tests.unit.pipehelpers import T0, job, kernel, log, megatron, pipeline, progress, run, slurm


def _ranked(stream: ux.Stream, failure_t: float) -> list[str]:
    found = ux.candidates(stream, "job", "4101", failure_t - ux.WINDOW_S, failure_t + ux.AFTER_S)
    return [c.kept.line for c in ux.near(found, failure_t)]


# --- the template --------------------------------------------------------------------------


def test_lines_printed_by_one_print_call_share_a_template() -> None:
    a = ux.template_key("3: shard 0042 of /data/web.bin read 512 MiB in 3.2 s at 0x7f3a10")
    b = ux.template_key("17: shard 7 of /data/web.bin read 64 MiB in 12.75 s at 0x11")
    assert a == b
    assert a != ux.template_key("3: shard 0042 of /data/web.bin skipped")


def test_a_rank_label_with_nothing_behind_it_is_blank() -> None:
    assert ux.template_key("12: ") == ux.BLANK
    assert ux.template_key("[rank3]:   ") == ux.BLANK


# --- the stream ---------------------------------------------------------------------------


def test_the_line_printed_once_ranks_before_the_one_printed_often() -> None:
    s = ux.Stream(64, 128)
    for i in range(5):
        s.see(T0 + i, f"retrying connection to store {i}")
    s.see(T0 + 6, "dataloader: shard 17 is truncated")
    assert _ranked(s, T0 + 10) == ["dataloader: shard 17 is truncated", "retrying connection to store 4"]


def test_equally_rare_lines_come_nearest_to_the_failure_first() -> None:
    s = ux.Stream(64, 128)
    s.see(T0 + 1, "far from it")
    s.see(T0 + 9, "right before it")
    s.see(T0 + 5, "in between")
    assert _ranked(s, T0 + 10) == ["right before it", "in between", "far from it"]


def test_a_template_that_beats_for_minutes_is_routine_and_drops_out() -> None:
    s = ux.Stream(64, 128)
    for i in range(30):
        s.see(T0 + 10 * i, f"[timer] forward {100 + i} ms")
    s.see(T0 + 295, "watchdog: heartbeat file is stale")
    assert _ranked(s, T0 + 300) == ["watchdog: heartbeat file is stale"]


def test_a_burst_of_one_line_at_the_failure_is_no_routine() -> None:
    s = ux.Stream(64, 128)
    for rank in range(16):
        s.see(T0 + 100 + rank * 0.01, f"{rank}: store client: connection reset by peer")
    # Kept only while rare (its first eight): listed once, with how often it was seen.
    assert _ranked(s, T0 + 101) == ["7: store client: connection reset by peer"]
    assert s.seen(ux.template_key("0: store client: connection reset by peer")) == 16


def test_lines_outside_the_window_are_not_listed() -> None:
    s = ux.Stream(64, 128)
    s.see(T0, "long before")
    s.see(T0 + 700, "just before")
    s.see(T0 + 800 + ux.AFTER_S + 1, "well after")
    assert _ranked(s, T0 + 800) == ["just before"]


def test_a_tracebacks_frames_are_not_listed_even_when_ranks_interleave() -> None:
    s = ux.Stream(64, 128)
    for line in [
        "[rank1]: Traceback (most recent call last):",
        "[rank0]: Traceback (most recent call last):",
        '[rank1]:   File "/opt/train.py", line 47, in main',
        '[rank0]:   File "/opt/train.py", line 47, in main',
        "[rank1]:     trainer.fit(model)",
        "[rank0]:     trainer.fit(model)",
        "[rank1]:     ^^^^^^^^^^^^^^^^^^",
        "[rank0]: frame #0: c10::Error::Error(c10::SourceLocation) + 0x96 (0x7f in /lib/libc10.so)",
        "[rank1]: the line after the traceback",
    ]:
        s.see(T0, line)
    assert _ranked(s, T0) == ["[rank1]: the line after the traceback"]


_LINES = st.one_of(
    st.text(max_size=400),  # anything at all
    st.text("abcdefghijklmnopqrstuvwxyz:", min_size=3, max_size=30),  # many templates
    st.sampled_from(["[timer] step 12 took 3 ms", "warning: deprecated", '  File "x.py", line 1, in f']),
)


def test_a_routine_line_repeated_verbatim_costs_one_lookup_and_a_timestamped_one_rests_the_table() -> None:
    streams = ux.Streams(4, 64, 128, max_exact=8)
    for i in range(40):
        streams.see("verbatim", T0 + i, "wandb: WARNING Step cannot be set when using syncing")
        streams.see("stamped", T0 + i, f"[2026-11-26 16:56:{i:02d}] wandb: WARNING Step cannot be set")
    verbatim, stamped = streams.get("verbatim"), streams.get("stamped")
    assert verbatim is not None and stamped is not None
    assert list(verbatim.exact) == ["wandb: WARNING Step cannot be set when using syncing"]
    assert verbatim.exact_hits == 40 - ux.ROUTINE - 1
    assert stamped.exact == {} and stamped.exact_rest > 0  # eight lines, no hit: the table rests
    assert verbatim.seen(ux.template_key("wandb: WARNING Step cannot be set when using syncing")) == 40
    assert stamped.seen(ux.template_key("[2026-11-26 16:56:00] wandb: WARNING Step cannot be set")) == 40


def test_a_traceback_whose_exception_line_was_explained_is_over_seconds_later() -> None:
    """The exception line that ends it never reaches the stream: the next lines must not wait."""
    streams = ux.Streams(4, 64, 128, max_exact=64)
    streams.see("4101", T0, "[rank3]: Traceback (most recent call last):")
    streams.see("4101", T0, '[rank3]:   File "/opt/train.py", line 47, in main')
    streams.see("4101", T0, "[rank3]:     trainer.fit(model)")
    streams.see("4101", T0 + ux.TRACE_S + 1, "[rank5]: the job goes on printing")  # rank 3 says no more
    stream = streams.get("4101")
    assert stream is not None and stream.tracing == {}
    assert [k.line for k in stream.lines] == ["[rank5]: the job goes on printing"]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["a", "b", "c", "d"]), st.floats(0, 5000, allow_nan=False), _LINES),
        max_size=600,
    )
)
def test_memory_stays_bounded_whatever_the_lines(lines: list[tuple[str, float, str]]) -> None:
    streams = ux.Streams(3, 4, 6, max_exact=2)
    for name, t, line in lines:
        streams.see(name, T0 + t, line)
        streams.count(name, T0 + t, line[::-1])
    assert len(streams.streams) <= 3
    for s in streams.streams.values():
        assert len(s.lines) <= 4
        assert len(s.shapes) <= 6
        assert len(s.exact) <= 2
        assert len(s.tracing) <= 4096
        assert all(len(k.line) <= ux.KEEP_CHARS for k in s.lines)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(0, 900, allow_nan=False), st.sampled_from(["a", "b b", "c 1", "c 22", "d!", "e?"])
        ),
        min_size=1,
        max_size=200,
    ),
    st.floats(0, 900, allow_nan=False),
)
def test_one_line_per_template_rarest_first(lines: list[tuple[float, str]], failure: float) -> None:
    s = ux.Stream(1000, 100)
    for t, line in sorted(lines):
        s.see(T0 + t, line)
    found = ux.candidates(s, "job", "4101", T0 - 1, T0 + 1000)
    ranked = ux.near(found, T0 + failure, shown=100)
    keys = [c.kept.key for c in ranked]
    assert len(keys) == len(set(keys))
    assert [c.seen for c in ranked] == sorted(c.seen for c in ranked)
    assert len(ux.near(found, T0 + failure)) <= ux.SHOWN


def test_a_thousand_templates_in_one_stream_stay_within_its_bounds() -> None:
    s, counted = ux.Stream(64, 128, max_exact=64), ux.Stream(64, 128)
    for i in range(1000):
        word = "".join(chr(97 + int(d)) for d in str(i))  # a template of its own: "bcd", "bce"...
        s.see(T0 + i, f"unheard of: {word}")
        counted.count(T0 + i, f"explained: {word}")
    assert len(s.lines) == 64
    assert len(s.shapes) <= 128
    assert _ranked(s, T0 + 999)[0] == "unheard of: jjj"
    assert len(counted.shapes) <= 128 and not counted.lines


# --- the ingest: what reaches the record ----------------------------------------------------

MYSTERY = "7: [rank7]: shard 0042 of /data/web.bin: unexpected end of stream <script>alert(1)</script>"


def _crash(*lines: str) -> list:  # type: ignore[type-arg]
    """A healthy job, then ``lines`` a few seconds before it fails."""
    events = progress("4101", 0, 300)
    events += [log(301 + i, "4101", line) for i, line in enumerate(lines)]
    events.append(slurm(320, kind="job_state", job="4101", state="FAILED", exit_code="1:0"))
    return events


def test_an_unknown_line_before_a_crash_is_listed_and_no_progress_line_is() -> None:
    p = pipeline(job("4101", "gpu-a-[001-002]"))
    updates = run(p, _crash(MYSTERY))
    assert updates
    listed = updates[-1].unexplained
    assert [u.line for u in listed] == [MYSTERY]
    u = listed[0]
    assert (u.t, u.source, u.job, u.rank, u.node, u.seen) == (T0 + 301, "job", "4101", 7, "gpu-a-001", 1)


def test_explained_lines_are_never_listed() -> None:
    explained = [
        megatron(999),  # progress
        "0: saved checkpoint to /ckpt/iter_0000999 in 12.0 s",  # checkpoint
        "0: Training finished: reached max_steps",  # a phase line
        "0: gpu-a-001:2074004:2074183 [2] NCCL INFO Using network IB",  # NCCL chatter
        "0: gpu-a-001:2074004:2074183 [2] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC",
        "3: RuntimeError: CUDA error: an illegal memory access was encountered",  # parsed
    ]
    p = pipeline(job("4101", "gpu-a-[001-002]"))
    updates = run(p, _crash(*explained, MYSTERY))
    listed = [u.line for upd in updates for u in upd.unexplained]
    assert MYSTERY in listed
    assert not set(explained) & set(listed)


def test_a_beat_of_the_jobs_own_cadence_is_not_listed_not_even_the_first_ones() -> None:
    """The first beats go unexplained until the beat is learned; then they are explained too."""
    p = pipeline(job("4101", "gpu-a-001"))
    beats = [log(2 * i, "4101", f"0: epoch 1 batch {i} loss {2 + (i % 3) / 10:.2f}") for i in range(10)]
    beats.append(log(21, "4101", MYSTERY))
    beats.append(slurm(25, kind="job_state", job="4101", state="FAILED", exit_code="1:0"))
    updates = run(p, beats)
    listed = [u.line for u in updates[-1].unexplained]
    assert listed == [MYSTERY]


def test_the_blamed_nodes_kernel_lines_nothing_explained_are_listed() -> None:
    p = pipeline(job("4101", "gpu-a-[001-002]"))
    events = progress("4101", 0, 300)
    events.append(kernel(290, "gpu-a-002", "[ 123.4] i40e 0000:3b:00.0: firmware heartbeat lost <b>"))
    events.append(kernel(291, "gpu-a-009", "[ 123.5] a line of another node"))
    events.append(
        kernel(300, "gpu-a-002", "NVRM: Xid (PCI:0000:5d:00): 79, pid=1234, GPU has fallen off the bus.")
    )
    updates = run(p, events, until=320)
    upd = next(u for u in updates if u.culprit_node == "gpu-a-002")
    kernel_lines = [(u.source, u.node, u.line) for u in upd.unexplained if u.source == "kernel"]
    assert kernel_lines == [
        ("kernel", "gpu-a-002", "[ 123.4] i40e 0000:3b:00.0: firmware heartbeat lost <b>")
    ]


def test_the_listed_lines_ride_along_and_change_no_verdict() -> None:
    quiet = run(pipeline(job("4101", "gpu-a-[001-002]")), _crash())
    noisy = run(pipeline(job("4101", "gpu-a-[001-002]")), _crash(MYSTERY))
    assert [(u.key, u.category, u.culprit_node, u.evidence) for u in quiet] == [
        (u.key, u.category, u.culprit_node, u.evidence) for u in noisy
    ]
    assert not quiet[-1].unexplained and noisy[-1].unexplained
