#!/usr/bin/env python3
"""Build the holdout59 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout46):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout59: generic helpers and the holdout14..holdout58 helper sections are copied unchanged from holdout58's build.py;
the holdout58 scenarios are replaced by the holdout59 helpers and scenarios S1..S8 below.
Earlier note (holdout58): generic helpers and the holdout14..holdout56 helper sections came unchanged from holdout56.
Earlier note (holdout56): generic helpers and the holdout14..holdout54 helper sections came unchanged from holdout54.
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
# holdout56 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "h100sxm_56": (64, 5, 640.0, 40.0, 1980, 61500, 3500),     # H100 SXM5 80 GB, 700 W (HGX, Supermicro)
    "a6000_56": (74, 4, 262.0, 20.0, 1800, 38500, 1500),       # RTX A6000 48 GB, 300 W, blower
    "v100sxm32_56": (54, 5, 255.0, 25.0, 1530, 27800, 1200),   # V100-SXM2-32GB, 300 W
    "gtxtitan_56": (79, 3, 190.0, 15.0, 876, 5200, 300),       # GeForce GTX TITAN (GK110) 6 GB, 250 W
    "rtx5090_56": (61, 5, 470.0, 40.0, 2407, 9800, 1500),      # GeForce RTX 5090 32 GB, 575 W
    "a100sxm80_56": (58, 6, 350.0, 40.0, 1410, 69000, 3500),   # A100-SXM4-80GB, 400 W
})

K56 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K56T = K56 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)
K56L = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K56E = K56L + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_RETIRED_PENDING")
K56X = K56 + ("DCGM_FI_DEV_XID_ERRORS",)
K56E4 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
         "DCGM_FI_DEV_RETIRED_PENDING")

SMC_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
           "0000:db:00"]   # SYNTH: Supermicro SYS-821GE (HGX H100) GPU order
JZV_BUS = ["0000:1a:00", "0000:1c:00", "0000:88:00", "0000:8a:00"]   # SYNTH: 4 x V100-SXM2 (HPE SGI 8600 blade)
HAL_BUS = ["0000:02:00", "0000:03:00", "0000:83:00", "0000:84:00"]   # SYNTH: 4 x GTX TITAN behind two PLX switches
R50_BUS = ["0000:01:00", "0000:21:00", "0000:41:00", "0000:61:00"]   # SYNTH: 4 x RTX 5090 workstation-class node
A6K_BUS = ["0000:17:00", "0000:ca:00"]                               # SYNTH: 2 x RTX A6000
DGX_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
           "0000:bd:00"]   # SYNTH: DGX A100 GPU order


def b56(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i56(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel56(s, nodes, gpus, t0, t1, every, fn, keys=K56) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise56(s: "Scenario", host: str, t: float, kind: int, skew: float = 0.0) -> None:
    """SYNTH: ordinary kernel noise on a node (dmesg -T)."""
    msgs = ["perf: interrupt took too long (2507 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
            "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
            "hrtimer: interrupt took 38212 ns",
            "systemd-journald[1021]: Under memory pressure, flushing caches.",
            "TCP: request_sock_TCP: Possible SYN flooding on port 8000. Sending cookies.  Check SNMP counters.",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "NFSD: Using nfsdcld client tracking operations."]
    kt(s, t, host, msgs[kind % len(msgs)], skew=skew)


def titan56(d: dt.datetime, step: int, loss: float, mem: float, wps: int, mfu: float) -> str:
    """SYNTH: torchtitan (Oct 2024) metrics line, colours off, torchrun `--tee 3` prefix on rank 0."""
    return (f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - step: {step:2d}  "
            f"loss: {loss:7.4f}  memory: {mem:5.2f}GiB({mem / 79.11 * 100:.2f}%)  wps: {wps:,}  mfu: {mfu:.2f}%")


def titan_info(d: dt.datetime, msg: str) -> str:
    return f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - {msg}"


def verl_metrics(step: int, m: dict) -> str:
    """SYNTH: verl's console logger (`concat_dict_to_str`): `step:N - key:val:.3f - ...`."""
    return " - ".join([f"step:{step}"] + [f"{k}:{v:.3f}" for k, v in m.items()])


def sg3_metric_json(metric: str, value: float, total: float, ngpu: int, pkl: str, ts: float) -> str:
    """SYNTH: stylegan3 metric_main.report_metric JSON line."""
    return json.dumps({"results": {metric: value}, "metric": metric, "total_time": total,
                       "total_time_str": sg_format_time(total), "num_gpus": ngpu, "snapshot_pkl": pkl,
                       "timestamp": ts})


def sg3_tick(tick, kimg, total, sec_tick, sec_kimg, maint, cpu, gpu, res, aug) -> str:
    """SYNTH: stylegan3 training_loop tick line (has `reserved`, unlike stylegan2-ada-pytorch)."""
    return " ".join([f"tick {tick:<5d}", f"kimg {kimg:<8.1f}", f"time {sg_format_time(total):<12s}",
                     f"sec/tick {sec_tick:<7.1f}", f"sec/kimg {sec_kimg:<7.2f}", f"maintenance {maint:<6.1f}",
                     f"cpumem {cpu:<6.2f}", f"gpumem {gpu:<6.2f}", f"reserved {res:<6.2f}", f"augment {aug:.3f}"])


def uvicorn_access(ip: str, port: int, path: str = "/retrieve") -> str:
    return f'INFO:     {ip}:{port} - "POST {path} HTTP/1.1" 200 OK'


def caffe56(d: dt.datetime, pid: int, src: str, msg: str) -> str:
    """SYNTH: glog line as Caffe (2014) writes it."""
    return f"I{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:5d} {src}] {msg}"


def xid31_56(bus: str, pid: int, va: str) -> str:
    """SYNTH: r610-era NVRM Xid 31 line (layout of the thread's report, one line, real pid)."""
    return (f"NVRM: Xid (PCI:{bus}): 31, pid={pid}, name=python3, channel 0x00000002, intr 00000000. MMU Fault: "
            f"ENGINE GRAPHICS GPC0 GPCCLIENT_T1_0 faulted @ {va}. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")


def nanogpt_line(step: int, total: int, train_ms: float, avg: float) -> str:
    """SYNTH: modded-nanogpt style progress line."""
    return f"step:{step}/{total} train_time:{int(train_ms)}ms step_avg:{avg:.2f}ms"



# ======================================================================================
# holdout58 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a40_58": (62, 5, 280.0, 20.0, 1740, 21500, 900),        # A40 48 GB, 300 W
    "a100sxm40_58": (57, 5, 330.0, 35.0, 1410, 33500, 1500), # A100-SXM4-40GB (Perlmutter), 400 W
    "a100sxm80_58": (59, 6, 355.0, 40.0, 1410, 66000, 3500), # A100-SXM4-80GB, 400 W
    "h100sxm_58": (63, 5, 650.0, 40.0, 1980, 70500, 3000),   # H100 SXM5 80 GB, 700 W
    "rtx4090_58": (64, 5, 380.0, 30.0, 2520, 19800, 1200),   # GeForce RTX 4090 24 GB, 450 W
    "rtx3090_58": (66, 5, 320.0, 25.0, 1860, 17800, 1500),   # GeForce RTX 3090 24 GB, 350 W
})

K58 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K58E = K58 + ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")
K58P = K58 + ("DCGM_FI_DEV_PCIE_LINK_GEN", "DCGM_FI_DEV_PCIE_LINK_WIDTH")


def b58(rng, prof, load=0.95, clock=None, extra=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i58(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def pylog58(d: dt.datetime, name: str, level: str, msg: str) -> str:
    """SYNTH: Python logging `%(asctime)s - %(name)s - %(levelname)s - %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {name} - {level} - {msg}"


def oclip58(d: dt.datetime, ep: int, n: int, total: int, data_t: float, batch_t: float, gbs: int, ngpu: int,
            lr: float, scale: float, loss_v: float, loss_a: float) -> str:
    """SYNTH: open_clip train_one_epoch log line (format from src/training/train.py; logging
    format `%(asctime)s | %(levelname)s | %(message)s`, datefmt `%Y-%m-%d,%H:%M:%S`)."""
    digits = len(str(total))
    sps = gbs / batch_t
    return (f"{d:%Y-%m-%d,%H:%M:%S} | INFO | Train Epoch: {ep} [{n:>{digits}}/{total} ({100.0 * n / total:.0f}%)] "
            f"Data (t): {data_t:.3f} Batch (t): {batch_t:.3f}, {sps:#g}/s, {sps / ngpu:#g}/s/gpu LR: {lr:5f} "
            f"Logit Scale: {scale:.3f} Contrastive_loss: {loss_v:#.5g} ({loss_a:#.5g})")


def mds58(it: int, total: int, consumed: int, tokens: int, ms: float, lr: float, gbs: int, loss: float, scale: float,
          gn: float, cseq: int, sps: float, tflops: float) -> str:
    """SYNTH: Megatron-DeepSpeed training_log line with legacy curriculum learning on."""
    return (f" iteration {it:8d}/{total:8d} | consumed samples: {consumed:12d} | consumed tokens: {tokens:12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.3E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | loss scale: {scale:.1f} | grad norm: {gn:.3f} | curriculum seqlen: {cseq:5d} | "
            f"actual seqlen: {cseq:5d} | number of skipped iterations:   0 | number of nan iterations:   0 | "
            f"samples per second: {sps:.3f} | TFLOPs: {tflops:.2f} |")


def yolo_row(ep: int, eps: int, mem: float, box: float, cls: float, dfl: float, inst: int, n: int) -> str:
    """SYNTH: ultralytics epoch progress row (final tqdm state of one epoch)."""
    return (f"{f'{ep}/{eps}':>11}{f'{mem:.3g}G':>11}{box:>11.4g}{cls:>11.4g}{dfl:>11.4g}{inst:>11}{640:>11}: "
            f"100%|██████████| {n}/{n} [05:41<00:00,  1.68it/s]")


def icefall58(d: dt.datetime, ep: int, b: int, loss: float, tot: float, bs: int, lr: float, scale: float) -> str:
    """SYNTH: icefall zipformer train.py progress line."""
    return (f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO [train.py:1190] (0/4) Epoch {ep}, batch {b}, "
            f"loss[loss={loss:.4g}, simple_loss={loss * 1.9:.4g}, pruned_loss={loss * 0.42:.4g}, over 3412.00 frames. ], "
            f"tot_loss[loss={tot:.4g}, simple_loss={tot * 1.9:.4g}, pruned_loss={tot * 0.42:.4g}, over 684211.53 "
            f"frames. ], batch size: {bs}, lr: {lr:.2e}, grad_scale: {scale:.1f}")


def nano58(it: int, loss: float, ms: float, mfu: float) -> str:
    """SYNTH: nanoGPT train.py progress line."""
    return f"iter {it}: loss {loss:.4f}, time {ms:.2f}ms, mfu {mfu:.2f}%"


def fms58(step: int, loss: float, lr: float, seen: int, gn: float, cur: float, ovr: float, tpg: float,
          otpg: float) -> list:
    """SYNTH: fms-fsdp style report block (one `print` per metric, rank 0)."""
    return [f"step: {step}", f"loss: {loss}", f"LR: {lr}", f"tokens seen: {seen}", f"gradient norm: {gn}",
            f"reserved memory: 71.873046875", f"allocated memory: 52.0843505859375",
            f"current step time: {cur}", f"overall step time: {ovr}",
            f"current token per gpu per sec: {tpg}", f"overall token per gpu per sec: {otpg}",
            f"overall token per day: {int(otpg * 32 * 86400)}"]


def matcha_bar(ep: int, b: int, nb: int, el: float, rate: float, vn: int, dur: float, prior: float, diff: float,
               step: int) -> str:
    """SYNTH: Lightning TQDMProgressBar state for a Matcha-TTS training epoch, as flushed to the Slurm log."""
    pct = int(100 * b / nb)
    left = (nb - b) / rate
    return (f"Epoch {ep}:  {pct:2d}%|{'█' * (pct // 10):<10s}| {b}/{nb} [{hms(el)}<{hms(left)}, {rate:.2f}it/s, "
            f"v_num={vn}, loss/train/sub_loss/train_dur_loss_step={dur:.3f}, "
            f"loss/train/sub_loss/train_prior_loss_step={prior:.3f}, "
            f"loss/train/sub_loss/train_diff_loss_step={diff:.3f}, step={float(step):.1f}]")


def kineto_stage(d: dt.datetime, pid: int, line: int, stage: str) -> str:
    """SYNTH: libkineto stage line as torch 2.0 prints it to stderr."""
    return f"STAGE:{d:%Y-%m-%d %H:%M:%S} {pid}:{pid} ActivityProfilerController.cpp:{line}] Completed Stage: {stage}"


# ======================================================================================
# holdout59 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "h100_59": (62, 5, 655.0, 40.0, 1980, 72500, 3000),      # H100 SXM5 80 GB, 700 W
    "a100_59": (58, 6, 350.0, 40.0, 1410, 68000, 3500),      # A100-SXM4-80GB, 400 W
    "l40s_59": (61, 5, 300.0, 25.0, 2490, 39000, 2000),      # L40S 48 GB, 350 W
})

K59 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K59S = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
K59T = K59 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)
K59E = K59S + ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")
GV_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
          "0000:bd:00"]   # SYNTH: DGX A100 GPU order


def b59(rng, prof, load=0.95, clock=None, extra=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i59(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def spin59(rng, prof, power) -> dict:
    """SYNTH: GPU whose NCCL kernel spins waiting for a peer: util 100 %, low power, full clock, memory held."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    return g38(100, power + rng.uniform(-8, 8), clk, fb=fbb + rng.randint(-fbs // 4, fbs // 4),
               temp=tb - 16 + rng.randint(-2, 2))


def held59(rng, prof) -> dict:
    """SYNTH: GPU with its memory held by a blocked process, no kernels running."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    return g38(0, rng.uniform(62, 80), clk, fb=fbb + rng.randint(-fbs // 4, fbs // 4), temp=tb - 22 + rng.randint(-2, 2))


def tel59(s, nodes, gpus, t0, t1, every, fn, keys=K59) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise59(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel noise on a node (dmesg -T)."""
    msgs = ["perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
            "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
            "hrtimer: interrupt took 41873 ns",
            "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "systemd-journald[1187]: Under memory pressure, flushing caches.",
            "nvidia-nvswitch3: open (major=509)",
            "audit: type=1400 audit(0.0:311): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.lxc\" name=\"/proc/1/mountinfo\""]
    kt(s, t, host, msgs[kind % len(msgs)])


def c10d59(rank: int, d: dt.datetime, line: int, msg: str, level: str = "E", ns: int = 0) -> str:
    """SYNTH: torch >= 2.2 c10d log line with the `[rankN]:` prefix torchrun adds."""
    return f"[rank{rank}]:[{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d}{ns:03d} ProcessGroupNCCL.cpp:{line}] {msg}"


def jrn59(s: "Scenario", t: float, host: str, ident: str, msg: str) -> None:
    """SYNTH: journald short-format line from a node daemon (kept with the node's kernel log)."""
    d = s.at(t)
    s.kernel(t, host, f"{d:%b %d %H:%M:%S} {host} {ident}: {msg}")


def hf59(m: dict) -> str:
    """SYNTH: HF Trainer on-log dict line."""
    return "{" + ", ".join(f"'{k}': {v!r}" for k, v in m.items()) + "}"


def unicore59(d: dt.datetime, ep: int, msg: str) -> str:
    """SYNTH: Uni-Core (fairseq-derived) progress-bar line."""
    return f"{d:%Y-%m-%d %H:%M:%S} | INFO | unicore.logging.progress_bar | epoch {ep:03d}: {msg}"


# ======================================================================================
# S1  llama70b-sft-4x8-h100-ga32-3min-steps-hx-05-ranks-stop-watchdog-30min-later  (hang: a 70B full fine-tune
#     with gradient accumulation 32 logs one line per optimizer step, ~3.5 min apart. At 65 min hx-05's eight
#     ranks stop launching work: its GPUs go idle with memory held while the other 24 GPUs spin in the
#     reduce-scatter at low power. No Xid, no link event, nothing in the log for 30 min; then the 30-min
#     watchdog fires on the other nodes' ranks -- hx-05's ranks are not among them -- and the step is torn down.)
# ======================================================================================
# Source (truth): https://nvidia.github.io/OSMO/main/user_guide/troubleshooting/nccl.html -- NCCL watchdog
#   timeout (default 30 min) in multi-node training; symptoms "Training jobs hanging before the timeout triggers"
#   and "Inconsistent progress across different GPUs or nodes". With ~3.5-min steps the hang is visible in
#   telemetry (one node idle, the rest spinning) long before the watchdog. No line of the page is used: all text
#   below is SYNTH (torch 2.3 c10d layout).


def build_s1() -> Scenario:
    name = "llama70b-sft-4x8-h100-ga32-3min-steps-hx-05-ranks-stop-watchdog-30min-later"
    J, N1, N2 = "8120331", "8120114", "8120402"
    bad = "hx-05"
    s = Scenario(name, "Llama-70B full fine-tune (custom FSDP loop, grad accumulation 32, one line per optimizer "
                 "step) on 4 x 8 H100; two other owners' jobs on other nodes.",
                 "2024-06-14T01:00:00Z",
                 {"name": "hx", "partition": "h100", "nodes": "hx-[01-12]", "gpus_per_node": 8},
                 [{"id": J, "name": "llama70b-sft-ga32", "user": "mtanaka", "nodes": "hx-[03-06]",
                   "tasks_per_node": 8, "started": "2024-06-13T22:41:07Z",
                   "comment": comment(2, "/lustre/mtanaka/l70b-sft/ckpt")},
                  {"id": N1, "name": "mistral-7b-dpo", "user": "rpereira", "nodes": "hx-[01-02]",
                   "tasks_per_node": 8, "started": "2024-06-13T23:55:12Z", "comment": comment(1)},
                  {"id": N2, "name": "sd3-lora-sweep", "user": "yliu", "nodes": "hx-[09-10]", "tasks_per_node": 8,
                   "started": "2024-06-14T00:32:40Z"}])
    rng = s.rng
    T_END = 9000.0
    t_hang = 3905.0
    jn = expand_hostlist("hx-[03-06]")
    # --- the job: one line per optimizer step (SYNTH) ---
    t, step, loss = 95.0, 611, 1.182
    while t < t_hang:
        sec = 208.0 * rng.uniform(0.985, 1.02)
        loss = max(0.9, loss - rng.uniform(-0.004, 0.007))
        s.joblog(t, J, f"[2024-06-14 {s.at(t):%H:%M:%S}] step {step:5d}/4000 | loss {loss:.4f} | grad_norm "
                       f"{rng.uniform(0.6, 1.1):.3f} | lr 9.71e-06 | tokens/s/gpu {32 * 4096 * 4 / sec / 32 * 8:.0f} | "
                       f"step_time {sec:.1f}s")  # SYNTH
        if step % 10 == 0:
            s.joblog(t + 0.4, J, f"[2024-06-14 {s.at(t + 0.4):%H:%M:%S}] eval skipped (eval_every=200)")  # SYNTH
        step += 1
        t += sec
    # hang: hx-05 (ranks 16-23) stops; watchdog 30 min after the collective was enqueued
    t_wd = t_hang + 1800.0 + rng.uniform(0.3, 0.9)
    seq = 48213
    ranks = [r for r in range(32) if not 16 <= r <= 23]
    for k, r in enumerate(ranks[:6] + ranks[-4:]):
        d = s.at(t_wd + 0.02 * k)
        s.joblog(t_wd + 0.02 * k, J, c10d59(r, d, 565, f"[Rank {r}] Watchdog caught collective operation timeout: "
                                     f"WorkNCCL(SeqNum={seq}, OpType=_REDUCE_SCATTER_BASE, NumelIn=1115684864, "
                                     f"NumelOut=34865152, Timeout(ms)=1800000) ran for {1800000 + 40 * k + 12} "
                                     f"milliseconds before timing out.", ns=rng.randint(100, 999)))  # SYNTH
    t2 = t_wd + 0.3
    for k, r in enumerate(ranks[:3]):
        d = s.at(t2 + 0.01 * k)
        s.joblog(t2 + 0.01 * k, J, c10d59(r, d, 1537, f"[PG 0 Rank {r}] Timeout at NCCL work: {seq}, last enqueued "
                                        f"NCCL work: {seq}, last completed NCCL work: {seq - 1}."))  # SYNTH
        s.joblog(t2 + 0.01 * k + 0.001, J, c10d59(r, d, 577, f"[Rank {r}] Some NCCL operations have failed or timed "
                                          "out. Due to the asynchronous nature of CUDA kernels, subsequent GPU "
                                          "operations might run on corrupted/incomplete data."))  # SYNTH
        s.joblog(t2 + 0.01 * k + 0.002, J, c10d59(r, d, 583, f"[Rank {r}] To avoid data inconsistency, we are "
                                          "taking the entire process down."))  # SYNTH
    s.joblog(t_wd + 3.1, J, "srun: error: hx-03: tasks 0-7: Aborted (core dumped)")  # SYNTH
    s.joblog(t_wd + 3.4, J, "srun: error: hx-04: tasks 8-15: Aborted (core dumped)")  # SYNTH
    s.joblog(t_wd + 3.6, J, "srun: error: hx-06: tasks 24-31: Aborted (core dumped)")  # SYNTH
    t3 = srun_abort_lines(s, t_wd + 3.8, J, "hx-03")
    s.joblog(t3 + 31.5, J, f"srun: error: {bad}: tasks 16-23: Killed")  # SYNTH
    t_fail = t3 + 33.0
    s.job_state(t_fail, J, "FAILED", "134:0")  # SYNTH
    # --- neighbours (SYNTH) ---
    tn, e = 40.0, 0.41
    while tn < T_END:
        e += 0.0017
        s.joblog(tn, N1, hf_log(rng.uniform(0.42, 0.55), rng.uniform(3.0, 6.5), 4.2e-7, e))
        tn += rng.uniform(96, 104)
    tn, st = 22.0, 1200
    while tn < T_END:
        st += 50
        s.joblog(tn, N2, f"Steps: {st:5d} | loss: {rng.uniform(0.08, 0.16):.4f} | lr: 1.00e-04 | "
                         f"{rng.uniform(1.48, 1.55):.2f} it/s")
        tn += 50 / 1.51
    for h, tk, kind in [("hx-07", 700.0, 0), (bad, 2100.0, 1), ("hx-11", 4400.0, 2), (bad, 6100.0, 5),
                        ("hx-04", 7300.0, 3)]:
        noise59(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jn:
            if t_ < t_hang:
                return b59(rng, "h100_59", load=rng.uniform(0.86, 0.97))
            if t_ < t_fail:
                return held59(rng, "h100_59") if n_ == bad else spin59(rng, "h100_59", 128.0)
            return i59(rng, "h100_59")
        if n_ in ("hx-01", "hx-02", "hx-09", "hx-10"):
            return b59(rng, "h100_59", load=rng.uniform(0.85, 0.97))
        return i59(rng, "h100_59")
    tel59(s, jn, 8, 0.0, T_END, 420.0, fn, keys=K59S)
    tel59(s, [n for n in expand_hostlist("hx-[01-12]") if n not in jn], 8, 0.0, T_END, 3600.0, fn, keys=K59S)
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=[bad, "hx-03", "hx-04", "hx-06"])
    return s


# ======================================================================================
# S2  videomae-2x8-a100-gv-04-gpu5-pcie-fatal-xid79-peers-print-5min-telemetry-10min  (gpu_hardware: a VideoMAE
#     fine-tune with no_sync gradient accumulation over 8 micro-batches (~40 s each). GPU 5 of gv-04 takes a fatal
#     PCIe error and falls off the bus; rank 5 is stuck in the driver, but ranks 0 and 8 keep printing micro-batch
#     lines for ~5 min until the optimizer step's all-reduce; the 30-min watchdog fires much later. The cluster
#     scrapes DCGM every 10 min, so the telemetry shows the lost GPU only as missing samples.)
# ======================================================================================
# Source (message formats and meaning): https://docs.kernel.org/PCI/pcieaer-howto.html -- uncorrectable fatal
#   errors make the link unreliable and need a reset of the device/link. Xid 79 ("GPU has fallen off the bus") is
#   in FORMAT's hardware bucket. No line is copied: the AER lines follow the kernel's aer.c layout (5.15), the
#   NVRM lines the driver's Xid layout; all SYNTH.


def build_s2() -> Scenario:
    name = "videomae-2x8-a100-gv-04-gpu5-pcie-fatal-xid79-peers-print-5min-telemetry-10min"
    J, N1, N2 = "2290417", "2290388", "2290455"
    bad = "gv-04"
    s = Scenario(name, "VideoMAE ViT-L fine-tune (16 ranks, grad accumulation 8 with no_sync, ranks 0 and 8 print "
                 "every micro-batch) on 2 x 8 A100 (DGX A100); DCGM scraped every 10 min; two other owners' jobs.",
                 "2023-11-21T13:00:00Z",
                 {"name": "gv", "partition": "dgx", "nodes": "gv-[01-10]", "gpus_per_node": 8,
                  "pci_bus_ids": GV_BUS},
                 [{"id": J, "name": "videomae-l-k400-ft", "user": "aokafor", "nodes": "gv-[04-05]",
                   "tasks_per_node": 8, "started": "2023-11-21T11:48:20Z",
                   "comment": comment(2, "/data/aokafor/videomae/ckpt")},
                  {"id": N1, "name": "whisper-l-ft-sw", "user": "jmwangi", "nodes": "gv-[01-02]",
                   "tasks_per_node": 8, "started": "2023-11-21T09:10:03Z", "comment": comment(1)},
                  {"id": N2, "name": "mae-pretrain-in1k", "user": "hkoh", "nodes": "gv-08", "tasks_per_node": 8,
                   "started": "2023-11-21T12:31:55Z"}])
    rng = s.rng
    T_END = 7200.0
    t_fault = 2713.4
    L = lambda r: label(r, 2)  # noqa: E731
    t, it, ep = 30.0, 1400, 3
    last_t = {0: 0.0, 8: 0.0}
    while True:
        for m in range(1, 9):
            sec = 39.5 * rng.uniform(0.97, 1.03)
            for r in (0, 8):
                tt = t + rng.uniform(0.05, 0.9)
                s.joblog(tt, J, f"{L(r)}[ep {ep} it {it}/2410] micro {m}/8 loss {rng.uniform(0.61, 0.74):.4f} "
                                f"({sec:.1f}s)")  # SYNTH
                last_t[r] = tt
            t += sec
            if t > t_fault + 330:
                break
        if t > t_fault + 330:
            break
        t += 2.1  # all-reduce + optimizer step
        s.joblog(t, J, f"{L(0)}[ep {ep} it {it}/2410] optimizer step done, lr 3.12e-05, grad_norm "
                       f"{rng.uniform(1.5, 3.1):.2f}")  # SYNTH
        it += 1
    b = GV_BUS[5]
    kt(s, t_fault, bad, f"pcieport 0000:8e:00.0: AER: Uncorrected (Fatal) error received: {b}.0")  # SYNTH
    kt(s, t_fault + 0.001, bad, f"nvidia {b}.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)")  # SYNTH
    kt(s, t_fault + 0.002, bad, f"nvidia {b}.0:   device [10de:20b2] error status/mask=00000020/00000000")  # SYNTH
    kt(s, t_fault + 0.003, bad, f"nvidia {b}.0:    [ 5] SDES                   (First)")  # SYNTH
    kt(s, t_fault + 0.41, bad, f"NVRM: GPU at PCI:{b}: GPU-5e1a07c4-9d3b-2f61-a8e0-4c7b19d2e6f3")  # SYNTH
    kt(s, t_fault + 0.42, bad, f"NVRM: Xid (PCI:{b}): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")  # SYNTH
    kt(s, t_fault + 0.43, bad, f"NVRM: GPU {b}.0: GPU has fallen off the bus.")  # SYNTH
    kt(s, t_fault + 0.44, bad, "NVRM: A GPU crash dump has been created. If possible, please run")  # SYNTH
    kt(s, t_fault + 0.45, bad, "NVRM: nvidia-bug-report.sh as root to collect this data before")  # SYNTH
    kt(s, t_fault + 0.46, bad, "NVRM: the NVIDIA kernel module is unloaded.")  # SYNTH
    kt(s, t_fault + 245.0, bad, "INFO: task python:1844217 blocked for more than 241 seconds.")  # SYNTH
    kt(s, t_fault + 245.01, bad, "      Not tainted 5.15.0-88-generic #98-Ubuntu")  # SYNTH
    kt(s, t_fault + 245.02, bad, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")  # SYNTH
    # watchdog on every rank but 5 (rank 5 is stuck in the driver)
    t_block = max(last_t.values()) + 1.0
    t_wd = t_block + 1800.0 + 0.6
    for k, r in enumerate([0, 1, 2, 8, 9, 12, 15]):
        d = s.at(t_wd + 0.03 * k)
        s.joblog(t_wd + 0.03 * k, J, f"{L(r)}[E ProcessGroupNCCL.cpp:475] [Rank {r}] Watchdog caught collective "
                                     f"operation timeout: WorkNCCL(SeqNum=77614, OpType=ALLREDUCE, NumelIn=76537344, "
                                     f"NumelOut=76537344, Timeout(ms)=1800000) ran for {1800204 + 37 * k} "
                                     f"milliseconds before timing out.")  # SYNTH
    s.joblog(t_wd + 0.4, J, f"{L(0)}[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")  # SYNTH
    s.joblog(t_wd + 0.41, J, f"{L(0)}[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.")  # SYNTH
    s.joblog(t_wd + 2.0, J, "srun: error: gv-05: tasks 8-15: Aborted (core dumped)")  # SYNTH
    t3 = srun_abort_lines(s, t_wd + 2.2, J, bad)
    s.joblog(t3 + 32.0, J, f"srun: error: {bad}: tasks 0-7: Killed")  # SYNTH
    t_fail = t3 + 33.5
    s.job_state(t_fail, J, "FAILED", "134:0")  # SYNTH
    s.node_state(t_fail + 40.0, bad, "DRAINING+COMPLETING", "Kill task failed")  # SYNTH: rank 5 unkillable (D state)
    s.node_state(t_fail + 160.0, bad, "DRAINED", "Kill task failed")  # SYNTH
    # --- neighbours (SYNTH) ---
    tn, st = 25.0, 5200
    while tn < T_END:
        st += 25
        s.joblog(tn, N1, hf_log(rng.uniform(0.18, 0.26), rng.uniform(1.0, 2.2), 8.6e-6, round(st / 9400, 3)))
        tn += rng.uniform(58, 62)
    tn, ep2, i2 = 12.0, 41, 0
    while tn < T_END:
        i2 += 200
        if i2 > 1251:
            ep2, i2 = ep2 + 1, 200
        s.joblog(tn, N2, f"Epoch: [{ep2}]  [{i2:4d}/1251]  eta: 0:0{(1251 - i2) // 300}:{rng.randint(10, 59)}  "
                         f"lr: 0.001{rng.randint(100, 999)}  loss: {rng.uniform(0.4, 0.44):.4f} "
                         f"({rng.uniform(0.41, 0.43):.4f})  time: {rng.uniform(0.38, 0.41):.4f}  data: 0.0021  max mem: 61288")
        tn += 200 * 0.395
    for h, tk, kind in [("gv-02", 900.0, 0), (bad, 1800.0, 2), ("gv-09", 4300.0, 1), ("gv-05", 6000.0, 4)]:
        noise59(s, h, tk, kind)
    jn = ["gv-04", "gv-05"]

    def fn(n_, g, t_):
        if n_ in jn:
            if t_ < t_fault:
                return b59(rng, "a100_59", load=rng.uniform(0.82, 0.96))
            if n_ == bad and g == 5:
                return None   # NVML/DCGM cannot read a GPU that fell off the bus: no sample
            if t_ < t_block:
                if n_ == bad:
                    return held59(rng, "a100_59")
                return b59(rng, "a100_59", load=rng.uniform(0.82, 0.96))
            if t_ < t_fail:
                return spin59(rng, "a100_59", 88.0)
            return i59(rng, "a100_59")
        if n_ in ("gv-01", "gv-02", "gv-08"):
            return b59(rng, "a100_59", load=rng.uniform(0.85, 0.97))
        return i59(rng, "a100_59")
    tel59(s, expand_hostlist("gv-[01-10]"), 8, 0.0, T_END, 600.0, fn, keys=K59S)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": bad, "gpu": 5}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2], no_drain=["gv-05"])
    return s


# ======================================================================================
# S3  timm-vitl-4x8-h100-th-04-gpu6-hw-thermal-slowdown-steps-30pct-slower-log-silent  (gpu_degraded: timm ViT-L
#     pretraining on 4 x 8 H100; 25 min in, GPU 6 of th-04 starts running hot and the HW thermal slowdown engages
#     (clock ~1.1-1.3 GHz instead of 1.98). The synchronous job slows ~30 %: the only sign in the log is the
#     batch time; no error, no Xid. It keeps running to the end of the record.)
# ======================================================================================
# Source (meaning of the reason bits): https://surban.github.io/managedCuda/api/ManagedCuda.Nvml.nvmlClocksThrottleReason.html --
#   "HW Slowdown (reducing the core clocks by a factor of 2 or more) is engaged. This is an indicator of:
#   temperature being too high; External Power Brake Assertion ...". No line is copied; all text is SYNTH.


def build_s3() -> Scenario:
    name = "timm-vitl-4x8-h100-th-04-gpu6-hw-thermal-slowdown-steps-30pct-slower-log-silent"
    J, N1, N2 = "513877", "513802", "513911"
    bad = "th-04"
    s = Scenario(name, "timm ViT-L/16 pretraining (32 ranks, log every 200 steps) on 4 x 8 H100; two other owners' "
                 "jobs on other nodes.",
                 "2024-08-02T06:00:00Z",
                 {"name": "th", "partition": "gpu", "nodes": "th-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "vitl16-in22k-pt", "user": "sfischer", "nodes": "th-[02-05]",
                   "tasks_per_node": 8, "started": "2024-08-02T03:12:45Z",
                   "comment": comment(3, "/scratch/sfischer/vitl16/ckpt")},
                  {"id": N1, "name": "qwen2-7b-sft", "user": "lzhou", "nodes": "th-[06-07]", "tasks_per_node": 8,
                   "started": "2024-08-02T05:20:11Z", "comment": comment(1)},
                  {"id": N2, "name": "dinov2-eval", "user": "bnovak", "nodes": "th-01", "tasks_per_node": 8,
                   "started": "2024-08-02T05:48:30Z"}])
    rng = s.rng
    T_END = 9000.0
    t_slow = 1520.0
    n, ep, it, t = 2502, 37, 800, 40.0
    la = 6.21
    while t < T_END:
        tm = 0.412 * rng.uniform(0.98, 1.02) * (1.0 + min(1.0, max(0.0, (t - t_slow) / 600.0)) * 0.31)
        lo = rng.uniform(6.05, 6.35)
        la = 0.98 * la + 0.02 * lo
        s.joblog(t, J, timm_line(ep, it, n - 1, lo, la, tm, 4096, 1.27e-3, 0.004))  # SYNTH
        it += 200
        if it >= n:
            it -= n
            s.joblog(t + 1.0, J, "Current checkpoints:")  # SYNTH
            s.joblog(t + 1.001, J, f" ('./output/train/vitl16/checkpoint-{ep}.pth.tar', {la:.4f})")  # SYNTH
            ep += 1
            t += 35.0
        t += 200 * tm
    # --- neighbours (SYNTH) ---
    tn, e = 15.0, 0.2
    while tn < T_END:
        e += 0.0026
        s.joblog(tn, N1, hf_log(rng.uniform(0.9, 1.1), rng.uniform(0.8, 1.6), 1.8e-5, e))
        tn += rng.uniform(118, 123)
    tn = 60.0
    for k in range(40):
        if tn >= T_END:
            break
        s.joblog(tn, N2, f"INFO:dinov2:knn: {k + 1}/40 done, top1 {rng.uniform(81.5, 82.3):.2f}")
        tn += rng.uniform(210, 230)
    s.job_state(tn, N2, "COMPLETED", "0:0")  # SYNTH
    n2_end = tn
    for h, tk, kind in [("th-06", 500.0, 0), (bad, 2600.0, 2), ("th-08", 5300.0, 3), ("th-03", 7900.0, 4)]:
        noise59(s, h, tk, kind)
    jn = expand_hostlist("th-[02-05]")

    def fn(n_, g, t_):
        if n_ in jn:
            ramp = min(1.0, max(0.0, (t_ - t_slow) / 600.0))
            if n_ == bad and g == 6 and t_ >= t_slow:
                clk = int(1980 - ramp * rng.uniform(700, 880))
                thr = 0x48 if ramp > 0.3 else 0x20
                return g38(100, rng.uniform(420, 470), clk, fb=72800 + rng.randint(-300, 300),
                           temp=int(84 + 6 * ramp + rng.randint(0, 2)), thr=thr)
            f = b59(rng, "h100_59", load=rng.uniform(0.88, 0.97) * (1 - 0.22 * ramp))
            f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = 0
            return f
        if n_ in ("th-06", "th-07") or (n_ == "th-01" and t_ < n2_end):
            f = b59(rng, "h100_59", load=rng.uniform(0.85, 0.97))
            f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = 0
            return f
        f = i59(rng, "h100_59")
        f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = 1
        return f
    tel59(s, jn, 8, 0.0, T_END, 600.0, fn, keys=K59S + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"))
    tel59(s, [n_ for n_ in expand_hostlist("th-[01-08]") if n_ not in jn], 8, 0.0, T_END, 3600.0, fn, keys=K59S)
    s.truth = truth({"t": t_slow, "category": "gpu_degraded", "node": bad, "gpu": 6}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N1, N2], no_drain=["th-02", "th-03", "th-05"])
    return s


# ======================================================================================
# S4  unimol-4x8-a100-ib-07-mlx5-2-width-4x-to-2x-symbol-errors-climb-then-status12  (network: Uni-Mol
#     pretraining (Uni-Core) on 4 x 8 A100 over HDR InfiniBand. 20 min in, the node health agent on ib-07 starts
#     reporting mlx5_2 port 1 retrained to 2X width with SymbolErrorCounter climbing; the job's updates/s drop
#     ~8 %. 62 min later the port goes down; NCCL on ib-06/ib-08 gets completion status 12 towards ib-07 and the
#     job fails.)
# ======================================================================================
# Source (truth): https://docs.nvidia.com/networking/display/IBClusterOpMainGuide/List+of+Scenarios -- scenario
#   "Bad Link/Port": a port that drops too many packets is detected via UFM health reports/events (High/Critical
#   BER) before it fails; the action is to reset, clean/reinsert or replace the cable/transceiver on both ends.
#   The degrading port sits on ib-07's HCA side, so ib-07 leaves service until the link is fixed. No line of the
#   page is used: all text below is SYNTH (journald lines of a node health agent, NCCL net_ib layout).


def build_s4() -> Scenario:
    name = "unimol-4x8-a100-ib-07-mlx5-2-width-4x-to-2x-symbol-errors-climb-then-status12"
    J, N1, N2 = "3381204", "3381166", "3381240"
    bad = "ib-07"
    s = Scenario(name, "Uni-Mol molecular pretraining (Uni-Core, 32 ranks, log every 100 updates) on 4 x 8 A100 with "
                 "4 x HDR IB per node; a node health agent logs IB port counters to the journal every 5 min; two "
                 "other owners' jobs.",
                 "2024-03-05T20:00:00Z",
                 {"name": "ib", "partition": "a100", "nodes": "ib-[01-10]", "gpus_per_node": 8},
                 [{"id": J, "name": "unimol-pt-zinc", "user": "dchen", "nodes": "ib-[05-08]", "tasks_per_node": 8,
                   "started": "2024-03-05T17:30:02Z", "comment": comment(2, "/gpfs/dchen/unimol/ckpt")},
                  {"id": N1, "name": "esmfold-distill", "user": "pkumar", "nodes": "ib-[01-02]", "tasks_per_node": 8,
                   "started": "2024-03-05T18:44:51Z", "comment": comment(1)},
                  {"id": N2, "name": "gnn-ff-train", "user": "arossi", "nodes": "ib-10", "tasks_per_node": 8,
                   "started": "2024-03-05T19:12:19Z"}])
    rng = s.rng
    T_END = 7800.0
    t_deg = 1205.0
    t_fail = t_deg + 3730.0
    t, upd, ep = 55.0, 148300, 12
    while t < t_fail - 5:
        slow = 1.085 if t > t_deg + 60 else 1.0
        sec = 100 * 0.921 * slow * rng.uniform(0.99, 1.01)
        s.joblog(t, J, unicore59(s.at(t), ep, f"{upd % 4000:4d} / 4000 loss={rng.uniform(1.41, 1.52):.3f}, "
                                              f"masked_token_loss={rng.uniform(0.62, 0.68):.3f}, "
                                              f"masked_coord_loss={rng.uniform(0.48, 0.53):.3f}, "
                                              f"masked_dist_loss={rng.uniform(0.27, 0.31):.3f}, bsz=1024, "
                                              f"ups={100 / sec:.2f}, wpb=1024, wps={1024 * 100 / sec:.0f}, "
                                              f"lr=9.998e-05, gnorm={rng.uniform(0.9, 1.4):.3f}, loss_scale=4, "
                                              f"train_wall={int(sec)}, wall={int(9000 + t)}"))  # SYNTH
        upd += 100
        if upd % 4000 == 0:
            ep += 1
        t += sec
    # --- node health agent (SYNTH), every 5 min on every job node ---
    tj = 12.0
    sym = 0
    while tj < T_END:
        for h in expand_hostlist("ib-[05-08]"):
            if h == bad and tj >= t_deg:
                if tj < t_fail - 20:
                    sym += rng.randint(900, 2600)
                    jrn59(s, tj, h, "ibmon[2211]", f"mlx5_2 port 1: state ACTIVE width 2X speed HDR (expected 4X HDR) "
                                                  f"SymbolErrorCounter={sym} LinkErrorRecoveryCounter="
                                                  f"{3 + int((tj - t_deg) // 900)} PortRcvErrors={sym // 37}")  # SYNTH
                else:
                    jrn59(s, tj, h, "ibmon[2211]", "mlx5_2 port 1: state DOWN phys_state Polling")  # SYNTH
            elif tj % 3600 < 300:
                jrn59(s, tj + 0.2, h, "ibmon[2211]", "mlx5_0..mlx5_3 port 1: state ACTIVE width 4X speed HDR, "
                                                     "no error counter change")  # SYNTH
        tj += 300.0
    kt(s, t_fail - 14.0, bad, "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1150:(pid 0): Port module event[error]: "
                              "module 2, Cable error, High Temperature")  # SYNTH
    kt(s, t_fail - 13.0, bad, "infiniband mlx5_2: ib_cache_update: ib_query_port failed (-5)")  # SYNTH
    for k, (h, pid, r) in enumerate([("ib-06", 1190332, 10), ("ib-08", 884120, 26), ("ib-05", 2071445, 2)]):
        s.joblog(t_fail + 0.03 * k, J, f"{h}:{pid}:{pid + 581} [{r % 8}] transport/net_ib.cc:1295 NCCL WARN NET/IB : "
                                       f"Got completion from peer 10.149.0.{107} with error 12, opcode 0, len 0, "
                                       f"vendor err 129 (Send) localGid ::ffff:10.149.0.{100 + k} "
                                       f"remoteGid ::ffff:10.149.0.107")  # SYNTH
        s.joblog(t_fail + 0.03 * k + 0.001, J, f"{h}:{pid}:{pid + 581} [{r % 8}] NCCL INFO transport/net.cc:1134 -> 6")  # SYNTH
    for k, r in enumerate([10, 26, 2, 17]):
        s.joblog(t_fail + 1.2 + 0.01 * k, J, c10d59(r, s.at(t_fail + 1.2 + 0.01 * k), 1182,
                                                    f"[PG 0 Rank {r}] NCCL watchdog thread terminated with exception: "
                                                    "NCCL error: remote process exited or there was a network error, "
                                                    "NCCL version 2.19.3", ns=rng.randint(100, 999)))  # SYNTH
    s.joblog(t_fail + 1.5, J, "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")  # SYNTH
    s.joblog(t_fail + 7.0, J, "srun: error: ib-06: tasks 8-15: Aborted (core dumped)")  # SYNTH
    t3 = srun_abort_lines(s, t_fail + 7.2, J, "ib-05")
    s.joblog(t3 + 30.0, J, "srun: error: ib-07: tasks 16-23: Killed")  # SYNTH
    s.job_state(t3 + 31.0, J, "FAILED", "134:0")  # SYNTH
    t_end_j = t3 + 31.0
    # --- neighbours (SYNTH) ---
    tn, st = 33.0, 20400
    while tn < T_END:
        st += 50
        s.joblog(tn, N1, f"[{s.at(tn):%Y-%m-%d %H:%M:%S}] step {st} | distill_loss {rng.uniform(0.31, 0.36):.4f} | "
                         f"lddt {rng.uniform(0.81, 0.84):.3f} | {rng.uniform(2.9, 3.1):.2f} s/step")
        tn += 50 * 3.0
    tn, e = 48.0, 112
    while tn < T_END:
        s.joblog(tn, N2, f"Epoch {e:4d} | train E-MAE {rng.uniform(1.1, 1.3):.3f} meV/atom | F-MAE "
                         f"{rng.uniform(31, 35):.1f} meV/A | lr 2.0e-04 | {rng.uniform(296, 305):.0f}s")
        e += 1
        tn += rng.uniform(296, 305)
    for h, tk, kind in [("ib-03", 900.0, 0), (bad, 2400.0, 2), ("ib-09", 5200.0, 1), ("ib-06", 6600.0, 5)]:
        noise59(s, h, tk, kind)
    jn = expand_hostlist("ib-[05-08]")

    def fn(n_, g, t_):
        if n_ in jn:
            if t_ < t_fail:
                return b59(rng, "a100_59", load=rng.uniform(0.82, 0.95) * (0.93 if t_ > t_deg else 1.0))
            return i59(rng, "a100_59") if t_ > t_end_j else spin59(rng, "a100_59", 90.0)
        if n_ in ("ib-01", "ib-02", "ib-10"):
            return b59(rng, "a100_59", load=rng.uniform(0.84, 0.96))
        return i59(rng, "a100_59")
    tel59(s, jn, 8, 0.0, T_END, 600.0, fn, keys=K59S)
    tel59(s, [n_ for n_ in expand_hostlist("ib-[01-10]") if n_ not in jn], 8, 0.0, T_END, 1800.0, fn, keys=K59S)
    s.truth = truth({"t": t_deg, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N1, N2], no_drain=["ib-05", "ib-06", "ib-08"])
    return s


# ======================================================================================
# S5  nfs-zfs-server-stalls-dataloaders-fastdit-sam2-nequip-three-owners-disjoint-nodes  (infrastructure: the
#     cluster's NFS server (ZFS-backed, not a cluster node) stops answering under load. Three jobs of three owners
#     on disjoint nodes read their training data from the share: all three stop printing within a minute, their
#     GPUs go idle, the clients log "nfs: server ... not responding" and hung-task warnings. The 2-node DiT job and
#     the sam2 job are torn down by the 30-min NCCL watchdog (ranks with prefetched batches reached the
#     all-reduce); the single-GPU NequIP job just waits and resumes when the server comes back ~47 min later. A
#     fourth job reading from local NVMe keeps running.)
# ======================================================================================
# Source (truth): https://github.com/openzfs/zfs/issues/16480 -- "Server A is the NFS server sharing a ZFS pool.
#   Server B, C, D, ... are NFS clients mounting the share ... the updatedb and some or all of the nfsd processes
#   on the NFS server may hang in D state forever and some or all of the clients may hang forever on any command
#   involving the NFS share". The thread's output is the server's `ps`; every line below is SYNTH.


def build_s5() -> Scenario:
    name = "nfs-zfs-server-stalls-dataloaders-fastdit-sam2-nequip-three-owners-disjoint-nodes"
    A, B, C, D = "771240", "771198", "771263", "771105"
    s = Scenario(name, "Three owners' training jobs read data from one NFS share (ZFS server nas01); a fourth reads "
                 "from local NVMe. 12 x 4 L40S nodes.",
                 "2024-09-10T08:00:00Z",
                 {"name": "nf", "partition": "l40s", "nodes": "nf-[01-12]", "gpus_per_node": 4},
                 [{"id": A, "name": "fast-dit-xl2-in256", "user": "gbianchi", "nodes": "nf-[02-03]",
                   "tasks_per_node": 4, "started": "2024-09-10T05:40:11Z",
                   "comment": comment(2, "/nfs/projects/gbianchi/dit/ckpt")},
                  {"id": B, "name": "sam2-hiera-b-ft", "user": "wcho", "nodes": "nf-06", "tasks_per_node": 4,
                   "started": "2024-09-10T07:02:44Z", "comment": comment(1)},
                  {"id": C, "name": "nequip-water-ft", "user": "tolsen", "nodes": "nf-09", "tasks_per_node": 1,
                   "started": "2024-09-10T06:15:09Z"},
                  {"id": D, "name": "llama3-8b-lora", "user": "kyamada", "nodes": "nf-11", "tasks_per_node": 4,
                   "started": "2024-09-10T07:31:50Z"}])
    rng = s.rng
    T_END = 9000.0
    t_stall = 3010.0
    t_back = t_stall + 2840.0
    nfs_nodes = ["nf-02", "nf-03", "nf-06", "nf-09"]
    # --- fast-DiT (SYNTH: train.py logs every 100 steps) ---
    t, st = 20.0, 318400
    while t < t_stall + 25:
        s.joblog(t, A, f"[\x1b[34m{s.at(t):%Y-%m-%d %H:%M:%S}\x1b[0m] (step={st:07d}) Train Loss: "
                       f"{rng.uniform(0.148, 0.156):.4f}, Train Steps/Sec: {rng.uniform(2.28, 2.34):.2f}")
        st += 100
        t += 100 / 2.31
    tA = t_stall + 40 + 1800.0 + 0.7
    for k, r in enumerate([0, 2, 5, 7]):
        s.joblog(tA + 0.02 * k, A, c10d59(r, s.at(tA + 0.02 * k), 632, f"[Rank {r}] Watchdog caught collective operation "
                                          f"timeout: WorkNCCL(SeqNum=1902211, OpType=ALLREDUCE, NumelIn=675137, "
                                          f"NumelOut=675137, Timeout(ms)=1800000) ran for {1800061 + 17 * k} "
                                          f"milliseconds before timing out.", ns=rng.randint(100, 999)))
    s.joblog(tA + 2.0, A, "srun: error: nf-02: tasks 0-3: Aborted (core dumped)")
    t3 = srun_abort_lines(s, tA + 2.2, A, "nf-02")
    s.joblog(t3 + 31.0, A, "srun: error: nf-03: tasks 4-7: Killed")
    s.job_state(t3 + 32.0, A, "FAILED", "134:0")  # SYNTH
    endA = t3 + 32.0
    # --- sam2 (SYNTH: trainer logs every 10 iterations) ---
    t, it = 11.0, 2210
    while t < t_stall + 8:
        s.joblog(t, B, f"INFO {s.at(t):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)} train_utils.py: 271: Train Epoch: "
                       f"[14][{it % 1200:4d}/1200] | Batch Time: {rng.uniform(1.6, 1.8):.2f} | Data Time: "
                       f"{rng.uniform(0.02, 0.06):.2f} | Mem (GB): 31.00 | Losses/train_all_loss: "
                       f"{rng.uniform(2.3, 2.9):.2e}")
        it += 10
        t += 10 * 1.7
    tB = t_stall + 22 + 1800.0 + 0.4
    s.joblog(tB, B, c10d59(3, s.at(tB), 632, "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL("
                                             "SeqNum=88451, OpType=ALLREDUCE, NumelIn=80844034, NumelOut=80844034, "
                                             "Timeout(ms)=1800000) ran for 1800074 milliseconds before timing out.",
                           ns=rng.randint(100, 999)))
    s.joblog(tB + 0.01, B, c10d59(3, s.at(tB + 0.01), 1595, "[PG 0 (default_pg) Rank 3] Process group watchdog thread "
                                                           "terminated with exception: [Rank 3] Watchdog caught "
                                                           "collective operation timeout: WorkNCCL(SeqNum=88451, "
                                                           "OpType=ALLREDUCE, NumelIn=80844034, NumelOut=80844034, "
                                                           "Timeout(ms)=1800000) ran for 1800074 milliseconds before "
                                                           "timing out."))
    s.joblog(tB + 1.5, B, "srun: error: nf-06: task 3: Aborted (core dumped)")
    t3 = srun_abort_lines(s, tB + 1.6, B, "nf-06")
    s.joblog(t3 + 31.0, B, "srun: error: nf-06: tasks 0-2: Killed")
    s.job_state(t3 + 32.0, B, "FAILED", "134:0")  # SYNTH
    endB = t3 + 32.0
    # --- NequIP (SYNTH: one line per epoch ~4 min; waits, then resumes) ---
    t, e = 120.0, 188
    while t < T_END:
        if t_stall - 30 < t < t_back:
            t = t_back + 95.0
            continue
        s.joblog(t, C, f"  {e:5d}     {rng.uniform(0.0009, 0.0012):.3e}     {rng.uniform(0.011, 0.014):.3e}     "
                       f"{rng.uniform(0.021, 0.025):.3e}     {rng.uniform(0.0008, 0.0011):.3e}     "
                       f"{rng.uniform(246, 252):.1f}")
        e += 1
        t += rng.uniform(246, 252)
    # --- local-NVMe job keeps going (SYNTH) ---
    tn, ep = 30.0, 0.71
    while tn < T_END:
        ep += 0.004
        s.joblog(tn, D, hf_log(rng.uniform(0.9, 1.05), rng.uniform(0.25, 0.4), 1.6e-4, ep))
        tn += rng.uniform(86, 92)
    # --- kernel: NFS client messages (SYNTH) ---
    for k, h in enumerate(nfs_nodes):
        tk = t_stall + 4.0 + 9.0 * k
        kt(s, tk, h, "nfs: server nas01 not responding, still trying")
        kt(s, tk + 0.2, h, "nfs: server nas01 not responding, still trying")
        kt(s, tk + 245.0 + k, h, f"INFO: task pt_data_worker:{41200 + 311 * k} blocked for more than 241 seconds.")
        kt(s, tk + 245.01 + k, h, "      Tainted: P           OE     5.15.0-118-generic #128-Ubuntu")
        kt(s, tk + 245.02 + k, h, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")
        kt(s, tk + 245.03 + k, h, f"task:pt_data_worker state:D stack:    0 pid:{41200 + 311 * k} ppid:{41100 + 311 * k} flags:0x00004002")
        kt(s, t_back + 2.0 + 1.1 * k, h, "nfs: server nas01 OK")
    for h, tk, kind in [("nf-11", 1200.0, 0), ("nf-05", 4000.0, 2), ("nf-11", 6500.0, 3), ("nf-02", 7600.0, 5)]:
        noise59(s, h, tk, kind)
    jA, jB = ["nf-02", "nf-03"], ["nf-06"]

    def fn(n_, g, t_):
        if n_ in jA or n_ in jB:
            end = endA if n_ in jA else endB
            if t_ < t_stall:
                return b59(rng, "l40s_59", load=rng.uniform(0.85, 0.97))
            if t_ < end:
                return held59(rng, "l40s_59") if g % 2 else spin59(rng, "l40s_59", 95.0)
            return i59(rng, "l40s_59")
        if n_ == "nf-09":
            if g != 0:
                return i59(rng, "l40s_59")
            return held59(rng, "l40s_59") if t_stall < t_ < t_back + 60 else b59(rng, "l40s_59", load=rng.uniform(0.6, 0.75))
        if n_ == "nf-11":
            return b59(rng, "l40s_59", load=rng.uniform(0.86, 0.96))
        return i59(rng, "l40s_59")
    tel59(s, nfs_nodes + ["nf-11"], 4, 0.0, T_END, 300.0, fn, keys=K59S)
    tel59(s, [n_ for n_ in expand_hostlist("nf-[01-12]") if n_ not in nfs_nodes + ["nf-11"]], 4, 0.0, T_END, 1800.0,
          fn, keys=K59S)
    s.truth = truth({"t": t_stall, "category": "infrastructure", "node": None}, no_requeue=[A, B, C, D],
                    no_drain=nfs_nodes)
    return s


# ======================================================================================
# S6  video-titok-16x8-h100-rank116-only-traceback-shape-1025-others-hang-watchdog  (software: a video tokenizer
#     (accelerate, 128 ranks, pdsh-style `host: ` prefixes) is training normally amid the usual per-rank warnings
#     when rank 116 alone raises in backward: its all-reduce carries a tensor of 1025 elements where every other
#     rank has 262144 (a data-dependent shape on that rank's sample). Only rank 116 prints a traceback; the other
#     127 ranks wait in the collective until the 30-min watchdog. A requeue would hit the same sample again.)
# ======================================================================================
# Source: https://github.com/pytorch/pytorch/issues/140563 -- "NCCL hangs cause timeout": with the debug env on,
#   "the program will still print out a strange 1025 on only one rank while others are a reasonable size
#   (262144)"; the traceback below is rank 116's, verbatim (the excerpt is cut after `loss.backward(**kwargs)`;
#   the frames that follow and the exception line are SYNTH).
REAL_S6_TB = [
    "container-node16: [rank116]: Traceback (most recent call last):",
    'container-node16: [rank116]:   File "/share/xzfang/projects/video_titok/train.py", line 31, in <module>',
    "container-node16: [rank116]:     main()",
    'container-node16: [rank116]:   File "/share/xzfang/projects/video_titok/train.py", line 27, in main',
    "container-node16: [rank116]:     trainer.train()",
    'container-node16: [rank116]:   File "/share/xzfang/projects/video_titok/src/trainer.py", line 542, in train',
    "container-node16: [rank116]:     is_global_step_update = self.train_step(batch)",
    'container-node16: [rank116]:   File "/share/xzfang/projects/video_titok/src/trainer.py", line 354, in train_step',
    "container-node16: [rank116]:     self.accelerator.backward(total_loss)",
    'container-node16: [rank116]:   File "/usr/local/lib/python3.10/dist-packages/accelerate/accelerator.py", line 2241, in backward',
    "container-node16: [rank116]:     loss.backward(**kwargs)",
]


def build_s6() -> Scenario:
    name = "video-titok-16x8-h100-rank116-only-traceback-shape-1025-others-hang-watchdog"
    J, N1, N2 = "905512", "905477", "905530"
    bad = "container-node16"
    s = Scenario(name, "Video tokenizer training (accelerate, 16 x 8 H100, 128 ranks, launcher prefixes every line "
                 "with the host); two other owners' jobs on other nodes.",
                 "2024-11-20T03:00:00Z",
                 {"name": "cn", "partition": "h100", "nodes": "container-node[01-20]", "gpus_per_node": 8},
                 [{"id": J, "name": "video-titok-l", "user": "xzfang", "nodes": "container-node[02-17]",
                   "tasks_per_node": 8, "started": "2024-11-20T01:12:40Z",
                   "comment": comment(2, "/share/xzfang/projects/video_titok/ckpt")},
                  {"id": N1, "name": "wan-t2v-lora", "user": "hsun", "nodes": "container-node[18-19]",
                   "tasks_per_node": 8, "started": "2024-11-20T00:20:33Z", "comment": comment(1)},
                  {"id": N2, "name": "clip-eval-grid", "user": "mjoshi", "nodes": "container-node01",
                   "tasks_per_node": 8, "started": "2024-11-20T02:41:09Z"}])
    rng = s.rng
    T_END = 6600.0
    t_err = 2261.7
    jn = expand_hostlist("container-node[02-17]")
    # normal noise: rank 0 progress, other ranks' warnings (SYNTH)
    t, gs = 25.0, 18400
    while t < t_err:
        s.joblog(t, J, f"container-node02: [rank0]: {s.at(t):%Y-%m-%d %H:%M:%S} - INFO - Step {gs} | loss "
                       f"{rng.uniform(0.082, 0.091):.4f} | recon {rng.uniform(0.041, 0.046):.4f} | lpips "
                       f"{rng.uniform(0.19, 0.22):.4f} | lr 1.00e-04 | {rng.uniform(7.8, 8.2):.2f} samples/s/gpu")
        if rng.random() < 0.35:
            r = rng.randrange(128)
            h = jn[r // 8]
            s.joblog(t + rng.uniform(1, 20), J, f"{h}: [rank{r}]: /usr/local/lib/python3.10/dist-packages/torchvision/io/"
                                                f"video_reader.py:243: UserWarning: The pts_unit 'pts' gives wrong "
                                                f"results. Please use pts_unit 'sec'.")
        if rng.random() < 0.2:
            h = jn[rng.randrange(16)]
            s.joblog(t + rng.uniform(1, 30), J, f"{h}: [h264 @ 0x{rng.randrange(16 ** 11):011x}] mmco: unref short failure")
        gs += 50
        t += 50 * 1.31
    for k, l in enumerate(REAL_S6_TB):
        s.joblog(t_err + 0.001 * k, J, l)  # REAL
    tail = ['container-node16: [rank116]:   File "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", line 521, in backward',
            "container-node16: [rank116]:     torch.autograd.backward(",
            'container-node16: [rank116]:   File "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", line 289, in backward',
            "container-node16: [rank116]:     _engine_run_backward(",
            "container-node16: [rank116]: RuntimeError: Detected mismatch between collectives on ranks. Rank 116 is "
            "running collective: CollectiveFingerPrint(SequenceNumber=1182304, OpType=ALLREDUCE, TensorShape=[1025], "
            "TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided "
            "(default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))), but "
            "Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=1182304, OpType=ALLREDUCE, "
            "TensorShape=[262144], TensorDtypes=Float, ...)."]
    for k, l in enumerate(tail):
        s.joblog(t_err + 0.02 + 0.001 * k, J, l)  # SYNTH
    # the others hang; 30 min later their watchdogs fire (SYNTH)
    t_wd = t_err + 1800.0 + 0.8
    for k, r in enumerate([0, 7, 37, 64, 101, 127]):
        h = jn[r // 8]
        s.joblog(t_wd + 0.05 * k, J, f"{h}: " + c10d59(r, s.at(t_wd + 0.05 * k), 632, f"[Rank {r}] Watchdog caught "
                                     "collective operation timeout: WorkNCCL(SeqNum=1182304, OpType=ALLREDUCE, "
                                     "NumelIn=262144, NumelOut=262144, Timeout(ms)=1800000) ran for "
                                     f"{1800012 + 9 * k} milliseconds before timing out.", ns=rng.randint(100, 999)))
    s.joblog(t_wd + 4.0, J, "srun: error: container-node02: tasks 0-7: Aborted (core dumped)")
    t3 = srun_abort_lines(s, t_wd + 4.2, J, "container-node02")
    s.job_state(t3 + 33.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t3 + 33.0
    # --- neighbours (SYNTH) ---
    tn, st = 40.0, 3000
    while tn < T_END:
        st += 20
        s.joblog(tn, N1, f"Steps: {st:5d}/12000 | loss {rng.uniform(0.09, 0.13):.4f} | {rng.uniform(5.6, 6.0):.2f}s/it")
        tn += 20 * 5.8
    tn = 50.0
    for k in range(60):
        if tn >= 3900:
            break
        s.joblog(tn, N2, f"[eval] ViT-L-14 x {['imagenet1k', 'cars', 'flowers', 'pets', 'sun397'][k % 5]}: "
                         f"acc1={rng.uniform(0.6, 0.9):.4f}")
        tn += rng.uniform(60, 70)
    s.job_state(tn, N2, "COMPLETED", "0:0")  # SYNTH
    n2_end = tn
    for h, tk, kind in [("container-node05", 600.0, 0), (bad, 1500.0, 2), ("container-node20", 3300.0, 1),
                        ("container-node11", 5000.0, 3)]:
        noise59(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in jn:
            if t_ < t_err:
                return b59(rng, "h100_59", load=rng.uniform(0.78, 0.94))
            if t_ < t_end:
                return held59(rng, "h100_59") if (n_ == bad and g == 4) else spin59(rng, "h100_59", 135.0)
            return i59(rng, "h100_59")
        if n_ in ("container-node18", "container-node19") or (n_ == "container-node01" and t_ < n2_end):
            return b59(rng, "h100_59", load=rng.uniform(0.8, 0.95))
        return i59(rng, "h100_59")
    tel59(s, expand_hostlist("container-node[01-20]"), 8, 0.0, T_END, 1200.0, fn, keys=K59S)
    s.truth = truth({"t": t_err, "category": "software", "node": None}, no_requeue=[J, N1, N2],
                    no_drain=[bad, "container-node02"])
    return s


# ======================================================================================
# S7  healthy-trl-grpo-2x8-h100-6min-steps-eval-every-10-steps-20min-quiet-noisy-neighbours  (healthy: TRL GRPO
#     with vLLM generation on 2 x 8 H100: one HF log dict per optimizer step, ~6.5 min apart; every 10 steps an
#     evaluation pass of ~20 min prints nothing until its metrics dict. GPUs stay busy. Neighbours are loud:
#     a DeepSpeed job spams warnings, another node logs correctable PCIe AER noise.)
# ======================================================================================
# Source (truth): https://nvidia.github.io/nvidia-resiliency-ext/_sources/fault_tolerance/integration/heartbeats.rst.txt
#   -- "rank_heartbeat_timeout should be at least as long as the longest possible interval between steps": long
#   gaps between steps are a property of the workload, not a fault, and a hang detector has to be sized to them.
#   No line of the page is used: all text below is SYNTH (TRL/HF Trainer dict layout).


def build_s7() -> Scenario:
    name = "healthy-trl-grpo-2x8-h100-6min-steps-eval-every-10-steps-20min-quiet-noisy-neighbours"
    J, N1, N2 = "6604419", "6604377", "6604450"
    s = Scenario(name, "TRL GRPO (Qwen2.5-7B, vLLM colocate generation) on 2 x 8 H100, logging_steps=1, eval every "
                 "10 steps; two other owners' jobs.",
                 "2025-03-03T09:00:00Z",
                 {"name": "rl", "partition": "h100", "nodes": "rl-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "grpo-qwen7b-math", "user": "iolawale", "nodes": "rl-[03-04]",
                   "tasks_per_node": 8, "started": "2025-03-03T07:48:12Z",
                   "comment": comment(2, "/weka/iolawale/grpo/ckpt")},
                  {"id": N1, "name": "ds-llama13b-pt", "user": "fmartin", "nodes": "rl-[05-06]", "tasks_per_node": 8,
                   "started": "2025-03-03T06:10:40Z", "comment": comment(1)},
                  {"id": N2, "name": "asr-conformer", "user": "nkim", "nodes": "rl-08", "tasks_per_node": 8,
                   "started": "2025-03-03T08:30:00Z"}])
    rng = s.rng
    T_END = 12600.0
    t, step = 140.0, 131
    evals = []
    while t < T_END:
        sec = rng.uniform(360, 470)
        t += sec
        if t >= T_END:
            break
        ep = round(step / 1870, 4)
        s.joblog(t, J, hf59({"loss": round(rng.uniform(0.001, 0.02), 4), "grad_norm": round(rng.uniform(0.1, 0.4), 6),
                             "learning_rate": 9.6e-07, "num_tokens": 2.1e7 + step * 1.6e5,
                             "completions/mean_length": round(rng.uniform(610, 720), 1),
                             "rewards/accuracy_reward/mean": round(rng.uniform(0.55, 0.7), 4),
                             "reward": round(rng.uniform(0.8, 1.1), 4), "kl": round(rng.uniform(0.001, 0.004), 6),
                             "epoch": ep}))  # SYNTH
        s.joblog(t + 0.01, J, f"{100 * step // 1870:3d}%|{'#' * (step * 10 // 1870):<10s}| {step}/1870 "
                              f"[{hms(step * 410)}<{hms((1870 - step) * 410)}, {sec:.2f}s/it]")  # SYNTH
        if step % 10 == 0:
            te = t + rng.uniform(1130, 1320)
            evals.append((t + 1, te))
            if te < T_END:
                s.joblog(te, J, hf59({"eval_loss": round(rng.uniform(0.004, 0.01), 5),
                                      "eval_rewards/accuracy_reward/mean": round(rng.uniform(0.6, 0.66), 4),
                                      "eval_runtime": round(te - t, 2), "eval_samples_per_second": 0.44,
                                      "eval_steps_per_second": 0.028, "epoch": ep}))  # SYNTH
            t = te
        step += 1
    # --- neighbours: loud (SYNTH) ---
    tn, it = 12.0, 40100
    while tn < T_END:
        it += 10
        s.joblog(tn, N1, f"[Rank 0] iteration {it}/200000 | lm loss: {rng.uniform(1.9, 2.05):.4f} | "
                         f"elapsed time per iteration (ms): {rng.uniform(7400, 7600):.1f}")
        if rng.random() < 0.5:
            s.joblog(tn + 0.3, N1, f"[WARNING] [stage3.py:2070:step] {rng.randint(1, 4)} pytorch allocator cache "
                                   "flushes since last step. this happens when there is high memory pressure and is "
                                   "detrimental to performance. if this is happening frequently consider adjusting "
                                   "settings to reduce memory consumption. If you are unable to make the cache flushes "
                                   "go away consider adding get_accelerator().empty_cache() calls in your training loop "
                                   "to ensure that all ranks flush their caches at the same time")
        tn += 10 * 7.5
    tn, e = 30.0, 61
    while tn < T_END:
        s.joblog(tn, N2, f"epoch {e}: train_loss {rng.uniform(0.31, 0.36):.4f} valid_wer {rng.uniform(4.1, 4.4):.2f}")
        e += 1
        tn += rng.uniform(880, 910)
    for k in range(9):
        tk = 1500.0 + 1200.0 * k + rng.uniform(0, 300)
        kt(s, tk, "rl-06", "pcieport 0000:40:01.1: AER: Corrected error received: 0000:41:00.0")  # SYNTH
        kt(s, tk + 0.001, "rl-06", "mlx5_core 0000:41:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)")  # SYNTH
        kt(s, tk + 0.002, "rl-06", "mlx5_core 0000:41:00.0:   device [15b3:1021] error status/mask=00000001/00002000")  # SYNTH
        kt(s, tk + 0.003, "rl-06", "mlx5_core 0000:41:00.0:    [ 0] RxErr                  (First)")  # SYNTH
    for h, tk, kind in [("rl-03", 2000.0, 0), ("rl-01", 5000.0, 2), ("rl-04", 8800.0, 5)]:
        noise59(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ in ("rl-03", "rl-04"):
            if any(a <= t_ < b for a, b in evals):
                return b59(rng, "h100_59", load=rng.uniform(0.45, 0.7))
            return b59(rng, "h100_59", load=rng.uniform(0.6, 0.93))
        if n_ in ("rl-05", "rl-06", "rl-08"):
            return b59(rng, "h100_59", load=rng.uniform(0.85, 0.97))
        return i59(rng, "h100_59")
    tel59(s, ["rl-03", "rl-04"], 8, 0.0, T_END, 480.0, fn, keys=K59S)
    tel59(s, ["rl-01", "rl-02", "rl-05", "rl-06", "rl-07", "rl-08"], 8, 0.0, T_END, 1800.0, fn, keys=K59S)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=["rl-03", "rl-04", "rl-06"])
    return s


# ======================================================================================
# S8  healthy-gpt-1p3b-8xh100-torch-compile-max-autotune-24min-before-step-1-neighbour-xid63-sbe  (healthy: a
#     single-node GPT pretraining run with torch.compile(mode="max-autotune") spends ~24 min compiling and
#     autotuning before its first step: the log shows only inductor AUTOTUNE tables, the GPUs sit near idle with
#     short benchmark bursts. Another owner's node on the cluster logs an Xid 63 (row-remapping event) and rising
#     correctable ECC counts -- harmless.)
# ======================================================================================
# Source (truth): https://github.com/pytorch/pytorch/issues/125277 -- "H100 Max Autotune Compilation
#   Significantly Slower than A100": max-autotune compile time on H100 is long, an expected cost, not a fault. No
#   line of the thread is used: all text below is SYNTH (inductor select_algorithm AUTOTUNE layout).


def build_s8() -> Scenario:
    name = "healthy-gpt-1p3b-8xh100-torch-compile-max-autotune-24min-before-step-1-neighbour-xid63-sbe"
    J, N1, N2 = "1209931", "1209870", "1209955"
    bus = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
           "0000:db:00"]
    s = Scenario(name, "GPT-1.3B pretraining with torch.compile(mode='max-autotune') on one 8 x H100 node (torchrun); "
                 "two other owners' jobs; cx-07 shows an Xid 63 and correctable ECC counts.",
                 "2024-10-08T12:00:00Z",
                 {"name": "cx", "partition": "h100", "nodes": "cx-[01-08]", "gpus_per_node": 8, "pci_bus_ids": bus},
                 [{"id": J, "name": "gpt1p3b-compile", "user": "rbauer", "nodes": "cx-03", "tasks_per_node": 8,
                   "started": "2024-10-08T12:01:30Z", "comment": comment(2, "/lustre/rbauer/gpt13/ckpt")},
                  {"id": N1, "name": "flux-dev-lora", "user": "eortiz", "nodes": "cx-07", "tasks_per_node": 8,
                   "started": "2024-10-08T10:40:12Z"},
                  {"id": N2, "name": "bert-l-mlm", "user": "skaur", "nodes": "cx-[05-06]", "tasks_per_node": 8,
                   "started": "2024-10-08T11:05:55Z", "comment": comment(1)}])
    rng = s.rng
    T_END = 7200.0
    t0 = 95.0
    s.joblog(t0, J, "W1008 12:01:35.118000 2131907 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.")  # SYNTH
    s.joblog(t0 + 40.0, J, f"[rank0] model: 1.31B params, compile=max-autotune, seq_len=2048, micro_bs=16")  # SYNTH
    s.joblog(t0 + 41.0, J, "[rank0] compiling model ...")  # SYNTH
    shapes = [("mm", "32768x2048, 2048x6144"), ("mm", "32768x2048, 2048x2048"), ("addmm", "32768x8192, 8192x2048"),
              ("mm", "32768x2048, 2048x8192"), ("mm", "2048x32768, 32768x2048"), ("mm", "32768x2048, 2048x50304"),
              ("bmm", "256x2048x128, 256x128x2048"), ("mm", "8192x32768, 32768x2048")]
    t = t0 + 140.0
    t_first = t0 + 1440.0 + rng.uniform(0, 60)
    bursts = []
    k = 0
    while t < t_first - 60:
        op, sz = shapes[k % len(shapes)]
        base = rng.uniform(0.2, 3.5)
        s.joblog(t, J, f"AUTOTUNE {op}({sz})")  # SYNTH
        for j, cname in enumerate(["mm" if op != "bmm" else "bmm", f"triton_{op}_{rng.randint(1, 60)}",
                                   f"triton_{op}_{rng.randint(1, 60)}", f"triton_{op}_{rng.randint(1, 60)}"]):
            pct = 100.0 if j == 0 else 100.0 / rng.uniform(1.01, 1.6)
            s.joblog(t + 0.001 * (j + 1), J, f"  {cname} {base * 100 / pct:.4f} ms {pct:.1f}%")  # SYNTH
        el = rng.uniform(2.5, 9.0)
        s.joblog(t + 0.01, J, f"SingleProcess AUTOTUNE benchmarking takes {el:.4f} seconds and "
                              f"{rng.uniform(40, 110):.4f} seconds precompiling for {rng.randint(18, 32)} choices")  # SYNTH
        bursts.append((t - el, t))
        k += 1
        t += rng.uniform(100, 150)
    s.joblog(t_first - 3.0, J, "[rank0] compile done in 1402.6s")  # SYNTH
    st, tt = 1, t_first
    while tt < T_END:
        s.joblog(tt, J, f"[rank0] step {st:6d} | loss {max(2.9, 10.9 - 1.4 * math.log10(st + 1)):.4f} | "
                        f"lr {min(6e-4, 6e-4 * st / 2000):.2e} | {rng.uniform(318, 330):.1f} ms/step | "
                        f"mfu {rng.uniform(54.5, 56.2):.1f}%")  # SYNTH
        st += 100 if st > 1 else 99
        tt += 100 * 0.324
    # --- neighbour with harmless ECC/Xid noise (SYNTH) ---
    kt(s, 1830.0, "cx-07", f"NVRM: Xid (PCI:{bus[2]}): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000017a3c0) marked for remapping, reset gpu to activate.")  # SYNTH
    tn, e = 18.0, 3.1
    while tn < T_END:
        e += 0.006
        s.joblog(tn, N1, f"Steps: {int(e * 1000)} | loss={rng.uniform(0.32, 0.4):.4f} | lr=1e-04 | "
                         f"{rng.uniform(2.05, 2.12):.2f}s/it")
        tn += rng.uniform(118, 123)
    tn, it = 40.0, 88000
    while tn < T_END:
        it += 100
        s.joblog(tn, N2, f"[rank0] iter {it} | mlm_loss {rng.uniform(1.55, 1.65):.4f} | {rng.uniform(0.395, 0.41):.3f} s/it")
        tn += 100 * 0.4
    for h, tk, kind in [("cx-01", 800.0, 0), ("cx-03", 2900.0, 6), ("cx-06", 5200.0, 1)]:
        noise59(s, h, tk, kind)

    def fn(n_, g, t_):
        if n_ == "cx-03":
            if t_ < t0 + 130:
                return i59(rng, "h100_59")
            if t_ < t_first:
                if any(a <= t_ < b for a, b in bursts):
                    return b59(rng, "h100_59", load=rng.uniform(0.3, 0.6))
                return g38(0, rng.uniform(110, 125), 1980, fb=3100 + rng.randint(-200, 200), temp=rng.randint(36, 41))
            return b59(rng, "h100_59", load=rng.uniform(0.9, 0.98))
        if n_ == "cx-07":
            f = b59(rng, "h100_59", load=rng.uniform(0.85, 0.95))
            f["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"] = (int(12 + t_ // 600) if g == 2 else 0)
            f["DCGM_FI_DEV_XID_ERRORS"] = 63 if (g == 2 and t_ >= 1830.0) else 0
            return f
        if n_ in ("cx-05", "cx-06"):
            return b59(rng, "h100_59", load=rng.uniform(0.85, 0.97))
        return i59(rng, "h100_59")
    tel59(s, ["cx-03"], 8, 0.0, T_END, 120.0, fn, keys=K59S + ("DCGM_FI_DEV_FB_USED",))
    tel59(s, ["cx-07"], 8, 0.0, T_END, 600.0, fn, keys=K59E)
    tel59(s, ["cx-01", "cx-02", "cx-04", "cx-05", "cx-06", "cx-08"], 8, 0.0, T_END, 1800.0, fn, keys=K59S)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=["cx-03", "cx-07"])
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
