#!/usr/bin/env python3
"""Build the holdout19 blind evaluation corpus (format `recovery-scenario/1`).

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
Generic helpers up to the holdout19 section are copied unchanged from holdout18 (itself from holdout17, holdout16,
holdout15, holdout14; the holdout18 helper section is kept as it was) (same machinery,
including `TqdmBar`, a re-implementation of tqdm's own `format_meter`).
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
# S1  healthy-marian-corpus-shuffle-silent-start  (healthy: ~3 h of silence while Marian shuffles a 56 GB corpus)
# ======================================================================================
# Lines: https://github.com/marian-nmt/marian-dev/issues/874 -- "Bad allocation with big training corpus" (ZJaume,
# 2021-09-06): a 56 GB corpus on 4 GPUs; "Noticed that the training takes several hours to start after showing the first
# shuffle message, which I guess it's normal with such a big corpus." The thread's bad_alloc came later, while shuffling for
# epoch 2 -- outside this window (the scenario ends during epoch 1). The slow corpus restore/shuffle itself is the
# maintainers' known behaviour (https://github.com/marian-nmt/marian-dev/issues/269: "After 20 min training has still not
# started" ... "Seems to be fine now"). Only the log header shown in the thread is real; the host name gpu-e-15 is the
# thread's own. The stamps are kept (scenario clock chosen to fit them).
REAL_S1_HEAD = [
    "[2021-09-05 12:51:37] [marian] Marian v1.9.0 3c7a88f4 2020-03-10 11:34:07 -0700",
    "[2021-09-05 12:51:37] [marian] Running on gpu-e-15 as process 20234 with command line:",
    "[2021-09-05 12:51:37] [marian] /work/marian-dev/build/marian -m /work/models/model.WMT_PARACRAWL9_DE_EN.de-en.npz -d 0 1 2 3 -t /work/data/train.WMT_PARACRAWL9_DE_EN.de /work/data/train.WMT_PARACRAWL9_DE_EN.en --valid-sets /work/data/dev.WMT_PARACRAWL9_DE_EN.de /work/data/dev.WMT_PARACRAWL9_DE_EN.en -v /work/models/vocab.WMT_PARACRAWL9_DE_EN.de-en.spm /work/models/vocab.WMT_PARACRAWL9_DE_EN.de-en.spm --dim-vocabs 32000 32000 --max-length 100 --tempdir /work/tmp --config /work/automated-validation/training/transformer-base.yml --log /work/automated-validation/logs/train.WMT_PARACRAWL9_DE_EN.de-en.log --valid-log /work/automated-validation/logs/valid.WMT_PARACRAWL9_DE_EN.de-en.log",
    "[2021-09-05 12:51:37] [config] after-batches: 0",
]

S1_CONFIG = [  # SYNTH: the rest of Marian's `[config]` dump (keys of a transformer-base config, alphabetical)
    "after-epochs: 0", "after-time: 0", "allow-unk: false", "beam-size: 6", "bert-class-symbol: \"[CLS]\"",
    "clip-gemm: 0", "clip-norm: 0", "cost-scaling:", "  []", "cost-type: ce-mean-words", "cpu-threads: 0",
    "data-weighting: \"\"", "data-weighting-type: sentence", "dec-cell: gru", "dec-depth: 6", "devices:", "  - 0",
    "  - 1", "  - 2", "  - 3", "dim-emb: 512", "dim-rnn: 1024", "dim-vocabs:", "  - 32000", "  - 32000",
    "disp-first: 0", "disp-freq: 500", "disp-label-counts: false", "dropout-rnn: 0", "dropout-src: 0",
    "dropout-trg: 0", "early-stopping: 10", "embedding-fix-src: false", "embedding-fix-trg: false",
    "enc-depth: 6", "exponential-smoothing: 0.0001", "factor-weight: 1", "grad-dropping-rate: 0",
    "gradient-checkpointing: false", "gradient-norm-average-window: 100", "keep-best: true", "label-smoothing: 0.1",
    "layer-normalization: false", "learn-rate: 0.0003", "log-level: info", "lr-decay: 0",
    "lr-decay-inv-sqrt:", "  - 16000", "lr-report: true", "lr-warmup: 16000", "max-length: 100",
    "max-length-crop: false", "maxi-batch: 1000", "maxi-batch-sort: trg", "mini-batch: 1000", "mini-batch-fit: true",
    "mini-batch-fit-step: 10", "mini-batch-words: 0", "normalize: 0.6", "optimizer: adam", "optimizer-delay: 1",
    "optimizer-params:", "  - 0.9", "  - 0.98", "  - 1e-09", "overwrite: false", "precision:", "  - float32",
    "  - float32", "  - float32", "quiet-translation: true", "save-freq: 5000", "seed: 1111", "shuffle: data",
    "shuffle-in-ram: false", "sync-sgd: true", "tempdir: /work/tmp", "tied-embeddings-all: true",
    "transformer-dim-ffn: 2048", "transformer-dropout: 0.1", "transformer-heads: 8", "transformer-postprocess: dan",
    "transformer-preprocess: \"\"", "type: transformer", "valid-freq: 5000", "valid-max-length: 1000",
    "valid-metrics:", "  - ce-mean-words", "  - bleu-detok", "valid-mini-batch: 64", "workspace: 9500",
]


def build_s1() -> Scenario:
    J, N = "5512073", "5512140"
    node, nb = "gpu-e-15", "gpu-e-16"
    s = Scenario(
        "healthy-marian-corpus-shuffle-silent-start",
        "A Marian v1.9 transformer-base job (4 x P100, one process, sync SGD over NCCL) prints its start-up, reserves GPU "
        "memory, logs 'Training started' and '[data] Shuffling data', then says nothing for 3 h 06 min while it shuffles a "
        "56 GB / 256 M-sentence corpus to temp files on disk. The GPUs hold ~10 GB each at 0 % utilisation the whole "
        "time. Then 'Done shuffling', batches start and 'Ep. 1 : Up. N' lines follow every ~5 min (the first one's Time "
        "includes the shuffle), with a validation and save at Up. 5000. Nothing is wrong.",
        "2021-09-05T12:50:00Z",
        {"name": "wilkes", "partition": "pascal", "nodes": "gpu-e-[10-17]", "gpus_per_node": 4},
        [{"id": J, "name": "wmt-paracrawl9-de-en", "user": "zjaume", "nodes": node, "tasks_per_node": 1,
          "started": "2021-09-05T12:51:21Z", "comment": comment(2, "/work/models")},
         {"id": N, "name": "asr-conformer-ft", "user": "pmaro", "nodes": nb, "tasks_per_node": 4,
          "started": "2021-09-05T11:07:52Z"}],
    )
    rng = s.rng
    t0 = 97.0  # 12:51:37
    for k, l in enumerate(REAL_S1_HEAD):
        s.joblog(t0 + 0.0001 * k, J, l)
    t = t0 + 0.001
    for k, kv in enumerate(S1_CONFIG):  # SYNTH config dump, same second
        s.joblog(t + 0.0001 * k, J, marian(s.at(t0), f"[config] {kv}"))
    t = t0 + 0.02
    start_lines = [  # SYNTH start-up (Marian 1.9 wording)
        (0.0, "[config] Model is being created with Marian v1.9.0 3c7a88f4 2020-03-10 11:34:07 -0700"),
        (0.0, "Using synchronous training"),
        (0.1, "[data] Loading SentencePiece vocabulary from file /work/models/vocab.WMT_PARACRAWL9_DE_EN.de-en.spm"),
        (0.4, "[data] Setting vocabulary size for input 0 to 32,000"),
        (0.4, "[data] Loading SentencePiece vocabulary from file /work/models/vocab.WMT_PARACRAWL9_DE_EN.de-en.spm"),
        (0.7, "[data] Setting vocabulary size for input 1 to 32,000"),
        (0.7, "[comm] Compiled without MPI support. Running as a single process on gpu-e-15"),
        (0.7, "[batching] Collecting statistics for batch fitting with step size 10"),
    ]
    for dtm, msg in start_lines:
        s.joblog(t + dtm, J, marian(s.at(t + dtm), msg))
    t += 3.1
    for g in range(4):
        s.joblog(t + 0.4 * g, J, marian(s.at(t + 0.4 * g), f"[memory] Extending reserved space to 9600 MB (device gpu{g})"))
    t += 1.7
    for msg in ["[comm] Using NCCL 2.4.2 for GPU communication", "[comm] NCCLCommunicators constructed successfully",
                "[training] Using 4 GPUs", "[logits] Applying loss function for 1 factor(s)",
                "[memory] Reserving 237 MB, device gpu0", "[gpu] 16-bit TensorCores enabled for float32 matrix operations"]:
        s.joblog(t, J, marian(s.at(t), msg))
        t += 0.05
    t += 31.4  # batch fitting
    s.joblog(t, J, marian(s.at(t), "[memory] Reserving 237 MB, device gpu0"))
    s.joblog(t + 0.6, J, marian(s.at(t + 0.6), "[batching] Done. Typical MB size is 14,208 target words"))
    t += 0.7
    for g in range(4):
        s.joblog(t + 0.3 * g, J, marian(s.at(t + 0.3 * g), f"[memory] Extending reserved space to 9600 MB (device gpu{g})"))
    t += 1.3
    for msg in ["[comm] Using NCCL 2.4.2 for GPU communication", "[comm] NCCLCommunicators constructed successfully",
                "[training] Using 4 GPUs", "Training started", "[data] Shuffling data"]:
        s.joblog(t, J, marian(s.at(t), msg))
        t += 0.01
    t_shuf = t
    t_done = t_shuf + 3 * 3600 + 6 * 60 + 11.0  # SYNTH: 3 h 06 min of silence
    nsent = 255_810_212
    s.joblog(t_done, J, marian(s.at(t_done), f"[data] Done reading {commas(nsent)} sentences"))
    t = t_done + 1247.0  # writing the shuffled temp files
    s.joblog(t, J, marian(s.at(t), f"[data] Done shuffling {commas(nsent)} sentences to temp files"))
    s.joblog(t + 6.2, J, marian(s.at(t + 6.2), "[training] Batches are processed as 1 process(es) x 4 devices/process"))
    for g in range(4):
        s.joblog(t + 6.3 + 0.1 * g, J, marian(s.at(t + 6.3 + 0.1 * g), f"[memory] Reserving 237 MB, device gpu{g}"))
    t_train = t + 7.0
    up, sen, t_prev = 0, 0, t_shuf
    t = t_train
    end = t_train + 5300.0
    while True:  # SYNTH Ep./Up. lines every 500 updates (~318 s)
        dur = 500 * (0.636 + rng.uniform(-0.012, 0.012))
        t += dur
        if t > end:
            break
        up += 500
        sen += 500 * int(rng.uniform(2010, 2060))
        cost = 9.6 * math.exp(-up / 2600) + 3.9 + rng.uniform(-0.04, 0.04)
        lr = 3e-4 * min(up / 16000, math.sqrt(16000 / max(up, 1)))
        tm = t - t_prev
        wps = 500 * 14208 * rng.uniform(0.985, 1.015) / tm
        s.joblog(t, J, marian(s.at(t), f"Ep. 1 : Up. {up} : Sen. {commas(sen)} : Cost {cost:.8f} : Time {tm:.2f}s : "
                                        f"{wps:.2f} words/s : L.r. {lr:.4e}"))
        t_prev = t
        if up % 5000 == 0:  # SYNTH save + validation (save-freq/valid-freq 5000)
            base = "/work/models/model.WMT_PARACRAWL9_DE_EN.de-en.npz"
            for k, msg in enumerate([f"Saving model weights and runtime parameters to {base}.orig.npz",
                                     f"Saving model weights and runtime parameters to {base}",
                                     f"Saving Adam parameters to {base}.optimizer.npz"]):
                s.joblog(t + 2.1 + 4.3 * k, J, marian(s.at(t + 2.1 + 4.3 * k), msg))
            tv = t + 31.0
            s.joblog(tv, J, marian(s.at(tv), f"[valid] Ep. 1 : Up. {up} : ce-mean-words : 4.31872 : new best"))
            tv += 118.0
            s.joblog(tv, J, marian(s.at(tv), f"[valid] Ep. 1 : Up. {up} : bleu-detok : 9.46215 : new best"))
            s.joblog(tv + 3.9, J, marian(s.at(tv + 3.9), f"Saving model weights and runtime parameters to "
                                                          f"{base[:-4]}.best-bleu-detok.npz"))
            t = tv + 8.0
            t_prev = t
    t_end = end + 240.0

    def fn(n_, g, tt):  # SYNTH nvidia-smi query every 120 s
        if tt < t0 + 1:
            return None
        if tt < t0 + 40:
            return gpu_fields(rng, "p100_16", util=rng.randint(40, 90), power=rng.uniform(90, 170), fb=9900 + rng.randint(0, 300))
        if tt < t_train:  # shuffling on the CPU: contexts and reserved memory held, nothing running
            return gpu_fields(rng, "p100_16", util=0, power=rng.uniform(29.5, 33.5), clock=405, temp=rng.randint(31, 35),
                              fb=10214 + rng.randint(0, 40))
        return gpu_fields(rng, "p100_16", util=rng.randint(94, 100), fb=15680 + rng.randint(0, 200))
    telemetry_gap(s, [node], 4, 0.0, t_end, 180.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_SM_CLOCK"))
    telemetry_gap(s, [nb], 4, 0.0, t_end, 300.0, lambda n_, g, tt: busy(s.rng, "p100_16"),
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    tn, stp = 23.0, 41200  # SYNTH neighbour: plain step prints every ~95 s
    while tn < t_end:
        s.joblog(tn, N, generic_step(s, tn, stp, 0.912 + rng.uniform(-0.03, 0.03), 0.95 + rng.uniform(-0.02, 0.02)))
        stp += 100
        tn += 95.0 + rng.uniform(-2, 2)
    s.truth = truth(None, no_drain=[node], no_requeue=[J, N])
    return s


# ======================================================================================
# S2  yolact-stuck-after-first-map-validation  (software: every run stops after its first validation)
# ======================================================================================
# Lines: https://github.com/dbolya/yolact/issues/428 -- "Training doesn't resume after mAP validation" (lucamed,
# 2020-04-16): custom dataset, multi-GPU; "It stays without resuming the training after the first validation test. No
# matter how long i wait." ... "CPU usage is all 0". Resolution by the reporter: "Solved. I guess some package in anaconda
# was making this issue. After creating a new env the training resumed well." -> the environment (the program), not a
# machine: a restart in the same env stops at the same place. The three iteration lines, the two validation messages and
# the mAP table are the thread's (the table's blank line kept); stamps are not printed by yolact.
REAL_S2_ITERS = [
    "[  2]     920 || B: 1.247 | C: 3.755 | M: 5.062 | S: 0.822 | I: 0.002 | T: 10.889 || ETA: 4 days, 0:01:33 || timer: 0.620",
    "[  2]     930 || B: 1.244 | C: 3.757 | M: 5.057 | S: 0.836 | I: 0.002 | T: 10.896 || ETA: 4 days, 0:02:30 || timer: 1.404",
    "[  2]     940 || B: 1.241 | C: 3.751 | M: 5.041 | S: 0.838 | I: 0.002 | T: 10.872 || ETA: 3 days, 23:57:23 || timer: 0.660",
]
REAL_S2_VAL = ["Computing validation mAP (this may take a while)...", "Calculating mAP..."]
REAL_S2_TABLE = [
    "       |  all  |  .50  |  .55  |  .60  |  .65  |  .70  |  .75  |  .80  |  .85  |  .90  |  .95  |",
    "-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+",
    "   box |  2.37 |  4.02 |  3.90 |  3.69 |  3.47 |  3.09 |  2.55 |  1.78 |  0.94 |  0.26 |  0.00 |",
    "  mask |  0.00 |  0.00 |  0.00 |  0.00 |  0.00 |  0.00 |  0.00 |  0.00 |  0.00 |  0.00 |  0.00 |",
]


def yolact_startup(s: Scenario, t: float, job: str) -> float:
    """SYNTH: pycocotools + yolact start-up prints."""
    lines = ["loading annotations into memory...", "Done (t=0.41s)", "creating index...", "index created!",
             "loading annotations into memory...", "Done (t=0.09s)", "creating index...", "index created!",
             "Initializing weights...", "Begin training!", ""]
    gaps = [0.0, 0.41, 0.0, 0.05, 0.1, 0.09, 0.0, 0.01, 3.9, 6.8, 0.0]
    for l, g in zip(lines, gaps):
        t += g
        s.joblog(t, job, l)
    return t + 0.5


def yolact_run(s: Scenario, job: str, t: float, real: bool, max_iter: int = 540000, epoch_size: int = 314) -> float:
    """SYNTH: yolact iterations 0..940 (one line per 10 iterations), the first validation, then nothing.
    Returns the time of the last line (the stall begins there)."""
    rng = s.rng
    avg = 0.6413
    it = 0
    while it <= 940:
        ep = it // epoch_size
        if real and it >= 920:
            line = REAL_S2_ITERS[(it - 920) // 10]
        else:
            warm = math.exp(-it / 180.0)
            losses = {"B": 1.25 + 2.9 * warm + rng.uniform(-0.02, 0.02), "C": 3.75 + 6.1 * warm + rng.uniform(-0.03, 0.03),
                      "M": 5.05 + 4.2 * warm + rng.uniform(-0.04, 0.04), "S": 0.83 + 1.9 * warm + rng.uniform(-0.02, 0.02),
                      "I": 0.002 + 0.21 * warm}
            tm = avg + rng.uniform(-0.03, 0.12) if rng.random() > 0.08 else rng.uniform(1.1, 1.5)
            line = yolact_iter(ep, it, losses, (max_iter - it) * (avg + rng.uniform(-0.0003, 0.0003)), tm)
        s.joblog(t, job, line)
        it += 10
        t += 10 * avg + rng.uniform(-0.25, 0.25)
    t += 0.7  # iteration 941 ends epoch 2 -> compute_validation_map
    s.joblog(t, job, "")
    s.joblog(t + 0.001, job, REAL_S2_VAL[0])
    t += 388.0  # SYNTH: inference over the validation split (~12 fps)
    s.joblog(t, job, "")
    s.joblog(t + 0.001, job, "")
    s.joblog(t + 0.002, job, REAL_S2_VAL[1])
    t += 21.5
    s.joblog(t, job, "")
    if real:
        table = REAL_S2_TABLE
    else:
        vals = [2.41, 4.11, 3.96, 3.71, 3.50, 3.12, 2.58, 1.80, 0.97, 0.28, 0.00]
        table = [REAL_S2_TABLE[0], REAL_S2_TABLE[1],
                 "   box |" + "".join(f" {v + rng.uniform(-0.05, 0.05) if v else 0.0:5.2f} |" for v in vals),
                 "  mask |" + "  0.00 |" * 11]
    for k, l in enumerate(table + [REAL_S2_TABLE[1], ""]):
        s.joblog(t + 0.001 * (k + 1), job, l)
    return t + 0.001 * (len(table) + 2)


def build_s2() -> Scenario:
    J1, J2, N = "88713", "88790", "88702"
    n1, n2, nn = "gpu-04", "gpu-02", "gpu-05"
    s = Scenario(
        "yolact-stuck-after-first-map-validation",
        "A yolact (YOLACT++ instance segmentation, one process driving 4 x GTX 1080 Ti) job on gpu-04 prints a line every "
        "10 iterations (~6.4 s). At the end of epoch 2 it runs its first mAP validation, prints the table, and then "
        "prints nothing more: no error, no exit, GPUs at 0 % with memory held, CPU idle. The owner cancels after 95 min "
        "and resubmits the same command; the new run (on gpu-02) stops at exactly the same point. The conda environment "
        "is the cause; a restart (or a requeue) repeats it.",
        "2020-04-16T07:00:00Z",
        {"name": "vislab", "partition": "gpu", "nodes": "gpu-[01-06]", "gpus_per_node": 4},
        [{"id": J1, "name": "yolact-custom", "user": "lucamed", "nodes": n1, "tasks_per_node": 1,
          "started": "2020-04-16T07:01:44Z", "comment": comment(3, "/home/lucamed/yolact/weights")},
         {"id": J2, "name": "yolact-custom", "user": "lucamed", "nodes": n2, "tasks_per_node": 1,
          "started": "2020-04-16T09:03:12Z", "comment": comment(3, "/home/lucamed/yolact/weights")},
         {"id": N, "name": "pose-hrnet-w32", "user": "tkaur", "nodes": nn, "tasks_per_node": 4,
          "started": "2020-04-16T05:40:09Z"}],
    )
    rng = s.rng
    t = yolact_startup(s, 106.0, J1)
    t_stall1 = yolact_run(s, J1, t, real=True)
    t_cancel = t_stall1 + 95 * 60 + 17.0  # SYNTH owner scancel
    s.joblog(t_cancel, J1, cancel_line(J1, n1, s.at(t_cancel)))
    s.job_state(t_cancel + 0.4, J1, "CANCELLED", "0:15")
    t2s = 2 * 3600 + 3 * 60 + 12.0
    s.job_state(t2s, J2, "RUNNING", "0:0", nodes=n2)
    t = yolact_startup(s, t2s + 9.0, J2)
    t_stall2 = yolact_run(s, J2, t, real=False)
    t_end = t_stall2 + 2400.0

    def fn(n_, g, tt):  # SYNTH nvidia-smi every 60 s
        if n_ == n1:
            a, b, st = 106.0, t_cancel, t_stall1
        else:
            a, b, st = t2s + 9.0, t_end + 1, t_stall2
        if not (a < tt < b):
            return idle(rng, "gtx1080ti")
        if tt < a + 20:
            return gpu_fields(rng, "gtx1080ti", util=0, power=rng.uniform(55, 62), fb=300 + rng.randint(0, 100))
        if tt > st:  # stuck: memory held, nothing running
            return gpu_fields(rng, "gtx1080ti", util=0, power=rng.uniform(56, 64), temp=rng.randint(37, 42), clock=1480,
                              fb=10790 + rng.randint(0, 60))
        if tt > st - 410:  # validation: bursty
            return gpu_fields(rng, "gtx1080ti", util=rng.randint(25, 70), power=rng.uniform(110, 170), fb=10790 + rng.randint(0, 60))
        return gpu_fields(rng, "gtx1080ti", util=rng.randint(88, 100), fb=10310 + rng.randint(0, 300))
    telemetry_gap(s, [n1, n2], 4, 0.0, t_end, 120.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    telemetry_gap(s, [nn], 4, 0.0, t_end, 300.0, lambda n_, g, tt: busy(s.rng, "gtx1080ti"),
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    tn, ep, bt = 31.0, 71, 0  # SYNTH neighbour: HRNet-style "Epoch: [e][b/n]" lines every ~26 s
    while tn < t_end:
        s.joblog(tn, N, f"Epoch: [{ep}][{bt}/1170]\tTime {0.262 + rng.uniform(-0.01, 0.01):.3f}s (0.263s)\t"
                        f"Speed {122.0 + rng.uniform(-3, 3):.1f} samples/s\tData 0.000s (0.004s)\t"
                        f"Loss {0.00061 + rng.uniform(-0.00003, 0.00003):.5f} (0.00062)\tAccuracy {0.768 + rng.uniform(-0.02, 0.02):.3f} (0.771)")
        bt += 300
        if bt >= 1170:
            bt, ep = bt - 1170, ep + 1
        tn += 78.6 + rng.uniform(-0.5, 0.5)
    s.truth = truth({"t": t_stall1, "category": "software"}, no_requeue=[J1, J2, N], no_drain=[n1, n2, nn])
    return s


# ======================================================================================
# S3  horovod-gloo-iface-name-mismatch-two-hosts  (software: configuration -- a NIC name that one host lacks)
# ======================================================================================
# Lines: https://github.com/horovod/horovod/issues/2431 -- "Multi server training doesn't work when running real program"
# (wangxianliang, 2020-11-10). The two hosts name their data NIC differently (eno1 / enp129s0f1); following the
# maintainer's advice in horovod#2421 the user passed `horovodrun --network-interface "eno1,enp129s0f1"`, and every rank on
# the host without enp129s0f1 aborts in hvd.init(): gloo "Unable to find address for: enp129s0f1". The follow-up PR
# https://github.com/horovod/horovod/pull/2482 ("Set HOROVOD_GLOO_IFACE correctly for multiple interfaces (#2431)")
# confirms the mechanism: one interface name is handed to every host. It is the launch configuration; it fails the same
# way at every start. Real: rank 13's lines as posted (prefix included); the excerpt stops after the second frame.
REAL_S3_R13 = [
    "Tue Nov 10 10:05:04 2020[13]<stderr>:terminate called after throwing an instance of 'gloo::EnforceNotMet'",
    "Tue Nov 10 10:05:04 2020[13]<stderr>:  what():  [enforce fail at /tmp/pip-install-8anuqdv5/horovod/third_party/compatible_gloo/gloo/transport/tcp/device.cc:83] ifa != nullptr. Unable to find address for: enp129s0f1",
    "Tue Nov 10 10:05:04 2020[13]<stderr>:Fatal Python error: Aborted",
    "Tue Nov 10 10:05:04 2020[13]<stderr>:",
    "Tue Nov 10 10:05:04 2020[13]<stderr>:Thread 0x00007f8e2017e740 (most recent call first):",
    "Tue Nov 10 10:05:04 2020[13]<stderr>:  File \"./anaconda3/envs/tf_gpu230/lib/python3.8/site-packages/horovod/common/basics.py\", line 64 in init",
    "Tue Nov 10 10:05:04 2020[13]<stderr>:  File \"./train_hybrid_parallel.py\", line 571 in run_hybrid_parallel_train",
]


def hvd_attempt(s: Scenario, job: str, t: float, real: bool, pip_dir: str) -> tuple[float, float]:
    """SYNTH: one horovodrun -np 16 launch (gloo controller) that dies in hvd.init() on the second host.
    Returns (time of the first gloo abort line, time of the end)."""
    rng = s.rng
    for r in range(16):  # each rank imports TensorFlow 2.3 (CUDA 10.1) before hvd.init()
        tt = t + rng.uniform(0.8, 2.6)
        d = s.at(tt)
        s.joblog(tt, job, hvd_prefix(d, r) + tf_log(d, "I", 0, "tensorflow/stream_executor/platform/default/dso_loader.cc:48",
                                                     "Successfully opened dynamic library libcudart.so.10.1"))
    t_abort = t + 5.2
    tids = {r: 0x7F8E2017E740 + 0x1A2B3C40 * (r - 7) for r in range(8, 16)}
    order = [13, 9, 15, 8, 11, 14, 10, 12]
    for k, r in enumerate(order):
        tt = t_abort + 0.0009 * k + (0 if r == 13 else rng.uniform(0.0, 0.4))
        d = s.at(tt)
        if real and r == 13:
            lines = REAL_S3_R13
        else:
            p = hvd_prefix(d, r)
            lines = [p + "terminate called after throwing an instance of 'gloo::EnforceNotMet'",
                     p + f"  what():  [enforce fail at /tmp/{pip_dir}/horovod/third_party/compatible_gloo/gloo/transport/tcp/device.cc:83] ifa != nullptr. Unable to find address for: enp129s0f1",
                     p + "Fatal Python error: Aborted", p,
                     p + f"Thread 0x{tids[r]:016x} (most recent call first):",
                     p + "  File \"./anaconda3/envs/tf_gpu230/lib/python3.8/site-packages/horovod/common/basics.py\", line 64 in init",
                     p + "  File \"./train_hybrid_parallel.py\", line 571 in run_hybrid_parallel_train"]
        p = hvd_prefix(s.at(tt), r)
        tail = [p + "  File \"./train_hybrid_parallel.py\", line 702 in main",  # SYNTH rest of the stack
                p + "  File \"./train_hybrid_parallel.py\", line 719 in <module>"]
        for j, l in enumerate(lines + tail):
            s.joblog(tt + 0.0001 * j, job, l)
    t_fail = t_abort + 0.9
    tb = ["Traceback (most recent call last):",  # SYNTH horovodrun's own exit (gloo_run.py wording; frames abridged)
          "  File \"/home/wxl/anaconda3/envs/tf_gpu230/bin/horovodrun\", line 8, in <module>",
          "    sys.exit(run_commandline())",
          "  File \"/home/wxl/anaconda3/envs/tf_gpu230/lib/python3.8/site-packages/horovod/runner/launch.py\", line 768, in run_commandline",
          "    _run(args)",
          "  File \"/home/wxl/anaconda3/envs/tf_gpu230/lib/python3.8/site-packages/horovod/runner/launch.py\", line 758, in _run",
          "    return _run_static(args)",
          "  File \"/home/wxl/anaconda3/envs/tf_gpu230/lib/python3.8/site-packages/horovod/runner/gloo_run.py\", line 282, in launch_gloo",
          "    raise RuntimeError('Horovod detected that one or more processes exited with non-zero '",
          "RuntimeError: Horovod detected that one or more processes exited with non-zero status, thus causing the job to be terminated. The first process to do so was:",
          "Process name: 13", "Exit code: 134", ""]
    for j, l in enumerate(tb):
        s.joblog(t_fail + 0.001 * j, job, l)
    return t_abort, t_fail + 0.4


def build_s3() -> Scenario:
    J1, J2, N = "21187", "21193", "21150"
    nodes = "srv[50-51]"
    s = Scenario(
        "horovod-gloo-iface-name-mismatch-two-hosts",
        "A 16-rank TensorFlow 2.3 + Horovod (gloo controller) job is launched with horovodrun on two 8-GPU hosts whose "
        "data NICs have different names; the owner passes --network-interface \"eno1,enp129s0f1\". Every rank on srv51 "
        "(which has no enp129s0f1) aborts in hvd.init() with gloo's 'Unable to find address for: enp129s0f1'; horovodrun "
        "reports process 13 exited 134 and the job fails within seconds. The owner resubmits the same command 5 minutes "
        "later and it fails identically. Nothing is wrong with either host; the launch configuration is wrong.",
        "2020-11-10T10:03:00Z",
        {"name": "hyb", "partition": "v100", "nodes": "srv[48-53]", "gpus_per_node": 8},
        [{"id": J1, "name": "hybrid-parallel-train", "user": "wxl", "nodes": nodes, "tasks_per_node": 8,
          "started": "2020-11-10T10:04:51Z", "comment": comment(2, "/data/wxl/ckpt/hybrid")},
         {"id": J2, "name": "hybrid-parallel-train", "user": "wxl", "nodes": nodes, "tasks_per_node": 8,
          "started": "2020-11-10T10:10:02Z", "comment": comment(2, "/data/wxl/ckpt/hybrid")},
         {"id": N, "name": "bert-large-pretrain-p2", "user": "mzhou", "nodes": "srv[52-53]", "tasks_per_node": 8,
          "started": "2020-11-10T07:12:40Z"}],
    )
    rng = s.rng
    t_abort1, t_end1 = hvd_attempt(s, J1, 118.8, True, "pip-install-8anuqdv5")
    assert abs(t_abort1 - 124.0) < 1.0, t_abort1  # the real lines say 10:05:04
    s.job_state(t_end1 + 0.3, J1, "FAILED", "1:0")
    t2 = 7 * 60 + 2.0
    s.job_state(t2, J2, "RUNNING", "0:0", nodes=nodes)
    t_abort2, t_end2 = hvd_attempt(s, J2, t2 + 1.0, False, "pip-install-8anuqdv5")
    s.job_state(t_end2 + 0.3, J2, "FAILED", "1:0")
    t_end = t_end2 + 900.0
    keys = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED")
    telemetry_gap(s, ["srv50", "srv51"], 8, 0.0, t_end, 60.0,
                  lambda n_, g, tt: gpu_fields(rng, "v100_32", util=0, power=rng.uniform(39, 44), temp=rng.randint(31, 35),
                                               fb=rng.choice([0, 0, 0, 305]) if any(a - 2 < tt < b for a, b in ((118.8, t_end1), (t2, t_end2))) else 0),
                  fields=keys)
    telemetry_gap(s, ["srv52", "srv53"], 8, 0.0, t_end, 120.0, lambda n_, g, tt: busy(s.rng, "v100_32"),
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    tn, stp = 17.0, 31800  # SYNTH neighbour: BERT phase-2 style dict lines every ~58 s
    while tn < t_end:
        s.joblog(tn, N, f"DLL {s.at(tn):%Y-%m-%d %H:%M:%S.%f} - Training Epoch: 0 Training Iteration: {stp}  "
                        f"average_loss : {1.486 + rng.uniform(-0.03, 0.03):.3f}  step_loss : {1.47 + rng.uniform(-0.08, 0.08):.4f}  "
                        f"learning_rate : {0.004 * (1 - stp / 156000):.6f}")
        stp += 10
        tn += 58.0 + rng.uniform(-1, 1)
    s.truth = truth({"t": t_abort1, "category": "software"}, no_requeue=[J1, J2, N], no_drain=["srv50", "srv51"])
    return s


# ======================================================================================
# S4  rtxpro6000-gpu0-gsp-xid120-xid154-nanochat  (gpu_hardware: GPU 0's GSP crashes, Xid 154 reset required)
# ======================================================================================
# Lines: https://forums.developer.nvidia.com/t/xid-62-xid-154-gsp-pmu-halt-crash-on-rtx-pro-6000-blackwell-during-llm-inference/364958
# -- "Xid 62 / Xid 120 / Xid 154 -- GSP firmware crashes on RTX PRO 6000 Blackwell under sustained GPU load": two RTX PRO
# 6000 Blackwell cards; the crashes are "always affecting GPU 0 (PCI:0000:01:00)", "always result in Xid 154 (GPU Reset
# Required) and require a full PSU power cycle to recover -- soft reboot is insufficient"; it "persists across multiple
# workload types including pure CUDA stress tests (gpu_burn), ruling out application-level causes". Real: the two kernel
# lines of "Crash 1" (gpu_burn, 2026-03-29 15:38:59); the post shows them as `Mar 29 15:38:59 kernel: NVRM: ...` (host
# name removed by the poster) -- only that prefix is rewritten (journald short format with this node's name). The
# workload (a nanochat base_train run on both GPUs) and everything else is synthesised; the clock keeps the real stamp.
REAL_S4_XID = [
    "NVRM: Xid (PCI:0000:01:00): 120, GSP kernel exception: store access page fault (cause:0xf) @ pc:0xffffffff93003d42, partition:4#0",
    "NVRM: Xid (PCI:0000:01:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)",
]

PROFILES["rtxpro6000"] = (64, 5, 520.0, 40.0, 2430, 78500, 2500)   # SYNTH (RTX PRO 6000 Blackwell WE, 600 W, 96 GB)


def nanochat_step(step: int, total: int, loss: float, lrm: float, dt_ms: float, tok: int, mfu: float, tt_min: float) -> str:
    """SYNTH: nanochat scripts/base_train.py step line (print0, rank 0 only)."""
    return (f"step {step:05d}/{total:05d} ({100 * step / total:.2f}%) | loss: {loss:.6f} | lrm: {lrm:.2f} | "
            f"dt: {dt_ms:.2f}ms | tok/sec: {tok:,} | mfu: {mfu:.2f} | total time: {tt_min:.2f}m")


def build_s4() -> Scenario:
    J, N = "61524", "61519"
    bad, nb = "ws-pro02", "ws-pro03"
    s = Scenario(
        "rtxpro6000-gpu0-gsp-xid120-xid154-nanochat",
        "A nanochat base_train run (torchrun, 2 ranks) on ws-pro02's two RTX PRO 6000 Blackwell cards prints one "
        "'step NNNNN/21400 | loss ... | dt ...ms' line per step (~4.4 s) and a validation bpb line every 250 steps. At "
        "15:38:59 the kernel logs Xid 120 (GSP kernel exception) and Xid 154 (GPU Reset Required) for PCI 0000:01:00, "
        "which is GPU 0 (rank 0). The step lines stop; GPU 0's telemetry loses util/power/clock (temperature still "
        "reads; DCGM's last-Xid field says 154); rank 1 spins in its all-reduce until the NCCL watchdog fires after "
        "10 min, torchrun tears the job down and it FAILS. The node is still up; the GPU needs a power cycle.",
        "2026-03-29T15:00:00Z",
        {"name": "wsfarm", "partition": "pro6000", "nodes": "ws-pro[01-04]", "gpus_per_node": 2,
         "pci_bus_ids": ["0000:01:00", "0000:c1:00"]},
        [{"id": J, "name": "nanochat-d26-base", "user": "kchen", "nodes": bad, "tasks_per_node": 2,
          "started": "2026-03-29T14:59:12Z", "comment": comment(2, "/scratch/kchen/nanochat/base_checkpoints/d26")},
         {"id": N, "name": "sd35-lora-faces", "user": "mlopez", "nodes": nb, "tasks_per_node": 2,
          "started": "2026-03-29T13:05:40Z"}],
    )
    rng = s.rng
    t = 14.0
    for k, l in enumerate(["Autodetected device type: cuda", "Vocab size: 65,536", "num_layers: 26", "model_dim: 1664",
                           "num_heads: 13", "num_kv_heads: 13", "Tokens / micro-batch / rank: 16 x 2048 = 32,768",
                           "Tokens / micro-batch: 65,536", "Total batch size 524,288 => gradient accumulation steps: 8",
                           "Number of parameters: 1,112,532,992", "Estimated FLOPs per token: 6.674727e+09",
                           "Calculated number of iterations from target data:param ratio: 21,400",
                           "Total number of training tokens: 11,219,763,200", "Tokens : Params ratio: 10.08",
                           "Total training FLOPs estimate: 7.488932e+19"]):
        s.joblog(t + 0.2 * k + (9.0 if k >= 9 else 0), J, l)  # SYNTH start-up prints (values illustrative)
    t = 71.0
    t_fault = 38 * 60 + 59.0  # 15:38:59, the real stamp
    step, total = 11650, 21400
    tt_min = 842.31
    s.joblog(t - 6.0, J, f"Resuming optimization from step {step}")
    sm_loss = 2.871
    while True:
        dt_s = 4.41 + rng.uniform(-0.06, 0.06)
        if t + dt_s >= t_fault - 1.5:
            break
        t += dt_s
        step += 1
        tt_min += dt_s / 60
        sm_loss += rng.uniform(-0.006, 0.0055)
        tok = int(524288 / dt_s)
        s.joblog(t, J, nanochat_step(step, total, sm_loss, 1.0 if step < 0.8 * total else 0.6, dt_s * 1000, tok,
                                     100 * 6.674727e9 * tok / (2 * 989e12), tt_min))
        if step % 250 == 0:
            t += 38.5
            s.joblog(t, J, f"Step {step:05d} | Validation bpb: {0.8912 - (step - 11500) * 2.1e-6 + rng.uniform(-0.001, 0.001):.4f}")
    for k, body in enumerate(REAL_S4_XID):
        s.kernel(t_fault + 0.0004 * k, bad, journal_t(s.at(t_fault), bad) + " " + body)
    # rank 1 waits in the all-reduce; torch's NCCL watchdog (10 min default) ends it (SYNTH, torch 2.9 wording)
    tw = t_fault + 600.0 + 3.8
    d = s.at(tw)
    seq = (step + 1) * 9 + 4
    s.joblog(tw, J, c10d_e(1, d, 417, "ProcessGroupNCCL.cpp:687",
                           f"[PG ID 0 PG GUID 0(default_pg) Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, "
                           "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600052 milliseconds before timing out."))
    s.joblog(tw + 0.0004, J, c10d_e(1, d, 611, "ProcessGroupNCCL.cpp:2355",
                                    f"[PG ID 0 PG GUID 0(default_pg) Rank 1]  failure detected by watchdog at work sequence id: {seq} "
                                    f"PG status: last enqueued work: {seq + 1}, last completed work: {seq - 1}"))
    s.joblog(tw + 0.0008, J, c10d_e(1, d, 702, "ProcessGroupNCCL.cpp:2392",
                                    "[PG ID 0 PG GUID 0(default_pg) Rank 1] First PG on this rank to signal dumping."))
    ta = tw + 2.4
    s.joblog(ta, J, torch_log_prefix(s.at(ta), "W", 228811, "torch/distributed/elastic/multiprocessing/api.py:908")
             + " Sending process 228815 closing signal SIGTERM")
    ta += 30.1
    s.joblog(ta, J, torch_log_prefix(s.at(ta), "W", 228811, "torch/distributed/elastic/multiprocessing/api.py:927")
             + " Unable to shutdown process 228815 via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
    s.joblog(ta + 0.3, J, torch_log_prefix(s.at(ta + 0.3), "E", 228811, "torch/distributed/elastic/multiprocessing/api.py:882")
             + " failed (exitcode: -6) local_rank: 1 (pid: 228816) of module: scripts.base_train")
    py = "/home/kchen/nanochat/.venv/lib/python3.12/site-packages"
    t_x = elastic_summary(s, ta + 0.35, J, bad, [(1, 1, 228816, -6), (0, 0, 228815, -9)], "scripts.base_train", py,
                          ['  File "/home/kchen/nanochat/.venv/bin/torchrun", line 10, in <module>', "    sys.exit(main())",
                           f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 357, in wrapper',
                           "    return f(*args, **kwargs)",
                           f'  File "{py}/torch/distributed/run.py", line 901, in main', "    run(args)",
                           f'  File "{py}/torch/distributed/run.py", line 892, in run', "    elastic_launch("])
    s.joblog(t_x + 0.2, J, f"srun: error: {bad}: task 0: Exited with exit code 1")
    s.job_state(t_x + 0.6, J, "FAILED", "1:0")
    t_end = t_x + 900.0

    def fn(n_, g, tt):  # SYNTH dcgm-exporter, 30 s; the last-Xid field is published with its value once there is one
        if n_ == nb:
            return sample(rng, "rtxpro6000", rng.randint(90, 99), rng.uniform(470, 560), fb=61000 + rng.randint(0, 900),
                          keys=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
        keys = ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_UTIL",
                "DCGM_FI_DEV_FB_USED")
        if tt < t_fault:
            return sample(rng, "rtxpro6000", rng.randint(94, 100), rng.uniform(480, 575), keys=keys)
        if g == 0:  # GPU 0 after the GSP crash: only the temperature still reads
            return {"DCGM_FI_DEV_GPU_TEMP": max(38, 66 - int((tt - t_fault) / 40)), "DCGM_FI_DEV_XID_ERRORS": 154}
        if tt < tw + 33:  # rank 1 spinning in the all-reduce
            return sample(rng, "rtxpro6000", 100, rng.uniform(118, 132), keys=keys)
        return sample(rng, "rtxpro6000", 0, rng.uniform(28, 34), clock=180, temp=rng.randint(36, 41), fb=0, keys=keys)
    telemetry_gap(s, [bad], 2, 0.0, t_end, 30.0, fn)
    telemetry_gap(s, [nb], 2, 0.0, t_end, 120.0, fn)
    tn, it = 25.0, 3400  # SYNTH neighbour: diffusers-style "Steps:" tqdm with postfix, printed every ~50 steps
    while tn < t_end:
        s.joblog(tn, N, tqdm_meter(it, 8000, 4890 + 1.43 * (it - 3400), 1 / 1.43, desc="Steps",
                                   postfix=f"lr=0.0001, step_loss={0.081 + rng.uniform(-0.02, 0.02):.3f}"))
        it += 50
        tn += 71.5 + rng.uniform(-1, 1)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": bad, "gpu": 0}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_drain=[nb], no_requeue=[N])
    return s


# ======================================================================================
# S5  spark-head-cx7-pcie-fatal-aer-roce  (network: the head's ConnectX-7 falls off PCIe; host soft-locks)
# ======================================================================================
# Source: https://github.com/MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark/issues/146 -- "[P0] Recurrent ConnectX-7
# PCIe fatal AER recovery soft-locks DGX Spark head" (sambitcreate, 2026-08-26): "The DGX Spark head repeatedly loses both
# ConnectX-7 PCIe devices, after which Linux AER recovery wedges in mlx5_pci_slot_reset and soft-locks CPUs for minutes to
# hours"; timeline (UTC): 06:35:29 healthy; 06:38:10 root port 0000:00:00.0 "Uncorrectable Fatal Transaction Layer";
# 06:38:11 root port 0002:00:00.0 "Correctable Physical Layer plus Uncorrectable Transaction Layer"; both CX-7 enter mlx5
# PCI error recovery; recovery repeatedly fails; host degraded until reboot at 16:11. The thread's own kernel-evidence
# block is cut in the stored excerpt after its first words; REAL_S5_AER is that fragment, completed (synthesised) with the
# 6.x aer.c wording. The thread's workload is 2-node inference; here it is a 2-node torchtune fine-tune (synthesised).
REAL_S5_AER = "pcieport 0000:00:00.0: AER: Uncorrectable (F"


def nccl_line(host: str, pid: int, tid: int, dev: int, msg: str) -> str:
    return f"{nccl_prefix(host, pid, tid, dev)} NCCL {msg}"


def build_s5() -> Scenario:
    J, N = "3317", "3321"
    head, wk = "spark-01", "spark-02"
    ip = {head: "10.100.32.1", wk: "10.100.32.2"}
    s = Scenario(
        "spark-head-cx7-pcie-fatal-aer-roce",
        "A torchtune full fine-tune runs across two DGX Spark (GB10) nodes over their direct ConnectX-7 RoCE link "
        "(rank 0 on spark-01, rank 1 on spark-02), one 'Step N | loss:...' line per step (~7.8 s). At 06:38:10 the "
        "head's PCIe root ports report fatal uncorrectable errors, both CX-7 functions enter mlx5 error recovery and "
        "never come back; spark-01's NCCL sees a fatal async event, spark-02's NCCL gets RoCE completion errors "
        "(status 12) from peer 10.100.32.1 and rank 1 aborts; the step fails. spark-01 stays up but keeps logging "
        "soft lockups in irq/aerdrv threads for the rest of the window.",
        "2026-08-26T05:30:00Z",
        {"name": "spark", "partition": "gb10", "nodes": "spark-[01-04]", "gpus_per_node": 1},
        [{"id": J, "name": "tt-llama31-8b-full-ft", "user": "sambit", "nodes": "spark-[01-02]", "tasks_per_node": 1,
          "started": "2026-08-26T05:36:02Z", "comment": comment(2, "/mnt/nvme/ckpt/llama31-8b-ft")},
         {"id": N, "name": "tt-qwen3-4b-lora", "user": "akhil", "nodes": "spark-03", "tasks_per_node": 1,
          "started": "2026-08-26T04:58:30Z"}],
    )
    rng = s.rng
    pids = {head: 41207, wk: 38815}
    t = 6 * 60 + 11.0
    for r, h in enumerate((head, wk)):  # SYNTH torchrun + NCCL init (NCCL_DEBUG=INFO subset)
        p = f"{r}: "
        s.joblog(t + 0.2 * r, J, p + f"W0826 05:36:13.{rng.randint(100000, 999999)} {pids[h] - 3} torch/distributed/run.py:766] "
                                  "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.")
    t += 14.0
    s.joblog(t, J, "0: " + tt_info("Running FullFinetuneRecipeDistributed with resolved config:"))
    for k, l in enumerate(["", "batch_size: 2", "checkpointer:", "  _component_: torchtune.training.FullModelHFCheckpointer",
                           "  checkpoint_dir: /mnt/nvme/models/Meta-Llama-3.1-8B-Instruct/", "  output_dir: /mnt/nvme/ckpt/llama31-8b-ft",
                           "dataset:", "  _component_: torchtune.datasets.alpaca_cleaned_dataset", "device: cuda", "dtype: bf16",
                           "enable_activation_checkpointing: true", "epochs: 1", "gradient_accumulation_steps: 8",
                           "log_every_n_steps: 1", "metric_logger:", "  _component_: torchtune.training.metric_logging.StdoutLogger",
                           "optimizer:", "  _component_: torch.optim.AdamW", "  fused: true", "  lr: 2.0e-05", ""]):
        s.joblog(t + 0.001 * k, J, "0: " + l)
    t += 1.2
    for r, h in enumerate((head, wk)):
        pr, pid = f"{r}: ", pids[h]
        lines = ["INFO Bootstrap: Using enp1s0f1np1:%s<0>" % ip[h],
                 "INFO cudaDriverVersion 13000",
                 "INFO NCCL version 2.27.7+cuda13.0" if r == 0 else "INFO Comm config Blocking set to 1",
                 "INFO NET/Plugin: Could not find: libnccl-net.so.",
                 "INFO NET/IB : Using [0]rocep1s0f1:1/RoCE [RO]; OOB enp1s0f1np1:%s<0>" % ip[h],
                 "INFO Using network IB",
                 "INFO ncclCommInitRankConfig comm 0xaaab1e2f0c40 rank %d nranks 2 cudaDev 0 nvmlDev 0 busId f01000 commId 0x5c1d0e77a3b91f20 - Init START" % r,
                 "INFO Channel 00/0 : %d[0] -> %d[0] [send] via NET/IB/0" % (r, 1 - r),
                 "INFO Channel 01/0 : %d[0] -> %d[0] [send] via NET/IB/0" % (r, 1 - r),
                 "INFO Connected all rings, use ring PXN 0 GDR 0",
                 "INFO ncclCommInitRankConfig comm 0xaaab1e2f0c40 rank %d nranks 2 cudaDev 0 nvmlDev 0 busId f01000 commId 0x5c1d0e77a3b91f20 - Init COMPLETE" % r]
        for k, l in enumerate(lines):
            s.joblog(t + 0.3 * r + 0.02 * k, J, pr + nccl_line(h, pid, pid if k < 6 else pid + 117, 0, l))
    t += 2.0
    for msg in ["FSDP is enabled. Instantiating model and loading checkpoint on Rank 0 ...",
                "Instantiating model and loading checkpoint took 63.41 secs",
                "Memory stats after model init:\n\tGPU peak memory allocation: 8.12 GiB\n\tGPU peak memory reserved: 8.31 GiB\n\tGPU peak memory active: 8.12 GiB",
                "Optimizer is initialized.", "Loss is initialized.", "Dataset and Sampler are initialized.",
                "No learning rate scheduler configured. Using constant learning rate."]:
        for k, l in enumerate(msg.split("\n")):
            s.joblog(t + 0.001 * k, J, "0: " + (tt_info(l) if k == 0 else l))
        t += 63.5 if "Instantiating model and" in msg else 0.8
    t_step0 = t + 3.0
    t_fault = 3600 + 8 * 60 + 10.0  # 06:38:10 -> seconds after 05:30:00
    step, t = 0, t_step0
    last_step_t = t
    while True:  # SYNTH StdoutLogger lines, rank 0 only
        dur = 7.81 + rng.uniform(-0.12, 0.12)
        if t + dur >= t_fault:
            break
        t += dur
        step += 1
        loss = 1.05 + 0.55 * math.exp(-step / 60) + rng.uniform(-0.06, 0.06)
        s.joblog(t, J, "0: " + torchtune_step(step, loss, 2e-05, round(16 * 512 / dur / 1 * rng.uniform(0.98, 1.02), 4)))
        last_step_t = t
    # the head's PCIe fault (journald short format on spark-01)
    d0 = s.at(t_fault)
    k = []
    k.append((0.000, REAL_S5_AER + "atal) error message received from 0000:00:00.0"))
    k.append((0.000, "pcieport 0000:00:00.0: PCIe Bus Error: severity=Uncorrectable (Fatal), type=Transaction Layer, (Receiver ID)"))
    k.append((0.001, "pcieport 0000:00:00.0:   device [10de:22ce] error status/mask=00040000/00180000"))
    k.append((0.001, "pcieport 0000:00:00.0:    [18] MalfTLP                (First)"))
    k.append((0.002, "mlx5_core 0000:01:00.0: mlx5_pci_err_detected Device state = 1 health sensors: 1 pci_status: 1. Enter, pci channel state = 3"))
    k.append((0.003, "mlx5_core 0000:01:00.1: mlx5_pci_err_detected Device state = 1 health sensors: 1 pci_status: 1. Enter, pci channel state = 3"))
    k.append((0.71, "pcieport 0002:00:00.0: AER: Correctable error message received from 0002:00:00.0"))
    k.append((0.71, "pcieport 0002:00:00.0: PCIe Bus Error: severity=Correctable, type=Physical Layer, (Receiver ID)"))
    k.append((0.711, "pcieport 0002:00:00.0: AER: Uncorrectable (Fatal) error message received from 0002:00:00.0"))
    k.append((0.711, "pcieport 0002:00:00.0: PCIe Bus Error: severity=Uncorrectable (Fatal), type=Transaction Layer, (Receiver ID)"))
    k.append((0.713, "mlx5_core 0002:01:00.0: mlx5_pci_err_detected Device state = 1 health sensors: 1 pci_status: 1. Enter, pci channel state = 3"))
    k.append((0.714, "mlx5_core 0002:01:00.1: mlx5_pci_err_detected Device state = 1 health sensors: 1 pci_status: 1. Enter, pci channel state = 3"))
    k.append((1.92, "pcieport 0000:00:00.0: AER: Root Port link has been reset (0)"))
    k.append((2.95, "mlx5_core 0000:01:00.0: mlx5_pci_slot_reset Device state = 1 pci_status: 1. Enter"))
    k.append((63.1, "mlx5_core 0000:01:00.0: wait vital counter value 0xffffffff after 1 iterations"))
    k.append((63.1, "mlx5_core 0000:01:00.0: mlx5_pci_slot_reset wait vital failed with error -110"))
    k.append((63.2, "pcieport 0000:00:00.0: AER: device recovery failed"))
    for off, l in k:
        s.kernel(t_fault + off, head, journal_t(s.at(t_fault + off), head) + " " + l)
    # NCCL on both ranks, then rank 1 aborts (torch 2.9 ProcessGroupNCCL wording; numbers SYNTH)
    s.joblog(t_fault + 0.9, J, "0: " + nccl_line(head, pids[head], pids[head] + 121, 0,
                                                  "WARN NET/IB : rocep1s0f1:1 async fatal event: local catastrophic error"))
    t_ce = t_fault + 31.4
    for j in range(3):
        s.joblog(t_ce + 0.0004 * j, J, "1: " + nccl_line(wk, pids[wk], pids[wk] + 118, 0,
            f"WARN NET/IB: Got completion from peer 10.100.32.1<{47113 + j}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.100.32.2 remoteGids::ffff:10.100.32.1 hca rocep1s0f1"))
    s.joblog(t_ce + 0.002, J, "1: " + nccl_line(wk, pids[wk], pids[wk] + 118, 0, "INFO transport/net.cc:1298 -> 6"))
    d = s.at(t_ce + 0.31)
    for j, msg in enumerate([
            "[PG ID 0 PG GUID 0(default_pg) Rank 1] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.27.7",
            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
            "Last error:",
            "NET/IB: Got completion from peer 10.100.32.1<47113> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.100.32.2 remoteGids::ffff:10.100.32.1 hca rocep1s0f1"]):
        l = c10d_e(1, d, 211 + j, "ProcessGroupNCCL.cpp:2090", msg) if j == 0 else msg
        s.joblog(t_ce + 0.31 + 0.0003 * j, J, "1: " + l)
    s.joblog(t_ce + 0.33, J, "1: terminate called after throwing an instance of 'c10::DistBackendError'")
    s.joblog(t_ce + 0.331, J, "1:   what():  [PG ID 0 PG GUID 0(default_pg) Rank 1] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.27.7")
    ta = t_ce + 1.6  # torchrun agent on spark-02 (torch 2.x elastic summary; frames SYNTH)
    s.joblog(ta, J, "1: " + torch_log_prefix(s.at(ta), "E", pids[wk] - 3, "torch/distributed/elastic/multiprocessing/api.py:882")
             + f" failed (exitcode: -6) local_rank: 0 (pid: {pids[wk]}) of binary: /usr/bin/python3")
    py = "/usr/local/lib/python3.12/dist-packages"
    t_x = elastic_summary(s, ta + 0.02, J, wk, [(1, 0, pids[wk], -6)], "/opt/torchtune/recipes/full_finetune_distributed.py", py,
                          ['  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())",
                           f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 357, in wrapper',
                           "    return f(*args, **kwargs)",
                           f'  File "{py}/torch/distributed/run.py", line 901, in main', "    run(args)",
                           f'  File "{py}/torch/distributed/run.py", line 892, in run', "    elastic_launch("],
                          prefix="1: ")
    s.joblog(t_x + 0.4, J, f"srun: error: {wk}: task 1: Exited with exit code 1")
    t_ab = srun_abort_lines(s, t_x + 0.5, J, head)
    s.joblog(t_ab + 32.5, J, f"srun: error: {head}: task 0: Killed")
    s.job_state(t_ab + 33.0, J, "FAILED", "1:0")
    # the head keeps soft-locking (irq/*-aerdrv threads), as the thread describes
    tl = t_fault + 84.0
    cpu = [3, 7, 3, 11, 3, 7]
    i = 0
    t_end = t_fault + 2700.0
    while tl < t_end:
        stuck = 22 + (i % 4) * 26 + rng.randint(0, 3)
        s.kernel(tl, head, journal_t(s.at(tl), head) + f" watchdog: BUG: soft lockup - CPU#{cpu[i % len(cpu)]} stuck for {stuck}s! [irq/177-aerdrv:612]")
        if i % 3 == 0:
            s.kernel(tl + 0.001, head, journal_t(s.at(tl), head) + " mlx5_core 0002:01:00.0: mlx5_pci_slot_reset Device state = 1 pci_status: 1. Enter")
        tl += 118.0 + rng.uniform(-30, 60)
        i += 1

    def fn(n_, g, tt):  # SYNTH dcgm-exporter, 30 s (GB10: unified memory, no FB field)
        if n_ == N or n_ == "spark-03":
            return sample(rng, "gb10", rng.randint(92, 99), rng.uniform(50, 66), keys=GB10_KEYS)
        if tt < t_step0 - 60:
            return sample(rng, "gb10", 0, rng.uniform(9, 12), clock=208, temp=rng.randint(38, 42), keys=GB10_KEYS)
        if tt < t_fault:
            return sample(rng, "gb10", rng.randint(90, 99), rng.uniform(50, 68), keys=GB10_KEYS)
        if n_ == head:  # rank 0 never reaped: its kernel keeps polling for a peer that cannot answer
            return sample(rng, "gb10", 100, rng.uniform(17, 22), temp=rng.randint(44, 48), keys=GB10_KEYS)
        if tt < t_ce + 2:
            return sample(rng, "gb10", 100, rng.uniform(17, 22), keys=GB10_KEYS)
        return sample(rng, "gb10", 0, rng.uniform(9, 12), clock=208, temp=rng.randint(38, 42), keys=GB10_KEYS)
    telemetry_gap(s, [head, wk], 1, 0.0, t_end, 30.0, fn)
    telemetry_gap(s, ["spark-03"], 1, 0.0, t_end, 120.0, fn)
    tn, stp = 9.0, 2210  # SYNTH neighbour (torchtune LoRA, single device)
    while tn < t_end:
        s.joblog(tn, N, torchtune_step(stp, 0.91 + rng.uniform(-0.05, 0.05), 0.0003, round(2710 * rng.uniform(0.98, 1.02), 4)))
        stp += 10
        tn += 30.2 + rng.uniform(-0.3, 0.3)
    s.truth = truth({"t": t_fault, "category": "network", "node": head}, drain=[head],
                    requeue={J: {"exclude": [head]}}, no_drain=[wk, "spark-03"], no_requeue=[N])
    return s


# ======================================================================================
# S6  multi-spark-power-off-and-gb10-low-power-state  (node_failure on dgxs-06, then gpu_degraded on dgxs-03)
# ======================================================================================
# Fault 1: https://github.com/tonyd2wild/DeepSeek-v4-Flash-Vision-Exp-DSpark-1M-NVFP4-KV-2x-DGX-Spark/issues/31 --
# "Anyone else seeing sudden hard power-off on DGX Spark (GB10) under sustained co-tenant GPU load?". Closing comment
# (2026-08-19): signature "journal stops mid-line, pstore empty, box reboots" = "power/firmware/hardware"; for one
# reporter "Field Diagnostic failed GpuStress in 16 seconds ... That's hardware, RMA is the right call."
# Fault 2: https://github.com/Blackwellboy/model-serving-minefield/pull/55 -- "Trap 124: DGX Spark / GB10 stuck low-power
# state under load": "a persistent GB10 low-power platform state: the GPU remains usable and heavily utilized but does not
# boost into the normal sustained SM-clock/power range, and the degraded state survives ordinary software-level controls. A
# complete AC power removal reset that state". Neither thread posts log lines; every line here is synthesised.


def hf_loss(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer log dict as LLaMA-Factory prints it (loss, grad_norm, learning_rate, epoch)."""
    return "{'loss': %.4f, 'grad_norm': %.9f, 'learning_rate': %s, 'epoch': %.2f}" % (loss, gn, repr(lr), ep)


def build_s6() -> Scenario:
    A, B, C = "7720", "7731", "7736"
    a0, a1, nb, nc = "dgxs-05", "dgxs-06", "dgxs-03", "dgxs-04"
    s = Scenario(
        "multi-spark-power-off-and-gb10-low-power-state",
        "A small DGX Spark (GB10) Slurm pool. Job 7720 (LLaMA-Factory SFT, 2 nodes over RoCE) logs loss dicts every "
        "~47 s; at 19:31:02 dgxs-06 powers off hard: its journal stops mid-line, its telemetry stops, rank 0 on dgxs-05 "
        "waits in NCCL; 3 min 50 s later dgxs-06 is back and slurmctld marks it DOWN 'Node unexpectedly rebooted' and the "
        "job NODE_FAIL. Independently, 49 min later, the GB10 of dgxs-03 (job 7731, torchtune LoRA, one node) drops into "
        "a low-power state: utilisation stays 96-99 % but SM clock falls from ~2180 to ~900 MHz and power from ~58 to "
        "~24 W; step time goes from ~3.9 s to ~10 s and stays there, no throttle reason, no kernel message. Job 7736 on "
        "dgxs-04 runs the same recipe at normal speed throughout.",
        "2026-08-19T18:40:00Z",
        {"name": "sparkpool", "partition": "gb10", "nodes": "dgxs-[01-06]", "gpus_per_node": 1},
        [{"id": A, "name": "lf-qwen3-8b-sft", "user": "rfmarr", "nodes": "dgxs-[05-06]", "tasks_per_node": 1,
          "started": "2026-08-19T17:52:10Z", "comment": comment(2, "/mnt/shared/ckpt/qwen3-8b-sft")},
         {"id": B, "name": "tt-llama32-3b-lora", "user": "lmoraru", "nodes": nb, "tasks_per_node": 1,
          "started": "2026-08-19T18:21:44Z", "comment": comment(2, "/mnt/shared/ckpt/l32-3b-lora")},
         {"id": C, "name": "tt-llama32-3b-lora", "user": "lmoraru", "nodes": nc, "tasks_per_node": 1,
          "started": "2026-08-19T18:22:03Z"}],
    )
    rng = s.rng
    t1 = 51 * 60 + 2.0   # 19:31:02 hard power-off of dgxs-06
    t2 = t1 + 49 * 60 + 17.0  # GB10 of dgxs-03 enters the low-power state
    t_end = t2 + 2700.0
    # job A: LLaMA-Factory loss dicts (rank 0 only, label 0) every 10 optimizer steps
    t, stp = 21.0, 640
    while t < t1:
        s.joblog(t, A, "0: " + hf_loss(1.02 + rng.uniform(-0.05, 0.05), 0.41 + rng.uniform(-0.08, 0.08),
                                       2e-05 * (1 - stp / 4200), stp / 1400))
        s.joblog(t + 0.01, A, "0: " + tqdm_meter(stp, 4200, 3005 + 4.7 * (stp - 640), 1 / 4.7, ncols_bar=10))
        stp += 10
        t += 47.0 + rng.uniform(-0.8, 0.8)
    # dgxs-06 journal (SYNTH routine kernel lines) -- the last one stops mid-line
    for tt in (t1 - 2711.0, t1 - 1305.0, t1 - 388.0):
        s.kernel(tt, a1, journal_t(s.at(tt), a1) + " mlx5_core 0000:01:00.0 enp1s0f0np0: mlx5e_ethtool_get_link_ksettings: query port ptys failed: -11")
    s.kernel(t1 - 0.4, a1, journal_t(s.at(t1 - 0.4), a1) + " nvidia-modeset: WARNING: GPU:0: Unable to read EDID for disp")
    t_up = t1 + 230.0  # box back, slurmd registers with a new boot time
    for k, l in enumerate(["Booting Linux on physical CPU 0x0000000000 [0x410fd871]",
                           "Linux version 6.11.0-1016-nvidia (buildd@bos03-arm64-017) (aarch64-linux-gnu-gcc-13 (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0, GNU ld (GNU Binutils for Ubuntu) 2.42) #16-Ubuntu SMP PREEMPT_DYNAMIC Tue Jul 15 11:21:36 UTC 2025",
                           "pstore: Using crash dump compression: deflate",
                           "pstore: Registered efi_pstore as persistent store backend"]):
        s.kernel(t_up - 40.0 + 0.01 * k, a1, journal_t(s.at(t_up - 40.0), a1) + " " + l)
    epoch = lambda tt: calendar.timegm(s.at(tt).timetuple())  # noqa: E731
    s.node_state(t_up, a1, "DOWN", f"Node unexpectedly rebooted boot_time={epoch(t_up - 52.0)} last_response={epoch(t1 - 17.0)}")
    s.joblog(t_up + 0.3, A, f"slurmstepd: error: *** JOB {A} ON {a0} CANCELLED AT {s.at(t_up + 0.3):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    s.job_state(t_up + 0.5, A, "NODE_FAIL", "0:0")
    # jobs B and C: torchtune StdoutLogger, log_every_n_steps=10
    for job, node, t0, st0 in ((B, nb, 14.0, 880), (C, nc, 27.0, 870)):
        t, stp = t0, st0
        while t < t_end:
            slow = job == B and t >= t2
            per = (10.05 if slow else 3.88) + rng.uniform(-0.05, 0.05)
            stp += 10
            t += 10 * per
            if t >= t_end:
                break
            s.joblog(t, job, torchtune_step(stp, 0.87 + rng.uniform(-0.06, 0.06), 0.0003,
                                            round(4 * 1024 / per * rng.uniform(0.98, 1.02), 4)))

    def fn(n_, g, tt):  # SYNTH dcgm-exporter, 30 s
        if n_ == a1:
            if t1 <= tt < t_up - 25:
                return None
            if tt >= t1:
                return sample(rng, "gb10", 0, rng.uniform(9, 12), clock=208, temp=rng.randint(33, 37), keys=GB10_KEYS)
        if n_ in (a0, a1):
            if tt < t1:
                return sample(rng, "gb10", rng.randint(92, 99), rng.uniform(52, 68), keys=GB10_KEYS)
            if tt < t_up:  # rank 0 spinning in NCCL for its lost peer
                return sample(rng, "gb10", 100, rng.uniform(17, 22), keys=GB10_KEYS)
            return sample(rng, "gb10", 0, rng.uniform(9, 12), clock=208, temp=rng.randint(36, 40), keys=GB10_KEYS)
        if n_ == nb and tt >= t2:
            return sample(rng, "gb10", rng.randint(96, 99), rng.uniform(21.5, 26.5), clock=rng.choice([877, 890, 903, 915]),
                          temp=rng.randint(47, 50), keys=GB10_KEYS)
        return sample(rng, "gb10", rng.randint(94, 99), rng.uniform(52, 66), keys=GB10_KEYS)
    telemetry_gap(s, [a0, a1, nb, nc], 1, 0.0, t_end, 45.0, fn)
    s.truth = truth({"t": t1, "category": "node_failure", "node": a1}, drain=[a1, nb],
                    requeue={A: {"exclude": [a1]}, B: {"exclude": [nb]}}, no_drain=[a0, nc], no_requeue=[C],
                    other_faults=[{"t": t2, "category": "gpu_degraded", "node": nb, "gpu": 0}])
    return s


# ======================================================================================
# S7  paddle-fluid-p2p-misconfigured-node-hang  (hang: 4-GPU job spins at start on one node; history -> drain)
# ======================================================================================
# Source: https://github.com/PaddlePaddle/models/issues/1375 -- "多GPU执行问题，多GPU执行时任务挂起无法完成" (duanlin0505,
# 2018-10-22): fluid/language_model train.py with several GPUs "hangs for a long time; the GPU state is odd: memory and
# utilisation are full, but from the power the chip is hardly working"; single-GPU runs are fine; Paddle 1.0.2. Maintainer:
# related to the user's environment, updating NCCL2 still reproduces it. Resolution by the reporter: "问题原因已经找到，是机器
# pcie的一个GPU与GPU Peer to Peer通信的配置问题，修改后，nccl的并行库就可以正常执行了" -- the machine's PCIe GPU-to-GPU peer-to-peer
# configuration; after fixing it NCCL works. A property of that machine: the same job runs elsewhere. No log lines are posted;
# the program's prints (`epoch_%d start`, `step:%d ppl:%.3f`, `epoch:%d num_steps:%d time_cost(s):%f`, `model saved in
# %s`, `finish training`) are read from the repository's fluid/language_model/train.py; everything else is synthesised.


def paddle_dev_lines(d: dt.datetime, pid: int, ndev: int) -> list:
    """SYNTH: Paddle 1.0 device_context.cc notices (glog W prefix), one pair per visible device."""
    out = []
    for g in range(ndev):
        us = d.microsecond + 4100 * g
        dd = d + dt.timedelta(microseconds=4100 * g)
        out.append(f"W{dd:%m%d %H:%M:%S}.{dd.microsecond:06d} {pid:5d} device_context.cc:203] Please NOTE: device: {g}, "
                   "CUDA Capability: 61, Driver API Version: 9.2, Runtime API Version: 9.0")
        out.append(f"W{dd:%m%d %H:%M:%S}.{(dd.microsecond + 3900) % 1000000:06d} {pid:5d} device_context.cc:210] device: {g}, cuDNN Version: 7.1.")
        _ = us
    return out


def build_s7() -> Scenario:
    J1, J2, N = "13405", "13452", "13398"
    bad, good, nn = "pd-gpu05", "pd-gpu02", "pd-gpu06"
    s = Scenario(
        "paddle-fluid-p2p-misconfigured-node-hang",
        "A PaddlePaddle 1.0 fluid language-model job (ParallelExecutor over 4 x GTX 1080 Ti, NCCL all-reduce) on "
        "pd-gpu05 prints its device notices and 'epoch_1 start', then nothing: the first all-reduce never completes. "
        "The four GPUs show full memory and 100 % utilisation at ~60 W (spinning, not computing). No error is printed. "
        "pd-gpu05 was flagged for an unexplained hang of another job three days earlier. After 67 min the owner "
        "cancels and resubmits the same command; it lands on pd-gpu02 and trains normally ('step:100 ppl:...' every "
        "~5 s) and finishes. The cause is pd-gpu05's PCIe peer-to-peer configuration.",
        "2018-10-22T09:00:00Z",
        {"name": "pd", "partition": "gpu", "nodes": "pd-gpu[01-08]", "gpus_per_node": 4},
        [{"id": J1, "name": "lm-imikolov-4gpu", "user": "duanlin", "nodes": bad, "tasks_per_node": 1,
          "started": "2018-10-22T09:01:37Z", "comment": comment(2)},
         {"id": J2, "name": "lm-imikolov-4gpu", "user": "duanlin", "nodes": good, "tasks_per_node": 1,
          "started": "2018-10-22T10:10:55Z", "comment": comment(2)},
         {"id": N, "name": "ctr-dnn-criteo", "user": "qzhang", "nodes": nn, "tasks_per_node": 1,
          "started": "2018-10-22T07:44:20Z"}],
        history=[{"at": "2018-10-19T16:22:00Z", "node": bad, "verdict": "suspect", "category": "hang"}],
    )
    rng = s.rng
    t = 97.0 + 14.6  # data prep + program build
    for k, l in enumerate(paddle_dev_lines(s.at(t), 20731, 4)):
        s.joblog(t + 0.004 * k, J1, l)
    t += 2.9
    s.joblog(t, J1, "epoch_1 start")
    t_hang = t + 0.5
    t_cancel = t + 67 * 60 + 41.0
    s.joblog(t_cancel, J1, cancel_line(J1, bad, s.at(t_cancel)))
    s.job_state(t_cancel + 0.3, J1, "CANCELLED", "0:15")
    t2 = 70 * 60 + 55.0
    s.job_state(t2, J2, "RUNNING", "0:0", nodes=good)
    t = t2 + 13.9
    for k, l in enumerate(paddle_dev_lines(s.at(t), 6114, 4)):
        s.joblog(t + 0.004 * k, J2, l)
    t += 2.8
    total = 0.0
    for ep in range(1, 13):
        s.joblog(t, J2, f"epoch_{ep} start")
        t0 = t
        ppl = 780.0 / ep ** 0.55
        for st in range(100, 600, 100):
            t += 4.6 + rng.uniform(-0.2, 0.2)
            s.joblog(t, J2, f"step:{st} ppl:{ppl * (1.15 - st / 2500) * rng.uniform(0.98, 1.02):.3f}")
        t += 0.9
        total += t - t0
        s.joblog(t, J2, f"epoch:{ep} num_steps:526 time_cost(s):{total / ep:f}")
        t += 0.6
        s.joblog(t, J2, f"model saved in model/epoch_{ep}")
        t += 0.05
    s.joblog(t, J2, "finish training")
    t_done = t + 3.1
    s.job_state(t_done, J2, "COMPLETED", "0:0")
    t_end = t_done + 600.0

    def fn(n_, g, tt):  # SYNTH nvidia-smi query every 60 s
        if n_ == bad:
            if tt < t_hang - 1 or tt > t_cancel + 2:
                return idle(rng, "gtx1080ti")
            return gpu_fields(rng, "gtx1080ti", util=100, power=rng.uniform(56, 66), temp=rng.randint(44, 49),
                              fb=10960 + rng.randint(0, 120))
        if n_ == good:
            if t2 + 16 < tt < t_done:
                return gpu_fields(rng, "gtx1080ti", util=rng.randint(62, 88), power=rng.uniform(120, 175), fb=2210 + rng.randint(0, 90))
            return idle(rng, "gtx1080ti")
        return busy(rng, "gtx1080ti")
    telemetry_gap(s, [bad, good], 4, 0.0, t_end, 60.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    telemetry_gap(s, [nn], 4, 0.0, t_end, 300.0, fn, fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    tn, pas, bid = 40.0, 3, 12000  # SYNTH neighbour (fluid CTR example print format)
    while tn < t_end:
        s.joblog(tn, N, f"pass_id: {pas}, batch_id: {bid}, loss: {0.4571 + rng.uniform(-0.01, 0.01):.6f}, "
                        f"auc: {0.7912 + rng.uniform(-0.003, 0.003):.6f}, batch_auc: {0.79 + rng.uniform(-0.02, 0.02):.6f}")
        bid += 1000
        tn += 71.0 + rng.uniform(-1, 1)
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, drain=[bad], requeue={J1: {"exclude": [bad]}},
                    no_drain=[good, nn], no_requeue=[J2, N])
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
