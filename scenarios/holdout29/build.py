#!/usr/bin/env python3
"""Build the holdout29 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout27):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers (and the holdout14..holdout27 helper sections) are copied unchanged from holdout27's build.py; the
holdout27 scenarios are replaced by the holdout29 helpers and scenarios S1..S8 below.
Earlier note (holdout27): generic helpers and the holdout14..holdout26 helper sections came unchanged from holdout26.
Earlier note (holdout26): generic helpers and the holdout14..holdout25 helper sections came unchanged from holdout25.
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
# S1  qflux-qwen-image-resume-optimizer-group-mismatch  (software, restart repeats: a 2-node x 8 H100 Qwen-Image
#     fine-tune (qflux trainer on accelerate) is preempted and requeued by Slurm; on restart it resumes from its
#     checkpoint and every rank dies in `optimizer.load_state_dict` with "loaded state dict contains a parameter group
#     that doesn't match the size of optimizer's group" -- the saved optimizer state does not fit the optimizer the
#     trainer rebuilds, so another requeue would fail the same way)
# ======================================================================================
# Source: https://github.com/tsiendragon/qwen-image-finetune/issues/45 -- "有关Resume Training的BUG" (Resume-training
# bug, 2025-11-18, open). The reporter's resume from a saved checkpoint fails in `accelerator_prepare` at
# `self.optimizer.load_state_dict(torch.load(os.path.join(self.config.resume, "optimizer.bin")))` with the ValueError
# below, and they compare the checkpoint's param groups with the optimizer's (cut in the stored excerpt). Verbatim
# lines below; the thread's `Traceback (most recent call last):`, `    main()`, `    return fn(*args, **kwargs)` and the
# caret line under it were already used by earlier corpora and are emitted as SYNTH at their places.
REAL_S1 = [
    '  File "<frozen runpy>", line 198, in _run_module_as_main',
    '  File "<frozen runpy>", line 88, in _run_code',
    '  File "/root/qwen-image-finetune/src/qflux/main.py", line 99, in <module>',
    '  File "/root/qwen-image-finetune/src/qflux/main.py", line 95, in main',
    '    trainer.fit(train_dataloader)',
    '  File "/root/qwen-image-finetune/src/qflux/trainer/base_trainer.py", line 641, in fit',
    '    train_dataloader = self.accelerator_prepare(train_dataloader)',
    '                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/root/qwen-image-finetune/src/qflux/trainer/base_trainer.py", line 330, in accelerator_prepare',
    '    self.optimizer.load_state_dict(torch.load(os.path.join(self.config.resume, "optimizer.bin")))',
    '  File "/root/miniconda3/lib/python3.12/site-packages/torch/_compile.py", line 53, in inner',
    '    return disable_fn(*args, **kwargs)',
    '           ^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/root/miniconda3/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py", line 1044, in _fn',
    '  File "/root/miniconda3/lib/python3.12/site-packages/torch/optim/optimizer.py", line 935, in load_state_dict',
    '    raise ValueError(',
    "ValueError: loaded state dict contains a parameter group that doesn't match the size of optimizer's group",
]


def s1_traceback() -> list:
    """The thread's traceback in order: REAL_S1 lines with the four SYNTH (already-used generic) lines put back."""
    R = REAL_S1
    return (["Traceback (most recent call last):"] + R[0:3] + ["    main()"] + R[3:14]            # SYNTH header/main()
            + ["    return fn(*args, **kwargs)", "           ^^^^^^^^^^^^^^^^^^^"] + R[14:17])  # SYNTH pair


def build_s1() -> Scenario:
    name = "qflux-qwen-image-resume-optimizer-group-mismatch"
    J, N = "3318840", "3318712"
    first, second = ["h100-05", "h100-06"], ["h100-17", "h100-18"]
    s = Scenario(name, "2-node x 8 H100 Qwen-Image-Edit fine-tune with the qflux trainer (accelerate, one launcher per "
                 "node, srun --label). The job saves checkpoint-3000, is preempted by a higher-priority job and requeued "
                 "by Slurm; it restarts on h100-[17-18] with resume pointing at checkpoint-3000 and all 16 ranks die in "
                 "`optimizer.load_state_dict` with `ValueError: loaded state dict contains a parameter group that doesn't "
                 "match the size of optimizer's group`. The job is opted in to automatic requeue.",
                 "2025-11-18T01:00:00Z",
                 {"name": "ai-h100", "partition": "gpu", "nodes": "h100-[01-24]", "gpus_per_node": 8,
                  "pci_bus_ids": H100_BUS},
                 [{"id": J, "name": "qwen-image-edit-qflux-ft", "user": "ygq", "nodes": "h100-[05-06]",
                   "tasks_per_node": 8, "started": "2025-11-17T21:40:00Z",
                   "comment": comment(3, "/lustre/ckpt/qwen-image-edit-ft")},
                  {"id": N, "name": "flux-dev-lora-sweep", "user": "mkr", "nodes": "h100-[11-12]", "tasks_per_node": 8,
                   "started": "2025-11-17T23:05:00Z"}])
    rng = s.rng
    # --- first run: SYNTH progress (rank 0 on node 0) up to the checkpoint and the preemption ---
    total, sec = 6600, 11.6
    step, t = 2952, 4.0
    el0 = 2952 * sec
    while t < 640:
        loss = 0.081 + rng.uniform(-0.012, 0.012)
        s.joblog(t, J, "0: " + tqdm_steps(step, total, el0 + (t - 4.0), sec, loss, 1.0e-4))  # SYNTH
        if step == 3000:
            s.joblog(t + 0.4, J, "0: " + qflux_log(s.at(t + 0.4), "qflux.trainer.base_trainer:save_checkpoint:512",
                                                 "Saving checkpoint to /lustre/ckpt/qwen-image-edit-ft/checkpoint-3000"))  # SYNTH
            t += 48.0
            s.joblog(t, J, "0: " + qflux_log(s.at(t), "qflux.trainer.base_trainer:save_checkpoint:531",
                                           "Saved state to /lustre/ckpt/qwen-image-edit-ft/checkpoint-3000 "
                                           "(model.safetensors, optimizer.bin, scheduler.bin, random_states_0.pkl)"))  # SYNTH
        step += 4
        t += 4 * sec + rng.uniform(-0.3, 0.3)
    t_pre = 655.0
    s.joblog(t_pre, J, f"slurmstepd: error: *** JOB {J} ON h100-05 CANCELLED AT {s.at(t_pre):%Y-%m-%dT%H:%M:%S} DUE TO "
             "PREEMPTION ***")  # SYNTH
    s.job_state(t_pre + 0.5, J, "PREEMPTED", "0:15", reason="Preempted by job 3318902")  # SYNTH
    s.job_state(t_pre + 2.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH (requeued by Slurm)
    # --- second run on h100-[17-18]: restart, resume, crash on every rank ---
    t_r = 1020.0
    s.job_state(t_r, J, "RUNNING", "0:0", nodes="h100-[17-18]")  # SYNTH
    for k, l in enumerate(["+ srun --label accelerate launch --num_machines 2 --num_processes 16 --machine_rank $SLURM_PROCID "
                           "--main_process_ip h100-17 --main_process_port 29510 -m qflux.main --config "
                           "configs/qwen_image_edit_ft.yaml --resume /lustre/ckpt/qwen-image-edit-ft/checkpoint-3000"]):
        s.joblog(t_r + 3.0 + k, J, l)  # SYNTH
    t = t_r + 21.0
    for k, msg in enumerate(["Loading config configs/qwen_image_edit_ft.yaml", "Loaded Qwen-Image-Edit transformer "
                             "(20.4B params), text encoder and VAE in bf16",
                             "Trainable parameters: 20.43B / 28.85B (full transformer, text encoder frozen)",
                             "Building AdamW optimizer (lr=1.0e-04, weight_decay=0.01)",
                             "Resuming from /lustre/ckpt/qwen-image-edit-ft/checkpoint-3000 (global_step=3000)"]):
        s.joblog(t + 6.0 * k, J, "0: " + qflux_log(s.at(t + 6.0 * k), "qflux.trainer.base_trainer:fit:598", msg))  # SYNTH
    t_f = t + 34.0 + rng.uniform(0, 1)
    tb = s1_traceback()
    for node_i, lab in ((0, "0: "), (1, "1: ")):
        base = t_f + 0.35 * node_i
        for k, l in enumerate(tb):
            s.joblog(base + 0.0004 * k, J, lab + l)  # REAL_S1 text (SYNTH generic lines as marked in s1_traceback)
    py = "/root/miniconda3/lib/python3.12/site-packages"
    head = ['  File "/root/miniconda3/bin/accelerate", line 8, in <module>', "    sys.exit(main())",
            f'  File "{py}/accelerate/commands/accelerate_cli.py", line 50, in main', "    args.func(args)",
            f'  File "{py}/accelerate/commands/launch.py", line 1222, in launch_command', "    multi_gpu_launcher(args)",
            f'  File "{py}/accelerate/commands/launch.py", line 853, in multi_gpu_launcher', "    distrib_run.run(args)",
            f'  File "{py}/torch/distributed/run.py", line 883, in run', "    elastic_launch("]
    for node_i, host in enumerate(second):
        fails = [(8 * node_i + r, r, 61220 + 31 * node_i + r, 1) for r in range(8)]
        elastic_summary(s, t_f + 3.0 + 0.4 * node_i, J, host, fails, "qflux.main", py, head, prefix=f"{node_i}: ")  # SYNTH
    s.joblog(t_f + 5.0, J, "srun: error: h100-17: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(t_f + 5.2, J, "srun: error: h100-18: task 1: Exited with exit code 1")  # SYNTH
    s.job_state(t_f + 6.5, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f + 900.0
    tn, bstep = 9.0, 410
    while tn < t_end:  # SYNTH neighbour (diffusers-style LoRA sweep)
        s.joblog(tn, N, "0: " + tqdm_steps(bstep, 2000, bstep * 2.9, 2.9, 0.11 + rng.uniform(-0.02, 0.02), 1e-4))  # SYNTH
        bstep += 20
        tn += 20 * 2.9 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ in ("h100-11", "h100-12"):
            return s29(rng, "h100_hgx", rng.randint(88, 99), rng.uniform(560, 690), clock=1980)
        if n_ in first:
            if tt < t_pre:
                return s29(rng, "h100_hgx", rng.randint(92, 100), rng.uniform(590, 700), clock=1980, fb=rng.randint(70000, 76000))
            return s29(rng, "h100_hgx", 0, rng.uniform(68, 80), clock=345, fb=rng.randint(0, 600))
        if t_r + 20 < tt < t_f + 6:   # second run: model load / optimizer build, little compute
            return s29(rng, "h100_hgx", rng.randint(0, 12), rng.uniform(120, 180), clock=1980, fb=rng.randint(41000, 52000))
        return s29(rng, "h100_hgx", 0, rng.uniform(68, 80), clock=345, fb=rng.randint(0, 600))
    run_sampler(s, first + second, 8, 0.0, t_end, 90.0, fn)  # SYNTH
    run_sampler(s, ["h100-11"], 8, 0.0, t_end, 300.0, fn)    # SYNTH neighbour, sparser
    s.truth = truth({"t": t_f, "category": "software", "node": None}, no_requeue=[J, N],
                    no_drain=first + second)
    return s


# ======================================================================================
# S2  nanotron-init-gpu1-reset-required-one-node  (gpu_hardware at start-up: a 4-node x 8 H100 nanotron job fails during
#     process-group / NCCL set-up because GPU 1 of gn011 is in an unrecoverable "reset required" state; the other three
#     nodes are fine. An operator's sichek run on gn011 afterwards fails only when GPU 1 is included.)
# ======================================================================================
# Source: https://github.com/scitix/sichek/issues/51 -- "feat(dmesg): detect and report unrecoverable GPU error
# (NV_ERR_RESET_REQUIRED)" (2026-01-11, closed). `sichek nccltest` excluding GPU1 works; including GPU1 fails at once
# with the CUDA "busy or unavailable" error, and each attempt adds the GSP/NV_ERR_RESET_REQUIRED dmesg records below;
# the issue's point is that this is an unrecoverable GPU error at the driver/GSP layer that needs a reset. Verbatim: the
# two complete dmesg lines (markdown indentation and a trailing blank removed; the third is cut in the excerpt), the two
# nccl-tests failure lines and the two sichek commands. The scenario clock is set so the dmesg stamps fit unchanged.
REAL_S2_DMESG = [
    "[Sun Jan 11 09:52:01 2026] NVRM: rpcRmApiAlloc_GSP: GspRmAlloc failed: hClient=0xc1d1a616; hParent=0x5c000054; hObject=0x5c00005b; hClass=0x0000c86f; paramsSize=0x00000170; paramsStatus=0x00000062; status=0x00000062",
    "[Sun Jan 11 09:52:01 2026] NVRM: nvAssertOkFailedNoLog: Assertion failed: Reset required [NV_ERR_RESET_REQUIRED] (0x00000062) returned from status @ kernel_channel.c:2874",
]
REAL_S2_TEST = [
    "Test CUDA failure common.cu:1007",
    "'CUDA-capable device(s) is/are busy or unavailable'",
]
REAL_S2_CMD = [
    "sichek nccltest -g 3,4,5,6,7,2,0 --expect-bw 0",
    "sichek nccltest -g 1,0 --expect-bw 0",
]


def build_s2() -> Scenario:
    name = "nanotron-init-gpu1-reset-required-one-node"
    J, D, N = "88213", "88219", "88190"
    nodes = ["gn009", "gn010", "gn011", "gn012"]
    bad = "gn011"
    s = Scenario(name, "4-node x 8 H100 nanotron Llama-3 8B pretraining job. During start-up (process groups, first NCCL "
                 "communicator) local rank 1 on gn011 (global rank 17) fails with `CUDA error: CUDA-capable device(s) "
                 "is/are busy or unavailable`; gn011's kernel logs GspRmAlloc failures and NV_ERR_RESET_REQUIRED at the "
                 "same second. torchrun on gn011 exits, srun tears the step down. Ten minutes later an operator runs "
                 "sichek nccltest on gn011: GPUs 3,4,5,6,7,2,0 pass, GPUs 1,0 fail at once.",
                 "2026-01-11T09:30:00Z",
                 {"name": "sc-h100", "partition": "train", "nodes": "gn[001-032]", "gpus_per_node": 8,
                  "pci_bus_ids": H100_BUS},
                 [{"id": J, "name": "nanotron-llama3-8b-pt", "user": "xlliu", "nodes": "gn[009-012]", "tasks_per_node": 8,
                   "started": "2026-01-11T09:50:30Z", "comment": comment(3, "/mnt/ckpt/nanotron-llama3-8b")},
                  {"id": D, "name": "sichek-diag-gn011", "user": "ops", "nodes": "gn011", "tasks_per_node": 1,
                   "started": "2026-01-11T10:02:05Z"},
                  {"id": N, "name": "qwen2.5-7b-sft", "user": "hmz", "nodes": "gn[020-021]", "tasks_per_node": 8,
                   "started": "2026-01-11T07:12:00Z"}])
    rng = s.rng
    t0 = 1230.0
    s.job_state(t0, J, "RUNNING", "0:0", nodes="gn[009-012]")  # SYNTH
    s.joblog(t0 + 1.0, J, "+ srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d "
             "--rdzv_endpoint gn009:29500 --tee 3 run_train.py --config-file examples/llama3_8b_pt.yaml")  # SYNTH
    t = t0 + 26.0
    for k, msg in enumerate(["Config:", "Config(general=GeneralArgs(project='llama3-8b', run='pt-0111', seed=42, step=None, "
                             "consumed_train_samples=None, ignore_sanity_checks=True), parallelism=ParallelismArgs(dp=8, pp=1, "
                             "tp=4, pp_engine=<nanotron.parallel.pipeline_parallel.engine.OneForwardOneBackwardPipelineEngine>, "
                             "tp_mode=<TensorParallelLinearMode.REDUCE_SCATTER: 2>, tp_linear_async_communication=True), ...)",
                             "Building model..", "Initialize RoPE Theta = 500000.0"]):
        s.joblog(t + 0.8 * k, J, "0: " + nanotron_info(s.at(t + 0.8 * k), 0, "gn009", msg))  # SYNTH
    t_f = hms_t(s.start, dt.datetime(2026, 1, 11, 9, 52, 1, 180000))
    for k, l in enumerate(REAL_S2_DMESG):
        s.kernel(t_f + 0.001 * k, bad, l)  # verbatim text from the REAL_* list above (stamp kept)
    # rank 17 (gn011, local rank 1) -- SYNTH traceback in torch 2.5 layout
    lab = "2: [default1]:[rank17]: "
    tr = t_f + 0.3
    for k, l in enumerate(["Traceback (most recent call last):",
                           '  File "/workspace/nanotron/run_train.py", line 253, in <module>',
                           "    trainer = DistributedTrainer(config_file)",
                           '  File "/workspace/nanotron/src/nanotron/trainer.py", line 160, in __init__',
                           "    self.parallel_context = ParallelContext(",
                           '  File "/workspace/nanotron/src/nanotron/parallel/context.py", line 57, in __init__',
                           "    self._init_parallel_groups()",
                           '  File "/workspace/nanotron/src/nanotron/parallel/context.py", line 81, in _init_parallel_groups',
                           "    dist.barrier()",
                           "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable",
                           "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace "
                           "below might be incorrect.",
                           "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                           "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]):
        s.joblog(tr + 0.001 * k, J, lab + l)  # SYNTH
    d = s.at(t_f + 2.1)
    s.joblog(t_f + 2.1, J, f"2: W{d:%m%d %H:%M:%S}.{d.microsecond // 1000 * 1000:06d} 311042 torch/distributed/elastic/"
             "multiprocessing/api.py:897] Sending process 311058 closing signal SIGTERM")  # SYNTH
    s.joblog(t_f + 2.4, J, f"2: E{d:%m%d %H:%M:%S}.{(d.microsecond // 1000 + 300) % 1000 * 1000:06d} 311042 torch/"
             "distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 1 (pid: 311059) of "
             "binary: /usr/bin/python")  # SYNTH
    s.joblog(t_f + 3.0, J, "srun: error: gn011: task 2: Exited with exit code 1")  # SYNTH
    ta = srun_abort_lines(s, t_f + 3.1, J, "gn009")  # SYNTH
    for k, h in enumerate(["gn009", "gn010", "gn012"]):
        s.joblog(ta + 1.0 + 0.2 * k, J, f"srun: error: {h}: task {nodes.index(h)}: Terminated")  # SYNTH
    s.job_state(ta + 3.0, J, "FAILED", "1:0")  # SYNTH
    # operator's diagnosis on gn011
    td = hms_t(s.start, dt.datetime(2026, 1, 11, 10, 2, 5))
    s.job_state(td, D, "RUNNING", "0:0", nodes="gn011")  # SYNTH
    s.joblog(td + 1.0, D, "+ " + REAL_S2_CMD[0])  # verbatim command (shell trace prefix SYNTH)
    s.joblog(td + 48.0, D, "nccltest: GPUs [3 4 5 6 7 2 0] passed (expect-bw 0)")  # SYNTH
    s.joblog(td + 50.0, D, "+ " + REAL_S2_CMD[1])  # verbatim command (shell trace prefix SYNTH)
    s.joblog(td + 52.3, D, REAL_S2_TEST[0])  # verbatim
    s.joblog(td + 52.3001, D, REAL_S2_TEST[1])  # verbatim
    d2 = s.at(td + 52.2)
    s.kernel(td + 52.2, bad, f"{dmesg_t(d2)} NVRM: rpcRmApiAlloc_GSP: GspRmAlloc failed: hClient=0xc1d1a61e; "
             "hParent=0x5c000054; hObject=0x5c00006a; hClass=0x0000c86f; paramsSize=0x00000170; paramsStatus=0x00000062; "
             "status=0x00000062")  # SYNTH copy at the operator's run (other handles)
    s.kernel(td + 52.201, bad, f"{dmesg_t(d2)} NVRM: nvAssertOkFailedNoLog: Assertion failed: Reset required "
             "[NV_ERR_RESET_REQUIRED] (0x00000062) returned from status @ kernel_channel.c:2874")  # SYNTH copy
    s.job_state(td + 53.0, D, "FAILED", "1:0")  # SYNTH
    t_end = td + 700.0
    tn, it = 14.0, 31200
    while tn < t_end:  # SYNTH neighbour (HF Trainer dict)
        s.joblog(tn, N, hf_train_dict(0.62 - it * 1e-6, 0.5 + rng.uniform(-0.1, 0.1), 1.2e-5, it / 40000))  # SYNTH
        it += 10
        tn += 61.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "gn020":
            return s29(rng, "h100_hgx", rng.randint(88, 99), rng.uniform(540, 680), clock=1980)
        if n_ == bad and g == 1 and tt > t_f:
            return None                      # NVML cannot read a GPU in this state: exporter drops the sample
        if t0 + 20 < tt < ta + 3:
            return s29(rng, "h100_hgx", rng.randint(0, 8), rng.uniform(110, 160), clock=1980, fb=rng.randint(2000, 9000))
        if n_ == bad and td < tt < td + 53:
            return s29(rng, "h100_hgx", rng.randint(60, 90), rng.uniform(300, 420), clock=1980)
        return s29(rng, "h100_hgx", 0, rng.uniform(66, 78), clock=345, fb=rng.randint(0, 500))
    run_sampler(s, nodes, 8, 0.0, t_end, 120.0, fn)    # SYNTH
    run_sampler(s, ["gn020"], 8, 0.0, t_end, 300.0, fn)  # SYNTH
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": bad, "gpu": 1}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[D, N], no_drain=["gn009", "gn010", "gn012"])
    return s


# ======================================================================================
# S3  maxtext-h200-gpu2-thermal-violation-fan  (gpu_degraded: in a 4-node x 8 H200 MaxText (JAX) run, GPU 2 of h200-07
#     starts thermal-throttling at a reported 75-78 C -- DCGM health logs a thermal clocks event for GPU 2 -- and every
#     step of the synchronous job slows from ~3.0 s to ~4.3 s; no error anywhere)
# ======================================================================================
# Source: https://github.com/NVIDIA/DCGM/issues/270 -- "dcgmi health check error,but temp is ok" (2025-12-22, open):
# "I want to know the reason why temp not high 75°C, but dcgm health log has slowdown?" with the DCGM message below;
# the one reply: "The fan might not be installed". Verbatim: the DCGM health message (the excerpt ends it at
# "components." without a closing quote). The job, the cluster and all telemetry are SYNTH; that the cause is the
# node's cooling (a missing/failed fan), not the reported temperature, is the thread's reply.
REAL_S3 = ("ERROR [1514002:1514004] [[Health]] Detected a WARNING in health system Thermal: 'Detected clocks event due to "
           "thermal violation in GPU 2. Verify that the cooling on this machine is functional, including external, "
           "thermal material interface, fans, and any other components.")


def build_s3() -> Scenario:
    name = "maxtext-h200-gpu2-thermal-violation-fan"
    J, N = "5512093", "5511980"
    nodes = ["h200-05", "h200-06", "h200-07", "h200-08"]
    bad, bad_gpu = "h200-07", 2
    s = Scenario(name, "4-node x 8 H200 MaxText (JAX) Llama-3 70B fine-tune. About 25 min in, GPU 2 of h200-07 starts "
                 "thermal-throttling (HW thermal + HW slowdown clock-event bits, SM clock ~1.1-1.25 GHz instead of 1.98) "
                 "while its reported temperature stays at 75-78 C; the DCGM health watch on h200-07 logs a thermal "
                 "clocks event for GPU 2. Every step of the job goes from ~3.0 s to ~4.3 s. No error, no Xid.",
                 "2025-12-22T09:00:00Z",
                 {"name": "jx-h200", "partition": "batch", "nodes": "h200-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": H200_BUS},
                 [{"id": J, "name": "maxtext-llama3-70b-sft", "user": "rpatel", "nodes": "h200-[05-08]",
                   "tasks_per_node": 8, "started": "2025-12-22T08:41:00Z",
                   "comment": comment(2, "/weka/ckpt/maxtext-llama3-70b")},
                  {"id": N, "name": "diffusion-policy-pretrain", "user": "ajun", "nodes": "h200-[12-13]",
                   "tasks_per_node": 8, "started": "2025-12-22T06:15:00Z"}])
    rng = s.rng
    t_f = 1500.0 + rng.uniform(0, 20)
    step, t = 3410, 6.0
    while t < 3600.0:  # SYNTH MaxText metrics, printed every 5 steps
        slow = t > t_f + 30
        sec = (4.31 if slow else 3.02) + rng.uniform(-0.04, 0.04)
        tfl = (318.0 if slow else 454.0) + rng.uniform(-4, 4)
        s.joblog(t, J, maxtext_line(step, sec, tfl, 1.412 - (step - 3410) * 2e-5 + rng.uniform(-0.01, 0.01)))  # SYNTH
        step += 5
        t += 5 * sec
    d = s.at(t_f + 44.0)
    s.kernel(t_f + 44.0, bad, jlog(d, bad, "nv-hostengine[1514002]", REAL_S3))  # verbatim message; journal prefix SYNTH
    tn, st = 20.0, 88000
    while tn < 3600.0:  # SYNTH neighbour (HF accelerate no_trainer style)
        s.joblog(tn, N, accel_line(s.at(tn), "__main__", f"step {st}: loss {0.0412 + rng.uniform(-0.004, 0.004):.4f}, "
                                                       f"lr 1.0e-04, {2.18 + rng.uniform(-0.03, 0.03):.2f} it/s"))  # SYNTH
        st += 100
        tn += 100 / 2.18

    def fn(n_, g, tt):  # SYNTH DCGM samples (DCGM >= 3.3 exporter: clocks-event key)
        if n_ == "h200-12":
            return dcgm33(s29(rng, "h200", rng.randint(85, 99), rng.uniform(520, 660), clock=1980, temp=rng.randint(55, 63),
                              keys=K29T))
        if tt < t_f:
            return dcgm33(s29(rng, "h200", rng.randint(95, 100), rng.uniform(590, 690), clock=1980,
                              temp=rng.randint(56, 66), keys=K29T))
        if n_ == bad and g == bad_gpu:
            return dcgm33(s29(rng, "h200", 100, rng.uniform(300, 380), clock=rng.choice([1065, 1110, 1155, 1200, 1245]),
                              temp=rng.randint(75, 78), thr=0x48, keys=K29T))
        # everybody else waits for GPU 2 at every collective: busy but at lower power
        return dcgm33(s29(rng, "h200", rng.randint(96, 100), rng.uniform(430, 500), clock=1980, temp=rng.randint(52, 60),
                          keys=K29T))
    run_sampler(s, nodes, 8, 0.0, 3600.0, 180.0, fn)      # SYNTH
    run_sampler(s, ["h200-12"], 8, 0.0, 3600.0, 600.0, fn)  # SYNTH
    s.truth = truth({"t": t_f, "category": "gpu_degraded", "node": bad, "gpu": bad_gpu}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["h200-05", "h200-06", "h200-08"])
    return s


# ======================================================================================
# S4  smart-lustre-client-evictions-three-nodes-jobs-fail  (infrastructure: the Lustre-backed shared storage (/mnt/smart)
#     drops its clients on c02, c03 and c04 -- "Cannot send after transport endpoint shutdown" on every access. A 2-node
#     ESM-2 fine-tune on c[02-03] dies reading its data, a DNABERT job on c04 dies writing a checkpoint, and a user's
#     interactive shell on c02 shows the same error on `ll`. A job on c06 runs on. Nothing node-local is broken.)
# ======================================================================================
# Source: https://github.com/marbits-icm/marbits-public/issues/139 -- "c02 error: Cannot send after transport endpoint
# shutdown" (2025-06-09, closed, labels bug / marbits / pending / smart): on node c02, every file under the user's
# SMART (Lustre) working directory fails with the error below, while "they are fine outside the node". The same
# repository's #113 (2025-05-07) reports the error on c04 but not on c06 right after SMART came back from an outage, and
# the maintainers take it to the storage/scientific-computing team: a storage-side problem seen from several nodes'
# clients, not a broken compute node. Verbatim: the user's terminal transcript lines below (prompt, `ls` errors and the
# long listing with `?` attributes). The GPU jobs, the Lustre kernel records on c02-c04 and all telemetry are SYNTH;
# the cluster is framed as a GPU cluster, which the thread's cluster is not said to be.
REAL_S4 = [
    "(base) [mroyo@c02 metavenice_mroyo]$ ll output/01_coassembly/test/dereplication/contigs_derep/contigs_derep_list_ms_mixed.txt",
    "ls: cannot access output/01_coassembly/test/dereplication/contigs_derep/contigs_derep_list_ms_mixed.txt: Cannot send after transport endpoint shutdown",
    "(base) [mroyo@c02 metavenice_mroyo]$ ll",
    "ls: cannot access 01_README_co-assemblies.md: Cannot send after transport endpoint shutdown",
    "ls: cannot access 03_README_functional_annotation.md: Cannot send after transport endpoint shutdown",
    "ls: cannot access README.md: Cannot send after transport endpoint shutdown",
    "ls: cannot access 02_README_mappings.md: Cannot send after transport endpoint shutdown",
    "ls: cannot access 04_README_MAGs.md: Cannot send after transport endpoint shutdown",
    "total 16K",
    "drwxr-xr-x 4 mroyo bio  4.0K Jun  9 15:03 code",
    "drwxr-xr-x 7 mroyo bio  4.0K Mar 24 14:48 data",
    "drwxr-xr-x 6 mroyo bio  4.0K May  2 15:54 output",
    "-????????? ? ?     ?       ?            ? 01_README_co-assemblies.md",
    "-????????? ? ?     ?       ?            ? 02_README_mappings.md",
    "-????????? ? ?     ?       ?            ? 03_README_functional_annotation.md",
]


def build_s4() -> Scenario:
    name = "smart-lustre-client-evictions-three-nodes-jobs-fail"
    T1, T2, I, N = "61488", "61495", "61520", "61470"
    hit = ["c02", "c03", "c04"]
    s = Scenario(name, "8-node GPU cluster (4 x A100-40GB per node) with a Lustre-backed shared store mounted at "
                 "/mnt/smart. At ~15:11 the Lustre clients of c02, c03 and c04 lose the MDT and are evicted; every access "
                 "then fails with `Cannot send after transport endpoint shutdown`. A 2-node ESM-2 fine-tune on c[02-03] "
                 "dies in its data loader, a DNABERT job on c04 dies saving a checkpoint, and an interactive shell on c02 "
                 "shows the error on `ll`. A job on c06 (same storage) keeps running.",
                 "2025-06-09T14:30:00Z",
                 {"name": "icm-gpu", "partition": "gpu", "nodes": "c[01-08]", "gpus_per_node": 4},
                 [{"id": T1, "name": "esm2-650m-ft-metavenice", "user": "pcoll", "nodes": "c[02-03]", "tasks_per_node": 4,
                   "started": "2025-06-09T12:02:00Z", "comment": comment(2, "/mnt/smart/users/pcoll/esm2_ckpt")},
                  {"id": T2, "name": "dnabert2-mag-classifier", "user": "aleix", "nodes": "c04", "tasks_per_node": 4,
                   "started": "2025-06-09T13:40:00Z", "comment": comment(1, "/mnt/smart/users/aleix/dnabert_ckpt")},
                  {"id": I, "name": "interactive", "user": "mroyo", "nodes": "c02", "tasks_per_node": 1,
                   "started": "2025-06-09T15:05:30Z"},
                  {"id": N, "name": "evo2-embed-batch", "user": "fcout", "nodes": "c06", "tasks_per_node": 4,
                   "started": "2025-06-09T11:15:00Z"}])
    rng = s.rng
    fs = "smart"
    cookies = {h: f"ffff{rng.randint(0x8c0000000000, 0x8fffffffffff):012x}" for h in hit}
    t_f = hms_t(s.start, dt.datetime(2025, 6, 9, 15, 11, 4))
    for k, h in enumerate(hit):  # SYNTH Lustre client records
        tk = t_f + 0.8 * k + rng.uniform(0, 0.3)
        d = s.at(tk)
        s.kernel(tk, h, f"{dmesg_t(d)} LustreError: 11-0: {fs}-MDT0000-mdc-{cookies[h]}: operation mds_getattr to node "
                        f"10.1.40.11@tcp failed: rc = -107")
        s.kernel(tk + 0.01, h, f"{dmesg_t(d)} Lustre: {fs}-MDT0000-mdc-{cookies[h]}: Connection to {fs}-MDT0000 (at "
                               f"10.1.40.11@tcp) was lost; in progress operations using this service will wait for "
                               f"recovery to complete")
        d2 = s.at(tk + 118.0)
        s.kernel(tk + 118.0, h, f"{dmesg_t(d2)} LustreError: 167-0: {fs}-MDT0000-mdc-{cookies[h]}: This client was "
                                f"evicted by {fs}-MDT0000; in progress operations using this service will fail.")
        for o in (0, 1):
            s.kernel(tk + 118.2 + 0.01 * o, h, f"{dmesg_t(d2)} LustreError: 167-0: {fs}-OST{o:04x}-osc-{cookies[h]}: This "
                                               f"client was evicted by {fs}-OST{o:04x}; in progress operations using "
                                               f"this service will fail.")
    # --- T1: ESM-2 fine-tune (HF Trainer) on c[02-03], dies in its data loader ---
    t, st = 20.0, 14210
    while t < t_f + 100:
        s.joblog(t, T1, "0: " + hf_train_dict(0.412 - (st - 14210) * 1e-6 + rng.uniform(-0.01, 0.01),
                                              0.9 + rng.uniform(-0.2, 0.2), 3.1e-5, st / 21000))  # SYNTH
        st += 50
        t += 50 * 1.31 + rng.uniform(-0.5, 0.5)
    te1 = t_f + 131.0
    py = "/mnt/smart/apps/conda/envs/esm/lib/python3.11/site-packages"
    for k, l in enumerate(["[rank2]: Traceback (most recent call last):",
                           f'[rank2]:   File "{py}/torch/utils/data/_utils/worker.py", line 349, in _worker_loop',
                           "[rank2]:     data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                           f'[rank2]:   File "{py}/datasets/arrow_dataset.py", line 2861, in __getitem__',
                           "[rank2]:     return self._getitem(key)",
                           "[rank2]: OSError: [Errno 108] Cannot send after transport endpoint shutdown: "
                           "'/mnt/smart/users/pcoll/metavenice/tokenized/train/data-00031-of-00064.arrow'"]):
        s.joblog(te1 + 0.001 * k, T1, "0: " + l)  # SYNTH
    s.joblog(te1 + 6.0, T1, "srun: error: c02: task 0: Exited with exit code 1")  # SYNTH
    ta = srun_abort_lines(s, te1 + 6.1, T1, "c02")  # SYNTH
    s.joblog(ta + 2.0, T1, "srun: error: c03: task 1: Terminated")  # SYNTH
    s.job_state(ta + 3.0, T1, "FAILED", "1:0")  # SYNTH
    # --- T2: DNABERT on c04, dies writing a checkpoint ---
    t, ep = 35.0, 3
    while t < t_f + 150:
        s.joblog(t, T2, accel_line(s.at(t), "__main__", f"epoch {ep} step {int(t / 9)}: loss {0.31 + rng.uniform(-0.02, 0.02):.4f}"))  # SYNTH
        t += 240.0
    te2 = t_f + 170.0
    s.joblog(te2, T2, accel_line(s.at(te2), "__main__", "Saving checkpoint to /mnt/smart/users/aleix/dnabert_ckpt/step_4200"))  # SYNTH
    s.joblog(te2 + 0.9, T2, "OSError: [Errno 108] Cannot send after transport endpoint shutdown: "
                            "'/mnt/smart/users/aleix/dnabert_ckpt/step_4200/model.safetensors'")  # SYNTH
    s.joblog(te2 + 3.0, T2, "srun: error: c04: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(te2 + 4.0, T2, "FAILED", "1:0")  # SYNTH
    # --- the interactive shell on c02 (verbatim transcript) ---
    ti = hms_t(s.start, dt.datetime(2025, 6, 9, 15, 19, 40))
    for k, l in enumerate(REAL_S4):
        s.joblog(ti + (0.0 if k < 2 else 21.0) + 0.01 * k, I, l)  # verbatim
    t_end = ti + 900.0
    tn, bt = 12.0, 1800
    while tn < t_end:  # SYNTH neighbour on c06: same storage, healthy client
        s.joblog(tn, N, f"[evo2-embed] batch {bt}/9600 written to /mnt/smart/users/fcout/evo2_emb/part-{bt // 200:03d}.npy "
                        f"({rng.uniform(41, 47):.1f} seq/s)")  # SYNTH
        bt += 20
        tn += 60.0 + rng.uniform(-2, 2)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "c06":
            return s29(rng, "a100_4x40", rng.randint(80, 97), rng.uniform(250, 320), clock=1410)
        if n_ in ("c02", "c03"):
            if tt < te1:
                return s29(rng, "a100_4x40", rng.randint(85, 99), rng.uniform(260, 330), clock=1410)
        if n_ == "c04" and tt < te2:
            return s29(rng, "a100_4x40", rng.randint(85, 99), rng.uniform(260, 330), clock=1410)
        return s29(rng, "a100_4x40", 0, rng.uniform(50, 62), clock=210)
    run_sampler(s, hit, 4, 0.0, t_end, 60.0, fn)      # SYNTH
    run_sampler(s, ["c06"], 4, 0.0, t_end, 180.0, fn)  # SYNTH
    s.truth = truth({"t": t_f, "category": "infrastructure", "node": None},
                    no_requeue=[T1, T2, I, N], no_drain=hit)
    return s


# ======================================================================================
# S5  rfdetr-seg-yolo-dataset-cgroup-oom-before-first-step  (software, host memory: an RF-DETR segmentation
#     fine-tune on a YOLO-format dataset builds its training set and is killed by the job's memory cgroup before the
#     first step; the GPU sits almost idle the whole time. Same code, same data: a restart repeats it.)
# ======================================================================================
# Source: https://github.com/roboflow/rf-detr/issues/820 -- "Traing process is killed due to very high ram consumption"
# (2026-03-19, closed, label bug): ~3000 YOLO-format images (~18 GB), 64 GB RAM, RTX 5090D; training config
# RFDETRSegMedium; the log below, then the process is killed. The fix shipped in RF-DETR 1.7.0 (release PR #1010,
# "Seg OOM fix -- lazy dataset loading": masks are rasterised per image in __getitem__ instead of at dataset
# construction), i.e. the memory blow-up is the library's, not the machine's. Verbatim: the five complete log lines of
# the excerpt (the sixth, "TensorBoard logging disabled: Neither `tensorboard` nor", is cut and not used); the scenario
# clock is set so their stamps fit unchanged. The Slurm job, the 60 GB cgroup limit, the OOM records and everything
# else are SYNTH.
REAL_S5 = [
    "[2026-03-19 06:27:26] [WARNING] rf-detr - Using patch size 12 instead of 14, which means we're not loading DINOv2 backbone weights. This is not a problem if finetuning a pretrained RF-DETR model.",
    "[2026-03-19 06:27:27] [INFO] rf-detr - File /song/work/tmp/python_tmp/rf-detr/rfdetr_cpp/rf-detr-seg-nano.pt already exists with correct MD5 hash.",
    "[2026-03-19 06:27:28] [WARNING] rf-detr - Using a different number of positional encodings than DINOv2, which means we're not loading DINOv2 backbone weights. This is not a problem if finetuning a pretrained RF-DETR model.",
    "[2026-03-19 06:27:28] [WARNING] rf-detr - Using patch size 12 instead of 14, which means we're not loading DINOv2 backbone weights. This is not a problem if finetuning a pretrained RF-DETR model.",
    "[2026-03-19 06:27:30] [INFO] rf-detr - File /song/work/tmp/python_tmp/rf-detr/rfdetr_cpp/rf-detr-seg-nano.pt already exists with correct MD5 hash.",
]


def build_s5() -> Scenario:
    name = "rfdetr-seg-yolo-dataset-cgroup-oom-before-first-step"
    J, N = "20417", "20409"
    node = "ws-03"
    s = Scenario(name, "Workstation-class Slurm partition (4 x RTX 5090 per node, jobs get a memory cgroup). A 1-GPU "
                 "RF-DETR segmentation fine-tune on an ~18 GB YOLO-format dataset (--mem=60G) prints its model-loading "
                 "warnings, starts building the training set and, ~13 min later and before the first training step, is "
                 "killed by the cgroup OOM killer; Slurm reports OUT_OF_MEMORY. The GPU held only the model the whole "
                 "time. A DDP job on ws-04 runs on.",
                 "2026-03-19T06:20:00Z",
                 {"name": "ws-rtx5090", "partition": "ws", "nodes": "ws-[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "rfdetr-seg-medium-yolo", "user": "songhc", "nodes": node, "tasks_per_node": 1,
                   "started": "2026-03-19T06:27:08Z", "comment": comment(2, "/song/work/rfdetr_out")},
                  {"id": N, "name": "yolo11x-det-ddp", "user": "tli", "nodes": "ws-04", "tasks_per_node": 4,
                   "started": "2026-03-19T04:55:00Z"}])
    rng = s.rng
    t0 = hms_t(s.start, dt.datetime(2026, 3, 19, 6, 27, 8))
    s.job_state(t0, J, "RUNNING", "0:0", nodes=node)  # SYNTH
    s.joblog(t0 + 1.0, J, "+ python train_seg.py --model RFDETRSegMedium --dataset-dir /song/data/seg_yolo "
             "--dataset-file yolo --epochs 50 --batch-size 4 --grad-accum-steps 4")  # SYNTH
    stamps = [dt.datetime(2026, 3, 19, 6, 27, s_) for s_ in (26, 27, 28, 28, 30)]
    for k, (l, d) in enumerate(zip(REAL_S5, stamps)):
        s.joblog(hms_t(s.start, d) + 0.1 * k, J, l)  # verbatim (stamps fit the scenario clock)
    t = hms_t(s.start, dt.datetime(2026, 3, 19, 6, 27, 33))
    s.joblog(t, J, rfdetr_log(s.at(t), "INFO", "Loading YOLO segmentation dataset from /song/data/seg_yolo "
                                               "(train: 2411 images, valid: 603 images, 7 classes)"))  # SYNTH
    total = 2411
    el = 0.0
    n = 0
    while n < 1870:  # SYNTH tqdm over annotation parsing; slows as memory fills
        n = min(total, n + 110)
        el += 36.0 + n * 0.012
        s.joblog(t + el, J, tqdm_meter(n, total, el, n / el, desc="Loading annotations"))  # SYNTH
    t_f = t + el + 21.0
    d = s.at(t_f)
    pid = 184213
    for k, l in enumerate([f"python invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
                           f"CPU: 17 PID: {pid} Comm: python Not tainted 6.8.0-52-generic #53-Ubuntu",
                           "memory: usage 62914560kB, limit 62914560kB, failcnt 18832",
                           f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/system.slice/"
                           f"slurmstepd.scope/job_{J},task_memcg=/system.slice/slurmstepd.scope/job_{J}/step_batch/user/task_0,"
                           f"task=python,pid={pid},uid=1207",
                           f"Memory cgroup out of memory: Killed process {pid} (python) total-vm:98811204kB, "
                           f"anon-rss:61977828kB, file-rss:412220kB, shmem-rss:16384kB, UID:1207 pgtables:124816kB oom_score_adj:0"]):
        s.kernel(t_f + 0.001 * k, node, f"{dmesg_t(d)} {l}")  # SYNTH
    s.joblog(t_f + 0.8, J, f"/var/spool/slurmd/job{J}/slurm_script: line 14: {pid} Killed                  python train_seg.py "
             "--model RFDETRSegMedium --dataset-dir /song/data/seg_yolo --dataset-file yolo --epochs 50 --batch-size 4 "
             "--grad-accum-steps 4")  # SYNTH
    s.joblog(t_f + 1.2, J, f"slurmstepd: error: Detected 1 oom_kill event in StepId={J}.batch. Some of the step tasks have "
             "been OOM Killed.")  # SYNTH
    s.job_state(t_f + 2.0, J, "OUT_OF_MEMORY", "0:125")  # SYNTH
    t_end = t_f + 900.0
    tn, it = 11.0, 640
    while tn < t_end:  # SYNTH neighbour: ultralytics-style epoch line
        s.joblog(tn, N, f"     31/100      21.4G      1.012     0.6413      1.087        211        640: "
                        f"{int(100 * it / 1318):3d}%|{'█' * (10 * it // 1318)}{' ' * (10 - 10 * it // 1318)}| {it}/1318 "
                        f"[{fmt_interval(it / 1.83)}<{fmt_interval((1318 - it) / 1.83)},  1.83it/s]")  # SYNTH
        it = it + 90 if it + 90 < 1318 else 40
        tn += 90 / 1.83

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "ws-04":
            return s29(rng, "rtx5090", rng.randint(88, 99), rng.uniform(470, 560), clock=2407)
        if g == 0 and t0 + 20 < tt < t_f + 2:
            return s29(rng, "rtx5090", 0, rng.uniform(44, 58), clock=2407, fb=rng.randint(2900, 3300))  # model only
        return s29(rng, "rtx5090", 0, rng.uniform(18, 26), clock=210, fb=rng.randint(0, 300))
    run_sampler(s, [node], 4, 0.0, t_end, 60.0, fn)      # SYNTH
    run_sampler(s, ["ws-04"], 4, 0.0, t_end, 120.0, fn)  # SYNTH
    s.truth = truth({"t": t_f, "category": "software", "node": None}, no_requeue=[J, N], no_drain=[node])
    return s


# ======================================================================================
# S6  a100-pcie-gpu2-hbm-dbe-row-remap-vllm-dsv4  (gpu_hardware: GPU 2 (0000:9c:00) of a 4 x A100-80GB PCIe node has
#     failing HBM -- double-bit ECC (Xid 48), a new row marked for remapping (Xid 63), contained-ECC bursts (Xid 94) and
#     a "drain and reset" recovery action (Xid 154). The TP=4 vLLM serving job hangs and dies with "RPC call to
#     sample_tokens timed out". After an operator reboot, a burn-in job on the node hits a new DBE on the same GPU
#     within ~2 minutes. The node already had two such hangs earlier the same day (history).)
# ======================================================================================
# Source: https://github.com/wtdcode/vllm-backport/issues/62 -- "[Bug]: DSpark spec decoding on 4xA100 (SM80) -- engine
# hang then \"RPC call to sample_tokens timed out\" during long-context generation" (2026-09-05, closed). The reporter's
# root-cause correction: "our two hangs were caused by failing HBM on GPU2 (hardware), not by a vllm-backport / DSpark
# software bug" -- repeated Xids all on PCI 0000:9c:00 in the same HBM region (FBPA 9 subpartition 1) at 03:51 / 05:37 /
# 15:17 / 15:37 (Xid 48 / 171 DBE, Xid 63 row remap, Xid 94 bursts + Xid 154 drain-and-reset), remapped rows growing
# 11 -> 12, and "~2 minutes after a full host reboot ... a new row failed again". The stored excerpt quotes no log line
# in full; the REAL strings are the two fragments that it does quote from the logs: the error in the title and the vLLM
# version string. The NVRM lines are SYNTH, written from the thread's description.
REAL_S6 = [
    "RPC call to sample_tokens timed out",
    "v0.1.dev1+g3bec27573",
]


def build_s6() -> Scenario:
    name = "a100-pcie-gpu2-hbm-dbe-row-remap-vllm-dsv4"
    J, B, N = "47710", "47725", "47702"
    node, bus = "a100-03", "0000:9c:00"
    s = Scenario(name, "4 x A100-80GB PCIe node a100-03 serves DeepSeek-V4-Flash with a TP=4 vLLM job. At 15:17 the node's "
                 "kernel logs Xid 48 (DBE), Xid 63 (row remap pending), a burst of Xid 94 and Xid 154 (drain and reset) "
                 "on GPU 2 (0000:9c:00); the engine hangs and ~5 min later dies with `RPC call to sample_tokens timed "
                 "out`. An operator reboots the node at 15:33 and starts a GPU burn-in job; ~2 min in, a new DBE and row "
                 "remap hit GPU 2 again. History holds two earlier suspect verdicts the same day (03:51, 05:37).",
                 "2026-09-05T15:00:00Z",
                 {"name": "lab-a100", "partition": "serve", "nodes": "a100-[01-06]", "gpus_per_node": 4,
                  "pci_bus_ids": A100P_BUS},
                 [{"id": J, "name": "dsv4-flash-serve-tp4", "user": "happylo", "nodes": node, "tasks_per_node": 4,
                   "started": "2026-09-05T14:41:00Z", "comment": comment(2)},
                  {"id": B, "name": "gpu-burn-a100-03", "user": "ops", "nodes": node, "tasks_per_node": 4,
                   "started": "2026-09-05T15:35:20Z"},
                  {"id": N, "name": "qwen3-27b-eval-sglang", "user": "pdeng", "nodes": "a100-05", "tasks_per_node": 4,
                   "started": "2026-09-05T13:20:00Z"}],
                 history=[{"at": "2026-09-05T03:51:00Z", "node": node, "verdict": "suspect", "category": "gpu_hardware"},
                          {"at": "2026-09-05T05:37:00Z", "node": node, "verdict": "suspect", "category": "gpu_hardware"}])
    rng = s.rng
    s.joblog(2.0, J, f"(APIServer pid=1) INFO 09-05 15:00:02 [api_server.py:1887] vLLM API server version "
             f"{REAL_S6[1]}")  # REAL version string; line SYNTH (re-printed by the job's periodic health banner)
    t = 10.0
    t_f = hms_t(s.start, dt.datetime(2026, 9, 5, 15, 17, 12))
    while t < t_f - 2:  # SYNTH vLLM engine stats every 10 s
        s.joblog(t, J, vllm_stats(s.at(t), rng.uniform(800, 2600), rng.uniform(60, 140), rng.randint(2, 7),
                                  rng.uniform(18, 46)))
        t += 10.0
    d = s.at(t_f)
    pid = 742
    lines = [(48, f"pid={pid}, name=python3, Ch 00000008, intr 00000000. An uncorrectable double bit error (DBE) has been "
                  f"detected on GPU in the framebuffer at physAddr 0x1a7e93c40 fbpa 9 subpartition 1."),
             (63, f"pid={pid}, name=python3, Row Remapper: New row (0x00000001a7e93c40) marked for remapping, reset gpu to "
                  f"activate."),
             (94, f"pid={pid}, name=python3, Contained: SM (0x1). RST: No, D-RST: No"),
             (94, f"pid={pid}, name=python3, Contained: SM (0x1). RST: No, D-RST: No"),
             (94, f"pid={pid}, name=python3, Contained: SM (0x1). RST: No, D-RST: No"),
             (154, "GPU recovery action changed from 0x0 (None) to 0x2 (Drain and Reset)")]
    for k, (x, tail) in enumerate(lines):
        s.kernel(t_f + 0.002 * k, node, xid_line(d, bus, x, tail))  # SYNTH from the thread's description
    # engine hangs: stats stop; ~5 min later the RPC timeout
    te = t_f + 300.0 + rng.uniform(0, 3)
    de = s.at(te)
    pre = f"(EngineCore_DP0 pid={pid}) ERROR {de:%m-%d %H:%M:%S} [core.py:1242] "
    for k, l in enumerate(["EngineCore encountered a fatal error.", "Traceback (most recent call last):",
                           '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 1233, in run_engine_core',
                           "    engine_core.run_busy_loop()",
                           '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/executor/multiproc_executor.py", line 95, in _wait_for_response',
                           "    response = self.aggregate(self.get_response())",
                           "TimeoutError: " + REAL_S6[0]]):
        s.joblog(te + 0.001 * k, J, pre + l)  # REAL fragment in the last line; the rest SYNTH
    s.joblog(te + 1.5, J, f"(APIServer pid=1) ERROR {de:%m-%d %H:%M:%S} [async_llm.py:485] AsyncLLM output_handler failed.")  # SYNTH
    s.joblog(te + 3.0, J, "srun: error: a100-03: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(te + 4.0, J, "FAILED", "1:0")  # SYNTH
    # operator reboot and burn-in
    tr = hms_t(s.start, dt.datetime(2026, 9, 5, 15, 33, 0))
    s.node_state(tr, node, "IDLE+DRAIN", "ops: reboot to activate pending row remap")  # SYNTH
    db = s.at(tr + 70.0)
    s.kernel(tr + 70.0, node, f"{dmesg_t(db)} Linux version 6.8.0-83-generic (buildd@lcy02-amd64-041) (x86_64-linux-gnu-gcc-13 "
             "(Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0) #83-Ubuntu SMP PREEMPT_DYNAMIC")  # SYNTH
    s.kernel(tr + 78.0, node, f"{dmesg_t(s.at(tr + 78.0))} NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  "
             "580.178.04  Release Build")  # SYNTH (the thread's driver version)
    s.node_state(tr + 130.0, node, "IDLE", "")  # SYNTH (operator resumes the node for the burn-in)
    tb = hms_t(s.start, dt.datetime(2026, 9, 5, 15, 35, 20))
    s.job_state(tb, B, "RUNNING", "0:0", nodes=node)  # SYNTH
    s.joblog(tb + 1.0, B, "+ ./gpu_burn -d -m 90% 600")  # SYNTH
    s.joblog(tb + 12.0, B, "Burning for 600 seconds.")  # SYNTH
    t2 = hms_t(s.start, dt.datetime(2026, 9, 5, 15, 37, 31))
    d2 = s.at(t2)
    s.kernel(t2, node, xid_line(d2, bus, 48, "pid=5210, name=gpu_burn, Ch 00000010, intr 00000000. An uncorrectable double "
                                 "bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x1a7e9a0c0 fbpa 9 "
                                 "subpartition 1."))  # SYNTH
    s.kernel(t2 + 0.002, node, xid_line(d2, bus, 63, "pid=5210, name=gpu_burn, Row Remapper: New row (0x00000001a7e9a0c0) "
                                         "marked for remapping, reset gpu to activate."))  # SYNTH
    s.joblog(t2 + 4.0, B, "100.0%  proc'd: 1742 (61203 Gflop/s) - 1740 (61177 Gflop/s) - 0 (0 Gflop/s) - 1739 (61190 "
             "Gflop/s)   errors: 0 - 0 - 23 (DIED!) - 0   temps: 61 C - 59 C - 63 C - 60 C ")  # SYNTH
    s.joblog(t2 + 5.0, B, "GPU 2: FAULTY")  # SYNTH
    s.job_state(t2 + 6.0, B, "FAILED", "1:0")  # SYNTH
    t_end = t2 + 900.0
    tn = 7.0
    while tn < t_end:  # SYNTH neighbour: SGLang decode stats
        s.joblog(tn, N, sglang_decode(s.at(tn), rng.randint(8, 24), rng.randint(90000, 180000), rng.uniform(0.3, 0.6),
                                      rng.uniform(220, 380), 0))
        tn += 40.0 + rng.uniform(-2, 2)

    def fn(n_, g, tt):  # SYNTH DCGM samples (exporter down while the host reboots)
        if n_ == "a100-05":
            return s29(rng, "a100_pcie80", rng.randint(70, 98), rng.uniform(200, 290), clock=1410)
        if tr < tt < tr + 90:
            return None
        busy = (tt < t_f) or (tb + 10 < tt < t2 + 6)
        hung = t_f <= tt < te + 4
        ex = {}
        if g == 2:
            if t_f <= tt < tr:
                ex = {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_ROW_REMAP_PENDING": 1, "DCGM_FI_DEV_XID_ERRORS": 154}
            elif tt >= t2:
                ex = {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_ROW_REMAP_PENDING": 1, "DCGM_FI_DEV_XID_ERRORS": 63}
            else:
                ex = {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0, "DCGM_FI_DEV_ROW_REMAP_PENDING": 0, "DCGM_FI_DEV_XID_ERRORS": 0}
        if busy:
            return s29(rng, "a100_pcie80", rng.randint(55, 97), rng.uniform(180, 280), clock=1410, extra=ex)
        if hung:
            return s29(rng, "a100_pcie80", 100, rng.uniform(95, 120), clock=1410, fb=rng.randint(72000, 76000), extra=ex)
        return s29(rng, "a100_pcie80", 0, rng.uniform(35, 48), clock=210, fb=rng.randint(0, 400), extra=ex)
    run_sampler(s, [node], 4, 0.0, t_end, 30.0, fn)        # SYNTH
    run_sampler(s, ["a100-05"], 4, 0.0, t_end, 300.0, fn)  # SYNTH
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": node, "gpu": 2}, drain=[node],
                    requeue={J: {"exclude": [node]}}, no_requeue=[B, N])
    return s


# ======================================================================================
# S7  megatron-gpt-exit-destroy-process-group-warnings-healthy  (healthy: a single-node 4 x A100 Megatron-LM
#     pretrain_gpt.py run finishes all its iterations and, at interpreter exit, every rank prints PyTorch's
#     "WARNING: destroy_process_group() was not called before program exit, which can leak resources". Slurm reports
#     COMPLETED 0:0. Nothing to do.)
# ======================================================================================
# Source: https://github.com/NVIDIA/Megatron-LM/issues/1541 -- "[QUESTION]destroy_process_group() was not called before
# program exit" (2025-04-16, closed, label question): "Every time I train the gpt model and use pretrain_gpt.py /
# Although distributed training can be performed, there will always be a warning as follows" -- the four lines below
# (ranks 1, 0, 3, 2; the stored excerpt cuts the next sentence after "Sometimes it will affect"). The warning is
# PyTorch's shutdown notice when a process group is still alive at exit; training itself had completed. Verbatim: the
# four warning lines; the scenario clock (2025-03-26) is set so their stamps (W326 09:37:44-45) fit unchanged.
REAL_S7 = [
    "[rank1]:[W326 09:37:44.752383442 ProcessGroupNCCL.cpp:1487] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())",
    "[rank0]:[W326 09:37:44.848694228 ProcessGroupNCCL.cpp:1487] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())",
    "[rank3]:[W326 09:37:45.094228163 ProcessGroupNCCL.cpp:1487] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())",
    "[rank2]:[W326 09:37:45.124598790 ProcessGroupNCCL.cpp:1487] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())",
]


def build_s7() -> Scenario:
    name = "megatron-gpt-exit-destroy-process-group-warnings-healthy"
    J, N = "30211", "30198"
    node = "gpu03"
    s = Scenario(name, "Single-node 4 x A100-SXM4-80GB Megatron-LM GPT (pretrain_gpt.py, TP=2 DP=2) run to 20000 "
                 "iterations. It saves its last checkpoint, prints `[after training is done]`, and at exit every rank "
                 "prints `Warning: WARNING: destroy_process_group() was not called before program exit, which can leak "
                 "resources`. The job ends COMPLETED 0:0. The job is opted in to automatic requeue.",
                 "2025-03-26T08:30:00Z",
                 {"name": "lab-a100x4", "partition": "gpu", "nodes": "gpu[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "megatron-gpt-1p3b-pt", "user": "lsk", "nodes": node, "tasks_per_node": 4,
                   "started": "2025-03-26T07:02:00Z", "comment": comment(1, "/data/lsk/ckpt/gpt-1p3b")},
                  {"id": N, "name": "bert-large-mlm", "user": "wqz", "nodes": "gpu05", "tasks_per_node": 4,
                   "started": "2025-03-26T06:00:00Z"}])
    rng = s.rng
    t_last = hms_t(s.start, dt.datetime(2025, 3, 26, 9, 37, 22))
    ms = 1062.0
    it = 20000
    tt = t_last
    iters = []
    while tt > 5.0:  # SYNTH Megatron iteration lines every 100 iterations, counted back from the last one
        iters.append((tt, it))
        it -= 100
        tt -= 100 * ms / 1000 + rng.uniform(-0.4, 0.4)
    for tt, it in reversed(iters):
        s.joblog(tt, J, mcore_iter(s.at(tt), it, 20000, ms + rng.uniform(-9, 9), 3.0e-5 + 1.2e-4 * (1 - it / 20000),
                                   2.31 - it * 2e-5 + rng.uniform(-0.01, 0.01), 256))  # SYNTH
        if it % 2000 == 0:
            s.joblog(tt + 0.3, J, f"saving checkpoint at iteration {it:8d} to /data/lsk/ckpt/gpt-1p3b in torch_dist format")  # SYNTH
            s.joblog(tt + 9.8, J, f"  successfully saved checkpoint from iteration {it:8d} to /data/lsk/ckpt/gpt-1p3b "
                                  f"[ t 1/2, p 1/1 ]")  # SYNTH
    t = t_last + 10.3
    s.joblog(t, J, f"[after training is done] datetime: {s.at(t):%Y-%m-%d %H:%M:%S} ")  # SYNTH
    s.joblog(t + 0.4, J, "(min, max) time across ranks (ms):")  # SYNTH
    s.joblog(t + 0.41, J, "    save-checkpoint ................................: (9234.71, 9234.93)")  # SYNTH
    stamps = [dt.datetime(2025, 3, 26, 9, 37, 44, 752383), dt.datetime(2025, 3, 26, 9, 37, 44, 848694),
              dt.datetime(2025, 3, 26, 9, 37, 45, 94228), dt.datetime(2025, 3, 26, 9, 37, 45, 124598)]
    for l, d in zip(REAL_S7, stamps):
        s.joblog(hms_t(s.start, d), J, l)  # verbatim (stamps fit the scenario clock)
    t_done = hms_t(s.start, dt.datetime(2025, 3, 26, 9, 37, 48))
    s.job_state(t_done, J, "COMPLETED", "0:0")  # SYNTH
    t_end = t_done + 900.0
    tn, st = 13.0, 412000
    while tn < t_end:  # SYNTH neighbour (Megatron BERT)
        s.joblog(tn, N, mcore_iter(s.at(tn), st, 1000000, 412.0 + rng.uniform(-5, 5), 1e-4, 1.71 - st * 1e-7, 512))  # SYNTH
        st += 100
        tn += 41.2 + rng.uniform(-0.3, 0.3)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "gpu05":
            return s29(rng, "a100_sxm80", rng.randint(85, 99), rng.uniform(300, 390), clock=1410)
        if tt < t_last + 10:
            return s29(rng, "a100_sxm80", rng.randint(93, 100), rng.uniform(330, 400), clock=1410, fb=rng.randint(61000, 66000))
        return s29(rng, "a100_sxm80", 0, rng.uniform(55, 66), clock=210, fb=rng.randint(0, 400))
    run_sampler(s, [node], 4, 0.0, t_end, 60.0, fn)      # SYNTH
    run_sampler(s, ["gpu05"], 4, 0.0, t_end, 300.0, fn)  # SYNTH
    s.truth = truth(None, no_requeue=[J, N], no_drain=[node])
    return s


# ======================================================================================
# S8  dgl-mi300x-node-hard-lockup-node-fail-slurm-requeue  (node_failure: a Snakemake-driven DGL GraphSAGE job on
#     2 x 8 MI300X nodes loses mi300-06 to a hard lockup / panic; Slurm marks it DOWN+NOT_RESPONDING, ends the job
#     NODE_FAIL and -- the job was submitted with --requeue -- requeues it itself; it restarts on mi300-[05,07]. The
#     Snakemake executor logs that it leaves the requeue to Slurm and excludes the failed node from later submissions.
#     The job is not opted in to the controller's requeue.)
# ======================================================================================
# Source: https://github.com/snakemake/snakemake-executor-plugin-slurm/pull/411 -- "feat: excluding broken nodes from
# further job submission" (2026-02-11, merged). On a job whose sacct status is NODE_FAIL, with requeue enabled, the
# executor warns f"Job '{j.external_jobid}' failed with status 'NODE_FAIL', but requeue is enabled. " "Leaving it to
# SLURM to requeue the job." and (the PR's subject) keeps the node that failed out of later submissions; the review
# thread's summary of Slurm's behaviour: a --requeue batch job "restart[s] after a node failure (NODE_FAIL) ... with the
# same job ID" and "When a node actually fails, Slurm will typically make that node unavailable". Verbatim: the
# executor's message text (its job id is filled in, SYNTH). The DGL job, the MI300X cluster, the lockup and every
# other line are SYNTH.
REAL_S8 = "failed with status 'NODE_FAIL', but requeue is enabled. Leaving it to SLURM to requeue the job."


def build_s8() -> Scenario:
    name = "dgl-mi300x-node-hard-lockup-node-fail-slurm-requeue"
    H, T, N = "714400", "714455", "714431"
    bad = "mi300-06"
    s = Scenario(name, "Snakemake GNN sweep: the workflow head runs as job 714400 on mi300-16 and submits, via the Slurm "
                 "executor with requeue enabled, a 2-node x 8 MI300X DGL GraphSAGE job (714455) on mi300-[05-06]. 30 min "
                 "in, mi300-06 hits a hard lockup and panics; Slurm marks it DOWN+NOT_RESPONDING, ends the job NODE_FAIL "
                 "and requeues it (same job id); it restarts on mi300-[05,07] and resumes from its last epoch "
                 "checkpoint. The Snakemake head logs that it leaves the requeue to Slurm and excludes mi300-06. "
                 "mi300-06 comes back after a reboot. Neither job carries a recovery opt-in.",
                 "2026-02-11T03:00:00Z",
                 {"name": "gnn-mi300x", "partition": "mi300x", "nodes": "mi300-[01-16]", "gpus_per_node": 8},
                 [{"id": H, "name": "snakemake-gnn-sweep", "user": "cmees", "nodes": "mi300-16", "tasks_per_node": 1,
                   "started": "2026-02-11T01:58:00Z"},
                  {"id": T, "name": "dgl-graphsage-papers100m", "user": "cmees", "nodes": "mi300-[05-06]",
                   "tasks_per_node": 8, "started": "2026-02-11T02:34:00Z"},
                  {"id": N, "name": "rocm-llama3-8b-sft", "user": "baf", "nodes": "mi300-[10-11]", "tasks_per_node": 8,
                   "started": "2026-02-11T00:40:00Z", "comment": comment(2, "/shared/ckpt/llama3-8b-sft")}])
    rng = s.rng
    t_f = 1800.0 + rng.uniform(0, 10)
    ep, stp, t = 11, 300, 8.0
    while t < t_f:  # SYNTH DGL progress (rank 0), every 20 steps
        s.joblog(t, T, "0: " + dgl_epoch_line(ep, stp, 1.21 - ep * 0.012 + rng.uniform(-0.02, 0.02),
                                             0.612 + ep * 0.004 + rng.uniform(-0.005, 0.005),
                                             4480.0 + rng.uniform(-60, 60), 31840.0 + rng.uniform(-200, 200)))
        stp += 20
        if stp >= 1180:
            s.joblog(t + 2.0, T, f"0: Epoch {ep:05d} finished, saving /shared/gnn/ckpt/graphsage_ep{ep:03d}.pt")  # SYNTH
            ep, stp = ep + 1, 0
        t += 20 * 0.98 + rng.uniform(-0.3, 0.3)
    d = s.at(t_f)
    for k, l in enumerate(["watchdog: Watchdog detected hard LOCKUP on cpu 71",
                           "CPU: 71 PID: 0 Comm: swapper/71 Tainted: G           OE      6.8.0-60-generic #63-Ubuntu",
                           "Kernel panic - not syncing: Hard LOCKUP",
                           "Shutting down cpus with NMI"]):
        s.kernel(t_f + 0.002 * k, bad, f"{dmesg_t(d)} {l}")  # SYNTH (last records before the host went silent)
    t_down = t_f + 302.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    node_fail_lines(s, t_down + 1.0, T, bad, "mi300-05")  # SYNTH
    s.job_state(t_down + 2.0, T, "NODE_FAIL", "0:0")  # SYNTH
    s.job_state(t_down + 2.5, T, "REQUEUED", "0:0")  # SYNTH
    s.job_state(t_down + 3.0, T, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    s.joblog(t_down + 31.0, H, f"Job '{T}' " + REAL_S8)  # verbatim message; the job id is SYNTH
    s.joblog(t_down + 31.2, H, f"Excluding node(s) {bad} from further job submissions (job {T} ended NODE_FAIL).")  # SYNTH
    t_r = t_down + 128.0
    s.job_state(t_r, T, "RUNNING", "0:0", nodes="mi300-[05,07]")  # SYNTH
    s.joblog(t_r + 38.0, T, f"0: Resuming from /shared/gnn/ckpt/graphsage_ep{ep - 1:03d}.pt (epoch {ep - 1})")  # SYNTH
    t = t_r + 95.0
    stp = 0
    while t < t_r + 1200:  # SYNTH DGL progress after the restart
        s.joblog(t, T, "0: " + dgl_epoch_line(ep, stp, 1.21 - ep * 0.012 + rng.uniform(-0.02, 0.02),
                                             0.612 + ep * 0.004 + rng.uniform(-0.005, 0.005),
                                             4470.0 + rng.uniform(-60, 60), 31840.0 + rng.uniform(-200, 200)))
        stp += 20
        t += 20 * 0.98 + rng.uniform(-0.3, 0.3)
    t_boot = t_f + 640.0
    s.kernel(t_boot, bad, f"{dmesg_t(s.at(t_boot))} Linux version 6.8.0-60-generic (buildd@lcy02-amd64-098) "
             "(x86_64-linux-gnu-gcc-13 (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0) #63-Ubuntu SMP PREEMPT_DYNAMIC")  # SYNTH
    s.kernel(t_boot + 9.0, bad, f"{dmesg_t(s.at(t_boot + 9.0))} [drm] amdgpu kernel modesetting enabled.")  # SYNTH
    boot_epoch = calendar.timegm(s.at(t_boot).timetuple())
    s.node_state(t_boot + 60.0, bad, "DOWN", f"Node unexpectedly rebooted boot_time={boot_epoch} "
                 f"last response={boot_epoch - 650}")  # SYNTH
    # the head job's own periodic Snakemake progress lines
    th, done = 60.0, 14
    while th < t_r + 1200:
        if th < t_down or th > t_r:
            s.joblog(th, H, f"{done} of 48 steps ({int(100 * done / 48)}%) done")  # SYNTH
        th += 600.0
    t_end = t_r + 1200.0
    tn, it = 25.0, 6100
    while tn < t_end:  # SYNTH neighbour (HF Trainer dict) on ROCm nodes
        s.joblog(tn, N, hf_train_dict(0.74 - it * 1e-5, 0.6 + rng.uniform(-0.1, 0.1), 1.5e-5, it / 12000))  # SYNTH
        it += 10
        tn += 58.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM-named samples (mapped from amd-smi)
        if n_ == "mi300-10":
            return s29(rng, "mi300x", rng.randint(80, 98), rng.uniform(480, 640), clock=2100)
        if n_ == bad:
            if tt < t_f:
                return s29(rng, "mi300x", rng.randint(70, 95), rng.uniform(420, 560), clock=2100)
            if tt < t_boot + 40:
                return None            # host gone
            return s29(rng, "mi300x", 0, rng.uniform(110, 135), clock=160)
        if n_ == "mi300-05":
            if tt < t_f or tt > t_r + 60:
                return s29(rng, "mi300x", rng.randint(70, 95), rng.uniform(420, 560), clock=2100)
            return s29(rng, "mi300x", rng.randint(95, 100) if tt < t_down else 0,
                       rng.uniform(250, 300) if tt < t_down else rng.uniform(110, 135), clock=2100)
        if n_ == "mi300-07":
            if tt > t_r + 60:
                return s29(rng, "mi300x", rng.randint(70, 95), rng.uniform(420, 560), clock=2100)
            return s29(rng, "mi300x", 0, rng.uniform(110, 135), clock=160)
        return None
    run_sampler(s, ["mi300-05", bad, "mi300-07"], 8, 0.0, t_end, 120.0, fn)  # SYNTH
    run_sampler(s, ["mi300-10"], 8, 0.0, t_end, 300.0, fn)                  # SYNTH
    s.truth = truth({"t": t_f, "category": "node_failure", "node": bad}, drain=[bad],
                    no_requeue=[T, H, N], no_drain=["mi300-05", "mi300-07"])
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
