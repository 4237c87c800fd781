#!/usr/bin/env python3
"""Build the holdout20 blind evaluation corpus (format `recovery-scenario/1`).

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
Generic helpers up to the holdout20 section are copied unchanged from holdout19's build.py (itself from holdout18,
holdout17, ... holdout14; the holdout18 and holdout19 helper sections are kept as they were) (same machinery,
including `TqdmBar`, a re-implementation of tqdm's own `format_meter`). The holdout19 scenario section is replaced by
the holdout20 helpers and scenarios S1..S7 below.
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
# S1  hgx-h100-11-no-net-plugin-init-hang  (hang: one node's ranks load a different NCCL net plugin; job never starts)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/1634 -- "nccl-tests hanging with no error code" (ycm0k, 2025-03-09):
# on an HGX-H100 cluster, any multi-node run that mixes HGX-H100-01..05 with HGX-H100-06 or HGX-H100-11 hangs "without any
# error messages"; 01-05 together (and 06+11 together) work. The diagnosis quoted in the thread: "you have `libnccl-net.so`
# on part of your hpc" -- the two real lines below show HGX-H100-11 falling back to NCCL's internal IB transport while
# HGX-H100-04 loads HPC-X's nccl_rdma_sharp_plugin (IBext), so ranks on the two kinds of node cannot connect. The issue is
# closed after that diagnosis. The lines are verbatim (host/pid/tid/dev as posted); everything else is synthesised.
REAL_S1_NO_PLUGIN = "HGX-H100-11:18226:18274 [5] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."
REAL_S1_PLUGIN = "HGX-H100-04:589474:589541 [0] NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so"

S1_HCAS = "[0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_7:1/IB [6]mlx5_8:1/IB [7]mlx5_9:1/IB"
S1_BUS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]


def s1_nanogpt_startup(s: Scenario, t: float, job: str, nodes: list, lw: int) -> float:
    """SYNTH: nanoGPT train.py (gpt2-medium config, 32 ranks) start-up prints; torchrun on every node under `srun -l`."""
    for ni, _ in enumerate(nodes):
        torchrun_banner(s, t + 0.3 * ni, job, prefix=label(ni, lw))
    t += 6.0
    for ni, _ in enumerate(nodes):
        for lr in range(8):
            tt = t + 0.05 * lr + 0.4 * ni
            p = label(ni, lw)
            s.joblog(tt, job, f"{p}tokens per iteration will be: 786,432")
            s.joblog(tt + 0.9, job, f"{p}Initializing a new model from scratch")
            s.joblog(tt + 0.9, job, f"{p}defaulting to vocab_size of GPT-2 to 50304 (50257 rounded up for efficiency)")
            s.joblog(tt + 3.1, job, f"{p}number of parameters: 353.55M")
            s.joblog(tt + 4.0, job, f"{p}num decayed parameter tensors: 98, with 354,549,760 parameters")
            s.joblog(tt + 4.0, job, f"{p}num non-decayed parameter tensors: 49, with 50,176 parameters")
            s.joblog(tt + 4.0, job, f"{p}using fused AdamW: True")
            s.joblog(tt + 4.1, job, f"{p}compiling the model... (takes a ~minute)")
    return t + 6.0


def build_s1() -> Scenario:
    J1, J2, N = "30418", "30427", "30391"
    n1 = ["HGX-H100-03", "HGX-H100-04", "HGX-H100-05", "HGX-H100-11"]
    n2 = ["HGX-H100-02", "HGX-H100-03", "HGX-H100-04", "HGX-H100-05"]
    nn = ["HGX-H100-07", "HGX-H100-08"]
    bad = "HGX-H100-11"
    s = Scenario(
        "hgx-h100-11-no-net-plugin-init-hang",
        "A 4-node x 8 H100 nanoGPT pretraining job (srun runs one torchrun per node; NCCL_DEBUG=INFO, "
        "NCCL_DEBUG_SUBSYS=INIT,NET) on HGX-H100-[03-05,11] prints its start-up, then the NCCL start-up lines of all 32 "
        "ranks while DDP broadcasts the initial weights -- and then nothing at all: no step, no error, no watchdog. The "
        "ranks on HGX-H100-03/04/05 load HPC-X's nccl_rdma_sharp_plugin ('Plugin Path : /opt/hpcx/...libnccl-net.so', "
        "network IBext_v8); the 8 ranks on HGX-H100-11 print 'Could not find: libnccl-net.so. Using internal network "
        "plugin.' and use network IB. GPUs hold the model and sit at 0 %. After 22 min the owner cancels and resubmits "
        "on HGX-H100-[02-05]; that run starts training at once. Source: https://github.com/NVIDIA/nccl/issues/1634",
        "2025-03-09T07:50:00Z",
        {"name": "hgx", "partition": "h100", "nodes": "HGX-H100-[01-12]", "gpus_per_node": 8,
         "pci_bus_ids": ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00",
                         "0000:ba:00", "0000:db:00"]},
        [{"id": J1, "name": "nanogpt-owt-gpt2m", "user": "ycmok", "nodes": "HGX-H100-[03-05,11]", "tasks_per_node": 8,
          "started": "2025-03-09T07:50:12Z", "comment": comment(2, "/scratch/ycmok/nanogpt/out")},
         {"id": J2, "name": "nanogpt-owt-gpt2m", "user": "ycmok", "nodes": "HGX-H100-[02-05]", "tasks_per_node": 8,
          "started": "2025-03-09T08:14:55Z", "comment": comment(2, "/scratch/ycmok/nanogpt/out")},
         {"id": N, "name": "vit-l-in22k-ft", "user": "jkwon", "nodes": "HGX-H100-[07-08]", "tasks_per_node": 8,
          "started": "2025-03-09T05:31:40Z"}],
    )
    rng = s.rng
    lw = 1
    t = s1_nanogpt_startup(s, 14.0, J1, n1, lw)
    # SYNTH: NCCL 2.21.5 start-up lines of every rank (INIT,NET subsystems); rank 0 prints the version banner
    t_nccl = t + 1.2
    pid0 = {"HGX-H100-03": 402117, "HGX-H100-04": 589474, "HGX-H100-05": 377402, "HGX-H100-11": 18221}  # real pids: 04/[0] 589474, 11/[5] 18226
    s.joblog(t_nccl, J1, f"0: NCCL version 2.21.5+cuda12.4")
    for ni, host in enumerate(n1):
        p = label(ni, lw)
        ip = f"10.10.1.{int(host[-2:])}"
        for lr in range(8):
            rank = ni * 8 + lr
            pid = pid0[host] + lr
            tid = 18274 if (host == bad and lr == 5) else pid + 67 + (lr % 3)  # the real lines' tids: 589541, 18274
            tt = t_nccl + 0.02 * rank + rng.uniform(0, 0.05)
            pre = nccl_prefix(host, pid, pid, lr)
            pre_t = nccl_prefix(host, pid, tid, lr)
            s.joblog(tt + 0.001, J1, f"{p}{pre} NCCL INFO Bootstrap : Using bond0:{ip}<0>")
            if host == bad:
                if lr == 5:
                    s.joblog(tt + 0.31, J1, f"{p}{REAL_S1_NO_PLUGIN}")
                else:
                    s.joblog(tt + 0.31, J1, f"{p}{pre_t} NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
                s.joblog(tt + 0.33, J1, f"{p}{pre_t} NCCL INFO NET/IB : Using {S1_HCAS} [RO]; OOB bond0:{ip}<0>")
                s.joblog(tt + 0.33, J1, f"{p}{pre_t} NCCL INFO Using network IB")
            else:
                s.joblog(tt + 0.30, J1, f"{p}{pre_t} NCCL INFO NET/Plugin: Loaded net plugin NCCL RDMA Plugin v8 (v8)")
                s.joblog(tt + 0.30, J1, f"{p}{pre_t} NCCL INFO NET/Plugin: Loaded collnet plugin SHARP (v8)")
                if host == "HGX-H100-04" and lr == 0:
                    s.joblog(tt + 0.30, J1, f"{p}{REAL_S1_PLUGIN}")
                else:
                    s.joblog(tt + 0.30, J1, f"{p}{pre_t} NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so")
                s.joblog(tt + 0.30, J1, f"{p}{pre_t} NCCL INFO P2P plugin v8 IBext_v8")
                s.joblog(tt + 0.33, J1, f"{p}{pre_t} NCCL INFO NET/IB : Using {S1_HCAS} [RO]; OOB bond0:{ip}<0>")
                s.joblog(tt + 0.33, J1, f"{p}{pre_t} NCCL INFO Using network IBext_v8")
            s.joblog(tt + 0.52, J1, f"{p}{pre_t} NCCL INFO ncclCommInitRank comm 0x{rng.randrange(0x550000000000, 0x56ffffffffff):x} "
                                    f"rank {rank} nranks 32 cudaDev {lr} nvmlDev {lr} busId {S1_BUS[lr]} commId 0x5f3c9e02a1b7d466 - Init START")
    t_hang = t_nccl + 1.4
    # silence: no Init COMPLETE, no step, no watchdog (torch 2.0 default 30 min timeout never reached)
    t_cancel = t_hang + 22 * 60 + 7.0
    s.joblog(t_cancel, J1, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for ni, host in enumerate(n1):
        s.joblog(t_cancel + 0.05 + 0.01 * ni, J1, f"slurmstepd: error: *** STEP {J1}.0 ON {host} CANCELLED AT {s.at(t_cancel):%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(t_cancel + 0.1, J1, cancel_line(J1, n1[0], s.at(t_cancel)))
    s.job_state(t_cancel + 1.4, J1, "CANCELLED", "0:15")
    # SYNTH: resubmission excluding HGX-H100-11 (and 06, which the owner had also seen hang)
    t2 = 24 * 60 + 55.0
    s.job_state(t2, J2, "RUNNING", "0:0", nodes="HGX-H100-[02-05]")
    t = s1_nanogpt_startup(s, t2 + 3.0, J2, n2, lw)
    s.joblog(t + 1.1, J2, "0: NCCL version 2.21.5+cuda12.4")
    for ni, host in enumerate(n2):
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 410000 + 1000 * ni + lr
            s.joblog(t + 1.2 + 0.02 * rank, J2, f"{label(ni, lw)}{nccl_prefix(host, pid, pid + 66, lr)} NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so")
            s.joblog(t + 3.9 + 0.02 * rank, J2, f"{label(ni, lw)}{nccl_prefix(host, pid, pid + 66, lr)} NCCL INFO ncclCommInitRank comm "
                                              f"0x{rng.randrange(0x550000000000, 0x56ffffffffff):x} rank {rank} nranks 32 cudaDev {lr} nvmlDev {lr} "
                                              f"busId {S1_BUS[lr]} commId 0x8d0e41f3c2a95b17 - Init COMPLETE")
    t = t + 52.0  # estimate_loss at iter 0 (eval_iters=200) on the master
    s.joblog(t, J2, "0: step 0: train loss 10.9916, val loss 10.9921")
    t += 41.0
    s.joblog(t, J2, "0: iter 0: loss 10.9873, time 93412.55ms, mfu -100.00%")
    it, t_end = 0, 32 * 60.0 + 50.0
    while True:
        t += 10 * (0.402 + rng.uniform(-0.006, 0.006))
        it += 10
        if t > t_end:
            break
        loss = 3.05 + 7.9 * math.exp(-it / 160.0) + rng.uniform(-0.03, 0.03)
        ms = 1000 * (0.402 + rng.uniform(-0.008, 0.008))
        mfu = 38.9 * min(1.0, it / 60.0) + rng.uniform(-0.4, 0.4)
        s.joblog(t, J2, f"0: iter {it}: loss {loss:.4f}, time {ms:.2f}ms, mfu {mfu:.2f}%")
    t_win = 33 * 60.0

    # SYNTH neighbour: 2-node ViT fine-tune, its own progress line every ~50 s
    tn, stp = 9.0, 18400
    while tn < t_win:
        s.joblog(tn, N, f"[{s.at(tn):%Y-%m-%d %H:%M:%S}] train step {stp} loss {1.412 + rng.uniform(-0.04, 0.04):.4f} "
                        f"lr 8.21e-05 img/s {5890 + rng.randint(-60, 60)}")
        stp += 100
        tn += 50.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH dcgm-exporter every 60 s (util + power only)
        j1 = n_ in n1 and 20.0 < tt < t_cancel + 2
        j2 = n_ in n2 and t2 + 60.0 < tt
        if j2 and tt > t2 + 150:
            return sample(rng, "h100_sxm", rng.randint(93, 100), rng.uniform(560, 690))
        if j1 or j2:
            return sample(rng, "h100_sxm", 0, rng.uniform(112, 126))  # weights loaded, no kernel running
        if n_ == "HGX-H100-02" and tt < t2:
            return None  # SYNTH: HGX-H100-02 samples kept only from J2 on (keeps events.jsonl small)
        return sample(rng, "h100_sxm", 0, rng.uniform(68, 76))
    telemetry_gap(s, sorted(set(n1) | set(n2)), 8, 0.0, t_win, 60.0, fn, fields=UP)
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, requeue={J1: {"exclude": [bad]}},
                    no_drain=["HGX-H100-03", "HGX-H100-04", "HGX-H100-05"], no_requeue=[J2, N])
    return s


# ======================================================================================
# S2  icefall-conformer-ctc-pe-indexerror-every-rank  (software: a code bug fixed upstream; every run dies at batch 0)
# ======================================================================================
# Source: https://github.com/k2-fsa/icefall/issues/102 -- "Error in train conformer" (fra1993, 2021-11-02): running
# `./conformer_ctc/train.py` fails with the lines below. Maintainer (csukuangfj): "The same error as the one mentioned in
# https://github.com/k2-fsa/icefall/issues/70#issuecomment-943205832 which has been fixed 19 days ago in
# https://github.com/k2-fsa/icefall/pull/79 -- Are you using the latest master branch?" A bug in the checked-out code:
# every run on every GPU hits it at the first batch; the fix is updating the code. The three lines are verbatim (the first
# is the tail of the traceback's File line as the reporter quoted it); the rest of the traceback is synthesised.
REAL_S2_TB = [
    'transformer.py", line 706, in forward',
    "    x = x * self.xscale + self.pe[:, : x.size(1), :]",
    "IndexError: too many indices for tensor of dimension 2",
]

S2_EGS = "/home/fra/icefall/egs/librispeech/ASR"
S2_PY = "/home/fra/miniconda3/envs/k2/lib/python3.8/site-packages"


def ice(d: dt.datetime, src: str, msg: str, rank=None, ws=None, level: str = "INFO") -> str:
    """SYNTH: icefall setup_logger format `%(asctime)s %(levelname)s [%(filename)s:%(lineno)d] (rank/world) %(message)s`."""
    rw = f" ({rank}/{ws})" if rank is not None else ""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} {level} [{src}]{rw} {msg}"


def s2_params(exp: str, ws: int) -> str:
    return ("{'best_train_loss': inf, 'best_valid_loss': inf, 'best_train_epoch': -1, 'best_valid_epoch': -1, "
            "'batch_idx_train': 0, 'log_interval': 10, 'reset_interval': 200, 'valid_interval': 3000, 'feature_dim': 80, "
            "'subsampling_factor': 4, 'use_feat_batchnorm': True, 'attention_dim': 512, 'nhead': 8, 'num_decoder_layers': 6, "
            "'beam_size': 10, 'reduction': 'sum', 'use_double_scores': True, 'att_rate': 0.7, 'weight_decay': 1e-06, "
            f"'lr_factor': 5.0, 'warm_step': 80000, 'world_size': {ws}, 'master_port': 12354, 'tensorboard': True, "
            f"'num_epochs': 35, 'start_epoch': 0, 'exp_dir': PosixPath('{exp}'), 'lang_dir': PosixPath('data/lang_bpe'), "
            "'full_libri': True, 'feature_dir': PosixPath('data/fbank'), 'max_duration': 200.0, 'bucketing_sampler': True, "
            "'num_buckets': 30, 'concatenate_cuts': False, 'duration_factor': 1.0, 'gap': 1.0, 'on_the_fly_feats': False, "
            "'shuffle': True, 'return_cuts': True, 'num_workers': 2}")


def s2_run(s: Scenario, job: str, t: float, ws: int, failing_rank: int) -> float:
    """SYNTH: one icefall conformer_ctc run (mp.spawn, world_size ws) up to the crash at batch 0; returns crash time."""
    rng = s.rng
    exp = "conformer_ctc/exp"
    for r in range(ws):
        tt = t + 0.07 * r
        s.joblog(tt, job, ice(s.at(tt), "train.py:542", "Training started", r, ws))
        s.joblog(tt + 0.001, job, ice(s.at(tt), "train.py:543", s2_params(exp, ws), r, ws))
    t += 2.4
    for r in range(ws):
        tt = t + 0.05 * r
        s.joblog(tt, job, ice(s.at(tt), "train.py:566", "About to create model", r, ws))
    t += 3.1
    for r in range(ws):
        tt = t + 0.11 * r
        for k, msg in enumerate(["About to get train cuts", "About to get Musan cuts", "About to create train dataset",
                                 "Using BucketingSampler.", "About to create train dataloader", "About to get dev cuts",
                                 "About to create dev dataset", "About to create dev dataloader"]):
            line = {0: 218, 1: 223, 2: 233, 3: 266, 4: 289, 5: 311, 6: 326, 7: 339}[k]
            s.joblog(tt + 1.9 * k, job, ice(s.at(tt + 1.9 * k), f"asr_datamodule.py:{line}", msg, r, ws))
    t += 16.0
    s.joblog(t, job, ice(s.at(t), "train.py:611", "epoch 0, learning rate 0", 0, ws))
    t_err = t + 9.0 + rng.uniform(0, 1.5)
    py = S2_PY
    tb = ["Traceback (most recent call last):",
          '  File "./conformer_ctc/train.py", line 694, in <module>',
          "    main()",
          '  File "./conformer_ctc/train.py", line 687, in main',
          "    mp.spawn(run, args=(world_size, args), nprocs=world_size, join=True)",
          f'  File "{py}/torch/multiprocessing/spawn.py", line 230, in spawn',
          "    return start_processes(fn, args, nprocs, join, daemon, start_method='spawn')",
          f'  File "{py}/torch/multiprocessing/spawn.py", line 188, in start_processes',
          "    while not context.join():",
          f'  File "{py}/torch/multiprocessing/spawn.py", line 150, in join',
          "    raise ProcessRaisedException(msg, error_index, failed_process.pid)",
          "torch.multiprocessing.spawn.ProcessRaisedException: ",
          "",
          f"-- Process {failing_rank} terminated with the following error:",
          "Traceback (most recent call last):",
          f'  File "{py}/torch/multiprocessing/spawn.py", line 59, in _wrap',
          "    fn(i, *args)",
          f'  File "{S2_EGS}/conformer_ctc/train.py", line 622, in run',
          "    train_one_epoch(",
          f'  File "{S2_EGS}/conformer_ctc/train.py", line 461, in train_one_epoch',
          "    loss, loss_info = compute_loss(",
          f'  File "{S2_EGS}/conformer_ctc/train.py", line 368, in compute_loss',
          "    att_loss = model.module.decoder_forward(",
          f'  File "{S2_EGS}/conformer_ctc/transformer.py", line 278, in decoder_forward',
          "    ys_in_pad = self.decoder_pos(ys_in_pad)",
          f'  File "{py}/torch/nn/modules/module.py", line 1102, in _call_impl',
          "    return forward_call(*input, **kwargs)",
          f'  File "{S2_EGS}/conformer_ctc/{REAL_S2_TB[0]}',
          REAL_S2_TB[1],
          REAL_S2_TB[2],
          ""]
    for k, l in enumerate(tb):
        s.joblog(t_err + 0.0004 * k, job, l)
    return t_err


def build_s2() -> Scenario:
    J1, J2, N = "771203", "771240", "771188"
    a, b, nb = "asr-gpu03", "asr-gpu06", "asr-gpu04"
    s = Scenario(
        "icefall-conformer-ctc-pe-indexerror-every-rank",
        "An icefall (k2/lhotse) LibriSpeech conformer_ctc training with --world-size 4 (one process, torch.multiprocessing "
        "spawn, 4 x V100-32GB) on asr-gpu03 logs its start-up on all four ranks and dies at the first batch: the spawn "
        "wrapper reports 'Process 2 terminated' with IndexError: too many indices for tensor of dimension 2 in "
        "transformer.py line 706 (positional encoding). The owner resubmits the same checkout; it lands on asr-gpu06 and "
        "dies identically ~13 min later. A different icefall recipe (tdnn_lstm_ctc) trains normally on asr-gpu04 throughout. "
        "Source: https://github.com/k2-fsa/icefall/issues/102",
        "2021-11-02T09:00:00Z",
        {"name": "asr", "partition": "gpu", "nodes": "asr-gpu[01-08]", "gpus_per_node": 4},
        [{"id": J1, "name": "ice-conformer-ctc", "user": "fra", "nodes": a, "tasks_per_node": 1,
          "started": "2021-11-02T09:00:31Z", "comment": comment(3, "/home/fra/icefall/egs/librispeech/ASR/conformer_ctc/exp")},
         {"id": J2, "name": "ice-conformer-ctc", "user": "fra", "nodes": b, "tasks_per_node": 1,
          "started": "2021-11-02T09:13:48Z", "comment": comment(3, "/home/fra/icefall/egs/librispeech/ASR/conformer_ctc/exp")},
         {"id": N, "name": "ice-tdnn-lstm-ctc", "user": "mling", "nodes": nb, "tasks_per_node": 1,
          "started": "2021-11-02T07:22:10Z"}],
    )
    rng = s.rng
    t1 = s2_run(s, J1, 36.0, 4, 2)
    s.job_state(t1 + 3.2, J1, "FAILED", "1:0")
    t2s = 13 * 60 + 48.0
    s.job_state(t2s, J2, "RUNNING", "0:0", nodes=b)
    t2 = s2_run(s, J2, t2s + 5.0, 4, 0)
    s.job_state(t2 + 3.0, J2, "FAILED", "1:0")
    t_end = 26 * 60.0
    # SYNTH neighbour: icefall tdnn_lstm_ctc, single process, log every 10 batches (~28 s)
    tn, bi, tot_frames = 11.0, 11320, 1744320.0
    while tn < t_end:
        fr = 8600 + rng.randint(0, 500)
        s.joblog(tn, N, ice(s.at(tn), "train.py:423", f"Epoch 4, batch {bi}, loss[loss={0.148 + rng.uniform(-0.012, 0.012):.4g}, "
                                                        f"over {fr}.0 frames], tot_loss[loss={0.1566 + rng.uniform(-0.002, 0.002):.4g}, "
                                                        f"over {tot_frames:.1f} frames], batch size: {28 + rng.randint(0, 6)}"))
        bi += 10
        tn += 28.0 + rng.uniform(-1.2, 1.2)

    def fn(n_, g, tt):  # SYNTH dcgm-exporter every 30 s
        if n_ == nb:
            return sample(rng, "v100_sxm32", rng.randint(70, 92), rng.uniform(170, 235), fb=14100 + rng.randint(0, 400))
        busy = (n_ == a and 52 < tt < t1) or (n_ == b and t2s + 20 < tt < t2)
        if busy:  # model + cuts loaded, dataloader warming up
            return sample(rng, "v100_sxm32", rng.randint(0, 9), rng.uniform(58, 80), fb=3100 + rng.randint(0, 300))
        return sample(rng, "v100_sxm32", 0, rng.uniform(38, 44), fb=0)
    telemetry_gap(s, [a, nb, b], 4, 0.0, t_end, 30.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    s.truth = truth({"t": t1, "category": "software"}, no_requeue=[J1, J2], no_drain=[a, b])
    return s


# ======================================================================================
# S3  gb200-r06-01-hbm-sbe-storm-dcgm-stalls  (gpu_hardware: one GB200's HBM throws ~17k corrected errors/s under load)
# ======================================================================================
# Sources: https://github.com/NVIDIA/DCGM/issues/313 -- "DCGM API calls block past 45s on a GPU generating correctable ECC
# errors under load, and return in 0s when it is idle" (lfriedman-netllama, 2026-09-07): GB200 (4 per node), driver
# 580.126.20, DCGM 4.5.2; one GPU of the four has DCGM_FI_DEV_ECC_SBE_VOL_TOTAL 9.6e9 "rising at ~17,700/s under load",
# SBE aggregate 54,731,746,511, 8 correctable remapped rows, 0 DBE, 0 uncorrectable remapped rows, no remap failure; "the
# other three GPUs on the same node report 0"; DCGM reports the GPU Healthy. And https://github.com/NVIDIA/NVSentinel/issues/1748
# (same author): on node 3209e979-r06-01 of a 288-node GB200 fleet the health monitor is killed by its own liveness probe 49
# times in 3 days because dcgm_health_check does not return within 45 s; all 18 nodes of rack06 run ranks of the same
# distributed training job; "The node has since been cordoned for the hardware repair and the training job has left" --
# every symptom is load-dependent: SBE rate "4,647/s, then 17,657/s" under load, exactly 0 idle. The kernel log has no ECC
# line, only NVRM NVLink/IMEX lines, counted in the journal (the three below, verbatim). Which of the four GPUs is not
# stated: GPU 2 is my choice. The job's own lines, the telemetry and the scrape gaps are synthesised.
REAL_S3_IMEX = "NVRM: _fabricNotifyEvent: Unable to notify ImexSessionApi"
REAL_S3_NVLINK = [
    "NVRM: knvlinkUpdatePostRxDetectLinkMask_IMPL: Failed to update Rx Detect Link mask!",
    "NVRM: knvlinkDiscoverPostRxDetLinks_GH100: Getting peer0/peer1's postRxDetLinkMask failed!",
]

S3_KEYS = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL")


def s3_log(d: dt.datetime, msg: str) -> str:
    """SYNTH: the in-house trainer's rank-0 Python logging line (`%(asctime)s %(levelname)s %(name)s: %(message)s`)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO trainer.loop: {msg}"


def build_s3() -> Scenario:
    J = "88031"
    nodes = [f"3209e979-r06-{i:02d}" for i in range(1, 19)]
    bad, bad_gpu = nodes[0], 2
    s = Scenario(
        "gb200-r06-01-hbm-sbe-storm-dcgm-stalls",
        "A 72-rank MoE pretraining job spans all 18 GB200 compute trays of rack06 (3209e979-r06-[01-18], 4 GPUs each, driver "
        "580.126.20, DCGM 4.5.2) and logs a step every ~19 s without error. GPU 2 of r06-01 reports "
        "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL near 9.6e9 and rising by thousands per second (4.6k/s, later 17.7k/s); every other "
        "GPU reports 0; no DBE, no Xid. r06-01's exporter scrapes time out now and then (DCGM calls block > 45 s while that "
        "GPU is busy), and its kernel log repeats 'NVRM: _fabricNotifyEvent: Unable to notify ImexSessionApi'. Sources: "
        "https://github.com/NVIDIA/DCGM/issues/313 and https://github.com/NVIDIA/NVSentinel/issues/1748",
        "2026-09-02T14:00:00Z",
        {"name": "gb200-east", "partition": "nvl72", "nodes": "3209e979-r06-[01-18]", "gpus_per_node": 4,
         "pci_bus_ids": ["0008:01:00", "0009:01:00", "0018:01:00", "0019:01:00"]},
        [{"id": J, "name": "moe-pretrain-r06", "user": "lfriedman", "nodes": "3209e979-r06-[01-18]", "tasks_per_node": 4,
          "started": "2026-08-31T21:14:06Z", "comment": comment(3, "/lustre/ckpt/moe-pretrain-r06")}],
    )
    rng = s.rng
    t_end = 16 * 60.0 + 20.0
    # SYNTH rank-0 step lines (~18.9 s/step; no slowdown is reported in the thread, none is invented)
    t, step = 7.3, 118402
    while t < t_end:
        st = 18.9 + rng.uniform(-0.25, 0.25)
        s.joblog(t, J, s3_log(s.at(t), f"step={step} loss={2.0412 + rng.uniform(-0.02, 0.02):.4f} grad_norm={0.187 + rng.uniform(-0.02, 0.02):.3f} "
                                       f"lr=1.86e-04 tokens_per_s={3.12e6 * 18.9 / st / 1e6:.2f}M step_time={st:.2f}s"))
        if step % 25 == 0:
            s.joblog(t + 0.4, J, s3_log(s.at(t + 0.4), f"moe/aux_loss={0.0113 + rng.uniform(-0.001, 0.001):.4f} "
                                                      f"moe/max_expert_load={1.41 + rng.uniform(-0.05, 0.05):.2f}"))
        step += 1
        t += st
    # REAL lines in r06-01's journal (journald short format; the prefix is SYNTH)
    tk = 3.8
    while tk < t_end:
        s.kernel(tk, bad, f"{journal_t(s.at(tk), bad)} {REAL_S3_IMEX}")
        tk += 19.4 + rng.uniform(-6, 6)
    tk = 412.6
    s.kernel(tk, bad, f"{journal_t(s.at(tk), bad)} {REAL_S3_NVLINK[0]}")
    s.kernel(tk + 0.002, bad, f"{journal_t(s.at(tk), bad)} {REAL_S3_NVLINK[1]}")

    sbe0, t_jump = 9.604e9, 610.0

    def sbe(tt):
        if tt < t_jump:
            return int(sbe0 + 4647 * tt)
        return int(sbe0 + 4647 * t_jump + 17657 * (tt - t_jump))

    stalled = set()
    for k in range(20):  # SYNTH: scrapes of r06-01 that time out (DCGM blocked > 45 s) -> no sample
        if rng.random() < 0.4:
            stalled.add(k)

    def fn(n_, g, tt):  # SYNTH dcgm-exporter, 60 s scrape interval
        if n_ == bad and int(tt // 60) in stalled:
            return None
        f = sample(rng, "gb200", rng.randint(91, 99), rng.uniform(930, 1090))
        f["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"] = sbe(tt) if (n_ == bad and g == bad_gpu) else 0
        return f
    telemetry_gap(s, nodes, 4, 0.0, t_end, 60.0, fn, fields=S3_KEYS)
    first = min(e[2]["t"] for e in s.events if e[2].get("source") == "gpu" and e[2]["node"] == bad and e[2]["gpu"] == bad_gpu)
    s.truth = truth({"t": first, "category": "gpu_hardware", "node": bad, "gpu": bad_gpu}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_drain=nodes[1:4])
    return s


# ======================================================================================
# S4  healthy-everyvoice-fs2-preempted-and-requeued  (healthy: the scheduler preempts and requeues a job; nothing broke)
# ======================================================================================
# Source: https://github.com/EveryVoiceTTS/EveryVoice/issues/183 -- 'If your jobs gets "PREEMPTION", it will restart from
# scratch VS continuing from the last checkpoint' (marctessier, 2023-11-29): an EveryVoice FeaturePredictionExperiment
# (FastSpeech2 on PyTorch Lightning) job on the GPSC cluster is preempted; the cluster restarts it automatically; the
# restarted run trains from epoch 0 (its new checkpoints epoch=27-step=308 ... epoch=47-step=528 appear minutes after
# last.ckpt of the preempted run at epoch ~5460). The two lines below are the job log as quoted (the second is cut in the
# issue text and kept cut). The maintainers treated it as an EveryVoice resume bug (later: "We should resume from
# last.ckpt by default", EveryVoice #247) -- nothing about the node or the scheduler was wrong. The ll listing's mtimes
# (EST) put the preemption at 10:47 EST = the log's 15:47:21 UTC and the restart a few minutes later. Everything else is
# synthesised: Lightning's start-up lines, the progress bars, the preemptor job, Slurm state changes, telemetry.
REAL_S4_STEP = "slurmstepd: error: *** STEP 4714782.0 ON ib12gpu-001 CANCELLED AT 2023-11-29T15:47:21 ***"
REAL_S4_SIGTERM = "[rank: 3] Recei"

S4_SUMMARY = [
    "  | Name                 | Type                   | Params",
    "------------------------------------------------------------------",
    "0 | text_input_layer     | Embedding              | 49.7 K",
    "1 | position_embedding   | PositionalEmbedding    | 0     ",
    "2 | encoder              | Conformer              | 9.5 M ",
    "3 | variance_adaptor     | VarianceAdaptor        | 1.9 M ",
    "4 | decoder              | Conformer              | 9.5 M ",
    "5 | mel_linear           | Linear                 | 20.6 K",
    "6 | postnet              | PostNet                | 4.3 M ",
    "7 | loss                 | FastSpeech2Loss        | 0     ",
    "------------------------------------------------------------------",
    "25.3 M    Trainable params",
    "0         Non-trainable params",
    "25.3 M    Total params",
    "101.136   Total estimated model params size (MB)",
]


def s4_startup(s: Scenario, t: float, job: str) -> float:
    """SYNTH: Lightning 2.1 start-up under `srun` with 4 tasks (one process per GPU)."""
    for l in ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
              "IPU available: False, using: 0 IPUs", "HPU available: False, using: 0 HPUs"]:
        s.joblog(t, job, l)
    for r in range(4):
        s.joblog(t + 1.1 + 0.2 * r, job, f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/4")
    t += 2.6
    for l in ["----------------------------------------------------------------------------------------------------",
              "distributed_backend=nccl", "All distributed processes registered. Starting with 4 processes",
              "----------------------------------------------------------------------------------------------------", ""]:
        s.joblog(t, job, l)
    for r in range(4):
        s.joblog(t + 3.4 + 0.01 * r, job, f"LOCAL_RANK: {r} - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
    t += 3.5
    for k, l in enumerate(S4_SUMMARY):
        s.joblog(t + 0.001 * k, job, l)
    return t + 4.0


def s4_epochs(s: Scenario, job: str, t: float, ep: int, t_stop: float, sec_per_it: float) -> tuple:
    """SYNTH: one tqdm bar line per finished epoch (11 batches/epoch, as the thread's checkpoint names imply)."""
    rng = s.rng
    while True:
        dur = 11 * sec_per_it * rng.uniform(0.97, 1.03)
        if t + dur > t_stop:
            return t, ep
        t += dur
        s.joblog(t, job, tqdm_meter(11, 11, dur, 11 / dur, desc=f"Epoch {ep}", postfix="v_num=0"))
        ep += 1


def build_s4() -> Scenario:
    J, P = "4714782", "4714990"
    a, b = "ib12gpu-001", "ib12gpu-004"
    s = Scenario(
        "healthy-everyvoice-fs2-preempted-and-requeued",
        "An EveryVoice FastSpeech2 (feature prediction) training on ib12gpu-001 (4 x A100-40GB, PyTorch Lightning DDP, 11 "
        "batches per epoch) prints a progress bar per epoch (~15 s). At 15:47:21 a higher-priority job preempts it: "
        "slurmstepd cancels step 0, every rank logs Lightning's 'Received SIGTERM: 15', the batch step is cancelled 'DUE "
        "TO PREEMPTION', and Slurm requeues the job (it was submitted with --requeue). The preemptor starts on "
        "ib12gpu-001 at once; the requeued job starts again six minutes later on ib12gpu-004 and trains normally (from "
        "epoch 0, because EveryVoice did not resume from last.ckpt -- an application issue no drain or requeue can fix). "
        "Source: https://github.com/EveryVoiceTTS/EveryVoice/issues/183",
        "2023-11-29T15:00:00Z",
        {"name": "gpsc5", "partition": "gpu_a100", "nodes": "ib12gpu-[001-012]", "gpus_per_node": 4},
        [{"id": J, "name": "ev-fs2-base", "user": "tes001", "nodes": a, "tasks_per_node": 4,
          "started": "2023-11-28T01:52:40Z", "comment": comment(2, "logs_and_checkpoints/FeaturePredictionExperiment/base/checkpoints")},
         {"id": P, "name": "nwp-ens-urgent", "user": "ops_nwp", "nodes": a, "tasks_per_node": 4,
          "started": "2023-11-29T15:47:42Z"}],
    )
    rng = s.rng
    t_pre = 47 * 60 + 21.0
    t, ep = s4_epochs(s, J, 2.0, 5462, t_pre, 1.36)
    # partial bar of the epoch in progress when the signal arrives
    el = t_pre - 0.2 - t
    part = max(1, min(10, int(el / 1.36)))
    s.joblog(t_pre - 0.2, J, tqdm_meter(part, 11, el, part / max(el, 0.1), desc=f"Epoch {ep}", postfix="v_num=0"))
    s.joblog(t_pre, J, REAL_S4_STEP)
    s.joblog(t_pre + 0.004, J, "[rank: 3] Received SIGTERM: 15")
    for r in (1, 0, 2):
        s.joblog(t_pre + 0.006 + 0.002 * r, J, f"[rank: {r}] Received SIGTERM: 15")
    s.joblog(t_pre + 0.02, J, f"slurmstepd: error: *** JOB {J} ON {a} CANCELLED AT 2023-11-29T15:47:21 DUE TO PREEMPTION ***")
    s.job_state(t_pre + 0.6, J, "PREEMPTED", "0:15", reason="Preempted by job 4714990")
    s.job_state(t_pre + 1.9, J, "PENDING", "0:0", reason="BeginTime")
    s.job_state(t_pre + 21.0, P, "RUNNING", "0:0", nodes=a)
    s.job_state(t_pre + 63.0, J, "PENDING", "0:0", reason="Priority")
    t_re = 53 * 60 + 12.0
    s.job_state(t_re, J, "RUNNING", "0:0", nodes=b)
    t = s4_startup(s, t_re + 11.0, J)
    t_end = 70 * 60.0
    t, _ = s4_epochs(s, J, t + 8.0, 0, t_end, 1.2)
    # SYNTH: the preemptor (a short numerical-weather ensemble, its own plain prints)
    tp, mem = t_pre + 46.0, 0
    while tp < t_end:
        s.joblog(tp, P, f"[{s.at(tp):%H:%M:%S}] member {mem:02d} lead +{6 * (mem % 8) + 6:03d}h done in {88 + rng.uniform(-4, 4):.1f}s")
        mem += 1
        tp += 92.0 + rng.uniform(-5, 5)

    def fn(n_, g, tt):  # SYNTH nvidia-dcgm exporter every 60 s
        if n_ == a:
            if tt < t_pre:
                return sample(rng, "a100_4x40", rng.randint(58, 81), rng.uniform(170, 240), fb=17800 + rng.randint(0, 900))
            if tt < t_pre + 40:
                return sample(rng, "a100_4x40", 0, rng.uniform(52, 60), fb=0)
            return sample(rng, "a100_4x40", rng.randint(90, 100), rng.uniform(250, 330), fb=30100 + rng.randint(0, 900))
        if tt > t_re + 40:
            return sample(rng, "a100_4x40", rng.randint(60, 84), rng.uniform(175, 245), fb=17800 + rng.randint(0, 900))
        return sample(rng, "a100_4x40", 0, rng.uniform(50, 58), fb=0)
    telemetry_gap(s, [a, b], 4, 0.0, t_end, 60.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    s.truth = truth(None, no_drain=[a, b], no_requeue=[J, P])
    return s


# ======================================================================================
# S5  head-clock-skew-job-credential-expired-three-jobs  (infrastructure: the controller's clock; every new step fails)
# ======================================================================================
# Source: https://github.com/c3nl-neuraldynamics/c3nl_cluster/issues/62 -- "Qlogin not working" (celiademarchi,
# 2017-12-19): "I haven't (Sara either) been able to submit anything since last week"; the lines below are the error
# message as posted (verbatim). The admin: "I suspect this is because the clocks are out of sync. Would you be able to sync
# NTP across the cluster?" -- "Yes, will do." The same cluster's earlier issue
# https://github.com/c3nl-neuraldynamics/c3nl_cluster/issues/18 ("srun: error: Application launch failed: Job credential
# expired") gives the confirmed cause, quoting Slurm's FAQ (a credential whose time stamp is later than the node's clock or
# minutes old is rejected) and the fix: "the head-node was not in time with the rest of the compute nodes ... Running as
# root on the head-node /usr/sbin/ntpdate c3nl-ds fixed" it. So the fault is the scheduler host's clock, shared by every
# job; no compute node is at fault. That this cluster runs GPU training, the jobs below, their output and the telemetry
# are synthesised; job 1466614 and compute-0-1 are the thread's own.
REAL_S5 = [
    "srun: error: Task launch for 1466614.0 failed on node compute-0-1: Job credential expired",
    "srun: error: Application launch failed: Job credential expired",
    "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    "srun: error: Timed out waiting for job step to complete",
]


def s5_imagenet(ep: int, i: int, n: int, bt: float, bta: float, dtm: float, dta: float, lo: float, loa: float,
                p1: float, p1a: float, p5: float, p5a: float) -> str:
    """SYNTH: pytorch/examples imagenet main.py (2017) progress line."""
    return (f"Epoch: [{ep}][{i}/{n}]\tTime {bt:.3f} ({bta:.3f})\tData {dtm:.3f} ({dta:.3f})\tLoss {lo:.4f} ({loa:.4f})\t"
            f"Prec@1 {p1:.3f} ({p1a:.3f})\tPrec@5 {p5:.3f} ({p5a:.3f})")


def s5_fail_lines(s: Scenario, t: float, job: str, step: str, node: str) -> float:
    """SYNTH (same wording as the REAL lines): srun's output when the step credential is rejected."""
    s.joblog(t, job, f"srun: error: Task launch for {job}.{step} failed on node {node}: Job credential expired")
    s.joblog(t + 0.01, job, "srun: error: Application launch failed: Job credential expired")
    s.joblog(t + 0.02, job, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t + 32.1, job, "srun: error: Timed out waiting for job step to complete")
    return t + 32.2


def build_s5() -> Scenario:
    A, B, C, D = "1466590", "1466614", "1466551", "1466633"
    na, nb, nc, nd = "compute-0-2", "compute-0-1", "compute-0-4", "compute-0-6"
    s = Scenario(
        "head-clock-skew-job-credential-expired-three-jobs",
        "A small Slurm GPU cluster (compute-0-[0-7], 4 x GTX 1080 Ti each). The head node's clock has drifted from the "
        "compute nodes', so every job credential slurmctld signs now arrives 'expired'. Steps already running are unaffected "
        "(a tf_cnn_benchmarks run on compute-0-4 keeps logging), but: an LR sweep on compute-0-2 finishes trial 7 and its "
        "srun for trial 8 fails ('Task launch for 1466590.8 failed on node compute-0-2: Job credential expired'); a "
        "qlogin session on compute-0-1 fails the same way 70 s later; a new batch job that lands on compute-0-6 never "
        "starts ('launch failed requeued held'). Sources: https://github.com/c3nl-neuraldynamics/c3nl_cluster/issues/62 "
        "(lines) and https://github.com/c3nl-neuraldynamics/c3nl_cluster/issues/18 (cause and fix)",
        "2017-12-19T10:40:00Z",
        {"name": "c3nl", "partition": "gpu", "nodes": "compute-0-[0-7]", "gpus_per_node": 4},
        [{"id": A, "name": "in100-lr-sweep", "user": "sdelavega", "nodes": na, "tasks_per_node": 1,
          "started": "2017-12-19T04:12:09Z", "comment": comment(2, "/home/sdelavega/sweeps/in100")},
         {"id": B, "name": "qlogin", "user": "cdemarch", "nodes": nb, "tasks_per_node": 1,
          "started": "2017-12-19T10:50:10Z"},
         {"id": C, "name": "tfcnn-resnet50", "user": "phellyer", "nodes": nc, "tasks_per_node": 1,
          "started": "2017-12-18T18:03:44Z"},
         {"id": D, "name": "dti-unet-train", "user": "cdemarch", "nodes": nd, "tasks_per_node": 1,
          "started": "2017-12-19T10:55:02Z", "comment": comment(1)}],
    )
    rng = s.rng
    # SYNTH: trial 7 of the sweep (epoch 2 of 3, print-freq 100, ~0.35 s/batch), then the summary and trial 8's failure
    t, i, n = 4.0, 1200, 1954
    loa, p1a, p5a = 3.12, 30.84, 59.12
    while i <= n - 1:
        bt = 0.349 + rng.uniform(-0.02, 0.02)
        s.joblog(t, A, s5_imagenet(2, i, n, bt, 0.351, 0.004 + rng.uniform(0, 0.01), 0.009, loa + rng.uniform(-0.15, 0.15),
                                   loa, p1a + 0.4 + rng.uniform(-6, 6), p1a, p5a + 0.5 + rng.uniform(-6, 6), p5a))
        i += 100
        loa -= 0.004
        p1a += 0.031
        p5a += 0.027
        t += 100 * 0.351 + rng.uniform(-1, 1)
    t += 6.0
    s.joblog(t, A, "Test: [0/20]\tTime 1.874 (1.874)\tLoss 2.8930 (2.8930)\tPrec@1 34.766 (34.766)\tPrec@5 62.109 (62.109)")
    s.joblog(t + 8.0, A, "Test: [10/20]\tTime 0.208 (0.362)\tLoss 2.9504 (2.9126)\tPrec@1 32.422 (33.700)\tPrec@5 60.938 (61.399)")
    t += 18.0
    s.joblog(t, A, " * Prec@1 33.880 Prec@5 61.420")
    s.joblog(t + 1.2, A, f"[{s.at(t + 1.2):%a %b %d %H:%M:%S} UTC {s.at(t + 1.2):%Y}] trial 8/12: lr=0.2 wd=5e-05")
    t_fault = t + 1.6
    t_a = s5_fail_lines(s, t_fault, A, "8", na)
    s.joblog(t_a + 0.3, A, f"[{s.at(t_a + 0.3):%a %b %d %H:%M:%S} UTC {s.at(t_a + 0.3):%Y}] trial 8 failed (srun exit 1), aborting sweep")
    s.job_state(t_a + 0.8, A, "FAILED", "1:0")
    # REAL: the qlogin session on compute-0-1
    tb = 10 * 60 + 11.0
    s.job_state(tb - 1.0, B, "RUNNING", "0:0", nodes=nb)
    s.joblog(tb, B, REAL_S5[0])
    s.joblog(tb + 0.01, B, REAL_S5[1])
    s.joblog(tb + 0.02, B, REAL_S5[2])
    s.joblog(tb + 32.1, B, REAL_S5[3])
    s.job_state(tb + 32.6, B, "FAILED", "1:0")
    # SYNTH: a new batch job whose batch step cannot be launched either
    td = 15 * 60 + 2.0
    s.job_state(td, D, "RUNNING", "0:0", nodes=nd)
    s.job_state(td + 1.3, D, "PENDING", "0:0", reason="launch failed requeued held")
    # SYNTH neighbour: tf_cnn_benchmarks (display_every=100), its step was launched yesterday
    tc, st = 21.0, 114300
    t_end = 30 * 60.0
    while tc < t_end:
        s.joblog(tc, C, f"{st}\timages/sec: {187.6 + rng.uniform(-0.6, 0.6):.1f} +/- 0.{rng.randint(1, 9)} (jitter = {rng.uniform(1.6, 2.6):.1f})\t{2.412 + rng.uniform(-0.05, 0.05):.3f}")
        st += 100
        tc += 100 * 0.682 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, tt):  # SYNTH nvidia-smi query every 60 s
        if n_ == nc:
            return sample(rng, "gtx1080ti", rng.randint(95, 100), rng.uniform(210, 246), fb=10210 + rng.randint(0, 80))
        if n_ == na and tt < t_fault - 20 and g < 2:
            return sample(rng, "gtx1080ti", rng.randint(88, 99), rng.uniform(195, 240), fb=7410 + rng.randint(0, 200))
        return sample(rng, "gtx1080ti", 0, rng.uniform(9, 16), fb=0)
    telemetry_gap(s, [na, nb, nc, nd], 4, 0.0, t_end, 60.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    s.truth = truth({"t": t_fault, "category": "infrastructure"}, no_requeue=[A, B, D], no_drain=[na, nb, nd])
    return s


# ======================================================================================
# S6  rtxpro-e3-gen2-link-slow-espnet2-16gpu  (gpu_degraded: one GPU's PCIe link stuck at Gen2 x16, job 2.5x slower)
# ======================================================================================
# Source: https://github.com/local-inference-lab/rtx6kpro/pull/88 -- "Document PCIe link speed flapping on c-payne
# switches" (voipmonitor, 2026-08-29): RTX PRO 6000 Blackwell cards behind Microchip Switchtec (c-payne) switches retrain
# their links continuously when idle; setting Hardware Autonomous Speed Disable (Link Control 2 bit 5) from a udev rule
# stops it, but "the bit blocks link speed movement in both directions, and a udev rule at enumeration has no way to check
# what speed the link actually reached. On the reference system that mistake left GPU `e3:00.0` at Gen2 x16 for three and a
# half hours of production training -- roughly 8 GB/s instead of 64 GB/s -- with nothing logging an error and the card
# reporting 100 % utilisation throughout." The PR's fix is to verify the reached speed and retrain. No log line is posted
# (no REAL_* literal here). Synthesised: two identical 16-GPU boxes (the reference system has 17 GPUs; 16 are modelled),
# the bus-id list with e3 at index 14, two ESPnet2 ASR trainings of one recipe (different seeds), and DCGM telemetry
# including DCGM_FI_DEV_PCIE_LINK_GEN (a real dcgm-exporter field).

S6_KEYS = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_PCIE_LINK_GEN")
S6_BUS = ["0000:05:00", "0000:06:00", "0000:07:00", "0000:08:00", "0000:45:00", "0000:46:00", "0000:47:00", "0000:48:00",
          "0000:85:00", "0000:86:00", "0000:87:00", "0000:88:00", "0000:c5:00", "0000:c6:00", "0000:e3:00", "0000:e4:00"]


def espnet2(host: str, d: dt.datetime, src: str, msg: str, rank: int = 0, ws: int = 16) -> str:
    """SYNTH: ESPnet2 logging format `[host:rank/world] %(asctime)s (%(module)s:%(lineno)d) %(levelname)s: %(message)s`."""
    return f"[{host}:{rank}/{ws}] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} ({src}) INFO: {msg}"


def s6_train_line(rng, ep: int, b0: int, tt: float) -> str:
    ctc = 21.8 + rng.uniform(-1.2, 1.2)
    att = 13.9 + rng.uniform(-0.8, 0.8)
    return (f"{ep}epoch:train:{b0}-{b0 + 99}batch: iter_time={1.2e-4 + rng.uniform(0, 4e-5):.3e}, "
            f"forward_time={0.241 + rng.uniform(-0.01, 0.01):.3f}, loss_ctc={ctc:.3f}, loss_att={att:.3f}, "
            f"acc={0.911 + rng.uniform(-0.004, 0.004):.3f}, loss={0.3 * ctc + 0.7 * att:.3f}, "
            f"backward_time={tt - 0.42 + rng.uniform(-0.01, 0.01):.3f}, optim_step_time={0.098 + rng.uniform(-0.004, 0.004):.3f}, "
            f"optim0_lr0={9.812e-04:.3e}, train_time={tt:.3f}")


def build_s6() -> Scenario:
    J1, J2 = "5521", "5522"
    bad, good, bad_gpu = "pro6k-01", "pro6k-02", 14
    s = Scenario(
        "rtxpro-e3-gen2-link-slow-espnet2-16gpu",
        "Two identical 16 x RTX PRO 6000 Blackwell boxes (GPUs behind c-payne Switchtec PCIe switches, no NVLink) each run "
        "one seed of the same ESPnet2 conformer ASR recipe (16-GPU DDP). On pro6k-02 every 100 batches take ~93 s "
        "(train_time 0.93); on pro6k-01 they take ~231 s (train_time 2.31), although nothing errs and every GPU there "
        "reports 100 % utilisation, at low power. DCGM reports PCIE_LINK_GEN 5 for all GPUs except pro6k-01 GPU 14 "
        "(bus e3:00.0), stuck at Gen2 since the node's last boot applied a udev rule that disables autonomous speed changes. "
        "Source: https://github.com/local-inference-lab/rtx6kpro/pull/88",
        "2026-08-27T09:00:00Z",
        {"name": "lil", "partition": "pro6k", "nodes": "pro6k-[01-02]", "gpus_per_node": 16, "pci_bus_ids": S6_BUS},
        [{"id": J1, "name": "espnet2-conformer-seed1", "user": "voip", "nodes": bad, "tasks_per_node": 16,
          "started": "2026-08-27T06:14:32Z", "comment": comment(2, "/data/espnet/egs2/asr1/exp/seed1")},
         {"id": J2, "name": "espnet2-conformer-seed2", "user": "voip", "nodes": good, "tasks_per_node": 16,
          "started": "2026-08-27T06:14:35Z", "comment": comment(2, "/data/espnet/egs2/asr1/exp/seed2")}],
    )
    rng = s.rng
    t_end = 36 * 60.0
    for job, host, tt, ep, b0, t in ((J1, bad, 2.31, 7, 2201, 41.0), (J2, good, 0.93, 17, 5401, 12.0)):
        while t < t_end:
            d = s.at(t)
            s.joblog(t, job, espnet2(host, d, "trainer:732", s6_train_line(rng, ep, b0, tt * rng.uniform(0.985, 1.015))))
            b0 += 100
            if b0 > 6700:
                s.joblog(t + 4.1, job, espnet2(host, s.at(t + 4.1), "trainer:338",
                                               f"{ep}epoch results: [train] iter_time=1.301e-04, loss={16.41 + rng.uniform(-0.2, 0.2):.3f}, "
                                               f"acc=0.910, time={tt * 67:.0f} minutes and {rng.randint(0, 59)} seconds"))
                ep, b0 = ep + 1, 1
                t += 95.0
            t += 100 * tt * rng.uniform(0.99, 1.01)

    def fn(n_, g, tt):  # SYNTH dcgm-exporter every 60 s
        if n_ == bad:
            f = sample(rng, "rtxpro6000", 100, rng.uniform(270, 335))
            f["DCGM_FI_DEV_PCIE_LINK_GEN"] = 2 if g == bad_gpu else 5
            return f
        f = sample(rng, "rtxpro6000", rng.randint(96, 100), rng.uniform(470, 565))
        f["DCGM_FI_DEV_PCIE_LINK_GEN"] = 5
        return f
    telemetry_gap(s, [bad, good], 16, 0.0, t_end, 60.0, fn, fields=S6_KEYS)
    first = min(e[2]["t"] for e in s.events if e[2].get("source") == "gpu" and e[2]["node"] == bad and e[2]["gpu"] == bad_gpu)
    s.truth = truth({"t": first, "category": "gpu_degraded", "node": bad, "gpu": bad_gpu}, drain=[bad],
                    requeue={J1: {"exclude": [bad]}}, no_drain=[good], no_requeue=[J2])
    return s


# ======================================================================================
# S7  cx7-04-mlx5-32-port-flap-composer-job-dies  (network: one node's RDMA port flaps twice; the second flap kills the job)
# ======================================================================================
# Source: https://github.com/llm-d/llm-d/issues/191 -- "vLLM engine fatal crash in a multi-GPU Tensor Parallel setup when a
# transient network error occurs" (markmc's comment, 2025-09-17): "Here's what we just observed - an RDMA port error/active
# flap": on one pod's host, NCCL logs mlx5_32:1 'port error' at 15:16:23, 'port active' at 15:16:31 and 'port error' again
# at 15:23:34; 17 s later (15:23:51) two TP workers die. The issue is about the serving engine not surviving it; the
# event itself is a flapping RDMA port on one host. The bodies below are verbatim; their prefix (timestamp, host:pid:tid
# [dev]) is the thread's layout, with the thread's timestamps, pid and tid and this corpus's host name. Synthesised: the
# training job (llm-foundry/Composer, 4 x 8 H100) around the flap, the peers' completion errors and teardown, Slurm, telemetry.
REAL_S7_ERR = "transport/net_ib.cc:199 NCCL WARN NET/IB : mlx5_32:1 Got async error event: port error"
REAL_S7_ACTIVE = "transport/net_ib.cc:199 NCCL WARN NET/IB : mlx5_32:1 Got async error event: port active"


def s7_foundry(d: dt.datetime, rank: int, pid: int, name: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: llm-foundry's Python logging format (`%(asctime)s: rank%(rank)s[%(process)d][%(threadName)s]: %(levelname)s: %(name)s: %(message)s`)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}: rank{rank}[{pid}][MainThread]: {level}: {name}: {msg}"


def s7_block(s: Scenario, t: float, job: str, batch: int, total: int, loss: float, bps: float) -> None:
    """SYNTH: Composer ConsoleLogger block (layout as llm-foundry prints it), rank 0 only, under `srun -l` (task 0)."""
    lines = [f"[batch={batch}/{total}]:",
             "\t Train time/epoch: 0",
             f"\t Train time/batch: {batch - 1}",
             f"\t Train time/sample: {(batch - 1) * 512}",
             f"\t Train time/batch_in_epoch: {batch - 1}",
             f"\t Train time/sample_in_epoch: {(batch - 1) * 512}",
             f"\t Train time/token: {(batch - 1) * 512 * 4096}",
             f"\t Train time/token_in_epoch: {(batch - 1) * 512 * 4096}",
             "\t Train trainer/device_train_microbatch_size: 4",
             f"\t Train loss/train/total: {loss:.4f}",
             f"\t Train metrics/train/LanguageCrossEntropy: {loss:.4f}",
             f"\t Train metrics/train/LanguagePerplexity: {math.exp(loss):.4f}",
             f"\t Train throughput/batches_per_sec: {bps:.4f}",
             f"\t Train throughput/samples_per_sec: {bps * 512:.4f}",
             f"\t Train time/train: {batch * 3.62 / 3600:.4f}",
             "\t Train time/val: 0.0000"]
    for k, l in enumerate(lines):
        s.joblog(t + 0.0002 * k, job, f"0: {l}")


def build_s7() -> Scenario:
    J, N = "612044", "611987"
    nodes = ["cx7-02", "cx7-03", "cx7-04", "cx7-05"]
    bad = "cx7-04"
    s = Scenario(
        "cx7-04-mlx5-32-port-flap-composer-job-dies",
        "A 4-node x 8 H100 llm-foundry (Composer) pretraining job on cx7-[02-05] logs a metrics block every 10 batches "
        "(~36 s); NCCL runs with NCCL_DEBUG=WARN and timestamps. At 15:16:23 the rank on cx7-04 that drives mlx5_32 logs "
        "'mlx5_32:1 Got async error event: port error', 8 s later 'port active'; training continues. At 15:23:34 the "
        "same port errors again; 17 s later ranks on cx7-03 and cx7-05 log NET/IB completion errors (status=12) naming "
        "cx7-04's address, every rank's NCCL watchdog aborts with ncclRemoteError, and the job fails. Source: "
        "https://github.com/llm-d/llm-d/issues/191",
        "2025-09-17T14:58:00Z",
        {"name": "cx7", "partition": "h100", "nodes": "cx7-[01-08]", "gpus_per_node": 8},
        [{"id": J, "name": "mpt-3b-foundry", "user": "mmcloughlin", "nodes": "cx7-[02-05]", "tasks_per_node": 8,
          "started": "2025-09-17T13:41:27Z", "comment": comment(3, "s3://ckpt/mpt-3b-foundry")},
         {"id": N, "name": "sd-vae-finetune", "user": "achen", "nodes": "cx7-[06-07]", "tasks_per_node": 8,
          "started": "2025-09-17T12:02:11Z"}],
    )
    rng = s.rng
    t_err1 = 18 * 60 + 23.0  # 15:16:23
    t_act = t_err1 + 8.0
    t_err2 = t_err1 + 7 * 60 + 11.0
    t_cq = t_err2 + 17.0
    # SYNTH: Composer blocks every 10 batches (~3.62 s/batch)
    t, batch = 9.0, 12011
    while t < t_cq:
        loss = 2.412 + rng.uniform(-0.03, 0.03)
        s7_block(s, t, J, batch, 40000, loss, 1.0 / (3.62 + rng.uniform(-0.04, 0.04)))
        batch += 10
        t += 10 * 3.62 + rng.uniform(-0.4, 0.4)
    lw = 1
    p = label(nodes.index(bad), lw)
    s.joblog(t_err1, J, f"{p}{ts_prefix(s.at(t_err1))}{nccl_prefix(bad, 311, 405, 0)} {REAL_S7_ERR}")
    s.joblog(t_act, J, f"{p}{ts_prefix(s.at(t_act))}{nccl_prefix(bad, 311, 405, 0)} {REAL_S7_ACTIVE}")
    s.joblog(t_err2, J, f"{p}{ts_prefix(s.at(t_err2))}{nccl_prefix(bad, 311, 405, 0)} {REAL_S7_ERR}")
    # SYNTH: peers' QPs to cx7-04's mlx5_32 exhaust their retries; NCCL 2.27 wording
    peers = [("cx7-03", 1, 8, 297, 389), ("cx7-05", 3, 24, 305, 398), ("cx7-02", 0, 0, 302, 394)]  # rail-0 ranks
    for k, (host, ni, rank, pid, tid) in enumerate(peers):
        tt = t_cq + 0.4 * k
        lr = rank % 8
        s.joblog(tt, J, f"{label(ni, lw)}{ts_prefix(s.at(tt))}{nccl_prefix(host, pid, tid, lr)} transport/net_ib.cc:2451 NCCL WARN "
                        f"NET/IB: Got completion from peer 10.40.4.4<{51800 + 7 * k}> with status=12 opcode=0 len=0 vendor err 129 "
                        f"(Send) hca mlx5_32")
    t = t_cq + 1.6
    for rank in range(32):
        ni = rank // 8
        tt = t + 0.03 * rank + rng.uniform(0, 0.2)
        d = s.at(tt)
        pre = label(ni, lw)
        s.joblog(tt, J, pre + c10d_e(rank, d, rng.randrange(1000), "ProcessGroupNCCL.cpp:2021",
                                     f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with "
                                     "exception: NCCL error: remote process exited or there was a network error, NCCL version 2.27.3"))
        s.joblog(tt + 0.0005, J, pre + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
        s.joblog(tt + 0.0006, J, pre + "Last error:")
        s.joblog(tt + 0.0007, J, pre + "NET/IB: Got completion from peer 10.40.4.4<51800> with status=12 opcode=0 len=0 vendor err 129 (Send) hca mlx5_32")
    t += 2.5
    for ni, host in enumerate(nodes):
        for lr in range(8):
            if ni == 2 and lr == 0:
                continue  # rank 16 (pid 311) exited first; its agent signals the other seven
            tt = t + 0.5 * ni + 0.001 * lr
            s.joblog(tt, J, f"{label(ni, lw)}{torch_log_prefix(s.at(tt), 'W', 201, 'torch/distributed/elastic/multiprocessing/api.py:900')} "
                            f"Sending process {(311 if ni == 2 else 302 - 5 * ni) + 9 * lr} closing signal SIGTERM")
    t += 6.0
    s.joblog(t, J, "srun: error: cx7-04: task 2: Exited with exit code 1")
    s.joblog(t + 0.4, J, "srun: error: cx7-03: task 1: Exited with exit code 1")
    s.joblog(t + 0.9, J, "srun: error: cx7-02: task 0: Exited with exit code 1")
    s.joblog(t + 1.1, J, "srun: error: cx7-05: task 3: Exited with exit code 1")
    s.job_state(t + 2.0, J, "FAILED", "1:0")
    t_fail = t + 2.0
    t_end = 34 * 60.0
    # SYNTH neighbour: a 2-node VAE fine-tune printing its own step line every ~45 s
    tn, st = 14.0, 30210
    while tn < t_end:
        s.joblog(tn, N, f"step {st}: loss={0.0412 + rng.uniform(-0.003, 0.003):.4f} kl={1.92e-06:.2e} lr=4.5e-06 it/s={2.21 + rng.uniform(-0.03, 0.03):.2f}")
        st += 100
        tn += 45.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH dcgm-exporter every 60 s
        if tt < t_cq:
            return sample(rng, "h100_sxm", rng.randint(94, 100), rng.uniform(590, 690))
        if tt < t_fail:
            return sample(rng, "h100_sxm", 100, rng.uniform(190, 240))
        return sample(rng, "h100_sxm", 0, rng.uniform(68, 76))
    telemetry_gap(s, nodes, 8, 0.0, t_end, 60.0, fn, fields=UP)
    s.truth = truth({"t": t_err1, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["cx7-03", "cx7-05"], no_requeue=[N])
    return s


BUILDERS = [build_s1, build_s2, build_s3, build_s4, build_s5, build_s6, build_s7]


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
