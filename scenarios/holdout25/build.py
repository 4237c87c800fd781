#!/usr/bin/env python3
"""Build the holdout25 blind evaluation corpus (format `recovery-scenario/1`).

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
Generic helpers (and the holdout14..holdout24 helper sections) are copied unchanged from holdout24's build.py; the
holdout24 scenarios are replaced by the holdout25 helpers and scenarios S1..S8 below.
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
# S1  vllm-2x8-h200-xid137-xid94-silent-hang  (hang: a 2-node x 8 H200 vLLM deployment stops serving without a
#     Python error; on h200-04 the kernel logs Xid 137 (NVLink TLC RX PRIV error) on 6 of 8 GPUs and Xid 94
#     "Contained: SM" in the same second; no ECC/row-remap counter moves; the owner restarts it)
# ======================================================================================
# Source: https://forums.developer.nvidia.com/t/h200-xid-94-contained-sm-0x1-rst-no-d-rst-no-with-zero-ecc-counter-increment-preceded-by-xid-137-tlc-rx-priv-error-cascade/369786
# -- "[H200] XID 94 "Contained: SM (0x1). RST: No, D-RST: No" with zero ECC counter increment, preceded by XID 137
# (TLC RX PRIV Error) cascade": two 8x H200 nodes, multi-node vLLM with NCCL over NVLink + IB; "On one of the two nodes
# ... XID 137 (NVLink TLC RX PRIV Error) was reported across 6 of 8 GPUs, immediately followed by XID 94 with the
# payload Contained: SM (0x1). RST: No, D-RST: No -- all within the same second. The application hung and recovered
# after a pod restart." The peer node's DCGM history also holds Xid 94; no ECC/remap counter incremented, no RMA.
# Only the payload text is quoted verbatim by the stored excerpt; the rest of each kernel line is SYNTH.
REAL_S1_PAYLOAD = "Contained: SM (0x1). RST: No, D-RST: No"


def build_s1() -> Scenario:
    name = "vllm-2x8-h200-xid137-xid94-silent-hang"
    J, N, bad = "51207", "51188", "h200-04"
    s = Scenario(name, "Multi-node vLLM (TP=8, PP=2) on h200-[03-04] stops producing output with no Python error; "
                 "h200-04's kernel logs Xid 137 on six GPUs and Xid 94 'Contained: SM' in one second; 100 % util at "
                 "low power on all 16 GPUs; no ECC or row-remap counter moves; the owner cancels and restarts it 31 min later.",
                 "2025-11-03T08:00:00Z",
                 {"name": "infer-h200", "partition": "serve", "nodes": "h200-[01-12]", "gpus_per_node": 8,
                  "pci_bus_ids": H200_BUS},
                 [{"id": J, "name": "vllm-dsv3-pp2-tp8", "user": "sre-inference", "nodes": "h200-[03-04]",
                   "tasks_per_node": 1, "started": "2025-11-02T21:14:03Z", "comment": comment(2)},
                  {"id": N, "name": "grpo-qwen3-32b", "user": "rl-team", "nodes": "h200-[08-09]", "tasks_per_node": 8,
                   "started": "2025-11-03T05:40:11Z"}])
    rng = s.rng
    t_fault = 2712.4
    t = 4.0
    while t < t_fault:  # SYNTH: vLLM engine stats every 30 s
        s.joblog(t, J, vllm_stats(s.at(t), rng.uniform(900, 2400), rng.uniform(1800, 2600), rng.randint(40, 70),
                                  rng.uniform(18, 31)))
        t += 30.0
    # SYNTH kernel lines around the real payload: Xid 137 on GPUs 0-5 of h200-04 (six of eight), then Xid 94
    for k, g in enumerate(range(6)):
        for link in (4, 5):
            s.kernel(t_fault + 0.01 * k + 0.001 * link, bad, f"{dmesg_t(s.at(t_fault))} NVRM: Xid (PCI:{H200_BUS[g]}): 137, "
                     f"TLC RX interrupt hit on link {link} on GPU{g}: PRIV Error")
    s.kernel(t_fault + 0.2, bad, f"{dmesg_t(s.at(t_fault))} NVRM: Xid (PCI:{H200_BUS[2]}): 94, {REAL_S1_PAYLOAD}")
    s.kernel(t_fault + 0.21, bad, f"{dmesg_t(s.at(t_fault))} NVRM: Xid (PCI:{H200_BUS[2]}): 94, pid=2213907, name=VLLM::Worker_PP1, channel 0x00000012")
    # the engine goes silent: no stats, no traceback (thread: "The application hung")
    t_cancel = t_fault + 31 * 60 + 7.0
    s.joblog(t_cancel, J, cancel_line(J, "h200-03", s.at(t_cancel)))  # SYNTH
    s.job_state(t_cancel + 1.0, J, "CANCELLED", "0:15")
    t_end = t_cancel + 900
    tn, st = 15.0, 1180
    while tn < t_end:  # SYNTH neighbour (GRPO trainer)
        s.joblog(tn, N, hf_trainer_dict(0.0213 + rng.uniform(-0.01, 0.01), rng.uniform(0.2, 0.5), 1e-6, 0.31 + st / 40000))
        st += 1
        tn += 58.0 + rng.uniform(-2, 2)

    def fn(n_, g, tt):  # SYNTH DCGM every 120 s
        if n_ == "h200-08":
            return with_xid(sample(rng, "h200_sxm", rng.randint(85, 100), rng.uniform(520, 660), clock=1980, keys=LTX), 0)
        stale = 94 if n_ == "h200-03" and g in (1, 6) else 0   # thread: peer's DCGM history holds Xid 94 (earlier)
        if tt > t_cancel + 5:
            return with_xid(sample(rng, "h200_sxm", 0, rng.uniform(90, 110), clock=345, keys=LTX), stale)
        if tt < t_fault:
            return with_xid(sample(rng, "h200_sxm", rng.randint(70, 98), rng.uniform(380, 560), clock=1980, keys=LTX), stale)
        xid = 94 if (n_ == bad and g == 2) else (137 if n_ == bad and g < 6 else stale)
        return with_xid(sample(rng, "h200_sxm", 100, rng.uniform(118, 135), clock=1980, keys=LTX), xid)
    run_sampler(s, ["h200-03", bad, "h200-08"], 8, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_fault, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_drain=[bad, "h200-03"], no_requeue=[N])
    return s


# ======================================================================================
# S2  jax-slurm-gpus-per-task-invalid-device-ordinal  (software: a 2-node JAX job launched with
#     `--gpus-per-task=1` dies in jax.distributed.initialize() with CUDA_ERROR_INVALID_DEVICE on every local rank 1;
#     looks like a broken GPU; the resubmission on two other nodes fails identically)
# ======================================================================================
# Source: https://github.com/jax-ml/jax/issues/23452 -- "Multi-process GPU jobs fail on Slurm" (2024-09): with
# `#SBATCH --gpus-per-task=1` each task sees one GPU, but JAX's Slurm cluster detection picks the device by local rank,
# so rank 1 asks for CUDA:1 -> "invalid device ordinal". A maintainer-side commenter: "Jax's SlurmCluster assumes that
# the devices to be used start from 0"; workaround: `--gres` instead of `--gpus-per-task`, or local_device_ids.
# Lines verbatim (the traceback is cut where the stored excerpt cuts it; its generic "Traceback (most recent call
# last):" header is left out of the literal because earlier corpora already show that boilerplate):
REAL_S2 = [
    "2024-09-05 07:57:34.555804: W external/xla/xla/service/platform_util.cc:199] unable to create StreamExecutor for CUDA:1: failed initializing StreamExecutor for CUDA device ordinal 1: INTERNAL: Failed call to cuDeviceGet: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal",
    '  File "/mnt/home/achen1/miniconda3/envs/main/lib/python3.9/site-packages/jax/_src/xla_bridge.py", line 879, in backends',
    "    backend = _init_backend(platform)",
    '  File "/mnt/home/achen1/miniconda3/envs/main/lib/python3.9/site-packages/jax/_src/xla_bridge.py", line 970, in _init_backend',
    "    backend = registration.factory()",
    '  File "/mnt/home/achen1/miniconda3/envs/main/lib/python3.9/site-packages/jax/_src/xla_bridge.py", line 676, in factory',
    "    return xla_client.make_c_api_client(",
]


def s2_attempt(s: Scenario, J: str, nodes: list, t0: float, first: bool, t_err=None) -> float:
    if not first:
        s.job_state(t0, J, "RUNNING", "0:0", nodes=f"workergpu[{nodes[0][-3:]},{nodes[1][-3:]}]")  # SYNTH
    s.joblog(t0 + 2.0, J, "module load cuda/12.3.2")  # SYNTH
    s.joblog(t0 + 3.5, J, "srun --cpu-bind=socket python train_vmc.py --config configs/j1j2_24x24.yaml")  # SYNTH
    if t_err is None:
        t_err = t0 + 41.3 + s.rng.uniform(0, 3)
    for k, node in enumerate(nodes):
        rank = 2 * k + 1   # local rank 1 on each node (block layout, 2 tasks per node)
        base = t_err + 0.4 * k
        for i, l in enumerate(REAL_S2):
            line = l
            if i == 0:  # SYNTH: only the stamp is rewritten for this attempt/rank
                d = s.at(base)
                line = re.sub(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}", f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}", l)
            s.joblog(base + 0.001 * i + (0.0005 if i else 0), J, f"{rank}: {line}")
            if i == 0:
                s.joblog(base + 0.0003, J, f"{rank}: Traceback (most recent call last):")  # SYNTH (boilerplate)
        for i, l in enumerate(['  File "/mnt/home/achen1/miniconda3/envs/main/lib/python3.9/site-packages/jaxlib/xla_client.py", line 200, in make_c_api_client',
                               "    return _xla.get_c_api_client(plugin_name, options, distributed_client)",
                               "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: no supported devices found for platform CUDA"]):
            s.joblog(base + 0.01 + 0.001 * i, J, f"{rank}: {l}")  # SYNTH tail of the traceback
        s.joblog(base + 3.0, J, f"srun: error: {node}: task {rank}: Exited with exit code 1")  # SYNTH
    s.joblog(t_err + 4.0, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_err + 36.5, J, f"slurmstepd: error: *** STEP {J}.0 ON {nodes[0]} CANCELLED AT {s.at(t_err + 36.5):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t_err + 38.0, J, "FAILED", "1:0")
    return t_err


def build_s2() -> Scenario:
    name = "jax-slurm-gpus-per-task-invalid-device-ordinal"
    J, N = "3884120", "3884002"
    s = Scenario(name, "2-node JAX job (2 tasks per node, `--gpus-per-task=1`) fails in jax.distributed.initialize(): "
                 "every local rank 1 logs `unable to create StreamExecutor for CUDA:1 ... CUDA_ERROR_INVALID_DEVICE: "
                 "invalid device ordinal`. Looks like a dead GPU; it is the launch configuration. The owner resubmits "
                 "on two other nodes and it fails the same way.",
                 "2024-09-05T07:55:00Z",
                 {"name": "rusty-a100", "partition": "gpu", "nodes": "workergpu[040-071]", "gpus_per_node": 4},
                 [{"id": J, "name": "netket-vmc-j1j2", "user": "achen1", "nodes": "workergpu[041,044]", "tasks_per_node": 2,
                   "started": "2024-09-05T07:56:52Z", "comment": comment(2, "/mnt/ceph/users/achen1/ckpt/j1j2")},
                  {"id": N, "name": "alphafold-batch", "user": "pvincent", "nodes": "workergpu[060-061]", "tasks_per_node": 4,
                   "started": "2024-09-05T06:10:40Z"}])
    rng = s.rng
    # the real stamp 07:57:34.555804 falls at t = 154.555804 on this clock; the first attempt's first rank keeps it
    t1 = s2_attempt(s, J, ["workergpu041", "workergpu044"], 112.0, True, t_err=154.555804)
    t2 = s2_attempt(s, J, ["workergpu052", "workergpu057"], t1 + 520.0, False)
    t_end = t2 + 600
    tn, k = 30.0, 212
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"I0905 {s.at(tn):%H:%M:%S}.{rng.randint(0, 999999):06d} 140221 run_alphafold.py:191] Running model model_{1 + k % 5}_pred_0 on target T{1100 + k // 5}")
        k += 1
        tn += 95.0 + rng.uniform(-5, 5)

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s; the JAX job never gets past backend init
        if n_ == "workergpu060":
            return sample(rng, "a100_40", rng.randint(80, 100), rng.uniform(230, 300), clock=1410, keys=LT)
        on = (n_ in ("workergpu041", "workergpu044") and 40 < tt < t1 + 40) or \
             (n_ in ("workergpu052", "workergpu057") and t1 + 560 < tt < t2 + 40)
        if on and g == 0:
            return sample(rng, "a100_40", 0, rng.uniform(60, 66), clock=1410, fb=rng.randint(400, 520), keys=LT)
        return sample(rng, "a100_40", 0, rng.uniform(50, 58), clock=210, fb=0, keys=LT)
    run_sampler(s, ["workergpu041", "workergpu044", "workergpu052", "workergpu057", "workergpu060"], 4, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t1, "category": "software", "node": None}, no_requeue=[J],
                    no_drain=["workergpu041", "workergpu044", "workergpu052", "workergpu057"])
    return s


# ======================================================================================
# S3  ray-vllm-2node-unhandled-cuda-error-bad-instance  (gpu_hardware: a Ray-launched 2-node vLLM server (TP=8, PP=2)
#     on g-a100-[14-15] dies with `NCCL error: unhandled cuda error ... [repeated 6x across cluster]`; the fix in the
#     thread was to remove the bad instance; here GPU 5 of g-a100-15 raises an uncontained ECC error)
# ======================================================================================
# Source: https://github.com/vllm-project/vllm/issues/7896 -- "[Bug]: RuntimeError: NCCL error: unhandled cuda error
# (run with NCCL_DEBUG=INFO for details) [repeated 6x across cluster]" (2024-08/09); the reporter: "This got resolved
# when I removed the bad instance node." The line below is the thread's title line, verbatim. Which GPU and which Xid
# were bad is not in the thread: the Xid 95 kernel line and its GPU are SYNTH.
REAL_S3 = "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details) [repeated 6x across cluster]"


def build_s3() -> Scenario:
    name = "ray-vllm-2node-unhandled-cuda-error-bad-instance"
    J, N, bad, g_bad = "77341", "77302", "g-a100-15", 5
    s = Scenario(name, "Ray-on-Slurm vLLM server (TP=8, PP=2) on g-a100-[14-15]: the driver logs Xid 95 (uncontained ECC) "
                 "on GPU 5 of g-a100-15, the Ray workers die with `NCCL error: unhandled cuda error` (repeated across "
                 "the cluster) and the job fails. The thread's fix was removing the bad instance.",
                 "2024-09-10T15:00:00Z",
                 {"name": "ray-a100", "partition": "gpu", "nodes": "g-a100-[01-24]", "gpus_per_node": 8,
                  "pci_bus_ids": DGX_BUS},
                 [{"id": J, "name": "vllm-llama3.1-405b-fp8", "user": "soumyasmruti", "nodes": "g-a100-[14-15]",
                   "tasks_per_node": 1, "started": "2024-09-10T13:58:20Z", "comment": comment(2)},
                  {"id": N, "name": "sd-finetune", "user": "mlee", "nodes": "g-a100-[03-04]", "tasks_per_node": 8,
                   "started": "2024-09-10T11:02:00Z"}])
    rng = s.rng
    t_fault = 1533.8
    t = 6.0
    while t < t_fault:  # SYNTH engine stats
        s.joblog(t, J, vllm_stats(s.at(t), rng.uniform(300, 900), rng.uniform(500, 800), rng.randint(8, 24), rng.uniform(6, 14)))
        t += 10.0
    d = s.at(t_fault)
    s.kernel(t_fault, bad, f"{dmesg_t(d)} NVRM: Xid (PCI:{DGX_BUS[g_bad]}): 95, pid=1844120, name=ray::RayWorkerW, Uncontained: FBHUB. RST: Yes, D-RST: No")  # SYNTH
    s.kernel(t_fault + 0.3, bad, f"{dmesg_t(d)} NVRM: Xid (PCI:{DGX_BUS[g_bad]}): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)")  # SYNTH
    te = t_fault + 2.6
    s.joblog(te, J, f"(RayWorkerWrapper pid=1844120, ip=10.40.3.15) ERROR {s.at(te):%m-%d %H:%M:%S} worker_base.py:464] Error executing method execute_model. This might cause deadlock in distributed execution.")  # SYNTH
    s.joblog(te + 0.1, J, "(RayWorkerWrapper pid=1844120, ip=10.40.3.15) RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)")  # SYNTH (single-worker form of the real line)
    s.joblog(te + 4.0, J, REAL_S3)
    s.joblog(te + 9.5, J, "ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.")  # SYNTH
    s.joblog(te + 12.0, J, f"srun: error: g-a100-14: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(te + 15.0, J, "FAILED", "1:0")
    t_end = te + 1200
    tn, st = 20.0, 8800
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"Steps:  {100 * st // 20000:d}%| {st}/20000 [{hms(tn + 30000)}<?, 1.62it/s, lr=1e-05, step_loss=0.0{rng.randint(40, 99)}]")
        st += 50
        tn += 30.9

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s
        if n_ == "g-a100-03":
            return with_xid(sample(rng, "a100", rng.randint(90, 100), rng.uniform(330, 390), clock=1410, keys=LTX), 0)
        if tt > te + 15:
            if n_ == bad and g == g_bad:
                return None   # GPU needs a reset: no samples
            return with_xid(sample(rng, "a100", 0, rng.uniform(55, 64), clock=210, keys=LTX), 95 if n_ == bad and g == g_bad else 0)
        if tt > t_fault and n_ == bad and g == g_bad:
            return with_xid(sample(rng, "a100", 0, rng.uniform(60, 70), clock=1410, keys=LTX), 95)
        return with_xid(sample(rng, "a100", rng.randint(55, 85), rng.uniform(200, 300), clock=1410, keys=LTX), 0)
    run_sampler(s, ["g-a100-14", bad, "g-a100-03"], 8, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": bad, "gpu": g_bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_drain=["g-a100-14"], no_requeue=[N])
    return s


# ======================================================================================
# S4  healthy-slurmctld-socket-timeout-in-job-status-polls  (healthy: for ~6 min the controller answers
#     `slurm_load_jobs` slowly; two training jobs whose scripts poll squeue log the timeout; nothing else happens)
# ======================================================================================
# Source: https://github.com/NCAR/ncar-python-tutorial/issues/13 -- "slurm_load_jobs error" (2019-05): "When I attempt
# to run jlab-dav, I get > slurm_load_jobs error: Socket timed out on send/recv operation ... This seems to be
# intermittent." Resolution: "I think this was a system issue. Everything works fine now." Line verbatim:
REAL_S4 = "slurm_load_jobs error: Socket timed out on send/recv operation"


def build_s4() -> Scenario:
    name = "healthy-slurmctld-socket-timeout-in-job-status-polls"
    J1, J2, N = "6120455", "6120471", "6120390"
    s = Scenario(name, "A 4-node and a 2-node training job each run a background `squeue --me` poll for their dashboards; "
                 "for about 6 minutes the controller times out and both logs print `slurm_load_jobs error: Socket timed "
                 "out on send/recv operation`. Training continues at the same pace; no node changes state.",
                 "2019-05-01T16:00:00Z",
                 {"name": "casper", "partition": "dav", "nodes": "casper[01-28]", "gpus_per_node": 4},
                 [{"id": J1, "name": "cesm-emulator-unet", "user": "mclong", "nodes": "casper[05-08]", "tasks_per_node": 4,
                   "started": "2019-05-01T09:12:44Z", "comment": comment(3, "/glade/scratch/mclong/ckpt/unet")},
                  {"id": J2, "name": "wrf-downscale-gan", "user": "dgagne", "nodes": "casper[14-15]", "tasks_per_node": 4,
                   "started": "2019-05-01T14:40:02Z", "comment": comment(1)},
                  {"id": N, "name": "jlab-dav", "user": "kpaul", "nodes": "casper22", "tasks_per_node": 1,
                   "started": "2019-05-01T15:31:00Z"}])
    rng = s.rng
    t_end = 3600.0
    glitch = (1442.0, 1811.0)
    for J, per, t0, loss0 in ((J1, 41.0, 7.0, 0.0412), (J2, 63.0, 19.0, 0.733)):
        t, ep, it = t0, 12, 0
        while t < t_end:  # SYNTH: Keras-style progress lines
            s.joblog(t, J, f"Epoch {ep}: step {it * 50}/4000 - loss: {loss0 * (1 - 0.00002 * it) + rng.uniform(-0.002, 0.002):.4f} - {per / 50:.2f}s/step")
            it += 1
            t += per + rng.uniform(-0.8, 0.8)
        tp = t0 + 30.0
        while tp < t_end:  # SYNTH: the background status poll every 120 s; REAL text while the controller is slow
            if glitch[0] <= tp <= glitch[1]:
                s.joblog(tp + 10.0, J, REAL_S4)  # squeue waits MessageTimeout (10 s) before giving up
            else:
                s.joblog(tp, J, f"[status] {J} RUNNING {hms(tp + 20000)} casper")
            tp += 120.0

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s, steady through the glitch
        if n_ == "casper22":
            return sample(rng, "v100_32", rng.randint(0, 8), rng.uniform(40, 60), clock=1380, keys=LT)
        return sample(rng, "v100_32", rng.randint(88, 99), rng.uniform(230, 285), clock=1530, keys=LT)
    run_sampler(s, ["casper05", "casper08", "casper14", "casper15", "casper22"], 4, 0.0, t_end, 60.0, fn)
    s.truth = truth(None, no_requeue=[J1, J2], no_drain=["casper05", "casper06", "casper07", "casper08", "casper14", "casper15"])
    return s


# ======================================================================================
# S5  cbio-gpu-1-9-node-down-jobs-lost  (node_failure: gpu-1-9 stops answering; a 2-node MPI job spanning
#     gpu-1-[8-9] and an array task on gpu-1-9 are killed "due to node failure")
# ======================================================================================
# Source: https://github.com/cBio/cbio-cluster/issues/112 -- "Node gpu-1-9 down" (2014-09-18): "Just receiving a bunch
# of emails about all jobs on this node being preempted due to node failure (e.g.: 2369366[42])". The thread quotes no
# log line, so this scenario has no REAL_* literal; the node, the date and the array id 2369366[42] are the thread's.
# The cluster ran Torque/Moab; the Slurm rendering, the 2-node MPI job and all text are SYNTH.


def build_s5() -> Scenario:
    name = "cbio-gpu-1-9-node-down-jobs-lost"
    J, A, N, bad = "2369371", "2369366_42", "2369350", "gpu-1-9"
    s = Scenario(name, "gpu-1-9 stops answering mid-run (no kernel text reaches the log host); a 2-node MPI OpenMM replica-"
                 "exchange job on gpu-1-[8-9] loses its remote ranks and an array task on gpu-1-9 dies; Slurm marks the "
                 "node DOWN+NOT_RESPONDING after SlurmdTimeout and both jobs end NODE_FAIL.",
                 "2014-09-18T13:00:00Z",
                 {"name": "hal", "partition": "gpu", "nodes": "gpu-1-[1-17]", "gpus_per_node": 4},
                 [{"id": J, "name": "repex-kinase-abl", "user": "jchodera", "nodes": "gpu-1-[8-9]", "tasks_per_node": 4,
                   "started": "2014-09-18T06:41:19Z", "comment": comment(2, "/cbio/jclab/projects/repex/abl")},
                  {"id": A, "name": "hla-pred-array", "user": "KjongLehmann", "nodes": "gpu-1-9", "tasks_per_node": 1,
                   "started": "2014-09-18T12:10:02Z"},
                  {"id": N, "name": "fah-core-bench", "user": "rafwiewiora", "nodes": "gpu-1-[12-13]", "tasks_per_node": 4,
                   "started": "2014-09-18T08:00:00Z"}])
    rng = s.rng
    t_fault = 2214.6
    t, it = 9.0, 3310
    while t < t_fault:  # SYNTH repex iteration lines
        s.joblog(t, J, f"{s.at(t):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} Iteration {it} / 5000 completed in {52.0 + rng.uniform(-1.5, 1.5):.3f} s")
        it += 1
        t += 53.1 + rng.uniform(-1.0, 1.0)
    t = 40.0
    while t < t_fault:
        s.joblog(t, A, f"[{s.at(t):%H:%M:%S}] netMHCpan chunk {int(t // 300)}: {int(t * 3.1)} peptides scored")  # SYNTH
        t += 300.0
    # remote ranks vanish: OpenMPI on gpu-1-8 notices the lost daemon after its TCP keepalive
    tl = t_fault + 63.0
    for k, l in enumerate(["--------------------------------------------------------------------------",
                           "ORTE has lost communication with its daemon located on node:",
                           "",
                           f"  hostname:  {bad}",
                           "",
                           "This is usually due to either a failure of the TCP network",
                           "connection to the node, or possibly an internal failure of",
                           "the daemon itself. We cannot recover from this failure, and",
                           "therefore will terminate the job.",
                           "--------------------------------------------------------------------------"]):
        s.joblog(tl + 0.001 * k, J, l)  # SYNTH (OpenMPI 1.8 help text)
    t_down = t_fault + 300.0 + 4.2   # SlurmdTimeout=300
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")
    for job in (J, A):
        s.job_state(t_down + 0.5, job, "NODE_FAIL", "0:0")
    s.joblog(t_down + 0.6, J, f"slurmstepd: error: *** JOB {J} ON gpu-1-8 CANCELLED AT {s.at(t_down + 0.6):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    t_end = t_down + 900
    tn = 25.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"{s.at(tn):%Y-%m-%d %H:%M:%S} ns/day {88.4 + rng.uniform(-0.6, 0.6):.2f}")
        tn += 240.0

    def fn(n_, g, tt):  # SYNTH nvidia-smi-derived samples every 90 s; gpu-1-9 goes silent at the fault
        if n_ == bad and tt > t_fault:
            return None
        if n_ == "gpu-1-8" and tt > tl + 5:
            return sample(rng, "k40_2014", 0, rng.uniform(60, 70), clock=324, keys=LT)
        return sample(rng, "k40_2014", rng.randint(90, 99), rng.uniform(170, 210), clock=745, keys=LT)
    run_sampler(s, ["gpu-1-8", bad, "gpu-1-12"], 4, 0.0, t_end, 90.0, fn)
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[A, N], no_drain=["gpu-1-8"])
    return s


# ======================================================================================
# S6  openrlhf-ppo-vllm-weight-sync-mlx5-completion-error  (network: at the end of a PPO epoch the actor broadcasts
#     weights to the vLLM engines; the engines on 172.19.24.110 (dgx-b-110) log `mlx5: host_unknown: got completion
#     with error`, a Ray worker there dies and the broadcast fails with `remote process exited or there was a network error`)
# ======================================================================================
# Source: https://github.com/OpenRLHF/OpenRLHF/issues/621 -- "NCCL reports error when at the end of training epoch in
# multi-node PPO with Ray." (2024-12-24). Open, unresolved; the mlx5 completion errors all come from 172.19.24.110.
# Lines verbatim (tqdm bars and Ray prefixes as the thread shows them):
REAL_S6_PRE = [
    "Train epoch [1/1]: 100%|██████████| 128/128 [23:32<00:00, 26.11s/it, pg=-0.0683, rm=-0.5, ret=-0.5, glen=7.28e+3, tlen=7.4e+3, kl=0, act_lr=4.95e-7]",
    "Train epoch [1/1]: 100%|██████████| 128/128 [23:32<00:00, 11.04s/it, pg=-0.0683, rm=-0.5, ret=-0.5, glen=7.28e+3, tlen=7.4e+3, kl=0, act_lr=4.95e-7]",
    "(LLMRayActor pid=90621, ip=172.19.24.110) update weight: model.embed_tokens.weight, dtype: torch.bfloat16, shape: torch.Size([152064, 5120])",
    "(LLMRayActor pid=82505, ip=172.19.162.122) update weight: model.layers.0.self_attn.q_proj.weight, dtype: torch.bfloat16, shape: torch.Size([5120, 5120])",
    "(LLMRayActor pid=82508, ip=172.19.162.122) update weight: model.embed_tokens.weight, dtype: torch.bfloat16, shape: torch.Size([152064, 5120]) [repeated 7x across cluster]",
    "(LLMRayActor pid=90738, ip=172.19.24.110) mlx5: host_unknown: got completion with error:",
]
REAL_S6_POST = [
    "(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. RayTask ID: fffffffffffffffff274c61d686e9942cf058dcc11000000 Worker ID: d893621a96e2f86610a449412008b6be271a3f20fb114a86dc99951c Node ID: 8440b94a47cd6aec9329c5f1a1ac0cc7ea3b7fe6586ac18245731034 Worker IP address: 172.19.24.110 Worker port: 10185 Worker PID: 90738 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.",
    "(RayWorkerWrapper pid=92234, ip=172.19.24.110) mlx5: host_unknown: got completion with error: [repeated 2x across cluster]",
    "(RayWorkerWrapper pid=92234, ip=172.19.24.110) [rank1]:[E1224 13:23:05.483840160 ProcessGroupNCCL.cpp:542] [Rank 12] Collective WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=778567680, NumelOut=778567680, Timeout(ms)=1800000) raised the following async exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
]


def build_s6() -> Scenario:
    name = "openrlhf-ppo-vllm-weight-sync-mlx5-completion-error"
    J, N, bad = "902214", "902190", "dgx-b-110"
    nodes = ["dgx-a-031", "dgx-b-110", "dgx-c-122"]
    s = Scenario(name, "OpenRLHF PPO (Ray on a 3-node Slurm allocation: DeepSpeed actor on dgx-a-031, vLLM engines on "
                 "dgx-b-110 = 172.19.24.110 and dgx-c-122 = 172.19.162.122). At the end of the epoch the weight broadcast "
                 "to vLLM fails: only dgx-b-110's processes log `mlx5: host_unknown: got completion with error`, a worker "
                 "there dies, NCCL reports `remote process exited or there was a network error`.",
                 "2024-12-24T12:58:00Z",
                 {"name": "rl-h800", "partition": "rl", "nodes": "dgx-a-[001-040],dgx-b-[101-140],dgx-c-[101-140]",
                  "gpus_per_node": 8},
                 [{"id": J, "name": "openrlhf-ppo-qwen2.5-14b", "user": "ToheartZhang",
                   "nodes": "dgx-a-031,dgx-b-110,dgx-c-122", "tasks_per_node": 1, "started": "2024-12-24T12:34:51Z",
                   "comment": comment(2, "/mnt/shared/ckpt/ppo-qwen14b")},
                  {"id": N, "name": "sft-llama3-8b", "user": "hli", "nodes": "dgx-a-[007-008]", "tasks_per_node": 8,
                   "started": "2024-12-24T09:20:00Z"}])
    rng = s.rng
    t = 20.0
    n = 70
    while n < 127:  # SYNTH: earlier bars of the same epoch (the real ones start at 127/128)
        s.joblog(t, J, "(ActorModelRayActor pid=496948) " + openrlhf_bar(n, 128, 11.04 * n, 11.04, -0.07 + rng.uniform(-0.01, 0.01)))
        n += 1
        t += 24.0 + rng.uniform(-4, 4)
    t_sync = 1456.0
    for k, l in enumerate(REAL_S6_PRE):
        s.joblog(t_sync - 8.0 + [0, 0.3, 1.1, 1.3, 1.6, 2.4][k] + (6.0 if k >= 2 else 0), J, l)
    t_fault = t_sync + 0.4   # the first mlx5 completion error on 172.19.24.110
    t_nccl = 25 * 60 + 5.484   # the NCCL stamp 13:23:05.48 (scenario start 12:58:00 + 25:05.48)
    for k, l in enumerate(REAL_S6_POST):
        s.joblog(t_nccl - 3.1 + 1.5 * k, J, l)
    s.joblog(t_nccl + 2.0, J, "(ActorModelRayActor pid=496948) torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, remote process exited or there was a network error")  # SYNTH
    s.joblog(t_nccl + 9.0, J, "srun: error: dgx-a-031: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t_nccl + 12.0, J, "FAILED", "1:0")
    t_end = t_nccl + 900
    tn, st = 11.0, 4100
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"Train epoch [2/3]: {100 * st // 9000:d}%| {st}/9000 [{hms(tn + 9000)}<?, gpt_loss={0.98 - st * 0.00001:.3f}, lr=1.8e-05]")
        st += 3
        tn += 24.0 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s
        if n_ == "dgx-a-007":
            return sample(rng, "h800", rng.randint(92, 100), rng.uniform(560, 650), clock=1980, keys=LT)
        if tt > t_nccl + 12:
            return sample(rng, "h800", 0, rng.uniform(70, 80), clock=345, fb=0, keys=LT)
        if n_ == "dgx-a-031":
            return sample(rng, "h800", rng.randint(80, 99), rng.uniform(420, 600), clock=1980, keys=LT)
        return sample(rng, "h800", rng.randint(0, 30) if tt < t_sync else 0, rng.uniform(120, 260), clock=1980, keys=LT)
    run_sampler(s, nodes + ["dgx-a-007"], 8, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_fault, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["dgx-a-031", "dgx-c-122"], no_requeue=[N])
    return s


# ======================================================================================
# S7  nfs-stale-file-handle-three-jobs-shared-project-area  (infrastructure: the NFS export holding a shared project
#     area misbehaves; three GPU jobs on disjoint nodes that update files there die with `IOError: [Errno 116] Stale
#     file handle` within two minutes; a job writing to local scratch carries on)
# ======================================================================================
# Source: https://github.com/LSSTDESC/Twinkles/issues/163 -- "problems running DM jobs at scale at SLAC" (2016-03):
# jobs writing to NFS space "When running hundreds of jobs at once I am seeing a significant fraction (maybe 5%)
# failing with: IOError: [Errno 116] Stale file handle" -- a known NFS v3 locking/caching weakness; workaround: write to
# local scratch and copy at the end, or use another filesystem. Line verbatim:
REAL_S7 = "IOError: [Errno 116] Stale file handle"


def s7_fail(s: Scenario, J: str, t0: float, node: str, script: str) -> None:
    for k, l in enumerate(["Traceback (most recent call last):",
                           f'  File "{script}", line 212, in <module>',
                           "    main()",
                           f'  File "{script}", line 187, in main',
                           "    registry.update(visit, epoch=epoch, ckpt=ckpt_path)",
                           '  File "/nfs/farm/g/desc/u1/software/dmutil/registry.py", line 64, in update',
                           "    conn = sqlite3.connect(self.path, timeout=60)"]):
        s.joblog(t0 + 0.001 * k, J, l)  # SYNTH frames
    s.joblog(t0 + 0.01, J, REAL_S7)
    s.joblog(t0 + 1.5, J, f"srun: error: {node}: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t0 + 4.0, J, "FAILED", "1:0")


def build_s7() -> Scenario:
    name = "nfs-stale-file-handle-three-jobs-shared-project-area"
    jobs = [("840512", "bbgpu03", "/nfs/farm/g/desc/u1/users/tonyj/train_deblend.py"),
            ("840517", "bbgpu07", "/nfs/farm/g/desc/u1/users/tonyj/train_photoz.py"),
            ("840530", "bbgpu11", "/nfs/farm/g/desc/u1/users/heather/train_psf_cnn.py")]
    OK = "840541"
    s = Scenario(name, "Three single-node GPU training jobs on bbgpu03, bbgpu07 and bbgpu11 that update a shared "
                 "sqlite registry on the NFS project area fail within 2 minutes of each other with `IOError: [Errno 116] "
                 "Stale file handle`; a fourth job writing to local scratch continues. Nothing is wrong with the nodes.",
                 "2016-03-04T17:00:00Z",
                 {"name": "bullet-gpu", "partition": "gpu", "nodes": "bbgpu[01-16]", "gpus_per_node": 4},
                 [{"id": j, "name": script.rsplit("/", 1)[1][:-3], "user": script.split("/")[7], "nodes": node,
                   "tasks_per_node": 1, "started": "2016-03-04T15:2%d:00Z" % i, "comment": comment(2)}
                  for i, (j, node, script) in enumerate(jobs)] +
                 [{"id": OK, "name": "twinkles-phosim-gpu", "user": "TomGlanzman", "nodes": "bbgpu14", "tasks_per_node": 1,
                   "started": "2016-03-04T14:05:00Z"}])
    rng = s.rng
    t_fault = 2391.0
    t_end = t_fault + 1500
    fails = [t_fault + 2.2, t_fault + 47.9, t_fault + 113.4]
    for (j, node, script), tf, per in zip(jobs, fails, (61.0, 47.0, 83.0)):
        t, ep = 12.0 + rng.uniform(0, 20), 3
        while t < tf - 1:  # SYNTH Keras 1.x-style epoch lines
            s.joblog(t, j, f"Epoch {ep}/200")
            s.joblog(t + 0.01, j, f"{int(per)}s - loss: {0.41 - ep * 0.001 + rng.uniform(-0.01, 0.01):.4f} - val_loss: {0.44 - ep * 0.001:.4f}")
            ep += 1
            t += per + rng.uniform(-1, 1)
        s7_fail(s, j, tf, node, script)
    tn = 30.0
    while tn < t_end:  # SYNTH survivor on local scratch
        s.joblog(tn, OK, f"{s.at(tn):%Y-%m-%d %H:%M:%S} phosim: visit 92{int(tn) // 90:04d} written to /scratch/phosim/out")
        tn += 90.0

    def fn(n_, g, tt):  # SYNTH DCGM every 60 s
        busy_until = {node: tf for (_, node, _), tf in zip(jobs, fails)}
        if n_ in busy_until and tt > busy_until[n_] + 4:
            return sample(rng, "gtx1080ti", 0, rng.uniform(9, 15), clock=139, fb=0, keys=LT)
        if g > 0 and n_ != "bbgpu14":
            return sample(rng, "gtx1080ti", 0, rng.uniform(9, 15), clock=139, fb=0, keys=LT)
        return sample(rng, "gtx1080ti", rng.randint(85, 99), rng.uniform(190, 240), clock=1898, keys=LT)
    run_sampler(s, ["bbgpu03", "bbgpu07", "bbgpu11", "bbgpu14"], 4, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_fault, "category": "infrastructure", "node": None},
                    no_requeue=[j for j, _, _ in jobs], no_drain=["bbgpu03", "bbgpu07", "bbgpu11"])
    return s


# ======================================================================================
# S8  dgx-a100-gpu0-one-third-gemm-straggler  (gpu_degraded: GPU 0 of dgx-07 delivers ~6.7 TFLOP/s FP32 instead of
#     ~19; the job's preflight ubergemm shows it, `dcgmi diag` would pass; a 4-node Megatron job runs ~2.4x slower
#     than its previous allocation, with no error and no throttle flag)
# ======================================================================================
# Source: https://github.com/NVIDIA/DCGM/issues/122 -- "[Question]: how to detect GPUs with low compute performance"
# (2023-10): "We have a broken GPU-0 A100-40G/DGX which shows compute performance ~x3 times less than expected.
# 6TFlops instead of 19TF for FP32. It was very surprised to see that it was not caught by dcgm diagnostics --run
# xlong" ... "broken GPU can be easily detected by ubergemm binary." Lines verbatim (command and output):
REAL_S8 = [
    "time /usr/share/nvidia-validation-suite/plugins/cuda12/ubergemm --adapters 0,1,2,3,4,5,6,7 --time_to_run 10 --internal_loops=100 | grep GFlops",
    "GEMM [I] (ADAPTER#0)  Ending with 6698.442948608 GFlops",
    "GEMM [I] (ADAPTER#2)  Ending with 19239.381499904 GFlops",
    "GEMM [I] (ADAPTER#1)  Ending with 19148.107153408 GFlops",
    "GEMM [I] (ADAPTER#3)  Ending with 19256.40617984 GFlops",
    "GEMM [I] (ADAPTER#4)  Ending with 19190.677241856 GFlops",
    "GEMM [I] (ADAPTER#5)  Ending with 19096.020189184 GFlops",
    "GEMM [I] (ADAPTER#6)  Ending with 19272.568930304 GFlops",
    "GEMM [I] (ADAPTER#7)  Ending with 19186.795413504 GFlops",
]


def build_s8() -> Scenario:
    name = "dgx-a100-gpu0-one-third-gemm-straggler"
    J, N, bad, g_bad = "4471920", "4471877", "dgx-07", 0
    nodes = ["dgx-05", "dgx-06", "dgx-07", "dgx-08"]
    s = Scenario(name, "4-node Megatron-LM GPT pretraining on DGX A100-40GB dgx-[05-08]. The job script's preflight runs "
                 "ubergemm on every node; on dgx-07 adapter 0 ends at ~6.7 TFLOP/s vs ~19.2 on the rest, and the job "
                 "proceeds anyway. Iterations take ~2.4x the previous run's time; no Xid, no ECC, no throttle flag; GPU 0 "
                 "of dgx-07 stays at 100 % while its 31 peers wait in collectives.",
                 "2023-10-27T09:00:00Z",
                 {"name": "dgx-a100", "partition": "batch", "nodes": "dgx-[01-16]", "gpus_per_node": 8,
                  "pci_bus_ids": DGX_BUS},
                 [{"id": J, "name": "gpt3-6.7b-pretrain", "user": "dmonakhov", "nodes": "dgx-[05-08]", "tasks_per_node": 8,
                   "started": "2023-10-27T09:00:20Z", "comment": comment(3, "/lustre/fsw/dmonakhov/gpt3-6.7b/ckpt")},
                  {"id": N, "name": "bert-large-squad", "user": "nikkon", "nodes": "dgx-[11-12]", "tasks_per_node": 8,
                   "started": "2023-10-27T07:45:00Z"}])
    rng = s.rng
    t = 21.0
    s.joblog(t, J, "+ srun --ntasks-per-node=1 bash -c 'hostname; " + REAL_S8[0] + "'")  # SYNTH wrapper around the real command
    for k, node in enumerate(nodes):
        tn = t + 11.0 + 0.2 * k
        s.joblog(tn, J, f"{k}: {node}")
        if node == bad:
            lines = REAL_S8[1:]
        else:  # SYNTH: the healthy nodes' adapters, same format
            lines = [f"GEMM [I] (ADAPTER#{a})  Ending with {19100 + rng.uniform(0, 190):.9f} GFlops" for a in (0, 2, 1, 3, 4, 5, 6, 7)]
        for i, l in enumerate(lines):
            s.joblog(tn + 0.001 * (i + 1), J, f"{k}: {l}")
        s.joblog(tn + 0.02, J, f"{k}: real\t0m12.{rng.randint(100, 999)}s")
    t_fault = 55.0   # training starts here with the slow GPU in the job
    s.joblog(t_fault - 2.0, J, "> building GPT model ...")  # SYNTH
    t, it = t_fault + 140.0, 10
    while t < 5400:  # SYNTH Megatron iteration lines every 10 iters at ~2.4x the usual 1.45 s
        ms = 3480.0 + rng.uniform(-60, 90)
        s.joblog(t, J, megatron_iter(s.at(t), it, 143000, ms, 1.2e-4 * min(1.0, it / 2000), 6.9 - 0.0006 * it, 512))
        it += 10
        t += ms * 10 / 1000
    t_end = 5400.0
    tn = 14.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"Iteration: {int(tn / 0.62):d}  train_loss: {1.1 - tn / 20000:.4f}  throughput: {1244 + rng.uniform(-6, 6):.1f} seq/s")
        tn += 60.0

    def fn(n_, g, tt):  # SYNTH DCGM every 180 s: the slow GPU is pinned; the others wait in NCCL
        if n_ == "dgx-11":
            return sample(rng, "a100_dgx40", rng.randint(92, 100), rng.uniform(300, 380), clock=1410, keys=LT)
        if tt < t_fault:
            return sample(rng, "a100_dgx40", 0, rng.uniform(55, 65), clock=1410, keys=LT)
        if n_ == bad and g == g_bad:
            return sample(rng, "a100_dgx40", 100, rng.uniform(175, 200), clock=1410, keys=LT)
        return sample(rng, "a100_dgx40", rng.randint(96, 100), rng.uniform(150, 185), clock=1410, keys=LT)
    run_sampler(s, nodes + ["dgx-11"], 8, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": bad, "gpu": g_bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["dgx-05", "dgx-06", "dgx-08"])
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
