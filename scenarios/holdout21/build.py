#!/usr/bin/env python3
"""Build the holdout21 blind evaluation corpus (format `recovery-scenario/1`).

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
Generic helpers up to the holdout21 section are copied unchanged from holdout20's build.py (itself from holdout19) (itself from holdout18,
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
# S1  rtx4090-r4090-04-gpf-kmalloc-node-dies  (node_failure: a general protection fault panics one host mid-job)
# ======================================================================================
# Source: https://github.com/NVIDIA/k8s-device-plugin/issues/941 -- "general protection fault, probably for
# non-canonical address 0x25b5f6bb1a24827e: 0000 [#1] SMP NOPTI" (zsksy123, 2024-09-03): "Our machine restarted
# abnormally ... on 2024.09.02 15:41", pstore records written by the crashed kernel found after the reboot; RockGo
# (2025-01-21): "Same Issue On RTX4090 555 driver:" followed by the oops below (CPU 21, process ufep, Kdump loaded).
# The thread establishes that the host crashed and rebooted; it does not establish a root cause (nvidia module or RAM).
REAL_S1_OOPS = [
    "[243209.352156] general protection fault, probably for non-canonical address 0x78d29c0722bf7aa1: 0000 [#1] SMP NOPTI",
    "[243209.352200] CPU: 21 PID: 389232 Comm: ufep Kdump: loaded Tainted: P           OE     5.15.0-83-generic #92-Ubuntu",
    "[243209.352226] Hardware name: N/A N/A/BS55M2C1SA, BIOS 5.66 08/02/2023",
    "[243209.352242] RIP: 0010:__kmalloc+0x111/0x330",
    "[243209.352259] Code: 8b 50 08 49 8b 00 49 83 78 10 00 48 89 45 c8 0f 84 c5 01 00 00 48 85 c0 0f 84 bc 01 00 00 41 8b 4c 24 28 49 8b 3c 24 48 01 c1 <48> 8b 19 48 89 ce 49 33 9c 24 b8 00 00 00 48 8d 4a 01 48 0f ce 48",
    "[243209.352302] RSP: 0018:ff4cd59e5d05bb90 EFLAGS: 00010202",
    "[243209.352317] RAX: 78d29c0722bf7a81 RBX: 0000000000006cc0 RCX: 78d29c0722bf7aa1",
    "[243209.352336] RDX: 0000000000340e35 RSI: 0000000000006cc0 RDI: 00000000000360a0",
    "[243209.352353] RBP: ff4cd59e5d05bbd0 R08: ff4262babfd760a0 R09: ff426244d6775c20",
    "[243209.352370] R10: 0000000000000001 R11: 0000000000000000 R12: ff42623d40034500",
    "[243209.352387] R13: ffffffffc21540be R14: 0000000000006cc0 R15: 0000000000000000",
    "[243209.352404] FS:  00007fdcdf966740(0000) GS:ff4262babfd40000(0000) knlGS:0000000000000000",
    "[243209.352424] CS:  0010 DS: 0000 ES: 0000 CR0: 0000000080050033",
    "[243209.352438] CR2: 00007fdccc95e600 CR3: 0000000809c46006 CR4: 0000000000771ee0",
]
# Same thread, description (zsksy123): the first boot-time kernel line after the crash (journal prefix rewritten).
REAL_S1_PSTORE = "Sep  2 15:45:21 gtx3090-3 kernel: [    3.289572] pstore: Registered erst as persistent store backend"


def build_s1() -> Scenario:
    name = "rtx4090-r4090-04-gpf-kmalloc-node-dies"
    nodes = expand_hostlist("r4090-[01-08]")
    J, N = "5531", "5540"
    jn = expand_hostlist("r4090-[02-05]")
    s = Scenario(name, "32-rank BasicSR training on four 8x RTX 4090 hosts; one host oopses (GPF in __kmalloc) and never "
                 "answers again until it reboots; Slurm declares it dead after 300 s.",
                 "2025-01-21T09:00:00Z",
                 {"name": "sr-farm", "partition": "rtx", "nodes": "r4090-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "realesrgan-x4-finetune", "user": "lwei", "nodes": "r4090-[02-05]", "tasks_per_node": 8,
                   "started": "2025-01-21T06:12:40Z", "comment": comment(3, "/share/sr/exp/realesrgan_x4")},
                  {"id": N, "name": "swinir-denoise-s50", "user": "hkim", "nodes": "r4090-[06-07]", "tasks_per_node": 8,
                   "started": "2025-01-21T07:55:02Z"}])
    rng = s.rng
    bad = "r4090-04"
    # SYNTH: BasicSR MessageLogger every print_freq=100 iters at ~0.21 s/iter -> ~21 s per line
    t, it = 4.0, 51_200
    t_gpf = 1873.4
    while t < t_gpf:
        s.joblog(t, J, basicsr_line(s.at(t), "train_RealESRGANx4", 13, it, 1e-4, (400_000 - it) * 0.212, 0.212 + rng.uniform(-0.01, 0.01),
                                    0.002, 1.1e-2 + rng.uniform(-1e-3, 1e-3)))
        if it % 5000 == 0:
            s.joblog(t + 1.5, J, f"{s.at(t + 1.5):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)} INFO: Saving models and training states.")
            t += 9.0
        it += 100
        t += 21.2 + rng.uniform(-0.4, 0.4)
    # REAL: the oops on r4090-04 (uptime stamps as the thread shows them: the host had been up ~2.8 days)
    for k, l in enumerate(REAL_S1_OOPS):
        s.kernel(t_gpf + 0.0001 * k, bad, l)
    # SYNTH: silence; other ranks block in all-reduce; Slurm declares the node dead at SlurmdTimeout=300
    t_down = t_gpf + 302.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")
    node_fail_lines(s, t_down + 0.4, J, bad, "r4090-02")
    s.job_state(t_down + 1.0, J, "NODE_FAIL", "0:0")
    for n_ in ("r4090-02", "r4090-03", "r4090-05"):
        s.node_state(t_down + 3.0 + rng.uniform(0, 2), n_, "IDLE", "")
    # SYNTH: kdump + reboot; REAL first boot line (prefix rewritten to this host and time)
    t_boot = t_gpf + 611.0
    s.kernel(t_boot, bad, retime_journal_host(REAL_S1_PSTORE, s.at(t_boot), bad))
    s.kernel(t_boot + 1.0, bad, jlog(s.at(t_boot + 1.0), bad, "systemd-pstore[2961]", "PStore dmesg-erst-7459118530014216193 moved to /var/lib/systemd/pstore/7459118530014/dmesg-erst-7459118530014216193"))
    s.node_state(t_boot + 95.0, bad, "DOWN", f"Node unexpectedly rebooted boot_time={calendar.timegm(s.at(t_boot - 3.3).timetuple())} last_response={calendar.timegm(s.at(t_gpf).timetuple())}")
    # SYNTH neighbour: SwinIR denoise job, unaffected
    tn, itn = 11.0, 210_400
    t_end = 3000.0
    while tn < t_end:
        s.joblog(tn, N, basicsr_line(s.at(tn), "train_SwinIR_denoise50", 41, itn, 2e-4, (500_000 - itn) * 0.31, 0.31, 0.003, 2.84e-2 + rng.uniform(-1e-3, 1e-3)))
        itn += 100
        tn += 31.0 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s (four of the eight hosts kept, to keep the file small)
        if n_ in ("r4090-01", "r4090-08"):
            return sample(rng, "rtx4090", 0, rng.uniform(18, 26))
        if n_ in ("r4090-06", "r4090-07"):
            return sample(rng, "rtx4090", rng.randint(95, 100), rng.uniform(360, 420))
        if n_ == bad and t_gpf <= tt < t_boot + 60:
            return None  # host dead, then booting
        if tt < t_gpf:
            return sample(rng, "rtx4090", rng.randint(93, 100), rng.uniform(350, 430))
        if tt < t_down:
            return sample(rng, "rtx4090", 100, rng.uniform(105, 130))   # peers spin in the collective
        return sample(rng, "rtx4090", 0, rng.uniform(17, 25))
    telemetry_gap(s, ["r4090-03", "r4090-04", "r4090-05", "r4090-06"], 8, 0.0, t_end, 60.0, fn, fields=UP)
    s.truth = truth({"t": t_gpf, "category": "node_failure", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["r4090-02", "r4090-03", "r4090-05"], no_requeue=[N])
    return s


# ======================================================================================
# S2  mi300x-two-hosts-athub-uncorrectable-two-jobs  (two independent gpu_hardware faults on two hosts, 40 min apart)
# ======================================================================================
# Source: https://github.com/ROCm/legacy-rocm-build/issues/4021 -- "Intermittent GPU Hang HW Exception by GPU on MI300X
# when training with axolotl" (ROCm 6.2.3, 'Under Investigation'). anthonix: "I've seen '{1}uncorrectable hardware
# error(ERREVENT_ATHUB_INTERRUPT) detected!' issues on multiple different MI300x machines after a few hours of training
# ... seems like an actual HW issue or ROCm issue"; "And it just happened again on a different machine." Two reporters
# post the kernel lines of two different machines; those two machines become the two culprit hosts here.
# lhl (turn 4): "This is the more standard mult-GPU hang:"
REAL_S2_A = [
    "[500967.571516] amdgpu 0000:dd:00.0: {1}uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!",
    "[500967.587601] amdgpu 0000:4e:00.0: {1}[Hardware Error]: Accelerator Check Architecture events logged",
    "[500967.587615] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[00].STATUS=0xfaa00000000d080b",
    "[500967.587623] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[00].ADDR=0x0000000000000000",
    "[500967.587628] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[00].MISC0=0xd008000600000000",
    "[500967.587633] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[00].IPID=0x0002702e1f000300",
    "[500967.587637] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[00].SYND=0x000000005d000000",
    "[500967.587920] amdgpu 0000:4e:00.0: {1}[Hardware Error]: Accelerator Check Architecture events logged",
    "[500967.587924] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[01].STATUS=0xbaa000000000080b",
    "[500967.587928] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[01].ADDR=0x0000000000000000",
    "[500967.587932] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[01].MISC0=0xd008000100000000",
    "[500967.587936] amdgpu 0000:4e:00.0: {1}[Hardware Error]: aca entry[01].IPID=0x0001b02e1f007900",
]
# anthonix (2024-11-29): "Another ATHUB uncorrectable hardware error ... went on to cause kernel panic in the amdgpu
# driver when tried to reboot" (the stored excerpt ends after the APEI line).
REAL_S2_B = [
    "[126737.160982] amdgpu 0000:9e:00.0: amdgpu: qcm fence wait loop timeout expired",
    "[126737.161007] amdgpu 0000:9e:00.0: amdgpu: The cp might be in an unrecoverable state due to an unsuccessful queues preemption",
    "[126737.161022] amdgpu: Failed to evict process queues",
    "[126737.162652] amdgpu 0000:9e:00.0: amdgpu: GPU reset begin!",
    "[126746.021168] amdgpu 0000:1c:00.0: amdgpu: qcm fence wait loop timeout expired",
    "[126746.021188] amdgpu 0000:1c:00.0: amdgpu: The cp might be in an unrecoverable state due to an unsuccessful queues preemption",
    "[126746.021201] amdgpu: Failed to evict process queues",
    "[126746.165170] amdgpu 0000:c2:00.0: amdgpu: qcm fence wait loop timeout expired",
    "[126746.165192] amdgpu 0000:c2:00.0: amdgpu: The cp might be in an unrecoverable state due to an unsuccessful queues preemption",
    "[126746.165208] amdgpu: Failed to evict process queues",
    "[126748.505383] amdgpu 0000:e6:00.0: {1}uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!",
    "[126748.505401] {1}[Hardware Error]: Hardware error from APEI Generic Hardware Error Source: 5",
]


def build_s2() -> Scenario:
    name = "mi300x-two-hosts-athub-uncorrectable-two-jobs"
    bus = ["0000:0c:00", "0000:1c:00", "0000:4e:00", "0000:8c:00", "0000:9e:00", "0000:c2:00", "0000:dd:00", "0000:e6:00"]
    s = Scenario(name, "Two axolotl fine-tunes on an MI300X partition; an ATHUB uncorrectable error (ACA records) hits a "
                 "host of the first job, and 41 min later another host of the second job; both jobs hang, then die.",
                 "2024-11-29T13:00:00Z",
                 {"name": "mi3", "partition": "mi300x", "nodes": "mi3-[01-16]", "gpus_per_node": 8, "pci_bus_ids": bus},
                 [{"id": "7101", "name": "axolotl-llama31-70b-sft", "user": "anthonyd", "nodes": "mi3-[01-06]", "tasks_per_node": 8,
                   "started": "2024-11-29T08:41:10Z", "comment": comment(2, "/scratch/sft70b/ckpt")},
                  {"id": "7102", "name": "axolotl-qwen25-32b-dpo", "user": "leonh", "nodes": "mi3-[07-12]", "tasks_per_node": 8,
                   "started": "2024-11-29T11:02:37Z", "comment": comment(2, "/scratch/dpo32b/ckpt")},
                  {"id": "7103", "name": "eval-harness", "user": "pmart", "nodes": "mi3-[13-14]", "tasks_per_node": 8,
                   "started": "2024-11-29T12:40:00Z"}])
    rng = s.rng
    A, B = "mi3-04", "mi3-11"
    tA, tB = 1137.2, 3604.9
    end = 5400.0
    # SYNTH: HF Trainer log dicts (logging_steps=1) -- 70B SFT ~24 s/step, 32B DPO ~11 s/step
    def run(job, t0, t_hang, sp, step0, total, lossb, tp, width):
        t, st = t0, step0
        while t < t_hang:
            s.joblog(t, job, hf_train_dict(lossb + rng.uniform(-0.05, 0.05), rng.uniform(0.3, 0.6), 1.8e-05, st / total * 3))
            if st % 10 == 0:  # SYNTH: the tqdm bar as it lands in the Slurm file (one refresh kept in ten)
                pct = int(100 * st / total)
                s.joblog(t + 0.01, job, f"{pct:3d}%|{'█' * (pct // 10)}{' ' * (10 - pct // 10)}| {st}/{total} [{hms(st * sp)}<{hms((total - st) * sp)}, {sp:5.2f}s/it]")
            st += 1
            t += sp + rng.uniform(-0.4, 0.4)
        return st
    run("7101", 6.0, tA + 3.0, 24.1, 702, 2400, 0.71, 8, 2)
    run("7102", 2.0, tB + 2.0, 11.3, 171, 1800, 0.52, 8, 2)
    # REAL kernel lines on the two hosts (uptime stamps as posted)
    for k, l in enumerate(REAL_S2_A):
        s.kernel(tA + 0.0001 * k, A, l)
    base = 126737.160982
    for k, l in enumerate(REAL_S2_B):
        up = float(l[1:l.index("]")])
        s.kernel(tB + (up - base), B, l)
    tB_ue = tB + (126748.505383 - base)
    # SYNTH: HIP runtime abort on the culprit hosts' ranks, then the NCCL/RCCL watchdog on the rest (timeout 600 s)
    for job, host, t0, r0 in (("7101", A, tA, 24), ("7102", B, tB_ue, 32)):
        s.joblog(t0 + 2.3, job, f"HW Exception by GPU node-{r0 // 8 + 2} (Agent handle: 0x{rng.getrandbits(44):x}) reason :GPU Hang")
        tw = t0 + 600.0 + rng.uniform(1, 5)
        for r in range(0, 48, 5):
            s.joblog(tw + 0.01 * r, job, ptl_watchdog(r, s.at(tw), 31000 + r, "ALLREDUCE", 262144000, 600000 + rng.randint(5, 90)).replace("Timeout(ms)=1800000", "Timeout(ms)=600000"))
        s.joblog(tw + 4.0, job, f"srun: error: {host}: task {r0 // 8}: Aborted (core dumped)")
        s.job_state(tw + 9.0, job, "FAILED", "134:0")
    # SYNTH neighbour eval job: lm-eval-harness progress every ~40 s
    tn, n = 5.0, 1200
    while tn < end:
        s.joblog(tn, "7103", f"Running loglikelihood requests: {n * 100 // 24000:3d}%| {n}/24000 [{hms(tn + 900)}<{hms((24000 - n) * 0.75)}, 1.33it/s]")
        n += 30
        tn += 40.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH amd-smi metrics mapped to DCGM names, every 180 s (five hosts kept)
        jobhost = {"7101": expand_hostlist("mi3-[01-06]"), "7102": expand_hostlist("mi3-[07-12]")}
        for job, tf, bad, bad_g in (("7101", tA, A, None), ("7102", tB_ue, B, 7)):
            if n_ in jobhost[job]:
                if tt < tf:
                    return sample(rng, "mi300x", rng.randint(92, 100), rng.uniform(610, 720), keys=UP)
                if n_ == bad and (bad_g is None or g == bad_g):
                    return None if bad_g is not None else sample(rng, "mi300x", 100, rng.uniform(140, 170), keys=UP)
                if tt < tf + 610:
                    return sample(rng, "mi300x", 100, rng.uniform(150, 190), keys=UP)
                return sample(rng, "mi300x", 0, rng.uniform(120, 135), keys=UP)
        if n_ in ("mi3-13", "mi3-14"):
            return sample(rng, "mi300x", rng.randint(60, 85), rng.uniform(380, 460), keys=UP)
        return sample(rng, "mi300x", 0, rng.uniform(120, 135), keys=UP)
    telemetry_gap(s, ["mi3-04", "mi3-05", "mi3-11", "mi3-12", "mi3-13"], 8, 0.0, end, 180.0, fn)
    s.truth = truth({"t": tA, "category": "gpu_hardware", "node": A},
                    drain=[A, B], requeue={"7101": {"exclude": [A]}, "7102": {"exclude": [B]}},
                    no_drain=["mi3-03", "mi3-05", "mi3-10", "mi3-12"], no_requeue=["7103"],
                    other_faults=[{"t": tB_ue, "category": "gpu_hardware", "node": B, "gpu": 7}])
    return s


# ======================================================================================
# S3  speechbrain-cv-transducer-dp-hang-step-4177  (hang: a 4-GPU data-parallel SpeechBrain run stops iterating)
# ======================================================================================
# Source: https://github.com/speechbrain/speechbrain/issues/1182 -- "Training hangs on parallel training"
# (KacperKubara, 2021-12-07): CommonVoice French Transducer recipe with `--data_parallel_backend` on "a GPU cluster with
# 4 TitanRTXs"; "after ~30 mins, the training hangs and it stops iterating over training examples"; "The training step
# 4177/11783 is stuck like that for the past 20 hours." No error is printed. The thread names no cause.
REAL_S3_START = [
    "speechbrain.tokenizers.SentencePiece - ==== Loading Tokenizer ===",
    "speechbrain.tokenizers.SentencePiece - Tokenizer path: results/cv_transducer/2137/save/1000_unigram.model",
    "speechbrain.tokenizers.SentencePiece - Tokenizer vocab_size: 1000",
    "speechbrain.tokenizers.SentencePiece - Tokenizer type: unigram",
    "speechbrain.core - Info: ckpt_interval_minutes arg from hparam file is used",
    "speechbrain.core - 142.4M trainable parameters in ASR",
    "speechbrain.utils.checkpoints - Would load a checkpoint here, but none found yet.",
    "speechbrain.utils.epoch_loop - Going into epoch 1",
    "  0%|          | 0/11783 [00:00<?, ?it/s]/sw/arch/Debian10/EB_production/2021/software/Anaconda3/2021.05/lib/python3.8/site-packages/numba/cuda/envvars.py:17: NumbaWarning: ",
]


def build_s3() -> Scenario:
    name = "speechbrain-cv-transducer-dp-hang-step-4177"
    s = Scenario(name, "SpeechBrain CommonVoice-fr transducer, torch DataParallel on one 4x TITAN RTX node; the tqdm bar "
                 "stops at 4177/11783 after ~30 min and nothing is printed again; scancel 8 h later.",
                 "2021-12-06T18:20:00Z",
                 {"name": "lisa", "partition": "gpu_titanrtx", "nodes": "r28n[1-5]", "gpus_per_node": 4},
                 [{"id": "9201447", "name": "cv_fr_transducer", "user": "kkubara", "nodes": "r28n3", "tasks_per_node": 1,
                   "started": "2021-12-06T18:19:31Z", "comment": comment(1, "results/cv_transducer/2137/save")},
                  {"id": "9201388", "name": "wav2vec2-ft-nl", "user": "jdevries", "nodes": "r28n4", "tasks_per_node": 1,
                   "started": "2021-12-06T17:02:11Z"}])
    rng = s.rng
    J, N = "9201447", "9201388"
    node = "r28n3"
    t = 3.0
    for k, l in enumerate(REAL_S3_START):
        s.joblog(t + 0.02 * k, J, l)
    # SYNTH: the rest of the NumbaWarning block (the stored excerpt cuts it at 'Environ')
    s.joblog(t + 0.3, J, "Environment variables with the 'NUMBAPRO' prefix are deprecated and consequently ignored, found use of NUMBAPRO_LIBDEVICE=/sw/arch/Debian10/EB_production/2021/software/CUDA/11.1.1-GCC-10.2.0/nvvm/libdevice/.")
    s.joblog(t + 0.31, J, "")
    s.joblog(t + 0.32, J, "For more information about alternatives visit: ('https" + "://numba.readthedocs.io/en/stable/cuda/overview.html', '#cudatoolkit-lookup')")
    s.joblog(t + 0.33, J, "  warnings.warn(errors.NumbaWarning(msg))")
    # SYNTH: tqdm bar with the speechbrain train_loss postfix, one refresh per ~20 s reaching 4177 at ~30 min
    bar = TqdmBar(11783, t + 0.4)
    t_hang = 1800.0 + 0.4
    spi = (t_hang - 30.0) / 4177
    tt, n, loss = t + 25.0, 0, 3.9
    bar.warm(0, t + 0.4, spi, calls=1)
    while n < 4177:
        step = min(4177 - n, int(round(20.0 / spi)) + rng.randint(-3, 3))
        tt += step * spi
        n += step
        loss = max(0.9, loss * 0.985)
        s.joblog(tt, J, tqdm_meter(n, 11783, tt - bar.t0, 1 / spi, postfix=f"train_loss={loss:.2f}"))
    t_last = tt
    t_cancel = t_last + 8 * 3600.0 + 412.0
    s.joblog(t_cancel, J, cancel_line(J, node, s.at(t_cancel)))
    s.job_state(t_cancel + 1.0, J, "CANCELLED", "0:15")
    # SYNTH neighbour: HF wav2vec2 fine-tune on r28n4, dict every ~6 min
    tn, st = 40.0, 3100
    while tn < t_cancel:
        s.joblog(tn, N, hf_dict(0.3 + rng.uniform(-0.03, 0.03), 3e-05, st / 1700))
        st += 100
        tn += 362.0 + rng.uniform(-5, 5)

    def fn(n_, g, tt_):  # SYNTH nvidia-smi poll every 300 s mapped to DCGM names
        if n_ == node:
            if tt_ < t_last:
                return sample(rng, "titanrtx", rng.randint(55, 92) if g else rng.randint(80, 98), rng.uniform(150, 240), keys=UPF)
            if tt_ < t_cancel:
                return sample(rng, "titanrtx", 100 if g == 0 else 0, rng.uniform(66, 75) if g == 0 else rng.uniform(52, 58), keys=UPF)
            return sample(rng, "titanrtx", 0, rng.uniform(18, 24), fb=1, keys=UPF)
        if n_ == "r28n4":
            return sample(rng, "titanrtx", rng.randint(85, 99), rng.uniform(200, 255), keys=UPF)
        return None
    telemetry_gap(s, ["r28n3", "r28n4"], 4, 0.0, t_cancel + 300.0, 300.0, fn)
    s.truth = truth({"t": t_last, "category": "hang", "node": node}, requeue={J: {"exclude": [node]}},
                    no_drain=[node, "r28n4"], no_requeue=[N])
    return s


# ======================================================================================
# S4  fairseq-bt-reverse-fp16-min-loss-scale-epoch3  (software: config makes fp16 loss explode after ~700 updates)
# ======================================================================================
# Source: https://github.com/facebookresearch/fairseq/issues/1895 -- "Overflow when Reproducing Backtranslation Reverse
# Model" (nicolasspring, 2020-03-23): "training fails after `FloatingPointError: Minimum loss scale reached (0.0001)`";
# resolved by the reporter (2020-03-25) after the maintainer's advice: "I was able to get comparable results ... by
# working with `--max-tokens 3584 --update-freq 128` and the loss scale did not get smaller than 1.0". The failure is a
# property of the configuration: restarting it from checkpoint2.pt repeats it.
REAL_S4 = [
    "2020-03-23 11:38:13 | INFO | train | epoch 002 | loss 9.803 | nll_loss 8.89 | ppl 474.37 | wps 31194.9 | ups 0.07 | wpb 430468 | bsz 14485.4 | num_updates 695 | lr 0.00017375 | gnorm 55.005 | loss_scale 0 | train_wall 4512 | wall 9786",
    "2020-03-23 11:38:31 | INFO | valid | epoch 002 | valid on 'valid' subset | loss 9.393 | nll_loss 8.328 | ppl 321.26 | wps 84912.1 | wpb 11298 | bsz 382.5 | num_updates 695 | best_loss 9.393",
    "2020-03-23 11:38:37 | INFO | fairseq.checkpoint_utils | saved checkpoint checkpoints_en_de_parallel/checkpoint2.pt (epoch 2 @ 695 updates, score 9.393) (writing took 5.761506536975503 seconds)",
    "2020-03-23 11:39:44 | INFO | train_inner | epoch 003:      5 / 356 loss=9.44, nll_loss=8.44, ppl=347.28, wps=30690.8, ups=0.07, wpb=427295, bsz=14390.4, num_updates=700, lr=0.000175, gnorm=156.036, loss_scale=0, train_wall=1281, wall=9877",
    "2020-03-23 11:41:18 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: 0.00048828125",
    "2020-03-23 11:48:04 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: 0.000244140625",
]


def fairseq_tb(s: Scenario, t: float, job: str, py: str) -> float:
    """SYNTH: fairseq 0.9 (Mar 2020) traceback for the min-loss-scale abort under distributed spawn."""
    tb = ["Traceback (most recent call last):",
          f'  File "{py}/bin/fairseq-train", line 11, in <module>',
          "    load_entry_point('fairseq', 'console_scripts', 'fairseq-train')()",
          '  File "/home/cluster/nispri/fairseq/fairseq_cli/train.py", line 355, in cli_main',
          "    nprocs=args.distributed_world_size,",
          f'  File "{py}/lib/python3.7/site-packages/torch/multiprocessing/spawn.py", line 171, in spawn',
          "    while not spawn_context.join():",
          f'  File "{py}/lib/python3.7/site-packages/torch/multiprocessing/spawn.py", line 118, in join',
          "    raise Exception(msg)",
          "Exception: ",
          "",
          "-- Process 0 terminated with the following error:",
          "Traceback (most recent call last):",
          '  File "/home/cluster/nispri/fairseq/fairseq/trainer.py", line 466, in train_step',
          "    grad_norm = self.optimizer.clip_grad_norm(self.args.clip_norm)",
          '  File "/home/cluster/nispri/fairseq/fairseq/optim/fp16_optimizer.py", line 177, in clip_grad_norm',
          "    ).format(self.min_loss_scale))",
          "FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably exploding. Try lowering the learning rate, using gradient clipping or increasing the batch size."]
    for k, l in enumerate(tb):
        s.joblog(t + 0.001 * k, job, l)
    return t + 0.1


def build_s4() -> Scenario:
    name = "fairseq-bt-reverse-fp16-min-loss-scale-epoch3"
    s = Scenario(name, "fairseq transformer_wmt_en_de_big (reverse model of back-translation) on one 8x V100 node; "
                 "fp16 loss scale collapses after ~700 updates and the run aborts; the requeued run resumes from "
                 "checkpoint2.pt and aborts the same way 25 min later.",
                 "2020-03-23T11:05:00Z",
                 {"name": "scicore-gpu", "partition": "pascal_volta", "nodes": "sgpu[01-10]", "gpus_per_node": 8},
                 [{"id": "40417", "name": "bt-reverse-de-en", "user": "nispri", "nodes": "sgpu06", "tasks_per_node": 1,
                   "started": "2020-03-23T08:55:07Z", "comment": comment(2, "checkpoints_en_de_parallel")},
                  {"id": "40422", "name": "xlmr-ner-sweep", "user": "ameier", "nodes": "sgpu07", "tasks_per_node": 1,
                   "started": "2020-03-23T10:20:41Z"}])
    rng = s.rng
    J, N, node = "40417", "40422", "sgpu06"
    d0 = s.start
    def tof(stamp):  # seconds after start for a real `YYYY-mm-dd HH:MM:SS` stamp
        return (dt.datetime.strptime(stamp[:19], "%Y-%m-%d %H:%M:%S") - d0).total_seconds()
    # SYNTH: train_inner lines of epoch 002 at log-interval 100 updates (~14.3 s per update at ups 0.07)
    for upd, ep_i in ((600, 261),):
        tt = tof("2020-03-23 11:15:52")
        s.joblog(tt, J, fairseq_line(s.at(tt), "train_inner", f"epoch 002:    {ep_i} / 356 loss=9.921, nll_loss=9.03, ppl=522.61, wps=31202.4, ups=0.07, wpb=430512, bsz=14492.2, num_updates={upd}, lr=0.00015, gnorm=21.884, loss_scale=0.001, train_wall=1429, wall=8445"))
    for l in REAL_S4:
        s.joblog(tof(l), J, l)
    t = tof("2020-03-23 11:49:25")
    s.joblog(t, J, fairseq_line(s.at(t), "fairseq.trainer", "NOTE: overflow detected, setting loss scale to: 0.0001220703125"))
    t_fail = t + 0.6
    t = fairseq_tb(s, t_fail, J, "/home/cluster/nispri/.conda/envs/fs")
    s.job_state(t + 3.0, J, "FAILED", "1:0")
    # SYNTH: Slurm requeues it (the user's --requeue); same command, resumes from checkpoint_last.pt (= checkpoint2)
    t_re = t + 95.0
    s.job_state(t_re, J, "RUNNING", "0:0", nodes="sgpu03")
    s.joblog(t_re + 42.0, J, fairseq_line(s.at(t_re + 42.0), "fairseq.checkpoint_utils", "loaded checkpoint checkpoints_en_de_parallel/checkpoint_last.pt (epoch 2 @ 695 updates)"))
    s.joblog(t_re + 43.0, J, fairseq_line(s.at(t_re + 43.0), "fairseq.trainer", "loading train data for epoch 3"))
    scale, tt = 0.0009765625, t_re + 160.0
    s.joblog(tt, J, fairseq_line(s.at(tt), "train_inner", "epoch 003:      5 / 356 loss=9.436, nll_loss=8.44, ppl=347.01, wps=30702.1, ups=0.07, wpb=427301, bsz=14391.1, num_updates=700, lr=0.000175, gnorm=151.902, loss_scale=0.001, train_wall=72, wall=160"))
    while scale / 2 > 0.0001:
        tt += rng.uniform(200, 420)
        scale /= 2
        s.joblog(tt, J, fairseq_line(s.at(tt), "fairseq.trainer", f"NOTE: overflow detected, setting loss scale to: {scale!r}"))
    t2 = fairseq_tb(s, tt + 0.6, J, "/home/cluster/nispri/.conda/envs/fs")
    s.job_state(t2 + 3.0, J, "FAILED", "1:0")
    t_end = t2 + 900.0
    # SYNTH neighbour: HF token-classification sweep, eval dict every ~5 min
    tn = 30.0
    while tn < t_end:
        s.joblog(tn, N, hf_dict(0.082 + rng.uniform(-0.01, 0.01), 2e-05, 1.0 + tn / 4000))
        tn += 300.0 + rng.uniform(-6, 6)

    def fn(n_, g, tt_):  # SYNTH DCGM every 120 s
        run1 = tt_ < t_fail + 3
        run2 = t_re + 30 < tt_ < t2 + 3
        if n_ == "sgpu07":
            return sample(rng, "v100", rng.randint(60, 90), rng.uniform(150, 230), keys=UP)
        if (n_ == node and run1) or (n_ == "sgpu03" and run2):
            return sample(rng, "v100", rng.randint(90, 100), rng.uniform(230, 290), keys=UP)
        if n_ in (node, "sgpu03"):
            return sample(rng, "v100", 0, rng.uniform(38, 45), keys=UP)
        return None
    telemetry_gap(s, [node, "sgpu03", "sgpu07"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_fail, "category": "software"}, no_requeue=[J], no_drain=[node, "sgpu03"])
    return s


# ======================================================================================
# S5  healthy-keyphrase-beam-validation-gpu-idle-40min  (healthy: a long beam-search validation looks like a stall)
# ======================================================================================
# Source: https://github.com/memray/seq2seq-keyphrase-pytorch/issues/16 -- "Stop training after validation"
# (Dongfeng-He, 2018-12-07). The reporter "thought the training was suspended because the GPU utilization suddenly
# dropped from 90% to 3% for a long period of time. Now, I realize that the validation process takes a much longer time
# than I expected"; the maintainer: "The validation is indeed very slow (currently is with beam search ...)".
# The thread posts no log line: every line below is SYNTH (format approximated, see notes).


def kp_log(d: dt.datetime, msg: str) -> str:
    return f"{d:%m/%d/%Y %H:%M:%S} [INFO] train: {msg}"


def build_s5() -> Scenario:
    name = "healthy-keyphrase-beam-validation-gpu-idle-40min"
    s = Scenario(name, "CopyRNN keyphrase training on one GPU of a 4-GPU node; every 4000 batches a beam-search "
                 "validation runs for ~41 min with the GPU at 2-6 % and no log line; then training resumes.",
                 "2018-12-09T02:00:00Z",
                 {"name": "crc", "partition": "gpu", "nodes": "gpu-n[11-14]", "gpus_per_node": 4},
                 [{"id": "2284113", "name": "kp20k-copyrnn", "user": "dhe", "nodes": "gpu-n12", "tasks_per_node": 1,
                   "started": "2018-12-08T21:14:55Z", "comment": comment(2, "/ihome/dhe/kp/exp/kp20k.copyrnn")},
                  {"id": "2284190", "name": "bert-squad-ft", "user": "rluo", "nodes": "gpu-n13", "tasks_per_node": 1,
                   "started": "2018-12-09T00:40:12Z"}])
    rng = s.rng
    J, N, node = "2284113", "2284190", "gpu-n12"
    t, ep, b, tb = 20.0, 3, 2800, 34800
    t_end = 3 * 3600.0
    valid_at = 36000
    t_val0 = t_val1 = None
    while t < t_end:
        s.joblog(t, J, kp_log(s.at(t), f"Epoch : {ep} Minibatch : {b}, Loss=2.{rng.randint(1100, 1900)}"))
        b += 100
        tb += 100
        t += 66.0 + rng.uniform(-3, 3)
        if tb == valid_at + 100 and t_val0 is None:
            t_val0 = t
            s.joblog(t, J, kp_log(s.at(t), f"Validate and save checkpoint at epoch {ep}, batch {b}, total batch {tb}"))
            s.joblog(t + 0.2, J, kp_log(s.at(t + 0.2), "Running beam search on valid set (20000 docs, beam_size=32, max_sent_length=6)"))
            t += 41 * 60.0 + 17.0
            t_val1 = t
            s.joblog(t, J, kp_log(s.at(t), "#(valid)=20000, F1@5=0.2614, F1@10=0.2213, R@50=0.4401, valid_loss=2.3120"))
            s.joblog(t + 1.1, J, kp_log(s.at(t + 1.1), f"Saving checkpoint to /ihome/dhe/kp/exp/kp20k.copyrnn/kp20k.epoch={ep}.batch={b}.total_batch={tb}.model"))
            t += 4.0
    tn, st = 15.0, 6000
    while tn < t_end:
        s.joblog(tn, N, f"Iteration: {st * 100 // 22180:3d}%|{'#' * (st * 10 // 22180):<10}| {st}/22180 [{hms(tn + 4800)}<{hms((22180 - st) * 0.39)},  2.57it/s]")
        st += 150
        tn += 58.4 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH nvidia-smi poll every 60 s
        if n_ == node:
            if g != 1:
                return sample(rng, "v100_16", 0, rng.uniform(38, 42), fb=0, keys=UPF)
            if t_val0 <= tt < t_val1:
                return sample(rng, "v100_16", rng.randint(2, 6), rng.uniform(44, 52), fb=10240, keys=UPF)
            return sample(rng, "v100_16", rng.randint(84, 95), rng.uniform(180, 230), fb=10240, keys=UPF)
        if n_ == "gpu-n13":
            return sample(rng, "v100_16", rng.randint(94, 100), rng.uniform(220, 255), keys=UPF) if g == 0 else None
        return None
    telemetry_gap(s, [node, "gpu-n13"], 4, 0.0, t_end, 60.0, fn)
    s.truth = truth(None, no_requeue=[J, N], no_drain=[node])
    return s


# ======================================================================================
# S6  mi50-gpu1-athub-uncorrectable-tf-multiworker-hang  (gpu_hardware on an AMD MI50: ATHUB uncorrectable error)
# ======================================================================================
# Source: https://github.com/ROCm/legacy-rocm-build/issues/1386 -- "ROCm programs hangs with Vega 20 (MI 50)" (arfio,
# 2021-02-19: a server with 2 MI50, ROCm 4.0.0; programs "lock up", "I have to force the restart of the server";
# "it happens also with Tensorflow scripts"). ROCmSupport (2021-02-22): "From the dmesg, looks like severe hardware
# error observed. Might be hardware problem." quoting the line below.
REAL_S6 = "[ 1358.996458] amdgpu 0000:83:00.0: uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!"


def build_s6() -> Scenario:
    name = "mi50-gpu1-athub-uncorrectable-tf-multiworker-hang"
    s = Scenario(name, "TensorFlow MultiWorkerMirrored ResNet job on four 2x MI50 nodes; 22 min after boot one node's "
                 "second MI50 reports an ATHUB uncorrectable error, the collective never completes, rocm-smi on that "
                 "node stops answering; the owner cancels after 52 min of silence.",
                 "2021-02-18T07:30:00Z",
                 {"name": "vega", "partition": "mi50", "nodes": "mi50-[01-06]", "gpus_per_node": 2,
                  "pci_bus_ids": ["0000:03:00", "0000:83:00"]},
                 [{"id": "118204", "name": "tf2-resnet50-mwms", "user": "afioravanti", "nodes": "mi50-[01-04]", "tasks_per_node": 1,
                   "started": "2021-02-18T07:21:40Z", "comment": comment(2, "/scratch/afio/rn50/ckpt")},
                  {"id": "118199", "name": "hipcc-rebuild-tests", "user": "mbianchi", "nodes": "mi50-06", "tasks_per_node": 1,
                   "started": "2021-02-18T07:02:10Z"}])
    rng = s.rng
    J, N, bad = "118204", "118199", "mi50-03"
    # SYNTH: the four workers were started right after the nodes booted; mi50-03's uptime puts the error at t_err
    t_err = 1358.996458 - (7 * 60 + 35)
    t = 45.0
    ep = 1
    for r in range(4):  # SYNTH TF 2.4 gRPC server start-up line of each worker (srun --label)
        s.joblog(12.0 + 0.3 * r, J, f"{r}: " + tf_log(s.at(12.0 + 0.3 * r), "I", 0, "tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:411",
                                                  f"Started server with target: grpc://mi50-0{r + 1}:12345"))
    s.joblog(20.0, J, "0: Epoch 1/90")
    while t < t_err:
        t += 312.0 + rng.uniform(-4, 4)
        if t >= t_err:
            break
        s.joblog(t, J, "0: " + keras_v2(ep, 1251, 312, 5.1 / ep ** 0.3, 0.08 * ep ** 0.5, 4.9 / ep ** 0.3, 0.09 * ep ** 0.5))
        ep += 1
        s.joblog(t + 0.1, J, f"0: Epoch {ep}/90")
    s.kernel(t_err, bad, REAL_S6)
    t_cancel = t_err + 52 * 60.0 + 31.0
    s.joblog(t_cancel, J, cancel_line(J, "mi50-01", s.at(t_cancel)))
    s.joblog(t_cancel + 0.3, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_cancel + 33.0, J, f"srun: error: {bad}: task 2: Killed")
    s.job_state(t_cancel + 34.0, J, "CANCELLED", "0:15")
    t_end = t_cancel + 600.0
    tn = 30.0
    k = 1
    while tn < t_end:
        s.joblog(tn, N, f"[{k:4d}/3120] PASSED  hipTestDeviceSynchronize_{k % 37}  ({rng.uniform(0.2, 4.0):.2f} s)")
        k += 1
        tn += 19.0 + rng.uniform(-3, 6)

    def fn(n_, g, tt):  # SYNTH rocm-smi every 60 s mapped to DCGM names
        if n_ in expand_hostlist("mi50-[01-04]"):
            if n_ == bad and tt >= t_err + 20:
                return None  # rocm-smi hangs on this node
            if tt < t_err:
                return sample(rng, "mi50", rng.randint(88, 100), rng.uniform(190, 240), keys=UP)
            if tt < t_cancel + 34:
                return sample(rng, "mi50", 100 if g == 0 else rng.randint(0, 3), rng.uniform(40, 55), keys=UP)
            return sample(rng, "mi50", 0, rng.uniform(18, 22), keys=UP)
        if n_ == "mi50-06":
            return sample(rng, "mi50", rng.randint(5, 40), rng.uniform(35, 90), keys=UP)
        return sample(rng, "mi50", 0, rng.uniform(18, 22), keys=UP)
    telemetry_gap(s, ["mi50-01", "mi50-02", "mi50-03", "mi50-04", "mi50-06"], 2, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_err, "category": "gpu_hardware", "node": bad, "gpu": 1}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["mi50-01", "mi50-02", "mi50-04"], no_requeue=[N])
    return s


# ======================================================================================
# S7  jade-lustre-mdt-unreachable-three-jobs  (infrastructure: the shared Lustre MDT stops answering every client)
# ======================================================================================
# Source: https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/14 -- "lots of lustre client error messages in
# dmesg" (sbutcher, 2017-10-16), JADE (DGX-1 nodes, shared Lustre `jmain01`): the client cannot reach the MGS
# 172.31.126.87@o2ib (LNet tx timed out for ~4.7 days) and at 10:06:17 the MDT (172.31.126.88@o2ib) stops answering
# obd_ping (rc = -107). The stored excerpt ends mid-line after that ("Connection to jmain01-MDT0000 (at 172.31.").
REAL_S7 = [
    "[Mon Oct 16 09:50:06 2017] Lustre: 2449:0:(client.c:2141:ptlrpc_expire_one_request()) Skipped 24 previous similar messages",
    "[Mon Oct 16 09:54:43 2017] LNet: 2431:0:(o2iblnd_cb.c:3174:kiblnd_check_conns()) Timed out tx for 172.31.126.87@o2ib: 403055 seconds",
    "[Mon Oct 16 09:54:43 2017] LNet: 2431:0:(o2iblnd_cb.c:3174:kiblnd_check_conns()) Skipped 24 previous similar messages",
    "[Mon Oct 16 10:00:12 2017] Lustre: 2449:0:(client.c:2141:ptlrpc_expire_one_request()) @@@ Request sent has failed due to network error: [sent 1508144508/real 1508144518]  req@ffff880eb14da700 x1570198182041824/t0(0) o250->MGC172.31.126.87@o2ib@172.31.126.87@o2ib:26/25 lens 520/544 e 0 to 1 dl 1508144563 ref 1 fl Rpc:eXN/0/ffffffff rc 0/-1",
    "[Mon Oct 16 10:00:12 2017] Lustre: 2449:0:(client.c:2141:ptlrpc_expire_one_request()) Skipped 23 previous similar messages",
    "[Mon Oct 16 10:04:49 2017] LNet: 2431:0:(o2iblnd_cb.c:3174:kiblnd_check_conns()) Timed out tx for 172.31.126.87@o2ib: 403661 seconds",
    "[Mon Oct 16 10:04:49 2017] LNet: 2431:0:(o2iblnd_cb.c:3174:kiblnd_check_conns()) Skipped 23 previous similar messages",
    "[Mon Oct 16 10:06:17 2017] LustreError: 11-0: jmain01-MDT0000-mdc-ffff88203810d800: operation obd_ping to node 172.31.126.88@o2ib failed: rc = -107",
]


def build_s7() -> Scenario:
    name = "jade-lustre-mdt-unreachable-three-jobs"
    s = Scenario(name, "Three single-DGX-1 jobs on disjoint nodes; the shared Lustre MDT stops answering all clients at "
                 "10:06; each job fails or stalls on its next metadata operation within minutes.",
                 "2017-10-16T09:45:00Z",
                 {"name": "jade", "partition": "big", "nodes": "dgk[101-122]", "gpus_per_node": 8},
                 [{"id": "61432", "name": "fairseq-wmt14-conv", "user": "sbutcher", "nodes": "dgk107", "tasks_per_node": 1,
                   "started": "2017-10-16T06:12:09Z", "comment": comment(2, "/jmain01/home/JAD017/sxb05/wmt14/ckpt")},
                  {"id": "61440", "name": "resnet152-imagenet", "user": "tmorris", "nodes": "dgk112", "tasks_per_node": 1,
                   "started": "2017-10-16T08:01:55Z", "comment": comment(1)},
                  {"id": "61451", "name": "seq2seq-nmt-big", "user": "eliu", "nodes": "dgk119", "tasks_per_node": 1,
                   "started": "2017-10-16T09:20:30Z"}])
    rng = s.rng
    d0 = s.start
    def tof(l):
        return (dt.datetime.strptime(l[1:25], "%a %b %d %H:%M:%S %Y") - d0).total_seconds()
    # REAL: unchanged on dgk107; the same client messages on the other two nodes (stamp shifted, body unchanged)
    for node, sh in (("dgk107", 0.0), ("dgk112", 3.0), ("dgk119", 7.0)):
        for l in REAL_S7:
            tt = tof(l) + sh + rng.uniform(0, 0.8) * (sh > 0)
            s.kernel(tt, node, l if sh == 0 else retime_dmesg(l, s.at(tt)))
    t_f = tof(REAL_S7[-1])
    # SYNTH: fairseq (2017, lua-less PyTorch port) epoch lines; the next checkpoint save fails with ESHUTDOWN
    t = 12.0
    ep_i = 2100
    while t < t_f + 140:
        s.joblog(t, "61432", f"| epoch 011:   {ep_i} / 4453 loss=3.012, wps=61238, wpb=3992, bsz=128, lr=0.25, clip=100%, gnorm=0.3108")
        ep_i += 100
        t += 6.5 * 100 / 10 + rng.uniform(-2, 2)
    s.joblog(t_f + 151.0, "61432", "| saving checkpoint /jmain01/home/JAD017/sxb05/wmt14/ckpt/checkpoint_last.pt")
    for k, l in enumerate(["Traceback (most recent call last):", '  File "train.py", line 353, in <module>', "    main()",
                           '  File "/jmain01/home/JAD017/sxb05/fairseq-py/fairseq/utils.py", line 54, in save_state',
                           "    torch.save(state_dict, filename)",
                           "OSError: [Errno 108] Cannot send after transport endpoint shutdown: '/jmain01/home/JAD017/sxb05/wmt14/ckpt/checkpoint_last.pt'"]):
        s.joblog(t_f + 151.2 + 0.001 * k, "61432", l)
    s.job_state(t_f + 155.0, "61432", "FAILED", "1:0")
    # SYNTH: ImageNet job: reads from Lustre; workers block, then DataLoader dies
    t, i = 20.0, 1200
    while t < t_f + 30:
        s.joblog(t, "61440", f"Epoch: [37][{i}/5005]\tTime 0.412 (0.409)\tData 0.012 (0.015)\tLoss 1.2{rng.randint(10, 99)} (1.2301)\tPrec@1 69.{rng.randint(0, 99)} (70.112)\tPrec@5 88.{rng.randint(0, 99)} (88.931)")
        i += 100
        t += 41.0 + rng.uniform(-0.8, 0.8)
    t_dl = t_f + 1820.0
    s.joblog(t_dl, "61440", "RuntimeError: DataLoader worker (pid 31876) is killed by signal: Bus error. ")
    s.job_state(t_dl + 2.0, "61440", "FAILED", "1:0")
    # SYNTH: NMT job logs every ~90 s, stalls on its next write to Lustre and never prints again until TIMEOUT
    t, st = 30.0, 8000
    while t < t_f + 60:
        s.joblog(t, "61451", f"global step {st} learning rate 1.0000 step-time 0.88s wps 23.41K ppl 14.{rng.randint(10, 99)} gN 4.{rng.randint(10, 99)} bleu 17.62")
        st += 100
        t += 88.0 + rng.uniform(-2, 2)
    t_end = t_f + 5400.0

    def fn(n_, g, tt):  # SYNTH nvidia-smi every 180 s
        if n_ == "dgk107":
            return sample(rng, "p100_dgx1", rng.randint(88, 99) if tt < t_f + 150 else 0, rng.uniform(190, 240) if tt < t_f + 150 else rng.uniform(31, 36), keys=UP)
        if n_ == "dgk112":
            return sample(rng, "p100_dgx1", rng.randint(85, 99) if tt < t_f + 40 else 0, rng.uniform(200, 250) if tt < t_f + 40 else rng.uniform(31, 36), keys=UP)
        if n_ == "dgk119":
            return sample(rng, "p100_dgx1", rng.randint(80, 96) if tt < t_f + 70 else 0, rng.uniform(180, 230) if tt < t_f + 70 else rng.uniform(40, 46), keys=UP)
        return None
    telemetry_gap(s, ["dgk107", "dgk112", "dgk119"], 8, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_f, "category": "infrastructure"}, no_requeue=["61432", "61440", "61451"],
                    no_drain=["dgk107", "dgk112", "dgk119"])
    return s


# ======================================================================================
# S8  roce-gpu606-port-down-nccl-resiliency-slow  (network: one host's NIC port fails; NCCL IB resiliency keeps the
#     job alive on the remaining rails but the bandwidth never comes back)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/2157 -- "[Issue]: NIC recovery failure" (Mitchelljdaw, 2026-05-04:
# "Lower performance than expected"; "I expected the bandwidth to recover once I bring the failed NIC back up"; debug
# logs of hosts GPU-194 and GPU-606). raminudelman (NVIDIA) quotes the sender-side line below, sees "an async event of
# IBV_EVENT_PORT_ERR", and explains the recovery protocol failed (5 attempts, clock skew between hosts).
REAL_S8 = "[2026-05-04 19:55:27] GPU-606:534134:535429 [1] transport/net_ib/p2p_resiliency.cc:325 NCCL WARN NET/IB: ncclIbResiliencyHandleDeviceFailure: Device 0 marked as failed. Initiating recovery? Yes (send comm=0x7f03e8086000, outstandingRecovery=0)"


def build_s8() -> Scenario:
    name = "roce-gpu606-port-down-nccl-resiliency-slow"
    s = Scenario(name, "ms-swift SFT on two 8-GPU hosts; device 0 (mlx5_0) of GPU-606 loses its port, NCCL's IB "
                 "resiliency marks it failed and carries on over the other rails; step time goes from ~1.9 s to ~3.4 s "
                 "and stays there after the port comes back.",
                 "2026-05-04T19:40:00Z",
                 {"name": "gpu-pod", "partition": "train", "nodes": "GPU-[190-197,600-607]", "gpus_per_node": 8},
                 [{"id": "88120", "name": "swift-sft-qwen3-32b", "user": "mdaw", "nodes": "GPU-[194,606]", "tasks_per_node": 8,
                   "started": "2026-05-04T19:31:12Z", "comment": comment(2, "/mnt/ckpt/qwen3-32b-sft")},
                  {"id": "88117", "name": "swift-rm-qwen3-8b", "user": "kyeo", "nodes": "GPU-[195-196]", "tasks_per_node": 8,
                   "started": "2026-05-04T19:12:40Z"}])
    rng = s.rng
    J, N, bad = "88120", "88117", "GPU-606"
    d0 = s.start
    t_port = (dt.datetime.strptime(REAL_S8[1:20], "%Y-%m-%d %H:%M:%S") - d0).total_seconds()
    t_fail = t_port - 0.45
    t_up = t_port + 12 * 60 + 41.0
    t_end = t_port + 45 * 60.0
    # SYNTH: kernel lines on GPU-606 (mlx5 port down/up)
    s.kernel(t_fail, bad, f"{journal_t(s.at(t_fail), bad)} mlx5_core 0000:1a:00.0 mlx5_0: Port: 1 Link DOWN")
    s.kernel(t_up, bad, f"{journal_t(s.at(t_up), bad)} mlx5_core 0000:1a:00.0 mlx5_0: Port: 1 Link ACTIVE")
    # SYNTH NCCL async-event lines on GPU-606's ranks, then the REAL resiliency line (rank on dev [1])
    for lr in range(8):
        s.joblog(t_fail + 0.2 + 0.01 * lr, J, f"[2026-05-04 19:55:26] GPU-606:{534133 + lr}:{535420 + lr} [{lr}] transport/net_ib/common.cc:{171} NCCL WARN NET/IB : Got async event : port error")
    s.joblog(t_port, J, REAL_S8)
    # SYNTH: ms-swift log dict every 10 steps; 1.9 s/step before, ~3.4 s/step after (never recovers)
    t, st, el = 8.0, 250, 250 * 1.9
    while t < t_end:
        sp = 1.9 if t < t_port else 3.4
        s.joblog(t, J, swift_dict(0.82 + rng.uniform(-0.04, 0.04), rng.uniform(0.25, 0.4), 9.6e-06, 61.2, 1 / sp, st / 2000 * 2, st, 2000, el))
        st += 10
        el += 10 * sp
        t += 10 * sp + rng.uniform(-0.5, 0.5)
    tn, sn = 5.0, 700
    while tn < t_end:
        s.joblog(tn, N, swift_dict(0.41 + rng.uniform(-0.03, 0.03), rng.uniform(0.5, 0.9), 4.1e-06, 38.4, 0.97, sn / 3000, sn, 3000, sn / 0.97))
        sn += 50
        tn += 51.5 + rng.uniform(-0.8, 0.8)

    def fn(n_, g, tt):  # SYNTH dcgm-exporter every 60 s
        if n_ in ("GPU-194", "GPU-606"):
            if tt < t_port:
                return sample(rng, "h100_sxm", rng.randint(92, 100), rng.uniform(560, 660), keys=UP)
            return sample(rng, "h100_sxm", rng.randint(70, 90), rng.uniform(330, 420), keys=UP)
        if n_ in ("GPU-195", "GPU-196"):
            return sample(rng, "h100_sxm", rng.randint(90, 100), rng.uniform(500, 600), keys=UP)
        return None
    telemetry_gap(s, ["GPU-194", "GPU-195", "GPU-606"], 8, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_fail, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["GPU-194"], no_requeue=[N])
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
