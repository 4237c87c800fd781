#!/usr/bin/env python3
"""Build the holdout39 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout38):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
    Where a thread's text was wrapped by a mail client, the wrapped pieces are kept as separate REAL
    fragments and emitted joined on one line, as the program printed it.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout39: generic helpers and the holdout14..holdout38 helper sections are copied unchanged from holdout38's build.py;
the holdout38 scenarios are replaced by the holdout39 helpers and scenarios S1..S8 below.
Earlier notes (holdout23..holdout38): each corpus copied the generic helpers and earlier helper sections unchanged.
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
# holdout39: real text (each block under the URL it was copied from)
# ======================================================================================

# S1 (healthy) Source: https://github.com/wtsi-ssg/pcp/issues/13 -- "Open MPI warns about fork() system call": Open MPI
# prints this help text when an MPI process forks a child; the reporter notes "Although the warning is not fatal, it is
# off-putting for new users." The first line is quoted with a leading ">" in the thread; the ">" is the quote mark, not
# Open MPI's text, and is dropped.
REAL_S1_FORK = [
    "An MPI process has executed an operation involving a call to the",
    "\"fork()\" system call to create a child process.  Open MPI is currently",
    "operating in a condition that could result in memory corruption or",
    "other system errors; your MPI job may hang, crash, or produce silent",
    "data corruption.  The use of fork() (or system() or other calls that",
    "create child processes) is strongly discouraged.",
]

# S2 (gpu_hardware) Source: https://github.com/FrankCCCCC/s-flm/blob/main/experiments/claude_test_hbfm_sudoku/RESULTS.md --
# "Incident (2026-09-18 07:00-08:55): `snavely-compute-01` failed and took 4 cells with it. Its GPU died (`NVML: Failed
# to get usage(15): GPU is lost`); SLURM has since drained the node (`State=MIXED+DRAIN+NOT_RESPONDING,
# Reason=GPU_Error_Detected`). One cell ... hit the fault directly and three more ... were `CANCELLED by 0` (admin) ...
# the directly-faulted job was recorded by SLURM as `COMPLETED 0:0`". The NVML text is emitted inside slurmstepd's own
# error line (prefix SYNTH); the drain reason and the cancel reason are emitted as Slurm reasons.
REAL_S2_NVML = "NVML: Failed to get usage(15): GPU is lost"
REAL_S2_REASON = "GPU_Error_Detected"
REAL_S2_CANCEL = "CANCELLED by 0"

# S3 (gpu_degraded) Source: https://github.com/NVIDIA-NeMo/Megatron-Bridge/pull/2114 -- "fix: apply straggler detection
# reporting": the PR shows Megatron-Bridge's NVRx straggler report as rank 0 logs it. Verbatim: the two report headers.
# (Score semantics: https://nvidia.github.io/nvidia-resiliency-ext/straggler_det/usage_guide.html -- "If the relative
# performance score is 0.5, it means that a rank is twice as slow as the fastest rank.")
REAL_S3_HDR = [
    "megatron.bridge.NVRxStragglerDetection: GPU relative performance:",
    "megatron.bridge.NVRxStragglerDetection: GPU individual performance:",
]

# S4 (network) Source: https://www.open-mpi.org/community/lists/users/2009/09/10700.php -- "[OMPI users] Job fails after
# hours of running on a specific node" (stored as open-mpi/ompi-www community/lists/users/2009/09/10700.php); answer
# https://www.open-mpi.org/community/lists/users/2009/09/10705.php (Mellanox): "The node-0-2.local gets asynchronous event
# IBV_EVENT_PORT_ERROR and as result the processes fails to deliver packets to some remote hosts ... the IB port gone from
# ACTIVE state do DOWN state ... Source cause of such issue maybe some bad cable or some problematic port on switch."
# The mail client wrapped some lines; those are kept as fragments (REAL_S4_WRAPPED) and emitted joined.
REAL_S4_PORTERR = [
    "The OpenFabrics stack has reported a network error event.  Open MPI",
    "will try to continue, but your job may end up failing.",
    "  Local host:        node-0-2.local",
    "  MPI process PID:   11840",
    "  Error number:      10 (IBV_EVENT_PORT_ERR)",
    "This error may indicate connectivity problems within the fabric;",
    "please contact your system administrator.",
]
REAL_S4_WRAPPED = [
    "[node-0-2.local:11836] 7 more processes have sent help message",
    "help-mpi-btl-openib.txt / of error event",
    "[node-0-2.local:11836] 1 more process has sent help message",
    "[node-0-2.local:11836] 15 more processes have sent help message",
    "[node-0-2.local:11836] 16 more processes have sent help message",
    "[[718,1],20][btl_openib_component.c:2902:handle_wc] from node-0-22.local to:",
    "error polling LP CQ with status RETRY EXCEEDED ERROR status number 12 for",
    "wr_id 66384128 opcode 128 qp_idx 3",
]
REAL_S4_RETRY = [
    "The InfiniBand retry count between two MPI processes has been",
    "exceeded.  \"Retry count\" is defined in the InfiniBand spec 1.2",
    "(section 12.7.38):",
    "    The total number of times that the sender wishes the receiver to",
    "    retry timeout, packet sequence, etc. errors before posting a",
    "    completion error.",
    "This error typically means that there is something awry within the",
    "InfiniBand fabric itself.  You should note the hosts on which this",
    "error has occurred; it has been observed that rebooting or removing a",
    "particular host from the job can sometimes resolve this issue.",
    "Two MCA parameters can be used to control Open MPI's behavior with",
    "respect to the retry count:",
    "* btl_openib_ib_retry_count - The number of times the sender will",
    "  attempt to retry (defaulted to 7, the maximum value).",
    "* btl_openib_ib_timeout - The local ACK timeout parameter (defaulted",
    "  to 10).  The actual timeout value used is calculated as:",
    "     4.096 microseconds * (2^btl_openib_ib_timeout)",
    "  See the InfiniBand spec 1.2 (section 12.7.34) for more details.",
    "Below is some information about the host that raised the error and the",
    "peer to which it was connected:",
    "  Local host:   node-0-22.local",
    "  Peer host:    node-0-2",
    "You may need to consult with your system administrator to get this",
    "problem fixed.",
]

# S5 (node_failure) Source: https://github.com/huggingface/m4-logs/blob/main/tr_141-hanging/tr_141_cm409xPMD01_scale_leap_of_faith_v5_num_workers_06/README.md
# -- "experiment 6.1": "Run into a node failure and slurm killing the training this time ... a node crashed, so there was
# nothing we could do here - most likely a \"normal\" JZ hardware issue". Verbatim: the last iteration line, the
# validation lines and the three Slurm lines; the clock is set so the real stamp (03:17:51) falls at its place.
REAL_S5_ITER = ("iteration:  2500/500000   0% | elapsed time: 07:41:19 | per_token_loss: 3.1525 | lr: 9.990E-06 | "
                "num_tokens: 788088885 | num_images: 26284370 | num_padding: 391115 | fwd_bwd_time: 43621.8 | "
                "fwd_bwd_time_no_acc: 17.3 | image_to_text_ratio: 0.0332 | num_batches: 2500 | num_batches_in_curr_epoch: "
                "706 | num_batches_since_training_logged: 25 | num_epochs: 1 | num_opt_steps: 2500 | z_loss: 24.6600 | "
                "per_example_loss: 15523.8 | pixel_values_sum: 1.54228E+12 | tflop_counter: 1.014E+08 | "
                "tflop_counter_no_acc: 4.055E+04 | tflops_fwd_bwd: 2.323E+03 | tflops_fwd_bwd_no_acc: 2.346E+03 | "
                "global_batch_size_current: 4096 |")
REAL_S5_VAL = [
    "** Starting validation **",
    "Validation logs: val_per_token_loss: 3.0179 | val_per_example_loss: 14921.1 | val_num_images: 150355 | "
    "val_num_tokens: 4413196 | val_num_padding: 2292 | val_image_to_text_ratio: 0.0341 |",
    "** Finished validation **",
]
REAL_S5_SLURM = [
    "srun: error: Node failure on jean-zay-iam37",
    "srun: Job step aborted: Waiting up to 62 seconds for job step to finish.",
    "slurmstepd: error: *** STEP 1943824.0 ON jean-zay-iam17 CANCELLED AT 2023-03-06T03:17:51 DUE TO NODE FAILURE, "
    "SEE SLURMCTLD LOG FOR DETAILS ***",
]

# S6 (hang) Source: https://github.com/huggingface/accelerate/issues/3104 -- "Accelerate Distributed Randomly Hangs": on
# an 8 x H100 node the run froze; "GPU util is this time 100% everywhere except for one at 0%" and py-spy showed "7
# threads are in one operation (this time `all_gather_coalesced`) and one thread is in `forward`" -- the ranks that
# reached the collective spin in it at ~110 W, the one that did not is idle. Verbatim: two of the spinning GPUs'
# nvidia-smi rows and the driver banner (the job's hang watchdog prints nvidia-smi from every node).
# Method: https://github.com/allenai/OLMo/pull/709 -- "One approach we use to find the cause of a hang in distributed
# training is to first identify which processes/nodes are hanging ... A process/node with different state may be
# experiencing a hang."
REAL_S6_SMI = [
    "| NVIDIA-SMI 535.183.01             Driver Version: 535.183.01   CUDA Version: 12.2     |",
    "| N/A   37C    P0             112W / 700W |  46103MiB / 81559MiB |    100%      Default |",
    "| N/A   41C    P0             118W / 700W |  47607MiB / 81559MiB |    100%      Default |",
]

# S7 (software) Source: https://github.com/OpenBioSim/biosimspace/issues/446 -- "Using Gromacs for FEP": GROMACS stops
# with "2 particles communicated to PME rank 4 are more than 2/3 times the cut-off out of the domain decomposition cell
# of their charge group in dimension x.This usually means that your system is not well equilibrated"; a 1 fs instead
# of 2 fs time step fixed it for most systems, but "for some mutations i still get the same error" -- the input blows
# up, and a restart repeats it. GROMACS wraps fatal-error text at 78 columns; the pieces below are substrings of the
# thread's sentence, emitted as GROMACS wraps them.
REAL_S7_GMX = [
    "2 particles communicated to PME rank 4 are more than 2/3 times the cut-off out",
    "of the domain decomposition cell of their charge group in dimension x.",
    "This usually means that your system is not well equilibrated",
]

# S8 (infrastructure) Source: https://github.com/conda/infrastructure/issues/1205 -- "CRITICAL: downloads from
# https://conda.anaconda.org started failing en masse" (2025-09-09); cause: https://github.com/conda-forge/status/issues/200
# -- "This appears to have been due to a cloudflare incident". Verbatim: micromamba's lines below.
REAL_S8_MAMBA = [
    "   Transaction starting",
    "  error    libmamba Failed to download package from https://conda.anaconda.org/conda-forge/noarch/pydantic-2.11.7-pyh3cfb1c2_0.conda (status 503)",
    "      If you see this message repeatedly, the state of your installation might be corrupted,",
    "error    libmamba Error when extracting package: Thread interrupted",
]
# S8 second client: https://github.com/conda-forge/status/issues/202 -- "`CondaHTTPError: HTTP 000` for
# `conda-forge/noarch/repodata.json` during conda environment creation" (a later Anaconda CDN outage of the same kind,
# upstream https://github.com/conda/infrastructure/issues/1254). Verbatim: conda's lines below (the thread's run was on
# Windows; the platform line is SYNTH).
REAL_S8_CONDA = [
    "Collecting package metadata (repodata.json): ...working... failed",
    "CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://conda.anaconda.org/conda-forge/noarch/repodata.json>",
    "Elapsed: -",
    "An HTTP error occurred when trying to retrieve this URL.",
    "HTTP errors are often intermittent, and a simple retry will get you on your way.",
    "'https//conda.anaconda.org/conda-forge/noarch'",
]


# ======================================================================================
# holdout39 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "rtx6000ada": (68, 5, 272.0, 20.0, 2505, 38500, 1500),
    "rtx2080ti": (67, 5, 228.0, 18.0, 1905, 9100, 500),
    "a40": (61, 5, 262.0, 22.0, 1740, 36500, 2500),
    "a100_80": (57, 6, 345.0, 40.0, 1410, 71500, 3500),
    "h100sxm": (58, 6, 612.0, 55.0, 1980, 72000, 3000),
    "mi300a": (64, 5, 455.0, 35.0, 2100, 86000, 4000),
    "a30": (55, 5, 148.0, 12.0, 1440, 20500, 1500),
})


def sample39(rng, prof, load=0.95, temp=True, fb=False, thr=None) -> dict:
    """SYNTH: a busy GPU of profile `prof` (util, power, SM clock, optional temp/FB/throttle bitmask)."""
    return busy38(rng, prof, load=load, fb=fb, thr=thr, temp=temp)


def idle39(rng, prof, fb=None, temp=True) -> dict:
    """SYNTH: an idle GPU (0 % util, idle clock and power)."""
    clk = {"h100sxm": 345, "a100_80": 210, "mi300a": 100}.get(prof, 210)
    return g38(0, rng.uniform(24, 62), clk, fb=fb, temp=rng.randint(30, 38) if temp else None)


def openai_kv_table(kv: dict) -> list:
    """SYNTH: improved/guided-diffusion logger.dumpkvs() table (HumanOutputFormat: '%-8.3g' values, sorted keys)."""
    k2s = {}
    for k, v in kv.items():
        k2s[k] = ("%-8.3g" % v) if isinstance(v, float) else str(v)
    kw = max(len(k) for k in k2s)
    vw = max(len(v) for v in k2s.values())
    dashes = "-" * (kw + vw + 7)
    out = [dashes]
    for k, v in sorted(k2s.items(), key=lambda kv_: kv_[0].lower()):
        out.append("| %s%s | %s%s |" % (k, " " * (kw - len(k)), v, " " * (vw - len(v))))
    out.append(dashes)
    return out


def pl_bar(ep: int, it: int, n: int, el: float, rate: float, loss: float) -> str:
    """SYNTH: a PyTorch Lightning TQDMProgressBar state as it lands in a non-tty log."""
    pct = int(100 * it / n)
    cells = it * 10 // n
    bar = "█" * cells + (" " * (10 - cells))
    rem = (n - it) / rate
    return (f"Epoch {ep}: {pct:3d}%|{bar}| {it}/{n} [{fmt_interval(el)}<{fmt_interval(rem)}, {rate:5.2f}it/s, "
            f"v_num=0, train/loss={loss:.3f}]")


def mb_iter(d: dt.datetime, it: int, total: int, ms: float, tflops: float, lr: float, loss: float, gn: float,
            gbs: int) -> str:
    """SYNTH: Megatron-Bridge training_log line (Megatron layout)."""
    return (f" [{d:%Y-%m-%d %H:%M:%S}] iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | throughput per GPU (TFLOP/s/GPU): {tflops:.1f} | "
            f"learning rate: {lr:.6E} | global batch size: {gbs:5d} | lm loss: {loss:.6E} | loss scale: 1.0 | "
            f"grad norm: {gn:.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |")


def lmp_thermo(step: int, temp: float, epair: float, etot: float, press: float) -> str:
    """SYNTH: one LAMMPS thermo row (Step Temp E_pair E_mol TotEng Press)."""
    return f"{step:>10d}   {temp:9.6f}  {epair:11.7f}  {0:9d}  {etot:11.7f}  {press:10.7f}"


def m4_iter(it: int, el: float, loss: float, rng) -> str:
    """SYNTH: m4 (IDEFICS) rank-0 iteration stats line in the layout of the thread's real line."""
    f = it / 2500
    return (f"iteration:  {it}/500000   0% | elapsed time: {hms_full(el):0>8} | per_token_loss: {loss:.4f} | lr: "
            f"9.990E-06 | num_tokens: {int(788088885 * f)} | num_images: {int(26284370 * f)} | num_padding: "
            f"{int(391115 * f)} | fwd_bwd_time: {43621.8 * f:.1f} | fwd_bwd_time_no_acc: {rng.uniform(16.9, 17.8):.1f} | "
            f"image_to_text_ratio: {rng.uniform(0.0325, 0.0339):.4f} | num_batches: {it} | num_batches_in_curr_epoch: "
            f"{it - 1794} | num_batches_since_training_logged: 25 | num_epochs: 1 | num_opt_steps: {it} | z_loss: "
            f"{rng.uniform(24.3, 25.1):.4f} | per_example_loss: {loss * 4924.6:.1f} | pixel_values_sum: "
            f"{rng.uniform(1.530, 1.552):.5f}E+12 | tflop_counter: {1.014e8 * f:.3E} | tflop_counter_no_acc: "
            f"{rng.uniform(4.03, 4.08):.3f}E+04 | tflops_fwd_bwd: {rng.uniform(2.30, 2.35):.3f}E+03 | "
            f"tflops_fwd_bwd_no_acc: {rng.uniform(2.33, 2.37):.3f}E+03 | global_batch_size_current: 4096 |")


def lingua_line(d: dt.datetime, el: float, msg: str, level: str = "INFO") -> str:
    """SYNTH: Meta Lingua logger prefix (level, yy-mm-dd time, elapsed) + message."""
    return f"{level:<7} {d:%y-%m-%d %H:%M:%S}.{d.microsecond // 1000:03d} - {td_str(el)} - {msg}"


def lingua_step(d: dt.datetime, el: float, step: int, loss: float, gn: float, it_s: float, rng) -> str:
    """SYNTH: Meta Lingua apps/main/train.py step line (field layout from its f-string)."""
    wps = 8 * 4096 / it_s
    return lingua_line(d, el, f"step: {step}  acc: 0  loss: {round(loss, 4):>7}  grad: {gn:.2e}  flops: {wps * 6 * 6.7e9:.2e}"
                              f"  wps: {wps:.2e}  iter: {round(it_s, 4):>7}  data: {round(rng.uniform(0.0004, 0.0011), 4):>5}"
                              f"  lr: 3.00e-04  mem: {rng.randint(71, 73)}%  pow: {rng.uniform(598, 668):.3f} W")


SMI535_TOP = "+---------------------------------------------------------------------------------------+"
SMI535_SEP = "|-----------------------------------------+----------------------+----------------------+"
SMI535_HDR = ["| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
              "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
              "|                                         |                      |               MIG M. |",
              "|=========================================+======================+======================|"]
SMI535_ROWSEP = "+-----------------------------------------+----------------------+----------------------+"
HGX_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]


def smi_row(temp: int, pw: int, mem: int, util: int) -> str:
    """SYNTH: the second line of an nvidia-smi 535 GPU block for an H100 80GB HBM3."""
    return f"| N/A   {temp}C    P0             {pw:>3d}W / 700W |  {mem}MiB / 81559MiB |    {util:>3d}%      Default |"


def gmx_fatal(program: str, src: str, line: int, rank: int, nranks: int, msg: list) -> list:
    """SYNTH: GROMACS fatal-error box."""
    dash = "-" * 55
    return ([dash, f"Program:     {program}", f"Source file: {src} (line {line})", f"MPI rank:    {rank} (out of {nranks})",
             "", "Fatal error:"] + msg +
            ["", "For more information and tips for troubleshooting, please check the GROMACS",
             "website at " + "https:" + "//manual.gromacs.org/current/user-guide/run-time-errors.html", dash])


# ======================================================================================
# S1  guided-diffusion-2x4-rtx6000ada-openmpi-fork-warning-slow-ema-save  (healthy: OpenAI guided-diffusion class-
#     conditional ImageNet-256 training under mpiexec (Open MPI 4.1) on 2 x 4 RTX 6000 Ada. When the DataLoader forks
#     its worker, Open MPI prints its "fork()" warning (plus the aggregated help-message count); 63 min later the
#     step-4000 EMA checkpoint to NFS takes 4 minutes while the NFS client logs "not responding ... OK"; the job trains
#     on at ~1.9 s/step throughout. Nothing needs doing.)
# ======================================================================================

def build_s1() -> Scenario:
    name = "guided-diffusion-2x4-rtx6000ada-openmpi-fork-warning-slow-ema-save"
    J, N1, N2 = "552907", "552880", "552911"
    start = "2025-02-17T08:00:00Z"
    nodes = ["ada-03", "ada-04"]
    s = Scenario(name, "OpenAI guided-diffusion (mpi4py + torch DDP, launched with mpiexec from Open MPI 4.1) trains a "
                 "class-conditional ImageNet 256x256 model on 2 x 4 RTX 6000 Ada (8 ranks). When the data loader forks "
                 "its worker process Open MPI prints its fork() warning and later an aggregated help-message count; "
                 "the step-2000 checkpoint takes 25 s, the step-4000 one 4 minutes while ada-03's kernel logs the NFS "
                 "server not responding and then OK. Loss tables keep coming every ~380 s (log_interval 200). Two other owners' jobs run "
                 "on other nodes.",
                 start,
                 {"name": "ada-pool", "partition": "gpu", "nodes": "ada-[01-12]", "gpus_per_node": 4},
                 [{"id": J, "name": "gd-in256-cond", "user": "mkuo", "nodes": "ada-[03-04]", "tasks_per_node": 4,
                   "started": "2025-02-17T07:59:12Z", "comment": comment(2, "/nfs/proj/mkuo/gd256/ckpt")},
                  {"id": N1, "name": "esm2-embed-uniref50", "user": "tpark", "nodes": "ada-07", "tasks_per_node": 4,
                   "started": "2025-02-17T06:41:55Z"},
                  {"id": N2, "name": "nnunet-3d-fold2", "user": "lwei", "nodes": "ada-09", "tasks_per_node": 1,
                   "started": "2025-02-17T05:12:40Z"}])
    rng = s.rng
    s.joblog(18.2, J, "Logging to /scratch/mkuo/gd256/openai-2025-02-17-07-59-31-552907")  # SYNTH
    s.joblog(18.3, J, "creating model and diffusion...")  # SYNTH
    s.joblog(40.9, J, "creating data loader...")  # SYNTH
    s.joblog(43.6, J, "training...")  # SYNTH
    t = 47.1
    dash = "-" * 74
    s.joblog(t, J, dash)  # SYNTH
    for k, l in enumerate(REAL_S1_FORK):
        s.joblog(t + 0.001 * (k + 1), J, l)  # REAL_S1_FORK
    tail = ["", "The process that invoked fork was:", "", "  Local host:          [[27215,1],0] (PID 41902)", "",
            "If you are *absolutely sure* that your application will successfully",
            "and correctly survive a call to fork(), you may disable this warning",
            "by setting the mpi_warn_on_fork MCA parameter to 0.", dash]
    for k, l in enumerate(tail):
        s.joblog(t + 0.01 + 0.001 * k, J, l)  # SYNTH (rest of Open MPI's help text, this job's PID)
    s.joblog(52.3, J, "[ada-03:41861] 7 more processes have sent help message help-opal-runtime.txt / opal_init:warn-fork")  # SYNTH
    s.joblog(52.3, J, "[ada-03:41861] Set MCA parameter \"orte_base_help_aggregate\" to 0 to see all help / error messages")  # SYNTH
    # training: a table every 100 steps (~1.9 s/step); saves at 2000 (25 s) and 4000 (240 s, NFS slow)
    step, t = 0, 49.0
    t_end = 9000.0
    save_windows = []
    loss = 0.0731
    while t < t_end:
        if step % 200 == 0:
            loss = max(0.0318, loss * 0.9982 + rng.uniform(-0.0009, 0.0009))
            q = [loss * 2.31, loss * 1.06, loss * 0.66, loss * 0.41]
            kv = {"grad_norm": rng.uniform(0.12, 0.41), "lg_loss_scale": 20.0 + (step // 1000) * 0.0 + rng.choice([0.0, 0.0, 1.0]),
                  "loss": loss, "mse": loss * 0.953, "param_norm": 1141.0 + step * 0.011, "samples": float((step + 1) * 256),
                  "step": float(step), "vb": loss * 0.047}
            for i in range(4):
                kv[f"loss_q{i}"] = q[i]
                kv[f"mse_q{i}"] = q[i] * 0.953
                kv[f"vb_q{i}"] = q[i] * 0.047
            for k, l in enumerate(openai_kv_table(kv)):
                s.joblog(t + 0.0005 * k, J, l)  # SYNTH
        if step and step % 2000 == 0:
            slow = step == 4000
            dur = 238.0 if slow else 24.6
            s.joblog(t + 0.2, J, "saving model 0...")  # SYNTH
            s.joblog(t + dur * 0.45, J, "saving model 0.9999...")  # SYNTH
            save_windows.append((t, t + dur))
            if slow:
                s.kernel(t + 41.0, "ada-03", j38(s.at(t + 41.0), "ada-03", "nfs: server nas02 not responding, still trying"))  # SYNTH
                s.kernel(t + 203.0, "ada-03", j38(s.at(t + 203.0), "ada-03", "nfs: server nas02 OK"))  # SYNTH
            t += dur
        t += 1.9 + rng.uniform(-0.03, 0.03)
        step += 1
    # neighbours
    tn = 31.0
    ep = 412
    while tn < t_end:
        s.joblog(tn, N2, f"{s.at(tn):%Y-%m-%d %H:%M:%S.%f}: epoch {ep}")  # SYNTH (nnU-Net v2 log layout)
        s.joblog(tn + 0.1, N2, f"{s.at(tn + 0.1):%Y-%m-%d %H:%M:%S.%f}: Current learning rate: {0.01 * (1 - ep / 1000) ** 0.9:.5f}")  # SYNTH
        s.joblog(tn + 191.4, N2, f"{s.at(tn + 191.4):%Y-%m-%d %H:%M:%S.%f}: train_loss {rng.uniform(-0.82, -0.78):.4f}")  # SYNTH
        s.joblog(tn + 191.5, N2, f"{s.at(tn + 191.5):%Y-%m-%d %H:%M:%S.%f}: val_loss {rng.uniform(-0.74, -0.69):.4f}")  # SYNTH
        s.joblog(tn + 191.6, N2, f"{s.at(tn + 191.6):%Y-%m-%d %H:%M:%S.%f}: Epoch time: {rng.uniform(188.9, 193.2):.2f} s")  # SYNTH
        ep += 1
        tn += 192.0 + rng.uniform(-1, 1)
    tn, shard = 120.0, 211
    while tn < t_end:
        s.joblog(tn, N1, f"[esm-embed] shard {shard:05d}/00950 done: 1048576 sequences, {rng.uniform(61.0, 64.5):.1f} min")  # SYNTH
        shard += 1
        tn += 3790.0 + rng.uniform(-40, 40)

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if any(a <= t_ <= b for a, b in save_windows):
                return g38(rng.choice([0, 0, 3]), rng.uniform(58, 74), 2505, temp=rng.randint(52, 58), fb=39100)
            return sample39(rng, "rtx6000ada", load=rng.uniform(0.93, 0.99), fb=True)
        if n_ == "ada-09" and g > 0:
            return idle39(rng, "rtx6000ada")
        return sample39(rng, "rtx6000ada", load=rng.uniform(0.7, 0.9))
    run_sampler(s, nodes, 4, 0.0, t_end, 180.0, fn)
    run_sampler(s, ["ada-07", "ada-09"], 4, 0.0, t_end, 600.0, fn)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=["ada-03", "ada-04", "ada-07", "ada-09"])
    return s


# ======================================================================================
# S2  sflm-sudoku-2080ti-snavely-compute-01-gpu-lost-nvml-drain  (gpu_hardware seen through tools, not the kernel: four
#     single-GPU cells of one owner's s-flm sweep run on snavely-compute-01 (8 x RTX 2080 Ti). GPU 3 dies: slurmstepd's
#     NVML accounting poll prints "GPU is lost", the cell's Python dies, its wrapper exits 0 so Slurm records
#     COMPLETED 0:0; Slurm's health check drains the node (Reason=GPU_Error_Detected), an admin cancels the other three
#     cells ("CANCELLED by 0"), then the node stops responding. GPU 3's telemetry stops first. No kernel line.)
# ======================================================================================

def build_s2() -> Scenario:
    name = "sflm-sudoku-2080ti-snavely-compute-01-gpu-lost-nvml-drain"
    start = "2026-09-18T10:30:00Z"
    node = "snavely-compute-01"
    others = ["cuvl-compute-05", "goodfellow", "badjak", "bala-compute-01", "desa-compute-01"]
    cells = {"428811": ("r3_texp0.5_ub6_s1", 3, 15127), "428812": ("r3_texp1_ub6_s1", 0, 15088),
             "428815": ("r3_exp4_K0.5_s1", 5, 15203), "428817": ("r3_exp6_Km1_tmax3_s2", 6, 15041)}
    hit = "428811"
    neigh = {"428820": ("r3_unif2.3_s2", "cuvl-compute-05"), "428823": ("r3_texp6_ub6_s3", "goodfellow")}
    other = "430877"
    jobs = []
    for j, (nm, g, st) in cells.items():
        jobs.append({"id": j, "name": nm, "user": "fc636", "nodes": node, "tasks_per_node": 1,
                     "started": "2026-09-18T01:52:11Z", "comment": comment(2, f"/share/fc636/s-flm/outputs/{nm}")})
    for j, (nm, n_) in neigh.items():
        jobs.append({"id": j, "name": nm, "user": "fc636", "nodes": n_, "tasks_per_node": 1,
                     "started": "2026-09-18T02:10:47Z", "comment": comment(2, f"/share/fc636/s-flm/outputs/{nm}")})
    jobs.append({"id": other, "name": "detr-r50-coco-ft", "user": "jlin", "nodes": "badjak", "tasks_per_node": 4,
                 "started": "2026-09-18T08:03:19Z"})
    s = Scenario(name, "Round 3 of an s-flm (flow language model) Sudoku sweep: single-GPU PyTorch Lightning cells on "
                 "RTX 2080 Ti nodes, four of them on snavely-compute-01 (GPUs 0, 3, 5, 6), at step ~15000/20000. GPU 3 "
                 "of snavely-compute-01 is lost: slurmstepd's NVML poll in that cell's job prints 'GPU is lost', the "
                 "Python process dies, the wrapper exits 0 and Slurm records the job COMPLETED 0:0. Slurm drains the "
                 "node with Reason=GPU_Error_Detected, an admin cancels the other three cells, and the node then stops "
                 "responding. No kernel line is collected. The other cells and another owner's job run on other nodes.",
                 start,
                 {"name": "g2", "partition": "gpu", "nodes": ",".join([node] + others), "gpus_per_node": 8},
                 jobs)
    rng = s.rng
    t_f = 1805.0
    t_drain, t_nr = t_f + 36.0, t_f + 371.0
    cancel_t = {"428812": t_f + 231.0, "428815": t_f + 232.5, "428817": t_f + 233.9}
    state = {}
    for j, (nm, g, st) in cells.items():
        t0, rate = 3.0 + rng.uniform(0, 60), rng.uniform(4.25, 4.40)
        state[j] = [st - int((t_f - t0) * rate * 0.97), t0, rate]   # ~step 15000 when the GPU is lost
    for j in neigh:
        t0, rate = 10.0 + rng.uniform(0, 60), rng.uniform(4.25, 4.40)
        state[j] = [rng.randint(7000, 8200), t0, rate]
    t_end = 4800.0

    def chunk(j, n_updates=4):
        st, _, rate = state[j]
        ups = []
        for _ in range(n_updates):
            st += int(rate * 45)
            ep, it = divmod(st, 400)
            ups.append(pl_bar(ep, it, 400, it / rate, rate, rng.uniform(0.38, 0.47)))
        state[j][0] = st
        return "\r".join(ups)

    for j in list(cells) + list(neigh):
        t = state[j][1]
        while t < t_end:
            if j in cells and j != hit and t >= cancel_t[j]:
                break
            if j == hit and t >= t_f:
                break
            s.joblog(t, j, chunk(j))  # SYNTH (Lightning bar, \r-separated as in the log file)
            t += 180.0 + rng.uniform(-2, 2)
    # the lost GPU
    s.joblog(t_f + 9.0, hit, chunk(hit, 2) + "\r" + pl_bar(*divmod(state[hit][0] + 33, 400), 400, 10.0, 4.3, 0.41)[:48])  # SYNTH (cut mid-bar)
    for k in range(2):
        s.joblog(t_f + 12.0 + 30.0 * k, hit, "slurmstepd: error: " + REAL_S2_NVML)  # REAL_S2_NVML (prefix SYNTH)
        s.joblog(t_f + 12.1 + 30.0 * k, hit, "slurmstepd: error: NVML: Failed to get Compute running process count(15): GPU is lost")  # SYNTH
    s.joblog(t_f + 63.4, hit, "RuntimeError: CUDA error: unknown error")  # SYNTH
    s.joblog(t_f + 63.5, hit, "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")  # SYNTH
    s.joblog(t_f + 64.9, hit, "[run_cell] train.py exited with status 1 at step 15150")  # SYNTH
    s.joblog(t_f + 65.0, hit, "[run_cell] eval skipped: training incomplete (last.ckpt at step 15000)")  # SYNTH
    s.joblog(t_f + 65.1, hit, "[run_cell] done")  # SYNTH
    s.job_state(t_f + 66.0, hit, "COMPLETED", "0:0")  # SYNTH (as the thread reports)
    s.node_state(t_drain, node, "MIXED+DRAIN", REAL_S2_REASON)  # REAL_S2_REASON
    for j, tc in cancel_t.items():
        line = chunk(j, 2) + cancel_line(j, node, s.at(tc))
        s.joblog(tc, j, line)  # SYNTH (cancel line buried in the bar stream)
        s.job_state(tc + 0.4, j, "CANCELLED", "0:15", reason=REAL_S2_CANCEL)  # REAL_S2_CANCEL
    s.node_state(t_nr, node, "MIXED+DRAIN+NOT_RESPONDING", REAL_S2_REASON)  # REAL_S2_REASON
    # other owner's DETR job
    tn, ep = 44.0, 18
    while tn < t_end:
        s.joblog(tn, other, f"Epoch: [{ep}]  [1000/1849]  eta: 0:{rng.randint(13, 15)}:{rng.randint(10, 59):02d}  lr: 0.000100  "
                            f"loss: {rng.uniform(7.9, 8.6):.4f} ({rng.uniform(8.1, 8.3):.4f})  time: {rng.uniform(0.95, 1.05):.4f}  "
                            f"data: 0.0031  max mem: 9421")  # SYNTH (DETR MetricLogger)
        tn += 900.0 + rng.uniform(-20, 20)
        ep += (1 if rng.random() < 0.5 else 0)
    # harmless kernel noise elsewhere
    s.kernel(2610.0, "badjak", j38(s.at(2610.0), "badjak", "perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79750"))  # SYNTH

    gpu_of = {g: j for j, (_, g, _) in cells.items()}

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ >= t_nr:
                return None
            if g == 3 and t_ >= t_f:
                return None
            j = gpu_of.get(g)
            if j is None:
                return idle39(rng, "rtx2080ti")
            if j != hit and t_ >= cancel_t[j]:
                return idle39(rng, "rtx2080ti")
            return sample39(rng, "rtx2080ti", load=rng.uniform(0.88, 0.97), fb=True)
        if n_ == "cuvl-compute-05" and g == 2 or n_ == "goodfellow" and g == 1:
            return sample39(rng, "rtx2080ti", load=rng.uniform(0.88, 0.97), fb=True)
        if n_ == "badjak" and g < 4:
            return sample39(rng, "rtx2080ti", load=rng.uniform(0.8, 0.95))
        return idle39(rng, "rtx2080ti")
    run_sampler(s, [node], 8, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["cuvl-compute-05", "goodfellow", "badjak"], 8, 0.0, t_end, 600.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": node, "gpu": 3}, drain=[node],
                    requeue={j: {"exclude": [node]} for j in cells},
                    no_requeue=list(neigh) + [other], no_drain=others)
    return s


# ======================================================================================
# S3  megatron-bridge-llama3-8b-4x8-l40s-rank22-thermal-nvrx-straggler  (gpu_degraded: Megatron-Bridge pre-training on
#     4 x 8 L40S with NVRx straggler detection (report every 300 s, rank 0). From ~40 min in, GPU 6 of l40s-03 (global
#     rank 22) runs hot (88-91 C) with thermal throttle reasons 0x60 at ~1.2-1.4 GHz while its peers hold ~2.2-2.3 GHz;
#     its relative GPU score falls to ~0.6 and iterations slow from ~4.1 s to ~6.3 s. No Xid, no error.)
# ======================================================================================

def build_s3() -> Scenario:
    name = "megatron-bridge-llama3-8b-4x8-l40s-rank22-thermal-nvrx-straggler"
    J, N = "77120", "77131"
    start = "2025-11-04T13:00:00Z"
    nodes = expand_hostlist("l40s-[01-04]")
    bad, bad_gpu = "l40s-03", 6
    bad_rank = 2 * 8 + bad_gpu
    s = Scenario(name, "Megatron-Bridge pre-training of Llama-3 8B on 4 x 8 L40S (32 ranks, TP 2, DP 16) with NVIDIA "
                 "Resiliency Extension straggler detection reporting every 300 s from rank 0 and Megatron iteration "
                 "lines every 20 iterations. From ~40 minutes in GPU 6 of l40s-03 (global rank 22) runs at 88-91 C "
                 "with SW+HW thermal slowdown (0x60) and ~1.2-1.4 GHz while its peers hold ~2.2-2.3 GHz; its relative "
                 "GPU score drops to ~0.6 and every iteration slows from ~4.1 s to ~6.3 s. No Xid, no error. Another "
                 "owner's job runs on l40s-06.",
                 start,
                 {"name": "l40s-pool", "partition": "l40s", "nodes": "l40s-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "mb-llama3-8b-pretrain", "user": "rsantos", "nodes": "l40s-[01-04]",
                   "tasks_per_node": 8, "started": "2025-11-04T12:41:07Z", "comment": comment(2, "/lustre/rsantos/mb/llama3_8b")},
                  {"id": N, "name": "sd35-lora-products", "user": "akim", "nodes": "l40s-06", "tasks_per_node": 8,
                   "started": "2025-11-04T11:10:52Z"}])
    rng = s.rng
    t_s = 2407.0
    t_end = 6000.0
    lg = "megatron.bridge.NVRxStragglerDetection: "
    t, it = 6.0, 270
    while t < t_end:
        slow = t >= t_s + 30
        dt_it = (6.31 if slow else 4.12) + rng.uniform(-0.08, 0.08)
        if it % 20 == 0:
            s.joblog(t, J, mb_iter(s.at(t), it, 60000, dt_it * 1000, 496.0 / dt_it, 3.0e-4,
                                   max(2.2, 3.05 - it * 0.00021) + rng.uniform(-0.03, 0.03), rng.uniform(0.6, 1.1), 256))  # SYNTH
        t += dt_it
        it += 1
    tr = 151.0
    first = True
    while tr < t_end:
        rel = {r: rng.uniform(0.93, 1.0) for r in range(32)}
        ind = {r: rng.uniform(0.95, 1.0) for r in range(32)}
        best = max(rel, key=rel.get)
        rel[best] = 1.0
        degraded = tr >= t_s + 60
        if degraded:
            rel[bad_rank] = rng.uniform(0.57, 0.63)
            ind[bad_rank] = rng.uniform(0.58, 0.64)
        node_of = {r: nodes[r // 8] for r in range(32)}
        lines = []
        if degraded:
            lines.append(lg + "STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. "
                         f"Affected ranks: {{StragglerId(rank={bad_rank}, node='{bad}')}}")  # SYNTH (format from nvrx_straggler.py)
            lines.append(lg + "STRAGGLER DETECTION WARNING: Some GPUs performance dropped. "
                         f"Affected ranks: {{StragglerId(rank={bad_rank}, node='{bad}')}}")  # SYNTH
        for hdr, sc in ((REAL_S3_HDR[0], rel), (REAL_S3_HDR[1], ind)):
            lines.append(hdr)  # REAL_S3_HDR
            order = sorted(((v, r) for r, v in sc.items()), reverse=True)
            lines.append(" Worst performing 3/32 ranks:")  # SYNTH (format from nvrx_straggler.py)
            for v, r in reversed(order[-3:]):
                lines.append(f"  Rank={r} Node={node_of[r]} Score={v:.2f}")
            lines.append(" Best performing 3/32 ranks:")
            for v, r in order[:3]:
                lines.append(f"  Rank={r} Node={node_of[r]} Score={v:.2f}")
            lines.append("")
        for pfx, sc in (("gpu_relative_perf", rel), ("gpu_individual_perf", ind)):
            vals = sorted(sc.values())
            lines.append(lg + f"{pfx} scores: {{'{pfx}/min': {vals[0]!r}, '{pfx}/median': {vals[15]!r}, "
                         f"'{pfx}/max': {vals[-1]!r}}}")  # SYNTH
        if first:
            lines.insert(0, lg + "NVRx straggler detection enabled (report_interval=300s)")  # SYNTH
            first = False
        for k, l in enumerate(lines):
            s.joblog(tr + 0.002 * k, J, l)
        tr += 300.0 + rng.uniform(-0.5, 0.5)
    tn, st = 33.0, 2800
    while tn < t_end:
        s.joblog(tn, N, f"Steps: {100 * st // 4000:3d}%|{'█' * (st * 10 // 4000)}{' ' * (10 - st * 10 // 4000)}| "
                        f"{st}/4000 [{fmt_interval(st * 2.31)}<{fmt_interval((4000 - st) * 2.31)},  2.31s/it, "
                        f"lr=0.0001, step_loss={rng.uniform(0.05, 0.19):.3f}]")  # SYNTH (diffusers script bar)
        st += 26
        tn += 60.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ >= t_s:
                if n_ == bad and g == bad_gpu:
                    return g38(100, rng.uniform(219, 238), rng.choice([1185, 1245, 1290, 1350, 1395]), thr=0x60,
                               temp=rng.randint(88, 91))
                return g38(rng.randint(62, 71), rng.uniform(221, 259), 2235 + 15 * rng.randint(-3, 3), thr=0,
                           temp=rng.randint(56, 66))
            return g38(rng.randint(93, 99), rng.uniform(318, 348), 2235 + 15 * rng.randint(-3, 3), thr=0,
                       temp=rng.randint(63, 72) if not (n_ == bad and g == bad_gpu) else rng.randint(74, 79))
        return sample39(rng, "l40s", load=rng.uniform(0.8, 0.95), temp=False)
    run_sampler(s, nodes, 8, 0.0, t_end, 420.0, fn)
    run_sampler(s, ["l40s-06"], 8, 0.0, t_end, 900.0, fn)
    s.truth = truth({"t": t_s, "category": "gpu_degraded", "node": bad, "gpu": bad_gpu}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N],
                    no_drain=[n for n in nodes if n != bad] + ["l40s-06"])
    return s


# ======================================================================================
# S4  lammps-kokkos-4x8-a40-openib-port-err-node-0-2-retry-exceeded  (network: LAMMPS (KOKKOS, CUDA) under Open MPI
#     4.1's openib BTL on 4 x 8 A40 (32 ranks, mpirun on node-0-2). node-0-2's HCA port drops: its ranks print Open MPI's
#     "network error event ... IBV_EVENT_PORT_ERR" help text and the aggregated counts keep coming for ~25 min while
#     the thermo output slows; then rank 20 on node-0-22 gets RETRY EXCEEDED toward peer node-0-2 and mpirun aborts.)
# ======================================================================================

def build_s4() -> Scenario:
    name = "lammps-kokkos-4x8-a40-openib-port-err-node-0-2-retry-exceeded"
    J, N1, N2 = "6186", "6190", "6193"
    start = "2025-06-14T02:00:00Z"
    nodes = ["node-0-2", "node-0-9", "node-0-22", "node-0-30"]
    bad = "node-0-2"
    s = Scenario(name, "LAMMPS (KOKKOS/CUDA) polymer melt NVT run, 32 MPI ranks on 4 x 8 A40, Open MPI 4.1 with the "
                 "openib BTL (mpirun runs on node-0-2). At ~52 min node-0-2's InfiniBand port goes down: its ranks "
                 "report Open MPI's network-error-event help text (IBV_EVENT_PORT_ERR), aggregated counts keep "
                 "arriving for ~25 min as the port flaps and thermo output slows; then rank 20 on node-0-22 hits "
                 "RETRY EXCEEDED toward peer node-0-2 and mpirun aborts the job. No kernel line from node-0-2 is "
                 "collected. Two other owners' jobs run on other nodes.",
                 start,
                 {"name": "rocks-a40", "partition": "ib", "nodes": "node-0-[1-32]", "gpus_per_node": 8},
                 [{"id": J, "name": "lmp-polymer-nvt-T450", "user": "sbhat", "nodes": "node-0-[2,9,22,30]",
                   "tasks_per_node": 8, "started": "2025-06-13T20:14:06Z", "comment": comment(2, "/home/sbhat/lmp/restart")},
                  {"id": N1, "name": "cp2k-rpa-mof74", "user": "awidmer", "nodes": "node-0-11", "tasks_per_node": 8,
                   "started": "2025-06-13T23:50:31Z"},
                  {"id": N2, "name": "gmx-remd-trpcage", "user": "ytan", "nodes": "node-0-[25-26]", "tasks_per_node": 8,
                   "started": "2025-06-14T00:22:10Z"}])
    rng = s.rng
    t_f = 3131.0
    t_abort = t_f + 1507.0
    dash = "-" * 74
    # thermo every 5000 steps (~4.1 min normally, ~2-3x slower once the port flaps)
    t, step = 73.0, 6515000
    while t < t_abort - 30:
        s.joblog(t, J, lmp_thermo(step, 450.0 + rng.uniform(-1.6, 1.6), -4.6012 + rng.uniform(-0.004, 0.004),
                                  -3.0835 + rng.uniform(-0.004, 0.004), 0.852 + rng.uniform(-0.05, 0.05)))  # SYNTH
        step += 5000
        t += (246.0 if t < t_f else rng.uniform(520.0, 700.0)) + rng.uniform(-3, 3)
    # port error on node-0-2
    blk = [dash] + REAL_S4_PORTERR + [dash]
    for k, l in enumerate(blk):
        s.joblog(t_f + 0.002 * k, J, l)  # REAL_S4_PORTERR inside SYNTH dashes
    agg = [(t_f + 5.2, REAL_S4_WRAPPED[0] + " " + REAL_S4_WRAPPED[1]),  # REAL (two wrapped halves joined)
           (t_f + 5.3, "[node-0-2.local:11836] Set MCA parameter \"orte_base_help_aggregate\" to 0 to see all help / error messages"),  # SYNTH
           (t_f + 241.0, REAL_S4_WRAPPED[2] + " " + REAL_S4_WRAPPED[1]),
           (t_f + 377.0, REAL_S4_WRAPPED[0] + " " + REAL_S4_WRAPPED[1]),
           (t_f + 613.0, REAL_S4_WRAPPED[2] + " " + REAL_S4_WRAPPED[1]),
           (t_f + 820.0, REAL_S4_WRAPPED[0] + " " + REAL_S4_WRAPPED[1]),
           (t_f + 1049.0, REAL_S4_WRAPPED[3] + " " + REAL_S4_WRAPPED[1]),
           (t_f + 1262.0, REAL_S4_WRAPPED[4] + " " + REAL_S4_WRAPPED[1]),
           (t_f + 1433.0, REAL_S4_WRAPPED[4] + " " + REAL_S4_WRAPPED[1])]
    for tt, l in agg:
        s.joblog(tt, J, l)
    # retry exceeded from node-0-22 toward node-0-2
    s.joblog(t_abort, J, REAL_S4_WRAPPED[5] + " node-0-2 ")  # REAL (wrapped line joined; trailing space as printed)
    retry = [dash] + REAL_S4_RETRY[:20] + ["  Local host:   node-0-22.local", "  Local device: mlx5_0"] + REAL_S4_RETRY[21:] + [dash]
    # (REAL_S4_RETRY[20] is the Local-host line; it is emitted verbatim above and the SYNTH device line follows it)
    assert REAL_S4_RETRY[20] == "  Local host:   node-0-22.local"
    for k, l in enumerate(retry):
        s.joblog(t_abort + 0.003 * (k + 1), J, l)  # REAL_S4_RETRY (+ SYNTH device line)
    s.joblog(t_abort + 0.2, J, REAL_S4_WRAPPED[6] + " " + REAL_S4_WRAPPED[7])  # REAL (wrapped halves joined)
    for k, l in enumerate([dash, "mpirun has exited due to process rank 20 with PID 10425 on",
                           "node node-0-22 exiting improperly. There are three reasons this could occur:", dash]):
        s.joblog(t_abort + 1.4 + 0.001 * k, J, l)  # SYNTH
    s.job_state(t_abort + 2.5, J, "FAILED", "1:0")  # SYNTH
    # neighbours
    tn = 200.0
    while tn < 6000.0:
        s.joblog(tn, N1, f" SCF WAVEFUNCTION OPTIMIZATION   step {int(tn // 600) + 3}: total energy {-4231.1735 - tn * 1e-6:.10f}")  # SYNTH
        tn += 600.0 + rng.uniform(-20, 20)
    tn, ex = 95.0, 3110
    while tn < 6000.0:
        s.joblog(tn, N2, f"Replica exchange at step {ex * 1000} time {ex * 2.0:.5f}")  # SYNTH (GROMACS md.log wording)
        s.joblog(tn + 0.01, N2, f"Repl ex  0 x  1    2    3 x  4    5    6 x  7")  # SYNTH
        ex += 1
        tn += 300.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ >= t_abort + 3:
                return idle39(rng, "a40")
            load = rng.uniform(0.82, 0.90) if t_ < t_f else rng.uniform(0.30, 0.55)
            return sample39(rng, "a40", load=load, temp=False)
        return sample39(rng, "a40", load=rng.uniform(0.8, 0.93), temp=False)
    run_sampler(s, nodes, 8, 0.0, 6000.0, 300.0, fn)
    run_sampler(s, ["node-0-11", "node-0-25", "node-0-26"], 8, 0.0, 6000.0, 900.0, fn)
    s.truth = truth({"t": t_f, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=["node-0-9", "node-0-22", "node-0-30"])
    return s


# ======================================================================================
# S5  m4-idefics-8x8-a100-jean-zay-iam37-node-failure-after-validation  (node_failure: HF m4 (IDEFICS) pre-training on
#     8 Jean Zay A100 nodes (64 ranks). Seconds after the iteration-2500 validation finishes, jean-zay-iam37 dies: its
#     telemetry stops, the other 56 GPUs spin in the next collective, slurmctld marks it NOT_RESPONDING then DOWN, srun
#     reports "Node failure on jean-zay-iam37" and cancels the step; the job ends NODE_FAIL. No kernel line.)
# ======================================================================================

def build_s5() -> Scenario:
    name = "m4-idefics-8x8-a100-jean-zay-iam37-node-failure-after-validation"
    J, N1, N2 = "1943824", "1943790", "1944010"
    start = "2023-03-06T01:45:00Z"
    nodes = expand_hostlist("jean-zay-iam[17,21,28-29,33,37,41,44]")
    bad, head = "jean-zay-iam37", "jean-zay-iam17"
    s = Scenario(name, "HF m4 (IDEFICS) 'leap of faith' pre-training run (DeepSpeed ZeRO-3) on 8 x 8 A100 80GB on Jean "
                 "Zay; rank 0 logs a stats line every 25 iterations (~11 s/iteration) and runs validation every 500. "
                 "Seconds after the iteration-2500 validation, jean-zay-iam37 dies: its GPU telemetry stops, the other "
                 "56 GPUs spin in the next collective, slurmctld marks the node NOT_RESPONDING and then DOWN, srun "
                 "reports the node failure and cancels the step; the job ends NODE_FAIL. No kernel line is collected "
                 "from the node. Two other owners' jobs run on other nodes.",
                 start,
                 {"name": "jean-zay", "partition": "gpu_p5", "nodes": "jean-zay-iam[01-52]", "gpus_per_node": 8},
                 [{"id": J, "name": "tr_141_v5_nw06", "user": "uxz42qd", "nodes": "jean-zay-iam[17,21,28-29,33,37,41,44]",
                   "tasks_per_node": 8, "started": "2023-03-05T19:30:12Z",
                   "comment": comment(2, "/gpfsssd/scratch/rech/cnw/commun/experiments/local_experiment_dir/tr_141")},
                  {"id": N1, "name": "bloom-eval-xnli", "user": "ufw18ka", "nodes": "jean-zay-iam[02-03]",
                   "tasks_per_node": 8, "started": "2023-03-05T23:58:40Z"},
                  {"id": N2, "name": "whisper-lg-distil", "user": "urm77pn", "nodes": "jean-zay-iam50", "tasks_per_node": 8,
                   "started": "2023-03-06T00:12:03Z"}])
    rng = s.rng
    t_i = 5240.0                       # 03:12:20, iteration 2500 logged (elapsed 07:41:19)
    t_d = 5282.0                       # 03:13:02, node dies
    t_nr, t_down = 5382.0, 5565.0      # NOT_RESPONDING, DOWN (SlurmdTimeout)
    t_cancel = 5571.0                  # 03:17:51, the real stamp
    assert s.at(t_cancel).strftime("%H:%M:%S") == "03:17:51"
    el0 = 27679.0 - (t_i - 0.0)        # elapsed at t=0
    it = 2500 - 18 * 25
    t = t_i - 18 * 276.9
    while it < 2500:
        s.joblog(t, J, m4_iter(it, el0 + t, 3.1525 + (2500 - it) * 0.00009 + rng.uniform(-0.012, 0.012), rng))  # SYNTH
        it += 25
        t += 276.9 + rng.uniform(-2, 2)
    s.joblog(t_i, J, REAL_S5_ITER)  # REAL_S5_ITER
    s.joblog(t_i + 0.6, J, REAL_S5_VAL[0])  # REAL_S5_VAL
    s.joblog(t_i + 37.9, J, REAL_S5_VAL[1])  # REAL_S5_VAL
    s.joblog(t_i + 38.0, J, REAL_S5_VAL[2])  # REAL_S5_VAL
    s.node_state(t_nr, bad, "ALLOCATED+NOT_RESPONDING", "")  # SYNTH
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.joblog(t_down + 0.3, J, REAL_S5_SLURM[0])  # REAL_S5_SLURM
    s.joblog(t_down + 0.4, J, REAL_S5_SLURM[1])  # REAL_S5_SLURM
    s.joblog(t_cancel, J, REAL_S5_SLURM[2])  # REAL_S5_SLURM (stamp fits the clock)
    s.job_state(t_cancel + 1.2, J, "NODE_FAIL", "0:0")  # SYNTH
    # neighbours
    tn = 60.0
    while tn < 6600.0:
        s.joblog(tn, N1, f"{stamp_ms(s.at(tn))} - INFO - lm_eval.evaluator - Task: xnli_{rng.choice(['fr', 'ar', 'hi', 'sw', 'zh'])}; "
                         f"number of requests on this rank: {rng.randint(1240, 1260)}")  # SYNTH
        tn += 420.0 + rng.uniform(-30, 30)
    tn, st = 40.0, 11200
    while tn < 6600.0:
        s.joblog(tn, N2, f"{{'loss': {rng.uniform(0.55, 0.66):.4f}, 'grad_norm': {rng.uniform(2.1, 3.4):.3f}, "
                         f"'learning_rate': 8.1e-05, 'epoch': {st / 40000:.2f}}}")  # SYNTH
        st += 25
        tn += 145.0 + rng.uniform(-3, 3)
    s.kernel(3102.0, "jean-zay-iam21", j38(s.at(3102.0), "jean-zay-iam21",
                                          "mlx5_core 0000:e1:00.0: mlx5_pcie_event:301:(pid 1021): Detected insufficient power on the PCIe slot (27W)."))  # SYNTH (benign, long-standing)

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if n_ == bad and t_ >= t_d:
                return None
            if t_ >= t_cancel + 2:
                return idle39(rng, "a100_80")
            if t_ >= t_d:
                return g38(100, rng.uniform(84, 96), 1410, temp=rng.randint(39, 44))
            if t_i < t_ < t_i + 38:
                return g38(rng.randint(55, 80), rng.uniform(180, 260), 1410, temp=rng.randint(50, 57))
            return sample39(rng, "a100_80", load=rng.uniform(0.9, 0.99))
        return sample39(rng, "a100_80", load=rng.uniform(0.7, 0.95))
    run_sampler(s, nodes, 8, 0.0, 6600.0, 540.0, fn)
    run_sampler(s, ["jean-zay-iam02", "jean-zay-iam50"], 8, 0.0, 6600.0, 1200.0, fn)
    s.truth = truth({"t": t_d, "category": "node_failure", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=[n for n in nodes if n != bad])
    return s


# ======================================================================================
# S6  lingua-7b-4x8-h100-gpu-p-007-ranks-stop-smi-watchdog  (hang: Meta Lingua 7B pre-training (FSDP) on 4 x 8 H100;
#     after step 6380 the step lines stop with no error. gpu-p-007's eight GPUs drop to 0 % with memory still held while
#     the other 24 spin at 100 % / ~110 W in the pending collective; the job's own hang watchdog prints nvidia-smi from
#     every node after 15 and 30 minutes. No Xid, no NCCL error, no Slurm change, no history.)
# ======================================================================================

def build_s6() -> Scenario:
    name = "lingua-7b-4x8-h100-gpu-p-007-ranks-stop-smi-watchdog"
    J, N1, N2 = "310552", "310547", "310560"
    start = "2025-05-21T06:00:00Z"
    nodes = expand_hostlist("gpu-p-[005-008]")
    bad = "gpu-p-007"
    s = Scenario(name, "Meta Lingua Llama-2-7B pre-training (FSDP, bf16) on 4 x 8 H100 SXM (32 ranks); rank 0 logs a "
                 "step line every 10 steps (~1.6 s/step). After step 6380 the log stops with no error and no NCCL "
                 "warning. gpu-p-007's eight GPUs fall to 0 % with their memory still allocated while the other 24 GPUs "
                 "spin at 100 % / ~110 W in the pending collective. The job's own hang watchdog prints nvidia-smi from "
                 "every node after 15 and 30 minutes without progress. The process-group timeout is 3 h, so nothing "
                 "aborts. No history for these nodes. Two other owners' jobs run elsewhere.",
                 start,
                 {"name": "hopper", "partition": "h100", "nodes": "gpu-p-[001-016]", "gpus_per_node": 8},
                 [{"id": J, "name": "lingua-llama2-7b-dclm", "user": "dvela", "nodes": "gpu-p-[005-008]", "tasks_per_node": 8,
                   "started": "2025-05-21T04:11:58Z", "comment": comment(3, "/checkpoint/dvela/lingua/7b_dclm")},
                  {"id": N1, "name": "qwen2vl-7b-sft", "user": "hsun", "nodes": "gpu-p-[001-002]", "tasks_per_node": 8,
                   "started": "2025-05-21T02:40:17Z"},
                  {"id": N2, "name": "dit-xl2-256", "user": "mrao", "nodes": "gpu-p-012", "tasks_per_node": 8,
                   "started": "2025-05-21T05:31:44Z"}])
    rng = s.rng
    el0 = (dt.datetime(2025, 5, 21, 6) - dt.datetime(2025, 5, 21, 4, 12, 40)).total_seconds()
    t, step = 9.0, 5310
    t_h = None
    while True:
        it_s = rng.uniform(1.57, 1.64)
        if step % 10 == 0:
            s.joblog(t, J, lingua_step(s.at(t), el0 + t, step, max(1.9, 2.61 - step * 0.00006) + rng.uniform(-0.03, 0.03),
                                       rng.uniform(0.21, 0.34), it_s, rng))  # SYNTH
        if step % 1000 == 0:
            s.joblog(t + 0.3, J, lingua_line(s.at(t + 0.3), el0 + t, f"Saving to: /checkpoint/dvela/lingua/7b_dclm/checkpoints/{step:010d}"))  # SYNTH
            s.joblog(t + 41.7, J, lingua_line(s.at(t + 41.7), el0 + t + 41.7, "State dict saved!"))  # SYNTH
            t += 42.0
        if step == 6380:
            t_h = t + 1.0
            break
        t += it_s
        step += 1
    t_end = t_h + 2500.0
    # hang watchdog: nvidia-smi from every node after 15 and 30 min without progress
    real_rows = {("gpu-p-005", 0): REAL_S6_SMI[1], ("gpu-p-005", 1): REAL_S6_SMI[2]}
    for n_w, tw in enumerate((t_h + 905.0, t_h + 1805.0)):
        mins = 15 * (n_w + 1)
        lines = [f"[hang-watchdog] {s.at(tw):%Y-%m-%dT%H:%M:%S} no new 'step:' line for {mins} min (last: step 6380); "
                 f"nvidia-smi on every node follows"]  # SYNTH
        for n_ in nodes:
            pf = f"[hang-watchdog] {n_}: "
            lines.append(pf + SMI535_TOP)
            lines.append(pf + REAL_S6_SMI[0])  # REAL_S6_SMI (driver banner)
            lines.append(pf + SMI535_SEP)
            lines += [pf + h for h in SMI535_HDR]
            for g in range(8):
                lines.append(pf + f"|   {g}  NVIDIA H100 80GB HBM3          On  | 0000{HGX_BUS[g]}.0 Off |                    0 |")
                if n_ == bad:
                    row = smi_row(rng.randint(31, 35), rng.randint(68, 74), 45900 + rng.randint(0, 1800), 0)  # SYNTH
                elif (n_, g) in real_rows and n_w == 0:
                    row = real_rows[(n_, g)]  # REAL_S6_SMI
                else:
                    row = smi_row(rng.randint(36, 42), rng.randint(108, 121), 45900 + rng.randint(0, 1800), 100)  # SYNTH
                lines.append(pf + row)
                lines.append(pf + "|                                         |                      |             Disabled |")
                lines.append(pf + SMI535_ROWSEP)
        for k, l in enumerate(lines):
            s.joblog(tw + 0.002 * k, J, l)
    # neighbours
    tn, st = 22.0, 1510
    while tn < t_end:
        s.joblog(tn, N1, f"{{'loss': {rng.uniform(0.61, 0.74):.4f}, 'grad_norm': {rng.uniform(0.9, 1.6):.3f}, "
                         f"'learning_rate': 1.6e-05, 'epoch': {st / 2900:.2f}}}")  # SYNTH
        st += 10
        tn += 118.0 + rng.uniform(-3, 3)
    tn, st = 50.0, 182000
    while tn < t_end:
        s.joblog(tn, N2, f"[{s.at(tn):%Y-%m-%d %H:%M:%S}] (step={st:07d}) Train Loss: {rng.uniform(0.148, 0.156):.4f}, "
                         f"Train Steps/Sec: {rng.uniform(5.9, 6.2):.2f}")  # SYNTH (DiT train.py)
        st += 600
        tn += 99.6
    s.kernel(1740.0, "gpu-p-006", j38(s.at(1740.0), "gpu-p-006", "nvidia-nvswitch3: open (major=508)"))  # SYNTH (benign)

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ >= t_h:
                if n_ == bad:
                    return g38(0, rng.uniform(68, 75), 1980, fb=45900 + rng.randint(0, 1800), temp=rng.randint(31, 35))
                return g38(100, rng.uniform(108, 121), 1980, fb=45900 + rng.randint(0, 1800), temp=rng.randint(36, 42))
            return sample39(rng, "h100sxm", load=rng.uniform(0.9, 0.99), fb=True)
        return sample39(rng, "h100sxm", load=rng.uniform(0.7, 0.95), temp=False)
    run_sampler(s, nodes, 8, 0.0, t_end, 300.0, fn)
    run_sampler(s, ["gpu-p-001", "gpu-p-012"], 8, 0.0, t_end, 1200.0, fn)
    s.truth = truth({"t": t_h, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=nodes)
    return s


# ======================================================================================
# S7  gromacs-2025-4x4-mi300a-pme-rank-particles-blowup-repeats-after-requeue  (software: GROMACS 2025 (HIP) on 4 x 4
#     MI300A, 16 ranks with 4 separate PME ranks. LINCS warnings, then "2 particles communicated to PME rank 4 are more
#     than 2/3 times the cut-off ... not well equilibrated" and MPI_Abort. The owner requeues the job; on four other
#     nodes it restarts from the checkpoint and dies the same way ~9 minutes later.)
# ======================================================================================

def build_s7() -> Scenario:
    name = "gromacs-2025-4x4-mi300a-pme-rank-particles-blowup-repeats-after-requeue"
    J, N = "812234", "812240"
    start = "2025-04-10T09:00:00Z"
    nodes1 = expand_hostlist("apu[1017-1020]")
    nodes2 = expand_hostlist("apu[1031-1034]")
    s = Scenario(name, "GROMACS 2025.1 (HIP build) free-energy production run of an ABL1-inhibitor complex on 4 x 4 "
                 "MI300A (16 MPI ranks, 4 of them separate PME ranks), -v progress on stderr. After LINCS warnings "
                 "rank 4 stops with GROMACS's fatal error that particles communicated to a PME rank moved too far "
                 "('system is not well equilibrated') and MPI_Abort ends the job. The owner requeues it; it restarts "
                 "from state.cpt on four other nodes and fails the same way about 9 minutes later. The job is opted in "
                 "to automatic requeue. Another owner's job runs alongside.",
                 start,
                 {"name": "apu-cluster", "partition": "pbatch", "nodes": "apu[1001-1064]", "gpus_per_node": 4},
                 [{"id": J, "name": "abl1-l14-lambda07-prod", "user": "nkhan", "nodes": "apu[1017-1020]", "tasks_per_node": 4,
                   "started": "2025-04-10T08:41:26Z", "comment": comment(2, "/p/lustre/nkhan/fep/l14/lambda07")},
                  {"id": N, "name": "e3sm-mmf-ne30", "user": "pchu", "nodes": "apu[1040-1043]", "tasks_per_node": 4,
                   "started": "2025-04-10T07:55:02Z"}])
    rng = s.rng
    t_f1 = 2251.0
    t_rq, t_run2 = t_f1 + 702.0, t_f1 + 740.0
    t_f2 = t_run2 + 561.0
    t_end = t_f2 + 1500.0

    def progress(t0, t1, step0, eta):
        t, st = t0, step0
        while t < t1:
            ups = []
            for _ in range(3):
                st += rng.randint(1480, 1530)
                ups.append(f"step {st}, will finish {eta}")
            s.joblog(t, J, "\r" + "\r".join(ups))  # SYNTH (mdrun -v \r progress)
            t += 120.0 + rng.uniform(-1, 1)
        return st

    def header(t, host, cpt_time, cpt_step):
        hl = [":-) GROMACS - gmx mdrun, 2025.1 (-:", "",
              "Executable:   /usr/workspace/nkhan/opt/gromacs-2025.1-hip/bin/gmx_mpi",
              "Data prefix:  /usr/workspace/nkhan/opt/gromacs-2025.1-hip",
              "Working dir:  /p/lustre/nkhan/fep/l14/lambda07",
              "Command line:",
              "  gmx_mpi mdrun -deffnm prod -cpi state.cpt -npme 4 -nb gpu -pme gpu -bonded gpu -v -maxh 23.5", "",
              f"Reading checkpoint file state.cpt generated: {cpt_time}", "",
              "Reading file prod.tpr, VERSION 2025.1 (single precision)",
              "Changing nstlist from 10 to 100, rlist from 1.1 to 1.226", "",
              "On host %s 4 GPUs selected for this run." % host,
              "Mapping of GPU IDs to the 4 GPU tasks in the 4 ranks on this node:",
              "  PP:0,PP:1,PP:2,PME:3", "PP tasks will do (non-perturbed) short-ranged and most bonded interactions on the GPU",
              "PP task will update and constrain coordinates on the GPU",
              "PME tasks will do all aspects on the GPU",
              "Using 16 MPI processes", "Using 24 OpenMP threads per MPI process", "",
              "NOTE: DLB can now turn on, when beneficial", "",
              "starting mdrun 'ABL1 kinase + L14 in water'",
              "25000000 steps,  50000.0 ps (continuing from step %d,  %.1f ps)." % (cpt_step, cpt_step * 0.002)]
        for k, l in enumerate(hl):
            s.joblog(t + 0.01 * k, J, l)  # SYNTH

    def blowup(t, step, host, head, particles, rank, real):
        tm = step * 0.002
        lincs = [f"Step {step - 12}, time {tm - 0.024:.3f} (ps)  LINCS WARNING",
                 "relative constraint deviation after LINCS:",
                 f"rms 0.000{rng.randint(180, 240)}, max 0.0{rng.randint(11, 19)}{rng.randint(100, 999)} (between atoms 4415 and 4416)",
                 "bonds that rotated more than 30 degrees:",
                 " atom 1 atom 2  angle  previous, current, constraint length",
                 f"   4415   4416   {rng.uniform(31, 44):.1f}    0.1011   0.{rng.randint(1030, 1090)}      0.1010", ""]
        for k, l in enumerate(lincs):
            s.joblog(t + 0.001 * k, J, l)  # SYNTH
        if real:
            msg = [REAL_S7_GMX[0], REAL_S7_GMX[1], REAL_S7_GMX[2] + "."]  # REAL_S7_GMX (wrapped as GROMACS prints it)
        else:
            msg = [f"{particles} particles communicated to PME rank {rank} are more than 2/3 times the cut-off out",
                   "of the domain decomposition cell of their charge group in dimension y.",
                   "This usually means that your system is not well equilibrated."]  # SYNTH (second failure)
        box = gmx_fatal("gmx mdrun, version 2025.1", "src/gromacs/ewald/pme_redistribute.cpp", 305, rank, 16, msg)
        for k, l in enumerate(box):
            s.joblog(t + 0.4 + 0.001 * k, J, l)
        jobstep = f"{J}.0"
        s.joblog(t + 0.6, J, f"MPICH ERROR [Rank {rank}] [job id {jobstep}] [{s.at(t + 0.6):%a %b %d %H:%M:%S %Y}] [{host}] - "
                             f"Abort(1) (rank {rank} in comm 0): application called MPI_Abort(MPI_COMM_WORLD, 1) - process {rank}")  # SYNTH
        s.joblog(t + 1.1, J, f"srun: error: {host}: task {rank}: Exited with exit code 1")  # SYNTH
        s.joblog(t + 1.2, J, f"srun: Terminating StepId={jobstep}")  # SYNTH
        s.joblog(t + 1.3, J, f"slurmstepd: error: *** STEP {jobstep} ON {head} CANCELLED AT {s.at(t + 1.3):%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
        s.joblog(t + 2.0, J, f"srun: error: {head}: tasks 0-3: Killed")  # SYNTH

    header(40.0, "apu1017", "Thu Apr 10 08:40:55 2025", 1830000)
    last1 = progress(70.0, t_f1 - 10, 1830000, "Thu Apr 10 19:02:44 2025")
    blowup(t_f1, last1 + 1240, "apu1018", "apu1017", 2, 4, True)
    s.job_state(t_f1 + 3.0, J, "FAILED", "1:0")  # SYNTH
    s.job_state(t_rq, J, "REQUEUED", "0:0", reason="requeued by owner (scontrol requeue)")  # SYNTH
    s.job_state(t_rq + 1.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    s.job_state(t_run2, J, "RUNNING", "0:0", nodes="apu[1031-1034]")  # SYNTH
    cpt2 = last1 - 22000 - (last1 - 22000) % 20
    header(t_run2 + 22.0, "apu1031", "Thu Apr 10 09:26:41 2025", cpt2)
    last2 = progress(t_run2 + 50.0, t_f2 - 10, cpt2, "Thu Apr 10 19:41:10 2025")
    blowup(t_f2, last2 + 870, "apu1032", "apu1031", 1, 4, False)
    s.job_state(t_f2 + 3.0, J, "FAILED", "1:0")  # SYNTH
    tn, day = 300.0, 412
    while tn < t_end:
        s.joblog(tn, N, f" nstep=   {day * 48:>7d}  model date = 0001{(day // 30) % 12 + 1:02d}{day % 30 + 1:02d}   elapsed = {rng.uniform(8.1, 8.6):.2f} sec")  # SYNTH (E3SM atm log style)
        day += 1
        tn += 600.0
    s.kernel(1200.0, "apu1019", j38(s.at(1200.0), "apu1019", "amdgpu: Runlist is getting oversubscribed. Expect reduced ROCm performance."))  # SYNTH (benign: a second process shared the APU briefly)

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes1:
            if t_ < t_f1:
                return sample39(rng, "mi300a", load=rng.uniform(0.82, 0.93), temp=False)
            return idle39(rng, "mi300a", temp=False)
        if n_ in nodes2:
            if t_run2 + 60 < t_ < t_f2:
                return sample39(rng, "mi300a", load=rng.uniform(0.82, 0.93), temp=False)
            return idle39(rng, "mi300a", temp=False)
        return sample39(rng, "mi300a", load=rng.uniform(0.6, 0.8), temp=False)
    run_sampler(s, nodes1 + nodes2, 4, 0.0, t_end, 240.0, fn)
    run_sampler(s, ["apu1040", "apu1041"], 4, 0.0, t_end, 900.0, fn)
    s.truth = truth({"t": t_f1, "category": "software", "node": None}, no_requeue=[J, N], no_drain=nodes1 + nodes2)
    return s


# ======================================================================================
# S8  conda-forge-cdn-503-three-owners-env-setup-fails-a30  (infrastructure: three owners' jobs on disjoint A30 nodes
#     build their conda environments at job start during the Anaconda/conda-forge CDN incident: micromamba gets 503s
#     (job A, a30-03), conda gets "HTTP 000 CONNECTION FAILED" for repodata (job B, a30-[07-08]), mamba's multi-download
#     fails (job C, a30-12) -- three failures within 13 minutes. Jobs on pre-built environments keep training.)
# ======================================================================================

def build_s8() -> Scenario:
    name = "conda-forge-cdn-503-three-owners-env-setup-fails-a30"
    A, B, C, N1, N2 = "1170231", "1170236", "1170240", "1170201", "1170219"
    start = "2025-09-09T13:40:00Z"
    s = Scenario(name, "A30 partition during the conda.anaconda.org / conda-forge CDN incident. Three owners' jobs create "
                 "their conda environments at job start: job A (micromamba) on a30-03 fails on 503s from the CDN, job "
                 "B (conda env create) on a30-[07-08] fails with 'CondaHTTPError: HTTP 000 CONNECTION FAILED' for the "
                 "conda-forge repodata, job C (mamba) on a30-12 fails its multi-download -- all within 13 minutes, no "
                 "GPU ever used. Jobs that run from pre-built environments on a30-05 and a30-[14-15] keep training.",
                 start,
                 {"name": "a30-pool", "partition": "gpu", "nodes": "a30-[01-16]", "gpus_per_node": 4},
                 [{"id": A, "name": "bert-ner-finetune", "user": "pgarcia", "nodes": "a30-03", "tasks_per_node": 1,
                   "started": "2025-09-09T13:48:51Z", "comment": comment(2, "/work/pgarcia/ner/ckpt")},
                  {"id": B, "name": "dinov2-linear-probe", "user": "ozhou", "nodes": "a30-[07-08]", "tasks_per_node": 4,
                   "started": "2025-09-09T13:52:37Z", "comment": comment(1)},
                  {"id": C, "name": "whisper-small-ft-nl", "user": "jvdberg", "nodes": "a30-12", "tasks_per_node": 1,
                   "started": "2025-09-09T13:59:02Z"},
                  {"id": N1, "name": "segformer-b5-cityscapes", "user": "hbauer", "nodes": "a30-[14-15]",
                   "tasks_per_node": 4, "started": "2025-09-09T11:02:44Z"},
                  {"id": N2, "name": "gnn-ogbn-papers", "user": "rkaur", "nodes": "a30-05", "tasks_per_node": 4,
                   "started": "2025-09-09T12:30:19Z"}])
    rng = s.rng
    tA, tB, tC = 531.0, 757.0, 1142.0
    # job A: micromamba
    s.job_state(tA - 40.0, A, "RUNNING", "0:0", nodes="a30-03")  # SYNTH
    a_lines = ["+ micromamba create -y -p /tmp/pgarcia/env-1170231 -f env/ner.yaml",  # SYNTH
               "conda-forge/noarch                                  18.9MB @  41.2MB/s  0.5s",  # SYNTH
               "conda-forge/linux-64                                47.3MB @  44.0MB/s  1.1s",  # SYNTH
               "", "Transaction", "", "  Prefix: /tmp/pgarcia/env-1170231", "", "  Updating specs:", "",  # SYNTH
               "   - python=3.11", "   - pytorch=2.4", "   - transformers", "   - datasets", "   - pydantic", "",  # SYNTH
               "  Summary:", "", "  Install: 212 packages", "", "  Total download: 1GB", ""]  # SYNTH
    for k, l in enumerate(a_lines):
        s.joblog(tA - 38.0 + 0.05 * k, A, l)
    s.joblog(tA - 7.0, A, REAL_S8_MAMBA[0])  # REAL_S8_MAMBA
    s.joblog(tA, A, REAL_S8_MAMBA[1])  # REAL_S8_MAMBA
    s.joblog(tA + 0.001, A, REAL_S8_MAMBA[2])  # REAL_S8_MAMBA
    s.joblog(tA + 0.002, A, "      in which case the cache may be cleared with `micromamba clean --all`.")  # SYNTH (completes the cut sentence)
    s.joblog(tA + 0.4, A, "critical libmamba Multi-download failed. Reason: Transfer finalized, status: 503 "
                          "[https" + "://conda.anaconda.org/conda-forge/noarch/pydantic-2.11.7-pyh3cfb1c2_0.conda] 3940 bytes")  # SYNTH (linux job's variant of the thread's line)
    s.joblog(tA + 0.5, A, REAL_S8_MAMBA[3])  # REAL_S8_MAMBA
    s.joblog(tA + 1.9, A, "/var/spool/slurmd/job1170231/slurm_script: line 14: 188214 Aborted                 (core dumped) "
                          "micromamba create -y -p /tmp/pgarcia/env-1170231 -f env/ner.yaml")  # SYNTH
    s.job_state(tA + 2.3, A, "FAILED", "134:0")  # SYNTH
    # job B: conda
    s.job_state(tB - 35.0, B, "RUNNING", "0:0", nodes="a30-[07-08]")  # SYNTH
    b_pre = ["+ conda env create -p /scratch/ozhou/envs/dino -f environment.yml", "Retrieving notices: done",
             "Channels:", " - conda-forge", " - pytorch", " - nvidia", "Platform: linux-64"]  # SYNTH
    for k, l in enumerate(b_pre):
        s.joblog(tB - 33.0 + 0.3 * k, B, l)
    s.joblog(tB, B, REAL_S8_CONDA[0])  # REAL_S8_CONDA
    s.joblog(tB + 0.1, B, "")
    for k, l in enumerate(REAL_S8_CONDA[1:5]):
        s.joblog(tB + 0.2 + 0.001 * k, B, l)  # REAL_S8_CONDA
    s.joblog(tB + 0.21, B, REAL_S8_CONDA[5])  # REAL_S8_CONDA
    s.joblog(tB + 0.5, B, "+ conda run -p /scratch/ozhou/envs/dino torchrun --nnodes 2 --nproc-per-node 4 linear.py --config-file probe_vitl14.yaml")  # SYNTH
    s.joblog(tB + 2.7, B, "EnvironmentLocationNotFound: Not a conda environment: /scratch/ozhou/envs/dino")  # SYNTH
    s.job_state(tB + 3.1, B, "FAILED", "1:0")  # SYNTH
    # job C: mamba
    s.job_state(tC - 51.0, C, "RUNNING", "0:0", nodes="a30-12")  # SYNTH
    s.joblog(tC - 49.0, C, "+ mamba env update -n whisper-ft -f env.yml --prune")  # SYNTH
    s.joblog(tC - 31.0, C, "Looking for: ['python=3.10', 'pytorch-cuda=12.1', 'transformers', 'evaluate', 'jiwer', 'librosa']")  # SYNTH
    s.joblog(tC - 2.0, C, "  Transaction starting")  # SYNTH
    s.joblog(tC, C, "error    libmamba Failed to download package from https" + "://conda.anaconda.org/conda-forge/linux-64/librosa-0.10.2.post1-pyhd8ed1ab_0.conda (status 503)")  # SYNTH
    s.joblog(tC + 0.2, C, "critical libmamba Multi-download failed. Reason: Transfer finalized, status: 503 [https" + "://conda.anaconda.org/conda-forge/linux-64/librosa-0.10.2.post1-pyhd8ed1ab_0.conda] 4102 bytes")  # SYNTH
    s.job_state(tC + 1.0, C, "FAILED", "1:0")  # SYNTH
    # running neighbours
    t_end = 3600.0
    tn, it = 12.0, 46200
    while tn < t_end:
        s.joblog(tn, N1, f"{s.at(tn):%Y/%m/%d %H:%M:%S} - mmengine - INFO - Iter(train) [{it:>6d}/160000]  lr: {6e-5 * (1 - it / 160000) ** 1.0:.4e}  "
                         f"eta: {td_str((160000 - it) * 0.61)}  time: {rng.uniform(0.59, 0.63):.4f}  data_time: 0.0093  memory: 17011  "
                         f"loss: {rng.uniform(0.17, 0.22):.4f}  decode.loss_ce: {rng.uniform(0.16, 0.21):.4f}  decode.acc_seg: {rng.uniform(92, 94.5):.4f}")  # SYNTH
        it += 50
        tn += 30.6
    tn, ep = 200.0, 7
    while tn < t_end:
        s.joblog(tn, N2, f"Epoch: {ep:02d}, Loss: {rng.uniform(1.61, 1.72):.4f}, Train: {rng.uniform(0.61, 0.63) * 100:.2f}%, "
                         f"Valid: {rng.uniform(0.63, 0.65) * 100:.2f}%, Test: {rng.uniform(0.60, 0.62) * 100:.2f}%")  # SYNTH
        ep += 1
        tn += 1040.0
    s.kernel(905.0, "a30-07", j38(s.at(905.0), "a30-07", "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready"))  # SYNTH (routine)

    def fn(n_, g, t_):  # SYNTH
        if n_ in ("a30-14", "a30-15", "a30-05"):
            return sample39(rng, "a30", load=rng.uniform(0.85, 0.97), temp=False)
        return idle39(rng, "a30", temp=False)
    run_sampler(s, ["a30-03", "a30-07", "a30-08", "a30-12"], 4, 0.0, t_end, 300.0, fn)
    run_sampler(s, ["a30-05", "a30-14", "a30-15"], 4, 0.0, t_end, 600.0, fn)
    s.truth = truth({"t": tA, "category": "infrastructure", "node": None}, no_requeue=[A, B, C, N1, N2],
                    no_drain=["a30-03", "a30-07", "a30-08", "a30-12"])
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
