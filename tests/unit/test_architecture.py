"""The layers, enforced: the pure core imports no Django, imports point down, no cycles between files.

DESIGN's "dependencies point one way" and "the pure core imports no Django" as failing
tests rather than prose. The import graph is read with ``ast`` (function-level and
TYPE_CHECKING imports included), so a lazy import cannot hide an upward arrow.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ["monitoring", "incidents", "actions"]  # lowest first: each may import only those before it
PURE = [
    "monitoring.detectors",
    "monitoring.simulator",
    "monitoring.vocabulary",
    "monitoring.statetable",
    "incidents.attribution",
    "incidents.story",
    "incidents.lifecycle",
    "actions.policy",
    "actions.pipeline",
    "actions.evaluation",
    "actions.lifecycle",
]
# The simulator's handler tables import each other for type hints only: harmless, kept on purpose.
ALLOWED_KNOTS = ["monitoring.simulator"]

IMPORT_ALL_AND_LIST_DJANGO = f"""
import importlib, pkgutil, sys
for name in {PURE!r}:
    mod = importlib.import_module(name)
    for info in pkgutil.walk_packages(getattr(mod, "__path__", []), name + "."):
        importlib.import_module(info.name)
print("\\n".join(sorted(m for m in sys.modules if m == "django" or m.startswith(("django.", "rest_framework", "celery", "redis", "paramiko")))))
"""


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for app in [*APPS, "recovery_site"]:
        for path in (ROOT / app).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            if "migrations" in rel.parts:
                continue
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imports(path: Path, name: str, modules: dict[str, Path]) -> set[str]:
    """Project modules this file imports; ``from pkg import sub`` counts as importing ``pkg.sub``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in modules:
                    out.add(sub)
                elif base in modules:
                    out.add(base)
    out.discard(name)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(path, name, modules) for name, path in modules.items()}


def upward_imports(order: list[str]) -> list[str]:
    rank = {app: i for i, app in enumerate(order)}
    bad = []
    for mod, deps in _graph().items():
        app = mod.split(".")[0]
        if app not in rank:
            continue
        for dep in deps:
            other = dep.split(".")[0]
            if other in rank and rank[other] > rank[app]:
                bad.append(f"{mod} -> {dep}")
    return sorted(bad)


def cycles() -> list[list[str]]:
    """Strongly connected components of more than one file (Tarjan), outside the allowed knots."""
    graph = _graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 and not all(any(m.startswith(k) for k in ALLOWED_KNOTS) for m in comp):
                found.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_the_pure_core_imports_no_django_and_no_io_clients() -> None:
    out = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL_AND_LIST_DJANGO],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert out.stdout.strip() == ""


def test_no_app_imports_an_app_above_it() -> None:
    assert upward_imports(APPS) == []


def test_there_is_no_import_cycle_between_files() -> None:
    assert cycles() == []


def test_services_never_import_the_tasks_module() -> None:
    graph = _graph()
    offenders = [
        m for m, deps in graph.items() if ".services" in m and any(d.endswith(".tasks") for d in deps)
    ]
    assert offenders == []


def test_services_never_import_views() -> None:
    """Imports point down: pages call the verbs and computations, never the other way (issue 23)."""
    graph = _graph()
    offenders = sorted(
        f"{m} -> {d}"
        for m, deps in graph.items()
        if ".services" in m
        for d in deps
        if ".views" in d or d.endswith(".api") or ".api." in d
    )
    assert offenders == []


def test_the_project_urls_only_include_the_apps() -> None:
    tree = ast.parse((ROOT / "recovery_site" / "urls.py").read_text())
    views = [
        n.module
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and n.module and n.module.split(".")[0] in APPS
    ]
    assert views == []


def test_the_actions_app_keeps_about_a_dozen_top_level_modules() -> None:
    top = sorted(p.stem for p in (ROOT / "actions").glob("*.py") if p.stem != "__init__")
    assert len(top) <= 12, top


def test_celery_task_names_never_change_with_the_layout() -> None:
    """Queued work names its task by string: a module move must not rename a task."""
    names = set()
    for path in [ROOT / "actions" / "tasks.py", ROOT / "monitoring" / "tasks.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.keyword) and node.arg == "name" and isinstance(node.value, ast.Constant):
                names.add(node.value.value)
    assert {
        "actions.tasks.tick_all_clusters",
        "actions.tasks.tick_cluster",
        "actions.tasks.execute_recommendation",
        "actions.tasks.expire_recommendations_task",
        "actions.notify.deliver_webhook",
        "monitoring.telemetry.sample_node_gpus",
        "monitoring.telemetry.scrape_cluster_telemetry",
        "monitoring.telemetry.rollup_telemetry",
    } <= names
