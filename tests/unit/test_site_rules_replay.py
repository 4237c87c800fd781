"""A scenario line nothing explained gets the site rule's category and blame once the rule is in force:
in the replay's config, or in the scenario's own ``site_rules`` (what an export writes)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from actions.evaluation.export import build_scenario
from actions.evaluation.recorded import CONTROLLER
from actions.evaluation.replay import replay
from actions.pipeline import PipelineConfig
from incidents.attribution.site_rules import EMPTY, RuleSet, SiteRule

T0 = 1_800_000_000.0
LINE = "9: [rank9]: FATAL: shard 0042 checksum mismatch on /lustre/web/0042.bin"
RULE = SiteRule(3, 1, "shard * checksum mismatch", "shard_checksum", "node_failure", "node")


def records() -> list[dict[str, Any]]:
    """What the recorder keeps of a job that printed one line no rule knows and failed."""
    job = {"id": "4101", "nodes": ["gpu-a-001", "gpu-a-002"], "tasks_per_node": 8, "started": T0 - 3600}
    cluster = {"name": "sim-a", "nodes": [f"gpu-a-00{i}" for i in range(1, 5)], "gpus_per_node": 8}
    out: list[dict[str, Any]] = [
        {"t": T0, "source": CONTROLLER, "kind": "snapshot", "cluster": cluster, "jobs": [job]}
    ]
    for i in range(1, 7):
        line = f"31:  iteration {100 + i:8d}/  500000 | elapsed time per iteration (ms): 1000.0 |"
        out.append({"t": T0 + 10 * i, "source": "joblog", "job": "4101", "line": line})
    out.append({"t": T0 + 61, "source": "joblog", "job": "4101", "line": LINE})
    out.append({"t": T0 + 62, "source": "slurm", "kind": "job_state", "job": "4101", "state": "FAILED"})
    return out


def folder(tmp_path: Path, rules: RuleSet = EMPTY) -> Path:
    files = build_scenario("checksum", "a line no rule knows", records(), T0 - 1, site_rules=rules.to_state())
    out = tmp_path / "checksum"
    out.mkdir()
    for name, data in files.items():
        (out / name).write_bytes(data)
    return out


def verdicts(result: dict[str, Any]) -> list[tuple[str, str | None, str]]:
    """(category, culprit node, the site rule its evidence names or "")."""
    out = []
    for i in result["incidents"]:
        named = [e.split(" (", 1)[0] for e in i["evidence"] if e.startswith("site rule #")]
        out.append((i["category"], (i["culprit"] or {}).get("node"), named[0] if named else ""))
    return out


def test_without_the_rule_the_failure_is_the_jobs(tmp_path: Path) -> None:
    assert verdicts(replay(folder(tmp_path))) == [("software", None, "")]


def test_with_the_rule_in_the_config_the_line_decides(tmp_path: Path) -> None:
    result = replay(folder(tmp_path), PipelineConfig(site_rules=RuleSet([RULE])))
    assert verdicts(result) == [("node_failure", "gpu-a-002", "site rule #3 v1")]


def test_an_exported_scenario_carries_its_rules_and_replays_to_their_verdict(tmp_path: Path) -> None:
    path = folder(tmp_path, RuleSet([RULE]))
    assert json.loads((path / "scenario.json").read_text())["site_rules"] == [RULE.to_dict()]
    expected = [("node_failure", "gpu-a-002", "site rule #3 v1")]
    assert verdicts(replay(path)) == expected
    assert verdicts(replay(path, handover_s=5)) == expected  # rebuilt from its JSON state every 5 s


def test_a_scenario_without_rules_writes_no_site_rules_key(tmp_path: Path) -> None:
    assert "site_rules" not in json.loads((folder(tmp_path) / "scenario.json").read_text())
