"""Stack dumps of a stalled job (issue 24, holdout12 blind: fairseq's rank 0 in its DataLoader at an epoch's
start, its GPU idle among 31 busy ones, requeued excluding its node; the next attempt hung the same way).

py-spy's dump, faulthandler's and gdb's py-bt are read from their emitters' formats; the main thread's
innermost frames that are not the standard library's say what it waits on. Waiting for its own input
pipeline is the program's stall (notify, no requeue, no node excluded); waiting in a collective
changes nothing.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import stacks
from monitoring.detectors.stacks import StackReader
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run

INPUT_FRAMES = [
    ("wait", "threading.py"),
    ("get", "queue.py"),
    ("_try_get_data", "/usr/lib/python3.10/site-packages/torch/utils/data/dataloader.py"),
    ("_get_data", "/usr/lib/python3.10/site-packages/torch/utils/data/dataloader.py"),
    ("__next__", "/usr/lib/python3.10/site-packages/torch/utils/data/dataloader.py"),
    ("train_step", "/home/u/train.py"),
    ("<module>", "/home/u/train.py"),
]
COLLECTIVE_FRAMES = [
    ("wait", "/usr/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py"),
    ("all_reduce", "/usr/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py"),
    ("reduce_gradients", "/home/u/train.py"),
    ("<module>", "/home/u/train.py"),
]
IDLE_THREAD = [("wait", "threading.py"), ("run", "threading.py"), ("_bootstrap", "threading.py")]


def pyspy(threads: list[tuple[str, list[tuple[str, str]]]]) -> list[str]:
    out = [
        "Process 48213: /opt/conda/bin/python -u train.py",
        "Python v3.10.12 (/opt/conda/bin/python3.10)",
        "",
    ]
    for i, (name, frames) in enumerate(threads):
        out.append(f'Thread 0x7FA6E7C0{i:04X} (idle): "{name}"')
        out += [f"    {f} ({p}:{10 + n})" for n, (f, p) in enumerate(frames)]
        out.append("")
    return out


def faulthandler(threads: list[tuple[str, list[tuple[str, str]]]]) -> list[str]:
    out = []
    for i, (_, frames) in enumerate(threads):
        out.append(
            f"{'Current thread' if i == 0 else 'Thread'} 0x00007f1c9d7f{i:04x} (most recent call first):"
        )
        out += [f'  File "{p}", line {10 + n} in {f}' for n, (f, p) in enumerate(frames)]
        out.append("")
    return out


def gdb(frames: list[tuple[str, str]]) -> list[str]:
    out = ["Traceback (most recent call first):"]
    for n, (f, p) in enumerate(frames):
        out += [f'  File "{p}", line {10 + n}, in {f}', "    x = y()"]
    return out + [""]


def read(lines: list[str], label: str = "") -> list[stacks.Dump]:
    r, out = StackReader(), []
    for line in lines:
        eaten, dump = r.feed("1", label + line if line else line)
        if dump is not None:
            out.append(dump)
    return out


@settings(max_examples=60, deadline=None)
@given(
    fmt=st.sampled_from(["pyspy", "faulthandler"]),
    main=st.sampled_from(["input", "collective"]),
    others=st.integers(0, 3),
    main_at=st.integers(0, 3),
    label=st.sampled_from(["", "0: ", " 12: "]),
)
def test_the_main_thread_of_any_format_says_what_it_waits_on(
    fmt: str, main: str, others: int, main_at: int, label: str
) -> None:
    frames = INPUT_FRAMES if main == "input" else COLLECTIVE_FRAMES
    threads = [(f"Thread-{i}", IDLE_THREAD) for i in range(others)]
    threads.insert(min(main_at, others), ("MainThread", frames))
    lines = pyspy(threads) if fmt == "pyspy" else faulthandler(threads)
    [dump] = read(lines, label)
    assert dump.waits_on == (stacks.INPUT if main == "input" else stacks.COLLECTIVE)
    assert dump.frames[0].startswith("wait")


@settings(max_examples=40, deadline=None)
@given(fmt=st.sampled_from(["pyspy", "faulthandler", "gdb"]), cut=st.integers(0, 30))
def test_a_dump_read_across_a_handover_is_the_same_dump(fmt: str, cut: int) -> None:
    """A dump's lines may reach two ticks, the second in another process: what was read so far is carried
    (holdout125, blind: the input pipeline a faulthandler dump showed was lost across a handover)."""
    import json

    threads = [("Thread-1", IDLE_THREAD), ("MainThread", INPUT_FRAMES)]
    lines = gdb(INPUT_FRAMES) if fmt == "gdb" else pyspy(threads) if fmt == "pyspy" else faulthandler(threads)
    cut = min(cut, len(lines))
    first, out = StackReader(), []
    for line in lines[:cut]:
        out.append(first.feed("1", line)[1])
    second = StackReader()
    second.load_state(json.loads(json.dumps(first.to_state())))
    out += [second.feed("1", line)[1] for line in lines[cut:]]
    assert [d for d in out if d is not None] == read(lines)


def test_gdb_py_bt_and_a_built_in_collective() -> None:
    [dump] = read(gdb(INPUT_FRAMES))
    assert dump.waits_on == stacks.INPUT
    lines = [
        "Traceback (most recent call first):",
        "  <built-in method allreduce of PyCapsule object at remote 0x7f>",
    ]
    lines += gdb(COLLECTIVE_FRAMES)[1:]
    [dump] = read(lines)
    assert dump.waits_on == stacks.COLLECTIVE


def test_an_ordinary_traceback_is_no_dump() -> None:
    lines = ["Traceback (most recent call last):", '  File "train.py", line 3, in <module>', "KeyError: 'x'"]
    assert read(lines) == []
    assert all(not StackReader().feed("1", line)[0] for line in lines)


def _stalled_job(dump: list[str]) -> Any:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    steps = [log(10.0 * i, "1", megatron(100 + i)) for i in range(1, 30)]
    gpus = [
        {
            "t": T0 + t,
            "source": "gpu",
            "node": n,
            "gpu": g,
            "fields": {
                "DCGM_FI_DEV_GPU_UTIL": 0 if (n, g, t > 300) == ("gpu-a-001", 0, True) else 100,
                "DCGM_FI_DEV_POWER_USAGE": 300,
            },
        }
        for t in range(20, 420, 30)
        for n in ("gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004")
        for g in range(8)
    ]
    events = [*steps, *gpus, *[log(400.0, "1", line) for line in dump]]
    run(p, events, until=420)
    return p


def test_a_rank_waiting_for_its_input_is_the_programs_stall_not_its_node() -> None:
    [inc] = _stalled_job(pyspy([("MainThread", INPUT_FRAMES)])).incidents()
    assert (inc.category, inc.pattern, inc.culprit_node) == ("software", "stalled_in_input_pipeline", None)
    assert [r.action for r in inc.recommendations] == ["notify"]


def test_a_rank_waiting_in_a_collective_changes_nothing() -> None:
    [inc] = _stalled_job(pyspy([("MainThread", COLLECTIVE_FRAMES)])).incidents()
    assert inc.category == "hang" and inc.pattern != "stalled_in_input_pipeline"
