#!/usr/bin/env python3
"""Build the holdout50 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout50: generic helpers and the holdout14..holdout48 helper sections are copied unchanged from holdout48's build.py;
the holdout48 scenarios are replaced by the holdout50 helpers and scenarios S1..S8 below.
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
# S1  darknet-yolov3-3gpu-titanx-tx-06-gpu2-riser-silent-stall  (hang: AlexeyAB darknet training YOLOv3 on three GPUs
#     of one 4-GPU box (tx-06, TITAN X Pascal, two of the four cards sit on riser cards in the slow chipset slots).
#     darknet's progress is its own ` N: loss, avg avg loss, rate rate, s seconds, n images` line plus `Loaded:` and
#     `Resizing` lines. After ~50 min the iteration lines simply stop: no error, no kernel line; GPUs 0 and 1 drop to
#     idle with memory held, GPU 2 (on a riser) reads 100 % util at low power; its PCIe replay counter had been
#     climbing all along. The job stays RUNNING. history: the same box stalled the same way a week earlier.)
# ======================================================================================
# Source (lines and truth): https://github.com/AlexeyAB/darknet/issues/2807 -- "Training on 2 GPU's work fine - On 3
#   GPU's training stops randomly": multi-GPU darknet training "stops working after 10min - 1h in the middle of
#   nowhere. Only rebooting the system helps"; the reporter swapped every GPU without effect, then closed it: "was an
#   issue of the GPU 3 connected to slower pci express port which caused the issue ... 2 of the 4 gpu's where
#   connected to the white pci-express slots via riser cards ... After i switched all gpu's to the black pci-express
#   slots, it's working fine". The machine (slot/riser) is the cause. The real line is the reporter's training command.
REAL_S1_CMD = ("./darknet detector train cfg/names.data cfg/yolov3.cfg  ../screenshots/saved/yolov3_last.weights "
               "darknet53.conv.74 -dont_show -gpus 0,1,2")
TX_BUS = ["0000:02:00", "0000:03:00", "0000:06:00", "0000:07:00"]   # SYNTH layout (2 and 3 behind the PCH risers)


def darknet_iter(i: int, loss: float, avg: float, rate: float, sec: float, imgs: int) -> str:
    """SYNTH: darknet's per-iteration line (AlexeyAB fork, early 2019)."""
    return f" {i}: {loss:.6f}, {avg:.6f} avg loss, {rate:.6f} rate, {sec:.6f} seconds, {imgs} images"


def build_s1() -> Scenario:
    name = "darknet-yolov3-3gpu-titanx-tx-06-gpu2-riser-silent-stall"
    J, N1, N2 = "731405", "731322", "731390"
    start = "2019-04-02T08:30:00Z"
    s = Scenario(name, "AlexeyAB darknet YOLOv3 training on GPUs 0-2 of one 4-GPU TITAN X (Pascal) box (one task, "
                 "darknet drives its GPUs itself). Other owners' jobs on other boxes of the lab farm.",
                 start,
                 {"name": "vis-farm", "partition": "gpu", "nodes": "tx-[01-10]", "gpus_per_node": 4,
                  "pci_bus_ids": TX_BUS},
                 [{"id": J, "name": "yolov3-screens", "user": "fzen", "nodes": "tx-06", "tasks_per_node": 1,
                   "started": "2019-04-02T08:31:12Z", "comment": comment(2, "/home/fzen/darknet/backup")},
                  {"id": N1, "name": "resnet50-ft-products", "user": "mkarl", "nodes": "tx-02", "tasks_per_node": 1,
                   "started": "2019-04-02T06:12:40Z", "comment": comment(1)},
                  {"id": N2, "name": "pix2pixhd-facades", "user": "lwen", "nodes": "tx-09", "tasks_per_node": 1,
                   "started": "2019-04-01T22:48:05Z"}],
                 history=[{"at": "2019-03-27T16:05:00Z", "node": "tx-06", "verdict": "suspect", "category": "hang"}])
    rng = s.rng
    host = "tx-06"
    t_job = 72.0
    s.joblog(t_job, J, "+ " + REAL_S1_CMD)  # REAL (the `+ ` of set -x is SYNTH)
    tt = t_job + 0.6
    for g in range(3):                                                         # SYNTH: one network per GPU
        for l in [" layer     filters    size              input                output",
                  "   0 conv     32  3 x 3 / 1   416 x 416 x   3   ->   416 x 416 x  32 0.299 BF",
                  "   1 conv     64  3 x 3 / 2   416 x 416 x  32   ->   208 x 208 x  64 1.595 BF",
                  "   2 conv     32  1 x 1 / 1   208 x 208 x  64   ->   208 x 208 x  32 0.177 BF",
                  " 104 conv    256  3 x 3 / 1    52 x  52 x 128   ->    52 x  52 x 256 1.595 BF",
                  " 105 conv     18  1 x 1 / 1    52 x  52 x 256   ->    52 x  52 x  18 0.025 BF",
                  " 106 yolo", "Total BFLOPS 65.304 ", " Allocate additional workspace_size = 52.43 MB ",
                  "Loading weights from ../screenshots/saved/yolov3_last.weights...", " seen 64 ", "Done!"]:
            s.joblog(tt, J, l)
            tt += 0.01
        tt += 2.4
    s.joblog(tt, J, "Learning Rate: 0.001, Momentum: 0.9, Decay: 0.0005")  # SYNTH
    s.joblog(tt + 0.1, J, " If error occurs - run training with flag: -dont_show ")  # SYNTH
    s.joblog(tt + 0.2, J, "Resizing")
    s.joblog(tt + 0.3, J, "416 x 416 ")
    # iterations (SYNTH)
    it, avg = 6101, 1.42
    t = tt + 9.0
    t_stall = t_job + 34 * 60 + 17.0
    last_it_t = t
    while t < t_stall:
        loss = max(0.4, avg + rng.uniform(-0.35, 0.4))
        avg = 0.9 * avg + 0.1 * loss
        sec = rng.uniform(5.3, 6.1)
        s.joblog(t, J, darknet_iter(it, loss, avg, 0.001, sec, it * 192))
        s.joblog(t + 0.002, J, f"Loaded: {rng.uniform(0.00003, 0.00009):.6f} seconds")
        last_it_t = t
        if it % 10 == 0:
            s.joblog(t + 0.01, J, "Resizing")
            sz = rng.choice(range(320, 609, 32))
            s.joblog(t + 0.02, J, f"{sz} x {sz} ")
        if it % 100 == 0:
            s.joblog(t + 0.05, J, "Saving weights to /home/fzen/darknet/backup/yolov3_last.weights")
        it += 1
        t += sec
    t_fault = last_it_t + 2.7                       # the card on the riser stops answering mid-iteration
    t_end = t_fault + 3.0 * 3600
    # neighbours (SYNTH)
    tn, ep, i = 30.0, 14, 600
    while tn < t_end:
        i += 600
        if i > 1563:
            i, ep = 600, ep + 1
        s.joblog(tn, N1, f"Epoch: [{ep}][{i}/1563]\tTime {rng.uniform(0.39, 0.44):.3f} ({0.412:.3f})\tData "
                         f"{rng.uniform(0.002, 0.006):.3f} ({0.004:.3f})\tLoss {rng.uniform(0.71, 0.86):.4e} "
                         f"({0.7921:.4e})\tAcc@1 {rng.uniform(76, 81):6.3f} ({78.410:6.3f})\tAcc@5 "
                         f"{rng.uniform(92, 95):6.3f} ({93.622:6.3f})")
        tn += 600 * 0.412
    tn, ep, i = 50.0, 57, 0
    while tn < t_end:
        i += 100
        if i > 400:
            i, ep = 100, ep + 1
        s.joblog(tn, N2, f"(epoch: {ep}, iters: {i}, time: {rng.uniform(0.18, 0.2):.3f}) G_GAN: {rng.uniform(0.7, 1.1):.3f} "
                         f"G_GAN_Feat: {rng.uniform(3.1, 3.7):.3f} G_VGG: {rng.uniform(1.9, 2.3):.3f} D_real: "
                         f"{rng.uniform(0.3, 0.5):.3f} D_fake: {rng.uniform(0.3, 0.5):.3f} ")
        tn += 480.0
    for k, (h, tk) in enumerate([("tx-03", 900.0), ("tx-09", 5200.0), ("tx-01", 9800.0), ("tx-02", 12800.0)]):
        noise50(s, h, tk, k)
    s.node_state(2400.0, "tx-10", "DRAINED", "FAN3 failed, replace (ticket 1187)")  # SYNTH, unrelated
    replay = {0: 0, 1: 2, 2: 1843, 3: 0}

    def fn(n_, g, t_):
        if n_ == host:
            if g == 2 and t_job + 60 < t_ < t_fault:
                replay[2] += rng.randint(60, 190)
            f = None
            if g == 3 or t_ < t_job + 40:
                f = i50(rng, "titanxpas_50", fb=0)
            elif t_ < t_fault:
                f = b50(rng, "titanxpas_50", load=rng.uniform(0.86, 0.98))
            elif g == 2:
                f = g38(100, rng.uniform(88, 96), 1531, fb=10400 + rng.randint(-30, 30), temp=rng.randint(58, 61))
            else:
                f = g38(0, rng.uniform(56, 62), 1417, fb=10300 + rng.randint(-30, 30), temp=rng.randint(41, 45))
            f["DCGM_FI_DEV_PCIE_REPLAY_COUNTER"] = replay[g]
            return f
        if (n_ == "tx-02" and g == 0) or (n_ == "tx-09" and g == 0):
            return b50(rng, "titanxpas_50", load=rng.uniform(0.85, 0.97))
        return i50(rng, "titanxpas_50")
    tel50(s, [host], 4, 0.0, t_end, 180.0, fn, keys=K50 + ("DCGM_FI_DEV_PCIE_REPLAY_COUNTER",))
    tel50(s, ["tx-02", "tx-09"], 4, 0.0, t_end, 900.0, fn)
    s.truth = truth({"t": t_fault, "category": "hang", "node": host, "gpu": 2}, drain=[host],
                    requeue={J: {"exclude": [host]}}, no_requeue=[N1, N2], no_drain=["tx-02", "tx-09"])
    return s


# ======================================================================================
# S2  cosyvoice2-llm-3x8-rtx5880-r5-03-roce-mtu-mismatch-first-broadcast-hang  (network: CosyVoice2 LLM fine-tune,
#     torchrun under srun on 3 nodes x 8 RTX 5880 Ada, RoCE, NCCL 2.20.3, the site template sets NCCL_DEBUG=WARN and
#     TORCH_NCCL_ASYNC_ERROR_HANDLING=0. r5-03 came back from a NIC swap an hour earlier with its RoCE interfaces at
#     MTU 1500 (active_mtu 1024) while the fabric and the other nodes run 4200 (active_mtu 4096). Communicator init
#     completes; the first collective (DDP's parameter broadcast) never does. Each of r5-03's 8 ranks warns once about a
#     local-length completion error naming a peer on r5-02; nothing else until the 600 s watchdog timeouts, which (with
#     async error handling off) do not end the job. Still RUNNING, 24 GPUs spinning, when the record ends.)
# ======================================================================================
# Source (truth): https://github.com/NVIDIA/nccl/issues/1524 -- errors after upgrading NCCL to v2.20.3-1; the reporter's
#   conclusion: "My 2 servers were misconfigured with different MTU. After correct this, it works." (2.20.3 stopped
#   clamping the QP MTU to the smaller side). Mechanism: https://github.com/NVIDIA/nccl/pull/2135 -- "When connecting two
#   nodes with different MTU configurations ... This inconsistency resulted in asymmetric MTU configuration between
#   sender and receiver QPs, causing `IBV_WC_LOC_LEN_ERR` (local length work queue error) and NCCL collective operations
#   (e.g., nccl-allreduce) to hang." Neither thread quotes a log line this build uses; every line here is SYNTH.
R5_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]


def build_s2() -> Scenario:
    name = "cosyvoice2-llm-3x8-rtx5880-r5-03-roce-mtu-mismatch-first-broadcast-hang"
    J, N1, N2 = "4472031", "4471980", "4472004"
    start = "2024-11-27T02:10:00Z"
    s = Scenario(name, "CosyVoice2 LLM fine-tune, torchrun under srun on 3 nodes x 8 RTX 5880 Ada, RoCE (two ports "
                 "per node), NCCL 2.20.3, NCCL_DEBUG=WARN and TORCH_NCCL_ASYNC_ERROR_HANDLING=0 from the site's job "
                 "template. r5-03 returned to service earlier that night after a NIC replacement.",
                 start,
                 {"name": "spk-5880", "partition": "gpu", "nodes": "r5-[01-08]", "gpus_per_node": 8,
                  "pci_bus_ids": R5_BUS},
                 [{"id": J, "name": "cosyvoice2-llm-sft-zh", "user": "xqiu", "nodes": "r5-[02-04]",
                   "tasks_per_node": 8, "started": "2024-11-27T02:11:40Z",
                   "comment": comment(2, "/mnt/tts/xqiu/cosyvoice2/exp/llm")},
                  {"id": N1, "name": "whisper-v3-turbo-ft-yue", "user": "pmei", "nodes": "r5-[06-07]",
                   "tasks_per_node": 8, "started": "2024-11-26T21:03:15Z", "comment": comment(1)},
                  {"id": N2, "name": "sensevoice-small-ft", "user": "dlin", "nodes": "r5-01", "tasks_per_node": 8,
                   "started": "2024-11-27T00:40:22Z"}])
    rng = s.rng
    hosts = ["r5-02", "r5-03", "r5-04"]
    ips = {"r5-02": "10.52.3.12", "r5-03": "10.52.3.13", "r5-04": "10.52.3.14"}
    s.node_state(40.0, "r5-03", "IDLE", "")  # SYNTH: undrained after "replace CX6 NIC port 1 (ticket 5521)"
    t_job = 100.0
    s.joblog(t_job, J, "NCCL_DEBUG=WARN NCCL_IB_HCA=mlx5_0,mlx5_1 NCCL_IB_GID_INDEX=3 NCCL_SOCKET_IFNAME=bond0 "
                       "TORCH_NCCL_ASYNC_ERROR_HANDLING=0")  # SYNTH
    s.joblog(t_job + 0.2, J, "+ srun torchrun --nnodes=3 --nproc_per_node=8 --rdzv_id=4472031 --rdzv_backend=c10d "
                             "--rdzv_endpoint=r5-02:29511 cosyvoice/bin/train.py --train_engine torch_ddp --config "
                             "conf/cosyvoice2.yaml --train_data data/train.data.list --cv_data data/dev.data.list "
                             "--model llm --checkpoint pretrained_models/CosyVoice2-0.5B/llm.pt --model_dir "
                             "/mnt/tts/xqiu/cosyvoice2/exp/llm --num_workers 4 --prefetch 100 --pin_memory "
                             "--use_amp")  # SYNTH
    for k in range(3):
        torchrun_banner(s, t_job + 3.0 + 0.3 * k, J)
    pids = {r: 30211 + 13 * r for r in range(24)}
    tl = t_job + 24.0
    for r in range(24):
        d = s.at(tl + 0.02 * r)
        s.joblog(tl + 0.02 * r, J, f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO training on multiple "
                                   f"gpus, this gpu {r % 8}, rank {r}, world_size 24")  # SYNTH
    d = s.at(tl + 1.5)
    s.joblog(tl + 1.5, J, f"r5-02:{pids[0]}:{pids[0]} [0] NCCL INFO NCCL version 2.20.3+cuda12.3")  # SYNTH
    d = s.at(tl + 31.0)
    s.joblog(tl + 31.0, J, f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO Loading pretrained LLM from "
                           "pretrained_models/CosyVoice2-0.5B/llm.pt")  # SYNTH
    t_bc = tl + 44.0                                                       # DDP's start-up broadcast
    for r in range(8, 16):
        tw = t_bc + rng.uniform(0.4, 2.2)
        h = "r5-03"
        s.joblog(tw, J, f"{h}:{pids[r]}:{pids[r] + 41} [{r % 8}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got "
                        f"completion from peer {ips['r5-02']}<{rng.randint(40000, 60000)}> with status=1 opcode=128 "
                        f"len=0 vendor err 105 (Recv) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips['r5-02']} hca "
                        f"mlx5_{r % 2}")  # SYNTH
    t_wd = t_bc + 600.0
    for r in range(24):
        tw = t_wd + rng.uniform(0.05, 1.6)
        d = s.at(tw)
        s.joblog(tw, J, f"[rank{r}]:[E ProcessGroupNCCL.cpp:563] [Rank {r}] Watchdog caught collective operation "
                        f"timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=254218240, NumelOut=254218240, "
                        f"Timeout(ms)=600000) ran for {600000 + rng.randint(20, 1600)} milliseconds before timing out.")
    t_end = t_bc + 2 * 3600 + 400.0
    # neighbours (SYNTH)
    tn, st = 60.0, 18400
    while tn < t_end:
        st += 100
        s.joblog(tn, N1, "{'loss': %s, 'grad_norm': %s, 'learning_rate': %r, 'epoch': %s}" % (
            round(rng.uniform(0.21, 0.29), 4), round(rng.uniform(0.9, 2.1), 6), 1e-5 * (1 - st / 40000), round(st / 9000, 2)))
        tn += 100 * 2.7
    tn, st = 90.0, 3100
    while tn < t_end:
        st += 200
        d = s.at(tn)
        s.joblog(tn, N2, f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} DEBUG TRAIN Batch 0/{st} loss "
                         f"{rng.uniform(4.1, 5.2):.6f} acc {rng.uniform(0.83, 0.88):.6f} lr {2e-4:.8f} grad_norm "
                         f"{rng.uniform(5, 18):.6f} rank 0")
        tn += 200 * 1.6
    for k, (h, tk) in enumerate([("r5-05", 1200.0), ("r5-01", 3900.0), ("r5-07", 6100.0)]):
        noise50(s, h, tk, k + 1)

    def fn(n_, g, t_):
        if n_ in hosts:
            if t_ < tl + 20:
                return i50(rng, "rtx5880_50")
            if t_ < t_bc:
                return g38(rng.randint(0, 8), rng.uniform(70, 95), 2460, fb=2900 + rng.randint(0, 800),
                           temp=rng.randint(36, 42))
            return g38(100, rng.uniform(104, 121), 2460, fb=5200 + rng.randint(-200, 200), temp=rng.randint(40, 46))
        if n_ in ("r5-06", "r5-07", "r5-01"):
            return b50(rng, "rtx5880_50", load=rng.uniform(0.8, 0.96))
        return i50(rng, "rtx5880_50")
    tel50(s, hosts, 8, 0.0, t_end, 600.0, fn)
    tel50(s, ["r5-01", "r5-06", "r5-07", "r5-05"], 8, 0.0, t_end, 1800.0, fn)
    s.truth = truth({"t": t_bc, "category": "network", "node": "r5-03"}, drain=["r5-03"],
                    requeue={J: {"exclude": ["r5-03"]}}, no_requeue=[N1, N2], no_drain=["r5-02", "r5-04"])
    return s


# ======================================================================================
# S3  centernet-dla34-coco-4x2080s-cn-04-stray-cpu-load-data-time-grows  (gpu_degraded, host: CenterNet ctdet DLA-34
#     on COCO, one process driving 4 RTX 2080 SUPER of cn-04 (DataParallel). Epoch 54 starts normally (~0.93 s/iter);
#     CPU-hungry processes left behind on cn-04 by an earlier, cancelled job of another user (the lab's Slurm uses
#     proctrack/linuxproc, so they escaped) keep multiplying; the data loader starves: CenterNet's `Data` time climbs
#     from ~0.1 s to several seconds per iteration, the ETA grows, the GPUs sit at low, jumpy utilisation (power
#     70-240 W). No error, no kernel line.)
# ======================================================================================
# Source (lines and truth): https://github.com/xingyizhou/CenterNet/issues/604 -- "GPU: Training goes slower and
#   slower ... the Data time and Net time goes longer and longer ... [GPU power] jumps from 70w - 240w up and down and
#   'volatile GPU-Util' becomes very low", then: "it seems it's a matter of CPU when I shut down two pycharm windows. It
#   comes to the original speed." The host's CPU, taken by other processes, is the cause. The two progress lines are
#   verbatim (the first one is cut in the thread and is used cut).
REAL_S3_BAR1 = ("ctdet/coco_dla |##                              | train: [54][991/14785]|Tot: 0:15:23 |ETA: 2:50:59 "
                "|loss 1.7357 |hm_loss 1.3041 |wh_loss 2.1866 |off_loss 0.212")
REAL_S3_BAR2 = ("ctdet/coco_dla |##########                      | train: [54][4784/14785]|Tot: 1:20:53 |ETA: 6:14:23 "
                "|loss 1.7448 |hm_loss 1.3093 |wh_loss 2.2258 |off_loss 0.2129 |Data 3.556s(0.517s) |Net 1.014s")


def cn_td(sec: float) -> str:
    sec = int(sec)
    return f"{sec // 3600}:{sec % 3600 // 60:02d}:{sec % 60:02d}"


def build_s3() -> Scenario:
    name = "centernet-dla34-coco-4x2080s-cn-04-stray-cpu-load-data-time-grows"
    J, N1, N2 = "118823", "118840", "118812"
    start = "2020-02-05T01:00:00Z"
    s = Scenario(name, "CenterNet ctdet (DLA-34) on COCO: one process, DataParallel over the 4 RTX 2080 SUPER of "
                 "cn-04, 16 data-loader workers. Other owners' jobs on other nodes. Slurm uses proctrack/linuxproc "
                 "(no cgroup containment) on this lab cluster.",
                 start,
                 {"name": "cv-lab", "partition": "gpu", "nodes": "cn-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:1a:00", "0000:1b:00", "0000:3d:00", "0000:3e:00"]},
                 [{"id": J, "name": "centernet-ctdet-coco-dla", "user": "twdh", "nodes": "cn-04", "tasks_per_node": 1,
                   "started": "2020-02-03T09:12:40Z", "comment": comment(2, "/data/twdh/CenterNet/exp/ctdet/coco_dla")},
                  {"id": N1, "name": "hrnet-w32-pose-coco", "user": "yliu", "nodes": "cn-06", "tasks_per_node": 1,
                   "started": "2020-02-04T17:20:05Z", "comment": comment(1)},
                  {"id": N2, "name": "slowfast-r50-k400", "user": "abose", "nodes": "cn-[01-02]", "tasks_per_node": 1,
                   "started": "2020-02-04T11:02:51Z"}])
    rng = s.rng
    host = "cn-04"
    t_e = 300.0
    n_it = 14785

    def rate(i: float) -> float:
        if i < 991:
            return 0.931
        if i < 4784:
            return 0.93 + 1.32 * ((i - 991) / 3793.0) ** 11.45
        return 2.25 + 0.00045 * (i - 4784)
    # cumulative time per 100 iterations (SYNTH), pinned to the two REAL lines' Tot values
    times = {}
    acc = 0.0
    for i in range(1, 10001):
        acc += rate(i)
        times[i] = acc
    k1 = 923.0 / times[991]
    k2 = (4853.0 - 923.0) / (times[4784] - times[991])
    def tot(i):
        if i <= 991:
            return times[i] * k1
        if i <= 4784:
            return 923.0 + (times[i] - times[991]) * k2
        return 4853.0 + (times[i] - times[4784])
    t_end = t_e + tot(8600) + 240.0
    s.joblog(t_e - 40.0, J, f"ctdet/coco_dla |################################| val: [53][5000/5000]|Tot: 0:04:31 "
                            f"|ETA: 0:00:01 |loss 1.9812 |hm_loss 1.5117 |wh_loss 2.5120 |off_loss 0.2183 |Data "
                            f"0.001s(0.002s) |Net 0.054s")  # SYNTH
    s.joblog(t_e - 30.0, J, "Drop LR to 0.000125")  # SYNTH
    i = 100
    while True:
        tt = t_e + tot(i)
        if tt > t_end:
            break
        if i == 1000:
            s.joblog(t_e + 923.0, J, REAL_S3_BAR1)  # REAL
        if i == 4800:
            s.joblog(t_e + 4853.0, J, REAL_S3_BAR2)  # REAL
        r = rate(i)
        eta = r * rng.uniform(0.95, 1.08) * (n_it - i)
        dcur = max(0.004, (r - 0.44) * rng.uniform(0.7, 1.6))
        davg = max(0.003, (tot(i) - 0.44 * i) / i * 0.9)
        bar = "#" * int(32 * i / n_it)
        s.joblog(tt, J, f"ctdet/coco_dla |{bar:<32}| train: [54][{i}/{n_it}]|Tot: {cn_td(tot(i))} |ETA: {cn_td(eta)} "
                        f"|loss {rng.uniform(1.72, 1.77):.4f} |hm_loss {rng.uniform(1.29, 1.32):.4f} |wh_loss "
                        f"{rng.uniform(2.17, 2.26):.4f} |off_loss {rng.uniform(0.209, 0.214):.4f} |Data "
                        f"{dcur:.3f}s({davg:.3f}s) |Net {tot(i) / i:.3f}s")  # SYNTH
        i += 100
    t_slow = t_e + tot(3600)                # data time visibly above compute from about here
    # neighbours (SYNTH)
    tn, ep, it = 20.0, 87, 0
    while tn < t_end:
        it += 400
        if it > 2330:
            it, ep = 400, ep + 1
        s.joblog(tn, N1, f"Epoch: [{ep}][{it}/2330]\tTime {rng.uniform(0.40, 0.43):.3f}s ({0.418:.3f}s)\tSpeed "
                         f"{rng.uniform(150, 158):.1f} samples/s\tData {rng.uniform(0.0, 0.004):.3f}s ({0.004:.3f}s)\t"
                         f"Loss {rng.uniform(0.00050, 0.00056):.5f} ({0.00053:.5f})\tAccuracy {rng.uniform(0.80, 0.82):.3f} "
                         f"({0.807:.3f})")
        tn += 400 * 0.418
    tn, it = 75.0, 40200
    while tn < t_end:
        it += 200
        s.joblog(tn, N2, f"[INFO: logging.py:   95]: json_stats: {{\"_type\": \"train_iter\", \"dt\": "
                         f"{rng.uniform(0.95, 1.1):.5f}, \"epoch\": \"{it // 7500 + 1}/196\", \"eta\": \"3 days, 02:11:40\", "
                         f"\"iter\": \"{it % 7500}/7500\", \"loss\": {rng.uniform(2.9, 3.4):.5f}, \"lr\": 0.10000, "
                         f"\"top1_err\": {rng.uniform(55, 70):.5f}, \"top5_err\": {rng.uniform(30, 45):.5f}}}")
        tn += 600.0
    for k, (h, tk) in enumerate([("cn-02", 1300.0), ("cn-07", 6200.0), ("cn-04", 8800.0), ("cn-05", 13100.0)]):
        noise50(s, h, tk, k + 2)

    def fn(n_, g, t_):
        if n_ == host:
            if t_ < t_e:
                return b50(rng, "rtx2080s_50", load=rng.uniform(0.85, 0.97))
            ii = 100
            while ii < 10000 and t_e + tot(ii) < t_:
                ii += 100
            frac = min(1.0, 0.9 / rate(ii))
            load = max(0.05, frac * rng.uniform(0.5, 1.1))
            f = b50(rng, "rtx2080s_50", load=min(0.99, load))
            f["DCGM_FI_DEV_POWER_USAGE"] = round(rng.uniform(70, 240) if frac < 0.7 else f["DCGM_FI_DEV_POWER_USAGE"], 1)
            return f
        if (n_ == "cn-06") or (n_ in ("cn-01", "cn-02") and g < 4):
            return b50(rng, "rtx2080s_50", load=rng.uniform(0.8, 0.97))
        return i50(rng, "rtx2080s_50")
    tel50(s, [host], 4, 0.0, t_end, 300.0, fn)
    tel50(s, ["cn-06", "cn-01", "cn-02"], 4, 0.0, t_end, 1800.0, fn)
    s.truth = truth({"t": t_slow, "category": "gpu_degraded", "node": host}, drain=[host],
                    requeue={J: {"exclude": [host]}}, no_requeue=[N1, N2], no_drain=["cn-06"])
    return s


# ======================================================================================
# S4  wav2letter-4x-quadro-rtx5000-finished-training-pure-virtual-abort-at-exit  (software: wav2letter++ (flashlight)
#     distributed training, 4 ranks on the 4 Quadro RTX 5000 of q5k-05, --logtostderr=1. It reaches its configured
#     number of updates, rank 0 logs the last report and "Finished training", the memory-manager statistics are
#     printed, and then the process dies in teardown: "pure virtual method called", "terminate called without an
#     active exception", glog's abort dump. The model files were written. The job is opted in to requeue; a requeue
#     would retrain from scratch and crash the same way.)
# ======================================================================================
# Source (lines and truth): https://github.com/flashlight/wav2letter/issues/734 -- a 1-librispeech_clean run logs an
#   epoch report, "Memory Manager Stats", "I0715 19:31:17.476619   413 Train.cpp:748] Finished training", then "pure
#   virtual method called / terminate called without an active exception / *** Aborted at". The maintainers explain
#   that the run ends after --iter updates (iters now count updates, not epochs): training had finished; the crash is
#   the program's own exit path, not the machine. The stamp is kept (the record's clock is chosen so it fits); the last
#   real line is used as cut in the thread. "terminate called without an active exception" occurs in an earlier corpus
#   and is written as SYNTH.
REAL_S4_FIN = "I0715 19:31:17.476619   413 Train.cpp:748] Finished training"
REAL_S4_MM = ["Memory Manager Stats", "MemoryManager type: CachingMemoryManager", "Number of allocated blocks:26",
              "Size of free block pool (small):18", "Size of free block pool (large):11", "Total native mallocs:18",
              "Total native frees:0"]
REAL_S4_ABORT = ["pure virtual method called", "*** Aborted at"]


def w2l_report(d: dt.datetime, ep: int, nup: int, lr: float, runtime: float, loss: float, ter: float, wer: float,
               dl: float, dter: float, dwer: float, hrs: float, thr: float, rng) -> str:
    """SYNTH: wav2letter Train.cpp:345 report line (mid-2020 layout)."""
    return glog_line(d, 413, "Train.cpp:345",
                     f"epoch: {ep:8d} | nupdates: {nup:12d} | lr: {lr:.6f} | lrcriterion: 0.000000 | runtime: "
                     f"{cn_td(runtime).rjust(8, '0')} | bch(ms): {rng.uniform(730, 760):.2f} | smp(ms): "
                     f"{rng.uniform(0.4, 0.7):.2f} | fwd(ms): {rng.uniform(275, 290):.2f} | crit-fwd(ms): "
                     f"{rng.uniform(24, 27):.2f} | bwd(ms): {rng.uniform(418, 432):.2f} | optim(ms): "
                     f"{rng.uniform(35, 38):.2f} | loss: {loss:10.5f} | train-TER: {ter:.2f} | train-WER: {wer:.2f} | "
                     f"lists/dev-clean.lst-loss: {dl:10.5f} | lists/dev-clean.lst-TER: {dter:.2f} | "
                     f"lists/dev-clean.lst-WER: {dwer:.2f} | avg-isz: {rng.randint(1230, 1260)} | avg-tsz: "
                     f"{rng.randint(204, 212):03d} | max-tsz: {rng.randint(310, 330)} | hrs: {hrs:7.2f} | "
                     f"thrpt(sec/sec): {thr:.2f}")


def build_s4() -> Scenario:
    name = "wav2letter-4x-quadro-rtx5000-finished-training-pure-virtual-abort-at-exit"
    J, N1, N2 = "2290871", "2290803", "2290855"
    start = "2020-07-15T16:40:00Z"
    s = Scenario(name, "wav2letter++ (flashlight) distributed TDS training, 4 ranks (srun --mpi=pmix) on the 4 Quadro "
                 "RTX 5000 of q5k-05, --logtostderr=1, rank 0 reports every 1000 updates; the job is near the end of "
                 "its --iter budget when the record begins. Other owners' jobs on other nodes.",
                 start,
                 {"name": "asr-q5k", "partition": "gpu", "nodes": "q5k-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:3b:00", "0000:5e:00", "0000:86:00", "0000:af:00"]},
                 [{"id": J, "name": "w2l-tds-librispeech-960h", "user": "mironn", "nodes": "q5k-05",
                   "tasks_per_node": 4, "started": "2020-07-13T08:02:11Z",
                   "comment": comment(2, "/scratch/mironn/w2l/runs/tds_960h")},
                  {"id": N1, "name": "pyannote-seg-ami", "user": "hbred", "nodes": "q5k-02", "tasks_per_node": 1,
                   "started": "2020-07-15T11:30:48Z", "comment": comment(1)},
                  {"id": N2, "name": "tacotron2-ljs", "user": "kpark", "nodes": "q5k-07", "tasks_per_node": 1,
                   "started": "2020-07-14T19:55:03Z"}])
    rng = s.rng
    host = "q5k-05"
    t_fin = (dt.datetime(2020, 7, 15, 19, 31, 17, 476619) - s.start).total_seconds()
    nup_end = 500001
    n_rep = int(t_fin // 748.0)
    t0 = t_fin - 748.0 * n_rep + 2.0
    for k in range(n_rep):
        tt = t0 + 748.0 * k + rng.uniform(-3, 3)
        nup = nup_end - 1000 * (n_rep - 1 - k)
        s.joblog(tt, J, w2l_report(s.at(tt), 14, nup, 0.4 * 0.5 ** 3, 748.0 + rng.uniform(-9, 9),
                                   rng.uniform(5.9, 6.6), rng.uniform(8.1, 9.3), rng.uniform(21.0, 23.5),
                                   rng.uniform(3.2, 3.6), rng.uniform(4.1, 4.6), rng.uniform(11.8, 12.9),
                                   960.94, rng.uniform(365, 380), rng))  # SYNTH
        s.joblog(tt + 0.4, J, glog_line(s.at(tt + 0.4), 413, "Train.cpp:361", "Saving model to /scratch/mironn/w2l/"
                                        "runs/tds_960h/001_model_last.bin"))  # SYNTH
    s.joblog(t_fin - 0.3, J, glog_line(s.at(t_fin - 0.3), 413, "Train.cpp:361", "Saving model to /scratch/mironn/w2l/"
                                       "runs/tds_960h/001_model_last.bin"))  # SYNTH
    for k, l in enumerate(REAL_S4_MM):
        s.joblog(t_fin - 0.2 + 0.001 * k, J, l)  # REAL
    s.joblog(t_fin, J, REAL_S4_FIN)  # REAL (its own stamp)
    for r, (a, b, c, m) in enumerate([(24, 17, 10, 17), (25, 18, 11, 18), (24, 16, 11, 17)], start=1):
        tt = t_fin + 0.05 * r
        for q, l in enumerate(["Memory Manager Stats", "MemoryManager type: CachingMemoryManager",
                               f"Number of allocated blocks:{a}", f"Size of free block pool (small):{b}",
                               f"Size of free block pool (large):{c}", f"Total native mallocs:{m}",
                               "Total native frees:0"]):
            s.joblog(tt + 0.001 * q, J, l)  # SYNTH (ranks 1-3 print theirs too)
    t_fault = t_fin + 0.41
    s.joblog(t_fault, J, REAL_S4_ABORT[0])  # REAL
    s.joblog(t_fault + 0.001, J, "terminate called without an active exception")  # SYNTH (real line, occurs earlier)
    s.joblog(t_fault + 0.002, J, REAL_S4_ABORT[1] + " 1594841477 (unix time) try \"date -d @1594841477\" if you "
                                                   "are using GNU date ***")  # REAL prefix, rest SYNTH
    for k, l in enumerate(["PC: @     0x7f3c1e2b2e97 gsignal",
                           "*** SIGABRT (@0x19d) received by PID 413 (TID 0x7f3c2d9b6780) from PID 413; stack trace: ***",
                           "    @     0x7f3c2a7a3890 (unknown)", "    @     0x7f3c1e2b2e97 gsignal",
                           "    @     0x7f3c1e2b4801 abort", "    @     0x7f3c1ec09957 (unknown)",
                           "    @     0x7f3c1ec0fae6 (unknown)", "    @     0x7f3c1ec0fb21 std::terminate()",
                           "    @     0x7f3c1ec10a9f __cxa_pure_virtual",
                           "    @     0x5611c0a4f2e1 fl::CachingMemoryManager::~CachingMemoryManager()",
                           "    @     0x7f3c1e2b7041 (unknown)", "    @     0x7f3c1e2b713a exit",
                           "    @     0x7f3c1e295b9e __libc_start_main", "    @     0x5611c08f21da _start"]):
        s.joblog(t_fault + 0.003 + 0.001 * k, J, l)  # SYNTH
    s.joblog(t_fault + 1.9, J, f"srun: error: {host}: task 0: Aborted (core dumped)")  # SYNTH
    s.joblog(t_fault + 2.0, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    job_end(s, t_fault + 4.2, J, "FAILED", "134:0")
    t_end = t_fin + 1800.0
    # neighbours (SYNTH)
    tn, ep, b = 45.0, 31, 0
    while tn < t_end:
        b += 50
        if b > 413:
            b, ep = 50, ep + 1
        s.joblog(tn, N1, f"Epoch {ep}:  {int(100 * b / 413):2d}%|{'█' * int(10 * b / 413):<10}| {b}/413 "
                         f"[{cn_td(b * 1.61)[2:]}<{cn_td((413 - b) * 1.61)[2:]}, {1 / 1.61:.2f}it/s, loss={rng.uniform(0.29, 0.36):.3f}, v_num=3]")
        tn += 50 * 1.61
    tn, it = 30.0, 48200
    while tn < t_end:
        it += 100
        s.joblog(tn, N2, f"Train loss {it} {rng.uniform(0.31, 0.37):.6f} Grad Norm {rng.uniform(0.4, 0.9):.6f} "
                         f"{rng.uniform(1.18, 1.26):.2f}s/it")
        if it % 1000 == 0:
            s.joblog(tn + 40.0, N2, f"Validation loss {it}: {rng.uniform(0.39, 0.42):9f}  ")
            s.joblog(tn + 41.0, N2, f"Saving model and optimizer state at iteration {it} to outdir/checkpoint_{it}")
        tn += 100 * 1.22
    for k, (h, tk) in enumerate([("q5k-01", 2400.0), ("q5k-05", 5300.0), ("q5k-08", 9100.0)]):
        noise50(s, h, tk, k + 3)

    def fn(n_, g, t_):
        if n_ == host:
            if t_ < t_fin:
                return b50(rng, "qrtx5000_50", load=rng.uniform(0.82, 0.96))
            return i50(rng, "qrtx5000_50")
        if (n_ == "q5k-02" and g == 0) or (n_ == "q5k-07" and g == 0):
            return b50(rng, "qrtx5000_50", load=rng.uniform(0.75, 0.95))
        return i50(rng, "qrtx5000_50")
    tel50(s, [host], 4, 0.0, t_end, 300.0, fn)
    tel50(s, ["q5k-02", "q5k-07"], 4, 0.0, t_end, 900.0, fn)
    s.truth = truth({"t": t_fault, "category": "software"}, no_requeue=[J, N1, N2], no_drain=[host])
    return s


# ======================================================================================
# S5  healthy-wav2letter-p4-w2l-02-glog-to-rundir-no-stdout-for-6h  (healthy: a wav2letter++ Train run on one Tesla
#     P4 started without --logtostderr: glog writes every report into <rundir>/<runname>/001_log and 001_perf, not to
#     stdout/stderr. The Slurm output file holds the command line and nothing else for the whole six hours of the
#     record; the GPU is busy throughout. Nothing is wrong.)
# ======================================================================================
# Source (line and truth): https://github.com/flashlight/wav2letter/issues/141 -- "No output for 1hr (training)":
#   `/root/wav2letter/build/Train train --flagsfile train.cfg` on a single Tesla P4 "has hung with no output for about
#   1hr"; maintainers: the logs are in the --rundir directory (001_log, 001_perf ...), use --logtostderr=1 or a lower
#   reportiters; reporter: "The reportiters flag creates output to the log file that can be monitored for progress.
#   Looks like its working fine." The command line is verbatim.
REAL_S5_CMD = "/root/wav2letter/build/Train train --flagsfile train.cfg"


def build_s5() -> Scenario:
    name = "healthy-wav2letter-p4-w2l-02-glog-to-rundir-no-stdout-for-6h"
    J, N1, N2 = "90412", "90388", "90405"
    start = "2019-01-11T10:00:00Z"
    s = Scenario(name, "wav2letter++ Train on one Tesla P4 of w2l-02 (Docker image run through Singularity), opted in "
                 "to requeue; glog logs go to the run directory. Other owners' jobs on other nodes.",
                 start,
                 {"name": "asr-p4", "partition": "gpu", "nodes": "w2l-[01-06]", "gpus_per_node": 2,
                  "pci_bus_ids": ["0000:3b:00", "0000:d8:00"]},
                 [{"id": J, "name": "w2l-librispeech-clean-100", "user": "rdoug", "nodes": "w2l-02",
                   "tasks_per_node": 1, "started": "2019-01-11T10:02:30Z", "comment": comment(1)},
                  {"id": N1, "name": "os2s-ds2-librispeech", "user": "vkum", "nodes": "w2l-04", "tasks_per_node": 1,
                   "started": "2019-01-11T06:14:20Z", "comment": comment(2)},
                  {"id": N2, "name": "deepspeech-041-cv-de", "user": "jbauer", "nodes": "w2l-05", "tasks_per_node": 1,
                   "started": "2019-01-10T23:40:51Z"}])
    rng = s.rng
    host = "w2l-02"
    t_job = 150.0
    s.joblog(t_job - 0.5, J, "INFO:    Convert SIF file to sandbox...")  # SYNTH
    s.joblog(t_job, J, "+ cd /root/wav2letter/tutorials/1-librispeech_clean")  # SYNTH
    s.joblog(t_job + 0.1, J, "+ " + REAL_S5_CMD)  # REAL (`+ ` SYNTH)
    t_end = t_job + 6 * 3600 + 310.0
    # neighbours (SYNTH)
    tn, st = 35.0, 14200
    while tn < t_end:
        st += 100
        s.joblog(tn, N1, f"*** Epoch {st // 2853}, step {st} ({100 * (st % 2853) / 2853:.1f}% of epoch)")
        s.joblog(tn + 0.01, N1, f"***     Train loss: {rng.uniform(38, 52):.4f}")
        s.joblog(tn + 0.02, N1, f"***     Sample WER: {rng.uniform(0.3, 0.5):.4f}")
        s.joblog(tn + 0.03, N1, f"***     Avg objects per second: {rng.uniform(3400, 3700):.3f}")
        tn += 100 * 1.34
    tn, st = 70.0, 3400
    while tn < t_end:
        st += 250
        s.joblog(tn, N2, f"Epoch {st // 6100} |   Training | Elapsed Time: {cn_td((st % 6100) * 1.28)} | Steps: "
                         f"{st % 6100} | Loss: {rng.uniform(36, 44):.6f}")
        tn += 250 * 1.28
    for k, (h, tk) in enumerate([("w2l-01", 1900.0), ("w2l-02", 8400.0), ("w2l-06", 15500.0)]):
        noise50(s, h, tk, k + 4)

    def fn(n_, g, t_):
        if n_ == host and g == 0 and t_ > t_job + 60:
            return b50(rng, "p4_50", load=rng.uniform(0.78, 0.96))
        if n_ in ("w2l-04", "w2l-05") and (g == 0 or n_ == "w2l-04"):
            return b50(rng, "p4_50", load=rng.uniform(0.8, 0.97))
        return i50(rng, "p4_50")
    tel50(s, [host], 2, 0.0, t_end, 300.0, fn)
    tel50(s, ["w2l-04", "w2l-05"], 2, 0.0, t_end, 900.0, fn)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=[host])
    return s


# ======================================================================================
# S6  two-faults-tts-gvm-06-gpu2-xid64-row-remap-failure-and-hugectr-gvm-11-nvme-kicked-out  (gpu_hardware +
#     node_failure, 48 s apart, two owners, cloud VM nodes with 4 RTX 4500 Ada each: StyleTTS2 fine-tune on gvm-06 --
#     GPU 2 reports an uncorrectable ECC error and a row-remapping failure (Xid 48 then Xid 64), rank 2 dies with
#     "uncorrectable ECC error encountered", FAILED; HugeCTR DLRM on gvm-[11-12] -- gvm-11's NVMe scratch (a
#     network-backed virtual disk) stops answering, the kernel aborts, resets and finally removes the controller, the
#     parquet reader on gvm-11 gets EIO, the MPI job aborts, FAILED. A BEiT-3 job on gvm-[02-03] runs on.)
# ======================================================================================
# Source (fault 1, truth): https://github.com/awslabs/awsome-distributed-ai/pull/1190 -- "Xid 64
#   (INFOROM_DRAM_RETIREMENT_FAILURE) reports a row-remapping failure: the GPU attempted to remap a degraded DRAM row and
#   could not ... the row-remapping failure condition is an RMA criterion -- the memory self-repair path is exhausted";
#   the health check now isolates such a node. No log line of that PR is used: fault 1's lines are SYNTH.
# Source (fault 2, lines and truth): https://github.com/oxidecomputer/propolis/issues/578 -- "If Crucible takes too long
#   to process some IO, Linux resets the NVMe controller, and eventually disables the controller and kicks out the
#   disk", with the guest's kernel lines; the first four below are verbatim (uptime stamps replaced by dmesg -T stamps);
#   the reset/removal lines after them are SYNTH.
REAL_S6_NVME = ["nvme nvme1: I/O 775 QID 2 timeout, aborting", "nvme nvme1: Abort status: 0x6",
                "nvme nvme1: I/O 779 QID 2 timeout, aborting", "nvme nvme1: I/O 781 QID 2 timeout, aborting"]
GVM_BUS = ["0000:00:05", "0000:00:06", "0000:00:07", "0000:00:08"]     # SYNTH (VM PCI layout)


def build_s6() -> Scenario:
    name = "two-faults-tts-gvm-06-gpu2-xid64-row-remap-failure-and-hugectr-gvm-11-nvme-kicked-out"
    JA, JB, N1 = "883140", "883117", "883102"
    start = "2025-03-18T06:00:00Z"
    s = Scenario(name, "Cloud VM GPU cluster (4 x RTX 4500 Ada per VM, NVMe scratch is a network-backed virtual "
                 "disk). StyleTTS2 fine-tune (accelerate, 4 ranks) on gvm-06; HugeCTR DLRM (MPI, 2 VMs) on gvm-[11-12]; "
                 "BEiT-3 pre-training on gvm-[02-03]. Three owners.",
                 start,
                 {"name": "cw-vm", "partition": "gpu", "nodes": "gvm-[01-16]", "gpus_per_node": 4,
                  "pci_bus_ids": GVM_BUS},
                 [{"id": JA, "name": "styletts2-ft-libritts", "user": "oadeyemi", "nodes": "gvm-06", "tasks_per_node": 4,
                   "started": "2025-03-18T02:12:09Z", "comment": comment(2, "/scratch/oadeyemi/styletts2/ckpt")},
                  {"id": JB, "name": "hugectr-dlrm-criteo1tb", "user": "rsaxena", "nodes": "gvm-[11-12]",
                   "tasks_per_node": 4, "started": "2025-03-18T04:31:44Z", "comment": comment(1)},
                  {"id": N1, "name": "beit3-base-pt", "user": "lzhou", "nodes": "gvm-[02-03]", "tasks_per_node": 4,
                   "started": "2025-03-17T19:05:30Z"}])
    rng = s.rng
    ha, hb, hb2 = "gvm-06", "gvm-11", "gvm-12"
    t_a = 1 * 3600 + 1417.3
    t_b = t_a + 48.2
    t_end = t_b + 3600.0
    # job A: StyleTTS2 (SYNTH progress)
    tt, it = 40.0, 15100
    while tt < t_a:
        it += 50
        s.joblog(tt, JA, f"Epoch [{it // 1630 + 1}/50], Step [{it % 1630}/1630], Loss: {rng.uniform(0.28, 0.34):.5f}, "
                         f"Disc Loss: {rng.uniform(3.6, 3.9):.5f}, Dur Loss: {rng.uniform(0.9, 1.1):.5f}, CE Loss: "
                         f"{rng.uniform(0.01, 0.03):.5f}, Norm Loss: {rng.uniform(0.5, 0.8):.5f}, F0 Loss: "
                         f"{rng.uniform(2.1, 2.7):.5f}, LM Loss: {rng.uniform(2.2, 2.6):.5f}, Gen Loss: "
                         f"{rng.uniform(6.5, 7.6):.5f}, Sty Loss: {rng.uniform(0.08, 0.12):.5f}, Diff Loss: "
                         f"{rng.uniform(0.4, 0.7):.5f}, DiscLM Loss: 0.00000, GenLM Loss: 0.00000")
        tt += 50 * 2.9
    kt(s, t_a, ha, "NVRM: Xid (PCI:0000:00:07): 48, pid=21877, name=python, An uncorrectable double bit error (DBE) "
                   "has been detected on GPU in the framebuffer at partition 5, subpartition 1.")  # SYNTH
    kt(s, t_a + 0.0008, ha, "NVRM: Xid (PCI:0000:00:07): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: "
                            "(0x00000000cc1f4e60) - All reserved rows for bank are remapped")  # SYNTH
    tr = t_a + 1.1
    tb_lines = ["Traceback (most recent call last):",
                '  File "/home/oadeyemi/StyleTTS2/train_finetune_accelerate.py", line 714, in <module>',
                "    main()",
                '  File "/home/oadeyemi/StyleTTS2/train_finetune_accelerate.py", line 421, in main',
                "    accelerator.backward(g_loss)",
                '  File "/opt/conda/lib/python3.10/site-packages/accelerate/accelerator.py", line 2159, in backward',
                "    loss.backward(**kwargs)",
                "RuntimeError: CUDA error: uncorrectable ECC error encountered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
                "might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1."]
    for k, l in enumerate(tb_lines):
        s.joblog(tr + 0.001 * k, JA, "[rank2]: " + l if k else l)  # SYNTH
    s.joblog(tr + 2.3, JA, "E0318 08:23:59.905000 140213 torch/distributed/elastic/multiprocessing/api.py:869] failed "
                           "(exitcode: 1) local_rank: 2 (pid: 21877) of binary: /opt/conda/bin/python")  # SYNTH
    s.joblog(tr + 3.1, JA, f"srun: error: {ha}: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, tr + 4.0, JA, "FAILED", "1:0")
    # job B: HugeCTR (SYNTH progress)
    tt, it = 55.0, 61000
    while tt < t_b + 60:
        it += 5000
        d = s.at(tt)
        s.joblog(tt, JB, f"[HCTR][{d:%H:%M:%S}.{d.microsecond // 1000:03d}][INFO][RK0][main]: Iter: {it} Time(5000 "
                         f"iters): {rng.uniform(54.0, 58.0):.5f}s Loss: {rng.uniform(0.1235, 0.1262):.6f} lr:24.000000")
        if it % 50000 == 0:
            s.joblog(tt + 18.0, JB, f"[HCTR][{s.at(tt + 18):%H:%M:%S}.{rng.randint(0, 999):03d}][INFO][RK0][main]: "
                                    f"Evaluation, AUC: {rng.uniform(0.8012, 0.8031):.6f}")
        tt += rng.uniform(55.0, 58.5)
    for k, l in enumerate(REAL_S6_NVME):
        kt(s, t_b + 0.0001 * k, hb, l)  # REAL (stamps re-based)
    for k, l in enumerate(["nvme nvme1: Abort status: 0x6", "nvme nvme1: Abort status: 0x6"]):
        kt(s, t_b + 0.0005 + 0.0001 * k, hb, l)  # REAL line repeated
    for dtm, l in [(30.7, "nvme nvme1: I/O 775 QID 2 timeout, reset controller"),
                   (61.4, "nvme nvme1: I/O 1 QID 0 timeout, reset controller"),
                   (92.1, "nvme nvme1: Device not ready; aborting reset, CSTS=0x1"),
                   (92.2, "nvme nvme1: Removing after probe failure status: -19"),
                   (92.3, "blk_update_request: I/O error, dev nvme1n1, sector 1302817408 op 0x0:(READ) flags 0x80700 "
                          "phys_seg 32 prio class 0"),
                   (92.4, "nvme1n1: detected capacity change from 3221225472 to 0"),
                   (92.6, "XFS (nvme1n1): metadata I/O error in \"xfs_buf_ioend+0x1d3/0x3a0 [xfs]\" at daddr 0x2 len 1 "
                          "error 5"),
                   (92.7, "XFS (nvme1n1): log I/O error -5"),
                   (92.8, "XFS (nvme1n1): Filesystem has been shut down due to log error (0x2).")]:
        kt(s, t_b + dtm, hb, l)  # SYNTH
    te = t_b + 93.5
    d = s.at(te)
    s.joblog(te, JB, f"[HCTR][{d:%H:%M:%S}.{d.microsecond // 1000:03d}][ERROR][RK4][tid #140551022348032]: Runtime "
                     "error: parquet read failed: IOError: Failed to open local file "
                     "'/scratch/criteo_1tb/parquet/train/part_347.parquet'. Detail: [errno 5] Input/output error "
                     "/hugectr/HugeCTR/src/data_readers/file_source_parquet.cpp:90")  # SYNTH
    s.joblog(te + 0.4, JB, "--------------------------------------------------------------------------")  # SYNTH
    s.joblog(te + 0.41, JB, "MPI_ABORT was invoked on rank 4 in communicator MPI_COMM_WORLD")  # SYNTH
    s.joblog(te + 0.42, JB, "with errorcode 1.")  # SYNTH
    s.joblog(te + 2.0, JB, f"srun: error: {hb}: task 4: Exited with exit code 1")  # SYNTH
    s.joblog(te + 2.1, JB, "slurmstepd: error: *** STEP 883117.0 ON gvm-11 CANCELLED AT "
                           f"{s.at(te + 2.1):%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
    job_end(s, te + 3.5, JB, "FAILED", "1:0")
    # neighbour (SYNTH)
    tt, st = 25.0, 220400
    while tt < t_end:
        st += 500
        d = s.at(tt)
        s.joblog(tt, N1, f"Epoch: [{st // 5004}]  [{st % 5004:4d}/5004]  eta: 0:{rng.randint(20, 59):02d}:{rng.randint(0, 59):02d}  "
                         f"lr: {0.0015 * 0.5:.6f}  min_lr: 0.000001  loss: {rng.uniform(2.9, 3.2):.4f} (3.0411)  "
                         f"loss_scale: 65536.0000 (65536.0000)  weight_decay: 0.0500 (0.0500)  grad_norm: "
                         f"{rng.uniform(1.1, 1.7):.4f} (1.3302)  time: {rng.uniform(0.61, 0.66):.4f}  data: 0.0004  max mem: 19821")
        tt += 500 * 0.63
    for k, (h, tk) in enumerate([("gvm-09", 900.0), ("gvm-02", 4700.0), ("gvm-14", 9800.0)]):
        noise50(s, h, tk, k)

    def fn(n_, g, t_):
        x = {"DCGM_FI_DEV_XID_ERRORS": 0}
        if n_ == ha:
            if g == 2 and t_ >= t_a:
                return i50(rng, "rtx4500ada_50", fb=0, extra={"DCGM_FI_DEV_XID_ERRORS": 64})
            if t_ < tr + 4:
                return b50(rng, "rtx4500ada_50", load=rng.uniform(0.8, 0.95), extra=x)
            return i50(rng, "rtx4500ada_50", extra=x)
        if n_ in (hb, hb2):
            if t_ < te + 3:
                return b50(rng, "rtx4500ada_50", load=rng.uniform(0.6, 0.85), extra=x)
            return i50(rng, "rtx4500ada_50", extra=x)
        if n_ in ("gvm-02", "gvm-03"):
            return b50(rng, "rtx4500ada_50", load=rng.uniform(0.85, 0.98), extra=x)
        return i50(rng, "rtx4500ada_50", extra=x)
    tel50(s, [ha, hb, hb2], 4, 0.0, t_end, 300.0, fn, keys=K50X)
    tel50(s, ["gvm-02", "gvm-03", "gvm-09"], 4, 0.0, t_end, 1800.0, fn, keys=K50X)
    s.truth = truth({"t": t_a, "category": "gpu_hardware", "node": ha, "gpu": 2}, drain=[ha, hb],
                    requeue={JA: {"exclude": [ha]}, JB: {"exclude": [hb]}}, no_requeue=[N1],
                    no_drain=[hb2, "gvm-02", "gvm-03"],
                    other_faults=[{"t": t_b, "category": "node_failure", "node": hb}])
    return s


# ======================================================================================
# S7  t2t-transformer-big-8x-p100-pn-07-nvme-scratch-drops-kernel-first  (node_failure, kernel first: tensor2tensor
#     transformer_big (TF 1.12 Estimator, --worker_gpu=8) on the 8 Tesla P100 of pn-07, reading its TFRecords from the
#     node's local NVMe scratch. The NVMe stops answering an admin command; the kernel resets it, gives up and removes
#     the device; XFS on it shuts down. The trainer keeps printing loss lines for ~9 minutes from its shuffle buffer and
#     open file handles' page cache; then the input pipeline's next file open fails with EIO and the job dies.)
# ======================================================================================
# Source (lines and truth): https://github.com/linux-nvme/nvme-cli/issues/151 -- "nvme list issue": after fio load the
#   drive stops responding and the kernel logs `nvme nvme2: I/O 0 QID 0 timeout, reset controller`, `Device not ready;
#   aborting reset` (twice), `Removing after probe failure status: -19`, `nvme2n1: detected capacity change from
#   800166076416 to 0` -- "after that the drive disappear"; maintainer: "That indicates your drive did not respond to
#   the identify command ... The tool can't really help with that". Lines verbatim (uptime stamps replaced by dmesg -T
#   stamps); the XFS lines after them and everything in the job are SYNTH.
REAL_S7_NVME = ["nvme nvme2: I/O 0 QID 0 timeout, reset controller", "nvme nvme2: Device not ready; aborting reset",
                "nvme nvme2: Device not ready; aborting reset", "nvme nvme2: Removing after probe failure status: -19",
                "nvme2n1: detected capacity change from 800166076416 to 0"]
PN_BUS = ["0000:04:00", "0000:06:00", "0000:07:00", "0000:08:00", "0000:0c:00", "0000:0d:00", "0000:0e:00", "0000:0f:00"]


def build_s7() -> Scenario:
    name = "t2t-transformer-big-8x-p100-pn-07-nvme-scratch-drops-kernel-first"
    J, N1, N2 = "3318870", "3318822", "3318861"
    start = "2018-11-20T14:00:00Z"
    s = Scenario(name, "tensor2tensor transformer_big (TF 1.12 Estimator, one process, --worker_gpu=8) on the 8 Tesla "
                 "P100-PCIE of pn-07; training data (TFRecords) staged on the node's local NVMe scratch (/scratch, "
                 "XFS on nvme2n1). Other owners' jobs on other nodes. Kernel log collected with dmesg -T.",
                 start,
                 {"name": "mt-p100", "partition": "gpu", "nodes": "pn-[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": PN_BUS},
                 [{"id": J, "name": "t2t-tbig-wmt-ende", "user": "kvanh", "nodes": "pn-07", "tasks_per_node": 1,
                   "started": "2018-11-19T21:14:02Z", "comment": comment(2, "/home/kvanh/t2t_train/ende_big")},
                  {"id": N1, "name": "nematus-deen-deep", "user": "asmith", "nodes": "pn-03", "tasks_per_node": 1,
                   "started": "2018-11-20T09:30:44Z", "comment": comment(1)},
                  {"id": N2, "name": "fairseq-lightconv-iwslt", "user": "pmarek", "nodes": "pn-[09-10]",
                   "tasks_per_node": 1, "started": "2018-11-20T11:41:18Z"}])
    rng = s.rng
    host = "pn-07"
    t_k = 3 * 3600 + 611.4
    t_fail = t_k + 9 * 60 + 23.0
    t_end = t_fail + 2400.0
    tt, st = 12.0, 281100
    while tt < t_fail - 5:
        st += 100
        s.joblog(tt, J, f"INFO:tensorflow:global_step/sec: {rng.uniform(2.08, 2.16):.5g}")  # SYNTH
        s.joblog(tt + 0.002, J, f"INFO:tensorflow:loss = {rng.uniform(1.55, 1.66):.7g}, step = {st} "
                                f"({rng.uniform(46.5, 48.1):.3f} sec)")  # SYNTH
        if st % 5000 == 0:
            s.joblog(tt + 0.5, J, f"INFO:tensorflow:Saving checkpoints for {st} into "
                                  f"/home/kvanh/t2t_train/ende_big/model.ckpt.")  # SYNTH
            tt += 21.0
        tt += 100 / 2.12
    for k, l in enumerate(REAL_S7_NVME[:2]):
        kt(s, t_k + 25.58 * k, host, l)  # REAL
    kt(s, t_k + 51.16, host, REAL_S7_NVME[2])  # REAL
    kt(s, t_k + 51.17, host, REAL_S7_NVME[3])  # REAL
    kt(s, t_k + 51.18, host, REAL_S7_NVME[4])  # REAL
    for dtm, l in [(51.4, "XFS (nvme2n1): metadata I/O error in \"xlog_iodone\" at daddr 0x1d1c3b0 len 64 error 5"),
                   (51.41, "XFS (nvme2n1): xfs_do_force_shutdown(0x2) called from line 1271 of file fs/xfs/xfs_log.c.  "
                           "Return address = 00000000c07a3a3e"),
                   (51.42, "XFS (nvme2n1): Log I/O Error Detected.  Shutting down filesystem"),
                   (51.43, "XFS (nvme2n1): Please umount the filesystem and rectify the problem(s)"),
                   (81.9, "XFS (nvme2n1): xfs_log_force: error -5 returned.")]:
        kt(s, t_k + dtm, host, l)  # SYNTH
    kt(s, t_k + 111.9, host, "XFS (nvme2n1): xfs_log_force: error -5 returned.")  # SYNTH
    tb = ["Traceback (most recent call last):",
          '  File "/home/kvanh/.local/bin/t2t-trainer", line 33, in <module>',
          "    tf.app.run()",
          '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/platform/app.py", line 125, in run',
          "    _sys.exit(main(argv))",
          '  File "/home/kvanh/.local/lib/python3.6/site-packages/tensor2tensor/bin/t2t_trainer.py", line 385, in main',
          "    execute_schedule(exp)",
          '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/client/session.py", line 1334, in _do_call',
          "    raise type(e)(node_def, op, message)",
          "tensorflow.python.framework.errors_impl.UnknownError: /scratch/kvanh/t2t_data/translate_ende_wmt32k-train-"
          "00071-of-00100; Input/output error",
          "\t [[{{node IteratorGetNext}} = IteratorGetNext[output_shapes=[[?,?,1,1], [?,?,1,1]], output_types=[DT_INT64, "
          "DT_INT64], _device=\"/job:localhost/replica:0/task:0/device:CPU:0\"](OneShotIterator)]]"]
    s.joblog(t_fail - 0.4, J, "INFO:tensorflow:Error recorded from training_loop: /scratch/kvanh/t2t_data/"
                              "translate_ende_wmt32k-train-00071-of-00100; Input/output error")  # SYNTH
    for k, l in enumerate(tb):
        s.joblog(t_fail + 0.001 * k, J, l)  # SYNTH
    s.joblog(t_fail + 3.0, J, f"srun: error: {host}: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_fail + 4.0, J, "FAILED", "1:0")
    # neighbours (SYNTH)
    tn, up = 20.0, 180000
    while tn < t_end:
        up += 500
        s.joblog(tn, N1, f"Epoch: 9 Update: {up} Loss/word: {rng.uniform(1.62, 1.74):.4f} Words/sec: "
                         f"{rng.uniform(4400, 4700):.1f} Sents/sec: {rng.uniform(160, 175):.1f}")
        tn += 500 * 0.31 * 4
    tn, ep, up = 65.0, 41, 0
    while tn < t_end:
        up += 100
        if up > 1120:
            up, ep = 100, ep + 1
        s.joblog(tn, N2, f"| epoch {ep:03d}:  {up} / 1120 loss={rng.uniform(3.8, 4.0):.3f}, nll_loss="
                         f"{rng.uniform(2.2, 2.4):.3f}, ppl={rng.uniform(4.7, 5.2):.2f}, wps={rng.randint(40000, 43000)}, "
                         f"ups=5, wpb=8102.4, bsz=291.0, num_updates={ep * 1120 + up}, lr=0.0005, gnorm=0.412, clip=0.000, "
                         f"oom=0.000, wall={int(tn)}, train_wall={int(tn * 0.93)}")
        tn += 100 * 0.2 * 9
    for k, (h, tk) in enumerate([("pn-01", 1500.0), ("pn-07", 4400.0), ("pn-11", 12900.0)]):
        noise50(s, h, tk, k + 5)
    s.node_state(7000.0, "pn-12", "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH, unrelated (powered off for repair)
    s.node_state(7010.0, "pn-12", "DOWN+DRAIN", "PSU replacement (ticket 3377)")  # SYNTH

    def fn(n_, g, t_):
        if n_ == host:
            if t_ < t_fail + 4:
                return b50(rng, "p100_50", load=rng.uniform(0.82, 0.97))
            return i50(rng, "p100_50")
        if n_ in ("pn-03",) and g == 0 or n_ in ("pn-09", "pn-10"):
            return b50(rng, "p100_50", load=rng.uniform(0.8, 0.96))
        return i50(rng, "p100_50")
    tel50(s, [host], 8, 0.0, t_end, 600.0, fn)
    tel50(s, ["pn-03", "pn-09", "pn-10"], 8, 0.0, t_end, 1800.0, fn)
    s.truth = truth({"t": t_k, "category": "node_failure", "node": host}, drain=[host],
                    requeue={J: {"exclude": [host]}}, no_requeue=[N1, N2], no_drain=["pn-03"])
    return s


# ======================================================================================
# S8  codealpaca-llama7b-8x4090d-deepspeed-batch-assertion-repeats-after-requeue  (software: Code Alpaca fine-tune of
#     LLaMA-7B, torchrun with 8 ranks on one node of 8 RTX 4090 D, HF Trainer + DeepSpeed ZeRO-3. The DeepSpeed config
#     hard-codes train_batch_size 256 while the run's micro batch, accumulation and world size give another product:
#     DeepSpeed's batch assertion fires on every rank inside from_pretrained (zero.Init), 40 s after start. The job
#     was requeued once onto another node and fails the same way.)
# ======================================================================================
# Source (lines and truth): https://github.com/sahil280114/codealpaca/issues/14 -- title "AssertionError: Check batch
#   related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 256 != 8 *
#   1 * 8" and the reporter's traceback (train.py line 222 -> line 188 -> AutoModelForCausalLM.from_pretrained). A
#   configuration mismatch, deterministic: the same launch fails the same way on any node. The five traceback lines
#   below and the assertion line are verbatim; the generic `Traceback ...`/`train()` lines occur in earlier corpora and
#   are SYNTH here, as are the lower frames.
REAL_S8_TB = ['  File "/mnt/workspace/huangdong.s/codealpaca/train.py", line 222, in <module>',
              '  File "/mnt/workspace/huangdong.s/codealpaca/train.py", line 188, in train',
              "    model = transformers.AutoModelForCausalLM.from_pretrained(",
              '  File "/mnt/workspace/anaconda3/envs/codebias/lib/python3.9/site-packages/transformers/models/auto/'
              'auto_factory.py", line 484, in from_pretrained',
              "    return model_class.from_pretrained("]
REAL_S8_ERR = ("AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu "
               "* gradient_acc_step * world_size 256 != 8 * 1 * 8")


def build_s8() -> Scenario:
    name = "codealpaca-llama7b-8x4090d-deepspeed-batch-assertion-repeats-after-requeue"
    J, N1, N2 = "5518803", "5518770", "5518791"
    start = "2023-06-17T03:00:00Z"
    s = Scenario(name, "Code Alpaca fine-tune of LLaMA-7B: torchrun with 8 ranks on one node of 8 RTX 4090 D, HF "
                 "Trainer + DeepSpeed ZeRO-3 (ds_config.json); opted in to requeue and requeued once after the first "
                 "failure. Other owners' jobs on other nodes.",
                 start,
                 {"name": "g4d", "partition": "gpu", "nodes": "g4d-[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": ["0000:1b:00", "0000:1c:00", "0000:3d:00", "0000:3e:00", "0000:9c:00", "0000:9d:00",
                                  "0000:bb:00", "0000:bc:00"]},
                 [{"id": J, "name": "codealpaca-llama7b-ft", "user": "hdong", "nodes": "g4d-07", "tasks_per_node": 8,
                   "started": "2023-06-17T03:01:10Z", "comment": comment(2, "/mnt/workspace/huangdong.s/codealpaca/output")},
                  {"id": N1, "name": "chatglm2-6b-ptuning", "user": "wtang", "nodes": "g4d-02", "tasks_per_node": 8,
                   "started": "2023-06-17T01:14:33Z", "comment": comment(1)},
                  {"id": N2, "name": "sd15-lora-anime", "user": "kmori", "nodes": "g4d-11", "tasks_per_node": 1,
                   "started": "2023-06-16T22:50:02Z"}])
    rng = s.rng
    py = "/mnt/workspace/anaconda3/envs/codebias/lib/python3.9/site-packages"

    def attempt(t0: float, host: str) -> float:
        s.joblog(t0, J, "+ torchrun --nproc_per_node=8 train.py --model_name_or_path decapoda-research/llama-7b-hf "
                        "--data_path ./data/code_alpaca_20k.json --fp16 True --output_dir ./output --num_train_epochs 3 "
                        "--per_device_train_batch_size 8 --per_device_eval_batch_size 8 --gradient_accumulation_steps 4 "
                        "--evaluation_strategy no --save_strategy steps --save_steps 500 --save_total_limit 1 "
                        "--learning_rate 2e-5 --weight_decay 0. --warmup_ratio 0.03 --lr_scheduler_type cosine "
                        "--logging_steps 1 --deepspeed ds_config.json --tf32 False")  # SYNTH (one line)
        torchrun_banner(s, t0 + 2.0, J)
        d = s.at(t0 + 14.0)
        s.joblog(t0 + 14.0, J, f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [INFO] "
                               "[real_accelerator.py:110:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
        d = s.at(t0 + 31.0)
        s.joblog(t0 + 31.0, J, f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [INFO] [comm.py:594:"
                               "init_distributed] cdb=None")
        s.joblog(t0 + 31.1, J, f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [INFO] [comm.py:625:"
                               "init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl")
        te = t0 + 38.0 + rng.uniform(0, 1.5)
        first = te
        pids = [71204 + 3 * r for r in range(8)]
        for r in range(8):
            tr = te + rng.uniform(0.0, 0.6)
            first = min(first, tr)
            lines = (["Traceback (most recent call last):", REAL_S8_TB[0], "    train()", REAL_S8_TB[1], REAL_S8_TB[2],
                      REAL_S8_TB[3], REAL_S8_TB[4],
                      f'  File "{py}/transformers/modeling_utils.py", line 2670, in from_pretrained',
                      "    init_contexts = [deepspeed.zero.Init(config_dict_or_path=deepspeed_config())] + init_contexts",
                      f'  File "{py}/deepspeed/runtime/zero/partition_parameters.py", line 733, in __init__',
                      "    _ds_config = deepspeed.runtime.config.DeepSpeedConfig(config_dict_or_path,",
                      f'  File "{py}/deepspeed/runtime/config.py", line 795, in __init__',
                      "    self._configure_train_batch_size()",
                      f'  File "{py}/deepspeed/runtime/config.py", line 978, in _configure_train_batch_size',
                      "    self._batch_assertion()",
                      f'  File "{py}/deepspeed/runtime/config.py", line 926, in _batch_assertion',
                      "    assert train_batch == micro_batch * grad_acc * self.world_size, (",
                      REAL_S8_ERR])
            for k, l in enumerate(lines):
                s.joblog(tr + 0.0004 * k, J, l)   # REAL_S8_* lines REAL, others SYNTH
        tf_ = te + 4.5
        elastic_summary(s, tf_, J, host, [(r, r, pids[r], 1) for r in range(8)], "train.py", py,
                        ['  File "/mnt/workspace/anaconda3/envs/codebias/bin/torchrun", line 8, in <module>',
                         "    sys.exit(main())"])
        s.joblog(tf_ + 1.0, J, f"srun: error: {host}: task 0: Exited with exit code 1")  # SYNTH
        job_end(s, tf_ + 1.8, J, "FAILED", "1:0")
        return first

    t1 = 70.0
    f1 = attempt(t1, "g4d-07")
    s.job_state(f1 + 36.0, J, "REQUEUED", "0:0", reason="requeued (recovery: max_requeues=2, attempt 1 of 2)")  # SYNTH
    s.job_state(f1 + 37.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    t2 = f1 + 161.0
    s.job_state(t2 - 1.0, J, "RUNNING", "0:0", nodes="g4d-10")  # SYNTH
    f2 = attempt(t2, "g4d-10")
    t_end = f2 + 1800.0
    # neighbours (SYNTH)
    tn, st = 25.0, 1800
    while tn < t_end:
        st += 10
        d = s.at(tn)
        s.joblog(tn, N1, f"{{'loss': {rng.uniform(3.1, 3.6):.4f}, 'learning_rate': {2e-2 * (1 - st / 3000):.4f}, "
                         f"'epoch': {st / 700:.2f}}}")
        tn += 10 * 5.3
    tn, st = 40.0, 2200
    while tn < t_end:
        st += 50
        s.joblog(tn, N2, f"steps:  {int(100 * st / 6000):2d}%|{'█' * int(10 * st / 6000):<10}| {st}/6000 "
                         f"[{cn_td(st * 1.12)}<{cn_td((6000 - st) * 1.12)}, {1 / 1.12:.2f}it/s, loss={rng.uniform(0.06, 0.14):.3f}]")
        tn += 50 * 1.12
    for k, (h, tk) in enumerate([("g4d-05", 400.0), ("g4d-07", 1300.0), ("g4d-12", 2100.0)]):
        noise50(s, h, tk, k + 6)

    def fn(n_, g, t_):
        if n_ in ("g4d-07", "g4d-10"):
            return i50(rng, "rtx4090d_50", fb=0 if rng.random() < 0.9 else 310)
        if n_ == "g4d-02" or (n_ == "g4d-11" and g == 0):
            return b50(rng, "rtx4090d_50", load=rng.uniform(0.8, 0.97))
        return i50(rng, "rtx4090d_50")
    tel50(s, ["g4d-07", "g4d-10"], 8, 0.0, t_end, 300.0, fn)
    tel50(s, ["g4d-02", "g4d-11"], 8, 0.0, t_end, 1800.0, fn)
    s.truth = truth({"t": f1, "category": "software"}, no_requeue=[J, N1, N2], no_drain=["g4d-07", "g4d-10"])
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
