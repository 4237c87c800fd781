"""Stack dumps of a stalled job: where its main thread waits (pure).

When a job hangs, someone (the owner, a hang watchdog, ``faulthandler.dump_traceback_later``) often
dumps its Python stacks into the job's output. Three formats, read from their emitters:

* **py-spy dump** (``py-spy/src/dump.rs``): a header per thread, ``Thread 0x7FA6E7C01740 (idle):
  "MainThread"`` (the status in parentheses: ``idle``, ``active``, ``active+gil``, ``gil``), then one
  frame a line, innermost first, ``    wait (threading.py:302)``; ``--locals`` adds more-indented
  ``Arguments:``/``Locals:`` lines.
* **faulthandler** (CPython ``Python/traceback.c``: ``dump_traceback``): ``Thread 0x00007f... (most
  recent call first):`` or ``Current thread 0x... (most recent call first):``, then ``  File "x.py",
  line 302 in wait``, innermost first.
* **gdb's py-bt** (CPython's ``Tools/gdb/libpython.py``): ``Traceback (most recent call first):``, then
  ``  File "x.py", line 302, in wait`` with the source line below it, and ``  <built-in method
  allreduce of ...>`` for a C function.

A dump ends at an unindented line, or at a blank one once its main thread was read (faulthandler
separates threads with a blank line). Of each dump the main thread counts (py-spy names it
``MainThread``; otherwise the thread whose outermost frame is ``<module>``, the script itself), and
of it the innermost frames that are not the standard library's waiting primitives say what it waits
on: its **input** pipeline (``torch/utils/data``, a trainer's data iterators, HF ``datasets``,
webdataset), a **collective** with its peers (``torch/distributed``, ``deepspeed/comm``, a
``<built-in method allreduce>``), or **storage** (``torch/serialization``, safetensors). A main thread
waiting for its own input pipeline while its peers wait for it is the program's stall (its loader's
workers, its data), not a machine's: :mod:`incidents.attribution.verdict` reads it so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_PYSPY_HEAD = re.compile(r'^Thread (?:0x)?[0-9A-Fa-f]+ \([\w+]+\): "(?P<name>[^"]*)"')
_FAULT_HEAD = re.compile(r"^(?:Current thread|Thread) 0x[0-9a-fA-F]+ \(most recent call first\):")
_GDB_HEAD = "Traceback (most recent call first):"
_PYSPY_FRAME = re.compile(r"^\s{2,}(?P<func>[^\s(][^()]*?) \((?P<path>[^()]+?):(?P<line>\d+)\)\s*$")
_FILE_FRAME = re.compile(r'^\s+File "(?P<path>[^"]+)", line (?P<line>\d+),? in (?P<func>\S+)')
_BUILTIN_FRAME = re.compile(r"^\s+<built-in method (?P<func>\w+)")
_LABEL = re.compile(r"^\s*\d{1,6}: ")  # srun --label's "12: "
MAX_FRAMES = 64
INNER = 8  # how many innermost frames are read for what the thread waits on

INPUT = "input"
COLLECTIVE = "collective"
STORAGE = "storage"
_INPUT_PATHS = ("/utils/data/", "dataloader", "/data/iterators", "datasets/", "webdataset", "/data_loader")
_INPUT_FUNCS = frozenset({"_get_data", "_try_get_data", "_next_data", "_next_index"})
_COLLECTIVE_PATHS = ("/distributed/", "deepspeed/comm", "/megatron/core/parallel_state", "horovod")
_COLLECTIVE_FUNCS = frozenset(
    {
        "allreduce",
        "all_reduce",
        "barrier",
        "broadcast",
        "all_gather",
        "allgather",
        "reduce_scatter",
        "all_to_all",
    }
)
_STORAGE_PATHS = ("/serialization.py", "safetensors", "/checkpoint/", "checkpointing")


@dataclass
class Frame:
    func: str
    path: str


@dataclass
class Thread:
    name: str
    frames: list[Frame] = field(default_factory=list)

    @property
    def main(self) -> bool:
        return self.name == "MainThread" or (bool(self.frames) and self.frames[-1].func == "<module>")


@dataclass(frozen=True)
class Dump:
    """What a dump's main thread waits on (``input``/``collective``/``storage``, or None), its frames."""

    waits_on: str | None
    frames: tuple[str, ...]  # innermost first, "func (file)"


def waits_on(frames: list[Frame]) -> str | None:
    """What the innermost frames that are not the standard library's say the thread waits on."""
    for f in frames[:INNER]:
        path = f.path.replace("\\", "/")
        if any(p in path for p in _INPUT_PATHS) or f.func in _INPUT_FUNCS:
            return INPUT
        if f.func in _COLLECTIVE_FUNCS or any(p in path for p in _COLLECTIVE_PATHS):
            return COLLECTIVE
        if any(p in path for p in _STORAGE_PATHS):
            return STORAGE
    return None


class StackReader:
    """One open dump per job; ``feed`` says whether a line was the dump's and gives each finished one."""

    __slots__ = ("open",)

    def __init__(self) -> None:
        self.open: dict[str, list[Thread]] = {}

    def feed(self, job: str, line: str) -> tuple[bool, Dump | None]:
        threads = self.open.get(job)
        if threads is None and "hread" not in line and "Traceback" not in line:
            return False, None  # the one scan most lines stop at
        label = _LABEL.match(line)
        if label is not None:
            line = line[label.end() :]
        head = self._head(line)
        if head is not None:
            if threads is None:
                threads = self.open[job] = []
            threads.append(Thread(head))
            return True, None
        if threads is None:
            return False, None
        if line[:1] in (" ", "\t") and line.strip():
            frame = self._frame(line)
            if frame is not None and len(threads[-1].frames) < MAX_FRAMES:
                threads[-1].frames.append(frame)
            return True, None  # a frame, its source line, a local
        if line.strip() == "":
            # faulthandler puts a blank line between threads: the dump ends here once its main thread
            # was read, else it waits for the next thread's header (or any other line ends it)
            if any(t.main for t in threads):
                return True, self.close(job)
            return True, None
        return False, self.close(job)

    def to_state(self) -> dict[str, list[list[Any]]]:
        """The dumps still being read: a dump's lines may reach two ticks, and the second may run in
        another process (holdout125, blind: a faulthandler dump of sixteen ranks over 0.1 s, its main
        thread's frames read after a handover and the input pipeline it waited on lost)."""
        return {
            job: [[t.name, [[f.func, f.path] for f in t.frames]] for t in threads]
            for job, threads in self.open.items()
        }

    def load_state(self, d: dict[str, Any]) -> None:
        self.open = {
            str(job): [
                Thread(str(name), [Frame(str(f), str(p)) for f, p in frames]) for name, frames in threads
            ]
            for job, threads in d.items()
        }

    def close(self, job: str) -> Dump | None:
        """The finished dump of ``job`` (its main thread's), if one is open."""
        threads = self.open.pop(job, None)
        if not threads:
            return None
        main = next((t for t in threads if t.main), None)
        if main is None and len(threads) == 1:
            main = threads[0]  # a one-thread dump (gdb's py-bt of one process)
        if main is None or not main.frames:
            return None
        shown = tuple(f"{f.func} ({f.path.rsplit('/', 1)[-1]})" for f in main.frames[:INNER])
        return Dump(waits_on(main.frames), shown)

    @staticmethod
    def _head(line: str) -> str | None:
        m = _PYSPY_HEAD.match(line)
        if m is not None:
            return m.group("name")
        if _FAULT_HEAD.match(line) or line.startswith(_GDB_HEAD):
            return ""
        return None

    @staticmethod
    def _frame(line: str) -> Frame | None:
        m = _FILE_FRAME.match(line) or _PYSPY_FRAME.match(line)
        if m is not None:
            return Frame(m.group("func"), m.group("path"))
        b = _BUILTIN_FRAME.match(line)
        return Frame(b.group("func"), "<built-in>") if b is not None else None
