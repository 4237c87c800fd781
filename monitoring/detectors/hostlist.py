"""Slurm hostlist expressions: ``gpu-a-[001-004,009]`` <-> names.

Expansion keeps zero padding the way Slurm does; a bracket may appear more than
once (``rack[1-2]-node[01-02]``) and expands as a cartesian product.
"""

from __future__ import annotations

import re

_BRACKET = re.compile(r"\[([^\]]*)\]")


class HostlistError(ValueError):
    """The expression is not valid Slurm hostlist syntax."""


def _split_top_level(expr: str) -> list[str]:
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in expr:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise HostlistError(f"unbalanced ']' in {expr!r}")
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if depth != 0:
        raise HostlistError(f"unbalanced '[' in {expr!r}")
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def _expand_range(body: str, expr: str) -> list[str]:
    out: list[str] = []
    for item in body.split(","):
        item = item.strip()
        if not item:
            continue
        if "-" in item:
            lo, _, hi = item.partition("-")
            if not (lo.isdigit() and hi.isdigit()):
                raise HostlistError(f"bad range {item!r} in {expr!r}")
            width = len(lo)
            a, b = int(lo), int(hi)
            if b < a:
                raise HostlistError(f"descending range {item!r} in {expr!r}")
            if b - a > 100_000:
                raise HostlistError(f"range {item!r} too large in {expr!r}")
            out.extend(str(i).zfill(width) for i in range(a, b + 1))
        else:
            if not item.isdigit():
                raise HostlistError(f"bad index {item!r} in {expr!r}")
            out.append(item)
    return out


def _expand_one(name: str, expr: str) -> list[str]:
    m = _BRACKET.search(name)
    if not m:
        return [name]
    head, tail = name[: m.start()], name[m.end() :]
    return [head + idx + rest for idx in _expand_range(m.group(1), expr) for rest in _expand_one(tail, expr)]


def expand(expr: str | None) -> list[str]:
    """``"gpu-a-[001-003,009]"`` -> ``["gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-009"]``."""
    if not expr or expr.strip() in ("", "(null)", "None"):
        return []
    names: list[str] = []
    for part in _split_top_level(expr.strip()):
        names.extend(_expand_one(part, expr))
    return names


_TRAILING_NUM = re.compile(r"^(.*?)(\d+)$")


def compress(names: list[str]) -> str:
    """The inverse of :func:`expand` for names that differ in a trailing number."""
    groups: dict[tuple[str, int], list[int]] = {}
    order: list[tuple[str, int]] = []
    plain: list[str] = []
    for name in names:
        m = _TRAILING_NUM.match(name)
        if not m:
            plain.append(name)
            continue
        key = (m.group(1), len(m.group(2)))
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(int(m.group(2)))
    parts = list(plain)
    for prefix, width in order:
        nums = sorted(set(groups[(prefix, width)]))
        ranges: list[str] = []
        start = prev = nums[0]
        tail: list[int | None] = [*nums[1:], None]
        for n in tail:
            if n is not None and n == prev + 1:
                prev = n
                continue
            a, b = str(start).zfill(width), str(prev).zfill(width)
            ranges.append(a if start == prev else f"{a}-{b}")
            if n is not None:
                start = prev = n
        if len(nums) == 1:
            parts.append(f"{prefix}{ranges[0]}")
        else:
            parts.append(f"{prefix}[{','.join(ranges)}]")
    return ",".join(parts)
