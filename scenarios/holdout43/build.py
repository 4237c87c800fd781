#!/usr/bin/env python3
"""Build the holdout43 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout43: generic helpers and the holdout14..holdout42 helper sections are copied unchanged from holdout42's build.py;
the holdout42 scenarios are replaced by the holdout43 helpers and scenarios S1..S8 below (one per category).
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
# holdout43 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "v100s": (52, 5, 228.0, 20.0, 1597, 29800, 1200),     # Tesla V100S-PCIE-32GB, 250 W
    "gtx680": (66, 4, 148.0, 14.0, 1058, 3400, 250),      # GeForce GTX 680 4 GB, 195 W
    "h100_80": (58, 6, 560.0, 60.0, 1980, 76500, 2500),   # H100-SXM5-80GB, 700 W
})
K43 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP",
       "DCGM_FI_DEV_FB_USED")
K43T = K43 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)
K43E = K43 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")


def every(s: "Scenario", job: str, t0: float, t1: float, period: float, fn, jitter: float = 0.02) -> None:
    """SYNTH: call fn(t, k) -> line (or None) about every `period` s between t0 and t1."""
    t, k = t0, 0
    while t < t1:
        line = fn(t, k)
        if line is not None:
            s.joblog(t, job, line)
        k += 1
        t += period * (1 + s.rng.uniform(-jitter, jitter))


def py_tb(s: "Scenario", t: float, job: str, prefix: str, frames: list, last: str) -> float:
    """SYNTH: a Python traceback block, one joblog line per line."""
    lines = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        lines += [f'  File "{f}", line {ln}, in {fn}', f"    {code}"]
    lines.append(last)
    for k, l in enumerate(lines):
        s.joblog(t + 0.0005 * k, job, prefix + l)
    return t + 0.0005 * len(lines)


def tfmt(d: dt.datetime) -> str:
    return f"{d:%Y-%m-%d %H:%M:%S}"


# ======================================================================================
# S1  mmpretrain-vs04-gpu1-dbe-then-cuda-oom-on-every-start  (gpu_hardware: an 8 x V100S-PCIE (VM passthrough) Slurm
#     cluster. GPU 1 of vs-04 takes an uncorrectable (double-bit) ECC error under another user's 1-GPU job (Xid 48,
#     DCGM DBE 1); that job dies. Slurm keeps scheduling onto GPU 1: an opted-in mmpretrain 4-GPU job gets GPUs 0-3 of
#     vs-04; its batch script prints nvidia-smi (GPU 1 shows 1 in "Volatile Uncorr. ECC"), then local rank 1 dies at
#     model.cuda() with "RuntimeError: CUDA error: out of memory" although the GPU is empty -- the text reads like an
#     application OOM, the cause is the broken GPU.)
# ======================================================================================
# Source (lines + truth): https://github.com/NVIDIA/k8s-device-plugin/issues/267 -- "when one GPU on the host is
# abnormal due to Uncorrectable ECC Error ... my pod still be scheduled to this GPU, and everytime get RuntimeError:
# CUDA error: out of memory"; nvidia-smi shows "GPU 1 has 1 Volatile Uncorr. ECC"; the maintainer (elezar) answers
# that the plugin marks GPUs unhealthy from error events and may be missing this one -- i.e. the GPU is bad and must
# be taken out of scheduling. Verbatim: the RuntimeError line.
REAL_S1_OOM = "RuntimeError: CUDA error: out of memory"
# Source (nvidia-smi lines): https://github.com/NVIDIA/k8s-device-plugin/issues/243 -- "GPU is not usable due to
# Uncorrectable ECC Error but k8s-device-plugin seems to think its healthy" (Tesla V100S-PCIE, driver 450.51.05, VM
# bus 00000000:00:07.0). Verbatim: the date line, the version banner and the GPU 0 row.
REAL_S1_SMI = [
    "Wed Apr 28 08:39:21 2021",
    "| NVIDIA-SMI 450.51.05    Driver Version: 450.51.05    CUDA Version: 11.0     |",
    "|   0  Tesla V100S-PCI...  Off  | 00000000:00:07.0 Off |                    0 |",
]
VS_BUS = [f"0000:00:{b:02x}" for b in range(0x07, 0x0f)]


def build_s1() -> Scenario:
    name = "mmpretrain-vs04-gpu1-dbe-then-cuda-oom-on-every-start"
    J, N1, N2, N3 = "31877", "31840", "31852", "31861"
    node = "vs-04"
    start = "2021-04-28T06:00:00Z"
    s = Scenario(name, "A VM-based Slurm cluster of 8 x Tesla V100S-PCIE-32GB nodes (driver 450.51.05). On vs-04 a "
                 "1-GPU job on GPU 1 dies; 20 minutes later an opted-in mmpretrain 4-GPU job starts on GPUs 0-3 of "
                 "vs-04, prints nvidia-smi and fails at start-up with a CUDA out-of-memory error on local rank 1. "
                 "Another owner's 4-GPU job keeps running on GPUs 4-7 of vs-04; node clocks are CEST.",
                 start,
                 {"name": "oskar", "partition": "gpu", "nodes": "vs-[01-08]", "gpus_per_node": 8,
                  "pci_bus_ids": VS_BUS},
                 [{"id": J, "name": "mmpretrain-convnext-t-in1k", "user": "lhuang", "nodes": node, "tasks_per_node": 4,
                   "started": "2021-04-28T06:39:14Z", "comment": comment(2, "/scratch/lhuang/work_dirs/convnext_t")},
                  {"id": N1, "name": "unet-seg-fold3", "user": "tmeier", "nodes": node, "tasks_per_node": 1,
                   "started": "2021-04-28T04:52:30Z"},
                  {"id": N2, "name": "wav2vec2-ft-de", "user": "akhan", "nodes": node, "tasks_per_node": 4,
                   "started": "2021-04-28T03:10:02Z"},
                  {"id": N3, "name": "gnn-qm9-sweep", "user": "pbrandt", "nodes": "vs-06", "tasks_per_node": 2,
                   "started": "2021-04-28T05:31:47Z"}])
    rng = s.rng
    cest = dt.timedelta(hours=2)
    t_xid = 1187.42
    t_j = (dt.datetime(2021, 4, 28, 6, 39, 21) - s.start).total_seconds()
    t_end = t_j + 1500.0
    # N1 (SYNTH): Lightning-free UNet loop, one line per 50 iterations, dies at the DBE
    every(s, N1, 12.0, t_xid, 61.0, lambda t, k: f"epoch 37 iter {2150 + 50 * k}/3120 loss {rng.uniform(0.11, 0.19):.4f} "
          f"dice {rng.uniform(0.81, 0.86):.4f} lr 2.5e-04 {61.0 / 50:.3f}s/it")
    kd = s.at(t_xid) + cest
    s.kernel(t_xid, node, f"{dmesg_t(kd)} NVRM: Xid (PCI:0000:00:08): 48, pid=21877, DBE (0x00000002) (0x00000000)")  # SYNTH
    s.kernel(t_xid + 0.02, node, f"{dmesg_t(kd)} NVRM: Xid (PCI:0000:00:08): 63, pid=21877, Dynamic Page Retirement: "
             f"New page retired, reboot to activate (0x0000000000a3f1c2).")  # SYNTH
    py_tb(s, t_xid + 0.6, N1, "", [("train.py", 212, "<module>", "main(cfg)"),
                                   ("train.py", 171, "main", "loss_val = loss.item()")],
          "RuntimeError: CUDA error: uncorrectable ECC error encountered")  # SYNTH
    s.joblog(t_xid + 2.1, N1, f"srun: error: {node}: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_xid + 2.5, N1, "FAILED", "1:0")
    # N2 (SYNTH): fairseq wav2vec2 fine-tune on GPUs 4-7, unaffected
    every(s, N2, 30.0, t_end, 212.0, lambda t, k: (
        f"{tfmt(s.at(t) + cest)} | INFO | train_inner | epoch 041:   {600 + 200 * k % 1800:4d} / 1841 loss={rng.uniform(41, 52):.3f}, "
        f"ntokens={rng.randint(52000, 56000)}, nsentences={rng.randint(180, 200)}, uer={rng.uniform(9, 12):.3f}, "
        f"wer={rng.uniform(14, 18):.3f}, wps={rng.randint(4900, 5300)}, ups=0.94, wpb={rng.randint(52000, 56000)}, "
        f"bsz=192, num_updates={28400 + 200 * k}, lr=3e-05, gnorm={rng.uniform(60, 140):.3f}, loss_scale=64, "
        f"train_wall=211, gb_free=9.8, wall={41234 + int(t)}"))
    # N3 (SYNTH): a GNN sweep on vs-06
    every(s, N3, 45.0, t_end, 300.0, lambda t, k: f"[{tfmt(s.at(t))}] trial 14 epoch {k + 88:3d} | train MAE "
          f"{rng.uniform(0.021, 0.026):.4f} | val MAE {rng.uniform(0.027, 0.031):.4f} | {rng.uniform(2.9, 3.1):.2f} min")
    # J: starts on vs-04, prints nvidia-smi, torchrun 4 workers, rank 1 fails
    s.job_state(t_j - 7.0, J, "RUNNING", "0:0", nodes=node)  # SYNTH
    smi = [REAL_S1_SMI[0],  # REAL_S1_SMI
           "+-----------------------------------------------------------------------------+",
           REAL_S1_SMI[1],  # REAL_S1_SMI
           "|-------------------------------+----------------------+----------------------+",
           "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |",
           "|                               |                      |               MIG M. |",
           "|===============================+======================+======================|",
           REAL_S1_SMI[2],  # REAL_S1_SMI
           "| N/A   31C    P0    25W / 250W |      0MiB / 32510MiB |      0%      Default |",
           "|                               |                      |                  N/A |",
           "+-------------------------------+----------------------+----------------------+",
           "|   1  Tesla V100S-PCI...  Off  | 00000000:00:08.0 Off |                    1 |",
           "| N/A   33C    P0    26W / 250W |      0MiB / 32510MiB |      0%      Default |",
           "|                               |                      |                  N/A |",
           "+-------------------------------+----------------------+----------------------+",
           "|   2  Tesla V100S-PCI...  Off  | 00000000:00:09.0 Off |                    0 |",
           "| N/A   30C    P0    25W / 250W |      0MiB / 32510MiB |      0%      Default |",
           "|                               |                      |                  N/A |",
           "+-------------------------------+----------------------+----------------------+",
           "|   3  Tesla V100S-PCI...  Off  | 00000000:00:0A.0 Off |                    0 |",
           "| N/A   32C    P0    25W / 250W |      0MiB / 32510MiB |      0%      Default |",
           "|                               |                      |                  N/A |",
           "+-------------------------------+----------------------+----------------------+"]  # SYNTH (rows other than REAL)
    for k, l in enumerate(smi):
        s.joblog(t_j + 0.001 * k, J, l)
    tj = t_j + 3.2
    s.joblog(tj, J, "WARNING:torch.distributed.run:")  # SYNTH (torch 1.8 launcher wording)
    s.joblog(tj + 0.001, J, "*****************************************")
    s.joblog(tj + 0.002, J, "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid "
                            "your system being overloaded, please further tune the variable for optimal performance in "
                            "your application as needed. ")
    s.joblog(tj + 0.003, J, "*****************************************")
    for k, msg in enumerate(["System environment:", "    sys.platform: linux", "    Python: 3.8.10 (default, Jun  4 2021, 15:09:15) [GCC 7.5.0]",
                             "    CUDA available: True", "    GPU 0,1,2,3: Tesla V100S-PCIE-32GB", "    PyTorch: 1.8.1+cu111",
                             "    TorchVision: 0.9.1+cu111", "    MMCV: 1.3.3", "    MMClassification: 0.12.0+"]):
        s.joblog(tj + 14.0 + 0.001 * k, J, (f"{tfmt(s.at(tj + 14.0) + cest)},{rng.randint(100, 999)} - mmcls - INFO - " if k == 0 else "") + msg)  # SYNTH
    t_fail = tj + 21.7
    py_tb(s, t_fail, J, "", [("tools/train.py", 179, "<module>", "main()"),
                             ("tools/train.py", 175, "main", "meta=meta)"),
                             ("/scratch/lhuang/mmclassification/mmcls/apis/train.py", 91, "train_model",
                              "find_unused_parameters=find_unused_parameters)"),
                             ("/opt/conda/lib/python3.8/site-packages/mmcv/parallel/distributed.py", 26, "__init__",
                              "super().__init__(module, *args, **kwargs)"),
                             ("/opt/conda/lib/python3.8/site-packages/torch/nn/parallel/distributed.py", 401, "__init__",
                              "self._sync_params_and_buffers(authoritative_rank=0)")], REAL_S1_OOM)  # SYNTH frames; last line REAL_S1_OOM
    s.joblog(t_fail + 4.0, J, "Killing subprocess 41877")  # SYNTH (torch 1.8 launcher)
    s.joblog(t_fail + 4.001, J, "Killing subprocess 41878")
    s.joblog(t_fail + 4.002, J, "Killing subprocess 41879")
    s.joblog(t_fail + 4.003, J, "Killing subprocess 41880")
    s.joblog(t_fail + 4.1, J, "subprocess.CalledProcessError: Command '['/opt/conda/bin/python', '-u', 'tools/train.py', "
                              "'--local_rank=3', 'configs/convnext/convnext-tiny_32xb128_in1k.py', '--launcher', "
                              "'pytorch']' returned non-zero exit status 1.")  # SYNTH
    s.joblog(t_fail + 4.6, J, f"srun: error: {node}: task 0: Exited with exit code 1")
    job_end(s, t_fail + 5.0, J, "FAILED", "1:0")

    def fn(n_, g, t_):
        if n_ == node:
            if g == 1:
                dbe = 1 if t_ > t_xid else 0
                xid = 48 if t_ > t_xid else 0
                busy = t_ < t_xid
                f = busy40(rng, "v100s", load=0.93) if busy else idle40(rng, "v100s", clk=1245)
                f.update({"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": dbe, "DCGM_FI_DEV_XID_ERRORS": xid})
                return f
            if g >= 4:
                return busy40(rng, "v100s", load=rng.uniform(0.9, 0.98))
            return idle40(rng, "v100s", clk=1245)
        if n_ == "vs-06" and g < 2:
            return busy40(rng, "v100s", load=rng.uniform(0.7, 0.85))
        return idle40(rng, "v100s", clk=1245)
    sampler40(s, [node], 8, 0.0, t_end, 300.0, fn, keys=K43E)
    sampler40(s, ["vs-03", "vs-05", "vs-06"], 8, 0.0, t_end, 1200.0, fn)
    for tn, h, msg in ((400.0, "vs-02", "perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"),
                       (2980.0, "vs-06", "nfs: server nas2 not responding, still trying"),
                       (2981.3, "vs-06", "nfs: server nas2 OK")):
        s.kernel(tn, h, f"{dmesg_t(s.at(tn) + cest)} {msg}")  # SYNTH
    s.truth = truth({"t": t_xid, "category": "gpu_hardware", "node": node, "gpu": 1},
                    drain=[node], requeue={J: {"exclude": [node]}}, no_requeue=[N1, N2, N3],
                    no_drain=["vs-06", "vs-03", "vs-05"])
    return s


# ======================================================================================
# S2  t5x-4x8-a100-g03-gpu5-hw-thermal-slowdown-steps-per-sec-sags  (gpu_degraded: T5X (JAX 0.3.x, multi-process GPU,
#     one process per node) pre-training a T5 1.1 XL on 4 nodes x 8 A100-SXM4-40GB. GPU 5 of a100-g03 walks up from
#     ~70 C to 89-91 C (a failing fan in that sled) and enters HW thermal slowdown: SM clock 1410 -> ~1000 -> ~900 MHz,
#     throttle reasons 0x48. Nothing is logged anywhere but the job's timing metrics: steps_per_second falls from ~0.47 to
#     ~0.33 while every other GPU sits at 100 % util with lower power, waiting in the all-reduce.)
# ======================================================================================
# Source (truth rule): https://factryze.ai/scale-atlas/power/thermal-stragglers -- "A thermal straggler is a GPU that runs
# hotter than its peers, hits its junction-temperature throttle ... and clocks down"; "every other GPU waits for the
# slowest peer's all-reduce"; "They are predictable ... persistent across the run"; "The fix is a physical fix, not a
# software fix." Definition of the bit: https://helpmanual.io/man3/nvmlClocksThrottleReasonHwSlowdown -- "HW Slowdown
# (reducing the core clocks by a factor of 2 or more) is engaged ... temperature being too high". No real log line: the
# page has none, and a thermal slowdown writes nothing to the kernel log; every line here is SYNTH in T5X/CLU format.


def build_s2() -> Scenario:
    name = "t5x-4x8-a100-g03-gpu5-hw-thermal-slowdown-steps-per-sec-sags"
    J, N1, N2 = "2204417", "2204390", "2204433"
    nodes = ["a100-g01", "a100-g02", "a100-g03", "a100-g04"]
    bad, bg = "a100-g03", 5
    start = "2022-06-14T02:00:00Z"
    s = Scenario(name, "T5X (JAX 0.3.13, --multiprocess_gpu, one process per node) pre-trains T5 1.1 XL on 4 nodes x 8 "
                 "A100-SXM4-40GB. About an hour in, the job's steps_per_second starts to sag and settles ~30 % lower; "
                 "no error or warning is printed by the job or any kernel. The job opted in to requeues. Two other "
                 "owners' jobs run on other nodes.",
                 start,
                 {"name": "selene-b", "partition": "a100", "nodes": "a100-g[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": DGX_BUS},
                 [{"id": J, "name": "t5x-xl-c4-span", "user": "mokafor", "nodes": "a100-g[01-04]", "tasks_per_node": 1,
                   "started": "2022-06-13T23:41:05Z", "comment": comment(3, "gs-fuse:/t5x/xl_c4/ckpt")},
                  {"id": N1, "name": "vit-b16-jax-in21k", "user": "yzhu", "nodes": "a100-g[06-07]", "tasks_per_node": 1,
                   "started": "2022-06-13T20:02:41Z"},
                  {"id": N2, "name": "alphafold-msa-batch", "user": "rcosta", "nodes": "a100-g09", "tasks_per_node": 1,
                   "started": "2022-06-14T01:12:19Z"}])
    rng = s.rng
    t_heat, t_thr = 2400.0, 3810.0
    t_end = 3.3 * 3600.0
    sps_ok = 0.472

    def sps_at(t):
        if t < t_thr:
            return sps_ok * rng.uniform(0.99, 1.01)
        f = min(1.0, (t - t_thr) / 900.0)
        return sps_ok * (1 - 0.31 * f) * rng.uniform(0.985, 1.015)
    step, t = 41200, 0.0
    while t < t_end:
        sps = sps_at(t)
        t += 100 / sps
        step += 100
        d = s.at(t)
        sc = {"timing/seconds": 100 / sps, "timing/steps_per_second": sps, "timing/seqs_per_second": sps * 2048,
              "timing/target_tokens_per_second": sps * 2048 * 114, "timing/target_tokens_per_second_per_core": sps * 2048 * 114 / 32}
        s.joblog(t, J, clu_line(d, 140198412719936, step, sc))  # SYNTH
        if step % 1000 == 0:
            s.joblog(t + 0.4, J, clu_line(d, 140198412719936, step, {
                "accuracy": rng.uniform(0.61, 0.63), "cross_ent_loss": rng.uniform(1.78, 1.86),
                "learning_rate": 0.01 / math.sqrt(step / 10000), "loss": rng.uniform(1.79, 1.87),
                "nonpadding_fraction": rng.uniform(0.995, 0.999), "z_loss": rng.uniform(1.2e-4, 1.6e-4)}))  # SYNTH
        if step % 5000 == 0:
            s.joblog(t + 1.0, J, f"I{d:%m%d %H:%M:%S}.{d.microsecond:06d} 140198412719936 checkpoints.py:600] Saving "
                                 f"checkpoint for step {step} to gs-fuse:/t5x/xl_c4/ckpt/checkpoint_{step}.tmp-{int(t) + 1655172000}")  # SYNTH
            t += 95.0
            s.joblog(t, J, f"I{s.at(t):%m%d %H:%M:%S}.{s.at(t).microsecond:06d} 140198412719936 checkpoints.py:782] "
                           f"Saved checkpoint for step {step} to gs-fuse:/t5x/xl_c4/ckpt/checkpoint_{step}")  # SYNTH
    # neighbours (SYNTH): big_vision-style ViT (CLU too, other metrics), AlphaFold MSA batch
    every(s, N1, 20.0, t_end, 600.0, lambda tt, k: clu_line(s.at(tt), 139876211525440, 90000 + 500 * k, {
        "img/sec/core": rng.uniform(395, 410), "l2_params": 1412.3 + 0.01 * k, "train_loss": rng.uniform(4.1, 4.3)}))
    every(s, N2, 60.0, t_end, 900.0, lambda tt, k: f"I{s.at(tt):%m%d %H:%M:%S}.{s.at(tt).microsecond:06d} 139912 "
          f"run_alphafold.py:191] Total JAX model model_{k % 5 + 1}_pred_0 on T1{k + 30:03d} predict time (includes "
          f"compilation time, see --benchmark): {rng.uniform(80, 240):.1f}s")
    for tn, h, msg in ((1300.0, "a100-g02", "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:760:(pid 0): FW Tracer "
                        "failed to read trace"),
                       (9800.0, "a100-g07", "perf: interrupt took too long (3931 > 3925), lowering "
                        "kernel.perf_event_max_sample_rate to 50750")):
        kj(s, tn, h, msg)  # SYNTH

    def fn(n_, g, t_):
        if n_ in nodes:
            if n_ == bad and g == bg:
                if t_ < t_heat:
                    return busy40(rng, "a100_40", load=0.97, thr=0)
                temp = min(91, 70 + (t_ - t_heat) / 70.0) + rng.randint(-1, 0)
                if t_ < t_thr:
                    return busy40(rng, "a100_40", load=0.97, thr=0x20 if temp > 84 else 0, extra={"DCGM_FI_DEV_GPU_TEMP": int(temp)})
                clk = max(885, 1410 - int((t_ - t_thr) / 2.2)) - 15 * rng.randint(0, 3)
                return g38(100, rng.uniform(215, 240), clk, fb=37800 + rng.randint(-300, 300), thr=0x48,
                           temp=rng.randint(89, 91))
            if t_ >= t_thr + 300:
                return busy40(rng, "a100_40", load=1.0, thr=0, extra={"DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(205, 245), 1)})
            return busy40(rng, "a100_40", load=0.97, thr=0)
        if n_ in ("a100-g06", "a100-g07"):
            return busy40(rng, "a100_40", load=0.95, thr=0)
        if n_ == "a100-g09":
            return busy40(rng, "a100_40", load=0.55, thr=0) if g < 4 else idle40(rng, "a100_40")
        return idle40(rng, "a100_40")
    sampler40(s, nodes, 8, 0.0, t_end, 600.0, fn, keys=K43T)
    sampler40(s, ["a100-g06", "a100-g07", "a100-g09", "a100-g11"], 8, 0.0, t_end, 1800.0, fn, keys=LEAN40)
    s.truth = truth({"t": t_thr, "category": "gpu_degraded", "node": bad, "gpu": bg},
                    drain=[bad], requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["a100-g01", "a100-g02", "a100-g04", "a100-g06", "a100-g07", "a100-g09"])
    return s


# ======================================================================================
# S3  megatron-ds-4x8-a800-roce-rc07-port-down-error12-on-every-node  (network: Megatron-DeepSpeed (BLOOM-style 7B1
#     continued pre-training, torch 1.13.1, NCCL 2.14.3, DeepSpeed 0.9.2) on 4 nodes x 8 A800 over RoCE v2 (8 x
#     mlx5_bond). The bond slave behind mlx5_bond_3 on rc-07 loses its link for ~50 s (kernel: mlx5_core "Link down",
#     bonding "now down"); NCCL then reports "Got completion from peer ... with error 12" on rc-07 and on the ranks of
#     the three other nodes that talk to it, the c10d watchdog aborts, the job fails. Peers' messages name rc-07's
#     address; rc-07's own messages name the peers -- only the kernel log says which port went down.)
# ======================================================================================
# Source (truth rule): https://github.com/NVIDIA/nccl/issues/902 -- on "NCCL WARN NET/IB : Got completion with error 12,
# opcode 0, len 0, vendor err 129" the maintainer (sjeaugey): "error 12 is a communication timeout ... which either
# means two NICs can't talk to each other (missing link, routing for RoCEv2, ...), or the network connection is very bad
# so we hit the timeout". The link loss itself is this scenario's construction. No REAL_* line: the one real NCCL line of
# #902 already occurs in an earlier corpus, so the NCCL lines here are SYNTH in NCCL 2.14's net_ib.cc wording.
RC_BUS = ["0000:18:00", "0000:3b:00", "0000:4c:00", "0000:5d:00", "0000:9b:00", "0000:bb:00", "0000:ca:00", "0000:db:00"]


def build_s3() -> Scenario:
    name = "megatron-ds-4x8-a800-roce-rc07-port-down-error12-on-every-node"
    J, N1, N2 = "884120", "884097", "884131"
    nodes = ["rc-05", "rc-06", "rc-07", "rc-08"]
    bad = "rc-07"
    ips = {n: f"10.42.3.{20 + i}" for i, n in enumerate(nodes)}
    start = "2023-05-19T08:00:00Z"
    s = Scenario(name, "Megatron-DeepSpeed continued pre-training of a 7B1 BLOOM-style model (torch 1.13.1, NCCL 2.14.3, "
                 "DeepSpeed 0.9.2) on 4 nodes x 8 A800-SXM4-80GB over RoCE v2 bonds; NCCL_DEBUG=WARN. About 80 minutes in "
                 "NCCL reports IB completion errors on all four nodes and the job fails after the c10d watchdog aborts. "
                 "The job opted in to requeues; two other owners' jobs run on other nodes.",
                 start,
                 {"name": "hw-a800", "partition": "train", "nodes": "rc-[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": RC_BUS},
                 [{"id": J, "name": "bloom7b1-zh-cpt", "user": "wjiang", "nodes": "rc-[05-08]", "tasks_per_node": 8,
                   "started": "2023-05-19T06:44:10Z", "comment": comment(3, "/mnt/cpfs/wjiang/bloom7b1_cpt/ckpt")},
                  {"id": N1, "name": "chatglm6b-lora", "user": "zhaol", "nodes": "rc-[02-03]", "tasks_per_node": 8,
                   "started": "2023-05-19T05:20:51Z"},
                  {"id": N2, "name": "sd15-finetune", "user": "xqian", "nodes": "rc-10", "tasks_per_node": 4,
                   "started": "2023-05-19T07:58:02Z"}])
    rng = s.rng
    cst = dt.timedelta(hours=8)
    t_down = 4870.31
    it, gbs = 52310, 512
    t, ms = 20.0, 6840.0
    while t < t_down:
        s.joblog(t, J, megatron_iter(s.at(t) + cst, it, 120000, ms * rng.uniform(0.99, 1.01), 1.2e-4, rng.uniform(2.05, 2.2), gbs))  # SYNTH
        it += 10
        t += 10 * ms / 1000 * rng.uniform(0.995, 1.005)
    # kernel: the port behind mlx5_bond_3 on rc-07 drops for ~50 s (SYNTH, mlx5_core / bonding wording)
    for dtk, msg in ((0.0, "mlx5_core 0000:5e:00.1 ens11f1np1: Link down"),
                     (0.004, "bond3: (slave ens11f1np1): link status definitely down, disabling slave"),
                     (0.006, "bond3: now running without any active interface!"),
                     (51.7, "mlx5_core 0000:5e:00.1 ens11f1np1: Link up"),
                     (51.8, "bond3: (slave ens11f1np1): link status definitely up, 200000 Mbps full duplex"),
                     (51.81, "bond3: active interface up!")):
        kj(s, t_down + dtk, bad, msg)
    # NCCL error 12 after the retry budget (NCCL_IB_TIMEOUT=22, RETRY_CNT=7): ~35 s later (SYNTH)
    t_e = t_down + 34.6
    pids = {n: 31100 + 97 * i for i, n in enumerate(nodes)}
    for i, n in enumerate(nodes):
        peer = bad if n != bad else "rc-06"
        devs = [3, 7] if n == bad else [3]
        for j, dv in enumerate(devs):
            r = nodes.index(n) * 8 + dv
            pid, tid = pids[n] + dv, pids[n] + dv + 1843
            tt = t_e + 0.8 * i + 0.05 * j
            s.joblog(tt, J, f"{n}:{pid}:{tid} [{dv}] transport/net_ib.cc:1304 NCCL WARN NET/IB : Got completion from peer "
                            f"{ips[peer]}<{rng.randint(33000, 60000)}> with error 12, opcode {rng.choice([0, 1])}, len 0, vendor err 129")
            s.joblog(tt + 0.001, J, f"{n}:{pid}:{tid} [{dv}] NCCL INFO transport/net.cc:1063 -> 6")
            s.joblog(tt + 0.002, J, f"{n}:{pid}:{tid} [{dv}] NCCL INFO proxy.cc:680 -> 6")
            s.joblog(tt + 0.003, J, f"{n}:{pid}:{tid} [{dv}] NCCL INFO proxy.cc:859 -> 6 [Proxy Thread]")
    t_w = t_e + 600.0 - 34.6
    for r in range(32):
        d = s.at(t_w + 0.01 * r) + cst
        s.joblog(t_w + 0.01 * r, J, f"[E ProcessGroupNCCL.cpp:828] [Rank {r}] Watchdog caught collective operation timeout: "
                                    f"WorkNCCL(SeqNum=1188203, OpType=ALLREDUCE, Timeout(ms)=600000) ran for "
                                    f"{600000 + rng.randint(5, 90)} milliseconds before timing out.")  # SYNTH
    for r in range(32):
        s.joblog(t_w + 0.6 + 0.01 * r, J, f"[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to "
                                          f"the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
                                          f"corrupted/incomplete data.")  # SYNTH
    t_f = t_w + 2.0
    for i, n in enumerate(nodes):
        s.joblog(t_f + 0.3 * i, J, f"[{tfmt(s.at(t_f) + cst)},{rng.randint(100, 999)}] [INFO] [launch.py:428:sigkill_handler] "
                                   f"Killing subprocess {pids[n]}")  # SYNTH (deepspeed launcher)
        s.joblog(t_f + 0.3 * i + 0.1, J, f"[{tfmt(s.at(t_f) + cst)},{rng.randint(100, 999)}] [ERROR] [launch.py:434:sigkill_handler] "
                                         f"['/usr/bin/python', '-u', 'pretrain_gpt.py', '--local_rank=0'] exits with return code = -6")
    s.joblog(t_f + 2.0, J, f"srun: error: {bad}: task 2: Exited with exit code 250")  # SYNTH
    for n in ("rc-05", "rc-06", "rc-08"):
        s.joblog(t_f + 2.2, J, f"srun: error: {n}: task {nodes.index(n)}: Exited with exit code 250")
    job_end(s, t_f + 3.0, J, "FAILED", "250:0")
    t_end = t_f + 1800.0
    # neighbours (SYNTH)
    every(s, N1, 15.0, t_end, 240.0, lambda tt, k: f"{{'loss': {rng.uniform(1.9, 2.3):.4f}, 'learning_rate': 0.0002, "
          f"'epoch': {1.2 + 0.004 * k:.2f}}}")
    every(s, N2, 40.0, t_end, 300.0, lambda tt, k: f"Steps: {min(100, 20 + k)}%|" + "#" * 3 + f"| {4000 + 180 * k}/15000 "
          f"[{hms(3600 + 300 * k)}<{hms(9000 - 250 * k)}, 1.67s/it, lr=1e-5, step_loss={rng.uniform(0.05, 0.2):.3f}]")
    kj(s, 2210.0, "rc-02", "perf: interrupt took too long (2509 > 2500), lowering kernel.perf_event_max_sample_rate to 79500")

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ < t_down:
                return busy40(rng, "a800", load=0.96)
            if t_ < t_f:
                return g38(100, rng.uniform(95, 120), 1410, fb=74500 + rng.randint(-900, 900), temp=rng.randint(40, 47))
            return idle40(rng, "a800")
        if n_ in ("rc-02", "rc-03"):
            return busy40(rng, "a800", load=0.9)
        if n_ == "rc-10":
            return busy40(rng, "a800", load=0.93) if g < 4 else idle40(rng, "a800")
        return idle40(rng, "a800")
    sampler40(s, nodes, 8, 0.0, t_end, 600.0, fn, keys=K43)
    sampler40(s, ["rc-02", "rc-03", "rc-10"], 8, 0.0, t_end, 1800.0, fn)
    s.truth = truth({"t": t_down, "category": "network", "node": bad},
                    drain=[bad], requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["rc-05", "rc-06", "rc-08", "rc-02", "rc-03", "rc-10"])
    return s


# ======================================================================================
# S4  caffe-2014-gpu-2-12-goes-dark-takes-jobs-node-fail  (node_failure: a 2014 GPU cluster (4 x GTX 680 per node, Slurm
#     2.6 era). gpu-2-12 stops answering mid-afternoon: its job logs and telemetry just stop, no kernel line; Slurm marks
#     it DOWN* ("Not responding") after SlurmdTimeout and the two jobs on it end NODE_FAIL. Other nodes run on.)
# ======================================================================================
# Source (truth): https://github.com/cBio/cbio-cluster/issues/22 -- "gpu-2-12 is down. Needs to be reset?": "gpu-2-12
# went down a few days ago, taking a few of my jobs with it. I've since rerun those jobs. But is there a mechanism in
# place that detects these node failures, so that they can be hard reset if necessary?" The cluster ran Torque then;
# here it runs Slurm (my adaptation). GTX 680 hardware from the same cluster's https://github.com/cBio/cbio-cluster/issues/24.
# No real log line (the thread has none that a job or kernel would write): everything is SYNTH.


def caffe_line(d: dt.datetime, pid: int, src: str, msg: str) -> str:
    """SYNTH: Caffe glog line (2014)."""
    return f"I{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:5d} {src}] {msg}"


def build_s4() -> Scenario:
    name = "caffe-2014-gpu-2-12-goes-dark-takes-jobs-node-fail"
    J, N1, N2 = "2369012", "2368977", "2369040"
    bad = "gpu-2-12"
    start = "2014-02-20T18:00:00Z"
    s = Scenario(name, "A 2014 GPU cluster (nodes gpu-1-[1-9] and gpu-2-[1-17], 4 x GeForce GTX 680 each). A Caffe "
                 "ImageNet-style job (opted in) and another owner's Theano job share gpu-2-12. Mid-afternoon both jobs' "
                 "logs stop, later Slurm reports the node not responding and ends both jobs. A third owner's job on "
                 "gpu-2-5 runs on. Node clocks are EST.",
                 start,
                 {"name": "hal", "partition": "gpu", "nodes": "gpu-1-[1-9],gpu-2-[1-17]", "gpus_per_node": 4},
                 [{"id": J, "name": "caffe-alexnet-bn", "user": "sgupta", "nodes": bad, "tasks_per_node": 1,
                   "started": "2014-02-20T03:12:44Z", "comment": comment(1, "/cbio/grlab/home/sgupta/snapshots")},
                  {"id": N1, "name": "theano-rbm-mnist", "user": "dlevine", "nodes": bad, "tasks_per_node": 1,
                   "started": "2014-02-20T14:40:09Z"},
                  {"id": N2, "name": "pylearn2-maxout-cifar", "user": "kpark", "nodes": "gpu-2-5", "tasks_per_node": 1,
                   "started": "2014-02-20T11:05:31Z"}])
    rng = s.rng
    est = dt.timedelta(hours=-5)
    t_dead = 7412.9
    it = 118000
    t = 25.0
    while t < t_dead:
        d = s.at(t) + est
        it += 20
        s.joblog(t, J, caffe_line(d, 7731, "solver.cpp:165", f"Iteration {it}, loss = {rng.uniform(1.9, 2.3):.5f}"))  # SYNTH
        s.joblog(t + 0.001, J, caffe_line(d, 7731, "solver.cpp:180", f"    Train net output #0: loss = {rng.uniform(1.9, 2.3):.5f} (* 1 = {rng.uniform(1.9, 2.3):.5f} loss)"))
        s.joblog(t + 0.002, J, caffe_line(d, 7731, "solver.cpp:470", f"Iteration {it}, lr = 0.001"))
        if it % 1000 == 0:
            s.joblog(t + 0.5, J, caffe_line(d, 7731, "solver.cpp:247", f"Iteration {it}, Testing net (#0)"))
            s.joblog(t + 58.0, J, caffe_line(s.at(t + 58.0) + est, 7731, "solver.cpp:298", f"    Test net output #0: accuracy = {rng.uniform(0.53, 0.56):.4f}"))
            t += 60.0
        t += 20 * 1.58 * rng.uniform(0.99, 1.01)
    every(s, N1, 30.0, t_dead, 95.0, lambda tt, k: f"epoch {12 + k // 20}, minibatch {(k % 20) * 250}/5000, reconstruction "
          f"cost {rng.uniform(62, 70):.3f}, {95.0 / 250 * 1000:.1f} ms/batch")  # SYNTH
    t_end = t_dead + 4200.0
    every(s, N2, 50.0, t_end, 420.0, lambda tt, k: f"Epochs seen: {210 + k}\tBatches seen: {105000 + 500 * k}\t"
          f"train_y_misclass: {rng.uniform(0.03, 0.05):.4f}\tvalid_y_misclass: {rng.uniform(0.11, 0.13):.4f}")  # SYNTH
    t_down = t_dead + 312.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    job_end(s, t_down + 0.4, J, "NODE_FAIL", "0:0")
    job_end(s, t_down + 0.5, N1, "NODE_FAIL", "0:0")
    for tn, h, msg in ((900.0, "gpu-2-5", "NVRM: GPU at 0000:83:00: GPU-2a3c7e9b-0a4f-1b2c-9d8e-1f2a3b4c5d6e"),
                       (3400.0, "gpu-1-4", "nfs: server hal-nfs2 not responding, still trying"),
                       (3401.7, "gpu-1-4", "nfs: server hal-nfs2 OK")):
        s.kernel(tn, h, f"{dmesg_t(s.at(tn) + est)} {msg}")  # SYNTH

    def fn(n_, g, t_):
        if n_ == bad:
            if t_ >= t_dead:
                return None
            return busy40(rng, "gtx680", load=0.97) if g < 2 else idle40(rng, "gtx680", clk=324)
        if n_ == "gpu-2-5":
            return busy40(rng, "gtx680", load=0.92) if g == 0 else idle40(rng, "gtx680", clk=324)
        return idle40(rng, "gtx680", clk=324)
    sampler40(s, [bad, "gpu-2-5"], 4, 0.0, t_end, 300.0, fn, keys=K43)
    sampler40(s, ["gpu-2-11", "gpu-2-13", "gpu-1-4"], 4, 0.0, t_end, 1800.0, fn)
    s.truth = truth({"t": t_dead, "category": "node_failure", "node": bad},
                    drain=[bad], requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["gpu-2-5", "gpu-2-11", "gpu-2-13", "gpu-1-4"])
    return s


# ======================================================================================
# S5  levanter-4x8-h100-checkpoint-save-never-finishes-on-h-07  (hang: Levanter (JAX 0.4.23, one process per node, 8
#     GPUs each) on 4 H100 nodes. At step 5000 every process logs that it starts saving; processes 0, 1 and 3 log that
#     the checkpoint is saved, process 2 on h-07 never does. No further step line, no error anywhere; GPUs of the three
#     waiting nodes spin in the collective at 100 % util and low power, h-07's are idle. The owner cancels 3 h later.
#     h-07 has no hardware evidence and no history.)
# ======================================================================================
# Source (truth): https://github.com/marin-community/levanter/issues/486 -- "Training jobs stuck at saving a checkpoint -
# likely due to failure at 1-2 workers": "There is no error message in the log. The instance did not crash/restart";
# "the log `Saved checkpoint for step xxx` does not print for all nodes, meaning that it might be due to the root cause
# that checkpoint saving in one or two worker fails (silently) to complete, thus pausing the entire training job";
# restarted later, "it is able to continue the training". The thread ran on TPU v3 slices; here the same failure is put
# on a GPU Slurm job (my adaptation). The thread quotes only a fragment of the saved-checkpoint line, so the Levanter
# lines are SYNTH in Levanter's logging layout.


def lev_log(d: dt.datetime, proc: int, mod: str, msg: str) -> str:
    """SYNTH: Levanter python logging line `2024-02-18T03:02:11 - 2 - levanter.checkpoint - checkpoint.py:213 - INFO :: msg`."""
    return f"{d:%Y-%m-%dT%H:%M:%S} - {proc} - {mod} - INFO :: {msg}"


def build_s5() -> Scenario:
    name = "levanter-4x8-h100-checkpoint-save-never-finishes-on-h-07"
    J, N1, N2 = "118840", "118812", "118855"
    nodes = ["h-05", "h-06", "h-07", "h-08"]
    bad = "h-07"
    start = "2024-02-18T01:00:00Z"
    s = Scenario(name, "Levanter (JAX 0.4.23, jax.distributed over Slurm, one process per node) trains a 1.4B model on "
                 "4 nodes x 8 H100-SXM5-80GB; processes print tqdm-style step lines every 50 steps. At the step-5000 "
                 "checkpoint nothing more is printed and the job sits idle until its owner cancels it. The job opted in "
                 "to requeues; two other owners' jobs run on other nodes.",
                 start,
                 {"name": "crfm-h", "partition": "h100", "nodes": "h-[01-12]", "gpus_per_node": 8},
                 [{"id": J, "name": "lev-gpt2-1.4b-owt", "user": "izhou", "nodes": "h-[05-08]", "tasks_per_node": 1,
                   "started": "2024-02-17T22:31:55Z", "comment": comment(2, "/nlp/scr/izhou/levanter/ckpt")},
                  {"id": N1, "name": "dpo-mistral7b", "user": "cwong", "nodes": "h-[02-03]", "tasks_per_node": 8,
                   "started": "2024-02-17T19:40:12Z"},
                  {"id": N2, "name": "eval-harness-sweep", "user": "aroy", "nodes": "h-10", "tasks_per_node": 1,
                   "started": "2024-02-18T00:44:30Z"}])
    rng = s.rng
    pst = dt.timedelta(hours=-8)
    sec = 1.93
    step = 4400
    t = 30.0
    t_save = None
    while True:
        for p in range(4):
            el = (step - 4000) * sec + 7300
            s.joblog(t + 0.02 * p, J, f"{p}: train:  {100 * step // 20000:d}%|" + "#" * (step * 10 // 20000) + " " * (10 - step * 10 // 20000)
                     + f"| {step}/20000 [{fmt_interval(el)}<{fmt_interval((20000 - step) * sec)}, {1 / sec:.2f}it/s, "
                     f"loss={rng.uniform(2.9, 3.1):.3f}]")  # SYNTH
        if step == 5000:
            t_save = t + 0.4
            break
        step += 50
        t += 50 * sec * rng.uniform(0.995, 1.005)
    for p in range(4):
        s.joblog(t_save + 0.05 * p, J, f"{p}: " + lev_log(s.at(t_save) + pst, p, "levanter.checkpoint - checkpoint.py:265",
                                                          f"Saving checkpoint to /nlp/scr/izhou/levanter/ckpt/lev-gpt2-1.4b-owt/step-5000 for step 5000"))  # SYNTH
    for p, dd in ((0, 71.3), (1, 73.9), (3, 72.6)):
        s.joblog(t_save + dd, J, f"{p}: " + lev_log(s.at(t_save + dd) + pst, p, "levanter.checkpoint - checkpoint.py:281",
                                                    "Saved checkpoint for step 5000"))  # SYNTH
    t_cancel = t_save + 3 * 3600 + 412.0
    s.joblog(t_cancel, J, f"slurmstepd: error: *** JOB {J} ON h-05 CANCELLED AT {s.at(t_cancel) + pst:%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
    s.joblog(t_cancel + 0.2, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    job_end(s, t_cancel + 33.0, J, "CANCELLED", "0:15")
    t_end = t_cancel + 900.0
    every(s, N1, 20.0, t_end, 330.0, lambda tt, k: f"{{'loss': {rng.uniform(0.45, 0.6):.4f}, 'grad_norm': {rng.uniform(8, 20):.3f}, "
          f"'learning_rate': 4.5e-07, 'rewards/chosen': {rng.uniform(-1, 0):.4f}, 'rewards/accuracies': {rng.uniform(0.6, 0.7):.4f}, 'epoch': {0.3 + 0.003 * k:.2f}}}")
    every(s, N2, 60.0, t_end, 780.0, lambda tt, k: f"Running loglikelihood requests: {min(99, 5 + 7 * k)}%|| "
          f"{(5 + 7 * k) * 412}/41210 [{hms(780 * k + 300)}<{hms(max(0, 11000 - 780 * k))}, {rng.uniform(3.5, 4.0):.2f}it/s]")
    kj(s, 6100.0, "h-06", "perf: interrupt took too long (2507 > 2500), lowering kernel.perf_event_max_sample_rate to 79500")
    kj(s, 9000.0, "h-02", "nvidia-nvswitch2: SXid (PCI:0000:a8:00.0): 12028, Non-fatal, Link 36 egress non-posted PRIV error (First)")

    def fn(n_, g, t_):
        if n_ in nodes:
            if t_ < t_save:
                return busy40(rng, "h100_80", load=0.95)
            if t_ < t_save + 75 or t_ >= t_cancel + 34:
                return idle40(rng, "h100_80", fb=0 if t_ >= t_cancel + 34 else 71000)
            if n_ == bad:
                return g38(0, rng.uniform(70, 78), 1980, fb=71200 + rng.randint(-200, 200), temp=rng.randint(33, 37))
            return g38(100, rng.uniform(118, 135), 1980, fb=71200 + rng.randint(-200, 200), temp=rng.randint(38, 42))
        if n_ in ("h-02", "h-03"):
            return busy40(rng, "h100_80", load=0.88)
        if n_ == "h-10":
            return busy40(rng, "h100_80", load=0.6)
        return idle40(rng, "h100_80")
    sampler40(s, nodes, 8, 0.0, t_end, 900.0, fn, keys=K43)
    sampler40(s, ["h-02", "h-03", "h-10"], 8, 0.0, t_end, 1800.0, fn)
    s.truth = truth({"t": t_save, "category": "hang", "node": bad},
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=[bad, "h-05", "h-06", "h-08", "h-02", "h-03", "h-10"])
    return s


# ======================================================================================
# S6  llmfoundry-composer-auto-microbatch-cuda-error-oom-not-caught  (software: LLM Foundry / Composer 0.23 with
#     device_train_microbatch_size: auto, torch 2.3.0+cu121 on a CUDA 12.4 driver, 2 nodes x 8 H100. The first
#     oversize microbatch raises "CUDA error: out of memory" instead of "CUDA out of memory", Composer's _is_cuda_oom()
#     does not recognise it, so the adaptive-microbatch retry never happens: every rank raises, the job fails at
#     batch 1. Rerunning repeats it until Composer or the config changes.)
# ======================================================================================
# Source (lines + truth): https://github.com/mosaicml/composer/issues/3397 -- "CUDA OOM error not caught with auto
# microbatching": "_is_cuda_oom ... detects CUDA OOM errors using `if 'CUDA out of memory' in str(e)`. It seems the error
# I got has the message `CUDA error: out of memory`, so is not caught"; "it has worked on one system with v12.1 but failed
# on another with v12.4". Verbatim: the COMPOSER ENV report lines below (printed by the job's `composer_collect_env`
# preamble; the thread's report was produced the same way).
REAL_S6_ENV = [
    "---- COMPOSER ENV ----",
    "Collecting system information...",
    "System Environment Report",
    "PyTorch information",
    "PyTorch version: 2.3.0+cu121",
    "Is debug build: False",
    "CUDA used to build PyTorch: 12.1",
    "ROCM used to build PyTorch: N/A",
    "OS: Ubuntu 22.04.4 LTS (x86_64)",
    "GCC version: (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0",
    "Clang version: Could not collect",
    "CMake version: version 3.29.2",
    "Libc version: glibc-2.35",
    "Python version: 3.10.12 (main, Nov 20 2023, 15:14:05) [GCC 11.4.0] (64-bit runtime)",
]


def build_s6() -> Scenario:
    name = "llmfoundry-composer-auto-microbatch-cuda-error-oom-not-caught"
    J, N1, N2 = "5530217", "5530188", "5530240"
    nodes = ["hgx-h-11", "hgx-h-12"]
    start = "2024-06-12T14:00:00Z"
    s = Scenario(name, "LLM Foundry (Composer 0.23.0, torch 2.3.0+cu121, driver 550.54.15 / CUDA 12.4) fine-tunes an "
                 "MPT-7B-style model on 2 nodes x 8 H100-SXM5-80GB with device_train_microbatch_size: auto. The job "
                 "prints its Composer environment report, builds the model, starts training and fails at the first "
                 "batch with a CUDA error on every rank. It opted in to requeues; other owners' jobs run elsewhere.",
                 start,
                 {"name": "mosaic-lab", "partition": "h100", "nodes": "hgx-h-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": H800_BUS},
                 [{"id": J, "name": "mpt7b-instruct-ft", "user": "jearly", "nodes": "hgx-h-[11-12]", "tasks_per_node": 8,
                   "started": "2024-06-12T14:11:40Z", "comment": comment(3, "/lustre/jearly/mpt7b_ft/ckpt")},
                  {"id": N1, "name": "olmo-1b-ablation", "user": "nsingh", "nodes": "hgx-h-[03-04]", "tasks_per_node": 8,
                   "started": "2024-06-12T09:15:02Z"},
                  {"id": N2, "name": "clip-vitl-eval", "user": "mfranz", "nodes": "hgx-h-14", "tasks_per_node": 1,
                   "started": "2024-06-12T13:50:44Z"}])
    rng = s.rng
    t0 = (dt.datetime(2024, 6, 12, 14, 14, 28) - s.start).total_seconds()
    s.job_state(t0 - 168.0, J, "RUNNING", "0:0", nodes="hgx-h-[11-12]")  # SYNTH
    env = [REAL_S6_ENV[0], "", REAL_S6_ENV[1], "---------------------------------", REAL_S6_ENV[2],
           "Created: 2024-06-12 14:14:28 UTC", "---------------------------------", "", REAL_S6_ENV[3],
           "-------------------"] + REAL_S6_ENV[4:]
    for k, l in enumerate(env):
        s.joblog(t0 + 0.002 * k, J, l)  # REAL_S6_ENV (blank/dash/Created lines: SYNTH)
    tb = t0 + 95.0
    for k, msg in enumerate(["Building tokenizer...", "Building train loader...", "Building eval loader...",
                             "Initializing model...", "Building trainer...", "Logging config", "Starting training..."]):
        s.joblog(tb + 9.0 * k, J, f"{tfmt(s.at(tb + 9.0 * k))}: rank0[{40113}][MainThread]: INFO: __main__: {msg}")  # SYNTH
    t_fail = tb + 63.0 + 41.7
    s.joblog(t_fail - 40.0, J, f"{tfmt(s.at(t_fail - 40.0))}: rank0[40113][MainThread]: INFO: composer.trainer.trainer: "
                               f"Setting seed to 17")  # SYNTH
    for r in range(16):
        node = nodes[r // 8]
        pre = f"[rank{r}]: "
        tt = t_fail + 0.004 * r
        py_tb(s, tt, J, pre, [("/workspace/llm-foundry/scripts/train/train.py", 786, "<module>", "main(cfg)"),
                              ("/workspace/llm-foundry/scripts/train/train.py", 771, "main", "trainer.fit()"),
                              ("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 2330, "fit", "self._train_loop()"),
                              ("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 2540, "_train_loop",
                               "total_loss_dict = self._train_batch(use_grad_scaling)"),
                              ("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 2819, "_train_batch",
                               "self.state.device.tensor_to_device(torch.tensor([found_cuda_oom], dtype=torch.uint8)),"),
                              ("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 2764, "_train_batch",
                               "self._train_microbatches(microbatches, total_loss_dict)")],
              "RuntimeError: CUDA error: out of memory")  # SYNTH
        s.joblog(tt + 0.01, J, pre + "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")  # SYNTH
    t_x = t_fail + 4.0
    s.joblog(t_x, J, f"srun: error: {nodes[0]}: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(t_x + 0.2, J, f"srun: error: {nodes[1]}: task 1: Exited with exit code 1")
    job_end(s, t_x + 1.0, J, "FAILED", "1:0")
    t_end = t_x + 2400.0
    every(s, N1, 10.0, t_end, 120.0, lambda tt, k: f"[batch={18200 + 40 * k}/40000]: Train loss/train/total: "
          f"{rng.uniform(2.6, 2.8):.4f}")  # SYNTH
    every(s, N2, 30.0, t_end, 400.0, lambda tt, k: f"Evaluating zeroshot on imagenet1k ... {k * 7 % 100}%")  # SYNTH
    kj(s, 4100.0, "hgx-h-03", "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 20034, Non-fatal, Link 12 LTSSM Fault Up (First)")

    def fn(n_, g, t_):
        if n_ in nodes:
            if t0 <= t_ < t_fail:
                return busy40(rng, "h100_80", load=0.4 if t_ < tb + 63 else 0.8)
            return idle40(rng, "h100_80")
        if n_ in ("hgx-h-03", "hgx-h-04"):
            return busy40(rng, "h100_80", load=0.94)
        if n_ == "hgx-h-14":
            return busy40(rng, "h100_80", load=0.7) if g == 0 else idle40(rng, "h100_80")
        return idle40(rng, "h100_80")
    sampler40(s, nodes, 8, 0.0, t_end, 120.0, fn, keys=K43)
    sampler40(s, ["hgx-h-03", "hgx-h-04", "hgx-h-14"], 8, 0.0, t_end, 1200.0, fn)
    s.truth = truth({"t": t_fail, "category": "software", "node": None},
                    no_requeue=[J, N1, N2], no_drain=nodes + ["hgx-h-03", "hgx-h-04", "hgx-h-14"])
    return s


# ======================================================================================
# S7  hal-2015-gpfs-expels-three-owners-three-errors  (infrastructure: the same kind of 2015 GPU cluster, home and
#     project space on GPFS. GPFS clients on several nodes lose their lease and the filesystem stalls cluster-wide for
#     ~25 min: within minutes a Theano job cannot write its parameter pickle (IOError errno 5), a Caffe job aborts in a
#     CHECK writing its snapshot (SIGABRT), and a Torch7 job blocks in D state, then dies on a stale handle. Three owners,
#     three nodes, three different messages; the nodes themselves are fine.)
# ======================================================================================
# Source (truth): https://github.com/cBio/cbio-cluster/issues/229 -- "GPFS problems continue": the admins "still have a
# problem and are attempting to take steps. We are stopping the scheduler and may be rebooting items"; "We have
# performed all the items IBM suggested"; an IBM ticket stays open -- the shared filesystem, not any node or job, was at
# fault. The jobs, the GPFS/kernel wording and the timing are mine; there is no real log line in the thread (SYNTH).


def build_s7() -> Scenario:
    name = "hal-2015-gpfs-expels-three-owners-three-errors"
    J1, J2, J3, N1 = "3120455", "3120471", "3120398", "3120502"
    start = "2015-03-07T13:00:00Z"
    s = Scenario(name, "A 2015 GPU cluster (4 x GeForce GTX 680 per node, Slurm 14.03, home and project space on GPFS). "
                 "Within ten minutes three jobs of three owners on three nodes fail with different errors: a Theano "
                 "job (IOError), a Caffe job (CHECK failure while snapshotting) and a Torch7 job (stale file handle "
                 "after a long silence). Two of them opted in to requeues. A fourth job computing from local disk runs on.",
                 start,
                 {"name": "hal", "partition": "gpu", "nodes": "gpu-1-[1-9],gpu-2-[1-17]", "gpus_per_node": 4},
                 [{"id": J1, "name": "theano-lstm-chembl", "user": "mwalsh", "nodes": "gpu-1-3", "tasks_per_node": 1,
                   "started": "2015-03-07T06:20:11Z", "comment": comment(2, "/cbio/cslab/home/mwalsh/lstm_ckpt")},
                  {"id": J2, "name": "caffe-vgg16-ft-cells", "user": "tnguyen", "nodes": "gpu-2-6", "tasks_per_node": 1,
                   "started": "2015-03-07T10:02:48Z", "comment": comment(1, "/cbio/grlab/home/tnguyen/snap")},
                  {"id": J3, "name": "torch7-convnet-hist", "user": "ebauer", "nodes": "gpu-1-8", "tasks_per_node": 1,
                   "started": "2015-03-07T08:47:30Z"},
                  {"id": N1, "name": "cudamd-folding-run7", "user": "rkumar", "nodes": "gpu-2-14", "tasks_per_node": 1,
                   "started": "2015-03-06T22:15:05Z"}])
    rng = s.rng
    est = dt.timedelta(hours=-5)
    t_f = 3124.6
    # pre-fault progress (SYNTH)
    every(s, J1, 40.0, t_f + 250, 300.0, lambda tt, k: f"epoch {44 + k // 6} batch {(k % 6) * 500 + 500}/3000 "
          f"train_cost {rng.uniform(0.41, 0.47):.5f} ({300.0 / 500:.3f} s/batch)")
    every(s, J2, 15.0, t_f + 70, 120.0, lambda tt, k: f"I{s.at(tt) + est:%m%d %H:%M:%S}.{rng.randint(0, 999999):06d} 18230 "
          f"solver.cpp:209] Iteration {8400 + 40 * k}, loss = {rng.uniform(0.2, 0.35):.5f}")
    every(s, J3, 25.0, t_f, 240.0, lambda tt, k: f"# current error = {rng.uniform(0.09, 0.12):.4f}  epoch {31 + k // 10}  "
          f"batch {(k % 10) * 100}/1000  ({rng.uniform(21, 23):.1f} ms/sample)")
    every(s, N1, 60.0, t_f + 3600, 600.0, lambda tt, k: f"#\"Step\"\t\"Time (ps)\"\t\"Potential Energy (kJ/mole)\"  "
          f"{(k + 9120) * 5000}\t{(k + 9120) * 10.0:.1f}\t{-rng.uniform(118000, 119000):.2f}")
    # GPFS client trouble, logged on the nodes' syslog (SYNTH, GPFS 3.5 wording approximated)
    for dd, host in ((0.0, "gpu-1-3"), (4.2, "gpu-2-6"), (7.9, "gpu-1-8"), (11.3, "gpu-2-10")):
        sj(s, t_f + dd, host, "mmfs", "[E] The TCP connection to IP address 10.0.0.41 hal-nsd2 <c0n3> (socket 87) state is unexpected: "
                                      "ca_state=4 unacked=3 rto=4000000")
        sj(s, t_f + dd + 35.0, host, "mmfs", "[N] Request sent to 10.0.0.40 (hal-nsd1) to expel 10.0.0.41 (hal-nsd2) from cluster hal.gpfs")
    kj(s, t_f + 130.0, "gpu-1-8", "INFO: task luajit:28811 blocked for more than 120 seconds.")
    kj(s, t_f + 130.01, "gpu-1-8", '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.')
    kj(s, t_f + 250.0, "gpu-1-8", "INFO: task luajit:28811 blocked for more than 120 seconds.")
    # J2: Caffe snapshot write fails -> CHECK -> SIGABRT (SYNTH)
    t2 = t_f + 71.0
    s.joblog(t2, J2, f"I{s.at(t2) + est:%m%d %H:%M:%S}.{rng.randint(0, 999999):06d} 18230 solver.cpp:314] Snapshotting to "
                     f"/cbio/grlab/home/tnguyen/snap/vgg16_cells_iter_9000.caffemodel")
    s.joblog(t2 + 9.3, J2, f"F{s.at(t2 + 9.3) + est:%m%d %H:%M:%S}.{rng.randint(0, 999999):06d} 18230 io.cpp:67] "
                           f"Check failed: proto.SerializeToOstream(&output) ")
    s.joblog(t2 + 9.31, J2, "*** Check failure stack trace: ***")
    for k, fr in enumerate(["    @     0x7f3e1b2a6daa  (unknown)", "    @     0x7f3e1b2a6ce4  (unknown)",
                            "    @     0x7f3e1b2a66e6  (unknown)", "    @     0x7f3e1b2a9687  (unknown)",
                            "    @     0x7f3e1bb2c4e1  caffe::WriteProtoToBinaryFile()",
                            "    @     0x7f3e1bb61f3c  caffe::Solver<>::Snapshot()",
                            "    @     0x7f3e1bb6274f  caffe::Solver<>::Step()",
                            "    @     0x7f3e1bb62f8e  caffe::Solver<>::Solve()", "    @           0x408f53  train()",
                            "    @           0x406f21  main"]):
        s.joblog(t2 + 9.32 + 0.001 * k, J2, fr)
    s.joblog(t2 + 10.0, J2, "/var/spool/slurmd/job3120471/slurm_script: line 14: 18230 Aborted                 (core dumped) "
                            "./build/tools/caffe train --solver=solver_ft.prototxt --weights=VGG_ILSVRC_16_layers.caffemodel --gpu=0")
    job_end(s, t2 + 10.5, J2, "FAILED", "134:0")
    # J1: Theano pickle write fails (SYNTH)
    t1 = t_f + 262.0
    py_tb(s, t1, J1, "", [("train_lstm.py", 318, "<module>", "train(options)"),
                          ("train_lstm.py", 287, "train", "save_params(params, saveto)"),
                          ("train_lstm.py", 121, "save_params", "with open(path, 'wb') as f:")],
          "IOError: [Errno 5] Input/output error: '/cbio/cslab/home/mwalsh/lstm_ckpt/params_epoch_045.pkl'")
    job_end(s, t1 + 1.0, J1, "FAILED", "1:0")
    # J3: blocked, then stale handle (SYNTH)
    t3 = t_f + 1530.0
    s.joblog(t3, J3, "/home/ebauer/torch/install/bin/luajit: cannot open </cbio/cslab/projects/hist/cache/train_031.t7> in mode r  "
                     "at /tmp/luarocks_torch-scm-1-2718/torch7/lib/TH/THDiskFile.c:649")
    s.joblog(t3 + 0.001, J3, "stack traceback:")
    s.joblog(t3 + 0.002, J3, "\t[C]: at 0x7f0c9a1d3e60")
    s.joblog(t3 + 0.003, J3, "\t[C]: in function 'DiskFile'")
    s.joblog(t3 + 0.004, J3, "\t/home/ebauer/torch/install/share/lua/5.1/torch/File.lua:408: in function 'load'")
    s.joblog(t3 + 0.005, J3, "\tdonkey.lua:88: in function 'loadBatch'")
    job_end(s, t3 + 1.0, J3, "FAILED", "1:0")
    sj(s, t_f + 1490.0, "gpu-1-8", "mmfs", "[N] Connecting to 10.0.0.41 hal-nsd2 <c0n3>")
    t_end = t_f + 3600.0

    def fn(n_, g, t_):
        ends = {"gpu-1-3": t1, "gpu-2-6": t2 + 10, "gpu-1-8": t3}
        if n_ in ends:
            if g == 0 and t_ < ends[n_]:
                if n_ == "gpu-1-8" and t_ > t_f:
                    return g38(0, rng.uniform(40, 50), 1058, fb=2900, temp=rng.randint(40, 46))
                return busy40(rng, "gtx680", load=0.93)
            return idle40(rng, "gtx680", clk=324)
        if n_ == "gpu-2-14" and g == 0:
            return busy40(rng, "gtx680", load=0.97)
        return idle40(rng, "gtx680", clk=324)
    sampler40(s, ["gpu-1-3", "gpu-2-6", "gpu-1-8", "gpu-2-14"], 4, 0.0, t_end, 600.0, fn, keys=K43)
    s.truth = truth({"t": t_f, "category": "infrastructure", "node": None},
                    no_requeue=[J1, J2, J3, N1], no_drain=["gpu-1-3", "gpu-2-6", "gpu-1-8", "gpu-2-10", "gpu-2-14"])
    return s


# ======================================================================================
# S8  healthy-composer-grad-accum-auto-oom-caught-resnet50-8xa100  (healthy: Composer 0.8 ResNet-50 on ImageNet, one
#     node x 8 A100-SXM4-40GB, grad_accum: auto. At the first batch every rank hits a CUDA OOM that Composer catches: it
#     doubles grad_accum (1 -> 2 -> 4), says so, retries the batch and trains normally for hours. The words "CUDA out of
#     memory" appear 16 times; nothing is wrong.)
# ======================================================================================
# Source (truth): https://github.com/mosaicml/composer/pull/1081 -- "Fix `grad_accum='auto'` microbatch override": with
# grad_accum auto on 8 GPUs "we should expect Trainer keep catching OOMs and increasing grad_accum until it hits
# grad_accum: 16" -- catching the OOM and raising grad_accum is the designed behaviour. Also
# https://github.com/mosaicml/composer/pull/485 ("Dynamic Shrinking Microbatches"), which introduced it. The Composer
# message and the progress lines are SYNTH, written from memory of Composer 0.8's wording.


def build_s8() -> Scenario:
    name = "healthy-composer-grad-accum-auto-oom-caught-resnet50-8xa100"
    J, N1 = "774210", "774188"
    node = "dgxa-07"
    start = "2022-06-02T16:00:00Z"
    s = Scenario(name, "Composer 0.8.0 (torch 1.11) trains ResNet-50 on ImageNet on one DGX A100 (8 x A100-SXM4-40GB) "
                 "with grad_accum: auto and a global batch of 2048. Right after start every rank reports a CUDA out-of-"
                 "memory error, then training proceeds at a steady rate. The job opted in to requeues. Another owner's "
                 "job runs on dgxa-03.",
                 start,
                 {"name": "mml-dgx", "partition": "dgx", "nodes": "dgxa-[01-08]", "gpus_per_node": 8,
                  "pci_bus_ids": DGX_BUS},
                 [{"id": J, "name": "composer-r50-mild", "user": "hlin", "nodes": node, "tasks_per_node": 8,
                   "started": "2022-06-02T16:01:12Z", "comment": comment(2, "/data/hlin/r50/ckpt")},
                  {"id": N1, "name": "detr-r50-coco", "user": "gpetrov", "nodes": "dgxa-03", "tasks_per_node": 8,
                   "started": "2022-06-02T09:44:03Z"}])
    rng = s.rng
    t0 = 140.0
    for k, msg in enumerate(["Using precision Precision.AMP", "Stepping schedulers every batch. To step schedulers every "
                             "epoch, set `step_schedulers_every_batch=False`.", "Run name: r50-mild-1654185672"]):
        s.joblog(t0 + k * 0.2, J, f"INFO:composer.trainer.trainer:{msg}")  # SYNTH
    t_oom = t0 + 48.0
    for r in range(8):
        s.joblog(t_oom + 0.01 * r, J, f"[rank{r}] WARNING:composer.trainer.trainer:CUDA out of memory detected. "
                                      f"Gradient Accumulation increased from 1 -> 2, and the batch will be retrained.")  # SYNTH
    for r in range(8):
        s.joblog(t_oom + 6.0 + 0.01 * r, J, f"[rank{r}] WARNING:composer.trainer.trainer:CUDA out of memory detected. "
                                            f"Gradient Accumulation increased from 2 -> 4, and the batch will be retrained.")  # SYNTH
    t = t_oom + 14.0
    ep, b, nb = 0, 0, 625
    t_end = t + 3 * 3600.0
    while t < t_end:
        b += 125
        if b > nb:
            ep, b = ep + 1, 125
            s.joblog(t + 0.5, J, f"[Epoch {ep - 1}] metrics/eval/Accuracy: {min(0.75, 0.08 + 0.05 * ep) * rng.uniform(0.97, 1.0):.4f}")  # SYNTH
        s.joblog(t, J, f"[epoch={ep}][batch={b}/{nb}]: loss/train/total: {max(1.3, 6.8 - 0.45 * ep - 0.0004 * b) * rng.uniform(0.98, 1.02):.4f}, "
                       f"throughput/samples_per_sec: {rng.uniform(9800, 10150):.1f}")  # SYNTH
        t += 125 * 2048 / 10000 * rng.uniform(0.99, 1.01)
    every(s, N1, 30.0, t_end, 420.0, lambda tt, k: f"Epoch: [{121 + k // 12}]  [{(k % 12) * 100:4d}/1155]  eta: 0:{rng.randint(10, 59)}:{rng.randint(10, 59)}  "
          f"lr: 0.000010  class_error: {rng.uniform(4, 12):.2f}  loss: {rng.uniform(6.2, 7.1):.4f}  time: 0.3644  data: 0.0102  max mem: 6107")  # SYNTH
    kj(s, 3300.0, node, "nvidia-nvswitch3: SXid (PCI:0000:c6:00.0): 20034, Non-fatal, Link 28 LTSSM Fault Up (First)")  # SYNTH
    kj(s, 3300.02, node, "nvidia-nvswitch3: SXid (PCI:0000:c6:00.0): 20034, Severity 0 Engine instance 28 Sub-engine instance 00")

    def fn(n_, g, t_):
        if n_ == node:
            if t_ < t0:
                return idle40(rng, "a100_40")
            return busy40(rng, "a100_40", load=0.9, extra={"DCGM_FI_DEV_FB_USED": 38900 + rng.randint(-400, 400)})
        if n_ == "dgxa-03":
            return busy40(rng, "a100_40", load=0.85)
        return idle40(rng, "a100_40")
    sampler40(s, [node], 8, 0.0, t_end, 300.0, fn, keys=K43)
    sampler40(s, ["dgxa-03", "dgxa-05"], 8, 0.0, t_end, 1800.0, fn)
    s.truth = truth(None, no_requeue=[J, N1], no_drain=[node, "dgxa-03"])
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
