#!/usr/bin/env python3
"""Build the holdout41 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout38):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout41: generic helpers and the holdout7..holdout40 helper sections are copied unchanged from holdout40's build.py;
the holdout40 scenarios (and their scenario-local helpers) are replaced by the holdout41 helpers and scenarios S1..S8 below.
Earlier note (holdout40): generic helpers and the holdout14..holdout38 helper sections came unchanged from holdout38.
Earlier note (holdout38): generic helpers and the holdout14..holdout36 helper sections came unchanged from holdout36.
Earlier notes (holdout23..holdout36): each corpus copied the generic helpers and earlier helper sections unchanged.
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
# holdout24 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["h100_hgx"] = (53, 6, 655.0, 45.0, 1980, 66000, 3000)   # SYNTH (HGX H100-SXM5-80GB, 700 W)
PROFILES["a100_p4d"] = (52, 5, 310.0, 35.0, 1410, 35500, 2500)   # SYNTH (p4d.24xlarge A100-SXM4-40GB)
PROFILES["titanx_2015"] = (71, 4, 205.0, 18.0, 1075, 4100, 300)  # SYNTH (GTX TITAN X class, 2015)
H100_BUS = ["0000:19:00", "0000:3b:00", "0000:4c:00", "0000:5d:00", "0000:9b:00", "0000:bb:00", "0000:cb:00",
            "0000:db:00"]                                          # SYNTH bus layout (holds the thread's 0000:cb:00)
LT = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED")


def composer_block(batch: int, total: int, loss: float, tput: float) -> list:
    """SYNTH: Composer ConsoleLogger block (header line, then tab-indented metrics; layout approximated)."""
    return [f"[batch={batch}/{total}]:", f"\t Train time/batch: {batch - 1}", f"\t Train loss/train/total: {loss:.4f}",
            f"\t Train throughput/samples_per_sec: {tput:.4f}"]


def mds_iter(it: int, total: int, ms: float, lr: float, loss: float, gbs: int, tflops: float) -> str:
    """SYNTH: Megatron-DeepSpeed training_log line (layout approximated)."""
    return (f" iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | consumed tokens: {it * gbs * 4096:>14d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.3E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: 0.287 | actual seqlen:  4096 | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 | samples per second: {gbs * 1000 / ms:.3f} | TFLOPs: {tflops:.2f} |")


def ray_line(actor: str, pid: int, ip: str, msg: str) -> str:
    """SYNTH: Ray driver-side prefix for a remote actor's output (`(WorkerDict pid=..., ip=...) msg`)."""
    return f"({actor} pid={pid}, ip={ip}) {msg}"


def verl_step(step: int, score: float, kl: float, sec: float) -> str:
    """SYNTH: veRL's console metrics line (`step:N - key:val - ...`; key set approximated)."""
    return (f"step:{step} - actor/entropy_loss:{0.412 - 0.001 * step:.3f} - actor/pg_loss:{-0.011 + 0.0003 * step:.4f} - "
            f"actor/ppo_kl:{kl:.5f} - critic/score/mean:{score:.3f} - timing_s/step:{sec:.2f}")


def sglang_decode(d: dt.datetime, run: int, tok: int, usage: float, gen: float, q: int) -> str:
    """SYNTH: SGLang scheduler decode-batch log line (layout approximated)."""
    return (f"[{d:%Y-%m-%d %H:%M:%S} TP0] Decode batch. #running-req: {run}, #token: {tok}, token usage: {usage:.2f}, "
            f"cuda graph: True, gen throughput (token/s): {gen:.2f}, #queue-req: {q}, ")


def hf_trainer_dict(loss: float, gn: float, lr: float, ep: float) -> str:
    return "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (loss, gn, lr, ep)


def yank_iter(d: dt.datetime, sec: float) -> str:
    """SYNTH: YANK's per-iteration timing line in the thread's format (`%Y-%m-%d %H:%M:%S,mmm: Iteration took X s.`)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}: Iteration took {sec:.3f} s."


# ======================================================================================
# holdout25 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["h200_sxm"] = (50, 6, 610.0, 50.0, 1980, 121000, 5000)    # SYNTH (HGX H200-SXM 141 GB, 700 W)
PROFILES["a100_dgx40"] = (54, 5, 330.0, 35.0, 1410, 34500, 2500)  # SYNTH (DGX A100 40 GB, 400 W)
PROFILES["k40_2014"] = (68, 4, 190.0, 18.0, 745, 9800, 600)       # SYNTH (Tesla K40-class, 2014)
H200_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
            "0000:db:00"]                                           # SYNTH bus layout
DGX_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
           "0000:bd:00"]                                            # SYNTH (DGX A100 layout)
LTX = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_XID_ERRORS")


def with_xid(f: dict, xid: int) -> dict:
    """SYNTH: add the DCGM `last Xid` field to a sample."""
    f = dict(f)
    f["DCGM_FI_DEV_XID_ERRORS"] = xid
    return f


def megatron_iter(d: dt.datetime, it: int, total: int, ms: float, lr: float, loss: float, gbs: int) -> str:
    """SYNTH: Megatron-LM training_log line (layout approximated)."""
    return (f" [{d:%Y-%m-%d %H:%M:%S}] iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.6E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: 0.312 | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 |")


def openrlhf_bar(n: int, total: int, el: float, rate_s: float, pg: float) -> str:
    """SYNTH: OpenRLHF's tqdm postfix bar in the thread's layout (values synthesised)."""
    pct = int(100 * n / total)
    return (f"Train epoch [1/1]: {pct:3d}%|{'█' * (pct // 10)}{' ' * (10 - pct // 10)}| {n}/{total} "
            f"[{fmt_interval(el)}<{fmt_interval((total - n) * rate_s)}, {rate_s:5.2f}s/it, pg={pg:.4f}, rm=-0.5, ret=-0.5, "
            f"glen=7.1e+3, tlen=7.2e+3, kl=0, act_lr=4.95e-7]")



# ======================================================================================
# holdout26 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["b200"] = (52, 6, 820.0, 60.0, 1965, 152000, 6000)     # SYNTH (HGX B200 180 GB, 1000 W)
PROFILES["k80"] = (58, 5, 118.0, 14.0, 875, 9400, 600)          # SYNTH (Tesla K80 half-board, 149 W)
PROFILES["a10g"] = (54, 5, 182.0, 18.0, 1710, 19800, 1200)      # SYNTH (A10G 24 GB, 300 W)
B200_BUS = ["0000:17:00", "0000:3d:00", "0000:60:00", "0000:70:00", "0000:98:00", "0000:bb:00", "0000:dd:00",
            "0000:ed:00"]                                          # SYNTH bus layout
A100_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
            "0000:bd:00"]                                          # SYNTH (SXM4 A100 layout)
K26 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_XID_ERRORS")
K26E = K26 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",)
K26T = K26 + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")


def smp(rng, profile, util, power, clock=None, xid=0, keys=K26, **kw) -> dict:
    """SYNTH: one compact DCGM sample with the `last Xid` field."""
    f = sample(rng, profile, util, power, clock=clock, keys=None, **kw)
    f["DCGM_FI_DEV_XID_ERRORS"] = xid
    return {k: v for k, v in f.items() if k in keys}


def ucx_stamp(d: dt.datetime) -> str:
    """UCX log stamp `[1652739463.054681]` (epoch seconds, microseconds)."""
    return f"[{calendar.timegm(d.timetuple())}.{d.microsecond:06d}]"


def ray_node_line(node: str, pid: int, ip: str | None, msg: str) -> str:
    """SYNTH: SkyPilot/Ray's per-node output prefix `(node-1 pid=23066, ip=172.31.23.131) `."""
    return f"({node} pid={pid}, ip={ip}) {msg}" if ip else f"({node} pid={pid}) {msg}"


def tfcnn_line(step: int, ips: float, jit: float, loss: float) -> str:
    """SYNTH: tf_cnn_benchmarks-style progress line."""
    return f"{step}\timages/sec: {ips:.1f} +/- {jit / 7:.1f} (jitter = {jit:.1f})\t{loss:.3f}"


# ======================================================================================
# holdout27 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["mi250x"] = (46, 5, 430.0, 45.0, 1700, 52000, 5000)     # SYNTH (MI250X GCD, 500 W/OAM; fields mapped from amd-smi)
PROFILES["qrtx8000"] = (66, 5, 245.0, 20.0, 1770, 40500, 2500)   # SYNTH (Quadro RTX 8000 48 GB, 260 W)
FRONTIER_BUS = ["0000:c1:00", "0000:c6:00", "0000:c9:00", "0000:ce:00", "0000:d1:00", "0000:d6:00", "0000:d9:00",
                "0000:de:00"]                                       # SYNTH (MI250X GCD layout)
QRTX_BUS = ["0000:1c:00", "0000:1d:00", "0000:1e:00", "0000:3d:00", "0000:3e:00", "0000:3f:00", "0000:40:00",
            "0000:41:00"]                                           # SYNTH bus layout (holds the thread's 0000:1C:00.0 at 0)
K27 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_XID_ERRORS")


def smp27(rng, profile, util, power, clock=None, xid=0, keys=K27, **kw) -> dict:
    """SYNTH: compact DCGM sample (util, power, last Xid; FB_USED too when `fb` is given) -- keeps events.jsonl small."""
    if kw.get("fb") is not None:
        keys = tuple(keys) + ("DCGM_FI_DEV_FB_USED",)
    return smp(rng, profile, util, power, clock=clock, xid=xid, keys=keys, **kw)


def paddle_launch(d: dt.datetime, msg: str) -> str:
    """SYNTH: `python -m paddle.distributed.launch` banner line (`LAUNCH INFO <asctime> msg`)."""
    return f"LAUNCH INFO {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} {msg}"


def paddlenlp_step(d: dt.datetime, loss: float, lr: float, step: int, rt: float, sps: float, ep: float) -> str:
    """SYNTH: PaddleNLP Trainer log line (`[asctime] [    INFO] - loss: ..., global_step: ...`; key set approximated)."""
    return (f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [    INFO] - loss: {loss:.8f}, learning_rate: {lr:.4e}, "
            f"global_step: {step}, interval_runtime: {rt:.4f}, interval_samples_per_second: {sps:.4f}, "
            f"interval_steps_per_second: {1 / (rt / 10):.4f}, epoch: {ep:.4f}")


def detr_line(ep: int, it: int, n: int, eta: float, loss: float, avg: float, tm: float, mem: int) -> str:
    """SYNTH: DETR/Deformable-DETR MetricLogger line as Deformable-DETR trackers print it (fields approximated)."""
    return (f"Epoch: [{ep}]  [{it:>4d}/{n}]  eta: {dt.timedelta(seconds=int(eta))}  lr: 0.000200  class_error: "
            f"{4 + (it * 7) % 9:.2f}  grad_norm: {31.2 + (it % 13):.2f}  loss: {loss:.4f} ({avg:.4f})  "
            f"time: {tm:.4f}  data: 0.0143  max mem: {mem}")


def mbridge_iter(d: dt.datetime, it: int, total: int, ms: float, lr: float, loss: float, sbl: float, m1: float,
                 m2: float, gn: float) -> str:
    """SYNTH: Megatron-Bridge MoE training_log line in the exact layout of the thread's real iteration line."""
    return (f" [{d:%Y-%m-%d %H:%M:%S}] iteration {it:>8d}/{total:>8d} | consumed samples: {it * 512:>12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.6E} | global batch size: {512:5d} | "
            f"lm loss: {loss:.6E} | seq_load_balancing_loss: {sbl:.6E} | load_balancing_loss: {0.0:.6E} | "
            f"mtp_1 loss: {m1:.6E} | mtp_2 loss: {m2:.6E} | loss scale: 1.0 | grad norm: {gn:.3f} | "
            f"number of skipped iterations: {0:3d} | number of nan iterations: {0:3d} |")


def skyrl_line(pid: int, d: dt.datetime, msg: str, actor: str = "skyrl_entrypoint", level: str = "INFO",
               where: str = "skyrl_train.trainer:train:402") -> str:
    """SYNTH: Ray-prefixed loguru line as SkyRL's driver/actors print it."""
    return f"({actor} pid={pid}) {loguru_line(d, level, where, msg)}"



# ======================================================================================
# holdout29 helpers (SYNTH machinery)
# ======================================================================================

A100P_BUS = ["0000:4f:00", "0000:52:00", "0000:9c:00", "0000:9f:00"]  # SYNTH bus layout (holds the thread's 0000:9c:00
                                                                       # at index 2, the thread's "GPU2")
K29 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
K29T = K29 + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")


def s29(rng, profile, util, power, clock=None, temp=None, fb=None, thr=0, keys=K29, extra=None) -> dict:
    """SYNTH: one compact DCGM-named sample (only `keys`, plus `extra` fields such as Xid / ECC / row-remap)."""
    f = sample(rng, profile, util, power, clock=clock, temp=temp, fb=fb, thr=thr)
    out = {k: v for k, v in f.items() if k in keys}
    if fb is not None:
        out["DCGM_FI_DEV_FB_USED"] = fb
    if extra:
        out.update(extra)
    return out


def tqdm_steps(n: int, total: int, el: float, sec_it: float, loss: float, lr: float) -> str:
    """SYNTH: accelerate/diffusers-style `Steps:` tqdm bar with a loss/lr postfix."""
    return tqdm_meter(n, total, el, 1 / sec_it, desc="Steps", postfix=f"loss={loss:.4f}, lr={lr:.2e}")


def qflux_log(d: dt.datetime, where: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: loguru-formatted qflux trainer line (the project logs through loguru; layout approximated)."""
    return loguru_line(d, level, where, msg)


def nanotron_info(d: dt.datetime, lr: int, host: str, msg: str, rank_tag: str = "DP=0|PP=0|TP=0") -> str:
    """SYNTH: nanotron logger line as torchrun --tee prints it (`[defaultN]:` prefix)."""
    return f"[default{lr}]:{d:%m/%d/%Y %H:%M:%S} [INFO|{rank_tag}|{host}]: {msg}"


def rfdetr_log(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: rf-detr's console logger (`[%Y-%m-%d %H:%M:%S] [LEVEL] rf-detr - msg`), layout read off the thread's lines."""
    return f"[{d:%Y-%m-%d %H:%M:%S}] [{level}] rf-detr - {msg}"


def dgl_epoch_line(ep: int, step: int, loss: float, acc: float, sps: float, mem: float) -> str:
    """SYNTH: DGL GraphSAGE example progress print (layout approximated from the DGL node-classification examples)."""
    return (f"Epoch {ep:05d} | Step {step:05d} | Loss {loss:.4f} | Train Acc {acc:.4f} | "
            f"Speed (samples/sec) {sps:.4f} | GPU {mem:.1f} MB")


def xid_line(d: dt.datetime, bus: str, xid: int, tail: str) -> str:
    """SYNTH: `dmesg -T` NVRM Xid line."""
    return f"{dmesg_t(d)} NVRM: Xid (PCI:{bus}): {xid}, {tail}"


# ======================================================================================
# holdout30 helpers (SYNTH machinery)
# ======================================================================================

B300_BUS30 = ["0000:17:00", "0000:3d:00", "0000:66:00", "0000:76:00", "0000:98:00", "0000:bb:00", "0000:dd:00",
              "0000:e1:00"]   # SYNTH layout holding the thread's PCI 66:00.0 / 76:00.0 pair at GPU 2 / GPU 3
C4140_BUS30 = ["0000:1a:00", "0000:1c:00", "0000:1d:00", "0000:1e:00"]   # SYNTH (Dell C4140, 4 x V100-SXM2)
K30 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
K30T = K30 + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")


def s30(rng, profile, util, power, clock=None, temp=None, thr=0, keys=K30, extra=None) -> dict:
    """SYNTH: compact DCGM-named sample (delegates to the holdout29 helper)."""
    return s29(rng, profile, util, power, clock=clock, temp=temp, thr=thr, keys=keys, extra=extra)


def tpro_step(step: int, total: int, loss: float, lr: float, el: float, sec: float) -> str:
    """SYNTH: HF-Trainer-style tqdm bar as text-generation-webui's Training_PRO prints it (layout approximated)."""
    return tqdm_meter(step, total, el, 1 / sec) + f" {{'loss': {loss:.4f}, 'learning_rate': {lr:.3e}}}"


def ft_log(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: finetrainers logger line (`YYYY-MM-DD HH:MM:SS - [LEVEL] - msg`, layout read off the thread)."""
    return f"{d:%Y-%m-%d %H:%M:%S} - [{level}] - {msg}"


def hvd_step(d: dt.datetime, ep: int, it: int, n: int, ips: float, loss: float) -> str:
    """SYNTH: Horovod/Keras-style per-interval throughput print of a ResNet-50 run (layout approximated)."""
    return f"[{d:%Y-%m-%d %H:%M:%S}] epoch {ep} iter {it}/{n} loss {loss:.4f} images/sec: {ips:.1f} (total, 16 GPUs)"


def cray_k(d: dt.datetime, up: float, tid: int, msg: str) -> str:
    """SYNTH: Cray/HPE console-log kernel prefix `[ISO+08:00][uptime][Ttid]` as the thread's lines carry it."""
    return f"[{d:%Y-%m-%dT%H:%M:%S}+08:00][{up:.6f}][T{tid}] {msg}"




# ======================================================================================
# holdout32 helpers (SYNTH machinery)
# ======================================================================================

def s32(rng, profile, util, power, clock=None, temp=None, extra=None) -> dict:
    """SYNTH: compact DCGM-named sample (delegates to the holdout29 helper)."""
    return s29(rng, profile, util, power, clock=clock, temp=temp, extra=extra)


def sb_tqdm(n: int, total: int, el: float, rate: float, loss: float) -> str:
    """SYNTH: SpeechBrain's training tqdm bar (`train_loss=` postfix)."""
    return tqdm_meter(n, total, el, rate, postfix=f"train_loss={loss:.3f}")


def sb_epoch(ep: int, lr: float, tl: float, vl: float, err: float) -> str:
    """SYNTH: SpeechBrain FileTrainLogger line as printed to stdout."""
    return (f"speechbrain.utils.train_logger - epoch: {ep}, lr: {lr:.2e} - train loss: {tl:.2f} - "
            f"valid loss: {vl:.2f}, valid error_rate: {err:.2e}")


def yolo_train(ep: int, eps: int, mem: float, box: float, obj: float, cls: float, inst: int, it: int, n: int,
               el: float) -> str:
    """SYNTH: YOLOv5 train.py epoch bar (v6.x/7.0 column layout)."""
    bar = tqdm_meter(it, n, el, it / el if el else None)
    bar = bar[bar.index("|") + 1:]
    return (f"{ep:>10}/{eps - 1:<4}{mem:>9.3g}G{box:>11.4g}{obj:>11.4g}{cls:>11.4g}{inst:>11}{640:>11}: "
            f"{100 * it // n:3d}%|{bar}")


def pbg_line(d: dt.datetime, who: str, msg: str) -> str:
    """SYNTH: PyTorch-BigGraph logger line (`YYYY-MM-DD HH:MM:SS,mmm   [Trainer-N] msg`)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}   [{who}] {msg}"


def keras_bar(it: int, n: int, sec: int, ms: int, loss: float, acc: float) -> str:
    """SYNTH: tf.keras progress line (final form of an epoch)."""
    return (f"{it}/{n} [==============================] - {sec}s {ms}ms/step - loss: {loss:.4f} - "
            f"accuracy: {acc:.4f}")


def deim_line(ep: int, it: int, n: int, eta: float, lr: float, loss: float, avg: float, tm: float, mem: int) -> str:
    """SYNTH: DEIM/D-FINE MetricLogger line (`Epoch: [e]  [ i/n]  eta: ...`)."""
    w = len(str(n))
    return (f"Epoch: [{ep}]  [{it:>{w}}/{n}]  eta: {hms_full(eta)}  lr: {lr:.6f}  loss: {loss:.4f} ({avg:.4f})  "
            f"time: {tm:.4f}  data: 0.0009  max mem: {mem}")


def hms_full(sec: float) -> str:
    sec = int(sec)
    return f"{sec // 3600}:{(sec % 3600) // 60:02d}:{sec % 60:02d}"


def funasr_line(d: dt.datetime, rank: int, step: int, loss: float, acc: float, lr: float, tot: float) -> str:
    """SYNTH: FunASR trainer progress line, same layout as the thread's real ones."""
    return (f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}][root][INFO] - train, rank: {rank}, epoch: 0/500, "
            f"data_slice: 0/5, step_in_slice: {step}/81081, step_in_epoch: {step}, total step: {step}, "
            f"(loss_avg_rank: {loss:.3f}), (loss_avg_slice: 0.671), (ppl_avg_slice: 1.957e+00), "
            f"(acc_avg_slice: 0.748), (lr: {lr:.3e}), [('loss_att', {loss - 0.12:.3g}), ('acc', {acc:.3g}), "
            f"('loss_pre', 0.12), ('loss', {loss:.3g})], {{'data_load': '0.000', 'forward_time': '0.285', "
            f"'backward_time': '0.278', 'optim_time': '0.109', 'total_time': '{tot:.3f}'}}, GPU, memory: usage: "
            f"1.109 GB, peak: 60.112 GB, cache: 60.512 GB, cache_peak: 60.512 GB")


def openfold_bar(ep: int, it: int, n: int, el: float, rate: float, loss: float) -> str:
    """SYNTH: PyTorch Lightning epoch bar as OpenFold prints it."""
    return tqdm_meter(it, n, el, rate, desc=f"Epoch {ep}", postfix=f"v_num=3, train/loss={loss:.3f}")


def mmdet_line(d: dt.datetime, ep: int, it: int, n: int, lr: float, loss: float) -> str:
    """SYNTH: mmdetection 1.x (mmcv runner) text logger line."""
    return (f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - INFO - Epoch [{ep}][{it}/{n}]\tlr: {lr:.5f}, "
            f"eta: 9:12:41, time: 0.612, data_time: 0.021, memory: 6012, loss_rpn_cls: 0.0412, loss_rpn_bbox: "
            f"0.0291, loss_cls: 0.2210, acc: 92.4121, loss_bbox: 0.2011, loss: {loss:.4f}")




# ======================================================================================
# holdout34 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "rtx2080ti": (66, 5, 230.0, 18.0, 1545, 9900, 500),
    "mi100": (47, 5, 235.0, 25.0, 1502, 24500, 1500),
    "a30": (53, 5, 152.0, 14.0, 1440, 17800, 1500),
    "a40": (56, 5, 262.0, 25.0, 1740, 30500, 2000),
})
K34 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP")


def s34(rng, profile, util, power, clock=None, temp=None, fb=None, thr=None, extra=None) -> dict:
    """SYNTH: compact DCGM-named sample: util, power, SM clock, temp (+ FB / throttle bitmask when given)."""
    f = sample(rng, profile, util, power, clock=clock, temp=temp, fb=fb, thr=thr or 0, keys=K34)
    if fb is not None:
        f["DCGM_FI_DEV_FB_USED"] = fb
    if thr is not None:
        f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = thr
    if extra:
        f.update(extra)
    return f


def idle34(rng, profile) -> dict:
    return s34(rng, profile, 0, rng.uniform(28, 45), clock=210 if profile != "mi100" else 300, temp=rng.randint(29, 36))


def stamp_ms(d: dt.datetime, sep: str = ",") -> str:
    return f"{d:%Y-%m-%d %H:%M:%S}{sep}{d.microsecond // 1000:03d}"


def poly_bar(n: int, total: int, el: float, sec_it: float) -> str:
    """SYNTH: polyffusion's Lightning-free tqdm bar as written to a non-tty (no bar cells, `Epoch 0:` desc)."""
    rem = (total - n) * sec_it
    return f"Epoch 0:  {100 * n // total:d}% {n}/{total} [{fmt_interval(el)}<{fmt_interval(rem)}, {sec_it:5.2f}s/it]"


def segtron_line(d: dt.datetime, ep: int, it: int, lr: float, loss: float, cost: float, est: float) -> str:
    """SYNTH: SegmenTron train.py progress line (logger `Segmentron`)."""
    return (f"{stamp_ms(d)} Segmentron INFO: Epoch: {ep}/400 || Iters: {it}/185 || Lr: {lr:.6f} || Loss: {loss:.4f} "
            f"|| Cost Time: {hms_full(cost)} || Estimated Time: {hms_full(est)}")


def tv_line(ep: int, it: int, n: int, eta: float, lr: float, ips: float, loss: float, avg: float, a1: float,
            a5: float, tm: float, mem: int) -> str:
    """SYNTH: torchvision references/classification MetricLogger line (print-freq 100)."""
    w = len(str(n))
    return (f"Epoch: [{ep}]  [{it:>{w}}/{n}]  eta: {hms_full(eta)}  lr: {lr}  img/s: {ips:.2f}  loss: {loss:.4f} "
            f"({avg:.4f})  acc1: {a1:.4f} ({a1 * 0.93:.4f})  acc5: {a5:.4f} ({a5 * 0.95:.4f})  time: {tm:.4f}  "
            f"data: 0.0031  max mem: {mem}")


def keras_prog(it: int, n: int, eta: int, loss: float, acc: float) -> str:
    """SYNTH: tf.keras verbose=1 progress line (mid-epoch form)."""
    done = 30 * it // n
    bar = "=" * max(done - 1, 0) + (">" if done < 30 else "=") + "." * (30 - done)
    return f"{it:>{len(str(n))}}/{n} [{bar}] - ETA: {eta // 60}:{eta % 60:02d} - loss: {loss:.4f} - accuracy: {acc:.4f}"


def internlm_line(d: dt.datetime, step: int, loss: float, tflops: float, tgs: float, lr: float, gn: float,
                  fb: float) -> str:
    """SYNTH: InternLM/InternEvo train.py metrics line (same field order as the real line in S5)."""
    return (f"{stamp_ms(d)}\tINFO train.py:317 in record_current_batch_training_metrics -- tflops={tflops!r},"
            f"step={step},loss={loss!r},tgs (tokens/gpu/second)={tgs:.2f},lr={lr:.1e},loss_scale=65536.0,"
            f"grad_norm={gn!r},micro_num=4,num_consumed_tokens={step * 131072 + 131072},inf_nan_skip_batches=0,"
            f"num_samples_in_batch=14,largest_length=2048,largest_batch=4,smallest_batch=3,adam_beta2=0.95,"
            f"fwd_bwd_time={fb:.2f}")


def wenet_line(d: dt.datetime, b: int, n: int, loss: float, rank: int, lr: float) -> str:
    """SYNTH: WeNet executor.py training line (logging.debug, '%(asctime)s %(levelname)s %(message)s')."""
    return (f"{stamp_ms(d)} DEBUG TRAIN Batch {b // n}/{b % n} loss {loss:.6f} loss_att {loss * 0.93:.6f} "
            f"loss_ctc {loss * 1.16:.6f} lr {lr:.8f} rank {rank}")


def p3d_train(d: dt.datetime, ep: int, it: int, loss: float, lr: float, ela: float, eta: float) -> str:
    """SYNTH: Paddle3D trainer line (CenterPoint losses), layout as in the real S7 line."""
    hm = loss * 0.54
    loc = loss - hm
    return (f"{stamp_ms(d)} -     INFO - [TRAIN] epoch={ep}/40, iter={it}/380640 , loss={loss:.6f}, "
            f"hm_loss={hm:.6f}, hm_loss-0={hm * 0.16:.6f}, hm_loss-1={hm * 0.23:.6f}, hm_loss-2={hm * 0.22:.6f}, "
            f"hm_loss-3={hm * 0.22:.6f}, hm_loss-4={hm * 0.17:.6f}, loc_loss={loc:.6f}, loc_loss-0={loc * 0.15:.6f}, "
            f"loc_loss-1={loc * 0.14:.6f}, loc_loss-2={loc * 0.21:.6f}, loc_loss-3={loc * 0.24:.6f}, "
            f"loc_loss-4={loc * 0.26:.6f}, num_positive=298.000000, num_positive-0=61.200001, "
            f"num_positive-1=27.400000, num_positive-2=69.800003, num_positive-3=44.599998, "
            f"num_positive-4=95.000000, total_loss={loss * 0.983:.6f}, lr={lr:.6f} | ELA {hms_full(ela)}, "
            f"ETA {hms_full(eta)}")


def sg_format_time(s: float) -> str:
    """dnnlib.util.format_time."""
    s = int(round(s))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m {s % 60:02d}s"
    if s < 86400:
        return f"{s // 3600}h {(s // 60) % 60:02d}m {s % 60:02d}s"
    return f"{s // 86400}d {(s // 3600) % 24:02d}h {(s // 60) % 60:02d}m"


def sg_tick(tick: int, kimg: float, total: float, sec_tick: float, sec_kimg: float, maint: float, cpu: float,
            gpu: float, aug: float) -> str:
    """SYNTH: stylegan2-ada-pytorch training_loop.py tick line."""
    return " ".join([f"tick {tick:<5d}", f"kimg {kimg:<8.1f}", f"time {sg_format_time(total):<12s}",
                     f"sec/tick {sec_tick:<7.1f}", f"sec/kimg {sec_kimg:<7.2f}", f"maintenance {maint:<6.1f}",
                     f"cpumem {cpu:<6.2f}", f"gpumem {gpu:<6.2f}", f"augment {aug:.3f}"])



# ======================================================================================
# holdout36 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "p100": (52, 5, 232.0, 20.0, 1328, 14800, 600),
    "rtxa5000": (61, 5, 205.0, 18.0, 1695, 19500, 1500),
    "rtx8000": (68, 5, 245.0, 20.0, 1770, 38500, 2500),
    "l4": (58, 5, 68.0, 4.0, 2040, 18200, 1200),
    "h20": (50, 6, 395.0, 40.0, 1980, 88000, 4000),
})


def s36(rng, profile, util, power, clock=None, temp=None, fb=None, thr=None, extra=None) -> dict:
    """SYNTH: compact DCGM sample (util, power, SM clock, temp; FB / throttle / extra when given)."""
    return s34(rng, profile, util, power, clock=clock, temp=temp, fb=fb, thr=thr, extra=extra)


def idle36(rng, profile, clock=210) -> dict:
    return s34(rng, profile, 0, rng.uniform(18, 40), clock=clock, temp=rng.randint(28, 36))


def epoch_of(iso: str) -> float:
    return float(calendar.timegm(parse_start(iso).timetuple()))


NVLOG_SRC = "(/mnt/isilon/user/models/tt2/DeepLearningExamples/PyTorch/SpeechSynthesis/Tacotron2/dllogger/logger.py:251)"


def nvlog(ts: float, key: str, val) -> str:
    """SYNTH: dllogger v0.2.2 line as the WaveGlow/Tacotron2 DLE trainer prints it (format of the real S1 lines)."""
    return f":::NVLOGv0.2.2 Tacotron2_PyT {ts:.9f} {NVLOG_SRC} {key}: {val}"


def loguru36(d: dt.datetime, level: str, where: str, msg: str) -> str:
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond // 1000:03d} | {level:<8} | {where} - {msg}"


def cellpose_line(d: dt.datetime, ep: int, tm: float, loss: float, lr: float) -> str:
    """SYNTH: cellpose 0.x training log line (layout of the real S3 lines)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} [INFO] Epoch {ep}, Time {tm:.1f}s, Loss {loss:.4f}, LR {lr:.4f}"


def d2_line(d: dt.datetime, it: int, loss: float, tm: float, eta: float, lr: float, mem: int) -> str:
    """SYNTH: detectron2 CommonMetricPrinter line."""
    return (f"[{d:%m/%d %H:%M:%S} d2.utils.events]:  eta: {hms_full(eta)}  iter: {it}  total_loss: {loss:.3f}  "
            f"loss_cls: {loss * 0.21:.3f}  loss_box_reg: {loss * 0.28:.3f}  loss_mask: {loss * 0.33:.3f}  "
            f"loss_rpn_cls: {loss * 0.05:.4f}  loss_rpn_loc: {loss * 0.07:.4f}  time: {tm:.4f}  data_time: 0.0061  "
            f"lr: {lr:.5f}  max_mem: {mem}M")


def espnet_line(d: dt.datetime, host: str, ep: int, a: int, b: int, loss: float, acc: float, itime: float) -> str:
    """SYNTH: ESPnet2 trainer reporter line."""
    return (f"[{host}] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} (trainer:762) INFO: {ep}epoch:train:{a}-{b}batch: "
            f"iter_time={itime:.3f}, forward_time=0.112, loss_ctc={loss * 1.3:.3f}, loss_att={loss * 0.9:.3f}, "
            f"acc={acc:.3f}, loss={loss:.3f}, backward_time=0.141, optim_step_time=0.031, optim0_lr0=9.1e-04, "
            f"train_time={itime + 0.29:.3f}")


def nnunet_block(d: dt.datetime, ep: int, tl: float, vl: float, dice: float, ept: float) -> list:
    """SYNTH: nnU-Net v2 per-epoch log block."""
    st = f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: "
    return [st + f"Epoch {ep}", st + "Current learning rate: 0.00624", st + f"train_loss {-tl:.4f}",
            st + f"val_loss {-vl:.4f}", st + f"Pseudo dice [{dice:.4f}, {dice - 0.0611:.4f}, {dice - 0.1402:.4f}]",
            st + f"Epoch time: {ept:.2f} s"]


def fastai_row(ep: int, tl: float, vl: float, acc: float, sec: float) -> str:
    """SYNTH: fastai Learner.fit_one_cycle progress row as a non-notebook console prints it."""
    return f"{ep:<10d}{tl:<12.6f}{vl:<12.6f}{acc:<10.6f}{int(sec // 60):02d}:{int(sec % 60):02d}"


def diffusers_bar(step: int, total: int, el: float, sec_it: float, loss: float, lr: float) -> str:
    """SYNTH: diffusers train_text_to_image tqdm bar (non-tty, no cells)."""
    pct = 100 * step // total
    return (f"Steps:  {pct:2d}%| {step}/{total} [{fmt_interval(el)}<{fmt_interval((total - step) * sec_it)}, "
            f"{sec_it:.2f}s/it, lr={lr:.1e}, step_loss={loss:.4f}]")


def imagenet_line(inst: str, ep: int, i: int, n: int, tm: float, tavg: float, da: float, loss: float,
                  lavg: float, a1: float, a1avg: float, a5: float, a5avg: float) -> str:
    """SYNTH: torchelastic imagenet example ProgressMeter line (layout of the real S8 line)."""
    return (f"Instance: [{inst}] Epoch: [{ep}][{i:4d}/{n}]   Time {tm:6.3f} ({tavg:6.3f})    Data {da:6.3f} ({da:6.3f})    "
            f"Loss {loss:.4e} ({lavg:.4e})    Acc@1 {a1:6.2f} ({a1avg:6.2f})   Acc@5 {a5:6.2f} ({a5avg:6.2f})")


def chainermn_row(ep: int, it: int, loss: float, vloss, acc: float, vacc, lr: float, el: float) -> str:
    """SYNTH: chainer PrintReport row for the ChainerMN imagenet example's entries."""
    cols = [(ep, 10), (it, 10), (loss, 15), (vloss, 20), (acc, 15), (vacc, 24), (lr, 10), (el, 15)]
    out = ""
    for v, w in cols:
        if v is None:
            out += " " * (w + 2)
        else:
            out += ("{:<%dg}  " % w).format(v)
    return out.rstrip()


CHAINERMN_KEYS = ["epoch", "iteration", "main/loss", "validation/main/loss", "main/accuracy",
                  "validation/main/accuracy", "lr", "elapsed_time"]



# ======================================================================================
# holdout38 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "titanxp": (72, 5, 205.0, 20.0, 1582, 11000, 300),
    "p40": (56, 5, 205.0, 20.0, 1531, 21500, 1200),
    "a10g": (54, 5, 262.0, 22.0, 1710, 19800, 1500),
    "l20": (55, 5, 300.0, 25.0, 2520, 41000, 3000),
    "a5500": (63, 5, 208.0, 16.0, 1665, 21000, 1500),
})

H800_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
            "0000:db:00"]


def g38(util, power, clock, fb=None, thr=None, temp=None, extra=None) -> dict:
    """SYNTH: compact DCGM-named sample."""
    f = {"DCGM_FI_DEV_GPU_UTIL": int(max(0, min(100, util))), "DCGM_FI_DEV_POWER_USAGE": round(power, 1),
         "DCGM_FI_DEV_SM_CLOCK": int(clock)}
    if temp is not None:
        f["DCGM_FI_DEV_GPU_TEMP"] = int(temp)
    if fb is not None:
        f["DCGM_FI_DEV_FB_USED"] = int(fb)
    if thr is not None:
        f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = thr
    if extra:
        f.update(extra)
    return f


def busy38(rng, prof, load=0.95, fb=False, thr=None, temp=False, extra=None) -> dict:
    """SYNTH: a busy GPU of profile `prof`."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    clock = clk if rng.random() > 0.1 else clk - 15 * rng.randint(1, 4)
    return g38(100 * load - rng.choice([0, 0, 1, 2, 3]), pw * load + rng.uniform(-ps, ps), clock,
               fb=(fbb + rng.randint(-fbs, fbs)) if fb else None, thr=thr,
               temp=(tb + rng.randint(-ts, ts)) if temp else None, extra=extra)


def idle38(rng, prof, fb=None, extra=None) -> dict:
    """SYNTH: an idle GPU (low clock, low power)."""
    clk = {"h800": 345, "h100": 345, "l20": 210, "a10g": 210}.get(prof, 139)
    return g38(0, rng.uniform(22, 48), clk, fb=fb, extra=extra)


def j38(d: dt.datetime, host: str, msg: str) -> str:
    """SYNTH: journald kernel line (`Mar 02 01:19:40 host kernel: ...`)."""
    return f"{journal_t(d, host)} {msg}"


def td_str(sec: float) -> str:
    return str(dt.timedelta(seconds=int(sec)))


def xtuner_line(d: dt.datetime, it: int, total: int, lr: float, eta: float, tm: float, mem: int, loss: float,
                tps: float) -> str:
    """SYNTH: XTuner (mmengine logger) training line."""
    return (f"{d:%Y/%m/%d %H:%M:%S} - mmengine - INFO - Iter(train) [{it:>4d}/{total}]  lr: {lr:.4e}  eta: {td_str(eta)}  "
            f"time: {tm:.4f}  data_time: 0.0112  memory: {mem}  loss: {loss:.4f}  tflops: {1180 / tm:.4f}  "
            f"tokens_per_sec: {tps:.2f}")


def absl38(d: dt.datetime, tid: int, src: str, msg: str, level: str = "I") -> str:
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {tid} {src}] {msg}"


def lerobot_line(d: dt.datetime, step: int, loss: float, grdn: float, upd: float) -> str:
    """SYNTH: LeRobot train.py MetricsTracker line."""
    return (f"INFO {d:%Y-%m-%d %H:%M:%S} ts/train.py:232 step:{step // 1000}K smpl:{step * 32 // 1000}K "
            f"ep:{step * 32 // 4300} epch:{step * 32 / 524000:.2f} loss:{loss:.3f} grdn:{grdn:.3f} lr:2.5e-05 "
            f"updt_s:{upd:.3f} data_s:0.004")


def fs2_line(d: dt.datetime, step: int, loss: float, lr: float, gn: float, el: int) -> str:
    """SYNTH: fairseq2 recipe trainer metrics line."""
    return (f"[{d:%m/%d/%y %H:%M:%S}] INFO     fairseq2.recipes - Step {step} Train Metrics - Loss: {loss:.3f} | "
            f"Contrastive Loss: {loss * 0.97:.3f} | Diversity Loss: {loss * 0.03:.3f} | Code Perplexity: 598.1 | "
            f"Learning Rate: {lr:.2e} | Gradient Norm: {gn:.3f} | Elapsed Time: {el}s")


def kdiff_line(ep: int, step: int, loss: float) -> str:
    """SYNTH: k-diffusion train.py progress line (tqdm.write)."""
    return f"Epoch: {ep}, step: {step}, loss: {loss:g}"


def flagscale_report(step: int, timings: dict, straggler=None) -> list:
    """SYNTH (layout from FlagScale PR #938's output.log): rank 0's straggler report block."""
    out = ["[default0]:", f"[default0]:=== Straggler Report at Step {step} ===", "[default0]:"]
    if straggler is None:
        out.append("[default0]:✓ No stragglers detected.")
    else:
        rk, host, lr, slow = straggler
        out.append("[default0]:⚠ Stragglers detected: 1")
        out.append(f"[default0]:  Rank {rk} ({host}, local_rank {lr}): {slow:.2f}x slower than fastest rank")
    out += ["[default0]:", "[default0]:Section Timings (ms):", "[default0]:"]
    for sec, vals in timings.items():
        mn, mx = min(vals), max(vals)
        avg = sum(vals) / len(vals)
        out.append(f"[default0]:  {sec}:")
        out.append(f"[default0]:    Min: {mn:.2f}ms, Max: {mx:.2f}ms, Avg: {avg:.2f}ms, Slowdown: {mx / mn:.2f}x")
        out += [f"[default0]:    Rank {i}: {v:.2f}ms" for i, v in enumerate(vals)]
    return out



# ======================================================================================
# holdout40 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "p6000": (69, 4, 226.0, 18.0, 1657, 23800, 150),      # Quadro P6000 24 GB, 250 W
    "rtx5000ada": (63, 5, 228.0, 18.0, 2550, 27500, 1500),  # RTX 5000 Ada 32 GB, 250 W
    "gtxtitan": (81, 2, 198.0, 14.0, 876, 5100, 300),     # GTX Titan (GK110) 6 GB, 250 W
    "m2090": (74, 3, 182.0, 14.0, 650, 4900, 200),        # Tesla M2090 6 GB, 225 W
    "a4500": (66, 4, 181.0, 14.0, 1650, 17600, 1200),     # RTX A4500 20 GB, 200 W
})

ADA_BUS = ["0000:1b:00", "0000:1c:00", "0000:3d:00", "0000:3e:00", "0000:9c:00", "0000:9d:00", "0000:bb:00",
           "0000:bc:00"]


def busy40(rng, prof, load=0.95, fb=True, temp=True, thr=None, clock=None, extra=None) -> dict:
    """SYNTH: busy GPU of profile `prof` (util, power, SM clock, temp, FB)."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    c = clock if clock is not None else (clk if rng.random() > 0.1 else clk - 15 * rng.randint(1, 4))
    return g38(100 * load - rng.choice([0, 0, 1, 2, 3]), pw * load + rng.uniform(-ps, ps), c,
               fb=(fbb + rng.randint(-fbs, fbs)) if fb else None, thr=thr,
               temp=(tb + rng.randint(-ts, ts)) if temp else None, extra=extra)


def idle40(rng, prof, fb=0, clk=None) -> dict:
    """SYNTH: idle GPU (low clock, low power, cool)."""
    c = clk if clk is not None else {"gtxtitan": 324, "m2090": 50, "p6000": 139}.get(prof, 210)
    return g38(0, rng.uniform(14, 38), c, fb=fb, temp=rng.randint(29, 38))


LEAN40 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")


def sampler40(s: "Scenario", nodes, gpus: int, t0: float, t1: float, every: float, fn, keys=LEAN40) -> None:
    """SYNTH: telemetry at a fixed period keeping only `keys` (keeps events.jsonl small); fn may return None."""
    def wrap(n_, g, t_):
        f = fn(n_, g, t_)
        if f is None:
            return None
        return {k: v for k, v in f.items() if k in keys}
    s.telemetry(nodes, gpus, t0, t1, every, wrap)


def tfl(d: dt.datetime, level: str, src: str, msg: str) -> str:
    """SYNTH: TensorFlow 1.x C++ log line."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: {level} {src}] {msg}"


def glog(d: dt.datetime, level: str, pid: int, src: str, msg: str) -> str:
    """SYNTH: glog line as Caffe writes it (`I0118 20:55:01.123456 27945 solver.cpp:209] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:5d} {src}] {msg}"


def pylog(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: Python logging `[%(asctime)s] %(levelname)s: %(message)s`."""
    return f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] {level}: {msg}"


def dp3(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: DeePMD-kit 3.x log line (`[2024-07-05 10:59:59,135] DEEPMD INFO    msg`)."""
    return f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] DEEPMD {level:<7s} {msg}"


def kj(s: "Scenario", t: float, host: str, msg: str) -> None:
    """SYNTH: one kernel line in journald short format."""
    s.kernel(t, host, f"{journal_t(s.at(t), host)} {msg}")



# ======================================================================================
# holdout41 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a6000": (66, 5, 268.0, 20.0, 1800, 37400, 400),      # RTX A6000 48 GB, 300 W (JAX preallocates 75 %)
    "a100_40sxm": (54, 5, 330.0, 35.0, 1410, 33500, 2500),  # A100-SXM4-40GB, 400 W
    "a5000": (63, 5, 205.0, 16.0, 1695, 21500, 1500),     # RTX A5000 24 GB, 230 W
    "h100sxm": (55, 6, 640.0, 45.0, 1980, 71000, 3000),   # H100-SXM5-80GB, 700 W
    "v100pcie": (63, 5, 228.0, 18.0, 1380, 29500, 1200),  # V100-PCIE-32GB, 250 W
    "a30": (50, 4, 150.0, 12.0, 1440, 19800, 1200),       # A30 24 GB, 165 W
})

K41_THR = "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"
K41_EVT = "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"   # DCGM >= 3.3 exporters


def b41(rng, prof, load=0.95, temp=True, fb=True, thr=0, key=K41_THR, clock=None, power=None, extra=None) -> dict:
    """SYNTH: busy GPU sample of profile `prof`."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    c = clock if clock is not None else (clk if rng.random() > 0.1 else clk - 15 * rng.randint(1, 4))
    f = {"DCGM_FI_DEV_GPU_UTIL": int(max(0, min(100, 100 * load - rng.choice([0, 0, 1, 2, 3])))),
         "DCGM_FI_DEV_POWER_USAGE": round(power if power is not None else pw * load + rng.uniform(-ps, ps), 1),
         "DCGM_FI_DEV_SM_CLOCK": int(c)}
    if temp:
        f["DCGM_FI_DEV_GPU_TEMP"] = tb + rng.randint(-ts, ts)
    if fb:
        f["DCGM_FI_DEV_FB_USED"] = fbb + rng.randint(-fbs, fbs)
    if thr is not None:
        f[key] = thr
    if extra:
        f.update(extra)
    return f


def i41(rng, prof, fb=0, key=K41_THR, clk=210, temp=None) -> dict:
    """SYNTH: idle GPU sample (low clock and power; memory may still be held)."""
    return {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(24, 62), 1),
            "DCGM_FI_DEV_SM_CLOCK": clk, "DCGM_FI_DEV_FB_USED": int(fb),
            "DCGM_FI_DEV_GPU_TEMP": temp if temp is not None else rng.randint(31, 40), key: 1}


def spin41(rng, prof, key=K41_THR) -> dict:
    """SYNTH: a GPU spinning in a stuck collective: 100 % util, ~third of nominal power, memory held."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    return {"DCGM_FI_DEV_GPU_UTIL": 100, "DCGM_FI_DEV_POWER_USAGE": round(pw * 0.30 + rng.uniform(-8, 8), 1),
            "DCGM_FI_DEV_SM_CLOCK": clk, "DCGM_FI_DEV_FB_USED": fbb + rng.randint(-fbs, fbs),
            "DCGM_FI_DEV_GPU_TEMP": tb - 12 + rng.randint(-2, 2), key: 0}


LEAN41 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")


def tel41(s: "Scenario", nodes, gpus: int, t0: float, t1: float, every: float, fn, keys=None) -> None:
    """SYNTH: periodic DCGM telemetry; fn(node, gpu, t) -> fields or None (None = no sample, e.g. host down).
    `keys` (optional) keeps only those fields (plus any Xid/ECC/throttle field present) to keep files small."""
    def wrap(n_, g, t_):
        f = fn(n_, g, t_)
        if f is None or keys is None:
            return f
        return {k: v for k, v in f.items() if k in keys or k in (K41_THR, K41_EVT) or "XID" in k or "ECC" in k}
    s.telemetry(nodes, gpus, t0, t1, every, wrap)


def djt(s: "Scenario", t: float, node: str, msg: str) -> None:
    """SYNTH: kernel line in `dmesg -T` format."""
    s.kernel(t, node, f"{dmesg_t(s.at(t))} {msg}")


def t_of(s: "Scenario", stamp: str, fmt: str) -> float:
    """Scenario seconds of a wall-clock stamp (used to place real lines at their own time)."""
    return (dt.datetime.strptime(stamp, fmt) - s.start).total_seconds()


def absl41(d: dt.datetime, tid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: absl/glog-style line as absl.logging writes it."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {tid} {src}] {msg}"


def tfc(d: dt.datetime, level: str, src: str, msg: str) -> str:
    """SYNTH: TF/XLA C++ log line as jaxlib 0.3.x prints it (`2022-10-12 16:01:47.590034: E external/...] msg`)."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: {level} {src}] {msg}"


# ======================================================================================
# S1  healthy-haiku-xla-constant-folding-alarm-slow-compiles  (healthy: a Haiku/JAX image model trained with pmap on
#     8 x RTX A6000 (one node). Its avg_pool(padding='SAME') makes XLA constant-fold a large reduce-window: the first
#     compile of the train step takes ~7 min, during which XLA prints E-level `slow_operation_alarm` lines ("Constant
#     folding an instruction is taking > 1s", "The operation took 19.277362298s") while the eight GPUs sit at 0 %
#     with ~37 GB preallocated each; the eval step's first compile repeats the alarm later. Steps then run at the
#     normal rate. Nothing to do.)
# ======================================================================================
# Source: https://github.com/google-deepmind/dm-haiku/issues/539 -- "Constant folding on `hk.avg_pool` with
# `padding='SAME'` on large arrays": compilation time grows from 1.33 s to minutes; the XLA alarm block below is
# verbatim from the issue (stamps kept: the scenario clock is chosen so that they fit). The fix
# (https://github.com/google-deepmind/dm-haiku/pull/540) only changes compilation time; the train step itself is as
# fast as before (Wall time [Train step] unchanged), i.e. the alarm is about compile time, not a fault.
REAL_S1_ALARM = [
    "2022-10-12 16:01:47.590034: E external/org_tensorflow/tensorflow/compiler/xla/service/slow_operation_alarm.cc:65] Constant folding an instruction is taking > 1s:",
    "  reduce-window.16 (displaying the full instruction incurs a runtime overhead. Raise your logging level to 4 or above).",
    "This isn't necessarily a bug; constant-folding is inherently a trade-off between compilation time and speed at runtime.  XLA has some guards that attempt to keep constant folding from taking too long, but fundamentally you'll always be able to come up with an input program that takes a long time.",
    "If you'd like to file a bug, run with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results.",
    "2022-10-12 16:02:05.867327: E external/org_tensorflow/tensorflow/compiler/xla/service/slow_operation_alarm.cc:133] The operation took 19.277362298s",
]
S1_ALARM_SRC = "external/org_tensorflow/tensorflow/compiler/xla/service/slow_operation_alarm.cc"


def s1_alarm(s: Scenario, t: float, job: str, instr: str, took: float) -> float:
    """SYNTH (the same wording as REAL_S1_ALARM, other instruction and duration): one alarm pair."""
    s.joblog(t, job, tfc(s.at(t), "E", f"{S1_ALARM_SRC}:65", "Constant folding an instruction is taking > 1s:"))
    s.joblog(t + 0.001, job, "")
    s.joblog(t + 0.002, job, f"  {instr} (displaying the full instruction incurs a runtime overhead. Raise your logging level to 4 or above).")
    s.joblog(t + 0.003, job, "")
    s.joblog(t + 0.004, job, REAL_S1_ALARM[2])
    s.joblog(t + 0.005, job, "")
    s.joblog(t + 0.006, job, REAL_S1_ALARM[3])
    te = t + took - 1.0
    s.joblog(te, job, tfc(s.at(te), "E", f"{S1_ALARM_SRC}:133", f"The operation took {took:.9f}s"))
    return te


def build_s1() -> Scenario:
    name = "healthy-haiku-xla-constant-folding-alarm-slow-compiles"
    J, N1, N2 = "4471852", "4471790", "4471866"
    start = "2022-10-12T15:50:00Z"
    node = "mlg-03"
    s = Scenario(name, "Healthy. A Haiku (JAX 0.3.23, pmap) image model trains on the 8 RTX A6000 of mlg-03. Its "
                 "avg_pool(padding='SAME') makes XLA constant-fold large reduce-windows: the first compile of the train "
                 "step takes ~7 min with E-level slow_operation_alarm lines and the GPUs idle but ~37 GB preallocated "
                 "each; the eval step's first compile repeats the alarm. Steps run at the usual rate afterwards. "
                 "The job opted in to requeues; two other owners' jobs run elsewhere.",
                 start,
                 {"name": "mlg", "partition": "gpu", "nodes": "mlg-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "haiku-unet-sr", "user": "ykaplan", "nodes": node, "tasks_per_node": 1,
                   "started": "2022-10-12T15:58:21Z", "comment": comment(2, "/scratch/ykaplan/unet_sr/ckpt")},
                  {"id": N1, "name": "yolov7-tiles", "user": "pvarga", "nodes": "mlg-05", "tasks_per_node": 1,
                   "started": "2022-10-12T13:02:10Z"},
                  {"id": N2, "name": "wav2vec2-ft-hu", "user": "rkiss", "nodes": "mlg-[06-07]", "tasks_per_node": 8,
                   "started": "2022-10-12T15:11:40Z"}])
    rng = s.rng
    fmt = "%Y-%m-%d %H:%M:%S.%f"
    t_job = t_of(s, "2022-10-12 15:58:21.000000", fmt)
    # start-up (SYNTH)
    tt = t_job + 6.2 + rng.uniform(0, 0.9)
    for msg in ["Unable to initialize backend 'tpu_driver': NOT_FOUND: Unable to find driver in registry given worker: ",
                "Unable to initialize backend 'rocm': NOT_FOUND: Could not find registered platform with name: \"rocm\". Available platform names are: Interpreter CUDA Host",
                "Unable to initialize backend 'tpu': module 'jaxlib.xla_extension' has no attribute 'get_tpu_client'"]:
        s.joblog(tt, J, absl41(s.at(tt), 140129876, "xla_bridge.py:" + ("170" if "tpu_driver" in msg else "355"), msg))
        tt += rng.uniform(0.0005, 0.004)
    ta, tb_, tc_ = tt + 1.0 + rng.uniform(0, 0.2), tt + 9.4 + rng.uniform(0, 0.5), tt + 24.0 + rng.uniform(0, 0.5)
    s.joblog(ta, J, absl41(s.at(ta), 140129876, "train.py:97", "JAX devices: 8 x StreamExecutorGpuDevice (NVIDIA RTX A6000)"))
    s.joblog(tb_, J, absl41(s.at(tb_), 140129876, "train.py:118", "Loaded 1,284,190 training patches from /scratch/ykaplan/sr_patches/train-*.tfrecord"))
    s.joblog(tc_, J, absl41(s.at(tc_), 140129876, "train.py:141", "Initialised params: 61,402,627 (245.6 MB); compiling pmap(train_step) ..."))
    # the real alarm pair, then a second (SYNTH) one; compile ends ~16:05:40
    a0 = t_of(s, REAL_S1_ALARM[0][:26], fmt)
    a1 = t_of(s, REAL_S1_ALARM[4][:26], fmt)
    s.joblog(a0, J, REAL_S1_ALARM[0])   # REAL_S1_ALARM
    s.joblog(a0 + 0.001, J, "")
    s.joblog(a0 + 0.002, J, REAL_S1_ALARM[1])
    s.joblog(a0 + 0.003, J, "")
    s.joblog(a0 + 0.004, J, REAL_S1_ALARM[2])
    s.joblog(a0 + 0.005, J, "")
    s.joblog(a0 + 0.006, J, REAL_S1_ALARM[3])
    s.joblog(a1, J, REAL_S1_ALARM[4])
    s1_alarm(s, a1 + 71.3 + rng.uniform(0.01, 0.6), J, "reduce-window.41", 24.861503117)          # SYNTH
    s1_alarm(s, a1 + 141.0 + rng.uniform(0.01, 0.6), J, "reduce-window.57", 11.402918734)         # SYNTH
    t_c = a1 + 214.5 + rng.uniform(0.01, 0.6)
    s.joblog(t_c, J, absl41(s.at(t_c), 140129876, "train.py:163", f"pmap(train_step) compiled in {t_c - tc_:.1f}s"))
    # training: a line every 100 steps at ~3.1 steps/s, eval every 2000 steps (first eval compiles: alarm again)
    t_end = 2.25 * 3600.0
    step, tt = 0, t_c + 2.0
    loss = 0.0912
    phases = [(t_job + 40.0, t_c, "compile")]
    evals = 0
    while tt < t_end:
        step += 100
        tt += 100 / 3.1 * rng.uniform(0.985, 1.02)
        loss = max(0.0175, loss * rng.uniform(0.984, 0.999))
        s.joblog(tt, J, absl41(s.at(tt), 140129876, "train.py:201",
                               f"step {step:6d} | loss {loss:.5f} | psnr {10 + 7.5 / (loss ** 0.33):.2f} | "
                               f"{3.1 * rng.uniform(0.98, 1.02):.2f} steps/s | lr 2.0e-04"))
        if step % 2000 == 0:
            e0 = tt + 0.8
            s.joblog(e0, J, absl41(s.at(e0), 140129876, "train.py:219", f"Evaluating at step {step} on 4,096 validation crops"))
            dur = 38.0
            if evals == 0:
                ea = e0 + 61.0
                ee = s1_alarm(s, ea, J, "reduce-window.12", 17.630448195)    # SYNTH: eval step compile
                dur = (ee - e0) + 44.0
            ev = e0 + dur
            s.joblog(ev, J, absl41(s.at(ev), 140129876, "train.py:231",
                                   f"eval step {step}: psnr {10 + 7.9 / (loss ** 0.33):.3f} ssim {min(0.97, 0.6 + step / 60000):.4f}"))
            phases.append((e0, ev, "eval" if evals else "evalcompile"))
            evals += 1
            tt = ev + 0.5
        if step % 10000 == 0:
            s.joblog(tt + 0.3, J, absl41(s.at(tt + 0.3), 140129876, "checkpoints.py:428",
                                         f"Saving checkpoint at step: {step}"))
            tt += 6.5

    def phase(t_):
        for a, b, k in phases:
            if a <= t_ < b:
                return k
        return "train" if t_ >= t_c else ("idle" if t_ < t_job else "compile")

    # neighbours (SYNTH)
    tn, ep, it = 42.0, 61, 0
    while tn < t_end:
        it += 50
        if it > 530:
            ep, it = ep + 1, 50
        s.joblog(tn, N1, f"     {ep}/299     17.1G   {rng.uniform(0.031, 0.036):.4f}   {rng.uniform(0.041, 0.047):.4f}  "
                         f"{rng.uniform(0.0021, 0.0029):.5f}       {rng.randint(180, 260)}       640: {it / 530 * 100:3.0f}%")
        tn += 50 * 1.37 + rng.uniform(-1, 1)
    tn, st = 75.0, 41200
    while tn < t_end:
        st += 25
        s.joblog(tn, N2, "{'loss': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (rng.uniform(0.18, 0.26), 9.1e-5 - st * 1e-9, st / 3150))
        tn += 25 * 2.28 + rng.uniform(-0.5, 0.5)
    for tn, msg in ((1920.0, "perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"),
                    (6610.0, "nvme nvme0: I/O 412 QID 7 timeout, completion polled")):
        kj(s, tn, node, msg)

    def fn(n_, g, t_):
        if n_ == node:
            k = phase(t_)
            if k == "idle":
                return i41(rng, "a6000", fb=0)
            if k in ("compile", "evalcompile"):
                return i41(rng, "a6000", fb=37410, clk=1800 if rng.random() < 0.3 else 210, temp=rng.randint(38, 44))
            if k == "eval":
                return b41(rng, "a6000", load=rng.uniform(0.55, 0.7))
            return b41(rng, "a6000", load=rng.uniform(0.9, 0.98))
        if n_ == "mlg-05":
            return b41(rng, "a6000", load=0.88, extra=None) if g < 2 else i41(rng, "a6000")
        return b41(rng, "a6000", load=rng.uniform(0.8, 0.95))
    tel41(s, [node], 8, 0.0, t_end, 180.0, fn)
    tel41(s, ["mlg-05", "mlg-06", "mlg-07"], 8, 0.0, t_end, 1200.0, fn, keys=LEAN41)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=[node, "mlg-05", "mlg-06", "mlg-07"])
    return s


# ======================================================================================
# S2  slingshot-cxi-tct-tbl-dealloc-torchtitan-nid001207  (network: torchtitan Llama-3-8B pretraining on 4 x 4
#     A100-SXM4-40GB over HPE Slingshot-11 (NCCL 2.19 + aws-ofi-nccl 1.8.1, libfabric cxi provider). The CXI NIC of
#     nid001207 reports `C_EC_CRIT: C_PCT_EXT error: tct_tbl_dealloc (18)` -- per HPE the NIC can no longer talk the
#     Slingshot HPC protocol to other NICs until the node is rebooted. Steps stop; ranks on the OTHER three nodes
#     print NET/OFI completion errors and die with ncclSystemError; the four ranks on nid001207 print nothing until
#     their watchdogs time out. Slurm keeps every node up.)
# ======================================================================================
# Source (vendor docs): https://github.com/HewlettPackard/shs-docs/blob/main/docs/portal/developer-portal/troubleshoot/cxi/Common_CXI_core_error_messages.md
# -- "tct_tbl_dealloc errors": verbatim example line below. "Once CXI core reports this error, the NIC has issues
# communicating with other NICs using the native Slingshot HPC protocol. Ethernet functionality is not impacted.
# Recovery from this state requires a node reboot." Severity: https://github.com/HewlettPackard/shs-docs/blob/main/docs/portal/developer-portal/troubleshoot/cxi/Kernel_Severity_CRIT_2.md
# -- EC_CRIT: "NIC is unusable ... Actions: Workload manager drains node ... If the problems persist, replace the NIC".
REAL_S2_CXI = "[122215.631871] cxi_core 0000:11:00.0: cxi0[hsn0]: C_EC_CRIT: C_PCT_EXT error: tct_tbl_dealloc (18)"


def titan41(d: dt.datetime, step: int, loss: float, gn: float, mem: float, tps: int, tfl: float) -> str:
    """SYNTH: torchtitan metrics line on an A100-SXM4-40GB (memory % of 39.39 GiB, MFU vs 312 TFLOPS bf16)."""
    return (f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - step: {step:5d}  "
            f"loss: {loss:7.4f}  grad_norm: {gn:7.4f}  memory: {mem:5.2f}GiB({mem / 39.39 * 100:.2f}%)  tps: {tps:,}  "
            f"tflops: {tfl:.2f}  mfu: {tfl / 312.0 * 100:.2f}%")


S2_OFI = ("Request {ptr} completed with error. RC: 5. Error: 11 (UNDELIVERABLE). Completed length: 0, "
          "Request: {{ dev: {dev}, size: {size}, state: CREATED, direction: {dirn} }}")   # SYNTH, aws-ofi-nccl format


def build_s2() -> Scenario:
    name = "slingshot-cxi-tct-tbl-dealloc-torchtitan-nid001207"
    J, N1, N2 = "31877402", "31877119", "31877466"
    start = "2024-11-14T09:00:00Z"
    nodes = ["nid001204", "nid001205", "nid001206", "nid001207"]
    bad = "nid001207"
    s = Scenario(name, "torchtitan Llama-3-8B pretraining (FSDP2, 16 ranks) on nid[001204-001207], 4 x A100-SXM4-40GB "
                 "each, NCCL over HPE Slingshot-11 (aws-ofi-nccl, libfabric cxi). The CXI NIC of one node enters an "
                 "error state; collectives stall; the job fails. The job opted in to requeues; two other owners' "
                 "jobs run on other nodes of the partition.",
                 start,
                 {"name": "pm", "partition": "gpu_ss11", "nodes": "nid[001200-001215]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:03:00", "0000:41:00", "0000:82:00", "0000:c1:00"]},
                 [{"id": J, "name": "titan-llama3-8b-c4", "user": "hkuo", "nodes": "nid[001204-001207]",
                   "tasks_per_node": 4, "started": "2024-11-14T07:12:40Z",
                   "comment": comment(3, "/pscratch/sd/h/hkuo/titan/ckpt")},
                  {"id": N1, "name": "mace-mp-finetune", "user": "ajoshi", "nodes": "nid[001208-001209]",
                   "tasks_per_node": 4, "started": "2024-11-14T06:40:02Z"},
                  {"id": N2, "name": "fourcastnet-sfno", "user": "mtran", "nodes": "nid001212", "tasks_per_node": 4,
                   "started": "2024-11-14T08:31:55Z"}])
    rng = s.rng
    t_f = 47 * 60 + 13.0      # 09:47:13
    step, tt = 21340, 25.0
    loss = 2.71
    while tt < t_f - 8.0:
        step += 10
        tt += 10 * 2.05 * rng.uniform(0.985, 1.02)
        if tt >= t_f - 8.0:
            break
        loss = max(2.2, loss - rng.uniform(0.0, 0.0025))
        tfl = rng.uniform(146, 151)
        s.joblog(tt, J, label(0, 2) + titan41(s.at(tt), step, loss + rng.uniform(-0.04, 0.04), rng.uniform(0.28, 0.41),
                                             29.31, int(tfl / 148.0 * 2960), tfl))
        if step % 500 == 0:
            s.joblog(tt + 0.4, J, label(0, 2) + f"[rank0]:[titan] {s.at(tt + 0.4):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
            s.joblog(tt + 21.0, J, label(0, 2) + f"[rank0]:[titan] {s.at(tt + 21.0):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} - root - INFO - [GC] Peforming periodical GC collection. 0.08 seconds.")
            tt += 20.0
    last_step_t = tt
    # the NIC fault (REAL), nothing else on the node
    s.kernel(t_f, bad, REAL_S2_CXI)   # REAL_S2_CXI
    # peers: NET/OFI completion errors ~40-70 s later (SYNTH, aws-ofi-nccl sendrecv format), then ncclSystemError
    pids = {n: 201700 + 37 * i for i, n in enumerate(nodes)}
    tw = t_f + 41.0
    for i, n in enumerate(nodes[:3]):
        for lr in range(4):
            r = 4 * i + lr
            ta = tw + i * 6.1 + lr * 0.7 + rng.uniform(0, 0.3)
            pfx = f"{label(r, 2)}{n}:{pids[n] + lr}:{pids[n] + lr + 211} [{lr}]"
            s.joblog(ta, J, f"{pfx} ofi_process_cq:196 NCCL WARN NET/OFI " +
                     S2_OFI.format(ptr=f"0x{0x4010bf000000 + rng.randint(0, 0xffffff):x}", dev=lr,
                                   size=rng.choice([4194304, 2097152]), dirn=rng.choice(["SEND", "RECV"])))
            s.joblog(ta + 0.01, J, f"{pfx} NCCL INFO transport/net.cc:1131 -> 2")
            s.joblog(ta + 0.02, J, f"{pfx} NCCL INFO proxy.cc:892 -> 2 [Progress Thread]")
    td = tw + 25.0
    for r in range(12):
        tr_ = td + 0.05 * r + rng.uniform(0, 0.04)
        d = s.at(tr_)
        s.joblog(tr_, J, label(r, 2) + c10d_e(r, d, rng.randint(0, 999), "ProcessGroupNCCL.cpp:1592",
                 f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: "
                 f"NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.4"))
        s.joblog(tr_ + 0.001, J, label(r, 2) + "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ")
        s.joblog(tr_ + 0.002, J, label(r, 2) + "Last error:")
        s.joblog(tr_ + 0.003, J, label(r, 2) + "NET/OFI Request completed with error")
    # the ranks on nid001207 hit torchtitan's 100 s train timeout (SYNTH)
    tw2 = last_step_t + 100.0 + 9.0
    for lr in range(4):
        r = 12 + lr
        tr_ = tw2 + 0.04 * lr + rng.uniform(0, 0.03)
        d = s.at(tr_)
        s.joblog(tr_, J, label(r, 2) + c10d_e(r, d, rng.randint(0, 999), "ProcessGroupNCCL.cpp:632",
                 f"[Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={188411 + lr % 2}, "
                 f"OpType=_REDUCE_SCATTER_BASE, NumelIn=268566528, NumelOut=16785408, Timeout(ms)=100000) ran for "
                 f"{100000 + rng.randint(10, 90)} milliseconds before timing out."))
    # srun (16 tasks launched directly, one per GPU) reports the exits (SYNTH)
    te = max(td, tw2) + 4.0
    for i, n in enumerate(nodes[:3]):
        s.joblog(te + 0.3 * i, J, f"srun: error: {n}: tasks {4 * i}-{4 * i + 3}: Aborted (core dumped)")
    s.joblog(te + 2.1, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(te + 2.2, J, f"slurmstepd: error: *** STEP {J}.0 ON nid001204 CANCELLED AT {s.at(te + 2.2):%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(te + 3.0, J, f"srun: error: {bad}: tasks 12-15: Aborted (core dumped)")
    job_end(s, te + 4.5, J, "FAILED", "1:0")
    t_end = te + 1800.0
    # neighbours (SYNTH)
    tn, ep = 30.0, 141
    while tn < t_end:
        s.joblog(tn, N1, f"{s.at(tn):%Y-%m-%d %H:%M:%S.%f}"[:-3] + f" INFO: Epoch {ep}: loss={rng.uniform(0.041, 0.049):.4f}, "
                 f"mae_e={rng.uniform(9.0, 10.4):.1f} meV/atom, mae_f={rng.uniform(38, 43):.1f} meV/A, time={rng.uniform(312, 318):.1f}s")
        ep += 1
        tn += 316 + rng.uniform(-3, 3)
    tn, it = 55.0, 7200
    while tn < t_end:
        it += 200
        s.joblog(tn, N2, f"Iter {it} | train_loss {rng.uniform(0.061, 0.072):.4f} | {rng.uniform(7.1, 7.4):.2f} it/s | lr {4e-4 * (1 - it / 60000):.3e}")
        tn += 200 / 7.25 + rng.uniform(-0.5, 0.5)
    # kernel noise (SYNTH): a PCIe-correctable rbyp_abort report (HPE: expected, only a concern above spec rate)
    for tn, n, msg in ((800.0, "nid001209", "cxi_core 0000:11:00.0: cxi0[hsn0]: C_EC_INFO: C_PI_EXT error: pri_rarb_xlat_rbyp_abort_error (35)"),
                       (5100.0, "nid001212", "perf: interrupt took too long (3134 > 3128), lowering kernel.perf_event_max_sample_rate to 63750")):
        s.kernel(tn, n, f"[{118000 + tn:.6f}] {msg}")

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ < last_step_t:
                return b41(rng, "a100_40sxm", load=rng.uniform(0.9, 0.97))
            if t_ < te + 10:
                return spin41(rng, "a100_40sxm")
            return i41(rng, "a100_40sxm", fb=0, clk=210)
        return b41(rng, "a100_40sxm", load=rng.uniform(0.85, 0.95))
    tel41(s, nodes, 4, 0.0, t_end, 240.0, fn)
    tel41(s, ["nid001208", "nid001209", "nid001212"], 4, 0.0, t_end, 900.0, fn, keys=LEAN41)
    s.truth = truth({"t": t_f, "category": "network", "node": bad},
                    drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=nodes[:3] + ["nid001208", "nid001209", "nid001212"])
    return s


# ======================================================================================
# S3  paddleocr-det-server-rank0-eval-oom-repeats-on-other-node  (software: PaddleOCR PP-OCRv4 server-det fine-tune,
#     paddle.distributed.launch on 4 x RTX A5000 24 GB. PaddleOCR evaluates on rank 0 only; at the first evaluation
#     (global step 1000) a very large validation image makes rank 0 run out of GPU memory inside the model forward;
#     ranks 1-3 have already entered the next step's all-reduce and spin; the launcher tears the pod down. The owner
#     resubmits the same config on another node; it fails identically 20 min later. Restarting repeats it.)
# ======================================================================================
# Truth: https://github.com/PaddlePaddle/PaddleOCR/issues/14633 -- "ch_PP-OCRv4_det_server fine-tune failed": training
# runs, eval hits GPU OOM (T4 16 GB at the 1st image, A10 24 GB around the 7th) even with batch_size 1; maintainer:
# large-resolution images in the eval set raise memory use -- limit the longest side (DetResizeForTest
# limit_side_len/limit_type). A data/config problem, not the hardware.
# Traceback head verbatim from https://github.com/PaddlePaddle/PaddleOCR/issues/13759 ("微调ch_PP-OCRv4_det_server_train，
# 训练时评估模型显示out of memory": train fine, OOM when evaluating during training; same config fails again).
REAL_S3_TB = [
    '  File "/app/ocr/PaddleOCR-release-2.8/tools/train.py", line 257, in <module>',
    "    main(config, device, logger, vdl_writer, seed)",
    '  File "/app/ocr/PaddleOCR-release-2.8/tools/train.py", line 209, in main',
    "    program.train(",
    '  File "/app/ocr/PaddleOCR-release-2.8/tools/program.py", line 452, in train',
    "    cur_metric = eval(",
]
# Error summary verbatim from https://github.com/PaddlePaddle/PaddleOCR/issues/11989 (PP-OCRv4 training on a 24 GB
# card, Paddle 2.4.2: "Out of memory error on GPU 0 ... 23.611938GB memory has been allocated").
REAL_S3_OOM = [
    "Error Message Summary:",
    "Out of memory error on GPU 0. Cannot allocate 129.394531MB memory on GPU 0, 23.611938GB memory has been allocated and available memory is only 31.687500MB.",
    "Please check whether there is any other process using GPU 0.",
    "1. If yes, please stop them, or start PaddlePaddle on another GPU.",
    "2. If no, please decrease the batch size of your model.",
    "If the above ways do not solve the out of memory problem, you can try to use CUDA managed memory. The command is `export FLAGS_use_cuda_managed_memory=false`.",
    " (at /paddle/paddle/fluid/memory/allocation/cuda_allocator.cc:95)",
]


def ppocr(d: dt.datetime, msg: str, level: str = "INFO") -> str:
    """SYNTH: PaddleOCR logger line (`[2024/08/27 19:14:23] ppocr INFO: msg`)."""
    return f"[{d:%Y/%m/%d %H:%M:%S}] ppocr {level}: {msg}"


def s3_run(s: Scenario, t0: float, job: str, node: str, cfg: str, pid0: int) -> tuple:
    """SYNTH run of one job (start-up, train lines to step 1000, eval, OOM on rank 0, teardown). Returns (t_oom, t_end, t_train, t_eval)."""
    rng = s.rng
    t0 += rng.uniform(0.05, 0.95)
    pod = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
    d = s.at(t0)
    s.joblog(t0, job, paddle_launch(d, "-----------  Configuration  ----------------------"))
    for k, v in (("devices", "0,1,2,3"), ("elastic_level", "-1"), ("job_id", "default"), ("log_dir", "log"),
                 ("nnodes", "1"), ("nproc_per_node", "None"), ("run_mode", "collective")):
        s.joblog(t0 + 0.01, job, paddle_launch(d, f"{k}: {v}"))
    s.joblog(t0 + 0.02, job, paddle_launch(d, "--------------------------------------------------"))
    s.joblog(t0 + 0.9, job, paddle_launch(s.at(t0 + 0.9), "Job: default, mode collective, replicas 1[1:1], elastic False"))
    s.joblog(t0 + 0.9, job, paddle_launch(s.at(t0 + 0.9), f"Run Pod: {pod}, replicas 4, status ready"))
    s.joblog(t0 + 1.0, job, paddle_launch(s.at(t0 + 1.0), f"Watching Pod: {pod}, replicas 4, status running"))
    t = t0 + 14.0
    for line in ["Architecture : ", "    Backbone : ", "        name : PPHGNet_small", "    Head : ",
                 "        k : 50", "        name : PFHeadLocal", "    algorithm : DB", "    model_type : det",
                 "Eval : ", "    dataset : ", "        data_dir : /data/ocr/invoice_det/val",
                 "        label_file_list : ['/data/ocr/invoice_det/val/label.txt']",
                 "    loader : ", "        batch_size_per_card : 1",
                 "Global : ", "    epoch_num : 200", "    eval_batch_step : [0, 1000]", "    print_batch_step : 50",
                 f"    pretrained_model : /data/ocr/pretrained/ch_PP-OCRv4_det_server_train/best_accuracy",
                 "    save_model_dir : ./output/ch_PP-OCRv4_det_server_invoice/", "    use_gpu : True",
                 "Train : ", "    loader : ", "        batch_size_per_card : 8", "        num_workers : 8"]:
        s.joblog(t, job, ppocr(s.at(t), line))
        t += 0.002
    t += 1.5
    s.joblog(t, job, f"W{s.at(t):%m%d %H:%M:%S}.{s.at(t).microsecond:06d} {pid0} gpu_resources.cc:119] Please NOTE: device: 0, GPU Compute Capability: 8.6, Driver API Version: 12.0, Runtime API Version: 11.7")
    s.joblog(t + 0.02, job, f"W{s.at(t + 0.02):%m%d %H:%M:%S}.{s.at(t + 0.02).microsecond:06d} {pid0} gpu_resources.cc:149] device: 0, cuDNN Version: 8.4.")
    s.joblog(t + 2.0, job, ppocr(s.at(t + 2.0), "train with paddle 2.4.2 and device Place(gpu:0)"))
    s.joblog(t + 2.1, job, ppocr(s.at(t + 2.1), "Initialize indexs of datasets:['/data/ocr/invoice_det/train/label.txt']"))
    s.joblog(t + 2.6, job, ppocr(s.at(t + 2.6), "Initialize indexs of datasets:['/data/ocr/invoice_det/val/label.txt']"))
    s.joblog(t + 9.8, job, ppocr(s.at(t + 9.8), "load pretrain successful from /data/ocr/pretrained/ch_PP-OCRv4_det_server_train/best_accuracy"))
    s.joblog(t + 10.0, job, ppocr(s.at(t + 10.0), "During the training process, after the 0th iteration, an evaluation is run every 1000 iterations"))
    t_train = t + 12.0
    tt = t_train
    step, loss = 0, 2.41
    steps_per_epoch = 392
    while step < 1000:
        step += 50
        sec = 1.118 * rng.uniform(0.97, 1.04)
        tt += 50 * sec
        loss = max(0.72, loss * rng.uniform(0.955, 0.995))
        ep = step // steps_per_epoch + 1
        rem = (200 * steps_per_epoch - step) * sec
        s.joblog(tt, job, ppocr(s.at(tt),
                 f"epoch: [{ep}/200], global_step: {step}, lr: {0.0005 * min(1, step / 400):.6f}, loss: {loss:.6f}, "
                 f"loss_shrink_maps: {loss * 0.53:.6f}, loss_threshold_maps: {loss * 0.31:.6f}, loss_binary_maps: {loss * 0.08:.6f}, "
                 f"loss_cbn: {loss * 0.08:.6f}, avg_reader_cost: {rng.uniform(0.018, 0.031):.5f} s, avg_batch_cost: {sec:.5f} s, "
                 f"avg_samples: 8.0, ips: {8 / sec:.5f} samples/s, eta: {dt.timedelta(seconds=int(rem))}, "
                 f"max_mem_reserved: {15860 + rng.randint(-40, 40)} MB, max_mem_allocated: {13412 + rng.randint(-60, 60)} MB"))
    t_eval = tt + 0.4
    # eval on rank 0 only; bar refreshes then the OOM at image 7
    for n, el in ((1, 3.1), (3, 11.8), (6, 27.9)):
        s.joblog(t_eval + el, job, f"eval model::   {int(100 * n / 500)}%|          | {n}/500 [00:{int(el):02d}<{hms((500 - n) * el / n)}, {el / n:5.2f}s/it]")
    t_oom = t_eval + 34.6
    s.joblog(t_oom, job, f"eval model::   1%|          | 6/500 [00:34<47:31,  5.77s/it]Traceback (most recent call last):")
    for k, l in enumerate(REAL_S3_TB):
        s.joblog(t_oom + 0.001 * (k + 1), job, l)   # REAL_S3_TB
    tb2 = ['  File "/app/ocr/PaddleOCR-release-2.8/tools/program.py", line 641, in eval',
           "    preds = model(images)",
           '  File "/usr/local/lib/python3.10/dist-packages/paddle/fluid/dygraph/layers.py", line 1012, in __call__',
           "    return self.forward(*inputs, **kwargs)",
           '  File "/app/ocr/PaddleOCR-release-2.8/ppocr/modeling/architectures/base_model.py", line 99, in forward',
           "    x = self.neck(x)",
           '  File "/usr/local/lib/python3.10/dist-packages/paddle/fluid/dygraph/layers.py", line 1012, in __call__',
           "    return self.forward(*inputs, **kwargs)",
           '  File "/app/ocr/PaddleOCR-release-2.8/ppocr/modeling/necks/db_fpn.py", line 412, in forward',
           "    in4 = self.ins_conv[2](c4)",
           '  File "/usr/local/lib/python3.10/dist-packages/paddle/nn/functional/conv.py", line 150, in _conv_nd',
           "    pre_bias = _C_ops.conv2d(",
           "MemoryError: ", "",
           "--------------------------------------",
           "C++ Traceback (most recent call last):",
           "--------------------------------------",
           "0   conv2d_ad_func(paddle::experimental::Tensor const&, paddle::experimental::Tensor const&, std::vector<int, std::allocator<int> >, std::vector<int, std::allocator<int> >, std::string, std::vector<int, std::allocator<int> >, int, std::string, bool, int, bool, bool)",
           "1   paddle::experimental::conv2d(paddle::experimental::Tensor const&, paddle::experimental::Tensor const&, std::vector<int, std::allocator<int> > const&, std::vector<int, std::allocator<int> > const&, std::string const&, std::vector<int, std::allocator<int> > const&, int, std::string const&, bool, int, bool, bool)",
           "2   void phi::ConvCudnnKernel<float, phi::GPUContext>(phi::GPUContext const&, phi::DenseTensor const&, phi::DenseTensor const&, std::vector<int, std::allocator<int> > const&, std::vector<int, std::allocator<int> > const&, std::string const&, std::vector<int, std::allocator<int> > const&, int, std::string const&, bool, int, bool, bool, phi::DenseTensor*)",
           "3   float* phi::DeviceContext::Alloc<float>(phi::TensorBase*, unsigned long, bool) const",
           "4   phi::DeviceContext::Impl::Alloc(phi::TensorBase*, phi::Place const&, paddle::experimental::DataType, unsigned long, bool) const",
           "5   phi::DenseTensor::AllocateFrom(phi::Allocator*, paddle::experimental::DataType, unsigned long)",
           "6   paddle::memory::allocation::Allocator::Allocate(unsigned long)",
           "7   paddle::memory::allocation::StatAllocator::AllocateImpl(unsigned long)",
           "8   paddle::memory::allocation::Allocator::Allocate(unsigned long)",
           "9   paddle::memory::allocation::RetryAllocator::AllocateImpl(unsigned long)",
           "10  paddle::memory::allocation::CUDAAllocator::AllocateImpl(unsigned long)",
           "11  std::string phi::enforce::GetCompleteTraceBackString<std::string >(std::string&&, char const*, int)",
           "12  phi::enforce::GetCurrentTraceBackString[abi:cxx11](bool)", "",
           "----------------------"]
    tk = t_oom + 0.01
    for l in tb2:
        s.joblog(tk, job, l)
        tk += 0.0005
    s.joblog(tk, job, REAL_S3_OOM[0])                     # REAL_S3_OOM
    s.joblog(tk + 0.0005, job, "----------------------")
    s.joblog(tk + 0.001, job, "ResourceExhaustedError: ")
    s.joblog(tk + 0.0015, job, "")
    s.joblog(tk + 0.002, job, REAL_S3_OOM[1])
    s.joblog(tk + 0.0025, job, "")
    for k, l in enumerate(REAL_S3_OOM[2:]):
        s.joblog(tk + 0.003 + 0.0005 * k, job, l)
    # the launcher notices rank 0 exit and tears the pod down (SYNTH, launch format approximated)
    tl = t_oom + 3.2
    d = s.at(tl)
    s.joblog(tl, job, paddle_launch(d, "Pod failed"))
    s.joblog(tl + 0.001, job, f"LAUNCH ERROR {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} Container failed !!!")
    s.joblog(tl + 0.002, job, f"Container rank 0 status failed cmd ['/usr/bin/python', '-u', 'tools/train.py', '-c', '{cfg}'] code 1 log log/workerlog.0 ")
    s.joblog(tl + 0.003, job, paddle_launch(d, "------------------------- ERROR LOG DETAIL -------------------------"))
    s.joblog(tl + 0.004, job, "ResourceExhaustedError: ")
    s.joblog(tl + 0.6, job, paddle_launch(s.at(tl + 0.6), "Exit code 1"))
    s.joblog(tl + 1.0, job, f"srun: error: {node}: task 0: Exited with exit code 1")
    job_end(s, tl + 1.4, job, "FAILED", "1:0")
    return t_oom, tl + 1.4, t_train, t_eval


def build_s3() -> Scenario:
    name = "paddleocr-det-server-rank0-eval-oom-repeats-on-other-node"
    J1, J2, N1, N2 = "208317", "208349", "208120", "208298"
    start = "2024-09-03T13:30:00Z"
    n1, n2 = "ocr-a5k-04", "ocr-a5k-02"
    cfg = "configs/det/ch_PP-OCRv4/ch_PP-OCRv4_det_teacher.yml"
    s = Scenario(name, "PaddleOCR PP-OCRv4 server-det fine-tune (paddle.distributed.launch, 4 x RTX A5000 24 GB) dies at "
                 "its first evaluation: rank 0 (the only rank that evaluates) runs out of GPU memory on a very large "
                 "validation image while ranks 1-3 wait in the next all-reduce; the owner resubmits the same config on "
                 "another node and it fails the same way. Both jobs opted in to requeues.",
                 start,
                 {"name": "ocr", "partition": "a5000", "nodes": "ocr-a5k-[01-06]", "gpus_per_node": 4},
                 [{"id": J1, "name": "ppocrv4-det-invoice", "user": "lwei", "nodes": n1, "tasks_per_node": 4,
                   "started": "2024-09-03T13:41:02Z", "comment": comment(2, "/app/ocr/output/ch_PP-OCRv4_det_server_invoice")},
                  {"id": J2, "name": "ppocrv4-det-invoice", "user": "lwei", "nodes": n2, "tasks_per_node": 4,
                   "started": "2024-09-03T14:09:31Z", "comment": comment(2, "/app/ocr/output/ch_PP-OCRv4_det_server_invoice")},
                  {"id": N1, "name": "uie-x-finetune", "user": "hzhao", "nodes": "ocr-a5k-01", "tasks_per_node": 4,
                   "started": "2024-09-03T11:20:44Z"},
                  {"id": N2, "name": "pp-liteseg-road", "user": "mlin", "nodes": "ocr-a5k-05", "tasks_per_node": 4,
                   "started": "2024-09-03T13:02:15Z"}])
    rng = s.rng
    s.job_state(11 * 60 + 2.0, J1, "RUNNING", "0:0")
    oom1, end1, tr1, ev1 = s3_run(s, 11 * 60 + 4.0, J1, n1, cfg, 38211)
    s.job_state(39 * 60 + 31.0, J2, "PENDING", "0:0", reason="Priority")
    s.job_state(39 * 60 + 31.5, J2, "RUNNING", "0:0", nodes=n2)
    oom2, end2, tr2, ev2 = s3_run(s, 39 * 60 + 33.0, J2, n2, cfg, 51907)
    t_end = end2 + 1500.0
    # neighbours (SYNTH)
    tn, st = 20.0, 15300
    while tn < t_end:
        st += 100
        s.joblog(tn, N1, f"[{s.at(tn):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d}] [    INFO] - loss: {rng.uniform(0.09, 0.16):.8f}, "
                         f"learning_rate: 1e-05, global_step: {st}, interval_runtime: {rng.uniform(7.7, 8.3):.4f}, "
                         f"interval_samples_per_second: {rng.uniform(9.6, 10.4):.4f}, epoch: {st / 6200:.4f}")
        tn += 80.0 + rng.uniform(-3, 3)
    tn, it = 45.0, 31200
    while tn < t_end:
        it += 100
        s.joblog(tn, N2, f"{s.at(tn):%Y-%m-%d %H:%M:%S} [INFO]\t[TRAIN] epoch: {it // 1487 + 1}, iter: {it}/80000, "
                         f"loss: {rng.uniform(0.31, 0.42):.4f}, lr: {0.01 * (1 - it / 80000) ** 0.9:.6f}, batch_cost: "
                         f"{rng.uniform(0.61, 0.66):.4f}, reader_cost: 0.00231, ips: {rng.uniform(24.5, 26.0):.4f} samples/sec | ETA {hms((80000 - it) * 0.63)}")
        tn += 100 * 0.635 + rng.uniform(-1, 1)
    for tn, n, msg in ((900.0, n1, "nvidia 0000:41:00.0: Enabling HDA controller"),
                       (2600.0, n2, "perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79750")):
        kj(s, tn, n, msg)

    def fn(n_, g, t_):
        if n_ in (n1, n2):
            st_, oom_, tr_, ev_ = (tr1 - 30, oom1, tr1, ev1) if n_ == n1 else (tr2 - 30, oom2, tr2, ev2)
            if t_ < st_ or t_ > oom_ + 5:
                return i41(rng, "a5000", fb=0)
            if t_ < tr_:
                return i41(rng, "a5000", fb=1200 + 800 * g)
            if t_ < ev_:
                return b41(rng, "a5000", load=rng.uniform(0.88, 0.96), extra={"DCGM_FI_DEV_FB_USED": 16200 + rng.randint(-200, 200)})
            if g == 0:
                return b41(rng, "a5000", load=rng.uniform(0.7, 0.95), extra={"DCGM_FI_DEV_FB_USED": 22900 + int(40 * (t_ - ev_))})
            return spin41(rng, "a5000")
        if n_ == "ocr-a5k-01":
            return b41(rng, "a5000", load=rng.uniform(0.7, 0.9))
        return b41(rng, "a5000", load=rng.uniform(0.85, 0.95))
    tel41(s, [n1, n2], 4, 0.0, t_end, 120.0, fn)
    tel41(s, ["ocr-a5k-01", "ocr-a5k-05"], 4, 0.0, t_end, 900.0, fn, keys=LEAN41)
    s.truth = truth({"t": oom1, "category": "software", "node": None},
                    no_requeue=[J1, J2, N1, N2], no_drain=[n1, n2, "ocr-a5k-01", "ocr-a5k-05"])
    return s


# ======================================================================================
# S4  horovod-pytorch-gpu-hv04-ranks-missing-stall-no-errors  (hang: Horovod 0.21.3 + PyTorch ResNet-50 on 4 x 4
#     A100-PCIE-40GB. At 21:27 the four ranks on gpu-hv04 stop submitting tensors -- no exception, no Xid, no kernel
#     message, their GPUs idle. Horovod's stall inspector on rank 0 warns every minute and lists ranks 8-11 as
#     missing; every other GPU is idle too (negotiation never completes). The owner cancels after ~40 min.)
# ======================================================================================
# Warning line verbatim from https://github.com/horovod/horovod/issues/2843 (2021-04-10, Horovod 0.21 era; the scenario
# clock is set so its stamp fits). Line layout that follows it ("Missing ranks:" then "<rank>: [t1, t2, ... ...]") is
# SYNTH from Horovod's own stall_inspector.cc (v0.21.3: LOG(WARNING) at line 105). Truth pattern: a maintainer in
# https://github.com/horovod/horovod/issues/777 on a hang with no output and no error: "this looks like an intermittent
# network issue and/or node failure"; per https://github.com/horovod/horovod/issues/2107 a stall is benign only while
# the stalled ranks eventually catch up -- here they never do.
REAL_S4_STALL = ("[2021-04-10 21:28:20.658706: W horovod/common/stall_inspector.cc:105] One or more tensors were "
                 "submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of "
                 "ranks for more than 60 seconds. This may indicate that different ranks are trying to submit "
                 "different tensors or that only subset of ranks is submitting tensors, which will cause deadlock. ")
S4_TENSORS = ["allreduce.module.bn1.bias", "allreduce.module.bn1.weight", "allreduce.module.conv1.weight",
              "allreduce.module.fc.bias", "allreduce.module.fc.weight", "allreduce.module.layer1.0.bn1.bias"]


def hvd_tqdm(ep: int, n: int, total: int, el: float, rate: float, loss: float, acc: float) -> str:
    """SYNTH: the Horovod PyTorch ImageNet example's tqdm line as a non-tty log shows it (no bar)."""
    rem = (total - n) / rate
    rs = f"{rate:5.2f}it/s" if rate >= 1 else f"{1 / rate:5.2f}s/it"
    return f"Train Epoch     #{ep}: {100 * n / total:3.0f}% {n}/{total} [{fmt_interval(el)}<{fmt_interval(rem)}, {rs}, loss={loss:.3g}, accuracy={acc:.3g}]"


def build_s4() -> Scenario:
    name = "horovod-pytorch-gpu-hv04-ranks-missing-stall-no-errors"
    J, N1, N2 = "482230", "482197", "482251"
    start = "2021-04-10T20:30:00Z"
    nodes = ["gpu-hv02", "gpu-hv03", "gpu-hv04", "gpu-hv05"]
    bad = "gpu-hv04"
    s = Scenario(name, "Horovod 0.21.3 + PyTorch 1.8 ResNet-50 ImageNet training (16 ranks, srun --mpi=pmix) on "
                 "gpu-hv[02-05], 4 x A100-PCIE-40GB each. The ranks of one node stop submitting tensors without any "
                 "error; Horovod's stall inspector keeps warning; the owner cancels. The job opted in to requeues; "
                 "two other owners' jobs run on other nodes.",
                 start,
                 {"name": "hv", "partition": "a100", "nodes": "gpu-hv[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "hvd-rn50-imagenet", "user": "dmoreau", "nodes": "gpu-hv[02-05]",
                   "tasks_per_node": 4, "started": "2021-04-10T18:02:44Z",
                   "comment": comment(2, "/work/dmoreau/rn50/checkpoints")},
                  {"id": N1, "name": "detr-coco-r50", "user": "sfischer", "nodes": "gpu-hv[06-07]",
                   "tasks_per_node": 4, "started": "2021-04-10T16:40:12Z"},
                  {"id": N2, "name": "bert-base-ner", "user": "ilopez", "nodes": "gpu-hv08", "tasks_per_node": 1,
                   "started": "2021-04-10T20:05:31Z"}])
    rng = s.rng
    fmt = "%Y-%m-%d %H:%M:%S.%f"
    t_w0 = t_of(s, REAL_S4_STALL[1:27], fmt)
    t_stall = t_w0 - 60.0 - 0.63
    total, rate = 2502, 2.41
    ep, n, el = 24, 1890, 1890 / rate
    tt = 12.0
    loss, acc = 2.03, 55.1
    last = tt
    while tt < t_stall:
        dt_ = 60.0 + rng.uniform(-0.4, 0.4)
        if tt + dt_ > t_stall:
            break
        tt += dt_
        n += int(dt_ * rate * rng.uniform(0.99, 1.01))
        el += dt_
        if n >= total:
            # epoch end (SYNTH): validation on all ranks, checkpoint on rank 0
            s.joblog(tt, J, label(0, 2) + hvd_tqdm(ep, total, total, total / rate, rate, loss, acc))
            tv = tt + 41.0
            s.joblog(tv, J, label(0, 2) + f"Validate Epoch  #{ep}: 100% 98/98 [00:41<00:00,  2.38it/s, loss={loss - 0.21:.3g}, accuracy={acc + 3.2:.3g}]")
            tt = tv + 6.0
            ep, n, el = ep + 1, 0, 0.0
            loss, acc = loss - 0.04, acc + 0.9
            continue
        loss = max(1.6, loss - rng.uniform(0, 0.004))
        acc = min(70.0, acc + rng.uniform(0, 0.03))
        s.joblog(tt, J, label(0, 2) + hvd_tqdm(ep, n, total, el, rate * rng.uniform(0.99, 1.01), loss, acc))
        last = tt
    # the stall (REAL first warning, then SYNTH repeats every ~60 s until the owner cancels)
    t_cancel = t_w0 + 41 * 60.0 + 17.0
    tw = t_w0
    first = True
    while tw < t_cancel:
        line = REAL_S4_STALL if first else (f"[{s.at(tw):%Y-%m-%d %H:%M:%S}.{s.at(tw).microsecond:06d}: W horovod/common/stall_inspector.cc:105] "
                                             + REAL_S4_STALL.split("] ", 1)[1])
        s.joblog(tw, J, label(0, 2) + line)   # REAL_S4_STALL (first)
        s.joblog(tw + 0.0001, J, label(0, 2) + "Missing ranks:")
        for r in range(8, 12):
            s.joblog(tw + 0.0002 * (r - 7), J, label(0, 2) + f"{r}: [{S4_TENSORS[0]}, " + ", ".join(S4_TENSORS[1:]) + " ...]")
        first = False
        tw += 60.0 + rng.uniform(0.0, 0.05)
    s.joblog(t_cancel, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_cancel + 0.1, J, f"slurmstepd: error: *** STEP {J}.0 ON gpu-hv02 CANCELLED AT {s.at(t_cancel + 0.1):%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(t_cancel + 0.2, J, f"slurmstepd: error: *** JOB {J} ON gpu-hv02 CANCELLED AT {s.at(t_cancel + 0.2):%Y-%m-%dT%H:%M:%S} ***")
    job_end(s, t_cancel + 0.8, J, "CANCELLED", "0:15")
    t_end = t_cancel + 900.0
    # neighbours (SYNTH)
    tn = 50.0
    ep2, it2 = 88, 0
    while tn < t_end:
        it2 += 100
        if it2 > 1830:
            ep2, it2 = ep2 + 1, 100
        s.joblog(tn, N1, f"Epoch: [{ep2}]  [{it2:4d}/1833]  eta: {dt.timedelta(seconds=int((1833 - it2) * 0.52))}  lr: 0.000100  "
                         f"class_error: {rng.uniform(0.5, 4.0):.2f}  loss: {rng.uniform(3.9, 4.6):.4f} ({rng.uniform(4.1, 4.3):.4f})  "
                         f"time: {rng.uniform(0.49, 0.55):.4f}  data: 0.0061  max mem: 8731")
        tn += 100 * 0.52 + rng.uniform(-1, 1)
    tn, st = 70.0, 1900
    while tn < t_end:
        st += 500
        s.joblog(tn, N2, "{'loss': %.4f, 'learning_rate': %.6g, 'epoch': %.2f}" % (rng.uniform(0.02, 0.06), 3e-5 * (1 - st / 88000), st / 8800))
        tn += 500 * 0.31 + rng.uniform(-1, 1)
    for tn, n_, msg in ((1500.0, "gpu-hv03", "NFS: server fs02 OK"), (5300.0, bad, "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750")):
        kj(s, tn, n_, msg)

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ < t_stall:
                return b41(rng, "a100_40", load=rng.uniform(0.88, 0.96))
            if t_ < t_cancel:
                return i41(rng, "a100_40", fb=31200 + rng.randint(-300, 300), clk=1410 if n_ != bad else 210)
            return i41(rng, "a100_40", fb=0)
        if n_ == "gpu-hv08":
            return b41(rng, "a100_40", load=0.7) if g == 0 else i41(rng, "a100_40")
        return b41(rng, "a100_40", load=rng.uniform(0.85, 0.95))
    tel41(s, nodes, 4, 0.0, t_end, 300.0, fn)
    tel41(s, ["gpu-hv06", "gpu-hv07", "gpu-hv08"], 4, 0.0, t_end, 900.0, fn, keys=LEAN41)
    s.truth = truth({"t": round(last + 2.0, 3), "category": "hang", "node": bad},
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=nodes + ["gpu-hv06", "gpu-hv07", "gpu-hv08"])
    return s


# ======================================================================================
# S5  llmjp-a055-gpu1-xid140-uncorrectable-ecc-resubmit-fails-again  (gpu_hardware: Megatron-LM pretraining on 8 x 8
#     H100 (driver R550). GPU 1 of a055 (bus 2a) reports Xid 140 "An uncorrectable ECC error detected (possible
#     firmware handling failure)" five times in 24 s with pid '<unknown>'; rank 49 dies with a CUDA ECC error, the
#     others hang in NCCL until the watchdog; the job fails. Its dependency-chained resubmission (not opted in) lands on
#     the same nodes and dies at its first iterations with another Xid 140 on a055; one more follows while idle. The
#     site health check then fails a055 and an admin drains it.)
# ======================================================================================
# Source: https://github.com/llm-jp/nii-sakura-cluster-configs/blob/main/health-check/README.md -- sample output of the
# LLM-jp cluster's ansible health check: task "Fail if any GPU ECC errors found in dmesg" fails node a055 with the
# seven dmesg lines below (verbatim, `dmesg -T` stamps of Sun Aug 25 2024 kept -- the scenario clock fits them) and
# "msg": "GPU ECC errors found in dmesg". Xid 140 is an unrecovered/uncorrectable ECC error (reset/repair bucket).
REAL_S5_XID = [
    "[Sun Aug 25 20:10:45 2024] NVRM: Xid (PCI:0000:2a:00): 140, pid='<unknown>', name=<unknown>, An uncorrectable ECC error detected (possible firmware handling failure) DRAM:0, LTC:0, MMU:0, PCIE:0",
    "[Sun Aug 25 20:10:51 2024] NVRM: Xid (PCI:0000:2a:00): 140, pid='<unknown>', name=<unknown>, An uncorrectable ECC error detected (possible firmware handling failure) DRAM:0, LTC:0, MMU:0, PCIE:0",
    "[Sun Aug 25 20:10:52 2024] NVRM: Xid (PCI:0000:2a:00): 140, pid='<unknown>', name=<unknown>, An uncorrectable ECC error detected (possible firmware handling failure) DRAM:0, LTC:0, MMU:0, PCIE:0",
    "[Sun Aug 25 20:11:08 2024] NVRM: Xid (PCI:0000:2a:00): 140, pid='<unknown>', name=<unknown>, An uncorrectable ECC error detected (possible firmware handling failure) DRAM:0, LTC:0, MMU:0, PCIE:0",
    "[Sun Aug 25 20:11:09 2024] NVRM: Xid (PCI:0000:2a:00): 140, pid='<unknown>', name=<unknown>, An uncorrectable ECC error detected (possible firmware handling failure) DRAM:0, LTC:0, MMU:0, PCIE:0",
    "[Sun Aug 25 20:26:17 2024] NVRM: Xid (PCI:0000:2a:00): 140, pid='<unknown>', name=<unknown>, An uncorrectable ECC error detected (possible firmware handling failure) DRAM:0, LTC:0, MMU:0, PCIE:0",
    "[Sun Aug 25 20:31:38 2024] NVRM: Xid (PCI:0000:2a:00): 140, pid='<unknown>', name=<unknown>, An uncorrectable ECC error detected (possible firmware handling failure) DRAM:0, LTC:0, MMU:0, PCIE:0",
]
SAKURA_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
              "0000:db:00"]


def s5_crash(s: Scenario, t: float, job: str, nodes: list, bad_rank: int, py: str, seqs: tuple) -> float:
    """SYNTH: rank `bad_rank` dies with the CUDA ECC error; the others' watchdogs fire; torchrun/srun teardown."""
    rng = s.rng
    r = bad_rank
    node_of = lambda rr: nodes[rr // 8]
    pfx = label(r, 2)
    for l in [f"[rank{r}]: Traceback (most recent call last):",
              f'[rank{r}]:   File "/home/shimizu/Megatron-LM/pretrain_gpt.py", line 243, in <module>',
              f"[rank{r}]:     pretrain(",
              f'[rank{r}]:   File "/home/shimizu/Megatron-LM/megatron/training/training.py", line 349, in pretrain',
              f"[rank{r}]:     iteration, num_floating_point_operations_so_far = train(",
              f'[rank{r}]:   File "/home/shimizu/Megatron-LM/megatron/training/training.py", line 1246, in train',
              f"[rank{r}]:     train_step(forward_step_func,",
              f'[rank{r}]:   File "{py}/torch/cuda/streams.py", line 225, in synchronize',
              f"[rank{r}]:     super().synchronize()",
              f"[rank{r}]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
              f"[rank{r}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
              f"[rank{r}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
              f"[rank{r}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]:
        s.joblog(t, job, pfx + l)
        t += 0.0005
    s.joblog(t + 1.3, job, f"srun: error: {node_of(r)}: task {r}: Exited with exit code 1")
    tw = t + 600.0 + rng.uniform(2, 9)
    for rr in list(range(0, 64, 7))[:8]:
        if rr == r:
            continue
        d = s.at(tw)
        s.joblog(tw, job, label(rr, 2) + c10d_e(rr, d, rng.randint(0, 999), "ProcessGroupNCCL.cpp:607",
                 f"[Rank {rr}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seqs[0]}, OpType=ALLREDUCE, "
                 f"NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for {600000 + rng.randint(20, 900)} milliseconds before timing out."))
        tw += rng.uniform(0.01, 0.2)
    te = tw + 4.0
    for i, n in enumerate(nodes):
        rs = (f"tasks {8 * i}-{8 * i + 7}" if n != node_of(r) else
              f"tasks {','.join(x for x in (f'{8 * i}-{r - 1}' if r - 1 > 8 * i else str(8 * i) if r > 8 * i else '', f'{r + 1}-{8 * i + 7}') if x)}")
        s.joblog(te + 0.4 * i, job, f"srun: error: {n}: {rs}: Aborted")
    return te + 4.0


def build_s5() -> Scenario:
    name = "llmjp-a055-gpu1-xid140-uncorrectable-ecc-resubmit-fails-again"
    J1, J2, N1, N2 = "66412", "66431", "66398", "66405"
    start = "2024-08-25T19:30:00Z"
    nodes = [f"a0{n}" for n in range(49, 57)]
    bad = "a055"
    s = Scenario(name, "Megatron-LM pretraining (TP 2 / PP 2 / DP 16, 64 ranks) on a[049-056], 8 x H100-SXM5-80GB each "
                 "(driver 550). GPU 1 of a055 reports Xid 140 uncorrectable ECC errors; rank 49 dies, the job fails after "
                 "the NCCL watchdogs fire. The owner's dependency-chained resubmission (no requeue opt-in) starts on "
                 "the same nodes and dies again; an admin later drains a055. The first job opted in to requeues.",
                 start,
                 {"name": "sakura", "partition": "gpu", "nodes": "a[041-064]", "gpus_per_node": 8,
                  "pci_bus_ids": SAKURA_BUS},
                 [{"id": J1, "name": "llmjp3-13b-exp7", "user": "shimizu", "nodes": "a[049-056]", "tasks_per_node": 8,
                   "started": "2024-08-25T14:02:18Z", "comment": comment(3, "/model/llmjp3-13b-exp7/checkpoints")},
                  {"id": J2, "name": "llmjp3-13b-exp7", "user": "shimizu", "nodes": "a[049-056]", "tasks_per_node": 8,
                   "started": "2024-08-25T20:24:39Z"},
                  {"id": N1, "name": "sft-13b-ichikara", "user": "okada", "nodes": "a[041-044]", "tasks_per_node": 8,
                   "started": "2024-08-25T17:45:02Z"},
                  {"id": N2, "name": "eval-harness-jaster", "user": "nakamura", "nodes": "a060", "tasks_per_node": 8,
                   "started": "2024-08-25T19:51:40Z"}])
    rng = s.rng
    fmt = "[%a %b %d %H:%M:%S %Y]"
    xt = [t_of(s, l[:26], fmt) for l in REAL_S5_XID]
    py = "/home/shimizu/venv-llmjp/lib/python3.10/site-packages"
    # J1 iteration lines (last rank prints; log-interval 10, ~6.9 s/iteration)
    it, tt, loss = 187640, 8.0, 1.9312
    while tt < xt[0] - 30:
        it += 10
        tt += 10 * 6.92 * rng.uniform(0.99, 1.015)
        if tt >= xt[0]:
            break
        loss = max(1.8, loss - rng.uniform(0, 0.0008))
        s.joblog(tt, J1, "63: " + mcore_iter(s.at(tt), it, 250000, 6920 * rng.uniform(0.99, 1.015), 2.31e-4 - it * 2e-10,
                                              loss + rng.uniform(-0.02, 0.02), 1024))
        last1 = tt
    for k, l in enumerate(REAL_S5_XID[:5]):
        s.kernel(xt[k], bad, l)   # REAL_S5_XID
    end1 = s5_crash(s, xt[0] + 1.4, J1, nodes, 49, py, (1876402,))
    job_end(s, end1, J1, "FAILED", "1:0")
    # the chained resubmission (SYNTH) starts ~20:24:39, dies with the next Xid 140 at 20:26:17
    t2 = t_of(s, "[Sun Aug 25 20:24:39 2024]", fmt)
    s.job_state(t2 - 1.0, J2, "PENDING", "0:0", reason="Dependency")
    s.job_state(t2, J2, "RUNNING", "0:0", nodes="a[049-056]")
    s.joblog(t2 + 31.0, J2, label(0, 2) + f" > loading checkpoint from /model/llmjp3-13b-exp7/checkpoints at iteration 187500")
    s.joblog(t2 + 71.5, J2, label(0, 2) + f"  successfully loaded checkpoint from /model/llmjp3-13b-exp7/checkpoints [ t 1/2, p 1/2 ] at iteration 187500")
    s.joblog(t2 + 84.0, J2, label(0, 2) + f"[before the start of training step] datetime: {s.at(t2 + 84.0):%Y-%m-%d %H:%M:%S} ")
    s.kernel(xt[5], bad, REAL_S5_XID[5])
    end2 = s5_crash(s, xt[5] + 0.9, J2, nodes, 49, py, (14,))
    job_end(s, end2, J2, "FAILED", "1:0")
    s.kernel(xt[6], bad, REAL_S5_XID[6])
    # admin drains after the health check (SYNTH reason, the check's msg)
    t_dr = xt[6] + 9 * 60 + 12.0
    s.node_state(t_dr, bad, "IDLE+DRAIN", "GPU ECC errors found in dmesg")
    t_end = t_dr + 900.0
    # neighbours (SYNTH)
    tn, st = 40.0, 3100
    while tn < t_end:
        st += 50
        s.joblog(tn, N1, "31: " + mcore_iter(s.at(tn), st, 9000, 3480 * rng.uniform(0.99, 1.02), 1.0e-5, rng.uniform(0.92, 1.05), 256))
        tn += 50 * 3.48 + rng.uniform(-1, 1)
    tn = 95.0
    tasks = ["jcommonsenseqa", "jemhopqa", "jnli", "jsquad", "marc_ja", "mawps", "niilc", "chabsa"]
    k = 0
    while tn < t_end:
        s.joblog(tn, N2, f"0: INFO {s.at(tn):%Y-%m-%d %H:%M:%S} evaluator.py:327 task={tasks[k % 8]} shard={k // 8} "
                         f"done n={rng.randint(180, 260)} acc={rng.uniform(0.4, 0.9):.4f}")
        k += 1
        tn += rng.uniform(140, 220)
    for tn, n_, msg in ((600.0, "a052", "mlx5_core 0000:bc:00.0: mlx5e_ethtool_get_link_ksettings:2216:(pid 2811): Unsupported link mode: 0x0"),
                        (3900.0, "a050", "perf: interrupt took too long (2529 > 2500), lowering kernel.perf_event_max_sample_rate to 79000")):
        djt(s, tn, n_, msg)

    def fn(n_, g, t_):
        if n_ in nodes:
            x = 0
            if n_ == bad and g == 1 and t_ > xt[0]:
                x = 140
            ex = {"DCGM_FI_DEV_XID_ERRORS": x}
            if n_ == bad and g == 1 and t_ > xt[0]:
                ex["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 5 if t_ < xt[5] else (6 if t_ < xt[6] else 7)
            if t_ < xt[0]:
                return b41(rng, "h100sxm", load=rng.uniform(0.9, 0.97), key=K41_EVT, extra=ex)
            if t_ < end1 - 8:
                if n_ == bad and g == 1:
                    return i41(rng, "h100sxm", fb=0, key=K41_EVT, clk=345) | ex
                return spin41(rng, "h100sxm", key=K41_EVT) | ex
            if t2 + 60 < t_ < xt[5]:
                return b41(rng, "h100sxm", load=rng.uniform(0.6, 0.9), key=K41_EVT, extra=ex)
            if xt[5] <= t_ < end2 - 8:
                if n_ == bad and g == 1:
                    return i41(rng, "h100sxm", fb=0, key=K41_EVT, clk=345) | ex
                return spin41(rng, "h100sxm", key=K41_EVT) | ex
            return i41(rng, "h100sxm", fb=0, key=K41_EVT, clk=345) | ex
        return b41(rng, "h100sxm", load=rng.uniform(0.8, 0.95), key=K41_EVT)
    tel41(s, nodes, 8, 0.0, t_end, 600.0, fn, keys=LEAN41 + ("DCGM_FI_DEV_FB_USED",))
    tel41(s, ["a041", "a042", "a060"], 8, 0.0, t_end, 1800.0, fn, keys=LEAN41)
    s.truth = truth({"t": xt[0], "category": "gpu_hardware", "node": bad, "gpu": 1},
                    drain=[bad], requeue={J1: {"exclude": [bad]}}, no_requeue=[J2, N1, N2],
                    no_drain=[n for n in nodes if n != bad] + ["a041", "a042", "a060"])
    return s


# ======================================================================================
# S6  mxnet-sr670-psu-loss-pcie-power-brake-all-four-gpus  (gpu_degraded: MXNet 1.5 ImageNet training (inception-bn,
#     kvstore 'device') on the 4 V100-PCIE-32GB of a Lenovo SR670. One power supply of the node drops out; with the
#     default 'Proactive' PCIe power brake the XCC throttles the GPUs because their power now exceeds a third of the
#     remaining PSU wattage: all four GPUs report HW Slowdown + HW Power Brake, ~600 MHz, ~95 W; Speedometer falls
#     from ~490 to ~180 samples/sec. No error anywhere; Slurm sees nothing.)
# ======================================================================================
# Mechanism and truth (vendor docs): https://pubs.lenovo.com/sr670/gpu_power_braking -- "PCIe power brake (PCIe
# throttling) quickly reduces the power consumption of high-powered PCIe devices, such as GPU adapters ... Proactive
# (default): ... High-powered PCIe device performance is reduced when the total power from high-powered PCIe devices is
# greater than one third of the sum of active power supply wattages." A node whose GPUs are braked by its platform
# works but slowly -> gpu_degraded on the node (all four GPUs), drain until the PSU is replaced.
# Speedometer lines (normal-speed phase, epoch 6) verbatim from https://github.com/apache/mxnet/issues/8366 (MXNet
# inception_bn on 1 million images); tabs appear expanded as in the thread. That thread's own slowdown is not claimed
# to be this mechanism -- its lines are used as text only.
REAL_S6_SPEED = [
    "INFO:root:Epoch[6] Batch [420]  Speed: 490.41 samples/sec       accuracy=0.479903",
    "INFO:root:Epoch[6] Batch [430]  Speed: 486.56 samples/sec       accuracy=0.479966",
    "INFO:root:Epoch[6] Batch [440]  Speed: 497.60 samples/sec       accuracy=0.480021",
    "INFO:root:Epoch[6] Batch [450]  Speed: 492.58 samples/sec       accuracy=0.480291",
    "INFO:root:Epoch[6] Batch [460]  Speed: 528.04 samples/sec       accuracy=0.480422",
    "INFO:root:Epoch[6] Batch [470]  Speed: 464.52 samples/sec       accuracy=0.480718",
    "INFO:root:Epoch[6] Batch [480]  Speed: 484.11 samples/sec       accuracy=0.480919",
    "INFO:root:Epoch[6] Batch [490]  Speed: 484.18 samples/sec       accuracy=0.480966",
    "INFO:root:Epoch[6] Batch [500]  Speed: 495.10 samples/sec       accuracy=0.481116",
    "INFO:root:Epoch[6] Batch [510]  Speed: 486.60 samples/sec       accuracy=0.481291",
]


def mx_speed(ep: int, batch: int, speed: float, acc: float) -> str:
    """SYNTH: MXNet Speedometer line with the tab expanded the same way as the real ones."""
    return f"INFO:root:Epoch[{ep}] Batch [{batch}]\tSpeed: {speed:.2f} samples/sec\taccuracy={acc:.6f}".expandtabs(8)


def build_s6() -> Scenario:
    name = "mxnet-sr670-psu-loss-pcie-power-brake-all-four-gpus"
    J, N1, N2 = "91877", "91862", "91881"
    start = "2020-03-17T09:00:00Z"
    node = "sr670-06"
    s = Scenario(name, "MXNet 1.5 inception-bn ImageNet-1k training (train_imagenet.py, kvstore 'device', batch 256) "
                 "on the 4 V100-PCIE-32GB of one Lenovo SR670. Mid-epoch the node's GPUs are all power-braked by the "
                 "platform; the job keeps running at ~40 % of its speed without any error. The job opted in to "
                 "requeues; other owners' jobs run on sibling nodes.",
                 start,
                 {"name": "gpu-sr670", "partition": "v100", "nodes": "sr670-[01-10]", "gpus_per_node": 4},
                 [{"id": J, "name": "mx-inception-bn-in1k", "user": "mjie", "nodes": node, "tasks_per_node": 1,
                   "started": "2020-03-17T04:31:05Z", "comment": comment(2, "/scratch/mjie/inception-bn")},
                  {"id": N1, "name": "deeplabv3-cityscapes", "user": "tbrandt", "nodes": "sr670-05", "tasks_per_node": 4,
                   "started": "2020-03-17T06:12:40Z"},
                  {"id": N2, "name": "fasttext-sweep-17", "user": "ngrau", "nodes": "sr670-08", "tasks_per_node": 1,
                   "started": "2020-03-17T08:41:12Z"}])
    rng = s.rng
    per10 = 2560 / 490.0     # seconds per 10 batches at ~490 samples/s
    tt, ep, b = 30.0, 6, 0
    acc = 0.4786
    t_brake = None
    real_i = 0
    ep_t0 = tt - 2560.0 / 490.0 * 0   # SYNTH: epoch 6 began just before the window (batch 0 at t=30 s)
    while tt < 82 * 60.0:
        b += 10
        if b > 5000:
            # epoch end (SYNTH)
            s.joblog(tt, J, f"INFO:root:Epoch[{ep}] Train-accuracy={acc:.6f}")
            s.joblog(tt + 0.01, J, f"INFO:root:Epoch[{ep}] Time cost={tt - ep_t0:.3f}")
            s.joblog(tt + 1.6, J, f'INFO:root:Saved checkpoint to "/scratch/mjie/inception-bn/inception-bn-{ep + 1:04d}.params"')
            s.joblog(tt + 58.0, J, f"INFO:root:Epoch[{ep}] Validation-accuracy={acc + 0.031:.6f}")
            tt += 60.0
            ep_t0 = tt
            ep, b = ep + 1, 10
        slow = t_brake is not None
        spd = (rng.uniform(176, 191) if slow else rng.uniform(479, 501))
        tt += 2560.0 / spd
        acc = min(0.62, acc + rng.uniform(0.0, 0.00004))
        if ep == 6 and 420 <= b <= 510:
            s.joblog(tt, J, REAL_S6_SPEED[real_i])   # REAL_S6_SPEED
            real_i += 1
            acc = 0.481291
        else:
            s.joblog(tt, J, mx_speed(ep, b, spd, acc))
        if t_brake is None and tt > 27 * 60.0:
            t_brake = tt + 1.3
    t_end = tt + 60.0
    # neighbours (SYNTH)
    tn, it = 25.0, 41500
    while tn < t_end:
        it += 200
        s.joblog(tn, N1, f"{s.at(tn):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} - mmseg - INFO - Iter [{it}/80000]\tlr: "
                         f"{0.01 * (1 - it / 80000) ** 0.9:.3e}, eta: {dt.timedelta(seconds=int((80000 - it) * 0.83))}, "
                         f"time: {rng.uniform(0.81, 0.86):.3f}, data_time: 0.009, memory: 9410, decode.loss_seg: "
                         f"{rng.uniform(0.14, 0.19):.4f}, decode.acc_seg: {rng.uniform(93.5, 95.0):.4f}, loss: {rng.uniform(0.2, 0.26):.4f}".expandtabs(8))
        tn += 200 * 0.835 + rng.uniform(-2, 2)
    tn, k = 60.0, 0
    while k * 3.1 < 100.0:
        s.joblog(tn, N2, f"Progress: {k * 3.1:5.1f}% words/sec/thread: {rng.randint(810000, 870000):7d} lr: "
                         f"{max(0.0, 0.05 * (1 - k * 0.031)):9.6f} avg.loss: {rng.uniform(0.41, 0.47):9.6f} ETA: {0:3d}h{max(0, 31 - k):2d}m")
        k += 1
        tn += 60.0
    s.joblog(tn, N2, f"Progress: 100.0% words/sec/thread: {rng.randint(810000, 870000)} lr:  0.000000 avg.loss: "
                     f"{rng.uniform(0.41, 0.44):9.6f} ETA:   0h 0m")
    p1 = rng.uniform(0.62, 0.66)
    for k2, l in enumerate(("N\t10000", f"P@1\t{p1:.3f}", f"R@1\t{p1:.3f}")):
        s.joblog(tn + 2.0 + 0.001 * k2, N2, l)
    job_end(s, tn + 6.0, N2, "COMPLETED", "0:0")
    t_n2_end = tn + 6.0
    for tn, n_, msg in ((1300.0, node, "ipmi_si IPI0001:00: IPMI message handler: BMC returned 0xcc, internal error"),
                        (3000.0, "sr670-05", "perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500")):
        kj(s, tn, n_, msg)

    def fn(n_, g, t_):
        if n_ == node:
            if t_brake is not None and t_ >= t_brake:
                return b41(rng, "v100pcie", load=rng.uniform(0.97, 1.0), clock=rng.choice([592, 607, 615, 637]),
                           power=rng.uniform(88, 103), thr=0x88, extra={"DCGM_FI_DEV_GPU_TEMP": rng.randint(41, 46)})
            return b41(rng, "v100pcie", load=rng.uniform(0.92, 0.98), thr=0)
        if n_ == "sr670-08":
            if t_ > t_n2_end:
                return i41(rng, "v100pcie", clk=135)
            return b41(rng, "v100pcie", load=0.4) if g == 0 else i41(rng, "v100pcie", clk=135)
        return b41(rng, "v100pcie", load=rng.uniform(0.88, 0.96), thr=0)
    tel41(s, [node], 4, 0.0, t_end, 120.0, fn)
    tel41(s, ["sr670-05", "sr670-08"], 4, 0.0, t_end, 600.0, fn, keys=LEAN41)
    s.truth = truth({"t": t_brake, "category": "gpu_degraded", "node": node},
                    drain=[node], requeue={J: {"exclude": [node]}}, no_requeue=[N1, N2],
                    no_drain=["sr670-05", "sr670-08"])
    return s


# ======================================================================================
# S7  power9-ac922-kernel-ue-machine-check-panic-node0042  (node_failure: OpenAI improved-diffusion training over MPI
#     (srun --mpi=pmix, 16 ranks, NCCL) on four IBM AC922 (POWER9, 4 x V100-SXM2-32GB, RHEL 7.6 ALT kernel). node0042
#     takes an unrecoverable memory UE in kernel mode: the powerpc MCE handler prints "Severe Machine check interrupt
#     [Not recovered]", then "Oops: Machine check, sig: 7 [#1]" and the kernel panics; the node disappears
#     (DOWN+NOT_RESPONDING after SlurmdTimeout), the job ends NODE_FAIL. The node reboots ~20 min later and Slurm's
#     ReturnToService brings it back IDLE.)
# ======================================================================================
# Oops line verbatim from https://github.com/linuxppc/issues/issues/137 ("Unrecoverable MCE may not print queued mce
# event", POWER9 PowerNV). The MCE event lines around it are SYNTH in the exact layout of the emitter,
# machine_check_print_event_info() in arch/powerpc/kernel/mce.c ("%s%s Machine check interrupt [%s]", "  NIP [%016llx]:
# %pS", "  Initiator: %s", "  Error type: UE [%s]", "    Effective address: %016llx"), see
# https://github.com/torvalds/linux/blob/master/arch/powerpc/kernel/mce.c . Truth by FORMAT's node_failure rule (host
# gone after a kernel panic, NODE_FAIL) -- an uncorrectable memory error keeps the node out until repaired.
REAL_S7_OOPS = "Oops: Machine check, sig: 7 [#1]"


def idiff_kvs(kvs: dict) -> list:
    """SYNTH: improved-diffusion logger.HumanOutputFormat.writekvs table (keys sorted, %-8.3g values)."""
    k2s = {}
    for k, v in sorted(kvs.items()):
        vs = ("%-8.3g" % v) if isinstance(v, float) else str(v)
        k2s[k[:30]] = vs[:30]
    kw = max(len(k) for k in k2s)
    vw = max(len(v) for v in k2s.values())
    dashes = "-" * (kw + vw + 7)
    return [dashes] + ["| %s%s | %s%s |" % (k, " " * (kw - len(k)), v, " " * (vw - len(v))) for k, v in k2s.items()] + [dashes]


def build_s7() -> Scenario:
    name = "power9-ac922-kernel-ue-machine-check-panic-node0042"
    J, N1, N2 = "1198340", "1198211", "1198377"
    start = "2021-06-14T02:20:00Z"
    nodes = ["node0040", "node0041", "node0042", "node0043"]
    bad = "node0042"
    s = Scenario(name, "OpenAI improved-diffusion (ImageNet-64, 16 MPI ranks via srun --mpi=pmix, NCCL) on four IBM "
                 "AC922 POWER9 nodes, 4 x V100-SXM2-32GB each. One node takes an unrecoverable machine check in kernel "
                 "mode and panics; Slurm declares it DOWN and the job NODE_FAIL; the node reboots and returns IDLE. "
                 "The job opted in to requeues; two other owners' jobs run on other nodes.",
                 start,
                 {"name": "p9", "partition": "sched_system_all", "nodes": "node[0030-0047]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0004:04:00", "0004:05:00", "0035:03:00", "0035:04:00"]},
                 [{"id": J, "name": "idiff-in64-cond", "user": "jiali", "nodes": "node[0040-0043]", "tasks_per_node": 4,
                   "started": "2021-06-13T22:15:10Z", "comment": comment(2, "/nobackup/users/jiali/idiff_in64")},
                  {"id": N1, "name": "wmt-transformer-big", "user": "oyilmaz", "nodes": "node[0036-0037]",
                   "tasks_per_node": 4, "started": "2021-06-13T19:40:31Z"},
                  {"id": N2, "name": "gnn-qm9-sweep", "user": "kchen", "nodes": "node0045", "tasks_per_node": 1,
                   "started": "2021-06-14T01:58:02Z"}])
    rng = s.rng
    t_f = 53 * 60 + 41.0       # 03:13:41
    step, tt = 143000, 20.0
    samples = step * 2048
    loss = 0.0362
    while tt < t_f:
        step += 100
        tt += 100 * 0.87 * rng.uniform(0.99, 1.02)
        if tt >= t_f:
            break
        samples = step * 2048
        loss = max(0.031, loss * rng.uniform(0.996, 1.003))
        kv = {"grad_norm": rng.uniform(0.13, 0.21), "loss": loss, "loss_q0": loss * 2.6, "loss_q1": loss * 0.99,
              "loss_q2": loss * 0.52, "loss_q3": loss * 0.2, "mse": loss * 0.92, "mse_q0": loss * 2.4,
              "mse_q1": loss * 0.91, "mse_q2": loss * 0.48, "mse_q3": loss * 0.18, "param_norm": 291.0 + step * 1e-4,
              "samples": float(samples), "step": float(step), "vb": loss * 0.08, "vb_q0": loss * 0.2,
              "vb_q1": loss * 0.08, "vb_q2": loss * 0.04, "vb_q3": loss * 0.016}
        for k, l in enumerate(idiff_kvs(kv)):
            s.joblog(tt + 0.0002 * k, J, label(0, 2) + l)
        if step % 2000 == 0:
            s.joblog(tt + 0.5, J, label(0, 2) + "saving model 0...")
            s.joblog(tt + 9.5, J, label(0, 2) + "saving model 0.9999...")
            tt += 11.0
        last = tt
    # the machine check on node0042 (journal via remote syslog)
    mce = ["Severe Machine check interrupt [Not recovered]",
           "  NIP [c0000000000a6e40]: memcpy_power7+0x4c0/0x7e0",
           "  Initiator: CPU",
           "  Error type: UE [Load/Store]",
           "    Effective address: c0002018bd5a3f80",
           "    Physical address:  0000201cbd5a3f80"]
    for k, l in enumerate(mce):
        kj(s, t_f + 0.0003 * k, bad, l)
    kj(s, t_f + 0.003, bad, REAL_S7_OOPS)   # REAL_S7_OOPS
    for k, l in enumerate(["LE PAGE_SIZE=64K MMU=Radix SMP NR_CPUS=2048 NUMA PowerNV",
                           "Modules linked in: nvidia_uvm(OE) nvidia_drm(POE) nvidia_modeset(POE) nvidia(POE) mlx5_ib ib_uverbs mlx5_core gpfs26(OE) ...",
                           "CPU: 83 PID: 61937 Comm: python Kdump: loaded Tainted: P           OE  ------------   4.14.0-115.21.2.el7a.ppc64le #1",
                           "NIP:  c0000000000a6e40 LR: c0000000003c7b14 CTR: 0000000000000080",
                           "Kernel panic - not syncing: Fatal exception"]):
        kj(s, t_f + 0.004 + 0.0003 * k, bad, l)
    # peers: silence; NCCL collectives stall (no NCCL timeout configured); Slurm reacts (SYNTH)
    t_nr = t_f + 301.0
    s.node_state(t_nr, bad, "DOWN+NOT_RESPONDING", "Not responding")
    node_fail_lines(s, t_nr + 0.4, J, bad, nodes[0])
    job_end(s, t_nr + 1.0, J, "NODE_FAIL", "0:0")
    # reboot and return to service (SYNTH)
    t_bt = t_f + 22 * 60 + 7.0
    for k, l in enumerate(["Linux version 4.14.0-115.21.2.el7a.ppc64le (mockbuild@ppc-061.build.eng.bos.redhat.com) (gcc version 4.8.5 20150623 (Red Hat 4.8.5-39) (GCC)) #1 SMP Mon Nov 11 09:41:08 EST 2019",
                           "opal: OPAL detected !",
                           "NVRM: loading NVIDIA UNIX ppc64le Kernel Module  440.95.01  Thu Jun 25 08:21:59 UTC 2020"]):
        kj(s, t_bt + 40.0 * k, bad, l)
    s.node_state(t_bt + 190.0, bad, "IDLE", "")
    t_end = t_bt + 1200.0
    # neighbours (SYNTH)
    tn, up = 30.0, 211000
    while tn < t_end:
        up += 100
        e_, i_ = divmod(up - 210800 - 1, 3100)
        s.joblog(tn, N1, f"{s.at(tn):%Y-%m-%d %H:%M:%S} | INFO | train_inner | epoch {31 + e_:03d}:   {i_ + 1:4d} / 3100 loss={rng.uniform(3.71, 3.82):.3f}, "
                         f"nll_loss={rng.uniform(2.03, 2.1):.3f}, ppl={rng.uniform(4.1, 4.3):.2f}, wps={rng.randint(181000, 189000)}, ups=1.49, "
                         f"wpb={rng.randint(121000, 123000)}, bsz=3918.5, num_updates={up}, lr=0.000412, gnorm=0.311, clip=0, loss_scale=8, train_wall=67")
        tn += 100 / 1.49 + rng.uniform(-0.6, 0.6)
    tn, tr, ep_ = 65.0, 12, 175
    while tn < t_end:
        ep_ += 25
        if ep_ > 300:
            tr, ep_ = tr + 1, 25
            tn += rng.uniform(20, 30)
        q = ep_ / 300
        s.joblog(tn, N2, f"[trial {tr:03d}] epoch {ep_:3d} val_mae={0.03 - 0.014 * q + rng.uniform(-0.001, 0.001):.4f} "
                         f"train_loss={0.004 - 0.0028 * q + rng.uniform(-0.0002, 0.0002):.5f} lr=5.0e-04 t={rng.uniform(3.8, 4.3):.1f}s")
        tn += 25 * rng.uniform(3.9, 4.1)

    def fn(n_, g, t_):
        if n_ == bad and t_f < t_ < t_bt + 220.0:
            return None
        if n_ in nodes:
            if t_ < t_f:
                return b41(rng, "v100_32", load=rng.uniform(0.9, 0.97))
            if t_ < t_nr:
                return spin41(rng, "v100_32")
            return i41(rng, "v100_32", fb=0, clk=135)
        if n_ == "node0045":
            return b41(rng, "v100_32", load=0.55) if g == 0 else i41(rng, "v100_32", clk=135)
        return b41(rng, "v100_32", load=rng.uniform(0.85, 0.95))
    tel41(s, nodes, 4, 0.0, t_end, 240.0, fn)
    tel41(s, ["node0036", "node0037", "node0045"], 4, 0.0, t_end, 900.0, fn, keys=LEAN41)
    s.truth = truth({"t": t_f, "category": "node_failure", "node": bad},
                    drain=[bad], requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=[n for n in nodes if n != bad] + ["node0036", "node0037", "node0045"])
    return s


# ======================================================================================
# S8  cvmfs-osdf-caches-too-slow-eio-and-d-state-two-gw-jobs  (infrastructure: two owners' gravitational-wave ML jobs
#     on different nodes read strain frames from /cvmfs/ligo.storage.igwn.org (CVMFS external data served through
#     OSDF caches). The caches "serve data too slowly" / return HTTP errors; on node538 the client returns EIO and the
#     first job's data loader dies; on node541 the second job's reader blocks in D state and the job stops progressing.
#     A third job that does not read CVMFS runs on. Nothing is wrong with either node or GPU.)
# ======================================================================================
# Source: https://github.com/cvmfs/cvmfs/issues/3432 ("hung /cvmfs mounts") -- the cvmfs2 syslog lines of node538 below
# are verbatim (journal stamps of Oct 25 2023 kept; the scenario clock fits them). A CVMFS developer there: "A lot of
# people have had this trouble", tracked as a client/external-data-federation problem in
# https://github.com/cvmfs/cvmfs/issues/3378 (stuck cvmfs processes with osgstorage.org, "host serving data too
# slowly"). Shared service at fault, several jobs on disjoint nodes hit -> infrastructure; escalate, no drain/requeue.
REAL_S8_CVMFS = [
    "Oct 25 07:03:55 node538 cvmfs2[650307]: (ligo.storage.igwn.org) switched to catalog revision 9606",
    "Oct 25 07:17:12 node538 cvmfs2[650307]: (ligo.storage.igwn.org) switching host from https://unl-cache.nationalresearchplatform.org:8443/ to https://xrootd-local.unl.edu:1094/ (host serving data too slowly)",
    "Oct 25 07:17:12 node538 cvmfs2[650307]: (ligo.storage.igwn.org) switching host from https://xrootd-local.unl.edu:1094/ to https://osg-kansas-city-stashcache.nrp.internet2.edu:8443/ (host returned HTTP error)",
    "Oct 25 07:17:22 node538 cvmfs2[650307]: (ligo.storage.igwn.org) switching host from https://osg-kansas-city-stashcache.nrp.internet2.edu:8443/ to https://dtn-pas.denv.nrp.internet2.edu:8443/ (host serving data too slowly)",
    "Oct 25 07:21:51 node538 cvmfs2[650307]: (ligo.storage.igwn.org) switching host from https://xrootd-local.unl.edu:1094/ to https://osg-kansas-city-stashcache.nrp.internet2.edu:8443/ (host returned HTTP error)",
    "Oct 25 07:22:01 node538 cvmfs2[650307]: (ligo.storage.igwn.org) failed to fetch /igwn/ligo/frames/O4/hoft_C00_AR/H1/H-H1_HOFT_C00_AR-137/H-H1_HOFT_C00_AR-1376440320-4096.gwf (hash: e2cc8e52e65247de9ccb95cb0d28f10e067d0bca, error 15 [host serving data too slowly])",
    "Oct 25 07:22:01 node538 cvmfs2[650307]: (ligo.storage.igwn.org) EIO (05) on /igwn/ligo/frames/O4/hoft_C00_AR/H1/H-H1_HOFT_C00_AR-137/H-H1_HOFT_C00_AR-1376440320-4096.gwf",
    "Oct 25 07:22:09 node538 cvmfs2[650307]: (ligo.storage.igwn.org) switching host from https://osg-kansas-city-stashcache.nrp.internet2.edu:8443/ to https://dtn-pas.denv.nrp.internet2.edu:8443/ (host serving data too slowly)",
    "Oct 25 07:22:20 node538 cvmfs2[650307]: (ligo.storage.igwn.org) switching host from https://dtn-pas.denv.nrp.internet2.edu:8443/ to https://unl-cache.nationalresearchplatform.org:8443/ (host serving data too slowly)",
    "Oct 25 07:23:22 node538 cvmfs2[650307]: (ligo.storage.igwn.org) switching host from https://unl-cache.nationalresearchplatform.org:8443/ to https://xrootd-local.unl.edu:1094/ (host serving data too slowly)",
]
S8_FRAMES = "/cvmfs/ligo.storage.igwn.org/igwn/ligo/frames/O4/hoft_C00_AR"


def lbar(ep: int, n: int, total: int, el: float, rate: float, loss: float) -> str:
    """SYNTH: Lightning progress bar as a non-tty log shows it."""
    return (f"Epoch {ep}:  {100 * n / total:3.0f}%|{'#' * int(10 * n / total):<10s}| {n}/{total} "
            f"[{fmt_interval(el)}<{fmt_interval((total - n) / rate)}, {rate:.2f}it/s, v_num=3, train_loss={loss:.3f}]")


def build_s8() -> Scenario:
    name = "cvmfs-osdf-caches-too-slow-eio-and-d-state-two-gw-jobs"
    JA, JB, JC = "2241907", "2241933", "2241871"
    start = "2023-10-25T06:40:00Z"
    na, nb, nc = "node538", "node541", "node544"
    s = Scenario(name, "Two owners' gravitational-wave ML trainings read strain frames from /cvmfs/ligo.storage.igwn.org "
                 "(CVMFS external data via OSDF caches) on node538 and node541 (4 x A30 each). The caches serve too "
                 "slowly / return HTTP errors: on node538 the read returns EIO and the first job dies; on node541 the "
                 "reader blocks in D state and the second job stops progressing. A third job that reads local "
                 "scratch runs on. The first job opted in to requeues.",
                 start,
                 {"name": "gwml", "partition": "gpu", "nodes": "node[530-548]", "gpus_per_node": 4},
                 [{"id": JA, "name": "aframe-bbh-train", "user": "emarx", "nodes": na, "tasks_per_node": 4,
                   "started": "2023-10-25T05:12:33Z", "comment": comment(2, "/home/emarx/aframe/runs/o4a")},
                  {"id": JB, "name": "deepclean-h1-60hz", "user": "msaleem", "nodes": nb, "tasks_per_node": 1,
                   "started": "2023-10-25T06:01:19Z"},
                  {"id": JC, "name": "glitch-vit-gspy", "user": "rharris", "nodes": nc, "tasks_per_node": 4,
                   "started": "2023-10-25T04:40:02Z"}])
    rng = s.rng
    fmt = "%Y %b %d %H:%M:%S"
    rt = [t_of(s, "2023 " + l[:15], fmt) for l in REAL_S8_CVMFS]
    for k, l in enumerate(REAL_S8_CVMFS):
        s.kernel(rt[k] + 0.001 * k, na, l)   # REAL_S8_CVMFS
    # node541: same repository, its own cvmfs2 process (SYNTH lines in the same format), then the D state
    pb = 412088
    for tb_, msg in ((rt[1] + 38.0, "switching host from https://unl-cache.nationalresearchplatform.org:8443/ to https://xrootd-local.unl.edu:1094/ (host serving data too slowly)"),
                     (rt[1] + 48.5, "switching host from https://xrootd-local.unl.edu:1094/ to https://osg-kansas-city-stashcache.nrp.internet2.edu:8443/ (host returned HTTP error)"),
                     (rt[1] + 59.0, "switching host from https://osg-kansas-city-stashcache.nrp.internet2.edu:8443/ to https://dtn-pas.denv.nrp.internet2.edu:8443/ (host serving data too slowly)"),
                     (rt[4] + 30.0, "switching host from https://dtn-pas.denv.nrp.internet2.edu:8443/ to https://unl-cache.nationalresearchplatform.org:8443/ (host serving data too slowly)")):
        s.kernel(tb_, nb, f"{s.at(tb_):%b %d %H:%M:%S} {nb} cvmfs2[{pb}]: (ligo.storage.igwn.org) {msg}")
    t_d = rt[1] + 71.0          # deepclean's reader enters D state (last progress before it)
    trace = ["Call Trace:", " __schedule+0x2d1/0x870", " schedule+0x55/0xf0", " request_wait_answer+0x133/0x210 [fuse]",
             " ? finish_wait+0x80/0x80", " fuse_simple_request+0x1a1/0x270 [fuse]", " fuse_do_readpage+0x12f/0x1d0 [fuse]",
             " fuse_readpage+0x4b/0x70 [fuse]", " generic_file_buffered_read+0x5c3/0xb40", " ? fuse_getattr+0x10a/0x130 [fuse]",
             " fuse_file_read_iter+0x117/0x150 [fuse]", " new_sync_read+0x10f/0x160", " vfs_read+0x91/0x140",
             " ksys_read+0x4f/0xb0", " do_syscall_64+0x5b/0x1b0", " entry_SYSCALL_64_after_hwframe+0x61/0xc6",
             "RIP: 0033:0x7f3c8b6a3ab4", "Code: Unable to access opcode bytes at RIP 0x7f3c8b6a3a8a.",
             f"RSP: 002b:00007f3b61ffa5c0 EFLAGS: 00000293 ORIG_RAX: 0000000000000000"]
    for k in range(10):   # default kernel.hung_task_warnings = 10
        th = t_d + 123.0 + 121.0 * k
        kj(s, th, nb, "INFO: task python:" + str(pb + 2211) + " blocked for more than 120 seconds.")
        kj(s, th + 0.001, nb, "      Tainted: P           OE    --------- -  - 4.18.0-477.27.1.el8_8.x86_64 #1")
        kj(s, th + 0.002, nb, '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.')
        kj(s, th + 0.003, nb, f"task:python          state:D stack:    0 pid:{pb + 2211} ppid:{pb + 2188} flags:0x00004080")
        for j, l in enumerate(trace):
            kj(s, th + 0.004 + 0.0001 * j, nb, l)
    # job A: aframe (Lightning, 4 ranks) progress, then the EIO in a dataloader worker
    t_end = rt[-1] + 45 * 60.0
    total, rate = 2000, 3.3
    ep, n, el, tt = 37, 410, 410 / 3.3, 15.0
    loss = 0.412
    t_eio = rt[6] + 0.4
    while tt < t_eio:
        dt_ = 30.0
        r_ = rate if tt < rt[1] else 0.9
        tt += dt_
        if tt >= t_eio:
            break
        n += int(dt_ * r_)
        el += dt_
        if n >= total:
            s.joblog(tt, JA, "0: " + lbar(ep, total, total, total / rate, rate, loss))
            s.joblog(tt + 22.0, JA, f"0: Epoch {ep}, global step {ep * total + total}: 'valid_auroc' reached {rng.uniform(0.94, 0.96):.5f} (best {0.9612:.5f}), saving model to '/home/emarx/aframe/runs/o4a/checkpoints/epoch={ep}-step={ep * total + total}.ckpt' as top 3")
            ep, n, el, tt = ep + 1, 0, 0.0, tt + 30.0
            continue
        loss = max(0.35, loss - rng.uniform(0, 0.001))
        s.joblog(tt, JA, "0: " + lbar(ep, n, total, el, r_ * rng.uniform(0.97, 1.03), loss))
    L = "/opt/env/lib/python3.10/site-packages"
    tb = ["Traceback (most recent call last):",
          '  File "/home/emarx/aframe/projects/train/train/cli.py", line 19, in main',
          "    cli.trainer.fit(cli.model, cli.datamodule)",
          f'  File "{L}/lightning/pytorch/trainer/trainer.py", line 544, in fit',
          "    call._call_and_handle_interrupt(",
          f'  File "{L}/lightning/pytorch/trainer/call.py", line 43, in _call_and_handle_interrupt',
          "    return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)",
          f'  File "{L}/lightning/pytorch/trainer/trainer.py", line 1035, in _run_stage',
          "    self.fit_loop.run()",
          f'  File "{L}/lightning/pytorch/loops/fit_loop.py", line 202, in run',
          "    self.advance()",
          f'  File "{L}/lightning/pytorch/loops/fit_loop.py", line 359, in advance',
          "    self.epoch_loop.run(self._data_fetcher)",
          f'  File "{L}/lightning/pytorch/loops/training_epoch_loop.py", line 202, in advance',
          "    batch, _, __ = next(data_fetcher)",
          f'  File "{L}/torch/utils/data/dataloader.py", line 631, in __next__',
          "    data = self._next_data()",
          f'  File "{L}/torch/utils/data/dataloader.py", line 1346, in _next_data',
          "    return self._process_data(data)",
          f'  File "{L}/torch/utils/data/dataloader.py", line 1372, in _process_data',
          "    data.reraise()",
          f'  File "{L}/torch/_utils.py", line 705, in reraise',
          "    raise exception",
          "OSError: Caught OSError in DataLoader worker process 2.",
          "Original Traceback (most recent call last):",
          f'  File "{L}/torch/utils/data/_utils/worker.py", line 308, in _worker_loop',
          "    data = fetcher.fetch(index)",
          f'  File "{L}/torch/utils/data/_utils/fetch.py", line 32, in fetch',
          "    data.append(next(self.dataset_iter))",
          '  File "/home/emarx/aframe/projects/train/train/data/dataset.py", line 141, in __iter__',
          "    strain = TimeSeriesDict.read(fnames, channels, start=t0, end=t0 + self.duration)",
          f'  File "{L}/gwpy/io/gwf.py", line 84, in open_gwf',
          "    return io_framecpp.IFrameFStream(str(filename))",
          f"OSError: [Errno 5] Input/output error: '{S8_FRAMES}/H1/H-H1_HOFT_C00_AR-137/H-H1_HOFT_C00_AR-1376440320-4096.gwf'",
          ""]
    for k, l in enumerate(tb):
        s.joblog(t_eio + 0.0005 * k, JA, "0: " + l)
    # SYNTH: the batch script runs `srun --kill-on-bad-exit=1`, so the other three ranks are killed at once
    te = t_eio + 2.3 + rng.uniform(0, 0.3)
    s.joblog(te, JA, f"srun: error: {na}: task 0: Exited with exit code 1")
    s.joblog(te + 0.01, JA, f"srun: launch/slurm: _step_signal: Terminating StepId={JA}.0")
    d = s.at(te + 0.05)
    s.joblog(te + 0.05, JA, f"slurmstepd: error: *** STEP {JA}.0 ON {na} CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(te + 1.2, JA, f"srun: error: {na}: tasks 1-3: Terminated")
    s.joblog(te + 1.3, JA, "srun: Force Terminated StepId=" + JA + ".0")
    job_end(s, te + 2.0, JA, "FAILED", "1:0")
    # job B: deepclean progress lines until its reader blocks (SYNTH); then silence (still RUNNING)
    tt, epb = 20.0, 52
    while tt < t_d:
        s.joblog(tt, JB, f"{s.at(tt):%Y-%m-%d %H:%M:%S,%f}"[:-3] + f" - deepclean.trainer - INFO - Epoch {epb} train loss {rng.uniform(0.118, 0.131):.4f} "
                         f"valid loss {rng.uniform(0.121, 0.136):.4f} ({rng.uniform(61, 66):.1f}s, {8192 / 64:.0f} batches)")
        epb += 1
        tt += 64.0 + rng.uniform(-2, 2)
    # job C: unaffected (SYNTH)
    tt, st, ep0 = 40.0, 88400, 40.0 - 500 * 0.25
    while tt < t_end:
        st += 100
        i_ = st % 4400
        if i_ == 0:
            # epoch end (torchvision reference script layout, SYNTH)
            s.joblog(tt, JC, f"Epoch: [{st // 4400 - 1}] Total time: {dt.timedelta(seconds=int(tt - ep0))}")
            s.joblog(tt + 38.5, JC, f"Test:  Total time: 0:00:38")
            s.joblog(tt + 38.6, JC, f"Test:  Acc@1 {rng.uniform(71.4, 71.9):.3f} Acc@5 {rng.uniform(90.2, 90.5):.3f}")
            tt += 41.0
            ep0 = tt
        tm = rng.uniform(0.245, 0.255)
        s.joblog(tt, JC, f"Epoch: [{st // 4400}]  [{i_:4d}/4400]  eta: {dt.timedelta(seconds=int((4400 - i_) * tm))}  lr: 0.000060  "
                         f"img/s: {512 / tm:.2f}  loss: {rng.uniform(0.21, 0.3):.4f} ({rng.uniform(0.24, 0.26):.4f})  "
                         f"time: {tm:.4f}  data: 0.0032  max mem: 14211")
        tt += 100 * 0.25 + rng.uniform(-0.4, 0.4)

    def fn(n_, g, t_):
        if n_ == na:
            if t_ < rt[1]:
                return b41(rng, "a30", load=rng.uniform(0.85, 0.95))
            if t_ < t_eio + 3.0:
                return b41(rng, "a30", load=rng.uniform(0.15, 0.35))
            return i41(rng, "a30", fb=0)
        if n_ == nb:
            if g > 0:
                return i41(rng, "a30")
            if t_ < t_d:
                return b41(rng, "a30", load=rng.uniform(0.75, 0.9))
            return i41(rng, "a30", fb=11800 + rng.randint(-50, 50), clk=1440)
        return b41(rng, "a30", load=rng.uniform(0.9, 0.97))
    tel41(s, [na, nb], 4, 0.0, t_end, 120.0, fn)
    tel41(s, [nc], 4, 0.0, t_end, 900.0, fn, keys=LEAN41)
    s.truth = truth({"t": rt[1], "category": "infrastructure", "node": None},
                    no_requeue=[JA, JB, JC], no_drain=[na, nb, nc])
    return s


BUILDERS = [build_s1, build_s2, build_s3, build_s4, build_s5, build_s6, build_s7, build_s8]


def main() -> None:
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    for b in BUILDERS:
        s = b()
        s.write()
        sz = os.path.getsize(os.path.join(OUT, s.name, "events.jsonl"))
        print(f"{s.name}: {len(s.events)} events, {sz} bytes")


if __name__ == "__main__":
    main()
