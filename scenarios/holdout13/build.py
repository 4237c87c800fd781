#!/usr/bin/env python3
"""Build the holdout13 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout12):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to `CORE` are copied unchanged from holdout12's build.py (same machinery,
including `TqdmBar`, a re-implementation of tqdm's own `format_meter`).
"""
from __future__ import annotations


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
# S1  hf-hub-504-outage-two-jobs-fail-at-start  (infrastructure: the Hugging Face Hub answers 504 for ~an hour;
#     two jobs on disjoint nodes die while resolving their models; a running job is untouched)
# ======================================================================================
# Lines: https://github.com/SYSTRAN/faster-whisper/issues/212 -- "504 when trying to download the model" (vsmaxim,
# 2023-05-09): "This is what I have in a GPU cluster:" followed by the line below. Conclusion (maintainer guillaumekln):
# "I think HF is down or in maintenance. Their main website is returning a 502 Bad Gateway" + Hugging Face's status
# tweet; reporter: "it's on hf side" -- a shared external service outage, nothing on the cluster.
REAL_S1_WHISPER_504 = "504 Server Error: Gateway Time-out for url: https://huggingface.co/api/models/guillaumekln/faster-whisper-large-v2/revision/main"
# Lines: https://github.com/huggingface/transformers/issues/23228 -- "504 Server Error: Gateway Time-out for
# BertTokenizer" (2023-05-09); YiranHuangIrene: "I have a similar issue: <line below>". Conclusion (maintainer
# amyeroberts): "We had a short outage of the hub website and API earlier today, which is likely the result of the 504".
REAL_S1_GPT2_504 = "huggingface_hub.utils._errors.HfHubHTTPError: 504 Server Error: Gateway Time-out for url: https://huggingface.co/api/models/gpt2"

S1_PY = "/opt/conda/lib/python3.10/site-packages"


def hub_traceback(url_line: str, head: list[str], hub_frames: list[str]) -> list[str]:
    """SYNTH: huggingface_hub 0.14 chained traceback around a 5xx from the Hub API."""
    msg = url_line.split("HfHubHTTPError: ")[-1]
    return ["Traceback (most recent call last):",
            f'  File "{S1_PY}/huggingface_hub/utils/_errors.py", line 259, in hf_raise_for_status',
            "    response.raise_for_status()",
            f'  File "{S1_PY}/requests/models.py", line 1021, in raise_for_status',
            "    raise HTTPError(http_error_msg, response=self)",
            f"requests.exceptions.HTTPError: {msg}",
            "",
            "The above exception was the direct cause of the following exception:",
            "",
            "Traceback (most recent call last):"] + head + hub_frames + [
            f'  File "{S1_PY}/huggingface_hub/utils/_errors.py", line 301, in hf_raise_for_status',
            "    raise HfHubHTTPError(str(e), response=response) from e",
            url_line if url_line.startswith("huggingface_hub") else f"huggingface_hub.utils._errors.HfHubHTTPError: {url_line}"]


def build_s1() -> Scenario:
    A, B, C = "88412", "88415", "88390"
    s = Scenario(
        "hf-hub-504-outage-two-jobs-fail-at-start",
        "During the 2023-05-09 Hugging Face Hub outage two freshly started jobs on disjoint nodes (a faster-whisper "
        "pseudo-labelling job on gpu07 and a 4-GPU GPT-2 fine-tune on gpu12) both die within minutes with a 504 "
        "Gateway Time-out from huggingface.co while resolving their models; a long-running job on gpu[03-04] keeps "
        "training. Nothing on the cluster is at fault.",
        "2023-05-09T10:25:00Z",
        {"name": "sim-hf", "partition": "gpu", "nodes": "gpu[01-16]", "gpus_per_node": 4},
        [{"id": A, "name": "whisper-pseudolabel-shard42", "user": "vsmaxim", "nodes": "gpu07", "tasks_per_node": 1,
          "started": "2023-05-09T10:31:02Z", "comment": comment(2)},
         {"id": B, "name": "gpt2-ft-reviews", "user": "yhuang", "nodes": "gpu12", "tasks_per_node": 1,
          "started": "2023-05-09T10:38:40Z", "comment": comment(1)},
         {"id": C, "name": "vit-b16-pretrain", "user": "lwei", "nodes": "gpu[03-04]", "tasks_per_node": 4,
          "started": "2023-05-09T08:55:10Z", "comment": comment(2, "/scratch/lwei/vitb16")}],
    )
    rng = s.rng
    t_end = 2400.0
    # --- neighbour C: plain DDP trainer, one line every ~31 s (SYNTH)
    t, step = 21.0, 41210
    while t < t_end:
        s.joblog(t, C, generic_step(s, t, step, 2.71 - (step - 41210) * 2e-5 + rng.uniform(-0.02, 0.02), 1.553 + rng.uniform(-0.02, 0.02)))
        t += 20 * 1.553 + rng.uniform(-0.2, 0.2)
        step += 20
    # --- job A: faster-whisper 0.5.1 pseudo-labelling; WhisperModel("large-v2") asks the Hub for the repo (SYNTH + REAL)
    tA = 362.0 + 3.1
    s.joblog(tA, A, f"[{s.at(tA):%Y-%m-%d %H:%M:%S}] shard 00042/00128: 2812 files, model=large-v2 compute_type=float16")
    tA += 61.4  # the gateway gives up after ~60 s
    head = [f'  File "/home/vsmaxim/asr/pseudolabel.py", line 58, in <module>',
            '    model = WhisperModel(args.model, device="cuda", compute_type="float16")',
            f'  File "{S1_PY}/faster_whisper/transcribe.py", line 112, in __init__',
            "    model_path = download_model(model_size_or_path, cache_dir=download_root)",
            f'  File "{S1_PY}/faster_whisper/utils.py", line 72, in download_model',
            "    return huggingface_hub.snapshot_download(repo_id, **kwargs)"]
    frames = [f'  File "{S1_PY}/huggingface_hub/utils/_validators.py", line 118, in _inner_fn',
              "    return fn(*args, **kwargs)",
              f'  File "{S1_PY}/huggingface_hub/_snapshot_download.py", line 164, in snapshot_download',
              "    repo_info = _api.repo_info(repo_id=repo_id, repo_type=repo_type, revision=revision, token=token)",
              f'  File "{S1_PY}/huggingface_hub/utils/_validators.py", line 118, in _inner_fn',
              "    return fn(*args, **kwargs)",
              f'  File "{S1_PY}/huggingface_hub/hf_api.py", line 1745, in repo_info',
              "    return method(",
              f'  File "{S1_PY}/huggingface_hub/utils/_validators.py", line 118, in _inner_fn',
              "    return fn(*args, **kwargs)",
              f'  File "{S1_PY}/huggingface_hub/hf_api.py", line 1554, in model_info',
              "    hf_raise_for_status(r)"]
    t_fault = tA
    for k, l in enumerate(hub_traceback(REAL_S1_WHISPER_504, head, frames)):  # REAL (the 504 line)
        s.joblog(tA + 0.001 * k, A, l)
    s.joblog(tA + 0.9, A, "srun: error: gpu07: task 0: Exited with exit code 1")
    s.job_state(tA + 1.6, A, "FAILED", "1:0")
    # --- job B: torchrun, 4 local ranks; each resolves "gpt2" through huggingface_hub.model_info (SYNTH + REAL)
    tB = 820.0 + 4.0
    torchrun_banner(s, tB, B)
    tB += 5.2 + 60.3
    pids = [40211, 40212, 40213, 40214]
    headB = ['  File "/home/yhuang/ft/train_gpt2.py", line 41, in <module>',
             "    info = model_info(args.model_name, revision=args.revision)"]
    framesB = [f'  File "{S1_PY}/huggingface_hub/utils/_validators.py", line 118, in _inner_fn',
               "    return fn(*args, **kwargs)",
               f'  File "{S1_PY}/huggingface_hub/hf_api.py", line 1554, in model_info',
               "    hf_raise_for_status(r)"]
    for r in range(4):
        tr = tB + 0.23 * r + rng.uniform(0, 0.05)
        for k, l in enumerate(hub_traceback(REAL_S1_GPT2_504, headB, framesB)):  # REAL (the 504 line)
            s.joblog(tr + 0.0005 * k, B, l)
    tB = torchrun_failure(s, tB + 2.4, B, "gpu12", [0, 1, 2, 3], pids, "train_gpt2.py", S1_PY)
    s.joblog(tB + 0.6, B, "srun: error: gpu12: task 0: Exited with exit code 1")
    s.job_state(tB + 1.3, B, "FAILED", "1:0")

    def tel(n_, g, t3):
        if n_ in ("gpu03", "gpu04"):
            return busy(rng, "a100_40")
        if n_ == "gpu07" and 365 < t3 < tA and g == 0:
            f = idle(rng, "a100_40")
            f["DCGM_FI_DEV_FB_USED"] = 431
            return f
        return idle(rng, "a100_40")
    telemetry_gap(s, ["gpu03", "gpu04", "gpu07", "gpu12"], 4, 0.0, t_end, 60.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_fault, "category": "infrastructure"},
                    no_requeue=[A, B, C], no_drain=["gpu07", "gpu12", "gpu03", "gpu04"])
    return s


# ======================================================================================
# S2  healthy-wandb-filestream-thread-dies-training-continues  (healthy: W&B's backend has an outage; the client's
#     file_stream thread dies with a traceback in the job log, the W&B UI calls the run "crashed", but training goes on
#     at its normal ~10 min per epoch)
# ======================================================================================
# Lines: https://github.com/wandb/wandb/issues/1526 -- "Run state reported as "crashed", but the execution is still
# running fine"; eembees (2021-04-28) pasted "My local stdout logs" (below, cut where the excerpt is cut). Conclusion:
# the run itself keeps running -- only the wandb client's background file_stream thread dies on the server error (the
# maintainers' fixes: wandb PRs #2068 "Runs marked as crashed but still running" and #2148 "catches exceptions in
# file_stream"); the same day other users saw api.wandb.ai answer 500 "invalid connection". Nothing to act on.
REAL_S2_LINES = [
    "------------------------------------------------------------------------------------",
    "Epoch 5: 28/04/2021 07:49:46",
    "gen_sine - 1024/1024 (10m 5s)      | loss = 0.000     | ll = -0.127    | bpd = 0.000",
    "wandb: Network error (ReadTimeout), entering retry loop. See wandb/debug-internal.log for full traceback.",
    "gen_sine - 16/16 (0m 3s)           | loss = 0.000     | ll = -0.125    | bpd = 0.000",
    "------------------------------------------------------------------------------------",
    "Epoch 6: 28/04/2021 07:59:56",
    "Exception in thread Thread-5:      | loss = 0.000     | ll = -0.086    | bpd = 0.000",
    "Traceback (most recent call last):",
    '  File "/home/ms/anaconda3/envs/torchie/lib/python3.8/threading.py", line 932, in _bootstrap_inner',
    "    self.run()",
    '  File "/home/ms/anaconda3/envs/torchie/lib/python3.8/threading.py", line 870, in run',
    "    self._target(*self._args, **self._kwargs)",
    '  File "/home/ms/anaconda3/envs/torchie/lib/python3.8/site-packages/wandb/sdk/internal/file_stream.py", line 255, in _thread_body',
    "    self._send(ready_chunks)",
    '  File "/home/ms/anaconda3/envs/torchie/lib/python3.8/site-packages/wandb/sdk/internal/file_stream.py", line 299, in _send',
    "    self._handle_response(",
]

S2_SITE = "/home/ms/anaconda3/envs/torchie/lib/python3.8/site-packages"


def s2_prog(name: str, n: int, total: int, sec: int, loss: float, ll: float, bpd: float) -> str:
    """SYNTH: the trainer's own progress line, fields padded exactly like the real lines above."""
    head = f"{name} - {n}/{total} ({sec // 60}m {sec % 60}s)"
    return f"{head:<35}| loss = {loss:<10.3f}| ll = {ll:<10.3f}| bpd = {bpd:.3f}"


def build_s2() -> Scenario:
    J, N = "41177", "41160"
    s = Scenario(
        "healthy-wandb-filestream-thread-dies-training-continues",
        "A single-GPU flow-model training job prints one short block per ~10-minute epoch. During a W&B backend outage "
        "the wandb client logs a ReadTimeout retry notice, then its background file_stream thread dies with a "
        "traceback ending in a 500 from api.wandb.ai; the W&B UI marks the run crashed, but the training process keeps "
        "going and later epochs finish on schedule. Nothing is wrong with the job or the node.",
        "2021-04-28T07:25:00Z",
        {"name": "sim-lab", "partition": "gpu", "nodes": "gpu[1-8]", "gpus_per_node": 2},
        [{"id": J, "name": "flow-gen-sine", "user": "ms", "nodes": "gpu3", "tasks_per_node": 1,
          "started": "2021-04-28T06:58:51Z", "comment": comment(1)},
         {"id": N, "name": "resnet50-cifar-sweep", "user": "kl", "nodes": "gpu4", "tasks_per_node": 1,
          "started": "2021-04-28T06:40:00Z"}],
    )
    rng = s.rng
    e5 = (7 * 3600 + 49 * 60 + 46) - (7 * 3600 + 25 * 60)  # 07:49:46 -> t = 1486
    period = 610.0
    ll = {3: -0.161, 4: -0.142, 5: -0.127, 6: -0.086, 7: -0.071, 8: -0.066, 9: -0.058, 10: -0.052}
    for ep in range(3, 11):
        t0 = e5 + (ep - 5) * period
        if ep == 5:
            R = REAL_S2_LINES
            s.joblog(t0 - 0.6, J, R[0])  # REAL
            s.joblog(t0 - 0.5, J, "")
            s.joblog(t0, J, R[1])  # REAL
            s.joblog(t0 + 605.2, J, R[2])  # REAL
            s.joblog(t0 + 606.1, J, R[3])  # REAL
            s.joblog(t0 + 608.3, J, R[4])  # REAL
            s.joblog(t0 + 608.4, J, R[5])  # REAL
            s.joblog(t0 + 608.5, J, "")
            continue
        if ep == 6:
            R = REAL_S2_LINES
            s.joblog(t0, J, R[6])  # REAL
            te = t0 + 1.3
            for k, l in enumerate(R[7:]):  # REAL: Thread-5's traceback, cut where the excerpt is cut
                s.joblog(te + 0.001 * k, J, l)
            tail = [  # SYNTH: the rest of the chain (wandb 0.10.27: _handle_response re-raises request_with_retry's error)
                f'  File "{S2_SITE}/wandb/sdk/internal/file_stream.py", line 271, in _handle_response',
                "    raise response",
                f'  File "{S2_SITE}/wandb/util.py", line 747, in request_with_retry',
                "    response.raise_for_status()",
                f'  File "{S2_SITE}/requests/models.py", line 943, in raise_for_status',
                "    raise HTTPError(http_error_msg, response=self)",
                "requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url: https://api.wandb.ai/files/ms/flows/3k8v2m1q/file_stream",
            ]
            for k, l in enumerate(tail):
                s.joblog(te + 0.02 + 0.001 * k, J, l)
            s.joblog(t0 + 605.0 + rng.uniform(0, 0.3), J, s2_prog("gen_sine", 1024, 1024, 605, 0.0, ll[ep], 0.0))
            s.joblog(t0 + 608.2, J, s2_prog("gen_sine", 16, 16, 3, 0.0, ll[ep] + 0.004, 0.0))
            s.joblog(t0 + 608.3, J, "-" * 84)
            s.joblog(t0 + 608.4, J, "")
            continue
        d0 = s.at(t0)
        s.joblog(t0, J, f"Epoch {ep}: {d0:%d/%m/%Y %H:%M:%S}")  # SYNTH (same format)
        sec = 605 + rng.choice([-1, 0, 0, 1])
        s.joblog(t0 + sec + rng.uniform(0, 0.3), J, s2_prog("gen_sine", 1024, 1024, sec, 0.0, ll[ep], 0.0))
        s.joblog(t0 + sec + 3.1, J, s2_prog("gen_sine", 16, 16, 3, 0.0, ll[ep] + 0.003, 0.0))
        if ep != 4:  # epoch 4's closing separator is the first real line
            s.joblog(t0 + sec + 3.2, J, "-" * 84)
            s.joblog(t0 + sec + 3.3, J, "")
    t_end = e5 + 6 * period - 20
    t2 = 14.0
    ep2 = 71
    while t2 < t_end:  # neighbour (SYNTH): a Lightning-free CIFAR sweep printing one line per ~48 s epoch
        s.joblog(t2, N, f"epoch {ep2:3d} | train_loss {0.31 - ep2 * 0.0012 + rng.uniform(-0.01, 0.01):.4f} | val_acc {0.912 + rng.uniform(-0.004, 0.004):.4f} | lr 0.0100 | 47.9s")
        t2 += 47.9 + rng.uniform(-0.4, 0.4)
        ep2 += 1

    def tel(n_, g, t3):
        if g == 1:
            return idle(rng, "v100_32")
        return busy(rng, "v100_32")
    telemetry_gap(s, ["gpu3", "gpu4"], 2, 0.0, t_end, 60.0, tel, fields=LIGHT)
    s.truth = truth(None, no_requeue=[J, N], no_drain=["gpu3", "gpu4"])
    return s


# ======================================================================================
# S3  worker4-xid48-dbe-mid-training  (gpu_hardware: an uncorrectable double-bit ECC error on worker4's GPU at
#     PCI 0000:07:00 kills a 2-node DDP job; a later CUDA smoke test on that GPU cannot even allocate memory)
# ======================================================================================
# Lines: https://github.com/NVIDIA/gpu-operator/issues/1146 -- "Validator pods crashes for some nodes." (edwardzjl,
# 2024-12-02): on one node (worker4) the CUDA validator keeps failing with the vectorAdd output below, and
# `grep -i nvrm /var/log/syslog` shows the Xid 48 line below (the excerpt is cut after "partition"). Conclusion: the
# node's GPU reports an uncorrectable double-bit (DBE) error -- Xid 48, whose catalog action is a GPU reset (and RMA if it
# recurs); the operator stack itself is fine (the issue was closed without a software change).
REAL_S3_XID48 = "Dec  2 10:43:35 worker4 kernel: [240314.528856] NVRM: Xid (PCI:0000:07:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x7fdd60000 partition"
REAL_S3_VALIDATOR = [
    "Failed to allocate device vector A (error code unknown error)!",
    "[Vector addition of 50000 elements]",
]

S3_PY = "/opt/conda/lib/python3.10/site-packages"


def build_s3() -> Scenario:
    J, T = "51120", "51129"
    s = Scenario(
        "worker4-xid48-dbe-mid-training",
        "A 2-node x 4-GPU DDP fine-tune on worker[3-4] logs a step line every ~41 s. An uncorrectable double-bit ECC "
        "error (Xid 48, then an Xid 63 row-remap notice) on worker4's GPU at PCI 0000:07:00 makes rank 5 raise a CUDA "
        "ECC error; torchrun tears the job down. Nine minutes later a CUDA smoke test scheduled onto the same GPU "
        "cannot allocate device memory.",
        "2024-12-02T10:20:00Z",
        {"name": "sim-k", "partition": "gpu", "nodes": "worker[1-6]", "gpus_per_node": 4,
         "pci_bus_ids": ["0000:01:00", "0000:07:00", "0000:41:00", "0000:47:00"]},
        [{"id": J, "name": "qwen7b-sft-ddp", "user": "zjl", "nodes": "worker[3-4]", "tasks_per_node": 1,
          "started": "2024-12-02T07:12:40Z", "comment": comment(3, "/data/zjl/ckpt/qwen7b-sft")},
         {"id": T, "name": "cuda-smoke", "user": "zjl", "nodes": "worker4", "tasks_per_node": 1,
          "started": "2024-12-02T10:52:11Z"}],
    )
    rng = s.rng
    t_x = 1415.529  # 10:43:35.529 (the real journal stamp)
    t, step = 17.0, 4420
    while t < t_x - 1.0:  # SYNTH: the trainer's own step line every 20 steps (~2.05 s/step)
        s.joblog(t, J, "0: " + generic_step(s, t, step, 1.384 - (step - 4420) * 1.5e-4 + rng.uniform(-0.03, 0.03), 2.05 + rng.uniform(-0.03, 0.03)))
        t += 20 * 2.05 + rng.uniform(-0.4, 0.4)
        step += 20
    s.kernel(t_x, "worker4", REAL_S3_XID48 + " 3, subpartition 0.")  # REAL (+ the cut-off tail, SYNTH)
    s.kernel(t_x + 0.024, "worker4", "Dec  2 10:43:35 worker4 kernel: [240314.552714] NVRM: Xid (PCI:0000:07:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000007fdd60000) marked for remapping, reset gpu to activate.")  # SYNTH
    t_r = t_x + 0.41
    tb = ["Traceback (most recent call last):",
          '  File "/data/zjl/sft/train_sft.py", line 212, in <module>',
          "    main()",
          '  File "/data/zjl/sft/train_sft.py", line 187, in main',
          "    scaler.scale(loss).backward()",
          f'  File "{S3_PY}/torch/_tensor.py", line 487, in backward',
          "    torch.autograd.backward(",
          f'  File "{S3_PY}/torch/autograd/__init__.py", line 200, in backward',
          "    Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
          "RuntimeError: CUDA error: uncorrectable ECC error encountered",
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
          ""]
    for k, l in enumerate(tb):  # SYNTH: rank 5 (worker4, local rank 1, the GPU at 07:00)
        s.joblog(t_r + 0.001 * k, J, f"1: {l}")
    pids4 = [40218, 40219, 40220, 40221]
    for p in (40218, 40220, 40221):
        s.joblog(t_r + 1.2 + 0.01 * (p % 7), J, f"1: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {p} closing signal SIGTERM")
    torchrun_failure(s, t_r + 2.3, J, "worker4", [5], [40219], "train_sft.py", S3_PY, runpy=(794, 785, 134, 250),
                     prefix="1: ", lranks=[1])
    s.joblog(t_r + 2.9, J, "srun: error: worker4: task 1: Exited with exit code 1")
    s.joblog(t_r + 3.0, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_r + 3.05, J, "0: WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down workers")
    for p in (40111, 40112, 40113, 40114):
        s.joblog(t_r + 3.1 + 0.001 * (p % 10), J, f"0: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {p} closing signal SIGTERM")
    s.joblog(t_r + 3.2, J, f"slurmstepd: error: *** STEP {J}.0 ON worker3 CANCELLED AT {s.at(t_r + 3.2):%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(t_r + 9.6, J, "srun: error: worker3: task 0: Terminated")
    s.job_state(t_r + 10.4, J, "FAILED", "1:0")
    # --- the owner's CUDA smoke test lands on worker4's GPU 1 (REAL output, stderr first as in the thread)
    t_s = (10 * 3600 + 52 * 60 + 11) - (10 * 3600 + 20 * 60) + 2.7
    s.joblog(t_s, T, REAL_S3_VALIDATOR[0])  # REAL
    s.joblog(t_s + 0.01, T, REAL_S3_VALIDATOR[1])  # REAL
    s.joblog(t_s + 0.4, T, "srun: error: worker4: task 0: Exited with exit code 1")
    s.job_state(t_s + 1.1, T, "FAILED", "1:0")
    t_end = t_s + 420.0

    def tel(n_, g, t3):
        if t3 > t_r + 10:
            f = idle(rng, "a100")
            if n_ == "worker4" and g == 1:
                f.update({"DCGM_FI_DEV_XID_ERRORS": 48, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_ROW_REMAP_PENDING": 1})
            return f
        f = busy(rng, "a100")
        f.update({"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0, "DCGM_FI_DEV_XID_ERRORS": 0})
        if n_ == "worker4" and g == 1 and t3 >= t_x:
            f.update({"DCGM_FI_DEV_XID_ERRORS": 48, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_ROW_REMAP_PENDING": 1,
                      "DCGM_FI_DEV_GPU_UTIL": 0})
        return f
    telemetry_gap(s, ["worker3", "worker4"], 4, 0.0, t_end, 30.0, tel,
                  fields=CORE + ("DCGM_FI_DEV_ROW_REMAP_PENDING",))
    s.truth = truth({"t": t_x, "category": "gpu_hardware", "node": "worker4", "gpu": 1},
                    drain=["worker4"], requeue={J: {"exclude": ["worker4"]}}, no_requeue=[T], no_drain=["worker3"])
    return s


# ======================================================================================
# S4  mi300x-vm06-ib-port-flapping-rccl-init-hang  (network: one VM's InfiniBand port mlx5_7 keeps dropping to
#     DOWN/POLLING; a 2-node RCCL job never gets past communicator init -- no error, no progress)
# ======================================================================================
# Lines: https://github.com/ROCm/rccl/issues/1423 -- "RCCL hangs during initialization with `port error`" (HeyangQin,
# 2024-11-14): two MI300X VMs; RCCL hangs at init across the VMs, works within one. Running `rdma link` shows the three
# states below for mlx5_7 over time ("So it is kind of unstable"). Conclusion (AMD, tcgu-amd): "given the intermittent
# link state, I would suspect that there could be something wrong with the hardware potentially, especially if it is
# only happening on one of the VM's ... try to use a different VM" -- one host's IB link, not RCCL.
REAL_S4_RDMA = [
    "link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state DOWN physical_state POLLING",
    "link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state DOWN physical_state LINK_UP",
    "link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state ACTIVE physical_state LINK_UP",
]


def build_s4() -> Scenario:
    J, N = "7741", "7738"
    s = Scenario(
        "mi300x-vm06-ib-port-flapping-rccl-init-hang",
        "A 2-node x 8 MI300X job on mi300x-vm[05-06] dumps `rdma link` from both VMs before launching: vm06's mlx5_7 "
        "is DOWN/POLLING while every other port is ACTIVE. torchrun starts 16 ranks, RCCL logs port-error async events "
        "on vm06, and the job then sits in communicator init with no output; the job's link watcher shows mlx5_7 "
        "coming up and dropping again, and the kernel on vm06 logs the port bouncing. The owner cancels after 40 minutes.",
        "2024-11-14T06:00:00Z",
        {"name": "sim-nd", "partition": "mi300x", "nodes": "mi300x-vm[01-08]", "gpus_per_node": 8},
        [{"id": J, "name": "llama3-8b-fsdp-2n", "user": "hqin", "nodes": "mi300x-vm[05-06]", "tasks_per_node": 1,
          "started": "2024-11-14T06:00:04Z", "comment": comment(2, "/mnt/shared/hqin/ckpt")},
         {"id": N, "name": "mixtral-eval", "user": "rk", "nodes": "mi300x-vm03", "tasks_per_node": 1,
          "started": "2024-11-14T05:12:00Z"}],
    )
    rng = s.rng
    hosts = ["mi300x-vm05", "mi300x-vm06"]
    lids = {0: [3388 + i for i in range(8)], 1: [3396 + i for i in range(8)]}
    t = 6.3
    s.joblog(t, J, f"[{s.at(t):%Y-%m-%d %H:%M:%S}] preflight: rdma link on {','.join(hosts)}")
    for task in (0, 1):  # SYNTH preflight (srun -l rdma link); vm06's mlx5_7 is the real line
        for i in range(8):
            tt = t + 0.35 + 0.08 * task + 0.001 * i
            if task == 1 and i == 7:
                s.joblog(tt, J, f"1: {REAL_S4_RDMA[0]}")  # REAL
                continue
            s.joblog(tt, J, f"{task}: link mlx5_{i}/1 subnet_prefix fe80:0000:0000:0000 lid {lids[task][i]} sm_lid 1 lmc 0 state ACTIVE physical_state LINK_UP")
    # kernel on vm06: the port dropping just as the job starts (SYNTH, mlx5_core's port state message)
    t_fault = 2.1
    s.kernel(t_fault, "mi300x-vm06", f"{dmesg_t(s.at(t_fault))} mlx5_core 0107:00:00.0 mlx5_7: Port: 1 Link DOWN")
    t = 9.8
    for task in (0, 1):
        torchrun_banner(s, t + 0.2 * task, J, prefix=f"{task}: ")
    t += 6.5
    pid0 = {0: 41822, 1: 39107}
    for task in (0, 1):  # SYNTH: a few RCCL INFO lines per node (NCCL_DEBUG=INFO, RCCL 2.20)
        h = hosts[task]
        ip = f"10.0.0.{15 + task}"
        for lr_ in range(8):
            pid = pid0[task] + lr_
            tt = t + 0.9 * task + 0.02 * lr_
            s.joblog(tt, J, f"{task}: {h}:{pid}:{pid} [{lr_}] NCCL INFO Bootstrap : Using eth0:{ip}<0>")
            s.joblog(tt + 0.4, J, f"{task}: {h}:{pid}:{pid} [{lr_}] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB [RO]; OOB eth0:{ip}<0>")
            s.joblog(tt + 0.41, J, f"{task}: {h}:{pid}:{pid} [{lr_}] NCCL INFO Using network IB")
    t += 3.1
    for lr_ in range(8):  # the async-event thread of each vm06 rank reports the port dropping again (SYNTH)
        pid = pid0[1] + lr_
        s.joblog(t + 0.03 * lr_, J, "1: ")
        s.joblog(t + 0.03 * lr_ + 0.001, J, f"1: mi300x-vm06:{pid}:{pid + 163} [{lr_}] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_7:1 Got async event : port error")
    s.kernel(t - 0.3, "mi300x-vm06", f"{dmesg_t(s.at(t - 0.3))} mlx5_core 0107:00:00.0 mlx5_7: Port: 1 Link DOWN")
    # the watcher the owner added (SYNTH loop) prints vm06's mlx5_7 every 5 minutes: it bounces (REAL states)
    states = [1, 2, 0, 1, 2, 0, 0, 2]
    s.kernel(11.0, "mi300x-vm06", f"{dmesg_t(s.at(11.0))} mlx5_core 0107:00:00.0 mlx5_7: Port: 1 Link INIT")
    s.kernel(11.8, "mi300x-vm06", f"{dmesg_t(s.at(11.8))} mlx5_core 0107:00:00.0 mlx5_7: Port: 1 Link ACTIVE")
    prev = 0
    for k, st in enumerate(states):
        tw = 300.0 * (k + 1) + 6.5
        s.joblog(tw, J, f"1: [{s.at(tw):%H:%M:%S}] {REAL_S4_RDMA[st]}")  # REAL
        if st == 2:
            s.kernel(tw - 37.0, "mi300x-vm06", f"{dmesg_t(s.at(tw - 37.0))} mlx5_core 0107:00:00.0 mlx5_7: Port: 1 Link INIT")
            s.kernel(tw - 36.2, "mi300x-vm06", f"{dmesg_t(s.at(tw - 36.2))} mlx5_core 0107:00:00.0 mlx5_7: Port: 1 Link ACTIVE")
        elif st == 0 and prev == 2:
            s.kernel(tw - 52.0, "mi300x-vm06", f"{dmesg_t(s.at(tw - 52.0))} mlx5_core 0107:00:00.0 mlx5_7: Port: 1 Link DOWN")
        prev = st
    t_c = 2410.0
    s.joblog(t_c, J, f"slurmstepd: error: *** JOB {J} ON mi300x-vm05 CANCELLED AT {s.at(t_c):%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(t_c + 0.1, J, f"slurmstepd: error: *** STEP {J}.0 ON mi300x-vm05 CANCELLED AT {s.at(t_c):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t_c + 1.8, J, "CANCELLED", "0:15")
    t2 = 31.0
    b = 1120
    while t2 < 2500:  # neighbour (SYNTH): an eval harness on vm03, one line per ~55 s
        s.joblog(t2, N, f"[{s.at(t2):%Y-%m-%d %H:%M:%S}] eval batch {b}/4096 done, {b * 32} samples, 55.1s")
        t2 += 55.1 + rng.uniform(-0.6, 0.6)
        b += 1

    def tel(n_, g, t3):
        if n_ == "mi300x-vm03":
            return busy(rng, "mi300x")
        if t3 < 18 or t3 > t_c + 2:
            return idle(rng, "mi300x")
        f = idle(rng, "mi300x")  # ranks stuck in communicator init: memory allocated, no compute
        f["DCGM_FI_DEV_FB_USED"] = 2900 + rng.randint(-40, 40)
        f["DCGM_FI_DEV_POWER_USAGE"] = round(141.0 + rng.uniform(-6, 6), 1)
        return f
    telemetry_gap(s, ["mi300x-vm05", "mi300x-vm06", "mi300x-vm03"], 8, 0.0, 2500.0, 120.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_fault, "category": "network", "node": "mi300x-vm06"},
                    drain=["mi300x-vm06"], requeue={J: {"exclude": ["mi300x-vm06"]}}, no_requeue=[N],
                    no_drain=["mi300x-vm05", "mi300x-vm03"])
    return s


# ======================================================================================
# S5  ws07-host-reboots-mid-epoch-psu  (node_failure: a single-GPU workstation node power-cycles 1.5 epochs into a
#     Keras VGG run -- no error line anywhere, the log just stops; Slurm later reports the unexpected reboot)
# ======================================================================================
# Lines: https://github.com/tensorflow/tensorflow/issues/8858 -- "Machine restarts when running TensorFlow with GPU";
# nanoant (2018-02-08): Keras VGGNet training on a GTX 1070 (Arch Linux, driver 390.25) "reports few out of memory
# errors, continues to run, then my machine reboots after ~1.5 epochs"; his log head is below (the excerpt is cut after
# "pci bus id: 0000:01:00.0,"). Conclusion of the thread: the host's power supply -- surmenok: "Now I feel confident
# that the issue is related to power supply ... changed the power supply ... and don't get the system crash anymore";
# mtakala: "Our issue turned out to be an issue with power supply as well"; WERAQS likewise. A host fault: the job is
# fine elsewhere, the box must be fixed.
REAL_S5_TF = [
    "Using TensorFlow backend.",
    "2018-02-08 15:04:21.206315: I tensorflow/core/platform/cpu_feature_guard.cc:137] Your CPU supports instructions that this TensorFlow binary was not compiled to use: SSE4.1 SSE4.2 AVX AVX2 FMA",
    "2018-02-08 15:04:21.345612: I tensorflow/stream_executor/cuda/cuda_gpu_executor.cc:892] successful NUMA node read from SysFS had negative value (-1), but there must be at least one NUMA node, so returning NUMA node zero",
    "2018-02-08 15:04:21.346057: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1030] Found device 0 with properties: ",
    "name: GeForce GTX 1070 major: 6 minor: 1 memoryClockRate(GHz): 1.683",
    "pciBusID: 0000:01:00.0",
    "totalMemory: 7.92GiB freeMemory: 7.83GiB",
    "2018-02-08 15:04:21.346073: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1120] Creating TensorFlow device (/device:GPU:0) -> (device: 0, name: GeForce GTX 1070, pci bus id: 0000:01:00.0,",
]


def build_s5() -> Scenario:
    J, N = "30218", "30211"
    s = Scenario(
        "ws07-host-reboots-mid-epoch-psu",
        "A Keras (TensorFlow 1.5) VGG training job on the single-GTX-1070 node ws07 prints one line per ~7-minute "
        "epoch (verbose=2), after a few benign BFC-allocator 'ran out of memory' warnings at start-up. Halfway through "
        "epoch 2 the host loses power and reboots: no error is printed, the log simply stops and the GPU exporter goes "
        "silent; ~95 s later slurmd re-registers and Slurm marks ws07 DOWN as unexpectedly rebooted and fails the job.",
        "2018-02-08T15:03:00Z",
        {"name": "sim-ws", "partition": "gpu", "nodes": "ws[01-10]", "gpus_per_node": 1, "pci_bus_ids": ["0000:01:00"]},
        [{"id": J, "name": "vggnet-keras-bs64", "user": "akr", "nodes": "ws07", "tasks_per_node": 1,
          "started": "2018-02-08T15:04:12Z", "comment": comment(2, "/home/akr/vgg/ckpt")},
         {"id": N, "name": "char-rnn", "user": "pmc", "nodes": "ws06", "tasks_per_node": 1,
          "started": "2018-02-08T14:20:40Z"}],
    )
    rng = s.rng
    base = 15 * 3600 + 3 * 60

    def tt(h, m, sec):
        return h * 3600 + m * 60 + sec - base
    s.joblog(tt(15, 4, 19.874), J, REAL_S5_TF[0])  # REAL
    for l in REAL_S5_TF[1:]:
        m = re.match(r"^2018-02-08 (\d\d):(\d\d):(\d\d\.\d+): ", l)
        if m:
            t = tt(int(m.group(1)), int(m.group(2)), float(m.group(3)))
        else:
            t += 0.00001
        s.joblog(t, J, l + (" compute capability: 6.1)" if l.endswith("0000:01:00.0,") else ""))  # REAL (+ cut-off tail)
    t = tt(15, 4, 24.52)
    s.joblog(t, J, "Train on 50000 samples, validate on 10000 samples")
    s.joblog(t + 0.01, J, "Epoch 1/40")
    for k, gib in enumerate(("2.26GiB", "1.13GiB", "3.39GiB")):  # SYNTH: the "few out of memory errors" (benign)
        tk = t + 9.3 + 0.4 * k + rng.uniform(0, 0.05)
        d = s.at(tk)
        s.joblog(tk, J, f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: W tensorflow/core/common_runtime/bfc_allocator.cc:217] Allocator (GPU_0_bfc) ran out of memory trying to allocate {gib}. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory is available.")
    t_e1 = t + 431.6
    s.joblog(t_e1, J, " - 431s - loss: 2.3031 - acc: 0.1002 - val_loss: 2.3026 - val_acc: 0.1000")
    s.joblog(t_e1 + 0.02, J, "Epoch 2/40")
    t_fault = t_e1 + 0.5 * 429.0 + 7.3  # power lost ~half-way through epoch 2
    t_boot = t_fault + 63.0
    t_reg = t_fault + 95.4
    epoch = dt.datetime(1970, 1, 1)
    bt = int((s.at(t_boot - 14.0) - epoch).total_seconds())
    lr_ = int((s.at(t_fault - 4.0) - epoch).total_seconds())
    for k, l in enumerate([  # SYNTH: ws07's kernel log after it comes back (dmesg -T, new boot)
            "Linux version 4.15.1-2-ARCH (builduser@heftig-2186) (gcc version 7.3.0 (GCC)) #1 SMP PREEMPT Wed Feb 7 01:31:35 UTC 2018",
            "Command line: BOOT_IMAGE=/vmlinuz-linux root=UUID=6f0e1c7a-8b1d-4d8e-9c55-2b1f8f1f3a42 rw quiet",
            "nvidia: loading out-of-tree module taints kernel.",
            "nvidia: module license 'NVIDIA' taints kernel."]):
        tk = t_boot - 14.0 + (14.0 if k >= 2 else 0.0) + 0.001 * k
        s.kernel(tk, "ws07", f"{dmesg_t(s.at(tk))} {l}")
    s.node_state(t_reg, "ws07", "DOWN", f"Node unexpectedly rebooted boot_time={bt} last response={lr_}")
    s.job_state(t_reg + 0.2, J, "NODE_FAIL", "0:0")
    t_end = t_reg + 900.0
    t2, it = 40.0, 18200
    while t2 < t_end:  # neighbour (SYNTH): a char-rnn on ws06 printing every ~25 s
        s.joblog(t2, N, f"{it}/200000 (epoch 9.118), train_loss = {1.262 + rng.uniform(-0.05, 0.05):.8f}, grad/param norm = {0.0312 + rng.uniform(-0.004, 0.004):.4e}, time/batch = 0.2507s")
        t2 += 25.07 + rng.uniform(-0.1, 0.1)
        it += 100

    def tel(n_, g, t3):
        if n_ == "ws06":
            return busy(rng, "gtx1070")
        if t3 < tt(15, 4, 22):
            return idle(rng, "gtx1070")
        if t3 < t_fault:
            return busy(rng, "gtx1070")
        if t3 < t_reg - 10:
            return None  # host down: the exporter is gone
        return idle(rng, "gtx1070")
    telemetry_gap(s, ["ws07", "ws06"], 1, 0.0, t_end, 30.0, tel,
                  fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"))
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": "ws07"},
                    drain=["ws07"], requeue={J: {"exclude": ["ws07"]}}, no_requeue=[N], no_drain=["ws06"])
    return s


# ======================================================================================
# S6  hf-seq2seq-qa-eval-oom-repeats-after-requeue  (software: the Trainer's evaluation loop keeps every generated
#     batch on the GPU and runs out of memory part-way through evaluation; the owner's requeue from the last
#     checkpoint on another node dies at the same evaluation batch)
# ======================================================================================
# Lines: https://github.com/huggingface/transformers/issues/17089 -- "CUDA out of memory in evaluation_loop" (OfirArviv,
# 2022-05-04): examples/pytorch/question-answering/run_seq2seq_qa.py trains fine, then the evaluation loop runs out of
# CUDA memory (frames below; the excerpt is cut after the `<genexpr>` frame). The reporter had already tried
# `eval_accumulation_steps=10` "and still get the error". The failure is the program's own memory use in
# `evaluation_loop` (predictions concatenated on the device with `nested_concat`), deterministic for the configuration:
# restarting or moving to another GPU of the same size reproduces it; a configuration change is needed.
REAL_S6_TB = [
    '  File "question-answering/run_seq2seq_qa.py", line 740, in <module>',
    "    main()",
    '  File "question-answering/run_seq2seq_qa.py", line 699, in main',
    '    metrics = trainer.evaluate(max_length=max_length, num_beams=num_beams, metric_key_prefix="eval")',
    '  File "/question-answering/trainer_seq2seq_qa.py", line 65, in evaluate',
    "    ignore_keys=ignore_keys,",
    '  File "/venv/lib/python3.7/site-packages/transformers/trainer.py", line 2515, in evaluation_loop',
    "    preds_host = logits if preds_host is None else nested_concat(preds_host, logits, padding_index=-100)",
    '  File "/venv/lib/python3.7/site-packages/transformers/trainer_pt_utils.py", line 97, in nested_concat',
    "    return type(tensors)(nested_concat(t, n, padding_index=padding_index) for t, n in zip(tensors, new_tensors))",
    '  File "/venv/lib/python3.7/site-packages/transformers/trainer_pt_utils.py", line 97, in <genexpr>',
]

S6_TPU = "/venv/lib/python3.7/site-packages/transformers/trainer_pt_utils.py"
S6_OUT = "/tmp/debug_seq2seq_squad"


def s6_info(s: Scenario, t: float, line: int, msg: str) -> str:
    return f"[INFO|trainer.py:{line}] {hf_stamp(s.at(t))} >> {msg}"


def hf_stamp(d: dt.datetime) -> str:
    """transformers' logging prefix date part: `2022-05-04 09:11:36,402`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}"


def s6_attempt(s: Scenario, J: str, t: float, bar: TqdmBar, step: int, total: int, rate: float, oom_at: int,
               gib: str, t_train0: float, train_loss: float) -> float:
    """SYNTH: from `step` to the end of training, the evaluation, and the OOM at eval batch `oom_at`; returns t_oom."""
    rng = s.rng
    next_print = t
    while step < total:
        step += 1
        t += 1.0 / rate * (1 + rng.uniform(-0.02, 0.02))
        if step % 500 == 0:
            line = bar.update(step - bar.n, t)
            s.joblog(t, J, line)
            loss = 0.62 - step * 8e-6 + rng.uniform(-0.03, 0.03)
            s.joblog(t + 0.01, J, f"{{'loss': {loss:.4f}, 'learning_rate': {3e-05 * (total - step) / total!r}, 'epoch': {round(2 * step / total, 2)}}}")
            s.joblog(t + 0.02, J, s6_info(s, t + 0.02, 2340, f"Saving model checkpoint to {S6_OUT}/checkpoint-{step}"))
            s.joblog(t + 0.03, J, f"[INFO|configuration_utils.py:446] {hf_stamp(s.at(t + 0.03))} >> Configuration saved in {S6_OUT}/checkpoint-{step}/config.json")
            s.joblog(t + 1.1, J, f"[INFO|modeling_utils.py:1542] {hf_stamp(s.at(t + 1.1))} >> Model weights saved in {S6_OUT}/checkpoint-{step}/pytorch_model.bin")
            t += 2.4
            next_print = t + 20.0
        elif t >= next_print or step == total:
            s.joblog(t, J, bar.update(step - bar.n, t))
            next_print = t + 20.0 + rng.uniform(-1, 1)
    t += 0.3
    s.joblog(t, J, s6_info(s, t, 1662, ""))
    s.joblog(t + 0.001, J, "")
    s.joblog(t + 0.002, J, "Training completed. Do not forget to share your model on huggingface.co/models =)")
    s.joblog(t + 0.003, J, "")
    s.joblog(t + 0.004, J, "")
    rt = t - t_train0
    s.joblog(t + 0.01, J, f"{{'train_runtime': {rt:.4f}, 'train_samples_per_second': {total * 12 / rt:.3f}, 'train_steps_per_second': {total / rt:.3f}, 'train_loss': {train_loss}, 'epoch': 2.0}}")
    s.joblog(t + 0.02, J, bar.line(t))
    s.joblog(t + 0.03, J, s6_info(s, t + 0.03, 2340, f"Saving model checkpoint to {S6_OUT}"))
    t += 1.9
    s.joblog(t, J, f"{s.at(t):%m/%d/%Y %H:%M:%S} - INFO - __main__ - *** Evaluate ***")
    s.joblog(t + 0.01, J, s6_info(s, t + 0.01, 2499, "***** Running Evaluation *****"))
    s.joblog(t + 0.011, J, s6_info(s, t + 0.011, 2501, "  Num examples = 10570"))
    s.joblog(t + 0.012, J, s6_info(s, t + 0.012, 2504, "  Batch size = 32"))
    eb = TqdmBar(331, t + 0.02)
    s.joblog(t + 0.02, J, eb.line(t + 0.02))
    te = t + 0.02
    n = 0
    nxt = te + 10.0
    pending = None  # the latest refresh has no newline yet; the traceback continues it
    while n < oom_at:
        n += 1
        te += 1 / 2.31 * (1 + rng.uniform(-0.05, 0.05))
        if te >= nxt:
            if pending:
                s.joblog(*pending)
            pending = (te, J, eb.update(n - eb.n, te))
            nxt = te + 10.0 + rng.uniform(-0.5, 0.5)
    t_oom = te + 0.2
    tb = ["Traceback (most recent call last):"] + REAL_S6_TB + [  # REAL frames, then the cut-off tail (SYNTH)
        "    return type(tensors)(nested_concat(t, n, padding_index=padding_index) for t, n in zip(tensors, new_tensors))",
        f'  File "{S6_TPU}", line 99, in nested_concat',
        "    return torch_pad_and_concatenate(tensors, new_tensors, padding_index=padding_index)",
        f'  File "{S6_TPU}", line 60, in torch_pad_and_concatenate',
        "    result = tensor1.new_full(new_shape, padding_index)",
        f"RuntimeError: CUDA out of memory. Tried to allocate {gib} (GPU 0; 39.59 GiB total capacity; 33.87 GiB already allocated; 1.61 GiB free; 36.41 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF"]
    for k, l in enumerate(tb):
        s.joblog(t_oom + 0.001 * k, J, (pending[2] if k == 0 else "") + l)
    return t_oom


def build_s6() -> Scenario:
    J, N = "60311", "60290"
    s = Scenario(
        "hf-seq2seq-qa-eval-oom-repeats-after-requeue",
        "A single-GPU T5 question-answering fine-tune (transformers run_seq2seq_qa.py, HF Trainer tqdm bar refreshed "
        "every ~20 s, checkpoint every 500 steps) finishes training and then runs out of CUDA memory at batch 189 of "
        "331 of the evaluation loop. The owner requeues it with eval_accumulation_steps=10 and --resume_from_checkpoint; it "
        "restarts on another node from checkpoint-14500 and dies at the same evaluation batch with the same error.",
        "2022-05-04T09:00:00Z",
        {"name": "sim-q", "partition": "gpu", "nodes": "a100-[01-08]", "gpus_per_node": 4},
        [{"id": J, "name": "t5-squad-seq2seq", "user": "oarviv", "nodes": "a100-03", "tasks_per_node": 1,
          "started": "2022-05-04T08:41:20Z", "comment": comment(2, S6_OUT)},
         {"id": N, "name": "bart-xsum", "user": "dk", "nodes": "a100-04", "tasks_per_node": 1,
          "started": "2022-05-04T07:30:00Z"}],
    )
    rng = s.rng
    total, rate = 14600, 8.58
    t_bar0 = -(18 * 60 + 40) + 74.0
    bar = TqdmBar(total, t_bar0)
    step0 = int((2.0 - t_bar0) * rate)
    bar.warm(step0, 2.0, 1 / rate)
    t_oom1 = s6_attempt(s, J, 2.0, bar, step0, total, rate, 189, "2.27 GiB", t_bar0 - 0.4, 0.5893)
    s.joblog(t_oom1 + 1.6, J, "srun: error: a100-03: task 0: Exited with exit code 1")
    s.job_state(t_oom1 + 2.3, J, "FAILED", "1:0")
    # --- the owner edits the args file (eval_accumulation_steps=10, resume) and requeues (SYNTH)
    t_rq = t_oom1 + 1390.0
    s.job_state(t_rq, J, "PENDING", "0:0", reason="BeginTime")
    t_run = t_rq + 47.0
    s.job_state(t_run, J, "RUNNING", "0:0", nodes="a100-06")
    t = t_run + 21.0
    s.joblog(t, J, f"{s.at(t):%m/%d/%Y %H:%M:%S} - WARNING - __main__ - Process rank: -1, device: cuda:0, n_gpu: 1distributed training: False, 16-bits training: False")
    s.joblog(t + 0.4, J, f"{s.at(t + 0.4):%m/%d/%Y %H:%M:%S} - INFO - __main__ - Checkpoint detected, resuming training at {S6_OUT}/checkpoint-14500. To avoid this behavior, change the `--output_dir` or add `--overwrite_output_dir` to train from scratch.")
    t += 96.0
    msgs = [(1428, "***** Running training *****"), (1429, "  Num examples = 87599"), (1430, "  Num Epochs = 2"),
            (1431, "  Instantaneous batch size per device = 12"),
            (1432, "  Total train batch size (w. parallel, distributed & accumulation) = 12"),
            (1433, "  Gradient Accumulation steps = 1"), (1434, "  Total optimization steps = 14600"),
            (1454, "  Continuing training from checkpoint, will skip to saved global_step"),
            (1455, "  Continuing training from epoch 1"), (1456, "  Continuing training from global step 14500"),
            (1460, "  Will skip the first 1 epochs then the first 7200 batches in the first epoch. If this takes a lot of time, you can add the `--ignore_data_skip` flag to your launch command, but you will resume the training on data already seen by your model.")]
    for k, (ln, m) in enumerate(msgs):
        s.joblog(t + 0.001 * k, J, s6_info(s, t, ln, m))
    t += 41.0  # skipping 7200 batches
    bar2 = TqdmBar(total, t - 41.0)  # ProgressCallback's first update jumps from 0 to the resumed step
    t_oom2 = s6_attempt(s, J, t, bar2, 14500, total, rate, 189, "2.27 GiB", t - 41.4, 0.5127)
    s.joblog(t_oom2 + 1.5, J, "srun: error: a100-06: task 0: Exited with exit code 1")
    s.job_state(t_oom2 + 2.2, J, "FAILED", "1:0")
    t_end = t_oom2 + 300.0
    t2, st = 12.0, 93000
    while t2 < t_end:  # neighbour (SYNTH): fairseq-style line every ~60 s
        s.joblog(t2, N, f"{s.at(t2):%Y-%m-%d %H:%M:%S} | INFO | train_inner | epoch 004:   {st % 10000:4d} / 10211 loss=3.412, nll_loss=1.548, ppl=2.92, wps=18422.3, ups=3.31, wpb=5566.2, bsz=128, num_updates={st}, lr=1.9e-05, gnorm=0.611, train_wall=60, gb_free=12.1, wall={int(t2 + 5400)}")
        t2 += 60.4 + rng.uniform(-0.5, 0.5)
        st += 200

    def tel(n_, g, t3):
        if n_ == "a100-04":
            return busy(rng, "a100_40") if g == 0 else idle(rng, "a100_40")
        if g != 0:
            return idle(rng, "a100_40")
        on = (n_ == "a100-03" and t3 < t_oom1 + 2) or (n_ == "a100-06" and t_run + 20 < t3 < t_oom2 + 2)
        if not on:
            return idle(rng, "a100_40")
        f = busy(rng, "a100_40")
        if (n_ == "a100-03" and t3 > t_oom1 - 80) or (n_ == "a100-06" and t3 > t_oom2 - 80):
            f["DCGM_FI_DEV_FB_USED"] = 37100 + rng.randint(-300, 300)  # predictions piling up on the device
        return f
    telemetry_gap(s, ["a100-03", "a100-04", "a100-06"], 4, 0.0, t_end, 60.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_oom1, "category": "software"},
                    no_requeue=[J, N], no_drain=["a100-03", "a100-06"])
    return s


BUILDERS = [build_s1, build_s2, build_s3, build_s4, build_s5, build_s6]


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
