"""Generality: the public scenarios still score perfectly once their surface changes.

Host names become ``h100n01``-style, srun's ``--label`` prefixes disappear and
the kernel's dmesg timestamps turn into journal prefixes; nothing about the
faults changes, so neither may the verdicts.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from actions.evaluation.replay import replay
from actions.evaluation.scoring import load_truth, score

ROOT = Path(__file__).resolve().parents[2] / "scenarios" / "public"
FOLDERS = sorted(p for p in ROOT.iterdir() if (p / "scenario.json").exists())
_RANGE = re.compile(r"gpu-a-\[([\d,\-]+)\]")
_HOST = re.compile(r"gpu-a-(\d{3})")
_LABEL = re.compile(r"^\s*\d+: ")
_DMESG = re.compile(r"^\[[^\]]+\] ")


def _rename(text: str) -> str:
    text = _RANGE.sub(
        lambda m: "h100n[" + re.sub(r"\d+", lambda d: f"{int(d.group()):02d}", m.group(1)) + "]", text
    )
    return _HOST.sub(lambda m: f"h100n{int(m.group(1)):02d}", text)


def _variant(src: Path, dst: Path) -> None:
    dst.mkdir()
    (dst / "scenario.json").write_text(_rename((src / "scenario.json").read_text()))
    (dst / "truth.json").write_text(_rename((src / "truth.json").read_text()))
    with (
        gzip.open(src / "events.jsonl.gz", "rt", encoding="utf-8") as f,
        open(dst / "events.jsonl", "w") as out,
    ):
        for raw in f:
            e = json.loads(_rename(raw))
            if e.get("source") == "joblog":
                e["line"] = _LABEL.sub("", e["line"], count=1)
            elif e.get("source") == "kernel":
                e["line"] = _DMESG.sub(f"Nov 29 10:00:00 {e['node']} kernel: ", e["line"], count=1)
            out.write(json.dumps(e) + "\n")


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_public_scenario_with_other_names_and_prefixes_still_scores(folder: Path, tmp_path: Path) -> None:
    dst = tmp_path / folder.name
    _variant(folder, dst)
    s = score(replay(dst), load_truth(dst))
    assert s.ok, s.notes


@pytest.mark.parametrize("name", ["xid79-off-the-bus", "xid48-dbe-ecc"])
def test_without_pci_bus_ids_the_gpu_still_comes_from_other_evidence(name: str, tmp_path: Path) -> None:
    dst = tmp_path / name
    _variant(ROOT / name, dst)
    scn = json.loads((dst / "scenario.json").read_text())
    del scn["cluster"]["pci_bus_ids"]
    (dst / "scenario.json").write_text(json.dumps(scn))
    s = score(replay(dst), load_truth(dst))
    assert s.ok, s.notes
