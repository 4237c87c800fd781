#!/usr/bin/env python3
"""Build the holdout24 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout23):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers (and the holdout14..holdout23 helper sections) are copied unchanged from holdout23's build.py; the
holdout23 scenarios are replaced by the holdout24 helpers and scenarios S1..S8 below.
Earlier note (holdout23): generic helpers up to the holdout23 section were copied unchanged from holdout22's build.py.
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
# S1  composer-64gpu-silent-hang-one-gpu-idle  (hang: a 64-GPU Composer/llm-foundry run stops advancing with no
#     error on any rank; 63 GPUs sit at 100 % utilisation and ~70 W inside the stuck collective; one GPU on hgx-05 is
#     the odd one out (0 % utilisation) -- visible only in telemetry)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/968 -- "How to detect which node causes a NCCL hang?" (2023-08):
# "During the training process, a single GPU may run into faulty states, and since NCCL operations have sync semantics,
# the whole job may get hang. When the hang happens, the GPU util is 100% but the power consumption is pretty low
# (~70W)." ... "the culprit GPU must be in different state from the other GPUs". The thread quotes no log line, so
# this scenario has no REAL_* literal; the 100 % / ~70 W signature is the thread's, the odd GPU is my construction.


def build_s1() -> Scenario:
    name = "composer-64gpu-silent-hang-one-gpu-idle"
    J, N, bad, bad_gpu = "772410", "772398", "hgx-05", 3
    nodes = [f"hgx-{i:02d}" for i in range(1, 9)]
    s = Scenario(name, "64-GPU Composer (llm-foundry MPT-7B) run on hgx-[01-08] stops advancing at batch 18244 with no "
                 "error on any rank (dist timeout 2 h); 63 GPUs read 100 % utilisation at ~70 W, GPU 3 of hgx-05 reads 0 %; "
                 "the owner cancels the job 71 min later.",
                 "2023-08-18T02:00:00Z",
                 {"name": "mlp-h100", "partition": "train", "nodes": "hgx-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": H100_BUS},
                 [{"id": J, "name": "mpt-7b-pretrain-c4", "user": "void-main", "nodes": "hgx-[01-08]", "tasks_per_node": 8,
                   "started": "2023-08-17T09:12:40Z", "comment": comment(3, "s3://void-main-ckpt/mpt-7b-c4")},
                  {"id": N, "name": "eval-harness-sweep", "user": "lliu", "nodes": "hgx-[11-12]", "tasks_per_node": 8,
                   "started": "2023-08-18T01:20:05Z"}])
    rng = s.rng
    t_fault = 1840.0
    t, b = 5.0, 17934
    while t < t_fault:  # SYNTH: Composer console blocks every 10 batches (~5.9 s/batch)
        for k, l in enumerate(composer_block(b, 48000, 2.21 - 0.000004 * b + rng.uniform(-0.02, 0.02),
                                             172.4 + rng.uniform(-1.5, 1.5))):
            s.joblog(t + 0.001 * k, J, l)
        b += 10
        t += 59.2 + rng.uniform(-0.6, 0.6)
    # nothing more from the job: no rank prints an error (thread: "the whole job may get hang")
    t_cancel = t_fault + 71 * 60 + 13.0
    s.joblog(t_cancel, J, cancel_line(J, "hgx-01", s.at(t_cancel)))  # SYNTH
    s.job_state(t_cancel + 1.0, J, "CANCELLED", "0:15")
    t_end = t_cancel + 600
    tn, st = 12.0, 311
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"Running loglikelihood requests: {min(100, st % 100)}%| {st * 37}/{st * 37 + 5000} [{hms(tn)}<?, ?it/s]")
        st += 1
        tn += 45.0

    def fn(n_, g, tt):  # SYNTH DCGM every 180 s
        if n_ == "hgx-11":
            return sample(rng, "h100_hgx", rng.randint(90, 100), rng.uniform(560, 660), clock=1980, keys=LT)
        if tt > t_cancel + 5:
            return sample(rng, "h100_hgx", 0, rng.uniform(68, 76), clock=345, fb=0, keys=LT)
        if tt < t_fault:
            return sample(rng, "h100_hgx", rng.randint(96, 100), rng.uniform(600, 690), clock=1980, keys=LT)
        if n_ == bad and g == bad_gpu:
            return sample(rng, "h100_hgx", 0, rng.uniform(112, 121), clock=1980, keys=LT)
        return sample(rng, "h100_hgx", 100, rng.uniform(66, 74), clock=1980, keys=LT)  # thread: 100 % at ~70 W
    run_sampler(s, [bad, "hgx-01", "hgx-06", "hgx-11"], 8, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_fault, "category": "hang", "node": bad, "gpu": bad_gpu}, requeue={J: {"exclude": [bad]}},
                    no_drain=[bad, "hgx-01", "hgx-04", "hgx-06"], no_requeue=[N])
    return s


# ======================================================================================
# S2  verl-aws-nccl-bootstrap-169-254-link-local  (software: a 2-node veRL PPO job on AWS dies at FSDP/NCCL init with
#     `socketStartConnect: Connect to 169.254.0.1<...> failed : Software caused connection abort`; NCCL picked a
#     link-local interface; the resubmission on two other nodes fails identically)
# ======================================================================================
# Source: https://github.com/verl-project/verl/issues/726 -- "multi-node training nccl issue. socketStartConnect:
# Connect to 169.254.0.1<40815> failed : Software caused connection abort" (2025-03/04): another user hits the same
# with NCCL 2.21.5; the reporter: "In my case this is due to Amazon aws cluster." Lines verbatim:
REAL_S2 = [
    "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5",
    "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.",
    "Last error:",
    "socketStartConnect: Connect to 169.254.0.1<40815> failed : Software caused connection abort",
    "",
    "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
    "(WorkerDict pid=312563, ip=172.19.230.131) wrap_policy: functools.partial(<function _or_policy at 0x7f1be6e33eb0>, policies=[functools.partial(<function transformer_auto_wrap_policy at 0x7f1be6e33d90>, t",
    "ransformer_layer_cls={<class 'transformers.models.llama.modeling_llama.LlamaDecoderLayer'>})]) [repeated 15x across cluster]",
]


def s2_attempt(s: Scenario, J: str, nodes: list, ips: list, t0: float, first: bool) -> float:
    rng = s.rng
    if not first:
        s.job_state(t0, J, "RUNNING", "0:0", nodes=f"queue1-dy-p4d24xlarge-[{nodes[0][-1]}-{nodes[1][-1]}]")  # SYNTH
    for k, l in enumerate([f"+ ray start --head --node-ip-address={ips[0]} --port=6379 --num-gpus 8",
                           f"+ srun --nodes=1 --ntasks=1 -w {nodes[1]} ray start --address={ips[0]}:6379 --num-gpus 8 --block",
                           "+ python3 -m verl.trainer.main_ppo data.train_batch_size=1024 trainer.nnodes=2 trainer.n_gpus_per_node=8 "
                           "actor_rollout_ref.model.path=meta-llama/Llama-3.1-8B-Instruct",
                           f"{s.at(t0 + 21):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)}\tINFO worker.py:1841 -- Connecting to existing Ray cluster at address: {ips[0]}:6379...",
                           ]):
        s.joblog(t0 + [1, 6, 18, 21][k], J, l)  # SYNTH launcher lines
    # SYNTH: NCCL INFO from one worker (why the address is link-local: an extra 169.254.0.1/30 interface on the host)
    p0 = 312560 if first else 88210
    s.joblog(t0 + 88.2, J, ray_line("WorkerDict", p0, ips[1], f"{nodes[1]}:{p0}:{p0} [0] NCCL INFO Bootstrap : Using veth_def_agent:169.254.0.1<0>"))
    s.joblog(t0 + 88.3, J, ray_line("WorkerDict", p0, ips[1], f"{nodes[1]}:{p0}:{p0} [0] NCCL INFO NET/Socket : Using [0]veth_def_agent:169.254.0.1<0> [1]ens32:{ips[1]}<0>"))
    s.joblog(t0 + 91.0, J, ray_line("WorkerDict", p0 + 3, ips[1], "Loading checkpoint shards: 100%|██████████| 4/4 [00:14<00:00,  3.59s/it]"))
    t_err = t0 + 143.6 + rng.uniform(0, 2)
    s.joblog(t_err - 0.2, J, "Error executing job with overrides: ['data.train_batch_size=1024', 'trainer.nnodes=2', 'trainer.n_gpus_per_node=8']")
    s.joblog(t_err - 0.1, J, "Traceback (most recent call last):")
    for k, l in enumerate(['  File "/usr/local/lib/python3.10/dist-packages/verl/trainer/main_ppo.py", line 64, in main',
                           "    run_ppo(config)",
                           '  File "/usr/local/lib/python3.10/dist-packages/ray/_private/worker.py", line 2639, in get',
                           "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
                           "ray.exceptions.RayTaskError(DistBackendError): ray::WorkerDict.actor_rollout_init_model() "
                           f"(pid={p0}, ip={ips[1]}, actor_id=8f3c0a1d2e{'7b' if first else '91'}4411c06a5e2f01000000, repr=<verl.single_controller.ray.base.WorkerDict object at 0x7f1d2c3b9a50>)"]):
        s.joblog(t_err - 0.09 + 0.001 * k, J, l)  # SYNTH frames
    for k, l in enumerate(REAL_S2):
        line = l
        if not first:  # SYNTH: second attempt -- same error, other pid/port (prefix and port rewritten)
            line = line.replace("312563", "88213").replace("172.19.230.131", ips[1]).replace("<40815>", "<52177>")
        s.joblog(t_err + 0.001 * k, J, line)
    s.joblog(t_err + 4.0, J, f"srun: error: {nodes[0]}: task 0: Exited with exit code 1")
    s.job_state(t_err + 9.0, J, "FAILED", "1:0")
    return t_err


def build_s2() -> Scenario:
    name = "verl-aws-nccl-bootstrap-169-254-link-local"
    J, N = "4417", "4409"
    s = Scenario(name, "veRL PPO (Ray on a Slurm allocation, AWS ParallelCluster p4d) on 2 nodes: FSDP/NCCL init fails "
                 "with `socketStartConnect: Connect to 169.254.0.1<...> failed : Software caused connection abort` "
                 "(NCCL bootstrapped on a link-local interface); the owner resubmits on two other nodes and it fails the "
                 "same way at the same point. Looks like a network fault; it is configuration.",
                 "2025-04-02T14:00:00Z",
                 {"name": "pcluster-p4d", "partition": "queue1", "nodes": "queue1-dy-p4d24xlarge-[1-8]", "gpus_per_node": 8},
                 [{"id": J, "name": "verl-ppo-llama3.1-8b-gsm8k", "user": "qiuhuida", "nodes": "queue1-dy-p4d24xlarge-[1-2]",
                   "tasks_per_node": 1, "started": "2025-04-02T14:00:31Z",
                   "comment": comment(2, "/fsx/qiuhuida/verl/ckpt")},
                  {"id": N, "name": "openrlhf-sft-qwen2.5-7b", "user": "balajiadarsha", "nodes": "queue1-dy-p4d24xlarge-[6-7]",
                   "tasks_per_node": 8, "started": "2025-04-02T12:41:10Z"}])
    rng = s.rng
    t1 = s2_attempt(s, J, ["queue1-dy-p4d24xlarge-1", "queue1-dy-p4d24xlarge-2"], ["172.19.230.129", "172.19.230.131"], 31.0, True)
    t2 = s2_attempt(s, J, ["queue1-dy-p4d24xlarge-3", "queue1-dy-p4d24xlarge-4"], ["172.19.231.17", "172.19.231.22"], t1 + 412.0, False)
    t_end = t2 + 600
    tn, st = 20.0, 2210
    while tn < t_end:  # SYNTH neighbour (OpenRLHF SFT, tqdm-style postfix)
        s.joblog(tn, N, f"Train epoch [1/2]:  {100 * st // 5480:d}%|          | {st}/5480 [{hms(tn + 9000)}<?, gpt_loss={1.12 - st * 0.00004:.3f}, lr=1.9e-05]")
        st += 5
        tn += 31.0 + rng.uniform(-0.4, 0.4)

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s; the PPO job never gets past model init (memory loaded, no compute)
        if n_ == "queue1-dy-p4d24xlarge-6":
            return sample(rng, "a100_p4d", rng.randint(92, 100), rng.uniform(280, 340), clock=1410, keys=LT)
        on = (n_ in ("queue1-dy-p4d24xlarge-1", "queue1-dy-p4d24xlarge-2") and 100 < tt < t1 + 9) or \
             (n_ in ("queue1-dy-p4d24xlarge-3", "queue1-dy-p4d24xlarge-4") and t1 + 480 < tt < t2 + 9)
        if on:
            return sample(rng, "a100_p4d", rng.randint(0, 4), rng.uniform(78, 96), clock=1410, fb=16800 + rng.randint(0, 400), keys=LT)
        return sample(rng, "a100_p4d", 0, rng.uniform(52, 60), clock=210, fb=0, keys=LT)
    run_sampler(s, [f"queue1-dy-p4d24xlarge-{i}" for i in (1, 2, 3, 4, 6)], 8, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t1, "category": "software", "node": None}, no_requeue=[J],
                    no_drain=[f"queue1-dy-p4d24xlarge-{i}" for i in (1, 2, 3, 4)])
    return s


# ======================================================================================
# S3  megatron-ds-xid109-ctxsw-timeout-h100-011-gpu6  (gpu_hardware: on one GPU of a 32-GPU Megatron-DeepSpeed job the
#     host logs Xid 13 (SM warp exceptions) then Xid 109 CTX SWITCH TIMEOUT for pt_main_thread; that rank dies, the
#     rest hit the NCCL watchdog 10 min later)
# ======================================================================================
# Source: https://github.com/leptonai/gpud/pull/46 -- "doc(nvidia/error/xid): document how xid error is detected using
# dmesg" (2024-09): the PR's README quotes a real `dmesg --ctime` capture (stamps kept unchanged; the scenario clock is
# chosen so they fit). Lines verbatim (the capture's nvidia-peermem line is left out: an earlier corpus used that text):
REAL_S3_XID = [
    "[Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter",
    "[Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Global Exception on (GPC 7, TPC 7, SM 0): Multiple Warp Errors",
    "[Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics Exception: ESR 0x57c730=0xc04000b 0x57c734=0x24 0x57c728=0x1f81fb60 0x57c72c=0x1174",
    "[Fri Aug 30 11:43:14 2024] NVRM: Xid (PCI:0000:cb:00): 109, pid=1797828, name=pt_main_thread, Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005",
]


def build_s3() -> Scenario:
    name = "megatron-ds-xid109-ctxsw-timeout-h100-011-gpu6"
    J, N, bad, g_bad = "918233", "918190", "h100-011", 6
    nodes = ["h100-009", "h100-010", "h100-011", "h100-012"]
    s = Scenario(name, "32-GPU Megatron-DeepSpeed (ZeRO-1, TP=8, PP=1) pretraining on h100-[009-012]; h100-011 logs "
                 "Xid 13 warp exceptions and Xid 109 CTX SWITCH TIMEOUT on "
                 "PCI 0000:cb:00 (GPU 6) for pt_main_thread; rank 22 dies with a CUDA launch failure, the others time out "
                 "in the NCCL watchdog 10 min later.",
                 "2024-08-30T11:00:00Z",
                 {"name": "lepton-h100", "partition": "gpu", "nodes": "h100-[001-032]", "gpus_per_node": 8,
                  "pci_bus_ids": H100_BUS},
                 [{"id": J, "name": "mds-llama2-13b-pretrain", "user": "gyuho", "nodes": "h100-[009-012]", "tasks_per_node": 8,
                   "started": "2024-08-30T06:02:17Z", "comment": comment(2, "/mnt/ckpt/mds-llama2-13b")},
                  {"id": N, "name": "sd3-lora-sweep", "user": "hm2501", "nodes": "h100-[020-021]", "tasks_per_node": 8,
                   "started": "2024-08-30T09:15:44Z"}])
    rng = s.rng
    T = lambda h, m, sec: (h - 11) * 3600 + m * 60 + sec  # noqa: E731
    t13, t109 = T(11, 43, 9.0), T(11, 43, 14.0)
    for k, l in enumerate(REAL_S3_XID[:3]):
        s.kernel(t13 + 0.0004 * k, bad, l)         # REAL
    s.kernel(t109, bad, REAL_S3_XID[3])            # REAL
    t, it = 8.0, 21480
    while t < t13 - 2:  # SYNTH: Megatron-DeepSpeed iteration line every 10 iterations (~4.05 s/it)
        s.joblog(t, J, mds_iter(it, 250000, 4051.0 + rng.uniform(-25, 25), 2.87e-4, 1.92 - 0.000003 * it + rng.uniform(-0.01, 0.01), 512,
                                201.4 + rng.uniform(-1.5, 1.5)))
        it += 10
        t += 40.5 + rng.uniform(-0.3, 0.3)
    # SYNTH: the rank on GPU 6 of h100-011 (global rank 22) fails
    r = 22
    tr = t109 + 1.3
    for k, l in enumerate([f"[rank{r}]: Traceback (most recent call last):",
                           f'[rank{r}]:   File "/workspace/Megatron-DeepSpeed/pretrain_gpt.py", line 356, in <module>',
                           f"[rank{r}]:     pretrain(train_valid_test_datasets_provider,",
                           f'[rank{r}]:   File "/workspace/Megatron-DeepSpeed/megatron/training.py", line 227, in pretrain',
                           f"[rank{r}]:     iteration = train(forward_step_func,",
                           f"[rank{r}]: RuntimeError: CUDA error: unspecified launch failure",
                           f"[rank{r}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                           f"[rank{r}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]):
        s.joblog(tr + 0.001 * k, J, l)
    t_to = tr + 600.4
    for rr in (0, 8, 16, 23, 24):
        d = s.at(t_to + 0.01 * rr)
        s.joblog(t_to + 0.01 * rr, J, c10d_e(rr, d, rng.randint(0, 999), "ProcessGroupNCCL.cpp:632",
                                              f"[Rank {rr}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={1189342 + (rr % 8)}, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600047 milliseconds before timing out."))
    t = elastic_summary(s, t_to + 28.0, J, bad, [(r, 6, 1797828, 1), (16, 0, 1797822, -6)], "/workspace/Megatron-DeepSpeed/pretrain_gpt.py",
                        "/usr/local/lib/python3.10/dist-packages",
                        ['  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())"])
    s.joblog(t + 0.6, J, f"srun: error: {bad}: task 2: Exited with exit code 1")
    t = srun_abort_lines(s, t + 0.8, J, "h100-009")
    s.job_state(t + 33.0, J, "FAILED", "1:0")
    t_end = t + 600
    tn, st = 16.0, 800
    while tn < t_end:  # SYNTH neighbour (diffusers LoRA, accelerate)
        s.joblog(tn, N, f"Steps:  {st * 100 // 4000:d}%|   | {st}/4000 [{hms(tn + 5400)}<?, ?it/s, lr=0.0001, step_loss={0.09 + rng.uniform(-0.02, 0.02):.3f}]")
        st += 20
        tn += 38.0

    keys = LT + ("DCGM_FI_DEV_XID_ERRORS",)

    def fn(n_, g, tt):  # SYNTH DCGM every 120 s
        if n_ == "h100-020":
            return sample(rng, "h100_hgx", rng.randint(90, 100), rng.uniform(540, 650), clock=1980, keys=LT)
        if tt < t13:
            return sample(rng, "h100_hgx", rng.randint(95, 100), rng.uniform(610, 690), clock=1980, keys=LT)
        if n_ == bad and g == g_bad:
            f = sample(rng, "h100_hgx", 0, rng.uniform(118, 131), clock=1980, keys=keys)
            f["DCGM_FI_DEV_XID_ERRORS"] = 109
            return f
        if tt < t_to + 30:
            return sample(rng, "h100_hgx", 100, rng.uniform(118, 140), clock=1980, keys=LT)
        return sample(rng, "h100_hgx", 0, rng.uniform(68, 78), clock=345, fb=0, keys=LT)
    run_sampler(s, [bad, "h100-009", "h100-020"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t13, "category": "gpu_hardware", "node": bad, "gpu": g_bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["h100-009", "h100-010", "h100-012"])
    return s


# ======================================================================================
# S4  healthy-rolling-reboot-asap-drain-under-running-job  (healthy: an admin schedules `scontrol reboot ASAP` on four
#     nodes for a driver update; two of them carry a running 2-node job, which is left to finish; the nodes show
#     DRAIN+REBOOT_REQUESTED, then DOWN+REBOOT_ISSUED while rebooting, then come back IDLE)
# ======================================================================================
# Source: https://github.com/mej/nhc/pull/83 -- "Enable NHC to handle Slurm boot node state" (2019-04): "`scontrol
# reboot asap` will set the node state to `REBOOT+DRAIN` and reason to `Reboot ASAP`. Then, after boot, and after NHC
# runs once, Slurm will set the node base state to `IDLE`. If reason == `Reboot ASAP`, Slurm will also clear the
# `DRAIN` flag." The only real text is Slurm's default reason (placed in the Slurm events' `reason`):
REAL_S4_REASON = "Reboot ASAP"


def build_s4() -> Scenario:
    name = "healthy-rolling-reboot-asap-drain-under-running-job"
    J, N = "55120", "55077"
    s = Scenario(name, "Planned rolling reboot: `scontrol reboot ASAP nextstate=RESUME gpu[013-016]` for a driver update. "
                 "gpu[015-016] are idle and reboot at once; gpu[013-014] carry a running 2-node SFT job and show "
                 "MIXED+DRAIN+REBOOT_REQUESTED until it completes, then DOWN+DRAIN+REBOOT_ISSUED for ~6 min, then IDLE. "
                 "Nothing is broken; nothing to do.",
                 "2022-03-09T08:00:00Z",
                 {"name": "hpc-gpu", "partition": "gpu", "nodes": "gpu[001-032]", "gpus_per_node": 8},
                 [{"id": J, "name": "sft-llama-13b-alpaca", "user": "hintron", "nodes": "gpu[013-014]", "tasks_per_node": 8,
                   "started": "2022-03-09T06:10:22Z", "comment": comment(2, "/scratch/hintron/sft13b")},
                  {"id": N, "name": "vit-h-14-pretrain", "user": "treydock", "nodes": "gpu[020-023]", "tasks_per_node": 8,
                   "started": "2022-03-08T21:44:51Z"}])
    rng = s.rng
    t_req = 900.0
    for n_ in ("gpu013", "gpu014"):
        s.node_state(t_req + rng.uniform(0.1, 0.6), n_, "MIXED+DRAIN+REBOOT_REQUESTED", REAL_S4_REASON)
    boot = {}
    for k, n_ in enumerate(("gpu015", "gpu016")):
        tb = t_req + 1.0 + k * 0.4
        s.node_state(tb, n_, "IDLE+DRAIN+REBOOT_REQUESTED", REAL_S4_REASON)
        s.node_state(tb + 2.0, n_, "DOWN+DRAIN+REBOOT_ISSUED", REAL_S4_REASON)
        boot[n_] = tb + 2.0
    # SYNTH: job progress (HF Trainer dicts every ~50 s) until completion
    t, st = 20.0, 3100
    t_done = 4610.0
    while t < t_done:
        s.joblog(t, J, hf_trainer_dict(1.02 - st * 0.00003 + rng.uniform(-0.02, 0.02), 0.61 + rng.uniform(-0.05, 0.05), 2e-5 * (1 - st / 6000), st / 2000))
        st += 10
        t += 49.6 + rng.uniform(-0.5, 0.5)
    for k, l in enumerate(["{'train_runtime': 23412.771, 'train_samples_per_second': 6.562, 'train_steps_per_second': 0.205, 'train_loss': 1.0344, 'epoch': 3.0}",
                           "Saving model checkpoint to /scratch/hintron/sft13b/final", "***** train metrics *****"]):
        s.joblog(t_done + 0.2 * k, J, l)
    s.job_state(t_done + 40.0, J, "COMPLETED", "0:0")
    for k, n_ in enumerate(("gpu013", "gpu014")):
        tb = t_done + 42.0 + k * 0.5
        s.node_state(tb, n_, "IDLE+DRAIN+REBOOT_REQUESTED", REAL_S4_REASON)
        s.node_state(tb + 2.0, n_, "DOWN+DRAIN+REBOOT_ISSUED", REAL_S4_REASON)
        boot[n_] = tb + 2.0
    up = {}
    for n_, tb in boot.items():  # SYNTH: shutdown, ~6 min away, boot, nextstate=RESUME
        s.kernel(tb + 3.0, n_, f"{dmesg_t(s.at(tb + 3.0))} reboot: Restarting system")
        tu = tb + 362.0 + rng.uniform(-20, 20)
        s.kernel(tu, n_, f"{dmesg_t(s.at(tu))} Linux version 5.4.0-104-generic (buildd@ubuntu) (gcc version 9.4.0 (Ubuntu 9.4.0-1ubuntu1~20.04)) #118-Ubuntu SMP Wed Mar 2 19:02:41 UTC 2022")
        s.kernel(tu + 41.0, n_, f"{dmesg_t(s.at(tu + 41.0))} nvidia-nvlink: Nvlink Core is being initialized, major device number 509")
        s.kernel(tu + 41.2, n_, f"{dmesg_t(s.at(tu + 41.2))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  510.47.03  Mon Jan 24 22:58:54 UTC 2022")
        s.node_state(tu + 95.0, n_, "IDLE", "")
        up[n_] = (tb, tu + 95.0)
    t_end = max(v[1] for v in up.values()) + 900
    tn, it = 30.0, 88000
    while tn < t_end:  # SYNTH neighbour (timm-style)
        s.joblog(tn, N, timm_line(17, it % 1250, 1250, 5.91 + rng.uniform(-0.05, 0.05), 5.93, 0.412 + rng.uniform(-0.01, 0.01), 256, 1.2e-3, 0.003))
        it += 50
        tn += 20.6

    def fn(n_, g, tt):  # SYNTH DCGM every 180 s; rebooting nodes send nothing
        if n_ in up and up[n_][0] < tt < up[n_][1]:
            return None
        if n_ == "gpu020":
            return sample(rng, "a100", rng.randint(93, 100), rng.uniform(330, 390), clock=1410, keys=LT)
        if n_ in ("gpu013", "gpu014") and tt < t_done:
            return sample(rng, "a100", rng.randint(90, 100), rng.uniform(320, 395), clock=1410, keys=LT)
        return sample(rng, "a100", 0, rng.uniform(52, 61), clock=210, fb=0, keys=LT)
    run_sampler(s, ["gpu013", "gpu014", "gpu015", "gpu020"], 8, 0.0, t_end, 180.0, fn)
    s.truth = truth(None, no_requeue=[J, N], no_drain=["gpu013", "gpu014", "gpu015", "gpu016"])
    return s


# ======================================================================================
# S5  arjuna-c023-shutdown-under-load-two-jobs-node-fail  (node_failure: GPU node c023 powers off under load; a 2-node
#     training job and a single-node job on it end NODE_FAIL; Slurm marks c023 DOWN; an unrelated `squeue` DNS-SRV error
#     in a third user's job log is a red herring)
# ======================================================================================
# Source: https://github.com/ArjunaCluster/ArjunaUsers/issues/51 -- "Node Down" (2021-09-12): "Node: c023 / Date and Time
# you first noticed it was down: 18:54 Sept 11th / Anything Else: Two jobs are killed and resubmitted"; admin: "I think c023
# is one of the nodes that has the tendency to shut down under load. This is a known issue." Another user in the thread
# (the admin: "I think these are unrelated") posted, verbatim:
REAL_S5_SQUEUE = [
    "squeue: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host",
    "squeue: error: fetch_config: DNS SRV lookup failed",
    "squeue: error: _establish_config_source: failed to fetch config",
    "squeue: fatal: Could not establish a configuration source",
]


def build_s5() -> Scenario:
    name = "arjuna-c023-shutdown-under-load-two-jobs-node-fail"
    J, J2, N, bad = "61733", "61740", "61702", "c023"
    s = Scenario(name, "GPU node c023 shuts down under load (known tendency on this cluster). A 2-node DDP job on "
                 "c[022-023] and a single-node job on c023 end NODE_FAIL; Slurm marks c023 DOWN+NOT_RESPONDING; the user "
                 "notices at 18:54. A `squeue` configless DNS-SRV failure printed by another user's job script is unrelated.",
                 "2021-09-11T18:20:00Z",
                 {"name": "arjuna", "partition": "gpu", "nodes": "c[001-028]", "gpus_per_node": 4},
                 [{"id": J, "name": "nequip-ddp-2node", "user": "yaomz16", "nodes": "c[022-023]", "tasks_per_node": 4,
                   "started": "2021-09-11T11:02:19Z", "comment": comment(2, "/home/mingzeya/runs/nequip2n")},
                  {"id": J2, "name": "md-sample-gpu", "user": "yaomz16", "nodes": "c023", "tasks_per_node": 1,
                   "started": "2021-09-11T16:40:07Z"},
                  {"id": N, "name": "cgcnn-train", "user": "kianpu34593", "nodes": "c[010-011]", "tasks_per_node": 4,
                   "started": "2021-09-11T15:05:30Z"}])
    rng = s.rng
    t_fault = 1631.0   # SYNTH: 18:47:11, a few minutes before the user noticed (18:54)
    t, ep = 9.0, 311
    while t < t_fault:  # SYNTH: generic DDP progress
        s.joblog(t, J, f"[{s.at(t):%Y-%m-%d %H:%M:%S}] Epoch {ep:4d} | train loss {0.0413 - 0.00001 * ep:.5f} | f_mae {0.0211:.4f} | lr 5.0e-04 | {91.4 + rng.uniform(-1, 1):.1f} s/epoch")
        ep += 1
        t += 91.4 + rng.uniform(-1, 1)
    t2 = 40.0
    while t2 < t_fault:
        s.joblog(t2, J2, f"#\"Step\",\"Potential Energy (kJ/mole)\",\"Speed (ns/day)\"  {int(t2 * 500)},{-512331.2 + rng.uniform(-90, 90):.1f},{212.7 + rng.uniform(-2, 2):.1f}")
        t2 += 120.0
    # nothing from c023 after t_fault (power off: no kernel line, no telemetry)
    # SYNTH: surviving ranks on c022 notice the dead peer
    for k, l in enumerate([f"[E ProcessGroupGloo.cpp:136] Rank 0 successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 4. Please check rank 4 logs for faulty rank.",
                           "RuntimeError: [/opt/conda/conda-bld/pytorch_1634272168290/work/third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [10.2.3.23]:29622"]):
        s.joblog(t_fault + 47.0 + 0.01 * k, J, l)
    t_nf = t_fault + 310.0   # SYNTH: slurmctld SlurmdTimeout=300
    s.node_state(t_nf, bad, "DOWN+NOT_RESPONDING", "Not responding")
    node_fail_lines(s, t_nf + 0.4, J, bad, "c022")
    s.job_state(t_nf + 1.0, J, "NODE_FAIL", "0:0")
    s.job_state(t_nf + 1.2, J2, "NODE_FAIL", "0:0")
    # SYNTH placement of REAL text: the neighbour's job script calls squeue (thread: reported the next day, time unknown)
    t_sq = t_nf + 1380.0
    for k, l in enumerate(REAL_S5_SQUEUE):
        s.joblog(t_sq + 0.01 * k, N, l)
    t_end = t_nf + 2400
    tn, ep3 = 25.0, 41
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"Epoch: [{ep3}][{int(tn) % 300}/300]\tTime {0.211 + rng.uniform(-0.01, 0.01):.3f}\tLoss {0.0912:.4f}\tMAE {0.0381:.3f}")
        ep3 += 1
        tn += 63.0

    def fn(n_, g, tt):  # SYNTH DCGM every 90 s
        if n_ == bad and tt >= t_fault:
            return None
        if n_ == "c022" and tt > t_nf + 5:
            return sample(rng, "a100_4x40", 0, rng.uniform(50, 58), clock=210, fb=0, keys=LT)
        if n_ == "c022" and tt > t_fault + 50:
            return sample(rng, "a100_4x40", 0, rng.uniform(80, 95), clock=1410, keys=LT)
        return sample(rng, "a100_4x40", rng.randint(92, 100), rng.uniform(280, 330), clock=1410, keys=LT)
    run_sampler(s, ["c022", bad, "c010"], 4, 0.0, t_end, 90.0, fn)
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[J2, N], no_drain=["c022", "c010", "c011"])
    return s


# ======================================================================================
# S6  sglang-tp16-h100-28-qp-local-access-violation  (network: a 2-node TP=16 SGLang server; h100-28's HCA raises an
#     async fatal QP event (local access violation) and a status=4 send completion error; NCCL aborts; the job fails)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/1905 -- "[Issue]: NCCL WARN communicator encountered a fatal error
# (detected in ncclIbTest)" (2025-11): "nodeA: H100 X 8 / nodeB: H100 X 8 / The model operates with a TP of 16, and
# communication is normal 99% of the time. Occasionally, this error occurs." NCCL 2.21.5. Lines verbatim (log-collector
# prefix kept; the scenario clock is chosen so the stamps fit):
REAL_S6 = [
    "2025-11-09 15:39:31.043 +08:00 [2025-11-09 07:39:30] h100-28:238:1313 [0] transport/net_ib.cc:139 NCCL WARN communicator encountered a fatal error (detected in ncclIbTest)",
    "2025-11-09 15:39:31.043 +08:00 [2025-11-09 07:39:30] h100-28:238:1219 [0] transport/net_ib.cc:180 NCCL WARN NET/IB : mlx5_ib0:1 async fatal event on QP (0x7f69f01519a8): local access violation work queue error",
    "2025-11-09 15:39:31.043 +08:00 [2025-11-09 07:39:30] h100-28:238:1313 [0] transport/net_ib.cc:2451 NCCL WARN NET/IB: Got completion from peer 172.16.12.34<38081> with status=4 opcode=0 len=0 vendor err 83 (Send) hca mlx5_ib0",
]


def build_s6() -> Scenario:
    name = "sglang-tp16-h100-28-qp-local-access-violation"
    J, N, bad = "30915", "30902", "h100-28"
    s = Scenario(name, "2-node TP=16 SGLang server (DeepSeek-style model) on h100-[27-28]; after ~40 min of normal "
                 "serving, h100-28's mlx5_ib0 raises an async fatal QP event (local access violation) and a status=4 send "
                 "completion error towards h100-27 (172.16.12.34); NCCL aborts the communicator and the server exits.",
                 "2025-11-09T07:00:00Z",
                 {"name": "infer-h100", "partition": "serve", "nodes": "h100-[01-32]", "gpus_per_node": 8},
                 [{"id": J, "name": "sglang-tp16-serve", "user": "thqq479", "nodes": "h100-[27-28]", "tasks_per_node": 1,
                   "started": "2025-11-09T06:51:12Z", "comment": comment(3)},
                  {"id": N, "name": "sglang-tp16-serve-b", "user": "thqq479", "nodes": "h100-[29-30]", "tasks_per_node": 1,
                   "started": "2025-11-09T06:50:40Z"}])
    rng = s.rng
    T = lambda h, m, sec: (h - 7) * 3600 + m * 60 + sec  # noqa: E731
    t_fault = T(7, 39, 30.0)
    t = 12.0
    while t < t_fault:  # SYNTH: SGLang decode-batch stats every ~40 s (both servers)
        for JJ in (J, N):
            s.joblog(t + (0.3 if JJ == N else 0), JJ, sglang_decode(s.at(t), rng.randint(24, 40), rng.randint(40000, 62000), rng.uniform(0.09, 0.15),
                                                               rng.uniform(1150, 1420), rng.randint(0, 3)))
        t += 40.0 + rng.uniform(-1, 1)
    for k, l in enumerate(REAL_S6):
        s.joblog(t_fault + 1.043 + 0.0001 * k, J, l)  # REAL (collector stamp 07:39:31.043 UTC)
    d = s.at(t_fault + 2.1)
    for k, l in enumerate([f"2025-11-09 15:39:32.104 +08:00 [2025-11-09 07:39:32] h100-27:241:1307 [0] transport/net_ib.cc:2451 NCCL WARN NET/IB: Got completion from peer 172.16.12.35<41201> with status=5 opcode=128 len=0 vendor err 249 (Recv) hca mlx5_ib0",
                           f"[{d:%Y-%m-%d %H:%M:%S} TP8] Scheduler hit an exception: Traceback (most recent call last):",
                           "torch.distributed.DistBackendError: NCCL communicator was aborted on rank 8.",
                           f"[{d:%Y-%m-%d %H:%M:%S}] Received sigquit from a child process. It usually means the child failed."]):
        s.joblog(t_fault + 2.104 + 0.01 * k, J, l)  # SYNTH
    s.joblog(t_fault + 6.0, J, f"srun: error: {bad}: task 1: Killed")
    t2 = srun_abort_lines(s, t_fault + 6.2, J, "h100-27")
    s.job_state(t2 + 33.0, J, "FAILED", "137:0")
    t_end = t2 + 900
    while t < t_end:
        s.joblog(t + 0.3, N, sglang_decode(s.at(t), rng.randint(24, 40), rng.randint(40000, 62000), rng.uniform(0.09, 0.15),
                                            rng.uniform(1150, 1420), rng.randint(0, 3)))
        t += 40.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM every 120 s
        if n_ == "h100-29" or tt < t_fault:
            return sample(rng, "h100_hgx", rng.randint(55, 80), rng.uniform(380, 470), clock=1980, fb=74100 + rng.randint(0, 300), keys=LT)
        return sample(rng, "h100_hgx", 0, rng.uniform(68, 78), clock=345, fb=0, keys=LT)
    run_sampler(s, ["h100-27", bad, "h100-29"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_fault, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=["h100-27", "h100-29", "h100-30"])
    return s


# ======================================================================================
# S7  hf-hub-429-rate-limit-three-jobs-at-start  (infrastructure: the cluster's shared egress IP is rate-limited by the
#     Hugging Face Hub; three jobs on disjoint nodes die at model load with `429 Client Error: Too Many Requests`; a job
#     running from a local model copy is unaffected)
# ======================================================================================
# Source: https://github.com/huggingface/transformers/issues/34841 -- "Urgent: 429 Errors and Potential Rate Limiting on
# Model Access" (2024-11-21): "From yesterday, we have been seeing 429 errors when trying to access different models." /
# "We suspect we are being rate-limited. We can share the IPs with you." / "We ran into the issues in our internal
# runs." Lines verbatim (the issue body's trailing markdown double-spaces dropped; indentation of the frame line added;
# the `raise HTTPError(...)` source line between them is left out: an earlier corpus already used that text):
REAL_S7 = [
    'File "/usr/local/lib/python3.8/site-packages/requests/models.py", line 1024, in raise_for_status',
    "requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for URL: https://huggingface.co/meta-llama/Meta-Llama-3-8B/resolve/main/config.json",
]


def s7_fail(s: Scenario, J: str, t0: float, model: str) -> None:
    frames = ["Traceback (most recent call last):",
              '  File "/workspace/train.py", line 88, in <module>',
              "    config = AutoConfig.from_pretrained(args.model_name_or_path)",
              '  File "/usr/local/lib/python3.8/site-packages/huggingface_hub/utils/_errors.py", line 304, in hf_raise_for_status',
              "    response.raise_for_status()",
              "  " + REAL_S7[0]]
    last = REAL_S7[1] if model == "meta-llama/Meta-Llama-3-8B" else REAL_S7[1].replace("meta-llama/Meta-Llama-3-8B", model)
    for k, l in enumerate(frames + [last]):
        s.joblog(t0 + 0.001 * k, J, l)


def build_s7() -> Scenario:
    name = "hf-hub-429-rate-limit-three-jobs-at-start"
    jobs = [("81204", "llama3-8b-sft-a", "a100-[003-004]", 2, "meta-llama/Meta-Llama-3-8B", 412.0),
            ("81207", "llama3-8b-dpo-b", "a100-[017-018]", 2, "meta-llama/Meta-Llama-3-8B", 431.5),
            ("81211", "mistral-7b-eval", "a100-041", 1, "mistralai/Mistral-7B-v0.1", 468.2)]
    N = "81150"
    s = Scenario(name, "Three jobs on disjoint nodes start within a minute and each dies at AutoConfig.from_pretrained "
                 "with `429 Client Error: Too Many Requests` from the Hugging Face Hub (the cluster's shared egress IP is "
                 "rate-limited); a long-running job that loads from a local model copy is unaffected. Shared external "
                 "service, no node at fault.",
                 "2024-11-20T16:00:00Z",
                 {"name": "dnu-a100", "partition": "gpu", "nodes": "a100-[001-064]", "gpus_per_node": 8},
                 [{"id": j, "name": nm, "user": "dnuanghsh", "nodes": nodes, "tasks_per_node": 8, "started": "2024-11-20T16:06:30Z",
                   "comment": comment(2) if j != "81211" else ""} for j, nm, nodes, _, _, _ in jobs] +
                 [{"id": N, "name": "llama3-70b-lora-local", "user": "xyg-coder", "nodes": "a100-[030-033]", "tasks_per_node": 8,
                   "started": "2024-11-20T09:12:04Z"}])
    for j in s.jobs:
        if "comment" in j and not j["comment"]:
            del j["comment"]
    rng = s.rng
    for j, nm, nodes, nn, model, tf in jobs:
        s.job_state(tf - 40.0, j, "RUNNING", "0:0", nodes=nodes)
        s.joblog(tf - 38.0, j, f"+ srun --nodes={nn} torchrun --nproc_per_node=8 /workspace/train.py --model_name_or_path {model}")
        torchrun_banner(s, tf - 36.0, j)
        s7_fail(s, j, tf, model)
        s.joblog(tf + 2.0, j, f"srun: error: {expand_hostlist(nodes)[0]}: task 0: Exited with exit code 1")
        s.job_state(tf + 6.0, j, "FAILED", "1:0")
    t_end = 468.2 + 1200
    tn, st = 15.0, 5120
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, hf_trainer_dict(0.84 - st * 0.00001, 0.33, 1.1e-4, st / 9000))
        st += 40
        tn += 44.0 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s (the failing jobs never touch their GPUs)
        if n_ == "a100-030":
            return sample(rng, "a100", rng.randint(92, 100), rng.uniform(320, 395), clock=1410, keys=LT)
        return sample(rng, "a100", 0, rng.uniform(50, 60), clock=210, fb=0, keys=LT)
    run_sampler(s, ["a100-003", "a100-017", "a100-041", "a100-030"], 8, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": 412.0, "category": "infrastructure", "node": None}, no_requeue=["81204", "81207"],
                    no_drain=["a100-003", "a100-004", "a100-017", "a100-018", "a100-041"])
    return s


# ======================================================================================
# S8  yank-4node-iteration-32s-to-102s-one-gpu-shared  (gpu_degraded: a 16-GPU YANK MPI job slows from ~32 s to ~102 s
#     per iteration with no error; one GPU on gpu-2-7 is being used by a foreign process; no Xid, no throttling)
# ======================================================================================
# Source: https://github.com/cBio/cbio-cluster/issues/342 -- "Accidental usage of GPUs?" (2015-11-23): "it looks like a
# job [6400657] running on 4 nodes (using 4 GPUs/node) slowed down tremendously at some point"; the title and the same
# cluster's earlier thread blame another user's process landing on an allocated GPU (wrong device number). Lines
# verbatim (the thread's first block; its later 142-1153 s block two days on is not replayed):
REAL_S8 = [
    "2015-11-21 05:54:18,834: Iteration took 32.709 s.",
    "2015-11-21 05:54:51,243: Iteration took 32.403 s.",
    "2015-11-21 05:55:24,073: Iteration took 32.824 s.",
    "2015-11-21 05:55:55,827: Iteration took 31.747 s.",
    "2015-11-21 05:56:26,363: Iteration took 30.530 s.",
    "2015-11-21 05:56:58,877: Iteration took 32.507 s.",
    "2015-11-21 05:57:31,882: Iteration took 32.999 s.",
    "2015-11-21 05:58:02,966: Iteration took 31.077 s.",
    "2015-11-21 05:59:51,511: Iteration took 108.539 s.",
    "2015-11-21 06:01:33,997: Iteration took 102.479 s.",
    "2015-11-21 06:03:15,544: Iteration took 101.541 s.",
    "2015-11-21 06:04:58,324: Iteration took 102.773 s.",
    "2015-11-21 06:06:44,061: Iteration took 105.731 s.",
    "2015-11-21 06:08:25,503: Iteration took 101.436 s.",
    "2015-11-21 06:10:07,424: Iteration took 101.914 s.",
    "2015-11-21 06:11:48,712: Iteration took 101.282 s.",
]


def build_s8() -> Scenario:
    name = "yank-4node-iteration-32s-to-102s-one-gpu-shared"
    J, N, bad, g_bad = "6400657", "6400611", "gpu-2-7", 2
    s = Scenario(name, "16-GPU YANK (MPI, 4 nodes x 4 GPUs) free-energy run: iterations go from ~32 s to ~102 s at "
                 "05:58 with no error; from then on a foreign process holds GPU 2 of gpu-2-7 at 100 % (extra memory), so "
                 "that rank's replicas lag and the other 15 GPUs wait. No Xid, no throttle flag.",
                 "2015-11-21T05:30:00Z",
                 {"name": "hal", "partition": "gpu", "nodes": "gpu-2-[1-17]", "gpus_per_node": 4},
                 [{"id": J, "name": "yank-abl-imatinib", "user": "jchodera", "nodes": "gpu-2-[5-8]", "tasks_per_node": 4,
                   "started": "2015-11-20T22:41:09Z", "comment": comment(2, "/cbio/jclab/projects/yank/abl")},
                  {"id": N, "name": "openmm-fah-bench", "user": "steven-albanese", "nodes": "gpu-2-[11-12]", "tasks_per_node": 4,
                   "started": "2015-11-21T03:05:00Z"}])
    rng = s.rng
    T = lambda h, m, sec: (h - 5) * 3600 + (m - 30) * 60 + sec  # noqa: E731
    t = T(5, 54, 18.834) - 32.6 * 44
    while t < T(5, 54, 18.834) - 1:  # SYNTH: earlier iterations at the same ~32 s pace
        s.joblog(t, J, yank_iter(s.at(t), 32.0 + rng.uniform(-1.4, 1.0)))
        t += 32.6 + rng.uniform(-0.9, 0.9)
    last = 0.0
    for l in REAL_S8:  # REAL, at their own stamps
        d = dt.datetime.strptime(l[:23], "%Y-%m-%d %H:%M:%S,%f")
        last = hms_t(s.start, d)
        s.joblog(last, J, l)
    t_fault = T(5, 58, 3.5)   # SYNTH: the foreign process appears right after the last fast iteration
    t = last + 101.8
    t_end = T(7, 10, 0)
    while t < t_end:  # SYNTH: continues at ~102 s
        s.joblog(t, J, yank_iter(s.at(t), 101.9 + rng.uniform(-0.8, 3.5)))
        t += 101.9 + rng.uniform(-0.8, 3.5)
    tn = 20.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"{s.at(tn):%Y-%m-%d %H:%M:%S} step {int(tn * 250)}  ns/day {61.2 + rng.uniform(-0.4, 0.4):.1f}")
        tn += 300.0

    def fn(n_, g, tt):  # SYNTH nvidia-smi-derived samples every 120 s
        if n_ == "gpu-2-11":
            return sample(rng, "titanx_2015", rng.randint(95, 100), rng.uniform(190, 220), clock=1075, keys=LT)
        if tt < t_fault:
            return sample(rng, "titanx_2015", rng.randint(94, 100), rng.uniform(190, 222), clock=1075, keys=LT)
        if n_ == bad and g == g_bad:   # our rank + a foreign process: pinned, more memory, no throttle flag
            return sample(rng, "titanx_2015", 100, rng.uniform(226, 246), clock=1075, fb=4100 + 5210 + rng.randint(0, 120), keys=LT)
        return sample(rng, "titanx_2015", rng.randint(27, 34), rng.uniform(96, 118), clock=1075, keys=LT)
    run_sampler(s, ["gpu-2-5", "gpu-2-6", bad, "gpu-2-8", "gpu-2-11"], 4, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": bad, "gpu": g_bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["gpu-2-5", "gpu-2-6", "gpu-2-8"])
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
