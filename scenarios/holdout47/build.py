#!/usr/bin/env python3
"""Build the holdout47 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout46):
  * `REAL_*` string literals are copied verbatim from the public source named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time, or on another host, only its *prefix* (stamp/host)
    is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout47: generic helpers and the holdout14..holdout46 helper sections are copied unchanged from holdout46's build.py;
the holdout46 scenarios are replaced by the holdout47 helpers and scenarios S1..S8 below.
Earlier note (holdout46): generic helpers and the holdout14..holdout44 helper sections came unchanged from holdout44.
Earlier notes (holdout23..holdout44): each corpus copied the generic helpers and earlier helper sections unchanged.
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
# holdout42 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "titanv": (80, 3, 214.0, 16.0, 1335, 11840, 40),      # Titan V 12 GB, 250 W (runs hot in tower-style boxes)
    "a6000": (70, 5, 268.0, 22.0, 1800, 40200, 1500),     # RTX A6000 48 GB, 300 W
    "a100_80": (57, 6, 335.0, 40.0, 1410, 71500, 3000),   # A100-SXM4-80GB, 400 W
})

KEYS42 = LEAN40 + ("DCGM_FI_DEV_GPU_TEMP",)
KEYS42T = KEYS42 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)


def sj(s: "Scenario", t: float, host: str, ident: str, msg: str) -> None:
    """SYNTH: one non-kernel journald line of a node (collected with the node's kernel/journal stream)."""
    s.kernel(t, host, f"{s.at(t):%b %d %H:%M:%S} {host} {ident}: {msg}")


def hdelta(sec: float) -> str:
    """SYNTH helper: tensorpack.utils.utils.humanize_time_delta (2019 version), copied in behaviour."""
    if sec == 0:
        return "0 second"
    tm = dt.datetime(2000, 1, 1) + dt.timedelta(seconds=int(sec))
    vals = [int(sec // 86400), tm.hour, tm.minute, tm.second]
    if sec < 60:
        vals[-1] = sec
    out = []
    for v, u in zip(vals, ["day", "hour", "minute", "second"]):
        if v > 0:
            out.append("{:.3g} {}{}".format(v, u, "s" if v > 1 else ""))
    return " ".join(out)


def tp_log(d: dt.datetime, src: str, msg: str, warn: bool = False) -> str:
    """SYNTH: tensorpack logger line `[0317 00:44:32 @monitor.py:467] msg` (colours off)."""
    return f"[{d:%m%d %H:%M:%S} @{src}] " + ("WRN " if warn else "") + msg


def tp_bar(n: int, total: int, elapsed: float, rate: float | None) -> str:
    """SYNTH: tensorpack's tqdm bar_format '{l_bar}{bar}|{n_fmt}/{total_fmt}[{elapsed}<{remaining},{rate_noinv_fmt}]'
    with ascii=True; the output is not a tty, so ncols is unknown and tqdm draws a 10-cell bar."""
    frac = n / total
    full, part = divmod(int(frac * 10 * 10), 10)
    charset = " 123456789#"
    bar = "#" * full
    if full < 10:
        bar += charset[part] + " " * (10 - full - 1)
    if rate:
        rfmt = "{0:5.2f}".format(rate) + "it/s"
        rem = fmt_interval((total - n) / rate)
    else:
        rfmt, rem = "?it/s", "?"
    return f"{frac * 100:3.0f}%|{bar}|{n}/{total}[{fmt_interval(elapsed)}<{rem},{rfmt}]"




# ======================================================================================
# holdout44 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "mi250x": (52, 6, 420.0, 45.0, 1700, 52000, 3000),    # one MI250X GCD (64 GB HBM2e), OAM 560 W shared by 2 GCDs
    "k80": (66, 5, 128.0, 14.0, 823, 10200, 600),
    "a40": (60, 5, 262.0, 25.0, 1740, 36500, 2500),
})

CST = dt.timedelta(hours=8)
LEAN44 = LEAN40 + ("DCGM_FI_DEV_GPU_TEMP",)


def kt(s: "Scenario", t: float, host: str, msg: str, skew: float = 0.0, tz: dt.timedelta = dt.timedelta(0)) -> None:
    """SYNTH: kernel line with a `dmesg -T` stamp in the node's own clock (skew seconds, timezone)."""
    d = s.at(t) + tz + dt.timedelta(seconds=skew)
    s.kernel(t, host, f"{dmesg_t(d)} {msg}")


def kj44(s: "Scenario", t: float, host: str, ident: str, msg: str, skew: float = 0.0) -> None:
    """SYNTH: journald short-format line in the node's own (possibly skewed) clock."""
    d = s.at(t) + dt.timedelta(seconds=skew)
    s.kernel(t, host, f"{d:%b %d %H:%M:%S} {host} {ident}: {msg}")


def busy44(rng, prof, load=0.95, extra=None, fb=True) -> dict:
    return busy40(rng, prof, load=load, fb=fb, extra=extra)


def idle44(rng, prof, fb=0, extra=None, clk=None) -> dict:
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel44(s, nodes, gpus, t0, t1, every, fn, keys=LEAN44) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


# ======================================================================================
# holdout46 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "a40_46": (58, 5, 268.0, 22.0, 1740, 30500, 2500),      # A40 48 GB, 300 W
    "rtx3090_46": (66, 5, 318.0, 25.0, 1860, 17800, 1500),  # RTX 3090 24 GB, 350 W
    "v100s_46": (57, 5, 232.0, 20.0, 1597, 21000, 2500),    # V100S-PCIe 32 GB, 250 W
})

A40_BUS = ["0000:17:00", "0000:65:00", "0000:ca:00", "0000:e3:00"]
HGX_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
           "0000:db:00"]
K46 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP")


def b46(rng, prof, load=0.95, extra=None, clock=None, fb=False) -> dict:
    return busy40(rng, prof, load=load, fb=fb, clock=clock, extra=extra)


def i46(rng, prof, extra=None) -> dict:
    f = idle40(rng, prof)
    if extra:
        f.update(extra)
    return f


def fm_stamp(d: dt.datetime) -> str:
    """SYNTH: nv-fabricmanager log-file stamp, e.g. `[Jul 23 2024 07:53:55]`."""
    return f"[{d:%b %d %Y %H:%M:%S}]"


def noise46(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (3140 > 3127), lowering kernel.perf_event_max_sample_rate to 63500",
            "nfs: server storage02 OK",
            "EXT4-fs (nvme0n1p1): re-mounted. Opts: (null). Quota mode: none.",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "device-mapper: uevent: version 1.0.3"]
    kt(s, t, host, msgs[kind % len(msgs)])



# ======================================================================================
# holdout47 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "l40_47": (61, 5, 262.0, 22.0, 2490, 33500, 2500),     # L40 48 GB, 300 W
    "h20_47": (50, 6, 395.0, 40.0, 1980, 86000, 4000),     # H20 96 GB, 500 W
    "a16_47": (45, 4, 50.0, 5.0, 1755, 9000, 800),         # one GPU of an A16 board (16 GB), ~62 W share
})

AZ_ND_BUS = ["0001:00:00", "0002:00:00", "0003:00:00", "0004:00:00", "000b:00:00", "000c:00:00", "000d:00:00",
             "000e:00:00"]                                  # ND96asr_v4-style VM: one PCI domain per GPU
L40_BUS = ["0000:4f:00", "0000:52:00", "0000:d5:00", "0000:d6:00"]
A4500_BUS = ["0000:18:00", "0000:3b:00", "0000:86:00", "0000:af:00"]
A6000_BUS = ["0000:1a:00", "0000:1b:00", "0000:3d:00", "0000:3e:00"]
A16_BUS = ["0000:85:00", "0000:86:00", "0000:87:00", "0000:88:00"]
A100P_BUS = ["0000:17:00", "0000:65:00", "0000:ca:00", "0000:e3:00"]
K47 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP",
       "DCGM_FI_DEV_FB_USED")
K47S = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")


def b47(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: a busy GPU of profile `prof`."""
    return busy40(rng, prof, load=load, clock=clock, extra=extra)


def i47(rng, prof, extra=None, fb=0) -> dict:
    """SYNTH: an idle GPU."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def tel47(s, nodes, gpus, t0, t1, every, fn, keys=K47) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def dorado_t(d: dt.datetime) -> str:
    """SYNTH: dorado's spdlog stamp `[2025-09-04 15:12:33.631]`."""
    return f"[{d:%Y-%m-%d %H:%M:%S}.{d.microsecond // 1000:03d}]"


def hh47(sec: float) -> str:
    """SYNTH: HH:MM:SS as time.strftime('%H:%M:%S', time.gmtime(sec)) writes it."""
    sec = int(sec) % 86400
    return f"{sec // 3600:02d}:{sec % 3600 // 60:02d}:{sec % 60:02d}"


def rsl_block(it: int, tot: int, steps: int, sps: int, coll: float, learn: float, vloss: float, sloss: float,
              ent: float, rew: float, eplen: float, std: float, extras: dict, el: float, eta: float) -> list:
    """SYNTH: rsl_rl 2.x/3.x OnPolicyRunner.log() block (width 80, pad 40), ANSI bold around the title as the
    runner writes it to a non-tty stdout."""
    pad = 40
    title = f" \033[1m Learning iteration {it}/{tot} \033[0m "
    out = ["#" * 80, title.center(80, " "), "",
           f"{'Total steps:':>{pad}} {steps} ",
           f"{'Steps per second:':>{pad}} {sps} ",
           f"{'Collection time:':>{pad}} {coll:.3f}s ",
           f"{'Learning time:':>{pad}} {learn:.3f}s ",
           f"{'Mean value loss:':>{pad}} {vloss:.4f}",
           f"{'Mean surrogate loss:':>{pad}} {sloss:.4f}",
           f"{'Mean entropy loss:':>{pad}} {ent:.4f}",
           f"{'Mean reward:':>{pad}} {rew:.2f}",
           f"{'Mean episode length:':>{pad}} {eplen:.2f}",
           f"{'Mean action std:':>{pad}} {std:.2f}"]
    out += [f"{k + ':':>{pad}} {v:.4f}" for k, v in extras.items()]
    out += ["-" * 80,
            f"{'Iteration time:':>{pad}} {coll + learn:.2f}s",
            f"{'Time elapsed:':>{pad}} {hh47(el)}",
            f"{'ETA:':>{pad}} {hh47(eta)}", ""]
    return out


def sb3_table(rows: list) -> list:
    """SYNTH: stable-baselines3 HumanOutputFormat table: section rows `rollout/` with an empty value, sub-keys indented
    3 spaces, floats pre-formatted `%-8.3g` by the caller, ints as str; dashes around."""
    kw = max(len(k) for k, _ in rows)
    vw = max(len(v) for _, v in rows)
    dash = "-" * (kw + vw + 7)
    return [dash] + [f"| {k:<{kw}} | {v:<{vw}} |" for k, v in rows] + [dash]


def ras_stamp_lines(s: "Scenario", t: float, job: str, lines: list) -> float:
    for k, l in enumerate(lines):
        s.joblog(t + 0.0004 * k, job, l)
    return t + 0.0004 * len(lines)


def noise47(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary journald kernel noise."""
    msgs = ["perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
            "EXT4-fs (md0): re-mounted. Opts: (null)",
            "nfs: server fs01-ib not responding, still trying",
            "nfs: server fs01-ib OK",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "igb 0000:05:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX"]
    kj(s, t, host, msgs[kind % len(msgs)])


# ======================================================================================
# S1  dorado-sup-12-flowcells-ccw-gpu-3-gpu1-gsp-xid119-at-container-start  (gpu_hardware: a nanopore basecalling
#     job (Dorado 1.1.1, `sup,5mCG_5hmCG`, `--device cuda:all`) on an Azure ND96asr_v4-style VM of a CycleCloud
#     Slurm cluster (8 x A100-SXM4-40GB, one PCI domain per GPU: 0001:00:00 ... 000e:00:00). The job script runs one
#     pyxis/enroot container step per flowcell; five flowcells basecall normally (Dorado prints almost nothing during
#     the ~39 minutes each takes). When step 6's container starts, nvidia-container-cli's query of GPU 1 times out in
#     the GSP firmware: the driver logs Xid 119 for PCI 0002:00:00, then Xid 154 (GPU Reset Required); the container
#     hook fails, pyxis aborts the step, `set -e` ends the job. No CUDA error in the job log, only a container/nvml
#     error. GPU 1's telemetry stops except the last-Xid field.)
# ======================================================================================
# Source (line): https://github.com/NVIDIA/NVSentinel/blob/main/tests/syslog_health_monitor_test.go -- NVSentinel's
#   syslog health-monitor test injects this real Xid 119 kernel line (`kernel: [16450076.435595] ` in front, dropped
#   here; the line is re-stamped in this node's journal format) and expects the node condition
#   "Recommended Action=COMPONENT_RESET" for it. The PCI address 0002:00:00 is kept verbatim, so the cluster's
#   pci_bus_ids put GPU 1 there.
REAL_S1_XID119 = ("NVRM: Xid (PCI:0002:00:00): 119, pid=1582259, name=nvc:[driver], Timeout after 6s of waiting for "
                  "RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20802a02 0x8).")
#   Truth from the same file ("Inject XID error requiring GPU reset": Xid 119 -> COMPONENT_RESET) and FORMAT.md, which
#   lists 119 among the reset/reboot Xids (hardware bucket); Xid 154 "GPU Reset Required" says the same. A GPU that
#   needs a reset is out of service until it gets one.
# Source (Dorado lines): https://github.com/nanoporetech/dorado/issues/1489 -- Dorado 1.1.1 `basecaller` output;
#   the two lines below are verbatim and keep their own stamps (the scenario clock is chosen so they fit: the job's
#   first step starts at 15:12:33 on 2025-09-04). Every other Dorado line is SYNTH in the same format.
REAL_S1_DORADO = [
    "[2025-09-04 15:12:33.631] [info] > Creating basecall pipeline",
    "[2025-09-04 15:12:34.581] [info] Using CUDA devices:",
]


def build_s1() -> Scenario:
    name = "dorado-sup-12-flowcells-ccw-gpu-3-gpu1-gsp-xid119-at-container-start"
    J, N1, N2 = "4417", "4409", "4421"
    start = "2025-09-04T15:05:00Z"
    s = Scenario(name, "Nanopore basecalling (Dorado, one pyxis container step per flowcell) on an 8 x A100 VM of a "
                 "cloud Slurm cluster; other owners' genomics jobs on other nodes.",
                 start,
                 {"name": "ccw-genomics", "partition": "gpu", "nodes": "ccw-gpu-[1-6]", "gpus_per_node": 8,
                  "pci_bus_ids": AZ_ND_BUS},
                 [{"id": J, "name": "prom07-basecall-sup", "user": "nkaur", "nodes": "ccw-gpu-3", "tasks_per_node": 1,
                   "started": "2025-09-04T15:12:20Z", "comment": comment(2, "/shared/nkaur/prom07/bam")},
                  {"id": N1, "name": "pb-fq2bam-trio", "user": "ochen", "nodes": "ccw-gpu-1", "tasks_per_node": 1,
                   "started": "2025-09-04T14:40:05Z"},
                  {"id": N2, "name": "whisperx-oralhist", "user": "lbianchi", "nodes": "ccw-gpu-5",
                   "tasks_per_node": 1, "started": "2025-09-04T15:31:44Z"}])
    rng = s.rng
    host = "ccw-gpu-3"
    cells = ["PAW81233", "PAW81240", "PAW81251", "PAW81262", "PAW81279", "PAW81288", "PAW81302", "PAW81317",
             "PAW81325", "PAW81339", "PAW81344", "PAW81360"]
    s.job_state(440.0, J, "RUNNING", "0:0", nodes=host)  # SYNTH
    s.joblog(440.2, J, "[prom07] 2025-09-04T15:12:20Z 12 flowcells, model sup,5mCG_5hmCG, image "
                       "/shared/sqsh/dorado-1.1.1.sqsh, out /shared/nkaur/prom07/bam")  # SYNTH
    tt = 440.6
    busy_windows = []
    t_fault = None
    for k, fc in enumerate(cells):
        s.joblog(tt, J, f"[prom07] {s.at(tt):%Y-%m-%dT%H:%M:%SZ} flowcell {k + 1}/12 {fc}: srun --container-image "
                        f"dorado basecaller ... > bam/{fc}.bam")  # SYNTH (job script echo)
        if k == 5:
            # the fault: GPU 1's GSP stops answering while nvidia-container-cli enumerates the GPUs
            t_fault = tt + 2.4
            s.kernel(t_fault, host, f"{journal_t(s.at(t_fault), host)} {REAL_S1_XID119}")  # REAL_S1_XID119
            kj(s, t_fault + 5.7, host, "NVRM: Xid (PCI:0002:00:00): 154, GPU recovery action changed from 0x0 "
                                       "(None) to 0x1 (GPU Reset Required)")  # SYNTH
            te = t_fault + 27.0
            for i, l in enumerate(["slurmstepd: error: pyxis: container start failed with error code: 1",
                                   "slurmstepd: error: pyxis: printing enroot log file:",
                                   "slurmstepd: error: pyxis:     nvidia-container-cli: detection error: nvml error: "
                                   "unknown error",
                                   "slurmstepd: error: pyxis:     [ERROR] /etc/enroot/hooks.d/98-nvidia.sh exited with "
                                   "return code 1",
                                   "slurmstepd: error: pyxis: couldn't start container",
                                   "slurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with "
                                   "rc=-1",
                                   "slurmstepd: error: Failed to invoke spank plugin stack",
                                   f"srun: error: {host}: task 0: Exited with exit code 1"]):
                s.joblog(te + 0.02 * i, J, l)  # SYNTH
            s.job_state(te + 1.5, J, "FAILED", "1:0")  # SYNTH
            s.node_state(te + 2.0, host, "IDLE", "")  # SYNTH
            t_job_end = te + 1.5
            break
        t0 = tt + 12.76  # container imported and started
        if k == 0:
            t0 = 453.36
        d0 = s.at(t0)
        s.joblog(t0, J, f'{dorado_t(d0)} [info] Running: "basecaller" "sup,5mCG_5hmCG" "/data/prom07/{fc}/pod5" '
                        f'"--recursive" "--device" "cuda:all" "--kit-name" "SQK-NBD114-24" "--models-directory" '
                        f'"/models"')  # SYNTH
        if k == 0:
            s.joblog(453.631, J, REAL_S1_DORADO[0])  # REAL_S1_DORADO
            s.joblog(454.581, J, REAL_S1_DORADO[1])  # REAL_S1_DORADO
            tp = 454.581
        else:
            s.joblog(t0 + 0.27, J, f"{dorado_t(s.at(t0 + 0.27))} [info] > Creating basecall pipeline")  # SYNTH
            tp = t0 + 1.22
            s.joblog(tp, J, f"{dorado_t(s.at(tp))} [info] Using CUDA devices:")  # SYNTH
        for g in range(8):
            s.joblog(tp + 0.0001 * (g + 1), J, f"{dorado_t(s.at(tp))} [info] cuda:{g} - NVIDIA A100-SXM4-40GB")  # SYNTH
        tb = tp + rng.uniform(2.4, 3.1)
        for g in range(8):
            s.joblog(tb + 0.001 * g, J, f"{dorado_t(s.at(tb + 0.001 * g))} [info] cuda:{g} using chunk size 12288, "
                                        f"batch size 384")  # SYNTH
        for g in range(8):
            tq = tb + 0.41 + 0.001 * g
            s.joblog(tq, J, f"{dorado_t(s.at(tq))} [info] cuda:{g} using chunk size 6144, batch size 768")  # SYNTH
        dur = rng.uniform(2240.0, 2460.0)
        busy_windows.append((tb + 5, tb + dur))
        tf = tb + dur
        reads = rng.randint(1_650_000, 2_050_000)
        ms = int(dur * 1000)
        for i, l in enumerate([f"> Finished in (ms): {ms}", f"> Simplex reads basecalled: {reads}",
                               f"> Simplex reads filtered: {rng.randint(40, 180)}",
                               f"> Basecalled @ Samples/s: {rng.uniform(8.6e6, 9.4e6):e}"]):
            s.joblog(tf + 0.001 * i, J, f"{dorado_t(s.at(tf + 0.001 * i))} [info] {l}")  # SYNTH
        s.joblog(tf + 2.1, J, f"[prom07] {s.at(tf + 2.1):%Y-%m-%dT%H:%M:%SZ} {fc} done -> bam/{fc}.bam "
                              f"({reads * 23.1 / 1e6:.1f} GiB)")  # SYNTH
        tt = tf + rng.uniform(2.5, 4.0)
    t_end = t_fault + 2700.0

    # neighbours (SYNTH)
    tn, pct, sample = 60.0, 31.0, 0
    samples = ["HG002", "HG003", "HG004"]
    s.joblog(20.0, N1, f"[PB Info {s.at(20.0):%Y-%b-%d %H:%M:%S}] ||                 Parabricks accelerated "
                       f"Genomics Pipeline                 ||")
    while tn < t_end:
        pct += rng.uniform(2.0, 2.6)
        if pct >= 100.0:
            s.joblog(tn, N1, f"[PB Info {s.at(tn):%Y-%b-%d %H:%M:%S}] Total Time: {rng.randint(4100, 4600)} seconds "
                             f"({samples[sample % 3]})")
            sample += 1
            pct = 0.0
            tn += 40.0
            continue
        s.joblog(tn, N1, f"[PB Info {s.at(tn):%Y-%b-%d %H:%M:%S}] {samples[sample % 3]} {pct:6.2f}% "
                         f"{int(pct * 8.21e6):>12d} reads {rng.uniform(2.2e5, 2.5e5):.3e} reads/s")
        tn += 300.0
    t2 = (dt.datetime(2025, 9, 4, 15, 31, 44) - s.start).total_seconds()
    s.job_state(t2, N2, "RUNNING", "0:0", nodes="ccw-gpu-5")  # SYNTH
    tn, ep = t2 + 35.0, 411
    while tn < t_end:
        ep += 1
        dur_a = rng.randint(1200, 4200)
        s.joblog(tn, N2, f"[whisperx] {ep:04d}/2210 oh_{ep:04d}.flac {dur_a // 60}m{dur_a % 60:02d}s -> "
                         f"{rng.randint(1, 4)} speakers, {rng.randint(180, 900)} segments, rtf {rng.uniform(0.010, 0.016):.3f}")
        tn += dur_a * rng.uniform(0.022, 0.03) + 25.0
    for k, (h, tk) in enumerate([("ccw-gpu-2", 900.0), ("ccw-gpu-3", 5100.0), ("ccw-gpu-6", 8800.0),
                                 ("ccw-gpu-1", 11200.0)]):
        noise47(s, h, tk, k + 2)

    def fn(n_, g, t_):
        if n_ == host:
            if t_ >= t_fault:
                if g == 1:
                    return {"DCGM_FI_DEV_XID_ERRORS": 154}
                return i47(rng, "a100_40", extra={"DCGM_FI_DEV_XID_ERRORS": 0})
            if any(a <= t_ < b for a, b in busy_windows):
                return b47(rng, "a100_40", load=rng.uniform(0.86, 0.97), extra={"DCGM_FI_DEV_XID_ERRORS": 0})
            return i47(rng, "a100_40", extra={"DCGM_FI_DEV_XID_ERRORS": 0}, fb=rng.randint(400, 900))
        if n_ == "ccw-gpu-1":
            return b47(rng, "a100_40", load=0.78) if g < 4 else i47(rng, "a100_40")
        if n_ == "ccw-gpu-5":
            return b47(rng, "a100_40", load=0.55) if t_ > t2 else i47(rng, "a100_40")
        return i47(rng, "a100_40")
    tel47(s, [host], 8, 0.0, t_end, 450.0, fn, keys=K47S + ("DCGM_FI_DEV_XID_ERRORS",))
    tel47(s, ["ccw-gpu-1", "ccw-gpu-5"], 8, 0.0, t_end, 3600.0, fn, keys=K47S)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": host, "gpu": 1}, drain=[host],
                    requeue={J: {"exclude": [host]}}, no_requeue=[N1, N2], no_drain=["ccw-gpu-1", "ccw-gpu-5"])
    return s


# ======================================================================================
# S2  isaaclab-rslrl-h1-rough-2x4-l40-il-04-gpu2-hw-power-brake-telemetry-only  (gpu_degraded: Isaac Lab 2.x humanoid
#     locomotion PPO (rsl_rl, `--distributed`) on 2 nodes x 4 L40 (8 ranks, 4096 envs each; only rank 0 prints, and
#     the owner's patched runner prints the rsl_rl block every 200 iterations). 72 minutes in, GPU 2 of il-04 gets an
#     external power-brake assertion: DCGM reports clocks-event reasons 0x88 (HW slowdown + HW power brake), SM clock
#     ~1.1 GHz instead of 2.49 GHz, power ~155 W, temperature normal. Nothing in any log names it: no kernel line,
#     no Xid, no job error. Rank 0's own collection time stays the same; its learning time (it waits for the slow
#     rank in the gradient all-reduce) grows from ~0.27 s to ~1.1 s, steps/s drops ~40 %. The other 7 GPUs fall to
#     ~55 % utilisation, waiting.)
# ======================================================================================
# Source (truth): https://docs.nvidia.com/datacenter/dcgm/3.1/dcgm-api/dcgm-api-field-constants.html -- DCGM's
#   clocks-throttle-reason constants: HW Slowdown "(reducing the core clocks by a factor of 2 or more) is engaged.
#   This is an indicator of: temperature being too high; External Power Brake Assertion is triggered (e.g. by the
#   system power supply); Power draw is too high and Fast Trigger protection is reducing the clocks". A GPU held
#   there by a power-brake assertion is a node-side hardware condition (PSU / board) that a requeue on the same node
#   would meet again; FORMAT.md's gpu_degraded.
# Source (lines): https://github.com/isaac-sim/IsaacLab/issues/2023 -- Isaac Lab's environment summary as a run
#   prints it at start (the EventManager table below, verbatim). The rsl_rl block layout follows the rsl_rl 2.x+
#   runner output quoted in https://github.com/isaac-sim/IsaacLab/issues/5084 (every value there is SYNTH here).
REAL_S2_ISAAC = [
    "[INFO] Event Manager:  <EventManager> contains 1 active terms.",
    "+-------------------------------------+",
    "| Active Event Terms in Mode: 'reset' |",
    "+---------+---------------------------+",
    "|  Index  | Name                      |",
    "+---------+---------------------------+",
    "|    0    | reset_base                |",
    "|    1    | reset_robot_joints        |",
    "+---------+---------------------------+",
]


def build_s2() -> Scenario:
    name = "isaaclab-rslrl-h1-rough-2x4-l40-il-04-gpu2-hw-power-brake-telemetry-only"
    J, N1, N2 = "88231", "88190", "88240"
    start = "2025-05-20T06:50:00Z"
    s = Scenario(name, "Isaac Lab humanoid locomotion PPO (rsl_rl, distributed) on 2 nodes x 4 L40; other owners' "
                 "jobs (Gaussian-splatting sweep, a VLA fine-tune) on other nodes.",
                 start,
                 {"name": "robo-l40", "partition": "gpu", "nodes": "il-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": L40_BUS},
                 [{"id": J, "name": "h1-rough-ppo-dist", "user": "tmorales", "nodes": "il-[03-04]", "tasks_per_node": 4,
                   "started": "2025-05-20T06:52:10Z", "comment": comment(2, "/scratch/tmorales/logs/rsl_rl/h1_rough")},
                  {"id": N1, "name": "splatfacto-sweep", "user": "ehan", "nodes": "il-01", "tasks_per_node": 1,
                   "started": "2025-05-20T05:58:31Z"},
                  {"id": N2, "name": "gr00t-n15-ft-pick", "user": "pdas", "nodes": "il-06", "tasks_per_node": 4,
                   "started": "2025-05-20T07:20:03Z"}])
    rng = s.rng
    t_end = 3 * 3600.0
    hosts = ["il-03", "il-04"]
    s.job_state(130.0, J, "RUNNING", "0:0", nodes="il-[03-04]")  # SYNTH
    s.node_state(130.2, "il-03", "ALLOCATED", "")  # SYNTH
    s.node_state(130.2, "il-04", "ALLOCATED", "")  # SYNTH
    s.node_state(2950.0, "il-08", "IDLE+DRAIN", "bmc fw update 0520 -- ops")  # SYNTH (unrelated maintenance drain)
    s.joblog(131.0, J, "+ srun --ntasks-per-node=1 python -m torch.distributed.run --nnodes=2 --nproc_per_node=4 "
                       "--rdzv_backend=c10d --rdzv_endpoint=il-03:29400 scripts/reinforcement_learning/rsl_rl/train.py "
                       "--task=Isaac-Velocity-Rough-H1-v0 --headless --distributed --num_envs 4096 "
                       "--max_iterations 30000")  # SYNTH
    torchrun_banner(s, 134.2, J)
    torchrun_banner(s, 134.9, J)
    for r in range(8):
        tr = 150.0 + r * 0.7 + rng.uniform(0, 0.4)
        s.joblog(tr, J, "[INFO][AppLauncher]: Loading experience file: /workspace/isaaclab/apps/"
                        "isaaclab.python.headless.kit")  # SYNTH
    tt = 196.0
    for r in range(8):
        tr = tt + r * 1.9 + rng.uniform(0, 0.6)
        s.joblog(tr, J, "[INFO]: Base environment:")  # SYNTH
        s.joblog(tr + 0.01, J, f"\tEnvironment device    : cuda:{r % 4}")  # SYNTH
        s.joblog(tr + 0.02, J, "\tEnvironment seed      : 42")  # SYNTH
        s.joblog(tr + 0.03, J, "\tPhysics step-size     : 0.005")  # SYNTH
        for k, l in enumerate(REAL_S2_ISAAC):
            s.joblog(tr + 0.3 + 0.001 * k, J, l)  # REAL_S2_ISAAC
    s.joblog(232.5, J, "[INFO] Logging experiment in directory: /workspace/isaaclab/logs/rsl_rl/h1_rough")  # SYNTH
    s.joblog(232.6, J, "Exact experiment name requested from command line: 2025-05-20_06-53-52")  # SYNTH
    s.joblog(240.1, J, "[rsl_rl] console log every 200 iterations (OnPolicyRunner.log patched, full metrics in "
                       "tensorboard)")  # SYNTH (the owner's patch)
    # training (SYNTH): iteration 0 at ~t=260
    t_fault = 4302.7
    it, tit = 0, 260.0
    per_iter = 4096 * 8 * 24
    el0 = 0.0
    while tit < t_end:
        coll = rng.uniform(0.90, 0.97)
        learn = rng.uniform(1.02, 1.16) if tit >= t_fault else rng.uniform(0.25, 0.30)
        if tit < t_fault < tit + 200 * (coll + learn):     # the 200 iterations straddle the onset
            frac = (t_fault - tit) / (200 * (coll + learn))
            span = 200 * (coll + learn) * frac + 200 * (1 - frac) * (coll + rng.uniform(1.02, 1.16))
        else:
            span = 200 * (coll + learn)
        tit += span
        it += 200
        el0 += span
        if tit >= t_end:
            break
        if tit >= t_fault:                                 # the block shows the last iteration's own timings
            learn = rng.uniform(1.02, 1.16)
        dt_ = coll + learn
        rew = 2.0 + 19.0 * (1 - math.exp(-it / 4200.0)) + rng.uniform(-0.4, 0.4)
        eplen = 300 + 640 * (1 - math.exp(-it / 3500.0)) + rng.uniform(-12, 12)
        extras = {"Episode_Reward/track_lin_vel_xy_exp": 0.6 + 0.5 * (1 - math.exp(-it / 3000)) + rng.uniform(-0.02, 0.02),
                  "Episode_Reward/track_ang_vel_z_exp": 0.3 + 0.25 * (1 - math.exp(-it / 3000)) + rng.uniform(-0.02, 0.02),
                  "Episode_Termination/base_contact": max(0.0, 0.4 * math.exp(-it / 2500) + rng.uniform(-0.01, 0.01))}
        blk = rsl_block(it, 30000, it * per_iter, int(per_iter / dt_), coll, learn, rng.uniform(0.008, 0.03),
                        rng.uniform(-0.012, -0.002), rng.uniform(13.5, 15.0), rew, eplen,
                        max(0.35, 1.0 - it / 9000.0), extras, el0, (30000 - it) * dt_)
        for k, l in enumerate(blk):
            s.joblog(tit + 0.0002 * k, J, l)  # SYNTH (rsl_rl block layout)
    # neighbours (SYNTH)
    tn, run_ = 20.0, 0
    while tn < t_end:
        run_ += 1
        s.joblog(tn, N1, f"[sweep] run {run_:02d} splatfacto --pipeline.model.cull_alpha_thresh "
                         f"{rng.choice([0.005, 0.01, 0.02])} --data /data/ehan/scenes/lab_hall")
        s.joblog(tn + 31.0, N1, "Step (% Done)       Train Iter (time)    ETA (time)           Train Rays / Sec   "
                                "                    ")
        s.joblog(tn + 31.0, N1, "-" * 83 + "                  ")
        step, tr = 0, tn + 31.0
        while step < 30000 and tr < t_end:
            step += 1000 + rng.randint(-60, 60)
            ms = rng.uniform(38.0, 46.0)
            tr += 1000 * ms / 1000.0
            eta = (30000 - step) * ms / 1000.0
            s.joblog(tr, N1, f"{step:<6d}({100 * step / 30000:5.2f}%)     {ms:6.3f} ms            "
                             f"{int(eta // 60)} m, {int(eta % 60)} s           {rng.uniform(11.8, 13.1):.2f} M")
        tn = tr + 55.0
    t2 = (dt.datetime(2025, 5, 20, 7, 20, 3) - s.start).total_seconds()
    s.job_state(t2, N2, "RUNNING", "0:0", nodes="il-06")  # SYNTH
    tn, st = t2 + 120.0, 0
    while tn < t_end:
        st += 50
        s.joblog(tn, N2, f"{{'loss': {0.09 * math.exp(-st / 6000) + rng.uniform(0.012, 0.02):.4f}, 'grad_norm': "
                         f"{rng.uniform(0.21, 0.48):.4f}, 'learning_rate': {1e-4 * min(1.0, st / 500):.3e}, "
                         f"'epoch': {st / 12000:.2f}}}")
        tn += 50 * 2.05
    for k, (h, tk) in enumerate([("il-02", 700.0), ("il-04", 2600.0), ("il-07", 6100.0), ("il-03", 9300.0)]):
        noise47(s, h, tk, k)

    REASONS = "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"

    def fn(n_, g, t_):
        if n_ in hosts:
            if t_ < 262.0:
                return i47(rng, "l40_47", extra={REASONS: 0})
            if t_ >= t_fault:
                if n_ == "il-04" and g == 2:
                    return g38(99, rng.uniform(148, 166), rng.choice([1065, 1095, 1110, 1140, 1170]),
                               fb=rng.randint(30500, 32500), temp=rng.randint(54, 58), extra={REASONS: 136})
                return b47(rng, "l40_47", load=rng.uniform(0.52, 0.61), extra={REASONS: 0})
            return b47(rng, "l40_47", load=rng.uniform(0.93, 0.98), extra={REASONS: 0})
        if n_ == "il-01":
            return b47(rng, "l40_47", load=0.82) if g == 0 else i47(rng, "l40_47")
        if n_ == "il-06":
            return b47(rng, "l40_47", load=0.9) if t_ > t2 + 90 else i47(rng, "l40_47")
        return i47(rng, "l40_47")
    tel47(s, hosts, 4, 0.0, t_end, 600.0, fn, keys=K47 + (REASONS,))
    tel47(s, ["il-01", "il-06"], 4, 0.0, t_end, 2400.0, fn, keys=K47S)
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": "il-04", "gpu": 2}, drain=["il-04"],
                    requeue={J: {"exclude": ["il-04"]}}, no_requeue=[N1, N2], no_drain=["il-03"])
    return s


# ======================================================================================
# S3  fastvideo-wan21-4x8-h100-hgx-n05-cx7-firmware-health-lost-nccl-ib-peers  (network: FastVideo Wan2.1-T2V-14B
#     fine-tune on 4 HGX H100 nodes (32 ranks, sequence parallel 8), 6 hours in. The ConnectX HCA at 0000:41:00.0
#     (mlx5_2, the rail of GPUs 2 and 3) on hgx-n05 loses its firmware heartbeat: mlx5_core logs "device's health
#     compromised - reached miss count" and "synd 0x8: unrecoverable hardware error". 20 s later NCCL on the peers
#     (hgx-n04, hgx-n06 GPUs 2/3) gets IB completion errors from 10.42.4.5 (hgx-n05), hgx-n05's own ranks 18/19 get a
#     local catastrophic async event; PyTorch watchdogs abort, srun kills the step. Elsewhere benign mlx5 noise that
#     NVSentinel classes as non-fatal: an ACCESS_REG failure on hgx-n05 itself an hour earlier, a TX-queue
#     watchdog on hgx-n09, a module high-temperature warning on hgx-n02 -- the jobs there carry on.)
# ======================================================================================
# Source (lines): https://github.com/NVIDIA/NVSentinel/blob/main/tests/syslog_health_monitor_test.go -- NVSentinel's
#   syslog health-monitor test injects these kernel lines (the `kernel: [   17.982092] ` style prefixes are dropped;
#   the lines are re-stamped in each node's journal format; bodies verbatim).
REAL_S3_FATAL = [
    "mlx5_core 0000:41:00.0: poll_health:852:(pid 0): device's health compromised - reached miss count",
    "mlx5_core 0000:41:00.0: print_health_info:458:(pid 0): synd 0x8: unrecoverable hardware error",
]
REAL_S3_BENIGN = [
    "NETDEV WATCHDOG: eth0 (mlx5_core): transmit queue timed out",
    "mlx5_core 0000:5c:00.0: Port module event[error]: module 0, Cable error, High Temperature",
    "mlx5_core 0000:d2:00.0: mlx5_cmd_out_err:838:(pid 1441871): ACCESS_REG(0x805) op_mod(0x1) failed, status bad "
    "operation(0x2), syndrome (0x305684), err(-22)",
]
# Source (truth): https://github.com/NVIDIA/NVSentinel/blob/main/health-monitors/syslog-health-monitor/pkg/nicdriver/config.go
#   -- NVIDIA's NIC-driver patterns: `health_poll_failed` ("Firmware heartbeat lost - device health compromised") and
#   `unrecoverable_err` ("Unrecoverable hardware error (syndrome 0x8)") are fatal, RecommendedAction REPLACE_VM;
#   netdev_watchdog, port_module_high_temp and access_reg_failed are non-fatal, RecommendedAction NONE (driver
#   auto-recovery / noise). A node whose HCA is dead is taken out; the job reruns elsewhere.


def build_s3() -> Scenario:
    name = "fastvideo-wan21-4x8-h100-hgx-n05-cx7-firmware-health-lost-nccl-ib-peers"
    J, N1, N2 = "512804", "512790", "512811"
    start = "2025-03-18T01:00:00Z"
    s = Scenario(name, "FastVideo Wan2.1 fine-tune on 4 HGX H100 nodes (NDR InfiniBand, one HCA per GPU pair rail); "
                 "other owners' jobs (a modded-nanogpt sweep, an lm-eval run) on other nodes.",
                 start,
                 {"name": "video-h100", "partition": "gpu", "nodes": "hgx-n[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS},
                 [{"id": J, "name": "wan21-t2v-14b-ft", "user": "yzhou", "nodes": "hgx-n[03-06]", "tasks_per_node": 8,
                   "started": "2025-03-17T19:12:00Z", "comment": comment(3, "/lustre/yzhou/fastvideo/ckpt")},
                  {"id": N1, "name": "speedrun-sweep-muon", "user": "kpatel", "nodes": "hgx-n09", "tasks_per_node": 8,
                   "started": "2025-03-18T00:40:12Z"},
                  {"id": N2, "name": "lm-eval-mmlu-pro", "user": "rgarcia", "nodes": "hgx-n02", "tasks_per_node": 1,
                   "started": "2025-03-18T00:21:40Z"}])
    rng = s.rng
    nodes = ["hgx-n03", "hgx-n04", "hgx-n05", "hgx-n06"]
    ip = {h: f"10.42.4.{int(h[-2:])}" for h in nodes}
    t_fault = 6011.4
    t_end = t_fault + 2400.0
    # progress (SYNTH): FastVideo's rank-0 tqdm bar `Steps`, refreshed into the log every 10 steps
    bar_t0 = (dt.datetime(2025, 3, 17, 19, 16, 40) - s.start).total_seconds()   # bar created after model load
    step, tt = 4211, 12.0
    step_time = 4.97
    while tt < t_fault - 5:
        step += 10
        st = step_time + rng.uniform(-0.06, 0.06)
        tt += 10 * st
        if tt >= t_fault - 5:
            break
        post = f"loss={rng.uniform(0.061, 0.104):.4f}, step_time={st:.2f}s, grad_norm={rng.uniform(0.14, 0.31):.3f}"
        s.joblog(tt, J, tqdm_meter(step, 10000, tt - bar_t0, 1 / st, "Steps", post))
        if step % 500 == 0:
            s.joblog(tt + 31.0, J, f"INFO {s.at(tt + 31):%m-%d %H:%M:%S} [training_pipeline.py:612] Saved "
                                   f"checkpoint to /lustre/yzhou/fastvideo/ckpt/checkpoint-{step}")
            tt += 33.0
    # the fault: HCA firmware heartbeat lost on hgx-n05
    kj(s, t_fault, "hgx-n05", REAL_S3_FATAL[0])  # REAL_S3_FATAL
    kj(s, t_fault + 1.02, "hgx-n05", REAL_S3_FATAL[1])  # REAL_S3_FATAL
    te = t_fault + 19.6
    pid = {h: 3_812_400 + 1000 * i for i, h in enumerate(nodes)}
    gid = {h: f"fe80::ba3f:d203:b0:{0x5e20 + 7 * i:x}" for i, h in enumerate(nodes)}
    for h, ranks in (("hgx-n04", (10, 11)), ("hgx-n06", (26, 27))):
        for r in ranks:
            dev = r % 8
            pr = f"{h}:{pid[h] + dev}:{pid[h] + 900 + dev} [{dev}]"
            s.joblog(te, J, f"{pr} NCCL WARN NET/IB : Got completion from peer {ip['hgx-n05']}<{43200 + r}> with "
                            f"status=12 opcode=0 len=0 vendor err 129 (Recv) localGid {gid[h]} remoteGids"
                            f"{gid['hgx-n05']}")  # SYNTH
            s.joblog(te + 0.001, J, f"{pr} NCCL INFO transport/net.cc:1298 -> 6")  # SYNTH
            s.joblog(te + 0.002, J, f"{pr} NCCL INFO proxy.cc:694 -> 6")  # SYNTH
            s.joblog(te + 0.003, J, f"{pr} NCCL INFO proxy.cc:874 -> 6 [Progress Thread]")  # SYNTH
            te += rng.uniform(0.01, 0.2)
    for r in (18, 19):
        dev = r % 8
        s.joblog(te + 0.4, J, f"hgx-n05:{pid['hgx-n05'] + dev}:{pid['hgx-n05'] + 900 + dev} [{dev}] NCCL WARN NET/IB : "
                              f"Got async event : local catastrophic error")  # SYNTH
    tw = te + 2.3
    for r in (10, 11, 26, 27, 18, 19):
        d = s.at(tw)
        h = nodes[r // 8]
        s.joblog(tw, J, f"[rank{r}]:[E{d:%m%d %H:%M:%S}.{d.microsecond:06d}{rng.randint(100, 999)} "
                        f"ProcessGroupNCCL.cpp:1484] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog "
                        f"thread terminated with exception: NCCL error: remote process exited or there was a network "
                        f"error, NCCL version 2.21.5")  # SYNTH
        s.joblog(tw + 0.001, J, f"[rank{r}]: ncclRemoteError: A call failed possibly due to a network error or a "
                                f"remote process exiting prematurely.")  # SYNTH
        s.joblog(tw + 0.002, J, f"[rank{r}]: Last error:")  # SYNTH
        if h != "hgx-n05":
            s.joblog(tw + 0.003, J, f"[rank{r}]: NET/IB : Got completion from peer {ip['hgx-n05']}<{43200 + r}> with "
                                    f"status=12 opcode=0 len=0 vendor err 129 (Recv) localGid {gid[h]} remoteGids"
                                    f"{gid['hgx-n05']}")  # SYNTH
        else:
            s.joblog(tw + 0.003, J, f"[rank{r}]: NET/IB : Got async event : local catastrophic error")  # SYNTH
        s.joblog(tw + 0.004, J, "terminate called after throwing an instance of 'c10::DistBackendError'")  # SYNTH
        tw += rng.uniform(0.05, 0.4)
    py = "/opt/venv/lib/python3.12/site-packages"
    head = ['  File "/opt/venv/bin/torchrun", line 10, in <module>', "    sys.exit(main())"]
    tx = tw + 6.0
    tx = elastic_summary(s, tx, J, "hgx-n04", [(10, 2, pid["hgx-n04"] + 2, -6), (11, 3, pid["hgx-n04"] + 3, -6)],
                         "fastvideo/training/wan_training_pipeline.py", py, head)
    s.joblog(tx + 0.4, J, "srun: error: hgx-n04: task 1: Exited with exit code 1")  # SYNTH
    tx = srun_abort_lines(s, tx + 0.6, J, "hgx-n03")
    tx = elastic_summary(s, tx + 0.8, J, "hgx-n06", [(26, 2, pid["hgx-n06"] + 2, -6), (27, 3, pid["hgx-n06"] + 3, -6)],
                         "fastvideo/training/wan_training_pipeline.py", py, head)
    tx = elastic_summary(s, tx + 0.3, J, "hgx-n05", [(18, 2, pid["hgx-n05"] + 2, -6), (19, 3, pid["hgx-n05"] + 3, -6)],
                         "fastvideo/training/wan_training_pipeline.py", py, head)
    s.joblog(tx + 0.5, J, "srun: error: hgx-n06: task 3: Exited with exit code 1")  # SYNTH
    s.joblog(tx + 0.6, J, "srun: error: hgx-n05: task 2: Exited with exit code 1")  # SYNTH
    s.joblog(tx + 1.9, J, "srun: error: hgx-n03: task 0: Killed")  # SYNTH
    t_dead = tx + 3.0
    s.job_state(t_dead, J, "FAILED", "1:0")  # SYNTH
    for h in nodes:
        s.node_state(t_dead + 0.5, h, "IDLE", "")  # SYNTH
    # traps: benign mlx5 lines NVSentinel classes as non-fatal
    kj(s, 2411.8, "hgx-n05", REAL_S3_BENIGN[2])  # REAL_S3_BENIGN
    kj(s, 3402.3, "hgx-n09", REAL_S3_BENIGN[0])  # REAL_S3_BENIGN
    kj(s, 4630.9, "hgx-n02", REAL_S3_BENIGN[1])  # REAL_S3_BENIGN
    for k, (h, tk) in enumerate([("hgx-n01", 640.0), ("hgx-n07", 3950.0), ("hgx-n11", 7300.0)]):
        noise47(s, h, tk, k)
    # neighbours (SYNTH)
    t1 = (dt.datetime(2025, 3, 18, 0, 40, 12) - s.start).total_seconds()
    tn, run_ = max(5.0, t1 + 1300.0), 11
    while tn < t_end:
        run_ += 1
        s.joblog(tn, N1, f"[sweep] run {run_:03d} muon_lr={rng.choice([0.04, 0.05, 0.06])} "
                         f"cooldown_frac={rng.choice([0.35, 0.4, 0.45])} seed={rng.randint(0, 9999)}")
        s.joblog(tn + 41.0, N1, "step:0/1770 val_loss:10.8258 train_time:0ms step_avg:nanms")
        avg = rng.uniform(97.5, 100.5)
        for st in range(250, 1771, 250):
            stp = min(st, 1770)
            s.joblog(tn + 41.0 + stp * avg / 1000.0 + 2.5 * (st // 250), N1,
                     f"step:{stp}/1770 val_loss:{3.28 + 1.4 * math.exp(-stp / 380) + rng.uniform(-0.01, 0.01):.4f} "
                     f"train_time:{int(stp * avg)}ms step_avg:{avg + rng.uniform(-0.2, 0.2):.2f}ms")
        s.joblog(tn + 41.0 + 1770 * avg / 1000.0 + 20.0, N1,
                 f"peak memory allocated: {rng.randint(30900, 31600)} MiB reserved: {rng.randint(32800, 33400)} MiB")
        tn += 41.0 + 1770 * avg / 1000.0 + 80.0
    tn, n_ = 60.0, 2121
    el = (s.start - dt.datetime(2025, 3, 18, 0, 21, 40)).total_seconds()
    t_n2_done = t_end + 1.0
    while tn < t_end and n_ < 12032:
        n_ = min(12032, n_ + rng.randint(520, 560))
        s.joblog(tn, N2, tqdm_meter(n_, 12032, el + tn, 1.81 + rng.uniform(-0.05, 0.05), "Running generate_until requests"))
        if n_ == 12032:
            s.joblog(tn + 41.0, N2, "hf (pretrained=/models/qwen2.5-32b-instruct,dtype=bfloat16), gen_kwargs: (None), "
                                    "limit: None, num_fewshot: 5, batch_size: auto")
            s.joblog(tn + 41.1, N2, "|  Tasks |Version|    Filter    |n-shot|  Metric   |   |Value |   |Stderr|")
            s.joblog(tn + 41.2, N2, f"|mmlu_pro|      2|custom-extract|      |exact_match|↑  |{rng.uniform(0.61, 0.66):.4f}|"
                                    f"±  |0.0043|")
            t_n2_done = tn + 43.0
            s.job_state(t_n2_done, N2, "COMPLETED", "0:0")
            s.node_state(t_n2_done + 0.5, "hgx-n02", "IDLE", "")
        tn += 300.0

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ < t_fault:
                return b47(rng, "h100", load=rng.uniform(0.9, 0.98))
            if t_ < t_dead:
                return spinning(rng, "h100")
            return i47(rng, "h100")
        if n_ == "hgx-n09":
            return b47(rng, "h100", load=0.97) if t_ > t1 else i47(rng, "h100")
        if n_ == "hgx-n02":
            return b47(rng, "h100", load=0.7) if (g == 0 and t_ < t_n2_done) else i47(rng, "h100")
        return i47(rng, "h100")
    tel47(s, nodes, 8, 0.0, t_end, 600.0, fn, keys=K47S)
    tel47(s, ["hgx-n02", "hgx-n09"], 8, 0.0, t_end, 2400.0, fn, keys=K47S)
    s.truth = truth({"t": t_fault, "category": "network", "node": "hgx-n05"}, drain=["hgx-n05"],
                    requeue={J: {"exclude": ["hgx-n05"]}}, no_requeue=[N1, N2],
                    no_drain=["hgx-n02", "hgx-n09", "hgx-n03", "hgx-n04", "hgx-n06"])
    return s


# ======================================================================================
# S4  relion31-refine3d-gpu04-gpu06-thermal-critical-shutdown-gpu06-node-fail  (node_failure: RELION 3.1 3D
#     auto-refine with 17 MPI ranks on gpu04 + gpu06 (4 x RTX A4500 each), 4.7 hours in, in the middle of a
#     45-minute E-step (RELION prints nothing during an E-step). gpu06's chassis cooling fails: the kernel logs CPU
#     core/package throttling for ten minutes, then the ACPI thermal zone reaches its critical trip and the kernel
#     starts an orderly power-off. The journal stops; GPU telemetry from gpu06 stops. Five minutes later slurmctld
#     marks gpu06 DOWN+NOT_RESPONDING and the job NODE_FAIL. A benign CPU throttle notice (and its recovery) on
#     gpu09 two hours earlier.)
# ======================================================================================
# Source (line): https://github.com/NixOS/nixos-hardware/issues/208 -- a machine that shuts itself down under load:
#   "kernel: thermal thermal_zone3: critical temperature reached (80 C), shutting down" (5.x kernel wording; the
#   journal prefix is rewritten to this node, the body is verbatim). The thread's point: at the critical trip the
#   kernel powers the machine off, it does not throttle. A node that powers itself off under load has a cooling
#   fault: it is gone for its jobs (node_failure) and must stay out until repaired.
REAL_S4_THERMAL = ("Nov 16 09:26:47 wmertens-nixos kernel: thermal thermal_zone3: critical temperature reached (80 C), "
                   "shutting down")
# Source (lines): https://github.com/3dem/relion/issues/841 -- RELION 3.1.0 output of a refinement on two GPU nodes
#   called gpu04 and gpu06 (the cluster here keeps those names so the lines stay verbatim). The other slave lines
#   are SYNTH in the same format.
REAL_S4_RELION = [
    "RELION version: 3.1.0 ",
    "Precision: BASE=double, CUDA-ACC=single ",
    " === RELION MPI setup ===",
    " + Number of MPI processes             = 17",
    " + Number of threads per MPI process   = 3",
    " + Total number of threads therefore   = 51",
    " + Master  (0) runs on host            = gpu04",
    " + Slave     1 runs on host            = gpu04",
    " + Slave     8 runs on host            = gpu06",
]
# Source (lines): https://github.com/3dem/relion/issues/450 -- RELION's noise-spectra step and its progress bar
#   (verbatim; the timing happens to suit a large data set's CPU-side noise estimation).
REAL_S4_NOISE = [
    " Estimating initial noise spectra ",
    '47.22/47.22 min ............................................................~~(,_,">',
]


def relion_bar(done: float, unit: str) -> str:
    """SYNTH: RELION's finished progress bar line (60 dots)."""
    if unit == "sec":
        return f"{int(done):>4d}/{int(done):>4d} sec " + "." * 60 + '~~(,_,">'
    return f"{done:.2f}/{done:.2f} min " + "." * 60 + '~~(,_,">'


def build_s4() -> Scenario:
    name = "relion31-refine3d-gpu04-gpu06-thermal-critical-shutdown-gpu06-node-fail"
    J, N1, N2 = "88412", "88401", "88436"
    start = "2022-03-09T06:30:00Z"
    s = Scenario(name, "RELION 3.1 3D auto-refine (MPI, 17 ranks) on two 4 x RTX A4500 nodes of a cryo-EM cluster; "
                 "other owners' preprocessing and particle-picking jobs on other nodes.",
                 start,
                 {"name": "cryoem", "partition": "gpu", "nodes": "gpu[01-12]", "gpus_per_node": 4,
                  "pci_bus_ids": A4500_BUS},
                 [{"id": J, "name": "refine3d-job183", "user": "mvandijk", "nodes": "gpu[04,06]", "tasks_per_node": 9,
                   "started": "2022-03-09T06:31:40Z", "comment": comment(1, "/data/mvandijk/apoF/Refine3D/job183")},
                  {"id": N1, "name": "mc3-ctf5-batch", "user": "lwinter", "nodes": "gpu02", "tasks_per_node": 1,
                   "started": "2022-03-09T05:12:09Z"},
                  {"id": N2, "name": "topaz-train-gr7", "user": "sokafor", "nodes": "gpu09", "tasks_per_node": 1,
                   "started": "2022-03-09T06:02:51Z"}])
    rng = s.rng
    hosts = ["gpu04", "gpu06"]
    s.job_state(100.0, J, "RUNNING", "0:0", nodes="gpu[04,06]")  # SYNTH
    s.joblog(100.4, J, "+ srun --mpi=pmix -n 17 relion_refine_mpi --o Refine3D/job183/run --auto_refine "
                       "--split_random_halves --i Select/job181/particles.star --ref Import/job150/apoF_lp.mrc "
                       "--ini_high 40 --dont_combine_weights_via_disc --pool 30 --pad 2 --ctf --particle_diameter 130 "
                       "--flatten_solvent --zero_mask --oversampling 1 --healpix_order 2 --auto_local_healpix_order 4 "
                       "--offset_range 5 --offset_step 2 --sym O --low_resol_join_halves 40 --norm --scale --j 3 "
                       "--gpu \"\" --pipeline_control Refine3D/job183/")  # SYNTH
    s.joblog(106.2, J, REAL_S4_RELION[0])  # REAL_S4_RELION
    s.joblog(106.2001, J, REAL_S4_RELION[1])  # REAL_S4_RELION
    s.joblog(106.2002, J, "")  # SYNTH
    tm = 131.7
    mpi = list(REAL_S4_RELION[2:8])
    mpi += [f" + Slave {i:>5d} runs on host            = gpu04" for i in range(2, 8)]  # SYNTH (same format)
    mpi += [REAL_S4_RELION[8]]
    mpi += [f" + Slave {i:>5d} runs on host            = gpu06" for i in range(9, 16)]  # SYNTH
    mpi += [" + Slave    16 runs on host            = gpu04", " ================="]  # SYNTH
    for k, l in enumerate(mpi):
        s.joblog(tm + 0.001 * k, J, l)  # REAL_S4_RELION + SYNTH
    for sl in range(1, 17):
        for th in range(3):
            s.joblog(tm + 2.0 + 0.002 * (3 * sl + th), J, f" Thread {th} on slave {sl} mapped to device "
                                                         f"{(sl - 1) % 8 // 2}")  # SYNTH
    s.joblog(tm + 3.1, J, " Running CPU instructions in double precision. ")  # SYNTH
    s.joblog(tm + 3.5, J, REAL_S4_NOISE[0])  # REAL_S4_NOISE
    tn = tm + 3.5 + 47.22 * 60
    s.joblog(tn, J, REAL_S4_NOISE[1])  # REAL_S4_NOISE
    # auto-refine iterations (SYNTH)
    res = 19.23
    e_min = [13.1, 14.4, 16.2, 19.0, 22.8, 27.9, 33.1, 38.4, 44.6, 49.0, 53.0]
    tt = tn + 20.0
    t_fault = 16912.6
    it = 0
    for it in range(1, len(e_min) + 1):
        lines = [f" Auto-refine: Iteration= {it}",
                 f" Auto-refine: Resolution= {res:.4g} (no gain for 0 iter) ",
                 (" Auto-refine: Changes in angles= 999 degrees; and in offsets= 999 Angstroms (no gain for 0 iter) "
                  if it == 1 else f" Auto-refine: Changes in angles= {rng.uniform(0.4, 3.5):.4g} degrees; and in "
                                   f"offsets= {rng.uniform(0.1, 0.9):.4g} Angstroms (no gain for 0 iter) "),
                 f" CurrentResolution= {res:.4g} Angstroms, which requires orientationSampling of at least "
                 f"{res / 130 * 57.3:.4g} degrees for a particle of diameter 130 Angstroms"]
        samp = 7.5 / (2 ** min(3, it // 3))
        for ov in (0, 1):
            n_or = int(4608 * (4 ** min(3, it // 3)) * (8 ** ov))
            lines += [f" Oversampling= {ov} NrHiddenVariableSamplingPoints= {n_or * 21 * (4 ** ov)}",
                      f" OrientationalSampling= {samp / (2 ** ov):.4g} NrOrientations= {n_or}",
                      f" TranslationalSampling= {2.13 / (2 ** ov):.4g} NrTranslations= {21 * (4 ** ov)}",
                      "============================="]
        lines += [f" Expectation iteration {it}"]
        for k, l in enumerate(lines):
            s.joblog(tt + 0.001 * k, J, l)
        e_end = tt + e_min[it - 1] * 60
        if e_end > t_fault:
            break
        s.joblog(e_end, J, relion_bar(e_min[it - 1], "min"))
        s.joblog(e_end + 0.2, J, " Maximization ...")
        m_end = e_end + rng.uniform(55, 80)
        s.joblog(m_end, J, relion_bar(0, "sec"))
        s.joblog(m_end + 0.3, J, " Estimating accuracies in the orientational assignment ... ")
        a_end = m_end + rng.uniform(8, 14)
        s.joblog(a_end, J, relion_bar(0, "sec"))
        s.joblog(a_end + 0.1, J, f" Auto-refine: Estimated accuracy angles= {rng.uniform(0.8, 2.6):.4g} degrees; "
                                 f"offsets= {rng.uniform(0.4, 1.1):.4g} Angstroms")
        res = max(2.1, res * rng.uniform(0.74, 0.83))
        tt = a_end + rng.uniform(20, 35)
    # the fault: cooling failure on gpu06, critical trip, orderly power-off
    for k, (dtk, cpu, ev) in enumerate([(-612.4, 7, 1), (-612.3, 39, 1), (-431.0, 7, 2210), (-301.5, 23, 1),
                                        (-120.8, 7, 9133), (-58.2, 23, 4471)]):
        kj(s, t_fault + dtk, "gpu06", f"mce: CPU{cpu}: Core temperature above threshold, cpu clock throttled "
                                      f"(total events = {ev})")  # SYNTH
    kj(s, t_fault - 31.0, "gpu06", "mce: CPU21: Package temperature above threshold, cpu clock throttled "
                                   "(total events = 1288)")  # SYNTH
    s.kernel(t_fault, "gpu06", retime_journal_host(REAL_S4_THERMAL, s.at(t_fault), "gpu06"))  # REAL_S4_THERMAL
    sj(s, t_fault + 0.9, "gpu06", "systemd-logind[1402]", "System is powering down.")  # SYNTH
    sj(s, t_fault + 1.6, "gpu06", "systemd[1]", "Stopping Slurm node daemon...")  # SYNTH
    t_down = t_fault + 302.0
    s.node_state(t_down, "gpu06", "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.joblog(t_down + 4.1, J, "srun: error: Node failure on gpu06")  # SYNTH
    s.joblog(t_down + 4.2, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    s.joblog(t_down + 4.3, J, f"slurmstepd: error: *** JOB {J} ON gpu04 CANCELLED AT "
                              f"{s.at(t_down + 4.3):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR "
                              f"DETAILS ***")  # SYNTH
    s.job_state(t_down + 5.0, J, "NODE_FAIL", "0:0")  # SYNTH
    s.node_state(t_down + 6.0, "gpu04", "IDLE", "")  # SYNTH
    t_end = t_fault + 2700.0
    # trap: benign CPU throttle notice and its recovery on gpu09
    kj(s, 8012.3, "gpu09", "mce: CPU12: Core temperature above threshold, cpu clock throttled (total events = 1)")  # SYNTH
    kj(s, 8012.3, "gpu09", "mce: CPU44: Core temperature above threshold, cpu clock throttled (total events = 1)")  # SYNTH
    kj(s, 8018.9, "gpu09", "mce: CPU12: Core temperature/speed normal")  # SYNTH
    kj(s, 8018.9, "gpu09", "mce: CPU44: Core temperature/speed normal")  # SYNTH
    for k, (h, tk) in enumerate([("gpu01", 1300.0), ("gpu04", 6400.0), ("gpu11", 12100.0)]):
        noise47(s, h, tk, k + 1)
    # neighbours (SYNTH)
    tn, mv = 30.0, 1840
    while tn < t_end:
        mv += 10
        s.joblog(tn, N1, f"[batch] movies {mv - 9:05d}-{mv:05d}/06120 motioncor3 {rng.uniform(3.1, 3.6):.2f} s/movie, "
                         f"ctffind5 res {rng.uniform(2.9, 3.8):.2f} A (median), {rng.randint(0, 2)} rejected")
        tn += 10 * rng.uniform(28.0, 33.0)
    t2 = (dt.datetime(2022, 3, 9, 6, 2, 51) - s.start).total_seconds()
    s.joblog(12.0, N2, "epoch\tsplit\tit\tloss\tggg\tprecision\tadjusted_precision\trecall\taverage_precision")
    tn, ep = 40.0, 9
    while tn < t_end:
        ep += 1
        ap = 0.62 + 0.2 * (1 - math.exp(-ep / 25)) + rng.uniform(-0.01, 0.01)
        s.joblog(tn, N2, f"{ep}\ttest\t{ep * 4000}\t{rng.uniform(0.04, 0.09):.6f}\t-\t{ap - 0.05:.6f}\t"
                         f"{ap - 0.03:.6f}\t{ap + 0.04:.6f}\t{ap:.6f}")
        tn += rng.uniform(190.0, 210.0)

    def fn(n_, g, t_):
        if n_ in hosts:
            if n_ == "gpu06" and t_ >= t_fault:
                return None
            if t_ < 200.0 or tm + 3.5 < t_ < tn_noise:
                return i47(rng, "a4500", fb=rng.randint(1200, 1900))
            if t_ > t_down + 5.0:                          # gpu04 after the job's NODE_FAIL
                return i47(rng, "a4500")
            f = b47(rng, "a4500", load=rng.uniform(0.9, 0.99))
            if n_ == "gpu06" and t_ > t_fault - 1500:
                f["DCGM_FI_DEV_GPU_TEMP"] = int(76 + (t_ - (t_fault - 1500)) / 1500 * 7) + rng.randint(0, 1)
            return f
        if n_ == "gpu02":
            return b47(rng, "a4500", load=0.74) if g == 0 else i47(rng, "a4500")
        if n_ == "gpu09":
            return b47(rng, "a4500", load=0.8) if g == 0 else i47(rng, "a4500")
        return i47(rng, "a4500")
    tn_noise = tm + 3.5 + 47.22 * 60
    tel47(s, hosts, 4, 0.0, t_end, 600.0, fn, keys=K47)
    tel47(s, ["gpu02", "gpu09"], 4, 0.0, t_end, 3600.0, fn, keys=K47S)
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": "gpu06"}, drain=["gpu06"],
                    requeue={J: {"exclude": ["gpu06"]}}, no_requeue=[N1, N2], no_drain=["gpu04", "gpu09"])
    return s


# ======================================================================================
# S5  cosmos-predict2-posttrain-4x8-h20-stall-ncclras-8-ranks-behind-h20-c07  (hang: Cosmos-Predict2 video2world
#     post-training on 4 nodes x 8 H20 (32 ranks), metrics as one JSON object per line from rank 0 every 25
#     iterations. 2 h in, the job stops: no error, no line at all for 30 minutes. The owner's job script runs a stall
#     watch: after 1800 s without a metrics line it runs `ncclras` and appends the report -- one communicator in
#     MISMATCH, 24 ranks have launched one more AllGather than the 8 ranks of h20-c07 (ranks 16-23, listed by
#     process and node address). A second report 30 minutes later is identical. The 24 waiting ranks spin in NCCL
#     (100 % utilisation, low power), h20-c07's 8 GPUs sit at 0 %. No kernel line, no Xid, no NIC error anywhere.
#     After the job's 2-hour collective timeout the 24 ranks' watchdogs fire (h20-c07's ranks print nothing), srun
#     ends the job. The controller's history names h20-c06 -- not h20-c07 -- as a hang suspect three weeks ago.)
# ======================================================================================
# Source (lines): https://github.com/NVIDIA/nccl/issues/1911 -- a real `ncclras` report of a 4-node x 8-GPU job with
#   one communicator in MISMATCH ("Communicator ranks have different AllGather operation counts"). Lines below are
#   verbatim; the report's other lines (headers that also occur in earlier corpora, the group id, the counts, the
#   rank/process/node lines) are SYNTH in the same layout.
REAL_S5_RAS = [
    "NCCL version 2.26.2 compiled with CUDA 12.6",
    "CUDA runtime version 12060, driver version 12060",
    "      4          8            1         32       32",
    "Communicators... (0.00s)",
    "    0         1         4         8        32        32   RUNNING  MISMATCH",
    "  Communicator ranks have different AllGather operation counts",
]
# Source (truth): https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting/ras.html -- NCCL's RAS
#   "can aide in the detection of outliers such as unresponsive processes"; a MISMATCH in collective operation
#   counts names the ranks that have not launched the collective the others wait in. Here they are exactly one
#   node's ranks, with no hardware evidence on that node: FORMAT.md's hang (requeue without the node, no drain; the
#   history entry is for another node).


def build_s5() -> Scenario:
    name = "cosmos-predict2-posttrain-4x8-h20-stall-ncclras-8-ranks-behind-h20-c07"
    J, N1, N2 = "730144", "730120", "730151"
    start = "2025-06-11T02:30:00Z"
    s = Scenario(name, "Cosmos-Predict2 video2world post-training on 4 nodes x 8 H20 (torchrun under srun, metrics "
                 "as JSON lines, a stall watch in the job script that dumps `ncclras`); other owners' jobs on other "
                 "nodes.",
                 start,
                 {"name": "wm-h20", "partition": "train", "nodes": "h20-c[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS},
                 [{"id": J, "name": "cosmos-p2-2b-av-posttrain", "user": "wliang", "nodes": "h20-c[05-08]",
                   "tasks_per_node": 8, "started": "2025-06-11T02:34:10Z",
                   "comment": comment(2, "/mnt/wm/wliang/cosmos/ckpt")},
                  {"id": N1, "name": "flux-lora-diffsynth", "user": "hxu", "nodes": "h20-c02", "tasks_per_node": 8,
                   "started": "2025-06-11T01:55:20Z"},
                  {"id": N2, "name": "lmdeploy-serve-bench", "user": "zqian", "nodes": "h20-c12", "tasks_per_node": 1,
                   "started": "2025-06-11T02:10:02Z"}],
                 history=[{"at": "2025-05-21T11:40:00Z", "node": "h20-c06", "verdict": "suspect", "category": "hang"}])
    rng = s.rng
    nodes = ["h20-c05", "h20-c06", "h20-c07", "h20-c08"]
    addr = {h: f"10.20.7.{int(h[-2:]) + 10}" for h in nodes}
    s.job_state(250.0, J, "RUNNING", "0:0", nodes="h20-c[05-08]")  # SYNTH
    s.joblog(250.3, J, "+ srun --kill-on-bad-exit=1 torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d "
                       "--rdzv_endpoint=h20-c05:29500 -m scripts.train --config=cosmos_predict2/configs/base/config.py "
                       "-- experiment=predict2_video2world_training_2b_av_ego job.name=av_ego_0611")  # SYNTH
    s.joblog(250.1, J, "[stallwatch] armed: ncclras report if no metrics line for 1800 s (NCCL_RAS_ENABLE=1)")  # SYNTH
    for k in range(4):
        torchrun_banner(s, 254.0 + 0.4 * k, J)
    for k, l in enumerate(["[06-11 02:35:02|INFO|imaginaire/utils/distributed.py:62:init] Initialized distributed "
                           "training with 32 ranks.",
                           "[06-11 02:35:40|INFO|imaginaire/trainer.py:118:__init__] FSDP: shard group size 8, "
                           "replicate group size 4",
                           "[06-11 02:38:11|INFO|imaginaire/checkpointer.py:201:load] Loading checkpoint from "
                           "/mnt/wm/wliang/cosmos/ckpt/iter_000005000",
                           "[06-11 02:39:58|INFO|imaginaire/trainer.py:187:train] Starting training..."]):
        s.joblog([302.0, 340.0, 491.0, 598.0][k], J, l)  # SYNTH
    it, tt = 5000, 600.0
    t_last = None
    t_stall_start = 7633.0
    while True:
        it_s = 4.1 + rng.uniform(-0.08, 0.08)
        if tt + 25 * it_s > t_stall_start:
            break
        tt += 25 * it_s
        it += 25
        rec = {"ts": f"{s.at(tt):%Y-%m-%dT%H:%M:%SZ}", "iteration": it,
               "loss": round(0.052 + 0.02 * math.exp(-(it - 5000) / 900) + rng.uniform(-0.004, 0.004), 4),
               "grad_norm": round(rng.uniform(0.18, 0.42), 3), "lr": 3e-05, "iter_s": round(it_s, 3),
               "samples_per_s": round(32 / it_s, 2), "max_mem_gb": round(rng.uniform(83.0, 85.6), 1)}
        s.joblog(tt, J, json.dumps(rec))  # SYNTH (rank 0's JSON metrics line)
        t_last = tt
    t_fault = t_last + 61.4          # h20-c07's ranks never reach the next AllGather
    last_it = it
    ops_ahead = 412877 + rng.randint(0, 3)
    pids = {h: 2_231_900 + 400 * i for i, h in enumerate(nodes)}

    def ras_report(t0: float, took: str) -> None:
        lines = [REAL_S5_RAS[0], REAL_S5_RAS[1], "", "Job summary", "===========", "",
                 "  Nodes  Processes         GPUs  Processes     GPUs",
                 "(total)   per node  per process    (total)  (total)", REAL_S5_RAS[2], "",
                 REAL_S5_RAS[3].replace("(0.00s)", took) if took != "(0.00s)" else REAL_S5_RAS[3],
                 "=============", "",
                 "Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors",
                 "    #  in group  per comm  per node  per comm  in group", REAL_S5_RAS[4], "",
                 "Errors", "======", "", "Warnings", "========", "",
                 "#0-0 (5d0c1b37a9e4f2c8) MISMATCH", REAL_S5_RAS[5],
                 f"  24 ranks have launched up to operation {ops_ahead}",
                 f"  8 ranks have launched up to operation {ops_ahead - 1}"]
        lines += [f"  Rank {r} -- GPU {r % 8} managed by process {pids['h20-c07'] + r % 8} on node "
                  f"{addr['h20-c07']}" for r in range(16, 24)]
        ras_stamp_lines(s, t0, J, lines)  # REAL_S5_RAS + SYNTH
    t_r1 = t_last + 1800.0 + rng.uniform(20, 60)
    s.joblog(t_r1, J, f"[stallwatch] {s.at(t_r1):%Y-%m-%dT%H:%M:%SZ} no metrics line for 1800 s (last iteration "
                      f"{last_it}); ncclras -v:")  # SYNTH
    ras_report(t_r1 + 0.8, "(0.00s)")
    t_r2 = t_r1 + 1800.0 + rng.uniform(0, 5)
    s.joblog(t_r2, J, f"[stallwatch] {s.at(t_r2):%Y-%m-%dT%H:%M:%SZ} no metrics line for 3600 s (last iteration "
                      f"{last_it}); ncclras -v:")  # SYNTH
    ras_report(t_r2 + 0.8, "(0.01s)")
    # the job's 2-hour collective timeout: the 24 waiting ranks' watchdogs fire; h20-c07's ranks print nothing
    t_to = t_fault + 7200.0 + rng.uniform(0.5, 3.0)
    seq = 98244 + rng.randint(0, 40)
    waiting = [r for r in range(32) if not 16 <= r <= 23]
    tw = t_to
    for r in waiting:
        d = s.at(tw)
        s.joblog(tw, J, f"[rank{r}]:[E{d:%m%d %H:%M:%S}.{d.microsecond:06d}{rng.randint(100, 999)} "
                        f"ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught collective operation timeout: "
                        f"WorkNCCL(SeqNum={seq}, OpType=_ALLGATHER_BASE, NumelIn=23068672, NumelOut=184549376, "
                        f"Timeout(ms)=7200000) ran for 7200{rng.randint(41, 99):03d} milliseconds before timing "
                        f"out.")  # SYNTH
        tw += rng.uniform(0.002, 0.05)
    for r in waiting:
        d = s.at(tw)
        s.joblog(tw, J, f"[rank{r}]:[E{d:%m%d %H:%M:%S}.{d.microsecond:06d}{rng.randint(100, 999)} "
                        f"ProcessGroupNCCL.cpp:1664] [PG ID 1 PG GUID 1 Rank {r}] Process group watchdog thread "
                        f"terminated with exception: [Rank {r}] Watchdog caught collective operation timeout: "
                        f"WorkNCCL(SeqNum={seq}, OpType=_ALLGATHER_BASE, NumelIn=23068672, NumelOut=184549376, "
                        f"Timeout(ms)=7200000) ran for 7200{rng.randint(41, 99):03d} milliseconds before timing "
                        f"out.")  # SYNTH
        tw += rng.uniform(0.002, 0.04)
    py = "/usr/local/lib/python3.10/dist-packages"
    head = ['  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())"]
    tx = tw + 8.0
    for i, h in enumerate(["h20-c05", "h20-c06", "h20-c08"]):
        base = 8 * nodes.index(h)
        tx = elastic_summary(s, tx, J, h, [(base + k, k, pids[h] + k, -6) for k in range(8)],
                             "scripts/train.py", py, head)
        s.joblog(tx + 0.2, J, f"srun: error: {h}: task {nodes.index(h)}: Exited with exit code 1")  # SYNTH
        if i == 0:
            tx = srun_abort_lines(s, tx + 0.3, J, "h20-c05")
        tx += 0.9
    s.joblog(tx + 2.4, J, "srun: error: h20-c07: task 2: Killed")  # SYNTH
    t_dead = tx + 3.5
    s.job_state(t_dead, J, "FAILED", "1:0")  # SYNTH
    for h in nodes:
        s.node_state(t_dead + 0.5, h, "IDLE", "")  # SYNTH
    t_end = t_dead + 900.0
    # neighbours (SYNTH)
    el = (s.start - dt.datetime(2025, 6, 11, 1, 55, 20)).total_seconds()
    tn, n_ = 40.0, 540
    while tn < t_end:
        n_ += 60
        if n_ > 2000:
            n_ = 60
            el = -tn + 30.0
            s.joblog(tn, N1, f"[diffsynth] epoch done, saved /data/hxu/flux_lora/epoch-{rng.randint(2, 9)}.safetensors")
        s.joblog(tn, N1, tqdm_meter(n_, 2000, el + tn, 1 / 3.96))
        tn += 60 * 3.96
    tn = 55.0
    while tn < t_end:
        s.joblog(tn, N2, f"{s.at(tn):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} - lmdeploy - INFO - "
                         f"async_engine.py:{rng.choice([612, 641])} - throughput: {rng.uniform(2900, 3400):.1f} tok/s, "
                         f"running {rng.randint(96, 128)}, waiting {rng.randint(0, 14)}, kv cache {rng.uniform(71, 88):.1f}%")
        tn += 300.0
    for k, (h, tk) in enumerate([("h20-c03", 900.0), ("h20-c07", 4100.0), ("h20-c10", 9700.0),
                                 ("h20-c06", 12500.0)]):
        noise47(s, h, tk, k)

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ < 600.0 or t_ > t_dead:
                return i47(rng, "h20_47")
            if t_ < t_fault:
                return b47(rng, "h20_47", load=rng.uniform(0.9, 0.98))
            if n_ == "h20-c07":
                return g38(0, rng.uniform(84, 96), 1980)
            return spinning(rng, "h20_47")
        if n_ == "h20-c02":
            return b47(rng, "h20_47", load=0.93)
        if n_ == "h20-c12":
            return b47(rng, "h20_47", load=0.74) if g == 0 else i47(rng, "h20_47")
        return i47(rng, "h20_47")
    tel47(s, nodes, 8, 0.0, t_end, 900.0, fn, keys=K47S)
    tel47(s, ["h20-c02", "h20-c12"], 8, 0.0, t_end, 3600.0, fn, keys=K47S)
    s.truth = truth({"t": t_fault, "category": "hang", "node": "h20-c07"}, requeue={J: {"exclude": ["h20-c07"]}},
                    no_requeue=[N1, N2], no_drain=nodes)
    return s


# ======================================================================================
# S6  boltz1-predict-14-complexes-2304-residues-oom-a6000-sb-g03  (software: a Boltz-1 batch prediction (14 YAML
#     inputs, MSA server, 5 diffusion samples, 10 recycles) on one RTX A6000 48 GB of a shared 4-GPU node. Eight
#     complexes predict normally (Lightning's `Predicting DataLoader 0` bar, minutes per item, nothing in between);
#     the ninth has 2304 residues and the trunk runs out of GPU memory 38 s in: the traceback (click -> boltz
#     predict -> Lightning -> ...) ends in torch.OutOfMemoryError and the job fails. The job opted in to requeues;
#     requeueing repeats the OOM on any 48 GB card. Another owner's RFdiffusion job on GPUs 0-1 of the same node runs
#     on undisturbed.)
# ======================================================================================
# Source (lines): https://github.com/jwohlwend/boltz/issues/283 -- "CUDA out of memory errors": a Boltz prediction's
#   traceback from the `boltz` entry point through click and pytorch_lightning's trainer.predict (the frame and code
#   lines below are verbatim; the caret lines and the frames after trainer.py:858, which the stored excerpt does not
#   show, are SYNTH).
REAL_S6_TB = [
    '  File "/data/groups/Boltz/Test/venv/bin/boltz", line 8, in <module>',
    "    sys.exit(cli())",
    '  File "/data/groups/Boltz/Test/venv/lib/python3.11/site-packages/click/core.py", line 1157, in __call__',
    "    return self.main(*args, **kwargs)",
    '  File "/data/groups/Boltz/Test/venv/lib/python3.11/site-packages/click/core.py", line 1078, in main',
    "    rv = self.invoke(ctx)",
    '  File "/data/groups/Boltz/Test/venv/lib/python3.11/site-packages/click/core.py", line 1688, in invoke',
    "    return _process_result(sub_ctx.command.invoke(sub_ctx))",
    '  File "/data/groups/Boltz/Test/venv/lib/python3.11/site-packages/click/core.py", line 1434, in invoke',
    "    return ctx.invoke(self.callback, **ctx.params)",
    '  File "/data/groups/Boltz/Test/venv/lib/python3.11/site-packages/click/core.py", line 783, in invoke',
    "    return __callback(*args, **kwargs)",
    '  File "/data/groups/Boltz/Test/venv/lib/python3.11/site-packages/boltz/main.py", line 765, in predict',
    "    trainer.predict(",
    '  File "/data/groups/Boltz/Test/venv/lib/python3.11/site-packages/pytorch_lightning/trainer/trainer.py", line 858, '
    'in predict',
    "    return call._call_and_handle_interrupt(",
]
# Source (truth): https://github.com/jwohlwend/boltz/issues/106 -- "Out of memory error -- Nvidia A6000 48GB ~2300 aa
#   residues": the Boltz maintainer answers that sharding one prediction across GPUs is not supported and that
#   ~2300 residues "might be too much for a 48GB GPU" -- the input is too large for the card; nothing is wrong
#   with the GPU or the node, and a rerun repeats the failure (software: notify the owner, no requeue, no drain).


def build_s6() -> Scenario:
    name = "boltz1-predict-14-complexes-2304-residues-oom-a6000-sb-g03"
    J, N1, N2 = "207733", "207710", "207741"
    start = "2025-03-20T09:00:00Z"
    s = Scenario(name, "Boltz-1 batch structure prediction on one RTX A6000 of a shared 4-GPU node; another owner's "
                 "RFdiffusion job on the same node, a ProteinMPNN/AF2 filter job elsewhere.",
                 start,
                 {"name": "struct-bio", "partition": "gpu", "nodes": "sb-g[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": A6000_BUS},
                 [{"id": J, "name": "boltz1-batch-0320", "user": "jmeyer", "nodes": "sb-g03", "tasks_per_node": 1,
                   "started": "2025-03-20T09:04:10Z", "comment": comment(2, "/data/groups/Boltz/out/batch_0320")},
                  {"id": N1, "name": "rfd-binders-il23r", "user": "avolkova", "nodes": "sb-g03", "tasks_per_node": 2,
                   "started": "2025-03-20T08:12:44Z"},
                  {"id": N2, "name": "mpnn-af2-filter", "user": "dkim", "nodes": "sb-g06", "tasks_per_node": 1,
                   "started": "2025-03-20T08:47:15Z"}])
    rng = s.rng
    host = "sb-g03"
    t_end = 9000.0
    s.job_state(250.0, J, "RUNNING", "0:0", nodes=host)  # SYNTH
    pre = [(250.2, "+ boltz predict inputs/batch_0320/ --out_dir out/batch_0320 --use_msa_server "
                   "--diffusion_samples 5 --recycling_steps 10 --output_format pdb"),
           (257.9, "Checking input data."), (258.4, "Processing input data.")]
    for t_, l in pre:
        s.joblog(t_, J, l)  # SYNTH
    s.joblog(331.0, J, tqdm_meter(14, 14, 72.0, 14 / 72.0))  # SYNTH (MSA server + featurisation)
    for t_, l in [(333.2, "Running predictions for 14 structures"),
                  (340.1, "GPU available: True (cuda), used: True"),
                  (340.1, "TPU available: False, using: 0 TPU cores"),
                  (340.1, "HPU available: False, using: 0 HPUs"),
                  (341.8, "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [2]")]:
        s.joblog(t_, J, l)  # SYNTH
    s.joblog(342.5, J, "Predicting: |          | 0/? [00:00<?, ?it/s]")  # SYNTH
    s.joblog(342.6, J, "Predicting DataLoader 0:   0%|          | 0/14 [00:00<?, ?it/s]")  # SYNTH
    sizes = [612, 845, 430, 1210, 990, 760, 1388, 1105, 2304, 540, 700, 1650, 880, 1020]
    tt, t0 = 342.6, 342.6
    t_fault = None
    for k, n in enumerate(sizes):
        if n > 2000:
            t_fault = tt + 38.4
            break
        dur = 25 + 210 * (n / 1000.0) ** 2 + rng.uniform(-8, 8)
        tt += dur
        s.joblog(tt, J, tqdm_meter(k + 1, 14, tt - t0, (k + 1) / (tt - t0), "Predicting DataLoader 0"))  # SYNTH
    py = "/data/groups/Boltz/Test/venv/lib/python3.11/site-packages"
    carets = {1: "             ^^^^^", 3: "           ^^^^^^^^^^^^^^^^^^^^^^^^^^", 5: "         ^^^^^^^^^^^^^^^^",
              7: "                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
              9: "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^", 11: "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^"}
    tb = ["Traceback (most recent call last):"]                         # SYNTH (occurs in earlier corpora)
    for i, l in enumerate(REAL_S6_TB):
        tb.append(l)                                                    # REAL_S6_TB
        if i in carets:
            tb.append(carets[i])                                        # SYNTH (caret lines)
    tb += [f'  File "{py}/pytorch_lightning/trainer/call.py", line 47, in _call_and_handle_interrupt',
           "    return trainer_fn(*args, **kwargs)",
           "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^",
           f'  File "{py}/pytorch_lightning/trainer/trainer.py", line 897, in _predict_impl',
           "    results = self._run(model, ckpt_path=ckpt_path)",
           "              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
           f'  File "{py}/pytorch_lightning/loops/prediction_loop.py", line 232, in _predict_step',
           "    predictions = call._call_strategy_hook(trainer, \"predict_step\", *step_args)",
           "                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
           f'  File "{py}/boltz/model/model.py", line 1023, in predict_step',
           "    out = self(",
           "          ^^^^^",
           f'  File "{py}/boltz/model/model.py", line 318, in forward',
           "    z = z + self.msa_module(z, s_inputs, feats)",
           "            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
           f'  File "{py}/boltz/model/modules/trunk.py", line 364, in forward',
           "    z, m = self.layers[i](z, m, token_mask, msa_mask, chunk_heads_pwa, chunk_size_transition_z,",
           f'  File "{py}/boltz/model/layers/outer_product_mean.py", line 93, in forward',
           "    z = torch.einsum(\"bsic,bsjd->bijcd\", a, b)",
           "        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 9.81 GiB. GPU 0 has a total capacity of "
           "47.53 GiB of which 4.07 GiB is free. Including non-PyTorch memory, this process has 43.45 GiB memory in "
           "use. Of the allocated memory 41.02 GiB is allocated by PyTorch, and 1.91 GiB is reserved by PyTorch but "
           "unallocated. If reserved but unallocated memory is large try setting "
           "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
           "Management  (" + "https:" + "//pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]
    for k, l in enumerate(tb):
        s.joblog(t_fault + 0.0005 * k, J, l)  # REAL_S6_TB + SYNTH
    s.joblog(t_fault + 0.0005 * len(tb) + 0.001, J, tqdm_meter(8, 14, t_fault - t0, 8 / (t_fault - t0),
                                                                  "Predicting DataLoader 0"))  # SYNTH (bar closed)
    s.joblog(t_fault + 2.9, J, f"srun: error: {host}: task 0: Exited with exit code 1")  # SYNTH
    t_dead = t_fault + 3.4
    s.job_state(t_dead, J, "FAILED", "1:0")  # SYNTH
    s.node_state(t_dead + 0.4, host, "MIXED", "")  # SYNTH (RFdiffusion still on the node)
    # neighbours (SYNTH)
    tn, dsg = 25.0, 211
    while tn < t_end:
        dsg += 1
        mins = rng.uniform(1.05, 1.35)
        tn += mins * 60
        s.joblog(tn, N1, f"[{s.at(tn):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d}][__main__][INFO] - Finished design "
                         f"il23r_binder_{dsg} in {mins:.2f} minutes")
    tn, d2 = 120.0, 380
    while tn < t_end:
        d2 += 1
        pl = rng.uniform(78, 94)
        pae = rng.uniform(4.5, 14.0)
        s.joblog(tn, N2, f"design_{d2:04d}_mpnn{rng.randint(0, 7)}: pLDDT {pl:.1f} pAE_interaction {pae:.2f} -> "
                         f"{'PASS' if pl > 85 and pae < 10 else 'fail'}")
        tn += rng.uniform(150, 210)
    for k, (h, tk) in enumerate([("sb-g01", 1100.0), ("sb-g03", 3900.0), ("sb-g07", 7600.0)]):
        noise47(s, h, tk, k + 3)
    big_start = t_fault - 38.4

    def fn(n_, g, t_):
        if n_ == host:
            if g == 2:
                if 342.0 < t_ < t_fault:
                    f = b47(rng, "a6000", load=rng.uniform(0.86, 0.97))
                    f["DCGM_FI_DEV_FB_USED"] = rng.randint(21000, 33000) if t_ < big_start else 46100
                    return f
                return i47(rng, "a6000")
            if g < 2:
                return b47(rng, "a6000", load=rng.uniform(0.88, 0.96))
            return i47(rng, "a6000")
        if n_ == "sb-g06":
            return b47(rng, "a6000", load=0.8) if g == 0 else i47(rng, "a6000")
        return i47(rng, "a6000")
    tel47(s, [host], 4, 0.0, t_end, 300.0, fn, keys=K47)
    tel47(s, ["sb-g06"], 4, 0.0, t_end, 2400.0, fn, keys=K47S)
    s.truth = truth({"t": t_fault, "category": "software", "node": None}, no_requeue=[J, N1, N2], no_drain=[host])
    return s


# ======================================================================================
# S7  mlflow-tracking-server-500s-anemoi-hf-and-legacy-jobs-fail-within-7-min  (infrastructure: a Bright-managed GPU
#     cluster with one shared MLflow tracking server. Its backend stops answering (HTTP 500s, then timeouts) at
#     14:30. Three jobs of three owners on disjoint nodes log metrics to it synchronously and die within seven minutes
#     of each other: an anemoi-training (Lightning) run on node[003-004] (rank 0 raises MlflowException after urllib3's
#     retries), a Hugging Face Trainer run with MLflowCallback on node011, and a legacy Python 3.6 script with
#     mlflow 1.6 on node017 (its traceback is the real one below). A DeepLabCut job that does not use MLflow runs on.
#     No kernel, GPU or network evidence on any node.)
# ======================================================================================
# Source (lines): https://github.com/mlflow/mlflow/issues/2776 -- "MLflow mlflow.log_metric TimeoutError: [Errno
#   110]" on a cluster (Bright's /cm/local/apps/python3, mlflow 1.6, RHEL 7.5): a training script's log_metric call
#   fails when the tracking server does not answer. The frames below are verbatim; the traceback's first line (it
#   occurs in earlier corpora) and its tail after rest_utils.py:136 (not in the stored excerpt) are SYNTH.
REAL_S7_TB = [
    '  File "test.py", line 147, in <module>',
    '    mlflow.log_metric(key="Loss", value=loss[epoch], step=epoch)',
    '  File "/cm/local/apps/python3/lib/python3.6/site-packages/mlflow/tracking/fluent.py", line 252, in log_metric',
    "    MlflowClient().log_metric(run_id, key, value, int(time.time() * 1000), step or 0)",
    '  File "/cm/local/apps/python3/lib/python3.6/site-packages/mlflow/tracking/client.py", line 195, in log_metric',
    "    self._tracking_client.log_metric(run_id, key, value, timestamp, step)",
    '  File "/cm/local/apps/python3/lib/python3.6/site-packages/mlflow/tracking/_tracking_service/client.py", line 170, '
    'in log_metric',
    "    self.store.log_metric(run_id, metric)",
    '  File "/cm/local/apps/python3/lib/python3.6/site-packages/mlflow/store/tracking/rest_store.py", line 132, in '
    'log_metric',
    "    self._call_endpoint(LogMetric, req_body)",
    '  File "/cm/local/apps/python3/lib/python3.6/site-packages/mlflow/store/tracking/rest_store.py", line 32, in '
    '_call_endpoint',
    "    return call_endpoint(self.get_host_creds(), endpoint, method, json_body, response_proto)",
    '  File "/cm/local/apps/python3/lib/python3.6/site-packages/mlflow/utils/rest_utils.py", line 136, in call_endpoint',
    "    host_creds=host_creds, endpoint=endpoint, method=method, json=json_body)",
]
# Source (truth): https://github.com/ecmwf/anemoi-training/issues/110 -- "When an mlflow server goes down it takes with
#   it all the runs logging to it" (ECMWF, anemoi-training's MLflow logger); and
#   https://github.com/radixark/miles/pull/2571 -- "The MLflow tracking server is a shared, remote service, but it
#   can currently take a training job down"; the server "recovered on its own within the hour". A shared service
#   failing several owners' jobs on disjoint nodes at once: infrastructure (no drain, no requeue, one incident,
#   escalate). Requeueing into a dead tracking server would only fail again.


def build_s7() -> Scenario:
    name = "mlflow-tracking-server-500s-anemoi-hf-and-legacy-jobs-fail-within-7-min"
    J1, J2, J3, N4 = "1184402", "1184417", "1184390", "1184433"
    start = "2024-11-05T13:00:00Z"
    s = Scenario(name, "A Bright-managed GPU cluster (4 x A100 80GB PCIe per node) whose users share one MLflow "
                 "tracking server; an anemoi-training run, a Hugging Face NER fine-tune, a legacy LSTM script and a "
                 "DeepLabCut job run on disjoint nodes.",
                 start,
                 {"name": "bright-gpu", "partition": "defq", "nodes": "node[001-024]", "gpus_per_node": 4,
                  "pci_bus_ids": A100P_BUS},
                 [{"id": J1, "name": "anemoi-o96-gt-rollout", "user": "hcookson", "nodes": "node[003-004]",
                   "tasks_per_node": 4, "started": "2024-11-04T22:10:00Z",
                   "comment": comment(2, "/lus/anemoi/checkpoint/o96-gt")},
                  {"id": J2, "name": "ner-xlmr-large", "user": "amensah", "nodes": "node011", "tasks_per_node": 1,
                   "started": "2024-11-05T10:41:27Z", "comment": comment(1)},
                  {"id": J3, "name": "lstm-forecast-legacy", "user": "hrogers", "nodes": "node017", "tasks_per_node": 1,
                   "started": "2024-11-05T11:02:55Z"},
                  {"id": N4, "name": "dlc-mouse-openfield", "user": "tkowal", "nodes": "node020", "tasks_per_node": 1,
                   "started": "2024-11-05T12:15:40Z"}])
    rng = s.rng
    t_fault = 5400.3
    t_end = 3 * 3600.0
    url = "http://mlflow.hpc.local:5000/api/2.0/mlflow/runs/log-batch"
    err500 = (f"API request to {url} failed with exception HTTPConnectionPool(host='mlflow.hpc.local', port=5000): "
              f"Max retries exceeded with url: /api/2.0/mlflow/runs/log-batch (Caused by ResponseError('too many 500 "
              f"error responses'))")
    # J1: anemoi-training, Lightning bar refreshed into the log every 100 steps (SYNTH)
    ep, stp = 12, 1430
    bar_t0 = -(stp / 0.87)
    tt = 35.0
    t1_fail = t_fault + 151.7
    while tt < t_fault + 11.0:                         # the logger call that hangs blocks the loop
        stp += 100
        if stp > 5000:
            s.joblog(tt, J1, tqdm_meter(250, 250, 121.0, 2.06, "Validation DataLoader 0"))
            s.joblog(tt + 0.1, J1, tqdm_meter(5000, 5000, tt - bar_t0, 0.87, f"Epoch {ep}",
                                              f"v_num=b3f1, train_wmse_step={rng.uniform(0.0168, 0.0191):.4f}, "
                                              f"val_wmse={rng.uniform(0.0188, 0.0199):.4f}"))
            s.joblog(tt + 6.0, J1, f"INFO:anemoi.training.diagnostics.callbacks.checkpoint:Saving checkpoint "
                                   f"/lus/anemoi/checkpoint/o96-gt/anemoi-by_epoch-epoch_{ep:03d}-step_"
                                   f"{(ep + 1) * 5000:06d}.ckpt")
            ep += 1
            stp = 100
            bar_t0 = tt + 9.0
            tt += 130.0
        s.joblog(tt, J1, tqdm_meter(stp, 5000, tt - bar_t0, 0.87 + rng.uniform(-0.01, 0.01), f"Epoch {ep}",
                                    f"v_num=b3f1, train_wmse_step={rng.uniform(0.0168, 0.0191):.4f}"))
        tt += 100 / 0.87
    for k in range(4):
        tr = t_fault + 12.0 + 24.0 * k
        s.joblog(tr, J1, f"WARNING:urllib3.connectionpool:Retrying (Retry(total={6 - k}, connect=7, read=7, "
                         f"redirect=7, status={6 - k})) after connection broken by 'ReadTimeoutError(\"HTTPConnectionPool"
                         f"(host='mlflow.hpc.local', port=5000): Read timed out. (read timeout=120)\")': "
                         f"/api/2.0/mlflow/runs/log-batch")  # SYNTH
    ap = "/lus/anemoi/venvs/anemoi-0.3/lib/python3.11/site-packages"
    tb1 = ["Traceback (most recent call last):",
           f'  File "{ap}/anemoi/training/commands/train.py", line 39, in run',
           "    train(args)",
           f'  File "{ap}/pytorch_lightning/trainer/trainer.py", line 538, in fit',
           "    call._call_and_handle_interrupt(",
           f'  File "{ap}/pytorch_lightning/loops/training_epoch_loop.py", line 434, in _save_loggers_on_train_batch_end',
           "    self.trainer._logger_connector.update_train_step_metrics()",
           f'  File "{ap}/pytorch_lightning/trainer/connectors/logger_connector/logger_connector.py", line 119, in log_metrics',
           "    logger.log_metrics(metrics=scalar_metrics, step=step)",
           f'  File "{ap}/anemoi/training/diagnostics/mlflow/logger.py", line 512, in log_metrics',
           "    super().log_metrics(metrics, step)",
           f'  File "{ap}/pytorch_lightning/loggers/mlflow.py", line 264, in log_metrics',
           "    self.experiment.log_batch(run_id=self.run_id, metrics=metrics_list, **self._log_batch_kwargs)",
           f'  File "{ap}/mlflow/store/tracking/rest_store.py", line 468, in log_batch',
           "    self._call_endpoint(LogBatch, req_body)",
           f'  File "{ap}/mlflow/utils/rest_utils.py", line 218, in http_request',
           '    raise MlflowException(f"API request to {url} failed with exception {e}")',
           f"mlflow.exceptions.MlflowException: {err500}"]
    for k, l in enumerate(tb1):
        s.joblog(t1_fail + 0.0005 * k, J1, f"[rank0]: {l}")  # SYNTH
    tx = elastic_summary(s, t1_fail + 4.0, J1, "node003", [(0, 0, 188213, 1)], f"{ap}/anemoi/training/__main__.py",
                         ap, ['  File "/lus/anemoi/venvs/anemoi-0.3/bin/torchrun", line 8, in <module>',
                              "    sys.exit(main())"])
    s.joblog(tx + 0.3, J1, "srun: error: node003: task 0: Exited with exit code 1")  # SYNTH
    tx = srun_abort_lines(s, tx + 0.5, J1, "node003")
    s.joblog(tx + 2.0, J1, "srun: error: node004: task 1: Terminated")  # SYNTH
    s.job_state(tx + 3.0, J1, "FAILED", "1:0")  # SYNTH
    for h in ("node003", "node004"):
        s.node_state(tx + 3.5, h, "IDLE", "")  # SYNTH
    # J2: HF Trainer with MLflowCallback (SYNTH)
    t2_fail = t_fault + 262.4
    tt, st = 50.0, 6150
    while tt < t_fault:                                # MLflowCallback runs before the printing callback
        st += 50
        s.joblog(tt, J2, f"{{'loss': {0.09 + 0.05 * math.exp(-st / 3000) + rng.uniform(-0.01, 0.01):.4f}, "
                         f"'grad_norm': {rng.uniform(0.9, 2.4):.4f}, 'learning_rate': {2e-5 * (1 - st / 20000):.3e}, "
                         f"'epoch': {st / 2710:.2f}}}")
        tt += 50 * 1.83
    hp = "/home/amensah/.conda/envs/ner/lib/python3.10/site-packages"
    tb2 = ["Traceback (most recent call last):",
           '  File "/home/amensah/ner/run_ner.py", line 641, in <module>',
           "    main()",
           f'  File "{hp}/transformers/trainer.py", line 2052, in train',
           "    return inner_training_loop(",
           f'  File "{hp}/transformers/trainer.py", line 2845, in _maybe_log_save_evaluate',
           "    self.log(logs)",
           f'  File "{hp}/transformers/trainer_callback.py", line 504, in on_log',
           '    return self.call_event("on_log", args, state, control, logs=logs)',
           f'  File "{hp}/transformers/integrations/integration_utils.py", line 1271, in on_log',
           "    self._ml_flow.log_metrics(metrics=metrics, step=state.global_step, synchronous=self._async_log is False)",
           f'  File "{hp}/mlflow/utils/rest_utils.py", line 218, in http_request',
           '    raise MlflowException(f"API request to {url} failed with exception {e}")',
           f"mlflow.exceptions.MlflowException: {err500}"]
    for k, l in enumerate(tb2):
        s.joblog(t2_fail + 0.0005 * k, J2, f"[rank0]: {l}")  # SYNTH
    tx = elastic_summary(s, t2_fail + 3.1, J2, "node011", [(0, 0, 77120, 1)], "run_ner.py", hp,
                         [f'  File "/home/amensah/.conda/envs/ner/bin/torchrun", line 8, in <module>',
                          "    sys.exit(main())"])
    s.job_state(tx + 1.0, J2, "FAILED", "1:0")  # SYNTH
    s.node_state(tx + 1.5, "node011", "IDLE", "")  # SYNTH
    # J3: legacy script, mlflow 1.6 (REAL frames)
    t3_fail = t_fault + 394.8
    tt, epc = 40.0, 96
    while tt < t_fault + 59.0:                         # the epoch whose log_metric call never returns
        epc += 1
        s.joblog(tt, J3, f"epoch {epc} loss {0.0182 + 0.01 * math.exp(-epc / 60) + rng.uniform(-0.0005, 0.0005):.6f} "
                         f"val {0.0209 + 0.01 * math.exp(-epc / 60) + rng.uniform(-0.0005, 0.0005):.6f} "
                         f"({rng.uniform(83.0, 86.0):.1f}s)")  # SYNTH
        tt += 84.6
    for k in range(2):
        tr = t_fault + 60.0 + 121.0 * k
        d = s.at(tr)
        s.joblog(tr, J3, f"{d:%Y/%m/%d %H:%M:%S} ERROR mlflow.utils.rest_utils: API request to "
                         f"http://mlflow.hpc.local:5000/api/2.0/mlflow/runs/log-metric failed with code 500 != 200, "
                         f"retrying up to {2 - k} more times. API response body: ")  # SYNTH
    tb3 = ["Traceback (most recent call last):"] + REAL_S7_TB + [
        '  File "/cm/local/apps/python3/lib/python3.6/site-packages/mlflow/utils/rest_utils.py", line 74, in http_request',
        '    raise MlflowException("API request to %s failed to return code 200 after %s tries" % (url, retries))',
        "mlflow.exceptions.MlflowException: API request to http://mlflow.hpc.local:5000/api/2.0/mlflow/runs/log-metric "
        "failed to return code 200 after 3 tries"]
    for k, l in enumerate(tb3):
        s.joblog(t3_fail + 0.0005 * k, J3, l)  # REAL_S7_TB + SYNTH
    s.job_state(t3_fail + 1.2, J3, "FAILED", "1:0")  # SYNTH
    s.node_state(t3_fail + 1.6, "node017", "IDLE", "")  # SYNTH
    # N4: DeepLabCut, no MLflow (SYNTH)
    tt, itn = 20.0, 41000
    while tt < t_end:
        itn += 1000
        s.joblog(tt, N4, f"iteration: {itn} loss: {0.0011 + 0.0004 * math.exp(-itn / 90000) + rng.uniform(-1e-4, 1e-4):.4f} "
                         f"lr: 0.005")
        tt += 1000 * 0.104
    for k, (h, tk) in enumerate([("node001", 800.0), ("node011", 3300.0), ("node020", 7400.0), ("node004", 9900.0)]):
        noise47(s, h, tk, k)

    def fn(n_, g, t_):
        if n_ in ("node003", "node004"):
            return b47(rng, "a100_pcie80", load=rng.uniform(0.88, 0.97)) if t_ < t1_fail else i47(rng, "a100_pcie80")
        if n_ == "node011":
            return b47(rng, "a100_pcie80", load=rng.uniform(0.8, 0.93)) if t_ < t2_fail else i47(rng, "a100_pcie80")
        if n_ == "node017":
            if g == 0 and t_ < t3_fail:
                return b47(rng, "a100_pcie80", load=rng.uniform(0.35, 0.5))
            return i47(rng, "a100_pcie80")
        if n_ == "node020":
            return b47(rng, "a100_pcie80", load=0.66) if g == 0 else i47(rng, "a100_pcie80")
        return i47(rng, "a100_pcie80")
    tel47(s, ["node003", "node004", "node011", "node017", "node020"], 4, 0.0, t_end, 900.0, fn, keys=K47S)
    s.truth = truth({"t": t_fault, "category": "infrastructure", "node": None}, no_requeue=[J1, J2, J3, N4],
                    no_drain=["node003", "node004", "node011", "node017"])
    return s


# ======================================================================================
# S8  healthy-sb3-ppo-mlp-on-a16-gpu-util-5pct-cpu-advisory-warning  (healthy: a stable-baselines3 PPO run with an
#     MLP policy and 64 subprocess environments, launched with device='cuda' on one GPU of an A16 node. SB3 warns at
#     start that PPO with an MLP policy "is primarily intended to run on the CPU", that "the GPU utilization will be
#     poor". It is: the GPU sits at 3-7 % utilisation and ~17 W for two hours while the run prints a table every
#     three minutes (no step counter outside the table; fps flat at ~730) and EvalCallback lines every 15 minutes.
#     On the same node another owner's spaCy NER training uses GPU 0 normally; an SAC run elsewhere has a similarly
#     low GPU load. Nothing is wrong: nothing should be drained, requeued or reported.)
# ======================================================================================
# Source (line): https://github.com/DLR-RM/stable-baselines3/blob/master/stable_baselines3/common/on_policy_algorithm.py
#   -- `_maybe_recommend_cpu()` issues this UserWarning (the message is the concatenation of the source's string
#   literals for PPO with ActorCriticPolicy, as users' logs print it, e.g. "on_policy_algorithm.py:150: UserWarning:
#   ..."; the path in front of it is SYNTH). The URL inside the message is part of the real text.
REAL_S8_WARN = ("You are trying to run PPO on the GPU, but it is primarily intended to run on the CPU when not using a "
                "CNN policy (you are using ActorCriticPolicy which should be a MlpPolicy). See "
                "https://github.com/DLR-RM/stable-baselines3/issues/1245 for more info. You can pass `device='cpu'` or "
                "`export CUDA_VISIBLE_DEVICES=` to force using the CPU.Note: The model will train, but the GPU "
                "utilization will be poor and the training might take longer than on CPU.")
# Source (truth): https://github.com/DLR-RM/stable-baselines3/issues/2012 and
#   https://github.com/DLR-RM/stable-baselines3/pull/2017 -- the warning was added because A2C/PPO with an MLP policy
#   are "primarily meant to be run on CPU"; the PR: "this only warns the user". Low GPU utilisation is the expected
#   behaviour of such a run, not a fault: healthy.


def build_s8() -> Scenario:
    name = "healthy-sb3-ppo-mlp-on-a16-gpu-util-5pct-cpu-advisory-warning"
    J, N1, N2 = "66120", "66118", "66127"
    start = "2025-02-10T09:50:00Z"
    s = Scenario(name, "A teaching/RL partition of A16 nodes (4 GPUs each): a stable-baselines3 PPO run on GPU, another "
                 "owner's spaCy NER training on the same node, an SAC run on another node.",
                 start,
                 {"name": "teach-a16", "partition": "light", "nodes": "a16-[01-06]", "gpus_per_node": 4,
                  "pci_bus_ids": A16_BUS},
                 [{"id": J, "name": "ppo-llc-sweep-07", "user": "cdubois", "nodes": "a16-02", "tasks_per_node": 1,
                   "started": "2025-02-10T09:55:30Z", "comment": comment(2, "/home/cdubois/runs/ppo-llc-07")},
                  {"id": N1, "name": "spacy-ner-trf-legal", "user": "ijensen", "nodes": "a16-02", "tasks_per_node": 1,
                   "started": "2025-02-10T08:31:02Z"},
                  {"id": N2, "name": "sac-halfcheetah-s3", "user": "mweber", "nodes": "a16-04", "tasks_per_node": 1,
                   "started": "2025-02-10T09:12:48Z", "comment": comment(1)}])
    rng = s.rng
    t_end = 2 * 3600.0
    venv = "/home/cdubois/.venvs/rl/lib/python3.11/site-packages"
    s.job_state(330.0, J, "RUNNING", "0:0", nodes="a16-02")  # SYNTH
    s.node_state(330.1, "a16-02", "MIXED", "")  # SYNTH
    s.node_state(4100.0, "a16-06", "IDLE+DRAIN", "reimage rocky9.5 -- ops")  # SYNTH (unrelated maintenance drain)
    s.joblog(330.2, J, "+ python train_ppo.py --env LunarLanderContinuous-v3 --n-envs 64 --n-steps 2048 --device cuda "
                       "--seed 7 --total-timesteps 30000000")  # SYNTH
    s.joblog(334.8, J, "Using cuda device")  # SYNTH
    s.joblog(335.1, J, f"{venv}/stable_baselines3/common/on_policy_algorithm.py:150: UserWarning: {REAL_S8_WARN}")  # REAL_S8_WARN
    s.joblog(335.1001, J, "  warnings.warn(")  # SYNTH (occurs in earlier corpora)
    tt, itn, ts_ = 335.5, 0, 0
    best = -1e9
    while True:
        fps = int(731 + rng.uniform(-9, 9))
        tt += 131072 / fps + rng.uniform(0.5, 2.0)
        if tt >= t_end:
            break
        itn += 1
        ts_ += 131072
        rew = -180 + 430 * (1 - math.exp(-ts_ / 2.2e6)) + rng.uniform(-6, 6)
        rows = [("rollout/", ""), ("   ep_len_mean", f"{200 + 320 * (1 - math.exp(-ts_ / 1.5e6)):<8.3g}"),
                ("   ep_rew_mean", f"{rew:<8.3g}"), ("time/", ""), ("   fps", str(fps)), ("   iterations", str(itn)),
                ("   time_elapsed", str(int(tt - 335.5))), ("   total_timesteps", str(ts_))]
        if itn > 1:
            rows += [("train/", ""), ("   approx_kl", f"{rng.uniform(0.004, 0.011):<8.3g}"),
                     ("   clip_fraction", f"{rng.uniform(0.05, 0.12):<8.3g}"), ("   clip_range", f"{0.2:<8.3g}"),
                     ("   entropy_loss", f"{-2.84 + 0.9 * (1 - math.exp(-ts_ / 4e6)):<8.3g}"),
                     ("   explained_variance", f"{min(0.99, 0.6 + 0.35 * (1 - math.exp(-ts_ / 1e6))):<8.3g}"),
                     ("   learning_rate", f"{0.0003:<8.3g}"), ("   loss", f"{rng.uniform(1.5, 9.0):<8.3g}"),
                     ("   n_updates", str(10 * (itn - 1))),
                     ("   policy_gradient_loss", f"{rng.uniform(-0.009, -0.003):<8.3g}"),
                     ("   std", f"{0.98 - 0.4 * (1 - math.exp(-ts_ / 5e6)):<8.3g}"),
                     ("   value_loss", f"{rng.uniform(4.0, 30.0):<8.3g}")]
        for k, l in enumerate(sb3_table(rows)):
            s.joblog(tt + 0.0002 * k, J, l)  # SYNTH (SB3 HumanOutputFormat)
        if itn % 5 == 0:
            er = rew + rng.uniform(-15, 25)
            s.joblog(tt + 24.0, J, f"Eval num_timesteps={ts_}, episode_reward={er:.2f} +/- {rng.uniform(20, 60):.2f}")
            s.joblog(tt + 24.001, J, f"Episode length: {200 + 320 * (1 - math.exp(-ts_ / 1.5e6)):.2f} +/- "
                                     f"{rng.uniform(30, 90):.2f}")
            if er > best:
                best = er
                s.joblog(tt + 24.002, J, "New best mean reward!")
            tt += 24.0
    # neighbours (SYNTH)
    s.joblog(5.0, N1, "E    #       LOSS TRANS...  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE ")
    s.joblog(5.001, N1, "---  ------  -------------  --------  ------  ------  ------  ------")
    tn, stp = 60.0, 4200
    while tn < t_end:
        stp += 200
        f1 = 0.71 + 0.15 * (1 - math.exp(-stp / 6000)) + rng.uniform(-0.01, 0.01)
        s.joblog(tn, N1, f"{stp // 3100:>3d}  {stp:>6d}  {rng.uniform(410, 980):>13.2f}  {rng.uniform(120, 420):>8.2f}  "
                         f"{f1 * 100:>6.2f}  {(f1 + 0.02) * 100:>6.2f}  {(f1 - 0.02) * 100:>6.2f}  {f1:>6.2f}")
        tn += 200 * 1.21
    tn, eps = 90.0, 412
    while tn < t_end:
        eps += 4
        rows = [("rollout/", ""), ("   ep_len_mean", f"{1e3:<8.3g}"),
                ("   ep_rew_mean", f"{5200 + 2.1 * eps + rng.uniform(-40, 40):<8.3g}"), ("time/", ""),
                ("   episodes", str(eps)), ("   fps", str(int(13.4 + rng.uniform(-0.3, 0.3)))),
                ("   time_elapsed", str(int(tn + 2240))), ("   total_timesteps", str(eps * 1000)),
                ("train/", ""), ("   actor_loss", f"{-290 - 0.4 * eps + rng.uniform(-5, 5):<8.3g}"),
                ("   critic_loss", f"{rng.uniform(18, 40):<8.3g}"), ("   ent_coef", f"{rng.uniform(0.09, 0.12):<8.3g}"),
                ("   ent_coef_loss", f"{rng.uniform(-1.5, 1.5):<8.3g}"), ("   learning_rate", f"{0.0003:<8.3g}"),
                ("   n_updates", str(eps * 1000 - 10000))]
        for k, l in enumerate(sb3_table(rows)):
            s.joblog(tn + 0.0002 * k, N2, l)
        tn += 4000 / 13.4
    for k, (h, tk) in enumerate([("a16-01", 700.0), ("a16-02", 2900.0), ("a16-05", 5600.0)]):
        noise47(s, h, tk, k + 4)

    def fn(n_, g, t_):
        if n_ == "a16-02":
            if g == 1:
                if t_ < 335.0:
                    return i47(rng, "a16_47")
                return g38(rng.randint(3, 7), rng.uniform(15.5, 19.5), rng.choice([1755, 1755, 1740, 1695]),
                           fb=rng.randint(780, 1020), temp=rng.randint(38, 42))
            if g == 0:
                return b47(rng, "a16_47", load=rng.uniform(0.7, 0.9))
            return i47(rng, "a16_47")
        if n_ == "a16-04":
            if g == 2:
                return g38(rng.randint(11, 19), rng.uniform(19.0, 24.0), 1755, fb=rng.randint(1300, 1500),
                           temp=rng.randint(39, 44))
            return i47(rng, "a16_47")
        return i47(rng, "a16_47")
    tel47(s, ["a16-02", "a16-04"], 4, 0.0, t_end, 300.0, fn, keys=K47)
    tel47(s, ["a16-01", "a16-05"], 4, 0.0, t_end, 2400.0, fn, keys=K47S)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=["a16-02", "a16-04"])
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
