#!/usr/bin/env python3
"""Build the holdout34 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout34: generic helpers and the holdout14..holdout32 helper sections are copied unchanged from holdout32's build.py;
the holdout32 scenarios are replaced by the holdout34 helpers and scenarios S1..S8 below.
Generic helpers (and the holdout14..holdout30 helper sections) are copied unchanged from holdout30's build.py; the
holdout30 scenarios are replaced by the holdout32 helpers and scenarios S1..S8 below.
Earlier note (holdout30): generic helpers and the holdout14..holdout29 helper sections came unchanged from holdout29.
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
# S1  polyffusion-dataloader-killed-batch-1034-repeats-after-requeue  (software: polyffusion diffusion model on
#     POP909, one GPU. The DataLoader worker dies at batch 1034/3597 of epoch 0; the controller-style requeue starts it
#     again on another node and it dies at batch 1034 again, the same way. Deterministic: the data, not the node.)
# ======================================================================================
# Source: https://github.com/aik2mlj/polyffusion/issues/2 -- "DataLoader worker is killed by signal" (closed). The
# reporter: "I verified it several times. It seems to always occur at number 1034." Verbatim: the bar line at the
# failure (trailing blanks dropped), the traceback frames, and the final RuntimeError line, which the thread shows cut
# after "killed by" (the signal name is completed as SYNTH).
REAL_S1_BAR = "Epoch 0:  29% 1034/3597 [51:02<2:06:30,  2.96s/it]"
REAL_S1_TB = [
    '  File "polyffusion/polyffusion/main.py", line 71, in <module>',
    "    config.train()",
    '  File "polyffusion/polyffusion/train/__init__.py", line 49, in train',
    "    learner.train(max_epoch=self.params.max_epoch)",
    '  File "polyffusion/polyffusion/learner.py", line 137, in train',
    "    losses, scheduled_params = self.train_step(batch)",
    '  File "polyffusion/polyffusion/learner.py", line 200, in train_step',
    "    loss_dict = self.model.get_loss_dict(batch, self.step)",
    '  File "polyffusion/polyffusion/models/model_sdf.py", line 189, in get_loss_dict',
    "    cond = self._encode_chord(chord)",
    '  File "polyffusion/polyffusion/models/model_sdf.py", line 95, in _encode_chord',
    "    z = self.chord_enc(chord).mean",
    '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line 1501, in _call_impl',
    '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", line 66, in handler',
]
S1_USED_EARLIER = "    return forward_call(*args, **kwargs)"  # thread line, used by an earlier corpus: emitted as SYNTH
# Source: https://github.com/aik2mlj/polyffusion/issues/2 (final line, cut in the thread)
REAL_S1_ERR = "RuntimeError: DataLoader worker (pid 2978) is killed by"


def build_s1() -> Scenario:
    name = "polyffusion-dataloader-killed-batch-1034-repeats-after-requeue"
    J, N = "77120", "77098"
    s = Scenario(name, "polyffusion (latent diffusion for symbolic music, POP909) on one L40S. Epoch 0 runs at "
                 "~2.96 s/it; at batch 1034/3597 a DataLoader worker dies and the main process raises RuntimeError. "
                 "The job is opted in and is requeued; the second attempt, on another node, dies at batch 1034 again "
                 "with the same traceback. Both attempts are in the stream.",
                 "2023-09-17T06:00:00Z",
                 {"name": "mus", "partition": "gpu", "nodes": "gpu-m-[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "polyffusion-sdf-chd8bar", "user": "tkoh", "nodes": "gpu-m-03",
                   "tasks_per_node": 1, "started": "2023-09-17T06:00:00Z",
                   "comment": comment(2, "/scratch/tkoh/polyffusion/result")},
                  {"id": N, "name": "musicgen-small-ft", "user": "jrivera", "nodes": "gpu-m-[06-07]",
                   "tasks_per_node": 4, "started": "2023-09-17T03:12:00Z", "comment": comment(1)}])
    rng = s.rng
    sec_it, total = 2.96, 3597

    def attempt(t0: float, node: str, pid: int, wpid: int) -> float:
        s.joblog(t0, J, "+ python polyffusion/main.py --model sdf_chd8bar --output_dir result")  # SYNTH (bash -x)
        s.joblog(t0 + 6.0, J, "Global seed set to 0")  # SYNTH
        s.joblog(t0 + 9.0, J, "Creating new log folder as result/sdf+chd8bar/09-17_060009")  # SYNTH
        s.joblog(t0 + 14.0, J, "load train valid set: 3597 batches, 402 batches")  # SYNTH
        n = 0
        while True:
            n = min(n + 40, 1034)
            t = t0 + 20.0 + n * sec_it
            if n < 1034:
                s.joblog(t, J, poly_bar(n, total, n * sec_it, sec_it))  # SYNTH
                continue
            s.joblog(t, J, REAL_S1_BAR)  # REAL_S1_BAR
            tf = t + 0.8
            s.kernel(tf - 0.3, node, f"{dmesg_t(s.at(tf - 0.3))} python3[{wpid}]: segfault at 0 ip 00007f4c1a2e4c55 "
                                     f"sp 00007ffd3bd0a1f8 error 4 in libc.so.6[7f4c1a174000+195000]")  # SYNTH
            s.joblog(tf, J, "Traceback (most recent call last):")  # SYNTH (generic line used earlier)
            for k, l in enumerate(REAL_S1_TB[:-1] + [S1_USED_EARLIER] + REAL_S1_TB[-1:]):
                s.joblog(tf + 0.001 * (k + 1), J, l)  # REAL_S1_TB (+ one SYNTH line at its place)
            s.joblog(tf + 0.02, J, "    _error_if_any_worker_fails()")  # SYNTH (line used earlier)
            s.joblog(tf + 0.021, J, REAL_S1_ERR + " signal: Segmentation fault. ")  # REAL_S1_ERR (+ SYNTH completion)
            s.job_state(tf + 2.5, J, "FAILED", "1:0")  # SYNTH
            return tf

    t_f1 = attempt(0.0, "gpu-m-03", 2941, 2978)
    s.job_state(t_f1 + 40.0, J, "REQUEUED", "0:0", reason="requeued by recovery controller")  # SYNTH
    s.job_state(t_f1 + 41.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    t2 = t_f1 + 170.0
    s.job_state(t2, J, "RUNNING", "0:0", nodes="gpu-m-05")  # SYNTH
    # second attempt: same batch, same traceback; worker pid differs (SYNTH line)
    sec2 = t2
    s.joblog(sec2, J, "+ python polyffusion/main.py --model sdf_chd8bar --output_dir result")  # SYNTH (bash -x)
    s.joblog(sec2 + 6.0, J, "Global seed set to 0")  # SYNTH
    s.joblog(sec2 + 9.0, J, "Creating new log folder as result/sdf+chd8bar/09-17_065613")  # SYNTH
    s.joblog(sec2 + 14.0, J, "load train valid set: 3597 batches, 402 batches")  # SYNTH
    for n in range(40, 1034, 40):
        s.joblog(sec2 + 20.0 + n * sec_it, J, poly_bar(n, total, n * sec_it, sec_it))  # SYNTH
    tb = sec2 + 20.0 + 1034 * sec_it
    s.joblog(tb, J, REAL_S1_BAR)  # REAL_S1_BAR (same batch, same elapsed)
    t_f2 = tb + 0.8
    s.kernel(t_f2 - 0.3, "gpu-m-05", f"{dmesg_t(s.at(t_f2 - 0.3))} python3[3427]: segfault at 0 ip 00007f9b0e6d1c55 "
                                      "sp 00007ffc9e41b6b8 error 4 in libc.so.6[7f9b0e561000+195000]")  # SYNTH
    s.joblog(t_f2, J, "Traceback (most recent call last):")  # SYNTH
    for k, l in enumerate(REAL_S1_TB[:-1] + [S1_USED_EARLIER] + REAL_S1_TB[-1:]):
        s.joblog(t_f2 + 0.001 * (k + 1), J, l)  # REAL_S1_TB (+ one SYNTH line at its place)
    s.joblog(t_f2 + 0.02, J, "    _error_if_any_worker_fails()")  # SYNTH
    s.joblog(t_f2 + 0.021, J, "RuntimeError: DataLoader worker (pid 3427) is killed by signal: Segmentation fault. ")
    s.job_state(t_f2 + 2.5, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f2 + 600.0
    # neighbour (SYNTH): audiocraft-style lines every ~2 min
    tn, st = 35.0, 41200
    while tn < t_end:
        s.joblog(tn, N, f"[09-17 {s.at(tn):%H:%M:%S}][flashy.solver][INFO] - Train | Epoch 12 | {st % 2000}/2000 | "
                        f"1.41 it/sec | ce 4.{rng.randint(1000, 1400)} | ppl {rng.uniform(68, 75):.2f}")
        st += 170
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == "gpu-m-03":
            busy = g == 0 and t_ < t_f1
        elif n_ == "gpu-m-05":
            busy = g == 0 and t2 + 15 < t_ < t_f2
        else:
            busy = True
        if busy:
            return s34(rng, "l40s", rng.randint(88, 99), rng.uniform(250, 300), clock=2490, fb=rng.randint(30500, 32800))
        return idle34(rng, "l40s")
    run_sampler(s, ["gpu-m-03", "gpu-m-05"], 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["gpu-m-06"], 4, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_f1, "category": "software", "node": None}, no_requeue=[J, N],
                    no_drain=["gpu-m-03", "gpu-m-05"])
    return s


# ======================================================================================
# S2  segmentron-deeplabv3plus-oom-epoch212-iter35-repeats-on-resume  (software: SegmenTron DeepLabV3+ on Cityscapes,
#     8 x RTX 2080 Ti, batch 2 per GPU. After 10 h the run dies with CUDA OOM at Epoch 212/400, Iters 35/185; it is
#     requeued, resumes from the epoch-211 checkpoint and runs out of memory again at the same iteration.)
# ======================================================================================
# Source: https://github.com/LikeLy-Journey/SegmenTron/issues/11 -- "cuda out of memory if set args.resume to some
# model" (closed). The reporter: "For two runnings, the code always stops at a particular iter: <line>. And if I resume
# from the last checkpoint 211.pt, cuda gets out of memory." Verbatim: the progress line body (the logger prefix is
# SYNTH). The OOM message and traceback are SYNTH (the thread does not quote them).
REAL_S2 = ("Epoch: 212/400 || Iters: 35/185 || Lr: 0.010177 || Loss: 0.0906 || Cost Time: 10:07:39 || "
           "Estimated Time: 9:03:16")


def build_s2() -> Scenario:
    name = "segmentron-deeplabv3plus-oom-epoch212-iter35-repeats-on-resume"
    J, N = "5120", "5107"
    node = "rtx-04"
    s = Scenario(name, "SegmenTron DeepLabV3+ (ResNet-101) on Cityscapes via tools/dist_train.sh, one node with 8 x "
                 "RTX 2080 Ti (11 GB), 2 images per GPU. At Epoch 212/400, Iters 35/185 rank 3 raises CUDA out of "
                 "memory and the launcher tears the job down. The job is opted in; it is requeued, resumes from the "
                 "epoch-211 checkpoint on the same node and hits the same OOM at the same iteration.",
                 "2020-01-12T08:00:00Z",
                 {"name": "seg", "partition": "gpu", "nodes": "rtx-[01-06]", "gpus_per_node": 8},
                 [{"id": J, "name": "segtron-dlv3p-cityscapes", "user": "ykwang", "nodes": node, "tasks_per_node": 8,
                   "started": "2020-01-11T22:00:40Z", "comment": comment(3, "/data/ykwang/segtron/ckpt")},
                  {"id": N, "name": "hrnet-w48-ade20k", "user": "pfeng", "nodes": "rtx-02", "tasks_per_node": 8,
                   "started": "2020-01-12T01:14:00Z"}])
    rng = s.rng
    sec_it = 36459.0 / (211 * 185 + 35)       # from the real line: 10:07:39 after 211 epochs + 35 iters
    it_abs = 211 * 185 + 35
    # job started 2020-01-11T22:00:40Z; real line at cost 10:07:39 -> 08:08:19Z; window opens at 08:00
    t_real = (dt.datetime(2020, 1, 12, 8, 8, 19) - s.start).total_seconds()
    total_it = 400 * 185

    def line_at(ab: int, t: float) -> str:
        ep, it = ab // 185 + 1, ab % 185
        lr = 0.01 * (1 - ab / total_it) ** 0.9 * 1.8
        return segtron_line(s.at(t), ep, it, lr, rng.uniform(0.085, 0.12), ab * sec_it, (total_it - ab) * sec_it)

    ab = ((it_abs - int(t_real / sec_it)) // 10 + 1) * 10
    while ab < it_abs:
        if ab % 185:
            t = t_real - (it_abs - ab) * sec_it
            s.joblog(t, J, line_at(ab, t))  # SYNTH (log_iter 10)
        ab += 10
    s.joblog(t_real, J, f"{stamp_ms(s.at(t_real))} Segmentron INFO: {REAL_S2}")  # REAL_S2 (prefix SYNTH)

    def oom(t: float) -> None:  # SYNTH
        s.joblog(t, J, "Traceback (most recent call last):")
        s.joblog(t + 0.001, J, '  File "./tools/train.py", line 240, in <module>')
        s.joblog(t + 0.002, J, "    trainer.train()")
        s.joblog(t + 0.003, J, '  File "./tools/train.py", line 132, in train')
        s.joblog(t + 0.004, J, "    losses.backward()")
        s.joblog(t + 0.005, J, "RuntimeError: CUDA out of memory. Tried to allocate 258.00 MiB (GPU 3; 10.73 GiB "
                                "total capacity; 9.38 GiB already allocated; 155.62 MiB free; 239.92 MiB cached)")
        s.joblog(t + 2.0, J, "Traceback (most recent call last):")
        s.joblog(t + 2.001, J, '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/launch.py", line 253, '
                               'in main')
        s.joblog(t + 2.002, J, "    cmd=cmd)")
        s.joblog(t + 2.003, J, "subprocess.CalledProcessError: Command '['/opt/conda/bin/python', '-u', "
                               "'./tools/train.py', '--local_rank=3', '--config-file', "
                               "'configs/cityscapes_deeplabv3_plus.yaml']' returned non-zero exit status 1.")

    t_f1 = t_real + 1.3 * sec_it
    oom(t_f1)
    s.job_state(t_f1 + 4.0, J, "FAILED", "1:0")  # SYNTH
    s.job_state(t_f1 + 30.0, J, "REQUEUED", "0:0", reason="requeued by recovery controller")  # SYNTH
    s.job_state(t_f1 + 31.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH
    t2 = t_f1 + 150.0
    s.job_state(t2, J, "RUNNING", "0:0", nodes=node)  # SYNTH
    s.joblog(t2 + 9.0, J, f"{stamp_ms(s.at(t2 + 9.0))} Segmentron INFO: Using 8 GPUs")  # SYNTH
    s.joblog(t2 + 21.0, J, f"{stamp_ms(s.at(t2 + 21.0))} Segmentron INFO: Resume from: "
                           "/data/ykwang/segtron/ckpt/deeplabv3_plus_resnet101_cityscapes_211.pth")  # SYNTH
    s.joblog(t2 + 24.0, J, f"{stamp_ms(s.at(t2 + 24.0))} Segmentron INFO: Start training, Total Epochs: 400 = "
                           "Total Iterations 74000")  # SYNTH
    t_s = t2 + 30.0
    for k in (10, 20, 30):
        ab = 211 * 185 + k
        s.joblog(t_s + k * sec_it * 1.02, J, line_at(ab, t_s + k * sec_it * 1.02))  # SYNTH
    t_f2 = t_s + 36 * sec_it * 1.02
    oom(t_f2)
    s.job_state(t_f2 + 4.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f2 + 900.0
    tn, it = 20.0, 62400   # neighbour (SYNTH): mmseg-style HRNet lines every 50 iters
    while tn < t_end:
        s.joblog(tn, N, f"{stamp_ms(s.at(tn))} - mmseg - INFO - Iter [{it}/160000]\tlr: 6.1e-03, eta: 1 day, "
                        f"2:{rng.randint(10, 59)}:11, time: 0.598, data_time: 0.011, memory: 8712, decode.loss_seg: "
                        f"{rng.uniform(0.3, 0.4):.4f}, decode.acc_seg: {rng.uniform(84, 88):.4f}, loss: "
                        f"{rng.uniform(0.3, 0.4):.4f}")
        it += 50
        tn += 29.9

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ < t_f1 or t2 + 25 < t_ < t_f2:
                return s34(rng, "rtx2080ti", rng.randint(93, 100), rng.uniform(205, 250), clock=1545,
                           fb=10810 if g == 3 else rng.randint(9900, 10500))
            return idle34(rng, "rtx2080ti")
        return s34(rng, "rtx2080ti", rng.randint(90, 99), rng.uniform(200, 245), clock=1545)
    run_sampler(s, [node], 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["rtx-02"], 8, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_f1, "category": "software", "node": None}, no_requeue=[J, N], no_drain=[node])
    return s


# ======================================================================================
# S3  mi100-4node-resnet-10x-slow-t006-009-gpu0-idle  (gpu_degraded: 4-node x 8 MI100 torchvision ResNet-50 DDP run
#     goes >10x slower than the same script normally does; nothing alarms (no throttle bits, temps and clocks normal).
#     The same experiment started by the same user on four other nodes runs at the usual speed. During the slow run
#     GPU 0 of t006-009 sits nearly unused while its peers spin in collectives.)
# ======================================================================================
# Source: https://github.com/AMDResearch/hpcfund/issues/19 -- "Experiments on some nodes are 10x slower than other"
# (open). The reporter's 4-node run on t006-[009-010],t007-[009-010] was >10x slower; the same experiment on
# t004-007,t006-007,t008-[007,009] ran at normal speed. The admin: "one of the GPUs (t006-009, ID 0) remained unused
# during the execution". The thread quotes no log line: no REAL literal; the trainer, its lines and all telemetry are
# SYNTH.
def build_s3() -> Scenario:
    name = "mi100-4node-resnet-10x-slow-t006-009-gpu0-idle"
    J, J2, N = "41177", "41190", "41150"
    slow_nodes = ["t006-009", "t006-010", "t007-009", "t007-010"]
    good_nodes = ["t004-007", "t006-007", "t008-007", "t008-009"]
    bad = "t006-009"
    s = Scenario(name, "torchvision references/classification ResNet-50 on ImageNet, DDP over 4 nodes x 8 MI100 "
                 "(32 ranks), print-freq 100. The run on t006-[009-010],t007-[009-010] makes progress but each "
                 "100-iteration line arrives ~10x later than the same configuration's normal pace; nothing else "
                 "alarms. The same user starts the identical experiment on four other nodes, which runs at the usual "
                 "pace. GPU 0 of t006-009 stays nearly idle during the slow run.",
                 "2024-02-21T15:00:00Z",
                 {"name": "hpcfund", "partition": "mi1008x", "nodes": "t004-[007-010],t006-[007-010],t007-[007-010],"
                  "t008-[007-010]", "gpus_per_node": 8},
                 [{"id": J, "name": "rn50-ddp-32g", "user": "hduan", "nodes": "t006-[009-010],t007-[009-010]",
                   "tasks_per_node": 8, "started": "2024-02-21T15:00:00Z",
                   "comment": comment(2, "/work1/hduan/ckpt/rn50")},
                  {"id": J2, "name": "rn50-ddp-32g", "user": "hduan", "nodes": "t004-007,t006-007,t008-[007,009]",
                   "tasks_per_node": 8, "started": "2024-02-21T16:05:00Z", "comment": comment(2, "/work1/hduan/ckpt/rn50b")},
                  {"id": N, "name": "gromacs-hip-bench", "user": "jordp", "nodes": "t004-[009-010]",
                   "tasks_per_node": 8, "started": "2024-02-21T14:20:00Z"}])
    rng = s.rng
    n_it = 5005
    fast, slow = 0.415, 4.71
    # slow job (SYNTH)
    s.joblog(3.0, J, "| distributed init (rank 0): env://")  # SYNTH
    s.joblog(41.0, J, "Creating data loaders")  # SYNTH
    s.joblog(58.0, J, "Start training")  # SYNTH
    t0 = 70.0
    t_first = None
    it = 0
    t_end = 4800.0
    while True:
        t = t0 + it * slow + (8.0 if it == 0 else 0.0)
        if t >= t_end:
            break
        tm = slow if it else 9.8
        s.joblog(t, J, tv_line(0, it, n_it, (n_it - it) * slow, 0.5, 32 / tm, 6.9 - it / 5005 * 1.2 +
                               rng.uniform(-0.05, 0.05), 6.95 - it / 5005 * 1.0, 0.1 + it / 500, 0.5 + it / 120, tm,
                               20412))  # SYNTH
        if it == 100:
            t_first = t
        it += 100
    # reference job, same config (SYNTH)
    t0b = 2400.0
    s.job_state(t0b, J2, "RUNNING", "0:0", nodes="t004-007,t006-007,t008-[007,009]")  # SYNTH
    s.joblog(t0b + 3.0, J2, "| distributed init (rank 0): env://")
    s.joblog(t0b + 40.0, J2, "Creating data loaders")
    s.joblog(t0b + 57.0, J2, "Start training")
    it = 0
    while True:
        t = t0b + 68.0 + it * fast + (8.0 if it == 0 else 0.0)
        if t >= t_end:
            break
        tm = fast if it else 9.6
        s.joblog(t, J2, tv_line(0, it, n_it, (n_it - it) * fast, 0.5, 32 / tm, 6.9 - it / 5005 * 1.2 +
                                rng.uniform(-0.05, 0.05), 6.95 - it / 5005 * 1.0, 0.1 + it / 500, 0.5 + it / 120, tm,
                                20412))
        it += 100
    tn = 200.0
    while tn < t_end:  # neighbour (SYNTH): gromacs md log cadence
        s.joblog(tn, N, f"step {int(tn * 410)}, will finish Wed Feb 21 {17 + int(tn // 3000)}:{rng.randint(10, 59)}:"
                        f"{rng.randint(10, 59)} 2024")
        tn += 600.0

    def fn(n_, g, t_):  # SYNTH: no throttle bits, normal clocks everywhere
        if n_ in slow_nodes:
            if n_ == bad and g == 0:
                return s34(rng, "mi100", rng.randint(0, 3), rng.uniform(38, 46), clock=1502, temp=rng.randint(33, 37),
                           thr=0)
            return s34(rng, "mi100", rng.randint(96, 100), rng.uniform(96, 128), clock=1502, temp=rng.randint(40, 45),
                       thr=0)
        if n_ in good_nodes:
            if t_ < t0b + 60:
                return idle34(rng, "mi100")
            return s34(rng, "mi100", rng.randint(94, 100), rng.uniform(215, 262), clock=1502, thr=0)
        return s34(rng, "mi100", rng.randint(80, 97), rng.uniform(170, 230), clock=1502, thr=0)
    run_sampler(s, slow_nodes, 8, 0.0, t_end, 300.0, fn)

    def fn_lean(n_, g, t_):
        f = fn(n_, g, t_)
        return {k: v for k, v in f.items() if k in ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE")}
    run_sampler(s, good_nodes + ["t004-009"], 8, 0.0, t_end, 600.0, fn_lean)
    s.truth = truth({"t": t_first, "category": "gpu_degraded", "node": bad, "gpu": 0}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[J2, N],
                    no_drain=[n for n in slow_nodes + good_nodes if n != bad])
    return s


# ======================================================================================
# S4  autokeras-tf-savev2-project-quota-two-jobs  (infrastructure: the shared /proj GPFS fileset runs out of quota;
#     an AutoKeras search (user csing, dgx-02) fails writing its trial checkpoint with `disk quota exceeded
#     [Op:SaveV2]`, and 4 minutes later a tf.keras SavedModel export of another user (klata, dgx-05) fails with `No
#     space left on device`. Disjoint nodes, different owners, same filesystem; a PyTorch job writing to local NVMe
#     carries on.)
# ======================================================================================
# Source: https://github.com/keras-team/keras-tuner/issues/390 -- "Checkpoint save :
# tensorflow.python.framework.errors_impl.ResourceExhaustedError: disk quota exceeded [Op:SaveV2]" (open). The title
# gives the error line of the AutoKeras trial checkpoint; a later comment (kusumlata123) quotes the SavedModel
# variant ending in "No space left on device". Verbatim: those two error lines. Everything else is SYNTH.
REAL_S4_A = "tensorflow.python.framework.errors_impl.ResourceExhaustedError: disk quota exceeded [Op:SaveV2]"
REAL_S4_B = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: models/singleton_classifiers/"
             "context.model/variables/variables_temp_d0c7555bd2aa4ae682695465c0d0e2f4/part-00000-of-00002.data-"
             "00000-of-00001.tempstate8490917510693379885; No space left on device")


def build_s4() -> Scenario:
    name = "autokeras-tf-savev2-project-quota-two-jobs"
    A, B, N = "880412", "880437", "880390"
    s = Scenario(name, "Two TensorFlow jobs of different owners, on disjoint nodes, both write to the shared /proj "
                 "GPFS fileset. The fileset's quota is exhausted: the AutoKeras search on dgx-02 fails its trial "
                 "checkpoint with `ResourceExhaustedError: disk quota exceeded [Op:SaveV2]`; four minutes later the "
                 "tf.keras SavedModel export of a text-classifier job on dgx-05 fails with `No space left on device`. "
                 "A PyTorch job on dgx-[07-08] writing to local NVMe is unaffected.",
                 "2020-08-20T13:00:00Z",
                 {"name": "dgx", "partition": "gpu", "nodes": "dgx-[01-08]", "gpus_per_node": 8},
                 [{"id": A, "name": "autokeras-imgclf-search", "user": "csing", "nodes": "dgx-02", "tasks_per_node": 1,
                   "started": "2020-08-20T09:41:00Z", "comment": comment(2, "/proj/vision/csing/ak_search")},
                  {"id": B, "name": "context-clf-export", "user": "klata", "nodes": "dgx-05", "tasks_per_node": 1,
                   "started": "2020-08-20T12:20:00Z", "comment": comment(1, "/proj/vision/klata/models")},
                  {"id": N, "name": "swin-b-in22k", "user": "mzhou", "nodes": "dgx-[07-08]", "tasks_per_node": 8,
                   "started": "2020-08-20T04:00:00Z", "comment": comment(2, "/raid/mzhou/ckpt")}])
    rng = s.rng
    # --- job A: AutoKeras trial 2, epoch progress then the epoch-end checkpoint (SYNTH except REAL_S4_A)
    s.joblog(5.0, A, "Search: Running Trial #2")  # SYNTH
    s.joblog(6.0, A, "")  # SYNTH
    s.joblog(7.0, A, "Hyperparameter    |Value             |Best Value So Far ")  # SYNTH
    s.joblog(7.1, A, "image_block_1/block_type|efficient         |resnet            ")  # SYNTH
    s.joblog(9.0, A, "Epoch 1/10")  # SYNTH
    n, sec = 1563, 0.41
    t = 9.0
    for it in range(100, n + 1, 100):
        t = 9.0 + it * sec
        s.joblog(t, A, keras_prog(it, n, int((n - it) * sec), 1.9 - it / n * 0.5, 0.31 + it / n * 0.12))  # SYNTH
    t_fa = 9.0 + n * sec + 6.0
    for k, l in enumerate(["Traceback (most recent call last):",  # SYNTH
                           '  File "train_ak.py", line 48, in <module>',
                           "    clf.fit(x_train, y_train, epochs=10, validation_split=0.15)",
                           '  File "/opt/conda/lib/python3.7/site-packages/autokeras/tasks/image.py", line 159, in fit',
                           "    **kwargs",
                           '  File "/opt/conda/lib/python3.7/site-packages/tensorflow/python/training/tracking/util.py",'
                           ' line 1213, in save',
                           "    file_prefix_tensor, object_graph_tensor, options)",
                           '  File "/opt/conda/lib/python3.7/site-packages/tensorflow/python/ops/gen_io_ops.py", '
                           "line 1724, in save_v2_eager_fallback",
                           "    ctx=ctx, name=name)"]):
        s.joblog(t_fa - 0.05 + 0.001 * k, A, l)
    s.joblog(t_fa, A, REAL_S4_A)  # REAL_S4_A
    s.job_state(t_fa + 3.0, A, "FAILED", "1:0")  # SYNTH
    # --- job B: fine-tune then SavedModel export (SYNTH except REAL_S4_B)
    t = 20.0
    ep = 3
    while t < t_fa + 200:
        s.joblog(t, B, f"Epoch {ep}/4")  # SYNTH
        s.joblog(t + 150.0, B, keras_bar(2210, 2210, 150, 68, 0.41 - 0.05 * ep, 0.83 + 0.02 * ep)
                 + f" - val_loss: {0.47 - 0.03 * ep:.4f} - val_accuracy: {0.80 + 0.02 * ep:.4f}")  # SYNTH
        t += 152.0
        ep = 4
    t_fb = t_fa + 241.0
    s.joblog(t_fb - 9.0, B, "WARNING:tensorflow:Skipping full serialization of Keras layer "
                            "<tensorflow.python.keras.layers.core.Dropout object at 0x7f2a4c3e1d90>, because it is "
                            "not built.")  # SYNTH
    for k, l in enumerate(["Traceback (most recent call last):",  # SYNTH
                           '  File "export_context.py", line 77, in <module>',
                           "    model.save(\"models/singleton_classifiers/context.model\")"]):
        s.joblog(t_fb - 0.03 + 0.001 * k, B, l)
    s.joblog(t_fb, B, REAL_S4_B)  # REAL_S4_B
    s.job_state(t_fb + 2.0, B, "FAILED", "1:0")  # SYNTH
    t_end = t_fb + 1200.0
    tn, ep_it = 30.0, 800  # neighbour (SYNTH): Swin logger lines every 100 iters
    while tn < t_end:
        s.joblog(tn, N, f"[{s.at(tn):%Y-%m-%d %H:%M:%S} swin_base_patch4_window7_224_22k](main.py 229): INFO Train: "
                        f"[41/90][{ep_it}/1251]\teta 0:{rng.randint(10, 40)}:12 lr 0.000412\ttime 0.6121 (0.6180)\t"
                        f"loss {rng.uniform(3.2, 3.5):.4f} (3.3817)\tgrad_norm 2.41 (2.87)\tmem 17822MB")
        ep_it = (ep_it + 100) % 1251
        tn += 61.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == "dgx-02":
            if g == 0 and t_ < t_fa:
                return s34(rng, "a100", rng.randint(70, 92), rng.uniform(220, 300), clock=1410)
            return idle34(rng, "a100")
        if n_ == "dgx-05":
            if g == 0 and t_ < t_fb - 20:
                return s34(rng, "a100", rng.randint(80, 96), rng.uniform(240, 320), clock=1410)
            return idle34(rng, "a100")
        return s34(rng, "a100", rng.randint(92, 100), rng.uniform(330, 390), clock=1410)
    run_sampler(s, ["dgx-02", "dgx-05"], 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["dgx-07", "dgx-08"], 8, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_fa, "category": "infrastructure", "node": None}, no_requeue=[A, B, N],
                    no_drain=["dgx-02", "dgx-05"])
    return s


# ======================================================================================
# S5  internlm-4node-a800-edac-ce-stream-ilm-007-dies  (node_failure: InternLM 7B pretraining on 4 x 8 A800. The
#     kernel of ilm-007 logs a growing stream of corrected memory errors (MCE bank 5 / EDAC CE), a CMCI storm, then
#     the host goes silent; its peers see IB completion errors, Slurm marks it DOWN+NOT_RESPONDING and the job
#     NODE_FAIL.)
# ======================================================================================
# Source (trainer line): https://github.com/InternLM/InternLM/issues/22 -- "How can I get a training throughput of
# over 180 TFLOPS ?" (closed): the reporter's metrics line on a multi-node A800-class setup; verbatim, placed at
# step 9 (its own step), stamp prefix SYNTH.
REAL_S5_STEP = ("INFO train.py:317 in record_current_batch_training_metrics -- tflops=93.48098385143103,step=9,"
                "loss=7.502509117126465,tgs (tokens/gpu/second)=2104.89,lr=2.2e-06,loss_scale=65536.0,"
                "grad_norm=20.60409540743281,micro_num=4,num_consumed_tokens=2621440,inf_nan_skip_batches=0,"
                "num_samples_in_batch=13,largest_length=2048,largest_batch=4,smallest_batch=3,adam_beta2=0.95,"
                "fwd_bwd_time=6.15")
# Source (kernel lines): https://serverdevworker.com/6966c0587 -- a Linux server's MCE / EDAC corrected-error
# record (bank 5, EDAC MC0 CE) -- and https://trick77.com/tag/virtualization/ (CMCI storm lines on a Xeon host).
# Verbatim bodies; the dmesg stamps are SYNTH. "mce: [Hardware Error]: Machine check events logged" was used by an
# earlier corpus and is emitted as SYNTH.
REAL_S5_MCE = "CPU 0: Machine Check Exception: 0 Bank 5: 8c00004000010090"
REAL_S5_EDAC = "EDAC MC0: 1 CE memory read error"
REAL_S5_STORM = ["CMCI storm detected: switching to poll mode", "CMCI storm subsided: switching to interrupt mode"]


def build_s5() -> Scenario:
    name = "internlm-4node-a800-edac-ce-stream-ilm-007-dies"
    J, N = "300917", "300940"
    nodes = ["ilm-005", "ilm-006", "ilm-007", "ilm-008"]
    bad = "ilm-007"
    s = Scenario(name, "InternLM 7B pretraining, 4 nodes x 8 A800 (32 ranks), rank 0 logs one metrics line per "
                 "step (~6.5 s). From minute 3 the kernel of ilm-007 logs corrected memory errors (MCE bank 5, EDAC "
                 "MC0 CE) at an increasing rate and a CMCI storm; at ~14.6 min ilm-007 goes silent (telemetry and "
                 "kernel stop). Peers log IB completion errors, Slurm marks ilm-007 DOWN+NOT_RESPONDING and the job "
                 "NODE_FAIL. The job is opted in.",
                 "2023-07-10T06:00:00Z",
                 {"name": "ilm", "partition": "a800", "nodes": "ilm-[001-016]", "gpus_per_node": 8},
                 [{"id": J, "name": "internlm-7b-pt", "user": "sunp", "nodes": "ilm-[005-008]", "tasks_per_node": 8,
                   "started": "2023-07-10T06:00:00Z", "comment": comment(3, "/mnt/petrelfs/sunp/ckpt/7b")},
                  {"id": N, "name": "internlm-ft-chat", "user": "gjwu", "nodes": "ilm-[010-011]", "tasks_per_node": 8,
                   "started": "2023-07-10T04:40:00Z", "comment": comment(1)}])
    rng = s.rng
    t0 = 75.0
    step_s = 6.48
    t_die = 877.0
    st = 0
    t = t0
    while t < t_die:
        d = s.at(t)
        if st == 9:
            s.joblog(t, J, f"{stamp_ms(d)}\t{REAL_S5_STEP}")  # REAL_S5_STEP (stamp SYNTH)
        else:
            s.joblog(t, J, internlm_line(d, st, 7.9 - 0.05 * st if st < 40 else 6.0 - st / 400 + rng.uniform(-.05, .05),
                                         93.0 + rng.uniform(-1.2, 1.2), 2100 + rng.uniform(-30, 30),
                                         2.2e-06 / 9 * (st + 1) if st < 2000 else 3e-4,
                                         20.0 - st / 20 + rng.uniform(-1, 1) if st < 300 else 5.1, 6.1 + rng.uniform(-.1, .1)))  # SYNTH
        st += 1
        t += step_s + rng.uniform(-0.15, 0.15)
    # kernel: CE stream on ilm-007 (REAL bodies + SYNTH detail lines), rate increasing
    tk, gap, k = 190.0, 75.0, 0
    while tk < t_die - 8:
        d = s.at(tk)
        s.kernel(tk, bad, f"{dmesg_t(d)} mce: [Hardware Error]: Machine check events logged")  # SYNTH
        if k % 3 == 0:
            s.kernel(tk + 0.01, bad, f"{dmesg_t(d)} {REAL_S5_MCE}")  # REAL_S5_MCE
        s.kernel(tk + 0.02, bad, f"{dmesg_t(d)} {REAL_S5_EDAC}")  # REAL_S5_EDAC
        s.kernel(tk + 0.03, bad, f"{dmesg_t(d)} EDAC sbridge MC0: HANDLING MCE MEMORY ERROR")  # SYNTH
        s.kernel(tk + 0.04, bad, f"{dmesg_t(d)} EDAC MC0: 1 CE memory read error on CPU_SrcID#0_Ha#0_Chan#1_DIMM#0 "
                                 f"(channel:1 slot:0 page:0x{0x4a0d75 + rng.randint(0, 40):x} offset:0x"
                                 f"{rng.randint(0, 4095):x} grain:32 syndrome:0x0 -  area:DRAM err_code:0001:0091 "
                                 "socket:0 ha:0 channel_mask:2 rank:0)")  # SYNTH
        if k == 11:
            s.kernel(tk + 0.5, bad, f"{dmesg_t(s.at(tk + 0.5))} {REAL_S5_STORM[0]}")  # REAL_S5_STORM
        if k == 14:
            s.kernel(tk + 0.5, bad, f"{dmesg_t(s.at(tk + 0.5))} {REAL_S5_STORM[1]}")  # REAL_S5_STORM
        if k == 17:
            s.kernel(tk + 0.6, bad, f"{dmesg_t(s.at(tk + 0.6))} {REAL_S5_STORM[0]}")  # REAL_S5_STORM (again)
        k += 1
        gap = max(gap * 0.8, 6.0)
        tk += gap + rng.uniform(0, 3)
    # peers after the host dies (SYNTH)
    for i, (node, pid) in enumerate([("ilm-005", 81233), ("ilm-006", 80911), ("ilm-008", 81502)]):
        tt = t_die + 21.0 + 0.4 * i
        s.joblog(tt, J, f"{node}:{pid}:{pid + 296} [{2 + i}] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got "
                        f"completion from peer 10.10.7.7<{53812 + i}> with error 12, opcode 32540, len 0, vendor err "
                        "129")
        s.joblog(tt + 0.01, J, f"{node}:{pid}:{pid + 296} [{2 + i}] NCCL INFO transport/net.cc:1098 -> 6")
    s.joblog(t_die + 24.0, J, "[E ProcessGroupNCCL.cpp:828] [Rank 0] NCCL watchdog thread terminated with exception: "
                              "NCCL error: remote process exited or there was a network error, NCCL version 2.14.3")  # SYNTH
    t_down = t_die + 96.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.job_state(t_down + 1.0, J, "NODE_FAIL", "0:0", reason="NodeFail")  # SYNTH
    t_end = t_down + 420.0
    tn, st2 = 20.0, 5400   # neighbour (SYNTH)
    while tn < t_end:
        s.joblog(tn, N, internlm_line(s.at(tn), st2, 1.41 + rng.uniform(-.05, .05), 151.2 + rng.uniform(-2, 2),
                                      3410.0, 2e-5, 1.2, 4.4))
        st2 += 10
        tn += 45.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == bad and t_ > t_die:
            return None
        if n_ in nodes:
            if t_ < t0 - 20:
                return s34(rng, "a800", rng.randint(0, 30), rng.uniform(80, 120), clock=1410)
            if t_ > t_die + 20:
                return s34(rng, "a800", 100 if t_ < t_down else 0, rng.uniform(88, 110), clock=1410)
            return s34(rng, "a800", rng.randint(90, 100), rng.uniform(300, 390), clock=1410)
        return s34(rng, "a800", rng.randint(88, 99), rng.uniform(280, 360), clock=1410)
    run_sampler(s, nodes, 8, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["ilm-010"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_die, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N],
                    no_drain=[n for n in nodes if n != bad])
    return s


# ======================================================================================
# S6  healthy-wenet-nccl-connect-refused-retries-then-trains  (healthy: WeNet Conformer on AISHELL, 2 nodes x 4 A30,
#     DDP over NCCL. While node gpu04's ranks start a few seconds late, NCCL on gpu03 logs a burst of `Call to
#     connect returned Connection refused, retrying`; the connections then succeed, init completes, and every rank
#     trains normally for the rest of the window. Nothing to act on.)
# ======================================================================================
# Source: https://github.com/wenet-e2e/wenet/issues/959 -- "nccl always retry" (closed): the user sees
# "NCCL INFO Call to connect returned Connection refused, retrying" when training with dist_backend nccl.
# Semantics of the retry: https://github.com/NVIDIA/nccl/issues/1515 (NCCL maintainer: the socket code "silently
# retries on ECONNREFUSED and ETIMEDOUT, up to a predefined maximum number of retries (at which point a WARN-level
# diagnostics is issued)"). Verbatim: the NCCL message body (the host:pid:tid [dev] prefix is SYNTH).
REAL_S6 = "NCCL INFO Call to connect returned Connection refused, retrying"


def build_s6() -> Scenario:
    name = "healthy-wenet-nccl-connect-refused-retries-then-trains"
    J, N = "560231", "560200"
    nodes = ["gpu03", "gpu04"]
    s = Scenario(name, "WeNet U2++ Conformer on AISHELL-1, torchrun over 2 nodes x 4 A30 (8 ranks), NCCL_DEBUG=INFO. "
                 "gpu04's workers come up ~6 s after gpu03's; meanwhile NCCL on gpu03 logs repeated `Call to connect "
                 "returned Connection refused, retrying`. The connects then succeed, the communicator initialises, "
                 "and all 8 ranks log training batches at a steady pace for an hour. Healthy.",
                 "2022-02-25T02:00:00Z",
                 {"name": "asr", "partition": "gpu", "nodes": "gpu[01-10]", "gpus_per_node": 4},
                 [{"id": J, "name": "wenet-u2pp-aishell", "user": "wyl", "nodes": "gpu[03-04]", "tasks_per_node": 4,
                   "started": "2022-02-25T02:00:00Z", "comment": comment(2, "/nfs/wyl/wenet/exp/u2pp")},
                  {"id": N, "name": "espnet-tts-vits", "user": "hqin", "nodes": "gpu[07-08]", "tasks_per_node": 4,
                   "started": "2022-02-24T21:30:00Z", "comment": comment(1)}])
    rng = s.rng
    t0 = 20.0
    for r in range(8):
        node = nodes[r // 4]
        s.joblog(t0 + (6.5 if r >= 4 else 0) + 0.05 * r, J, f"{stamp_ms(s.at(t0 + 0.05 * r))} INFO training on "
                 f"multiple gpus, this gpu {r % 4}, rank {r}, world_size 8")  # SYNTH
    pids = {0: 40211, 1: 40212, 2: 40213, 3: 40214}
    s.joblog(t0 + 1.0, J, "gpu03:40211:40211 [0] NCCL INFO Bootstrap : Using eth0:10.20.1.3<0>")  # SYNTH
    s.joblog(t0 + 1.01, J, "gpu03:40211:40211 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using "
                           "internal implementation")  # SYNTH
    s.joblog(t0 + 1.02, J, "gpu03:40211:40211 [0] NCCL INFO NET/IB : No device found.")  # SYNTH
    s.joblog(t0 + 1.03, J, "gpu03:40211:40211 [0] NCCL INFO NET/Socket : Using [0]eth0:10.20.1.3<0>")  # SYNTH
    s.joblog(t0 + 1.04, J, "gpu03:40211:40211 [0] NCCL INFO Using network Socket")  # SYNTH
    s.joblog(t0 + 1.05, J, "NCCL version 2.10.3+cuda11.3")  # SYNTH
    # retry burst on gpu03 while gpu04's ranks are not listening yet (REAL body, SYNTH prefix)
    t = t0 + 1.6
    for k in range(14):
        r = k % 4
        s.joblog(t, J, f"gpu03:{pids[r]}:{pids[r] + 61} [{r}] {REAL_S6}")  # REAL_S6
        t += 0.37 + rng.uniform(0, 0.08)
    t_ok = t0 + 7.4
    for r in range(8):
        host = nodes[r // 4]
        pid = (40211 if r < 4 else 31822) + r % 4
        s.joblog(t_ok + 0.6 + 0.02 * r, J, f"{host}:{pid}:{pid + 61} [{r % 4}] NCCL INFO Channel 00/02 :    0   1   2"
                                           "   3   4   5   6   7" if r == 0 else
                 f"{host}:{pid}:{pid + 61} [{r % 4}] NCCL INFO Trees [0] {(r + 1) % 8}/-1/-1->{r}->{(r - 1) % 8} "
                 f"[1] {(r + 1) % 8}/-1/-1->{r}->{(r - 1) % 8}")  # SYNTH
    for r in range(8):
        host = nodes[r // 4]
        pid = (40211 if r < 4 else 31822) + r % 4
        s.joblog(t_ok + 1.4 + 0.02 * r, J, f"{host}:{pid}:{pid + 61} [{r % 4}] NCCL INFO comm 0x55d1c{r}a41f30 rank "
                                           f"{r} nranks 8 cudaDev {r % 4} busId {[0x17, 0x65, 0xca, 0xe3][r % 4]:x}000"
                                           " - Init COMPLETE")  # SYNTH
    t_train = t_ok + 25.0
    t_end = t_train + 3600.0
    b, per_b = 0, 0.52
    n_batches = 1875
    while True:
        t = t_train + b * per_b
        if t >= t_end:
            break
        loss = 160.0 * math.exp(-b / 1400) + 8.0 + rng.uniform(-1.5, 1.5)
        lr = min(0.002, 0.002 * (b + 1) / 25000)
        for r in range(8):
            s.joblog(t + 0.003 * r + rng.uniform(0, 0.2), J,
                     wenet_line(s.at(t), b, n_batches, loss + rng.uniform(-3, 3), r, lr))  # SYNTH (log_interval 100)
        if b and b % n_batches == 0:
            s.joblog(t + 40.0, J, f"{stamp_ms(s.at(t + 40.0))} INFO Epoch {b // n_batches - 1} CV info cv_loss "
                                   f"{loss * 0.9:.4f}")  # SYNTH
            s.joblog(t + 40.5, J, f"{stamp_ms(s.at(t + 40.5))} INFO Epoch {b // n_batches} TRAIN info lr {lr:.8f}")
        b += 100
    tn = 40.0
    while tn < t_end:  # neighbour (SYNTH): ESPnet-style reporter line every 5 min
        s.joblog(tn, N, f"[gpu07] {s.at(tn):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)} (trainer:732) INFO: 81epoch:"
                        f"train:{int(tn // 300) * 200 + 1}-{int(tn // 300) * 200 + 200}batch: iter_time=1.2e-04, "
                        f"forward_time=0.412, generator_loss={rng.uniform(31, 34):.3f}, discriminator_loss=2.4")
        tn += 300.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ < t_train - 5:
                return s34(rng, "a30", rng.randint(0, 5), rng.uniform(30, 40), clock=1440, fb=rng.randint(400, 900))
            return s34(rng, "a30", rng.randint(82, 98), rng.uniform(125, 160), clock=1440)
        return s34(rng, "a30", rng.randint(85, 99), rng.uniform(130, 165), clock=1440)
    run_sampler(s, nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["gpu07"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth(None, no_requeue=[J, N], no_drain=nodes)
    return s


# ======================================================================================
# S7  paddle3d-centerpoint-dataloader-cgroup-oom-killed  (software: Paddle3D CenterPoint on nuScenes, 8 x A40, launched
#     with paddle.distributed.launch. Host memory grows in the DataLoader worker processes; the job's memory cgroup
#     hits its limit, the kernel kills a worker, and Paddle reports it its own way: `SystemError: (Fatal) DataLoader
#     process (pid N) exited is killed by signal: Killed.` Slurm ends the job OUT_OF_MEMORY. Not the node.)
# ======================================================================================
# Source: https://github.com/PaddlePaddle/Paddle/issues/55315 -- "训练每隔几个epoch就报错DataLoader process exited is
# killed by signal: Killed." (closed): multi-GPU training in the paddle 2.4.2 GPU image dies every few epochs; the
# log quoted shows the launcher warnings, bvar sampler warnings and the [TRAIN] lines. Verbatim: the LAUNCH/bvar
# lines and the first segment of the [TRAIN] line (the thread's paste wraps it; the emitted line is the segments
# re-joined). The exact error line is from https://github.com/PaddlePaddle/PaddleOCR/issues/7433 (its title), pid
# kept. Kernel cgroup-OOM lines, traceback, launcher teardown and Slurm events are SYNTH.
REAL_S7_PRE = [
    "LAUNCH WARNING 2023-07-10 10:41:22,268 save gpu log failed",
    "W0710 10:42:42.017282 23501 sampler.cpp:189] bvar is busy at sampling for 2 seconds!",
    "W0710 10:42:42.017271 23548 sampler.cpp:189] bvar is busy at sampling for 2 seconds!",
    "LAUNCH WARNING 2023-07-10 10:42:51,386 save gpu log failed",
    "W0710 10:43:27.474828 23548 sampler.cpp:189] bvar is busy at sampling for 2 seconds!",
]
REAL_S7_TRAIN = ("2023-07-10 10:43:32,325 -     INFO - [TRAIN] epoch=3/40, iter=22140/380640 , loss=4.797453, "
                 "hm_loss=2.585052, hm_loss-0=0.405748, hm_loss-1=0.602194, hm_loss-2=0.575108, hm_loss-3=0.574856, hm_")
S7_TRAIN_REST = ("loss-4=0.427146, loc_loss=2.212402, loc_loss-0=0.319184, loc_loss-1=0.295079, loc_loss-2=0.455909, "
                 "loc_loss-3=0.550447, loc_loss-4=0.591782, num_positive=314.000000, num_positive-0=65.500000, n"
                 "um_positive-1=26.800001, num_positive-2=71.400002, num_positive-3=48.299999, num_positive-4=102.000000,"
                 " total_loss=4.716412, lr=0.000146 | ELA 02:56:40, ETA 4529:09:56")  # rest of the same real line
# Source: https://github.com/PaddlePaddle/PaddleOCR/issues/7433 (title; verbatim)
REAL_S7_ERR = ("SystemError: (Fatal) DataLoader process (pid 10222) exited is killed by signal: Killed. (at "
               "/paddle/paddle/fluid/imperative/data_loader.cc:181)")


def build_s7() -> Scenario:
    name = "paddle3d-centerpoint-dataloader-cgroup-oom-killed"
    J, N = "2231907", "2231850"
    node = "a40-03"
    s = Scenario(name, "Paddle3D CenterPoint (nuScenes) on one node with 8 x A40, paddle.distributed.launch, 4 "
                 "DataLoader workers per card. Host memory of the job's cgroup climbs (launcher `save gpu log failed`, "
                 "bvar sampler stalls); at epoch 3 the kernel's memory-cgroup OOM killer kills a DataLoader worker and "
                 "Paddle raises `SystemError: (Fatal) DataLoader process (pid 10222) exited is killed by signal: "
                 "Killed.` The launcher tears the pod down; Slurm records OUT_OF_MEMORY. The job is opted in.",
                 "2023-07-10T10:40:00Z",
                 {"name": "av", "partition": "a40", "nodes": "a40-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "p3d-centerpoint-nus", "user": "kmli", "nodes": node, "tasks_per_node": 8,
                   "started": "2023-07-10T07:46:52Z", "comment": comment(2, "/data/kmli/p3d/output")},
                  {"id": N, "name": "bevfusion-det", "user": "zhaoy", "nodes": "a40-[05-06]", "tasks_per_node": 8,
                   "started": "2023-07-10T06:02:00Z", "comment": comment(2)}])
    rng = s.rng
    t_real = (dt.datetime(2023, 7, 10, 10, 43, 32, 325000) - s.start).total_seconds()
    per10 = 4.896
    ela0 = 2 * 3600 + 56 * 60 + 40
    for k, l in enumerate(REAL_S7_PRE):
        m = re.search(r"(\d\d):(\d\d):(\d\d)", l)
        tt = (dt.datetime(2023, 7, 10, int(m.group(1)), int(m.group(2)), int(m.group(3))) - s.start).total_seconds()
        s.joblog(tt + 0.01 * k, J, l)  # REAL_S7_PRE
    it = 22140 - 10 * int(t_real / per10)
    t_oom = t_real + 518.7
    while True:
        t = t_real + (it - 22140) / 10 * per10
        if t >= t_oom - 2:
            break
        if it == 22140:
            s.joblog(t, J, REAL_S7_TRAIN + S7_TRAIN_REST)  # REAL_S7_TRAIN (+ its wrapped rest)
        elif t >= 0:
            s.joblog(t, J, p3d_train(s.at(t), 3, it, 4.8 + rng.uniform(-0.4, 0.4), 0.000146,
                                     ela0 + (t - t_real), 4529 * 3600 + 9 * 60 + 56 - (it - 22140) * 42.3))  # SYNTH
        if it % 300 == 0 and t > t_real:
            s.joblog(t + 1.3, J, f"W0710 {s.at(t + 1.3):%H:%M:%S}.{rng.randint(100000, 999999)} 23548 sampler.cpp:189]"
                                 " bvar is busy at sampling for 2 seconds!")  # SYNTH
        if it % 900 == 0 and t > t_real:
            s.joblog(t + 2.2, J, f"LAUNCH WARNING {stamp_ms(s.at(t + 2.2))} save gpu log failed")  # SYNTH
        it += 10
    d = s.at(t_oom)
    for k, l in enumerate([
            f"python invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
            f"memory: usage 251658240kB, limit 251658240kB, failcnt 18823",
            f"Memory cgroup stats for /slurm/uid_24117/job_{J}:",
            f"Tasks state (memory values in pages):",
            f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/"
            f"uid_24117/job_{J},task_memcg=/slurm/uid_24117/job_{J}/step_0/task_0,task=python,pid=10222,uid=24117",
            f"Memory cgroup out of memory: Killed process 10222 (python) total-vm:61233480kB, anon-rss:27811244kB, "
            f"file-rss:71532kB, shmem-rss:3145728kB, UID:24117 pgtables:56212kB oom_score_adj:0"]):
        s.kernel(t_oom + 0.001 * k, node, f"{dmesg_t(d)} {l}")  # SYNTH
    t_err = t_oom + 1.1
    for k, l in enumerate(["Traceback (most recent call last):",  # SYNTH
                           '  File "tools/train.py", line 199, in <module>',
                           "    main(args)",
                           '  File "tools/train.py", line 194, in main',
                           "    trainer.train()",
                           '  File "/workspace/Paddle3D/paddle3d/apis/trainer.py", line 283, in train',
                           "    for sample in self.train_dataloader:",
                           '  File "/usr/local/lib/python3.7/dist-packages/paddle/fluid/multiprocess_utils.py", '
                           "line 134, in __handler__",
                           "    core._throw_error_if_process_failed()"]):
        s.joblog(t_err - 0.02 + 0.001 * k, J, l)
    s.joblog(t_err, J, REAL_S7_ERR)  # REAL_S7_ERR
    s.joblog(t_err + 3.0, J, f"LAUNCH INFO {stamp_ms(s.at(t_err + 3.0))} Pod failed")  # SYNTH
    s.joblog(t_err + 3.01, J, f"LAUNCH ERROR {stamp_ms(s.at(t_err + 3.01))} Container failed !!!")  # SYNTH
    s.joblog(t_err + 3.02, J, f"LAUNCH INFO {stamp_ms(s.at(t_err + 3.02))} Exit code 1")  # SYNTH
    s.job_state(t_err + 6.0, J, "OUT_OF_MEMORY", "0:125")  # SYNTH
    t_end = t_err + 900.0
    tn, ep = 25.0, 17
    while tn < t_end:  # neighbour (SYNTH): mmdet3d-style lines
        s.joblog(tn, N, f"{s.at(tn):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)} - mmdet - INFO - Epoch [{ep}][{int(tn // 60) * 50 % 3862}/3862]"
                        f"\tlr: 1.2e-04, eta: 3:{rng.randint(10, 59)}:02, time: 1.204, data_time: 0.061, memory: 21873, "
                        f"loss_heatmap: 0.71, layer_-1_loss_cls: 0.05, layer_-1_loss_bbox: 0.33, loss: {rng.uniform(1.05, 1.2):.4f}")
        tn += 60.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ < t_err + 2:
                return s34(rng, "a40", rng.randint(70, 96), rng.uniform(200, 280), clock=1740,
                           fb=rng.randint(27500, 31000))
            return idle34(rng, "a40")
        return s34(rng, "a40", rng.randint(85, 99), rng.uniform(230, 290), clock=1740)
    run_sampler(s, [node], 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["a40-05"], 8, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_oom, "category": "software", "node": None}, no_requeue=[J, N], no_drain=[node])
    return s


# ======================================================================================
# S8  stylegan2ada-4node-tick-cadence-hang-jrc0123-silent  (hang: stylegan2-ada-pytorch, multi-node fork, 4 nodes x 4
#     A100, one `tick` line every ~7 min. After tick 214 nothing more; jrc0123's GPUs drop to idle while the other
#     12 GPUs spin; 30 min later the NCCL watchdog reports the timed-out all-reduce on the 12 ranks of jrc0121,
#     jrc0122 and jrc0124, nothing from jrc0123's ranks. The controller's history already names jrc0123 suspect.)
# ======================================================================================
# Source: https://github.com/libMesh/libmesh/issues/1088 -- "Hanging During Initialization With Many Processors /
# Large Problem" (closed). A maintainer: "We had a bad node and I was seeing similar hangs in the MPI stack. I was
# able to concretely determine it was a bad node ... slurm allowed me to specify which nodes, so I was able to bisect
# my way down to which node was the bum node." The bad-node-hang conclusion is taken from there; the trainer, its
# tick format (stylegan2-ada-pytorch training_loop.py) and every line here are SYNTH: no REAL literal.
def build_s8() -> Scenario:
    name = "stylegan2ada-4node-tick-cadence-hang-jrc0123-silent"
    J, N = "9938211", "9938160"
    nodes = ["jrc0121", "jrc0122", "jrc0123", "jrc0124"]
    bad = "jrc0123"
    s = Scenario(name, "stylegan2-ada-pytorch (multi-node fork launched with srun, 4 nodes x 4 A100, 16 ranks), "
                 "1024x1024, batch 64; rank 0 prints one `tick` line per 4 kimg, about every 7 minutes. After tick "
                 "214 progress stops. jrc0123's GPUs go idle while the other nodes' GPUs spin at 100 %; after 30 min "
                 "the ProcessGroupNCCL watchdog reports the timed-out ALLREDUCE on the ranks of jrc0121, jrc0122 and "
                 "jrc0124 only. No kernel, Xid or link evidence anywhere. jrc0123 was marked suspect (hang) by the "
                 "controller nine days earlier. The job is opted in.",
                 "2022-02-08T14:00:00Z",
                 {"name": "jrc", "partition": "booster", "nodes": "jrc[0101-0148]", "gpus_per_node": 4},
                 [{"id": J, "name": "sg2ada-leaves-1024", "user": "rcx", "nodes": "jrc[0121-0124]",
                   "tasks_per_node": 4, "started": "2022-02-07T12:10:00Z",
                   "comment": comment(2, "/p/scratch/leafgan/rcx/training-runs")},
                  {"id": N, "name": "nequip-md17", "user": "lbauer", "nodes": "jrc[0130-0131]", "tasks_per_node": 4,
                   "started": "2022-02-08T09:00:00Z", "comment": comment(1)}],
                 history=[{"at": "2022-01-30T03:41:00Z", "node": bad, "verdict": "suspect", "category": "hang"}])
    rng = s.rng
    # total time so far: job started 25h50m before the window
    tot0 = 25 * 3600 + 50 * 60
    tick, kimg = 207, 207 * 4.0 + 0.032
    t = 95.0
    t_last = None
    while tick <= 214:
        st = 421.0 + rng.uniform(-6, 6)
        maint = rng.uniform(0.2, 0.5) if tick % 50 else 41.2
        s.joblog(t, J, sg_tick(tick, kimg, tot0 + t, st, st / 4.0, maint, 6.11 + rng.uniform(0, .05), 17.43,
                               0.283 + rng.uniform(-0.006, 0.006)))  # SYNTH
        if tick == 210:
            s.joblog(t + 2.0, J, "Evaluating metrics...")  # SYNTH
            s.joblog(t + 190.0, J, '{"results": {"fid50k_full": 11.8231}, "metric": "fid50k_full", "total_time": '
                                   '186.40941047668457, "total_time_str": "3m 06s", "num_gpus": 16, "snapshot_pkl": '
                                   '"network-snapshot-000840.pkl", "timestamp": 1644332891.3402486}')  # SYNTH
            t += 190.0
        t_last = t
        kimg += 4.0
        tick += 1
        t += st
    t_stall = t_last + 421.0          # the next tick never comes; the collective stalls around here
    t_hang = t_last + 150.0           # jrc0123's ranks stop entering the all-reduce (GPU idle from here)
    t_wd = t_hang + 1800.0 + 0.6
    ranks = [r for r in range(16) if r // 4 != 2]
    for i, r in enumerate(ranks):
        tt = t_wd + 0.03 * i
        s.joblog(tt, J, f"[E ProcessGroupNCCL.cpp:587] [Rank {r}] Watchdog caught collective operation timeout: "
                        f"WorkNCCL(SeqNum=1374422, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800{412 + i} "
                        "milliseconds before timing out.")  # SYNTH
    t_end = t_wd + 1500.0
    tn = 60.0
    while tn < t_end:  # neighbour (SYNTH): NequIP epoch table lines
        s.joblog(tn, N, f"  {int(tn // 240) + 310:>7d}   {rng.uniform(0.02, 0.03):.6f}   {rng.uniform(8, 9):.3f}   "
                        f"{rng.uniform(0.4, 0.5):.3f}   {rng.uniform(0.02, 0.03):.4f}")
        tn += 240.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if n_ == bad and t_ > t_hang:
                return s34(rng, "a100", 0, rng.uniform(58, 66), clock=1410, temp=rng.randint(33, 38), thr=0)
            if t_ > t_hang:
                return s34(rng, "a100", 100, rng.uniform(92, 108), clock=1410, thr=0)
            return s34(rng, "a100", rng.randint(93, 100), rng.uniform(300, 370), clock=1410, thr=0)
        return s34(rng, "a100", rng.randint(70, 95), rng.uniform(180, 260), clock=1410, thr=0)
    run_sampler(s, nodes, 4, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["jrc0130"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=[n for n in nodes if n != bad])
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
