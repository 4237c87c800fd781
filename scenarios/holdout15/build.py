#!/usr/bin/env python3
"""Build the holdout15 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout14):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to `CORE` are copied unchanged from holdout14's build.py (itself from holdout13) (same machinery,
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
# S1  onmt-summarization-oom-repeats  (software: OpenNMT-py transformer summarization, CUDA OOM on a long batch)
# ======================================================================================
# Lines: https://github.com/OpenNMT/OpenNMT-py/issues/1362 -- "CUDA out of memory during transformer training for
# summarization" (shantipriyap, 2019-03-21/22; closed). The posted log: Step lines every 50 steps, ~147 s apart, a dataset
# shard reload, then the OOM. Conclusion: the configuration does not fit the GPU (long summarization sources at this
# token batch size); the cure is a smaller batch / truncated sources -- a rerun of the same command OOMs again.
REAL_S1_STEPS = [
    "[2019-03-21 18:31:43,773 INFO] Step 2250/200000; acc:  31.18; ppl: 57.53; xent: 4.05; lr: 0.00028; 5092/261 tok/s;   6641 sec",
    "[2019-03-21 18:34:11,780 INFO] Step 2300/200000; acc:  30.36; ppl: 61.43; xent: 4.12; lr: 0.00028; 4953/257 tok/s;   6789 sec",
    "[2019-03-21 18:35:23,631 INFO] Loading dataset from XXXX.train.0.pt, number of examples: 66620",
    "[2019-03-21 18:37:48,505 INFO] Step 2350/200000; acc:  31.05; ppl: 57.21; xent: 4.05; lr: 0.00029; 3444/188 tok/s;   7006 sec",
    "[2019-03-21 18:40:13,159 INFO] Step 2400/200000; acc:  30.83; ppl: 55.57; xent: 4.02; lr: 0.00030; 5165/262 tok/s;   7150 sec",
    "[2019-03-21 18:42:38,243 INFO] Step 2450/200000; acc:  32.16; ppl: 50.01; xent: 3.91; lr: 0.00030; 5124/265 tok/s;   7295 sec",
    "[2019-03-21 18:45:07,829 INFO] Step 2500/200000; acc:  31.35; ppl: 54.99; xent: 4.01; lr: 0.00031; 4958/262 tok/s;   7445 sec",
    "[2019-03-21 18:47:34,683 INFO] Step 2550/200000; acc:  31.70; ppl: 52.38; xent: 3.96; lr: 0.00032; 5043/251 tok/s;   7592 sec",
    "[2019-03-21 18:50:02,997 INFO] Step 2600/200000; acc:  31.64; ppl: 50.79; xent: 3.93; lr: 0.00032; 4988/258 tok/s;   7740 sec",
    "[2019-03-21 18:52:29,476 INFO] Step 2650/200000; acc:  32.97; ppl: 46.77; xent: 3.85; lr: 0.00033; 5118/265 tok/s;   7887 sec",
]
# the excerpt cuts the next line after "tok/s;" -- kept cut; the " 8035 sec" tail is SYNTH (7887 + 148)
REAL_S1_CUT = "[2019-03-21 18:54:57,090 INFO] Step 2700/200000; acc:  31.76; ppl: 51.16; xent: 3.94; lr: 0.00033; 5054/265 tok/s;"


def build_s1() -> Scenario:
    J, N = "412207", "412231"
    start = "2019-03-21T18:20:00Z"
    s = Scenario(
        "onmt-summarization-oom-repeats",
        "A single-GPU OpenNMT-py transformer summarization job on gtx-05 (GTX 1080 Ti) logs a Step line every 50 steps "
        "(~147 s). Shortly after step 2700 a long batch does not fit: CUDA out of memory in the encoder's self-attention; "
        "the job FAILS. The configuration (batch size vs source length) is at fault; a rerun would OOM again. "
        "A neighbour OpenNMT-py job on gtx-06 is unaffected.",
        start,
        {"name": "sim-g", "partition": "gpu", "nodes": "gtx-[01-08]", "gpus_per_node": 4},
        [{"id": J, "name": "onmt-transformer-sum", "user": "spp", "nodes": "gtx-05", "tasks_per_node": 1,
          "started": "2019-03-21T16:40:20Z", "comment": comment(2, "/home/spp/sum/models")},
         {"id": N, "name": "onmt-en-de-base", "user": "kwt", "nodes": "gtx-06", "tasks_per_node": 1,
          "started": "2019-03-21T15:02:00Z"}],
    )
    rng = s.rng
    t0 = s.start
    def tof(stamp):  # real stamp -> scenario seconds
        return (dt.datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f") - t0).total_seconds()
    # SYNTH: earlier Step lines in the same format/cadence (2100..2200), walking back from the first real one
    t_first = tof(REAL_S1_STEPS[0][1:24])
    for k, step in enumerate([2100, 2150, 2200]):
        tk = t_first - 147.6 * (3 - k) + rng.uniform(-1.5, 1.5)
        sec = 6641 - 147.6 * (3 - k)
        s.joblog(tk, J, onmt_step(s.at(tk), step, 200000, 30.6 + rng.uniform(-0.8, 0.8), 60.5 + rng.uniform(-4, 4),
                                  0.00026 + 0.00001 * k, 5040 + rng.randint(-90, 90), 258 + rng.randint(-8, 8), sec))
    for l in REAL_S1_STEPS:
        s.joblog(tof(l[1:24]), J, l)  # REAL
    t_cut = tof(REAL_S1_CUT[1:24])
    s.joblog(t_cut, J, REAL_S1_CUT + "   8035 sec")  # REAL prefix + SYNTH tail
    # SYNTH: the OOM ~85 s later (step ~2729), OpenNMT-py 0.8 / torch 1.0.1 traceback
    t_f = t_cut + 85.4
    py = "/home/spp/miniconda3/envs/onmt/lib/python3.6/site-packages"
    tb = ["Traceback (most recent call last):",
          '  File "train.py", line 109, in <module>',
          "    main(opt)",
          '  File "train.py", line 39, in main',
          "    single_main(opt, 0)",
          '  File "/home/spp/OpenNMT-py/onmt/train_single.py", line 116, in main',
          "    valid_steps=opt.valid_steps)",
          '  File "/home/spp/OpenNMT-py/onmt/trainer.py", line 209, in train',
          "    report_stats)",
          '  File "/home/spp/OpenNMT-py/onmt/trainer.py", line 318, in _gradient_accumulation',
          "    outputs, attns = self.model(src, tgt, src_lengths, bptt=bptt)",
          f'  File "{py}/torch/nn/modules/module.py", line 489, in __call__',
          "    result = self.forward(*input, **kwargs)",
          '  File "/home/spp/OpenNMT-py/onmt/models/model.py", line 42, in forward',
          "    enc_state, memory_bank, lengths = self.encoder(src, lengths)",
          f'  File "{py}/torch/nn/modules/module.py", line 489, in __call__',
          "    result = self.forward(*input, **kwargs)",
          '  File "/home/spp/OpenNMT-py/onmt/encoders/transformer.py", line 124, in forward',
          "    out = layer(out, mask)",
          f'  File "{py}/torch/nn/modules/module.py", line 489, in __call__',
          "    result = self.forward(*input, **kwargs)",
          '  File "/home/spp/OpenNMT-py/onmt/encoders/transformer.py", line 50, in forward',
          "    context, _ = self.self_attn(input_norm, input_norm, input_norm, mask=mask)",
          f'  File "{py}/torch/nn/modules/module.py", line 489, in __call__',
          "    result = self.forward(*input, **kwargs)",
          '  File "/home/spp/OpenNMT-py/onmt/modules/multi_headed_attn.py", line 187, in forward',
          "    scores = torch.matmul(query, key.transpose(2, 3))",
          "RuntimeError: CUDA out of memory. Tried to allocate 1.31 GiB (GPU 0; 10.92 GiB total capacity; 8.74 GiB already allocated; 981.50 MiB free; 428.31 MiB cached)"]
    for k, l in enumerate(tb):
        s.joblog(t_f + 0.002 * k, J, l)
    s.joblog(t_f + 1.9, J, "srun: error: gtx-05: task 0: Exited with exit code 1")
    s.job_state(t_f + 2.4, J, "FAILED", "1:0")
    t_end = t_f + 900.0
    # SYNTH neighbour: OpenNMT-py en-de base, Step lines every 100 steps (~63 s)
    t2, st2 = 31.0, 118400
    while t2 < t_end:
        s.joblog(t2, N, onmt_step(s.at(t2), st2, 200000, 63.2 + rng.uniform(-0.9, 0.9), 5.61 + rng.uniform(-0.2, 0.2),
                                  0.00057, 11850 + rng.randint(-300, 300), 12420 + rng.randint(-300, 300), 24310 + t2))
        st2 += 100
        t2 += 63.0 + rng.uniform(-1.2, 1.2)

    def tel(n_, g, t3):
        if g != 0:
            return idle(rng, "gtx1080ti")
        if n_ == "gtx-05" and t3 > t_f + 3:
            return idle(rng, "gtx1080ti")
        f = busy(rng, "gtx1080ti", fb=True)
        if n_ == "gtx-05":
            f["DCGM_FI_DEV_FB_USED"] = 10240 + rng.randint(-260, 140)
        return f
    telemetry_gap(s, ["gtx-05", "gtx-06"], 4, 0.0, t_end, 60.0, tel, fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK",))
    s.truth = truth({"t": t_f, "category": "software"}, no_requeue=[J, N], no_drain=["gtx-05", "gtx-06"])
    return s


# ======================================================================================
# S2  healthy-xlm-chart2text-aer-corrected-spam  (healthy: corrected PCIe AER errors flood the journal of the node a
#     healthy single-GPU Chart2Text/XLM-style training runs on; they concern a PCH root port, not the GPU)
# ======================================================================================
# Kernel lines: https://github.com/balena-os/balena-intel/issues/304 -- "Kernel logs getting spammed PCIe Bus error"
# (2020-06-04): root port 0000:00:1c.0 [8086:a33c] logs Corrected Data-Link-Layer Timeout errors continuously; "This
# doesn't appear to have any material effect on the devices function but makes the logs unusable." Corrected AER =
# the link layer retried and recovered; nothing failed.
REAL_S2_AER = [
    "pcieport 0000:00:1c.0: AER: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)",
    "pcieport 0000:00:1c.0: AER: device [8086:a33c] error status/mask=00001000/00002000",
    "pcieport 0000:00:1c.0: AER: [12] Timeout",
]
# Trainer lines: https://github.com/JasonObeid/Chart2Text/issues/1 -- the healthy progress lines posted before that
# thread's (unrelated, later) crash; used only as the real format and cadence (10 iterations per ~1.5 s).
REAL_S2_XLM = [
    "INFO - 02/11/21 07:41:14 - 0:00:48 -     210 -   68.57 sent/s -  3138.58 words/s - cs:  0.3412 (coef=1.0000) || sm:  5.7256 (coef=1.0000) - Transformer LR = 1.0000e-04",
    "INFO - 02/11/21 07:41:16 - 0:00:50 -     220 -   70.71 sent/s -  3421.93 words/s - cs:  0.2274 (coef=1.0000) || sm:  5.7425 (coef=1.0000) - Transformer LR = 1.0000e-04",
    "INFO - 02/11/21 07:41:17 - 0:00:51 -     230 -   76.90 sent/s -  3552.27 words/s - cs:  0.2384 (coef=1.0000) || sm:  5.7137 (coef=1.0000) - Transformer LR = 1.0000e-04",
    "INFO - 02/11/21 07:41:19 - 0:00:53 -     240 -   74.87 sent/s -  3034.86 words/s - cs:  0.3194 (coef=1.0000) || sm:  5.3719 (coef=1.0000) - Transformer LR = 1.0000e-04",
    "INFO - 02/11/21 07:41:20 - 0:00:55 -     250 -   72.67 sent/s -  3240.91 words/s - cs:  0.3054 (coef=1.0000) || sm:  5.3976 (coef=1.0000) - Transformer LR = 1.0000e-04",
    "INFO - 02/11/21 07:41:22 - 0:00:56 -     260 -   73.87 sent/s -  3425.23 words/s - cs:  0.2505 (coef=1.0000) || sm:  5.9005 (coef=1.0000) - Transformer LR = 1.0000e-04",
    "INFO - 02/11/21 07:41:24 - 0:00:58 -     270 -   73.14 sent/s -  4033.18 words/s - cs:  0.2593 (coef=1.0000) || sm:  5.4089 (coef=1.0000) - Transformer LR = 1.0000e-04",
    "INFO - 02/11/21 07:41:25 - 0:00:59 -     280 -   73.57 sent/s -  2904.76 words/s - cs:  0.3463 (coef=1.0000) || sm:  5.4932 (coef=1.0000) - Transformer LR = 1.0000e-04",
]


def build_s2() -> Scenario:
    J, N = "90514", "90522"
    s = Scenario(
        "healthy-xlm-chart2text-aer-corrected-spam",
        "A single-GPU Chart2Text (XLM-style trainer) job on ws-12 logs every 10 iterations (~1.5 s). From a couple of "
        "minutes in, ws-12's journal fills with corrected PCIe AER errors (Data Link Layer Timeout) from PCH root port "
        "0000:00:1c.0 -- not a GPU's bus. Training speed and GPU telemetry are unaffected; nothing needs doing.",
        "2021-02-11T07:40:00Z",
        {"name": "sim-w", "partition": "ws", "nodes": "ws-[10-14]", "gpus_per_node": 2,
         "pci_bus_ids": ["0000:01:00", "0000:4c:00"]},
        [{"id": J, "name": "chart2text-train", "user": "jal", "nodes": "ws-12", "tasks_per_node": 1,
          "started": "2021-02-11T07:40:21Z", "comment": comment(1, "/scratch/jal/chart2text/dumped")},
         {"id": N, "name": "seg-unet-ft", "user": "mho", "nodes": "ws-13", "tasks_per_node": 1,
          "started": "2021-02-11T06:12:00Z"}],
    )
    rng = s.rng
    log0 = 26.0  # XLM logger start (07:40:26): elapsed 0:00:48 at 07:41:14
    real = {int(l.split(" - ")[3]): l for l in REAL_S2_XLM}
    t_end = 900.0
    it, t = 10, log0 + 16.9
    while t < t_end:
        if it in real:
            l = real[it]
            t = (dt.datetime.strptime(l[7:24], "%m/%d/%y %H:%M:%S") - s.start).total_seconds() + 0.45
            s.joblog(t, J, l)  # REAL
        else:
            sent = 72.5 + rng.uniform(-4.5, 4.5)
            s.joblog(t, J, xlm_line(s.at(t), t - log0, it, sent, sent * (45.5 + rng.uniform(-6, 6)),
                                    max(0.05, 0.33 - 0.00004 * it + rng.uniform(-0.07, 0.07)),
                                    max(1.2, 5.6 - 0.00045 * it + rng.uniform(-0.25, 0.25))))
        it += 10
        t += 1.55 + rng.uniform(-0.18, 0.18)
    # SYNTH: AER bursts in ws-12's journal (first line in the 5.x kernel's own wording; the other three REAL)
    tb = 131.0
    while tb < t_end:
        for k, body in enumerate(["pcieport 0000:00:1c.0: AER: Corrected error received: 0000:00:1c.0"] + REAL_S2_AER):
            s.kernel(tb + 0.00002 * k, "ws-12", f"{journal_t(s.at(tb), 'ws-12')} {body}")
        tb += rng.choice([0.6, 2.0, 9.0, 17.0, 31.0, 44.0])
    t2, st2 = 14.0, 61200  # neighbour: plain custom trainer
    while t2 < t_end:
        s.joblog(t2, N, generic_step(s, t2, st2, 0.212 + rng.uniform(-0.02, 0.02), 0.91))
        st2 += 50
        t2 += 45.5 + rng.uniform(-0.6, 0.6)

    def tel(n_, g, t3):
        if g == 1:
            return idle(rng, "rtx3090")
        return busy(rng, "rtx3090", fb=True)
    telemetry_gap(s, ["ws-12", "ws-13"], 2, 0.0, t_end, 30.0, tel,
                  fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER"))
    s.truth = truth(None, no_requeue=[J, N], no_drain=["ws-12", "ws-13"])
    return s


# ======================================================================================
# S3  nmtg-a100-nvlink-uncorrectable  (gpu_hardware: Xid 74 on GPU 0 of a p4d node kills a single-GPU NMTGMinor job)
# ======================================================================================
# Progress lines: https://github.com/quanpn90/NMTGMinor/issues/28 -- "uncorrectable NVLink error" (2021-09-23): train.py on
# one A100, PyTorch 1.8 / CUDA 11.1, crashes with an uncorrectable NVLink error (posted lines below are its first ones).
# Crash lines: https://github.com/pytorch/pytorch/issues/58155 -- ""uncorrectable NVLink error" making the tests fail";
# comment by Elysion-tcfa (2021-06-25): "training models using A100 clusters ... randomly fails after a few days" with the
# c10::Error below. Conclusion drawn: the error is the GPU's NVLink (Xid 74, catalog bucket WORKFLOW_NVLINK_ERR), a
# hardware fault of that GPU/baseboard, not of the program.
REAL_S3_NMTG = [
    "Epoch  1,     1/15756; ; ppl: 32479.69 ; lr: 0.0883883 ; updates:       0;   890 src tok/s;  1200 tgt tok/s; 0:00:08 elapsed",
    "Epoch  1,   100/15756; ; ppl: 29296.45 ; lr: 0.0000084 ; updates:      25; 19821 src tok/s; 36381 tgt tok/s; 0:00:37 elapsed",
    "Epoch  1,   200/15756; ; ppl: 14829.10 ; lr: 0.0000169 ; updates:      50; 40044 src tok/s; 67334 tgt tok/s; 0:00:52 elapsed",
    "Epoch  1,   300/15756; ; ppl: 8825.84 ; lr: 0.0000253 ; updates:      75; 42289 src tok/s; 74924 tgt tok/s; 0:01:06 elapsed",
    "Epoch  1,   400/15756; ; ppl: 5181.33 ; lr: 0.0000337 ; updates:     100; 43419 src tok/s; 76316 tgt tok/s; 0:01:20 elapsed",
    "Epoch  1,   500/15756; ; ppl: 2660.08 ; lr: 0.0000421 ; updates:     125; 42570 src tok/s; 74262 tgt tok/s; 0:01:34 elapsed",
    "Epoch  1,   600/15756; ; ppl: 1374.20 ; lr: 0.0000506 ; updates:     150; 44735 src tok/s; 72865 tgt tok/s; 0:01:48 elapsed",
    "Epoch  1,   700/15756; ; ppl: 800.48 ; lr: 0.0000590 ; updates:     175; 41216 src tok/s; 68691 tgt tok/s; 0:02:03 elapsed",
]
REAL_S3_CRASH = [
    "terminate called after throwing an instance of 'c10::Error'",
    "  what():  CUDA error: uncorrectable NVLink error detected during the execution",
    "Exception raised from create_event_internal at /pytorch/c10/cuda/CUDACachingAllocator.cpp:733 (most recent call first):",
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x42 (0x7faf5458c2f2 in /home/ubuntu/anaconda3/envs/pytorch_latest_p37/lib/python3.7/site-packages/torch/lib/libc10.so)",
    "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x5b (0x7faf5458967b in /home/ubuntu/anaconda3/envs/pytorch_latest_p37/lib/python3.7/site-packages/torch/lib/libc10.so)",
    "frame #2: c10::cuda::CUDACachingAllocator::raw_delete(void*) + 0x809 (0x7faf547e41f9 in /home/ubuntu/anaconda3/envs/pytorch_latest_p37/lib/python3.7/site-packages/torch/lib/libc10_cuda.so)",
]
# cut in the excerpt after ".../torch/" -- the "lib/libc10.so)" tail is SYNTH
REAL_S3_F3 = "frame #3: c10::TensorImpl::release_resources() + 0x54 (0x7faf545743a4 in /home/ubuntu/anaconda3/envs/pytorch_latest_p37/lib/python3.7/site-packages/torch/"
P4D_BUS = ["0000:10:1c", "0000:10:1d", "0000:20:1c", "0000:20:1d", "0000:90:1c", "0000:90:1d", "0000:a0:1c", "0000:a0:1d"]


def build_s3() -> Scenario:
    J, N = "70231", "70219"
    s = Scenario(
        "nmtg-a100-nvlink-uncorrectable",
        "A single-GPU NMTGMinor transformer job on p4d-03 (GPU 0) logs every 100 iterations (~14 s). After ~23 min GPU 0 "
        "reports Xid 74 (NVLink fatal error, CRC errors climbing on that GPU beforehand) and the process aborts with "
        "'CUDA error: uncorrectable NVLink error'. An 8-GPU job on p4d-04 is unaffected.",
        "2021-09-23T06:00:00Z",
        {"name": "sim-p", "partition": "a100", "nodes": "p4d-[01-04]", "gpus_per_node": 8, "pci_bus_ids": P4D_BUS},
        [{"id": J, "name": "nmtg-wmt-ende", "user": "dhb", "nodes": "p4d-03", "tasks_per_node": 1,
          "started": "2021-09-23T05:59:40Z", "comment": comment(2, "/fsx/dhb/nmtg/ckpt")},
         {"id": N, "name": "bert-large-mlm", "user": "pka", "nodes": "p4d-04", "tasks_per_node": 8,
          "started": "2021-09-23T03:10:00Z"}],
    )
    rng = s.rng
    t0 = 22.0  # NMTGMinor's own start (elapsed counter 0)
    el = [8, 37, 52, 66, 80, 94, 108, 123]
    for l, e in zip(REAL_S3_NMTG, el):
        s.joblog(t0 + e + rng.uniform(0.05, 0.6), J, l)  # REAL
    i, e = 800, 123.0
    ppl = 800.48
    t_fault = None
    while True:
        e += 14.3 + rng.uniform(-0.5, 0.6)
        if i == 9700:
            t_fault = t0 + e - 6.1
            break
        ppl = max(9.5, ppl * (0.955 if ppl > 60 else 0.996) + rng.uniform(-0.3, 0.3))
        upd = i // 4
        s.joblog(t0 + e + rng.uniform(0.05, 0.6), J, nmtg_line(1, i, 15756, ppl, 3.37e-7 * upd, upd,
                                                               42000 + rng.randint(-2400, 2400), 73500 + rng.randint(-4000, 4000), e))
        i += 100
    d = s.at(t_fault)
    s.kernel(t_fault, "p4d-03", f"{dmesg_t(d)} NVRM: Xid (PCI:0000:10:1c): 74, NVLink: fatal error detected on link 4(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)")  # SYNTH
    s.kernel(t_fault + 0.12, "p4d-03", f"{dmesg_t(s.at(t_fault + 0.12))} NVRM: Xid (PCI:0000:10:1c): 45, pid=48812, name=python, Ch 00000008")  # SYNTH
    tc = t_fault + 0.4
    for k, l in enumerate(REAL_S3_CRASH):
        s.joblog(tc + 0.001 * k, J, l)  # REAL
    py = "/home/ubuntu/anaconda3/envs/pytorch_latest_p37/lib/python3.7/site-packages/torch/lib"
    for k, l in enumerate([REAL_S3_F3 + "lib/libc10.so)",
                           f"frame #4: <unknown function> + 0x6e0e3a (0x7faf9b31be3a in {py}/libtorch_python.so)",
                           f"frame #5: <unknown function> + 0x6e0ee1 (0x7faf9b31bee1 in {py}/libtorch_python.so)",
                           "<omitting python frames>",
                           "frame #21: __libc_start_main + 0xe7 (0x7fafb4fdbbf7 in /lib/x86_64-linux-gnu/libc.so.6)",
                           ""]):
        s.joblog(tc + 0.01 + 0.001 * k, J, l)
    s.joblog(tc + 2.6, J, "srun: error: p4d-03: task 0: Aborted (core dumped)")
    s.job_state(tc + 3.1, J, "FAILED", "134:0")
    t_end = tc + 600.0
    t2, it2 = 12.0, 41200  # neighbour: custom BERT MLM, one line per 100 steps (~52 s)
    while t2 < t_end:
        s.joblog(t2, N, generic_step(s, t2, it2, 1.62 + rng.uniform(-0.05, 0.05), 0.52))
        it2 += 100
        t2 += 52.0 + rng.uniform(-0.6, 0.6)

    crc = {"n": 0}

    def tel(n_, g, t3):
        if n_ == "p4d-03" and g != 0:
            return idle(rng, "a100_40sxm")
        if n_ == "p4d-03" and t3 > tc + 3:
            f = idle(rng, "a100_40sxm")
            f["DCGM_FI_DEV_XID_ERRORS"] = 74
            f["DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"] = crc["n"]
            return f
        f = busy(rng, "a100_40sxm", fb=True)
        f["DCGM_FI_DEV_XID_ERRORS"] = 0
        if n_ == "p4d-03":
            if t3 > t_fault - 240:
                crc["n"] += rng.randint(40, 400)
            f["DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"] = crc["n"]
        return f
    telemetry_gap(s, ["p4d-03", "p4d-04"], 8, 0.0, t_end, 60.0, tel,
                  fields=LIGHT + ("DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"))
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": "p4d-03", "gpu": 0},
                    drain=["p4d-03"], requeue={J: {"exclude": ["p4d-03"]}}, no_requeue=[N], no_drain=["p4d-04"])
    return s


# ======================================================================================
# S4  nanotron-roce-err12-peer-port-down  (network: one node's RoCE port drops; peers' NCCL proxies report completion
#     error 12 naming it, the job hangs until the 10-min NCCL watchdog)
# ======================================================================================
# Line: https://github.com/NVIDIA/nccl/issues/1434 -- "it supports fast failure when RDMA write fails" (alpha-baby,
# 2024-09-09): in large-model training "if an RDMA error occurs, it leads to the entire training task hanging until the
# watchdog times out and exits"; the posted line (host name cut by the poster) is below. Maintainer (sjeaugey): the error
# should propagate through ncclCommGetAsyncError. Cause: the RDMA link between the two GIDs failed (status 12 = transport
# retry counter exceeded: the peer's port stopped answering).
# Kernel mlx5 port-state wording: https://github.com/leptonai/gpud/pull/1209 ("mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link ACTIVE")
REAL_S4_ERR = ":4654:5666 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.3.0.61<39430> with error 12, opcode 129, len 0, vendor err 129 (Recv) localGid ::ffff:10.3.16.3 remoteGid ::ffff:10.3.16.61"

S4_IP = {"gn-01": 3, "gn-02": 4, "gn-03": 61, "gn-04": 62}


def build_s4() -> Scenario:
    J, N = "551830", "551802"
    s = Scenario(
        "nanotron-roce-err12-peer-port-down",
        "A 32-GPU nanotron pretraining job on gn-[01-04] (RoCE, rail-optimised) logs every 10 iterations (~31 s). At "
        "~25 min gn-03's mlx5_0 port goes down for ~40 s; the NCCL proxies on gn-01/gn-02/gn-04 report completion error "
        "12 against peer 10.3.0.61 (gn-03, per the NCCL bootstrap lines), gn-03's own ranks report the same towards the "
        "others. Progress stops, GPUs spin, and 10 min later the NCCL watchdog kills every rank. gn-[05-08] run a healthy job.",
        "2024-09-09T13:00:00Z",
        {"name": "sim-r", "partition": "h100", "nodes": "gn-[01-08]", "gpus_per_node": 8},
        [{"id": J, "name": "nanotron-8b-pretrain", "user": "yzh", "nodes": "gn-[01-04]", "tasks_per_node": 8,
          "started": "2024-09-09T12:59:50Z", "comment": comment(3, "/lustre/yzh/nt8b/ckpt")},
         {"id": N, "name": "mm-embed-train", "user": "olk", "nodes": "gn-[05-08]", "tasks_per_node": 8,
          "started": "2024-09-09T09:30:00Z"}],
    )
    rng = s.rng
    nodes = ["gn-01", "gn-02", "gn-03", "gn-04"]
    pid0 = {"gn-01": 4654, "gn-02": 3981, "gn-03": 4102, "gn-04": 3877}
    # SYNTH: NCCL 2.18 init lines of each node's local rank 0 (torchrun --tee prefix)
    for k, n in enumerate(nodes):
        tk = 38.0 + 0.4 * k
        ip = S4_IP[n]
        s.joblog(tk, J, f"[default0]:{n}:{pid0[n]}:{pid0[n]} [0] NCCL INFO Bootstrap : Using bond0:10.3.0.{ip}<0>")
        s.joblog(tk + 0.9, J, f"[default0]:{n}:{pid0[n]}:{pid0[n] + 261} [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_3:1/RoCE [2]mlx5_4:1/RoCE [3]mlx5_5:1/RoCE [4]mlx5_6:1/RoCE [5]mlx5_9:1/RoCE [6]mlx5_10:1/RoCE [7]mlx5_11:1/RoCE [RO]; OOB bond0:10.3.0.{ip}<0>")
    s.joblog(44.0, J, "[default0]:gn-01:4654:4915 [0] NCCL INFO ncclCommInitRank comm 0x55d0c41a2e70 rank 0 nranks 32 cudaDev 0 nvmlDev 0 busId 18000 commId 0x7a3c11f06b25e4d2 - Init COMPLETE")
    # SYNTH: nanotron iteration lines, interval 10
    it, t = 10, 92.0
    t_fault = 1512.3
    while t < t_fault - 5:
        ms = 3080 + rng.uniform(-40, 60)
        s.joblog(t, J, nanotron_line(s.at(t), "gn-01", it, 20000, 512, 4096, ms, 3.1 - 0.0011 * it + rng.uniform(-0.04, 0.04),
                                     3e-4 * min(1.0, it / 2000), 0.31 + rng.uniform(-0.05, 0.05), 32))
        it += 10
        t += 10 * (ms / 1000)
    # SYNTH: gn-03's port drops, then the retry timeout expires on the peers
    t_down = t_fault - 26.0
    s.kernel(t_down, "gn-03", f"{dmesg_t(s.at(t_down))} mlx5_core 0000:1a:00.0 mlx5_0: Port: 1 Link DOWN")
    s.kernel(t_down + 41.5, "gn-03", f"{dmesg_t(s.at(t_down + 41.5))} mlx5_core 0000:1a:00.0 mlx5_0: Port: 1 Link ACTIVE")

    def err_block(tb, host, pid, tid, dev, peer_ip, lgid, rgid, port, real=None):
        body = real or (f":{pid}:{tid} [{dev}] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer "
                        f"10.3.0.{peer_ip}<{port}> with error 12, opcode 129, len 0, vendor err 129 (Recv) "
                        f"localGid ::ffff:10.3.16.{lgid} remoteGid ::ffff:10.3.16.{rgid}")
        s.joblog(tb, J, f"[default{dev}]:{host}{body}")
        for k, tail in enumerate(["transport/net.cc:1008 -> 6", "proxy.cc:679 -> 6", "proxy.cc:858 -> 6 [Proxy Thread]"]):
            s.joblog(tb + 0.0002 * (k + 1), J, f"[default{dev}]:{host}:{pid}:{tid} [{dev}] NCCL INFO {tail}")
    err_block(t_fault, "gn-01", 4654, 5666, 0, 61, 3, 61, 39430, real=REAL_S4_ERR)  # REAL body, host restored
    err_block(t_fault + 0.41, "gn-02", 3981, 5233, 0, 61, 4, 61, 41877)
    err_block(t_fault + 1.07, "gn-04", 3877, 5019, 0, 61, 62, 61, 40213)
    err_block(t_fault + 1.9, "gn-03", 4102, 5391, 0, 3, 61, 3, 52390)
    err_block(t_fault + 2.2, "gn-03", 4102, 5391, 0, 62, 61, 62, 52411)
    # SYNTH: silent hang, then torch 2.3 watchdog on every node (one rank shown per local GPU of rank-0's node, one per other node)
    t_wd = t_fault - 3.0 + 600.0 + 1.2
    seq = 14177
    for k, n in enumerate(nodes):
        for lr in ([0, 1, 2, 3, 4, 5, 6, 7] if n == "gn-01" else [0]):
            r = 8 * k + lr
            tw = t_wd + 0.02 * r + rng.uniform(0, 0.3)
            ran = int((tw - (t_fault - 3.0)) * 1000)
            s.joblog(tw, J, f"[default{lr}]:[rank{r}]:[E ProcessGroupNCCL.cpp:563] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, NumelIn=67108864, NumelOut=67108864, Timeout(ms)=600000) ran for {ran} milliseconds before timing out.")
            s.joblog(tw + 0.01, J, f"[default{lr}]:[rank{r}]:[E ProcessGroupNCCL.cpp:1537] [PG 0 Rank {r}] Timeout at NCCL work: {seq}, last enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.")
            s.joblog(tw + 0.02, J, f"[default{lr}]:terminate called after throwing an instance of 'c10::DistBackendError'")
    t_x = t_wd + 4.0
    for k, n in enumerate(nodes):
        d = s.at(t_x + 0.3 * k)
        s.joblog(t_x + 0.3 * k, J, f"{torch_log_prefix(d, 'W', 2201 + k, 'torch/distributed/elastic/multiprocessing/api.py:851')} Sending process {pid0[n] + 1} closing signal SIGTERM")
        s.joblog(t_x + 0.3 * k + 0.05, J, f"{torch_log_prefix(d, 'E', 2201 + k, 'torch/distributed/elastic/multiprocessing/api.py:826')} failed (exitcode: -6) local_rank: 0 (pid: {pid0[n]}) of binary: /usr/bin/python")
    for k, n in enumerate(nodes):
        s.joblog(t_x + 9.0 + 0.1 * k, J, f"srun: error: {n}: task {k}: Exited with exit code 1")
    s.job_state(t_x + 10.0, J, "FAILED", "1:0")
    t_end = t_x + 420.0
    t2, st = 20.0, 88300  # neighbour
    while t2 < t_end:
        s.joblog(t2, N, generic_step(s, t2, st, 0.744 + rng.uniform(-0.02, 0.02), 2.35))
        st += 25
        t2 += 25 * 2.35 * (1 + rng.uniform(-0.01, 0.01))

    def tel(n_, g, t3):
        if n_ in nodes:
            if t3 < t_fault - 3:
                return busy(rng, "h100")
            if t3 < t_x + 10:
                return spinning(rng, "h100")
            return idle(rng, "h100")
        return busy(rng, "h100")
    telemetry_gap(s, nodes + ["gn-05"], 8, 0.0, t_end, 90.0, tel,
                  fields=("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_GPU_UTIL"))
    s.truth = truth({"t": t_down, "category": "network", "node": "gn-03"},
                    drain=["gn-03"], requeue={J: {"exclude": ["gn-03"]}}, no_requeue=[N],
                    no_drain=["gn-01", "gn-02", "gn-04", "gn-05"])
    return s


# ======================================================================================
# S5  neural-style-k40-ecc-again-after-reboot  (gpu_hardware: the same K40 hits an uncorrectable ECC error again a few
#     hundred iterations into the rerun after the reboot)
# ======================================================================================
# Line: https://github.com/jcjohnson/neural-style/issues/312 -- "uncorrectable ECC error encountered" (houxianxu,
# 2016-08-25; Tesla K40c, Ubuntu 14.04): the error "after 600 iteration", "I have to restart my computer to rerun the
# code. However, the error appears again after some iterations"; after the reboot "it can be run for a while but it
# would crash later on". Conclusion drawn: a recurring uncorrectable (DBE) ECC error on the same board -- the GPU's
# memory, not the program (disabling ECC was "Not Supported").
REAL_S5_ERR = "uncorrectable ECC error encountered"


def build_s5() -> Scenario:
    J, N = "30877", "30871"
    s = Scenario(
        "neural-style-k40-ecc-again-after-reboot",
        "neural-style (Lua Torch, L-BFGS) on k40-03 GPU 0 prints a loss block every 50 iterations (~38 s). k40-03 was "
        "rebooted earlier today after the same job died with an uncorrectable ECC error (history: suspect). ~430 "
        "iterations into the rerun the K40 reports Xid 48 (DBE) and cutorch aborts with 'uncorrectable ECC error "
        "encountered'. A job on k40-04 is unaffected.",
        "2016-08-25T09:00:00Z",
        {"name": "sim-k", "partition": "k40", "nodes": "k40-[01-06]", "gpus_per_node": 2,
         "pci_bus_ids": ["0000:03:00", "0000:82:00"]},
        [{"id": J, "name": "neural-style", "user": "hxx", "nodes": "k40-03", "tasks_per_node": 1,
          "started": "2016-08-25T09:00:05Z", "comment": comment(1)},
         {"id": N, "name": "char-rnn-big", "user": "tli", "nodes": "k40-04", "tasks_per_node": 1,
          "started": "2016-08-25T07:40:00Z"}],
        history=[{"at": "2016-08-25T06:12:00Z", "node": "k40-03", "verdict": "suspect", "category": "gpu_hardware"}],
    )
    rng = s.rng
    head = ["[libprotobuf WARNING google/protobuf/io/coded_stream.cc:537] Reading dangerously large protocol message.  If the message turns out to be larger than 1073741824 bytes, parsing will be halted for security reasons.  To increase the limit (or to disable these warnings), see CodedInputStream::SetTotalBytesLimit() in google/protobuf/io/coded_stream.h.",
            "[libprotobuf WARNING google/protobuf/io/coded_stream.cc:78] The total number of bytes read was 574671192",
            "Successfully loaded models/VGG_ILSVRC_19_layers.caffemodel",
            "conv1_1: 64 3 3 3", "conv1_2: 64 64 3 3", "conv2_1: 128 64 3 3", "conv2_2: 128 128 3 3",
            "Setting up style layer  \t2\t:\trelu1_1", "Setting up style layer  \t7\t:\trelu2_1",
            "Setting up style layer  \t12\t:\trelu3_1", "Setting up style layer  \t21\t:\trelu4_1",
            "Setting up content layer\t23\t:\trelu4_2", "Setting up style layer  \t30\t:\trelu5_1",
            "Capturing content targets", "Capturing style target 1", "Running optimization with L-BFGS",
            "<optim.lbfgs> \tcreating recyclable direction/step/history buffers"]
    for k, l in enumerate(head):  # SYNTH (neural_style.lua start-up output)
        s.joblog(6.0 + 0.9 * k, J, l)
    t, it = 22.0, 50
    sty = [30021.0, 700349.0, 153033.0, 12404635.0, 656.0]
    t_fault = None
    while True:
        t += 50 * 0.76 * (1 + rng.uniform(-0.01, 0.01))
        if it > 400:
            t_fault = t - 50 * 0.76 + 31 * 0.76
            break
        f = 0.62 ** (it / 50)
        c = 2091178.0 * (0.9 + 0.1 * f) * (1 + rng.uniform(-0.01, 0.01))
        st = [v * (0.03 + 0.97 * f) * (1 + rng.uniform(-0.02, 0.02)) for v in sty]
        s.joblog(t, J, f"Iteration {it} / 1000")
        s.joblog(t + 0.001, J, f"  Content 1 loss: {c:.6f}")
        for k, v in enumerate(st):
            s.joblog(t + 0.002 + 0.0005 * k, J, f"  Style {k + 1} loss: {v:.6f}")
        s.joblog(t + 0.006, J, f"  Total loss: {c + sum(st):.6f}")
        it += 50
    s.kernel(t_fault, "k40-03", f"{dmesg_t(s.at(t_fault))} NVRM: Xid (PCI:0000:03:00): 48, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1.")  # SYNTH
    tc = t_fault + 0.3
    s.joblog(tc, J, f"THCudaCheck FAIL file=/tmp/luarocks_cutorch-scm-1-7436/cutorch/lib/THC/generic/THCStorage.cu line=66 error=39 : {REAL_S5_ERR}")
    s.joblog(tc + 0.01, J, f"/home/hxx/torch/install/bin/luajit: cuda runtime error (39) : {REAL_S5_ERR} at /tmp/luarocks_cutorch-scm-1-7436/cutorch/lib/THC/generic/THCStorage.cu:66")
    for k, l in enumerate(["stack traceback:", "\t[C]: at 0x7f3a1c6b7a30", "\t[C]: in function 'CudaTensor'",
                           "\t/home/hxx/neural-style/neural_style.lua:418: in function 'opfunc'",
                           "\t/home/hxx/torch/install/share/lua/5.1/optim/lbfgs.lua:204: in function 'lbfgs'",
                           "\t/home/hxx/neural-style/neural_style.lua:436: in function 'main'",
                           "\t/home/hxx/neural-style/neural_style.lua:601: in main chunk",
                           "\t[C]: in function 'dofile'",
                           "\t...hxx/torch/install/lib/luarocks/rocks/trepl/scm-1/bin/th:145: in main chunk",
                           "\t[C]: at 0x00406670"]):
        s.joblog(tc + 0.02 + 0.001 * k, J, l)
    s.joblog(tc + 1.1, J, "srun: error: k40-03: task 0: Exited with exit code 1")
    s.job_state(tc + 1.6, J, "FAILED", "1:0")
    t_end = tc + 600.0
    t2, it2 = 17.0, 23100  # neighbour: char-rnn
    while t2 < t_end:
        s.joblog(t2, N, f"{it2}/74300 (epoch 15.547), train_loss = {1.18 + rng.uniform(-0.06, 0.06):.8f}, grad/param norm = {0.031 + rng.uniform(-0.004, 0.004):.4e}, time/batch = {0.4130 + rng.uniform(-0.01, 0.01):.4f}s")
        it2 += 1 if rng.random() < 0.5 else 2
        t2 += 0.42 * 100  # char-rnn print_every=100 (one line per 100 batches shown)
        it2 += 98

    def tel(n_, g, t3):
        if g == 1:
            return idle(rng, "k40")
        if n_ == "k40-03" and t3 > tc + 2:
            f = idle(rng, "k40")
        else:
            f = busy(rng, "k40", fb=True)
        if n_ == "k40-03":
            f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 1 if t3 > t_fault else 0
            f["DCGM_FI_DEV_XID_ERRORS"] = 48 if t3 > t_fault else 0
        return f
    telemetry_gap(s, ["k40-03", "k40-04"], 2, 0.0, t_end, 30.0, tel)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": "k40-03", "gpu": 0},
                    drain=["k40-03"], requeue={J: {"exclude": ["k40-03"]}}, no_requeue=[N], no_drain=["k40-04"])
    return s


# ======================================================================================
# S6  healthy-onmt-host-memory-pressure-uneven-steps  (healthy: step times swing 70-200 s per 50 steps while the shared
#     server is short of free host memory; GPU healthy, nothing to act on)
# ======================================================================================
# Lines: https://github.com/OpenNMT/OpenNMT-py/issues/1025 -- "training acc and ppl is unstable compareed with onmt-py
# 0.3.1" (sys1874, 2018-11-02): "When there is very little free memory, runing onmt 0.4.1 will cause that the src/tgt
# numbers of each batch is unstable" -- the log below (step intervals 83-199 s). Conclusion: host memory pressure on the
# shared machine (data loading), not a GPU or node fault; training continues.
REAL_S6 = [
    "[2018-11-01 08:44:50,931 INFO] Step 100/100000000000; acc:   9.22; ppl: 175.47; xent: 5.17; lr: 0.00030; 5714/198 tok/s;    165 sec",
    "[2018-11-01 08:46:13,737 INFO] Step 150/100000000000; acc:  11.07; ppl: 171.55; xent: 5.14; lr: 0.00030; 9505/326 tok/s;    248 sec",
    "[2018-11-01 08:49:17,800 INFO] Step 200/100000000000; acc:   9.12; ppl: 177.93; xent: 5.18; lr: 0.00030; 1134/ 43 tok/s;    432 sec",
    "[2018-11-01 08:50:53,459 INFO] Step 250/100000000000; acc:  11.02; ppl: 161.21; xent: 5.08; lr: 0.00030; 12395/377 tok/s;    528 sec",
    "[2018-11-01 08:54:12,583 INFO] Step 300/100000000000; acc:  14.09; ppl: 237.90; xent: 5.47; lr: 0.00030; 9574/240 tok/s;    727 sec",
    "[2018-11-01 08:56:13,830 INFO] Step 350/100000000000; acc:  15.65; ppl: 144.70; xent: 4.97; lr: 0.00030; 2998/130 tok/s;    848 sec",
    "[2018-11-01 08:57:44,758 INFO] Step 400/100000000000; acc:  13.97; ppl: 261.14; xent: 5.57; lr: 0.00030; 5652/207 tok/s;    939 sec",
    "[2018-11-01 08:58:54,215 INFO] Step 450/100000000000; acc:  15.14; ppl: 203.71; xent: 5.32; lr: 0.00030; 10208/325 tok/s;   1009 sec",
]


def build_s6() -> Scenario:
    J, N = "18230", "18236"
    s = Scenario(
        "healthy-onmt-host-memory-pressure-uneven-steps",
        "A single-GPU OpenNMT-py 0.4 job on srv-03 logs every 50 steps; the interval swings between ~70 s and ~200 s and "
        "tok/s between ~1k and ~12k because the shared server is short of free host memory. The GPU shows full clocks, "
        "normal temperature and power and no errors; the job keeps training. Nothing should be acted on.",
        "2018-11-01T08:40:00Z",
        {"name": "sim-s", "partition": "gpu", "nodes": "srv-[01-04]", "gpus_per_node": 4},
        [{"id": J, "name": "onmt-ptr-gen", "user": "sys", "nodes": "srv-03", "tasks_per_node": 1,
          "started": "2018-11-01T08:41:40Z", "comment": comment(1, "/data/sys/onmt/models")},
         {"id": N, "name": "onmt-zh-en", "user": "wqy", "nodes": "srv-04", "tasks_per_node": 1,
          "started": "2018-11-01T06:00:00Z"}],
    )
    rng = s.rng
    def tof(l):
        return (dt.datetime.strptime(l[1:24], "%Y-%m-%d %H:%M:%S,%f") - s.start).total_seconds()
    t_train0 = tof(REAL_S6[0]) - 165
    s.joblog(t_train0 - 0.4, J, onmt_info(s.at(t_train0 - 0.4), "Starting training on GPU: [0]"))
    s.joblog(t_train0 - 0.3, J, onmt_info(s.at(t_train0 - 0.3), "Start training..."))
    s.joblog(t_train0 + 3.2, J, onmt_info(s.at(t_train0 + 3.2), "Loading train dataset from data/cnndm.train.0.pt, number of examples: 287227"))
    s.joblog(tof(REAL_S6[0]) - 82.0, J, onmt_step(s.at(tof(REAL_S6[0]) - 82.0), 50, 100000000000, 7.31, 188.02, 0.0003, 5231, 201, 83))  # SYNTH
    for l in REAL_S6:
        s.joblog(tof(l), J, l)  # REAL
    t, step, sec = tof(REAL_S6[-1]), 500, 1009.0
    t_end = 3000.0
    while True:
        dtv = rng.choice([70, 84, 96, 121, 150, 184, 199]) + rng.uniform(-4, 4)
        if t + dtv > t_end:
            break
        t += dtv
        sec += dtv
        tok = int(5714 * 96 / dtv * (1 + rng.uniform(-0.15, 0.15)))
        s.joblog(t, J, onmt_step(s.at(t), step, 100000000000, 15.5 + step * 0.004 + rng.uniform(-1.5, 1.5),
                                 max(60.0, 190 - step * 0.05 + rng.uniform(-35, 35)), 0.0003, tok, max(40, tok // 28), sec))
        step += 50
    t2, st2 = 33.0, 64100
    while t2 < t_end:
        s.joblog(t2, N, onmt_step(s.at(t2), st2, 200000, 58.1 + rng.uniform(-0.8, 0.8), 7.91 + rng.uniform(-0.3, 0.3),
                                  0.00071, 9120 + rng.randint(-250, 250), 9680 + rng.randint(-250, 250), 9700 + t2))
        st2 += 50
        t2 += 58.0 + rng.uniform(-1.0, 1.0)

    def tel(n_, g, t3):
        if g != 0:
            return idle(rng, "gtx1080ti")
        f = busy(rng, "gtx1080ti", fb=True)
        if n_ == "srv-03":
            f["DCGM_FI_DEV_GPU_UTIL"] = rng.choice([0, 12, 38, 61, 87, 97, 99])
            f["DCGM_FI_DEV_POWER_USAGE"] = round(70 + 1.6 * f["DCGM_FI_DEV_GPU_UTIL"] + rng.uniform(-6, 6), 1)
        return f
    telemetry_gap(s, ["srv-03", "srv-04"], 4, 0.0, t_end, 60.0, tel, fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK",))
    s.truth = truth(None, no_requeue=[J, N], no_drain=["srv-03", "srv-04"])
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
