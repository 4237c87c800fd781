#!/usr/bin/env python3
"""Build the holdout17 blind evaluation corpus (format `recovery-scenario/1`).

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
Generic helpers up to the holdout17 section are copied unchanged from holdout16's build.py (itself from holdout15, holdout14) (same machinery,
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
# S1  jax-clu-alive-stuck-host-psum-hang  (hang mid-training, JAX multi-host, node with history)
# ======================================================================================
# Source: https://github.com/jax-ml/jax/issues/38503 -- "Multi-host job hangs forever when one rank is alive-but-stuck
# in an NCCL collective" (2026-06-16): if a single process stops entering a collective while staying alive (heartbeat
# still beating), every other process blocks forever inside the NCCL collective; "no error and no warning -- it hangs
# until something external kills it"; heartbeat_timeout_seconds / xla_gpu_nccl_termination_timeout_seconds do not fire.
# The thread posts a reproducer, no log lines: every line here is SYNTH (CLU LoggingWriter lines under absl).


def build_s1() -> Scenario:
    J, N = "63012", "63020"
    nodes = [f"a4n-{i:03d}" for i in range(9, 15)]
    bad = "a4n-013"
    s = Scenario(
        "jax-clu-alive-stuck-host-psum-hang",
        "A 6-host x 4 A100-40GB JAX/Flax ViT pretraining job (one process per host, CLU metric lines every 100 steps, "
        "~162 s) stops after step 22200: the process on a4n-013 stays alive but never enters the next gradient psum; "
        "the other 5 hosts spin in the NCCL all-reduce (100 % util, low power), a4n-013's GPUs sit idle. JAX has no "
        "collective timeout: no error, no line, until the owner scancels ~38 min later. a4n-013 was already a suspect.",
        "2026-06-16T13:00:00Z",
        {"name": "pm-a4", "partition": "gpu", "nodes": "a4n-[001-024]", "gpus_per_node": 4},
        [{"id": J, "name": "flax-vit-l16-pretrain", "user": "rkumar", "nodes": "a4n-[009-014]", "tasks_per_node": 1,
          "started": "2026-06-16T03:12:40Z", "comment": comment(3, "/pscratch/rkumar/vit-l16/ckpt")},
         {"id": N, "name": "gnn-md-surrogate", "user": "ochen", "nodes": "a4n-015", "tasks_per_node": 4,
          "started": "2026-06-16T11:47:03Z"}],
        history=[{"at": "2026-06-11T08:22:00Z", "node": bad, "verdict": "suspect", "category": "hang"}],
    )
    rng = s.rng
    tid = 139954821404480
    step, t = 21800, 31.4
    sec = 1.62
    last_t = t
    while step <= 22200:  # SYNTH: process 0's CLU lines
        loss = 2.61 - 0.00004 * (step - 20900) + rng.uniform(-0.02, 0.02)
        s.joblog(t, J, clu_line(s.at(t), tid, step, {
            "learning_rate": 0.000731 - 1.1e-8 * (step - 20900), "train_accuracy": 0.4412 + rng.uniform(-0.004, 0.004),
            "train_loss": loss, "steps_per_sec": 1 / sec + rng.uniform(-0.004, 0.004), "uptime": 35600 + t}))
        if step == 22000:
            s.joblog(t + 3.1, J, f"I{s.at(t + 3.1):%m%d %H:%M:%S}.{s.at(t + 3.1).microsecond:06d} {tid} "
                                 f"checkpoint_manager.py:1512] Finished asynchronous save (blocking + background) in 41.87 seconds to /pscratch/rkumar/vit-l16/ckpt/22000")
        last_t = t
        step += 100
        t += 100 * sec + rng.uniform(-0.8, 0.8)
    fault_t = last_t + 63 * sec  # a4n-013 never enters the psum of step 22264
    t_cancel = fault_t + 38 * 60 + 12.0

    def fn(node, g, tt):
        if tt >= t_cancel + 20:
            return dcgm33(idle(rng, "a100_4x40"))
        if tt < fault_t:
            f = gpu_fields(rng, "a100_4x40", util=rng.randint(95, 100))
        elif node == bad:
            f = gpu_fields(rng, "a100_4x40", util=0, power=round(rng.uniform(58, 66), 1), clock=1410, temp=rng.randint(36, 40))
        else:
            f = gpu_fields(rng, "a100_4x40", util=100, power=round(rng.uniform(92, 108), 1), clock=1410, temp=rng.randint(41, 45))
        return dcgm33(f)
    keep = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_CLOCKS_EVENT_REASONS")
    telemetry_gap(s, nodes, 4, 0.0, t_cancel + 120, 60.0, fn, fields=keep)  # SYNTH dcgm-exporter 3.3, 60 s
    telemetry_gap(s, ["a4n-015"], 4, 0.0, t_cancel + 240, 60.0, lambda n, g, tt: dcgm33(busy(rng, "a100_4x40")) if g < 2 else None, fields=keep[:2])
    s.joblog(t_cancel + 0.4, J, cancel_line(J, nodes[0], s.at(t_cancel + 0.4)))  # SYNTH
    s.joblog(t_cancel + 0.5, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_cancel + 0.6, J, f"slurmstepd: error: *** STEP {J}.0 ON {nodes[0]} CANCELLED AT {s.at(t_cancel + 0.6):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t_cancel + 1.5, J, "CANCELLED", "0:15")
    tn, ep = 12.0, 14  # SYNTH neighbour: plain epoch prints every ~75 s
    while tn < t_cancel + 240:
        s.joblog(tn, N, f"[{s.at(tn):%H:%M:%S}] epoch {ep} | force_mae {0.0381 + rng.uniform(-0.002, 0.002):.4f} eV/A | "
                        f"energy_mae {0.0094 + rng.uniform(-0.001, 0.001):.4f} eV | {74.8 + rng.uniform(-1, 1):.1f} s")
        ep += 1
        tn += 75.0 + rng.uniform(-1, 1)
    s.truth = truth({"t": fault_t, "category": "hang", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=[n for n in nodes if n != bad] + ["a4n-015"], no_requeue=[N])
    return s


# ======================================================================================
# S2  accel-256gpu-allreduce-timeout-one-node-silent  (hang mid-training, 32 nodes, RAS says healthy)
# ======================================================================================
# Lines: https://github.com/NVIDIA/nccl/issues/1730 -- "Question about RAS" (2025-06-04): a 32-node x 8 GPU job (256
# ranks), NCCL 2.26.2; "we recently had a NCCL timeout reported by pytorch, but RAS shows it healthy." The RAS report
# and rank 118's watchdog lines are verbatim; the thread names no culprit (a rank that is alive but never launches the
# collective looks healthy to RAS), so the silent node is SYNTH -- see notes.
REAL_S2_RAS = [
    "NCCL version 2.26.2 compiled with CUDA 12.4",
    "CUDA runtime version 12040, driver version 12040",
    "Job summary",
    "===========",
    "  Nodes  Processes         GPUs  Processes     GPUs",
    "(total)   per node  per process    (total)  (total)",
    "     32          8            1        256      256",
    "Communicators... (0.01s)",
    "=============",
    "Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors",
    "    #  in group  per comm  per node  per comm  in group",
    "    0         1        32         8       256       256   RUNNING      OK",
    "Errors",
    "======",
    "Warnings",
    "========",
]
REAL_S2_R118 = [
    "[rank118]:[E603 17:48:01.005271823 ProcessGroupNCCL.cpp:632] [Rank 118] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2398459, OpType=ALLREDUCE, NumelIn=8652160, NumelOut=8652160, Timeout(ms)=1800000) ran for 1800068 milliseconds before timing out.",
    "[rank118]:[E603 17:48:01.005538748 ProcessGroupNCCL.cpp:2268] [PG ID 0 PG GUID 0(default_pg) Rank 118]  failure detected by watchdog at work sequence id: 2398459 PG status: last enqueued work: 2398578, last completed work: 2398458",
]


def build_s2() -> Scenario:
    J, N = "2207431", "2207519"
    nodes = [f"h100-b-{i:03d}" for i in range(1, 33)]
    bad = "h100-b-023"  # ranks 176-183 (SYNTH culprit)
    s = Scenario(
        "accel-256gpu-allreduce-timeout-one-node-silent",
        "A 32-node x 8 H100 Accelerate/DDP continued-pretraining job logs every 20 steps (~27 s). After step 141,720 the 8 "
        "ranks on h100-b-023 stay alive but never launch the next gradient all-reduce; the other 248 ranks spin in it. A "
        "RAS status query 20 min in still says RUNNING/OK. 30 min after the stall every rank except 176-183 reports the "
        "watchdog timeout (SeqNum 2398459) and aborts; srun kills the rest. h100-b-023's GPUs are idle the whole time.",
        "2025-06-03T17:05:00Z",
        {"name": "cw-h100", "partition": "h100", "nodes": "h100-b-[001-040]", "gpus_per_node": 8},
        [{"id": J, "name": "llama-8b-cpt-accel", "user": "lwang", "nodes": "h100-b-[001-032]", "tasks_per_node": 8,
          "started": "2025-06-01T09:14:27Z", "comment": comment(2, "/lustre/lwang/llama8b-cpt/ckpt")},
         {"id": N, "name": "vit-h-eval-sweep", "user": "mpatel", "nodes": "h100-b-[033-036]", "tasks_per_node": 8,
          "started": "2025-06-03T15:40:11Z"}],
    )
    rng = s.rng
    fault_t = 780.937  # collective 2398459 enqueued at 17:18:00.937 (rank 118 ran for 1800068 ms)
    step, t = 141200, 18.3
    sec = 1.352
    while t < fault_t - 5:  # SYNTH rank-0 progress lines
        s.joblog(t, J, accel_line(s.at(t), "__main__", f"step {step} | loss {2.187 + rng.uniform(-0.03, 0.03):.4f} | "
                                  f"lr {1.8e-4 - 1e-10 * (step - 141200):.3e} | grad_norm {0.29 + rng.uniform(-0.04, 0.04):.3f} | "
                                  f"tokens/s/gpu {int(4 * 8192 / sec / 8) + rng.randint(-40, 40)} | {sec + rng.uniform(-0.01, 0.01):.3f} s/step"))
        step += 20
        t += 20 * sec + rng.uniform(-0.3, 0.3)
    # REAL RAS report, printed by the job's own periodic RAS query (once before, once during the stall)
    for t_ras in (fault_t - 412.0, fault_t + 1203.0):
        for k, l in enumerate(REAL_S2_RAS):
            s.joblog(t_ras + 0.001 * k, J, l)
    t_wd = fault_t + 1800.068
    for r in range(256):
        if nodes[r // 8] == bad:
            continue
        if r == 118:
            s.joblog(t_wd, J, REAL_S2_R118[0])
            s.joblog(t_wd + 0.0003, J, REAL_S2_R118[1])
            s.joblog(t_wd + 0.0004, J, "[rank118]:[E603 17:48:01.005560740 ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.")  # SYNTH completion
            continue
        tr = t_wd + rng.uniform(-0.08, 1.4)
        d = s.at(tr)
        s.joblog(tr, J, f"[rank{r}]:[E{d.month}{d:%d %H:%M:%S}.{d.microsecond:06d}{rng.randint(0, 999):03d} ProcessGroupNCCL.cpp:632] "
                        f"[Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2398459, OpType=ALLREDUCE, "
                        f"NumelIn=8652160, NumelOut=8652160, Timeout(ms)=1800000) ran for {int((tr - fault_t) * 1000) + rng.randint(-60, 0)} milliseconds before timing out.")  # SYNTH
    t_end = t_wd + 9.5
    for i, n in enumerate(nodes):  # SYNTH srun task summaries
        if n == bad:
            continue
        s.joblog(t_end + 0.01 * i, J, f"srun: error: {n}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)")
    s.joblog(t_end + 0.5, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_end + 33.0, J, f"srun: error: {bad}: tasks 176-183: Killed")
    s.job_state(t_end + 34.0, J, "FAILED", "134:0")
    # SYNTH telemetry (60 s): all GPUs of the silent node and of rank 118's node, GPU 0 of 8 others (size budget)
    full = {bad, "h100-b-015"}
    sample_nodes = sorted(full | {"h100-b-001", "h100-b-005", "h100-b-009", "h100-b-012", "h100-b-019", "h100-b-027",
                                  "h100-b-030", "h100-b-032"})

    def fn(node, g, tt):
        if node not in full and g != 0:
            return None
        if tt > t_end + 40:
            return idle(rng, "h100")
        if tt < fault_t:
            return gpu_fields(rng, "h100", util=rng.randint(96, 100))
        if node == bad:
            return gpu_fields(rng, "h100", util=0, power=round(rng.uniform(112, 124), 1), temp=rng.randint(34, 38))
        return gpu_fields(rng, "h100", util=100, power=round(rng.uniform(196, 228), 1), temp=rng.randint(44, 49))
    telemetry_gap(s, sample_nodes, 8, 0.0, t_end + 180, 60.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    telemetry_gap(s, ["h100-b-033"], 8, 0.0, t_end + 180, 60.0,
                  lambda n, g, tt: busy(rng, "h100") if g == 0 else None, fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE"))
    tn, k = 40.0, 0  # SYNTH neighbour
    while tn < t_end + 180:
        s.joblog(tn, N, f"[eval-sweep] ckpt {k // 6:02d} shard {k % 6}/6 done: top1={0.8123 + rng.uniform(-0.002, 0.002):.4f} ({312 + rng.randint(-9, 9)} s)")
        k += 1
        tn += 312 + rng.uniform(-9, 9)
    s.truth = truth({"t": fault_t, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_drain=[bad, "h100-b-015"], no_requeue=[N])
    return s


# ======================================================================================
# S3  litdata-combined-stream-deterministic-stall  (software: the stall repeats at the same batch)
# ======================================================================================
# Lines: https://github.com/Lightning-AI/litData/issues/340 -- "StreamingDataset causes NCCL timeout when using multiple
# nodes" (hubenjm, 2024-08-26, label bug): with CombinedStreamingDataset, train_weight_factors set and
# iterate_over_all=False, "The training stops printing out log messages after some fixed number of batches ... Where the
# training stops is deterministic if seed is fixed ... Then the NCCL timeout triggers an exception after 30 minutes. The
# training code works fine on a single node though." The CloudWatch `stamp | ` column is not part of the job's output.
REAL_S3_PTL = [
    "pytorch_lightning - INFO - RANK 0 - on_train_batch_end - EPOCH 1 BATCH 70/inf(0.00%): train_loss=0.08913; train_unweighted_loss=0.05355; train_rec=0.77778; train_neg_rec=1.00000; train_prec=1.00000; lr=0.0000499696",
    "pytorch_lightning - INFO - RANK 0 - on_train_batch_end - EPOCH 1 BATCH 80/inf(0.00%): train_loss=0.07478; train_unweighted_loss=0.09251; train_rec=0.50000; train_neg_rec=0.98684; train_prec=0.80000; lr=0.0000499693",
]
REAL_S3_RANK3 = [
    "[rank3]:[E ProcessGroupNCCL.cpp:577] [Rank 3] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
    "[rank3]:[E ProcessGroupNCCL.cpp:583] [Rank 3] To avoid data inconsistency, we are taking the entire process down.",
    "[rank3]:[E ProcessGroupNCCL.cpp:1414] [PG 0 Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=70426, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800076 milliseconds before timing out.",
]


def ptl_line(ep: int, b: int, rng) -> str:
    """SYNTH: the thread's own Lightning callback line, other batches."""
    return (f"pytorch_lightning - INFO - RANK 0 - on_train_batch_end - EPOCH {ep} BATCH {b}/inf(0.00%): "
            f"train_loss={0.09 + rng.uniform(-0.03, 0.03):.5f}; train_unweighted_loss={0.07 + rng.uniform(-0.03, 0.03):.5f}; "
            f"train_rec={rng.choice([0.5, 0.6, 0.66667, 0.75, 0.77778, 0.8, 1.0]):.5f}; train_neg_rec={rng.uniform(0.97, 1.0):.5f}; "
            f"train_prec={rng.choice([0.66667, 0.75, 0.8, 1.0]):.5f}; lr={0.00005 - 0.0000000003 * b - (0.0000000250 if ep == 0 else 0.0000000300):.10f}")


def build_s3() -> Scenario:
    J, N = "51877", "51860"
    nodes = ["g5-003", "g5-004"]
    s = Scenario(
        "litdata-combined-stream-deterministic-stall",
        "A 2-node x 8 A10G Lightning job streams a CombinedStreamingDataset (weights set, iterate_over_all=False). In epoch 1, "
        "after batch 80, ranks 2, 9 and 13 run out of samples and enter the epoch-end all-gather while the others wait in "
        "the step's 1-element all-reduce: no output for 30 min, then every rank's watchdog fires (SeqNum 70426, two op "
        "types), processes abort, torchrun reports, the job FAILS. The stop point is deterministic for the fixed seed: a "
        "requeue would stall at the same batch.",
        "2024-08-23T21:40:00Z",
        {"name": "g5", "partition": "g5", "nodes": "g5-[001-008]", "gpus_per_node": 8},
        [{"id": J, "name": "clf-streaming-ddp", "user": "mhuben", "nodes": "g5-[003-004]", "tasks_per_node": 8,
          "started": "2024-08-23T21:31:12Z", "comment": comment(2, "/fsx/mhuben/clf/ckpt")},
         {"id": N, "name": "whisper-ft", "user": "adiaz", "nodes": "g5-006", "tasks_per_node": 8,
          "started": "2024-08-23T20:02:45Z"}],
    )
    rng = s.rng
    t_b70 = 759.473  # 21:52:39.473
    # SYNTH: epoch 0 tail and epoch 1 start, every 10 batches at ~9.0 s
    t = 12.0
    b = 650
    while t < t_b70 - 7 * 9.0 - 12:
        s.joblog(t, J, ptl_line(0, b, rng))
        b += 10
        t += 9.0 + rng.uniform(-0.15, 0.15)
    for bb in range(10, 70, 10):
        s.joblog(t_b70 - (70 - bb) * 0.9 + rng.uniform(-0.1, 0.1), J, ptl_line(1, bb, rng))
    s.joblog(t_b70, J, REAL_S3_PTL[0])
    s.joblog(768.476, J, REAL_S3_PTL[1])
    fault_t = 771.798  # rank 3's all-reduce enqueued 21:52:51.798 (ran for 1800076 ms at 22:22:51.874)
    early = {2, 9, 13}  # SYNTH: ranks whose share of the stream ran out
    t_ranks = {}
    for r in range(16):
        t_ranks[r] = 2570.870 + rng.uniform(0, 1.1) if r != 3 else 2571.874
        if r == 6:
            t_ranks[r] = 2570.870
    for r in sorted(range(16), key=lambda x: t_ranks[x]):
        tr = t_ranks[r]
        if r == 3:
            s.joblog(tr - 0.002, J, ptl_watchdog(3, s.at(tr), 70426, "ALLREDUCE", 1, 1800076))
            for k, l in enumerate(REAL_S3_RANK3):
                s.joblog(tr + 0.0005 * (k + 1), J, l)
            continue
        op, numel = ("_ALLGATHER_BASE", 1) if r in early else ("ALLREDUCE", 1)
        ran = int((tr - fault_t) * 1000) - rng.randint(0, 400)
        w = ptl_watchdog(r, s.at(tr), 70426, op, numel, ran)
        if op == "_ALLGATHER_BASE":
            w = w.replace("NumelOut=1,", "NumelOut=16,")
        s.joblog(tr, J, w)
        s.joblog(tr + 0.0005, J, f"[rank{r}]:[E ProcessGroupNCCL.cpp:577] [Rank {r}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
        s.joblog(tr + 0.001, J, f"[rank{r}]:[E ProcessGroupNCCL.cpp:583] [Rank {r}] To avoid data inconsistency, we are taking the entire process down.")
        s.joblog(tr + 0.0015, J, f"[rank{r}]:[E ProcessGroupNCCL.cpp:1414] [PG 0 Rank {r}] Process group watchdog thread terminated with exception: {w[w.index('[Rank'):]}")
    py = "/opt/conda/lib/python3.11/site-packages"
    head = ['  File "/opt/conda/bin/torchrun", line 33, in <module>',
            "    sys.exit(load_entry_point('torch==2.3.0', 'console_scripts', 'torchrun')())",
            f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 347, in wrapper',
            "    return f(*args, **kwargs)",
            f'  File "{py}/torch/distributed/run.py", line 879, in main',
            "    run(args)",
            f'  File "{py}/torch/distributed/run.py", line 870, in run',
            "    elastic_launch(",
            f'  File "{py}/torch/distributed/launcher/api.py", line 132, in __call__']
    t_el = 2574.9
    for i, host in enumerate(nodes):
        fails = [(r, r % 8, 41200 + 17 * r, -6) for r in sorted(range(8 * i, 8 * i + 8), key=lambda x: t_ranks[x])]
        s.joblog(t_el + 0.4 * i, J, f"E{s.at(t_el + 0.4 * i):%m%d %H:%M:%S}.{s.at(t_el).microsecond // 1000 * 1000:06d} 41{180 + i} torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: -6) local_rank: {fails[0][1]} (pid: {fails[0][2]}) of binary: /opt/conda/bin/python")
        elastic_summary(s, t_el + 0.4 * i + 0.01, J, host, fails, "train.py", py, head[:8])
    s.joblog(t_el + 1.2, J, "srun: error: g5-003: task 0: Exited with exit code 1")
    s.joblog(t_el + 1.3, J, "srun: error: g5-004: task 1: Exited with exit code 1")
    s.job_state(t_el + 2.0, J, "FAILED", "1:0")

    def fn(node, g, tt):
        if tt > t_el + 5:
            return idle(rng, "a10g")
        if tt < fault_t:
            return gpu_fields(rng, "a10g", util=rng.randint(88, 99))
        return gpu_fields(rng, "a10g", util=100, power=round(rng.uniform(68, 79), 1), temp=rng.randint(41, 46))
    telemetry_gap(s, nodes, 8, 0.0, t_el + 150, 60.0, fn, fields=LIGHT)  # SYNTH dcgm-exporter 60 s
    telemetry_gap(s, ["g5-006"], 8, 0.0, t_el + 150, 60.0, lambda n, g, tt: busy(rng, "a10g"), fields=LIGHT)
    tn, st = 20.0, 4100  # SYNTH neighbour: HF Trainer-style dict lines every ~95 s
    while tn < t_el + 150:
        s.joblog(tn, N, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.6e, 'epoch': %.2f}" % (
            0.3412 + rng.uniform(-0.02, 0.02), 1.92 + rng.uniform(-0.3, 0.3), 8.1e-6 - 1e-9 * (st - 4100), st / 2480))
        st += 25
        tn += 95.0 + rng.uniform(-2, 2)
    s.truth = truth({"t": fault_t, "category": "software"}, no_requeue=[J, N], no_drain=nodes + ["g5-006"])
    return s


# ======================================================================================
# S4  torch-undefined-ncclcommregister-after-pip  (software: broken environment, every node, at start)
# ======================================================================================
# Lines: https://github.com/blbadger/maskedmixers (README, "you may receive the following error resulting from an
# undefined symbol in your ncclCommRegister upon attempting to install from requirements.txt") -- torchrun's import
# of torch fails. Conclusion: https://github.com/pytorch/pytorch/issues/119932 -- another installed package provides an
# incompatible NCCL library ("remove the conflicting package" / downgrade torch); the environment, not a node, is broken.
REAL_S4_TB = [
    '  File "/home/bbadger/experiments/maskedmixers/mixer-venv/bin/torchrun", line 5, in <module>',
    "    from torch.distributed.run import main",
    '  File "/home/bbadger/experiments/maskedmixers/mixer-venv/lib/python3.10/site-packages/torch/__init__.py", line 290, in <module>',
    "    from torch._C import *  # noqa: F403",
    "ImportError: /home/bbadger/experiments/maskedmixers/mixer-venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister",
]


def build_s4() -> Scenario:
    J, N = "882415", "882390"
    nodes = ["gl-05", "gl-06", "gl-07", "gl-08"]
    s = Scenario(
        "torch-undefined-ncclcommregister-after-pip",
        "A 4-node x 4 L40S masked-mixer LM job (srun launches one torchrun per node) fails within 3 s of starting: every "
        "node's torchrun dies importing torch (libtorch_cuda.so: undefined symbol: ncclCommRegister) because the venv now "
        "holds an NCCL wheel older than torch expects. Same traceback on all four nodes, no GPU ever used, no kernel line. "
        "The job opted in to requeues; a requeue repeats the ImportError. A neighbour job trains on gl-[01-02].",
        "2024-04-02T09:00:00Z",
        {"name": "gl", "partition": "gpu", "nodes": "gl-[01-12]", "gpus_per_node": 4},
        [{"id": J, "name": "mixer-lm-512", "user": "bbadger", "nodes": "gl-[05-08]", "tasks_per_node": 4,
          "started": "2024-04-02T09:01:10Z", "comment": comment(3, "/home/bbadger/experiments/maskedmixers/ckpt")},
         {"id": N, "name": "sd-lora-sweep", "user": "tnguyen", "nodes": "gl-[01-02]", "tasks_per_node": 4,
          "started": "2024-04-02T07:30:55Z"}],
    )
    rng = s.rng
    t0 = 70.0
    s.job_state(t0, J, "RUNNING", "0:0")  # SYNTH
    first = None
    for i, n in enumerate(nodes):  # SYNTH order/timing; lines REAL (srun --label prefix)
        t = t0 + 2.1 + 0.35 * i + rng.uniform(0, 0.4)
        first = t if first is None else min(first, t)
        s.joblog(t, J, f"{i}: Traceback (most recent call last):")
        for k, l in enumerate(REAL_S4_TB):
            s.joblog(t + 0.001 * (k + 1), J, f"{i}: {l}")
    for i, n in enumerate(nodes):
        s.joblog(t0 + 4.3 + 0.05 * i, J, f"srun: error: {n}: task {i}: Exited with exit code 1")
    s.job_state(t0 + 5.0, J, "FAILED", "1:0")
    fault_t = t0 + 2.1

    def fn(node, g, tt):
        if node in nodes:
            return idle(rng, "l40s_48")
        return busy(rng, "l40s_48")
    telemetry_gap(s, nodes + ["gl-01", "gl-02"], 4, 0.0, 540.0, 15.0, fn, fields=LIGHT)  # SYNTH nvidia-smi query, 15 s
    tn, it = 9.0, 3200  # SYNTH neighbour: diffusers-style prints every ~40 s
    while tn < 540:
        s.joblog(tn, N, f"Steps: {it}/8000 loss={0.1123 + rng.uniform(-0.03, 0.03):.4f} lr=1e-04 ({2.51 + rng.uniform(-0.03, 0.03):.2f} it/s)")
        it += 100
        tn += 40.0 + rng.uniform(-0.5, 0.5)
    s.truth = truth({"t": fault_t, "category": "software"}, no_requeue=[J, N], no_drain=nodes)
    return s


# ======================================================================================
# S5  h100-fabricmanager-nvls-bind-fail  (gpu_hardware: NVSwitch/Fabric Manager state of one node)
# ======================================================================================
# Lines: https://github.com/pytorch/pytorch/pull/177472 -- "[CI] Work around H100 FabricManager failure causing
# multicast failure" (kwen2501, 2026-03-15): typical signature below; "This PR disables NCCL from using NVLink SHARP ...
# Note that this is a short-term workaround. We need to restart or fix the machine." / "Perhaps we would need a power
# cycle." Context: https://github.com/NVIDIA/nccl/issues/1562 (H200 nodes: "3 instances of failure of fabric manager
# within one month"). The trailing spaces of the pasted lines are dropped.
REAL_S5_NVLS = [
    "torch.distributed.DistBackendError: NCCL error in: /var/lib/jenkins/workspace/torch/csrc/distributed/c10d/NCCLUtils.cpp:93, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.29.3",
    "ncclUnhandledCudaError: Call to CUDA function failed.",
    "Last error:",
    "Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 401 'the operation cannot be performed in the present state'.",
    "This is usually caused by a system or configuration error in the Fabric Manager or NVSwitches.",
    "Disable NVLS (NCCL_NVLS_ENABLE=0) if you wish to avoid this error in the future.",
]


def build_s5() -> Scenario:
    J, N = "30991", "30987"
    nodes = ["p5-005", "p5-006", "p5-007", "p5-008"]
    bad = "p5-007"
    s = Scenario(
        "h100-fabricmanager-nvls-bind-fail",
        "A 4-node x 8 H100-SXM FSDP job starts; at the first collective the 8 ranks on p5-007 fail to bind NVLS multicast "
        "memory (CUDA error 401, 'system or configuration error in the Fabric Manager or NVSwitches'); p5-007's torchrun "
        "fails, srun tears down the step, the job FAILS ~45 s after start. Ranks on the other three nodes report nothing "
        "of their own; the neighbour job on p5-[001-004] uses NVLS fine. No Xid. The node needs an FM restart/power cycle.",
        "2026-03-15T06:00:00Z",
        {"name": "p5", "partition": "h100", "nodes": "p5-[001-016]", "gpus_per_node": 8},
        [{"id": J, "name": "fsdp-symm-mem-bench", "user": "kwen", "nodes": "p5-[005-008]", "tasks_per_node": 8,
          "started": "2026-03-15T06:00:40Z", "comment": comment(3, "/fsx/kwen/ckpt")},
         {"id": N, "name": "qwen-14b-sft", "user": "jli", "nodes": "p5-[001-004]", "tasks_per_node": 8,
          "started": "2026-03-15T03:11:09Z"}],
    )
    rng = s.rng
    t0 = 40.0
    s.job_state(t0, J, "RUNNING", "0:0")  # SYNTH
    torchrun_banner(s, t0 + 3.0, J, prefix="0: ")
    s.joblog(t0 + 21.4, J, "0: [2026-03-15 06:01:01] rank 0/32: model built (FSDP2, bf16), 14.2B params; initialising process groups")
    t_err = t0 + 24.8
    for lr in range(8):  # REAL lines (prefixed with srun label and torch rank tag) on the 8 ranks of p5-007
        r = 16 + lr
        tt = t_err + 0.02 * lr + rng.uniform(0, 0.05)
        s.joblog(tt, J, f"2: [rank{r}]: Traceback (most recent call last):")
        s.joblog(tt + 0.0002, J, f'2: [rank{r}]:   File "/opt/bench/fsdp_symm_bench.py", line 214, in <module>')
        s.joblog(tt + 0.0003, J, f"2: [rank{r}]:     main()")
        s.joblog(tt + 0.0004, J, f'2: [rank{r}]:   File "/opt/bench/fsdp_symm_bench.py", line 171, in main')
        s.joblog(tt + 0.0005, J, f"2: [rank{r}]:     dist.barrier(device_ids=[local_rank])")
        for k, l in enumerate(REAL_S5_NVLS):
            s.joblog(tt + 0.001 + 0.0001 * k, J, f"2: [rank{r}]: {l}")
    py = "/opt/conda/lib/python3.12/site-packages"
    fails = [(16 + k, k, 88120 + k, 1) for k in range(8)]
    s.joblog(t_err + 1.9, J, f"2: E{s.at(t_err + 1.9):%m%d %H:%M:%S}.{s.at(t_err + 1.9).microsecond // 1000 * 1000:06d} 88101 torch/distributed/elastic/multiprocessing/api.py:884] failed (exitcode: 1) local_rank: 0 (pid: 88120) of binary: /opt/conda/bin/python3")
    elastic_summary(s, t_err + 1.95, J, bad, fails, "/opt/bench/fsdp_symm_bench.py", py,
                    ['  File "/opt/conda/bin/torchrun", line 8, in <module>', "    sys.exit(main())"], prefix="2: ")
    s.joblog(t_err + 2.3, J, f"srun: error: {bad}: task 2: Exited with exit code 1")
    s.joblog(t_err + 2.4, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for i in (0, 1, 3):
        s.joblog(t_err + 2.6 + 0.1 * i, J, f"{i}: W{s.at(t_err + 2.6):%m%d %H:%M:%S}.{s.at(t_err + 2.6).microsecond // 1000 * 1000:06d} {77000 + i} torch/distributed/elastic/agent/server/api.py:719] Received 15 death signal, shutting down workers")
    s.joblog(t_err + 3.5, J, f"slurmstepd: error: *** STEP {J}.0 ON {nodes[0]} CANCELLED AT {s.at(t_err + 3.5):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t_err + 4.2, J, "FAILED", "1:0")
    fault_t = t_err

    def fn(node, g, tt):
        if node in nodes:
            if t0 + 12 < tt < t_err + 3:
                return gpu_fields(rng, "h100", util=0, power=round(rng.uniform(118, 131), 1), fb=rng.randint(1400, 2600))
            return idle(rng, "h100")
        return busy(rng, "h100")
    telemetry_gap(s, nodes + ["p5-001", "p5-002"], 8, 0.0, 300.0, 15.0, fn,
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_XID_ERRORS"))
    tn, it = 6.0, 5510  # SYNTH neighbour (HF Trainer dict lines)
    s.joblog(2.0, N, "p5-001:12044:12311 [0] NCCL INFO NVLS multicast support is available on dev 0 (NVLS_NCHANNELS 16)")
    while tn < 300:
        s.joblog(tn, N, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.6e, 'epoch': %.2f}" % (
            0.8123 + rng.uniform(-0.03, 0.03), 0.41 + rng.uniform(-0.05, 0.05), 1.7e-5, it / 9120))
        it += 10
        tn += 31.0 + rng.uniform(-0.5, 0.5)
    s.truth = truth({"t": fault_t, "category": "gpu_hardware", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["p5-005", "p5-006", "p5-008"], no_requeue=[N])
    return s


# ======================================================================================
# S6  healthy-nvrm-assert-osapi-spam-mmdet  (healthy: driver assertion lines, nothing wrong)
# ======================================================================================
# Lines: https://github.com/NVIDIA/open-gpu-kernel-modules/issues/402 -- "nvlogAllocBuffer wrap failed"; a commenter
# (2022-11-24) posts repeated `NVRM nvAssertFailedNoLog: Assertion failed: 0 @ osapi.c:1688` kernel lines and writes "I
# nevertheless see no freezes." Only the NVRM body is used (journal stamp/host rewritten; the thread's laptop acer_wmi
# lines are left out).
REAL_S6_ASSERT = "Nov 24 22:57:55 kanazawa kernel: [142500.501070] NVRM nvAssertFailedNoLog: Assertion failed: 0 @ osapi.c:1688"


def build_s6() -> Scenario:
    J, N = "41207", "41198"
    nodes = ["dgx-02", "dgx-03"]
    s = Scenario(
        "healthy-nvrm-assert-osapi-spam-mmdet",
        "A 2-node x 8 A100 MMEngine detection job logs every 50 iterations (~20.5 s). dgx-03's kernel log gets bursts of "
        "'NVRM nvAssertFailedNoLog: Assertion failed: 0 @ osapi.c:1688' (no Xid, no ECC, no throttling); training speed, "
        "loss and telemetry stay normal and the job keeps running. Nothing needs doing.",
        "2022-11-24T22:40:00Z",
        {"name": "dgx", "partition": "dgx", "nodes": "dgx-[01-06]", "gpus_per_node": 8},
        [{"id": J, "name": "dino-r50-coco", "user": "erover", "nodes": "dgx-[02-03]", "tasks_per_node": 8,
          "started": "2022-11-24T19:05:31Z", "comment": comment(2, "/data/erover/work_dirs/dino")},
         {"id": N, "name": "bert-l-squad", "user": "hkim", "nodes": "dgx-05", "tasks_per_node": 8,
          "started": "2022-11-24T21:58:40Z"}],
    )
    rng = s.rng
    n_it, ep, it = 1832, 7, 350
    t = 8.0
    while t < 2700:  # SYNTH MMEngine lines (rank 0)
        tm = 0.4112 + rng.uniform(-0.006, 0.006)
        remain = ((12 - ep) * n_it + (n_it - it)) * tm
        s.joblog(t, J, mmengine_line(s.at(t), ep, it, n_it, 1.0e-4, remain, tm, 0.0071 + rng.uniform(-0.001, 0.001), 11683,
                                     5.812 + rng.uniform(-0.2, 0.2), 0.412 + rng.uniform(-0.03, 0.03), 0.198 + rng.uniform(-0.02, 0.02)))
        it += 50
        if it > n_it:
            s.joblog(t + 4.1, J, f"{s.at(t + 4.1):%Y/%m/%d %H:%M:%S} - mmengine - INFO - Exp name: dino-4scale_r50_8xb2-12e_coco_20221124_190531")
            s.joblog(t + 9.6, J, f"{s.at(t + 9.6):%Y/%m/%d %H:%M:%S} - mmengine - INFO - Saving checkpoint at {ep} epochs")
            ep, it = ep + 1, 50
            t += 14.0
        t += 50 * tm + rng.uniform(-0.3, 0.3)
    body = strip_journal(REAL_S6_ASSERT)  # "[uptime] NVRM ..."
    msg = re.sub(r"^\[\s*\d+\.\d+\] ", "", body)
    up0 = 142500.501070 - 1075.0  # uptime at t=0 so the real line keeps its stamp (22:57:55 = t 1075)
    bursts = [1075.0, 1076.3, 1076.5, 1077.2, 1388.4, 1389.1, 1390.0, 1923.7, 1924.9, 2311.2, 2312.0, 2312.6, 2313.3]
    for tb in bursts:  # SYNTH times, REAL body
        if tb == 1075.0:
            s.kernel(tb, "dgx-03", f"{journal_t(s.at(tb), 'dgx-03')} [142500.501070] {msg}")
            continue
        tb += rng.uniform(0, 0.05)
        s.kernel(tb, "dgx-03", f"{journal_t(s.at(tb), 'dgx-03')} [{up0 + tb:.6f}] {msg}")
    telemetry_gap(s, nodes, 8, 0.0, 2700.0, 60.0, lambda n, g, tt: busy(rng, "a100"),
                  fields=("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK"))  # SYNTH nvidia-smi --query-gpu every 60 s
    telemetry_gap(s, ["dgx-05"], 8, 0.0, 2700.0, 60.0, lambda n, g, tt: busy(rng, "a100") if g < 2 else None,
                  fields=("DCGM_FI_DEV_GPU_UTIL",))
    tn = 30.0
    while tn < 2700:
        s.joblog(tn, N, f"[{s.at(tn):%Y-%m-%d %H:%M:%S}] step {int(tn / 3.1)} | loss {1.02 + rng.uniform(-0.1, 0.1):.4f} | 3.10 s/it")
        tn += 62.0
    s.truth = truth(None, no_drain=["dgx-03"], no_requeue=[J, N])
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
