#!/usr/bin/env python3
"""Build the holdout27 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout26):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers (and the holdout14..holdout26 helper sections) are copied unchanged from holdout26's build.py; the
holdout26 scenarios are replaced by the holdout27 helpers and scenarios S1..S8 below.
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
# S1  colossal-4node-a800-stuck-on-amd-cpu-node  (hang: a 4-node x 8 A800 Colossal-AI (booster + HybridAdam) job stops
#     stepping with no exception; only gpu07 -- the one AMD-CPU host -- goes quiet in telemetry; the 30-min NCCL
#     watchdog fires much later on the other 24 ranks and names none of gpu07's ranks)
# ======================================================================================
# Source: https://github.com/hpcaitech/ColossalAI/issues/4353 -- "[BUG]: the training procedure exit without any error
# logs or stuck in some steps using multi-nodes with booster api" (2023-07/08). The reporter's own conclusion: "one of
# my cluster machine using amd cpu. however the cpu_adam.so was built on intel cpu. so when my traing mission was not
# using this machine,the mission running successfully, but if it used this machine,the mission crashed." The stored
# thread shows no log lines (its description is not in the excerpt), so every line here is SYNTH; the culprit (the
# AMD-CPU host) and the remedy (run without that machine) are the thread's.


def build_s1() -> Scenario:
    name = "colossal-4node-a800-stuck-on-amd-cpu-node"
    J, N = "4431960", "4431902"
    nodes = ["gpu05", "gpu06", "gpu07", "gpu08"]
    bad = "gpu07"
    s = Scenario(name, "4-node x 8 A800 Colossal-AI (booster, HybridAdam with CPU offload) Llama-2 pretraining: after "
                 "~48 min of normal steps the tqdm bar stops. No exception, no NCCL warning. Only telemetry differs: "
                 "gpu07's 8 GPUs drop to idle (0 % util, ~60 W) while the other 24 spin at 100 % util and low power. "
                 "30 min later the NCCL watchdog fires on ranks 0-15 and 24-31; ranks 16-23 (gpu07) print nothing.",
                 "2023-08-01T01:00:00Z",
                 {"name": "trn-a800", "partition": "train", "nodes": "gpu[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": A100_BUS},
                 [{"id": J, "name": "llama2-7b-colossal-gemini", "user": "zvia", "nodes": "gpu[05-08]",
                   "tasks_per_node": 8, "started": "2023-08-01T00:58:10Z", "comment": comment(2, "/mnt/ckpt/llama2-7b")},
                  {"id": N, "name": "internlm-7b-sft", "user": "hqli", "nodes": "gpu[10-11]", "tasks_per_node": 8,
                   "started": "2023-07-31T22:40:00Z"}])
    rng = s.rng
    # SYNTH start-up (rank 0 prints only; Colossal-AI rich logger layout)
    t = 8.0
    for path, ln, fn, msg in [("/opt/conda/lib/python3.10/site-packages/colossalai/initialize.py", 67, "launch",
                               "Distributed environment is initialized, world size: 32"),
                              ("/workspace/ColossalAI/examples/language/llama2/pretrain.py", 192, "main",
                               "Booster init max CUDA memory: 14072.36 MB"),
                              ("/workspace/ColossalAI/examples/language/llama2/pretrain.py", 193, "main",
                               "Booster init max CPU memory: 98113.55 MB")]:
        for k, l in enumerate(colossal_info(s.at(t), path, ln, fn, msg)):
            s.joblog(t + 0.01 * k, J, l)  # SYNTH
        t += 9.0
    total, sec = 2000, 10.4
    t0 = 60.0
    t_fault = 0.0
    step = 0
    while True:  # SYNTH tqdm bar (rank 0), printed every 10 steps
        step += 10
        tt = t0 + step * sec + rng.uniform(-0.4, 0.4)
        if step > 270:
            t_fault = t0 + (step - 10) * sec + 4.1  # gpu07's ranks stop inside the HybridAdam CPU step
            break
        post = f"Loss={2.61 - 0.0011 * step + rng.uniform(-0.02, 0.02):.4f}"
        s.joblog(tt, J, tqdm_meter(step, total, step * sec, 1 / sec, desc="Epoch 0", postfix=post))  # SYNTH
    # 30-min NCCL watchdog on the ranks that are still alive (torch 2.0 layout; SYNTH)
    tw = t_fault + 1800.0 + 0.6
    seq = 28410 + step * 3
    live = [r for r in range(32) if not 16 <= r <= 23]
    rng.shuffle(live)
    for k, r in enumerate(live):
        ran = 1800000 + 480 + rng.randint(0, 120)
        s.joblog(tw + 0.004 * k, J, f"[E ProcessGroupNCCL.cpp:828] [Rank {r}] Watchdog caught collective operation timeout: "
                 f"WorkNCCL(SeqNum={seq}, OpType=_ALLGATHER_BASE, NumelIn=8388608, NumelOut=268435456, "
                 f"Timeout(ms)=1800000) ran for {ran} milliseconds before timing out.")
    te = tw + 0.4
    for k in range(3):
        s.joblog(te + 0.01 * k, J, "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the "
                 "asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
        s.joblog(te + 0.01 * k + 0.001, J, "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.")  # SYNTH
    tx = te + 4.0
    for k, h in enumerate(["gpu05", "gpu06", "gpu08"]):
        first = nodes.index(h) * 8
        s.joblog(tx + 0.2 * k, J, f"srun: error: {h}: tasks {first}-{first + 7}: Aborted (core dumped)")  # SYNTH
    ta = srun_abort_lines(s, tx + 1.0, J, "gpu05")  # SYNTH
    s.joblog(ta + 31.0, J, f"srun: error: {bad}: tasks 16-23: Killed")  # SYNTH
    s.job_state(ta + 32.0, J, "FAILED", "134:0")  # SYNTH
    t_end = ta + 900
    tn, st = 17.0, 5200
    while tn < t_end:  # SYNTH neighbour (HF-style dict)
        s.joblog(tn, N, hf_train_dict(0.71 - st * 2e-5, 0.9 + rng.uniform(-0.1, 0.1), 1.8e-5, st / 9000))  # SYNTH
        st += 10
        tn += 57.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "gpu10":
            return smp27(rng, "a800", rng.randint(88, 99), rng.uniform(300, 380), clock=1410)
        if tt > ta + 32:
            return smp27(rng, "a800", 0, rng.uniform(55, 62), clock=210, fb=rng.randint(0, 400))
        if tt < t_fault:
            return smp27(rng, "a800", rng.randint(93, 100), rng.uniform(300, 385), clock=1410)
        if n_ == bad:
            return smp27(rng, "a800", 0, rng.uniform(58, 66), clock=1410)
        return smp27(rng, "a800", 100, rng.uniform(102, 118), clock=1410)
    run_sampler(s, nodes, 8, 0.0, t_end, 240.0, fn)       # SYNTH DCGM every 240 s (job nodes)
    run_sampler(s, ["gpu10"], 8, 0.0, t_end, 600.0, fn)   # SYNTH neighbour, sparser
    s.truth = truth({"t": t_fault, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=nodes)
    return s


# ======================================================================================
# S2  rocm-mi250x-nanogpt-memory-access-fault-step0-repeats  (software that looks like hardware: every rank of a
#     2-node MI250X nanoGPT DDP job dies right after the step-0 eval with `Memory access fault by GPU node-N ...
#     Page not present`, each node's dmesg shows amdgpu page faults; the resubmission on two other nodes dies the same)
# ======================================================================================
# Source: https://github.com/pytorch/pytorch/issues/97074 -- "Memory access fault by GPU node-1 when Training NanoGPT
# with ROCm" (2023-03): `python train.py config/train_shakespeare_char.py` dies after `step 0: ...` with the memory
# access fault; fine on CUDA/CPU. Closed by the ROCm maintainer: "confirmed to be a duplicate of #95808 which was
# closed automatically when #95810 merged" -- a PyTorch-side fix (the fused-AdamW path on ROCm), not hardware.
# Verbatim lines below; "Initializing a new model from scratch" and "using fused AdamW: True" are the thread's too
# but were already used by an earlier corpus, so they are emitted as SYNTH.
REAL_S2 = [
    "found vocab_size = 65 (inside data/shakespeare_char/meta.pkl)",
    "number of parameters: 10.65M",
    "step 0: train loss 4.2862, val loss 4.2811",
    "Memory access fault by GPU node-1 (Agent handle: 0x55e92f082620) on address (nil). Reason: Page not present or supervisor privilege.",
]


def s2_attempt(s: Scenario, J: str, nodes: list, t0: float, pid0: int, first: bool) -> float:
    rng = s.rng
    if not first:
        s.job_state(t0 - 20.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH resubmission
        s.job_state(t0, J, "RUNNING", "0:0", nodes=f"mi250x-[{nodes[0][-3:]}-{nodes[1][-3:]}]")  # SYNTH
    py = "/opt/conda/lib/python3.10/site-packages"
    s.joblog(t0 + 2.0, J, f"+ srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint={nodes[0]}:29400 "
             "train.py config/train_shakespeare_char.py --compile=False --max_iters=20000")  # SYNTH
    s.joblog(t0 + 9.0, J, "Overriding config with config/train_shakespeare_char.py:")  # SYNTH
    s.joblog(t0 + 9.1, J, "Overriding: compile = False")  # SYNTH
    s.joblog(t0 + 9.2, J, "tokens per iteration will be: 16,384")  # SYNTH
    s.joblog(t0 + 10.0, J, REAL_S2[0])
    s.joblog(t0 + 10.4, J, "Initializing a new model from scratch")  # SYNTH (thread text already used earlier)
    s.joblog(t0 + 11.2, J, REAL_S2[1])
    s.joblog(t0 + 11.6, J, "num decayed parameter tensors: 26, with 10,740,096 parameters")  # SYNTH
    s.joblog(t0 + 11.6, J, "num non-decayed parameter tensors: 13, with 4,992 parameters")  # SYNTH
    s.joblog(t0 + 11.7, J, "using fused AdamW: True")  # SYNTH (thread text already used earlier)
    t_eval = t0 + 52.0 + rng.uniform(-2, 2)
    s.joblog(t_eval, J, REAL_S2[2])
    t_f = t_eval + 1.8
    # every rank faults: verbatim line for rank 0 of the first attempt, SYNTH siblings elsewhere
    for k, node in enumerate(nodes):
        for lr in range(8):
            tt = t_f + 0.05 * k + 0.003 * lr + rng.uniform(0, 0.002)
            if first and k == 0 and lr == 0:
                s.joblog(tt, J, REAL_S2[3])
                continue
            handle = f"0x{rng.randint(0x55d000000000, 0x55ffffffffff):x}"
            s.joblog(tt, J, f"Memory access fault by GPU node-{lr + 1} (Agent handle: {handle}) on address (nil). "
                            "Reason: Page not present or supervisor privilege.")  # SYNTH
        d = s.at(t_f + 0.05 * k)
        for g in (0, 3):  # SYNTH amdgpu page-fault records (look like a broken GCD)
            pid = pid0 + 211 * k + g
            s.kernel(t_f + 0.05 * k + 0.001 * g, node, f"{dmesg_t(d)} amdgpu {FRONTIER_BUS[g]}.0: amdgpu: [gfxhub0] retry page fault "
                     f"(src_id:0 ring:0 vmid:8 pasid:{32770 + g}, for process python pid {pid} thread python pid {pid})")
            s.kernel(t_f + 0.05 * k + 0.001 * g + 0.0001, node, f"{dmesg_t(d)} amdgpu {FRONTIER_BUS[g]}.0: amdgpu:   in page starting "
                     "at address 0x0000000000000000 from IH client 0x1b (UTCL2)")
    te = t_f + 0.6
    for k in range(3):
        s.joblog(te + 0.01 * k, J, "Aborted (core dumped)")  # SYNTH
    head = ['  File "/opt/conda/bin/torchrun", line 33, in <module>',
            "    sys.exit(load_entry_point('torch==2.0.0+rocm5.4.2', 'console_scripts', 'torchrun')())",
            f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper',
            "    return f(*args, **kwargs)",
            f'  File "{py}/torch/distributed/run.py", line 794, in main', "    run(args)",
            f'  File "{py}/torch/distributed/run.py", line 785, in run', "    elastic_launch("]
    fails = [(r, r, pid0 + r, -6) for r in range(8)]
    tx = elastic_summary(s, te + 3.0, J, nodes[0], fails, "train.py", py, head)  # SYNTH
    s.joblog(tx + 0.5, J, f"srun: error: {nodes[0]}: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(tx + 0.7, J, f"srun: error: {nodes[1]}: task 1: Exited with exit code 1")  # SYNTH
    s.job_state(tx + 2.0, J, "FAILED", "1:0")  # SYNTH
    return t_f


def build_s2() -> Scenario:
    name = "rocm-mi250x-nanogpt-memory-access-fault-step0-repeats"
    J, N = "1302855", "1302790"
    a1, a2 = ["mi250x-017", "mi250x-018"], ["mi250x-041", "mi250x-042"]
    s = Scenario(name, "2-node x 8-GCD MI250X nanoGPT DDP job (torch 2.0 ROCm, fused AdamW) dies on every rank right "
                 "after `step 0: train loss ..., val loss ...` with `Memory access fault by GPU node-N ... Page not "
                 "present`; both nodes log amdgpu page faults. The owner resubmits; on mi250x-[041-042] the same thing "
                 "happens at the same point.",
                 "2023-03-18T14:00:00Z",
                 {"name": "hpc-mi250x", "partition": "batch", "nodes": "mi250x-[001-064]", "gpus_per_node": 8,
                  "pci_bus_ids": FRONTIER_BUS},
                 [{"id": J, "name": "nanogpt-char-ddp", "user": "sshly", "nodes": "mi250x-[017-018]", "tasks_per_node": 8,
                   "started": "2023-03-18T14:00:40Z", "comment": comment(2)},
                  {"id": N, "name": "jax-md-equivariant", "user": "rkaur", "nodes": "mi250x-[030-031]", "tasks_per_node": 8,
                   "started": "2023-03-18T12:31:00Z"}])
    rng = s.rng
    t_f1 = s2_attempt(s, J, a1, 40.0, 47712, True)
    t_f2 = s2_attempt(s, J, a2, 1500.0, 51290, False)
    t_end = t_f2 + 900
    tn, st = 14.0, 31000
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"I0318 {s.at(tn):%H:%M:%S}.{s.at(tn).microsecond:06d} 2190 train.py:288] step={st} loss={0.0412 - st * 1e-7:.5f} "
                        f"force_mae={0.0191 + rng.uniform(-5e-4, 5e-4):.5f} steps_per_sec={2.11 + rng.uniform(-0.03, 0.03):.2f}")
        st += 100
        tn += 47.4 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, tt):  # SYNTH DCGM-named samples (mapped from amd-smi) every 60 s
        if n_ == "mi250x-030":
            return smp27(rng, "mi250x", rng.randint(85, 99), rng.uniform(330, 450), clock=1700)
        live = (n_ in a1 and 60.0 < tt < t_f1) or (n_ in a2 and 1520.0 < tt < t_f2)
        if live:
            return smp27(rng, "mi250x", rng.randint(40, 75), rng.uniform(180, 260), clock=1700)
        return smp27(rng, "mi250x", 0, rng.uniform(88, 96), clock=800, fb=rng.randint(10, 30))
    run_sampler(s, a1 + a2, 8, 0.0, t_end, 120.0, fn)  # SYNTH
    run_sampler(s, ["mi250x-030"], 8, 0.0, t_end, 400.0, fn)  # SYNTH
    s.truth = truth({"t": t_f1, "category": "software", "node": None}, no_requeue=[J, N], no_drain=a1 + a2)
    return s


# ======================================================================================
# S3  v100-apollo-fatal-mce-processor-context-corrupt  (node_failure: 7 min into a 4-node PaddleNLP job, v100-07's
#     kernel prints a fatal machine check (`Processor context corrupt`) and panics; the job goes silent; Slurm marks
#     the node DOWN+NOT_RESPONDING ~5 min later and the job ends NODE_FAIL; the node comes back after a reboot)
# ======================================================================================
# Source: https://forums.servethehome.com/index.php?resources/machine-check-exception-mce-workaround.55/ --
# "Machine Check Exception (mce) workaround" (ServeTheHome forum resource by Stephan): a Xeon box "crashes and
# reboots, even when idle"; the pstore-saved log shows the MCE below. The author's verdict: "MCEs in logs are never a
# good sign and in majority of cases this means broken hardware. Here, one core is defective" (the workaround is to
# take that core offline). The six mce lines are verbatim; their TIME field (1707175411 = 2024-02-05 23:23:31 UTC)
# fixes the scenario clock, and TSC 127d93bae02 (~8.5 min after reset) is why the node rebooted just before.
REAL_S3 = [
    "mce: [Hardware Error]: CPU 2: Machine Check Exception: 5 Bank 0: f200004000070005",
    "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffaa4015f0> {asm_sysvec_apic_timer_interrupt+0x0/0x20}",
    "mce: [Hardware Error]: TSC 127d93bae02",
    "mce: [Hardware Error]: PROCESSOR 0:50657 TIME 1707175411 SOCKET 0 APIC 4 microcode 5003604",
    "mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
    "mce: [Hardware Error]: Machine check: Processor context corrupt",
]


def build_s3() -> Scenario:
    name = "v100-apollo-fatal-mce-processor-context-corrupt"
    J, N = "6608412", "6608390"
    nodes = ["v100-05", "v100-06", "v100-07", "v100-08"]
    bad = "v100-07"
    s = Scenario(name, "v100-07 (Cascade Lake host, 8 x V100-32GB) had crashed and rebooted minutes earlier and was "
                 "returned to service. A 4-node PaddleNLP ERNIE pretraining job lands on it; 7 min in, v100-07's kernel "
                 "prints a fatal MCE (`Machine check: Processor context corrupt`) and panics. The job stops without an "
                 "error; Slurm marks v100-07 DOWN+NOT_RESPONDING ~5 min later; the job ends NODE_FAIL; the node reboots.",
                 "2024-02-05T23:15:00Z",
                 {"name": "hpc-v100", "partition": "gpu", "nodes": "v100-[01-24]", "gpus_per_node": 8},
                 [{"id": J, "name": "paddlenlp-ernie3-pretrain", "user": "lzhou", "nodes": "v100-[05-08]",
                   "tasks_per_node": 8, "started": "2024-02-05T23:16:30Z", "comment": comment(3, "/gpfs/ckpt/ernie3")},
                  {"id": N, "name": "openfold-finetune", "user": "dmarx", "nodes": "v100-[12-13]", "tasks_per_node": 8,
                   "started": "2024-02-05T21:02:00Z"}],
                 history=[{"at": "2024-02-05T23:06:12Z", "node": bad, "verdict": "suspect", "category": "node_failure"}])
    rng = s.rng
    d = s.at(3.0)
    s.kernel(3.0, bad, f"{dmesg_t(d)} Linux version 5.14.0-362.8.1.el9_3.x86_64 (mockbuild@x86-64-01) (gcc (GCC) 11.4.1 20230605) #1 SMP PREEMPT_DYNAMIC")  # SYNTH
    s.kernel(3.1, bad, f"{dmesg_t(d)} mce: CPU0: Thermal monitoring enabled (TM1)")  # SYNTH
    s.node_state(40.0, bad, "IDLE", "")  # SYNTH: returned to service after the earlier crash
    s.job_state(90.0, J, "RUNNING", "0:0", nodes="v100-[05-08]")  # SYNTH
    # SYNTH paddle.distributed.launch banner and PaddleNLP progress (rank 0)
    for k, msg in enumerate(["-----------  Configuration  ----------------------", "devices: 0,1,2,3,4,5,6,7",
                             "ips: 10.12.0.105,10.12.0.106,10.12.0.107,10.12.0.108", "nnodes: 4",
                             "--------------------------------------------------", "Job: default, mode collective, replicas 4[4:4], elastic False"]):
        s.joblog(93.0 + 0.01 * k, J, paddle_launch(s.at(93.0 + 0.01 * k), msg))  # SYNTH
    t, step = 160.0, 10
    t_fault = hms_t(s.start, dt.datetime(2024, 2, 5, 23, 23, 31))
    while t < t_fault - 3:
        rt = 19.1 + rng.uniform(-0.4, 0.4)
        s.joblog(t, J, paddlenlp_step(s.at(t), 7.9 - step * 0.004 + rng.uniform(-0.03, 0.03), 1.0e-4 * min(1, step / 2000),
                                      step, rt, 10 * 256 / rt, step / 48000))
        step += 10
        t += rt
    d = s.at(t_fault)
    for k, l in enumerate(REAL_S3):  # verbatim MCE block, dmesg -T prefix
        s.kernel(t_fault + 0.0005 * k, bad, f"{dmesg_t(d)} {l}")  # verbatim text from the REAL_* list above
    s.kernel(t_fault + 0.004, bad, f"{dmesg_t(d)} Kernel panic - not syncing: Fatal machine check")  # SYNTH
    t_down = t_fault + 296.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    node_fail_lines(s, t_down + 1.5, J, bad, "v100-05")  # SYNTH
    s.job_state(t_down + 2.5, J, "NODE_FAIL", "0:0")  # SYNTH
    t_boot = t_fault + 419.0
    d2 = s.at(t_boot)
    s.kernel(t_boot, bad, f"{dmesg_t(d2)} Linux version 5.14.0-362.8.1.el9_3.x86_64 (mockbuild@x86-64-01) (gcc (GCC) 11.4.1 20230605) #1 SMP PREEMPT_DYNAMIC")  # SYNTH
    s.kernel(t_boot + 0.2, bad, f"{dmesg_t(d2)} mce: [Hardware Error]: Machine check events logged")  # SYNTH (pstore replay)
    boot_epoch = calendar.timegm(d2.timetuple())
    s.node_state(t_boot + 38.0, bad, "DOWN", f"Node unexpectedly rebooted boot_time={boot_epoch} last response={boot_epoch - 420}")  # SYNTH
    t_end = t_boot + 900
    tn, st = 21.0, 11800
    while tn < t_end:  # SYNTH neighbour (OpenFold-style)
        s.joblog(tn, N, tqdm_meter(st, 12000, 8000 + tn, 1 / 44.0, desc="Epoch 3",
                                   postfix=f"step_loss={0.91 - st * 1e-5:.3f}, lddt_ca={0.82 + rng.uniform(-0.01, 0.01):.3f}"))
        st += 1
        tn += 44.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "v100-12":
            return smp27(rng, "v100_32", rng.randint(85, 99), rng.uniform(220, 290), clock=1530)
        if n_ == bad and t_fault < tt < t_boot + 40:
            return None                     # host is gone: no samples
        if 100.0 < tt < t_fault:
            return smp27(rng, "v100_32", rng.randint(90, 100), rng.uniform(235, 295), clock=1530)
        if t_fault <= tt < t_down + 3:
            return smp27(rng, "v100_32", 100, rng.uniform(80, 95), clock=1530)   # survivors spin in NCCL
        return smp27(rng, "v100_32", 0, rng.uniform(38, 45), clock=135, fb=rng.randint(0, 20))
    run_sampler(s, nodes, 8, 0.0, t_end, 90.0, fn)  # SYNTH
    run_sampler(s, ["v100-12"], 8, 0.0, t_end, 300.0, fn)  # SYNTH
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["v100-05", "v100-06", "v100-08"])
    return s


# ======================================================================================
# S4  gh200-2node-flight-recorder-missing-rank1-hang  (hang: a 2-node GH200 torchtitan job (1 GPU per node, TorchComms
#     communicator with the Flight Recorder hook and the debug server's periodic dumps) never finishes its first step;
#     rank 0's frontend keeps printing `missing ranks: {1}`; no watchdog line carries a step, and the timeout only comes
#     after 10 min. Rank 1 lives on gh200-12.)
# ======================================================================================
# Source: https://docs.pytorch.org/tutorials/intermediate/debug_hangs_with_flight_recorder.html -- PyTorch tutorial
# "Debugging Hangs with Flight Recorder Using TorchComms and Debug Server" (2026-04): a two-rank job where one rank hangs
# before a collective; the periodic dump reports the mismatch and the tutorial's table reads `missing_ranks: {N}` as
# "Rank N hung or crashed before issuing the next collective" (the stacks dump shows it stuck in compute). The four
# mismatch lines are verbatim from the tutorial's expected output (printed every dump interval); the timeout line is
# the tutorial's with this job's 600 s timeout (SYNTH).
REAL_S4 = [
    "Not all ranks joining collective, sequence number: 4",
    "collective: nccl:all_reduce",
    "missing ranks: {1}",
    "collective state: scheduled",
]


def build_s4() -> Scenario:
    name = "gh200-2node-flight-recorder-missing-rank1-hang"
    J, N = "771204", "771190"
    nodes, bad = ["gh200-11", "gh200-12"], "gh200-12"
    s = Scenario(name, "2-node GH200 (1 GPU per node) torchtitan Llama-3 3B run on a TorchComms communicator with the "
                 "Flight Recorder hook and periodic debug-server dumps. After the start-up collectives, rank 1 "
                 "(gh200-12) never issues the first training all_reduce: no step line, no exception; every 30 s rank 0 "
                 "prints `Not all ranks joining collective ... missing ranks: {1}`; after the 600 s communicator timeout "
                 "rank 0 fails.",
                 "2026-04-14T09:00:00Z",
                 {"name": "gh-cluster", "partition": "gh200", "nodes": "gh200-[01-32]", "gpus_per_node": 1},
                 [{"id": J, "name": "titan-llama3-3b-torchcomms", "user": "kmori", "nodes": "gh200-[11-12]",
                   "tasks_per_node": 1, "started": "2026-04-14T09:00:20Z", "comment": comment(2, "/lustre/ckpt/titan-3b")},
                  {"id": N, "name": "nemo-asr-fastconformer", "user": "pbose", "nodes": "gh200-[03-04]", "tasks_per_node": 1,
                   "started": "2026-04-14T07:12:00Z"}])
    rng = s.rng

    def titan_info(rank: int, t: float, msg: str) -> str:  # SYNTH torchtitan logger line with srun --label
        d = s.at(t)
        return f"{rank}: [rank{rank}]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - {msg}"
    t = 24.0
    for msg in ["Starting job: Llama 3 3B training", "Building 1-D device mesh with ['dp_shard'], [2]",
                "TorchComms communicator 'main_comm' created (backend=ncclx, timeout=600s)",
                "Flight Recorder hook registered (max_entries=2000); debug server periodic dumps every 30.0s",
                "Model llama3 3B size: 3,212,749,824 total parameters",
                "Applied FSDP to the model", "Checkpointing active. Checkpoints are loaded from and saved to /lustre/ckpt/titan-3b",
                "Training starts at step 1"]:
        for r in (0, 1):
            s.joblog(t + 0.05 * r, J, titan_info(r, t + 0.05 * r, msg))  # SYNTH
        t += 3.1 + rng.uniform(0, 1.0)
    t_fault = t + 2.0          # rank 1 stops before issuing collective seq 4 (the first training all_reduce)
    tt = t_fault + 30.0
    while tt < t_fault + 600.0:  # rank 0's periodic mismatch report (verbatim block)
        for k, l in enumerate(REAL_S4):
            s.joblog(tt + 0.001 * k, J, f"0: {l}")  # verbatim text from the REAL_* list above
        tt += 30.0 + rng.uniform(0, 0.05)
    tto = t_fault + 600.4
    s.joblog(tto, J, "0: [Rank 0] Caught timeout: RuntimeError: Timed out waiting 600000ms for recv operation")  # SYNTH
    s.joblog(tto + 0.2, J, titan_info(0, tto + 0.2, "Flight Recorder trace written to /lustre/fr_dumps/771204/per_rank/rank_0"))  # SYNTH
    s.joblog(tto + 1.0, J, "0: [rank0]: RuntimeError: Timed out waiting 600000ms for recv operation")  # SYNTH
    s.joblog(tto + 3.0, J, "srun: error: gh200-11: task 0: Exited with exit code 1")  # SYNTH
    ta = srun_abort_lines(s, tto + 3.2, J, "gh200-11")  # SYNTH
    s.joblog(ta + 31.0, J, "srun: error: gh200-12: task 1: Killed")  # SYNTH
    s.job_state(ta + 32.0, J, "FAILED", "1:0")  # SYNTH
    t_end = ta + 900
    tn, st = 11.0, 88400
    while tn < t_end:  # SYNTH neighbour (NeMo-style)
        s.joblog(tn, N, f"Epoch 41: : {st % 1000}it [{hms(tn + 9000)}, 2.{rng.randint(10, 40)}it/s, v_num=0, train_loss={0.112 + rng.uniform(-0.01, 0.01):.3f}, "
                        f"learning_rate={8.1e-5:.2e}, global_step={st}]")
        st += 100
        tn += 45.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "gh200-03":
            return smp27(rng, "gh200", rng.randint(80, 98), rng.uniform(430, 600), clock=1980)
        if tt > ta + 32:
            return smp27(rng, "gh200", 0, rng.uniform(95, 110), clock=345, fb=rng.randint(0, 300))
        if tt < t_fault:
            return smp27(rng, "gh200", rng.randint(15, 40), rng.uniform(150, 220), clock=1980, fb=rng.randint(30000, 40000))
        if n_ == bad:
            return smp27(rng, "gh200", 0, rng.uniform(100, 120), clock=1980, fb=rng.randint(52000, 56000))
        return smp27(rng, "gh200", 100, rng.uniform(170, 205), clock=1980, fb=rng.randint(52000, 56000))
    run_sampler(s, nodes + ["gh200-03"], 1, 0.0, t_end, 60.0, fn)  # SYNTH
    s.truth = truth({"t": t_fault, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=nodes)
    return s


# ======================================================================================
# S5  shine-hoth-gpu-off-bus-and-dagobah-shape-error  (two independent faults on one small Slurm cluster: (1) GPU
#     0000:1c:00 of hoth falls off the bus under a 4-GPU Deformable-DETR tracker job, which hangs silently for 30 min
#     until the NCCL watchdog fires on ranks 1-3; (2) ten minutes after the GPU loss, an unrelated 8-GPU DINO job on
#     dagobah dies on every rank with the same tensor-shape RuntimeError)
# ======================================================================================
# Source: https://github.com/lyulyul/shine-cluster/issues/171 -- "Unexpected failure of user code, causing Hoth to
# reach 'drain', G-memory residual, and unknown errors of GPU" (2023-05-04): user wangcui's 4-GPU H-TransTrack
# training on hoth dies with the watchdog timeouts below; hoth is found drained; `nvidia-smi` then reports the device
# handle error and `lspci` shows 1c:00.0 (Quadro RTX 6000/8000) as `rev ff` while its siblings are `rev a1` -- the GPU
# has dropped off the bus. Verbatim: the three watchdog lines, the traceback frames, the cut RuntimeError and the
# nvidia-smi line. The bare "Traceback (most recent call last):" header is emitted as SYNTH (already used earlier).
# The second job, its exception and everything on dagobah are SYNTH: the thread documents only the hoth fault.
REAL_S5_WD = [
    "[E ProcessGroupNCCL.cpp:737] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=86645, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1805320 milliseconds before timing out.",
    "[E ProcessGroupNCCL.cpp:737] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=86645, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1804609 milliseconds before timing out.",
    "[E ProcessGroupNCCL.cpp:737] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=86645, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1804483 milliseconds before timing out.",
]
REAL_S5_TB = [
    '  File "/home/shared/wangcui/STGTrack/H-TransTrack_test2/models/deformable_detrtrack_train_hybrid_branch.py", line 637, in forward',
    "    torch.distributed.all_reduce(num_boxes)",
    '  File "/home/wangcui/shared/.conda/envs/htranstrack/lib/python3.9/site-packages/torch/distributed/distributed_c10d.py", line 1320, in all_reduce',
    "    work = default_pg.allreduce([tensor], opts)",
    "RuntimeError: NCCL communicator was aborted on rank 2.  Original reason for failure was: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=86645, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 18053",
]
REAL_S5_SMI = "Unable to determine the device handle for GPU 0000:1C:00.0: Unknown Error"


def build_s5() -> Scenario:
    name = "shine-hoth-gpu-off-bus-and-dagobah-shape-error"
    A, B, N = "31207", "31219", "31188"
    s = Scenario(name, "Two independent faults within 30 min on a 4-node lab cluster. (1) hoth: GPU 0 (bus 1c) falls off "
                 "the bus (Xid 79) under wangcui's 4-GPU H-TransTrack job; the job prints nothing for 30 min until the "
                 "NCCL watchdog fires on ranks 1-3 (rank 0 is the lost GPU); nvidia-smi then fails on 0000:1C:00.0 and "
                 "Slurm drains hoth. (2) dagobah: ten minutes after the Xid, a DINO fine-tune dies on all 8 ranks with "
                 "the same tensor-size RuntimeError at the first iteration of epoch 13.",
                 "2023-05-04T00:30:00Z",
                 {"name": "shine", "partition": "normal", "nodes": "hoth,dagobah,naboo,endor", "gpus_per_node": 8,
                  "pci_bus_ids": QRTX_BUS},
                 [{"id": A, "name": "htranstrack-mot17", "user": "wangcui", "nodes": "hoth", "tasks_per_node": 4,
                   "started": "2023-05-03T20:12:00Z", "comment": comment(1, "/home/shared/wangcui/STGTrack/ckpt")},
                  {"id": B, "name": "dino-r50-coco-ft", "user": "qzhou", "nodes": "dagobah", "tasks_per_node": 8,
                   "started": "2023-05-04T00:05:00Z", "comment": comment(2)},
                  {"id": N, "name": "bevdet-nuscenes", "user": "yxu", "nodes": "naboo", "tasks_per_node": 8,
                   "started": "2023-05-03T18:40:00Z"}])
    rng = s.rng
    # --- job A: SYNTH Deformable-DETR MetricLogger progress until the GPU drops ---
    t_a = 1520.0
    t, it = 6.0, 1240
    while t < t_a - 5:
        s.joblog(t, A, detr_line(7, it, 3523, (3523 - it) * 0.83, 5.9 - it * 1e-4 + rng.uniform(-0.2, 0.2), 5.97 - it * 1e-4,
                                 0.83 + rng.uniform(-0.03, 0.03), 21203))
        it += 50
        t += 50 * 0.83 + rng.uniform(-1, 1)
    d = s.at(t_a)
    s.kernel(t_a, "hoth", f"{dmesg_t(d)} NVRM: GPU at PCI:0000:1c:00: GPU-5b3e0f47-9c21-3a4e-8f0d-3c1d2a7e9b61")  # SYNTH
    s.kernel(t_a + 0.001, "hoth", f"{dmesg_t(d)} NVRM: GPU Board Serial Number: 1322020012345")  # SYNTH
    s.kernel(t_a + 0.002, "hoth", f"{dmesg_t(d)} NVRM: Xid (PCI:0000:1c:00): 79, pid=48213, GPU has fallen off the bus.")  # SYNTH
    s.kernel(t_a + 0.003, "hoth", f"{dmesg_t(d)} NVRM: GPU 0000:1c:00.0: GPU has fallen off the bus.")  # SYNTH
    # 30 min of silence, then the watchdog (verbatim) on ranks 2, 3, 1
    t_w = t_a + 1805.3
    for k, l in enumerate(REAL_S5_WD):
        s.joblog(t_w + 0.02 * k, A, l)  # verbatim text from the REAL_* list above
    s.joblog(t_w + 0.1, A, "Traceback (most recent call last):")  # SYNTH (generic header, used earlier)
    s.joblog(t_w + 0.101, A, '  File "/home/shared/wangcui/STGTrack/H-TransTrack_test2/main.py", line 412, in <module>')  # SYNTH
    s.joblog(t_w + 0.102, A, "    main(args)")  # SYNTH
    for k, l in enumerate(REAL_S5_TB[:-1]):
        s.joblog(t_w + 0.103 + 0.001 * k, A, l)  # verbatim text from the REAL_* list above
    s.joblog(t_w + 0.11, A, REAL_S5_TB[-1] + "20 milliseconds before timing out.")  # verbatim prefix, SYNTH tail
    s.joblog(t_w + 0.3, A, "[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous "
             "nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this "
             "inconsistency, we are taking the entire process down.")  # SYNTH
    py = "/home/wangcui/shared/.conda/envs/htranstrack/lib/python3.9/site-packages"
    tx = torchrun_failure(s, t_w + 2.5, A, "hoth", [2, 1, 3], [48214, 48215, 48216], "main.py", py, exitcode=1,
                          lranks=[2, 1, 3])  # SYNTH (rank 0 is stuck in the driver and never reported)
    s.job_state(tx + 1.0, A, "FAILED", "1:0")  # SYNTH
    s.joblog(tx + 1.2, A, "+ nvidia-smi")  # SYNTH: the job script's epilogue
    s.joblog(tx + 4.8, A, REAL_S5_SMI)
    s.node_state(tx + 95.0, "hoth", "IDLE+DRAIN", "Kill task failed")  # SYNTH (the thread: hoth reached 'drain')
    # --- job B: SYNTH DINO fine-tune on dagobah, dies on every rank at the first iteration of epoch 13 ---
    t, itb = 10.0, 1650
    t_b = t_a + 617.0
    while t < t_b - 30:
        s.joblog(t, B, mmengine_line(s.at(t), 12, itb, 1833, 1e-4, (1833 - itb) * 0.61, 0.61 + rng.uniform(-0.02, 0.02),
                                     0.012, 17211, 5.1 - itb * 1e-4, 1.2, 0.31))
        itb += 50
        t += 50 * 0.61 + rng.uniform(-0.5, 0.5)
    s.joblog(t_b - 20.0, B, f"{s.at(t_b - 20):%Y/%m/%d %H:%M:%S} - mmengine - INFO - Saving checkpoint at 12 epochs")  # SYNTH
    for r in range(8):
        tr = t_b + 0.01 * r
        s.joblog(tr, B, "Traceback (most recent call last):")  # SYNTH
        for l in ['  File "tools/train.py", line 121, in <module>', "    main()",
                  '  File "/opt/conda/lib/python3.9/site-packages/mmdet/models/layers/transformer/dino_layers.py", line 94, in forward',
                  "    query = query + query_pos",
                  "RuntimeError: The size of tensor a (900) must match the size of tensor b (901) at non-singleton dimension 1"]:
            s.joblog(tr + 0.0005, B, l)  # SYNTH (identical on every rank)
    tbx = torchrun_failure(s, t_b + 3.0, B, "dagobah", list(range(8)), [70112 + r for r in range(8)], "tools/train.py",
                           "/opt/conda/lib/python3.9/site-packages", exitcode=1)  # SYNTH
    s.job_state(tbx + 1.0, B, "FAILED", "1:0")  # SYNTH
    t_end = tx + 900
    tn, itn = 30.0, 400
    while tn < t_end:  # SYNTH neighbour on naboo
        s.joblog(tn, N, mmengine_line(s.at(tn), 9, itn % 3517, 3517, 2e-4, 5000, 0.74, 0.02, 19822, 12.1, 2.3, 0.9))  # SYNTH
        itn += 50
        tn += 50 * 0.74 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "naboo":
            return smp27(rng, "qrtx8000", rng.randint(85, 99), rng.uniform(200, 255), clock=1770)
        if n_ == "hoth":
            if g >= 4:
                return smp27(rng, "qrtx8000", 0, rng.uniform(22, 28), clock=300, fb=0)
            if tt < t_a:
                return smp27(rng, "qrtx8000", rng.randint(88, 99), rng.uniform(190, 250), clock=1770)
            if g == 0:
                return None if tt > t_a + 160 else smp27(rng, "qrtx8000", 0, 0.0, clock=0, xid=79)
            if tt < tx:
                return smp27(rng, "qrtx8000", 100, rng.uniform(62, 74), clock=1770)
            return smp27(rng, "qrtx8000", 0, rng.uniform(24, 30), clock=300, fb=rng.randint(300, 900))  # residual memory
        if tt < t_b:   # dagobah
            return smp27(rng, "qrtx8000", rng.randint(86, 99), rng.uniform(195, 250), clock=1770)
        return smp27(rng, "qrtx8000", 0, rng.uniform(22, 28), clock=300, fb=0)
    run_sampler(s, ["hoth", "dagobah"], 8, 0.0, t_end, 150.0, fn)  # SYNTH
    run_sampler(s, ["naboo"], 8, 0.0, t_end, 450.0, fn)  # SYNTH
    s.truth = truth({"t": t_a, "category": "gpu_hardware", "node": "hoth", "gpu": 0}, drain=["hoth"],
                    requeue={A: {"exclude": ["hoth"]}}, no_requeue=[B, N], no_drain=["dagobah", "naboo"],
                    other_faults=[{"t": t_b, "category": "software", "node": None}])
    return s


# ======================================================================================
# S6  skyrl-megatron-async-save-worker-dies-job-stalls  (software, stall inside the job's own checkpoint save: a
#     2-node SkyRL GRPO job with the Megatron backend starts an async distributed-checkpoint save at step 40; the
#     spawned save process dies with a traceback, the policy workers wait on it forever; no further step; the owner
#     cancels after ~52 min. The checkpoint target is shared Lustre, which a neighbour job writes to without trouble.)
# ======================================================================================
# Source: https://github.com/NovaSky-AI/SkyRL/pull/1960 -- "[fix][megatron] Add `MegatronConfig.async_save_prestage_to_cpu`
# to stage tensors to CPU on the same process before async save with `mcore`" (2026-07-29): "Fixes hang with async
# save introduced in #1838 ... Currently, async saves with megatron will deadlock after the following failure on CI
# machines:" followed by the four lines below (verbatim; the stored excerpt stops inside the fourth one's traceback, so
# the traceback body and its final exception are SYNTH). The fix is in SkyRL's own save path: the stall repeats on
# the next async save until the job runs with the fix or with synchronous saves.
REAL_S6 = [
    "(MegatronPolicyWorkerBase pid=51155) 2026-07-28 13:31:00.200 | WARNING  | megatron.core.dist_checkpointing.strategies.torch:async_save:675 - MCore's async save is deprecated and will be removed in the future releases. Please, use NVRx async solution by setting `async_strategy` to `nvrx`. [repeated 3x across cluster]",
    "(MegatronPolicyWorkerBase pid=51155) PID 52839: Skipping CPU nice (current 15 already <= target 10; lowering requires superuser",
    "(MegatronPolicyWorkerBase pid=51155) Process SpawnProcess-2:",
    "(MegatronPolicyWorkerBase pid=51155) Traceback (most recent call last):",
]


def build_s6() -> Scenario:
    name = "skyrl-megatron-async-save-worker-dies-job-stalls"
    J, N = "552818", "552790"
    nodes = ["h200-03", "h200-04"]
    s = Scenario(name, "2-node x 8 H200 SkyRL GRPO run (Ray, Megatron policy workers, vLLM rollouts). At step 40 the "
                 "async distributed-checkpoint save to Lustre starts: MCore deprecation warning, then the spawned save "
                 "process dies with a traceback; the policy workers block waiting for it; no more steps, no NCCL error, "
                 "GPUs idle with memory held. A torchtitan job on h200-[09-12] keeps saving to the same Lustre. The owner "
                 "cancels after ~52 min.",
                 "2026-07-28T13:00:00Z",
                 {"name": "rl-h200", "partition": "train", "nodes": "h200-[01-24]", "gpus_per_node": 8,
                  "pci_bus_ids": H200_BUS},
                 [{"id": J, "name": "skyrl-grpo-qwen3-8b-megatron", "user": "srh", "nodes": "h200-[03-04]",
                   "tasks_per_node": 1, "started": "2026-07-28T12:28:00Z",
                   "comment": comment(2, "/lustre/rl/ckpt/qwen3-8b-grpo")},
                  {"id": N, "name": "titan-moe-16b", "user": "ahsu", "nodes": "h200-[09-12]", "tasks_per_node": 8,
                   "started": "2026-07-28T09:05:00Z"}])
    rng = s.rng
    t_save = hms_t(s.start, dt.datetime(2026, 7, 28, 13, 31, 0, 200000))
    t, step = 14.0, 1
    steps = []
    while t < t_save - 20:
        steps.append(t)
        t += 93.6 + rng.uniform(-2.5, 2.5)
    step0 = 40 - len(steps)
    for k, tt in enumerate(steps):  # SYNTH SkyRL driver progress
        st = step0 + k
        s.joblog(tt, J, skyrl_line(48712, s.at(tt), f"Finished step {st}: reward/mean={0.38 + 0.004 * st + rng.uniform(-0.02, 0.02):.3f} "
                                   f"policy/loss={-0.012 + rng.uniform(-0.004, 0.004):.4f} policy/kl={0.0021 + 0.0001 * st:.4f} "
                                   f"timing/step={93.6 + rng.uniform(-2.5, 2.5):.1f}s"))
    s.joblog(t_save - 6.0, J, skyrl_line(48712, s.at(t_save - 6.0), "Saving checkpoint at global_step 40 to "
                                         "/lustre/rl/ckpt/qwen3-8b-grpo/global_step_40 (async)",
                                         where="skyrl_train.trainer:save_checkpoints:731"))  # SYNTH
    s.joblog(t_save, J, REAL_S6[0])
    s.joblog(t_save + 0.4, J, REAL_S6[1])
    t_fault = t_save + 1.9
    s.joblog(t_fault, J, REAL_S6[2])
    s.joblog(t_fault + 0.001, J, REAL_S6[3])
    pre = "(MegatronPolicyWorkerBase pid=51155) "
    for k, l in enumerate(['  File "/usr/lib/python3.12/multiprocessing/process.py", line 314, in _bootstrap',
                           "    self.run()",
                           '  File "/usr/lib/python3.12/multiprocessing/process.py", line 108, in run',
                           "    self._target(*self._args, **self._kwargs)",
                           '  File "/usr/local/lib/python3.12/dist-packages/megatron/core/dist_checkpointing/strategies/filesystem_async.py", line 283, in write_preloaded_data_multiproc',
                           "    local_results_queue.put(write_results)",
                           '  File "/usr/local/lib/python3.12/dist-packages/torch/multiprocessing/reductions.py", line 181, in rebuild_cuda_tensor',
                           "    storage = storage_cls._new_shared_cuda(",
                           "RuntimeError: pidfd_getfd: Bad file descriptor"]):
        s.joblog(t_fault + 0.002 + 0.0005 * k, J, pre + l)  # SYNTH traceback body (the excerpt stops before it)
    t_cancel = t_fault + 3118.0
    s.joblog(t_cancel, J, cancel_line(J, "h200-03", s.at(t_cancel)))  # SYNTH
    s.job_state(t_cancel + 1.5, J, "CANCELLED", "0:15")  # SYNTH
    t_end = t_cancel + 600
    tn, st = 9.0, 41200
    while tn < t_end:  # SYNTH neighbour: torchtitan with periodic saves to the same Lustre
        s.joblog(tn, N, titan_line(0, s.at(tn), st, 2.05 - st * 1e-6, 0.33, 101.4, 6120 + rng.randint(-40, 40), 402.7))  # SYNTH
        if st % 500 == 0:
            s.joblog(tn + 0.5, N, f"[rank0]:[titan] {s.at(tn + 0.5):%Y-%m-%d %H:%M:%S},{s.at(tn + 0.5).microsecond // 1000:03d} - root - INFO - Saving the checkpoint (or staging if async is enabled).")  # SYNTH
            s.joblog(tn + 44.0, N, f"[rank0]:[titan] {s.at(tn + 44.0):%Y-%m-%d %H:%M:%S},{s.at(tn + 44.0).microsecond // 1000:03d} - root - INFO - [GC] GC collection invoked by checkpointer. 0.04 seconds.")  # SYNTH
            s.joblog(tn + 44.1, N, f"[rank0]:[titan] {s.at(tn + 44.1):%Y-%m-%d %H:%M:%S},{s.at(tn + 44.1).microsecond // 1000:03d} - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in {42.9 + rng.uniform(-2, 2):.2f} seconds.")  # SYNTH
        st += 10
        tn += 58.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "h200-09":
            return smp27(rng, "h200", rng.randint(85, 99), rng.uniform(560, 680), clock=1980)
        if tt > t_cancel + 2:
            return smp27(rng, "h200", 0, rng.uniform(74, 82), clock=345, fb=rng.randint(0, 300))
        if tt < t_save:
            busy = rng.random() < 0.6
            return smp27(rng, "h200", rng.randint(70, 99) if busy else rng.randint(20, 45),
                         rng.uniform(420, 650) if busy else rng.uniform(180, 260), clock=1980)
        return smp27(rng, "h200", 0, rng.uniform(110, 125), clock=1980, fb=rng.randint(96000, 118000))
    run_sampler(s, nodes, 8, 0.0, t_end, 240.0, fn)  # SYNTH
    run_sampler(s, ["h200-09"], 8, 0.0, t_end, 600.0, fn)  # SYNTH
    s.truth = truth({"t": t_fault, "category": "software", "node": None}, no_requeue=[J, N], no_drain=nodes)
    return s


# ======================================================================================
# S7  healthy-simpletransformers-dataloader-del-assertion-tracebacks  (healthy: a 4 x V100 simpletransformers RoBERTa
#     classification run prints, after every evaluation, `Exception ignored in: <bound method
#     _MultiProcessingDataLoaderIter.__del__ ...>` + a Traceback ending in `AssertionError: can only join a child
#     process`, plus tokenizer length warnings; training continues epoch after epoch)
# ======================================================================================
# Source: https://github.com/ThilinaRajapakse/simpletransformers/issues/763 -- "Exception during training of
# ClassificationModel (in MultiProcessingDataLoaderIter)" (2020-10): "at various stages / epochs, an exception occurs
# that is being ignored (afterwards, the training continues). It only seems to appear with a large enough number of
# training epochs (e.g., 15) and when evaluating the model during the training." Closed by the stale bot; Python itself
# prints "Exception ignored in" for an exception raised inside __del__ and carries on. The epoch-5 block below is
# verbatim (the excerpt's trailing, cut repeat of the header is not used); the other epochs' copies are SYNTH.
REAL_S7_BARS = [
    "Epochs 5/15. Running Loss: 0.0001: 100%",
    "1000/1000 [11:51<00:00, 1.41it/s]",
    "2000/2000 [09:37<00:00, 3.46it/s]",
]
REAL_S7_EXC = [
    "Exception ignored in: <bound method _MultiProcessingDataLoaderIter.__del__ of <torch.utils.data.dataloader._MultiProcessingDataLoaderIter object at 0x7fee7c735240>>",
    '  File "/usr/local/lib/python3.6/dist-packages/torch/utils/data/dataloader.py", line 1101, in __del__',
    "    self._shutdown_workers()",
    '  File "/usr/local/lib/python3.6/dist-packages/torch/utils/data/dataloader.py", line 1075, in _shutdown_workers',
    "    w.join(timeout=_utils.MP_STATUS_CHECK_INTERVAL)",
    '  File "/usr/lib/python3.6/multiprocessing/process.py", line 122, in join',
    "    assert self._parent_pid == os.getpid(), 'can only join a child process'",
    "AssertionError: can only join a child process",
]


def build_s7() -> Scenario:
    name = "healthy-simpletransformers-dataloader-del-assertion-tracebacks"
    J, N = "2188406", "2188377"
    s = Scenario(name, "A single-node 4 x V100 simpletransformers RoBERTa-large classification run (15 epochs, eval "
                 "during training). After each evaluation the log shows `Exception ignored in: <bound method "
                 "_MultiProcessingDataLoaderIter.__del__ ...>`, a Traceback and `AssertionError: can only join a child "
                 "process`, plus tokenizer 'indexing errors' warnings. The next epoch starts every time; GPUs stay busy.",
                 "2020-10-12T06:00:00Z",
                 {"name": "gpu-v100", "partition": "gpu", "nodes": "tesla-[01-16]", "gpus_per_node": 4},
                 [{"id": J, "name": "roberta-clf-15ep", "user": "aurik", "nodes": "tesla-05", "tasks_per_node": 1,
                   "started": "2020-10-12T04:48:00Z", "comment": comment(1, "/scratch/aurik/outputs")},
                  {"id": N, "name": "fairseq-wmt-ende", "user": "pvog", "nodes": "tesla-[09-10]", "tasks_per_node": 4,
                   "started": "2020-10-12T02:10:00Z"}])
    rng = s.rng
    t, ep = 250.0, 4
    train_s, eval_s = 711.0, 577.0
    t_end_jobs = 4 * (train_s + eval_s) + 600
    while t < t_end_jobs - 700:
        real = ep == 5
        t_tr = t + train_s
        loss = 0.0001 if real else max(0.0001, round(0.02 / ep, 4))
        s.joblog(t_tr, J, REAL_S7_BARS[0] if real else f"Epochs {ep}/15. Running Loss: {loss:.4f}: 100%")
        s.joblog(t_tr + 0.01, J, REAL_S7_BARS[1] if real else f"1000/1000 [11:{51 + rng.randint(-2, 2):02d}<00:00, 1.4{rng.randint(0, 3)}it/s]")
        s.joblog(t_tr + 0.5, J, "WARNING:transformers.tokenization_utils_base:Token indices sequence length is longer than the "
                 "specified maximum sequence length for this model (612 > 512). Running this sequence through the model "
                 "will result in indexing errors")  # SYNTH
        t_ev = t_tr + eval_s
        s.joblog(t_ev, J, "100%")  # SYNTH
        s.joblog(t_ev + 0.01, J, REAL_S7_BARS[2] if real else f"2000/2000 [09:{37 + rng.randint(-2, 2):02d}<00:00, 3.4{rng.randint(4, 8)}it/s]")
        for rep in range(2):  # the block appears twice per evaluation (two loader iterators torn down)
            addr = "0x7fee7c735240" if (real and rep == 0) else f"0x7f{rng.randint(0x1000000000, 0xfffffffff0):010x}"
            base = t_ev + 0.3 + 0.02 * rep
            for k, l in enumerate(REAL_S7_EXC):
                if k == 0 and not (real and rep == 0):
                    l = l.replace("0x7fee7c735240", addr)   # SYNTH copy with another object address
                s.joblog(base + 0.001 * k, J, l)  # verbatim text from the REAL_* list above
                if k == 0:
                    s.joblog(base + 0.0005, J, "Traceback (most recent call last):")  # SYNTH (generic header)
        s.joblog(t_ev + 2.0, J, f"INFO:simpletransformers.classification.classification_model:{{'mcc': {0.71 + 0.01 * ep:.4f}, "
                 f"'tp': {1402 + 5 * ep}, 'tn': {1377 + 4 * ep}, 'fp': {110 - 3 * ep}, 'fn': {111 - 4 * ep}, 'eval_loss': {0.31 + 0.02 * ep:.4f}}}")  # SYNTH
        t = t_ev + 3.0
        ep += 1
    t_end = t + 600
    tn, upd = 31.0, 180200
    while tn < t_end:  # SYNTH neighbour (fairseq train_inner)
        s.joblog(tn, N, fairseq_line(s.at(tn), "train_inner", f"epoch 041:   {upd % 3000:4d} / 3012 loss=3.812, nll_loss=2.204, "
                                     f"ppl=4.61, wps={91240 + rng.randint(-900, 900)}, ups=2.93, wpb=31142.1, bsz=1024.4, "
                                     f"num_updates={upd}, lr=0.000331, gnorm=0.401, train_wall=34, gb_free=9.9, wall=61720"))
        upd += 100
        tn += 34.2 + rng.uniform(-0.4, 0.4)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "tesla-09":
            return smp27(rng, "v100_16", rng.randint(88, 99), rng.uniform(230, 280), clock=1530)
        return smp27(rng, "v100_16", rng.randint(70, 97), rng.uniform(170, 260), clock=1530)
    run_sampler(s, ["tesla-05"], 4, 0.0, t_end, 120.0, fn)  # SYNTH
    run_sampler(s, ["tesla-09"], 4, 0.0, t_end, 300.0, fn)  # SYNTH
    s.truth = truth(None, no_requeue=[J, N], no_drain=["tesla-05"])
    return s


# ======================================================================================
# S8  megatron-bridge-nemotron3-super-teardown-hang-time-limit  (software, finished then hung: a 16-node x 4 GB200
#     Megatron-Bridge Nemotron-3-Super run completes its 50 iterations, prints `[after training is done]` and then
#     never exits; the GPUs idle with memory held for 8 minutes until Slurm kills the step at the 20-min time limit)
# ======================================================================================
# Source: https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/3427 -- "[bug] Nemotron 3 Super not exiting cleanly"
# (2026-04-20): 64 x GB200, `--time_limit 00:20:00 --max_steps 50`; "runs don't exit after the iterations are over".
# QA analysis in the thread: a duplicate of #3395 (job hang at teardown with partial CUDA graphs), fixed by PR #3459
# ("Cleanup TE cuda graphs with the right api") -- the training code's own teardown, not hardware. The four log lines
# below are verbatim; the excerpt cuts the Slurm line after "ON", so its tail is SYNTH.
REAL_S8 = [
    "Deleting CUDA graphs",
    " [2026-04-20 03:17:07] iteration       50/      50 | consumed samples:        25600 | elapsed time per iteration (ms): 9969.4 | learning rate: 4.500000E-06 | global batch size:   512 | lm loss: 4.791878E-03 | seq_load_balancing_loss: 9.546359E-01 | load_balancing_loss: 0.000000E+00 | mtp_1 loss: 4.700819E-03 | mtp_2 loss: 4.768143E-03 | loss scale: 1.0 | grad norm: 0.022 | number of skipped iterations:   0 | number of nan iterations:   0 |",
    "[after training is done] datetime: 2026-04-20 03:17:08",
    "[2026-04-20T03:25:23.011] error: *** STEP 1942963.1 ON",
]


def build_s8() -> Scenario:
    name = "megatron-bridge-nemotron3-super-teardown-hang-time-limit"
    J, N = "1942963", "1942940"
    nodes = [f"gb200-{i:03d}" for i in range(17, 33)]
    s = Scenario(name, "64-GPU (16 x 4 GB200) Megatron-Bridge perf run of Nemotron-3-Super (fp8_mx, partial CUDA graphs, "
                 "max_steps 50, time limit 20 min). All 50 iterations complete, `Deleting CUDA graphs` and `[after "
                 "training is done]` are printed at 03:17:08, and then the processes never exit: GPUs idle with memory "
                 "held, no error, until Slurm cancels the step at 03:25:23 DUE TO TIME LIMIT.",
                 "2026-04-20T03:05:00Z",
                 {"name": "nvl72", "partition": "batch", "nodes": "gb200-[001-072]", "gpus_per_node": 4,
                  "pci_bus_ids": GB200_BUS},
                 [{"id": J, "name": "nemotron3-super-fp8mx-64gpu", "user": "perfbot", "nodes": "gb200-[017-032]",
                   "tasks_per_node": 4, "started": "2026-04-20T03:05:23Z", "comment": comment(2)},
                  {"id": N, "name": "qwen3-30b-a3b-sft", "user": "mtan", "nodes": "gb200-[041-044]", "tasks_per_node": 4,
                   "started": "2026-04-20T01:30:00Z"}])
    rng = s.rng
    s.job_state(23.0, J, "RUNNING", "0:0", nodes="gb200-[017-032]")  # SYNTH
    for k, l in enumerate(["> initializing torch distributed ...", "> initialized tensor model parallel with size 1",
                           "> initialized pipeline model parallel with size 1",
                           "> setting random seeds to 1234 ...", "> building train, validation, and test datasets ...",
                           "> finished creating datasets ...", "> Capturing CUDA graphs (scope: attn, moe_router, moe_preprocess) ..."]):
        s.joblog(60.0 + 14.0 * k, J, l)  # SYNTH start-up (Megatron-style)
    t_50 = hms_t(s.start, dt.datetime(2026, 4, 20, 3, 17, 7))
    for it in range(1, 50):  # SYNTH iterations 1..49, same layout as the real line
        ms = 9969.4 + rng.uniform(-40, 40) if it > 3 else 9969.4 * (3.2 - 0.6 * it)
        tt = t_50 - (50 - it) * 9.9694 + rng.uniform(-0.2, 0.2)
        if it <= 3:
            tt -= (4 - it) * 6.0
        s.joblog(tt, J, mbridge_iter(s.at(tt), it, 50, ms, 4.5e-6 * min(1.0, it / 10), 11.9 * math.exp(-it / 5.6) + 0.0044,
                                     0.95 + rng.uniform(-0.005, 0.005), 11.8 * math.exp(-it / 5.6) + 0.0043,
                                     11.8 * math.exp(-it / 5.5) + 0.0044, 0.4 * math.exp(-it / 12) + 0.02))
    s.joblog(t_50 - 0.2, J, REAL_S8[0])
    s.joblog(t_50, J, REAL_S8[1])
    t_done = t_50 + 1.0
    s.joblog(t_done, J, REAL_S8[2])
    t_kill = hms_t(s.start, dt.datetime(2026, 4, 20, 3, 25, 23, 11000))
    s.joblog(t_kill, J, REAL_S8[3] + " gb200-017 CANCELLED AT 2026-04-20T03:25:23 DUE TO TIME LIMIT ***")  # SYNTH tail
    s.joblog(t_kill + 0.4, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    s.job_state(t_kill + 33.0, J, "TIMEOUT", "0:15")  # SYNTH
    t_end = t_kill + 600
    tn, it = 8.0, 3110
    while tn < t_end:  # SYNTH neighbour (Megatron-Core SFT)
        s.joblog(tn, N, mcore_iter(s.at(tn), it, 12000, 4112.0 + rng.uniform(-30, 30), 1e-5, 0.61 - it * 1e-5, 128))  # SYNTH
        it += 1
        tn += 4.11 * 10
        it += 9

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "gb200-041":
            return smp27(rng, "gb200", rng.randint(85, 99), rng.uniform(850, 1100), clock=1965)
        if tt < 230:
            return smp27(rng, "gb200", rng.randint(0, 20), rng.uniform(220, 320), clock=1965, fb=rng.randint(60000, 90000))
        if tt < t_done:
            return smp27(rng, "gb200", rng.randint(88, 100), rng.uniform(880, 1150), clock=1965)
        if tt < t_kill + 33:
            return smp27(rng, "gb200", 0, rng.uniform(185, 205), clock=1965, fb=rng.randint(141000, 150000))
        return smp27(rng, "gb200", 0, rng.uniform(150, 170), clock=345, fb=rng.randint(0, 500))
    run_sampler(s, ["gb200-017", "gb200-018", "gb200-031", "gb200-032"], 4, 0.0, t_end, 90.0, fn)  # SYNTH
    run_sampler(s, ["gb200-041"], 4, 0.0, t_end, 300.0, fn)  # SYNTH
    s.truth = truth({"t": t_done, "category": "software", "node": None}, no_requeue=[J, N],
                    no_drain=["gb200-017", "gb200-018", "gb200-031", "gb200-032"])
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
