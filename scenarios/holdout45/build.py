#!/usr/bin/env python3
"""Build the holdout45 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout38):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout45: generic helpers and the holdout14..holdout44 helper sections are copied unchanged from holdout44's build.py;
the holdout44 scenarios are replaced by the holdout45 helpers and scenarios S1..S8 below (one per category).
Earlier note (holdout44): the holdout42 scenarios were replaced by the holdout44 helpers and scenarios.
Earlier note (holdout42): generic helpers and the holdout14..holdout40 helper sections came unchanged from holdout40.
Earlier note (holdout40): generic helpers and the holdout14..holdout38 helper sections came unchanged from holdout38.
Earlier note (holdout38): generic helpers and the holdout14..holdout36 helper sections came unchanged from holdout36.
Earlier notes (holdout23..holdout36): each corpus copied the generic helpers and earlier helper sections unchanged.
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
# holdout45 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "rtx2080ti": (71, 5, 236.0, 18.0, 1815, 9400, 500),    # GeForce RTX 2080 Ti 11 GB, 250 W
    "gtx980ti": (78, 3, 221.0, 16.0, 1240, 2100, 200),    # GeForce GTX 980 Ti 6 GB, 250 W (blower)
    "mi300x": (63, 6, 640.0, 55.0, 2100, 161000, 6000),   # MI300X 192 GB, 750 W
    "a5000": (66, 5, 201.0, 16.0, 1695, 17800, 1500),     # RTX A5000 24 GB, 230 W
})

K45 = LEAN40 + ("DCGM_FI_DEV_GPU_TEMP",)


def every(t0: float, t1: float, period: float, rng=None, jitter: float = 0.0):
    """SYNTH: times t0, t0+period, ... < t1 (optionally jittered)."""
    t = t0
    while t < t1:
        yield t
        t += period * (1.0 + (rng.uniform(-jitter, jitter) if rng else 0.0))


def kdm(s: "Scenario", t: float, host: str, msg: str) -> None:
    """SYNTH: kernel line with a `dmesg -T` stamp."""
    s.kernel(t, host, f"{dmesg_t(s.at(t))} {msg}")


def pct_line(d: dt.datetime, host: str, ident: str, msg: str) -> str:
    return f"{d:%b %d %H:%M:%S} {host} {ident}: {msg}"


# ======================================================================================
# S1  pt-examples-imagenet-2080ti-rtx07-gpu2-illegal-access-twice-bad-card  (gpu_hardware)
#     pytorch/examples ImageNet ResNet-50, 4-GPU DDP (torch.distributed.launch, PyTorch 1.1) on rtx07 of a 2019-era
#     RTX 2080 Ti cluster. After ~3 h rank 2 (GPU 2, bus 3d:00) dies with "an illegal memory access was encountered"
#     beside an Xid 31 MMU fault; the other ranks block in NCCL (no watchdog in 1.1) until the owner cancels. 50 min
#     later a different owner's fastai v1 job lands on rtx07 and dies the same way on the same GPU.
# ======================================================================================
# Source and truth: https://github.com/pytorch/examples/issues/548 -- "Run MNIST on my GPU and got error: an illegal
# memory access was encountered"; the reporter's conclusion: "It was a hardware problem. I returned my GPU to the
# vendor and after they sent me a new one, the problem no longer exists." No log line from the thread is used (its
# RuntimeError text also occurs in earlier corpora): every line here is SYNTH.

RTX_BUS = ["0000:1a:00", "0000:1b:00", "0000:3d:00", "0000:3e:00", "0000:88:00", "0000:89:00", "0000:b1:00",
           "0000:b2:00"]


def imagenet_line(ep: int, i: int, n: int, tm: float, tavg: float, data: float, loss: float, lavg: float,
                  a1: float, a1avg: float, a5: float, a5avg: float) -> str:
    """SYNTH: pytorch/examples imagenet/main.py ProgressMeter line (2019 layout)."""
    w = len(str(n))
    return (f"Epoch: [{ep}][{i:>{w}}/{n}]\tTime {tm:6.3f} ({tavg:6.3f})\tData {data:6.3f} ({data * 1.4:6.3f})\t"
            f"Loss {loss:.4e} ({lavg:.4e})\tAcc@1 {a1:6.2f} ({a1avg:6.2f})\tAcc@5 {a5:6.2f} ({a5avg:6.2f})")


def build_s1() -> Scenario:
    name = "pt-examples-imagenet-2080ti-rtx07-gpu2-illegal-access-twice-bad-card"
    J, J2, N1 = "88412", "88519", "88377"
    s = Scenario(name, "pytorch/examples ImageNet ResNet-50 with 4-GPU DDP (torch.distributed.launch, PyTorch 1.1) "
                 "on rtx07 of an RTX 2080 Ti cluster; opted in to requeues. A second owner's fastai v1 job is "
                 "scheduled on rtx07 later; a TF 1.13 job runs on rtx03.",
                 "2019-05-09T08:00:00Z",
                 {"name": "rtx-2019", "partition": "gpu", "nodes": "rtx[01-10]", "gpus_per_node": 8,
                  "pci_bus_ids": RTX_BUS},
                 [{"id": J, "name": "imagenet-r50-ddp4", "user": "hzhang", "nodes": "rtx07", "tasks_per_node": 4,
                   "started": "2019-05-09T01:02:37Z", "comment": comment(2, "/scratch/hzhang/r50/ckpt")},
                  {"id": J2, "name": "fastai-unet-camvid", "user": "mlopez", "nodes": "rtx07", "tasks_per_node": 4,
                   "started": "2019-05-09T12:08:36Z"},
                  {"id": N1, "name": "tf-transformer-wmt", "user": "kbauer", "nodes": "rtx03", "tasks_per_node": 4,
                   "started": "2019-05-09T05:10:03Z"}])
    rng = s.rng
    t_fault = 3 * 3600 + 1112.4
    # ImageNet progress from rank 0 (SYNTH), print_freq 100 -> one line every ~41 s
    ep, i, n = 12, 1800, 5005
    for t in every(6.0, t_fault - 3, 41.3, rng, 0.02):
        i += 100
        if i > n - 1:
            s.joblog(t, J, f" * Acc@1 {rng.uniform(58.9, 59.6):.3f} Acc@5 {rng.uniform(81.9, 82.4):.3f}")  # SYNTH
            ep, i = ep + 1, 0
            continue
        loss = rng.uniform(1.62, 1.95)
        s.joblog(t, J, imagenet_line(ep, i, n, rng.uniform(0.398, 0.43), 0.412, rng.uniform(0.002, 0.006), loss,
                                     loss + 0.03, rng.uniform(55.0, 64.0), 59.1, rng.uniform(79.0, 85.0), 81.7))
    # the fault: Xid 31 on GPU 2 (bus 3d:00), rank 2 dies
    kdm(s, t_fault, "rtx07", "NVRM: Xid (PCI:0000:3d:00): 31, Ch 00000030, intr 10000000. MMU Fault: ENGINE GRAPHICS "
                             "GPCCLIENT_T1_3 faulted @ 0x7f1a_6c214000. Fault is of type FAULT_PDE ACCESS_TYPE_READ")  # SYNTH
    tb = ["Traceback (most recent call last):",
          '  File "main.py", line 425, in <module>',
          "    main()",
          '  File "main.py", line 111, in main',
          "    main_worker(args.gpu, ngpus_per_node, args)",
          '  File "main.py", line 247, in main_worker',
          "    train(train_loader, model, criterion, optimizer, epoch, args)",
          '  File "main.py", line 299, in train',
          "    loss.backward()",
          '  File "/opt/conda/lib/python3.6/site-packages/torch/tensor.py", line 107, in backward',
          "    torch.autograd.backward(self, gradient, retain_graph, create_graph)",
          '  File "/opt/conda/lib/python3.6/site-packages/torch/autograd/__init__.py", line 93, in backward',
          "    allow_unreachable=True)  # allow_unreachable flag",
          "RuntimeError: CUDA error: an illegal memory access was encountered"]
    for k, l in enumerate(tb):
        s.joblog(t_fault + 0.9 + 0.001 * k, J, l)  # SYNTH
    s.joblog(t_fault + 1.2, J, "terminate called after throwing an instance of 'c10::Error'")  # SYNTH
    s.joblog(t_fault + 1.21, J, "  what():  CUDA error: an illegal memory access was encountered (insert_events at "
                                "/opt/conda/conda-bld/pytorch_1556653099582/work/c10/cuda/CUDACachingAllocator.cpp:564)")  # SYNTH
    # other ranks block in NCCL allreduce; the owner cancels after ~35 min
    t_cancel = t_fault + 2104.0
    s.joblog(t_cancel, J, f"slurmstepd: error: *** JOB {J} ON rtx07 CANCELLED AT {s.at(t_cancel):%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
    s.job_state(t_cancel + 0.4, J, "CANCELLED", "0:15")  # SYNTH
    # second owner's fastai job on rtx07 (SYNTH)
    t2 = t_cancel + 900.0
    s.job_state(t2, J2, "RUNNING", "0:0", nodes="rtx07")
    s.joblog(t2 + 14.0, J2, "epoch     train_loss  valid_loss  acc_camvid  time    ")  # SYNTH
    for k, t in enumerate(every(t2 + 76.0, t2 + 400.0, 74.0, rng, 0.03)):
        s.joblog(t, J2, f"{k:<10}{rng.uniform(0.9, 1.4) / (k + 1):<12.6f}{rng.uniform(0.8, 1.1) / (k + 1):<12.6f}"
                        f"{0.62 + 0.05 * k:<12.6f}01:1{k}    ")  # SYNTH
    t_f2 = t2 + 431.7
    kdm(s, t_f2, "rtx07", "NVRM: Xid (PCI:0000:3d:00): 31, Ch 00000028, intr 10000000. MMU Fault: ENGINE GRAPHICS "
                          "GPCCLIENT_T1_0 faulted @ 0x7fb0_2a7e1000. Fault is of type FAULT_PDE ACCESS_TYPE_WRITE")  # SYNTH
    s.joblog(t_f2 + 0.7, J2, "Traceback (most recent call last):")  # SYNTH
    s.joblog(t_f2 + 0.71, J2, '  File "train_camvid.py", line 61, in <module>')  # SYNTH
    s.joblog(t_f2 + 0.72, J2, "    learn.fit_one_cycle(40, slice(lr), pct_start=0.8)")  # SYNTH
    s.joblog(t_f2 + 0.73, J2, "RuntimeError: CUDA error: an illegal memory access was encountered")  # SYNTH
    s.joblog(t_f2 + 2.0, J2, "Traceback (most recent call last):")  # SYNTH
    s.joblog(t_f2 + 2.01, J2, "subprocess.CalledProcessError: Command '['/home/mlopez/env/bin/python', '-u', "
                              "'train_camvid.py', '--local_rank=2']' returned non-zero exit status 1.")  # SYNTH
    s.job_state(t_f2 + 3.1, J2, "FAILED", "1:0")  # SYNTH
    t_end = t_f2 + 1800.0
    # neighbour TF job on rtx03 (SYNTH)
    step = 41200
    for t in every(30.0, t_end, 118.0, rng, 0.03):
        step += 100
        s.joblog(t, N1, f"INFO:tensorflow:loss = {rng.uniform(2.1, 2.5):.7f}, step = {step} ({rng.uniform(116, 121):.3f} sec)")
    kdm(s, 2210.0, "rtx03", "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750")  # SYNTH
    kdm(s, 9100.0, "rtx07", "nvidia-modeset: WARNING: GPU:2: Unable to read EDID for display device DP-0")  # SYNTH noise

    def fn(n_, g, t_):
        if n_ == "rtx07":
            if g < 4 and t_ < t_fault:
                return busy40(rng, "rtx2080ti", load=0.93)
            if g == 2 and t_fault <= t_ < t_cancel:
                return idle40(rng, "rtx2080ti", fb=10200)
            if g < 4 and t_fault <= t_ < t_cancel:
                return busy40(rng, "rtx2080ti", load=1.0, clock=1350, extra={"DCGM_FI_DEV_POWER_USAGE": 96.0})
            if g < 4 and t2 + 30 <= t_ < t_f2:
                return busy40(rng, "rtx2080ti", load=0.88)
            return idle40(rng, "rtx2080ti")
        if n_ == "rtx03" and g < 4:
            return busy40(rng, "rtx2080ti", load=0.9)
        return idle40(rng, "rtx2080ti")
    tel44(s, ["rtx07"], 8, 0.0, t_end, 300.0, fn, keys=K45)
    tel44(s, ["rtx03", "rtx05"], 8, 0.0, t_end, 1200.0, fn, keys=LEAN40)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": "rtx07", "gpu": 2}, drain=["rtx07"],
                    requeue={J: {"exclude": ["rtx07"]}}, no_requeue=[J2, N1], no_drain=["rtx03"])
    return s


# ======================================================================================
# S2  mcx-980ti-mx04-gpu1-locked-p2-tenfold-slower-photon-batches  (gpu_degraded)
#     Monte Carlo eXtreme (MCX, photon transport) batches: 4 independent MCX processes per job (one per GTX 980 Ti,
#     srun --label). 30 min in, GPU 1 of mx04 drops into a locked low-clock P2 state: its process reports ~10x lower
#     photon/ms, its batch takes 10x longer, nothing errors. A second identical job on mx02 runs at full speed.
# ======================================================================================
# Source and truth: https://github.com/fangq/mcx/issues/18 -- "Maxwell GPU may get locked in P2 state when running
# mcx": the 980Ti "occasionally drops to a low-clock state after running MCX for some time", nvidia-smi shows it
# "locked in the P2 state", "Reboot does not fix the card" (the linked NVIDIA forum thread title: the GPU "suddenly
# becomes 10x slower"); closed wontfix as not MCX's bug. The GPU runs, but slowly: gpu_degraded. Lines are SYNTH in
# MCX's own output layout (mcx_core.cu printf format of the 2016 releases).

MX_BUS = ["0000:02:00", "0000:03:00", "0000:82:00", "0000:83:00"]


def build_s2() -> Scenario:
    name = "mcx-980ti-mx04-gpu1-locked-p2-tenfold-slower-photon-batches"
    J, J2, N1, N2 = "20417", "20418", "20395", "20402"
    s = Scenario(name, "MCX photon-transport batches, 4 independent MCX processes per job (srun --label, one per GTX "
                 "980 Ti) on mx04 and mx02 (same owner, both opted in). Neighbours: TF 0.7 on mx05, Caffe on mx01.",
                 "2016-02-16T18:00:00Z",
                 {"name": "photon-maxwell", "partition": "gpu", "nodes": "mx[01-06]", "gpus_per_node": 4,
                  "pci_bus_ids": MX_BUS},
                 [{"id": J, "name": "mcx-brain-atlas-b04", "user": "lqian", "nodes": "mx04", "tasks_per_node": 4,
                   "started": "2016-02-16T17:48:21Z", "comment": comment(1, "/work/lqian/mcx/b04")},
                  {"id": J2, "name": "mcx-brain-atlas-b05", "user": "lqian", "nodes": "mx02", "tasks_per_node": 4,
                   "started": "2016-02-16T17:48:22Z", "comment": comment(1, "/work/lqian/mcx/b05")},
                  {"id": N1, "name": "tf07-seq2seq", "user": "dwhite", "nodes": "mx05", "tasks_per_node": 1,
                   "started": "2016-02-16T11:20:09Z"},
                  {"id": N2, "name": "caffe-vgg16-ft", "user": "pnair", "nodes": "mx01", "tasks_per_node": 1,
                   "started": "2016-02-16T15:02:44Z"}])
    rng = s.rng
    t_deg = 1800.0 + 37.2
    t_end = 4 * 3600.0

    def mcx_run(job: str, rank: int, t: float, run: int, slow: bool) -> float:
        speed = rng.uniform(610, 680) if slow else rng.uniform(6480, 6720)
        ms = int(3e9 / speed)
        p = label(rank, 1)
        if t + ms / 1000.0 + 3 > t_end:
            return ms / 1000.0 + 6.4  # still running at the end of the record
        s.joblog(t + ms / 1000.0, job, f"{p}simulation run#{run:2d} ... \tkernel complete:  \t{ms} ms")  # SYNTH
        s.joblog(t + ms / 1000.0 + 2.1, job, f"{p}simulated 3000000000 photons (3000000000) with 30720 threads "
                                             f"(repeat x1)")  # SYNTH
        s.joblog(t + ms / 1000.0 + 2.11, job, f"{p}MCX simulation speed: {speed:.2f} photon/ms")  # SYNTH
        return ms / 1000.0 + 6.4

    for job, node in ((J, "mx04"), (J2, "mx02")):
        for r in range(4):
            s.joblog(0.5 + 0.01 * r, job, f"{label(r, 1)}- variant name: [Maxwell] compiled for GPU Capability [520] "
                                          f"with CUDA [7050]")  # SYNTH
            s.joblog(0.52 + 0.01 * r, job, f"{label(r, 1)}- compiled with: RNG [Logistic-Lattice] with Seed Length [5]")  # SYNTH
            t, run = 2.0 + rng.uniform(0, 3), 1
            while t < t_end:
                slow = node == "mx04" and r == 1 and t >= t_deg
                t += mcx_run(job, r, t, run, slow)
                run += 1
                if run % 4 == 0 and t < t_end:
                    s.joblog(t, job, f"{label(r, 1)}saving data to file ... 216000 {run}\tsaving data complete : "
                                     f"{rng.randint(40, 90)} ms")  # SYNTH
    for t in every(100.0, t_end, 600.0, rng, 0.02):
        s.joblog(t, N1, f"global step {int(t * 2.1)} learning rate 0.5000 step-time {rng.uniform(0.46, 0.49):.2f} "
                        f"perplexity {rng.uniform(38, 44):.2f}")  # SYNTH
    for t in every(60.0, t_end, 900.0, rng, 0.02):
        it = int(t / 0.9)
        s.joblog(t, N2, glog(s.at(t), "I", 31882, "solver.cpp:228", f"Iteration {it}, loss = {rng.uniform(0.8, 1.1):.4f}"))  # SYNTH
    kdm(s, 3300.0, "mx04", "nvidia 0000:03:00.0: irq 0 for MSI/MSI-X")  # SYNTH noise (misleading: same bus)
    kdm(s, 7000.0, "mx05", "TCP: request_sock_TCP: Possible SYN flooding on port 6006. Sending cookies.  Check SNMP counters.")  # SYNTH

    def fn(n_, g, t_):
        if n_ in ("mx04", "mx02"):
            if n_ == "mx04" and g == 1 and t_ >= t_deg:
                return g38(99, rng.uniform(61, 72), rng.choice([405, 405, 392]), fb=1920, thr=0,
                           temp=rng.randint(56, 61))  # P2-locked: low clock and power, util pinned
            return busy40(rng, "gtx980ti", load=0.99, fb=True, thr=0)
        if n_ in ("mx05", "mx01") and g == 0:
            return busy40(rng, "gtx980ti", load=0.8, thr=0)
        return idle40(rng, "gtx980ti", clk=135)
    tel44(s, ["mx04", "mx02"], 4, 0.0, t_end, 300.0, fn, keys=K45 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",))
    tel44(s, ["mx01", "mx05"], 4, 0.0, t_end, 900.0, fn, keys=LEAN40)
    s.truth = truth({"t": t_deg, "category": "gpu_degraded", "node": "mx04", "gpu": 1}, drain=["mx04"],
                    requeue={J: {"exclude": ["mx04"]}}, no_requeue=[J2, N1, N2], no_drain=["mx02"])
    return s


# ======================================================================================
# S3  ulysses-megatron-ds-mi300x-4x8-s81-5-rdma-cqe-timeout  (network)
#     Megatron-DeepSpeed GPT-13B with DeepSpeed-Ulysses sequence parallelism (sp=8, 64k tokens) on 4 x 8 MI300X
#     banff-cyxtera-s81-[3-6], RCCL over RoCE. 95 min in, the RDMA NIC of s81-5 stops completing work (link flaps,
#     then completions time out): RCCL on s81-5 logs status=12 / vendor err 129 (Recv) completions, peers log the
#     same towards s81-5, then the c10d watchdog aborts; srun tears the step down.
# ======================================================================================
# Source and truth: https://github.com/ROCm/rocm-xio/pull/119 -- the MI300X test cluster's central node-exclusion
# file lists "banff-cyxtera-s81-5   (rdma-ep)  loopback CQE timeout": that node's RDMA endpoint is bad and is excluded
# from RDMA work while other nodes run it. Node-local NIC fault -> network: drain it, rerun elsewhere. All lines SYNTH
# (RCCL prints NCCL's NET/IB wording; kernel lines in mlx5_core's format).

MI_BUS = ["0000:05:00", "0000:26:00", "0000:46:00", "0000:65:00", "0000:85:00", "0000:a6:00", "0000:c6:00",
          "0000:e5:00"]


def mds_line(it: int, total: int, ms: float, lr: float, loss: float, gbs: int, tfl: float) -> str:
    """SYNTH: Megatron-DeepSpeed iteration line."""
    return (f" iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | consumed tokens: {it * gbs * 65536:>14d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.3E} | global batch size: {gbs:>5d} | "
            f"lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: {0.2 + loss / 20:.3f} | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 | samples per second: {gbs / ms * 1000:.3f} | TFLOPs: {tfl:.2f} |")


def build_s3() -> Scenario:
    name = "ulysses-megatron-ds-mi300x-4x8-s81-5-rdma-cqe-timeout"
    J, N1, N2 = "611203", "611177", "611240"
    nodes = ["banff-cyxtera-s81-3", "banff-cyxtera-s81-4", "banff-cyxtera-s81-5", "banff-cyxtera-s81-6"]
    bad = "banff-cyxtera-s81-5"
    s = Scenario(name, "Megatron-DeepSpeed GPT-13B, DeepSpeed-Ulysses sequence parallel 8, 64k-token sequences, on "
                 "4 x 8 MI300X (ROCm 6.2, RCCL over RoCE); opted in. Neighbours: another owner's fine-tune on "
                 "s81-[7-8], a rocm-xio two-gpu CI test on s81-2.",
                 "2026-03-24T09:00:00Z",
                 {"name": "banff-mi300x", "partition": "mi300x", "nodes": "banff-cyxtera-s81-[1-8]",
                  "gpus_per_node": 8, "pci_bus_ids": MI_BUS},
                 [{"id": J, "name": "gpt13b-ulysses-64k", "user": "rkapoor", "nodes": "banff-cyxtera-s81-[3-6]",
                   "tasks_per_node": 8, "started": "2026-03-23T15:35:08Z",
                   "comment": comment(3, "/lustre/rkapoor/ulysses13b/ckpt")},
                  {"id": N1, "name": "llama3-8b-sft-rocm", "user": "tmeyer", "nodes": "banff-cyxtera-s81-[7-8]",
                   "tasks_per_node": 8, "started": "2026-03-24T06:40:10Z"},
                  {"id": N2, "name": "rocm-xio-two-gpu", "user": "ci-xio", "nodes": "banff-cyxtera-s81-2",
                   "tasks_per_node": 2, "started": "2026-03-24T08:58:30Z"}])
    rng = s.rng
    t_fault = 5700.0 + 13.6
    it = 4410
    t = 8.0
    while t < t_fault - 5:
        it += 1
        ms = rng.uniform(14150, 14420)
        if it % 5 == 0:
            s.joblog(t, J, mds_line(it, 20000, ms, 2.99e-5, rng.uniform(2.21, 2.36), 128, rng.uniform(405, 418)))  # SYNTH
        if it % 250 == 0:
            s.joblog(t + 40.0, J, f"saving checkpoint at iteration {it:>7d} to /lustre/rkapoor/ulysses13b/ckpt")  # SYNTH
            s.joblog(t + 98.0, J, f"  successfully saved checkpoint at iteration {it:>7d} to /lustre/rkapoor/ulysses13b/ckpt")  # SYNTH
            t += 98.0
        t += ms / 1000.0
    # the fault: NIC on s81-5 flaps, completions time out
    kdm(s, t_fault - 41.0, bad, "mlx5_core 0000:d1:00.0 ens51np0: Link down")  # SYNTH
    kdm(s, t_fault - 33.5, bad, "mlx5_core 0000:d1:00.0 ens51np0: Link up")  # SYNTH
    kdm(s, t_fault - 12.2, bad, "mlx5_core 0000:d1:00.0 ens51np0: Link down")  # SYNTH
    kdm(s, t_fault + 6.8, bad, "mlx5_core 0000:d1:00.0 ens51np0: Link up")  # SYNTH
    for lr_ in (2, 5, 6):
        rank = 16 + lr_
        s.joblog(t_fault + 0.3 * lr_, J,
                 f"{bad}:{48211 + lr_}:{48890 + lr_} [{lr_}] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion "
                 f"from peer 10.46.81.14<{51020 + lr_}> with status=12 opcode=129 len=0 vendor err 129 (Recv) localGid "
                 f"::ffff:10.46.81.15 remoteGids::ffff:10.46.81.14 hca mlx5_3")  # SYNTH
        s.joblog(t_fault + 0.3 * lr_ + 0.01, J, f"{bad}:{48211 + lr_}:{48890 + lr_} [{lr_}] NCCL INFO transport/net.cc:1362 -> 6")  # SYNTH
    s.joblog(t_fault + 3.1, J, f"banff-cyxtera-s81-4:39002:39611 [3] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got "
                               f"completion from peer 10.46.81.15<44107> with status=12 opcode=0 len=0 vendor err 129 (Send) "
                               f"localGid ::ffff:10.46.81.14 remoteGids::ffff:10.46.81.15 hca mlx5_3")  # SYNTH (peer side)
    t_wd = t_fault + 600.0
    for rank in (3, 11, 19, 27):
        ts = s.at(t_wd + 0.01 * rank)
        s.joblog(t_wd + 0.01 * rank, J,
                 f"[rank{rank}]:[E{ts:%m%d %H:%M:%S}.{ts.microsecond:06d} {60000 + rank} ProcessGroupNCCL.cpp:616] "
                 f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={88412 + rank % 2}, "
                 f"OpType=ALLTOALL_BASE, NumelIn=50331648, NumelOut=50331648, Timeout(ms)=600000) ran for 600041 "
                 f"milliseconds before timing out.")  # SYNTH
    tt = srun_abort_lines(s, t_wd + 31.0, J, nodes[0])
    s.joblog(tt, J, f"srun: error: {bad}: tasks 16-23: Killed")  # SYNTH
    s.joblog(tt + 0.4, J, "srun: error: banff-cyxtera-s81-3: tasks 0-7: Killed")  # SYNTH
    s.job_state(tt + 2.0, J, "FAILED", "1:0")  # SYNTH
    t_end = tt + 1800.0
    for t in every(20.0, t_end, 120.0, rng, 0.03):
        s.joblog(t, N1, f"{{'loss': {rng.uniform(0.9, 1.1):.4f}, 'grad_norm': {rng.uniform(0.5, 0.9):.4f}, "
                        f"'learning_rate': 1.8e-05, 'epoch': {t / 30000:.2f}}}")  # SYNTH
    s.joblog(60.0, N2, "[==========] Running 14 tests from 3 test suites.")  # SYNTH
    s.joblog(611.0, N2, "[  PASSED  ] 14 tests.")  # SYNTH
    s.job_state(612.0, N2, "COMPLETED", "0:0")  # SYNTH
    kdm(s, 2000.0, "banff-cyxtera-s81-7", "amdgpu 0000:46:00.0: amdgpu: SMU: I'm not done with your previous command!")  # SYNTH noise

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ < t_fault:
                return busy40(rng, "mi300x", load=0.9)
            if t_ < tt:
                return busy40(rng, "mi300x", load=1.0, clock=2100, extra={"DCGM_FI_DEV_POWER_USAGE": rng.uniform(210, 240)})
            return idle40(rng, "mi300x", clk=132)
        if n_ in ("banff-cyxtera-s81-7", "banff-cyxtera-s81-8"):
            return busy40(rng, "mi300x", load=0.85)
        return idle40(rng, "mi300x", clk=132)
    tel44(s, nodes, 8, 0.0, t_end, 600.0, fn, keys=LEAN40)
    tel44(s, ["banff-cyxtera-s81-7", "banff-cyxtera-s81-8"], 8, 0.0, t_end, 1800.0, fn, keys=UP)
    s.truth = truth({"t": t_fault - 41.0, "category": "network", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["banff-cyxtera-s81-4", "banff-cyxtera-s81-3", "banff-cyxtera-s81-6"])
    return s


# ======================================================================================
# S4  alpaka-ci-hemera-gv007-node-crash-equinox-job-node-fail  (node_failure)
#     A GitLab CI job of alpaka (CUDA back-end unit tests) and a 2-node JAX/Equinox neural-ODE training share gv007 of
#     a V100 cluster. gv007 freezes (no panic text reaches the log); slurmd stops answering, Slurm marks it
#     DOWN+NOT_RESPONDING and both jobs end NODE_FAIL. IT reboots the node 95 min later.
# ======================================================================================
# Source and truth: https://github.com/alpaka-group/alpaka/pull/1641 -- "This looks like the runner GPU crashed. We
# informed our IT department and are now waiting for the node to be rebooted. Afterwards we can restart the job" and
# "The runner is back in action and I restarted the failing test." The host crashed and needed a reboot: node_failure;
# the jobs are rerun, not fixed. All lines SYNTH (ctest/JAX/Slurm wording written from their formats).


def build_s4() -> Scenario:
    name = "alpaka-ci-hemera-gv007-node-crash-equinox-job-node-fail"
    J, CI, N1 = "7310482", "7310519", "7310377"
    s = Scenario(name, "alpaka CI (CUDA unit tests via ctest) and a 2-node JAX/Equinox neural-ODE training "
                 "(opted in) share gv007 of a V100 cluster; a PIConGPU run of another owner on gv[001-002].",
                 "2022-03-15T07:30:00Z",
                 {"name": "hemera-gpu", "partition": "gpu", "nodes": "gv[001-012]", "gpus_per_node": 4},
                 [{"id": J, "name": "eqx-node-ode-climate", "user": "fweber", "nodes": "gv[007-008]",
                   "tasks_per_node": 1, "started": "2022-03-15T01:35:52Z", "comment": comment(2, "/bigdata/fweber/ode/ckpt")},
                  {"id": CI, "name": "ci-alpaka-cuda11.2-gcc9", "user": "gitlab-runner", "nodes": "gv007",
                   "tasks_per_node": 1, "started": "2022-03-15T09:11:04Z"},
                  {"id": N1, "name": "pic-lwfa-3d", "user": "abauer", "nodes": "gv[001-002]", "tasks_per_node": 4,
                   "started": "2022-03-15T01:45:00Z"}])
    rng = s.rng
    t_ci = 6064.0
    t_crash = t_ci + 1291.8
    # Equinox training progress (process 0 only, SYNTH)
    step = 118000
    for t in every(12.0, t_crash, 90.0, rng, 0.02):
        step += 500
        s.joblog(t, J, f"step={step} loss={rng.uniform(0.0121, 0.0139):.5f} val_mse={rng.uniform(0.0150, 0.0168):.5f} "
                       f"time/500 steps={rng.uniform(88.5, 91.2):.1f}s")  # SYNTH
    # CI job: ctest output (SYNTH)
    tests = ["alpaka::atomicTest", "alpaka::blockSharedTest", "alpaka::kernelTest", "alpaka::memBufTest",
             "alpaka::memViewTest", "alpaka::queueTest", "alpaka::rand", "alpaka::warpTest", "alpaka::meshTest",
             "alpaka::intrinsicTest", "alpaka::mathTest"]
    s.joblog(t_ci + 3.0, CI, "Test project /builds/alpaka/build")  # SYNTH
    tt = t_ci + 5.0
    for k, tn in enumerate(tests):
        dur = rng.uniform(4.0, 95.0)
        tt += dur
        s.joblog(tt, CI, f"{k + 1:>6d}/41 Test #{k + 1:>2d}: {tn:.<42} Passed  {dur:7.2f} sec")  # SYNTH
    s.joblog(tt + 30.0, CI, f"{12:>6d}/41 Test #12: alpaka::mathTest_fp64 ..............")  # SYNTH (truncated: node froze)
    # crash: nothing more from gv007
    kdm(s, t_crash - 640.0, "gv007", "nvidia-uvm: Loaded the UVM driver, major device number 235.")  # SYNTH (benign)
    s.node_state(t_crash + 300.0, "gv007", "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.node_state(t_crash + 301.0, "gv008", "MIXED", "")  # SYNTH
    s.joblog(t_crash + 302.0, J, f"srun: error: Node failure on gv007")  # SYNTH
    s.joblog(t_crash + 302.1, J, f"slurmstepd: error: *** JOB {J} ON gv007 CANCELLED AT "
                                 f"{s.at(t_crash + 302.1):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")  # SYNTH
    s.job_state(t_crash + 303.0, J, "NODE_FAIL", "0:0")  # SYNTH
    s.joblog(t_crash + 302.5, CI, "ERROR: Job failed: exit status 1")  # SYNTH (gitlab-runner)
    s.job_state(t_crash + 303.2, CI, "NODE_FAIL", "0:0")  # SYNTH
    t_boot = t_crash + 5700.0
    kdm(s, t_boot, "gv007", "Linux version 3.10.0-1160.59.1.el7.x86_64 (mockbuild@kbuilder.bsys.centos.org) (gcc version "
                            "4.8.5 20150623 (Red Hat 4.8.5-44) (GCC) ) #1 SMP Wed Feb 23 16:47:03 UTC 2022")  # SYNTH
    kdm(s, t_boot + 41.0, "gv007", "nvidia: loading out-of-tree module taints kernel.")  # SYNTH
    kdm(s, t_boot + 44.0, "gv007", "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  470.103.01  Thu Jan  6 12:10:04 UTC 2022")  # SYNTH
    s.node_state(t_boot + 120.0, "gv007", "IDLE", "")  # SYNTH (ReturnToService=2)
    t_end = t_boot + 1800.0
    for t in every(40.0, t_end, 300.0, rng, 0.02):
        s.joblog(t, N1, f"{int(t / 3 + 20000)} % = {int(t / 3 + 20000)} | time elapsed: {hms(t + 20700)} | "
                        f"avg time per step: {rng.uniform(2.9, 3.1):.3f} sec")  # SYNTH (PIConGPU progress)
    kdm(s, 1500.0, "gv001", "TCP: out of memory -- consider tuning tcp_mem")  # SYNTH noise

    def fn(n_, g, t_):
        if n_ == "gv007":
            if t_crash <= t_ < t_boot + 60:
                return None
            if t_ < t_crash:
                return busy40(rng, "v100", load=0.8)
            return idle40(rng, "v100")
        if n_ == "gv008":
            return busy40(rng, "v100", load=0.8) if t_ < t_crash else (
                busy40(rng, "v100", load=1.0, extra={"DCGM_FI_DEV_POWER_USAGE": 70.0}) if t_ < t_crash + 303 else idle40(rng, "v100"))
        if n_ in ("gv001", "gv002"):
            return busy40(rng, "v100", load=0.95)
        return idle40(rng, "v100")
    tel44(s, ["gv007", "gv008"], 4, 0.0, t_end, 300.0, fn, keys=LEAN40)
    tel44(s, ["gv001", "gv002"], 4, 0.0, t_end, 1200.0, fn, keys=UP)
    s.truth = truth({"t": t_crash, "category": "node_failure", "node": "gv007"}, drain=["gv007"],
                    requeue={J: {"exclude": ["gv007"]}}, no_requeue=[CI, N1], no_drain=["gv008"])
    return s


# ======================================================================================
# S5  nemo-aligner-dpo-hgx-012-020-hpcx-nccl-init-hang-hgx-012  (hang)
#     NeMo-Aligner DPO of a Llama-3-8B policy on 2 x 8 H100 (hgx-012, hgx-020), HPC-X loaded in the batch script.
#     All 16 ranks start; the 8 ranks on hgx-020 finish NCCL init and sit in the first all-reduce, the 8 ranks on
#     hgx-012 never finish communicator init; no error, no hardware event. 30 min later the watchdog fires on hgx-020.
# ======================================================================================
# Source and truth: https://github.com/NVIDIA/nccl-tests/issues/255 -- "nccl-tests hangs when using HPCX": "some nodes
# where nccl-tests hangs ONLY when using HPCX. The same command works for most nodes but not for some specific nodes"
# (hgx-012 paired with hgx-020; logs added for hgx-012 and hgx-014); it runs when the job points LD_LIBRARY_PATH at
# its own NCCL build. A node-specific software/environment hang without hardware evidence: category hang, suspect
# hgx-012, rerun without it, no drain. All lines SYNTH (NeMo/PTL/NCCL/c10d wording written from their formats).


def build_s5() -> Scenario:
    name = "nemo-aligner-dpo-hgx-012-020-hpcx-nccl-init-hang-hgx-012"
    J, N1, N2 = "2201877", "2201740", "2201902"
    s = Scenario(name, "NeMo-Aligner DPO (Llama-3-8B policy, TP=4) on 2 x 8 H100, hgx-[012,020], HPC-X 2.20 loaded by "
                 "the batch script; opted in. Neighbours: Megatron-Core pretraining on hgx-[001-004], a vLLM eval on "
                 "hgx-014.",
                 "2024-10-05T13:00:00Z",
                 {"name": "hgx-h100", "partition": "batch", "nodes": "hgx-[001-020]", "gpus_per_node": 8,
                  "pci_bus_ids": H800_BUS},
                 [{"id": J, "name": "dpo-llama3-8b-uf", "user": "ycmok", "nodes": "hgx-[012,020]", "tasks_per_node": 8,
                   "started": "2024-10-05T13:01:55Z", "comment": comment(2, "/lustre/ycmok/dpo/ckpt")},
                  {"id": N1, "name": "mcore-gpt-22b", "user": "sdiaz", "nodes": "hgx-[001-004]", "tasks_per_node": 8,
                   "started": "2024-10-05T09:30:12Z"},
                  {"id": N2, "name": "vllm-eval-mmlu", "user": "akhan", "nodes": "hgx-014", "tasks_per_node": 1,
                   "started": "2024-10-05T12:44:31Z"}])
    rng = s.rng
    t0 = 115.0
    s.joblog(t0, J, "[NeMo W 2024-10-05 13:01:58 nemo_logging:349] /usr/local/lib/python3.10/dist-packages/megatron/core/"
                    "tensor_parallel/layers.py:280: UserWarning: `torch.cuda.amp.custom_fwd(args...)` is deprecated. "
                    "Please use `torch.amp.custom_fwd(args..., device_type='cuda')` instead.")  # SYNTH (misleading)
    for r in range(16):
        s.joblog(t0 + 20.0 + 0.05 * r, J, f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/16")  # SYNTH
    s.joblog(t0 + 21.0, J, "----------------------------------------------------------------------------------------------------")
    s.joblog(t0 + 21.01, J, "distributed_backend=nccl")  # SYNTH
    s.joblog(t0 + 21.02, J, "All distributed processes registered. Starting with 16 processes")  # SYNTH
    for lr_ in range(8):
        h, pid = "hgx-020", 771400 + lr_
        s.joblog(t0 + 24.0 + 0.02 * lr_, J, f"{h}:{pid}:{pid} [{lr_}] NCCL INFO NCCL version 2.21.5+cuda12.4")  # SYNTH
        s.joblog(t0 + 24.4 + 0.02 * lr_, J, f"{h}:{pid}:{pid + 640} [{lr_}] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB "
                                            f"[1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_7:1/IB "
                                            f"[6]mlx5_8:1/IB [7]mlx5_9:1/IB [RO]; OOB ibp26s0:10.20.0.20<0>")  # SYNTH
        h2, pid2 = "hgx-012", 402110 + lr_
        s.joblog(t0 + 24.1 + 0.02 * lr_, J, f"{h2}:{pid2}:{pid2} [{lr_}] NCCL INFO NCCL version 2.21.5+cuda12.4")  # SYNTH
        s.joblog(t0 + 24.6 + 0.02 * lr_, J, f"{h2}:{pid2}:{pid2 + 655} [{lr_}] NCCL INFO Using network IB")  # SYNTH
    for lr_ in range(8):
        pid = 771400 + lr_
        s.joblog(t0 + 27.0 + 0.03 * lr_, J, f"hgx-020:{pid}:{pid + 640} [{lr_}] NCCL INFO Connected all rings")  # SYNTH
    s.joblog(t0 + 28.3, J, "[NeMo I 2024-10-05 13:02:23 dpo:421] Loading policy from "
                           "/lustre/ycmok/models/llama3-8b-sft.nemo")  # SYNTH (printed before the hang is visible)
    t_hang = t0 + 28.0
    t_wd = t_hang + 1800.0 + 5.3
    for lr_ in range(8):
        rank = 8 + lr_
        ts = s.at(t_wd + 0.02 * lr_)
        s.joblog(t_wd + 0.02 * lr_, J,
                 f"[rank{rank}]:[E{ts:%m%d %H:%M:%S}.{ts.microsecond:06d} {771400 + lr_} ProcessGroupNCCL.cpp:607] "
                 f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, "
                 f"NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800083 milliseconds before timing out.")  # SYNTH
    tt = srun_abort_lines(s, t_wd + 40.0, J, "hgx-012")
    s.joblog(tt, J, "srun: error: hgx-020: tasks 8-15: Aborted (core dumped)")  # SYNTH
    s.joblog(tt + 0.3, J, "srun: error: hgx-012: tasks 0-7: Killed")  # SYNTH
    s.job_state(tt + 1.5, J, "FAILED", "134:0")  # SYNTH
    t_end = tt + 1500.0
    it = 50210
    for t in every(10.0, t_end, 95.0, rng, 0.02):
        it += 10
        s.joblog(t, N1, mcore_iter(s.at(t), it, 250000, rng.uniform(9400, 9560), 1.2e-4, rng.uniform(1.92, 2.0), 1536))  # SYNTH
    for t in every(30.0, 1500.0, 120.0, rng, 0.05):
        s.joblog(t, N2, vllm_stats(s.at(t), rng.uniform(9000, 12000), rng.uniform(2300, 2700), 64, rng.uniform(30, 60)))  # SYNTH
    s.joblog(1510.0, N2, "mmlu: acc=0.6841 (14042 questions)")  # SYNTH
    s.job_state(1512.0, N2, "COMPLETED", "0:0")  # SYNTH
    kdm(s, 900.0, "hgx-020", "workqueue: ib_cache_event_task [ib_core] hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND")  # SYNTH noise

    def fn(n_, g, t_):
        if n_ == "hgx-020":
            if t_hang <= t_ < tt:
                return busy40(rng, "h100", load=1.0, clock=1980, extra={"DCGM_FI_DEV_POWER_USAGE": rng.uniform(118, 131),
                                                                          "DCGM_FI_DEV_FB_USED": 21400})
            return idle40(rng, "h100", clk=345)
        if n_ == "hgx-012":
            if t_hang <= t_ < tt:
                return g38(0, rng.uniform(68, 74), 1980, fb=1180, temp=rng.randint(33, 37))
            return idle40(rng, "h100", clk=345)
        if n_ in ("hgx-001", "hgx-002"):
            return busy40(rng, "h100", load=0.93)
        return idle40(rng, "h100", clk=345)
    tel44(s, ["hgx-012", "hgx-020"], 8, 0.0, t_end, 300.0, fn, keys=K45)
    tel44(s, ["hgx-001", "hgx-002"], 8, 0.0, t_end, 1200.0, fn, keys=UP)
    s.truth = truth({"t": t_hang, "category": "hang", "node": "hgx-012"}, drain=[],
                    requeue={J: {"exclude": ["hgx-012"]}}, no_requeue=[N1, N2], no_drain=["hgx-012", "hgx-020"])
    return s


# ======================================================================================
# S6  xformers-l40s-2x4-headdim32-seq498-attn-bias-stride-no-operator  (software)
#     A point-cloud transformer (head dim 32, additive attention bias) trained with xFormers' memory_efficient_attention
#     in 8-rank DDP on 2 x 4 L40S. For 40 min every batch length is a multiple of 8; then rank 5 (l40s-04) draws a
#     498-token batch and xFormers has no operator for it (fa3 needs head dim >= 64 and sm90, fa2 refuses a tensor
#     bias, cutlass needs the bias stride aligned to 8). Rank 5 exits; the other ranks time out 10 min later.
# ======================================================================================
# Source and truth: https://github.com/facebookresearch/xformers/issues/1263 -- "NotImplementedError: No operator
# found for `memory_efficient_attention_forward` with inputs" when training with certain tensor shape, on a GPU of
# capability (8, 9); the message's own HINT gives the fix (align the attn_bias memory). A shape/config fault of the
# application: a rerun reaches the same shape again; no node is at fault.
# Lines below: the error block, verbatim from the issue (the [rank5]: prefix added by PyTorch 2.x's rank-prefixed
# traceback printing is the only change).
REAL_S6_ERR = [
    "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:",
    "     query       : shape=(2, 498, 8, 32) (torch.float16)",
    "     key         : shape=(2, 498, 8, 32) (torch.float16)",
    "     value       : shape=(2, 498, 8, 32) (torch.float16)",
    "     attn_bias   : <class 'torch.Tensor'>",
    "     p           : 0.0",
    "`fa3F@0.0.0` is not supported because:",
    "    min(query.shape[-1], value.shape[-1]) < 64",
    "    requires device with capability > (9, 0) but your GPU has capability (8, 9) (too old)",
    "    attn_bias type is <class 'torch.Tensor'>",
    "    operator wasn't built - see `python -m xformers.info` for more info",
    "    only head-dim 64, 128, 192 or 256 is supported",
    "`fa2F@2.5.7-pt` is not supported because:",
    "    attn_bias type is <class 'torch.Tensor'>",
    "`cutlassF-pt` is not supported because:",
    "    attn_bias.stride(-2) % 8 != 0 (attn_bias.stride() = (1984032, 248004, 498, 1))",
    "    attn_bias.stride(-2) % 8 != 0 (attn_bias.stride() = (1984032, 248004, 498, 1))",
    "    HINT: To use an `attn_bias` with a sequence length that is not a multiple of 8, you need to ensure memory is "
    "aligned by slicing a bigger tensor. Example: use `attn_bias = torch.zeros([1, 1, 5, 8])[:,:,:,:5]`",
]

L40S_BUS = ["0000:4a:00", "0000:61:00", "0000:ca:00", "0000:e1:00"]


def build_s6() -> Scenario:
    name = "xformers-l40s-2x4-headdim32-seq498-attn-bias-stride-no-operator"
    J, N1, N2 = "934471", "934402", "934455"
    s = Scenario(name, "Point-cloud transformer (head dim 32, tensor attention bias) with xFormers "
                 "memory_efficient_attention, 8-rank DDP (torchrun, PyTorch 2.5) on 2 x 4 L40S l40s-[03-04]; opted in. "
                 "Neighbours: an SDXL LoRA fine-tune on l40s-[01-02], a Whisper fine-tune on l40s-06.",
                 "2025-06-05T02:00:00Z",
                 {"name": "ada-l40s", "partition": "l40s", "nodes": "l40s-[01-12]", "gpus_per_node": 4,
                  "pci_bus_ids": L40S_BUS},
                 [{"id": J, "name": "ptx-seg-s3dis", "user": "mhotboy", "nodes": "l40s-[03-04]", "tasks_per_node": 4,
                   "started": "2025-06-04T21:05:31Z", "comment": comment(3, "/scratch/mhotboy/ptx/ckpt")},
                  {"id": N1, "name": "sdxl-lora-products", "user": "jchen", "nodes": "l40s-[01-02]", "tasks_per_node": 4,
                   "started": "2025-06-04T22:10:00Z"},
                  {"id": N2, "name": "whisper-small-ft-de", "user": "lvogel", "nodes": "l40s-06", "tasks_per_node": 1,
                   "started": "2025-06-05T00:31:44Z"}])
    rng = s.rng
    t_fault = 2400.0 + 27.3
    it = 1160
    for t in every(5.0, t_fault - 2, 18.0, rng, 0.05):
        it += 20
        s.joblog(t, J, f"[2025-06-05 {s.at(t):%H:%M:%S}] INFO train.py:212: Epoch [7/100] Iter [{it:>5d}/2754] "
                       f"loss: {rng.uniform(0.61, 0.74):.4f} miou(batch): {rng.uniform(0.55, 0.63):.4f} "
                       f"lr: 4.71e-04 time: {rng.uniform(0.86, 0.94):.3f}s mem: 31.2G")  # SYNTH
    pre = "[rank5]: "
    head = ["Traceback (most recent call last):",
            '  File "/home/mhotboy/ptx/train.py", line 288, in <module>',
            "    main()",
            '  File "/home/mhotboy/ptx/train.py", line 231, in main',
            "    out = model(coord, feat, offset)",
            '  File "/home/mhotboy/ptx/models/ptx.py", line 97, in forward',
            "    x = xops.memory_efficient_attention(q, k, v, attn_bias=bias)",
            '  File "/opt/conda/lib/python3.11/site-packages/xformers/ops/fmha/__init__.py", line 306, in memory_efficient_attention',
            "    return _memory_efficient_attention(",
            '  File "/opt/conda/lib/python3.11/site-packages/xformers/ops/fmha/dispatch.py", line 131, in _dispatch_fw',
            '    return _run_priority_list(']
    for k, l in enumerate(head):
        s.joblog(t_fault + 0.001 * k, J, pre + l)  # SYNTH
    for k, l in enumerate(REAL_S6_ERR):
        s.joblog(t_fault + 0.02 + 0.001 * k, J, pre + l)  # REAL_S6_ERR
    s.joblog(t_fault + 3.0, J, f"W0605 {s.at(t_fault + 3):%H:%M:%S}.412000 58812 torch/distributed/elastic/multiprocessing/"
                               f"api.py:897] Sending process 58810 closing signal SIGTERM")  # SYNTH
    t_wd = t_fault + 600.0
    for rank in (0, 1, 2, 3):
        ts = s.at(t_wd + 0.02 * rank)
        s.joblog(t_wd + 0.02 * rank, J,
                 f"[rank{rank}]:[E{ts:%m%d %H:%M:%S}.{ts.microsecond:06d} {41200 + rank} ProcessGroupNCCL.cpp:632] "
                 f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18822, OpType=ALLREDUCE, "
                 f"NumelIn=6815744, NumelOut=6815744, Timeout(ms)=600000) ran for 600019 milliseconds before timing out.")  # SYNTH
    tt = t_wd + 35.0
    s.joblog(tt, J, "srun: error: l40s-04: task 5: Exited with exit code 1")  # SYNTH
    s.joblog(tt + 0.2, J, "srun: error: l40s-03: tasks 0-3: Aborted (core dumped)")  # SYNTH
    s.job_state(tt + 1.2, J, "FAILED", "1:0")  # SYNTH
    t_end = tt + 1500.0
    step = 3000
    for t in every(15.0, t_end, 55.0, rng, 0.03):
        step += 25
        s.joblog(t, N1, f"Steps:  {step * 100 // 10000:>3d}%|{step}/10000 [{hms(t + 9000)}<{hms((10000 - step) * 2.2)}, "
                        f"{rng.uniform(2.1, 2.3):.2f}s/it, lr=0.0001, step_loss={rng.uniform(0.05, 0.2):.3f}]")  # SYNTH
    for t in every(40.0, t_end, 240.0, rng, 0.03):
        s.joblog(t, N2, f"{{'loss': {rng.uniform(0.31, 0.38):.4f}, 'grad_norm': {rng.uniform(2.0, 3.4):.3f}, "
                        f"'learning_rate': 7.4e-06, 'epoch': {1.2 + t / 20000:.2f}}}")  # SYNTH
    kdm(s, 1800.0, "l40s-04", "NVRM: Xid (PCI:0000:61:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row "
                              "(0x0000000000a1b2c3) marked for remapping, reset gpu to activate.")  # SYNTH decoy (benign-ish)

    def fn(n_, g, t_):
        if n_ in ("l40s-03", "l40s-04"):
            if t_ < t_fault:
                return busy40(rng, "l40s", load=0.9)
            if t_ < tt and not (n_ == "l40s-04" and g == 1):
                return busy40(rng, "l40s", load=1.0, extra={"DCGM_FI_DEV_POWER_USAGE": rng.uniform(95, 120)})
            return idle40(rng, "l40s")
        if n_ in ("l40s-01", "l40s-02") or (n_ == "l40s-06" and g == 0):
            return busy40(rng, "l40s", load=0.92)
        return idle40(rng, "l40s")
    tel44(s, ["l40s-03", "l40s-04"], 4, 0.0, t_end, 300.0, fn, keys=K45)
    tel44(s, ["l40s-01", "l40s-02", "l40s-06"], 4, 0.0, t_end, 1200.0, fn, keys=UP)
    s.truth = truth({"t": t_fault, "category": "software", "node": None}, drain=[], requeue={},
                    no_requeue=[J, N1, N2], no_drain=["l40s-04", "l40s-03"])
    return s


# ======================================================================================
# S7  gpfs-cbio-full-enospc-keras-openmm-torch7-fail-same-minute  (infrastructure)
#     The shared GPFS file system (/cbio, 1.6 PB) fills up. Within two minutes three jobs of three owners on three
#     different GPU nodes die writing to it: a Keras 1.0/Theano checkpoint, an OpenMM trajectory reporter, a Torch7
#     snapshot. df still shows 91 TB free (the pool that matters is full); 40 min later space is released.
# ======================================================================================
# Source and truth: https://github.com/cBio/cbio-cluster/issues/417 -- "hal: no space left on device": `touch:
# cannot touch "testfile": No space left on device` while `df` shows "/dev/gpfsdev 1.6P 1.5P 91T 95% /cbio"; after
# 26T were released files could be created again; "all long-running jobs in progress may now be corrupted and should
# be checked". A shared-storage fault across users: infrastructure; no drain, no requeue (it would fail the same way
# until space is freed), escalate. All lines SYNTH (the thread's shell lines are an interactive session, not a job
# log).


def build_s7() -> Scenario:
    name = "gpfs-cbio-full-enospc-keras-openmm-torch7-fail-same-minute"
    J1, J2, J3, N1 = "4412907", "4412811", "4412950", "4412770"
    s = Scenario(name, "Three owners' GPU jobs on different nodes of a GPFS-backed cluster (Keras 1.0/Theano, OpenMM "
                 "7, Torch7), two opted in; a fourth job writes only to node-local scratch.",
                 "2016-05-19T13:00:00Z",
                 {"name": "hal", "partition": "gpu", "nodes": "gpu-1-[4-9],gpu-2-[4-9]", "gpus_per_node": 4},
                 [{"id": J1, "name": "keras-cnn-chipseq", "user": "rgejman", "nodes": "gpu-1-5", "tasks_per_node": 1,
                   "started": "2016-05-19T09:12:40Z", "comment": comment(2, "/cbio/grlab/home/rgejman/ckpt")},
                  {"id": J2, "name": "openmm-abl-imatinib-md", "user": "misik", "nodes": "gpu-2-6", "tasks_per_node": 1,
                   "started": "2016-05-18T22:40:02Z", "comment": comment(3, "/cbio/jclab/projects/misik/abl")},
                  {"id": J3, "name": "torch7-lstm-lm", "user": "tkaralet", "nodes": "gpu-1-8", "tasks_per_node": 1,
                   "started": "2016-05-19T11:05:19Z"},
                  {"id": N1, "name": "caffe-scratch-only", "user": "corcra", "nodes": "gpu-2-9", "tasks_per_node": 1,
                   "started": "2016-05-19T10:00:00Z"}])
    rng = s.rng
    t_full = 5400.0 + 21.7
    for t in every(20.0, t_full, 305.0, rng, 0.02):
        ep = int(t // 305) + 31
        s.joblog(t, J1, f"Epoch {ep}/200")  # SYNTH
        s.joblog(t + 0.1, J1, f"184320/184320 [==============================] - 301s - loss: {rng.uniform(0.31, 0.34):.4f} "
                              f"- acc: {rng.uniform(0.86, 0.88):.4f} - val_loss: {rng.uniform(0.35, 0.38):.4f} - val_acc: "
                              f"{rng.uniform(0.84, 0.86):.4f}")  # SYNTH
        s.joblog(t + 1.0, J1, f"Epoch {ep:05d}: val_loss improved, saving model to "
                              f"/cbio/grlab/home/rgejman/ckpt/weights.{ep:02d}.hdf5")  # SYNTH
    for t in every(40.0, t_full, 600.0, rng, 0.01):
        ns = 412.0 + t / 600 * 2.0
        s.joblog(t, J2, f"{int(ns * 500000)},{ns:.1f},{rng.uniform(-412000, -411000):.1f},{rng.uniform(299.0, 301.5):.2f},"
                        f"{rng.uniform(84.9, 86.1):.3f},{hms(86400 * 2.4 - t)}")  # SYNTH (StateDataReporter CSV)
    for t in every(60.0, t_full, 420.0, rng, 0.02):
        s.joblog(t, J3, f"{int(t * 3.1 + 40000)}/{600000} (epoch {t / 40000 + 6.1:.3f}), train_loss = "
                        f"{rng.uniform(1.21, 1.29):.8f}, grad/param norm = {rng.uniform(0.0021, 0.0034):.4e}, "
                        f"time/batch = {rng.uniform(0.31, 0.33):.4f}s")  # SYNTH (char-rnn style)
    # the fault: three writers fail within two minutes
    ta = t_full + 8.4
    s.joblog(ta, J1, "Traceback (most recent call last):")  # SYNTH
    s.joblog(ta + 0.01, J1, '  File "train_cnn.py", line 148, in <module>')  # SYNTH
    s.joblog(ta + 0.02, J1, "    callbacks=[checkpointer, earlystopper])")  # SYNTH
    s.joblog(ta + 0.03, J1, '  File "/cbio/grlab/home/rgejman/py27/lib/python2.7/site-packages/h5py/_hl/files.py", '
                            'line 98, in make_fid')  # SYNTH
    s.joblog(ta + 0.04, J1, "IOError: Unable to create file (Unable to open file: name = '/cbio/grlab/home/rgejman/"
                            "ckpt/weights.48.hdf5', errno = 28, error message = 'no space left on device', flags = 13, "
                            "o_flags = 242)")  # SYNTH
    s.job_state(ta + 1.5, J1, "FAILED", "1:0")  # SYNTH
    tb_ = t_full + 47.9
    s.joblog(tb_, J2, "Traceback (most recent call last):")  # SYNTH
    s.joblog(tb_ + 0.01, J2, '  File "run_md.py", line 77, in <module>')  # SYNTH
    s.joblog(tb_ + 0.02, J2, "    simulation.step(nsteps)")  # SYNTH
    s.joblog(tb_ + 0.03, J2, '  File "/cbio/jclab/home/misik/miniconda/lib/python2.7/site-packages/simtk/openmm/app/'
                             'dcdfile.py", line 127, in writeModel')  # SYNTH
    s.joblog(tb_ + 0.04, J2, "IOError: [Errno 28] No space left on device")  # SYNTH
    s.job_state(tb_ + 1.1, J2, "FAILED", "1:0")  # SYNTH
    tc = t_full + 103.2
    s.joblog(tc, J3, "/cbio/grlab/home/tkaralet/torch/install/bin/luajit: ...tkaralet/torch/install/share/lua/5.1/"
                     "torch/File.lua:141: write error: wrote 0 blocks instead of 1 at "
                     "/tmp/luarocks_torch-scm-1-2917/torch7/lib/TH/THDiskFile.c:327")  # SYNTH
    s.joblog(tc + 0.01, J3, "stack traceback:")  # SYNTH
    s.joblog(tc + 0.02, J3, "\t[C]: in function 'writeObject'")  # SYNTH
    s.job_state(tc + 0.9, J3, "FAILED", "1:0")  # SYNTH
    t_end = t_full + 3600.0
    for t in every(25.0, t_end, 360.0, rng, 0.02):
        s.joblog(t, N1, glog(s.at(t), "I", 9912, "solver.cpp:228", f"Iteration {int(t / 0.6)}, loss = {rng.uniform(0.4, 0.6):.4f}"))  # SYNTH
    kdm(s, 3000.0, "gpu-2-6", "nfs: server hal-nfs not responding, still trying")  # SYNTH noise (unrelated /home NFS blip)
    kdm(s, 3004.0, "gpu-2-6", "nfs: server hal-nfs OK")  # SYNTH noise
    ends = {"gpu-1-5": ta, "gpu-2-6": tb_, "gpu-1-8": tc}

    def fn(n_, g, t_):
        if g == 0 and n_ in ends:
            return busy40(rng, "gtxtitan", load=0.9) if t_ < ends[n_] else idle40(rng, "gtxtitan")
        if g == 0 and n_ == "gpu-2-9":
            return busy40(rng, "gtxtitan", load=0.85)
        return idle40(rng, "gtxtitan")
    tel44(s, ["gpu-1-5", "gpu-2-6", "gpu-1-8"], 4, 0.0, t_end, 300.0, fn, keys=LEAN40)
    tel44(s, ["gpu-2-9", "gpu-1-4"], 4, 0.0, t_end, 1200.0, fn, keys=UP)
    s.truth = truth({"t": ta, "category": "infrastructure", "node": None}, drain=[], requeue={},
                    no_requeue=[J1, J2, J3], no_drain=["gpu-1-5", "gpu-2-6", "gpu-1-8"])
    return s


# ======================================================================================
# S8  rvc-v2-a5000-xformers-triton-warning-healthy-run  (healthy)
#     RVC v2 (Retrieval-based Voice Conversion) 40 kHz model training on 4 x RTX A5000 of one node: the log opens with
#     xFormers' "Triton is not available" WARNING on every spawned process, torch STFT deprecation warnings, a noisy
#     "SYN flooding on port 7865" kernel line (the WebUI port), and hot-but-unthrottled GPUs; the training runs to its
#     epoch limit and the job completes.
# ======================================================================================
# Source and truth: https://github.com/RVC-Project/Retrieval-based-Voice-Conversion-WebUI/issues/999 -- the reporter
# asks about "WARNING | xformers | Triton is not available, some optimizations will not be enabled. This is just a
# warning: No module named 'triton'"; the maintainer answers "It doesn't matter." Nothing to do.
# Line below: the warning text exactly as the issue quotes it.
REAL_S8_TRITON = ("WARNING | xformers | Triton is not available, some optimizations will not be enabled. This is just a "
                  "warning: No module named 'triton'")

A5K_BUS = ["0000:01:00", "0000:41:00", "0000:81:00", "0000:c1:00"]


def build_s8() -> Scenario:
    name = "rvc-v2-a5000-xformers-triton-warning-healthy-run"
    J, N1 = "55190", "55172"
    s = Scenario(name, "RVC v2 40k training (train.py, 4 GPUs of a5k-03, torch.multiprocessing + NCCL, batch 12, 200 "
                 "epochs, save every 25); opted in. Neighbour: a so-vits-svc fine-tune on a5k-05.",
                 "2023-08-14T01:00:00Z",
                 {"name": "voice-lab", "partition": "gpu", "nodes": "a5k-[01-06]", "gpus_per_node": 4,
                  "pci_bus_ids": A5K_BUS},
                 [{"id": J, "name": "rvc-v2-40k-narrator", "user": "fgrayson", "nodes": "a5k-03", "tasks_per_node": 1,
                   "started": "2023-08-14T00:58:40Z", "comment": comment(2, "/data/fgrayson/rvc/logs/narrator")},
                  {"id": N1, "name": "sovits-ft-choir", "user": "pai", "nodes": "a5k-05", "tasks_per_node": 1,
                   "started": "2023-08-13T21:30:00Z"}])
    rng = s.rng
    s.joblog(30.0, J, "INFO:narrator:{'train': {'log_interval': 200, 'seed': 1234, 'epochs': 20000, 'learning_rate': "
                      "0.0001, 'betas': [0.8, 0.99], 'eps': 1e-09, 'batch_size': 12, 'fp16_run': True, 'lr_decay': "
                      "0.999875, 'segment_size': 12800, 'init_lr_ratio': 1, 'warmup_epochs': 0, 'c_mel': 45, 'c_kl': 1.0}, "
                      "...}")  # SYNTH
    for k in range(4):
        s.joblog(41.0 + 0.3 * k, J, REAL_S8_TRITON)  # REAL_S8_TRITON (one per spawned process)
    s.joblog(44.0, J, "INFO:narrator:loaded pretrained assets/pretrained_v2/f0G40k.pth")  # SYNTH
    s.joblog(44.5, J, "INFO:narrator:<All keys matched successfully>")  # SYNTH
    s.joblog(45.0, J, "INFO:narrator:loaded pretrained assets/pretrained_v2/f0D40k.pth")  # SYNTH
    s.joblog(52.0, J, "/opt/conda/lib/python3.10/site-packages/torch/functional.py:650: UserWarning: stft with "
                      "return_complex=False is deprecated. In a future pytorch release, stft will return complex tensors "
                      "for all inputs, and return_complex=False will raise an error.")  # SYNTH
    s.joblog(52.1, J, "Note: you can still call torch.view_as_real on the complex output to recover the old return "
                      "format. (Triggered internally at ../aten/src/ATen/native/SpectralOps.cpp:863.)")  # SYNTH
    t, ep, step = 60.0, 1, 0
    t_done = None
    while ep <= 200:
        dur = rng.uniform(61.0, 66.0)
        step += 39
        if step % 200 < 39:
            s.joblog(t + dur * 0.5, J, f"INFO:narrator:Train Epoch: {ep} [{rng.randint(40, 60)}%]")  # SYNTH
            s.joblog(t + dur * 0.5 + 0.01, J, f"INFO:narrator:[{step}, 9.9{rng.randint(10, 99)}e-05]")  # SYNTH
            s.joblog(t + dur * 0.5 + 0.02, J, f"INFO:narrator:loss_disc={rng.uniform(3.5, 4.1):.3f}, loss_gen="
                                              f"{rng.uniform(3.0, 3.8):.3f}, loss_fm={rng.uniform(8.5, 11.0):.3f},loss_mel="
                                              f"{rng.uniform(17.0, 21.0):.3f}, loss_kl={rng.uniform(0.9, 1.5):.3f}")  # SYNTH
        s.joblog(t + dur, J, f"INFO:narrator:====> Epoch: {ep} [{s.at(t + dur):%Y-%m-%d %H:%M:%S}] | "
                             f"({str(dt.timedelta(seconds=dur))[:-3]})")  # SYNTH
        if ep % 25 == 0:
            s.joblog(t + dur + 2.0, J, f"INFO:narrator:Saving model and optimizer state at epoch {ep} to "
                                       f"./logs/narrator/G_2333333.pth")  # SYNTH
            s.joblog(t + dur + 3.5, J, f"INFO:narrator:Saving model and optimizer state at epoch {ep} to "
                                       f"./logs/narrator/D_2333333.pth")  # SYNTH
            s.joblog(t + dur + 5.0, J, f"INFO:narrator:saving ckpt narrator_e{ep}:Success.")  # SYNTH
            t += 5.0
        t += dur
        ep += 1
    t_done = t
    s.joblog(t_done + 1.0, J, "INFO:narrator:Training is done. The program is closed.")  # SYNTH
    s.joblog(t_done + 1.5, J, "INFO:narrator:saving final ckpt:Success.")  # SYNTH
    s.job_state(t_done + 9.0, J, "COMPLETED", "0:0")  # SYNTH
    t_end = t_done + 1200.0
    for tt in every(50.0, t_end, 600.0, rng, 0.02):
        s.joblog(tt, N1, f"INFO:choir:Train Epoch: {int(tt / 600) + 341} [{rng.randint(10, 90)}%]")  # SYNTH
    kdm(s, 4100.0, "a5k-03", "TCP: request_sock_TCP: Possible SYN flooding on port 7865. Sending cookies.  Check SNMP counters.")  # SYNTH
    kdm(s, 8800.0, "a5k-03", "perf: interrupt took too long (3149 > 3126), lowering kernel.perf_event_max_sample_rate to 63500")  # SYNTH

    def fn(n_, g, t_):
        if n_ == "a5k-03" and t_ < t_done:
            f = busy40(rng, "a5000", load=0.97, thr=0)
            f["DCGM_FI_DEV_GPU_TEMP"] = rng.randint(79, 83)  # hot, still under the slowdown threshold
            return f
        if n_ == "a5k-05" and g == 0:
            return busy40(rng, "a5000", load=0.9, thr=0)
        return idle40(rng, "a5000")
    tel44(s, ["a5k-03"], 4, 0.0, t_end, 300.0, fn, keys=K45 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",))
    tel44(s, ["a5k-05"], 4, 0.0, t_end, 1800.0, fn, keys=UP)
    s.truth = truth(None, no_requeue=[J, N1], no_drain=["a5k-03"])
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
