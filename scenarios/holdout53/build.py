#!/usr/bin/env python3
"""Build the holdout53 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout53: generic helpers and the holdout14..holdout52 helper sections are copied unchanged from holdout52's build.py;
the holdout52 scenarios are replaced by the holdout53 helpers and scenarios S1..S8 below (one per category).
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
# holdout53 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a100_80_53": (58, 5, 338.0, 30.0, 1410, 72500, 2500),     # A100-SXM4-80GB, 400 W (Megatron/metaseq LLM load)
    "l40_53": (62, 4, 268.0, 22.0, 2490, 21000, 6000),         # L40 48 GB, 300 W
    "rtx4090_53": (64, 4, 372.0, 30.0, 2625, 14000, 5000),     # RTX 4090 24 GB, 450 W
    "rtx5090_53": (63, 4, 505.0, 40.0, 2647, 29300, 250),      # RTX 5090 32 GB, 575 W
    "a6000_53": (71, 4, 262.0, 22.0, 1800, 38500, 4000),       # RTX A6000 48 GB, 300 W
    "p100_53": (49, 4, 176.0, 16.0, 1328, 13900, 500),         # Tesla P100-PCIE-16GB, 250 W
    "a5000_53": (66, 4, 205.0, 15.0, 1695, 17200, 1200),       # RTX A5000 24 GB, 230 W
})

K53 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K53L = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K53T = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP",
        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
K53E = K53 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_XID_ERRORS")


def b53(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i53(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel53(s, nodes, gpus, t0, t1, every, fn, keys=K53) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise53(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node (nothing a controller should act on)."""
    msgs = ["perf: interrupt took too long (2796 > 2783), lowering kernel.perf_event_max_sample_rate to 71500",
            "nfs: server home01 not responding, still trying",
            "nfs: server home01 OK",
            "TCP: request_sock_TCP: Possible SYN flooding on port 6817. Sending cookies.  Check SNMP counters.",
            "systemd[1]: Started Session 4411 of user root.",
            "hrtimer: interrupt took 21794 ns",
            "Lustre: 4137:0:(client.c:2169:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply",
            "kauditd_printk_skb: 12 callbacks suppressed"]
    kt(s, t, host, msgs[kind % len(msgs)])


def ms_line(d: dt.datetime, mod: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: metaseq (fairseq lineage) logging `%(asctime)s | %(levelname)s | %(name)s | %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S} | {level} | {mod} | {msg}"


def ms_inner(rng, upd: int, loss: float, lr: float, sec_upd: float, wall: float, gnorm: float, scale: float) -> str:
    """SYNTH: metaseq `train_inner` JSON progress record (values as strings, as fairseq's json log format prints
    them); log every 10 updates, 2M-token batches of 1024 x 2048."""
    wpb = 2097152
    rec = {"epoch": 1, "actv_norm": f"{rng.uniform(1.29, 1.34):.3f}", "pos_norm": f"{rng.uniform(0.221, 0.224):.3f}",
           "tok_norm": f"{rng.uniform(0.874, 0.879):.3f}", "emb_norm": f"{rng.uniform(0.0129, 0.0131):.4f}",
           "loss": f"{loss:.3f}", "ppl": f"{2 ** loss:.2f}", "wps": f"{wpb / sec_upd:.1f}", "ups": f"{1 / sec_upd:.2f}",
           "wpb": f"{wpb}.0", "bsz": "1024.0", "num_updates": str(upd), "lr": f"{lr:.5g}", "gnorm": f"{gnorm:.3f}",
           "clip": "0", "loss_scale": f"{scale:g}", "scale_window": "128", "train_wall": f"{10 * sec_upd - rng.uniform(1.5, 2.5):.0f}",
           "cuda_gb_allocated": f"{rng.uniform(31.2, 31.6):.1f}", "cuda_gb_reserved": f"{rng.uniform(58.0, 60.4):.1f}",
           "cuda_gb_free": f"{rng.uniform(19.9, 21.8):.1f}", "wall": f"{wall:.0f}"}
    return json.dumps(rec)


def ns_row(step: int, total: int, ms: float, eta: float, rays: float) -> str:
    """SYNTH: nerfstudio console step table row (`Step (% Done)  Train Iter (time)  ETA (time)  Train Rays / Sec`)."""
    eta = int(eta)
    h, r = divmod(eta, 3600)
    m, s_ = divmod(r, 60)
    et = f"{h} h, {m} m, {s_} s" if h else f"{m} m, {s_} s"
    left = f"{step} ({100 * step / total:.2f}%)"
    return f"{left:<20}{ms:.3f} ms{'':<11}{et:<21}{rays / 1e6:.2f} M"


def tfm_log(d: dt.datetime, src: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: transformers examples logging `[%(levelname)s|%(filename)s:%(lineno)s] %(asctime)s >> %(message)s`."""
    return f"[{level}|{src}] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} >> {msg}"


def hms53(sec: float) -> str:
    """SYNTH: `str(timedelta)`-style d-hh:mm:ss as Slurm prints elapsed times (PULSE watchdog)."""
    sec = int(sec)
    d_, r = divmod(sec, 86400)
    h, r = divmod(r, 3600)
    m, s_ = divmod(r, 60)
    return (f"{d_}-" if d_ else "") + f"{h:02d}:{m:02d}:{s_:02d}"

# ======================================================================================
# S1  metaseq-opt175b-124x8-a100-ndv4-087-gpu5-dbe-same-bad-host-back-after-replace  (gpu_hardware: OPT-175B
#     (metaseq, 12.xx lineage) on 124 Azure ND A100 v4 VMs under Slurm (CycleCloud), one task per GPU, a metaseq
#     `train_inner` JSON record every 10 updates (~146 s). ndv4-087 was reported for ECC errors the day before, was
#     "replaced" through the cloud interface -- and came back as the same bad machine: 1 h 47 min into the record
#     GPU 5 (PCI 000c:00:00) logs Xid 48 (DBE) and Xid 63, rank 693 dies with "uncorrectable ECC error encountered",
#     srun tears the step down, the job FAILS. history names ndv4-087 suspect (gpu_hardware) a day earlier.)
# ======================================================================================
# Source (truth): https://github.com/facebookresearch/metaseq/blob/main/projects/OPT/chronicles/27_percent_update.md
#   -- "Update on 175B Training Run: 27% through" (OPT team, 2021-12-03): "40+ restarts ... The vast majority of
#   restarts have been due to hardware failures and the lack of ability to provision a sufficient number of "buffer"
#   nodes to replace a bad node with once it goes down with ECC errors. Replacement through the cloud interface can
#   take hours for a single machine, and we started finding that more often than not we would end up getting the same
#   bad machine again." The update holds no log text; every line here is SYNTH (metaseq's fairseq-style logging).


def build_s1() -> Scenario:
    name = "metaseq-opt175b-124x8-a100-ndv4-087-gpu5-dbe-same-bad-host-back-after-replace"
    J, N1, N2 = "4471", "4459", "4466"
    start = "2021-11-26T09:00:00Z"
    s = Scenario(name, "OPT-175B pretraining with metaseq (tensor parallel 8, FP16, 2M-token batches) on 124 Azure "
                 "ND A100 v4 VMs (8 x A100-SXM4-80GB each) under Slurm; one task per GPU (992 ranks); a train_inner "
                 "JSON record every 10 updates. Other teams' jobs on the cluster's other VMs.",
                 start,
                 {"name": "azure-ndv4", "partition": "hpc", "nodes": "ndv4-[001-136]", "gpus_per_node": 8,
                  "pci_bus_ids": ["0001:00:00", "0002:00:00", "0003:00:00", "0004:00:00", "000b:00:00", "000c:00:00",
                                  "000d:00:00", "000e:00:00"]},
                 [{"id": J, "name": "opt-175b-12.43", "user": "optrun", "nodes": "ndv4-[001-124]", "tasks_per_node": 8,
                   "started": "2021-11-26T07:52:14Z",
                   "comment": comment(10, "/shared/home/optrun/checkpoints/175B/12.43")},
                  {"id": N1, "name": "1.3b-kitchen-sink-19", "user": "kshuster", "nodes": "ndv4-[129-130]",
                   "tasks_per_node": 8, "started": "2021-11-26T05:14:40Z", "comment": comment(2)},
                  {"id": N2, "name": "bb3-ft-r2c2", "user": "jxu", "nodes": "ndv4-133", "tasks_per_node": 8,
                   "started": "2021-11-26T08:31:09Z"}],
                 history=[{"at": "2021-11-25T05:12:00Z", "node": "ndv4-087", "verdict": "suspect",
                           "category": "gpu_hardware"}])
    rng = s.rng
    bad, badg, badbus = "ndv4-087", 5, "000c:00:00"
    rank = 86 * 8 + badg
    upd = 24310
    wall0 = 4066.0
    t = 31.0
    loss = 2.412
    t_f = 6420.0 + 13.7
    while t < t_f:
        sec = rng.uniform(14.35, 14.85)
        upd += 10
        loss = 0.97 * loss + 0.03 * rng.uniform(2.36, 2.46)
        lr = 1.2e-4 * (1 - upd / 143000.0)
        rec = ms_inner(rng, upd, loss, lr, sec, wall0 + t, rng.uniform(0.19, 0.27), 4.0)
        s.joblog(t, J, ms_line(s.at(t), "train_inner", rec))  # SYNTH
        if upd % 250 == 0 and t + 400.0 < t_f:
            tv = t + 0.4
            s.joblog(tv, J, ms_line(s.at(tv), "metaseq.trainer", f"begin validation on \"valid/BookCorpusFair\" "
                                                                   f"subset"))  # SYNTH
            tv += rng.uniform(92, 98)
            s.joblog(tv, J, ms_line(s.at(tv), "valid/BookCorpusFair", json.dumps(
                {"epoch": 1, "valid/BookCorpusFair_loss": f"{loss + 0.21:.3f}", "valid/BookCorpusFair_ppl":
                 f"{2 ** (loss + 0.21):.2f}", "valid/BookCorpusFair_wps": "21433.8", "valid/BookCorpusFair_wpb":
                 "32768.0", "valid/BookCorpusFair_bsz": "16.0", "valid/BookCorpusFair_num_updates": str(upd)})))  # SYNTH
            t = tv
        t += 10 * sec
    # the DBE on GPU 5 of ndv4-087 (SYNTH kernel lines in driver 470 wording)
    kt(s, t_f, bad, f"NVRM: Xid (PCI:{badbus}): 48, pid=41233, An uncorrectable double bit error (DBE) has been "
                    f"detected on GPU in the framebuffer at partition 6, subpartition 0.")
    kt(s, t_f + 0.002, bad, f"NVRM: Xid (PCI:{badbus}): 63, pid=41233, Row Remapper: New row (0x00000005e6a1c400) "
                            f"marked for remapping, reset gpu to activate.")
    te = t_f + 0.31
    tb = ["Traceback (most recent call last):",
          '  File "/shared/home/optrun/miniconda3/envs/opt/bin/metaseq-train", line 33, in <module>',
          "    sys.exit(load_entry_point('metaseq', 'console_scripts', 'metaseq-train')())",
          '  File "/shared/home/optrun/src/metaseq/metaseq_cli/train.py", line 711, in cli_main',
          "    distributed_utils.call_main(cfg, main)",
          '  File "/shared/home/optrun/src/metaseq/metaseq/distributed/utils.py", line 281, in call_main',
          "    return main(cfg, **kwargs)",
          '  File "/shared/home/optrun/src/metaseq/metaseq_cli/train.py", line 173, in main',
          "    valid_losses, should_stop = train(cfg, trainer, task, epoch_itr)",
          '  File "/shared/home/optrun/src/metaseq/metaseq_cli/train.py", line 306, in train',
          "    log_output = trainer.train_step(samples)",
          '  File "/shared/home/optrun/src/metaseq/metaseq/trainer.py", line 812, in train_step',
          "    self.optimizer.backward(loss)",
          '  File "/shared/home/optrun/src/metaseq/metaseq/optim/fp16_optimizer.py", line 417, in backward',
          "    loss.backward()",
          "RuntimeError: CUDA error: uncorrectable ECC error encountered",
          "CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below might "
          "be incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1."]
    for k, l in enumerate(tb):
        s.joblog(te + 0.0005 * k, J, l)  # SYNTH (torch 1.10-era wording)
    te += 2.1
    s.joblog(te, J, f"srun: error: {bad}: task {rank}: Exited with exit code 1")  # SYNTH
    s.joblog(te + 0.05, J, f"srun: launch/slurm: _step_signal: Terminating StepId={J}.0")  # SYNTH
    d = s.at(te + 0.3)
    s.joblog(te + 0.3, J, f"slurmstepd: error: *** STEP {J}.0 ON ndv4-001 CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
    kt(s, te + 0.9, bad, f"NVRM: Xid (PCI:{badbus}): 45, pid=41233, Ch 00000010")
    for k, n in enumerate([3, 17, 42, 86, 101, 118]):
        s.joblog(te + 31.0 + 0.01 * k, J, f"srun: error: ndv4-{n + 1:03d}: tasks {n * 8}-{n * 8 + 7}: Terminated")  # SYNTH
    s.joblog(te + 31.2, J, f"srun: Force Terminated StepId={J}.0")  # SYNTH
    t_end_job = te + 32.5
    s.job_state(t_end_job, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f + 3600.0
    # neighbours (SYNTH)
    tn, u = 12.0, 18700
    while tn < t_end:
        u += 100
        s.joblog(tn, N1, fairseq_line(s.at(tn), "train_inner",
                                      f"epoch 001:  {u % 9000:4d} / 9000 loss={rng.uniform(2.71, 2.79):.3f}, "
                                      f"ppl={rng.uniform(6.5, 6.9):.2f}, wps={rng.uniform(341000, 352000):.0f}, ups=0.91, "
                                      f"wpb=393216, bsz=192, num_updates={u}, lr=0.0003, gnorm={rng.uniform(0.3, 0.45):.3f}, "
                                      f"loss_scale=16, train_wall=108, gb_free=40.6, wall={int(13600 + tn)}"))
        tn += rng.uniform(108, 112)
    tn, ep = 40.0, 3.112
    while tn < t_end:
        ep += rng.uniform(0.0019, 0.0023)
        s.joblog(tn, N2, f"{s.at(tn):%H:%M:%S} | {ep:.2f} epochs | {rng.uniform(2.0, 2.2):.4f} ppl | "
                         f"lr {rng.uniform(4.9e-6, 5.0e-6):.3g} | exs {rng.randint(3100, 3300)} | gpu_mem "
                         f"{rng.uniform(0.61, 0.64):.3f} | clip {rng.uniform(0.1, 0.3):.3f}")
        tn += 60.0 + rng.uniform(-0.5, 0.5)
    for h, tk, kind in [("ndv4-012", 1500.0, 0), ("ndv4-130", 4200.0, 4), (bad, 2600.0, 7), ("ndv4-133", 8800.0, 5)]:
        noise53(s, h, tk, kind)

    def fn(n_, g, t_):
        ecc = {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0, "DCGM_FI_DEV_ROW_REMAP_PENDING": 0, "DCGM_FI_DEV_XID_ERRORS": 0}
        if n_ == bad:
            if g == badg and t_ >= t_f:
                ecc = {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_ROW_REMAP_PENDING": 1,
                       "DCGM_FI_DEV_XID_ERRORS": 63}
            if t_ < t_f:
                return b53(rng, "a100_80_53", load=rng.uniform(0.86, 0.97), extra=ecc)
            if t_ < t_end_job:
                return g38(100 if g != badg else 0, rng.uniform(88, 96), 1410, fb=72800 + rng.randint(-300, 300),
                           temp=rng.randint(44, 49), extra=ecc)
            return i53(rng, "a100_80_53", extra=ecc)
        if n_ in ("ndv4-086", "ndv4-088"):
            return b53(rng, "a100_80_53", load=rng.uniform(0.86, 0.97)) if t_ < t_end_job else i53(rng, "a100_80_53")
        return b53(rng, "a100_80_53", load=rng.uniform(0.8, 0.97))
    tel53(s, [bad], 8, 0.0, t_end, 450.0, fn, keys=K53E)
    tel53(s, ["ndv4-086", "ndv4-088"], 8, 0.0, t_end, 900.0, fn, keys=K53L)
    tel53(s, ["ndv4-129", "ndv4-133"], 8, 0.0, t_end, 1800.0, fn, keys=K53L)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": bad, "gpu": badg}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2], no_drain=["ndv4-086", "ndv4-088", "ndv4-001"])
    return s

# ======================================================================================
# S2  bloom-tr11-176b-48x8-a100-jean-zay-iam27-gpu3-slow-gpu-5pct-throughput-drop  (gpu_degraded: BigScience
#     BLOOM-176B (Megatron-DeepSpeed, TP=4 PP=12 DP=8, BF16) on 48 Jean Zay gpu_p5 nodes (8 x A100-SXM4-80GB);
#     torch.distributed.run tees every worker's output with a `[defaultN]:` prefix, the last pipeline stage
#     ([default7]) prints one iteration line every ~105 s. Mid-run, with no restart, one GPU (GPU 3 of
#     jean-zay-iam27) starts running slower: its SM clock sags and HW-slowdown is flagged; every iteration now waits
#     for it: 105 s -> 110-111 s, 149 -> ~141 TFLOPs, and it stays there. No error line anywhere.)
# ======================================================================================
# Source (lines and truth): https://github.com/bigscience-workshop/bigscience/blob/master/train/tr11-176B-ml/chronicles.md
#   -- "2022-04-28 sudden 5% drop in throughput": "Out of nowhere the throughput dropped by 5% in the middle of the run
#   (no restart ...). The performance of the system dropped from 149 to 140 TFLOPs and remained there. ... I suspected
#   that one of the nodes had a performance issue where one or more GPUs were slow to process their load." A network
#   benchmark showed all nodes equal; by excluding nodes the culprit node was found and excluded ("back at running at
#   ~149TFLOPs"), and "once the slow gpu was replaced, using that node again restored things back". The five iteration
#   lines quoted in the chronicle are REAL; the chronicle shows them wrapped at the terminal width, so each physical
#   piece is kept as its own REAL fragment and the pieces are joined back into one log line. Which node and GPU, and
#   how the GPU's slowness shows in telemetry, are SYNTH (the chronicle names neither).
REAL_S2_ITER = [
    "[default7]: iteration   42780/ 115311 | consumed samples:    71455664 | consumed tokens: 146341199872 | elapsed "
    "time per iteration (s): 105.16 | learning",
    " rate: 4.475E-05 | global batch size: 2048 | lm loss: 2.117073E+00 | grad norm: 0.150 | num zeros: 0.0 | number of "
    "skipped iterations:  0 | number of nan",
    "iterations:  0 | samples per second: 19.474 | TFLOPs: 149.10 |",
    "[default7]: iteration   42781/ 115311 | consumed samples:    71457712 | consumed tokens: 146345394176 | elapsed "
    "time per iteration (s): 105.17 | learning",
    " rate: 4.475E-05 | global batch size: 2048 | lm loss: 2.116946E+00 | grad norm: 0.140 | num zeros: 0.0 | number of "
    "skipped iterations:  0 | number of nan",
    "iterations:  0 | samples per second: 19.473 | TFLOPs: 149.09 |",
    "[default7]: iteration   42782/ 115311 | consumed samples:    71459760 | consumed tokens: 146349588480 | elapsed "
    "time per iteration (s): 106.25 | learning",
    " rate: 4.475E-05 | global batch size: 2048 | lm loss: 2.110646E+00 | grad norm: 0.144 | num zeros: 0.0 | number of "
    "skipped iterations:  0 | number of nan",
    "iterations:  0 | samples per second: 19.276 | TFLOPs: 147.58 |",
    "[default7]: iteration   42783/ 115311 | consumed samples:    71461808 | consumed tokens: 146353782784 | elapsed "
    "time per iteration (s): 110.17 | learning",
    " rate: 4.475E-05 | global batch size: 2048 | lm loss: 2.124820E+00 | grad norm: 0.135 | num zeros: 0.0 | number of "
    "skipped iterations:  0 | number of nan",
    "iterations:  0 | samples per second: 18.589 | TFLOPs: 142.32 |",
    "[default7]: iteration   42784/ 115311 | consumed samples:    71463856 | consumed tokens: 146357977088 | elapsed "
    "time per iteration (s): 111.14 | learning",
    " rate: 4.475E-05 | global batch size: 2048 | lm loss: 2.127643E+00 | grad norm: 0.127 | num zeros: 0.0 | number of "
    "skipped iterations:  0 | number of nan",
    "iterations:  0 | samples per second: 18.428 | TFLOPs: 141.09 |",
]


def bloom_iter(it: int, sec: float, lr: float, loss: float, gn: float) -> str:
    """SYNTH: Megatron-DeepSpeed training_log line in the same spacing as the chronicle's 42780-42784 lines."""
    sps = 2048 / sec
    tfl = 149.10 * 105.16 / sec
    return (f"[default7]: iteration   {it}/ 115311 | consumed samples:    {71455664 + 2048 * (it - 42780)} | consumed "
            f"tokens: {146341199872 + 4194304 * (it - 42780)} | elapsed time per iteration (s): {sec:.2f} | learning "
            f"rate: {lr:.3E} | global batch size: 2048 | lm loss: {loss:.6E} | grad norm: {gn:.3f} | num zeros: 0.0 | "
            f"number of skipped iterations:  0 | number of nan iterations:  0 | samples per second: {sps:.3f} | "
            f"TFLOPs: {tfl:.2f} |")


def build_s2() -> Scenario:
    name = "bloom-tr11-176b-48x8-a100-jean-zay-iam27-gpu3-slow-gpu-5pct-throughput-drop"
    J, N1, N2 = "1516322", "1516455", "1516390"
    start = "2022-04-28T05:00:00Z"
    job_nodes = "jean-zay-iam[01-34,36-49]"
    s = Scenario(name, "BLOOM-176B pretraining (Megatron-DeepSpeed, TP=4 PP=12 DP=8, BF16, GBS=2048) on 48 nodes of "
                 "8 x A100-SXM4-80GB; srun starts one torch.distributed.run per node, whose tee gives every line a "
                 "[defaultN]: prefix; the last pipeline stage prints one iteration line every ~105 s. An hourly "
                 "watchdog writes PULSE lines into the same log. Other projects' jobs on the other gpu_p5 nodes.",
                 start,
                 {"name": "jean-zay", "partition": "gpu_p5", "nodes": "jean-zay-iam[01-52]", "gpus_per_node": 8,
                  "pci_bus_ids": ["0000:07:00", "0000:0b:00", "0000:48:00", "0000:4c:00", "0000:88:00", "0000:8b:00",
                                  "0000:c8:00", "0000:cb:00"]},
                 [{"id": J, "name": "tr11-176B-ml", "user": "uue59kq", "nodes": job_nodes, "tasks_per_node": 8,
                   "started": "2022-04-25T20:28:38Z",
                   "comment": comment(3, "/gpfsscratch/rech/six/commun/checkpoints/tr11-176B-ml/checkpoints/main")},
                  {"id": N1, "name": "mt5-xl-ft-xnli", "user": "rlb31ab", "nodes": "jean-zay-iam[50-51]",
                   "tasks_per_node": 8, "started": "2022-04-28T02:11:47Z", "comment": comment(1)},
                  {"id": N2, "name": "wav2vec2-xlsr-fr", "user": "ohm22cd", "nodes": "jean-zay-iam52", "tasks_per_node": 4,
                   "started": "2022-04-27T23:40:05Z"}])
    rng = s.rng
    bad, badg = "jean-zay-iam27", 3
    # iteration 42780 ends at t_real0; the record opens ~54 iterations earlier (SYNTH times, REAL lines)
    it = 42726
    t = 61.0
    times = {}
    while it < 42780:
        sec = rng.uniform(104.9, 105.5)
        t += sec
        s.joblog(t, J, bloom_iter(it, sec, 4.476e-05 + (42780 - it) * 1.6e-11, rng.uniform(2.105, 2.135),
                                  rng.uniform(0.13, 0.16)))  # SYNTH
        times[it] = t
        if it % 100 == 0:
            pass
        it += 1
    real_secs = [105.16, 105.17, 106.25, 110.17, 111.14]
    t_slow = None
    for k in range(5):
        t += real_secs[k]
        if k == 2:
            t_slow = t - 52.0          # GPU 3 of iam27 starts to sag during iteration 42783
        line = REAL_S2_ITER[3 * k] + REAL_S2_ITER[3 * k + 1] + " " + REAL_S2_ITER[3 * k + 2]
        s.joblog(t, J, line)  # REAL (three wrapped pieces joined)
        it += 1
    t_end = t + 2.25 * 3600
    while t < t_end:
        sec = rng.uniform(109.9, 111.4)
        t += sec
        s.joblog(t, J, bloom_iter(it, sec, 4.475e-05 - (it - 42780) * 1.6e-11, rng.uniform(2.100, 2.132),
                                  rng.uniform(0.12, 0.16)))  # SYNTH
        if it % 100 == 0:
            ts = t + 0.3
            s.joblog(ts, J, f"[default0]:saving checkpoint at iteration   {it} to /gpfsscratch/rech/six/commun/checkpoints/"
                            f"tr11-176B-ml/checkpoints/main")  # SYNTH
            ts += rng.uniform(38, 43)
            s.joblog(ts, J, f"[default0]:  successfully saved checkpoint at iteration   {it} to /gpfsscratch/rech/six/"
                            f"commun/checkpoints/tr11-176B-ml/checkpoints/main")  # SYNTH
            s.joblog(ts + 0.01, J, f"[default0]:time (ms) | save-checkpoint: {(ts - t - 0.3) * 1000:.2f}")  # SYNTH
            t = ts
        it += 1
    t_rec_end = t + 300.0
    # hourly watchdog (SYNTH, the chronicle's PULSE format)
    tp = 3300.0
    while tp < t_rec_end:
        d = s.at(tp)
        run = (d - dt.datetime(2022, 4, 25, 20, 28, 38)).total_seconds()
        s.joblog(tp, J, f"[{d:%Y-%m-%d %H:%M:%S}] PULSE: tr11-176B-ml is waiting to be scheduled (1516401_[1-3%1] on "
                        f"'gpu_p5' partition)")
        s.joblog(tp + 0.01, J, f"[{d:%Y-%m-%d %H:%M:%S}] PULSE: tr11-176B-ml is running for {hms53(run)} since "
                               f"2022-04-25T20:28:38 ({J} on 'gpu_p5' partition ({job_nodes})")
        tp += 3600.0 + rng.uniform(0.5, 6.0)
    # neighbours (SYNTH)
    tn, st = 30.0, 41200
    while tn < t_rec_end:
        st += 100
        s.joblog(tn, N1, f"{{'loss': {rng.uniform(0.52, 0.6):.4f}, 'learning_rate': {1e-4 * (1 - st / 90000):.4e}, "
                         f"'epoch': {st / 12272:.2f}}}")
        tn += 100 * 0.87 + rng.uniform(-1, 1)
    tn, st = 55.0, 88000
    while tn < t_rec_end:
        st += 500
        s.joblog(tn, N2, f"[{s.at(tn):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d}][fairseq.logging.progress_bar]"
                         f"[INFO] - {{\"epoch\": {st // 6400}, \"update\": {st / 6400:.3f}, \"loss\": "
                         f"\"{rng.uniform(2.9, 3.2):.3f}\", \"ntokens\": \"1612.93\", \"num_updates\": \"{st}\", "
                         f"\"lr\": \"5e-05\", \"gnorm\": \"{rng.uniform(150, 260):.3f}\", \"wall\": \"{int(19800 + tn)}\"}}")
        tn += 500 * 0.52 + rng.uniform(-2, 2)
    for h, tk, kind in [("jean-zay-iam04", 2100.0, 1), ("jean-zay-iam04", 2160.0, 2), ("jean-zay-iam51", 6400.0, 5),
                        (bad, 9100.0, 6), ("jean-zay-iam33", 12000.0, 3)]:
        noise53(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == bad and g == badg and t_ >= t_slow:
            clk = rng.choice([1230, 1245, 1260, 1275, 1290, 1215])
            return g38(100, rng.uniform(262, 291), clk, temp=rng.randint(60, 64),
                       thr=8 if rng.random() < 0.85 else 0)
        if n_ in (bad, "jean-zay-iam26", "jean-zay-iam28", "jean-zay-iam12"):
            f = b53(rng, "a100_80_53", load=rng.uniform(0.9, 0.99))
            f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = 0
            return f
        if n_ == "jean-zay-iam52" and g >= 4:
            return i53(rng, "a100_80_53")
        f = b53(rng, "a100_80_53", load=rng.uniform(0.7, 0.95))
        f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = 0
        return f
    tel53(s, [bad], 8, 0.0, t_rec_end, 600.0, fn, keys=K53T)
    tel53(s, ["jean-zay-iam26", "jean-zay-iam28", "jean-zay-iam12"], 8, 0.0, t_rec_end, 1800.0, fn, keys=K53T)
    tel53(s, ["jean-zay-iam50", "jean-zay-iam52"], 8, 0.0, t_rec_end, 1800.0, fn, keys=K53L)
    s.truth = truth({"t": t_slow, "category": "gpu_degraded", "node": bad, "gpu": badg}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["jean-zay-iam26", "jean-zay-iam28", "jean-zay-iam01"])
    return s

# ======================================================================================
# S3  nerfstudio-splatfacto-mcmc-unbounded-gaussians-oom-20pct-rtx4090-then-l40  (software: a polycam scene trained
#     with `ns-train splatfacto` (gsplat MCMC densification) as one single-GPU Slurm job. On an RTX 4090 node it runs
#     out of memory at ~20 % of 30k steps; the owner resubmits to an L40 node (48 GB) and it fails again at ~20 %,
#     the same way: the MCMC strategy lets the number of Gaussians grow without a cap, so a bigger GPU only moves the
#     OOM a little. Both jobs FAILED 1:0; the nodes are healthy.)
# ======================================================================================
# Source (lines and truth): https://github.com/escontra/gauss_gym/issues/11 -- "GPU for ns-train splatfacto": "I have
#   tried two types of GPU: 4090 and L40. In both cases I got an error after 20% of training: torch.cuda.OutOfMemory
#   Error ..."; the maintainer: "For gaussian splat training both 4090 an L40 should definitely work. My guess is that
#   OOM errors are caused by the gsplat mcmc splitting strategy, which lets the number of gaussians grow unbounded";
#   disabling it in polycam_scenes.sh fixed it ("It works for me"). The OOM line (L40, 44.31 GiB) is REAL; the 4090
#   run's OOM line, the nerfstudio start-up lines, the step table (printed every 100 steps) and the traceback frames
#   are SYNTH.
REAL_S3_OOM = ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.63 GiB. GPU 0 has a total capacty of "
               "44.31 GiB of which 4.63 GiB is free. Including non-PyTorch memory, this process has 39.67 GiB memory in "
               "use. Of the allocated memory 35.84 GiB is allocated by PyTorch, and 3.27 GiB is reserved by PyTorch but "
               "unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid "
               "fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF")


def splat_run(s: Scenario, rng, job: str, t0: float, outdir: str, ms0: float, ms1: float, oom_step: int,
              oom_line: str) -> tuple:
    """SYNTH: one ns-train splatfacto run from start-up to its OOM; returns (t_oom, t_exit)."""
    d = s.at(t0)
    pre = [f"[{d:%H:%M:%S}] Using --data alias for --data.pipeline.datamanager.data                         train.py:230",
           f"Saving config to: {outdir}/config.yml                                            experiment_config.py:136",
           f"Saving checkpoints to: {outdir}/nerfstudio_models                                             trainer.py:137",
           "Setting up training dataset...",
           "Caching all 312 images.",
           "Loading data batch ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 100% 0:00:19",
           "Setting up evaluation dataset...",
           "Caching all 34 images.",
           "Loading data batch ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 100% 0:00:02",
           "No Nerfstudio checkpoint to load, so training from scratch.",
           "Disabled comet/tensorboard/wandb event writers",
           "Printing max of 10 lines. Set flag --logging.local-writer.max-log-size=0 to disable line wrapping."]
    t = t0
    for k, l in enumerate(pre):
        t += [1.2, 0.3, 0.1, 0.8, 0.2, 19.4, 0.3, 0.1, 2.2, 0.4, 0.1, 1.6][k]
        s.joblog(t, job, l)
    s.joblog(t + 0.1, job, "Step (% Done)       Train Iter (time)    ETA (time)           Train Rays / Sec                       ")
    s.joblog(t + 0.1, job, "-----------------------------------------------------------------------------------                  ")
    total = 30000
    step = 0
    while step < oom_step - 100:
        frac = step / oom_step
        ms = ms0 + (ms1 - ms0) * frac ** 1.6
        step += 100
        t += 100 * ms / 1000.0 * rng.uniform(0.98, 1.03)
        eta = (total - step) * ms / 1000.0
        s.joblog(t, job, ns_row(step, total, ms * rng.uniform(0.97, 1.04), eta, 1440 * 1080 / (ms / 1000.0)))
        if step in (2000, 4000):
            t += rng.uniform(1.8, 2.6)
    t_oom = t + (oom_step - step) * ms1 / 1000.0
    tb = ["Traceback (most recent call last):",
          '  File "/opt/conda/envs/ns/bin/ns-train", line 8, in <module>',
          "    sys.exit(entrypoint())",
          '  File "/opt/conda/envs/ns/lib/python3.10/site-packages/nerfstudio/scripts/train.py", line 262, in entrypoint',
          "    main(",
          '  File "/opt/conda/envs/ns/lib/python3.10/site-packages/nerfstudio/scripts/train.py", line 247, in main',
          "    launch(",
          '  File "/opt/conda/envs/ns/lib/python3.10/site-packages/nerfstudio/scripts/train.py", line 189, in launch',
          "    main_func(local_rank=0, world_size=world_size, config=config)",
          '  File "/opt/conda/envs/ns/lib/python3.10/site-packages/nerfstudio/scripts/train.py", line 100, in train_loop',
          "    trainer.train()",
          '  File "/opt/conda/envs/ns/lib/python3.10/site-packages/nerfstudio/engine/trainer.py", line 261, in train',
          "    loss, loss_dict, metrics_dict = self.train_iteration(step)",
          '  File "/opt/conda/envs/ns/lib/python3.10/site-packages/nerfstudio/engine/trainer.py", line 496, in train_iteration',
          "    self.grad_scaler.scale(loss).backward()  # type: ignore",
          '  File "/opt/conda/envs/ns/lib/python3.10/site-packages/torch/_tensor.py", line 581, in backward',
          "    torch.autograd.backward(",
          '  File "/opt/conda/envs/ns/lib/python3.10/site-packages/gsplat/cuda/_wrapper.py", line 1127, in backward',
          "    ) = _make_lazy_cuda_func(\"rasterize_to_pixels_bwd\")(",
          oom_line]
    for k, l in enumerate(tb):
        s.joblog(t_oom + 0.0004 * k, job, l)  # SYNTH frames; the last line is the REAL one for the L40 run
    t_exit = t_oom + 1.4
    s.job_state(t_exit, job, "FAILED", "1:0")  # SYNTH
    return t_oom, t_exit


def build_s3() -> Scenario:
    name = "nerfstudio-splatfacto-mcmc-unbounded-gaussians-oom-20pct-rtx4090-then-l40"
    JA, JB, N1, N2 = "70218", "70244", "70195", "70231"
    start = "2025-10-30T13:00:00Z"
    s = Scenario(name, "Gaussian-splat scene reconstruction (nerfstudio 1.1 splatfacto, gsplat 1.4, MCMC densification, "
                 "30k steps) from a Polycam capture as single-GPU Slurm jobs; step table every 100 steps. The owner "
                 "runs it on an RTX 4090 node, then resubmits it to an L40 node. Other owners' jobs elsewhere.",
                 start,
                 {"name": "vislab", "partition": "gpu", "nodes": "rtx-[01-06],ada-[01-06]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:1b:00", "0000:3d:00", "0000:9c:00", "0000:bb:00"]},
                 [{"id": JA, "name": "splat-polycam-scene07", "user": "agorsh", "nodes": "rtx-04", "tasks_per_node": 1,
                   "started": "2025-10-30T13:04:12Z", "comment": comment(2, "/scratch/agorsh/gauss_gym/outputs")},
                  {"id": JB, "name": "splat-polycam-scene07", "user": "agorsh", "nodes": "ada-02", "tasks_per_node": 1,
                   "started": "2025-10-30T13:52:40Z", "comment": comment(2, "/scratch/agorsh/gauss_gym/outputs")},
                  {"id": N1, "name": "go2-rough-ppo-4gpu", "user": "mpeyre", "nodes": "ada-05", "tasks_per_node": 4,
                   "started": "2025-10-30T09:41:55Z", "comment": comment(1)},
                  {"id": N2, "name": "dinov2-vitl-probe", "user": "tsasaki", "nodes": "rtx-01", "tasks_per_node": 4,
                   "started": "2025-10-30T12:18:03Z"}])
    rng = s.rng
    # run A: RTX 4090 (23.53 GiB usable) -- SYNTH OOM line in the same allocator wording
    oom_a = ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.41 GiB. GPU 0 has a total capacty of "
             "23.53 GiB of which 1.96 GiB is free. Including non-PyTorch memory, this process has 21.55 GiB memory in use. "
             "Of the allocated memory 18.87 GiB is allocated by PyTorch, and 2.19 GiB is reserved by PyTorch but "
             "unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid "
             "fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF")
    t_a0 = (dt.datetime(2025, 10, 30, 13, 4, 12) - s.start).total_seconds() + 6.0
    t_oom_a, t_exit_a = splat_run(s, rng, JA, t_a0, "outputs/scene07/splatfacto/2025-10-30_130418", 11.5, 88.0, 5860, oom_a)
    t_b0 = (dt.datetime(2025, 10, 30, 13, 52, 40) - s.start).total_seconds() + 5.0
    t_oom_b, t_exit_b = splat_run(s, rng, JB, t_b0, "outputs/scene07/splatfacto/2025-10-30_135245", 9.8, 74.0, 6140,
                                  REAL_S3_OOM)
    t_end = t_exit_b + 4200.0
    # neighbours (SYNTH)
    tn, itn = 20.0, 3100
    while tn < t_end:
        itn += 1
        s.joblog(tn, N1, f"Learning iteration {itn}/15000 | Mean reward: {rng.uniform(17.5, 19.2):.2f} | Mean episode "
                         f"length: {rng.uniform(950, 1000):.2f} | Computation: {rng.randint(98000, 104000)} steps/s "
                         f"(collection: {rng.uniform(0.78, 0.83):.3f}s, learning {rng.uniform(0.17, 0.2):.3f}s)")
        tn += rng.uniform(0.97, 1.03) * 60.0
    tn, ep = 35.0, 31
    while tn < t_end:
        s.joblog(tn, N2, f"Epoch: [{ep}]  [1250/1251]  eta: 0:00:00  lr: 0.000875  loss: {rng.uniform(0.71, 0.76):.4f}  "
                         f"time: {rng.uniform(0.53, 0.56):.4f}  data: 0.0021  max mem: 21843")
        s.joblog(tn + 0.2, N2, f"Epoch: [{ep}] Total time: 0:11:{rng.randint(20, 40)} (0.5{rng.randint(40, 60)} s / it)")
        ep += 1
        tn += rng.uniform(690, 700)
    for h, tk, kind in [("rtx-04", 900.0, 1), ("rtx-04", 1210.0, 2), ("ada-05", 3300.0, 3), ("ada-02", 6100.0, 5)]:
        noise53(s, h, tk, kind)

    def ramp(t_, t0, t1, fb0, fb1):
        return fb0 + (fb1 - fb0) * max(0.0, min(1.0, (t_ - t0) / (t1 - t0))) ** 1.5

    def fn(n_, g, t_):
        if n_ == "rtx-04" and g == 0 and t_a0 + 40 <= t_ < t_exit_a:
            return g38(rng.randint(93, 99), rng.uniform(330, 395), 2625, fb=int(ramp(t_, t_a0, t_oom_a, 3100, 21900)),
                       temp=rng.randint(60, 67))
        if n_ == "ada-02" and g == 0 and t_b0 + 40 <= t_ < t_exit_b:
            return g38(rng.randint(93, 99), rng.uniform(240, 290), 2490, fb=int(ramp(t_, t_b0, t_oom_b, 3100, 41500)),
                       temp=rng.randint(58, 65))
        if n_ == "ada-05":
            return b53(rng, "l40_53", load=rng.uniform(0.6, 0.9))
        if n_ == "rtx-01":
            return b53(rng, "rtx4090_53", load=rng.uniform(0.85, 0.98))
        return i53(rng, "l40_53" if n_.startswith("ada") else "rtx4090_53")
    tel53(s, ["rtx-04", "ada-02"], 4, 0.0, t_end, 120.0, fn, keys=K53L)
    tel53(s, ["ada-05", "rtx-01"], 4, 0.0, t_end, 1200.0, fn, keys=K53L)
    s.truth = truth({"t": t_oom_a, "category": "software"}, no_requeue=[JA, JB, N1, N2],
                    no_drain=["rtx-04", "ada-02"])
    return s

# ======================================================================================
# S4  healthy-qwen35-moe-fused-lora-rtx5090-triton-autotune-first-step-52min-silent  (healthy: a QLoRA fine-tune of
#     Qwen3.5-35B-A3B with the fused grouped-GEMM MoE kernels of transformers-qwen3-moe-fused on one RTX 5090 (32 GB)
#     of r5090-03, TRL SFTTrainer. After model load the tqdm bar shows 0/900 and then nothing for 52 minutes: Triton
#     benches every autotune config of every grouped-GEMM shape key inside the first step, with VRAM nearly full, so
#     each bench launch is 10-100x slower; the GPU sits at low power with its memory held and the process is blocked
#     in do_bench's synchronize. Then step 1 completes and the run trains normally (~9.3 s/step) to the end of the
#     record. Nothing is wrong; killing it would throw the unfinished autotune work away.)
# ======================================================================================
# Source (truth): https://github.com/woct0rdho/transformers-qwen3-moe-fused/pull/21 -- "Add autotune warmup helper
#   (first-touch benching mid-step reads as a hang)": measured on an RTX 5090 with Qwen3.5-35B-A3B dims, "0.97 s average
#   per config bench ... 488-568 s to tune ONE key ... fwd + dgrad + dw keys for gate_up and down projections -> tens of
#   minutes total, silently, at near-idle power and ~0% CPU (blocked in do_bench's synchronize). This is
#   indistinguishable from a deadlock unless you know to check TRITON_PRINT_AUTOTUNING ... killing the "hung" run
#   discards all progress ... This cost me five killed training runs before finding the cause." No log text in the PR;
#   every line here is SYNTH (transformers/TRL logging, tqdm).


def build_s4() -> Scenario:
    name = "healthy-qwen35-moe-fused-lora-rtx5090-triton-autotune-first-step-52min-silent"
    J, N1, N2 = "88104", "88077", "88096"
    start = "2026-07-06T19:00:00Z"
    s = Scenario(name, "QLoRA SFT of Qwen3.5-35B-A3B (fused MoE grouped-GEMM Triton kernels, bitsandbytes 4-bit, TRL "
                 "SFTTrainer, 900 steps) on one RTX 5090 of a 4-GPU node; tqdm progress on stderr and a loss dict every "
                 "10 steps. Other owners' jobs on other nodes.",
                 start,
                 {"name": "lmlab", "partition": "gpu", "nodes": "r5090-[01-06]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:01:00", "0000:21:00", "0000:c1:00", "0000:e1:00"]},
                 [{"id": J, "name": "qwen35-35b-a3b-qlora-sft", "user": "potto", "nodes": "r5090-03",
                   "tasks_per_node": 1, "started": "2026-07-06T19:02:31Z",
                   "comment": comment(2, "/data/potto/runs/qwen35-a3b-sft")},
                  {"id": N1, "name": "whisper-large-v3-ft-ko", "user": "hjcho", "nodes": "r5090-01", "tasks_per_node": 4,
                   "started": "2026-07-06T16:40:22Z", "comment": comment(1)},
                  {"id": N2, "name": "sd35-lora-style", "user": "mrossi", "nodes": "r5090-05", "tasks_per_node": 1,
                   "started": "2026-07-06T18:12:09Z"}])
    rng = s.rng
    host = "r5090-03"
    t = (dt.datetime(2026, 7, 6, 19, 2, 31) - s.start).total_seconds() + 9.0
    pre = [("configuration_utils.py:770", "loading configuration file /data/hf/Qwen3.5-35B-A3B/config.json"),
           ("modeling_utils.py:4210", "loading weights file /data/hf/Qwen3.5-35B-A3B/model.safetensors.index.json"),
           ("modeling_utils.py:2350", "Instantiating Qwen3MoeFusedForCausalLM model under default dtype torch.bfloat16."),
           ("modeling_utils.py:5087", "All model checkpoint weights were used when initializing Qwen3MoeFusedForCausalLM."),
           ("trainer.py:748", "Using auto half precision backend"),
           ("trainer.py:2414", "***** Running training *****"),
           ("trainer.py:2415", "  Num examples = 57,600"),
           ("trainer.py:2416", "  Num Epochs = 1"),
           ("trainer.py:2417", "  Instantaneous batch size per device = 4"),
           ("trainer.py:2420", "  Total train batch size (w. parallel, distributed & accumulation) = 64"),
           ("trainer.py:2421", "  Gradient Accumulation steps = 16"),
           ("trainer.py:2422", "  Total optimization steps = 900"),
           ("trainer.py:2423", "  Number of trainable parameters = 26,738,688")]
    gaps = [0.4, 1.1, 0.2, 171.0, 3.2, 2.9, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001]
    for (src, msg), g in zip(pre, gaps):
        t += g
        s.joblog(t, J, tfm_log(s.at(t), src, msg))  # SYNTH
    t_load_end = t
    t += 0.8
    s.joblog(t, J, "  0%|          | 0/900 [00:00<?, ?it/s]")  # SYNTH
    t_step0 = t
    t_auto = 52 * 60 + 14.0
    t += t_auto
    total, sec = 900, 9.3
    n = 1
    el = t - t_step0
    s.joblog(t, J, f"  0%|          | 1/900 [{hms(el)}<{hms(el * 899)}, {el:.2f}s/it]")  # SYNTH
    t_train = t
    t_end = t + 1.5 * 3600
    loss = 1.38
    while t < t_end and n < total:
        n += 1
        step = sec * rng.uniform(0.97, 1.04)
        t += step
        el = t - t_step0
        rate = step
        pct = 100 * n // total
        bar = "█" * (pct // 10) + (" " * (10 - pct // 10))
        s.joblog(t, J, f"{pct:3d}%|{bar}| {n}/{total} [{hms(el)}<{hms((total - n) * rate)}, {rate:5.2f}s/it]")  # SYNTH
        if n % 10 == 0:
            loss = 0.9 * loss + 0.1 * rng.uniform(0.78, 0.95)
            s.joblog(t + 0.01, J, hf_train_dict(loss, rng.uniform(0.21, 0.34), 2e-4 * (1 - n / total), n / total))  # SYNTH
    t_end = t + 60.0
    # neighbours (SYNTH)
    tn, st = 25.0, 4100
    while tn < t_end:
        st += 25
        s.joblog(tn, N1, f"{{'loss': {rng.uniform(0.31, 0.38):.4f}, 'grad_norm': {rng.uniform(1.1, 2.4):.4f}, "
                         f"'learning_rate': {1e-5 * (1 - st / 12000):.4e}, 'epoch': {st / 2400:.2f}}}")
        tn += 25 * rng.uniform(4.1, 4.3)
    tn, st = 50.0, 1200
    while tn < t_end:
        st += 50
        s.joblog(tn, N2, f"Steps: {100 * st // 6000:3d}%|{'█' * (st * 10 // 6000):<10}| {st}/6000 [{hms(st * 1.9)}<"
                         f"{hms((6000 - st) * 1.9)},  1.90s/it, lr=0.0001, step_loss={rng.uniform(0.05, 0.2):.3f}]")
        tn += 50 * 1.9 + rng.uniform(-1, 1)
    for h, tk, kind in [(host, 600.0, 4), ("r5090-01", 2400.0, 1), ("r5090-01", 2480.0, 2), (host, 7300.0, 7)]:
        noise53(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == host and g == 0:
            if t_ < t_load_end - 170:
                return g38(0, rng.uniform(22, 30), 180, fb=rng.randint(400, 900), temp=rng.randint(31, 35))
            if t_ < t_load_end:
                return g38(rng.randint(0, 4), rng.uniform(60, 85), 2407, fb=int(1200 + 23800 * (t_ - t_load_end + 170) / 170),
                           temp=rng.randint(34, 40))
            if t_ < t_train:
                return g38(rng.choice([0, 0, 2, 5, 9, 14, 23, 31]), rng.uniform(72, 118), rng.choice([2407, 2647, 1875]),
                           fb=29250 + rng.randint(-60, 60), temp=rng.randint(41, 47))
            return b53(rng, "rtx5090_53", load=rng.uniform(0.9, 0.99))
        if n_ == "r5090-01":
            return b53(rng, "rtx5090_53", load=rng.uniform(0.8, 0.97))
        if n_ == "r5090-05" and g == 0:
            return b53(rng, "rtx5090_53", load=rng.uniform(0.85, 0.98))
        f = i53(rng, "rtx5090_53", clk=180)
        return {k: f[k] for k in ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED")}
    tel53(s, [host], 4, 0.0, t_end, 120.0, fn, keys=K53)
    tel53(s, ["r5090-01", "r5090-05"], 4, 0.0, t_end, 900.0, fn, keys=K53L)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=[host])
    return s

# ======================================================================================
# S5  wandb-saas-outage-xmas-2022-three-owners-fail-at-wandb-init-detr-keeps-training  (infrastructure: the hosted
#     W&B API answered every GraphQL call with `500 {"error":"internal database error"}` for ~2.5 h on 2022-12-25.
#     Three jobs of three owners that started in that window, on three disjoint nodes of a campus A6000 cluster --
#     a Lightning SegFormer run (WandbLogger), a HF Trainer wav2vec2 fine-tune (report_to=wandb) and a W&B sweep
#     agent -- sit in wandb.init's retry loop and then die within 16 minutes of each other; a DETR job that had
#     initialised W&B the day before only prints retry warnings and keeps training. Nothing is wrong with any node.)
# ======================================================================================
# Source (lines and truth): https://github.com/wandb/wandb/issues/4694 -- "[CLI]: Is the wandb server down?(Can't use
#   wandb logger, can't use sweep)" (2022-12-25): `wandb.init` prints "500 response executing GraphQL." /
#   {"error":"internal database error"} / "wandb: Network error (HTTPError), entering retry loop." and waits; another
#   machine shows "wandb: ERROR Error while calling W&B API: internal database error (<Response [500]>)"; a second user
#   sees the same on wandb 0.13.4 ("likely not related to the latest release"); api.wandb.ai/graphql itself answered
#   {"error":"internal database error"}: "I think wandb is down". Those lines are REAL; wandb's give-up messages, the
#   frameworks' lines, the cluster and all times are SYNTH.
REAL_S5_GQL = ["500 response executing GraphQL.", "{\"error\":\"internal database error\"}"]
REAL_S5_INIT = ["wandb: W&B API key is configured. Use `wandb login --relogin` to force relogin",
                "wandb: Network error (HTTPError), entering retry loop.",
                "wandb: - Waiting for wandb.init()..."]
REAL_S5_API = "wandb: ERROR Error while calling W&B API: internal database error (<Response [500]>)"
WANDB_HINT = "For more info see: " + "https:" + "//docs.wandb.ai/library/init#init-start-error"


def wandb_giveup(s: Scenario, t: float, job: str, script: str, lineno: int, where: str) -> float:
    """SYNTH: wandb 0.13.x giving up on wandb.init (service process never answered) and the traceback."""
    spin = ["\\", "|", "/", "-"]
    for k in range(14):
        s.joblog(t, job, f"wandb: {spin[k % 4]} Waiting for wandb.init()...")
        t += 4.3
    lines = ["wandb: ERROR Error communicating with wandb process",
             "wandb: ERROR try: wandb.init(settings=wandb.Settings(start_method='fork'))",
             "wandb: ERROR or:  wandb.init(settings=wandb.Settings(start_method='thread'))",
             "wandb: ERROR " + WANDB_HINT,
             f"Problem at: {script} {lineno} {where}",
             "Traceback (most recent call last):",
             f'  File "{script}", line {lineno}, in {where}',
             "wandb.errors.UsageError: Error communicating with wandb process",
             WANDB_HINT]
    for k, l in enumerate(lines):
        s.joblog(t + 0.001 * k, job, l)
    return t + 0.02


def build_s5() -> Scenario:
    name = "wandb-saas-outage-xmas-2022-three-owners-fail-at-wandb-init-detr-keeps-training"
    J1, J2, J3, J4 = "231407", "231411", "231415", "231322"
    start = "2022-12-25T13:30:00Z"
    s = Scenario(name, "Campus GPU cluster (4 x RTX A6000 per node) on Christmas day; several owners log to the hosted "
                 "Weights & Biases service. Jobs: a Lightning SegFormer run, a HF Trainer wav2vec2 fine-tune, a W&B "
                 "sweep agent (all starting this afternoon) and a DETR run started the day before.",
                 start,
                 {"name": "campus-gpu", "partition": "gpu", "nodes": "gpu[01-24]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:18:00", "0000:3b:00", "0000:86:00", "0000:af:00"]},
                 [{"id": J1, "name": "segformer-b2-ade20k", "user": "hkim", "nodes": "gpu03", "tasks_per_node": 1,
                   "started": "2022-12-25T14:02:10Z", "comment": comment(2, "/scratch/hkim/segformer/ckpt")},
                  {"id": J2, "name": "w2v2-xlsr-zeroth-ko", "user": "yjlee", "nodes": "gpu11", "tasks_per_node": 1,
                   "started": "2022-12-25T14:09:33Z"},
                  {"id": J3, "name": "xlmr-ner-sweep-agent", "user": "mtorres", "nodes": "gpu17", "tasks_per_node": 1,
                   "started": "2022-12-25T14:15:02Z"},
                  {"id": J4, "name": "detr-r50-coco-500ep", "user": "pnovak", "nodes": "gpu07", "tasks_per_node": 4,
                   "started": "2022-12-24T19:44:51Z", "comment": comment(1)}])
    rng = s.rng
    t_out = 21 * 60 + 37.0            # 13:51:37 the API starts returning 500s
    t_back = t_out + 2.5 * 3600       # ~16:21 it recovers
    t_end = t_back + 1500.0
    # J4: long-running DETR, rank 0 log every 100 iterations (SYNTH), W&B retry warnings during the outage
    tn, ep, it = 14.0, 141, 900
    warned = False
    t_warn = 1e9
    while tn < t_end:
        it += 100
        if it >= 1849:
            it = 0
            ep += 1
            s.joblog(tn, J4, f"Epoch: [{ep - 1}] Total time: 0:41:{rng.randint(2, 40):02d} (1.3{rng.randint(30, 60)} s / it)")
            tn += 0.5
            continue
        s.joblog(tn, J4, f"Epoch: [{ep}]  [{it:4d}/1849]  eta: {hms((1849 - it) * 1.34)}  lr: 0.000100  class_error: "
                         f"{rng.uniform(2.0, 9.5):.2f}  loss: {rng.uniform(9.1, 10.4):.4f} (9.7722)  loss_ce: "
                         f"{rng.uniform(0.21, 0.27):.4f} (0.2397)  loss_bbox: {rng.uniform(0.17, 0.21):.4f} (0.1884)  "
                         f"loss_giou: {rng.uniform(0.42, 0.5):.4f} (0.4562)  time: {rng.uniform(1.28, 1.41):.4f}  "
                         f"data: 0.0173  max mem: 9512")
        if t_out <= tn < t_back and not warned:
            s.joblog(tn + 31.0, J4, REAL_S5_INIT[1])  # REAL (the run's background sender hits the 500s)
            warned = True
            t_warn = tn + 31.0
        elif t_out <= tn < t_back and rng.random() < 0.2:
            s.joblog(tn + 12.0, J4, REAL_S5_INIT[1])  # REAL
        tn += 100 * 1.34 * rng.uniform(0.98, 1.02)
    t_first = None
    # J1: Lightning + WandbLogger (SYNTH framework lines, REAL wandb lines)
    t = (dt.datetime(2022, 12, 25, 14, 2, 10) - s.start).total_seconds() + 7.0
    for l in ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
              "IPU available: False, using: 0 IPUs", "HPU available: False, using: 0 HPUs"]:
        s.joblog(t, J1, l)
        t += 0.01
    t += 3.2
    s.joblog(t, J1, REAL_S5_INIT[0])  # REAL
    s.joblog(t + 21.4, J1, REAL_S5_INIT[1])  # REAL
    s.joblog(t + 21.5, J1, REAL_S5_INIT[2])  # REAL
    t1f = wandb_giveup(s, t + 25.8, J1, "/home/hkim/segformer/train.py", 141, "main")
    s.joblog(t1f + 2.0, J1, f"srun: error: gpu03: task 0: Exited with exit code 1")
    s.job_state(t1f + 2.3, J1, "FAILED", "1:0")
    # J2: HF Trainer report_to=wandb (REAL GraphQL/wandb lines)
    t = (dt.datetime(2022, 12, 25, 14, 9, 33) - s.start).total_seconds() + 64.0
    for src, msg in [("trainer.py:1650", "***** Running training *****"), ("trainer.py:1651", "  Num examples = 22263"),
                     ("trainer.py:1652", "  Num Epochs = 30"), ("trainer.py:1657", "  Total optimization steps = 20880"),
                     ("integrations.py:684", "Automatic Weights & Biases logging enabled, to disable set os.environ"
                                             "[\"WANDB_DISABLED\"] = \"true\"")]:
        s.joblog(t, J2, tfm_log(s.at(t), src, msg))
        t += 0.002
    t += 1.1
    t_first = t
    s.joblog(t, J2, REAL_S5_GQL[0])  # REAL
    s.joblog(t + 0.001, J2, REAL_S5_GQL[1])  # REAL
    s.joblog(t + 2.1, J2, REAL_S5_GQL[0])  # REAL
    s.joblog(t + 2.101, J2, REAL_S5_GQL[1])  # REAL
    s.joblog(t + 2.3, J2, REAL_S5_INIT[0])  # REAL
    s.joblog(t + 24.0, J2, REAL_S5_INIT[1])  # REAL
    s.joblog(t + 24.1, J2, REAL_S5_INIT[2])  # REAL
    t2f = wandb_giveup(s, t + 28.4, J2, "/home/yjlee/w2v2/run_speech_recognition_ctc.py", 763, "main")
    s.job_state(t2f + 1.9, J2, "FAILED", "1:0")
    # J3: sweep agent (REAL API error line, SYNTH give-up)
    t = (dt.datetime(2022, 12, 25, 14, 15, 2) - s.start).total_seconds() + 4.0
    s.joblog(t, J3, "wandb: Starting wandb agent 🕵️")
    t += 1.6
    for k in range(7):
        s.joblog(t, J3, REAL_S5_GQL[0])  # REAL
        s.joblog(t + 0.001, J3, REAL_S5_GQL[1])  # REAL
        s.joblog(t + 0.002, J3, REAL_S5_API)  # REAL
        t += [2.0, 4.1, 8.3, 16.2, 32.5, 64.8, 120.0][k]
    tb = ["Traceback (most recent call last):",
          '  File "/home/mtorres/.conda/envs/ner/bin/wandb", line 8, in <module>',
          "    sys.exit(cli())",
          "wandb.errors.CommError: internal database error"]
    for k, l in enumerate(tb):
        s.joblog(t + 0.001 * k, J3, l)  # SYNTH
    s.job_state(t + 1.1, J3, "FAILED", "1:0")
    t3f = t + 1.1
    for h, tk, kind in [("gpu07", 900.0, 4), ("gpu11", 4100.0, 0), ("gpu20", 6900.0, 6), ("gpu03", 9800.0, 1),
                        ("gpu03", 9870.0, 2)]:
        noise53(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == "gpu07":
            return b53(rng, "a6000_53", load=rng.uniform(0.85, 0.99))
        if n_ == "gpu03" and g == 0 and 1940 < t_ < t1f:
            return g38(0, rng.uniform(28, 34), 210, fb=rng.randint(1500, 1700), temp=rng.randint(31, 34))
        if n_ == "gpu11" and g == 0 and 2385 < t_ < t2f:
            return g38(0, rng.uniform(27, 33), 210, fb=rng.randint(3100, 3400), temp=rng.randint(30, 34))
        if n_ == "gpu17" and g == 0 and 2706 < t_ < t3f:
            return g38(0, rng.uniform(26, 31), 210, fb=0, temp=rng.randint(29, 33))
        return i53(rng, "a6000_53")
    tel53(s, ["gpu03", "gpu11", "gpu17", "gpu07"], 4, 0.0, t_end, 300.0, fn, keys=K53L)
    s.truth = truth({"t": min(t_warn, t_first), "category": "infrastructure"},
                    no_requeue=[J1, J2, J3, J4], no_drain=["gpu03", "gpu11", "gpu17"])
    return s

# ======================================================================================
# S6  cholla-mpi-8x2-p100-z0-13-connectx3-hca-dies-openib-retry-exceeded  (network: a 2018 physics-department
#     cluster (2 x Tesla P100 per node, FDR InfiniBand with ConnectX-3 HCAs). A Cholla GPU-hydro run on z0-[9-16]
#     (16 MPI ranks, Open MPI 3.1 openib BTL) prints one line per step (~7.5 s). The ConnectX-3 of z0-13 fails: mlx4_core
#     reports an internal error, the reset fails and the HCA is gone; ~20 s later the ranks on z0-12 and z0-14 report
#     RETRY EXCEEDED toward z0-13, mpirun aborts the job. Two other nodes of the cluster (z0-19, z1-13) already lost
#     their HCAs earlier (history and DRAINED states); NHC drains z0-13 five minutes later.)
# ======================================================================================
# Source (truth): https://github.com/kftsehk/phy-clusters/issues/2 -- "Infiniband HCA card failed on z0-13 z0-19
#   z1-13" (cluster admin, 2018-08-19): "InfiniBand card of some nodes are broken, so no intercommunication can be
#   done on those node. Still, we can create a queue to utilize those node for single node debug / data analysis
#   purpose." and "IB card problem on these nodes, if repair not possible, add to the queue z0-13, z0-19, z1-13".
#   The issue has no log text. The cluster was a Torque/Moab cluster whose hardware the issue does not describe; the
#   GPUs, the Slurm framing, Cholla, Open MPI's and mlx4's lines are SYNTH (my wording after their usual messages).


def build_s6() -> Scenario:
    name = "cholla-mpi-8x2-p100-z0-13-connectx3-hca-dies-openib-retry-exceeded"
    J, N1, N2 = "149802", "149766", "149790"
    start = "2018-08-19T01:00:00Z"
    s = Scenario(name, "Physics-department cluster, 2 x Tesla P100-PCIE-16GB and one ConnectX-3 FDR HCA per node. A "
                 "Cholla GPU hydrodynamics run (Kelvin-Helmholtz, 1024^3) on 8 nodes x 2 ranks with Open MPI 3.1 "
                 "(openib BTL), one line per time step. Other owners' jobs elsewhere, one of them CPU-only.",
                 start,
                 {"name": "phy-cluster1", "partition": "batch", "nodes": "z0-[1-20],z1-[1-20]", "gpus_per_node": 2,
                  "pci_bus_ids": ["0000:04:00", "0000:83:00"]},
                 [{"id": J, "name": "cholla-kh-1024", "user": "yfwong", "nodes": "z0-[9-16]", "tasks_per_node": 2,
                   "started": "2018-08-19T00:12:40Z", "comment": comment(2, "/home/yfwong/cholla/out/kh1024")},
                  {"id": N1, "name": "chroma-hmc-24c48", "user": "kmlau", "nodes": "z1-[2-5]", "tasks_per_node": 2,
                   "started": "2018-08-18T21:03:12Z", "comment": comment(1)},
                  {"id": N2, "name": "gr1d-s40-sweep", "user": "zcao", "nodes": "z1-17", "tasks_per_node": 1,
                   "started": "2018-08-18T16:45:00Z"}],
                 history=[{"at": "2018-08-12T09:20:00Z", "node": "z0-19", "verdict": "suspect", "category": "network"},
                          {"at": "2018-08-15T14:02:00Z", "node": "z1-13", "verdict": "suspect", "category": "network"}])
    rng = s.rng
    bad = "z0-13"
    s.node_state(1.0, "z0-19", "DRAINED", "IB HCA dead, ibstat shows no ports -root 2018-08-12")  # SYNTH
    s.node_state(1.2, "z1-13", "DRAINED", "IB HCA dead, ibstat shows no ports -root 2018-08-15")  # SYNTH
    step, sim = 3901, 7.3145512
    t = 4.2
    t_f = 48 * 60 + 22.5
    total = (t + 2912.0 * 1.0)
    while t < t_f:
        dtt = rng.uniform(1.86e-3, 1.90e-3)
        ms = rng.uniform(7390, 7610)
        step += 1
        sim += dtt
        total += ms / 1000.0
        s.joblog(t, J, f"n_step: {step}   sim time: {sim:10.7f}   sim timestep: {dtt:7.4e}  timestep time = "
                       f"{ms:9.3f} ms   total time = {total:9.4f} s")  # SYNTH
        if step % 250 == 0:
            s.joblog(t + 0.4, J, f"Output step {step // 250}: writing hdf5 files to /home/yfwong/cholla/out/kh1024/")  # SYNTH
            t += 21.0
        t += ms / 1000.0
    # the HCA of z0-13 dies (SYNTH mlx4 wording)
    pci = "0000:81:00.0"
    for k, m in enumerate(["mlx4_core {p}: Internal error detected:",
                           "mlx4_core {p}: device is going to be reset",
                           "mlx4_core {p}: crdump: FW doesn't support health buffer access, skipping",
                           "mlx4_core {p}: communication channel is offline.",
                           "mlx4_core {p}: Failed to initialize queue pair table, aborting",
                           "mlx4_core {p}: mlx4_restart_one: ERROR: mlx4_load_one failed, pci_name=" + pci + ", err=-5",
                           "mlx4_core: probe of {p} failed with error -5"]):
        kt(s, t_f + [0.0, 0.001, 0.3, 6.2, 6.9, 6.91, 6.92][k], bad, m.format(p=pci))
    kt(s, t_f + 7.4, bad, "ib0: multicast join failed for ff12:401b:ffff:0000:0000:0000:ffff:ffff, status -22")
    te = t_f + 19.6
    peers = [("z0-12", 6, 1), ("z0-14", 10, 0), ("z0-12", 7, 2), ("z0-14", 11, 1)]
    for k, (h, r, qp) in enumerate(peers):
        s.joblog(te + 0.02 * k, J, f"[{h}][[40017,1],{r}][btl_openib_component.c:3645:handle_wc] from {h} to: {bad} error "
                                   f"polling LP CQ with status RETRY EXCEEDED ERROR status number 12 for wr_id "
                                   f"{rng.randint(0x1000000, 0x2ffffff):x} opcode 0  vendor error 129 qp_idx {qp}")  # SYNTH
    box = ["--------------------------------------------------------------------------",
           "The InfiniBand retry count between two MPI processes has been",
           "exceeded.  \"Retry count\" is defined in the InfiniBand spec 1.2",
           "(section 12.7.38):",
           "",
           "    The total number of times that the sender wishes the receiver to",
           "    retry timeout, packet sequence, etc. errors before posting a",
           "    completion error.",
           "",
           "This error typically means that there is something awry within the",
           "InfiniBand fabric itself.",
           "",
           "The failure occured here:",
           "",
           "    Local host:   z0-12",
           "    Local device: mlx4_0",
           f"    Peer host:    {bad}",
           "",
           "You may need to consult with your system administrator to get this",
           "problem fixed.",
           "--------------------------------------------------------------------------"]
    for k, l in enumerate(box):
        s.joblog(te + 0.2 + 0.0005 * k, J, l)  # SYNTH
    tm = te + 1.4
    tail = ["-------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "-------------------------------------------------------",
            "[z0-9:28714] 3 more processes have sent help message help-mpi-btl-openib.txt / pp retry exceeded",
            "[z0-9:28714] Set MCA parameter \"orte_base_help_aggregate\" to 0 to see all help / error messages",
            "--------------------------------------------------------------------------",
            "mpirun detected that one or more processes exited with non-zero status, thus causing",
            "the job to be terminated. The first process to do so was:",
            "",
            "  Process name: [[40017,1],6]",
            "  Exit code:    255",
            "--------------------------------------------------------------------------"]
    for k, l in enumerate(tail):
        s.joblog(tm + 0.001 * k, J, l)  # SYNTH
    t_jend = tm + 1.8
    s.job_state(t_jend, J, "FAILED", "255:0")  # SYNTH
    s.node_state(t_f + 291.0, bad, "DRAINED", "NHC: check_hw_ib:  No IB port mlx4_0:1 is ACTIVE (LinkUp 56 Gb/sec).")  # SYNTH
    t_end = t_f + 50 * 60.0
    # neighbours (SYNTH)
    tn, traj = 60.0, 312
    while tn < t_end:
        s.joblog(tn, N1, f"HMC: trajectory {traj}  acc={int(rng.random() < 0.82)}  dH={rng.uniform(-0.4, 0.6):+.5f}  "
                         f"exp(-dH)={rng.uniform(0.6, 1.4):.5f}  plaq={rng.uniform(0.588, 0.5885):.7f}  time="
                         f"{rng.uniform(405, 420):.1f} secs")
        traj += 1
        tn += rng.uniform(405, 420)
    tn, it = 33.0, 184000
    while tn < t_end:
        it += 2000
        s.joblog(tn, N2, f"  {it:8d}   {0.1834 + it * 1e-7:.6E}   {rng.uniform(3.1e14, 3.2e14):.6E}   "
                         f"{rng.uniform(1.02e-3, 1.05e-3):.6E}")
        tn += rng.uniform(178, 184)
    for h, tk, kind in [("z0-3", 700.0, 3), ("z0-11", 2100.0, 0), ("z1-4", 3000.0, 4), (bad, 1500.0, 5)]:
        noise53(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in expand_hostlist("z0-[9-16]"):
            if t_ < t_f + 20:
                return b53(rng, "p100_53", load=rng.uniform(0.83, 0.96))
            if t_ < t_jend:
                return g38(100, rng.uniform(44, 52), 1328, fb=13800 + rng.randint(-100, 100), temp=rng.randint(40, 44))
            return i53(rng, "p100_53", clk=405)
        if n_ in expand_hostlist("z1-[2-5]"):
            return b53(rng, "p100_53", load=rng.uniform(0.85, 0.97))
        return i53(rng, "p100_53", clk=405)
    tel53(s, expand_hostlist("z0-[9-16]"), 2, 0.0, t_end, 300.0, fn, keys=K53L)
    tel53(s, expand_hostlist("z1-[2-5]") + ["z1-17"], 2, 0.0, t_end, 900.0, fn, keys=K53L)
    s.truth = truth({"t": t_f, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=["z0-12", "z0-14", "z0-9"])
    return s

# ======================================================================================
# S7  fastmri-challenge-varnet-a5000-iabeng-10-node-goes-dark-node-fail-returns-after-reboot  (node_failure: a
#     student team's E2E-VarNet training (the FastMRI challenge baseline's train loop) on the single RTX A5000 of
#     iabeng-10, one `Epoch = [..] Iter = [..]` line per 500 iterations (~2 min). Mid-epoch the node goes silent: no
#     log line, no kernel line, its telemetry stops. 5 minutes later Slurm marks it DOWN+NOT_RESPONDING and the job
#     NODE_FAIL. ~44 min later the node reboots by itself, registers again and Slurm's ReturnToService puts it back
#     to IDLE -- a node that failed with no explanation looks available again.)
# ======================================================================================
# Source (truth): https://github.com/LISTatSNU/FastMRI_challenge/issues/311 -- "node fail 관련 문의" (2025-07-04): a
#   team reports a node fail on its GPU server (iabeng 10) with unknown cause and asks to keep its files; deleting and
#   re-running the node does not work; the staff first see the node running again, the team cannot attach the GPU
#   to it any more (pending), and the TA gives the team a different node and revokes node 10. The issue's evidence is
#   screenshots; no line here is verbatim. The iteration/epoch lines follow the challenge repository's
#   utils/learning/train_part.py print format with my numbers; the Slurm framing is mine (the challenge ran on Vessl).


def build_s7() -> Scenario:
    name = "fastmri-challenge-varnet-a5000-iabeng-10-node-goes-dark-node-fail-returns-after-reboot"
    J, N1, N2 = "30712", "30698", "30705"
    start = "2025-07-03T23:00:00Z"
    s = Scenario(name, "FastMRI reconstruction challenge cluster: one RTX A5000 per node, one node per team. A team's "
                 "E2E-VarNet training (train_part.py loop, report_interval 500, ~21 min per epoch plus validation). "
                 "Other teams' trainings on other nodes.",
                 start,
                 {"name": "fastmri-2025", "partition": "challenge", "nodes": "iabeng-[01-40]", "gpus_per_node": 1,
                  "pci_bus_ids": ["0000:01:00"]},
                 [{"id": J, "name": "varnet-cascade12-aug", "user": "dhma", "nodes": "iabeng-10", "tasks_per_node": 1,
                   "started": "2025-07-03T14:06:51Z", "comment": comment(1, "/home/dhma/result/varnet_c12/checkpoints")},
                  {"id": N1, "name": "promptmr-plus", "user": "hjlim", "nodes": "iabeng-03", "tasks_per_node": 1,
                   "started": "2025-07-03T19:20:18Z", "comment": comment(1)},
                  {"id": N2, "name": "varnet-sens-unet", "user": "sykang", "nodes": "iabeng-17", "tasks_per_node": 1,
                   "started": "2025-07-03T21:47:33Z"}])
    rng = s.rng
    host = "iabeng-10"
    n_it, ep = 5086, 17
    it = 2000
    t = 40.0
    t_f = 2 * 3600 + 17 * 60 + 8.0

    def epoch_loop(job, t, ep, it, t_stop, per_it, name_, n_epochs):
        while t < t_stop:
            it += 500
            if it >= n_it:
                tt = t + (n_it - (it - 500)) * per_it
                tv = rng.uniform(176, 190)
                tt += tv
                s.joblog(tt, job, f"Epoch = [{ep:4d}/{n_epochs:4d}] TrainLoss = {rng.uniform(0.0305, 0.0322):.4g} "
                                  f"ValLoss = {rng.uniform(0.0342, 0.0356):.4g} TrainTime = {n_it * per_it:.4f}s ValTime = "
                                  f"{tv:.4f}s")
                if rng.random() < 0.5:
                    s.joblog(tt + 0.01, job, "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@NewRecord@@@@@@@@@@@@@@@@@@@@@@@@@@@@")
                    s.joblog(tt + rng.uniform(10, 14), job, f"ForwardTime = {rng.uniform(10, 14):.4f}s")
                    tt += 14.0
                ep += 1
                it = 0
                s.joblog(tt + 0.2, job, f"Epoch #{ep:2d} ............... {name_} ...............")
                t = tt + 0.2 + 500 * per_it
                it = 0
                continue
            s.joblog(t, job, f"Epoch = [{ep:3d}/{n_epochs:3d}] Iter = [{it:4d}/{n_it:4d}] Loss = "
                             f"{rng.uniform(0.026, 0.039):.4g} Time = {500 * per_it * rng.uniform(0.98, 1.03):.4f}s")
            t += 500 * per_it * rng.uniform(0.98, 1.03)
        return t
    epoch_loop(J, t, ep, it, t_f, 0.2475, "varnet_c12", 40)
    t_down = t_f + 300.4
    s.node_state(t_down, host, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.job_state(t_down + 0.3, J, "NODE_FAIL", "0:0", reason="NodeFail")  # SYNTH
    # the node comes back by itself ~44 min later (SYNTH boot lines), ReturnToService puts it back
    t_boot = t_f + 44 * 60 + 12.0
    for k, m in enumerate(["Linux version 5.15.0-139-generic (buildd@lcy02-amd64-041) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) "
                           "11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #149-Ubuntu SMP Fri Apr 11 22:06:13 UTC 2025",
                           "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-139-generic root=/dev/mapper/vg0-root ro quiet",
                           "nvidia: module license 'NVIDIA' taints kernel.",
                           "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.133.20  Fri Apr  4 23:00:28 UTC 2025",
                           "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  570.133.20",
                           "igb 0000:05:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX"]):
        kt(s, t_boot + [0.0, 0.0, 14.2, 14.3, 14.5, 18.9][k], host, m)
    s.node_state(t_boot + 41.0, host, "IDLE", "")  # SYNTH (ReturnToService=1)
    t_end = t_boot + 3600.0
    # neighbours (SYNTH)
    epoch_loop(N1, 75.0, 9, 3500, t_end, 0.31, "promptmr_plus", 30)
    epoch_loop(N2, 20.0, 4, 1000, t_end, 0.205, "varnet_sens_unet", 35)
    for h, tk, kind in [("iabeng-03", 1900.0, 1), ("iabeng-03", 1960.0, 2), ("iabeng-22", 5200.0, 4), (host, 3000.0, 7)]:
        noise53(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == host:
            if t_ < t_f:
                return b53(rng, "a5000_53", load=rng.uniform(0.9, 0.99))
            if t_ < t_boot + 60:
                return None
            return i53(rng, "a5000_53")
        return b53(rng, "a5000_53", load=rng.uniform(0.86, 0.98))
    tel53(s, [host], 1, 0.0, t_end, 60.0, fn, keys=K53)
    tel53(s, ["iabeng-03", "iabeng-17"], 1, 0.0, t_end, 600.0, fn, keys=K53L)
    s.truth = truth({"t": t_f, "category": "node_failure", "node": host}, drain=[host], requeue={J: {"exclude": [host]}},
                    no_requeue=[N1, N2], no_drain=["iabeng-03", "iabeng-17"])
    return s

# ======================================================================================
# S8  metaseq-opt175b-124x8-a100-hang-after-swapping-in-new-node-hpc-pg0-131-silent  (hang: OPT-175B (metaseq,
#     12.xx lineage) restarted on 124 Azure ND A100 v4 VMs after an ECC node (hpc-pg0-41) was taken out and a fresh
#     VM (hpc-pg0-131) was swapped in. The restart downloads the 1.6 TB checkpoint, resumes, prints train_inner records
#     every ~145 s for ~55 min -- and then nothing: no traceback, no NCCL message, no kernel line, the job stays
#     RUNNING. The ranks of every other VM keep their GPUs spinning at 100 % in NCCL; the new VM's GPUs sit idle with
#     their memory held. history names hpc-pg0-41 (not in this job), not the new VM.)
# ======================================================================================
# Source (truth): https://github.com/facebookresearch/metaseq/blob/main/projects/OPT/chronicles/10_percent_update.md
#   -- "Update on 175B Training Run: 10% through" (OPT team, 2021-11-17): since the 12.00 launch "the only restarts we've
#   had to make were all related to hardware issues (missing GPUs on instances, training randomly hanging after
#   including a new node, ECC errors, partial checkpoint upload after hardware error, CUDA errors, NCCL errors,
#   etc.)". The update holds no log text; every line is SYNTH. Which VM hangs, and how it shows in telemetry, is mine.


def build_s8() -> Scenario:
    name = "metaseq-opt175b-124x8-a100-hang-after-swapping-in-new-node-hpc-pg0-131-silent"
    J, N1, N2 = "3902", "3887", "3895"
    start = "2021-11-14T04:30:00Z"
    job_nodes = "hpc-pg0-[1-40,42-124,131]"
    s = Scenario(name, "OPT-175B pretraining with metaseq (TP=8, FP16) on 124 Azure ND A100 v4 VMs under Slurm "
                 "(CycleCloud node names); one task per GPU. Restart after replacing a VM: checkpoint download, resume, "
                 "a train_inner JSON record every 10 updates. Other teams' jobs on the other VMs.",
                 start,
                 {"name": "azure-opt", "partition": "hpc", "nodes": "hpc-pg0-[1-136]", "gpus_per_node": 8,
                  "pci_bus_ids": ["0001:00:00", "0002:00:00", "0003:00:00", "0004:00:00", "000b:00:00", "000c:00:00",
                                  "000d:00:00", "000e:00:00"]},
                 [{"id": J, "name": "opt-175b-12.06", "user": "optrun", "nodes": job_nodes, "tasks_per_node": 8,
                   "started": "2021-11-14T04:31:07Z",
                   "comment": comment(10, "/shared/home/optrun/checkpoints/175B/12.06")},
                  {"id": N1, "name": "125m-ablation-lpe-23", "user": "tmihaylov", "nodes": "hpc-pg0-[125-126]",
                   "tasks_per_node": 8, "started": "2021-11-14T01:02:33Z", "comment": comment(1)},
                  {"id": N2, "name": "cm3-pilot-eval", "user": "aaghajanyan", "nodes": "hpc-pg0-128", "tasks_per_node": 8,
                   "started": "2021-11-14T03:48:20Z"}],
                 history=[{"at": "2021-11-14T03:58:00Z", "node": "hpc-pg0-41", "verdict": "suspect",
                           "category": "gpu_hardware"}])
    rng = s.rng
    new = "hpc-pg0-131"
    t = 67.0 + 24.0
    init = [("metaseq_cli.train", "{'_name': None, 'common': {'log_format': 'json', 'log_interval': 10, 'fp16': True, "
                                  "'memory_efficient_fp16': False, 'fp16_init_scale': 4, 'fp16_scale_window': 128, "
                                  "'min_loss_scale': 1e-05, 'model_parallel_size': 8}, ...}"),
            ("metaseq.distributed.utils", "distributed init (rank 0): tcp://hpc-pg0-1:12345"),
            ("metaseq.distributed.utils", "initialized host hpc-pg0-1 as rank 0"),
            ("metaseq_cli.train", "num. model params: 21,861,965,824 (num. trained: 21,861,965,824)"),
            ("metaseq.trainer", "detected shared parameter: decoder.embed_tokens.weight <- decoder.output_projection.weight"),
            ("metaseq_cli.train", "training on 992 devices (GPUs/TPUs)"),
            ("metaseq.checkpoint_utils", "Downloading checkpoint_12_3750 from azure blob (992 files, 1.6 TB)")]
    for mod, msg in init:
        s.joblog(t, J, ms_line(s.at(t), mod, msg))  # SYNTH
        t += rng.uniform(0.5, 9.0)
    t += 23 * 60 + 41.0
    for mod, msg in [("metaseq.checkpoint_utils", "Downloaded checkpoint_12_3750 in 1421.6 seconds"),
                     ("metaseq.trainer", "Loaded checkpoint /mnt/scratch/checkpoint_12_3750-model_part-0-shard0.pt "
                                         "(epoch 1 @ 3750 updates)"),
                     ("metaseq.trainer", "loading train data for epoch 1"),
                     ("metaseq.trainer", "begin training epoch 1"),
                     ("metaseq_cli.train", "Start iterating over samples")]:
        t += rng.uniform(2.0, 40.0)
        s.joblog(t, J, ms_line(s.at(t), mod, msg))  # SYNTH
    upd = 3750
    wall = t - 67.0
    loss = 2.71
    t_hang = t + 55 * 60 + 30.0
    while True:
        sec = rng.uniform(14.3, 14.8)
        if t + 10 * sec > t_hang:
            break
        t += 10 * sec
        upd += 10
        loss = 0.97 * loss + 0.03 * rng.uniform(2.62, 2.72)
        rec = ms_inner(rng, upd, loss, 1.2e-4 * (1 - upd / 143000.0), sec, t - 67.0, rng.uniform(0.24, 0.36), 8.0)
        s.joblog(t, J, ms_line(s.at(t), "train_inner", rec))  # SYNTH
    t_fault = t + rng.uniform(20.0, 40.0)   # the update after the last record never completes
    t_end = t_hang + 3 * 3600.0
    # neighbours (SYNTH)
    tn, u = 30.0, 9200
    while tn < t_end:
        u += 400
        s.joblog(tn, N1, ms_line(s.at(tn), "train_inner", json.dumps(
            {"epoch": 1, "loss": f"{rng.uniform(3.31, 3.42):.3f}", "ppl": f"{rng.uniform(9.9, 10.7):.2f}",
             "wps": f"{rng.uniform(1.71e6, 1.76e6):.1f}", "ups": "3.35", "num_updates": str(u), "lr": "0.0006",
             "gnorm": f"{rng.uniform(0.3, 0.5):.3f}", "loss_scale": "16", "wall": str(int(12000 + tn))})))
        tn += rng.uniform(118.5, 120.8)
    tn, b = 90.0, 0
    while tn < t_end:
        b += 1
        s.joblog(tn, N2, f"[{s.at(tn):%Y-%m-%d %H:%M:%S}] eval batch {b}/2400  tokens/s {rng.randint(19000, 21000)}  "
                         f"mean_loss {rng.uniform(2.15, 2.25):.4f}")
        tn += rng.uniform(118, 122)
    for h, tk, kind in [("hpc-pg0-17", 1200.0, 4), (new, 900.0, 7), ("hpc-pg0-126", 7000.0, 0), ("hpc-pg0-88", 9900.0, 3)]:
        noise53(s, h, tk, kind)
    t_run = t - (upd - 3750) / 10 * 145.0   # training (not loading) started here

    def fn(n_, g, t_):
        if n_ in (new, "hpc-pg0-42", "hpc-pg0-40", "hpc-pg0-124"):
            if t_ < 67.0:
                return i53(rng, "a100_80_53")
            if t_ < t_run:
                return g38(0, rng.uniform(58, 66), 1410, fb=rng.randint(2900, 3300), temp=rng.randint(32, 37))
            if t_ < t_fault:
                return b53(rng, "a100_80_53", load=rng.uniform(0.86, 0.97))
            if n_ == new:
                return g38(0, rng.uniform(61, 69), 1410, fb=59300 + rng.randint(-200, 200), temp=rng.randint(34, 38))
            return g38(100, rng.uniform(90, 99), 1410, fb=59400 + rng.randint(-200, 200), temp=rng.randint(43, 48))
        return b53(rng, "a100_80_53", load=rng.uniform(0.8, 0.97))
    tel53(s, [new], 8, 0.0, t_end, 600.0, fn, keys=K53)
    tel53(s, ["hpc-pg0-40", "hpc-pg0-42", "hpc-pg0-124"], 8, 0.0, t_end, 1800.0, fn, keys=K53L)
    tel53(s, ["hpc-pg0-125", "hpc-pg0-128"], 8, 0.0, t_end, 1800.0, fn, keys=K53L)
    s.truth = truth({"t": t_fault, "category": "hang", "node": new}, requeue={J: {"exclude": [new]}},
                    no_requeue=[N1, N2], no_drain=[new, "hpc-pg0-42"])
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
