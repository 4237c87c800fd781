#!/usr/bin/env python3
"""Build the holdout55 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout54):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout55: generic helpers and the holdout14..holdout54 helper sections are copied unchanged from holdout54's build.py;
the holdout54 scenarios are replaced by the holdout55 helpers and scenarios S1..S8 below (one per category plus one
healthy record).
Earlier note (holdout54): generic helpers and the holdout14..holdout52 helper sections came unchanged from holdout52.
Earlier note (holdout52): generic helpers and the holdout14..holdout50 helper sections came unchanged from holdout50.
Earlier note (holdout50): generic helpers and the holdout14..holdout48 helper sections came unchanged from holdout48.
Earlier note (holdout48): generic helpers and the holdout14..holdout46 helper sections came unchanged from holdout46.
Earlier note (holdout46): generic helpers and the holdout14..holdout44 helper sections came unchanged from holdout44.
Earlier notes (holdout23..holdout44): each corpus copied the generic helpers and earlier helper sections unchanged.
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
# holdout44 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "mi250x": (52, 6, 420.0, 45.0, 1700, 52000, 3000),    # one MI250X GCD (64 GB HBM2e), OAM 560 W shared by 2 GCDs
    "k80": (66, 5, 128.0, 14.0, 823, 10200, 600),
    "a40": (60, 5, 262.0, 25.0, 1740, 36500, 2500),
})

CST = dt.timedelta(hours=8)
LEAN44 = LEAN40 + ("DCGM_FI_DEV_GPU_TEMP",)


def kt(s: "Scenario", t: float, host: str, msg: str, skew: float = 0.0, tz: dt.timedelta = dt.timedelta(0)) -> None:
    """SYNTH: kernel line with a `dmesg -T` stamp in the node's own clock (skew seconds, timezone)."""
    d = s.at(t) + tz + dt.timedelta(seconds=skew)
    s.kernel(t, host, f"{dmesg_t(d)} {msg}")


def kj44(s: "Scenario", t: float, host: str, ident: str, msg: str, skew: float = 0.0) -> None:
    """SYNTH: journald short-format line in the node's own (possibly skewed) clock."""
    d = s.at(t) + dt.timedelta(seconds=skew)
    s.kernel(t, host, f"{d:%b %d %H:%M:%S} {host} {ident}: {msg}")


def busy44(rng, prof, load=0.95, extra=None, fb=True) -> dict:
    return busy40(rng, prof, load=load, fb=fb, extra=extra)


def idle44(rng, prof, fb=0, extra=None, clk=None) -> dict:
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel44(s, nodes, gpus, t0, t1, every, fn, keys=LEAN44) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


# ======================================================================================
# holdout46 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "a40_46": (58, 5, 268.0, 22.0, 1740, 30500, 2500),      # A40 48 GB, 300 W
    "rtx3090_46": (66, 5, 318.0, 25.0, 1860, 17800, 1500),  # RTX 3090 24 GB, 350 W
    "v100s_46": (57, 5, 232.0, 20.0, 1597, 21000, 2500),    # V100S-PCIe 32 GB, 250 W
})

A40_BUS = ["0000:17:00", "0000:65:00", "0000:ca:00", "0000:e3:00"]
HGX_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
           "0000:db:00"]
K46 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP")


def b46(rng, prof, load=0.95, extra=None, clock=None, fb=False) -> dict:
    return busy40(rng, prof, load=load, fb=fb, clock=clock, extra=extra)


def i46(rng, prof, extra=None) -> dict:
    f = idle40(rng, prof)
    if extra:
        f.update(extra)
    return f


def fm_stamp(d: dt.datetime) -> str:
    """SYNTH: nv-fabricmanager log-file stamp, e.g. `[Jul 23 2024 07:53:55]`."""
    return f"[{d:%b %d %Y %H:%M:%S}]"


def noise46(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (3140 > 3127), lowering kernel.perf_event_max_sample_rate to 63500",
            "nfs: server storage02 OK",
            "EXT4-fs (nvme0n1p1): re-mounted. Opts: (null). Quota mode: none.",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "device-mapper: uevent: version 1.0.3"]
    kt(s, t, host, msgs[kind % len(msgs)])



# ======================================================================================
# holdout48 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "h20_48": (52, 6, 360.0, 35.0, 1980, 86000, 4000),      # H20 96 GB, 400 W
    "l40_48": (63, 4, 262.0, 20.0, 2490, 39500, 2500),      # L40 48 GB, 300 W, passive (chassis fans)
    "h200nvl_48": (57, 6, 505.0, 45.0, 1980, 118000, 6000),  # H200 NVL 141 GB, 600 W
    "titanrtx_48": (69, 4, 150.0, 25.0, 1770, 23800, 30),   # TITAN RTX 24 GB, 280 W (TF grabs nearly all memory)
    "a100_40p_48": (55, 5, 215.0, 20.0, 1410, 30500, 2000),  # A100 40 GB PCIe, 250 W
})

K48 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K48T = K48 + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
K48X = K48 + ("DCGM_FI_DEV_XID_ERRORS",)


def b48(rng, prof, load=0.95, extra=None, clock=None, fb=True, temp=True) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=fb, temp=temp, clock=clock, extra=extra)


def i48(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def spin48(rng, prof, power, fb=True) -> dict:
    """SYNTH: a GPU whose kernels spin waiting in a collective: util 100 %, low power, full clocks."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    return g38(100, power + rng.uniform(-6, 6), clk, fb=(fbb + rng.randint(-fbs // 4, fbs // 4)) if fb else None,
               temp=tb - 14 + rng.randint(-2, 2))


def tel48(s, nodes, gpus, t0, t1, every, fn, keys=K48) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise48(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
            "nfs: server nas01 not responding, still trying",
            "nfs: server nas01 OK",
            "audit: type=1400 audit(0.0:212): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.lxc\" name=\"/proc/1/mountinfo\"",
            "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f2a1c offset:0x0 grain:32 syndrome:0x0)",
            "xfs filesystem being remounted at /scratch supports timestamps until 2038 (0x7fffffff)",
            "igb 0000:05:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX"]
    kt(s, t, host, msgs[kind % len(msgs)])


def hf_dict48(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer's on-log dict line (rank 0), no step number."""
    return "{'loss': %s, 'grad_norm': %r, 'learning_rate': %r, 'epoch': %s}" % (round(loss, 4), gn, lr, round(ep, 2))


def pai_nccl(host: str, pid: int, tid: int, dev: int, src: str) -> str:
    """SYNTH: the `[host][pid:tid][dev][file:line] ` prefix of the PAI NCCL build's StateMonitor/StateSync lines."""
    return f"[{host}][{pid}:{tid}][{dev}][{src}] "


# ======================================================================================
# holdout50 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "titanxpas_50": (76, 4, 218.0, 20.0, 1531, 10200, 500),    # TITAN X (Pascal) 12 GB, 250 W
    "rtx5880_50": (61, 5, 255.0, 22.0, 2460, 40500, 2500),     # RTX 5880 Ada 48 GB, 285 W
    "rtx2080s_50": (70, 4, 212.0, 18.0, 1815, 7100, 400),      # RTX 2080 SUPER 8 GB, 250 W
    "qrtx5000_50": (67, 4, 196.0, 14.0, 1815, 14200, 700),     # Quadro RTX 5000 16 GB, 230 W
    "p4_50": (57, 4, 61.0, 5.0, 1531, 6900, 250),              # Tesla P4 8 GB, 75 W
    "rtx4500ada_50": (60, 5, 188.0, 14.0, 2580, 21800, 1200),  # RTX 4500 Ada 24 GB, 210 W
    "p100_50": (58, 5, 196.0, 20.0, 1328, 15300, 500),         # Tesla P100-PCIE 16 GB, 250 W
    "rtx4090d_50": (62, 5, 372.0, 30.0, 2520, 22800, 900),     # RTX 4090 D 24 GB, 425 W
})

K50 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K50X = K50 + ("DCGM_FI_DEV_XID_ERRORS",)


def b50(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i50(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def tel50(s, nodes, gpus, t0, t1, every, fn, keys=K50) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise50(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (2641 > 2631), lowering kernel.perf_event_max_sample_rate to 75500",
            "nfs: server fs02 not responding, still trying",
            "nfs: server fs02 OK",
            "TCP: request_sock_TCP: Possible SYN flooding on port 6818. Sending cookies.  Check SNMP counters.",
            "EXT4-fs (sda2): re-mounted. Opts: errors=remount-ro",
            "ipmi_si IPI0001:00: IPMI message handler: BMC returned incorrect response, expected netfn 7 cmd 22, got netfn 7 cmd 1",
            "systemd-journald[812]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (8533 of 11377 items, 6553600 file size, 768 bytes per hash table item), suggesting rotation."]
    kt(s, t, host, msgs[kind % len(msgs)])


def glog_line(d: dt.datetime, pid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: glog line as wav2letter/flashlight writes it (`I0715 19:31:17.476619   413 Train.cpp:748] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:6d} {src}] {msg}"



# ======================================================================================
# holdout52 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "rtx4080_52": (64, 4, 236.0, 20.0, 2730, 9900, 300),      # RTX 4080 16 GB, 320 W (nnU-Net load ~240 W)
    "a4000_52": (79, 3, 138.0, 2.0, 1440, 13800, 400),         # RTX A4000 16 GB, 140 W cap, blower; power-capped
    "v100p16_52": (52, 4, 212.0, 25.0, 1380, 14500, 200),      # V100-PCIE-16GB, 250 W
    "rtx4090_52": (63, 5, 338.0, 30.0, 2610, 20800, 900),      # RTX 4090 24 GB, 450 W
    "t4_52": (66, 4, 64.0, 5.0, 1590, 13900, 500),             # Tesla T4 16 GB, 70 W
    "rtx3090_52": (66, 5, 305.0, 25.0, 1860, 21500, 900),      # RTX 3090 24 GB, 350 W
    "m2090_52": (71, 4, 178.0, 15.0, 1301, 4100, 300),         # Tesla M2090 6 GB, 225 W (nvidia-smi-era fields)
    "rtxpro6000_52": (61, 5, 392.0, 35.0, 2617, 61000, 3000),  # RTX PRO 6000 Blackwell 96 GB, 600 W
})

K52 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K52T = K52 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)
K52E = K52 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_XID_ERRORS")


def b52(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i52(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel52(s, nodes, gpus, t0, t1, every, fn, keys=K52) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def nn2_stamp(d: dt.datetime) -> str:
    """SYNTH: nnU-Net v2 print_to_log_file prefix (`2024-03-26 09:06:26.123433: `)."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: "


def pylog_dash(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: Python logging `%(asctime)s - %(levelname)s - %(message)s` (SPFormer/MDIN get_root_logger)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {level} - {msg}"


def vissl_line(d: dt.datetime, lineno: int, msg: str, src: str = "log_hooks.py", level: str = "INFO") -> str:
    """SYNTH: VISSL logger `%(levelname)s %(asctime)s %(filename)s:%(lineno)4d: %(message)s`."""
    return f"{level} {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} {src}:{lineno:4d}: {msg}"


def absl52(d: dt.datetime, pid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: absl/glog prefix as AlphaFold prints it (`I0412 09:13:31.404159 140040161777472 templates.py:857] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid} {src}] {msg}"


def arcface_line(d: dt.datetime, msg: str) -> str:
    """SYNTH: arcface_torch logging format `Training: %(asctime)s-%(message)s`."""
    return f"Training: {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}-{msg}"


def pcdet_line(d: dt.datetime, msg: str, level: str = "INFO") -> str:
    """SYNTH: OpenPCDet logger `%(asctime)s  %(levelname)5s  %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}  {level:>5s}  {msg}"


def allen_line(d: dt.datetime, mod: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: AllenNLP 1.x logging `%(asctime)s - %(levelname)s - %(name)s - %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {level} - {mod} - {msg}"


def td52(sec: float) -> str:
    """SYNTH: str(datetime.timedelta(seconds=int(sec)))."""
    return str(dt.timedelta(seconds=int(sec)))


def mmss52(sec: float) -> str:
    """SYNTH: tqdm.format_interval."""
    sec = int(sec)
    h, r = divmod(sec, 3600)
    m, s_ = divmod(r, 60)
    return f"{h:d}:{m:02d}:{s_:02d}" if h else f"{m:02d}:{s_:02d}"



# ======================================================================================
# holdout54 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a100sxm80_54": (57, 6, 352.0, 38.0, 1410, 63000, 3500),   # A100-SXM4-80GB, 400 W
    "titanxm_54": (79, 3, 208.0, 14.0, 1075, 6100, 200),       # GeForce GTX TITAN X (Maxwell) 12 GB, 250 W
    "l40s_54": (62, 5, 305.0, 25.0, 2490, 36500, 1500),        # L40S 48 GB, 350 W
    "b200_54": (54, 6, 815.0, 70.0, 1965, 151000, 6000),       # B200 180 GB, 1000 W
    "a100p40_54": (58, 5, 236.0, 22.0, 1410, 31500, 1800),     # A100-PCIE-40GB, 250 W
})

K54 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K54L = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K54M = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
NVL = ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
       "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL")
K54N = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", NVL[0], NVL[2], NVL[3])
K54E = K54M + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")

JZ_BUS = ["0000:01:00", "0000:21:00", "0000:41:00", "0000:61:00", "0000:81:00", "0000:a1:00", "0000:c1:00",
          "0000:e1:00"]
DGXA100_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
               "0000:bd:00"]
NDV4_BUS = ["0001:00:00", "0002:00:00", "0003:00:00", "0004:00:00", "0005:00:00", "0006:00:00", "0007:00:00",
            "0008:00:00"]
P4DE_BUS = ["0000:10:1c", "0000:10:1d", "0000:20:1c", "0000:20:1d", "0000:90:1c", "0000:90:1d", "0000:a0:1c",
            "0000:a0:1d"]
B200_BUS = ["0000:1b:00", "0000:43:00", "0000:52:00", "0000:61:00", "0000:9d:00", "0000:c3:00", "0000:d1:00",
            "0000:df:00"]


def b54(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i54(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel54(s, nodes, gpus, t0, t1, every, fn, keys=K54) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def tqnum(x) -> str:
    """SYNTH: tqdm.format_num (3 significant digits, shorter of that and str)."""
    if isinstance(x, int):
        return str(x)
    f = "{0:.3g}".format(x).replace("e+0", "e+").replace("e-0", "e-")
    n = str(x)
    return f if len(f) < len(n) else n


def lt_meter(n: int, total: int, elapsed: float, rate: float, desc: str = "", postfix: str = "") -> str:
    """SYNTH: a Lightning TQDM bar line as it appears in the posted logs (rate always as `it/s`, 10-cell bar)."""
    line = tqdm_meter(n, total, elapsed, rate, desc=desc, postfix=postfix)
    inv = 1 / rate
    if inv > 1:
        line = line.replace(f"{inv:5.2f}s/it", f"{rate:5.2f}it/s", 1)
    return line


def meg_iter(it: int, total: int, cs: int, seq: int, sec: float, lr: float, gbs: int, loss: float, gn: float,
             sps: float, tfl: float) -> str:
    """SYNTH: Megatron-DeepSpeed (BigScience fork) iteration line, without the launcher prefix."""
    return (f" iteration {it:8d}/{total:8d} | consumed samples: {cs:12d} | consumed tokens: {cs * seq:12d} | "
            f"elapsed time per iteration (s): {sec:.2f} | learning rate: {lr:.3E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | grad norm: {gn:.3f} | num zeros: 0.0 | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 | samples per second: {sps:.3f} | TFLOPs: {tfl:.2f} |")


def dhms(sec: float) -> str:
    """SYNTH: Slurm elapsed format D-HH:MM:SS."""
    sec = int(sec)
    d, r = divmod(sec, 86400)
    h, r = divmod(r, 3600)
    m, s_ = divmod(r, 60)
    return f"{d}-{h:02d}:{m:02d}:{s_:02d}" if d else f"{h:02d}:{m:02d}:{s_:02d}"


def lua_num(x: float) -> str:
    """SYNTH: Lua 5.1 / LuaJIT tostring(number) (%.14g)."""
    return "%.14g" % x


def xid_k(bus: str, xid: int, tail: str, pid="'<unknown>'", name="<unknown>") -> str:
    """SYNTH: NVRM Xid kernel line body."""
    return f"NVRM: Xid (PCI:{bus}): {xid}, pid={pid}, name={name}, {tail}"


def ddp_rank_line(rank: int, world: int, step: int, data: float, comp: float, wait: float, opt: float,
                  ips: float) -> str:
    """SYNTH: the per-rank timing line of a user's own DDP script (printed by every rank every 1000 steps)."""
    tot = data + comp + wait + opt
    return (f"[rank {rank:2d}/{world}] step {step} | data {data:.1f} ms | fwd+bwd {comp:.1f} ms | "
            f"allreduce-wait {wait:.1f} ms | opt {opt:.1f} ms | step {tot:.1f} ms | {ips:.1f} img/s")


def metaseq_inner(d: dt.datetime, ep: int, upd: int, loss: float, wps: float, lr: float, gn: float, scale: float,
                  wall: int, train_wall: int) -> str:
    """SYNTH: metaseq JsonProgressBar train_inner line."""
    return (f"{d:%Y-%m-%d %H:%M:%S} | INFO | train_inner | {{\"epoch\": {ep}, \"actv_norm\": \"{41.2 + 0.01 * (upd % 97):.3f}\", "
            f"\"pos_norm\": \"0.201\", \"tok_norm\": \"0.931\", \"emb_norm\": \"0.005\", \"loss\": \"{loss:.3f}\", "
            f"\"ppl\": \"{2 ** loss:.2f}\", \"wps\": \"{wps:.4g}\", \"ups\": \"0.03\", \"wpb\": \"4.19e+06\", "
            f"\"bsz\": \"2048\", \"num_updates\": \"{upd}\", \"lr\": \"{lr:.5g}\", \"gnorm\": \"{gn:.3f}\", \"clip\": \"0\", "
            f"\"loss_scale\": \"{tqnum(scale)}\", \"scale_window\": \"128\", \"train_wall\": \"{train_wall}\", "
            f"\"cuda_gb_allocated\": \"31.7\", \"cuda_gb_reserved\": \"44.1\", \"cuda_gb_free\": \"35.2\", \"wall\": \"{wall}\"}}")


def hf_log(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer on-log dict (transformers 4.4x)."""
    return "{'loss': %s, 'grad_norm': %s, 'learning_rate': %s, 'epoch': %s}" % (
        round(loss, 4), round(gn, 12), repr(lr), round(ep, 2))


def ijepa_line(d: dt.datetime, ep: int, itr: int, loss: float, m1: float, m2: float, wd: float, lr: float, mem: float,
               ms: float) -> str:
    """SYNTH: I-JEPA/V-JEPA style training log line (`INFO:root:[ep, itr] loss: ...`)."""
    return (f"INFO:root:[{ep}, {itr:5d}] loss: {loss:.3f} masks: {m1:.1f} {m2:.1f} [wd: {wd:.2e}] [lr: {lr:.2e}] "
            f"[mem: {mem:.2e}] ({ms:.1f} ms)")


# ======================================================================================
# holdout55 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "h100nd_55": (55, 6, 610.0, 55.0, 1980, 70500, 3500),     # H100 80GB HBM3 (Azure ND H100 v5), 700 W
    "a40_55": (64, 4, 268.0, 20.0, 1740, 31500, 2500),        # A40 48 GB, 300 W
    "a100s40_55": (52, 5, 318.0, 35.0, 1410, 36400, 600),     # A100-SXM4-40GB (p4d), 400 W
    "h100sxm_55": (57, 6, 655.0, 45.0, 1980, 73800, 2500),    # H100 80GB HBM3 SXM, 700 W
    "h200_55": (54, 6, 640.0, 50.0, 1980, 129500, 4000),      # H200 141 GB, 700 W
    "l40s_55": (58, 5, 302.0, 25.0, 2520, 38500, 1500),       # L40S 48 GB, 350 W
    "a6000_55": (66, 4, 268.0, 20.0, 1800, 41000, 1500),      # RTX A6000 48 GB, 300 W
})

K55 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K55M = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
K55T = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP",
        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
K55X = K55M + ("DCGM_FI_DEV_XID_ERRORS",)
K55F = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED")

ND_H100_BUS = ["0001:00:00", "0002:00:00", "0003:00:00", "0008:00:00", "0009:00:00", "000a:00:00", "000b:00:00",
               "000c:00:00"]   # GPU index order on an Azure ND H100 v5 VM (bus list as given in NVIDIA/aicr#1858)
HGX_BUS_55 = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
              "0000:db:00"]
A40X4_BUS = ["0000:1a:00", "0000:1b:00", "0000:3d:00", "0000:3e:00"]


def b55(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i55(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel55(s, nodes, gpus, t0, t1, every, fn, keys=K55) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def xla_old(d: dt.datetime, level: str, src: str, msg: str) -> str:
    """SYNTH: XLA/TSL log line of the jaxlib 0.3-0.4 era (`2024-01-11 05:43:11.726254: E external/xla/...] msg`)."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: {level} {src}] {msg}"


def absl55(d: dt.datetime, tid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: absl/glog C++ prefix as newer XLA prints it (`E0213 12:41:17.931882   59040 rendezvous.cc:98] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {tid:7d} {src}] {msg}"


def nccl55(host: str, pid: int, tid: int, dev: int, msg: str) -> str:
    """SYNTH: NCCL debug line (`host:pid:tid [dev] msg`)."""
    return f"{host}:{pid}:{tid} [{dev}] {msg}"


def fs_inner(ep: int, upd_in_ep: int, nep: int, loss: float, wps: float, ups: float, nupd: int, lr: float,
             gn: float, tw: float, wall: int) -> str:
    """SYNTH: fairseq (0.10) wav2vec 2.0 `train_inner` message (simple log format, key order as fairseq prints)."""
    return (f"epoch {ep:03d}:  {upd_in_ep:4d} / {nep} loss={loss:.3f}, ntokens=1.42e+06, nsentences=1432, "
            f"prob_perplexity={171.2 + 0.01 * (nupd % 97):.3f}, code_perplexity={168.9 + 0.01 * (nupd % 89):.3f}, "
            f"temp={max(0.5, 2.0 * 0.999995 ** nupd):.3f}, loss_0={loss - 0.081:.3f}, loss_1=0.076, loss_2=0.005, "
            f"accuracy={0.472 + 0.0001 * (nupd % 131):.5f}, wps={wps:.0f}, ups={ups:.2f}, wpb=1.42e+06, bsz=1432, "
            f"num_updates={nupd}, lr={lr:.5g}, gnorm={gn:.3f}, loss_scale=0.25, train_wall={tw:.0f}, gb_free=6.4, "
            f"wall={wall}")


def nnunet1_block(d: dt.datetime, ep: int, tl: float, vl: float, dice: tuple, ept: float, lr: float) -> list:
    """SYNTH: nnU-Net v1 (nnUNetTrainerV2 / _DDP) per-epoch log lines (print_to_log_file stamps)."""
    st = f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: "
    return [f"epoch:  {ep}",
            st + f"train loss : {tl:.4f}",
            st + f"validation loss: {vl:.4f}",
            st + "Average global foreground Dice: [" + ", ".join(f"{x:.4f}" for x in dice) + "]",
            st + "(interpret this as an estimate for the Dice of the different classes. This is not exact.)",
            st + f"lr: {lr:.6f}",
            st + f"This epoch took {ept:.6f} s", ""]


def jax_step55(d: dt.datetime, tid: int, step: int, loss: float, sec: float, tfl: float) -> str:
    """SYNTH: a custom Flax/optax trainer's per-10-step metrics line through absl logging (process 0 only)."""
    return absl55(d, tid, "train.py:487", f"step {step} | loss {loss:.4f} | grad_norm {0.21 + 0.001 * (step % 37):.3f} | "
                                          f"{sec:.3f} s/step | {tfl:.1f} TFLOP/s/device | tokens/s {1.6e6 * 1.095 / sec:.4g}",
                  level="I")



# ======================================================================================
# S1  nemo2-4x8-ndh100v5-ccw-gpu-3-gpu5-off-bus-reboots-with-7-gpus  (gpu_hardware: a NeMo 2 (Megatron-Core) Llama-3.1
#     8B pretraining on 4 Azure ND H100 v5 VMs under CycleCloud Slurm with pyxis/enroot. GPU 5 (bus 000a:00:00) of
#     ccw-gpu-3 falls off the bus mid-run; its rank dies, srun kills the step, the job FAILS. Azure NHC drains the
#     node on the Xid; after a reboot the driver's probe of 000a:00:00.0 fails, the VM comes up with 7 of 8 GPUs and
#     slurmd registers short a GPU. Two other owners' jobs run on other nodes.)
# ======================================================================================
# Source (truth): https://github.com/NVIDIA/aicr/issues/1858 -- AKS/H100 nightly validation: one of two
#   Standard_ND96isr_H100_v5 nodes registered only 7 GPUs; the maintainer's root cause: "faulty H100 on the Azure
#   host" -- the GPU at 000a:00:00.0 "is physically present but faults during NVIDIA driver probe" (driver
#   580.126.09, PCI ID 10de:2330), `nvidia-smi -L` shows 7 GPUs; the degraded node rotated between nights. Fix
#   (https://github.com/NVIDIA/aicr/pull/1866): fail fast and name the degraded node. The thread quotes the probe
#   failure only in a reflowed form, so every kernel line here is written in the driver's own multi-line layout
#   (SYNTH) with the thread's bus id, PCI id and driver version. The Xid 79 before the reboot, the job, NHC and Slurm
#   are SYNTH (NHC messages from Azure/azurehpc-health-checks customTests, the gres message from slurmctld).


def build_s1() -> Scenario:
    name = "nemo2-4x8-ndh100v5-ccw-gpu-3-gpu5-off-bus-reboots-with-7-gpus"
    J, N1, N2 = "2214", "2231", "2236"
    start = "2026-07-20T01:10:00Z"
    s = Scenario(name, "NeMo 2 (Megatron-Core, NeMo-Run Slurm executor, pyxis/enroot container) Llama-3.1-8B pretraining "
                 "on 4 Azure ND H100 v5 VMs (8 x H100 80GB HBM3, 8 x 400G IB each), CycleCloud Slurm with Azure NHC "
                 "(HealthCheckInterval 300 s); srun --kill-on-bad-exit, one task per GPU. Other owners' vLLM eval sweep "
                 "and DPO fine-tune on two other VMs.",
                 start,
                 {"name": "ccw", "partition": "gpu", "nodes": "ccw-gpu-[1-6]", "gpus_per_node": 8,
                  "pci_bus_ids": ND_H100_BUS},
                 [{"id": J, "name": "llama31-8b-pretrain-nemo2", "user": "mkhan", "nodes": "ccw-gpu-[1-4]",
                   "tasks_per_node": 8, "started": "2026-07-19T22:41:07Z",
                   "comment": comment(2, "/shared/ckpt/llama31-8b-nemo2")},
                  {"id": N1, "name": "vllm-eval-sweep", "user": "tpark", "nodes": "ccw-gpu-5", "tasks_per_node": 8,
                   "started": "2026-07-20T00:52:18Z"},
                  {"id": N2, "name": "dpo-qwen25-7b", "user": "lfernandez", "nodes": "ccw-gpu-6", "tasks_per_node": 8,
                   "started": "2026-07-19T23:30:41Z", "comment": comment(1)}])
    rng = s.rng
    bad, badg = "ccw-gpu-3", 5
    jnodes = expand_hostlist("ccw-gpu-[1-4]")
    t_f = 3310.417
    t_end = 7200.0
    # --- NeMo 2 progress prints, one every 10 iterations (SYNTH, NeMo 2 / Lightning format) ---
    gstep, t = 11840, 14.0
    loss = 2.2914
    while t < t_f:
        sec = rng.uniform(2.86, 2.97)
        gstep += 10
        loss = 0.996 * loss + 0.004 * rng.uniform(2.15, 2.33)
        s.joblog(t, J, nemo2_line(0, gstep, 60000, loss, sec, gstep))  # SYNTH
        if gstep % 1000 == 0:
            s.joblog(t + 0.3, J, f"[NeMo I {s.at(t + 0.3):%Y-%m-%d %H:%M:%S} nemo_logging:393] Async checkpoint save for "
                                 f"step {gstep} (/shared/ckpt/llama31-8b-nemo2/checkpoints/model_name=0--val_loss=0.00-"
                                 f"step={gstep - 1}-consumed_samples={gstep * 256}.0.ckpt) finalized successfully.")  # SYNTH
        t += 10 * sec
    # --- GPU 5 of ccw-gpu-3 falls off the bus (kernel: SYNTH, driver wording) ---
    bus = ND_H100_BUS[badg]
    kt(s, t_f, bad, f"NVRM: GPU at PCI:{bus}: GPU-7c1e94d2-5b0a-2f61-a8e3-0d9b4c61e2f7")  # SYNTH
    kt(s, t_f + 0.001, bad, "NVRM: GPU Board Serial Number: 1654923055812")  # SYNTH
    kt(s, t_f + 0.002, bad, f"NVRM: Xid (PCI:{bus}): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")  # SYNTH
    kt(s, t_f + 0.003, bad, f"NVRM: GPU {bus}.0: GPU has fallen off the bus.")  # SYNTH
    kt(s, t_f + 0.004, bad, f"NVRM: GPU {bus}.0: GPU serial number is 1654923055812.")  # SYNTH
    # --- rank 21 dies, srun kills the step (SYNTH, torch 2.7 / Slurm 24.05 wording) ---
    r = 2 * 8 + badg
    tj = t_f + 1.84
    d = s.at(tj)
    s.joblog(tj, J, c10d_e(r, d, 417, "ProcessGroupNCCL.cpp:1896", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group "
                                                                  f"watchdog thread terminated with exception: CUDA error: unknown error"))  # SYNTH
    for k, line in enumerate(["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                              "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                              "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                              "",
                              "Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:42 (most recent call first):",
                              "terminate called after throwing an instance of 'c10::DistBackendError'",
                              f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: CUDA error: unknown error"]):
        s.joblog(tj + 0.001 * (k + 1), J, f"[rank{r}]:{line}")  # SYNTH
    tk = tj + 2.6
    s.joblog(tk, J, f"srun: error: {bad}: task {r}: Aborted (core dumped)")  # SYNTH
    s.joblog(tk + 0.1, J, "srun: Terminating StepId=%s.0" % J)  # SYNTH
    s.joblog(tk + 0.2, J, f"slurmstepd: error: *** STEP {J}.0 ON ccw-gpu-1 CANCELLED AT {s.at(tk + 0.2):%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
    for k, n_ in enumerate(jnodes):
        lo = k * 8
        tasks = f"tasks {lo}-{lo + 7}" if n_ != bad else f"tasks {lo}-{r - 1},{r + 1}-{lo + 7}"
        s.joblog(tk + 1.2 + 0.05 * k, J, f"srun: error: {n_}: {tasks}: Killed")  # SYNTH
    job_end(s, tk + 4.1, J, "FAILED", "1:0")
    for n_ in jnodes:
        s.node_state(tk + 4.3, n_, "IDLE", "")  # SYNTH
    # --- NHC drains on the Xid at its next run; the node is rebooted; the probe of 000a fails (SYNTH) ---
    t_nhc = 3552.0
    xid_line = (f"{s.at(t_f):%b %d %H:%M:%S} {bad} kernel: [1283114.529401] NVRM: Xid (PCI:{bus}): 79, pid='<unknown>', "
                f"name=<unknown>, GPU has fallen off the bus.")
    nhc_reason = f"NHC: check_gpu_xid: GPU Xid errors detected: {xid_line}. FaultCode: NHC2001"
    s.node_state(t_nhc, bad, "IDLE+DRAIN", nhc_reason)  # SYNTH
    t_rb = 4188.0
    s.node_state(t_rb, bad, "IDLE+DRAIN+REBOOT_REQUESTED", nhc_reason)  # SYNTH
    s.node_state(t_rb + 11.0, bad, "DOWN+DRAIN+REBOOT_ISSUED", "reboot issued")  # SYNTH
    tb = t_rb + 141.0
    boot = ["Linux version 5.15.0-1089-azure (buildd@lcy02-amd64-061) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #98-Ubuntu SMP Tue Jun 23 18:44:36 UTC 2026 (Ubuntu 5.15.0-1089.98-azure 5.15.180)",
            "hv_vmbus: Vmbus version:5.3",
            "hv_pci 00000001-0000-0000-0000-000000000000: PCI VMBus probing: Using version 0x10004",
            "nvidia: loading out-of-tree module taints kernel.",
            "nvidia-nvlink: Nvlink Core is being initialized, major device number 509",
            "NVRM: The NVIDIA GPU 000a:00:00.0 (PCI ID: 10de:2330)",
            "NVRM: installed in this system is not supported by the",
            "NVRM: NVIDIA 580.126.09 driver release.",
            "NVRM: Please see 'Appendix A - Supported NVIDIA GPU Products'",
            "NVRM: in this release's README, available on the operating system",
            "NVRM: specific graphics driver download page at www.nvidia.com.",
            "nvidia: probe of 000a:00:00.0 failed with error -1",
            "NVRM: The NVIDIA probe routine failed for 1 device(s).",
            "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  580.126.09  Release Build  (dvs-builder@U22-I3-H04-01-5)  Wed Jan 14 00:51:03 UTC 2026",
            "nvidia-modeset: Loading NVIDIA UNIX Open Kernel Mode Setting Driver for x86_64  580.126.09  Release Build  (dvs-builder@U22-I3-H04-01-5)  Wed Jan 14 00:31:44 UTC 2026",
            "[drm] [nvidia-drm] [GPU ID 0x00010000] Loading driver"]
    for k, line in enumerate(boot):
        kt(s, tb + [0.0, 3.1, 3.4, 14.2, 14.2, 14.9, 14.9, 14.9, 14.9, 14.9, 14.9, 14.91, 14.93, 14.95, 15.1, 15.3][k], bad, line)  # SYNTH
    s.node_state(tb + 71.0, bad, "IDLE+DRAIN+INVALID_REG", "gres/gpu count reported lower than configured (7 < 8)")  # SYNTH
    s.node_state(tb + 371.0, bad, "IDLE+DRAIN+INVALID_REG",
                 "NHC: check_gpu_count: Expected to see 8 but found 7. FaultCode: NHC2009")  # SYNTH
    # --- neighbours (SYNTH) ---
    tn, nreq = 40.0, 0
    while tn < t_end:
        s.joblog(tn, N1, vllm_stats(s.at(tn), rng.uniform(2900, 4100), rng.uniform(5200, 6900), rng.randint(180, 256),
                                    rng.uniform(38.0, 71.0)))
        tn += 60.0 + rng.uniform(0, 0.02)
        nreq += 1
        if nreq % 15 == 0:
            s.joblog(tn, N1, f"INFO {s.at(tn):%m-%d %H:%M:%S} [eval_sweep.py:88] finished shard {nreq // 15:03d}/048 "
                             f"(mmlu_pro, 1203 prompts), wrote /shared/eval/qwen25-72b/shard_{nreq // 15:03d}.jsonl")
            tn += 1.0
    tn, st = 25.0, 3100
    while tn < t_end:
        st += 10
        s.joblog(tn, N2, hf_train_dict(rng.uniform(0.38, 0.52), rng.uniform(3.1, 5.9), 5e-7 * (1 - st / 9000),
                                       st / 1562))
        tn += rng.uniform(71, 76)
    for h, tk2, kind in [("ccw-gpu-1", 900.0, 0), ("ccw-gpu-5", 2600.0, 3), ("ccw-gpu-3", 1810.0, 6),
                         ("ccw-gpu-6", 5100.0, 5)]:
        noise50(s, h, tk2, kind)

    def fn(n_, g, t_):
        if n_ in jnodes:
            if n_ == bad:
                if g == badg and t_ >= t_f:
                    return None  # gone from the bus; not enumerated after the reboot either
                if t_rb + 11.0 <= t_ < tb + 60.0:
                    return None  # rebooting
                if t_ >= t_f:
                    return i55(rng, "h100nd_55", clk=345, fb=0)
            if t_ < t_f:
                return b55(rng, "h100nd_55", load=rng.uniform(0.86, 0.98))
            return i55(rng, "h100nd_55", clk=345)
        if n_ == "ccw-gpu-5":
            return b55(rng, "h100nd_55", load=rng.uniform(0.55, 0.85))
        return b55(rng, "h100nd_55", load=rng.uniform(0.8, 0.97))

    tel55(s, jnodes, 8, 0.0, t_end, 300.0, fn, keys=K55M)
    tel55(s, ["ccw-gpu-5", "ccw-gpu-6"], 8, 0.0, t_end, 900.0, fn, keys=K55M)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": bad, "gpu": badg}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["ccw-gpu-1", "ccw-gpu-2", "ccw-gpu-4"])
    return s



# ======================================================================================
# S2  nnunet1-ddp-4xa40-msg-ihgpu2-server-room-cooling-fails-hw-thermal-slowdown  (gpu_degraded: nnU-Net v1 DDP
#     (nnUNetTrainerV2_DDP) on the 4 A40s of msg-ihgpu2, a GPU node in an ancillary server room whose cooling fails in
#     the morning; the room heats up, the node's GPUs reach their slowdown temperature and clock down (HW slowdown +
#     HW thermal slowdown), epochs take ~1.8x longer; the CPUs log package-temperature throttling. Nodes in the main
#     data center (other owners' Cellpose and AlphaFold jobs) are unaffected. The record ends at 09:40 PDT, just
#     before the site turns off the room's nodes.)
# ======================================================================================
# Source (truth): https://github.com/ucsf-wynton/wynton-website-hpc/blob/master/docs/hpc/status/incidents-2021.md --
#   Wynton HPC incident log, "April 28 - May 7, 2021: Many GPU nodes down (due to cooling issues)": "One of Wynton's
#   ancillary server rooms is having cooling issues. To reduce the heat load in the room, we had to turn off all the
#   Wynton nodes in the room around 09:45 this morning. This affects GPU nodes named msg*gpu* ..." (resolved May 7
#   when cooling was restored). No log line is quoted; the thermal slowdown of a GPU node in that room before the
#   shutdown is my reading (SYNTH), as are the job, every line and all telemetry. Wynton schedules with SGE; the
#   Slurm states here are the format's (SYNTH).


def build_s2() -> Scenario:
    name = "nnunet1-ddp-4xa40-msg-ihgpu2-server-room-cooling-fails-hw-thermal-slowdown"
    J, N1, N2 = "4412093", "4412311", "4411890"
    start = "2021-04-28T14:20:00Z"
    s = Scenario(name, "nnU-Net v1 (nnUNetTrainerV2_DDP, 3d_fullres, fold 2) on the 4 A40s of msg-ihgpu2, a GPU node "
                 "in an ancillary server room; other owners' Cellpose training and AlphaFold2 inference on GPU nodes in "
                 "the main data center (qb3-atgpu*). Node clocks are US/Pacific.",
                 start,
                 {"name": "wynton", "partition": "gpu", "nodes": "msg-ihgpu2,qb3-atgpu[1-4]", "gpus_per_node": 4,
                  "pci_bus_ids": A40X4_BUS},
                 [{"id": J, "name": "nnunet-Task137-3d-fold2", "user": "jwen", "nodes": "msg-ihgpu2", "tasks_per_node": 4,
                   "started": "2021-04-27T22:05:44Z", "comment": comment(2, "/wynton/group/rad/jwen/nnUNet_trained_models")},
                  {"id": N1, "name": "cellpose-nuclei-ft", "user": "akim", "nodes": "qb3-atgpu1", "tasks_per_node": 1,
                   "started": "2021-04-28T13:02:10Z", "comment": comment(1)},
                  {"id": N2, "name": "af2-multimer-batch", "user": "rchen", "nodes": "qb3-atgpu3", "tasks_per_node": 1,
                   "started": "2021-04-28T11:47:55Z"}])
    rng = s.rng
    bad = "msg-ihgpu2"
    pdt = dt.timedelta(hours=-7)
    t_heat, t_f, t_end = 2500.0, 3690.0, 8400.0

    def temp_at(t_):
        if t_ < t_heat:
            return 66.0
        return min(93.0, 66.0 + (t_ - t_heat) * 0.0205)

    def slow_at(t_):
        if t_ < t_f:
            return 1.0
        return min(1.86, 1.0 + (t_ - t_f) / 2600.0 * 0.86)

    # --- nnU-Net v1 epochs (SYNTH, nnU-Net v1 print_to_log_file layout; node clock is PDT) ---
    t, ep = 61.0, 212
    tl, vl = -0.7914, -0.7402
    while t < t_end:
        ept = rng.uniform(153.2, 158.9) * slow_at(t + 80)
        if t + ept > t_end:
            break
        t += ept
        d = s.at(t) + pdt
        tl = 0.997 * tl + 0.003 * rng.uniform(-0.82, -0.79)
        vl = 0.997 * vl + 0.003 * rng.uniform(-0.76, -0.73)
        lr = 0.01 * (1 - ep / 1000) ** 0.9
        dice = (0.9121 + rng.uniform(-0.004, 0.004), 0.8547 + rng.uniform(-0.006, 0.006), 0.8236 + rng.uniform(-0.008, 0.008))
        for k, line in enumerate(nnunet1_block(d, ep, tl, vl, dice, ept, lr)):
            s.joblog(t + 0.02 * k, J, line)  # SYNTH
        ep += 1
        if ep % 50 == 0:
            s.joblog(t + 0.3, J, f"{s.at(t + 0.3) + pdt:%Y-%m-%d %H:%M:%S}.{rng.randint(0, 999999):06d}: saving checkpoint...")
            t += 4.2
            s.joblog(t, J, f"{s.at(t) + pdt:%Y-%m-%d %H:%M:%S}.{rng.randint(0, 999999):06d}: done, saving took 4.21 seconds")
    # --- CPU package thermal throttling on the hot node (SYNTH, Linux therm_throt wording, CentOS 7 kernel) ---
    tc, ev = t_f + 420.0, 0
    while tc < t_end:
        cpu = rng.choice([0, 8, 14, 22, 30])
        ev += rng.randint(3, 40)
        kt(s, tc, bad, f"CPU{cpu}: Package temperature above threshold, cpu clock throttled (total events = {ev})", tz=pdt)
        kt(s, tc + rng.uniform(0.2, 1.5), bad, f"CPU{cpu}: Package temperature/speed normal", tz=pdt)
        tc += rng.uniform(240, 520)
    # --- neighbours (SYNTH) ---
    tn, cep = 30.0, 3810
    while tn < t_end:
        s.joblog(tn, N1, cellpose_line(s.at(tn) + pdt, cep, rng.uniform(41.0, 43.5) * (cep - 3800), rng.uniform(0.27, 0.31), 0.2))
        cep += 5
        tn += rng.uniform(207, 214)
    tn, tgt = 400.0, 17
    while tn < t_end:
        d = s.at(tn) + pdt
        s.joblog(tn, N2, absl52(d, 140217399154496, "run_alphafold.py:191", f"Running model model_{tgt % 5 + 1}_multimer_v2_pred_0 on T{1100 + tgt // 5}"))
        tn += rng.uniform(380, 520)
        d = s.at(tn) + pdt
        s.joblog(tn, N2, absl52(d, 140217399154496, "run_alphafold.py:202", f"Total JAX model model_{tgt % 5 + 1}_multimer_v2_pred_0 on T{1100 + tgt // 5} predict time (includes compilation time, see --benchmark): {rng.uniform(380, 515):.1f}s"))
        tgt += 1
        tn += rng.uniform(5, 20)
    for h, tk, kind in [("qb3-atgpu1", 1200.0, 1), ("qb3-atgpu1", 1207.0, 2), ("qb3-atgpu4", 4200.0, 4),
                        ("msg-ihgpu2", 800.0, 0)]:
        kt(s, tk, h, ["perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79000",
                      "nfs: server wynton-nfs1 not responding, still trying", "nfs: server wynton-nfs1 OK",
                      "", "TCP: request_sock_TCP: Possible SYN flooding on port 6444. Sending cookies.  Check SNMP counters."][kind]
           or "perf: interrupt took too long (3142 > 3130), lowering kernel.perf_event_max_sample_rate to 63000", tz=pdt)

    def fn(n_, g, t_):
        if n_ == bad:
            tmp = temp_at(t_) + rng.uniform(-1.5, 1.5) + (1.5 if g in (1, 2) else 0.0)
            if t_ < t_f:
                f = b55(rng, "a40_55", load=rng.uniform(0.9, 0.99))
                f["DCGM_FI_DEV_GPU_TEMP"] = int(min(tmp, 86))
                f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = 0
                return f
            frac = min(1.0, (t_ - t_f) / 1200.0)
            clk = int(1740 - frac * rng.uniform(700, 860))
            return g38(rng.uniform(96, 100), rng.uniform(170, 205) - 40 * frac, clk, temp=int(max(86, tmp)),
                       thr=0x48, fb=31500 + rng.randint(-900, 900))
        if n_ in ("qb3-atgpu1",) and g == 0:
            return b55(rng, "a40_55", load=rng.uniform(0.85, 0.97), extra={"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0})
        if n_ == "qb3-atgpu3" and g == 0:
            return b55(rng, "a40_55", load=rng.uniform(0.5, 0.95), extra={"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0})
        return i55(rng, "a40_55", extra={"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 1})
    tel55(s, [bad], 4, 0.0, t_end, 120.0, fn, keys=K55T)
    tel55(s, ["qb3-atgpu1", "qb3-atgpu3"], 4, 0.0, t_end, 600.0, fn, keys=K55T)
    tel55(s, ["qb3-atgpu2", "qb3-atgpu4"], 4, 0.0, t_end, 1800.0, fn, keys=K55M)
    s.truth = truth({"t": t_f, "category": "gpu_degraded", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2],
                    no_drain=["qb3-atgpu1", "qb3-atgpu3"])
    return s



# ======================================================================================
# S3  t5x-4x8-p4d-nccl-init-cuda-oom-xla-preallocation-every-process-fails-twice  (software: a T5X (JAX/Flax,
#     jax.distributed, one process per GPU) pretraining on 4 p4d.24xlarge nodes of an AWS ParallelCluster Slurm
#     cluster. XLA's client preallocates ~90 % of each A100-40GB; at the first train step NCCL's communicator init
#     cannot get device memory on every process: `NCCL WARN Cuda failure 'out of memory'`, XLA `ncclCommInitRank ...
#     failed: unhandled cuda error`, a T5X traceback, every task exits, FAILED. The owner resubmits with batch size 1
#     and the same thing happens on the same kind of nodes: the failure is the application's memory configuration.)
# ======================================================================================
# Source (truth): https://github.com/google-research/t5x/issues/832 -- "How to run t5x on multi-node GPUs?"
#   (2022-10-13): on gpu-st-p4d-24xlarge-25 every process logs NCCL `Cuda failure 'out of memory'` at communicator
#   init and XLA reports `ncclCommInitRank ... failed: unhandled cuda error`; "I reduced the batch size with size of 1
#   but the problem still persists". Conclusion from the same failure in
#   https://github.com/jax-ml/jax/issues/4950 ("NCCL out of memory on dual 2080ti training"): NCCL init OOMs because
#   XLA preallocates the default memory fraction; XLA_PYTHON_CLIENT_MEM_FRACTION=0.85 fixed it, and the maintainers
#   planned to "fail more gracefully on NCCL OOM" and "perhaps lower the default memory fraction" -- an application
#   configuration fault, not a node's. The lines below are verbatim from the t5x thread (host and pid as posted).
REAL_S3_NCCL = [
    "gpu-st-p4d-24xlarge-25:15647:15647 [0] external/nccl_archive/src/enqueue.cc:128 NCCL WARN Cuda failure 'out of memory'",
    "gpu-st-p4d-24xlarge-25:15647:15647 [0] NCCL INFO Bootstrap : Using eth0:172.31.224.66<0>",
    "gpu-st-p4d-24xlarge-25:15647:15647 [0] NCCL INFO cudaDriverVersion 11040",
    "NCCL version 2.13.4+cudaCUDA_MAJOR.CUDA_MINOR",
    "gpu-st-p4d-24xlarge-25:15647:15647 [0] external/nccl_archive/src/init.cc:1075 NCCL WARN Cuda failure 'out of memory'",
    "gpu-st-p4d-24xlarge-25:15647:15647 [0] NCCL INFO external/nccl_archive/src/init.cc:1106 -> 1",
]
REAL_S3_XLA = ("2022-10-13 04:16:09.849660: E external/org_tensorflow/tensorflow/compiler/xla/pjrt/"
               "pjrt_stream_executor_client.cc:2130] Execution of replica 0 failed: INTERNAL: external/org_tensorflow/"
               "tensorflow/compiler/xla/service/gpu/nccl_utils.cc:266: NCCL operation ncclCommInitRank(comm.get(), "
               "nranks, id, rank) failed: unhandled cuda error")
REAL_S3_TB = [
    '  File "/fsx/lintangsutawika/architecture-objective/t5x/train.py", line 754, in <module>',
    "    gin_utils.run(main)",
    '  File "/fsx/lintangsutawika/t5x/t5x/gin_utils.py", line 107, in run',
]


def _t5x_fail(s: Scenario, t0: float, job: str, nodes: list, pids: dict, real: bool) -> float:
    """SYNTH (except the REAL_S3 block): every process's NCCL init OOM, XLA error and traceback; returns end time."""
    rng = s.rng
    host_real = "gpu-st-p4d-24xlarge-25"
    t = t0
    order = [(n_, g) for n_ in nodes for g in range(8)]
    rng.shuffle(order)
    for n_, g in order:
        pid = pids[(n_, g)]
        if real and n_ == host_real and g == 0:
            for k, line in enumerate(REAL_S3_NCCL[:2]):
                s.joblog(t + 0.0004 * k, job, line)  # REAL (verbatim)
            s.joblog(t + 0.0009, job, nccl55(n_, pid, pid, 0, "NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation"))  # SYNTH (also in earlier corpora)
            for k, line in enumerate(REAL_S3_NCCL[2:]):
                s.joblog(t + 0.0012 + 0.0004 * k, job, line)  # REAL (verbatim)
        else:
            ip = f"172.31.{224 + nodes.index(n_)}.{rng.randint(20, 240)}"
            s.joblog(t, job, nccl55(n_, pid, pid, 0, "external/nccl_archive/src/enqueue.cc:128 NCCL WARN Cuda failure 'out of memory'"))
            s.joblog(t + 0.0004, job, nccl55(n_, pid, pid, 0, f"NCCL INFO Bootstrap : Using eth0:{ip}<0>"))
            s.joblog(t + 0.0009, job, nccl55(n_, pid, pid, 0, "NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation"))
            s.joblog(t + 0.0012, job, nccl55(n_, pid, pid, 0, "NCCL INFO cudaDriverVersion 11040"))
            s.joblog(t + 0.0020, job, nccl55(n_, pid, pid, 0, "external/nccl_archive/src/init.cc:1075 NCCL WARN Cuda failure 'out of memory'"))
            s.joblog(t + 0.0024, job, nccl55(n_, pid, pid, 0, "NCCL INFO external/nccl_archive/src/init.cc:1106 -> 1"))
        t += rng.uniform(0.004, 0.012)
    # the XLA error and the T5X traceback, per process (4 shown in full, the rest one line each)
    shown = 0
    t += 0.03
    for n_, g in order:
        t_here = t
        if real and n_ == host_real and g == 0:
            t = 1449.85  # the posted line's own stamp (04:16:09.849660)
        d = s.at(t)
        if real and n_ == host_real and g == 0:
            s.joblog(t, job, REAL_S3_XLA)  # REAL (verbatim)
        else:
            s.joblog(t, job, xla_old(d, "E", "external/org_tensorflow/tensorflow/compiler/xla/pjrt/pjrt_stream_executor_client.cc:2130",
                                     "Execution of replica 0 failed: INTERNAL: external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nccl_utils.cc:266: "
                                     "NCCL operation ncclCommInitRank(comm.get(), nranks, id, rank) failed: unhandled cuda error"))
        if shown < 4 or (real and n_ == host_real and g == 0):
            shown += 1
            s.joblog(t + 0.011, job, "Traceback (most recent call last):")  # SYNTH (common line)
            if real:
                for k, line in enumerate(REAL_S3_TB):
                    s.joblog(t + 0.012 + 0.0002 * k, job, line)  # REAL (verbatim)
            else:
                for k, line in enumerate(['  File "/fsx/lintangsutawika/architecture-objective/t5x/train.py", line 754, in <module>',
                                          "    gin_utils.run(main)",
                                          '  File "/fsx/lintangsutawika/t5x/t5x/gin_utils.py", line 107, in run']):
                    s.joblog(t + 0.012 + 0.0002 * k, job, line)  # SYNTH (same frames, second run)
            rest = ["    app.run(",
                    '  File "/fsx/home-lintangsutawika/t5x-env/lib/python3.8/site-packages/absl/app.py", line 308, in run',
                    "    _run_main(main, args)",
                    '  File "/fsx/home-lintangsutawika/t5x-env/lib/python3.8/site-packages/absl/app.py", line 254, in _run_main',
                    "    sys.exit(main(argv))",
                    '  File "/fsx/lintangsutawika/architecture-objective/t5x/train.py", line 740, in main',
                    "    _main(argv)",
                    '  File "/fsx/lintangsutawika/architecture-objective/t5x/train.py", line 750, in _main',
                    "    train_using_gin()",
                    '  File "/fsx/home-lintangsutawika/t5x-env/lib/python3.8/site-packages/gin/config.py", line 1605, in gin_wrapper',
                    "    utils.augment_exception_message_and_reraise(e, err_str)",
                    '  File "/fsx/lintangsutawika/architecture-objective/t5x/train.py", line 540, in train',
                    "    train_summary = trainer.train(",
                    '  File "/fsx/lintangsutawika/t5x/t5x/trainer.py", line 567, in train',
                    "    train_state, metrics_update = self._partitioned_train_step(",
                    "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nccl_utils.cc:266: "
                    "NCCL operation ncclCommInitRank(comm.get(), nranks, id, rank) failed: unhandled cuda error",
                    "  In call to configurable 'train' (<function train at 0x7f4c9e1a8ca0>)"]
            for k, line in enumerate(rest):
                s.joblog(t + 0.013 + 0.0002 * (k + 3), job, line)  # SYNTH
        if real and n_ == host_real and g == 0:
            t = t_here
        t += rng.uniform(0.002, 0.012)
    t += 2.4
    for k, n_ in enumerate(nodes):
        s.joblog(t + 0.3 * k, job, f"srun: error: {n_}: tasks {8 * k}-{8 * k + 7}: Exited with exit code 1")  # SYNTH
    return t + 1.5


def build_s3() -> Scenario:
    name = "t5x-4x8-p4d-nccl-init-cuda-oom-xla-preallocation-every-process-fails-twice"
    J, J2, N1, N2 = "1837", "1844", "1822", "1831"
    start = "2022-10-13T03:52:00Z"
    s = Scenario(name, "T5X (JAX 0.3.x, jax.distributed, one process per GPU via srun) encoder-decoder pretraining on 4 "
                 "p4d.24xlarge nodes of an AWS ParallelCluster Slurm cluster, NCCL_DEBUG=INFO, data and code on FSx for "
                 "Lustre (/fsx). Another owner's HF Trainer fine-tune on two other p4d nodes and a single-node job.",
                 start,
                 {"name": "pcluster-p4d", "partition": "gpu", "nodes": "gpu-st-p4d-24xlarge-[21-28]", "gpus_per_node": 8,
                  "pci_bus_ids": P4DE_BUS},
                 [{"id": J, "name": "t5x-ul2-base-pretrain", "user": "lintang", "nodes": "gpu-st-p4d-24xlarge-[23-26]",
                   "tasks_per_node": 8, "started": "2022-10-13T03:52:04Z", "comment": comment(2, "/fsx/lintang/t5x-ckpt")},
                  {"id": J2, "name": "t5x-ul2-base-pretrain-bs1", "user": "lintang", "nodes": "gpu-st-p4d-24xlarge-[23-26]",
                   "tasks_per_node": 8, "started": "2022-10-13T04:41:31Z", "comment": comment(2, "/fsx/lintang/t5x-ckpt-bs1")},
                  {"id": N1, "name": "gptneox-1b-sft", "user": "hailey", "nodes": "gpu-st-p4d-24xlarge-[27-28]",
                   "tasks_per_node": 8, "started": "2022-10-13T01:15:37Z", "comment": comment(1)},
                  {"id": N2, "name": "clip-vitb32-eval", "user": "romain", "nodes": "gpu-st-p4d-24xlarge-21",
                   "tasks_per_node": 8, "started": "2022-10-13T03:10:02Z"}])
    rng = s.rng
    jnodes = expand_hostlist("gpu-st-p4d-24xlarge-[23-26]")
    t_end = 5700.0
    pids = {(n_, g): (15640 + g if n_ == "gpu-st-p4d-24xlarge-25" else rng.randint(14800, 16900) + g)
            for n_ in jnodes for g in range(8)}
    pids[("gpu-st-p4d-24xlarge-25", 0)] = 15647

    def startup(t0: float, job: str, bs: int) -> float:
        """SYNTH: T5X startup (absl INFO from process 0; one-liners from other processes)."""
        t = t0
        lines = [("train.py:171", "Process ID: 0"),
                 ("train.py:186", "Using fast RngBitGenerator PRNG for initialization and dropout."),
                 ("utils.py:1032", "Initializing dataset for task 'c4_ul2_span_corruption' with a replica batch size of "
                                   f"{bs} and a seed of 0"),
                 ("dataset_providers.py:1096", "Loading cached dataset from /fsx/data/c4_ul2/c4/en/3.0.1/."),
                 ("dataset_info.py:361", "Load dataset info from /fsx/data/c4_ul2/c4/en/3.0.1"),
                 ("utils.py:1290", f"Converting to fully-replicated global batch of {bs * 32}."),
                 ("train.py:330", "Initialize/restore complete (41.87 seconds)."),
                 ("utils.py:622", "Variable decoder/layers_0/encoder_decoder_attention/key/kernel      size 589824       shape (embed=768, joined_kv=768)        partition spec (None, 'model')"),
                 ("train.py:530", "Compiling train loop."),
                 ("partitioning.py:604", "Using ndarray-based PjitPartitioner with model_parallel_submesh=(1, 1, 1, 1)")]
        for src, msg in lines:
            s.joblog(t, job, absl55(s.at(t), 140098137716544, src, msg))
            t += rng.uniform(0.4, 9.0)
        return t

    # --- attempt 1 (startup SYNTH, failure mostly REAL) ---
    t = startup(6.0, J, 64)
    t_fail1 = 1449.05
    s.joblog(t_fail1 - 0.4, J, absl55(s.at(t_fail1 - 0.4), 140098137716544, "train.py:556", "Compiled train loop in 1338.92 seconds."))
    t1 = _t5x_fail(s, t_fail1, J, jnodes, pids, real=True)
    job_end(s, t1 + 0.5, J, "FAILED", "1:0")
    # --- attempt 2: batch size 1, same nodes, same failure (SYNTH) ---
    t2s = 2971.0
    s.job_state(t2s, J2, "RUNNING", "0:0", nodes="gpu-st-p4d-24xlarge-[23-26]")
    t = startup(t2s + 5.0, J2, 1)
    pids2 = {k: v + rng.randint(600, 900) for k, v in pids.items()}
    t_fail2 = t2s + 1402.3
    s.joblog(t_fail2 - 0.5, J2, absl55(s.at(t_fail2 - 0.5), 140366921119552, "train.py:556", "Compiled train loop in 1297.40 seconds."))
    t2 = _t5x_fail(s, t_fail2, J2, jnodes, pids2, real=False)
    job_end(s, t2 + 0.5, J2, "FAILED", "1:0")
    # --- neighbours (SYNTH) ---
    tn, st = 50.0, 18200
    while tn < t_end:
        st += 50
        s.joblog(tn, N1, "{'loss': %.4f, 'learning_rate': %s, 'epoch': %.2f}" % (rng.uniform(1.62, 1.91), repr(round(1e-5 * (1 - st / 40000), 9)), st / 6100))
        tn += rng.uniform(88, 93)
    tn, b = 90.0, 0
    while tn < t_end:
        b += 100
        s.joblog(tn, N2, f"INFO:clip_eval:imagenet zero-shot: {b}/50000 images, running top1={61.8 + rng.uniform(-0.4, 0.4):.2f}")
        tn += rng.uniform(160, 190)
        if b >= 50000:
            b = 0
    for h, tk, kind in [("gpu-st-p4d-24xlarge-24", 700.0, 0), ("gpu-st-p4d-24xlarge-27", 2300.0, 5),
                        ("gpu-st-p4d-24xlarge-22", 4100.0, 6)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jnodes:
            running = (0 <= t_ < t1 + 1) or (t2s <= t_ < t2 + 1)
            if running:
                # XLA preallocates ~90 % of the 40 GB at client start; compiling, almost no kernels
                return g38(rng.choice([0, 0, 0, 1, 2]), rng.uniform(58, 71), 1410, fb=36404 + rng.randint(0, 120),
                           temp=rng.randint(31, 36))
            return i55(rng, "a100s40_55", clk=210)
        if n_ in ("gpu-st-p4d-24xlarge-27", "gpu-st-p4d-24xlarge-28"):
            return b55(rng, "a100s40_55", load=rng.uniform(0.85, 0.97))
        if n_ == "gpu-st-p4d-24xlarge-21":
            return b55(rng, "a100s40_55", load=rng.uniform(0.35, 0.7))
        return i55(rng, "a100s40_55", clk=210)
    tel55(s, jnodes, 8, 0.0, t_end, 600.0, fn, keys=K55F)
    tel55(s, ["gpu-st-p4d-24xlarge-21", "gpu-st-p4d-24xlarge-27", "gpu-st-p4d-24xlarge-28"], 8, 0.0, t_end, 900.0, fn,
          keys=K55F)
    s.truth = truth({"t": t_fail1, "category": "software"}, no_requeue=[J, J2, N1, N2],
                    no_drain=["gpu-st-p4d-24xlarge-25", "gpu-st-p4d-24xlarge-23", "gpu-st-p4d-24xlarge-24",
                              "gpu-st-p4d-24xlarge-26"])
    return s



# ======================================================================================
# S4  jax-flax-4x8-h100-nccl-async-abort-on-three-hosts-h100-n09-silent-job-hangs  (hang: a Flax/optax LLM trainer on
#     4 x 8 H100 (jax.distributed, one process per node, 8 local devices) under Slurm. Mid-step three of the four
#     processes log XLA's `Aborting communicator ... due to async NCCL error: remote process exited or there was a
#     network error`; h100-n09's process logs nothing. Training then hangs for hours: no step line, no exit, the
#     job stays RUNNING; h100-n09's GPUs stay busy inside the collective while the others go idle. No Xid, no link
#     event, no kernel message anywhere.)
# ======================================================================================
# Source (truth): https://github.com/jax-ml/jax/issues/19307 -- "Jax process hangs instead of failing on NCCL internal
#   error" (2024-01-11): large multi-node JAX training; "during training step I'm getting following error on some
#   workers" (the two pairs below, worker X and worker Y, verbatim) "after which training hangs forever (or least for
#   6h+ ...)". Follow-up fixes: https://github.com/openxla/xla/pull/13109 (terminate on NCCL async error; "NCCL errors
#   cause a hang in the running communicator ... XLA often hangs until Grpc timeout") and
#   https://github.com/openxla/xla/pull/14809 (on by default). The thread names no host; which worker was silent,
#   the node names, the trainer and every other line are SYNTH. Hang category: the job makes no progress, one
#   node's process is the one missing, and there is no hardware evidence.
REAL_S4_WORKER_X = [
    "2024-01-11 05:43:11.726254: E external/xla/xla/service/gpu/nccl_utils.cc:211] Aborting communicator: 0x7f3e427e55b0 due to async NCCL error: remote process exited or there was a network error",
    "2024-01-11 05:43:11.726330: E external/xla/xla/service/gpu/nccl_utils.cc:219] INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:216: NCCL operation async_err failed: remote process exited or there was a network error",
]
REAL_S4_WORKER_Y = [
    "2024-01-11 05:42:58.876471: E external/xla/xla/service/gpu/nccl_utils.cc:211] Aborting communicator: 0x7f45267e31a0 due to async NCCL error: remote process exited or there was a network error",
    "2024-01-11 05:42:58.876681: E external/xla/xla/service/gpu/nccl_utils.cc:219] INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:216: NCCL operation async_err failed: remote process exited or there was a network error",
]


def build_s4() -> Scenario:
    name = "jax-flax-4x8-h100-nccl-async-abort-on-three-hosts-h100-n09-silent-job-hangs"
    J, N1, N2 = "7710452", "7710388", "7710461"
    start = "2024-01-11T04:30:00Z"
    s = Scenario(name, "A Flax/optax decoder-only LM trainer (jax 0.4.23, jax.distributed.initialize from Slurm, one "
                 "process per node driving 8 H100s, orbax checkpoints) on 4 nodes; only process 0 logs metrics, every "
                 "process writes XLA's C++ log lines to the shared Slurm output. Other owners' jobs on other nodes.",
                 start,
                 {"name": "hcluster", "partition": "h100", "nodes": "h100-n[05-12]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS_55},
                 [{"id": J, "name": "lm-3b-jax-pretrain", "user": "qgentry", "nodes": "h100-n[07-10]", "tasks_per_node": 1,
                   "started": "2024-01-10T19:02:11Z", "comment": comment(3, "/lustre/qgentry/ckpt/lm-3b")},
                  {"id": N1, "name": "sd-unet-finetune", "user": "mvolkov", "nodes": "h100-n[05-06]", "tasks_per_node": 8,
                   "started": "2024-01-10T23:40:52Z", "comment": comment(1)},
                  {"id": N2, "name": "whisper-large-v3-ft", "user": "ahassan", "nodes": "h100-n11", "tasks_per_node": 8,
                   "started": "2024-01-11T03:58:19Z"}])
    rng = s.rng
    a, b, c, dn = "h100-n07", "h100-n08", "h100-n09", "h100-n10"
    jnodes = [a, b, c, dn]
    t_y = 4378.876   # 05:42:58.876471 (worker Y, on h100-n07)
    t_x = 4391.726   # 05:43:11.726254 (worker X, on h100-n10)
    t_hang = 4371.2  # the step that never completes starts here
    t_end = 10200.0
    # --- step lines from process 0 every 10 steps (SYNTH) ---
    t, step, loss = 9.0, 48120, 2.4128
    while t < t_hang:
        sec = rng.uniform(1.07, 1.12)
        step += 10
        loss = 0.997 * loss + 0.003 * rng.uniform(2.31, 2.45)
        s.joblog(t, J, jax_step55(s.at(t), 140395418695488, step, loss, sec, 452.0 * 1.095 / sec))
        if step % 1000 == 0:
            s.joblog(t + 0.2, J, absl55(s.at(t + 0.2), 140395418695488, "checkpoint_manager.py:1136",
                                        f"Saving checkpoint for step {step}..."))
            s.joblog(t + 21.7, J, absl55(s.at(t + 21.7), 140395418695488, "async_checkpointer.py:78",
                                         f"Finished saving checkpoint to `/lustre/qgentry/ckpt/lm-3b/{step}`."))
            t += 2.1
        t += 10 * sec
    # --- three workers abort their communicators; h100-n09's process says nothing (REAL lines + one SYNTH pair) ---
    for k, line in enumerate(REAL_S4_WORKER_Y):
        s.joblog(t_y + 0.0002 * k, J, line)  # REAL (verbatim) -- worker Y
    tb_ = 4385.212483
    d = s.at(tb_)
    s.joblog(tb_, J, xla_old(d, "E", "external/xla/xla/service/gpu/nccl_utils.cc:211",
                             "Aborting communicator: 0x7f1c8a7e2f40 due to async NCCL error: remote process exited or there was a network error"))  # SYNTH
    d = s.at(tb_ + 0.00008)
    s.joblog(tb_ + 0.00008, J, xla_old(d, "E", "external/xla/xla/service/gpu/nccl_utils.cc:219",
                                       "INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:216: NCCL operation async_err failed: remote process exited or there was a network error"))  # SYNTH
    for k, line in enumerate(REAL_S4_WORKER_X):
        s.joblog(t_x + 0.0002 * k, J, line)  # REAL (verbatim) -- worker X
    # --- neighbours (SYNTH) ---
    tn, st = 20.0, 21000
    while tn < t_end:
        st += 50
        s.joblog(tn, N1, tqdm_steps(st, 60000, st * 1.31, 1.31, rng.uniform(0.08, 0.14), 1e-5))
        tn += rng.uniform(64, 67)
    tn, st = 35.0, 1200
    while tn < t_end:
        st += 75
        s.joblog(tn, N2, "{'loss': %.4f, 'grad_norm': %s, 'learning_rate': %s, 'epoch': %.2f}" % (
            rng.uniform(0.41, 0.55), repr(round(rng.uniform(1.9, 3.4), 6)), repr(round(1e-5 * (1 - st / 8000), 10)), st / 2240))
        tn += rng.uniform(92, 99)
    for h, tk, kind in [(c, 2100.0, 0), (a, 3000.0, 6), ("h100-n11", 5200.0, 3), (c, 7600.0, 4)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jnodes:
            if t_ < t_hang:
                return b55(rng, "h100sxm_55", load=rng.uniform(0.9, 0.99))
            if n_ == c:
                # its process never saw the error: the GPUs sit in the NCCL kernel, spinning
                return g38(100, rng.uniform(168, 196), 1980, fb=73800 + rng.randint(-200, 200), temp=rng.randint(44, 48))
            return g38(0, rng.uniform(112, 124), 1980, fb=73800 + rng.randint(-200, 200), temp=rng.randint(33, 37))
        if n_ in ("h100-n05", "h100-n06", "h100-n11"):
            return b55(rng, "h100sxm_55", load=rng.uniform(0.82, 0.97))
        return i55(rng, "h100sxm_55", clk=345)
    tel55(s, jnodes, 8, 0.0, t_end, 600.0, fn, keys=K55M)
    tel55(s, ["h100-n05", "h100-n06", "h100-n11", "h100-n12"], 8, 0.0, t_end, 1800.0, fn, keys=K55M)
    s.truth = truth({"t": t_y, "category": "hang", "node": c}, requeue={J: {"exclude": [c]}},
                    no_requeue=[N1, N2], no_drain=[c, a, b, dn])
    return s



# ======================================================================================
# S5  fairseq-w2v2-4x8-p4d-pcluster-st-3-fails-ec2-status-checks-node-fail  (node_failure: fairseq wav2vec 2.0 LARGE
#     pretraining on 4 static p4d.24xlarge nodes of an AWS ParallelCluster 2.10 Slurm cluster (torch 1.7, NCCL over
#     EFA). The instance behind compute-st-p4d24xlarge-3 stops answering: its telemetry and kernel log go silent,
#     training stalls in the all-reduce (no watchdog in torch 1.7), slurmd stops responding, clustermgtd sees the
#     failed EC2 status checks and drains the node ("Node failing ec2_health_check"), slurmctld marks it DOWN and the
#     job ends NODE_FAIL. The node stays DOWN (replacement waits for ResumeTimeout). Another owner's job runs on.)
# ======================================================================================
# Source (truth): https://github.com/aws/aws-parallelcluster/issues/2340 -- "Node w/ failed instance health checks
#   slow replacement" (ParallelCluster 2.10.0, 2020-12-28): a compute node's instance "started failing the instance
#   reachability checks", clustermgtd "saw the node failing health checks and set" it to DRAIN, but replacement was
#   slow because of Slurm's ResumeTimeout; fixed in https://github.com/aws/aws-parallelcluster-node/pull/277
#   ("Replace instances that fails status check during node replacement"). The drain reason string follows
#   clustermgtd's source (`set_nodes_drain(..., reason=f"Node failing {health_check_type}")`, type value
#   `ec2_health_check`) -- SYNTH. The job, fairseq lines, NCCL/EFA setup, states and telemetry are SYNTH.


def build_s5() -> Scenario:
    name = "fairseq-w2v2-4x8-p4d-pcluster-st-3-fails-ec2-status-checks-node-fail"
    J, N1 = "412", "415"
    start = "2020-12-28T09:40:00Z"
    s = Scenario(name, "fairseq 0.10 wav2vec 2.0 LARGE pretraining (LibriLight 60k h, fp16, distributed_world_size 32, "
                 "one srun task per GPU) on 4 static p4d.24xlarge nodes, AWS ParallelCluster 2.10.0 with Slurm 20.02 "
                 "(SlurmdTimeout 180 s), EFA, FSx for Lustre. Another owner's HF Trainer job on a fifth node.",
                 start,
                 {"name": "pcluster-w2v", "partition": "compute", "nodes": "compute-st-p4d24xlarge-[1-6]",
                  "gpus_per_node": 8, "pci_bus_ids": P4DE_BUS},
                 [{"id": J, "name": "w2v2-large-ll60k", "user": "ccassidy", "nodes": "compute-st-p4d24xlarge-[1-4]",
                   "tasks_per_node": 8, "started": "2020-12-28T02:11:45Z",
                   "comment": comment(2, "/fsx/w2v2/checkpoints/large_ll60k")},
                  {"id": N1, "name": "gpt2-xl-finetune", "user": "rkumar", "nodes": "compute-st-p4d24xlarge-5",
                   "tasks_per_node": 8, "started": "2020-12-28T08:55:02Z", "comment": comment(1)}])
    rng = s.rng
    bad = "compute-st-p4d24xlarge-3"
    jnodes = expand_hostlist("compute-st-p4d24xlarge-[1-4]")
    t_f = 3052.6
    t_end = 6900.0
    # --- fairseq train_inner every 100 updates (SYNTH) ---
    t, upd, ep, uie, loss, wall = 31.0, 121300, 44, 622, 2.712, 26150
    nep = 2768
    while t < t_f:
        ups = rng.uniform(1.09, 1.13)
        upd += 100
        uie += 100
        loss = 0.998 * loss + 0.002 * rng.uniform(2.62, 2.78)
        wall += int(100 / ups)
        lr = 0.0005 * (1 - upd / 400000) + 1e-7
        s.joblog(t, J, fairseq_line(s.at(t), "train_inner",
                                    fs_inner(ep, uie, nep, loss, 1.42e6 * ups, ups, upd, lr, rng.uniform(0.31, 0.52),
                                             92.0, wall)))  # SYNTH
        if uie + 100 > nep:
            # end of epoch: fairseq saves checkpoint_last
            te = t + (nep - uie) / ups
            s.joblog(te, J, fairseq_line(s.at(te), "fairseq_cli.train", f"end of epoch {ep} (average epoch stats below)"))
            s.joblog(te + 0.1, J, fairseq_line(s.at(te + 0.1), "fairseq.checkpoint_utils",
                                               f"Preparing to save checkpoint for epoch {ep} @ {upd + nep - uie} updates"))
            s.joblog(te + 31.4, J, fairseq_line(s.at(te + 31.4), "fairseq.checkpoint_utils",
                                                f"Saved checkpoint /fsx/w2v2/checkpoints/large_ll60k/checkpoint_last.pt "
                                                f"(epoch {ep} @ {upd + nep - uie} updates, score None) (writing took 31.32 seconds)"))
            s.joblog(te + 31.5, J, fairseq_line(s.at(te + 31.5), "fairseq.trainer", f"begin training epoch {ep + 1}"))
            t = te + 32.0
            ep += 1
            uie = 0
        t += 100 / ups
    # --- node gone: nothing from it any more; then Slurm / clustermgtd (SYNTH) ---
    s.node_state(t_f + 183.0, bad, "MIXED+NOT_RESPONDING", "")  # SYNTH
    s.node_state(t_f + 214.0, bad, "MIXED+DRAIN+NOT_RESPONDING", "Node failing ec2_health_check")  # SYNTH
    t_nf = t_f + 363.0
    s.node_state(t_nf, bad, "DOWN+DRAIN+NOT_RESPONDING", "Node failing ec2_health_check")  # SYNTH
    node_fail_lines(s, t_nf + 0.4, J, bad, "compute-st-p4d24xlarge-1")
    for k, n_ in enumerate(jnodes):
        if n_ != bad:
            s.joblog(t_nf + 1.1 + 0.05 * k, J, f"srun: error: {n_}: tasks {8 * k}-{8 * k + 7}: Killed")  # SYNTH
    job_end(s, t_nf + 2.0, J, "NODE_FAIL", "0:0")
    for n_ in jnodes:
        if n_ != bad:
            s.node_state(t_nf + 2.4, n_, "IDLE", "")  # SYNTH
    # --- neighbour (SYNTH) ---
    tn, st = 44.0, 2600
    while tn < t_end:
        st += 20
        s.joblog(tn, N1, "{'loss': %.4f, 'learning_rate': %s, 'epoch': %.2f}" % (rng.uniform(2.61, 2.84), repr(round(5e-5 * (1 - st / 12000), 10)), st / 4300))
        tn += rng.uniform(38, 41)
    for h, tk, kind in [("compute-st-p4d24xlarge-2", 1300.0, 0), (bad, 2450.0, 6), ("compute-st-p4d24xlarge-5", 4900.0, 3)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == bad and t_ >= t_f:
            return None
        if n_ in jnodes:
            if t_ < t_f:
                return b55(rng, "a100s40_55", load=rng.uniform(0.86, 0.97))
            if t_ < t_nf:
                # the step never completes: every other rank waits in the all-reduce kernel
                return g38(100, rng.uniform(92, 118), 1410, fb=35800 + rng.randint(-300, 300), temp=rng.randint(40, 46))
            return i55(rng, "a100s40_55", clk=210)
        if n_ == "compute-st-p4d24xlarge-5":
            return b55(rng, "a100s40_55", load=rng.uniform(0.85, 0.97))
        return i55(rng, "a100s40_55", clk=210)
    tel55(s, jnodes, 8, 0.0, t_end, 300.0, fn, keys=K55M)
    tel55(s, ["compute-st-p4d24xlarge-5", "compute-st-p4d24xlarge-6"], 8, 0.0, t_end, 1200.0, fn, keys=K55M)
    s.truth = truth({"t": t_f, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1],
                    no_drain=["compute-st-p4d24xlarge-1", "compute-st-p4d24xlarge-2", "compute-st-p4d24xlarge-4"])
    return s



# ======================================================================================
# S6  torchtitan-4x8-h100-roce-gpu-h100-03-ports-flap-nccl-failover-recovery-fails-stale-gid  (network: torchtitan
#     Llama-3 70B (FSDP2 + TP) on 4 x 8 H100 nodes with a RoCE v2 fabric, NCCL 2.30 with IB port failover and port
#     recovery enabled, NICs merged in pairs. The RoCE port rdma2/mlx5_2 of gpu-h100-03 goes down for a few seconds:
#     NCCL fails the port over to its pair mlx5_3 and starts port recovery, but when the port returns the kernel has
#     re-registered its GIDs ("GID table changed") and the recovery never completes; the job runs on ~9 % slower.
#     25 minutes later mlx5_3 of the same node drops too: two failed devices out of two, NCCL gives up, the job
#     FAILS. The same port flaps again after the job is gone. Peers on other nodes also mark their end of the dead
#     connections as failed.)
# ======================================================================================
# Source (truth): https://github.com/NVIDIA/nccl/pull/2183 -- "Fix RoCE GID cache after port flap during P2P
#   recovery": "After a RoCE port flap, the kernel may re-register GIDs at a different index, leaving NCCL's cached
#   localGidIndex invalid for recovery QPs ... Recovery QPs and data QPs modified back to RTR with the old GID fail
#   to come up correctly, so the alive-message handshake and subsequent failback do not complete." The PR describes
#   the mechanism, not this job: the flapping ports (the node's link fault), the job and every line are SYNTH; NCCL's
#   WARN texts follow its src/transport/net_ib/common.cc and p2p_resiliency.cc, the kernel lines the mlx5 driver.


def build_s6() -> Scenario:
    name = "torchtitan-4x8-h100-roce-gpu-h100-03-ports-flap-nccl-failover-recovery-fails-stale-gid"
    J, N1 = "88213", "88190"
    start = "2026-05-21T06:00:00Z"
    s = Scenario(name, "torchtitan (torch 2.11, FSDP2 + TP=8) Llama-3 70B pretraining on 4 x 8 H100 SXM with a RoCE v2 "
                 "fabric (8 x ConnectX-7 per node, NCCL_IB_MERGE_NICS pairs), NCCL 2.30.3 with "
                 "NCCL_IB_RESILIENCY_PORT_FAILOVER=1 and NCCL_IB_RESILIENCY_PORT_RECOVERY=1, NCCL_DEBUG=WARN; srun starts "
                 "one torchrun per node. Another owner's single-node SFT job on gpu-h100-05.",
                 start,
                 {"name": "roce-h100", "partition": "gpu", "nodes": "gpu-h100-[01-06]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS_55},
                 [{"id": J, "name": "titan-llama3-70b", "user": "dxrawal", "nodes": "gpu-h100-[01-04]", "tasks_per_node": 8,
                   "started": "2026-05-21T03:12:40Z", "comment": comment(3, "/mnt/vast/titan/llama3_70b/checkpoint")},
                  {"id": N1, "name": "qwen3-8b-sft", "user": "pmendes", "nodes": "gpu-h100-05", "tasks_per_node": 8,
                   "started": "2026-05-21T05:31:09Z"}])
    rng = s.rng
    bad = "gpu-h100-03"
    jnodes = expand_hostlist("gpu-h100-[01-04]")
    t_f, t_2, t_end = 2951.3, 4494.7, 7200.0
    nic = {"rdma2": ("mlx5_2", "0000:5b:00.0"), "rdma3": ("mlx5_3", "0000:5c:00.0")}
    pid_of = {(k, g): 52110 + 1000 * k + g for k in range(4) for g in range(8)}
    # --- torchtitan metrics every 10 steps from rank 0 (SYNTH) ---
    t, step, loss = 12.0, 6410, 2.0731
    t_stop = t_2 + 0.6
    while t < t_stop:
        slow = 1.0 if t < t_f + 30 else 1.093
        sec = rng.uniform(6.81, 6.97) * slow
        step += 10
        loss = 0.997 * loss + 0.003 * rng.uniform(1.98, 2.12)
        tps = int(8192 * 2 / sec * rng.uniform(0.995, 1.005))
        if t + 10 * sec > t_stop:
            break
        t += 10 * sec
        s.joblog(t, J, titan_line(0, s.at(t), step, loss, rng.uniform(0.21, 0.33), 61.43, tps, 398.0 / slow))
        if step % 500 == 0:
            s.joblog(t + 0.4, J, f"[rank0]:[titan] {s.at(t + 0.4):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} - root - INFO - "
                                 f"Saving the checkpoint (or staging if async is enabled).")
            s.joblog(t + 3.1, J, f"[rank0]:[titan] {s.at(t + 3.1):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} - root - INFO - "
                                 f"[GC] Performing periodical GC collection 0.12 seconds")
    # --- first flap: mlx5_2 of gpu-h100-03 (kernel SYNTH, mlx5 wording; NCCL SYNTH, NCCL 2.30 wording) ---
    kt(s, t_f, bad, f"mlx5_core {nic['rdma2'][1]} rdma2: Link down")
    kt(s, t_f + 5.84, bad, f"mlx5_core {nic['rdma2'][1]} rdma2: Link up")
    for g in (2, 3):
        pid = pid_of[(2, g)]
        s.joblog(t_f + 0.012 + 0.001 * g, J, nccl55(bad, pid, pid + 231, g, "NCCL WARN NET/IB : mlx5_2:1 Got non-fatal async event: port error(10)"))
    comms = {}
    for (k, g, side) in [(2, 2, "send"), (2, 3, "send"), (2, 2, "recv"), (1, 2, "recv"), (3, 2, "recv"), (1, 3, "send")]:
        host = jnodes[k]
        pid = pid_of[(k, g)]
        cp = f"0x7f{rng.randint(0x100, 0xfff):03x}{rng.randint(0, 0xffffff):06x}0"
        comms[(k, g, side)] = cp
        s.joblog(t_f + rng.uniform(0.9, 2.4), J, nccl55(host, pid, pid + rng.randint(200, 260), g,
                 f"NCCL WARN NET/IB: Device 0 marked as failed. Initiating recovery? Yes ({side} comm={cp}, outstandingRecovery=0)"))
    for g in (2, 3):
        pid = pid_of[(2, g)]
        s.joblog(t_f + 5.91 + 0.001 * g, J, nccl55(bad, pid, pid + 231, g, "NCCL WARN NET/IB : mlx5_2:1 Got non-fatal async event: port active(9)"))
        s.joblog(t_f + 6.37 + 0.001 * g, J, nccl55(bad, pid, pid + 231, g, "NCCL WARN NET/IB : mlx5_2:1 GID table changed"))
    # --- second flap: mlx5_3 of the same node -> both devices of the merged NIC failed -> fatal (SYNTH) ---
    kt(s, t_2, bad, f"mlx5_core {nic['rdma3'][1]} rdma3: Link down")
    kt(s, t_2 + 6.02, bad, f"mlx5_core {nic['rdma3'][1]} rdma3: Link up")
    for g in (2, 3):
        pid = pid_of[(2, g)]
        s.joblog(t_2 + 0.011 + 0.001 * g, J, nccl55(bad, pid, pid + 231, g, "NCCL WARN NET/IB : mlx5_3:1 Got non-fatal async event: port error(10)"))
    fatal = []
    for key in [(2, 2, "send"), (2, 3, "send"), (1, 3, "send")]:
        k, g, side = key
        host = jnodes[k]
        pid = pid_of[(k, g)]
        msg = (f"NET/IB: Fatal error. Detected 2 failed devices out of 2 devices on the {side} communicator "
               f"(comm={comms[key]}). No support for more than a single failed device.")
        tt = t_2 + rng.uniform(0.6, 1.4)
        s.joblog(tt, J, nccl55(host, pid, pid + rng.randint(200, 260), g, "NCCL WARN " + msg))
        fatal.append((tt, k * 8 + g, msg))
    t_err = t_2 + 2.2
    for n, (tt, rank, msg) in enumerate(sorted(fatal)):
        d = s.at(t_err + 0.01 * n)
        s.joblog(t_err + 0.01 * n, J, c10d_e(rank, d, 211, "ProcessGroupNCCL.cpp:2035",
                 f"[PG ID 1 PG GUID 1 Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: "
                 f"remote process exited or there was a network error, NCCL version 2.30.3"))
        for j, line in enumerate(["ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                                  "Last error:", msg]):
            s.joblog(t_err + 0.01 * n + 0.001 * (j + 1), J, f"[rank{rank}]:{line}")
    te = t_err + 8.4
    for k, host in enumerate(jnodes):
        d = s.at(te + 0.3 * k)
        lr = 2 if host == bad else 3
        s.joblog(te + 0.3 * k, J, torch_log_prefix(d, "E", 4011 + k, "torch/distributed/elastic/multiprocessing/api.py:882") +
                 f" failed (exitcode: -6) local_rank: {lr} (pid: {pid_of[(k, lr)]}) of binary: /opt/venv/bin/python3")
    for k, host in enumerate(jnodes):
        s.joblog(te + 3.0 + 0.2 * k, J, f"srun: error: {host}: task {k}: Exited with exit code 1")
    job_end(s, te + 4.8, J, "FAILED", "1:0")
    for host in jnodes:
        s.node_state(te + 5.0, host, "IDLE", "")
    # --- the port flaps again with nothing running (SYNTH) ---
    kt(s, t_2 + 1210.4, bad, f"mlx5_core {nic['rdma2'][1]} rdma2: Link down")
    kt(s, t_2 + 1217.1, bad, f"mlx5_core {nic['rdma2'][1]} rdma2: Link up")
    # --- neighbour (SYNTH) ---
    tn, st = 21.0, 800
    while tn < t_end:
        st += 10
        s.joblog(tn, N1, "{'loss': %.4f, 'grad_norm': %s, 'learning_rate': %s, 'epoch': %.2f}" % (
            rng.uniform(0.88, 1.07), repr(round(rng.uniform(0.6, 1.4), 6)), repr(round(2e-5 * (1 - st / 6000), 10)), st / 1950))
        tn += rng.uniform(41, 44)
    for h, tk, kind in [("gpu-h100-01", 1500.0, 0), (bad, 2200.0, 6), ("gpu-h100-05", 5200.0, 3)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jnodes:
            if t_ < te:
                return b55(rng, "h100sxm_55", load=rng.uniform(0.88, 0.98) / (1.0 if t_ < t_f else 1.06))
            return i55(rng, "h100sxm_55", clk=345)
        if n_ == "gpu-h100-05":
            return b55(rng, "h100sxm_55", load=rng.uniform(0.8, 0.96))
        return i55(rng, "h100sxm_55", clk=345)
    tel55(s, jnodes, 8, 0.0, t_end, 300.0, fn, keys=K55M)
    tel55(s, ["gpu-h100-05", "gpu-h100-06"], 8, 0.0, t_end, 1200.0, fn, keys=K55M)
    s.truth = truth({"t": t_f, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1], no_drain=["gpu-h100-02", "gpu-h100-04", "gpu-h100-01"])
    return s



# ======================================================================================
# S7  wynton-beegfs-bss16-offline-three-gpu-jobs-errno70-communication-error-on-send  (infrastructure: one storage
#     section (bss16) of the cluster's BeeGFS goes offline at 20:15 PST. Within minutes three GPU jobs of three owners
#     on three different nodes fail on files whose chunks live there -- a Lightning ESM fine-tune's DataLoader, a
#     cryoDRGN checkpoint write and an AlphaFold-multimer database read -- each with `OSError: [Errno 70]
#     Communication error on send`; the BeeGFS client on each node logs communication errors with bss16. A fourth
#     job whose files sit on other targets trains on. Nothing is wrong with any GPU node.)
# ======================================================================================
# Source (truth): https://github.com/ucsf-wynton/wynton-website-hpc/blob/master/docs/hpc/status/incidents-2026.md --
#   Wynton HPC incident log, "January 25-27, 2026: Partial BeeGFS storage failure": "One section (bss16) of the
#   BeeGFS file system went offline since 20:15 on 2026-01-25. It was resolved on 2026-01-26 at 08:15. Users
#   experiences errors such as "Communication error on send"." (period 2026-01-25T20:15/2026-01-26T08:45, affected:
#   beegfs, jobs, hosts). The quoted error text is REAL; the jobs, paths, node names and all lines around it are
#   SYNTH (BeeGFS client wording from ThinkParQ/beegfs client_module, Logger.c/FhgfsOpsCommKit.c). Wynton schedules
#   with SGE; the Slurm states here are the format's (SYNTH).
REAL_S7_ERR = "Communication error on send"


def build_s7() -> Scenario:
    name = "wynton-beegfs-bss16-offline-three-gpu-jobs-errno70-communication-error-on-send"
    J1, J2, J3, J4 = "9012771", "9012804", "9012690", "9012818"
    start = "2026-01-26T03:30:00Z"
    pst = dt.timedelta(hours=-8)
    s = Scenario(name, "GPU nodes of a shared academic cluster with a BeeGFS global file system (/wynton/group, "
                 "/wynton/scratch). Four GPU jobs of four owners on four nodes: a Lightning ESM-2 fine-tune, a cryoDRGN "
                 "training, an AlphaFold-multimer run and an nnU-Net v2 training. Node clocks are US/Pacific.",
                 start,
                 {"name": "wynton", "partition": "gpu", "nodes": "msg-iogpu[10-15]", "gpus_per_node": 4,
                  "pci_bus_ids": A40X4_BUS},
                 [{"id": J1, "name": "esm2-650m-ft-stability", "user": "kortemme-lab", "nodes": "msg-iogpu10",
                   "tasks_per_node": 4, "started": "2026-01-25T23:58:21Z", "comment": comment(2, "/wynton/scratch/ptanaka/esm2_ft")},
                  {"id": J2, "name": "cryodrgn-train-vae", "user": "agard-lab", "nodes": "msg-iogpu11", "tasks_per_node": 1,
                   "started": "2026-01-26T01:14:02Z"},
                  {"id": J3, "name": "af2-multimer-pulldown", "user": "krogan-lab", "nodes": "msg-iogpu12", "tasks_per_node": 1,
                   "started": "2026-01-26T02:40:37Z", "comment": comment(1)},
                  {"id": J4, "name": "nnunetv2-Dataset221-3d", "user": "rad-ai", "nodes": "msg-iogpu13", "tasks_per_node": 4,
                   "started": "2026-01-25T21:05:13Z", "comment": comment(1)}])
    rng = s.rng
    t_off = 2700.0          # 20:15 PST
    t_end = 9000.0

    def beegfs(t_, host, comm, pid, ctx, msg):
        kt(s, t_, host, f"beegfs: {comm}({pid}): {ctx}: {msg}", tz=pst)  # SYNTH (BeeGFS client printk layout)
    # --- J1: Lightning ESM-2 fine-tune, bar line per 50 steps (SYNTH) ---
    t, st, ep = 20.0, 3150, 3
    total = 4810
    while t < t_off + 14.0:
        st += 50
        if st >= total:
            st, ep = 50, ep + 1
        s.joblog(t, J1, lt_meter(st, total, st / 2.31, 2.31, desc=f"Epoch {ep}",
                                  postfix=f"v_num=7, train_loss_step={rng.uniform(0.31, 0.42):.3f}"))
        t += 50 / 2.31
    tf1 = t_off + 16.3
    beegfs(tf1 - 0.6, "msg-iogpu10", "pt_data_worker", 2817341, "readfileV2 (communication)",
           "Communication error in RECVDATA stage. Node: bss16 [beegfs-storage:16] (recv result: -104)")
    beegfs(tf1 - 0.5, "msg-iogpu10", "pt_data_worker", 2817341, "Messaging (RPC)",
           "Retrying communication with node: bss16 [beegfs-storage:16]")
    err = f"OSError: [Errno 70] {REAL_S7_ERR}: '/wynton/group/kortemme/ptanaka/esm_shards/stability_shard_0413.parquet'"
    tb = ["Traceback (most recent call last):",
          '  File "/wynton/home/kortemme/ptanaka/esm_ft/train.py", line 142, in <module>',
          "    trainer.fit(model, datamodule=dm)",
          '  File "/wynton/home/kortemme/ptanaka/.venv/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py", line 539, in fit',
          "    call._call_and_handle_interrupt(",
          '  File "/wynton/home/kortemme/ptanaka/.venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1480, in _process_data',
          "    data.reraise()",
          '  File "/wynton/home/kortemme/ptanaka/.venv/lib/python3.11/site-packages/torch/_utils.py", line 733, in reraise',
          "    raise exception",
          "OSError: Caught OSError in DataLoader worker process 3.",
          "Original Traceback (most recent call last):",
          '  File "/wynton/home/kortemme/ptanaka/esm_ft/data.py", line 77, in __getitem__',
          "    table = pq.read_table(self.shards[shard_idx], columns=[\"sequence\", \"ddg\"])",
          err]
    for k, line in enumerate(tb):
        s.joblog(tf1 + 0.001 * k, J1, line)  # SYNTH (the errno text itself is the REAL quote)
    s.joblog(tf1 + 3.2, J1, "srun: error: msg-iogpu10: task 0: Exited with exit code 1")
    for k in (1, 2, 3):
        s.joblog(tf1 + 8.1 + 0.1 * k, J1, f"srun: error: msg-iogpu10: task {k}: Killed")
    job_end(s, tf1 + 9.5, J1, "FAILED", "1:0")
    # --- J2: cryoDRGN, one line per epoch; the checkpoint write after epoch 19 fails (SYNTH) ---
    t, ep = 140.0, 11
    while t < t_off + 80.0:
        d = s.at(t) + pst
        s.joblog(t, J2, f"({d:%Y-%m-%d %H:%M:%S}) # =====> Epoch: {ep} Average gen loss = {0.9127 - 0.0004 * ep:.6}, "
                        f"KLD = {3.214 + 0.01 * ep:.6f}, total loss = {0.9131 - 0.0004 * ep:.6f}; Finished in {dt.timedelta(seconds=int(rng.uniform(318, 333)))}")
        ep += 1
        t += rng.uniform(318, 333)
    tf2 = t_off + 88.4
    beegfs(tf2 - 0.9, "msg-iogpu11", "python", 1190834, "writefile (communication)",
           "Communication error in SENDDATA stage. Node: bss16 [beegfs-storage:16]")
    d = s.at(tf2) + pst
    s.joblog(tf2 - 0.2, J2, f"({d:%Y-%m-%d %H:%M:%S}) Saving weights to /wynton/scratch/agard/cryodrgn/job042/train/weights.{ep - 1}.pkl")
    for k, line in enumerate(["Traceback (most recent call last):",
                              '  File "/wynton/group/agard/sw/miniconda3/envs/cryodrgn/bin/cryodrgn", line 8, in <module>',
                              "    sys.exit(main())",
                              '  File "/wynton/group/agard/sw/miniconda3/envs/cryodrgn/lib/python3.10/site-packages/cryodrgn/commands/train_vae.py", line 1017, in main',
                              "    save_checkpoint(model, optim, epoch, z_mu, z_logvar, out_weights, out_z)",
                              '  File "/wynton/group/agard/sw/miniconda3/envs/cryodrgn/lib/python3.10/site-packages/torch/serialization.py", line 943, in save',
                              "    with _open_zipfile_writer(f) as opened_zipfile:",
                              f"OSError: [Errno 70] {REAL_S7_ERR}"]):
        s.joblog(tf2 + 0.001 * k, J2, line)  # SYNTH
    job_end(s, tf2 + 2.0, J2, "FAILED", "1:0")
    # --- J3: AlphaFold-multimer feature pipeline reads the databases (SYNTH) ---
    t, tgt = 60.0, 31
    while t < t_off + 40.0:
        d = s.at(t) + pst
        s.joblog(t, J3, absl52(d, 140061522728768, "run_alphafold.py:202",
                               f"Total JAX model model_{tgt % 5 + 1}_multimer_v3_pred_0 on bait_prey_{tgt:04d} predict time "
                               f"(includes compilation time, see --benchmark): {rng.uniform(101, 148):.1f}s"))
        tgt += 1
        t += rng.uniform(150, 210)
    tf3 = t_off + 47.937
    beegfs(tf3 - 0.7, "msg-iogpu12", "jackhmmer", 3310922, "readfileV2 (communication)",
           "Communication error in RECVDATA stage. Node: bss16 [beegfs-storage:16] (recv result: -110)")
    d = s.at(tf3) + pst
    s.joblog(tf3 - 0.3, J3, absl52(d, 140061522728768, "jackhmmer.py:133", f"Launching subprocess \"/usr/bin/jackhmmer -o /dev/null "
                                                                          f"-A /tmp/tmpq8v1_x3n/output.sto --noali --F1 0.0005 --F2 5e-05 --F3 5e-07 --incE 0.0001 -E 0.0001 "
                                                                          f"--cpu 8 -N 1 /wynton/scratch/krogan/fasta/bait_prey_{tgt:04d}.fasta /wynton/group/databases/alphafold/uniref90/uniref90.fasta\""))
    for k, line in enumerate(["Traceback (most recent call last):",
                              '  File "/wynton/group/databases/alphafold/alphafold/data/tools/jackhmmer.py", line 156, in _query_chunk',
                              "    'Jackhmmer failed\\nstderr:\\n%s\\n' % stderr.decode('utf-8'))",
                              "RuntimeError: Jackhmmer failed",
                              "stderr:",
                              f"Parse failed (sequence file /wynton/group/databases/alphafold/uniref90/uniref90.fasta):",
                              f"Read error: errno 70 ({REAL_S7_ERR})"]):
        s.joblog(tf3 + 0.4 + 0.001 * k, J3, line)  # SYNTH
    job_end(s, tf3 + 3.0, J3, "FAILED", "1:0")
    # --- J4: nnU-Net v2 trains on (its files are on other targets) (SYNTH) ---
    t, ep = 75.0, 418
    while t < t_end:
        ept = rng.uniform(171.0, 177.5)
        if t + ept > t_end:
            break
        t += ept
        for k, line in enumerate(nnunet_block(s.at(t) + pst, ep, 0.8412 + rng.uniform(-0.01, 0.01), 0.7621 + rng.uniform(-0.01, 0.01),
                                              0.8725 + rng.uniform(-0.005, 0.005), ept)):
            s.joblog(t + 0.01 * k, J4, line)
        ep += 1
    for h, tk, kind in [("msg-iogpu13", 1900.0, 1), ("msg-iogpu13", 1906.0, 2), ("msg-iogpu14", 5100.0, 0),
                        ("msg-iogpu10", 900.0, 4)]:
        kt(s, tk, h, ["perf: interrupt took too long (2611 > 2597), lowering kernel.perf_event_max_sample_rate to 76000",
                      "nfs: server wynton-nfs2 not responding, still trying", "nfs: server wynton-nfs2 OK",
                      "", "EXT4-fs (nvme0n1p1): re-mounted. Opts: errors=remount-ro"][kind], tz=pst)
    ends = {"msg-iogpu10": tf1 + 9.5, "msg-iogpu11": tf2 + 2.0, "msg-iogpu12": tf3 + 3.0}

    def fn(n_, g, t_):
        if n_ in ends:
            ngpu = 4 if n_ == "msg-iogpu10" else 1
            if t_ < ends[n_] and g < ngpu:
                return b55(rng, "a40_55", load=rng.uniform(0.82, 0.97) if n_ != "msg-iogpu12" else rng.uniform(0.2, 0.9))
            return i55(rng, "a40_55")
        if n_ == "msg-iogpu13":
            return b55(rng, "a40_55", load=rng.uniform(0.88, 0.98))
        return i55(rng, "a40_55")
    tel55(s, ["msg-iogpu10", "msg-iogpu11", "msg-iogpu12", "msg-iogpu13"], 4, 0.0, t_end, 300.0, fn, keys=K55)
    tel55(s, ["msg-iogpu14", "msg-iogpu15"], 4, 0.0, t_end, 1800.0, fn, keys=K55M)
    s.truth = truth({"t": tf1 - 0.6, "category": "infrastructure"}, no_requeue=[J1, J2, J3, J4],
                    no_drain=["msg-iogpu10", "msg-iogpu11", "msg-iogpu12"])
    return s



# ======================================================================================
# S8  healthy-maxtext-4x8-h200-restore-one-slow-host-xla-rendezvous-may-be-stuck-then-unstuck  (healthy: MaxText
#     Llama-3.1-70B pretraining on 4 x 8 H200 under Slurm + pyxis, restarted by its owner from step 18000. Host 2
#     reads its checkpoint shards from the parallel file system more slowly; while it is still restoring, the XLA
#     runtimes of the other three processes log `This thread has been waiting for ... for 20 seconds and may be stuck`
#     for the first collective's clique initialisation (E-level, 8 threads each), then `Thread is unstuck! Warning
#     above was a false-positive. Perhaps the timeout is too short.` and training proceeds at the usual step time.
#     The same pair shows up once more when the first evaluation step is compiled. Nothing needs doing.)
# ======================================================================================
# Source (truth): https://github.com/openxla/xla/pull/15317 -- "Add rendezvous timeouts as new XLA flags" (xAI): "We
#   found the need to increase the warn-stuck timeout at @xai-org" -- the stuck warning fires on healthy large jobs
#   whose participants simply arrive late; XLA's rendezvous.cc prints the false-positive notice itself when the
#   rendezvous completes after the warning. No log line is quoted in the PR; all lines are SYNTH in rendezvous.cc's
#   own wording (LOG(ERROR) texts of xla/service/rendezvous.cc), MaxText's metrics print and Slurm's formats.


def build_s8() -> Scenario:
    name = "healthy-maxtext-4x8-h200-restore-one-slow-host-xla-rendezvous-may-be-stuck-then-unstuck"
    J, N1, N2 = "530112", "530097", "530118"
    start = "2025-03-11T14:00:00Z"
    s = Scenario(name, "MaxText (JAX 0.5.2, one process per node, 8 local H200 each, pyxis container) Llama-3.1-70B "
                 "pretraining on 4 nodes, resumed from an orbax checkpoint on the Lustre scratch; XLA C++ logging goes "
                 "to the shared Slurm output. Other owners' jobs on other nodes.",
                 start,
                 {"name": "h200c", "partition": "batch", "nodes": "h200-[01-08]", "gpus_per_node": 8,
                  "pci_bus_ids": HGX_BUS_55},
                 [{"id": J, "name": "maxtext-llama31-70b", "user": "heiner", "nodes": "h200-[01-04]", "tasks_per_node": 1,
                   "started": "2025-03-11T14:02:11Z", "comment": comment(2, "/lustre/heiner/maxtext/llama31-70b/checkpoints")},
                  {"id": N1, "name": "sglang-bench", "user": "yzhou", "nodes": "h200-[05-06]", "tasks_per_node": 8,
                   "started": "2025-03-11T12:48:30Z"},
                  {"id": N2, "name": "dit-xl2-imagenet512", "user": "tbrooks", "nodes": "h200-07", "tasks_per_node": 8,
                   "started": "2025-03-11T09:16:02Z", "comment": comment(1)}])
    rng = s.rng
    jnodes = expand_hostlist("h200-[01-04]")
    t_js = 131.0
    t_end = 4500.0
    s.job_state(t_js, J, "RUNNING", "0:0", nodes="h200-[01-04]")
    tids = {h: rng.randint(180000, 240000) for h in jnodes}
    # --- startup (SYNTH) ---
    t = t_js + 24.0
    for msg in ["Config param base_emb_dim: 8192", "Config param num_decoder_layers: 80",
                "Config param per_device_batch_size: 2.0", "Num_devices: 32, shape (1, 1, 8, 4, 1, 1, 1, 1, 1, 1, 1, 1)",
                "Setting up checkpoint logger...",
                "restoring from this run's directory latest step 18000"]:
        s.joblog(t, J, msg)
        t += rng.uniform(0.4, 3.0)
    # host 2 (h200-03) restores ~80 s later than the others
    t_r0 = t + 61.0
    for k, h in enumerate(jnodes):
        tr = t_r0 + rng.uniform(0.5, 4.0) + (82.0 if h == "h200-03" else 0.0)
        s.joblog(tr, J, absl55(s.at(tr), tids[h], "checkpointer.py:259",
                               f"Finished restoring checkpoint from /lustre/heiner/maxtext/llama31-70b/checkpoints/18000/items.", level="I"))

    def stuck_pair(t0: float, host: str, what: str, late: float, wait: int):
        """SYNTH: rendezvous.cc LOG(ERROR) warnings from the 8 local device threads, then the false-positive notice."""
        tid0 = tids[host]
        for i in range(8):
            d = s.at(t0 + 0.0001 * i)
            s.joblog(t0 + 0.0001 * i, J, absl55(d, tid0 + 61 + i, "rendezvous.cc:108",
                     f"[id={i}] This thread has been waiting for `{what.format(rank=jnodes.index(host) * 8 + i)}` for {wait} "
                     f"seconds and may be stuck. All 8 threads joined the rendezvous, however the leader has not marked "
                     f"the rendezvous as completed. Leader can be deadlocked inside the rendezvous callback.", level="E"))
        for i in range(8):
            tt = t0 + late + 0.0002 * i
            s.joblog(tt, J, absl55(s.at(tt), tid0 + 61 + i, "rendezvous.cc:127",
                     "Thread is unstuck! Warning above was a false-positive. Perhaps the timeout is too short.", level="E"))

    clique = ("[{rank}] [rank={rank}] [run_id=-1846032219] Initialize clique: devices=32:[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,"
              "16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]; local_participants=8; communication_id=0; incarnations=[]")
    t_first = t_r0 + 4.0 + 1.0 + 20.0
    for h in ("h200-01", "h200-02", "h200-04"):
        stuck_pair(t_first + rng.uniform(0, 2.5), h, clique, 61.3 + rng.uniform(0, 1.5), 20)
    # --- training steps (SYNTH, MaxText metrics print, one per step, printed by process 0) ---
    t = t_first + 68.0
    step, loss = 18000, 1.9861
    t_eval = None
    while t < t_end:
        sec = rng.uniform(7.21, 7.39) if step > 18001 else rng.uniform(29.0, 31.0)
        loss = 0.998 * loss + 0.002 * rng.uniform(1.90, 2.06)
        s.joblog(t, J, maxtext_line(step, sec, 395.0 * 7.3 / sec, loss))
        step += 1
        t += sec
        if step == 18300 and t_eval is None:
            t_eval = t
            s.joblog(t + 0.2, J, "Running evaluation at step 18300")
            for h in ("h200-02", "h200-03"):
                stuck_pair(t + 21.0 + rng.uniform(0, 1.0), h,
                           "[{rank}] [rank={rank}] [run_id=1183005721] Initialize clique: devices=32:[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]; local_participants=8; communication_id=1; incarnations=[]",
                           14.2 + rng.uniform(0, 1.0), 20)
            t += 96.0
            s.joblog(t, J, f"eval metrics after step: 18299, loss={loss + 0.041:.3f}, total_weights=8388608")
            t += 1.0
    # --- neighbours (SYNTH) ---
    tn = 30.0
    while tn < t_end:
        s.joblog(tn, N1, f"[{s.at(tn):%Y-%m-%d %H:%M:%S} TP0] Decode batch. #running-req: {rng.randint(200, 256)}, #token: "
                         f"{rng.randint(310000, 420000)}, token usage: {rng.uniform(0.61, 0.83):.2f}, gen throughput (token/s): "
                         f"{rng.uniform(6100, 7400):.2f}, #queue-req: {rng.randint(0, 40)}")
        tn += rng.uniform(58, 62)
    tn, st = 44.0, 251000
    while tn < t_end:
        st += 100
        s.joblog(tn, N2, f"[{s.at(tn):%Y-%m-%d %H:%M:%S}] (step={st:07d}) Train Loss: {rng.uniform(0.1391, 0.1452):.4f}, "
                         f"Train Steps/Sec: {rng.uniform(1.71, 1.76):.2f}")
        tn += rng.uniform(56, 58)
    for h, tk, kind in [("h200-03", 400.0, 1), ("h200-03", 407.0, 2), ("h200-06", 3000.0, 0), ("h200-01", 4100.0, 5)]:
        noise50(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jnodes:
            if t_ < t_first + 60:
                return g38(0, rng.uniform(118, 131), 1980, fb=rng.randint(900, 126000) if t_ > t_js else 0,
                           temp=rng.randint(31, 36))
            return b55(rng, "h200_55", load=rng.uniform(0.88, 0.98))
        if n_ in ("h200-05", "h200-06", "h200-07"):
            return b55(rng, "h200_55", load=rng.uniform(0.7, 0.97))
        return i55(rng, "h200_55", clk=345)
    tel55(s, jnodes, 8, 0.0, t_end, 450.0, fn, keys=K55M)
    tel55(s, ["h200-05", "h200-06", "h200-07", "h200-08"], 8, 0.0, t_end, 1800.0, fn, keys=K55M)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=["h200-03", "h200-01", "h200-02", "h200-04"])
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
