"""Site rules (issue 24): an admin's pattern for a line nothing explained -> kind, category, blame.

Patterns are literal text with ``*`` wildcards, case-insensitive; a rule set matches only lines no
built-in rule explained, built-in verdicts always win, and the rules travel with the pipeline's
JSON state and config.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline, PipelineConfig
from incidents.attribution import site_rules as sr
from tests.unit.pipehelpers import job, kernel, log, pipeline, progress, run, slurm

LINE = "9: [rank9]: FATAL: shard 0042 checksum mismatch on /lustre/web/0042.bin"


def rule(**kw: object) -> sr.SiteRule:
    base: dict[str, object] = {
        "id": 7,
        "version": 2,
        "pattern": "shard * checksum mismatch",
        "kind": "shard_checksum",
        "category": "node_failure",
        "blame": "node",
    }
    return sr.SiteRule.from_dict({**base, **kw})


# --- patterns ---------------------------------------------------------------------------------


def test_a_wildcard_pattern_matches_its_parts_in_order_whatever_the_case() -> None:
    r = rule()
    assert r.matches(LINE)
    assert r.matches("SHARD 1 CHECKSUM MISMATCH")
    assert not r.matches("checksum mismatch in shard 12")  # the parts out of order
    assert not r.matches("shard 12 ok")


@pytest.mark.parametrize(
    ("pattern", "says"),
    [
        ("*", "at least 4 literal characters"),
        ("a * b", "at least 4 literal characters"),
        ("x" * 201, "at most 200"),
        ("a*b*c*d*e*f*g*h*i*j", "at most 8"),
        ("tab\there", "control character"),
    ],
)
def test_a_pattern_that_would_explain_everything_or_is_too_big_is_refused(pattern: str, says: str) -> None:
    with pytest.raises(sr.RuleError, match=says):
        rule(pattern=pattern)


def test_regex_syntax_is_plain_text_never_a_regex() -> None:
    r = rule(pattern="(a+)+$ boom")
    assert r.matches("prefix (a+)+$ boom suffix")
    assert not r.matches("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! boom")


@pytest.mark.parametrize(
    ("blame", "category", "ok"),
    [
        ("node", "node_failure", True),
        ("node", "software", False),
        ("gpu", "gpu_hardware", True),
        ("gpu", "network", False),
        ("job", "software", True),
        ("job", "gpu_hardware", False),
        ("infrastructure", "infrastructure", True),
        ("infrastructure", "hang", False),
        ("everyone", "software", False),
    ],
)
def test_blame_and_category_must_agree_as_verdicts_name_culprits(blame: str, category: str, ok: bool) -> None:
    if ok:
        assert rule(blame=blame, category=category).blame == blame
    else:
        with pytest.raises(sr.RuleError):
            rule(blame=blame, category=category)


def test_the_kind_is_a_short_name() -> None:
    with pytest.raises(sr.RuleError, match="short name"):
        rule(kind="<b>Bad kind</b>")


_text = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=60)


@settings(max_examples=300, deadline=None)
@given(before=_text, literal=_text.filter(lambda s: len(s.strip()) >= 4 and "*" not in s), after=_text)
def test_any_line_the_literal_occurs_in_matches_in_any_case(before: str, literal: str, after: str) -> None:
    r = rule(pattern=literal)
    assert r.matches(before + literal + after)
    assert r.matches(before + literal.upper() + after) == r.matches(before + literal.upper() + after)
    assert r.matches((before + literal + after).casefold())


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(_text.filter(lambda s: "*" not in s), min_size=1, max_size=8), fill=st.lists(_text))
def test_parts_joined_by_anything_match_the_wildcard_pattern(parts: list[str], fill: list[str]) -> None:
    pattern = "*".join(parts)
    if sum(len(p.strip()) for p in parts) < sr.MIN_LITERAL:
        return
    line = "".join(p + (fill[i] if i < len(fill) else "") for i, p in enumerate(parts))
    assert rule(pattern=pattern).matches(line)


@settings(max_examples=300, deadline=None)
@given(line=st.text(max_size=400))
def test_the_suggested_pattern_always_matches_its_own_line(line: str) -> None:
    pattern = sr.suggest_pattern(line)
    try:
        r = rule(pattern=pattern)
    except sr.RuleError:
        return  # too little text to make a rule of: the form says so
    assert r.matches(line)


def test_the_suggestion_is_the_lines_template_without_its_rank_label() -> None:
    assert sr.suggest_pattern(LINE) == "FATAL: shard * checksum mismatch on /lustre/web/*.bin"
    assert sr.suggest_pattern("x" * 500).endswith("x") and len(sr.suggest_pattern("x" * 500)) == 200


# --- the rule set -----------------------------------------------------------------------------


def test_the_first_rule_of_the_lines_source_decides() -> None:
    a, b = rule(id=1), rule(id=2, pattern="checksum")
    k = rule(id=3, pattern="checksum", source="kernel")
    rs = sr.RuleSet([a, b, k])
    assert rs.match("job", LINE) == a
    assert rs.match("job", "checksum only") == b
    assert rs.match("kernel", LINE) == k
    assert sr.RuleSet().match("job", LINE) is None


_rules = st.builds(
    lambda i, v, p, blame, src, raises: rule(
        id=i,
        version=v,
        pattern=p,
        blame=blame,
        category=sorted(sr.BLAME_CATEGORIES[blame])[0],
        source=src,
        raises=raises,
    ),
    st.integers(1, 10**6),
    st.integers(1, 1000),
    st.text(min_size=4, max_size=40).filter(
        lambda s: "*" not in s and len(s.strip()) >= 4 and not any(ord(c) < 32 or ord(c) == 127 for c in s)
    ),
    st.sampled_from(sr.BLAMES),
    st.sampled_from(sr.SOURCES),
    st.booleans(),
)


@settings(max_examples=100, deadline=None)
@given(rules=st.lists(_rules, max_size=6))
def test_a_rule_set_survives_json_and_the_pipeline_config_round_trip(rules: list[sr.SiteRule]) -> None:
    rs = sr.RuleSet(rules)
    assert sr.RuleSet.from_state(json.loads(json.dumps(rs.to_state()))) == rs
    cfg = PipelineConfig(site_rules=rs)
    assert PipelineConfig.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg


def test_a_broken_rule_list_is_refused_whole() -> None:
    with pytest.raises(sr.RuleError):
        sr.RuleSet.from_state([rule().to_dict(), {"id": 2, "pattern": "*"}])
    with pytest.raises(sr.RuleError):
        sr.RuleSet.from_state({"not": "a list"})


def test_a_config_without_rules_writes_what_it_always_wrote() -> None:
    assert "site_rules" not in PipelineConfig().to_dict()


# --- in the pipeline --------------------------------------------------------------------------


def _failed_job(p: Pipeline, line: str = LINE) -> list[object]:
    events = [
        *progress("4101", 0, 60),
        log(61, "4101", line),
        slurm(62, kind="job_state", job="4101", state="FAILED"),
    ]
    return run(p, events, until=70)


def _verdict(p: Pipeline) -> tuple[str, str | None, str]:
    [inc] = p.incidents()
    return inc.category, inc.culprit_node, inc.pattern


def test_without_a_rule_the_line_is_unexplained_and_the_failure_the_jobs() -> None:
    p = pipeline(job("4101", "gpu-a-[001-002]"))
    _failed_job(p)
    assert _verdict(p) == ("software", None, "job_failed")
    [inc] = p.incidents()
    assert [u.line for u in inc.unexplained] == [LINE]


def test_a_site_rule_gives_the_failure_its_category_and_blames_the_ranks_node() -> None:
    p = pipeline(job("4101", "gpu-a-[001-002]"), config=PipelineConfig(site_rules=sr.RuleSet([rule()])))
    _failed_job(p)
    assert _verdict(p) == ("node_failure", "gpu-a-002", "site_rule:7.v2:shard_checksum")  # rank 9 of 8 a node
    [inc] = p.incidents()
    assert any("site rule #7 v2" in line and "blames the node (gpu-a-002)" in line for line in inc.evidence)
    assert inc.unexplained == ()  # explained now


def test_a_gpu_rule_names_the_ranks_gpu() -> None:
    r = rule(blame="gpu", category="gpu_hardware")
    p = pipeline(job("4101", "gpu-a-[001-002]"), config=PipelineConfig(site_rules=sr.RuleSet([r])))
    _failed_job(p)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-002", 1)


def test_a_built_in_verdict_always_wins() -> None:
    """The same line beside an exception every rank raised: the application's own error decides."""
    p = pipeline(job("4101", "gpu-a-[001-002]"), config=PipelineConfig(site_rules=sr.RuleSet([rule()])))
    events = [
        *progress("4101", 0, 60),
        log(61, "4101", LINE),
        *[log(61.5, "4101", f"{r}: [rank{r}]: KeyError: 'input_ids'") for r in range(16)],
        slurm(62, kind="job_state", job="4101", state="FAILED"),
    ]
    run(p, events, until=70)
    category, node, pattern = _verdict(p)
    assert (category, node, pattern) == ("software", None, "exception:KeyError")


def test_a_line_a_built_in_rule_explains_never_reaches_the_site_rules() -> None:
    r = rule(pattern="iteration", category="software", blame="job", raises=True)
    p = pipeline(job("4101", "gpu-a-[001-002]"), config=PipelineConfig(site_rules=sr.RuleSet([r])))
    run(p, progress("4101", 0, 60), until=70)
    assert p.incidents() == []


def test_a_raising_rule_opens_an_incident_by_itself_and_a_quiet_one_does_not() -> None:
    quiet = pipeline(job("4101", "gpu-a-[001-002]"), config=PipelineConfig(site_rules=sr.RuleSet([rule()])))
    run(quiet, [*progress("4101", 0, 60), log(61, "4101", LINE)], until=70)
    assert quiet.incidents() == []
    loud = pipeline(
        job("4101", "gpu-a-[001-002]"), config=PipelineConfig(site_rules=sr.RuleSet([rule(raises=True)]))
    )
    run(loud, [*progress("4101", 0, 60), log(61, "4101", LINE)], until=70)
    assert _verdict(loud) == ("node_failure", "gpu-a-002", "site_rule:7.v2:shard_checksum")


def test_a_kernel_rule_blames_the_node_whose_kernel_said_it() -> None:
    r = rule(pattern="BMC reports PSU * lost", source="kernel", raises=True)
    p = pipeline(job("4101", "gpu-a-[001-002]"), config=PipelineConfig(site_rules=sr.RuleSet([r])))
    run(p, [*progress("4101", 0, 60), kernel(61, "gpu-a-001", "ipmi: BMC reports PSU 2 lost")], until=70)
    assert _verdict(p)[:2] == ("node_failure", "gpu-a-001")


def test_rules_survive_a_handover_and_a_change_of_rules_reaches_a_restored_pipeline() -> None:
    p = pipeline(job("4101", "gpu-a-[001-002]"), config=PipelineConfig(site_rules=sr.RuleSet([rule()])))
    run(p, progress("4101", 0, 30))
    restored = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    assert restored.config.site_rules == sr.RuleSet([rule()])
    newer = sr.RuleSet([rule(version=3, category="network")])
    restored.use_site_rules(newer)
    run(
        restored,
        [
            *progress("4101", 31, 60),
            log(61, "4101", LINE),
            slurm(62, kind="job_state", job="4101", state="FAILED"),
        ],
    )
    assert _verdict(restored) == ("network", "gpu-a-002", "site_rule:7.v3:shard_checksum")
    again = Pipeline.from_state(json.loads(json.dumps(restored.to_state())))
    assert again.config.site_rules == newer
