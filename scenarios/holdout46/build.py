#!/usr/bin/env python3
"""Build the holdout46 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout46: generic helpers and the holdout14..holdout44 helper sections are copied unchanged from holdout44's build.py;
the holdout44 scenarios are replaced by the holdout46 helpers and scenarios S1..S8 below.
Earlier note (holdout44): generic helpers and the holdout14..holdout42 helper sections came unchanged from holdout42.
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
# S1  timm-vitb16-4x4-a40-07-bios-power-capped-host-dataloader-straggler  (gpu_degraded, host side: a timm ViT-B/16
#     ImageNet run on 4 nodes x 4 A40 (torchrun under srun, 16 ranks, 12 DataLoader workers each, JPEG decode on
#     the CPU). a40-07 came back from a BIOS update with the vendor's power-saving profile: its CPU packages run at a
#     fraction of the others' power, so its DataLoader workers cannot keep up. No kernel line (no thermal-throttle
#     notice), no GPU error, GPU clocks and throttle reasons normal. The job's own per-host timer shows a40-07's ranks
#     waiting for data (~0.6 s/step vs ~0.04 s elsewhere); the other nodes' GPUs look *busy* (spinning in NCCL
#     all-reduce) while a40-07's GPUs idle at ~40 %.)
# ======================================================================================
# Source (truth): https://industrialmonitordirect.com/blogs/knowledgebase/diagnosing-3x-performance-variance-in-identical-linux-compute-nodes
#   -- identical Linux compute nodes, one running ~3x slower under full CPU load; "No thermal throttling appears in
#   dmesg logs"; turbostat showed the slow node's package power at 1/4..1/3 of the fast node's; the cause was the
#   node's BIOS configuration (restrictive power limits), fixed by bringing its BIOS settings in line with the good
#   node. Host-side, node-local, invisible to GPU telemetry: the node is at fault, not the job.
# No REAL_* line: the page quotes no log line a cluster would collect; every line below is SYNTH.


def build_s1() -> Scenario:
    name = "timm-vitb16-4x4-a40-07-bios-power-capped-host-dataloader-straggler"
    J, N1, N2 = "771204", "771188", "771230"
    start = "2025-03-11T09:00:00Z"
    s = Scenario(name, "timm ViT-B/16 ImageNet-1k training, torchrun under srun on 4 nodes x 4 A40 (16 ranks, CPU "
                 "JPEG decoding in DataLoader workers). One node's host CPUs are power-capped by its BIOS profile; "
                 "only the job's own per-host timing shows it. Other owners' jobs on other nodes.",
                 start,
                 {"name": "vision-a40", "partition": "gpu", "nodes": "a40-[01-12]", "gpus_per_node": 4,
                  "pci_bus_ids": A40_BUS},
                 [{"id": J, "name": "vitb16-in1k-300ep", "user": "mkowalski", "nodes": "a40-[05-08]",
                   "tasks_per_node": 4, "started": "2025-03-11T08:57:41Z",
                   "comment": comment(2, "/scratch/mkowalski/vitb16/ckpt")},
                  {"id": N1, "name": "segformer-ade20k", "user": "tnguyen", "nodes": "a40-[01-02]", "tasks_per_node": 4,
                   "started": "2025-03-11T06:12:03Z"},
                  {"id": N2, "name": "whisper-small-ft-pl", "user": "abaran", "nodes": "a40-10", "tasks_per_node": 2,
                   "started": "2025-03-11T09:21:40Z"}])
    rng = s.rng
    hosts = ["a40-05", "a40-06", "a40-07", "a40-08"]
    t_end = 3 * 3600.0
    # start-up (SYNTH)
    s.joblog(2.0, J, "+ srun --kill-on-bad-exit=1 torchrun --nnodes=4 --nproc_per_node=4 --rdzv_backend=c10d "
                     "--rdzv_endpoint=a40-05:29500 train.py /datasets/imagenet --model vit_base_patch16_224 -b 256 "
                     "--workers 12 --epochs 300 --amp --output /scratch/mkowalski/vitb16 --resume "
                     "/scratch/mkowalski/vitb16/ckpt/last.pth.tar")  # SYNTH
    for k, h in enumerate(hosts):
        torchrun_banner(s, 6.0 + 0.3 * k, J)
    s.joblog(31.2, J, "Training in distributed mode with multiple processes, 1 device per process.Process 0, total 16, "
                      "device cuda:0.")  # SYNTH
    s.joblog(33.8, J, "Model vit_base_patch16_224 created, param count:86567656")  # SYNTH
    s.joblog(41.0, J, "Restoring model state from checkpoint...")  # SYNTH
    s.joblog(44.6, J, "Loaded checkpoint '/scratch/mkowalski/vitb16/ckpt/last.pth.tar' (epoch 87)")  # SYNTH
    s.joblog(45.0, J, "Using native Torch AMP. Training in mixed precision.")  # SYNTH
    s.joblog(46.1, J, "Scheduled epochs: 300. LR stepped per epoch.")  # SYNTH
    s.joblog(47.0, J, "[steptimer] per-host timing every 200 steps (data_wait = time blocked on next(loader)); "
                      "previous run on a40-[01-04]: 0.41 s/step")  # SYNTH (the owner's own timer)
    # training (SYNTH): rank 0 is on a40-05 (fast loader), so its own Data column stays small
    n, ep, it = 1251, 88, 0
    bs = 4096
    tt = 60.0
    step_t = 0.98
    t_fault = None
    since = 0
    while tt < t_end:
        it += 50
        since += 50
        if it >= n:
            ep += 1
            it = 0
            s.joblog(tt, J, f"Test: [  48/48]  Time: 0.622 (0.731)  Loss:  {rng.uniform(1.28, 1.34):.4f} "
                            f"({rng.uniform(1.30, 1.33):.4f})  Acc@1: {rng.uniform(70.1, 71.0):.4f} ({rng.uniform(70.4, 70.9):.4f})  "
                            f"Acc@5: {rng.uniform(89.6, 90.2):.4f} ({rng.uniform(89.8, 90.1):.4f})")  # SYNTH
            s.joblog(tt + 0.4, J, f"Current checkpoints:\n ('/scratch/mkowalski/vitb16/checkpoint-{ep - 1}.pth.tar', "
                                  f"{rng.uniform(70.4, 70.9):.3f})".split("\n")[0])  # SYNTH
            tt += 95.0
            continue
        tm = step_t * rng.uniform(0.96, 1.05)
        s.joblog(tt, J, timm_line(ep, it, n, rng.uniform(3.05, 3.3), rng.uniform(3.12, 3.2), tm, bs,
                                  1.2e-3 * (1 - ep / 300), rng.uniform(0.021, 0.048)))  # SYNTH
        if since >= 200:
            since = 0
            dw = {h: rng.uniform(28, 52) for h in hosts}
            dw["a40-07"] = rng.uniform(540, 660)
            slow = [9, 8, 11, 10] if rng.random() < 0.7 else [8, 9, 10, 11]
            s.joblog(tt + 0.05, J, f"[steptimer] ep {ep} step {it}: mean {tm:.3f} s/step | data_wait_ms p50 by host: " +
                     " | ".join(f"{h} {dw[h]:.0f}" for h in hosts) + f" | slowest ranks {slow}")  # SYNTH
            if t_fault is None:
                t_fault = tt + 0.05
        tt += 50 * tm
    # misleading but harmless lines (SYNTH)
    s.joblog(1500.0, J, "/opt/conda/lib/python3.11/site-packages/torch/utils/data/dataloader.py:617: UserWarning: This "
                        "DataLoader will create 12 worker processes in total. Our suggested max number of worker in "
                        "current system is 10, which is smaller than what this DataLoader is going to create.")  # SYNTH
    # neighbours (SYNTH)
    tn, itn = 30.0, 81200
    while tn < t_end:
        itn += 200
        d = s.at(tn)
        s.joblog(tn, N1, f"{d:%Y/%m/%d %H:%M:%S} - mmengine - INFO - Iter(train) [ {itn}/160000]  lr: "
                         f"{6e-5 * (1 - itn / 160000):.4e}  eta: {dt.timedelta(seconds=int((160000 - itn) * 0.41))}  "
                         f"time: 0.4102  data_time: 0.0108  memory: 17850  loss: {rng.uniform(0.31, 0.39):.4f}  "
                         f"decode.loss_ce: {rng.uniform(0.31, 0.39):.4f}  decode.acc_seg: {rng.uniform(84, 91):.4f}")
        tn += 200 * 0.41
    t2 = (dt.datetime(2025, 3, 11, 9, 21, 40) - s.start).total_seconds()
    tn, st = t2 + 40.0, 0
    while tn < t_end:
        st += 100
        s.joblog(tn, N2, f"Epoch 0:  {100 * st / 9000:.0f}%|{st}/9000 [{hms(st * 0.9)}<{hms((9000 - st) * 0.9)}, "
                         f"{1 / 0.9:.2f}it/s, v_num=3, train_loss={rng.uniform(0.28, 0.41):.3f}]")
        tn += 100 * 0.9
    for k, (h, tk) in enumerate([("a40-02", 820.0), ("a40-07", 2410.0), ("a40-11", 5230.0), ("a40-06", 8800.0)]):
        noise46(s, h, tk, k)

    def fn(n_, g, t_):
        if n_ in hosts:
            if n_ == "a40-07":
                return b46(rng, "a40_46", load=rng.uniform(0.34, 0.46), extra={"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0})
            return b46(rng, "a40_46", load=rng.uniform(0.93, 0.99), extra={"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0})
        if n_ in ("a40-01", "a40-02"):
            return b46(rng, "a40_46", load=0.9)
        if n_ == "a40-10":
            return b46(rng, "a40_46", load=0.75) if (g < 2 and t_ > t2) else i46(rng, "a40_46")
        return i46(rng, "a40_46")
    tel44(s, hosts, 4, 0.0, t_end, 600.0, fn, keys=K46 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",))
    tel44(s, ["a40-01", "a40-02", "a40-10", "a40-11"], 4, 0.0, t_end, 2400.0, fn, keys=K46)
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": "a40-07"}, drain=["a40-07"],
                    requeue={J: {"exclude": ["a40-07"]}}, no_requeue=[N1, N2],
                    no_drain=["a40-05", "a40-06", "a40-08"])
    return s


# ======================================================================================
# S2  llamafactory-qwen35-moe-zero3-2x8-h200-interleaved-list-length-disagreement  (software: LLaMA-Factory full
#     fine-tune of an MoE model with DeepSpeed ZeRO-3 (offload) on 2 nodes x 8 H200, all 16 ranks writing into one
#     Slurm output file. Model loading lines from 16 ranks interleave; when ZeRO-3 partitions the parameters, ranks
#     disagree on the list length (the MoE model's parameter lists differ between ranks) and every disagreeing rank
#     raises `RuntimeError: Detected a disagreement on list length between rank0 and rankN`. The tracebacks of 15
#     ranks interleave, some lines cut mid-way by another rank's write. Not a node fault: rerunning repeats it.)
# ======================================================================================
# Source (lines and truth): https://github.com/hiyouga/LlamaFactory/issues/10224 -- full fine-tune of
#   qwen3.5-35b-a3b with deepspeed-zero3: "RuntimeError: Detected a disagreement on list length between rank0 and
#   rank7, other ranks report the same"; the same environment and config trains the dense qwen3.5-27b fine; the
#   issue is labelled solved (configuration/model side, not hardware). The [rank7] lines below are verbatim (the
#   thread's markdown back-ticks around the block are not part of the lines); the other ranks' copies are SYNTH.
REAL_S2_RANK7 = [
    '[rank7]:   File "/opt/conda/envs/ai/lib/python3.12/site-packages/deepspeed/runtime/zero/utils.py", line 82, in assert_lst_len_same_as_other_ranks',
    '[rank7]:     raise RuntimeError(f"Detected a disagreement on list length between rank0 and rank{dist.get_rank()}: "',
    "[rank7]: RuntimeError: Detected a disagreement on list length between rank0 and rank7: ",
    "[rank7]:  rank0: 30815 ",
    "[rank7]:  rank7: 30833",
]


def build_s2() -> Scenario:
    name = "llamafactory-qwen35-moe-zero3-2x8-h200-interleaved-list-length-disagreement"
    J, N1, N2 = "2204817", "2204790", "2204822"
    start = "2026-02-27T05:40:00Z"
    s = Scenario(name, "LLaMA-Factory full fine-tune of an MoE model with DeepSpeed ZeRO-3 offload on 2 nodes x 8 "
                 "H200; all 16 ranks write into one Slurm output file, so lines interleave and some break mid-line. "
                 "Other owners' jobs share the partition. The fine-tune opted in to requeues.",
                 start,
                 {"name": "hopper-h200", "partition": "gpu", "nodes": "h200-[01-10]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS},
                 [{"id": J, "name": "q35-a3b-fft-zero3", "user": "zfy", "nodes": "h200-[03-04]", "tasks_per_node": 8,
                   "started": "2026-02-27T05:39:12Z", "comment": comment(2, "/data/zfy/saves/q35a3b")},
                  {"id": N1, "name": "vllm-bench-sweep", "user": "lqian", "nodes": "h200-06", "tasks_per_node": 1,
                   "started": "2026-02-27T04:51:30Z"},
                  {"id": N2, "name": "megatron-dsv3-lite-pt", "user": "hwu", "nodes": "h200-[07-10]",
                   "tasks_per_node": 8, "started": "2026-02-26T22:03:14Z", "comment": comment(3)}])
    rng = s.rng
    t_end = 5400.0
    s.joblog(3.1, J, "+ srun --ntasks-per-node=1 bash -c 'FORCE_TORCHRUN=1 NNODES=2 NODE_RANK=$SLURM_NODEID "
                     "MASTER_ADDR=h200-03 MASTER_PORT=29511 llamafactory-cli train q35a3b_full_sft.yaml'")  # SYNTH
    s.joblog(9.4, J, "[INFO|2026-02-27 05:40:09] llamafactory.cli:143 >> Initializing 8 distributed tasks at: "
                     "h200-03:29511")  # SYNTH
    s.joblog(9.6, J, "[INFO|2026-02-27 05:40:09] llamafactory.cli:143 >> Initializing 8 distributed tasks at: "
                     "h200-03:29511")  # SYNTH (second node's launcher)
    # loading: 16 ranks, lines interleave (SYNTH)
    tt = 24.0
    for r in rng.sample(range(16), 16):
        s.joblog(tt, J, f"[rank{r}]:[W227 05:40:{24 + int(tt - 24) % 30:02d}.{rng.randint(100000, 999999)}000 "
                        f"ProcessGroupNCCL.cpp:4715] [PG ID 0 PG GUID 0 Rank {r}]  using GPU {r % 8} to perform "
                        f"barrier as devices used by this process are currently unknown. This can potentially cause a "
                        f"hang if this rank to GPU mapping is incorrect. Specify device_ids in barrier() to force use "
                        f"of a particular device, or call init_process_group() with a device_id.")
        tt += rng.uniform(0.02, 0.4)
    s.joblog(40.0, J, "[INFO|2026-02-27 05:40:40] llamafactory.data.loader:143 >> Loading dataset my_data/train.jsonl...")
    s.joblog(41.5, J, "Converting format of dataset (num_proc=16): 100%|██████████| 48211/48211 [00:03<00:00, "
                      "14812.44 examples/s]")
    s.joblog(63.0, J, "Running tokenizer on dataset (num_proc=16): 100%|██████████| 48211/48211 [00:19<00:00, "
                      "2471.33 examples/s]")
    tt = 96.0
    for k in range(22):
        r = rng.randrange(16)
        pct = min(100, int(k * 100 / 21))
        s.joblog(tt, J, f"Loading checkpoint shards: {pct:>3d}%|{'█' * (pct // 10):<10}| {k * 14 // 21}/14 "
                        f"[{hms(k * 6.1)}<{hms((21 - k) * 6.1)},  6.1s/it]")
        if rng.random() < 0.3:
            s.joblog(tt + 0.01, J, f"[rank{r}]:[W227 05:4{1 + k // 10}:{rng.randint(10, 59)}.{rng.randint(100000, 999999)}000 "
                                   f"CUDAAllocatorConfig.h:28] Warning: expandable_segments not supported on this "
                                   f"platform (function operator())")
        tt += rng.uniform(4.0, 8.0)
    s.joblog(tt + 1, J, "[INFO|2026-02-27 05:42:31] llamafactory.model.model_utils.checkpointing:143 >> Gradient "
                        "checkpointing enabled.")
    s.joblog(tt + 2, J, "[INFO|2026-02-27 05:42:32] llamafactory.model.loader:143 >> trainable params: "
                        "35,107,681,792 || all params: 35,107,681,792 || trainable%: 100.0000")
    s.joblog(tt + 9, J, "[2026-02-27 05:42:41,118] [INFO] [config.py:735:__init__] Config mesh_device None world_size = 16")
    # the fault: ZeRO-3 init, every disagreeing rank raises; tracebacks interleave (SYNTH except REAL_S2_RANK7)
    t_fault = tt + 38.0
    head = ["Traceback (most recent call last):",
            '  File "/data/zfy/LLaMA-Factory/src/llamafactory/launcher.py", line 23, in <module>',
            "    launch()",
            '  File "/opt/conda/envs/ai/lib/python3.12/site-packages/transformers/trainer.py", line 2325, in train',
            "    return inner_training_loop(",
            '  File "/opt/conda/envs/ai/lib/python3.12/site-packages/accelerate/accelerator.py", line 2083, in _prepare_deepspeed',
            "    engine, optimizer, _, lr_scheduler = ds_initialize(**kwargs)",
            '  File "/opt/conda/envs/ai/lib/python3.12/site-packages/deepspeed/runtime/zero/stage3.py", line 1187, in _create_fp16_partitions_with_defragmentation',
            "    assert_lst_len_same_as_other_ranks(param_groups)"]
    counts = {r: 30815 + rng.choice([0, 6, 12, 18]) for r in range(1, 16)}
    counts[7] = 30833
    streams = {}
    for r in range(1, 16):
        lines = [f"[rank{r}]: {l}" for l in head]
        if r == 7:
            lines += REAL_S2_RANK7
        else:
            lines += [f'[rank{r}]:   File "/opt/conda/envs/ai/lib/python3.12/site-packages/deepspeed/runtime/zero/utils.py", '
                      f"line 82, in assert_lst_len_same_as_other_ranks",
                      f'[rank{r}]:     raise RuntimeError(f"Detected a disagreement on list length between rank0 and '
                      f'rank{{dist.get_rank()}}: "',
                      f"[rank{r}]: RuntimeError: Detected a disagreement on list length between rank0 and rank{r}: ",
                      f"[rank{r}]:  rank0: 30815 ", f"[rank{r}]:  rank{r}: {counts[r]}"]
        streams[r] = lines
    tq = t_fault
    pending = {r: 0 for r in streams}
    first = True
    while pending:
        r = rng.choice(sorted(pending))
        i = pending[r]
        line = streams[r][i]
        if (r == 7 and first):
            pass
        if r != 7 and rng.random() < 0.12 and len(line) > 40:
            # a write cut by another rank's write (SYNTH): head of this line, then another rank's line, then the tail
            cut = rng.randint(18, len(line) - 10)
            other = rng.choice([x for x in sorted(pending) if x != r and x != 7] or [r])
            oi = pending[other]
            s.joblog(tq, J, line[:cut] + streams[other][oi])
            pending[other] += 1
            if pending[other] >= len(streams[other]):
                del pending[other]
            tq += 0.0004
            s.joblog(tq, J, line[cut:])
        else:
            s.joblog(tq, J, line)
        first = False
        tq += rng.uniform(0.0002, 0.003)
        if r in pending:
            pending[r] += 1
            if pending[r] >= len(streams[r]):
                del pending[r]
    te = tq + 2.5
    s.joblog(te, J, f"[rank0]:[W227 05:43:{int(te - t_fault) + 19:02d}.{rng.randint(100000, 999999)}000 "
                    f"ProcessGroupNCCL.cpp:1496] Warning: WARNING: destroy_process_group() was not called before "
                    f"program exit, which can leak resources. (function operator())")
    te = elastic_summary(s, te + 3.0, J, "h200-04", [(8 + i, i, 51200 + 3 * i, 1) for i in range(8)],
                         "/data/zfy/LLaMA-Factory/src/llamafactory/launcher.py",
                         "/opt/conda/envs/ai/lib/python3.12/site-packages",
                         ['  File "/opt/conda/envs/ai/bin/torchrun", line 8, in <module>', "    sys.exit(main())"])
    te = elastic_summary(s, te + 0.6, J, "h200-03", [(i, i, 50912 + 3 * i, 1) for i in range(1, 8)] + [(0, 0, 50909, 1)],
                         "/data/zfy/LLaMA-Factory/src/llamafactory/launcher.py",
                         "/opt/conda/envs/ai/lib/python3.12/site-packages",
                         ['  File "/opt/conda/envs/ai/bin/torchrun", line 8, in <module>', "    sys.exit(main())"])
    s.joblog(te + 1.0, J, "srun: error: h200-04: task 1: Exited with exit code 1")
    s.joblog(te + 1.3, J, "srun: error: h200-03: task 0: Exited with exit code 1")
    s.job_state(te + 2.0, J, "FAILED", "1:0")
    s.node_state(te + 2.5, "h200-03", "IDLE", "")
    s.node_state(te + 2.6, "h200-04", "IDLE", "")
    # neighbours (SYNTH)
    tn, it = 25.0, 188400
    while tn < t_end:
        it += 10
        s.joblog(tn, N2, mcore_iter(s.at(tn), it, 500000, 10420.0 + rng.uniform(-90, 90), 2.1e-4, rng.uniform(1.91, 2.02), 4096))
        tn += 10 * 10.42
    tn, k = 60.0, 0
    while tn < t_end:
        k += 1
        s.joblog(tn, N1, f"INFO 02-27 {s.at(tn):%H:%M:%S} [loggers.py:123] Engine 000: Avg prompt throughput: "
                         f"{rng.uniform(9000, 14000):.1f} tokens/s, Avg generation throughput: {rng.uniform(2100, 2900):.1f} "
                         f"tokens/s, Running: {rng.randint(180, 256)} reqs, Waiting: {rng.randint(0, 40)} reqs, GPU KV cache "
                         f"usage: {rng.uniform(60, 93):.1f}%, Prefix cache hit rate: {rng.uniform(10, 40):.1f}%")
        tn += 60.0 if k % 6 else 60.5
    for k, (h, tk) in enumerate([("h200-03", 700.0), ("h200-08", 2100.0), ("h200-01", 3900.0)]):
        noise46(s, h, tk, k + 1)

    def fn(n_, g, t_):
        if n_ in ("h200-03", "h200-04"):
            if t_ < 100:
                return i46(rng, "h200")
            if t_ < t_fault:
                return g38(rng.uniform(0, 8), rng.uniform(118, 160), 1980, temp=rng.randint(36, 44))
            return i46(rng, "h200")
        if n_ == "h200-06":
            return b46(rng, "h200", load=0.8)
        return b46(rng, "h200", load=0.93)
    tel44(s, ["h200-03", "h200-04"], 8, 0.0, t_end, 300.0, fn, keys=K46)
    tel44(s, ["h200-06", "h200-07", "h200-08"], 8, 0.0, t_end, 2400.0, fn, keys=K46)
    s.truth = truth({"t": t_fault, "category": "software", "node": None}, no_requeue=[J, N1, N2],
                    no_drain=["h200-03", "h200-04"])
    return s


# ======================================================================================
# S3  nemo-llama3-70b-4x8-hgx-h100-nvswitch-sxid-20034-fabricmanager-fatal-hgx-07  (gpu_hardware, node: NeMo 2.0 /
#     Megatron-Core Llama-3-70B continued pretraining on 4 HGX H100 nodes (32 ranks). On hgx-07 an NVSwitch port
#     fails: the nvswitch driver logs a fatal SXid 20034 (LTSSM fault) and nv-fabricmanager's own log records
#     "detected NVSwitch fatal error 20034 ... port 33"; the CUDA contexts on hgx-07's GPUs get an uncorrectable NVLink
#     error, the node's 8 ranks abort, srun kills the job. No GPU Xid, NVLink CRC counters flat. Elsewhere the fabric
#     manager chatters benignly (multicast team set-up/release for another owner's NVLS job on hgx-02).)
# ======================================================================================
# Source (truth): https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html -- NVIDIA Fabric
#   Manager user guide, runtime NVSwitch and GPU errors (bare-metal mode): an NVSwitch fatal SXid is logged by the
#   driver and by Fabric Manager; the CUDA jobs using the affected GPUs/links are aborted, and the GPUs and NVSwitches
#   of the baseboard must be reset (or the system rebooted) before they are used again -- i.e. the node is taken out
#   of service until repaired; the job is rerun elsewhere.
# Source (lines): https://github.com/leptonai/gpud/blob/main/components/accelerator/nvidia/fabric-manager/log_matcher.go
#   -- gpud's matcher quotes a real fabricmanager.log fatal-SXid line as its example (below, verbatim; the scenario
#   clock is chosen so its own stamp, Jul 23 2024 07:53:55, fits unchanged).
REAL_S3_FM_FATAL = ("[Jul 23 2024 07:53:55] [ERROR] [tid 841] detected NVSwitch fatal error 20034 on fid 0 on NVSwitch "
                    "pci bus id 00000000:86:00.0 physical id 3 port 33")
# Source (lines): https://github.com/leptonai/gpud/blob/main/components/accelerator/nvidia/fabric-manager/testdata/fabricmanager.log
#   -- a real fabricmanager.log excerpt (multicast team set-up/release INFO chatter); bodies verbatim, the
#   `[Mon dd yyyy hh:mm:ss]` stamp in front is rewritten to this scenario's clock.
REAL_S3_FM_INFO = [
    "[INFO] [tid 1808] multicast group 0 is allocated.",
    "[INFO] [tid 1808] successfully setup multicast team for request id 8331980469606044544.",
    "[INFO] [tid 1808] multicast group 0 is freed.",
    "[INFO] [tid 1808] successfully released multicast team with handle 11081654703155798918.",
]


def build_s3() -> Scenario:
    name = "nemo-llama3-70b-4x8-hgx-h100-nvswitch-sxid-20034-fabricmanager-fatal-hgx-07"
    J, N1, N2 = "5520931", "5520877", "5520960"
    start = "2024-07-23T07:20:00Z"
    s = Scenario(name, "NeMo 2.0 / Megatron-Core Llama-3-70B continued pretraining on 4 HGX H100 nodes (8 GPUs and 4 "
                 "NVSwitches each, nv-fabricmanager running, its log shipped with the node's journal). Other owners' "
                 "jobs on other nodes, one of them using NVLink SHARP (multicast) on hgx-[01-02].",
                 start,
                 {"name": "hgx-h100", "partition": "batch", "nodes": "hgx-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS},
                 [{"id": J, "name": "llama3-70b-cpt-de", "user": "jschreiber", "nodes": "hgx-[05-08]",
                   "tasks_per_node": 8, "started": "2024-07-22T21:02:48Z",
                   "comment": comment(3, "/lustre/proj/llm/ckpt/llama3-70b-cpt-de")},
                  {"id": N1, "name": "nccl-allreduce-nvls-sweep", "user": "okarlsson", "nodes": "hgx-[01-02]",
                   "tasks_per_node": 8, "started": "2024-07-23T07:41:05Z"},
                  {"id": N2, "name": "esm2-3b-ft", "user": "pmaier", "nodes": "hgx-11", "tasks_per_node": 8,
                   "started": "2024-07-23T05:30:19Z", "comment": comment(1)}])
    rng = s.rng
    hosts = ["hgx-05", "hgx-06", "hgx-07", "hgx-08"]
    t_fault = (dt.datetime(2024, 7, 23, 7, 53, 55) - s.start).total_seconds()
    t_end = t_fault + 3600.0
    it = 18740
    tt = 12.0
    while tt < t_fault - 5:
        it += 10
        s.joblog(tt, J, mcore_iter(s.at(tt), it, 60000, 4085.0 + rng.uniform(-40, 60), 1.4e-5,
                                   rng.uniform(1.63, 1.72), 1024))  # SYNTH
        if it % 500 == 0:
            s.joblog(tt + 2.0, J, f"saving checkpoint at iteration {it:7d} to /lustre/proj/llm/ckpt/llama3-70b-cpt-de "
                                  f"in torch_dist format")  # SYNTH
            s.joblog(tt + 41.0, J, f"  successfully saved checkpoint from iteration {it:7d} to "
                                   f"/lustre/proj/llm/ckpt/llama3-70b-cpt-de [ t 1/8, p 1/4 ]")  # SYNTH
            tt += 43.0
        tt += 10 * 4.09
    # fault on hgx-07 (SYNTH kernel lines; REAL fabric-manager line)
    kt(s, t_fault - 0.7, "hgx-07", "nvidia-nvswitch3: SXid (PCI:0000:86:00.0): 20034, Fatal, Link 33 LTSSM Fault Up")
    kt(s, t_fault - 0.69, "hgx-07", "nvidia-nvswitch3: SXid (PCI:0000:86:00.0): 20034, Severity 1 Engine instance 33 "
                                    "Sub-engine instance 00")
    kt(s, t_fault - 0.68, "hgx-07", "nvidia-nvswitch3: SXid (PCI:0000:86:00.0): 20034, Data {0x00000000, 0x00000000, "
                                    "0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}")
    s.kernel(t_fault, "hgx-07", REAL_S3_FM_FATAL)  # REAL_S3_FM_FATAL (fabricmanager.log line, own stamp)
    pid0 = 2218840
    for lr in rng.sample(range(8), 8):
        r = 16 + lr
        d = s.at(t_fault + 0.4 + 0.01 * lr)
        s.joblog(t_fault + 0.4 + 0.01 * lr, J,
                 f"{nccl_prefix('hgx-07', pid0 + lr, pid0 + 611 + lr, lr)} NCCL WARN Cuda failure 220 'uncorrectable "
                 f"NVLink error was detected during the execution'")  # SYNTH
        s.joblog(t_fault + 0.6 + 0.01 * lr, J,
                 f"{c10_prefix(d, r, rng.randint(0, 999))}ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) "
                 f"Rank {r}] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink "
                 f"error was detected during the execution")  # SYNTH
    s.joblog(t_fault + 0.9, J, "terminate called after throwing an instance of 'c10::DistBackendError'")  # SYNTH
    tb = elastic_summary(s, t_fault + 6.0, J, "hgx-07",
                         [(16 + i, i, pid0 + i, -6) for i in (3, 0, 1, 2, 4, 5, 6, 7)],
                         "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                         "/usr/local/lib/python3.10/dist-packages",
                         ['  File "/usr/local/bin/torchrun", line 33, in <module>',
                          "    sys.exit(load_entry_point('torch==2.4.0a0+3bcc3cddb5.nv24.7', 'console_scripts', 'torchrun')())"])
    s.joblog(tb + 0.8, J, "srun: error: hgx-07: task 2: Exited with exit code 1")  # SYNTH
    s.joblog(tb + 0.9, J, f"srun: Terminating StepId={J}.0")  # SYNTH
    s.joblog(tb + 1.0, J, f"slurmstepd: error: *** STEP {J}.0 ON hgx-05 CANCELLED AT {s.at(tb + 1.0):%Y-%m-%dT%H:%M:%S} ***")
    for k, h in enumerate(["hgx-05", "hgx-06", "hgx-08"]):
        s.joblog(tb + 1.3 + 0.1 * k, J, f"srun: error: {h}: task {[0, 1, 3][k]}: Terminated")
    s.joblog(tb + 1.8, J, f"srun: Force Terminated StepId={J}.0")
    s.job_state(tb + 3.0, J, "FAILED", "1:0")
    for k, h in enumerate(hosts):
        s.node_state(tb + 4.0 + 0.1 * k, h, "IDLE", "")
    # benign fabric-manager chatter on hgx-02 for N1's NVLS set-up/tear-down (REAL bodies, SYNTH stamps)
    t1 = (dt.datetime(2024, 7, 23, 7, 41, 5) - s.start).total_seconds()
    for cyc in range(4):
        ta = t1 + 20.0 + cyc * 600.0
        s.kernel(ta, "hgx-02", f"{fm_stamp(s.at(ta))} {REAL_S3_FM_INFO[0]}")  # REAL_S3_FM_INFO
        s.kernel(ta + 0.001, "hgx-02", f"{fm_stamp(s.at(ta))} {REAL_S3_FM_INFO[1]}")  # REAL_S3_FM_INFO
        s.kernel(ta + 540.0, "hgx-02", f"{fm_stamp(s.at(ta + 540))} {REAL_S3_FM_INFO[2]}")  # REAL_S3_FM_INFO
        s.kernel(ta + 540.001, "hgx-02", f"{fm_stamp(s.at(ta + 540))} {REAL_S3_FM_INFO[3]}")  # REAL_S3_FM_INFO
    # N1: nccl-tests with NVLS (SYNTH)
    tn = t1 + 25.0
    size = 8
    while tn < t1 + 2400 and tn < t_end:
        algbw = min(420.0, size / 2 ** 20 * 1.6)
        s.joblog(tn, N1, f"  {size:>12d}  {size // 4:>12d}     float     sum      -1  {size / (algbw * 1e3) + 14:>7.1f}  "
                         f"{algbw / 1e0:>6.2f}  {algbw * 1.875:>6.2f}      0  {size / (algbw * 1e3) + 14.2:>7.1f}  "
                         f"{algbw:>6.2f}  {algbw * 1.875:>6.2f}      0")
        size *= 2
        if size > 2 ** 33:
            size = 8
            s.joblog(tn + 0.5, N1, f"# Avg bus bandwidth    : {rng.uniform(148, 156):.3f} ")
        tn += 12.0
    s.job_state(t1 + 2420.0, N1, "COMPLETED", "0:0")
    s.node_state(t1 + 2421.0, "hgx-01", "IDLE", "")
    s.node_state(t1 + 2421.1, "hgx-02", "IDLE", "")
    # N2 (SYNTH)
    tn, st = 30.0, 4400
    while tn < t_end:
        st += 20
        s.joblog(tn, N2, hf_train_dict(rng.uniform(1.82, 2.05), rng.uniform(0.6, 1.1), 3.1e-5, st / 21000))
        tn += 20 * 1.62
    for k, (h, tk) in enumerate([("hgx-12", 300.0), ("hgx-05", 1900.0), ("hgx-14", 4100.0)]):
        noise46(s, h, tk, k)

    def fn(n_, g, t_):
        if n_ in hosts:
            if t_ < t_fault:
                f = b46(rng, "h100", load=rng.uniform(0.9, 0.99))
            else:
                f = i46(rng, "h100")
            if n_ == "hgx-07":
                f.update({"DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": 0, "DCGM_FI_DEV_XID_ERRORS": 0})
            return f
        if n_ in ("hgx-01", "hgx-02"):
            return b46(rng, "h100", load=0.7) if t1 < t_ < t1 + 2420 else i46(rng, "h100")
        return b46(rng, "h100", load=0.92)
    tel44(s, hosts, 8, 0.0, t_end, 600.0, fn,
          keys=K46 + ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "DCGM_FI_DEV_XID_ERRORS"))
    tel44(s, ["hgx-01", "hgx-02", "hgx-11"], 8, 0.0, t_end, 2400.0, fn, keys=K46)
    s.truth = truth({"t": t_fault - 0.7, "category": "gpu_hardware", "node": "hgx-07"}, drain=["hgx-07"],
                    requeue={J: {"exclude": ["hgx-07"]}}, no_requeue=[N1, N2],
                    no_drain=["hgx-02", "hgx-05", "hgx-06", "hgx-08"])
    return s


# ======================================================================================
# S4  llamafactory-bloom3b-pt-3-days-preempted-requeued-resumed-then-dbe-a100p-03-gpu0  (gpu_hardware: a
#     single-GPU LLaMA-Factory full pretraining of BLOOM-3B that has run for 2.6 days. The record opens in its first
#     attempt on a100p-03; a higher-priority 1-GPU job preempts it (PreemptMode=REQUEUE) and takes GPU 0; when that
#     job is done, 1 h 41 m later, the requeued job runs again on a100p-03 and its log (opened in append mode)
#     restarts: set-up lines, model load, "Continuing training from checkpoint" with the step counter resuming at
#     30500 (the last save; 230 steps lost). Nine hours into the second attempt GPU 0 takes an uncorrectable ECC error
#     (Xid 48, row remap pending) and the trainer dies with the CUDA ECC RuntimeError. Another owner's job on
#     a100p-03's GPUs 1-3 carries on.)
# ======================================================================================
# Source (lines): https://github.com/hiyouga/LlamaFactory/issues/2341 -- full pretraining of BLOOM-3B on one GPU
#   (CUDA_VISIBLE_DEVICES=0, stage pt, fp16) dies with "RuntimeError: CUDA error: uncorrectable ECC error
#   encountered"; the issue is labelled solved. The traceback frames below are verbatim from the thread (user
#   sunhao's paths kept); the frames the stored excerpt cuts off and the final RuntimeError line are SYNTH.
# Truth: https://docs.nvidia.com/deploy/gpu-debug-guidelines/index.html -- NVIDIA GPU debug guidelines: an
#   uncorrectable ECC error (Xid 48 / DBE) is a GPU memory hardware error; the GPU must be drained and reset, and
#   repeated errors mean the board is to be replaced; the application is not at fault and can run elsewhere.
REAL_S4_TB = [
    '  File "/home/sunhao/project/LLaMA-Factory/src/train_bash.py", line 14, in <module>',
    '  File "/home/sunhao/project/LLaMA-Factory/src/train_bash.py", line 5, in main',
    '  File "/home/sunhao/project/LLaMA-Factory/src/llmtuner/train/tuner.py", line 24, in run_exp',
    "    run_pt(model_args, data_args, training_args, finetuning_args, callbacks)",
    '  File "/home/sunhao/project/LLaMA-Factory/src/llmtuner/train/pt/workflow.py", line 41, in run_pt',
]
# The thread's next frame line, "    train_result = trainer.train(resume_from_checkpoint=...)", occurs in an earlier
# corpus, so it is written below as SYNTH.


def build_s4() -> Scenario:
    name = "llamafactory-bloom3b-pt-3-days-preempted-requeued-resumed-then-dbe-a100p-03-gpu0"
    J, N1, N2 = "918377", "919402", "919215"
    start = "2024-01-24T22:00:00Z"
    s = Scenario(name, "Single-GPU LLaMA-Factory full pretraining of BLOOM-3B running for days in a preemptible "
                 "partition (requeue on preemption, output opened in append mode). The record opens late in its first "
                 "attempt; after a preemption and requeue its log restarts and the step counter resumes from the last "
                 "checkpoint on another node. Other owners' jobs share the nodes.",
                 start,
                 {"name": "a100-pcie", "partition": "preemptible", "nodes": "a100p-[01-12]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:17:00", "0000:31:00", "0000:b1:00", "0000:ca:00"]},
                 [{"id": J, "name": "bloom3b-pt-full", "user": "sunhao", "nodes": "a100p-03", "tasks_per_node": 1,
                   "started": "2024-01-22T07:41:09Z",
                   "comment": comment(3, "/home/sunhao/project/LLaMA-Factory/saves/pre_train/full/BLOOM-3B/pt-10")},
                  {"id": N1, "name": "urgent-eval-llm-harness", "user": "gliu", "nodes": "a100p-03",
                   "tasks_per_node": 1, "started": "2024-01-25T00:00:02Z"},
                  {"id": N2, "name": "sd21-finetune-3gpu", "user": "wmeng", "nodes": "a100p-03", "tasks_per_node": 3,
                   "started": "2024-01-24T20:12:44Z"}])
    rng = s.rng
    out = "/home/sunhao/project/LLaMA-Factory/saves/pre_train/full/BLOOM-3B/pt-10"
    sec = 4.8
    total = 61240

    def progress(t0, t1, step, tag):
        tt = t0
        while tt < t1:
            step += 10
            ep = step / total
            s.joblog(tt, J, "{'loss': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" %
                     (rng.uniform(2.28, 2.46), 1e-4 * 0.5 * (1 + math.cos(math.pi * ep)), ep))  # SYNTH
            if step % 500 == 0:
                s.joblog(tt + 3.0, J, f"[INFO|trainer.py:2889] 2024-01-{s.at(tt).day:02d} {s.at(tt):%H:%M:%S},"
                                      f"{rng.randint(100, 999)} >> Saving model checkpoint to {out}/checkpoint-{step}")  # SYNTH
                tt += 38.0
            tt += 10 * sec * rng.uniform(0.98, 1.03)
        return tt, step
    # attempt 1 (SYNTH)
    t_pre = (dt.datetime(2024, 1, 24, 23, 59, 58) - s.start).total_seconds()
    tt, step = progress(20.0, t_pre - 30, 29210, "a1")
    s.joblog(t_pre, J, f"slurmstepd: error: *** JOB {J} ON a100p-03 CANCELLED AT 2024-01-24T23:59:58 DUE TO "
                       f"PREEMPTION ***")  # SYNTH
    s.job_state(t_pre + 0.5, J, "PREEMPTED", "0:15")
    s.job_state(t_pre + 1.0, J, "REQUEUED", "0:15")
    s.job_state(t_pre + 2.0, J, "PENDING", "0:0", reason="BeginTime")
    s.job_state(t_pre + 125.0, J, "PENDING", "0:0", reason="Resources")
    s.job_state(t_pre + 4.0, N1, "RUNNING", "0:0", nodes="a100p-03")
    # N1 (SYNTH): lm-eval-harness progress
    tn = t_pre + 40.0
    k = 0
    while tn < t_pre + 5950:
        k += 1
        s.joblog(tn, N1, f"Running loglikelihood requests:  {min(100, k * 2)}%|{'█' * min(10, k // 5):<10}| "
                         f"{k * 1650}/82500 [{hms(k * 120)}<{hms(max(0, (50 - k) * 120))}, {1650 / 120:.2f}it/s]")
        tn += 120.0
    s.job_state(t_pre + 6010.0, N1, "COMPLETED", "0:0")
    s.job_state(t_pre + 6030.0, J, "PENDING", "0:0", reason="Priority")
    # attempt 2, again on a100p-03 once the preemptor is done (SYNTH lines, stamps from the scenario clock)
    t_run = t_pre + 6062.0
    s.job_state(t_run, J, "RUNNING", "0:0", nodes="a100p-03")

    def st(x, ms=True):
        d = s.at(x)
        return f"{d:%Y-%m-%d %H:%M:%S}," + f"{d.microsecond // 1000:03d}"
    a2 = [(14.0, f"[INFO|training_args.py:1828] {st(t_run + 14)} >> PyTorch: setting up devices"),
          (15.0, f"{s.at(t_run + 15):%m/%d/%Y %H:%M:%S} - INFO - llmtuner.model.parser - Process rank: 0, device: cuda:0, n_gpu: 1"),
          (32.0, f"{s.at(t_run + 32):%m/%d/%Y %H:%M:%S} - INFO - llmtuner.data.loader - Loading dataset pre_train_dummy_data..."),
          (49.0, "Loading checkpoint shards: 100%|██████████| 2/2 [00:14<00:00,  7.02s/it]"),
          (64.0, f"{s.at(t_run + 64):%m/%d/%Y %H:%M:%S} - INFO - llmtuner.model.loader - trainable params: 3002557440 || all params: 3002557440 || trainable%: 100.0000"),
          (70.0, f"[INFO|trainer.py:1706] {st(t_run + 70)} >> ***** Running training *****"),
          (70.01, f"[INFO|trainer.py:1707] {st(t_run + 70)} >>   Num examples = 489,920"),
          (70.02, f"[INFO|trainer.py:1713] {st(t_run + 70)} >>   Total optimization steps = 61,240"),
          (70.03, f"[INFO|trainer.py:1735] {st(t_run + 70)} >>   Continuing training from checkpoint, will skip to saved global_step"),
          (70.04, f"[INFO|trainer.py:1736] {st(t_run + 70)} >>   Continuing training from epoch 0"),
          (70.05, f"[INFO|trainer.py:1737] {st(t_run + 70)} >>   Continuing training from global step 30500"),
          (70.06, f"[INFO|trainer.py:1739] {st(t_run + 70)} >>   Will skip the first 0 epochs then the first 244000 batches in the first epoch."),
          (70.2, f"[WARNING|trainer.py:2479] {st(t_run + 70.2)} >> Didn't find an RNG file, if you are resuming a training that was launched in a distributed fashion, reproducibility is not guaranteed.")]
    for dx, l in a2:
        s.joblog(t_run + dx, J, l)  # SYNTH
    t_fault = t_run + 9 * 3600 + 1234.5
    tt, step = progress(t_run + 120.0, t_fault - 3, 30500, "a2")
    # the fault (SYNTH kernel lines, REAL traceback frames)
    kt(s, t_fault - 0.9, "a100p-03", "NVRM: Xid (PCI:0000:17:00): 48, pid=418807, name=python, An uncorrectable "
                                     "double bit error (DBE) has been detected on GPU in the framebuffer at partition "
                                     "6, subpartition 0.")  # SYNTH
    kt(s, t_fault - 0.8, "a100p-03", "NVRM: Xid (PCI:0000:17:00): 63, pid=418807, name=python, Row Remapper: New row "
                                     "(0x0000000000016a3c) was marked for remapping, reset gpu to activate.")  # SYNTH
    tb = ["Traceback (most recent call last):", REAL_S4_TB[0], "    main()", REAL_S4_TB[1], "    run_exp()",
          REAL_S4_TB[2], REAL_S4_TB[3], REAL_S4_TB[4],
          "    train_result = trainer.train(resume_from_checkpoint=training_args.resume_from_checkpoint)",  # SYNTH
          '  File "/home/sunhao/anaconda3/envs/llama_factory/lib/python3.10/site-packages/transformers/trainer.py", line 1539, in train',
          "    return inner_training_loop(",
          '  File "/home/sunhao/anaconda3/envs/llama_factory/lib/python3.10/site-packages/transformers/trainer.py", line 1869, in _inner_training_loop',
          "    tr_loss_step = self.training_step(model, inputs)",
          '  File "/home/sunhao/anaconda3/envs/llama_factory/lib/python3.10/site-packages/transformers/trainer.py", line 2781, in training_step',
          "    self.accelerator.backward(loss)",
          "RuntimeError: CUDA error: uncorrectable ECC error encountered",
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
          ""]
    for k, l in enumerate(tb):
        s.joblog(t_fault + 0.001 * k, J, l)  # REAL_S4_TB frames + SYNTH
    s.job_state(t_fault + 4.0, J, "FAILED", "1:0")
    t_end = t_fault + 1800.0
    # N2 on a100p-03 GPUs 1-3 (SYNTH) runs on
    tn, st = 15.0, 7200
    while tn < t_end:
        st += 200
        s.joblog(tn, N2, f"Steps:  {100 * st / 60000:.0f}%|{'█' * int(10 * st / 60000):<10}| {st}/60000 "
                         f"[{hms(st * 1.31)}<{hms((60000 - st) * 1.31)},  1.31s/it, lr=1e-5, step_loss={rng.uniform(0.04, 0.21):.3f}]")
        tn += 200 * 1.31
    for k, (h, tk) in enumerate([("a100p-05", 3100.0), ("a100p-09", 17000.0), ("a100p-11", 30500.0),
                                 ("a100p-03", 41200.0)]):
        noise46(s, h, tk, k + 2)

    def fn(n_, g, t_):
        if n_ == "a100p-03":
            if g > 0:
                return b46(rng, "a100_pcie80", load=0.9)
            if t_ < t_pre:
                return b46(rng, "a100_pcie80", load=0.96)
            if t_pre + 10 < t_ < t_pre + 6010:
                return b46(rng, "a100_pcie80", load=0.7)
            if t_run + 60 < t_ < t_fault:
                return b46(rng, "a100_pcie80", load=0.96, extra={"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0,
                                                               "DCGM_FI_DEV_ROW_REMAP_PENDING": 0})
            if t_ >= t_fault:
                return i46(rng, "a100_pcie80", extra={"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1,
                                                     "DCGM_FI_DEV_ROW_REMAP_PENDING": 1, "DCGM_FI_DEV_XID_ERRORS": 48})
            return i46(rng, "a100_pcie80", extra={"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0, "DCGM_FI_DEV_ROW_REMAP_PENDING": 0})
        if n_ == "a100p-09":
            return i46(rng, "a100_pcie80")
        return i46(rng, "a100_pcie80")
    tel44(s, ["a100p-03"], 4, 0.0, t_end, 1200.0, fn,
          keys=K46 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_XID_ERRORS"))
    tel44(s, ["a100p-09", "a100p-05"], 4, 0.0, t_end, 5400.0, fn, keys=K46)
    s.truth = truth({"t": t_fault - 0.9, "category": "gpu_hardware", "node": "a100p-03", "gpu": 0},
                    drain=["a100p-03"], requeue={J: {"exclude": ["a100p-03"]}}, no_requeue=[N1, N2],
                    no_drain=["a100p-09"])
    return s


# ======================================================================================
# S5  ppo-2x3090-g3090-04-gpu0-lost-only-in-job-nvidia-smi-watchdog  (gpu_hardware: an entity-gym style PPO run
#     (one process, learner on GPU 0, rollout inference on GPU 1) on a 4 x RTX 3090 node. GPU 0 drops off: no kernel
#     line reaches the collector, DCGM just stops reporting GPU 0; the trainer hangs in the driver and prints
#     nothing more. The only text evidence is the job script's own 10-minute nvidia-smi watchdog: GPU 1 still
#     listed, GPU 0 answered with "Unable to determine the device handle for GPU 0000:09:00.0: Unknown Error".
#     The owner cancels 2 h later; the hung process cannot be killed, slurmd drains the node "Kill task failed".
#     Another owner's job on GPUs 2-3 carries on.)
# ======================================================================================
# Source (line and truth): https://github.com/NVIDIA/nvidia-docker/issues/1553 -- "Cannot kill container running with
#   failed GPU": a training container whose GPU failed cannot be killed; `nvidia-smi -a -i 0` answers
#   "Unable to determine the device handle for GPU 0000:09:00.0: Unknown Error" (verbatim below). The GPU itself
#   failed (the process is stuck in the driver); the node needs a reset/repair, the job has to run elsewhere.
REAL_S5_SMI = "Unable to determine the device handle for GPU 0000:09:00.0: Unknown Error"


def build_s5() -> Scenario:
    name = "ppo-2x3090-g3090-04-gpu0-lost-only-in-job-nvidia-smi-watchdog"
    J, N1, N2 = "330981", "330940", "331002"
    start = "2021-11-09T13:00:00Z"
    s = Scenario(name, "PPO reinforcement-learning run (one process, learner on GPU 0, rollout inference on GPU 1) "
                 "on a 4 x RTX 3090 node; the job script prints nvidia-smi for its GPUs every 10 minutes. Another "
                 "owner's job uses the node's GPUs 2-3; more jobs on other nodes.",
                 start,
                 {"name": "rl-3090", "partition": "gpu", "nodes": "g3090-[01-08]", "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:09:00", "0000:0a:00", "0000:42:00", "0000:43:00"]},
                 [{"id": J, "name": "ppo-microrts-enn", "user": "clemw", "nodes": "g3090-04", "tasks_per_node": 1,
                   "started": "2021-11-09T08:31:26Z", "comment": comment(2, "/data/clemw/runs/ppo-microrts")},
                  {"id": N1, "name": "dreamerv2-atari", "user": "rkhan", "nodes": "g3090-04", "tasks_per_node": 1,
                   "started": "2021-11-09T10:02:55Z"},
                  {"id": N2, "name": "ppo-procgen-sweep-7", "user": "clemw", "nodes": "g3090-06", "tasks_per_node": 1,
                   "started": "2021-11-09T12:40:13Z"}])
    rng = s.rng
    t_end = 4 * 3600.0
    t_gpu = 3200.0 + rng.uniform(0, 30)
    step = 61_440_000

    def ppo(t, job, stp, sps, ret):
        s.joblog(t, job, f"global_step={stp}, SPS={sps}, episodic_return={ret:.3f}, episode_length="
                         f"{rng.randint(250, 600)}, policy_loss={rng.uniform(-0.02, 0.01):.4f}, value_loss="
                         f"{rng.uniform(0.02, 0.09):.4f}, entropy={rng.uniform(0.9, 1.3):.4f}")  # SYNTH
    tt = 20.0
    nxt_smi = 300.0
    t_cancel = t_gpu + 2 * 3600 + 710.0
    while tt < min(t_end, t_cancel - 1):
        if tt < t_gpu:
            step += 16384 * 2
            ppo(tt, J, step, rng.randint(1010, 1090), rng.uniform(0.42, 0.61))
        if tt >= nxt_smi:
            d = s.at(tt)
            s.joblog(tt, J, f"[watchdog {d:%Y-%m-%d %H:%M:%S}] nvidia-smi --query-gpu=index,pci.bus_id,utilization.gpu,"
                            f"memory.used,temperature.gpu --format=csv,noheader -i 0,1")  # SYNTH
            if tt < t_gpu:
                s.joblog(tt + 0.3, J, f"0, 00000000:09:00.0, {rng.randint(71, 93)} %, {rng.randint(9100, 9800)} MiB, "
                                      f"{rng.randint(61, 69)}")  # SYNTH
            else:
                s.joblog(tt + 2.9, J, REAL_S5_SMI)  # REAL_S5_SMI
            u1 = rng.randint(38, 60) if tt < t_gpu else 0
            s.joblog(tt + 3.0, J, f"1, 00000000:0A:00.0, {u1} %, {rng.randint(3900, 4300)} MiB, {rng.randint(48, 58)}")  # SYNTH
            nxt_smi += 600.0
        tt += 32.0 if tt < t_gpu else 60.0
    if t_cancel < t_end:
        s.joblog(t_cancel, J, f"slurmstepd: error: *** JOB {J} ON g3090-04 CANCELLED AT "
                              f"{s.at(t_cancel):%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
        s.job_state(t_cancel + 0.5, J, "CANCELLED", "0:15")
        s.node_state(t_cancel + 121.0, "g3090-04", "MIXED+DRAIN", "Kill task failed")  # SYNTH
    # neighbours (SYNTH)
    tn, fr = 10.0, 31_200_000
    while tn < t_end:
        fr += 10000
        s.joblog(tn, N1, f"[{fr:>10d}] train_return {rng.uniform(180, 420):.1f} / fps {rng.uniform(410, 450):.1f} / "
                         f"model_loss {rng.uniform(0.8, 1.1):.2f} / actor_ent {rng.uniform(0.4, 0.7):.3f}")
        tn += 90.0
    tn, st = 40.0, 9_830_400
    while tn < t_end:
        st += 16384 * 16
        ppo(tn, N2, st, rng.randint(2300, 2500), rng.uniform(5.1, 7.9))
        tn += 112.0
    for k, (h, tk) in enumerate([("g3090-02", 900.0), ("g3090-06", 5100.0), ("g3090-04", 11000.0)]):
        noise46(s, h, tk, k + 1)

    def fn(n_, g, t_):
        if n_ == "g3090-04":
            if g == 0:
                return b46(rng, "rtx3090_46", load=rng.uniform(0.7, 0.92)) if t_ < t_gpu else None
            if g == 1:
                return b46(rng, "rtx3090_46", load=0.5) if t_ < t_gpu else g38(0, rng.uniform(108, 116), 1695, temp=47)
            return b46(rng, "rtx3090_46", load=0.85)
        if n_ == "g3090-06":
            return b46(rng, "rtx3090_46", load=0.8) if g == 0 else i46(rng, "rtx3090_46")
        return i46(rng, "rtx3090_46")
    tel44(s, ["g3090-04"], 4, 0.0, t_end, 300.0, fn, keys=K46)
    tel44(s, ["g3090-06", "g3090-01"], 4, 0.0, t_end, 1800.0, fn, keys=K46)
    s.truth = truth({"t": t_gpu, "category": "gpu_hardware", "node": "g3090-04", "gpu": 0}, drain=["g3090-04"],
                    requeue={J: {"exclude": ["g3090-04"]}}, no_requeue=[N1, N2], no_drain=["g3090-06"])
    return s


# ======================================================================================
# S6  healthy-pai-megatron-2502-image-qwen2-moe-4x8-h800-nccl-warning-flood  (healthy: Pai-Megatron-Patch (25.02
#     image, NCCL 2.25.1) Qwen2-MoE continued pretraining on 4 nodes x 8 H800. At start every rank prints a burst of
#     NCCL WARN lines (RoCE "Got async event : GID table change" as addresses settle, topology path lookups for
#     bonded interfaces), c10d "client socket has failed to connect" retries while the rendezvous store comes up,
#     Megatron/TransformerEngine deprecation warnings; GID-change warnings recur when the NIC agent refreshes
#     addresses. Training runs normally: iteration time flat, loss falling, no Slurm change.)
# ======================================================================================
# Source (truth): https://github.com/alibaba/Pai-Megatron-Patch/issues/543 -- with the provided 25.02 image
#   "Training is normal, but there is lots of unexpected nccl warnings" (NCCL in the image still 2.25.1); closed.
#   The warnings in the thread are screenshots; every line below is SYNTH in NCCL's / torch's / Megatron's formats.


def build_s6() -> Scenario:
    name = "healthy-pai-megatron-2502-image-qwen2-moe-4x8-h800-nccl-warning-flood"
    J, N1 = "7730215", "7730188"
    start = "2025-04-01T02:10:00Z"
    s = Scenario(name, "Pai-Megatron-Patch Qwen2-MoE continued pretraining on 4 nodes x 8 H800 (RoCE), 32 ranks, "
                 "NCCL_DEBUG=WARN. Another owner's job on other nodes.",
                 start,
                 {"name": "h800-roce", "partition": "train", "nodes": "h800-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": H800_BUS},
                 [{"id": J, "name": "qwen2-moe-a14b-cpt", "user": "hevans", "nodes": "h800-[09-12]",
                   "tasks_per_node": 8, "started": "2025-04-01T02:09:31Z",
                   "comment": comment(3, "/mnt/cpfs/hevans/ckpt/qwen2-moe-cpt")},
                  {"id": N1, "name": "dpo-qwen2-7b", "user": "yzhou", "nodes": "h800-[03-04]", "tasks_per_node": 8,
                   "started": "2025-04-01T00:55:48Z", "comment": comment(1)}])
    rng = s.rng
    hosts = ["h800-09", "h800-10", "h800-11", "h800-12"]
    t_end = 3 * 3600.0
    s.joblog(2.0, J, "+ srun torchrun --nproc_per_node 8 --nnodes 4 --rdzv_backend c10d --rdzv_endpoint h800-09:29500 "
                     "pretrain_qwen.py --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 "
                     "--expert-model-parallel-size 4 --num-experts 64 --moe-router-topk 8 --seq-length 4096 --bf16")  # SYNTH
    # rendezvous retries (SYNTH, benign)
    for k, h in enumerate(hosts[1:]):
        for a in range(rng.randint(2, 4)):
            s.joblog(5.0 + k * 0.7 + a * 1.0, J, f"[W401 02:10:{5 + a:02d}.{rng.randint(100000, 999999)}000 socket.cpp:755] "
                                                 f"[c10d] The client socket has failed to connect to [h800-09]:29500 "
                                                 f"(errno: 111 - Connection refused).")
    # NCCL warning flood at communicator init (SYNTH)
    tt = 48.0
    for r in rng.sample(range(32), 32):
        h = hosts[r // 8]
        lr = r % 8
        pid = 31000 + 17 * r
        for dev in rng.sample(range(4), rng.randint(1, 3)):
            s.joblog(tt, J, f"{nccl_prefix(h, pid, pid + 402, lr)} NCCL WARN NET/IB : mlx5_bond_{dev}:1 Got async "
                            f"event : GID table change")
            tt += rng.uniform(0.001, 0.02)
        s.joblog(tt, J, f"{nccl_prefix(h, pid, pid + 402, lr)} NCCL WARN Could not find real path of "
                        f"/sys/class/net/bond{lr % 4}/device")
        tt += rng.uniform(0.005, 0.05)
    s.joblog(tt + 1.0, J, "NCCL version 2.25.1+cuda12.8")
    for k in range(6):
        s.joblog(tt + 3.0 + 0.01 * k, J, "/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/"
                                         "module/base.py:631: UserWarning: `fp8_group` argument is deprecated and will "
                                         "be removed in a future release. Use `fp8_autocast(fp8_group=...)` instead.")
    s.joblog(tt + 4.0, J, "WARNING: one_logger package is required to enable e2e metrics tracking. please go to "
                          "the internal package repository for details to install it")  # SYNTH
    s.joblog(tt + 9.0, J, " > loading checkpoint from /mnt/cpfs/hevans/ckpt/qwen2-moe-cpt at iteration 12000")
    s.joblog(tt + 61.0, J, "  successfully loaded checkpoint from /mnt/cpfs/hevans/ckpt/qwen2-moe-cpt "
                           "[ t 0/2, p 0/2 ] at iteration 12000")
    it = 12000
    tq = tt + 90.0
    nxt_gid = tq + rng.uniform(1500, 2500)
    while tq < t_end:
        it += 1
        if it % 10 == 0:
            s.joblog(tq, J, megatron_iter(s.at(tq), it, 60000, 6930.0 + rng.uniform(-70, 90), 8.9e-5,
                                          rng.uniform(2.04, 2.12) - (it - 12000) * 2e-6, 1536))
        if tq > nxt_gid:
            for r in rng.sample(range(32), rng.randint(6, 14)):
                h = hosts[r // 8]
                pid = 31000 + 17 * r
                s.joblog(tq + rng.uniform(0, 0.3), J, f"{nccl_prefix(h, pid, pid + 402, r % 8)} NCCL WARN NET/IB : "
                                                      f"mlx5_bond_{rng.randrange(4)}:1 Got async event : GID table change")
            nxt_gid = tq + rng.uniform(1800, 3000)
        tq += 6.93 * rng.uniform(0.99, 1.01)
    # neighbour (SYNTH)
    tn, st = 20.0, 1880
    while tn < t_end:
        st += 5
        s.joblog(tn, N1, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'rewards/chosen': %.3f, "
                         "'rewards/rejected': %.3f, 'epoch': %.2f}" % (rng.uniform(0.38, 0.52), rng.uniform(3, 9),
                                                                      4.6e-7, rng.uniform(-0.5, 0.4),
                                                                      rng.uniform(-2.6, -1.5), st / 6200))
        tn += 5 * 11.8
    for k, (h, tk) in enumerate([("h800-10", 900.0), ("h800-04", 4700.0), ("h800-12", 8100.0)]):
        noise46(s, h, tk, k + 3)

    def fn(n_, g, t_):
        if n_ in hosts:
            return b46(rng, "h800", load=rng.uniform(0.9, 0.99)) if t_ > 150 else i46(rng, "h800")
        return b46(rng, "h800", load=0.9)
    tel44(s, hosts, 8, 0.0, t_end, 900.0, fn, keys=K46)
    tel44(s, ["h800-03", "h800-04"], 8, 0.0, t_end, 3600.0, fn, keys=K46)
    s.truth = truth(None, no_requeue=[J, N1], no_drain=hosts)
    return s


# ======================================================================================
# S7  prestus-kwave-array-24-tasks-dccn-c078-gpudevice-fails-every-task  (gpu_hardware, node: a PRESTUS (MATLAB
#     R2022b + k-Wave kspaceFirstOrder3DG) transcranial-ultrasound simulation array, 24 subjects, at most 6 running,
#     one GPU each, 25-45 min per task. Every task that lands on dccn-c078 dies within ~30 s at gpuDevice with a CUDA
#     driver error; tasks elsewhere (same MATLAB, same driver 460.73.01 on dccn-c077) run to completion. Five of the
#     24 tasks are placed on dccn-c078 over about two hours, each failure looking like a one-off.)
# ======================================================================================
# Source (truth): https://github.com/Donders-Institute/PRESTUS/issues/50 -- "On R2022b ... GPU jobs run fine except for
#   node dccn-c078. There, gpuDevice will reliably fail"; the admin reproduced it with an NVIDIA sample ("The same cuda
#   executable running fine on dccn-c077 failed on dccn-c078") and set the node offline for investigation, then
#   restarted the server. Node-local fault; the jobs are fine elsewhere. No REAL_* line: the thread shows no MATLAB
#   output text (only the admins' node-check output); the MATLAB/k-Wave lines below are SYNTH.


def build_s7() -> Scenario:
    name = "prestus-kwave-array-24-tasks-dccn-c078-gpudevice-fails-every-task"
    start = "2024-10-03T08:00:00Z"
    A = "4719302"
    nodes = ["dccn-c070", "dccn-c071", "dccn-c072", "dccn-c073", "dccn-c074", "dccn-c075", "dccn-c076", "dccn-c077",
             "dccn-c078"]
    rng = random.Random(start + "placement")
    # hand-made placement (SYNTH): (task, node, start offset s); c078 gets tasks 4, 9, 13, 18, 22
    plan = []
    free_at = {n: [0.0, 0.0] for n in nodes}
    free_at["dccn-c078"] = [0.0, 1e12]   # one of its two GPUs held by another job all day
    for n in ("dccn-c070", "dccn-c071", "dccn-c072"):
        free_at[n] = [1e12, 1e12]          # busy with other partitions' work
    bad = {4, 9, 13, 18, 22}
    t = 40.0
    running = []
    for task in range(1, 25):
        # wait until fewer than 6 tasks run (array throttle %6)
        running = [e for e in running if e > t]
        while len(running) >= 6:
            t = min(running) + rng.uniform(5, 40)
            running = [e for e in running if e > t]
        if task in bad:
            node = "dccn-c078"
            dur = rng.uniform(24, 33)
        else:
            cands = [n for n in nodes if n != "dccn-c078" and min(free_at[n]) <= t]
            node = rng.choice(cands) if cands else "dccn-c077"
            dur = rng.uniform(1500, 2700)
            gi = 0 if free_at[node][0] <= free_at[node][1] else 1
            free_at[node][gi] = t + dur
        plan.append((task, node, t, dur))
        running.append(t + dur)
        t += rng.uniform(20, 120) if task not in bad else rng.uniform(900, 2400)
    jobs = []
    for task, node, t0, dur in plan:
        jid = f"{A}_{task}"
        d0 = parse_start(start) + dt.timedelta(seconds=t0)
        jobs.append({"id": jid, "name": "prestus_sim", "user": "jkosciessa", "nodes": node, "tasks_per_node": 1,
                     "started": f"{d0:%Y-%m-%dT%H:%M:%SZ}", "comment": comment(1, "/project/3023001.06/sims")})
    NB = "4719255"
    jobs.append({"id": NB, "name": "fmriprep-gpu-syn", "user": "hurngchun", "nodes": "dccn-c078", "tasks_per_node": 1,
                 "started": "2024-10-03T06:12:40Z"})
    s = Scenario(name, "PRESTUS (MATLAB R2022b, k-Wave GPU solver) simulation job array, 24 subjects, throttled to 6 "
                 "running tasks, one GPU each, on 2-GPU nodes. One node's GPU stack fails every task placed on it "
                 "within seconds; the array opted in to one automatic requeue per task.",
                 start,
                 {"name": "dccn-gpu", "partition": "gpu", "nodes": "dccn-c[047,070-078]", "gpus_per_node": 2,
                  "pci_bus_ids": ["0000:3b:00", "0000:d8:00"]},
                 jobs)
    srng = s.rng
    t_end = max(t0 + dur for _, _, t0, dur in plan) + 900.0
    failed = []
    first_fault = None
    for task, node, t0, dur in plan:
        jid = f"{A}_{task}"
        sub = 100 + task
        if t0 > 0:
            s.job_state(t0, jid, "RUNNING", "0:0", nodes=node)
        s.joblog(t0 + 1.0, jid, f"PRESTUS: subject sub-{sub:03d}, target left_amygdala, config config_dccn_gpu.yaml")  # SYNTH
        s.joblog(t0 + 4.0, jid, "                            < M A T L A B (R) >")  # SYNTH
        s.joblog(t0 + 4.1, jid, "                  Copyright 1984-2022 The MathWorks, Inc.")  # SYNTH
        s.joblog(t0 + 4.2, jid, "              R2022b Update 5 (9.13.0.2193358) 64-bit (glnxa64)")  # SYNTH
        s.joblog(t0 + 14.0, jid, f"Loading T1 and segmentation for sub-{sub:03d}...")  # SYNTH
        if node == "dccn-c078":
            tf = t0 + dur
            first_fault = tf if first_fault is None else first_fault
            for k, l in enumerate(["Error using gpuDevice",
                                   "There is a problem with the CUDA driver or with this GPU device. Be sure that you "
                                   "have a supported GPU and that the latest driver is installed.",
                                   "",
                                   "Error in kspaceFirstOrder3DG (line 164)",
                                   "",
                                   "Error in single_subject_pipeline (line 208)",
                                   "",
                                   "Caused by:",
                                   "    The CUDA error code was: CUDA_ERROR_UNKNOWN."]):
                s.joblog(tf + 0.001 * k, jid, l)  # SYNTH
            s.job_state(tf + 1.5, jid, "FAILED", "1:0")
            failed.append(jid)
        else:
            s.joblog(t0 + 38.0, jid, "Running k-Wave simulation...")  # SYNTH
            s.joblog(t0 + 38.1, jid, f"  start time: {s.at(t0 + 38):%d-%b-%Y %H:%M:%S}")  # SYNTH
            s.joblog(t0 + 38.2, jid, "  reference sound speed: 2800m/s")  # SYNTH
            s.joblog(t0 + 38.3, jid, "  dt: 50ns, t_end: 160us, time steps: 3201")  # SYNTH
            s.joblog(t0 + 38.4, jid, "  input grid size: 256 by 256 by 288 grid points (128 by 128 by 144mm)")  # SYNTH
            s.joblog(t0 + 44.0, jid, f"  precomputation completed in {srng.uniform(4.0, 7.5):.4f}s")  # SYNTH
            s.joblog(t0 + 44.1, jid, "  starting time loop...")  # SYNTH
            sim = dur - 180.0
            s.joblog(t0 + 70.0, jid, f"  estimated simulation time {int(sim // 60)}min {sim % 60:.4f}s...")  # SYNTH
            s.joblog(t0 + 44 + sim, jid, f"  simulation completed in {int(sim // 60)}min {(sim % 60) * 0.98:.4f}s")  # SYNTH
            s.joblog(t0 + 60 + sim, jid, f"Saved results to /project/3023001.06/sims/sub-{sub:03d}_layered_results.mat")  # SYNTH
            s.job_state(t0 + dur, jid, "COMPLETED", "0:0")
    # NB on dccn-c078's other GPU (SYNTH): a CPU-heavy preprocessing job that barely uses its GPU
    tn = 50.0
    while tn < t_end:
        s.joblog(tn, NB, f"{s.at(tn):%y%m%d-%H:%M:%S},{srng.randint(100, 999)} nipype.workflow INFO:\n"
                         f"\t [Node] Finished \"_autorecon_surf{srng.randint(0, 9)}\", elapsed time "
                         f"{srng.uniform(60, 900):.2f}s.".split("\n")[0])
        tn += srng.uniform(400, 1100)
    for k, (h, tk) in enumerate([("dccn-c074", 2000.0), ("dccn-c078", 9000.0), ("dccn-c047", 15000.0)]):
        noise46(s, h, tk, k)

    busy = {}
    for task, node, t0, dur in plan:
        if node != "dccn-c078":
            busy.setdefault(node, []).append((t0, t0 + dur))

    def fn(n_, g, t_):
        if n_ == "dccn-c078":
            return g38(0, srng.uniform(24, 30), 135, temp=31) if g == 1 else g38(srng.uniform(0, 3), srng.uniform(38, 45), 1245, temp=36)
        ivs = busy.get(n_, [])
        k = sum(1 for a, b in ivs if a <= t_ <= b)
        if g < k:
            return b46(srng, "v100s_46", load=srng.uniform(0.9, 0.99))
        return i46(srng, "v100s_46")
    tel44(s, nodes[3:], 2, 0.0, t_end, 600.0, fn, keys=K46)
    s.truth = truth({"t": first_fault, "category": "gpu_hardware", "node": "dccn-c078"}, drain=["dccn-c078"],
                    requeue={j: {"exclude": ["dccn-c078"]} for j in failed},
                    no_requeue=[NB], no_drain=["dccn-c077", "dccn-c076"])
    return s


# ======================================================================================
# S8  triton-tvm-python-backend-g5-a10g-gpu2-ecc-uncorrectable-service-keeps-answering-400  (gpu_hardware: a Triton
#     Inference Server 22.05 service job (4 model instances of a TVM-compiled detector, one per A10G of a g5.12xlarge
#     Slurm node). After hours of serving, GPU 2 takes an uncorrectable ECC error: the kernel logs Xid 48, and every
#     request routed to that GPU's instance now fails in TVM with "CUDA: uncorrectable ECC error encountered" (HTTP
#     400 to the client) while the other three instances keep answering. The server process never exits; Slurm sees
#     a RUNNING job. Not training; the fix is the node, the service should be restarted elsewhere.)
# ======================================================================================
# Source (lines and truth): https://github.com/triton-inference-server/server/issues/4540 -- "We occasionally see the
#   following error when GPU card in an EC2 host is malformed"; the error comes after serving some requests, not at
#   start-up; "there is some hardware issue with GPU instance". The four lines below are verbatim from the thread
#   (the URL inside the second one is TVM's own message text).
REAL_S8_TVM = [
    "Check failed: (e == cudaSuccess || e == cudaErrorCudartUnloading) is false: CUDA: uncorrectable ECC error encountered",
    "More details can be found here: https://discuss.tvm.ai/t/error-reporting/7793.",
    "Please read TVM's error reporting guidelines.",
    "raise get_last_ffi_error()",
]


def triton_log(d: dt.datetime, level: str, src: str, msg: str, pid: int = 1) -> str:
    """SYNTH: Triton's glog-style prefix `I0622 10:31:00.123456 1 server.cc:123] msg`."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid} {src}] {msg}"


def build_s8() -> Scenario:
    name = "triton-tvm-python-backend-g5-a10g-gpu2-ecc-uncorrectable-service-keeps-answering-400"
    J, N1, N2 = "62217", "62190", "62230"
    start = "2022-06-22T08:00:00Z"
    nodes = "g5q-st-g512xl-[1-6]"
    s = Scenario(name, "Triton Inference Server 22.05 run as a long-lived Slurm job on an AWS ParallelCluster g5 queue "
                 "(4 x A10G per node), one TVM-compiled detector instance per GPU behind the python backend; the job "
                 "script probes the HTTP endpoint every minute. Other owners' batch jobs on other nodes.",
                 start,
                 {"name": "pcluster-g5", "partition": "g5q", "nodes": nodes, "gpus_per_node": 4,
                  "pci_bus_ids": ["0000:00:1b", "0000:00:1c", "0000:00:1d", "0000:00:1e"]},
                 [{"id": J, "name": "triton-tvm-detector", "user": "pvarma", "nodes": "g5q-st-g512xl-3",
                   "tasks_per_node": 1, "started": "2022-06-22T03:14:09Z",
                   "comment": comment(3)},
                  {"id": N1, "name": "batch-embed-clip", "user": "dlee", "nodes": "g5q-st-g512xl-1", "tasks_per_node": 4,
                   "started": "2022-06-22T07:31:52Z"},
                  {"id": N2, "name": "yolov5-train-p6", "user": "mfranz", "nodes": "g5q-st-g512xl-[4-5]",
                   "tasks_per_node": 4, "started": "2022-06-22T06:02:11Z", "comment": comment(2)}])
    rng = s.rng
    host = "g5q-st-g512xl-3"
    t_fault = 3 * 3600 + 1127.3
    t_end = t_fault + 5400.0
    # probe lines (SYNTH)
    tt = 30.0
    err_rate = 0.0
    while tt < t_end:
        d = s.at(tt)
        n = rng.randint(2360, 2640)
        bad = 0 if tt < t_fault else int(n * rng.uniform(0.23, 0.27))
        s.joblog(tt, J, f"[probe {d:%Y-%m-%dT%H:%M:%SZ}] /v2/health/ready 200 | last 120s: {n} infer, {n - bad} ok, "
                        f"{bad} HTTP 400 | p50 {rng.uniform(17, 21):.1f} ms p99 {rng.uniform(48, 66):.1f} ms")  # SYNTH
        if tt > t_fault:
            # a sample of the python backend's per-request error output (REAL lines, SYNTH frame lines)
            if rng.random() < 0.5:
                base = tt + rng.uniform(1, 110)
                lines = [triton_log(s.at(base), "E", "python_be.cc:1393",
                                    "Failed to process the request(s) for model 'detector_tvm_2', message: "
                                    "TVMError: Traceback (most recent call last):"),
                         '  File "/models/detector_tvm/1/model.py", line 88, in execute',
                         "    self.module.run()",
                         '  File "/usr/local/lib/python3.8/dist-packages/tvm/_ffi/_ctypes/packed_func.py", line 237, in __call__',
                         REAL_S8_TVM[3], "  0: TVMFuncCall", "  1: tvm::runtime::CUDADeviceAPI::StreamSync",
                         REAL_S8_TVM[0], REAL_S8_TVM[1], REAL_S8_TVM[2]]
                for k, l in enumerate(lines):
                    s.joblog(base + 0.0005 * k, J, l)  # REAL_S8_TVM + SYNTH
        tt += 120.0
    kt(s, t_fault - 0.4, host, "NVRM: Xid (PCI:0000:00:1d): 48, pid=25130, name=triton_python_b, An uncorrectable "
                               "double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, "
                               "subpartition 1.")  # SYNTH
    kt(s, t_fault + 2.1, host, "NVRM: Xid (PCI:0000:00:1d): 63, pid=25130, name=triton_python_b, Row Remapper: New "
                               "row (0x000000000021b7c4) was marked for remapping, reset gpu to activate.")  # SYNTH
    # neighbours (SYNTH)
    tn, b = 20.0, 1_840_000
    while tn < t_end:
        b += 20000
        s.joblog(tn, N1, f"[embed] shard {b // 1_000_000:04d} rows {b:,} imgs/s {rng.uniform(2100, 2350):.0f}")
        tn += 240.0
    tn, ep = 60.0, 41
    while tn < t_end:
        s.joblog(tn, N2, f"     {ep}/299     {rng.uniform(17.1, 17.9):.3g}G   {rng.uniform(0.031, 0.034):.5f}   "
                         f"{rng.uniform(0.051, 0.055):.5f}   {rng.uniform(0.009, 0.011):.5f}        {rng.randint(180, 260)}"
                         f"      1280: 100%|██████████| 1848/1848 [{hms(1848 * 0.71)}<00:00,  1.41it/s]")
        ep += 1
        tn += 1848 * 0.71 + 95
    kt(s, 2600.0, "g5q-st-g512xl-5", "ena 0000:00:06.0 eth0: TX hang detected on queue 3, resetting device")  # SYNTH noise
    noise46(s, "g5q-st-g512xl-1", 7100.0, 1)

    def fn(n_, g, t_):
        if n_ == host:
            if g == 2:
                if t_ < t_fault:
                    return b46(rng, "a10g", load=rng.uniform(0.35, 0.55), extra={"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0,
                                                                                 "DCGM_FI_DEV_XID_ERRORS": 0})
                return g38(0, rng.uniform(58, 64), 1710, temp=44, extra={"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 2,
                                                                          "DCGM_FI_DEV_XID_ERRORS": 48})
            return b46(rng, "a10g", load=rng.uniform(0.35, 0.55), extra={"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0,
                                                                         "DCGM_FI_DEV_XID_ERRORS": 0})
        if n_ in ("g5q-st-g512xl-1", "g5q-st-g512xl-4", "g5q-st-g512xl-5"):
            return b46(rng, "a10g", load=0.92)
        return i46(rng, "a10g")
    tel44(s, [host], 4, 0.0, t_end, 600.0, fn, keys=K46 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS"))
    tel44(s, ["g5q-st-g512xl-1", "g5q-st-g512xl-4", "g5q-st-g512xl-5"], 4, 0.0, t_end, 2700.0, fn, keys=K46)
    s.truth = truth({"t": t_fault - 0.4, "category": "gpu_hardware", "node": host, "gpu": 2}, drain=[host],
                    requeue={J: {"exclude": [host]}}, no_requeue=[N1, N2],
                    no_drain=["g5q-st-g512xl-1", "g5q-st-g512xl-4", "g5q-st-g512xl-5"])
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
