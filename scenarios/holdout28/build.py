#!/usr/bin/env python3
"""Build the holdout28 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the scenario name, and nothing reads
the clock, so two runs write identical bytes.

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
holdout27 scenarios are replaced by the holdout28 helpers and scenarios S1..S8 below.
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
# holdout28 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["mi100"] = (52, 5, 250.0, 25.0, 1502, 27500, 2000)      # SYNTH (MI100 32 GB, 300 W; fields mapped from rocm-smi)
PROFILES["rtxa5000"] = (64, 4, 205.0, 15.0, 1695, 19500, 1500)   # SYNTH (RTX A5000 24 GB, 230 W workstation card)
PROFILES["a10_nva10"] = (55, 5, 128.0, 12.0, 1695, 18500, 1500)  # SYNTH (NV36ads_A10_v5 full A10 24 GB, 150 W)
MI300X_BUS = ["0000:05:00", "0000:26:00", "0000:46:00", "0000:65:00", "0000:85:00", "0000:a6:00", "0000:c6:00",
              "0000:e5:00"]                                          # SYNTH (MI300X OAM layout)
K28C = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
K28E = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL")


def smp28(rng, profile, util, power, clock=None, xid=0, keys=K28C, **kw) -> dict:
    """SYNTH: compact DCGM-named sample (default: util, power, SM clock)."""
    return smp(rng, profile, util, power, clock=clock, xid=xid, keys=keys, **kw)


SMI_COLS = [("Device", ""), ("Node", ""), ("IDs", "(DID,     GUID)"), ("Temp", "(Junction)"), ("Power", "(Socket)"),
            ("Partitions", "(Mem, Compute, ID)"), ("SCLK", ""), ("MCLK", ""), ("Fan", ""), ("Perf", ""),
            ("PwrCap", ""), ("VRAM%", ""), ("GPU%", "")]


def smi_concise(rows: list) -> list:
    """SYNTH: rocm-smi (6.x) `Concise Info` table; each column is as wide as its widest cell plus two spaces."""
    w = [max([len(h), len(h2)] + [len(r[i]) for r in rows]) + 2 for i, (h, h2) in enumerate(SMI_COLS)]
    out = ["".join(h.ljust(w[i]) for i, (h, _) in enumerate(SMI_COLS)),
           "".join(h2.ljust(w[i]) for i, (_, h2) in enumerate(SMI_COLS))]
    out += ["".join(c.ljust(w[i]) for i, c in enumerate(r)) for r in rows]
    return out


def smi_row(dev: int, kfd: int, guid: int, temp: float, power: float, sclk: int, mclk: int, vram: int, util: int) -> list:
    return [str(dev), str(kfd), f"0x74a1,   {guid}", f"{temp:.1f}°C", f"{power:.1f}W", "NPS1, SPX, 0", f"{sclk}Mhz",
            f"{mclk}Mhz", "0%", "auto", "750.0W", f"{vram}%", f"{util}%"]


def mllog(d: dt.datetime, key: str, value, meta: dict, event: str = "POINT") -> str:
    """SYNTH: MLPerf logging (mlperf_logging.mllog) line."""
    ms = calendar.timegm(d.timetuple()) * 1000 + d.microsecond // 1000
    return (":::MLLOG " + json.dumps({"namespace": "", "time_ms": ms, "event_type": event, "key": key, "value": value,
                                       "metadata": meta}))


def imagenet_meter(ep: int, it: int, n: int, tm: float, tavg: float, loss: float, lavg: float, a1: float, a5: float) -> str:
    """SYNTH: pytorch/examples imagenet ProgressMeter line."""
    return (f"Epoch: [{ep}][{it:>{len(str(n))}}/{n}]\tTime {tm:6.3f} ({tavg:6.3f})\tData  0.004 ( 0.011)\t"
            f"Loss {loss:.4e} ({lavg:.4e})\tAcc@1 {a1:6.2f} ({a1 - 1.3:6.2f})\tAcc@5 {a5:6.2f} ({a5 - 1.1:6.2f})")


def keras3_epoch(n: int, sec: int, ms: int, acc: float, loss: float, vacc: float, vloss: float) -> str:
    """SYNTH: Keras 3 `fit(verbose=2)` end-of-epoch line (metrics in Keras 3's sorted order)."""
    return (f"{n}/{n} - {sec}s - {ms}ms/step - accuracy: {acc:.4f} - loss: {loss:.4f} - val_accuracy: {vacc:.4f} - "
            f"val_loss: {vloss:.4f}")


# ======================================================================================
# S1  mi300x-megatron-ds-sclk-stuck-straggler  (gpu_degraded, straggler with no error: a 4-node x 8 MI300X
#     Megatron-DeepSpeed Llama-2 7B run; 40 min in, every GPU on gpu02 drops to SCLK ~56-59 MHz at 100 % busy and
#     ~155 W; iteration time grows ~30x; no error anywhere; only step times, telemetry and the job's own periodic
#     rocm-smi snapshots show it)
# ======================================================================================
# Source: https://github.com/ROCm/legacy-rocm-build/issues/4414 -- "[Issue]: MI300X SCLK stuck around 60MHz under full
# load" (ROCm 6.3.3, 2025-03). On the reporter's server (gpu02) every MI300X shows GPU% 100 but SCLK 56-59 MHz and
# ~155 W; "for any workload it cannot go higher than 70MHz"; rebooting does not fix it, reinstalling the firmware does
# only briefly (then `HW Exception ... reason :GPU Hang`). The AMD engineer treats it as that server's GPU/firmware
# state; the issue was closed. The rocm-smi lines are verbatim from the thread (its `Concise Info` output); the rest of
# the table (GPUs 3-7, the healthy nodes) is SYNTH in the same layout.
REAL_S1_SMI = [
    "Device  Node  IDs              Temp        Power     Partitions          SCLK   MCLK    Fan  Perf  PwrCap  VRAM%  GPU%  ",
    "              (DID,     GUID)  (Junction)  (Socket)  (Mem, Compute, ID)                                                 ",
    "0       2     0x74a1,   60024  50.0°C      157.0W    NPS1, SPX, 0        59Mhz  900Mhz  0%   auto  750.0W  86%    100%  ",
    "1       3     0x74a1,   21472  48.0°C      154.0W    NPS1, SPX, 0        58Mhz  900Mhz  0%   auto  750.0W  87%    100%  ",
    "2       4     0x74a1,   9988   49.0°C      156.0W    NPS1, SPX, 0        56Mhz  900Mhz  0%   auto  750.0W  87%    100%  ",
]
REAL_S1_BANNER = [
    "=========================================== ROCm System Management Interface ===========================================",
    "===================================================== Concise Info =====================================================",
]
SMI_BANNER, SMI_CONCISE = REAL_S1_BANNER  # the thread's banner lines (also reused above the SYNTH healthy-node tables)
SMI_END = "================================================= End of ROCm SMI Log =================================================="  # SYNTH


def s1_snapshot(s: Scenario, t: float, J: str, nodes: list, bad: str, slow: bool, guids: dict, real: bool) -> None:
    """SYNTH: the job script's periodic `srun --overlap --label rocm-smi` snapshot (one block per node)."""
    rng = s.rng
    s.joblog(t, J, f"[gpu-snapshot {s.at(t):%Y-%m-%dT%H:%M:%S}] srun --overlap -N4 --ntasks-per-node=1 --label rocm-smi")
    for k, n in enumerate(nodes):
        tt = t + 1.2 + 0.3 * k
        if n == bad and slow:
            rows = [smi_row(g, g + 2, guids[(n, g)], rng.uniform(47, 51), rng.uniform(152, 158), rng.randint(56, 59),
                            900, rng.randint(86, 87), 100) for g in range(8)]
            body = REAL_S1_SMI + smi_concise(rows)[5:] if real else smi_concise(rows)  # rows 0-2 verbatim, 3-7 SYNTH
        else:
            rows = [smi_row(g, g + 2, guids[(n, g)], rng.uniform(71, 84) if n != bad or not slow else 50,
                            rng.uniform(610, 735), rng.choice([2098, 2100, 2100, 2095]), 1300, rng.randint(84, 88),
                            rng.randint(97, 100)) for g in range(8)]
            body = smi_concise(rows)
        for j, l in enumerate([SMI_BANNER, SMI_CONCISE] + body + ["=" * 120, SMI_END]):
            s.joblog(tt + 0.0005 * j, J, f"{k}: {l}")


def build_s1() -> Scenario:
    name = "mi300x-megatron-ds-sclk-stuck-straggler"
    J, N = "2215708", "2215655"
    nodes = ["gpu01", "gpu02", "gpu03", "gpu04"]
    bad = "gpu02"
    s = Scenario(name, "4-node x 8 MI300X Megatron-DeepSpeed (ROCm fork) Llama-2 7B pretraining, log interval 5. "
                 "About 40 min into the window the elapsed time per iteration jumps from ~9.8 s to several minutes and "
                 "stays there. No process prints an error or warning; RCCL does not time out; Slurm sees nothing. The "
                 "job script takes a `rocm-smi` snapshot of its nodes every 45 min.",
                 "2025-03-05T06:00:00Z",
                 {"name": "mi300x-prod", "partition": "train", "nodes": "gpu[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": MI300X_BUS},
                 [{"id": J, "name": "llama2-7b-mds-pretrain", "user": "mkaito", "nodes": "gpu[01-04]", "tasks_per_node": 8,
                   "started": "2025-03-05T03:12:40Z", "comment": comment(2, "/lustre/ckpt/llama2-7b-mds")},
                  {"id": N, "name": "torchtune-qwen2-7b-lora", "user": "ebrandt", "nodes": "gpu[07-08]",
                   "tasks_per_node": 8, "started": "2025-03-05T04:40:00Z"}])
    rng = s.rng
    guids = {(n, g): rng.randint(1000, 65000) for n in nodes for g in range(8)}
    guids[(bad, 0)], guids[(bad, 1)], guids[(bad, 2)] = 60024, 21472, 9988   # the thread's GUIDs (GPUs 0-2)
    total, gbs = 60000, 512
    it = 1025
    t = 14.0
    t_fault = 2431.0
    base = 9.8
    # SYNTH Megatron-DeepSpeed training_log lines (rank 31 prints them, log interval 5)
    while t < 7200.0:
        ms_each = []
        tt = t
        for _ in range(5):
            sec = base + rng.uniform(-0.15, 0.15) if tt < t_fault else 301.0 + rng.uniform(-9, 9)
            ms_each.append(sec)
            tt += sec
        if tt >= 7200.0:
            break
        ms = 1000 * sum(ms_each) / 5
        it += 5
        loss = 2.412 - 0.00004 * it + rng.uniform(-0.01, 0.01)
        s.joblog(tt, J, mds_iter(it, total, ms, 2.9e-4, loss, gbs, 281.0 * 9800 / ms))  # SYNTH
        t = tt
    for ts, slow, real in [(620.0, False, False), (3320.0, True, True), (6020.0, True, False)]:
        s1_snapshot(s, ts, J, nodes, bad, slow, guids, real)  # SYNTH framing; the thread's rows in the first slow one
    tn, st = 25.0, 1840
    while tn < 7200.0:  # SYNTH neighbour (torchtune on gpu07-08)
        s.joblog(tn, N, torchtune_step(st, round(1.02 - st * 4e-5 + rng.uniform(-0.02, 0.02), 4), 0.0003,
                                       round(3110.0 + rng.uniform(-40, 40), 2)))
        st += 10
        tn += 61.0 + rng.uniform(-1, 1)

    def fn(n_, g, tt):  # SYNTH DCGM-named samples (mapped from amd-smi)
        if n_ == "gpu07":
            return smp28(rng, "mi300x", rng.randint(90, 100), rng.uniform(540, 700), clock=2100)
        if tt < t_fault:
            return smp28(rng, "mi300x", rng.randint(96, 100), rng.uniform(600, 735), clock=rng.choice([2100, 2098, 2095]))
        if n_ == bad:
            return smp28(rng, "mi300x", 100, rng.uniform(152, 158), clock=rng.randint(56, 59))
        return smp28(rng, "mi300x", 100, rng.uniform(205, 240), clock=2100)   # peers wait in RCCL for gpu02
    run_sampler(s, nodes, 8, 0.0, 7200.0, 300.0, fn)       # SYNTH every 300 s
    run_sampler(s, ["gpu07"], 8, 0.0, 7200.0, 600.0, fn)   # SYNTH neighbour
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N],
                    no_drain=["gpu01", "gpu03", "gpu04", "gpu07", "gpu08"])
    return s


# ======================================================================================
# S2  azure-a10-grid-unlicensed-new-nodes-infra  (infrastructure: on a cloud Slurm cluster of NV36ads_A10_v5 nodes
#     the autoscaler powers up eight new nodes from the current image; every job that lands on any of them dies at
#     CUDA/NVML initialisation (`CUDA-capable device(s) is/are busy or unavailable`, `Failed to initialize NVML`);
#     jobs on the older nodes run on)
# ======================================================================================
# Source: https://github.com/Azure/AKS/issues/4870 -- "[BUG] Nvidia A10 GPUs running into device errors - potentially
# vGPU Unlicensed Issue" (2025-03-16): "All our GPU workloads on Standard_NV36ads_A10_v5 have started failing suddenly
# on new nodes"; `nvidia-smi` on a node gives `Failed to initialize NVML: Unknown Error`; on one node nvidia-smi showed
# the licence problem. Closed with Microsoft's notice (AKS issue 4880): the node images carried GRID driver 550, which
# does not install the nvidia-gridd unit, so the vGPU licence stays Unlicensed and workloads fail; the fix was a node
# image that reverted the driver. The two lines below are verbatim; the CUDA boilerplate lines that follow the
# RuntimeError in the thread were already used by an earlier corpus and are emitted as SYNTH.
REAL_S2 = [
    "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable",
    "Failed to initialize NVML: Unknown Error",
]


def s2_torch_fail(s: Scenario, t: float, J: str, script: str, frames: list) -> float:
    """SYNTH: a PyTorch job dying at its first CUDA call; the RuntimeError line is the thread's."""
    s.joblog(t, J, "Traceback (most recent call last):")  # SYNTH (text used earlier)
    for k, f in enumerate(frames):
        s.joblog(t + 0.001 * (k + 1), J, f)  # SYNTH
    s.joblog(t + 0.02, J, REAL_S2[0])
    s.joblog(t + 0.021, J, "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")  # SYNTH (text used earlier)
    s.joblog(t + 0.022, J, "For debugging consider passing CUDA_LAUNCH_BLOCKING=1")  # SYNTH (text used earlier)
    s.joblog(t + 0.023, J, "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")  # SYNTH (text used earlier)
    return t + 0.03


def build_s2() -> Scenario:
    name = "azure-a10-grid-unlicensed-new-nodes-infra"
    A, B, C, D, N = "88412", "88415", "88419", "88423", "88377"
    new = [f"nva10-{i:02d}" for i in range(13, 21)]
    s = Scenario(name, "Cloud Slurm cluster of Standard_NV36ads_A10_v5 nodes (one A10 each, GRID driver). Late in the "
                 "evening the autoscaler powers up nva10-[13-20] from the current VM image. Four jobs of four users "
                 "start on them; each dies within a minute at its first CUDA or NVML call. A job on the older "
                 "nva10-[03-04] keeps training. DCGM has no samples from the new nodes.",
                 "2025-03-16T22:30:00Z",
                 {"name": "azhpc-a10", "partition": "a10", "nodes": "nva10-[01-24]", "gpus_per_node": 1},
                 [{"id": N, "name": "trl-sft-llama3-8b-qlora", "user": "pnair", "nodes": "nva10-[03-04]", "tasks_per_node": 1,
                   "started": "2025-03-16T19:02:00Z"},
                  {"id": A, "name": "sdxl-lora-batch", "user": "chiragj", "nodes": "nva10-13", "tasks_per_node": 1,
                   "started": "2025-03-16T22:56:10Z", "comment": comment(3)},
                  {"id": B, "name": "whisper-small-ft", "user": "lmoreau", "nodes": "nva10-[14-15]", "tasks_per_node": 1,
                   "started": "2025-03-16T22:57:05Z", "comment": comment(2, "/shared/ckpt/whisper-ft")},
                  {"id": C, "name": "embed-reindex", "user": "chiragj", "nodes": "nva10-17", "tasks_per_node": 1,
                   "started": "2025-03-16T23:07:50Z"},
                  {"id": D, "name": "flax-vit-b16-ft", "user": "okafor", "nodes": "nva10-[18-19]", "tasks_per_node": 1,
                   "started": "2025-03-16T23:11:30Z", "comment": comment(2)}])
    rng = s.rng
    for k, n in enumerate(new):  # SYNTH autoscaler power-up
        s.node_state(1180.0 + 9 * k, n, "IDLE+CLOUD", "")
    py = "/opt/conda/lib/python3.11/site-packages"
    # job A: diffusers SDXL LoRA (accelerate); dies moving the UNet to the GPU
    tA = hms_t(s.start, dt.datetime(2025, 3, 16, 22, 56, 10))
    s.job_state(tA, A, "RUNNING", "0:0", nodes="nva10-13")  # SYNTH
    s.joblog(tA + 6.0, A, "+ nvidia-smi -L")  # SYNTH
    s.joblog(tA + 6.4, A, REAL_S2[1])
    s.joblog(tA + 31.0, A, f"03/16/2025 22:56:41 - INFO - __main__ - Distributed environment: NO")  # SYNTH
    tf = s2_torch_fail(s, tA + 44.0, A, "train_text_to_image_lora_sdxl.py", [
        '  File "/work/chiragj/sdxl/train_text_to_image_lora_sdxl.py", line 1285, in <module>', "    main(args)",
        '  File "/work/chiragj/sdxl/train_text_to_image_lora_sdxl.py", line 676, in main',
        "    unet.to(accelerator.device, dtype=weight_dtype)",
        f'  File "{py}/torch/nn/modules/module.py", line 1343, in to', "    return self._apply(convert)"])
    s.joblog(tf + 1.0, A, "srun: error: nva10-13: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(tf + 1.5, A, "FAILED", "1:0")  # SYNTH
    t_first = tA + 6.4
    # job B: 2-node whisper fine-tune (torchrun); both ranks die in init_process_group / set_device
    tB = hms_t(s.start, dt.datetime(2025, 3, 16, 22, 57, 5))
    s.job_state(tB, B, "RUNNING", "0:0", nodes="nva10-[14-15]")  # SYNTH
    for r, h in enumerate(["nva10-14", "nva10-15"]):
        tt = tB + 21.0 + 0.4 * r
        tf = s2_torch_fail(s, tt, B, "finetune.py", [
            '  File "/shared/lmoreau/whisper/finetune.py", line 212, in <module>', "    main()",
            '  File "/shared/lmoreau/whisper/finetune.py", line 61, in main', "    torch.cuda.set_device(local_rank)",
            f'  File "{py}/torch/cuda/__init__.py", line 478, in set_device', "    torch._C._cuda_setDevice(device)"])
    s.joblog(tf + 2.0, B, "srun: error: nva10-14: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(tf + 2.2, B, "srun: error: nva10-15: task 1: Exited with exit code 1")  # SYNTH
    s.job_state(tf + 3.0, B, "FAILED", "1:0")  # SYNTH
    # job C: an embedding re-index; its script checks the GPU first
    tC = hms_t(s.start, dt.datetime(2025, 3, 16, 23, 7, 50))
    s.job_state(tC, C, "RUNNING", "0:0", nodes="nva10-17")  # SYNTH
    s.joblog(tC + 3.0, C, "+ nvidia-smi -q | grep -A1 'vGPU Software Licensed Product'")  # SYNTH
    s.joblog(tC + 3.6, C, "    vGPU Software Licensed Product")  # SYNTH
    s.joblog(tC + 3.61, C, "        License Status                    : Unlicensed (Restricted)")  # SYNTH
    s.joblog(tC + 15.0, C, f"[{s.at(tC + 15):%Y-%m-%d %H:%M:%S}] loading sentence-transformers/all-mpnet-base-v2 on cuda")  # SYNTH
    tf = s2_torch_fail(s, tC + 37.0, C, "reindex.py", [
        '  File "/work/chiragj/embed/reindex.py", line 88, in <module>',
        '    model = SentenceTransformer(args.model, device="cuda")',
        f'  File "{py}/sentence_transformers/SentenceTransformer.py", line 308, in __init__', "    self.to(device)",
        f'  File "{py}/torch/nn/modules/module.py", line 1343, in to', "    return self._apply(convert)"])
    s.joblog(tf + 1.0, C, "srun: error: nva10-17: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(tf + 1.4, C, "FAILED", "1:0")  # SYNTH
    # job D: Flax/JAX on 2 nodes; JAX falls back and the script refuses to run on CPU
    tD = hms_t(s.start, dt.datetime(2025, 3, 16, 23, 11, 30))
    s.job_state(tD, D, "RUNNING", "0:0", nodes="nva10-[18-19]")  # SYNTH
    for r in range(2):
        s.joblog(tD + 18.0 + 0.3 * r, D, "An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed. "
                 "Falling back to cpu.")  # SYNTH
        s.joblog(tD + 18.5 + 0.3 * r, D, f"E0316 {s.at(tD + 18.5):%H:%M:%S}.{s.at(tD + 18.5).microsecond:06d}    {2210 + r} "
                 "cuda_executor.cc:1229] failed call to cuInit: CUDA_ERROR_NOT_INITIALIZED: initialization error")  # SYNTH
        s.joblog(tD + 19.0 + 0.3 * r, D, "AssertionError: expected 1 GPU per process, jax.devices() = [CpuDevice(id=0)]")  # SYNTH
    s.joblog(tD + 21.0, D, "srun: error: nva10-18: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(tD + 21.3, D, "srun: error: nva10-19: task 1: Exited with exit code 1")  # SYNTH
    s.job_state(tD + 22.0, D, "FAILED", "1:0")  # SYNTH
    t_end = tD + 1500.0
    tn, st = 12.0, 2210
    while tn < t_end:  # SYNTH neighbour on the old nodes (TRL SFTTrainer dict)
        s.joblog(tn, N, hf_trainer_dict(1.21 - st * 5e-5, 0.41 + rng.uniform(-0.05, 0.05), 1.6e-4, st / 3100))
        st += 10
        tn += 118.0 + rng.uniform(-2, 2)

    def fn(n_, g, tt):  # SYNTH DCGM samples: only nodes whose NVML works report
        if n_ in new:
            return None
        if n_ in ("nva10-03", "nva10-04"):
            return smp28(rng, "a10_nva10", rng.randint(88, 100), rng.uniform(118, 146), clock=1695)
        return smp28(rng, "a10_nva10", 0, rng.uniform(14, 18), clock=210)
    run_sampler(s, ["nva10-03", "nva10-04", "nva10-07"] + new, 1, 0.0, t_end, 120.0, fn)  # SYNTH
    s.truth = truth({"t": t_first, "category": "infrastructure", "node": None},
                    no_requeue=[A, B, C, D, N], no_drain=new + ["nva10-03", "nva10-04"])
    return s


# ======================================================================================
# S3  mi100-horovod-ucx-retry-exceeded-rlid-1037  (network: an 8-node x 8 MI100 Horovod/TensorFlow (ROCm) job over
#     Open MPI 5 + UCX; one node's HDR splitter cable goes bad; ranks on four other nodes die with UCX `Transport retry
#     count exceeded` naming remote LID 1037; only lxbk1130's own kernel log shows the cable)
# ======================================================================================
# Source: https://github.com/openucx/ucx/issues/9590 -- UCX `Transport retry count exceeded on mlx5_0:1/IB` with
# `DCI QP ... rlid 1037` on an 8-node x 8 MI100 cluster (Open MPI 5 + UCX 1.15, HDR splitter cables). The replies
# point at the fabric (port/cable errors, PortRcvErrors on the links towards one destination); a second user with the
# same errors fixed them by reseating/moving a cable. The reporter's lines below are verbatim (the first one is cut at
# its start in the thread, so the emitted line restores the leading `[`); every other UCX line is SYNTH in the same
# format. Which host owns LID 1037, the cable error and the Horovod/tf_cnn_benchmarks framing are mine.
REAL_S3 = [
    "lxbk1127:2330856:0:2330856] ib_mlx5_log.c:177  Transport retry count exceeded on mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)",
    "[lxbk1127:2330856:0:2330856] ib_mlx5_log.c:177  DCI QP 0xd16 wqe[6168]: SEND s-e [rqpn 0x17de rlid 1037] [va 0x7f9f745cea80 len 5770 lkey 0x15de4] ",
    "[lxbk1127:2330859:0:2330859] ib_mlx5_log.c:177  Transport retry count exceeded on mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)",
    "[lxbk1127:2330859:0:2330859] ib_mlx5_log.c:177  DCI QP 0xd1e wqe[47519]: SEND s-e [rqpn 0x17db rlid 1037] [inl len 61] ",
]
REAL_S3_BT = [
    "==== backtrace (tid:2330856) ====",
    " 0  /usr/local/ucx/lib/libucs.so.0(ucs_handle_error+0x294) [0x7fada58370a4]",
    " 1  /usr/local/ucx/lib/libucs.so.0(ucs_fatal_error_message+0xb0) [0x7fada5834070]",
    " 2  /usr/local/ucx/lib/libucs.so.0(ucs_log_default_handler+0xf09) [0x7fada5838bd9]",
    " 3  /usr/local/ucx/lib/libucs.so.0(ucs_log_dispatch+0xdc) [0x7fada5838f8c]",
    " 4  /usr/local/ucx/lib/ucx/libuct_ib.so.0(uct_ib_mlx5_completion_with_err+0x24c) [0x7fa59879061c]",
    " 5  /usr/local/ucx/lib/ucx/libuct_ib.so.0(uct_dc_mlx5_ep_handle_failure+0xc7) [0x7fa5987c0517]",
    " 6  /usr/local/ucx/lib/ucx/libuct_ib.so.0(uct_ib_mlx5_check_completion+0x35) [0x7fa5987923b5]",
]


def s3_ucx_pair(host: str, pid: int, qp: int, wqe: int, rqpn: int, rlid: int, tail: str) -> list:
    """SYNTH: a UCX DC transport error pair in the thread's format."""
    p = f"[{host}:{pid}:0:{pid}] ib_mlx5_log.c:177  "
    return [p + "Transport retry count exceeded on mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)",
            p + f"DCI QP 0x{qp:x} wqe[{wqe}]: SEND s-e [rqpn 0x{rqpn:x} rlid {rlid}] {tail} "]


def build_s3() -> Scenario:
    name = "mi100-horovod-ucx-retry-exceeded-rlid-1037"
    J, N = "5512047", "5512011"
    nodes = [f"lxbk{i}" for i in range(1125, 1133)]
    bad = "lxbk1130"
    lids = dict(zip(nodes, [1029, 1031, 1033, 1035, 1036, 1037, 1041, 1043]))
    s = Scenario(name, "8-node x 8 MI100 Horovod + TensorFlow (ROCm) tf_cnn_benchmarks ResNet-50 run launched with "
                 "Open MPI 5 (`mpirun --tag-output`, UCX 1.15 over HDR InfiniBand). After ~35 min of steady steps, "
                 "ranks on several nodes abort with UCX `Transport retry count exceeded` errors and mpirun tears the "
                 "job down. The job script printed each node's IB port LID at start.",
                 "2023-12-06T09:00:00Z",
                 {"name": "virgo-mi100", "partition": "gpu", "nodes": "lxbk[1120-1139]", "gpus_per_node": 8},
                 [{"id": J, "name": "hvd-tfcnn-resnet50-mi100", "user": "vpenso", "nodes": "lxbk[1125-1132]",
                   "tasks_per_node": 8, "started": "2023-12-06T08:41:20Z", "comment": comment(2)},
                  {"id": N, "name": "lqcd-grid-hmc", "user": "afranke", "nodes": "lxbk[1135-1136]", "tasks_per_node": 8,
                   "started": "2023-12-06T06:10:00Z"}])
    rng = s.rng
    # SYNTH: the job script's port check at start (before the window) is replayed in the job log header
    s.joblog(2.0, J, "+ srun --ntasks-per-node=1 --label sh -c 'echo $(hostname) $(cat /sys/class/infiniband/mlx5_0/ports/1/lid) "
             "$(cat /sys/class/infiniband/mlx5_0/ports/1/state)'")  # SYNTH
    for k, n in enumerate(nodes):
        s.joblog(2.5 + 0.01 * k, J, f"{k}: {n} {hex(lids[n])} 4: ACTIVE")  # SYNTH (sysfs prints the LID in hex)
    s.joblog(4.0, J, "+ mpirun -np 64 --map-by ppr:8:node --tag-output --mca pml ucx -x UCX_TLS=dc,self,sm,rocm "
             "python tf_cnn_benchmarks.py --model=resnet50 --batch_size=128 --use_fp16 --variable_update=horovod "
             "--display_every=100")  # SYNTH (the launch line, echoed by `set -x` at job start)
    t_fault = 2093.0
    step, t = 4400, 20.0
    while t < t_fault:  # SYNTH tf_cnn_benchmarks progress (rank 0)
        s.joblog(t, J, f"[1,0]<stdout>:{tfcnn_line(step, 31420.0 + rng.uniform(-250, 250), rng.uniform(20, 60), 2.31 - step * 3e-5 + rng.uniform(-0.03, 0.03))}")
        step += 100
        t += 26.1 + rng.uniform(-0.3, 0.3)
    d = s.at(t_fault)
    s.kernel(t_fault, bad, f"{dmesg_t(d)} mlx5_core 0000:41:00.0: Port module event[error]: module 0, Cable error, Bad or shorted cable/module")  # SYNTH
    d2 = s.at(t_fault + 1.9)
    s.kernel(t_fault + 1.9, bad, f"{dmesg_t(d2)} mlx5_core 0000:41:00.0: mlx5_0:1: port state changed to DOWN")  # SYNTH
    d3 = s.at(t_fault + 7.4)
    s.kernel(t_fault + 7.4, bad, f"{dmesg_t(d3)} mlx5_core 0000:41:00.0: mlx5_0:1: port state changed to ACTIVE")  # SYNTH
    te = t_fault + 31.0
    # ranks on lxbk1127 (ranks 16-23): the thread's lines, verbatim
    rank_of = {2330856: 16, 2330859: 19}
    s.joblog(te, J, f"[1,16]<stderr>:[{REAL_S3[0]}")
    s.joblog(te + 0.0001, J, f"[1,16]<stderr>:{REAL_S3[1]}")
    s.joblog(te + 0.004, J, f"[1,19]<stderr>:{REAL_S3[2]}")
    s.joblog(te + 0.0041, J, f"[1,19]<stderr>:{REAL_S3[3]}")
    for k, l in enumerate(REAL_S3_BT):
        s.joblog(te + 0.01 + 0.0001 * k, J, f"[1,16]<stderr>:{l}")
    for k, l in enumerate([" 7  /usr/local/ucx/lib/ucx/libuct_ib.so.0(uct_dc_mlx5_iface_progress_ll+0x2f) [0x7fa5987c2c8f]",
                           " 8  /usr/local/ucx/lib/libucp.so.0(ucp_worker_progress+0x6a) [0x7fada58bd4ea]",
                           " 9  /usr/local/openmpi/lib/openmpi/mca_pml_ucx.so(mca_pml_ucx_progress+0x17) [0x7fad9c2a5d97]",
                           "10  /usr/local/openmpi/lib/libopen-pal.so.80(opal_progress+0x2c) [0x7fada4e1a3cc]",
                           "=================================="]):
        s.joblog(te + 0.0108 + 0.0001 * k, J, f"[1,16]<stderr>:{l}")  # SYNTH (frames after the thread's cut)
    # SYNTH: ranks on three more peer nodes name the same remote LID 1037
    for k, (n, lr) in enumerate([("lxbk1125", 2), ("lxbk1128", 5), ("lxbk1132", 1), ("lxbk1125", 6)]):
        pid = rng.randint(1100000, 3900000)
        r = nodes.index(n) * 8 + lr
        tail = rng.choice([f"[va 0x7f{rng.randint(0x100000000, 0xfffffffff):x} len {rng.choice([5770, 8256, 4096])} lkey 0x{rng.randint(0x10000, 0x1ffff):x}]",
                           f"[inl len {rng.choice([61, 45, 77])}]"])
        for j, l in enumerate(s3_ucx_pair(n, pid, rng.randint(0xc00, 0xdff), rng.randint(1000, 60000),
                                            rng.randint(0x1700, 0x17ff), 1037, tail)):
            s.joblog(te + 0.4 + 0.37 * k + 0.0001 * j, J, f"[1,{r}]<stderr>:{l}")
    # SYNTH: lxbk1130's own ranks see failures towards several peers
    for k, (lr, peer) in enumerate([(0, "lxbk1125"), (4, "lxbk1128"), (7, "lxbk1131")]):
        pid = rng.randint(1100000, 3900000)
        for j, l in enumerate(s3_ucx_pair(bad, pid, rng.randint(0xc00, 0xdff), rng.randint(1000, 60000),
                                            rng.randint(0x1700, 0x17ff), lids[peer], "[inl len 61]")):
            s.joblog(te + 2.1 + 0.29 * k + 0.0001 * j, J, f"[1,{40 + lr}]<stderr>:{l}")
    ta = te + 4.0
    for k, l in enumerate(["--------------------------------------------------------------------------",
                           "Primary job  terminated normally, but 1 process returned",
                           "a non-zero exit code. Per user-direction, the job has been aborted.",
                           "--------------------------------------------------------------------------",
                           "--------------------------------------------------------------------------",
                           "mpirun noticed that process rank 16 with PID 2330856 on node lxbk1127 exited on signal 6 (Aborted).",
                           "--------------------------------------------------------------------------"]):
        s.joblog(ta + 0.001 * k, J, l)  # SYNTH (Open MPI teardown)
    s.job_state(ta + 3.0, J, "FAILED", "134:0")  # SYNTH
    t_end = ta + 1200.0
    tn, traj = 14.0, 8120
    while tn < t_end:  # SYNTH neighbour (Grid HMC trajectories)
        s.joblog(tn, N, f"Grid : Message : {tn + 91000:.6f} s : Trajectory {traj} Plaquette {0.5883 + rng.uniform(-2e-4, 2e-4):.7f} "
                        f"dH {rng.uniform(-0.4, 0.6):.5f} accept 1")
        traj += 1
        tn += 212.0 + rng.uniform(-3, 3)

    def fn(n_, g, tt):  # SYNTH DCGM-named samples (mapped from rocm-smi)
        if n_ == "lxbk1135":
            return smp28(rng, "mi100", rng.randint(92, 100), rng.uniform(230, 290), keys=UP)
        if tt < t_fault:
            return smp28(rng, "mi100", rng.randint(94, 100), rng.uniform(225, 285), keys=UP)
        if tt < ta + 3:
            return smp28(rng, "mi100", 100, rng.uniform(95, 115), keys=UP)
        return smp28(rng, "mi100", 0, rng.uniform(34, 40), keys=UP)
    run_sampler(s, nodes, 8, 0.0, t_end, 600.0, fn)        # SYNTH every 600 s
    run_sampler(s, ["lxbk1135"], 8, 0.0, t_end, 900.0, fn)  # SYNTH neighbour
    s.truth = truth({"t": t_fault, "category": "network", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=[n for n in nodes if n != bad])
    return s


# ======================================================================================
# S4  accelerate-rich-ecc-uncorrectable-gpu0  (gpu_hardware: an 8 x A100 `accelerate launch` diffusers
#     text-to-image fine-tune dies before its first step: rank 0's `.to(device)` raises `uncorrectable ECC error
#     encountered`, printed as a rich-formatted traceback box; the rich-logging launcher then SIGTERMs the other seven
#     ranks; the kernel logs Xid 95 and a row-remap event for GPU 0)
# ======================================================================================
# Source: https://github.com/huggingface/accelerate/issues/1192 -- "RuntimeError: CUDA error: uncorrectable ECC error
# encountered" (accelerate 0.17.1, torch 1.13.1, 8 processes, fp16, diffusers train_text_to_image.py). The failure is
# inside Module.to() (`return self._apply(convert)` in the rich traceback) and the launcher prints rich-formatted
# `WARNING  Sending process N closing signal SIGTERM` lines for processes 197-200 (so pid 196, the first child, failed).
# The maintainer's reading: an ECC error is a hardware problem with that GPU, not accelerate. Verbatim lines below;
# the `RuntimeError ...` line itself and the rest of the box are SYNTH (the RuntimeError text was used earlier).
REAL_S4_BOX = [
    "│    988 │   │                                                                                     │",
    "│    989 │   │   return self._apply(convert)                                                       │",
    "│    990                                                                                           │",
    "╰──────────────────────────────────────────────────────────────────────────────────────────────────╯",
]
REAL_S4_WARN = [
    "[15:58:29] WARNING  Sending process 197 closing signal SIGTERM                                                                                                                 api.py:699",
    "           WARNING  Sending process 198 closing signal SIGTERM                                                                                                                 api.py:699",
    "           WARNING  Sending process 199 closing signal SIGTERM                                                                                                                 api.py:699",
    "           WARNING  Sending process 200 closing signal SIGTERM",
]


def rich_box_line(text: str) -> str:
    """SYNTH: one content line of the rich traceback box (same width as the thread's box)."""
    inner = len(REAL_S4_BOX[3]) - 2
    return "│" + text[:inner].ljust(inner) + "│"


def build_s4() -> Scenario:
    name = "accelerate-rich-ecc-uncorrectable-gpu0"
    J, N = "3390714", "3390688"
    node = "hgx-a100-05"
    s = Scenario(name, "Single-node 8 x A100-SXM4-80GB `accelerate launch --multi_gpu --num_processes 8` diffusers "
                 "text-to-image fine-tune (accelerate 0.17.1, torch 1.13.1, rich tracebacks/logging enabled). ~1.5 min "
                 "after start, while models are moved to the GPUs, one rank prints a rich traceback box and the "
                 "launcher sends SIGTERM to the others; the job fails before its first training step.",
                 "2023-03-14T15:45:00Z",
                 {"name": "hgx-a100", "partition": "gpu", "nodes": "hgx-a100-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": A100_BUS},
                 [{"id": J, "name": "sd15-t2i-finetune", "user": "zihaow", "nodes": node, "tasks_per_node": 1,
                   "started": "2023-03-14T15:56:50Z", "comment": comment(2, "/data/zihaow/sd-model-finetuned")},
                  {"id": N, "name": "mae-vitl-pretrain", "user": "rtanaka", "nodes": "hgx-a100-09", "tasks_per_node": 8,
                   "started": "2023-03-14T11:20:00Z"}])
    rng = s.rng
    t0 = hms_t(s.start, dt.datetime(2023, 3, 14, 15, 56, 50))
    s.job_state(t0, J, "RUNNING", "0:0", nodes=node)  # SYNTH
    s.joblog(t0 + 1.0, J, "+ accelerate launch --multi_gpu --mixed_precision=fp16 --num_processes 8 train_text_to_image.py "
             "--pretrained_model_name_or_path=runwayml/stable-diffusion-v1-5 --dataset_name=lambdalabs/pokemon-blip-captions "
             "--resolution=512 --train_batch_size=4 --max_train_steps=15000 --output_dir=/data/zihaow/sd-model-finetuned")  # SYNTH
    for r in range(8):  # SYNTH accelerate state print, one per process (diffusers script's logging format)
        d = s.at(t0 + 38.0 + 0.05 * r)
        s.joblog(t0 + 38.0 + 0.05 * r, J, f"{d:%m/%d/%Y %H:%M:%S} - INFO - __main__ - Distributed environment: MULTI_GPU  "
                 f"Backend: nccl")
        s.joblog(t0 + 38.0 + 0.05 * r + 0.001, J, f"Num processes: 8")
        s.joblog(t0 + 38.0 + 0.05 * r + 0.002, J, f"Process index: {r}")
        s.joblog(t0 + 38.0 + 0.05 * r + 0.003, J, f"Local process index: {r}")
        s.joblog(t0 + 38.0 + 0.05 * r + 0.004, J, f"Device: cuda:{r}")
        s.joblog(t0 + 38.0 + 0.05 * r + 0.005, J, "Mixed precision type: fp16")
    s.joblog(t0 + 52.0, J, "{'variance_type', 'clip_sample_range', 'prediction_type', 'thresholding', 'dynamic_thresholding_ratio', "
             "'sample_max_value'} was not found in config. Values will be initialized to default values.")  # SYNTH
    t_x = hms_t(s.start, dt.datetime(2023, 3, 14, 15, 58, 27, 410000))
    d = s.at(t_x)
    s.kernel(t_x, node, f"{dmesg_t(d)} NVRM: Xid (PCI:0000:07:00): 95, pid=196, name=python3, Uncontained: LTC TAG (0x2,0x0). RST: Yes, D-RST: No")  # SYNTH
    s.kernel(t_x + 0.02, node, f"{dmesg_t(d)} NVRM: Xid (PCI:0000:07:00): 63, pid=196, name=python3, Row Remapper: New row marked for remapping, reset gpu to activate.")  # SYNTH
    tb = t_x + 0.9
    head = "╭" + "─" * 31 + " Traceback (most recent call last) " + "─" * 32 + "╮"
    assert len(head) == len(REAL_S4_BOX[3]), (len(head), len(REAL_S4_BOX[3]))
    p = "/home/zihaow/diffusers/examples/text_to_image/train_text_to_image.py"
    tm = "/usr/local/lib/python3.9/dist-packages/torch/nn/modules/module.py"
    box = [head,
           rich_box_line(f" {p}:781 in <module>"), rich_box_line(""),
           rich_box_line("   778 "), rich_box_line("   779 "), rich_box_line("   780 if __name__ == \"__main__\":"),
           rich_box_line(" ❱ 781 │   main()"), rich_box_line("   782 "), rich_box_line(""),
           rich_box_line(f" {p}:649 in main"), rich_box_line(""),
           rich_box_line("   646 │   │   weight_dtype = torch.float16"), rich_box_line("   647 │   "),
           rich_box_line("   648 │   # Move text_encode and vae to gpu and cast to weight_dtype"),
           rich_box_line(" ❱ 649 │   text_encoder.to(accelerator.device, dtype=weight_dtype)"),
           rich_box_line("   650 │   vae.to(accelerator.device, dtype=weight_dtype)"), rich_box_line("   651 │   "),
           rich_box_line("   652 │   # We need to recalculate our total training steps as the size of the training"),
           rich_box_line(""),
           rich_box_line(f" {tm}:989 in to"), rich_box_line(""),
           rich_box_line("    986 │   │   │   │   │   │   │   non_blocking, memory_format=convert_to_format)"),
           rich_box_line("    987 │   │   │   return t.to(device, dtype if t.is_floating_point() or t.is_complex() else"),
           rich_box_line("    988 │   │   "),
           rich_box_line(" ❱  989 │   │   return self._apply(convert)"),
           rich_box_line("    990 "), rich_box_line(""),
           rich_box_line(f" {tm}:641 in _apply"), rich_box_line(""),
           rich_box_line("    638 │   "),
           rich_box_line("    639 │   def _apply(self, fn):"),
           rich_box_line("    640 │   │   for module in self.children():"),
           rich_box_line(" ❱  641 │   │   │   module._apply(fn)"),
           rich_box_line("    642 │   │   "),
           rich_box_line("    643 │   │   def compute_should_use_set_data(tensor, tensor_applied):"),
           rich_box_line("    644 │   │   │   if torch._has_compatible_shallow_copy_type(tensor, tensor_applied):"),
           rich_box_line(""),
           rich_box_line("                                   ... 2 frames hidden ..."),
           rich_box_line(""),
           rich_box_line(f" {tm}:664 in _apply"), rich_box_line(""),
           rich_box_line("    661 │   │   │   # `with torch.no_grad():`"),
           rich_box_line("    662 │   │   │   with torch.no_grad():"),
           rich_box_line(" ❱  664 │   │   │   │   param_applied = fn(param)"),
           rich_box_line("    665 │   │   │   should_use_set_data = compute_should_use_set_data(param, param_applied)"),
           rich_box_line("    666 │   │   │   if should_use_set_data:"),
           rich_box_line(""),
           rich_box_line(f" {tm}:987 in convert"), rich_box_line(""),
           rich_box_line("    984 │   │   │   if convert_to_format is not None and t.dim() in (4, 5):"),
           rich_box_line("    985 │   │   │   │   return t.to(device, dtype if t.is_floating_point() or t.is_complex() els"),
           rich_box_line("    986 │   │   │   │   │   │   │   non_blocking, memory_format=convert_to_format)"),
           rich_box_line(" ❱  987 │   │   │   return t.to(device, dtype if t.is_floating_point() or t.is_complex() else"),
           ]  # SYNTH (frames before the thread's lines; layout follows rich's)
    for k, l in enumerate(box):
        s.joblog(tb + 0.0005 * k, J, l)
    for k, l in enumerate(REAL_S4_BOX):
        s.joblog(tb + 0.02 + 0.0005 * k, J, l)
    s.joblog(tb + 0.03, J, "RuntimeError: CUDA error: uncorrectable ECC error encountered")  # SYNTH (thread text, used earlier)
    s.joblog(tb + 0.0301, J, "CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below might be incorrect.")  # SYNTH (thread text, used earlier)
    s.joblog(tb + 0.0302, J, "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.")  # SYNTH (thread text, used earlier)
    tw = hms_t(s.start, dt.datetime(2023, 3, 14, 15, 58, 29, 120000))
    for k, l in enumerate(REAL_S4_WARN):
        tail = " " * (len(REAL_S4_WARN[0]) - len(l) - 10) + "api.py:699" if k == 3 else ""  # SYNTH completion of the cut line
        s.joblog(tw + 0.001 * k, J, l + tail)
    for k, pid in enumerate([201, 202, 203]):
        l = f"           WARNING  Sending process {pid} closing signal SIGTERM"
        s.joblog(tw + 0.004 + 0.001 * k, J, l + " " * (len(REAL_S4_WARN[0]) - len(l) - 10) + "api.py:699")  # SYNTH
    l = "[15:58:31] ERROR    failed (exitcode: 1) local_rank: 0 (pid: 196) of binary: /usr/bin/python3"
    s.joblog(tw + 2.0, J, l + " " * (len(REAL_S4_WARN[0]) - len(l) - 10) + "api.py:673")  # SYNTH
    for k, l in enumerate(["╭" + "─" * 31 + " Traceback (most recent call last) " + "─" * 32 + "╮",
                           rich_box_line(" /usr/local/bin/accelerate:8 in <module>"),
                           rich_box_line(" ❱ 8 │   sys.exit(main())"),
                           rich_box_line(" /usr/local/lib/python3.9/dist-packages/accelerate/commands/launch.py:1097 in launch_command"),
                           rich_box_line(" ❱ 1097 │   │   multi_gpu_launcher(args)"),
                           rich_box_line(" /usr/local/lib/python3.9/dist-packages/torch/distributed/launcher/api.py:246 in launch_agent"),
                           rich_box_line(" ❱ 246 │   │   raise ChildFailedError("),
                           "╰" + "─" * (len(REAL_S4_BOX[3]) - 2) + "╯",
                           "ChildFailedError: ",
                           "============================================================",
                           "train_text_to_image.py FAILED",
                           "------------------------------------------------------------",
                           "Failures:",
                           "  <NO_OTHER_FAILURES>",
                           "------------------------------------------------------------",
                           "Root Cause (first observed failure):",
                           "[0]:",
                           "  time      : 2023-03-14_15:58:29",
                           f"  host      : {node}",
                           "  rank      : 0 (local_rank: 0)",
                           "  exitcode  : 1 (pid: 196)",
                           "  error_file: <N/A>",
                           f"  traceback : {ELASTIC_HINT}",
                           "============================================================"]):
        s.joblog(tw + 2.5 + 0.0005 * k, J, l)  # SYNTH (launcher's rich traceback and summary)
    s.joblog(tw + 4.0, J, f"srun: error: {node}: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(tw + 4.5, J, "FAILED", "1:0")  # SYNTH
    t_end = tw + 1500.0
    tn, ep, it = 10.0, 41, 180
    while tn < t_end:  # SYNTH neighbour (MAE MetricLogger)
        s.joblog(tn, N, f"Epoch: [{ep}]  [{it:>4d}/1251]  eta: 0:{(1251 - it) * 0.52 // 60:02.0f}:{int((1251 - it) * 0.52) % 60:02d}  "
                        f"lr: 0.000{rng.randint(140, 150)}  loss: {0.4112 + rng.uniform(-0.004, 0.004):.4f} (0.4119)  "
                        f"time: {0.52 + rng.uniform(-0.01, 0.01):.4f}  data: 0.0011  max mem: 30410")
        it += 100
        if it > 1251:
            it, ep = it - 1251, ep + 1
        tn += 52.0 + rng.uniform(-0.5, 0.5)
    dbe = 0

    def fn(n_, g, tt):  # SYNTH DCGM samples (util, power, last Xid, DBE count)
        if n_ == "hgx-a100-09":
            f = smp28(rng, "a100_sxm80", rng.randint(90, 100), rng.uniform(320, 400), keys=K28E)
            f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 0
            return f
        bad_now = g == 0 and tt > t_x
        if t0 + 40 < tt < tw + 4:
            f = smp28(rng, "a100_sxm80", rng.randint(0, 30), rng.uniform(80, 110), keys=K28E, xid=95 if bad_now else 0)
        else:
            f = smp28(rng, "a100_sxm80", 0, rng.uniform(55, 64), keys=K28E, xid=95 if bad_now else 0)
        f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 2 if bad_now else 0
        return f
    run_sampler(s, [node], 8, 0.0, t_end, 60.0, fn)             # SYNTH every 60 s
    run_sampler(s, ["hgx-a100-09"], 8, 0.0, t_end, 300.0, fn)   # SYNTH neighbour
    s.truth = truth({"t": t_x, "category": "gpu_hardware", "node": node, "gpu": 0}, drain=[node],
                    requeue={J: {"exclude": [node]}}, no_requeue=[N], no_drain=["hgx-a100-09"])
    return s


# ======================================================================================
# S5  gadi-v100-2node-gdb-stacks-one-rank-in-item  (hang: a 2-node x 4 V100 PyTorch 1.12 DDP ImageNet job stops
#     printing; nothing times out (no async error handling); a stall watchdog in the job script dumps every rank's
#     native stack with gdb: seven ranks wait in cudaDeviceSynchronize, the last rank on the second node sits in
#     cudaMemcpyAsync under .item(); Slurm ends the job at its time limit)
# ======================================================================================
# Source: https://github.com/pytorch/pytorch/issues/95944 -- "training hangs at line torch.cuda.synchronize()" (2023-03,
# PyTorch 1.12.1 / CUDA 11.3 under /g/data/z00/yxs900 on NCI Gadi, two nodes): "All the ranks are waiting for
# "cudaDeviceSynchronize ()" except the last one on the second node", whose gdb stack (verbatim below) is in
# cudaMemcpyAsync called from _local_scalar_dense_cuda (a `.item()`). The issue is open with no fix; the odd rank out is
# the only lead. The other ranks' stacks, the stall watchdog, the Slurm framing (Gadi runs PBS) and the trainer lines
# are SYNTH; the last real line is cut in the thread and is completed in the emitted line.
REAL_S5_GDB = [
    "#0  0x000014cd955ebdbc in ?? () from /lib64/libcuda.so.1",
    "#1  0x000014cd953608b6 in ?? () from /lib64/libcuda.so.1",
    "#2  0x000014cd956bb12f in ?? () from /lib64/libcuda.so.1",
    "#3  0x000014cd956bda2f in ?? () from /lib64/libcuda.so.1",
    "#4  0x000014cd9536f0df in ?? () from /lib64/libcuda.so.1",
    "#5  0x000014cd9558ea8c in ?? () from /lib64/libcuda.so.1",
    "#6  0x000014cd9558f351 in ?? () from /lib64/libcuda.so.1",
    "#7  0x000014cd956b4940 in ?? () from /lib64/libcuda.so.1",
    "#8  0x000014cd9532f833 in ?? () from /lib64/libcuda.so.1",
    "#9  0x000014cd9532fd41 in ?? () from /lib64/libcuda.so.1",
    "#10 0x000014cd95330ca8 in ?? () from /lib64/libcuda.so.1",
    "#11 0x000014cd954fd9e1 in ?? () from /lib64/libcuda.so.1",
    "#12 0x000014cdd8a4d4f9 in ?? () from /g/data/z00/yxs900/installation/cuda/11.3.0/lib64/libcudart.so.11.0",
    "#13 0x000014cdd8a21f6d in ?? () from /g/data/z00/yxs900/installation/cuda/11.3.0/lib64/libcudart.so.11.0",
    "#14 0x000014cdd8a6cf36 in cudaMemcpyAsync () from /g/data/z00/yxs900/installation/cuda/11.3.0/lib64/libcudart.so.11.0",
    "#15 0x000014cdb53ae194 in at::native::_local_scalar_dense_cuda(at::Tensor const&)::{lambda()#1}::operator()() const [clone .isra.100] ()",
    "   from /g/data/z00/yxs900/installation/pytorch/v1.12.1/lib/python3.9/s",
]
S5_CUDART = "/g/data/z00/yxs900/installation/cuda/11.3.0/lib64/libcudart.so.11.0"                 # SYNTH (the thread's path)
S5_TORCH = "/g/data/z00/yxs900/installation/pytorch/v1.12.1/lib/python3.9/site-packages/torch/lib"  # SYNTH completion


def s5_sync_stack(rng, base: int) -> list:
    """SYNTH: a rank waiting in torch.cuda.synchronize() (gdb `bt`, frame layout and library spacing as in the thread)."""
    out = []
    n = 0
    for _ in range(rng.randint(6, 8)):
        out.append(f"#{n:<2d} 0x{base + 0x95000000 + rng.randint(0x1000, 0x3fffff):016x} in ?? () from /lib64/libcuda.so.1")
        n += 1
    out.append(f"#{n:<2d} 0x{base + 0xd8a00000 + rng.randint(0x1000, 0x4ffff):016x} in ?? () from {S5_CUDART}")
    out.append(f"#{n + 1:<2d} 0x{base + 0xd8a50000 + rng.randint(0x1000, 0x3ffff):016x} in cudaDeviceSynchronize () from {S5_CUDART}")
    out.append(f"#{n + 2:<2d} 0x{base + 0xc2000000 + rng.randint(0x1000, 0xfffff):016x} in THCPModule_cudaSynchronize(_object*, _object*) ()")
    out.append(f"   from {S5_TORCH}/libtorch_python.so")
    out.append(f"#{n + 3:<2d} 0x{0x4f5e00 + rng.randint(0, 0xfff):016x} in cfunction_vectorcall_NOARGS ()")
    return out


def build_s5() -> Scenario:
    name = "gadi-v100-2node-gdb-stacks-one-rank-in-item"
    J, N = "71630455", "71630102"
    nodes = ["gadi-gpu-v100-0063", "gadi-gpu-v100-0117"]
    bad = "gadi-gpu-v100-0117"
    s = Scenario(name, "2-node x 4 V100-SXM2-32GB PyTorch 1.12.1 DDP ImageNet ResNet-50 run (CUDA 11.3, NCCL, no "
                 "NCCL async error handling, so a stuck collective never times out). The progress meter stops in "
                 "epoch 10. The job script's stall watchdog notices 15 min without output and dumps every rank's native "
                 "stack with gdb into the job log; the job then sits until Slurm's time limit.",
                 "2023-03-02T01:00:00Z",
                 {"name": "gadi-gpuvolta", "partition": "gpuvolta", "nodes": "gadi-gpu-v100-[0001-0160]", "gpus_per_node": 4},
                 [{"id": J, "name": "rn50-ddp-2n", "user": "yxs900", "nodes": "gadi-gpu-v100-[0063,0117]", "tasks_per_node": 4,
                   "started": "2023-02-28T23:05:00Z", "comment": comment(2, "/scratch/z00/yxs900/ckpt/rn50")},
                  {"id": N, "name": "cp2k-md-gpu", "user": "hk4410", "nodes": "gadi-gpu-v100-0089", "tasks_per_node": 4,
                   "started": "2023-03-01T20:00:00Z"}])
    rng = s.rng
    n_it = 1252
    t, ep, it = 11.0, 7, 300
    t_hang = 1837.0
    tavg = 0.415
    while t < t_hang:  # SYNTH ProgressMeter (rank 0, print-freq 100)
        tm = 0.41 + rng.uniform(-0.01, 0.02)
        s.joblog(t, J, imagenet_meter(ep, it, n_it, tm, tavg, 1.52 - 0.002 * ep + rng.uniform(-0.05, 0.05), 1.55, 64.1 + rng.uniform(-2, 2), 84.9 + rng.uniform(-1, 1)))
        it += 100
        if it >= n_it:
            it -= n_it
            ep += 1
            s.joblog(t + 2.0, J, f" * Acc@1 {61.2 + ep * 0.4:.3f} Acc@5 {83.4 + ep * 0.2:.3f}")  # SYNTH
        t += 100 * 0.415 + rng.uniform(-0.5, 0.5)
    t_dump = t_hang + 900.0 + 14.0
    s.joblog(t_dump, J, f"[stall-watchdog {s.at(t_dump):%Y-%m-%d %H:%M:%S}] no output for 900 s; dumping native stacks "
             "(gdb -p PID -batch -ex bt) on all ranks")  # SYNTH
    pids = {}
    for r in range(8):
        pids[r] = rng.randint(1400000, 2900000)
    tt = t_dump + 3.0
    for r in range(8):
        host = nodes[r // 4]
        s.joblog(tt, J, f"=== rank {r} ({host}, local_rank {r % 4}, pid {pids[r]}) ===")  # SYNTH
        if r == 7:
            stack = REAL_S5_GDB[:-1] + [REAL_S5_GDB[-1] + "ite-packages/torch/lib/libtorch_cuda.so",  # SYNTH completion
                                        f"#16 0x000014cdb53b0c71 in at::native::_local_scalar_dense_cuda(at::Tensor const&) ()",
                                        f"   from {S5_TORCH}/libtorch_cuda.so",
                                        "#17 0x000014cdb6a1f0a8 in at::(anonymous namespace)::(anonymous namespace)::wrapper___local_scalar_dense(at::Tensor const&) ()",
                                        f"   from {S5_TORCH}/libtorch_cuda.so"]  # SYNTH frames after the thread's cut
        else:
            stack = s5_sync_stack(rng, 0x0000140000000000 + rng.randint(0xc0, 0xff) * 0x100000000)
        for k, l in enumerate(stack):
            s.joblog(tt + 0.01 + 0.0005 * k, J, l)
        tt += 2.2 + rng.uniform(0, 0.6)
    t_limit = hms_t(s.start, dt.datetime(2023, 3, 2, 2, 5, 0))
    s.joblog(t_limit, J, f"slurmstepd: error: *** JOB {J} ON gadi-gpu-v100-0063 CANCELLED AT {s.at(t_limit):%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")  # SYNTH
    s.job_state(t_limit + 2.0, J, "TIMEOUT", "0:15")  # SYNTH
    t_end = t_limit + 600.0
    tn, stp = 40.0, 148000
    while tn < t_end:  # SYNTH neighbour (CP2K MD step lines)
        s.joblog(tn, N, f" MD| Step number {stp:>36d}")
        s.joblog(tn + 0.01, N, f" MD| Temperature [K] {299.7 + rng.uniform(-3, 3):>30.2f}")
        stp += 50
        tn += 95.0 + rng.uniform(-2, 2)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "gadi-gpu-v100-0089":
            return smp28(rng, "v100_sxm32", rng.randint(70, 95), rng.uniform(170, 240), keys=UP)
        if tt < t_hang:
            return smp28(rng, "v100_sxm32", rng.randint(93, 100), rng.uniform(225, 290), keys=UP)
        if tt < t_limit + 2:
            return smp28(rng, "v100_sxm32", 100, rng.uniform(66, 74), keys=UP)   # every GPU spins; none stands out
        return smp28(rng, "v100_sxm32", 0, rng.uniform(39, 44), keys=UP)
    run_sampler(s, nodes, 4, 0.0, t_end, 120.0, fn)                   # SYNTH
    run_sampler(s, ["gadi-gpu-v100-0089"], 4, 0.0, t_end, 300.0, fn)  # SYNTH
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=nodes)
    return s


# ======================================================================================
# S6  peft-mt0-zero3-offload-oom-step-1488-repeats  (software: a 2 x V100-32GB DeepSpeed ZeRO-3 offload LoRA
#     fine-tune of mt0 dies at the same place, 1488/5798 (26 %), after 7 h 44 min; the owner resubmits it unchanged on
#     another node and it dies at 1488/5798 again)
# ======================================================================================
# Source: https://github.com/huggingface/peft/issues/525 -- peft's examples/mt0_peft_lora_ds_zero3_offload.py (the
# reporter's copy, comments `# dsj`) on V100-32GB "always trains to 26% and terminates", whatever the batch size or
# number of GPUs. The same reporter's follow-up, https://github.com/huggingface/peft/issues/739 ("CUDA out of memory
# ... Always stop at the same step!"), names the error: CUDA OOM at a fixed step. Verbatim: the two progress bars at
# 1488/5798 and the traceback frames below (the stored excerpt stops at the last frame, so the rest of the traceback
# and the OOM message are SYNTH). Generic traceback lines already used by an earlier corpus are emitted as SYNTH.
REAL_S6_BARS = [
    " 26%|██▌       | 1488/5798 [7:44:21<22:06:08, 18.46s/it]",
    " 26%|██▌       | 1488/5798 [7:44:22<22:25:03, 18.72s/it]",
]
REAL_S6_TB = [
    '  File "examples/mt0_peft_lora_ds_zero3_offload.py", line 509, in <module>',
    '  File "examples/mt0_peft_lora_ds_zero3_offload.py", line 303, in main',
    "    outputs = model(**batch, use_cache=False) # dsj",
    '  File "/opt/conda/lib/python3.8/site-packages/torch/nn/modules/module.py", line 1501, in _call_impl',
    "    return forward_call(*args, **kwargs)",
    '  File "/userhome/dsj/deepspeed/deepspeed/utils/nvtx.py", line 15, in wrapped_fn',
    "    ret_val = func(*args, **kwargs)",
    '  File "/userhome/dsj/deepspeed/deepspeed/runtime/engine.py", line 1695, in forward',
    "    loss = self.module(*inputs, **kwargs)",
    '  File "/opt/conda/lib/python3.8/site-packages/torch/nn/modules/module.py", line 1538, in _call_impl',
]


def s6_attempt(s: Scenario, J: str, node: str, t_start: float, t_from: float, first: bool) -> float:
    """One attempt: bars from wherever the window opens, the OOM after 1488/5798, the launcher teardown."""
    rng = s.rng
    sec = 18.71
    total = 5798
    if not first:
        s.job_state(t_start - 60.0, J, "PENDING", "0:0", reason="Priority")  # SYNTH owner's resubmission
        s.job_state(t_start, J, "RUNNING", "0:0", nodes=node)  # SYNTH
        d = s.at(t_start + 9.0)
        s.joblog(t_start + 9.0, J, f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [INFO] [runner.py:555:main] cmd = "
                 "/opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJsb2NhbGhvc3QiOiBbMCwgMV19 "
                 "--master_addr=127.0.0.1 --master_port=29500 --enable_each_rank_log=None examples/mt0_peft_lora_ds_zero3_offload.py")  # SYNTH
        s.joblog(t_start + 95.0, J, "trainable params: 9437184 || all params: 12930494464 || trainable%: 0.07298520488817561")  # SYNTH
    t_run0 = t_start + 120.0 if not first else -7.3 * 3600
    step = max(20, (int((t_from - t_run0) / sec) // 20 + 1) * 20)
    while step < 1488:  # SYNTH tqdm bars, both ranks, every 20 steps
        el = step * sec + rng.uniform(-3, 3)
        tt = t_run0 + el
        for r in range(2):
            s.joblog(tt + 0.4 * r, J, tqdm_meter(step, total, el + 0.4 * r, 1 / (sec + rng.uniform(-0.25, 0.25))))
        step += 20 if step + 20 <= 1488 else 1488 - step
        if step == 1488:
            break
    el = 1488 * sec - 15.0
    t_bar = t_run0 + el
    if first:
        s.joblog(t_bar, J, REAL_S6_BARS[0])
        s.joblog(t_bar + 1.0, J, REAL_S6_BARS[1])
    else:
        s.joblog(t_bar, J, tqdm_meter(1488, total, el, 1 / 18.52))  # SYNTH (same point, second attempt)
        s.joblog(t_bar + 1.0, J, tqdm_meter(1488, total, el + 1.0, 1 / 18.66))  # SYNTH
    t_oom = t_bar + 9.6
    tb_real = [("R", 0), ("S", "    main()"), ("R", 1), ("R", 2), ("R", 3), ("R", 4), ("R", 5), ("R", 6), ("R", 7),
               ("R", 8), ("R", 9)]
    lines = ["Traceback (most recent call last):"]  # SYNTH (header text used earlier)
    for kind, v in tb_real:
        if kind == "R":
            lines.append(REAL_S6_TB[v])  # verbatim (the second attempt repeats the same program's frames)
        else:
            lines.append(v)  # SYNTH (generic text used earlier)
    lines += ["    result = forward_call(*input, **kwargs)",
              '  File "/opt/conda/lib/python3.8/site-packages/peft/peft_model.py", line 1080, in forward',
              "    return self.base_model(",
              '  File "/opt/conda/lib/python3.8/site-packages/transformers/models/mt5/modeling_mt5.py", line 1753, in forward',
              "    lm_logits = self.lm_head(sequence_output)",
              '  File "/opt/conda/lib/python3.8/site-packages/torch/nn/modules/linear.py", line 114, in forward',
              "    return F.linear(input, self.weight, self.bias)",
              "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.67 GiB (GPU 0; 31.75 GiB total "
              "capacity; 24.81 GiB already allocated; 2.91 GiB free; 27.64 GiB reserved in total by PyTorch) If reserved "
              "memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for "
              "Memory Management and PYTORCH_CUDA_ALLOC_CONF"]  # SYNTH (rest of the traceback and the OOM message)
    for k, l in enumerate(lines):
        s.joblog(t_oom + 0.0005 * k, J, l)
    d = s.at(t_oom + 2.0)
    pid = rng.randint(20000, 90000)
    s.joblog(t_oom + 2.0, J, f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [INFO] [launch.py:428:sigkill_handler] Killing subprocess {pid}")  # SYNTH
    s.joblog(t_oom + 2.01, J, f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [INFO] [launch.py:428:sigkill_handler] Killing subprocess {pid + 1}")  # SYNTH
    s.joblog(t_oom + 2.3, J, f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] [ERROR] [launch.py:434:sigkill_handler] "
             "['/opt/conda/bin/python', '-u', 'examples/mt0_peft_lora_ds_zero3_offload.py', '--local_rank=1'] exits with return code = 1")  # SYNTH
    s.joblog(t_oom + 3.0, J, f"srun: error: {node}: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t_oom + 3.5, J, "FAILED", "1:0")  # SYNTH
    return t_oom


def build_s6() -> Scenario:
    name = "peft-mt0-zero3-offload-oom-step-1488-repeats"
    J, N = "640218", "640197"
    s = Scenario(name, "mt0 LoRA fine-tune with DeepSpeed ZeRO-3 CPU offload (peft example script) on one node's 2 x "
                 "V100-32GB. After 7 h 44 min it dies at 1488/5798 (26 %). The owner resubmits it unchanged; Slurm "
                 "starts it on another node; 7 h 44 min later it dies at 1488/5798 again.",
                 "2023-05-30T15:00:00Z",
                 {"name": "v100-pcie", "partition": "gpu", "nodes": "v100d-[01-16]", "gpus_per_node": 2},
                 [{"id": J, "name": "mt0-xxl-lora-zero3", "user": "dsj", "nodes": "v100d-04", "tasks_per_node": 1,
                   "started": "2023-05-30T07:42:00Z", "comment": comment(3, "/userhome/dsj/out/mt0-lora")},
                  {"id": N, "name": "bert-ner-sweep", "user": "mwalsh", "nodes": "v100d-11", "tasks_per_node": 1,
                   "started": "2023-05-30T13:30:00Z"}])
    rng = s.rng
    t_oom1 = s6_attempt(s, J, "v100d-04", 0.0, 10.0, True)
    t2 = t_oom1 + 1320.0
    t_oom2 = s6_attempt(s, J, "v100d-09", t2, t2 + 150.0, False)
    t_end = t_oom2 + 900.0
    tn, run = 30.0, 1
    while tn < t_end:  # SYNTH neighbour (a sweep of short HF runs)
        s.joblog(tn, N, hf_dict(0.21 - 0.01 * (run % 7) + rng.uniform(-0.01, 0.01), 3e-5, 1.0 + (run % 3)))
        run += 1
        tn += 600.0 + rng.uniform(-20, 20)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "v100d-11":
            return smp28(rng, "v100_32", rng.randint(60, 95), rng.uniform(150, 230), keys=UPF, fb=rng.randint(9000, 14000))
        live = (n_ == "v100d-04" and tt < t_oom1) or (n_ == "v100d-09" and t2 + 30 < tt < t_oom2)
        if live:
            return smp28(rng, "v100_32", rng.randint(35, 80), rng.uniform(95, 175), keys=UPF, fb=rng.randint(24500, 29500))
        return smp28(rng, "v100_32", 0, rng.uniform(24, 28), keys=UPF, fb=0)
    run_sampler(s, ["v100d-04", "v100d-09"], 2, 0.0, t_end, 900.0, fn)  # SYNTH every 15 min
    run_sampler(s, ["v100d-11"], 2, 0.0, t_end, 1800.0, fn)              # SYNTH
    s.truth = truth({"t": t_oom1, "category": "software", "node": None}, no_requeue=[J, N],
                    no_drain=["v100d-04", "v100d-09", "v100d-11"])
    return s


# ======================================================================================
# S7  healthy-keras3-jax-cpu-package-thermal-throttle  (healthy: a Keras 3 (JAX backend) image-classification run on
#     a 2-GPU workstation node; its 8-thread CPU, busy with the tf.data input pipeline, repeatedly logs `Core/Package
#     temperature above threshold, cpu clock throttled` machine-check notices; every epoch still completes at the same
#     pace)
# ======================================================================================
# Source: https://github.com/erpalma/throttled/issues/239 -- `mce: CPUn: Package temperature above threshold, cpu
# clock throttled (total events = 12705)` on every CPU of a laptop. The maintainer's answer: "This message just tells
# you that your CPU is throttling ... This is a correct behavior." The nine mce lines are verbatim (dmesg -T prefix
# added); the `temperature/speed normal` recoveries, the repeats with higher counts and the node/job framing are SYNTH.
REAL_S7 = [
    "mce: CPU1: Core temperature above threshold, cpu clock throttled (total events = 2311)",
    "mce: CPU1: Package temperature above threshold, cpu clock throttled (total events = 12705)",
    "mce: CPU5: Package temperature above threshold, cpu clock throttled (total events = 12705)",
    "mce: CPU3: Package temperature above threshold, cpu clock throttled (total events = 12705)",
    "mce: CPU0: Package temperature above threshold, cpu clock throttled (total events = 12705)",
    "mce: CPU4: Package temperature above threshold, cpu clock throttled (total events = 12705)",
    "mce: CPU7: Package temperature above threshold, cpu clock throttled (total events = 12705)",
    "mce: CPU6: Package temperature above threshold, cpu clock throttled (total events = 12705)",
    "mce: CPU2: Package temperature above threshold, cpu clock throttled (total events = 12705)",
]


def build_s7() -> Scenario:
    name = "healthy-keras3-jax-cpu-package-thermal-throttle"
    J, N = "30917", "30902"
    node = "ws04"
    s = Scenario(name, "Lab cluster of small workstation nodes (8-thread desktop CPU, 2 x RTX A5000). A Keras 3 (JAX "
                 "backend) EfficientNet fine-tune with a CPU-heavy tf.data augmentation pipeline runs on ws04. Its "
                 "kernel log repeatedly reports CPU `Core/Package temperature above threshold, cpu clock throttled` "
                 "machine-check notices on every CPU. Epoch times stay at ~6.5 min; GPU telemetry is normal.",
                 "2024-07-18T13:00:00Z",
                 {"name": "lab-ws", "partition": "ws", "nodes": "ws[01-06]", "gpus_per_node": 2},
                 [{"id": J, "name": "effnetv2-keras3-jax", "user": "nbauer", "nodes": node, "tasks_per_node": 1,
                   "started": "2024-07-18T12:21:00Z", "comment": comment(2, "/home/nbauer/ckpt/effnet")},
                  {"id": N, "name": "yolov8-det-ft", "user": "tlin", "nodes": "ws02", "tasks_per_node": 1,
                   "started": "2024-07-18T11:40:00Z"}])
    rng = s.rng
    t, ep = 170.0, 7
    while t < 8600.0:  # SYNTH Keras 3 verbose=2 epoch lines
        sec = 391 + rng.randint(-4, 6)
        s.joblog(t - 0.5, J, f"Epoch {ep}/40")
        s.joblog(t + sec, J, keras3_epoch(1875, sec, int(sec * 1000 / 1875), 0.80 + 0.006 * ep + rng.uniform(-0.004, 0.004),
                                          0.62 - 0.012 * ep + rng.uniform(-0.01, 0.01), 0.78 + 0.005 * ep, 0.69 - 0.01 * ep))
        ep += 1
        t += sec + 1.5
    t_real = 2641.0
    cores = [1, 5, 3, 0, 4, 7, 6, 2]
    bursts = [(1310.0, 2288, 12590), (t_real, None, None), (4170.0, 2342, 12811), (5930.0, 2377, 12904), (7612.0, 2401, 13010)]
    for tb, core_n, pkg_n in bursts:
        d = s.at(tb)
        if core_n is None:
            for k, l in enumerate(REAL_S7):
                s.kernel(tb + 0.001 * k, node, f"{dmesg_t(d)} {l}")
        else:
            s.kernel(tb, node, f"{dmesg_t(d)} mce: CPU1: Core temperature above threshold, cpu clock throttled (total events = {core_n})")  # SYNTH
            for k, c in enumerate(cores):
                s.kernel(tb + 0.001 * (k + 1), node, f"{dmesg_t(d)} mce: CPU{c}: Package temperature above threshold, cpu clock throttled (total events = {pkg_n})")  # SYNTH
        d2 = s.at(tb + 0.6)
        s.kernel(tb + 0.6, node, f"{dmesg_t(d2)} mce: CPU1: Core temperature/speed normal")  # SYNTH
        for k, c in enumerate(cores):
            s.kernel(tb + 0.601 + 0.001 * k, node, f"{dmesg_t(d2)} mce: CPU{c}: Package temperature/speed normal")  # SYNTH
    tn, ep2 = 45.0, 31
    while tn < 8600.0:  # SYNTH neighbour (Ultralytics epoch summary)
        s.joblog(tn, N, f"     {ep2}/100      9.41G      {1.12 - ep2 * 0.004:.4f}      {0.81 - ep2 * 0.003:.4f}      "
                        f"{1.09 - ep2 * 0.002:.4f}        212        640: 100%|██████████| 469/469 [04:41<00:00,  1.67it/s]")
        ep2 += 1
        tn += 297.0 + rng.uniform(-3, 3)

    def fn(n_, g, tt):  # SYNTH DCGM samples (with temperature and throttle reasons: nothing on the GPUs)
        if n_ == "ws02":
            return smp28(rng, "rtxa5000", rng.randint(80, 99), rng.uniform(170, 225), keys=K26T)
        return smp28(rng, "rtxa5000", rng.randint(82, 97), rng.uniform(165, 220), keys=K26T)
    run_sampler(s, [node], 2, 0.0, 8600.0, 120.0, fn)    # SYNTH
    run_sampler(s, ["ws02"], 2, 0.0, 8600.0, 300.0, fn)  # SYNTH
    s.truth = truth(None, no_requeue=[J, N], no_drain=[node, "ws02"])
    return s


# ======================================================================================
# S8  mlperf-bert-a100-nvidia-ioctl-hung-task-node-lost  (node_failure: in a 4-node x 8 A100-PCIe MLPerf BERT
#     reference run on CentOS 7, hpc-g019's NVIDIA driver wedges; the job goes silent and hpc-g019's DCGM samples
#     stop; two minutes later its kernel starts printing hung-task traces through nvidia_ioctl/rm_ioctl; ~11 min after
#     the wedge slurmctld marks it DOWN+NOT_RESPONDING and the job ends NODE_FAIL)
# ======================================================================================
# Source: https://github.com/ollama/ollama/issues/4342 -- "echo 0 > /proc/sys/kernel/hung_task_timeout_secs, then the
# GPU hung, and finally the server could only be rebooted" (2024-05-11, CentOS 7 kernel, NVIDIA driver). The
# description is the hung-task stack trace below (journal format; the paste starts mid-trace, and its last line is cut).
# The thread has no diagnosis beyond the title's outcome: the host wedged in the NVIDIA driver and had to be
# rebooted. The 15 journal lines are verbatim (host renamed, stamps kept: the scenario clock is set so May 11 10:54:31
# fits); the hung-task headers, the other traces, Slurm, MLPerf and telemetry are SYNTH.
REAL_S8 = [
    "May 11 10:54:31 localhost kernel: [<ffffffff85fc539a>] ? system_call_fastpath+0x25/0x2a",
    "May 11 10:54:31 localhost kernel: [<ffffffff85a71c21>] ? SyS_ioctl+0x81/0xa0",
    "May 11 10:54:31 localhost kernel: [<ffffffff85a61d0e>] ? SYSC_newstat+0x2e/0x60",
    "May 11 10:54:31 localhost kernel: [<ffffffff85a71988>] ? do_vfs_ioctl+0x3a8/0x5c0",
    "May 11 10:54:31 localhost kernel: [<ffffffffc074c130>] ? nvidia_unlocked_ioctl+0x20/0x30 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc074bf28>] ? nvidia_ioctl.isra.22+0x728/0x910 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc1237e38>] ? rm_ioctl+0x58/0xb0 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc1230abb>] ? _nv000731rm+0x16b/0xeb0 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc07f8f9d>] ? _nv000577rm+0x5d/0x70 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc07eb1bc>] ? _nv045215rm+0x5c/0x90 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc07ead7f>] ? _nv045214rm+0x16f/0x320 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc1062745>] ? _nv047020rm+0x175/0x3a0 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc07e9614>] ? _nv047087rm+0x54/0xd0 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc0801f2c>] ? _nv045252rm+0x26c/0x2f0 [nvidia]",
    "May 11 10:54:31 localhost kernel: [<ffffffffc10610c0>] _nv043989rm+0x10/0x40 [nv",
]


def s8_hung_header(s: Scenario, t: float, host: str, task: str, pid: int, ppid: int) -> float:
    """SYNTH: a 3.10-kernel hung-task report header in journal format."""
    d = s.at(t)
    for k, l in enumerate([f"INFO: task {task}:{pid} blocked for more than 120 seconds.",
                           '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
                           f"{task:<15} D ffff9c8a{s.rng.randint(0x10000000, 0xffffffff):08x}     0 {pid:>5d} {ppid:>5d} 0x00000080",
                           "Call Trace:",
                           "[<ffffffff85f67c49>] schedule+0x29/0x70",
                           "[<ffffffff85f69585>] rwsem_down_read_failed+0x105/0x1c0",
                           "[<ffffffff85b97c18>] call_rwsem_down_read_failed+0x18/0x30",
                           "[<ffffffff85f6731d>] down_read+0x1d/0x30",
                           "[<ffffffffc074fd9a>] os_acquire_rwlock_read+0x1a/0x30 [nvidia]"]):
        s.kernel(t + 0.0001 * k, host, f"{journal_t(d, host)} {l}")
    return t + 0.001


def build_s8() -> Scenario:
    name = "mlperf-bert-a100-nvidia-ioctl-hung-task-node-lost"
    J, N = "918344", "918310"
    nodes = ["hpc-g017", "hpc-g018", "hpc-g019", "hpc-g020"]
    bad = "hpc-g019"
    s = Scenario(name, "4-node x 8 A100-PCIe-80GB MLPerf BERT reference run (CentOS 7, MLLOG output) on hpc-g[017-020]. "
                 "The MLLOG lines stop in the middle of the run with no error from any rank. hpc-g019's DCGM samples "
                 "stop at the same moment; two minutes later its kernel starts printing hung-task reports. About "
                 "eleven minutes after the last MLLOG line Slurm marks hpc-g019 DOWN+NOT_RESPONDING and the job ends "
                 "NODE_FAIL.",
                 "2024-05-11T10:00:00Z",
                 {"name": "hpc-gpu", "partition": "gpu", "nodes": "hpc-g[001-048]", "gpus_per_node": 8},
                 [{"id": J, "name": "mlperf-bert-4n", "user": "yangfw", "nodes": "hpc-g[017-020]", "tasks_per_node": 8,
                   "started": "2024-05-11T09:12:00Z", "comment": comment(2, "/lustre/mlperf/bert/ckpt")},
                  {"id": N, "name": "gromacs-remd", "user": "skovacs", "nodes": "hpc-g[030-031]", "tasks_per_node": 8,
                   "started": "2024-05-11T06:00:00Z"}])
    rng = s.rng
    meta = {"file": "run_pretraining.py"}
    t, stepn = 8.0, 3200
    t_fault = hms_t(s.start, dt.datetime(2024, 5, 11, 10, 52, 29))
    while t < t_fault:  # SYNTH MLLOG progress (rank 0), every 100 steps
        s.joblog(t, J, mllog(s.at(t), "tracked_stats", {"throughput": round(10950.0 + rng.uniform(-90, 90), 2)},
                             dict(meta, lineno=1843, step=stepn)))
        if stepn % 1000 == 0:
            s.joblog(t + 31.0, J, mllog(s.at(t + 31.0), "eval_accuracy", round(0.6871 + stepn * 2e-6, 6),
                                        dict(meta, lineno=1912, epoch_num=stepn * 3072 // 1000)))
        stepn += 100
        t += 57.4 + rng.uniform(-0.6, 0.6)
    # hung-task reports on the wedged node every 120 s (kernel default: at most 10)
    t31 = hms_t(s.start, dt.datetime(2024, 5, 11, 10, 54, 31))   # the thread's stamp: khungtaskd's first scan
    reps = [(t31, "python", 48213, 48150), (t31 + 0.01, "nv-hostengine", 3121, 1), (t31 + 120.0, "python", 48219, 48150),
            (t31 + 240.0, "nvidia-smi", 51007, 50991), (t31 + 360.0, "slurmd", 2644, 1)]
    for k, (tt, task, pid, ppid) in enumerate(reps):
        tt2 = s8_hung_header(s, tt, bad, task, pid, ppid)
        d = s.at(tt2)
        if k == 1:
            for j, l in enumerate(REAL_S8):  # verbatim journal lines; host renamed, stamp kept
                s.kernel(tt2 + 0.0001 * j, bad, retime_journal_host(l, d, bad) + ("idia]" if j == len(REAL_S8) - 1 else ""))
            d = s.at(tt2 + 0.002)
            s.kernel(tt2 + 0.002, bad, f"{journal_t(d, bad)} [<ffffffff85fc539a>] system_call_fastpath+0x25/0x2a")  # SYNTH
        else:
            for j, l in enumerate(["[<ffffffffc1237e38>] ? rm_ioctl+0x58/0xb0 [nvidia]",
                                   "[<ffffffffc074bf28>] nvidia_ioctl.isra.22+0x728/0x910 [nvidia]",
                                   "[<ffffffffc074c130>] nvidia_unlocked_ioctl+0x20/0x30 [nvidia]",
                                   "[<ffffffff85a71988>] do_vfs_ioctl+0x3a8/0x5c0",
                                   "[<ffffffff85a71c21>] SyS_ioctl+0x81/0xa0",
                                   "[<ffffffff85fc539a>] system_call_fastpath+0x25/0x2a"]):
                s.kernel(tt2 + 0.0001 * j, bad, f"{journal_t(d, bad)} {l}")  # SYNTH (same path, other task)
    t_down = t_fault + 668.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    node_fail_lines(s, t_down + 1.4, J, bad, "hpc-g017")  # SYNTH
    s.job_state(t_down + 2.6, J, "NODE_FAIL", "0:0")  # SYNTH
    t_end = t_down + 1200.0
    tn, ns_ = 20.0, 41.2
    while tn < t_end:  # SYNTH neighbour (GROMACS performance lines)
        s.joblog(tn, N, f"Replica exchange at step {int(tn * 50) + 2000000} time {tn / 10 + 4000:.5f}")
        tn += 240.0 + rng.uniform(-4, 4)

    def fn(n_, g, tt):  # SYNTH DCGM samples
        if n_ == "hpc-g030":
            return smp28(rng, "a100_pcie80", rng.randint(75, 96), rng.uniform(190, 250), keys=UP)
        if n_ == bad and tt >= t_fault:
            return None                                   # nv-hostengine is stuck in the driver: no samples
        if tt < t_fault:
            return smp28(rng, "a100_pcie80", rng.randint(93, 100), rng.uniform(240, 295), keys=UP)
        if tt < t_down + 3:
            return smp28(rng, "a100_pcie80", 100, rng.uniform(78, 92), keys=UP)   # survivors spin in NCCL
        return smp28(rng, "a100_pcie80", 0, rng.uniform(36, 41), keys=UP)
    run_sampler(s, nodes, 8, 0.0, t_end, 180.0, fn)          # SYNTH
    run_sampler(s, ["hpc-g030"], 8, 0.0, t_end, 300.0, fn)   # SYNTH
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["hpc-g017", "hpc-g018", "hpc-g020"])
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
