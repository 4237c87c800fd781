#!/usr/bin/env python3
"""Build the holdout30 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout29):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers (and the holdout14..holdout29 helper sections) are copied unchanged from holdout29's build.py; the
holdout29 scenarios are replaced by the holdout30 helpers and scenarios S1..S8 below.
Earlier note (holdout29): generic helpers and the holdout14..holdout27 helper sections came unchanged from holdout27.
Earlier note (holdout27): generic helpers and the holdout14..holdout26 helper sections came unchanged from holdout26.
Earlier note (holdout26): generic helpers and the holdout14..holdout25 helper sections came unchanged from holdout25.
Earlier note (holdout25): generic helpers and the holdout14..holdout24 helper sections came unchanged from holdout24.
Earlier note (holdout24): generic helpers and the holdout14..holdout23 helper sections came unchanged from holdout23.
Earlier note (holdout23): generic helpers up to the holdout23 section were copied unchanged from holdout22's build.py.
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
# S1  trainingpro-lora-use-reentrant-warning-healthy  (healthy: a 3-epoch LoRA fine-tune run with text-generation-webui's
#     Training_PRO extension as a Slurm batch job on one L40S; every process prints torch's
#     "torch.utils.checkpoint: please pass in use_reentrant=True or use_reentrant=False explicitly" UserWarning; the run
#     trains all 690 steps, saves its checkpoints and completes 0:0)
# ======================================================================================
# Source: https://github.com/FartyPants/Training_PRO/issues/14 -- "recommended that you use use_reentrant=False"
# (2024-01-02). The reporter sees the warning below when running a LoRA training and asks whether it can be ignored;
# the extension's author answers "It could be ignored." Verbatim: the warning line and the extension's settings block
# (the thread's `  warnings.warn(` continuation line was already used by earlier corpora and is emitted SYNTH).
REAL_S1_WARN = ("/text-generation-webui-main/installer_files/env/lib/python3.11/site-packages/torch/utils/checkpoint.py:429: "
                "UserWarning: torch.utils.checkpoint: please pass in use_reentrant=True or use_reentrant=False explicitly. "
                "The default value of use_reentrant will be updated to be False in the future. To maintain current "
                "behavior, pass use_reentrant=True. It is recommended that you use use_reentrant=False. Refer to docs for "
                "more details on the differences between the two variants.")
REAL_S1_SETTINGS = [
    "Text: (Service_API.txt) has 1604 blocks (Block Size 256 tokens)",
    "[Batch Size: 7, Epochs: 3.0, Gradient Accumulation: 1]",
    "Total number of steps: 690",
    "Steps per each Epoch: 230",
    "Suggestions:",
    "Checkpoints: Save every 69 - 138 steps (Current: 192)",
    "Warmup steps: 69 (Current: 96)",
]


def build_s1() -> Scenario:
    name = "trainingpro-lora-use-reentrant-warning-healthy"
    J, N1, N2 = "61207", "61190", "61213"
    s = Scenario(name, "Single-GPU LoRA fine-tune of a 13B model with text-generation-webui's Training_PRO extension, "
                 "run headless as a Slurm batch job on one L40S of l40s-04 (gradient checkpointing on). At start and "
                 "after each evaluation the process prints torch's UserWarning that use_reentrant should be passed "
                 "explicitly. Training runs all 690 steps (3 epochs), saves checkpoints every 192 steps and the job "
                 "completes 0:0. Two neighbour jobs on other nodes run normally.",
                 "2024-01-02T09:00:00Z",
                 {"name": "gen-l40s", "partition": "l40s", "nodes": "l40s-[01-12]", "gpus_per_node": 4},
                 [{"id": J, "name": "tgwui-lora-service-api", "user": "sandy", "nodes": "l40s-04", "tasks_per_node": 1,
                   "started": "2024-01-02T08:58:30Z", "comment": comment(2, "/scratch/sandy/loras/service-api")},
                  {"id": N1, "name": "sdxl-dreambooth", "user": "pkw", "nodes": "l40s-07", "tasks_per_node": 1,
                   "started": "2024-01-02T07:40:00Z"},
                  {"id": N2, "name": "whisper-ft-de", "user": "mbr", "nodes": "l40s-[09-10]", "tasks_per_node": 4,
                   "started": "2024-01-02T08:10:00Z", "comment": comment(1)}])
    rng = s.rng
    t = 20.0
    s.joblog(t, J, "Loading base model /models/Llama-2-13b-hf in 4-bit ...")  # SYNTH
    s.joblog(t + 48.0, J, "Training 'service-api' LoRA (r=32, alpha=64) on Service_API.txt")  # SYNTH
    for k, l in enumerate(REAL_S1_SETTINGS):
        s.joblog(t + 49.0 + 0.01 * k, J, l)  # REAL_S1_SETTINGS
    sec, total = 13.4, 690
    t0 = t + 60.0
    s.joblog(t0, J, REAL_S1_WARN)  # REAL_S1_WARN
    s.joblog(t0 + 0.001, J, "  warnings.warn(")  # SYNTH (thread's continuation line; used earlier)
    step, tt = 0, t0 + 5.0
    while step < total:
        step = min(total, step + 5)
        tt += 5 * sec + rng.uniform(-1.0, 1.0)
        loss = 2.1 * math.exp(-step / 260) + 0.55 + rng.uniform(-0.04, 0.04)
        s.joblog(tt, J, tpro_step(step, total, loss, 3e-4 * min(1.0, step / 96), tt - t0, sec))  # SYNTH
        if step % 230 == 0 and step < total:
            tt += 95.0
            s.joblog(tt, J, f"Epoch {step // 230} done, eval loss {0.71 - 0.04 * step / 230:.4f}")  # SYNTH
            s.joblog(tt + 3.0, J, REAL_S1_WARN)  # REAL_S1_WARN (re-printed when the eval pass re-enters checkpoint)
            s.joblog(tt + 3.001, J, "  warnings.warn(")  # SYNTH
        if step in (190, 385, 575):
            s.joblog(tt + 0.5, J, f"Saving checkpoint-{ {190: 192, 385: 384, 575: 576}[step]} to "
                                  f"/scratch/sandy/loras/service-api/")  # SYNTH
    t_done = tt + 20.0
    s.joblog(t_done, J, "Done! LoRA saved to `loras/service-api`.")  # SYNTH
    s.job_state(t_done + 8.0, J, "COMPLETED", "0:0")  # SYNTH
    t_end = t_done + 300.0
    tn, st = 30.0, 1200
    while tn < t_end:  # SYNTH neighbours
        s.joblog(tn, N1, f"Steps: {st}/4000 loss={0.09 + rng.uniform(-0.02, 0.02):.4f} lr=2e-06")
        s.joblog(tn + 7.0, N2, "0: " + hf_train_dict(0.41 + rng.uniform(-0.03, 0.03), 1.1, 1e-5, 1.2 + tn / 20000))
        st += 25
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == "l40s-04":
            if g == 0 and t0 - 10 < t_ < t_done:
                return s30(rng, "l40s_48", rng.randint(88, 99), rng.uniform(250, 320), clock=2490)
            return s30(rng, "l40s_48", 0, rng.uniform(30, 40), clock=210)
        if n_ == "l40s-07":
            return s30(rng, "l40s_48", rng.randint(90, 99) if g == 0 else 0, rng.uniform(260, 320) if g == 0 else 35.0,
                       clock=2490 if g == 0 else 210)
        return s30(rng, "l40s_48", rng.randint(85, 99), rng.uniform(240, 310), clock=2490)
    run_sampler(s, ["l40s-04"], 4, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["l40s-07", "l40s-09", "l40s-10"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=["l40s-04"])
    return s


# ======================================================================================
# S2  finetrainers-world-size-not-divisible-2node  (software: a 2-node x 1-GPU finetrainers SFT launch (FramePack video
#     model) whose parallel config does not divide the world size; both ranks die at trainer construction with "World
#     size 2 must be divisible by the product of all parallel degrees and data parallel shards." -- a requeue repeats it)
# ======================================================================================
# Source: https://github.com/huggingface/finetrainers/issues/408 -- "An error occurred during training: World size 2 must
# be divisible by the product of all parallel degrees and data parallel shards." (2025-05-22, closed). The reporter's
# two-process launch logs the attention-provider registration, an unparsed `--validation_epochs:` argument, and the
# ValueError from `SFTTrainer(args, model_specification)`; the excerpt ends inside the traceback. The check is a static
# configuration check (world size vs. parallel degrees), so every restart fails the same way. Verbatim: the lines below
# (stamps fit the scenario clock unchanged); the caret line under `trainer = SFTTrainer(...)` was already used by earlier
# corpora and is emitted SYNTH at its place.
REAL_S2 = [
    "2025-05-22 03:33:36 - [DEBUG] - Registering attention provider: AttentionProvider._SAGE_QK_INT8_PV_FP8_CUDA",
    "2025-05-22 03:33:36 - [DEBUG] - Registering attention provider: AttentionProvider._SAGE_QK_INT8_PV_FP8_CUDA_SM90",
    "2025-05-22 03:33:36 - [DEBUG] - Registering attention provider: AttentionProvider._SAGE_QK_INT8_PV_FP16_CUDA",
    "2025-05-22 03:33:36 - [DEBUG] - Registering attention provider: AttentionProvider._SAGE_QK_INT8_PV_FP16_TRITON",
    "2025-05-22 03:33:36 - [DEBUG] - Registering attention provider: AttentionProvider.XFORMERS",
    "2025-05-22 03:33:36 - [DEBUG] - Metadata for transformer registered",
    "2025-05-22 03:33:36 - [DEBUG] - Remaining unparsed arguments: ['--validation_epochs:', '0']",
    "2025-05-22 03:33:36 - [ERROR] - An error occurred during training: World size 2 must be divisible by the product "
    "of all parallel degrees and data parallel shards.",
    "2025-05-22 03:33:36 - [ERROR] - Traceback (most recent call last):",
    '  File "/home/anker/workspace_joey/FramePack/finetrainers-main/train.py", line 70, in main',
    "    trainer = SFTTrainer(args, model_specification)",
    '  File "/home/anker/workspace_joey/FramePack/finetrainers-main/finetrainers/trainer/sft_trainer/trainer.py", '
    'line 35, in __init__',
]


def build_s2() -> Scenario:
    name = "finetrainers-world-size-not-divisible-2node"
    J, N = "930417", "930388"
    nodes = ["a800-11", "a800-12"]
    s = Scenario(name, "finetrainers SFT of a FramePack/HunyuanVideo model launched as 2 nodes x 1 GPU (torchrun, one "
                 "process per node, srun --label). Both ranks register attention providers, then die in "
                 "`SFTTrainer.__init__` with `World size 2 must be divisible by the product of all parallel degrees and "
                 "data parallel shards.` (the config asks for more parallel shards than there are ranks). The job is "
                 "opted in to requeue; a requeue would fail identically.",
                 "2025-05-22T03:30:00Z",
                 {"name": "vid-a800", "partition": "gpu", "nodes": "a800-[01-16]", "gpus_per_node": 8},
                 [{"id": J, "name": "framepack-finetrainers-sft", "user": "joey", "nodes": "a800-[11-12]",
                   "tasks_per_node": 1, "started": "2025-05-22T03:30:05Z", "comment": comment(3, "/data/joey/ckpt")},
                  {"id": N, "name": "qwen2-vl-sft", "user": "lxm", "nodes": "a800-[03-04]", "tasks_per_node": 8,
                   "started": "2025-05-21T22:10:00Z", "comment": comment(2)}])
    rng = s.rng
    s.joblog(8.0, J, "+ srun --label torchrun --nnodes 2 --nproc_per_node 1 --rdzv_backend c10d "
                     "--rdzv_endpoint a800-11:29500 train.py --parallel_backend ptd --pp_degree 1 --dp_degree 1 "
                     "--dp_shards 4 --cp_degree 1 --tp_degree 1 --model_name hunyuan_video ...")  # SYNTH
    for node_i in range(2):
        s.joblog(21.0 + node_i * 0.2, J, f"{node_i}: " + ft_log(s.at(21.0), "INFO", "Initialized parallel state "
                                                                                 "(backend=ptd, world_size=2)"))  # SYNTH
    t_f = 216.0   # 03:33:36
    for node_i in range(2):
        lab = f"{node_i}: "
        tb = REAL_S2[:11] + ["              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"] + REAL_S2[11:]  # SYNTH caret (used earlier)
        for k, l in enumerate(tb):
            s.joblog(t_f + 0.05 * node_i + 0.001 * k, J, lab + l)  # REAL_S2 (+ the SYNTH caret line)
        base = t_f + 0.05 * node_i + 0.02
        for k, l in enumerate(["    super().__init__(args)",                                                   # SYNTH
                               '  File "/home/anker/workspace_joey/FramePack/finetrainers-main/finetrainers/trainer/'
                               'base.py", line 41, in __init__',
                               "    self._init_distributed()",
                               '  File "/home/anker/workspace_joey/FramePack/finetrainers-main/finetrainers/parallel/'
                               'ptd.py", line 77, in __init__',
                               "    raise ValueError(",
                               "ValueError: World size 2 must be divisible by the product of all parallel degrees and "
                               "data parallel shards."]):
            s.joblog(base + 0.001 * k, J, lab + l)  # SYNTH continuation (excerpt cut)
    for node_i, host in enumerate(nodes):
        s.joblog(t_f + 1.8 + 0.2 * node_i, J, f"{node_i}: " + f"{torch_log_prefix(s.at(t_f + 1.8), 'E', 71820 + node_i, 'torch/distributed/elastic/multiprocessing/api.py:869')} "
                 f"failed (exitcode: 1) local_rank: 0 (pid: {71833 + node_i}) of binary: /opt/conda/bin/python")  # SYNTH
        s.joblog(t_f + 2.5 + 0.2 * node_i, J, f"srun: error: {host}: task {node_i}: Exited with exit code 1")  # SYNTH
    s.job_state(t_f + 3.5, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f + 1200.0
    tn, st = 15.0, 40210
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, "0: " + hf_train_dict(0.62 + rng.uniform(-0.03, 0.03), 0.9, 1e-5, st / 60000))
        st += 10
        tn += 75.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if g == 0 and 20 < t_ < t_f + 2:
                return s30(rng, "a800", rng.randint(0, 6), rng.uniform(85, 110), clock=1410)
            return s30(rng, "a800", 0, rng.uniform(55, 70), clock=210)
        return s30(rng, "a800", rng.randint(90, 99), rng.uniform(320, 390), clock=1410)
    run_sampler(s, nodes, 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["a800-03"], 8, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None}, no_requeue=[J, N], no_drain=nodes)
    return s


# ======================================================================================
# S3  b300-gpu2-gpu3-xid145-nvlink-rlw-until-reboot  (gpu_hardware: on an 8 x B300 HGX node the NVLink of the GPU pair
#     at PCI 66:00 / 76:00 (GPU 2 / GPU 3) raises Xid 145 RLW errors; the driver tears down the channels of the job's
#     vLLM rollout engine (TP=2 on that pair) and afterwards NCCL collectives on the node hang until it is rebooted)
# ======================================================================================
# Source: https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1355 -- "Fabric-wide Xid 145 (NVLink RLW) on 8x B300
# HGX: vLLM TP workers killed, NCCL collectives hang on any GPU pair until node reboot" (2026-09-11, open). Driver
# 595.71.05; the affected pair is GPU-03460ed0-... (PCI 66:00.0) and GPU-0c239aa8-... (PCI 76:00.0); the driver tore
# down the TP=2 engine's CUDA channels with an uncorrectable NVLink error, and NCCL collectives on any pair hung until
# the node was rebooted. The stored excerpt quotes no kernel line: the only REAL strings are the two GPU UUIDs (placed in
# SYNTH NVRM "GPU at PCI" lines). Every Xid line, the job, and all telemetry are SYNTH.
REAL_S3_UUIDS = ["GPU-03460ed0-0b72-7fcc-9e49-a215c3e33c58", "GPU-0c239aa8-f014-5baa-5147-e54ded720f61"]


def build_s3() -> Scenario:
    name = "b300-gpu2-gpu3-xid145-nvlink-rlw-until-reboot"
    J, T, N = "2207731", "2207790", "2207704"
    bad = "b300-03"
    s = Scenario(name, "Single-node GRPO post-training job on an 8 x B300 HGX node (b300-03): the FSDP trainer on GPUs 0-1 "
                 "and 4-7, a vLLM rollout engine with TP=2 on GPUs 2-3 (PCI 66:00 / 76:00). The NVLink of that pair "
                 "raises Xid 145 (RLW) errors, the driver tears down the vLLM workers' channels (Xid 45), the rollout "
                 "dies with an uncorrectable NVLink error and the job fails. An operator's all_reduce_perf on b300-03 "
                 "then hangs on a pair that does not include GPU 2/3. The node needs a reboot.",
                 "2026-09-11T06:00:00Z",
                 {"name": "rl-b300", "partition": "b300", "nodes": "b300-[01-08]", "gpus_per_node": 8,
                  "pci_bus_ids": B300_BUS30},
                 [{"id": J, "name": "grpo-qwen3-32b-math", "user": "ennste", "nodes": bad, "tasks_per_node": 8,
                   "started": "2026-09-11T05:12:00Z", "comment": comment(2, "/lustre/rl/grpo-qwen3-32b")},
                  {"id": T, "name": "nccl-allreduce-check", "user": "ops", "nodes": bad, "tasks_per_node": 1,
                   "started": "2026-09-11T06:41:00Z"},
                  {"id": N, "name": "dpo-llama4-scout", "user": "hyk", "nodes": "b300-[05-06]", "tasks_per_node": 8,
                   "started": "2026-09-11T03:00:00Z", "comment": comment(2)}])
    rng = s.rng
    t, step = 10.0, 412
    t_f = 1380.0 + rng.uniform(0, 10)
    while t < t_f:  # SYNTH verl-style step lines
        s.joblog(t, J, verl_step(step, 0.41 + step * 2e-4 + rng.uniform(-0.02, 0.02), 0.0011, 94.0 + rng.uniform(-4, 4)))
        step += 1
        t += 94.0 + rng.uniform(-4, 4)
    d = s.at(t_f)
    kl = [
        (0.000, f"{dmesg_t(d)} NVRM: GPU at PCI:0000:66:00: {REAL_S3_UUIDS[0]}"),                   # SYNTH wrap, REAL UUID
        (0.001, f"{dmesg_t(d)} NVRM: GPU Board Serial Number: 1654225017731"),                        # SYNTH
        (0.002, f"{dmesg_t(d)} NVRM: Xid (PCI:0000:66:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 13 (0x0409a0c2 "
                "0x00000008 0x00000001 0x00000000 0x00100000 0x00000004)"),                             # SYNTH
        (0.010, f"{dmesg_t(d)} NVRM: GPU at PCI:0000:76:00: {REAL_S3_UUIDS[1]}"),                   # SYNTH wrap, REAL UUID
        (0.011, f"{dmesg_t(d)} NVRM: Xid (PCI:0000:76:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 13 (0x0409a0c2 "
                "0x00000008 0x00000001 0x00000000 0x00100000 0x00000004)"),                             # SYNTH
        (0.400, f"{dmesg_t(s.at(t_f + 0.4))} NVRM: Xid (PCI:0000:66:00): 145, RLW_RXPIPE Fatal XC0 i0 Link 13 "
                "(0x0409a0c2 0x00000010 0x00000001 0x00000000 0x00100000 0x00000004)"),                 # SYNTH
        (0.600, f"{dmesg_t(s.at(t_f + 0.6))} NVRM: Xid (PCI:0000:66:00): 45, pid=318877, name=VLLM::Worker_TP0, "
                "channel 0x00000011"),                                                                  # SYNTH
        (0.601, f"{dmesg_t(s.at(t_f + 0.6))} NVRM: Xid (PCI:0000:76:00): 45, pid=318878, name=VLLM::Worker_TP1, "
                "channel 0x00000011"),                                                                  # SYNTH
    ]
    for dt_, l in kl:
        s.kernel(t_f + dt_, bad, l)
    for k, l in enumerate(["(VllmWorker TP0 pid=318877) ERROR Worker failed: CUDA error: uncorrectable NVLink error "
                           "detected during the execution",
                           "(VllmWorker TP1 pid=318878) ERROR Worker failed: CUDA error: uncorrectable NVLink error "
                           "detected during the execution",
                           "(EngineCore_DP0 pid=318610) ERROR EngineCore encountered a fatal error.",
                           "ray.exceptions.RayTaskError(RuntimeError): ray::vLLMRollout.generate_sequences() "
                           "RuntimeError: Engine core initialization failed or engine died. See root cause above."]):
        s.joblog(t_f + 1.2 + 0.1 * k, J, l)  # SYNTH
    s.job_state(t_f + 40.0, J, "FAILED", "1:0")  # SYNTH
    t_op = 2460.0
    s.job_state(t_op, T, "RUNNING", "0:0")  # SYNTH operator check
    s.joblog(t_op + 5.0, T, "+ CUDA_VISIBLE_DEVICES=0,1 all_reduce_perf -b 8 -e 1G -f 2 -g 2")  # SYNTH
    s.joblog(t_op + 9.0, T, "#  Rank  0 Group  0 Pid 402211 on    b300-03 device  0 [0000:17:00] NVIDIA B300 SXM6 AC")  # SYNTH
    s.joblog(t_op + 9.1, T, "#  Rank  1 Group  0 Pid 402211 on    b300-03 device  1 [0000:3d:00] NVIDIA B300 SXM6 AC")  # SYNTH
    s.joblog(t_op + 11.0, T, "           8             2     float     sum      -1    21.92    0.00    0.00      0")  # SYNTH
    s.job_state(t_op + 905.0, T, "TIMEOUT", "0:0")  # SYNTH (hung until the time limit)
    t_end = t_op + 1000.0
    tn, st = 30.0, 7000
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, "0: " + hf_train_dict(0.52 + rng.uniform(-0.02, 0.02), 0.8, 5e-7, st / 20000))
        st += 10
        tn += 110.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == bad:
            if t_ < t_f:
                return s30(rng, "b300", rng.randint(70, 99), rng.uniform(700, 1050), clock=1965)
            x = {"DCGM_FI_DEV_XID_ERRORS": 145} if g in (2, 3) else None
            if t_op < t_ < t_op + 905 and g in (0, 1):
                return s30(rng, "b300", 100, rng.uniform(240, 280), clock=1965, extra=x)
            return s30(rng, "b300", 0, rng.uniform(120, 150), clock=1965 if g in (2, 3) else 345, extra=x)
        return s30(rng, "b300", rng.randint(88, 99), rng.uniform(800, 1050), clock=1965)
    run_sampler(s, [bad], 8, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["b300-05"], 8, 0.0, t_end, 360.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": bad, "gpu": 2}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[T, N], no_drain=["b300-05", "b300-06"])
    return s


# ======================================================================================
# S4  c4140-v100-gpu2-sw-power-cap-150w-horovod  (gpu_degraded: in a 4-node x 4 V100 Horovod ResNet-50 job on Dell
#     C4140 nodes, one V100 (GPU 2 of c4140-06) is held at ~150 W under "SW Power Cap" while its three siblings draw
#     ~300 W; its SM clock falls to ~1.0 GHz and the synchronous job's throughput drops by ~35 %; no error anywhere)
# ======================================================================================
# Source: https://github.com/l4rz/reverse-engineering-dell-idrac-to-get-rid-of-gpu-throttling/issues/3 -- "Dose SW Power
# Cap related to iDRAC throttling？" (2026-01-06, closed). A commenter with a C4140 sees "one (only 1 out of 4) V100
# getting capped to 150W (from 300W as the other 3)"; the maintainer: SW Power Cap means the individual GPU is throttled
# by driver/firmware; check power connections, working PSUs, thermal status, individual GPU health. The thread quotes no
# log line, so this scenario has NO REAL_* literal: the job, its throughput, the SW-power-cap telemetry (bit 0x4) and the
# cluster are all SYNTH. The GPU-health conclusion (drain, inspect power) follows the maintainer's reply.


def build_s4() -> Scenario:
    name = "c4140-v100-gpu2-sw-power-cap-150w-horovod"
    J, N = "448120", "448093"
    nodes = ["c4140-04", "c4140-05", "c4140-06", "c4140-07"]
    bad, bad_gpu = "c4140-06", 2
    s = Scenario(name, "4-node x 4 V100-SXM2-32GB (Dell C4140) Horovod/TensorFlow ResNet-50 run. About 20 min in, GPU 2 "
                 "of c4140-06 is capped at ~150 W (SW power cap, clock-event bit 0x4) while the other 15 GPUs draw "
                 "~290-300 W; its SM clock falls to ~0.95-1.05 GHz and the job's throughput drops from ~5,900 to "
                 "~3,800 images/s. No error, no Xid, temperatures normal.",
                 "2026-02-09T13:00:00Z",
                 {"name": "c41", "partition": "v100", "nodes": "c4140-[01-10]", "gpus_per_node": 4,
                  "pci_bus_ids": C4140_BUS30},
                 [{"id": J, "name": "hvd-resnet50-imagenet", "user": "abias", "nodes": "c4140-[04-07]",
                   "tasks_per_node": 4, "started": "2026-02-09T12:41:00Z", "comment": comment(2, "/home/abias/ckpt/rn50")},
                  {"id": N, "name": "cryoem-topaz-train", "user": "dli", "nodes": "c4140-09", "tasks_per_node": 4,
                   "started": "2026-02-09T09:20:00Z"}])
    rng = s.rng
    t_f = 1200.0 + rng.uniform(0, 15)
    t, it, ep = 5.0, 600, 4
    while t < 3600.0:  # SYNTH, printed every 100 iterations
        slow = t > t_f + 20
        ips = (3810.0 if slow else 5905.0) + rng.uniform(-60, 60)
        s.joblog(t, J, "[1,0]<stdout>:" + hvd_step(s.at(t), ep, it, 2502, ips, 2.05 - it * 1e-5 + rng.uniform(-0.03, 0.03)))
        it += 100
        if it >= 2502:
            it, ep = 0, ep + 1
        t += 100 * 16 * 256 / ips
    tn, st = 40.0, 220
    while tn < 3600.0:  # SYNTH neighbour
        s.joblog(tn, N, f"[{st}] train loss: {0.231 + rng.uniform(-0.02, 0.02):.4f}, precision@0.5: "
                        f"{0.71 + rng.uniform(-0.02, 0.02):.3f}")
        st += 1
        tn += 180.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == "c4140-09":
            return s30(rng, "v100_sxm32_c41", rng.randint(80, 97), rng.uniform(230, 290), clock=1530, keys=K30T,
                       temp=rng.randint(55, 64))
        if t_ >= t_f and n_ == bad and g == bad_gpu:
            return s30(rng, "v100_sxm32_c41", 100, rng.uniform(146, 152), clock=rng.choice([952, 990, 1012, 1035]),
                       temp=rng.randint(52, 57), thr=0x4, keys=K30T)
        if t_ >= t_f:   # peers wait on the slow GPU at every allreduce
            return s30(rng, "v100_sxm32_c41", rng.randint(93, 100), rng.uniform(205, 240), clock=1530,
                       temp=rng.randint(54, 62), keys=K30T)
        return s30(rng, "v100_sxm32_c41", rng.randint(96, 100), rng.uniform(285, 300), clock=1530,
                   temp=rng.randint(58, 66), keys=K30T)
    run_sampler(s, nodes, 4, 0.0, 3600.0, 120.0, fn)
    run_sampler(s, ["c4140-09"], 4, 0.0, 3600.0, 480.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_degraded", "node": bad, "gpu": bad_gpu}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=["c4140-04", "c4140-05", "c4140-07"])
    return s


# ======================================================================================
# S5  netibp-status12-peer-7-6-13-83-one-node-nic  (network: a 4-node x 8 H20 Megatron job over a vendor IB plugin
#     ("NET/IBP"); every other node reports completion errors with status=12 (transport retry counter exceeded) from the
#     same peer address 7.6.13.83 -- h20-14's rail NIC -- whose kernel log shows its port going down; the job aborts)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/1664 -- "NET/IBP:Got completion from peer 7.6.13.83<36315> with status=12
# opcode=32698 len=32696 vendor err 129 (Send)" (2025-04-01, open). Two physical machines over InfiniBand fail with
# this error; the NCCL maintainer: "such errors often indicate connectivity problems" and points at the networking
# section of the troubleshooting guide. Verbatim: the error text (the title's and the description's message). Its
# NCCL prefix, the other nodes' variants (other ports), the kernel link lines, the job and all telemetry are SYNTH.
REAL_S5 = "NET/IBP:Got completion from peer 7.6.13.83<36315> with status=12 opcode=32698 len=32696 vendor err 129 (Send)"


def build_s5() -> Scenario:
    name = "netibp-status12-peer-7-6-13-83-one-node-nic"
    J, N = "77314", "77290"
    nodes = ["h20-11", "h20-12", "h20-13", "h20-14"]
    bad = "h20-14"
    s = Scenario(name, "4-node x 8 H20 Megatron-LM SFT over a vendor IB net plugin (NET/IBP). At ~35 min, ranks on "
                 "h20-11, h20-12 and h20-13 all report `Got completion from peer 7.6.13.83<...> with status=12 ... "
                 "vendor err 129` -- 7.6.13.83 is the rail-3 IB address of h20-14, whose kernel log shows mlx5_3's port "
                 "going down and up; the NCCL errors abort the job. h20-14 itself logs only the aborts.",
                 "2025-04-01T02:00:00Z",
                 {"name": "h20-ib", "partition": "train", "nodes": "h20-[01-24]", "gpus_per_node": 8,
                  "pci_bus_ids": H100_BUS},
                 [{"id": J, "name": "mcore-qwen2.5-72b-sft", "user": "limiao", "nodes": "h20-[11-14]",
                   "tasks_per_node": 8, "started": "2025-04-01T01:30:00Z", "comment": comment(3, "/cpfs/ckpt/q72b-sft")},
                  {"id": N, "name": "embed-distill", "user": "wq", "nodes": "h20-[03-04]", "tasks_per_node": 8,
                   "started": "2025-03-31T20:00:00Z"}])
    rng = s.rng
    t, it = 6.0, 1840
    t_f = 2100.0 + rng.uniform(0, 10)
    while t < t_f:  # SYNTH Megatron iteration lines (last rank)
        s.joblog(t, J, "31: " + megatron_iter(s.at(t), it, 6000, 8420.0 + rng.uniform(-90, 90), 1e-5,
                                             1.31 - it * 2e-5 + rng.uniform(-0.01, 0.01), 512))
        it += 2
        t += 2 * 8.42 + rng.uniform(-0.09, 0.09)
    s.kernel(t_f - 1.4, bad, f"{journal_t(s.at(t_f - 1.4), bad)} mlx5_core 0000:9a:00.0 mlx5_3: Port: 1 Link DOWN")  # SYNTH
    s.kernel(t_f - 1.3, bad, f"{journal_t(s.at(t_f - 1.3), bad)} mlx5_core 0000:9a:00.0: mlx5_port_module_event:1137:"
                             "(pid 0): Port module event: module 1, Cable unplugged")  # SYNTH
    for i, host in enumerate(nodes[:3]):
        pid = 51320 + 17 * i
        for dev in (3, 3, 7):
            line = REAL_S5 if (i == 0 and dev == 3) else REAL_S5.replace("<36315>", f"<{36315 + 11 * i + dev}>")
            s.joblog(t_f + 0.3 * i + 0.01 * dev, J, f"{8 * i + dev}: {nccl_prefix(host, pid + dev, pid + 402, dev)} "
                                                    f"NCCL WARN {line}")  # REAL_S5 (first) / SYNTH variants
            s.joblog(t_f + 0.3 * i + 0.01 * dev + 0.001, J, f"{8 * i + dev}: {nccl_prefix(host, pid + dev, pid + 402, dev)} "
                                                            "NCCL INFO transport/net.cc:1298 -> 6")  # SYNTH
    t_a = t_f + 6.0
    for r in (3, 11, 19, 27):
        s.joblog(t_a + 0.02 * r, J, f"{r}: [rank{r}]:[E401 {s.at(t_a):%H:%M:%S}.{rng.randint(100000, 999999)}000 "
                 f"ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread "
                 "terminated with exception: NCCL error: remote process exited or there was a network error, NCCL "
                 "version 2.21.5")  # SYNTH
    s.kernel(t_f + 14.0, bad, f"{journal_t(s.at(t_f + 14.0), bad)} mlx5_core 0000:9a:00.0 mlx5_3: Port: 1 Link ACTIVE")  # SYNTH
    s.joblog(t_a + 9.0, J, "srun: error: h20-11: task 0: Exited with exit code 1")  # SYNTH
    srun_abort_lines(s, t_a + 9.5, J, "h20-11")
    s.job_state(t_a + 12.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_a + 900.0
    tn = 25.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, "0: " + hf_train_dict(0.081 + rng.uniform(-0.005, 0.005), 0.3, 2e-5, tn / 40000))
        tn += 90.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ < t_f:
                return s30(rng, "h100", rng.randint(85, 99), rng.uniform(300, 390), clock=1980)
            return s30(rng, "h100", 0, rng.uniform(60, 75), clock=345)
        return s30(rng, "h100", rng.randint(80, 99), rng.uniform(280, 380), clock=1980)
    run_sampler(s, nodes, 8, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["h20-03"], 8, 0.0, t_end, 360.0, fn)
    s.truth = truth({"t": t_f, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=["h20-11", "h20-12", "h20-13"])
    return s


# ======================================================================================
# S6  setonix-mi250x-jax-amdgpu-svm-oops-node-dies  (node_failure: a JAX job on an HPE Cray EX235A node (4 x MI250X =
#     8 GCDs) triggers an amdgpu kernel bug in `svm_range_evict_svm_bo_worker`; the oops is the node's last console
#     output, Slurm marks it DOWN+NOT_RESPONDING and ends the job NODE_FAIL)
# ======================================================================================
# Source: https://github.com/ROCm/legacy-rocm-build/issues/4070 -- "[Issue]: JAX kernel generation error" (2025-07,
# open). A maintainer-requested dump is posted, and: "the job turns out to end because it kills the GPU node it's
# running on, due to some kernel bug", with the console lines below (HPE Cray EX235A, a workqueue oops in amdgpu's SVM
# eviction worker). Verbatim: those lines, in their own ISO+08:00 / uptime / thread prefix; the scenario clock is set so
# the stamps fit. The JAX job, the Slurm events, neighbours and telemetry are SYNTH.
REAL_S6 = [
    "[2025-07-16T20:42:48+08:00][1854229.275568][T4056360] Hardware name: HPE HPE_CRAY_EX235A/HPE CRAY EX235A, BIOS 2.1.0 01-23-2025",
    "[2025-07-16T20:42:49+08:00][1854229.283887][T4056360] Workqueue: events svm_range_evict_svm_bo_worker [amdgpu]",
    "[2025-07-16T20:42:49+08:00][1854229.290017][T4056360] RIP: 0010:svm_range_evict_svm_bo_worker+0x313/0x330 [amdgpu]",
    "[2025-07-16T20:42:49+08:00][1854229.296808][T4056360] Code: 83 c4 28 be 03 00 00 00 5b 5d 41 5c 41 5d 41 5e 41 5f e9 "
    "b0 30 d3 d0 48 c7 c7 b8 1d d2 c1 c6 05 4a ed 75 00 01 e8 4d c0 88 d0 <0f> 0b e9 91 fe ff ff 31 db e9 28 ff ff ff 66 "
    "66 2e 0f 1f 84 00 00",
    "[2025-07-16T20:42:49+08:00][1854229.314240][T4056360] RSP: 0018:ffffb74311317e40 EFLAGS: 00010286",
    "[2025-07-16T20:42:49+08:00][1854229.320658][T4056360] RAX: 0000000000000000 RBX: 0000000000000001 RCX: 0000000000000027",
    "[2025-07-16T20:42:49+08:00][1854229.329625][T4056360] RDX: 0000000000000000 RSI: 0000000000000002 RDI: ffff9f258e562948",
    "[2025-07-16T20:42:49+08:00][1854229.338873][T4056360] RBP: ffff9f1801aea6b0 R08: 0000000000000000 R09: c0000000fffbffff",
]


def build_s6() -> Scenario:
    name = "setonix-mi250x-jax-amdgpu-svm-oops-node-dies"
    J, N1, N2 = "21788341", "21788102", "21788350"
    bad = "nid002944"
    s = Scenario(name, "Single-node JAX (ROCm/XLA) model-training job on an HPE Cray EX235A node with 4 x MI250X (8 GCDs). "
                 "12.7 min in, the node's console shows a kernel oops in amdgpu's svm_range_evict_svm_bo_worker workqueue "
                 "and nothing more; Slurm marks nid002944 DOWN+NOT_RESPONDING and ends the job NODE_FAIL. The job is "
                 "not opted in to requeue; a 2-node PyTorch job on other nodes runs on.",
                 "2025-07-16T12:30:00Z",
                 {"name": "ex235a", "partition": "gpu", "nodes": "nid[002900-002963]", "gpus_per_node": 8,
                  "pci_bus_ids": FRONTIER_BUS},
                 [{"id": J, "name": "jax-flax-surrogate-train", "user": "dipietrantonio", "nodes": bad,
                   "tasks_per_node": 8, "started": "2025-07-16T12:28:40Z"},
                  {"id": N1, "name": "pt-rccl-gnn", "user": "kmw", "nodes": "nid[002910-002911]", "tasks_per_node": 8,
                   "started": "2025-07-16T10:02:00Z", "comment": comment(2, "/scratch/kmw/ckpt")},
                  {"id": N2, "name": "cp2k-md", "user": "rjs", "nodes": "nid002950", "tasks_per_node": 8,
                   "started": "2025-07-16T12:00:00Z"}])
    rng = s.rng
    for k, l in enumerate(["INFO:2025-07-16 12:29:31,101:jax._src.xla_bridge:925: Unable to initialize backend 'tpu': "
                           "INTERNAL: Failed to open libtpu.so",
                           "Devices: 8 x rocm (gfx90a)"]):
        s.joblog(51.0 + k, J, l)  # SYNTH
    t, st = 90.0, 0
    while t < 760.0:  # SYNTH progress (every 50 steps)
        s.joblog(t, J, f"step {st:6d} | loss {0.9 * math.exp(-st / 4000) + 0.12 + rng.uniform(-0.01, 0.01):.5f} | "
                       f"{1.92 + rng.uniform(-0.05, 0.05):.2f} s/50 steps")
        st += 50
        t += 1.92 * 25 + rng.uniform(-0.5, 0.5)
    t_f = 768.0    # 12:42:48Z = 20:42:48+08:00
    for k, l in enumerate(REAL_S6):
        s.kernel(t_f + (0.0 if k == 0 else 1.0) + 0.001 * k, bad, l)  # REAL_S6
    up = 1854229.345
    for k, l in enumerate(["Call Trace:", " <TASK>", " ? __warn+0x89/0x140", " process_one_work+0x17e/0x3a0",
                           " worker_thread+0x2ea/0x410", " kthread+0xe8/0x120", " </TASK>"]):
        s.kernel(t_f + 1.05 + 0.001 * k, bad, cray_k(s.at(t_f + 1.05), up + 0.002 * k, 4056360, l))  # SYNTH
    t_down = t_f + 310.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    node_fail_lines(s, t_down + 1.0, J, bad, bad)  # SYNTH
    s.job_state(t_down + 2.0, J, "NODE_FAIL", "0:0")  # SYNTH
    t_end = t_down + 900.0
    tn, it = 20.0, 18000
    while tn < t_end:  # SYNTH neighbours
        s.joblog(tn, N1, f"0: epoch 41 it {it} loss {0.303 + rng.uniform(-0.01, 0.01):.4f} {412 + rng.uniform(-5, 5):.0f} graphs/s")
        it += 200
        tn += 150.0
    s.joblog(300.0, N2, " STEP NUMBER                  =                 1200")  # SYNTH

    def fn(n_, g, t_):  # SYNTH (amd-smi fields mapped to DCGM names)
        if n_ == bad:
            if t_ < 60:
                return s30(rng, "mi250x", 0, rng.uniform(90, 110), clock=800)
            if t_ < t_f:
                return s30(rng, "mi250x", rng.randint(80, 100), rng.uniform(330, 460), clock=1700)
            return None   # host gone
        return s30(rng, "mi250x", rng.randint(75, 99), rng.uniform(320, 450), clock=1700)
    run_sampler(s, [bad], 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["nid002910", "nid002911"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "node_failure", "node": bad}, drain=[bad], no_requeue=[J, N1, N2],
                    no_drain=["nid002910", "nid002911", "nid002950"])
    return s


# ======================================================================================
# S7  deepep-2node-first-allgather-hang-node1-missing  (hang: a 2-node x 8 H800 MoE job with DeepEP expert parallelism;
#     after init, node 0's eight ranks wait in the very first ALLGATHER (SeqNum=1, NumelOut=16) that DeepEP's Buffer
#     issues; node 1's ranks never join and print nothing; after 600 s every node-0 rank's watchdog fires)
# ======================================================================================
# Source: https://github.com/deepseek-ai/DeepEP/issues/411 -- "Internode hang" (2025-09-16, closed). Running
# `tests/test_internode.py` with WORLD_SIZE=2 (two nodes), the RANK=0 machine's ranks report the watchdog timeout below
# on the first ALLGATHER of 16 ranks, "last completed work: -1": the collective never completed because the other
# node's ranks did not take part. Verbatim: the rank 7 / 3 / 2 / 6 lines below. Their two generic companion lines
# ("Stack trace of the failed collective not found ...", "First PG on this rank to signal dumping.") were used by
# earlier corpora and are emitted SYNTH. Which node is at fault is inferred from the missing ranks (no hardware
# evidence); the thread gives no root cause.
REAL_S7 = [
    "[rank7]:[E916 08:53:53.794121333 ProcessGroupNCCL.cpp:633] [Rank 7] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=1, OpType=ALLGATHER, NumelIn=1, NumelOut=16, Timeout(ms)=600000) ran for 600023 "
    "milliseconds before timing out.",
    "[rank7]:[E916 08:53:53.794631106 ProcessGroupNCCL.cpp:2289] [PG ID 1 PG GUID 1 Rank 7]  failure detected by "
    "watchdog at work sequence id: 1 PG status: last enqueued work: 1, last completed work: -1",
    "[rank3]:[E916 08:53:53.813635437 ProcessGroupNCCL.cpp:633] [Rank 3] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=1, OpType=ALLGATHER, NumelIn=1, NumelOut=16, Timeout(ms)=600000) ran for 600042 "
    "milliseconds before timing out.",
    "[rank3]:[E916 08:53:53.814173265 ProcessGroupNCCL.cpp:2289] [PG ID 1 PG GUID 1 Rank 3]  failure detected by "
    "watchdog at work sequence id: 1 PG status: last enqueued work: 1, last completed work: -1",
    "[rank2]:[E916 08:53:53.870272601 ProcessGroupNCCL.cpp:633] [Rank 2] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=1, OpType=ALLGATHER, NumelIn=1, NumelOut=16, Timeout(ms)=600000) ran for 600077 "
    "milliseconds before timing out.",
    "[rank2]:[E916 08:53:53.870771387 ProcessGroupNCCL.cpp:2289] [PG ID 1 PG GUID 1 Rank 2]  failure detected by "
    "watchdog at work sequence id: 1 PG status: last enqueued work: 1, last completed work: -1",
    "[rank6]:[E916 08:53:53.875104669 ProcessGroupNCCL.cpp:633] [Rank 6] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=1, OpType=ALLGATHER, NumelIn=1, NumelOut=16, Timeout(ms)=600000) ran for 600086 "
    "milliseconds before timing out.",
    "[rank6]:[E916 08:53:53.875581780 ProcessGroupNCCL.cpp:2289] [PG ID 1 PG GUID 1 Rank 6]  failure detected by "
    "watchdog at work sequence id: 1 PG status: last enqueued work: 1, last completed work: -1",
]
S7_BY_RANK = {r: REAL_S7[2 * i:2 * i + 2] for i, r in enumerate((7, 3, 2, 6))}


def build_s7() -> Scenario:
    name = "deepep-2node-first-allgather-hang-node1-missing"
    J, N = "508812", "508790"
    nodes = ["h800-21", "h800-22"]
    bad = "h800-22"
    s = Scenario(name, "2-node x 8 H800 MoE pre-training job (Megatron-style EP=16 over DeepEP). After process-group "
                 "init, the first ALLGATHER of 16 ranks (DeepEP Buffer set-up) never completes: node 0's ranks 0-7 wait "
                 "600 s and their watchdogs fire (last completed work: -1); node 1 (h800-22) ranks 8-15 print nothing "
                 "after init and show idle GPUs. No Xid, no NIC error.",
                 "2025-09-16T08:40:00Z",
                 {"name": "moe-h800", "partition": "train", "nodes": "h800-[01-32]", "gpus_per_node": 8,
                  "pci_bus_ids": H100_BUS},
                 [{"id": J, "name": "moe-16b-deepep-pretrain", "user": "jcl", "nodes": "h800-[21-22]",
                   "tasks_per_node": 8, "started": "2025-09-16T08:40:00Z", "comment": comment(2, "/mnt/ckpt/moe16b")},
                  {"id": N, "name": "dsv3-lite-sft", "user": "yzh", "nodes": "h800-[05-06]", "tasks_per_node": 8,
                   "started": "2025-09-16T06:00:00Z"}])
    rng = s.rng
    for r in range(16):
        s.joblog(20.0 + 0.05 * r, J, f"{r}: [init] rank {r}/16 on {nodes[r // 8]} local_rank {r % 8} "
                                     "process group initialized")  # SYNTH
    s.joblog(28.0, J, "0: [deepep] creating Buffer(num_nvl_bytes=1073741824, num_rdma_bytes=1073741824, "
                      "low_latency_mode=False)")  # SYNTH
    t_stuck = 33.0
    t_wd = 833.0    # 08:53:53
    order = [7, 3, 2, 6, 0, 1, 4, 5]
    for i, r in enumerate(order):
        base = t_wd + 0.02 * i
        if r in S7_BY_RANK:
            a, b = S7_BY_RANK[r]
        else:   # SYNTH, same form as the real lines
            ns = rng.randint(100000000, 999999999)
            a = (f"[rank{r}]:[E916 08:53:53.{ns} ProcessGroupNCCL.cpp:633] [Rank {r}] Watchdog caught collective "
                 f"operation timeout: WorkNCCL(SeqNum=1, OpType=ALLGATHER, NumelIn=1, NumelOut=16, Timeout(ms)=600000) "
                 f"ran for {600010 + rng.randint(0, 90)} milliseconds before timing out.")
            b = (f"[rank{r}]:[E916 08:53:53.{ns + 500000} ProcessGroupNCCL.cpp:2289] [PG ID 1 PG GUID 1 Rank {r}]  "
                 "failure detected by watchdog at work sequence id: 1 PG status: last enqueued work: 1, last completed "
                 "work: -1")
        s.joblog(base, J, f"{r}: {a}")  # REAL_S7 for ranks 7/3/2/6
        s.joblog(base + 0.001, J, f"{r}: {b}")
        s.joblog(base + 0.002, J, f"{r}: [rank{r}]:[E916 08:53:53.{rng.randint(100000000, 999999999)} "
                                  "ProcessGroupNCCL.cpp:671] Stack trace of the failed collective not found, "
                                  "potentially because FlightRecorder is disabled. You can enable it by setting "
                                  "TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.")  # SYNTH (used earlier)
        s.joblog(base + 0.003, J, f"{r}: [rank{r}]:[E916 08:53:53.{rng.randint(100000000, 999999999)} "
                                  f"ProcessGroupNCCL.cpp:2124] [PG ID 1 PG GUID 1 Rank {r}] First PG on this rank to "
                                  "signal dumping.")  # SYNTH (used earlier)
    t_ab = t_wd + 1.5
    for r in range(8):
        s.joblog(t_ab + 0.01 * r, J, f"{r}: [rank{r}]:[F916 08:53:55.{rng.randint(100000000, 999999999)} "
                                     f"ProcessGroupNCCL.cpp:1614] [PG ID 1 PG GUID 1 Rank {r}] [PG ID 1 PG GUID 1 Rank "
                                     f"{r}] Terminating the process after attempting to dump debug info, due to "
                                     "collective timeout or exception.")  # SYNTH
    s.joblog(t_ab + 2.0, J, "srun: error: h800-21: task 0: Aborted (core dumped)")  # SYNTH
    srun_abort_lines(s, t_ab + 2.5, J, "h800-21")
    s.job_state(t_ab + 36.0, J, "FAILED", "6:0")  # SYNTH
    t_end = t_ab + 600.0
    tn = 30.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, "0: " + hf_train_dict(0.93 + rng.uniform(-0.03, 0.03), 0.7, 1e-5, tn / 50000))
        tn += 100.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == "h800-21" and t_stuck < t_ < t_ab:
            return s30(rng, "h800", 100, rng.uniform(120, 140), clock=1980)   # spinning in the NCCL kernel
        if n_ == bad and 18 < t_ < t_ab:
            return s30(rng, "h800", 0, rng.uniform(95, 110), clock=1980)     # context up, no work
        if n_ in nodes:
            return s30(rng, "h800", 0, rng.uniform(65, 75), clock=345)
        return s30(rng, "h800", rng.randint(85, 99), rng.uniform(520, 650), clock=1980)
    run_sampler(s, nodes, 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["h800-05"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_stuck, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=nodes)
    return s


# ======================================================================================
# S8  torque-pbs-server-crash-three-pipeline-jobs  (infrastructure: the batch server (pbs_server on the head node
#     mskcc-fe1) crashes; three GPU pipeline jobs on three different nodes whose drivers call qstat/qsub from inside the
#     job fail with "Unable to communicate with mskcc-fe1.local(10.240.16.1)"; jobs that do not talk to the server run
#     on, as the thread's reporter notes)
# ======================================================================================
# Source: https://github.com/cBio/cbio-cluster/issues/178 -- "pbs_server crashed on mskcc-fe1" (2014-11-19, closed,
# labels torqueupdate / vendorticket). qstat and job submission fail with the three messages below; "My jobs that were
# submitted last night and earlier this morning are still running successfully." Verbatim: the three client error
# lines. The jobs, nodes, GPU framing, job states (mapped into this format's Slurm job_state kind) and telemetry are
# SYNTH.
REAL_S8 = [
    "Unable to communicate with mskcc-fe1.local(10.240.16.1)",
    "Cannot connect to default server host 'mskcc-fe1.local' - check pbs_server daemon and/or trqauthd.",
    "qstat: cannot connect to server mskcc-fe1.local (errno=111) Connection refused",
]


def build_s8() -> Scenario:
    name = "torque-pbs-server-crash-three-pipeline-jobs"
    jobs = [("5520114", "gpu-1-4", "alphafold-msa-driver", "jbehr"),
            ("5520131", "gpu-2-7", "yank-fep-batch-driver", "salbanese"),
            ("5520147", "gpu-3-2", "openmm-md-sweep-driver", "pgrinaway")]
    N = "5519980"
    s = Scenario(name, "Torque/Moab GPU cluster. Three pipeline-driver jobs on gpu-1-4, gpu-2-7 and gpu-3-2 each run GPU "
                 "work and poll / submit child jobs with qstat and qsub. The batch server pbs_server on mskcc-fe1 "
                 "crashes; within a minute all three drivers log the Torque client errors, retry, and exit non-zero. "
                 "A long GPU job on gpu-1-9 that never talks to the server keeps running. Two of the drivers are "
                 "opted in to requeue.",
                 "2014-11-19T15:00:00Z",
                 {"name": "hal", "partition": "gpu", "nodes": "gpu-1-[1-9],gpu-2-[1-9],gpu-3-[1-9]", "gpus_per_node": 4},
                 [{"id": j, "name": nm, "user": u, "nodes": n, "tasks_per_node": 1, "started": "2014-11-19T13:10:00Z",
                   "comment": comment(2) if k < 2 else None} for k, (j, n, nm, u) in enumerate(jobs)]
                 + [{"id": N, "name": "gromacs-long", "user": "kbeau", "nodes": "gpu-1-9", "tasks_per_node": 4,
                     "started": "2014-11-19T02:00:00Z"}])
    for j in s.jobs:
        if "comment" in j and j["comment"] is None:
            del j["comment"]
    rng = s.rng
    t_f = 1500.0 + rng.uniform(0, 5)
    for k, (j, n, nm, u) in enumerate(jobs):
        t = 10.0 + 13 * k
        while t < t_f:  # SYNTH driver progress
            s.joblog(t, j, f"[{s.at(t):%H:%M:%S}] {nm}: {rng.randint(3, 9)} child jobs running, "
                           f"{rng.randint(40, 200)} queued; GPU stage chunk {int(t // 60)} done")
            t += 240.0 + rng.uniform(-5, 5)
        for a in range(3):
            ta = t_f + 8.0 * k + 30.0 * a
            s.joblog(ta, j, REAL_S8[0])  # REAL_S8
            s.joblog(ta + 0.01, j, REAL_S8[1])  # REAL_S8
            if a == 0:
                s.joblog(ta + 0.02, j, REAL_S8[0])  # REAL_S8 (the thread shows the pair twice)
                s.joblog(ta + 0.03, j, REAL_S8[1])
            s.joblog(ta + 0.04, j, REAL_S8[2])  # REAL_S8
            s.joblog(ta + 0.05, j, f"[{s.at(ta):%H:%M:%S}] {nm}: qstat failed (rc=111), retry {a + 1}/3 in 30 s")  # SYNTH
        te = t_f + 8.0 * k + 95.0
        s.joblog(te, j, f"[{s.at(te):%H:%M:%S}] {nm}: giving up: batch server unreachable")  # SYNTH
        s.job_state(te + 1.0, j, "FAILED", "2:0")  # SYNTH
    t_end = t_f + 1200.0
    tn = 40.0
    while tn < t_end:  # SYNTH unaffected neighbour
        s.joblog(tn, N, f"step {int(tn * 250)}, will finish Thu Nov 20 09:12:44 2014")
        tn += 300.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == "gpu-1-9":
            return s30(rng, "gtx1080ti", rng.randint(90, 99), rng.uniform(200, 240), clock=1898)
        k = [x[1] for x in jobs].index(n_)
        if t_ < t_f + 8.0 * k + 96.0:
            return s30(rng, "gtx1080ti", rng.randint(70, 99), rng.uniform(180, 240), clock=1898)
        return s30(rng, "gtx1080ti", 0, rng.uniform(12, 20), clock=139)
    run_sampler(s, [x[1] for x in jobs], 4, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["gpu-1-9"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "infrastructure", "node": None},
                    no_requeue=[j for j, *_ in jobs] + [N], no_drain=[x[1] for x in jobs])
    return s


BUILDERS = [build_s1, build_s2, build_s3, build_s4, build_s5, build_s6, build_s7, build_s8]


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
