#!/usr/bin/env python3
"""Build the holdout35 blind evaluation corpus (format `recovery-scenario/1`).

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
holdout35: generic helpers and the holdout14..holdout34 helper sections are copied unchanged from holdout34's build.py;
the holdout34 scenarios are replaced by the holdout35 helpers and scenarios S1..S8 below.
Earlier note (holdout34): generic helpers and the holdout14..holdout32 helper sections are copied unchanged from holdout32's build.py;
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
# holdout35 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "t4": (62, 5, 64.0, 5.0, 1590, 13500, 800),
    "rtxa4000": (74, 4, 128.0, 8.0, 1560, 13800, 600),
    "l4": (63, 5, 66.0, 5.0, 2040, 19500, 1200),
    "rtx6000ada": (66, 5, 262.0, 25.0, 2505, 40500, 2000),
    "h100nvl": (58, 6, 330.0, 35.0, 1785, 78000, 3000),
    "a100_80": (56, 6, 330.0, 40.0, 1410, 64000, 4000),
})
A100_4_BUS = ["0000:01:00", "0000:41:00", "0000:81:00", "0000:c1:00"]   # SYNTH (4-GPU A100 80GB nodes)


def tstamp(d: dt.datetime) -> str:
    """`[HH:MM:SS]` prefix that XGBoost's own logger prints."""
    return f"[{d:%H:%M:%S}]"


def c10_e(rank: int, d: dt.datetime, ns: int, line: int, msg: str) -> str:
    """SYNTH: torch >= 2.3 c10 log prefix `[rankN]:[E617 15:17:35.519071987 ProcessGroupNCCL.cpp:681] `."""
    return f"[rank{rank}]:[E{d.month}{d:%d %H:%M:%S}.{ns:09d} ProcessGroupNCCL.cpp:{line}] {msg}"


def apex_line(ep: int, it: int, n: int, bt: float, bta: float, ws: int, loss: float, la: float, p1: float, p1a: float,
              p5: float, p5a: float) -> str:
    """SYNTH: NVIDIA Apex examples/imagenet/main_amp.py training print (rank 0)."""
    return (f"Epoch: [{ep}][{it}/{n}]\tTime {bt:.3f} ({bta:.3f})\tSpeed {ws / bt:.3f} ({ws / bta:.3f})\t"
            f"Loss {loss:.10f} ({la:.4f})\tPrec@1 {p1:.3f} ({p1a:.3f})\tPrec@5 {p5:.3f} ({p5a:.3f})")


def unicore_inner(d: dt.datetime, ep: int, i: int, n: int, loss: float, ups: float, nu: int, lr: float, gn: float,
                  tw: int, wall: int) -> str:
    """SYNTH: Unicore (Uni-Mol) `train_inner` progress line, fairseq-style."""
    return (f"{d:%Y-%m-%d %H:%M:%S} | INFO | train_inner | epoch {ep:03d}: {i:6d} / {n} loss={loss:.3f}, "
            f"masked_token_loss={loss * 0.61:.3f}, masked_acc={0.58 + 0.2 * (1 - loss / 4):.3f}, "
            f"masked_coord_loss={loss * 0.27:.3f}, masked_dist_loss={loss * 0.09:.3f}, x_norm_loss=0.012, "
            f"delta_pair_repr_norm_loss=0.004, wps=0, ups={ups:.2f}, wpb=128, bsz=128, num_updates={nu}, lr={lr:.5g}, "
            f"gnorm={gn:.3f}, clip=0, loss_scale=16, train_wall={tw}, gb_free=21.4, wall={wall}")


def ms_loss(ep: int, step: int, loss: float) -> str:
    """SYNTH: MindSpore LossMonitor line."""
    return f"epoch: {ep} step: {step}, loss is {loss:.4f}"


def keras3_bar(n: int, sec: int, ms: int, acc: float, loss: float, vacc: float, vloss: float) -> str:
    """SYNTH: Keras 3 verbose=1 end-of-epoch progress line (non-tty)."""
    return (f"{n}/{n} " + "\u2501" * 20 + f" {sec}s {ms}ms/step - accuracy: {acc:.4f} - loss: {loss:.4f} - "
            f"val_accuracy: {vacc:.4f} - val_loss: {vloss:.4f}")


def loguru35(d: dt.datetime, level: str, where: str, msg: str) -> str:
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond // 1000:03d} | {level:<8} | {where} - {msg}"


# ======================================================================================
# S1  healthy-xgboost-dask-cuda-4xt4-unawaited-coroutine-warning  (healthy: XGBoost GPU training through dask-cuda
#     LocalCUDACluster on one 4 x T4 node. At client start distributed prints a RuntimeWarning that a coroutine was
#     never awaited; later dask's usual GC / event-loop warnings, a dangling-stream warning, the T4s sitting at their
#     70 W software power cap, one noisy perf line in the kernel log. 2000 boosting rounds finish, model saved.)
# ======================================================================================
# Source: https://github.com/rapidsai/dask-cuda/issues/508 -- "Warning when running XGBoost using RAPIDS AMI on Amazon
# EC2 instance (G4dn.12xLarge)" (closed). 4 x T4, xgboost dask GPU demo; the maintainer: "I think this is just a
# warning you can safely ignore". Verbatim: the two warning lines. Everything else SYNTH.
REAL_S1_WARN = ["/home/ubuntu/.conda/envs/rapids-stable/lib/python3.8/site-packages/distributed/client.py:3517: "
                "RuntimeWarning: coroutine 'Client._update_scheduler_info' was never awaited",
                "  self.sync(self._update_scheduler_info)"]


def build_s1() -> Scenario:
    name = "healthy-xgboost-dask-cuda-4xt4-unawaited-coroutine-warning"
    J, N = "61207", "61188"
    node = "t4n07"
    s = Scenario(name, "XGBoost 1.3 (tree_method gpu_hist) trained through dask-cuda's LocalCUDACluster on one node "
                 "with 4 x T4 (one dask worker per GPU), HIGGS-like binary task, 2000 rounds, eval printed every 50 "
                 "rounds. Right after the client connects, distributed prints `RuntimeWarning: coroutine "
                 "'Client._update_scheduler_info' was never awaited`; later dask logs GC-time and unresponsive-event-"
                 "loop warnings and a dangling-stream warning, the T4s report the SW power-cap clock reason, and the "
                 "kernel logs a perf sample-rate notice. Training finishes and the job completes. The job is opted in.",
                 "2021-01-30T09:00:00Z",
                 {"name": "tsl", "partition": "t4", "nodes": "t4n[01-12]", "gpus_per_node": 4},
                 [{"id": J, "name": "xgb-higgs-dask-gpu", "user": "mkowal", "nodes": node, "tasks_per_node": 1,
                   "started": "2021-01-30T09:00:00Z", "comment": comment(2, "/scratch/mkowal/higgs/ckpt")},
                  {"id": N, "name": "tab-resnet-sweep", "user": "aparikh", "nodes": "t4n[03-04]", "tasks_per_node": 4,
                   "started": "2021-01-30T07:45:00Z", "comment": comment(1)}])
    rng = s.rng
    d = s.at
    # start-up (SYNTH)
    ports = [41279, 36881, 44103, 39517]
    boot = ["distributed.http.proxy - INFO - To route to workers diagnostics web server please install "
            "jupyter-server-proxy: python -m pip install jupyter-server-proxy",
            "distributed.scheduler - INFO - Clear task state",
            "distributed.scheduler - INFO -   Scheduler at:     tcp://127.0.0.1:43901",
            "distributed.scheduler - INFO -   dashboard at:            127.0.0.1:8787"]
    boot += [f"distributed.nanny - INFO -         Start Nanny at: 'tcp://127.0.0.1:{p + 1}'" for p in ports]
    for i, p in enumerate(ports):
        boot += [f"distributed.scheduler - INFO - Register worker <Worker 'tcp://127.0.0.1:{p}', name: {i}, "
                 "memory: 0, processing: 0>",
                 f"distributed.scheduler - INFO - Starting worker compute stream, tcp://127.0.0.1:{p}",
                 "distributed.core - INFO - Starting established connection"]
    boot += ["distributed.scheduler - INFO - Receive client connection: Client-b52dc8d4-62d9-11eb-9e1f-0cc47a8a2f14",
             "distributed.core - INFO - Starting established connection"]
    for k, l in enumerate(boot):
        s.joblog(6.0 + 0.4 * k, J, l)
    s.joblog(16.3, J, REAL_S1_WARN[0])  # REAL_S1_WARN
    s.joblog(16.301, J, REAL_S1_WARN[1])  # REAL_S1_WARN
    s.joblog(24.0, J, "Reading /scratch/mkowal/higgs/parquet: 11000000 rows x 28 features, 64 partitions")  # SYNTH
    s.joblog(71.5, J, "DaskDMatrix ready: train 10500000 rows, valid 500000 rows (persisted on 4 workers)")  # SYNTH
    for i, p in enumerate(ports):  # SYNTH tracker lines
        s.joblog(78.0 + 0.05 * i, J, f"{tstamp(d(78.0))} task [xgboost.dask]:tcp://127.0.0.1:{p} got new rank {i}")
    t = 80.0
    sec_round = 1.052
    tl, vl = 0.6891, 0.6893
    for r in range(0, 2000):
        if r % 50 == 0 or r == 1999:
            s.joblog(t, J, f"[{r}]\ttrain-logloss:{tl:.5f}\tvalid-logloss:{vl:.5f}")  # SYNTH
        tl = max(0.452, tl - (tl - 0.45) * 0.0042 + rng.uniform(-2e-5, 2e-5))
        vl = max(0.4605, vl - (vl - 0.458) * 0.0040 + rng.uniform(-2e-5, 2e-5))
        t += sec_round + rng.uniform(-0.02, 0.02)
    t_done = t
    # harmless noise (SYNTH)
    for tt, pct in ((640.0, 11), (1490.0, 12), (1930.0, 10)):
        s.joblog(tt, J, f"distributed.utils_perf - WARNING - full garbage collections took {pct}% CPU time recently "
                        "(threshold: 10%)")
    s.joblog(1187.4, J, "distributed.core - INFO - Event loop was unresponsive in Scheduler for 3.47s.  This is often "
                        "caused by long-running GIL-holding functions or moving large chunks of data. This can cause "
                        "timeouts and instability.")
    s.joblog(1201.9, J, "distributed.comm.tcp - WARNING - Closing dangling stream in <TCP  local=tcp://127.0.0.1:43901 "
                        "remote=tcp://127.0.0.1:52214>")
    s.kernel(415.2, node, f"{dmesg_t(d(415.2))} perf: interrupt took too long (2503 > 2500), lowering "
                          "kernel.perf_event_max_sample_rate to 79750")  # SYNTH
    s.joblog(t_done + 2.0, J, f"Training done in {t_done - 80.0:.1f} s; best_iteration=1987; valid AUC 0.84117")  # SYNTH
    s.joblog(t_done + 6.5, J, "Saved booster to /scratch/mkowal/higgs/xgb_dask_gpu_2000.json")  # SYNTH
    for k, l in enumerate(["distributed.scheduler - INFO - Remove client Client-b52dc8d4-62d9-11eb-9e1f-0cc47a8a2f14",
                           "distributed.scheduler - INFO - Close client connection: "
                           "Client-b52dc8d4-62d9-11eb-9e1f-0cc47a8a2f14"]):
        s.joblog(t_done + 8.0 + 0.1 * k, J, l)
    s.job_state(t_done + 12.0, J, "COMPLETED", "0:0")  # SYNTH
    t_end = t_done + 420.0
    tn, b = 40.0, 300  # neighbour (SYNTH)
    while tn < t_end:
        s.joblog(tn, N, f"epoch 14 | batch {b}/1250 | loss {rng.uniform(0.40, 0.43):.4f} | {rng.uniform(76, 80):.1f} "
                        "samples/s")
        b = b + 50 if b < 1200 else 50
        tn += 150.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ < 75 or t_ > t_done + 10:
                return s34(rng, "t4", 0, rng.uniform(26, 31), clock=300, temp=rng.randint(33, 39), thr=1)
            capped = rng.random() < 0.45
            return s34(rng, "t4", rng.randint(78, 98), rng.uniform(66, 70) if capped else rng.uniform(52, 64),
                       clock=rng.choice([1515, 1530, 1545]) if capped else 1590, temp=rng.randint(58, 71),
                       thr=4 if capped else 0)
        return s34(rng, "t4", rng.randint(80, 96), rng.uniform(55, 68), clock=1590, thr=0)
    run_sampler(s, [node], 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["t4n03"], 4, 0.0, t_end, 180.0, fn)
    s.truth = truth(None, no_requeue=[J, N], no_drain=[node, "t4n03", "t4n04"])
    return s


# ======================================================================================
# S2  weathergen-gh200-allreduce-seqnum52-timeout-every-rank-repeats-on-new-nodes  (software: WeatherGenerator
#     training, 4 nodes x 4 GH200 (16 ranks, srun --label). Shortly after start every rank sits in the same
#     11-element ALLREDUCE (SeqNum=52); 240 s later the watchdog fires on all 16 ranks at the same second. The owner
#     requeues it; it starts on four other nodes and fails identically. The cause is the job's own Python environment
#     (the thread: fixed by deleting and reinstalling the uv venv), so a restart anywhere repeats it.)
# ======================================================================================
# Source: https://github.com/ecmwf/WeatherGenerator/issues/360 -- "NCCL Timeout During Multi-Node Training" (closed;
# the reporter: "Problem solved. I've deleted entire uv enviroment, updated the uv and installed WeatherGenerator
# again"). Same signature on several HPC systems: https://github.com/ecmwf/WeatherGenerator/issues/433 (SeqNum=52,
# ALLREDUCE, NumelIn=11, Timeout 240000 ms on leonardo, juwels, hpc2020). Verbatim: rank 11's five watchdog lines
# (srun label included); the scenario clock is chosen so their E617 15:17:35 stamps fit unchanged.
REAL_S2 = [
    "11: [rank11]:[E617 15:17:35.519071987 ProcessGroupNCCL.cpp:681] [Rank 11] Some NCCL operations have failed or "
    "timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
    "corrupted/incomplete data.",
    "11: [rank11]:[E617 15:17:35.519087787 ProcessGroupNCCL.cpp:695] [Rank 11] To avoid data inconsistency, we are "
    "taking the entire process down.",
    "11: [rank11]:[E617 15:17:35.520063769 ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank 11] Process "
    "group watchdog thread terminated with exception: [Rank 11] Watchdog caught collective operation timeout: "
    "WorkNCCL(SeqNum=52, OpType=ALLREDUCE, NumelIn=11, NumelOut=11, Timeout(ms)=240000) ran for 240077 milliseconds "
    "before timing out.",
    "11: Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:632 (most "
    "recent call first):",
    "11: frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7fff3fe361b6 in "
    "/work/ab0995/a270225/WeatherGenerator2/.venv/lib/python3.12/site-packages/torch/lib/libc10.so)",
]


def _wg_attempt(s: Scenario, J: str, nodes: list, t0: float, t_wd: float, real: bool) -> float:
    """SYNTH (except REAL_S2 on the second attempt): one WeatherGenerator run that stalls in SeqNum 52."""
    rng = s.rng
    d = s.at
    head = nodes[0]
    s.joblog(t0, J, f"0: {d(t0):%Y-%m-%d %H:%M:%S},{d(t0).microsecond // 1000:03d} INFO  weathergen.run_train: "
                    f"run_id=wgx7q2m1, world_size=16, nodes={','.join(nodes)}")
    s.joblog(t0 + 2.1, J, "0: INFO  weathergen.model: num params: 1,207,418,880 (forecast engine 14 blocks, "
                          "ae local 6, ae global 12)")
    s.joblog(t0 + 38.0, J, "0: INFO  weathergen.datasets: ERA5 zarr /p/scratch/weathergen/era5_1deg_1979_2022.zarr "
                           "opened, 368184 samples; sampling mini_epoch 0 with 4096 batches")
    t = t0 + 95.0
    for st in range(10, 50, 10):
        s.joblog(t, J, f"0: 000 : {st:05d}/04096 : {st:06d} : loss = {2.9 - 0.04 * st + rng.uniform(-0.05, 0.05):.4E} "
                       f"(lrate = {1e-6 * st:.2E}, s/sec={rng.uniform(0.43, 0.47):.3f})")
        t += 22.0 + rng.uniform(-1, 1)
    t_stall = t_wd - 240.08
    # all 16 ranks fire at the same second (rank 11's lines REAL on the second attempt)
    base_ns = 519071987
    for r in range(16):
        node = nodes[r // 4]
        tt = t_wd + 0.0004 * r
        if real and r == 11:
            for k, l in enumerate(REAL_S2):
                s.joblog(t_wd + 0.0001 * k, J, l)  # REAL_S2
            continue
        ns = (base_ns + 11000 * (r - 11) + rng.randint(0, 9000)) % 1_000_000_000
        ms = 240000 + rng.randint(40, 110)
        dd = d(tt)
        s.joblog(tt, J, f"{r:>2}: " + c10_e(r, dd, ns, 681, f"[Rank {r}] Some NCCL operations have failed or timed out. "
                 "Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
                 "corrupted/incomplete data."))
        s.joblog(tt + 0.00002, J, f"{r:>2}: " + c10_e(r, dd, ns + 15800, 695, f"[Rank {r}] To avoid data "
                 "inconsistency, we are taking the entire process down."))
        s.joblog(tt + 0.00005, J, f"{r:>2}: " + c10_e(r, dd, ns + 991782, 1895, f"[PG ID 0 PG GUID 0(default_pg) Rank "
                 f"{r}] Process group watchdog thread terminated with exception: [Rank {r}] Watchdog caught collective "
                 f"operation timeout: WorkNCCL(SeqNum=52, OpType=ALLREDUCE, NumelIn=11, NumelOut=11, "
                 f"Timeout(ms)=240000) ran for {ms} milliseconds before timing out."))
    for i, node in enumerate(nodes):
        s.joblog(t_wd + 3.1 + 0.2 * i, J, f"srun: error: {node}: tasks {4 * i}-{4 * i + 3}: Aborted (core dumped)")
    s.joblog(t_wd + 4.2, J, f"slurmstepd: error: *** STEP {J}.0 ON {head} CANCELLED AT {d(t_wd + 4.2):%Y-%m-%dT%H:%M:%S} ***")
    s.job_state(t_wd + 9.0, J, "FAILED", "6:0")
    return t_stall


def build_s2() -> Scenario:
    name = "weathergen-gh200-allreduce-seqnum52-timeout-every-rank-repeats-on-new-nodes"
    J, N = "214455", "214470"
    n1 = ["gh-011", "gh-012", "gh-013", "gh-014"]
    n2 = ["gh-027", "gh-028", "gh-029", "gh-030"]
    s = Scenario(name, "WeatherGenerator (ECMWF) pretraining on ERA5, 4 nodes x 4 GH200 (16 ranks, srun --label, one "
                 "task per GPU). ~4 min after start every rank blocks in the same ALLREDUCE (SeqNum=52, 11 elements); "
                 "all 16 GPUs spin, no kernel/Xid/link message anywhere; 240 s later the ProcessGroupNCCL watchdog "
                 "fires on all 16 ranks in the same second and the job fails. The owner requeues it; it runs on four "
                 "other nodes and fails exactly the same way at SeqNum=52. The job is opted in (max_requeues 3).",
                 "2025-06-17T14:40:00Z",
                 {"name": "jedi", "partition": "all", "nodes": "gh-[001-048]", "gpus_per_node": 4},
                 [{"id": J, "name": "wg-era5-pretrain", "user": "knowak", "nodes": "gh-[011-014]", "tasks_per_node": 4,
                   "started": "2025-06-17T14:40:20Z",
                   "comment": comment(3, "/p/scratch/weathergen/knowak/models")},
                  {"id": N, "name": "icon-ml-emulator", "user": "bschmidt", "nodes": "gh-[020-021]", "tasks_per_node": 4,
                   "started": "2025-06-17T13:05:00Z", "comment": comment(1)}])
    rng = s.rng
    t_wd2 = 2255.519  # 15:17:35.519 -- REAL_S2 stamps
    t_stall1 = _wg_attempt(s, J, n1, 20.0, 20.0 + 95.0 + 4 * 22.0 + 40.0 + 240.08, real=False)
    t_wd1 = 20.0 + 95.0 + 4 * 22.0 + 40.0 + 240.08
    s.job_state(t_wd1 + 70.0, J, "PENDING", "0:0", reason="BeginTime")  # SYNTH: owner's `scontrol requeue`
    t_r2 = t_wd2 - 240.08 - 40.0 - 4 * 22.0 - 95.0
    s.job_state(t_r2 - 2.0, J, "RUNNING", "0:0", nodes="gh-[027-030]")  # SYNTH
    t_stall2 = _wg_attempt(s, J, n2, t_r2, t_wd2, real=True)
    t_end = t_wd2 + 420.0
    tn = 30.0
    while tn < t_end:  # neighbour (SYNTH)
        s.joblog(tn, N, f"[{s.at(tn):%H:%M:%S}] step {int(tn // 30) + 8120:6d} | mse {rng.uniform(0.011, 0.013):.5f} | "
                        f"{rng.uniform(2.1, 2.3):.2f} it/s")
        tn += 120.0

    def state(n_, t_):
        if n_ in n1:
            if 20 < t_ < t_stall1:
                return "busy"
            if t_stall1 <= t_ < t_wd1 + 5:
                return "spin"
            return "idle"
        if n_ in n2:
            if t_r2 < t_ < t_stall2:
                return "busy"
            if t_stall2 <= t_ < t_wd2 + 5:
                return "spin"
            return "idle"
        return "busy"

    def fn(n_, g, t_):  # SYNTH
        st = state(n_, t_)
        if st == "busy":
            return s34(rng, "gh200", rng.randint(90, 100), rng.uniform(420, 560), clock=1980)
        if st == "spin":
            return s34(rng, "gh200", 100, rng.uniform(150, 190), clock=1980)
        return s34(rng, "gh200", 0, rng.uniform(88, 104), clock=345, temp=rng.randint(31, 36))
    run_sampler(s, n1 + n2, 4, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["gh-020"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_wd1, "category": "software"}, no_requeue=[J, N], no_drain=n1 + n2)
    return s


# ======================================================================================
# S3  nemorl-grpo-2node-a100-gpu2-lost-from-bus-a4n010  (gpu_hardware: NeMo-RL GRPO (Qwen2.5-1.5B, colocated vLLM
#     generation) on 2 nodes x 4 A100 80GB. At step 18 GPU 2 of a4n010 (bus 0000:81:00) falls off the bus: Xid 79,
#     then the driver's GPU_IS_LOST assertions and failed GSP RPCs repeat; the vLLM worker on it dies with a CUDA
#     error and the Ray job fails.)
# ======================================================================================
# Source: https://github.com/NVIDIA/open-gpu-kernel-modules/issues/688 -- "gpuHandleSanityCheckRegReadError_GM107:
# Possible bad register read" (closed); turn 12, a DGX Station A100 (4 x A100 80GB) that rebooted; its kernel log:
# "GPU lost from the bus [NV_ERR_GPU_IS_LOST]" assertions and "rpcSendMessage failed ... for fn 76!". Verbatim: those
# two message bodies; the journal prefix (stamp/host) is rewritten; the scenario clock is chosen so the thread's
# stamps (Feb 17 08:00:34 ...) fit unchanged. The Xid 79 line naming the bus, NeMo-RL/Ray output and Slurm are SYNTH.
REAL_S3_LOST = ("NVRM: nvAssertOkFailedNoLog: Assertion failed: GPU lost from the bus [NV_ERR_GPU_IS_LOST] "
                "(0x0000000F) returned from rmStatus @ kernel_ce_gv100.c:106")
REAL_S3_RPC = "NVRM: _issueRpcAndWait: rpcSendMessage failed with status 0x0000000f for fn 76!"


def build_s3() -> Scenario:
    name = "nemorl-grpo-2node-a100-gpu2-lost-from-bus-a4n010"
    J, N = "770312", "770290"
    nodes = ["a4n009", "a4n010"]
    bad, bad_gpu = "a4n010", 2
    s = Scenario(name, "NeMo-RL GRPO (Qwen2.5-1.5B, math data, colocated vLLM generation, DTensor policy), Ray on 2 "
                 "nodes x 4 A100 80GB. One GRPO step every ~70 s. During step 18's generation, GPU 2 of a4n010 (bus "
                 "0000:81:00) falls off the bus: the kernel logs Xid 79 and then repeated NV_ERR_GPU_IS_LOST "
                 "assertions and failed GSP RPCs; the vLLM worker on that GPU dies with a CUDA error and the job "
                 "fails. The job is opted in.",
                 "2025-02-17T07:40:00Z",
                 {"name": "hgx4", "partition": "a100", "nodes": "a4n[001-032]", "gpus_per_node": 4,
                  "pci_bus_ids": A100_4_BUS},
                 [{"id": J, "name": "nemorl-grpo-qwen1.5b-math", "user": "tyamada", "nodes": "a4n[009-010]",
                   "tasks_per_node": 4, "started": "2025-02-17T07:21:00Z",
                   "comment": comment(2, "/lustre/rl/tyamada/results/grpo-qwen1.5b")},
                  {"id": N, "name": "bionemo-esm2-ft", "user": "okeefe", "nodes": "a4n[012-013]", "tasks_per_node": 4,
                   "started": "2025-02-17T05:10:00Z", "comment": comment(1)}])
    rng = s.rng
    d = s.at
    t_fault = 1233.2
    t = 30.0
    step = 2
    while True:
        gen = rng.uniform(36, 41)
        blk = [f"========================= Step {step}/500 =========================",
               "\u25b6 Preparing batch...",
               "\u25b6 Generating responses for batch of size 512..."]
        for k, l in enumerate(blk):
            s.joblog(t + 0.01 * k, J, l)  # SYNTH
        if t + gen > t_fault:
            break
        tr = rng.uniform(18, 21)
        lp = rng.uniform(8.4, 9.3)
        rest = ["\u25b6 Processing rewards...", "\u25b6 Computing advantages...",
                "\u25b6 Preparing for logprob inference...", "\u25b6 Computing logprobs...",
                "\u25b6 Preparing for training...", "\u25b6 Training policy...",
                "\U0001F4CA Training Results:",
                f"  \u2022 Loss: {rng.uniform(-0.02, 0.02):.4f}",
                f"  \u2022 Avg Reward: {0.31 + 0.008 * step + rng.uniform(-0.02, 0.02):.4f}",
                f"  \u2022 Mean Generation Length: {rng.uniform(560, 640):.4f}",
                "\u23f1\ufe0f  Timing:",
                f"  \u2022 Total step time: {gen + tr + lp + 3.1:.2f}s",
                f"  \u2022 generation: {gen:.2f}s ({100 * gen / (gen + tr + lp + 3.1):.1f}%)",
                f"  \u2022 policy_training: {tr:.2f}s ({100 * tr / (gen + tr + lp + 3.1):.1f}%)"]
        for k, l in enumerate(rest):
            s.joblog(t + gen + 0.5 + 0.01 * k + (tr + lp if k >= 6 else 0), J, l)  # SYNTH
        t += gen + tr + lp + 3.1 + rng.uniform(0.2, 0.6)
        step += 1
    # the GPU falls off the bus (SYNTH Xid line naming the bus, REAL driver bodies after it)
    bus = A100_4_BUS[bad_gpu]
    s.kernel(t_fault, bad, f"{journal_t(d(t_fault), bad)} NVRM: Xid (PCI:{bus}): 79, pid='<unknown>', name=<unknown>, "
                           "GPU has fallen off the bus.")  # SYNTH
    s.kernel(t_fault + 0.01, bad, f"{journal_t(d(t_fault), bad)} NVRM: GPU {bus}.0: GPU has fallen off the bus.")  # SYNTH
    for base in (1234.0, 1242.0, 1264.0, 1306.0, 1336.0):   # 08:00:34, 08:00:42, 08:01:04 ... (thread's cadence)
        for k in range(3):
            s.kernel(base + 0.001 * k, bad, f"{journal_t(d(base), bad)} {REAL_S3_RPC}")  # REAL_S3_RPC
        s.kernel(base + 0.004, bad, f"{journal_t(d(base), bad)} {REAL_S3_LOST}")  # REAL_S3_LOST
    ip = "10.31.0.10"
    pid = 48211
    fail = [f"(VllmGenerationWorker pid={pid}, ip={ip}) ERROR {d(1235.1):%m-%d %H:%M:%S} [worker.py:421] "
            "Error executing method generate. This might cause deadlock in distributed execution.",
            f"(VllmGenerationWorker pid={pid}, ip={ip}) RuntimeError: CUDA error: unspecified launch failure",
            f"(VllmGenerationWorker pid={pid}, ip={ip}) CUDA kernel errors might be asynchronously reported at some "
            "other API call, so the stacktrace below might be incorrect.",
            f"(raylet, ip={ip}) A worker died or was killed while executing a task by an unexpected system error. To "
            "troubleshoot the problem, check the logs for the dead worker.",
            "Traceback (most recent call last):",
            '  File "/opt/nemo-rl/examples/run_grpo_math.py", line 281, in <module>',
            "    main()",
            '  File "/opt/nemo-rl/nemo_rl/algorithms/grpo.py", line 586, in grpo_train',
            "    batch, rollout_metrics = run_multi_turn_rollout(",
            f"ray.exceptions.RayTaskError(RuntimeError): ray::VllmGenerationWorker.generate() (pid={pid}, ip={ip}, "
            "actor_id=9f2b1c0e6d4a8e33a1c5b70a01000000, repr=VllmGenerationWorker[rank=6])",
            "RuntimeError: CUDA error: unspecified launch failure"]
    for k, l in enumerate(fail):
        s.joblog(1235.1 + 0.05 * k + (3.0 if k >= 3 else 0), J, l)  # SYNTH
    s.joblog(1252.0, J, f"srun: error: {nodes[0]}: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(1258.0, J, "FAILED", "1:0")  # SYNTH
    t_end = 1258.0 + 600.0
    tn = 50.0
    while tn < t_end:  # neighbour (SYNTH): NeMo/Lightning-style progress
        s.joblog(tn, N, f"Epoch 3: {int(tn // 12) + 1100}/6400 [train_loss={rng.uniform(2.05, 2.15):.3f}, "
                        f"consumed_samples={int(tn // 12) * 256 + 921600}]")
        tn += 150.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if n_ == bad and g == bad_gpu and t_ > t_fault:
                if t_ < t_fault + 70:
                    return {"DCGM_FI_DEV_XID_ERRORS": 79, "DCGM_FI_DEV_GPU_UTIL": 0}
                return None   # exporter gets nothing from a lost GPU
            if t_ > 1260:
                return s34(rng, "a100_80", 0, rng.uniform(56, 64), clock=210, temp=rng.randint(32, 38))
            return s34(rng, "a100_80", rng.randint(72, 99), rng.uniform(250, 360), clock=1410, fb=rng.randint(61000, 71000))
        return s34(rng, "a100_80", rng.randint(88, 99), rng.uniform(280, 360), clock=1410)
    run_sampler(s, nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["a4n012"], 4, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": bad, "gpu": bad_gpu}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=[nodes[0]])
    return s


# ======================================================================================
# S4  apex-rn50-2node-rtxa4000-hot-slot-gpu6-straggler  (gpu_degraded: NVIDIA Apex ImageNet example (main_amp.py,
#     O2) on 2 nodes x 8 RTX A4000, 16 ranks. GPU 6 of a4k-05 sits in a badly cooled slot: it climbs to 93 C,
#     thermal slowdown sets in, its SM clock drops to ~1 GHz and the whole job's batch time goes from 0.20 s to
#     ~0.31 s; every other GPU waits (lower util and power). No Xid, no error; the job keeps running.)
# ======================================================================================
# Source: https://github.com/tensorflow/tensorflow/issues/8741 -- "temperature will be higher when I using two
# different cards in the same machine" (closed): the second card runs hotter and "the training will be slower and
# slower"; the reply: "It may just run hotter and slower because of the cooling for the card". The thread quotes no
# log line: no REAL literal; the trainer (Apex), cluster, telemetry and every line are SYNTH.
def build_s4() -> Scenario:
    name = "apex-rn50-2node-rtxa4000-hot-slot-gpu6-straggler"
    J, N = "88231", "88240"
    nodes = ["a4k-04", "a4k-05"]
    bad, bad_gpu = "a4k-05", 6
    s = Scenario(name, "NVIDIA Apex examples/imagenet main_amp.py (ResNet-50, --opt-level O2, batch 64 per GPU), "
                 "2 nodes x 8 RTX A4000 (16 ranks), rank 0 prints every 100 iterations. GPU 6 of a4k-05 heats up "
                 "(blower card in a badly cooled slot): from ~13 min it reports 92-94 C with thermal slowdown, its SM "
                 "clock drops to ~1 GHz and the job's batch time rises from ~0.20 s to ~0.31 s; the other 15 GPUs "
                 "wait at lower utilisation. No Xid, no kernel message. The job is opted in.",
                 "2023-03-27T13:00:00Z",
                 {"name": "wks", "partition": "a4000", "nodes": "a4k-[01-10]", "gpus_per_node": 8},
                 [{"id": J, "name": "apex-rn50-amp-o2", "user": "lzhiyuan", "nodes": "a4k-[04-05]", "tasks_per_node": 8,
                   "started": "2023-03-27T11:52:00Z", "comment": comment(2, "/data/lzhiyuan/apex_rn50/ckpt")},
                  {"id": N, "name": "yolox-s-coco", "user": "mtan", "nodes": "a4k-07", "tasks_per_node": 8,
                   "started": "2023-03-27T12:30:00Z", "comment": comment(1)}])
    rng = s.rng
    t_deg = 782.0
    ws = 1024
    t, ep, it = 4.0, 9, 700
    loss_avg, p1a, p5a = 3.05, 38.1, 63.4
    bta = 0.201
    while t < 3400.0:
        slow = t > t_deg + 15
        bt = (0.305 if slow else 0.200) + rng.uniform(-0.008, 0.012)
        bta = bta * 0.9 + bt * 0.1
        loss = loss_avg + rng.uniform(-0.25, 0.25)
        p1 = p1a + rng.uniform(-5, 5)
        p5 = p5a + rng.uniform(-5, 5)
        s.joblog(t, J, apex_line(ep, it, 1251, bt, bta, ws, loss, loss_avg, p1, p1a, p5, p5a))  # SYNTH
        it += 100
        t += 100 * bt
        if it > 1251:
            t += 21.0
            s.joblog(t, J, f" * Prec@1 {p1a + 2.1:.3f} Prec@5 {p5a + 1.7:.3f}")  # SYNTH (validation summary)
            t += 1.5
            ep += 1
            it = 0
            loss_avg -= 0.04
            p1a += 0.9
            p5a += 0.7

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if n_ == bad and g == bad_gpu:
                if t_ < t_deg:
                    return s34(rng, "rtxa4000", rng.randint(97, 100), rng.uniform(128, 138), clock=1560,
                               temp=min(91, 82 + int(t_ / 90)), thr=0)
                return s34(rng, "rtxa4000", 100, rng.uniform(96, 108), clock=rng.choice([975, 990, 1005, 1035, 1080]),
                           temp=rng.randint(92, 94), thr=0x60)
            if t_ < t_deg:
                return s34(rng, "rtxa4000", rng.randint(95, 100), rng.uniform(124, 138), clock=1560,
                           temp=rng.randint(71, 80), thr=0)
            return s34(rng, "rtxa4000", rng.randint(61, 72), rng.uniform(88, 104), clock=1560,
                       temp=rng.randint(68, 76), thr=0)
        return s34(rng, "rtxa4000", rng.randint(90, 100), rng.uniform(118, 136), clock=1560, thr=0)
    t_end = 3400.0
    run_sampler(s, nodes, 8, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["a4k-07"], 8, 0.0, t_end, 300.0, fn)
    tn = 45.0
    while tn < t_end:  # neighbour (SYNTH): YOLOX logger
        s.joblog(tn, N, f"{s.at(tn):%Y-%m-%d %H:%M:%S} | INFO     | yolox.core.trainer:261 - epoch: 122/300, iter: "
                        f"{int(tn // 60) % 36 * 50 + 50}/1849, mem: 9870Mb, iter_time: {rng.uniform(0.52, 0.56):.3f}s, "
                        f"data_time: 0.004s, total_loss: {rng.uniform(6.1, 6.5):.1f}, lr: 7.912e-03, size: 640, "
                        "ETA: 2 days, 6:12:41")
        tn += 180.0
    s.truth = truth({"t": t_deg, "category": "gpu_degraded", "node": bad, "gpu": bad_gpu}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=[nodes[0], "a4k-07"])
    return s


# ======================================================================================
# S5  pyg-sage-3node-l4-bond1-flap-l4-07  (network: PyG GraphSAGE on ogbn-papers100M with DDP over NCCL sockets
#     (NCCL_IB_DISABLE=1, NCCL_SOCKET_IFNAME=bond1), 3 nodes x 8 L4. The data bond of l4-07 loses both slaves, comes
#     back, loses them again; NCCL's sockets to and from l4-07 are reset and the job dies.)
# ======================================================================================
# Source: https://github.com/coreos/bugs/issues/2515 -- "Bonding devices flapping" (closed): "On some bare metal
# servers, we are observing flapping behaviour on bond interfaces ... it starts to flap up/down indefinitely";
# other servers with the same config work. Verbatim: the six dmesg bodies below (their `[ 1202.718785]` stamps are
# replaced by this corpus's `dmesg -T` stamps). The link-up lines, NCCL/PyTorch output, PyG lines and Slurm are SYNTH.
REAL_S5 = [
    "bond0: link status definitely down for interface eno50, disabling it",
    "bond0: making interface eno49 the new active one",
    "ixgbe 0000:03:00.0: removed PHC on eno49",
    "bond1: link status definitely down for interface ens3f1, disabling it",
    "bond1: link status definitely down for interface ens3f0, disabling it",
    "bond1: now running without any active interface!",
]


def build_s5() -> Scenario:
    name = "pyg-sage-3node-l4-bond1-flap-l4-07"
    J, N = "4410", "4398"
    nodes = ["l4-06", "l4-07", "l4-08"]
    bad = "l4-07"
    s = Scenario(name, "PyTorch Geometric GraphSAGE (NeighborLoader) on ogbn-papers100M, torchrun DDP on 3 nodes x 8 "
                 "L4 (24 ranks), NCCL over TCP sockets on the 2 x 10 GbE data bond (NCCL_IB_DISABLE=1, "
                 "NCCL_SOCKET_IFNAME=bond1); rank 0 logs every 50 steps (~0.35 s/step). At ~25 min the kernel of l4-07 "
                 "reports both bond1 slaves down (and a bond0 failover); the bond comes back and drops again. NCCL on "
                 "the neighbours logs resets/closed connections to l4-07's address, the watchdogs abort and the job "
                 "fails. GPUs show nothing. The job is opted in.",
                 "2024-05-14T10:00:00Z",
                 {"name": "l4c", "partition": "l4", "nodes": "l4-[01-24]", "gpus_per_node": 8},
                 [{"id": J, "name": "pyg-sage-papers100m", "user": "rgupta", "nodes": "l4-[06-08]", "tasks_per_node": 8,
                   "started": "2024-05-14T09:31:00Z", "comment": comment(2, "/home/rgupta/ckpt/sage")},
                  {"id": N, "name": "whisper-small-ft", "user": "dkim", "nodes": "l4-[12-13]", "tasks_per_node": 8,
                   "started": "2024-05-14T08:00:00Z", "comment": comment(1)}])
    rng = s.rng
    d = s.at
    t_flap = 1502.4
    t, ep, stp = 8.0, 4, 400
    while t < t_flap + 3:
        s.joblog(t, J, f"Epoch: {ep:02d}, Step: {stp:05d}/06104, Loss: {1.42 - 0.002 * (stp // 50) + rng.uniform(-0.03, 0.03):.4f}, "
                       f"Train time/step: {rng.uniform(0.338, 0.362):.4f}s")  # SYNTH
        stp += 50
        t += 50 * 0.35 + rng.uniform(-0.4, 0.4)
    # kernel: l4-07 bond flaps (REAL bodies, SYNTH stamps + SYNTH link-up lines)
    k = lambda tt, body: s.kernel(tt, bad, f"{dmesg_t(d(tt))} {body}")
    k(t_flap - 0.7, REAL_S5[0])
    k(t_flap - 0.68, REAL_S5[1])
    k(t_flap - 0.62, REAL_S5[2])
    for cyc, (down, up) in enumerate(((t_flap, t_flap + 9.4), (t_flap + 31.2, t_flap + 46.9), (t_flap + 70.5, t_flap + 83.0))):
        k(down, REAL_S5[3])
        k(down + 0.02, REAL_S5[4])
        k(down + 0.04, REAL_S5[5])
        k(up, "bond1: link status definitely up for interface ens3f0, 10000 Mbps full duplex")  # SYNTH
        k(up + 0.01, "bond1: making interface ens3f0 the new active one")  # SYNTH
        k(up + 0.02, "bond1: first active interface up!")  # SYNTH
        k(up + 0.5 + cyc, "bond1: link status definitely up for interface ens3f1, 10000 Mbps full duplex")  # SYNTH
    k(t_flap + 1.1, "ixgbe 0000:03:00.1 ens3f0: NIC Link is Down")  # SYNTH
    # NCCL / torch on the peers (SYNTH)
    ipbad = "10.40.2.7"
    for i, (node, pid, dev) in enumerate((("l4-06", 51122, 7), ("l4-08", 50871, 0), ("l4-06", 51119, 4))):
        tt = t_flap + 14.2 + 0.3 * i
        s.joblog(tt, J, f"{node}:{pid}:{pid + 268} [{dev}] misc/socket.cc:536 NCCL WARN Net : Call to recv from "
                        f"{ipbad}<{46018 + 7 * i}> failed : Connection reset by peer")
        s.joblog(tt + 0.001, J, f"{node}:{pid}:{pid + 268} [{dev}] NCCL INFO misc/socket.cc:547 -> 6")
        s.joblog(tt + 0.002, J, f"{node}:{pid}:{pid + 268} [{dev}] NCCL INFO transport/net_socket.cc:474 -> 6")
        s.joblog(tt + 0.003, J, f"{node}:{pid}:{pid + 268} [{dev}] NCCL INFO transport/net.cc:1302 -> 6")
        s.joblog(tt + 0.004, J, f"{node}:{pid}:{pid + 268} [{dev}] NCCL INFO proxy.cc:694 -> 6 [Progress Thread]")
    s.joblog(t_flap + 15.9, J, f"l4-07:49311:49590 [3] misc/socket.cc:536 NCCL WARN Net : Connection closed by "
                               "remote peer 10.40.2.8<51844>")
    for i, r in enumerate((7, 4, 16, 11)):
        tt = t_flap + 16.4 + 0.1 * i
        s.joblog(tt, J, c10_e(r, d(tt), 112233445 + 77 * r, 1710, f"[PG 0 (default_pg) Rank {r}] Process group watchdog "
                        "thread terminated with exception: NCCL error: remote process exited or there was a network "
                        "error, NCCL version 2.20.5"))
    t_fail = t_flap + 19.0
    torchrun_failure(s, t_fail, J, "l4-06", [7, 4], [51122, 51119], "train_sage_papers100m.py",
                     "/opt/conda/lib/python3.11/site-packages", exitcode=-6, lranks=[7, 4])  # SYNTH
    s.joblog(t_fail + 1.2, J, "srun: error: l4-06: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t_fail + 6.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_flap + 600.0
    tn = 30.0
    while tn < t_end:  # neighbour (SYNTH): HF Trainer dict
        s.joblog(tn, N, hf_trainer_dict(rng.uniform(0.31, 0.35), rng.uniform(1.2, 1.6), 8.1e-06, 2.0 + tn / 9000))
        tn += 150.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ > t_fail + 5:
                return s34(rng, "l4", 0, rng.uniform(14, 18), clock=210, temp=rng.randint(30, 36))
            if t_flap + 2 < t_ < t_fail + 5:
                return s34(rng, "l4", 100, rng.uniform(30, 36), clock=2040)
            return s34(rng, "l4", rng.randint(84, 99), rng.uniform(56, 70), clock=2040)
        return s34(rng, "l4", rng.randint(88, 99), rng.uniform(58, 70), clock=2040)
    run_sampler(s, nodes, 8, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["l4-12"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_flap, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=[n for n in nodes if n != bad])
    return s


# ======================================================================================
# S6  mindspore-3node-rtx6000ada-soft-lockup-panic-ada05  (node_failure: MindSpore 2.3 ResNet-101 ImageNet on 3 nodes
#     x 8 RTX 6000 Ada, launched with mpirun (NCCL). ada05's kernel reports soft lockups, then panics with
#     "softlockup: hung tasks" and the host goes silent; OpenMPI loses its daemon, Slurm marks the node DOWN, the job
#     NODE_FAIL; ~6 min later the node reboots and registers as "Node unexpectedly rebooted".)
# ======================================================================================
# Source: https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/issues/138 -- "GKE nodes restarting due to
# soft lockup - CPU" (closed): "Nodes ... are restarting with error `watchdog: BUG: soft lockup - CPU#2 stuck for
# XXs`. The above error will trigger the kernel panic `Kernel panic - not syncing: softlockup: hung tasks` and then the
# node reboots after 10sec." Verbatim: the panic message. The soft-lockup lines (the thread gives them with XX
# placeholders), call traces, MindSpore/OpenMPI output and Slurm are SYNTH.
REAL_S6_PANIC = "Kernel panic - not syncing: softlockup: hung tasks"


def build_s6() -> Scenario:
    name = "mindspore-3node-rtx6000ada-soft-lockup-panic-ada05"
    J, N = "9031", "9019"
    nodes = ["ada04", "ada05", "ada06"]
    bad = "ada05"
    s = Scenario(name, "MindSpore 2.3 (GPU, NCCL) ResNet-101 on ImageNet, mpirun across 3 nodes x 8 RTX 6000 Ada (24 "
                 "ranks), rank 0's LossMonitor every 100 steps and TimeMonitor per epoch. At ~30 min ada05's kernel "
                 "logs CPU soft lockups; ~75 s later it panics with `softlockup: hung tasks` and the host goes silent "
                 "(telemetry stops). OpenMPI loses its remote daemon and aborts, Slurm marks ada05 "
                 "DOWN+NOT_RESPONDING and the job NODE_FAIL; the node reboots and re-registers about six minutes "
                 "later. The job is opted in.",
                 "2024-09-02T07:00:00Z",
                 {"name": "ada", "partition": "ada", "nodes": "ada[01-20]", "gpus_per_node": 8},
                 [{"id": J, "name": "ms-resnet101-imagenet", "user": "wliang", "nodes": "ada[04-06]",
                   "tasks_per_node": 8, "started": "2024-09-02T05:44:00Z",
                   "comment": comment(3, "/share/wliang/ms_ckpt/resnet101")},
                  {"id": N, "name": "sd15-lora-dreambooth", "user": "jperez", "nodes": "ada[09-10]",
                   "tasks_per_node": 8, "started": "2024-09-02T06:20:00Z", "comment": comment(1)}])
    rng = s.rng
    d = s.at
    t_lock = 1801.3
    t_panic = 1876.8
    steps, step_s = 1668, 0.251
    t, ep, st = 12.0, 11, 300
    while t < t_lock + 20:
        s.joblog(t, J, ms_loss(ep, st, 2.41 - 0.05 * (ep - 11) + rng.uniform(-0.15, 0.15)))  # SYNTH
        st += 100
        t += 100 * step_s + rng.uniform(-0.3, 0.3)
        if st > steps:
            s.joblog(t - 20.0, J, f"Train epoch time: {steps * step_s * 1000 + rng.uniform(-800, 800):.3f} ms, per step "
                                  f"time: {step_s * 1000 + rng.uniform(-2, 2):.3f} ms")  # SYNTH
            ep += 1
            st = 100
    # ada05 kernel (SYNTH lockup lines + REAL panic message)
    kk = lambda tt, body: s.kernel(tt, bad, f"{dmesg_t(d(tt))} {body}")
    lock = [(t_lock, 37, 23, "python", 28817), (t_lock + 28.0, 37, 49, "python", 28817),
            (t_lock + 36.0, 12, 22, "kworker/12:1", 1193), (t_lock + 56.0, 37, 75, "python", 28817)]
    for tt, cpu, sec, comm, pid in lock:
        kk(tt, f"watchdog: BUG: soft lockup - CPU#{cpu} stuck for {sec}s! [{comm}:{pid}]")
        kk(tt + 0.001, f"CPU: {cpu} PID: {pid} Comm: {comm} Tainted: P           OEL    5.15.0-119-generic #129-Ubuntu")
        kk(tt + 0.002, "RIP: 0010:native_queued_spin_lock_slowpath+0x1f2/0x2b0")
        kk(tt + 0.003, "Call Trace:")
        kk(tt + 0.004, " <IRQ>")
        kk(tt + 0.005, " ? watchdog_timer_fn+0x1b4/0x220")
    kk(t_panic, REAL_S6_PANIC)  # REAL_S6_PANIC
    kk(t_panic + 0.01, "CPU: 37 PID: 28817 Comm: python Tainted: P           OEL    5.15.0-119-generic #129-Ubuntu")
    kk(t_panic + 0.02, "Kernel Offset: 0x1c600000 from 0xffffffff81000000 (relocation range: "
                       "0xffffffff80000000-0xffffffffbfffffff)")
    kk(t_panic + 0.03, "---[ end Kernel panic - not syncing: softlockup: hung tasks ]---")
    # OpenMPI / job (SYNTH)
    orte = ["--------------------------------------------------------------------------",
            "ORTE has lost communication with a remote daemon.", "",
            "  HNP daemon   : [[41325,0],0] on node ada04",
            "  Remote daemon: [[41325,0],1] on node ada05", "",
            "This is usually due to either a failure of the TCP network",
            "connection to the node, or possibly an internal failure of",
            "the daemon itself. We cannot recover from this failure, and",
            "therefore will terminate the job.",
            "--------------------------------------------------------------------------"]
    t_orte = t_panic + 33.5
    for i, l in enumerate(orte):
        s.joblog(t_orte + 0.001 * i, J, l)
    t_down = t_panic + 96.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.job_state(t_down + 1.0, J, "NODE_FAIL", "0:0", reason="NodeFail")  # SYNTH
    t_boot = t_panic + 352.0
    kk(t_boot, "Linux version 5.15.0-119-generic (buildd@lcy02-amd64-034) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) "
               "11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #129-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024")  # SYNTH
    s.node_state(t_boot + 64.0, bad, "DOWN", "Node unexpectedly rebooted")  # SYNTH (ReturnToService=1 not set)
    t_end = t_boot + 240.0
    tn = 35.0
    while tn < t_end:  # neighbour (SYNTH): accelerate/diffusers tqdm
        n = int(tn // 4) + 1200
        s.joblog(tn, N, f"Steps:  {100 * n // 4000:2d}%| {n}/4000 [{fmt_interval(tn + 2400)}<{fmt_interval((4000 - n) * 4)}, "
                        f" 4.02s/it, loss={rng.uniform(0.05, 0.2):.3f}, lr=0.0001]")
        tn += 150.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if n_ == bad and t_panic < t_ < t_boot + 60:
                return None
            if t_ > t_orte + 5 or (n_ == bad and t_ > t_boot):
                return s34(rng, "rtx6000ada", 0, rng.uniform(18, 26), clock=210, temp=rng.randint(30, 37))
            if t_lock < t_ < t_orte + 5:
                return s34(rng, "rtx6000ada", 100, rng.uniform(92, 110), clock=2505)
            return s34(rng, "rtx6000ada", rng.randint(92, 100), rng.uniform(240, 295), clock=2505)
        return s34(rng, "rtx6000ada", rng.randint(85, 99), rng.uniform(230, 290), clock=2505)
    run_sampler(s, nodes, 8, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["ada09"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_lock, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=[n for n in nodes if n != bad])
    return s


# ======================================================================================
# S7  unimol-3node-h100nvl-one-gpu-idle-hang-nvl-11  (hang: Uni-Mol pretraining on Unicore, 3 nodes x 8 H100 NVL,
#     24 ranks. Progress stops after update 26700; GPU 5 of nvl-11 drops to 0 % utilisation (slightly less memory)
#     while the other 23 GPUs sit at 100 % at low power; 30 min later the watchdog reports the timed-out ALLREDUCE on
#     23 ranks -- all but rank 13 (nvl-11, local 5). No kernel, Xid or link evidence; no history.)
# ======================================================================================
# Source: https://github.com/hpcaitech/ColossalAI/issues/5969 -- "[BUG]: Hang on startup" (closed): multi-node
# training hangs; "all GPUs are at 100% load and x MB memory, execpt for one GPU, which is at 0% load and 0.95 x MB
# memory". The symptom is taken from there; the trainer (Unicore/Uni-Mol), cluster and every line are SYNTH: no REAL
# literal (the thread's own lines are an Open-Sora banner and torchrun's OMP notice, used by earlier corpora).
def build_s7() -> Scenario:
    name = "unimol-3node-h100nvl-one-gpu-idle-hang-nvl-11"
    J, N = "611204", "611190"
    nodes = ["nvl-10", "nvl-11", "nvl-12"]
    bad, bad_gpu = "nvl-11", 5
    stuck_rank = 8 + bad_gpu
    s = Scenario(name, "Uni-Mol molecular pretraining (Unicore trainer, torchrun, NCCL) on 3 nodes x 8 H100 NVL (24 "
                 "ranks); rank 0 writes a train_inner line every 100 updates (~70 s). After update 26700 nothing more "
                 "is logged. GPU 5 of nvl-11 falls to 0 % utilisation with ~95 % of its peers' memory while the other "
                 "23 GPUs spin at 100 % and low power. 30 min later the NCCL watchdog reports the timed-out ALLREDUCE "
                 "on every rank except rank 13 (nvl-11, local GPU 5); the job then fails. No kernel, Xid or network "
                 "message; no earlier verdicts about these nodes. The job is opted in.",
                 "2024-08-06T04:00:00Z",
                 {"name": "nvl", "partition": "h100nvl", "nodes": "nvl-[01-16]", "gpus_per_node": 8},
                 [{"id": J, "name": "unimol-pretrain-pcqm", "user": "rhen", "nodes": "nvl-[10-12]", "tasks_per_node": 8,
                   "started": "2024-08-05T22:40:00Z", "comment": comment(2, "/scratch/rhen/unimol/ckpt")},
                  {"id": N, "name": "esmfold-distill", "user": "tkato", "nodes": "nvl-[14-15]", "tasks_per_node": 8,
                   "started": "2024-08-06T01:10:00Z", "comment": comment(1)}])
    rng = s.rng
    d = s.at
    t, nu, i = 40.0, 24000, 1720
    wall0 = 5 * 3600 + 1150
    while nu <= 26700:
        ups = rng.uniform(1.40, 1.45)
        s.joblog(t, J, unicore_inner(d(t), 7, i, 3890, 1.62 - (nu - 24000) / 90000 + rng.uniform(-0.02, 0.02), ups, nu,
                                     9.6e-05 - (nu - 24000) * 1e-10, rng.uniform(0.8, 1.1), int(70 * (nu / 100 - 230)),
                                     int(wall0 + t)))  # SYNTH
        nu += 100
        i += 100
        t += 100 / ups
    t_last = t - 100 / ups
    t_hang = t_last + 22.0
    t_wd = t_hang + 1800.0 + 0.7
    seq = 642019
    for k, r in enumerate([r for r in range(24) if r != stuck_rank]):
        tt = t_wd + 0.02 * k
        s.joblog(tt, J, c10_e(r, d(tt), 100000000 + 4093 * r, 616, f"[Rank {r}] Watchdog caught collective operation "
                        f"timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) "
                        f"ran for {1800000 + 500 + 3 * k} milliseconds before timing out."))  # SYNTH
    t_fail = t_wd + 8.0
    torchrun_failure(s, t_fail, J, "nvl-10", [0, 1], [190311, 190312], "unicore-train",
                     "/opt/conda/lib/python3.10/site-packages", exitcode=-6)  # SYNTH
    s.job_state(t_fail + 15.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_fail + 300.0
    tn = 60.0
    while tn < t_end:  # neighbour (SYNTH)
        s.joblog(tn, N, f"[{d(tn):%Y-%m-%d %H:%M:%S}] step {int(tn // 3) + 40100} | distill_loss {rng.uniform(0.82, 0.86):.4f} "
                        f"| lddt {rng.uniform(0.71, 0.73):.3f} | 0.33 step/s")
        tn += 240.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ > t_fail + 5:
                return s34(rng, "h100nvl", 0, rng.uniform(58, 66), clock=345, temp=rng.randint(31, 36), fb=rng.randint(0, 500))
            if n_ == bad and g == bad_gpu and t_ > t_hang:
                return s34(rng, "h100nvl", 0, rng.uniform(88, 96), clock=1785, temp=rng.randint(38, 42),
                           fb=rng.randint(73800, 74600), thr=0)
            if t_ > t_hang:
                return s34(rng, "h100nvl", 100, rng.uniform(118, 132), clock=1785, fb=rng.randint(77900, 78700), thr=0)
            return s34(rng, "h100nvl", rng.randint(92, 100), rng.uniform(300, 370), clock=1785,
                       fb=rng.randint(77900, 78700), thr=0)
        return s34(rng, "h100nvl", rng.randint(88, 99), rng.uniform(290, 360), clock=1785)
    run_sampler(s, nodes, 8, 0.0, t_end, 180.0, fn)
    run_sampler(s, ["nvl-14"], 8, 0.0, t_end, 600.0, fn)
    s.truth = truth({"t": t_hang, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}}, no_requeue=[N],
                    no_drain=list(nodes))
    return s


# ======================================================================================
# S8  s3-gateway-slowdown-three-owners-dlrm-datatrove-keras  (infrastructure: the site's S3 endpoint starts answering
#     503 SlowDown. Within ~4 min a TorchRec DLRM job streaming Criteo parquet, a datatrove CommonCrawl filtering job
#     and a Keras 3 job copying checkpoints with `aws s3 cp` -- three owners, disjoint nodes -- fail on it.)
# ======================================================================================
# Source: https://github.com/huggingface/datatrove/issues/302 -- "Frequent S3 Slowdown Error" (closed): the maintainer:
# "The s3 bucket is shared resource so there is high demand here"; verbatim: the error dict the reporter quotes
# (embedded in a SYNTH datatrove log line). Second source for the CLI wording:
# https://github.com/DistributedScience/Distributed-CellProfiler/issues/123 -- "== ERR move failed" (closed; too many
# machines writing to one bucket at once); verbatim: the error clause of its `move failed` line (file paths SYNTH).
REAL_S8_DT = "{'Error': {'Code': 'SlowDown', 'Message': 'Please reduce your request rate.'}"
REAL_S8_CP = ("An error occurred (SlowDown) when calling the PutObject operation (reached max retries: 4): Please "
              "reduce your request rate.")


def build_s8() -> Scenario:
    name = "s3-gateway-slowdown-three-owners-dlrm-datatrove-keras"
    A, B, C, N = "5520931", "5520950", "5520977", "5520902"
    s = Scenario(name, "Site object store (S3 API at s3.hnv.internal) starts throttling with 503 SlowDown. A TorchRec "
                 "DLRM job streaming Criteo 1TB parquet from S3 (2 nodes x 8 H200 NVL) starves and dies on a "
                 "botocore ClientError; a datatrove CommonCrawl language-filter job on another node logs SlowDown "
                 "errors and its tasks fail; a Keras 3 (JAX) job's checkpoint callback `aws s3 cp` fails with "
                 "SlowDown and the job exits. Three owners, disjoint nodes, within ~4 min; an unrelated job on local "
                 "data keeps running. All three are opted in.",
                 "2024-11-12T13:00:00Z",
                 {"name": "hnv", "partition": "h200", "nodes": "hnv-[001-032]", "gpus_per_node": 8},
                 [{"id": A, "name": "torchrec-dlrm-criteo1tb", "user": "pmarques", "nodes": "hnv-[003-004]",
                   "tasks_per_node": 8, "started": "2024-11-12T11:02:00Z", "comment": comment(2, "s3://ml-ckpt/dlrm")},
                  {"id": B, "name": "datatrove-cc-langfilter", "user": "ychen", "nodes": "hnv-017", "tasks_per_node": 1,
                   "started": "2024-11-12T12:40:00Z", "comment": comment(1)},
                  {"id": C, "name": "keras3-vit-s16-in1k", "user": "okafor", "nodes": "hnv-025", "tasks_per_node": 1,
                   "started": "2024-11-12T09:15:00Z", "comment": comment(2, "s3://okafor-ckpt/vit-s16")},
                  {"id": N, "name": "gromacs-ml-forcefield", "user": "lhuber", "nodes": "hnv-[010-011]",
                   "tasks_per_node": 8, "started": "2024-11-12T10:00:00Z", "comment": comment(1)}])
    rng = s.rng
    d = s.at
    t_s3 = 1288.6
    # A: TorchRec DLRM (SYNTH)
    t, it = 10.0, 41200
    while t < t_s3 + 10:
        s.joblog(t, A, f"[rank0] train | it {it} | loss {rng.uniform(0.1268, 0.1279):.5f} | auroc "
                       f"{rng.uniform(0.8008, 0.8016):.4f} | {rng.uniform(2.55, 2.66):.2f} it/s")
        it += 200
        t += 200 / 2.6
    for k, l in enumerate([
            f"[rank5] WARNING:root:S3 read retry 3/4 for s3://criteo-1tb/parquet/day_17/part-00412.parquet "
            "(SlowDown)",
            "Traceback (most recent call last):",
            '  File "/opt/torchrec/examples/dlrm/dlrm_main.py", line 712, in <module>',
            "    main(sys.argv[1:])",
            '  File "/opt/conda/lib/python3.10/site-packages/botocore/client.py", line 1021, in _make_api_call',
            "    raise error_class(parsed_response, operation_name)",
            "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation "
            "(reached max retries: 4): Please reduce your request rate."]):
        s.joblog(t_s3 + 61.0 + 0.01 * k + (0 if k == 0 else 9.0), A, f"[rank5]: {l}" if k else l)
    torchrun_failure(s, t_s3 + 75.0, A, "hnv-004", [13, 8], [77120, 77115], "dlrm_main.py",
                     "/opt/conda/lib/python3.10/site-packages", lranks=[5, 0])  # SYNTH
    s.job_state(t_s3 + 84.0, A, "FAILED", "1:0")
    # B: datatrove (SYNTH line + REAL dict)
    tb = 20.0
    w = "datatrove.pipeline.readers.base:read_files_shard:193"
    while tb < t_s3:
        s.joblog(tb, B, loguru35(d(tb), "INFO", w, f"Reading input file CC-MAIN-2024-42/segments/1727944253{int(tb) % 97:03d}"
                                 f".49/warc/CC-MAIN-20241004{int(tb) % 24:02d}1530-2024100{int(tb) % 7}-00{int(tb) % 900:03d}.warc.gz"))
        tb += 95.0
    for k in range(4):
        tt = t_s3 + 2.0 * k + rng.uniform(0, 0.5)
        s.joblog(tt, B, loguru35(d(tt), "WARNING", "datatrove.io:open_file:171",
                                 f"Retrying s3://commoncrawl-mirror/crawl-data/CC-MAIN-2024-42/segments/"
                                 f"1727944253{k:03d}.49/warc/part-{k:05d}.warc.gz after error: ClientError "
                                 f"{REAL_S8_DT}, 'ResponseMetadata': {{'HTTPStatusCode': 503, 'RetryAttempts': 4}}}}"))  # REAL_S8_DT
    s.joblog(t_s3 + 120.0, B, loguru35(d(t_s3 + 120.0), "ERROR", "datatrove.executor.base:_run_for_rank:108",
                                       "Error in task 37: An error occurred (SlowDown) when calling the GetObject "
                                       "operation (reached max retries: 4): Please reduce your request rate."))
    s.joblog(t_s3 + 131.0, B, loguru35(d(t_s3 + 131.0), "INFO", "datatrove.executor.local:run:146",
                                       "4/64 tasks failed, 60 completed. Exiting with status 1."))
    s.job_state(t_s3 + 134.0, B, "FAILED", "1:0")
    # C: Keras 3 (SYNTH + REAL clause)
    tc, ep = 60.0, 31
    s.joblog(tc, C, f"Epoch {ep}/90")
    tc = t_s3 + 215.0
    s.joblog(tc, C, keras3_bar(2502, 414, 165, 0.6012, 1.6123, 0.6231, 1.5219))
    s.joblog(tc + 3.0, C, f"upload failed: /tmp/ckpt/epoch_{ep:03d}.weights.h5 to s3://okafor-ckpt/vit-s16/"
                          f"epoch_{ep:03d}.weights.h5 {REAL_S8_CP}")  # REAL_S8_CP
    for k, l in enumerate(["Traceback (most recent call last):",
                           '  File "/home/okafor/vit/train_vit.py", line 188, in <module>',
                           "    model.fit(train_ds, validation_data=val_ds, epochs=90, callbacks=callbacks)",
                           '  File "/home/okafor/vit/callbacks.py", line 41, in on_epoch_end',
                           "    subprocess.run(cmd, check=True)",
                           f"subprocess.CalledProcessError: Command '['aws', 's3', 'cp', '--endpoint-url', "
                           f"'https://s3.hnv.internal', '/tmp/ckpt/epoch_{ep:03d}.weights.h5', "
                           f"'s3://okafor-ckpt/vit-s16/epoch_{ep:03d}.weights.h5']' returned non-zero exit status 1."]):
        s.joblog(tc + 3.2 + 0.01 * k, C, l)
    s.job_state(tc + 9.0, C, "FAILED", "1:0")
    t_end = t_s3 + 700.0
    tn = 25.0
    while tn < t_end:  # unaffected neighbour on local data (SYNTH)
        s.joblog(tn, N, f"Step {int(tn * 50) + 2400000:>10d}  Time {int(tn * 0.1) + 4800:>8d} ps  "
                        f"Epot {-1.8431e6 + rng.uniform(-500, 500):.4e}  {rng.uniform(181, 186):.1f} ns/day")
        tn += 200.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in ("hnv-003", "hnv-004"):
            if t_ > t_s3 + 84:
                return s34(rng, "h200", 0, rng.uniform(70, 82), clock=345, temp=rng.randint(30, 36))
            if t_ > t_s3 - 30:
                return s34(rng, "h200", rng.randint(4, 22), rng.uniform(140, 190), clock=1980)
            return s34(rng, "h200", rng.randint(80, 96), rng.uniform(420, 560), clock=1980)
        if n_ == "hnv-017":
            return s34(rng, "h200", 0, rng.uniform(70, 80), clock=345, temp=rng.randint(29, 34))
        if n_ == "hnv-025":
            if t_ > t_s3 + 224:
                return s34(rng, "h200", 0, rng.uniform(70, 82), clock=345, temp=rng.randint(30, 36))
            return s34(rng, "h200", rng.randint(88, 99), rng.uniform(430, 560), clock=1980)
        return s34(rng, "h200", rng.randint(85, 99), rng.uniform(380, 520), clock=1980)
    run_sampler(s, ["hnv-003", "hnv-004", "hnv-025"], 8, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["hnv-017", "hnv-010"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_s3, "category": "infrastructure"}, no_requeue=[A, B, C, N],
                    no_drain=["hnv-003", "hnv-004", "hnv-017", "hnv-025"])
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
