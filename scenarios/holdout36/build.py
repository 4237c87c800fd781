#!/usr/bin/env python3
"""Build the holdout36 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout36: generic helpers and the holdout14..holdout34 helper sections are copied unchanged from holdout34's build.py;
the holdout34 scenarios are replaced by the holdout36 helpers and scenarios S1..S8 below.
Earlier note (holdout34): generic helpers and the holdout14..holdout32 helper sections came unchanged from holdout32.
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
# S1  waveglow-16node-nvlog-hang-gn109-idle  (hang: NVIDIA DeepLearningExamples WaveGlow (Tacotron2 tree), 16 nodes x
#     4 V100 under Slurm, dllogger NVLOG lines on rank 0 only. At batch 33 of epoch 434 progress stops with no error
#     at all (PyTorch 1.2: no NCCL watchdog). gn109's four GPUs drop to idle; the other 60 spin at 100 %.)
# ======================================================================================
# Source: https://github.com/NVIDIA/waveglow/issues/160 -- "Training hangs at 33rd step of 434th epoch in a multinode
# distributed setting" (closed). 64 V100 on 16 nodes with Slurm, `--rank $SLURM_PROCID`; "Training works just fine
# until it hits this point:" followed by the NVLOG lines below, then nothing. Verbatim: the five lines below (the
# thread's next NVLOG line is cut and is not used). The thread does not name a node; which node went idle is SYNTH.
REAL_S1 = [
    ":::NVLOGv0.2.2 Tacotron2_PyT 1568948094.299715281 (/mnt/isilon/user/models/tt2/DeepLearningExamples/PyTorch/SpeechSynthesis/Tacotron2/dllogger/logger.py:251) iter_time: 1.7069056034088135",
    "Batch: 32/49 epoch 434",
    ":::NVLOGv0.2.2 Tacotron2_PyT 1568948094.346622467 (/mnt/isilon/user/models/tt2/DeepLearningExamples/PyTorch/SpeechSynthesis/Tacotron2/dllogger/logger.py:251) train_iter_start: 32",
    ":::NVLOGv0.2.2 Tacotron2_PyT 1568948094.923844576 (/mnt/isilon/user/models/tt2/DeepLearningExamples/PyTorch/SpeechSynthesis/Tacotron2/dllogger/logger.py:251) train_iteration_loss: -5.381126880645752",
    ":::NVLOGv0.2.2 Tacotron2_PyT 1568948096.047455311 (/mnt/isilon/user/models/tt2/DeepLearningExamples/PyTorch/SpeechSynthesis/Tacotron2/dllogger/logger.py:251) train_iter_stop: 32",
]


def build_s1() -> Scenario:
    name = "waveglow-16node-nvlog-hang-gn109-idle"
    J, N = "2231847", "2231860"
    start = "2019-09-20T02:50:00Z"
    e0 = epoch_of(start)
    nodes = expand_hostlist("gn[101-116]")
    bad = "gn109"
    s = Scenario(name, "NVIDIA DeepLearningExamples WaveGlow (Tacotron2 tree) trained from scratch on 16 nodes x 4 V100 "
                 "(64 ranks, one srun task per GPU, --rank $SLURM_PROCID), batch 4, 49 batches per epoch, ~1.7 s per "
                 "iteration; rank 0 writes dllogger NVLOG lines and a `Batch: i/49 epoch E` print per iteration. At "
                 "batch 33 of epoch 434 the stream stops with no error and no exit (PyTorch 1.2, no NCCL watchdog). "
                 "gn109's four GPUs fall to idle while the other 60 GPUs sit at 100 % utilisation at low power. No "
                 "kernel, Xid or link evidence. The job is opted in.",
                 start,
                 {"name": "respublica", "partition": "gpu", "nodes": "gn[101-132]", "gpus_per_node": 4},
                 [{"id": J, "name": "waveglow-scratch-64g", "user": "rvasudev", "nodes": "gn[101-116]",
                   "tasks_per_node": 4, "started": "2019-09-13T18:02:11Z",
                   "comment": comment(2, "/mnt/isilon/user/models/tt2/output_waveglow")},
                  {"id": N, "name": "tacotron2-ft-en", "user": "mchen", "nodes": "gn[120-121]", "tasks_per_node": 4,
                   "started": "2019-09-20T01:15:40Z", "comment": comment(1)}])
    rng = s.rng
    # The real batch-32 lines fix the clock: real stamp -> scenario seconds.
    t_real = [float(l.split()[2]) - e0 for l in (REAL_S1[0], REAL_S1[2], REAL_S1[3], REAL_S1[4])]
    it_s = 1.755
    # SYNTH iterations before batch 32 (epoch 433 tail, epoch 434 head)
    t_it0 = t_real[1]  # start of batch 32
    seq = [(433, b) for b in range(35, 49)] + [(434, b) for b in range(0, 32)]
    n_before = len(seq)
    for k, (ep, b) in enumerate(seq):
        ts = t_it0 - (n_before - k) * it_s + rng.uniform(-0.003, 0.003)
        ts_e = ts + e0
        if k:
            s.joblog(ts - 0.047, J, nvlog(ts_e - 0.047, "iter_time", f"{it_s + rng.uniform(-0.05, 0.05)!r}"))  # SYNTH
        s.joblog(ts - 0.046, J, f"Batch: {b}/49 epoch {ep}")  # SYNTH
        s.joblog(ts, J, nvlog(ts_e, "train_iter_start", b))  # SYNTH
        s.joblog(ts + 0.58, J, nvlog(ts_e + 0.58, "train_iteration_loss", f"{-5.38 + rng.uniform(-0.09, 0.09)!r}"))  # SYNTH
        s.joblog(ts + 1.695, J, nvlog(ts_e + 1.695, "train_iter_stop", b))  # SYNTH
    s.joblog(t_real[0], J, REAL_S1[0])  # REAL_S1
    s.joblog(t_real[0] + 0.001, J, REAL_S1[1])  # REAL_S1
    s.joblog(t_real[1], J, REAL_S1[2])  # REAL_S1
    s.joblog(t_real[2], J, REAL_S1[3])  # REAL_S1
    s.joblog(t_real[3], J, REAL_S1[4])  # REAL_S1
    t33 = t_real[3] + 0.047
    s.joblog(t33, J, nvlog(t33 + e0, "iter_time", "1.7478861808776855"))  # SYNTH
    s.joblog(t33 + 0.001, J, "Batch: 33/49 epoch 434")  # SYNTH
    s.joblog(t33 + 0.046, J, nvlog(t33 + 0.046 + e0, "train_iter_start", 33))  # SYNTH
    t_hang = t33 + 0.05
    t_end = t_hang + 2100.0
    # neighbour (SYNTH): Tacotron2 fine-tune on gn120-121, plain prints every ~60 s
    tn, it = 20.0, 18400
    while tn < t_end:
        s.joblog(tn, N, f"Train loss {it} {rng.uniform(0.38, 0.44):.6f} Grad Norm {rng.uniform(0.6, 1.4):.6f} "
                        f"{rng.uniform(0.78, 0.84):.2f}s/it")
        it += 75
        tn += 60.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ < t_hang:
                return lean(s36(rng, "v100", rng.randint(88, 100), rng.uniform(205, 280), clock=1530), UP)
            if n_ == bad:
                return lean(s36(rng, "v100", 0, rng.uniform(38, 44), clock=1530, temp=rng.randint(33, 37)), UP)
            return lean(s36(rng, "v100", 100, rng.uniform(66, 78), clock=1530), UP)
        return lean(s36(rng, "v100", rng.randint(84, 97), rng.uniform(190, 250), clock=1530), UP)
    run_sampler(s, nodes, 4, 0.0, t_end, 180.0, fn)
    run_sampler(s, ["gn120", "gn121"], 4, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=nodes + ["gn120", "gn121"])
    return s


# ======================================================================================
# S2  mineru-2080ti-unspecified-launch-failure-rank2-then-xid79  (gpu_hardware: a MinerU (magic-pdf) batch run over a
#     PDF corpus, 4 srun tasks on rtx-07, one per RTX 2080 Ti. Task 2's loguru logger reports `CUDA error: unspecified
#     launch failure` and a traceback; only ~40 s later does the kernel log Xid 79 for that GPU, and DCGM loses it.)
# ======================================================================================
# Source: https://github.com/opendatalab/MinerU/issues/426 -- "RuntimeError: CUDA error: unspecified launch failure"
# (closed). The reporter (11 GB card): after this error the GPU stays unusable until the server is rebooted; a
# maintainer: looks like a GPU hardware problem; the reporter: "换了张显卡没问题了，换的型号和之前一样的，应该就是显卡出问题了"
# (swapped in a card of the same model, no problem since: it was the card). Verbatim: the loguru ERROR line and the
# four traceback lines below. The generic CUDA hint lines (used by earlier corpora) and everything else are SYNTH.
REAL_S2_ERR = "2024-08-14 05:45:39.030 | ERROR    | __main__:pdf_parse_main:135 - CUDA error: unspecified launch failure"
REAL_S2_TB = [
    '  File "/home/founder/New/MinerU-master/demo/magic_pdf_parse_main.py", line 224, in <module>',
    "    pdf_parse_main(pdf_path)",
    '> File "/home/founder/New/MinerU-master/demo/magic_pdf_parse_main.py", line 117, in pdf_parse_main',
    "    pipe.pipe_analyze()  # 解析",
]


def build_s2() -> Scenario:
    name = "mineru-2080ti-unspecified-launch-failure-rank2-then-xid79"
    J, N = "618204", "618177"
    node, bad_gpu = "rtx-07", 2
    bus = ["0000:1a:00", "0000:1b:00", "0000:3d:00", "0000:3e:00", "0000:88:00", "0000:89:00", "0000:b1:00", "0000:b2:00"]
    s = Scenario(name, "MinerU (magic-pdf 0.6) batch-parses a corpus of scientific PDFs with 4 srun tasks on rtx-07 "
                 "(--label, one RTX 2080 Ti each, layout + formula models on GPU), each task logging per-PDF loguru "
                 "lines. Task 2 (GPU 2) logs `CUDA error: unspecified launch failure` and a traceback and exits; the "
                 "other tasks keep going. ~40 s later the kernel logs Xid 79 for GPU 2's bus and the GPU drops out of "
                 "DCGM. The job is opted in.",
                 "2024-08-14T05:30:00Z",
                 {"name": "docai", "partition": "gpu", "nodes": "rtx-[01-10]", "gpus_per_node": 8,
                  "pci_bus_ids": bus},
                 [{"id": J, "name": "mineru-arxiv-shard-17", "user": "founder", "nodes": node, "tasks_per_node": 4,
                   "started": "2024-08-14T05:12:06Z", "comment": comment(2)},
                  {"id": N, "name": "layoutlmv3-ft-docbank", "user": "qzhou", "nodes": "rtx-03", "tasks_per_node": 8,
                   "started": "2024-08-14T02:40:51Z", "comment": comment(1)}])
    rng = s.rng
    t_err = 15 * 60 + 39.030
    t_end = t_err + 1500.0
    # per-task PDF loop (SYNTH): one doc every ~25-70 s per task
    for task in range(4):
        t = rng.uniform(3, 30)
        doc = 1200 + 250 * task
        stop = t_err if task == bad_gpu else t_end - 60
        while t < stop - 1:
            d = s.at(t)
            cost = rng.uniform(18, 64)
            s.joblog(t, J, f"{task}: " + loguru36(d, "INFO", "magic_pdf.model.doc_analyze_by_custom_model:doc_analyze:124",
                                                  f"doc analyze cost: {cost:.2f}"))  # SYNTH
            s.joblog(t + 2.1, J, f"{task}: " + loguru36(s.at(t + 2.1), "INFO", "__main__:pdf_parse_main:126",
                                                        f"local output dir is /scratch/founder/mineru/out/paper_{doc}"))  # SYNTH
            doc += 1
            t += cost + rng.uniform(4, 8)
    p = f"{bad_gpu}: "
    s.joblog(t_err, J, p + REAL_S2_ERR)  # REAL_S2_ERR
    s.joblog(t_err + 0.001, J, p + "CUDA kernel errors might be asynchronously reported at some other API call, so the "
                                   "stacktrace below might be incorrect.")  # SYNTH (line used earlier)
    s.joblog(t_err + 0.002, J, p + "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.")  # SYNTH (used earlier)
    s.joblog(t_err + 0.003, J, p + "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")  # SYNTH
    s.joblog(t_err + 0.004, J, p)  # SYNTH (blank line)
    s.joblog(t_err + 0.005, J, p + "Traceback (most recent call last):")  # SYNTH (used earlier)
    for k, l in enumerate(REAL_S2_TB):
        s.joblog(t_err + 0.006 + 0.001 * k, J, p + l)  # REAL_S2_TB
    s.joblog(t_err + 0.02, J, p + "RuntimeError: CUDA error: unspecified launch failure")  # SYNTH (line used earlier)
    s.joblog(t_err + 1.3, J, f"srun: error: {node}: task {bad_gpu}: Exited with exit code 1")  # SYNTH
    t_x = t_err + 41.6
    s.kernel(t_x, node, f"{dmesg_t(s.at(t_x))} NVRM: GPU at PCI:{bus[bad_gpu]}: GPU-6f1c2a9e-93d4-5be1-0c7a-21e4d88b3f50")  # SYNTH
    s.kernel(t_x + 0.001, node, f"{dmesg_t(s.at(t_x))} NVRM: Xid (PCI:{bus[bad_gpu]}): 79, pid='<unknown>', "
                                "name=<unknown>, GPU has fallen off the bus.")  # SYNTH
    s.kernel(t_x + 0.002, node, f"{dmesg_t(s.at(t_x))} NVRM: GPU {bus[bad_gpu]}.0: GPU has fallen off the bus.")  # SYNTH
    s.job_state(t_end - 30, J, "FAILED", "1:0")  # SYNTH (the other tasks finished their shards)
    # neighbour (SYNTH): HF Trainer dict lines every ~2 min
    tn = 40.0
    while tn < t_end:
        s.joblog(tn, N, f"{{'loss': {rng.uniform(0.31, 0.37):.4f}, 'grad_norm': {rng.uniform(1.1, 2.3):.4f}, "
                        f"'learning_rate': 3.1e-05, 'epoch': {2.1 + tn / 40000:.2f}}}")
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if g >= 4:
                return idle36(rng, "rtx2080ti", clock=300)
            if g == bad_gpu and t_ >= t_x:
                return None  # exporter can no longer read the GPU
            if g == bad_gpu and t_ >= t_err:
                return s36(rng, "rtx2080ti", 0, rng.uniform(40, 60), clock=1350)
            if t_ > t_end - 60:
                return idle36(rng, "rtx2080ti", clock=300)
            return s36(rng, "rtx2080ti", rng.randint(35, 80), rng.uniform(120, 190), clock=1545)
        return s36(rng, "rtx2080ti", rng.randint(90, 99), rng.uniform(200, 240), clock=1545)
    run_sampler(s, [node], 8, 0.0, t_end, 30.0, fn)
    run_sampler(s, ["rtx-03"], 8, 0.0, t_end, 120.0, fn)
    # the exporter's last word on GPU 2 (SYNTH): one sample carrying the Xid
    s.gpu(t_x + 8.0, node, bad_gpu, {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_XID_ERRORS": 79})
    s.truth = truth({"t": t_err, "category": "gpu_hardware", "node": node, "gpu": bad_gpu}, drain=[node],
                    requeue={J: {"exclude": [node]}}, no_requeue=[N], no_drain=["rtx-03"])
    return s


# ======================================================================================
# S3  cellpose-48h-time-limit-timeout-not-a-fault  (healthy: cellpose 0.x training from scratch on one RTX A5000, one
#     log line every 10 epochs (~2 h 15 min). Slurm's 2-day time limit ends it at epoch ~197: TIMEOUT. Not the job's
#     fault, not the node's.)
# ======================================================================================
# Source: https://github.com/MouseLand/cellpose/issues/450 -- "Question on Time in Training log" (closed). "the
# training is terminated in 200 epochs because of the training time limitation on the server. Is there any way to
# resume the training". Verbatim: the epoch-110 line. The thread's next line is cut after its stamp; it is completed
# here as SYNTH. The time limit, the Slurm lines, the cluster and the telemetry are SYNTH.
REAL_S3 = "2022-02-19 03:21:51,037 [INFO] Epoch 110, Time 101181.7s, Loss 0.4417, LR 0.2000"


def build_s3() -> Scenario:
    name = "cellpose-48h-time-limit-timeout-not-a-fault"
    J, N = "7731244", "7731502"
    node = "ga5k-02"
    s = Scenario(name, "cellpose (0.7) trains a model from scratch on one RTX A5000 (GPU 0 of ga5k-02); it logs one "
                 "line every 10 epochs, ~2 h 15 min apart. The partition's 2-day time limit ends the job at epoch "
                 "~197: slurmstepd's TIME LIMIT line, then TIMEOUT. Another user's job on GPUs 1-3 keeps running. The "
                 "job is opted in to requeues.",
                 "2022-02-19T03:00:00Z",
                 {"name": "bioimg", "partition": "gpu-long", "nodes": "ga5k-[01-06]", "gpus_per_node": 4},
                 [{"id": J, "name": "cellpose-train-nuclei", "user": "junma", "nodes": node, "tasks_per_node": 1,
                   "started": "2022-02-17T23:14:05Z", "comment": comment(2, "/home/junma/cellpose/models")},
                  {"id": N, "name": "stardist-3d-organoid", "user": "pkaur", "nodes": node, "tasks_per_node": 3,
                   "started": "2022-02-18T19:40:12Z", "comment": comment(1)}])
    rng = s.rng
    e_start = parse_start("2022-02-17T23:15:29Z")  # training start implied by the real Time counters
    t110 = (parse_start("2022-02-19T03:21:51Z") - s.start).total_seconds() + 0.037
    s.joblog(t110, J, REAL_S3)  # REAL_S3
    t120 = (parse_start("2022-02-19T05:36:08Z") - s.start).total_seconds() + 0.082
    s.joblog(t120, J, cellpose_line(s.at(t120), 120, 109238.9, 0.4409, 0.2))  # SYNTH (completes the cut real line)
    t, ep, loss = t120, 120, 0.4409
    while True:
        t += 8057.0 + rng.uniform(-40, 40)
        ep += 10
        loss -= rng.uniform(0.0004, 0.0009)
        if ep > 190:
            break
        s.joblog(t, J, cellpose_line(s.at(t), ep, (s.at(t) - e_start).total_seconds(), loss, 0.2))  # SYNTH
    t_to = (parse_start("2022-02-19T23:14:05Z") - s.start).total_seconds()
    s.joblog(t_to + 0.2, J, f"slurmstepd: error: *** JOB {J} ON {node} CANCELLED AT {s.at(t_to):%Y-%m-%dT%H:%M:%S} "
                            "DUE TO TIME LIMIT ***")  # SYNTH
    s.job_state(t_to + 31.0, J, "TIMEOUT", "0:0")  # SYNTH (KillWait 30 s)
    t_end = t_to + 1800.0
    tn = 300.0
    while tn < t_end:  # neighbour (SYNTH): StarDist/Keras epoch lines
        s.joblog(tn - 1481.0 if tn > 1481 else 1.0, N, f"Epoch {int(tn // 1500) + 140}/400")
        s.joblog(tn, N, f"400/400 [==============================] - 1481s 4s/step - loss: "
                        f"{rng.uniform(0.61, 0.66):.4f} - prob_loss: 0.1{rng.randint(100, 199)} - dist_loss: "
                        f"{rng.uniform(2.4, 2.6):.4f} - val_loss: {rng.uniform(0.68, 0.72):.4f}")
        tn += 1500.0

    def fn(n_, g, t_):  # SYNTH
        if g == 0:
            if t_ > t_to + 31:
                return idle36(rng, "rtxa5000")
            return s36(rng, "rtxa5000", rng.randint(62, 91), rng.uniform(140, 190), clock=1695)
        return s36(rng, "rtxa5000", rng.randint(85, 99), rng.uniform(170, 215), clock=1695)
    run_sampler(s, [node], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth(None, no_requeue=[J, N], no_drain=[node])
    return s


# ======================================================================================
# S4  condor-spsim-libcudart65-missing-on-c006  (node_failure / node misconfiguration: Condor diffraction simulations
#     (spsim on K40) run as single-GPU batch jobs. Every job that lands on c006 dies at start-up with `libcudart.so.6.5:
#     cannot open shared object file`: c006 carries CUDA 7.0 only, the other nodes 6.5. The same jobs run on a001/a004.)
# ======================================================================================
# Source: https://github.com/FXIhub/condor/issues/3 -- "Problems running spsim" (closed). A maintainer: "The problem
# lies in different versions of cuda installed on different nodes of the davinci cluster. In particular I found on
# a001 CUDA 6.5 [...] and on c006 CUDA 7.0 [...] we should make sure that on all nodes is the same cuda version
# available." Verbatim: the five lines below (the generic `Traceback (most recent call last):` is SYNTH). Which nodes
# carry which version beyond a001/c006, the second user's job and all other lines are SYNTH.
REAL_S4 = [
    "INFO:simulate:Simulation with spsim started. (PROGSTAT)",
    "/home/www/condor/local/bin/spsim: error while loading shared libraries: libcudart.so.6.5: cannot open shared object file: No such file or directory",
]
REAL_S4_TB = [
    '  File "/home/www/condor/diffractor/diffractor/simulate.py", line 119, in <module>',
    '    conf = read_configuration_spsim("./spsim.confout")',
    '  File "/home/www/condor/diffractor/diffractor/simulate.py", line 19, in read_configuration_spsim',
    '    c = open(filename,"r")',
    "IOError: [Errno 2] No such file or directory: './spsim.confout'",
]


def build_s4() -> Scenario:
    name = "condor-spsim-libcudart65-missing-on-c006"
    J1, J2, J3, J4 = "318841", "318842", "318843", "318851"
    bad = "c006"
    s = Scenario(name, "Condor/spsim diffraction simulations on the davinci cluster (Tesla K40, one GPU per job). Three "
                 "array-style jobs of the same user run the same script with different configs; the one placed on c006 "
                 "fails within seconds: spsim cannot load libcudart.so.6.5 and the Python wrapper then fails on the "
                 "missing spsim.confout. The two on a001 and a004 run normally. Twenty minutes later another user's "
                 "CUDA 6.5 build of a reconstruction tool fails on c006 the same way. c006 was reinstalled with CUDA 7.0 "
                 "only; every other node has 6.5. All jobs are opted in.",
                 "2015-03-18T09:00:00Z",
                 {"name": "davinci", "partition": "gpu", "nodes": "a[001-008],c[001-008]", "gpus_per_node": 2},
                 [{"id": J1, "name": "condor-sim-cfg07", "user": "amunke", "nodes": "a001", "tasks_per_node": 1,
                   "started": "2015-03-18T09:01:10Z", "comment": comment(2)},
                  {"id": J2, "name": "condor-sim-cfg08", "user": "amunke", "nodes": bad, "tasks_per_node": 1,
                   "started": "2015-03-18T09:01:12Z", "comment": comment(2)},
                  {"id": J3, "name": "condor-sim-cfg09", "user": "amunke", "nodes": "a004", "tasks_per_node": 1,
                   "started": "2015-03-18T09:01:13Z", "comment": comment(2)},
                  {"id": J4, "name": "hawk-phasing-run42", "user": "bdaurer", "nodes": bad, "tasks_per_node": 1,
                   "started": "2015-03-18T09:22:40Z", "comment": comment(1)}])
    rng = s.rng

    def sim_start(t, j):
        s.joblog(t, j, "INFO:simulate:Reading configuration from condor.conf")  # SYNTH
        s.joblog(t + 0.4, j, "INFO:simulate:Writing spsim configuration to spsim.conf")  # SYNTH
        s.joblog(t + 0.5, j, REAL_S4[0])  # REAL_S4

    t_end = 3600.0
    for j, t0 in ((J1, 72.0), (J3, 75.0)):
        sim_start(t0, j)
        t, pat = t0 + 40, 0
        while t < t_end - 30:  # SYNTH: spsim progress
            s.joblog(t, j, f"INFO:simulate:spsim pattern {pat + 1}/400 done ({rng.uniform(7.6, 8.4):.1f} s)")
            pat += 1
            t += rng.uniform(7.6, 8.4) * 6
    t_f = 74.0
    sim_start(t_f, J2)
    s.joblog(t_f + 0.52, J2, REAL_S4[1])  # REAL_S4 -- the first visible fault
    s.joblog(t_f + 0.60, J2, "Traceback (most recent call last):")  # SYNTH (generic line, used earlier)
    for k, l in enumerate(REAL_S4_TB):
        s.joblog(t_f + 0.601 + 0.001 * k, J2, l)  # REAL_S4_TB
    s.job_state(t_f + 1.5, J2, "FAILED", "1:0")  # SYNTH
    t_g = (parse_start("2015-03-18T09:22:40Z") - s.start).total_seconds() + 3.0
    s.joblog(t_g, J4, "hawk: phasing 42 (HIO+ER, 5000 iterations, CUDA backend)")  # SYNTH
    s.joblog(t_g + 0.3, J4, "/home/bdaurer/opt/hawk/bin/phaser: error while loading shared libraries: libcufft.so.6.5: "
                            "cannot open shared object file: No such file or directory")  # SYNTH
    s.job_state(t_g + 1.0, J4, "FAILED", "127:0")  # SYNTH

    def fn(n_, g, t_):  # SYNTH (nvidia-smi --query-gpu mapped to DCGM names)
        busy = n_ in ("a001", "a004") and g == 0 and 80 < t_ < t_end - 30
        if busy:
            return s36(rng, "k40", rng.randint(90, 99), rng.uniform(150, 190), clock=875)
        return idle36(rng, "k40", clock=324)
    run_sampler(s, ["a001", "a004", bad], 2, 0.0, t_end, 60.0, fn)
    s.truth = truth({"t": t_f + 0.52, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J2: {"exclude": [bad]}, J4: {"exclude": [bad]}}, no_requeue=[J1, J3],
                    no_drain=["a001", "a004"])
    return s


# ======================================================================================
# S5  cephfs-mds-slow-requests-three-jobs-saves-stretch  (infrastructure: the CephFS MDS behind /shared answers slowly
#     for ~11 minutes, not down. Three jobs of three owners on disjoint H20 nodes: a detectron2 checkpoint save takes
#     6 min, an nnU-Net epoch's checkpoint write stretches to 9 min, an ESPnet2 model save stalls. Clients log hung
#     tasks and `mds0 hung` / `came back`. Everything recovers; nothing fails.)
# ======================================================================================
# Source: https://github.com/rook/rook/issues/13059 -- "Ceph mds reports slow requests" (closed). Kernel-driver
# clients; "Sometimes, I encounter slow requests errors and health warnings on the Ceph dashboard. The issue seems to
# be resolved when I rotate the MDS pods." The MDS-side `slow request ... currently failed to rdlock, waiting` line
# quoted there is an MDS daemon log, not something a compute node's kernel or a job writes, so it is not placed in the
# stream: no REAL literal. Everything here (trainers, client kernel lines, timings) is SYNTH.
def build_s5() -> Scenario:
    name = "cephfs-mds-slow-requests-three-jobs-saves-stretch"
    J1, J2, J3 = "5520931", "5520977", "5521004"
    n1, n2, n3 = "h20-03", "h20-07", "h20-11"
    s = Scenario(name, "Three jobs of three owners on disjoint H20 nodes write checkpoints to the same CephFS "
                 "(/shared, kernel client). From ~30 min in, the MDS answers metadata requests slowly for ~11 minutes "
                 "(slow requests, not a failure): detectron2's model_0089999.pth save takes ~6 min, nnU-Net's epoch "
                 "time jumps from ~104 s to ~540 s at its checkpoint write, ESPnet2's snapshot stalls ~7 min. The "
                 "nodes' kernels log hung-task warnings in ceph calls and `ceph: mds0 hung` / `came back`. All three "
                 "resume at normal speed afterwards. All jobs are opted in.",
                 "2024-03-12T10:00:00Z",
                 {"name": "h20c", "partition": "train", "nodes": "h20-[01-16]", "gpus_per_node": 8},
                 [{"id": J1, "name": "maskrcnn-x101-lvis", "user": "tliang", "nodes": n1, "tasks_per_node": 8,
                   "started": "2024-03-11T21:03:44Z", "comment": comment(2, "/shared/tliang/d2/output")},
                  {"id": J2, "name": "nnunet-d501-3dfull-f0", "user": "mbrandt", "nodes": n2, "tasks_per_node": 8,
                   "started": "2024-03-10T08:12:09Z", "comment": comment(2, "/shared/mbrandt/nnUNet_results")},
                  {"id": J3, "name": "espnet2-conformer-gigaspeech", "user": "ykato", "nodes": "h20-[11-12]",
                   "tasks_per_node": 8, "started": "2024-03-09T16:40:27Z", "comment": comment(3, "/shared/ykato/exp")}])
    rng = s.rng
    t_s0, t_s1 = 1800.0, 2460.0   # slow-MDS window
    t_end = 4500.0

    def slow(t):
        return t_s0 <= t < t_s1
    # J1 detectron2 (SYNTH): a metrics line every 20 iters (~15 s); checkpoint every 5000 iters
    t, it = 8.0, 88779
    while t < t_end:
        it += 20
        s.joblog(t, J1, d2_line(s.at(t), it, rng.uniform(0.88, 0.97), 1.496 + rng.uniform(-0.01, 0.01),
                                (180000 - it) * 1.496, 0.02, 61234))
        if it == 89999:
            s.joblog(t + 0.4, J1, f"[{s.at(t + 0.4):%m/%d %H:%M:%S} fvcore.common.checkpoint]: Saving checkpoint to "
                                  "/shared/tliang/d2/output/model_0089999.pth")
            t += 372.0 if slow(t + 1) else 9.0
        t += 30.0
    # J2 nnU-Net (SYNTH): one block per epoch, ~104 s; checkpoint_latest written each epoch
    t, ep = 40.0, 611
    while t < t_end:
        ept = 104.0 + rng.uniform(-2, 2)
        if slow(t + ept):
            ept = 538.0 + rng.uniform(-5, 5)
        t += ept
        for k, l in enumerate(nnunet_block(s.at(t), ep, 0.8512 + rng.uniform(-0.01, 0.01), 0.7904 + rng.uniform(-0.02, 0.02),
                                           0.8827 + rng.uniform(-0.01, 0.01), ept)):
            s.joblog(t + 0.001 * k, J2, l)
        ep += 1
    # J3 ESPnet2 (SYNTH): a reporter line every 100 batches (~60 s); a snapshot save stalls in the slow window
    t, b = 25.0, 40000
    while t < t_end:
        if slow(t) and b % 1000 == 0:
            s.joblog(t, J3, f"[{n3}] {s.at(t):%Y-%m-%d %H:%M:%S},{s.at(t).microsecond // 1000:03d} (trainer:338) INFO: "
                            f"Saving checkpoint to /shared/ykato/exp/asr_conformer/checkpoint.pth")
            t += 430.0
        s.joblog(t, J3, espnet_line(s.at(t), n3, 17, b - 99, b, 41.2 + rng.uniform(-1.5, 1.5),
                                    0.902 + rng.uniform(-0.01, 0.01), 0.302 + rng.uniform(-0.01, 0.01)))
        b += 100
        t += 60.0 + rng.uniform(-2, 2)
    # client kernels (SYNTH)
    for node, pid, comm_ in ((n1, 48211, "python3"), (n2, 30977, "nnUNetv2_train"), (n3, 77102, "python3")):
        th = t_s0 + rng.uniform(40, 70)
        s.kernel(th, node, f"{dmesg_t(s.at(th))} ceph: mds0 hung")
        for k, wait in enumerate((122, 245, 368)):
            tt = t_s0 + 125 + 123 * k + rng.uniform(0, 3)
            if tt >= t_s1:
                break
            s.kernel(tt, node, f"{dmesg_t(s.at(tt))} INFO: task {comm_}:{pid} blocked for more than {wait} seconds.")
            s.kernel(tt + 0.001, node, f"{dmesg_t(s.at(tt))}       Not tainted 5.15.0-97-generic #107-Ubuntu")
            s.kernel(tt + 0.002, node, f"{dmesg_t(s.at(tt))} Call Trace:")
            for fr in ("ceph_mdsc_do_request+0x119/0x2a0 [ceph]", "ceph_atomic_open+0x1f6/0x6e0 [ceph]",
                       "path_openat+0x5e4/0x1190", "do_filp_open+0xaa/0x160", "do_sys_openat2+0x9f/0x160"):
                s.kernel(tt + 0.003, node, f"{dmesg_t(s.at(tt))}  {fr}")
        tb = t_s1 + rng.uniform(2, 20)
        s.kernel(tb, node, f"{dmesg_t(s.at(tb))} ceph: mds0 came back")

    def fn(n_, g, t_):  # SYNTH
        prof = "h20"
        stalled = slow(t_) and ((n_ == n1 and 1810 < t_ < 2290) or (n_ == n2 and 1900 < t_ < 2440) or
                                (n_ in (n3, "h20-12") and 1830 < t_ < 2300))
        if stalled:
            return lean(s36(rng, prof, 0, rng.uniform(90, 115), clock=1980), UP)
        return lean(s36(rng, prof, rng.randint(88, 100), rng.uniform(330, 440), clock=1980), UP)
    run_sampler(s, [n1, n2, n3, "h20-12"], 8, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_s0, "category": "infrastructure", "node": None}, no_requeue=[J1, J2, J3],
                    no_drain=[n1, n2, n3, "h20-12"])
    return s


# ======================================================================================
# S6  hoth-rtx8000-gpu1c-lost-shared-node-two-owners  (gpu_hardware: hoth (8 x Quadro RTX 8000) runs two jobs of two
#     owners: fastai DDP on GPUs 0-3, diffusers fine-tune on GPUs 4-7. GPU 1 (bus 1c) falls off the bus: the fastai job
#     dies; the diffusers job keeps training; the GPU's lspci revision reads `ff`; re-init attempts fail.)
# ======================================================================================
# Source: https://github.com/lyulyul/shine-cluster/issues/172 -- "Reboot dagobah make its slurmd can not run." (closed).
# A lab Slurm cluster of Quadro RTX 8000 nodes: "Again, we lost 1 GPU then caused slurmd not to run, both in dagobah
# and hoth [...] a physical reboot can make these two nodes become normal", and later "Use `lspci | grep -i nvidia` in
# hoth, `rev ff` means it is down, so there must problems in GPU 1c." The thread's evidence is screenshots: no line of
# it is quoted. Kernel line: https://github.com/microsoft/pai/issues/4344 -- "Container failed due to the allocated GPU
# device is not found on node" (closed): verbatim `NVRM: RmInitAdapter failed! (0x26:0xffff:1127)` (its companion
# line names minor number 0 there; here the minor number is 1 and that line is SYNTH). The Xid 79 lines, both jobs,
# their owners and all other lines are SYNTH.
REAL_S6_RM = "NVRM: RmInitAdapter failed! (0x26:0xffff:1127)"


def build_s6() -> Scenario:
    name = "hoth-rtx8000-gpu1c-lost-shared-node-two-owners"
    JA, JB = "40917", "40921"
    node, bad_gpu = "hoth", 1
    bus = ["0000:1a:00", "0000:1c:00", "0000:1d:00", "0000:1e:00", "0000:3d:00", "0000:3e:00", "0000:3f:00", "0000:40:00"]
    s = Scenario(name, "hoth (8 x Quadro RTX 8000) is shared by two owners: a fastai DDP fine-tune (4 ranks, GPUs "
                 "0-3) and a diffusers text-to-image fine-tune (GPUs 4-7). GPU 1 (bus 1c) falls off the bus: Xid 79, "
                 "the fastai job's rank 1 dies with a CUDA error and the job fails; the diffusers job keeps stepping "
                 "at its normal rate. Later re-initialisation of the GPU fails (RmInitAdapter). The fastai job is opted in; the "
                 "diffusers job is monitored only (max_requeues 0).",
                 "2023-06-07T13:00:00Z",
                 {"name": "shine", "partition": "gpu", "nodes": "coruscant,dagobah,hoth,naboo,tatooine",
                  "gpus_per_node": 8, "pci_bus_ids": bus},
                 [{"id": JA, "name": "fastai-convnext-plantdoc", "user": "wwu", "nodes": node, "tasks_per_node": 4,
                   "started": "2023-06-07T11:48:20Z", "comment": comment(2, "/shared/wwu/plantdoc/models")},
                  {"id": JB, "name": "sd15-ft-inkpainting", "user": "yqluo", "nodes": node, "tasks_per_node": 1,
                   "started": "2023-06-07T09:02:55Z", "comment": comment(0)}])
    rng = s.rng
    t_x = 2410.0
    t_end = t_x + 2100.0
    # JA: fastai table, one row per epoch (~4 min) (SYNTH)
    s.joblog(2.0, JA, "epoch     train_loss  valid_loss  accuracy  time    ")  # SYNTH
    t, ep = 50.0, 14
    while t < t_x:
        s.joblog(t, JA, fastai_row(ep, 0.21 - ep * 0.004 + rng.uniform(-0.01, 0.01), 0.27 - ep * 0.003, 0.905 + ep * 0.002, 241))
        ep += 1
        t += 241.0 + rng.uniform(-3, 3)
    d = s.at(t_x)
    s.kernel(t_x, node, f"{dmesg_t(d)} NVRM: GPU at PCI:{bus[bad_gpu]}: GPU-2b9e0c71-4f1d-3a6e-9c05-7d8813e2aa61")  # SYNTH
    s.kernel(t_x + 0.001, node, f"{dmesg_t(d)} NVRM: Xid (PCI:{bus[bad_gpu]}): 79, pid='<unknown>', name=<unknown>, "
                                "GPU has fallen off the bus.")  # SYNTH
    s.kernel(t_x + 0.002, node, f"{dmesg_t(d)} NVRM: GPU {bus[bad_gpu]}.0: GPU has fallen off the bus.")  # SYNTH
    s.kernel(t_x + 0.003, node, f"{dmesg_t(d)} NVRM: A GPU crash dump has been created. If possible, please run")  # SYNTH
    te = t_x + 3.4
    s.joblog(te, JA, "[rank1]: RuntimeError: CUDA error: unknown error")  # SYNTH
    s.joblog(te + 0.001, JA, "[rank1]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")  # SYNTH
    s.joblog(te + 4.0, JA, "W0607 13:40:17.412000 140219 torch/distributed/elastic/multiprocessing/api.py:858] Sending "
                           "process 2214871 closing signal SIGTERM")  # SYNTH
    s.joblog(te + 4.1, JA, "E0607 13:40:17.906000 140219 torch/distributed/elastic/multiprocessing/api.py:833] failed "
                           "(exitcode: 1) local_rank: 1 (pid: 2214872) of binary: /shared/wwu/envs/fa/bin/python")  # SYNTH
    s.job_state(te + 9.0, JA, "FAILED", "1:0")  # SYNTH
    # re-init attempts when the prolog health probe touches the GPU (SYNTH timing; first line REAL)
    for k, tr in enumerate((t_x + 620.0, t_x + 1460.0)):
        dd = s.at(tr)
        s.kernel(tr, node, f"{dmesg_t(dd)} {REAL_S6_RM}")  # REAL_S6_RM
        s.kernel(tr + 0.001, node, f"{dmesg_t(dd)} NVRM: rm_init_adapter failed for device bearing minor number 1")  # SYNTH
    # JB: diffusers steps (SYNTH), unaffected
    tb, st = 30.0, 6100
    while tb < t_end:
        s.joblog(tb, JB, diffusers_bar(st, 15000, 8520 + tb, 1.52, rng.uniform(0.05, 0.19), 1e-5))
        st += 60
        tb += 91.2 + rng.uniform(-1, 1)

    def fn(n_, g, t_):  # SYNTH
        if g < 4:
            if g == bad_gpu and t_ >= t_x:
                return None
            if t_ >= te + 9:
                return idle36(rng, "rtx8000", clock=300)
            return s36(rng, "rtx8000", rng.randint(90, 99), rng.uniform(205, 255), clock=1770)
        return s36(rng, "rtx8000", rng.randint(94, 100), rng.uniform(225, 260), clock=1770)
    run_sampler(s, [node], 8, 0.0, t_end, 60.0, fn)
    s.gpu(t_x + 30.0, node, bad_gpu, {"DCGM_FI_DEV_XID_ERRORS": 79})  # SYNTH (exporter's last sample of GPU 1)
    s.truth = truth({"t": t_x, "category": "gpu_hardware", "node": node, "gpu": bad_gpu}, drain=[node],
                    requeue={JA: {"exclude": [node]}}, no_requeue=[JB])
    return s


# ======================================================================================
# S7  chainermn-libmlx4-segfault-rank5-rest-hang  (software: ChainerMN ImageNet ResNet-50 with the pure_nccl
#     communicator, 2 nodes x 4 P100 over ConnectX-3 (mlx4). Rank 5 on mn-04 segfaults inside libmlx4-rdmav2.so called
#     from NCCL's network thread; the other seven ranks wait in the all-reduce with GPUs spinning until the owner
#     cancels 38 min later. Nondeterministic stack bug: the node is not broken.)
# ======================================================================================
# Source: https://github.com/chainer/chainer/issues/7586 -- "Segmentation Fault in nccl when doing massive reduce"
# (closed; labels cat:bug, ChainerMN). The backtrace below, during MPI 2x2 runs; "Also the following test hangs";
# maintainer: "Not reproducible"; reporter: "This seems to be a nondeterministic bug as we fall into it at a probability
# of 1/10". Verbatim: the thirteen backtrace lines (srun --label prefix added). The training job, its PrintReport
# rows, the srun/kernel lines and the cancellation are SYNTH.
REAL_S7 = [
    "*** Process received signal ***",
    "Signal: Segmentation fault (11)",
    "Signal code: Address not mapped (1)",
    "Failing at address: 0x7ff28802233f",
    "[ 0] /lib/x86_64-linux-gnu/libpthread.so.0(+0x11390)[0x7ff32df7d390]",
    "[ 1] /usr/lib/libibverbs/libmlx4-rdmav2.so(+0x1aee)[0x7ff320091aee]",
    "[ 2] /usr/lib/x86_64-linux-gnu/libnccl.so.2(+0x2b136)[0x7ff2bf5c3136]",
    "[ 3] /usr/lib/x86_64-linux-gnu/libnccl.so.2(+0x24aa0)[0x7ff2bf5bcaa0]",
    "[ 4] /usr/lib/x86_64-linux-gnu/libnccl.so.2(+0x25d1f)[0x7ff2bf5bdd1f]",
    "[ 5] /usr/lib/x86_64-linux-gnu/libnccl.so.2(+0x12632)[0x7ff2bf5aa632]",
    "[ 6] /lib/x86_64-linux-gnu/libpthread.so.0(+0x76ba)[0x7ff32df736ba]",
    "[ 7] /lib/x86_64-linux-gnu/libc.so.6(clone+0x6d)[0x7ff32dca941d]",
    "*** End of error message ***",
]


def build_s7() -> Scenario:
    name = "chainermn-libmlx4-segfault-rank5-rest-hang"
    J, N = "1190452", "1190433"
    nodes = ["mn-03", "mn-04"]
    s = Scenario(name, "ChainerMN ImageNet example (ResNet-50, pure_nccl communicator) on 2 nodes x 4 P100, 8 MPI "
                 "ranks under srun --label, ConnectX-3 (mlx4) InfiniBand. Rank 0 prints a PrintReport row every 100 "
                 "iterations (~36 s). Rank 5 (mn-04, GPU 1) dies with SIGSEGV inside libmlx4-rdmav2.so called from "
                 "libnccl's proxy thread; srun reports the task; the seven other ranks block in the all-reduce, their "
                 "GPUs at 100 % and low power, and the job sits there until the owner cancels it 38 min later. No link, "
                 "port or GPU error anywhere. The job is opted in.",
                 "2019-06-24T01:00:00Z",
                 {"name": "mnc", "partition": "p100", "nodes": "mn-[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "chainermn-imagenet-r50", "user": "belldandyxtq", "nodes": "mn-[03-04]",
                   "tasks_per_node": 4, "started": "2019-06-23T22:31:05Z", "comment": comment(2, "/work/xtq/result")},
                  {"id": N, "name": "chainerrl-a3c-breakout", "user": "kfukuda", "nodes": "mn-06", "tasks_per_node": 4,
                   "started": "2019-06-23T20:02:44Z", "comment": comment(0)}])
    rng = s.rng
    t_seg = 1230.0
    t_cancel = t_seg + 38 * 60.0
    t_end = t_cancel + 900.0
    it, ep, t = 25400, 21, 12.0
    el = 9034.0
    while t < t_seg:
        it += 100
        el += 36.1
        vl = rng.uniform(1.95, 2.05) if it % 5000 == 0 else None
        va = rng.uniform(0.55, 0.57) if vl else None
        s.joblog(t, J, "0: " + chainermn_row(ep, it, rng.uniform(1.78, 1.98), vl, rng.uniform(0.57, 0.61), va, 0.1, round(el, 3)))
        t += 36.1 + rng.uniform(-0.4, 0.4)
    p = "5: "
    for k, l in enumerate(REAL_S7):
        s.joblog(t_seg + 0.001 * k, J, p + l)  # REAL_S7
    s.kernel(t_seg - 0.02, "mn-04", f"{dmesg_t(s.at(t_seg - 0.02))} python[23411]: segfault at 7ff28802233f ip "
                                    "00007ff320091aee sp 00007ff2a17f9c80 error 4 in "
                                    "libmlx4-rdmav2.so[7ff320090000+a000]")  # SYNTH
    s.joblog(t_seg + 1.6, J, "srun: error: mn-04: task 5: Segmentation fault (core dumped)")  # SYNTH
    s.joblog(t_cancel + 0.3, J, cancel_line(J, "mn-03", s.at(t_cancel)))  # SYNTH
    s.joblog(t_cancel + 0.4, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    s.job_state(t_cancel + 33.0, J, "CANCELLED", "0:15", reason="cancelled by user belldandyxtq")  # SYNTH
    tn = 45.0
    while tn < t_end:  # neighbour (SYNTH): chainerrl training prints
        s.joblog(tn, N, f"outdir:results/a3c step:{int(tn * 1100) + 9410000} episode:{int(tn / 9) + 51200} R:{rng.uniform(280, 410):.1f}")
        tn += 180.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ >= t_cancel + 33:
                return idle36(rng, "p100", clock=405)
            if t_ >= t_seg:
                if n_ == "mn-04" and g == 1:
                    return idle36(rng, "p100", clock=405)
                return s36(rng, "p100", 100, rng.uniform(72, 84), clock=1328)
            return s36(rng, "p100", rng.randint(92, 99), rng.uniform(215, 248), clock=1328)
        return s36(rng, "p100", rng.randint(40, 70), rng.uniform(110, 160), clock=1328)
    run_sampler(s, nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["mn-06"], 4, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_seg, "category": "software", "node": None}, no_requeue=[J, N],
                    no_drain=nodes)
    return s


# ======================================================================================
# S8  torchelastic-imagenet-g6-l4-link-flap-self-restart  (healthy: the torchelastic ImageNet example (ResNet-18,
#     tiny-imagenet) on 2 x g6.12xlarge (4 L4 each) of an AWS ParallelCluster Slurm queue, torchrun --nnodes=2
#     --max_restarts=3. Node 2's ENA link drops for ~6 s; NCCL fails, the elastic agents restart the worker group
#     (restart_count=1), the epoch restarts from the last checkpoint and training goes on for ~40 min. Nothing to do.)
# ======================================================================================
# Source: https://github.com/pytorch/elastic/issues/97 -- "How to run elastically on kubernetes (nnodes vs worker
# replicas)" (closed): when the worker group changes, torchelastic restarts the workers, which "reset progress" to the
# last checkpoint -- the expected behaviour. Verbatim: the progress line (its instance id kept for node 1).
# Agent lines: https://github.com/shun-zheng/Doc2EDAG/issues/24 -- verbatim the elastic agent's restart lines (from a
# single-node run; lines that carry single-node values -- master_addr, group_world_size, ranks -- are SYNTH here).
REAL_S8_PROG = ("Instance: [i-015067026ed8f10a3] Epoch: [0][1830/3125]   Time  0.139 ( 0.137)    Data  0.034 ( 0.034)    "
                "Loss 4.8472e+00 (5.0661e+00)    Acc@1   3.12 (  3.16)   Acc@5   9.38 ( 11.34)")
REAL_S8_AGENT = [
    "INFO:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. 3/3 attempts left; will restart worker group",
    "INFO:torch.distributed.elastic.agent.server.api:[default] Stopping worker group",
    "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group",
    "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:",
    "  restart_count=1",
    "  master_port=29500",
]
REAL_S8_START = "INFO:torch.distributed.elastic.agent.server.api:[default] Starting worker group"


def build_s8() -> Scenario:
    name = "torchelastic-imagenet-g6-l4-link-flap-self-restart"
    J, N = "2841", "2838"
    nodes = ["gpu-st-g612xl-1", "gpu-st-g612xl-2"]
    inst = {nodes[0]: "i-015067026ed8f10a3", nodes[1]: "i-0a93c1f27be4d5e80"}
    s = Scenario(name, "torchelastic ImageNet example (ResNet-18 on tiny-imagenet, 3125 iterations per epoch) on two "
                 "g6.12xlarge nodes (4 x L4 each) of an AWS ParallelCluster Slurm queue: one srun task per node runs "
                 "torchrun --nnodes=2 --nproc_per_node=4 --max_restarts=3 (c10d rendezvous). Rank 0 prints every 30 "
                 "iterations. Node 2's ENA interface drops for ~6 s; its workers' NCCL calls fail, the agents restart "
                 "the worker group (restart_count=1), the workers reload the last checkpoint (epoch 0 restarts at "
                 "iteration 0) and training continues for ~30 min at the old speed. Slurm never sees a failure. The job "
                 "is opted in.",
                 "2023-10-05T14:00:00Z",
                 {"name": "pcluster-g6", "partition": "gpu", "nodes": "gpu-st-g612xl-[1-4]", "gpus_per_node": 4},
                 [{"id": J, "name": "elastic-imagenet-r18", "user": "mttcnnff", "nodes": "gpu-st-g612xl-[1-2]",
                   "tasks_per_node": 1, "started": "2023-10-05T13:50:12Z",
                   "comment": comment(2, "/fsx/mttcnnff/ckpt")},
                  {"id": N, "name": "whisper-small-ft-sv", "user": "kgarcia", "nodes": "gpu-st-g612xl-3",
                   "tasks_per_node": 4, "started": "2023-10-05T12:31:40Z", "comment": comment(1)}])
    rng = s.rng
    per = 30 * 0.137   # --print-freq 30
    t = 10.0
    i = 30
    a1, l = 3.0, 4.92
    while i <= 1890:
        if i == 1830:
            s.joblog(t, J, "0: " + REAL_S8_PROG)  # REAL_S8_PROG
        else:
            a1 += 0.002
            l -= 0.0008
            s.joblog(t, J, "0: " + imagenet_line(inst[nodes[0]], 0, i, 3125, 0.137 + rng.uniform(-0.003, 0.003), 0.137,
                                                 0.034, l + rng.uniform(-0.1, 0.1), l + 0.2, a1 + rng.uniform(-1, 1), a1,
                                                 a1 * 3.0, a1 * 3.6))  # SYNTH
        i += 30
        t += per + rng.uniform(-0.1, 0.1)
    t_flap = t + 4.0
    n2 = nodes[1]
    s.kernel(t_flap, n2, f"{dmesg_t(s.at(t_flap))} ena 0000:00:05.0 ens5: Keep alive watchdog timeout.")  # SYNTH
    s.kernel(t_flap + 0.2, n2, f"{dmesg_t(s.at(t_flap))} ena 0000:00:05.0 ens5: Trigger reset is on")  # SYNTH
    s.kernel(t_flap + 6.1, n2, f"{dmesg_t(s.at(t_flap + 6.1))} ena 0000:00:05.0 ens5: Device reset completed successfully, "
                               "Driver info: Elastic Network Adapter (ENA) v2.8.3g")  # SYNTH
    te = t_flap + 3.0
    s.joblog(te, J, f"1: {n2}:41877:42210 [0] NCCL INFO Call to connect returned Connection timed out, retrying")  # SYNTH
    s.joblog(te + 1.2, J, f"1: {n2}:41877:42210 [0] include/socket.h:409 NCCL WARN Net : Connect to 10.0.12.71<51547> failed : Connection timed out")  # SYNTH
    s.joblog(te + 1.3, J, "1: RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled system error, NCCL version 2.14.3")  # SYNTH
    s.joblog(te + 2.0, J, "1: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 41878 closing signal SIGTERM")  # SYNTH
    s.joblog(te + 2.4, J, "1: ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 41877) of binary: /fsx/mttcnnff/venv/bin/python3")  # SYNTH
    tr = te + 2.6
    for nid in (1, 0):
        base = tr + (0.0 if nid == 1 else 4.8)
        pre = f"{nid}: "
        first = REAL_S8_AGENT[0] if nid == 1 else ("INFO:torch.distributed.elastic.agent.server.api:[default] Detected 1 "
                                                   "new nodes from group_rank=0; will restart worker group")  # SYNTH (node 0)
        s.joblog(base, J, pre + first)  # REAL_S8_AGENT[0] on node 1
        s.joblog(base + 0.1, J, pre + REAL_S8_AGENT[1])  # REAL_S8_AGENT
        s.joblog(base + 0.6, J, pre + REAL_S8_AGENT[2])  # REAL_S8_AGENT
    tdone = tr + 19.0
    for nid in (0, 1):
        pre = f"{nid}: "
        lines = [REAL_S8_AGENT[3], REAL_S8_AGENT[4], f"  master_addr={nodes[0]}", REAL_S8_AGENT[5],
                 f"  group_rank={nid}", "  group_world_size=2", f"  local_ranks=[0, 1, 2, 3]",
                 f"  role_ranks={[4 * nid + k for k in range(4)]}", f"  global_ranks={[4 * nid + k for k in range(4)]}",
                 "  role_world_sizes=[8, 8, 8, 8]", "  global_world_sizes=[8, 8, 8, 8]", "", REAL_S8_START]
        for k, l2 in enumerate(lines):
            s.joblog(tdone + 0.01 * nid + 0.001 * k, J, pre + l2)  # REAL_S8_AGENT / REAL_S8_START; others SYNTH
    s.joblog(tdone + 14.0, J, "0: => loading checkpoint '/fsx/mttcnnff/ckpt/checkpoint.pth.tar'")  # SYNTH
    s.joblog(tdone + 15.5, J, "0: => loaded checkpoint '/fsx/mttcnnff/ckpt/checkpoint.pth.tar' (epoch 0)")  # SYNTH
    t = tdone + 18.0
    i, a1, l = 0, 0.4, 5.30
    t_end = t + 1800.0
    while t < t_end:
        s.joblog(t, J, "0: " + imagenet_line(inst[nodes[0]], 0, i, 3125, 0.137 + rng.uniform(-0.003, 0.003), 0.138, 0.034,
                                             l + rng.uniform(-0.1, 0.1), l + 0.2, a1 + rng.uniform(-1, 1), a1, a1 * 3.3,
                                             a1 * 3.5))  # SYNTH
        a1 += 0.002
        l -= 0.0008
        i += 30
        t += per + rng.uniform(-0.1, 0.1)
    tn = 30.0
    while tn < t_end:  # neighbour (SYNTH): HF Seq2SeqTrainer dict lines
        s.joblog(tn, N, f"{{'loss': {rng.uniform(0.21, 0.27):.4f}, 'learning_rate': 7.4e-06, 'epoch': {3.2 + tn / 20000:.2f}}}")
        tn += 150.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if te - 1 <= t_ < tdone + 18:
                return idle36(rng, "l4", clock=1035)
            return s36(rng, "l4", rng.randint(86, 99), rng.uniform(60, 72), clock=2040)
        return s36(rng, "l4", rng.randint(75, 95), rng.uniform(55, 70), clock=2040)
    run_sampler(s, nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["gpu-st-g612xl-3"], 4, 0.0, t_end, 120.0, fn)
    s.truth = truth(None, no_requeue=[J, N], no_drain=nodes + ["gpu-st-g612xl-3"])
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
