#!/usr/bin/env python3
"""Build the holdout33 blind evaluation corpus (format `recovery-scenario/1`).

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
Generic helpers (and the holdout14..holdout32 helper sections) are copied unchanged from holdout32's build.py; the
holdout32 scenarios are replaced by the holdout33 helpers and scenarios S1..S8 below.
Earlier note (holdout32): generic helpers and the holdout14..holdout30 helper sections came unchanged from holdout30.
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
# holdout33 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["a5000"] = (63, 5, 205.0, 18.0, 1695, 17500, 1500)     # SYNTH (RTX A5000, 230 W)
PROFILES["a30"] = (56, 5, 150.0, 14.0, 1440, 19500, 1500)       # SYNTH (A30 24 GB, 165 W)
PROFILES["gtx1080"] = (69, 4, 165.0, 12.0, 1733, 6900, 300)     # SYNTH (GTX 1080 8 GB, 180 W)
PROFILES["l40"] = (61, 5, 265.0, 22.0, 2490, 36500, 1500)       # SYNTH (L40 48 GB, 300 W)
PROFILES["a6000"] = (67, 5, 280.0, 22.0, 1800, 41000, 2000)     # SYNTH (RTX A6000 48 GB, 300 W)
K33 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP")


def s33(rng, profile, util, power, clock=None, temp=None, thr=None, extra=None) -> dict:
    """SYNTH: compact DCGM-named sample (util, power, SM clock, temp; optional throttle bitmask and extras)."""
    f = s29(rng, profile, util, power, clock=clock, temp=temp, keys=K33, extra=extra)
    if thr is not None:
        f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = thr
    return f


def busy33(rng, profile, load=0.97):
    p = PROFILES[profile]
    return s33(rng, profile, rng.randint(94, 100), p[2] * load + rng.uniform(-p[3], p[3]), clock=p[4])


def idle33(rng, profile):
    return s33(rng, profile, 0, rng.uniform(25, 40), clock=210, temp=rng.randint(31, 39))


def pwg_log(d: dt.datetime, mod: str, line: int, msg: str, level: str = "INFO") -> str:
    """SYNTH: ParallelWaveGAN logging format `%(asctime)s (%(module)s:%(lineno)d) %(levelname)s: %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} ({mod}:{line}) {level}: {msg}"


def allennlp_log(d: dt.datetime, mod: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: AllenNLP logging format `%(asctime)s - %(levelname)s - %(name)s - %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {level} - {mod} - {msg}"


def allennlp_bar(acc: float, bl: float, loss: float, n: int, total: int, el: float, sec_it: float) -> str:
    """SYNTH: AllenNLP's Tqdm training bar with its metric description (file-friendly ASCII bar)."""
    frac = n / total
    full = int(frac * 10)
    bar = "#" * full + (str(int(frac * 100) % 10) if full < 10 else "") + " " * max(0, 9 - full)
    return (f"accuracy: {acc:.4f}, batch_loss: {bl:.4f}, loss: {loss:.4f} ||: {int(frac * 100):3d}%|{bar[:10]}| "
            f"{n}/{total} [{fmt_interval(el)}<{fmt_interval((total - n) * sec_it)}, {sec_it:5.2f}s/it]")


def fastai_row(ep: int, tl: float, vl: float, acc: float, sec: int) -> str:
    """SYNTH: fastai's plain-text metrics table row (non-notebook output)."""
    return f"{ep:<6}{tl:<12.6f}{vl:<12.6f}{acc:<10.6f}{sec // 60:02d}:{sec % 60:02d}"


def mcn_line(ep: int, it: int, n: int, hz: float, avg: float, obj: float, accs) -> str:
    """SYNTH: MatConvNet cnn_train progress line (`train: epoch NN: it/n: Hz (avg) Hz objective ... accuracy ...`)."""
    return (f"train: epoch {ep:02d}: {it:4d}/{n:4d}: {hz:.1f} ({avg:.1f}) Hz objective: {obj:.3f} accuracy: "
            + " ".join(f"{a:.3f}" for a in accs))


def sockeye_log(d: dt.datetime, mod: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: Sockeye 3 logging format `[%(asctime)s %(levelname)s:%(name)s] %(message)s`."""
    return f"[{d:%Y-%m-%d:%H:%M:%S} {level}:{mod}] {msg}"


def ocp_log(d: dt.datetime, msg: str, level: str = "INFO") -> str:
    """SYNTH: fairchem/OCP logging format `%(asctime)s (%(levelname)s): %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S} ({level}): {msg}"


def parlai_log(d: dt.datetime, msg: str) -> str:
    """SYNTH: ParlAI logging format `%(asctime)s | %(message)s` (time only)."""
    return f"{d:%H:%M:%S} | {msg}"


def flair_log(d: dt.datetime, msg: str, level: str = "INFO") -> str:
    """SYNTH: Flair logging format `%(asctime)-15s %(message)s` as its trainer prints it."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} {msg}"


# ======================================================================================
# S1  healthy-pwg-radam-addcmul-deprecation-warnings-completes  (healthy: ParallelWaveGAN vocoder training, 1 node x
#     4 RTX A5000, torch.distributed.launch. Every rank prints PyTorch's multi-line `This overload of addcmul_ is
#     deprecated` UserWarning from PWG's RAdam on the first step after resume, an lr_scheduler order warning and a numpy
#     RuntimeWarning during evaluation; GPUs dip during each evaluation; the job reaches 400k steps and COMPLETES.)
# ======================================================================================
# Source: https://github.com/kan-bayashi/ParallelWaveGAN/issues/379 -- "job failed unsure why" (closed). The reporter
# found only the addcmul_ deprecation warning near the end of train.log; the maintainer answers "That is just a
# warning. You can ignore it." The reporter's quote of the warning is a one-line paraphrase, so the warning is emitted
# in PyTorch's real multi-line layout as SYNTH; there is no REAL literal. The reporter's own job death is not modelled
# (its cause is never found in the thread): this scenario only uses the maintainer's verdict that the warning is noise.


def build_s1() -> Scenario:
    name = "healthy-pwg-radam-addcmul-deprecation-warnings-completes"
    J, N = "518770", "518702"
    node = "tts-g03"
    s = Scenario(name, "ParallelWaveGAN (kan-bayashi) multi-speaker vocoder, resumed at 364k of 400k steps on one node "
                 "with 4 RTX A5000 (torch.distributed.launch, 4 ranks). Each rank prints PyTorch's deprecation "
                 "UserWarning for RAdam's addcmul_ call, an lr_scheduler ordering warning, and numpy RuntimeWarnings "
                 "during evaluation; GPU utilisation dips during the 3 evaluations. The job saves its checkpoints and "
                 "finishes. Opted in to requeue.",
                 "2022-09-21T08:00:00Z",
                 {"name": "tts-a5000", "partition": "a5000", "nodes": "tts-g[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "pwg-multispk-v1", "user": "lhoang", "nodes": node, "tasks_per_node": 4,
                   "started": "2022-09-21T08:00:00Z", "comment": comment(2, "/data/lhoang/exp/pwg_multispk")},
                  {"id": N, "name": "fs2-lj-base", "user": "dmoreau", "nodes": "tts-g05", "tasks_per_node": 4,
                   "started": "2022-09-21T05:40:00Z"}])
    rng = s.rng
    S = lambda t: s.at(t)  # noqa: E731
    s.joblog(2.0, J, "+ python -m torch.distributed.launch --nproc_per_node 4 /work/pwg/parallel_wavegan/bin/train.py "
                     "--config conf/parallel_wavegan.v1.yaml --train-dumpdir dump/train_nodev_all/norm "
                     "--dev-dumpdir dump/dev_all/norm --outdir exp/train_nodev_all_parallel_wavegan.v1 "
                     "--resume exp/train_nodev_all_parallel_wavegan.v1/checkpoint-360000steps.pkl --verbose 1")  # SYNTH
    torchrun_banner(s, 6.0, J)  # SYNTH
    t = 31.0
    s.joblog(t, J, pwg_log(S(t), "train", 215, "Loaded checkpoint from exp/train_nodev_all_parallel_wavegan.v1/"
                                              "checkpoint-360000steps.pkl."))  # SYNTH
    s.joblog(t + 0.4, J, pwg_log(S(t + 0.4), "train", 221, "Resumed from 360000 steps, 37 epochs."))  # SYNTH
    # PyTorch's deprecation warning from PWG's RAdam, once per rank (SYNTH, real PyTorch 1.6+ layout)
    for r in range(4):
        tw = 44.0 + 0.07 * r
        for k, l in enumerate([
                "/work/pwg/parallel_wavegan/optimizers/radam.py:49: UserWarning: This overload of addcmul_ is deprecated:",
                "\taddcmul_(Number value, Tensor tensor1, Tensor tensor2)",
                "Consider using one of the following signatures instead:",
                "\taddcmul_(Tensor tensor1, Tensor tensor2, *, Number value) (Triggered internally at  "
                "/opt/conda/conda-bld/pytorch_1603729096996/work/torch/csrc/utils/python_arg_parser.cpp:882.)",
                "  exp_avg_sq.mul_(beta2).addcmul_(1 - beta2, grad, grad)"]):
            s.joblog(tw + 0.001 * k, J, l)
        s.joblog(tw + 0.01, J, "/opt/conda/lib/python3.8/site-packages/torch/optim/lr_scheduler.py:131: UserWarning: "
                               "Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 and "
                               "later, you should call them in the opposite order: `optimizer.step()` before "
                               "`lr_scheduler.step()`.  Failure to do this will result in PyTorch skipping the first "
                               "value of the learning rate schedule. See more details at "
                               + "https:" + "//pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate")  # SYNTH
        s.joblog(tw + 0.02, J, '  warnings.warn("Detected call of `lr_scheduler.step()` before `optimizer.step()`. "')
    sps = 5.0          # steps per second (SYNTH)
    step, tt = 364000, 46.0
    evals = []
    while step < 400000:
        tt += 200.0 / sps * rng.uniform(0.98, 1.03)
        step += 200
        if step % 1000 == 0:
            d = S(tt)
            s.joblog(tt, J, pwg_log(d, "trainer", 981, f"(Steps: {step}) train/spectral_convergence_loss = "
                                                      f"{0.118 + rng.uniform(-0.01, 0.01):.4f}."))  # SYNTH
            s.joblog(tt + 0.001, J, pwg_log(d, "trainer", 981, f"(Steps: {step}) train/log_stft_magnitude_loss = "
                                                              f"{0.612 + rng.uniform(-0.02, 0.02):.4f}."))  # SYNTH
            s.joblog(tt + 0.002, J, pwg_log(d, "trainer", 981, f"(Steps: {step}) train/adversarial_loss = "
                                                              f"{2.31 + rng.uniform(-0.2, 0.2):.4f}."))  # SYNTH
            s.joblog(tt + 0.003, J, pwg_log(d, "trainer", 981, f"(Steps: {step}) train/discriminator_loss = "
                                                              f"{0.402 + rng.uniform(-0.05, 0.05):.4f}."))  # SYNTH
        if step % 10000 == 0:
            e0 = tt + 0.1
            s.joblog(e0, J, pwg_log(S(e0), "trainer", 888, f"(Steps: {step}) Start evaluation."))  # SYNTH
            s.joblog(e0 + 12.3, J, "/work/pwg/parallel_wavegan/bin/../utils/utils.py:175: RuntimeWarning: divide by "
                                   "zero encountered in log10")  # SYNTH
            s.joblog(e0 + 12.31, J, "  return 20 * np.log10(x)")  # SYNTH
            el = e0 + 95.0
            s.joblog(el, J, pwg_log(S(el), "trainer", 932, f"(Steps: {step}) Finished evaluation (170 iters)."))
            s.joblog(el + 0.01, J, pwg_log(S(el), "trainer", 938, f"(Steps: {step}) eval/generator_loss = "
                                                                  f"{3.44 + rng.uniform(-0.05, 0.05):.4f}."))
            s.joblog(el + 3.0, J, pwg_log(S(el + 3), "trainer", 302, f"Successfully saved checkpoint @ {step} steps."))
            evals.append((e0, el))
            tt = el + 3.5
    t_end = tt + 2.0
    s.joblog(t_end, J, pwg_log(S(t_end), "train", 347, "Finished training."))  # SYNTH
    s.job_state(t_end + 6.0, J, "COMPLETED", "0:0")  # SYNTH
    tn, it = 20.0, 41200
    while tn < t_end + 300:  # SYNTH neighbour (FastSpeech2 in espnet-like logging)
        s.joblog(tn, N, f"{S(tn):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} (trainer:{rng.choice([412, 413])}) INFO: "
                        f"{it // 100}epoch:train:{it % 2000 + 1}-{it % 2000 + 100}batch: iter_time={0.21 + rng.uniform(-0.01, 0.01):.3f}, "
                        f"loss={0.871 + rng.uniform(-0.03, 0.03):.3f}, l1_loss={0.512 + rng.uniform(-0.02, 0.02):.3f}")
        it += 100
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ < 40 or t_ > t_end + 5:
                return idle33(rng, "a5000")
            if any(a < t_ < b for a, b in evals):
                return s33(rng, "a5000", rng.randint(8, 30) if g else rng.randint(35, 60), rng.uniform(70, 110),
                           clock=1695)
            return busy33(rng, "a5000", 0.9)
        return busy33(rng, "a5000", 0.85)
    run_sampler(s, [node], 4, 0.0, t_end + 300, 60.0, fn)
    run_sampler(s, ["tts-g05"], 4, 0.0, t_end + 300, 180.0, fn)
    s.truth = truth(None, no_requeue=[J, N], no_drain=[node, "tts-g05"])
    return s


# ======================================================================================
# S2  allennlp-ddp-uneven-last-batch-epoch-end-hang-timeout  (software: AllenNLP 2.2 multi-GPU training, 1 node x
#     4 A30. After 40 min of epoch 0 the workers reach the epoch's last batch and stop: the instance count is not a
#     multiple of the batch size, so one worker has an extra batch and the others wait in a collective that never
#     matches. GPUs sit at 100 % util / low power. 50 min later the owner sends SIGUSR1 and the four workers print their
#     stacks (three in the trainer's all_reduce, worker 0 in backward()); the job then runs into its time limit. A requeue resumes epoch 0 from the start
#     and stops at the same batch.)
# ======================================================================================
# Source: https://github.com/allenai/allennlp/issues/5088 -- "Multi-GPU training hangs" (closed, label bug). dirkgr:
# "I finally got a stack trace from a worker", then "This suggests a terrible workaround: Make sure the number if
# instances is an even multiple of the batch size. We'll make a release as soon as this is fixed. This is really bad."
# Verbatim below: the dump header and the code lines of the frames that the stored excerpt shows and that no earlier
# corpus used. The `File:` lines (the thread's are macOS paths under /Users/dirkg) are rewritten to this cluster's
# conda paths (SYNTH); the frames below `self.trainer.train()` are cut in the excerpt and are SYNTH.
REAL_S2_HEAD = "######### ProcessID=82627, ThreadID=4617211392 #########"
REAL_S2_CODE = [
    "  exitcode = _main(fd, parent_sentinel)",
    "  return self._bootstrap(parent_sentinel)",
    "  metrics = train_loop.run()",
    "  return self.trainer.train()",
]


def build_s2() -> Scenario:
    name = "allennlp-ddp-uneven-last-batch-epoch-end-hang-timeout"
    J, N = "884512", "884498"
    node = "a30-07"
    s = Scenario(name, "AllenNLP 2.2 (torch 1.8, spawn-based multi-GPU, 4 workers) training a RoBERTa-base tagger on "
                 "one node with 4 A30. Epoch 0 runs 40 min; at batch 1562 of 1563 all progress stops: the training set "
                 "size is not a multiple of the batch size, one worker has a batch the others do not, and the others "
                 "wait in a collective. GPUs show 100 % utilisation at low power; no kernel or telemetry errors. 50 min "
                 "later the owner triggers a stack dump: workers 1-3 wait in the trainer's all_reduce, worker 0 in "
                 "backward() of its extra batch -- all in AllenNLP's own code. The job reaches its 2 h time limit. Opted in to requeue; a restart resumes epoch 0 from its start.",
                 "2021-04-05T13:00:00Z",
                 {"name": "nlp-a30", "partition": "a30", "nodes": "a30-[01-12]", "gpus_per_node": 4},
                 [{"id": J, "name": "allennlp-ner-roberta", "user": "tbraun", "nodes": node, "tasks_per_node": 4,
                   "started": "2021-04-05T13:00:00Z", "comment": comment(2, "/scratch/tbraun/runs/ner-roberta")},
                  {"id": N, "name": "bart-cnndm-ft", "user": "ysato", "nodes": "a30-[09-10]", "tasks_per_node": 4,
                   "started": "2021-04-05T11:10:00Z", "comment": comment(1)}])
    rng = s.rng
    S = lambda t: s.at(t)  # noqa: E731
    s.joblog(1.0, J, "+ allennlp train configs/ner_roberta_ddp.jsonnet -s /scratch/tbraun/runs/ner-roberta "
                     "--include-package tagging")  # SYNTH
    for k, (mod, msg) in enumerate([
            ("allennlp.common.params", "random_seed = 13370"),
            ("allennlp.common.plugins", "Plugin allennlp_models available"),
            ("allennlp.commands.train", "Switching to distributed training mode since multiple GPUs are configured | "
                                        "Primary is at: 127.0.0.1:29500 | Rank of this node: 0 | Number of workers in "
                                        "this node: 4 | Number of nodes: 1 | World size: 4"),
            ("allennlp.data.vocabulary", "Fitting token dictionary from dataset."),
            ("allennlp.training.gradient_descent_trainer", "Beginning training."),
            ("allennlp.training.gradient_descent_trainer", "Epoch 0/9"),
            ("allennlp.training.gradient_descent_trainer", "Worker 0 memory usage: 5.1G"),
            ("allennlp.training.gradient_descent_trainer", "GPU 0 memory usage: 14G"),
            ("allennlp.training.gradient_descent_trainer", "Training")]):
        s.joblog(30.0 + 2.0 * k, J, allennlp_log(S(30.0 + 2.0 * k), mod, msg))  # SYNTH
    total, sec_it = 1563, 1.535
    t0 = 50.0
    n = 0
    while n < total - 1:
        n = min(total - 1, n + 40)
        tt = t0 + n * sec_it * rng.uniform(0.99, 1.01)
        s.joblog(tt, J, allennlp_bar(0.80 + 0.1 * n / total + rng.uniform(-0.01, 0.01), 0.62 - 0.2 * n / total +
                                     rng.uniform(-0.05, 0.05), 0.66 - 0.2 * n / total, n, total, n * sec_it,
                                     sec_it))  # SYNTH
    t_f = t0 + (total - 1) * sec_it + 1.6      # the collective that never completes
    # owner's SIGUSR1 dump 50 min later: all four workers print the same stack (header real for worker 0)
    t_d = t_f + 3000.0
    site = "/home/tbraun/miniconda3/envs/allennlp/lib/python3.8"
    for w, pid in enumerate([82627, 82628, 82629, 82630]):
        td = t_d + 0.3 * w
        head = REAL_S2_HEAD if w == 0 else f"######### ProcessID={pid}, ThreadID={139873921586944 + 4096 * w} #########"
        frames = [
            (head, "REAL" if w == 0 else "SYNTH"),
            ('File: "<string>", line 1, in <module>', "SYNTH"),
            (f'File: "{site}/multiprocessing/spawn.py", line 116, in spawn_main', "SYNTH"),
            (REAL_S2_CODE[0], "REAL"),
            (f'File: "{site}/multiprocessing/spawn.py", line 129, in _main', "SYNTH"),
            (REAL_S2_CODE[1], "REAL"),
            (f'File: "{site}/multiprocessing/process.py", line 315, in _bootstrap', "SYNTH"),
            ("  self.run()", "SYNTH"),
            (f'File: "{site}/multiprocessing/process.py", line 108, in run', "SYNTH"),
            ("  self._target(*self._args, **self._kwargs)", "SYNTH"),
            (f'File: "{site}/site-packages/torch/multiprocessing/spawn.py", line 19, in _wrap', "SYNTH"),
            ("  fn(i, *args)", "SYNTH"),
            (f'File: "{site}/site-packages/allennlp/commands/train.py", line 469, in _train_worker', "SYNTH"),
            (REAL_S2_CODE[2], "REAL"),
            (f'File: "{site}/site-packages/allennlp/commands/train.py", line 531, in run', "SYNTH"),
            (REAL_S2_CODE[3], "REAL"),
            (f'File: "{site}/site-packages/allennlp/training/gradient_descent_trainer.py", line 966, in train', "SYNTH"),
            ("  metrics, epoch = self._try_train()", "SYNTH"),
            (f'File: "{site}/site-packages/allennlp/training/gradient_descent_trainer.py", line 1001, in _try_train',
             "SYNTH"),
            ("  train_metrics = self._train_epoch(epoch)", "SYNTH"),
            (f'File: "{site}/site-packages/allennlp/training/gradient_descent_trainer.py", line 688, in _train_epoch',
             "SYNTH"),
            ("  dist.all_reduce(done, dist.ReduceOp.SUM)" if w else "  loss.backward()", "SYNTH"),
        ]
        for k, (l, _) in enumerate(frames):
            s.joblog(td + 0.001 * k, J, l)
    t_end = 7200.0
    s.joblog(t_end, J, f"slurmstepd: error: *** JOB {J} ON {node} CANCELLED AT {S(t_end):%Y-%m-%dT%H:%M:%S} DUE TO "
                       "TIME LIMIT ***")  # SYNTH
    s.job_state(t_end + 1.0, J, "TIMEOUT", "0:15")  # SYNTH
    tn, it = 30.0, 18200
    while tn < t_end + 200:  # SYNTH neighbour (HF Trainer dict lines)
        s.joblog(tn, N, f"{{'loss': {1.62 + rng.uniform(-0.05, 0.05):.4f}, 'learning_rate': 2.1e-05, "
                        f"'epoch': {it / 9000:.2f}}}")
        it += 50
        tn += 150.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ < 45 or t_ > t_end + 2:
                return idle33(rng, "a30")
            if t_ > t_f:
                return s33(rng, "a30", 100, rng.uniform(52, 60), clock=1440)
            return busy33(rng, "a30", 0.88)
        return busy33(rng, "a30", 0.9)
    run_sampler(s, [node], 4, 0.0, t_end + 200, 60.0, fn)
    run_sampler(s, ["a30-09", "a30-10"], 4, 0.0, t_end + 200, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None}, no_requeue=[J, N],
                    no_drain=[node, "a30-09", "a30-10"])
    return s


# ======================================================================================
# S3  fastai-a30-gpu2-row-remap-failure-dbe-shared-node  (gpu_hardware: fastai ResNet-50 training via `accelerate
#     launch` on GPUs 0-3 of an 8 x A30 node shared with another user's job on GPUs 4-7. GPU 2 takes an uncorrectable
#     DBE (Xid 48), the row remapper cannot record the new row (Xid 64), DCGM reports DCGM_FI_DEV_ROW_REMAP_FAILURE=1 on
#     GPU 2; the fastai job dies with `CUDA error: uncorrectable ECC error encountered`. The other job keeps running.)
# ======================================================================================
# Source: https://github.com/aws/eks-node-monitoring-agent/issues/245 -- "feat(nvidia): detect GPU row remapping
# failures (DCGM fields 393/395)". The reporter: "NVIDIA's row remapping documentation says a GPU in row-remap-failure
# state can no longer mask bad memory and needs replacement ... We hit this on a production cluster. A GPU with a row
# remap failure kept corrupting jobs until an engineer correlated the failures by hand." The thread quotes no log line:
# there is no REAL literal; Xid/ECC lines, fastai output and DCGM samples are SYNTH.


def build_s3() -> Scenario:
    name = "fastai-a30-gpu2-row-remap-failure-dbe-shared-node"
    J, N1, N2 = "2231907", "2231880", "2231911"
    node, other = "vis-a30-04", "vis-a30-06"
    bus = ["0000:17:00", "0000:31:00", "0000:4b:00", "0000:65:00", "0000:98:00", "0000:b1:00", "0000:ca:00",
           "0000:e3:00"]   # SYNTH
    s = Scenario(name, "fastai (v2.7) ResNet-50 ImageNet-1k training launched with `accelerate launch` on GPUs 0-3 of "
                 "vis-a30-04, an 8 x A30 node shared by two jobs (another user's job holds GPUs 4-7). fastai prints one "
                 "metrics row per epoch. During epoch 19, GPU 2 (bus 0000:4b:00) reports an uncorrectable ECC error "
                 "(Xid 48) and a row-remapper recording failure (Xid 64); DCGM shows the DBE count and "
                 "ROW_REMAP_FAILURE=1 on GPU 2. The fastai job fails with `CUDA error: uncorrectable ECC error "
                 "encountered`; the job on GPUs 4-7 is unaffected. The fastai job is opted in to requeue; the other "
                 "job on the node is not.",
                 "2024-03-12T09:00:00Z",
                 {"name": "vis-a30", "partition": "a30", "nodes": "vis-a30-[01-10]", "gpus_per_node": 8,
                  "pci_bus_ids": bus},
                 [{"id": J, "name": "fastai-rn50-in1k", "user": "kchen", "nodes": node, "tasks_per_node": 4,
                   "started": "2024-03-12T07:25:00Z", "comment": comment(3, "/nfs/kchen/fastai/models")},
                  {"id": N1, "name": "clip-linear-probe", "user": "rpatel", "nodes": node, "tasks_per_node": 4,
                   "started": "2024-03-12T06:50:00Z"},
                  {"id": N2, "name": "seg-deeplab-city", "user": "mvargas", "nodes": other, "tasks_per_node": 4,
                   "started": "2024-03-12T08:10:00Z", "comment": comment(1)}])
    rng = s.rng
    S = lambda t: s.at(t)  # noqa: E731
    ep_sec = 331
    # epochs 16..18 finish inside the window; epoch 19 dies
    first_row_t = 140.0
    for k, ep in enumerate((16, 17, 18)):
        tt = first_row_t + k * ep_sec + rng.uniform(-2, 2)
        s.joblog(tt, J, fastai_row(ep, 1.92 - 0.03 * k + rng.uniform(-0.01, 0.01), 1.71 - 0.02 * k, 0.621 + 0.006 * k,
                                   ep_sec + rng.randint(-3, 3)))  # SYNTH
    t_f = first_row_t + 3 * ep_sec + 187.0
    pid = 301877
    xid = [f"NVRM: Xid (PCI:{bus[2]}): 48, pid={pid}, name=python, An uncorrectable double bit error (DBE) has "
           "been detected on GPU in the framebuffer at partition 5, subpartition 1.",
           f"NVRM: Xid (PCI:{bus[2]}): 64, pid={pid}, name=python, Row Remapper Error: New row (0x0000000000a61d80) "
           "Failure",
           f"NVRM: Xid (PCI:{bus[2]}): 45, pid={pid}, name=python, Ch 00000010"]   # SYNTH
    for k, l in enumerate(xid):
        s.kernel(t_f + 0.02 * k, node, f"{dmesg_t(S(t_f + 0.02 * k))} {l}")
    tr = t_f + 1.4
    rk = "[rank2]: "
    tb = ["Traceback (most recent call last):",
          '  File "/home/kchen/fastai-in1k/train_rn50.py", line 88, in <module>',
          "    learn.fit_one_cycle(40, 2e-3, cbs=[SaveModelCallback(every_epoch=True)])",
          '  File "/home/kchen/.conda/envs/fa/lib/python3.10/site-packages/fastai/callback/schedule.py", line 121, in '
          "fit_one_cycle",
          "    self.fit(n_epoch, cbs=ParamScheduler(scheds)+L(cbs), reset_opt=reset_opt, wd=wd, start_epoch=start_epoch)",
          '  File "/home/kchen/.conda/envs/fa/lib/python3.10/site-packages/fastai/learner.py", line 220, in _do_one_batch',
          "    self._with_events(self._backward, 'backward', CancelBackwardException)",
          "RuntimeError: CUDA error: uncorrectable ECC error encountered",
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be "
          "incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]   # SYNTH
    for k, l in enumerate(tb):
        s.joblog(tr + 0.002 * k, J, rk + l)
    te = tr + 2.0
    for r in (0, 1, 3):
        s.joblog(te + 0.1 * r, J, f"[rank{r}]:[E312 {S(te):%H:%M:%S}.{rng.randint(100000, 999999)}000 "
                                  f"ProcessGroupNCCL.cpp:1182] [PG 0 Rank {r}] Process group watchdog thread terminated "
                                  "with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for "
                                  "details), NCCL version 2.19.3")  # SYNTH
    te += 3.0
    s.joblog(te, J, f"[{S(te):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d}] torch.distributed.elastic.multiprocessing."
                    f"api: [ERROR] failed (exitcode: 1) local_rank: 2 (pid: {pid}) of binary: "
                    "/home/kchen/.conda/envs/fa/bin/python")  # SYNTH
    s.joblog(te + 0.5, J, "srun: error: vis-a30-04: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(te + 2.0, J, "FAILED", "1:0")  # SYNTH
    t_end = te + 1500.0
    # neighbours: N1 on GPUs 4-7 of the same node keeps printing; N2 elsewhere
    tn, st = 25.0, 6100
    while tn < t_end:  # SYNTH
        s.joblog(tn, N1, f"Epoch {st // 1000}: step {st} | probe_loss {0.944 + rng.uniform(-0.02, 0.02):.4f} | "
                         f"{rng.uniform(1680, 1720):.0f} img/s")
        st += 100
        tn += 90.0
    tn, it = 50.0, 40200
    while tn < t_end:  # SYNTH
        s.joblog(tn, N2, f"Iter [{it}/90000]\tlr: 6.1e-03, eta: 5:41:10, loss: {0.231 + rng.uniform(-0.01, 0.01):.4f}")
        it += 50
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if g >= 4:
                return busy33(rng, "a30", 0.8)
            if t_ > te:
                f = idle33(rng, "a30")
            else:
                f = busy33(rng, "a30", 0.93)
            if g == 2 and t_ >= t_f:
                f.update({"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_ROW_REMAP_FAILURE": 1,
                          "DCGM_FI_DEV_XID_ERRORS": 64})
            return f
        return busy33(rng, "a30", 0.9)
    run_sampler(s, [node], 8, 0.0, t_end, 30.0, fn)
    run_sampler(s, [other], 4, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": node, "gpu": 2}, drain=[node],
                    requeue={J: {"exclude": [node]}}, no_requeue=[N1, N2], no_drain=[other])
    return s


# ======================================================================================
# S4  matconvnet-fcn-4gpu-gtx1080-gpu3-overheats-hz-drops  (gpu_degraded: MatConvNet FCN-8s training in MATLAB R2017b,
#     4 x GTX 1080 in one node (cnn_train with opts.gpus = [1 2 3 4], spmd). After ~50 min GPU 3's temperature climbs
#     past 84 C, its SM clock falls to ~1.2-1.4 GHz with SW/HW thermal slowdown active; every batch waits for it and
#     the job's own Hz figure drops from 6.2 to ~5.0. No error anywhere; the job keeps running slowly.)
# ======================================================================================
# Source: https://github.com/vlfeat/matconvnet-fcn/issues/40 -- "Why the speed of proceesing pictures in the
# GPU(gtx1080) became slow?" (open). The reporter: "At first,the speed is about 6Hz .However,after about an hour, the
# speed is about 5Hz, by the time the speed became slower. If we restart the training process , the speed can
# recover."; the one answer: "I think your gpu overheated, so the fps become lower." The thread quotes no log line:
# there is no REAL literal; the cnn_train lines (printed every 100 batches here), telemetry and the multi-GPU framing
# are SYNTH. The 6 Hz -> 5 Hz numbers are the thread's.


def build_s4() -> Scenario:
    name = "matconvnet-fcn-4gpu-gtx1080-gpu3-overheats-hz-drops"
    J, N = "63310", "63297"
    node = "cvl09"
    s = Scenario(name, "MatConvNet (beta25) FCN-8s semantic segmentation on PASCAL VOC, MATLAB R2017b, one node with 4 "
                 "GTX 1080 (cnn_train, opts.gpus = [1 2 3 4], one MATLAB lab per GPU). The job prints its speed in Hz "
                 "(batches/s, running average in brackets). About 50 min in, GPU 3 runs hot: 84-91 C, SM clock down "
                 "from 1733 MHz to 1.2-1.4 GHz with SW thermal (and at times HW thermal) slowdown; GPUs 0-2 wait at each "
                 "gradient exchange and the job slows from 6.2 Hz to ~5 Hz. No Xid, no error. Opted in to requeue.",
                 "2017-11-20T09:00:00Z",
                 {"name": "cvl", "partition": "gpu", "nodes": "cvl[01-16]", "gpus_per_node": 4},
                 [{"id": J, "name": "fcn8s-voc-mcn", "user": "fgu", "nodes": node, "tasks_per_node": 4,
                   "started": "2017-11-20T09:00:00Z", "comment": comment(2, "/data/fgu/fcn/data/fcn8s-voc")},
                  {"id": N, "name": "caffe-seg-vgg16", "user": "hlee", "nodes": "cvl11", "tasks_per_node": 4,
                   "started": "2017-11-20T07:30:00Z"}])
    rng = s.rng
    s.joblog(3.0, J, "+ matlab -nodisplay -nosplash -r \"run matconvnet/matlab/vl_setupnn; fcnTrain('gpus',[1 2 3 4],"
                     "'expDir','data/fcn8s-voc'); exit\"")  # SYNTH
    s.joblog(41.0, J, "Starting parallel pool (parpool) using the 'local' profile ...")  # SYNTH
    s.joblog(66.0, J, "connected to 4 workers.")  # SYNTH
    s.joblog(70.0, J, "cnn_train: resuming by loading epoch 11")  # SYNTH
    n, hz_ok = 1112, 6.2
    t_slow = 3050.0          # GPU 3 starts throttling
    t, ep, it = 80.0, 12, 0
    hist = []
    t_end = 8400.0
    while t < t_end:
        step_b = min(100, n - it)
        it += step_b
        if t < t_slow:
            hz = hz_ok + rng.uniform(-0.12, 0.1)
        else:
            frac = min(1.0, (t - t_slow) / 900.0)
            hz = hz_ok - 1.2 * frac + rng.uniform(-0.12, 0.1)
        t += step_b / hz
        hist.append(hz)
        avg = sum(hist) / len(hist)
        if it >= n:
            s.joblog(t, J, mcn_line(ep, n, n, hz, avg, 0.412 - 0.004 * ep, (0.901, 0.692, 0.561)))  # SYNTH
            s.joblog(t + 0.5, J, f"val: epoch {ep:02d}:    1/ 363: 9.8 (9.8) Hz objective: 0.498 accuracy: 0.874 0.611 "
                                 "0.482")  # SYNTH
            t += 363 / 9.6 + (8 if t > t_slow else 0)
            s.joblog(t, J, f"val: epoch {ep:02d}:  363/ 363: 9.6 (9.7) Hz objective: 0.502 accuracy: 0.872 0.609 0.480")
            t += 6.0
            ep, it, hist = ep + 1, 0, []
            continue
        s.joblog(t, J, mcn_line(ep, it, n, hz, avg, 0.412 - 0.004 * ep + rng.uniform(-0.01, 0.01),
                                (0.90 + rng.uniform(-0.005, 0.005), 0.69 + rng.uniform(-0.01, 0.01),
                                 0.56 + rng.uniform(-0.01, 0.01))))  # SYNTH
    tn, it2 = 30.0, 52000
    while tn < t_end:  # SYNTH neighbour (Caffe solver lines)
        s.joblog(tn, N, f"I1120 {s.at(tn):%H:%M:%S}.{rng.randint(100000, 999999)} 31877 solver.cpp:218] Iteration {it2} "
                        f"(1.28 iter/s, 78.1s/100 iters), loss = {0.41 + rng.uniform(-0.03, 0.03):.5f}")
        it2 += 100
        tn += 78.0

    def fn(n_, g, t_):  # SYNTH
        p = PROFILES["gtx1080"]
        if n_ == node:
            if t_ < 70:
                return idle33(rng, "gtx1080")
            if g == 3:
                if t_ < t_slow - 1200:
                    return s33(rng, "gtx1080", rng.randint(95, 99), p[2] + rng.uniform(-10, 8), clock=1733,
                               temp=74 + rng.randint(-2, 2), thr=0)
                if t_ < t_slow:
                    return s33(rng, "gtx1080", rng.randint(95, 99), p[2] + rng.uniform(-8, 8), clock=1733 - 13 * rng.randint(0, 3),
                               temp=78 + int(6 * (t_ - t_slow + 1200) / 1200), thr=0)
                frac = min(1.0, (t_ - t_slow) / 900.0)
                return s33(rng, "gtx1080", 99, 118 - 18 * frac + rng.uniform(-6, 6),
                           clock=int(1650 - 400 * frac) - 13 * rng.randint(0, 6), temp=86 + int(4 * frac) + rng.randint(0, 1),
                           thr=0x60 if rng.random() < 0.3 * frac else 0x20)
            if t_ > t_slow + 300:
                return s33(rng, "gtx1080", rng.randint(78, 86), p[2] * 0.8 + rng.uniform(-10, 10), clock=1733,
                           temp=71 + rng.randint(-2, 2), thr=0)
            return s33(rng, "gtx1080", rng.randint(95, 99), p[2] + rng.uniform(-10, 8), clock=1733,
                       temp=72 + rng.randint(-2, 2), thr=0)
        return s33(rng, "gtx1080", rng.randint(90, 99), p[2] * 0.95 + rng.uniform(-10, 8), clock=1733,
                   temp=70 + rng.randint(-2, 2), thr=0)
    run_sampler(s, [node], 4, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["cvl11"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_slow, "category": "gpu_degraded", "node": node, "gpu": 3}, drain=[node],
                    requeue={J: {"exclude": [node]}}, no_requeue=[N], no_drain=["cvl11"])
    return s


# ======================================================================================
# S5  sockeye-4node-h100pcie-error4-local-protection-one-node-after-bios  (network: Sockeye 3 NMT, 4 nodes x 8 H100
#     PCIe over InfiniBand, torchrun under srun. NCCL init completes; at the first gradient all-reduce the ranks on
#     mt-h100-06 -- and only they -- get `Got completion from peer fe80::...%ib0<port> with error 4 ... vendor err 81
#     (Send)`: an IB local protection error on their own sends, the signature of PCIe ACS re-enabled on that host (it
#     came back from a BIOS update the day before) breaking GPUDirect RDMA. The peers named by address are healthy;
#     their ranks only see ncclRemoteError. The job fails.)
# ======================================================================================
# Source: https://github.com/NVIDIA/nccl/issues/928 -- "NCCL WARN NET/IB : Got completion from peer
# fe80::966d:ae03:8b:df54%ib0<33397> with error 4, opcode 32611, len 32611, vendor err 81 (Send)" (open). sjeaugey:
# "IB error 4 is usually due to ACS being enabled and breaking GPU Direct RDMA protocol. You can confirm that by setting
# `NCCL_NET_GDR_LEVEL=0`."; a later commenter confirms that disabling ACS (Dell PowerEdge procedure) fixed it. In the
# thread all hosts had ACS on; here only one host is misconfigured (my framing). Verbatim below: the three WARN lines
# (host prefixes rewritten to the culprit, pid/tid kept; the second one's device index changed so two ranks of one
# host do not share a GPU) and the WARN text of the issue title (given an NCCL prefix). The `net.cc:1008 -> 6` /
# `proxy.cc` chain lines under them were already used by an earlier corpus and are emitted as SYNTH.
REAL_S5 = [
    "H100-2:19989:20082 [1] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer "
    "fe80::966d:ae03:8b:df78%ib0<53249> with error 4, opcode 32564, len 32564, vendor err 81 (Send)",
    "H100-1:9821:9920 [1] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer "
    "fe80::966d:ae03:8b:df50%ib0<44413> with error 4, opcode 32613, len 32613, vendor err 81 (Send)",
    "H100-5:68738:69060 [3] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer "
    "fe80::966d:ae03:9c:f5f8%ib0<39391> with error 4, opcode 32639, len 32639, vendor err 81 (Send)",
]
REAL_S5_TITLE = ("NCCL WARN NET/IB : Got completion from peer fe80::966d:ae03:8b:df54%ib0<33397> with error 4, "
                 "opcode 32611, len 32611, vendor err 81 (Send)")


def build_s5() -> Scenario:
    name = "sockeye-4node-h100pcie-error4-local-protection-one-node-after-bios"
    J, N = "1190442", "1190391"
    nodes = ["mt-h100-04", "mt-h100-05", "mt-h100-06", "mt-h100-07"]
    bad = "mt-h100-06"
    s = Scenario(name, "Sockeye 3 transformer-big NMT (PyTorch 2.0, NCCL 2.18) on 4 nodes x 8 H100 PCIe, two HDR "
                 "InfiniBand HCAs per node (IPoIB link-local addresses: fe80::966d:ae03:8b:df54 and "
                 "fe80::966d:ae03:9c:f5f8 on mt-h100-04, fe80::966d:ae03:8b:df78 on mt-h100-05, "
                 "fe80::966d:ae03:8b:df50 on mt-h100-07). torchrun per node under srun. Communicator init completes; at the first "
                 "gradient all-reduce, ranks 17, 19, 21 and 23 on mt-h100-06 report IB completion error 4 (local "
                 "protection, vendor err 81) on their sends toward peers named by their fe80 addresses; ranks on the "
                 "other three nodes only report ncclRemoteError. mt-h100-06 returned from a BIOS update the day "
                 "before. The job fails; it is opted in to requeue.",
                 "2023-07-25T08:00:00Z",
                 {"name": "mt-h100", "partition": "h100", "nodes": "mt-h100-[01-12]", "gpus_per_node": 8},
                 [{"id": J, "name": "sockeye-tbig-deen", "user": "aschmidt", "nodes": "mt-h100-[04-07]",
                   "tasks_per_node": 8, "started": "2023-07-25T08:00:00Z",
                   "comment": comment(2, "/lustre/mt/aschmidt/sockeye/deen-tbig")},
                  {"id": N, "name": "sockeye-base-enfr", "user": "lrossi", "nodes": "mt-h100-[09-10]",
                   "tasks_per_node": 8, "started": "2023-07-25T06:15:00Z", "comment": comment(1)}])
    rng = s.rng
    S = lambda t: s.at(t)  # noqa: E731
    s.joblog(2.0, J, "+ srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint "
                     "mt-h100-04:29400 --no_python sockeye-train --prepared-data prepared.deen --validation-source "
                     "newstest2019.de --validation-target newstest2019.en --output deen-tbig --dist "
                     "--transformer-model-size 1024 --batch-size 5000 --update-interval 4")  # SYNTH
    for k, (mod, msg) in enumerate([("sockeye.utils", "Sockeye: 3.1.34, commit 5b5f6fa, path /opt/sockeye/sockeye/"
                                                      "__init__.py"),
                                    ("sockeye.utils", "PyTorch: 2.0.1+cu118 (/opt/conda/lib/python3.10/site-packages/"
                                                      "torch/__init__.py)"),
                                    ("sockeye.train", "Distributed training: world size 32"),
                                    ("sockeye.data_io", "Loading shard prepared.deen/shard.00000."),
                                    ("sockeye.model", "SockeyeModel(config=..., inference_only=False, train_decoder_only=False)"),
                                    ("sockeye.train", "Model parameters: 209,911,808 trainable, 0 fixed")]):
        s.joblog(40.0 + 3.0 * k, J, sockeye_log(S(40.0 + 3.0 * k), mod, msg))  # SYNTH
    s.joblog(80.0, J, "NCCL version 2.18.1+cuda11.8")  # SYNTH
    for i, n_ in enumerate(nodes):
        s.joblog(81.0 + 0.1 * i, J, f"{n_}:{41200 + i * 7}:{41200 + i * 7} [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB "
                                    f"[1]mlx5_1:1/IB ; OOB ib0:10.44.2.{14 + i}<0>")  # SYNTH
    s.joblog(95.0, J, f"mt-h100-04:41200:41388 [0] NCCL INFO comm 0x5581a6c0 rank 0 nranks 32 cudaDev 0 nvmlDev 0 "
                      "busId 18000 commId 0x9f1c27d4e3a0b112 - Init COMPLETE")  # SYNTH
    s.joblog(120.0, J, sockeye_log(S(120.0), "sockeye.training", "Early stopping by optimizing 'perplexity'"))  # SYNTH
    t_f = 131.4
    chain = lambda pre: [f"{pre} NCCL INFO transport/net.cc:1008 -> 6", f"{pre} NCCL INFO proxy.cc:679 -> 6",  # noqa
                         f"{pre} NCCL INFO proxy.cc:858 -> 6 [Proxy Thread]"]        # SYNTH (used earlier)
    warn = [rehost_nccl(REAL_S5[0], bad),
            re.sub(r"^[\w.-]+:(\d+:\d+) \[\d+\] ", lambda m: f"{bad}:{m.group(1)} [5] ", REAL_S5[1]),
            rehost_nccl(REAL_S5[2], bad),
            f"{bad}:70114:70290 [7] transport/net_ib.cc:1295 {REAL_S5_TITLE}"]
    for k, w in enumerate(warn):
        tw = t_f + 0.004 * k
        s.joblog(tw, J, w)
        pre = re.match(r"^(\S+ \[\d+\])", w).group(1)
        for j, c in enumerate(chain(pre)):
            s.joblog(tw + 0.0005 * (j + 1), J, c)
    t_e = t_f + 1.2
    for r in range(32):
        node_i = r // 8
        who = "A call failed possibly due to a network error or a remote process exiting prematurely."
        s.joblog(t_e + 0.01 * r, J, f"[rank{r}]:[E725 {S(t_e):%H:%M:%S}.{rng.randint(100000, 999999)} "
                                    f"ProcessGroupNCCL.cpp:{475 if node_i == 2 else 828}] [Rank {r}] NCCL watchdog "
                                    "thread terminated with exception: NCCL error: remote process exited or there was "
                                    "a network error, NCCL version 2.18.1")  # SYNTH
        s.joblog(t_e + 0.01 * r + 0.001, J, f"[rank{r}]:ncclRemoteError: {who}")  # SYNTH
    t_x = t_e + 4.0
    for i, n_ in enumerate(nodes):
        s.joblog(t_x + 0.2 * i, J, f"[{S(t_x):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d}] torch.distributed.elastic."
                                   f"multiprocessing.api: [ERROR] failed (exitcode: -6) local_rank: 0 (pid: "
                                   f"{41200 + i * 7}) of binary: /opt/conda/bin/sockeye-train")  # SYNTH
        s.joblog(t_x + 0.2 * i + 0.05, J, f"srun: error: {n_}: task {i}: Exited with exit code 1")  # SYNTH
    s.job_state(t_x + 3.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_x + 1200.0
    tn, up = 20.0, 88400
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, sockeye_log(S(tn), "sockeye.training", f"Epoch[3] Batch [{up}]\tSpeed: "
                                                              f"{rng.uniform(395, 410):.2f} samples/sec "
                                                              f"{rng.uniform(38500, 39500):.2f} tokens/sec 2.12 "
                                                              f"updates/sec\tperplexity={4.31 + rng.uniform(-0.03, 0.03):.6f}"))
        up += 100
        tn += 47.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ < 85 or t_ > t_x:
                return idle33(rng, "h100_pcie")
            return s33(rng, "h100_pcie", rng.randint(20, 60), rng.uniform(110, 170), clock=1755)
        return busy33(rng, "h100_pcie", 0.92)
    run_sampler(s, nodes, 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["mt-h100-09", "mt-h100-10"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=[n for n in nodes if n != bad] + ["mt-h100-09", "mt-h100-10"])
    return s


# ======================================================================================
# S6  fairchem-2node-l40-dimm-ce-storm-then-fatal-mce-node-down  (node_failure: fairchem (OCP) EquiformerV2 S2EF
#     training on 2 nodes x 4 L40. chem-l40-04's kernel log fills with EDAC corrected-error reports on one DIMM, a
#     few seconds apart, for ~25 min; then a fatal machine check panics the host. Telemetry from it stops, Slurm marks
#     it DOWN+NOT_RESPONDING 5 min later and the job ends NODE_FAIL.)
# ======================================================================================
# Source: https://github.com/openstreetmap/operations/issues/300 -- "Errol ECC memory Errors" (closed, labels
# hardware, ram-failure): "Errol has some faulty RAM which should be replaced." followed by the host's EDAC CE lines
# on CPU#0Channel#2_DIMM#0. Verbatim below: those EDAC lines (their journal stamp, host and uptime prefix is rewritten
# to this node; bodies unchanged). The thread's `mce: [Hardware Error]: Machine check events logged` line was used by
# earlier corpora and is emitted as SYNTH. The escalation to a fatal MCE and panic is my framing (SYNTH), as are the
# fairchem lines, Slurm events and telemetry.
REAL_S6 = [
    "May  7 06:45:12 errol kernel: [21584690.529877] EDAC MC0: 4 CE error on CPU#0Channel#2_DIMM#0 (channel:2 slot:0 "
    "page:0x0 offset:0x0 grain:8 syndrome:0x0)",
    "May  7 06:45:13 errol kernel: [21584691.723198] EDAC MC0: 2 CE error on CPU#0Channel#2_DIMM#0 (channel:2 slot:0 "
    "page:0x0 offset:0x0 grain:8 syndrome:0x0)",
    "May  7 06:45:17 errol kernel: [21584695.897483] EDAC MC0: 6 CE error on CPU#0Channel#2_DIMM#0 (channel:2 slot:0 "
    "page:0x0 offset:0x0 grain:8 syndrome:0x0)",
    "May  7 06:45:18 errol kernel: [21584696.517048] EDAC MC0: 1 CE error on CPU#0Channel#2_DIMM#0 (channel:2 slot:0 "
    "page:0x0 offset:0x0 grain:8 syndrome:0x0)",
]


def build_s6() -> Scenario:
    name = "fairchem-2node-l40-dimm-ce-storm-then-fatal-mce-node-down"
    J, N = "407731", "407702"
    nodes = ["chem-l40-03", "chem-l40-04"]
    bad = "chem-l40-04"
    s = Scenario(name, "fairchem (OCP) EquiformerV2 S2EF-2M training, 2 nodes x 4 L40 (8 DDP ranks, torchrun under "
                 "srun). chem-l40-04 starts logging EDAC corrected memory errors on one DIMM every few seconds; 25 min "
                 "later a fatal machine check panics it. Its telemetry stops; Slurm marks it DOWN+NOT_RESPONDING after "
                 "the 300 s slurmd timeout and the job ends NODE_FAIL. Opted in to requeue.",
                 "2024-02-11T09:00:00Z",
                 {"name": "chem-l40", "partition": "l40", "nodes": "chem-l40-[01-16]", "gpus_per_node": 4},
                 [{"id": J, "name": "eqv2-s2ef-2M", "user": "nokafor", "nodes": "chem-l40-[03-04]", "tasks_per_node": 4,
                   "started": "2024-02-11T06:30:00Z", "comment": comment(3, "/proj/chem/nokafor/checkpoints/eqv2")},
                  {"id": N, "name": "gemnet-oc-is2re", "user": "wzhou", "nodes": "chem-l40-08", "tasks_per_node": 4,
                   "started": "2024-02-11T08:05:00Z", "comment": comment(1)}])
    rng = s.rng
    S = lambda t: s.at(t)  # noqa: E731
    # progress: fairchem logs every 100 steps (~1.1 s/step)
    step, tt = 8200, 20.0
    t_ce = 900.0                 # first EDAC line
    t_p = t_ce + 1520.0          # fatal MCE / panic
    while tt < t_p:
        d = S(tt)
        s.joblog(tt, J, ocp_log(d, f"energy_mae: {0.0219 + rng.uniform(-0.002, 0.002):.2e}, forcesx_mae: "
                                   f"{0.0187 + rng.uniform(-0.001, 0.001):.2e}, forcesy_mae: "
                                   f"{0.0189 + rng.uniform(-0.001, 0.001):.2e}, forcesz_mae: "
                                   f"{0.0195 + rng.uniform(-0.001, 0.001):.2e}, forces_mae: 1.90e-02, forces_cos: "
                                   f"5.31e-01, forces_magnitude_error: 3.12e-02, loss: "
                                   f"{0.412 + rng.uniform(-0.02, 0.02):.2e}, lr: 1.98e-04, epoch: {step / 31250:.2e}, "
                                   f"step: {step:.2e}"))  # SYNTH
        step += 100
        tt += 100 * 1.1 * rng.uniform(0.98, 1.02)
    up0 = 1843211.0          # uptime of chem-l40-04 at t=0 (SYNTH)
    t = t_ce
    k = 0
    while t < t_p - 2:
        real = REAL_S6[k % len(REAL_S6)]
        body = re.sub(r"^\[\s*\d+\.\d+\] ", "", strip_journal(real))
        d = S(t)
        if k % 9 == 0:
            s.kernel(t - 0.00002, bad, f"{journal_t(d, bad)} [{up0 + t - 0.00002:.6f}] mce: [Hardware Error]: Machine "
                                       "check events logged")  # SYNTH (used earlier)
        s.kernel(t, bad, f"{journal_t(d, bad)} [{up0 + t:.6f}] {body}")  # REAL_S6 body
        k += 1
        t += rng.uniform(1.0, 9.0) if t < t_ce + 600 else rng.uniform(0.6, 4.0)
    for j, l in enumerate(["mce: [Hardware Error]: CPU 2: Machine Check Exception: 5 Bank 13: be00000000800090",
                           "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb4a3c6d1> {copy_user_enhanced_fast_string"
                           "+0x11/0x20}",
                           "mce: [Hardware Error]: TSC 0 ADDR 3f2a6e5c0 MISC 9001ea001401086",
                           "mce: [Hardware Error]: PROCESSOR 0:606a6 TIME 1707644420 SOCKET 0 APIC 4 microcode d0003a5",
                           "mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
                           "mce: [Hardware Error]: Machine check: Processor context corrupt",
                           "Kernel panic - not syncing: Fatal machine check"]):   # SYNTH
        s.kernel(t_p + 0.001 * j, bad, f"{journal_t(S(t_p), bad)} [{up0 + t_p + 0.001 * j:.6f}] {l}")
    # ranks on chem-l40-03 block; Slurm declares the node dead after SlurmdTimeout
    t_down = t_p + 304.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    node_fail_lines(s, t_down + 1.0, J, bad, nodes[0])  # SYNTH
    s.job_state(t_down + 2.0, J, "NODE_FAIL", "0:0")  # SYNTH
    t_end = t_down + 600.0
    tn, st = 40.0, 2100
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, ocp_log(S(tn), f"energy_mae: {0.412 + rng.uniform(-0.01, 0.01):.2e}, "
                                       f"energy_within_threshold: 2.11e-02, loss: 3.71e-01, lr: 5.00e-04, epoch: "
                                       f"{st / 7200:.2e}, step: {st:.2e}"))
        st += 100
        tn += 95.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == bad and t_ > t_p:
            return None
        if n_ in nodes and t_ > t_down + 3:
            return idle33(rng, "l40")
        if n_ in nodes and t_ > t_p + 5:
            return s33(rng, "l40", 100, rng.uniform(88, 105), clock=2490)
        return busy33(rng, "l40", 0.9)
    run_sampler(s, nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["chem-l40-08"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_ce, "category": "node_failure", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_requeue=[N], no_drain=[nodes[0], "chem-l40-08"])
    return s


# ======================================================================================
# S7  horovod-keras-8node-p100-stall-rank16-never-ready  (hang: Horovod + tf.keras ImageNet ResNet-50, mpirun -np 32
#     over 8 nodes x 4 P100 (s1..s8, -map-by slot). In epoch 1 at batch 228 progress stops; every 60 s Horovod's stall
#     inspector prints the stalled ops with their ready ranks: 31 ranks are ready, rank 16 -- the first slot of s5 --
#     never is. No kernel, DCGM or Slurm evidence; all GPUs idle. The job keeps running, stuck.)
# ======================================================================================
# Source: https://github.com/horovod/horovod/issues/215 -- "Hang when using multiple nodes with GPUs" (closed,
# labels question, wontfix): mpirun -np 32 -H s1:4,s2:4,...s8:4 with keras_imagenet_resnet50.py; "It keeps printing
# the warning and training does not progress. It looks like only 1 or only a few ranks do not contribute to allreduce
# when it hangs". The thread names no root cause; blaming rank 16's node purely from the ready-rank list is my framing.
# Verbatim below: the progress line (with the stall banner's dashes glued to it, as in the thread) and the stall
# warning line.
REAL_S7 = [
    "228/625 [=========>....................] - ETA: 6:32 - loss: 7.6713 - acc: 0.0073 - top_k_categorical_accuracy: "
    "0.0276---------------------",
    "WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are "
    "waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are trying to "
    "submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock. Stalled "
    "ops: training/SGD/DistributedSGD_Allreduce/HorovodAllreduce_training_SGD_gradients_conv1_1_BiasAdd_grad_"
    "BiasAddGrad_0 [ready ranks: 21, 25, 26, 27, 28, 29, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 1, 3, 0, 15, 17, 18, 20, "
    "22, 23, 24, 31, 8, 19, 2, 30], training/SGD/DistributedSGD_Allreduce/HorovodAllreduce_training_SGD_gradients_"
    "AddN_335_0 [ready ranks: 21, 25, 26, 27, 28, 29, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 1, 3, 0, 15, 17, 18, 20, 22, "
    "23, 24, 31, 8, 19, 2, 30]",
]


def build_s7() -> Scenario:
    name = "horovod-keras-8node-p100-stall-rank16-never-ready"
    J, N = "118342", "118330"
    nodes = [f"s{i}" for i in range(1, 9)]
    bad = "s5"
    s = Scenario(name, "Horovod 0.12 + tf.keras keras_imagenet_resnet50.py, mpirun -np 32 -H s1:4,...,s8:4 -bind-to "
                 "none -map-by slot inside a Slurm allocation of s[1-8] (4 x P100 16 GB each). Epoch 1 runs normally "
                 "to batch 228 of 625, then stops. From then on Horovod's stall inspector prints, every 60 s, the "
                 "stalled allreduce ops and their ready ranks: every rank except 16 is listed. Rank 16 is local rank 0 "
                 "on s5. No kernel, DCGM or Slurm evidence; all GPUs idle. The job is still RUNNING at the end; it is "
                 "opted in to requeue. No history on any node.",
                 "2018-03-16T10:00:00Z",
                 {"name": "hpc-p100", "partition": "p100", "nodes": "s[1-16]", "gpus_per_node": 4},
                 [{"id": J, "name": "hvd-keras-rn50", "user": "bacun", "nodes": "s[1-8]", "tasks_per_node": 4,
                   "started": "2018-03-16T09:20:00Z", "comment": comment(2, "/gpfs/bacun/hvd/ckpt")},
                  {"id": N, "name": "tf-seq2seq-nmt", "user": "ckim", "nodes": "s[11-12]", "tasks_per_node": 4,
                   "started": "2018-03-16T08:00:00Z", "comment": comment(1)}])
    rng = s.rng

    def bar(it: int, eta: int, loss: float, acc: float, top5: float) -> str:  # SYNTH (Keras 2.1 progbar)
        w = int(30 * it / 625)
        b = "=" * (w - 1) + ">" + "." * (30 - w) if w > 0 else "." * 30
        return (f"{it}/625 [{b}] - ETA: {eta // 60}:{eta % 60:02d} - loss: {loss:.4f} - acc: {acc:.4f} - "
                f"top_k_categorical_accuracy: {top5:.4f}")
    s.joblog(5.0, J, "Epoch 1/90")  # SYNTH
    spb = 1.72       # seconds per batch (SYNTH)
    t = 5.0
    for it in range(8, 228, 8):
        t = 5.0 + it * spb
        s.joblog(t, J, bar(it, int((625 - it) * spb), 7.70 - 0.0001 * it + rng.uniform(-0.01, 0.01),
                           0.0008 + 0.00003 * it, 0.004 + 0.0001 * it))  # SYNTH
    t_f = 5.0 + 228 * spb
    s.joblog(t_f, J, REAL_S7[0])  # REAL_S7
    t = t_f + 60.4
    t_end = t_f + 2700.0
    while t < t_end:
        s.joblog(t, J, REAL_S7[1])  # REAL_S7 (the stall inspector repeats it every 60 s)
        t += 60.0 + rng.uniform(0, 0.3)
    tn, st = 30.0, 212000
    while tn < t_end:  # SYNTH neighbour (TF seq2seq)
        s.joblog(tn, N, f"global step {st} learning rate 0.0005 step-time {0.39 + rng.uniform(-0.02, 0.02):.2f}s "
                        f"wps 21.{rng.randint(10, 90)}K ppl {6.81 + rng.uniform(-0.05, 0.05):.2f} gN 2.31 bleu 24.10")
        st += 100
        tn += 40.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ > t_f + 3:
                return s33(rng, "p100_16", 0, rng.uniform(30, 38), clock=405)
            return busy33(rng, "p100_16", 0.86)
        return busy33(rng, "p100_16", 0.9)
    run_sampler(s, nodes, 4, 0.0, t_end, 120.0, fn)
    run_sampler(s, ["s11", "s12"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}}, no_requeue=[N],
                    no_drain=nodes)
    return s


# ======================================================================================
# S8  minio-node-down-slowdown-parlai-and-flair-jobs-fail  (infrastructure: the cluster's on-prem MinIO (3 servers x 8
#     drives) loses one server. Requests that need the missing quorum get 503 SlowDown. A ParlAI job (2 nodes) whose
#     wrapper copies each best checkpoint to s3://parlai-ckpt fails on `aws s3 cp` with SlowDown; 40 s later a Flair job
#     of another user on a third node dies listing its S3 training shards with the same error. A job that does not use
#     the object store keeps running.)
# ======================================================================================
# Source: https://github.com/minio/minio/issues/10818 -- "ListObjects API failed with SlowDown error code" (closed,
# labels community, working as intended): "On 8 disks x 3 nodes setup, when one node is down, `mc ls` returns SlowDown
# error." Line text: https://github.com/minio/minio/pull/11255 -- the mint awscli test's error shows the exact
# awscli/botocore wording, verbatim below. The upload command, ParlAI/Flair output, botocore traceback for
# ListObjectsV2 and Slurm events are SYNTH.
REAL_S8 = ("An error occurred (SlowDown) when calling the PutObject operation (reached max retries: 4): Please reduce "
           "your request")


def build_s8() -> Scenario:
    name = "minio-node-down-slowdown-parlai-and-flair-jobs-fail"
    J1, J2, N = "750118", "750131", "750096"
    n1 = ["a6k-02", "a6k-03"]
    n2, n3 = "a6k-11", "a6k-15"
    s = Scenario(name, "Shared on-prem MinIO object store (3 servers x 8 drives) loses one server. A ParlAI BART "
                 "fine-tune (2 nodes x 4 RTX A6000) copies its best checkpoint to s3://parlai-ckpt after each "
                 "validation with `aws s3 cp`; the copy fails with SlowDown and the batch script exits. 40 s later a "
                 "Flair NER job of another user (1 node, 1 GPU) fails listing its S3 shards at the start of an epoch "
                 "with the same SlowDown error. A third job that reads only local data keeps running. Both failed jobs "
                 "are opted in to requeue; nodes are healthy.",
                 "2023-11-08T13:00:00Z",
                 {"name": "ai-a6000", "partition": "a6000", "nodes": "a6k-[01-20]", "gpus_per_node": 4},
                 [{"id": J1, "name": "parlai-bart-wow", "user": "jmensah", "nodes": "a6k-[02-03]", "tasks_per_node": 4,
                   "started": "2023-11-08T11:40:00Z", "comment": comment(2, "/scratch/jmensah/parlai/wow_bart")},
                  {"id": J2, "name": "flair-ner-xlmr", "user": "eportillo", "nodes": n2, "tasks_per_node": 1,
                   "started": "2023-11-08T12:10:00Z", "comment": comment(2)},
                  {"id": N, "name": "mbart-local-ft", "user": "hnakamura", "nodes": n3, "tasks_per_node": 4,
                   "started": "2023-11-08T10:00:00Z", "comment": comment(1)}])
    rng = s.rng
    S = lambda t: s.at(t)  # noqa: E731
    t_f = 1812.0
    # ParlAI: a report every 60 s, a validation + checkpoint copy every ~20 min (SYNTH)
    tt, exs, steps = 15.0, 412800, 12900
    t_val = [600.0, t_f - 75.0]
    hdr = ("    clen  ctpb  ctps  exps  exs  gnorm  gpu_mem  llen  loss     lr  ltpb  ltps   ppl  token_acc  "
           "total_train_updates   tpb   tps   ups")
    while tt < t_f - 80:
        d = S(tt)
        s.joblog(tt, J1, parlai_log(d, f"time:{int(4800 + tt)}s total_exs:{exs} total_steps:{steps} epochs:"
                                       f"{exs / 166800:.2f} time_left:{int(31000 - tt)}s"))
        s.joblog(tt + 0.001, J1, hdr)
        s.joblog(tt + 0.002, J1, f"    {rng.randint(205, 230)}  {rng.randint(3300, 3500)}  {rng.randint(11800, 12600)}  "
                                 f"{rng.uniform(112, 118):.1f}  {rng.randint(6700, 7100)}  {rng.uniform(2.1, 2.6):.3f}  "
                                 f"  .3861    {rng.randint(20, 24)} {2.51 + rng.uniform(-0.04, 0.04):.3f} 1e-05   "
                                 f"{rng.randint(360, 380)}  {rng.randint(1290, 1340)} {12.3 + rng.uniform(-0.3, 0.3):.2f}"
                                 f"      .4521  {steps}  {rng.randint(3700, 3900)} {rng.randint(13100, 13900)} 3.58")
        exs += 6912
        steps += 216
        tt += 60.0
        for tv in t_val:
            if tt - 60 < tv <= tt:
                s.joblog(tv, J1, parlai_log(S(tv), "running eval: valid"))
                s.joblog(tv + 71.0, J1, parlai_log(S(tv + 71), "eval completed in 71.02s"))
                s.joblog(tv + 71.1, J1, parlai_log(S(tv + 71), "valid:"))
                s.joblog(tv + 71.15, J1, "    accuracy  bleu-4   ppl  token_acc")
                s.joblog(tv + 71.2, J1, f"       0   .1108  {11.9 + rng.uniform(-0.2, 0.2):.2f}     .4577")
                s.joblog(tv + 71.3, J1, parlai_log(S(tv + 71), "saving best valid model: "
                                                               "/scratch/jmensah/parlai/wow_bart/model"))
                if tv < t_f - 100:
                    s.joblog(tv + 80.0, J1, "upload: ../wow_bart/model.checkpoint to "
                                            "s3://parlai-ckpt/wow_bart/model.checkpoint")
                tt = max(tt, tv + 90.0)
    # the failing copy (SYNTH wrapper line carrying the REAL awscli error text)
    s.joblog(t_f, J1, f"upload failed: ../wow_bart/model.checkpoint to s3://parlai-ckpt/wow_bart/model.checkpoint "
                      f"{REAL_S8}")
    s.joblog(t_f + 0.3, J1, "srun: error: a6k-02: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(t_f + 0.4, J1, cancel_line(J1, "a6k-02", S(t_f + 0.4)))  # SYNTH
    s.job_state(t_f + 2.0, J1, "FAILED", "1:0")  # SYNTH
    # Flair: per-epoch iteration lines (SYNTH), fails at the next epoch's shard listing
    t2 = t_f + 41.0
    tt, ep = 30.0, 3
    while tt < t2 - 20:
        for it in range(120, 1207, 120):
            ti = tt + it * 0.68
            if ti >= t2 - 20:
                break
            s.joblog(ti, J2, flair_log(S(ti), f"epoch {ep} - iter {it}/1206 - loss {0.091 - 0.004 * ep + rng.uniform(-0.004, 0.004):.8f} - "
                                              f"time (sec): {it * 0.68:.2f} - samples/sec: {rng.uniform(465, 480):.2f} - "
                                              "lr: 0.000005 - momentum: 0.000000"))
        tt += 1206 * 0.68
        if tt < t2 - 20:
            s.joblog(tt + 1, J2, flair_log(S(tt + 1), "----------------------------------------------------------------"
                                                      "------------------------------------"))
            s.joblog(tt + 2, J2, flair_log(S(tt + 2), f"EPOCH {ep} done: loss 0.0{rng.randint(700, 820)} - lr 0.000005"))
            s.joblog(tt + 40, J2, flair_log(S(tt + 40), f"DEV : loss 0.0{rng.randint(510, 560)} - f1-score (micro avg)  "
                                                        f"0.9{rng.randint(110, 190)}"))
            s.joblog(tt + 41, J2, flair_log(S(tt + 41), "saving best model"))
            tt += 45
            ep += 1
    tb = ["Traceback (most recent call last):",
          '  File "/home/eportillo/ner/train_s3.py", line 61, in <module>',
          "    trainer.fine_tune(\"resources/taggers/xlmr-ner\", learning_rate=5.0e-6, mini_batch_size=32, max_epochs=20)",
          '  File "/home/eportillo/ner/s3corpus.py", line 38, in __iter__',
          "    for page in paginator.paginate(Bucket=self.bucket, Prefix=self.prefix):",
          '  File "/home/eportillo/.venv/lib/python3.10/site-packages/botocore/paginate.py", line 269, in __iter__',
          "    response = self._make_request(current_kwargs)",
          '  File "/home/eportillo/.venv/lib/python3.10/site-packages/botocore/client.py", line 1009, in _make_api_call',
          "    raise error_class(parsed_response, operation_name)",
          "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the ListObjectsV2 operation "
          "(reached max retries: 4): Please reduce your request"]   # SYNTH
    for k, l in enumerate(tb):
        s.joblog(t2 + 0.001 * k, J2, l)
    s.joblog(t2 + 0.5, J2, f"srun: error: {n2}: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t2 + 2.0, J2, "FAILED", "1:0")  # SYNTH
    t_end = t2 + 1200.0
    tn, st = 20.0, 30200
    while tn < t_end:  # SYNTH neighbour (HF Trainer)
        s.joblog(tn, N, f"{{'loss': {1.204 + rng.uniform(-0.03, 0.03):.4f}, 'grad_norm': {0.61 + rng.uniform(-0.1, 0.1):.3f}, "
                        f"'learning_rate': 3.2e-05, 'epoch': {st / 12000:.2f}}}")
        st += 50
        tn += 110.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in n1:
            return idle33(rng, "a6000") if t_ > t_f + 3 else busy33(rng, "a6000", 0.9)
        if n_ == n2:
            if g:
                return idle33(rng, "a6000")
            return idle33(rng, "a6000") if t_ > t2 + 3 else busy33(rng, "a6000", 0.8)
        return busy33(rng, "a6000", 0.88)
    run_sampler(s, n1 + [n2], 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, [n3], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "infrastructure", "node": None}, no_requeue=[J1, J2, N],
                    no_drain=n1 + [n2, n3])
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
