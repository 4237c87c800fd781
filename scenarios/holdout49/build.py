#!/usr/bin/env python3
"""Build the holdout49 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout48):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout49: generic helpers and the holdout14..holdout48 helper sections are copied unchanged from holdout48's build.py;
the holdout48 scenarios are replaced by the holdout49 helpers and scenarios S1..S8 below (one per FORMAT category).
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
# holdout49 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "a100p80_49": (57, 5, 262.0, 25.0, 1410, 61000, 4000),   # A100 80GB PCIe, 300 W
    "a40_49": (61, 5, 276.0, 22.0, 1740, 39500, 2500),       # A40 48 GB, 300 W (open_lm 1B, bs 16)
    "rtx3060_49": (66, 4, 158.0, 10.0, 1777, 10900, 500),    # RTX 3060 12 GB, 170 W
    "v100_49": (62, 5, 248.0, 25.0, 1530, 29800, 1200),      # V100-SXM2-32GB, 300 W
    "h100_49": (58, 6, 560.0, 60.0, 1980, 68000, 5000),      # H100-SXM5 80 GB, 700 W
    "gtx1080ti_49": (72, 4, 221.0, 18.0, 1885, 9800, 600),   # GTX 1080 Ti 11 GB, 250 W
    "a10_49": (60, 5, 132.0, 12.0, 1695, 16800, 1500),       # A10 24 GB, 150 W
})

K49 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K49E = K49 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_XID_ERRORS")
K49T = K49 + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
K49S = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")

A100P4_BUS = ["0000:17:00", "0000:31:00", "0000:b1:00", "0000:ca:00"]   # SYNTH (4 x A100 PCIe, 2U server)
A40_8_BUS = ["0000:01:00", "0000:25:00", "0000:41:00", "0000:61:00", "0000:81:00", "0000:a1:00", "0000:c1:00",
             "0000:e1:00"]                                                  # SYNTH (8 x A40, AMD host)
RTX4_BUS = ["0000:01:00", "0000:21:00", "0000:41:00", "0000:61:00"]        # SYNTH (workstation-class node)
V100_8_BUS = ["0000:1a:00", "0000:1c:00", "0000:1d:00", "0000:1e:00", "0000:3d:00", "0000:3f:00", "0000:40:00",
              "0000:41:00"]                                                 # SYNTH (SXM2 8-GPU board)
GTX4_BUS = ["0000:02:00", "0000:03:00", "0000:82:00", "0000:83:00"]        # SYNTH
A10_4_BUS = ["0000:17:00", "0000:65:00", "0000:ca:00", "0000:e3:00"]       # SYNTH


def b49(rng, prof, load=0.95, clock=None, thr=None, temp=True, fb=True, extra=None) -> dict:
    """SYNTH: busy GPU sample (throttle bitmask 0 unless given)."""
    return busy40(rng, prof, load=load, fb=fb, temp=temp, clock=clock,
                  thr=0 if thr is None else thr, extra=extra)


def i49(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = 1
    if extra:
        f.update(extra)
    return f


def tel49(s, nodes, gpus, t0, t1, every, fn, keys=K49) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise49(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (2506 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
            "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x1b22f4 offset:0x0 grain:32 syndrome:0x0)",
            "audit: type=1400 audit(0.0:318): apparmor=\"DENIED\" operation=\"capable\" profile=\"/usr/sbin/cupsd\" pid=2211 comm=\"cupsd\" capability=12  capname=\"net_admin\"",
            "nvme nvme0: I/O 412 QID 7 timeout, completion polled",
            "TCP: request_sock_TCP: Possible SYN flooding on port 6817. Sending cookies.  Check SNMP counters.",
            "systemd-journald[812]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (3413 of 4551 items, 2621440 file size, 768 bytes per hash table item), suggesting rotation."]
    kt(s, t, host, msgs[kind % len(msgs)])


def tqdm_bar49(desc: str, n: int, total: int, el: float, rate: float, post: str = "") -> str:
    """SYNTH: one refresh of a tqdm bar as it lands in a batch log (the last `\\r` segment)."""
    return tqdm_meter(n, total, el, rate=rate, desc=desc, postfix=post)


# ======================================================================================
# S1  llama-recipes-lora-a100pcie-ap-05-gpu0-xid48-uncorrectable-ecc-mid-epoch  (gpu_hardware: a llama-recipes 8-bit
#     LoRA fine-tune of Llama-2-7B on one A100 80GB PCIe (GPU 0 of ap-05), opted in to requeue. In epoch 2 the GPU
#     reports an uncorrectable (double-bit) ECC error: Xid 48 and a pending row remap in the kernel log, the DBE counter
#     goes to 1 in DCGM, and the forward pass dies with "CUDA error: uncorrectable ECC error encountered". FAILED.)
# ======================================================================================
# Source (lines): https://github.com/meta-llama/llama-cookbook/issues/218 -- `python -m llama_recipes.finetuning
#   --use_peft --peft_method lora --quantization ... --fp16` on an A100 80GB PCIe dies with "RuntimeError: CUDA error:
#   uncorrectable ECC error encountered"; the bitsandbytes warning and the first traceback frames below are the
#   reporter's, verbatim. The thread (labelled triaged, closed) does not name a software cause; an uncorrectable ECC
#   error is a hardware fault of the GPU by FORMAT's definition (drain, requeue elsewhere). The Xid 48 / row-remap
#   kernel lines and DCGM counters are SYNTH (what the driver logs alongside this CUDA error on an A100).
REAL_S1_WARN = ("/anaconda/envs/it/lib/python3.10/site-packages/bitsandbytes/autograd/_functions.py:322: UserWarning: "
                "MatMul8bitLt: inputs will be cast from torch.float32 to float16 during quantization")
REAL_S1_WARN2 = '  warnings.warn(f"MatMul8bitLt: inputs will be cast from {A.dtype} to float16 during quantization")'
REAL_S1_TB = [
    '  File "/anaconda/envs/it/lib/python3.10/site-packages/llama_recipes/utils/train_utils.py", line 79, in train',
    "    loss = model(**batch).loss",
]


def build_s1() -> Scenario:
    name = "llama-recipes-lora-a100pcie-ap-05-gpu0-xid48-uncorrectable-ecc-mid-epoch"
    J, N1, N2 = "5531207", "5531188", "5531240"
    start = "2023-09-20T06:00:00Z"
    s = Scenario(name, "llama-recipes 8-bit LoRA fine-tune of Llama-2-7B (PEFT, fp16) on GPU 0 of one 4 x A100 80GB PCIe "
                 "node, opted in to requeue. Other owners' jobs on other nodes.",
                 start,
                 {"name": "ml-a100p", "partition": "gpu", "nodes": "ap-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": A100P4_BUS},
                 [{"id": J, "name": "llama2-7b-lora-samsum", "user": "gptllm", "nodes": "ap-05", "tasks_per_node": 1,
                   "started": "2023-09-20T06:04:00Z", "comment": comment(2, "/scratch/gptllm/llama2-lora/out")},
                  {"id": N1, "name": "mistral-7b-dpo-ultrafb", "user": "lmeier", "nodes": "ap-[01-02]",
                   "tasks_per_node": 4, "started": "2023-09-20T03:12:44Z", "comment": comment(1)},
                  {"id": N2, "name": "whisper-medium-ft-nl", "user": "okafor", "nodes": "ap-07", "tasks_per_node": 4,
                   "started": "2023-09-20T05:41:09Z"}])
    rng = s.rng
    host, bus = "ap-05", A100P4_BUS[0]
    py = "/anaconda/envs/it/lib/python3.10/site-packages"
    t_job = 240.0
    steps, sec = 388, 3.92
    # start-up (SYNTH)
    hdr = [(0.0, "+ srun python -m llama_recipes.finetuning --use_peft --peft_method lora --quantization --model_name "
                 "/models/Llama-2-7b-hf --output_dir /scratch/gptllm/llama2-lora/out --fp16 --num_epochs 3 "
                 "--batch_size_training 4"),
           (21.0, "Loading checkpoint shards: 100%|██████████| 2/2 [00:09<00:00,  4.61s/it]"),
           (24.5, "--> Model /models/Llama-2-7b-hf"),
           (24.6, "--> /models/Llama-2-7b-hf has 262.41024 Million params"),
           (25.0, "trainable params: 4,194,304 || all params: 6,742,609,920 || trainable%: 0.06220594176090199"),
           (44.0, "--> Training Set Length = 14732"),
           (44.1, "--> Validation Set Length = 818")]
    for dtm, l in hdr:
        s.joblog(t_job + dtm, J, l)
    t0 = t_job + 52.0
    s.joblog(t0 + 4.3, J, "Training Epoch: 0:   0%|          | 0/388 [00:00<?, ?it/s]" + REAL_S1_WARN)  # bar SYNTH + REAL
    s.joblog(t0 + 4.31, J, REAL_S1_WARN2)  # REAL
    t_fault = None
    tt = t0
    for ep in range(3):
        e0 = tt
        for st in range(0, steps + 1, 16):
            tq = e0 + st * sec * rng.uniform(0.995, 1.005)
            if ep == 2 and st >= 208:
                t_fault = e0 + 211 * sec + 1.7
                break
            loss = 1.05 + 0.55 * math.exp(-(ep * steps + st) / 260.0) + rng.uniform(-0.07, 0.07)
            bar = tqdm_meter(st, steps, tq - e0, 1 / sec, ncols_bar=10)
            s.joblog(tq, J, f"Training Epoch: {ep}/3, step {max(st - 1, 0)}/{steps} completed (loss: {loss:.7f}): "
                            + bar)  # SYNTH
        if t_fault is not None:
            break
        tt = e0 + steps * sec + 2.0
        s.joblog(tt, J, f"Max CUDA memory allocated was {rng.choice([17, 18])} GB")
        s.joblog(tt + 0.01, J, f"Max CUDA memory reserved was {rng.choice([21, 22])} GB")
        s.joblog(tt + 0.02, J, "Peak active CUDA memory was 18 GB")
        s.joblog(tt + 0.03, J, "Cuda Malloc retires : 0")
        s.joblog(tt + 0.04, J, "CPU Total Peak Memory consumed during the train (max): 3 GB")
        ev = tt + 1.0
        for k in range(0, 205, 41):
            s.joblog(ev + k * 0.48, J, tqdm_meter(k, 205, k * 0.48, 1 / 0.48, desc="evaluating Epoch"))
        ev += 205 * 0.48 + 0.5
        ppl = 3.05 - 0.09 * ep + rng.uniform(-0.02, 0.02)
        s.joblog(ev, J, f" eval_ppl=tensor({ppl:.4f}, device='cuda:0') eval_epoch_loss=tensor({math.log(ppl):.4f}, "
                        "device='cuda:0')")
        s.joblog(ev + 0.3, J, "we are about to save the PEFT modules")
        s.joblog(ev + 4.1, J, "PEFT modules are saved in /scratch/gptllm/llama2-lora/out directory")
        s.joblog(ev + 4.2, J, f"best eval loss on epoch {ep + 1} is {math.log(ppl):.4f}")
        s.joblog(ev + 4.3, J, f"Epoch {ep + 1}: train_perplexity={3.4 - 0.2 * ep + rng.uniform(-0.03, 0.03):.4f}, "
                              f"train_epoch_loss={1.22 - 0.07 * ep + rng.uniform(-0.01, 0.01):.4f}, epoch time "
                              f"{steps * sec + rng.uniform(-3, 3):.13f}s")
        tt = ev + 6.0
    # the fault (SYNTH kernel lines; the job's lines around REAL frames)
    d = s.at(t_fault)
    kt(s, t_fault, host, f"NVRM: Xid (PCI:{bus}): 48, pid=412233, name=python, An uncorrectable double bit error (DBE) "
                         "has been detected on GPU in the framebuffer at partition 5, subpartition 1.")  # SYNTH
    kt(s, t_fault + 0.002, host, f"NVRM: Xid (PCI:{bus}): 63, pid=412233, name=python, Row Remapper: New row (0x00000000"
                                 "000a71c2) marked for remapping, reset gpu to activate.")  # SYNTH
    te = t_fault + 0.41
    tb = ["Traceback (most recent call last):",
          f'  File "{py}/llama_recipes/finetuning.py", line 237, in main',
          "    results = train(",
          ] + REAL_S1_TB + [
          f'  File "{py}/torch/nn/modules/module.py", line 1501, in _call_impl',
          "    return forward_call(*args, **kwargs)",
          f'  File "{py}/peft/peft_model.py", line 922, in forward',
          "    return self.base_model(",
          f'  File "{py}/transformers/models/llama/modeling_llama.py", line 830, in forward',
          "    logits = logits.float()",
          "RuntimeError: CUDA error: uncorrectable ECC error encountered",
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
          ""]
    for k, l in enumerate(tb):
        s.joblog(te + 0.0005 * k, J, l)  # SYNTH except REAL_S1_TB
    s.joblog(te + 1.8, J, f"srun: error: {host}: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, te + 2.6, J, "FAILED", "1:0")
    t_end = t_fault + 3600.0
    # neighbours (SYNTH)
    tn, st = 30.0, 2150
    while tn < t_end:
        st += 10
        s.joblog(tn, N1, "{'loss': %s, 'grad_norm': %r, 'learning_rate': %r, 'rewards/chosen': %s, "
                         "'rewards/rejected': %s, 'epoch': %s}" % (round(rng.uniform(0.44, 0.52), 4),
                                                                   rng.uniform(8.0, 15.0) + 1e-10 * rng.random(),
                                                                   5e-07 * (1 - st / 9000), round(rng.uniform(-0.4, 0.1), 4),
                                                                   round(rng.uniform(-1.6, -1.1), 4), round(st / 3000, 2)))
        tn += 10 * 24.6
    tn, st = 75.0, 1200
    while tn < t_end:
        st += 25
        d = s.at(tn)
        s.joblog(tn, N2, "{'loss': %s, 'learning_rate': %r, 'epoch': %s}" % (round(rng.uniform(0.21, 0.27), 4),
                                                                            1e-05 * (1 - st / 8000), round(st / 2000, 2)))
        tn += 25 * 2.9
    for k, (h, tk) in enumerate([("ap-03", 900.0), ("ap-05", 1700.0), ("ap-08", 4100.0), ("ap-01", 6200.0)]):
        noise49(s, h, tk, k)
    s.node_state(2600.0, "ap-08", "IDLE+DRAIN", "reseat riser card, ticket 7718 (ops)")  # SYNTH, unrelated

    def fn(n_, g, t_):
        ex = {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0, "DCGM_FI_DEV_ROW_REMAP_PENDING": 0, "DCGM_FI_DEV_XID_ERRORS": 0}
        if n_ == host and g == 0:
            if t_ >= t_fault:
                ex = {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_ROW_REMAP_PENDING": 1,
                      "DCGM_FI_DEV_XID_ERRORS": 48 if t_ < t_fault + 30 else 63}
            if t_job + 40 < t_ < te + 2:
                return b49(rng, "a100p80_49", load=rng.uniform(0.82, 0.95), extra=ex)
            return i49(rng, "a100p80_49", extra=ex)
        if n_ in ("ap-01", "ap-02", "ap-07"):
            return b49(rng, "a100p80_49", load=rng.uniform(0.86, 0.98), extra=ex)
        return i49(rng, "a100p80_49", extra=ex)
    tel49(s, [host], 4, 0.0, t_end, 120.0, fn, keys=K49E)
    tel49(s, ["ap-01", "ap-02", "ap-07", "ap-03"], 4, 0.0, t_end, 900.0, fn, keys=K49E)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": host, "gpu": 0}, drain=[host],
                    requeue={J: {"exclude": [host]}}, no_requeue=[N1, N2], no_drain=["ap-01", "ap-02", "ap-07"])
    return s


# ======================================================================================
# S2  open-lm-1b-8xa40-a40-03-gpu5-hw-slowdown-power-brake-batch-time-doubles  (gpu_degraded: an OpenLM 1B
#     pre-training run (torchrun, 8 x A40 on a40-03, FSDP) logs one line per 100 steps. After 3 h 20 min GPU 5's
#     board asserts HW slowdown with the power brake (throttle reasons 0x88): its SM clock falls from 1740 MHz to
#     ~700-840 MHz at ~130 W while the seven healthy GPUs wait at half utilisation. OpenLM's `Batch (t)` climbs from
#     ~0.62 s to ~1.35 s and stays there; nothing is printed about it, no kernel line, no error; the job runs on.)
# ======================================================================================
# Source (truth): https://docs.nvidia.com/deploy/nvml-api/group__nvmlClocksEventReasons.html -- NVML's clock event
#   reasons: HW Slowdown "(reducing the core clocks by a factor of 2 or more) is engaged", an indicator of temperature
#   being too high, of External Power Brake Assertion being triggered (e.g. by the system power supply), or of power
#   draw being too high; HW Power Brake Slowdown is the external power brake. A GPU held there works, at half speed or
#   less, and drags a synchronous data-parallel job: gpu_degraded by FORMAT. No real log line is used (the page has
#   none); the log format is OpenLM's (open_clip-style) logger, written from its source layout.


def openlm_line(d: dt.datetime, ep: int, seen: int, total: int, loss: float, data_t: float, batch_t: float,
                lr: float, step: int, gpus: int = 8, tok_per_step: int = 8 * 16 * 2048) -> str:
    """SYNTH: OpenLM's train log line (logger format `%(asctime)s | %(levelname)s | %(message)s`)."""
    sps = tok_per_step / batch_t
    return (f"{d:%Y-%m-%d,%H:%M:%S} | INFO | Train Epoch: {ep} [{seen:>11d}/{total} ({100 * seen / total:.0f}%)] "
            f"Loss: {loss:.3f} Data (t): {data_t:.3f} Batch (t): {batch_t:.3f}, {sps:#g}/s, {sps / gpus:#g}/s/gpu "
            f"LR: {lr:.6f} Steps: {step}")


def build_s2() -> Scenario:
    name = "open-lm-1b-8xa40-a40-03-gpu5-hw-slowdown-power-brake-batch-time-doubles"
    J, N1, N2 = "884410", "884377", "884431"
    start = "2024-03-04T08:00:00Z"
    s = Scenario(name, "OpenLM 1B pre-training (torchrun under srun, FSDP, 8 x A40 on one node), opted in to "
                 "requeue; one log line per 100 steps. Other owners' jobs on other nodes.",
                 start,
                 {"name": "lm-a40", "partition": "a40", "nodes": "a40-[01-06]", "gpus_per_node": 8,
                  "pci_bus_ids": A40_8_BUS},
                 [{"id": J, "name": "openlm-1b-rpj-v1", "user": "tguo", "nodes": "a40-03", "tasks_per_node": 8,
                   "started": "2024-03-04T07:10:12Z", "comment": comment(2, "/data/tguo/openlm/logs/1b-rpj")},
                  {"id": N1, "name": "sdxl-lora-sweep-12", "user": "pnair", "nodes": "a40-[01-02]",
                   "tasks_per_node": 8, "started": "2024-03-04T06:02:51Z", "comment": comment(1)},
                  {"id": N2, "name": "graphcast-ft-era5-025", "user": "hzhou", "nodes": "a40-05", "tasks_per_node": 8,
                   "started": "2024-03-04T07:48:30Z"}])
    rng = s.rng
    host, bad = "a40-03", 5
    t_fault = 3 * 3600 + 1213.0
    t_end = t_fault + 2 * 3600 + 1500.0
    total = 28_000_000_000
    tok = 8 * 16 * 2048
    step = 4100
    tt = 25.0
    while tt < t_end:
        step += 100
        if tt < t_fault:
            bt = 0.618 + rng.uniform(-0.008, 0.012)
        else:
            ramp = min(1.0, (tt - t_fault) / 540.0)
            bt = 0.62 + ramp * 0.73 + rng.uniform(-0.02, 0.03)
        lr = 3e-3 * 0.5 * (1 + math.cos(math.pi * step / 110000))
        loss = 2.55 + 1.9 * math.exp(-step / 9000.0) + rng.uniform(-0.04, 0.04)
        s.joblog(tt, J, openlm_line(s.at(tt), 0, step * tok, total, loss, rng.uniform(0.002, 0.006), bt, lr, step))  # SYNTH
        if step % 2000 == 0:
            s.joblog(tt + 1.0, J, f"{s.at(tt + 1.0):%Y-%m-%d,%H:%M:%S} | INFO | Saving checkpoint to "
                                  f"/data/tguo/openlm/logs/1b-rpj/checkpoints/epoch_0_step_{step}.pt")  # SYNTH
            tt += 38.0
        tt += 100 * bt
    # neighbours (SYNTH)
    tn, st = 50.0, 800
    while tn < t_end:
        st += 250
        s.joblog(tn, N1, tqdm_meter(st % 2500, 2500, (st % 2500) * 1.41, 1 / 1.41, desc="Steps",
                                    postfix=f"lr=0.0001, step_loss={rng.uniform(0.05, 0.21):.3f}"))
        tn += 250 * 1.41
    tn, ep = 120.0, 3
    while tn < t_end:
        d = s.at(tn)
        s.joblog(tn, N2, f"{d:%Y-%m-%d %H:%M:%S} [INFO] epoch {ep} step {rng.randint(0, 99)}: train/loss="
                         f"{rng.uniform(0.061, 0.071):.5f} val/rmse_z500={rng.uniform(41.0, 47.0):.2f}")
        ep += 1
        tn += 611.0
    for k, (h, tk) in enumerate([("a40-02", 3300.0), ("a40-03", 7600.0), ("a40-06", 12900.0), ("a40-04", 17000.0)]):
        noise49(s, h, tk, k + 1)

    def fn(n_, g, t_):
        if n_ == host:
            if t_ < t_fault:
                return b49(rng, "a40_49", load=rng.uniform(0.95, 1.0))
            if g == bad:
                return b49(rng, "a40_49", load=1.0, clock=rng.choice([705, 750, 795, 840]), thr=0x88,
                           extra={"DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(118, 141), 1),
                                  "DCGM_FI_DEV_GPU_TEMP": rng.randint(56, 61)})
            return b49(rng, "a40_49", load=rng.uniform(0.47, 0.6),
                       extra={"DCGM_FI_DEV_GPU_TEMP": rng.randint(49, 55)})
        if n_ in ("a40-01", "a40-02", "a40-05"):
            return b49(rng, "a40_49", load=rng.uniform(0.8, 0.97))
        return i49(rng, "a40_49")
    tel49(s, [host], 8, 0.0, t_end, 450.0, fn, keys=K49T)
    tel49(s, ["a40-01", "a40-02", "a40-05"], 8, 0.0, t_end, 3600.0, fn, keys=K49T)
    s.node_state(9000.0, "a40-06", "IDLE+DRAIN", "BMC firmware update (rlopez)")  # SYNTH, unrelated
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": host, "gpu": bad}, drain=[host],
                    requeue={J: {"exclude": [host]}}, no_requeue=[N1, N2], no_drain=["a40-01", "a40-02", "a40-05"])
    return s


# ======================================================================================
# S3  applio-rvc-2xrtx3060-rtx-07-psu-power-cut-after-epoch-20-node-gone  (node_failure: an Applio (RVC-based) voice
#     model training on 2 x RTX 3060 of rtx-07 prints one line per epoch (~41 s). Right after epoch 20 the node loses
#     power (a damaged PSU): the log stops mid-run, DCGM gets nothing more from rtx-07, no kernel line is written.
#     Five minutes later slurmctld marks it DOWN+NOT_RESPONDING and the job NODE_FAIL. 24 min after the cut someone
#     power-cycles it: boot lines, slurmd registers, the node returns IDLE (ReturnToService) -- still the culprit.)
# ======================================================================================
# Source (truth): https://github.com/IAHispano/Applio/issues/1016 -- "I am using 2 x 3060oc 12gb for training. The power
#   is cut off after 20 training sessions."; a maintainer: "that's your hardware issue"; another user with the same
#   symptom found the power supply damaged ("GPU cable was melted to the PSU") and advises to check the PSU. The host,
#   not the program, fails: node_failure. The thread has no log lines; every line here is SYNTH (Applio's per-epoch
#   line written from its format: model | epoch | step | time | training_speed | lowest_value ...).


def applio_line(model: str, ep: int, step: int, d: dt.datetime, speed: float, low: float, low_ep: int,
                low_step: int) -> str:
    """SYNTH: Applio's per-epoch summary line."""
    return (f"{model} | epoch={ep} | step={step} | time={d:%Y-%m-%d %H:%M:%S} | training_speed={hms(speed)} | "
            f"lowest_value={low:.3f} (epoch {low_ep} and step {low_step})")


def build_s3() -> Scenario:
    name = "applio-rvc-2xrtx3060-rtx-07-psu-power-cut-after-epoch-20-node-gone"
    J, N1, N2 = "20931", "20918", "20940"
    start = "2025-03-30T12:00:00Z"
    s = Scenario(name, "Applio (RVC) voice-model training on 2 x RTX 3060 12GB of one workstation-class node, opted "
                 "in to requeue; one line per epoch. Other owners' jobs on other nodes.",
                 start,
                 {"name": "lab-rtx", "partition": "rtx", "nodes": "rtx-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": RTX4_BUS},
                 [{"id": J, "name": "applio-voice-elena-v2", "user": "kbuwel", "nodes": "rtx-07", "tasks_per_node": 2,
                   "started": "2025-03-30T12:05:10Z", "comment": comment(1, "/home/kbuwel/Applio/logs/elena")},
                  {"id": N1, "name": "yolo11s-pcb-defects", "user": "jpark", "nodes": "rtx-03", "tasks_per_node": 2,
                   "started": "2025-03-30T10:41:27Z", "comment": comment(1)},
                  {"id": N2, "name": "sd15-dreambooth-cats", "user": "mvidal", "nodes": "rtx-05", "tasks_per_node": 1,
                   "started": "2025-03-30T11:58:02Z"}])
    rng = s.rng
    host = "rtx-07"
    t_job = 310.0
    for dtm, l in [(0.0, "+ srun python core.py train --model_name elena --rvc_version v2 --save_every_epoch 10 "
                         "--total_epoch 300 --sample_rate 40000 --batch_size 4 --gpu 0-1 --pretrained True"),
                   (9.0, "Starting training..."),
                   (13.5, "Loaded pretrained (G) 'rvc/models/pretraineds/pretraineds_v2/f0G40k.pth'"),
                   (13.9, "Loaded pretrained (D) 'rvc/models/pretraineds/pretraineds_v2/f0D40k.pth'")]:
        s.joblog(t_job + dtm, J, l)  # SYNTH
    tt = t_job + 19.0
    low, low_ep, low_step = 99.0, 0, 0
    ep, stp = 0, 0
    t_cut = None
    while True:
        ep += 1
        speed = 41.0 + rng.uniform(-1.5, 2.0)
        tt += speed
        stp += 62
        val = 44.0 - 12.0 * (1 - math.exp(-ep / 9.0)) + rng.uniform(-1.2, 1.2)
        if val < low:
            low, low_ep, low_step = val, ep, stp
        s.joblog(tt, J, applio_line("elena", ep, stp, s.at(tt), speed, low, low_ep, low_step))  # SYNTH
        if ep % 10 == 0:
            s.joblog(tt + 1.1, J, f"Saved model 'logs/elena/elena_{ep}e_{stp}s.pth' (epoch {ep} and step {stp})")  # SYNTH
        if ep == 20:
            t_cut = tt + 6.3            # power lost early in epoch 21
            break
    t_nr = t_cut + 302.0
    s.node_state(t_nr, host, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    node_fail_lines(s, t_nr + 0.4, J, host, host)
    job_end(s, t_nr + 1.0, J, "NODE_FAIL", "0:0")
    t_boot = t_cut + 1440.0
    for k, l in enumerate(["Linux version 6.8.0-55-generic (buildd@lcy02-amd64-095) (x86_64-linux-gnu-gcc-13 (Ubuntu "
                           "13.3.0-6ubuntu2~24.04) 13.3.0, GNU ld (GNU Binutils for Ubuntu) 2.42) #57-Ubuntu SMP "
                           "PREEMPT_DYNAMIC Wed Feb 12 23:42:21 UTC 2025 (Ubuntu 6.8.0-55.57-generic 6.8.12)",
                           "Command line: BOOT_IMAGE=/vmlinuz-6.8.0-55-generic root=UUID=5d0c1c1e-8a3b-4c7d-9f5e-"
                           "1c2b3a4d5e6f ro quiet splash",
                           "ACPI: PM-Timer IO Port: 0x1808",
                           "nvidia: loading out-of-tree module taints kernel.",
                           "nvidia-nvlink: Nvlink Core is being initialized, major device number 509",
                           "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.144.03  Mon Dec 30 17:44:08 UTC 2024",
                           "r8169 0000:05:00.0 enp5s0: Link is Up - 2.5Gbps/Full - flow control rx/tx"]):
        kt(s, t_boot + 0.8 * k, host, l)  # SYNTH
    s.node_state(t_boot + 95.0, host, "IDLE", "")  # SYNTH: slurmd registered, ReturnToService brings it back
    t_end = t_cut + 3300.0
    # neighbours (SYNTH)
    tn, ep2 = 40.0, 61
    while tn < t_end:
        s.joblog(tn, N1, f"     {ep2}/200      3.12G    {rng.uniform(1.02, 1.11):.4f}    {rng.uniform(0.62, 0.7):.4f}"
                         f"    {rng.uniform(0.98, 1.04):.4f}         41        640: 100%|██████████| 86/86 [01:58<00:00,"
                         f"  1.37s/it]")
        ep2 += 1
        tn += 131.0
    tn, st = 90.0, 400
    while tn < t_end:
        st += 100
        s.joblog(tn, N2, tqdm_meter(min(st, 4000), 4000, st * 0.83, 1 / 0.83, desc="Steps",
                                    postfix=f"loss={rng.uniform(0.02, 0.3):.3f}, lr=2e-6"))
        tn += 83.0
        if st >= 4000:
            s.joblog(tn, N2, "Model weights saved in /home/mvidal/db-cats/out/pytorch_lora_weights.safetensors")
            job_end(s, tn + 3.0, N2, "COMPLETED", "0:0")
            break
    for k, (h, tk) in enumerate([("rtx-02", 700.0), ("rtx-07", 900.0), ("rtx-05", 2300.0), ("rtx-01", 3900.0)]):
        noise49(s, h, tk, k + 2)

    def fn(n_, g, t_):
        if n_ == host:
            if t_cut <= t_ < t_boot + 60:
                return None                # no power: no exporter
            if g < 2 and t_job + 15 < t_ < t_cut:
                return b49(rng, "rtx3060_49", load=rng.uniform(0.88, 0.99))
            return i49(rng, "rtx3060_49")
        if n_ == "rtx-03" and g < 2:
            return b49(rng, "rtx3060_49", load=rng.uniform(0.8, 0.95))
        if n_ == "rtx-05" and g == 0:
            return b49(rng, "rtx3060_49", load=0.97)
        return i49(rng, "rtx3060_49")
    tel49(s, [host], 4, 0.0, t_end, 60.0, fn, keys=K49T)
    tel49(s, ["rtx-03", "rtx-05", "rtx-02"], 4, 0.0, t_end, 600.0, fn, keys=K49T)
    s.truth = truth({"t": t_cut, "category": "node_failure", "node": host}, drain=[host],
                    requeue={J: {"exclude": [host]}}, no_requeue=[N1, N2], no_drain=["rtx-03", "rtx-05"])
    return s


# ======================================================================================
# S4  videomae-4x8-v100-14-data-nic-link-down-nccl-socket-recv-timeouts-watchdog  (network: VideoMAE ViT-B
#     pre-training, 4 nodes x 8 V100-SXM2-32GB, NCCL over the 25GbE data network (NET/Socket; no IB on this
#     partition). v100-14's data NIC loses link (mlx5 "Link down", one brief flap); its ranks go silent. ~15 min
#     later the ring neighbours' proxy threads give up on recv from v100-14's address (100.96.188.199) with "Connection
#     timed out"; the collective hangs until the 30-min NCCL watchdog takes every rank down. FAILED.)
# ======================================================================================
# Source (lines and truth): https://github.com/NVIDIA/nccl/issues/706 -- "NCCL hangs after multiple training steps due
#   to network connection": a 32-pod V100 job whose NCCL socket proxy threads fail `Call to recv from 100.96.188.199
#   <41468> failed : Connection timed out`, then `NET/Socket : socket progress error` and the `-> 2` return chain;
#   every rank blocks in the proxy. The cause named is the network connection to that peer. Used verbatim after the
#   `[rank]host:pid:tid [dev]` prefix (rewritten to this cluster's srun label and NCCL prefix). The link-down kernel
#   lines, watchdog, srun lines and VideoMAE's MetricLogger lines are SYNTH.
REAL_S4_RECV = "misc/socket.cc:503 NCCL WARN Net : Call to recv from 100.96.188.199<41468> failed : Connection timed out"
REAL_S4_CHAIN = [
    "NCCL INFO misc/socket.cc:520 -> 2",
    "transport/net_socket.cc:219 NCCL WARN NET/Socket : socket progress error",
    "NCCL INFO transport/net.cc:870 -> 2",
    "NCCL INFO proxy.cc:494 -> 2",
    "NCCL INFO proxy.cc:614 -> 2 [Proxy Thread]",
]


def mae_line(ep: int, it: int, n: int, eta: float, lr: float, loss: float, lavg: float, gn: float, tm: float,
             mem: int) -> str:
    """SYNTH: MAE/VideoMAE MetricLogger line (rank 0, print_freq steps)."""
    w = len(str(n))
    return (f"Epoch: [{ep}]  [{it:>{w}}/{n}]  eta: {dt.timedelta(seconds=int(eta))}  lr: {lr:.6f}  min_lr: "
            f"{lr * 0.0:.6f}  loss: {loss:.4f} ({lavg:.4f})  loss_scale: 65536.0000 (65536.0000)  weight_decay: "
            f"0.0500 (0.0500)  grad_norm: {gn:.4f} ({gn * 1.06:.4f})  time: {tm:.4f}  data: 0.0012  max mem: {mem}")


def build_s4() -> Scenario:
    name = "videomae-4x8-v100-14-data-nic-link-down-nccl-socket-recv-timeouts-watchdog"
    J, N1, N2 = "3318450", "3318402", "3318477"
    start = "2022-07-21T01:00:00Z"
    nodes = ["v100-11", "v100-12", "v100-13", "v100-14"]
    s = Scenario(name, "VideoMAE ViT-B pre-training on Kinetics-400, torch.distributed under srun (one task per GPU), "
                 "4 nodes x 8 V100-SXM2-32GB, NCCL over 25GbE sockets, watchdog 30 min; opted in to requeue. "
                 "Other owners' jobs on other nodes.",
                 start,
                 {"name": "vis-v100", "partition": "v100", "nodes": "v100-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": V100_8_BUS},
                 [{"id": J, "name": "videomae-vitb-k400-pt", "user": "atamura", "nodes": "v100-[11-14]",
                   "tasks_per_node": 8, "started": "2022-07-20T19:44:03Z",
                   "comment": comment(3, "/gpfs/atamura/videomae/k400_vitb")},
                  {"id": N1, "name": "mask2former-ade-swinl", "user": "bcho", "nodes": "v100-[03-04]",
                   "tasks_per_node": 8, "started": "2022-07-20T23:10:45Z", "comment": comment(1)},
                  {"id": N2, "name": "wav2vec2-large-lv60-ft", "user": "rfischer", "nodes": "v100-08",
                   "tasks_per_node": 8, "started": "2022-07-21T00:31:17Z"}])
    rng = s.rng
    bad = "v100-14"
    t_link = 5 * 3600 + 1187.0 - 4 * 3600        # 02:19:47
    t_to = t_link + 941.0                         # TCP gives up (~15 min of retransmissions)
    t_wd = t_link + 1800.0 + 3.5
    n_it, it_s = 1200, 0.912
    ep, it = 211, 700
    tt = 20.0
    last_print = tt
    while tt < t_link:
        it += 100
        if it > n_it:
            it -= n_it
            ep += 1
            s.joblog(tt - 6.0, J, f"Epoch: [{ep - 1}] Total time: 0:18:{rng.randint(10, 19):02d} ({it_s + 0.002:.4f} s / it)")
            s.joblog(tt - 5.9, J, f"Averaged stats: lr: {1.2e-3 * 0.5 * (1 + math.cos(math.pi * ep / 800)):.6f}  "
                                  f"min_lr: 0.000000  loss: {rng.uniform(0.529, 0.535):.4f} (0.5318)")
        lr = 1.2e-3 * 0.5 * (1 + math.cos(math.pi * ep / 800))
        loss = rng.uniform(0.52, 0.545)
        s.joblog(tt, J, mae_line(ep, it - 1 if it == n_it else it, n_it, (n_it - it) * it_s, lr, loss, 0.5321,
                                 rng.uniform(0.21, 0.3), it_s + rng.uniform(-0.02, 0.03), 17912))  # SYNTH
        last_print = tt
        tt += 100 * it_s
    # link down on v100-14's data NIC (SYNTH kernel lines)
    kt(s, t_link, bad, "mlx5_core 0000:5e:00.0 ens1f0np0: Link down")
    kt(s, t_link + 33.0, bad, "mlx5_core 0000:5e:00.0 ens1f0np0: Link up")
    kt(s, t_link + 35.6, bad, "mlx5_core 0000:5e:00.0 ens1f0np0: Link down")
    # ring neighbours give up on recv from v100-14 (REAL body for one rank; SYNTH others)
    pids = {r: 28100 + 13 * r for r in range(32)}
    peers = [(23, "v100-13", 7), (0, "v100-11", 0), (16, "v100-13", 0), (7, "v100-11", 7)]
    for k, (r, h, dev) in enumerate(peers):
        tw = t_to + rng.uniform(0.0, 4.0) + 0.9 * k
        pre = f"{r:>2}: {h}:{pids[r]}:{pids[r] + 2443} [{dev}] "
        if k == 0:
            s.joblog(tw, J, pre + REAL_S4_RECV)  # REAL (prefix SYNTH)
        else:
            s.joblog(tw, J, pre + f"misc/socket.cc:503 NCCL WARN Net : Call to recv from 100.96.188.199<"
                                  f"{rng.randint(33000, 60000)}> failed : Connection timed out")  # SYNTH
        for j, l in enumerate(REAL_S4_CHAIN):
            s.joblog(tw + 0.001 * (j + 1), J, pre + l)  # REAL (prefix SYNTH)
    # NCCL watchdog (torch 1.12 layout), every rank (SYNTH)
    seq = 4133209
    for r in range(32):
        tw = t_wd + rng.uniform(0.0, 2.0)
        pre = f"{r:>2}: "
        s.joblog(tw, J, pre + f"[E ProcessGroupNCCL.cpp:737] [Rank {r}] Watchdog caught collective operation timeout: "
                              f"WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for "
                              f"{1800000 + rng.randint(300, 4000)} milliseconds before timing out.")
        s.joblog(tw + 0.01, J, pre + "[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due "
                                     "to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
                                     "corrupted/incomplete data. To avoid this inconsistency, we are taking the entire "
                                     "process down.")
        s.joblog(tw + 0.02, J, pre + "terminate called after throwing an instance of 'std::runtime_error'")
    te = t_wd + 6.0
    for k, h in enumerate(nodes):
        s.joblog(te + 0.3 * k, J, f"srun: error: {h}: tasks {8 * k}-{8 * k + 7}: Aborted (core dumped)")  # SYNTH
    job_end(s, te + 2.0, J, "FAILED", "134:0")
    t_end = t_wd + 3300.0
    # neighbours (SYNTH)
    tn, it2 = 35.0, 52000
    while tn < t_end:
        it2 += 20
        d = s.at(tn)
        s.joblog(tn, N1, f"[{d:%m/%d %H:%M:%S} d2.utils.events]:  eta: {hms(rng.uniform(20000, 24000))}  iter: {it2}  "
                         f"total_loss: {rng.uniform(29.0, 33.0):.2f}  loss_ce: {rng.uniform(1.1, 1.5):.3f}  "
                         f"loss_mask: {rng.uniform(0.7, 0.9):.3f}  loss_dice: {rng.uniform(1.0, 1.3):.3f}  time: "
                         f"{rng.uniform(0.95, 1.05):.4f}  data_time: 0.0110  lr: 0.0001  max_mem: 21931M")
        tn += 20 * 1.01 * 5
    tn, st = 60.0, 6000
    while tn < t_end:
        st += 50
        s.joblog(tn, N2, "{'loss': %s, 'learning_rate': %r, 'epoch': %s}" % (round(rng.uniform(0.31, 0.39), 4),
                                                                            3e-05 * (1 - st / 20000), round(st / 700, 2)))
        tn += 50 * 1.7
    for k, (h, tk) in enumerate([("v100-02", 1500.0), ("v100-12", 3100.0), ("v100-16", 6000.0), ("v100-04", 7700.0)]):
        noise49(s, h, tk, k + 3)

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ > te + 2:
                return i49(rng, "v100_49")
            if t_ < t_link:
                return b49(rng, "v100_49", load=rng.uniform(0.88, 0.99), temp=False, fb=False)
            return g38(100, PROFILES["v100_49"][2] * 0.3 + rng.uniform(-6, 6), 1530)
        if n_ in ("v100-03", "v100-04", "v100-08"):
            return b49(rng, "v100_49", load=rng.uniform(0.85, 0.97), temp=False, fb=False)
        return i49(rng, "v100_49")
    tel49(s, nodes, 8, 0.0, t_end, 600.0, fn, keys=K49S)
    tel49(s, ["v100-03", "v100-04", "v100-08", "v100-09"], 8, 0.0, t_end, 1800.0, fn, keys=K49S)
    s.truth = truth({"t": t_link, "category": "network", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["v100-11", "v100-12", "v100-13"])
    return s


# ======================================================================================
# S5  stable-audio-tools-4x8-h100-b05-tasks-never-start-store-timeout-history-suspect  (hang: a stable-audio-tools
#     (Lightning DDP) training on 4 nodes x 8 H100, one task per GPU under srun. The tasks of h100-b05 never start:
#     slurmstepd there sits in D state (hung-task reports), no Python line ever comes from ranks 16-23, their GPUs
#     stay empty. The other 24 ranks print Lightning's "Initializing distributed" and wait in the TCPStore; after
#     30 min rank 0 raises "Timed out after 1801 seconds waiting for clients. 24/32 clients joined."; srun tears the
#     step down, b05's stepd cannot kill its tasks and Slurm drains it ("Kill task failed"). No GPU, NIC or Xid line.
#     history: the controller already named h100-b05 a suspect (hang) five days earlier.)
# ======================================================================================
# Source (truth): https://github.com/flux-framework/flux-core/issues/6103 -- "We've been regularly seeing jobs hang at
#   startup due to one or more nodes in some variant of a bad state where the job shell is potentially hung while
#   starting. This causes the job to never even reach the `start` event ... It is usually quite a chore to find the
#   affected ranks, which then require a reboot to clear the job." A startup hang caused by one node with no hardware
#   evidence: hang by FORMAT (requeue without the node; drain it because history already names it). The thread is
#   about Flux; here the same failure is shown under Slurm. It has no log lines; every line here is SYNTH.


def build_s5() -> Scenario:
    name = "stable-audio-tools-4x8-h100-b05-tasks-never-start-store-timeout-history-suspect"
    J, N1, N2 = "9920334", "9920301", "9920347"
    start = "2024-11-18T14:00:00Z"
    nodes = ["h100-b02", "h100-b03", "h100-b05", "h100-b06"]
    bad = "h100-b05"
    s = Scenario(name, "stable-audio-tools (Lightning DDP) training, 4 nodes x 8 H100-SXM5, one srun task per GPU, "
                 "opted in to requeue. Other owners' jobs on other nodes.",
                 start,
                 {"name": "gen-h100", "partition": "h100", "nodes": "h100-b[01-08]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS},
                 [{"id": J, "name": "sa-open-small-music-ft", "user": "cdonahue", "nodes": "h100-b[02-03,05-06]",
                   "tasks_per_node": 8, "started": "2024-11-18T14:02:00Z",
                   "comment": comment(2, "/lustre/cdonahue/sat/ckpt")},
                  {"id": N1, "name": "qwen25-14b-sft-code", "user": "ygupta", "nodes": "h100-b[07-08]",
                   "tasks_per_node": 8, "started": "2024-11-18T11:27:40Z", "comment": comment(1)},
                  {"id": N2, "name": "esm3-embed-uniref50", "user": "tnakamura", "nodes": "h100-b01",
                   "tasks_per_node": 8, "started": "2024-11-18T13:15:09Z"}],
                 history=[{"at": "2024-11-13T09:12:00Z", "node": bad, "verdict": "suspect", "category": "hang"}])
    rng = s.rng
    t_job = 120.0
    t_launch = t_job + 4.0
    w = srun_label_width(32)
    s.joblog(t_job, J, "+ srun --kill-on-bad-exit=1 python3 ./train.py --dataset-config configs/music_ft.json "
                       "--model-config configs/sa_open_small.json --pretrained-ckpt-path /lustre/cdonahue/sat/base.ckpt "
                       "--name sa-open-small-music-ft --num-nodes 4 --num-gpus 8 --batch-size 16")  # SYNTH
    pids = {r: 61200 + 17 * r for r in range(32)}
    for r in range(32):
        h = nodes[r // 8]
        if h == bad:
            continue                      # these tasks never start
        tr = t_launch + rng.uniform(21.0, 26.0)
        if r == 0:
            s.joblog(tr - 1.2, J, label(0, w) + "Using 16bit Automatic Mixed Precision (AMP)")
            s.joblog(tr - 1.1, J, label(0, w) + "GPU available: True (cuda), used: True")
            s.joblog(tr - 1.0, J, label(0, w) + "TPU available: False, using: 0 TPU cores")
            s.joblog(tr - 0.9, J, label(0, w) + "HPU available: False, using: 0 HPUs")
        s.joblog(tr, J, label(r, w) + f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/32")  # SYNTH
    # b05: slurmstepd hung (SYNTH kernel lines; no hardware lines)
    for k in range(4):
        th = t_launch + 122.0 + 121.0 * k
        kt(s, th, bad, f"INFO: task slurmstepd:{48211 + (k % 2) * 6} blocked for more than {120 + 121 * k} seconds.")
        kt(s, th + 0.0001, bad, "      Tainted: G           OE      6.5.0-1022-nvidia #23~22.04.1-Ubuntu")
        kt(s, th + 0.0002, bad, f"task:slurmstepd      state:D stack:0     pid:{48211 + (k % 2) * 6} ppid:1      "
                                "flags:0x00004002")
    t_to = t_launch + 26.0 + 1801.0
    py = "/opt/venv/lib/python3.10/site-packages"
    tb = ["Traceback (most recent call last):",
          '  File "/lustre/cdonahue/stable-audio-tools/./train.py", line 128, in <module>',
          "    main()",
          '  File "/lustre/cdonahue/stable-audio-tools/./train.py", line 125, in main',
          "    trainer.fit(training_wrapper, train_dl, ckpt_path=args.ckpt_path if args.ckpt_path else None)",
          f'  File "{py}/lightning/pytorch/strategies/ddp.py", line 244, in setup_distributed',
          "    _init_dist_connection(self.cluster_environment, self._process_group_backend, timeout=self._timeout)",
          f'  File "{py}/torch/distributed/rendezvous.py", line 189, in _create_c10d_store',
          "    return TCPStore(",
          "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined."]
    for k, l in enumerate(tb):
        s.joblog(t_to + 0.0005 * k, J, label(0, w) + l)  # SYNTH
    s.joblog(t_to + 1.2, J, "srun: error: h100-b02: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(t_to + 1.3, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_to + 1.4, J, f"slurmstepd: error: *** STEP {J}.0 ON h100-b02 CANCELLED AT "
                            f"{s.at(t_to + 1.4):%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(t_to + 33.5, J, "srun: error: Timed out waiting for job step to complete")
    s.node_state(t_to + 94.0, bad, "MIXED+DRAIN", "Kill task failed")  # SYNTH (Slurm's own reason)
    job_end(s, t_to + 95.0, J, "FAILED", "1:0")
    s.node_state(t_to + 96.0, bad, "DRAINED", "Kill task failed")  # SYNTH
    t_end = t_to + 3600.0
    # neighbours (SYNTH)
    tn, st = 30.0, 9100
    while tn < t_end:
        st += 10
        s.joblog(tn, N1, hf_dict48(rng.uniform(0.41, 0.48), rng.uniform(0.3, 0.6) + 1e-9 * rng.random(),
                                   1e-5 * 0.5 * (1 + math.cos(math.pi * st / 30000)), st / 12000))
        tn += 10 * 6.3
    tn, b = 45.0, 0
    while tn < t_end:
        b += 1
        d = s.at(tn)
        s.joblog(tn, N2, f"{d:%Y-%m-%d %H:%M:%S} INFO embed shard {3100 + b:05d}/09600 done: 10240 seqs, "
                         f"{rng.uniform(310, 340):.1f} seq/s")
        tn += 31.5 + rng.uniform(-1, 1)
    for k, (h, tk) in enumerate([("h100-b04", 800.0), ("h100-b06", 2100.0), ("h100-b01", 3000.0)]):
        noise49(s, h, tk, k)

    def fn(n_, g, t_):
        if n_ in nodes:
            if n_ != bad and t_launch + 22 < t_ < t_to + 2:
                return g38(0, rng.uniform(68, 76), 1980, fb=519 + rng.randint(0, 4))   # CUDA context only, waiting
            return g38(0, rng.uniform(64, 74), 345, fb=0)
        if n_ in ("h100-b07", "h100-b08", "h100-b01"):
            return b49(rng, "h100_49", load=rng.uniform(0.85, 0.98), temp=False)
        return g38(0, rng.uniform(64, 74), 345, fb=0)
    tel49(s, nodes, 8, 0.0, t_end, 300.0, fn, keys=K49)
    tel49(s, ["h100-b07", "h100-b08", "h100-b01", "h100-b04"], 8, 0.0, t_end, 1800.0, fn, keys=K49)
    s.truth = truth({"t": t_launch, "category": "hang", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["h100-b02", "h100-b03", "h100-b06"])
    return s


# ======================================================================================
# S6  czsl-compcos-open-world-eval-oom-1080ti-gtx-04-first-validation  (software: CompCos open-world compositional
#     zero-shot training (czsl) on one GTX 1080 Ti, opted in to requeue. Five training epochs run normally; the first
#     validation (open-world: scores over every attribute-object pair) asks for 4.18 GiB more than the 11 GB card has:
#     "CUDA out of memory" in score_fast_model. FAILED. The same run would fail at the same point anywhere.)
# ======================================================================================
# Source (lines and truth): https://github.com/ExplainableML/czsl/issues/7 -- "Cuda Running out of memory during
#   evaluate_predictions" replicating CompCos on MIT-States; maintainer: "open-world evaluation is pretty costly. I
#   have added a new flag: `--cpu_eval` ... makes the script use CPU memory during evaluation". A property of the
#   program and its inputs: software. The traceback frames and the error line are the reporter's, verbatim (the
#   generic `main()` frame lines are SYNTH).
REAL_S6_TB = [
    '  File "train.py", line 228, in <module>',
    '  File "train.py", line 108, in main',
    "    test(epoch, image_extractor, model, testloader, evaluator_val, writer, args, logpath)",
    '  File "train.py", line 193, in test',
    "    stats = evaluator.evaluate_predictions(results, all_attr_gt, all_obj_gt, all_pair_gt, all_pred_dict, "
    "topk=args.topk)",
    '  File "/nfs4/krissna/OWCZL/czsl-main/czsl-main/models/common.py", line 489, in evaluate_predictions',
    "    results = self.score_fast_model(scores, obj_truth, bias = bias, topk = topk)",
    '  File "/nfs4/krissna/OWCZL/czsl-main/czsl-main/models/common.py", line 363, in score_fast_model',
    "    scores[~mask] += bias # Add bias to test pairs",
]
REAL_S6_ERR = ("RuntimeError: CUDA out of memory. Tried to allocate 4.18 GiB (GPU 0; 10.92 GiB total capacity; 4.68 GiB "
               "already allocated; 2.44 GiB free; 7.85 GiB reserved in total by PyTorch)")


def build_s6() -> Scenario:
    name = "czsl-compcos-open-world-eval-oom-1080ti-gtx-04-first-validation"
    J, N1, N2 = "1187342", "1187310", "1187355"
    start = "2021-06-24T09:00:00Z"
    s = Scenario(name, "czsl CompCos (open world) training on MIT-States, one GTX 1080 Ti, opted in to requeue. Other "
                 "owners' jobs on other nodes.",
                 start,
                 {"name": "vision-gtx", "partition": "gtx", "nodes": "gtx-[01-12]", "gpus_per_node": 4,
                  "pci_bus_ids": GTX4_BUS},
                 [{"id": J, "name": "compcos-mitstates-ow", "user": "krissna", "nodes": "gtx-04", "tasks_per_node": 1,
                   "started": "2021-06-24T09:03:10Z", "comment": comment(1, "/nfs4/krissna/OWCZL/logs")},
                  {"id": N1, "name": "fairmot-mot17-ft", "user": "wchen", "nodes": "gtx-[01-02]", "tasks_per_node": 4,
                   "started": "2021-06-24T07:20:55Z", "comment": comment(1)},
                  {"id": N2, "name": "pointnet2-s3dis-a5", "user": "lguerra", "nodes": "gtx-09", "tasks_per_node": 1,
                   "started": "2021-06-24T08:51:32Z"}])
    rng = s.rng
    host = "gtx-04"
    t_job = 190.0
    for dtm, l in [(0.0, "+ srun python train.py --config configs/compcos/mit/compcos_cw.yml --open_world "
                         "--fast --eval_val_every 5"),
                   (2.1, "Dataset loaded"),
                   (2.2, "Train pairs: 1262, Validation pairs: 600, Test Pairs: 800"),
                   (2.3, "Train images: 30338, Validation images: 10420, Test images: 12995"),
                   (9.8, "Learnable image_embeddings"),
                   (10.4, "Model parameters: 2203648")]:
        s.joblog(t_job + dtm, J, l)  # SYNTH
    tt = t_job + 12.0
    n_b, it_s = 237, 0.47
    for ep in range(5):
        for k in (0, 80, 160, 237):
            s.joblog(tt + k * it_s, J, tqdm_meter(k, n_b, k * it_s, 1 / it_s if k else None,
                                                  desc=f"Training epoch {ep}"))  # SYNTH
        tt += n_b * it_s + 0.3
        s.joblog(tt, J, f"Epoch: {ep}| Loss: {round(3.4 - 0.31 * ep + rng.uniform(-0.05, 0.05), 2)}")  # SYNTH
        tt += 1.0
    # first open-world validation: OOM (REAL lines)
    s.joblog(tt + 0.4, J, tqdm_meter(0, 41, 0.0, None, desc="Testing"))  # SYNTH
    s.joblog(tt + 19.6, J, tqdm_meter(41, 41, 19.2, 41 / 19.2, desc="Testing"))  # SYNTH
    t_err = tt + 23.9
    tb = ["Traceback (most recent call last):", REAL_S6_TB[0], "    main()"] + REAL_S6_TB[1:] + [REAL_S6_ERR]
    for k, l in enumerate(tb):
        s.joblog(t_err + 0.0005 * k, J, l)  # REAL (except `Traceback` header and `main()` frame line)
    s.joblog(t_err + 1.5, J, f"srun: error: {host}: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_err + 2.2, J, "FAILED", "1:0")
    t_end = t_err + 3300.0
    # neighbours (SYNTH)
    tn, it2 = 25.0, 31000
    while tn < t_end:
        it2 += 50
        d = s.at(tn)
        s.joblog(tn, N1, f"[{d:%Y-%m-%d %H:%M:%S}] mot17_ft/dla34 |train: [{it2 // 1850}][{it2 % 1850}/1850]|Tot: "
                         f"0:{rng.randint(10, 29):02d}:{rng.randint(0, 59):02d} |ETA: 0:{rng.randint(3, 20):02d}:"
                         f"{rng.randint(0, 59):02d} |loss {rng.uniform(1.2, 1.6):.4f} |hm_loss {rng.uniform(0.45, 0.6):.4f} "
                         f"|wh_loss {rng.uniform(0.9, 1.2):.4f} |off_loss 0.2174 |id_loss {rng.uniform(1.8, 2.4):.4f} "
                         f"|Data 0.011s(0.024s) |Net {rng.uniform(0.55, 0.62):.3f}s")
        tn += 50 * 0.6
    tn, ep = 140.0, 37
    while tn < t_end:
        s.joblog(tn, N2, f"**** EPOCH {ep:03d} ****")
        s.joblog(tn + 212.0, N2, f"mean loss: {rng.uniform(0.21, 0.25):.6f}")
        s.joblog(tn + 212.1, N2, f"accuracy: {rng.uniform(0.915, 0.93):.6f}")
        ep += 1
        tn += 214.0
    for k, (h, tk) in enumerate([("gtx-06", 600.0), ("gtx-04", 1900.0), ("gtx-11", 2900.0)]):
        noise49(s, h, tk, k + 1)

    def fn(n_, g, t_):
        if n_ == host and g == 0:
            if t_job + 10 < t_ < tt:
                return b49(rng, "gtx1080ti_49", load=rng.uniform(0.7, 0.9))
            if tt <= t_ < t_err + 2:
                return b49(rng, "gtx1080ti_49", load=0.6, extra={"DCGM_FI_DEV_FB_USED": 8214})
            return i49(rng, "gtx1080ti_49")
        if n_ in ("gtx-01", "gtx-02") or (n_ == "gtx-09" and g == 0):
            return b49(rng, "gtx1080ti_49", load=rng.uniform(0.8, 0.97))
        return i49(rng, "gtx1080ti_49")
    tel49(s, [host], 4, 0.0, t_end, 60.0, fn, keys=K49T)
    tel49(s, ["gtx-01", "gtx-02", "gtx-09"], 4, 0.0, t_end, 900.0, fn, keys=K49T)
    s.truth = truth({"t": t_err, "category": "software"}, no_requeue=[J, N1, N2], no_drain=[host])
    return s


# ======================================================================================
# S7  slime-grpo-and-qwen2vl-sft-lustre-ost-eviction-eio-on-checkpoint-two-jobs  (infrastructure: the shared Lustre
#     file system's OST0007 stops answering; every client with writes in flight to it loses the connection and is
#     then evicted, so in-flight writes fail with EIO. Two jobs of different owners on disjoint nodes are writing
#     checkpoints at that moment: a slime GRPO run (Megatron actors via Ray, hx-[03-04]) whose second checkpoint save
#     fails "[Errno 5] Input/output error", and a Qwen2-VL SFT (HF Trainer + DeepSpeed, hx-[09-10]) whose
#     checkpoint-1500 save fails the same way. Both FAILED within a minute. A third job that reads only local NVMe
#     runs on.)
# ======================================================================================
# Source (lines and truth): https://github.com/THUDM/slime/issues/326 -- two 8-GPU machines, the second checkpoint save
#   fails (the first one worked; single-machine runs do not hit it) with the error line below, verbatim; maintainer:
#   "这个看起来像是文件系统的问题" (this looks like a file-system problem), check whether the file system supports
#   parallel reads/writes. The shared file system, not the job or a node: infrastructure. The Lustre client kernel
#   lines, the second job and every other line are SYNTH.
REAL_S7_ERR = ("ERROR: megatron.core.dist_checkpointing.strategies.filesystem_async: Local process 0 encountered an "
               "error: [Errno 5] Input/output error")


def build_s7() -> Scenario:
    name = "slime-grpo-and-qwen2vl-sft-lustre-ost-eviction-eio-on-checkpoint-two-jobs"
    J, J2, N1 = "7740218", "7740191", "7740233"
    start = "2025-09-11T01:00:00Z"
    s = Scenario(name, "slime GRPO (Megatron actors via Ray, SGLang rollout) on 2 x 8 H100, and another owner's "
                 "Qwen2-VL SFT (HF Trainer + DeepSpeed) on 2 other nodes, both opted in to requeue and "
                 "checkpointing to the shared Lustre file system /mnt/ai3. A third owner's job uses local NVMe only.",
                 start,
                 {"name": "rl-h100", "partition": "h100", "nodes": "hx-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS},
                 [{"id": J, "name": "slime-glm4-9b-grpo-math", "user": "zhuhj", "nodes": "hx-[03-04]",
                   "tasks_per_node": 8, "started": "2025-09-10T22:41:15Z",
                   "comment": comment(2, "/mnt/ai3/zhuhj/slime/ckpt/glm4-9b-grpo")},
                  {"id": J2, "name": "qwen2vl-7b-sft-docvqa", "user": "mliu", "nodes": "hx-[09-10]",
                   "tasks_per_node": 8, "started": "2025-09-10T23:58:02Z",
                   "comment": comment(1, "/mnt/ai3/mliu/qwen2vl/out")},
                  {"id": N1, "name": "bge-m3-embed-cc-shards", "user": "svoss", "nodes": "hx-12", "tasks_per_node": 8,
                   "started": "2025-09-11T00:20:44Z"}])
    rng = s.rng
    osc = "ai3-OST0007-osc-ff3c8a51c8f4b800"
    # slime driver + actors (SYNTH), rollout/train steps every ~6 min
    ip = {"hx-03": "10.20.3.3", "hx-04": "10.20.3.4"}
    tt, rid = 60.0, 14
    save_done = False
    t_fail = None
    while True:
        d = s.at(tt)
        s.joblog(tt, J, f"rollout {rid}: {{'rollout/response_len/mean': {rng.uniform(880, 1040):.1f}, "
                        f"'rollout/raw_reward': {rng.uniform(0.52, 0.61):.4f}, 'rollout/truncated': "
                        f"{rng.uniform(0.01, 0.03):.4f}}}")
        s.joblog(tt + 151.0, J, f"(MegatronTrainRayActor pid=81234, ip={ip['hx-03']}) step {rid}: {{'train/loss': "
                                f"{rng.uniform(-0.01, 0.02):.5f}, 'train/pg_clipfrac': {rng.uniform(0.0008, 0.0016):.5f}, "
                                f"'train/grad_norm': {rng.uniform(0.09, 0.16):.4f}, 'train/kl_loss': "
                                f"{rng.uniform(0.0007, 0.0012):.5f}}}")
        if rid == 20 and not save_done:
            ts = tt + 153.0
            s.joblog(ts, J, f"(MegatronTrainRayActor pid=81234, ip={ip['hx-03']}) saving checkpoint at iteration      "
                            f"{rid} to /mnt/ai3/zhuhj/slime/ckpt/glm4-9b-grpo in torch_dist format")
            s.joblog(ts + 74.0, J, f"(MegatronTrainRayActor pid=81234, ip={ip['hx-03']})   successfully saved checkpoint "
                                   f"from iteration      {rid} to /mnt/ai3/zhuhj/slime/ckpt/glm4-9b-grpo")
            save_done = True
            tt += 80.0
        if rid == 30:
            ts = tt + 153.0
            t_save2 = ts
            s.joblog(ts, J, f"(MegatronTrainRayActor pid=81234, ip={ip['hx-03']}) saving checkpoint at iteration      "
                            f"{rid} to /mnt/ai3/zhuhj/slime/ckpt/glm4-9b-grpo in torch_dist format")
            break
        rid += 1
        tt += 361.0 + rng.uniform(-20, 25)
    # the OST stops answering 41 s into the second save (SYNTH timing)
    t_lost = t_save2 + 41.0
    t_evict = t_lost + 100.0
    t_fail = t_evict + 0.9
    s.joblog(t_fail, J, f"(MegatronTrainRayActor pid=81234, ip={ip['hx-03']}) " + REAL_S7_ERR)  # REAL (prefix SYNTH)
    py = "/usr/local/lib/python3.12/dist-packages"
    tb = [f"(MegatronTrainRayActor pid=81234, ip={ip['hx-03']}) Traceback (most recent call last):",
          '  File "/root/slime/train.py", line 98, in <module>',
          "    train(args)",
          '  File "/root/slime/train.py", line 80, in train',
          "    ray.get(actor_model.async_save_model(rollout_id))",
          f'  File "{py}/ray/_private/worker.py", line 2858, in get',
          "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
          "ray.exceptions.RayTaskError(OSError): \x1b[36mray::MegatronTrainRayActor.save_model()\x1b[39m (pid=81234, "
          f"ip={ip['hx-03']}, actor_id=6f1c0d0b2a8e4f6e9b7d8a2c01000000, repr=<slime.backends.megatron_utils.actor."
          "MegatronTrainRayActor object at 0x7f2b1c3d9f40>)",
          "OSError: [Errno 5] Input/output error"]
    for k, l in enumerate(tb):
        s.joblog(t_fail + 2.1 + 0.0005 * k, J, l)  # SYNTH
    s.joblog(t_fail + 9.0, J, "srun: error: hx-03: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_fail + 12.0, J, "FAILED", "1:0")
    # Qwen2-VL SFT (SYNTH)
    n_logs = int((t_lost - 35.0 - 40.0) / 310.0)
    tn, st = 40.0, 1500 - 10 * (n_logs + 1)
    t_save_j2 = None
    while True:
        st += 10
        s.joblog(tn, J2, hf_dict48(rng.uniform(0.38, 0.46), rng.uniform(0.9, 1.6) + 1e-9 * rng.random(),
                                   2e-5 * 0.5 * (1 + math.cos(math.pi * st / 4000)), st / 1200))
        if st == 1500:
            t_save_j2 = tn + 1.0
            break
        tn += 10 * 31.0
    d = s.at(t_save_j2)
    s.joblog(t_save_j2, J2, f"[INFO|trainer.py:3993] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} >> Saving model "
                            "checkpoint to /mnt/ai3/mliu/qwen2vl/out/checkpoint-1500")
    t_j2f = t_evict + 1.7
    py2 = "/opt/conda/lib/python3.11/site-packages"
    tb2 = ["[rank0]: Traceback (most recent call last):",
           '[rank0]:   File "/home/mliu/Qwen2-VL-Finetune/src/train/train_sft.py", line 211, in <module>',
           "[rank0]:     train()",
           f'[rank0]:   File "{py2}/transformers/trainer.py", line 3122, in _save_checkpoint',
           "[rank0]:     self._save_optimizer_and_scheduler(output_dir)",
           f'[rank0]:   File "{py2}/deepspeed/runtime/engine.py", line 3324, in _save_zero_checkpoint',
           "[rank0]:     self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)",
           f'[rank0]:   File "{py2}/torch/serialization.py", line 966, in save',
           "[rank0]:     with _open_zipfile_writer(f) as opened_zipfile:",
           "[rank0]: OSError: [Errno 5] Input/output error"]
    for k, l in enumerate(tb2):
        s.joblog(t_j2f + 0.0005 * k, J2, l)  # SYNTH
    s.joblog(t_j2f + 8.0, J2, "srun: error: hx-09: task 0: Exited with exit code 1")
    job_end(s, t_j2f + 41.0, J2, "FAILED", "1:0")
    # Lustre client kernel lines on the four writing nodes (SYNTH)
    for k, h in enumerate(["hx-03", "hx-04", "hx-09", "hx-10"]):
        tk = t_lost + rng.uniform(0.0, 3.0)
        kt(s, tk, h, f"LustreError: 11-0: {osc}: operation ost_write to node 10.20.0.17@o2ib failed: rc = -107")
        kt(s, tk + 0.001, h, f"Lustre: {osc}: Connection to ai3-OST0007 (at 10.20.0.17@o2ib) was lost; in progress "
                             "operations using this service will wait for recovery to complete")
        te_ = t_evict + rng.uniform(0.0, 0.6)
        kt(s, te_, h, f"LustreError: 167-0: {osc}: This client was evicted by ai3-OST0007; in progress operations "
                      "using this service will fail.")
        kt(s, te_ + 0.002, h, f"Lustre: {osc}: Connection restored to 10.20.0.17@o2ib (at 10.20.0.17@o2ib)")
    t_end = t_evict + 3000.0
    tn, b = 30.0, 0
    while tn < t_end:
        b += 1
        d = s.at(tn)
        s.joblog(tn, N1, f"{d:%Y-%m-%d %H:%M:%S} | INFO | shard {b + 212:04d}: 65536 docs embedded "
                         f"({rng.uniform(2150, 2290):.0f} docs/s) -> /local_nvme/bge/out/{b + 212:04d}.npy")
        tn += 29.5 + rng.uniform(-0.8, 0.8)
    for k, (h, tk) in enumerate([("hx-01", 1300.0), ("hx-07", 4800.0), ("hx-12", 9200.0)]):
        noise49(s, h, tk, k + 2)

    def fn(n_, g, t_):
        if n_ in ("hx-03", "hx-04"):
            if t_ > t_fail + 12:
                return g38(0, rng.uniform(66, 74), 345, fb=0)
            return b49(rng, "h100_49", load=rng.uniform(0.55, 0.95), temp=False)
        if n_ in ("hx-09", "hx-10"):
            if t_ > t_j2f + 41:
                return g38(0, rng.uniform(66, 74), 345, fb=0)
            return b49(rng, "h100_49", load=rng.uniform(0.85, 0.98), temp=False)
        if n_ == "hx-12":
            return b49(rng, "h100_49", load=rng.uniform(0.6, 0.75), temp=False)
        return g38(0, rng.uniform(64, 74), 345, fb=0)
    tel49(s, ["hx-03", "hx-04", "hx-09", "hx-10"], 8, 0.0, t_end, 600.0, fn, keys=K49)
    tel49(s, ["hx-12", "hx-01"], 8, 0.0, t_end, 1800.0, fn, keys=K49)
    s.truth = truth({"t": t_lost, "category": "infrastructure"}, no_requeue=[J, J2, N1],
                    no_drain=["hx-03", "hx-04", "hx-09", "hx-10"])
    return s


# ======================================================================================
# S8  healthy-pyannote-sad-validate-on-cpu-2h-per-iteration-gpu-allocated-idle  (healthy: a pyannote-audio 1.x speech
#     activity detection training on one A10 (a10-02), and the same user's validation job, launched with `--cpu` on a
#     GPU node (a10-03, one A10 allocated and never touched). The validator prints two deprecation warnings and
#     "0iteration [00:00, ?iteration/s]", then nothing for 2 h 21 min while it scores one epoch on the AMI development
#     set on CPU; then one tqdm update per ~2.3 h. Its GPU sits at 0 %, 0 MiB for the whole record. Nothing is wrong.)
# ======================================================================================
# Source (lines and truth): https://github.com/pyannote/pyannote-audio/issues/398 -- "Stuck with validation stage":
#   `pyannote-audio sad validate --cpu --subset=development --from=1 --to=10 --every=1 ...` prints the two warnings and
#   `0iteration [00:00, ?iteration/s]`, "Nothing happens after it"; maintainer: "Validation on the `AMI` development
#   set on `--cpu` might take a while indeed. It probably is doing something, just slowly..."; reporter: "indeed it
#   was because of the cpu". Slow by design, not broken: healthy. The warning lines and the tqdm line are verbatim
#   (the `warnings.warn(msg)` continuation lines are SYNTH); the training job's lines and later tqdm updates are SYNTH.
REAL_S8_W1 = ("/home/user/.local/lib/python3.7/site-packages/pyannote/database/database.py:51: UserWarning: Ignoring "
              "deprecated 'preprocessors' argument in MUSAN.__init__. Pass it to 'get_protocol' instead.")
REAL_S8_W2 = ("/home/user/.local/lib/python3.7/site-packages/pyannote/database/protocol/protocol.py:128: UserWarning: "
              "Existing key \"annotation\" may have been modified.")
REAL_S8_TQDM = "0iteration [00:00, ?iteration/s]"


def build_s8() -> Scenario:
    name = "healthy-pyannote-sad-validate-on-cpu-2h-per-iteration-gpu-allocated-idle"
    JT, JV, N1, N2 = "318822", "318851", "318790", "318866"
    start = "2020-06-17T08:00:00Z"
    s = Scenario(name, "pyannote-audio 1.x speech activity detection on AMI: a training job on one A10 (opted in to "
                 "requeue) and the same user's validation job run with --cpu on another node (one A10 allocated, "
                 "unused). Other owners' jobs on other nodes.",
                 start,
                 {"name": "speech-a10", "partition": "a10", "nodes": "a10-[01-06]", "gpus_per_node": 4,
                  "pci_bus_ids": A10_4_BUS},
                 [{"id": JT, "name": "sad-ami-train", "user": "aidos", "nodes": "a10-02", "tasks_per_node": 1,
                   "started": "2020-06-17T06:12:40Z", "comment": comment(1, "/home/user/VAD/exp/sad")},
                  {"id": JV, "name": "sad-ami-validate", "user": "aidos", "nodes": "a10-03", "tasks_per_node": 1,
                   "started": "2020-06-17T08:03:02Z", "comment": comment(1)},
                  {"id": N1, "name": "conformer-ctc-libri960", "user": "eortiz", "nodes": "a10-[04-05]",
                   "tasks_per_node": 4, "started": "2020-06-16T22:40:19Z", "comment": comment(2)},
                  {"id": N2, "name": "tacotron2-ljs-ft", "user": "hkim", "nodes": "a10-01", "tasks_per_node": 1,
                   "started": "2020-06-17T07:55:51Z"}])
    rng = s.rng
    t_v = 182.0
    s.joblog(t_v, JV, "+ srun pyannote-audio sad validate --cpu --subset=development --from=1 --to=10 --every=1 "
                      "/home/user/VAD/exp/sad/train/AMI.SpeakerDiarization.MixHeadset.train "
                      "AMI.SpeakerDiarization.MixHeadset")  # SYNTH
    s.joblog(t_v + 6.1, JV, REAL_S8_W1)  # REAL
    s.joblog(t_v + 6.11, JV, "  warnings.warn(msg)")  # SYNTH
    s.joblog(t_v + 7.4, JV, REAL_S8_W2)  # REAL
    s.joblog(t_v + 7.41, JV, "  warnings.warn(msg.format(key=key))")  # SYNTH
    s.joblog(t_v + 9.0, JV, REAL_S8_TQDM)  # REAL
    t_end = 7 * 3600 + 1500.0
    tt, k = t_v + 9.0, 0
    while True:
        per = 8467.12 if k == 0 else rng.uniform(8300, 8650)
        tt += per
        if tt >= t_end:
            break
        k += 1
        el = tt - (t_v + 9.0)
        s.joblog(tt, JV, f"{k}iteration [{fmt_interval(el)}, {el / k:.2f}s/iteration]")  # SYNTH
    # training job: one tqdm line per epoch (SYNTH)
    tn, ep = 40.0, 71
    while tn < t_end:
        sec = 411.0 + rng.uniform(-6, 6)
        s.joblog(tn, JT, f"Training #{ep}: 100%|██████████| 1000/1000 [{fmt_interval(sec)}<00:00, "
                         f"{1000 / sec:.2f}it/s, loss={rng.uniform(0.11, 0.15):.3f}]")
        if ep % 5 == 0:
            s.joblog(tn + 0.8, JT, f"Saving weights to /home/user/VAD/exp/sad/train/AMI.SpeakerDiarization.MixHeadset."
                                   f"train/weights/{ep:04d}.pt")
        ep += 1
        tn += sec + 2.0
    tn, st = 60.0, 212000
    while tn < t_end:
        st += 500
        d = s.at(tn)
        s.joblog(tn, N1, f"{d:%Y-%m-%d %H:%M:%S} INFO: step {st}: loss={rng.uniform(18.0, 23.0):.3f} ctc={rng.uniform(0.11, 0.16):.4f} "
                         f"lr={1.2e-4 * (1 - st / 600000):.3e} throughput={rng.uniform(560, 610):.0f} utt/s")
        tn += 500 * 1.18
    tn, it = 90.0, 41000
    while tn < t_end:
        it += 500
        s.joblog(tn, N2, f"Train loss {it} {rng.uniform(0.36, 0.42):.6f} Grad Norm {rng.uniform(0.3, 0.9):.6f} "
                         f"{rng.uniform(0.61, 0.66):.2f}s/it")
        tn += 500 * 0.64
    for k2, (h, tk) in enumerate([("a10-03", 2100.0), ("a10-06", 9000.0), ("a10-02", 16000.0), ("a10-04", 23000.0)]):
        noise49(s, h, tk, k2 + 4)

    def fn(n_, g, t_):
        if n_ == "a10-02" and g == 0:
            return b49(rng, "a10_49", load=rng.uniform(0.78, 0.93))
        if n_ == "a10-01" and g == 0:
            return b49(rng, "a10_49", load=rng.uniform(0.9, 0.99))
        if n_ in ("a10-04", "a10-05"):
            return b49(rng, "a10_49", load=rng.uniform(0.85, 0.97))
        return i49(rng, "a10_49")
    tel49(s, ["a10-02", "a10-03"], 4, 0.0, t_end, 600.0, fn, keys=K49T)
    tel49(s, ["a10-01", "a10-04", "a10-05", "a10-06"], 4, 0.0, t_end, 1800.0, fn, keys=K49T)
    s.truth = truth(None, no_requeue=[JV, JT, N1, N2], no_drain=["a10-03", "a10-02"])
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
