#!/usr/bin/env python3
"""Build the holdout51 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout50):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout51: generic helpers and the holdout14..holdout50 helper sections are copied unchanged from holdout50's build.py;
the holdout50 scenarios are replaced by the holdout51 helpers and scenarios S1..S8 below (one per category).
Earlier note (holdout50): generic helpers and the holdout14..holdout48 helper sections came unchanged from holdout48.
Earlier notes (holdout23..holdout48): each corpus copied the generic helpers and earlier helper sections unchanged.
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
# holdout51 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "a100sxm80_51": (61, 6, 352.0, 35.0, 1410, 71500, 3500),   # A100 80GB SXM4, 400 W (Azure ND A100 v4)
    "gb200_51": (58, 6, 985.0, 70.0, 1965, 158000, 9000),      # B200 GPU of a GB200 NVL72 tray, 1200 W
    "v100opa_51": (57, 5, 258.0, 22.0, 1530, 27800, 1400),     # V100-SXM2 32 GB, 300 W
    "gtx1080ti_51": (74, 4, 236.0, 14.0, 1885, 10200, 400),    # GTX 1080 Ti 11 GB, 250 W
    "a4500_51": (67, 4, 176.0, 14.0, 1650, 15800, 900),        # RTX A4500 20 GB, 200 W
    "a30_51": (52, 5, 148.0, 14.0, 1440, 19800, 1500),         # A30 24 GB, 165 W
    "gb300_51": (57, 6, 1120.0, 80.0, 1965, 236000, 12000),    # B300 GPU of a GB300 NVL72 tray, 1400 W
})

K51 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")


def b51(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i51(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def tel51(s, nodes, gpus, t0, t1, every, fn, keys=K51) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise51(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (2566 > 2553), lowering kernel.perf_event_max_sample_rate to 77750",
            "nfs: server home01 not responding, still trying",
            "nfs: server home01 OK",
            "TCP: request_sock_TCP: Possible SYN flooding on port 6818. Sending cookies.  Check SNMP counters.",
            "EXT4-fs (sda1): re-mounted. Opts: errors=remount-ro. Quota mode: none.",
            "hrtimer: interrupt took 38112 ns",
            "audit: type=1400 audit(0.0:381): apparmor=\"DENIED\" operation=\"capable\" profile=\"/usr/sbin/cupsd\" capability=12 capname=\"net_admin\""]
    kt(s, t, host, msgs[kind % len(msgs)])


def hydra_line(d: dt.datetime, name: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: Hydra's default job-logging line (`[%(asctime)s][%(name)s][%(levelname)s] - %(message)s`)."""
    return f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}][{name}][{level}] - {msg}"


def nequip_row(ep: int, wall: float, lr: float, lf: float, le: float, fmae: float, emae: float) -> str:
    """SYNTH: a NequIP-style per-epoch train table row."""
    return (f"{ep:>8d} {wall:>12.3f} {lr:>8.3g} {lf:>11.3g} {le:>11.3g} {lf + le:>11.3g} {fmae:>11.3g} "
            f"{fmae * 1.34:>11.3g} {emae:>11.3g}")


# ======================================================================================
# S1  oumi-llama31-8b-sft-2x8-a100-ndv4-pg0-07-gpu6-xid74-nvlink-nhc-drain  (gpu_hardware: an Oumi SFT run of
#     Llama-3.1-8B, torchrun under srun on two Azure ND A100 v4 VMs (8 x A100 80GB each) of a CycleCloud Slurm
#     cluster whose Node Health Check runs every 300 s. GPU 6 of ndv4-pg0-07 (PCI 0007:00:00 -- Azure exposes each
#     GPU in its own PCI domain) logs Xid 74 (NVLink fatal error); rank 14 dies with "uncorrectable NVLink error",
#     the other node's ranks see "remote process exited or there was a network error", the job FAILS. At its next
#     run NHC's check_gpu_xid finds the Xid in dmesg and drains the VM with that line as the reason.)
# ======================================================================================
# Source (lines and truth): https://github.com/Azure/azurehpc/pull/648 -- "CC_SLURM_NHC (Added check for GPU Xid
#   errors)": the NHC check greps dmesg for hardware Xids (48 56 57 58 62 63 64 65 68 69 73 74 79 80 81 92 119 120) and
#   drains the node (`die 1 "$FUNCNAME: $GPU_XID_TEST: $xid_found_line"`); the reviewers agreed it should only act on
#   "Xid errors associated with H/W issues" (uncorrectable errors requiring node OFR), read from dmesg. The two literals
#   below are the check's function name and message, verbatim from the PR's azure_gpu_xid.nhc; they appear inside the
#   Slurm drain reason NHC writes. The Xid, the job and everything else are SYNTH.
REAL_S1_NHC_FUNC = "check_gpu_xid"
REAL_S1_NHC_TEST = "GPU Xid errors detected"
NDV4_BUS = ["0001:00:00", "0002:00:00", "0003:00:00", "0004:00:00", "0005:00:00", "0006:00:00", "0007:00:00",
            "0008:00:00"]


def oumi_line(d: dt.datetime, pid: int, src: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: Oumi's default logging format (rank-0 console)."""
    return (f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}][oumi][rank0][pid:{pid}][MainThread][{level}]]"
            f"[{src}] {msg}")


def build_s1() -> Scenario:
    name = "oumi-llama31-8b-sft-2x8-a100-ndv4-pg0-07-gpu6-xid74-nvlink-nhc-drain"
    J, N1, N2 = "41207", "41188", "41215"
    start = "2025-03-14T01:00:00Z"
    s = Scenario(name, "Oumi SFT of Llama-3.1-8B (FSDP, HF Trainer backend): torchrun under srun on two ND A100 v4 VMs "
                 "(8 x A100 80GB each) of a CycleCloud Slurm cluster; NHC runs as Slurm's HealthCheckProgram every 300 s. "
                 "Other owners' jobs on other VMs.",
                 start,
                 {"name": "ccw-ndv4", "partition": "hpc", "nodes": "ndv4-pg0-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": NDV4_BUS},
                 [{"id": J, "name": "oumi-llama31-8b-sft", "user": "rkapoor", "nodes": "ndv4-pg0-[06-07]",
                   "tasks_per_node": 8, "started": "2025-03-13T22:41:10Z",
                   "comment": comment(2, "/shared/home/rkapoor/oumi_runs/llama31_8b_sft")},
                  {"id": N1, "name": "nequip-spice-allegro", "user": "tpham", "nodes": "ndv4-pg0-11", "tasks_per_node": 1,
                   "started": "2025-03-13T19:02:44Z"},
                  {"id": N2, "name": "rtmpose-l-wholebody", "user": "lchen", "nodes": "ndv4-pg0-[02-03]",
                   "tasks_per_node": 8, "started": "2025-03-13T23:55:31Z", "comment": comment(1)}])
    rng = s.rng
    bad, other = "ndv4-pg0-07", "ndv4-pg0-06"
    t_f = 2 * 3600 + 13 * 60 + 7.4
    t_end = t_f + 3600.0
    pid0 = 21877
    # --- job log before the fault (SYNTH): HF Trainer on-log dicts from rank 0, logging_steps=10, ~6.3 s/step
    tt, step, ep0 = 37.0, 1230, 1.2
    steps_per_epoch = 1610
    while tt < t_f - 3:
        step += 10
        sec = rng.uniform(6.15, 6.45)
        s.joblog(tt, J, hf_dict48(rng.uniform(0.92, 1.08) * (0.71 - step / 40000), rng.uniform(0.55, 1.1),
                                  1.7e-05 * (1 - step / 5000), step / steps_per_epoch))
        if step % 500 == 0:
            d = s.at(tt + 4.0)
            s.joblog(tt + 4.0, J, oumi_line(d, pid0, "callbacks.py:214", f"Saving checkpoint at step {step} to "
                                                                           f"/shared/home/rkapoor/oumi_runs/llama31_8b_sft/checkpoint-{step}"))
            tt += 41.0
        tt += 10 * sec
    # --- the fault (SYNTH kernel lines)
    pids7 = [21889 + 2 * i for i in range(8)]
    xid_body = (f"NVRM: Xid (PCI:0007:00:00): 74, pid={pids7[6]}, name=python, NVLink: fatal error detected on link 3"
                "(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")
    kt(s, t_f, bad, xid_body)
    kt(s, t_f + 0.004, bad, f"NVRM: Xid (PCI:0007:00:00): 74, pid={pids7[6]}, name=python, NVLink: fatal error detected on "
                            "link 9(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")
    # --- rank 14 (GPU 6 of ndv4-pg0-07) dies (SYNTH)
    py = "/shared/home/rkapoor/venvs/oumi/lib/python3.11/site-packages"
    tr = t_f + 1.7
    tb = ["Traceback (most recent call last):",
          '  File "<frozen runpy>", line 198, in _run_module_as_main',
          '  File "<frozen runpy>", line 88, in _run_code',
          f'  File "{py}/oumi/__main__.py", line 4, in <module>',
          f'  File "{py}/oumi/train.py", line 612, in train',
          "    trainer.train(resume_from_checkpoint=checkpoint_location)",
          f'  File "{py}/transformers/trainer.py", line 2245, in train',
          "    return inner_training_loop(",
          f'  File "{py}/transformers/trainer.py", line 2560, in _inner_training_loop',
          "    tr_loss_step = self.training_step(model, inputs, num_items_in_batch)",
          f'  File "{py}/transformers/trainer.py", line 3782, in training_step',
          "    self.accelerator.backward(loss, **kwargs)",
          f'  File "{py}/torch/autograd/__init__.py", line 347, in backward',
          "    _engine_run_backward(",
          "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    for k, l in enumerate(tb):
        s.joblog(tr + 0.0004 * k, J, f"[rank14]: {l}")
    # ranks on the other VM lose their peers (SYNTH): the tempting "network error" wording
    for k, r in enumerate([0, 3, 5]):
        d = s.at(tr + 4.1 + 0.3 * k)
        s.joblog(tr + 4.1 + 0.3 * k, J, c10_prefix(d, r, 411 + k) + f"ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) "
                 f"Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or "
                 "there was a network error, NCCL version 2.21.5")
    ta = tr + 2.4
    d = s.at(ta)
    for i in [0, 1, 2, 3, 4, 5, 7]:
        s.joblog(ta + 0.01 * i, J, torch_log_prefix(d, "W", 21881, "torch/distributed/elastic/multiprocessing/api.py:897")
                 + f" Sending process {pids7[i]} closing signal SIGTERM")
    te = ta + 31.0
    elastic_summary(s, te, J, bad, [(14, 6, pids7[6], 1)], "oumi/__main__.py", py,
                    ['  File "/shared/home/rkapoor/venvs/oumi/bin/torchrun", line 8, in <module>', "    sys.exit(main())"])
    pids6 = [21702 + 2 * i for i in range(8)]
    elastic_summary(s, te + 3.2, J, other, [(r, r, pids6[r], -6) for r in (0, 1, 2, 3, 4, 5, 6, 7)],
                    "oumi/__main__.py", py,
                    ['  File "/shared/home/rkapoor/venvs/oumi/bin/torchrun", line 8, in <module>', "    sys.exit(main())"])
    s.joblog(te + 4.0, J, f"srun: error: {bad}: task 1: Exited with exit code 1")
    s.joblog(te + 4.3, J, f"srun: error: {other}: task 0: Exited with exit code 1")
    job_end(s, te + 5.0, J, "FAILED", "1:0")
    # teardown Xid 45 on the other GPUs of the bad VM (SYNTH, noise on its own)
    for k, g in enumerate([1, 2, 4]):
        kt(s, ta + 0.6 + 0.02 * k, bad, f"NVRM: Xid (PCI:{NDV4_BUS[g]}): 45, pid={pids7[g]}, name=python, Ch 00000008")
    # NHC at its next pass drains the VM; the reason embeds the dmesg line (REAL function name and message)
    raw = f"[ 943211.802114] {xid_body}"
    s.node_state(t_f + 212.0, bad, "IDLE+DRAIN", f"NHC: {REAL_S1_NHC_FUNC}: {REAL_S1_NHC_TEST}: {raw}")
    # --- neighbours (SYNTH)
    tn, ep, wall = 60.0, 311, 21880.0
    s.joblog(5.0, N1, "   Epoch         wal       LR      loss_f      loss_e        loss       f_mae      f_rmse       e_mae")
    while tn < t_end:
        ep += 1
        wall += rng.uniform(228, 236)
        s.joblog(tn, N1, nequip_row(ep, wall, 0.002 * 0.8 ** (ep // 60), rng.uniform(0.021, 0.025),
                                    rng.uniform(0.0011, 0.0016), rng.uniform(0.041, 0.046), rng.uniform(0.006, 0.009)))
        tn += rng.uniform(228, 236)
    tn, ep2, it2 = 22.0, 37, 400
    n2 = 2322
    while tn < t_end:
        it2 += 200
        if it2 > n2:
            it2, ep2 = it2 - n2, ep2 + 1
        d = s.at(tn)
        s.joblog(tn, N2, f"{d:%m/%d %H:%M:%S} - mmengine - INFO - Epoch(train)  [{ep2}][{it2:4d}/{n2}]  base_lr: 4.000000e-03 "
                         f"lr: {4e-3 * (1 - ep2 / 270):.6e}  eta: {dt.timedelta(seconds=int((270 - ep2) * n2 * 0.54))}  "
                         f"time: {rng.uniform(0.52, 0.57):.4f}  data_time: {rng.uniform(0.012, 0.03):.4f}  memory: 17822  "
                         f"loss: {rng.uniform(2.1, 2.5):.6f}  loss_kpt: {rng.uniform(2.1, 2.5):.6f}  acc_pose: "
                         f"{rng.uniform(0.52, 0.6):.6f}")
        tn += 200 * 0.545
    for k, (h, tk) in enumerate([("ndv4-pg0-03", 1800.0), ("ndv4-pg0-07", 3300.0), ("ndv4-pg0-11", 6100.0),
                                 ("ndv4-pg0-14", 11000.0)]):
        noise51(s, h, tk, k)
    crc = {"v": 0}

    def fn(n_, g, t_):
        if n_ in (bad, other):
            if t_ > te + 5:
                f = i51(rng, "a100sxm80_51")
                if n_ == bad and g == 6:
                    f["DCGM_FI_DEV_XID_ERRORS"] = 74
                return f
            f = b51(rng, "a100sxm80_51", load=rng.uniform(0.86, 0.97))
            if n_ == bad and g == 6:
                if t_ > t_f - 2700:
                    crc["v"] += rng.randint(40, 160)
                f["DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"] = crc["v"]
                if t_ > t_f:
                    f["DCGM_FI_DEV_XID_ERRORS"] = 74
            return f
        if n_ == "ndv4-pg0-11":
            return b51(rng, "a100sxm80_51", load=rng.uniform(0.6, 0.8)) if g == 0 else i51(rng, "a100sxm80_51")
        return b51(rng, "a100sxm80_51", load=rng.uniform(0.85, 0.97))
    tel51(s, [other, bad], 8, 0.0, t_end, 450.0, fn,
          keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
                "DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"))
    tel51(s, ["ndv4-pg0-02", "ndv4-pg0-03", "ndv4-pg0-11"], 8, 0.0, t_end, 1200.0, fn,
          keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK"))
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": bad, "gpu": 6}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N2, N1], no_drain=[other, "ndv4-pg0-02", "ndv4-pg0-03"])
    return s


# ======================================================================================
# S2  physicsnemo-fcn-afno-era5-4x4-gb200-r03-t07-power-event-hw-brake-gpus-1-2  (gpu_degraded: PhysicsNeMo's
#     FourCastNet (AFNO) ERA5 example on four GB200 NVL72 trays (4 GPUs each, 16 ranks). A datacenter power event
#     leaves the hardware power brake asserted on GPUs 1 and 2 of tray r03-t07: their clocks are held down 100 % of
#     the time from then on, every synchronous step waits for them, Time/Iter goes from ~1.39 s to ~2.2 s. No Xid, no
#     kernel line, no health event: only the clocks-event-reasons bitmask (0x80) and the slower epochs show it.)
# ======================================================================================
# Source (truth): https://github.com/NVIDIA/NVSentinel/issues/1666 -- "detect asserted hardware power brake": "On a
#   288-node GB200 NVL72 cluster, a datacenter power event left 9 nodes with a continuously asserted hardware power
#   brake. Two GPUs on each affected node were clock-limited 100% of the time for over 36 hours. NVSentinel never
#   indicated it. It was found by hand with nvidia-smi -q | grep -i brake"; the fix (NVIDIA/NVSentinel PR 1668) fails a
#   GPU on bit 0x80 of DCGM_FI_DEV_CLOCKS_EVENT_REASONS and treats SW power cap (0x04) alone as no fault. The thread
#   has no log line usable here: every line is SYNTH (PhysicsNeMo LaunchLogger text under Hydra's job logging, with
#   the termcolor escape codes PythonLogger.info adds).
GB_BUS = ["0008:01:00", "0009:01:00", "0018:01:00", "0019:01:00"]


def build_s2() -> Scenario:
    name = "physicsnemo-fcn-afno-era5-4x4-gb200-r03-t07-power-event-hw-brake-gpus-1-2"
    J, N1, N2 = "88214", "88190", "88233"
    start = "2025-10-02T06:00:00Z"
    trays = ["r03-t05", "r03-t06", "r03-t07", "r03-t08"]
    s = Scenario(name, "PhysicsNeMo FourCastNet (AFNO) training on ERA5 0.25 deg: torchrun under srun on four GB200 NVL72 "
                 "trays (4 GPUs each, 16 ranks, DDP). dcgm-exporter (DCGM 3.3+) scraped every 10 min into the record. "
                 "Other owners' jobs on other trays of the rack.",
                 start,
                 {"name": "gb-nvl72-a", "partition": "batch", "nodes": "r03-t[01-18]", "gpus_per_node": 4,
                  "pci_bus_ids": GB_BUS},
                 [{"id": J, "name": "fcn-afno-era5-0p25", "user": "mzhou", "nodes": "r03-t[05-08]", "tasks_per_node": 4,
                   "started": "2025-10-01T15:12:40Z", "comment": comment(3, "/lustre/mzhou/fcn_afno/checkpoints")},
                  {"id": N1, "name": "sevennet-mptrj-l3i5", "user": "jkim", "nodes": "r03-t[11-12]", "tasks_per_node": 4,
                   "started": "2025-10-02T02:20:05Z", "comment": comment(1)},
                  {"id": N2, "name": "esm2-3b-ft-thermo", "user": "pnair", "nodes": "r03-t[14-17]", "tasks_per_node": 4,
                   "started": "2025-10-01T21:47:18Z"}])
    rng = s.rng
    bad = "r03-t07"
    t_p = 2 * 3600 + 37 * 60 + 13.0            # the power event; the brake stays asserted to the end of the record
    t_end = 7 * 3600.0
    nmb, ep = 812, 41
    blue, rst = "\x1b[94m", "\x1b[0m"
    tt = 34.0
    mb = 322                                    # the record opens inside epoch 41
    while tt < t_end:
        ep_t0 = tt
        while mb < nmb and tt < t_end:
            mb += 1
            per = rng.uniform(1.37, 1.41) if tt < t_p else rng.uniform(2.15, 2.24)
            tt += per
            if mb % 100 == 0:
                d = s.at(tt)
                s.joblog(tt, J, hydra_line(d, "train", f"[{100 * mb / nmb:.02f}%] Mini-Batch Losses: loss = "
                                                       f"{rng.uniform(0.0405, 0.0452):10.3e}"))   # SYNTH
        if tt >= t_end:
            break
        lr = 5e-4 * 0.5 * (1 + math.cos(math.pi * ep / 150))
        d = s.at(tt + 0.4)
        s.joblog(tt + 0.4, J, hydra_line(d, "train", f"{blue}Epoch {ep} Metrics: Learning Rate = {lr:10.3e}, loss = "
                                                     f"{rng.uniform(0.0412, 0.0437):10.3e}{rst}"))
        full = (tt - ep_t0) * nmb / max(1, nmb - (322 if ep == 41 else 0))
        s.joblog(tt + 0.41, J, hydra_line(d, "train", f"{blue}Epoch Execution Time: {full:10.3e}s, Time/Iter: "
                                                      f"{1000 * full / nmb:10.3e}ms{rst}"))
        val = rng.uniform(61, 66) * (1.0 if tt < t_p else 1.52)
        tt += val
        d = s.at(tt)
        s.joblog(tt, J, hydra_line(d, "valid", f"{blue}Epoch {ep} Metrics: Validation error = "
                                               f"{rng.uniform(0.118, 0.126):10.3e}{rst}"))
        s.joblog(tt + 0.01, J, hydra_line(d, "valid", f"{blue}Epoch Execution Time: {val:10.3e}s, Time/Iter: "
                                                      f"{1000 * val / 46:10.3e}ms{rst}"))
        if ep % 5 == 0:
            s.joblog(tt + 3.0, J, hydra_line(s.at(tt + 3.0), "checkpoint",
                                             f"Saved model state dictionary: /lustre/mzhou/fcn_afno/checkpoints/"
                                             f"AFNO.0.{ep}.mdlus"))
            tt += 9.0
        ep += 1
        mb = 0
        tt += 2.0
    # neighbours (SYNTH)
    tn, e1 = 80.0, 118
    while tn < t_end:
        e1 += 1
        s.joblog(tn, N1, f"Epoch {e1}/600  lr: {2e-3 * 0.98 ** e1:.6f}  train  energy_mae: {rng.uniform(0.0131, 0.0142):.4f}  "
                         f"force_mae: {rng.uniform(0.0402, 0.0431):.4f}  stress_mae: {rng.uniform(0.251, 0.27):.4f}  "
                         f"valid  energy_mae: {rng.uniform(0.0138, 0.0149):.4f}  force_mae: {rng.uniform(0.0411, 0.044):.4f}  "
                         f"elapsed: {rng.uniform(401, 409):.1f}s")
        tn += rng.uniform(401, 409)
    tn, st2 = 15.0, 20100
    while tn < t_end:
        st2 += 50
        s.joblog(tn, N2, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}"
                 % (rng.uniform(0.31, 0.36), rng.uniform(1.1, 2.4), 2e-5 * (1 - st2 / 60000), st2 / 3050))
        tn += 50 * rng.uniform(4.3, 4.5)
    for k, (h, tk) in enumerate([("r03-t02", 2000.0), ("r03-t07", 9100.0), ("r03-t12", 17300.0), ("r03-t16", 25000.0)]):
        noise51(s, h, tk, k + 2)

    def fn(n_, g, t_):
        ev = "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"
        if n_ in trays:
            if n_ == bad and g in (1, 2) and t_ >= t_p:
                return g38(100, rng.uniform(505, 560), rng.choice([990, 1005, 1020]), fb=158000 + rng.randint(-4000, 4000),
                           temp=rng.randint(49, 53), extra={ev: 0x80})
            if t_ >= t_p:
                f = g38(100 - rng.randint(0, 2), rng.uniform(610, 690), 1965, fb=158000 + rng.randint(-4000, 4000),
                        temp=rng.randint(50, 55))
                f[ev] = 0x4 if rng.random() < 0.12 else 0
                return f
            f = b51(rng, "gb200_51", load=rng.uniform(0.92, 0.99))
            f[ev] = 0x4 if rng.random() < 0.2 else 0
            return f
        if n_ in ("r03-t11", "r03-t12", "r03-t14", "r03-t15"):
            f = b51(rng, "gb200_51", load=rng.uniform(0.8, 0.96))
            f[ev] = 0
            return f
        return None
    keys = K51 + ("DCGM_FI_DEV_CLOCKS_EVENT_REASONS",)
    tel51(s, trays, 4, 0.0, t_end, 900.0, fn, keys=keys)
    tel51(s, ["r03-t11", "r03-t14"], 4, 0.0, t_end, 3600.0, fn,
          keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK",
                "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"))
    s.truth = truth({"t": t_p, "category": "gpu_degraded", "node": bad, "gpu": 1}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["r03-t05", "r03-t06", "r03-t08", "r03-t11", "r03-t12"])
    return s


# ======================================================================================
# S3  deepcam-mlperf-hpc-4x4-v100-opa-e001-hfi-link-down-psm2-no-hfi-units-nccl-init-fails  (network: the MLPerf HPC
#     DeepCAM reference (PyTorch, NCCL wired up over the Omni-Path IPoIB interface) on 4 nodes x 4 V100 of an
#     Omni-Path cluster. e001's HFI port is down: at MPI_Init its ranks print PSM2's "no hfi units are active" and Open
#     MPI's "no active ports" warning, then NCCL cannot connect to or from e001; every rank fails in
#     init_process_group, the job FAILS two minutes in. The other three nodes are fine.)
# ======================================================================================
# Source (lines and truth): https://github.com/ArjunaCluster/ArjunaUsers/issues/216 -- "Something wrong with the
#   network?": an MPI job on e002,e001 "keep getting this error message"; only e001 prints "PSM2 no hfi units are
#   active (err=23)" and Open MPI's "there are no active ports detected ... Check your cables, subnet manager
#   configuration" warning naming e001 (labelled tech-support, closed). The node's Omni-Path link is the fault. The
#   lines below are verbatim (the dashed box border is SYNTH: it occurs in earlier corpora).
REAL_S3_X11 = "srun: error: spank: x11.so: Plugin file not found"
REAL_S3_PSM2 = ["e001.53882PSM2 no hfi units are active (err=23)",
                "e001.53883PSM2 no hfi units are active (err=23)"]
REAL_S3_OMPI = ["WARNING: There is at least non-excluded one OpenFabrics device found,",
                "but there are no active ports detected (or Open MPI was unable to use",
                "them).  This is most certainly not what you wanted.  Check your",
                "cables, subnet manager configuration, etc.  The openib BTL will be",
                "ignored for this job.",
                "  Local host: e001"]
OPA_BUS = ["0000:1a:00", "0000:1c:00", "0000:88:00", "0000:8a:00"]


def mllog(ms: int, key: str, value, meta: dict, ev: str = "POINT_IN_TIME") -> str:
    """SYNTH: mlperf_logging line."""
    v = json.dumps(value)
    m = json.dumps(meta)
    return (f':::MLLOG {{"namespace": "", "time_ms": {ms}, "event_type": "{ev}", "key": "{key}", "value": {v}, '
            f'"metadata": {m}}}')


def build_s3() -> Scenario:
    name = "deepcam-mlperf-hpc-4x4-v100-opa-e001-hfi-link-down-psm2-no-hfi-units-nccl-init-fails"
    J, N1, N2 = "281514", "281470", "281502"
    start = "2023-01-19T14:00:00Z"
    nodes = ["e001", "e002", "e003", "e004"]
    s = Scenario(name, "MLPerf HPC DeepCAM reference (PyTorch 1.12, NCCL 2.10 over the Omni-Path IPoIB interface ib0, "
                 "mpi4py wire-up) on 4 nodes x 4 V100-SXM2 of an Omni-Path cluster, srun --mpi=pmix with --label. "
                 "Other owners' jobs on other nodes.",
                 start,
                 {"name": "opa-gpu", "partition": "gpu", "nodes": "e[001-012]", "gpus_per_node": 4,
                  "pci_bus_ids": OPA_BUS},
                 [{"id": J, "name": "deepcam-mlperf-hpc", "user": "kmolefe", "nodes": "e[001-004]", "tasks_per_node": 4,
                   "started": "2023-01-19T14:07:00Z", "comment": comment(2, "/ocean/projects/kmolefe/deepcam/ckpt")},
                  {"id": N1, "name": "hydragnn-ogb-pcqm4mv2", "user": "dnguyen", "nodes": "e[005-006]",
                   "tasks_per_node": 4, "started": "2023-01-19T11:31:09Z", "comment": comment(1)},
                  {"id": N2, "name": "cosmoflow-tf-cosmoUniverse", "user": "agrant", "nodes": "e009", "tasks_per_node": 4,
                   "started": "2023-01-19T09:02:51Z"}])
    rng = s.rng
    bad = "e001"
    t_link = 95.3
    kt(s, t_link, bad, "hfi1 0000:5e:00.0: hfi1_0: link down: physical link state went Offline")   # SYNTH
    kt(s, t_link + 0.2, bad, "hfi1 0000:5e:00.0: hfi1_0: set_link_state: current ACTIVE, new OFFLINE")  # SYNTH
    t0 = 420.0
    s.job_state(t0, J, "RUNNING", "0:0")
    s.joblog(t0 + 0.3, J, REAL_S3_X11)                                    # REAL
    s.joblog(t0 + 0.5, J, "DeepCAM: 16 ranks on e[001-004], local batch 8, wireup mpi, data /ocean/datasets/deepcam/All-Hist")  # SYNTH
    lbl = lambda r: label(r, 2)
    pids = [53882, 53883, 53884, 53885]
    tm = t0 + 6.2
    for k in range(2):
        for lr in range(4):
            body = REAL_S3_PSM2[lr] if lr < 2 else f"e001.{pids[lr]}PSM2 no hfi units are active (err=23)"
            s.joblog(tm + 0.003 * (4 * k + lr), J, lbl(lr) + body)           # REAL (first two), SYNTH (others)
    box = "--------------------------------------------------------------------------"
    s.joblog(tm + 0.2, J, lbl(0) + box)
    for k, l in enumerate(REAL_S3_OMPI[:5] + [""] + REAL_S3_OMPI[5:]):
        s.joblog(tm + 0.201 + 0.0005 * k, J, lbl(0) + l)                  # REAL
    s.joblog(tm + 0.21, J, lbl(0) + box)
    # NCCL wire-up: nobody can reach e001's ib0, e001 reaches nobody (SYNTH)
    tn = tm + 14.0
    t_err = tn + 121.0                                   # NCCL_DEBUG=WARN: nothing until the connects give up
    for r in range(4, 16):
        host = nodes[r // 4]
        tr = t_err + 0.02 * r
        s.joblog(tr, J, lbl(r) + f"{host}:{61200 + r}:{61350 + r} [{r % 4}] misc/socket.cc:456 NCCL WARN Net : Connect to "
                                 f"10.33.1.2<43217> failed : No route to host")
    for r in range(0, 4):
        tr = t_err + 1.4 + 0.02 * r
        s.joblog(tr, J, lbl(r) + f"e001:{53882 + r}:{53990 + r} [{r}] misc/socket.cc:456 NCCL WARN Net : Connect to "
                                 f"10.33.1.3<51402> failed : Network is unreachable")
    py = "/ocean/projects/kmolefe/envs/deepcam/lib/python3.9/site-packages"
    for r in (0, 5, 9, 14):
        tr = t_err + 2.0 + 0.1 * r
        for k, l in enumerate(["Traceback (most recent call last):",
                               '  File "/ocean/projects/kmolefe/hpc/deepcam/src/deepCam/train.py", line 452, in <module>',
                               "    main(pargs)",
                               '  File "/ocean/projects/kmolefe/hpc/deepcam/src/deepCam/train.py", line 120, in main',
                               "    comm.init(pargs.wireup_method, pargs.batchnorm_group_size)",
                               '  File "/ocean/projects/kmolefe/hpc/deepcam/src/utils/comm.py", line 141, in init',
                               "    dist.barrier(device_ids = [get_local_rank()])",
                               f'  File "{py}/torch/distributed/distributed_c10d.py", line 2786, in barrier',
                               "    work = default_pg.barrier(opts=opts)",
                               "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, "
                               "unhandled system error, NCCL version 2.10.3",
                               "ncclSystemError: System call (socket, malloc, munmap, etc) failed."]):
            s.joblog(tr + 0.0004 * k, J, lbl(r) + l)
    te = t_err + 4.5
    s.joblog(te, J, "srun: error: e002: tasks 4-7: Exited with exit code 1")
    s.joblog(te + 0.1, J, "srun: error: e003: tasks 8-11: Exited with exit code 1")
    s.joblog(te + 0.2, J, "srun: error: e004: tasks 12-15: Exited with exit code 1")
    s.joblog(te + 0.3, J, "srun: error: e001: tasks 0-3: Exited with exit code 1")
    job_end(s, te + 1.0, J, "FAILED", "1:0")
    t_end = te + 4200.0
    # neighbours (SYNTH)
    tn, st = 40.0, 88000
    while tn < t_end:
        st += 250
        s.joblog(tn, N1, f"Train step {st:7d} | loss: {rng.uniform(0.071, 0.079):.5f} | lr: 1.00e-03 | "
                         f"graphs/s: {rng.uniform(3820, 3990):.1f} | epoch {st // 7800}")
        tn += 250 * 0.27
    tn, ep = 70.0, 61
    while tn < t_end:
        ep += 1
        s.joblog(tn, N2, f"Epoch {ep}/128")
        s.joblog(tn + 0.01, N2, f"1024/1024 - {int(rng.uniform(496, 508))}s - loss: {rng.uniform(0.195, 0.21):.4f} - "
                                f"mean_absolute_error: {rng.uniform(0.33, 0.35):.4f} - val_loss: {rng.uniform(0.2, 0.22):.4f} - "
                                f"val_mean_absolute_error: {rng.uniform(0.34, 0.36):.4f} - lr: 0.0010")
        tn += rng.uniform(497, 509)
    for k, (h, tk) in enumerate([("e007", 1200.0), ("e002", 2600.0), ("e011", 3700.0)]):
        noise51(s, h, tk, k + 1)

    def fn(n_, g, t_):
        if n_ in nodes:
            if t0 + 8 < t_ < te:
                return i51(rng, "v100opa_51", fb=rng.randint(1200, 1500))
            return i51(rng, "v100opa_51")
        return b51(rng, "v100opa_51", load=rng.uniform(0.82, 0.97))
    tel51(s, nodes, 4, 0.0, t_end, 300.0, fn)
    tel51(s, ["e005", "e006", "e009"], 4, 0.0, t_end, 900.0, fn, keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    s.truth = truth({"t": t_link, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=["e002", "e003", "e004"])
    return s


# ======================================================================================
# S4  pt-imagenet-resnet18-4x1080ti-gtx-05-psu-brownout-reboot-unexpectedly-rebooted  (node_failure: the PyTorch
#     ImageNet example (ResNet-18, DataParallel over 4 GTX 1080 Ti) on gtx-05 of a lab cluster. Ninety iterations in,
#     the four GPUs' synchronous power ramp browns out the PSU and the node resets: the job log and telemetry stop
#     mid-epoch without a word, nothing reaches the kernel log, the node comes back 3 min later and Slurm marks it
#     DOWN "Node unexpectedly rebooted"; the job ends NODE_FAIL. history: the same node reset the night before.)
# ======================================================================================
# Source (lines and truth): https://github.com/pytorch/pytorch/issues/3022 -- "Reliably repeating pytorch system
#   crash/reboot when using imagenet examples": resnet18 defaults, 100 % repeatable reboot during backward on a 4 x
#   GTX 1080 Ti box; the thread's conclusion is the power supply: GPUs overshoot their power limit together and brown
#   out a PSU that is too close to its rating ("using 3 out of 4 or 4/4 causes the reboot", "we probably need to go
#   with the dual 1500W PSUs"; power-limiting the cards with nvidia-smi -pl avoids it). The machine is at fault. The
#   real lines are the reporter's nvidia-smi output (the header/border lines occur in earlier corpora and are SYNTH).
REAL_S4_SMI = ["Sat Oct  7 23:51:53 2017       ",
               "| NVIDIA-SMI 384.81                 Driver Version: 384.81                    |",
               "|   0  GeForce GTX 108...  Off  | 00000000:03:00.0  On |                  N/A |",
               "| 14%   51C    P8    18W / 250W |    650MiB / 11170MiB |      0%      Default |"]
GTX_BUS = ["0000:03:00", "0000:04:00", "0000:81:00", "0000:82:00"]


def imagenet17(ep: int, i: int, n: int, bt: float, bta: float, dt_: float, dta: float, loss: float, la: float,
               p1: float, p1a: float, p5: float, p5a: float) -> str:
    """SYNTH: pytorch/examples imagenet main.py (2017) progress line."""
    return (f"Epoch: [{ep}][{i}/{n}]\tTime {bt:.3f} ({bta:.3f})\tData {dt_:.3f} ({dta:.3f})\tLoss {loss:.4f} ({la:.4f})\t"
            f"Prec@1 {p1:.3f} ({p1a:.3f})\tPrec@5 {p5:.3f} ({p5a:.3f})")


def build_s4() -> Scenario:
    name = "pt-imagenet-resnet18-4x1080ti-gtx-05-psu-brownout-reboot-unexpectedly-rebooted"
    J, N1, N2 = "19233", "19204", "19229"
    start = "2017-10-07T23:40:00Z"
    s = Scenario(name, "pytorch/examples ImageNet training (resnet18 defaults, DataParallel over the 4 GTX 1080 Ti of one "
                 "node, 16 loader workers); the batch script prints nvidia-smi first. Other owners' jobs on other nodes. "
                 "Kernel log read from the node's journal (persistent across boots).",
                 start,
                 {"name": "vision-lab", "partition": "gpu", "nodes": "gtx-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": GTX_BUS},
                 [{"id": J, "name": "imagenet-resnet18", "user": "ekrol", "nodes": "gtx-05", "tasks_per_node": 1,
                   "started": "2017-10-07T23:51:41Z", "comment": comment(2, "/home/ekrol/imagenet/runs/r18")},
                  {"id": N1, "name": "faster-rcnn-vgg16-voc", "user": "hsong", "nodes": "gtx-02", "tasks_per_node": 1,
                   "started": "2017-10-07T18:03:12Z", "comment": comment(1)},
                  {"id": N2, "name": "crnn-synth90k", "user": "dtran", "nodes": "gtx-07", "tasks_per_node": 1,
                   "started": "2017-10-07T21:44:50Z"}],
                 history=[{"at": "2017-10-07T02:31:00Z", "node": "gtx-05", "verdict": "suspect", "category": "node_failure"}])
    rng = s.rng
    bad = "gtx-05"
    t0 = 701.0
    s.job_state(t0, J, "RUNNING", "0:0")
    s.joblog(t0 + 0.2, J, "+ nvidia-smi")                               # SYNTH
    smi = [REAL_S4_SMI[0],
           "+-----------------------------------------------------------------------------+",
           REAL_S4_SMI[1],
           "|-------------------------------+----------------------+----------------------+",
           "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |",
           "|===============================+======================+======================|",
           REAL_S4_SMI[2], REAL_S4_SMI[3],
           "+-------------------------------+----------------------+----------------------+",
           "|   1  GeForce GTX 108...  Off  | 00000000:04:00.0 Off |                  N/A |",
           "| 23%   34C    P8     9W / 250W |     10MiB / 11172MiB |      0%      Default |",
           "+-------------------------------+----------------------+----------------------+",
           "|   2  GeForce GTX 108...  Off  | 00000000:81:00.0 Off |                  N/A |",
           "| 23%   33C    P8     9W / 250W |     10MiB / 11172MiB |      0%      Default |",
           "+-------------------------------+----------------------+----------------------+",
           "|   3  GeForce GTX 108...  Off  | 00000000:82:00.0 Off |                  N/A |",
           "| 23%   31C    P8     8W / 250W |     10MiB / 11172MiB |      0%      Default |",
           "+-------------------------------+----------------------+----------------------+"]
    t_smi = 713.0                                       # 23:51:53 -- the real stamp fits the scenario clock unchanged
    for k, l in enumerate(smi):
        s.joblog(t_smi + 0.002 * k, J, l)                # REAL_S4_SMI lines REAL, others SYNTH
    s.joblog(t_smi + 2.1, J, "+ python main.py -a resnet18 --workers 16 /scratch/imagenet/ILSVRC2012")  # SYNTH
    s.joblog(t_smi + 4.9, J, "=> creating model 'resnet18'")   # SYNTH
    n = 5005
    tt, bta, dta, la, p1a, p5a = t_smi + 31.0, 0.0, 0.0, 0.0, 0.0, 0.0
    k = 0
    i = 0
    while i <= 90:
        bt = 9.871 if i == 0 else rng.uniform(0.43, 0.49)
        dtt = 7.502 if i == 0 else rng.uniform(0.002, 0.009)
        loss = 6.93 - 0.0009 * i + rng.uniform(-0.02, 0.02)
        p1 = rng.choice([0.0, 0.0, 0.391])
        p5 = rng.choice([0.391, 0.781, 1.172])
        k += 1
        bta += (bt - bta) / k
        dta += (dtt - dta) / k
        la += (loss - la) / k
        p1a += (p1 - p1a) / k
        p5a += (p5 - p5a) / k
        s.joblog(tt, J, imagenet17(0, i, n, bt, bta, dtt, dta, loss, la, p1, p1a, p5, p5a))
        i += 10
        tt += 10 * rng.uniform(0.44, 0.48) if i > 10 else 10 * 0.6
    t_c = tt - 2.3                                      # mid-backward of iteration ~98: the PSU trips
    t_boot = t_c + 61.0
    boot = ["Linux version 4.10.0-35-generic (buildd@lcy01-33) (gcc version 5.4.0 20160609 (Ubuntu 5.4.0-6ubuntu1~16.04.4) ) "
            "#39~16.04.1-Ubuntu SMP Wed Sep 13 09:02:42 UTC 2017 (Ubuntu 4.10.0-35.39~16.04.1-generic 4.10.17)",
            "Command line: BOOT_IMAGE=/vmlinuz-4.10.0-35-generic root=UUID=5c3a7b1e-90d2-4f3e-8f51-1d2c3b4a5e6f ro quiet splash",
            "DMI: Supermicro SYS-7048GR-TR/X10DRG-Q, BIOS 2.0a 06/14/2017",
            "ACPI: Early table checksum verification disabled",
            "nvidia: module license 'NVIDIA' taints kernel.",
            "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  384.81  Sat Sep  2 02:43:11 PDT 2017 (using threaded interrupts)",
            "igb 0000:05:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX"]
    for k2, l in enumerate(boot):
        kt(s, t_boot + [0.0, 0.0, 0.0, 0.01, 9.8, 9.9, 21.4][k2], bad, l)   # SYNTH
    s.node_state(t_c + 118.0, bad, "MIXED+NOT_RESPONDING", "")         # SYNTH
    s.node_state(t_c + 171.0, bad, "DOWN", "Node unexpectedly rebooted")
    s.job_state(t_c + 171.4, J, "NODE_FAIL", "0:0", reason="NodeDown")
    t_end = t_c + 4800.0
    # neighbours (SYNTH)
    tn, it, ep = 30.0, 1900, 4
    while tn < t_end:
        it += 100
        if it > 2504:
            it, ep = 100, ep + 1
        s.joblog(tn, N1, f"[session 1][epoch {ep:2d}][iter {it:4d}/2504] loss: {rng.uniform(0.62, 0.81):.4f}, lr: 1.00e-03")
        s.joblog(tn + 0.001, N1, f"\t\t\tfg/bg=({rng.randint(28, 64)}/{256 - rng.randint(28, 64)}), time cost: "
                                 f"{rng.uniform(41.2, 44.8):.6f}")
        s.joblog(tn + 0.002, N1, f"\t\t\trpn_cls: {rng.uniform(0.06, 0.12):.4f}, rpn_box: {rng.uniform(0.02, 0.06):.4f}, "
                                 f"rcnn_cls: {rng.uniform(0.2, 0.35):.4f}, rcnn_box {rng.uniform(0.15, 0.26):.4f}")
        tn += rng.uniform(41.2, 44.8)
    tn, it2, ep2 = 55.0, 0, 3
    while tn < t_end:
        it2 += 500
        if it2 > 28000:
            it2, ep2 = 500, ep2 + 1
        s.joblog(tn, N2, f"[{ep2}/25][{it2}/28125] Loss: {rng.uniform(0.08, 0.16):.6f}")
        tn += 500 * 0.19
    for k3, (h, tk) in enumerate([("gtx-01", 400.0), ("gtx-07", 2300.0), ("gtx-03", 4100.0)]):
        noise51(s, h, tk, k3 + 3)

    def fn(n_, g, t_):
        if n_ == bad:
            if t_c <= t_ < t_boot + 40:
                return None                              # node off / booting: the exporter is silent
            if t_c > t_ > t_smi + 25:
                return b51(rng, "gtx1080ti_51", load=rng.uniform(0.9, 0.99),
                           extra={"DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(228, 262), 1)})
            return i51(rng, "gtx1080ti_51", fb=650 if g == 0 else 10, extra={"DCGM_FI_DEV_SM_CLOCK": 139})
        if n_ == "gtx-02":
            return b51(rng, "gtx1080ti_51", load=rng.uniform(0.7, 0.9)) if g == 0 else i51(rng, "gtx1080ti_51")
        if n_ == "gtx-07":
            return b51(rng, "gtx1080ti_51", load=rng.uniform(0.75, 0.93)) if g < 2 else i51(rng, "gtx1080ti_51")
        return None
    tel51(s, [bad], 4, 0.0, t_end, 60.0, fn)
    tel51(s, ["gtx-02", "gtx-07"], 4, 0.0, t_end, 600.0, fn)
    s.truth = truth({"t": t_c, "category": "node_failure", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=["gtx-02", "gtx-07"])
    return s


# ======================================================================================
# S5  openseq2seq-ds2-4x4-v100-horovod-v100-03-rank0-missing-step1-stall-history  (hang: NVIDIA OpenSeq2Seq
#     (TF 1.13 container, Horovod over mpirun) on 4 nodes x 4 V100. Training reaches global step 1 and stops: from
#     then on Horovod's coordinator reports every minute that the Loss_Optimization allreduces are waiting for rank 0,
#     the only rank that never submits them (rank 0 runs on v100-03). No error, no Xid, no kernel line; all 16 GPUs sit
#     idle with their memory held and the job stays RUNNING. history: v100-03 was flagged suspect for a hang 3 days
#     earlier.)
# ======================================================================================
# Source (lines and truth): https://github.com/NVIDIA/OpenSeq2Seq/issues/456 -- "distributed training with horovod
#   missing rank": the stall warnings below ("[missing ranks: 0]"), coupled by the reporter with
#   https://github.com/NVIDIA/OpenSeq2Seq/issues/455 -- "global step not increased" (the TF warning below): 4 GPUs
#   sometimes work, 16 GPUs on 4 nodes never; the maintainer's question is whether the run is "on 4 nodes with identical
#   GPUs and the same driver version", and the reporter is not sure. No code fix is given; the shape is one node's rank
#   never arriving. Real bodies are verbatim (the platform's `1469.worker.1 | [...Z] ` prefix is replaced by mpirun's
#   --tag-output prefix); the 16:49:19 stamps fit the scenario clock unchanged.
REAL_S5_STALL = ["[2019-06-04 16:49:19.737850: W horovod/common/operations.cc:588] One or more tensors were submitted to "
                 "be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more "
                 "than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that "
                 "only subset of ranks is submitting tensors, which will cause deadlock.",
                 "Stalled ops:Loss_Optimization/all_reduce/HorovodAllreduce_Loss_Optimization_mul_1_0 [missing ranks: 0]",
                 "[2019-06-04 16:49:19.738018: W horovod/common/operations.cc:588] Loss_Optimization/all_reduce/"
                 "HorovodAllreduce_Loss_Optimization_mul_2_0 [missing ranks: 0]"]
REAL_S5_GSTEP = ("WARNING:tensorflow:It seems that global step (tf.train.get_global_step) has not been increased. Current "
                 "value (could be stable): 1 vs previous value: 1. You could increase the global step by passing "
                 "tf.train.get_global_step() to Optimizer.apply_gradients or Optimizer.minimize.")
V100_BUS = ["0000:1a:00", "0000:1b:00", "0000:3d:00", "0000:3e:00"]


def build_s5() -> Scenario:
    name = "openseq2seq-ds2-4x4-v100-horovod-v100-03-rank0-missing-step1-stall-history"
    J, N1, N2 = "1469", "1455", "1462"
    start = "2019-06-04T16:30:00Z"
    nodes = ["v100-03", "v100-04", "v100-05", "v100-06"]
    s = Scenario(name, "NVIDIA OpenSeq2Seq DeepSpeech2 training (nvcr.io/nvidia/tensorflow:19.05-py3, Horovod) launched "
                 "with mpirun --tag-output inside the allocation: 4 nodes x 4 V100, 16 ranks, rank r on node r // 4. "
                 "Other owners' jobs on other nodes.",
                 start,
                 {"name": "asr-v100", "partition": "gpu", "nodes": "v100-[01-10]", "gpus_per_node": 4,
                  "pci_bus_ids": V100_BUS},
                 [{"id": J, "name": "os2s-ds2-librispeech", "user": "tmaurer", "nodes": "v100-[03-06]",
                   "tasks_per_node": 4, "started": "2019-06-04T16:45:42Z",
                   "comment": comment(2, "/data/tmaurer/os2s/ds2_librispeech")},
                  {"id": N1, "name": "deepspeech-pytorch-an4", "user": "jwebb", "nodes": "v100-01", "tasks_per_node": 1,
                   "started": "2019-06-04T13:12:09Z"},
                  {"id": N2, "name": "tacotron2-ljspeech", "user": "sokafor", "nodes": "v100-[08-09]",
                   "tasks_per_node": 4, "started": "2019-06-04T10:40:57Z", "comment": comment(1)}],
                 history=[{"at": "2019-06-01T09:40:00Z", "node": "v100-03", "verdict": "suspect", "category": "hang"}])
    rng = s.rng
    bad = "v100-03"
    pre = lambda r, st="stderr": f"[1,{r}]<{st}>:"
    t0 = 950.0
    s.job_state(942.0, J, "RUNNING", "0:0")
    for r in range(16):
        d = s.at(t0 + 21.0 + 0.11 * r)
        s.joblog(t0 + 21.0 + 0.11 * r, J, pre(r) + tfl(d, "I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1640",
                                                      f"Found device {r % 4} with properties: "))
        s.joblog(t0 + 21.001 + 0.11 * r, J, pre(r) + "name: Tesla V100-SXM2-32GB major: 7 minor: 0 memoryClockRate(GHz): 1.53")
    s.joblog(t0 + 30.0, J, pre(0, "stdout") + "*** Building graph in Horovod rank: 0")
    s.joblog(t0 + 52.0, J, pre(0, "stdout") + "*** Trainable variables:")
    s.joblog(t0 + 52.1, J, pre(0, "stdout") + "*** Total trainable parameters: 37728597")
    s.joblog(t0 + 78.0, J, pre(0, "stdout") + "*** Starting training from scratch")
    t_step1 = t0 + 133.0
    s.joblog(t_step1, J, pre(0, "stdout") + "*** Global step 1:")
    s.joblog(t_step1 + 0.001, J, pre(0, "stdout") + f"***     Train loss: {rng.uniform(1310, 1380):.4f}")
    s.joblog(t_step1 + 6.0, J, pre(0) + REAL_S5_GSTEP)                   # REAL
    t_hang = (dt.datetime(2019, 6, 4, 16, 49, 19, 737850) - s.start).total_seconds() - 60.0   # last progress
    t_w = t_hang + 60.0
    s.joblog(t_w, J, pre(0) + REAL_S5_STALL[0])                          # REAL
    s.joblog(t_w + 0.0001, J, pre(0) + REAL_S5_STALL[1])                 # REAL
    s.joblog(t_w + 0.0002, J, pre(0) + REAL_S5_STALL[2])                 # REAL
    t_end = t_w + 5400.0
    tw = t_w + 60.0
    while tw < t_end:
        d = s.at(tw)
        d2 = s.at(tw + 0.000168)
        s.joblog(tw, J, pre(0) + f"[{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: W horovod/common/operations.cc:588] "
                                 "One or more tensors were submitted to be reduced, gathered or broadcasted by subset of "
                                 "ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate "
                                 "that different ranks are trying to submit different tensors or that only subset of ranks "
                                 "is submitting tensors, which will cause deadlock.")   # SYNTH (same text, new stamp)
        s.joblog(tw + 0.0001, J, pre(0) + "Stalled ops:Loss_Optimization/all_reduce/HorovodAllreduce_Loss_Optimization_mul_1_0 "
                                          "[missing ranks: 0]")
        s.joblog(tw + 0.0002, J, pre(0) + f"[{d2:%Y-%m-%d %H:%M:%S}.{d2.microsecond:06d}: W horovod/common/operations.cc:588] "
                                          "Loss_Optimization/all_reduce/HorovodAllreduce_Loss_Optimization_mul_2_0 "
                                          "[missing ranks: 0]")
        tw += 60.0 + rng.uniform(0.0, 0.004)
    # neighbours (SYNTH)
    tn, ep, it = 20.0, 41, 1200
    while tn < t_end:
        it += 100
        if it > 3571:
            it, ep = 100, ep + 1
        s.joblog(tn, N1, f"Epoch: [{ep}][{it}/3571]\tTime {rng.uniform(0.4, 0.46):.3f} ({0.431:.3f})\tData "
                         f"{rng.uniform(0.002, 0.006):.3f} ({0.005:.3f})\tLoss {rng.uniform(38, 47):.4f} ({42.912:.4f})\t")
        tn += 100 * 0.431
    tn, it2 = 45.0, 181400
    while tn < t_end:
        it2 += 40
        s.joblog(tn, N2, f"Train loss {it2} {rng.uniform(0.38, 0.43):.6f} Grad Norm {rng.uniform(0.4, 0.9):.6f} "
                         f"{rng.uniform(1.04, 1.11):.2f}s/it")
        tn += 40 * 1.07
    for k, (h, tk) in enumerate([("v100-02", 700.0), ("v100-03", 2600.0), ("v100-08", 5200.0)]):
        noise51(s, h, tk, k + 4)

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ < t0 + 20:
                return i51(rng, "v100opa_51")
            if t_ < t_hang:
                return b51(rng, "v100opa_51", load=rng.uniform(0.5, 0.9))
            return g38(0, rng.uniform(52, 58), 1530, fb=24800 + rng.randint(-300, 300), temp=rng.randint(36, 41))
        if n_ == "v100-01":
            return b51(rng, "v100opa_51", load=rng.uniform(0.85, 0.97)) if g == 0 else i51(rng, "v100opa_51")
        return b51(rng, "v100opa_51", load=rng.uniform(0.85, 0.97))
    tel51(s, nodes, 4, 0.0, t_end, 300.0, fn)
    tel51(s, ["v100-01", "v100-08", "v100-09"], 4, 0.0, t_end, 1200.0, fn,
          keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=["v100-04", "v100-05", "v100-06"])
    return s


# ======================================================================================
# S6  omniisaacgymenvs-rlgames-ur5e-deformable-nan-std-after-3h-isaac-03  (software: a custom OmniIsaacGymEnvs task
#     (UR5e + deformable object, 8192 envs, rl_games PPO) headless under Isaac Sim on one RTX A4500. After ~3 h and
#     3492 epochs the policy's std turns NaN (NaN observations from the deformable simulation) and torch.normal raises
#     "normal expects all elements of std >= 0.0"; Hydra reports the failed job, Kit echoes every stderr line twice, the
#     Slurm job FAILS. The GPU and node are fine; restarting repeats it sooner or later until the task code is fixed.)
# ======================================================================================
# Source (lines and truth): https://github.com/isaac-sim/OmniIsaacGymEnvs/issues/139 -- "When training, I randomly get
#   this error: RuntimeError: normal expects all elements of std >= 0.0" (FrankaDeformable as a basis for the
#   reporter's own UR5e simulation, num_envs=8192); the reporter's fix is in the task code: replace NaN/Inf in obs_buf
#   and reset environments whose observations go NaN ("now it's happening less"). An application fault. Lines are
#   verbatim (the Kit stamps fit the scenario clock unchanged); the later frames, cut in the stored excerpt, are SYNTH.
REAL_S6_FPS = ["fps step: 45458 fps step and policy inference: 45190 fps total: 42233 epoch: 3490/100000 frames: 457310208",
               "fps step: 45537 fps step and policy inference: 45269 fps total: 42296 epoch: 3491/100000 frames: 457441280",
               "fps step: 45750 fps step and policy inference: 45477 fps total: 42487 epoch: 3492/100000 frames: 457572352"]
REAL_S6_ERR = ["2024-02-05 15:35:47 [10,896,832ms] [Error] [omni.kit.app._impl] [py stderr]: Error executing job with "
               "overrides: ['task=UR5eTask', 'headless=True', 'num_envs=8192', 'max_iterations=100000']",
               "Error executing job with overrides: ['task=UR5eTask', 'headless=True', 'num_envs=8192', "
               "'max_iterations=100000']",
               "2024-02-05 15:35:47 [10,897,000ms] [Error] [omni.kit.app._impl] [py stderr]: Traceback (most recent call last):",
               "2024-02-05 15:35:47 [10,897,000ms] [Error] [omni.kit.app._impl] [py stderr]:   File "
               "\"/home/user/omniverse-playground/OmniIsaacGymEnvs/omniisaacgymenvs/scripts/rlgames_train.py\", line 142, "
               "in parse_hydra_configs",
               "    rlg_trainer.run()"]
RTX_BUS = ["0000:17:00", "0000:65:00", "0000:ca:00", "0000:e3:00"]


def build_s6() -> Scenario:
    name = "omniisaacgymenvs-rlgames-ur5e-deformable-nan-std-after-3h-isaac-03"
    J, N1, N2 = "552803", "552761", "552790"
    start = "2024-02-05T15:15:00Z"
    s = Scenario(name, "OmniIsaacGymEnvs (Isaac Sim 2023.1.1, headless) training a custom UR5e deformable-object task with "
                 "rl_games PPO, 8192 environments, one RTX A4500; Kit writes its log to the job's stdout. Other owners' "
                 "jobs on other nodes.",
                 start,
                 {"name": "robo-sim", "partition": "rtx", "nodes": "isaac-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": RTX_BUS},
                 [{"id": J, "name": "oige-ur5e-deformable", "user": "ebarros", "nodes": "isaac-03", "tasks_per_node": 1,
                   "started": "2024-02-05T12:34:10Z",
                   "comment": comment(2, "/home/user/omniverse-playground/OmniIsaacGymEnvs/runs/UR5eTask/nn")},
                  {"id": N1, "name": "rsl-rl-anymal-d-rough", "user": "lvogel", "nodes": "isaac-05", "tasks_per_node": 1,
                   "started": "2024-02-05T13:58:02Z", "comment": comment(1)},
                  {"id": N2, "name": "diffusion-policy-pusht", "user": "mchan", "nodes": "isaac-06", "tasks_per_node": 1,
                   "started": "2024-02-05T09:21:44Z"}])
    rng = s.rng
    host = "isaac-03"
    t_err = 1247.0                                      # 15:35:47
    t3492 = t_err - 0.31
    per = 3.104
    e_first = 3492 - int((t3492 - 2.0) / per)
    for e in range(e_first, 3493):
        te_ = t3492 - (3492 - e) * per + rng.uniform(-0.03, 0.03)
        if e >= 3490:
            s.joblog(te_, J, REAL_S6_FPS[e - 3490])                         # REAL
        else:
            fs = rng.randint(45050, 45950)
            fp = fs - rng.randint(240, 300)
            ft = fp - rng.randint(2880, 3010)
            s.joblog(te_, J, f"fps step: {fs} fps step and policy inference: {fp} fps total: {ft} epoch: {e}/100000 "
                             f"frames: {e * 131072 - 131072}")                  # SYNTH (same format)
        if e % 100 == 0 and e < 3492:
            s.joblog(te_ + 0.02, J, f"=> saving checkpoint 'runs/UR5eTask/nn/last_UR5eTask_ep_{e}_rew_"
                                    f"{rng.uniform(-2.1, -1.7):.7f}.pth'")
    kit = lambda ms, msg: f"2024-02-05 15:35:47 [{ms:,}ms] [Error] [omni.kit.app._impl] [py stderr]: {msg}"
    py = "/home/user/.local/share/ov/pkg/isaac_sim-2023.1.1/kit/python/lib/python3.10/site-packages"
    oige = "/home/user/omniverse-playground/OmniIsaacGymEnvs/omniisaacgymenvs"
    rest = [(f'  File "{oige}/scripts/rlgames_train.py", line 116, in run', "    runner.run({"),
            (f'  File "{py}/rl_games/torch_runner.py", line 133, in run', "    self.run_train(args)"),
            (f'  File "{py}/rl_games/torch_runner.py", line 116, in run_train', "    agent.train()"),
            (f'  File "{py}/rl_games/common/a2c_common.py", line 1318, in train', "    step_time, play_time, update_time, sum_time, a_losses, c_losses, b_losses, entropies, kls, last_lr, lr_mul = self.train_epoch()"),
            (f'  File "{py}/rl_games/common/a2c_common.py", line 1166, in train_epoch', "    batch_dict = self.play_steps()"),
            (f'  File "{py}/rl_games/common/a2c_common.py", line 759, in play_steps', "    res_dict = self.get_action_values(self.obs)"),
            (f'  File "{py}/rl_games/common/a2c_common.py", line 425, in get_action_values', "    res_dict = self.model(input_dict)"),
            (f'  File "{py}/rl_games/algos_torch/models.py", line 279, in forward', "    selected_action = distr.sample()"),
            ('  File "/home/user/.local/share/ov/pkg/isaac_sim-2023.1.1/exts/omni.isaac.ml_archive/pip_prebundle/torch/'
             'distributions/normal.py", line 70, in sample',
             "    return torch.normal(self.loc.expand(shape), self.scale.expand(shape))")]
    tl = t_err
    s.joblog(tl, J, REAL_S6_ERR[0])
    s.joblog(tl + 0.001, J, "")
    s.joblog(tl + 0.002, J, REAL_S6_ERR[1])
    s.joblog(tl + 0.168, J, REAL_S6_ERR[2])
    s.joblog(tl + 0.169, J, "")
    s.joblog(tl + 0.170, J, "Traceback (most recent call last):")      # SYNTH (generic)
    s.joblog(tl + 0.171, J, kit(10897000, ""))                          # SYNTH (empty Kit echo)
    s.joblog(tl + 0.172, J, REAL_S6_ERR[3])
    s.joblog(tl + 0.173, J, REAL_S6_ERR[4])
    s.joblog(tl + 0.174, J, "")
    s.joblog(tl + 0.175, J, '  File "/home/user/omniverse-playground/OmniIsaacGymEnvs/omniisaacgymenvs/scripts/'
                            'rlgames_train.py", line 142, in parse_hydra_configs')   # SYNTH (plain echo)
    tq = tl + 0.176
    for k, (fr, code) in enumerate(rest):
        ms = 10897000 + 2 * k
        s.joblog(tq + 0.004 * k, J, kit(ms, fr))
        s.joblog(tq + 0.004 * k + 0.001, J, code)
        s.joblog(tq + 0.004 * k + 0.002, J, fr)
        s.joblog(tq + 0.004 * k + 0.003, J, code)
    s.joblog(tq + 0.05, J, kit(10897021, "RuntimeError: normal expects all elements of std >= 0.0"))
    s.joblog(tq + 0.051, J, "RuntimeError: normal expects all elements of std >= 0.0")
    s.joblog(tq + 0.06, J, kit(10897022, ""))
    s.joblog(tq + 0.061, J, "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.")
    s.joblog(tl + 2.9, J, "2024-02-05 15:35:50 [10,899,771ms] [Warning] [carb.audio.context] 1 contexts were leaked")
    s.joblog(tl + 3.4, J, "There was an error running python")
    s.joblog(tl + 3.9, J, f"srun: error: {host}: task 0: Exited with exit code 1")
    job_end(s, tl + 4.6, J, "FAILED", "1:0")
    t_end = t_err + 3000.0
    # neighbours (SYNTH)
    tn, itr = 12.0, 7400
    while tn < t_end:
        itr += 1
        if itr % 10 == 0:
            s.joblog(tn, N1, f"Learning iteration {itr}/20000 | Computation: {rng.randint(71000, 74500)} steps/s "
                             f"(collection: {rng.uniform(1.05, 1.12):.3f}s, learning {rng.uniform(0.27, 0.31):.3f}s) | "
                             f"Mean reward: {rng.uniform(18.2, 19.1):.2f} | Mean episode length: {rng.uniform(960, 1000):.2f}")
        tn += rng.uniform(1.33, 1.42)
    tn, ep = 90.0, 1411
    while tn < t_end:
        ep += 1
        s.joblog(tn, N2, f"Training epoch {ep}: 100%|##########| 168/168 [00:{rng.randint(41, 44)}<00:00,  "
                         f"{rng.uniform(3.8, 4.1):.2f}it/s, loss={rng.uniform(0.009, 0.014):.3g}, lr=9.9e-5]")
        tn += rng.uniform(42, 45)
    for k, (h, tk) in enumerate([("isaac-01", 500.0), ("isaac-03", 1900.0), ("isaac-07", 2700.0)]):
        noise51(s, h, tk, k + 5)

    def fn(n_, g, t_):
        if n_ == host:
            if g == 0 and t_ < t_err + 4:
                return b51(rng, "a4500_51", load=rng.uniform(0.62, 0.84))
            return i51(rng, "a4500_51")
        if g == 0:
            return b51(rng, "a4500_51", load=rng.uniform(0.7, 0.95))
        return i51(rng, "a4500_51")
    tel51(s, [host], 4, 0.0, t_end, 120.0, fn)
    tel51(s, ["isaac-05", "isaac-06"], 4, 0.0, t_end, 600.0, fn, keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    s.truth = truth({"t": t_err, "category": "software"}, no_requeue=[J, N1, N2], no_drain=[host])
    return s


# ======================================================================================
# S7  dockerhub-anonymous-pull-429-enroot-three-owners-fail-at-container-import  (infrastructure: a Slurm cluster
#     with pyxis/enroot whose compute nodes reach Docker Hub through one NAT address. Within seven minutes three jobs
#     of three owners, on disjoint nodes, ask pyxis for Docker Hub images; enroot authenticates as <anonymous> and the
#     manifest request comes back 429 (pull rate limit of the shared address); each job fails before its container
#     starts. A fourth attempt (a resubmission) fails the same way 20 min later. Jobs already running, and a job
#     whose image comes from another registry, are untouched.)
# ======================================================================================
# Source (lines and truth): https://github.com/CityBrainChallenge/KDDCup2021-CityBrainChallenge-starter-kit/issues/14 --
#   "429 rate limit error on pulling from DockerHub": `enroot import docker://citybrainchallenge/cbengine:0.1.1` ends
#   in "[ERROR] URL https://registry-1.docker.io/v2/citybrainchallenge/cbengine/manifests/0.1.1 returned error code:
#   429"; "Solved by using a personal Docker account to pull the docker container instead of an anonymous user." The
#   fault is the shared, unauthenticated registry access, not any node. enroot's lines are verbatim; pyxis's wrapping
#   lines and the other jobs' images are SYNTH.
REAL_S7_ENROOT = ["[INFO] Querying registry for permission grant",
                  "[INFO] Authenticating with user: <anonymous>",
                  "[INFO] Authentication succeeded",
                  "[INFO] Fetching image manifest list",
                  "[INFO] Fetching image manifest",
                  "[ERROR] URL https://registry-1.docker.io/v2/citybrainchallenge/cbengine/manifests/0.1.1 returned error "
                  "code: 429"]
A30_BUS = ["0000:31:00", "0000:4b:00", "0000:ca:00", "0000:e3:00"]


def build_s7() -> Scenario:
    name = "dockerhub-anonymous-pull-429-enroot-three-owners-fail-at-container-import"
    J1, J2, J3, J4, N1, N2 = "730144", "730151", "730158", "730203", "730087", "730120"
    start = "2021-05-02T09:00:00Z"
    s = Scenario(name, "Slurm with pyxis/enroot (containers named with --container-image); compute nodes reach the "
                 "Internet through one NAT address and pull from Docker Hub anonymously. Jobs of several owners on "
                 "disjoint nodes of an A30 partition.",
                 start,
                 {"name": "hpc-cnt", "partition": "gpu", "nodes": "cn-[01-24]", "gpus_per_node": 4,
                  "pci_bus_ids": A30_BUS},
                 [{"id": J1, "name": "cbengine-kddcup-ppo", "user": "fzun", "nodes": "cn-04", "tasks_per_node": 1,
                   "started": "2021-05-02T09:05:00Z", "comment": comment(2)},
                  {"id": J2, "name": "yolov5m-visdrone", "user": "apark", "nodes": "cn-[09-10]", "tasks_per_node": 4,
                   "started": "2021-05-02T09:08:32Z"},
                  {"id": J3, "name": "detr-r50-cityscapes", "user": "mlopez", "nodes": "cn-17", "tasks_per_node": 4,
                   "started": "2021-05-02T09:11:30Z", "comment": comment(1)},
                  {"id": J4, "name": "detr-r50-cityscapes", "user": "mlopez", "nodes": "cn-18", "tasks_per_node": 4,
                   "started": "2021-05-02T09:31:52Z", "comment": comment(1)},
                  {"id": N1, "name": "bert-large-pretrain-nvcr", "user": "hwei", "nodes": "cn-[12-13]",
                   "tasks_per_node": 4, "started": "2021-05-02T07:40:18Z", "comment": comment(1)},
                  {"id": N2, "name": "mace-md22-bare", "user": "okoroma", "nodes": "cn-20", "tasks_per_node": 1,
                   "started": "2021-05-02T06:12:05Z"}])
    rng = s.rng

    def pull_fail(t, job, hosts, image, manifest_url, real: bool, pid0: int):
        s.job_state(t - 0.5, job, "RUNNING", "0:0")
        s.joblog(t, job, f"pyxis: importing docker image: {image}")
        tf_ = t + rng.uniform(2.2, 3.6)
        for h_i, h in enumerate(hosts):
            th = tf_ + 0.03 * h_i
            s.joblog(th, job, f"slurmstepd: error: pyxis: child {pid0 + 7 * h_i} failed with error code: 1")
            s.joblog(th + 0.001, job, "slurmstepd: error: pyxis: failed to import docker image")
            s.joblog(th + 0.002, job, "slurmstepd: error: pyxis: printing enroot log file:")
            lines = REAL_S7_ENROOT[:5] + [REAL_S7_ENROOT[5] if real else
                                          f"[ERROR] URL {manifest_url} returned error code: 429"]
            for k, l in enumerate(lines):
                s.joblog(th + 0.003 + 0.0002 * k, job, f"slurmstepd: error: pyxis:     {l}")  # enroot lines REAL
            s.joblog(th + 0.005, job, "slurmstepd: error: pyxis: couldn't start container")
            s.joblog(th + 0.006, job, "slurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1")
            s.joblog(th + 0.007, job, "slurmstepd: error: Failed to invoke spank plugin stack")
        for h_i, h in enumerate(hosts):
            s.joblog(tf_ + 0.4 + 0.01 * h_i, job, f"srun: error: {h}: task{'s' if len(hosts) > 1 else ''} "
                                                  f"{'0' if len(hosts) == 1 else f'{4 * h_i}-{4 * h_i + 3}'}: Exited with exit code 1")
        job_end(s, tf_ + 1.2, job, "FAILED", "1:0")
        return tf_

    t1 = pull_fail(300.0, J1, ["cn-04"], "citybrainchallenge/cbengine:0.1.1",
                   "https://registry-1.docker.io/v2/citybrainchallenge/cbengine/manifests/0.1.1", True, 41233)
    pull_fail(512.0, J2, ["cn-09", "cn-10"], "ultralytics/yolov5:v5.0",
              "https://registry-1.docker.io/v2/ultralytics/yolov5/manifests/v5.0", False, 52210)
    pull_fail(690.0, J3, ["cn-17"], "pytorch/pytorch:1.8.1-cuda11.1-cudnn8-runtime",
              "https://registry-1.docker.io/v2/pytorch/pytorch/manifests/1.8.1-cuda11.1-cudnn8-runtime", False, 60377)
    pull_fail(1912.0, J4, ["cn-18"], "pytorch/pytorch:1.8.1-cuda11.1-cudnn8-runtime",
              "https://registry-1.docker.io/v2/pytorch/pytorch/manifests/1.8.1-cuda11.1-cudnn8-runtime", False, 60911)
    t_end = 1912.0 + 3600.0
    # neighbours (SYNTH): N1's image comes from nvcr.io and started long ago; N2 runs without a container
    tn, it = 25.0, 61200
    while tn < t_end:
        it += 100
        d = s.at(tn)
        s.joblog(tn, N1, f"DLL {d:%Y-%m-%d %H:%M:%S.%f} - Training Epoch: 0 Training Iteration: {it}  average_loss : "
                         f"{rng.uniform(1.52, 1.61):.6f}  step_loss : {rng.uniform(1.45, 1.68):.6f}  learning_rate : "
                         f"{4e-3 * (1 - it / 112000):.8f}")
        tn += 100 * 0.98
    tn, ep = 50.0, 412
    while tn < t_end:
        ep += 1
        s.joblog(tn, N2, f"{s.at(tn):%Y-%m-%d %H:%M:%S.%f}"[:-3] + f" INFO: Epoch {ep}: loss={rng.uniform(0.0031, 0.0036):.4f}, "
                         f"MAE_E={rng.uniform(0.41, 0.46):.1f} meV/atom, MAE_F={rng.uniform(9.1, 9.9):.1f} meV/A")
        tn += rng.uniform(88, 93)
    for k, (h, tk) in enumerate([("cn-02", 800.0), ("cn-13", 2500.0), ("cn-21", 4400.0)]):
        noise51(s, h, tk, k)

    def fn(n_, g, t_):
        if n_ in ("cn-12", "cn-13"):
            return b51(rng, "a30_51", load=rng.uniform(0.88, 0.98))
        if n_ == "cn-20":
            return b51(rng, "a30_51", load=rng.uniform(0.6, 0.8)) if g == 0 else i51(rng, "a30_51")
        return i51(rng, "a30_51")
    tel51(s, ["cn-04", "cn-09", "cn-10", "cn-17", "cn-18"], 4, 0.0, t_end, 600.0, fn,
          keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    tel51(s, ["cn-12", "cn-13", "cn-20"], 4, 0.0, t_end, 600.0, fn,
          keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK"))
    s.truth = truth({"t": t1, "category": "infrastructure"}, no_requeue=[J1, J3, J4, J2, N1],
                    no_drain=["cn-04", "cn-09", "cn-10", "cn-17", "cn-18"])
    return s


# ======================================================================================
# S8  healthy-lingua-7b-4x4-gb300-scancel-teardown-xid45-bursts-then-resubmitted  (healthy: Meta lingua pretraining of a
#     7B model on four GB300 NVL72 trays (16 ranks). The owner scancels the job to change its data mix; during the
#     teardown every GPU of the four trays logs Xid 45 (preemptive cleanup of the killed processes' channels). The
#     owner resubmits 20 min later onto the same four trays and training runs normally to the end of the record;
#     another owner's job on other trays runs throughout. Nothing needs action.)
# ======================================================================================
# Source (truth): https://github.com/NVIDIA/NVSentinel/pull/1629 -- "treat XID 45 as non-fatal per catalog guidance":
#   the catalog's guidance for Xid 45 is "Solo: RESTART_APP ... Not Solo: IGNORE (follow guidance in other Xid)", both
#   mapping to no node action; "After one multi-node NVLink job crash on a GB300 NVL72 cluster, 77 nodes across 11
#   racks were flagged by XID 45 bursts raised during teardown. Every GPU was healthy". Here the teardown is an owner's
#   scancel, not a crash (see the caveats). The PR quotes no log line: everything is SYNTH.
GB3_BUS = ["0008:01:00", "0009:01:00", "0018:01:00", "0019:01:00"]


def lingua_line(d: dt.datetime, el: float, step: int, loss: float, gn: float, wps: float, it: float, lr: float,
                mem: int, pw: float) -> str:
    """SYNTH: lingua train log line under srun (LogFormatter without rank; srun --label adds it)."""
    return (f"INFO    {d:%y-%m-%d %H:%M:%S}.{d.microsecond:06d} - {dt.timedelta(seconds=round(el))} - step: {step}  acc: 0  "
            f"loss: {round(loss, 4):>7}  grad: {gn:.2e}  flops: {wps * 4.65e10:.2e}  wps: {wps:.2e}  iter: {it:>7}  "
            f"data: {0.0004:>5}  lr: {lr:.2e}  mem: {mem}%  pow: {pw} W")


def build_s8() -> Scenario:
    name = "healthy-lingua-7b-4x4-gb300-scancel-teardown-xid45-bursts-then-resubmitted"
    J, J2, N1 = "884120", "884177", "884066"
    start = "2025-11-18T08:00:00Z"
    trays = ["gb3-r11-t01", "gb3-r11-t02", "gb3-r11-t03", "gb3-r11-t04"]
    s = Scenario(name, "Meta lingua pretraining (7B, FSDP) on four GB300 NVL72 trays (4 GPUs each, 16 ranks, srun --label, "
                 "logging every 250 steps on every rank); the owner cancels and resubmits. Another owner's job on other "
                 "trays of the rack.",
                 start,
                 {"name": "gb300-a", "partition": "batch", "nodes": "gb3-r11-t[01-18]", "gpus_per_node": 4,
                  "pci_bus_ids": GB3_BUS},
                 [{"id": J, "name": "lingua-7b-dclm", "user": "adesai", "nodes": "gb3-r11-t[01-04]", "tasks_per_node": 4,
                   "started": "2025-11-18T05:12:44Z", "comment": comment(3, "/lustre/adesai/lingua/7b_dclm")},
                  {"id": J2, "name": "lingua-7b-dclm-mix2", "user": "adesai", "nodes": "gb3-r11-t[01-04]",
                   "tasks_per_node": 4, "started": "2025-11-18T09:51:40Z", "comment": comment(3, "/lustre/adesai/lingua/7b_dclm_mix2")},
                  {"id": N1, "name": "nemotron-rl-grpo-8b", "user": "kvo", "nodes": "gb3-r11-t[09-12]", "tasks_per_node": 4,
                   "started": "2025-11-18T03:30:19Z", "comment": comment(2)}])
    rng = s.rng
    t_cancel = 5400.0 + 47.2
    t2 = (dt.datetime(2025, 11, 18, 9, 51, 40) - s.start).total_seconds()
    t_end = t2 + 4200.0

    def run(job, t_from, t_to, step0, el0, lr0):
        tt, step = t_from, step0
        while tt < t_to:
            step += 250
            it = round(rng.uniform(1.19, 1.23), 4)
            wps = rng.uniform(1.04e4, 1.09e4)
            for r in range(16):
                d = s.at(tt + 0.004 * r)
                s.joblog(tt + 0.004 * r, job, label(r, 2) + lingua_line(d, el0 + tt - t_from, step, rng.uniform(2.21, 2.29),
                                                                        rng.uniform(0.24, 0.31), wps, it, lr0, rng.randint(70, 73),
                                                                        round(rng.uniform(1071, 1094), 3)))
            tt += 250 * 1.21
    run(J, 40.0, t_cancel - 5, 7250, 10075.0, 2.95e-4)
    s.joblog(t_cancel, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_cancel + 0.1, J, cancel_line(J, "gb3-r11-t01", s.at(t_cancel)))
    for k, h in enumerate(trays):
        s.joblog(t_cancel + 0.5 + 0.01 * k, J, f"srun: error: {h}: tasks {4 * k}-{4 * k + 3}: Killed")
    s.job_state(t_cancel + 1.0, J, "CANCELLED", "0:15", reason="cancelled by owner (scancel)")
    # teardown: Xid 45 bursts on every GPU of the four trays (SYNTH; noise on their own)
    for k, h in enumerate(trays):
        for g in range(4):
            for c in range(3):
                kt(s, t_cancel + 1.8 + 0.3 * k + 0.05 * g + 0.004 * c, h,
                   f"NVRM: Xid (PCI:{GB3_BUS[g]}): 45, pid={301200 + 40 * k + 7 * g}, name=python, Ch {c + 1:08x}")
    s.job_state(t2 - 1.0, J2, "RUNNING", "0:0", nodes="gb3-r11-t[01-04]")
    run(J2, t2 + 410.0, t_end, 0, 410.0, 3.0e-4)
    # neighbour (SYNTH)
    tn, st = 60.0, 212
    while tn < t_end:
        st += 1
        s.joblog(tn, N1, f"Step {st}/1000 | reward/mean {rng.uniform(0.61, 0.67):.4f} | kl {rng.uniform(0.0011, 0.0019):.5f} "
                         f"| gen_time {rng.uniform(96, 104):.1f}s | train_time {rng.uniform(61, 66):.1f}s")
        tn += rng.uniform(165, 172)
    for k, (h, tk) in enumerate([("gb3-r11-t07", 900.0), ("gb3-r11-t02", 3100.0), ("gb3-r11-t10", 8200.0)]):
        noise51(s, h, tk, k + 1)

    def fn(n_, g, t_):
        if n_ in trays:
            if t_ < t_cancel or t_ > t2 + 300:
                return b51(rng, "gb300_51", load=rng.uniform(0.9, 0.98))
            return i51(rng, "gb300_51")
        return b51(rng, "gb300_51", load=rng.uniform(0.55, 0.95))
    tel51(s, trays, 4, 0.0, t_end, 600.0, fn)
    tel51(s, ["gb3-r11-t09", "gb3-r11-t10", "gb3-r11-t11", "gb3-r11-t12"], 4, 0.0, t_end, 1800.0, fn,
          keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    s.truth = truth(None, no_requeue=[J, J2, N1], no_drain=trays)
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
