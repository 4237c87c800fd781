"""The job-log tailer's edge cases, on real files through LocalTransport."""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
from pathlib import Path

import pytest

from monitoring.collectors import joblog
from monitoring.detectors.text import MAX_LINE
from monitoring.transports import FileChunk, LocalTransport

T = LocalTransport()


def _tail(path: Path, state: dict | None = None, **kw) -> tuple[list[str], dict]:  # type: ignore[no-untyped-def]
    state = json.loads(json.dumps(state or joblog.new_state(str(path))))  # must survive Redis
    return joblog.read_lines(T, state, **kw)


def test_it_reads_only_what_is_new(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("0: node1 step 1\n1: node2 step 1\n")
    lines, st = _tail(p)
    assert lines == ["0: node1 step 1", "1: node2 step 1"]
    with p.open("a") as fh:
        fh.write("0: node1 step 2\n")
    lines, st = _tail(p, st)
    assert lines == ["0: node1 step 2"]
    assert _tail(p, st)[0] == []


def test_a_partial_last_line_waits_for_its_newline(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_bytes(b"done\nhalf a li")
    lines, st = _tail(p)
    assert lines == ["done"]
    with p.open("ab") as fh:
        fh.write(b"ne\nnext")
    lines, st = _tail(p, st)
    assert lines == ["half a line"]
    assert _tail(p, st)[0] == []


def test_a_partial_line_is_flushed_once_it_passes_the_cap() -> None:
    st = joblog.new_state("x")
    lines, st = joblog.consume(st, FileChunk(b"a" * 100, 100, 1), partial_cap=64)
    assert lines == ["a" * 100] and st["partial"] == "" and st["offset"] == 100


def test_truncation_restarts_at_zero(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("one\ntwo\nthree\n")
    _, st = _tail(p)
    p.write_text("new\n")  # truncated and rewritten, same inode
    lines, st = _tail(p, st)
    assert lines == ["new"] and st["offset"] == 4


def test_rotation_is_detected_by_inode(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("old 1\nold 2\n")
    _, st = _tail(p)
    rotated = tmp_path / "job.out.new"
    rotated.write_text("fresh 1\nfresh 2\nfresh 3 is longer than the old file\n")
    os.replace(rotated, p)  # bigger than our offset: only the inode tells
    lines, _ = _tail(p, st)
    assert lines == ["fresh 1", "fresh 2", "fresh 3 is longer than the old file"]


def test_binary_garbage_and_huge_lines_are_cleaned(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_bytes(b"ok\x00\xff\xfe bad\r\n" + b"x" * 50_000 + b"\n")
    lines, _ = _tail(p)
    assert lines[0] == "ok\ufffd\ufffd\ufffd bad"
    assert lines[1].startswith("x" * MAX_LINE) and "truncated" in lines[1] and len(lines[1]) < MAX_LINE + 100
    json.dumps(lines)  # valid for JSON encoders and PostgreSQL (no NUL)


def test_reads_are_bounded_per_poll(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("".join(f"line {i}\n" for i in range(1000)))
    first, st = _tail(p, max_bytes=100)
    assert first[0] == "line 0" and len(first) < 20
    rest: list[str] = []
    while True:
        more, st = _tail(p, st, max_bytes=4096)
        if not more:
            break
        rest += more
    assert first + rest == [f"line {i}" for i in range(1000)]


def test_poll_reads_a_shared_stdout_stderr_once_and_waits_for_missing_files(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    events, st = joblog.poll(T, "42", [str(p), str(p), "/dev/null"], None, now=5.0)
    assert events == []
    p.write_text("hello\n")
    events, st = joblog.poll(T, "42", [str(p), str(p)], json.loads(json.dumps(st)), now=6.0)
    assert events == [{"t": 6.0, "source": "joblog", "job": "42", "line": "hello"}]


def test_start_at_end_skips_history_and_keeps_what_follows(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("before the controller started\n")
    events, st = joblog.poll(T, "7", [str(p)], None, now=1.0, start_at_end=True)
    assert events == []
    with p.open("a") as fh:
        fh.write("after\n")
    events, _ = joblog.poll(T, "7", [str(p)], json.loads(json.dumps(st)), now=2.0, start_at_end=True)
    assert [e["line"] for e in events] == ["after"]


# ---- issue 10: copytruncate, the rotated file's tail, a read budget that keeps up


def test_copytruncate_followed_by_regrowth_past_our_offset_reads_the_new_content_from_its_start(
    tmp_path: Path,
) -> None:
    p = tmp_path / "job.out"
    p.write_text("old 1\nold 2\n")
    _, st = _tail(p)
    (tmp_path / "job.out.1").write_bytes(
        p.read_bytes()
    )  # logrotate copytruncate: copy, then truncate in place
    with p.open("r+b") as fh:
        fh.truncate(0)
    with p.open("ab") as fh:  # the job writes on; by the next poll it is longer than our offset
        fh.write(b"new 1\nXid 79 after the rotation\nnew 3\n")
    lines, st = _tail(p, st)
    assert lines == ["new 1", "Xid 79 after the rotation", "new 3"]
    assert _tail(p, st)[0] == []


def test_copytruncate_whose_new_head_repeats_the_old_one_is_still_read_from_its_start(
    tmp_path: Path,
) -> None:
    """A job that prints the same long banner each start: the new file's first bytes are the old
    ones, so only the bytes just before our offset tell that the file was replaced."""
    banner = "config: " + "x" * 700 + "\n"  # longer than the head fingerprint
    p = tmp_path / "job.out"
    p.write_text(banner + "".join(f"step {i}\n" for i in range(1, 60)))
    _, st = _tail(p)
    (tmp_path / "job.out.1").write_bytes(p.read_bytes())
    with p.open("r+b") as fh:
        fh.truncate(0)
    with p.open("ab") as fh:  # past our offset again by the next poll
        fh.write((banner + "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\n").encode())
        fh.write(b"".join(f"again {i}\n".encode() for i in range(1, 80)))
    lines, st = _tail(p, st)
    assert "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus." in lines
    assert lines[0] == banner.rstrip("\n") and lines[-1] == "again 79"
    assert _tail(p, st)[0] == []


@pytest.mark.parametrize("regrown", [b"new 1\n", b"new 1\nnew 2 is a longer line than what we had read\n"])
def test_a_line_written_just_before_copytruncate_is_read_from_the_copy(
    tmp_path: Path, regrown: bytes
) -> None:
    """Written after our last read and before logrotate's copy: it is only in the copy now."""
    p = tmp_path / "job.out"
    p.write_text("seen 1\nseen 2\n")
    _, st = _tail(p)
    with p.open("a") as fh:
        fh.write("NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\n")
    (tmp_path / "job.out.1").write_bytes(p.read_bytes())  # copytruncate: copy, then truncate in place
    with p.open("r+b") as fh:
        fh.truncate(0)
    with p.open("ab") as fh:  # shorter or longer than our offset by the next poll
        fh.write(regrown)
    lines, st = _tail(p, st)
    assert (
        lines
        == ["NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus."] + regrown.decode().splitlines()
    )
    assert _tail(p, st)[0] == []


def test_a_copy_that_is_not_ours_gives_no_tail(tmp_path: Path) -> None:
    """A rotated name holding another file's bytes (not what we had read) is never read as our tail."""
    p = tmp_path / "job.out"
    p.write_text("seen 1\nseen 2\n")
    _, st = _tail(p)
    (tmp_path / "job.out.1").write_bytes(b"someone else 1\nsomeone else 2\nsomeone else 3\n")
    with p.open("r+b") as fh:
        fh.truncate(0)
    with p.open("ab") as fh:
        fh.write(b"new 1\n")
    assert _tail(p, st)[0] == ["new 1"]


def test_an_appending_file_with_the_same_head_is_not_mistaken_for_copytruncate(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("header\nstep 1\n")
    _, st = _tail(p)
    with p.open("a") as fh:
        fh.write("step 2\n")
    assert _tail(p, st)[0] == ["step 2"]


def test_rotation_by_rename_reads_the_old_files_unread_tail_first(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("seen 1\n")
    _, st = _tail(p)
    with p.open("a") as fh:
        fh.write("NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\nhalf a last li")
    os.replace(p, tmp_path / "job.out.1")
    p.write_text("fresh 1\n")
    lines, st = _tail(p, st)
    assert lines == [
        "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.",
        "half a last li",
        "fresh 1",
    ]
    assert _tail(p, st)[0] == []


def test_rotation_without_a_findable_old_file_still_reads_the_new_one(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("seen\n")
    _, st = _tail(p)
    os.replace(p, tmp_path / "job.out-20261101")  # a dateext name a month old: not one we guess
    p.write_text("fresh\n")
    assert _tail(p, st, now=NOV_30_23H)[0] == ["fresh"]


NOV_30_23H = dt.datetime(2026, 11, 30, 23, 30, tzinfo=dt.UTC).timestamp()


@pytest.mark.parametrize(
    "name",
    [
        "job.out-20261130",  # logrotate dateext, rotated today
        "job.out-20261129",  # dateyesterday, or found a day late
        "job.out-2026113023",  # hourly: dateformat -%Y%m%d%H
    ],
)
def test_rotation_to_a_dateext_name_reads_the_old_files_unread_tail_first(tmp_path: Path, name: str) -> None:
    p = tmp_path / "job.out"
    p.write_text("seen 1\n")
    _, st = _tail(p)
    with p.open("a") as fh:
        fh.write("NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\n")
    os.replace(p, tmp_path / name)
    p.write_text("fresh 1\n")
    lines, st = _tail(p, st, now=NOV_30_23H)  # names tried in local time and in UTC
    assert lines == ["NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.", "fresh 1"]


def test_a_compressed_dateext_file_is_not_read_and_the_new_file_is(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("seen 1\n")
    _, st = _tail(p)
    with p.open("a") as fh:
        fh.write("lost to gzip\n")
    old = tmp_path / "job.out-20261130"
    os.replace(p, old)
    with gzip.open(str(old) + ".gz", "wb") as gz:
        gz.write(old.read_bytes())
    old.unlink()  # logrotate's compress without delaycompress
    p.write_text("fresh 1\n")
    assert _tail(p, st, now=NOV_30_23H)[0] == ["fresh 1"]


def test_rotated_names_cover_suffixes_and_dateext_in_local_time_and_utc() -> None:
    names = joblog.rotated_names("/l/job.out", NOV_30_23H)
    assert names[:2] == ["/l/job.out.1", "/l/job.out.0"]
    assert {"/l/job.out-20261130", "/l/job.out-20261129", "/l/job.out-20261128"} <= set(names)
    assert len(names) == len(set(names))


def test_the_read_budget_grows_while_behind_and_a_backlog_is_read_in_a_few_polls(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_bytes(b"".join(b"%07d training step\n" % i for i in range(400_000)))  # ~8 MiB of output
    st, polls, total = None, 0, 0
    while True:
        lines, st = _tail(p, st, max_bytes=64 * 1024)
        polls += 1
        total += len(lines)
        if not lines:
            break
    # a fixed 64 KiB per poll would need 129 polls
    assert total == 400_000 and polls <= 10
    assert st["budget"] == 64 * 1024  # caught up: back to the base read


def test_a_large_backlog_streams_in_slices_of_at_most_8_mib_per_poll(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    line = b"%07d training step, loss 1.2345, lr 3e-4 .........................................\n"
    p.write_bytes(b"".join(line % i for i in range(300_000)))  # ~27 MiB written while we were away
    st, biggest, total = None, 0, 0
    while True:
        lines, st = _tail(p, st)
        if not lines:
            break
        total += len(lines)
        biggest = max(biggest, sum(len(ln) + 1 for ln in lines))
    assert total == 300_000
    # what one poll holds in memory, at most: one slice and the line the last one cut in two
    assert biggest <= (8 << 20) + joblog.PARTIAL_CAP


def test_a_job_writing_faster_than_the_base_read_is_caught_up(tmp_path: Path) -> None:
    p = tmp_path / "job.out"
    p.write_text("")
    st: dict | None = None  # type: ignore[type-arg]
    for poll in range(12):
        with p.open("ab") as fh:
            fh.write(b"".join(b"p%02d line %06d\n" % (poll, i) for i in range(20_000)))  # ~300 KB per poll
        _, st = _tail(p, st, max_bytes=100 * 1024)
    assert st is not None and st["offset"] == p.stat().st_size
