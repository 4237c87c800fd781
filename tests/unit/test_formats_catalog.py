"""Every line family of docs/FORMATS.md, one test per version, on real (cited) lines.

The lines live in tests/fixtures/logs/ with their sources in the README there;
where no public line of a version was found, the line is built from the
emitter's format string at the tag named, and the fixture says so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from monitoring.detectors import logs, progress
from monitoring.detectors.kernel import KernelRecords

HERE = Path(__file__).resolve().parent.parent
FIXTURES = HERE / "fixtures" / "logs"
LINES: list[dict[str, Any]] = json.loads((FIXTURES / "lines.json").read_text(encoding="utf-8"))
RECORDS: dict[str, Any] = json.loads((FIXTURES / "records.json").read_text(encoding="utf-8"))
FORMATS = HERE.parent / "docs" / "FORMATS.md"


def _id(e: dict[str, Any]) -> str:
    return f"{e['family']}[{e['version']}]"


def _parse(e: dict[str, Any]) -> logs.LineInfo | None:
    if e["source"] == "kernel":
        return logs.parse_kernel(e["line"], {})
    if e["source"] == "progress":
        p = progress.parse_progress(e["line"])
        return logs.LineInfo("progress", data={"step": p[0]}) if p else None
    if e["source"] == "checkpoint":
        c = progress.parse_checkpoint(e["line"])
        data: dict[str, Any] = {"what": c[0], "step": c[1]} if c else {}
        return logs.LineInfo("checkpoint", data=data) if c else None
    return logs.parse_joblog(e["line"])


@pytest.mark.parametrize("entry", LINES, ids=[_id(e) for e in LINES])
def test_each_catalogued_line_reads_as_its_family_says(entry: dict[str, Any]) -> None:
    # given a line an emitter printed (or its format string at the tag named)
    want = entry["expect"]
    # when it is parsed
    info = _parse(entry)
    # then it is the observation the catalog names, with the fields it extracts
    if want["kind"] is None:
        assert info is None or info.kind in (logs.IP_MAP, logs.PCI_MAP)
        return
    assert info is not None
    assert info.kind == want["kind"]
    for field in ("host", "rank"):
        if field in want:
            assert getattr(info, field) == want[field]
    for field, value in want.items():
        if field not in ("kind", "host", "rank"):
            assert info.data.get(field) == value, field


def test_every_fixture_is_cited_in_the_readme() -> None:
    readme = (FIXTURES / "README.md").read_text(encoding="utf-8")
    keys = {e["cite"] for e in LINES} | set(RECORDS)
    missing = sorted(k for k in keys if f"`{k}`" not in readme)
    assert missing == []


def test_every_family_and_version_of_the_catalog_has_a_fixture() -> None:
    # the coverage table of docs/FORMATS.md: | family | version | ...
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]+?) \|", FORMATS.read_text(encoding="utf-8"), re.M)
    assert rows
    have = {(e["family"], e["version"]) for e in LINES}
    assert sorted(set(rows) - have) == []


@pytest.mark.parametrize("key", sorted(RECORDS))
def test_a_multi_line_driver_record_keeps_the_bus_of_its_first_line(key: str) -> None:
    # given a driver record whose bus id is on its first kernel line only
    rec = RECORDS[key]
    joiner = KernelRecords()
    # when its lines arrive one by one on the same node, within the same second
    seen = [
        logs.parse_kernel(joiner.feed(rec["node"], 100.0 + i * 0.01, line), {})
        for i, line in enumerate(rec["lines"])
    ]
    # then the line that says "fallen off the bus" is about that bus
    hits = [i for i in seen if i is not None]
    assert [(i.kind, i.data.get("pci")) for i in hits] == [(rec["expect"]["kind"], rec["expect"]["pci"])]


def test_a_record_line_minutes_later_borrows_no_bus() -> None:
    joiner = KernelRecords()
    joiner.feed("gpu-a-003", 0.0, "NVRM: The NVIDIA GPU 0000:b3:00.0")
    line = joiner.feed("gpu-a-003", 300.0, "NVRM: fallen off the bus and is not responding to commands.")
    info = logs.parse_kernel(line, {})
    assert info is not None and info.data.get("pci") is None


def test_a_record_on_another_node_borrows_no_bus() -> None:
    joiner = KernelRecords()
    joiner.feed("gpu-a-003", 0.0, "NVRM: The NVIDIA GPU 0000:b3:00.0")
    line = joiner.feed("gpu-a-004", 0.1, "NVRM: fallen off the bus and is not responding to commands.")
    info = logs.parse_kernel(line, {})
    assert info is not None and info.data.get("pci") is None


def test_a_dmesg_time_stamp_is_not_read_as_a_pci_bus() -> None:
    # given an AER line under a dmesg -T prefix whose clock reads like a bus id
    line = "[Tue Mar  5 10:11:12 2024] nvidia 0000:5d:00.0: AER: Uncorrected (Fatal) error received: 0000:5d:00.0"
    # when it is parsed with the cluster's bus -> index map
    info = logs.parse_kernel(line, {"0000:5d:00": 3})
    # then the GPU is the one at 5d, not a bus "10:11"
    assert info is not None and info.kind == "pcie_fatal" and info.gpu == 3
