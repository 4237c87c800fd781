#!/usr/bin/env python3
"""Build the holdout42 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout42: generic helpers and the holdout14..holdout40 helper sections are copied unchanged from holdout40's build.py;
the holdout40 scenarios are replaced by the holdout42 helpers and scenarios S1..S8 below.
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
# S1  tensorpack-maskrcnn-gpuutil-tracker-stall-silent-until-timelimit  (software: tensorpack 0.9.x FasterRCNN example
#     (Mask R-CNN R50-FPN, SyncMultiGPUTrainerReplicated, 4 x Titan V on tv-03, TF 1.13). stdout is a file, so
#     tensorpack refreshes its progress bar only every 180 s: one bar line every ~3 min, then an epoch block every
#     ~22 min. After epoch 14 the GPUUtilizationTracker's forked NVML worker stops answering and the main process
#     blocks in the tracker's trigger_epoch (queue.get() without timeout): nothing more is printed, the GPUs go idle
#     with their memory held, and ~2 h later Slurm kills the job at its 8 h time limit (TIMEOUT). Program at fault.)
# ======================================================================================
# Source (lines): https://github.com/tensorpack/tensorpack/issues/1111 -- FasterRCNN example with MODE_MASK=True
# MODE_FPN=True on 4 Titan V ("Training stop at about every 200 epochs"); the epoch statistics it pastes are printed
# by monitor.py:467 on 2019-03-17. Verbatim: the four complete statistics lines below.
# Truth: https://github.com/tensorpack/tensorpack/issues/1134 -- "A strange training stuck": FasterRCNN (ResNetFPN,
# two GPUs) "seems stuck in the GPUUtilizationTracker for a long time"; commenting out
# `callbacks.append(GPUUtilizationTracker())` makes training work; the maintainer: "This sounds like a bug." The fixes
# are commits 6e0b509b ("Catch exception in GPUUtilization.worker (#1134)"), 6f02650d, f831a46e ("Do not make
# unnecessary calls to NVML (#1134)") and c52c8cc4 ("Warn about 'fork' multiprocessing start method (#1134)") in
# https://github.com/tensorpack/tensorpack (later versions add `queue.get(timeout=60)` and raise
# "GPUUtilization.worker() is stuck. This is a bug."). https://github.com/tensorpack/tensorpack/issues/1269 reports
# the same stall. The refresh interval (180 s when not a tty) and the bar format come from tensorpack/utils/utils.py.
REAL_S1_MON = [
    "[0317 00:44:32 @monitor.py:467] rpn_losses/level4/box_loss: 0.0053975",
    "[0317 00:44:32 @monitor.py:467] rpn_losses/level4/label_loss: 0.0060109",
    "[0317 00:44:32 @monitor.py:467] rpn_losses/level4/label_metrics/precision_th0.1: 0.56266",
    "[0317 00:44:32 @monitor.py:467] rpn_losses/level4/label_metrics/precision_th0.2: 0.61337",
]


def s1_stat_keys() -> list:
    keys = [f"GPUUtil/{g}" for g in range(4)] + [f"PeakMemory(MB)/gpu:{g}" for g in range(4)] + [
        "QueueInput/queue_size", "fastrcnn_losses/box_loss", "fastrcnn_losses/label_loss",
        "fastrcnn_losses/label_metrics/accuracy", "fastrcnn_losses/label_metrics/false_negative",
        "fastrcnn_losses/label_metrics/fg_accuracy", "fastrcnn_losses/num_fg_label", "learning_rate",
        "maskrcnn_loss/accuracy", "maskrcnn_loss/fg_pixel_ratio", "maskrcnn_loss/maskrcnn_loss",
        "maskrcnn_loss/pos_accuracy", "mean_gt_box_area", "rpn_losses/box_loss", "rpn_losses/label_loss",
        "sample_fast_rcnn_targets/num_bg", "sample_fast_rcnn_targets/num_fg",
        "sample_fast_rcnn_targets/proposal_metrics/best_iou_per_gt",
        "sample_fast_rcnn_targets/proposal_metrics/recall_iou0.3",
        "sample_fast_rcnn_targets/proposal_metrics/recall_iou0.5", "total_cost", "wd_cost"]
    keys += [f"multilevel_roi_align/fpn_map_le{k}" for k in range(2, 6)]
    for lv in range(2, 7):
        keys += [f"rpn_losses/level{lv}/{x}" for x in (
            "box_loss", "label_loss", "label_metrics/precision_th0.1", "label_metrics/precision_th0.2",
            "label_metrics/precision_th0.5", "label_metrics/recall_th0.1", "label_metrics/recall_th0.2",
            "label_metrics/recall_th0.5", "num_pos_anchor", "num_valid_anchor")]
    return sorted(keys)


def build_s1() -> Scenario:
    name = "tensorpack-maskrcnn-gpuutil-tracker-stall-silent-until-timelimit"
    J, N1, N2 = "48213", "48190", "48226"
    node = "tv-03"
    start = "2019-03-16T23:30:00Z"
    s = Scenario(name, "tensorpack FasterRCNN example (Mask R-CNN R50-FPN, 4 Titan V on tv-03, TF 1.13, tensorpack "
                 "0.9.x) prints a progress bar line about every 3 minutes (stdout is not a tty) and an epoch block "
                 "every ~22 min. After epoch 14 nothing more is printed: no error, GPUs idle with memory held. Slurm "
                 "ends the job at its 8 h time limit two hours later. The job opted in to requeues. Two other owners' "
                 "jobs run on other nodes.",
                 start,
                 {"name": "vlab", "partition": "gpu", "nodes": "tv-[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "maskrcnn-r50fpn-coco", "user": "lwei", "nodes": node, "tasks_per_node": 1,
                   "started": "2019-03-16T19:52:10Z", "comment": comment(2, "/data/lwei/train_log/maskrcnn")},
                  {"id": N1, "name": "pix2pixhd-cityscapes", "user": "mkowal", "nodes": "tv-05", "tasks_per_node": 1,
                   "started": "2019-03-16T17:05:44Z"},
                  {"id": N2, "name": "ds2-librispeech", "user": "pchen", "nodes": "tv-[06-07]", "tasks_per_node": 1,
                   "started": "2019-03-16T22:41:09Z"}])
    rng = s.rng
    steps, sps = 2000, 1 / 0.6612
    period = steps / sps + 1.2
    t_fin11 = (dt.datetime(2019, 3, 17, 0, 44, 31, 420000) - s.start).total_seconds()

    def fin(k):
        return t_fin11 + (k - 11) * period
    stall_ep = 14
    keys = s1_stat_keys()
    real_by_key = {l.split("] ", 1)[1].split(": ")[0]: l for l in REAL_S1_MON}
    stats = {k: rng.uniform(0.05, 0.9) for k in keys}
    loss = 1.31
    for ep in range(8, stall_ep + 1):
        t_s = fin(ep) - steps / sps
        if t_s >= 0:
            s.joblog(t_s, J, tp_bar(0, steps, 0.0, None))  # SYNTH
        tt = t_s + 180.0 + rng.uniform(0.0, 0.4)
        while tt < fin(ep) - 1.0:
            if tt > 0:
                n = int((tt - t_s) * sps)
                s.joblog(tt, J, tp_bar(n, steps, tt - t_s, sps * rng.uniform(0.985, 1.015)))  # SYNTH
            tt += 180.0 + rng.uniform(0.0, 0.4)
        te = fin(ep)
        if te < 0:
            continue
        s.joblog(te - 0.02, J, tp_bar(steps, steps, steps / sps, sps * rng.uniform(0.99, 1.01)))  # SYNTH
        s.joblog(te, J, tp_log(s.at(te), "base.py:283", f"Epoch {ep} (global_step {ep * steps}) finished, "
                                                       f"time:{hdelta(steps / sps + rng.uniform(-4, 4))}."))  # SYNTH
        s.joblog(te + 0.05, J, tp_log(s.at(te + 0.05), "misc.py:109", "Estimated Time Left: "
                                      + hdelta((360 - ep) * period * rng.uniform(0.99, 1.01))))  # SYNTH
        if ep == stall_ep:
            t_stall = te + 0.06
            break
        ts = te + 0.58
        loss = max(0.8, loss - rng.uniform(0.005, 0.03))
        for k in keys:
            if ep == 11 and k in real_by_key:
                s.joblog(ts, J, real_by_key[k])  # REAL_S1_MON
                continue
            if k.startswith("GPUUtil"):
                v = rng.uniform(93.5, 97.8)
            elif k.startswith("PeakMemory"):
                v = 10900 + int(k[-1]) * 3.1 + rng.uniform(0, 40)
            elif k == "QueueInput/queue_size":
                v = 50
            elif k == "learning_rate":
                v = 0.01
            elif k == "total_cost":
                v = loss
            elif k.endswith("num_valid_anchor"):
                v = rng.uniform(200, 250)
            elif k.endswith("num_pos_anchor") or k.endswith("num_fg") or k.endswith("num_fg_label"):
                v = rng.uniform(5, 60)
            elif k.endswith("num_bg"):
                v = rng.uniform(440, 500)
            elif k == "mean_gt_box_area":
                v = rng.uniform(15000, 19000)
            else:
                stats[k] = max(0.001, stats[k] * rng.uniform(0.96, 1.03))
                v = stats[k]
            s.joblog(ts, J, tp_log(s.at(ts), "monitor.py:467", f"{k}: {v:.5g}"))  # SYNTH
        s.joblog(ts + 0.2, J, tp_log(s.at(ts + 0.2), "base.py:274", f"Start Epoch {ep + 1} ..."))  # SYNTH
    # time limit: job started 19:52:10 with --time=08:00:00
    t_tl = (dt.datetime(2019, 3, 17, 3, 52, 41) - s.start).total_seconds()
    s.joblog(t_tl, J, f"slurmstepd: error: *** JOB {J} ON {node} CANCELLED AT {s.at(t_tl):%Y-%m-%dT%H:%M:%S} "
                      f"DUE TO TIME LIMIT ***")  # SYNTH
    job_end(s, t_tl + 31.0, J, "TIMEOUT", "0:0")
    t_end = t_tl + 900.0
    # kernel noise (SYNTH)
    for tn, h, msg in ((2210.0, node, "perf: interrupt took too long (2505 > 2500), lowering kernel.perf_event_max_sample_rate to 79750"),
                       (7630.0, "tv-06", "nfs: server fs2 not responding, still trying"),
                       (7631.5, "tv-06", "nfs: server fs2 OK"),
                       (12400.0, node, "TCP: request_sock_TCP: Possible SYN flooding on port 6006. Sending cookies.  Check SNMP counters.")):
        kj(s, tn, h, msg)
    # neighbours (SYNTH): pix2pixHD (print_current_errors), deepspeech.pytorch (train.py print)
    tn, ep, it = 40.0, 61, 1400
    while tn < t_end:
        it += 100
        if it > 2975:
            ep, it = ep + 1, 100
        u = rng.uniform
        s.joblog(tn, N1, f"(epoch: {ep}, iters: {it}, time: {u(0.318, 0.332):.3f}) G_GAN: {u(0.6, 1.4):.3f} "
                         f"G_GAN_Feat: {u(3.1, 4.4):.3f} G_VGG: {u(2.2, 2.9):.3f} D_real: {u(0.2, 0.5):.3f} "
                         f"D_fake: {u(0.2, 0.5):.3f} ")
        tn += 100 * 0.325 * 3.1 + rng.uniform(-2, 2)
    tn, ep, i, nb = 25.0, 4, 600, 2814
    while tn < t_end:
        i += 200
        if i > nb:
            ep, i = ep + 1, 200
        s.joblog(tn, N2, f"Epoch: [{ep}][{i}/{nb}]\tTime {rng.uniform(0.48, 0.53):.3f} ({0.5012:.3f})\tData "
                         f"{rng.uniform(0.002, 0.004):.3f} ({0.003:.3f})\tLoss {rng.uniform(38, 52):.4f} "
                         f"({rng.uniform(44, 46):.4f})\t")
        tn += 200 * 0.501 + rng.uniform(-1, 1)

    def fn(n_, g, t_):
        if n_ == node:
            if t_ < t_stall:
                return busy40(rng, "titanv", load=rng.uniform(0.93, 0.99), fb=False,
                              extra={"DCGM_FI_DEV_FB_USED": 11840})
            if t_ < t_tl + 2:
                cool = max(0.0, 1 - (t_ - t_stall) / 900)
                return g38(0, rng.uniform(33, 41), 135, fb=11840, temp=int(41 + 38 * cool + rng.randint(0, 2)))
            return idle40(rng, "titanv", fb=0, clk=135)
        if n_ == "tv-05":
            return busy40(rng, "titanv", load=0.92) if g == 0 else idle40(rng, "titanv", clk=135)
        if n_ in ("tv-06", "tv-07"):
            return busy40(rng, "titanv", load=rng.uniform(0.8, 0.9)) if g < 2 else idle40(rng, "titanv", clk=135)
        return idle40(rng, "titanv", clk=135)
    sampler40(s, [node], 4, 0.0, t_end, 300.0, fn, keys=KEYS42)
    sampler40(s, ["tv-05", "tv-06", "tv-07"], 4, 0.0, t_end, 1200.0, fn)
    s.truth = truth({"t": t_stall, "category": "software", "node": None},
                    no_requeue=[J, N1, N2], no_drain=[node, "tv-05", "tv-06", "tv-07"])
    return s


# ======================================================================================
# S2  dino-vits16-2x4-v100-gv1-04-gpu2-hw-thermal-slowdown-no-log  (gpu_degraded: DINO ViT-S/16 pretraining on
#     ImageNet, 2 nodes x 4 V100-SXM2-32GB (gv1-[03-04]), PyTorch DDP launched by srun (SLURM_PROCID). In epoch 1 GPU 2
#     of gv1-04 (rank 6) starts HW thermal slowdown: its SM clock falls from 1530 to ~950 MHz at 88-91 C. Nothing is
#     logged anywhere -- no Xid, no kernel line, no NCCL warning. Rank 0's MetricLogger shows `time:` rising from
#     ~0.62 s to ~0.95 s per iteration and the ETA growing; the other 7 GPUs keep 100 % util (waiting in NCCL) at
#     lower power. Only DCGM's temperature/clock/throttle-reason fields point at the GPU.)
# ======================================================================================
# Source (lines): https://github.com/facebookresearch/dino/issues/69 -- "Training Time": the maintainer pastes stdout
# of a vanilla ViT-S/16 training on 8 GPUs (epoch 0, iterations 2240-2290 of 2502, ~0.62 s/it, max mem 13871).
# Verbatim: the six complete lines below. Format of the other lines: MetricLogger.log_every in
# https://github.com/facebookresearch/dino (utils.py; delimiter two spaces, `Total time` line, `Averaged stats`).
# Truth: https://github.com/deepspeedai/DeepSpeed/issues/1617 -- in synchronous data-parallel training a slow node
# drags the whole job ("the whole speed might subject to these slow ones"); the maintainer finds such nodes by testing
# pairs and leaving the slow one out. https://github.com/leptonai/gpud/pull/331 -- GPUd's description of HW slowdown:
# "Hardware slowdown are often caused by GPU overheating, power supply unit (PSU) failing or hardware damage, please
# do a hardware inspection to mitigate the issue". Together: a GPU in HW thermal slowdown is a node-level hardware
# problem (gpu_degraded) -- drain the node, requeue the job without it.
REAL_S2_DINO = [
    "Epoch: [0/100]  [2240/2502]  eta: 0:02:44  loss: 5.385776 (7.546279)  lr: 0.000089 (0.000045)  wd: 0.040071 (0.040024)  time: 0.618063  data: 0.000170  max mem: 13871",
    "Epoch: [0/100]  [2250/2502]  eta: 0:02:38  loss: 5.450140 (7.536839)  lr: 0.000090 (0.000045)  wd: 0.040071 (0.040024)  time: 0.612473  data: 0.000167  max mem: 13871",
    "Epoch: [0/100]  [2260/2502]  eta: 0:02:31  loss: 5.276927 (7.526337)  lr: 0.000090 (0.000045)  wd: 0.040072 (0.040024)  time: 0.617555  data: 0.000169  max mem: 13871",
    "Epoch: [0/100]  [2270/2502]  eta: 0:02:25  loss: 5.276927 (7.517462)  lr: 0.000090 (0.000045)  wd: 0.040072 (0.040024)  time: 0.616466  data: 0.000172  max mem: 13871",
    "Epoch: [0/100]  [2280/2502]  eta: 0:02:19  loss: 5.694260 (7.509618)  lr: 0.000091 (0.000046)  wd: 0.040073 (0.040025)  time: 0.617497  data: 0.000171  max mem: 13871",
    "Epoch: [0/100]  [2290/2502]  eta: 0:02:13  loss: 5.645083 (7.501284)  lr: 0.000091 (0.000046)  wd: 0.040074 (0.040025)  time: 0.633099  data: 0.000172  max mem: 13871",
]


def build_s2() -> Scenario:
    name = "dino-vits16-2x4-v100-gv1-04-gpu2-hw-thermal-slowdown-no-log"
    J, N1, N2 = "2093177", "2093102", "2093188"
    start = "2021-06-08T14:10:00Z"
    s = Scenario(name, "DINO ViT-S/16 pretraining (PyTorch DDP via srun, 2 nodes x 4 V100-SXM2-32GB on gv1-[03-04]). "
                 "Early in epoch 1 rank 0's MetricLogger lines show the iteration time rising from ~0.62 s to ~0.95 s "
                 "and the ETA growing; no error, no warning, no kernel line anywhere. The job opted in to requeues. "
                 "Two other owners' jobs run on other nodes.",
                 start,
                 {"name": "sgpu", "partition": "gpu", "nodes": "gv1-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "dino-vits16-in1k", "user": "nkaur", "nodes": "gv1-[03-04]", "tasks_per_node": 4,
                   "started": "2021-06-08T13:32:06Z", "comment": comment(2, "/checkpoint/nkaur/dino/vits16_in1k")},
                  {"id": N1, "name": "w2v2-base-ls960", "user": "oruiz", "nodes": "gv1-06", "tasks_per_node": 8,
                   "started": "2021-06-08T09:17:40Z"},
                  {"id": N2, "name": "nerf-lego-sweep", "user": "tbaker", "nodes": "gv1-01", "tasks_per_node": 1,
                   "started": "2021-06-08T13:58:12Z"}])
    rng = s.rng
    n_it, niter_total = 2502, 2502 * 100
    t0 = 30.0                         # time of the first real line ([2240/2502])

    def lr_at(i):
        return 0.001 * i / 25020

    def wd_at(i):
        return 0.4 + 0.5 * (0.04 - 0.4) * (1 + math.cos(math.pi * i / niter_total))
    # epoch 0 tail (real lines for 2240..2290, SYNTH after)
    tt = t0
    for k, l in enumerate(REAL_S2_DINO):
        s.joblog(tt, J, l)  # REAL_S2_DINO
        tt += 10 * 0.6195 + rng.uniform(-0.06, 0.06)
    gavg = 7.501284
    for i in list(range(2300, 2501, 10)) + [2501]:
        med = rng.uniform(5.25, 5.7)
        gavg -= 0.0086
        ti = 0.6195 + rng.uniform(-0.006, 0.012)
        eta = int(0.625 * (n_it - i))
        s.joblog(tt, J, f"Epoch: [0/100]  [{i:4d}/{n_it}]  eta: {dt.timedelta(seconds=eta)}  loss: {med:.6f} ({gavg:.6f})  "
                        f"lr: {lr_at(i):.6f} ({lr_at(i) / 2:.6f})  wd: {wd_at(i):.6f} ({0.040025 + (i - 2300) * 2e-8:.6f})  "
                        f"time: {ti:.6f}  data: {rng.uniform(0.000160, 0.000180):.6f}  max mem: 13871")  # SYNTH
        tt += 10 * ti if i < 2500 else ti
    s.joblog(tt, J, f"Epoch: [0/100] Total time: 0:26:04 ({1564.2 / n_it:.6f} s / it)")  # SYNTH
    s.joblog(tt + 0.9, J, f"Averaged stats: loss: {med:.6f} ({gavg:.6f})  lr: {lr_at(2501):.6f} ({lr_at(2501) / 2:.6f})  "
                          f"wd: {wd_at(2501):.6f} ({0.040026:.6f})")  # SYNTH
    # epochs 1-2: the fault starts at iteration ~640 of epoch 1
    t_e1 = tt + 4.5
    t_fault = t_e1 + 640 * 0.62 + 3.0
    t_stop = t_fault + 2350.0
    tt = t_e1
    for ep in (1, 2):
        ttimes, gsum, gcnt = [], 0.0, 0
        t_ep0 = tt
        for i in range(n_it):
            if tt >= t_stop:
                break
            if tt < t_fault:
                step = 0.6195 + rng.uniform(-0.005, 0.01)
            else:       # ramps to ~0.95 s over ~150 s after the fault
                ramp = min(1.0, (tt - t_fault) / 150.0)
                step = 0.62 + ramp * (0.33 + rng.uniform(-0.02, 0.03))
            first = (i == 0)
            ttimes.append(3.1 if first else step)
            win = ttimes[-20:]
            med = rng.uniform(4.95, 5.45) - 0.25 * (ep - 1)
            gsum += med
            gcnt += 1
            gi = ep * n_it + i
            if i % 10 == 0 or i == n_it - 1:
                eta = int(sum(ttimes) / len(ttimes) * (n_it - i))
                s.joblog(tt, J, f"Epoch: [{ep}/100]  [{i:4d}/{n_it}]  eta: {dt.timedelta(seconds=eta)}  loss: {med:.6f} "
                                f"({gsum / gcnt:.6f})  lr: {lr_at(gi):.6f} ({lr_at(ep * n_it + i / 2):.6f})  "
                                f"wd: {wd_at(gi):.6f} ({wd_at(ep * n_it + i / 2):.6f})  time: {sum(win) / len(win):.6f}  "
                                f"data: {(0.002311 if first else rng.uniform(0.000158, 0.000184)):.6f}  max mem: 13871")  # SYNTH
            tt += ttimes[-1]
        else:
            tot = tt - t_ep0
            s.joblog(tt, J, f"Epoch: [{ep}/100] Total time: {dt.timedelta(seconds=int(tot))} ({tot / n_it:.6f} s / it)")  # SYNTH
            s.joblog(tt + 0.9, J, f"Averaged stats: loss: {med:.6f} ({gsum / gcnt:.6f})  lr: {lr_at(gi):.6f} "
                                  f"({lr_at(ep * n_it + n_it / 2):.6f})  wd: {wd_at(gi):.6f} ({wd_at(ep * n_it + n_it / 2):.6f})")  # SYNTH
            tt += 4.5
    t_end = tt + 60.0
    # kernel noise (SYNTH)
    kj(s, 420.0, "gv1-03", "nvidia-nvswitch: Probing device 0000:00:00.0, Vendor Id = 0x10de, Device Id = 0x1af1, Class = 0x68000")
    kj(s, 1790.0, "gv1-06", "perf: interrupt took too long (3142 > 3131), lowering kernel.perf_event_max_sample_rate to 63500")
    kj(s, 2650.0, "gv1-04", "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.")
    # neighbours (SYNTH): fairseq wav2vec 2.0 (rank 0 json-ish simple log), a NeRF sweep (tqdm.write)
    tn, upd = 55.0, 181200
    while tn < t_end:
        upd += 200
        d = s.at(tn)
        s.joblog(tn, N1, f"{d:%Y-%m-%d %H:%M:%S} | INFO | train_inner | epoch 139:    {upd % 1428:4d} / 1428 "
                         f"loss={rng.uniform(2.3, 2.6):.3f}, ntokens={rng.uniform(1.39e6, 1.41e6):.0f}, "
                         f"nsentences={rng.randint(5000, 5400)}, prob_perplexity={rng.uniform(152, 160):.3f}, "
                         f"code_perplexity={rng.uniform(149, 157):.3f}, temp={1.2:.3f}, loss_0={rng.uniform(2.2, 2.5):.3f}, "
                         f"loss_1={0.13:.3f}, loss_2={0.011:.3f}, accuracy={rng.uniform(0.58, 0.61):.5f}, "
                         f"wps={rng.uniform(1.56e5, 1.6e5):.0f}, ups={0.11:.2f}, wpb={1.4e6:.0f}, bsz={5194:.1f}, "
                         f"num_updates={upd}, lr={3.8e-4:.3g}, gnorm={rng.uniform(0.3, 0.5):.3f}, loss_scale=2, "
                         f"train_wall={rng.randint(1790, 1810)}, gb_free={rng.uniform(3.1, 4.0):.1f}, wall={int(61000 + tn)}")
        tn += 1800.0 + rng.uniform(-10, 10)
    tn, it = 200.0, 0
    while tn < t_end:
        it += 5000
        s.joblog(tn, N2, f"[TRAIN] Iter: {it} Loss: {rng.uniform(0.002, 0.004):.6f}  PSNR: {rng.uniform(29.5, 31.2):.4f}")
        tn += 5000 * 0.046 + rng.uniform(-1, 1)
    hot = ("gv1-04", 2)
    keys = KEYS42T

    def fn(n_, g, t_):
        if n_ in ("gv1-03", "gv1-04"):
            if g >= 4:
                return idle40(rng, "v100_32", clk=135)
            if t_ < t_fault:
                f = busy40(rng, "v100_32", load=rng.uniform(0.93, 0.99), thr=0)
                if (n_, g) == hot:      # its fan is failing: the GPU creeps up towards its slowdown temperature
                    f["DCGM_FI_DEV_GPU_TEMP"] = int(66 + 15 * max(0.0, 1 - (t_fault - t_) / 420.0)) + rng.randint(0, 1)
                return f
            ramp = min(1.0, (t_ - t_fault) / 150.0)
            if (n_, g) == hot:
                return g38(100 - rng.choice([0, 0, 1]), 258 - 80 * ramp + rng.uniform(-8, 8),
                           1530 - (560 + rng.choice([0, 15, 30, 45])) * ramp,
                           fb=27500 + rng.randint(-600, 600), temp=int(81 + 9 * ramp + rng.randint(0, 1)),
                           thr=64 if ramp >= 1 and rng.random() > 0.2 else (96 if ramp >= 1 else 0))
            return g38(100 - rng.choice([0, 0, 1, 2]), 252 - 78 * ramp + rng.uniform(-12, 12), 1530,
                       fb=27500 + rng.randint(-600, 600), temp=int(63 - 6 * ramp + rng.randint(-3, 3)), thr=0)
        if n_ == "gv1-06":
            return busy40(rng, "v100_32", load=rng.uniform(0.9, 0.97), thr=0)
        if n_ == "gv1-01":
            return busy40(rng, "v100_32", load=0.85, thr=0) if g == 0 else idle40(rng, "v100_32", clk=135)
        return idle40(rng, "v100_32", clk=135)
    sampler40(s, ["gv1-03", "gv1-04"], 8, 0.0, t_end, 120.0, fn, keys=keys)
    sampler40(s, ["gv1-06", "gv1-01"], 8, 0.0, t_end, 900.0, fn, keys=keys)
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": "gv1-04", "gpu": 2},
                    drain=["gv1-04"], requeue={J: {"exclude": ["gv1-04"]}},
                    no_requeue=[N1, N2], no_drain=["gv1-03", "gv1-06", "gv1-01"])
    return s


# ======================================================================================
# S3  ofa-4x8-v100-opensm-perfmgr-v100-04-cable-then-all-ranks-timeout  (network: OFA (fairseq-based) caption
#     fine-tuning on 4 nodes x 8 V100 over EDR InfiniBand. The cable between leaf switch port 11 and v100-04's HCA
#     degrades: OpenSM's PerfMgr (the SM runs on v100-01, opensm.log is collected with that node's log stream) reports
#     SymbolErrorCounter / PortRcvErrors growing on that link for three sweeps, then a trap 128 (link state change),
#     "GID out of service" and the removal of v100-04's port; 41 s later the link is back. v100-04 itself logs nothing
#     (RHEL 7 kernel, MLNX_OFED 4.9: no port-state messages at the default log level) and NCCL_DEBUG is unset. The
#     broken QPs leave NCCL's proxy thread dead without an error, so every one of the 32 ranks times out in the same
#     all-reduce 30 min later with the same sequence number; the job fails.)
# ======================================================================================
# Source (lines): https://github.com/OFA-Sys/OFA/issues/271 -- "Watchdog caught collective operation timeout:
# WorkNCCL": OFA training, every rank reports the same timeout for SeqNum=469508. Verbatim: the five complete lines
# below (ranks 1, 3, 2, 6, 7); all other ranks' lines are SYNTH in the same format.
# Format of the OpenSM lines: the emitter's source, https://github.com/linux-rdma/opensm (libopensm/osm_log.c
# osm_log_v2 prefix "%s %02d %02d:%02d:%02d %06d [%04X] 0x%02x -> ", OSM_LOG's "%s: " function prefix,
# opensm/osm_perfmgr.c perfmgr_log_errors "ERR 5431: SymbolErrorCounter : ...", opensm/osm_trap_rcv.c log_trap_info,
# opensm/osm_inform.c log_notice, opensm/osm_drop_mgr.c drop_mgr_remove_port, opensm/osm_state_mgr.c "SUBNET UP",
# libopensm/osm_helper.c trap names). Every OpenSM line is SYNTH in that format.
# Truth: https://github.com/guilbaults/infiniband-exporter/issues/12 -- maintainer on IB port counters:
# "SymbolErrorCounter -> Problem with a cable", "LinkDownedCounter -> Can happen with a bad cable that flap between
# up/down", "PortRcvRemotePhysicalErrors -> Problem with a cable". https://github.com/NVIDIA/nccl/issues/1071 -- an IB
# completion error 12 on one link ends NCCL's progress thread with no error reported to the user ("ncclCommGetAsyncError
# pretends that everything's fine, and we are hanging forever"), so PyTorch sees only the watchdog timeout on every
# rank. The fault is v100-04's link (network): drain v100-04, requeue the job without it.
REAL_S3_WD = [
    "[E ProcessGroupNCCL.cpp:737] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing out.",
    "[E ProcessGroupNCCL.cpp:737] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802211 milliseconds before timing out.",
    "[E ProcessGroupNCCL.cpp:737] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing out.",
    "[E ProcessGroupNCCL.cpp:737] [Rank 6] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802210 milliseconds before timing out.",
    "[E ProcessGroupNCCL.cpp:737] [Rank 7] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802220 milliseconds before timing out.",
]


def osm_line(d: dt.datetime, tid: str, lvl: int, msg: str) -> str:
    """SYNTH: OpenSM log line (osm_log_v2): `Oct 21 09:12:03 412345 [9A7FD700] 0x01 -> func: msg`."""
    return f"{d:%b} {d.day:02d} {d:%H:%M:%S} {d.microsecond:06d} [{tid}] 0x{lvl:02x} -> {msg}"


def build_s3() -> Scenario:
    name = "ofa-4x8-v100-opensm-perfmgr-v100-04-cable-then-all-ranks-timeout"
    J, N1, N2 = "318842", "318790", "318851"
    start = "2022-10-21T07:40:00Z"
    sm = "v100-01"
    bad = "v100-04"
    s = Scenario(name, "OFA-large caption fine-tuning (fairseq-based, PyTorch 1.12 DDP, 4 nodes x 8 V100-SXM2-32GB on "
                 "v100-[02-05], EDR InfiniBand, NCCL_DEBUG unset). OpenSM with PerfMgr runs on v100-01 and its log is "
                 "collected with that node's stream. Training stops advancing; 30 min later all 32 ranks report the "
                 "same watchdog timeout (same SeqNum) and the job fails. The job opted in to requeues. Other owners' "
                 "jobs run on v100-[06-07] and v100-01.",
                 start,
                 {"name": "vlab2", "partition": "gpu", "nodes": "v100-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "ofa-large-caption-ft", "user": "hqiu", "nodes": "v100-[02-05]", "tasks_per_node": 8,
                   "started": "2022-10-21T00:09:31Z", "comment": comment(3, "/scratch/hqiu/ofa/checkpoints/caption_stage1")},
                  {"id": N1, "name": "swinb-in22k-ft", "user": "dlarsen", "nodes": "v100-[06-07]", "tasks_per_node": 8,
                   "started": "2022-10-20T21:55:02Z"},
                  {"id": N2, "name": "optuna-gnn-sweep", "user": "arossi", "nodes": sm, "tasks_per_node": 1,
                   "started": "2022-10-21T06:12:47Z"}])
    rng = s.rng
    # OFA / fairseq train_inner lines every 100 updates (~178 s)
    upd, wall = 15084 - 100 * 14, 27061 - 178 * 14
    t_deg = 2405.0
    t_down = t_deg + 433.7
    t_up = t_down + 41.2
    tt = 30.0
    last_line_t = tt
    while tt < t_down:
        upd += 100
        wall += int(178 + rng.uniform(-1, 1))
        d = s.at(tt)
        e_, i_ = divmod(upd - 12640, 2412)
        s.joblog(tt, J, f"{d:%Y-%m-%d %H:%M:%S} | INFO | train_inner | epoch {7 + e_:03d}: {i_:6d} / 2412 "
                        f"loss={rng.uniform(2.10, 2.21):.3f}, loss_v1=0, loss_v2=0, nll_loss={rng.uniform(0.91, 0.97):.3f}, "
                        f"ntokens={rng.uniform(8380, 8520):.1f}, nsentences=512, sample_size={rng.uniform(8380, 8520):.1f}, "
                        f"sample_size_v1=0, sample_size_v2=0, ppl={rng.uniform(1.88, 1.96):.2f}, "
                        f"wps={rng.uniform(4690, 4760):.1f}, ups=0.56, wpb={rng.uniform(8380, 8520):.1f}, bsz=512, "
                        f"num_updates={upd}, lr={1.21e-05 - (upd - 15084) * 1.1e-10:.3g}, gnorm={rng.uniform(0.95, 1.08):.3f}, "
                        f"clip=0, loss_scale=32, train_wall=178, gb_free={rng.uniform(9.1, 9.7):.1f}, wall={wall}")  # SYNTH
        last_line_t = tt
        tt += 178.0 + rng.uniform(-0.8, 0.8)
    # OpenSM / PerfMgr on v100-01 (SYNTH, format of linux-rdma/opensm)
    leaf = '"MF0;ib-leaf02:MSB7800/U1" (NodeGUID: 0x248a0703005f3e80)'
    hca = '"v100-04 HCA-1" (NodeGUID: 0x0c42a10300d5e7a2)'
    pm_tid, sm_tid, tr_tid = "9A7FD700", "A25FF700", "A1DFE700"

    def osm(t, tid, lvl, msg):
        s.kernel(t, sm, osm_line(s.at(t), tid, lvl, msg))
    for k, (sym_sw, sym_hca, rcv) in enumerate(((1841, 913, 27), (5213, 2877, 96), (14327, 8120, 301))):
        tp = t_deg + 180.0 * k + rng.uniform(0, 0.3)
        osm(tp, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5431: SymbolErrorCounter : {sym_sw} : node {leaf} : port 11 "
                              f"connected to {hca} : port 1")
        osm(tp + 0.0004, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5434: PortRcvErrors : {rcv} : node {leaf} : port 11 "
                                       f"connected to {hca} : port 1")
        osm(tp + 0.0031, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5431: SymbolErrorCounter : {sym_hca} : node {hca} : "
                                       f"port 1 connected to {leaf} : port 11")
    osm(t_down, tr_tid, 0x01, "log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2 "
                              "(Switch) from LID:3 TID:0x000000000000b21c")
    osm(t_down + 0.0212, sm_tid, 0x02, "log_notice: Reporting Generic Notice type:3 num:65 (GID out of service) from "
                                       "LID:1 GID:fe80::c42:a103:d5:e7a3")
    osm(t_down + 0.0215, sm_tid, 0x02, "drop_mgr_remove_port: Removed port with GUID:0x0c42a10300d5e7a3 LID range "
                                       "[12, 12] of node:v100-04 HCA-1")
    osm(t_down + 0.0934, sm_tid, 0x02, "SUBNET UP")
    osm(t_up, tr_tid, 0x01, "log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2 "
                            "(Switch) from LID:3 TID:0x000000000000b21d")
    osm(t_up + 0.3311, sm_tid, 0x02, "log_notice: Reporting Generic Notice type:4 num:64 (GID in service) from LID:1 "
                                     "GID:fe80::c42:a103:d5:e7a3")
    osm(t_up + 0.3702, sm_tid, 0x02, "SUBNET UP")
    tp = t_deg + 540.0 + rng.uniform(0, 0.3)
    osm(tp, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5431: SymbolErrorCounter : 20311 : node {leaf} : port 11 "
                          f"connected to {hca} : port 1")
    osm(tp + 0.0002, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5432: LinkErrorRecoveryCounter : 3 : node {leaf} : "
                                   f"port 11 connected to {hca} : port 1")
    osm(tp + 0.0003, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5433: LinkDownedCounter : 1 : node {leaf} : port 11 "
                                   f"connected to {hca} : port 1")
    osm(tp + 0.0031, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5433: LinkDownedCounter : 1 : node {hca} : port 1 "
                                   f"connected to {leaf} : port 11")
    for k, (sym_sw, rcv) in enumerate(((2270, 41), (1966, 33), (2419, 52), (2103, 38), (2588, 47), (2231, 44),
                                       (2376, 40), (2150, 36), (2302, 49), (2461, 45))):
        tp = t_deg + 720.0 + 180.0 * k + rng.uniform(0, 0.3)
        osm(tp, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5431: SymbolErrorCounter : {sym_sw} : node {leaf} : port 11 "
                              f"connected to {hca} : port 1")
        osm(tp + 0.0004, pm_tid, 0x01, f"perfmgr_log_errors: ERR 5434: PortRcvErrors : {rcv} : node {leaf} : port 11 "
                                       f"connected to {hca} : port 1")
    # the collective that never completes started just before the link went down
    t_coll = t_down - 1.3
    t_wd = t_coll + 1802.2
    ranks = list(range(32))
    rng.shuffle(ranks)
    order = [1, 3, 2, 6, 7] + [r for r in ranks if r not in (1, 3, 2, 6, 7)]
    real_by_rank = {int(l.split("[Rank ")[1].split("]")[0]): l for l in REAL_S3_WD}
    for k, r in enumerate(order):
        tr = t_wd + 0.0005 * k + (0.01 if r >= 8 else 0.0) * (r // 8)
        if r in real_by_rank:
            s.joblog(tr, J, real_by_rank[r])  # REAL_S3_WD
            ran = int(real_by_rank[r].split("ran for ")[1].split(" ")[0])
        else:
            ran = 1802200 + rng.randint(5, 40) + 12 * (r // 8)
            s.joblog(tr, J, f"[E ProcessGroupNCCL.cpp:737] [Rank {r}] Watchdog caught collective operation timeout: "
                            f"WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for {ran} "
                            f"milliseconds before timing out.")  # SYNTH
    for k, r in enumerate(order):
        tr = t_wd + 1.1 + 0.002 * k
        s.joblog(tr, J, "[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the "
                        "asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
                        "corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down.")  # SYNTH
        if k % 4 == 0:
            s.joblog(tr + 0.0005, J, "terminate called after throwing an instance of 'std::runtime_error'")  # SYNTH
            s.joblog(tr + 0.0006, J, f"  what():  [Rank {r}] Watchdog caught collective operation timeout: "
                                     f"WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for "
                                     f"{1802200 + rng.randint(5, 40)} milliseconds before timing out.")  # SYNTH
    tf = t_wd + 3.4
    for k, h in enumerate(["v100-02", "v100-03", "v100-04", "v100-05"]):
        s.joblog(tf + 0.3 * k, J, f"srun: error: {h}: tasks {8 * k}-{8 * k + 7}: Aborted (core dumped)")  # SYNTH
    s.joblog(tf + 1.4, J, f"srun: launch/slurm: _step_signal: Terminating StepId={J}.0")  # SYNTH
    job_end(s, tf + 2.0, J, "FAILED", "1:0")
    t_end = tf + 600.0
    # kernel noise on other nodes (SYNTH)
    kj(s, 640.0, "v100-06", "perf: interrupt took too long (2530 > 2500), lowering kernel.perf_event_max_sample_rate to 79000")
    kj(s, 3900.0, "v100-03", "nvidia-uvm: Loaded the UVM driver, major device number 236.")
    # neighbours (SYNTH): Swin-Transformer logger, an Optuna sweep
    tn, it, ep = 80.0, 400, 112
    while tn < t_end:
        it += 100
        if it >= 1251:
            ep, it = ep + 1, 0
        d = s.at(tn)
        s.joblog(tn, N1, f"[{d:%Y-%m-%d %H:%M:%S} swin_base_patch4_window7_224_22kto1k_finetune](main.py 223): INFO "
                         f"Train: [{ep}/300][{it}/1251]\teta 0:{(1251 - it) * 42 // 6000:02d}:{rng.randint(10, 59):02d} "
                         f"lr 0.000{rng.randint(380, 420)}\ttime {rng.uniform(0.415, 0.43):.4f} ({0.4223:.4f})\tloss "
                         f"{rng.uniform(2.8, 3.0):.4f} ({2.9451:.4f})\tgrad_norm {rng.uniform(1.9, 2.3):.4f} (inf)\tmem 17221MB")
        tn += 100 * 0.4223 + rng.uniform(-0.5, 0.5)
    tn, trial = 150.0, 212
    while tn < t_end:
        trial += 1
        d = s.at(tn)
        s.joblog(tn, N2, f"[I {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] Trial {trial} finished with value: "
                         f"{rng.uniform(0.81, 0.86):.6f} and parameters: {{'lr': {rng.uniform(1e-4, 3e-3):.6g}, 'hidden': "
                         f"{rng.choice([128, 256, 384])}, 'layers': {rng.randint(2, 6)}}}. Best is trial 187 with value: 0.868213.")
        tn += rng.uniform(380, 520)

    def fn(n_, g, t_):
        if n_ in ("v100-02", "v100-03", "v100-04", "v100-05"):
            if t_ < t_coll:
                return busy40(rng, "v100_32", load=rng.uniform(0.9, 0.98))
            if t_ < tf + 1:
                return g38(100, rng.uniform(72, 84), 1530, fb=29800 + rng.randint(-300, 300), temp=rng.randint(46, 52))
            return idle40(rng, "v100_32", clk=135)
        if n_ in ("v100-06", "v100-07"):
            return busy40(rng, "v100_32", load=rng.uniform(0.88, 0.97))
        if n_ == sm:
            return busy40(rng, "v100_32", load=0.7) if g == 0 else idle40(rng, "v100_32", clk=135)
        return idle40(rng, "v100_32", clk=135)
    sampler40(s, ["v100-02", "v100-03", "v100-04", "v100-05"], 8, 0.0, t_end, 300.0, fn)
    sampler40(s, ["v100-06", "v100-07", sm], 8, 0.0, t_end, 1200.0, fn)
    s.truth = truth({"t": t_deg, "category": "network", "node": bad},
                    drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=["v100-01", "v100-02", "v100-03", "v100-05", "v100-06", "v100-07"])
    return s


# ======================================================================================
# S4  healthy-mae-vitl-2x8-a100-time-limit-sigterm-traceback  (healthy: MAE ViT-L pretraining (facebookresearch/mae,
#     torchrun per node under srun, 2 nodes x 8 A100-SXM4-40GB on a100-[03-04]) runs normally for 24 h and reaches its
#     Slurm time limit in the middle of epoch 131. Slurm signals the steps; each node's torchrun agent logs
#     "Received 15 death signal", sends SIGTERM to its 8 workers and dies with a SignalException traceback; srun
#     reports the step abort; the job ends TIMEOUT. The next epochs were never due to finish inside 24 h; the owner's
#     checkpoints are written every 20 epochs. Nothing is wrong with the nodes. A neighbour job runs on.)
# ======================================================================================
# Source (lines): https://github.com/NVIDIA/nvidia-resiliency-ext/issues/18 -- a torchrun traceback ending in
# `torch.distributed.elastic.multiprocessing.api.SignalException: Process 293812 got signal: 15` (verbatim, with the
# `raise SignalException(...)` source line). https://github.com/ZettaAI/zetta_utils/issues/671 -- the last lines a
# Slurm job prints at its time limit; verbatim: `srun: Job step aborted: Waiting up to 47 seconds for job step to
# finish.` (its JOB/STEP lines name a redacted host, so they are SYNTH here in the same format).
# Truth: https://github.com/DataBiosphere/toil/issues/5177 -- a job killed for exceeding its Slurm time limit gets
# an alarming but "super cryptic" error (there a KeyboardInterrupt) although nothing failed;
# https://github.com/swiss-ai/Megatron-LM/issues/3 -- at the wall-time limit torchrun captures the signals and the
# run just ends (graceful exit needs `--signal=B:SIGUSR2@600` and a trigger). Reaching the time limit is the owner's
# business: no drain, no requeue, nothing to report.
REAL_S4_SIG = [
    "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
    "torch.distributed.elastic.multiprocessing.api.SignalException: Process 293812 got signal: 15",
]
REAL_S4_SRUN = "srun: Job step aborted: Waiting up to 47 seconds for job step to finish."


def build_s4() -> Scenario:
    name = "healthy-mae-vitl-2x8-a100-time-limit-sigterm-traceback"
    J, N1, N2 = "7731904", "7731877", "7732015"
    start = "2022-11-05T17:05:00Z"
    s = Scenario(name, "MAE ViT-L/16 pretraining (facebookresearch/mae main_pretrain.py, torchrun under srun, 2 nodes x "
                 "8 A100-SXM4-40GB on a100-[03-04], PyTorch 1.12) logs normally until 24 h after its start; then both "
                 "torchrun agents print SIGTERM handling and a SignalException traceback, srun aborts the step and the "
                 "job ends. The job opted in to requeues. Two other owners' jobs run on other nodes.",
                 start,
                 {"name": "a100", "partition": "gpu", "nodes": "a100-[01-10]", "gpus_per_node": 8},
                 [{"id": J, "name": "mae-vitl16-pt800", "user": "yzhao", "nodes": "a100-[03-04]", "tasks_per_node": 8,
                   "started": "2022-11-03T17:50:12Z", "comment": comment(3, "/checkpoint/yzhao/mae/vitl16_pt800")},
                  {"id": N1, "name": "convnext-b-in1k", "user": "gferri", "nodes": "a100-[05-06]", "tasks_per_node": 8,
                   "started": "2022-11-04T09:41:30Z"},
                  {"id": N2, "name": "esm-ft-stability", "user": "hnakamura", "nodes": "a100-08", "tasks_per_node": 1,
                   "started": "2022-11-04T16:20:54Z"}])
    rng = s.rng
    n_it = 1251
    sec_it = 0.5531
    t_limit = (dt.datetime(2022, 11, 5, 17, 50, 42) - s.start).total_seconds()
    # epoch 130 tail, epoch 131 partial: MAE MetricLogger (delimiter two spaces, print_freq 20)
    t_e131 = t_limit - 1262 * 0.5531 * 0.55 - 40.0      # epoch 131 starts ~7 min before the limit
    per_ep = n_it * sec_it * 1.0075 + 3.41 + 3.9

    def lr_at(ep, i):
        e = ep + i / n_it
        return 1.5e-4 * 4096 / 256 * 0.5 * (1 + math.cos(math.pi * (e - 40) / 760))
    for ep, t_ep in ((128, t_e131 - 3 * per_ep), (129, t_e131 - 2 * per_ep), (130, t_e131 - per_ep), (131, t_e131)):
        times, lsum, lcnt = [], 0.0, 0
        tt = t_ep
        for i in range(n_it):
            st = 3.41 if i == 0 else sec_it * rng.uniform(0.985, 1.03)
            times.append(st)
            med = rng.uniform(0.4295, 0.4335) - 0.0006 * (ep - 130)
            lsum += med
            lcnt += 1
            if (i % 20 == 0 or i == n_it - 1) and tt >= 0 and tt < t_limit:
                w = times[-20:]
                eta = int(sum(times) / len(times) * (n_it - i))
                s.joblog(tt, J, f"Epoch: [{ep}]  [{i:4d}/{n_it}]  eta: {dt.timedelta(seconds=eta)}  "
                                f"lr: {lr_at(ep, i):.6f}  loss: {med:.4f} ({lsum / lcnt:.4f})  "
                                f"time: {sum(w) / len(w):.4f}  data: {(1.2974 if i == 0 else rng.uniform(0.0002, 0.0004)):.4f}  "
                                f"max mem: 31467")  # SYNTH
            tt += st
            if tt >= t_limit:
                break
        if ep < 131 and tt >= 0:
            tot = tt - t_ep
            s.joblog(tt, J, f"Epoch: [{ep}] Total time: {dt.timedelta(seconds=int(tot))} ({tot / n_it:.4f} s / it)")  # SYNTH
            s.joblog(tt + 0.7, J, f"Averaged stats: lr: {lr_at(ep, n_it - 1):.6f}  loss: {med:.4f} ({lsum / lcnt:.4f})")  # SYNTH
    # the time limit (started 2022-11-03T17:50:12, --time=1-00:00:00)
    d = s.at(t_limit)
    s.joblog(t_limit, J, f"slurmstepd: error: *** JOB {J} ON a100-03 CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")  # SYNTH
    s.joblog(t_limit + 0.01, J, REAL_S4_SRUN)  # REAL_S4_SRUN
    s.joblog(t_limit + 0.02, J, f"slurmstepd: error: *** STEP {J}.0 ON a100-03 CANCELLED AT {d:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")  # SYNTH
    py = "/home/yzhao/.conda/envs/mae/lib/python3.9"
    for node_i, (host, agent_pid, wpid0) in enumerate((("a100-03", 293812, 293851), ("a100-04", 118604, 118642))):
        ta = t_limit + 0.15 + 0.21 * node_i
        s.joblog(ta, J, "WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down workers")  # SYNTH
        for w in range(8):
            s.joblog(ta + 0.001 * (w + 1), J, f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process "
                                              f"{wpid0 + w} closing signal SIGTERM")  # SYNTH
        tb = ta + 2.6 + rng.uniform(0, 0.4)
        frames = ["Traceback (most recent call last):",
                  f'  File "/home/yzhao/.conda/envs/mae/bin/torchrun", line 8, in <module>',
                  "    sys.exit(main())",
                  f'  File "{py}/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 345, in wrapper',
                  "    return f(*args, **kwargs)",
                  f'  File "{py}/site-packages/torch/distributed/run.py", line 761, in main',
                  "    run(args)",
                  f'  File "{py}/site-packages/torch/distributed/run.py", line 752, in run',
                  "    elastic_launch(",
                  f'  File "{py}/site-packages/torch/distributed/launcher/api.py", line 131, in __call__',
                  "    return launch_agent(self._config, self._entrypoint, list(args))",
                  f'  File "{py}/site-packages/torch/distributed/launcher/api.py", line 236, in launch_agent',
                  "    result = agent.run()",
                  f'  File "{py}/site-packages/torch/distributed/elastic/metrics/api.py", line 125, in wrapper',
                  "    result = f(*args, **kwargs)",
                  f'  File "{py}/site-packages/torch/distributed/elastic/agent/server/api.py", line 709, in run',
                  "    result = self._invoke_run(role)",
                  f'  File "{py}/site-packages/torch/distributed/elastic/agent/server/api.py", line 850, in _invoke_run',
                  "    time.sleep(monitor_interval)",
                  f'  File "{py}/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 60, in _terminate_process_handler']
        for k, l in enumerate(frames):
            s.joblog(tb + 0.0005 * k, J, l)  # SYNTH
        if agent_pid == 293812:
            s.joblog(tb + 0.011, J, REAL_S4_SIG[0])  # REAL_S4_SIG
            s.joblog(tb + 0.012, J, REAL_S4_SIG[1])  # REAL_S4_SIG
        else:
            s.joblog(tb + 0.011, J, REAL_S4_SIG[0])  # REAL_S4_SIG (same source line)
            s.joblog(tb + 0.012, J, f"torch.distributed.elastic.multiprocessing.api.SignalException: Process "
                                    f"{agent_pid} got signal: 15")  # SYNTH
    s.joblog(t_limit + 4.1, J, "srun: error: a100-04: task 1: Exited with exit code 1")  # SYNTH
    s.joblog(t_limit + 4.3, J, "srun: error: a100-03: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_limit + 31.0, J, "TIMEOUT", "0:0")
    t_end = t_limit + 1500.0
    # kernel noise (SYNTH)
    kj(s, 300.0, "a100-05", "nvidia-nvswitch2: SXid (PCI:0000:c6:00.0): 12028, Non-fatal, Link 44 egress non-posted PRIV error (First)")
    kj(s, 300.0005, "a100-05", "nvidia-nvswitch2: SXid (PCI:0000:c6:00.0): 12028, Severity 0 Engine instance 44 Sub-engine instance 00")
    kj(s, t_limit + 35.0, "a100-03", "nvidia-uvm: Unregistered the UVM driver.")
    kj(s, t_limit + 36.0, "a100-04", "nvidia-uvm: Unregistered the UVM driver.")
    # neighbours (SYNTH): ConvNeXt (DeiT-style MetricLogger), an ESM fine-tune (HF Trainer dict lines)
    tn, it, ep = 20.0, 200, 211
    while tn < t_end:
        it += 200
        if it >= 1251:
            ep, it = ep + 1, 0
        s.joblog(tn, N1, f"Epoch: [{ep}]  [{it:4d}/1251]  eta: 0:{(1251 - it) * 38 // 6000:02d}:{rng.randint(10, 59):02d}  "
                         f"lr: 0.00{rng.randint(1600, 1700)}  min_lr: 0.00{rng.randint(1600, 1700)}  loss: "
                         f"{rng.uniform(2.9, 3.2):.4f} ({3.0512:.4f})  weight_decay: 0.0500 (0.0500)  "
                         f"time: {rng.uniform(0.37, 0.39):.4f}  data: 0.0004  max mem: 19843")
        tn += 200 * 0.38 + rng.uniform(-1, 1)
    tn, step = 60.0, 1200
    while tn < t_end:
        step += 50
        s.joblog(tn, N2, "{'loss': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (rng.uniform(0.41, 0.47),
                                                                                   2e-5 * (1 - step / 9000), step / 600))
        tn += 50 * 1.92 + rng.uniform(-1, 1)

    def fn(n_, g, t_):
        if n_ in ("a100-03", "a100-04"):
            if t_ < t_limit:
                return busy40(rng, "a100_40", load=rng.uniform(0.9, 0.98))
            return idle40(rng, "a100_40", fb=0)
        if n_ in ("a100-05", "a100-06"):
            return busy40(rng, "a100_40", load=rng.uniform(0.88, 0.96))
        if n_ == "a100-08":
            return busy40(rng, "a100_40", load=0.8) if g == 0 else idle40(rng, "a100_40")
        return idle40(rng, "a100_40")
    sampler40(s, ["a100-03", "a100-04"], 8, 0.0, t_end, 300.0, fn)
    sampler40(s, ["a100-05", "a100-06", "a100-08"], 8, 0.0, t_end, 1200.0, fn)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=["a100-03", "a100-04", "a100-05", "a100-06", "a100-08"])
    return s


# ======================================================================================
# S5  tfmg-resnetrs-mwms-corrupt-tfrecord-same-step-after-resubmit  (software: TF Model Garden image classification
#     (ResNet-RS-101 on ImageNet TFRecords, orbit Controller, MultiWorkerMirroredStrategy, 2 nodes x 4 RTX A6000).
#     Run 1 (a6k-[02-03]) restores ckpt-41000 and dies at step ~41874: worker 1 on a6k-03 raises
#     `DataLossError: corrupted record at 775087002`; worker 0 then fails with the coordination service's
#     "task 1 heartbeat timeout" error that points at a6k-03, and a6k-03 was already named suspect two days earlier.
#     The owner resubmits excluding a6k-03; run 2 (a6k-[04-05]) restores the same ckpt-41000 (no newer checkpoint was
#     written), reads the same records in the same order and dies at the same step with the same offset, now on a6k-05.
#     A corrupt shard, not a node: restarting anywhere repeats it.)
# ======================================================================================
# Source (lines): https://github.com/tensorflow/tensorflow/issues/21772 -- "dataloss error tf.records at random
# times"; verbatim: `tensorflow.python.framework.errors_impl.DataLossError: corrupted record at 775087002`.
# Format of the orbit lines: the emitter's source, orbit/controller.py in https://github.com/tensorflow/models
# (`_log` prints "train | step: %6d | steps/sec: %6.1f | output: ..." and "restored model from ...").
# Truth: https://github.com/tensorflow/tensorflow/issues/13463 -- "DataLossError (see above for traceback): corrupted
# record at 12": several TFRecord files were corrupted; a validation script found them ("error in
# train_feat/391072.tfrecord at record 391064 ... corrupted record at 12") and after removing them training went
# well. (One comment there reports that dropping the page cache helped -- the node-looking explanation this scenario
# invites.) The data is at fault: no drain, no requeue; notify the owner.
REAL_S5_DLE = "tensorflow.python.framework.errors_impl.DataLossError: corrupted record at 775087002"


def tfmg_out(rng, step: int) -> list:
    """SYNTH: orbit `_format_output` of the image-classification task's train output (pprint, indented 4)."""
    acc = 0.7261 + (step - 41000) * 2e-6 + rng.uniform(-0.004, 0.004)
    return ["    {'accuracy': %.8f," % acc,
            "     'learning_rate': %.8f," % (0.8 * 0.5 * (1 + math.cos(math.pi * step / 437850))),
            "     'top_5_accuracy': %.8f," % (acc + 0.1738 + rng.uniform(-0.002, 0.002)),
            "     'training_loss': %.8f}" % (2.3127 - (step - 41000) * 4e-6 + rng.uniform(-0.01, 0.01))]


def build_s5() -> Scenario:
    name = "tfmg-resnetrs-mwms-corrupt-tfrecord-same-step-after-resubmit"
    J1, J2, N1 = "554410", "554437", "554398"
    start = "2023-02-14T09:00:00Z"
    s = Scenario(name, "TF Model Garden ResNet-RS-101 ImageNet training (orbit Controller, MultiWorkerMirroredStrategy, 2 "
                 "workers x 4 RTX A6000, TF 2.11). Run 1 on a6k-[02-03] restores ckpt-41000 and fails ~15 min later: "
                 "worker 1 on a6k-03 with a DataLossError, worker 0 with a heartbeat timeout naming task 1. The owner "
                 "resubmits with --exclude=a6k-03; run 2 on a6k-[04-05] restores ckpt-41000 and fails the same way. "
                 "Both runs opted in to requeues. a6k-03 was named suspect two days earlier. Another owner's job runs "
                 "on a6k-07.",
                 start,
                 {"name": "vcl", "partition": "a6000", "nodes": "a6k-[01-08]", "gpus_per_node": 4},
                 [{"id": J1, "name": "rsnet101-in1k", "user": "tkoh", "nodes": "a6k-[02-03]", "tasks_per_node": 1,
                   "started": "2023-02-14T09:03:12Z", "comment": comment(2, "/lustre/tkoh/tfmg/resnetrs101")},
                  {"id": J2, "name": "rsnet101-in1k", "user": "tkoh", "nodes": "a6k-[04-05]", "tasks_per_node": 1,
                   "started": "2023-02-14T09:44:08Z", "comment": comment(2, "/lustre/tkoh/tfmg/resnetrs101")},
                  {"id": N1, "name": "bevfusion-nusc", "user": "mdiaz", "nodes": "a6k-07", "tasks_per_node": 4,
                   "started": "2023-02-14T05:11:26Z"}],
                 history=[{"at": "2023-02-12T16:41:00Z", "node": "a6k-03", "verdict": "suspect", "category": "hang"}])
    rng = s.rng
    mdir = "/lustre/tkoh/tfmg/resnetrs101"
    sec = 1.052
    bad_step = 41874

    def run(J, hosts, t_start):
        """One run: both workers log (rank 0 = chief prints the orbit lines); returns (t_fail, t_end_job)."""
        chief, w1 = hosts
        t = t_start + 38.3137
        for k, l in enumerate([
                f"I0214 {s.at(t):%H:%M:%S}.{s.at(t).microsecond:06d} 140211835873088 train_utils.py:383] Final experiment "
                f"parameters: {{'runtime': {{'distribution_strategy': 'multi_worker_mirrored', 'num_gpus': 4, "
                f"'all_reduce_alg': 'nccl', 'mixed_precision_dtype': 'float16'}}, 'task': {{'model': "
                f"{{'backbone': {{'resnet': {{'model_id': 101, 'replace_stem_max_pool': True, 'resnetd_shortcut': True, "
                f"'se_ratio': 0.25, 'stem_type': 'v1', 'stochastic_depth_drop_rate': 0.1}}, 'type': 'resnet'}}, "
                f"'num_classes': 1001}}, 'train_data': {{'input_path': '/lustre/datasets/imagenet/tfrecord/train*', "
                f"'global_batch_size': 1024, 'is_training': True, 'shuffle_buffer_size': 10000, 'seed': 5117}}}}, "
                f"'trainer': {{'train_steps': 437850, 'steps_per_loop': 250, 'summary_interval': 250, "
                f"'checkpoint_interval': 1000, 'max_to_keep': 5}}}}",
                "restoring or initializing model...",
                f"restored model from {mdir}/ckpt-41000.",
                f"restored from checkpoint: {mdir}/ckpt-41000",
                "train | step:  41000 | training until step 437850..."]):
            s.joblog(t + 2.0 * k, J, l)  # SYNTH
        step, tt = 41000, t + 30.0
        while step + 250 <= bad_step:
            tt += 250 * sec * rng.uniform(0.995, 1.006) + (24.0 if step == 41000 else 0.0)
            step += 250
            s.joblog(tt, J, f"train | step: {step: 6d} | steps/sec: {1 / sec * rng.uniform(0.985, 1.01) if step > 41250 else 0.8: 6.1f} | output: ")  # SYNTH
            for k, l in enumerate(tfmg_out(rng, step)):
                s.joblog(tt + 0.0001 * (k + 1), J, l)  # SYNTH
        t_fail = tt + (bad_step - step) * sec + 0.4
        # worker 1 (on w1) hits the corrupt record inside the train loop
        tb = t_fail
        for k, l in enumerate([
                "Traceback (most recent call last):",
                '  File "/opt/tfmg/official/vision/train.py", line 83, in <module>',
                "    app.run(main)",
                '  File "/usr/local/lib/python3.9/dist-packages/absl/app.py", line 308, in run',
                "    _run_main(main, args)",
                '  File "/usr/local/lib/python3.9/dist-packages/absl/app.py", line 254, in _run_main',
                "    sys.exit(main(argv))",
                '  File "/opt/tfmg/official/vision/train.py", line 70, in main',
                "    train_lib.run_experiment(",
                '  File "/opt/tfmg/official/core/train_lib.py", line 360, in run_experiment',
                "    return runner.run()",
                '  File "/opt/tfmg/official/core/train_lib.py", line 290, in run',
                "    controller.train(steps=params.trainer.train_steps)",
                '  File "/opt/tfmg/orbit/controller.py", line 290, in train',
                "    self._train_n_steps(num_steps)",
                '  File "/opt/tfmg/orbit/controller.py", line 515, in _train_n_steps',
                "    train_output = self.trainer.train(num_steps_tensor)",
                '  File "/opt/tfmg/orbit/standard_runner.py", line 146, in train',
                "    self._train_loop_fn(self._train_iter, num_steps)",
                '  File "/usr/local/lib/python3.9/dist-packages/tensorflow/python/util/traceback_utils.py", line 153, in error_handler',
                "    raise e.with_traceback(filtered_tb) from None",
                '  File "/usr/local/lib/python3.9/dist-packages/tensorflow/python/eager/execute.py", line 52, in quick_execute',
                "    tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name,"]):
            s.joblog(tb + 0.0002 * k, J, l)  # SYNTH
        s.joblog(tb + 0.005, J, REAL_S5_DLE)  # REAL_S5_DLE
        s.joblog(tb + 0.0051, J, "\t [[{{node MultiDeviceIteratorGetNextFromShard}}]]")  # SYNTH
        s.joblog(tb + 0.0052, J, "\t [[RemoteCall]]")  # SYNTH
        s.joblog(tb + 0.0053, J, "\t [[while/body/_1/IteratorGetNext_1]] [Op:__inference_loop_fn_318342]")  # SYNTH
        s.joblog(tb + 2.3, J, f"srun: error: {w1}: task 1: Exited with exit code 1")  # SYNTH
        # worker 0 (chief) is blocked in the collective until the coordination service reports task 1 gone
        tc = t_fail + 31.6
        for k, l in enumerate([
                f"E0214 {s.at(tc):%H:%M:%S}.{s.at(tc).microsecond:06d}  308814 coordination_service_agent.cc:696] Coordination "
                f"agent is in ERROR: UNAVAILABLE: Task /job:worker/replica:0/task:1 heartbeat timeout. This indicates "
                f"that the remote task has failed, got preempted, or crashed unexpectedly. Check the task logs for an "
                f"earlier error to debug further.",
                "Traceback (most recent call last):",
                '  File "/opt/tfmg/orbit/standard_runner.py", line 146, in train',
                "    self._train_loop_fn(self._train_iter, num_steps)",
                "tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: Task "
                "/job:worker/replica:0/task:1 heartbeat timeout. This indicates that the remote task has failed, got "
                "preempted, or crashed unexpectedly. Check the task logs for an earlier error to debug further.",
                "The error could be from a previous operation. Restart your program to reset.",
                "\t [[{{node CollectiveReduceV2_42}}]] [Op:__inference_loop_fn_318342]"]):
            s.joblog(tc + 0.0003 * k, J, l)  # SYNTH
        s.joblog(tc + 1.8, J, f"srun: error: {chief}: task 0: Exited with exit code 1")  # SYNTH
        job_end(s, tc + 2.4, J, "FAILED", "1:0")
        return t_fail, tc + 2.4
    t1s = (dt.datetime(2023, 2, 14, 9, 3, 12) - s.start).total_seconds()
    s.job_state(t1s, J1, "RUNNING", "0:0", nodes="a6k-[02-03]")
    t_fail1, t_end1 = run(J1, ("a6k-02", "a6k-03"), t1s)
    t2s = (dt.datetime(2023, 2, 14, 9, 44, 8) - s.start).total_seconds()
    s.job_state(t2s - 40.0, J2, "PENDING", "0:0", reason="Priority")
    s.job_state(t2s, J2, "RUNNING", "0:0", nodes="a6k-[04-05]")
    t_fail2, t_end2 = run(J2, ("a6k-04", "a6k-05"), t2s)
    t_end = t_end2 + 900.0
    # kernel noise (SYNTH); a6k-03's lustre client line is routine
    kj(s, 410.0, "a6k-03", "Lustre: 6412:0:(client.c:2282:ptlrpc_expire_one_request()) @@@ Request sent has timed out "
                           "for slow reply: [sent 1676365578/real 1676365578]  req@ffff9a3c1e7d0000 x1757618203313536/t0(0) "
                           "o400->lfs02-OST0004-osc-ffff9a3b4e0a8800@10.31.0.14@o2ib:28/4 lens 224/224 e 0 to 1 dl 1676365585 "
                           "ref 1 fl Rpc:XNQr/0/ffffffff rc 0/-1 job:''")
    kj(s, 411.0, "a6k-03", "Lustre: lfs02-OST0004-osc-ffff9a3b4e0a8800: Connection restored to 10.31.0.14@o2ib (at 10.31.0.14@o2ib)")
    kj(s, 2950.0, "a6k-07", "perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500")
    # neighbour (SYNTH): BEVFusion (mmdet-style lines)
    tn, it, ep = 45.0, 1200, 14
    while tn < t_end:
        it += 50
        if it > 3862:
            ep, it = ep + 1, 50
        d = s.at(tn)
        s.joblog(tn, N1, f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - mmdet - INFO - Epoch [{ep}][{it}/3862]\t"
                         f"lr: 1.{rng.randint(100, 400)}e-04, eta: 1 day, {rng.randint(1, 9)}:{rng.randint(10, 59)}:"
                         f"{rng.randint(10, 59)}, time: {rng.uniform(1.31, 1.42):.3f}, data_time: {rng.uniform(0.04, 0.07):.3f}, "
                         f"memory: 21044, loss/object/loss_heatmap: {rng.uniform(0.6, 0.75):.4f}, "
                         f"loss/object/layer_-1_loss_cls: {rng.uniform(0.06, 0.09):.4f}, "
                         f"loss/object/layer_-1_loss_bbox: {rng.uniform(0.25, 0.33):.4f}, loss: {rng.uniform(1.0, 1.2):.4f}, "
                         f"grad_norm: {rng.uniform(2.1, 3.4):.4f}")
        tn += 50 * 1.36 + rng.uniform(-1, 1)

    def fn(n_, g, t_):
        runs = (("a6k-02", "a6k-03", t1s + 70, t_end1), ("a6k-04", "a6k-05", t2s + 70, t_end2))
        for a, b, t0, t1 in runs:
            if n_ in (a, b):
                if t0 <= t_ < t1 - 30:
                    return busy40(rng, "a6000", load=rng.uniform(0.9, 0.98))
                if t0 - 60 <= t_ < t1:
                    return g38(rng.choice([0, 3, 11]), rng.uniform(70, 95), 1800, fb=40200 + rng.randint(-900, 900),
                               temp=rng.randint(48, 60))
                return idle40(rng, "a6000")
        if n_ == "a6k-07":
            return busy40(rng, "a6000", load=rng.uniform(0.82, 0.95))
        return idle40(rng, "a6000")
    sampler40(s, ["a6k-02", "a6k-03", "a6k-04", "a6k-05"], 4, 0.0, t_end, 120.0, fn, keys=KEYS42)
    sampler40(s, ["a6k-07"], 4, 0.0, t_end, 600.0, fn)
    s.truth = truth({"t": t_fail1, "category": "software", "node": None},
                    no_requeue=[J1, J2, N1], no_drain=["a6k-02", "a6k-03", "a6k-04", "a6k-05", "a6k-07"])
    return s


# ======================================================================================
# S6  citc-oci-resolvconf-dns-outage-three-owners-three-errors  (infrastructure: a Cluster-in-the-Cloud Slurm cluster
#     on Oracle Cloud (controller "mgmt", BM.GPU3.8 nodes with 8 V100 each). At a DHCP lease renewal the site's
#     dhclient exit hook rewrites /etc/resolv.conf on every node and name resolution breaks cluster-wide for ~25 min.
#     Three owners' jobs on disjoint nodes fail with three different errors: a per-round `srun` cannot resolve "mgmt"
#     (job 90), a fine-tune's evaluation phase cannot download its vocabulary (socket.gaierror, job 91), and a 2-node
#     Horovod job starting in the window cannot ssh to its second host (mpirun/ORTE, job 93). A job that needs no
#     name lookup runs on. No node is at fault.)
# ======================================================================================
# Source (lines + truth): https://github.com/clusterinthecloud/terraform/issues/23 -- "srun: error: Unable to resolve
# "mgmt": Unknown host"; verbatim: the five lines below (job 90). Root cause given there by the maintainer: the Oracle
# Linux DHCP exit hook /etc/dhcp/exit-hooks.d/dhclient-exit-hook-set-hostname.sh appends a new search line to
# /etc/resolv.conf at every lease renewal until resolution breaks -- a shared-service (DNS) fault on all nodes.
# Source (line): https://github.com/cloneofsimo/lora/issues/200 -- fine-tuning that "stops during the training phase
# ... whenever the code trying to get the pre-trained model from Huggingface"; verbatim:
# `socket.gaierror: [Errno -3] Temporary failure in name resolution`.
REAL_S6_SRUN = [
    'srun: error: Unable to resolve "mgmt": Unknown host',
    "srun: error: Unable to establish control machine address",
    "srun: error: Unable to confirm allocation for job 90: No error",
    "srun: Check SLURM_JOB_ID environment variable. Expired or invalid job 90",
    'slurmstepd: error: Unable to resolve "mgmt": Unknown host',
]
REAL_S6_GAI = "socket.gaierror: [Errno -3] Temporary failure in name resolution"


def build_s6() -> Scenario:
    name = "citc-oci-resolvconf-dns-outage-three-owners-three-errors"
    JA, JB, JC, JD = "90", "91", "93", "88"
    start = "2019-04-30T13:00:00Z"
    vm = [f"bm-gpu3-8-ad1-{k:04d}" for k in range(1, 7)]
    bm = "bm-gpu3-8-ad1-0007"
    s = Scenario(name, "Cluster in the Cloud on OCI (Slurm 18.08, controller 'mgmt'; seven BM.GPU3.8 nodes with eight "
                 "V100-SXM2-16GB each). Within ~3 min three jobs of three owners on disjoint nodes fail with different "
                 "errors: a per-round srun step (job 90), a vocabulary download in an evaluation phase (job 91), the "
                 "mpirun launch of a 2-node Horovod job that is just starting (job 93). Job 88 runs on. Jobs 90 and 91 "
                 "opted in to requeues.",
                 start,
                 {"name": "citc", "partition": "compute", "nodes": "bm-gpu3-8-ad1-[0001-0007]",
                  "gpus_per_node": 8},
                 [{"id": JA, "name": "fedavg-cifar10-resnet56", "user": "hzhang", "nodes": "bm-gpu3-8-ad1-[0001-0002]",
                   "tasks_per_node": 1, "started": "2019-04-30T11:48:02Z", "comment": comment(1)},
                  {"id": JB, "name": "bert-large-squad2-ft", "user": "rpatel", "nodes": bm, "tasks_per_node": 8,
                   "started": "2019-04-30T12:20:47Z", "comment": comment(2, "/home/rpatel/runs/squad2")},
                  {"id": JC, "name": "mixup-wrn28-ddp", "user": "kimura", "nodes": "bm-gpu3-8-ad1-[0004-0005]",
                   "tasks_per_node": 1, "started": "2019-04-30T13:31:40Z"},
                  {"id": JD, "name": "stylegan-ffhq-256", "user": "lmorel", "nodes": "bm-gpu3-8-ad1-0003",
                   "tasks_per_node": 1, "started": "2019-04-30T08:05:19Z"}])
    rng = s.rng
    t_out = 1712.0                  # resolv.conf rewritten by the lease renewal on all nodes
    t_fix = t_out + 1530.0          # admins restore it
    # job 90: FedAvg simulation, one srun step per communication round (~6.5 min each)
    tt, rnd = 95.0, 113
    while tt < t_out:
        d = s.at(tt)
        s.joblog(tt, JA, f"INFO:root:################Communication round : {rnd}")  # SYNTH
        for c in range(2):
            s.joblog(tt + 180 + 7 * c, JA, f"INFO:root:client {c}: train_loss = {rng.uniform(0.31, 0.42):.4f}, "
                                           f"local_epochs = 5, time = {rng.uniform(176, 183):.1f}s")  # SYNTH
        s.joblog(tt + 385, JA, f"INFO:root:round {rnd}: test_acc = {0.8612 + rnd * 0.0004 + rng.uniform(-0.003, 0.003):.4f}, "
                               f"test_loss = {rng.uniform(0.43, 0.47):.4f}")  # SYNTH
        rnd += 1
        tt += 392.0 + rng.uniform(-2, 2)
    t_a = tt                        # the next round's srun lookup fails
    s.joblog(t_a, JA, f"INFO:root:################Communication round : {rnd}")  # SYNTH
    for k, l in enumerate(REAL_S6_SRUN[:4]):
        s.joblog(t_a + 20.01 + 0.001 * k, JA, l)  # REAL_S6_SRUN
    s.joblog(t_a + 20.2, JA, f"run_fedavg.sh: line 41: round {rnd} failed (srun exit 1), aborting")  # SYNTH
    s.joblog(t_a + 20.4, JA, REAL_S6_SRUN[4])  # REAL_S6_SRUN
    job_end(s, t_a + 21.0, JA, "FAILED", "1:0")
    # job 91: BERT-large SQuAD 2.0 fine-tune (pytorch-pretrained-BERT era); evaluation fetches the tokenizer/model
    tt, step = 20.0, 2600
    t_b = t_out + 318.0
    while tt < t_b - 30:
        step += 50
        d = s.at(tt)
        s.joblog(tt, JB, f"{d:%m/%d/%Y %H:%M:%S} - INFO - __main__ -   Step {step}/16596, loss = {rng.uniform(0.9, 1.4):.4f}, "
                         f"lr = {3e-5 * (1 - step / 16596):.3e}")  # SYNTH
        tt += 50 * 1.31 + rng.uniform(-1, 1)
    d = s.at(t_b - 2)
    s.joblog(t_b - 2.0, JB, f"{d:%m/%d/%Y %H:%M:%S} - INFO - __main__ -   ***** Running evaluation at step 4000 *****")  # SYNTH
    py = "/home/rpatel/miniconda3/envs/squad/lib/python3.6"
    tb = t_b
    for k, l in enumerate([
            "Traceback (most recent call last):",
            f'  File "{py}/site-packages/urllib3/connection.py", line 159, in _new_conn',
            "    (self._dns_host, self.port), self.timeout, **extra_kw)",
            f'  File "{py}/site-packages/urllib3/util/connection.py", line 57, in create_connection',
            "    for res in socket.getaddrinfo(host, port, family, socket.SOCK_STREAM):",
            f'  File "{py}/socket.py", line 745, in getaddrinfo',
            "    for res in _socket.getaddrinfo(host, port, family, type, proto, flags):"]):
        s.joblog(tb + 0.0002 * k, JB, l)  # SYNTH
    s.joblog(tb + 0.002, JB, REAL_S6_GAI)  # REAL_S6_GAI
    for k, l in enumerate([
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            "Traceback (most recent call last):",
            '  File "run_squad.py", line 1096, in <module>',
            "    main()",
            '  File "run_squad.py", line 1041, in main',
            "    tokenizer = BertTokenizer.from_pretrained(args.bert_model, do_lower_case=args.do_lower_case)",
            f'  File "{py}/site-packages/requests/adapters.py", line 516, in send',
            "    raise ConnectionError(e, request=request)",
            "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='s3.amazonaws.com', port=443): Max retries "
            "exceeded with url: /models.huggingface.co/bert/bert-large-uncased-vocab.txt (Caused by "
            "NewConnectionError('<urllib3.connection.VerifiedHTTPSConnection object at 0x7f1d6c2c1e10>: Failed to "
            "establish a new connection: [Errno -3] Temporary failure in name resolution',))"]):
        s.joblog(tb + 0.003 + 0.0002 * k, JB, l)  # SYNTH
    s.joblog(tb + 3.1, JB, f"srun: error: {bm}: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(tb + 3.3, JB, "srun: Terminating job step 91.0")  # SYNTH
    job_end(s, tb + 4.0, JB, "FAILED", "1:0")
    # job 93: Horovod (TF 1.13) via mpirun -H; starts inside the outage, ssh to the second host cannot resolve it
    t_c = (dt.datetime(2019, 4, 30, 13, 31, 40) - s.start).total_seconds()
    s.job_state(t_c - 60.0, JC, "PENDING", "0:0", reason="Resources")
    s.job_state(t_c, JC, "RUNNING", "0:0", nodes="bm-gpu3-8-ad1-[0004-0005]")
    t_ce = t_c + 4.6
    s.joblog(t_ce, JC, "ssh: Could not resolve hostname bm-gpu3-8-ad1-0005: Temporary failure in name resolution")  # SYNTH
    for k, l in enumerate([
            "--------------------------------------------------------------------------",
            "ORTE was unable to reliably start one or more daemons.",
            "This usually is caused by:",
            "",
            "* not finding the required libraries and/or binaries on",
            "  one or more nodes. Please check your PATH and LD_LIBRARY_PATH",
            "  settings, or configure OMPI with --enable-orterun-prefix-by-default",
            "",
            "* lack of authority to execute on one or more specified nodes.",
            "  Please verify your allocation and authorities.",
            "",
            "* the inability to write startup files into /tmp (--tmpdir/orte_tmpdir_base).",
            "  Please check with your sys admin to determine the correct location to use.",
            "",
            "*  compilation of the orted with dynamic libraries when static are required",
            "  (e.g., on Cray). Please check your configure cmd line and consider using",
            "  one of the contrib/platform definitions for your system type.",
            "",
            "* an inability to create a connection back to mpirun due to a",
            "  lack of common network interfaces and/or no route found between",
            "  them. Please check network connectivity (including firewalls",
            "  and network routing requirements).",
            "--------------------------------------------------------------------------"]):
        s.joblog(t_ce + 0.05 + 0.0002 * k, JC, l)  # SYNTH
    job_end(s, t_ce + 1.1, JC, "FAILED", "1:0")
    t_end = t_fix + 900.0
    # job 88: StyleGAN (tick lines), needs no name lookup, runs on (SYNTH)
    tn, tick, kimg = 140.0, 1402, 5608.0
    while tn < t_end:
        tick += 1
        kimg += 4.0
        s.joblog(tn, JD, f"tick {tick:<5d} kimg {kimg:<8.1f} lod 0.00  minibatch 32   time 1d 05h 12m   sec/tick "
                         f"{rng.uniform(268, 274):<7.1f} sec/kimg {rng.uniform(67, 68.5):<7.2f} maintenance "
                         f"{rng.uniform(0.0, 0.1):<6.1f} gpumem 7.1")
        tn += 271.0 + rng.uniform(-2, 2)
    # node journals: dhclient renewals; nothing from the kernel (SYNTH)
    for k, h in enumerate(vm + [bm]):
        td = t_out + 0.8 * k + rng.uniform(0, 0.4)
        sj(s, td, h, f"dhclient[{1830 + 41 * k}]", "DHCPREQUEST on ens3 to 169.254.169.254 port 67 (xid=0x5b1f3c22)")
        sj(s, td + 0.01, h, f"dhclient[{1830 + 41 * k}]", "DHCPACK from 169.254.169.254 (xid=0x5b1f3c22)")
        sj(s, td + 0.2, h, f"dhclient[{1830 + 41 * k}]", "bound to 10.1.0.%d -- renewal in 42637 seconds." % (11 + k))
    kj(s, 2890.0, "bm-gpu3-8-ad1-0006", "nvidia-uvm: Loaded the UVM driver in 8 mode, major device number 240")

    def fn(n_, g, t_):
        busy = {"bm-gpu3-8-ad1-0001": (0, t_a + 21), "bm-gpu3-8-ad1-0002": (0, t_a + 21),
                "bm-gpu3-8-ad1-0003": (0, 1e9), bm: (0, tb + 4)}
        a, b = busy.get(n_, (1e9, 0))
        if a <= t_ < b and (g == 0 or n_ == bm):
            return busy40(rng, "v100_16", load=rng.uniform(0.85, 0.97))
        return idle40(rng, "v100_16")
    sampler40(s, vm + [bm], 8, 0.0, t_end, 600.0, fn, keys=KEYS42)
    s.truth = truth({"t": min(t_a + 20.01, t_b, t_ce), "category": "infrastructure", "node": None},
                    no_requeue=[JA, JB, JC, JD], no_drain=vm + [bm])
    return s


# ======================================================================================
# S7  stout-titanv-vanishes-ipmi-sel-only-then-rminitadapter-days-later  (gpu_hardware: a small lab cluster (nodes
#     named after beers). A MACE interatomic-potential training on GPU 0 (Titan V, 0000:81:00) of stout dies at
#     15:27 CDT with a CUDA "unknown error"; the kernel logs nothing -- no Xid. The only record of the moment is the
#     BMC's SEL entry `Critical Interrupt | Bus Correctable error () | Asserted`, which the site's IPMI-log monitor
#     puts into stout's journal at its next run. The GPU stays gone: Slurm keeps scheduling work on it, and each later
#     job on GPU 0 fails at CUDA init while the driver logs `RmInitAdapter failed! (0x25:0x40:1470)` (Apr 13, and Apr
#     14 12:48 CDT). DCGM stops reporting GPU 0. Only a reboot brings it back.)
# ======================================================================================
# Source (lines + truth): https://github.com/illinois-scicomp/machine-shop-maintenance/issues/76 -- "Nvidia Titan V
# in stout keeps disappearing": "Only reboots help. Possibly related, from IPMI:" followed by the SEL line below, and
# "From dmesg:" the two RmInitAdapter/rm_init_adapter lines below (verbatim, stamps included; the host keeps local
# time, CDT). "Reloading the driver doesn't help." Closed in favour of
# https://github.com/illinois-scicomp/machine-shop-maintenance/issues/82 ("Stout is dead"). A GPU that keeps
# disappearing and comes back only after a reboot is a hardware fault (GPU-lost class): drain stout, requeue the
# opted-in job without it.
# Format of the monitor lines: the emitter's source, monitor-ipmi-log in
# https://github.com/illinois-scicomp/machine-shop-maintenance (`ipmitool sel elist last 15`, "Changes were found in
# the IPMI event log", a `diff -u` of the old and new list). The MACE lines follow mace/tools/train.py in
# https://github.com/ACEsuit/mace (`Epoch {epoch}: loss=..., RMSE_E_per_atom=... meV, RMSE_F=... meV / A`).
REAL_S7_SEL = "  6a | 04/12/2024 | 03:27:29 PM CDT | Critical Interrupt | Bus Correctable error () | Asserted"
REAL_S7_RM = [
    "[Sun Apr 14 12:48:42 2024] NVRM: GPU 0000:81:00.0: RmInitAdapter failed! (0x25:0x40:1470)",
    "[Sun Apr 14 12:48:42 2024] NVRM: GPU 0000:81:00.0: rm_init_adapter failed, device minor number 0",
]


def build_s7() -> Scenario:
    name = "stout-titanv-vanishes-ipmi-sel-only-then-rminitadapter-days-later"
    J, J2, J3, N1, N2 = "20417", "20452", "20488", "20409", "20431"
    start = "2024-04-12T19:00:00Z"
    node = "stout"
    cdt = dt.timedelta(hours=-5)
    s = Scenario(name, "Small lab cluster (porter, stout, bock, koelsch, lager; two GPUs per node). A MACE training on "
                 "stout's GPU 0 (Titan V) fails with a CUDA error on Apr 12; the next two jobs placed on stout's GPU 0 "
                 "(Apr 13 and Apr 14) fail at start-up. Node logs are in local time (CDT). The MACE job opted in to "
                 "requeues; the two short jobs did not. Other owners' jobs run on porter and bock.",
                 start,
                 {"name": "shop", "partition": "gpu", "nodes": "porter,stout,bock,koelsch,lager", "gpus_per_node": 2,
                  "pci_bus_ids": ["0000:81:00", "0000:c1:00"]},
                 [{"id": J, "name": "mace-mptrj-small", "user": "nkoskelo", "nodes": node, "tasks_per_node": 1,
                   "started": "2024-04-12T17:42:05Z", "comment": comment(2, "/shared/nk/mace/checkpoints")},
                  {"id": J2, "name": "loopy-autotune", "user": "aalvey", "nodes": node, "tasks_per_node": 1,
                   "started": "2024-04-13T14:06:31Z"},
                  {"id": J3, "name": "pytato-dg-bench", "user": "aalvey", "nodes": node, "tasks_per_node": 1,
                   "started": "2024-04-14T17:48:39Z"},
                  {"id": N1, "name": "fno-ns2d", "user": "jbell", "nodes": "porter", "tasks_per_node": 2,
                   "started": "2024-04-12T12:30:11Z"},
                  {"id": N2, "name": "sph-surrogate", "user": "mrojas", "nodes": "bock", "tasks_per_node": 1,
                   "started": "2024-04-12T18:10:44Z"}])
    rng = s.rng

    def local(t):
        return s.at(t) + cdt

    def dm(t, msg):        # dmesg -T style kernel line in local time
        s.kernel(t, node, f"{dmesg_t(local(t))} {msg}")
    t_sel = (dt.datetime(2024, 4, 12, 20, 27, 29) - s.start).total_seconds()     # 03:27:29 PM CDT
    t_fail = t_sel + 1.7
    # MACE training (eval every 2 epochs, ~96 s per epoch); logging.Formatter "%(asctime)s.%(msecs)03d %(levelname)s:"
    tt, ep = 40.0, 61
    while tt < t_fail - 30:
        ep += 2
        d = local(tt)
        s.joblog(tt, J, f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond // 1000:03d} INFO: Epoch {ep}: loss={rng.uniform(0.021, 0.026):.4f}, "
                        f"RMSE_E_per_atom={rng.uniform(21.5, 24.0):.1f} meV, RMSE_F={rng.uniform(71.0, 76.5):.1f} meV / A")  # SYNTH
        tt += 2 * 96.0 + 9.0 + rng.uniform(-2, 2)
    py = "/shared/nk/venvs/mace/lib/python3.11/site-packages"
    for k, l in enumerate([
            "Traceback (most recent call last):",
            '  File "/shared/nk/venvs/mace/bin/mace_run_train", line 8, in <module>',
            "    sys.exit(main())",
            f'  File "{py}/mace/cli/run_train.py", line 51, in main',
            "    run(args)",
            f'  File "{py}/mace/cli/run_train.py", line 692, in run',
            "    tools.train(",
            f'  File "{py}/mace/tools/train.py", line 110, in train',
            "    train_one_epoch(",
            f'  File "{py}/mace/tools/train.py", line 253, in train_one_epoch',
            "    _, opt_metrics = take_step(",
            f'  File "{py}/mace/tools/train.py", line 281, in take_step',
            "    batch = batch.to(device)",
            f'  File "{py}/mace/tools/torch_geometric/data.py", line 291, in to',
            "    return self.apply(lambda x: x.to(device, **kwargs), *keys)",
            "RuntimeError: CUDA error: unknown error",
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ""]):
        s.joblog(t_fail + 0.0003 * k, J, l)  # SYNTH
    s.joblog(t_fail + 1.9, J, f"srun: error: {node}: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_fail + 2.5, J, "FAILED", "1:0")
    # the site's IPMI-log monitor (cron, every 15 min) writes its report into the journal
    t_mon = (dt.datetime(2024, 4, 12, 20, 30, 1) - s.start).total_seconds()
    ident = "monitor-ipmi-log[418806]"
    sel_prev = ["  67 | 03/29/2024 | 10:02:51 AM CDT | Power Supply #0x51 | Presence detected | Asserted",
                "  68 | 03/29/2024 | 10:02:52 AM CDT | Power Supply #0x52 | Presence detected | Asserted",
                "  69 | 04/02/2024 | 08:14:33 PM CDT | System Event #0x83 | Timestamp Clock Sync | Asserted"]
    mon = ["-------------------------------------------------------------------",
           "Changes were found in the IPMI event log",
           "CHANGES: ----------------------------------------------------------",
           "--- /var/cache/sciomp-ipmi-log-monitor/old.txt",
           "+++ /var/cache/sciomp-ipmi-log-monitor/new.txt",
           "@@ -13,3 +13,4 @@"] + [" " + l for l in sel_prev] + ["+" + REAL_S7_SEL,
           "ENTIRE LOG: -------------------------------------------------------"] + sel_prev + [REAL_S7_SEL,
           "-------------------------------------------------------------------"]
    for k, l in enumerate(mon):
        s.kernel(t_mon + 0.001 * k, node, f"{local(t_mon):%b %d %H:%M:%S} {node} {ident}: {l}")  # SYNTH (SEL entry: REAL_S7_SEL)
    # day 2: a short job lands on GPU 0 and fails at CUDA init; the driver cannot bring the GPU up
    t2 = (dt.datetime(2024, 4, 13, 14, 6, 31) - s.start).total_seconds()
    s.job_state(t2, J2, "RUNNING", "0:0", nodes=node)
    s.joblog(t2 + 3.2, J2, "Traceback (most recent call last):")  # SYNTH
    s.joblog(t2 + 3.2005, J2, '  File "/shared/aa/loopy-bench/tune.py", line 22, in <module>')  # SYNTH
    s.joblog(t2 + 3.201, J2, "    ctx = cl.create_some_context(interactive=False)")  # SYNTH
    s.joblog(t2 + 3.2015, J2, "pyopencl._cl.LogicError: clGetPlatformIDs failed: PLATFORM_NOT_FOUND_KHR")  # SYNTH
    dm(t2 + 2.9, "NVRM: GPU 0000:81:00.0: RmInitAdapter failed! (0x25:0x40:1470)")  # SYNTH (same format, earlier time)
    dm(t2 + 2.9, "NVRM: GPU 0000:81:00.0: rm_init_adapter failed, device minor number 0")  # SYNTH
    dm(t2 + 3.0, "NVRM: GPU 0000:81:00.0: RmInitAdapter failed! (0x25:0x40:1470)")  # SYNTH
    dm(t2 + 3.0, "NVRM: GPU 0000:81:00.0: rm_init_adapter failed, device minor number 0")  # SYNTH
    s.joblog(t2 + 4.0, J2, f"srun: error: {node}: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t2 + 4.6, J2, "FAILED", "1:0")
    # day 3: the same at 12:48 CDT (the real dmesg lines)
    t3 = (dt.datetime(2024, 4, 14, 17, 48, 39) - s.start).total_seconds()
    s.job_state(t3, J3, "RUNNING", "0:0", nodes=node)
    t_rm = (dt.datetime(2024, 4, 14, 17, 48, 42, 300000) - s.start).total_seconds()
    for k, l in enumerate(REAL_S7_RM):
        s.kernel(t_rm + 0.001 * k, node, l)  # REAL_S7_RM
    s.kernel(t_rm + 0.41, node, f"{dmesg_t(local(t_rm + 0.41))} NVRM: GPU 0000:81:00.0: RmInitAdapter failed! (0x25:0x40:1470)")  # SYNTH
    s.kernel(t_rm + 0.411, node, f"{dmesg_t(local(t_rm + 0.41))} NVRM: GPU 0000:81:00.0: rm_init_adapter failed, device minor number 0")  # SYNTH
    s.joblog(t_rm + 0.6, J3, "Traceback (most recent call last):")  # SYNTH
    s.joblog(t_rm + 0.6005, J3, '  File "/shared/aa/pytato-dg/run.py", line 9, in <module>')  # SYNTH
    s.joblog(t_rm + 0.601, J3, "    import pycuda.autoinit")  # SYNTH
    s.joblog(t_rm + 0.6015, J3, '  File "/shared/aa/venv/lib/python3.11/site-packages/pycuda/autoinit.py", line 5, in <module>')  # SYNTH
    s.joblog(t_rm + 0.602, J3, "    cuda.init()")  # SYNTH
    s.joblog(t_rm + 0.6025, J3, "pycuda._driver.RuntimeError: cuInit failed: unknown error")  # SYNTH
    s.joblog(t_rm + 1.4, J3, f"srun: error: {node}: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_rm + 2.0, J3, "FAILED", "1:0")
    t_end = t_rm + 1800.0
    # kernel noise (SYNTH)
    for tn, h, msg in ((3100.0, "porter", "perf: interrupt took too long (2520 > 2500), lowering kernel.perf_event_max_sample_rate to 79250"),
                       (60500.0, "bock", "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null)"),
                       (95000.0, node, "nfs: server lager not responding, still trying"),
                       (95003.0, node, "nfs: server lager OK")):
        s.kernel(tn, h, f"{dmesg_t(s.at(tn) + cdt)} {msg}")
    # neighbours (SYNTH): an FNO training (plain prints), an SPH surrogate (Lightning-free loop)
    tn, ep = 300.0, 412
    while tn < t_end:
        ep += 20
        s.joblog(tn, N1, f"{ep} {rng.uniform(57.5, 59.0):.2f} {rng.uniform(0.0119, 0.0126):.6f} "
                         f"{rng.uniform(0.0158, 0.0167):.6f} {rng.uniform(0.0161, 0.0171):.6f}")
        tn += rng.uniform(57.5, 59.0) * 20
    tn, it = 900.0, 22000
    while tn < t_end:
        it += 1000
        s.joblog(tn, N2, f"iter {it:7d} | train_mse {rng.uniform(2.1e-4, 2.6e-4):.3e} | val_mse "
                         f"{rng.uniform(2.9e-4, 3.3e-4):.3e} | {rng.uniform(0.41, 0.44):.3f}s/it")
        tn += 1000 * 0.425 * 4
    N2_end = 38000.0
    job_end(s, N2_end, N2, "COMPLETED", "0:0")

    def fn(n_, g, t_):
        if n_ == node:
            if g == 0:
                if t_ > t_fail:
                    return None                         # DCGM cannot reach GPU 0 any more
                return busy40(rng, "titanv", load=rng.uniform(0.8, 0.93))
            return idle40(rng, "titanv", clk=135)
        if n_ == "porter":
            return busy40(rng, "titanv", load=rng.uniform(0.85, 0.95))
        if n_ == "bock":
            if g == 0 and t_ < N2_end:
                return busy40(rng, "titanv", load=rng.uniform(0.7, 0.8))
            return idle40(rng, "titanv", clk=135)
        return idle40(rng, "titanv", clk=135)
    sampler40(s, [node], 2, 0.0, t_end, 600.0, fn, keys=KEYS42)
    sampler40(s, ["porter", "bock", "koelsch", "lager"], 2, 0.0, t_end, 3600.0, fn)
    s.truth = truth({"t": t_sel, "category": "gpu_hardware", "node": node, "gpu": 0},
                    drain=[node], requeue={J: {"exclude": [node]}},
                    no_requeue=[J2, J3, N1, N2], no_drain=["porter", "bock", "koelsch", "lager"])
    return s


# ======================================================================================
# S8  healthy-megatron-llm-llama2-13b-checkpoint-save-21min-silent  (healthy: epfLLM Megatron-LLM continued
#     pretraining of Llama-2-13B on 4 nodes x 8 A100-SXM4-80GB, ~150 s per iteration, global batch 1024. At iteration
#     250 the checkpoint (weights + distributed optimizer state, ~210 GB) is written to the group's NFS share: rank 0
#     prints "saving checkpoint at iteration 250" and then nothing for ~21 minutes while all 32 GPUs sit idle with
#     their memory held; the job had raised its process-group timeout to 120 min for exactly this. Then
#     "successfully saved", the save-checkpoint timer line, and iterations continue at the old rate.)
# ======================================================================================
# Source (lines): https://github.com/epfLLM/Megatron-LLM/issues/11 -- Megatron-LLM training log (global batch size
# 1024, ~150 s per iteration, iterations 221-225); verbatim: the four complete iteration lines below.
# Format of the checkpoint lines: the emitter's source, megatron/checkpointing.py ("saving checkpoint at iteration
# {:7d} to {}", "  successfully saved checkpoint at iteration {:7d} to {}") and megatron/timers.py ("(min, max) time
# across ranks (ms):" + "    {name padded with dots to 48}: ({min:.2f}, {max:.2f})") in
# https://github.com/epfLLM/Megatron-LLM.
# Truth: https://github.com/epfLLM/Megatron-LLM/issues/69 -- "It took 5 minutes for the first save steps, and 15
# minutes for the second save. Therefore, I have currently set torch.distributed.init_process_group(timeout=
# timedelta(minutes=120))"; maintainer: "saving large files unavoidably takes time -- it takes us about 10 minutes
# plus or minus a bit to write a 70b checkpoint ... What you see is in the same ballpark as what we see." A long,
# silent save is normal: nothing to do.
REAL_S8_IT = [
    " iteration      221/  250000 | consumed samples:       226304 | elapsed time per iteration (ms): 150312.9 | learning rate: 1.657E-05 | global batch size:  1024 | lm loss: 2.357896E+00 | loss scale: 1.0 | grad norm: 0.371 | number of skipped iterations:   0 | number of nan iterations:   0 |",
    " iteration      222/  250000 | consumed samples:       227328 | elapsed time per iteration (ms): 151565.3 | learning rate: 1.665E-05 | global batch size:  1024 | lm loss: 2.456588E+00 | loss scale: 1.0 | grad norm: 0.563 | number of skipped iterations:   0 | number of nan iterations:   0 |",
    " iteration      223/  250000 | consumed samples:       228352 | elapsed time per iteration (ms): 152047.4 | learning rate: 1.672E-05 | global batch size:  1024 | lm loss: 2.394575E+00 | loss scale: 1.0 | grad norm: 0.710 | number of skipped iterations:   0 | number of nan iterations:   0 |",
    " iteration      224/  250000 | consumed samples:       229376 | elapsed time per iteration (ms): 150526.9 | learning rate: 1.680E-05 | global batch size:  1024 | lm loss: 2.401000E+00 | loss scale: 1.0 | grad norm: 0.608 | number of skipped iterations:   0 | number of nan iterations:   0 |",
]


def mllm_iter(it: int, ms: float, loss: float, gn: float) -> str:
    """SYNTH: Megatron-LLM training_log line (this version: no tokens/sec field)."""
    lr = 3e-4 * it / 4000
    return (f" iteration {it:8d}/{250000:8d} | consumed samples: {it * 1024:12d} | elapsed time per iteration (ms): "
            f"{ms:.1f} | learning rate: {lr:.3E} | global batch size: {1024:5d} | lm loss: {loss:.6E} | loss scale: 1.0 | "
            f"grad norm: {gn:.3f} | number of skipped iterations: {0:3d} | number of nan iterations: {0:3d} |")


def build_s8() -> Scenario:
    name = "healthy-megatron-llm-llama2-13b-checkpoint-save-21min-silent"
    J, N1, N2 = "1184406", "1184377", "1184452"
    start = "2023-09-22T06:00:00Z"
    nodes = [f"hgx-{k:02d}" for k in range(1, 11)]
    s = Scenario(name, "Megatron-LLM (epfLLM) continued pretraining of Llama-2-13B, 4 nodes x 8 A100-SXM4-80GB on "
                 "hgx-[03-06], one iteration line every ~150 s. After iteration 250 rank 0 announces a checkpoint save "
                 "to NFS and prints nothing for ~21 minutes; the GPUs are idle with memory held. Then iterations "
                 "resume at the same rate. The job opted in to requeues. Two other owners' jobs run on other nodes.",
                 start,
                 {"name": "mlo", "partition": "a100", "nodes": "hgx-[01-10]", "gpus_per_node": 8},
                 [{"id": J, "name": "llama2-13b-cpt-mix", "user": "fzheng", "nodes": "hgx-[03-06]", "tasks_per_node": 8,
                   "started": "2023-09-21T20:41:18Z", "comment": comment(2, "/nfs/mlo/fzheng/ckpt/llama2-13b-cpt")},
                  {"id": N1, "name": "vllm-eval-harness", "user": "obrien", "nodes": "hgx-08", "tasks_per_node": 1,
                   "started": "2023-09-22T05:12:40Z"},
                  {"id": N2, "name": "sd-xl-lora-sweep", "user": "pvidal", "nodes": "hgx-[09-10]", "tasks_per_node": 8,
                   "started": "2023-09-22T03:30:02Z"}])
    rng = s.rng
    ckdir = "/nfs/mlo/fzheng/ckpt/llama2-13b-cpt"
    tt = 140.0
    it = 216
    loss = 2.40
    while it < 250:
        it += 1
        ms = 150000 + rng.uniform(200, 2300)
        if 221 <= it <= 224:
            ms = float(REAL_S8_IT[it - 221].split("(ms): ")[1].split(" ")[0])
        tt += ms / 1000
        if 221 <= it <= 224:
            s.joblog(tt, J, REAL_S8_IT[it - 221])  # REAL_S8_IT
        else:
            loss = 2.36 + rng.uniform(-0.05, 0.1)
            s.joblog(tt, J, mllm_iter(it, ms, loss, rng.uniform(0.33, 0.75)))  # SYNTH
    t_save = tt + 0.9
    s.joblog(t_save, J, f"saving checkpoint at iteration {250:7d} to {ckdir}")  # SYNTH
    dur = 1262.4
    t_saved = t_save + dur
    s.joblog(t_saved, J, f"  successfully saved checkpoint at iteration {250:7d} to {ckdir}")  # SYNTH
    s.joblog(t_saved + 0.3, J, "(min, max) time across ranks (ms):")  # SYNTH
    s.joblog(t_saved + 0.3001, J, f"    {'save-checkpoint '.ljust(48, '.')}: ({dur * 1000 - 81.3:.2f}, {dur * 1000 + 0.35:.2f})")  # SYNTH
    tt = t_saved + 0.3
    while it < 265:
        it += 1
        ms = 150000 + rng.uniform(200, 2300)
        tt += ms / 1000
        loss = 2.34 + rng.uniform(-0.05, 0.1)
        s.joblog(tt, J, mllm_iter(it, ms, loss, rng.uniform(0.33, 0.75)))  # SYNTH
    t_end = tt + 120.0
    # kernel noise (SYNTH)
    kj(s, 1900.0, "hgx-04", "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 12028, Non-fatal, Link 61 egress non-posted PRIV error (First)")
    kj(s, 1900.0003, "hgx-04", "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 12028, Severity 0 Engine instance 61 Sub-engine instance 00")
    kj(s, t_save + 600.0, "hgx-09", "perf: interrupt took too long (2509 > 2500), lowering kernel.perf_event_max_sample_rate to 79500")
    # neighbours (SYNTH): lm-eval-harness with vLLM (tqdm), a diffusers LoRA sweep (accelerate logger)
    tn, done = 90.0, 1200
    while tn < t_end:
        done = min(24420, done + 900)
        s.joblog(tn, N1, tqdm_meter(done, 24420, (done - 1200) / 3.1 + 400, 3.1 + rng.uniform(-0.1, 0.1),
                                    desc="Running loglikelihood requests"))
        tn += 900 / 3.1
    tn, step = 60.0, 3100
    while tn < t_end:
        step += 100
        d = s.at(tn)
        s.joblog(tn, N2, f"{d:%m/%d/%Y %H:%M:%S} - INFO - __main__ - Step {step}: loss={rng.uniform(0.08, 0.16):.4f}, "
                         f"lr={1e-4:.1e}, step_time={rng.uniform(0.81, 0.86):.3f}s")
        tn += 100 * 0.835 + rng.uniform(-1, 1)

    def fn(n_, g, t_):
        if n_ in ("hgx-03", "hgx-04", "hgx-05", "hgx-06"):
            if t_save <= t_ < t_saved:
                return g38(0, rng.uniform(78, 92), 1410, fb=74600 + rng.randint(-800, 800), temp=rng.randint(35, 41))
            return busy40(rng, "a100_80", load=rng.uniform(0.9, 0.99))
        if n_ == "hgx-08":
            return busy40(rng, "a100_80", load=0.75) if g == 0 else idle40(rng, "a100_80")
        if n_ in ("hgx-09", "hgx-10"):
            return busy40(rng, "a100_80", load=rng.uniform(0.85, 0.95))
        return idle40(rng, "a100_80")
    sampler40(s, ["hgx-03", "hgx-04", "hgx-05", "hgx-06"], 8, 0.0, t_end, 600.0, fn, keys=KEYS42)
    sampler40(s, ["hgx-08", "hgx-09", "hgx-10"], 8, 0.0, t_end, 1800.0, fn)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=["hgx-03", "hgx-04", "hgx-05", "hgx-06", "hgx-08",
                                                            "hgx-09", "hgx-10"])
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
