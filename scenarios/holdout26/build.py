#!/usr/bin/env python3
"""Build the holdout26 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout24):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers (and the holdout14..holdout25 helper sections) are copied unchanged from holdout25's build.py; the
holdout25 scenarios are replaced by the holdout26 helpers and scenarios S1..S8 below.
Earlier note (holdout25): generic helpers and the holdout14..holdout24 helper sections came unchanged from holdout24.
Earlier note (holdout24): generic helpers and the holdout14..holdout23 helper sections came unchanged from holdout23.
Earlier note (holdout23): generic helpers up to the holdout23 section were copied unchanged from holdout22's build.py.
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
# S1  jax-b200-allgather-hang-xid145-one-node  (hang: a 4-node x 8 B200 JAX job stops stepping inside an AllGather;
#     no Python error; only b200-07's kernel log shows Xid 145 (NVLink RLW) and Xid 137 (PRIV error) in the same second)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/2241 -- "Potential AllGather deadlock on B200 with
# ncclCommWindowRegister" (2026-06): AllGather deadlocks on B200 (NVLS on; NCCL_NVLS_ENABLE=0 avoids it). The
# reporter then collected dmesg and found "a few Xids (145 and 137)"; the NCCL maintainer: "I suspect this is due to
# fabric manager / nvlink issues", asked for an nvbug and closed the issue. The thread elides the PCI ids and the Xid
# 145 register payload ("(...)"), so only the line texts below are verbatim; bus ids and payload are SYNTH.
REAL_S1 = [
    "NVRM: GPU1 kbifCacheVFInfo_GB100: Unable to read NV_PF0_INITIAL_AND_TOTAL_VFS",
    "145, RLW_RXPIPE Nonfatal XC0 i0 Link 11 (",
    "137, RLW_RXPIPE interrupt hit on link 11 on GPU0: PRIV Error",
]


def build_s1() -> Scenario:
    name = "jax-b200-allgather-hang-xid145-one-node"
    J, N = "2291840", "2291766"
    nodes = ["b200-05", "b200-06", "b200-07", "b200-08"]
    bad = "b200-07"
    s = Scenario(name, "4-node x 8 B200 JAX (MaxText) pretraining stops stepping: no exception, no timeout (JAX has no "
                 "collective watchdog), all 32 GPUs spin at 100 % util and low power. Only b200-07's kernel log, a second "
                 "before the last step, shows Xid 145 'RLW_RXPIPE Nonfatal' and Xid 137 'PRIV Error' on link 11; the "
                 "owner cancels the job 47 min later.",
                 "2026-06-22T06:00:00Z",
                 {"name": "trn-b200", "partition": "train", "nodes": "b200-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": B200_BUS},
                 [{"id": J, "name": "maxtext-llama3-70b", "user": "pgreat", "nodes": "b200-[05-08]", "tasks_per_node": 1,
                   "started": "2026-06-22T04:12:40Z", "comment": comment(3, "/lustre/ckpt/maxtext-70b")},
                  {"id": N, "name": "titan-fsdp2-8b", "user": "mli", "nodes": "b200-[11-12]", "tasks_per_node": 8,
                   "started": "2026-06-22T03:05:10Z"}])
    rng = s.rng
    t_fault = 1502.6
    t, step = 6.0, 16210
    while t < t_fault:  # SYNTH MaxText step lines (every 10 steps, ~4.2 s/step)
        sec = 4.21 + rng.uniform(-0.04, 0.05)
        s.joblog(t, J, maxtext_line(step, sec, 1378.0 + rng.uniform(-12, 12), 1.912 - step * 1e-6))
        step += 10
        t += 10 * sec
    # kernel record on b200-07 only; the kbif line is verbatim, the Xid lines wrap the verbatim texts (SYNTH bus/payload)
    d = s.at(t_fault - 1.2)
    s.kernel(t_fault - 1.2, bad, f"{dmesg_t(d)} {REAL_S1[0]}")
    s.kernel(t_fault - 1.19, bad, f"{dmesg_t(d)} NVRM: Xid (PCI:{B200_BUS[1]}): {REAL_S1[1]}0x0409a0b3 0x00000004 0x00000001 0x00000000 0x00080000 0x00000002)")
    s.kernel(t_fault - 1.18, bad, f"{dmesg_t(d)} NVRM: Xid (PCI:{B200_BUS[0]}): {REAL_S1[2]}")
    # the job goes silent; the owner cancels it 47 min later (SYNTH)
    t_cancel = t_fault + 47 * 60 + 13.0
    s.joblog(t_cancel, J, cancel_line(J, "b200-05", s.at(t_cancel)))
    s.job_state(t_cancel + 1.2, J, "CANCELLED", "0:15")
    t_end = t_cancel + 600
    tn, st = 11.0, 40210
    while tn < t_end:  # SYNTH neighbour (torchtitan FSDP2)
        s.joblog(tn, N, titan_line(0, s.at(tn), st, 2.31 - st * 1e-6, 0.41, 61.2, 7410 + rng.randint(-40, 40), 512.4))
        st += 10
        tn += 61.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM every 180 s
        if n_ == "b200-11":
            return smp(rng, "b200", rng.randint(88, 100), rng.uniform(700, 900), clock=1965)
        if tt > t_cancel + 5:
            return smp(rng, "b200", 0, rng.uniform(140, 170), clock=345)
        if tt < t_fault:
            return smp(rng, "b200", rng.randint(90, 100), rng.uniform(760, 940), clock=1965)
        xid = (145 if g == 1 else 137 if g == 0 else 0) if n_ == bad else 0
        return smp(rng, "b200", 100, rng.uniform(205, 240), clock=1965, xid=xid)
    run_sampler(s, nodes + ["b200-11"], 8, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_fault - 1.2, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_drain=nodes, no_requeue=[N])
    return s


# ======================================================================================
# S2  horovod-ucx-memlock-ibv-create-cq-every-node  (software/config: a 2-node Horovod/OpenMPI job dies in MPI_Init with
#     `UCX ERROR ibv_create_cq(cqe=4096) failed: Cannot allocate memory` -- looks like a broken HCA; the cause is the
#     64 KB locked-memory limit the job inherits; the resubmission on two other nodes fails identically)
# ======================================================================================
# Source: https://github.com/openucx/ucx/issues/8229 -- "ibv_create_cq(cqe=4096) failed: Cannot allocate memory"
# (2022-05): a simple MPI job on cn0022 fails at start with the UCX error and "Failed to create UCP worker"; ucx_info on
# cn0337 shows the same for rc_verbs/rc_mlx5/dc_mlx5. The UCX maintainer asks whether max locked memory is unlimited;
# the reporter's `ulimit -a` shows 64 KB and he asks the admins to raise it (closed). Lines verbatim; the cn0337 pair
# comes from ucx_info output in the thread and is placed here as the second attempt's ranks' output.
REAL_S2_A = [
    "[1652739463.054681] [cn0022:4071024:0]        ib_iface.c:1035 UCX  ERROR ibv_create_cq(cqe=4096) failed: Cannot allocate memory",
    "[cn0022:4071024] pml_ucx.c:309  Error: Failed to create UCP worker",
]
REAL_S2_B = [
    "[1652740949.516025] [cn0337:3290573:0]        ib_iface.c:1035 UCX  ERROR ibv_create_cq(cqe=4096) failed: Cannot allocate memory",
    "[1652740949.516398] [cn0337:3290573:0]         ib_mlx5.c:90   UCX  ERROR mlx5dv_create_cq(cqe=4096) failed: Cannot allocate memory",
]
REAL_S2_ULIMIT = [
    "max locked memory       (kbytes, -l) 64",
    "max memory size         (kbytes, -m) unlimited",
    "open files                      (-n) 1024",
]


def s2_attempt(s: Scenario, J: str, nodes: list, t0: float, real: list, pid0: int, first: bool) -> float:
    rng = s.rng
    if not first:
        s.job_state(t0, J, "RUNNING", "0:0", nodes=f"cn[{nodes[0][2:]},{nodes[1][2:]}]")  # SYNTH
    s.joblog(t0 + 1.0, J, "+ ulimit -a")  # SYNTH wrapper; the three limit lines are verbatim
    for i, l in enumerate(REAL_S2_ULIMIT):
        s.joblog(t0 + 1.01 + 0.001 * i, J, l)
    s.joblog(t0 + 1.5, J, "+ mpirun -np 8 --map-by ppr:4:node -x NCCL_DEBUG=WARN python train_hvd.py --model resnet152 --batch-size 64")  # SYNTH
    # the first rank's verbatim UCX stamp fixes when the error is printed
    t_err = hms_t(s.start, dt.datetime.fromtimestamp(1652739463.054681 if first else 1652740949.516025, dt.timezone.utc).replace(tzinfo=None))
    for k, node in enumerate(nodes):
        for r in range(4):
            tt = t_err + 0.3 * k + 0.0004 * r
            pid = pid0 + 97 * k + r
            if k == 0 and r == 0:
                for i, l in enumerate(real):  # verbatim pair for the first rank
                    s.joblog(tt + 0.0004 * i, J, l)
                continue
            d = s.at(tt)  # SYNTH: the other ranks print the same UCX error with their own stamp/pid
            s.joblog(tt, J, f"{ucx_stamp(d)} [{node}:{pid}:0]        ib_iface.c:1035 UCX  ERROR ibv_create_cq(cqe=4096) failed: Cannot allocate memory")
            s.joblog(tt + 0.0002, J, f"[{node}:{pid}] pml_ucx.c:309  Error: Failed to create UCP worker")
    te = t_err + 1.2  # SYNTH OpenMPI abort block
    for i, l in enumerate(["--------------------------------------------------------------------------",
                           "No components were able to be opened in the pml framework.",
                           "", "This typically means that either no components of this type were",
                           "installed, or none of the installed components can be loaded.",
                           f"  Host:      {nodes[0]}", "  Framework: pml",
                           "--------------------------------------------------------------------------",
                           f"[{nodes[0]}:{pid0}] PML ucx cannot be selected",
                           "--------------------------------------------------------------------------",
                           "mpirun detected that one or more processes exited with non-zero status, thus causing",
                           "the job to be terminated. The first process to do so was:", "",
                           f"  Process name: [[{rng.randint(20000, 60000)},1],0]", "  Exit code:    1",
                           "--------------------------------------------------------------------------"]):
        s.joblog(te + 0.001 * i, J, l)
    s.job_state(te + 2.0, J, "FAILED", "1:0")
    return te


def build_s2() -> Scenario:
    name = "horovod-ucx-memlock-ibv-create-cq-every-node"
    J, N = "4418822", "4418790"
    s = Scenario(name, "2-node Horovod/OpenMPI job dies in MPI_Init: every rank logs `UCX ERROR ibv_create_cq(cqe=4096) "
                 "failed: Cannot allocate memory` and `Failed to create UCP worker`. It looks like a broken HCA, but the "
                 "job inherits a 64 KB locked-memory limit (its own `ulimit -a` shows it); the resubmission on two other "
                 "nodes 25 min later fails the same way.",
                 "2022-05-16T22:15:00Z",
                 {"name": "hpc-cn", "partition": "gpu", "nodes": "cn[0001-0400]", "gpus_per_node": 4},
                 [{"id": J, "name": "hvd-resnet152", "user": "tgillis", "nodes": "cn[0022-0023]", "tasks_per_node": 4,
                   "started": "2022-05-16T22:17:33Z", "comment": comment(2)},
                  {"id": N, "name": "namd-apoa1-gpu", "user": "kpatel", "nodes": "cn[0110-0111]", "tasks_per_node": 4,
                   "started": "2022-05-16T21:02:00Z"}])
    rng = s.rng
    t1 = s2_attempt(s, J, ["cn0022", "cn0023"], 153.0, REAL_S2_A, 4071024, True)
    t2 = s2_attempt(s, J, ["cn0337", "cn0338"], 1640.0, REAL_S2_B, 3290573, False)
    t_end = t2 + 900
    tn, st = 20.0, 88000
    while tn < t_end:  # SYNTH neighbour (NAMD energy lines)
        s.joblog(tn, N, f"ENERGY:  {st:7d}   {rng.uniform(2310, 2330):10.4f}   {rng.uniform(6800, 6850):10.4f}   "
                        f"{-rng.uniform(330000, 331000):12.4f}   {rng.uniform(47000, 47200):10.4f}")
        st += 5000
        tn += 120.0

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s: the failed job's GPUs never get a context
        if n_ in ("cn0110",):
            return smp(rng, "v100_32", rng.randint(80, 97), rng.uniform(190, 250), clock=1530)
        return smp(rng, "v100_32", 0, rng.uniform(38, 45), clock=135)
    run_sampler(s, ["cn0022", "cn0023", "cn0337", "cn0338", "cn0110"], 4, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": round(hms_t(s.start, dt.datetime.fromtimestamp(1652739463.054681, dt.timezone.utc).replace(tzinfo=None)), 3), "category": "software"},
                    no_requeue=[J, N], no_drain=["cn0022", "cn0023", "cn0337", "cn0338"])
    return s


# ======================================================================================
# S3  sglang-2node-tp16-a100-uncorrectable-ecc-at-graph-capture  (gpu_hardware: a 2-node SGLang server (TP=16,
#     DeepSeek-V2-class MoE) dies during CUDA-graph capture with `CUDA error: uncorrectable ECC error encountered` on one
#     rank; a second node's GPU 3 logs Xid 48 and its DBE counter moves)
# ======================================================================================
# Source: https://github.com/sgl-project/sglang/issues/3204 -- "[Bug] CUDA error: uncorrectable ECC error encountered"
# (2025-01-29, A100-SXM4-80GB, TP ranks logging the fused-MoE config warning, then the server dies during CUDA graph
# capture, 1/23). The thread is closed without a stated fix; an uncorrectable ECC error is a GPU memory fault by
# NVIDIA's own classification, so the truth follows that. Verbatim: the MoE-config lines (stamps fit this scenario's
# clock unchanged) and the graph-capture bar.
REAL_S3_MOE = [
    "[2025-01-29 08:52:43 TP5] Using default MoE config. Performance might be sub-optimal! Config file not found at /home/ubuntu/.local/lib/python3.10/site-packages/sglang/srt/layers/moe/fused_moe_triton/configs/E=160,N=192,device_name=NVIDIA_A100-SXM4-80GB.json",
    "[2025-01-29 08:52:44 TP2] Using default MoE config. Performance might be sub-optimal! Config file not found at /home/ubuntu/.local/lib/python3.10/site-packages/sglang/srt/layers/moe/fused_moe_triton/configs/E=160,N=192,device_name=NVIDIA_A100-SXM4-80GB.json",
    "[2025-01-29 08:52:44 TP4] Using default MoE config. Performance might be sub-optimal! Config file not found at /home/ubuntu/.local/lib/python3.10/site-packages/sglang/srt/layers/moe/fused_moe_triton/configs/E=160,N=192,device_name=NVIDIA_A100-SXM4-80GB.json",
    "[2025-01-29 08:52:44 TP3] Using default MoE config. Performance might be sub-optimal! Config file not found at /home/ubuntu/.local/lib/python3.10/site-packages/sglang/srt/layers/moe/fused_moe_triton/configs/E=160,N=192,device_name=NVIDIA_A100-SXM4-80GB.json",
    "[2025-01-29 08:52:44 TP7] Using default MoE config. Performance might be sub-optimal! Config file not found at /home/ubuntu/.local/lib/python3.10/site-packages/sglang/srt/layers/moe/fused_moe_triton/configs/E=160,N=192,device_name=NVIDIA_A100-SXM4-80GB.json",
]
REAL_S3_BAR = "  4%|▍         | 1/23 [00:07<02:39,  7.23s/it]"
# The error text itself is PyTorch's standard message and earlier corpora already show it, so it is emitted as SYNTH.
S3_ERR = "CUDA error: uncorrectable ECC error encountered"  # SYNTH (standard message)


def build_s3() -> Scenario:
    name = "sglang-2node-tp16-a100-uncorrectable-ecc-at-graph-capture"
    J, N = "731905", "731877"
    nodes = ["a100-09", "a100-10"]
    bad, g_bad = "a100-10", 3
    s = Scenario(name, "2-node SGLang server (TP=16, MoE model) on a100-[09-10]: weights load, every TP rank warns about "
                 "the default fused-MoE config, CUDA-graph capture starts and at 1/23 TP11 (a100-10, GPU 3) raises "
                 "`CUDA error: uncorrectable ECC error encountered`; a100-10 logs Xid 48 for that GPU; the server exits.",
                 "2025-01-29T08:50:00Z",
                 {"name": "inf-a100", "partition": "serve", "nodes": "a100-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": A100_BUS},
                 [{"id": J, "name": "sglang-dsv2-tp16", "user": "hmao", "nodes": "a100-[09-10]", "tasks_per_node": 1,
                   "started": "2025-01-29T08:50:12Z", "comment": comment(2)},
                  {"id": N, "name": "bfcl-eval-sweep", "user": "hmao", "nodes": "a100-[12-13]", "tasks_per_node": 8,
                   "started": "2025-01-29T07:31:00Z"}])
    rng = s.rng
    s.joblog(14.0, J, "0: [2025-01-29 08:50:14] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V2-Chat-0628', tp_size=16, nnodes=2, node_rank=0, ...)")  # SYNTH
    s.joblog(14.2, J, "1: [2025-01-29 08:50:14] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V2-Chat-0628', tp_size=16, nnodes=2, node_rank=1, ...)")  # SYNTH
    for tp in range(16):  # SYNTH load lines
        t = 41.0 + 0.3 * tp
        s.joblog(t, J, f"{tp // 8}: [{s.at(t):%Y-%m-%d %H:%M:%S} TP{tp}] Load weight begin. avail mem={rng.uniform(77.8, 78.4):.2f} GB")
    for tp in range(16):
        t = 131.0 + 0.4 * tp
        s.joblog(t, J, f"{tp // 8}: [{s.at(t):%Y-%m-%d %H:%M:%S} TP{tp}] Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem={rng.uniform(17.1, 17.6):.2f} GB")
    for l in REAL_S3_MOE:  # verbatim (node 0 ranks); stamps already on this clock
        stamp = dt.datetime.strptime(l[1:20], "%Y-%m-%d %H:%M:%S")
        s.joblog(hms_t(s.start, stamp) + 0.2 + 0.01 * int(l[23]), J, f"0: {l}")
    for tp in (8, 9, 10, 11, 12, 13, 14, 15):  # SYNTH: node 1 ranks print the same warning
        t = 164.3 + 0.05 * tp
        s.joblog(t, J, f"1: [{s.at(t):%Y-%m-%d %H:%M:%S} TP{tp}] Using default MoE config. Performance might be sub-optimal! Config file not found at /home/ubuntu/.local/lib/python3.10/site-packages/sglang/srt/layers/moe/fused_moe_triton/configs/E=160,N=192,device_name=NVIDIA_A100-SXM4-80GB.json")
    s.joblog(167.0, J, f"0: [{s.at(167.0):%Y-%m-%d %H:%M:%S} TP0] Capture cuda graph begin. This can take up to several minutes.")  # SYNTH
    s.joblog(174.3, J, f"0: {REAL_S3_BAR}")
    t_fault = 176.8
    d = s.at(t_fault)
    s.kernel(t_fault, bad, f"{dmesg_t(d)} NVRM: Xid (PCI:{A100_BUS[g_bad]}): 48, pid=211873, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 5, subpartition 1.")  # SYNTH
    s.kernel(t_fault + 0.4, bad, f"{dmesg_t(s.at(t_fault + 0.4))} NVRM: Xid (PCI:{A100_BUS[g_bad]}): 63, pid=211873, name=python3, Row Remapper: New row (0x0000000000a3b1c0) marked for remapping, reset gpu to activate.")  # SYNTH
    t = t_fault + 0.9
    for i, l in enumerate([f"[{s.at(t):%Y-%m-%d %H:%M:%S} TP11] Scheduler hit an exception: Traceback (most recent call last):",  # SYNTH frame
                           '  File "/home/ubuntu/.local/lib/python3.10/site-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 311, in capture',
                           "    ) = self.capture_one_batch_size(bs, forward)",
                           f"RuntimeError: {S3_ERR}",
                           "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                           "For debugging consider passing CUDA_LAUNCH_BLOCKING=1"]):
        s.joblog(t + 0.001 * i, J, f"1: {l}")
    s.joblog(t + 1.1, J, f"1: [{s.at(t + 1.1):%Y-%m-%d %H:%M:%S}] Child process unexpectedly failed with an exit code 131. pid=211873")  # SYNTH
    s.joblog(t + 2.0, J, f"srun: error: {bad}: task 1: Exited with exit code 1")  # SYNTH
    s.joblog(t + 2.3, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t + 34.0, J, f"slurmstepd: error: *** STEP {J}.0 ON a100-09 CANCELLED AT {s.at(t + 34.0):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t + 35.5, J, "FAILED", "1:0")
    t_end = 1500.0
    tn, k = 8.0, 0
    while tn < t_end:  # SYNTH neighbour (eval sweep progress)
        s.joblog(tn, N, f"Evaluating: {min(100, 31 + k)}%|{'#' * ((31 + k) // 10)}| {1240 + 40 * k}/4000 [{fmt_interval(1790 + tn)}<{fmt_interval(3000 - 20 * k)}]")
        k += 1
        tn += 90.0

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s
        if n_ == "a100-12":
            return smp(rng, "a100", rng.randint(70, 95), rng.uniform(280, 360), clock=1410, keys=K26E) | {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0}
        busy_ = 140 < tt < t + 36
        f = smp(rng, "a100", rng.randint(30, 90) if busy_ else 0, rng.uniform(120, 220) if busy_ else rng.uniform(58, 66),
                clock=1410 if busy_ else 210, keys=K26E)
        bad_gpu = n_ == bad and g == g_bad and tt >= t_fault
        f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 1 if bad_gpu else 0
        f["DCGM_FI_DEV_XID_ERRORS"] = 48 if bad_gpu else 0
        return f
    run_sampler(s, nodes + ["a100-12"], 8, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": bad, "gpu": g_bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["a100-09"])
    return s


# ======================================================================================
# S4  healthy-ucx-ibv-create-cq-warning-on-nodes-without-ib  (healthy: two MPI+GPU jobs on IB-less Ampere Altra nodes
#     print `UCX ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory ...` at start; they use pml ob1 / btl sm,
#     the message is misleading and both jobs run normally)
# ======================================================================================
# Source: https://github.com/openucx/ucx/issues/8746 -- "Misleading ibv_create_cq error message on node without
# Infiniband" (2022-11): with `--mca pml ob1 --mca btl sm,self` on host `ampere` (no InfiniBand), UCX still prints the
# ERROR line twice and the OSU benchmark then runs and prints its result; the report is about the misleading message
# (closed as a UCX bug). Verbatim: the two UCX lines and the OSU header.
REAL_S4 = [
    "[1668693503.473099] [ampere:1188443:0]          ib_log.c:246  UCX  ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory. Please set max locked memory (ulimit -l) to 'unlimited' (current: 64 kbytes)",
    "[1668693503.473424] [ampere:1188442:0]          ib_log.c:246  UCX  ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory. Please set max locked memory (ulimit -l) to 'unlimited' (current: 64 kbytes)",
    "# OSU MPI Broadcast Latency Test v5.8",
    "# Size       Avg Latency(us)",
]


def build_s4() -> Scenario:
    name = "healthy-ucx-ibv-create-cq-warning-on-nodes-without-ib"
    J1, J2, N = "88213", "88219", "88190"
    s = Scenario(name, "Two opted-in jobs on IB-less Ampere Altra GPU nodes log `UCX ERROR mlx5_0: ibv_create_cq() "
                 "failed: Cannot allocate memory. Please set max locked memory ...` at MPI start-up. They run with pml "
                 "ob1 / btl sm,self, so UCX is never used: both carry on and make normal progress.",
                 "2022-11-17T13:55:00Z",
                 {"name": "arm-gpu", "partition": "altra", "nodes": "ampere,altra[01-07]", "gpus_per_node": 2},
                 [{"id": J1, "name": "osu-bcast-then-md", "user": "gkatev", "nodes": "ampere", "tasks_per_node": 2,
                   "started": "2022-11-17T13:58:15Z", "comment": comment(2)},
                  {"id": J2, "name": "lammps-kokkos-gpu", "user": "gkatev", "nodes": "altra03", "tasks_per_node": 2,
                   "started": "2022-11-17T14:01:02Z", "comment": comment(1)},
                  {"id": N, "name": "gromacs-bench", "user": "rsilva", "nodes": "altra05", "tasks_per_node": 2,
                   "started": "2022-11-17T12:40:00Z"}])
    rng = s.rng
    t0 = hms_t(s.start, dt.datetime.fromtimestamp(1668693503.473099, dt.timezone.utc).replace(tzinfo=None))
    s.joblog(t0 - 1.8, J1, "+ mpirun -n 2 --mca pml ob1 --mca btl sm,self --mca smsc xpmem osu_bcast -m 1")  # SYNTH echo of the real command
    for i, l in enumerate(REAL_S4[:2]):
        s.joblog(t0 + 0.0003 * i, J1, l)
    s.joblog(t0 + 0.6, J1, REAL_S4[2])
    s.joblog(t0 + 0.61, J1, REAL_S4[3])
    s.joblog(t0 + 0.7, J1, "1                       0.23")  # (verbatim value line, not a REAL_ literal: too generic)
    s.joblog(t0 + 2.0, J1, "+ mpirun -n 2 --mca pml ob1 --mca btl sm,self ./md_gpu --steps 2000000")  # SYNTH
    t1 = 371.0  # SYNTH: the second job prints the same message from altra03
    d = s.at(t1)
    for r, pid in enumerate((2210417, 2210418)):
        s.joblog(t1 + 0.0003 * r, J2, f"{ucx_stamp(s.at(t1 + 0.0003 * r))} [altra03:{pid}:0]          ib_log.c:246  UCX  ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory. Please set max locked memory (ulimit -l) to 'unlimited' (current: 64 kbytes)")
    t_end = 3900.0
    t, st = t0 + 40.0, 0
    while t < t_end:  # SYNTH MD progress
        s.joblog(t, J1, f"step {st:8d}  T= {300 + rng.uniform(-1.5, 1.5):.2f} K  E_pot= {-812345.6 + rng.uniform(-200, 200):.1f}  ns/day= {41.8 + rng.uniform(-0.4, 0.4):.2f}")
        st += 20000
        t += 60.0
    t, st = t1 + 30.0, 0
    while t < t_end:  # SYNTH LAMMPS thermo
        s.joblog(t, J2, f"  {st:8d}   {1.4402 + rng.uniform(-0.004, 0.004):.4f}   {-6.7731 + rng.uniform(-0.002, 0.002):.4f}            0   {-4.6134 + rng.uniform(-0.002, 0.002):.4f}    {5.6711 + rng.uniform(-0.02, 0.02):.4f}")
        st += 10000
        t += 75.0
    tn = 12.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"Performance:      {182.4 + rng.uniform(-1, 1):.3f}        {0.132 + rng.uniform(-0.001, 0.001):.3f}")
        tn += 300.0

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s
        if n_ == "ampere" and tt < t0:
            return smp(rng, "a100", 0, rng.uniform(52, 60), clock=210)
        if n_ == "altra03" and tt < t1:
            return smp(rng, "a100", 0, rng.uniform(52, 60), clock=210)
        return smp(rng, "a100", rng.randint(82, 97), rng.uniform(250, 330), clock=1410)
    run_sampler(s, ["ampere", "altra03", "altra05"], 2, 0.0, t_end, 60.0, fn)
    s.truth = truth(None, no_drain=["ampere", "altra03"], no_requeue=[J1, J2])
    return s


# ======================================================================================
# S5  ray-2node-worker-host-lost-node-fail  (node_failure: a 2-node Ray-launched DDP job (SkyPilot-style per-node output);
#     the worker host ip-172-31-23-131 disappears between epochs; Slurm marks it DOWN after SlurmdTimeout; NODE_FAIL)
# ======================================================================================
# Source: https://github.com/skypilot-org/skypilot/issues/825 -- "Sky spot failed to recover from worker node failure
# in multi-node case" (2022-05): the maintainer killed the worker node of a 2-node job; the quoted output shows both
# nodes' epoch lines before the kill; the bug was that recovery did not start (fixed). Verbatim: the per-node lines.
REAL_S5 = [
    "(node-0 pid=26831) Local Rank: 0, Epoch: 0, Training ...",
    "(node-1 pid=23066, ip=172.31.23.131) Local Rank: 0, Epoch: 0, Training ...",
    "(node-0 pid=26831) ---------------------------------------------------------------------------",
    "(node-0 pid=26831) Epoch: 0, Accuracy: 0.0",
    "(node-1 pid=23066, ip=172.31.23.131) ---------------------------------------------------------------------------",
    "(node-1 pid=23066, ip=172.31.23.131) Epoch: 0, Accuracy: 0.0",
    "(node-1 pid=23066, ip=172.31.23.131) Local Rank: 0, Epoch: 10, Training ...",
    "(node-0 pid=26831) Local Rank: 0, Epoch: 10, Training ...",
    "(node-1 pid=23066, ip=172.31.23.131) Epoch: 10, Accuracy: 0.6676",
    "(node-0 pid=26831) Epoch: 10, Accuracy: 0.6676",
]


def build_s5() -> Scenario:
    name = "ray-2node-worker-host-lost-node-fail"
    J, N = "1410825", "1410790"
    head, bad = "ip-172-31-27-44", "ip-172-31-23-131"
    s = Scenario(name, "2-node Ray-launched DDP job (per-node `(node-N pid=...)` output). After epoch 20 the worker host "
                 "ip-172-31-23-131 stops answering: its output and telemetry stop, the head node's rank waits, Slurm "
                 "marks the host DOWN+NOT_RESPONDING after 300 s and ends the job NODE_FAIL.",
                 "2022-05-05T19:00:00Z",
                 {"name": "g5-cloud", "partition": "gpu",
                  "nodes": "ip-172-31-27-44,ip-172-31-23-131,ip-172-31-19-8,ip-172-31-30-201", "gpus_per_node": 4},
                 [{"id": J, "name": "resnet-ddp-2node", "user": "infwinston", "nodes": "ip-172-31-27-44,ip-172-31-23-131",
                   "tasks_per_node": 1, "started": "2022-05-05T18:58:40Z", "comment": comment(2, "/fsx/ckpt/resnet")},
                  {"id": N, "name": "bert-finetune", "user": "mvll", "nodes": "ip-172-31-19-8", "tasks_per_node": 4,
                   "started": "2022-05-05T17:20:00Z"}])
    rng = s.rng
    ep_sec = 64.0
    # epoch 0 and 10 blocks verbatim, epoch 20 in the same format (SYNTH)
    t = 30.0
    for i, l in enumerate(REAL_S5[:6]):
        s.joblog(t + 0.05 * i + (ep_sec if i >= 2 else 0), J, l)
    t = 30.0 + 10 * ep_sec
    for i, l in enumerate(REAL_S5[6:8]):
        s.joblog(t + 0.05 * i, J, l)
    s.joblog(t + ep_sec - 0.1, J, "(node-1 pid=23066, ip=172.31.23.131) ---------------------------------------------------------------------------")
    for i, l in enumerate(REAL_S5[8:]):
        s.joblog(t + ep_sec + 0.05 * i, J, l)
    t = 30.0 + 20 * ep_sec
    s.joblog(t, J, ray_node_line("node-1", 23066, "172.31.23.131", "Local Rank: 0, Epoch: 20, Training ..."))  # SYNTH
    s.joblog(t + 0.05, J, ray_node_line("node-0", 26831, None, "Local Rank: 0, Epoch: 20, Training ..."))
    t_fault = t + 41.3  # the worker host vanishes mid-epoch (no kernel text: the host is gone)
    t_down = t_fault + 300 + rng.uniform(0, 20)
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.joblog(t_down + 0.8, J, f"srun: error: Node failure on {bad}")  # SYNTH
    s.joblog(t_down + 1.0, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_down + 33.0, J, f"slurmstepd: error: *** JOB {J} ON {head} CANCELLED AT {s.at(t_down + 33.0):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    s.job_state(t_down + 34.0, J, "NODE_FAIL", "0:0")
    t_end = t_down + 900
    tn, st = 15.0, 6200
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, hf_trainer_dict(0.38 - st * 1e-6, 1.2, 2e-5, round(st / 9000, 2)))
        st += 50
        tn += 58.0

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s; the lost host's exporter stops with it
        if n_ == bad and tt >= t_fault:
            return None
        if n_ == "ip-172-31-19-8":
            return smp(rng, "a10g", rng.randint(85, 99), rng.uniform(170, 210), clock=1710)
        if n_ == head and tt > t_down + 34:
            return smp(rng, "a10g", 0, rng.uniform(22, 28), clock=210)
        if n_ == head and tt >= t_fault:
            return smp(rng, "a10g", 100, rng.uniform(70, 80), clock=1710)
        return smp(rng, "a10g", rng.randint(88, 99), rng.uniform(165, 205), clock=1710)
    telemetry_gap(s, [head, bad, "ip-172-31-19-8"], 4, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=[head])
    return s


# ======================================================================================
# S6  roce-8node-status12-send-timeouts-toward-one-peer  (network: a 64-rank torchrun job on 8 x 8 H100 over RoCE
#     (bond0 bootstrap) dies with `NET/IB : Got completion ... status=12 ... vendor err 129 (Send)` toward one remote GID)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/1814 -- "NCCL WARN NET/IB : Got completion from peer ... with
# status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:29.87.4.221 remoteGids::ffff:29.87.88.182" (2025-08,
# 64 ranks, 8 GPUs per host, bootstrap on bond0). Open, no stated cause; status 12 / vendor err 129 is a transport
# retry timeout (NICs stop hearing each other). The remote GID is the only peer named, so the truth names the host that
# owns it (mapping and its link-down kernel line are SYNTH). Verbatim: the init lines (host prefix rewritten) and the
# error's text after the peer address (the thread redacts the peer IP).
REAL_S6_INIT = [
    "hostname-test:984:984 [4] NCCL INFO NCCL_SOCKET_IFNAME set by environment to bond0",
    "hostname-test:984:984 [4] NCCL INFO Bootstrap : Using bond0:172.36.134.184<0>",
    "hostname-test:984:1257 [4] NCCL INFO comm 0x557fe785f7a0 rank 36 nranks 64 cudaDev 4 nvmlDev 4 busId 9b000 commId 0x5ae77eb5ea4ec1ee - Init COMPLETE",
    "hostname-test:982:1255 [2] NCCL INFO comm 0x560dfc7a10e0 rank 34 nranks 64 cudaDev 2 nvmlDev 2 busId 49000 commId 0x5ae77eb5ea4ec1ee - Init COMPLETE",
    "hostname-test:980:1265 [0] NCCL INFO comm 0x55986b8b8560 rank 32 nranks 64 cudaDev 0 nvmlDev 0 busId 18000 commId 0x5ae77eb5ea4ec1ee - Init COMPLETE",
]
REAL_S6_ERR = "with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:29.87.4.221 remoteGids::ffff:29.87.88.182"


def build_s6() -> Scenario:
    name = "roce-8node-status12-send-timeouts-toward-one-peer"
    J, N = "5518140", "5518102"
    nodes = [f"h100-{i:02d}" for i in range(17, 25)]
    rep, bad = "h100-21", "h100-23"     # rep = the thread's reporter host (ranks 32-39); bad owns 29.87.88.182 (SYNTH)
    s = Scenario(name, "64-rank torchrun job on h100-[17-24] over RoCE: after 38 min of normal steps, ranks on h100-21 "
                 "(and others) log `NET/IB : Got completion ... status=12 ... vendor err 129 (Send)` toward remote GID "
                 "::ffff:29.87.88.182, which is h100-23's RoCE address; h100-23's kernel shows its port going down; "
                 "the job dies with NCCL remote/network errors.",
                 "2025-08-19T02:00:00Z",
                 {"name": "roce-h100", "partition": "train", "nodes": "h100-[01-32]", "gpus_per_node": 8},
                 [{"id": J, "name": "llama-13b-sft-64r", "user": "newfarmer", "nodes": "h100-[17-24]", "tasks_per_node": 8,
                   "started": "2025-08-19T01:58:30Z", "comment": comment(3, "/vast/ckpt/13b-sft")},
                  {"id": N, "name": "qwen-7b-dpo", "user": "lzhao", "nodes": "h100-[27-28]", "tasks_per_node": 8,
                   "started": "2025-08-19T00:10:00Z"}])
    rng = s.rng
    for i, l in enumerate(REAL_S6_INIT):  # host prefix rewritten, body verbatim
        s.joblog(12.0 + 0.01 * i + (3.0 if i >= 2 else 0), J, rehost_nccl(l, rep))
    t, step = 60.0, 1
    while t < 2300.0:  # SYNTH torchrun/DDP progress (rank 0) every 10 steps
        s.joblog(t, J, generic_step(s, t, step, 1.42 - step * 2e-4, 1.86 + rng.uniform(-0.03, 0.03)))
        step += 10
        t += 18.6 + rng.uniform(-0.2, 0.2)
    t_fault = t + 7.4
    d = s.at(t_fault - 0.9)
    s.kernel(t_fault - 0.9, bad, f"{dmesg_t(d)} mlx5_core 0000:9a:00.1 ens23f1np1: Link down")  # SYNTH
    s.kernel(t_fault - 0.8, bad, f"{dmesg_t(d)} bond0: (slave ens23f1np1): link status definitely down, disabling slave")  # SYNTH
    te = t_fault + 19.5   # the Send retries time out toward h100-23's GID
    for k, (host, lr, pid) in enumerate([(rep, 4, 984), (rep, 2, 982), ("h100-18", 6, 1417), ("h100-20", 1, 2209)]):
        tid = pid + 277
        pre = f"{host}:{pid}:{tid} [{lr}]"
        tt = te + 0.13 * k
        s.joblog(tt, J, f"{pre} transport/net_ib.cc:2244 NCCL WARN NET/IB : Got completion from peer 172.36.134.{186 + k}<{55921 + 13 * k}> {REAL_S6_ERR}" if k == 0 else
                 f"{pre} transport/net_ib.cc:2244 NCCL WARN NET/IB : Got completion from peer 172.36.134.{186 + k}<{55921 + 13 * k}> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:29.87.{4 + 11 * k}.{221 - k} remoteGids::ffff:29.87.88.182")  # SYNTH (other reporters)
        s.joblog(tt + 0.001, J, f"{pre} NCCL INFO transport/net.cc:1362 -> 6")
        s.joblog(tt + 0.002, J, f"{pre} NCCL INFO proxy.cc:726 -> 6")
        s.joblog(tt + 0.003, J, f"{pre} NCCL INFO proxy.cc:910 -> 6 [Progress Thread]")
    tc = te + 2.0
    for k, r in enumerate((36, 34, 54, 9)):  # SYNTH torch c10d errors
        s.joblog(tc + 0.01 * k, J, c10d_e(r, s.at(tc + 0.01 * k), 311 + k, "ProcessGroupNCCL.cpp:1895",
                 f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"))
    s.joblog(tc + 6.0, J, f"srun: error: {rep}: task 4: Exited with exit code 1")
    s.joblog(tc + 6.3, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(tc + 38.0, J, f"slurmstepd: error: *** STEP {J}.0 ON h100-17 CANCELLED AT {s.at(tc + 38.0):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(tc + 39.0, J, "FAILED", "1:0")
    t_end = tc + 900
    tn, st = 21.0, 3300
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, hf_trainer_dict(0.52 - st * 1e-5, 3.1, 5e-7, round(st / 6000, 2)))
        st += 20
        tn += 63.0

    def fn(n_, g, tt):  # SYNTH DCGM every 120 s
        if n_ == "h100-27":
            return smp(rng, "h100", rng.randint(85, 99), rng.uniform(560, 690), clock=1980)
        if tt > tc + 39:
            return smp(rng, "h100", 0, rng.uniform(68, 75), clock=345)
        if tt > t_fault:
            return smp(rng, "h100", 100, rng.uniform(150, 190), clock=1980)
        return smp(rng, "h100", rng.randint(88, 99), rng.uniform(560, 680), clock=1980)
    run_sampler(s, ["h100-20", rep, "h100-22", bad, "h100-27"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_fault - 0.9, "category": "network", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=[rep, "h100-18", "h100-20"])
    return s


# ======================================================================================
# S7  hf-hub-504-outage-three-jobs-fail-at-startup  (infrastructure: a Hugging Face Hub outage returns 504s; three jobs
#     on disjoint nodes that fetch models/metadata at start stall on retries and fail; a running job is unaffected)
# ======================================================================================
# Source: https://github.com/vllm-project/vllm/issues/48830 -- "[CI Failure]: Repo-wide job failures from
# HuggingFace Hub 504 outage (model downloads)" (2026-07-16): unrelated suites fail together, every failed log is full
# of Hub 504s on model downloads/metadata; "Servers/engines that don't need fresh downloads come up fine; jobs then stall
# on Hub retries until the harness timeout kills them." Closed as an external outage. Verbatim: the three quoted lines.
REAL_S7 = [
    "HTTP Error 504 thrown while requesting HEAD https://huggingface.co/nvidia/Nemotron-H-8B-Base-8K/resolve/main/processor_config.json",
    "Retrying in 8s [Retry 4/5].",
    "ERROR [repo_utils.py:66] Error retrieving file list: Server error '504 Gateway Timeout' for url 'https://huggingface.co/api/models/google/gemma-4-E4B-it/tree/main?...'",
]


def build_s7() -> Scenario:
    name = "hf-hub-504-outage-three-jobs-fail-at-startup"
    J1, J2, J3, R = "960114", "960117", "960121", "959870"
    s = Scenario(name, "Hugging Face Hub returns 504 Gateway Timeout for ~25 min. Three opted-in jobs on disjoint nodes "
                 "start in that window (two vLLM servers and an lm-eval run), retry Hub requests and fail within 9 "
                 "minutes of each other; a long-running training job with a local model keeps going.",
                 "2026-07-16T13:40:00Z",
                 {"name": "ci-gpu", "partition": "ci", "nodes": "ci-h200-[01-12]", "gpus_per_node": 8},
                 [{"id": J1, "name": "vllm-nemotron-h-8b-smoke", "user": "ci-bot", "nodes": "ci-h200-03", "tasks_per_node": 1,
                   "started": "2026-07-16T13:41:10Z", "comment": comment(2)},
                  {"id": J2, "name": "vllm-gemma4-e4b-api", "user": "ci-bot", "nodes": "ci-h200-07", "tasks_per_node": 1,
                   "started": "2026-07-16T13:43:55Z", "comment": comment(2)},
                  {"id": J3, "name": "lm-eval-kv-offload", "user": "ci-bot", "nodes": "ci-h200-[09-10]", "tasks_per_node": 1,
                   "started": "2026-07-16T13:46:20Z", "comment": comment(1)},
                  {"id": R, "name": "grpo-local-ckpt", "user": "change72", "nodes": "ci-h200-[01-02]", "tasks_per_node": 8,
                   "started": "2026-07-16T11:02:00Z"}])
    rng = s.rng

    def retry_block(job: str, t0: float, url: str, real_first: bool) -> float:
        t = t0
        for k in range(1, 6):  # SYNTH retry cadence (1, 2, 4, 8, 8 s) around the real lines
            head = REAL_S7[0] if (real_first and "Nemotron" in url) else f"HTTP Error 504 thrown while requesting HEAD {url}"
            s.joblog(t, job, head)
            wait = min(8, 2 ** (k - 1))
            s.joblog(t + 0.001, job, REAL_S7[1] if (k == 4 and real_first) else f"Retrying in {wait}s [Retry {k}/5].")
            t += wait + 60.0  # each HEAD itself waits ~60 s for the gateway
        return t

    t1 = 70.0 + 21.0
    s.joblog(70.0, J1, f"(APIServer pid=1) INFO {s.at(70.0):%m-%d %H:%M:%S} [utils.py:326] non-default args: {{'model': 'nvidia/Nemotron-H-8B-Base-8K', 'trust_remote_code': True}}")  # SYNTH
    te1 = retry_block(J1, t1, "https://huggingface.co/nvidia/Nemotron-H-8B-Base-8K/resolve/main/processor_config.json", True)
    s.joblog(te1, J1, "huggingface_hub.errors.HfHubHTTPError: 504 Server Error: Gateway Time-out for url: https://huggingface.co/nvidia/Nemotron-H-8B-Base-8K/resolve/main/processor_config.json")  # SYNTH
    s.job_state(te1 + 3.0, J1, "FAILED", "1:0")
    t2 = 235.0 + 18.0
    s.joblog(235.0, J2, f"(APIServer pid=1) INFO {s.at(235.0):%m-%d %H:%M:%S} [utils.py:326] non-default args: {{'model': 'google/gemma-4-E4B-it'}}")  # SYNTH
    for k in range(3):
        tt = t2 + 95.0 * k
        s.joblog(tt, J2, f"(APIServer pid=1) {REAL_S7[2]}" if k == 0 else
                 f"(APIServer pid=1) ERROR [repo_utils.py:66] Error retrieving file list: Server error '504 Gateway Timeout' for url 'https://huggingface.co/api/models/google/gemma-4-E4B-it/tree/main?recursive=True&expand=False'")  # SYNTH repeats
    te2 = t2 + 95.0 * 3
    s.joblog(te2, J2, "(APIServer pid=1) OSError: google/gemma-4-E4B-it does not appear to have a file named config.json.")  # SYNTH
    s.job_state(te2 + 2.0, J2, "FAILED", "1:0")
    t3 = 380.0 + 12.0
    s.joblog(380.0, J3, "0: lm_eval --model vllm --model_args pretrained=meta-llama/Llama-3.1-8B-Instruct,kv_offloading_size=40 --tasks gsm8k")  # SYNTH
    te3 = retry_block(J3, t3, "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json", False)
    s.joblog(te3, J3, "0: requests.exceptions.HTTPError: 504 Server Error: Gateway Time-out for url: https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json")  # SYNTH
    s.job_state(te3 + 2.0, J3, "FAILED", "1:0")
    t_end = max(te1, te2, te3) + 900
    tn, st = 9.0, 712
    while tn < t_end:  # SYNTH running job unaffected
        s.joblog(tn, R, f"step {st} | reward 0.{rng.randint(410, 470)} | kl 0.0{rng.randint(10, 19)} | {47.2 + rng.uniform(-1, 1):.1f} s/step")
        st += 1
        tn += 47.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM every 90 s: the failing jobs never load weights
        if n_ == "ci-h200-01":
            return smp(rng, "h200", rng.randint(80, 99), rng.uniform(520, 660), clock=1980)
        return smp(rng, "h200", 0, rng.uniform(74, 86), clock=345)
    run_sampler(s, ["ci-h200-03", "ci-h200-07", "ci-h200-09", "ci-h200-01"], 8, 0.0, t_end, 90.0, fn)
    s.truth = truth({"t": t1, "category": "infrastructure"}, no_requeue=[J1, J2, J3, R],
                    no_drain=["ci-h200-03", "ci-h200-07", "ci-h200-09", "ci-h200-10"])
    return s


# ======================================================================================
# S8  k80-gpu3-stuck-in-p8-straggler  (gpu_degraded: GPU 3 of k80-04 sits in perf state P8 -- 324 MHz, ~30 W, 100 %
#     util -- while its 2-node Horovod job runs; every step waits for it; no Xid, no ECC, no throttle reason)
# ======================================================================================
# Source: https://github.com/microsoft/pai/issues/3387 -- "Investigate GPU perf state add alert when GPU perf state is
# abnormal" (2019-08 .. 2020-12): "Sometimes GPU perf state change to P8 and cause low performance for running job";
# seen again on GPU 3 and fixed with `nvidia-smi -pm ENABLED -i 3` and `nvidia-smi -ac 2505,875 -i 3` (K80 application
# clocks); closed. The thread has no log lines: every line here is SYNTH, the fix and the GPU index are the thread's.


def build_s8() -> Scenario:
    name = "k80-gpu3-stuck-in-p8-straggler"
    J, N = "3387021", "3386990"
    nodes, bad, g_bad = ["k80-03", "k80-04"], "k80-04", 3
    s = Scenario(name, "2-node x 8 K80 Horovod (TF) ResNet job: from the start, GPU 3 of k80-04 stays at 324 MHz (perf "
                 "state P8) at ~30 W and 100 % util while its peers run at 875 MHz; the job runs at ~38 % of its usual "
                 "images/sec. No Xid, no ECC error, no throttle-reason bit.",
                 "2020-12-24T03:00:00Z",
                 {"name": "pai-k80", "partition": "gpu", "nodes": "k80-[01-12]", "gpus_per_node": 8},
                 [{"id": J, "name": "hvd-resnet50-k80", "user": "binyang", "nodes": "k80-[03-04]", "tasks_per_node": 8,
                   "started": "2020-12-24T02:58:10Z", "comment": comment(2)},
                  {"id": N, "name": "lstm-lm", "user": "yqwang", "nodes": "k80-06", "tasks_per_node": 8,
                   "started": "2020-12-24T01:10:00Z"}])
    rng = s.rng
    s.joblog(12.0, J, "[1,0]<stdout>:Running warm up")  # SYNTH
    t_fault = 95.0
    s.joblog(t_fault, J, "[1,0]<stdout>:Done warm up")
    s.joblog(t_fault + 0.1, J, "[1,0]<stdout>:Step\tImg/sec\ttotal_loss")
    t, step = t_fault + 30.0, 10
    while t < 5400.0:  # SYNTH: ~16 img/s per GPU vs ~42 normally (the P8 GPU gates each allreduce)
        s.joblog(t, J, "[1,0]<stdout>:" + tfcnn_line(step, 16.2 + rng.uniform(-0.3, 0.3), 1.9, 7.9 - step * 2e-4))
        step += 10
        t += 10 * 64 / 16.2
    tn = 40.0
    while tn < 5400.0:  # SYNTH neighbour
        s.joblog(tn, N, f"| epoch   3 | {int(tn / 3) % 2000:5d}/ 2983 batches | lr 20.00 | ms/batch {212 + rng.uniform(-3, 3):.2f} | loss  4.{rng.randint(60, 80)} | ppl   {rng.uniform(99, 110):.2f}")
        tn += 200.0

    def fn(n_, g, tt):  # SYNTH DCGM every 180 s
        if n_ == "k80-06":
            return smp(rng, "k80", rng.randint(85, 99), rng.uniform(105, 135), clock=875, keys=K26T, temp=61)
        if tt < t_fault - 60:
            return smp(rng, "k80", 0, rng.uniform(25, 30), clock=324, keys=K26T, temp=38)
        if n_ == bad and g == g_bad:
            return smp(rng, "k80", 100, rng.uniform(28, 33), clock=324, keys=K26T, temp=44)
        return smp(rng, "k80", rng.randint(35, 55), rng.uniform(60, 85), clock=875, keys=K26T, temp=52)
    run_sampler(s, nodes + ["k80-06"], 8, 0.0, 5400.0, 180.0, fn)
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": bad, "gpu": g_bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["k80-03"])
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
