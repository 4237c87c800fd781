#!/usr/bin/env python3
"""Build the holdout37 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout36):
  * `REAL_*` string literals are copied verbatim from the public thread or vendor document named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout37: generic helpers and the holdout14..holdout36 helper sections are copied unchanged from holdout36's build.py
(the tooling copy); the holdout36 scenarios are replaced by the holdout37 helpers and scenarios S1..S8 below.
Earlier note (holdout36): generic helpers and the holdout14..holdout34 helper sections came unchanged from holdout34.
Earlier notes (holdout23..holdout34): each corpus copied the previous one's generic helpers and helper sections.
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
# holdout37 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "v100_sxm2_32": (57, 5, 248.0, 25.0, 1530, 22500, 1500),
    "h100_sxm5": (53, 6, 655.0, 40.0, 1980, 68000, 3000),
    "a100_sxm80": (55, 6, 360.0, 40.0, 1410, 52000, 3000),
    "gtx1080ti_2019": (72, 4, 236.0, 16.0, 1860, 10400, 300),
    "titanx_2015b": (74, 4, 218.0, 16.0, 1076, 6200, 500),
})


def s37(rng, profile, util, power, clock=None, temp=None, fb=None, thr=None, extra=None, keys=None) -> dict:
    """SYNTH: compact DCGM-named sample; `keys` keeps only some fields (keeps events.jsonl small)."""
    f = s34(rng, profile, util, power, clock=clock, temp=temp, fb=fb, thr=thr, extra=extra)
    if keys is not None:
        f = {k: v for k, v in f.items()
             if k in keys or (thr is not None and k.startswith("DCGM_FI_DEV_CLOCK")) or k in (extra or {})}
    return f


K37 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
K37T = K37 + ("DCGM_FI_DEV_GPU_TEMP",)


def swin_line(d: dt.datetime, lineno: int, msg: str, name: str = "swin_base_patch4_window7_224",
              script: str = "main_prune.py") -> str:
    """SYNTH: Swin-Transformer logger line as its log file renders it (tabs expanded to 8 columns, as in the real
    line of S1)."""
    return f"[{d:%Y-%m-%d %H:%M:%S} {name}]({script} {lineno}): INFO {msg}".expandtabs(8)


def swin_train(d: dt.datetime, ep: int, i: int, n: int, eta: float, lr: float, tv: float, ta: float, lv: float,
               la: float, gv: float, ga, mem: int) -> str:
    ga_s = "nan" if ga is None else f"{ga:.4f}"
    gv_s = "inf" if gv is None else f"{gv:.4f}"
    return swin_line(d, 310, f"Train: [{ep}/300][{i}/{n}]\teta {dt.timedelta(seconds=int(eta))} lr {lr:.6f}\t"
                            f"time {tv:.4f} ({ta:.4f})\tloss {lv:.4f} ({la:.4f})\tgrad_norm {gv_s} ({ga_s})\t"
                            f"mem {mem}MB")


def tf_stamp(d: dt.datetime) -> str:
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}"


def gpt2s_step(counter: int, el: float, loss: float, avg: float) -> str:
    """SYNTH: gpt-2-simple finetune progress line."""
    return f"[{counter} | {el:.2f}] loss={loss:.2f} avg={avg:.2f}"


def mcore_straggler(label: str, d: dt.datetime, rtt: tuple, pwr: tuple, tmp: tuple, utl: tuple, clk: tuple,
                    drtt: tuple, etpt: tuple) -> str:
    """SYNTH: Megatron-Core StragglerDetector report line (layout of the README example line, S3)."""
    def mm(tag, v, unit, fmt):
        (mn, rmn), (mx, rmx) = v
        return f"Mn{tag}/Rnk: {fmt.format(mn)}{unit}/{rmn} | Mx{tag}/Rnk: {fmt.format(mx)}{unit}/{rmx}"
    return (f"{label}INFO:megatron.core.utils:[{d:%Y-%m-%d %H:%M:%S}] | " + " | ".join([
        mm("Rtt", rtt, "ms", "{:.2f}"), mm("Pwr", pwr, "W", "{:d}"), mm("Tmp", tmp, "C", "{:d}"),
        mm("Utl", utl, "%", "{:d}"), mm("Clk", clk, "MHz", "{:d}"), mm("DRtt", drtt, "ms", "{:.2f}"),
        mm("Etpt", etpt, "TF", "{:.2f}")]))


def mcore_minmax(label: str, low: list, high: list) -> list:
    """SYNTH: the two `--straggler-minmax-count 4` lines (layout of the README example lines)."""
    lo = ", ".join(f"{v:.2f}/{r}" for v, r in low) + ","
    hi = ", ".join(f"{v:.2f}/{r}" for v, r in high) + ","
    return [f"{label}INFO:megatron.core.utils:^^^^ Bottom 4 Ranks with lowest  Etpt(TF): {lo}",
            f"{label}INFO:megatron.core.utils:^^^^ Top    4 Ranks with highest Etpt(TF): {hi}"]


def mcore_iter(label: str, d: dt.datetime, it: int, total: int, ms: float, lr: float, loss: float, gbs: int,
               gn: float) -> str:
    """SYNTH: Megatron-LM (core 0.5-era) training_log line, printed by the last rank."""
    return (f"{label} [{d:%Y-%m-%d %H:%M:%S}] iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.6E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: {gn:.3f} | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 |")


def nccl_s12(rank: int, world: int, d: dt.datetime, src: str, host: str, pid: int, msg: str) -> str:
    """SYNTH: the per-rank NCCL log layout of the S4 thread's lines ([rank/world][stamp] [file:line] [host:pid=N])."""
    return f"[{rank:04d}/{world}][{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [{src}] [{host}:pid={pid}] {msg}"


def ds_epoch_line(ep: int, label: str, el: float, steps: int, loss: float) -> str:
    """SYNTH: Mozilla DeepSpeech 0.5 progress-bar line (final form of an epoch segment)."""
    return f"Epoch {ep} | {label:>10} | Elapsed Time: {hms_full(el)} | Steps: {steps} | Loss: {loss:.6f}"


def yolox_line(d: dt.datetime, src: str, msg: str, ms: bool = False) -> str:
    """SYNTH: YOLOX loguru line (the launcher's lines carry milliseconds, the trainer's do not)."""
    st = f"{d:%Y-%m-%d %H:%M:%S}" + (f".{d.microsecond // 1000:03d}" if ms else "")
    return f"{st} | INFO     | {src} - {msg}"


def yolox_iter(ep: int, it: int, n: int, mem: int, itt: float, dtt: float, tot: float, iou: float, conf: float,
               cls: float, lr: float, size: int, eta: float) -> str:
    eta_i = int(eta)
    days, rem = divmod(eta_i, 86400)
    eta_s = (f"{days} days, " if days > 1 else ("1 day, " if days == 1 else "")) + hms_full(rem)
    return (f"epoch: {ep}/300, iter: {it}/{n}, mem: {mem}Mb, iter_time: {itt:.3f}s, data_time: {dtt:.3f}s, "
            f"total_loss: {tot:.1f}, iou_loss: {iou:.1f}, l1_loss: 0.0, conf_loss: {conf:.1f}, cls_loss: {cls:.1f}, "
            f"lr: {lr:.3e}, size: {size}, ETA: {eta_s}")


def deit_line(ep: int, i: int, n: int, eta: float, lr: float, loss: float, lavg: float, tm: float, data: float,
              mem: int) -> str:
    """SYNTH: DeiT/Vim MetricLogger line (delimiter two spaces, print_freq 10)."""
    w = len(str(n))
    return (f"Epoch: [{ep}]  [{i:>{w}}/{n}]  eta: {hms_full(eta)}  lr: {lr:.6f}  loss: {loss:.4f} ({lavg:.4f})  "
            f"time: {tm:.4f}  data: {data:.4f}  max mem: {mem}")


def slurm_cancel(job: str, node: str, d: dt.datetime, step: str = "") -> str:
    what = f"STEP {job}.{step}" if step else f"JOB {job}"
    return f"slurmstepd: error: *** {what} ON {node} CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} ***"




# ======================================================================================
# S1  healthy-swin-b-apex-overflow-gradnorm-nan-nfs-blip  (healthy: Swin-B (the owner's main_prune.py variant of the
#     Swin-Transformer trainer) on one 8 x V100 node under apex O1. Every ~2000 iterations apex's dynamic loss scaler
#     overflows and all 8 ranks print `Gradient overflow.  Skipping step ...`; from then on the epoch's grad_norm
#     average prints `(nan)`. PIL warns about corrupt EXIF data, the dataset NFS server stalls once for ~30 s and comes
#     back. Training goes on at ~1.07 s/it through epochs 0-2 (of 300) and into epoch 3.)
# ======================================================================================
# Source: https://github.com/microsoft/Swin-Transformer/issues/47 -- "APEX Gradient overflow" (closed). The reporter,
# training swin-net with O1, shows the two lines below and asks "Is this normal?"; the maintainer (zeliu98): "there is
# no need to worry, it's normal, since apex use a `dynamic` loss scale." Verbatim: the two lines below (the Train line
# as the issue renders it, the log's tabs shown as spaces). Everything else -- the other Train lines (same layout),
# the other ranks' copies of the overflow line, later overflows, start-up, validation and checkpoint lines, EXIF
# warnings, the NFS blip, the cluster, neighbour and telemetry -- is SYNTH.
REAL_S1_OVF = "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 131072.0"
REAL_S1_TRAIN = ("[2021-04-25 05:35:19 swin_base_patch4_window7_224](main_prune.py 310): INFO Train: [0/300][4050/5004]"
                 "   eta 0:17:06 lr 0.000500 time 1.1737 (1.0765)    loss 3.2572 (3.3279)    grad_norm 1.0323 (nan)  mem 4814MB")


def build_s1() -> Scenario:
    name = "healthy-swin-b-apex-overflow-gradnorm-nan-nfs-blip"
    J, N = "1148822", "1148790"
    node, nnode = "sw-03", "sw-05"
    start = "2021-04-25T04:20:00Z"
    s = Scenario(name, "Swin-B (the owner's main_prune.py variant of the Swin-Transformer trainer) re-trains a pruned, "
                 "pretrained model on ImageNet-1k (loss ~3.3, top-1 ~71-74 %) on one node of 8 x V100-SXM2-32GB with apex amp O1, 5004 iterations per epoch, logging every 50 "
                 "iterations. From iteration ~4047 on, every ~2000 iterations apex's dynamic loss scaler hits an "
                 "overflow and each of the 8 ranks prints `Gradient overflow.  Skipping step, loss scaler 0 reducing "
                 "loss scale to ...`; the epoch's grad_norm running average then prints `(nan)`. PIL warns about "
                 "corrupt EXIF data in a few JPEGs; once, the dataset NFS server stops answering for ~30 s and comes "
                 "back (one slow interval). Validation and checkpoints every epoch; the run continues into epoch 3 of "
                 "300. The job is opted in to requeues.",
                 start,
                 {"name": "vislab", "partition": "v100", "nodes": "sw-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "swinb-prune-in1k", "user": "vvhj", "nodes": node, "tasks_per_node": 8,
                   "started": "2021-04-25T04:19:41Z",
                   "comment": comment(3, "/home/vvhj/Swin-Transformer/output/swin_base_patch4_window7_224/default")},
                  {"id": N, "name": "mmseg-upernet-ade", "user": "tyliu", "nodes": nnode, "tasks_per_node": 8,
                   "started": "2021-04-24T21:02:13Z", "comment": comment(1)}])
    rng = s.rng
    t_real = 4519.0                      # 05:35:19
    t_e0 = 160.0
    n = 5004
    # -- start-up (SYNTH) -------------------------------------------------------------------------------
    t = 21.0
    for r in range(8):
        s.joblog(t + 0.03 * r, J, f"RANK and WORLD_SIZE in environ: {r}/8")  # SYNTH
    t = 24.0
    for r in range(8):
        s.joblog(t + 0.2 * r, J, "=> merge config from configs/swin_base_patch4_window7_224.yaml")  # SYNTH
    t = 27.5
    s.joblog(t, J, swin_line(s.at(t), 52, "Full config saved to output/swin_base_patch4_window7_224/default/config.json"))  # SYNTH
    s.joblog(t + 1.1, J, swin_line(s.at(t + 1.1), 73, "Creating model:swin/swin_base_patch4_window7_224"))  # SYNTH
    s.joblog(t + 6.2, J, swin_line(s.at(t + 6.2), 80, "number of params: 87768224"))  # SYNTH
    s.joblog(t + 9.8, J, swin_line(s.at(t + 9.8), 83, "number of GFLOPs: 15.438474752"))  # SYNTH
    t = 40.0
    for r in range(8):  # SYNTH: apex built without --cuda_ext on this image: harmless fallback notice, every rank
        s.joblog(t + 0.05 * r, J, "Warning:  multi_tensor_applier fused unscale kernel is unavailable, possibly because "
                                  "apex was installed without --cuda_ext --cpp_ext. Using Python fallback.  Original "
                                  "ImportError was: ModuleNotFoundError(\"No module named 'amp_C'\")")
    o1 = ["Selected optimization level O1:  Insert automatic casts around Pytorch functions and Tensor methods.", "",
          "Defaults for this optimization level are:", "enabled                : True",
          "opt_level              : O1", "cast_model_type        : None", "patch_torch_functions  : True",
          "keep_batchnorm_fp32    : None", "master_weights         : None", "loss_scale             : dynamic",
          "Processing user overrides (additional kwargs that are not None)...",
          "After processing overrides, optimization options are:", "enabled                : True",
          "opt_level              : O1", "cast_model_type        : None", "patch_torch_functions  : True",
          "keep_batchnorm_fp32    : None", "master_weights         : None", "loss_scale             : dynamic"]
    for k, l in enumerate(o1):
        s.joblog(t + 0.6 + 0.001 * k, J, l)  # SYNTH (apex amp.initialize banner, rank 0)
    s.joblog(t + 1.5, J, swin_line(s.at(t + 1.5), 126, "no checkpoint found in output/swin_base_patch4_window7_224/"
                                                  "default, ignoring auto resume"))  # SYNTH
    s.joblog(t + 1.6, J, swin_line(s.at(t + 1.6), 145, "Start training"))  # SYNTH
    # -- training ---------------------------------------------------------------------------------------
    t_end = 17600.0
    scale_events = [(0, 4047), (1, 1129), (1, 3303), (2, 461), (2, 2870), (3, 92)]   # (epoch, iter) of overflows
    exif_at = {(0, 1850), (1, 611), (1, 4212), (2, 1377), (2, 4380), (3, 240)}
    nfs_at = (1, 3650)   # iteration during which the NFS server stalls
    nfs_stall = 31.0
    scale = [262144.0]
    ep, t0 = 0, t_e0
    best = 0.0
    while t0 < t_end:
        it_s = (t_real - t_e0) / 4050 if ep == 0 else rng.uniform(1.066, 1.074)
        lr = 0.0005 if ep == 0 else 0.0005 + 0.0000125 * ep
        nan_avg = False
        tsum, lsum, gsum, cnt = 0.0, 0.0, 0.0, 0
        lat = 0.0
        ovf = sorted(i for (e, i) in scale_events if e == ep)
        for i in range(0, n, 50):
            extra = nfs_stall if (ep, i) == (nfs_at[0], nfs_at[1] - nfs_at[1] % 50) else 0.0
            ti = t0 + i * it_s + lat
            if ti >= t_end:
                break
            for o in ovf:                                    # overflow lines (all 8 ranks)
                if i - 50 < o <= i:
                    to = t0 + o * it_s + lat - 0.4
                    newscale = 131072.0
                    for r in range(8):
                        if ep == 0 and o == 4047:
                            s.joblog(to + 0.002 * r, J, REAL_S1_OVF)  # REAL_S1_OVF (one copy per rank)
                        else:
                            s.joblog(to + 0.002 * r, J, "Gradient overflow.  Skipping step, loss scaler 0 reducing "
                                                        f"loss scale to {newscale}")  # SYNTH
                    nan_avg = True
            for (e, ii) in exif_at:                          # PIL noise from a dataloader worker
                if e == ep and i - 50 < ii <= i:
                    tx = t0 + ii * it_s + lat - 0.2
                    sz = rng.choice([32, 80000, 65536, 4])
                    s.joblog(tx, J, "/opt/conda/lib/python3.8/site-packages/PIL/TiffImagePlugin.py:770: UserWarning: "
                                    f"Possibly corrupt EXIF data.  Expecting to read {sz} bytes but only got 0. "
                                    f"Skipping tag {rng.choice([270, 271, 272, 305, 306, 315, 33432, 64640])}")  # SYNTH
                    s.joblog(tx + 0.001, J, '  " Skipping tag %s" % (size, len(data), tag)')  # SYNTH
            if extra:
                tk = t0 + (nfs_at[1]) * it_s + lat
                s.kernel(tk, node, f"{dmesg_t(s.at(tk))} nfs: server dsnas01 not responding, still trying")  # SYNTH
                s.kernel(tk + extra - 1.2, node, f"{dmesg_t(s.at(tk + extra - 1.2))} nfs: server dsnas01 OK")  # SYNTH
                lat += extra
                ti += extra
            progress = (ep * n + i) / (300 * n)
            lv = 3.35 - 0.05 * (ep + i / n) + rng.uniform(-0.14, 0.14)   # pruned pretrained model: loss ~3.3
            cnt += 1
            lsum += lv
            tv = it_s + rng.uniform(-0.06, 0.11)
            ta = it_s + (lat / max(i, 1) if i else 0.0)
            if ep == 0 and i == 4050:
                s.joblog(t_real, J, REAL_S1_TRAIN)  # REAL_S1_TRAIN
                continue
            if i == 0:
                tv = 2.9 + rng.uniform(0, 1.5)
                ta = tv
            la = lsum / cnt
            gv = rng.uniform(0.8, 2.4)
            gsum += gv
            ga = None if nan_avg else gsum / cnt
            eta = (n - i) * it_s
            s.joblog(ti, J, swin_train(s.at(ti), ep, i, n, eta, lr, tv, ta, lv, la, gv, ga, 4814 if ep == 0 else 4830))  # SYNTH
        # epoch end: time, validation, checkpoint (SYNTH)
        te = t0 + n * it_s + lat
        if te >= t_end:
            break
        s.joblog(te, J, swin_line(s.at(te), 246, f"EPOCH {ep} training takes {dt.timedelta(seconds=int(te - t0))}"))  # SYNTH
        acc1, acc5 = [(71.342, 90.386), (72.918, 91.174), (73.604, 91.592), (74.1, 91.9)][ep]
        tv0 = te + 2.0
        for k, ii in enumerate(range(0, 196, 50)):
            tq = tv0 + ii * 0.29
            s.joblog(tq, J, swin_line(s.at(tq), 283, f"Test: [{ii}/196]\tTime {0.29 + rng.uniform(-0.02, 0.2):.3f} "
                                      f"({0.31:.3f})\tLoss {1.19 - ep * 0.03 + rng.uniform(-0.2, 0.2):.4f} "
                                      f"({1.19 - ep * 0.03:.4f})\tAcc@1 {acc1 + rng.uniform(-4, 4):.3f} ({acc1:.3f})\t"
                                      f"Acc@5 {acc5 + rng.uniform(-2, 2):.3f} ({acc5:.3f})\tMem 4830MB"))  # SYNTH
        tq = tv0 + 58.0
        s.joblog(tq, J, swin_line(s.at(tq), 290, f" * Acc@1 {acc1:.3f} Acc@5 {acc5:.3f}"))  # SYNTH
        s.joblog(tq + 0.1, J, swin_line(s.at(tq + 0.1), 160, f"Accuracy of the network on the 50000 test images: {acc1:.1f}%"))  # SYNTH
        best = max(best, acc1)
        s.joblog(tq + 0.2, J, swin_line(s.at(tq + 0.2), 162, f"Max accuracy: {best:.2f}%"))  # SYNTH
        path = f"output/swin_base_patch4_window7_224/default/ckpt_epoch_{ep}.pth"
        s.joblog(tq + 0.3, J, swin_line(s.at(tq + 0.3), 74, f"{path} saving......", script="utils.py"))  # SYNTH
        s.joblog(tq + 4.9, J, swin_line(s.at(tq + 4.9), 76, f"{path} saved !!!", script="utils.py"))  # SYNTH
        t0 = tq + 6.5
        ep += 1
    # neighbour (SYNTH): mmsegmentation UperNet on ADE20K, mmcv text log every 50 iterations (~27 s each)
    tn, itn = 30.0, 61350
    while tn < t_end:
        d = s.at(tn)
        s.joblog(tn, N, f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - mmseg - INFO - Iter [{itn}/160000]\t"
                        f"lr: {6e-5 * (1 - itn / 160000) ** 1.0:.3e}, eta: {hms_full((160000 - itn) * 0.54)}, time: "
                        f"{0.54 + rng.uniform(-0.03, 0.03):.3f}, data_time: 0.012, memory: 9321, decode.loss_ce: "
                        f"{rng.uniform(0.28, 0.36):.4f}, decode.acc_seg: {rng.uniform(86, 89):.4f}, aux.loss_ce: "
                        f"{rng.uniform(0.12, 0.16):.4f}, aux.acc_seg: {rng.uniform(84, 87):.4f}, loss: "
                        f"{rng.uniform(0.42, 0.5):.4f}")
        itn += 200
        tn += 108.0 + rng.uniform(-2, 2)

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ < t_e0:
                return s37(rng, "v100_sxm2_32", 0, rng.uniform(52, 58), clock=1530, keys=K37T)
            return s37(rng, "v100_sxm2_32", rng.randint(93, 100), rng.uniform(228, 286), clock=1530, keys=K37T)
        return s37(rng, "v100_sxm2_32", rng.randint(88, 99), rng.uniform(205, 270), clock=1530, keys=K37)
    run_sampler(s, [node], 8, 0.0, t_end, 600.0, fn)
    run_sampler(s, [nnode], 8, 0.0, t_end, 900.0, fn)
    s.truth = truth(None, no_requeue=[J, N], no_drain=[node, nnode])
    return s


# ======================================================================================
# S2  gpt2-simple-tf112-1080ti-gpu5-event-poll-launch-failed-then-aer  (gpu_hardware: a gpt-2-simple (TensorFlow
#     1.12) fine-tune of GPT-2 345M on GPU 5 of a shared 8 x GTX 1080 Ti node. TensorFlow's own words come first:
#     `Error polling for event status: failed to query event: CUDA_ERROR_LAUNCH_FAILED`, then the F-level
#     `Unexpected Event status: 1` and an abort. 52 s later the kernel records a PCIe AER uncorrected (non-fatal)
#     completion timeout for that GPU's bus; DCGM had shown its PCIe replay counter climbing all along. Two other
#     owners' jobs on the node's other GPUs keep running.)
# ======================================================================================
# Source: https://github.com/tensorflow/tensorflow/issues/28693 -- "[Train on official Docker image & custom TF build
# (no AVX)] failed to query event: CUDA_ERROR_LAUNCH_FAILED" (closed). One commenter (saippuakauppias) posts the
# gpt-2-simple run below (TF 1.12.2 build), with the same result on several TF builds; later the same commenter: "The
# problem was in the video card. There were memory errors (can be verified through ... cuda_memtest). Solution:
# replace the video card." Verbatim: the `Loading checkpoint` line and the four TF lines (their stamps kept; the
# scenario clock is chosen to fit them). SYNTH: everything else -- the cluster and card model, the training steps,
# `Aborted (core dumped)` (a line earlier corpora use), the AER record (the thread shows no kernel log), the replay
# counter, the neighbours and the telemetry.
REAL_S2_LOAD = "Loading checkpoint models/345M/model.ckpt"
REAL_S2_TF = [
    "2019-05-15 07:00:34.445685: E tensorflow/stream_executor/cuda/cuda_event.cc:48] Error polling for event status: failed to query event: CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure",
    "2019-05-15 07:00:34.445688: E tensorflow/stream_executor/cuda/cuda_gpu_executor.cc:706] failed to record completion event; therefore, failed to create inter-stream dependency",
    "2019-05-15 07:00:34.445785: F tensorflow/core/common_runtime/gpu/gpu_event_mgr.cc:274] Unexpected Event status: 1",
    "2019-05-15 07:00:34.445793: E tensorflow/stream_executor/cuda/cuda_gpu_executor.cc:706] failed to record completion event; therefore, failed to create inter-stream dependency",
]


def build_s2() -> Scenario:
    name = "gpt2-simple-tf112-1080ti-gpu5-event-poll-launch-failed-then-aer"
    J, N1, N2 = "4412907", "4412811", "4412880"
    node, bad = "g1080-05", 5
    bus = ["0000:04:00", "0000:05:00", "0000:08:00", "0000:09:00", "0000:84:00", "0000:85:00", "0000:88:00",
           "0000:89:00"]
    start = "2019-05-15T06:10:00Z"
    s = Scenario(name, "gpt-2-simple (TensorFlow 1.12, CUDA 9) fine-tunes GPT-2 345M on one GTX 1080 Ti (GPU 5, bus "
                 "85:00) of g1080-05, an 8-GPU node shared with two other owners' jobs (GPUs 0-3 and 6-7). After ~48 "
                 "minutes of steps TensorFlow logs `Error polling for event status: failed to query event: "
                 "CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure`, `Unexpected Event status: 1` (F) and the "
                 "process aborts; the batch script exits 134. 52 s later the kernel logs a PCIe AER uncorrected "
                 "(non-fatal) completion timeout on that GPU's bus; DCGM had shown GPU 5's PCIe replay counter rising "
                 "all along (~4000 replays in 50 minutes; the other GPUs show none). The fine-tune is opted in to one requeue; the neighbours are not opted in.",
                 start,
                 {"name": "nlp-lab", "partition": "gtx", "nodes": "g1080-[01-10]", "gpus_per_node": 8,
                  "pci_bus_ids": bus},
                 [{"id": J, "name": "gpt2-345m-ft-reviews", "user": "saippua", "nodes": node, "tasks_per_node": 1,
                   "started": "2019-05-15T06:11:02Z", "comment": comment(1, "/home/saippua/gpt2-simple/checkpoint/run1")},
                  {"id": N1, "name": "cyclegan-horse2zebra", "user": "kpark", "nodes": node, "tasks_per_node": 4,
                   "started": "2019-05-15T03:40:19Z"},
                  {"id": N2, "name": "bert-base-squad-ft", "user": "lwen", "nodes": node, "tasks_per_node": 2,
                   "started": "2019-05-15T05:58:44Z"}])
    rng = s.rng
    e0 = parse_start(start)
    t_err = (dt.datetime(2019, 5, 15, 7, 0, 34, 445685) - e0).total_seconds()
    # -- start-up (SYNTH, TF 1.12 layout; the REAL `Loading checkpoint` line at its place) ------------------------
    t = 66.0
    def tfl(tt, lvl, src, msg):
        return f"{tf_stamp(s.at(tt))}: {lvl} {src}] {msg}"
    s.joblog(t, J, tfl(t, "I", "tensorflow/core/platform/cpu_feature_guard.cc:141", "Your CPU supports instructions that "
                       "this TensorFlow binary was not compiled to use: AVX2 FMA"))  # SYNTH
    s.joblog(t + 0.21, J, tfl(t + 0.21, "I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1432", "Found device 0 with "
                              "properties: "))  # SYNTH
    s.joblog(t + 0.211, J, "name: GeForce GTX 1080 Ti major: 6 minor: 1 memoryClockRate(GHz): 1.582")  # SYNTH
    s.joblog(t + 0.212, J, "pciBusID: 0000:85:00.0")  # SYNTH
    s.joblog(t + 0.213, J, "totalMemory: 10.92GiB freeMemory: 10.76GiB")  # SYNTH
    s.joblog(t + 0.214, J, tfl(t + 0.214, "I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1511", "Adding visible gpu "
                               "devices: 0"))  # SYNTH
    s.joblog(t + 0.71, J, tfl(t + 0.71, "I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1115", "Created TensorFlow "
                              "device (/job:localhost/replica:0/task:0/device:GPU:0 with 10409 MB memory) -> physical GPU "
                              "(device: 0, name: GeForce GTX 1080 Ti, pci bus id: 0000:85:00.0, compute capability: 6.1)"))  # SYNTH
    s.joblog(t + 3.9, J, REAL_S2_LOAD)  # REAL_S2_LOAD
    s.joblog(t + 4.0, J, "INFO:tensorflow:Restoring parameters from models/345M/model.ckpt")  # SYNTH
    s.joblog(t + 11.2, J, "Loading dataset...")  # SYNTH
    s.joblog(t + 52.6, J, "100%|##########| 1/1 [00:41<00:00, 41.37s/it]")  # SYNTH
    s.joblog(t + 52.7, J, "dataset has 9127336 tokens")  # SYNTH
    s.joblog(t + 52.8, J, "Training...")  # SYNTH
    # -- steps (SYNTH): print_every=10, sample_every=500, save_every=1000; ~1.21 s per step ----------------------
    t_train = t + 55.0
    step_s = 1.21
    k = 1
    avg = 3.42
    while True:
        ts = t_train + k * step_s + rng.uniform(-0.05, 0.05)
        if ts >= t_err - 0.5:
            break
        if k % 10 == 0:
            loss = max(1.9, 3.35 - 0.00035 * k + rng.uniform(-0.35, 0.35))
            avg = 0.99 * avg + 0.01 * loss if k > 10 else loss
            s.joblog(ts, J, gpt2s_step(k, ts - t_train, loss, avg))  # SYNTH
        if k % 500 == 0:
            s.joblog(ts + 0.2, J, "======== SAMPLE 1 ========")  # SYNTH
            for l in rng.sample(["the battery lasts two days and the screen is bright enough outside.",
                                 "I returned it after a week. The hinge squeaks and support never answered.",
                                 "Great value for the price, would buy again for my daughter.",
                                 "It arrived on time, but the charger was missing from the box.",
                                 "Five stars. Setup took ten minutes and the app is easy to use."], 3):
                s.joblog(ts + 0.3, J, l)  # SYNTH
            s.joblog(ts + 0.4, J, "")  # SYNTH
            t_train += 14.0
        if k % 1000 == 0:
            s.joblog(ts + 0.5, J, f"Saving checkpoint/run1/model-{k}")  # SYNTH
            t_train += 9.0
        k += 1
    for i, l in enumerate(REAL_S2_TF):
        s.joblog(t_err + [0.0, 0.000003, 0.0001, 0.000108][i], J, l)  # REAL_S2_TF
    s.joblog(t_err + 0.4, J, "Aborted (core dumped)")  # SYNTH (line used by earlier corpora)
    s.joblog(t_err + 0.6, J, "/var/spool/slurmd/job4412907/slurm_script: line 17: 48213 Aborted                 "
                             "(core dumped) python3 finetune_reviews.py --model 345M --steps 20000")  # SYNTH
    s.job_state(t_err + 1.1, J, "FAILED", "134:0")  # SYNTH
    # -- kernel record, 52 s later (SYNTH) ------------------------------------------------------------------------
    ta = t_err + 52.3
    kl = ["pcieport 0000:80:03.0: AER: Uncorrected (Non-Fatal) error received: id=8500",
          "nvidia 0000:85:00.0: PCIe Bus Error: severity=Uncorrected (Non-Fatal), type=Transaction Layer, id=8500(Requester ID)",
          "nvidia 0000:85:00.0:   device [10de:1b06] error status/mask=00004000/00000000",
          "nvidia 0000:85:00.0:    [14] Completion Timeout     (First)",
          "nvidia 0000:85:00.0: device has no AER-aware driver"]
    for i, l in enumerate(kl):
        s.kernel(ta + 0.0001 * i, node, f"{dmesg_t(s.at(ta))} {l}")  # SYNTH
    t_end = t_err + 1500.0
    # -- neighbours (SYNTH) -----------------------------------------------------------------------------------------
    tn, ep, it = 40.0, 61, 0
    while tn < t_end:
        s.joblog(tn, N1, f"(epoch: {ep}, iters: {it}, time: {rng.uniform(0.18, 0.22):.3f}, data: 0.002) D_A: "
                         f"{rng.uniform(0.12, 0.3):.3f} G_A: {rng.uniform(0.4, 0.9):.3f} cycle_A: {rng.uniform(0.5, 1.3):.3f} "
                         f"idt_A: {rng.uniform(0.2, 0.5):.3f} D_B: {rng.uniform(0.1, 0.3):.3f} G_B: {rng.uniform(0.4, 1.1):.3f} "
                         f"cycle_B: {rng.uniform(0.9, 2.0):.3f} idt_B: {rng.uniform(0.2, 0.5):.3f} ")
        it += 400
        if it >= 1200:
            it, ep = 0, ep + 1
        tn += 88.0 + rng.uniform(-3, 3)
    tn, st = 25.0, 2400
    while tn < t_end:
        s.joblog(tn, N2, f"Iteration:  {int(100 * (st % 11066) / 11066):2d}%|{st % 11066}/11066 "
                         f"[{fmt_interval((st % 11066) * 0.46)}<{fmt_interval((11066 - st % 11066) * 0.46)},  "
                         f"2.17it/s]")
        s.joblog(tn + 0.1, N2, f"05/15/2019 {s.at(tn):%H:%M:%S} - INFO - __main__ -   loss = "
                               f"{rng.uniform(0.9, 1.4):.4f} step = {st}")
        st += 200
        tn += 92.0 + rng.uniform(-2, 2)

    replay = [0]

    def fn(n_, g, t_):  # SYNTH
        if n_ != node:
            return s37(rng, "gtx1080ti_2019", rng.randint(85, 99), rng.uniform(190, 240), clock=1860, keys=K37)
        if g in (0, 1, 2, 3):
            return s37(rng, "gtx1080ti_2019", rng.randint(82, 97), rng.uniform(180, 235), clock=1847, keys=K37)
        if g in (6, 7):
            return s37(rng, "gtx1080ti_2019", rng.randint(88, 99), rng.uniform(200, 246), clock=1860, keys=K37)
        if g == 4:
            return s37(rng, "gtx1080ti_2019", 0, rng.uniform(9, 14), clock=139, keys=K37)
        # GPU 5: the fine-tune's card
        if t_ > t_err - 3600 and t_ < t_err + 60:
            replay[0] += rng.randint(40, 140) if t_ < t_err else rng.randint(400, 900)
        extra = {"DCGM_FI_DEV_PCIE_REPLAY_COUNTER": replay[0]}
        if t_ < 66 or t_ > t_err:
            return s37(rng, "gtx1080ti_2019", 0, rng.uniform(10, 16), clock=139, keys=K37, extra=extra)
        return s37(rng, "gtx1080ti_2019", rng.randint(90, 99), rng.uniform(205, 245), clock=1835, keys=K37, extra=extra)
    run_sampler(s, [node], 8, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_err, "category": "gpu_hardware", "node": node, "gpu": bad}, drain=[node],
                    requeue={J: {"exclude": [node]}}, no_requeue=[N1, N2])
    return s


# ======================================================================================
# S3  megatron-straggler-detector-h100-rank13-hw-slowdown  (gpu_degraded: Megatron-LM GPT pretraining on 4 x 8 H100
#     with `--log-straggler --straggler-minmax-count 4`. Rank 0 prints a StragglerDetector report every 20
#     iterations; the real report below is a healthy one. 31 minutes in, GPU 5 of h100-c06 (rank 13) drops to
#     ~1.25 GHz with the HW-slowdown bit set (temperature normal); every later report names rank 13 as MnClk, MnPwr
#     and lowest Etpt, and the iteration time goes from ~3.46 s to ~4.9 s. Nothing fails.)
# ======================================================================================
# Source: https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/README_STRAGGLER.md -- "StragglerDetector for
# a TP Group": the detector logs min/max RTT, power, temperature, utilisation, clock and estimated throughput with the
# rank of each, "which can additionally be used to narrow down to the exact GPU ... assuming the straggling was caused
# by hardware anomaly in a given GPU"; `--straggler-minmax-count` adds the Bottom/Top lines. Verbatim: the README's
# three example lines (a 32-rank run on 2024-03-14; its stamp fixes this scenario's clock). The README is the
# vendor's description, not an incident thread: the degraded GPU, its cause (HW slowdown bit), every later report, the
# iteration lines, the cluster, the neighbour and the telemetry are SYNTH.
REAL_S3 = [
    " 0: INFO:megatron.core.utils:[2024-03-14 23:07:56] | MnRtt/Rnk: 3453.08ms/8 | MxRtt/Rnk: 3468.20ms/0 | MnPwr/Rnk: 601796W/8 | MxPwr/Rnk: 683801W/18 | MnTmp/Rnk: 52C/0 | MxTmp/Rnk: 65C/21 | MnUtl/Rnk: 97%/8 | MxUtl/Rnk: 100%/6 | MnClk/Rnk: 1950MHz/28 | MxClk/Rnk: 1980MHz/0 | MnDRtt/Rnk: 14.27ms/23 | MxDRtt/Rnk: 34.65ms/3 | MnEtpt/Rnk: 296.02TF/0 | MxEtpt/Rnk: 297.32TF/8",
    " 0: INFO:megatron.core.utils:^^^^ Bottom 4 Ranks with lowest  Etpt(TF): 296.02/0, 296.17/2, 296.23/1, 296.23/4,",
    " 0: INFO:megatron.core.utils:^^^^ Top    4 Ranks with highest Etpt(TF): 297.28/15, 297.28/11, 297.32/12, 297.32/8,",
]


def build_s3() -> Scenario:
    name = "megatron-straggler-detector-h100-rank13-hw-slowdown"
    J, N = "2290417", "2290388"
    nodes = expand_hostlist("h100-c[05-08]")
    bad_node, bad_gpu, bad_rank = "h100-c06", 5, 13
    nnodes = ["h100-c11", "h100-c12"]
    start = "2024-03-14T23:00:00Z"
    s = Scenario(name, "Megatron-LM GPT-3 20B pretraining on 4 nodes x 8 H100-SXM5 (32 ranks, srun --label, TP 8 within "
                 "a node, PP 1, DP 4), logging every 20 iterations with the Megatron-Core StragglerDetector on "
                 "(--log-straggler --straggler-minmax-count 4): rank 0 prints min/max RTT, power, temperature, "
                 "utilisation, clock, batch latency and estimated throughput with the rank of each, plus the bottom/top "
                 "4 ranks by throughput; rank 31 prints the iteration line. From 23:31 on, GPU 5 of h100-c06 (rank "
                 "13) runs at ~1.25 GHz with the HW-slowdown throttle bit set while its temperature stays normal; the "
                 "reports name rank 13 as MnClk/MnPwr/lowest Etpt and the iteration time rises from ~3.46 s to ~4.9 s. "
                 "No error, no exit. The job is opted in.",
                 start,
                 {"name": "llm-c", "partition": "h100", "nodes": "h100-c[01-16]", "gpus_per_node": 8},
                 [{"id": J, "name": "gpt3-20b-pretrain", "user": "dgxops", "nodes": "h100-c[05-08]", "tasks_per_node": 8,
                   "started": "2024-03-14T22:41:07Z", "comment": comment(3, "/lustre/llm/ckpt/gpt3-20b")},
                  {"id": N, "name": "sd-xl-finetune", "user": "mrossi", "nodes": "h100-c[11-12]", "tasks_per_node": 8,
                   "started": "2024-03-14T19:12:40Z"}])
    rng = s.rng
    t_real = 476.0                      # 23:07:56
    it_real = 420
    it_h, it_d = 3.461, 4.893           # s/iteration healthy / degraded
    t_slow = 1893.0                     # 23:31:33: GPU 5 of h100-c06 starts running slow
    t_end = 3900.0
    total = 95000
    gbs = 512
    # iteration -> time
    k_slow = it_real + int((t_slow - t_real) / it_h)

    def t_of(k):
        if k <= k_slow:
            return t_real + (k - it_real) * it_h
        return t_real + (k_slow - it_real) * it_h + (k - k_slow) * it_d + (41.5 if k > 1000 else 0.0)
    k = it_real - 20 * int((t_real - 5.0) / (20 * it_h))
    while True:
        tk = t_of(k)
        if tk >= t_end:
            break
        d = s.at(tk)
        degraded = k - 20 > k_slow
        ms = (it_d if degraded else it_h) * 1000 + rng.uniform(-9, 9)
        loss = 2.41 - 0.00018 * (k - 300) + rng.uniform(-0.02, 0.02)
        lr = 1.2e-4 * min(1.0, k / 2000)
        s.joblog(tk + 0.01, J, mcore_iter("31:", d, k, total, ms, lr, loss, gbs, rng.uniform(0.18, 0.31)))  # SYNTH
        if k == it_real:
            for i, l in enumerate(REAL_S3):
                s.joblog(t_real + 0.02 + 0.001 * i, J, l)  # REAL_S3
        else:
            if not degraded:
                rtt = ((ms - 8 + rng.uniform(-3, 3), rng.choice([4, 8, 9])), (ms + 7 + rng.uniform(-3, 3), 0))
                pwr = ((rng.randint(598000, 612000), rng.choice([8, 10, 3])), (rng.randint(672000, 690000), rng.choice([18, 21, 26])))
                tmp = ((rng.randint(51, 53), rng.choice([0, 1])), (rng.randint(63, 66), 21))
                utl = ((rng.randint(96, 98), rng.choice([8, 9, 16])), (100, rng.choice([6, 7, 30])))
                clk = ((rng.choice([1950, 1965]), rng.choice([28, 19, 4])), (1980, 0))
                base = 296.0 + rng.uniform(-0.4, 0.4)
                low = [(base + 0.05 * j + rng.uniform(0, 0.03), r) for j, r in enumerate(rng.sample(range(32), 4))]
                high = [(base + 1.2 + 0.03 * j, r) for j, r in enumerate(rng.sample(range(32), 4))]
            else:
                rtt = ((ms - 21 + rng.uniform(-4, 4), rng.choice([20, 27, 2])), (ms + 6 + rng.uniform(-3, 3), bad_rank))
                pwr = ((rng.randint(391000, 412000), bad_rank), (rng.randint(548000, 566000), rng.choice([18, 21])))
                tmp = ((rng.randint(47, 50), rng.choice([0, 29])), (rng.randint(59, 62), 21))
                utl = ((rng.randint(68, 74), rng.choice([24, 2, 17])), (100, bad_rank))
                clk = ((rng.randint(1230, 1275), bad_rank), (1980, 0))
                base = 208.3 + rng.uniform(-0.5, 0.5)
                low = [(base, bad_rank)] + [(base + 0.4 + 0.07 * j, r) for j, r in enumerate(rng.sample([12, 14, 9, 11, 15, 8], 3))]
                high = [(base + 2.3 + 0.04 * j, r) for j, r in enumerate(rng.sample([24, 25, 26, 27, 28, 30, 31], 4))]
            drtt = ((rng.uniform(13.5, 15.2), rng.choice([23, 17, 5])), (rng.uniform(30.5, 36.9), rng.choice([3, 11])))
            et = ((low[0][0], low[0][1]), (high[-1][0], high[-1][1]))
            s.joblog(tk + 0.02, J, mcore_straggler(" 0: ", d, rtt, pwr, tmp, utl, clk, drtt, et))  # SYNTH
            for i, l in enumerate(mcore_minmax(" 0: ", low, high)):
                s.joblog(tk + 0.021 + 0.001 * i, J, l)  # SYNTH
        if k % 1000 == 0:
            s.joblog(tk + 0.5, J, f" 0: saving checkpoint at iteration {k:7d} to /lustre/llm/ckpt/gpt3-20b in torch_dist format")  # SYNTH
            s.joblog(tk + 41.0, J, f" 0:   successfully saved checkpoint from iteration {k:7d} to /lustre/llm/ckpt/gpt3-20b")  # SYNTH
        k += 20
    # neighbour (SYNTH): diffusers SDXL fine-tune, accelerate/tqdm-free log lines every ~2 min
    tn, st = 50.0, 18400
    while tn < t_end:
        s.joblog(tn, N, f"{s.at(tn):%m/%d/%Y %H:%M:%S} - INFO - __main__ - step {st}: train_loss={rng.uniform(0.06, 0.14):.4f} "
                        f"lr=1.00e-05 step_time={rng.uniform(1.41, 1.49):.2f}s")
        st += 80
        tn += 117.0 + rng.uniform(-2, 2)

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            kk = K37T if n_ == bad_node else K37
            if n_ == bad_node and g == bad_gpu and t_ >= t_slow:
                return s37(rng, "h100_sxm5", 100, rng.uniform(388, 415), clock=rng.randint(1230, 1275),
                           temp=rng.randint(47, 51), thr=8, keys=kk)
            if t_ >= t_slow:
                return s37(rng, "h100_sxm5", rng.randint(68, 76), rng.uniform(540, 575), clock=1980,
                           thr=0 if n_ == bad_node else None, keys=kk)
            return s37(rng, "h100_sxm5", rng.randint(96, 100), rng.uniform(598, 690), clock=rng.choice([1980, 1980, 1965]),
                       thr=0 if n_ == bad_node else None, keys=kk)
        return s37(rng, "h100_sxm5", rng.randint(90, 99), rng.uniform(520, 640), clock=1980, keys=K37)
    run_sampler(s, nodes, 8, 0.0, t_end, 240.0, fn)
    run_sampler(s, nnodes, 8, 0.0, t_end, 480.0, fn)
    s.truth = truth({"t": t_slow, "category": "gpu_degraded", "node": bad_node, "gpu": bad_gpu}, drain=[bad_node],
                    requeue={J: {"exclude": [bad_node]}}, no_requeue=[N],
                    no_drain=[n for n in nodes if n != bad_node] + nnodes)
    return s


# ======================================================================================
# S4  nccl-bootstrap-1024rank-socketpollconnect-no-pollout-s12gn3071-drops-syn  (network: a 128-node x 8-GPU job
#     (1024 ranks) hangs in NCCL bootstrap. Ranks on several nodes log NCCL's socket-layer warning `socketPollConnect
#     poll() returned 1, no POLLOUT events` -- their TCP connects time out because one destination node drops the SYN
#     packets. That node, s12gn3071, shows its front-end NIC (bnxt_en) hitting TX timeouts and flapping in its kernel
#     log; its own ranks print nothing. The job makes no progress until the owner cancels it.)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/pull/1618 -- "More logging in socketPollConnect and let some error cases
# retry" (open). The author: "Recently we noticed a hang case during NCCL bootstrap. Some signature in job error log:"
# (the two lines below, grep output from per-rank log files named rank_604.s12gn3064.4031852.log / rank_607...; the
# grep file-name prefix is dropped here, the lines themselves are verbatim) and "For our case, the issue is caused by
# the destination node dropping TCP SYN packets, which triggers TCP connection timeout on src side." The thread does
# not name the destination node or say why it dropped SYNs: the node (s12gn3071), its NIC flaps, the other ranks'
# copies of the warning, the job's other lines, the cluster, the neighbour and the telemetry are SYNTH. The job id
# 4031852 and the host s12gn3064 come from the file names.
REAL_S4 = [
    "[0607/1024][2025-02-16 22:31:34,418] [misc/socket.cc:586] [s12gn3064:pid=3942411] NCCL WARN socketPollConnect poll() returned 1, no POLLOUT events",
    "[0604/1024][2025-02-16 22:31:34,422] [misc/socket.cc:586] [s12gn3064:pid=3942408] NCCL WARN socketPollConnect poll() returned 1, no POLLOUT events",
]


def build_s4() -> Scenario:
    name = "nccl-bootstrap-1024rank-socketpollconnect-no-pollout-s12gn3071-drops-syn"
    J, N = "4031852", "4031790"
    nodes = expand_hostlist("s12gn[2989-3116]")
    bad = "s12gn3071"
    nnodes = ["s12gn3121", "s12gn3122"]
    start = "2025-02-16T22:20:00Z"
    s = Scenario(name, "A 1024-rank pretraining job (128 nodes s12gn[2989-3116] x 8 H800, one srun task per GPU, "
                 "NCCL_DEBUG=WARN with a per-rank `[rank/world][stamp] [file:line] [host:pid=N]` log prefix) starts "
                 "and never gets past NCCL bootstrap. Ranks on several nodes (s12gn3064 first) log `NCCL WARN "
                 "socketPollConnect poll() returned 1, no POLLOUT events`: their TCP connects to one peer time out. "
                 "That peer, s12gn3071, logs bnxt_en TX timeouts and its front-end port (the NCCL socket interface) "
                 "flapping from 22:30:51 on; its own ranks print nothing. The GPUs sit idle with a CUDA context; the "
                 "owner cancels the job after 33 minutes. The job is opted in.",
                 start,
                 {"name": "s12", "partition": "train", "nodes": "s12gn[2961-3136]", "gpus_per_node": 8},
                 [{"id": J, "name": "moe-pretrain-1k", "user": "yinglin", "nodes": "s12gn[2989-3116]",
                   "tasks_per_node": 8, "started": "2025-02-16T22:28:47Z",
                   "comment": comment(3, "/mnt/cpfs/ckpt/moe-pretrain-1k")},
                  {"id": N, "name": "rm-train-7b", "user": "qchen", "nodes": "s12gn[3121-3122]", "tasks_per_node": 8,
                   "started": "2025-02-16T20:03:55Z", "comment": comment(1)}])
    rng = s.rng
    e0 = parse_start(start)
    t_launch = 527.0                      # 22:28:47
    t_fault = 651.2                       # 22:30:51.2: s12gn3071's NIC TX timeout
    t_cancel = 2652.0                     # 23:04:12
    t_end = 3000.0
    # -- start-up (SYNTH) ----------------------------------------------------------------------------------------
    s.joblog(t_launch + 31.0, J, "using world size: 1024, data-parallel size: 64, context-parallel size: 1, "
                                 "tensor-model-parallel size: 8, pipeline-model-parallel size: 2")  # SYNTH
    s.joblog(t_launch + 31.1, J, "WARNING: Setting args.overlap_p2p_comm to False since non-interleaved schedule does "
                                 "not support overlapping p2p communication")  # SYNTH (harmless)
    s.joblog(t_launch + 31.2, J, "> initializing torch distributed ...")  # SYNTH
    # -- the destination node's NIC (SYNTH) ---------------------------------------------------------------------
    ifc = "bnxt_en 0000:c1:00.0 enp193s0f0np0"
    flaps = [t_fault]
    tt = t_fault
    while tt < t_end - 200:
        tt += rng.uniform(70, 260)
        flaps.append(tt)
    for i, tf in enumerate(flaps):
        if i == 0 or rng.random() < 0.5:
            s.kernel(tf, bad, f"{dmesg_t(s.at(tf))} {ifc}: TX timeout detected, starting reset task!")  # SYNTH
        s.kernel(tf + 0.7, bad, f"{dmesg_t(s.at(tf + 0.7))} {ifc}: NIC Link is Down")  # SYNTH
        up = tf + 0.7 + rng.uniform(2.5, 6.0)
        s.kernel(up, bad, f"{dmesg_t(s.at(up))} {ifc}: NIC Link is Up, 200000 Mbps full duplex, Flow control: none")  # SYNTH
    # -- the warnings ------------------------------------------------------------------------------------------
    t_w = (dt.datetime(2025, 2, 16, 22, 31, 34, 418000) - e0).total_seconds()
    s.joblog(t_w, J, REAL_S4[0])  # REAL_S4
    s.joblog(t_w + 0.004, J, REAL_S4[1])  # REAL_S4
    others = [23, 131, 298, 455, 719, 842, 977, 366, 508]
    tw = t_w + 0.2
    for r in others:
        host = nodes[r // 8]
        assert host != bad
        tw += rng.uniform(0.1, 1.6)
        s.joblog(tw, J, nccl_s12(r, 1024, s.at(tw), "misc/socket.cc:586", host, 3900000 + rng.randint(10000, 90000),
                                 "NCCL WARN socketPollConnect poll() returned 1, no POLLOUT events"))  # SYNTH
    # second round: more ranks hit it when the link flaps again
    tw = flaps[2] + 31.0 if len(flaps) > 2 else t_w + 300
    for r in rng.sample([x for x in range(1024) if nodes[x // 8] != bad], 5):
        tw += rng.uniform(0.2, 2.0)
        s.joblog(tw, J, nccl_s12(r, 1024, s.at(tw), "misc/socket.cc:586", nodes[r // 8],
                                 3900000 + rng.randint(10000, 90000),
                                 "NCCL WARN socketPollConnect poll() returned 1, no POLLOUT events"))  # SYNTH
    # -- cancel (SYNTH) --------------------------------------------------------------------------------------------
    s.joblog(t_cancel, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    s.joblog(t_cancel + 0.1, J, slurm_cancel(J, nodes[0], s.at(t_cancel)))  # SYNTH
    s.joblog(t_cancel + 0.2, J, slurm_cancel(J, nodes[0], s.at(t_cancel), step="0"))  # SYNTH
    s.job_state(t_cancel + 1.5, J, "CANCELLED", "0:15")  # SYNTH
    # -- neighbour (SYNTH): a reward-model run, Megatron-style lines every ~60 s --------------------------------
    tn, itn = 40.0, 4210
    while tn < t_end:
        s.joblog(tn, N, megatron_iter(s.at(tn), itn, 12000, 3021.0 + rng.uniform(-25, 25), 9.0e-6, rng.uniform(0.41, 0.55), 256))
        itn += 20
        tn += 60.4 + rng.uniform(-0.6, 0.6)
    sampled = ["s12gn2989", "s12gn3012", "s12gn3040", "s12gn3064", "s12gn3070", bad, "s12gn3072", "s12gn3099",
               "s12gn3116"]

    def fn(n_, g, t_):  # SYNTH
        if n_ in nnodes:
            return s37(rng, "h800", rng.randint(92, 100), rng.uniform(560, 660), clock=1980, keys=K37)
        if t_launch + 20 < t_ < t_cancel:
            return s37(rng, "h800", 0, rng.uniform(112, 124), clock=1980, fb=rng.randint(1180, 1260),
                       keys=K37 + ("DCGM_FI_DEV_FB_USED",))
        return s37(rng, "h800", 0, rng.uniform(68, 76), clock=345, fb=rng.randint(0, 4), keys=K37 + ("DCGM_FI_DEV_FB_USED",))
    run_sampler(s, sampled, 8, 0.0, t_end, 300.0, fn)
    run_sampler(s, nnodes, 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_fault, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=["s12gn3064", "s12gn3070", "s12gn3072"] + nnodes)
    return s


# ======================================================================================
# S5  tx2-v100-tx2-05-root-ext4-read-only-jobs-die  (node_failure: on tx2-05, a ThunderX2 + 4 x V100 node, the root
#     ext4 file system (sda1, which also holds /home) has been logging a daily `error count since last fsck` for
#     months. At midnight the weekly fstrim hits a bad block-bitmap checksum, the journal aborts and the kernel
#     remounts / read-only. The DeepSpeech training job there dies at its next checkpoint write; the owner's
#     resubmission lands on the same (still IDLE) node and dies in its first second, its login shell's pyenv init
#     unable to write anything. Slurm never notices.)
# ======================================================================================
# Source: https://github.com/DLTcollab/general/issues/150 -- "Base: Read-only file system on ARM server" (closed).
# Logging in gave the two pyenv lines below ("Read-only file system"); the affected servers' dmesg shows the ext4
# lines below on sda1 (the daily error report repeats; its `last error at time 1551657656` is Mon 2019-03-04 00:00:56
# UTC, in ext4_validate_block_bitmap -- the weekly fstrim's error). Verbatim: the four kernel lines
# (their uptime stamps replaced by `dmesg -T` stamps) and the two pyenv lines. SYNTH: the cluster (the thread names
# three ARM servers, node4-node6; this scenario has one), the date (the Monday after that error: the same fstrim error
# recurs), the journal-abort and remount lines, the GPUs, both jobs
# and their output, the Slurm events, the neighbours and the telemetry.
REAL_S5_DAILY = [
    "[184849.374532] EXT4-fs (sda1): error count since last fsck: 1758",
    "[184849.374544] EXT4-fs (sda1): initial error at time 1539964180: ext4_wait_block_bitmap:503",
    "[184849.374550] EXT4-fs (sda1): last error at time 1551657656: ext4_validate_block_bitmap:387: inode 33390",
]
REAL_S5_FSTRIM = "[147422.651508] EXT4-fs error (device sda1): ext4_validate_block_bitmap:387: comm fstrim: bg 68: bad block bitmap checksum"
REAL_S5_PYENV = [
    "/home/ubuntu/.pyenv/libexec/pyenv-init: line 131: cannot create temp file for here-document: Read-only file system",
    "pyenv: cannot rehash: /home/ubuntu/.pyenv/shims isn't writable",
]


def build_s5() -> Scenario:
    name = "tx2-v100-tx2-05-root-ext4-read-only-jobs-die"
    J, J2, N1, N2 = "88231", "88240", "88207", "88226"
    bad = "tx2-05"
    start = "2019-03-10T23:40:00Z"
    s = Scenario(name, "A small ARM GPU cluster (Cavium ThunderX2 hosts, 4 x V100 each; /home is on each node's "
                 "local root disk). On tx2-05 the root ext4 file system (sda1) has been logging a daily ext4 error "
                 "report for months. At 00:00 the weekly fstrim hits a bad block-bitmap checksum, the journal aborts "
                 "and the kernel remounts / read-only. The DeepSpeech training job running there (opted in) dies at "
                 "its next checkpoint write (Read-only file system); 5 minutes later the owner's resubmission (not "
                 "opted in) lands on the same node -- Slurm still shows it IDLE -- and dies at once: pyenv's shell "
                 "init cannot write, then Python cannot create its summary directory. Two other users' jobs on "
                 "tx2-02 and tx2-07 run on.",
                 start,
                 {"name": "armgpu", "partition": "gpu", "nodes": "tx2-[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "deepspeech-cv-en", "user": "ubuntu", "nodes": bad, "tasks_per_node": 1,
                   "started": "2019-03-10T18:05:31Z", "comment": comment(2, "/home/ubuntu/ds/ckpt")},
                  {"id": J2, "name": "deepspeech-cv-en", "user": "ubuntu", "nodes": bad, "tasks_per_node": 1,
                   "started": "2019-03-11T00:09:30Z"},
                  {"id": N1, "name": "resnet50-arm-bench", "user": "yillkid", "nodes": "tx2-02", "tasks_per_node": 4,
                   "started": "2019-03-10T21:17:02Z"},
                  {"id": N2, "name": "tacotron-ljspeech", "user": "cyliu", "nodes": "tx2-07", "tasks_per_node": 1,
                   "started": "2019-03-10T16:44:50Z", "comment": comment(1)}])
    rng = s.rng
    t_daily = 412.6           # 23:46:52
    t_trim = 1203.4           # 00:00:03.4
    t_ro = t_trim + 0.0021
    t_fail1 = 1447.0          # 00:04:07: next checkpoint write
    t_j2 = 1770.0             # 00:09:30
    t_end = 4200.0
    # -- kernel (REAL + SYNTH) ----------------------------------------------------------------------------------
    for i, l in enumerate(REAL_S5_DAILY):
        s.kernel(t_daily + 0.00001 * i, bad, retime_dmesg(l, s.at(t_daily)))  # REAL_S5_DAILY
    s.kernel(t_trim, bad, retime_dmesg(REAL_S5_FSTRIM, s.at(t_trim)))  # REAL_S5_FSTRIM
    s.kernel(t_trim + 0.0013, bad, f"{dmesg_t(s.at(t_trim))} Aborting journal on device sda1-8.")  # SYNTH
    s.kernel(t_ro, bad, f"{dmesg_t(s.at(t_ro))} EXT4-fs (sda1): Remounting filesystem read-only")  # SYNTH
    s.kernel(t_ro + 0.4, bad, f"{dmesg_t(s.at(t_ro + 0.4))} EXT4-fs error (device sda1) in ext4_free_blocks:4962: "
                              "Journal has aborted")  # SYNTH
    s.kernel(t_fail1 - 0.2, bad, f"{dmesg_t(s.at(t_fail1 - 0.2))} EXT4-fs error (device sda1): ext4_journal_check_start:61: "
                                 "Detected aborted journal")  # SYNTH
    # -- job J: DeepSpeech 0.4 training (SYNTH) ---------------------------------------------------------------------
    tj, steps, ep = 8.0, 27130, 7
    el = 3400.0
    while tj < t_fail1 - 5:
        loss = 58.0 - 0.0004 * (steps - 27000) + rng.uniform(-4, 4)
        s.joblog(tj, J, ds_epoch_line(ep, "Training", el, steps, loss))  # SYNTH
        tj += 60.0
        el += 60.0
        steps += 94 + rng.randint(-3, 3)
    s.joblog(t_fail1 - 4.0, J, "I Saving checkpoint: /home/ubuntu/ds/ckpt/train-%d" % steps)  # SYNTH
    tb = ["Traceback (most recent call last):",
          '  File "/home/ubuntu/.pyenv/versions/3.6.8/lib/python3.6/site-packages/tensorflow/python/client/session.py", line 1334, in _do_call',
          "    return fn(*args)",
          "tensorflow.python.framework.errors_impl.FailedPreconditionError: /home/ubuntu/ds/ckpt/train-%d_temp_9f3c51b0"
          "2e1c4f8a8d1b6c0e5a7d9b21/part-00000-of-00001.data-00000-of-00001.tempstate1887235149870214491; Read-only file "
          "system" % steps,
          "\t [[{{node save/SaveV2}} = SaveV2[dtypes=[DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_INT64, DT_FLOAT, ...], "
          "_device=\"/job:localhost/replica:0/task:0/device:CPU:0\"](_arg_save/Const_0_0, save/SaveV2/tensor_names, "
          "save/SaveV2/shape_and_slices, ...)]]"]
    for i, l in enumerate(tb):
        s.joblog(t_fail1 + 0.001 * i, J, l)  # SYNTH
    s.job_state(t_fail1 + 2.6, J, "FAILED", "1:0")  # SYNTH
    # -- job J2: the owner's resubmission lands on the same node (REAL pyenv lines + SYNTH) ------------------------
    s.job_state(t_j2, J2, "RUNNING", "0:0", nodes=bad)  # SYNTH
    s.joblog(t_j2 + 0.31, J2, REAL_S5_PYENV[0])  # REAL_S5_PYENV
    s.joblog(t_j2 + 0.52, J2, REAL_S5_PYENV[1])  # REAL_S5_PYENV
    s.joblog(t_j2 + 6.8, J2, "Traceback (most recent call last):")  # SYNTH
    s.joblog(t_j2 + 6.801, J2, '  File "DeepSpeech.py", line 849, in <module>')  # SYNTH
    s.joblog(t_j2 + 6.802, J2, "    create_flags()")  # SYNTH
    s.joblog(t_j2 + 6.803, J2, '  File "/home/ubuntu/ds/util/flags.py", line 129, in create_flags')  # SYNTH
    s.joblog(t_j2 + 6.804, J2, "    os.makedirs(FLAGS.summary_dir, exist_ok=True)")  # SYNTH
    s.joblog(t_j2 + 6.805, J2, "OSError: [Errno 30] Read-only file system: '/home/ubuntu/ds/summaries/train'")  # SYNTH
    s.job_state(t_j2 + 7.4, J2, "FAILED", "1:0")  # SYNTH
    # -- neighbours (SYNTH) ---------------------------------------------------------------------------------------
    tn, ep1, it1 = 20.0, 12, 0
    while tn < t_end:
        s.joblog(tn, N1, f"Epoch: [{ep1}][{it1:4d}/1251]\tTime {rng.uniform(0.38, 0.44):.3f} (0.412)\tData 0.021 (0.034)\t"
                         f"Loss {rng.uniform(2.1, 2.5):.4e} (2.3012e+00)\tAcc@1 {rng.uniform(46, 55):6.2f} ( 50.41)\t"
                         f"Acc@5 {rng.uniform(72, 79):6.2f} ( 75.96)")
        it1 += 200
        if it1 > 1251:
            it1, ep1 = 0, ep1 + 1
        tn += 82.0 + rng.uniform(-2, 2)
    tn, st = 35.0, 118300
    while tn < t_end:
        s.joblog(tn, N2, f"Step {st:7d}     [{rng.uniform(1.9, 2.3):.3f} sec/step, loss={rng.uniform(0.36, 0.41):.5f}, "
                         f"avg_loss={rng.uniform(0.37, 0.39):.5f}]")
        st += 50
        tn += 104.0 + rng.uniform(-2, 2)

    def fn(n_, g, t_):  # SYNTH
        if n_ == bad:
            if t_ < t_fail1:
                return s37(rng, "v100_sxm2_32", rng.randint(86, 99), rng.uniform(210, 270), clock=1530, keys=K37T)
            if t_j2 < t_ < t_j2 + 8:
                return s37(rng, "v100_sxm2_32", 0, rng.uniform(40, 45), clock=1380, keys=K37T)
            return s37(rng, "v100_sxm2_32", 0, rng.uniform(38, 44), clock=135, temp=rng.randint(31, 36), keys=K37T)
        if n_ == "tx2-07" and g > 0:
            return s37(rng, "v100_sxm2_32", 0, rng.uniform(38, 44), clock=135, temp=rng.randint(31, 36), keys=K37)
        return s37(rng, "v100_sxm2_32", rng.randint(88, 99), rng.uniform(200, 265), clock=1530, keys=K37)
    run_sampler(s, [bad], 4, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["tx2-02", "tx2-07"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_ro, "category": "node_failure", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[J2, N1, N2], no_drain=["tx2-02", "tx2-07"])
    return s


# ======================================================================================
# S6  yolox-l-2machine-a100-epoch3-stall-yx-02-silent  (hang: YOLOX-L on COCO over two machines x 8 A100 (YOLOX's own
#     launcher, --num_machines 2, one srun task per machine). YOLOX's loguru progress lines (`epoch: 3/300, iter:
#     1200/1849, mem: ..., ETA: ...`) stop in epoch 3 with no error and no exit; yx-01's GPUs sit at 100 % at low
#     power (spinning in the all-reduce), yx-02's at 0 % with their memory held. The owner cancels ~52 min later.)
# ======================================================================================
# Source (truth): https://github.com/Megvii-BaseDetection/YOLOX/issues/1606 -- "多机多卡在训练的时候卡住" (multi-machine
# multi-GPU training gets stuck; open). The maintainer (FateScript): "You are using two machines, make sure your
# another machine also work well." The reporter's log is a screenshot; no text from it is used.
# Source (start-up lines): https://github.com/Megvii-BaseDetection/YOLOX/issues/1126 -- "Training seems to be stuck at
# epoch 1" (closed), a cluster run whose log starts with the eight lines below and the OMP notice. Verbatim: the eight
# `Rank N initialization finished.` lines and the first line of the OMP notice (its stamps fix this scenario's
# clock). SYNTH: machine 1's eight lines, the rest of the OMP banner, every trainer line (layout of YOLOX's
# `yolox.core.trainer` progress lines), which machine went silent, the Slurm events, the neighbour and the telemetry.
REAL_S6_INIT = [
    "2022-02-15 15:52:36.884 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 6 initialization finished.",
    "2022-02-15 15:52:36.973 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 4 initialization finished.",
    "2022-02-15 15:52:36.989 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 0 initialization finished.",
    "2022-02-15 15:52:37.010 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 2 initialization finished.",
    "2022-02-15 15:52:37.022 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 1 initialization finished.",
    "2022-02-15 15:52:37.041 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 5 initialization finished.",
    "2022-02-15 15:52:37.089 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 7 initialization finished.",
    "2022-02-15 15:52:37.096 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 3 initialization finished.",
]
REAL_S6_OMP = "2022-02-15 15:52:44.225 | INFO     | yolox.utils.setup_env:configure_omp:46 - "


def build_s6() -> Scenario:
    name = "yolox-l-2machine-a100-epoch3-stall-yx-02-silent"
    J, N = "318552", "318540"
    nodes = ["yx-01", "yx-02"]
    bad = "yx-02"
    start = "2022-02-15T15:50:00Z"
    s = Scenario(name, "YOLOX-L trains on COCO over two machines x 8 A100-SXM4-40GB with YOLOX's own launcher "
                 "(tools/train.py --num_machines 2 --machine_rank $SLURM_NODEID, one srun task per machine, 8 workers "
                 "each, batch 64, fp16, print_interval 50). 1849 iterations per epoch at ~0.63 s. In epoch 3 the "
                 "progress lines stop after iteration 1200: no error, no exit, no watchdog (no NCCL async error "
                 "handling). yx-01's eight GPUs stay at 100 % utilisation at ~95 W; yx-02's drop to 0 % with their "
                 "memory held. No kernel or Xid evidence. The owner cancels the job after ~52 minutes. The job is "
                 "opted in.",
                 start,
                 {"name": "det", "partition": "a100", "nodes": "yx-[01-06]", "gpus_per_node": 8},
                 [{"id": J, "name": "yolox-l-coco-2m", "user": "npurson", "nodes": "yx-[01-02]", "tasks_per_node": 1,
                   "started": "2022-02-15T15:52:21Z", "comment": comment(2, "/data/npurson/YOLOX_outputs/yolox_l")},
                  {"id": N, "name": "detr-r50-coco", "user": "fgao", "nodes": "yx-04", "tasks_per_node": 8,
                   "started": "2022-02-15T09:31:06Z"}])
    rng = s.rng
    e0 = parse_start(start)
    # -- start-up (REAL machine-0 lines at their stamps; SYNTH machine-1 lines) -------------------------------
    for l in REAL_S6_INIT:
        st = dt.datetime.strptime(l[:23], "%Y-%m-%d %H:%M:%S.%f")
        s.joblog((st - e0).total_seconds(), J, l)  # REAL_S6_INIT
    tm = 157.05
    for r in rng.sample(range(8, 16), 8):
        tm += rng.uniform(0.004, 0.05)
        s.joblog(tm, J, yolox_line(s.at(tm), "yolox.core.launch:_distributed_worker:116",
                                   f"Rank {r} initialization finished.", ms=True))  # SYNTH
    t_omp = (dt.datetime(2022, 2, 15, 15, 52, 44, 225000) - e0).total_seconds()
    s.joblog(t_omp, J, REAL_S6_OMP)  # REAL_S6_OMP
    for k, l in enumerate(["***************************************************************",
                           "We set `OMP_NUM_THREADS` for each process to 1 to speed up.",
                           "please further tune the variable for optimal performance.",
                           "***************************************************************"]):
        s.joblog(t_omp + 0.001 * (k + 1), J, l)  # SYNTH
    t = t_omp + 0.5
    s.joblog(t, J, yolox_line(s.at(t), "yolox.core.trainer:127", "args: Namespace(batch_size=64, cache=False, "
                              "ckpt=None, devices=8, dist_backend='nccl', dist_url='tcp://yx-01:23456', "
                              "exp_file='exps/default/yolox_l.py', experiment_name='yolox_l', fp16=True, "
                              "machine_rank=0, name=None, num_machines=2, occupy=True, opts=[], resume=False, "
                              "start_epoch=None)"))  # SYNTH
    s.joblog(t + 9.2, J, yolox_line(s.at(t + 9.2), "yolox.core.trainer:135", "Model Summary: Params: 54.21M, Gflops: 155.65"))  # SYNTH
    s.joblog(t + 11.0, J, yolox_line(s.at(t + 11.0), "yolox.data.datasets.coco:63", "loading annotations into memory..."))  # SYNTH
    s.joblog(t + 29.4, J, "Done (t=18.31s)")  # SYNTH
    s.joblog(t + 29.5, J, "creating index...")  # SYNTH
    s.joblog(t + 30.4, J, "index created!")  # SYNTH
    s.joblog(t + 36.1, J, yolox_line(s.at(t + 36.1), "yolox.core.trainer:153", "init prefetcher, this might take one "
                                     "minute or less..."))  # SYNTH
    s.joblog(t + 71.8, J, yolox_line(s.at(t + 71.8), "yolox.core.trainer:183", "Training start..."))  # SYNTH
    # -- training (SYNTH) ----------------------------------------------------------------------------------------
    n = 1849
    it_s = 0.633
    ep = 1
    te = t + 72.0
    t_last = None
    hang_ep, hang_it = 3, 1200
    while True:
        s.joblog(te, J, yolox_line(s.at(te), "yolox.core.trainer:188", f"---> start train epoch{ep}"))  # SYNTH
        for i in range(50, n + 1, 50):
            ti = te + i * it_s + rng.uniform(-0.3, 0.3)
            warm = min(1.0, ((ep - 1) * n + i) / (5 * n))
            lr = 0.01 * warm ** 2
            tot = 14.8 - 4.5 * min(1.0, ((ep - 1) * n + i) / (3 * n)) + rng.uniform(-1.3, 1.3)
            iou = 3.9 - 0.9 * min(1.0, ((ep - 1) * n + i) / (3 * n)) + rng.uniform(-0.2, 0.2)
            cls = 2.9 - 0.6 * min(1.0, ((ep - 1) * n + i) / (3 * n)) + rng.uniform(-0.2, 0.2)
            conf = max(1.0, tot - iou - cls)
            eta = (300 * n - ((ep - 1) * n + i)) * it_s
            s.joblog(ti, J, yolox_line(s.at(ti), "yolox.core.trainer:254",
                                       yolox_iter(ep, i, n, [15922, 16210, 16530][ep - 1], it_s + rng.uniform(-0.04, 0.09),
                                                  rng.uniform(0.001, 0.004), tot, iou, conf, cls, lr,
                                                  rng.choice(range(480, 801, 32)), eta)))  # SYNTH
            t_last = ti
            if ep == hang_ep and i == hang_it:
                break
        if ep == hang_ep:
            break
        tsv = te + n * it_s + 0.8
        s.joblog(tsv, J, yolox_line(s.at(tsv), "yolox.core.trainer:339", "Save weights to ./YOLOX_outputs/yolox_l"))  # SYNTH
        te = tsv + 3.2
        ep += 1
    t_hang = t_last + 50 * it_s          # the next line was due here
    t_cancel = t_hang + 3130.0
    s.joblog(t_cancel, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    s.joblog(t_cancel + 0.1, J, slurm_cancel(J, "yx-01", s.at(t_cancel)))  # SYNTH
    s.joblog(t_cancel + 0.2, J, slurm_cancel(J, "yx-01", s.at(t_cancel), step="0"))  # SYNTH
    s.job_state(t_cancel + 2.0, J, "CANCELLED", "0:15")  # SYNTH
    t_end = t_cancel + 300.0
    # -- neighbour (SYNTH): DETR R50, MetricLogger every ~100 s --------------------------------------------------
    tn, itn, epn = 60.0, 400, 41
    while tn < t_end:
        s.joblog(tn, N, f"Epoch: [{epn}]  [{itn:4d}/7393]  eta: {hms_full((7393 - itn) * 0.47)}  lr: 0.000100  "
                        f"class_error: {rng.uniform(3, 18):.2f}  loss: {rng.uniform(9.8, 12.4):.4f} (10.9213)  "
                        f"loss_bbox: {rng.uniform(0.26, 0.33):.4f} (0.2961)  loss_ce: {rng.uniform(0.38, 0.52):.4f} "
                        f"(0.4522)  loss_giou: {rng.uniform(0.55, 0.68):.4f} (0.6101)  time: {rng.uniform(0.44, 0.5):.4f}  "
                        f"data: 0.0131  max mem: 8721")
        itn += 200
        if itn >= 7393:
            itn, epn = 0, epn + 1
        tn += 94.0 + rng.uniform(-2, 2)
    t_start_train = t + 72.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == "yx-04":
            return s37(rng, "a100_40", rng.randint(86, 99), rng.uniform(250, 330), clock=1410, keys=K37)
        if t_ < t_start_train - 40 or t_ > t_cancel + 3:
            return s37(rng, "a100_40", 0, rng.uniform(52, 60), clock=210, fb=rng.randint(0, 3),
                       keys=K37 + ("DCGM_FI_DEV_FB_USED",))
        if t_ < t_hang:
            return s37(rng, "a100_40", rng.randint(84, 100), rng.uniform(230, 345), clock=1410,
                       fb=rng.randint(15800, 16700), keys=K37 + ("DCGM_FI_DEV_FB_USED",))
        if n_ == bad:
            return s37(rng, "a100_40", 0, rng.uniform(58, 64), clock=1410, fb=rng.randint(15900, 16600),
                       keys=K37 + ("DCGM_FI_DEV_FB_USED",))
        return s37(rng, "a100_40", 100, rng.uniform(88, 99), clock=1410, fb=rng.randint(15900, 16600),
                   keys=K37 + ("DCGM_FI_DEV_FB_USED",))
    run_sampler(s, nodes, 8, 0.0, t_end, 180.0, fn)
    run_sampler(s, ["yx-04"], 8, 0.0, t_end, 600.0, fn)
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}}, no_requeue=[N],
                    no_drain=["yx-01", "yx-02", "yx-04"])
    return s


# ======================================================================================
# S7  vim-s-2x8-a100-loss-nan-stopping-training-repeats-after-requeue  (software: Vision Mamba (Vim-S, DeiT-style
#     trainer, AMP) pretraining on ImageNet over 2 x 8 A100. In epoch 37 rank 0 prints `Loss is nan, stopping
#     training` and every rank exits 1; both torchrun agents report the failure. The owner requeues the job; it resumes
#     from the epoch-36 checkpoint on two other nodes and stops with the same line a few iterations later in the same
#     epoch. A NaN abort can look like a flaky GPU; it is the model's numerics.)
# ======================================================================================
# Source: https://github.com/hustvl/Vim/issues/30 -- "Loss is nan, stopping training" (open). Several users hit it
# during Vim training; lowering the learning rate or turning AMP off does not reliably help ("It seems all vision
# mambas have the same problem"); a contributor: "Got same problem, fixed by dividing the sum of forward/backward
# hidden states by 2 to make hidden states/residuals of all layers have similar magnitude" --
# https://github.com/hustvl/Vim/pull/90 (a code change). Verbatim: the line below (the trainer's
# `print("Loss is {}, stopping training".format(loss_value))`, the issue's title). SYNTH: everything else -- the
# MetricLogger lines (DeiT layout), evaluation lines, the torchrun failure summaries, the requeue and the second
# failure, the cluster, the neighbour and the telemetry.
REAL_S7 = "Loss is nan, stopping training"


def build_s7() -> Scenario:
    name = "vim-s-2x8-a100-loss-nan-stopping-training-repeats-after-requeue"
    J, N = "7812345", "7812290"
    nodes1, nodes2 = ["a100-09", "a100-10"], ["a100-13", "a100-14"]
    nnodes = ["a100-03", "a100-04"]
    model = "vim_small_patch16_224_bimambav2_final_pool_mean_abs_pos_embed_with_middle_cls_token_div2"
    start = "2024-02-27T08:00:00Z"
    s = Scenario(name, "Vision Mamba (Vim-S) pretraining on ImageNet-1k with the repository's DeiT-style trainer, AMP "
                 "on, 2 nodes x 8 A100-SXM4-80GB (srun --label, one torchrun per node), 1251 iterations per epoch, "
                 "rank 0 printing MetricLogger lines every 10 iterations. At iteration ~816 of epoch 37 rank 0 prints "
                 "`Loss is nan, stopping training`; every rank exits 1 and both torchrun agents report the failure; "
                 "FAILED. The owner requeues the job 15 minutes later: it starts on a100-[13-14], resumes from the "
                 "epoch-36 checkpoint and stops with the same line at iteration ~819 of epoch 37; FAILED again. No "
                 "kernel, Xid or ECC evidence on any of the four nodes. The job is opted in.",
                 start,
                 {"name": "vis", "partition": "a100", "nodes": "a100-[01-16]", "gpus_per_node": 8},
                 [{"id": J, "name": "vim-s-in1k-pt", "user": "junliangz", "nodes": "a100-[09-10]", "tasks_per_node": 1,
                   "started": "2024-02-27T02:41:18Z", "comment": comment(2, "/mnt/vis/junliangz/output/vim_s")},
                  {"id": N, "name": "dinov2-vitl-ft", "user": "bran", "nodes": "a100-[03-04]", "tasks_per_node": 8,
                   "started": "2024-02-27T05:55:02Z", "comment": comment(1)}])
    rng = s.rng
    n = 1251
    it_s = 0.412

    def run_epoch(t0, ep, i0, i_stop, loss_mu):
        """Emit MetricLogger lines for iterations i0..i_stop (multiples of 10); returns time of iteration i_stop."""
        lsum, cnt = 0.0, 0
        ti = t0
        for i in range(i0, min(i_stop, n - 1) + 1):
            if i % 10 and i != n - 1:
                continue
            ti = t0 + (i - i0) * it_s + rng.uniform(-0.02, 0.02)
            lv = loss_mu + rng.uniform(-0.18, 0.18)
            if i_stop < n - 1 and i_stop - i < 20:
                lv += (20 - (i_stop - i)) * 0.12      # loss climbs over the last few logged steps
            lsum += lv
            cnt += 1
            lr = 0.000936 - 0.0000035 * (ep - 36)
            s.joblog(ti, J, "0: " + deit_line(ep, i, n, (n - i) * it_s, lr, lv, lsum / cnt,
                                              it_s + rng.uniform(-0.01, 0.03), rng.uniform(0.0002, 0.0006), 11893))  # SYNTH
        return ti

    def fail(tf, hosts):
        s.joblog(tf, J, "0: " + REAL_S7)  # REAL_S7
        tt = tf + 2.4
        for lab, host in enumerate(hosts):
            base = 8 * lab
            tt = torchrun_failure(s, tt + 0.3, J, host, list(range(base, base + 8)),
                                  [rng.randint(120000, 190000) for _ in range(8)], "main.py",
                                  "/opt/conda/lib/python3.10/site-packages", runpy=(806, 797, 134, 264), prefix=f"{lab}: ")  # SYNTH
        s.joblog(tt + 0.6, J, f"srun: error: {hosts[0]}: task 0: Exited with exit code 1")  # SYNTH
        s.joblog(tt + 0.7, J, f"srun: error: {hosts[1]}: task 1: Exited with exit code 1")  # SYNTH
        return tt + 1.2

    # -- run 1: end of epoch 36, epoch 37 to the NaN ------------------------------------------------------------
    t = run_epoch(30.0, 36, 700, n - 1, 4.92)
    s.joblog(t + 0.6, J, f"0: Epoch: [36] Total time: 0:08:35 (0.4119 s / it)")  # SYNTH
    s.joblog(t + 0.7, J, "0: Averaged stats: lr: 0.000936  loss: 4.9114 (4.9327)")  # SYNTH
    tv = t + 1.5
    for k, i in enumerate([0, 10, 20, 30, 32]):
        s.joblog(tv + i * 0.59, J, f"0: Test:  [{i:>2d}/33]  eta: {hms_full((33 - i) * 0.59)}  loss: "
                                   f"{rng.uniform(1.1, 1.7):.4f} (1.4017)  acc1: {rng.uniform(62, 76):.4f} (68.4120)  "
                                   f"acc5: {rng.uniform(85, 92):.4f} (88.1200)  time: {0.59 + rng.uniform(-0.05, 0.2):.4f}"
                                   f"  data: {rng.uniform(0.01, 0.3):.4f}  max mem: 11893")  # SYNTH
    tv += 19.6
    s.joblog(tv, J, "0: Test: Total time: 0:00:19 (0.5876 s / it)")  # SYNTH
    s.joblog(tv + 0.1, J, "0: * Acc@1 68.412 Acc@5 88.120 loss 1.402")  # SYNTH
    s.joblog(tv + 0.2, J, "0: Accuracy of the network on the 50000 test images: 68.4%")  # SYNTH
    s.joblog(tv + 0.3, J, "0: Max accuracy: 68.41%")  # SYNTH
    t37 = tv + 4.5
    t = run_epoch(t37, 37, 0, 810, 4.90)
    t_nan1 = t37 + 816 * it_s
    t_f1 = fail(t_nan1, nodes1)
    s.job_state(t_f1 + 1.0, J, "FAILED", "1:0")  # SYNTH
    # -- the owner requeues (SYNTH) ---------------------------------------------------------------------------------
    t_rq = t_f1 + 905.0
    s.job_state(t_rq, J, "REQUEUED", "0:0", reason="requeued by owner (scontrol requeue)")  # SYNTH
    s.job_state(t_rq + 1.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    t_r2 = t_rq + 122.0
    s.job_state(t_r2, J, "RUNNING", "0:0", nodes="a100-[13-14]")  # SYNTH
    tt = t_r2 + 21.0
    for r in range(16):
        s.joblog(tt + 0.03 * r, J, f"{r // 8}: | distributed init (rank {r}): env://")  # SYNTH
    s.joblog(tt + 3.1, J, f"0: Creating model: {model}")  # SYNTH
    s.joblog(tt + 5.4, J, "0: number of params: 25796584")  # SYNTH
    s.joblog(tt + 9.8, J, "0: Start training for 300 epochs")  # SYNTH
    t37b = tt + 14.0
    t = run_epoch(t37b, 37, 0, 810, 4.90)
    t_nan2 = t37b + 819 * it_s
    t_f2 = fail(t_nan2, nodes2)
    s.job_state(t_f2 + 1.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f2 + 400.0
    # -- neighbour (SYNTH) --------------------------------------------------------------------------------------
    tn, st = 45.0, 31200
    while tn < t_end:
        s.joblog(tn, N, f"{s.at(tn):%Y-%m-%d %H:%M:%S} INFO train: [{st:6d}/62500]  eta: {hms_full((62500 - st) * 0.88)}  "
                        f"lr: {rng.uniform(1.1e-5, 1.3e-5):.3e}  loss: {rng.uniform(1.2, 1.5):.4f} (1.3391)  "
                        f"time: {rng.uniform(0.86, 0.9):.4f}  data: 0.0071  max mem: 31022")
        st += 100
        tn += 88.0 + rng.uniform(-1, 1)

    def fn(n_, g, t_):  # SYNTH
        if n_ in nnodes:
            return s37(rng, "a100_sxm80", rng.randint(88, 100), rng.uniform(300, 390), clock=1410, keys=K37)
        busy = (n_ in nodes1 and t_ < t_nan1 + 2) or (n_ in nodes2 and t_r2 + 30 < t_ < t_nan2 + 2)
        if busy:
            return s37(rng, "a100_sxm80", rng.randint(90, 100), rng.uniform(290, 380), clock=1410, keys=K37)
        return s37(rng, "a100_sxm80", 0, rng.uniform(58, 66), clock=210, keys=K37)
    run_sampler(s, nodes1 + nodes2, 8, 0.0, t_end, 120.0, fn)
    run_sampler(s, nnodes, 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_nan1, "category": "software"}, no_requeue=[J, N], no_drain=nodes1 + nodes2)
    return s


# ======================================================================================
# S8  matlab-lmgrd-down-after-outage-three-owners-gpu-jobs-license-15  (infrastructure: the morning after a weekend
#     power outage the FlexNet license manager serving MATLAB did not come back. Three owners' MATLAB GPU jobs
#     (gpuArray / MatConvNet) start on three different K40 nodes within ~27 minutes and each dies in its first
#     seconds with `License checkout failed. License Manager Error -15 ... unable to connect to the license server`.
#     A Theano job and a Caffe job (no licence) run on.)
# ======================================================================================
# Source: https://github.com/TIGRLab/admin/issues/188 -- "matlab" (closed). The reporter's MATLAB R2013b prints the
# block below; the admin: "Right the license manager was down, likely because of the power outage over the weekend.
# try again?"; reporter: "Problem solved". Verbatim: the block's lines (MATLAB wraps the licence path; the break
# is the original's). SYNTH: the cluster, the GPU jobs and their other lines, the second and
# third owners' copies of the block (their own paths), the Slurm events, the neighbours and the telemetry.
REAL_S8 = [
    "License checkout failed.",
    "License Manager Error -15",
    "MATLAB is unable to connect to the license server. ",
    "Check that the license manager has been started, and that the MATLAB client machine can communicate",
    "with the license server.",
    "Troubleshoot this issue by visiting: ",
    "http://www.mathworks.com/support/lme/R2013b/15",
    "Diagnostic Information:",
    "Feature: MATLAB ",
    "License path: /home/melissa/.matlab/R2013b_licenses:/opt/quarantine/matlab/matlab_concurrent_all/MATLAB_R2013b/lic",
    "enses/license.dat:/opt/quarantine/matlab/matlab_concurrent_all/MATLAB_R2013b/licenses/network.lic ",
    "Licensing error: -15,570. System Error: 115",
]


def matlab_block(user: str) -> list:
    """The -15 block with `user`'s licence path (SYNTH for users other than the thread's), blank lines at their
    places, the path wrapped at the width of the real block's first path line."""
    path = (f"License path: /home/{user}/.matlab/R2013b_licenses:/opt/quarantine/matlab/matlab_concurrent_all/"
            f"MATLAB_R2013b/licenses/license.dat:/opt/quarantine/matlab/matlab_concurrent_all/MATLAB_R2013b/licenses/"
            f"network.lic ")
    w = len(REAL_S8[9])                      # MATLAB's wrap width, as in the real block
    lines = REAL_S8[9:11] if user == "melissa" else [path[:w], path[w:]]
    return (REAL_S8[:5] + [""] + REAL_S8[5:7] + [""] + REAL_S8[7:9] + lines + REAL_S8[11:])


def build_s8() -> Scenario:
    name = "matlab-lmgrd-down-after-outage-three-owners-gpu-jobs-license-15"
    J1, J2, J3, N1, N2 = "40121", "40126", "40133", "40102", "40110"
    start = "2015-03-02T13:00:00Z"
    s = Scenario(name, "Monday after a weekend power outage on a small Torque-to-Slurm GPU cluster (Tesla K40, 4 per "
                 "node). The FlexNet license manager that serves MATLAB R2013b did not come back up. Three owners' "
                 "MATLAB GPU jobs start on gpu03, gpu05 and gpu07 between 13:10 and 13:37 and each dies within seconds: "
                 "`License checkout failed.` / `License Manager Error -15` / `MATLAB is unable to connect to the "
                 "license server.` -- exit 1 before touching a GPU. A Theano job (gpu01) and a Caffe job (gpu02) that "
                 "need no licence train on. Two of the MATLAB jobs are opted in to requeues.",
                 start,
                 {"name": "kimel", "partition": "gpu", "nodes": "gpu[01-08]", "gpus_per_node": 4},
                 [{"id": J1, "name": "dti-tracto-gpu", "user": "melissa", "nodes": "gpu03", "tasks_per_node": 1,
                   "started": "2015-03-02T13:10:09Z", "comment": comment(2)},
                  {"id": J2, "name": "fmri-glm-gpuarray", "user": "arash", "nodes": "gpu05", "tasks_per_node": 1,
                   "started": "2015-03-02T13:23:02Z"},
                  {"id": J3, "name": "matconvnet-vgg-f-ft", "user": "colin", "nodes": "gpu07", "tasks_per_node": 1,
                   "started": "2015-03-02T13:36:41Z", "comment": comment(1)},
                  {"id": N1, "name": "theano-lstm-notes", "user": "erin", "nodes": "gpu01", "tasks_per_node": 1,
                   "started": "2015-03-02T11:48:30Z"},
                  {"id": N2, "name": "caffe-alexnet-ft", "user": "jdv", "nodes": "gpu02", "tasks_per_node": 1,
                   "started": "2015-03-02T12:20:12Z", "comment": comment(1)}])
    rng = s.rng
    runs = [(J1, "melissa", "gpu03", 609.0, "dti_tracto_gpu('/scratch/melissa/dti/sub-017')"),
            (J2, "arash", "gpu05", 1382.0, "run_glm_gpu('/projects/arash/fmri/task-nback')"),
            (J3, "colin", "gpu07", 2201.0, "cnn_finetune_vggf('expDir','/scratch/colin/vggf-ft')")]
    t_first = None
    for job, user, node, t0, call in runs:
        d = s.at(t0)
        s.job_state(t0 - 0.6, job, "RUNNING", "0:0", nodes=node)  # SYNTH
        s.joblog(t0, job, f"Job {job} on {node} started at {d:%a %b} {d.day:2d} {d:%H:%M:%S} UTC {d.year}")  # SYNTH
        s.joblog(t0 + 0.1, job, f"matlab -nodisplay -nosplash -r \"{call}; exit\"")  # SYNTH
        tl = t0 + 2.7 + rng.uniform(0, 0.8)
        if t_first is None:
            t_first = tl
        for k, l in enumerate(matlab_block(user)):
            s.joblog(tl + 0.001 * k, job, l)  # REAL_S8 lines (SYNTH path lines for arash and colin)
        s.job_state(tl + 0.9, job, "FAILED", "1:0")  # SYNTH
    t_end = 3600.0
    # -- neighbours (SYNTH) ---------------------------------------------------------------------------------------
    tn, ep, b = 20.0, 14, 0
    while tn < t_end:
        s.joblog(tn, N1, f"epoch {ep}, minibatch {b}/5821, train loss {rng.uniform(1.31, 1.52):.6f}, "
                         f"{rng.uniform(0.108, 0.116):.3f} s/minibatch")
        b += 500
        if b >= 5821:
            b, ep = 0, ep + 1
            s.joblog(tn + 1.0, N1, f"epoch {ep - 1} done, valid loss {rng.uniform(1.4, 1.5):.6f}, best so far, saving model")
        tn += 56.0 + rng.uniform(-1, 1)
    tn, it = 15.0, 45200
    while tn < t_end:
        d = s.at(tn)
        pid = 31877
        s.joblog(tn, N2, f"I{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:5d} solver.cpp:228] Iteration {it}, loss = "
                         f"{rng.uniform(0.7, 1.0):.5f}")
        lo = rng.uniform(0.7, 1.0)
        s.joblog(tn + 0.001, N2, f"I{d:%m%d %H:%M:%S}.{min(d.microsecond + 1, 999999):06d} {pid:5d} solver.cpp:244]     Train net output #0: "
                                 f"loss = {lo:.5f} (* 1 = {lo:.5f} loss)")
        s.joblog(tn + 0.002, N2, f"I{d:%m%d %H:%M:%S}.{min(d.microsecond + 2, 999999):06d} {pid:5d} solver.cpp:486] Iteration {it}, "
                                 f"lr = 0.001")
        it += 100
        tn += 41.0 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, t_):  # SYNTH
        if n_ in ("gpu01", "gpu02") and g == 0:
            return s37(rng, "k40_2014", rng.randint(86, 99), rng.uniform(160, 205), clock=745, keys=K37T)
        return s37(rng, "k40_2014", 0, rng.uniform(19, 23), clock=324, temp=rng.randint(28, 35), keys=K37T)
    run_sampler(s, ["gpu01", "gpu02", "gpu03", "gpu05", "gpu07"], 4, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_first, "category": "infrastructure"}, no_requeue=[J1, J2, J3, N1, N2],
                    no_drain=["gpu03", "gpu05", "gpu07", "gpu01", "gpu02"])
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
