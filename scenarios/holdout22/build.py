#!/usr/bin/env python3
"""Build the holdout22 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout15):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to the holdout22 section are copied unchanged from holdout21's build.py (itself holdout20's, with the
holdout21 helper section kept); the holdout21 scenarios are replaced by the holdout22 helpers and scenarios S1..S8 below.
Earlier note: generic helpers up to the holdout21 section are copied unchanged from holdout20's build.py (itself from holdout19) (itself from holdout18,
holdout17, ... holdout14; the holdout18, holdout19 and holdout20 helper sections are kept as they were) (same
machinery, including `TqdmBar`, a re-implementation of tqdm's own `format_meter`). The holdout20 scenario section is
replaced by the holdout21 helpers and scenarios S1..S8 below.
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
# S1  m4-jz-iam06-rank0-gpfs-write-d-state-hang  (hang: one rank on one of 8 nodes stuck in an uninterruptible GPFS
#     write; the other 63 ranks wait in a barrier; only telemetry and that node's hung-task reports show which)
# ======================================================================================
# Source: https://github.com/huggingface/m4-logs/blob/main/tr_141-hanging/tr_141_cm409xPMD01_scale_leap_of_faith_v5_num_workers_0-try3/README.md
# (and dmesg.txt in the same folder, https://github.com/huggingface/m4-logs/blob/main/tr_141-hanging/tr_141_cm409xPMD01_scale_leap_of_faith_v5_num_workers_0-try3/dmesg.txt)
# -- HF m4 (IDEFICS) training logbook, experiment 3.1: "64 gpus, node0:rank0 goes to deep sleep after 3.5h of training
# and won't respond"; py-spy shows every other process in `barrier`; nvidia-smi shows all GPUs at 100 % except node0's
# GPU 0 at 0 %; `ps` shows pid 280058 in state `Dl`; "c10d won't even abort after 30min timeout"; "the process got borked
# and there is nothing can be done other than rebooting the node"; "The next day the sysadmins announced the filesystem
# had a meltdown, so this was the cause of node0:rank0 going into deep sleep - it tried to write and the system call
# never returned." Job 1882409, nodes jean-zay-iam06,31,32,33,39,50,51,52. Last lines of main_log.txt:
REAL_S1_PIDS = [
    'PID 756282:  After clip in _do_batch',
    'PID 756284:  Before sync_gradients in _do_batch',
    'PID 280065:  Before sync_gradients in _do_batch',
    'PID 280061:  Before sync_gradients in _do_batch',
    'PID 515584:  After clip in _do_batch',
    'PID 280062:  After deepspeed backward pass in _do_batch',
    'PID 280059:  Before sync_gradients in _do_batch',
    'PID 756286:  After clip in _do_batch',
    'PID 515583:  After clip in _do_batch',
    'PID 280060:  After deepspeed backward pass in _do_batch',
    'PID 78352:  After clip in _do_batch',
    'PID 78358:  After clip in _do_batch',
    'PID 1966885:  After clip in _do_batch',
    'PID 280064:  Before sync_gradients in _do_batch',
    'PID 280065:  After clip in _do_batch',
    'PID 1966887:  Before sync_gradients in _do_batch',
    'PID 756284:  After clip in _do_batch',
    'PID 1966887:  After clip in _do_batch',
    'PID 280061:  After clip in _do_batch',
    'PID 280064:  After clip in _do_batch',
    'PID 280059:  After clip in _do_batch',
    'PID 280058:  Before sync_gradients in _do_batch',
    'PID 280060:  Before sync_gradients in _do_batch',
    'PID 280062:  Before sync_gradients in _do_batch',
    'PID 280058:  After clip in _do_batch',
    'PID 280060:  After clip in _do_batch',
    'PID 280062:  After clip in _do_batch',
]
# Same folder, dmesg.txt of jean-zay-iam06 (dmesg -T; the stamps are the node's local clock and fit this scenario's
# clock unchanged): the first hung-task report of pid 280058, verbatim (50 lines); 8 more follow every ~2 min with
# the stamps below (the kernel's hung_task_warnings budget of 10 ends at 04:27:15: one was spent on Mar 2); from
# 04:23:09 on the task flags read 0x84 (after the strace/py-spy attach attempts).
REAL_S1_CIFS = [
    '[Sat Mar  4 04:07:02 2023] CIFS PidTable: buckets 64',
    '[Sat Mar  4 04:07:02 2023] CIFS BufTable: buckets 64',
]
REAL_S1_HUNG = [
    '[Sat Mar  4 04:10:52 2023] INFO: task python:280058 blocked for more than 120 seconds.',
    '[Sat Mar  4 04:10:52 2023]       Tainted: P           OE    --------- -  - 4.18.0-372.36.1.el8_6.x86_64 #1',
    '[Sat Mar  4 04:10:52 2023] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
    '[Sat Mar  4 04:10:52 2023] task:python          state:D stack:    0 pid:280058 ppid:279966 flags:0x00000080',
    '[Sat Mar  4 04:10:52 2023] Call Trace:',
    '[Sat Mar  4 04:10:52 2023]  __schedule+0x2d1/0x860',
    '[Sat Mar  4 04:10:52 2023]  ? try_to_wake_up+0x1b4/0x4e0',
    '[Sat Mar  4 04:10:52 2023]  schedule+0x35/0xa0',
    '[Sat Mar  4 04:10:52 2023]  cxiWaitEventWait+0x208/0x330 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  ? wake_up_q+0x70/0x70',
    '[Sat Mar  4 04:10:52 2023]  _ZN6ThCond12internalWaitEP16KernelSynchStatejPv+0x58/0x250 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  _ZN6ThCond5kWaitEiPKc+0x1d3/0x410 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  _ZN13KernelMailbox21sendToDaemonWithReplyEv+0x250/0x3e0 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  _Z19kSFSExpandLastBlockP15KernelOperationP9MMFSVInfoxP10ext_cred_t+0x9e/0x130 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  _Z9kSFSWriteP15KernelOperationP13gpfsVfsData_tP10gpfsNode_tP9MMFSVInfoiP8cxiUio_ti7FileUIDP8OpenFileP10ext_cred_tP10WhatLockedj+0x158a/0x56b0 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  _Z9gpfsWriteP13gpfsVfsData_tP15KernelOperationP9cxiNode_tiP8cxiUio_tP9MMFSVInfoP10cxiVattr_tSA_P10ext_cred_tP14cxiPageLists_tiP+0x1d91/0x6dd0 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  ? _Z9gpfsWriteP13gpfsVfsData_tP15KernelOperationP9cxiNode_tiP8cxiUio_tP9MMFSVInfoP10cxiVattr_tSA_P10ext_cred_tP14cxiPageLists_tiP+0x1b57/0x6dd0 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  ? up+0x12/0x50',
    '[Sat Mar  4 04:10:52 2023]  ? cxiBlockingMutexRelease+0xdc/0xe0 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  ? recalibrate_cpu_khz+0x10/0x10',
    '[Sat Mar  4 04:10:52 2023]  ? up+0x12/0x50',
    '[Sat Mar  4 04:10:52 2023]  ? cxiBlockingMutexRelease+0xdc/0xe0 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  ? down+0x12/0x50',
    '[Sat Mar  4 04:10:52 2023]  ? cxiBlockingMutexAcquire+0x151/0x1f0 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  ? up+0x12/0x50',
    '[Sat Mar  4 04:10:52 2023]  ? cxiBlockingMutexRelease+0xdc/0xe0 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  ? _ZN15KernelOperationD1Ev+0x56/0xb0 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  ? _Z33gpfsIsCifsBypassTraversalCheckingv+0xa8/0xc0 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  rdwrInternal+0x44c/0x5f0 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  ? _Z11lockGetattrP15KernelOperationP13gpfsVfsData_tP10gpfsNode_tR7FileUIDiR13LookupDetailsR10WhatLockedPP8OpenFileP10cxiVattr_t+0xcb6/0x19c0 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  gpfs_f_aio_write_internal+0x11d/0x390 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  ? down+0x12/0x50',
    '[Sat Mar  4 04:10:52 2023]  ? _ZL12gpfsGetattrxP13gpfsVfsData_tP9cxiNode_tP10cxiVattr_tP12gpfs_iattr64i+0x1eb/0x3a0 [mmfs26]',
    '[Sat Mar  4 04:10:52 2023]  ? kfree+0x1b4/0x200',
    '[Sat Mar  4 04:10:52 2023]  ? gpfs_f_rdwr_iter+0x217/0x300 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  gpfs_f_rdwr_iter+0x217/0x300 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  ? gpfs_i_getattr_internal+0x80/0x110 [mmfslinux]',
    '[Sat Mar  4 04:10:52 2023]  new_sync_write+0x112/0x160',
    '[Sat Mar  4 04:10:52 2023]  vfs_write+0xa5/0x1b0',
    '[Sat Mar  4 04:10:52 2023]  ksys_write+0x4f/0xb0',
    '[Sat Mar  4 04:10:52 2023]  do_syscall_64+0x5b/0x1b0',
    '[Sat Mar  4 04:10:52 2023]  entry_SYSCALL_64_after_hwframe+0x61/0xc6',
    '[Sat Mar  4 04:10:52 2023] RIP: 0033:0x14f7d0d9da07',
    '[Sat Mar  4 04:10:52 2023] Code: Unable to access opcode bytes at RIP 0x14f7d0d9d9dd.',
    '[Sat Mar  4 04:10:52 2023] RSP: 002b:00007fff14b5a9d0 EFLAGS: 00000293 ORIG_RAX: 0000000000000001',
    '[Sat Mar  4 04:10:52 2023] RAX: ffffffffffffffda RBX: 000000000000006c RCX: 000014f7d0d9da07',
    '[Sat Mar  4 04:10:52 2023] RDX: 0000000000000988 RSI: 000004b15348c010 RDI: 000000000000006c',
    '[Sat Mar  4 04:10:52 2023] RBP: 000004b15348c010 R08: 0000000000000000 R09: 0000000000000000',
    '[Sat Mar  4 04:10:52 2023] R10: 0000000000000000 R11: 0000000000000293 R12: 0000000000000988',
    '[Sat Mar  4 04:10:52 2023] R13: 000004b15348c010 R14: 000000000000006c R15: 000000000151b860',
]
REAL_S1_FLAGS84 = '[Sat Mar  4 04:23:09 2023] task:python          state:D stack:    0 pid:280058 ppid:279966 flags:0x00000084'
REAL_S1_STAMPS = ['[Sat Mar  4 04:10:52 2023]', '[Sat Mar  4 04:12:54 2023]', '[Sat Mar  4 04:14:57 2023]', '[Sat Mar  4 04:17:00 2023]', '[Sat Mar  4 04:19:03 2023]', '[Sat Mar  4 04:21:06 2023]', '[Sat Mar  4 04:23:09 2023]', '[Sat Mar  4 04:25:12 2023]', '[Sat Mar  4 04:27:15 2023]']


def build_s1() -> Scenario:
    name = "m4-jz-iam06-rank0-gpfs-write-d-state-hang"
    J, N, bad = "1882409", "1882377", "jean-zay-iam06"
    s = Scenario(name, "64-rank m4 (IDEFICS) pretraining under accelerate+DeepSpeed on 8 A100-80GB nodes of Jean Zay; after "
                 "3.5 h the rank-0 process on jean-zay-iam06 blocks in an uninterruptible write to GPFS, the other 63 ranks "
                 "spin in a barrier, the c10d timeout never fires; the owner cancels the job after ~55 min.",
                 "2023-03-04T03:50:00Z",
                 {"name": "jean-zay", "partition": "gpu_p5", "nodes": "jean-zay-iam[01-52]", "gpus_per_node": 8,
                  "pci_bus_ids": ["0000:07:00", "0000:0b:00", "0000:48:00", "0000:4c:00", "0000:88:00", "0000:8b:00",
                                  "0000:c8:00", "0000:cb:00"]},
                 [{"id": J, "name": "tr_141_cm409xPMD01_scale_leap_of_faith_v5_num_workers_03", "user": "ura81os",
                   "nodes": "jean-zay-iam[06,31-33,39,50-52]", "tasks_per_node": 8, "started": "2023-03-04T00:35:41Z",
                   "comment": comment(2, "/gpfsssd/scratch/rech/cnw/commun/experiments/local_experiment_dir/tr_141")},
                  {"id": N, "name": "tr_139_opt_step_sweep", "user": "ura81os", "nodes": "jean-zay-iam[07-10]",
                   "tasks_per_node": 8, "started": "2023-03-03T22:10:05Z"}])
    rng = s.rng
    T = lambda h, m, sec: (h - 3) * 3600 + (m - 50) * 60 + sec  # noqa: E731  (stamps are the scenario clock)
    # SYNTH: pid families per node (only 280058..280065 = jean-zay-iam06 is the thread's; the others' pids are the
    # thread's but their node placement is mine)
    fam = {bad: 280058, "jean-zay-iam31": 756282, "jean-zay-iam32": 515583, "jean-zay-iam33": 78352,
           "jean-zay-iam39": 1966885, "jean-zay-iam50": 441207, "jean-zay-iam51": 602318, "jean-zay-iam52": 1203877}
    pids = [p + k for p in fam.values() for k in range(8)]
    msgs = ["After loss computation in _do_batch", "Before backward pass in _do_batch",
            "After deepspeed backward pass in _do_batch", "Before sync_gradients in _do_batch", "After clip in _do_batch"]
    t_last = T(4, 8, 31.4)
    t_fault = T(4, 8, 33.0)
    # SYNTH: debug prints, ~9.1 s per optimizer step; a handful of ranks' lines per step kept (64 ranks x 5 lines
    # per step would be 35 lines/s); one "After activation tracker" line per step from rank 0 (format from the same
    # logbook's try5 README)
    t, opt = 3.2, 1371
    while t < t_last - 12.0:
        s.joblog(t, J, f"PID 280058:  After activation tracker at opt_step {opt}")
        for k in range(5):
            p = rng.choice(pids)
            s.joblog(t + 0.6 + 1.6 * k + rng.uniform(0, 0.4), J, f"PID {p}:  {msgs[k]}")
        opt += 1
        t += 9.1 + rng.uniform(-0.25, 0.25)
    # REAL: the last 27 lines of main_log.txt, spread over the last ~9 s
    for k, l in enumerate(REAL_S1_PIDS):
        s.joblog(t_last - 9.0 + k * (9.0 / len(REAL_S1_PIDS)), J, l)
    # REAL: kernel log of jean-zay-iam06
    for k, l in enumerate(REAL_S1_CIFS):
        s.kernel(T(4, 7, 2) + 0.001 * k, bad, l)
    for b, stamp in enumerate(REAL_S1_STAMPS):
        tb = T(int(stamp[12:14]), int(stamp[15:17]), int(stamp[18:20]))
        for k, l in enumerate(REAL_S1_HUNG):
            line = stamp + l[len(REAL_S1_STAMPS[0]):]
            if b >= 6 and "flags:0x00000080" in l:
                line = REAL_S1_FLAGS84 if b == 6 else stamp + REAL_S1_FLAGS84[len(stamp):]
            s.kernel(tb + 0.0002 * k, bad, line)
    # SYNTH: the owner gives up and cancels (after py-spy/strace/nvidia-smi -q, last one at 04:55:25)
    t_cancel = T(5, 3, 47)
    s.joblog(t_cancel, J, cancel_line(J, bad, s.at(t_cancel)))
    s.job_state(t_cancel + 0.4, J, "CANCELLED", "0:15")
    t_end = T(5, 6, 0)
    # SYNTH neighbour: DeepSpeed log_dist lines every 10 steps (~61 s)
    tn, st = 20.0, 30410
    while tn < t_end:
        d = s.at(tn)
        s.joblog(tn, N, f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [INFO] [logging.py:75:log_dist] [Rank 0] "
                 f"step={st}, skipped=0, lr=[{2.4e-5:.6e}], mom=[(0.9, 0.999)]")
        st += 10
        tn += 61.0 + rng.uniform(-1.0, 1.0)
    keys = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")

    def fn(n_, g, tt):  # SYNTH DCGM every 240 s; post-hang numbers are the thread's nvidia-smi readings
        if n_ == "jean-zay-iam07":
            return sample(rng, "a100_sxm80", rng.randint(90, 100), rng.uniform(300, 380), clock=1410, keys=keys)
        fb = 22377 if (n_ == bad and g == 0) else 15995 + rng.randint(-60, 130)
        if tt < t_fault:
            return sample(rng, "a100_sxm80", rng.randint(88, 100), rng.uniform(250, 390), clock=1410, fb=fb, keys=keys)
        if n_ == bad and g == 0:
            return sample(rng, "a100_sxm80", 0, rng.uniform(67.5, 68.5), clock=1155, fb=22377, keys=keys)
        return sample(rng, "a100_sxm80", 100, rng.uniform(84.5, 87.5), clock=1410, fb=fb, keys=keys)
    s.telemetry([bad, "jean-zay-iam31", "jean-zay-iam07"], 8, 0.0, t_cancel + 10.0, 240.0, fn)
    s.telemetry([bad, "jean-zay-iam31"], 8, t_cancel + 10.0, t_end, 240.0,
                lambda n_, g, tt: sample(rng, "a100_sxm80", 0, rng.uniform(60, 66), clock=1155, fb=22377 if (n_ == bad and g == 0) else 0, keys=keys))
    s.truth = truth({"t": t_fault, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_drain=[bad, "jean-zay-iam31", "jean-zay-iam32", "jean-zay-iam50"], no_requeue=[N])
    return s


# ======================================================================================
# S2  tf-mirrored-pyxis-memlock-64k-ibv-create-qp  (software/config: Slurm gives the job a 64 KiB locked-memory
#     limit, NCCL cannot create IB queue pairs at its first all-reduce; the resubmission the next day fails the same way)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/562 -- "NCCL error running distributed tensorflow with slurm + pyxis:
# NCCL WARN Call to ibv_create_qp failed" (andrew-johnson-melb, 2021-08/09): tf.distribute.MirroredStrategy on one
# 8x A100 node (hai-a100-3) in an NGC TensorFlow container under Slurm + pyxis; two logs posted (31 Aug, 1 Sep).
# In the companion pyxis thread (NVIDIA/pyxis#60, same user) he finds `srun bash -c "ulimit -l"` prints 64 ("the max
# size that can be locked in mem is quite low. locally it's unlimited"): the Slurm job environment, not the node or
# the code, is what breaks ibv_create_qp. 31 Aug run (verbatim, stamps fit this scenario's clock):
REAL_S2_A = [
    "2021-08-31 15:14:12.416170: I tensorflow/stream_executor/cuda/cuda_blas.cc:1838] TensorFloat-32 will be used for the matrix multiplication. This will only be logged once.",
    "hai-a100-3:3778851:3779455 [6] NCCL INFO Bootstrap : Using enp226s0:10.16.2.21<0>",
    "hai-a100-3:3778851:3779455 [6] NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so",
    "hai-a100-3:3778851:3779455 [6] NCCL INFO P2P plugin IBext",
    "hai-a100-3:3778851:3779455 [6] NCCL INFO NET/IB : Using [0]mlx5_1:1/IB/SHARP [1]mlx5_3:1/IB/SHARP [2]mlx5_6:1/IB/SHARP [3]mlx5_8:1/IB/SHARP [4]mlx5_4:1/RoCE [5]mlx5_10:1/RoCE ; OOB enp226s0:10.16.2.21<0>",
    "hai-a100-3:3778851:3779455 [6] NCCL INFO Using network IBext",
    "NCCL version 2.8.3+cudaCUDA_MAJOR.CUDA_MINOR",
    "",
    "hai-a100-3:3778851:3779883 [4] ibvwrap.c:130 NCCL WARN Call to ibv_create_qp failed",
    "hai-a100-3:3778851:3779883 [4] NCCL INFO ib_plugin.c:196 -> 2",
    "hai-a100-3:3778851:3779883 [4] NCCL INFO ib_plugin.c:273 -> 2",
    "hai-a100-3:3778851:3779883 [4] NCCL INFO bazel-out/k8-opt/bin/external/nccl_archive/_virtual_includes/include_hdrs/net.h:21 -> 2",
    "hai-a100-3:3778851:3779883 [4] NCCL INFO bazel-out/k8-opt/bin/external/nccl_archive/_virtual_includes/include_hdrs/net.h:51 -> 2",
    "hai-a100-3:3778851:3779883 [4] NCCL INFO external/nccl_archive/src/init.cc:310 -> 2",
    "hai-a100-3:3778851:3779883 [4] NCCL INFO external/nccl_archive/src/init.cc:577 -> 2",
    "hai-a100-3:3778851:3779883 [4] NCCL INFO external/nccl_archive/src/init.cc:878 -> 2",
    "hai-a100-3:3778851:3779883 [4] NCCL INFO external/nccl_archive/src/group.cc:72 -> 2 [Async thread]",
    "",
    "hai-a100-3:3778851:3779884 [5] ibvwrap.c:130 NCCL WARN Call to ibv_create_qp failed",
    "",
    "hai-a100-3:3778851:3779885 [6] ibvwrap.c:130 NCCL WARN Call to ibv_create_qp failed",
    "hai-a100-3:3778851:3779884 [5] NCCL INFO ib_plugin.c:196 -> 2",
    "hai-a100-3:3778851:3779884 [5] NCCL INFO ib_plugin.c:273 -> 2",
]
# Same thread, 1 Sep run (a different TF build: cuda_blas.cc:1774), verbatim:
REAL_S2_B = [
    "2021-09-01 09:42:12.030493: I tensorflow/stream_executor/cuda/cuda_dnn.cc:366] Loaded cuDNN version 8202",
    "2021-09-01 09:42:13.145586: I tensorflow/stream_executor/cuda/cuda_dnn.cc:366] Loaded cuDNN version 8202",
    "2021-09-01 09:42:14.594286: I tensorflow/stream_executor/cuda/cuda_dnn.cc:366] Loaded cuDNN version 8202",
    "2021-09-01 09:42:15.853778: I tensorflow/stream_executor/cuda/cuda_dnn.cc:366] Loaded cuDNN version 8202",
    "2021-09-01 09:42:17.049535: I tensorflow/stream_executor/cuda/cuda_blas.cc:1774] TensorFloat-32 will be used for the matrix multiplication. This will only be logged once.",
    "2021-09-01 09:42:17.237328: I tensorflow/stream_executor/cuda/cuda_dnn.cc:366] Loaded cuDNN version 8202",
    "2021-09-01 09:42:18.567093: I tensorflow/stream_executor/cuda/cuda_dnn.cc:366] Loaded cuDNN version 8202",
    "2021-09-01 09:42:19.610511: I tensorflow/stream_executor/cuda/cuda_dnn.cc:366] Loaded cuDNN version 8202",
    "hai-a100-3:376586:376986 [6] NCCL INFO Bootstrap : Using enp226s0:10.16.2.21<0>",
    "hai-a100-3:376586:376986 [6] NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so",
    "hai-a100-3:376586:376986 [6] NCCL INFO P2P plugin IBext",
    "hai-a100-3:376586:377442 [3] NCCL INFO bazel-out/k8-opt/bin/external/nccl_archive/_virtual_includes/include_hdrs/net.h:52 -> 2",
    "hai-a100-3:376586:377442 [3] NCCL INFO external/nccl_archive/src/init.cc:310 -> 2",
    "hai-a100-3:376586:377442 [3] NCCL INFO external/nccl_archive/src/init.cc:577 -> 2",
    "hai-a100-3:376586:377442 [3] NCCL INFO external/nccl_archive/src/init.cc:878 -> 2",
    "hai-a100-3:376586:377443 [4] NCCL INFO ib_plugin.c:196 -> 2",
    "hai-a100-3:376586:377443 [4] NCCL INFO ib_plugin.c:273 -> 2",
    "hai-a100-3:376586:377443 [4] NCCL INFO bazel-out/k8-opt/bin/external/nccl_archive/_virtual_includes/include_hdrs/net.h:21 -> 2",
    "hai-a100-3:376586:377443 [4] NCCL INFO bazel-out/k8-opt/bin/external/nccl_archive/_virtual_includes/include_hdrs/net.h:51 -> 2",
    "hai-a100-3:376586:377443 [4] NCCL INFO external/nccl_archive/src/init.cc:310 -> 2",
    "hai-a100-3:376586:377443 [4] NCCL INFO external/nccl_archive/src/init.cc:577 -> 2",
    "hai-a100-3:376586:377443 [4] NCCL INFO external/nccl_archive/src/init.cc:878 -> 2",
    "hai-a100-3:376586:377442 [3] NCCL INFO external/nccl_archive/src/group.cc:72 -> 2 [Async thread]",
    "hai-a100-3:376586:377443 [4] NCCL INFO external/nccl_archive/src/group.cc:72 -> 2 [Async thread]",
    "",
    "hai-a100-3:376586:377441 [2] ibvwrap.c:130 NCCL WARN Call to ibv_create_qp failed",
]


def tf_failure(s: Scenario, t: float, job: str, host: str) -> float:
    """SYNTH: what TF 2.x prints when an NCCL all-reduce op fails at communicator creation, then srun's exit line."""
    d = s.at(t)
    lines = [tf_line(d, "W", "tensorflow/core/framework/op_kernel.cc:1767", "OP_REQUIRES failed at nccl_ops.cc:104 : Internal: unhandled system error"),
             "Traceback (most recent call last):",
             '  File "/workspace/hai/train_mirrored.py", line 214, in <module>',
             "    main()",
             '  File "/workspace/hai/train_mirrored.py", line 197, in main',
             "    model.fit(train_ds, epochs=cfg.epochs, steps_per_epoch=cfg.steps, callbacks=callbacks)",
             '  File "/usr/local/lib/python3.8/dist-packages/tensorflow/python/eager/execute.py", line 59, in quick_execute',
             "    inputs, attrs, num_outputs)",
             "tensorflow.python.framework.errors_impl.InternalError:  unhandled system error",
             "\t [[node NcclAllReduce (defined at /workspace/hai/train_mirrored.py:197) ]] [Op:__inference_train_function_48213]",
             f"srun: error: {host}: task 0: Exited with exit code 1"]
    for k, l in enumerate(lines):
        s.joblog(t + 0.002 * k + (0.9 if k == len(lines) - 1 else 0.0), job, l)
    return t + 1.0


def build_s2() -> Scenario:
    name = "tf-mirrored-pyxis-memlock-64k-ibv-create-qp"
    JA, JB, N, node = "40211", "40388", "40190", "hai-a100-3"
    s = Scenario(name, "tf.distribute.MirroredStrategy training in an NGC TensorFlow container (Slurm + pyxis) on one 8x A100 "
                 "node; at the first NCCL all-reduce every IB queue-pair creation fails (the job inherits a 64 KiB memlock "
                 "limit); the job dies, and the owner's resubmission the next morning dies the same way.",
                 "2021-08-31T15:05:00Z",
                 {"name": "hai", "partition": "a100", "nodes": "hai-a100-[1-4]", "gpus_per_node": 8},
                 [{"id": JA, "name": "mirrored-effnet-b4", "user": "ajohnson", "nodes": node, "tasks_per_node": 1,
                   "started": "2021-08-31T15:05:40Z", "comment": comment(2, "/home/python/app/ckpt/effnet-b4")},
                  {"id": JB, "name": "mirrored-effnet-b4", "user": "ajohnson", "nodes": node, "tasks_per_node": 1,
                   "started": "2021-09-01T09:38:52Z", "comment": comment(2, "/home/python/app/ckpt/effnet-b4")},
                  {"id": N, "name": "seg-unet3d-fold2", "user": "mtran", "nodes": "hai-a100-1", "tasks_per_node": 1,
                   "started": "2021-08-31T11:52:10Z"}])
    rng = s.rng
    img = "nvcr.io#nvidia/tensorflow:21.05-tf2-py3"

    def run(job: str, t0: float, t_import: float, pre: list, real: list, pid: int) -> float:
        s.joblog(t0 + 1.2, job, f"pyxis: importing docker image: {img}")   # SYNTH
        s.joblog(t0 + t_import, job, f"pyxis: imported docker image: {img}")
        t = t0 + t_import + 21.0
        for k, (src, msg) in enumerate(pre):   # SYNTH TF start-up lines
            s.joblog(t + 0.8 * k, job, tf_line(s.at(t + 0.8 * k), "I", src, msg))
        return t
    # --- attempt 1 (31 Aug) --------------------------------------------------------------------------------
    d0 = s.start
    t_real_a = hms_t(d0, dt.datetime(2021, 8, 31, 15, 14, 12, 416170))
    pre_a = [("tensorflow/stream_executor/platform/default/dso_loader.cc:53", "Successfully opened dynamic library libcudart.so.11.0"),
             ("tensorflow/core/common_runtime/gpu/gpu_device.cc:1871", "Adding visible gpu devices: 0, 1, 2, 3, 4, 5, 6, 7"),
             ("tensorflow/core/common_runtime/gpu/gpu_device.cc:1418", "Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 38420 MB memory) -> physical GPU (device: 0, name: A100-SXM4-40GB, pci bus id: 0000:07:00.0, compute capability: 8.0)")]
    run(JA, hms_t(d0, dt.datetime(2021, 8, 31, 15, 5, 40)), 212.0, pre_a, REAL_S2_A, 3778851)
    s.joblog(t_real_a - 40.0, JA, "INFO:tensorflow:Using MirroredStrategy with devices ('/job:localhost/replica:0/task:0/device:GPU:0', '/job:localhost/replica:0/task:0/device:GPU:1', '/job:localhost/replica:0/task:0/device:GPU:2', '/job:localhost/replica:0/task:0/device:GPU:3', '/job:localhost/replica:0/task:0/device:GPU:4', '/job:localhost/replica:0/task:0/device:GPU:5', '/job:localhost/replica:0/task:0/device:GPU:6', '/job:localhost/replica:0/task:0/device:GPU:7')")
    for k in range(8):  # SYNTH: the same cuDNN line as the 1 Sep run, one per replica (prefix only)
        tk = t_real_a - 7.0 + 0.85 * k
        s.joblog(tk, JA, tf_line(s.at(tk), "I", "tensorflow/stream_executor/cuda/cuda_dnn.cc:366", "Loaded cuDNN version 8202"))
    s.joblog(t_real_a, JA, REAL_S2_A[0])
    t_warn_a = None
    for k, l in enumerate(REAL_S2_A[1:]):
        tt = t_real_a + 0.61 + 0.004 * k
        if "NCCL WARN" in l and t_warn_a is None:
            t_warn_a = tt
        s.joblog(tt, JA, l)
    t = tf_failure(s, t_real_a + 1.4, JA, node)
    s.job_state(t + 0.3, JA, "FAILED", "1:0")
    # --- attempt 2 (1 Sep, same script, another container build) --------------------------------------------
    t0b = hms_t(d0, dt.datetime(2021, 9, 1, 9, 38, 52))
    pre_b = pre_a[:2]
    run(JB, t0b, 149.0, pre_b, REAL_S2_B, 376586)
    for k, l in enumerate(REAL_S2_B):
        if k < 8:
            tt = hms_t(d0, dt.datetime.strptime(l[:26], "%Y-%m-%d %H:%M:%S.%f"))
        else:
            tt = hms_t(d0, dt.datetime(2021, 9, 1, 9, 42, 20, 402000)) + 0.004 * (k - 8)
        s.joblog(tt, JB, l)
    t = tf_failure(s, hms_t(d0, dt.datetime(2021, 9, 1, 9, 42, 21, 120000)), JB, node)
    s.job_state(t + 0.3, JB, "FAILED", "1:0")
    t_end = t + 600.0
    # SYNTH neighbour: Keras fit() epoch lines every ~21 min until it completes at 02:13
    tn, ep = 610.0, 31
    t_done = hms_t(d0, dt.datetime(2021, 9, 1, 2, 13, 40))
    while tn < t_done:
        s.joblog(tn, N, f"Epoch {ep}/60")
        s.joblog(tn + 0.2, N, keras_v2(ep, 412, 1262, 0.231 - 0.002 * ep + rng.uniform(-0.01, 0.01), 0.91 + 0.001 * ep,
                                       0.262 + rng.uniform(-0.01, 0.01), 0.897 + rng.uniform(-0.005, 0.005)))
        ep += 1
        tn += 1262.0 + rng.uniform(-9, 9)
    s.job_state(t_done, N, "COMPLETED", "0:0")

    def fn(n_, g, tt):  # SYNTH DCGM: every 60 s around each attempt, hourly in between
        if n_ == "hai-a100-1":
            return sample(rng, "a100_sxm40", rng.randint(85, 100), rng.uniform(250, 330)) if tt < t_done else idle(rng, "a100_sxm40")
        for t_tf, t_out in ((t_real_a - 75.0, t_real_a + 3.0), (hms_t(d0, dt.datetime(2021, 9, 1, 9, 41, 55)), hms_t(d0, dt.datetime(2021, 9, 1, 9, 42, 23)))):
            if t_tf <= tt < t_out:
                return sample(rng, "a100_sxm40", rng.randint(0, 2), rng.uniform(58, 66), fb=38950 + rng.randint(-40, 40))
        return idle(rng, "a100_sxm40")
    for (a, b) in ((0.0, t_real_a + 600.0), (t0b - 300.0, t_end)):
        telemetry_gap(s, ["hai-a100-3", "hai-a100-1"], 8, a, b, 60.0, fn, fields=UPF)
    telemetry_gap(s, ["hai-a100-3", "hai-a100-1"], 8, t_real_a + 600.0, t0b - 300.0, 3600.0, fn, fields=UPF)
    s.truth = truth({"t": t_warn_a, "category": "software", "node": None}, no_requeue=[JA, JB],
                    no_drain=[node])
    return s


# ======================================================================================
# S3  node-1147-nvlink-lane-downtrained-0p3pct-slower  (gpu_degraded: after a burst of correctable NVLink errors one
#     GPU's link trains down to reduced width; nothing errors, the 64-GPU job is ~0.3 % slower from then on)
# ======================================================================================
# Source: https://engineering.fluidstack.io/post/debugging-a-flaky-nvlink -- "The Case of the 0.3% Slower Node"
# (Fluidstack engineering blog): a customer's runs were ~0.3 % slower whenever node-1147 was in the placement; per-lane
# link state showed "one lane on one GPU running at a reduced width -- the hardware had silently downtrained it after
# correctable errors"; "every health check we had was pass/fail. The link was up, so every dashboard was green";
# fix: "drain node-1147, reseat the affected component, and confirm the lane retrained to full width".
# The post quotes no log line (only a benchmark loop), so this scenario has no REAL_* literal: the node name and the
# mechanism are the post's; which GPU, the error counts and all timings are mine.


def build_s3() -> Scenario:
    name = "node-1147-nvlink-lane-downtrained-0p3pct-slower"
    J, N, bad, gbad = "731002", "731020", "node-1147", 5
    s = Scenario(name, "64-GPU LLM pretraining on node-[1144-1151] (8x H100 each); GPU 5 of node-1147 logs a burst of "
                 "correctable NVLink CRC errors for ~4 min, then its link runs at reduced width: no error anywhere, the "
                 "step time goes from ~3.402 s to ~3.412 s and stays there.",
                 "2025-06-10T08:00:00Z",
                 {"name": "fs-h100", "partition": "customer", "nodes": "node-[1140-1155]", "gpus_per_node": 8},
                 [{"id": J, "name": "pt-13b-stage2", "user": "acme-train", "nodes": "node-[1144-1151]", "tasks_per_node": 8,
                   "started": "2025-06-10T06:12:31Z", "comment": comment(3, "/mnt/ckpt/pt-13b-stage2")},
                  {"id": N, "name": "eval-harness-sweep", "user": "acme-eval", "nodes": "node-[1152-1155]", "tasks_per_node": 8,
                   "started": "2025-06-10T07:31:02Z"}])
    rng = s.rng
    t_fault = 2412.6
    t_down = t_fault + 236.0
    t_end = 3 * 3600.0
    # SYNTH trainer: one line every 10 steps
    t, st = 6.0, 2120
    while t < t_end:
        sp = 3.402 if t < t_down else 3.412
        stt = sp + rng.uniform(-0.003, 0.003)
        d = s.at(t)
        s.joblog(t, J, f"[{d:%Y-%m-%d %H:%M:%S}] step {st} | loss {2.31 - st * 2e-5 + rng.uniform(-0.02, 0.02):.4f} | "
                 f"step_time {stt:.3f}s | tok/s {int(64 * 8192 * 2 / stt):,} | mfu {41.9 * 3.402 / stt:.1f}%")
        if st % 1000 == 0:
            s.joblog(t + 2.1, J, f"[{s.at(t + 2.1):%Y-%m-%d %H:%M:%S}] saved checkpoint step {st} to /mnt/ckpt/pt-13b-stage2/step_{st:07d} in 41.3s")
            t += 41.3
        st += 10
        t += 10 * sp + rng.uniform(-0.05, 0.05)
    tn = 15.0
    while tn < t_end:   # SYNTH neighbour: lm-eval-harness task lines
        s.joblog(tn, N, f"{s.at(tn):%Y-%m-%d:%H:%M:%S},{rng.randint(100, 999)} INFO     [evaluator.py:{rng.choice([362, 371])}] "
                 f"Running loglikelihood requests")
        tn += 240.0 + rng.uniform(-30, 30)
    crc = {"n": 0}
    keys = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL")

    def fn(n_, g, tt):  # SYNTH DCGM every 300 s (job nodes carry the NVLink CRC counter)
        if n_ == "node-1152":
            return sample(rng, "h100_sxm", rng.randint(40, 90), rng.uniform(300, 520), keys=UP)
        f = sample(rng, "h100_sxm", rng.randint(93, 100), rng.uniform(590, 670), keys=keys)
        f["DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"] = 0
        if n_ == bad and g == gbad and tt >= t_fault:
            f["DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"] = int(min(tt, t_down) - t_fault) * 7 + 3
        return f
    s.telemetry(["node-1146", bad, "node-1152"], 8, 0.0, t_end, 300.0, fn)
    # SYNTH: one extra sample of node-1147 GPU 5 inside the burst (an ad-hoc dcgmi query by the on-call)
    s.gpu(t_fault + 95.0, bad, gbad, {"DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": 668, "DCGM_FI_DEV_GPU_UTIL": 97})
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": bad, "gpu": gbad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_drain=["node-1146", "node-1148"], no_requeue=[N])
    return s


# ======================================================================================
# S4  healthy-arjuna-reboot-asap-drain-jobs-keep-running  (healthy: admins schedule a rolling `reboot ASAP`; the GPU
#     nodes of two running jobs turn DRAIN+REBOOT_REQUESTED, one node reboots as soon as its job completes)
# ======================================================================================
# Source: https://github.com/ArjunaCluster/ArjunaUsers/issues/69 -- "CPU Nodes Draining" (2021-09-22): `sinfo` shows
# `gpu ... 12 drng@ c[002,004,008-010,012,016,024-028]`, `5 maint c[003,005,011,013,019]`, `7 mix ...`; the admin
# closes it pointing at the maintenance announcements (#66, #67). `drng@` is sinfo's "draining, reboot requested":
# running jobs finish, then the node reboots. The thread's only text is that sinfo table, which no event source here
# carries verbatim, so there is no REAL_* literal; the node names/states are the thread's, the jobs and timings mine.


def build_s4() -> Scenario:
    name = "healthy-arjuna-reboot-asap-drain-jobs-keep-running"
    JA, JB, JC = "118402", "118431", "118390"
    s = Scenario(name, "Rolling maintenance reboot on the Arjuna GPU partition: 12 nodes are set DRAIN+REBOOT_REQUESTED "
                 "while two DeePMD jobs run on them; the jobs keep training, the single-node one completes and its node "
                 "reboots and returns; nothing is wrong with any job.",
                 "2021-09-21T13:00:00Z",
                 {"name": "arjuna", "partition": "gpu", "nodes": "c[001-028]", "gpus_per_node": 4},
                 [{"id": JA, "name": "dp-se_e2_a-water-ice", "user": "kpatel", "nodes": "c[008-010]", "tasks_per_node": 4,
                   "started": "2021-09-20T22:41:07Z", "comment": comment(2, "/home/kpatel/dp/ice/model")},
                  {"id": JB, "name": "dp-li-electrolyte", "user": "rmoreno", "nodes": "c024", "tasks_per_node": 4,
                   "started": "2021-09-21T06:02:55Z", "comment": comment(1)},
                  {"id": JC, "name": "gnn-catalyst-screen", "user": "tzhou", "nodes": "c006", "tasks_per_node": 4,
                   "started": "2021-09-21T09:15:40Z"}])
    rng = s.rng
    t_reboot_cmd = 1512.0
    t_b_done = 5430.0
    t_end = 9000.0
    # SYNTH DeePMD-kit progress (disp_freq 1000 batches)
    for job, t, batch, sec, t_stop in ((JA, 7.0, 212000, 41.9, t_end), (JB, 19.0, 388000, 22.6, t_b_done - 30)):
        while t < t_stop:
            s.joblog(t, job, deepmd_line(s.at(t), batch, sec + rng.uniform(-0.4, 0.4), 0.02))
            if batch % 20000 == 0:
                s.joblog(t + 0.4, job, f"DEEPMD INFO    saved checkpoint model.ckpt")
            batch += 1000
            t += sec + rng.uniform(-0.4, 0.4) + 0.05
    s.joblog(t_b_done - 12.0, JB, "DEEPMD INFO    finished training")
    s.joblog(t_b_done - 11.5, JB, f"DEEPMD INFO    wall time: {int(t_b_done + 25000):d}.{rng.randint(10, 99)} s")
    s.job_state(t_b_done, JB, "COMPLETED", "0:0")
    tc = 31.0
    while tc < t_end:   # SYNTH neighbour on a node that is not part of the reboot
        s.joblog(tc, JC, f"epoch {int(tc // 900) + 14:3d} | train_mae 0.0{rng.randint(310, 360)} eV | val_mae 0.0{rng.randint(380, 420)} eV | 887.2 s")
        tc += 900.0 + rng.uniform(-5, 5)
    # SYNTH Slurm view of `scontrol reboot ASAP nextstate=RESUME reason=...` on the thread's 12 nodes + the maint ones
    for k, n_ in enumerate(expand_hostlist("c[002,004,008-010,012,016,024-028]")):
        tk = t_reboot_cmd + 0.05 * k
        if n_ in ("c008", "c009", "c010", "c024"):
            s.node_state(tk, n_, "MIXED+DRAIN+REBOOT_REQUESTED", "Reboot ASAP")
        else:
            s.node_state(tk, n_, "DOWN+DRAIN+REBOOT_ISSUED", "Reboot ASAP")
            s.node_state(tk + 260.0 + rng.uniform(0, 80), n_, "IDLE", "")
    for k, n_ in enumerate(expand_hostlist("c[003,005,011,013,019]")):
        s.node_state(t_reboot_cmd + 2.0 + 0.05 * k, n_, "IDLE+MAINT", "")
    # c024: job done -> reboot -> back
    s.node_state(t_b_done + 1.5, "c024", "DOWN+DRAIN+REBOOT_ISSUED", "Reboot ASAP")
    tb = t_b_done + 95.0
    for k, msg in enumerate(["Linux version 4.18.0-305.19.1.el8_4.x86_64 (mockbuild@x86-vm-07.build.eng.bos.redhat.com) (gcc version 8.4.1 20200928 (Red Hat 8.4.1-1) (GCC)) #1 SMP Tue Sep 7 07:07:31 EDT 2021",
                             "nvidia: loading out-of-tree module taints kernel.",
                             "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  470.57.02  Tue Jul 13 16:14:05 UTC 2021"]):
        s.kernel(tb + 8.0 * k, "c024", f"{dmesg_t(s.at(tb + 8.0 * k))} {msg}")   # SYNTH boot lines
    s.node_state(t_b_done + 301.0, "c024", "IDLE", "")

    def fn(n_, g, tt):  # SYNTH DCGM every 240 s
        if n_ == "c024" and tt >= t_b_done:
            return None if tt < t_b_done + 200 else idle(rng, "a100_40")
        return sample(rng, "a100_40", rng.randint(80, 99), rng.uniform(190, 280), keys=UP)
    s.telemetry(["c008", "c009", "c010", "c024", "c006"], 4, 0.0, t_end, 240.0, fn)
    s.truth = truth(None, no_requeue=[JA, JB], no_drain=["c008", "c009", "c010", "c024"])
    return s


# ======================================================================================
# S5  arjuna-c017-c018-unexpected-reboot-again-node-fail  (node_failure x 2: both nodes of a 2-node job lose power
#     and come back; the scheduler's DOWN reason is the only trace, three days after the same thing happened)
# ======================================================================================
# Source: https://github.com/ArjunaCluster/ArjunaUsers/issues/152 -- "Node Down c017-c018 again" (2022-06-29):
# "Node: c[017-018]", "Date and Time you first noticed it was down: 06/29/2022 15:38:00", "Reason=Node unexpectedly
# rebooted [slurm@2022-06-29T14:51:54]"; the earlier report (ArjunaUsers#151, 2022-06-28) had "Reason=Node unexpectedly
# rebooted [slurm@2022-06-26T17:04:41]" for the same two nodes (-> `history`). Slurm's reason text, verbatim
# (placed in the node_state events' `reason`, the way `scontrol show node` prints it):
REAL_S5_REASON = "Node unexpectedly rebooted [slurm@2022-06-29T14:51:54]"


def build_s5() -> Scenario:
    name = "arjuna-c017-c018-unexpected-reboot-again-node-fail"
    J, N = "126544", "126530"
    s = Scenario(name, "2-node (2x4 GPU) DDP job on c017-c018; both hosts lose power at the same moment and reboot; "
                 "slurmctld marks them DOWN 'Node unexpectedly rebooted' when slurmd re-registers and fails the job; "
                 "no kernel text survives; the same pair rebooted unexpectedly three days earlier.",
                 "2022-06-29T13:30:00Z",
                 {"name": "arjuna", "partition": "gpu", "nodes": "c[001-028]", "gpus_per_node": 4},
                 [{"id": J, "name": "nequip-lipo-2node", "user": "yaom", "nodes": "c[017-018]", "tasks_per_node": 4,
                   "started": "2022-06-29T09:12:48Z", "comment": comment(2, "/home/yaom/nequip/results/lipo")},
                  {"id": N, "name": "cgcnn-screen-b", "user": "pdesai", "nodes": "c[014-015]", "tasks_per_node": 4,
                   "started": "2022-06-29T11:40:03Z"}],
                 history=[{"at": "2022-06-26T17:04:41Z", "node": "c017", "verdict": "suspect", "category": "node_failure"},
                          {"at": "2022-06-26T17:04:41Z", "node": "c018", "verdict": "suspect", "category": "node_failure"}])
    rng = s.rng
    t_power = hms_t(s.start, dt.datetime(2022, 6, 29, 14, 48, 12))
    t_reg = hms_t(s.start, dt.datetime(2022, 6, 29, 14, 51, 54))
    t_end = hms_t(s.start, dt.datetime(2022, 6, 29, 15, 44, 0))
    # SYNTH: NequIP-style epoch table lines (one per epoch, ~3.3 min)
    t, ep = 40.0, 118
    while t < t_power:
        s.joblog(t, J, f"{ep:>7d}{rng.randint(290, 300):>8d}{0.0021 + rng.uniform(-2e-4, 2e-4):>12.3g}"
                       f"{0.0411 + rng.uniform(-0.003, 0.003):>12.3g}{0.00093 + rng.uniform(-1e-4, 1e-4):>12.3g}   {0.005:.3g}   {t + 15420.0:>10.3f}")
        ep += 1
        t += 197.0 + rng.uniform(-3, 3)
    # REAL reason, SYNTH surroundings: both nodes re-register after the power blip
    for k, n_ in enumerate(("c017", "c018")):
        s.node_state(t_reg + 0.2 * k, n_, "DOWN", REAL_S5_REASON)
    node_fail_lines(s, t_reg + 0.6, J, "c017", "c017")
    s.job_state(t_reg + 1.2, J, "NODE_FAIL", "0:0")
    tn = 12.0
    while tn < t_end:   # SYNTH neighbour
        s.joblog(tn, N, f"Epoch: [{int(tn // 600) + 61}][{rng.randint(100, 900)}/1024]\tTime {0.29 + rng.uniform(-0.02, 0.02):.3f}\tLoss {0.0412 + rng.uniform(-0.003, 0.003):.4f}\tMAE {0.118 + rng.uniform(-0.01, 0.01):.3f}")
        tn += 150.0 + rng.uniform(-4, 4)

    def fn(n_, g, tt):  # SYNTH DCGM every 120 s; nothing from c017/c018 while they are dark or booting
        if n_ in ("c017", "c018"):
            if t_power <= tt < t_reg + 90:
                return None
            if tt >= t_reg:
                return idle(rng, "a100_40")
        return sample(rng, "a100_40", rng.randint(85, 100), rng.uniform(200, 290), keys=UP)
    telemetry_gap(s, ["c014", "c017", "c018"], 4, 0.0, t_end, 120.0, fn, fields=UP)
    s.truth = truth({"t": t_power, "category": "node_failure", "node": "c017"}, drain=["c017", "c018"],
                    requeue={J: {"exclude": ["c017", "c018"]}}, no_requeue=[N], no_drain=["c014", "c015"],
                    other_faults=[{"t": t_power, "category": "node_failure", "node": "c018"}])
    return s


# ======================================================================================
# S6  v100-05-ib-socket-reset-peers-only  (network: one node's fabric link fails; only its peers' NCCL errors, all
#     naming its address, show it; nothing in any kernel log)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/2076 -- "[Issue]: torch.distributed.DistBackendError: NCCL error in:
# ... remote process exited or there was a network error" (lorsonblair, 2026-03-29; V100 32 GiB, NCCL 2.21.5, "DDP
# communication failing. Training not proceeding."); resolution by the reporter: "The issue was an Cluster
# communication issue. Some of the nodes had IB (infiniband) issues. It's been sorted." The error text, verbatim
# (the reporter redacted the peer address to `172....`; it is kept as posted on the rank that prints it):
REAL_S6 = [
    "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, remote process exited or there was a network error, NCCL version 2.21.5",
    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
    "Last error:",
    "socketProgressOpt: Call to recv from 172....<33759> failed : Connection reset by peer",
]


def build_s6() -> Scenario:
    name = "v100-05-ib-socket-reset-peers-only"
    J, N, bad = "5521907", "5521880", "v100-05"
    nodes = expand_hostlist("v100-[03-06]")
    ip = {n_: f"172.20.1.{10 + int(n_[-2:])}" for n_ in expand_hostlist("v100-[01-10]")}
    s = Scenario(name, "16-rank timm DDP training on four 4x V100-32GB nodes; v100-05's fabric link fails; the ranks on the "
                 "other three nodes report 'Connection reset by peer' from v100-05's address and the job is torn down; "
                 "v100-05 itself logs nothing.",
                 "2026-03-29T08:00:00Z",
                 {"name": "gpu-v100", "partition": "v100", "nodes": "v100-[01-10]", "gpus_per_node": 4},
                 [{"id": J, "name": "timm-convnext-s-in1k", "user": "lblair", "nodes": "v100-[03-06]", "tasks_per_node": 4,
                   "started": "2026-03-29T05:47:19Z", "comment": comment(3, "/scratch/lblair/convnext_s/output")},
                  {"id": N, "name": "vit-b16-distill", "user": "hwu", "nodes": "v100-[07-08]", "tasks_per_node": 4,
                   "started": "2026-03-29T04:10:51Z"}])
    rng = s.rng
    t_fault = 3127.4
    t_err = t_fault + 36.8
    t_end = t_err + 900.0
    # SYNTH: timm progress lines (rank 0 only, log_interval 50, ~0.43 s/it at 16 x 128 images)
    t, ep, it = 9.0, 57, 350
    while t < t_fault:
        s.joblog(t, J, timm_line(ep, it, 625, 3.02 + rng.uniform(-0.08, 0.08), 3.05, 0.43 + rng.uniform(-0.01, 0.01), 2048, 2.21e-3, 0.011))
        it += 50
        if it > 625:
            s.joblog(t + 31.0, J, f"Test: [  48/48]  Time: 0.301 (0.322)  Loss:  1.118 ( 1.184)  Acc@1: {73.1 + ep * 0.05:7.3f} ({73.0 + ep * 0.05:7.3f})  Acc@5: 91.402 (91.377)")
            t += 46.0
            ep, it = ep + 1, 0
        t += 50 * 0.43 + rng.uniform(-0.3, 0.3)
    # SYNTH: peers' NCCL warnings naming v100-05's address; rank 0 (v100-03) then prints the REAL error text
    k = 0
    for n_ in nodes:
        if n_ == bad:
            continue
        for lr in range(4):
            r = nodes.index(n_) * 4 + lr
            pid = 48211 + 7 * r
            s.joblog(t_err + 0.013 * k, J, f"{n_}:{pid}:{pid + 611} [{lr}] misc/socket.cc:50 NCCL WARN socketProgressOpt: Call to recv from {ip[bad]}<{33759 + 3 * r}> failed : Connection reset by peer")
            s.joblog(t_err + 0.013 * k + 0.001, J, f"{n_}:{pid}:{pid + 611} [{lr}] NCCL INFO misc/socket.cc:752 -> 6")
            k += 1
    d = s.at(t_err + 0.9)
    s.joblog(t_err + 0.9, J, f"[rank0]:[E{d:%m%d %H:%M:%S}.{d.microsecond:06d}412 ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank 0] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5")
    s.joblog(t_err + 0.95, J, "[rank0]: Traceback (most recent call last):")
    s.joblog(t_err + 0.951, J, '[rank0]:   File "/scratch/lblair/pytorch-image-models/train.py", line 1233, in <module>')
    s.joblog(t_err + 0.952, J, "[rank0]:     main()")
    s.joblog(t_err + 0.953, J, '[rank0]:   File "/scratch/lblair/pytorch-image-models/train.py", line 1110, in train_one_epoch')
    s.joblog(t_err + 0.954, J, "[rank0]:     loss.backward()")
    for k2, l in enumerate(REAL_S6):
        s.joblog(t_err + 0.96 + 0.001 * k2, J, f"[rank0]: {l}")
    # SYNTH: torchrun on the three peers exits, srun tears the step down (v100-05's tasks are killed, print nothing)
    for k2, n_ in enumerate(n for n in nodes if n != bad):
        s.joblog(t_err + 4.0 + 0.4 * k2, J, f"srun: error: {n_}: task {nodes.index(n_)}: Exited with exit code 1")
    t2 = srun_abort_lines(s, t_err + 5.5, J, "v100-03")
    s.joblog(t2 + 0.3, J, f"srun: error: {bad}: task {nodes.index(bad)}: Killed")
    s.job_state(t2 + 1.0, J, "FAILED", "1:0")
    tn = 22.0
    while tn < t_end:   # SYNTH neighbour: timm-style lines of a distillation run
        s.joblog(tn, N, timm_line(12, rng.randint(1, 12) * 100, 1251, 2.41 + rng.uniform(-0.05, 0.05), 2.43, 0.61, 1024, 8.7e-4, 0.019))
        tn += 61.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM every 90 s
        if n_ == "v100-07":
            return sample(rng, "v100_32", rng.randint(90, 100), rng.uniform(230, 290), keys=UP)
        if tt < t_fault:
            return sample(rng, "v100_32", rng.randint(90, 100), rng.uniform(220, 290), keys=UP)
        if tt < t_err + 6:
            return sample(rng, "v100_32", 100, rng.uniform(80, 95), keys=UP)
        return idle(rng, "v100_32") if rng.random() < 0.5 else {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(38, 44), 1)}
    s.telemetry(["v100-04", bad, "v100-07"], 4, 0.0, t_end, 90.0, fn)
    s.truth = truth({"t": t_fault, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["v100-03", "v100-04", "v100-06"], no_requeue=[N])
    return s


# ======================================================================================
# S7  nvcr-502-registry-outage-three-jobs-fail-at-pull  (infrastructure: the NGC container registry answers 502;
#     three jobs on disjoint nodes fail within 20 minutes while pulling/logging in; a job started earlier is untouched)
# ======================================================================================
# Source: https://github.com/NVIDIA/deepops/issues/974 -- "BIT:launch_hpl_experiment.sh fail to pull container image"
# (dmonakhov, 2021-05-30): "It'looks like something is broken on nvcr.io , I fail to fetch container image, login
# always fails with 502 even with propper API keys"; other users saw the same; NVIDIA (ctierneynv): "Sometimes NGC is not
# available. Please try pulling the container again."; reporter (2021-06-02): "registry is now avaiable again".
# The error output, verbatim:
REAL_S7_NGC = [
    "Logging in to https://nvcr.io… login failed.",
    "500 Server Error for http+docker://localhost/v1.41/auth: Internal Server Error (“login attempt to https://nvcr.io/v2/ failed with status: 502 Bad Gateway”)",
]
REAL_S7_DOCKER = "Error response from daemon: login attempt to https://nvcr.io/v2/ failed with status: 502 Bad Gateway"


def build_s7() -> Scenario:
    name = "nvcr-502-registry-outage-three-jobs-fail-at-pull"
    JA, JB, JC, N = "20571", "20574", "20577", "20540"
    s = Scenario(name, "NGC registry outage: three newly started jobs on disjoint DGX A100 nodes (an HPL burn-in pulling via "
                 "the ngc CLI, two trainings doing docker login + pull) fail within 20 min with 502 Bad Gateway from "
                 "nvcr.io; a training job whose image was already cached keeps running.",
                 "2021-05-30T09:00:00Z",
                 {"name": "deepops-pod", "partition": "batch", "nodes": "dgx-[01-12]", "gpus_per_node": 8},
                 [{"id": JA, "name": "bit-hpl-21.4", "user": "dmonakhov", "nodes": "dgx-[03-04]", "tasks_per_node": 8,
                   "started": "2021-05-30T09:12:06Z"},
                  {"id": JB, "name": "bert-large-pretrain-ph2", "user": "sgupta", "nodes": "dgx-[07-10]", "tasks_per_node": 8,
                   "started": "2021-05-30T09:20:41Z", "comment": comment(3, "/lustre/sgupta/bert/ckpt")},
                  {"id": JC, "name": "rn50-mxnet-dali", "user": "pwong", "nodes": "dgx-12", "tasks_per_node": 8,
                   "started": "2021-05-30T09:31:15Z", "comment": comment(1)},
                  {"id": N, "name": "megatron-gpt-1.3b", "user": "lchen", "nodes": "dgx-[01-02]", "tasks_per_node": 8,
                   "started": "2021-05-29T21:03:44Z"}])
    rng = s.rng
    tA = hms_t(s.start, dt.datetime(2021, 5, 30, 9, 12, 6)) + 2.0
    s.joblog(tA, JA, "+ ./ngc registry image pull nvcr.io/nvidia/hpc-benchmarks:21.4-hpl")   # SYNTH (set -x echo)
    s.joblog(tA + 31.4, JA, REAL_S7_NGC[0])
    s.joblog(tA + 31.5, JA, REAL_S7_NGC[1])
    s.joblog(tA + 31.7, JA, "launch_hpl_experiment.sh: failed to pull nvcr.io/nvidia/hpc-benchmarks:21.4-hpl")
    s.job_state(tA + 32.5, JA, "FAILED", "1:0")
    for job, t0, img in ((JB, hms_t(s.start, dt.datetime(2021, 5, 30, 9, 20, 41)), "nvcr.io/nvidia/pytorch:21.05-py3"),
                         (JC, hms_t(s.start, dt.datetime(2021, 5, 30, 9, 31, 15)), "nvcr.io/nvidia/mxnet:21.05-py3")):
        s.joblog(t0 + 1.5, job, "+ docker login nvcr.io -u '$oauthtoken' --password-stdin")   # SYNTH
        s.joblog(t0 + 1.6, job, "WARNING! Your password will be stored unencrypted in /home/%s/.docker/config.json." % ("sgupta" if job == JB else "pwong"))
        s.joblog(t0 + 33.1, job, REAL_S7_DOCKER)
        s.joblog(t0 + 33.2, job, f"+ docker pull {img}")
        s.joblog(t0 + 64.9, job, REAL_S7_DOCKER.replace("login attempt to https://nvcr.io/v2/ failed with status: 502 Bad Gateway",
                                                       f"Get https://nvcr.io/v2/: received unexpected HTTP status: 502 Bad Gateway"))
        s.job_state(t0 + 65.8, job, "FAILED", "1:0")
    t_end = 3600.0
    tn, it = 14.0, 181200
    while tn < t_end:   # SYNTH neighbour: Megatron-style iteration lines every 100 iterations
        s.joblog(tn, N, f" iteration   {it}/  300000 | consumed samples:    {it * 512} | elapsed time per iteration (ms): {1187.0 + rng.uniform(-15, 15):.1f} | learning rate: 1.612E-04 | global batch size:   512 | lm loss: {2.301 + rng.uniform(-0.02, 0.02):.6E} | loss scale: 65536.0 | grad norm: {0.31 + rng.uniform(-0.03, 0.03):.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |")
        it += 100
        tn += 118.7 + rng.uniform(-1.5, 1.5)

    def fn(n_, g, tt):  # SYNTH DCGM every 150 s: the failed jobs never put load on their GPUs
        if n_ == "dgx-01":
            return sample(rng, "a100_sxm40", rng.randint(92, 100), rng.uniform(290, 390), keys=UP)
        return {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(51, 62), 1)}
    s.telemetry(["dgx-01", "dgx-03", "dgx-07", "dgx-12"], 8, 0.0, t_end, 150.0, fn)
    s.truth = truth({"t": tA + 31.4, "category": "infrastructure", "node": None}, no_requeue=[JA, JB, JC],
                    no_drain=["dgx-03", "dgx-04", "dgx-07", "dgx-08", "dgx-12"])
    return s


# ======================================================================================
# S8  coati-ppo-booster-boost-missing-optimizer-every-start  (software: ColossalChat PPO crashes in strategy.prepare()
#     at every start because the installed ColossalAI is older than the Coati code; the owner resubmits twice)
# ======================================================================================
# Source: https://github.com/hpcaitech/ColossalAI/issues/4411 -- "[BUG]: TypeError: Booster.boost() missing 1 required
# positional argument: 'optimizer'" (lijieyuan, 2023-08-10): `torchrun --standalone --nproc_per_node=1 train_prompts.py
# ... --strategy colossalai_zero2` fails at start; maintainer (CWHer): "you may need to re-install `Colossalai`. The latest
# version of Colossal Chat requires at least v0.3.1"; reporter: "The error is solved." Traceback, verbatim:
REAL_S8_TB = [
    "Traceback (most recent call last):",
    '  File "/ColossalAI-main/applications/Chat/examples/train_prompts.py", line 222, in <module>',
    "    main(args)",
    '  File "/ColossalAI-main/applications/Chat/examples/train_prompts.py", line 155, in main',
    "    strategy.prepare((actor, actor_optim), (critic, critic_optim), reward_model, initial_model)",
    '  File "/opt/conda/lib/python3.10/site-packages/coati/trainer/strategies/base.py", line 75, in prepare',
    "    model, *_ = self.booster.boost(arg)",
    "TypeError: Booster.boost() missing 1 required positional argument: 'optimizer'",
]


def build_s8() -> Scenario:
    name = "coati-ppo-booster-boost-missing-optimizer-every-start"
    JA, JB, N = "66120", "66131", "66098"
    node = "gx-04"
    s = Scenario(name, "ColossalChat (Coati) PPO on one GPU of an 8x A800 node, launched by torchrun inside a Slurm job; "
                 "it loads its datasets and models, then dies in strategy.prepare() with the same TypeError at every start "
                 "(installed ColossalAI too old for the Coati code); the owner resubmits once, same result.",
                 "2023-08-10T06:30:00Z",
                 {"name": "gx", "partition": "a800", "nodes": "gx-[01-08]", "gpus_per_node": 8},
                 [{"id": JA, "name": "coati-ppo-opt1.3b", "user": "ljieyuan", "nodes": node, "tasks_per_node": 1,
                   "started": "2023-08-10T06:31:12Z", "comment": comment(2, "/data/ljieyuan/coati/ppo_opt13b")},
                  {"id": JB, "name": "coati-ppo-opt1.3b", "user": "ljieyuan", "nodes": node, "tasks_per_node": 1,
                   "started": "2023-08-10T06:52:40Z", "comment": comment(2, "/data/ljieyuan/coati/ppo_opt13b")},
                  {"id": N, "name": "qwen-7b-sft-lora", "user": "zhangq", "nodes": "gx-[05-06]", "tasks_per_node": 8,
                   "started": "2023-08-10T02:14:09Z"}])
    rng = s.rng
    t_first = None
    for job, t0, pid in ((JA, hms_t(s.start, dt.datetime(2023, 8, 10, 6, 31, 12)), 3118820),
                         (JB, hms_t(s.start, dt.datetime(2023, 8, 10, 6, 52, 40)), 3127461)):
        t = t0 + 6.0
        d = s.at(t)
        for k, l in enumerate(colossal_info(d, "/opt/conda/lib/python3.10/site-packages/colossalai/initialize.py", 67, "launch",
                                            "Distributed environment is initialized, world size: 1")):
            s.joblog(t + 0.01 * k, job, l)   # SYNTH ColossalAI logger lines
        t += 21.0
        for k, l in enumerate(colossal_info(s.at(t), "/opt/conda/lib/python3.10/site-packages/coati/dataset/prompt_dataset.py", 32, "__init__",
                                            "Loaded 51504 examples.")):
            s.joblog(t + 0.01 * k, job, l)
        for k, l in enumerate(colossal_info(None, "/opt/conda/lib/python3.10/site-packages/coati/dataset/prompt_dataset.py", 35, "__init__",
                                            "Limiting dataset to 16384 examples.")):
            s.joblog(t + 0.1 + 0.01 * k, job, l)
        t += 9.0
        for k, l in enumerate(colossal_info(s.at(t), "/opt/conda/lib/python3.10/site-packages/coati/dataset/sft_dataset.py", 121, "__init__",
                                            "Loading data...")):
            s.joblog(t + 0.01 * k, job, l)
        t += 38.0  # SYNTH: actor/critic/reward/initial models loaded (opt-1.3b x 4)
        if t_first is None:
            t_first = t
        for k, l in enumerate(REAL_S8_TB):
            s.joblog(t + 0.001 * k, job, l)
        torchrun_failure(s, t + 1.6, job, node, [0], [pid], "train_prompts.py", "/opt/conda/lib/python3.10/site-packages",
                         runpy=(794, 785, 134, 250))
        s.joblog(t + 2.4, job, f"srun: error: {node}: task 0: Exited with exit code 1")
        s.job_state(t + 3.0, job, "FAILED", "1:0")
    t_end = hms_t(s.start, dt.datetime(2023, 8, 10, 7, 20, 0))
    tn, st = 8.0, 2210
    while tn < t_end:   # SYNTH neighbour: HF Trainer dicts every 10 steps
        s.joblog(tn, N, hf_train_dict(1.02 + rng.uniform(-0.05, 0.05), rng.uniform(0.3, 0.6), 1.6e-4, st / 5200))
        st += 10
        tn += 74.0 + rng.uniform(-2, 2)

    def fn(n_, g, tt):  # SYNTH DCGM every 45 s on gx-04 GPU 0-3 and one neighbour node
        if n_ == "gx-05":
            return sample(rng, "a800", rng.randint(90, 100), rng.uniform(300, 390), keys=UP)
        for t0 in (hms_t(s.start, dt.datetime(2023, 8, 10, 6, 31, 12)), hms_t(s.start, dt.datetime(2023, 8, 10, 6, 52, 40))):
            if g == 0 and t0 + 40 <= tt < t0 + 78:
                return {"DCGM_FI_DEV_GPU_UTIL": rng.randint(0, 6), "DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(70, 95), 1),
                        "DCGM_FI_DEV_FB_USED": 11800 + rng.randint(-200, 200)}
        return {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(58, 66), 1), "DCGM_FI_DEV_FB_USED": 0}
    s.telemetry([node, "gx-05"], 4, 0.0, t_end, 45.0, fn)
    s.truth = truth({"t": t_first, "category": "software", "node": None}, no_requeue=[JA, JB], no_drain=[node])
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
