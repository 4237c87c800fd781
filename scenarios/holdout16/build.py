#!/usr/bin/env python3
"""Build the holdout16 blind evaluation corpus (format `recovery-scenario/1`).

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
Generic helpers up to `CORE` are copied unchanged from holdout15's build.py (itself from holdout14) (same machinery,
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
# S1  trixie-cn125-startup-hang-loading-to-gpu  (hang during initialisation, node with history)
# ======================================================================================
# Source: https://github.com/ai4d-iasc/trixie/issues/44 -- "node cn125 not working" (kryczko, 2020-12-07): "My code is
# failing to execute on node cn125, it gets stuck when I try and load things into GPU memory and just hangs. My code
# executes fine on all other nodes." Admin: node placed in drain for diagnostics; hardware diags had come out clean
# before and it was recently reimaged ("Guess there is still an underlying issue to find").
# No log lines were posted: every line here is SYNTH (a plain PyTorch 1.7 DDP script's own prints under srun --label).


def build_s1() -> Scenario:
    J, N = "41877", "41862"
    nodes = ["cn122", "cn123", "cn124", "cn125"]
    s = Scenario(
        "trixie-cn125-startup-hang-loading-to-gpu",
        "A 4-node x 4 V100 PyTorch DDP job (cn[122-125]) starts, every rank loads its dataset shard into GPU memory. "
        "The 4 ranks on cn125 never finish the copy; the 12 others enter DDP's initial parameter broadcast and wait. "
        "No step is ever logged, no kernel/Xid line, no error: silence until the owner cancels it ~55 min later. "
        "cn125 was already a suspect. A neighbour job on cn118 trains normally.",
        "2020-12-07T14:00:00Z",
        {"name": "trixie", "partition": "TrixieMain", "nodes": "cn[101-136]", "gpus_per_node": 4},
        [{"id": J, "name": "dft-cnn-ddp", "user": "kryczko", "nodes": "cn[122-125]", "tasks_per_node": 4,
          "started": "2020-12-07T14:01:00Z", "comment": comment(2, "/gpfs/projects/ai4d/kryczko/ckpt")},
         {"id": N, "name": "mol-gnn", "user": "dumontj", "nodes": "cn118", "tasks_per_node": 4,
          "started": "2020-12-07T11:32:10Z"}],
        history=[{"at": "2020-11-02T16:40:00Z", "node": "cn125", "verdict": "suspect", "category": "node_failure"}],
    )
    rng = s.rng
    t0 = 60.0
    s.job_state(t0, J, "RUNNING", "0:0")  # SYNTH
    W = 2
    # SYNTH: start-up prints of each rank (srun --label)
    for r in range(16):
        host = nodes[r // 4]
        t = t0 + 6.5 + 0.08 * r + rng.uniform(0, 0.4)
        s.joblog(t, J, f"{label(r, W)}rank {r:2d}/16 on {host} cuda:{r % 4} | torch 1.7.1+cu110 | nccl 2.7.8")
    s.joblog(t0 + 9.1, J, f"{label(0, W)}init_process_group(backend=nccl, init_method=env://) done in 2.31 s")
    s.joblog(t0 + 10.4, J, f"{label(0, W)}reading /gpfs/projects/ai4d/kryczko/data/train_3d_v2.h5: 412 shards, 1318400 samples")
    t_move = {}
    for r in range(16):
        t = t0 + 14.0 + 0.05 * r + rng.uniform(0, 1.2)
        t_move[r] = t
        s.joblog(t, J, f"{label(r, W)}rank {r:2d}: copying 82400 samples (20.1 GiB) to cuda:{r % 4} ...")
    t_last_ok = 0.0
    for r in range(12):
        t = t_move[r] + 17.5 + rng.uniform(-1.5, 2.5)
        t_last_ok = max(t_last_ok, t)
        s.joblog(t, J, f"{label(r, W)}rank {r:2d}: dataset resident on cuda:{r % 4} in {t - t_move[r]:.1f} s")
    t_ddp = t_last_ok + 0.6
    s.joblog(t_ddp, J, f"{label(0, W)}building model: DeepCNN3D(channels=[32, 64, 128, 256], params=11.9M)")
    s.joblog(t_ddp + 0.4, J, f"{label(0, W)}wrapping model in DistributedDataParallel(device_ids=[0])")
    fault_t = max(t_move[r] for r in range(12, 16))
    # SYNTH telemetry: dcgm-exporter scraped every 60 s
    t_cancel = t0 + 3305.0

    def fn(node, g, t):
        if t < t0 + 4:
            return idle(rng, "v100_32")
        if node == "cn125":
            if t < t_move[12] + 1:
                return gpu_fields(rng, "v100_32", util=0, power=round(rng.uniform(52, 58), 1), fb=1420 + rng.randint(0, 40))
            if t < t_cancel:
                # stuck mid-copy: context + partial buffer allocated, nothing executing
                return gpu_fields(rng, "v100_32", util=0, power=round(rng.uniform(41, 47), 1), clock=1290,
                                  temp=rng.randint(33, 36), fb=7950 + rng.randint(-6, 6))
            return idle(rng, "v100_32")
        if t < t_move[0] + 1:
            return gpu_fields(rng, "v100_32", util=0, power=round(rng.uniform(52, 58), 1), fb=1420 + rng.randint(0, 40))
        if t < t_ddp:
            return gpu_fields(rng, "v100_32", util=rng.randint(3, 9), power=round(rng.uniform(60, 75), 1), fb=22400 + rng.randint(-200, 200))
        if t < t_cancel:
            f = spinning(rng, "v100_32")  # NCCL broadcast kernel spinning, waiting for cn125's ranks
            f["DCGM_FI_DEV_FB_USED"] = 23150 + rng.randint(-20, 20)
            f["DCGM_FI_DEV_GPU_TEMP"] = rng.randint(41, 46)
            return f
        return idle(rng, "v100_32")
    telemetry_gap(s, nodes, 4, 0.0, 3480.0, 60.0, fn, fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK",))
    telemetry_gap(s, ["cn118"], 4, 0.0, 3480.0, 60.0, lambda n, g, t: busy(rng, "v100_32"), fields=LIGHT)
    # SYNTH: owner cancels (scancel) after ~55 min of silence
    s.joblog(t_cancel + 0.3, J, cancel_line(J, "cn122", s.at(t_cancel + 0.3)))
    s.joblog(t_cancel + 0.35, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_cancel + 0.4, J, f"slurmstepd: error: *** STEP {J}.0 ON cn122 CANCELLED AT {s.at(t_cancel + 0.4):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t_cancel + 1.2, J, "CANCELLED", "0:15")
    # SYNTH neighbour: custom epoch/batch prints every ~45 s
    t, b, ep = 25.0, 640, 7
    while t < 3480:
        s.joblog(t, N, f"Epoch {ep:3d} [{b:5d}/2500] loss={0.0412 + rng.uniform(-0.003, 0.003):.4f} "
                       f"mae={0.0211 + rng.uniform(-0.0015, 0.0015):.4f} eV  ({11.3 + rng.uniform(-0.3, 0.3):.1f} batches/s)")
        b += 500
        if b > 2500:
            b, ep = b - 2500, ep + 1
        t += 44.2 + rng.uniform(-1, 1)
    s.truth = truth({"t": fault_t, "category": "hang", "node": "cn125"}, drain=["cn125"],
                    requeue={J: {"exclude": ["cn125"]}}, no_drain=["cn122", "cn123", "cn124", "cn118"], no_requeue=[N])
    return s


# ======================================================================================
# S2  olmo-h100-hung-task-kernel-panic  (node_failure: kernel panic on a hung task, node reboots, ReturnToService)
# ======================================================================================
# Lines: https://github.com/leptonai/gpud/pull/997 -- "[LEP-671] feat(os): detect kernel panic" (gyuho, 2025-07-18),
# the example kernel log of an H100 server (ASUS ESC N8-E11) that panicked on hung tasks; the reviewer: "GPUd should
# generate health state for this case" -- a panicked host is unhealthy until someone looks at it.
# Raw kmsg form (`<level>[uptime]`), kept verbatim.
REAL_S2_PANIC = [
    "<0>[2315424.098863] Kernel panic - not syncing: hung_task: blocked tasks",
    "<4>[2315424.099010] CPU: 24 PID: 1364 Comm: khungtaskd Tainted: P           OE     5.15.0-1053-nvidia #54-Ubuntu",
    "<4>[2315424.099185] Hardware name: ASUSTeK COMPUTER INC. ESC N8-E11/Z13PN-D32 Series, BIOS 2301 03/21/2024",
    "<4>[2315424.099382] Call Trace:",
    "<4>[2315424.099573]  <TASK>",
    "<4>[2315424.099762]  show_stack+0x52/0x5c",
    "<4>[2315424.099954]  dump_stack_lvl+0x4a/0x63",
    "<4>[2315424.100145]  dump_stack+0x10/0x16",
    "<4>[2315424.100333]  panic+0x15c/0x334",
    "<4>[2315424.100519]  check_hung_uninterruptible_tasks.cold+0x34/0x48",
    "<4>[2315424.100709]  watchdog+0xad/0xb0",
    "<4>[2315424.100891]  ? check_hung_uninterruptible_tasks+0x300/0x300",
    "<4>[2315424.101072]  kthread+0x127/0x150",
    "<4>[2315424.101251]  ? set_kthread_struct+0x50/0x50",
    "<4>[2315424.101425]  ret_from_fork+0x1f/0x30",
    "<4>[2315424.101602]  </TASK>",
    "<0>[2315424.102006] Kernel Offset: 0x1be00000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
]


def build_s2() -> Scenario:
    J, N = "88214", "88190"
    nodes = ["h100-05", "h100-06", "h100-07", "h100-08"]
    s = Scenario(
        "olmo-h100-hung-task-kernel-panic",
        "An OLMo-7B pretraining job on 4 x 8 H100 (h100-[05-08]) logs a metrics block every 10 steps (~57 s). Ranks on "
        "h100-07 block in uninterruptible sleep; ~3.5 min later khungtaskd panics the kernel (hung_task_panic=1). The host "
        "goes silent, Slurm marks it DOWN+NOT_RESPONDING and the job NODE_FAIL; the node reboots and ReturnToService puts "
        "it back to IDLE. A neighbour job on h100-[11-12] is unaffected.",
        "2025-07-17T20:00:00Z",
        {"name": "esc-h100", "partition": "train", "nodes": "h100-[01-16]", "gpus_per_node": 8},
        [{"id": J, "name": "olmo-7b-pretrain", "user": "dirkg", "nodes": "h100-[05-08]", "tasks_per_node": 8,
          "started": "2025-07-17T16:12:40Z", "comment": comment(3, "/weka/olmo/ckpt/olmo-7b-r3")},
         {"id": N, "name": "vlm-sft", "user": "rmk", "nodes": "h100-[11-12]", "tasks_per_node": 8,
          "started": "2025-07-17T18:40:05Z"}],
    )
    rng = s.rng
    step_s = 5.71
    # step 2380 logged at t=21.4 (job has been running ~3 h 47 min)
    step0, t_step0 = 2380, 21.4
    fault_t = 803.0             # ranks on h100-07 stop (D state)
    t_panic = fault_t + 214.6     # khungtaskd: >120 s blocked, checked every 120 s
    t_nr = t_panic + 95.0         # slurmctld ping fails -> NOT_RESPONDING
    t_down = t_panic + 301.0      # SlurmdTimeout=300 -> DOWN, job NODE_FAIL
    t_back = t_panic + 318.0      # host rebooted (panic=10 + POST + boot), slurmd registers
    step = step0
    t = t_step0
    toks = 4 * 1024 * 1024
    while t < fault_t:
        d = s.at(t)
        ce = 2.31 - 0.00004 * (step - step0) + rng.uniform(-0.03, 0.03)
        metrics = [("train/CrossEntropyLoss", ce), ("train/Perplexity", math.exp(ce)),
                   ("throughput/total_tokens", float(step * toks)), ("throughput/device/tokens_per_second", toks / 32 / step_s + rng.uniform(-250, 250)),
                   ("throughput/device/batches_per_second", 1 / step_s + rng.uniform(-0.002, 0.002)),
                   ("optim/total_grad_norm", 0.27 + rng.uniform(-0.04, 0.05)), ("System/Peak GPU Memory (MB)", 61877.0 + rng.randint(-30, 30))]
        s.joblog(t, J, olmo_prefix(d, "h100-05", 0, "olmo.train", 1157) + f"[step={step}/739328]")  # SYNTH
        for k, v in metrics:
            s.joblog(t + 0.0005, J, f"    {k}={olmo_float(v)}")
        step += 10
        t += 10 * step_s + rng.uniform(-0.3, 0.3)
    # SYNTH kernel: hung-task reports printed by khungtaskd just before the (real) panic
    up0 = 2315424.0
    pid = 1873305
    hung = [f"<3>[{up0 + 0.091204:.6f}] INFO: task pt_main_thread:{pid} blocked for more than 122 seconds.",
            f"<3>[{up0 + 0.091377:.6f}]       Tainted: P           OE     5.15.0-1053-nvidia #54-Ubuntu",
            f"<3>[{up0 + 0.091421:.6f}] \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.",
            f"<6>[{up0 + 0.091502:.6f}] task:pt_main_thread  state:D stack:    0 pid:{pid} ppid:1873112 flags:0x00004002",
            f"<3>[{up0 + 0.093870:.6f}] INFO: task pt_main_thread:{pid + 41} blocked for more than 122 seconds.",
            f"<6>[{up0 + 0.093960:.6f}] task:pt_main_thread  state:D stack:    0 pid:{pid + 41} ppid:1873112 flags:0x00004002"]
    for k, l in enumerate(hung):
        s.kernel(t_panic - 0.008 + 0.001 * k, "h100-07", l)
    for k, l in enumerate(REAL_S2_PANIC):
        s.kernel(t_panic + 0.0002 * k, "h100-07", l)  # REAL
    # SYNTH Slurm
    s.node_state(t_nr, "h100-07", "ALLOCATED+NOT_RESPONDING", "")
    s.node_state(t_down, "h100-07", "DOWN+NOT_RESPONDING", "Not responding")
    s.joblog(t_down + 0.2, J, "srun: error: Node failure on h100-07")
    s.joblog(t_down + 0.3, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_down + 0.35, J, f"slurmstepd: error: *** STEP {J}.0 ON h100-05 CANCELLED AT {s.at(t_down + 0.35):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    s.job_state(t_down + 0.5, J, "NODE_FAIL", "0:0")
    for n in ("h100-05", "h100-06", "h100-08"):
        s.node_state(t_down + 34.0 + rng.uniform(0, 3), n, "IDLE", "")
    s.node_state(t_back, "h100-07", "IDLE", "")
    # SYNTH telemetry (dcgm-exporter, 60 s; neighbour 120 s)
    def fn(node, g, t):
        if node == "h100-07":
            if t < fault_t:
                return gpu_fields(rng, "h100", fb=74200 + rng.randint(-300, 300))
            if t < t_panic:
                return gpu_fields(rng, "h100", util=0, power=round(rng.uniform(112, 124), 1), fb=74200 + rng.randint(-10, 10), temp=rng.randint(38, 44))
            if t < t_back + 40:
                return None   # host down: exporter silent
            return idle(rng, "h100")
        if t < fault_t:
            return gpu_fields(rng, "h100", fb=74200 + rng.randint(-300, 300))
        if t < t_down + 2:
            f = spinning(rng, "h100")
            f["DCGM_FI_DEV_FB_USED"] = 74210 + rng.randint(-10, 10)
            return f
        return idle(rng, "h100")
    telemetry_gap(s, nodes, 8, 0.0, 1800.0, 60.0, fn, fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK",))
    telemetry_gap(s, ["h100-11", "h100-12"], 8, 0.0, 1800.0, 120.0, lambda n, g, t: gpu_fields(rng, "h100", fb=68800 + rng.randint(-900, 900)), fields=LIGHT)
    # SYNTH neighbour: HF Trainer-free custom SFT prints every ~60 s
    t, it = 12.0, 14100
    while t < 1800:
        s.joblog(t, N, f"[vlm-sft] it {it} | loss {0.912 + rng.uniform(-0.05, 0.05):.3f} | {2.94 + rng.uniform(-0.05, 0.05):.2f} it/s | "
                       f"gpu_mem 66.1G")
        it += 176
        t += 60.0 + rng.uniform(-0.5, 0.5)
    s.truth = truth({"t": fault_t, "category": "node_failure", "node": "h100-07"}, drain=["h100-07"],
                    requeue={J: {"exclude": ["h100-07"]}}, no_drain=["h100-05", "h100-06", "h100-08", "h100-11", "h100-12"],
                    no_requeue=[N])
    return s


# ======================================================================================
# S3  cloud-h100-pcie-thermal-throttle-25pct  (gpu_degraded: one cloud GPU runs at 25 % clocks, half power, 88 C)
# ======================================================================================
# Source: https://matt.sh/cloud-gpu-thermal-throttling -- "Cloud GPUs Throttled to 25% Due to Poor Cooling": a training
# step went from 1.7 s to 700 ms after a dataloader fix, then "the training steps were running at 1.2 to 1.4 seconds each";
# nvtop: 100 % usage, "throttled between 450 MHz and 550 MHz (the GPU default speed is 1755 MHz)", "operating at half
# power because of the thermal limit", 88 C; the driver reported active thermal throttling. Conclusion: the host's
# cooling is inadequate -- a hardware/hosting fault, not the code. No log lines were posted: all lines are SYNTH
# (a loguru-logging trainer, one line every 25 steps).


def build_s3() -> Scenario:
    J, N = "5512", "5507"
    s = Scenario(
        "cloud-h100-pcie-thermal-throttle-25pct",
        "A single-GPU pretraining job on cg-02 (H100 PCIe, 1755 MHz max) logs every 25 steps at ~0.70 s/step. After ~11 "
        "minutes the GPU reaches 88 C and the driver clamps it: SM clock 450-550 MHz, power ~half the 350 W cap, thermal "
        "throttle reasons active, utilisation still 100 %; steps now take 1.2-1.4 s. No error is ever printed. A neighbour "
        "job on cg-03 (same model, cooled properly) keeps full clocks.",
        "2024-02-10T17:00:00Z",
        {"name": "cloud-gpu", "partition": "gpu", "nodes": "cg-[01-04]", "gpus_per_node": 1},
        [{"id": J, "name": "micro-fm-pretrain", "user": "matt", "nodes": "cg-02", "tasks_per_node": 1,
          "started": "2024-02-10T17:01:30Z", "comment": comment(2, "/data/runs/micro-fm/ckpt")},
         {"id": N, "name": "embed-distill", "user": "ops", "nodes": "cg-03", "tasks_per_node": 1,
          "started": "2024-02-10T15:20:00Z"}],
    )
    rng = s.rng
    t0 = 90.0
    s.job_state(t0, J, "RUNNING", "0:0")  # SYNTH
    where = "__main__:train:231"
    s.joblog(t0 + 4.2, J, loguru_line(s.at(t0 + 4.2), "INFO", "__main__:main:388", "device=cuda:0 (NVIDIA H100 PCIe) bf16=True compile=True"))
    s.joblog(t0 + 4.9, J, loguru_line(s.at(t0 + 4.9), "INFO", "__main__:main:402", "model params 163.6M | seq_len 2048 | micro_batch 32 | grad_accum 1"))
    s.joblog(t0 + 5.3, J, loguru_line(s.at(t0 + 5.3), "INFO", "data:ShardedLoader.__init__:77", "614 shards, prefetch=8, workers=12"))
    s.joblog(t0 + 41.0, J, loguru_line(s.at(t0 + 41.0), "INFO", "__main__:main:431", "torch.compile done in 35.6 s"))
    fault_t = t0 + 41.0 + 640.0
    t, step = t0 + 41.0, 0
    tok = 32 * 2048
    while t < 3540:
        if t < fault_t:
            dtk = 0.70 + rng.uniform(-0.012, 0.015)
        else:
            dtk = rng.uniform(1.19, 1.41)
        t += 25 * dtk
        step += 25
        loss = 3.05 + 6.0 * math.exp(-step / 900) + rng.uniform(-0.04, 0.04)
        s.joblog(t, J, loguru_line(s.at(t), "INFO", where, f"step={step} loss={loss:.4f} step_time={dtk:.3f}s "
                                                           f"tok/s={int(tok / dtk):,} lr={min(6e-4, 6e-4 * step / 500):.2e}"))
        if step % 1000 == 0:
            s.joblog(t + 2.1, J, loguru_line(s.at(t + 2.1), "INFO", "__main__:save:174", f"saved checkpoint step_{step:07d}.pt (1.9 GB) in 2.0 s"))
            t += 2.2

    def fn(node, g, t):
        if node == "cg-02":
            if t < t0 + 5:
                return gpu_fields(rng, "h100_pcie", load=0.0, util=0, power=round(rng.uniform(48, 55), 1), clock=345, temp=67, fb=0)
            if t < fault_t:
                frac = (t - t0) / (fault_t - t0)
                return gpu_fields(rng, "h100_pcie", util=100, clock=1755 if frac < 0.8 else 1755 - 15 * rng.randint(0, 6),
                                  power=round(rng.uniform(318, 346), 1), temp=int(69 + 18 * frac ** 0.6), fb=52300 + rng.randint(-200, 200))
            return gpu_fields(rng, "h100_pcie", util=100, clock=rng.choice([450, 465, 480, 495, 510, 525, 540, 555]),
                              power=round(rng.uniform(164, 186), 1), temp=rng.randint(87, 89), fb=52300 + rng.randint(-200, 200), thr=0x68)
        return gpu_fields(rng, "h100_pcie", util=rng.randint(97, 100), clock=1755, power=round(rng.uniform(290, 330), 1),
                          temp=rng.randint(63, 68), fb=38400 + rng.randint(-300, 300))
    telemetry_gap(s, ["cg-02", "cg-03"], 1, 0.0, 3600.0, 15.0, fn,
                  fields=("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_UTIL",
                          "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"))
    telemetry_gap(s, ["cg-01", "cg-04"], 1, 0.0, 3600.0, 60.0, lambda n, g, t: idle(rng, "h100_pcie"), fields=LIGHT)
    # SYNTH neighbour: loguru too, every ~30 s
    t, it = 8.0, 51200
    while t < 3600:
        s.joblog(t, N, loguru_line(s.at(t), "INFO", "distill:loop:96", f"it={it} kd_loss={0.3312 + rng.uniform(-0.01, 0.01):.4f} "
                                                                          f"it_time={0.298 + rng.uniform(-0.004, 0.004):.3f}s"))
        it += 100
        t += 29.8 + rng.uniform(-0.4, 0.4)
    s.truth = truth({"t": fault_t, "category": "gpu_degraded", "node": "cg-02", "gpu": 0}, drain=["cg-02"],
                    requeue={J: {"exclude": ["cg-02"]}}, no_drain=["cg-03"], no_requeue=[N])
    return s


# ======================================================================================
# S4  arjuna-post-power-event-firewalld-jobs-silent  (infrastructure: site-wide firewall fault after a power event)
# ======================================================================================
# Source: https://github.com/ArjunaCluster/ArjunaUsers/issues/109 -- "PSC Power Issue Aftermath" (2022-01-06): nodes
# listed down on both clusters (GPU nodes c019, c[004,020] among them); "Some of the jobs seem to be stuck in CG status";
# "job.sh.o%j file not being created for running jobs. Tried to cancel them ... job status in squeue shows up as CG";
# "The job 'runs' in that it takes time but no code is running". Admin: "it was an issue with `firewalld`" -- one
# site-wide configuration fault after the power work, not any node's hardware. No log lines were posted; all SYNTH.


def build_s4() -> Scenario:
    A, B, C, N = "104812", "104820", "104826", "104790"
    bad = ["c004", "c019", "c020"]
    s = Scenario(
        "arjuna-post-power-event-firewalld-jobs-silent",
        "The morning after a data-centre power problem, three GPU jobs start on three different nodes (c004, c019, "
        "c020). None of them ever writes a line: their output files are never created and their GPUs stay idle while "
        "Slurm says RUNNING. One owner cancels; the job sticks in COMPLETING. ~35 min later slurmctld loses contact with "
        "all three nodes at once: NOT_RESPONDING, then DOWN, the other two jobs NODE_FAIL and also stick in completing. "
        "A job that started before the power work, on c011, keeps printing normally. Cause: firewalld on the re-imaged "
        "nodes (site-wide), not hardware.",
        "2022-01-06T14:00:00Z",
        {"name": "arjuna", "partition": "gpu", "nodes": "c[001-025]", "gpus_per_node": 4},
        [{"id": A, "name": "nequip-md17", "user": "mkphuthi", "nodes": "c004", "tasks_per_node": 4,
          "started": "2022-01-06T14:09:12Z", "comment": comment(2)},
         {"id": B, "name": "cgcnn-screen", "user": "venkkris", "nodes": "c019", "tasks_per_node": 2,
          "started": "2022-01-06T14:16:40Z", "comment": comment(1)},
         {"id": C, "name": "phase-field-gpu", "user": "mingzeya", "nodes": "c020", "tasks_per_node": 2,
          "started": "2022-01-06T14:21:05Z"},
         {"id": N, "name": "dp-train", "user": "shreyasg", "nodes": "c011", "tasks_per_node": 1,
          "started": "2022-01-05T22:40:00Z"}],
    )
    rng = s.rng
    ta, tb, tc = 552.0, 1000.0, 1265.0
    for j, t, n in ((A, ta, "c004"), (B, tb, "c019"), (C, tc, "c020")):
        s.job_state(t, j, "RUNNING", "0:0")  # SYNTH
        s.node_state(t + 0.3, n, "MIXED", "")
    t_cancel = 2980.0
    s.job_state(t_cancel, C, "CANCELLED", "0:15")
    s.node_state(t_cancel + 0.4, "c020", "MIXED+COMPLETING", "")
    t_nr = 3310.0
    for k, n in enumerate(bad):
        s.node_state(t_nr + 1.5 * k, n, ("MIXED" if n != "c020" else "MIXED+COMPLETING") + "+NOT_RESPONDING", "")
    t_down = t_nr + 300.0
    for k, n in enumerate(bad):
        s.node_state(t_down + 1.5 * k, n, "DOWN+COMPLETING+NOT_RESPONDING", "Not responding")
    s.job_state(t_down + 0.6, A, "NODE_FAIL", "0:0")
    s.job_state(t_down + 2.1, B, "NODE_FAIL", "0:0")

    # SYNTH telemetry (60 s): affected GPUs idle although "running", then exporter unreachable with the nodes
    def fn(node, g, t):
        if node == "c011":
            return gpu_fields(rng, "v100_32", fb=21800 + rng.randint(-200, 200)) if g == 0 else idle(rng, "v100_32")
        if t >= t_nr - 40:
            return None
        return idle(rng, "v100_32")
    telemetry_gap(s, bad + ["c011"], 4, 0.0, 7200.0, 60.0, fn, fields=LIGHT)
    # SYNTH neighbour (started before the power work): DeePMD-kit-style lcurve prints every ~60 s
    t, batch = 15.0, 1184000
    while t < 7200:
        s.joblog(t, N, f"DEEPMD INFO    batch {batch:7d} training time {60.2 + rng.uniform(-0.6, 0.6):.2f} s, "
                       f"testing time {0.03 + rng.uniform(0, 0.01):.2f} s")
        batch += 1000
        t += 60.3 + rng.uniform(-0.6, 0.6)
    s.truth = truth({"t": ta, "category": "infrastructure"}, no_drain=bad + ["c011"], no_requeue=[A, B])
    return s


# ======================================================================================
# S5  kaldi-nnet3-server-reboots-mid-iteration  (node_failure: host resets under load, no kernel trace; repeat)
# ======================================================================================
# Source: https://github.com/kaldi-asr/kaldi/issues/3111 -- "Nnet3 training chrashing and rebooting server"
# (anderleich, 2019-03-14): nnet3 training on a server with two GPUs (exclusive mode) "runs for a few iterations until it
# crashes and reboots the server ... everytime I try"; no RAM/GPU-memory pressure seen. danpovey: "Usually this would be
# due to improperly configured hardware, with a power supply unit that is not sufficient for a fully loaded GPU" (or a
# motherboard issue) -- the machine, not Kaldi. No log lines were posted; Iter lines are SYNTH in the format of
# steps/nnet3/train_dnn.py (`Iter: {0}/{1}   Jobs: {2}   Epoch: {3:0.2f}/{4:0.1f} ({5:0.1f}% complete)   lr: {6:0.6f}   {7}`).


def build_s5() -> Scenario:
    J, N = "20931", "20925"
    s = Scenario(
        "kaldi-nnet3-server-reboots-mid-iteration",
        "A Kaldi nnet3 TDNN training (train_dnn.py, 2 GPU jobs per iteration) on asr-02 logs one Iter line per "
        "iteration (~2.5 min). At iteration 31 the host power-cycles: no kernel message, no error, the GPUs' telemetry "
        "simply stops; Slurm marks asr-02 NOT_RESPONDING then DOWN, the job NODE_FAIL; when the host is back slurmd "
        "reports an unexpected reboot. The same node rebooted under this job earlier the same day (history). A "
        "neighbour decode job on asr-03 is fine.",
        "2019-03-14T09:00:00Z",
        {"name": "asr", "partition": "gpu", "nodes": "asr-[01-04]", "gpus_per_node": 2},
        [{"id": J, "name": "nnet3-tdnn-eu", "user": "anderleich", "nodes": "asr-02", "tasks_per_node": 1,
          "started": "2019-03-14T08:10:22Z", "comment": comment(2, "/export/asr/exp/nnet3/tdnn_sp")},
         {"id": N, "name": "decode-dev", "user": "asr", "nodes": "asr-03", "tasks_per_node": 1,
          "started": "2019-03-14T08:55:00Z"}],
        history=[{"at": "2019-03-14T07:41:00Z", "node": "asr-02", "verdict": "suspect", "category": "node_failure"}],
    )
    rng = s.rng
    path, num_iters, epochs = "steps/nnet3/train_dnn.py", 412, 3.0
    it, t = 19, 37.0
    fault_t = 1866.4
    while t < fault_t:
        d = s.at(t)
        frac = it / (num_iters - 1 + 1)
        s.joblog(t, J, kaldi_log(d, path, 363, "train", f"Iter: {it}/{num_iters - 1}   Jobs: 2   "
                                                       f"Epoch: {epochs * it / num_iters:0.2f}/{epochs:0.1f} ({100.0 * frac:0.1f}% complete)   "
                                                       f"lr: {0.003 * (0.0003 / 0.003) ** (it / num_iters) * 2:0.6f}   "))
        it += 1
        t += 148.0 + rng.uniform(-4, 6)
    t_nr = fault_t + 104.0
    t_down = fault_t + 300.5
    t_back = fault_t + 212.0
    s.node_state(t_nr, "asr-02", "ALLOCATED+NOT_RESPONDING", "")
    s.node_state(t_down, "asr-02", "DOWN+NOT_RESPONDING", "Not responding")
    s.job_state(t_down + 0.4, J, "NODE_FAIL", "0:0")
    # slurmd came back (boot ~3.5 min) but the node was already DOWN for non-response; with ReturnToService=1 it returns
    s.node_state(t_down + 6.0, "asr-02", "IDLE", "")

    def fn(node, g, t):
        if node == "asr-02":
            if t >= fault_t and t < t_back + 60:
                return None
            if t >= fault_t:
                return idle(rng, "gtx1080ti")
            return gpu_fields(rng, "gtx1080ti", util=rng.randint(93, 99), power=round(rng.uniform(228, 250), 1), fb=5400 + rng.randint(-300, 300))
        return gpu_fields(rng, "gtx1080ti", util=rng.randint(60, 80), power=round(rng.uniform(150, 190), 1), fb=3100 + rng.randint(-50, 50)) if g == 0 else idle(rng, "gtx1080ti")
    telemetry_gap(s, ["asr-02", "asr-03"], 2, 0.0, 2700.0, 20.0, fn, fields=CORE)
    # SYNTH neighbour: Kaldi decode log lines (nnet3-latgen-faster-parallel style LOG lines) every ~40 s
    t, utt = 20.0, 112
    while t < 2700:
        s.joblog(t, N, f"LOG (nnet3-latgen-faster-batch[5.5.181~1-b4bbb]:DecodeUtteranceLatticeFaster():decoder-wrappers.cc:375) "
                       f"Log-like per frame for utterance dev_{utt:05d} is {-1.42 + rng.uniform(-0.2, 0.2):.4f} over {rng.randint(300, 1400)} frames.")
        utt += 1
        t += 40.0 + rng.uniform(-6, 6)
    s.truth = truth({"t": fault_t, "category": "node_failure", "node": "asr-02"}, drain=["asr-02"],
                    requeue={J: {"exclude": ["asr-02"]}}, no_drain=["asr-03"], no_requeue=[N])
    return s


# ======================================================================================
# S6  healthy-espnet-single-corrected-dimm-mce  (healthy: one corrected ECC memory-scrub MCE on the host)
# ======================================================================================
# Lines: https://github.com/radiasoft/devops/issues/134 -- "fnl226b machine check memory error" (robnagler, 2018-02-23).
# One corrected (CE) DIMM scrubbing error logged through the MCE/EDAC path; the follow-up is to watch
# /sys/devices/system/edac/mc/mc*/ce_count; the RAM was replaced two months later after repeats. A single CE is
# corrected by ECC: alarming wording ("Hardware Error", "HANDLING MCE MEMORY ERROR"), no effect on running work.
# The journal lines carry no host field (syslog format of that host); scenario clock chosen so they fit unchanged.
REAL_S6_MCE = [
    "Feb 23 03:28:16 kernel: mce: [Hardware Error]: Machine check events logged",
    "Feb 23 03:28:16 kernel: EDAC sbridge MC1: HANDLING MCE MEMORY ERROR",
    "Feb 23 03:28:16 kernel: EDAC sbridge MC1: CPU 1: Machine Check Event: 0 Bank 11: 8c00004f000800c2",
    "Feb 23 03:28:16 kernel: EDAC sbridge MC1: TSC 0",
    "Feb 23 03:28:16 kernel: EDAC sbridge MC1: ADDR ee30a0000",
    "Feb 23 03:28:16 kernel: EDAC sbridge MC1: MISC 900040004001e8c",
    "Feb 23 03:28:16 kernel: EDAC sbridge MC1: PROCESSOR 0:306e4 TIME 1519356496 SOCKET 1 APIC 20",
    "Feb 23 03:28:16  kernel: EDAC MC1: 1 CE memory scrubbing error on CPU_SrcID#1_Ha#0_Chan#0_DIMM#0 (channel:0 slot:0 page:0xee30a0 offset:0x0 grain:32 syndrome:0x0 -  area:DRAM err_code:0008:00c2 socket:1 ha:0 channel_mask:1 rank:0)",
]


def build_s6() -> Scenario:
    J, N = "7731", "7729"
    s = Scenario(
        "healthy-espnet-single-corrected-dimm-mce",
        "An ESPnet (v0.x, chainer-style reporter) ASR training on fnl226b prints a PrintReport row and a progress "
        "block every 100 iterations (~68 s). At 03:28:16 the host logs one machine-check event: a corrected (CE) DIMM "
        "scrubbing error through EDAC sbridge. Nothing else happens: GPU telemetry, step rate and loss stay normal, "
        "the job keeps going. A neighbour job on fnl224b is unaffected.",
        "2018-02-23T03:00:00Z",
        {"name": "fnl", "partition": "gpu", "nodes": "fnl2[21-28]b", "gpus_per_node": 4},
        [{"id": J, "name": "espnet-csj-blstmp", "user": "rn", "nodes": "fnl226b", "tasks_per_node": 1,
          "started": "2018-02-23T00:41:52Z", "comment": comment(2, "/srv/espnet/egs/csj/asr1/exp")},
         {"id": N, "name": "warp-sim-surrogate", "user": "pm", "nodes": "fnl224b", "tasks_per_node": 1,
          "started": "2018-02-22T21:05:00Z"}],
    )
    rng = s.rng
    t_mce = (dt.datetime(2018, 2, 23, 3, 28, 16) - s.start).total_seconds()
    it, t, ep = 12300, 31.0, 4
    per_epoch = 3390
    elapsed = 8310.0 + 31.0
    first = True
    while t < 3600:
        if first:
            s.joblog(t - 0.001, J, chainer_header())
            first = False
        ce = 38.2 - 0.0004 * (it - 12300) + rng.uniform(-1.6, 1.6)
        at = 21.6 - 0.0002 * (it - 12300) + rng.uniform(-1.0, 1.0)
        obs = {"epoch": ep, "iteration": it, "main/loss": 0.5 * ce + 0.5 * at, "main/loss_ctc": ce, "main/loss_att": at,
               "main/acc": 0.842 + rng.uniform(-0.01, 0.01), "elapsed_time": round(elapsed, 4), "eps": 1e-08}
        s.joblog(t, J, chainer_row(obs))
        done = it / (per_epoch * 20)
        ep_done = (it - per_epoch * (ep - 1)) / per_epoch
        ips = 100 / 67.9 + rng.uniform(-0.02, 0.02)
        bar = lambda f: "#" * int(f * 50) + "." * (50 - int(f * 50))
        eta = (per_epoch * 20 - it) / ips
        s.joblog(t + 0.01, J, f"     total [{bar(done)}] {done * 100:5.2f}%")
        s.joblog(t + 0.011, J, f"this epoch [{bar(ep_done)}] {ep_done * 100:5.2f}%")
        s.joblog(t + 0.012, J, f"{it:10d} iter, {ep} epoch / 20 epochs")
        s.joblog(t + 0.013, J, f"{ips:10.5f} iters/sec. Estimated time to finish: {dt.timedelta(seconds=eta)}.")
        dtk = 67.9 + rng.uniform(-1.2, 1.2)
        t += dtk
        elapsed += dtk
        it += 100
        if it > per_epoch * ep:
            ep += 1
    for k, l in enumerate(REAL_S6_MCE):
        s.kernel(t_mce + 0.0001 * k, "fnl226b", l)  # REAL
    telemetry_gap(s, ["fnl226b"], 4, 0.0, 3600.0, 60.0,
                  lambda n, g, t: gpu_fields(rng, "gtx1080ti", util=rng.randint(71, 90), power=round(rng.uniform(170, 215), 1), fb=8900 + rng.randint(-400, 400)) if g == 0 else idle(rng, "gtx1080ti"),
                  fields=CORE)
    telemetry_gap(s, ["fnl224b"], 4, 0.0, 3600.0, 60.0,
                  lambda n, g, t: busy(rng, "gtx1080ti") if g < 2 else idle(rng, "gtx1080ti"), fields=LIGHT)
    t, st = 44.0, 88200
    while t < 3600:
        s.joblog(t, N, f"[surrogate] step {st} train_mse {2.31e-4 + rng.uniform(-2e-5, 2e-5):.3e} ({9.7 + rng.uniform(-0.2, 0.2):.1f} steps/s)")
        st += 500
        t += 51.5 + rng.uniform(-1, 1)
    s.truth = truth(None, no_drain=["fnl226b", "fnl224b"], no_requeue=[J, N])
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
