#!/usr/bin/env python3
"""Build the holdout54 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout46):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout54: generic helpers and the holdout14..holdout52 helper sections are copied unchanged from holdout52's build.py;
the holdout52 scenarios are replaced by the holdout54 helpers and scenarios S1..S8 below.
Earlier note (holdout52): generic helpers and the holdout14..holdout50 helper sections came unchanged from holdout50.
Earlier note (holdout50): generic helpers and the holdout14..holdout48 helper sections came unchanged from holdout48.
Earlier note (holdout48): generic helpers and the holdout14..holdout46 helper sections came unchanged from holdout46.
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
# holdout48 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "h20_48": (52, 6, 360.0, 35.0, 1980, 86000, 4000),      # H20 96 GB, 400 W
    "l40_48": (63, 4, 262.0, 20.0, 2490, 39500, 2500),      # L40 48 GB, 300 W, passive (chassis fans)
    "h200nvl_48": (57, 6, 505.0, 45.0, 1980, 118000, 6000),  # H200 NVL 141 GB, 600 W
    "titanrtx_48": (69, 4, 150.0, 25.0, 1770, 23800, 30),   # TITAN RTX 24 GB, 280 W (TF grabs nearly all memory)
    "a100_40p_48": (55, 5, 215.0, 20.0, 1410, 30500, 2000),  # A100 40 GB PCIe, 250 W
})

K48 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K48T = K48 + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
K48X = K48 + ("DCGM_FI_DEV_XID_ERRORS",)


def b48(rng, prof, load=0.95, extra=None, clock=None, fb=True, temp=True) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=fb, temp=temp, clock=clock, extra=extra)


def i48(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def spin48(rng, prof, power, fb=True) -> dict:
    """SYNTH: a GPU whose kernels spin waiting in a collective: util 100 %, low power, full clocks."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    return g38(100, power + rng.uniform(-6, 6), clk, fb=(fbb + rng.randint(-fbs // 4, fbs // 4)) if fb else None,
               temp=tb - 14 + rng.randint(-2, 2))


def tel48(s, nodes, gpus, t0, t1, every, fn, keys=K48) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise48(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
            "nfs: server nas01 not responding, still trying",
            "nfs: server nas01 OK",
            "audit: type=1400 audit(0.0:212): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.lxc\" name=\"/proc/1/mountinfo\"",
            "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f2a1c offset:0x0 grain:32 syndrome:0x0)",
            "xfs filesystem being remounted at /scratch supports timestamps until 2038 (0x7fffffff)",
            "igb 0000:05:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX"]
    kt(s, t, host, msgs[kind % len(msgs)])


def hf_dict48(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer's on-log dict line (rank 0), no step number."""
    return "{'loss': %s, 'grad_norm': %r, 'learning_rate': %r, 'epoch': %s}" % (round(loss, 4), gn, lr, round(ep, 2))


def pai_nccl(host: str, pid: int, tid: int, dev: int, src: str) -> str:
    """SYNTH: the `[host][pid:tid][dev][file:line] ` prefix of the PAI NCCL build's StateMonitor/StateSync lines."""
    return f"[{host}][{pid}:{tid}][{dev}][{src}] "


# ======================================================================================
# holdout50 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "titanxpas_50": (76, 4, 218.0, 20.0, 1531, 10200, 500),    # TITAN X (Pascal) 12 GB, 250 W
    "rtx5880_50": (61, 5, 255.0, 22.0, 2460, 40500, 2500),     # RTX 5880 Ada 48 GB, 285 W
    "rtx2080s_50": (70, 4, 212.0, 18.0, 1815, 7100, 400),      # RTX 2080 SUPER 8 GB, 250 W
    "qrtx5000_50": (67, 4, 196.0, 14.0, 1815, 14200, 700),     # Quadro RTX 5000 16 GB, 230 W
    "p4_50": (57, 4, 61.0, 5.0, 1531, 6900, 250),              # Tesla P4 8 GB, 75 W
    "rtx4500ada_50": (60, 5, 188.0, 14.0, 2580, 21800, 1200),  # RTX 4500 Ada 24 GB, 210 W
    "p100_50": (58, 5, 196.0, 20.0, 1328, 15300, 500),         # Tesla P100-PCIE 16 GB, 250 W
    "rtx4090d_50": (62, 5, 372.0, 30.0, 2520, 22800, 900),     # RTX 4090 D 24 GB, 425 W
})

K50 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K50X = K50 + ("DCGM_FI_DEV_XID_ERRORS",)


def b50(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i50(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def tel50(s, nodes, gpus, t0, t1, every, fn, keys=K50) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise50(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (2641 > 2631), lowering kernel.perf_event_max_sample_rate to 75500",
            "nfs: server fs02 not responding, still trying",
            "nfs: server fs02 OK",
            "TCP: request_sock_TCP: Possible SYN flooding on port 6818. Sending cookies.  Check SNMP counters.",
            "EXT4-fs (sda2): re-mounted. Opts: errors=remount-ro",
            "ipmi_si IPI0001:00: IPMI message handler: BMC returned incorrect response, expected netfn 7 cmd 22, got netfn 7 cmd 1",
            "systemd-journald[812]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (8533 of 11377 items, 6553600 file size, 768 bytes per hash table item), suggesting rotation."]
    kt(s, t, host, msgs[kind % len(msgs)])


def glog_line(d: dt.datetime, pid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: glog line as wav2letter/flashlight writes it (`I0715 19:31:17.476619   413 Train.cpp:748] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:6d} {src}] {msg}"



# ======================================================================================
# holdout52 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "rtx4080_52": (64, 4, 236.0, 20.0, 2730, 9900, 300),      # RTX 4080 16 GB, 320 W (nnU-Net load ~240 W)
    "a4000_52": (79, 3, 138.0, 2.0, 1440, 13800, 400),         # RTX A4000 16 GB, 140 W cap, blower; power-capped
    "v100p16_52": (52, 4, 212.0, 25.0, 1380, 14500, 200),      # V100-PCIE-16GB, 250 W
    "rtx4090_52": (63, 5, 338.0, 30.0, 2610, 20800, 900),      # RTX 4090 24 GB, 450 W
    "t4_52": (66, 4, 64.0, 5.0, 1590, 13900, 500),             # Tesla T4 16 GB, 70 W
    "rtx3090_52": (66, 5, 305.0, 25.0, 1860, 21500, 900),      # RTX 3090 24 GB, 350 W
    "m2090_52": (71, 4, 178.0, 15.0, 1301, 4100, 300),         # Tesla M2090 6 GB, 225 W (nvidia-smi-era fields)
    "rtxpro6000_52": (61, 5, 392.0, 35.0, 2617, 61000, 3000),  # RTX PRO 6000 Blackwell 96 GB, 600 W
})

K52 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K52T = K52 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)
K52E = K52 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_XID_ERRORS")


def b52(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i52(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel52(s, nodes, gpus, t0, t1, every, fn, keys=K52) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def nn2_stamp(d: dt.datetime) -> str:
    """SYNTH: nnU-Net v2 print_to_log_file prefix (`2024-03-26 09:06:26.123433: `)."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: "


def pylog_dash(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: Python logging `%(asctime)s - %(levelname)s - %(message)s` (SPFormer/MDIN get_root_logger)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {level} - {msg}"


def vissl_line(d: dt.datetime, lineno: int, msg: str, src: str = "log_hooks.py", level: str = "INFO") -> str:
    """SYNTH: VISSL logger `%(levelname)s %(asctime)s %(filename)s:%(lineno)4d: %(message)s`."""
    return f"{level} {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} {src}:{lineno:4d}: {msg}"


def absl52(d: dt.datetime, pid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: absl/glog prefix as AlphaFold prints it (`I0412 09:13:31.404159 140040161777472 templates.py:857] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid} {src}] {msg}"


def arcface_line(d: dt.datetime, msg: str) -> str:
    """SYNTH: arcface_torch logging format `Training: %(asctime)s-%(message)s`."""
    return f"Training: {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}-{msg}"


def pcdet_line(d: dt.datetime, msg: str, level: str = "INFO") -> str:
    """SYNTH: OpenPCDet logger `%(asctime)s  %(levelname)5s  %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}  {level:>5s}  {msg}"


def allen_line(d: dt.datetime, mod: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: AllenNLP 1.x logging `%(asctime)s - %(levelname)s - %(name)s - %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {level} - {mod} - {msg}"


def td52(sec: float) -> str:
    """SYNTH: str(datetime.timedelta(seconds=int(sec)))."""
    return str(dt.timedelta(seconds=int(sec)))


def mmss52(sec: float) -> str:
    """SYNTH: tqdm.format_interval."""
    sec = int(sec)
    h, r = divmod(sec, 3600)
    m, s_ = divmod(r, 60)
    return f"{h:d}:{m:02d}:{s_:02d}" if h else f"{m:02d}:{s_:02d}"



# ======================================================================================
# holdout54 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a100sxm80_54": (57, 6, 352.0, 38.0, 1410, 63000, 3500),   # A100-SXM4-80GB, 400 W
    "titanxm_54": (79, 3, 208.0, 14.0, 1075, 6100, 200),       # GeForce GTX TITAN X (Maxwell) 12 GB, 250 W
    "l40s_54": (62, 5, 305.0, 25.0, 2490, 36500, 1500),        # L40S 48 GB, 350 W
    "b200_54": (54, 6, 815.0, 70.0, 1965, 151000, 6000),       # B200 180 GB, 1000 W
    "a100p40_54": (58, 5, 236.0, 22.0, 1410, 31500, 1800),     # A100-PCIE-40GB, 250 W
})

K54 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K54L = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K54M = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
NVL = ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
       "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL")
K54N = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", NVL[0], NVL[2], NVL[3])
K54E = K54M + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")

JZ_BUS = ["0000:01:00", "0000:21:00", "0000:41:00", "0000:61:00", "0000:81:00", "0000:a1:00", "0000:c1:00",
          "0000:e1:00"]
DGXA100_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
               "0000:bd:00"]
NDV4_BUS = ["0001:00:00", "0002:00:00", "0003:00:00", "0004:00:00", "0005:00:00", "0006:00:00", "0007:00:00",
            "0008:00:00"]
P4DE_BUS = ["0000:10:1c", "0000:10:1d", "0000:20:1c", "0000:20:1d", "0000:90:1c", "0000:90:1d", "0000:a0:1c",
            "0000:a0:1d"]
B200_BUS = ["0000:1b:00", "0000:43:00", "0000:52:00", "0000:61:00", "0000:9d:00", "0000:c3:00", "0000:d1:00",
            "0000:df:00"]


def b54(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i54(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel54(s, nodes, gpus, t0, t1, every, fn, keys=K54) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def tqnum(x) -> str:
    """SYNTH: tqdm.format_num (3 significant digits, shorter of that and str)."""
    if isinstance(x, int):
        return str(x)
    f = "{0:.3g}".format(x).replace("e+0", "e+").replace("e-0", "e-")
    n = str(x)
    return f if len(f) < len(n) else n


def lt_meter(n: int, total: int, elapsed: float, rate: float, desc: str = "", postfix: str = "") -> str:
    """SYNTH: a Lightning TQDM bar line as it appears in the posted logs (rate always as `it/s`, 10-cell bar)."""
    line = tqdm_meter(n, total, elapsed, rate, desc=desc, postfix=postfix)
    inv = 1 / rate
    if inv > 1:
        line = line.replace(f"{inv:5.2f}s/it", f"{rate:5.2f}it/s", 1)
    return line


def meg_iter(it: int, total: int, cs: int, seq: int, sec: float, lr: float, gbs: int, loss: float, gn: float,
             sps: float, tfl: float) -> str:
    """SYNTH: Megatron-DeepSpeed (BigScience fork) iteration line, without the launcher prefix."""
    return (f" iteration {it:8d}/{total:8d} | consumed samples: {cs:12d} | consumed tokens: {cs * seq:12d} | "
            f"elapsed time per iteration (s): {sec:.2f} | learning rate: {lr:.3E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | grad norm: {gn:.3f} | num zeros: 0.0 | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 | samples per second: {sps:.3f} | TFLOPs: {tfl:.2f} |")


def dhms(sec: float) -> str:
    """SYNTH: Slurm elapsed format D-HH:MM:SS."""
    sec = int(sec)
    d, r = divmod(sec, 86400)
    h, r = divmod(r, 3600)
    m, s_ = divmod(r, 60)
    return f"{d}-{h:02d}:{m:02d}:{s_:02d}" if d else f"{h:02d}:{m:02d}:{s_:02d}"


def lua_num(x: float) -> str:
    """SYNTH: Lua 5.1 / LuaJIT tostring(number) (%.14g)."""
    return "%.14g" % x


def xid_k(bus: str, xid: int, tail: str, pid="'<unknown>'", name="<unknown>") -> str:
    """SYNTH: NVRM Xid kernel line body."""
    return f"NVRM: Xid (PCI:{bus}): {xid}, pid={pid}, name={name}, {tail}"


def ddp_rank_line(rank: int, world: int, step: int, data: float, comp: float, wait: float, opt: float,
                  ips: float) -> str:
    """SYNTH: the per-rank timing line of a user's own DDP script (printed by every rank every 1000 steps)."""
    tot = data + comp + wait + opt
    return (f"[rank {rank:2d}/{world}] step {step} | data {data:.1f} ms | fwd+bwd {comp:.1f} ms | "
            f"allreduce-wait {wait:.1f} ms | opt {opt:.1f} ms | step {tot:.1f} ms | {ips:.1f} img/s")


def metaseq_inner(d: dt.datetime, ep: int, upd: int, loss: float, wps: float, lr: float, gn: float, scale: float,
                  wall: int, train_wall: int) -> str:
    """SYNTH: metaseq JsonProgressBar train_inner line."""
    return (f"{d:%Y-%m-%d %H:%M:%S} | INFO | train_inner | {{\"epoch\": {ep}, \"actv_norm\": \"{41.2 + 0.01 * (upd % 97):.3f}\", "
            f"\"pos_norm\": \"0.201\", \"tok_norm\": \"0.931\", \"emb_norm\": \"0.005\", \"loss\": \"{loss:.3f}\", "
            f"\"ppl\": \"{2 ** loss:.2f}\", \"wps\": \"{wps:.4g}\", \"ups\": \"0.03\", \"wpb\": \"4.19e+06\", "
            f"\"bsz\": \"2048\", \"num_updates\": \"{upd}\", \"lr\": \"{lr:.5g}\", \"gnorm\": \"{gn:.3f}\", \"clip\": \"0\", "
            f"\"loss_scale\": \"{tqnum(scale)}\", \"scale_window\": \"128\", \"train_wall\": \"{train_wall}\", "
            f"\"cuda_gb_allocated\": \"31.7\", \"cuda_gb_reserved\": \"44.1\", \"cuda_gb_free\": \"35.2\", \"wall\": \"{wall}\"}}")


def hf_log(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer on-log dict (transformers 4.4x)."""
    return "{'loss': %s, 'grad_norm': %s, 'learning_rate': %s, 'epoch': %s}" % (
        round(loss, 4), round(gn, 12), repr(lr), round(ep, 2))


def ijepa_line(d: dt.datetime, ep: int, itr: int, loss: float, m1: float, m2: float, wd: float, lr: float, mem: float,
               ms: float) -> str:
    """SYNTH: I-JEPA/V-JEPA style training log line (`INFO:root:[ep, itr] loss: ...`)."""
    return (f"INFO:root:[{ep}, {itr:5d}] loss: {loss:.3f} masks: {m1:.1f} {m2:.1f} [wd: {wd:.2e}] [lr: {lr:.2e}] "
            f"[mem: {mem:.2e}] ({ms:.1f} ms)")


# ======================================================================================
# S1  megads-4x8-a100-jz-iam05-gpu3-dies-job-wont-quit-only-hourly-pulse-lines  (gpu_hardware: a Megatron-DeepSpeed
#     (BigScience fork) 2.5B multilingual ablation on 4 Jean-Zay-style nodes x 8 A100 80GB, launched with
#     torch.distributed.run under srun (`[defaultN]:` prefixes), log-interval 10 (~47 s). A cron "PULSE" job appends
#     two status lines to the same main log every hour. GPU 3 of jean-zay-iam05 falls off the bus (Xid 79); local
#     rank 3 there dies with `CUDA error: unknown error`, but the job does not quit (no NCCL timeout in that era): the
#     other 31 ranks spin in NCCL for hours, the job stays RUNNING, and the only periodic output left in the log is
#     the hourly PULSE line saying the job "is running".)
# ======================================================================================
# Source (truth): https://github.com/bigscience-workshop/bigscience/blob/master/train/tr11-176B-ml/chronicles.md --
#   BLOOM-176B training chronicles (Jean Zay, A100 80GB): "Every week or so we have hardware issues where one of the
#   gpus dies ... Sometimes the training gets stuck despite a crashing process and it won't quit, which seems to be
#   related to some `torch.launch` and possibly NCCL" (tracked in https://github.com/pytorch/pytorch/issues/76287,
#   fixed later with NCCL_ASYNC_ERROR_HANDLING=1); and the PULSE lines that kept arriving in the main log while the
#   run was stuck. The crash text below is verbatim from the chronicle's 2022-03-21 entry ("One of the GPUs crashed").
REAL_S1_CRASH = [
    "[default3]:terminate called after throwing an instance of 'c10::CUDAError'",
    "[default3]:  what():  CUDA error: unknown error",
    "[default3]:Exception raised from query at ../aten/src/ATen/cuda/CUDAEvent.h:95 (most recent call first):",
    "[default3]:frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x42 (0x1518a06137d2 in "
    "/gpfswork/rech/six/commun/conda/tr11-176B-ml/lib/python3.8/site-packages/torch/lib/libc10.so)",
    "[default3]:frame #1: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x11a "
    "(0x15190c6c29ea in /gpfswork/rech/six/commun/conda/tr11-176B-ml/lib/python3.8/site-packages/torch/lib/"
    "libtorch_cuda_cpp.so)",
    "[default3]:frame #2: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x50 (0x15190c6c4fd0 in "
    "/gpfswork/rech/six/commun/conda/tr11-176B-ml/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
    "[default3]:frame #3: c10d::ProcessGroupNCCL::workCleanupLoop() + 0x145 (0x15190c6c6265 in "
    "/gpfswork/rech/six/commun/conda/tr11-176B-ml/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
    "[default3]:frame #4: <unknown function> + 0xc2ba3 (0x15191b339ba3 in /lib64/libstdc++.so.6)",
    "[default3]:frame #5: <unknown function> + 0x814a (0x15191c77d14a in /lib64/libpthread.so.0)",
    "[default3]:frame #6: clone + 0x43 (0x15191c4acdc3 in /lib64/libc.so.6)",
]


def build_s1() -> Scenario:
    name = "megads-4x8-a100-jz-iam05-gpu3-dies-job-wont-quit-only-hourly-pulse-lines"
    J, J2, N1, N2 = "1583301", "1583342", "1583118", "1583270"
    start = "2022-04-23T17:50:00Z"
    jobname = "bloom-2b5-ml-abl"
    s = Scenario(name, "Megatron-DeepSpeed (BigScience fork, DeepSpeed pipeline engine) 2.5B multilingual GPT "
                 "ablation on 4 nodes x 8 A100-SXM4-80GB (TP=1, PP=2, DP=16), torch.distributed.run per node under "
                 "srun, all ranks' output tee'd into one main log with `[defaultN]:` prefixes; log-interval 10; a cron "
                 "job appends hourly PULSE status lines to the same log; the next array task waits in the queue. "
                 "Other owners' jobs on other nodes.",
                 start,
                 {"name": "jz", "partition": "gpu_p5", "nodes": "jean-zay-iam[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": JZ_BUS},
                 [{"id": J, "name": jobname, "user": "uue59kq", "nodes": "jean-zay-iam[03-06]", "tasks_per_node": 8,
                   "started": "2022-04-22T21:14:09Z",
                   "comment": comment(3, "/gpfsscratch/rech/six/commun/checkpoints/bloom-2b5-ml-abl")},
                  {"id": N1, "name": "era5-unet-pl", "user": "rqk81de", "nodes": "jean-zay-iam[09-10]",
                   "tasks_per_node": 8, "started": "2022-04-23T09:40:51Z", "comment": comment(1)},
                  {"id": N2, "name": "wav2vec2-xlsr-ft", "user": "ofa44mp", "nodes": "jean-zay-iam12",
                   "tasks_per_node": 8, "started": "2022-04-23T15:02:37Z"}])
    rng = s.rng
    bad, badg = "jean-zay-iam05", 3
    jnodes = expand_hostlist("jean-zay-iam[03-06]")
    t_f = 2415.3
    # --- iteration lines (SYNTH, Megatron-DeepSpeed format; last pipeline stage's local rank 7 prints) ---
    it, total, gbs, seq = 12380, 60000, 512, 2048
    t = 21.0
    loss = 2.3391
    while t < t_f:
        sec = rng.uniform(4.62, 4.79)
        it += 10
        loss = 0.995 * loss + 0.005 * rng.uniform(2.25, 2.40)
        lr = 1.2e-4 * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * it / total)))
        s.joblog(t, J, "[default7]:" + meg_iter(it, total, it * gbs, seq, sec, lr, gbs, loss, rng.uniform(0.16, 0.24),
                                                gbs / sec, 140.9 * 4.70 / sec))  # SYNTH
        if it % 500 == 0:
            ckpt = "/gpfsscratch/rech/six/commun/checkpoints/bloom-2b5-ml-abl/checkpoints"
            s.joblog(t + 0.4, J, f"[default0]:saving checkpoint at iteration {it:7d} to {ckpt}")  # SYNTH
            t += rng.uniform(31, 38)
            s.joblog(t, J, f"[default0]:  successfully saved checkpoint at iteration {it:7d} to {ckpt}")  # SYNTH
        t += 10 * sec
    # --- the GPU dies (kernel: SYNTH; job: REAL crash text from the chronicle) ---
    bus = JZ_BUS[badg]
    kt(s, t_f, bad, f"NVRM: GPU at PCI:{bus}: GPU-2f0d61c4-8a3e-55b2-9e3c-41c7b7a0d1e6")  # SYNTH
    kt(s, t_f + 0.001, bad, "NVRM: GPU Board Serial Number: 1324021063318")  # SYNTH
    kt(s, t_f + 0.002, bad, xid_k(bus, 79, "GPU has fallen off the bus."))  # SYNTH
    kt(s, t_f + 0.003, bad, f"NVRM: GPU {bus}.0: GPU has fallen off the bus.")  # SYNTH
    kt(s, t_f + 0.004, bad, f"NVRM: GPU {bus}.0: RmInitAdapter failed! (0x62:0x55:2477)")  # SYNTH
    for k, line in enumerate(REAL_S1_CRASH):
        s.joblog(t_f + 0.93 + 0.0004 * k, J, line)  # REAL (verbatim)
    # --- the hourly PULSE lines (SYNTH, in the format the chronicle shows) ---
    t_end = 11900.0
    job_start = parse_start("2022-04-22T21:14:09Z")
    pulse = 6 * 60 + 11.0
    while pulse < t_end:
        d = s.at(pulse)
        s.joblog(pulse, J, f"[{d:%Y-%m-%d %H:%M:%S}] PULSE: {jobname} is waiting to be scheduled ({J2}_[1-3%1] on "
                           f"'gpu_p5' partition)")  # SYNTH
        run = (d - job_start).total_seconds()
        s.joblog(pulse + 0.02, J, f"[{d:%Y-%m-%d %H:%M:%S}] PULSE: {jobname} is running for {dhms(run)} since "
                                  f"2022-04-22T21:14:09 ({J} on 'gpu_p5' partition (jean-zay-iam[03-06])")  # SYNTH
        pulse += 3600.0 + rng.uniform(0.5, 4.5)
    # --- neighbours (SYNTH) ---
    tn, ep, bt = 30.0, 17, 400
    while tn < t_end:
        bt += 150
        if bt >= 1460:
            s.joblog(tn, N1, f"Epoch {ep}: 100%|██████████| 1460/1460 [19:02<00:00,  1.28it/s, loss=0.0311, "
                             f"v_num=4, val_rmse_z500={rng.uniform(112, 121):.1f}]")
            ep, bt = ep + 1, 0
            tn += 95.0
            continue
        s.joblog(tn, N1, lt_meter(bt, 1460, bt / 1.28, 1.28, desc=f"Epoch {ep}",
                                  postfix=f"loss=0.0{rng.randint(298, 335)}, v_num=4"))
        tn += 150 / 1.28
    tn, st = 120.0, 31500
    while tn < t_end:
        st += 100
        s.joblog(tn, N2, f"{{'loss': {rng.uniform(0.41, 0.55):.4f}, 'learning_rate': {3e-5 * (1 - st / 60000):.3e}, "
                         f"'epoch': {st / 2810:.2f}}}")
        tn += rng.uniform(63, 66)
    s.node_state(5400.0, "jean-zay-iam02", "DRAINED", "hardware maintenance (IDRIS)")  # SYNTH, unrelated
    for h, tk, kind in [("jean-zay-iam03", 1500.0, 0), ("jean-zay-iam09", 6200.0, 3), ("jean-zay-iam12", 11000.0, 6),
                        ("jean-zay-iam05", 9600.0, 5)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jnodes:
            if t_ < t_f:
                return b54(rng, "a100sxm80_54", load=rng.uniform(0.9, 0.99))
            if n_ == bad and g == badg:
                return None  # fallen off the bus: DCGM returns nothing for it
            return g38(100, rng.uniform(88, 112), 1410, fb=63000 + rng.randint(-900, 900), temp=rng.randint(41, 47))
        if n_ in ("jean-zay-iam09", "jean-zay-iam10", "jean-zay-iam12"):
            return b54(rng, "a100sxm80_54", load=rng.uniform(0.8, 0.97))
        return i54(rng, "a100sxm80_54", clk=210)
    tel54(s, jnodes, 8, 0.0, t_end, 600.0, fn, keys=K54L)
    tel54(s, ["jean-zay-iam09", "jean-zay-iam12"], 8, 0.0, t_end, 3600.0, fn, keys=K54M)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": bad, "gpu": badg}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["jean-zay-iam03", "jean-zay-iam04", "jean-zay-iam06"])
    return s


# ======================================================================================
# S2  healthy-torch-rnn-3x512-wiki-titanx-gpu-05-val-pass-and-checkpoint-53min-no-output  (healthy: torch-rnn (Lua
#     Torch7, cutorch) 3-layer LSTM-512 on a 3.1 GB Wikipedia text, one GTX TITAN X of a 4-GPU node shared with other
#     users; `-print_every 100` gives a line every ~8 s. At i = 50000 (`-checkpoint_every 50000`) train.lua runs the
#     whole validation split (125,696 batches, forward only, ~50 min, GPU half busy) and prints nothing until
#     `val_loss = `, then writes the JSON and .t7 checkpoints to NFS (~2.5 min, GPU idle, one `nfs: server not
#     responding` / `OK` pair on the node), then goes on training.)
# ======================================================================================
# Source (truth): https://github.com/jcjohnson/torch-rnn/issues/112 -- "Stuck at 1000th iteration and no checkpoint
#   written" (3 GB Wikipedia text, 3 layers, rnn_size 512, Titan X; htop shows the process busy). The author: "By
#   default it checks validation loss and saves a checkpoint every 1000 iterations; that is what is causing the hang
#   here. If your validation set is large then computing validation loss could take a while; saving a checkpoint
#   might also be slow if the model is big and you are saving to some kind of network-attached storage." Reporter:
#   "Yes, that was the problem." The thread has no log text; the lines are SYNTH in train.lua's own print formats.


def build_s2() -> Scenario:
    name = "healthy-torch-rnn-3x512-wiki-titanx-gpu-05-val-pass-and-checkpoint-53min-no-output"
    J, N1, N2 = "427731", "427690", "427702"
    start = "2016-06-13T08:00:00Z"
    s = Scenario(name, "torch-rnn (Lua Torch7 + cutorch) LSTM language model (3 x 512, batch 50 x 50) on a 3.1 GB "
                 "Wikipedia dump, one GTX TITAN X (Maxwell) of gpu-05; th train.lua -print_every 100 "
                 "-checkpoint_every 50000 -checkpoint_name /nfs/projects/mkiran/torch-rnn/cv/wiki. Other users' jobs "
                 "share gpu-05 and use other nodes.",
                 start,
                 {"name": "vislab", "partition": "gpu", "nodes": "gpu-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:02:00", "0000:03:00", "0000:82:00", "0000:83:00"]},
                 [{"id": J, "name": "torchrnn-wiki-lstm3x512", "user": "mkiran", "nodes": "gpu-05", "tasks_per_node": 1,
                   "started": "2016-06-13T07:12:40Z", "comment": comment(2, "/nfs/projects/mkiran/torch-rnn/cv")},
                  {"id": N1, "name": "caffe-fcn8s-voc", "user": "tliang", "nodes": "gpu-05", "tasks_per_node": 2,
                   "started": "2016-06-12T22:31:05Z"},
                  {"id": N2, "name": "tf-seq2seq-wmt", "user": "adoshi", "nodes": "gpu-02", "tasks_per_node": 4,
                   "started": "2016-06-13T05:48:19Z", "comment": comment(1)}])
    rng = s.rng
    host = "gpu-05"
    n_train, n_val, max_ep = 1005568, 125696, 50
    n_iter = n_train * max_ep
    i, t = 43400, 4.3
    loss = 1.4402
    t_val = None
    t_end = 6300.0
    while t < t_end:
        i += 100
        t += 100 * rng.uniform(0.0826, 0.0846)
        loss = 0.99 * loss + 0.01 * rng.uniform(1.30, 1.52)
        s.joblog(t, J, f"Epoch {i / n_train + 1:.2f} / {max_ep}, i = {i} / {n_iter}, loss = {loss + rng.uniform(-0.09, 0.09):f}")  # SYNTH
        if i % 50000 == 0:
            t_val = t
            t += n_val * rng.uniform(0.02395, 0.02405)          # the validation pass (GPU half busy), no output
            t_vl = t
            s.joblog(t, J, "val_loss = \t" + lua_num(1.3871 + rng.uniform(-0.0004, 0.0004) + 1e-13 * rng.random()))  # SYNTH
            t_ck = t
            t += rng.uniform(148, 158)                            # JSON + .t7 checkpoint to NFS, no output
            t_ck_end = t
    # NFS hiccup during the .t7 write (SYNTH)
    kt(s, t_ck + 61.0, host, "nfs: server nas01 not responding, still trying")
    kt(s, t_ck + 104.5, host, "nfs: server nas01 OK")
    # neighbours (SYNTH): Caffe (glog) on GPUs 1-2 of gpu-05, TensorFlow 0.8 seq2seq on gpu-02
    tn, it2 = 12.0, 61240
    while tn < t_end:
        it2 += 100
        s.joblog(tn, N1, glog(s.at(tn), "I", 18233, "solver.cpp:228", f"Iteration {it2}, loss = {rng.uniform(0.21, 0.36):.5f}"))
        s.joblog(tn + 0.001, N1, glog(s.at(tn + 0.001), "I", 18233, "solver.cpp:244",
                                      f"    Train net output #0: loss = {rng.uniform(0.2, 0.4):.5f} (* 1 = {rng.uniform(0.2, 0.4):.5f} loss)"))
        s.joblog(tn + 0.002, N1, glog(s.at(tn + 0.002), "I", 18233, "sgd_solver.cpp:106", f"Iteration {it2}, lr = 1e-10"))
        tn += 100 * rng.uniform(2.02, 2.10)
    tn, gs = 60.0, 118200
    while tn < t_end:
        gs += 200
        s.joblog(tn, N2, f"global step {gs} learning rate 0.3563 step-time {rng.uniform(0.79, 0.85):.2f} perplexity "
                         f"{rng.uniform(6.1, 6.9):.2f}")
        s.joblog(tn + 0.3, N2, f"  eval: bucket 0 perplexity {rng.uniform(4.5, 5.5):.2f}")
        s.joblog(tn + 0.4, N2, f"  eval: bucket 1 perplexity {rng.uniform(6.0, 7.2):.2f}")
        tn += 200 * rng.uniform(0.81, 0.83)
    for h, tk, kind in [("gpu-02", 900.0, 0), ("gpu-07", 2600.0, 6), (host, 5200.0, 3)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == host and g == 0:
            if t_val is not None and t_val <= t_ < t_vl:
                return g38(rng.randint(48, 63), rng.uniform(112, 131), 1075, fb=6140 + rng.randint(-20, 20),
                           temp=rng.randint(70, 75))
            if t_val is not None and t_ck <= t_ < t_ck_end:
                return g38(0, rng.uniform(61, 74), 1075, fb=6140 + rng.randint(-20, 20), temp=rng.randint(62, 67))
            return b54(rng, "titanxm_54", load=rng.uniform(0.9, 0.98))
        if n_ == host and g in (1, 2):
            f = b54(rng, "titanxm_54", load=rng.uniform(0.85, 0.97))
            f["DCGM_FI_DEV_FB_USED"] = 9800 + rng.randint(-100, 100)
            return f
        if n_ == "gpu-02":
            return b54(rng, "titanxm_54", load=rng.uniform(0.7, 0.9))
        return i54(rng, "titanxm_54", clk=135)
    tel54(s, [host], 4, 0.0, t_end, 120.0, fn)
    tel54(s, ["gpu-02", "gpu-07"], 4, 0.0, t_end, 1800.0, fn, keys=K54M)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=[host])
    return s


# ======================================================================================
# S3  rwkv5-world-2x8-a100-dgx-b07-gpu5-nvlink-crc-replay-counters-climb-no-xid-no-log  (gpu_hardware: RWKV-5
#     "World" 1.5B pretraining (RWKV-LM v5 trainer, PyTorch Lightning + DeepSpeed stage 2) on 2 DGX A100 nodes, 16
#     ranks; Lightning's bar shows `REAL it/s` and `Kt/s`. About 47 min into the record the NVLink of GPU 5 on
#     dgx-b07 starts taking CRC errors: DCGM's NVLink CRC-flit, CRC-data, replay and recovery counters for that GPU
#     climb at every scrape, by hundreds to thousands, while every other GPU's counters stay at 0. The link layer
#     retries, so there is no Xid, no kernel line, no CUDA/NCCL error; the job keeps running ~2-3 % slower.)
# ======================================================================================
# Source (truth): https://facebookresearch.github.io/gcm/docs/GCM_Health_Checks/health_checks/check-dcgmi/nvlink -- Meta's
#   GPU Cluster Monitoring health check `check-dcgmi nvlink -c nvlink_errors`: "Monitors NVLink errors ... CRC Data
#   Error, CRC FLIT Error, Replay Error, Recovery Error", every threshold defaulting to 0 errors tolerated (any error
#   fails the node's check); and NVIDIA's Health Validation NVLink check catalog
#   (https://docs.nvidia.com/health-validation/reference/checks/nvlink): NVLink replay counters / link errors are
#   GPU-level failures whose recommended action is "operational state drain, then reset_gpu -> restart_os ->
#   service_required". A vendor rule, not a single incident thread: the counter curve and the job are mine.


def build_s3() -> Scenario:
    name = "rwkv5-world-2x8-a100-dgx-b07-gpu5-nvlink-crc-replay-counters-climb-no-xid-no-log"
    J, N1, N2 = "903114", "903077", "903096"
    start = "2024-03-02T06:00:00Z"
    s = Scenario(name, "RWKV-LM v5 trainer (PyTorch Lightning 1.9 + DeepSpeed ZeRO-2, bf16) pretraining a 1.5B "
                 "RWKV-5 World model, ctx 4096, micro-batch 8, on 2 DGX A100 (8 x A100-SXM4-80GB, NVSwitch) = 16 ranks; "
                 "mini-epochs of 315 steps, rank 0's Lightning bar refreshed into the log every 50 steps. dcgm-exporter "
                 "scraped every 5 min with the NVLink error counters enabled. Other owners' jobs on other nodes.",
                 start,
                 {"name": "dgxa100-pod", "partition": "batch", "nodes": "dgx-b[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": DGXA100_BUS},
                 [{"id": J, "name": "rwkv5-world-1b5", "user": "wzhao", "nodes": "dgx-b[06-07]", "tasks_per_node": 8,
                   "started": "2024-03-01T19:22:48Z", "comment": comment(2, "/lustre/wzhao/rwkv5-world-1b5")},
                  {"id": N1, "name": "esm2-650m-uniref50", "user": "pkumar", "nodes": "dgx-b02", "tasks_per_node": 8,
                   "started": "2024-03-02T01:10:33Z", "comment": comment(1)},
                  {"id": N2, "name": "sd21-ft-laion-aes", "user": "mlopez", "nodes": "dgx-b[09-10]", "tasks_per_node": 8,
                   "started": "2024-03-01T23:51:02Z"}])
    rng = s.rng
    bad, badg = "dgx-b07", 5
    jnodes = ["dgx-b06", "dgx-b07"]
    t_on = 2810.0
    t_end = 7800.0
    # --- Lightning bar lines (SYNTH, RWKV-v5 trainer's progress-bar metrics) ---
    ep, n, t = 41, 0, 12.0
    ep_t0 = t
    loss = 2.2315
    while t < t_end:
        step = rng.uniform(1.965, 2.0) if t < t_on else rng.uniform(2.01, 2.06)
        n += 1
        t += step
        if n % 50 == 0 or n == 315:
            el = t - ep_t0
            rate = n / el
            loss = 0.997 * loss + 0.003 * rng.uniform(2.14, 2.26)
            prog = (ep * 315 + n) / (120 * 315)
            lr = 6e-4 * math.exp(math.log(1e-5 / 6e-4) * prog)
            post = (f"REAL it/s={tqnum(round(1 / step, 5))}, Kt/s={tqnum(round(524.288 / step, 2))}, "
                    f"lr={tqnum(round(lr, 8))}, loss={tqnum(round(loss, 4))}")
            s.joblog(t, J, lt_meter(n, 315, el, rate, desc=f"Epoch {ep}", postfix=post))  # SYNTH
        if n == 315:
            ep, n = ep + 1, 0
            t += rng.uniform(2.5, 4.0)   # mini-epoch boundary (dataset re-shard, every 10th epoch a .pth save)
            if ep % 10 == 0:
                t += rng.uniform(18, 24)
            ep_t0 = t
    # --- neighbours (SYNTH) ---
    tn, st = 40.0, 221400
    while tn < t_end:
        st += 100
        s.joblog(tn, N1, f"Epoch 3:  {100 * (st % 98000) // 98000:2d}%| {st % 98000}/98000 [train] loss={rng.uniform(2.31, 2.45):.4f} "
                         f"ppl={rng.uniform(10.1, 11.4):.2f} lr=4.0e-04 tok/s={rng.uniform(6.1e5, 6.3e5):.3g}")
        tn += 100 * rng.uniform(0.71, 0.74)
    tn, st = 75.0, 14200
    while tn < t_end:
        st += 50
        s.joblog(tn, N2, f"Steps:  {100 * st // 40000:2d}%| {st}/40000 [{hms(st * 1.31)}<{hms((40000 - st) * 1.31)},  "
                         f"1.31s/it, lr=1e-05, step_loss={rng.uniform(0.05, 0.19):.3f}]")
        tn += 50 * rng.uniform(1.30, 1.32)
    for h, tk, kind in [("dgx-b06", 1900.0, 0), ("dgx-b09", 4100.0, 3), ("dgx-b07", 6100.0, 5), ("dgx-b02", 7300.0, 6)]:
        noise50(s, h, tk, kind)
    # --- telemetry: NVLink counters on the job's GPUs; dgx-b07 GPU 5 climbs after t_on (SYNTH) ---
    ctr = {"crc": 0, "data": 0, "replay": 0, "rec": 0}

    def fn(n_, g, t_):
        if n_ in jnodes:
            f = b54(rng, "a100sxm80_54", load=rng.uniform(0.9, 0.99))
            f.update({k: 0 for k in NVL})
            if n_ == bad and g == badg and t_ >= t_on:
                grow = 1.0 + (t_ - t_on) / 2400.0
                ctr["crc"] += int(rng.uniform(350, 900) * grow)
                ctr["data"] += int(rng.uniform(8, 30) * grow)
                ctr["replay"] += int(rng.uniform(300, 820) * grow)
                ctr["rec"] += rng.choice([0, 1, 1, 2, 3])
                f.update({NVL[0]: ctr["crc"], NVL[1]: ctr["data"], NVL[2]: ctr["replay"], NVL[3]: ctr["rec"]})
            return f
        if n_ == "dgx-b02":
            f = b54(rng, "a100sxm80_54", load=rng.uniform(0.85, 0.98))
            f["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"] = 3 if g == 1 else 0   # an old corrected single-bit count, static
            return f
        if n_ in ("dgx-b09", "dgx-b10"):
            return b54(rng, "a100sxm80_54", load=rng.uniform(0.8, 0.97))
        return i54(rng, "a100sxm80_54", clk=210)
    tel54(s, jnodes, 8, 0.0, t_end, 300.0, fn, keys=K54N)
    tel54(s, ["dgx-b02"], 8, 0.0, t_end, 1800.0, fn, keys=K54M + ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",))
    tel54(s, ["dgx-b09"], 8, 0.0, t_end, 1800.0, fn, keys=K54M)
    t_fault = min(ev["t"] for _, _, ev in s.events if ev.get("source") == "gpu" and ev["node"] == bad
                  and ev["gpu"] == badg and ev["fields"].get(NVL[0], 0) > 0)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": bad, "gpu": badg}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2], no_drain=["dgx-b06", "dgx-b02"])
    return s


# ======================================================================================
# S4  ddp-3x4-l40s-per-rank-timing-l40s-07-tsc-unstable-hpet-clocksource-slow-host  (gpu_degraded: a user's own
#     PyTorch DDP script (ViT-B/16 distillation) on 3 nodes x 4 L40S, 12 ranks under srun --label; every rank prints
#     its own timing breakdown every 1000 steps. 38 min in, the kernel of l40s-07 marks the TSC unstable (clocksource
#     watchdog) and switches the clocksource to hpet; every clock_gettime on that host becomes a slow syscall. From
#     then on ranks 4-7 (l40s-07) spend ~80 ms more per step in fwd+bwd (CPU-side launch/python time) and almost
#     nothing waiting in all-reduce, while the 8 other ranks wait ~80 ms per step for them: every step takes ~25 %
#     longer. No GPU is throttled, no error is printed anywhere.)
# ======================================================================================
# Source (truth): https://github.com/madgraph5/madgraph4gpu/issues/116 -- "High CPU use in clock_gettime (only on
#   itscrd03, not on pmpe04)?": the same GPU workload runs slower on one node, whose kernel had marked the TSC
#   unstable (`clocksource: timekeeping watchdog ... Marking clocksource 'tsc-early' as unstable`), so clock_gettime
#   no longer goes through the vDSO; the maintainer concludes the host itself is at fault ("I will open a ticket on
#   our VM infrastructure, and probably rebuild the node on another hypervisor"). The kernel lines below are verbatim
#   from https://github.com/sozu-proxy/sozu/issues/500 ("if the kernel suddenly decides to use the HPET clock,
#   everything will get slow"); only their uptime stamp is replaced by a `dmesg -T` stamp.
REAL_S4_CLOCK = [
    "[335323.734091] clocksource: timekeeping watchdog on CPU5: Marking clocksource 'tsc' as unstable because the "
    "skew is too large:",
    "[335323.737925] clocksource:                       'hpet' wd_now: 5ca548fd wd_last: 5932c25f mask: ffffffff",
    "[335323.808006] clocksource:                       'tsc' cs_now: bb8a0f7168a0d4 cs_last: bb8a0f234df0c3 mask: "
    "ffffffffffffffff",
]
REAL_S4_AFTER = [
    "[335323.809573] TSC found unstable after boot, most likely due to broken BIOS. Use 'tsc=unstable'.",
    "[335323.812815] sched_clock: Marking unstable (335323789992910, 19578389)<-(335324017026353, -207454544)",
]
REAL_S4_HRTIMER = "[335538.326632] hrtimer: interrupt took 6663395 ns"


def build_s4() -> Scenario:
    name = "ddp-3x4-l40s-per-rank-timing-l40s-07-tsc-unstable-hpet-clocksource-slow-host"
    J, N1, N2 = "2210458", "2210377", "2210431"
    start = "2024-09-16T09:00:00Z"
    s = Scenario(name, "A user's own PyTorch 2.4 DDP script (ViT-B/16 distillation on ImageNet-21k shards, batch 64 "
                 "per rank) on 3 nodes x 4 L40S, 12 ranks launched by srun --label; every rank prints a timing "
                 "breakdown (data / fwd+bwd / allreduce-wait / opt) every 1000 steps. Other owners' jobs on other nodes.",
                 start,
                 {"name": "l40s-farm", "partition": "gpu", "nodes": "l40s-[01-12]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:17:00", "0000:3d:00", "0000:99:00", "0000:bd:00"]},
                 [{"id": J, "name": "vitb16-distill-in21k", "user": "abouchard", "nodes": "l40s-[06-08]",
                   "tasks_per_node": 4, "started": "2024-09-16T06:41:27Z", "comment": comment(2)},
                  {"id": N1, "name": "yolov8x-objects365", "user": "tnguyen", "nodes": "l40s-02", "tasks_per_node": 4,
                   "started": "2024-09-16T03:15:40Z", "comment": comment(1)},
                  {"id": N2, "name": "whisper-l-ft-nl", "user": "evdberg", "nodes": "l40s-10", "tasks_per_node": 1,
                   "started": "2024-09-16T08:02:11Z"}])
    rng = s.rng
    bad = "l40s-07"
    jnodes = ["l40s-06", "l40s-07", "l40s-08"]
    t_f = 38 * 60 + 12.7
    t_end = 6300.0
    world = 12
    step, t = 84500, 40.0
    while t < t_end:
        slow = t >= t_f
        sts = []
        for r in range(world):
            on_bad = 4 <= r <= 7
            data = rng.uniform(2.6, 3.8)
            opt = rng.uniform(9.4, 10.6)
            if not slow:
                comp, wait = rng.uniform(232, 241), rng.uniform(14, 27)
            elif on_bad:
                comp, wait = rng.uniform(312, 326), rng.uniform(1.6, 3.9)
            else:
                comp, wait = rng.uniform(232, 241), rng.uniform(77, 91)
            sts.append((r, data, comp, wait, opt))
        step_ms = sum(x[1] + x[2] + x[3] + x[4] for x in sts) / world
        for r, data, comp, wait, opt in sts:
            s.joblog(t + 0.002 * r + rng.uniform(0, 0.03), J, label(r, 2) +
                     ddp_rank_line(r, world, step, data, comp, wait, opt, 64000.0 / (data + comp + wait + opt)))  # SYNTH
        step += 1000
        t += 1000 * step_ms / 1000.0
        if step % 5000 == 0:
            t += rng.uniform(6, 9)   # rank-local eval of a 512-image probe set
    # --- the clocksource switch on l40s-07 (REAL lines, retimed; two lines SYNTH as they occur in earlier corpora) ---
    for k, line in enumerate(REAL_S4_CLOCK):
        s.kernel(t_f + 0.001 * k, bad, retime_dmesg(line, s.at(t_f)))  # REAL body
    kt(s, t_f + 0.075, bad, "tsc: Marking TSC unstable due to clocksource watchdog")  # SYNTH
    for k, line in enumerate(REAL_S4_AFTER):
        s.kernel(t_f + 0.076 + 0.003 * k, bad, retime_dmesg(line, s.at(t_f + 0.076)))  # REAL body
    kt(s, t_f + 0.080, bad, "clocksource: Switched to clocksource hpet")  # SYNTH
    s.kernel(t_f + 214.6, bad, retime_dmesg(REAL_S4_HRTIMER, s.at(t_f + 214.6)))  # REAL body
    kt(s, t_f + 2975.2, bad, "hrtimer: interrupt took 5982113 ns")  # SYNTH
    # --- neighbours (SYNTH) ---
    tn, ep, b = 25.0, 41, 0
    while tn < t_end:
        b += 100
        if b > 2288:
            ep, b = ep + 1, 100
        s.joblog(tn, N1, f"      {ep}/100      21.8G      {rng.uniform(0.82, 0.9):.4f}      {rng.uniform(0.71, 0.8):.4f}      "
                         f"{rng.uniform(1.01, 1.09):.4f}        {rng.randint(180, 420)}        640:  {100 * b // 2288:3d}%| {b}/2288 "
                         f"[{mmss52(b * 1.62)}<{mmss52((2288 - b) * 1.62)},  1.62s/it]")
        tn += 100 * rng.uniform(1.6, 1.64)
    tn, st = 90.0, 3100
    while tn < t_end:
        st += 25
        s.joblog(tn, N2, f"{{'loss': {rng.uniform(0.18, 0.29):.4f}, 'grad_norm': {rng.uniform(1.1, 2.6):.4f}, "
                         f"'learning_rate': {1e-5 * (1 - st / 8000):.3e}, 'epoch': {st / 1322:.2f}}}")
        tn += 25 * rng.uniform(2.35, 2.45)
    for h, tk, kind in [("l40s-06", 1200.0, 0), ("l40s-02", 3300.0, 3), ("l40s-10", 5000.0, 6)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jnodes:
            if t_ < t_f:
                return b54(rng, "l40s_54", load=rng.uniform(0.9, 0.97))
            if n_ == bad:
                return b54(rng, "l40s_54", load=rng.uniform(0.68, 0.75))
            return b54(rng, "l40s_54", load=rng.uniform(0.72, 0.8))
        if n_ == "l40s-02":
            return b54(rng, "l40s_54", load=rng.uniform(0.75, 0.95))
        if n_ == "l40s-10" and g == 0:
            return b54(rng, "l40s_54", load=rng.uniform(0.8, 0.95))
        return i54(rng, "l40s_54", clk=210)
    tel54(s, jnodes, 4, 0.0, t_end, 300.0, fn)
    tel54(s, ["l40s-02", "l40s-10"], 4, 0.0, t_end, 1800.0, fn, keys=K54M)
    s.truth = truth({"t": t_f, "category": "gpu_degraded", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2], no_drain=["l40s-06", "l40s-08"])
    return s


# ======================================================================================
# S5  metaseq-3x8-a100-ndv4-nd96-003-gpu2-dbe-then-llava-neighbour-nd96-011-ib-port-error-8-min-apart  (two unrelated
#     faults: (1) gpu_hardware -- a metaseq (OPT-style) 13B run on 3 Azure ND A100 v4 VMs, 24 ranks; GPU 2 of nd96-003
#     takes an uncorrectable double-bit ECC error (Xid 48, then Xid 63 row-remap pending); rank 18 dies with
#     `CUDA error: uncorrectable ECC error encountered`, srun kills the step, FAILED. nd96-003 is the VM that came back
#     from the ECC drain two days earlier (history). (2) network -- 8 min later, on other nodes and another owner's
#     job (LLaVA-13B pretraining with DeepSpeed, nd96-[010-011]), nd96-011's ranks report `NET/IB : Got async event :
#     port error` and nd96-010's ranks completion errors (status 12) from nd96-011's address; that job fails too.)
# ======================================================================================
# Source (truth): https://github.com/facebookresearch/metaseq/blob/main/projects/OPT/chronicles/27_percent_update.md --
#   the OPT-175B team's 3 Dec 2021 update: "40+ restarts ... for a variety of hardware, infrastructure, or
#   experimental stability issues ... The vast majority of restarts have been due to hardware failures ... a bad
#   node once it goes down with ECC errors ... more often than not we would end up getting the same bad machine
#   again. Nodes would also come up with NCCL/IB issues, or the same ECC errors" (the Thanksgiving logbook). ECC on
#   one node and an IB problem on another are independent node faults, each handled by replacing that node. The
#   update quotes no log lines; every line here is SYNTH (metaseq JsonProgressBar, NVRM, NCCL 2.10, HF Trainer).


def build_s5() -> Scenario:
    name = "metaseq-3x8-a100-ndv4-nd96-003-gpu2-dbe-then-llava-neighbour-nd96-011-ib-port-error-8-min-apart"
    A, B, C = "4117", "4132", "4109"
    start = "2021-11-25T02:00:00Z"
    s = Scenario(name, "Azure ND96amsr A100 v4 VMs (8 x A100-SXM4-80GB, 8 x HDR InfiniBand VFs) "
                 "under Slurm. Job 4117: metaseq 13B OPT-style pretraining on 3 VMs (24 ranks, srun --label, FSDP), "
                 "train_inner every 5 updates. Job 4132: another owner's LLaVA-13B pretraining (HF Trainer + DeepSpeed "
                 "ZeRO-2) on 2 VMs. Job 4109: a third owner's single-VM job.",
                 start,
                 {"name": "azure-ndv4", "partition": "hpc", "nodes": "nd96-[001-016]", "gpus_per_node": 8,
                  "pci_bus_ids": NDV4_BUS},
                 [{"id": A, "name": "opt13b-cc100-run3", "user": "szhang", "nodes": "nd96-[001-003]",
                   "tasks_per_node": 8, "started": "2021-11-24T19:31:06Z",
                   "comment": comment(5, "/mnt/resource_nvme/opt13b/run3")},
                  {"id": B, "name": "llava13b-pretrain-cc3m", "user": "hliu", "nodes": "nd96-[010-011]",
                   "tasks_per_node": 8, "started": "2021-11-25T00:48:52Z", "comment": comment(2)},
                  {"id": C, "name": "wav2vec2-xls-r-cv", "user": "amorin", "nodes": "nd96-007", "tasks_per_node": 8,
                   "started": "2021-11-24T22:12:40Z"}],
                 history=[{"at": "2021-11-23T14:02:00Z", "node": "nd96-003", "verdict": "suspect",
                           "category": "gpu_hardware"}])
    rng = s.rng
    badA, gA = "nd96-003", 2
    badB = "nd96-011"
    nA = expand_hostlist("nd96-[001-003]")
    nB = ["nd96-010", "nd96-011"]
    t1 = 2405.4
    t2 = t1 + 481.7
    t_end = 4300.0
    # --- job A: metaseq train_inner lines from rank 0 (SYNTH) ---
    upd, t, loss = 26040, 35.0, 2.412
    wall = 23694
    while t < t1:
        sec = rng.uniform(21.0, 21.7)
        upd += 5
        loss = 0.99 * loss + 0.01 * rng.uniform(2.34, 2.48)
        s.joblog(t, A, label(0, 2) + metaseq_inner(s.at(t), 1, upd, loss, 4.19e6 / sec, 1.5e-4 * (1 - upd / 143000),
                                                   rng.uniform(0.24, 0.33), 0.5 if upd % 7 else 1.0,
                                                   wall + int(t), int(0.97 * (wall + t))))
        t += 5 * sec
    # fault 1: DBE on nd96-003 GPU 2 (SYNTH kernel + job lines)
    bus = NDV4_BUS[gA]
    kt(s, t1, badA, xid_k(bus, 48, "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer "
                                   "at partition 6, subpartition 0.", pid=31877, name="python3"))
    kt(s, t1 + 0.002, badA, xid_k(bus, 63, "Row Remapper: New row marked for remapping, reset gpu to activate.",
                                  pid=31877, name="python3"))
    r = 18
    tb = t1 + 0.8
    for k, l in enumerate(["Traceback (most recent call last):",
                           "  File \"/shared/home/szhang/metaseq/metaseq/cli/train.py\", line 710, in <module>",
                           "    cli_main()",
                           "  File \"/shared/home/szhang/metaseq/metaseq/cli/train.py\", line 344, in train",
                           "    log_output = trainer.train_step(samples)",
                           "  File \"/shared/home/szhang/metaseq/metaseq/trainer.py\", line 777, in train_step",
                           "    raise e",
                           "RuntimeError: CUDA error: uncorrectable ECC error encountered"]):
        s.joblog(tb + 0.001 * k, A, label(r, 2) + l)  # SYNTH
    d = s.at(t1 + 3.1)
    s.joblog(t1 + 3.0, A, f"srun: error: {badA}: task {r}: Exited with exit code 1")  # SYNTH
    s.joblog(t1 + 3.1, A, f"srun: launch/slurm: _step_signal: Terminating StepId={A}.0")  # SYNTH
    s.joblog(t1 + 3.2, A, f"slurmstepd: error: *** STEP {A}.0 ON nd96-001 CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
    for h, rr in [("nd96-001", "0-7"), ("nd96-002", "8-15"), (badA, "16-17,19-23")]:
        s.joblog(t1 + 35.4 + rng.uniform(0, 0.5), A, f"srun: error: {h}: tasks {rr}: Terminated")  # SYNTH
    s.job_state(t1 + 36.3, A, "FAILED", "1:0", reason="NonZeroExitCode")  # SYNTH
    # --- job B: HF Trainer dict lines from rank 0 (SYNTH) ---
    tb, st = 20.0, 3800
    while tb < t2:
        st += 10
        s.joblog(tb, B, f"{{'loss': {rng.uniform(2.02, 2.31):.4f}, 'learning_rate': "
                                      f"{1e-3 * 0.5 * (1 + math.cos(math.pi * st / 8721)):.9f}, 'epoch': {st / 8721:.2f}}}")
        tb += 10 * rng.uniform(3.4, 3.6)
    # fault 2: IB port error on nd96-011 (SYNTH NCCL lines; host IPs are the VMs' IB addresses)
    ip011 = "172.16.1.11"
    for k in range(8):
        s.joblog(t2 + 0.01 * k, B, f"{badB}:{40127 + k}:{40311 + k} [{k}] transport/net_ib.cc:93 "
                                                     f"NCCL WARN NET/IB : Got async event : port error")  # SYNTH
    for k in range(8):
        s.joblog(t2 + 1.7 + 0.01 * k, B, f"nd96-010:{38211 + k}:{38402 + k} [{k}] transport/net_ib.cc:1238 "
                                                      f"NCCL WARN NET/IB : Got completion from peer {ip011}<{45632 + k}> with "
                                                      f"error 12, opcode 0, len 0, vendor err 129")  # SYNTH
    for k in (3, 11):
        s.joblog(t2 + 4.2 + 0.01 * k, B, "RuntimeError: NCCL communicator was aborted on rank "
                                                      f"{k}.  Original reason for failure was: NCCL error: unhandled "
                                                      "system error, NCCL version 2.10.3")  # SYNTH
    s.joblog(t2 + 9.0, B, f"{ds_stamp(s.at(t2 + 9.0))} [INFO] [launch.py:178:sigkill_handler] Killing subprocess 40130")  # SYNTH
    s.joblog(t2 + 9.2, B, "srun: error: nd96-011: task 1: Exited with exit code 1")  # SYNTH
    s.joblog(t2 + 9.9, B, "srun: error: nd96-010: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t2 + 10.6, B, "FAILED", "1:0", reason="NonZeroExitCode")  # SYNTH
    # --- job C (unaffected, SYNTH) ---
    tc, up = 50.0, 61200
    while tc < t_end:
        up += 100
        s.joblog(tc, C, f"2021-11-25 {s.at(tc):%H:%M:%S} | INFO | train_inner | epoch 023:    {up % 4100:4d} / 4100 "
                        f"loss=0.{rng.randint(118, 139)}, ntokens={rng.randint(3180, 3320)}, nsentences=96, "
                        f"uer={rng.uniform(9.1, 9.8):.3f}, wps={rng.randint(41000, 44500)}, ups=0.93, wpb=3254.1, "
                        f"bsz=96, num_updates={up}, lr=3e-05, gnorm={rng.uniform(0.9, 1.6):.3f}, "
                        f"loss_scale=8, train_wall=107, gb_free=17.2, wall={int(tc) + 13660}")
        tc += 100 / 0.93
    for h, tk, kind in [("nd96-002", 1300.0, 0), ("nd96-010", 2600.0, 6), ("nd96-007", 3900.0, 3)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in nA:
            if t_ < t1:
                f = b54(rng, "a100sxm80_54", load=rng.uniform(0.9, 0.98))
            else:
                f = i54(rng, "a100sxm80_54", clk=210)
            f.update({"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0, "DCGM_FI_DEV_ROW_REMAP_PENDING": 0, "DCGM_FI_DEV_XID_ERRORS": 0})
            if n_ == badA and g == gA and t_ >= t1:
                f.update({"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_ROW_REMAP_PENDING": 1,
                          "DCGM_FI_DEV_XID_ERRORS": 63})
            return f
        if n_ in nB:
            f = b54(rng, "a100sxm80_54", load=rng.uniform(0.88, 0.98)) if t_ < t2 else i54(rng, "a100sxm80_54", clk=210)
            f.update({"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0, "DCGM_FI_DEV_ROW_REMAP_PENDING": 0, "DCGM_FI_DEV_XID_ERRORS": 0})
            return f
        if n_ == "nd96-007":
            return b54(rng, "a100sxm80_54", load=rng.uniform(0.8, 0.95))
        return i54(rng, "a100sxm80_54", clk=210)
    tel54(s, nA + nB, 8, 0.0, t_end, 300.0, fn, keys=K54E)
    tel54(s, ["nd96-007"], 8, 0.0, t_end, 1800.0, fn, keys=K54M)
    s.truth = truth({"t": t1, "category": "gpu_hardware", "node": badA, "gpu": gA}, drain=[badA, badB],
                    requeue={A: {"exclude": [badA]}, B: {"exclude": [badB]}}, no_requeue=[C],
                    no_drain=["nd96-001", "nd96-002", "nd96-010", "nd96-007"],
                    other_faults=[{"t": t2, "category": "network", "node": badB}])
    return s


# ======================================================================================
# S6  hf-fsdp-llama2-13b-2x8-p4de-efa-lost-mid-save-requeued-resume-finds-no-trainer-state  (network, then software:
#     HF Trainer + FSDP (SHARDED_STATE_DICT) fine-tune of Llama-2-13B on 2 p4de.24xlarge (AWS ParallelCluster, Slurm,
#     EFA). While checkpoint-1800 is being written (model shards written, optimizer shards in progress, trainer_state.json
#     not yet), the EFA device of node -2 stops answering admin commands; its ranks log aws-ofi-nccl completion errors,
#     NCCL aborts, torchrun tears the job down: FAILED. The job is requeued and restarts on nodes -1 and -3; the
#     script's get_last_checkpoint() picks the half-written checkpoint-1800 and every rank dies at
#     TrainerState.load_from_json with FileNotFoundError for checkpoint-1800/trainer_state.json: FAILED again, in a
#     different way, on healthy nodes. A further requeue would fail identically until someone deletes that folder.)
# ======================================================================================
# Source (truth): https://github.com/awslabs/awsome-distributed-ai/issues/190 -- "FSDP checkpointing and auto-resume
#   not working due to `FileNotFoundError [incomplete checkpoint]`": "When EFA hardware failure happens - or the user
#   runs `scancel` during checkpointing, this issue could happen. Consider adding some application level code to
#   delete the most recent incomplete checkpoint before trying to resume with the last known-good checkpoint." The
#   HF Trainer side is https://github.com/huggingface/transformers/issues/35782 (FSDP on A100 nodes: "If training was
#   stopped (or ended abruptly) in the middle of checkpointing, checkpoint directory (checkpoint-xx) is created but
#   some of the files are missing" and resume throws). The one verbatim line is the Trainer frame quoted in
#   https://github.com/huggingface/transformers/issues/29059 ("Transformers trainer: All checkpoint restarts now
#   FAILING"); everything else is SYNTH (EFA kernel lines, aws-ofi-nccl 1.7 warnings, torch 2.2 / transformers 4.38).
REAL_S6_FRAME = "    state = TrainerState.load_from_json(os.path.join(resume_from_checkpoint, TRAINER_STATE_NAME))"


def build_s6() -> Scenario:
    name = "hf-fsdp-llama2-13b-2x8-p4de-efa-lost-mid-save-requeued-resume-finds-no-trainer-state"
    J, N1, N2 = "1187", "1172", "1190"
    start = "2024-03-09T10:00:00Z"
    pre = "queue1-st-p4de24xlarge-"
    n1, n2, n3 = pre + "1", pre + "2", pre + "3"
    s = Scenario(name, "AWS ParallelCluster 3.8 (Slurm 23.02), static p4de.24xlarge nodes (8 x A100-SXM4-80GB, 4 EFA "
                 "devices each), /fsx Lustre. Job 1187: HF Trainer (transformers 4.38, accelerate FSDP, "
                 "SHARDED_STATE_DICT) SFT of Llama-2-13B, torchrun per node under srun, 16 ranks, logging_steps 10, "
                 "save_steps 300, resumes from get_last_checkpoint(output_dir). Other owners' jobs on other nodes.",
                 start,
                 {"name": "pcluster-p4de", "partition": "queue1", "nodes": pre + "[1-6]", "gpus_per_node": 8,
                  "pci_bus_ids": P4DE_BUS},
                 [{"id": J, "name": "llama2-13b-sft-fsdp", "user": "ubuntu", "nodes": pre + "[1-2]", "tasks_per_node": 8,
                   "started": "2024-03-09T07:21:44Z", "comment": comment(1, "/fsx/ubuntu/llama-ft/output")},
                  {"id": N1, "name": "mistral7b-dpo", "user": "rsingh", "nodes": pre + "5", "tasks_per_node": 8,
                   "started": "2024-03-09T06:02:10Z", "comment": comment(1)},
                  {"id": N2, "name": "nemo-asr-fc-xl", "user": "gwatts", "nodes": pre + "6", "tasks_per_node": 8,
                   "started": "2024-03-09T09:40:37Z"}])
    rng = s.rng
    out = "/fsx/ubuntu/llama-ft/output"
    py = "/fsx/ubuntu/miniconda3/envs/ft/lib/python3.10/site-packages"
    step, t, loss = 1510, 31.0, 1.0412
    while step < 1800:
        sec = rng.uniform(5.7, 5.95)
        loss = 0.97 * loss + 0.03 * rng.uniform(0.92, 1.12)
        s.joblog(t, J, hf_log(loss, rng.uniform(0.38, 0.62), round(2e-5 * 0.5 * (1 + math.cos(math.pi * step / 3960)), 10),
                              step / 1320))  # SYNTH
        step += 10
        t += 10 * sec
    t_save = t
    s.joblog(t_save, J, f"[INFO|trainer.py:3067] {s.at(t_save):%Y-%m-%d %H:%M:%S},{s.at(t_save).microsecond // 1000:03d} >> "
                        f"Saving model checkpoint to {out}/checkpoint-1800")  # SYNTH
    s.joblog(t_save + 0.4, J, f"{s.at(t_save + 0.4):%m/%d/%Y %H:%M:%S} - INFO - accelerate.utils.fsdp_utils - Saving model to "
                              f"{out}/checkpoint-1800/pytorch_model_fsdp_0")  # SYNTH
    s.joblog(t_save + 21.7, J, f"{s.at(t_save + 21.7):%m/%d/%Y %H:%M:%S} - INFO - accelerate.utils.fsdp_utils - Model saved to "
                               f"{out}/checkpoint-1800/pytorch_model_fsdp_0")  # SYNTH
    s.joblog(t_save + 22.3, J, f"{s.at(t_save + 22.3):%m/%d/%Y %H:%M:%S} - INFO - accelerate.utils.fsdp_utils - Saving Optimizer "
                               f"state to {out}/checkpoint-1800/optimizer_0")  # SYNTH
    # --- fault 1: EFA device of node -2 stops answering (SYNTH) ---
    t_f1 = t_save + 46.8
    kt(s, t_f1, n2, "infiniband rdmap32s27: The device didn't send any completion for admin cmd CREATE_AH(9) status 0 "
                    "(ctx 0x00000000a91f6c3e, sq producer: 4187, sq consumer: 4186, cq consumer: 4186)")
    kt(s, t_f1 + 0.001, n2, "infiniband efa_1: Wait for completion (polling) timeout")
    kt(s, t_f1 + 0.002, n2, "efa 0000:20:1b.0: Wait for completion (polling) timeout")
    for k in range(8):
        r = 8 + k
        s.joblog(t_f1 + 1.3 + 0.02 * k, J, f"{n2}:{61420 + k}:{62187 + k} [{k}] nccl_net_ofi_rdma.c:1561 NCCL WARN "
                                           f"NET/OFI Request completed with error. RC: 5. Error: Input/output error. "
                                           f"Completed length: 0")  # SYNTH
    for k in range(8):
        r = 8 + k
        s.joblog(t_f1 + 2.1 + 0.02 * k, J, f"[rank{r}]:[E ProcessGroupNCCL.cpp:1182] [Rank {r}] NCCL watchdog thread "
                                           f"terminated with exception: NCCL error: remote process exited or there was "
                                           f"a network error, NCCL version 2.19.3")  # SYNTH
    for k in range(8):
        s.joblog(t_f1 + 2.9 + 0.02 * k, J, f"[rank{k}]:[E ProcessGroupNCCL.cpp:1182] [Rank {k}] NCCL watchdog thread "
                                           f"terminated with exception: NCCL error: remote process exited or there was "
                                           f"a network error, NCCL version 2.19.3")  # SYNTH
    for node, base in ((n2, 61420), (n1, 58204)):
        tt = t_f1 + 6.0 + (0.4 if node == n1 else 0)
        s.joblog(tt, J, f"{ds_stamp(s.at(tt))} torch.distributed.elastic.multiprocessing.api: [ERROR] failed "
                        f"(exitcode: -6) local_rank: 0 (pid: {base}) of binary: /fsx/ubuntu/miniconda3/envs/ft/bin/python")  # SYNTH
        s.joblog(tt + 0.2, J, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")  # SYNTH
    s.joblog(t_f1 + 7.1, J, f"srun: error: {n2}: task 1: Exited with exit code 1")  # SYNTH
    s.joblog(t_f1 + 7.8, J, f"srun: error: {n1}: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t_f1 + 8.4, J, "FAILED", "1:0", reason="NonZeroExitCode")  # SYNTH
    # --- requeue and second attempt on -1 and -3 (SYNTH) ---
    s.job_state(t_f1 + 95.0, J, "PENDING", "0:0", reason="BeginTime")
    t_r = t_f1 + 221.0
    s.job_state(t_r, J, "RUNNING", "0:0", nodes=pre + "[1,3]")
    s.joblog(t_r + 4.0, J, f"{ds_stamp(s.at(t_r + 4.0))} torch.distributed.run: [WARNING] ")  # SYNTH
    s.joblog(t_r + 4.01, J, f"{ds_stamp(s.at(t_r + 4.01))} torch.distributed.run: [WARNING] *****************************************")  # SYNTH
    s.joblog(t_r + 4.02, J, f"{ds_stamp(s.at(t_r + 4.02))} torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment "
                            f"variable for each process to be 1 in default, to avoid your system being overloaded, please "
                            f"further tune the variable for optimal performance in your application as needed. ")  # SYNTH
    d = s.at(t_r + 31.5)
    s.joblog(t_r + 31.5, J, f"{d:%m/%d/%Y %H:%M:%S} - INFO - __main__ - Checkpoint detected, resuming training at "
                            f"{out}/checkpoint-1800. To avoid this behavior, change the `--output_dir` or add "
                            f"`--overwrite_output_dir` to train from scratch.")  # SYNTH
    s.joblog(t_r + 74.0, J, "Loading checkpoint shards: 100%|██████████| 3/3 [00:41<00:00, 13.72s/it]")  # SYNTH
    t_f2 = t_r + 168.4
    tb_lines = [
        "Traceback (most recent call last):",
        "  File \"/fsx/ubuntu/llama-ft/train.py\", line 233, in <module>",
        "    main()",
        "  File \"/fsx/ubuntu/llama-ft/train.py\", line 221, in main",
        "    train_result = trainer.train(resume_from_checkpoint=checkpoint)",
        f"  File \"{py}/transformers/trainer.py\", line 1771, in train",
        REAL_S6_FRAME,                                                     # REAL (verbatim)
        f"  File \"{py}/transformers/trainer_callback.py\", line 148, in load_from_json",
        "    with open(json_path, \"r\", encoding=\"utf-8\") as f:",
        f"FileNotFoundError: [Errno 2] No such file or directory: '{out}/checkpoint-1800/trainer_state.json'",
    ]
    for r in (0, 8):
        for k, l in enumerate(tb_lines):
            s.joblog(t_f2 + 0.03 * r + 0.0005 * k, J, f"[rank{r}]: {l}")  # SYNTH (frame line REAL)
    for r in list(range(1, 8)) + list(range(9, 16)):
        s.joblog(t_f2 + 0.05 + 0.01 * r, J, f"[rank{r}]: {tb_lines[-1]}")  # SYNTH
    for node in (n1, n3):
        tt = t_f2 + 3.2 + (0.3 if node == n3 else 0)
        s.joblog(tt, J, f"{ds_stamp(s.at(tt))} torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) "
                        f"local_rank: 0 (pid: {70311 if node == n1 else 41902}) of binary: /fsx/ubuntu/miniconda3/envs/ft/bin/python")  # SYNTH
    s.joblog(t_f2 + 4.1, J, f"srun: error: {n3}: task 1: Exited with exit code 1")  # SYNTH
    s.joblog(t_f2 + 4.4, J, f"srun: error: {n1}: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t_f2 + 5.0, J, "FAILED", "1:0", reason="NonZeroExitCode")  # SYNTH
    t_end = t_f2 + 1800.0
    # --- neighbours (SYNTH) ---
    tn, st = 45.0, 910
    while tn < t_end:
        st += 10
        s.joblog(tn, N1, f"{{'loss': {rng.uniform(0.45, 0.62):.4f}, 'grad_norm': {rng.uniform(6, 14):.4f}, 'learning_rate': "
                         f"{5e-7:.1e}, 'rewards/chosen': {rng.uniform(-0.9, -0.4):.4f}, 'rewards/rejected': "
                         f"{rng.uniform(-2.3, -1.6):.4f}, 'rewards/accuracies': {rng.uniform(0.69, 0.8):.4f}, "
                         f"'rewards/margins': {rng.uniform(0.9, 1.5):.4f}, 'epoch': {st / 2440:.2f}}}")
        tn += 10 * rng.uniform(7.9, 8.2)
    tn, st = 100.0, 12500
    while tn < t_end:
        st += 100
        s.joblog(tn, N2, f"Epoch 6:  {100 * (st % 6900) // 6900:2d}%| {st % 6900}/6900 [{mmss52((st % 6900) * 0.59)}<"
                         f"{mmss52((6900 - st % 6900) * 0.59)},  1.69it/s, v_num=1, train_loss={rng.uniform(0.2, 0.35):.3f}, "
                         f"learning_rate={3e-4:.2e}, global_step={st}.0]")
        tn += 100 * 0.592
    for h, tk, kind in [(n1, 900.0, 0), (pre + "5", 2500.0, 3), (n3, t_end - 700.0, 6)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in (n1, n2):
            if t_ < t_f1:
                return b54(rng, "a100sxm80_54", load=rng.uniform(0.88, 0.98))
            if n_ == n1 and t_r + 20 <= t_ < t_f2 + 5:
                return b54(rng, "a100sxm80_54", load=rng.uniform(0.05, 0.3))
            return i54(rng, "a100sxm80_54", clk=210)
        if n_ == n3:
            if t_r + 20 <= t_ < t_f2 + 5:
                return b54(rng, "a100sxm80_54", load=rng.uniform(0.05, 0.3))
            return i54(rng, "a100sxm80_54", clk=210)
        if n_ in (pre + "5", pre + "6"):
            return b54(rng, "a100sxm80_54", load=rng.uniform(0.8, 0.97))
        return i54(rng, "a100sxm80_54", clk=210)
    tel54(s, [n1, n2, n3], 8, 0.0, t_end, 300.0, fn, keys=K54L)
    tel54(s, [pre + "5", pre + "6"], 8, 0.0, t_end, 1800.0, fn, keys=K54M)
    s.truth = truth({"t": t_f1, "category": "network", "node": n2}, drain=[n2], requeue={J: {"exclude": [n2]}},
                    no_requeue=[N1, N2], no_drain=[n1, n3],
                    other_faults=[{"t": t_f2, "category": "software"}])
    return s


# ======================================================================================
# S7  healthy-dgx-b200-gpud-polls-restricted-cx7-pf-access-reg-einval-kernel-spam-jobs-train-on  (healthy: six
#     DGX B200 ("Umbriel") nodes run gpud; its InfiniBand component reads the counter files of every mlx5 port once a
#     poll, and on the firmware-restricted ConnectX-7 PF at d2:00.0 each read makes the kernel log
#     `mlx5_core 0000:d2:00.0: mlx5_cmd_out_err:...: ACCESS_REG(0x805) op_mod(0x1) failed, status bad operation(0x2),
#     syndrome (0x9a6171), err(-22)` -- on five nodes, every ~2 min, for the whole record, next to gpud's own
#     `checking nvidia gpu infiniband` line; one unused port reports a module unplug. Meanwhile a V-JEPA pretraining,
#     a Tevatron retriever fine-tune and a short nanoGPT ablation train normally (the last one completes).)
# ======================================================================================
# Source (truth): https://github.com/leptonai/gpud/issues/1164 -- "mlx5_cmd_out_err kernel messages on umbriel cards":
#   "If I disable `accelerator-nvidia-infiniband` the above cmd_out_err goes away ... always reporting this for
#   d2:00.0 ... Nvidia ConnectX-7 mezz internal for Nvidia Umbriel system"; fixed by
#   https://github.com/leptonai/gpud/pull/1167: "On NVIDIA DGX, Umbriel, and GB200 systems with ConnectX-7 adapters,
#   some Physical Functions (PFs) are restricted by system firmware. When gpud reads InfiniBand counter files ... these
#   commands fail and flood the kernel log ... This kernel log spam obscures legitimate errors". The kernel line and
#   the gpud line below are verbatim from the issue (journal prefix rewritten); repetitions are SYNTH.
REAL_S7_ACCESS_REG = ("Dec 02 09:56:04 node1 kernel: mlx5_core 0000:d2:00.0: mlx5_cmd_out_err:838:(pid 1441871): "
                      "ACCESS_REG(0x805) op_mod(0x1) failed, status bad operation(0x2), syndrome (0x9a6171), err(-22)")
REAL_S7_GPUD = ('{"level":"info","ts":"2025-12-02T09:56:04.487Z","caller":"infiniband/component.go:205",'
                '"msg":"checking nvidia gpu infiniband"}')


def build_s7() -> Scenario:
    name = "healthy-dgx-b200-gpud-polls-restricted-cx7-pf-access-reg-einval-kernel-spam-jobs-train-on"
    J1, J2, J3 = "77120", "77134", "77141"
    start = "2025-12-02T08:40:00Z"
    s = Scenario(name, "Six DGX B200 nodes (8 x B200 180 GB, 8 x ConnectX-7 compute NICs plus the Umbriel mezz CX-7) "
                 "with gpud 0.8 as the node health agent (InfiniBand component enabled). Jobs: V-JEPA ViT-L video "
                 "pretraining on b200-[01-02], a Tevatron dense-retriever fine-tune on b200-04, a short nanoGPT ablation "
                 "on b200-05.",
                 start,
                 {"name": "b200-pod", "partition": "train", "nodes": "b200-[01-06]", "gpus_per_node": 8,
                  "pci_bus_ids": B200_BUS},
                 [{"id": J1, "name": "vjepa-vitl16-k710", "user": "mdrozd", "nodes": "b200-[01-02]", "tasks_per_node": 8,
                   "started": "2025-12-01T21:05:12Z", "comment": comment(2, "/lustre/mdrozd/vjepa")},
                  {"id": J2, "name": "tevatron-mistral-msmarco", "user": "yzhou", "nodes": "b200-04", "tasks_per_node": 8,
                   "started": "2025-12-02T07:51:40Z", "comment": comment(1)},
                  {"id": J3, "name": "nanogpt-muon-abl7", "user": "kpetrov", "nodes": "b200-05", "tasks_per_node": 8,
                   "started": "2025-12-02T08:39:37Z"}])
    rng = s.rng
    t_end = 5300.0
    gpud_nodes = ["b200-01", "b200-02", "b200-03", "b200-04", "b200-05"]
    t_real = (parse_start("2025-12-02T09:56:04Z") - parse_start(start)).total_seconds()
    # --- gpud polls (kernel ACCESS_REG line + gpud journal line on b200-03) ---
    for h in gpud_nodes:
        tp = rng.uniform(5, 85)
        pid = rng.randint(1200000, 1900000)
        while tp < t_end:
            if h == "b200-03" and abs(tp - t_real) <= 61:
                tp = t_real + 0.48
                s.kernel(tp, h, retime_journal_host(REAL_S7_ACCESS_REG, s.at(tp), h))  # REAL body
                s.kernel(tp + 0.007, h, f"{s.at(tp):%b %d %H:%M:%S} {h} gpud[1441796]: {REAL_S7_GPUD}")  # REAL body
            else:
                pid += rng.randint(40, 400)
                kj(s, tp, h, f"mlx5_core 0000:d2:00.0: mlx5_cmd_out_err:838:(pid {pid}): ACCESS_REG(0x805) op_mod(0x1) "
                             f"failed, status bad operation(0x2), syndrome (0x9a6171), err(-22)")  # SYNTH
                if h == "b200-03":
                    d = s.at(tp + 0.007)
                    s.kernel(tp + 0.007, h, f"{d:%b %d %H:%M:%S} {h} gpud[1441796]: {{\"level\":\"info\",\"ts\":\""
                                            f"{d:%Y-%m-%dT%H:%M:%S}.{d.microsecond // 1000:03d}Z\",\"caller\":"
                                            f"\"infiniband/component.go:205\",\"msg\":\"checking nvidia gpu infiniband\"}}")  # SYNTH
            tp += rng.uniform(118, 122)
    # unused port of the same mezz card on b200-06: module unplug/replug, no job uses it (SYNTH)
    kj(s, 2210.4, "b200-06", "mlx5_core 0000:d2:00.1: Port module event: module 1, Cable unplugged")
    kj(s, 2214.9, "b200-06", "mlx5_core 0000:d2:00.1: Port module event: module 1, Cable plugged")
    kj(s, 3480.0, "b200-02", "perf: interrupt took too long (3135 > 3131), lowering kernel.perf_event_max_sample_rate to 63750")
    # --- jobs (SYNTH) ---
    t, itr, ep = 22.0, 1240, 88
    while t < t_end:
        itr += 10
        if itr >= 3000:
            ep, itr = ep + 1, 0
        s.joblog(t, J1, ijepa_line(s.at(t), ep, itr, rng.uniform(0.452, 0.471), 73.0, 44.0, 0.04 + 0.36 * ep / 300,
                                   1.8e-4 * (1 - ep / 300), 1.46e5 + rng.uniform(-2e3, 2e3), rng.uniform(5480, 5620)))
        t += 10 * rng.uniform(5.48, 5.62)
    t, st = 35.0, 2620
    while t < t_end:
        st += 20
        s.joblog(t, J2, hf_log(rng.uniform(0.31, 0.48), rng.uniform(1.8, 4.1), round(1e-4 * (1 - st / 9000), 10), st / 3000))
        t += 20 * rng.uniform(3.9, 4.1)
    t, st = 40.0, 0
    t3_end = None
    while t < t_end:
        st += 25
        if st % 125 == 0:
            s.joblog(t, J3, f"step:{st}/1750 val_loss:{3.95 - 0.6 * st / 1750 + rng.uniform(-0.02, 0.02):.4f} "
                            f"train_time:{int(t * 1000 - 15000)}ms step_avg:{(t - 15) * 1000 / st:.2f}ms")
        else:
            s.joblog(t, J3, f"step:{st}/1750 train_time:{int(t * 1000 - 15000)}ms step_avg:{(t - 15) * 1000 / st:.2f}ms")
        t += 25 * rng.uniform(0.95, 0.99)
        if st >= 1750:
            s.joblog(t, J3, f"peak memory allocated: {rng.randint(58000, 61000)} MiB reserved: {rng.randint(66000, 68000)} MiB")
            s.job_state(t + 2.0, J3, "COMPLETED", "0:0")
            t3_end = t + 2.0
            break

    def fn(n_, g, t_):
        if n_ in ("b200-01", "b200-02"):
            return b54(rng, "b200_54", load=rng.uniform(0.88, 0.98))
        if n_ == "b200-04":
            return b54(rng, "b200_54", load=rng.uniform(0.8, 0.95))
        if n_ == "b200-05" and t3_end is not None and 40 <= t_ < t3_end:
            return b54(rng, "b200_54", load=rng.uniform(0.9, 0.99))
        return i54(rng, "b200_54", clk=345)
    tel54(s, ["b200-01", "b200-02", "b200-04", "b200-05"], 8, 0.0, t_end, 300.0, fn, keys=K54M)
    tel54(s, ["b200-03", "b200-06"], 8, 0.0, t_end, 1800.0, fn, keys=K54M)
    s.truth = truth(None, no_requeue=[J1, J2, J3], no_drain=gpud_nodes + ["b200-06"])
    return s


# ======================================================================================
# S8  healthy-scprint-lightning-maestro-3017-time-limit-sigterm-bypassed-then-killed-timeout  (healthy: scPRINT (PyTorch
#     Lightning, SLURMEnvironment auto-requeue expecting SIGUSR1) on one A100 of maestro-3017 reaches its 6 h wall
#     time at 15:27:25: slurmstepd cancels the step DUE TO TIME LIMIT, Lightning logs `Received SIGTERM` and
#     `Bypassing SIGTERM`, the progress bar keeps moving for 30 s, then the step is killed (task 0: Killed) and the
#     job ends TIMEOUT. Nothing is broken: no node, no GPU, no software fault -- the job used its time. Another user's
#     job on the same node runs on.)
# ======================================================================================
# Source (truth): https://github.com/Lightning-AI/pytorch-lightning/issues/20542 -- "Unable to requeue a job after
#   sigterm signal on slurm": the job hits its time limit, Lightning bypasses SIGTERM, training goes on until Slurm
#   kills it, and no requeue happens (auto-requeue reacts to the configured requeue signal, not to the time-limit
#   SIGTERM). The lines below are verbatim from the post; the surrounding bar lines, the kill, the Slurm states and
#   the neighbours are SYNTH.
REAL_S8_BEFORE = [
    "Epoch 10:  93%|█████████▎| 18625/20000 [5:43:21<25:20,  0.90it/s, v_num=0txx, train_loss=3.400, "
    "denoise_60%_expr=1.290, denoise_60%_emb_independence=0.0694, denoise_60%_cls=0.377, denoise_60%_ecs=0.865, gen_expr=1",
    "Epoch 10:  93%|█████████▎| 18626/20000 [5:43:21<25:19,  0.90it/s, v_num=0txx, train_loss=3.400, "
    "denoise_60%_expr=1.290, denoise_60%_emb_independence=0.0694, denoise_60%_cls=0.377, denoise_60%_ecs=0.865, "
    "gen_expr=1.490, gen_emb_independence",
]
REAL_S8_CANCEL = "slurmstepd: error: *** STEP 55595933.0 ON maestro-3017 CANCELLED AT 2025-01-10T15:27:25 DUE TO TIME LIMIT ***"
REAL_S8_BYPASS = "Bypassing SIGTERM: 15"
REAL_S8_AFTER = [
    "Epoch 10:  93%|█████████▎| 18626/20000 [5:43:21<25:19,  0.90it/s, v_num=0txx, train_loss=3.970, "
    "denoise_60%_expr=1.570, denoise_60%_emb_independence=0.068, denoise_60%_cls=0.386, denoise_60%_ecs=0.867, gen_expr=1...",
    "Epoch 10:  93%|█████████▎| 18627/20000 [5:43:23<25:18,  0.90it/s, v_num=0txx, train_loss=3.970, "
    "denoise_60%_expr=1.570, denoise_60%_emb_independence=0.068, denoise_60%_cls=0.386, denoise_60%_ecs=0.867, gen_expr=1...",
]


def build_s8() -> Scenario:
    name = "healthy-scprint-lightning-maestro-3017-time-limit-sigterm-bypassed-then-killed-timeout"
    J, N1, N2 = "55595933", "55596120", "55594871"
    start = "2025-01-10T13:00:00Z"
    s = Scenario(name, "Institut-Pasteur-style Slurm cluster, GPU nodes with 4 x A100-PCIE-40GB shared between jobs. "
                 "Job 55595933: scPRINT pretraining with PyTorch Lightning (SLURMEnvironment(auto_requeue=True)), one "
                 "GPU, --time=06:00:00, no --signal; the Lightning bar is written to the log by line. Other users' "
                 "jobs on the same node and elsewhere.",
                 start,
                 {"name": "maestro", "partition": "gpu", "nodes": "maestro-[3001-3024]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:17:00", "0000:31:00", "0000:b1:00", "0000:ca:00"]},
                 [{"id": J, "name": "scprint-medium", "user": "jkobject", "nodes": "maestro-3017", "tasks_per_node": 1,
                   "started": "2025-01-10T09:27:25Z", "comment": comment(2, "/pasteur/zeus/projets/scprint/ckpt")},
                  {"id": N1, "name": "af3-batch-complexes", "user": "lberthier", "nodes": "maestro-3017",
                   "tasks_per_node": 3, "started": "2025-01-10T12:41:09Z"},
                  {"id": N2, "name": "cellpose3-ft-nuclei", "user": "ogarcia", "nodes": "maestro-3009",
                   "tasks_per_node": 1, "started": "2025-01-10T11:02:55Z", "comment": comment(1)}])
    rng = s.rng
    host = "maestro-3017"
    t_c = (parse_start("2025-01-10T15:27:25Z") - parse_start(start)).total_seconds()
    ep_start = t_c - (5 * 3600 + 43 * 60 + 21)
    rate = 18626 / (t_c - ep_start)

    def bar(n, tt, tl, de, dei, dc, dec, ge):
        full = lt_meter(n, 20000, tt - ep_start, rate, desc="Epoch 10",
                          postfix=f"v_num=0txx, train_loss={tl:.3f}, denoise_60%_expr={de:.3f}, "
                                  f"denoise_60%_emb_independence={tqnum(dei)}, denoise_60%_cls={dc:.3f}, "
                                  f"denoise_60%_ecs={dec:.3f}, gen_expr={ge:.3f}, gen_emb_independence=0.0690, "
                                  f"gen_cls=0.381, gen_ecs=0.863")
        cut = full.find("gen_expr=") + len("gen_expr=") + 1   # the bar is cut at the terminal width, as in the post
        return full[:cut] + "..."
    n = (int(rate * (30.0 - ep_start)) // 100 + 1) * 100
    while True:
        tt = ep_start + n / rate
        if tt >= t_c - 30:
            break
        s.joblog(tt, J, bar(n, tt, rng.uniform(3.3, 4.0), rng.uniform(1.25, 1.6), round(rng.uniform(0.066, 0.071), 4),
                            rng.uniform(0.37, 0.39), rng.uniform(0.86, 0.87), rng.uniform(1.45, 1.55)))  # SYNTH
        n += 100
    s.joblog(t_c - 1.1, J, REAL_S8_BEFORE[0])  # REAL
    s.joblog(t_c - 0.1, J, REAL_S8_BEFORE[1])  # REAL
    s.joblog(t_c, J, REAL_S8_CANCEL)  # REAL
    s.joblog(t_c + 0.001, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    s.joblog(t_c + 0.2, J, "[rank: 0] Received SIGTERM: 15")  # SYNTH (occurs in earlier corpora)
    s.joblog(t_c + 0.201, J, REAL_S8_BYPASS)  # REAL
    s.joblog(t_c + 0.9, J, REAL_S8_AFTER[0])  # REAL
    s.joblog(t_c + 2.0, J, REAL_S8_AFTER[1])  # REAL
    for k, nn in enumerate((18637, 18647)):
        tt = t_c + 2.0 + (nn - 18627) / rate
        s.joblog(tt, J, bar(nn, tt, rng.uniform(3.5, 4.0), rng.uniform(1.4, 1.6), round(rng.uniform(0.066, 0.07), 4),
                            rng.uniform(0.37, 0.39), rng.uniform(0.86, 0.87), rng.uniform(1.45, 1.55)))  # SYNTH
    s.joblog(t_c + 32.3, J, f"srun: error: {host}: task 0: Killed")  # SYNTH
    s.joblog(t_c + 32.4, J, f"srun: Force Terminated StepId={J}.0")  # SYNTH
    s.job_state(t_c + 33.0, J, "TIMEOUT", "0:0", reason="TimeLimit")  # SYNTH
    t_end = t_c + 3000.0
    # --- neighbours (SYNTH) ---
    tn, k = 60.0, 1
    while tn < t_end:
        s.joblog(tn, N1, f"Running model inference with seed 1 for job complex_{k:04d}... took {rng.uniform(180, 420):.2f} seconds.")
        tn += rng.uniform(240, 500)
        k += 1
    tn, ep = 80.0, 412
    while tn < t_end:
        s.joblog(tn, N2, f"{s.at(tn):%Y-%m-%d %H:%M:%S,%f}"[:-3] + f" [INFO] {ep}, train_loss={rng.uniform(0.21, 0.26):.4f}, "
                         f"test_loss={rng.uniform(0.24, 0.3):.4f}, LR={0.005:.6f}, time {rng.uniform(61, 66):.2f}s")
        tn += rng.uniform(61, 66)
        ep += 1
    for h, tk, kind in [(host, 2300.0, 0), ("maestro-3009", 5400.0, 6), ("maestro-3012", 9700.0, 3)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == host and g == 0:
            if t_ < t_c + 33:
                return b54(rng, "a100p40_54", load=rng.uniform(0.75, 0.92))
            return i54(rng, "a100p40_54", clk=210)
        if n_ == host:
            return b54(rng, "a100p40_54", load=rng.uniform(0.3, 0.9))
        if n_ == "maestro-3009" and g == 0:
            return b54(rng, "a100p40_54", load=rng.uniform(0.7, 0.9))
        return i54(rng, "a100p40_54", clk=210)
    tel54(s, [host], 4, 0.0, t_end, 300.0, fn)
    tel54(s, ["maestro-3009", "maestro-3012"], 4, 0.0, t_end, 1800.0, fn, keys=K54M)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=[host])
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
