#!/usr/bin/env python3
"""Build the holdout32 blind evaluation corpus (format `recovery-scenario/1`).

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
# S1  horovod-nccl-lo-interface-bootstrap-refused  (software: 2-node x 2-GPU Horovod/PyTorch job; NCCL enumerates lo
#     first (`NET : Using interface lo:127.0.0.1<0>`), ranks on the second node try to bootstrap to a loopback address
#     and get "Call to connect timeout : Connection refused" during ncclCommInitRank; hvd fails before the first step.
#     The interface choice is the job's environment (no NCCL_SOCKET_IFNAME), so a requeue repeats it.)
# ======================================================================================
# Source: https://github.com/horovod/horovod/issues/584 -- "Horovod hangs on multi-machine" (closed, label question).
# The reporter's NCCL INFO output shows lo listed first among 3 interfaces and the bootstrap connect failing with
# "Connection refused"; the resolution in the thread is to restrict NCCL/MPI to the real interface
# (NCCL_SOCKET_IFNAME=eth0 / excluding lo). Verbatim: the NCCL lines below, host prefixes included.
REAL_S1 = [
    "paigcr-b-gpu-1011:4289:4343 [0] NCCL INFO comm 0x7fc8e824c640 rank 0 nranks 4",
    "paigcr-b-gpu-1011:4289:4343 [0] NCCL INFO Could not find real path of /sys/class/net/lo/device",
    "paigcr-b-gpu-1011:4289:4343 [0] NCCL INFO CUDA Dev 0, IP Interfaces : lo(SOC) eth0(PXB) eth1(PXB)",
    "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO comm 0x7f0dc0269bf0 rank 2 nranks 4",
    "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO NET : Using interface lo:127.0.0.1<0>",
    "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO NET : Using interface eth0:10.151.40.240<0>",
    "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO NET : Using interface eth1:fe80::215:5dff:fe33:ff6d%eth1<0>",
    "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO NET/Socket : 3 interfaces found",
]
REAL_S1_ERR = [
    "paigcr-b-gpu-1012:4153:4209 [1] include/socket.h:361 NCCL WARN Call to connect timeout : Connection refused",
    "paigcr-b-gpu-1012:4153:4209 [1] NCCL INFO transport/net_socket.cu:139 -> 2",
    "paigcr-b-gpu-1012:4153:4209 [1] NCCL INFO bootstrap.cu:19 -> 2",
    "paigcr-b-gpu-1012:4153:4209 [1] NCCL INFO bootstrap.cu:225 -> 2",
    "paigcr-b-gpu-1012:4153:4209 [1] NCCL INFO init.cu:420 -> 2",
    "paigcr-b-gpu-1012:4153:4209 [1] NCCL INFO init.cu:557 -> 2",
    "paigcr-b-gpu-1012:4152:4206 [0] include/socket.h:361 NCCL WARN Call to connect timeout : Connection refused",
    "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO transport/net_socket.cu:139 -> 2",
    "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO bootstrap.cu:19 -> 2",
    "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO bootstrap.cu:225 -> 2",
]


def build_s1() -> Scenario:
    name = "horovod-nccl-lo-interface-bootstrap-refused"
    J, N = "3318042", "3318007"
    nodes = ["paigcr-b-gpu-1011", "paigcr-b-gpu-1012"]
    s = Scenario(name, "Horovod + PyTorch ResNet job, mpirun over 2 nodes x 2 GPUs (4 ranks) inside a Slurm "
                 "allocation. NCCL is left to pick its socket interface; it lists lo first, and the second node's "
                 "ranks fail ncclCommInitRank with `Call to connect timeout : Connection refused` while "
                 "bootstrapping. hvd.broadcast_parameters never completes; the job exits before step 1. The job is "
                 "opted in to requeue; the same environment would fail the same way.",
                 "2018-10-25T06:10:00Z",
                 {"name": "paigcr-b", "partition": "gpu", "nodes": "paigcr-b-gpu-[1009-1016]", "gpus_per_node": 2},
                 [{"id": J, "name": "hvd-resnet50-imagenet", "user": "qyyy", "nodes": "paigcr-b-gpu-[1011-1012]",
                   "tasks_per_node": 2, "started": "2018-10-25T06:10:00Z", "comment": comment(2, "/cpfs/qyyy/ckpt")},
                  {"id": N, "name": "bert-base-pretrain", "user": "lmz", "nodes": "paigcr-b-gpu-[1014-1015]",
                   "tasks_per_node": 2, "started": "2018-10-25T02:30:00Z", "comment": comment(1)}])
    rng = s.rng
    s.joblog(4.0, J, "+ mpirun -np 4 -H paigcr-b-gpu-1011:2,paigcr-b-gpu-1012:2 -bind-to none -map-by slot "
                     "-x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH python pytorch_imagenet_resnet50.py")  # SYNTH
    for r in range(4):
        s.joblog(19.0 + 0.1 * r, J, f"[1,{r}]<stdout>:hvd.init() done: rank {r}/4 local_rank {r % 2}")  # SYNTH
    t0 = 27.0
    s.joblog(t0, J, "NCCL version 2.3.5+cuda9.0")  # SYNTH
    for k, l in enumerate(REAL_S1):
        s.joblog(t0 + 0.2 + 0.01 * k, J, l)  # REAL_S1
    s.joblog(t0 + 0.31, J, "paigcr-b-gpu-1012:4153:4209 [1] NCCL INFO comm 0x7f3a34269bf0 rank 3 nranks 4")  # SYNTH
    t_f = t0 + 20.3   # connect timeout fires
    for k, l in enumerate(REAL_S1_ERR):
        s.joblog(t_f + 0.01 * k, J, l)  # REAL_S1_ERR
    for k, l in enumerate(["paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO init.cu:420 -> 2",       # SYNTH (cut in thread)
                           "paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO init.cu:557 -> 2"]):
        s.joblog(t_f + 0.11 + 0.01 * k, J, l)
    for r in (2, 3):
        s.joblog(t_f + 0.4 + 0.05 * r, J, f"[1,{r}]<stderr>:RuntimeError: ncclCommInitRank failed: unhandled system "
                                          "error")  # SYNTH
    s.joblog(t_f + 1.5, J, "-------------------------------------------------------")  # SYNTH
    s.joblog(t_f + 1.51, J, "Primary job  terminated normally, but 1 process returned")  # SYNTH
    s.joblog(t_f + 1.52, J, "a non-zero exit code. Per user-direction, the job has been aborted.")  # SYNTH
    s.joblog(t_f + 1.6, J, "mpirun detected that one or more processes exited with non-zero status, thus causing")
    s.joblog(t_f + 1.61, J, "the job to be terminated. The first process to do so was:")  # SYNTH
    s.joblog(t_f + 1.62, J, "  Process name: [[40111,1],2]")  # SYNTH
    s.joblog(t_f + 1.63, J, "  Exit code:    1")  # SYNTH
    s.job_state(t_f + 3.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f + 900.0
    tn, st = 30.0, 118200
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"[1,0]<stdout>:Iteration {st}: loss = {1.72 + rng.uniform(-0.05, 0.05):.4f}, "
                        f"{rng.uniform(410, 430):.1f} seq/s")
        st += 100
        tn += 60.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if 18 < t_ < t_f + 2:
                return s32(rng, "v100", rng.randint(0, 3), rng.uniform(55, 70), clock=1530)
            return s32(rng, "v100", 0, rng.uniform(38, 45), clock=135)
        return s32(rng, "v100", rng.randint(90, 99), rng.uniform(220, 280), clock=1530)
    run_sampler(s, nodes, 2, 0.0, t_end, 30.0, fn)
    run_sampler(s, ["paigcr-b-gpu-1014"], 2, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None}, no_requeue=[J, N], no_drain=nodes)
    return s


# ======================================================================================
# S2  speechbrain-webdataset-one-val-shard-hang-after-epoch  (software: SpeechBrain lang-id recipe on webdataset
#     shards, 2 nodes x 4 GPUs. Training epoch 1 completes; the validation set is one shard, so only one of the 8 ranks
#     (and one of its dataloader workers) gets data; the other ranks leave validation at once and block in the
#     epoch-end all_reduce. GPUs spin at 100 % in the NCCL kernel; the watchdog fires 30 min later on 7 ranks. Looks
#     like a collective hang; it is the data pipeline's configuration, and a restart stalls at the same point.)
# ======================================================================================
# Source: https://github.com/webdataset/webdataset/issues/188 -- "Process hang with DDP training" (closed, bug). The
# reporter (SpeechBrain VoxLingua107 lang_id recipe) sees DDP hang when num_workers is large or when there is only one
# shard file; rwightman explains: "you don't have enough shard files to distribute amongst the dataloader workers across
# all train processes. If a train process ends up with no shards, it will hangs training as one of the nodes can't
# step." The thread quotes no log line: there is no REAL literal; every line is SYNTH in SpeechBrain's format.


def build_s2() -> Scenario:
    name = "speechbrain-webdataset-one-val-shard-hang-after-epoch"
    J, N = "2290415", "2290388"
    nodes = ["sb-a40-03", "sb-a40-04"]
    s = Scenario(name, "SpeechBrain VoxLingua107 language-ID (ECAPA) training from webdataset shards, 2 nodes x 4 A40 "
                 "(8 DDP ranks, 4 dataloader workers each). Epoch 1 trains normally (1250 steps/rank). Validation "
                 "reads a single shard: rank 0 validates alone while ranks 1-7 (both nodes) finish at once and wait in "
                 "the epoch-end all_reduce; rank 0 then blocks in the next collective of a different shape. No rank "
                 "prints anything for 30 min, GPUs show 100 % util at low power, then the NCCL watchdog fires on ranks "
                 "1-7. No hardware or kernel evidence. Opted in to requeue.",
                 "2022-06-07T08:00:00Z",
                 {"name": "asr-a40", "partition": "a40", "nodes": "sb-a40-[01-10]", "gpus_per_node": 4},
                 [{"id": J, "name": "voxlingua107-ecapa-wds", "user": "poor1017", "nodes": "sb-a40-[03-04]",
                   "tasks_per_node": 4, "started": "2022-06-07T08:00:00Z", "comment": comment(3, "/data/sb/results")},
                  {"id": N, "name": "conformer-librispeech", "user": "tpa", "nodes": "sb-a40-[07-08]",
                   "tasks_per_node": 4, "started": "2022-06-07T05:00:00Z"}])
    rng = s.rng
    s.joblog(10.0, J, "speechbrain.core - Beginning experiment!")  # SYNTH
    s.joblog(10.1, J, "speechbrain.core - Experiment folder: results/voxlingua107/1986")  # SYNTH
    s.joblog(40.0, J, "speechbrain.core - 20.8M trainable parameters in LanguageIdBrain")  # SYNTH
    n, rate, t0 = 1250, 2.31, 45.0
    for it in range(25, n + 1, 25):
        el = it / rate + rng.uniform(-1, 1)
        s.joblog(t0 + el, J, sb_tqdm(it, n, el, rate, 2.9 * math.exp(-it / 900) + 0.6 + rng.uniform(-0.03, 0.03)))
    t_val = t0 + n / rate + 2.0
    s.joblog(t_val, J, tqdm_meter(0, 1, 0.0, None))  # SYNTH: validation bar starts on rank 0 (1 shard -> 1 batch set)
    t_f = t_val + 4.0    # ranks 1-7 enter the epoch-end all_reduce without rank 0
    t_wd = t_f + 1800.0
    for r in range(1, 8):
        d = s.at(t_wd + 0.03 * r)
        s.joblog(t_wd + 0.03 * r, J, f"[E ProcessGroupNCCL.cpp:737] [Rank {r}] Watchdog caught collective operation "
                                     f"timeout: WorkNCCL(SeqNum=2519, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for "
                                     f"{1800010 + rng.randint(0, 80)} milliseconds before timing out.")  # SYNTH
    for r in range(1, 8):
        s.joblog(t_wd + 1.0 + 0.02 * r, J, f"[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed "
                                           "out. Due to the asynchronous nature of CUDA kernels, subsequent GPU "
                                           "operations might run on corrupted/incomplete data. To avoid this "
                                           "inconsistency, we are taking the entire process down.")  # SYNTH
    s.joblog(t_wd + 3.0, J, "srun: error: sb-a40-03: task 1: Aborted (core dumped)")  # SYNTH
    s.joblog(t_wd + 3.1, J, "srun: error: sb-a40-04: tasks 4-7: Aborted (core dumped)")  # SYNTH
    srun_abort_lines(s, t_wd + 3.5, J, "sb-a40-03")
    s.job_state(t_wd + 40.0, J, "FAILED", "6:0")  # SYNTH
    t_end = t_wd + 400.0
    tn, st = 60.0, 81000
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, sb_tqdm(st % 4000 + 1, 4000, (st % 4000 + 1) / 3.1, 3.1, 0.41 + rng.uniform(-0.02, 0.02)))
        st += 930
        tn += 300.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t0 < t_ < t_val:
                return s32(rng, "a100_40", rng.randint(80, 97), rng.uniform(190, 260), clock=1740)
            if t_val <= t_ < t_wd + 4:
                return s32(rng, "a100_40", 100, rng.uniform(88, 104), clock=1740)   # spinning in NCCL kernels
            return s32(rng, "a100_40", 0, rng.uniform(28, 34), clock=210)
        return s32(rng, "a100_40", rng.randint(85, 99), rng.uniform(200, 270), clock=1740)
    run_sampler(s, nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["sb-a40-07"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None}, no_requeue=[J, N], no_drain=nodes)
    return s


# ======================================================================================
# S3  yolov5-ddp-destroying-process-group-hang-after-results  (software: single-node 4 x V100 YOLOv5 DDP training runs
#     all 100 epochs, strips the optimizer, prints "Results saved to runs/train/exp10" and "Destroying process
#     group..." -- and never exits; the job sits until its time limit. Work is done: nothing to requeue.)
# ======================================================================================
# Source: https://github.com/ultralytics/yolov5/issues/8335 -- "CLI hangs once training is completed" (closed, bug).
# "Although it still trains the model, the cli freezes and hangs with the message below": the two lines below. The
# maintainer attributes it to the system (resources), not to YOLOv5; it happens inside docker. Verbatim: the two lines.
REAL_S3 = ["Results saved to runs/train/exp10", "Destroying process group..."]


def build_s3() -> Scenario:
    name = "yolov5-ddp-destroying-process-group-hang-after-results"
    J, N = "771204", "771190"
    s = Scenario(name, "YOLOv5s DDP training (torch.distributed.run, 4 x V100 on one node, in a container) for 100 "
                 "epochs. Training, validation and the final optimizer strip complete and the results are saved; "
                 "then `Destroying process group...` is printed and the processes never exit (GPU 0 released, GPUs "
                 "1-3 keep their memory at 0 % util). The job runs into its 12-hour time limit 40 minutes later. "
                 "Opted in to requeue.",
                 "2022-06-24T03:00:00Z",
                 {"name": "vision-v100", "partition": "v100", "nodes": "v100-[01-12]", "gpus_per_node": 4},
                 [{"id": J, "name": "yolov5s-custom-100ep", "user": "daddydrac", "nodes": "v100-07", "tasks_per_node": 4,
                   "started": "2022-06-23T15:40:00Z", "comment": comment(2, "/scratch/daddydrac/runs")},
                  {"id": N, "name": "mask-rcnn-r50", "user": "kwo", "nodes": "v100-09", "tasks_per_node": 4,
                   "started": "2022-06-24T01:00:00Z"}])
    rng = s.rng
    hdr = (f"{'Epoch':>10}{'GPU_mem':>10}{'box_loss':>11}{'obj_loss':>11}{'cls_loss':>11}{'Instances':>11}"
           f"{'Size':>11}")
    t = 5.0
    for ep in (97, 98, 99):
        s.joblog(t, J, "")  # SYNTH
        s.joblog(t + 0.01, J, hdr)  # SYNTH
        for it in (23, 46, 69, 92):
            s.joblog(t + it * 0.45, J, yolo_train(ep, 100, 8.21, 0.0287 + rng.uniform(-0.001, 0.001),
                                                  0.0194 + rng.uniform(-0.001, 0.001), 0.0059, rng.randint(90, 130), it,
                                                  92, it * 0.45))  # SYNTH
        t += 92 * 0.45 + 1.0
        s.joblog(t, J, f"{'Class':>22}{'Images':>11}{'Instances':>11}{'P':>11}{'R':>11}{'mAP50':>11}"
                       f"{'mAP50-95':>11}: 100%|" + TQDM_UTF[-1] * 10 + "| 16/16 [00:05<00:00,  2.98it/s]")  # SYNTH
        s.joblog(t + 5.5, J, f"{'all':>22}{500:>11}{3415:>11}{0.712:>11.3g}{0.645:>11.3g}{0.701:>11.3g}"
                             f"{0.452 + 0.001 * (ep - 97):>11.3g}")  # SYNTH
        t += 7.0
    s.joblog(t + 1.0, J, "")  # SYNTH
    s.joblog(t + 1.01, J, "100 epochs completed in 1.265 hours.")  # SYNTH
    s.joblog(t + 1.5, J, "Optimizer stripped from runs/train/exp10/weights/last.pt, 14.4MB")  # SYNTH
    s.joblog(t + 1.6, J, "Optimizer stripped from runs/train/exp10/weights/best.pt, 14.4MB")  # SYNTH
    s.joblog(t + 2.0, J, "")  # SYNTH
    s.joblog(t + 2.01, J, "Validating runs/train/exp10/weights/best.pt...")  # SYNTH
    s.joblog(t + 9.0, J, f"{'all':>22}{500:>11}{3415:>11}{0.713:>11.3g}{0.646:>11.3g}{0.702:>11.3g}{0.454:>11.3g}")
    t_done = t + 10.0
    s.joblog(t_done, J, REAL_S3[0])  # REAL_S3
    s.joblog(t_done + 0.2, J, REAL_S3[1])  # REAL_S3
    t_f = t_done + 0.2
    t_tl = t_f + 2400.0
    s.joblog(t_tl, J, f"slurmstepd: error: *** JOB {J} ON v100-07 CANCELLED AT {s.at(t_tl):%Y-%m-%dT%H:%M:%S} DUE TO "
                      "TIME LIMIT ***")  # SYNTH
    s.job_state(t_tl + 1.0, J, "TIMEOUT", "0:15")  # SYNTH
    t_end = t_tl + 300.0
    tn, it = 20.0, 41000
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, mmdet_line(s.at(tn), 7, it % 7330, 7330, 0.02, 0.71 + rng.uniform(-0.04, 0.04)))
        it += 50
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == "v100-07":
            if t_ < t_done:
                return s32(rng, "v100", rng.randint(75, 98), rng.uniform(200, 280), clock=1530)
            if t_ < t_tl and g > 0:
                return s32(rng, "v100", 0, rng.uniform(40, 46), clock=1530, extra={"DCGM_FI_DEV_FB_USED": 9300 + g})
            return s32(rng, "v100", 0, rng.uniform(33, 38), clock=135, extra={"DCGM_FI_DEV_FB_USED": 0})
        return s32(rng, "v100", rng.randint(85, 99), rng.uniform(220, 290), clock=1530)
    run_sampler(s, ["v100-07"], 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["v100-09"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None}, no_requeue=[J, N], no_drain=["v100-07"])
    return s


# ======================================================================================
# S4  pbg-cephfs-checkpoint-write-stall-two-jobs  (infrastructure: PyTorch-BigGraph distributed training on 2 machines
#     writes its checkpoint to CephFS; Trainer-1 writes its part and waits for the others, Trainer-0's write never
#     returns; the kernel logs libceph/ceph MDS trouble and hung tasks; a second job on other nodes stalls in its own
#     checkpoint write on the same filesystem at the same time.)
# ======================================================================================
# Source: https://github.com/facebookresearch/PyTorch-BigGraph/issues/160 -- "Multi-machine training, All parts of the
# checkpoint do not have been written" (closed). lw: "It looks like the code got stuck writing the checkpoint and never
# managed to complete that step. ... I'm guessing it's a distributed (network) file system. Some of these are known to
# sometimes hang and deadlock"; the reporter: "CheckPoint is stored in CEPH cluster (distributed file system)". The
# thread's excerpt quotes no log line of its own.
# Format source (verbatim lines, the scenario clock is chosen so their stamps fit unchanged):
# https://github.com/facebookresearch/PyTorch-BigGraph/issues/117 -- PBG's own multi-machine log of the same checkpoint
# step ("Writing the checkpoint" / "Waiting for other workers to write their parts of the checkpoint").
REAL_S4 = [
    "2019-12-04 04:16:20,304   [Trainer-1] Writing the checkpoint",
    "2019-12-04 04:16:20,333   [Trainer-1] Waiting for other workers to write their parts of the checkpoint",
]


def build_s4() -> Scenario:
    name = "pbg-cephfs-checkpoint-write-stall-two-jobs"
    J, J2, N = "640117", "640102", "640090"
    s = Scenario(name, "PyTorch-BigGraph (torchbiggraph_train) on 2 machines (pbg-01, pbg-02), checkpoint_path on CephFS. "
                 "At the end of epoch 1 both trainers write their parts; Trainer-1 finishes and waits for the others, "
                 "Trainer-0's write never completes. Both client nodes log libceph socket resets and `ceph: mds0 hung`; "
                 "hung-task reports follow on pbg-01. A second job (JAX/Flax, pbg-06) stalls in a checkpoint write to "
                 "the same CephFS at the same time. A third job on local NVMe runs on. PBG job opted in to requeue.",
                 "2019-12-04T04:00:00Z",
                 {"name": "kg-ceph", "partition": "gpu", "nodes": "pbg-[01-08]", "gpus_per_node": 4},
                 [{"id": J, "name": "pbg-kgc-full", "user": "sixinshuier", "nodes": "pbg-[01-02]", "tasks_per_node": 1,
                   "started": "2019-12-04T04:00:00Z", "comment": comment(2, "/cephfs/kgc/model")},
                  {"id": J2, "name": "flax-vit-b16", "user": "ozr", "nodes": "pbg-06", "tasks_per_node": 4,
                   "started": "2019-12-04T02:30:00Z"},
                  {"id": N, "name": "local-nvme-bert", "user": "vhe", "nodes": "pbg-08", "tasks_per_node": 4,
                   "started": "2019-12-04T01:00:00Z"}])
    rng = s.rng
    for k, who in enumerate(("Trainer-0", "Trainer-1")):
        t = 2.0 + k
        s.joblog(t, J, pbg_line(s.at(t), who, "Loading entity counts..."))  # SYNTH
        s.joblog(t + 0.5, J, pbg_line(s.at(t + 0.5), who, "Creating workers..."))  # SYNTH
        s.joblog(t + 4.0, J, pbg_line(s.at(t + 4.0), who, "Starting epoch 1 / 50, edge path 1 / 1, edge chunk 1 / 1"))
    for b in range(1, 9):  # SYNTH buckets
        for k, who in enumerate(("Trainer-0", "Trainer-1")):
            t = 20.0 + b * 110.0 + k * 3.1
            s.joblog(t, J, pbg_line(s.at(t), who, f"( {b % 4} , {(b + k) % 4} ): bucket {b} / 16 : Processed "
                                                   f"{rng.randint(4100000, 4400000)} edges in {rng.uniform(98, 106):.2f} s "
                                                   f"( {rng.uniform(0.040, 0.044):.4f} M/sec ); io: "
                                                   f"{rng.uniform(2.1, 2.9):.2f} s ( {rng.uniform(280, 320):.2f} MB/sec )"))
    t_ck = 980.304  # 04:16:20.304
    s.joblog(t_ck - 1.0, J, pbg_line(s.at(t_ck - 1.0), "Trainer-0", "Finished epoch 1 / 50, edge path 1 / 1, edge chunk "
                                                                       "1 / 1"))  # SYNTH
    s.joblog(t_ck - 0.2, J, pbg_line(s.at(t_ck - 0.2), "Trainer-0", "Writing the checkpoint"))  # SYNTH
    s.joblog(t_ck - 0.9, J, pbg_line(s.at(t_ck - 0.9), "Trainer-1", "Finished epoch 1 / 50, edge path 1 / 1, edge chunk "
                                                                       "1 / 1"))  # SYNTH
    s.joblog(t_ck, J, REAL_S4[0])  # REAL_S4
    s.joblog(980.333, J, REAL_S4[1])  # REAL_S4
    t_f = 984.0
    # SYNTH kernel side: both PBG nodes and pbg-06 mount the same CephFS
    for node, dt_ in (("pbg-01", 0.0), ("pbg-02", 1.7), ("pbg-06", 3.2)):
        s.kernel(t_f + dt_, node, f"{dmesg_t(s.at(t_f + dt_))} libceph: osd17 (1)10.40.8.33:6813 socket closed (con "
                                  "state OPEN)")
        s.kernel(t_f + dt_ + 15.0, node, f"{dmesg_t(s.at(t_f + dt_ + 15.0))} libceph: mon1 (1)10.40.8.12:6789 session "
                                         "lost, hunting for new mon")
        s.kernel(t_f + dt_ + 61.0, node, f"{dmesg_t(s.at(t_f + dt_ + 61.0))} ceph: mds0 hung")
    for k in range(3):
        tk = t_f + 246.0 + 123.0 * k
        s.kernel(tk, "pbg-01", f"{dmesg_t(s.at(tk))} INFO: task python:48211 blocked for more than {120 + 123 * k} "
                               "seconds.")
        s.kernel(tk + 0.01, "pbg-01", f"{dmesg_t(s.at(tk))}       Not tainted 4.15.0-96-generic #97-Ubuntu")
        s.kernel(tk + 0.02, "pbg-01", f"{dmesg_t(s.at(tk))} \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" "
                                      "disables this message.")
        s.kernel(tk + 0.5, "pbg-06", f"{dmesg_t(s.at(tk + 0.5))} INFO: task python3:9120 blocked for more than "
                                     f"{120 + 123 * k} seconds.")
    # SYNTH second job on the same filesystem
    tn = 30.0
    st = 184000
    while tn < t_f:
        s.joblog(tn, J2, f"I1204 {s.at(tn):%H:%M:%S}.{rng.randint(100000, 999999)} 139823 train.py:412] step={st} "
                         f"loss={2.31 + rng.uniform(-0.03, 0.03):.4f} img/s={rng.uniform(2380, 2420):.1f}")
        st += 200
        tn += 90.0
    s.joblog(t_f - 2.0, J2, f"I1204 {s.at(t_f - 2.0):%H:%M:%S}.481223 139823 checkpoints.py:1052] Saving checkpoint "
                            f"at step: {st}")
    s.joblog(t_f - 1.9, J2, f"I1204 {s.at(t_f - 1.9):%H:%M:%S}.512904 139823 checkpoints.py:1093] Writing "
                            f"/cephfs/ozr/vit_b16/checkpoint_{st}.orbax-checkpoint-tmp-0")
    t_end = t_f + 1500.0
    tn = 45.0
    while tn < t_end:  # SYNTH unaffected neighbour
        s.joblog(tn, N, "0: " + hf_train_dict(1.41 + rng.uniform(-0.03, 0.03), 0.8, 1e-4, 2.0 + tn / 40000))
        tn += 180.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in ("pbg-01", "pbg-02"):
            if 8 < t_ < t_ck - 1.5:
                return s32(rng, "v100", rng.randint(40, 75), rng.uniform(120, 190), clock=1530)
            return s32(rng, "v100", 0, rng.uniform(38, 44), clock=1530 if t_ < t_end else 135)
        if n_ == "pbg-06":
            if t_ < t_f - 2:
                return s32(rng, "v100", rng.randint(88, 99), rng.uniform(230, 290), clock=1530)
            return s32(rng, "v100", 0, rng.uniform(40, 46), clock=1530)
        return s32(rng, "v100", rng.randint(85, 99), rng.uniform(220, 290), clock=1530)
    run_sampler(s, ["pbg-01", "pbg-02", "pbg-06"], 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["pbg-08"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "infrastructure", "node": None}, no_requeue=[J, J2, N],
                    no_drain=["pbg-01", "pbg-02", "pbg-06"])
    return s


# ======================================================================================
# S5  tf-multiworker-soft-lockup-nvidia-uvm-worker1-node-lost  (node_failure: TF2 MultiWorkerMirroredStrategy Keras job
#     on 2 nodes x 4 GPUs; on the second node a python3 thread sits in the NVIDIA driver and the kernel's watchdog
#     reports soft lockups (modules nvidia_uvm / nvidia tainted POE); the host becomes unusable, stops answering
#     slurmd, is marked DOWN+NOT_RESPONDING and the job ends NODE_FAIL.)
# ======================================================================================
# Source: https://github.com/tensorflow/tensorflow/issues/60900 -- "tf.test.gpu_device_name() leads to soft lockup and
# unusable system" (closed, stat:awaiting response). The reporter's journal shows the soft-lockup record of a python3
# task with the nvidia modules loaded (Ubuntu 5.4.0-150, a VMware guest); the system becomes unusable. Verbatim: the
# module list line (first physical line of it, as the excerpt wraps it) and the CPU/PID/Comm line. The "soft lockup"
# headline itself, the repeats, the RIP/Call Trace and everything after are SYNTH.
REAL_S5 = [
    "Jun 15 13:35:05 s050009088 kernel: Modules linked in: nvidia_uvm(OE) veth xt_nat xt_tcpudp xt_conntrack "
    "xt_MASQUERADE nf_conntrack_netlink nfnetlink xfrm_user xfrm_algo iptable_nat nf_nat nf_conntrack nf_defrag_ipv6 "
    "nf_defrag_ipv4 xt_addrtype iptable_filter bpfilter br_netfilter bridge stp llc aufs overlay vmw_vsock_vmci_transport "
    "vsock dm_multipath scsi_dh_rdac scsi_dh_emc scsi_dh_alua binfmt_misc nvidia_drm(POE) nvidia_modeset(POE) "
    "intel_rapl_msr nvidia(POE) vmw_balloon intel_rapl_common input_leds intel_powerclamp joydev rapl serio_raw vmw_vmci "
    "mac_hid sch_fq_codel msr ramoops reed_solomon efi_pstore ip_tables x_tables autofs4 btrfs zstd_compress raid10 "
    "raid456 async_raid6_recov async_memcpy async_pq async_xor async_tx xor raid6_pq libcrc32c raid1 raid0 multipath "
    "linear vmwgfx crct10dif_pclmul crc32_pclmul ttm ghash_clmulni_intel drm_kms_helper syscopyarea aesni_intel "
    "sysfillrect crypto_simd sysimgblt mptspi cryptd fb_sys_fops glue_helper psmouse mptscsih drm mptbase ahci i2c_piix4",
    "Jun 15 13:35:05 s050009088 kernel: CPU: 6 PID: 4167 Comm: python3 Tainted: P           OE     5.4.0-150-generic "
    "#167-Ubuntu",
]


def build_s5() -> Scenario:
    name = "tf-multiworker-soft-lockup-nvidia-uvm-worker1-node-lost"
    J, N = "5120334", "5120301"
    nodes = ["s050009087", "s050009088"]
    bad = "s050009088"
    s = Scenario(name, "TensorFlow 2.12 Keras job with MultiWorkerMirroredStrategy on 2 nodes x 4 GPUs (one worker "
                 "per node). Mid-epoch 4, a python3 thread of worker 1 on s050009088 spins inside the NVIDIA driver: "
                 "the kernel prints repeated `watchdog: BUG: soft lockup` records naming python3 and the nvidia "
                 "modules; the node stops answering, Slurm marks it DOWN+NOT_RESPONDING and the job ends NODE_FAIL. "
                 "Worker 0 only shows a stalled epoch and then a collective failure. Opted in to requeue.",
                 "2023-06-15T13:00:00Z",
                 {"name": "vmgpu", "partition": "gpu", "nodes": "s0500090[80-95]", "gpus_per_node": 4},
                 [{"id": J, "name": "tf-mwms-efficientnet", "user": "mjugl", "nodes": "s0500090[87-88]",
                   "tasks_per_node": 1, "started": "2023-06-15T12:10:00Z", "comment": comment(2, "/nfs/mjugl/ckpt")},
                  {"id": N, "name": "pt-unet3d", "user": "hkr", "nodes": "s050009091", "tasks_per_node": 4,
                   "started": "2023-06-15T11:00:00Z"}])
    rng = s.rng
    t = 1205.0
    s.joblog(t, J, "0: Epoch 3/20")  # SYNTH
    s.joblog(t + 0.01, J, "1: Epoch 3/20")  # SYNTH
    s.joblog(t + 412.0, J, "0: " + keras_bar(1250, 1250, 412, 329, 0.9123, 0.6874))  # SYNTH
    s.joblog(t + 412.1, J, "1: " + keras_bar(1250, 1250, 412, 329, 0.9123, 0.6874))  # SYNTH
    s.joblog(t + 413.0, J, "0: Epoch 4/20")  # SYNTH
    s.joblog(t + 413.01, J, "1: Epoch 4/20")  # SYNTH
    t_f = 2105.0   # 13:35:05
    d = s.at(t_f)
    body = strip_journal(REAL_S5[0])
    s.kernel(t_f, bad, f"{journal_t(d, bad)} watchdog: BUG: soft lockup - CPU#6 stuck for 22s! [python3:4167]")  # SYNTH
    s.kernel(t_f + 0.001, bad, REAL_S5[0])  # REAL_S5
    s.kernel(t_f + 0.002, bad, f"{journal_t(d, bad)}  vmxnet3 scsi_transport_spi libahci pata_acpi")  # SYNTH (wrap)
    s.kernel(t_f + 0.003, bad, REAL_S5[1])  # REAL_S5
    for k, l in enumerate(["Hardware name: VMware, Inc. VMware Virtual Platform/440BX Desktop Reference Platform, "
                           "BIOS 6.00 12/12/2018",
                           "RIP: 0010:os_io_read32+0x8/0x10 [nvidia]",
                           "Call Trace:",
                           " _nv011231rm+0x2a/0x40 [nvidia]",
                           " rm_isr_bh+0x1c/0x60 [nvidia]",
                           " nvidia_isr_bh_unlocked+0x28/0x40 [nvidia]",
                           " uvm_ioctl+0x1629/0x1c00 [nvidia_uvm]",
                           " do_syscall_64+0x57/0x190"]):
        s.kernel(t_f + 0.004 + 0.001 * k, bad, f"{journal_t(d, bad)} {l}")  # SYNTH
    for k, sec in enumerate((48, 74, 100, 126)):
        tk = t_f + 26.0 * (k + 1)
        s.kernel(tk, bad, f"{journal_t(s.at(tk), bad)} watchdog: BUG: soft lockup - CPU#6 stuck for {sec}s! "
                          "[python3:4167]")  # SYNTH
        if k == 1:
            s.kernel(tk + 0.5, bad, f"{journal_t(s.at(tk), bad)} rcu: INFO: rcu_sched self-detected stall on CPU")
    # worker 0 progress stalls mid-epoch 4
    for it in range(100, 1100, 100):
        tt = t + 413.0 + it * 0.329
        s.joblog(tt, J, f"0: {it:>4}/1250 [{'=' * int(30 * it / 1250 - 1)}>{'.' * (30 - int(30 * it / 1250))}] - ETA: "
                        f"{int((1250 - it) * 0.329)}s - loss: {0.871 - it * 0.00002:.4f} - accuracy: 0.6911")  # SYNTH
    t_down = t_f + 300.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.joblog(t_down + 1.0, J, f"srun: error: Node failure on {bad}")  # SYNTH
    s.joblog(t_down + 1.5, J, "0: 2023-06-15 13:40:07.112093: E tensorflow/core/common_runtime/base_collective_executor"
                              ".cc:249] BaseCollectiveExecutor::StartAbort UNAVAILABLE: Collective ops is aborted by: "
                              "failed to connect to all addresses")  # SYNTH
    s.joblog(t_down + 2.0, J, f"slurmstepd: error: *** JOB {J} ON s050009087 CANCELLED AT "
                              f"{s.at(t_down + 2.0):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE ***")  # SYNTH
    s.job_state(t_down + 3.0, J, "NODE_FAIL", "0:0")  # SYNTH
    t_end = t_down + 600.0
    tn = 40.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"epoch 61 iter {int(tn // 2)} dice {0.842 + rng.uniform(-0.01, 0.01):.4f} "
                        f"loss {0.188 + rng.uniform(-0.01, 0.01):.4f}")
        tn += 150.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == bad:
            if t_ >= t_f + 40:
                return None  # exporter silent: host wedged
            return s32(rng, "a10", rng.randint(85, 98) if t_ < t_f else 0, rng.uniform(110, 145), clock=1695)
        if n_ == nodes[0]:
            if t_ < t_f:
                return s32(rng, "a10", rng.randint(85, 98), rng.uniform(110, 145), clock=1695)
            return s32(rng, "a10", 0, rng.uniform(38, 45), clock=1695 if t_ < t_down else 210)
        return s32(rng, "a10", rng.randint(85, 99), rng.uniform(115, 145), clock=1695)
    run_sampler(s, nodes, 4, 0.0, t_end, 30.0, fn)
    run_sampler(s, ["s050009091"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={J: {"exclude": [bad]}}, no_requeue=[N], no_drain=[nodes[0]])
    return s


# ======================================================================================
# S6  deim-heartbeat-monitor-node1-ranks-silent  (hang: DEIM (D-FINE based) detector training, 2 nodes x 4 RTX 4090,
#     8 ranks. Mid-epoch 13 progress stops; 10 minutes later ranks 0-3 (node 0) print the PyTorch heartbeat-monitor
#     timeout ("Heartbeat monitor timed out! ... workMetaList_.size()=...") and abort; ranks 4-7 (node 1) print nothing
#     at all and their GPUs go idle: the silent node is the one to exclude. No hardware evidence.)
# ======================================================================================
# Source: https://github.com/Intellindust-AI-Lab/DEIM/issues/105 -- "NCCL problem" (open, no reply). The reporter's log:
# the heartbeat-monitor lines of ranks 1, 0 and 2 below (PyTorch 2.4 wording; workMetaList 103 / 84 / 103). No root
# cause is given in the thread; which node is blamed here rests on which ranks are missing (SYNTH framing).
REAL_S6 = [
    "[rank1]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 1] Heartbeat monitor timed out! Process will be terminated after "
    "dumping debug info. workMetaList_.size()=103",
    "[rank1]:[E ProcessGroupNCCL.cpp:1153] [PG 0 Rank 1] ProcessGroupNCCL preparing to dump debug info.",
    "[rank1]:[F ProcessGroupNCCL.cpp:1169] [PG 0 Rank 1] [PG 0 Rank 1] ProcessGroupNCCL's watchdog got stuck for 600 "
    "seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API hang "
    "blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api, or other "
    "deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can "
    "either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor "
    "(TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the "
    "short timeout or false positive abort; otherwise, please attempt to debug the hang. workMetaList_.size() = 103",
    "[rank0]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 0] Heartbeat monitor timed out! Process will be terminated after "
    "dumping debug info. workMetaList_.size()=84",
    "[rank2]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 2] Heartbeat monitor timed out! Process will be terminated after "
    "dumping debug info. workMetaList_.size()=103",
]


def build_s6() -> Scenario:
    name = "deim-heartbeat-monitor-node1-ranks-silent"
    J, N = "1184402", "1184377"
    nodes = ["g4090-05", "g4090-06"]
    bad = "g4090-06"
    s = Scenario(name, "DEIM-D-FINE-L object-detection training on COCO, 2 nodes x 4 RTX 4090 (8 ranks, torchrun via "
                 "srun, one agent per node). Progress (MetricLogger lines from rank 0) stops mid-epoch 13. 600 s later "
                 "ranks 0-3 on g4090-05 print PyTorch's heartbeat-monitor timeout and abort; ranks 4-7 on g4090-06 print "
                 "nothing, and their GPUs sit idle from the moment of the stall. No Xid, no NIC or kernel record. "
                 "Opted in to requeue; no node history.",
                 "2025-07-11T09:00:00Z",
                 {"name": "det-4090", "partition": "rtx", "nodes": "g4090-[01-12]", "gpus_per_node": 4},
                 [{"id": J, "name": "deim-dfine-l-coco", "user": "smallleishen", "nodes": "g4090-[05-06]",
                   "tasks_per_node": 4, "started": "2025-07-11T02:00:00Z", "comment": comment(2, "/data/deim/outputs")},
                  {"id": N, "name": "rtdetrv2-r50", "user": "wyq", "nodes": "g4090-[09-10]", "tasks_per_node": 4,
                   "started": "2025-07-11T06:00:00Z"}])
    rng = s.rng
    n, sec = 1833, 0.231
    it, t = 0, 10.0
    t_stall = 1190.0
    while t < t_stall:
        s.joblog(t, J, "0: " + deim_line(13, it, n, (n - it) * sec, 0.00025, 28.1 + rng.uniform(-1.5, 1.5),
                                         28.9 + rng.uniform(-0.1, 0.1), sec + rng.uniform(-0.01, 0.01),
                                         10234))  # SYNTH
        it += 100
        t += 100 * sec
    t_f = t_stall
    t_hb = t_f + 600.0 + 14.0
    order = [(1, REAL_S6[0:3]), (0, [REAL_S6[3]]), (2, [REAL_S6[4]])]
    for i, (r, lines) in enumerate(order):
        for k, l in enumerate(lines):
            s.joblog(t_hb + 0.05 * i + 0.001 * k, J, f"{r}: {l}")  # REAL_S6
    big = REAL_S6[2].split("] ", 1)[1].replace("Rank 1] [PG 0 Rank 1]", "Rank {r}] [PG 0 Rank {r}]")
    for r, w in ((0, 84), (2, 103), (3, 103)):
        if r == 3:
            s.joblog(t_hb + 0.2, J, f"3: [rank3]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 3] Heartbeat monitor timed "
                                    f"out! Process will be terminated after dumping debug info. workMetaList_.size()={w}")
        s.joblog(t_hb + 0.21 + 0.01 * r, J, f"{r}: [rank{r}]:[E ProcessGroupNCCL.cpp:1153] [PG 0 Rank {r}] "
                                            "ProcessGroupNCCL preparing to dump debug info.")  # SYNTH
        s.joblog(t_hb + 0.25 + 0.01 * r, J, f"{r}: [rank{r}]:[F ProcessGroupNCCL.cpp:1169] "
                                            + big.replace("{r}", str(r)).replace("size() = 103", f"size() = {w}"))  # SYNTH
    t_x = t_hb + 2.0
    s.joblog(t_x, J, "0: " + f"{torch_log_prefix(s.at(t_x), 'E', 3310921, 'torch/distributed/elastic/multiprocessing/api.py:833')} "
                     "failed (exitcode: -6) local_rank: 0 (pid: 3311007) of binary: /opt/conda/envs/deim/bin/python")
    s.joblog(t_x + 1.0, J, "srun: error: g4090-05: task 0: Exited with exit code 1")  # SYNTH
    srun_abort_lines(s, t_x + 1.5, J, "g4090-05")
    s.job_state(t_x + 35.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_x + 600.0
    tn, it2 = 30.0, 400
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, "0: " + deim_line(41, it2 % 1833, 1833, 300.0, 0.0001, 16.2 + rng.uniform(-1, 1), 16.4, 0.19,
                                          9120))
        it2 += 300
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ < t_f:
                return s32(rng, "rtx4090", rng.randint(85, 99), rng.uniform(330, 420), clock=2520)
            if n_ == nodes[0] and t_ < t_x:
                return s32(rng, "rtx4090", 100, rng.uniform(95, 120), clock=2520)   # spinning in NCCL kernels
            if n_ == bad and t_ < t_x + 36:
                return s32(rng, "rtx4090", 0, rng.uniform(38, 48), clock=2520)      # context alive, no work
            return s32(rng, "rtx4090", 0, rng.uniform(14, 22), clock=210)
        return s32(rng, "rtx4090", rng.randint(85, 99), rng.uniform(320, 410), clock=2520)
    run_sampler(s, nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["g4090-09"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}}, no_requeue=[N],
                    no_drain=nodes)
    return s


# ======================================================================================
# S7  openfold-hard-lockup-node-and-mmdet-shape-mismatch  (two independent faults on one cluster in one window:
#     (a) node_failure: a node running an OpenFold (Lightning) job logs "watchdog: Watchdog detected hard LOCKUP on cpu
#     11", goes silent, DOWN+NOT_RESPONDING, NODE_FAIL; (b) software: ten minutes later an mmdetection job on two other
#     nodes dies on every rank with "RuntimeError: shape mismatch" raised in loss.backward(). Two incidents, two culprits.)
# ======================================================================================
# Source (a): https://github.com/ollama/ollama/issues/1949 -- "bad generation on multi-GPU setup" (closed). A reporter's
# journal shows the hard-lockup record with the nvidia modules loaded on a multi-GPU host. Verbatim: the
# "watchdog: Watchdog detected hard LOCKUP on cpu 11" line (journal prefix re-timed / re-hosted). The rest of the record,
# the OpenFold job and the Slurm events are SYNTH.
REAL_S7A = "Jan 14 02:46:12 ws-1 kernel: watchdog: Watchdog detected hard LOCKUP on cpu 11"
# Source (b): https://github.com/open-mmlab/mmdetection/issues/1977 -- "RuntimeError: shape mismatch" (closed). The
# traceback from tools/train.py through mmcv's runner into loss.backward(); the final RuntimeError line is cut in the
# excerpt and is emitted SYNTH in full. A code/config error: every rank raises it; a restart repeats it.
REAL_S7B_HEAD = '  File "./tools/train.py", line 124, in <module>'
REAL_S7B = [
    '  File "./tools/train.py", line 120, in main',
    "    timestamp=timestamp)",
    '  File "/home/a123/mmdetection/mmdet/apis/train.py", line 125, in train_detector',
    '  File "/home/a123/mmdetection/mmdet/apis/train.py", line 272, in _dist_train',
    "    runner.run(data_loaders, cfg.workflow, cfg.total_epochs)",
    '  File "/home/a123/.conda/envs/two/lib/python3.7/site-packages/mmcv/runner/runner.py", line 364, in run',
    "    epoch_runner(data_loaders[i], **kwargs)",
    '  File "/home/a123/.conda/envs/two/lib/python3.7/site-packages/mmcv/runner/runner.py", line 275, in train',
    "    self.call_hook('after_train_iter')",
    '  File "/home/a123/.conda/envs/two/lib/python3.7/site-packages/mmcv/runner/runner.py", line 231, in call_hook',
    "    getattr(hook, fn_name)(self)",
    '  File "/home/a123/mmdetection/mmdet/core/utils/dist_utils.py", line 53, in after_train_iter',
    "    runner.outputs['loss'].backward()",
    '  File "/home/a123/.conda/envs/two/lib/python3.7/site-packages/torch/tensor.py", line 107, in backward',
    "    torch.autograd.backward(self, gradient, retain_graph, create_graph)",
    '  File "/home/a123/.conda/envs/two/lib/python3.7/site-packages/torch/autograd/__init__.py", line 93, in backward',
    "    allow_unreachable=True)  # allow_unreachable flag",
]


def build_s7() -> Scenario:
    name = "openfold-hard-lockup-node-and-mmdet-shape-mismatch"
    JA, JB, N = "906611", "906640", "906598"
    a_nodes, b_nodes = ["ws-1", "ws-2"], ["ws-5", "ws-6"]
    bad = "ws-1"
    s = Scenario(name, "One RTX 3090 cluster, one window, two unrelated faults. (a) OpenFold training (PyTorch "
                 "Lightning DDP, ws-[1-2], 2 x 4 GPUs, opted in): ws-1 logs an NMI hard-LOCKUP record, goes silent, "
                 "Slurm marks it DOWN+NOT_RESPONDING and the job ends NODE_FAIL. (b) ten minutes later an mmdetection "
                 "Faster R-CNN job (ws-[5-6], opted in) dies on all 8 ranks with `RuntimeError: shape mismatch` in "
                 "loss.backward() (a code/config error). A third job runs on.",
                 "2024-01-14T02:00:00Z",
                 {"name": "ws3090", "partition": "gpu", "nodes": "ws-[1-9]", "gpus_per_node": 4},
                 [{"id": JA, "name": "openfold-finetune", "user": "fpreiss", "nodes": "ws-[1-2]", "tasks_per_node": 4,
                   "started": "2024-01-13T20:00:00Z", "comment": comment(3, "/lustre/of/ckpt")},
                  {"id": JB, "name": "faster-rcnn-r50-custom", "user": "hzby", "nodes": "ws-[5-6]", "tasks_per_node": 4,
                   "started": "2024-01-14T02:30:00Z", "comment": comment(2, "/lustre/hzby/work_dirs")},
                  {"id": N, "name": "esm-embed", "user": "tla", "nodes": "ws-8", "tasks_per_node": 4,
                   "started": "2024-01-14T00:00:00Z"}])
    rng = s.rng
    t_fa = 2772.0   # 02:46:12
    n, rate = 1000, 0.38
    t = 30.0
    it = 100
    while t < t_fa:
        s.joblog(t, JA, "0: " + openfold_bar(7, it % n, n, (it % n) / rate, rate, 0.92 + rng.uniform(-0.05, 0.05)))  # SYNTH
        it += 40
        t += 40 / rate
    d = s.at(t_fa)
    s.kernel(t_fa, bad, REAL_S7A.replace("Jan 14 02:46:12 ws-1 kernel:", journal_t(d, bad)))  # REAL_S7A
    for k, l in enumerate(["Modules linked in: nvidia_uvm(POE) nvidia_drm(POE) nvidia_modeset(POE) nvidia(POE) "
                           "mlx5_ib ib_uverbs mlx5_core overlay xt_conntrack kvm_amd ccp",
                           "CPU: 11 PID: 0 Comm: swapper/11 Tainted: P           OE      6.6.10-arch1-1 #1",
                           "RIP: 0010:native_queued_spin_lock_slowpath+0x6e/0x2e0",
                           "Kernel panic - not syncing: Hard LOCKUP"]):
        s.kernel(t_fa + 0.001 * (k + 1), bad, f"{journal_t(d, bad)} {l}")  # SYNTH
    t_down = t_fa + 90.0
    s.node_state(t_down, bad, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.joblog(t_down + 1.0, JA, f"srun: error: Node failure on {bad}")  # SYNTH
    s.joblog(t_down + 1.2, JA, f"slurmstepd: error: *** JOB {JA} ON ws-1 CANCELLED AT "
                               f"{s.at(t_down + 1.2):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE ***")  # SYNTH
    s.job_state(t_down + 2.0, JA, "NODE_FAIL", "0:0")  # SYNTH
    # (b) mmdetection job
    t_b0 = 1800.0 + 20.0
    s.joblog(t_b0, JB, f"{s.at(t_b0):%Y-%m-%d %H:%M:%S},101 - INFO - Start running, host: hzby@ws-5, work_dir: "
             "/lustre/hzby/work_dirs/faster_rcnn_r50_fpn_1x_custom")  # SYNTH
    tb = t_b0 + 40.0
    k = 50
    t_fb = t_fa + 640.0
    while tb < t_fb - 5:
        s.joblog(tb, JB, mmdet_line(s.at(tb), 1, k, 7330, 0.00399 + k * 0.0000002, 1.92 - k * 0.0008))  # SYNTH
        k += 50
        tb += 30.6
    for r in range(8):
        tb_lines = (["Traceback (most recent call last):", REAL_S7B_HEAD, "    main()"]  # 1st/3rd SYNTH (used earlier)
                    + REAL_S7B)
        for j, l in enumerate(tb_lines):
            s.joblog(t_fb + 0.02 * r + 0.0005 * j, JB, l)  # REAL_S7B_HEAD + REAL_S7B
        s.joblog(t_fb + 0.02 * r + 0.011, JB, "RuntimeError: shape mismatch: value tensor of shape [256] cannot be "
                                              "broadcast to indexing result of shape [0]")  # SYNTH (cut in excerpt)
    s.joblog(t_fb + 2.0, JB, f"{torch_log_prefix(s.at(t_fb + 2.0), 'E', 21877, 'torch/distributed/elastic/multiprocessing/api.py:869')} "
                             "failed (exitcode: 1) local_rank: 0 (pid: 21903) of binary: /home/a123/.conda/envs/two/bin/python")
    s.joblog(t_fb + 3.0, JB, "srun: error: ws-5: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(t_fb + 3.1, JB, "srun: error: ws-6: task 1: Exited with exit code 1")  # SYNTH
    s.job_state(t_fb + 4.0, JB, "FAILED", "1:0")  # SYNTH
    t_end = t_fb + 600.0
    tn = 50.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, f"embedded {int(tn * 41)} / 1200000 sequences ({tn * 41 / 12000:.2f}%)")
        tn += 240.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in a_nodes:
            if n_ == bad and t_ >= t_fa:
                return None
            if t_ < t_fa:
                return s32(rng, "rtx3090", rng.randint(85, 99), rng.uniform(290, 345), clock=1860)
            return s32(rng, "rtx3090", 0, rng.uniform(25, 32), clock=1860 if t_ < t_down + 2 else 210)
        if n_ in b_nodes:
            if t_b0 < t_ < t_fb + 3:
                return s32(rng, "rtx3090", rng.randint(80, 99), rng.uniform(280, 340), clock=1860)
            return s32(rng, "rtx3090", 0, rng.uniform(22, 30), clock=210)
        return s32(rng, "rtx3090", rng.randint(85, 99), rng.uniform(280, 340), clock=1860)
    run_sampler(s, a_nodes + b_nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["ws-8"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_fa, "category": "node_failure", "node": bad}, drain=[bad],
                    requeue={JA: {"exclude": [bad]}}, no_requeue=[JB, N], no_drain=["ws-2"] + b_nodes,
                    other_faults=[{"t": t_fb, "category": "software", "node": None}])
    return s


# ======================================================================================
# S8  funasr-2node-step-32900-stall-node0-ranks-silent  (hang: FunASR Paraformer training, 2 nodes x 8 GPUs. FunASR's
#     own progress format (`[stamp][root][INFO] - train, rank: N, epoch: 0/500, data_slice: ..., step_in_slice: ...`).
#     After total step 32900 nothing more is printed; 30 minutes later ranks 8-15 (asr-02) report "Timeout at NCCL work:
#     15734, last enqueued NCCL work: 15735, last completed NCCL work: 15733" and tear down; ranks 0-7 (asr-01) print
#     nothing and never enqueued that work: asr-01 is the node to exclude.)
# ======================================================================================
# Source: https://github.com/modelscope/FunASR/issues/2006 -- "NCCL 多级多卡 训练 超时问题" (multi-machine multi-GPU
# training timeout; closed, label question). Verbatim: two FunASR progress lines (ranks 2 and 4, stamps fit the clock
# unchanged), the node-2 NCCL service-thread / Abort COMPLETE lines (host prefix re-hosted from the k8s pod name
# liangxianchen-funasr-15wh-train-lxc0-m-0 to asr-02; that pod held global ranks 8-15) and the rank-15 / rank-11 timeout
# lines. The thread gives no root cause; the culprit here rests on which ranks are missing (SYNTH framing).
REAL_S8_PROGRESS = [
    "[2024-08-12 23:04:07,257][root][INFO] - train, rank: 2, epoch: 0/500, data_slice: 0/5, step_in_slice: "
    "32900/81081, step_in_epoch: 32900, total step: 32900, (loss_avg_rank: 0.998), (loss_avg_slice: 0.671), "
    "(ppl_avg_slice: 1.957e+00), (acc_avg_slice: 0.749), (lr: 5.729e-04), [('loss_att', 0.858), ('acc', 0.657), "
    "('loss_pre', 0.14), ('loss', 0.998)], {'data_load': '0.000', 'forward_time': '0.288', 'backward_time': '0.276', "
    "'optim_time': '0.108', 'total_time': '0.673'}, GPU, memory: usage: 1.105 GB, peak: 60.563 GB, cache: 60.988 GB, "
    "cache_peak: 60.988 GB",
    "[2024-08-12 23:04:07,257][root][INFO] - train, rank: 4, epoch: 0/500, data_slice: 0/5, step_in_slice: "
    "32900/81081, step_in_epoch: 32900, total step: 32900, (loss_avg_rank: 0.906), (loss_avg_slice: 0.672), "
    "(ppl_avg_slice: 1.958e+00), (acc_avg_slice: 0.747), (lr: 5.729e-04), [('loss_att', 0.8), ('acc', 0.679), "
    "('loss_pre', 0.105), ('loss', 0.906)], {'data_load': '0.001', 'forward_time': '0.281', 'backward_time': '0.279', "
    "'optim_time': '0.111', 'total_time': '0.673'}, GPU, memory: usage: 1.113 GB, peak: 59.564 GB, cache: 60.064 GB, "
    "cache_peak: 60.064 GB",
]
REAL_S8_NCCL = [
    "liangxianchen-funasr-15wh-train-lxc0-m-0:14057:14885 [6] NCCL INFO [Service thread] Connection closed by localRank 6",
    "liangxianchen-funasr-15wh-train-lxc0-m-0:14051:14895 [0] NCCL INFO [Service thread] Connection closed by localRank 6",
    "liangxianchen-funasr-15wh-train-lxc0-m-0:14053:14893 [2] NCCL INFO [Service thread] Connection closed by localRank 6",
    "liangxianchen-funasr-15wh-train-lxc0-m-0:14055:14889 [4] NCCL INFO [Service thread] Connection closed by localRank 6",
    "liangxianchen-funasr-15wh-train-lxc0-m-0:14057:14885 [6] NCCL INFO [Service thread] Connection closed by localRank 5",
    "liangxianchen-funasr-15wh-train-lxc0-m-0:14058:14817 [7] NCCL INFO comm 0xa73b540 rank 15 nranks 16 cudaDev 7 "
    "busId e0000 - Abort COMPLETE",
    "liangxianchen-funasr-15wh-train-lxc0-m-0:14054:14825 [3] NCCL INFO comm 0x9bc5a80 rank 11 nranks 16 cudaDev 3 "
    "busId 4e000 - Abort COMPLETE",
]
REAL_S8_TIMEOUT = [
    "[rank15]:[E ProcessGroupNCCL.cpp:1537] [PG 1 Rank 15] Timeout at NCCL work: 15734, last enqueued NCCL work: 15735, "
    "last completed NCCL work: 15733.",
    "[rank11]:[E ProcessGroupNCCL.cpp:1537] [PG 1 Rank 11] Timeout at NCCL work: 15734, last enqueued NCCL work: 15735, "
    "last completed NCCL work: 15733.",
]


def build_s8() -> Scenario:
    name = "funasr-2node-step-32900-stall-node0-ranks-silent"
    J, N = "8812044", "8811990"
    nodes = ["asr-01", "asr-02"]
    bad = "asr-01"
    s = Scenario(name, "FunASR Paraformer-large training, 2 nodes x 8 A800 (16 ranks; asr-01 holds ranks 0-7, asr-02 "
                 "ranks 8-15). Every rank logs FunASR's own progress line every 100 steps. After total step 32900 (the "
                 "23:04:07 lines) nothing more is printed. About 30 minutes later every rank on asr-02 reports a "
                 "timeout at NCCL work 15734 (last enqueued 15735, last completed 15733), aborts its communicators "
                 "and exits; no rank on asr-01 prints anything, and asr-01's GPUs drop to idle at the stall. No Xid, "
                 "NIC or kernel record. Opted in to requeue; no history.",
                 "2024-08-12T22:00:00Z",
                 {"name": "asr-a800", "partition": "train", "nodes": "asr-[01-08]", "gpus_per_node": 8},
                 [{"id": J, "name": "funasr-paraformer-15wh", "user": "chenpaopao", "nodes": "asr-[01-02]",
                   "tasks_per_node": 8, "started": "2024-08-11T09:40:00Z", "comment": comment(3, "/mnt/funasr/exp")},
                  {"id": N, "name": "sensevoice-ft", "user": "lxc", "nodes": "asr-[05-06]", "tasks_per_node": 8,
                   "started": "2024-08-12T18:00:00Z"}])
    rng = s.rng
    t_last = 3847.257   # 23:04:07.257
    step = 32100
    tt = t_last - 8 * 67.3
    while step <= 32900:
        for r in (0, 2, 4, 6, 8, 10, 12, 14):
            if step == 32900 and r in (2, 4):
                s.joblog(t_last, J, REAL_S8_PROGRESS[0 if r == 2 else 1])  # REAL_S8_PROGRESS
                continue
            tr = tt + 0.0001 * r
            s.joblog(tr, J, funasr_line(s.at(tt), r, step, 0.95 + rng.uniform(-0.06, 0.06), 0.66 + rng.uniform(-0.02, 0.02),
                                        5.729e-04 + (32900 - step) * 1e-9, 0.673))  # SYNTH
        step += 100
        tt += 67.3
    t_f = t_last + 0.7
    t_to = t_f + 1800.0 + 5.0
    for r in range(8, 16):
        host_r = r - 8
        lines = []
        if r == 15:
            lines = [REAL_S8_TIMEOUT[0]] + [   # REAL_S8_TIMEOUT; the two companions are the thread's but used earlier: SYNTH
                "[rank15]:[E ProcessGroupNCCL.cpp:577] [Rank 15] Some NCCL operations have failed or timed out. Due to "
                "the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete "
                "data.", "[rank15]:[E ProcessGroupNCCL.cpp:583] [Rank 15] To avoid data inconsistency, we are taking "
                "the entire process down."]
        elif r == 11:
            lines = [REAL_S8_TIMEOUT[1]] + [
                "[rank11]:[E ProcessGroupNCCL.cpp:577] [Rank 11] Some NCCL operations have failed or timed out. Due to "
                "the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete "
                "data.", "[rank11]:[E ProcessGroupNCCL.cpp:583] [Rank 11] To avoid data inconsistency, we are taking "
                "the entire process down."]   # SYNTH companions of the real rank-11 line
        else:
            lines = [f"[rank{r}]:[E ProcessGroupNCCL.cpp:1537] [PG 1 Rank {r}] Timeout at NCCL work: 15734, last "
                     "enqueued NCCL work: 15735, last completed NCCL work: 15733.",
                     f"[rank{r}]:[E ProcessGroupNCCL.cpp:583] [Rank {r}] To avoid data inconsistency, we are taking "
                     "the entire process down."]  # SYNTH
        for k, l in enumerate(lines):
            s.joblog(t_to + 0.03 * host_r + 0.001 * k, J, l)
    for k, l in enumerate(REAL_S8_NCCL):
        s.joblog(t_to + 0.5 + 0.01 * k, J, rehost_nccl(l, "asr-02"))  # REAL_S8_NCCL (re-hosted)
    t_x = t_to + 3.0
    s.joblog(t_x, J, f"{torch_log_prefix(s.at(t_x), 'E', 14031, 'torch/distributed/elastic/multiprocessing/api.py:833')} "
                     "failed (exitcode: -6) local_rank: 7 (pid: 14058) of binary: /opt/conda/bin/python")  # SYNTH
    s.joblog(t_x + 1.0, J, "srun: error: asr-02: task 1: Exited with exit code 1")  # SYNTH
    srun_abort_lines(s, t_x + 1.5, J, "asr-01")
    s.job_state(t_x + 35.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_x + 600.0
    tn = 25.0
    while tn < t_end:  # SYNTH neighbour
        s.joblog(tn, N, funasr_line(s.at(tn), 0, int(4000 + tn / 0.7), 0.41 + rng.uniform(-0.03, 0.03), 0.88, 2e-4,
                                    0.701).replace("epoch: 0/500", "epoch: 3/20"))
        tn += 240.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ < t_f:
                return s32(rng, "a800", rng.randint(80, 99), rng.uniform(300, 390), clock=1410)
            if n_ == "asr-02" and t_ < t_x:
                return s32(rng, "a800", 100, rng.uniform(95, 115), clock=1410)   # waiting in the NCCL kernel
            if n_ == bad and t_ < t_x + 36:
                return s32(rng, "a800", 0, rng.uniform(70, 80), clock=1410)
            return s32(rng, "a800", 0, rng.uniform(55, 62), clock=210)
        return s32(rng, "a800", rng.randint(85, 99), rng.uniform(300, 380), clock=1410)
    run_sampler(s, nodes, 8, 3000.0, t_end, 60.0, fn)   # SYNTH: exporter window starts 14 min before the stall
    run_sampler(s, ["asr-05"], 8, 3000.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}}, no_requeue=[N],
                    no_drain=nodes)
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
