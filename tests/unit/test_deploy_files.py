"""The shipped deploy/ files work: promtool accepts (and unit-tests) the alert rules, the dashboard's
queries parse, the systemd units verify, `pip install .` gives a working `recoveryctl`, and the
compose file and Dockerfile say what the code can do.

No container engine runs here: the compose file is checked for structure and the Dockerfile's
Python steps are run in a fresh venv (the apt-get/useradd lines are not). Under CI=true a
missing promtool or systemd-analyze is a failure (scripts/services.sh installs them).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from recovery_site.cli import COMMANDS, SERVICES, argv_for

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is missing: scripts/services.sh deploy installs it")
        pytest.skip(f"{name} not installed (scripts/services.sh deploy installs it)")
    return path


def run(
    argv: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_promtool_accepts_the_alert_rules_and_their_unit_tests_pass() -> None:
    promtool = tool("promtool")
    rules = DEPLOY / "prometheus"
    checked = run([promtool, "check", "rules", "recovery-rules.yml"], cwd=rules)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "SUCCESS: 6 rules found" in checked.stdout
    tested = run([promtool, "test", "rules", "recovery-rules.test.yml"], cwd=rules)
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_promtool_refuses_a_broken_rule(tmp_path: Path) -> None:
    """The check can fail: the same call on a rule with a PromQL typo."""
    promtool = tool("promtool")
    bad = tmp_path / "bad.yml"
    bad.write_text(
        "groups:\n  - name: x\n    rules:\n      - alert: X\n        expr: rate(recovery_tick_errors_total[5m] > 0\n"
    )
    assert run([promtool, "check", "rules", str(bad)]).returncode != 0


def test_the_scrape_config_is_valid(tmp_path: Path) -> None:
    promtool = tool("promtool")
    token = tmp_path / "token"
    token.write_text("t")
    config = (
        (DEPLOY / "prometheus" / "prometheus.yml")
        .read_text()
        .replace("/etc/prometheus/recovery-metrics-token", str(token))
    )
    (tmp_path / "prometheus.yml").write_text(config)
    shutil.copy(DEPLOY / "prometheus" / "recovery-rules.yml", tmp_path)
    checked = run([promtool, "check", "config", str(tmp_path / "prometheus.yml")])
    assert checked.returncode == 0, checked.stdout + checked.stderr


GRAFANA_VARS = {"$cluster": ".*", "$node": ".*", "$__rate_interval": "5m", "$__range": "1h"}


def dashboard_exprs() -> list[tuple[str, str]]:
    dash = json.loads((DEPLOY / "grafana" / "recovery-dashboard.json").read_text())
    return [(p["title"], t["expr"]) for p in dash["panels"] for t in p.get("targets", [])]


def test_every_dashboard_query_parses_as_promql(tmp_path: Path) -> None:
    promtool = tool("promtool")
    exprs = dashboard_exprs()
    assert len(exprs) >= 30
    rules = []
    for i, (_, expr) in enumerate(exprs):
        for var, value in GRAFANA_VARS.items():
            expr = expr.replace(var, value)
        assert "$" not in expr, expr
        rules.append({"record": f"dashboard:panel_{i}", "expr": expr})
    path = tmp_path / "dashboard-queries.yml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    checked = run([promtool, "check", "rules", str(path)])
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"SUCCESS: {len(exprs)} rules found" in checked.stdout


def test_the_dashboard_has_a_dcgm_exporter_panel_set_and_unique_panel_ids() -> None:
    dash = json.loads((DEPLOY / "grafana" / "recovery-dashboard.json").read_text())
    ids = [p["id"] for p in dash["panels"]]
    assert len(ids) == len(set(ids))
    dcgm = {m for _, e in dashboard_exprs() for m in re.findall(r"DCGM_FI_\w+", e)}
    known = set(re.findall(r"DCGM_FI_\w+", (ROOT / "deploy" / "dcgm-exporter" / "counters.csv").read_text()))
    assert len(dcgm) >= 6 and dcgm <= known  # only fields dcgm-exporter's counter files name


SOURCE = [
    "requirements.txt",
    "pyproject.toml",
    "actions",
    "incidents",
    "monitoring",
    "recovery_site",
    "templates",
    "static",
]


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What the Dockerfile copies, copied elsewhere: a build writes build/ and *.egg-info beside the sources."""
    dest = tmp_path_factory.mktemp("src")
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, dest / name)
    return dest


@pytest.fixture(scope="module")
def installed(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """`pip install .` (as a wheel, no network) into a fresh venv that sees the project's dependencies."""
    tmp = tmp_path_factory.mktemp("install")
    built = run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-w",
            str(tmp / "dist"),
            str(source),
        ]
    )
    assert built.returncode == 0, built.stderr
    venv = tmp / "venv"
    assert run([sys.executable, "-m", "venv", "--without-pip", str(venv)]).returncode == 0
    site = Path(sysconfig.get_paths(vars={"base": str(venv), "platbase": str(venv)})["purelib"])
    site.mkdir(parents=True, exist_ok=True)
    # The dependencies are the project venv's (no registry here): a .pth makes them visible.
    (site / "project-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    wheel = next((tmp / "dist").glob("*.whl"))
    done = run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            str(wheel),
        ]
    )
    assert done.returncode == 0, done.stderr
    yield venv


def test_pip_install_gives_a_working_recoveryctl(installed: Path, tmp_path: Path) -> None:
    ctl = installed / "bin" / "recoveryctl"
    helped = run([str(ctl), "--help"], cwd=tmp_path)
    assert helped.returncode == 0, helped.stderr
    for name in [*SERVICES, *COMMANDS]:
        assert f"  {name} " in helped.stdout
    env = {**os.environ, "RECOVERY_DEV": "1", "PYTHONPATH": ""}
    # Outside the checkout, the installed package (templates included) passes Django's checks.
    checked = run([str(ctl), "manage", "check"], cwd=tmp_path, env=env)
    assert checked.returncode == 0, checked.stderr
    where = run(
        [
            str(installed / "bin" / "python"),
            "-c",
            "import recovery_site, templates; print(recovery_site.__file__)",
        ],
        cwd=tmp_path,
    )
    assert where.stdout.startswith(str(installed))
    assert run([str(ctl), "frobnicate"], cwd=tmp_path).returncode == 2


def test_recoveryctl_runs_the_real_programs() -> None:
    assert argv_for("serve", ["--port", "9000"])[1:] == [
        "-m",
        "daphne",
        "-b",
        "127.0.0.1",
        "-p",
        "9000",
        "recovery_site.asgi:application",
    ]
    assert argv_for("worker", [])[1:] == ["-m", "celery", "-A", "recovery_site", "worker", "-l", "info"]
    assert argv_for("verify-audit", [])[1:] == ["-m", "django", "verify_audit"]
    assert argv_for("agent", ["--cluster", "a"])[1:] == ["-m", "monitoring.telemetry.agent", "--cluster", "a"]


def test_the_systemd_units_verify(installed: Path, tmp_path: Path) -> None:
    analyze = tool("systemd-analyze")
    units = sorted([*(DEPLOY / "systemd").glob("*.service"), *(DEPLOY / "systemd").glob("*.timer")])
    assert [u.name for u in units] == [
        "recovery-agent.service",
        "recovery-beat.service",
        "recovery-web.service",
        "recovery-worker-restart.service",
        "recovery-worker-watchdog.service",
        "recovery-worker-watchdog.timer",
        "recovery-worker.service",
    ]
    for unit in units:  # the units name /opt/recovery/venv: point them at the venv just installed
        text = unit.read_text().replace("/opt/recovery/venv", str(installed))
        (tmp_path / unit.name).write_text(text)
    verified = run([analyze, "verify", *[str(tmp_path / u.name) for u in units]])
    assert verified.returncode == 0, verified.stdout + verified.stderr
    # And it can fail: a unit whose program is missing.
    (tmp_path / "recovery-beat.service").write_text(units[1].read_text())
    assert run([analyze, "verify", str(tmp_path / "recovery-beat.service")]).returncode != 0


def test_the_worker_watchdog_runs_the_liveness_probe_and_restarts_the_worker_on_failure() -> None:
    watchdog = (DEPLOY / "systemd" / "recovery-worker-watchdog.service").read_text()
    assert "ExecStart=/opt/recovery/venv/bin/recoveryctl manage controller_alive --workers" in watchdog
    assert "OnFailure=recovery-worker-restart.service" in watchdog
    restart = (DEPLOY / "systemd" / "recovery-worker-restart.service").read_text()
    assert "ExecStart=/usr/bin/systemctl --no-block restart recovery-worker.service" in restart
    timer = (DEPLOY / "systemd" / "recovery-worker-watchdog.timer").read_text()
    assert "OnUnitActiveSec=" in timer and "WantedBy=timers.target" in timer


def test_the_compose_file_runs_web_worker_beat_postgres_and_redis() -> None:
    compose = yaml.safe_load((DEPLOY / "compose" / "compose.yaml").read_text())
    services = compose["services"]
    assert sorted(services) == ["beat", "db", "redis", "web", "worker"]
    for role in ("web", "worker", "beat"):
        svc = services[role]
        argv = shlex.split(svc["command"][-1]) if svc["command"][0] == "sh" else svc["command"]
        assert argv[0] == "recoveryctl" and argv[1] in SERVICES | COMMANDS, argv
        assert {"DATABASE_URL", "REDIS_URL", "SECRET_KEY"} <= set(svc["environment"])
        assert set(svc["depends_on"]) == {"db", "redis"}
    assert "recoveryctl serve --host 0.0.0.0 --port 8000" in services["web"]["command"][-1]
    assert services["web"]["ports"] == ["8000:8000"]


def test_the_dockerfile_steps_run_in_a_fresh_venv(installed: Path, source: Path, tmp_path: Path) -> None:
    """Each RUN line that is Python (pip, recoveryctl) runs here; apt-get and useradd need the image."""
    lines = (DEPLOY / "compose" / "Dockerfile").read_text().splitlines()
    runs = [line[4:] for line in lines if line.startswith("RUN ")]
    copied = [name for line in lines if line.startswith("COPY ") for name in line.split()[1:-1]]
    assert sorted(copied) == sorted(SOURCE)  # the image gets what the steps below were run on
    python_steps = [r for r in runs if r.startswith(("pip ", "RECOVERY_DEV="))]
    assert len(python_steps) == 2
    env = {**os.environ, "PATH": f"{installed / 'bin'}:{os.environ['PATH']}", "PYTHONPATH": ""}
    for step in python_steps:
        for command in step.split(" && "):
            argv = shlex.split(command)
            assigns = {}
            while "=" in argv[0]:
                k, v = argv.pop(0).split("=", 1)
                assigns[k] = str(tmp_path / "static") if k == "STATIC_ROOT" else v
            if argv[0] == "pip":  # the same install, from what is already here (no registry, no network)
                argv = [
                    sys.executable,
                    "-m",
                    "pip",
                    "--python",
                    str(installed / "bin" / "python"),
                    "install",
                    "--no-index",
                    "--no-build-isolation",
                    *argv[2:],
                ]
            done = run(argv, cwd=source, env={**env, **assigns})
            assert done.returncode == 0, f"{command}: {done.stdout[-2000:]} {done.stderr[-2000:]}"
    assert (tmp_path / "static" / "css" / "app.css").exists()


def test_the_sudoers_rule_parses_and_names_only_the_verbs_the_client_uses(tmp_path: Path) -> None:
    visudo = tool("visudo")
    rule = DEPLOY / "sudoers" / "recovery"
    checked = run([visudo, "-cf", str(rule)])
    assert checked.returncode == 0, checked.stdout + checked.stderr
    bad = tmp_path / "bad"
    bad.write_text(rule.read_text().replace("NOPASSWD:", "NOPASSWD"))
    assert run([visudo, "-cf", str(bad)]).returncode != 0
    client = (ROOT / "monitoring" / "slurm" / "client.py").read_text()
    for verb in (
        '"requeuehold"',
        '"release"',
        "State=DRAIN",
        "State=RESUME",
        "ExcNodeList=",
        '"Requeue=1"',
        '"scancel"',
    ):
        assert (
            verb in client
        )  # the rule follows the code: a verb the client stops using goes from the rule too
    assert sorted(re.findall(r"/usr/bin/(\w+)", rule.read_text())) == ["scancel"] + ["scontrol"] * 6
