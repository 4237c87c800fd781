"""Site rules: an admin's pattern -> kind, category and blame for lines no built-in rule explained (pure).

The catalog knows what it has a rule for; a site learns the rest from its own incidents'
"lines nothing explained" (``unexplained.py``). A site rule turns such a line into an
observation (``Kind.SITE_RULE``) that correlation and attribution consume like any other:
it joins its job's or node's incident, opens one where the rule says it *raises*, and,
when no built-in rule reaches a verdict (only the fallback ``job_failed``/``unexplained``
would), gives the incident the rule's category and culprit. Built-in rules always come
first, twice over: only a line that no detector understood reaches the rules at all, and a
verdict any built-in rule reaches is never replaced (``verdict.decide``).

**Patterns are literal text with ``*`` wildcards, matched case-insensitively; never a
regex.** ``CUDA error: * checksum mismatch`` matches any line that contains ``cuda error: ``
and, somewhere after it, `` checksum mismatch``. A ``*`` matches any run of characters
(none included); there is no escape, so a literal ``*`` in a line is matched by the
wildcard too. Why not regular expressions: the rules are typed into a web form and run
inside the analyser's hot path on every unexplained line of every job, and Python's
``re`` backtracks, so one careless ``(a+)+`` can stall a tick for minutes; vetting regex
syntax for catastrophic constructs is a moving target, and nested quantifiers are what
people reach for first. A wildcard pattern is matched here by one ``str.find`` per literal
part, left to right (the leftmost occurrence of each part is always the best one for the
parts after it), so a match costs O(parts x line) whatever was typed. It is also exactly
the shape of the line's *template* the incident page shows (digits masked), which is
what :func:`suggest_pattern` pre-fills. Bounds: ``MAX_PATTERN`` characters, at most
``MAX_PARTS`` literal parts, at least ``MIN_LITERAL`` literal characters (a pattern of
only wildcards would explain every line), and the first ``MATCH_CHARS`` of a line read.
Nothing typed into a rule is ever evaluated.

A rule is a value with an ``id`` and a ``version``: the database keeps every version, and
the verdict a rule decides names both (``pattern_name`` and the evidence line), so an
incident says which version of which rule decided it. The :class:`RuleSet` travels in the
pipeline's config (JSON, ``to_state``/``from_state``) so a pipeline rebuilt in another
worker process, or a replay of an exported scenario, applies the same rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from incidents.attribution.incident import Incident, Mark, Verdict
from monitoring.detectors.logs import split_prefix
from monitoring.detectors.schema import Kind, Observation
from monitoring.detectors.text import clean_line
from monitoring.vocabulary import NODE_CATEGORIES, Category

MAX_PATTERN = 200
MAX_PARTS = 8
MIN_LITERAL = 4
MATCH_CHARS = 2000
MAX_RULES = 500  # per rule set: a cluster's own and the global ones together
WILDCARD = "*"

SOURCES = ("job", "kernel")  # which log a rule reads: a job's output, or a node's kernel log
BLAMES = ("node", "gpu", "job", "infrastructure")
# What each blame may be called, in the categories verdicts already use: a node (or its GPU)
# is blamed only by a node category; the job by the program's own (software) or a hang; shared
# infrastructure by that one.
BLAME_CATEGORIES: dict[str, frozenset[str]] = {
    "node": frozenset(str(c) for c in NODE_CATEGORIES),
    "gpu": frozenset({Category.GPU_HARDWARE.value, Category.GPU_DEGRADED.value}),
    "job": frozenset({Category.SOFTWARE.value, Category.HANG.value}),
    "infrastructure": frozenset({Category.INFRASTRUCTURE.value}),
}
CATEGORIES = tuple(c.value for c in Category)
_KIND = re.compile(r"^[a-z][a-z0-9_]{1,47}$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# The verdicts a site rule may replace: what decide() says when no built-in rule explained the failure.
FALLBACK_PATTERNS = frozenset({"job_failed", "unexplained"})
CONFIDENCE = 0.7  # an admin's rule, matched: above the fallback's 0.3-0.4, below hardware evidence
CONFIDENCE_UNPLACED = 0.5  # it blames a node or GPU, but the line did not say which


class RuleError(ValueError):
    """A rule that cannot be used, with what to change (shown to the admin as it is)."""


def parse_pattern(pattern: str) -> tuple[str, ...]:
    """The pattern's literal parts, case-folded, in order; ``RuleError`` says what is wrong with it."""
    if not isinstance(pattern, str):
        raise RuleError("the pattern must be text")
    if len(pattern) > MAX_PATTERN:
        raise RuleError(f"the pattern is {len(pattern)} characters long; at most {MAX_PATTERN}")
    if _CONTROL.search(pattern):
        raise RuleError("the pattern has a control character (a tab, a newline, an escape); remove it")
    parts = tuple(p.casefold() for p in pattern.split(WILDCARD) if p)
    if len(parts) > MAX_PARTS:
        raise RuleError(f"the pattern has {len(parts)} literal parts between '*'; at most {MAX_PARTS}")
    if sum(len(p.strip()) for p in parts) < MIN_LITERAL:
        raise RuleError(
            f"the pattern needs at least {MIN_LITERAL} literal characters besides '*' and blanks: "
            "it would explain nearly every line"
        )
    return parts


def parts_match(parts: tuple[str, ...], text: str) -> bool:
    """Whether ``text`` (already case-folded) holds every part, in order: one ``find`` per part."""
    at = 0
    for part in parts:
        at = text.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


_VARIABLE = re.compile(r"0x[0-9a-fA-F]+|\d+")


def suggest_pattern(line: str) -> str:
    """A pattern for a line, as the form pre-fills it: the line without its rank label, its digits
    and ``0x…`` values as ``*`` (the line's template, as the incident page counts it), at most
    ``MAX_PARTS`` parts and ``MAX_PATTERN`` characters. It always matches the line itself; the
    admin narrows it. Control characters become ``*`` as well."""
    body = split_prefix(line[:MATCH_CHARS].strip())[1]
    shape = _VARIABLE.sub(WILDCARD, _CONTROL.sub(WILDCARD, body))
    parts = [p for p in shape.split(WILDCARD) if p.strip()]
    shape = WILDCARD.join(parts[:MAX_PARTS]).strip()
    return shape[:MAX_PATTERN].rstrip(WILDCARD)


@dataclass(frozen=True, slots=True)
class SiteRule:
    """One version of one site rule. Invalid values raise :class:`RuleError` on construction."""

    id: int
    version: int
    pattern: str
    kind: str  # what the line is, as a short name (``lustre_checksum``): the observation's name
    category: str
    blame: str
    source: str = "job"
    raises: bool = False  # a match opens an incident on its own (else it waits for one, as evidence)

    def __post_init__(self) -> None:
        parse_pattern(self.pattern)
        if not _KIND.match(self.kind):
            raise RuleError(
                "the kind is a short name: a lower-case letter, then letters, digits or '_' (2-48)"
            )
        if self.blame not in BLAMES:
            raise RuleError(f"blame must be one of {', '.join(BLAMES)}, not {self.blame!r}")
        if self.category not in BLAME_CATEGORIES[self.blame]:
            allowed = ", ".join(sorted(BLAME_CATEGORIES[self.blame]))
            raise RuleError(
                f"a rule that blames the {self.blame} has category {allowed}, not {self.category!r}"
            )
        if self.source not in SOURCES:
            raise RuleError(f"source must be one of {', '.join(SOURCES)}, not {self.source!r}")

    @property
    def parts(self) -> tuple[str, ...]:
        return parse_pattern(self.pattern)

    @property
    def ref(self) -> str:
        return f"site rule #{self.id} v{self.version}"

    @property
    def pattern_name(self) -> str:
        """The verdict's pattern: which rule, which version, what it calls the line."""
        return f"site_rule:{self.id}.v{self.version}:{self.kind}"

    def matches(self, line: str) -> bool:
        return parts_match(self.parts, line[:MATCH_CHARS].casefold())

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "version": self.version,
            "pattern": self.pattern,
            "kind": self.kind,
            "category": self.category,
            "blame": self.blame,
            "source": self.source,
            "raises": self.raises,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SiteRule:
        try:
            return cls(
                int(d["id"]),
                int(d.get("version", 1)),
                str(d["pattern"]),
                str(d["kind"]),
                str(d["category"]),
                str(d["blame"]),
                str(d.get("source", "job")),
                bool(d.get("raises", False)),
            )
        except (KeyError, TypeError) as e:
            raise RuleError(f"a site rule needs id, pattern, kind, category and blame ({e})") from e


class RuleSet:
    """Rules in the order they are tried (the first that matches decides), compiled per source."""

    __slots__ = ("rules", "_by_source")

    def __init__(self, rules: Iterable[SiteRule] = ()) -> None:
        self.rules: tuple[SiteRule, ...] = tuple(rules)
        if len(self.rules) > MAX_RULES:
            raise RuleError(f"{len(self.rules)} site rules; at most {MAX_RULES} apply to a cluster")
        self._by_source: dict[str, list[tuple[tuple[str, ...], SiteRule]]] = {s: [] for s in SOURCES}
        for rule in self.rules:
            self._by_source[rule.source].append((rule.parts, rule))

    def __bool__(self) -> bool:
        return bool(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        return f"RuleSet({len(self.rules)} rules)"

    def match(self, source: str, line: str) -> SiteRule | None:
        """The first rule of ``source`` ("job" or "kernel") that matches the line, or None."""
        compiled = self._by_source.get(source)
        if not compiled:
            return None
        text = line[:MATCH_CHARS].casefold()
        for parts, rule in compiled:
            if parts_match(parts, text):
                return rule
        return None

    def to_state(self) -> list[dict[str, Any]]:
        return [r.to_dict() for r in self.rules]

    @classmethod
    def from_state(cls, raw: Any) -> RuleSet:
        """What :meth:`to_state` wrote; ``RuleError`` for anything else (never half a rule set)."""
        if raw is None:
            return cls()
        if not isinstance(raw, list) or not all(isinstance(d, Mapping) for d in raw):
            raise RuleError("site rules are a list of objects")
        return cls(SiteRule.from_dict(d) for d in raw)


EMPTY = RuleSet()


def observation(
    rule: SiteRule,
    t: float,
    line: str,
    *,
    job: str | None,
    node: str | None,
    gpu: int | None = None,
    rank: int | None = None,
) -> Observation:
    """The observation a matched line becomes: its text says which rule (and version) read it."""
    where = f"job {job}" if rule.source == "job" else f"kernel {node}"
    text = clean_line(f"{where}: {rule.kind} ({rule.ref}): {line.strip()}", 300)
    data = {"rule": rule.to_dict(), "raises": rule.raises}
    return Observation(t, Kind.SITE_RULE, node, job, gpu, rank, text, data)


def verdict(inc: Incident) -> tuple[Verdict, str] | None:
    """The verdict of the incident's first site-rule line, and the line saying which rule decided it."""
    marks = inc.by_kind(Kind.SITE_RULE)
    if not marks:
        return None
    first = marks[0]
    try:
        rule = SiteRule.from_dict(first.data["rule"])
    except (KeyError, RuleError):
        return None
    node, gpu = _culprit(rule, first)
    placed = rule.blame not in ("node", "gpu") or node is not None
    conf = CONFIDENCE if placed else CONFIDENCE_UNPLACED
    blamed = {"node": node, "gpu": f"{node} GPU {gpu}" if gpu is not None else node}.get(rule.blame)
    why = (
        f"{rule.ref} ({rule.kind}, pattern “{rule.pattern}”) explained a line no built-in rule knew: "
        f"{rule.category}, blames the {rule.blame}" + (f" ({blamed})" if blamed else "")
    )
    return Verdict(rule.category, node, gpu, conf, rule.pattern_name, ()), why


def _culprit(rule: SiteRule, mark: Mark) -> tuple[str | None, int | None]:
    if rule.blame == "node":
        return mark.node, None
    if rule.blame == "gpu":
        return mark.node, mark.gpu if mark.node is not None else None
    return None, None
