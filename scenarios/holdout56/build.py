#!/usr/bin/env python3
"""Build the holdout56 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout56: generic helpers and the holdout14..holdout54 helper sections are copied unchanged from holdout54's build.py;
the holdout54 scenarios are replaced by the holdout56 helpers and scenarios S1..S8 below.
Earlier note (holdout54): generic helpers and the holdout14..holdout52 helper sections came unchanged from holdout52.
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
# holdout56 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "h100sxm_56": (64, 5, 640.0, 40.0, 1980, 61500, 3500),     # H100 SXM5 80 GB, 700 W (HGX, Supermicro)
    "a6000_56": (74, 4, 262.0, 20.0, 1800, 38500, 1500),       # RTX A6000 48 GB, 300 W, blower
    "v100sxm32_56": (54, 5, 255.0, 25.0, 1530, 27800, 1200),   # V100-SXM2-32GB, 300 W
    "gtxtitan_56": (79, 3, 190.0, 15.0, 876, 5200, 300),       # GeForce GTX TITAN (GK110) 6 GB, 250 W
    "rtx5090_56": (61, 5, 470.0, 40.0, 2407, 9800, 1500),      # GeForce RTX 5090 32 GB, 575 W
    "a100sxm80_56": (58, 6, 350.0, 40.0, 1410, 69000, 3500),   # A100-SXM4-80GB, 400 W
})

K56 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K56T = K56 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)
K56L = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K56E = K56L + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_RETIRED_PENDING")
K56X = K56 + ("DCGM_FI_DEV_XID_ERRORS",)
K56E4 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
         "DCGM_FI_DEV_RETIRED_PENDING")

SMC_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
           "0000:db:00"]   # SYNTH: Supermicro SYS-821GE (HGX H100) GPU order
JZV_BUS = ["0000:1a:00", "0000:1c:00", "0000:88:00", "0000:8a:00"]   # SYNTH: 4 x V100-SXM2 (HPE SGI 8600 blade)
HAL_BUS = ["0000:02:00", "0000:03:00", "0000:83:00", "0000:84:00"]   # SYNTH: 4 x GTX TITAN behind two PLX switches
R50_BUS = ["0000:01:00", "0000:21:00", "0000:41:00", "0000:61:00"]   # SYNTH: 4 x RTX 5090 workstation-class node
A6K_BUS = ["0000:17:00", "0000:ca:00"]                               # SYNTH: 2 x RTX A6000
DGX_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
           "0000:bd:00"]   # SYNTH: DGX A100 GPU order


def b56(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i56(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel56(s, nodes, gpus, t0, t1, every, fn, keys=K56) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise56(s: "Scenario", host: str, t: float, kind: int, skew: float = 0.0) -> None:
    """SYNTH: ordinary kernel noise on a node (dmesg -T)."""
    msgs = ["perf: interrupt took too long (2507 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
            "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
            "hrtimer: interrupt took 38212 ns",
            "systemd-journald[1021]: Under memory pressure, flushing caches.",
            "TCP: request_sock_TCP: Possible SYN flooding on port 8000. Sending cookies.  Check SNMP counters.",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "NFSD: Using nfsdcld client tracking operations."]
    kt(s, t, host, msgs[kind % len(msgs)], skew=skew)


def titan56(d: dt.datetime, step: int, loss: float, mem: float, wps: int, mfu: float) -> str:
    """SYNTH: torchtitan (Oct 2024) metrics line, colours off, torchrun `--tee 3` prefix on rank 0."""
    return (f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - step: {step:2d}  "
            f"loss: {loss:7.4f}  memory: {mem:5.2f}GiB({mem / 79.11 * 100:.2f}%)  wps: {wps:,}  mfu: {mfu:.2f}%")


def titan_info(d: dt.datetime, msg: str) -> str:
    return f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - {msg}"


def verl_metrics(step: int, m: dict) -> str:
    """SYNTH: verl's console logger (`concat_dict_to_str`): `step:N - key:val:.3f - ...`."""
    return " - ".join([f"step:{step}"] + [f"{k}:{v:.3f}" for k, v in m.items()])


def sg3_metric_json(metric: str, value: float, total: float, ngpu: int, pkl: str, ts: float) -> str:
    """SYNTH: stylegan3 metric_main.report_metric JSON line."""
    return json.dumps({"results": {metric: value}, "metric": metric, "total_time": total,
                       "total_time_str": sg_format_time(total), "num_gpus": ngpu, "snapshot_pkl": pkl,
                       "timestamp": ts})


def sg3_tick(tick, kimg, total, sec_tick, sec_kimg, maint, cpu, gpu, res, aug) -> str:
    """SYNTH: stylegan3 training_loop tick line (has `reserved`, unlike stylegan2-ada-pytorch)."""
    return " ".join([f"tick {tick:<5d}", f"kimg {kimg:<8.1f}", f"time {sg_format_time(total):<12s}",
                     f"sec/tick {sec_tick:<7.1f}", f"sec/kimg {sec_kimg:<7.2f}", f"maintenance {maint:<6.1f}",
                     f"cpumem {cpu:<6.2f}", f"gpumem {gpu:<6.2f}", f"reserved {res:<6.2f}", f"augment {aug:.3f}"])


def uvicorn_access(ip: str, port: int, path: str = "/retrieve") -> str:
    return f'INFO:     {ip}:{port} - "POST {path} HTTP/1.1" 200 OK'


def caffe56(d: dt.datetime, pid: int, src: str, msg: str) -> str:
    """SYNTH: glog line as Caffe (2014) writes it."""
    return f"I{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:5d} {src}] {msg}"


def xid31_56(bus: str, pid: int, va: str) -> str:
    """SYNTH: r610-era NVRM Xid 31 line (layout of the thread's report, one line, real pid)."""
    return (f"NVRM: Xid (PCI:{bus}): 31, pid={pid}, name=python3, channel 0x00000002, intr 00000000. MMU Fault: "
            f"ENGINE GRAPHICS GPC0 GPCCLIENT_T1_0 faulted @ {va}. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")


def nanogpt_line(step: int, total: int, train_ms: float, avg: float) -> str:
    """SYNTH: modded-nanogpt style progress line."""
    return f"step:{step}/{total} train_time:{int(train_ms)}ms step_avg:{avg:.2f}ms"


# ======================================================================================
# S1  torchtitan-llama3-8b-4x8-h100-sm-h07-bmc-fw-fan-curve-heat-soak-sw-thermal-steps-stretch  (gpu_degraded:
#     Llama-3-8B pretraining with torchtitan (FSDP2) on 4 Supermicro HGX H100 nodes. sm-h07 went through the rolling
#     BMC firmware upgrade earlier that day; under the sustained load its fans follow the new "Optimal Speed" curve
#     and do not keep up: over the next hour its GPUs heat-soak past 87 C, the SW-thermal-slowdown reason (0x20)
#     comes on and SM clocks sink, so every step of the synchronous job stretches (wps 5.9k -> ~4.7k). No Xid, no
#     kernel line, no job error; the other three nodes run cool and merely wait.)
# ======================================================================================
# Source (truth): https://vineethac.blogspot.com/search/label/sensor -- "GPU thermal throttling" investigation on
#   8-GPU Supermicro H100 servers: after a routine BMC firmware upgrade, several nodes kept failing `dcgmi diag -r 3`
#   with clocks_throttle_reason_sw_thermal_slowdown and GPUs above the 87 C limit; no GPU hardware fault was found,
#   the facility showed no temperature event; switching the server fan mode from the default "Optimal Speed" to
#   "Full Speed" (plus a power cycle) kept all GPUs within limits -- a node cooling-configuration problem that only
#   shows under sustained heavy load. The post quotes no log line we use; everything below is SYNTH.


def build_s1() -> Scenario:
    name = "torchtitan-llama3-8b-4x8-h100-sm-h07-bmc-fw-fan-curve-heat-soak-sw-thermal-steps-stretch"
    J, J2, J3 = "58214", "58190", "58231"
    s = Scenario(name, "torchtitan (FSDP2, torch.compile) Llama-3-8B pretraining on 4 Supermicro HGX H100 nodes "
                 "(32 ranks, torchrun under srun, rank-0 metrics every 20 steps, colours off); two other owners' jobs "
                 "on other nodes; an admin drains an idle node for the rolling BMC firmware upgrade during the record.",
                 "2024-10-14T13:00:00Z",
                 {"name": "smc-h100", "partition": "gpu", "nodes": "sm-h[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": SMC_BUS},
                 [{"id": J, "name": "llama3-8b-c4-pretrain", "user": "mvasquez", "nodes": "sm-h[05-08]",
                   "tasks_per_node": 8, "started": "2024-10-14T12:49:37Z",
                   "comment": comment(2, "/lustre/proj/llm/ckpt/llama3-8b-c4")},
                  {"id": J2, "name": "qwen2-7b-sft-fsdp", "user": "hkaur", "nodes": "sm-h[01-02]",
                   "tasks_per_node": 8, "started": "2024-10-14T09:12:05Z"},
                  {"id": J3, "name": "sdxl-lora-sweep-07", "user": "tnguyen", "nodes": "sm-h10",
                   "tasks_per_node": 8, "started": "2024-10-14T12:58:40Z", "comment": comment(1)}])
    rng = s.rng
    T_END = 6300.0
    TJ0 = -623.0
    bad = "sm-h07"
    jnodes = expand_hostlist("sm-h[05-08]")
    # SYNTH thermal model: fast rise to a per-GPU equilibrium, plus a slow chassis heat-soak whose amplitude is large
    # only on the node whose fans run the new BMC's "Optimal Speed" curve.
    fast = {n: [rng.uniform(64, 70) for _ in range(8)] for n in jnodes}
    slow = {n: [rng.uniform(1.0, 2.5) for _ in range(8)] for n in jnodes}
    fast[bad] = [74.0, 77.0, 79.0, 80.0, 80.0, 79.0, 77.0, 74.0]
    slow[bad] = [10.0, 12.0, 15.0, 16.0, 16.0, 15.0, 12.0, 10.0]

    def U(n, g, t):
        e = t - TJ0
        return 34 + (fast[n][g] - 34) * (1 - math.exp(-e / 200)) + slow[n][g] * (1 - math.exp(-e / 4200))

    def gpu_state(n, g, t):
        u = U(n, g, t)
        if u <= 87.0:
            return u, 1980, 0
        clk = max(1110, 1980 - 15 * int(round(75 * (u - 87) / 15)))
        return 87 + 0.3 * (u - 87), clk, 0x20

    def factor(t):
        mn = min(gpu_state(bad, g, t)[1] for g in range(8))
        return (1980 / mn) ** 0.9

    t_f = next(t for t in range(0, int(T_END)) if any(U(bad, g, t) > 87 for g in range(8)))
    # --- torchtitan metrics lines (SYNTH) ---
    step, t = 380, 4.3
    loss = 2.612
    while t < T_END:
        fac = factor(t)
        st = 1.376 * fac * rng.uniform(0.994, 1.006)
        step += 20
        t += 20 * st
        if t >= T_END:
            break
        loss = 0.997 * loss + 0.003 * rng.uniform(2.38, 2.62)
        wps = int(8192 / st)
        mfu = wps * 6.11e10 / 989.5e12 * 100
        s.joblog(t, J, titan56(s.at(t), step, loss, 61.83 + rng.uniform(-0.02, 0.02), wps, mfu))  # SYNTH
        if step % 1000 == 0:
            s.joblog(t + 0.05, J, titan_info(s.at(t + 0.05), f"[GC] Peforming periodical GC collection. "
                                                             f"{rng.uniform(0.03, 0.07):.2f} seconds."))  # SYNTH
        if step % 500 == 0:
            s.joblog(t + 0.1, J, titan_info(s.at(t + 0.1), "Saving the checkpoint (or staging if async is "
                                                           "enabled)."))  # SYNTH
            dur = rng.uniform(10.5, 13.0)
            t += dur
            s.joblog(t, J, titan_info(s.at(t), f"Finished saving the checkpoint (or staging if async is enabled)"
                                               f"in {dur:.2f} seconds."))  # SYNTH
    # --- neighbours (SYNTH) ---
    tn, ep, gs = 40.0, 1.31, 6120
    while tn < T_END:
        gs += 10
        ep += 10 / 4680
        s.joblog(tn, J2, hf_log(rng.uniform(0.71, 0.86), rng.uniform(0.31, 0.52),
                                2e-5 * (1 - gs / 14040), ep))
        tn += rng.uniform(93, 98)
    tn, n3 = 55.0, 1000
    while tn < T_END and n3 < 15000:
        n3 += 200
        s.joblog(tn, J3, tqdm_meter(n3, 15000, tn + 80, 1.62 + rng.uniform(-0.02, 0.02), desc="Steps",
                                    postfix=f"lr=0.0001, step_loss={rng.uniform(0.04, 0.16):.3g}"))
        tn += 200 / 1.62 * rng.uniform(0.99, 1.01)
    s.node_state(2761.4, "sm-h11", "DRAINED", "BMC fw 3.10 rolling upgrade CHG0041127")  # SYNTH
    s.node_state(5023.9, "sm-h11", "IDLE", "")  # SYNTH
    for h, tk, kind in [("sm-h06", 900.0, 0), ("sm-h02", 2300.0, 1), ("sm-h07", 3650.0, 2), ("sm-h10", 4700.0, 4),
                        ("sm-h05", 5500.0, 6)]:
        noise56(s, h, tk, kind)

    # --- telemetry (SYNTH): dcgm-exporter kept every 600 s on the job's nodes, 1800 s elsewhere ---
    def fn(n_, g, t_):
        if n_ in jnodes:
            temp, clk, thr = gpu_state(n_, g, t_)
            fac = factor(t_)
            if n_ == bad:
                pw = 640.0 * (clk / 1980) ** 1.6 * rng.uniform(0.96, 1.03)
            else:
                pw = 640.0 / fac ** 0.6 * rng.uniform(0.95, 1.03)
                if pw > 655 and rng.random() < 0.3:
                    thr = 0x4
            return g38(100 - rng.choice([0, 0, 1]), min(pw, 699.0), clk, fb=62000 + rng.randint(-700, 700),
                       temp=round(temp + rng.uniform(-0.6, 0.6)), thr=thr)
        return b56(rng, "h100sxm_56", load=rng.uniform(0.85, 0.97))
    tel56(s, jnodes, 8, 0.0, T_END, 600.0, fn, keys=K56T)
    tel56(s, ["sm-h01", "sm-h02", "sm-h10"], 8, 0.0, T_END, 1800.0, fn, keys=K56)
    s.truth = truth({"t": float(t_f), "category": "gpu_degraded", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[J2, J3],
                    no_drain=["sm-h05", "sm-h06", "sm-h08"])
    return s


# ======================================================================================
# S2  search-r1-grpo-qwen25-7b-gh-03-vllm-tp2-rollout-deadlock-steps-3-5-min-apart-then-silent  (software: Search-R1
#     GRPO (veRL fork, Ray, FSDP actor + vLLM rollout with tensor_model_parallel_size=2) on one 8 x H100 node,
#     retriever server (e5 + FAISS, uvicorn) as a second job on another node. A step is one "epoch 0, step N" line,
#     an ACTIVE_TRAJ_NUM line after the multi-turn rollout and one long metrics line: ~3.5 min apart. At step 135
#     the rollout never returns: no error, no traceback, job RUNNING, GPU memory held, power at idle, the retriever
#     stops getting requests. 1 h 50 min later the owner cancels both jobs.)
# ======================================================================================
# Source (truth): https://github.com/PeterGriffinJin/Search-R1/issues/99 -- "Randomly stuck during training": after
#   dozens of steps the training is stuck, "the VRAM is still occupied, but the power usage drops to 0", similar to
#   verl's own issue 340. The maintainer: "it sometimes happens when we set
#   actor_rollout_ref.rollout.tensor_model_parallel_size to a number larger than one" -- a software/configuration
#   hang of the rollout engine, not a machine fault (restarting only moves the hang to another random step). The
#   thread quotes no log text; all lines below are SYNTH in the emitters' own formats (verl concat_dict_to_str,
#   Search-R1 prints, Ray task prefix, uvicorn access log).

DGXH_BUS = ["0000:1b:00", "0000:43:00", "0000:52:00", "0000:61:00", "0000:9d:00", "0000:c3:00", "0000:d1:00",
            "0000:df:00"]


def build_s2() -> Scenario:
    name = "search-r1-grpo-qwen25-7b-gh-03-vllm-tp2-rollout-deadlock-steps-3-5-min-apart-then-silent"
    T, R, N = "7431005", "7430988", "7429410"
    s = Scenario(name, "Search-R1 GRPO (veRL fork) of Qwen2.5-7B on one 8 x H100 node: Ray driver task prints "
                 "per-step lines ~3.5 min apart; its e5/FAISS retriever runs as a separate job on another node and "
                 "logs one uvicorn line per batched search; another owner's job trains on two other nodes.",
                 "2025-05-16T01:00:00Z",
                 {"name": "hopper", "partition": "h100", "nodes": "gh-[01-08]", "gpus_per_node": 8,
                  "pci_bus_ids": DGXH_BUS},
                 [{"id": T, "name": "sr1-grpo-qwen7b-tp2", "user": "bzhou", "nodes": "gh-03", "tasks_per_node": 8,
                   "started": "2025-05-15T18:22:41Z",
                   "comment": comment(2, "/scratch/bzhou/verl_checkpoints/nq-hotpotqa-search-r1-grpo-qwen2.5-7b")},
                  {"id": R, "name": "sr1-retriever-e5", "user": "bzhou", "nodes": "gh-06", "tasks_per_node": 1,
                   "started": "2025-05-15T18:09:12Z"},
                  {"id": N, "name": "olmo2-1b-midtrain", "user": "pwalsh", "nodes": "gh-[07-08]",
                   "tasks_per_node": 8, "started": "2025-05-15T22:47:30Z", "comment": comment(1)}])
    rng = s.rng
    T_END = 10200.0
    PID = 2851147
    tip = "10.40.2.13"
    pre = f"(main_task pid={PID}) "
    HANG_STEP = 135
    t = 21.7
    step = 109
    t_f = None
    while True:
        step += 1
        s.joblog(t, T, pre + f"epoch 0, step {step}")  # SYNTH
        gen = rng.uniform(104, 142)
        s.joblog(t + 0.35 * gen, R, uvicorn_access(tip, rng.randint(33000, 60999)))  # SYNTH (turn-1 search)
        if step == HANG_STEP:
            t_f = t + 0.35 * gen + 2.0
            break
        s.joblog(t + 0.8 * gen, R, uvicorn_access(tip, rng.randint(33000, 60999)))  # SYNTH (turn-2 search)
        a1 = rng.randint(2150, 2330)
        a2 = rng.randint(380, 720)
        s.joblog(t + gen, T, pre + f"ACTIVE_TRAJ_NUM: [2560, {a1}, {a2}]")  # SYNTH
        olp, ref, upd = rng.uniform(12.5, 15.5), rng.uniform(9.8, 12.1), rng.uniform(54, 63)
        tot = gen + olp + ref + 0.21 + upd + rng.uniform(1.5, 2.5)
        score = 0.41 + 0.0009 * step + rng.uniform(-0.02, 0.02)
        rlen = rng.uniform(231, 262)
        m = {"global_seqlen/min": rng.uniform(880e3, 910e3), "global_seqlen/max": rng.uniform(930e3, 965e3),
             "global_seqlen/minmax_diff": rng.uniform(40e3, 70e3), "global_seqlen/balanced_min": 917804.0,
             "global_seqlen/balanced_max": 917805.0, "global_seqlen/mean": 917804.375,
             "actor/kl_loss": rng.uniform(0.0015, 0.0028), "actor/kl_coef": 0.001,
             "actor/entropy_loss": rng.uniform(0.31, 0.37), "actor/pg_loss": rng.uniform(-0.012, 0.009),
             "actor/pg_clipfrac": rng.uniform(0.002, 0.006), "actor/ppo_kl": rng.uniform(-0.0003, 0.0004),
             "actor/grad_norm": rng.uniform(0.18, 0.41), "actor/lr": 1e-6,
             "critic/score/mean": score, "critic/score/max": 1.0, "critic/score/min": 0.0,
             "critic/rewards/mean": score, "critic/rewards/max": 1.0, "critic/rewards/min": 0.0,
             "critic/advantages/mean": rng.uniform(-0.004, 0.004), "critic/advantages/max": 1.789,
             "critic/advantages/min": -1.789, "response_length/mean": rlen, "response_length/max": 500.0,
             "response_length/min": rng.choice([31.0, 38.0, 44.0]), "response_length/clip_ratio": rng.uniform(0.01, 0.03),
             "prompt_length/mean": rng.uniform(492, 515), "prompt_length/max": rng.uniform(1480, 1720),
             "prompt_length/min": 201.0, "prompt_length/clip_ratio": 0.0,
             "env/number_of_actions/mean": rng.uniform(1.85, 1.95), "env/number_of_actions/max": 2.0,
             "env/number_of_actions/min": 1.0, "env/finish_ratio": 1.0,
             "env/number_of_valid_action": rng.uniform(1.83, 1.94), "env/ratio_of_valid_action": rng.uniform(0.985, 0.999),
             "env/number_of_valid_search": rng.uniform(0.86, 0.95), "state_tokens/total": rng.uniform(600e3, 650e3),
             "state_tokens/coverage": rng.uniform(0.52, 0.57), "timing_s/gen": gen, "timing_s/old_log_prob": olp,
             "timing_s/ref": ref, "timing_s/adv": 0.21, "timing_s/update_actor": upd, "timing_s/step": tot,
             "timing_per_token_ms/gen": gen * 1000 / (2560 * rlen), "timing_per_token_ms/ref": ref * 1000 / 917804 / 8,
             "timing_per_token_ms/update_actor": upd * 1000 / 917804 / 8}
        t += tot
        s.joblog(t, T, pre + verl_metrics(step, m))  # SYNTH
        t += rng.uniform(0.4, 0.9)
    # --- the owner cancels both jobs (SYNTH) ---
    t_c = 9418.0
    d = s.at(t_c)
    s.joblog(t_c + 0.2, T, f"*** SIGTERM received at time={int(calendar.timegm(d.timetuple()))} on cpu 57 ***")
    s.joblog(t_c + 0.4, T, f"slurmstepd: error: *** JOB {T} ON gh-03 CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t_c + 3.1, T, "CANCELLED", "0:15")
    for k, line in enumerate(["INFO:     Shutting down", "INFO:     Waiting for application shutdown.",
                              "INFO:     Application shutdown complete.", "INFO:     Finished server process [1873301]"]):
        s.joblog(t_c + 11.0 + 0.01 * k, R, line)
    s.joblog(t_c + 11.2, R, f"slurmstepd: error: *** JOB {R} ON gh-06 CANCELLED AT {s.at(t_c + 11.2):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t_c + 12.9, R, "CANCELLED", "0:15")
    # --- neighbour (SYNTH) ---
    tn, ep = 33.0, 0.412
    while tn < T_END:
        ep += 0.00061
        s.joblog(tn, N, hf_log(rng.uniform(2.61, 2.79), rng.uniform(0.24, 0.33), 4e-4 * (1 - ep), ep))
        tn += rng.uniform(74, 78)
    for h, tk, kind in [("gh-03", 1500.0, 4), ("gh-06", 4100.0, 2), ("gh-07", 7000.0, 0), ("gh-03", 8800.0, 3)]:
        noise56(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == "gh-03":
            if t_ < t_f + 25:
                ld = rng.uniform(0.55, 0.99)
                return g38(100 * ld, 110 + 520 * ld * rng.uniform(0.9, 1.05), 1980 - rng.choice([0, 0, 15, 30]),
                           fb=rng.randint(56000, 71000), temp=rng.randint(47, 66))
            if t_ < t_c:
                return g38(0, rng.uniform(71, 88), 345, fb=rng.randint(58000, 64000), temp=rng.randint(33, 38))
            return i56(rng, "h100sxm_56", clk=345)
        if n_ == "gh-06":
            busy = t_ < t_f + 25 and g == 0
            if t_ >= t_c:
                return i56(rng, "h100sxm_56", clk=345)
            return g38(rng.randint(0, 14) if busy else 0, rng.uniform(95, 140) if g == 0 else rng.uniform(68, 80),
                       1980 if busy else 345, fb=38650 + rng.randint(-40, 40) if g == 0 else 0,
                       temp=rng.randint(34, 41))
        return b56(rng, "h100sxm_56", load=rng.uniform(0.88, 0.97))
    tel56(s, ["gh-03"], 8, 0.0, T_END, 300.0, fn, keys=K56)
    tel56(s, ["gh-06", "gh-07", "gh-08"], 8, 0.0, T_END, 900.0, fn, keys=K56)
    s.truth = truth({"t": t_f, "category": "software", "node": None}, drain=[], requeue={}, no_requeue=[T],
                    no_drain=["gh-03", "gh-06"])
    return s


# ======================================================================================
# S3  healthy-stylegan3-r-1024-2xa6000-rtx-09-fid50k-full-29min-no-line-gpus-half-busy  (healthy: StyleGAN3-R at
#     1024 x 1024 on the 2 RTX A6000 of rtx-09, resumed at 6400 kimg; one tick line every ~8.7 min (4 kimg at
#     ~130 s/kimg); every 10 ticks a network snapshot is pickled and `fid50k_full` is evaluated: "Evaluating
#     metrics..." then 29 minutes without a line while both GPUs generate 50k images and run Inception at 55-90 %
#     utilisation and reduced power; then the metric JSON line and the next tick, whose `maintenance` field carries
#     the 29 minutes. Nothing is wrong.)
# ======================================================================================
# Source (truth): https://github.com/NVlabs/stylegan3/issues/73 -- "Evaluating Metrics for very long": the run
#   prints a tick and then "evaluates metrics till I stop the script"; answer: metrics compare generated images with
#   the dataset, "they take quite a bit to calculate", turn them off with `--metrics=none` if not needed. Also
#   https://github.com/NVlabs/stylegan3/issues/178: "in my experience it can hang on evaluating metrics for
#   30min-1hr. the fid50k_full is hungry". Line formats follow training/training_loop.py and
#   metrics/metric_main.py of NVlabs/stylegan3; no line is copied from the threads (they quote none we use).


def build_s3() -> Scenario:
    name = "healthy-stylegan3-r-1024-2xa6000-rtx-09-fid50k-full-29min-no-line-gpus-half-busy"
    G, N1, N2 = "3318742", "3318650", "3318811"
    s = Scenario(name, "StyleGAN3-R 1024x1024 on the two RTX A6000 of one node (resumed from a 6400-kimg snapshot, "
                 "--snap=10, --metrics=fid50k_full, tick = 4 kimg); two other owners' jobs on other nodes.",
                 "2022-03-09T10:00:00Z",
                 {"name": "vis", "partition": "gpu", "nodes": "rtx-[01-16]", "gpus_per_node": 2,
                  "pci_bus_ids": A6K_BUS},
                 [{"id": G, "name": "sg3r-portraits-1024", "user": "ekowalski", "nodes": "rtx-09",
                   "tasks_per_node": 2, "started": "2022-03-09T07:12:44Z",
                   "comment": comment(2, "/data/vis/ekowalski/training-runs/00041-stylegan3-r-portraits1024-gpus2")},
                  {"id": N1, "name": "cascade-rcnn-r50-lvis", "user": "jli", "nodes": "rtx-[02-03]",
                   "tasks_per_node": 2, "started": "2022-03-09T05:31:20Z"},
                  {"id": N2, "name": "wav2vec2-base-ft-cv", "user": "oadeyemi", "nodes": "rtx-12",
                   "tasks_per_node": 2, "started": "2022-03-09T09:44:03Z", "comment": comment(1)}])
    rng = s.rng
    T_END = 10400.0
    start = -10036.0   # SYNTH: job start relative to the record
    t0_wall = calendar.timegm(s.start.timetuple())
    # tick loop (SYNTH, stylegan3 semantics: snapshot + metrics when cur_tick % 10 == 0, the time lands in the next
    # tick's `maintenance`)
    t = start + 96.0
    tick, kimg = 0, 6400.0
    maint = 96.0
    aug = 0.214
    metric_windows = []
    while t < T_END:
        sec_tick = 0.0 if tick == 0 else rng.uniform(512, 528)
        t += sec_tick
        if t >= T_END:
            break
        kimg_tick = kimg + (0.016 if tick == 0 else 4.0 + rng.choice([0.0, 0.0, 0.016]))
        aug = min(0.4, max(0.1, aug + rng.uniform(-0.004, 0.005)))
        line = sg3_tick(tick, kimg_tick, t - start, sec_tick, sec_tick / (kimg_tick - kimg) if tick else 0.0,
                        maint, 5.61 + rng.uniform(0, 0.05), 21.74 + rng.uniform(-0.05, 0.05),
                        24.05 + rng.uniform(0, 0.08), aug)
        if t >= 0:
            s.joblog(t, G, line)  # SYNTH
        kimg = kimg_tick
        maint = rng.uniform(0.15, 0.35)
        if tick % 10 == 0:
            pickle_s = rng.uniform(6.5, 8.5)
            te = t + pickle_s
            if te >= 0:
                s.joblog(te, G, "Evaluating metrics...")  # SYNTH
            dur = 1975.0 if tick == 0 else rng.uniform(1718, 1760)   # tick 0: real-image statistics not cached yet
            pkl = f"network-snapshot-{int(kimg):06d}.pkl"
            if te + dur >= 0:
                s.joblog(te + dur + 0.4, G, sg3_metric_json("fid50k_full", rng.uniform(6.4, 7.1) if tick else 7.42,
                                                            dur, 2, pkl, round(t0_wall + te + dur + 0.4, 6)))
            metric_windows.append((te, te + dur))
            maint = pickle_s + dur + rng.uniform(1.0, 2.0)
            t = te + dur + 1.0
        tick += 1
    # --- neighbours (SYNTH) ---
    tn, ep, it = 25.0, 17, 1100
    while tn < T_END:
        it += 100
        if it > 2490:
            ep, it = ep + 1, 100
        s.joblog(tn, N1, mmdet_line(s.at(tn), ep, it, 2490, 0.02 if ep < 20 else 0.002, rng.uniform(0.88, 1.04)))
        tn += rng.uniform(60.5, 62.5)
    tn, ep = 70.0, 3.02
    while tn < T_END:
        ep += 0.012
        s.joblog(tn, N2, hf_log(rng.uniform(0.29, 0.41), rng.uniform(1.1, 2.4), 1e-4 * max(0.05, 1 - ep / 30), ep))
        tn += rng.uniform(88, 92)
    for h, tk, kind in [("rtx-09", 1200.0, 1), ("rtx-03", 3400.0, 0), ("rtx-12", 6900.0, 2), ("rtx-09", 9100.0, 0)]:
        noise56(s, h, tk, kind)

    def in_metric(t_):
        return any(a <= t_ <= b for a, b in metric_windows)

    def fn(n_, g, t_):
        if n_ == "rtx-09":
            if in_metric(t_):
                u = rng.uniform(55, 90)
                return g38(u, 60 + 1.9 * u + rng.uniform(-8, 8), 1800 - rng.choice([0, 15, 30]),
                           fb=27300 + rng.randint(-300, 300), temp=rng.randint(71, 77), thr=0)
            return g38(100 - rng.choice([0, 0, 1]), rng.uniform(289, 300), rng.choice([1725, 1740, 1755, 1770]),
                       fb=24630 + rng.randint(-200, 200), temp=rng.randint(80, 85), thr=0x4)
        return b56(rng, "a6000_56", load=rng.uniform(0.82, 0.97))
    tel56(s, ["rtx-09"], 2, 0.0, T_END, 300.0, fn, keys=K56T)
    tel56(s, ["rtx-02", "rtx-03", "rtx-12"], 2, 0.0, T_END, 900.0, fn, keys=K56)
    s.truth = truth(None, no_requeue=[G, N2], no_drain=["rtx-09"])
    return s


# ======================================================================================
# S4  megads-tr1-13b-64x4-v100-jz-r8i2n6-gpu1-dbe-next-array-task-dies-at-startup-barrier-cuda-oom  (gpu_hardware:
#     BigScience tr1-13B (Megatron-DeepSpeed, TP=2, PP=4, DP=32) as a Slurm job array on 64 Jean-Zay-style nodes x 4
#     V100-SXM2-32GB. The previous array task died minutes earlier with an uncorrectable ECC error on GPU 1 of r8i2n6
#     (the controller's history holds a "suspect" verdict; nobody drained the node); the scheduler starts the next
#     task at once on the same 64 nodes. 100 s later, still in initialisation, rank 97 (r8i2n6, GPU 1) dies in the
#     first torch.distributed.barrier() with "CUDA error: out of memory" -- an error that reads like a program or
#     configuration problem; srun tears the step down and the job FAILS. GPU 1 of r8i2n6 still reports a volatile
#     DBE and a pending page retirement.)
# ======================================================================================
# Source (truth): https://github.com/bigscience-workshop/bigscience/blob/master/train/tr1-13B-base/chronicles.md,
#   section "Corrupt GPU crashes the training multiple times": after the ECC crash "the slurm scheduler started the
#   next training job in the array, and it crashed too this time right away on" the barrier with `RuntimeError: CUDA
#   error: out of memory`; "We figured one of the gpus had a hardware problem ... the scheduler allocated the same
#   node and of course, we crashed again. We contacted JZ admins and indeed one of the nodes was faulty. The next
#   training didn't hit this node and the training continued." (The first, mid-training ECC crash of this incident
#   was used by holdout12 through pytorch/pytorch#63174; this scenario is the follow-on start-up failure, with its
#   own lines.) The start-up lines below are verbatim from the chronicle's second log block; lines of that block
#   that also occur in earlier corpora are emitted as SYNTH with the same text.
REAL_S4_INIT = [
    "> initializing tensor model parallel with size 2",
    "> initializing pipeline model parallel with size 4",
    "> setting random seeds to 42 ...",
    "[2021-08-12 08:19:28,225] [INFO] [checkpointing.py:226:model_parallel_cuda_manual_seed] > initializing model "
    "parallel cuda seeds on global rank 0, model parallel rank 0, and data parallel rank 0 with model parallel seed: "
    "2760 and data parallel seed: 42",
]
REAL_S4_MAKE_IN = ("make: Entering directory '/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/"
                   "Megatron-DeepSpeed-tr1-13B/megatron/data'")
REAL_S4_MAKE_OUT = ("make: Leaving directory '/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/"
                    "Megatron-DeepSpeed-tr1-13B/megatron/data'")
REAL_S4_DONE = ">>> done with dataset index builder. Compilation time: 0.338 seconds"
REAL_S4_TB = [
    '  File "/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/megatron/training.py", '
    'line 95, in pretrain',
    "    initialize_megatron(extra_args_provider=extra_args_provider,",
    '  File "/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/megatron/initialize.py", '
    'line 89, in initialize_megatron',
    "    _compile_dependencies()",
    '  File "/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/megatron/initialize.py", '
    'line 140, in _compile_dependencies',
    "    torch.distributed.barrier()",
    '  File "/gpfswork/rech/six/commun/conda/tr1-13B/lib/python3.8/site-packages/torch/distributed/distributed_c10d.py", '
    'line 2420, in barrier',
]


def build_s4() -> Scenario:
    name = "megads-tr1-13b-64x4-v100-jz-r8i2n6-gpu1-dbe-next-array-task-dies-at-startup-barrier-cuda-oom"
    J, N1, N2 = "682871", "682790", "682833"
    groups = [f"r8i{i}n[0-8]" for i in range(8)]
    jhost = ",".join(groups[:7] + ["r8i7n0"])
    s = Scenario(name, "BigScience tr1-13B Megatron-DeepSpeed job array (one 20 h task at a time, %1) on 64 nodes x 4 "
                 "V100-SXM2-32GB, torch.distributed.launch per node under srun, rank 0 and error output in one log; "
                 "the previous array task crashed on an uncorrectable ECC error 30 s before the record; two other "
                 "groups' jobs on the remaining nodes.",
                 "2021-08-12T08:18:00Z",
                 {"name": "jz-v100", "partition": "gpu_p13", "nodes": ",".join(groups), "gpus_per_node": 4,
                  "pci_bus_ids": JZV_BUS},
                 [{"id": J, "name": "tr1-13B-round3", "user": "uty16tp", "nodes": jhost, "tasks_per_node": 4,
                   "started": "2021-08-12T08:18:02Z",
                   "comment": comment(5, "/gpfsscratch/rech/six/commun/checkpoints/tr1-13B/checkpoints")},
                  {"id": N1, "name": "xlsr53-ft-cv-fr", "user": "ulk82qd", "nodes": "r8i7n[1-4]", "tasks_per_node": 4,
                   "started": "2021-08-12T02:40:11Z"},
                  {"id": N2, "name": "gptj-6b-ds-zero3", "user": "ucq45ke", "nodes": "r8i7n[5-8]",
                   "tasks_per_node": 4, "started": "2021-08-12T06:55:48Z", "comment": comment(1)}],
                 history=[{"at": "2021-08-12T08:17:31Z", "node": "r8i2n6", "verdict": "suspect",
                           "category": "gpu_hardware"}])
    rng = s.rng
    T_END = 2580.0
    jnodes = expand_hostlist(jhost)
    bad, badg = "r8i2n6", 1
    rank_bad = jnodes.index(bad) * 4 + badg
    # --- launcher banners, one per node (SYNTH, torch 1.8 torch.distributed.launch) ---
    t = 9.2
    for k in range(len(jnodes)):
        tb = t + rng.uniform(0, 3.5)
        s.joblog(tb, J, "*****************************************")
        s.joblog(tb + 0.001, J, "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
                                "to avoid your system being overloaded, please further tune the variable for optimal "
                                "performance in your application as needed. ")
        s.joblog(tb + 0.002, J, "*****************************************")
    t = 31.4
    for line in ["using world size: 256, data-parallel-size: 32, tensor-model-parallel size: 2, "
                 "pipeline-model-parallel size: 4 ",
                 "using torch.float16 for parameters ...",
                 "------------------------ arguments ------------------------",
                 "  adam_beta1 ...................................... 0.9",
                 "  adam_beta2 ...................................... 0.999",
                 "  global_batch_size ............................... 1024",
                 "  hidden_size ..................................... 5120",
                 "  micro_batch_size ................................ 1",
                 "  num_layers ...................................... 40",
                 "  pipeline_model_parallel_size .................... 4",
                 "  save_interval ................................... 1500",
                 "  seq_length ...................................... 2048",
                 "  tensor_model_parallel_size ...................... 2",
                 "-------------------- end of arguments ---------------------",
                 "setting number of micro-batches to constant 32",
                 "> building GPT2BPETokenizer tokenizer ...",
                 " > padded vocab (size: 50257) with 175 dummy tokens (new size: 50432)",
                 "> initializing torch distributed ..."]:
        s.joblog(t, J, line)  # SYNTH
        t += 0.002
    t = 86.9
    for line in REAL_S4_INIT[:3]:
        s.joblog(t, J, line)  # REAL (verbatim)
        t += 0.02
    s.joblog(88.225, J, REAL_S4_INIT[3])  # REAL (verbatim; record clock chosen so its stamp fits)
    s.joblog(88.31, J, "> compiling dataset index builder ...")  # SYNTH (same text as the chronicle; in earlier/)
    s.joblog(88.33, J, REAL_S4_MAKE_IN)  # REAL
    s.joblog(88.36, J, "make: Nothing to be done for 'default'.")  # SYNTH (same text; in earlier/)
    s.joblog(88.37, J, REAL_S4_MAKE_OUT)  # REAL
    s.joblog(88.65, J, REAL_S4_DONE)  # REAL
    s.joblog(88.66, J, "> compiling and loading fused kernels ...")  # SYNTH (same text; in earlier/)
    # --- rank 97 (r8i2n6 GPU 1) dies in the first barrier ---
    t_c = 99.81
    s.joblog(t_c, J, "Traceback (most recent call last):")  # SYNTH (in earlier/)
    s.joblog(t_c + 0.001, J, '  File "/gpfswork/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/'
                             'pretrain_gpt.py", line 222, in <module>')  # SYNTH (same text; in earlier/)
    s.joblog(t_c + 0.002, J, "    pretrain(train_valid_test_datasets_provider, model_provider, forward_step,")  # SYNTH
    for k, line in enumerate(REAL_S4_TB):
        s.joblog(t_c + 0.003 + 0.0005 * k, J, line)  # REAL (verbatim)
    s.joblog(t_c + 0.008, J, "    work = default_pg.barrier(opts=opts)")  # SYNTH (same text; in earlier/)
    s.joblog(t_c + 0.009, J, "RuntimeError: CUDA error: out of memory")  # SYNTH (same text; in earlier/)
    # --- torch 1.8 launcher on r8i2n6 and srun teardown (SYNTH) ---
    t = t_c + 1.4
    for k in range(4):
        s.joblog(t + 0.01 * k, J, f"Killing subprocess {3112004 + k}")
    py = "/gpfswork/rech/six/commun/conda/tr1-13B"
    for k, line in enumerate([
            "Traceback (most recent call last):",
            f'  File "{py}/lib/python3.8/runpy.py", line 194, in _run_module_as_main',
            "    return _run_code(code, main_globals, None,",
            f'  File "{py}/lib/python3.8/runpy.py", line 87, in _run_code',
            "    exec(code, run_globals)",
            f'  File "{py}/lib/python3.8/site-packages/torch/distributed/launch.py", line 340, in <module>',
            "    main()",
            f'  File "{py}/lib/python3.8/site-packages/torch/distributed/launch.py", line 326, in main',
            "    sigkill_handler(signal.SIGTERM, None)  # not coming back",
            f'  File "{py}/lib/python3.8/site-packages/torch/distributed/launch.py", line 301, in sigkill_handler',
            "    raise subprocess.CalledProcessError(returncode=last_return_code, cmd=cmd)",
            f"subprocess.CalledProcessError: Command '['{py}/bin/python', '-u', "
            f"'/gpfswork/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/pretrain_gpt.py', '--local_rank=1', "
            f"'--tensor-model-parallel-size', '2', '--pipeline-model-parallel-size', '4', '--num-layers', '40', "
            f"'--hidden-size', '5120', '--num-attention-heads', '32', '--seq-length', '2048', "
            f"'--max-position-embeddings', '2048', '--micro-batch-size', '1', '--rampup-batch-size', '16', '16', "
            f"'6_000_000', '--global-batch-size', '1024', '--train-samples', '300_000_000', '--deepspeed', "
            f"'--deepspeed_config', './ds_config.682871.json', '--zero-stage', '1', "
            f"'--deepspeed-activation-checkpointing']' returned non-zero exit status 1."]):
        s.joblog(t + 0.05 + 0.0005 * k, J, line)
    t += 0.6
    s.joblog(t, J, f"srun: error: {bad}: task {jnodes.index(bad)}: Exited with exit code 1")
    s.joblog(t + 0.05, J, "srun: Job step aborted: Waiting up to 62 seconds for job step to finish.")
    s.joblog(t + 0.1, J, f"slurmstepd: error: *** STEP {J}.0 ON r8i0n0 CANCELLED AT {s.at(t + 0.1):%Y-%m-%dT%H:%M:%S} ***")
    others = [k for k in range(len(jnodes)) if jnodes[k] != bad]
    for k in others:
        s.joblog(t + 1.5 + rng.uniform(0, 2.0), J, f"srun: error: {jnodes[k]}: task {k}: Terminated")
    s.joblog(t + 4.2, J, f"srun: Force Terminated job step {J}.0")
    s.job_state(t + 9.7, J, "FAILED", "1:0")
    t_fail = t + 9.7
    # --- neighbours (SYNTH) ---
    tn, ep = 14.0, 11.88
    while tn < T_END:
        ep += 0.0041
        s.joblog(tn, N1, hf_log(rng.uniform(0.33, 0.47), rng.uniform(0.9, 1.6), 3e-5 * max(0.1, 1 - ep / 30), ep))
        tn += rng.uniform(57, 61)
    tn, it = 31.0, 8630
    while tn < T_END:
        it += 10
        s.joblog(tn, N2, megatron_iter(s.at(tn), it, 25000, rng.uniform(15100, 15500), 1.2e-4 * (1 - it / 25000),
                                       rng.uniform(2.05, 2.17), 256))
        tn += 10 * rng.uniform(15.1, 15.5)
    for h, tk, kind in [("r8i4n2", 600.0, 0), ("r8i7n3", 1500.0, 5), ("r8i1n8", 2300.0, 1)]:
        noise56(s, h, tk, kind)

    def fn(n_, g, t_):
        ex = {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1 if (n_ == bad and g == badg) else 0,
              "DCGM_FI_DEV_RETIRED_PENDING": 1 if (n_ == bad and g == badg) else 0}
        if n_ in jnodes:
            if t_ < t_fail:
                fb = 310 if (n_ == bad and g == badg) else rng.randint(900, 2600)
                return g38(rng.randint(0, 3), rng.uniform(55, 68), 1530 if fb > 500 else 1290, fb=fb, extra=ex)
            return g38(0, rng.uniform(38, 46), 135, fb=0, extra=ex)
        return b56(rng, "v100sxm32_56", load=rng.uniform(0.88, 0.98), extra=ex)
    tel56(s, jnodes, 4, 0.0, T_END, 1200.0, fn, keys=K56E4)
    s.truth = truth({"t": 2.0, "category": "gpu_hardware", "node": bad, "gpu": badg}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["r8i2n5", "r8i2n7", "r8i0n0"])
    return s


# ======================================================================================
# S5  cbio-hal-gpfs-lun-rebuild-replication-rsync-three-gpu-jobs-crawl-for-hours-none-fail  (infrastructure: a
#     2014 campus cluster (4 x GTX TITAN per node, one GPFS file system for home/data/scratch). From ~19:10 the GPFS
#     back end is saturated -- a LUN rebuilding after a failed drive, re-replication of unreplicated data to a
#     second site, the snapshot rsyncs, and a drive timing out periodically -- and three owners' GPU jobs on three
#     different nodes crawl: a YANK replica-exchange run (each iteration writes its NetCDF store) goes from ~31 s to
#     50-70 s per iteration, a Caffe ImageNet training reading its LMDB goes from ~70 s to 3-4.5 min per 200
#     iterations, a Theano LSTM's periodic pickle to GPFS takes 15-20 min instead of 7 s. Hung-task warnings
#     appear on two nodes; no job fails during the 4.5-hour record.)
# ======================================================================================
# Source (truth): https://github.com/cBio/cbio-cluster/issues/129 -- "GPFS status overall issue for referencing"
#   (2014-09-28): the admins' list of what made the file system slow: "Replication of unreplicated data to both the
#   folding@home server and CBIO's Isilon via a dedicated link", "a single drive rebuild a LUN in gpfs-array-4-1
#   following a failed drive", "The snapshot rsyncs to SDSC are running", "We may have a drive in a periodic
#   timeout state in gpfs-array-4-9" -- "We feel the read level is high on the filesystem as a result of the above".
#   Users' symptoms in https://github.com/cBio/cbio-cluster/issues/113 ("reading speeds of 2 to 10 MB per second
#   ... on gpu-1-6 but I have the similar problem on other nodes as well"). No log line of the threads is used;
#   everything is SYNTH (the cluster ran Torque; its job states are rendered as Slurm states).


def build_s5() -> Scenario:
    name = "cbio-hal-gpfs-lun-rebuild-replication-rsync-three-gpu-jobs-crawl-for-hours-none-fail"
    Y, C, T = "2381166", "2381204", "2381187"
    s = Scenario(name, "Campus GPU cluster, 4 x GTX TITAN per node, everything on one GPFS file system: a YANK "
                 "alchemical replica-exchange job, a Caffe ImageNet (LMDB) training and a Theano LSTM, three owners on "
                 "three nodes, all reading/writing GPFS.",
                 "2014-09-27T18:30:00Z",
                 {"name": "hal", "partition": "gpu", "nodes": "gpu-1-[4-17],gpu-2-[4-17]", "gpus_per_node": 4,
                  "pci_bus_ids": HAL_BUS},
                 [{"id": Y, "name": "yank-t4-lysozyme-explicit", "user": "yk2291", "nodes": "gpu-1-6",
                   "tasks_per_node": 4, "started": "2014-09-26T21:04:55Z", "comment": comment(3)},
                  {"id": C, "name": "caffe-alexnet-bn", "user": "tk9921", "nodes": "gpu-2-9", "tasks_per_node": 1,
                   "started": "2014-09-27T11:47:30Z"},
                  {"id": T, "name": "lstm-ptb-large", "user": "ab4410", "nodes": "gpu-1-11", "tasks_per_node": 1,
                   "started": "2014-09-27T16:02:13Z", "comment": comment(2)}])
    rng = s.rng
    T_END = 16200.0
    T_F = 2412.0

    def slow(t):
        """SYNTH I/O slowdown factor of the shared file system (1 = normal)."""
        if t < T_F:
            return 1.0
        x = min(1.0, (t - T_F) / 1500)
        base = 1 + 3.2 * x
        if 9000 <= t <= 14500:
            base += 1.4   # snapshot rsyncs on top
        return base * rng.uniform(0.85, 1.2)
    # --- YANK (SYNTH): iteration lines, each iteration ends with a NetCDF write to GPFS ---
    t, it = 12.0, 5212
    while t < T_END:
        it += 1
        s.joblog(t, Y, f"{s.at(t):%Y-%m-%d %H:%M:%S},{s.at(t).microsecond // 1000:03d}: Iteration {it} / 10000")
        compute = rng.uniform(24.5, 26.5)
        io = rng.uniform(4.8, 6.8) * slow(t)
        dur = compute + io
        t += dur
        s.joblog(t, Y, yank_iter(s.at(t), dur))
        t += 0.3
    # --- Caffe (SYNTH, glog): display every 200 iterations, LMDB read stalls stretch them ---
    t, it = 40.0, 232200
    pid = 30417
    while t < T_END:
        it += 200
        per = 200 * rng.uniform(0.343, 0.352) * (1 + 0.55 * (slow(t) - 1))
        t += per
        if t >= T_END:
            break
        loss = rng.uniform(1.92, 2.18)
        s.joblog(t, C, caffe56(s.at(t), pid, "solver.cpp:209", f"Iteration {it}, loss = {loss:.4g}"))
        s.joblog(t + 0.0003, C, caffe56(s.at(t + 0.0003), pid, "solver.cpp:224",
                                        f"    Train net output #0: loss = {loss + rng.uniform(-0.2, 0.2):.4g} "
                                        f"(* 1 = {loss:.4g} loss)"))
        s.joblog(t + 0.0006, C, caffe56(s.at(t + 0.0006), pid, "solver.cpp:486", f"Iteration {it}, lr = 0.001"))
    # --- Theano LSTM (SYNTH): progress every 200 minibatches, params pickled to GPFS every 1000 ---
    t, ep, mb = 25.0, 9, 400
    while t < T_END:
        mb += 200
        if mb > 2323:
            s.joblog(t, T, f"epoch {ep} done, train ppl {rng.uniform(81, 84):.2f}, valid ppl {rng.uniform(118, 121):.2f}")
            ep, mb = ep + 1, 200
        t += 200 * rng.uniform(0.41, 0.43)
        if t >= T_END:
            break
        s.joblog(t, T, f"epoch {ep}, minibatch {mb}/2323, training cost {rng.uniform(4.36, 4.52):.4f}, "
                       f"{rng.uniform(8900, 9300):.0f} words/s")
        if mb % 1000 == 0:
            s.joblog(t + 0.1, T, f"saving params to /cbio/grlab/home/ab4410/lstm/ptb_large_e{ep}_mb{mb}.pkl")
            w = rng.uniform(6, 9) if t < T_F else rng.uniform(840, 1260)
            t += w
            s.joblog(t, T, f"saved ({w:.1f}s)")
    # --- hung-task warnings on two clients (SYNTH, RHEL 6 kernel wording) ---
    for host, t_h, comm, pid_h in [("gpu-1-6", 4105.0, "python", 23485), ("gpu-2-9", 6020.0, "caffe", 30417),
                                   ("gpu-1-6", 10260.0, "python", 23485), ("gpu-2-9", 11880.0, "caffe", 30417)]:
        kt(s, t_h, host, f"INFO: task {comm}:{pid_h} blocked for more than 120 seconds.")
        kt(s, t_h + 0.001, host, '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.')
        kt(s, t_h + 0.002, host, f"{comm:<15s} D 0000000000000006     0 {pid_h:5d}  {pid_h - 15:5d} 0x00000080")
    for h, tk, kind in [("gpu-1-11", 1800.0, 0), ("gpu-2-9", 7600.0, 3), ("gpu-1-6", 13000.0, 2)]:
        noise56(s, h, tk, kind)

    def fn(n_, g, t_):
        f = slow(t_)
        if n_ == "gpu-1-6":
            u = 100 * 25.5 / (25.5 + 5.8 * f) * rng.uniform(0.9, 1.0)
            return g38(u, 70 + 1.2 * u, 876 if u > 20 else 324, fb=rng.randint(1250, 1400), temp=rng.randint(60, 78))
        if n_ == "gpu-2-9":
            if g > 0:
                return i56(rng, "gtxtitan_56", clk=324)
            u = 100 / (1 + 0.55 * (f - 1)) * rng.uniform(0.85, 0.98)
            return g38(u, 70 + 1.25 * u, 876, fb=rng.randint(4900, 5300), temp=rng.randint(62, 82))
        if g > 0:
            return i56(rng, "gtxtitan_56", clk=324)
        return g38(rng.randint(91, 97), rng.uniform(170, 196), 876, fb=rng.randint(3100, 3300), temp=rng.randint(76, 81))
    tel56(s, ["gpu-1-6", "gpu-2-9", "gpu-1-11"], 4, 0.0, T_END, 600.0, fn, keys=K56)
    s.truth = truth({"t": T_F, "category": "infrastructure", "node": None}, drain=[], requeue={},
                    no_requeue=[Y, T], no_drain=["gpu-1-6", "gpu-2-9", "gpu-1-11"])
    return s


# ======================================================================================
# S6  jax-lr-sweep-rtx5090-g5090-03-xid31-after-20-jit-compiles-resubmitted-g5090-07-same-fault  (software: a JAX
#     parameter sweep on one RTX 5090 (driver 610.43.02, CUDA 13.3, JAX 0.10.1) builds a new
#     jax.jit(jax.value_and_grad(closure)) for every trial; at the 21st compiled program the GPU takes an Xid 31
#     MMU fault (FAULT_PDE, low VA) and the process dies with CUDA_ERROR_ILLEGAL_ADDRESS -- it looks like a bad
#     GPU. The owner resubmits with --exclude=g5090-03; on g5090-07 the same trial count gives the same Xid 31 and
#     the same crash.)
# ======================================================================================
# Source (truth): https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1208 -- "Xid 31 MMU FAULT_PDE on RTX
#   5090 (sm_120) after ~20 distinct CUDA program compilations in a single context": driver 610.43.02, JAX 0.10.1;
#   "Reproduced on all three identical cards. Not hardware-specific."; root cause on the application side: a new
#   jax.jit(jax.value_and_grad(closure)) per optimisation run; companion report
#   https://github.com/jax-ml/jax/issues/38548 (unbounded JIT compilation cache; "the same code runs indefinitely on
#   Ampere ... and Volta"). The thread's kernel line is wrapped and has a placeholder pid, so the Xid lines below are
#   SYNTH in the driver's one-line layout with real pids; all other lines are SYNTH as well.


def build_s6() -> Scenario:
    name = "jax-lr-sweep-rtx5090-g5090-03-xid31-after-20-jit-compiles-resubmitted-g5090-07-same-fault"
    A, B, N1, N2 = "118304", "118371", "118250", "118290"
    t_b0 = 2470.0
    s = Scenario(name, "University GPU cluster with 4 x RTX 5090 per node (driver 610.43.02): a one-GPU JAX "
                 "learning-rate sweep (new jit per trial), resubmitted by its owner on another node after it crashed; "
                 "a nanoGPT speed-run on two nodes and a Whisper fine-tune on a third.",
                 "2026-06-16T13:00:00Z",
                 {"name": "ml5090", "partition": "rtx5090", "nodes": "g5090-[01-12]", "gpus_per_node": 4,
                  "pci_bus_ids": R50_BUS},
                 [{"id": A, "name": "pinn-lr-sweep", "user": "rhaddad", "nodes": "g5090-03", "tasks_per_node": 1,
                   "started": "2026-06-16T12:58:11Z", "comment": comment(2)},
                  {"id": B, "name": "pinn-lr-sweep", "user": "rhaddad", "nodes": "g5090-07", "tasks_per_node": 1,
                   "started": "2026-06-16T13:41:10Z", "comment": comment(2)},
                  {"id": N1, "name": "nanogpt-speedrun-8gpu", "user": "dli", "nodes": "g5090-[01-02]",
                   "tasks_per_node": 4, "started": "2026-06-16T12:31:02Z"},
                  {"id": N2, "name": "whisper-small-ft-sw", "user": "aokafor", "nodes": "g5090-05",
                   "tasks_per_node": 4, "started": "2026-06-16T11:50:44Z", "comment": comment(1)}])
    rng = s.rng
    T_END = 5400.0
    fails = {}

    def run(job, node, t0, pid):
        d = s.at(t0)
        t = t0
        s.joblog(t, job, f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO sweep: 50 trials x 2000 steps, "
                         f"lr in [1.0e-03, 5.9e-03], devices=[CudaDevice(id=0)]")
        t += 3.2
        for trial in range(50):
            lr = 0.001 * (1 + trial * 0.1)
            comp = rng.uniform(7.2, 8.6)
            t += comp
            dd = s.at(t)
            s.joblog(t, job, f"{dd:%Y-%m-%d %H:%M:%S},{dd.microsecond // 1000:03d} INFO trial {trial:02d} lr={lr:.4e} "
                             f"compiled in {comp:.1f}s")
            if trial == 20:
                t_x = t + 0.8
                bus = R50_BUS[0]
                kt(s, t_x, node, f"NVRM: GPU at PCI:{bus}: GPU-{'7c1e09d4' if node == 'g5090-03' else 'b52f3a60'}-"
                                 f"{'5a2b-11c0-93de-2b7f0e8c41a6' if node == 'g5090-03' else '0d19-77aa-6ce1-48b1d2f7390c'}")
                kt(s, t_x + 0.001, node, "NVRM: GPU Board Serial Number: 0")
                kt(s, t_x + 0.002, node, xid31_56(bus, pid, "0x0_00019000"))
                e = s.at(t_x + 0.4)
                out = [f"E{e:%m%d %H:%M:%S}.{e.microsecond:06d}   {pid} pjrt_stream_executor_client.cc:3149] Execution "
                       f"of replica 0 failed: INTERNAL: CUDA error: : CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory "
                       f"access was encountered",
                       "Traceback (most recent call last):",
                       '  File "/home/rhaddad/pinn/sweep.py", line 141, in <module>',
                       "    main()",
                       '  File "/home/rhaddad/pinn/sweep.py", line 122, in main',
                       "    loss, g = grad_fn(params)",
                       "              ^^^^^^^^^^^^^^^",
                       "jaxlib._jax.XlaRuntimeError: INTERNAL: CUDA error: : CUDA_ERROR_ILLEGAL_ADDRESS: an illegal "
                       "memory access was encountered",
                       "--------------------",
                       "For simplicity, JAX has removed its internal frames from the traceback of the following "
                       "exception. Set JAX_TRACEBACK_FILTERING=off to include these."]
                for k, line in enumerate(out):
                    s.joblog(t_x + 0.4 + 0.001 * k, job, line)
                t_end = t_x + 2.9
                s.joblog(t_end, job, f"srun: error: {node}: task 0: Exited with exit code 1")
                s.job_state(t_end + 1.3, job, "FAILED", "1:0")
                fails[job] = (t_x, t_end + 1.3)
                return
            loss = 0.84
            for st in (500, 1000, 1500, 2000):
                t += rng.uniform(15.8, 16.6)
                loss = loss * rng.uniform(0.55, 0.7)
                dd = s.at(t)
                s.joblog(t, job, f"{dd:%Y-%m-%d %H:%M:%S},{dd.microsecond // 1000:03d} INFO trial {trial:02d} step "
                                 f"{st} loss={loss:.4e}")
    run(A, "g5090-03", 81.0, 48213)
    run(B, "g5090-07", t_b0 + 11.0, 51377)
    # --- neighbours (SYNTH) ---
    tn, stp, tms = 20.0, 800, 800 * 318.2
    while tn < T_END:
        stp += 125
        if stp > 5100:
            break
        tms += 125 * rng.uniform(316, 321)
        s.joblog(tn, N1, nanogpt_line(stp, 5100, tms, tms / stp))
        tn += 125 * 0.318 * rng.uniform(0.99, 1.01)
    if tn < T_END:
        s.joblog(tn, N1, f"peak memory allocated: 25143 MiB reserved: 27322 MiB")
        s.job_state(tn + 6.0, N1, "COMPLETED", "0:0")
        t_n1 = tn + 6.0
    else:
        t_n1 = T_END
    tn, ep = 44.0, 2.31
    while tn < T_END:
        ep += 0.011
        s.joblog(tn, N2, hf_log(rng.uniform(0.21, 0.33), rng.uniform(1.4, 3.1), 1e-5 * max(0.05, 1 - ep / 5), ep))
        tn += rng.uniform(66, 70)
    for h, tk, kind in [("g5090-03", 700.0, 0), ("g5090-05", 2100.0, 2), ("g5090-07", 4700.0, 1)]:
        noise56(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in ("g5090-03", "g5090-07"):
            job = A if n_ == "g5090-03" else B
            t_start = 81.0 if job == A else t_b0 + 11.0
            t_stop = fails[job][1]
            if g == 0 and t_start <= t_ <= t_stop:
                return g38(rng.randint(88, 99), rng.uniform(360, 455), 2700 - rng.choice([0, 15, 30, 45]),
                           fb=rng.randint(9100, 10400), temp=rng.randint(58, 66),
                           extra={"DCGM_FI_DEV_XID_ERRORS": 0})
            xid = 31 if (g == 0 and t_ > fails[job][0]) else 0
            return i56(rng, "rtx5090_56", clk=180, extra={"DCGM_FI_DEV_XID_ERRORS": xid})
        if n_ in ("g5090-01", "g5090-02") and t_ > t_n1:
            return i56(rng, "rtx5090_56", clk=180)
        return b56(rng, "rtx5090_56", load=rng.uniform(0.85, 0.97))
    tel56(s, ["g5090-03", "g5090-07"], 4, 0.0, T_END, 120.0, fn, keys=K56X)
    tel56(s, ["g5090-01", "g5090-02", "g5090-05"], 4, 0.0, T_END, 600.0, fn, keys=K56)
    s.truth = truth({"t": fails[A][0], "category": "software", "node": None}, drain=[], requeue={},
                    no_requeue=[A, B], no_drain=["g5090-03", "g5090-07"])
    return s


# ======================================================================================
# S7  mcore-gpt-1p3b-4x8-a100-n14-back-from-cable-swap-hdr-links-at-100g-steps-41pct-slower-no-error  (network:
#     Megatron-Core GPT pretraining on 4 x 8 A100 with 4 x HDR InfiniBand per node. The first job of a dependency
#     chain runs on a100-n[10-13] at ~2.62 s/iteration until its time limit; the next one resumes from the
#     checkpoint on a100-n[11-14]. a100-n14 has just been returned to service after two of its IB cables were
#     replaced; the new cables negotiated 100 Gb/s instead of 200 Gb/s HDR. The resumed job runs at ~3.7 s/iteration
#     (+41 %) with no error of any kind; GPUs stay busy but draw less power while they wait in NCCL.)
# ======================================================================================
# Source (truth): https://github.com/NVIDIA/nccl/issues/307 -- "NCCL infiniband performance": inter-node bandwidth
#   half of what was expected; the NCCL developer reads from the topology that the ports "negotiated 100G ... If you
#   replaced those two cables with 200G HDR cables, you should be able to get 48 GB/s"; the reporter: "we had a
#   mis-configuration causing the cables to be detected as the wrong speed". The thread has only nccl-tests output;
#   every line below is SYNTH (Megatron-Core log format, mlx5 port-module events, Slurm messages).

A100N_BUS = DGX_BUS


def build_s7() -> Scenario:
    name = "mcore-gpt-1p3b-4x8-a100-n14-back-from-cable-swap-hdr-links-at-100g-steps-41pct-slower-no-error"
    J1, J2, J3, J4 = "993410", "993588", "993102", "993455"
    s = Scenario(name, "Megatron-Core GPT-1.3B pretraining chained with --dependency (4 h time limit, resumes from "
                 "the last checkpoint) on 4 x 8 A100-SXM4-80GB, 4 x HDR IB per node; a node returns from an IB cable "
                 "replacement just before the second job of the chain is scheduled onto it; other owners' jobs.",
                 "2023-02-07T09:00:00Z",
                 {"name": "atlas", "partition": "gpu", "nodes": "a100-n[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": A100N_BUS},
                 [{"id": J1, "name": "gpt1p3b-mcore-c4", "user": "sfernandez", "nodes": "a100-n[10-13]",
                   "tasks_per_node": 8, "started": "2023-02-07T05:40:09Z",
                   "comment": comment(2, "/lustre/atlas/sfernandez/ckpt/gpt1p3b")},
                  {"id": J2, "name": "gpt1p3b-mcore-c4", "user": "sfernandez", "nodes": "a100-n[11-14]",
                   "tasks_per_node": 8, "started": "2023-02-07T09:42:00Z",
                   "comment": comment(2, "/lustre/atlas/sfernandez/ckpt/gpt1p3b")},
                  {"id": J3, "name": "t5-xl-flan-ft", "user": "mho", "nodes": "a100-n[01-04]", "tasks_per_node": 8,
                   "started": "2023-02-07T03:12:51Z"},
                  {"id": J4, "name": "sd2-base-finetune", "user": "vbrandt", "nodes": "a100-n[15-16]",
                   "tasks_per_node": 8, "started": "2023-02-07T08:20:33Z", "comment": comment(1)}])
    rng = s.rng
    T_END = 14400.0
    T2 = 2520.0
    ckpt = "/lustre/atlas/sfernandez/ckpt/gpt1p3b"
    # --- a100-n14 back from maintenance (SYNTH) ---
    s.node_state(0.5, "a100-n14", "DRAINED", "IB cables mlx5_2/mlx5_3 replaced (ticket 4471)")
    for k, (bus, ifc) in enumerate([("0000:8d:00.0", "ib2"), ("0000:93:00.0", "ib3")]):
        tk = 312.0 + 95.0 * k
        kt(s, tk, "a100-n14", f"mlx5_core {bus}: Port module event: module 0, Cable unplugged")
        kt(s, tk + 41.7, "a100-n14", f"mlx5_core {bus}: Port module event: module 0, Cable plugged")
        kt(s, tk + 47.9, "a100-n14", f"IPv6: ADDRCONF(NETDEV_CHANGE): {ifc}: link becomes ready")
    s.node_state(1141.2, "a100-n14", "IDLE", "")
    # --- J1 (SYNTH): Megatron-Core iteration lines every 50 iterations, checkpoint at 5400, time limit ---
    t, it = 96.0, 5050
    while True:
        ms = rng.uniform(2605, 2640)
        t_next = t + 50 * ms / 1000
        if t_next > 2409.0:
            break
        t, it = t_next, it + 50
        lr = 2e-4 * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * it / 60000)))
        s.joblog(t, J1, mcore_iter(s.at(t), it, 60000, ms, lr, 2.74 - 0.00002 * it + rng.uniform(-0.02, 0.02), 512))
        if it == 5400:
            s.joblog(t + 0.3, J1, f"saving checkpoint at iteration    5400 to {ckpt}")
            t += rng.uniform(21, 25)
            s.joblog(t, J1, f"  successfully saved checkpoint at iteration    5400 to {ckpt}")
    d = s.at(2409.0)
    s.joblog(2409.0, J1, f"slurmstepd: error: *** JOB {J1} ON a100-n10 CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} DUE TO "
                         f"TIME LIMIT ***")
    s.joblog(2409.1, J1, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.job_state(2441.6, J1, "TIMEOUT", "0:15")
    # --- J2 (SYNTH): resumes on a100-n[11-14], 41 % slower, no error ---
    t = T2 + 14.0
    for line in ["NCCL version 2.14.3+cuda11.8",
                 "> initializing torch distributed ...",
                 "> initialized tensor model parallel with size 1",
                 "> initialized pipeline model parallel with size 1",
                 "> setting random seeds to 1234 ...",
                 f" loading checkpoint from {ckpt} at iteration 5400"]:
        s.joblog(t, J2, line)
        t += rng.uniform(0.5, 3.0)
    t += 38.0
    s.joblog(t, J2, f"  successfully loaded checkpoint from {ckpt} at iteration 5400")
    t += 21.0
    it = 5400
    while True:
        ms = rng.uniform(3690, 3745)
        t_next = t + 50 * ms / 1000
        if t_next > T_END:
            break
        t, it = t_next, it + 50
        lr = 2e-4 * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * it / 60000)))
        s.joblog(t, J2, mcore_iter(s.at(t), it, 60000, ms, lr, 2.74 - 0.00002 * it + rng.uniform(-0.02, 0.02), 512))
        if it % 600 == 0:
            s.joblog(t + 0.3, J2, f"saving checkpoint at iteration {it:7d} to {ckpt}")
            t += rng.uniform(21, 25)
            s.joblog(t, J2, f"  successfully saved checkpoint at iteration {it:7d} to {ckpt}")
    # --- neighbours (SYNTH) ---
    tn, ep = 30.0, 1.77
    while tn < T_END:
        ep += 0.0023
        s.joblog(tn, J3, hf_log(rng.uniform(0.94, 1.08), rng.uniform(0.41, 0.62), 1e-4 * max(0.05, 1 - ep / 3), ep))
        tn += rng.uniform(118, 122)
    tn, n4 = 60.0, 3200
    while tn < T_END and n4 < 40000:
        n4 += 400
        s.joblog(tn, J4, tqdm_meter(n4, 40000, tn + 2400, 2.21 + rng.uniform(-0.02, 0.02), desc="Steps",
                                    postfix=f"loss={rng.uniform(0.06, 0.19):.3g}, lr=2e-6"))
        tn += 400 / 2.21 * rng.uniform(0.99, 1.01)
    for h, tk, kind in [("a100-n11", 1900.0, 0), ("a100-n03", 5200.0, 1), ("a100-n14", 8800.0, 2),
                        ("a100-n16", 12100.0, 6)]:
        noise56(s, h, tk, kind)

    def fn(n_, g, t_):
        on1 = n_ in ("a100-n10", "a100-n11", "a100-n12", "a100-n13") and t_ < 2420
        on2 = n_ in ("a100-n11", "a100-n12", "a100-n13", "a100-n14") and t_ > T2 + 90
        if on1:
            return g38(100 - rng.choice([0, 0, 1, 2]), rng.uniform(318, 372), 1410 - rng.choice([0, 0, 15]),
                       fb=rng.randint(61000, 64500), temp=rng.randint(58, 66))
        if on2:
            return g38(100 - rng.choice([0, 1, 2, 3]), rng.uniform(238, 281), 1410 - rng.choice([0, 0, 15]),
                       fb=rng.randint(61000, 64500), temp=rng.randint(52, 59))
        if n_ in ("a100-n10", "a100-n11", "a100-n12", "a100-n13", "a100-n14"):
            return i56(rng, "a100sxm80_56", clk=210)
        return b56(rng, "a100sxm80_56", load=rng.uniform(0.86, 0.97))
    tel56(s, expand_hostlist("a100-n[10-14]"), 8, 0.0, T_END, 1200.0, fn, keys=K56)
    tel56(s, expand_hostlist("a100-n[01-04],a100-n[15-16]"), 8, 0.0, T_END, 3600.0, fn, keys=K56L)
    s.truth = truth({"t": T2, "category": "network", "node": "a100-n14"}, drain=["a100-n14"],
                    requeue={J2: {"exclude": ["a100-n14"]}}, no_requeue=[J3, J4],
                    no_drain=["a100-n11", "a100-n12", "a100-n13"])
    return s


# ======================================================================================
# S8  m4-tr141-try5-8x8-a100-jz-iam15-stops-answering-node-fail-no-kernel-line-30min-telemetry  (node_failure: an
#     IDEFICS-style (m4, accelerate + DeepSpeed) hang-hunting experiment on 8 Jean-Zay-style nodes x 8 A100; the
#     main log is a stream of per-micro-step debug prints. At opt_step 235 two ranks abort with "CUDA error: unknown
#     error" from the NCCL watchdog and jean-zay-iam15 stops answering (no ssh, still pings): no kernel line ever
#     arrives from it, its telemetry simply stops (scraped every 30 min), the other 56 ranks spin in NCCL. Slurm
#     marks it NOT_RESPONDING, 11 min later DOWN, and the job ends NODE_FAIL.)
# ======================================================================================
# Source (truth): https://github.com/huggingface/m4-logs/blob/main/tr_141-hanging/tr_141_cm409xPMD01_scale_leap_of_faith_v5_num_workers_0-try5/README.md
#   -- "Training stopped with one whole node stopping to respond at all - couldn't ssh to it." (jean-zay-iam15:
#   "won't connect, but can ping"), job 1911774, followed by the end of main_log.txt and core files timestamped
#   19:10. The debug-print lines and the two c10::CUDAError frame blocks below are verbatim from that README; the
#   `terminate called ...` / `what():` lines of those blocks occur in earlier corpora and are emitted as SYNTH with
#   the same text. Slurm states, node names other than iam15, timing, telemetry and neighbours are SYNTH.
REAL_S8_TAIL = [
    "PID 431169:  After activation tracker at opt_step 235",
    "PID 431171:  Before backward pass in _do_batch",
    "PID 431170:  After loss computation in _do_batch",
    "PID 431170:  Before backward pass in _do_batch",
    "PID 431169:  After loss computation in _do_batch",
    "PID 431169:  Before backward pass in _do_batch",
]
REAL_S8_EXC = "Exception raised from query at ../aten/src/ATen/cuda/CUDAEvent.h:91 (most recent call first):"
REAL_S8_FRAMES_A = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x3e (0x148d35fe220e in "
    "/gpfswork/rech/cnw/commun/conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x13c (0x148d77de278c in "
    "/gpfswork/rech/cnw/commun/conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
    "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x58 (0x148d77de4768 in "
    "/gpfswork/rech/cnw/commun/conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
    "frame #3: c10d::ProcessGroupNCCL::workCleanupLoop() + 0x221 (0x148d77de5cf1 in "
    "/gpfswork/rech/cnw/commun/conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
    "frame #4: <unknown function> + 0xc2ba3 (0x148d87b6dba3 in /lib64/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x81cf (0x148da66091cf in /lib64/libpthread.so.0)",
    "frame #6: clone + 0x43 (0x148da5aebdd3 in /lib64/libc.so.6)",
]
REAL_S8_FRAMES_B = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x3e (0x153a17a5720e in "
    "/gpfswork/rech/cnw/commun/conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x13c (0x153a5985778c in "
    "/gpfswork/rech/cnw/commun/conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
    "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x58 (0x153a59859768 in "
    "/gpfswork/rech/cnw/commun/conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
    "frame #3: c10d::ProcessGroupNCCL::workCleanupLoop() + 0x221 (0x153a5985acf1 in "
    "/gpfswork/rech/cnw/commun/conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
    "frame #4: <unknown function> + 0xc2ba3 (0x153a695e2ba3 in /lib64/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x81cf (0x153a8807e1cf in /lib64/libpthread.so.0)",
    "frame #6: clone + 0x43 (0x153a87560dd3 in /lib64/libc.so.6)",
]


def build_s8() -> Scenario:
    name = "m4-tr141-try5-8x8-a100-jz-iam15-stops-answering-node-fail-no-kernel-line-30min-telemetry"
    M, N1, N2 = "1911774", "1911630", "1911702"
    s = Scenario(name, "m4 (IDEFICS-style vision-language) hang-hunting experiment with accelerate + DeepSpeed on 8 "
                 "nodes x 8 A100-SXM4-80GB, CUDA_LAUNCH_BLOCKING=1, per-micro-step debug prints of one node's ranks "
                 "in main_log.txt; two other groups' jobs; dcgm-exporter scraped every 30 min.",
                 "2023-03-04T18:30:00Z",
                 {"name": "jz-a100", "partition": "gpu_p5", "nodes": "jean-zay-iam[01-52]", "gpus_per_node": 8,
                  "pci_bus_ids": JZ_BUS},
                 [{"id": M, "name": "tr_141_cm409xPMD01_scale_leap_of_faith_v5_num_workers_0-try5", "user": "uxx41ab",
                   "nodes": "jean-zay-iam[09-16]", "tasks_per_node": 8, "started": "2023-03-04T17:02:19Z",
                   "comment": comment(1, "/gpfsssd/scratch/rech/cnw/commun/experiments/local_experiment_dir")},
                  {"id": N1, "name": "bloom-3b-ft-xp", "user": "ubv73rt", "nodes": "jean-zay-iam[20-23]",
                   "tasks_per_node": 8, "started": "2023-03-04T14:11:40Z"},
                  {"id": N2, "name": "whisper-large-ft", "user": "uyh88pn", "nodes": "jean-zay-iam31",
                   "tasks_per_node": 8, "started": "2023-03-04T16:40:02Z", "comment": comment(1)}])
    rng = s.rng
    T_END = 6600.0
    bad = "jean-zay-iam15"
    jnodes = expand_hostlist("jean-zay-iam[09-16]")
    pids = [431169, 431170, 431171]
    # --- per-micro-step debug prints (SYNTH, in the README's `PID n:  message` format) ---
    t, step = 11.0, 178
    t_c = None
    while True:
        step += 1
        for p in pids:
            s.joblog(t + rng.uniform(0.0, 0.05), M, f"PID {p}:  After activation tracker at opt_step {step}")
        if step == 235:
            t_c = t + 4.2
            break
        t += rng.uniform(1.2, 1.6)
        for phase, dt_ in [("Before forward pass in _do_batch", 0.0), ("After loss computation in _do_batch", 6.8),
                           ("Before backward pass in _do_batch", 0.02)]:
            t += dt_
            for p in pids:
                s.joblog(t + rng.uniform(0.0, 0.08), M, f"PID {p}:  {phase}")
        t += rng.uniform(19.5, 21.0)
    # --- the end of main_log.txt (REAL lines, SYNTH where earlier corpora already hold the text) ---
    tt = t + 1.4
    for k, line in enumerate(REAL_S8_TAIL[1:]):
        s.joblog(tt + 0.7 * k, M, line)  # REAL (verbatim)
    s.joblog(t_c, M, "terminate called after throwing an instance of 'c10::CUDAError'")  # SYNTH (in earlier/)
    s.joblog(t_c + 0.0001, M, "terminate called after throwing an instance of 'c10::CUDAError'")  # SYNTH
    s.joblog(t_c + 0.0002, M, "  what():  CUDA error: unknown error")  # SYNTH (in earlier/)
    s.joblog(t_c + 0.0003, M, REAL_S8_EXC)  # REAL
    for k, line in enumerate(REAL_S8_FRAMES_A):
        s.joblog(t_c + 0.0004 + 0.0001 * k, M, line)  # REAL
    s.joblog(t_c + 0.0012, M, "")
    s.joblog(t_c + 0.0013, M, "  what():  CUDA error: unknown error")  # SYNTH (in earlier/)
    s.joblog(t_c + 0.0014, M, REAL_S8_EXC)  # REAL
    for k, line in enumerate(REAL_S8_FRAMES_B):
        s.joblog(t_c + 0.0015 + 0.0001 * k, M, line)  # REAL
    # --- Slurm loses the node (SYNTH) ---
    t_nr = t_c + 191.0
    t_dn = 2402.0
    s.node_state(t_nr, bad, "ALLOCATED+NOT_RESPONDING", "")
    s.node_state(t_dn, bad, "DOWN+NOT_RESPONDING", "Not responding")
    s.joblog(t_dn + 0.6, M, f"srun: error: Node failure on {bad}")
    s.joblog(t_dn + 0.7, M, f"slurmstepd: error: *** JOB {M} ON jean-zay-iam09 CANCELLED AT "
                            f"{s.at(t_dn + 0.7):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    s.joblog(t_dn + 0.8, M, "srun: Job step aborted: Waiting up to 62 seconds for job step to finish.")
    s.job_state(t_dn + 1.2, M, "NODE_FAIL", "0:0")
    # --- neighbours (SYNTH) ---
    tn, it = 21.0, 14320
    while tn < T_END:
        it += 10
        s.joblog(tn, N1, megatron_iter(s.at(tn), it, 30000, rng.uniform(6020, 6180), 6e-5, rng.uniform(2.21, 2.33),
                                       512))
        tn += 10 * rng.uniform(6.02, 6.18)
    tn, ep = 45.0, 0.71
    while tn < T_END:
        ep += 0.006
        s.joblog(tn, N2, hf_log(rng.uniform(0.18, 0.27), rng.uniform(0.9, 1.9), 1e-5 * max(0.05, 1 - ep / 3), ep))
        tn += rng.uniform(97, 101)
    for h, tk, kind in [("jean-zay-iam10", 950.0, 0), ("jean-zay-iam22", 3300.0, 1), ("jean-zay-iam31", 5900.0, 3)]:
        noise56(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jnodes:
            if n_ == bad and t_ >= t_c:
                return None   # nothing answers the scrape any more
            if t_ < t_c:
                return b56(rng, "a100sxm80_56", load=rng.uniform(0.82, 0.97))
            if t_ < t_dn:
                return g38(100, rng.uniform(88, 104), 1410, fb=rng.randint(66000, 71000), temp=rng.randint(41, 46))
            return i56(rng, "a100sxm80_56", clk=210)
        return b56(rng, "a100sxm80_56", load=rng.uniform(0.85, 0.97))
    tel56(s, jnodes + expand_hostlist("jean-zay-iam[20-23],jean-zay-iam31"), 8, 0.0, T_END, 1800.0, fn, keys=K56)
    s.truth = truth({"t": t_c, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={M: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["jean-zay-iam09", "jean-zay-iam14", "jean-zay-iam16"])
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
