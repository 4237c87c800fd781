#!/usr/bin/env python3
"""Build the holdout18 blind evaluation corpus (format `recovery-scenario/1`).

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
Generic helpers up to the holdout18 section are copied unchanged from holdout17 (itself from holdout16) (itself from holdout15, holdout14) (same machinery,
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
# S1  healthy-mmseg-dist-eval-silent-76min  (healthy: 76 min of no log lines while rank 0 evaluates)
# ======================================================================================
# Lines: https://github.com/open-mmlab/mmsegmentation/issues/66 -- "Train my own data, and when the validate is over,
# the program gets stuck." The user's log (2020-08-13) shows the last train line, the checkpoint save, and the
# distributed evaluation's mmcv ProgressBar (rewritten in place with \r, so a log file gets no newline until it ends)
# finishing after 4545 s. Maintainer: "It takes a while to evaluate in distributed mode." User: "Right, the eval time is so
# long." Only the final \r-segment of the bar is used (the thread shows the earlier segments run together).
REAL_S1_ITER = "2020-08-13 15:19:04,379 - mmseg - INFO - Iter [1950/20000]      lr: 9.127e-03, eta: 11:16:39, time: 2.096, data_time: 0.001, memory: 25119, decode.loss_seg: 0.0001, decode.acc_seg: 0.8459, aux.loss_seg: 0.0001, aux.acc_seg: 0.8459, loss: 0.0002"
REAL_S1_SAVE = "2020-08-13 15:20:50,742 - mmseg - INFO - Saving checkpoint at 2000 iterations"
REAL_S1_BAR = "[>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>] 7811/7811, 1.7 task/s, elapsed: 4545s, ETA:     0s"


def build_s1() -> Scenario:
    J, N = "73120", "73144"
    node = "gs-04"
    s = Scenario(
        "healthy-mmseg-dist-eval-silent-76min",
        "An 8 x V100-32GB mmsegmentation (mmcv 1.x) job logs every 50 iterations (~105 s). At iteration 2000 it saves a "
        "checkpoint and starts distributed evaluation on 7811 images; rank 0's ProgressBar rewrites one line with \\r, so "
        "the log file gets no new line for 76 minutes. GPUs stay busy at inference load; no errors. The evaluation then "
        "finishes, results are logged and training resumes at the same speed. Nothing needs doing.",
        "2020-08-13T14:30:00Z",
        {"name": "gs", "partition": "gpu", "nodes": "gs-[01-08]", "gpus_per_node": 8},
        [{"id": J, "name": "deeplabv3-own-data", "user": "simobupt", "nodes": node, "tasks_per_node": 8,
          "started": "2020-08-13T14:10:41Z", "comment": comment(2, "/work/simobupt/work_dirs/deeplabv3")},
         {"id": N, "name": "pspnet-cityscapes", "user": "lwang", "nodes": "gs-06", "tasks_per_node": 8,
          "started": "2020-08-13T12:02:17Z"}],
    )
    rng = s.rng
    t_real = 49 * 60 + 4.379
    for it in range(1000, 1950, 50):  # SYNTH earlier train lines at the thread's 2.096 s/iter
        t = t_real - (1950 - it) / 50 * 104.8 + rng.uniform(-0.4, 0.4)
        tm = 2.096 + rng.uniform(-0.012, 0.012)
        s.joblog(t, J, mmcv_iter_line(s.at(t), it, 20000, 0.01 * (1 - it / 20000) ** 0.9, (20000 - it) * tm, tm, 0.001, 25119,
                                      0.0001, 0.8459 + rng.uniform(-0.002, 0.002), 0.0001, 0.8459 + rng.uniform(-0.002, 0.002)))
        if it == 1000:
            s.joblog(t + 101.5, J, mmcv_info(s.at(t + 101.5), "Saving checkpoint at 1000 iterations"))
    s.joblog(t_real, J, REAL_S1_ITER)
    t_save = 50 * 60 + 50.742
    s.joblog(t_save, J, REAL_S1_SAVE)
    t_bar = t_save + 1.6 + 4545.4
    s.joblog(t_bar, J, REAL_S1_BAR)  # REAL (final \r segment only)
    d = t_bar + 38.0
    s.joblog(d, J, mmcv_info(s.at(d), "per class results:"))  # SYNTH mmseg 0.x summary
    for k, l in enumerate(["Class                 IoU        Acc", "background          84.59      100.00",
                           "target               0.00       0.00", "Summary:", "Scope                 mIoU       mAcc       aAcc",
                           "global              42.30      50.00      84.59"]):
        s.joblog(d + 0.001 * (k + 1), J, l)
    s.joblog(d + 0.01, J, mmcv_info(s.at(d + 0.01), "Iter(val) [2000]\tmIoU: 0.4230, mAcc: 0.5000, aAcc: 0.8459"))
    t = d + 104.8 - 38.0 + 2.0
    it = 2050
    while t < 9300:  # SYNTH training resumes at the same cadence
        tm = 2.096 + rng.uniform(-0.012, 0.012)
        s.joblog(t, J, mmcv_iter_line(s.at(t), it, 20000, 0.01 * (1 - it / 20000) ** 0.9, (20000 - it) * tm, tm, 0.001, 25119,
                                      0.0001, 0.8459 + rng.uniform(-0.002, 0.002), 0.0001, 0.8459 + rng.uniform(-0.002, 0.002)))
        it += 50
        t += 104.8 + rng.uniform(-0.4, 0.4)

    def fn(n_, g, tt):  # SYNTH nvidia-smi query every 60 s
        if t_save < tt < t_bar:  # inference: bursty, lower power, same memory
            return gpu_fields(rng, "v100_32", util=rng.randint(38, 81), power=round(rng.uniform(105, 190), 1),
                              fb=25119 + rng.randint(600, 900))
        if t_bar <= tt < d + 10:
            return gpu_fields(rng, "v100_32", util=rng.randint(0, 12), power=round(rng.uniform(62, 80), 1), fb=26010)
        return gpu_fields(rng, "v100_32", util=rng.randint(93, 100), fb=25119 + rng.randint(300, 700))
    telemetry_gap(s, [node], 8, 0.0, 9300.0, 60.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    tn, ep = 40.0, 61  # SYNTH neighbour: mmseg-style lines every 50 iters (~58 s)
    itn = 30150
    while tn < 9300:
        s.joblog(tn, N, mmcv_iter_line(s.at(tn), itn, 80000, 0.01 * (1 - itn / 80000) ** 0.9, (80000 - itn) * 1.16, 1.16, 0.012,
                                       7012, 0.2112 + rng.uniform(-0.02, 0.02), 0.9312 + rng.uniform(-0.004, 0.004),
                                       0.0901 + rng.uniform(-0.01, 0.01), 0.9201 + rng.uniform(-0.004, 0.004)))
        itn += 50
        tn += 58.0 + rng.uniform(-0.5, 0.5)
    s.truth = truth(None, no_drain=[node], no_requeue=[J, N])
    return s


# ======================================================================================
# S2  ray-train-worker-node-terminated-heartbeats  (node_failure: Ray Train worker node vanishes; driver hangs)
# ======================================================================================
# Lines: https://github.com/ray-project/ray/issues/22349 -- "[Bug] [Train] Cannot reproduce fault-tolerance, script hangs
# upon any node shutdown" (ASDen, 2022-02-15): two Ray Train workers (one per node) run the FashionMNIST example; "After
# terminating one of the nodes" the GCS marks 10.128.0.103 dead (missed heartbeats), the BackendExecutor reports the
# actor dead, and the script hangs instead of restarting the worker. The node is gone (terminated): a node failure; the
# Ray fault-tolerance bug is why the job hangs rather than fails. The thread's timestamps are kept (scenario clock fits).
REAL_S2_LOSS = [
    "(BaseWorkerMixin pid=5172, ip=10.128.0.32) loss: 2.093296  [    0/30000]",
    "(BaseWorkerMixin pid=5137, ip=10.128.0.103) loss: 1.876175  [ 3200/30000]",
    "(BaseWorkerMixin pid=5172, ip=10.128.0.32) loss: 1.995140  [ 3200/30000]",
    "(BaseWorkerMixin pid=5137, ip=10.128.0.103) loss: 2.019226  [ 6400/30000]",
    "(BaseWorkerMixin pid=5172, ip=10.128.0.32) loss: 1.813242  [ 6400/30000]",
]
REAL_S2_DEAD = "2022-02-15 16:53:52,096\tWARNING worker.py:1462 -- The node with node id: 8f205b12643d25d8c1ce57c45527a6c912f3479765096718ad2bf0d3 and ip: 10.128.0.103 has been marked dead because the detector has missed too many heartbeats from it. This can happen when a raylet crashes unexpectedly or has lagging heartbeats."
REAL_S2_ACTOR = [
    "(BackendExecutor pid=5126, ip=10.128.0.32) 2022-02-15 16:53:52,097\tERROR utils.py:42 -- The actor died unexpectedly before finishing this task.",
    "(BackendExecutor pid=5126, ip=10.128.0.32) \tclass_name: BaseWorkerMixin",
    "(BackendExecutor pid=5126, ip=10.128.0.32) \tactor_id: ad32ee6f9964d162b63e02c601000000",
    "(BackendExecutor pid=5126, ip=10.128.0.32) \tpid: 5137",
    "(BackendExecutor pid=5126, ip=10.128.0.32) \tnamespace: eab8b056-4b60-4176-8070-5f404f6de75c",
    "(BackendExecutor pid=5126, ip=10.128.0.32) \tip: 10.128.0.103",
]


def build_s2() -> Scenario:
    J, N = "5811", "5807"
    head, bad = "rg-01", "rg-02"
    s = Scenario(
        "ray-train-worker-node-terminated-heartbeats",
        "A Slurm job starts a 2-node Ray cluster (head rg-01 = 10.128.0.32, worker rg-02 = 10.128.0.103) and runs a Ray "
        "Train TorchTrainer with one GPU worker per node. In epoch 2 rg-02 is powered off: its worker's lines stop, 30 s "
        "later the GCS marks node 10.128.0.103 dead and the BackendExecutor reports the actor dead, then the driver hangs "
        "(Ray Train does not restart the worker). rg-02's telemetry stops; ~5 min later Slurm marks rg-02 "
        "DOWN+NOT_RESPONDING and the job ends NODE_FAIL. A neighbour job on rg-[04-05] keeps training.",
        "2022-02-15T16:50:00Z",
        {"name": "rg", "partition": "gpu", "nodes": "rg-[01-06]", "gpus_per_node": 4},
        [{"id": J, "name": "ray-train-fashion-ft", "user": "asden", "nodes": "rg-[01-02]", "tasks_per_node": 1,
          "started": "2022-02-15T16:47:12Z", "comment": comment(2, "/home/asden/ray_results")},
         {"id": N, "name": "t5-base-summarize", "user": "kpatel", "nodes": "rg-[04-05]", "tasks_per_node": 4,
          "started": "2022-02-15T14:31:40Z"}],
    )
    rng = s.rng
    H, W = "10.128.0.32", "10.128.0.103"
    t = 170.4  # SYNTH Ray/Train start-up lines
    s.joblog(t, J, ray_log(s.at(t), "INFO", "worker.py:842", "Connecting to existing Ray cluster at address: 10.128.0.32:6379"))
    s.joblog(t + 2.9, J, ray_log(s.at(t + 2.9), "INFO", "trainer.py:172", "Trainer logs will be logged in: /home/asden/ray_results/train_2022-02-15_16-52-53"))
    s.joblog(t + 9.7, J, ray_worker(5172, H, ray_log(s.at(t + 9.7), "INFO", "torch.py:67", "Setting up process group for: env:// [rank=0, world_size=2]")))
    s.joblog(t + 9.8, J, ray_worker(5137, W, ray_log(s.at(t + 9.8), "INFO", "torch.py:67", "Setting up process group for: env:// [rank=1, world_size=2]")))
    s.joblog(t + 12.1, J, ray_log(s.at(t + 12.1), "INFO", "trainer.py:178", "Run results will be logged in: /home/asden/ray_results/train_2022-02-15_16-52-53/run_001"))
    t = 185.0
    loss = 2.3030
    for b in range(0, 30000, 3200):  # SYNTH epoch 1 (100 batches of 32 between prints, ~1.1 s)
        for pid, ip, dl in ((5137, W, 0.0), (5172, H, 0.35)):
            s.joblog(t + dl + rng.uniform(0, 0.1), J, ray_worker(pid, ip, f"loss: {loss + rng.uniform(-0.02, 0.02):.6f}  [{b:>5d}/30000]"))
        loss -= 0.021
        t += 1.1 + rng.uniform(-0.1, 0.1)
    for pid, ip, acc, al in ((5137, W, 46.1, 2.07), (5172, H, 45.3, 2.08)):  # SYNTH test summary per worker
        s.joblog(t + 0.9, J, ray_worker(pid, ip, "Test Error: "))
        s.joblog(t + 0.901, J, ray_worker(pid, ip, f" Accuracy: {acc:.1f}%, Avg loss: {al:.6f} "))
        s.joblog(t + 0.902, J, ray_worker(pid, ip, ""))
    t += 2.2
    s.joblog(t - 0.6, J, ray_worker(5137, W, "loss: 2.101734  [    0/30000]"))  # SYNTH (the thread's excerpt starts after it)
    times = [t, t + 0.7, t + 1.05, t + 1.8, t + 2.15]
    for tt, l in zip(times, REAL_S2_LOSS):
        s.joblog(tt, J, l)
    fault_t = t + 2.5  # rg-02 powered off
    t_dead = 3 * 60 + 52.096
    assert fault_t < t_dead - 25, fault_t
    s.joblog(t_dead, J, REAL_S2_DEAD)
    for k, l in enumerate(REAL_S2_ACTOR):
        s.joblog(t_dead + 0.001 + 0.0001 * k, J, l)
    s.joblog(t_dead + 0.0018, J, ray_worker(5126, H, "The actor is dead because its node has died. Node Id: 8f205b12643d25d8c1ce57c45527a6c912f3479765096718ad2bf0d3", "BackendExecutor"))  # SYNTH (excerpt cut here)
    t_down = fault_t + 300.0 + rng.uniform(2, 20)  # SYNTH SlurmdTimeout=300
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")
    s.joblog(t_down + 0.4, J, f"slurmstepd: error: *** JOB {J} ON {head} CANCELLED AT {s.at(t_down + 0.4):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    s.job_state(t_down + 0.5, J, "NODE_FAIL", "0:0")

    def fn(n_, g, tt):  # SYNTH DCGM exporter, 30 s
        if n_ == bad and tt > fault_t:
            return None
        if g != 0:
            return idle(rng, "t4")
        if tt < 120:
            return gpu_fields(rng, "t4", util=0, power=round(rng.uniform(26, 29), 1), fb=rng.randint(300, 420))
        if tt < fault_t + 2:
            return gpu_fields(rng, "t4", util=rng.randint(55, 78), power=round(rng.uniform(40, 55), 1), fb=1180 + rng.randint(0, 60))
        if n_ == head and tt < t_down + 1:  # driver hangs: context kept, no work
            return gpu_fields(rng, "t4", util=0, power=round(rng.uniform(27, 31), 1), fb=1190)
        return idle(rng, "t4")
    telemetry_gap(s, [head, bad], 4, 0.0, 960.0, 30.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    telemetry_gap(s, ["rg-04", "rg-05"], 4, 0.0, 960.0, 30.0, lambda n_, g, tt: busy(rng, "t4"),
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    tn, st = 11.0, 18200  # SYNTH neighbour: HF Trainer dict lines every ~64 s
    while tn < 960:
        s.joblog(tn, N, hf_dict(1.6121 + rng.uniform(-0.05, 0.05), 3.0e-4 * (1 - st / 60000), st / 6100))
        st += 100
        tn += 64.0 + rng.uniform(-1, 1)
    s.truth = truth({"t": fault_t, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_drain=[head], no_requeue=[N])
    return s


# ======================================================================================
# S3  c4130-v100-32gb-power-brake-straggler  (gpu_degraded: whole node power-braked to 382 MHz, job 4x slow)
# ======================================================================================
# Lines: https://github.com/l4rz/reverse-engineering-dell-idrac-to-get-rid-of-gpu-throttling (README, "Reverse
# engineering Dell iDRAC to get rid of GPU throttling"): V100-SXM2-32GB in a Dell C4130 are "throttled with clocks reduced
# 75% or more" -- `HW Slowdown : Active`, `HW Power Brake Slowdown : Active`, SM 382 MHz -- because the iDRAC finds no
# power-table entry for the GPU; the writecfg fix "will get reinitialized to the default values ... on the next iDRAC
# reboot". Here a patched C4130 node comes back from a reboot with the brake asserted again; all 4 GPUs crawl and the
# synchronous job runs at the braked node's speed. The two lines are indented one level deeper in the full `-q` output.
REAL_S3_BRAKE = [
    "    HW Slowdown                       : Active",
    "        HW Power Brake Slowdown       : Active",
]


def build_s3() -> Scenario:
    J, N = "220417", "220409"
    nodes = ["c41-03", "c41-04", "c41-05", "c41-06"]
    bad = "c41-05"
    bus = ["00000000:1A:00.0", "00000000:1C:00.0", "00000000:1D:00.0", "00000000:1E:00.0"]
    s = Scenario(
        "c4130-v100-32gb-power-brake-straggler",
        "Dell C4130 nodes with 4 x V100-SXM2-32GB each (iDRAC power table patched by hand). c41-05 is rebooted for a "
        "kernel update, its iDRAC reboots with it and the patch is lost: after it returns, its GPUs sit at 382 MHz with HW "
        "Slowdown / HW Power Brake active (throttle mask 0x88). A 4-node x 4 GPU ResNet-50 job starts on c41-[03-06]; its "
        "prologue's nvidia-smi shows the brake on c41-05 only. The job trains, but ~4x slower than the same job on "
        "healthy nodes: every rank waits for c41-05 at each allreduce. Nothing crashes.",
        "2021-11-16T13:00:00Z",
        {"name": "c41", "partition": "v100", "nodes": "c41-[01-08]", "gpus_per_node": 4,
         "pci_bus_ids": ["0000:1a:00", "0000:1c:00", "0000:1d:00", "0000:1e:00"]},
        [{"id": J, "name": "rn50-amp-dali", "user": "mkowalski", "nodes": "c41-[03-06]", "tasks_per_node": 4,
          "started": "2021-11-16T13:10:02Z", "comment": comment(3, "/scratch/mkowalski/rn50/ckpt")},
         {"id": N, "name": "rn50-amp-dali-baseline", "user": "mkowalski", "nodes": "c41-[01-02]", "tasks_per_node": 4,
          "started": "2021-11-16T11:48:30Z"}],
    )
    rng = s.rng
    s.node_state(30.0, bad, "DOWN", "reboot ASAP kernel 5.4.0-90")  # SYNTH maintenance reboot
    s.node_state(388.0, bad, "IDLE", "")
    t0 = 602.0
    s.job_state(t0, J, "RUNNING", "0:0")
    for i, n in enumerate(nodes):  # SYNTH prologue `srun --ntasks-per-node=1 --label nvidia-smi -q -d PERFORMANCE`
        lines = smi_perf_block(f"{i}: ", s.at(t0 + 1.2), bus, n == bad, REAL_S3_BRAKE)
        for k, l in enumerate(lines):
            s.joblog(t0 + 1.3 + 0.05 * i + 0.0005 * k, J, l)
    s.joblog(t0 + 24.0, J, f"DLL {s.at(t0 + 24):%Y-%m-%d %H:%M:%S.%f} - PARAMETER arch : resnet50  batch_size : 256  amp : True  world_size : 16  data_backend : dali-gpu  epochs : 90")
    it_per_ep = 312  # 1281167 / (256*16)
    sec_bad = 0.94  # braked: ~25 % clocks on one node paces the whole job
    t = t0 + 61.0
    fault_t = t
    it, ep = 100, 0
    while t < 2700:  # SYNTH rank-0 dllogger lines every 100 iterations
        sec = sec_bad + rng.uniform(-0.02, 0.02)
        ips = 256 * 16 / sec
        s.joblog(t, J, dll_line(s.at(t), ep, it % it_per_ep, 6.90 - 0.0011 * (ep * it_per_ep + it % it_per_ep) + rng.uniform(-0.03, 0.03), ips,
                                0.256 * min(1.0, (ep * it_per_ep + it) / (5 * it_per_ep))))
        it += 100
        if it >= it_per_ep * (ep + 1):
            ep += 1
        t += 100 * sec
    tn, itn = 15.0, 100  # SYNTH neighbour: same recipe on 2 healthy nodes, ~0.232 s/it -> 23 s per 100 it
    while tn < 2700:
        sec = 0.232 + rng.uniform(-0.004, 0.004)
        s.joblog(tn, N, dll_line(s.at(tn), 11 + itn // 625, itn % 625, 3.71 + rng.uniform(-0.05, 0.05), 256 * 8 / sec, 0.205))
        itn += 100
        tn += 100 * sec

    def fn(n_, g, tt):  # SYNTH dcgm-exporter 2.x, 60 s
        if n_ in nodes and tt < t0 + 40:
            if n_ == bad and tt > 400:
                return gpu_fields(rng, "v100_sxm32_c41", util=0, power=round(rng.uniform(38, 42), 1), clock=382, fb=0, thr=0x89)
            if n_ == bad and tt > 30:
                return None  # rebooting
            return gpu_fields(rng, "v100_sxm32_c41", util=0, power=round(rng.uniform(40, 45), 1), clock=135, fb=0, thr=0x1)
        if n_ == bad:
            return gpu_fields(rng, "v100_sxm32_c41", util=100, power=round(rng.uniform(84, 97), 1), clock=382,
                              temp=rng.randint(37, 41), thr=0x88)
        if n_ in nodes:  # healthy clocks, mostly waiting in NCCL for c41-05
            return gpu_fields(rng, "v100_sxm32_c41", util=rng.choice([97, 99, 100, 100]), power=round(rng.uniform(92, 118), 1),
                              clock=1530, temp=rng.randint(40, 45), thr=0)
        return gpu_fields(rng, "v100_sxm32_c41", util=100, clock=1530, thr=0 if rng.random() > 0.1 else 0x4)
    telemetry_gap(s, nodes + ["c41-01", "c41-02"], 4, 0.0, 2700.0, 60.0, fn,
                  fields=("DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_GPU_UTIL",
                          "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"))
    s.truth = truth({"t": fault_t, "category": "gpu_degraded", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["c41-03", "c41-04", "c41-06", "c41-01", "c41-02"], no_requeue=[N])
    return s


# ======================================================================================
# S4  pcluster-head-name-lookup-failure-three-jobs  (infrastructure: compute nodes cannot resolve the head node)
# ======================================================================================
# Lines: https://github.com/aws/aws-parallelcluster/issues/1616 -- "slurmstepd: error: Unable to establish control
# machine address." (AWS ParallelCluster 2.5.0, Slurm 19.05.3-2): "Most of the scheduled job failed with:" the three
# lines below; in a later comment jobs "disappeared from squeue" with the same lines after ~50 of 101 jobs. The thread
# points at the cluster's shared services (name resolution of the head node, EFS, autoscaling), not at any compute node;
# jobs on many different nodes fail the same way at once. The third line is used without the period that the issue
# text runs into its prose.
REAL_S4_LINES = [
    "slurmstepd: error: get_exit_code task 0 died by signal: 15",
    'slurmstepd: error: Unable to resolve "ip-172-31-95-188": Host name lookup failure',
    "slurmstepd: error: Unable to establish control machine address",
]


def build_s4() -> Scenario:
    A, B, C = "1841", "1846", "1850"
    na = ["ip-172-31-80-101", "ip-172-31-80-102"]
    nb, nc = "ip-172-31-80-104", "ip-172-31-80-107"
    s = Scenario(
        "pcluster-head-name-lookup-failure-three-jobs",
        "An AWS ParallelCluster 2.5 Slurm cluster of p3.8xlarge nodes (4 x V100-16GB). Three training jobs on disjoint "
        "nodes (a 2-node DDP job, a Keras job, a HF Trainer job) die within 40 s of each other: in each job's output "
        "slurmstepd reports the task killed by signal 15, then that it cannot resolve the head node ip-172-31-95-188 and "
        "cannot establish the control machine address. The four nodes stop answering the controller "
        "(DOWN+NOT_RESPONDING) and return ~10 min later when name resolution recovers. No kernel or GPU errors anywhere.",
        "2020-01-24T20:00:00Z",
        {"name": "pcluster-gpu", "partition": "compute", "nodes": "ip-172-31-80-[101-112]", "gpus_per_node": 4},
        [{"id": A, "name": "ddp-wgs-variant-cnn", "user": "chandan", "nodes": "ip-172-31-80-[101-102]", "tasks_per_node": 4,
          "started": "2020-01-24T18:41:09Z", "comment": comment(3, "/efs/chandan/ckpt/wgs-cnn")},
         {"id": B, "name": "keras-effnet-b3", "user": "rsingh", "nodes": nb, "tasks_per_node": 1,
          "started": "2020-01-24T19:12:55Z", "comment": comment(1)},
         {"id": C, "name": "bert-ner-finetune", "user": "amorales", "nodes": nc, "tasks_per_node": 4,
          "started": "2020-01-24T19:47:30Z"}],
    )
    rng = s.rng
    t_f = 3012.0  # SYNTH: name resolution of the head node starts failing
    # job A: plain DDP print every ~41 s (generic helper)
    t, st = 14.0, 9100
    while t < t_f + 4:
        s.joblog(t, A, generic_step(s, t, st, 0.3821 - 0.00001 * (st - 9100) + rng.uniform(-0.01, 0.01), 0.412 + rng.uniform(-0.005, 0.005)))
        st += 100
        t += 41.2 + rng.uniform(-0.3, 0.3)
    # job B: Keras fit(verbose=2), one epoch line every ~212 s
    t, ep = 101.0, 31
    while t < t_f:
        s.joblog(t, B, f"Epoch {ep}/120")
        s.joblog(t + 211.6 + rng.uniform(-2, 2), B, keras_v2(ep, 1563, 212, 0.512 - 0.004 * (ep - 31), 0.842 + 0.002 * (ep - 31),
                                                              0.601 + rng.uniform(-0.02, 0.02), 0.811 + rng.uniform(-0.01, 0.01)))
        ep += 1
        t += 212.4 + rng.uniform(-1, 1)
    # job C: HF Trainer dict lines every ~52 s
    t, stc = 33.0, 400
    while t < t_f:
        s.joblog(t, C, hf_dict(0.2412 - 0.00002 * (stc - 400) + rng.uniform(-0.02, 0.02), 4.0e-5 * (1 - stc / 9000), stc / 3000))
        stc += 50
        t += 52.0 + rng.uniform(-0.6, 0.6)
    fault_t = None
    for job, nodes_, dt_ in ((C, [nc], 6.2), (A, na, 14.9), (B, [nb], 37.4)):  # SYNTH order/timing; REAL bodies
        tt = t_f + dt_
        fault_t = tt if fault_t is None else min(fault_t, tt)
        for k, l in enumerate(REAL_S4_LINES):
            s.joblog(tt + 0.001 * k, job, l)
        if job == A:
            s.joblog(tt + 0.3, job, f"srun: error: {na[1]}: tasks 4-7: Terminated")
            s.joblog(tt + 0.31, job, f"srun: error: {na[0]}: tasks 0-3: Terminated")
        s.job_state(tt + 1.0, job, "FAILED", "0:15")
    for i, n in enumerate(na + [nb, nc]):  # SYNTH: slurmd cannot reach slurmctld by name
        s.node_state(t_f + 301.0 + 7 * i, n, "DOWN+NOT_RESPONDING", "Not responding")
        s.node_state(t_f + 655.0 + 11 * i, n, "IDLE", "")

    def fn(n_, g, tt):  # SYNTH CloudWatch-agent nvidia_smi metrics, 60 s
        if tt > t_f + 8:
            return idle(rng, "v100_pcie16")
        if n_ == nb and g > 0:
            return idle(rng, "v100_pcie16")
        return busy(rng, "v100_pcie16")
    telemetry_gap(s, na + [nb, nc], 4, 0.0, 4200.0, 60.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    s.truth = truth({"t": fault_t, "category": "infrastructure"}, no_requeue=[A, B, C], no_drain=na + [nb, nc])
    return s


# ======================================================================================
# S5  healthy-owner-scancel-then-resubmit  (healthy: the owner cancels a running job and resubmits)
# ======================================================================================
# Lines: https://github.com/qiskit-community/spank-plugins/pull/17 -- "Add SCANCEL support to QRUN": `scancel 3` on a
# running srun step; "slurm-n.out contains the log of this cancelling", quoted below (srun's own lines only; the
# slurmstepd STEP/JOB lines are rebuilt with this scenario's ids in the same words). Slurm's scancel man page, quoted
# there: "To cancel a job, invoke scancel without --signal option. This will send first a SIGCONT to all steps ..."
REAL_S5_SRUN = [
    "srun: got SIGCONT",
    "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    "srun: forcing job termination",
]


def build_s5() -> Scenario:
    J, J2, N = "418822", "418861", "418790"
    nodes = ["a40-09", "a40-10", "a40-11"]
    s = Scenario(
        "healthy-owner-scancel-then-resubmit",
        "A 3-node x 4 A40 DDP job (srun launches one torchrun per node) trains normally (~38 s between progress lines). "
        "Its owner runs scancel on it mid-epoch: srun gets SIGCONT, aborts the step, torchrun agents report SIGTERM and "
        "shut their workers down, slurmstepd prints the STEP/JOB CANCELLED lines and the job ends CANCELLED. Four minutes "
        "later the same user's new job (changed learning rate) starts on the same three nodes and trains normally. Nothing "
        "is broken; no node or job needs action.",
        "2024-06-03T09:00:00Z",
        {"name": "a40", "partition": "a40", "nodes": "a40-[01-16]", "gpus_per_node": 4},
        [{"id": J, "name": "vit-b16-inat-lr3e-4", "user": "okafor", "nodes": "a40-[09-11]", "tasks_per_node": 4,
          "started": "2024-06-03T07:12:44Z", "comment": comment(2, "/scratch/okafor/vit/ckpt")},
         {"id": J2, "name": "vit-b16-inat-lr1e-4", "user": "okafor", "nodes": "a40-[09-11]", "tasks_per_node": 4,
          "started": "2024-06-03T09:37:20Z", "comment": comment(2, "/scratch/okafor/vit/ckpt2")},
         {"id": N, "name": "whisper-small-ft", "user": "dchen", "nodes": "a40-[03-04]", "tasks_per_node": 4,
          "started": "2024-06-03T06:20:05Z"}],
    )
    rng = s.rng
    t, st = 12.0, 14600
    t_cancel = 1923.4
    while t < t_cancel:  # SYNTH rank-0 progress prints (srun --label "0: ")
        s.joblog(t, J, "0: " + generic_step(s, t, st, 2.412 - 0.00002 * (st - 14600) + rng.uniform(-0.03, 0.03), 0.381 + rng.uniform(-0.004, 0.004)))
        st += 100
        t += 38.1 + rng.uniform(-0.3, 0.3)
    s.joblog(t_cancel, J, REAL_S5_SRUN[0])
    s.joblog(t_cancel + 0.02, J, REAL_S5_SRUN[1])
    s.joblog(t_cancel + 0.05, J, f"slurmstepd: error: *** STEP {J}.0 ON {nodes[0]} CANCELLED AT {s.at(t_cancel):%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(t_cancel + 0.06, J, f"slurmstepd: error: *** JOB {J} ON {nodes[0]} CANCELLED AT {s.at(t_cancel):%Y-%m-%dT%H:%M:%S} ***")
    for i in range(3):  # SYNTH torch 2.3 elastic agent on SIGTERM
        d = s.at(t_cancel + 0.1 + 0.02 * i)
        s.joblog(t_cancel + 0.1 + 0.02 * i, J, f"{i}: " + torch_log_prefix(d, "W", 30211 + 17 * i, "torch/distributed/elastic/agent/server/api.py:741") + " Received Signals.SIGTERM death signal, shutting down workers")
        for lr in range(4):
            s.joblog(t_cancel + 0.101 + 0.02 * i + 0.0002 * lr, J, f"{i}: " + torch_log_prefix(d, "W", 30211 + 17 * i, "torch/distributed/elastic/multiprocessing/api.py:851") + f" Sending process {30240 + 17 * i + lr} closing signal SIGTERM")
    s.joblog(t_cancel + 1.9, J, REAL_S5_SRUN[2])
    s.job_state(t_cancel + 2.0, J, "CANCELLED", "0:15")
    t2 = 37 * 60 + 20.0  # resubmitted job
    s.job_state(t2, J2, "RUNNING", "0:0")
    torchrun_banner(s, t2 + 2.5, J2, prefix="0: ")
    t, st = t2 + 95.0, 14600
    while t < 4200:
        s.joblog(t, J2, "0: " + generic_step(s, t, st, 2.409 - 0.00002 * (st - 14600) + rng.uniform(-0.03, 0.03), 0.381 + rng.uniform(-0.004, 0.004)))
        st += 100
        t += 38.1 + rng.uniform(-0.3, 0.3)

    def fn(n_, g, tt):  # SYNTH DCGM 3.3 exporter, 60 s
        if n_ in nodes and (t_cancel + 1 < tt < t2 + 80):
            return dcgm33(idle(rng, "rtx6000"))
        return dcgm33(gpu_fields(rng, "rtx6000", util=rng.randint(94, 100), power=round(rng.uniform(255, 298), 1)))
    telemetry_gap(s, nodes + ["a40-03", "a40-04"], 4, 0.0, 4200.0, 60.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"))
    tn, sn = 20.0, 3000
    while tn < 4200:  # SYNTH neighbour: HF Trainer dict lines every ~75 s
        s.joblog(tn, N, hf_dict(0.5521 + rng.uniform(-0.03, 0.03), 1.0e-5, sn / 1800))
        sn += 25
        tn += 75.0 + rng.uniform(-1, 1)
    s.truth = truth(None, no_drain=nodes, no_requeue=[J, J2, N])
    return s


# ======================================================================================
# S6  dive-viame-train-dns-outage-two-jobs  (infrastructure: ~10 min DNS outage kills two training tasks)
# ======================================================================================
# Lines: https://github.com/Kitware/dive/issues/1355 -- "Make the system slightly more resiliant to temporary DNS
# failures" (mattdawkins, 2023-07-14): "Looks like a 10 minute or so DNS failure might lead to a system failure when
# running longstanding training jobs", with the VIAME/netharn training output and the girder_worker/celery traceback
# below (the excerpt is cut inside the last frame; only whole lines are used). The second job's lines are the same
# kinds of lines, synthesised; which service's name failed to resolve is not stated in the thread.
REAL_S6_TRAIN = [
    "INFO: ACC FOR 'vali': 1.0",
    "INFO: === finish epoch 19 / 100 : viame-frame-classifier ===",
    "epoch lr:5e-05 | vloss: 0.0000 (n_bad=11, best=0.0000)  19/100... rate=0.07 Hz, eta=0:18:34, total=0:04:21, wall=2023-07-13 22:00 UTC",
    "train loss:-1 | 0.00% of 64x1... rate=0 Hz, eta=?, total=0:00:00",
    "train loss:0.2479 | 100.00% of 64x1... rate=5.98 Hz, eta=0:00:00, total=0:00:10",
]
REAL_S6_TB = [
    "OperationalError: [Errno -3] Temporary failure in name resolution",
    '  File "/opt/dive/local/venv/lib/python3.8/site-packages/celery/app/trace.py", line 451, in trace_task',
    "    R = retval = fun(*args, **kwargs)",
    '  File "/opt/dive/local/venv/lib/python3.8/site-packages/girder_worker/task.py", line 154, in __call__',
    "    results = super(Task, self).__call__(*_t_args, **_t_kwargs)",
    '  File "/opt/dive/local/venv/lib/python3.8/site-packages/celery/app/trace.py", line 734, in __protected_call__',
    "    return self.run(*args, **kwargs)",
    '  File "/opt/dive/src/dive_tasks/tasks.py", line 371, in train_pipeline',
]


def build_s6() -> Scenario:
    A, B, N = "90211", "90214", "90198"
    na, nb, nn = "viame-gpu-02", "viame-gpu-05", "viame-gpu-03"
    s = Scenario(
        "dive-viame-train-dns-outage-two-jobs",
        "A DIVE/VIAME annotation site runs each training request as a one-GPU Slurm job (girder_worker task wrapping "
        "VIAME's netharn trainer). At 22:00 UTC a ~10 minute site DNS outage begins: two training jobs on different nodes "
        "(a frame classifier and a detector) both fail within a minute with 'OperationalError: [Errno -3] Temporary "
        "failure in name resolution' from the worker's task machinery. A neighbour job that needs no network keeps "
        "training. No kernel, GPU or Slurm node event anywhere.",
        "2023-07-13T21:50:00Z",
        {"name": "viame", "partition": "gpu", "nodes": "viame-gpu-[01-06]", "gpus_per_node": 2},
        [{"id": A, "name": "dive-train-frame-classifier", "user": "dive", "nodes": na, "tasks_per_node": 1,
          "started": "2023-07-13T21:55:49Z", "comment": comment(1)},
         {"id": B, "name": "dive-train-yolo-detector", "user": "dive", "nodes": nb, "tasks_per_node": 1,
          "started": "2023-07-13T21:31:02Z", "comment": comment(1)},
         {"id": N, "name": "seal-counting-unet", "user": "jbrown", "nodes": nn, "tasks_per_node": 2,
          "started": "2023-07-13T20:10:37Z"}],
    )
    rng = s.rng
    per_ep = 13.75
    t = 351.0
    for ep in range(1, 19):  # SYNTH epochs 1..18 in the thread's format and cadence
        s.joblog(t, A, "train loss:-1 | 0.00% of 64x1... rate=0 Hz, eta=?, total=0:00:00")
        loss = 0.62 * math.exp(-ep / 9) + 0.2 + rng.uniform(-0.01, 0.01)
        s.joblog(t + 10.7, A, netharn_train(loss, 100.0, 64, 5.98 + rng.uniform(-0.05, 0.05), 0, 10))
        s.joblog(t + 12.9, A, "INFO: ACC FOR 'vali': 1.0")
        s.joblog(t + 12.95, A, f"INFO: === finish epoch {ep} / 100 : viame-frame-classifier ===")
        s.joblog(t + 13.0, A, netharn_epoch(ep, 100, 5e-05, 0.0, max(0, ep - 8), 0.07, (100 - ep) * per_ep, ep * per_ep, s.at(t + 13.0)))
        t += per_ep
    s.joblog(t, A, "train loss:-1 | 0.00% of 64x1... rate=0 Hz, eta=?, total=0:00:00")
    s.joblog(t + 10.7, A, netharn_train(0.2491, 100.0, 64, 5.97, 0, 10))
    s.joblog(t + 12.9, A, REAL_S6_TRAIN[0])
    s.joblog(t + 12.95, A, REAL_S6_TRAIN[1])
    s.joblog(t + 13.0, A, REAL_S6_TRAIN[2])
    t += per_ep
    s.joblog(t, A, "")
    s.joblog(t + 0.01, A, REAL_S6_TRAIN[3])
    s.joblog(t + 10.6, A, REAL_S6_TRAIN[4])
    s.joblog(t + 10.61, A, REAL_S6_TRAIN[4])
    t_fa = t + 10.9
    for k, l in enumerate(REAL_S6_TB):
        s.joblog(t_fa + 0.001 * k, A, l)
    s.joblog(t_fa + 0.01, A, "    utils.stream_subprocess(self, context, manager, popen_kwargs)")  # SYNTH completion of the cut frame
    s.joblog(t_fa + 0.011, A, "OSError: [Errno -3] Temporary failure in name resolution")  # SYNTH (underlying socket.gaierror class)
    s.job_state(t_fa + 1.4, A, "FAILED", "1:0")
    # job B: detector training, same logging machinery, one epoch per ~96 s; fails 41 s after A
    tb, epb = 20.0, 41
    t_fb = t_fa + 41.3
    while tb + 96 < t_fb:
        s.joblog(tb, B, "train loss:-1 | 0.00% of 480x1... rate=0 Hz, eta=?, total=0:00:00")
        s.joblog(tb + 88.2, B, netharn_train(1.412 - 0.004 * epb + rng.uniform(-0.02, 0.02), 100.0, 480, 5.44 + rng.uniform(-0.05, 0.05), 0, 88))
        s.joblog(tb + 95.1, B, f"INFO: === finish epoch {epb} / 120 : viame-yolo-detector ===")
        s.joblog(tb + 95.2, B, netharn_epoch(epb, 120, 1e-3, 1.611 + rng.uniform(-0.02, 0.02), 2, 0.01, (120 - epb) * 96, epb * 96, s.at(tb + 95.2)))
        epb += 1
        tb += 96.0 + rng.uniform(-0.5, 0.5)
    s.joblog(tb, B, "train loss:-1 | 0.00% of 480x1... rate=0 Hz, eta=?, total=0:00:00")
    for k, l in enumerate(REAL_S6_TB):
        s.joblog(t_fb + 0.001 * k, B, l)
    s.joblog(t_fb + 0.01, B, "    utils.stream_subprocess(self, context, manager, popen_kwargs)")
    s.joblog(t_fb + 0.011, B, "OSError: [Errno -3] Temporary failure in name resolution")
    s.job_state(t_fb + 1.2, B, "FAILED", "1:0")

    def fn(n_, g, tt):  # SYNTH nvidia-smi query, 30 s
        if n_ == na and (tt < 350 or tt > t_fa + 2):
            return idle(rng, "rtx6000")
        if n_ == nb and tt > t_fb + 2:
            return idle(rng, "rtx6000")
        if n_ in (na, nb) and g == 1:
            return idle(rng, "rtx6000")
        return gpu_fields(rng, "rtx6000", util=rng.randint(70, 99))
    telemetry_gap(s, [na, nb, nn], 2, 0.0, 1500.0, 30.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED"))
    tn, ep = 30.0, 7  # SYNTH neighbour: tqdm-free epoch prints every ~140 s
    while tn < 1500:
        s.joblog(tn, N, f"[{s.at(tn):%Y-%m-%d %H:%M:%S}] epoch {ep} batch 400/1250 dice 0.8{rng.randint(10, 99)} loss {0.21 + rng.uniform(-0.02, 0.02):.4f}")
        ep += 1 if rng.random() < 0.3 else 0
        tn += 140.0 + rng.uniform(-2, 2)
    s.truth = truth({"t": t_fa, "category": "infrastructure"}, no_requeue=[A, B, N], no_drain=[na, nb, nn])
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
