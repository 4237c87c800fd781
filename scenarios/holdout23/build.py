#!/usr/bin/env python3
"""Build the holdout23 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout15):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to the holdout23 section are copied unchanged from holdout22's build.py (the holdout22 helper section
kept); the holdout22 scenarios are replaced by the holdout23 helpers and scenarios S1..S8 below.
Earlier note (holdout22): generic helpers up to the holdout22 section were copied unchanged from holdout21's build.py.
Earlier note: generic helpers up to the holdout21 section are copied unchanged from holdout20's build.py (itself from holdout19) (itself from holdout18,
holdout17, ... holdout14; the holdout18, holdout19 and holdout20 helper sections are kept as they were) (same
machinery, including `TqdmBar`, a re-implementation of tqdm's own `format_meter`). The holdout20 scenario section is
replaced by the holdout21 helpers and scenarios S1..S8 below.
"""
from __future__ import annotations


import calendar
import datetime as dt
import json
import math
import os
import random
import re
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "scenarios")
FORMAT = "recovery-scenario/1"

# --------------------------------------------------------------------------------------
# Generic helpers (all SYNTH machinery)
# --------------------------------------------------------------------------------------


def expand_hostlist(expr: str) -> list[str]:
    """Expand a Slurm hostlist (comma-separated groups, one bracket each; padding kept)."""
    out: list[str] = []
    for part in re.findall(r"[^,\[]+(?:\[[^\]]*\])?[^,]*", expr):
        m = re.match(r"^(.*)\[([^\]]*)\](.*)$", part)
        if not m:
            out.append(part)
            continue
        pre, body, post = m.groups()
        for rng in body.split(","):
            if "-" in rng:
                a, b = rng.split("-")
                for i in range(int(a), int(b) + 1):
                    out.append(f"{pre}{str(i).zfill(len(a))}{post}")
            else:
                out.append(f"{pre}{rng}{post}")
    return out


def parse_start(iso: str) -> dt.datetime:
    return dt.datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ")


def dmesg_t(d: dt.datetime) -> str:
    """`dmesg -T` prefix, day space-padded like the kernel prints it."""
    return f"[{d:%a %b} {d.day:2d} {d:%H:%M:%S %Y}]"


def journal_t(d: dt.datetime, host: str) -> str:
    """`journalctl -k` / syslog prefix such as `Jan 07 03:12:45 gn03 kernel:`."""
    return f"{d:%b %d %H:%M:%S} {host} kernel:"


def ds_stamp(d: dt.datetime) -> str:
    """DeepSpeed / torch elastic stamp such as `[2023-07-26 15:19:24,960]`."""
    return f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}]"


def absl_prefix(d: dt.datetime, level: str, pid: int, src: str) -> str:
    """absl/glog prefix such as `E0107 03:12:45.123456 1234 file.cc:12]`."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:7d} {src}]"


def hms(sec: float) -> str:
    sec = int(round(sec))
    h, rem = divmod(sec, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def label(rank: int, width: int) -> str:
    """srun --label prefix, right-aligned like srun prints it."""
    return f"{rank:>{width}}: "


def retime_dmesg(real: str, d: dt.datetime) -> str:
    """Replace a leading `[Www Mmm dd hh:mm:ss yyyy]` or `[ 1234.567890]` stamp with `dmesg -T`."""
    s = re.sub(r"^\[?[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4}\] ?", "", real)
    s = re.sub(r"^\[\s*\d+\.\d+\] ?", "", s)
    return f"{dmesg_t(d)} {s}"


def retime_ds(real: str, d: dt.datetime) -> str:
    return re.sub(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\]", ds_stamp(d), real)


def strip_journal(real: str) -> str:
    """Drop a leading `Mon dd hh:mm:ss host kernel:` journal prefix, keep the body."""
    return re.sub(r"^[A-Z][a-z]{2} +\d+ \d\d:\d\d:\d\d \S+ kernel: ", "", real)


class Scenario:
    def __init__(self, name: str, description: str, start: str, cluster: dict, jobs: list, history=None):
        self.name = name
        self.description = description
        self.start_iso = start
        self.start = parse_start(start)
        self.cluster = cluster
        self.jobs = jobs
        self.history = history
        self.events: list[tuple[float, int, dict]] = []
        self.seq = 0
        self.rng = random.Random(name)
        self.truth: dict | None = None

    # -- time ----------------------------------------------------------------------
    def at(self, t: float) -> dt.datetime:
        return self.start + dt.timedelta(microseconds=round(t * 1e6))

    # -- events --------------------------------------------------------------------
    def _add(self, t: float, ev: dict) -> None:
        t = round(t, 3)
        assert t >= 0, (self.name, t, ev)
        ev = {"t": t, **ev}
        self.events.append((t, self.seq, ev))
        self.seq += 1

    def joblog(self, t: float, job: str, line: str) -> None:
        self._add(t, {"source": "joblog", "job": job, "line": line})

    def kernel(self, t: float, node: str, line: str) -> None:
        self._add(t, {"source": "kernel", "node": node, "line": line})

    def gpu(self, t: float, node: str, gpu: int, fields: dict) -> None:
        self._add(t, {"source": "gpu", "node": node, "gpu": gpu, "fields": fields})

    def node_state(self, t: float, node: str, state: str, reason: str = "") -> None:
        self._add(t, {"source": "slurm", "kind": "node_state", "node": node, "state": state, "reason": reason})

    def job_state(self, t: float, job: str, state: str, exit_code: str, reason=None, nodes=None) -> None:
        ev = {"source": "slurm", "kind": "job_state", "job": job, "state": state, "exit_code": exit_code}
        if reason is not None:
            ev["reason"] = reason
        if nodes is not None:
            ev["nodes"] = nodes
        self._add(t, ev)

    # -- telemetry (SYNTH) ---------------------------------------------------------
    def telemetry(self, nodes, gpus: int, t0: float, t1: float, every: float, fn) -> None:
        """One DCGM-style sample per GPU every `every` s; `fn(node, gpu, t)` -> fields or None."""
        for node in nodes:
            t = t0 + self.rng.uniform(0.2, min(every, 6.0))
            while t < t1:
                for g in range(gpus):
                    fields = fn(node, g, t)
                    if fields is not None:
                        self.gpu(t + 0.001 * g, node, g, fields)
                t += every

    # -- output --------------------------------------------------------------------
    def write(self) -> None:
        assert self.truth is not None, self.name
        d = os.path.join(OUT, self.name)
        os.makedirs(d)
        scen = {
            "format": FORMAT,
            "name": self.name,
            "description": self.description,
            "start": self.start_iso,
            "cluster": self.cluster,
            "jobs": self.jobs,
        }
        if self.history is not None:
            scen["history"] = self.history
        with open(os.path.join(d, "scenario.json"), "w", encoding="utf-8") as f:
            f.write(json.dumps(scen, indent=2) + "\n")
        with open(os.path.join(d, "events.jsonl"), "w", encoding="utf-8") as f:
            for _, _, ev in sorted(self.events, key=lambda e: (e[0], e[1])):
                f.write(json.dumps(ev) + "\n")
        with open(os.path.join(d, "truth.json"), "w", encoding="utf-8") as f:
            f.write(json.dumps(self.truth, indent=2) + "\n")


def comment(max_requeues: int, ckpt: str | None = None) -> str:
    rec: dict = {"max_requeues": max_requeues}
    if ckpt:
        rec["checkpoint_dir"] = ckpt
    return json.dumps({"recovery": rec})


def truth(fault, drain=(), requeue=None, no_requeue=(), no_drain=(), other_faults=None) -> dict:
    for f in [fault] + list(other_faults or []):
        if f is not None:
            f["t"] = round(f["t"], 3)  # same rounding as event times
    out = {
        "fault": fault,
        "expected": {
            "drain": list(drain),
            "requeue": requeue or {},
            "no_requeue": list(no_requeue),
            "no_drain": list(no_drain),
        },
    }
    if other_faults:
        out["other_faults"] = other_faults
    return out


PROFILES = {
    # temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "v100": (60, 5, 262.0, 25.0, 1530, 30100, 900),
    "gtx1080ti": (71, 4, 228.0, 18.0, 1898, 9100, 400),
    "l40s": (63, 5, 318.0, 30.0, 2490, 38200, 1500),
    "a100": (58, 6, 352.0, 40.0, 1410, 71000, 4000),
    "a800": (57, 6, 348.0, 40.0, 1410, 74500, 3000),
    "h100": (61, 7, 645.0, 55.0, 1980, 74000, 4000),
    "h800": (60, 7, 610.0, 60.0, 1980, 72000, 5000),
    "rtx6000": (66, 5, 262.0, 22.0, 1950, 43500, 1800),
    # holdout5 additions (SYNTH, typical datasheet-level values)
    "rtx5090": (63, 5, 540.0, 40.0, 2407, 26500, 2000),
    "rtx4090": (61, 5, 390.0, 30.0, 2520, 18500, 2000),
    "rtx3090": (67, 5, 330.0, 25.0, 1860, 9800, 1200),
    "a100_40": (55, 5, 300.0, 30.0, 1410, 31000, 3000),
    "v100_16": (58, 5, 255.0, 25.0, 1530, 14600, 600),
    # holdout6 additions (SYNTH, typical datasheet-level values)
    "rtx3060": (62, 5, 165.0, 12.0, 1777, 9800, 500),
    # holdout7 additions (SYNTH, typical datasheet-level values)
    "a10": (58, 5, 138.0, 12.0, 1695, 20500, 1500),
    # holdout8 additions (SYNTH, typical datasheet-level values)
    "gh200": (56, 6, 590.0, 60.0, 1980, 84000, 4000),
    "v100_32": (60, 5, 262.0, 25.0, 1530, 27500, 1500),
    "h200": (60, 7, 640.0, 55.0, 1980, 128000, 6000),
}


def healthy_fields(rng: random.Random, profile: str, load: float = 1.0,
                   event_key: str = "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", fb: bool = False) -> dict:
    """SYNTH: one plausible busy (load~1) or idle (load~0) sample for a GPU model."""
    temp_base, temp_spread, pwr, pwr_spread, clk, fbase, fb_spread = PROFILES[profile]
    if load <= 0.05:
        return {
            "DCGM_FI_DEV_GPU_TEMP": rng.randint(30, 37),
            "DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(55.0, 78.0), 1),
            "DCGM_FI_DEV_SM_CLOCK": 210 if profile in ("h100", "h800") else 345,
            "DCGM_FI_DEV_GPU_UTIL": 0,
            "DCGM_FI_DEV_FB_USED": rng.randint(0, 600),
            event_key: 1,
        }
    out = {
        "DCGM_FI_DEV_GPU_TEMP": temp_base + rng.randint(-temp_spread, temp_spread),
        "DCGM_FI_DEV_POWER_USAGE": round(pwr * load + rng.uniform(-pwr_spread, pwr_spread), 1),
        "DCGM_FI_DEV_SM_CLOCK": clk if rng.random() > 0.08 else clk - 15 * rng.randint(1, 6),
        "DCGM_FI_DEV_GPU_UTIL": min(100, int(100 * load) - rng.choice([0, 0, 1, 2, 3])),
    }
    if fb:
        out["DCGM_FI_DEV_FB_USED"] = fbase + rng.randint(-fb_spread, fb_spread)
    out[event_key] = 0
    return out


def srun_abort_lines(s: Scenario, t: float, job: str, head: str) -> float:
    """SYNTH: srun's usual step-abort pair; returns the time after it."""
    s.joblog(t, job, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t + 0.1, job, f"slurmstepd: error: *** STEP {job}.0 ON {head} CANCELLED AT {s.at(t + 0.1):%Y-%m-%dT%H:%M:%S} ***")
    return t + 0.2



def nccl_prefix(host: str, pid: int, tid: int, dev: int) -> str:
    """NCCL's `host:pid:tid [dev]` line prefix."""
    return f"{host}:{pid}:{tid} [{dev}]"


def job_end(s: Scenario, t: float, job: str, state: str, code: str, reason: str | None = None) -> None:
    s.job_state(t, job, state, code, reason=reason)  # SYNTH



# --------------------------------------------------------------------------------------
# holdout7 prefix helpers (only prefixes are rewritten; bodies stay verbatim)
# --------------------------------------------------------------------------------------


def retime_journal_host(real: str, d: dt.datetime, host: str) -> str:
    """Replace a `Mon dd hh:mm:ss host kernel: ` journal prefix with this corpus's stamp and host."""
    return f"{journal_t(d, host)} {strip_journal(real)}"


def fairseq_stamp(d: dt.datetime) -> str:
    return f"{d:%Y-%m-%d %H:%M:%S}"


def retime_fairseq(real: str, d: dt.datetime) -> str:
    return re.sub(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \| ", f"{fairseq_stamp(d)} | ", real)


def rehost_nccl(real: str, host: str) -> str:
    """Replace the host of an NCCL `host:pid:tid [dev] ` prefix, keeping pid/tid/dev."""
    return re.sub(r"^[\w.-]+:(\d+:\d+ \[\d+\] )", lambda m: f"{host}:{m.group(1)}", real)


def retime_absl(real: str, d: dt.datetime) -> str:
    return re.sub(r"^([IWEF])\d{4} \d\d:\d\d:\d\d\.\d{6}", lambda m: f"{m.group(1)}{d:%m%d %H:%M:%S}.{d.microsecond:06d}", real)


def strip_ctrl_c(real: str) -> str:
    """A terminal echoes `^C` before the traceback; a batch log has no terminal echo."""
    return real[2:] if real.startswith("^C") else real


def idle(rng, profile):
    return healthy_fields(rng, profile, 0.0)


def retime_iso(real: str, d: dt.datetime) -> str:
    """Replace a leading `YYYY-MM-DDThh:mm:ssZ ` stamp (InnerEye/AzureML logging) -- prefix only."""
    return re.sub(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", f"{d:%Y-%m-%dT%H:%M:%SZ}", real)


def generic_step(s: Scenario, t: float, step: int, loss: float, sec: float) -> str:
    """SYNTH: a plain DDP trainer's progress line (custom print, no framework)."""
    return f"[{s.at(t):%Y-%m-%d %H:%M:%S}] step {step} | loss {loss:.4f} | lr 3.00e-04 | {sec:.3f} s/step | tokens/s {int(8 * 4 * 4096 / sec)}"




def mpirun_prefix(d: dt.datetime, rank: int, stream: str = "stdout") -> str:
    """OpenMPI `--timestamp-output --tag-output` prefix: `2019-06-02T16:13:44.884Z: [1,12]<stdout>:`."""
    return f"{d:%Y-%m-%dT%H:%M:%S}.{d.microsecond // 1000:03d}Z: [1,{rank}]<{stream}>:"



def cancel_line(job: str, head: str, d: dt.datetime) -> str:
    """SYNTH: slurmstepd's line when a job is cancelled."""
    return f"slurmstepd: error: *** JOB {job} ON {head} CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} ***"


def busy(rng, profile, fb=True):
    return healthy_fields(rng, profile, 0.93, fb=fb)


def spinning(rng, profile):
    """SYNTH: a GPU whose kernel spins in a stuck NCCL collective: 100 % util, low power."""
    f = healthy_fields(rng, profile, 1.0, fb=True)
    f["DCGM_FI_DEV_POWER_USAGE"] = round(PROFILES[profile][2] * 0.32 + rng.uniform(-6, 6), 1)
    f["DCGM_FI_DEV_GPU_UTIL"] = 100
    return f



# --------------------------------------------------------------------------------------
# holdout12 helpers (SYNTH machinery)
# --------------------------------------------------------------------------------------

# tqdm's own UTF bar charset (std.py Bar.UTF): " " + U+258F..U+2588, 8 partial steps per cell.
TQDM_UTF = " " + "".join(chr(c) for c in range(0x258F, 0x2587, -1))


def fmt_interval(t: float) -> str:
    """tqdm.format_interval: h:mm:ss when there are hours, else mm:ss (seconds floored)."""
    mins, s = divmod(int(t), 60)
    h, m = divmod(mins, 60)
    return f"{h:d}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def tqdm_meter(n: int, total: int, elapsed: float, rate: float | None = None, desc: str = "",
               postfix: str = "", ncols_bar: int = 10) -> str:
    """tqdm.format_meter for a 10-cell bar. `rate` is it/s (None -> n/elapsed, as tqdm does)."""
    assert 0 <= n <= total, (n, total)
    if rate is None and elapsed:
        rate = n / elapsed
    frac = n / total
    nsyms = len(TQDM_UTF) - 1
    full, part = divmod(int(frac * ncols_bar * nsyms), nsyms)
    bar = TQDM_UTF[-1] * full
    if full < ncols_bar:
        bar += TQDM_UTF[part] + TQDM_UTF[0] * (ncols_bar - full - 1)
    if rate:
        inv = 1 / rate
        rate_fmt = f"{inv:5.2f}s/it" if inv > 1 else f"{rate:5.2f}it/s"
        remaining = fmt_interval((total - n) / rate)
    else:
        rate_fmt, remaining = "?it/s", "?"
    l_bar = (f"{desc}: " if desc else "") + f"{frac * 100:3.0f}%|"
    post = f", {postfix}" if postfix else ""
    return f"{l_bar}{bar}| {n}/{total} [{fmt_interval(elapsed)}<{remaining}, {rate_fmt}{post}]"


class TqdmEMA:
    """tqdm.utils.EMA (smoothing 0.3) with its bias correction."""

    def __init__(self, alpha: float = 0.3):
        self.alpha, self.last, self.calls = alpha, 0.0, 0

    def __call__(self, x: float | None = None) -> float:
        beta = 1 - self.alpha
        if x is not None:
            self.last = self.alpha * x + beta * self.last
            self.calls += 1
        return self.last / (1 - beta ** self.calls) if self.calls else self.last


class TqdmBar:
    """A tqdm bar driven by update(): rate = EMA(dn)/EMA(dt), exactly as tqdm.update() feeds it."""

    def __init__(self, total: int, t_start: float, desc: str = ""):
        self.total, self.t0, self.desc = total, t_start, desc
        self.n, self.last_n, self.last_t = 0, 0, t_start
        self.ema_dn, self.ema_dt = TqdmEMA(), TqdmEMA()

    def warm(self, n: int, t_now: float, sec_per_it: float, calls: int = 60) -> None:
        """Put the bar into the steady state it would have after many 1-step updates."""
        self.n, self.last_n, self.last_t = n, n, t_now
        for _ in range(calls):
            self.ema_dn(1)
            self.ema_dt(sec_per_it)

    def update(self, dn: int, t_now: float) -> str:
        self.n += dn
        dt = t_now - self.last_t
        if dt and dn:
            self.ema_dn(dn)
            self.ema_dt(dt)
        self.last_n, self.last_t = self.n, t_now
        return self.line(t_now)

    def line(self, t_now: float, postfix: str = "") -> str:
        rate = self.ema_dn() / self.ema_dt() if self.ema_dt() else None
        return tqdm_meter(self.n, self.total, t_now - self.t0, rate, self.desc, postfix)


def telemetry_gap(s: Scenario, nodes, gpus: int, t0: float, t1: float, every: float, fn, fields=None) -> None:
    """Like Scenario.telemetry, but `fn` may return None to drop a sample (exporter dead) and
    `fields` restricts the DCGM keys kept (keeps events.jsonl small)."""
    def wrap(n_, g, t):
        f = fn(n_, g, t)
        if f is None or fields is None:
            return f
        return {k: v for k, v in f.items() if k in fields}
    s.telemetry(nodes, gpus, t0, t1, every, wrap)


LIGHT = ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_FB_USED")
CORE = ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_UTIL",
        "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")



# --------------------------------------------------------------------------------------
# holdout13 helpers (SYNTH machinery)
# --------------------------------------------------------------------------------------

# torchrun's error-file hint; the address is assembled so this file's text holds no copy of it (SYNTH)
ELASTIC_HINT = "To enable traceback see: " + "https:" + "//pytorch.org/docs/stable/elastic/errors.html"


def torchrun_failure(s: Scenario, t: float, job: str, host: str, ranks: list[int], pids: list[int], script: str,
                     py: str, runpy: tuple = (762, 753, 132, 246), prefix: str = "", exitcode: int = 1, lranks=None) -> float:
    """SYNTH: torchrun's agent output after its local workers exited (torch 1.13..2.x layout)."""
    d = s.at(t)
    lr = list(lranks) if lranks is not None else list(range(len(ranks)))
    s.joblog(t, job, f"{prefix}ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: {exitcode}) local_rank: {lr[0]} (pid: {pids[0]}) of binary: /opt/conda/bin/python")
    tb = ["Traceback (most recent call last):",
          '  File "/opt/conda/bin/torchrun", line 8, in <module>',
          "    sys.exit(main())",
          f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper',
          "    return f(*args, **kwargs)",
          f'  File "{py}/torch/distributed/run.py", line {runpy[0]}, in main',
          "    run(args)",
          f'  File "{py}/torch/distributed/run.py", line {runpy[1]}, in run',
          "    elastic_launch(",
          f'  File "{py}/torch/distributed/launcher/api.py", line {runpy[2]}, in __call__',
          "    return launch_agent(self._config, self._entrypoint, list(args))",
          f'  File "{py}/torch/distributed/launcher/api.py", line {runpy[3]}, in launch_agent',
          "    raise ChildFailedError(",
          "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
          "============================================================",
          f"{script} FAILED",
          "------------------------------------------------------------",
          "Failures:"]
    stamp = f"{d:%Y-%m-%d_%H:%M:%S}"
    if len(ranks) == 1:
        tb.append("  <NO_OTHER_FAILURES>")
    for i in range(1, len(ranks)):
        tb += [f"[{i}]:", f"  time      : {stamp}", f"  host      : {host}", f"  rank      : {ranks[i]} (local_rank: {lr[i]})",
               f"  exitcode  : {exitcode} (pid: {pids[i]})", "  error_file: <N/A>", f"  traceback : {ELASTIC_HINT}"]
    tb += ["------------------------------------------------------------", "Root Cause (first observed failure):", "[0]:",
           f"  time      : {stamp}", f"  host      : {host}", f"  rank      : {ranks[0]} (local_rank: {lr[0]})",
           f"  exitcode  : {exitcode} (pid: {pids[0]})", "  error_file: <N/A>", f"  traceback : {ELASTIC_HINT}",
           "============================================================"]
    for k, l in enumerate(tb):
        s.joblog(t + 0.01 + 0.0005 * k, job, f"{prefix}{l}")
    return t + 0.1


def torchrun_banner(s: Scenario, t: float, job: str, prefix: str = "") -> None:
    """SYNTH: torchrun's OMP_NUM_THREADS notice (torch 1.13..2.x)."""
    for k, l in enumerate(["WARNING:torch.distributed.run:", "*****************************************",
                           "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                           "*****************************************"]):
        s.joblog(t + 0.001 * k, job, f"{prefix}{l}")


PROFILES["gtx1070"] = (71, 4, 142.0, 10.0, 1885, 7300, 250)   # SYNTH datasheet-level values
PROFILES["mi300x"] = (48, 5, 560.0, 60.0, 2100, 120000, 8000)  # SYNTH (fields mapped from amd-smi)



# ======================================================================================
# holdout14 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["a100_pcie80"] = (56, 5, 262.0, 24.0, 1410, 52000, 3000)   # SYNTH datasheet-level values (300 W cap)
PROFILES["titanxp"] = (74, 4, 214.0, 18.0, 1582, 7900, 500)         # SYNTH
PROFILES["v100_sxm32"] = (58, 5, 255.0, 25.0, 1530, 29000, 1500)    # SYNTH


def torch_log_prefix(d: dt.datetime, level: str, pid: int, src: str) -> str:
    """SYNTH: torch>=2.4 Python logging prefix, e.g. `E1108 19:03:45.530000 1201 torch/...py:869]` (msecs x 1000)."""
    return f"{level}{d:%m%d %H:%M:%S}.{(d.microsecond // 1000) * 1000:06d} {pid} {src}]"


def c10_prefix(d: dt.datetime, rank: int, nanos: int) -> str:
    """SYNTH: torch>=2.2 C++ log prefix with rank tag, e.g. `[rank6]:[E1108 19:03:44.372992501 `."""
    return f"[rank{rank}]:[E{d:%m%d %H:%M:%S}.{d.microsecond:06d}{nanos % 1000:03d} "


def elastic_summary(s: Scenario, t: float, job: str, host: str, failures: list, script: str, py: str,
                    head: list, prefix: str = "") -> float:
    """SYNTH: torch.distributed.elastic ChildFailedError summary (torch 2.x layout) after `head` (launcher frames).
    `failures` = [(rank, local_rank, pid, exitcode)], first one is the root cause."""
    d = s.at(t)
    stamp = f"{d:%Y-%m-%d_%H:%M:%S}"

    def block(i, f):
        rank, lr, pid, code = f
        tb = ("Signal 6 (SIGABRT) received by PID %d" % pid) if code == -6 else ELASTIC_HINT
        return [f"[{i}]:", f"  time      : {stamp}", f"  host      : {host}", f"  rank      : {rank} (local_rank: {lr})",
                f"  exitcode  : {code} (pid: {pid})", "  error_file: <N/A>", f"  traceback : {tb}"]
    tb = ["Traceback (most recent call last):"] + head + [
        f'  File "{py}/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        f'  File "{py}/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:"]
    if len(failures) == 1:
        tb.append("  <NO_OTHER_FAILURES>")
    for i in range(1, len(failures)):
        tb += block(i, failures[i])
    tb += ["------------------------------------------------------------", "Root Cause (first observed failure):"]
    tb += block(0, failures[0]) + ["============================================================"]
    for k, l in enumerate(tb):
        s.joblog(t + 0.0005 * k, job, f"{prefix}{l}")
    return t + 0.05


# ======================================================================================
# holdout15 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["k40"] = (66, 4, 196.0, 15.0, 875, 10400, 300)       # SYNTH datasheet-level values (235 W, 12 GB)
PROFILES["a100_40sxm"] = (57, 6, 330.0, 40.0, 1410, 36500, 2500)  # SYNTH (p4d A100-SXM4-40GB)


def onmt_step(d: dt.datetime, step: int, total: int, acc: float, ppl: float, lr: float, src: int, tgt: int,
              sec: float) -> str:
    """SYNTH: OpenNMT-py 0.x `Statistics.output` line with its logger prefix
    (`[%(asctime)s %(levelname)s] `; "Step %2d/%5d; acc: %6.2f; ppl: %5.2f; xent: %4.2f; lr: %7.5f; %3.0f/%3.0f tok/s; %6.0f sec")."""
    return (f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO] Step {step:2d}/{total:5d}; acc: {acc:6.2f}; "
            f"ppl: {ppl:5.2f}; xent: {math.log(ppl):4.2f}; lr: {lr:7.5f}; {src:3.0f}/{tgt:3.0f} tok/s; {sec:6.0f} sec")


def onmt_info(d: dt.datetime, msg: str) -> str:
    return f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO] {msg}"


def xlm_line(d: dt.datetime, elapsed: float, it: int, sent: float, words: float, cs: float, sm: float) -> str:
    """SYNTH: XLM/UnsupervisedMT-style trainer line (LogFormatter `LEVEL - %x %X - h:mm:ss - ` + trainer stats), as
    Chart2Text prints it."""
    return (f"INFO - {d:%m/%d/%y %H:%M:%S} - {dt.timedelta(seconds=int(round(elapsed)))} - {it:7d} - {sent:7.2f} sent/s - "
            f"{words:8.2f} words/s - cs: {cs:7.4f} (coef=1.0000) || sm: {sm:7.4f} (coef=1.0000) - Transformer LR = 1.0000e-04")


def nmtg_line(ep: int, i: int, n: int, ppl: float, lr: float, upd: int, src: int, tgt: int, elapsed: float) -> str:
    """SYNTH: NMTGMinor train.py progress line (format read off the real lines in the thread)."""
    return (f"Epoch {ep:2d}, {i:5d}/{n:5d}; ; ppl: {ppl:.2f} ; lr: {lr:.7f} ; updates: {upd:7d}; {src:5d} src tok/s; "
            f"{tgt:5d} tgt tok/s; {dt.timedelta(seconds=int(elapsed))} elapsed")


def human(x: float) -> str:
    """SYNTH: nanotron's human_format (K/M/G/T suffix, one decimal)."""
    for unit in ("", "K", "M", "G", "T"):
        if abs(x) < 1000:
            return f"{x:.1f}{unit}" if unit else f"{x:.1f}"
        x /= 1000
    return f"{x:.1f}P"


def nanotron_line(d: dt.datetime, host: str, it: int, total: int, gbs: int, seq: int, ms: float, loss: float,
                  lr: float, gnorm: float, ngpu: int) -> str:
    """SYNTH: nanotron rank-0 iteration log as torchrun --tee prints it ([default0]: prefix)."""
    tps = gbs * seq / (ms / 1000)
    return (f"[default0]:{d:%m/%d/%Y %H:%M:%S} [INFO|DP=0|PP=0|TP=0|{host}]: iteration: {it} / {total} | "
            f"consumed_tokens: {human(it * gbs * seq)} | elapsed_time_per_iteration_ms: {human(ms)} | "
            f"tokens_per_sec: {human(tps)} | tokens_per_sec_per_gpu: {human(tps / ngpu)} | global_batch_size: {gbs} | "
            f"lm_loss: {loss:.4g} | lr: {lr:.4g} | model_tflops_per_gpu: {human(tps / ngpu * 6 * 8.0e9 / 1e12)} | "
            f"hardware_tflops_per_gpu: {human(tps / ngpu * 6 * 8.0e9 / 1e12)} | grad_norm: {gnorm:.3f}")




# ======================================================================================
# holdout16 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["h100_pcie"] = (62, 5, 300.0, 25.0, 1755, 61000, 3000)   # SYNTH datasheet-level values (350 W cap)


def loguru_line(d: dt.datetime, level: str, where: str, msg: str) -> str:
    """SYNTH: loguru's default sink format `{time:YYYY-MM-DD HH:mm:ss.SSS} | {level: <8} | {name}:{function}:{line} - {message}`."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond // 1000:03d} | {level:<8} | {where} - {msg}"


def kaldi_log(d: dt.datetime, path: str, line: int, func: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: Kaldi steps/libs python logger (`%(asctime)s [%(pathname)s:%(lineno)s - %(funcName)s - %(levelname)s ] %(message)s`)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} [{path}:{line} - {func} - {level} ] {msg}"


def olmo_prefix(d: dt.datetime, host: str, local_rank: int, name: str, lineno: int, level: str = "INFO") -> str:
    """SYNTH: OLMo's console formatter (`%(asctime)s\\t%(hostname)s:%(local_rank)s\\t%(name)s:%(lineno)s\\t%(levelname)s\\t%(message)s`)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}\t{host}:{local_rank}\t{name}:{lineno}\t{level}\t"


def olmo_float(v: float) -> str:
    """SYNTH: OLMo Trainer.log_metrics_to_console's format_float."""
    if v < 0.0001:
        return str(v)
    if v > 1000:
        return f"{int(v):,d}"
    if v > 100:
        return f"{v:.1f}"
    if v > 10:
        return f"{v:.2f}"
    if v > 1:
        return f"{v:.3f}"
    return f"{v:.4f}"


CHAINER_KEYS = ["epoch", "iteration", "main/loss", "main/loss_ctc", "main/loss_att", "validation/main/loss",
                "validation/main/loss_ctc", "validation/main/loss_att", "main/acc", "validation/main/acc",
                "elapsed_time", "eps"]


def chainer_header(keys=CHAINER_KEYS) -> str:
    """SYNTH: chainer.training.extensions.PrintReport header (width max(10, len(key)), two-space separated)."""
    return "  ".join(("{:%d}" % max(10, len(k))).format(k) for k in keys)


def chainer_row(obs: dict, keys=CHAINER_KEYS) -> str:
    """SYNTH: PrintReport row: '{:<Wg}  ' per present entry, W+2 spaces per absent one."""
    out = ""
    for k in keys:
        w = max(10, len(k))
        out += ("{:<%dg}  " % w).format(obs[k]) if k in obs else " " * (w + 2)
    return out


def gpu_fields(rng, profile, load=0.97, clock=None, power=None, temp=None, util=None, fb=None, thr=0) -> dict:
    """SYNTH: one DCGM sample with explicit overrides."""
    f = healthy_fields(rng, profile, load, fb=True)
    if clock is not None:
        f["DCGM_FI_DEV_SM_CLOCK"] = clock
    if power is not None:
        f["DCGM_FI_DEV_POWER_USAGE"] = power
    if temp is not None:
        f["DCGM_FI_DEV_GPU_TEMP"] = temp
    if util is not None:
        f["DCGM_FI_DEV_GPU_UTIL"] = util
    if fb is not None:
        f["DCGM_FI_DEV_FB_USED"] = fb
    f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = thr
    return f



# ======================================================================================
# holdout17 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["a100_4x40"] = (54, 5, 305.0, 30.0, 1410, 33500, 2500)   # SYNTH (4-GPU A100-SXM4-40GB nodes)
PROFILES["a10g"] = (57, 5, 205.0, 15.0, 1710, 20100, 1200)        # SYNTH (g5 A10G, 300 W cap)
PROFILES["l40s_48"] = (62, 5, 300.0, 25.0, 2490, 39000, 1500)      # SYNTH


def clu_line(d: dt.datetime, tid: int, step: int, scalars: dict) -> str:
    """SYNTH: clu.metric_writers.LoggingWriter.write_scalars under absl logging (`[step] k=v, ...`, keys sorted)."""
    body = ", ".join(f"{k}={scalars[k]:.6g}" for k in sorted(scalars))
    return f"I{d:%m%d %H:%M:%S}.{d.microsecond:06d} {tid} logging_writer.py:64] [{step}] {body}"


def accel_line(d: dt.datetime, name: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: HF no_trainer example logging (`%(asctime)s - %(levelname)s - %(name)s - %(message)s`, `%m/%d/%Y %H:%M:%S`)."""
    return f"{d:%m/%d/%Y %H:%M:%S} - {level} - {name} - {msg}"


def mmengine_line(d: dt.datetime, ep: int, it: int, n: int, lr: float, eta: float, t: float, dt_: float, mem: int,
                  loss: float, lcls: float, lbox: float) -> str:
    """SYNTH: MMEngine LoggerHook train line (`%Y/%m/%d %H:%M:%S - mmengine - INFO - Epoch(train)  [e][ i/n]  ...`)."""
    return (f"{d:%Y/%m/%d %H:%M:%S} - mmengine - INFO - Epoch(train)  [{ep}][{it:4d}/{n}]  lr: {lr:.4e}  "
            f"eta: {dt.timedelta(seconds=int(eta))}  time: {t:.4f}  data_time: {dt_:.4f}  memory: {mem}  "
            f"loss: {loss:.4f}  loss_cls: {lcls:.4f}  loss_bbox: {lbox:.4f}")


def ptl_watchdog(rank: int, d: dt.datetime, seq: int, op: str, numel: int, ran_ms: int, line_no: int = 563) -> str:
    """SYNTH: torch 2.3 ProcessGroupNCCL watchdog timeout line with the `[rankN]:` prefix."""
    return (f"[rank{rank}]:[E ProcessGroupNCCL.cpp:{line_no}] [Rank {rank}] Watchdog caught collective operation timeout: "
            f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)=1800000) ran for "
            f"{ran_ms} milliseconds before timing out.")


def dcgm33(f: dict) -> dict:
    """SYNTH: rename the throttle key the way DCGM >= 3.3 exporters publish it."""
    if "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS" in f:
        f["DCGM_FI_DEV_CLOCKS_EVENT_REASONS"] = f.pop("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
    return f



# ======================================================================================
# holdout18 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["v100_sxm32_c41"] = (57, 5, 248.0, 25.0, 1530, 27800, 1200)   # SYNTH (V100-SXM2-32GB, 300 W)
PROFILES["v100_pcie16"] = (59, 5, 221.0, 20.0, 1380, 14200, 800)       # SYNTH (p3 V100-SXM2-16GB class)
PROFILES["t4"] = (58, 5, 64.0, 5.0, 1590, 13100, 700)                   # SYNTH (T4, 70 W cap)


def mmcv_iter_line(d: dt.datetime, it: int, total: int, lr: float, eta: float, tm: float, dtm: float, mem: int,
                   seg: float, acc: float, aseg: float, aacc: float) -> str:
    """SYNTH: mmcv 1.x TextLoggerHook train line as mmseg 0.x wrote it (spacing copied from the thread's real line)."""
    return (f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - mmseg - INFO - Iter [{it}/{total}]      lr: {lr:.3e}, "
            f"eta: {dt.timedelta(seconds=int(eta))}, time: {tm:.3f}, data_time: {dtm:.3f}, memory: {mem}, "
            f"decode.loss_seg: {seg:.4f}, decode.acc_seg: {acc:.4f}, aux.loss_seg: {aseg:.4f}, aux.acc_seg: {aacc:.4f}, "
            f"loss: {seg + aseg:.4f}")


def mmcv_info(d: dt.datetime, msg: str) -> str:
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - mmseg - INFO - {msg}"


def ray_worker(pid: int, ip: str, msg: str, actor: str = "BaseWorkerMixin") -> str:
    """SYNTH: Ray 1.x driver-side prefix for a remote actor's stdout."""
    return f"({actor} pid={pid}, ip={ip}) {msg}"


def ray_log(d: dt.datetime, level: str, src: str, msg: str) -> str:
    """SYNTH: Ray 1.x python logging (`%(asctime)s\\t%(levelname)s %(filename)s:%(lineno)s -- %(message)s`)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}\t{level} {src} -- {msg}"


def dll_line(d: dt.datetime, ep: int, it: int, loss: float, ips: float, lr: float) -> str:
    """SYNTH: dllogger StdOutBackend line as NVIDIA DeepLearningExamples' ConvNets print it (layout approximated)."""
    return (f"DLL {d:%Y-%m-%d %H:%M:%S.%f} - Epoch: {ep} Iteration: {it}  train.loss : {loss:.5f}  "
            f"train.total_ips : {ips:.2f} img/s  train.lr : {lr:.5f}")


def smi_perf_block(host_label: str, d: dt.datetime, bus_ids: list, brake: bool, real_lines=None) -> list:
    """SYNTH: `nvidia-smi -q -d PERFORMANCE` (driver 470) as a job prologue prints it under `srun --label`;
    on a braked node the two REAL lines replace the synthesised HW Slowdown lines."""
    out = ["", "==============NVSMI LOG==============", "",
           f"Timestamp                                 : {d:%a %b %d %H:%M:%S %Y}",
           "Driver Version                            : 470.82.01", "CUDA Version                              : 11.4", "",
           f"Attached GPUs                             : {len(bus_ids)}"]
    for b in bus_ids:
        out += [f"GPU {b}", "    Performance State                     : P0", "    Clocks Throttle Reasons",
                "        Idle                              : Not Active",
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : Not Active"]
        if brake:
            out += ["    " + real_lines[0], "            HW Thermal Slowdown           : Not Active", "    " + real_lines[1]]
        else:
            out += ["        HW Slowdown                       : Not Active",
                    "            HW Thermal Slowdown           : Not Active",
                    "            HW Power Brake Slowdown       : Not Active"]
        out += ["        Sync Boost                        : Not Active",
                "        SW Thermal Slowdown               : Not Active",
                "        Display Clock Setting             : Not Active", ""]
    return [f"{host_label}{l}" for l in out]


def keras_v2(ep: int, n: int, sec: int, loss: float, acc: float, vloss: float, vacc: float) -> str:
    """SYNTH: tf.keras (2.1) `fit(verbose=2)` end-of-epoch line."""
    return f"{n}/{n} - {sec}s - loss: {loss:.4f} - accuracy: {acc:.4f} - val_loss: {vloss:.4f} - val_accuracy: {vacc:.4f}"


def hf_dict(loss: float, lr: float, ep: float) -> str:
    return "{'loss': %.4f, 'learning_rate': %.6e, 'epoch': %.2f}" % (loss, lr, ep)


def netharn_epoch(ep: int, total: int, lr: float, vloss: float, nbad: int, rate: float, eta: float, tot: float,
                  wall: dt.datetime) -> str:
    """SYNTH: netharn's epoch ProgIter line (format read off the Kitware/dive thread's real line)."""
    return (f"epoch lr:{lr:g} | vloss: {vloss:.4f} (n_bad={nbad}, best={vloss:.4f})  {ep}/{total}... rate={rate:.2f} Hz, "
            f"eta={dt.timedelta(seconds=int(eta))}, total={dt.timedelta(seconds=int(tot))}, wall={wall:%Y-%m-%d %H:%M} UTC")


def netharn_train(loss: float, pct: float, n: int, rate: float, eta: float, tot: float) -> str:
    return (f"train loss:{loss:.4f} | {pct:.2f}% of {n}x1... rate={rate:.2f} Hz, eta={dt.timedelta(seconds=int(eta))}, "
            f"total={dt.timedelta(seconds=int(tot))}")


# ======================================================================================
# holdout19 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["p100_16"] = (46, 5, 205.0, 22.0, 1328, 15800, 300)     # SYNTH (Wilkes-2 class P100-PCIE-16GB, 250 W)
PROFILES["rtx2080ti"] = (68, 5, 238.0, 18.0, 1845, 10200, 400)   # SYNTH (250 W, 11 GB)
PROFILES["gb10"] = (62, 4, 58.0, 9.0, 2180, 0, 0)                # SYNTH (DGX Spark GB10; unified memory: no FB field)


def dmesg_h_head(d: dt.datetime) -> str:
    """util-linux `dmesg -H` header stamp such as `[May19 19:57]` (month, zero-padded day, minute)."""
    return f"[{d:%b%d %H:%M}]"


def dmesg_h_rel(delta: float) -> str:
    """util-linux `dmesg -H` relative stamp such as `[  +0.000127]` (as in the ovro-lwa thread)."""
    s = int(delta)
    us = int(round((delta - s) * 1e6))
    if us >= 1000000:
        s, us = s + 1, us - 1000000
    return f"[{'+%d' % s:>4}.{us:06d}]"


def marian(d: dt.datetime, msg: str) -> str:
    """SYNTH: Marian's spdlog pattern `[%Y-%m-%d %T] ` (no MPI rank in a single-process run)."""
    return f"[{d:%Y-%m-%d %H:%M:%S}] {msg}"


def commas(n: int) -> str:
    return f"{n:,d}"


def yolact_iter(ep: int, it: int, losses: dict, eta: float, timer: float) -> str:
    """SYNTH: yolact train.py progress line: ('[%3d] %7d ||' + ' %s: %.3f |' * n + ' T: %.3f || ETA: %s || timer: %.3f')."""
    body = "".join(f" {k}: {v:.3f} |" for k, v in losses.items())
    eta_s = str(dt.timedelta(seconds=eta)).split(".")[0]
    return f"[{ep:3d}] {it:7d} ||{body} T: {sum(losses.values()):.3f} || ETA: {eta_s} || timer: {timer:.3f}"


def hvd_prefix(d: dt.datetime, rank: int, stream: str = "stderr") -> str:
    """SYNTH: horovodrun --prefix-output-with-timestamp prefix, as in the thread: `Tue Nov 10 10:05:04 2020[13]<stderr>:`."""
    return f"{d:%a %b} {d.day:2d} {d:%H:%M:%S %Y}[{rank}]<{stream}>:"


def tf_log(d: dt.datetime, level: str, pid: int, src: str, msg: str) -> str:
    """SYNTH: TensorFlow 2.x C++ log line `2020-11-10 10:04:58.123456: I tensorflow/...cc:48] msg`."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: {level} {src}] {msg}"


def torchtune_step(step: int, loss: float, lr: float, tps: float) -> str:
    """SYNTH: torchtune StdoutLogger.log_dict (`Step {step} | ` + `{name}:{data} ` per metric, trailing space)."""
    return f"Step {step} | loss:{loss!r} lr:{lr!r} tokens_per_second_per_gpu:{tps!r} "


def tt_info(msg: str) -> str:
    return f"INFO:torchtune.utils._logging:{msg}"


def c10d_e(rank: int, d: dt.datetime, ns: int, line: int, msg: str, level: str = "E") -> str:
    """SYNTH: torch >= 2.5 C++ log prefix with rank tag and PG GUID (`[rankN]:[E0826 06:38:41.123456789 File.cpp:NNN] `)."""
    return f"[rank{rank}]:[{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d}{ns % 1000:03d} {line}] {msg}"


def jlog(d: dt.datetime, host: str, ident: str, msg: str) -> str:
    """SYNTH: journald short format for a non-kernel identifier."""
    return f"{d:%b %d %H:%M:%S} {host} {ident}: {msg}"


def sample(rng, profile, util, power, clock=None, temp=None, fb=None, thr=0, keys=None) -> dict:
    """SYNTH: one DCGM-named sample with explicit util/power; `keys` restricts the fields kept."""
    f = gpu_fields(rng, profile, util=util, power=round(power, 1), clock=clock, temp=temp, fb=fb, thr=thr)
    if keys is not None:
        f = {k: v for k, v in f.items() if k in keys}
    return f


GB10_KEYS = ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_UTIL",
             "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")




# ======================================================================================
# holdout20 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["h100_sxm"] = (52, 6, 640.0, 45.0, 1980, 61000, 3000)       # SYNTH (HGX H100-SXM5-80GB, 700 W)
PROFILES["gb200"] = (49, 5, 1010.0, 70.0, 1965, 152000, 5000)      # SYNTH (GB200 NVL72 tray, 1200 W TGP)
PROFILES["rtxpro6000"] = (63, 5, 520.0, 40.0, 2617, 71000, 3000)   # SYNTH (RTX PRO 6000 Blackwell, 600 W)

UP = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE")   # smallest useful sample (keeps events.jsonl small)


def srun_label_width(n: int) -> int:
    return len(str(n - 1))


def ts_prefix(d: dt.datetime) -> str:
    """SYNTH: NCCL_DEBUG_TIMESTAMP_FORMAT-style `[%F %T] ` prefix, as in the llm-d thread's lines."""
    return f"[{d:%Y-%m-%d %H:%M:%S}] "




# ======================================================================================
# holdout21 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["titanrtx"] = (72, 4, 238.0, 20.0, 1770, 19800, 900)    # SYNTH (TITAN RTX 24 GB, 280 W)
PROFILES["mi50"] = (71, 5, 205.0, 20.0, 1725, 14500, 900)        # SYNTH (MI50 32 GB, 300 W; fields mapped from rocm-smi)
PROFILES["p100_dgx1"] = (44, 4, 228.0, 25.0, 1480, 14900, 500)   # SYNTH (DGX-1 P100-SXM2-16GB)
PROFILES["a100_sxm80"] = (55, 6, 360.0, 45.0, 1410, 62000, 4000)  # SYNTH (A100-SXM4-80GB)

UPF = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED")


def node_fail_lines(s: Scenario, t: float, job: str, node: str, head: str) -> None:
    """SYNTH: srun / slurmstepd lines when slurmctld declares a node of the job dead."""
    s.joblog(t, job, f"srun: error: Node failure on {node}")
    s.joblog(t + 0.2, job, f"slurmstepd: error: *** JOB {job} ON {head} CANCELLED AT {s.at(t + 0.2):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    s.joblog(t + 0.5, job, "srun: Force Terminated StepId=%s.0" % job)


def basicsr_line(d: dt.datetime, name: str, ep: int, it: int, lr: float, eta: float, tm: float, dtm: float, lpix: float) -> str:
    """SYNTH: BasicSR's MessageLogger line (layout approximated from BasicSR's logger)."""
    return (f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO: [{name}..][epoch:{ep:3d}, iter:{it:8,d}, lr:({lr:.3e},)] "
            f"[eta: {dt.timedelta(seconds=int(eta))}, time (data): {tm:.3f} ({dtm:.3f})] l_pix: {lpix:.4e} ")


def hf_train_dict(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: transformers>=4.40 Trainer log dict (as axolotl prints it)."""
    return "{'loss': %.4f, 'grad_norm': %s, 'learning_rate': %s, 'epoch': %s}" % (loss, repr(round(gn, 6)), repr(lr), repr(round(ep, 4)))


def fairseq_line(d: dt.datetime, mod: str, msg: str) -> str:
    """SYNTH: fairseq >= 0.9.0 logging (`%(asctime)s | %(levelname)s | %(name)s | %(message)s`)."""
    return f"{d:%Y-%m-%d %H:%M:%S} | INFO | {mod} | {msg}"


def swift_dict(loss: float, gn: float, lr: float, mem: float, speed: float, ep: float, step: int, total: int, el: float) -> str:
    """SYNTH: ms-swift trainer log dict (key set and order approximated from ms-swift 3.x console output)."""
    def hm(x):
        x = int(x)
        return f"{x // 3600}h {x % 3600 // 60}m {x % 60}s" if x >= 3600 else f"{x // 60}m {x % 60}s"
    rem = (total - step) / speed if speed else 0
    return ("{'loss': %.5f, 'grad_norm': %.6f, 'learning_rate': %.2e, 'memory(GiB)': %.2f, 'train_speed(iter/s)': %.6f, "
            "'epoch': %.2f, 'global_step/max_steps': '%d/%d', 'percentage': '%.2f%%', 'elapsed_time': '%s', 'remaining_time': '%s'}"
            % (loss, gn, lr, mem, speed, ep, step, total, 100.0 * step / total, hm(el), hm(rem)))

# ======================================================================================
# holdout22 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["a100_sxm40"] = (48, 5, 300.0, 40.0, 1410, 36500, 2500)   # SYNTH (A100-SXM4-40GB)


def hms_t(start: dt.datetime, stamp: dt.datetime) -> float:
    """Scenario seconds of a wall-clock stamp."""
    return (stamp - start).total_seconds()


def tf_line(d: dt.datetime, level: str, src: str, msg: str) -> str:
    """SYNTH: TensorFlow C++ log line (`2021-08-31 15:14:12.416170: I file.cc:NN] msg`)."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: {level} {src}] {msg}"


def deepmd_line(d: dt.datetime, batch: int, train_s: float, test_s: float) -> str:
    """SYNTH: DeePMD-kit 2.x training progress line (`DEEPMD INFO    batch  N training time X s, testing time Y s`)."""
    return f"DEEPMD INFO    batch {batch:7d} training time {train_s:.2f} s, testing time {test_s:.2f} s"


def timm_line(ep: int, it: int, n: int, loss: float, loss_avg: float, tm: float, bs: int, lr: float, data: float) -> str:
    """SYNTH: timm train.py progress line (layout approximated from timm's `_logger.info` in train_one_epoch)."""
    return (f"Train: {ep} [{it:>4d}/{n} ({100.0 * it / n:>3.0f}%)]  Loss: {loss:#.3g} ({loss_avg:#.3g})  "
            f"Time: {tm:.3f}s, {bs / tm:>7.2f}/s  ({tm:.3f}s, {bs / tm:>7.2f}/s)  LR: {lr:.3e}  Data: {data:.3f} ({data:.3f})")


def colossal_info(d: dt.datetime | None, path: str, lineno: int, func: str, msg: str) -> list:
    """SYNTH: ColossalAI's rich logger (two console lines: location, then message; stamp only when it changes)."""
    head = f"[{d:%m/%d/%y %H:%M:%S}]" if d is not None else " " * 19
    return [f"{head} INFO     colossalai - colossalai - INFO: {path}:{lineno} {func}",
            f"{' ' * 19} INFO     colossalai - colossalai - INFO: {msg}"]


# ======================================================================================
# holdout23 helpers (SYNTH machinery)
# ======================================================================================

GB200_BUS = ["0008:01:00", "0009:01:00", "0018:01:00", "0019:01:00"]   # SYNTH (GB200 compute-tray GPU domains)
PROFILES["b300"] = (47, 5, 1050.0, 80.0, 1965, 150000, 6000)            # SYNTH (HGX B300, 1100 W)
PROFILES["ws140"] = (66, 4, 132.0, 8.0, 1875, 15500, 900)               # SYNTH (140 W workstation card; 1875 MHz
                                                                         # unthrottled SM clock is the thread's number)
KU = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")


def levanter_line(d: dt.datetime, task: int, step: int, loss: float, sec: float) -> str:
    """SYNTH: a Levanter/JAX trainer progress line as an absl-style logger would print it (layout approximated)."""
    return (f"I{d:%m%d %H:%M:%S}.{d.microsecond:06d} task={task:03d} levanter.trainer] step={step} loss={loss:.4f} "
            f"step_time={sec:.2f}s mfu=0.3{int(sec * 10) % 10}")


def iris_heartbeat(d: dt.datetime, task: int, step: int) -> str:
    """SYNTH: the job supervisor's per-task heartbeat (`phase=training` is the thread's word)."""
    return f"{d:%Y-%m-%d %H:%M:%S.%f}"[:-3] + f" iris.heartbeat task={task:03d} phase=training last_step={step}"


def titan_line(rank: int, d: dt.datetime, step: int, loss: float, gn: float, mem: float, tps: int, tfl: float) -> str:
    """SYNTH: torchtitan's metrics line (`[rank0]:[titan] <asctime> - root - INFO - step: ...`)."""
    return (f"[rank{rank}]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - step: {step:5d}  "
            f"loss: {loss:7.4f}  grad_norm: {gn:7.4f}  memory: {mem:5.2f}GiB({mem / 1.8569:.2f}%)  tps: {tps:,}  "
            f"tflops: {tfl:.2f}  mfu: {tfl / 25.0:.2f}%")


def mcore_iter(d: dt.datetime, it: int, total: int, ms: float, lr: float, loss: float, gbs: int) -> str:
    """SYNTH: Megatron-Core training_log line."""
    return (f" [{d:%Y-%m-%d %H:%M:%S}] iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.6E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: 0.412 | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 |")


def nemo2_line(ep: int, it: int, total: int, loss: float, sec: float, gstep: int) -> str:
    """SYNTH: NeMo 2 (Lightning) progress print: `Training epoch 0, iteration 120/... | lr: ... | ...`."""
    return (f"Training epoch {ep}, iteration {it}/{total} | lr: 0.0002994 | global_batch_size: 256 | global_step: {gstep} | "
            f"reduced_train_loss: {loss:.4f} | train_step_timing in s: {sec:.3f} | consumed_samples: {gstep * 256}")


def fabric_line(it: int, step: int, loss: float, ms: float) -> str:
    """SYNTH: a Lightning Fabric (litgpt-style) pretrain progress print."""
    return f"Epoch 1 | iter {it} step {step} | loss train: {loss:.3f}, val: n/a | iter time: {ms:.2f} ms (step)"


def maxtext_line(step: int, sec: float, tflops: float, loss: float) -> str:
    """SYNTH: MaxText's per-step metrics print."""
    return (f"completed step: {step}, seconds: {sec:.3f}, TFLOP/s/device: {tflops:.3f}, "
            f"Tokens/s/device: {8192 / sec:.3f}, total_weights: 1048576, loss: {loss:.3f}")


def vllm_stats(d: dt.datetime, pt: float, gt: float, run: int, kv: float) -> str:
    """SYNTH: vLLM V1 periodic engine stats line."""
    return (f"(APIServer pid=1) INFO {d:%m-%d %H:%M:%S} [loggers.py:123] Engine 000: Avg prompt throughput: {pt:.1f} tokens/s, "
            f"Avg generation throughput: {gt:.1f} tokens/s, Running: {run} reqs, Waiting: 0 reqs, GPU KV cache usage: {kv:.1f}%, "
            f"Prefix cache hit rate: 0.0%")


def lean(f: dict, keys=UPF + ("DCGM_FI_DEV_SM_CLOCK",)) -> dict:
    """SYNTH: keep only a few DCGM fields (keeps events.jsonl small)."""
    return {k: v for k, v in f.items() if k in keys}


def run_sampler(s: Scenario, nodes, gpus: int, t0: float, t1: float, every: float, fn) -> None:
    """SYNTH: telemetry at a fixed period (no per-node jitter beyond a small offset)."""
    s.telemetry(nodes, gpus, t0, t1, every, fn)


# ======================================================================================
# S1  gb200-grug-512gpu-wedge-xid43-one-tray  (hang: a 512-GPU GB200 Levanter/JAX run stops at step 183 on every
#     task; heartbeats continue; one tray's host log has Xid 13 then Xid 43 and its GPU goes idle while 511 spin)
# ======================================================================================
# Source: https://github.com/marin-community/marin/issues/7344 -- "grug 512-GPU (8-rack GB200) run silently hangs
# mid-training (collective wedge, no error)" (2026-08): all 128 training tasks last reported step 183 between
# 22:34:34.928 and 22:34:35.810; they kept emitting `phase=training` heartbeats until 23:08:02-23:08:04; the user
# killed the job at 23:08:13.292 UTC (zero task failures); every MainThread sat in the compiled train_step call; in the
# three minutes before the stall the GPUs averaged 98.55 % utilisation and 984 W; NVML inside the container was clean
# (no uncorrected ECC, no pending remap, no HW slowdown). A later comment reports that the cluster's Grafana showed
# Xid 13 and Xid 43 alerts on the wedged racks and proposes "the channel is reset but the process stays alive, and
# that GPU simply stops advancing its NCCL work". The thread quotes no log line verbatim (only numbers and field
# values), so this scenario has no REAL_* literal; every number above is the thread's.


def build_s1() -> Scenario:
    name = "gb200-grug-512gpu-wedge-xid43-one-tray"
    J, N, bad = "51944", "51960", "gb200-077"
    s = Scenario(name, "512-GPU (128 GB200 trays, 8 NVL72 racks) Levanter/JAX MoE run on cw-us-east-08a: every task stops "
                 "advancing at step 183 while heartbeats continue; one tray logs Xid 13 then Xid 43 and its GPU 2 goes idle "
                 "while the other 511 GPUs spin in the collective; the owner kills the job 33.5 min later.",
                 "2026-08-03T22:20:00Z",
                 {"name": "cw-us-east-08a", "partition": "gb200", "nodes": "gb200-[001-144]", "gpus_per_node": 4,
                  "pci_bus_ids": GB200_BUS},
                 [{"id": J, "name": "moe-hero-fsdp-8rack-repro-v3", "user": "rjpower", "nodes": "gb200-[001-128]",
                   "tasks_per_node": 4, "started": "2026-08-03T21:29:40Z",
                   "comment": comment(2, "gs://marin-us-east/checkpoints/moe-hero-fsdp-8rack")},
                  {"id": N, "name": "grug-dense-1b-sweep", "user": "mcwitt", "nodes": "gb200-[129-136]",
                   "tasks_per_node": 4, "started": "2026-08-03T20:02:11Z"}])
    rng = s.rng
    T = lambda h, m, sec: (h - 22) * 3600 + (m - 20) * 60 + sec  # noqa: E731
    t_last0, t_last1 = T(22, 34, 34.928), T(22, 34, 35.810)   # REAL window of the last step-183 reports
    t_fault = T(22, 34, 37.2)                                   # SYNTH: Xid on the culprit tray
    t_kill = T(23, 8, 13.292)                                   # REAL kill time
    # SYNTH: step lines from a handful of tasks (~18.9 s/it), last step 183 inside the real window
    step, t = 140, T(22, 21, 2.0)
    tasks = [0, 16, 32, 48, 64, 80, 96, 112]
    while step <= 183:
        if step == 183:
            for k, task in enumerate(tasks):
                tt = t_last0 + (t_last1 - t_last0) * k / (len(tasks) - 1)
                s.joblog(tt, J, levanter_line(s.at(tt), task, step, 2.61 + rng.uniform(-0.02, 0.02), 18.9 + rng.uniform(-0.1, 0.1)))
            break
        for task in tasks[:3]:
            tt = t + rng.uniform(0, 0.8)
            s.joblog(tt, J, levanter_line(s.at(tt), task, step, 2.95 - 0.008 * (step - 140) + rng.uniform(-0.03, 0.03),
                                          18.9 + rng.uniform(-0.2, 0.2)))
        step += 1
        t += (t_last0 - T(22, 21, 2.0)) / 43.0
    # SYNTH: heartbeats every 60 s from 8 tasks, through 23:08:02-23:08:04 (REAL end of heartbeats)
    th = T(22, 21, 30.0)
    while th < T(23, 8, 4.0):
        for k, task in enumerate(tasks):
            tt = th + k * 0.2
            if tt <= T(23, 8, 4.006):
                s.joblog(tt, J, iris_heartbeat(s.at(tt), task, min(183, 140 + int((tt - T(22, 21, 2.0)) / 18.9))))
        th += 60.0
    for k, task in enumerate(tasks):
        tt = T(23, 8, 2.610) + k * (1.396 / 7)
        s.joblog(tt, J, iris_heartbeat(s.at(tt), task, 183))
    # SYNTH: the culprit tray's host kernel log (the thread: Xid 13 / Xid 43 alerts on the wedged racks)
    d = s.at(t_fault)
    s.kernel(t_fault, bad, f"{dmesg_t(d)} NVRM: Xid (PCI:0018:01:00): 13, pid=2218417, name=python3, Graphics SM Warp Exception on (GPC 5, TPC 3, SM 1): Illegal Instruction Encoding")
    s.kernel(t_fault + 0.0004, bad, f"{dmesg_t(d)} NVRM: Xid (PCI:0018:01:00): 13, pid=2218417, name=python3, Graphics Exception: ESR 0x52e730=0x30009 0x52e734=0x24 0x52e728=0x1f81fb60 0x52e72c=0x1174")
    d2 = s.at(t_fault + 1.9)
    s.kernel(t_fault + 1.9, bad, f"{dmesg_t(d2)} NVRM: Xid (PCI:0018:01:00): 43, pid=2218417, name=python3, Ch 0000000c")
    # SYNTH: the owner kills the job
    s.joblog(t_kill, J, cancel_line(J, "gb200-001", s.at(t_kill)))
    s.job_state(t_kill + 0.6, J, "CANCELLED", "0:15")
    t_end = T(23, 12, 0)
    # SYNTH neighbour: NeMo-2-style dense sweep lines every ~44 s
    tn, it = 15.0, 5120
    while tn < t_end:
        s.joblog(tn, N, nemo2_line(0, it, 20000, 2.31 - 0.00002 * it, 4.41 + rng.uniform(-0.05, 0.05), it))
        it += 10
        tn += 44.1 + rng.uniform(-0.4, 0.4)
    peers = ["gb200-001", "gb200-019", "gb200-040", "gb200-076", "gb200-078", "gb200-095", "gb200-128"]

    def fn(n_, g, tt):  # SYNTH DCGM every 120 s (984 W / 98.55 % before the stall are the thread's averages)
        if n_ == "gb200-130":
            return sample(rng, "gb200", rng.randint(93, 100), rng.uniform(820, 960), clock=1965, keys=KU)
        if tt < t_fault or tt > t_kill + 5:
            if tt > t_kill + 5:
                return sample(rng, "gb200", 0, rng.uniform(160, 190), clock=345, keys=KU)
            return sample(rng, "gb200", rng.randint(96, 100), rng.uniform(955, 1010), clock=1965, keys=KU)
        if n_ == bad and g == 2:
            f = sample(rng, "gb200", 0, rng.uniform(176, 188), clock=1965, keys=KU)
            f["DCGM_FI_DEV_XID_ERRORS"] = 43
            return f
        return sample(rng, "gb200", 100, rng.uniform(318, 352), clock=1965, keys=KU)
    run_sampler(s, [bad] + peers + ["gb200-130"], 4, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_fault, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_drain=[bad, "gb200-001", "gb200-078"], no_requeue=[N])
    return s


# ======================================================================================
# S2  te-mxfp8-grouped-quantize-illegal-address-every-start  (software: a TransformerEngine regression makes
#     MXFP8 MoE training on 2 GB200 trays hit an illegal memory access in the first backward; Xid 31 on the hosts
#     makes it look like hardware; the resubmission on two other trays fails identically)
# ======================================================================================
# Source: https://github.com/NVIDIA/TransformerEngine/issues/3474 -- "[Bug] Illegal memory access in grouped MXFP8
# quantize on GB200 (sm_100) introduced by #3337" (2026-09): MXFP8 MoE pretraining with the fused grouped-MLP path
# "aborts with `CUDA error: an illegal memory access was encountered` (`cudaErrorIllegalAddress`) during the first
# backward pass on GB200 (sm_100, aarch64, 8 GPUs over 2 nodes)"; bisected to TE 2.19.0+c3066f8 (bad) vs
# 2.19.0+3231a15 (good), "reproduces the illegal memory access inside iteration 0, zero completed steps"; closed as
# resolved by TE PR #3483 (validated on the original Qwen3-30B-A3B Megatron/PyTorch FP8 workload on eight GB200 GPUs).
REAL_S2_ERR = "CUDA error: an illegal memory access was encountered"


def s2_attempt(s: Scenario, J: str, nodes: list, t0: float, pid0: int, fault_gpu: tuple) -> float:
    rng = s.rng
    d = s.at(t0)
    s.job_state(t0, J, "RUNNING", "0:0", nodes=f"{nodes[0][:-2]}[{nodes[0][-2:]}-{nodes[1][-2:]}]")
    lines = ["using world size: 8, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 1, "
             "pipeline-model-parallel size: 1",
             "> setting tensorboard ...",
             "building GPT model ...",
             " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 30532122624",
             f"TransformerEngine version: 2.19.0+c3066f8",
             "> fp8 recipe: MXFP8BlockScaling, moe grouped gemm: True, moe fused grouped MLP: True",
             f"[after model, optimizer, and learning rate scheduler are built] datetime: {s.at(t0 + 96):%Y-%m-%d %H:%M:%S} ",
             f"[after dataloaders are built] datetime: {s.at(t0 + 131):%Y-%m-%d %H:%M:%S} ",
             "done with setup ...",
             "training ...",
             f"[before the start of training step] datetime: {s.at(t0 + 133):%Y-%m-%d %H:%M:%S} "]
    offs = [1, 2, 40, 92, 93, 93.5, 96, 131, 131.5, 132, 133]
    for o, l in zip(offs, lines):
        s.joblog(t0 + o, J, l)
    t_f = t0 + 141.3 + rng.uniform(0, 0.5)
    node, g = fault_gpu
    rank = nodes.index(node) * 4 + g
    # SYNTH: the host sees an MMU fault from the faulting kernel (what makes it look like hardware)
    dk = s.at(t_f - 0.05)
    s.kernel(t_f - 0.05, node, f"{dmesg_t(dk)} NVRM: Xid (PCI:{GB200_BUS[g]}): 31, pid={pid0 + g}, name=python3, channel 0x0000000a, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC3 GPCCLIENT_T1_12 faulted @ 0x7f2a_1c400000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE")
    tb = [f"[rank{rank}]: Traceback (most recent call last):",
          f'[rank{rank}]:   File "/opt/Megatron-LM/pretrain_gpt.py", line 331, in <module>',
          f"[rank{rank}]:     pretrain(",
          f'[rank{rank}]:   File "/opt/Megatron-LM/megatron/training/training.py", line 742, in pretrain',
          f'[rank{rank}]:   File "/opt/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 474, in backward_step',
          f"[rank{rank}]:     custom_backward(output_tensor[0], output_tensor_grad[0])",
          f'[rank{rank}]:   File "/usr/local/lib/python3.12/dist-packages/torch/autograd/graph.py", line 829, in _engine_run_backward',
          f"[rank{rank}]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
          f"[rank{rank}]: torch.AcceleratorError: {REAL_S2_ERR}",
          f"[rank{rank}]: Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
          f"[rank{rank}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          f"[rank{rank}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
          f"[rank{rank}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    for k, l in enumerate(tb):
        s.joblog(t_f + 0.02 + 0.001 * k, J, l)
    for r in [rank ^ 1, (rank + 4) % 8]:
        dd = s.at(t_f + 0.4)
        s.joblog(t_f + 0.4 + 0.01 * r, J, c10d_e(r, dd, 118000511 + r, "ProcessGroupNCCL.cpp:2068",
                 f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: {REAL_S2_ERR}"))
    t = t_f + 9.0
    s.joblog(t, J, f"W{s.at(t):%m%d %H:%M:%S}.000000 {pid0 - 7} torch/distributed/elastic/multiprocessing/api.py:900] Sending process {pid0 + (g + 1) % 4} closing signal SIGTERM")
    t = elastic_summary(s, t + 1.2, J, node, [(rank, g, pid0 + g, 1)], "/opt/Megatron-LM/pretrain_gpt.py",
                        "/usr/local/lib/python3.12/dist-packages",
                        ['  File "/usr/local/bin/torchrun", line 33, in <module>', "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())"])
    s.joblog(t + 0.4, J, f"srun: error: {node}: task {nodes.index(node)}: Exited with exit code 1")
    s.joblog(t + 1.6, J, f"srun: error: {[n for n in nodes if n != node][0]}: task {1 - nodes.index(node)}: Exited with exit code 1")
    s.job_state(t + 2.0, J, "FAILED", "1:0")
    return t_f


def build_s2() -> Scenario:
    name = "te-mxfp8-grouped-quantize-illegal-address-every-start"
    J1, J2, N = "88301", "88334", "88270"
    s = Scenario(name, "MXFP8 Qwen3-30B-A3B MoE pretraining (Megatron-Core + TransformerEngine 2.19.0+c3066f8) on 2 GB200 "
                 "trays dies with an illegal memory access in the first backward pass, with an Xid 31 MMU fault in the "
                 "host log; resubmitted on two other trays 47 min later, it dies identically. A TE regression, not hardware.",
                 "2026-09-03T09:00:00Z",
                 {"name": "gb200-lab", "partition": "gb200", "nodes": "gbt-[01-18]", "gpus_per_node": 4,
                  "pci_bus_ids": GB200_BUS},
                 [{"id": J1, "name": "qwen3-30b-a3b-mxfp8-pretrain", "user": "janbernloehr", "nodes": "gbt-[03-04]",
                   "tasks_per_node": 4, "started": "2026-09-03T09:02:10Z",
                   "comment": comment(2, "/lustre/ckpt/qwen3-30b-a3b-mxfp8")},
                  {"id": J2, "name": "qwen3-30b-a3b-mxfp8-pretrain", "user": "janbernloehr", "nodes": "gbt-[11-12]",
                   "tasks_per_node": 4, "started": "2026-09-03T09:52:40Z",
                   "comment": comment(2, "/lustre/ckpt/qwen3-30b-a3b-mxfp8")},
                  {"id": N, "name": "nemo2-llama3-8b-sft", "user": "phlip79", "nodes": "gbt-[07-08]",
                   "tasks_per_node": 4, "started": "2026-09-03T07:41:55Z"}])
    rng = s.rng
    t1 = s2_attempt(s, J1, ["gbt-03", "gbt-04"], 130.0, 301442, ("gbt-04", 1))
    t2 = s2_attempt(s, J2, ["gbt-11", "gbt-12"], 3160.0, 117803, ("gbt-11", 2))
    t_end = t2 + 600
    tn, it = 8.0, 2210
    while tn < t_end:
        s.joblog(tn, N, nemo2_line(0, it, 6000, 1.42 - 0.00003 * it, 2.87 + rng.uniform(-0.03, 0.03), it))
        it += 10
        tn += 28.7 + rng.uniform(-0.3, 0.3)

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s
        if n_ in ("gbt-07",):
            return sample(rng, "gb200", rng.randint(92, 100), rng.uniform(860, 990), clock=1965, keys=KU)
        for (nodes, ts, tf) in ((("gbt-03", "gbt-04"), 130.0, t1), (("gbt-11", "gbt-12"), 3160.0, t2)):
            if n_ in nodes and ts + 40 < tt < tf + 12:
                return sample(rng, "gb200", rng.randint(20, 60) if tt < ts + 133 else 100, rng.uniform(300, 520), clock=1965, keys=KU)
        return sample(rng, "gb200", 0, rng.uniform(150, 175), clock=345, keys=KU)
    run_sampler(s, ["gbt-03", "gbt-04", "gbt-11", "gbt-12", "gbt-07"], 4, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t1, "category": "software", "node": None}, no_requeue=[J1, J2],
                    no_drain=["gbt-03", "gbt-04", "gbt-11", "gbt-12"])
    return s


# ======================================================================================
# S3  nvl-09-xid149-netir-fatal-torchtitan  (gpu_hardware: Xid 149 NVLink5 NETIR Fatal on GPU 3 of one GB200 tray
#     in a 16-tray torchtitan job; that rank's kernels fail, the rest time out in NCCL)
# ======================================================================================
# Source: https://github.com/leptonai/gpud/pull/1174 -- "fix(nvidia/xid): fix NVLink Non-fatal events incorrectly
# reported as Fatal, fix XID 144-150 reboot handling" (2025-12): real kmsg inputs from GB200 hosts; the PR makes
# GPUd report Xid 149 "NETIR ... Fatal" as NVLINK_NETIR_ERROR needing a reboot (only the Nonfatal ones are demoted).
# Kernel line, verbatim (the PCI domain 0019 is GPU 3 of a GB200 tray):
REAL_S3_XID149 = "NVRM: Xid (PCI:0019:01:00): 149, NETIR Fatal XC0 i0 Link -1 (0x000fe406 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)"


def build_s3() -> Scenario:
    name = "nvl-09-xid149-netir-fatal-torchtitan"
    J, N, bad = "230417", "230455", "nvl-09"
    s = Scenario(name, "64-GPU torchtitan Llama-3 70B FSDP2 run on 16 GB200 trays; Xid 149 (NVLink5 NETIR Fatal) on GPU 3 "
                 "of nvl-09; rank 35's kernels fail at once, the other ranks hit the NCCL watchdog 10 min later.",
                 "2026-03-14T10:00:00Z",
                 {"name": "nvl-b", "partition": "batch", "nodes": "nvl-[01-36]", "gpus_per_node": 4,
                  "pci_bus_ids": GB200_BUS},
                 [{"id": J, "name": "titan-llama3-70b-fsdp2", "user": "gyuho", "nodes": "nvl-[01-16]", "tasks_per_node": 4,
                   "started": "2026-03-14T06:12:09Z", "comment": comment(3, "/vast/ckpt/llama3-70b")},
                  {"id": N, "name": "titan-llama3-8b-ablation", "user": "eahydra", "nodes": "nvl-[21-24]",
                   "tasks_per_node": 4, "started": "2026-03-14T08:40:51Z"}])
    rng = s.rng
    t_fault = 1412.6
    # SYNTH: torchtitan metrics from rank 0 every 10 steps (~3.1 s/step)
    t, step = 5.0, 4210
    while t < t_fault:
        s.joblog(t, J, titan_line(0, s.at(t), step, 2.03 - 0.00002 * step + rng.uniform(-0.02, 0.02), 0.31 + rng.uniform(-0.03, 0.03),
                                  141.38, 1812 + rng.randint(-12, 12), 612.4 + rng.uniform(-3, 3)))
        step += 10
        t += 31.2 + rng.uniform(-0.3, 0.3)
    d = s.at(t_fault)
    s.kernel(t_fault, bad, f"{dmesg_t(d)} {REAL_S3_XID149}")
    for k, g in enumerate([0, 1, 2, 3]):   # SYNTH: preemptive cleanup of every channel on the tray
        dk = s.at(t_fault + 0.9 + 0.01 * k)
        s.kernel(t_fault + 0.9 + 0.01 * k, bad, f"{dmesg_t(dk)} NVRM: Xid (PCI:{GB200_BUS[g]}): 45, pid={88410 + g}, name=python, Ch 0000000{k + 2}")
    r = 35
    t = t_fault + 1.4
    for k, l in enumerate([f"[rank{r}]: Traceback (most recent call last):",
                           f'[rank{r}]:   File "/opt/torchtitan/torchtitan/train.py", line 412, in train_step',
                           f"[rank{r}]:     loss.backward()",
                           f"[rank{r}]: torch.AcceleratorError: CUDA error: unspecified launch failure",
                           f"[rank{r}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect."]):
        s.joblog(t + 0.001 * k, J, l)
    t_to = t_fault + 600.9
    for rr in [0, 8, 20, 34, 36, 48, 63]:
        dd = s.at(t_to + rr * 0.003)
        s.joblog(t_to + rr * 0.003, J, c10d_e(rr, dd, 300000000 + rr, "ProcessGroupNCCL.cpp:632",
                 f"[PG ID 1 PG GUID 1 Rank {rr}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1130442, "
                 f"OpType=_REDUCE_SCATTER_BASE, NumelIn=268435456, NumelOut=4194304, Timeout(ms)=600000) ran for 600081 milliseconds before timing out."))
    t = elastic_summary(s, t_to + 32.0, J, bad, [(r, 3, 88413, 1), (32, 0, 88410, -6)], "/opt/torchtitan/torchtitan/train.py",
                        "/usr/local/lib/python3.12/dist-packages",
                        ['  File "/usr/local/bin/torchrun", line 33, in <module>', "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())"])
    s.joblog(t + 0.5, J, f"srun: error: {bad}: task 8: Exited with exit code 1")
    t = srun_abort_lines(s, t + 0.7, J, "nvl-01")
    s.job_state(t + 33.0, J, "FAILED", "1:0")
    t_end = t + 300
    tn, st = 11.0, 18830
    while tn < t_end:
        s.joblog(tn, N, titan_line(0, s.at(tn), st, 2.45 - 0.00001 * st, 0.52, 61.02, 8420 + rng.randint(-40, 40), 598.1 + rng.uniform(-4, 4)))
        st += 10
        tn += 12.4 + rng.uniform(-0.2, 0.2)
    keys = KU + ("DCGM_FI_DEV_XID_ERRORS",)

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s
        if n_ == "nvl-21":
            return sample(rng, "gb200", rng.randint(94, 100), rng.uniform(880, 990), clock=1965, keys=KU)
        if tt < t_fault:
            return sample(rng, "gb200", rng.randint(95, 100), rng.uniform(900, 1010), clock=1965, keys=KU)
        if n_ == bad and g == 3:
            f = sample(rng, "gb200", 0, rng.uniform(140, 160), clock=345, keys=keys)
            f["DCGM_FI_DEV_XID_ERRORS"] = 149
            return f
        if tt < t_to + 40:
            return sample(rng, "gb200", 100, rng.uniform(300, 340), clock=1965, keys=KU)
        return sample(rng, "gb200", 0, rng.uniform(150, 175), clock=345, keys=KU)
    run_sampler(s, [bad, "nvl-08", "nvl-10", "nvl-01", "nvl-21"], 4, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": bad, "gpu": 3}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["nvl-08", "nvl-10", "nvl-01"])
    return s


# ======================================================================================
# S4  healthy-pmix-dstore-no-permissions-fabric-job  (healthy: every rank of a Lightning Fabric job started with
#     `srun --mpi=pmix` prints a PMIX ERROR at start-up and exit; training runs and completes)
# ======================================================================================
# Source: https://github.com/openpmix/openpmix/issues/1819 -- "PMIX ERROR: NO-PERMISSIONS in file
# ../../../../../../src/mca/common/dstore/dstore_base.c at line 234" (2020-06): the program runs and prints its
# correct result ("pi is approximately 3.1418009868930938, ...") and then the PMIx line; "This happens every time".
# The line (verbatim; only its `[host:pid] ` prefix is rewritten):
REAL_S4_PMIX = "PMIX ERROR: NO-PERMISSIONS in file ../../../../../../src/mca/common/dstore/dstore_base.c at line 234"


def build_s4() -> Scenario:
    name = "healthy-pmix-dstore-no-permissions-fabric-job"
    J, N = "771205", "771188"
    nodes = ["ag05", "ag06"]
    s = Scenario(name, "16-GPU Lightning Fabric pretraining (litgpt-style) on 2 A100 nodes launched with srun --mpi=pmix; "
                 "every rank prints `PMIX ERROR: NO-PERMISSIONS ... dstore_base.c` at start and at exit; the job trains "
                 "normally and completes. Nothing to do.",
                 "2026-05-11T13:00:00Z",
                 {"name": "hpc-a", "partition": "gpu", "nodes": "ag[01-24]", "gpus_per_node": 8},
                 [{"id": J, "name": "fabric-tinyllama-1b", "user": "racedowling", "nodes": "ag[05-06]", "tasks_per_node": 8,
                   "started": "2026-05-11T13:01:30Z", "comment": comment(2, "/scratch/racedowling/out/tinyllama")},
                  {"id": N, "name": "dinov2-vitl-ssl", "user": "mzhang", "nodes": "ag[09-10]", "tasks_per_node": 8,
                   "started": "2026-05-11T10:21:04Z"}])
    rng = s.rng
    t0 = 92.0
    for r in range(16):
        host = nodes[r // 8]
        s.joblog(t0 + 0.3 + 0.02 * r + rng.uniform(0, 0.01), J, f"[{host}:{41270 + r * 3}] {REAL_S4_PMIX}")
    for r in range(16):
        s.joblog(t0 + 9.0 + 0.03 * r, J, f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/16")
    for k, l in enumerate(["----------------------------------------------------------------------------------------------------",
                           "distributed_backend=nccl", "All distributed processes registered. Starting with 16 processes",
                           "----------------------------------------------------------------------------------------------------",
                           "", "Seed set to 3407", "Time to instantiate model: 0.41 seconds.",
                           "Total parameters: 1,100,048,384", "Measured TFLOPs: 3091.44"]):
        s.joblog(t0 + 10.0 + 0.01 * k, J, l)
    t, it = t0 + 40.0, 100
    t_done = t0 + 2 * 3600 + 412.0
    while t < t_done:
        s.joblog(t, J, fabric_line(it, it // 4, 3.9 - 1.1 * (t - t0) / 8000 + rng.uniform(-0.05, 0.05), 411.0 + rng.uniform(-6, 6)))
        it += 100
        t += 41.2 + rng.uniform(-0.6, 0.6)
    for k, l in enumerate([f"Training time: {(t_done - t0 - 40) :.2f}s", f"Memory used: 61.83 GB",
                           f"Saving checkpoint to '/scratch/racedowling/out/tinyllama/final/lit_model.pth'"]):
        s.joblog(t_done + 0.1 * k, J, l)
    for r in range(16):
        s.joblog(t_done + 6.0 + 0.02 * r, J, f"[{nodes[r // 8]}:{41270 + r * 3}] {REAL_S4_PMIX}")
    s.job_state(t_done + 8.0, J, "COMPLETED", "0:0")
    t_end = t_done + 600
    tn, ep = 30.0, 0
    while tn < t_end:
        s.joblog(tn, N, f"Training  [{ep % 1250:>5}/1250]  eta: 0:{(1250 - ep % 1250) * 2 // 60:02d}:{(1250 - ep % 1250) * 2 % 60:02d}  lr: 0.000400 (0.000400)  loss: {7.2 - ep * 0.0004:.4f}  time: 1.9924  data: 0.0012  max mem: 51203")
        ep += 10
        tn += 19.9 + rng.uniform(-0.2, 0.2)

    def fn(n_, g, tt):  # SYNTH DCGM every 180 s
        if n_ in nodes and not (t0 + 20 < tt < t_done + 8):
            return lean(idle(rng, "a100"))
        return lean(busy(rng, "a100"))
    run_sampler(s, nodes + ["ag09"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth(None, no_requeue=[J], no_drain=nodes)
    return s


# ======================================================================================
# S5  ray-train-10-72-56-3-node-died-actor-lost  (node_failure: one node of a Ray Train job on a Slurm allocation
#     dies; the driver reports "The actor is dead because its node has died"; Slurm marks the node down later)
# ======================================================================================
# Source: https://github.com/ray-project/ray/issues/43751 -- "[Data] Multi-node training failed with `System error:
# Broken pipe`" (2024-03): a multi-node Ray Train + Ray Data job dies with RayActorError for RayTrainWorker pid 6420
# at ip 10.72.56.3: "The actor is dead because its node has died." The traceback below is the thread's (verbatim):
REAL_S5_TB = [
    '  File "/root/miniconda/envs/main-env/lib/python3.10/site-packages/ray/train/_internal/backend_executor.py", line 580, in get_next_results',
    "    results = self.get_with_failure_handling(futures)",
    '  File "/root/miniconda/envs/main-env/lib/python3.10/site-packages/ray/train/_internal/backend_executor.py", line 661, in get_with_failure_handling',
    "    self._increment_failures()",
    '  File "/root/miniconda/envs/main-env/lib/python3.10/site-packages/ray/train/_internal/backend_executor.py", line 723, in _increment_failures',
    "    raise failure",
    '  File "/root/miniconda/envs/main-env/lib/python3.10/site-packages/ray/train/_internal/utils.py", line 43, in check_for_failure',
    "    ray.get(object_ref)",
    "ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.",
    "\tclass_name: RayTrainWorker",
    "\tactor_id: 4473bb2424de8ebfec88acc402000000",
    "\tpid: 6420",
    "\tnamespace: c53c8492-c985-4b6e-9247-fdf5ea623abd",
    "\tip: 10.72.56.3",
    "The actor is dead because its node has died. Node Id: 677df2a9020c5db45e755b0078c469e2ce51e05ea093ed3b283505a0",
    "The above exception was the direct cause of the following exception:",
    "Traceback (most recent call last):",
]


def build_s5() -> Scenario:
    name = "ray-train-10-72-56-3-node-died-actor-lost"
    J, N, bad = "4419031", "4419007", "gpu-a-07"
    nodes = ["gpu-a-05", "gpu-a-06", "gpu-a-07", "gpu-a-08"]
    ips = {"gpu-a-05": "10.72.56.1", "gpu-a-06": "10.72.56.2", "gpu-a-07": "10.72.56.3", "gpu-a-08": "10.72.56.4"}
    s = Scenario(name, "Ray Train (TorchTrainer, 32 workers) with Ray Data ingest on a 4-node Slurm allocation; node "
                 "gpu-a-07 (10.72.56.3) dies; the driver reports the RayTrainWorker lost because its node died and exits; "
                 "Slurm marks gpu-a-07 DOWN+NOT_RESPONDING five minutes later.",
                 "2024-03-06T01:30:00Z",
                 {"name": "genesis", "partition": "a100", "nodes": "gpu-a-[01-16]", "gpus_per_node": 8},
                 [{"id": J, "name": "ray_run_step_2024-03-06-01-22-0466", "user": "genesis-jamin", "nodes": "gpu-a-[05-08]",
                   "tasks_per_node": 8, "started": "2024-03-06T01:22:04Z", "comment": comment(2, "/shared/ray_results/deep-affinity")},
                  {"id": N, "name": "esm-finetune", "user": "ptran", "nodes": "gpu-a-[02-03]", "tasks_per_node": 8,
                   "started": "2024-03-05T23:58:40Z"}])
    rng = s.rng
    t_fault = 2313.4
    t, ep, it = 4.0, 0, 0
    while t < t_fault:
        n_ = nodes[it % 4]
        pid = 6380 + 20 * (it % 4) + ((it // 4) % 8)   # SYNTH; puts pid 6420 (the thread's) on 10.72.56.3
        s.joblog(t, J, f"(RayTrainWorker pid={pid}, ip={ips[n_]}) epoch {ep} step {it * 50}: loss={0.912 - 0.0004 * it:.4f} throughput={2410 + rng.randint(-30, 30)} samples/s")
        it += 1
        if it % 40 == 0:
            ep += 1
            s.joblog(t + 0.5, J, f"(TorchTrainer pid=5522) Reported metrics at epoch {ep - 1}: val_loss={0.95 - 0.01 * ep:.4f}")
        t += 14.8 + rng.uniform(-0.3, 0.3)
    # SYNTH: Ray's GCS notices the dead node (format of Ray >= 2.x), then the driver's traceback (REAL)
    t = t_fault + 31.5
    s.joblog(t, J, f"{s.at(t):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)}\tWARNING worker.py:2058 -- The node with node id: 677df2a9020c5db45e755b0078c469e2ce51e05ea093ed3b283505a0 and address: 10.72.56.3 and node name: 10.72.56.3 has been marked dead because the detector has missed too many heartbeats from it. This can happen when a \t(1) raylet crashes unexpectedly (OOM, etc.) ")
    s.joblog(t + 0.9, J, "Traceback (most recent call last):")
    for k, l in enumerate(REAL_S5_TB):
        s.joblog(t + 1.0 + 0.001 * k, J, l)
    for k, l in enumerate(['  File "/app/ray_run_step_2024-03-06-01-22-0466/deep-affinity/experimental/ray/ray_run.py", line 45, in <module>',
                           "    main(**vars(argparser.parse_args()))",
                           "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause."]):
        s.joblog(t + 1.1 + 0.001 * k, J, l)
    s.joblog(t + 4.0, J, f"srun: error: gpu-a-05: task 0: Exited with exit code 1")
    s.job_state(t + 9.5, J, "FAILED", "1:0")
    t_down = t_fault + 302.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")
    t_end = t_down + 900
    tn, st = 20.0, 14200
    while tn < t_end:
        s.joblog(tn, N, hf_train_dict(0.318 - st * 0.000001, 0.77, 2.1e-5, round(st / 9120, 2)))
        st += 25
        tn += 37.0 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, tt):  # SYNTH DCGM every 90 s; the dead node sends nothing after the fault
        if n_ == bad and tt >= t_fault:
            return None
        if n_ in nodes and tt > t_fault + 45:
            return lean(idle(rng, "a100"))
        return lean(busy(rng, "a100"))
    run_sampler(s, nodes + ["gpu-a-02"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["gpu-a-05", "gpu-a-06", "gpu-a-08"])
    return s


# ======================================================================================
# S6  mycl-g4-rail6-retry-exceeded-maxtext  (network: NCCL on mycl-g2 gets status=12 retry-exceeded completions,
#     all from the same peer's rail-6 address; the peer's rail-6 port flaps)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/1698 -- "Got completion from peer XXXX with status=12 opcode=32552
# len=32549 vendor err 129 in multinode nccl allreduce_perf test" (2025-04): intermittent; "Usually, the error goes
# away after a second or a third retry. Didn't find any network error by running all to all ib_perftest or ping
# test." Every WARN is on mycl-g2 rank [6] (hca mlx5_10) and names one peer, 192.168.3.5 / GID 192.168.6.5.
# Lines verbatim (host prefix kept: mycl-g2 is the scenario's node name):
REAL_S6 = [
    "mycl-g2:353236:353423 [6] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion from peer 192.168.3.5<53908> with status=12 opcode=129 len=1048576 vendor err 129 (Recv) localGid ::ffff:192.168.6.3 remoteGids::ffff:192.168.6.5 hca mlx5_10",
    "mycl-g2:353236:353423 [6] NCCL INFO transport/net.cc:1362 -> 6",
    "mycl-g2:353236:353423 [6] NCCL INFO proxy.cc:726 -> 6",
    "mycl-g2:353236:353423 [6] NCCL INFO proxy.cc:910 -> 6 [Progress Thread]",
    "mycl-g2:353236:353423 [6] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion from peer 192.168.3.5<50188> with status=12 opcode=32552 len=32549 vendor err 129 (Recv) localGid ::ffff:192.168.6.3 remoteGids::ffff:192.168.6.5 hca mlx5_10",
]


def build_s6() -> Scenario:
    name = "mycl-g4-rail6-retry-exceeded-maxtext"
    J, N, bad = "61877", "61852", "mycl-g4"
    s = Scenario(name, "MaxText (JAX on GPU) 32-GPU pretraining on mycl-g[1-4]; mycl-g2's rank 6 gets NCCL status=12 "
                 "(retry exceeded) completions, all from mycl-g4's rail-6 address 192.168.6.5; mycl-g4's mlx5_10 port flaps "
                 "in its kernel log; the job dies with an NCCL network error.",
                 "2025-04-28T07:00:00Z",
                 {"name": "mycl", "partition": "h100", "nodes": "mycl-g[1-8]", "gpus_per_node": 8},
                 [{"id": J, "name": "maxtext-llama2-13b", "user": "samrock001", "nodes": "mycl-g[1-4]", "tasks_per_node": 8,
                   "started": "2025-04-28T05:41:17Z", "comment": comment(2, "gs://mycl-maxtext/llama2-13b")},
                  {"id": N, "name": "allreduce-burnin-g5-g8", "user": "ops", "nodes": "mycl-g[5-8]", "tasks_per_node": 8,
                   "started": "2025-04-28T06:55:02Z"}])
    rng = s.rng
    t_fault = 1710.0
    t, step = 3.0, 3110
    while t < t_fault + 20:
        s.joblog(t, J, maxtext_line(step, 2.412 + rng.uniform(-0.01, 0.01), 402.1 + rng.uniform(-1.5, 1.5), 2.31 - 0.00003 * step))
        step += 1
        t += 2.41 + rng.uniform(-0.02, 0.02)
    # SYNTH: the culprit's rail-6 port flaps (kernel), twice
    for k, (dt_, msg) in enumerate([(0.0, "mlx5_core 0000:d2:00.0 mlx5_10: Port: 1 Link DOWN"), (6.8, "mlx5_core 0000:d2:00.0 mlx5_10: Port: 1 Link ACTIVE"),
                                    (41.3, "mlx5_core 0000:d2:00.0 mlx5_10: Port: 1 Link DOWN"), (47.9, "mlx5_core 0000:d2:00.0 mlx5_10: Port: 1 Link ACTIVE")]):
        s.kernel(t_fault + dt_, bad, f"{dmesg_t(s.at(t_fault + dt_))} {msg}")
    # REAL: the WARN block on mycl-g2 (the real thread shows the same block repeated; placed twice)
    for rep, base in enumerate([t_fault + 21.7, t_fault + 63.0]):
        for k, l in enumerate(REAL_S6):
            s.joblog(base + 0.002 * k, J, l)
    t = t_fault + 64.0
    de = s.at(t)
    for k, l in enumerate([f"E{de:%m%d %H:%M:%S}.{de.microsecond:06d}  353236 pjrt_stream_executor_client.cc:3086] Execution of replica 0 failed: INTERNAL: external/xla/xla/service/gpu/nccl_clique.cc:151: NCCL operation ncclGroupEnd() failed: remote process exited or there was a network error. Last NCCL warning(error) log entry (may be unrelated) 'NET/IB: Got completion from peer 192.168.3.5<50188> with status=12 opcode=32552 len=32549 vendor err 129 (Recv) localGid ::ffff:192.168.6.3 remoteGids::ffff:192.168.6.5 hca mlx5_10'.",
                           "jax.errors.JaxRuntimeError: INTERNAL: Execution of replica 0 failed: INTERNAL: NCCL operation ncclGroupEnd() failed: remote process exited or there was a network error."]):
        s.joblog(t + 0.01 * k, J, l)
    s.joblog(t + 3.0, J, "srun: error: mycl-g2: task 1: Exited with exit code 1")
    t = srun_abort_lines(s, t + 3.2, J, "mycl-g1")
    s.job_state(t + 33.0, J, "FAILED", "1:0")
    t_end = t + 600
    tn = 10.0
    while tn < t_end:
        s.joblog(tn, N, f"   134217728      33554432     float     sum      -1   {1702.4 + rng.uniform(-8, 8):.1f}   78.84  147.83      0   {1699.1 + rng.uniform(-8, 8):.1f}   79.00  148.12      0")
        tn += 60.0

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s
        if n_ == "mycl-g5":
            return lean(busy(rng, "h100_sxm"))
        if tt > t_fault + 100:
            return lean(idle(rng, "h100_sxm"))
        return lean(busy(rng, "h100_sxm"))
    run_sampler(s, ["mycl-g2", bad, "mycl-g1", "mycl-g5"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_fault, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=["mycl-g2", "mycl-g1", "mycl-g3"])
    return s


# ======================================================================================
# S7  b300-lustre-eviction-jobs-stuck-on-image-lock  (infrastructure: compute-node Lustre clients on a B300 cluster
#     are evicted / stuck reconnecting; two benchmark jobs hang >100 min on the shared image lock and a validation
#     job fails in 10 s; every node is affected; no node is at fault)
# ======================================================================================
# Source: https://github.com/SemiAnalysisAI/InferenceX/pull/2892 -- "fix(runners): detect unhealthy B300 Lustre
# clients" (2026-09): "The new B300 DSXE jobs hang before model startup because compute-node Lustre clients are evicted
# or stuck reconnecting ... Slurm jobs 837/838 spent over 100 minutes opening the shared image lock, before reaching
# `flock`. Fresh shared-file reads/writes also failed; this is not an SGLang startup failure." "Live Slurm validation
# job 890 on gpu-00 exited 1 after 10 seconds"; "Six-MiB read/write/fsync probes across all three OSTs failed or timed
# out on all nine idle nodes tested (00, 07, 09, 10, 13-17)"; "Still blocked on infra". The PR quotes no log line, so
# there is no REAL_* literal; job ids, node names, counts and durations are the thread's.


def build_s7() -> Scenario:
    name = "b300-lustre-eviction-jobs-stuck-on-image-lock"
    s = Scenario(name, "B300 (DSXE) Slurm cluster: compute-node Lustre clients evicted/reconnecting; benchmark jobs 837 and "
                 "838 hang >100 min opening the shared container-image lock; the new health-check validation job 890 on "
                 "gpu-00 exits 1 after 10 s; probes fail on every node. Shared storage, not any node.",
                 "2026-09-08T12:00:00Z",
                 {"name": "b300-dsxe", "partition": "batch", "nodes": "gpu-[00-17]", "gpus_per_node": 8},
                 [{"id": "837", "name": "gha-runner-b300-01_dsr1-fp8-tp8", "user": "cquil11", "nodes": "gpu-07",
                   "tasks_per_node": 1, "started": "2026-09-08T12:03:11Z", "comment": comment(1)},
                  {"id": "838", "name": "gha-runner-b300-02_gptoss-fp4-tp4", "user": "cquil11", "nodes": "gpu-13",
                   "tasks_per_node": 1, "started": "2026-09-08T12:03:40Z", "comment": comment(1)},
                  {"id": "890", "name": "lustre-health-validate", "user": "cquil11", "nodes": "gpu-00", "tasks_per_node": 1,
                   "started": "2026-09-08T14:05:02Z"},
                  {"id": "829", "name": "nccl-burnin-local-nvme", "user": "ops", "nodes": "gpu-[02-03]", "tasks_per_node": 8,
                   "started": "2026-09-08T11:40:00Z"}])
    rng = s.rng
    fs = "lustre"
    t_evict = 120.0
    for k, node in enumerate(["gpu-00", "gpu-07", "gpu-09", "gpu-10", "gpu-13", "gpu-14", "gpu-15", "gpu-16", "gpu-17", "gpu-02", "gpu-03"]):
        tk = t_evict + 3.0 * k + rng.uniform(0, 1.5)
        ost = k % 3
        addr = f"10.40.0.{21 + ost}@o2ib"
        for j, msg in enumerate([f"LustreError: 11-0: {fs}-OST000{ost}-osc-ffff9a3c41d6e800: operation ost_write to node {addr} failed: rc = -107",
                                 f"Lustre: {fs}-OST000{ost}-osc-ffff9a3c41d6e800: Connection to {fs}-OST000{ost} (at {addr}) was lost; in progress operations using this service will wait for recovery to complete",
                                 f"LustreError: 167-0: {fs}-OST000{ost}-osc-ffff9a3c41d6e800: This client was evicted by {fs}-OST000{ost}; in progress operations using this service will fail.",
                                 f"Lustre: {fs}-OST000{ost}-osc-ffff9a3c41d6e800: Connection restored to {addr} (at {addr})"]):
            tj = tk + [0, 0.2, 96.0, 96.3][j]
            s.kernel(tj, node, f"{dmesg_t(s.at(tj))} {msg}")
        if node in ("gpu-07", "gpu-13"):
            for b in range(4):
                tb = tk + 400 + 123 * b
                s.kernel(tb, node, f"{dmesg_t(s.at(tb))} INFO: task enroot-import:{31877 + k} blocked for more than 122 seconds.")
    for J, node, t0 in (("837", "gpu-07", 191.0), ("838", "gpu-13", 220.0)):
        s.joblog(t0, J, f"+ srun --jobid={J} --container-image=/lustre/fsw/images/sglang-v0.5.2-cu130.sqsh true")
        s.joblog(t0 + 1.2, J, f"[{s.at(t0 + 1.2):%H:%M:%S}] waiting for image lock /lustre/fsw/images/.sglang-v0.5.2-cu130.sqsh.lock")
    t_cancel = 6420.0
    for J, node in (("837", "gpu-07"), ("838", "gpu-13")):
        s.joblog(t_cancel, J, cancel_line(J, node, s.at(t_cancel)))
        s.job_state(t_cancel + 0.5, J, "CANCELLED", "0:15")
        t_cancel += 3.0
    t9 = 7502.0
    s.job_state(t9, "890", "RUNNING", "0:0", nodes="gpu-00")
    for k, l in enumerate(["lustre client state (from /tmp): import state=REPLAY_WAIT for lustre-OST0001 (grace 5s)",
                           "lustre client state (from /tmp): import state=DISCONN for lustre-OST0002",
                           "ERROR: Lustre client on gpu-00 is not healthy; refusing shared-file I/O (image import)"]):
        s.joblog(t9 + 2.0 + 3.5 * k, "890", l)
    s.job_state(t9 + 10.0, "890", "FAILED", "1:0")
    t_end = t9 + 900
    tn = 15.0
    while tn < t_end:
        s.joblog(tn, "829", f"#  allreduce 8G  busbw {470.2 + rng.uniform(-2, 2):.2f} GB/s  (local NVMe scratch, no shared FS)")
        tn += 120.0

    def fn(n_, g, tt):  # SYNTH DCGM every 300 s: the hung jobs never reach the GPUs
        if n_ in ("gpu-02",):
            return lean(busy(rng, "b300"))
        return lean(idle(rng, "b300"))
    run_sampler(s, ["gpu-07", "gpu-13", "gpu-00", "gpu-02"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_evict, "category": "infrastructure", "node": None}, no_requeue=["837", "838"],
                    no_drain=["gpu-00", "gpu-07", "gpu-13"])
    return s


# ======================================================================================
# S8  rig03-gpu0-hw-thermal-slowdown-vllm-inventory  (gpu_degraded: one GPU of a TP=2 vLLM perf-inventory job heats to
#     92 C with its fan at 70 %, asserts HW thermal slowdown and drops to 1155 MHz; the job's own thermal gate aborts)
# ======================================================================================
# Source: https://github.com/rammsguns/llm-rig/issues/97 -- "Performance inventory aborted on sustained thermal
# slowdown (evidence only)" (2026-08): "A hardware thermal-slowdown flag asserted on GPU0 during the first 8k-prompt
# workload, on two consecutive samples 0.5 s apart, and the sweep aborted immediately without retry." Ramp: idle
# 58/53 C; 78 s 85/82 C, fan 66 %, 140/140 W, 1215 MHz; 88 s 90/84 C, 1200 MHz; 105 s thermal slowdown active, GPU1
# 87 C, fan 70 %, 1155 MHz; peaks 92/87 C; unthrottled SM clock 1875 MHz; both cards at their power limit ~40 % of
# samples ("deliberately not treated as a fault"); "The fan never rose above 70% while the card sat at 92 C". The
# table is the only data; no log line is quoted, so there is no REAL_* literal; every number is the thread's.


def build_s8() -> Scenario:
    name = "rig03-gpu0-hw-thermal-slowdown-vllm-inventory"
    J, N, bad = "9312", "9305", "rig03"
    s = Scenario(name, "vLLM TP=2 performance inventory (7 endpoints, sequential) on a 2-GPU workstation node; during the "
                 "first 8k-prompt workload GPU0 climbs to 92 C with its fan at 70 %, asserts HW thermal slowdown and drops "
                 "to 1155 MHz (unthrottled 1875 MHz); the job's own thermal gate aborts the sweep without retry.",
                 "2026-08-18T14:00:00Z",
                 {"name": "llm-rig", "partition": "rig", "nodes": "rig[01-06]", "gpus_per_node": 2},
                 [{"id": J, "name": "perf-inventory-7ep", "user": "rammsguns", "nodes": bad, "tasks_per_node": 1,
                   "started": "2026-08-18T14:01:00Z", "comment": comment(1)},
                  {"id": N, "name": "qwen-embed-batch", "user": "rammsguns", "nodes": "rig05", "tasks_per_node": 1,
                   "started": "2026-08-18T13:20:14Z"}])
    rng = s.rng
    t0 = 120.0    # start of the first 8k-prompt workload (thread's "0 s")
    ramp = [(0, 58, 53, 42, None, None), (78, 85, 82, 66, 140.0, 1215), (88, 90, 84, 67, 140.0, 1200),
            (105, 92, 87, 70, 140.0, 1155)]   # (s, GPU0 C, GPU1 C, fan %, GPU0 W, GPU0 MHz) -- the thread's table

    def interp(x):
        for (a, *va), (b, *vb) in zip(ramp, ramp[1:]):
            if a <= x <= b:
                w = (x - a) / (b - a)
                return [None if (p is None or q is None) else p + w * (q - p) for p, q in zip(va, vb)]
        return list(ramp[-1][1:])
    for k, l in enumerate(["inventory: 7 endpoints, sequential; thermal gate: hw_thermal_slowdown on 2 consecutive samples (0.5 s) -> abort, no retry",
                           "(APIServer pid=1) INFO 08-18 14:01:31 [api_server.py:1896] vLLM API server version 0.10.1",
                           "(APIServer pid=1) INFO 08-18 14:01:58 [core.py:193] init engine (profile, create kv cache, warmup model) took 24.11 seconds",
                           "(APIServer pid=1) INFO:     Application startup complete.",
                           "endpoint 1/7: qwen3-14b-awq tp=2 prompt=8192 gen=256 concurrency=4 -- start"]):
        s.joblog(60.0 + [0, 31, 58, 59, 60][k], J, l)
    for x in range(10, 106, 10):
        tt = t0 + x
        s.joblog(tt, J, vllm_stats(s.at(tt), 7800 - 9 * max(0, x - 70), 38.0 - 0.06 * max(0, x - 70), 4, 31.0 + 0.2 * x))
    t_fault = t0 + 105.0
    for k, l in enumerate([f"thermal gate: GPU0 clocks_event_reasons.hw_thermal_slowdown=Active (sample 1, t=105.0 s, 92 C, 1155 MHz)",
                           f"thermal gate: GPU0 clocks_event_reasons.hw_thermal_slowdown=Active (sample 2, t=105.5 s)",
                           "thermal gate tripped: aborting inventory after endpoint 1/7 (diagnostic-only figures, not a measurement)"]):
        s.joblog(t_fault + 0.5 * k + 0.1, J, l)
    s.joblog(t_fault + 3.0, J, "(APIServer pid=1) INFO:     Shutting down")
    s.job_state(t_fault + 6.0, J, "FAILED", "3:0")
    t_end = t_fault + 900
    tn = 5.0
    while tn < t_end:
        s.joblog(tn, N, f"embedded batch {int(tn // 30)}: 4096 docs in {29.6 + rng.uniform(-0.4, 0.4):.1f} s")
        tn += 30.0

    def fn(n_, g, tt):  # SYNTH DCGM every 5 s on the rig (values from the thread's table), 60 s cadence on rig05
        if n_ == "rig05":
            return gpu_fields(rng, "ws140", 0.9, clock=1875, power=round(rng.uniform(118, 131), 1), temp=rng.randint(63, 68))
        x = tt - t0
        if x < 0 or x > 112:
            return gpu_fields(rng, "ws140", 0.02, clock=210, power=round(rng.uniform(14, 19), 1), temp=(58 if g == 0 else 53), util=0)
        v0, v1, fan, w0, mhz = interp(x)
        if g == 0:
            thr = 0x40 if x >= 105 else (0x4 if x > 60 else 0)
            return gpu_fields(rng, "ws140", 0.99, clock=int(mhz if mhz else 1875), power=(w0 if w0 else 128.0),
                              temp=int(round(v0)), util=100, thr=thr)
        return gpu_fields(rng, "ws140", 0.99, clock=1875 if x < 60 else 1860, power=round(rng.uniform(132, 140), 1),
                          temp=int(round(v1)), util=100, thr=(0x4 if x > 60 and rng.random() < 0.4 else 0))
    s.telemetry([bad], 2, 0.0, t_end, 5.0, fn)
    s.telemetry(["rig05"], 2, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": bad, "gpu": 0}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["rig05"])
    return s


BUILDERS = [build_s1, build_s2, build_s3, build_s4, build_s5, build_s6, build_s7, build_s8]


def main() -> None:
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    for b in BUILDERS:
        s = b()
        s.write()
        print(f"{s.name}: {len(s.events)} events")


if __name__ == "__main__":
    main()
