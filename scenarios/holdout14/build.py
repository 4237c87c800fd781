#!/usr/bin/env python3
"""Build the holdout14 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout13):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to `CORE` are copied unchanged from holdout13's build.py (same machinery,
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
# S1  audiolm-soundstream-fsq-step0-hang-repeats  (software: SoundStreamTrainer under `accelerate launch` with
#     use_finite_scalar_quantizer=True prints step 0 and "saving to", then every rank waits forever; 30 min later the
#     NCCL watchdog kills the ranks. The owner resubmits unchanged and it wedges at the same place.)
# ======================================================================================
# Lines: https://github.com/lucidrains/audiolm-pytorch/issues/279 -- "SoundStream training hangs using accelerate launch
# and the use_finite_scalar_quantizer=True setting" (ThomasLWang, 2024-11-06/08): "it only produces a training loss of 0
# and then hangs. All 8 GPUs show Volatile GPU-Util at 100% with Power Usage/Cap at 70W / 300W." followed by the lines
# below. Conclusion: the trainer's own code path (maintainer lucidrains: "ahh forgot to account for evaluation", then
# pushed fixes and asked the reporter to retry) -- a program bug, deterministic for the configuration: rerunning the same
# code on the same or other GPUs wedges again.
REAL_S1_DATASET = "training with dataset of 2567 samples and validating with randomly splitted 136 samples"
REAL_S1_STEP0 = "0: soundstream total loss: 21.566, soundstream recon loss: 0.010 | discr (scale 1) loss: 2.000 | discr (scale 0.5) loss: 2.000 | discr (scale 0.25) loss: 2.000"
REAL_S1_SAVING = "0: saving to /mnt/data/tomtrain/audiolm-pytorch/results"
REAL_S1_WATCHDOG = "[rank6]:[E1108 19:03:44.372992501 ProcessGroupNCCL.cpp:616] [Rank 6] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=977, OpType=BROADCAST, NumelIn=414297, NumelOut=414297, Timeout(ms)=1800000) ran for 1800039 milliseconds before timing out."

S1_PY = "/opt/conda/lib/python3.11/site-packages"
S1_RESULTS = "/mnt/data/tomtrain/audiolm-pytorch/results"


def s1_watchdog(s: Scenario, t: float, job: str, rank: int, ran_ms: int, real: str | None = None) -> None:
    """SYNTH (torch 2.5 layout) around the real rank-6 line: timeout, exception, abort notice, terminate."""
    d = s.at(t)
    work = "WorkNCCL(SeqNum=977, OpType=BROADCAST, NumelIn=414297, NumelOut=414297, Timeout(ms)=1800000)"
    msg = f"[Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran_ms} milliseconds before timing out."
    first = real if real else f"{c10_prefix(d, rank, s.rng.randint(0, 999))}ProcessGroupNCCL.cpp:616] {msg}"
    lines = [first,
             f"{c10_prefix(s.at(t + 0.0001), rank, s.rng.randint(0, 999))}ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Exception (either an error or timeout) detected by watchdog at work: 977, last enqueued NCCL work: 977, last completed NCCL work: 976.",
             f"{c10_prefix(s.at(t + 0.0002), rank, s.rng.randint(0, 999))}ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
             f"{c10_prefix(s.at(t + 0.00021), rank, s.rng.randint(0, 999))}ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
             f"{c10_prefix(s.at(t + 0.0013), rank, s.rng.randint(0, 999))}ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: {msg}",
             "terminate called after throwing an instance of 'c10::DistBackendError'",
             f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: {msg}"]
    for k, l in enumerate(lines):
        s.joblog(t + 0.0001 * k, job, l)


def s1_attempt(s: Scenario, J: str, t0: float, node: str, pids0: int, agent_pid: int, real: bool) -> float:
    """One run: accelerate notice, dataset line, step 0, saving, wedge, watchdog 1800 s later. Returns t of the wedge."""
    rng = s.rng
    t = t0
    s.joblog(t, J, "The following values were not passed to `accelerate launch` and had defaults used instead:")  # SYNTH
    s.joblog(t + 0.001, J, "\t`--num_machines` was set to a value of `1`")
    s.joblog(t + 0.002, J, "\t`--mixed_precision` was set to a value of `'no'`")
    s.joblog(t + 0.003, J, "\t`--dynamo_backend` was set to a value of `'no'`")
    s.joblog(t + 0.004, J, "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.")
    t += 41.7
    s.joblog(t, J, REAL_S1_DATASET)  # REAL
    s.joblog(t + 0.001, J, "")
    t += 88.4  # first step: model build, compile of the stft discriminator, first batch
    t_step0 = t
    s.joblog(t, J, REAL_S1_STEP0)  # REAL (step 0)
    t += 27.3  # main process reconstructs the validation batch and writes the sample .flac files
    s.joblog(t, J, REAL_S1_SAVING)  # REAL
    t_wedge = t + 4.0  # ranks 1-7 enter step 1's buffer broadcast; rank 0 never joins (SYNTH timing)
    tw = t_wedge + 1800.039
    order = [6, 3, 1, 7, 2, 5, 4]
    for k, r in enumerate(order):
        tr = tw + (0.0 if r == 6 else 0.004 + 0.0021 * k + rng.uniform(0, 0.002))
        s1_watchdog(s, tr, J, r, 1800039 + int((tr - tw) * 1000), REAL_S1_WATCHDOG if (real and r == 6) else None)
    ta = tw + 1.41
    d = s.at(ta)
    s.joblog(ta, J, f"{torch_log_prefix(d, 'W', agent_pid, 'torch/distributed/elastic/multiprocessing/api.py:897')} Sending process {pids0} closing signal SIGTERM")
    fails = [(r, r, pids0 + r, -6) for r in [1, 2, 3, 4, 5, 6, 7]]
    s.joblog(ta + 0.52, J, f"{torch_log_prefix(s.at(ta + 0.52), 'E', agent_pid, 'torch/distributed/elastic/multiprocessing/api.py:869')} failed (exitcode: -6) local_rank: 1 (pid: {pids0 + 1}) of binary: /opt/conda/bin/python3.11")
    head = ['  File "/opt/conda/bin/accelerate", line 8, in <module>', "    sys.exit(main())",
            f'  File "{S1_PY}/accelerate/commands/accelerate_cli.py", line 48, in main', "    args.func(args)",
            f'  File "{S1_PY}/accelerate/commands/launch.py", line 1159, in launch_command', "    multi_gpu_launcher(args)",
            f'  File "{S1_PY}/accelerate/commands/launch.py", line 793, in multi_gpu_launcher', "    distrib_run.run(args)",
            f'  File "{S1_PY}/torch/distributed/run.py", line 910, in run', "    elastic_launch("]
    te = elastic_summary(s, ta + 0.6, J, node, fails, "train_soundstream.py", S1_PY, head)
    s.joblog(te + 0.8, J, f"srun: error: {node}: task 0: Exited with exit code 1")
    s.job_state(te + 1.4, J, "FAILED", "1:0")
    return t_wedge, te + 1.4, t_step0


def build_s1() -> Scenario:
    J, N = "55107", "55092"
    s = Scenario(
        "audiolm-soundstream-fsq-step0-hang-repeats",
        "An 8-GPU SoundStream run (audiolm-pytorch SoundStreamTrainer under accelerate launch, finite scalar "
        "quantizer) prints its step-0 losses and 'saving to', then no rank makes progress: all 8 GPUs sit at 100 % "
        "utilisation near 70 W for 30 minutes until the NCCL watchdog aborts ranks 1-7 on a BROADCAST. The owner "
        "resubmits the same script; it lands on another node and wedges after step 0 again, and is cancelled.",
        "2024-11-08T18:20:00Z",
        {"name": "sim-au", "partition": "gpu", "nodes": "gpu-v-[01-08]", "gpus_per_node": 8},
        [{"id": J, "name": "soundstream-fsq", "user": "twang", "nodes": "gpu-v-03", "tasks_per_node": 1,
          "started": "2024-11-08T18:31:00Z", "comment": comment(2, S1_RESULTS)},
         {"id": N, "name": "hubert-kmeans-feats", "user": "gyohng", "nodes": "gpu-v-04", "tasks_per_node": 1,
          "started": "2024-11-08T17:02:00Z"}],
    )
    rng = s.rng
    t_wedge1, t_fail1, t_s0 = s1_attempt(s, J, 662.934, "gpu-v-03", 18211, 18190, True)  # wedge at 18:33:44.334 = real stamp - 1800.039 s
    # the owner resubmits unchanged (SYNTH): requeue -> runs on gpu-v-05
    t_rq = t_fail1 + 512.0
    s.job_state(t_rq, J, "PENDING", "0:0", reason="BeginTime")
    t_run = t_rq + 33.0
    s.job_state(t_run, J, "RUNNING", "0:0", nodes="gpu-v-05")
    t_wedge2, _, t_s0b = s1_attempt_head_only(s, J, t_run + 9.8)
    t_cancel = t_wedge2 + 1320.0  # the owner gives up after ~22 min of silence
    s.joblog(t_cancel, J, cancel_line(J, "gpu-v-05", s.at(t_cancel)))
    s.job_state(t_cancel + 0.4, J, "CANCELLED", "0:15")
    t_end = t_cancel + 240.0
    t2, it = 31.0, 0  # neighbour (SYNTH): feature dump with a tqdm bar refreshed every ~60 s
    bar = TqdmBar(60000, -4900.0, desc="dump_hubert_feature")
    bar.warm(21400, -29.0, 0.229)
    for _ in range(60):  # steady state of ~262 items per 60 s refresh
        bar.ema_dn(262)
        bar.ema_dt(60.0)
    while t2 < t_end:
        s.joblog(t2, N, bar.update(int(60.0 / 0.229 + rng.uniform(-3, 3)), t2))
        t2 += 60.0 + rng.uniform(-0.4, 0.4)
        if bar.n > 59000:
            break

    def tel(n_, g, t3):
        if n_ == "gpu-v-04":
            return busy(rng, "a100_pcie80") if g < 2 else idle(rng, "a100_pcie80")
        on3 = n_ == "gpu-v-03" and 60 < t3 < t_fail1
        on5 = n_ == "gpu-v-05" and t_run + 5 < t3 < t_cancel + 1
        if not (on3 or on5):
            return idle(rng, "a100_pcie80")
        tw = t_wedge1 if on3 else t_wedge2
        ts = t_s0 if on3 else t_s0b
        if t3 < ts - 60:
            f = idle(rng, "a100_pcie80")
            f["DCGM_FI_DEV_FB_USED"] = 2100 + rng.randint(0, 300)
            return f
        if t3 < tw:
            return busy(rng, "a100_pcie80")
        f = spinning(rng, "a100_pcie80")  # 100 % util, ~70 W: kernels spin in the stuck collective
        f["DCGM_FI_DEV_POWER_USAGE"] = round(70.0 + rng.uniform(-3, 4), 1)
        return f
    telemetry_gap(s, ["gpu-v-03", "gpu-v-04", "gpu-v-05"], 8, 0.0, t_end, 120.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_wedge1, "category": "software"},
                    no_requeue=[J, N], no_drain=["gpu-v-03", "gpu-v-05", "gpu-v-04"])
    return s


def s1_attempt_head_only(s: Scenario, J: str, t0: float):
    """SYNTH: the resubmitted run up to the wedge (same output: the same step-0 and saving lines)."""
    t = t0
    s.joblog(t, J, "The following values were not passed to `accelerate launch` and had defaults used instead:")
    s.joblog(t + 0.001, J, "\t`--num_machines` was set to a value of `1`")
    s.joblog(t + 0.002, J, "\t`--mixed_precision` was set to a value of `'no'`")
    s.joblog(t + 0.003, J, "\t`--dynamo_backend` was set to a value of `'no'`")
    s.joblog(t + 0.004, J, "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.")
    t += 39.9
    s.joblog(t, J, REAL_S1_DATASET)  # same split (random_split_seed = 42)
    s.joblog(t + 0.001, J, "")
    t += 86.1
    t_s0 = t
    s.joblog(t, J, "0: soundstream total loss: 21.571, soundstream recon loss: 0.010 | discr (scale 1) loss: 2.000 | discr (scale 0.5) loss: 2.000 | discr (scale 0.25) loss: 2.000")
    t += 26.8
    s.joblog(t, J, REAL_S1_SAVING)  # REAL text, same results folder
    return t + 4.0, None, t_s0


# ======================================================================================
# S2  healthy-soundstream-25k-save-loss-drifts  (healthy: a single-GPU SoundStream run prints one loss line per step,
#     saves samples and a checkpoint at step 25000 and keeps going; its losses drift the wrong way afterwards -- a
#     modelling problem, nothing for a cluster controller to act on)
# ======================================================================================
# Lines: https://github.com/lucidrains/audiolm-pytorch/issues/221 -- "Soundstream Training Goes From Great to Horrible"
# (adamfils): the pasted log around the step-25000 save (below; the paste opens with a markdown back-quote, dropped).
# The thread is about sample quality getting worse as training continues (a training-dynamics question about the GAN
# losses); the run itself keeps running and saving -- no crash, no hang, no hardware involved.
REAL_S2_LINES = [
    "25000: saving to results",
    "25000: saving model to results",
    "25001: soundstream total loss: 4.872, soundstream recon loss: 0.001 | discr (scale 1) loss: 2.284 | discr (scale 0.5) loss: 1.894 | discr (scale 0.25) loss: 1.829",
    "25002: soundstream total loss: 4.893, soundstream recon loss: 0.001 | discr (scale 1) loss: 2.336 | discr (scale 0.5) loss: 1.899 | discr (scale 0.25) loss: 1.887",
    "25003: soundstream total loss: 4.375, soundstream recon loss: 0.001 | discr (scale 1) loss: 2.332 | discr (scale 0.5) loss: 1.825 | discr (scale 0.25) loss: 1.871",
    "25004: soundstream total loss: 4.699, soundstream recon loss: 0.001 | discr (scale 1) loss: 2.229 | discr (scale 0.5) loss: 1.879 | discr (scale 0.25) loss: 1.921",
    "25005: soundstream total loss: 4.486, soundstream recon loss: 0.001 | discr (scale 1) loss: 2.217 | discr (scale 0.5) loss: 1.859 | discr (scale 0.25) loss: 1.928",
    "25006: soundstream total loss: 4.232, soundstream recon loss: 0.001 | discr (scale 1) loss: 2.296 | discr (scale 0.5) loss: 1.842 | discr (scale 0.25) loss: 1.934",
    "25007: soundstream total loss: 4.356, soundstream recon loss: 0.001 | discr (scale 1) loss: 2.056 | discr (scale 0.5) loss: 1.939 | discr (scale 0.25) loss: 1.930",
    "25008: soundstream total loss: 4.532, soundstream recon loss: 0.001 | discr (scale 1) loss: 2.011 | discr (scale 0.5) loss: 1.965 | discr (scale 0.25) loss: 1.964",
]


def ss_line(step: int, total: float, recon: float, d1: float, d2: float, d3: float) -> str:
    """SYNTH: SoundStreamTrainer.train_step's losses_str (audiolm_pytorch/trainer.py)."""
    return (f"{step}: soundstream total loss: {total:.3f}, soundstream recon loss: {recon:.3f}"
            f" | discr (scale 1) loss: {d1:.3f} | discr (scale 0.5) loss: {d2:.3f} | discr (scale 0.25) loss: {d3:.3f}")


def build_s2() -> Scenario:
    J, N = "40517", "40533"
    s = Scenario(
        "healthy-soundstream-25k-save-loss-drifts",
        "A single-GPU SoundStream run (audiolm-pytorch, one loss line per ~2.4 s step) writes its step-25000 samples "
        "and checkpoint and carries on; after the save its generator loss creeps up and the discriminator losses fall "
        "(the owner's 'goes from great to horrible'). Nothing is broken: no error, no stall, GPU busy throughout.",
        "2023-08-30T13:00:00Z",
        {"name": "sim-ws", "partition": "gpu", "nodes": "ws-a6k-[01-04]", "gpus_per_node": 4},
        [{"id": J, "name": "soundstream-24khz", "user": "afils", "nodes": "ws-a6k-02", "tasks_per_node": 1,
          "started": "2023-08-29T20:16:00Z", "comment": comment(3, "/home/afils/audiolm/results")},
         {"id": N, "name": "encodec-eval", "user": "kli", "nodes": "ws-a6k-03", "tasks_per_node": 1,
          "started": "2023-08-30T12:31:00Z"}],
    )
    rng = s.rng
    step, t = 24702, 4.1
    sec = 2.41
    t_end = 1500.0
    drift = 0.0
    while t < t_end:
        if step == 25000:
            s.joblog(t, J, ss_line(25000, 4.604, 0.001, 2.241, 1.902, 1.873))  # SYNTH (the paste starts after it)
            t += 9.7  # reconstruct the validation batch, write sample_25000.flac and sample_25000.ema.flac
            s.joblog(t, J, REAL_S2_LINES[0])  # REAL
            t += 6.2  # torch.save of model + optimisers + ema
            s.joblog(t, J, REAL_S2_LINES[1])  # REAL
            for k, l in enumerate(REAL_S2_LINES[2:]):  # REAL 25001..25008
                t += sec + rng.uniform(-0.05, 0.05)
                s.joblog(t, J, l)
            t += sec + rng.uniform(-0.05, 0.05)
            step = 25009
            continue
        if step > 25008:
            drift = min(2.2, (step - 25008) * 0.0075)
        total = 4.55 + drift + rng.uniform(-0.33, 0.33)
        d1 = 2.22 - 0.25 * drift + rng.uniform(-0.12, 0.12)
        d2 = 1.89 - 0.22 * drift + rng.uniform(-0.07, 0.07)
        d3 = 1.90 - 0.2 * drift + rng.uniform(-0.07, 0.07)
        s.joblog(t, J, ss_line(step, total, 0.001 if rng.random() > 0.1 else 0.002, d1, d2, d3))  # SYNTH
        step += 1
        t += sec + rng.uniform(-0.06, 0.06)
    t2, b = 22.0, 0  # neighbour (SYNTH): a plain evaluation script printing every ~45 s
    while t2 < t_end:
        s.joblog(t2, N, f"[{s.at(t2):%H:%M:%S}] eval batch {b:4d}/2000  mel_dist {1.12 + rng.uniform(-0.05, 0.05):.4f}  sisnr {7.91 + rng.uniform(-0.3, 0.3):.2f} dB")
        b += 20
        t2 += 45.2 + rng.uniform(-0.5, 0.5)

    def tel(n_, g, t3):
        if n_ == "ws-a6k-02" and g == 0:
            f = busy(rng, "rtx6000")
            if 725 < t3 < 742:  # the save pause
                f["DCGM_FI_DEV_GPU_UTIL"] = rng.randint(0, 9)
            return f
        if n_ == "ws-a6k-03" and g == 0:
            return busy(rng, "rtx6000")
        return idle(rng, "rtx6000")
    telemetry_gap(s, ["ws-a6k-02", "ws-a6k-03"], 4, 0.0, t_end, 30.0, tel,
                  fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"))
    s.truth = truth(None, no_requeue=[J, N], no_drain=["ws-a6k-02", "ws-a6k-03"])
    return s


# ======================================================================================
# S3  ndv5-thermal-node-fsdp-qwen-straggler  (gpu_degraded: on a 2-node FSDP fine-tune one H100 of ndh100-007 heats up
#     within minutes, throttles (HW thermal slowdown) and the whole job's step time grows ~5x)
# ======================================================================================
# Source: https://jingchaozhang.github.io/Thermal-Throttling-Impact-on-Multi-Node-Training -- "Impact of GPU Thermal
# Throttling on LLM Training": on an Azure ND H100 v5 cluster (8x H100 80 GB per node, NDR IB, PyTorch 2.6 / NCCL
# 2.23.4 container) a dcgmproftester stress test flags 2 of 10 nodes whose nvidia-smi "HW Slowdown" / "HW Thermal
# Slowdown" go Active; Qwen 2.5-7B FSDP fine-tuning with 1 healthy + 1 thermal node shows "progressive degradation as
# GPUs heat up", "A single thermally throttled GPU -- one out of sixteen -- can cut your distributed training throughput
# by 5x ... FSDP's synchronous gradient reduction forces every other GPU to wait." Conclusion: the thermal node is the
# cause (hardware cooling), remove it. The stored excerpt quotes no training log lines, so no REAL_* literal here;
# the trainer lines, the throttling telemetry and everything else are SYNTH.

S3_NODES = ["ndh100-004", "ndh100-007"]


def build_s3() -> Scenario:
    J, N = "31277", "31264"
    hot_node, hot_gpu = "ndh100-007", 5
    s = Scenario(
        "ndv5-thermal-node-fsdp-qwen-straggler",
        "A 16-GPU Qwen2.5-7B FSDP fine-tune on two ND H100 v5 nodes logs every 10 steps (~19 s per line). A few "
        "minutes in, GPU 5 of ndh100-007 climbs past 85 C and drops its SM clock (HW thermal slowdown); every other "
        "GPU waits on it in the reduce-scatter and the logged step time grows from ~1.9 s to ~9-10 s (a line every "
        "~95 s). No error, no Xid; the job keeps running slowly.",
        "2025-06-12T09:00:00Z",
        {"name": "sim-ndv5", "partition": "hpc", "nodes": "ndh100-[001-010]", "gpus_per_node": 8},
        [{"id": J, "name": "qwen25-7b-fsdp-sft", "user": "jzhang", "nodes": "ndh100-[004,007]", "tasks_per_node": 8,
          "started": "2025-06-12T08:58:40Z", "comment": comment(2, "/lustre/jzhang/qwen7b-sft/ckpt")},
         {"id": N, "name": "nccl-allreduce-sweep", "user": "ops", "nodes": "ndh100-002", "tasks_per_node": 8,
          "started": "2025-06-12T08:40:00Z"}],
    )
    rng = s.rng
    t_fault = 402.0  # hot GPU crosses the HW slowdown threshold (SYNTH)

    def heat(t):  # 0..1 progression of the throttling after t_fault
        return 0.0 if t < t_fault else min(1.0, (t - t_fault) / 900.0)
    for k, l in enumerate([  # SYNTH: the fine-tune script's start-up (rank 0)
            "[rank0]: Loading Qwen/Qwen2.5-7B from /lustre/models/Qwen2.5-7B (bf16)",
            "[rank0]: FSDP FULL_SHARD over 16 ranks, auto-wrap Qwen2DecoderLayer, activation checkpointing on",
            "[rank0]: dataset: 51,760 samples, seq_len 4096, global batch 64 (micro 4 x 16 ranks), 809 steps/epoch"]):
        s.joblog(14.0 + 0.3 * k, J, l)
    t, step = 61.0, 0
    t_end = 3600.0
    base = 1.91
    while t < t_end:
        st = base * (1 + 4.1 * heat(t) ** 0.8) * (1 + rng.uniform(-0.03, 0.03))
        step += 10
        t += 10 * st
        if t >= t_end:
            break
        tok = 64 * 4096 / st / 16
        loss = 1.62 - 0.35 * (1 - math.exp(-step / 300.0)) + rng.uniform(-0.03, 0.03)
        s.joblog(t, J, f"[rank0]: step {step:4d}/809 | loss {loss:.4f} | lr {2e-5 * min(1, step / 40):.2e} | step_time {st:.2f}s | tok/s/gpu {tok:,.0f} | mem 61.3GB")  # SYNTH

    def tel(n_, g, t3):
        if n_ == "ndh100-002":
            return busy(rng, "h100")
        if t3 < 20:
            return idle(rng, "h100")
        h = heat(t3)
        f = healthy_fields(rng, "h100", 0.93, fb=True)
        if n_ == hot_node and g == hot_gpu:
            temp = 71 + int(16 * min(1.0, t3 / 420.0)) + int(3 * h) + rng.randint(-1, 1)
            f["DCGM_FI_DEV_GPU_TEMP"] = temp
            if h > 0:
                f["DCGM_FI_DEV_SM_CLOCK"] = int(1980 - 1250 * h ** 0.6) - 15 * rng.randint(0, 4)
                f["DCGM_FI_DEV_POWER_USAGE"] = round(640 - 300 * h ** 0.6 + rng.uniform(-20, 20), 1)
                f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = 0x48  # HW slowdown + HW thermal slowdown
            return f
        if h > 0.15:  # everybody else waits in the collective: busy-looking, much lower power
            f["DCGM_FI_DEV_POWER_USAGE"] = round(640 * (1 - 0.55 * h) + rng.uniform(-25, 25), 1)
            f["DCGM_FI_DEV_GPU_UTIL"] = 100
        return f
    telemetry_gap(s, S3_NODES, 8, 0.0, t_end, 60.0, tel,
                  fields=("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_UTIL",
                          "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"))
    s.truth = truth({"t": t_fault, "category": "gpu_degraded", "node": hot_node, "gpu": hot_gpu},
                    drain=[hot_node], requeue={J: {"exclude": [hot_node]}}, no_requeue=[N],
                    no_drain=["ndh100-004", "ndh100-002"])
    return s


# ======================================================================================
# S4  a100-pipeline-rank18-silent-freeze  (hang: in a 32-stage DeepSpeed pipeline one A100 of a100-pp-03 silently stops
#     executing its stream -- no Xid, no ECC, nvidia-smi looks normal; every other rank blocks in its p2p op until the
#     30-min NCCL watchdog takes them down; rank 18 never reports anything)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/1063 -- "Ability to list the pending NCCL operations" (vmarkovtsev,
# 2023-11-10): "One GPU out of 2048 explodes. The corresponding NCCL pipeline lane stalls. ... 29 are GPU-blocked on
# NCCL while the faulty one is hanging on an arbitrary CUDA operation inside a stream"; "There is an A100 in our
# sendrecv pipeline that silently goes frozen. It stops executing the work scheduled in streams without (1) errors in
# dmesg (2) ECC errors in nvidia-smi. nvidia-smi shows it as a normal device without faults. The hang is persistent
# and happens randomly after several minutes of 100% load. Currently, we replace GPU pods one by one to determine who
# the bad guy is." Conclusion (the posters' own): the culprit is that one machine's GPU; the fix is to take it out of
# the chain. The thread quotes no log lines, so no REAL_* literal here; the pipeline, the DeepSpeed progress lines, the
# torch 2.1 watchdog teardown and the telemetry are SYNTH.


def build_s4() -> Scenario:
    J, N = "71830", "71802"
    nodes = [f"a100-pp-{i:02d}" for i in range(1, 5)]
    bad_rank = 18
    s = Scenario(
        "a100-pipeline-rank18-silent-freeze",
        "A 32-rank DeepSpeed pipeline-parallel pretrain on a100-pp-[01-04] prints 'steps: ... iter time (s)' every 10 "
        "steps (~64 s). At 21:25 the progress stops; no error anywhere. 30 minutes later the NCCL watchdog aborts 31 of "
        "the 32 ranks, all blocked in p2p receives; rank 18 (a100-pp-03, GPU 2) reports nothing at all and is killed "
        "by srun. No Xid, no ECC, no kernel message on any node.",
        "2023-11-09T21:00:00Z",
        {"name": "sim-pp", "partition": "train", "nodes": "a100-pp-[01-06]", "gpus_per_node": 8},
        [{"id": J, "name": "gpt-pp32-pretrain", "user": "vmarkov", "nodes": "a100-pp-[01-04]", "tasks_per_node": 8,
          "started": "2023-11-09T13:12:00Z", "comment": comment(3, "/shared/ckpt/gpt-pp32")},
         {"id": N, "name": "eval-harness", "user": "mdx", "nodes": "a100-pp-05", "tasks_per_node": 1,
          "started": "2023-11-09T20:41:00Z"}],
    )
    rng = s.rng
    t, step = 17.0, 4310
    t_fault = 1534.6  # rank 18's GPU stops executing (SYNTH)
    while True:
        it = 6.41 + rng.uniform(-0.08, 0.08)
        t_next = t + 10 * it
        if t_next > t_fault:
            break
        t = t_next
        step += 10
        loss = 2.871 - (step - 4310) * 2.2e-5 + rng.uniform(-0.025, 0.025)
        s.joblog(t, J, f" 0: steps: {step} loss: {loss:0.4f} iter time (s): {it:0.3f} samples/sec: {512 / it:0.3f}")  # SYNTH (PipelineEngine)
    t_w = t_fault + 1800.0
    seq0 = {r: 48213 + (r % 3) for r in range(32)}
    order = [17, 19] + [r for r in range(32) if r not in (17, 18, 19)]
    for k, r in enumerate(order):
        tr = t_w + (0.31 if r in (17, 19) else 2.0 + 0.37 * k + rng.uniform(0, 0.3))
        ran = 1800000 + int((tr - t_w) * 1000) - (0 if r in (17, 19) else 1700)
        op = f"WorkNCCL(SeqNum={seq0[r]}, OpType=RECV, NumelIn=25165824, NumelOut=25165824, Timeout(ms)=1800000)"
        msg = f"[Rank {r}] Watchdog caught collective operation timeout: {op} ran for {ran} milliseconds before timing out."
        lab = f"{r:>2}: "
        for j, l in enumerate([  # SYNTH: torch 2.1 ProcessGroupNCCL teardown
                f"[E ProcessGroupNCCL.cpp:475] {msg}",
                "[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.",
                f"[E ProcessGroupNCCL.cpp:916] [Rank {r}] NCCL watchdog thread terminated with exception: {msg}",
                "terminate called after throwing an instance of 'std::runtime_error'",
                f"  what():  [Rank {r}] NCCL watchdog thread terminated with exception: {msg}"]):
            s.joblog(tr + 0.0003 * j, J, lab + l)
    t_ab = t_w + 17.5
    for i, n_ in enumerate(nodes):
        tasks = f"{8 * i}-{8 * i + 7}" if i != 2 else "16-17,19-23"
        s.joblog(t_ab + 0.2 * i, J, f"srun: error: {n_}: tasks {tasks}: Aborted (core dumped)")  # SYNTH
    t2 = srun_abort_lines(s, t_ab + 1.0, J, nodes[0])
    s.joblog(t2 + 31.9, J, f"srun: error: {nodes[2]}: task {bad_rank}: Killed")
    s.job_state(t2 + 33.0, J, "FAILED", "134:0")
    t_end = t2 + 400.0
    tn = 25.0  # neighbour (SYNTH): lm-eval-harness style progress every ~50 s
    bar = TqdmBar(40168, -1000.0, desc="Running loglikelihood requests")
    bar.warm(9800, -25.0, 0.102)
    for _ in range(60):  # steady state of ~490 requests per 50 s refresh
        bar.ema_dn(490)
        bar.ema_dt(50.0)
    while tn < t_end and bar.n < 39500:
        s.joblog(tn, N, bar.update(int(50.0 / 0.102 + rng.uniform(-4, 4)), tn))
        tn += 50.0 + rng.uniform(-0.5, 0.5)

    def tel(n_, g, t3):
        if n_ == "a100-pp-05":
            return busy(rng, "a100") if g == 0 else idle(rng, "a100")
        if t3 > t2 + 33:
            return idle(rng, "a100")
        if t3 < t_fault:
            return busy(rng, "a100")
        f = spinning(rng, "a100")  # all 32 GPUs, the frozen one included, look 100 % busy at low power
        return f
    telemetry_gap(s, nodes + ["a100-pp-05"], 8, 0.0, t_end, 120.0, tel,
                  fields=("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_GPU_UTIL"))
    s.truth = truth({"t": t_fault, "category": "hang", "node": "a100-pp-03", "gpu": 2},
                    requeue={J: {"exclude": ["a100-pp-03"]}}, no_requeue=[N],
                    no_drain=["a100-pp-03", "a100-pp-01", "a100-pp-02", "a100-pp-04"])
    return s


# ======================================================================================
# S5  arjuna-kill-bot-jobs-die-silently  (infrastructure: the site's own job "kill bot" misfires and kills running jobs
#     on several GPU and CPU nodes, ~50 min into each; the jobs just stop -- empty stderr, no node event)
# ======================================================================================
# Source: https://github.com/ArjunaCluster/ArjunaUsers/issues/133 -- "GPU jobs fail with no observable reason"
# (yaomz16, 2022-05-26): job 126791 on c022 "(but probably all gpu nodes. I also observe similar issue on cpu nodes)":
# "gpu jobs (and some cpu jobs) run for around 50 mins and fail. There is no output in the stderr file"; a trivial
# test.py (sleep 120, print time.time()) dies the same way; admin abillscmu: "It should happen on every node for all
# users. Will update this when it's fixed". Follow-up https://github.com/ArjunaCluster/ArjunaUsers/issues/134 -- "GPU
# jobs fail again with no observable reason": job 127017 "failed after 8 mins"; admin awadell1: "Our kill bot went a
# bit rouge. It has been tamed." Conclusion: shared site tooling killed the jobs; no node, no application at fault.
# The threads quote no log lines (only ids, nodes and the test script), so no REAL_* literal; job/node ids are the
# threads' own, everything else is SYNTH.


def build_s5() -> Scenario:
    A, B, C, D, E = "126791", "126788", "126780", "126799", "127017"
    s = Scenario(
        "arjuna-kill-bot-jobs-die-silently",
        "Within ~40 minutes, four running jobs on c015, c019, c022 and the CPU node d007 stop dead ~50 minutes after "
        "each started -- a DeePMD training, a GNN potential training, a trivial sleep/print test and a CPU job -- with "
        "empty stderr, state FAILED (signal 9) and no node event; a fresh test job on c022 dies the same way after 8 "
        "minutes. The site's automated job-kill tool was misfiring.",
        "2022-05-26T08:00:00Z",
        {"name": "arjuna", "partition": "gpu", "nodes": "c[001-024],d[001-024]", "gpus_per_node": 4},
        [{"id": A, "name": "test_gpu_crash", "user": "yaomz16", "nodes": "c022", "tasks_per_node": 1,
          "started": "2022-05-26T08:03:10Z"},
         {"id": B, "name": "dp-train-hform", "user": "yaomz16", "nodes": "c019", "tasks_per_node": 1,
          "started": "2022-05-26T08:01:30Z"},
         {"id": C, "name": "nequip-li3po4", "user": "kwang2", "nodes": "c015", "tasks_per_node": 1,
          "started": "2022-05-26T07:58:20Z", "comment": comment(2, "/home/kwang2/nequip/results")},
         {"id": D, "name": "vasp-relax-s12", "user": "ssahu", "nodes": "d007", "tasks_per_node": 32,
          "started": "2022-05-26T08:06:00Z"},
         {"id": E, "name": "test_gpu_crash", "user": "yaomz16", "nodes": "c022", "tasks_per_node": 1,
          "started": "2022-05-26T09:20:00Z"}],
    )
    rng = s.rng
    epoch = dt.datetime(1970, 1, 1)
    kills = {C: 2925.4, B: 3104.8, A: 3197.1, D: 3301.6, E: 5291.2}
    # A and E: test.py = `while True: time.sleep(120); print(time.time())` run with python -u (SYNTH values)
    for J, t0 in ((A, 190.0), (E, 4800.0)):
        t = t0 + 1.3 + 120.0 + rng.uniform(0.0004, 0.0029)
        while t < kills[J]:
            s.joblog(t, J, repr(round((s.at(t) - epoch).total_seconds(), 7)))
            t += 120.0 + rng.uniform(0.0008, 0.0031)
    # B: DeePMD-kit 2.x `dp train` log (stdout), one line per disp_freq=1000 batches (~44 s)
    t, batch = 90.0 + 96.0, 1000
    s.joblog(90.0 + 41.2, B, "DEEPMD INFO    ---Summary of DataSystem: training     -----------------------------------------------")
    s.joblog(90.0 + 88.5, B, "DEEPMD INFO    start training at lr 1.00e-03 (== 1.00e-03), decay_step 5000, decay_rate 0.950006, final lr will be 3.51e-08")
    while t < kills[B]:
        s.joblog(t, B, f"DEEPMD INFO    batch {batch:7d} training time {43.7 + rng.uniform(-0.6, 0.6):.2f} s, testing time {0.03 + rng.uniform(0, 0.02):.2f} s")
        if batch % 10000 == 0:
            s.joblog(t + 0.9, B, "DEEPMD INFO    saved checkpoint model.ckpt")
        batch += 1000
        t += 44.1 + rng.uniform(-0.6, 0.6)
    # C: a plain PyTorch trainer line every ~31 s
    t, step = 12.0, 9120
    while t < kills[C]:
        s.joblog(t, C, generic_step(s, t, step, 0.0412 - (step - 9120) * 4e-7 + rng.uniform(-0.002, 0.002), 0.311 + rng.uniform(-0.01, 0.01)))
        step += 100
        t += 100 * 0.311 + rng.uniform(-0.3, 0.3)
    for J, tk in sorted(kills.items(), key=lambda kv: kv[1]):
        s.job_state(tk, J, "FAILED", "0:9")  # SYNTH: killed from outside Slurm's own step machinery

    def tel(n_, g, t3):
        if g != 0:
            return idle(rng, "v100_32")
        run = {"c015": (0.0, kills[C]), "c019": (160.0, kills[B]), "c022": (200.0, kills[A])}[n_]
        if n_ == "c022" and 4810 < t3 < kills[E]:
            f = idle(rng, "v100_32")
            f["DCGM_FI_DEV_FB_USED"] = 0
            return f
        if run[0] < t3 < run[1]:
            return busy(rng, "v100_32") if n_ != "c022" else idle(rng, "v100_32")
        return idle(rng, "v100_32")
    telemetry_gap(s, ["c015", "c019", "c022"], 4, 0.0, 5700.0, 120.0, tel, fields=LIGHT)
    s.truth = truth({"t": kills[C], "category": "infrastructure"},
                    no_requeue=[A, B, C, D, E], no_drain=["c015", "c019", "c022", "d007"])
    return s


# ======================================================================================
# S6  x299-workstation-reboots-mid-epoch-mmdet  (node_failure: a 2-GPU mmdetection Faster R-CNN run on dl-02 stops in
#     epoch 7 because the host silently resets -- no error line; it comes back with a fresh boot; the thread's cause is
#     the board's BIOS; dl-02 already rebooted under training two days earlier)
# ======================================================================================
# Lines: https://github.com/open-mmlab/mmdetection/issues/1207 -- "Every time i run the train.py or dist_train.sh, my
# computer restarts." (jshuzi, 2019-08-18, 2x Titan Xp, ASUS X299 SAGE; training restarts the machine, test.py does
# not). Replies: faulty cable/heat (mosheliv), PSU; conclusion by the reporter: "The problem was fixed by downgrading the
# bios (asus X299 sage) from 0601 to 0905." -- the host platform, not mmdetection. YaoQ (2020-03-16): "there is some
# probability to reboot the machine after several epochs, and when I check the end of log file, and it says:" followed
# by the stamp below (the excerpt is cut right after "INFO"; the rest of the line is SYNTH in mmcv's TextLoggerHook
# format).
REAL_S6_LAST = "2020-03-16 15:24:03,752 - mmdet - INFO"


def mmdet_line(d: dt.datetime, epoch: int, it: int, n_it: int, lr: float, eta: float, tm: float, dtm: float,
               mem: int, l: tuple) -> str:
    """SYNTH: mmcv 0.x TextLoggerHook train line, with mmdet's logger prefix."""
    ms = d.microsecond // 1000
    return (f"{d:%Y-%m-%d %H:%M:%S},{ms:03d} - mmdet - INFO - Epoch [{epoch}][{it}/{n_it}]\tlr: {lr:.5f}, "
            f"eta: {dt.timedelta(seconds=int(eta))}, time: {tm:.3f}, data_time: {dtm:.3f}, memory: {mem}, "
            f"loss_rpn_cls: {l[0]:.4f}, loss_rpn_bbox: {l[1]:.4f}, loss_cls: {l[2]:.4f}, acc: {l[3]:.4f}, "
            f"loss_bbox: {l[4]:.4f}, loss: {l[0] + l[1] + l[2] + l[4]:.4f}")


def build_s6() -> Scenario:
    J, N = "21904", "21911"
    s = Scenario(
        "x299-workstation-reboots-mid-epoch-mmdet",
        "A 2-GPU mmdetection Faster R-CNN (R-34 FPN) training on the workstation node dl-02 logs every 50 iterations "
        "(~28 s). In epoch 7 the log simply ends; ~100 s later dl-02 is back with a fresh kernel boot and Slurm "
        "marks it DOWN (unexpected reboot) and the job NODE_FAIL. dl-02 already rebooted under training two days "
        "earlier. Neighbour dl-03 is unaffected.",
        "2020-03-16T14:10:00Z",
        {"name": "sim-dl", "partition": "gpu", "nodes": "dl-[01-04]", "gpus_per_node": 2},
        [{"id": J, "name": "faster-rcnn-r34-fpn", "user": "yaoq", "nodes": "dl-02", "tasks_per_node": 2,
          "started": "2020-03-16T11:21:00Z", "comment": comment(2, "/data/yaoq/work_dirs/faster_rcnn_r34")},
         {"id": N, "name": "cascade-r50-ft", "user": "lmin", "nodes": "dl-03", "tasks_per_node": 2,
          "started": "2020-03-16T09:05:00Z"}],
        history=[{"at": "2020-03-14T19:42:00Z", "node": "dl-02", "verdict": "suspect", "category": "node_failure"}],
    )
    rng = s.rng
    n_it, tm = 3690, 0.562
    t_real = 4443.752  # 15:24:03.752
    # iterations are logged every 50; walk back from the real line (epoch 7, iter 1100) to t ~ 20 s
    it_last, ep_last = 1100, 7
    lines = []
    t, ep, it = t_real, ep_last, it_last
    while t > 20.0:
        lines.append((t, ep, it))
        it -= 50
        t -= 50 * tm * (1 + rng.uniform(-0.012, 0.012))
        if it <= 0:
            ep -= 1
            it = n_it - (n_it % 50)
            t -= 38.0  # epoch boundary: checkpoint save + dataloader restart
    for (tl, ep, it) in reversed(lines):
        d = s.at(tl)
        done = (ep - 1) * n_it + it
        eta = (12 * n_it - done) * tm
        lr = 0.02 if ep <= 8 else 0.002
        ls = (0.021 + rng.uniform(-0.006, 0.008), 0.027 + rng.uniform(-0.006, 0.008), 0.182 + rng.uniform(-0.03, 0.03),
              93.4 + rng.uniform(-1.2, 1.2), 0.201 + rng.uniform(-0.03, 0.03))
        line = mmdet_line(d, ep, it, n_it, lr, eta, tm + rng.uniform(-0.008, 0.008), 0.011 + rng.uniform(-0.002, 0.003), 3981 + rng.randint(-40, 60), ls)
        if abs(tl - t_real) < 1e-6:
            assert line.startswith(REAL_S6_LAST), line
            line = REAL_S6_LAST + line[len(REAL_S6_LAST):]  # REAL prefix + SYNTH remainder
        s.joblog(tl, J, line)
    t_fault = t_real + 19.4  # the board resets between two log lines (SYNTH)
    t_boot = t_fault + 58.0
    epoch0 = dt.datetime(1970, 1, 1)
    for k, l in enumerate([  # SYNTH: dl-02's kernel log of the new boot (dmesg -T)
            "Linux version 5.3.0-40-generic (buildd@lcy01-amd64-024) (gcc version 7.4.0 (Ubuntu 7.4.0-1ubuntu1~18.04.1)) #32~18.04.1-Ubuntu SMP Mon Feb 3 14:05:59 UTC 2020 (Ubuntu 5.3.0-40.32~18.04.1-generic 5.3.18)",
            "Command line: BOOT_IMAGE=/boot/vmlinuz-5.3.0-40-generic root=UUID=3e0f7c55-2b1d-4bb4-9d0e-6a5f0f2c9b1e ro quiet splash",
            "DMI: ASUS System Product Name/WS X299 SAGE/10G, BIOS 0601 08/10/2018",
            "nvidia: loading out-of-tree module taints kernel.",
            "nvidia: module license 'NVIDIA' taints kernel.",
            "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  440.64  Fri Feb 21 01:17:26 UTC 2020"]):
        tk = t_boot + (0.0 if k < 3 else 9.5) + 0.001 * k
        s.kernel(tk, "dl-02", f"{dmesg_t(s.at(tk))} {l}")
    t_reg = t_fault + 101.3
    bt = int((s.at(t_boot) - epoch0).total_seconds())
    lr_ = int((s.at(t_fault - 12.0) - epoch0).total_seconds())
    s.node_state(t_reg, "dl-02", "DOWN", f"Node unexpectedly rebooted boot_time={bt} last response={lr_}")  # SYNTH
    s.job_state(t_reg + 0.3, J, "NODE_FAIL", "0:0")
    t_end = t_reg + 900.0
    t2, it2, ep2 = 9.0, 650, 18  # neighbour (SYNTH): mmdet cascade fine-tune, interval 50, ~47 s per line
    while t2 < t_end:
        ls = (0.012 + rng.uniform(-0.003, 0.004), 0.019 + rng.uniform(-0.004, 0.004), 0.141 + rng.uniform(-0.02, 0.02), 95.1 + rng.uniform(-0.8, 0.8), 0.171 + rng.uniform(-0.02, 0.02))
        s.joblog(t2, N, mmdet_line(s.at(t2), ep2, it2, 5000, 0.00200, (20 * 5000 - (ep2 - 1) * 5000 - it2) * 0.94, 0.94 + rng.uniform(-0.01, 0.01), 0.02, 5620 + rng.randint(-30, 30), ls))
        it2 += 50
        if it2 > 5000:
            it2, ep2 = 50, ep2 + 1
        t2 += 50 * 0.94 * (1 + rng.uniform(-0.01, 0.01))

    def tel(n_, g, t3):
        if n_ == "dl-03":
            return busy(rng, "titanxp", fb=True)
        if t3 < t_fault:
            return busy(rng, "titanxp", fb=True)
        if t3 < t_reg - 15:
            return None  # host down: no exporter
        return idle(rng, "titanxp")
    telemetry_gap(s, ["dl-02", "dl-03"], 2, 0.0, t_end, 60.0, tel,
                  fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK",))
    s.truth = truth({"t": t_fault, "category": "node_failure", "node": "dl-02"},
                    drain=["dl-02"], requeue={J: {"exclude": ["dl-02"]}}, no_requeue=[N], no_drain=["dl-03"])
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
