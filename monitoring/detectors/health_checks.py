"""A GPU health check's own verdict, read from its report wherever it is printed (pure).

``dcgmi diag`` (NVIDIA DCGM, ``dcgmi/Diag.cpp``: the results table) prints one row per test, grouped by
plugin section (Deployment, Integration, Hardware, Stress), each result as ``Pass``, ``Skip``, ``Warn`` or
``Fail`` followed by the GPUs it holds for (``Fail - GPU: 2``, ``Pass - GPUs: 0, 1, 3``, ``Fail - All``); a
test whose GPUs differ takes several rows, the later ones with an empty name column::

    | PCIe                      | Pass - GPUs: 0, 1, 3                           |
    |                           | Fail - GPU: 2                                  |

A site's sweep job, a prolog or an operator prints it into a job's log. What a failed test says depends on
the test (DCGM's documentation of its plugins):

* the **functional** tests (``GPU Memory``/``Memtest``, ``Diagnostic``/``Pulse Test``, ``Page Retirement/Row
  Remap``, ``Inforom``, ``EUD``) fail on a GPU that computes or stores wrongly: ``gpu_hardware``;
* the **performance** tests (``PCIe``: host-device bandwidth and link errors; ``Targeted Stress``, ``Targeted
  Power``, ``Memory Bandwidth``, ``SM Stress``) fail on a GPU that works below what it must: ``gpu_degraded``;
* the **deployment** tests (libraries, permissions, persistence mode, environment, other processes) fail on a
  node's software set-up, no GPU's: not read here.

``DiagReader.feed`` returns ``(test, gpus, category)`` for each failed row; ``gpus`` is ``None`` for ``All``.
"""

from __future__ import annotations

import re

_ROW = re.compile(
    r"^\|\s*(?P<test>[A-Za-z][^|]*?)?\s*\|\s*(?P<result>Pass|Fail|Skip|Warn)\b(?P<rest>[^|]*)\|"
)
_GPUS = re.compile(r"GPUs?:\s*([\d,\s]+)")
FUNCTIONAL = (
    "gpu memory",
    "memtest",
    "memory test",
    "diagnostic",
    "pulse test",
    "page retirement",
    "row remap",
    "inforom",
    "eud",
)
PERFORMANCE = ("pcie", "targeted stress", "targeted power", "memory bandwidth", "sm stress", "nvbandwidth")
MAX_JOBS = 4096


def category_of(test: str) -> str | None:
    low = test.lower()
    if any(low.startswith(t) for t in FUNCTIONAL):
        return "gpu_hardware"
    if any(low.startswith(t) for t in PERFORMANCE):
        return "gpu_degraded"
    return None


class DiagReader:
    """The test each job's table row belongs to (a continuation row names none)."""

    def __init__(self) -> None:
        self.test: dict[str, str] = {}

    def feed(self, job: str, line: str) -> tuple[str, tuple[int, ...] | None, str] | None:
        m = _ROW.match(line)
        if m is None:
            return None
        test = (m.group("test") or "").strip()
        if test:
            if len(self.test) >= MAX_JOBS and job not in self.test:
                self.test.pop(next(iter(self.test)))
            self.test[job] = test
        else:
            test = self.test.get(job, "")
        if m.group("result") != "Fail" or not test:
            return None
        category = category_of(test)
        if category is None:
            return None
        rest = m.group("rest")
        if "All" in rest:
            return test, None, category
        g = _GPUS.search(rest)
        if g is None:
            return None
        gpus = tuple(int(x) for x in re.findall(r"\d+", g.group(1)))
        return (test, gpus, category) if gpus else None

    def forget(self, job: str) -> None:
        self.test.pop(job, None)
