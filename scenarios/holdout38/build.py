#!/usr/bin/env python3
"""Build the holdout38 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout36):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout38: generic helpers and the holdout14..holdout36 helper sections are copied unchanged from holdout36's build.py;
the holdout36 scenarios are replaced by the holdout38 helpers and scenarios S1..S8 below.
Earlier note (holdout36): generic helpers and the holdout14..holdout34 helper sections came unchanged from holdout34.
Earlier note (holdout34): generic helpers and the holdout14..holdout32 helper sections came unchanged from holdout32.
Earlier notes (holdout23..holdout32): each corpus copied the generic helpers and earlier helper sections unchanged.
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
# S1  llamafactory-h200-gpu5-ecc-and-xtuner-x550-txhang-panic  (two independent faults, ~1.5 min apart, two jobs, two
#     culprits: (a) gpu_hardware: GPU 5 of h200-03 (LLaMA-Factory DeepSpeed ZeRO-2 SFT, 1 x 8 H200) takes an
#     uncorrectable ECC error; rank 5 dies, the job fails. (b) node_failure: the onboard X550 port eno1 of h200-07
#     (XTuner SFT, 2 x 8 H200) goes into an ixgbe tx-hang/reset loop every ~30 s and one reset panics the kernel; Slurm
#     loses the node (NOT_RESPONDING, NODE_FAIL).)
# ======================================================================================
# Source (a): https://github.com/hiyouga/LlamaFactory/issues/9170 -- "deepseed zero-2 ... qwen3-30B-A3B-thinking-202507,
# RuntimeError: CUDA error: uncorrectable ECC error encountered" (8 x H200, open, no maintainer answer). Verbatim: rank 5's
# traceback frames below. The `Traceback` header, the RuntimeError/CUDA hint lines and the FlightRecorder line of the
# thread are used by earlier corpora and are emitted as SYNTH text.
# Truth (a): https://github.com/nagadit/DeepFaceLab_Linux/issues/89 -- "CUDA_ERROR_ECC_UNCORRECTABLE: uncorrectable ECC
# error encountered": "it was finally discovered that it was a hardware problem. I just changed the machine" -- an
# uncorrectable ECC error is the GPU's fault, not the program's.
# Source (b): https://github.com/TUM-DSE/doctor-cluster-config/issues/1798 -- "wilfred: onboard X550 (eno1) tx-hang loop
# panics the kernel": since a reboot the port loops "tx hang N detected on queue X, resetting adapter" / "Reset adapter" /
# "NIC Link is Up 10 Gbps" every ~30 s until one reset faults in ixgbe_read_reg+0x31 in interrupt context and the machine
# panics. Verbatim: the two concrete ixgbe lines and the panic line below. The tx-hang line is a template in the thread
# ("N", "X") and is emitted with numbers (SYNTH); the oops lines around the panic are SYNTH.
REAL_S1_LF = [
    '[rank5]:   File "/data/ai_projects/LLaMA-Factory/src/llamafactory/launcher.py", line 23, in <module>',
    '[rank5]:     launch()',
    '[rank5]:   File "/data/ai_projects/LLaMA-Factory/src/llamafactory/launcher.py", line 19, in launch',
    '[rank5]:     run_exp()',
    '[rank5]:   File "/data/ai_projects/LLaMA-Factory/src/llamafactory/train/tuner.py", line 110, in run_exp',
    '[rank5]:     _training_function(config={"args": args, "callbacks": callbacks})',
    '[rank5]:   File "/data/ai_projects/LLaMA-Factory/src/llamafactory/train/tuner.py", line 72, in _training_function',
    '[rank5]:     run_sft(model_args, data_args, training_args, finetuning_args, generating_args, callbacks)',
    '[rank5]:   File "/data/ai_projects/LLaMA-Factory/src/llamafactory/train/sft/workflow.py", line 96, in run_sft',
]
REAL_S1_IXGBE = [
    "ixgbe 0000:01:00.0 eno1: Reset adapter",
    "ixgbe 0000:01:00.0 eno1: NIC Link is Up 10 Gbps",
]
REAL_S1_PANIC = "Kernel panic - not syncing: Fatal exception in interrupt"


def build_s1() -> Scenario:
    name = "llamafactory-h200-gpu5-ecc-and-xtuner-x550-txhang-panic"
    A, B, N = "93310", "93274", "93301"
    start = "2025-09-20T21:00:00Z"
    a_nodes = ["h200-03"]
    b_nodes = expand_hostlist("h200-[06-07]")
    n_node = "h200-09"
    bad_a, bad_gpu, bad_b = "h200-03", 5, "h200-07"
    s = Scenario(name, "Two independent faults ~1.5 min apart on one H200 cluster. LLaMA-Factory SFT job 93310 (DeepSpeed "
                 "ZeRO-2, 1 x 8 H200) loses GPU 5 of h200-03 to an uncorrectable ECC error (Xid 48/63, DBE counter): "
                 "rank 5 dies and the job fails. Then the onboard X550 port of h200-07, which carries XTuner SFT job "
                 "93274 (2 x 8 H200), starts an ixgbe tx-hang/reset loop every ~30 s; the sixth reset panics the kernel, "
                 "the node stops answering and Slurm fails the job with NODE_FAIL. Both jobs are opted in. A third "
                 "owner's eval job runs on h200-09.",
                 start,
                 {"name": "hx200", "partition": "gpu", "nodes": "h200-[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": H800_BUS},
                 [{"id": A, "name": "lf-qwen3-30b-a3b-thinking-sft", "user": "cj111", "nodes": "h200-03",
                   "tasks_per_node": 8, "started": "2025-09-20T18:02:41Z",
                   "comment": comment(2, "/data/ai_projects/LLaMA-Factory/saves/qwen3-30b-a3b/full/sft")},
                  {"id": B, "name": "xtuner-internlm2-20b-sft", "user": "mliu", "nodes": "h200-[06-07]",
                   "tasks_per_node": 8, "started": "2025-09-20T19:58:40Z",
                   "comment": comment(1, "/mnt/shared/mliu/work_dirs/internlm2_20b_sft")},
                  {"id": N, "name": "lmeval-ceval-qwen14b", "user": "zhaoy", "nodes": "h200-09", "tasks_per_node": 1,
                   "started": "2025-09-20T20:31:02Z"}])
    rng = s.rng
    t_xid = 1848.9
    t_b = t_xid + 91.3
    t_panic = t_b + 31.0 * 5 + 9.3
    # ---- job A: LLaMA-Factory (HF Trainer) loss dicts every 10 steps (~150 s) + tqdm bar (SYNTH)
    t, step = 57.0, 1310
    while t < t_xid - 20:
        s.joblog(t, A, f"{{'loss': {rng.uniform(0.61, 0.74):.4f}, 'grad_norm': {rng.uniform(0.38, 0.61):.4f}, "
                       f"'learning_rate': {1e-5 * (1 - step / 6000):.4e}, 'epoch': {step / 2890:.2f}, "
                       f"'num_input_tokens_seen': {step * 262144}}}")
        s.joblog(t + 0.2, A, f" {100 * step // 5780:2d}%|          | {step}/5780 [{fmt_interval(step * 15.1)}<"
                             f"{fmt_interval((5780 - step) * 15.1)}, 15.08s/it]")
        t += 10 * rng.uniform(14.8, 15.4)
        step += 10
    dx = s.at(t_xid)
    s.kernel(t_xid, bad_a, j38(dx, bad_a, "NVRM: Xid (PCI:0000:ab:00): 48, pid=771205, name=python, An uncorrectable "
                                          "double bit error (DBE) has been detected on GPU in the framebuffer at partition 5, "
                                          "subpartition 0."))  # SYNTH
    s.kernel(t_xid + 0.02, bad_a, j38(dx, bad_a, "NVRM: Xid (PCI:0000:ab:00): 63, pid=771205, name=python, Row Remapper: "
                                                 "New row (0x00000000000a41c3) marked for remapping, reset gpu to activate."))  # SYNTH
    te = t_xid + 1.3
    s.joblog(te, A, "[rank5]: Traceback (most recent call last):")  # SYNTH (used earlier)
    for k, l in enumerate(REAL_S1_LF):
        s.joblog(te + 0.001 * (k + 1), A, l)  # REAL_S1_LF
    tail = ["[rank5]:     train_result = trainer.train(resume_from_checkpoint=training_args.resume_from_checkpoint)",
            "[rank5]:   File \"/opt/conda/lib/python3.10/site-packages/transformers/trainer.py\", line 2245, in train",
            "[rank5]:     return inner_training_loop(",
            "[rank5]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
            "[rank5]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
            "might be incorrect.",
            "[rank5]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1."]
    for k, l in enumerate(tail):
        s.joblog(te + 0.02 + 0.001 * k, A, l)  # SYNTH
    tfr = t_xid + 4.828
    for r in (1, 0, 2, 3, 4, 6, 7):
        dr = s.at(tfr + 0.004 * r)
        s.joblog(tfr + 0.004 * r, A, c10d_e(r, dr, 190653 + r, "ProcessGroupNCCL.cpp:670",
                                           "Stack trace of the failed collective not found, potentially because "
                                           "FlightRecorder is disabled. You can enable it by setting "
                                           "TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."))  # SYNTH (used earlier)
    s.joblog(t_xid + 9.6, A, f"W{s.at(t_xid + 9.6):%m%d %H:%M:%S}.412000 771190 torch/distributed/elastic/multiprocessing/"
                             "api.py:897] Sending process 771200 closing signal SIGTERM")  # SYNTH
    s.joblog(t_xid + 14.2, A, f"E{s.at(t_xid + 14.2):%m%d %H:%M:%S}.118000 771190 torch/distributed/elastic/multiprocessing/"
                              "api.py:869] failed (exitcode: 1) local_rank: 5 (pid: 771205) of binary: /opt/conda/bin/python")  # SYNTH
    t_af = t_xid + 21.0
    s.joblog(t_af - 1.0, A, "srun: error: h200-03: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_af, A, "FAILED", "1:0")  # SYNTH
    # ---- job B: XTuner, one mmengine line per 10 iterations (~29.5 s) (SYNTH)
    t, it = 14.0, 2150
    while t < t_panic:
        tm = rng.uniform(2.86, 3.03)
        if t_b <= t < t_panic:
            tm += rng.uniform(0.05, 0.4)   # resets cost the TCP store a little (SYNTH)
        s.joblog(t, B, xtuner_line(s.at(t), it, 4800, 1.9e-5 * (1 - it / 6000), (4800 - it) * tm, tm, 61234 + rng.randint(-90, 90),
                                   rng.uniform(0.88, 1.02), 16 * 2048 * 4 / tm / 16))
        if it % 500 == 0:
            s.joblog(t + 3.0, B, f"{s.at(t + 3):%Y/%m/%d %H:%M:%S} - mmengine - INFO - Saving checkpoint at {it} iterations")
        t += tm * 10
        it += 10
    # ---- h200-07: ixgbe tx-hang loop on eno1, then the panic
    for k in range(6):
        tk = t_b + 31.0 * k + rng.uniform(-0.4, 0.4)
        if tk > t_panic - 1:
            break
        s.kernel(tk, bad_b, j38(s.at(tk), bad_b, f"ixgbe 0000:01:00.0 eno1: tx hang {k + 1} detected on queue {rng.choice([3, 5, 11, 17])}, "
                                                 "resetting adapter"))  # SYNTH (thread gives the template)
        s.kernel(tk + 0.08, bad_b, j38(s.at(tk + 0.08), bad_b, REAL_S1_IXGBE[0]))  # REAL_S1_IXGBE
        s.kernel(tk + 2.9, bad_b, j38(s.at(tk + 2.9), bad_b, REAL_S1_IXGBE[1]))  # REAL_S1_IXGBE
    dp = s.at(t_panic)
    for k, l in enumerate(["BUG: unable to handle page fault for address: ffffb27a0c4a0054",
                           "#PF: supervisor read access in kernel mode",
                           "Oops: 0000 [#1] PREEMPT SMP NOPTI",
                           "RIP: 0010:ixgbe_read_reg+0x31/0x110 [ixgbe]",
                           REAL_S1_PANIC,
                           "Kernel Offset: 0x1e000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"]):
        s.kernel(t_panic + 0.01 * k, bad_b, j38(dp, bad_b, l))  # REAL_S1_PANIC; the other oops lines SYNTH
    t_nr = t_panic + 301.0
    s.node_state(t_nr, bad_b, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    node_fail_lines(s, t_nr + 1.0, B, bad_b, "h200-06")  # SYNTH
    s.job_state(t_nr + 1.6, B, "NODE_FAIL", "0:0")  # SYNTH
    # ---- harmless kernel noise elsewhere (SYNTH)
    for tn, host in ((300.0, "h200-03"), (910.0, "h200-06"), (1530.0, "h200-09"), (2288.0, "h200-06")):
        s.kernel(tn, host, j38(s.at(tn), host, "workqueue: ib_cache_event_task [ib_core] hogged CPU for >10000us 4 times, "
                                               "consider switching to WQ_UNBOUND"))
    # ---- neighbour: lm-eval-harness (SYNTH)
    tn, done = 25.0, 4021
    while tn < t_nr + 480:
        s.joblog(tn, N, f"Running loglikelihood requests:  {100 * done // 72870:2d}%|          | {done}/72870 "
                        f"[{fmt_interval(tn + 1700)}<{fmt_interval((72870 - done) / 21.3)}, 21.30it/s]")
        done += int(60 * 21.3)
        tn += 60.0
    t_end = t_nr + 480.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == bad_b and t_ > t_panic:
            return None
        if n_ in a_nodes:
            if g == bad_gpu and t_ >= t_xid:
                return idle38(rng, "h800", fb=0 if t_ > t_af else 131200,
                              extra={"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_XID_ERRORS": 48,
                                     "DCGM_FI_DEV_ROW_REMAP_PENDING": 1})
            if t_ >= t_af:
                return idle38(rng, "h800", fb=0)
            if t_ >= t_xid:
                return idle38(rng, "h800", fb=131200)
            return busy38(rng, "h200", load=rng.uniform(0.86, 0.97))
        if n_ in b_nodes:
            if t_ >= t_nr:
                return idle38(rng, "h800", fb=0)
            if t_ >= t_panic:
                return g38(100, rng.uniform(140, 170), 1980)      # peers spin in NCCL
            return busy38(rng, "h200", load=0.96)
        return busy38(rng, "h200", load=rng.uniform(0.55, 0.8))
    run_sampler(s, a_nodes + b_nodes + [n_node], 8, 0.0, t_end, 90.0, fn)
    s.truth = truth({"t": t_xid, "category": "gpu_hardware", "node": bad_a, "gpu": bad_gpu},
                    drain=[bad_a, bad_b], requeue={A: {"exclude": [bad_a]}, B: {"exclude": [bad_b]}},
                    no_requeue=[N], no_drain=["h200-06", n_node],
                    other_faults=[{"t": t_b, "category": "node_failure", "node": bad_b}])
    return s


# ======================================================================================
# S2  trax-mnist-finished-training-never-exits  (software: Trax 1.2.2 `python -m trax.trainer` on one node with 4 TITAN Xp
#     prints the step-2000 evaluation and `Finished training.`, then neither exits nor uses the GPUs; JAX keeps ~11 GB
#     per GPU allocated. Nothing more is printed for 1 h 15 min until the owner cancels. Report, never requeue.)
# ======================================================================================
# Source: https://github.com/google/trax/issues/298 -- "program using supervised.train does not end" (closed). "It trains
# the model, prints `Finished training.` and then hangs forever. This process is not using CPU but it does not exit
# either." (Trax 1.2.2, jax 0.1.51/jaxlib 0.1.32, TF 1.15). Verbatim: the six lines below from the thread's error log
# (absl line + plain print for each message). `Finished training.` itself is used by an earlier corpus, so it is emitted
# as SYNTH text; every other line (steps 0-1800, the rest of the step-2000 block, TF/tfds start-up lines) is SYNTH.
REAL_S2 = [
    "I0217 13:01:30.008547 140681594124096 trainer_lib.py:751] Step   2000: Ran 200 train steps in 4.19 secs",
    "Step   2000: Ran 200 train steps in 4.19 secs",
    "I0217 13:01:30.012206 140681594124096 trainer_lib.py:751] Step   2000: Evaluation",
    "Step   2000: Evaluation",
    "I0217 13:01:30.073523 140681594124096 trainer_lib.py:751] Step   2000: train                   accuracy |  0.99804688",
    "Step   2000: train                   accuracy |  0.99804688",
]
TRAX_TID = 140681594124096
TRAX_W = len(REAL_S2[5].split(": ", 1)[1].split(" |")[0]) - len("train") - 1   # width trax right-justifies metric names to


def trax_pair(s: Scenario, t: float, job: str, msg: str) -> None:
    """SYNTH: trax logs each message through absl and print() (as the thread's log shows)."""
    s.joblog(t, job, absl38(s.at(t), TRAX_TID, "trainer_lib.py:751", msg))
    s.joblog(t + 0.0004, job, msg)


def trax_metric(step: int, prefix: str, name: str, value: float) -> str:
    return f"Step {step:6d}: {prefix:<5s} {name:>{TRAX_W}s} | {value: .8f}"


def build_s2() -> Scenario:
    name = "trax-mnist-finished-training-never-exits"
    J, N1, N2 = "5531207", "5531122", "5531190"
    start = "2020-02-17T12:55:00Z"
    node = "txp-03"
    s = Scenario(name, "Trax 1.2.2 trainer (`python -m trax.trainer --config_file=mlp_mnist.gin`) run as a batch job on "
                 "txp-03 (4 x TITAN Xp, JAX pmap over the 4 GPUs). Training ends at step 2000 with its evaluation and "
                 "`Finished training.`; the process then neither exits nor uses CPU or GPU, holding ~11 GB per GPU "
                 "(JAX preallocation), and prints nothing for 1 h 15 min until the owner cancels it. The job is opted "
                 "in. Two other owners' jobs (tensor2tensor, PyTorch CIFAR) run on txp-01 and txp-05.",
                 start,
                 {"name": "txp", "partition": "gpu", "nodes": "txp-[01-06]", "gpus_per_node": 4},
                 [{"id": J, "name": "trax-mlp-mnist-sweep07", "user": "pkol", "nodes": node, "tasks_per_node": 1,
                   "started": "2020-02-17T12:59:58Z", "comment": comment(1, "/home/pkol/trax_out/sweep07")},
                  {"id": N1, "name": "t2t-transformer-ende", "user": "hschulz", "nodes": "txp-01", "tasks_per_node": 1,
                   "started": "2020-02-16T19:12:40Z", "comment": comment(1)},
                  {"id": N2, "name": "cifar-resnet56", "user": "lbaker", "nodes": "txp-05", "tasks_per_node": 1,
                   "started": "2020-02-17T11:48:03Z"}])
    rng = s.rng
    e0 = epoch_of(start)
    t_start = 298.0
    s.job_state(t_start, J, "RUNNING", "0:0")  # SYNTH
    boot = [(301.2, "2020-02-17 13:00:01.204118: I tensorflow/stream_executor/platform/default/dso_loader.cc:44] "
                    "Successfully opened dynamic library libcudart.so.10.0"),
            (304.9, "2020-02-17 13:00:04.921733: I tensorflow/core/platform/cpu_feature_guard.cc:142] Your CPU "
                    "supports instructions that this TensorFlow binary was not compiled to use: AVX2 AVX512F FMA"),
            (309.6, "I0217 13:00:09.611020 140681594124096 dataset_builder.py:193] Overwrite dataset info from restored "
                    "data version."),
            (309.7, "I0217 13:00:09.703315 140681594124096 dataset_builder.py:273] Reusing dataset mnist (/home/pkol/"
                    "tensorflow_datasets/mnist/1.0.0)"),
            (310.4, "I0217 13:00:10.412577 140681594124096 trainer_lib.py:751] Starting training using 4 devices"),
            (310.5, "Starting training using 4 devices")]
    for tb, l in boot:
        s.joblog(tb, J, l)  # SYNTH
    t = 336.4
    acc, loss = 0.905, 0.33
    for step in [0] + list(range(200, 2000, 200)):
        if step == 0:
            trax_pair(s, t, J, f"Step {step:6d}: Ran 1 train steps in 11.84 secs")
        else:
            trax_pair(s, t, J, f"Step {step:6d}: Ran 200 train steps in {rng.uniform(4.12, 4.31):.2f} secs")
        trax_pair(s, t + 0.004, J, f"Step {step:6d}: Evaluation")
        acc = min(0.9975, acc + rng.uniform(0.004, 0.012))
        loss = max(0.008, loss * rng.uniform(0.62, 0.8))
        for k, (pre, nm, v) in enumerate([("train", "accuracy", acc), ("train", "loss", loss),
                                         ("eval", "accuracy", acc - rng.uniform(0.006, 0.018)),
                                         ("eval", "loss", loss * rng.uniform(2.0, 4.5))]):
            trax_pair(s, t + 0.06 + 0.002 * k, J, trax_metric(step, pre, nm, v))
        trax_pair(s, t + 0.07, J, f"Step {step:6d}: Finished evaluation")
        t += 4.2 + rng.uniform(1.2, 1.9)
    t2k = epoch_of("2020-02-17T13:01:30Z") - e0 + 0.008547
    s.joblog(t2k, J, REAL_S2[0])  # REAL_S2
    s.joblog(t2k + 0.0004, J, REAL_S2[1])  # REAL_S2
    s.joblog(t2k + 0.003659, J, REAL_S2[2])  # REAL_S2
    s.joblog(t2k + 0.0040, J, REAL_S2[3])  # REAL_S2
    s.joblog(t2k + 0.064976, J, REAL_S2[4])  # REAL_S2
    s.joblog(t2k + 0.0654, J, REAL_S2[5])  # REAL_S2
    for k, (pre, nm, v) in enumerate([("train", "loss", 0.00731540), ("eval", "accuracy", 0.98203125),
                                     ("eval", "loss", 0.06281304)]):
        trax_pair(s, t2k + 0.066 + 0.0015 * k, J, trax_metric(2000, pre, nm, v))  # SYNTH
    trax_pair(s, t2k + 0.071, J, "Step   2000: Finished evaluation")  # SYNTH
    t_done = t2k + 0.58
    trax_pair(s, t_done, J, "Finished training.")  # SYNTH (text used by an earlier corpus)
    t_hang = round(t_done + 1.0, 3)
    t_cancel = t_done + 4500.0
    s.joblog(t_cancel, J, cancel_line(J, node, s.at(t_cancel)))  # SYNTH
    s.job_state(t_cancel + 0.5, J, "CANCELLED", "0:15")  # SYNTH
    t_end = t_cancel + 420.0
    # ---- neighbours (SYNTH)
    tn, stp = 12.0, 182100
    while tn < t_end:
        sec = rng.uniform(40.9, 42.4)
        s.joblog(tn, N1, absl38(s.at(tn), 139911281223488, "basic_session_run_hooks.py:260",
                                f"loss = {rng.uniform(1.98, 2.31):.4f}, step = {stp} ({sec:.3f} sec)"))
        if stp % 500 == 0:
            s.joblog(tn + 0.01, N1, absl38(s.at(tn + 0.01), 139911281223488, "basic_session_run_hooks.py:692",
                                           f"global_step/sec: {100 / sec:.5f}"))
        if stp % 1000 == 0:
            s.joblog(tn + 1.5, N1, absl38(s.at(tn + 1.5), 139911281223488, "basic_session_run_hooks.py:606",
                                          f"Saving checkpoints for {stp} into /scratch/hschulz/t2t_train/ende/model.ckpt."))
        stp += 100
        tn += sec
    tn, ep, b = 40.0, 37, 100
    while tn < t_end:
        s.joblog(tn, N2, f"Epoch: [{ep}][{b:3d}/391]\tTime 0.141 (0.139)\tData 0.002 (0.003)\tLoss {rng.uniform(0.08, 0.19):.4f} "
                         f"(0.1312)\tPrec@1 {rng.uniform(94.5, 98.5):.3f} (96.412)")
        b += 390
        if b > 391:
            b, ep = b - 391, ep + 1
        tn += 55.4

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ < t_start or t_ > t_cancel:
                return idle38(rng, "titanxp", fb=0)
            if t_ < 336 or t_ > t_done:
                return g38(0, rng.uniform(55, 63), 1404, fb=10917 + g * 3)
            return busy38(rng, "titanxp", load=rng.uniform(0.35, 0.6), fb=False)
        return busy38(rng, "titanxp", load=rng.uniform(0.85, 0.98))
    run_sampler(s, [node], 4, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["txp-01", "txp-05"], 4, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_hang, "category": "software"}, no_requeue=[J, N1, N2], no_drain=[node, "txp-01", "txp-05"])
    return s


# ======================================================================================
# S3  mountpoint-s3-throttled-checkpoint-puts-two-jobs  (infrastructure: two jobs on disjoint g5.48xlarge nodes write
#     checkpoints to one S3 bucket through Mountpoint for Amazon S3 at the same time; S3 throttles (503 SlowDown): puts
#     take 15-50 s a try. LeRobot's save fails with EIO at close and the job dies; fairseq2's save stretches from ~23 s
#     to ~4.4 min and then trains on. No GPU, node or network fault.)
# ======================================================================================
# Source: https://github.com/awslabs/mountpoint-s3/issues/1745 -- "Clarification on throttling, error logs and retries"
# (closed, question). The reporter's Mountpoint logs show throttled puts (`put_object ... duration=47.6s ... error=
# ClientError(Throttled) meta request failed`) and a failed flush (`flush failed with errno 5: put failed: ... Request
# throttled`); they ask which line marks a put that finally failed. Throttling comes from S3 (shared bucket), not the
# host. Verbatim: the two WARN lines below (including the reporter's doubled quotes and trailing quote, and their
# placeholder bucket/key names); placed in the node's journal after a SYNTH `mount-s3[pid]:` prefix.
REAL_S3_MP = [
    'WARN ThreadId(26) put_object{id=111 bucket=""my-bucket"" key=""my-key""}: mountpoint_s3_client::s3_crt_client: duration=47.607086662s request_id=<unknown> error=ClientError(Throttled) meta request failed',
    'WARN ThreadId(22) flush{req=832 ino=38 fh=38 pid=1329 name=""my-key"" name=""my-key""}: mountpoint_s3_fs::fuse: flush failed with errno 5: put failed: put request failed: Client error: Request throttled"',
]
# Source: https://github.com/awslabs/mountpoint-s3/issues/738 -- "Unable to Write" (journal format of Mountpoint's
# metrics lines). Verbatim: the put_object first-byte latency line below (a healthy 56 ms put), used as the baseline
# metrics line on g5-st-48xl-1 before the throttling.
REAL_S3_METRIC = "[INFO] mountpoint_s3::metrics: s3.meta_requests.first_byte_latency_us[op=put_object]: n=1: min=56064 p10=56319 p50=56319 avg=56192.00 p90=56319 p99=56319 p99.9=56319 max=56319"


def build_s3() -> Scenario:
    name = "mountpoint-s3-throttled-checkpoint-puts-two-jobs"
    X, Y, Z = "7741", "7748", "7752"
    start = "2025-03-10T14:00:00Z"
    xn = expand_hostlist("g5-st-48xl-[1-2]")
    yn = expand_hostlist("g5-st-48xl-[4-5]")
    zn = "g5-st-48xl-6"
    s = Scenario(name, "ParallelCluster Slurm cluster of g5.48xlarge nodes (8 x A10G); checkpoints go to one S3 bucket "
                 "mounted on every node with Mountpoint for Amazon S3 (/mnt/ckpt). LeRobot (pi0 fine-tune, 2 nodes) and "
                 "fairseq2 (wav2vec2 pre-training, 2 nodes) happen to checkpoint within a minute of each other; S3 "
                 "throttles the bucket prefix and Mountpoint logs throttled puts of 15-50 s. LeRobot's rank 0 gets EIO "
                 "when closing model.safetensors and the job fails; fairseq2's save takes ~4.4 min instead of ~23 s and "
                 "training continues; its next save is fast again. Both jobs are opted in; a third job does not touch S3.",
                 start,
                 {"name": "pcluster-g5", "partition": "gpu", "nodes": "g5-st-48xl-[1-8]", "gpus_per_node": 8},
                 [{"id": X, "name": "lerobot-pi0-aloha-ft", "user": "jchorl", "nodes": "g5-st-48xl-[1-2]",
                   "tasks_per_node": 8, "started": "2025-03-10T09:12:40Z",
                   "comment": comment(2, "/mnt/ckpt/lerobot/pi0_aloha/checkpoints")},
                  {"id": Y, "name": "fs2-w2v2-base-pretrain", "user": "amaur", "nodes": "g5-st-48xl-[4-5]",
                   "tasks_per_node": 8, "started": "2025-03-10T06:40:11Z",
                   "comment": comment(2, "/mnt/ckpt/fs2/w2v2_base")},
                  {"id": Z, "name": "distil-whisper-sm", "user": "kpark", "nodes": zn, "tasks_per_node": 8,
                   "started": "2025-03-10T12:02:55Z", "comment": comment(1)}])
    rng = s.rng
    mp = {xn[0]: 4112, yn[0]: 3987}
    # ---- Mountpoint metrics lines, every 5 min (one REAL baseline, the rest SYNTH)
    for k, tm in enumerate(range(305, 2700, 300)):
        for host in (xn[0], yn[0]):
            if k == 0 and host == xn[0]:
                body = REAL_S3_METRIC  # REAL_S3_METRIC
            else:
                slow = 1620 < tm < 1960
                v = rng.randint(1900000, 4800000) if slow else rng.randint(41000, 93000)
                body = (f"[INFO] mountpoint_s3::metrics: s3.meta_requests.first_byte_latency_us[op=put_object]: "
                        f"n={rng.randint(3, 40)}: min={v // 3} p10={v // 2} p50={v} avg={v * 1.1:.2f} p90={int(v * 1.7)} "
                        f"p99={int(v * 2.1)} p99.9={int(v * 2.1)} max={int(v * 2.2)}")
            s.kernel(float(tm) + (0.0 if host == xn[0] else 0.7), host, jlog(s.at(tm), host, f"mount-s3[{mp[host]}]", body))
    # ---- job X: LeRobot, one line per 200 steps (~82 s); checkpoint every 2000 steps
    t, step = 20.0, 36200
    t_xsave = None
    while True:
        s.joblog(t, X, lerobot_line(s.at(t), step, rng.uniform(0.071, 0.096), rng.uniform(0.9, 1.4), rng.uniform(0.40, 0.42)))
        if step % 2000 == 0:
            s.joblog(t + 0.4, X, f"INFO {s.at(t + 0.4):%Y-%m-%d %H:%M:%S} ts/train.py:241 Checkpoint policy after step {step}")
            if step == 40000:
                t_xsave = t + 0.4
                break
            t += 31.0
        t += 82.0 + rng.uniform(-0.8, 0.8)
        step += 200
    t_f = t_xsave + 15.2
    # throttled puts on g5-st-48xl-1 (X's rank 0 writes the shards), then the failed flush
    for dt_, dur, key in ((t_f, 14.3, "model.safetensors"), (t_f + 8.9, 21.8, "optimizer_state.safetensors")):
        s.kernel(dt_, xn[0], jlog(s.at(dt_), xn[0], f"mount-s3[{mp[xn[0]]}]",
                                  f"WARN ThreadId(2{rng.randint(1, 9)}) put_object{{id={rng.randint(95, 109)} bucket=\"acme-ml-ckpt\" "
                                  f"key=\"lerobot/pi0_aloha/checkpoints/040000/pretrained_model/{key}\"}}: "
                                  f"mountpoint_s3_client::s3_crt_client: duration={dur + rng.uniform(0, 0.99):.9f}s request_id=<unknown> "
                                  "error=ClientError(Throttled) meta request failed"))  # SYNTH
    t_real = t_xsave + 47.607 + 0.3
    s.kernel(t_real, xn[0], jlog(s.at(t_real), xn[0], f"mount-s3[{mp[xn[0]]}]", REAL_S3_MP[0]))  # REAL_S3_MP
    t_fl = t_real + 11.2
    s.kernel(t_fl, xn[0], jlog(s.at(t_fl), xn[0], f"mount-s3[{mp[xn[0]]}]", REAL_S3_MP[1]))  # REAL_S3_MP
    tb = [("[rank0]: Traceback (most recent call last):"),
          ("[rank0]:   File \"/opt/lerobot/src/lerobot/scripts/train.py\", line 241, in train"),
          ("[rank0]:     save_checkpoint(checkpoint_dir, step, cfg, policy, optimizer, lr_scheduler)"),
          ("[rank0]:   File \"/opt/lerobot/src/lerobot/common/utils/train_utils.py\", line 88, in save_checkpoint"),
          ("[rank0]:     policy.save_pretrained(pretrained_dir)"),
          ("[rank0]: safetensors_rust.SafetensorError: Error while serializing: IoError(Os { code: 5, kind: "
           "Uncategorized, message: \"Input/output error\" })")]
    for k, l in enumerate(tb):
        s.joblog(t_fl + 0.3 + 0.001 * k, X, l)  # SYNTH
    s.joblog(t_fl + 4.1, X, f"W{s.at(t_fl + 4.1):%m%d %H:%M:%S}.{s.at(t_fl + 4.1).microsecond:06d} 1221 torch/distributed/elastic/"
                            "multiprocessing/api.py:897] Sending process 1330 closing signal SIGTERM")  # SYNTH
    s.joblog(t_fl + 6.0, X, f"E{s.at(t_fl + 6.0):%m%d %H:%M:%S}.{s.at(t_fl + 6.0).microsecond:06d} 1221 torch/distributed/elastic/"
                            "multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 1329) of binary: "
                            "/opt/conda/bin/python3.10")  # SYNTH
    s.joblog(t_fl + 9.5, X, "srun: error: g5-st-48xl-1: task 0: Exited with exit code 1")  # SYNTH
    t_xend = t_fl + 11.0
    job_end(s, t_xend, X, "FAILED", "1:0")  # SYNTH
    # ---- job Y: fairseq2, one line per 100 steps (~60 s); checkpoint every 1000 steps
    t, step, el = 33.0, 19400, 21830
    saves = []
    while t < 2700:
        s.joblog(t, Y, fs2_line(s.at(t), step, rng.uniform(2.31, 2.52), 4.6e-4, rng.uniform(0.41, 0.62), int(el)))  # SYNTH
        if step % 1000 == 0:
            s.joblog(t + 0.5, Y, f"[{s.at(t + 0.5):%m/%d/%y %H:%M:%S}] INFO     fairseq2.recipes - Saving checkpoint at step {step}.")
            dur = 262.0 if 1500 < t < 1800 else rng.uniform(21.0, 25.0)
            saves.append((t + 0.5, dur))
            s.joblog(t + 0.5 + dur, Y, f"[{s.at(t + 0.5 + dur):%m/%d/%y %H:%M:%S}] INFO     fairseq2.recipes - Checkpoint saved at "
                                       f"step {step}.")
            t += dur
            el += dur
        dt_ = 60.0 + rng.uniform(-0.7, 0.7)
        t += dt_
        el += dt_
        step += 100
    for ts_, dur in saves:
        if dur > 100:
            tw = ts_ + 13.1
            while tw < ts_ + dur - 20:
                d_ = rng.uniform(14.0, 52.0)
                s.kernel(tw, yn[0], jlog(s.at(tw), yn[0], f"mount-s3[{mp[yn[0]]}]",
                                         f"WARN ThreadId(1{rng.randint(1, 9)}) put_object{{id={rng.randint(400, 900)} "
                                         f"bucket=\"acme-ml-ckpt\" key=\"fs2/w2v2_base/checkpoints/step_22000/"
                                         f"rank_{rng.randint(0, 15):02d}.pt\"}}: mountpoint_s3_client::s3_crt_client: "
                                         f"duration={d_:.9f}s request_id=<unknown> error=ClientError(Throttled) "
                                         "meta request failed"))  # SYNTH
                tw += rng.uniform(18.0, 41.0)
            y_slow = (ts_, ts_ + dur)
    # ---- neighbour Z (SYNTH)
    tn, st = 11.0, 8800
    while tn < 2700:
        s.joblog(tn, Z, f"{{'loss': {rng.uniform(0.61, 0.74):.4f}, 'grad_norm': {rng.uniform(1.1, 2.2):.3f}, "
                        f"'learning_rate': 8.1e-05, 'epoch': {st / 4100:.2f}}}")
        st += 25
        tn += 47.0
    t_end = 2700.0
    t_first = min(t_f, y_slow[0] + 13.1)

    def fn(n_, g, t_):  # SYNTH
        if n_ in xn:
            if t_ >= t_xend:
                return idle38(rng, "a10g", fb=0)
            if t_ >= t_xsave or any(a <= t_ < a + 31 for a in ()):
                return g38(rng.randint(0, 3), rng.uniform(58, 70), 1710, fb=19600)
            return busy38(rng, "a10g", load=rng.uniform(0.88, 0.97))
        if n_ in yn:
            if y_slow[0] <= t_ < y_slow[1]:
                return g38(rng.randint(0, 2), rng.uniform(56, 66), 1710, fb=18900)
            return busy38(rng, "a10g", load=rng.uniform(0.9, 0.98))
        return busy38(rng, "a10g", load=rng.uniform(0.8, 0.95))
    run_sampler(s, xn + yn + [zn], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_first, "category": "infrastructure"}, no_requeue=[X, Y, Z], no_drain=xn + yn + [zn])
    return s


# ======================================================================================
# S4  efa-sg-no-outbound-self-rule-nccl-init-fails-after-requeue  (software / configuration: a 2 x p5.48xlarge torchrun
#     job dies in NCCL communicator set-up on every rank with `NET/OFI Unable to insert remote address into address
#     vector` -- the cluster's security group lacks the outbound all-traffic rule to itself that EFA needs. The owner
#     requeues it onto two other nodes; it fails the same way before the first step.)
# ======================================================================================
# Source: https://github.com/aws/aws-ofi-nccl/issues/663 -- "ncclInternalError: Internal check failed. | NET/OFI Unable
# to insert remote address into address vector for device 1" (closed). Two p5.48xlarge, torchrun all_reduce test, fails
# reliably; sockets and ping work. Maintainer: "Can you check that you have both an inbound and an outbound rule which
# are explicitly naming your security group? ... You must have both directions"; the reporter then found it: "the main
# thing is stressing the **outbound** security rule requirement". Verbatim: the four `[rank1]:` lines below. Other ranks'
# copies, NCCL INFO lines, torchrun/srun lines and the requeue are SYNTH.
REAL_S4 = [
    "[rank1]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, internal error - please report this issue to the NCCL developers, NCCL version 2.20.5",
    "[rank1]: ncclInternalError: Internal check failed.",
    "[rank1]: Last error:",
    "[rank1]: NET/OFI Unable to insert remote address into address vector for device 1. RC: 0",
]


def efa_attempt(s: Scenario, t0: float, job: str, nodes: list, ips: list, real: bool) -> float:
    """SYNTH (except REAL_S4 on rank 1 of the first attempt): one launch that dies in NCCL init. Returns end time."""
    rng = s.rng
    for n, host in enumerate(nodes):
        s.joblog(t0 + 0.4 * n, job, f"{n}: W{s.at(t0):%m%d %H:%M:%S}.{s.at(t0).microsecond:06d} {41200 + n} torch/distributed/run.py:779] ")
        s.joblog(t0 + 0.4 * n + 0.01, job, f"{n}: W{s.at(t0):%m%d %H:%M:%S}.{s.at(t0).microsecond:06d} {41200 + n} torch/distributed/"
                                           "run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be "
                                           "1 in default, to avoid your system being overloaded, please further tune the "
                                           "variable for optimal performance in your application as needed.")
    tn = t0 + 14.0
    for n, host in enumerate(nodes):
        pre = f"{n}: {host}:{41877 + 40 * n}:{42011 + 40 * n} [0] NCCL INFO "
        for k, l in enumerate([f"Bootstrap : Using enp71s0:{ips[n]}<0>",
                               "NET/Plugin: Loaded net plugin Libfabric (v8)",
                               "NET/OFI Initializing aws-ofi-nccl 1.11.0-aws",
                               "NET/OFI Using Libfabric version 1.22",
                               "NET/OFI Using CUDA driver version 12040 with runtime 12040",
                               "NET/OFI Selected Provider is efa (found 32 nics)",
                               "NET/OFI Using transport protocol RDMA",
                               "Using network Libfabric",
                               "DMA-BUF is available on GPU device 0"]):
            s.joblog(tn + 0.3 * n + 0.02 * k, job, pre + l)
    tf = tn + rng.uniform(8.0, 11.0)
    for r in range(16):
        n = r // 8
        base = tf + 0.05 * r
        if real and r == 1:
            lines = REAL_S4  # REAL_S4
        else:
            lines = [f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                     "ProcessGroupNCCL.cpp:1970, internal error - please report this issue to the NCCL developers, "
                     "NCCL version 2.20.5",
                     f"[rank{r}]: ncclInternalError: Internal check failed.",
                     f"[rank{r}]: Last error:",
                     f"[rank{r}]: NET/OFI Unable to insert remote address into address vector for device "
                     f"{r % 8 // 2 * 8 + 1}. RC: 0"]
        for k, l in enumerate(lines):
            s.joblog(base + 0.001 * k, job, f"{n}: {l}")
    for n, host in enumerate(nodes):
        s.joblog(tf + 2.5 + n, job, f"{n}: E{s.at(tf + 2.5):%m%d %H:%M:%S}.{s.at(tf + 2.5).microsecond:06d} {41200 + n} torch/"
                                    f"distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 "
                                    f"(pid: {41877 + 40 * n}) of binary: /opt/conda/envs/train/bin/python")
        s.joblog(tf + 2.6 + n, job, f"{n}: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    s.joblog(tf + 5.0, job, f"srun: error: {nodes[0]}: task 0: Exited with exit code 1")
    s.joblog(tf + 5.2, job, f"srun: error: {nodes[1]}: task 1: Exited with exit code 1")
    return tf


def build_s4() -> Scenario:
    name = "efa-sg-no-outbound-self-rule-nccl-init-fails-after-requeue"
    J, N1, N2 = "2207", "2193", "2211"
    start = "2024-10-15T18:40:00Z"
    first = expand_hostlist("p5-st-48xl-[1-2]")
    second = expand_hostlist("p5-st-48xl-[5-6]")
    s = Scenario(name, "ParallelCluster Slurm cluster of p5.48xlarge (8 x H100, 32 EFA interfaces). A 2-node torchrun "
                 "FSDP job (16 ranks) dies within ~25 s of start, in NCCL communicator set-up, on every rank: "
                 "ncclInternalError, `NET/OFI Unable to insert remote address into address vector`. The cluster's "
                 "security group has the inbound self rule but not the outbound one EFA requires; plain TCP and ping "
                 "work. The owner requeues the job; it lands on two other nodes and fails identically. Single-node jobs "
                 "(no EFA traffic) run fine on p5-st-48xl-3 and -7. The job is opted in.",
                 start,
                 {"name": "pc-p5", "partition": "gpu", "nodes": "p5-st-48xl-[1-8]", "gpus_per_node": 8},
                 [{"id": J, "name": "llama3-8b-fsdp-2node", "user": "emori", "nodes": "p5-st-48xl-[1-2]",
                   "tasks_per_node": 8, "started": "2024-10-15T18:40:04Z",
                   "comment": comment(2, "/fsx/emori/ckpt/llama3-8b")},
                  {"id": N1, "name": "sd3-lora-ft", "user": "tnakamura", "nodes": "p5-st-48xl-3", "tasks_per_node": 8,
                   "started": "2024-10-15T17:02:31Z", "comment": comment(1)},
                  {"id": N2, "name": "qwen2-7b-dpo-1node", "user": "rgupta", "nodes": "p5-st-48xl-7", "tasks_per_node": 8,
                   "started": "2024-10-15T18:21:16Z"}])
    rng = s.rng
    tf1 = efa_attempt(s, 4.0, J, first, ["10.0.170.236", "10.0.171.18"], True)
    t_fail1 = tf1 + 6.0
    job_end(s, t_fail1, J, "FAILED", "1:0")  # SYNTH
    t_rq = t_fail1 + 540.0
    s.job_state(t_rq, J, "REQUEUED", "1:0", reason="requeued by owner")  # SYNTH
    s.job_state(t_rq + 1.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    t_run2 = t_rq + 122.0
    s.job_state(t_run2, J, "RUNNING", "0:0", nodes="p5-st-48xl-[5-6]")  # SYNTH
    tf2 = efa_attempt(s, t_run2 + 3.0, J, second, ["10.0.174.91", "10.0.175.140"], False)
    t_fail2 = tf2 + 6.0
    job_end(s, t_fail2, J, "FAILED", "1:0")  # SYNTH
    t_end = t_fail2 + 600.0
    # ---- neighbours (SYNTH)
    tn, st = 9.0, 1250
    while tn < t_end:
        s.joblog(tn, N1, f"Steps:  {100 * st // 4000:2d}%|          | {st}/4000 [{fmt_interval(st * 1.31)}<"
                         f"{fmt_interval((4000 - st) * 1.31)},  1.31s/it, lr=1e-4, step_loss={rng.uniform(0.05, 0.21):.3f}]")
        st += 20
        tn += 26.2
    tn, st = 21.0, 310
    while tn < t_end:
        s.joblog(tn, N2, f"{{'loss': {rng.uniform(0.52, 0.69):.4f}, 'grad_norm': {rng.uniform(3.1, 6.2):.4f}, "
                         f"'learning_rate': 4.8e-07, 'rewards/chosen': {rng.uniform(-1.2, -0.6):.3f}, "
                         f"'rewards/accuracies': {rng.uniform(0.62, 0.78):.3f}, 'epoch': {st / 1900:.2f}}}")
        st += 5
        tn += 58.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in first:
            if 4 <= t_ <= t_fail1:
                return g38(0, rng.uniform(118, 128), 1980, fb=rng.randint(520, 640))
            return idle38(rng, "h100", fb=0)
        if n_ in second:
            if t_run2 <= t_ <= t_fail2:
                return g38(0, rng.uniform(118, 128), 1980, fb=rng.randint(520, 640))
            return idle38(rng, "h100", fb=0)
        return busy38(rng, "h100", load=rng.uniform(0.82, 0.97))
    run_sampler(s, first + second, 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["p5-st-48xl-3", "p5-st-48xl-7"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": tf1, "category": "software"}, no_requeue=[J, N1, N2],
                    no_drain=first + second + ["p5-st-48xl-3", "p5-st-48xl-7"])
    return s


# ======================================================================================
# S5  flagscale-l20-rank27-hw-slowdown-straggler  (gpu_degraded: FlagScale (Megatron backend) pre-training on 4 x 8 L20
#     with its straggler detector on. GPU 3 of l20-04 (global rank 27) starts running at ~1 GHz with HW slowdown + power
#     brake asserted; the rank's section timings double, every iteration slows from ~5.2 s to ~9.4 s. No Xid, no error:
#     only rank 0's Straggler Report (per-rank timings) and DCGM clocks/throttle reasons show which GPU it is.)
# ======================================================================================
# Source: https://github.com/flagos-ai/FlagScale/pull/938 -- "[Elastic] Add straggler detection in training": the
# detector collects per-rank section timings and prints a report every `straggler_report_interval` steps to output.log.
# Verbatim: the report lines below (a healthy report at step 10, optimizer section, ranks 0-5; the bare `[default0]:`
# spacer lines are used by an earlier corpus and count as SYNTH). The other ranks' lines,
# every later report and the `Stragglers detected` wording are SYNTH in the same layout.
# Truth: https://github.com/leptonai/gpud/pull/330 -- "feat(hw_slowdown): update suggested action": "Constant hardware
# slowdowns are often the result of either a failing power supply (PSU) or elevated GPU temperatures" -> repair action
# HARDWARE_INSPECTION. Which GPU and when are SYNTH.
REAL_S5 = [
    "[default0]:=== Straggler Report at Step 10 ===",
    "[default0]:✓ No stragglers detected.",
    "[default0]:Section Timings (ms):",
    "[default0]:  optimizer:",
    "[default0]:    Min: 9.17ms, Max: 10.12ms, Avg: 9.55ms, Slowdown: 1.10x",
    "[default0]:    Rank 0: 9.98ms",
    "[default0]:    Rank 1: 10.12ms",
    "[default0]:    Rank 2: 9.46ms",
    "[default0]:    Rank 3: 9.40ms",
    "[default0]:    Rank 4: 9.17ms",
    "[default0]:    Rank 5: 9.58ms",
]


def build_s5() -> Scenario:
    name = "flagscale-l20-rank27-hw-slowdown-straggler"
    J, N = "331208", "331215"
    start = "2026-01-08T09:00:00Z"
    nodes = expand_hostlist("l20-[01-04]")
    bad, bad_gpu = "l20-04", 3
    bad_rank = 3 * 8 + bad_gpu
    s = Scenario(name, "FlagScale (Megatron-LM backend) pre-training of a 7B model on 4 x 8 L20 (32 ranks) with straggler "
                 "detection on (report every 10 steps, rank 0) and Megatron iteration lines every 5 iterations (last "
                 "rank). From ~10 min in, GPU 3 of l20-04 (global rank 27) runs at ~1 GHz with HW slowdown and power "
                 "brake asserted; its forward/optimizer timings double and every iteration slows from ~5.2 s to ~9.4 s. "
                 "No Xid, no ECC, no error line. The job is opted in. Another owner's job runs on l20-06.",
                 start,
                 {"name": "l20-pool", "partition": "train", "nodes": "l20-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "fs-aquila-7b-pretrain", "user": "wlei", "nodes": "l20-[01-04]", "tasks_per_node": 8,
                   "started": "2026-01-08T08:58:12Z", "comment": comment(2, "/share/wlei/ckpt/aquila7b")},
                  {"id": N, "name": "qwen2.5-vl-3b-sft", "user": "zyl", "nodes": "l20-06", "tasks_per_node": 8,
                   "started": "2026-01-08T07:41:30Z"}])
    rng = s.rng
    t_s = 640.0
    t, it = 4.0, 1
    t_end = 1500.0
    step_t = {}
    while t < t_end:
        step_t[it] = t
        slow = t >= t_s
        dt_it = (9.4 if slow else 5.2) + rng.uniform(-0.12, 0.12)
        if it % 5 == 0:
            s.joblog(t, J, "[default7]:" + megatron_iter(s.at(t), it, 50000, dt_it * 1000, 3.0e-4 * min(1.0, it / 2000),
                                                         max(2.6, 10.4 - it * 0.021) + rng.uniform(-0.05, 0.05), 512))  # SYNTH
        t += dt_it
        it += 1
    real6 = [9.98, 10.12, 9.46, 9.40, 9.17, 9.58]
    for step in range(10, it, 10):
        tr = step_t[step] + 0.35
        slow = tr >= t_s + 6
        opt = [rng.uniform(9.25, 9.85) for _ in range(32)]
        fwd = [rng.uniform(402.0, 418.0) for _ in range(32)]
        if step == 10:
            opt[:6] = real6
            need = 9.55 * 32 - sum(opt)
            for k in range(6, 32):          # spread the remainder so that Avg prints as 9.55 (SYNTH values)
                opt[k] += need / 26
        if slow:
            opt[bad_rank] *= rng.uniform(1.86, 1.98)
            fwd[bad_rank] *= rng.uniform(1.88, 1.97)
        block = flagscale_report(step, {"optimizer": opt},
                                 straggler=(bad_rank, bad, bad_gpu, opt[bad_rank] / min(opt)) if slow else None)
        if step == 10:
            for l in REAL_S5:
                assert l in block, l
        for k, l in enumerate(block):
            s.joblog(tr + 0.0005 * k, J, l)  # REAL_S5 (first report, as listed); every other line SYNTH
    tn, st = 13.0, 4410
    while tn < t_end:
        s.joblog(tn, N, f"{{'loss': {rng.uniform(0.81, 0.93):.4f}, 'grad_norm': {rng.uniform(1.9, 3.3):.3f}, "
                        f"'learning_rate': 9.3e-06, 'epoch': {st / 9100:.2f}}}")
        st += 10
        tn += 63.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ >= t_s:
                if n_ == bad and g == bad_gpu:
                    return g38(100, rng.uniform(158, 176), rng.choice([990, 1005, 1020]), thr=0x88,
                               temp=rng.randint(56, 61), fb=40800)
                return g38(rng.randint(96, 100), rng.uniform(196, 224), 2520, thr=0, temp=rng.randint(49, 55), fb=40800)
            return busy38(rng, "l20", load=rng.uniform(0.93, 0.99), thr=0, temp=True)
        return busy38(rng, "l20", load=rng.uniform(0.8, 0.95))
    run_sampler(s, nodes, 8, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["l20-06"], 8, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_s, "category": "gpu_degraded", "node": bad, "gpu": bad_gpu}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=[n for n in nodes if n != bad] + ["l20-06"])
    return s


# ======================================================================================
# S6  lingvo-librispeech-steps-stop-controller-keeps-checkpointing  (software: TF Lingvo's Librispeech960Grapheme recipe
#     on one host with 8 P40 prints a `step:` line every ~9 s and a `Steps/second:` line every ~10 s; at step 11462 the
#     step lines stop, GPU utilisation drops to 0 with memory held, but the controller keeps writing the same
#     ckpt-00011462 every 10 min. No error, no watchdog. The owner requeues it; on another node it restores, runs 25
#     steps and stops the same way.)
# ======================================================================================
# Source: https://github.com/tensorflow/lingvo/issues/79 -- "GPU utilization down to 0% without any error infos" (open).
# Comment (2019-05-08) with the libri grapheme recipe, default params: losses fall, then "losses are not computed at
# all ... it remains in same step (same step is check pointed again). It happened first time and killed and restarted.
# After few more steps, GPU utilization became zero again." The stall follows the program, not the machine, so a
# restart repeats it: software. Verbatim: the two `Steps/second` lines and the two `step:` lines below; in the thread the
# first step line is wrapped by the terminal (`...loss/logits:0.06272\` + newline + `2519 num_samples...`) and the second
# is cut (`loss/logit`). Here the wrapped halves are joined into one line (both halves verbatim) and the cut line is
# completed with SYNTH text. Everything else (earlier/later steps, checkpoint lines, the requeue) is SYNTH.
REAL_S6 = [
    "I0505 21:07:48.797380 140580822693632 trainer.py:371] Steps/second: 0.117520, Examples/second: 48.137719",
    "I0505 21:07:58.806945 140580822693632 trainer.py:371] Steps/second: 0.117520, Examples/second: 48.137722",
]
REAL_S6_STEP = [
    "I0505 21:07:53.444988 140580814300928 trainer.py:520] step: 11449 fraction_of_correct_next_step_preds:0.98058969 fraction_of_correct_next_step_preds/logits:0.98058969 grad_norm/all:1.6253868 grad_scale_all:0.61523813 log_pplx:0.062722519 log_pplx/logits:0.062722519 loss:0.062722519 loss/logits:0.06272",
    "2519 num_samples_in_batch:384 var_norm/all:608.57135",
    "I0505 21:08:02.775715 140580814300928 trainer.py:520] step: 11450 fraction_of_correct_next_step_preds:0.98301238 fraction_of_correct_next_step_preds/logits:0.98301238 grad_norm/all:1.4966037 grad_scale_all:0.66817957 log_pplx:0.054031234 log_pplx/logits:0.054031234 loss:0.054031234 loss/logit",
]
LV_CTL, LV_TRN = 140580822693632, 140580814300928


def lingvo_step(d: dt.datetime, step: int, rng, tid: int = LV_TRN) -> str:
    """SYNTH: lingvo trainer.py:520 step line (layout of the real lines)."""
    a = rng.uniform(0.975, 0.986)
    lp = rng.uniform(0.049, 0.071)
    return absl38(d, tid, "trainer.py:520",
                  f"step: {step} fraction_of_correct_next_step_preds:{a:.8f} fraction_of_correct_next_step_preds/logits:"
                  f"{a:.8f} grad_norm/all:{rng.uniform(1.3, 1.9):.7f} grad_scale_all:{rng.uniform(0.52, 0.71):.8f} "
                  f"log_pplx:{lp:.9f} log_pplx/logits:{lp:.9f} loss:{lp:.9f} loss/logits:{lp:.9f} "
                  f"num_samples_in_batch:384 var_norm/all:{608.5 + step * 0.0007:.5f}")


def build_s6() -> Scenario:
    name = "lingvo-librispeech-steps-stop-controller-keeps-checkpointing"
    J, N = "118852", "118804"
    start = "2019-05-05T20:58:00Z"
    first, second = "p40-02", "p40-04"
    s = Scenario(name, "TF Lingvo asr.librispeech.Librispeech960Grapheme trained on one host (run_locally=gpu, 8 x Tesla "
                 "P40). The trainer prints a `step:` line every ~9 s and `Steps/second:` every ~10 s. After step 11462 "
                 "the step lines stop and all eight GPUs drop to 0 % with memory held; the controller keeps saving "
                 "ckpt-00011462 every 10 min. No error, no watchdog. After 50 min the owner requeues the job; it "
                 "restarts on p40-04, restores ckpt-00011462, runs 25 steps and stops the same way. The job is opted "
                 "in. Another owner's job runs on p40-01.",
                 start,
                 {"name": "p40", "partition": "gpu", "nodes": "p40-[01-06]", "gpus_per_node": 8},
                 [{"id": J, "name": "lingvo-libri960-grapheme", "user": "dviz", "nodes": first, "tasks_per_node": 1,
                   "started": "2019-05-04T11:20:44Z", "comment": comment(2, "/data/dviz/librispeech/log/train")},
                  {"id": N, "name": "deepspeech2-pt-libri", "user": "mrossi", "nodes": "p40-01", "tasks_per_node": 8,
                   "started": "2019-05-05T17:03:09Z"}])
    rng = s.rng
    e0 = epoch_of(start)

    def at_real(line: str) -> float:
        hh, mm, rest = line[6:21].split(":")
        return epoch_of(f"2019-05-05T{hh}:{mm}:{rest[:2]}Z") - e0 + float("0." + rest.split(".")[1])
    t_sps = [at_real(REAL_S6[0]), at_real(REAL_S6[1])]
    t_st = [at_real(REAL_S6_STEP[0]), at_real(REAL_S6_STEP[2])]
    # steps before the real ones (SYNTH)
    steps = {}
    t, k = t_st[0], 11449
    while t > 6.0:
        t -= rng.uniform(8.3, 9.6)
        k -= 1
        steps[k] = t
    steps[11449], steps[11450] = t_st
    t, k = t_st[1], 11450
    while k < 11462:
        t += rng.uniform(8.3, 9.6)
        k += 1
        steps[k] = t
    t_last = steps[11462]
    for k, tk in sorted(steps.items()):
        if k == 11449:
            s.joblog(tk, J, REAL_S6_STEP[0] + REAL_S6_STEP[1])  # REAL_S6_STEP (wrapped halves joined)
        elif k == 11450:
            s.joblog(tk, J, REAL_S6_STEP[2] + "s:0.054031234 num_samples_in_batch:384 var_norm/all:608.57398")  # REAL + SYNTH tail
        else:
            s.joblog(tk, J, lingvo_step(s.at(tk), k, rng))  # SYNTH
    sps = []
    t = t_sps[0]
    while t > 14.0:
        t -= rng.uniform(9.99, 10.02)
        sps.append(t)
    t = t_sps[1]
    while t < t_last + 4.0:
        t += rng.uniform(9.99, 10.02)
        sps.append(t)
    for tq in sps:
        s.joblog(tq, J, absl38(s.at(tq), LV_CTL, "trainer.py:371",
                               f"Steps/second: {rng.uniform(0.1171, 0.1179):.6f}, Examples/second: "
                               f"{rng.uniform(47.95, 48.3):.6f}"))  # SYNTH
    s.joblog(t_sps[0], J, REAL_S6[0])  # REAL_S6
    s.joblog(t_sps[1], J, REAL_S6[1])  # REAL_S6
    t_stall = round(t_last + 9.0, 3)

    def ckpt(tc: float, step: int, tid: int = LV_CTL) -> None:  # SYNTH: controller checkpoint lines
        tc += rng.uniform(0.0, 0.9)
        s.joblog(tc, J, absl38(s.at(tc), tid, "checkpointer.py:115", "Save checkpoint"))
        s.joblog(tc + 4.4, J, absl38(s.at(tc + 4.4), tid, "checkpointer.py:117",
                                     f"Save checkpoint done: /data/dviz/librispeech/log/train/ckpt-{step:08d}"))
    tc = 247.0
    t_rq = t_stall + 3010.0
    while tc < t_rq:
        done = max(k for k, v in steps.items() if v <= tc)
        ckpt(tc, done)
        tc += 600.0
    s.job_state(t_rq, J, "REQUEUED", "0:0", reason="requeued by owner")  # SYNTH
    s.job_state(t_rq + 1.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    t_r2 = t_rq + 83.0
    s.job_state(t_r2, J, "RUNNING", "0:0", nodes=second)  # SYNTH
    boot = [(6.0, "trainer.py:1496", "Job controller start"),
            (6.1, "trainer.py:1496", "Job trainer start"),
            (41.3, "checkpointer.py:165", "Load from checkpoint /data/dviz/librispeech/log/train/ckpt-00011462."),
            (58.9, "checkpointer.py:175", "Load checkpoint done.")]
    for dtb, src, msg in boot:
        s.joblog(t_r2 + dtb, J, absl38(s.at(t_r2 + dtb), 139877213427456, src, msg))  # SYNTH
    t, k = t_r2 + 112.0, 11462
    steps2 = {}
    while k < 11487:
        k += 1
        steps2[k] = t
        s.joblog(t, J, lingvo_step(s.at(t), k, rng, tid=139877205034752))  # SYNTH
        if rng.random() < 0.9:
            tq = t + rng.uniform(3, 6)
            s.joblog(tq, J, absl38(s.at(tq), 139877213427456, "trainer.py:371",
                                   f"Steps/second: {rng.uniform(0.1168, 0.1180):.6f}, Examples/second: "
                                   f"{rng.uniform(47.9, 48.3):.6f}"))  # SYNTH
        t += rng.uniform(8.3, 9.6)
    t_last2 = steps2[11487]
    tc = t_r2 + 600.0
    t_cancel = t_last2 + 1750.0
    while tc < t_cancel:
        done = max(k for k, v in steps2.items() if v <= tc)
        ckpt(tc, done, tid=139877213427456)
        tc += 600.0
    s.joblog(t_cancel, J, cancel_line(J, second, s.at(t_cancel)))  # SYNTH
    s.job_state(t_cancel + 0.4, J, "CANCELLED", "0:15")  # SYNTH
    t_end = t_cancel + 300.0
    tn, ep, it = 30.0, 14, 120
    while tn < t_end:
        s.joblog(tn, N, f"Epoch: [{ep}][{it}/1782]\tTime {rng.uniform(0.98, 1.06):.3f} (1.021)\tData 0.011 (0.012)\t"
                        f"Loss {rng.uniform(38.0, 52.0):.4f} (44.1212)\t")  # SYNTH
        it += 50
        if it > 1782:
            it, ep = 0, ep + 1
        tn += 51.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == first:
            if t_ < t_stall:
                return busy38(rng, "p40", load=rng.uniform(0.82, 0.97), fb=True)
            if t_ < t_rq:
                return g38(0, rng.uniform(48, 56), 1303, fb=21620 + g)
            return idle38(rng, "p40", fb=0)
        if n_ == second:
            if t_ < t_r2 + 100:
                return idle38(rng, "p40", fb=0)
            if t_ < t_last2 + 9:
                return busy38(rng, "p40", load=rng.uniform(0.82, 0.97), fb=True)
            if t_ < t_cancel:
                return g38(0, rng.uniform(48, 56), 1303, fb=21620 + g)
            return idle38(rng, "p40", fb=0)
        return busy38(rng, "p40", load=rng.uniform(0.85, 0.97))
    run_sampler(s, [first, second], 8, 0.0, t_end, 180.0, fn)
    run_sampler(s, ["p40-01"], 8, 0.0, t_end, 360.0, fn)
    s.truth = truth({"t": t_stall, "category": "software"}, no_requeue=[J, N], no_drain=[first, second, "p40-01"])
    return s


# ======================================================================================
# S7  amd-vi-io-page-fault-epyc-05-kdiffusion-nccl-hang  (node_failure (host misconfigured): after a BIOS reset epyc-05
#     boots with the AMD IOMMU on; NCCL's GPU peer-to-peer traffic between its RTX A5500s faults in the IOMMU
#     (`nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT ...]` from the kernel's amd_iommu driver). The 2-node
#     k-diffusion job stops making progress with every GPU spinning; 30 min later the NCCL watchdog kills it. No Xid.)
# ======================================================================================
# Source: https://github.com/NVIDIA/cuda-samples/issues/48 -- "p2p samples crash GPUs" (closed): on an AMD host, P2P
# samples hang/crash the GPUs and dmesg fills with `nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT
# domain=0x0003 ...]`. Verbatim: the nine journal lines below (host stamp/name rewritten to this cluster's).
# Truth: https://github.com/stas00/ml-engineering/issues/1 -- "Parallel training hangs" (closed): multi-GPU training hung;
# "the key to unravelling this problem was noticing a page fault in syslog" (AMD IOMMU); fixed by turning the IOMMU off
# ("You can also disable IOMMU in the BIOS"). The fix is the host's (BIOS/kernel command line), so the node is drained
# until it is reconfigured and the job is requeued elsewhere. Which node, the BIOS-reset story, the job and all other
# text are SYNTH.
REAL_S7 = [
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x80000040 flags=0x0020]",
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x9e139068 flags=0x0020]",
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x800007c0 flags=0x0020]",
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x80001040 flags=0x0020]",
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x80000f40 flags=0x0020]",
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x800016c0 flags=0x0020]",
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x80002040 flags=0x0020]",
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x80001e40 flags=0x0020]",
    "Sep 21 09:59:59 runtime kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 address=0x800025c0 flags=0x0020]",
]
EPYC_BUS = ["0000:01:00", "0000:07:00", "0000:41:00", "0000:47:00"]


def build_s7() -> Scenario:
    name = "amd-vi-io-page-fault-epyc-05-kdiffusion-nccl-hang"
    J, N1, N2 = "22871", "22850", "22866"
    start = "2022-03-20T13:00:00Z"
    nodes = expand_hostlist("epyc-[05-06]")
    bad = "epyc-05"
    s = Scenario(name, "Cluster of AMD EPYC nodes with 4 x RTX A5500 each. epyc-05 came back from a motherboard swap "
                 "with BIOS defaults (IOMMU enabled). A 2-node k-diffusion job (accelerate, 8 ranks) trains normally for "
                 "20 min, then the kernel on epyc-05 logs bursts of AMD-Vi IO_PAGE_FAULT events for its GPUs "
                 "(0000:07:00.0, then 0000:01:00.0): peer-to-peer writes between its GPUs fault in the IOMMU. The "
                 "job's progress lines stop, all eight GPUs spin at 100 %, and after the 30 min NCCL timeout every rank "
                 "aborts. No Xid, no ECC, no Slurm node event. The job is opted in.",
                 start,
                 {"name": "epyc", "partition": "gpu", "nodes": "epyc-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": EPYC_BUS},
                 [{"id": J, "name": "kdiff-flowers-2x4", "user": "mhill", "nodes": "epyc-[05-06]", "tasks_per_node": 4,
                   "started": "2022-03-20T12:31:07Z", "comment": comment(1, "/home/mhill/kdiff_runs/flowers")},
                  {"id": N1, "name": "nerf-mipnerf360-garden", "user": "okafor", "nodes": "epyc-02", "tasks_per_node": 4,
                   "started": "2022-03-20T10:12:44Z"},
                  {"id": N2, "name": "sbert-msmarco-ft", "user": "lchen", "nodes": "epyc-07", "tasks_per_node": 4,
                   "started": "2022-03-20T12:02:19Z", "comment": comment(1)}])
    rng = s.rng
    t_f = 1203.2
    t, step, ep = 6.0, 51450, 41
    while t < t_f - 3:
        s.joblog(t, J, kdiff_line(ep, step, round(rng.uniform(0.0561, 0.0668), 6)))  # SYNTH
        if step % 1000 == 0:
            s.joblog(t + 0.6, J, f"Saving to kdiff_flowers_{step:08d}.pth...")  # SYNTH
        step += 25
        if step % 2400 == 0:
            ep += 1
        t += 25 * rng.uniform(0.296, 0.312)
    d = s.at(t_f)
    for k, l in enumerate(REAL_S7):
        s.kernel(t_f + 0.001 * k, bad, retime_journal_host(l, d, bad))  # REAL_S7
    for burst, dev in ((10.4, "0000:07:00.0"), (24.9, "0000:01:00.0"), (47.3, "0000:07:00.0"), (71.8, "0000:01:00.0")):
        db = s.at(t_f + burst)
        for k in range(rng.randint(5, 9)):
            s.kernel(t_f + burst + 0.001 * k, bad, j38(db, bad, f"nvidia {dev}: AMD-Vi: Event logged [IO_PAGE_FAULT "
                                                               f"domain=0x000{3 if dev.startswith('0000:07') else 2} "
                                                               f"address=0x{0x80000040 + 0x40 * rng.randint(0, 600):08x} "
                                                               "flags=0x0020]"))  # SYNTH
    t_wd = t_f + 1800.4
    for r in range(8):
        host = nodes[r // 4]
        tr = t_wd + 0.05 * r
        s.joblog(tr, J, f"[E ProcessGroupNCCL.cpp:737] [Rank {r}] Watchdog caught collective operation timeout: "
                        f"WorkNCCL(SeqNum=418822, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for {1800310 + r * 37} "
                        "milliseconds before timing out.")  # SYNTH
        s.joblog(tr + 0.01, J, "[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the "
                               "asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/"
                               "incomplete data. To avoid this inconsistency, we are taking the entire process down.")  # SYNTH
        s.joblog(tr + 0.02, J, "terminate called after throwing an instance of 'std::runtime_error'")  # SYNTH
    for n, host in enumerate(nodes):
        s.joblog(t_wd + 2.1 + n, J, f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) "
                                    f"local_rank: 0 (pid: {9211 + 17 * n}) of binary: /home/mhill/venv/bin/python")  # SYNTH
        s.joblog(t_wd + 4.0 + n, J, f"srun: error: {host}: task {n}: Exited with exit code 1")  # SYNTH
    t_fail = t_wd + 6.5
    job_end(s, t_fail, J, "FAILED", "1:0")  # SYNTH
    t_end = t_fail + 300.0
    # ---- neighbours and harmless kernel noise (SYNTH)
    tn, it = 20.0, 181000
    while tn < t_end:
        s.joblog(tn, N1, f"[{s.at(tn):%H:%M:%S}] step {it}  loss={rng.uniform(0.0061, 0.0093):.5f}  psnr={rng.uniform(26.1, 27.4):.2f}"
                         f"  lr=2.00e-04  {rng.uniform(9.7, 10.4):.2f} it/s")
        it += 500
        tn += 50.0
    tn, ep2 = 35.0, 0.41
    while tn < t_end:
        s.joblog(tn, N2, f"Iteration:  {int(ep2 * 100) % 100:2d}%|          | {int(ep2 * 12500) % 12500}/12500 "
                         f"[{fmt_interval(ep2 * 2400)}<{fmt_interval((1 - ep2 % 1) * 2400)},  5.21it/s]")
        ep2 += 0.03
        tn += 72.0
    for tk, host in ((402.0, "epyc-02"), (1811.0, "epyc-07"), (2650.0, "epyc-06")):
        s.kernel(tk, host, j38(s.at(tk), host, "IPv6: ADDRCONF(NETDEV_CHANGE): docker0: link becomes ready"))

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ >= t_fail:
                return idle38(rng, "a5500", fb=0)
            if t_ >= t_f:
                return g38(100, rng.uniform(96, 118), 1665, fb=17800 + g)
            return busy38(rng, "a5500", load=rng.uniform(0.9, 0.98), fb=True)
        return busy38(rng, "a5500", load=rng.uniform(0.75, 0.95))
    run_sampler(s, nodes + ["epyc-02", "epyc-07"], 4, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_f, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2], no_drain=["epyc-06", "epyc-02", "epyc-07"])
    return s


# ======================================================================================
# S8  submitit-preempted-sighup-self-requeue-restarts  (healthy: a 2-GPU job launched through submitit on learnfair0293 is
#     preempted by a higher-priority 8-GPU job one minute in; submitit catches the preemption signal, requeues itself
#     (`Requeued job 60601445 (3 remaining timeouts)`) and exits; the job restarts 3 minutes later on the same node and
#     trains on. Nothing should be done.)
# ======================================================================================
# Source: https://github.com/facebookincubator/submitit/pull/1701 -- "Use SIGHUP as default for preemption signal"
# (merged). The author's Slurm test log shows the whole cycle: start, `Bypassing signal SIGTERM`, `Caught signal SIGHUP
# ... this job is preempted`, `Requeued job 60601445 (3 remaining timeouts)`, `Exiting gracefully after preemption/
# timeout.` and the restart three minutes later. Verbatim: the lines below (the restart line is cut in the thread after
# `global_rank=0(2)`; its closing parenthesis is SYNTH). The job's training lines, the preempting job, Slurm states and
# telemetry are SYNTH.
REAL_S8_START = [
    "submitit INFO (2022-07-12 04:17:53,762) - Starting with JobEnvironment(job_id=60601445, hostname=learnfair0293, local_rank=0(2), node=0(1), global_rank=0(2))",
    "submitit INFO (2022-07-12 04:17:53,762) - Loading pickle: /private/home/jrapin/fairinternal/multixp/outputs/test_xp/60601445_submitted.pkl",
    "Setting up distributed environement with MASTER_ADDR=learnfair0293, MASTER_PORT=33666, RANK=0, WORLD_SIZE=2",
]
REAL_S8_PREEMPT = [
    "submitit WARNING (2022-07-12 04:18:45,706) - Bypassing signal SIGTERM",
    "submitit INFO (2022-07-12 04:18:45,881) - Job has not timed out. Ran 1 minutes out of requested 20 minutes.",
    "submitit WARNING (2022-07-12 04:18:45,881) - Caught signal SIGHUP on learnfair0293: this job is preempted.",
    "submitit INFO (2022-07-12 04:18:45,912) - Requeued job 60601445 (3 remaining timeouts)",
    "submitit WARNING (2022-07-12 04:18:45,912) - Bypassing signal SIGCONT",
    "submitit INFO (2022-07-12 04:18:45,913) - Exiting gracefully after preemption/timeout.",
]
REAL_S8_RESTART = "submitit INFO (2022-07-12 04:21:41,214) - Starting with JobEnvironment(job_id=60601445, hostname=learnfair0293, local_rank=0(2), node=0(1), global_rank=0(2)"


def submitit_t(line: str, e0: float) -> float:
    m = re.search(r"\((\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d),(\d{3})\)", line)
    return epoch_of(f"{m.group(1)}T{m.group(2)}Z") - e0 + int(m.group(3)) / 1000.0


def convnext_line(ep: int, it: int, n: int, eta: float, lr: float, loss: float, avg: float, tm: float) -> str:
    """SYNTH: ConvNeXt/DeiT MetricLogger line (print_freq 10)."""
    return (f"Epoch: [{ep}]  [{it:>4d}/{n}]  eta: {hms_full(eta)}  lr: {lr:.6f}  min_lr: {lr:.6f}  loss: {loss:.4f} "
            f"({avg:.4f})  weight_decay: 0.0500 (0.0500)  grad_norm: {1.2 + loss / 9:.4f} ({1.31:.4f})  time: {tm:.4f}  "
            f"data: 0.0018  max mem: 9813")


def build_s8() -> Scenario:
    name = "submitit-preempted-sighup-self-requeue-restarts"
    J, P, N1, N2 = "60601445", "60601452", "60598711", "60600932"
    start = "2022-07-12T04:10:00Z"
    node = "learnfair0293"
    s = Scenario(name, "A 2-GPU job submitted through submitit (20 min limit) on learnfair0293 is preempted one minute in "
                 "by a higher-priority 8-GPU job. submitit bypasses SIGTERM, catches the preemption signal (SIGHUP), "
                 "requeues the job itself (`Requeued job 60601445 (3 remaining timeouts)`) and exits gracefully; Slurm "
                 "shows REQUEUED/PENDING. The preempting job finishes after ~2.5 min and the job restarts on the same "
                 "node, sets up its process group again and trains on. Two other owners' jobs run on other nodes.",
                 start,
                 {"name": "learnfair", "partition": "learnlab", "nodes": "learnfair[0288-0299]", "gpus_per_node": 8},
                 [{"id": J, "name": "test_xp", "user": "jrapin", "nodes": node, "tasks_per_node": 2,
                   "started": "2022-07-12T04:17:52Z", "comment": comment(3, "/checkpoint/jrapin/multixp/test_xp")},
                  {"id": P, "name": "eval-urgent-imnet", "user": "abakhtin", "nodes": node, "tasks_per_node": 8,
                   "started": "2022-07-12T04:18:47Z"},
                  {"id": N1, "name": "dino-vitb16-pretrain", "user": "mcaron", "nodes": "learnfair0290", "tasks_per_node": 8,
                   "started": "2022-07-11T22:40:03Z", "comment": comment(2)},
                  {"id": N2, "name": "detr-r50-ft", "user": "fmassa", "nodes": "learnfair0296", "tasks_per_node": 8,
                   "started": "2022-07-12T02:12:51Z"}])
    rng = s.rng
    e0 = epoch_of(start)
    t0 = submitit_t(REAL_S8_START[0], e0)
    s.job_state(t0 - 1.7, J, "RUNNING", "0:0", nodes=node)  # SYNTH
    s.joblog(t0, J, REAL_S8_START[0])  # REAL_S8_START
    s.joblog(t0 + 0.0004, J, REAL_S8_START[1])  # REAL_S8_START
    s.joblog(t0 + 0.9, J, REAL_S8_START[2])  # REAL_S8_START
    t_pre = submitit_t(REAL_S8_PREEMPT[0], e0)
    t, it = t0 + 16.0, 10
    while t < t_pre - 1.5:
        s.joblog(t, J, convnext_line(0, it, 625, (625 - it) * 0.32, 4e-6 * it, rng.uniform(6.86, 6.93), 6.9, rng.uniform(0.31, 0.34)))  # SYNTH
        it += 10
        t += rng.uniform(3.1, 3.4)
    for l in REAL_S8_PREEMPT:
        s.joblog(submitit_t(l, e0), J, l)  # REAL_S8_PREEMPT
    t_rq = submitit_t(REAL_S8_PREEMPT[3], e0) + 0.05
    s.job_state(t_rq, J, "REQUEUED", "0:0")  # SYNTH
    s.job_state(t_rq + 0.6, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    t_p0 = t_rq + 1.2
    s.job_state(t_p0, P, "RUNNING", "0:0", nodes=node)  # SYNTH
    tp = t_p0 + 9.0
    k = 0
    while tp < t_p0 + 150:
        s.joblog(tp, P, f"Test: [{k * 20:>3d}/196]  eta: {hms_full((196 - k * 20) * 0.71)}  loss: {rng.uniform(0.7, 1.1):.4f}  "
                        f"acc1: {rng.uniform(78, 86):.4f}  acc5: {rng.uniform(93, 97):.4f}  time: 0.7104  data: 0.4411  max mem: 5120")
        k += 1
        tp += 14.2
    s.joblog(t_p0 + 152.0, P, "* Acc@1 82.104 Acc@5 95.862 loss 0.789")  # SYNTH
    t_p1 = t_p0 + 154.5
    s.job_state(t_p1, P, "COMPLETED", "0:0")  # SYNTH
    t_r = submitit_t(REAL_S8_RESTART, e0)
    s.job_state(t_r - 1.3, J, "RUNNING", "0:0", nodes=node)  # SYNTH
    s.joblog(t_r, J, REAL_S8_RESTART + ")")  # REAL_S8_RESTART + SYNTH ')'
    s.joblog(t_r, J, f"submitit INFO ({s.at(t_r):%Y-%m-%d %H:%M:%S},214) - Loading pickle: /private/home/jrapin/fairinternal/"
                     "multixp/outputs/test_xp/60601445_submitted.pkl")  # SYNTH
    s.joblog(t_r + 0.8, J, REAL_S8_START[2])  # REAL_S8_START (printed again at restart)
    s.joblog(t_r + 9.5, J, "Auto resume checkpoint: ")  # SYNTH (no checkpoint written in the first minute)
    t, it = t_r + 16.0, 10
    t_end = 1740.0
    ep = 0
    while t < t_end:
        s.joblog(t, J, convnext_line(ep, it, 625, (625 - it) * 0.32, 4e-6 * (it + ep * 625), rng.uniform(6.2, 6.9) - ep * 0.3,
                                     6.6 - ep * 0.3, rng.uniform(0.31, 0.34)))  # SYNTH
        it += 10
        if it >= 625:
            s.joblog(t + 0.5, J, f"Epoch: [{ep}] Total time: 0:03:21 (0.3218 s / it)")
            s.joblog(t + 0.6, J, f"Averaged stats: lr: 0.002500  min_lr: 0.002500  loss: {6.71 - ep * 0.3:.4f}")
            ep += 1
            it = 0
            t += 35.0
        t += rng.uniform(3.1, 3.4)
    for job_, tn0, per in ((N1, 18.0, 61.0), (N2, 33.0, 58.0)):
        tn, it2 = tn0, 300
        while tn < t_end:
            if job_ == N1:
                s.joblog(tn, job_, f"Epoch: [61/100]  [{it2:>4d}/2502]  eta: {hms_full((2502 - it2) * 0.61)}  loss: "
                                   f"{rng.uniform(3.9, 4.3):.6f} (4.101234)  lr: 0.000612 (0.000612)  wd: 0.112 (0.112)  "
                                   "time: 0.6102  data: 0.0009  max mem: 19733")
            else:
                s.joblog(tn, job_, f"Epoch: [23]  [{it2:>4d}/7393]  eta: {hms_full((7393 - it2) * 0.58)}  lr: 0.000100  "
                                   f"class_error: {rng.uniform(1.5, 9.5):.2f}  loss: {rng.uniform(5.9, 7.1):.4f} (6.4121)  "
                                   "time: 0.5811  data: 0.0221  max mem: 6624")
            it2 += 100
            tn += per

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_p0 + 3 <= t_ < t_p1:
                return busy38(rng, "v100_32", load=rng.uniform(0.9, 0.99), fb=True)
            if g < 2 and (t0 <= t_ < t_pre or t_r + 14 <= t_):
                return busy38(rng, "v100_32", load=rng.uniform(0.88, 0.97), fb=True)
            return idle38(rng, "v100_32", fb=0)
        return busy38(rng, "v100_32", load=rng.uniform(0.85, 0.97))
    run_sampler(s, [node], 8, 0.0, t_end, 30.0, fn)
    run_sampler(s, ["learnfair0290", "learnfair0296"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth(None, no_requeue=[J, P, N1, N2], no_drain=[node, "learnfair0290", "learnfair0296"])
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
