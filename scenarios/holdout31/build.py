#!/usr/bin/env python3
"""Build the holdout31 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout30):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers (and the holdout14..holdout30 helper sections) are copied unchanged from holdout30's build.py; the
holdout30 scenarios are replaced by the holdout31 helpers and scenarios S1..S8 below.
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
# holdout31 helpers (SYNTH machinery)
# ======================================================================================

PROFILES["a6000"] = (64, 5, 282.0, 22.0, 1800, 21500, 1500)       # SYNTH (RTX A6000 48 GB, 300 W)
PROFILES["a40"] = (58, 5, 268.0, 25.0, 1740, 40500, 2000)         # SYNTH (A40 48 GB, 300 W)
PROFILES["mi210"] = (52, 5, 282.0, 18.0, 1700, 52000, 3000)       # SYNTH (MI210 64 GB PCIe, 300 W; amd-smi fields mapped)
PROFILES["v100_32b"] = (57, 5, 250.0, 25.0, 1530, 28500, 1500)    # SYNTH (V100-SXM2-32GB)

PDX_BUS31 = ["0000:01:00", "0000:25:00", "0000:41:00", "0000:61:00", "0000:81:00", "0000:a1:00", "0000:c1:00",
             "0000:e1:00"]   # SYNTH layout putting the thread's PCI a1:00 at GPU 5
K31 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
K31T = K31 + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")


def s31(rng, profile, util, power, clock=None, temp=None, thr=0, keys=K31, extra=None) -> dict:
    """SYNTH: compact DCGM-named sample (delegates to the holdout29 helper)."""
    return s29(rng, profile, util, power, clock=clock, temp=temp, thr=thr, keys=keys, extra=extra)


def kair_line(d: dt.datetime, msg: str) -> str:
    """SYNTH: KAIR's logger (`%(asctime)s.%(msecs)03d : %(message)s`, datefmt `%y-%m-%d %H:%M:%S`)."""
    return f"{d:%y-%m-%d %H:%M:%S}.{d.microsecond // 1000:03d} : {msg}"


def kair_iter(ep: int, it: int, lr: float, loss: float) -> str:
    """SYNTH: KAIR main_train_psnr.py progress message (`<epoch:..., iter:..., lr:...> G_loss: ...`)."""
    return f"<epoch:{ep:3d}, iter:{it:8,d}, lr:{lr:.3e}> G_loss: {loss:.3e} "


def unsloth_hf(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer log dict as Unsloth's SFTTrainer run prints it."""
    return f"{{'loss': {loss:.4f}, 'grad_norm': {gn:.6f}, 'learning_rate': {lr:.12g}, 'epoch': {ep:.2f}}}"


def picotron_line(step: int, loss: float, gbs_tok: str, tps: float, ngpu: int, tokens: float, mfu: float, mem: float) -> str:
    """SYNTH: picotron train.py step line (layout approximated from the project's print)."""
    def fmt(x):
        for unit, div in (("B", 1e9), ("M", 1e6), ("K", 1e3)):
            if x >= div:
                return f"{x / div:.2f}{unit}"
        return f"{x:.2f}"
    return (f"[rank 0] Step: {step:<5d} | Loss: {loss:6.4f} | Global batch size: {gbs_tok:>7s} | Tokens/s: {fmt(tps):>7s} | "
            f"Tokens/s/GPU: {fmt(tps / ngpu):>7s} | Tokens: {fmt(tokens):>7s} | MFU: {mfu:5.2f}% | Memory usage: {mem:6.2f}GB")


def lbann_epoch(ep: int, obj: float, acc: float, rt: float, mean: float) -> list:
    """SYNTH: LBANN's per-epoch report block (layout approximated from LBANN's print_statistics/summary output)."""
    return ["--------------------------------------------------------------------------------",
            f"[{ep}] Epoch : stats formated [tr/v/te] iter/epoch = [5004/196/0]",
            "            global MB = [ 256/ 256/   0] global last MB = [  96/  64/   0]",
            "             local MB = [  32/  32/   0]  local last MB = [  12/   8/   0]",
            "--------------------------------------------------------------------------------",
            f"model0 (instance 0) training epoch {ep} objective function : {obj:.5f}",
            f"model0 (instance 0) training epoch {ep} categorical accuracy : {acc:.4f}%",
            f"model0 (instance 0) training epoch {ep} run time : {rt:.3f}s",
            f"model0 (instance 0) training epoch {ep} mini-batch time statistics : {mean:.4f}s mean, "
            f"{mean * 1.31:.4f}s max, {mean * 0.96:.4f}s min, {mean * 0.034:.4f}s stdev"]


def ucx_prefix(host: str, pid: int) -> str:
    """SYNTH: UCX log prefix `[host:pid:0:pid]`."""
    return f"[{host}:{pid}:0:{pid}]"


def dino_line(it: int, total: int, eta: float, lr: float, loss: float, tm: float, data: float, mem: int) -> str:
    """SYNTH: DINOv2 MetricLogger line (`Training  [ it/total]  eta: ...`), layout approximated."""
    w = len(str(total))
    return (f"Training  [{it:>{w}d}/{total}]  eta: {fmt_interval(eta) if eta < 3600 else hms(eta)}  lr: {lr:.6f} ({lr:.6f})  "
            f"total_loss: {loss:.4f} ({loss + 0.02:.4f})  time: {tm:.6f}  data: {data:.6f}  max mem: {mem}")


def lustre_k(d: dt.datetime, msg: str) -> str:
    """SYNTH: `dmesg -T` Lustre client line (message layout approximated from Lustre client messages)."""
    return f"{dmesg_t(d)} {msg}"


# ======================================================================================
# S1  kair-ddp-epoch-deprecation-warning-healthy  (healthy: a 4-GPU DDP run of KAIR's MSRResNet PSNR training on one
#     RTX A6000 node; every rank prints torch's "The epoch parameter in `scheduler.step()` was not necessary ..."
#     UserWarning on the first learning-rate update; training runs to its last iteration, tests, saves, completes 0:0)
# ======================================================================================
# Source: https://github.com/cszn/KAIR/issues/75 -- "Training warning:UserWarning" (2021-09-14, closed "Solved!"). The
# reporter shows a UserWarning during KAIR training (as a screenshot) and asks whether it matters; the maintainer answers
# "It does not influence the training" and that the warning disappears if `model_base.py` line 62 calls
# `scheduler.step()` instead of `scheduler.step(n)` -- i.e. it is torch's epoch-deprecation warning. The thread has no
# text log, so the warning body below is torch's own message, verbatim from its source:
# https://github.com/pytorch/pytorch/blob/main/torch/optim/lr_scheduler.py (EPOCH_DEPRECATION_WARNING); the file path
# and line number in front of it, the `warnings.warn(...)` continuation, and the issue-link tail are SYNTH.
REAL_S1_WARN = ("UserWarning: The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where "
                "possible. Please use `scheduler.step()` to step the scheduler. During the deprecation, if epoch is "
                "different from None, the closed form is used instead of the new chainable form, where available. "
                "Please open an issue if you are unable to replicate your use case: ")
S1_TAIL = "https:" + "//github.com/pytorch/pytorch/issues/new/choose."   # SYNTH assembly of the message's tail


def build_s1() -> Scenario:
    name = "kair-ddp-epoch-deprecation-warning-healthy"
    J, N1, N2 = "771402", "771388", "771410"
    node = "a6k-03"
    s = Scenario(name, "KAIR (cszn/KAIR) MSRResNet x4 PSNR training with --dist True: 4 DDP ranks on the 4 RTX A6000 of "
                 "a6k-03, launched by torch.distributed.launch inside a Slurm batch job. On the first learning-rate "
                 "update every rank prints torch's UserWarning that the epoch parameter of scheduler.step() is "
                 "deprecated. Training runs its 40,000 iterations with a PSNR test every 5,000, saves the model and the "
                 "job completes 0:0. The job is opted in to requeue; two neighbour jobs run on other nodes.",
                 "2021-09-14T02:00:00Z",
                 {"name": "vis-a6k", "partition": "gpu", "nodes": "a6k-[01-10]", "gpus_per_node": 4},
                 [{"id": J, "name": "kair-msrresnet-x4-psnr", "user": "charlesf", "nodes": node, "tasks_per_node": 4,
                   "started": "2021-09-14T01:59:40Z", "comment": comment(2, "/scratch/charlesf/KAIR/superresolution")},
                  {"id": N1, "name": "swinir-lightweight", "user": "jzl", "nodes": "a6k-05", "tasks_per_node": 4,
                   "started": "2021-09-13T22:10:00Z"},
                  {"id": N2, "name": "basicvsr-reds", "user": "okr", "nodes": "a6k-[07-08]", "tasks_per_node": 4,
                   "started": "2021-09-14T00:45:00Z", "comment": comment(1)}])
    rng = s.rng
    s.joblog(5.0, J, "+ python -m torch.distributed.launch --nproc_per_node=4 --master_port=1234 main_train_psnr.py "
                     "--opt options/train_msrresnet_psnr.json --dist True")  # SYNTH
    torchrun_banner(s, 7.0, J)  # SYNTH
    t = 14.0
    for k, m in enumerate(["export CUDA_VISIBLE_DEVICES=0,1,2,3", "number of GPUs is: 4",
                           "Random seed: 8571", "Number of train images: 3,450, iters: 54",
                           "Number of test images:    100, iters:   100",
                           "Params number: 1517571",
                           "Training... (total iters 40,000, print every 200, test/save every 5,000)"]):
        s.joblog(t + 0.4 * k, J, kair_line(s.at(t + 0.4 * k), m))  # SYNTH (layout of KAIR's logger)
    t0 = 22.0
    for r in range(4):  # every rank warns once, at its first update_learning_rate(current_step)
        s.joblog(t0 + 0.37 + 0.013 * r, J, "/opt/conda/lib/python3.8/site-packages/torch/optim/lr_scheduler.py:154: "
                 + REAL_S1_WARN + S1_TAIL)  # REAL_S1_WARN (+ SYNTH path prefix and tail)
        s.joblog(t0 + 0.371 + 0.013 * r, J, "  warnings.warn(EPOCH_DEPRECATION_WARNING, UserWarning)")  # SYNTH
    sec, total = 0.101, 40000
    it, tt, ep = 0, t0, 0
    while it < total:
        it += 200
        tt += 200 * sec + rng.uniform(-0.6, 0.6)
        ep = it // 54
        lr = 2e-4 * (0.5 ** (it // 20000))
        loss = 0.018 * math.exp(-it / 9000) + 0.0042 + rng.uniform(-0.0006, 0.0006)
        s.joblog(tt, J, kair_line(s.at(tt), kair_iter(ep, it, lr, loss)))  # SYNTH
        if it % 5000 == 0:
            s.joblog(tt + 0.2, J, kair_line(s.at(tt + 0.2), "Saving the model."))  # SYNTH
            tt += 21.0
            psnr = 28.61 + 0.55 * (1 - math.exp(-it / 12000)) + rng.uniform(-0.02, 0.02)
            s.joblog(tt, J, kair_line(s.at(tt), f"<epoch:{ep:3d}, iter:{it:8,d}, Average PSNR : {psnr:<.2f}dB"))  # SYNTH
    t_done = tt + 2.0
    s.joblog(t_done, J, kair_line(s.at(t_done), "Saving the final model."))  # SYNTH
    s.joblog(t_done + 1.0, J, kair_line(s.at(t_done + 1.0), "End of training."))  # SYNTH
    s.job_state(t_done + 6.0, J, "COMPLETED", "0:0")  # SYNTH
    t_end = t_done + 420.0
    tn, st = 25.0, 181200
    while tn < t_end:  # SYNTH neighbours
        s.joblog(tn, N1, kair_line(s.at(tn), kair_iter(52, st, 1e-4, 0.0061 + rng.uniform(-0.0005, 0.0005))))
        s.joblog(tn + 9.0, N2, f"2021-09-14 {s.at(tn + 9.0):%H:%M:%S},{rng.randint(100, 999)} INFO: [Basic..][epoch: 18, "
                               f"iter:  {st // 9:,d}, lr:(1.000e-04,)] [eta: 1 day, 2:11:04, time (data): 0.412 (0.003)] "
                               f"l_pix: {0.0135 + rng.uniform(-0.002, 0.002):.4e}")
        st += 400
        tn += 90.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t0 < t_ < t_done:
                return s31(rng, "a6000", rng.randint(84, 98), rng.uniform(230, 290), clock=1800, temp=rng.randint(66, 74),
                           keys=K31T)
            return s31(rng, "a6000", 0, rng.uniform(22, 30), clock=210, temp=rng.randint(33, 38), keys=K31T)
        return s31(rng, "a6000", rng.randint(85, 99), rng.uniform(240, 295), clock=1800)
    run_sampler(s, [node], 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["a6k-05", "a6k-07", "a6k-08"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth(None, no_requeue=[J, N1, N2], no_drain=[node])
    return s


# ======================================================================================
# S2  gptneox-pp-mp-not-whole-number-2node  (software: a GPT-NeoX run of configs/20B.yml on a 2-node x 2-GPU allocation
#     (4 GPUs); deepy.py's argument check fails before any process starts: "(global_num_gpus / pp_size) / mp_size
#     [(4 / 4) / 2] must be a whole number" -- a requeue on any 4 GPUs repeats it)
# ======================================================================================
# Source: https://github.com/EleutherAI/gpt-neox/issues/757 -- "AssertionError: NeoXArgs.calculate_derived()
# (global_num_gpus / pp_size) / mp_size [(4 / 4) / 2] must be a whole number" (2022-12-27, closed). The reporter runs
# `./deepy.py generate.py ./configs/20B.yml` on 4 GPUs; the 20B config asks for pipe-parallel 4 x model-parallel 2 = 8
# GPUs. They solved it by changing `pipe-parallel-size` to 2 (a configuration fix). Verbatim: the urllib3 warning, the
# from_ymls/INFO line (both as the reporter's terminal joined them), the ERROR line as far as the excerpt shows it (cut
# after "[(4 / 4) / 2"; its remainder is SYNTH), and the exception text of the issue title as the traceback's last line.
# The traceback frames, the Slurm framing (2 nodes x 2 GPUs, train.py instead of generate.py) and all telemetry are SYNTH.
REAL_S2_WARN = ("/usr/lib/python3/dist-packages/requests/__init__.py:89: RequestsDependencyWarning: urllib3 (1.26.13) or "
                "chardet (3.0.4) doesn't match a supported version!  warnings.warn(\"urllib3 ({}) or chardet ({}) doesn't "
                "match a supported \"")
REAL_S2_INFO = ("NeoXArgs.from_ymls() ['./configs/20B.yml']INFO:root:NeoXArgs.calculate_derived() Total number of GPUs "
                "determined to be: 4")
REAL_S2_ERR_CUT = "ERROR:root:NeoXArgs.calculate_derived() (global_num_gpus / pp_size) / mp_size [(4 / 4) / 2"
REAL_S2_TITLE = ("AssertionError: NeoXArgs.calculate_derived() (global_num_gpus / pp_size) / mp_size [(4 / 4) / 2] must be "
                 "a whole number")


def build_s2() -> Scenario:
    name = "gptneox-pp-mp-not-whole-number-2node"
    J, N = "88213", "88190"
    nodes = ["a40-05", "a40-06"]
    s = Scenario(name, "GPT-NeoX training launched with `./deepy.py train.py ./configs/20B.yml` in a 2-node x 2-GPU Slurm "
                 "allocation (A40). deepy.py counts 4 GPUs, but the 20B config asks for pipe-parallel 4 x model-parallel 2; "
                 "NeoXArgs.calculate_derived() fails its divisibility check and the job exits 1 within seconds, before any "
                 "rank starts. The job is opted in to requeue; a requeue would fail identically.",
                 "2022-12-27T09:00:00Z",
                 {"name": "lm-a40", "partition": "gpu", "nodes": "a40-[01-08]", "gpus_per_node": 2},
                 [{"id": J, "name": "neox-20b-continue", "user": "wreis", "nodes": "a40-[05-06]", "tasks_per_node": 1,
                   "started": "2022-12-27T09:00:04Z", "comment": comment(3, "/gpt-neox/checkpoints")},
                  {"id": N, "name": "pythia-1b-dedup-eval", "user": "hmt", "nodes": "a40-[01-02]", "tasks_per_node": 2,
                   "started": "2022-12-27T07:42:00Z", "comment": comment(2)}])
    rng = s.rng
    s.joblog(2.0, J, "+ cd /gpt-neox")  # SYNTH
    s.joblog(2.1, J, "+ ./deepy.py train.py ./configs/20B.yml")  # SYNTH
    t = 6.4
    s.joblog(t, J, REAL_S2_WARN)  # REAL_S2_WARN
    s.joblog(t + 0.52, J, REAL_S2_INFO)  # REAL_S2_INFO
    s.joblog(t + 0.53, J, REAL_S2_ERR_CUT + "] must be a whole number")  # REAL_S2_ERR_CUT (+ SYNTH remainder)
    tb = ["Traceback (most recent call last):",                                                               # SYNTH
          '  File "./deepy.py", line 23, in <module>',
          "    neox_args = NeoXArgs.consume_deepy_args()",
          '  File "/gpt-neox/megatron/neox_arguments/arguments.py", line 371, in consume_deepy_args',
          "    neox_args = cls.from_ymls(paths_to_yml_files=conf_files, overwrite_values=overwrite_values)",
          '  File "/gpt-neox/megatron/neox_arguments/arguments.py", line 163, in from_ymls',
          "    return cls(**config)",
          '  File "<string>", line 298, in __init__',
          '  File "/gpt-neox/megatron/neox_arguments/arguments.py", line 119, in __post_init__',
          "    self.calculate_derived()",
          '  File "/gpt-neox/megatron/neox_arguments/arguments.py", line 824, in calculate_derived',
          "    raise AssertionError(error_message)"]
    for k, l in enumerate(tb):
        s.joblog(t + 0.54 + 0.001 * k, J, l)
    t_f = t + 0.54 + 0.012
    s.joblog(t_f + 0.001, J, REAL_S2_TITLE)  # REAL_S2_TITLE
    s.joblog(t_f + 0.9, J, "srun: error: a40-05: task 0: Exited with exit code 1")  # SYNTH
    s.job_state(t_f + 1.6, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f + 900.0
    tn, st = 12.0, 2150
    while tn < t_end:  # SYNTH neighbour (lm-eval-harness style progress through srun --label)
        s.joblog(tn, N, f"0: Running loglikelihood requests:  {min(99, st // 400)}%|" + TQDM_UTF[-1] * min(9, st // 4000)
                 + f"| {st}/40000 [{fmt_interval(tn + 4800)}<{fmt_interval((40000 - st) / 8.1)}, 8.12it/s]")
        st += 600
        tn += 75.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            return s31(rng, "a40", 0, rng.uniform(24, 32), clock=210)
        return s31(rng, "a40", rng.randint(88, 99), rng.uniform(230, 290), clock=1740)
    run_sampler(s, nodes, 2, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["a40-01", "a40-02"], 2, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None}, no_requeue=[J, N], no_drain=nodes)
    return s


# ======================================================================================
# S3  pdx-gpu5-a1-xid79-fallen-off-bus-unsloth  (gpu_hardware: the GPU at PCI a1:00 (GPU 5) of gpu-pdx-01 falls off the
#     bus -- the third time on that node; the Unsloth QLoRA job on it dies with a CUDA error, its batch script's
#     nvidia-smi cannot reach the GPU)
# ======================================================================================
# Source: https://github.com/akash-network/support/issues/209 -- "pdx.nb.akash.pub - providers spewing thousands of pods;
# nvidia-smi `Unable to determine the device handle for GPU0000:A1:00.0: Unknown Error`" (2024-04, closed). On the
# provider's node1 the GPU at PCI 0000:a1:00 falls off the bus (Xid 79); "The issue reoccurred 3rd time"; the node was
# cordoned and a bug report collected. Verbatim: the dmesg -T lines of the third occurrence (stamps fit the scenario
# clock unchanged) and the nvidia-smi message of the title. The Slurm framing (the thread's workloads were Kubernetes
# pods), the Unsloth job, its CUDA error, the bus layout, the history and all telemetry are SYNTH.
REAL_S3_KERNEL = [
    "[Tue Apr  9 01:21:38 2024] NVRM: GPU at PCI:0000:a1:00: GPU-979426f2-893a-7cbb-c4cf-81472f89a462",
    "[Tue Apr  9 01:21:38 2024] NVRM: Xid (PCI:0000:a1:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
    "[Tue Apr  9 01:21:38 2024] NVRM: GPU 0000:a1:00.0: GPU has fallen off the bus.",
    "[Tue Apr  9 01:21:38 2024] NVRM: A GPU crash dump has been created. If possible, please run",
    "                           NVRM: nvidia-bug-report.sh as root to collect this data before",
    "                           NVRM: the NVIDIA kernel module is unloaded.",
]
REAL_S3_SMI = "Unable to determine the device handle for GPU0000:A1:00.0: Unknown Error"


def build_s3() -> Scenario:
    name = "pdx-gpu5-a1-xid79-fallen-off-bus-unsloth"
    J, N1, N2 = "40117", "40109", "40121"
    node = "gpu-pdx-01"
    s = Scenario(name, "Single-GPU Unsloth QLoRA fine-tune (Llama-3-8B) on GPU 5 (PCI 0000:a1:00) of gpu-pdx-01 "
                 "(8 x A100 80GB PCIe). At 01:21:38 the GPU falls off the bus (NVRM Xid 79, crash dump) -- the third "
                 "such event on this node in three days (history). The training process dies with a CUDA error and the "
                 "batch script's trailing nvidia-smi cannot get a handle for GPU 0000:A1:00.0. The job is opted in; two "
                 "neighbour jobs on other nodes run on.",
                 "2024-04-09T00:30:00Z",
                 {"name": "pdx-a100", "partition": "gpu", "nodes": "gpu-pdx-[01-06]", "gpus_per_node": 8,
                  "pci_bus_ids": PDX_BUS31},
                 [{"id": J, "name": "unsloth-llama3-8b-qlora", "user": "dseq", "nodes": node, "tasks_per_node": 1,
                   "started": "2024-04-09T00:28:10Z", "comment": comment(2, "/scratch/dseq/outputs")},
                  {"id": N1, "name": "sd-xl-lora-batch", "user": "mkv", "nodes": "gpu-pdx-03", "tasks_per_node": 4,
                   "started": "2024-04-08T23:10:00Z", "comment": comment(1)},
                  {"id": N2, "name": "whisper-large-v3-ft", "user": "tnb", "nodes": "gpu-pdx-[04-05]", "tasks_per_node": 8,
                   "started": "2024-04-08T21:55:00Z"}],
                 history=[{"at": "2024-04-06T14:02:00Z", "node": node, "verdict": "suspect", "category": "gpu_hardware"},
                          {"at": "2024-04-08T16:48:00Z", "node": node, "verdict": "suspect", "category": "gpu_hardware"}])
    rng = s.rng
    s.joblog(3.0, J, f"CUDA_VISIBLE_DEVICES=5 on {node}")  # SYNTH
    for k, l in enumerate(["==((====))==  Unsloth: Fast Llama patching release 2024.4",                  # SYNTH (banner,
                           "   \\\\   /|    GPU: NVIDIA A100 80GB PCIe. Max memory: 79.151 GB. Platform = Linux.",  # layout
                           "O^O/ \\_/ \\    Pytorch: 2.2.0+cu121. CUDA = 8.0. CUDA Toolkit = 12.1.",             # approximated)
                           "\\        /    Bfloat16 = TRUE. Xformers = 0.0.24. FA = True.",
                           "Unsloth 2024.4 patched 32 layers with 32 QKV layers, 32 O layers and 32 MLP layers."]):
        s.joblog(40.0 + 0.01 * k, J, l)
    for k, l in enumerate(["==((====))==  Unsloth - 2x faster free finetuning | Num GPUs = 1",            # SYNTH
                           "   \\\\   /|    Num examples = 51,760 | Num Epochs = 1",
                           "O^O/ \\_/ \\    Batch size per device = 2 | Gradient Accumulation steps = 4",
                           "\\        /    Total batch size = 8 | Total steps = 6,470",
                           ' "-____-"     Number of trainable parameters = 41,943,040']):
        s.joblog(118.0 + 0.01 * k, J, l)
    sec, step, tt = 1.62, 0, 120.0
    t_f = 3098.0   # 01:21:38
    while tt + 10 * sec < t_f:
        step += 10
        tt += 10 * sec + rng.uniform(-0.3, 0.3)
        s.joblog(tt, J, unsloth_hf(1.05 * math.exp(-step / 900) + 0.82 + rng.uniform(-0.05, 0.05),
                                  rng.uniform(0.25, 0.45), 2e-4 * (1 - step / 6470), step / 6470))  # SYNTH
    for k, l in enumerate(REAL_S3_KERNEL):
        s.kernel(t_f + 0.001 * k, node, l)  # REAL_S3_KERNEL
    tb = ["Traceback (most recent call last):",                                                              # SYNTH
          '  File "/scratch/dseq/unsloth_sft.py", line 88, in <module>',
          "    trainer_stats = trainer.train()",
          '  File "<string>", line 361, in train',
          '  File "<string>", line 41, in _fast_inner_training_loop',
          '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 3045, in training_step',
          "    self.accelerator.backward(loss)",
          "RuntimeError: CUDA error: unknown error",
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be "
          "incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    for k, l in enumerate(tb):
        s.joblog(t_f + 1.7 + 0.001 * k, J, l)
    s.joblog(t_f + 3.9, J, "+ nvidia-smi")  # SYNTH (the batch script's trailing diagnostic)
    s.joblog(t_f + 9.2, J, REAL_S3_SMI)  # REAL_S3_SMI
    s.job_state(t_f + 10.5, J, "FAILED", "1:0")  # SYNTH
    t_end = t_f + 1500.0
    tn, st = 20.0, 3300
    while tn < t_end:  # SYNTH neighbours
        s.joblog(tn, N1, f"Steps: {st}/12000 loss={0.11 + rng.uniform(-0.03, 0.03):.4f} lr=1e-04")
        s.joblog(tn + 11.0, N2, "0: " + hf_train_dict(0.292 + rng.uniform(-0.02, 0.02), 1.7, 1e-5, 1.1 + tn / 40000))
        st += 60
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if g == 5:
                if t_ >= t_f:
                    return None   # the GPU no longer answers NVML/DCGM
                if t_ > 45:
                    return s31(rng, "a100_pcie80", rng.randint(88, 99), rng.uniform(215, 262), clock=1410,
                               extra={"DCGM_FI_DEV_XID_ERRORS": 0})
            return s31(rng, "a100_pcie80", 0, rng.uniform(38, 46), clock=210)
        if n_ == "gpu-pdx-03" and g >= 4:
            return s31(rng, "a100_pcie80", 0, rng.uniform(38, 46), clock=210)
        return s31(rng, "a100_pcie80", rng.randint(86, 99), rng.uniform(200, 260), clock=1410)
    run_sampler(s, [node], 8, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["gpu-pdx-03", "gpu-pdx-04", "gpu-pdx-05"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": node, "gpu": 5}, drain=[node],
                    requeue={J: {"exclude": [node]}}, no_drain=["gpu-pdx-03", "gpu-pdx-04", "gpu-pdx-05"])
    return s


# ======================================================================================
# S4  mi210-04-pair-held-at-77w-picotron-straggler  (gpu_degraded: both MI210 of mi210-04 run held at ~77-79 W and
#     ~800 MHz while their peers draw ~280 W; the node's preflight RVS power test shows it, the 8-GPU picotron job runs
#     at less than half its expected step rate; no error anywhere)
# ======================================================================================
# Source: https://github.com/ROCm/legacy-rocm-build/issues/6031 -- "[Issue]: GPUs power throttling" (open). The reporter's
# two MI210 stay at 77-79 W under the ROCm Validation Suite (RVS) power stress; the same author later writes that his
# "Mi210 GPUs ... cause throttling ... throttled to 75W" (a hardware/platform problem, not the software). Verbatim: the
# RVS [RESULT] lines below (the two GPU ids are the thread's). The cluster, the job, the preflight framing (an srun
# --label'ed RVS check per node at job start), the healthy nodes' RVS lines, the picotron lines and all telemetry are
# SYNTH; which of the node's two GPUs is worse is not knowable, so the truth names the node only.
REAL_S4_RVS = [
    "[RESULT] [   356.416045] [action_5] [GPU:: 48932] Power(W) 77.000000",
    "[RESULT] [   357.416583] [action_5] [GPU:: 20068] Power(W) 79.000000",
    "[RESULT] [   357.416603] [action_5] [GPU:: 48932] Power(W) 77.000000",
    "[RESULT] [   358.417136] [action_5] [GPU:: 48932] Power(W) 78.000000",
    "[RESULT] [   358.417152] [action_5] [GPU:: 20068] Power(W) 79.000000",
    "[RESULT] [   359.417652] [action_5] [GPU:: 20068] Power(W) 79.000000",
    "[RESULT] [   359.417671] [action_5] [GPU:: 48932] Power(W) 77.000000",
]


def build_s4() -> Scenario:
    name = "mi210-04-pair-held-at-77w-picotron-straggler"
    J, N1, N2 = "5521", "5518", "5530"
    nodes = ["mi210-02", "mi210-03", "mi210-04", "mi210-05"]
    bad = "mi210-04"
    s = Scenario(name, "picotron (3D-parallel trainer) pre-training a 360M model on 4 nodes x 2 MI210 (ROCm, DP=8). The "
                 "job's preflight step runs an RVS power check on every node: mi210-04's two GPUs report 77-79 W where "
                 "the others reach ~285 W. Training then runs, but every step waits for mi210-04: its GPUs sit at ~78 W "
                 "and ~800 MHz, peers idle-wait at lower power, and the step time is 2.4x the user's earlier runs. No "
                 "error, no Xid, no kernel message. The job is opted in; two neighbour jobs run on other nodes.",
                 "2025-03-10T14:00:00Z",
                 {"name": "mi210-ws", "partition": "amd", "nodes": "mi210-[01-06]", "gpus_per_node": 2},
                 [{"id": J, "name": "picotron-smollm-360m-dp8", "user": "ewin", "nodes": "mi210-[02-05]",
                   "tasks_per_node": 2, "started": "2025-03-10T14:00:20Z", "comment": comment(2, "/work/ewin/ckpt")},
                  {"id": N1, "name": "rocm-vllm-bench", "user": "kps", "nodes": "mi210-01", "tasks_per_node": 2,
                   "started": "2025-03-10T12:30:00Z"},
                  {"id": N2, "name": "esm2-650m-ft", "user": "lrq", "nodes": "mi210-06", "tasks_per_node": 2,
                   "started": "2025-03-10T13:05:00Z", "comment": comment(1)}])
    rng = s.rng
    s.joblog(2.0, J, "+ srun --ntasks-per-node=1 --label rvs -c /opt/rocm/share/rocm-validation-suite/conf/gst_single.conf")  # SYNTH
    t = 30.0
    gpu_ids = {"mi210-02": (31877, 8241), "mi210-03": (55310, 40172), "mi210-05": (12093, 61544)}   # SYNTH ids
    for i, n_ in enumerate(nodes):
        if n_ == bad:
            for k, l in enumerate(REAL_S4_RVS):
                s.joblog(t + 0.01 * k, J, f"{i}: " + l)  # REAL_S4_RVS (+ SYNTH srun label)
        else:
            a, b = gpu_ids[n_]
            for k in range(3):
                up = 356.4 + k + rng.uniform(0, 0.02)
                s.joblog(t + 0.01 * k + 0.003 * i, J, f"{i}: [RESULT] [{up:13.6f}] [action_5] [GPU:: {a}] Power(W) "
                                                      f"{rng.choice([283.0, 285.0, 286.0, 288.0]):.6f}")  # SYNTH
                s.joblog(t + 0.01 * k + 0.004 * i, J, f"{i}: [RESULT] [{up + 0.00002:13.6f}] [action_5] [GPU:: {b}] Power(W) "
                                                      f"{rng.choice([281.0, 284.0, 287.0]):.6f}")  # SYNTH
    s.joblog(40.0, J, "+ srun --label torchrun --nnodes 4 --nproc_per_node 2 --rdzv_backend c10d --rdzv_endpoint "
                      "mi210-02:29500 train.py --config configs/smollm_360m_dp8.json")  # SYNTH
    t_f = 118.0
    s.joblog(t_f - 20.0, J, "0: [rank 0] Starting training, total steps 20000, global batch size 1.05M tokens")  # SYNTH
    sec_exp, sec_slow = 1.18, 2.86
    step, tt = 0, t_f
    t_end = t_f + 4500.0
    while tt < t_end - 40:
        step += 10
        tt += 10 * sec_slow + rng.uniform(-0.5, 0.5)
        tps = 1048576 / (sec_slow + rng.uniform(-0.05, 0.05))
        s.joblog(tt, J, "0: " + picotron_line(step, 3.9 * math.exp(-step / 1400) + 2.95 + rng.uniform(-0.04, 0.04),
                                              "1.05M", tps, 8, step * 1048576.0, 100 * 0.38 * sec_exp / sec_slow,
                                              41.3 + rng.uniform(-0.2, 0.2)))  # SYNTH
    tn, st = 15.0, 800
    while tn < t_end:  # SYNTH neighbours
        s.joblog(tn, N1, f"Throughput: {rng.uniform(11.2, 11.9):.2f} requests/s, {rng.uniform(5400, 5700):.2f} total tokens/s, "
                         f"{rng.uniform(2700, 2850):.2f} output tokens/s")
        s.joblog(tn + 13.0, N2, "0: " + hf_train_dict(0.205 + rng.uniform(-0.02, 0.02), 0.8, 2e-5, 0.4 + tn / 30000))
        st += 50
        tn += 150.0

    def fn(n_, g, t_):  # SYNTH (amd-smi values mapped to DCGM names; 0x4 = power-cap limiter as the platform reports it)
        if n_ in nodes:
            if t_ < t_f - 60:
                return s31(rng, "mi210", 0, rng.uniform(38, 44), clock=500, temp=rng.randint(35, 40), keys=K31T)
            if n_ == bad:
                return s31(rng, "mi210", rng.randint(97, 100), rng.uniform(76.0, 79.5), clock=rng.choice([780, 800, 812]),
                           temp=rng.randint(47, 52), thr=0x4, keys=K31T)
            return s31(rng, "mi210", rng.randint(92, 100), rng.uniform(130, 175), clock=1700, temp=rng.randint(55, 62),
                       keys=K31T)
        return s31(rng, "mi210", rng.randint(85, 99), rng.uniform(250, 295), clock=1700)
    run_sampler(s, nodes, 2, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["mi210-01", "mi210-06"], 2, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": 30.0, "category": "gpu_degraded", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=[n_ for n_ in nodes if n_ != bad])
    return s


# ======================================================================================
# S5  lbann-ucx-retry-exceeded-rlid-703-gv-005-link-down  (network: a 2-node x 4 V100 LBANN job over Open MPI/UCX; the
#     InfiniBand port of gv-005 (LID 703) goes down; every rank on gv-004 gets "Transport retry count exceeded on
#     mlx5_0:1/IB" for DCI sends to rlid 703 and aborts)
# ======================================================================================
# Source: https://github.com/openucx/ucx/issues/5199 -- "Error: Transport retry count exceeded on mlx5_0:1/IB" (2020-05-26,
# open). An Open MPI 4.0.3 + UCX 1.8.0 job over `-H master,compute001`: all of master's processes log the retry-exceeded
# error for DCI QPs sending to remote LID 703. Verbatim: the message bodies after the `[host:pid:0:pid]` prefix (five
# rank/QP pairs as the thread shows them). The prefix (re-hosted), the application (LBANN), the mapping of LID 703 to
# gv-005, gv-005's mlx5 port-down kernel lines, the abort/backtrace lines and all telemetry are SYNTH; the thread does not
# say which side's link failed -- that is this scenario's assumption.
REAL_S5_UCX = [
    "ib_mlx5_log.c:139  Transport retry count exceeded on mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)",
    "ib_mlx5_log.c:139  DCI QP 0xa9f wqe[0]: SEND s-e [rqpn 0xa66 rlid 703] [inl len 18]",
    "ib_mlx5_log.c:139  DCI QP 0xa04 wqe[0]: SEND s-e [rqpn 0xa83 rlid 703] [inl len 18]",
    "ib_mlx5_log.c:139  DCI QP 0xa1b wqe[0]: SEND s-e [rqpn 0xa6e rlid 703] [inl len 18]",
    "ib_mlx5_log.c:139  DCI QP 0x9fa wqe[0]: SEND s-e [rqpn 0xac8 rlid 703] [inl len 18]",
]


def build_s5() -> Scenario:
    name = "lbann-ucx-retry-exceeded-rlid-703-gv-005-link-down"
    J, N1, N2 = "301844", "301830", "301851"
    nodes = ["gv-004", "gv-005"]
    bad = "gv-005"
    s = Scenario(name, "LBANN ResNet-50 training on 2 nodes x 4 V100 (8 MPI ranks, Open MPI 4.0 + UCX over EDR "
                 "InfiniBand, srun --mpi=pmix). gv-005's mlx5_0 port (LID 703) drops; the four ranks on gv-004 each log "
                 "UCX 'Transport retry count exceeded on mlx5_0:1/IB' for DCI sends to rlid 703 and abort; srun kills "
                 "the step. Only gv-005's kernel logs the port going down. The job is opted in; neighbours run on other "
                 "nodes.",
                 "2020-05-26T06:00:00Z",
                 {"name": "hpc-v", "partition": "gpu", "nodes": "gv-[001-012]", "gpus_per_node": 4},
                 [{"id": J, "name": "lbann-resnet50-imagenet", "user": "afdz", "nodes": "gv-[004-005]", "tasks_per_node": 4,
                   "started": "2020-05-26T05:41:00Z", "comment": comment(2, "/lustre/afdz/lbann_ckpt")},
                  {"id": N1, "name": "gromacs-lig-fep", "user": "pqz", "nodes": "gv-[001-002]", "tasks_per_node": 4,
                   "started": "2020-05-26T03:12:00Z", "comment": comment(1)},
                  {"id": N2, "name": "cosmoflow-train", "user": "hbk", "nodes": "gv-009", "tasks_per_node": 4,
                   "started": "2020-05-26T05:02:00Z"}])
    rng = s.rng
    ep, tt = 3, 90.0
    t_f = 1510.0
    while tt + 312 < t_f:
        for k, l in enumerate(lbann_epoch(ep, 3.1 * math.exp(-ep / 6) + 1.2 + rng.uniform(-0.02, 0.02),
                                          30 + 40 * (1 - math.exp(-ep / 5)) + rng.uniform(-0.3, 0.3),
                                          312 + rng.uniform(-2, 2), 0.0621 + rng.uniform(-0.001, 0.001))):
            s.joblog(tt + 0.001 * k, J, l)  # SYNTH
        ep += 1
        tt += 312 + rng.uniform(-2, 2)
    # gv-005's port goes down (SYNTH kernel lines)
    d = s.at(t_f)
    for k, m in enumerate(["mlx5_core 0000:5e:00.0 mlx5_0: Port: 1 Link DOWN",
                           "mlx5_core 0000:5e:00.0: mlx5_port_module_event:1093:(pid 0): Port module event[error]: "
                           "module 0, Cable error, Bus stuck (I2C or data shorted)",
                           "ib0: lost carrier"]):
        s.kernel(t_f + 0.02 * k, bad, f"{dmesg_t(d)} {m}")  # SYNTH
    t_e = t_f + 6.3   # UCX gives up after its retry budget
    pids = [19546, 19545, 19548, 19547]
    qps = REAL_S5_UCX[1:]
    for r in range(4):
        pre = ucx_prefix("gv-004", pids[r])
        s.joblog(t_e + 0.004 * r, J, f"{pre} " + REAL_S5_UCX[0])  # REAL_S5_UCX (+ SYNTH prefix)
        s.joblog(t_e + 0.004 * r + 0.001, J, f"{pre} " + qps[r])  # REAL_S5_UCX (+ SYNTH prefix)
    for r in range(4):
        bt = [f"==== backtrace (tid:{pids[r]:>7d}) ====",                                                  # SYNTH
              " 0  /opt/hpcx/ucx/lib/libucs.so.0(ucs_handle_error+0x2a4) [0x2b1f4c3a1d04]",
              " 1  /opt/hpcx/ucx/lib/libucs.so.0(ucs_fatal_error_message+0x5e) [0x2b1f4c39e8ce]",
              " 2  /opt/hpcx/ucx/lib/ucx/libuct_ib.so.0(uct_ib_mlx5_completion_with_err+0x4ed) [0x2b1f4d1b7f6d]",
              " 3  /opt/hpcx/ucx/lib/ucx/libuct_ib.so.0(uct_dc_mlx5_ep_handle_failure+0x9d) [0x2b1f4d1d3a1d]",
              " 4  /opt/hpcx/ucx/lib/libucp.so.0(ucp_worker_progress+0x6a) [0x2b1f4bf1c3da]",
              " 5  /opt/hpcx/ompi/lib/openmpi/mca_pml_ucx.so(mca_pml_ucx_progress+0x17) [0x2b1f4b8c2d47]",
              "================================="]
        for k, l in enumerate(bt):
            s.joblog(t_e + 0.05 + 0.01 * r + 0.0005 * k, J, l)
    s.joblog(t_e + 0.9, J, "srun: error: gv-004: tasks 0-3: Aborted (core dumped)")  # SYNTH
    s.joblog(t_e + 1.0, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    s.joblog(t_e + 1.1, J, f"slurmstepd: error: *** STEP {J}.0 ON gv-004 CANCELLED AT {s.at(t_e + 1.1):%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
    s.joblog(t_e + 33.5, J, "srun: error: gv-005: tasks 4-7: Killed")  # SYNTH
    s.job_state(t_e + 35.0, J, "FAILED", "134:0")  # SYNTH
    t_end = t_e + 1200.0
    tn = 20.0
    while tn < t_end:  # SYNTH neighbours
        s.joblog(tn, N1, "           Step           Time")
        s.joblog(tn + 0.001, N1, f"{int(250000 + tn * 40):>15d}{500 + tn * 0.08:>15.5f}")
        s.joblog(tn + 17.0, N2, f"Epoch {int(tn // 600) + 12}: {int(tn % 600)}/600 - loss: {0.0071 + rng.uniform(-0.0004, 0.0004):.4f} "
                                f"- mae: {0.061 + rng.uniform(-0.002, 0.002):.4f}")
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ < t_e + 2:
                return s31(rng, "v100_32b", rng.randint(88, 99), rng.uniform(210, 265), clock=1530)
            return s31(rng, "v100_32b", 0, rng.uniform(39, 44), clock=135)
        return s31(rng, "v100_32b", rng.randint(85, 99), rng.uniform(200, 260), clock=1530)
    run_sampler(s, nodes, 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["gv-001", "gv-002", "gv-009"], 4, 0.0, t_end, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "network", "node": bad}, drain=[bad], requeue={J: {"exclude": [bad]}},
                    no_drain=["gv-004"])
    return s


# ======================================================================================
# S6  fsdp-qlora-mixtral-r4090-06-host-powers-off  (node_failure: an Answer.AI fsdp_qlora Mixtral-8x7B QLoRA run on the
#     two RTX 4090 of r4090-06; as training starts the host powers off instantly -- no kernel message, telemetry stops,
#     Slurm marks the node DOWN+NOT_RESPONDING and the job NODE_FAIL; the node later comes back "unexpectedly rebooted")
# ======================================================================================
# Source: https://github.com/AnswerDotAI/fsdp_qlora/issues/41 -- "Dual GPU training instantly powers off my desktop"
# (2024-03-30, closed). On 2 x RTX 4090 the run below powers the machine off as soon as training starts; the reporter
# doubts PSU/thermal limits, a maintainer-side reply "still suspect[s] this is a hardware issue" (a 3090 that rebooted a
# machine during training). Verbatim: the launch script's lines, which the batch job echoes at its start. The Slurm
# framing, fsdp_qlora's startup prints, the Slurm node events, the post-reboot kernel lines and all telemetry are SYNTH.
REAL_S6_SCRIPT = [
    "export CUDA_VISIBLE_DEVICES=0,1",
    "python train.py \\",
    "--model_name mistralai/Mixtral-8x7B-v0.1 \\",
    "--batch_size 1 \\",
    "--context_length 2048 \\",
    "--precision bf16 \\",
    "--train_type qlora \\",
    "--use_gradient_checkpointing true \\",
    "--use_cpu_offload false \\",
    "--dataset alpaca \\",
    "--reentrant_checkpointing true \\",
    "       --log_to wandb \\",
    "       --gradient_accumulation_steps 4 \\",
    "       --lr_scheduler linear \\",
    "       --verbose false \\",
    "       --lora_rank 8 \\",
    "       --no_sync true",
]


def build_s6() -> Scenario:
    name = "fsdp-qlora-mixtral-r4090-06-host-powers-off"
    J, N1, N2 = "12077", "12061", "12080"
    node = "r4090-06"
    s = Scenario(name, "Answer.AI fsdp_qlora QLoRA fine-tune of Mixtral-8x7B across the two RTX 4090 of r4090-06 "
                 "(FSDP, 2 processes). The model loads and is wrapped; seconds after the first optimizer steps start the "
                 "host powers off: no kernel message, no job output, GPU telemetry stops. slurmctld marks the node "
                 "DOWN+NOT_RESPONDING and the job NODE_FAIL; ten minutes later the node registers again, unexpectedly "
                 "rebooted. The job is opted in (one requeue); neighbour jobs on other nodes run on.",
                 "2024-03-30T11:00:00Z",
                 {"name": "ws-4090", "partition": "consumer", "nodes": "r4090-[01-08]", "gpus_per_node": 2},
                 [{"id": J, "name": "fsdp-qlora-mixtral-alpaca", "user": "rtnl", "nodes": node, "tasks_per_node": 2,
                   "started": "2024-03-30T10:58:50Z", "comment": comment(1, "/home/rtnl/fsdp_qlora/out")},
                  {"id": N1, "name": "llama2-13b-lora", "user": "grm", "nodes": "r4090-02", "tasks_per_node": 2,
                   "started": "2024-03-30T09:30:00Z", "comment": comment(2)},
                  {"id": N2, "name": "yolov8x-coco-ft", "user": "ibe", "nodes": "r4090-07", "tasks_per_node": 2,
                   "started": "2024-03-30T10:20:00Z"}])
    rng = s.rng
    s.joblog(1.0, J, "#!/bin/bash")  # SYNTH (the batch script echoes itself: cat "$0")
    s.joblog(1.001, J, "")  # SYNTH
    for k, l in enumerate(REAL_S6_SCRIPT):
        s.joblog(1.002 + 0.001 * k, J, l)  # REAL_S6_SCRIPT
    for k, (dt_, l) in enumerate([(9.0, "World size: 2"), (9.5, "Creating model 0"), (9.6, "Creating model 1"),  # SYNTH
                                  (10.2, "Loading model 0"), (10.3, "Loading model 1"),
                                  (331.0, "Loaded model weights in 320.712 seconds"),
                                  (333.0, "Rank 0: Model created: 0.198 GiB"),
                                  (333.5, "Wrapping model w/ FSDP 0"),
                                  (348.0, "Rank 0: Wrapped model: 13.561 GiB"),
                                  (348.2, "Applying activation checkpointing 0"),
                                  (351.0, "Total Training Steps: 6500")]):
        s.joblog(dt_, J, l)
    s.joblog(352.4, J, "Epoch 0, Loss 0.000:   0%|          | 0/6500 [00:00<?, ?it/s]")  # SYNTH
    t_f = 358.9   # the host loses power
    s.node_state(t_f + 305.0, node, "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.job_state(t_f + 305.2, J, "NODE_FAIL", "0:0", reason="NodeDown")  # SYNTH
    t_boot = t_f + 610.0
    for k, m in enumerate(["Linux version 6.5.0-26-generic (buildd@lcy02-amd64-051) (x86_64-linux-gnu-gcc-12 (Ubuntu "  # SYNTH
                           "12.3.0-1ubuntu1~22.04) 12.3.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #26~22.04.1-Ubuntu "
                           "SMP PREEMPT_DYNAMIC Tue Mar  5 21:19:41 UTC 2024 (Ubuntu 6.5.0-26.26~22.04.1-generic 6.5.13)",
                           "ERST: Error Record Serialization Table (ERST) support is initialized.",
                           "nvidia: module license 'NVIDIA' taints kernel.",
                           "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 01:44:30 UTC 2024"]):
        s.kernel(t_boot + 4.0 * k, node, f"{dmesg_t(s.at(t_boot + 4.0 * k))} {m}")
    s.node_state(t_boot + 40.0, node, "DOWN", f"Node unexpectedly rebooted boot_time={int(calendar.timegm(s.at(t_boot).timetuple()))} "
                                             f"last_response={int(calendar.timegm(s.at(t_f).timetuple()))}")  # SYNTH
    t_end = t_boot + 600.0
    tn, st = 30.0, 1200
    while tn < t_end:  # SYNTH neighbours
        s.joblog(tn, N1, "0: " + hf_train_dict(1.02 + rng.uniform(-0.05, 0.05), 0.42, 2e-4, 0.9 + tn / 50000))
        s.joblog(tn + 23.0, N2, f"     {int(tn // 900) + 31}/100      22.1G      {0.71 + rng.uniform(-0.03, 0.03):.4f}      "
                                f"{0.49 + rng.uniform(-0.02, 0.02):.4f}      {1.03 + rng.uniform(-0.03, 0.03):.4f}        "
                                f"{rng.randint(90, 140)}        640: {rng.randint(10, 99)}%")
        st += 40
        tn += 120.0

    def fn(n_, g, t_):  # SYNTH
        if n_ == node:
            if t_ >= t_f:
                return None   # host off: no exporter, later rebooted and drained-idle
            if t_ < 20:
                return s31(rng, "rtx4090", 0, rng.uniform(18, 26), clock=210)
            if t_ < 352:
                return s31(rng, "rtx4090", rng.randint(0, 12), rng.uniform(60, 110), clock=2520)
            return s31(rng, "rtx4090", 100, rng.uniform(420, 448), clock=2520)
        return s31(rng, "rtx4090", rng.randint(86, 99), rng.uniform(330, 420), clock=2520)
    run_sampler(s, [node], 2, 0.0, t_end, 15.0, fn)
    run_sampler(s, ["r4090-02", "r4090-07"], 2, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_f, "category": "node_failure", "node": node}, drain=[node], requeue={J: {"exclude": [node]}},
                    no_drain=["r4090-02", "r4090-07"])
    return s


# ======================================================================================
# S7  milabench-dinov2-2node-reduce-hang-cn-d003-silent  (hang: milabench's dinov2-giant-nodes benchmark on cn-d003 +
#     cn-d004 (2 x 8 A100); the ranks on cn-d003 (0-7, rank 0 included) stop; cn-d004's ranks wait 10 min in REDUCE
#     SeqNum 2070 and their watchdogs fire; nothing from cn-d003, no hardware evidence)
# ======================================================================================
# Source: https://github.com/mila-iqia/milabench/pull/269 -- "Staging" (merged 2024-09). A maintainer pastes the
# dinov2-giant-nodes failure from a 2-node run (rendezvous on cn-d004): cn-d004's ranks 11, 12, 14, 15 report the
# watchdog timeout on REDUCE SeqNum 2070 (last completed 2069), frames of the C++ trace, and milabench's `[end (1)]` line;
# no line from the other node appears. Verbatim: those lines (milabench wraps long lines; the wrapped halves are kept as
# separate lines, as in the paste; stamps fit the scenario clock unchanged). The name of the other node (cn-d003), the
# DINOv2 progress lines, the start line, the job/Slurm framing and all telemetry are SYNTH. The thread gives no root
# cause: blaming cn-d003 rests only on which ranks are missing.
REAL_S7_TIMEOUT = [
    "dinov2-giant-nodes.cn-d004 [stderr] [rank14]:[E909 09:55:29.307629539 ProcessGroupNCCL.cpp:607] [Rank 14] Watchdog "
    "caught collective operation timeout: ",
    "WorkNCCL(SeqNum=2070, OpType=REDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600034 milliseconds before "
    "timing out.",
    "dinov2-giant-nodes.cn-d004 [stderr] [rank12]:[E909 09:55:29.308889145 ProcessGroupNCCL.cpp:607] [Rank 12] Watchdog "
    "caught collective operation timeout: ",
    "WorkNCCL(SeqNum=2070, OpType=REDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600036 milliseconds before "
    "timing out.",
    "dinov2-giant-nodes.cn-d004 [stderr] [rank11]:[E909 09:55:29.308891008 ProcessGroupNCCL.cpp:607] [Rank 11] Watchdog "
    "caught collective operation timeout: ",
    "WorkNCCL(SeqNum=2070, OpType=REDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600036 milliseconds before "
    "timing out.",
    "dinov2-giant-nodes.cn-d004 [stderr] [rank15]:[E909 09:55:29.313235707 ProcessGroupNCCL.cpp:607] [Rank 15] Watchdog "
    "caught collective operation timeout: ",
    "WorkNCCL(SeqNum=2070, OpType=REDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600040 milliseconds before "
    "timing out.",
    "dinov2-giant-nodes.cn-d004 [stderr] [rank12]:[E909 09:55:29.313379098 ProcessGroupNCCL.cpp:1664] [PG 0 (default_pg) "
    "Rank 12] Exception (either an error or timeout) detected",
    "by watchdog at work: 2070, last enqueued NCCL work: 2070, last completed NCCL work: 2069.",
]
REAL_S7_FRAMES = [
    "dinov2-giant-nodes.cn-d004 [stderr] frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::"
    "chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 ",
    "(0x7f9c425708d2 in /tmp/workspace/cuda/results/venv/torch/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
    "dinov2-giant-nodes.cn-d004 [stderr] frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f9c42577313 in ",
    "/tmp/workspace/cuda/results/venv/torch/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
    "dinov2-giant-nodes.cn-d004 [stderr] frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f9c425796fc in ",
    "/tmp/workspace/cuda/results/venv/torch/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
    "dinov2-giant-nodes.cn-d004 [stderr] frame #4: <unknown function> + 0xdbbf4 (0x7f9c8fcc7bf4 in "
    "/home/mila/d/delaunap/conda/envs/py310/bin/../lib/libstdc++.so.6)",
    "dinov2-giant-nodes.cn-d004 [stderr] frame #5: <unknown function> + 0x94ac3 (0x7f9c923a5ac3 in "
    "/lib/x86_64-linux-gnu/libc.so.6)",
    "dinov2-giant-nodes.cn-d004 [stderr] frame #6: <unknown function> + 0x126850 (0x7f9c92437850 in "
    "/lib/x86_64-linux-gnu/libc.so.6)",
    "dinov2-giant-nodes.cn-d004 [stderr] ",
    "dinov2-giant-nodes.cn-d004 [end (1)] /tmp/workspace/cuda/results/venv/torch/bin/benchrun --nnodes=2 "
    "--rdzv-backend=c10d --rdzv-endpoint=cn-d004.server.mila.quebec:29400 ",
]


def build_s7() -> Scenario:
    name = "milabench-dinov2-2node-reduce-hang-cn-d003-silent"
    J, N1, N2 = "5040123", "5040077", "5040131"
    nodes = ["cn-d003", "cn-d004"]
    bad = "cn-d003"
    s = Scenario(name, "milabench's dinov2-giant-nodes benchmark (DINOv2 ViT-g training through benchrun/torchrun, "
                 "rendezvous on cn-d004) in a 2-node x 8 A100 Slurm allocation; ranks 0-7 on cn-d003, 8-15 on cn-d004. "
                 "At iteration ~6,200 the DINOv2 progress lines (printed by rank 0 on cn-d003) stop. cn-d004's GPUs "
                 "spin at 100% in the pending REDUCE, cn-d003's drop to idle; after 600 s cn-d004's ranks report the "
                 "watchdog timeout on REDUCE SeqNum 2070 (last completed 2069) and milabench ends the run. Nothing at "
                 "all comes from cn-d003; no kernel or telemetry fault. The job is opted in; no history.",
                 "2024-09-09T08:30:00Z",
                 {"name": "mila-d", "partition": "staff-unkillable", "nodes": "cn-d[001-005]", "gpus_per_node": 8},
                 [{"id": J, "name": "milabench-dinov2-giant-nodes", "user": "delaunap", "nodes": "cn-d[003-004]",
                   "tasks_per_node": 8, "started": "2024-09-09T08:29:30Z", "comment": comment(1)},
                  {"id": N1, "name": "mamba-2.8b-pretrain", "user": "tzh", "nodes": "cn-d001", "tasks_per_node": 8,
                   "started": "2024-09-09T06:00:00Z", "comment": comment(2)},
                  {"id": N2, "name": "alphafold-msa-batch", "user": "ppr", "nodes": "cn-d005", "tasks_per_node": 1,
                   "started": "2024-09-09T07:45:00Z"}])
    rng = s.rng
    s.joblog(6.0, J, "dinov2-giant-nodes.cn-d004 [start] /tmp/workspace/cuda/results/venv/torch/bin/benchrun --nnodes=2 "
                     "--rdzv-backend=c10d --rdzv-endpoint=cn-d004.server.mila.quebec:29400 --nproc-per-node=8 -- "
                     "/tmp/workspace/cuda/results/venv/torch/bin/voir /home/mila/d/delaunap/milabench/benchmarks/dinov2/"
                     "main.py --output /tmp/workspace/cuda/results/extra/dinov2-giant-nodes [at 2024-09-09 08:30:06.012311]")  # SYNTH
    s.joblog(6.8, J, "dinov2-giant-nodes.cn-d003.nolog [start] ssh -oCheckHostIP=no -oStrictHostKeyChecking=no "
                     "-oPasswordAuthentication=no -p 22 delaunap@cn-d003.server.mila.quebec /tmp/workspace/cuda/results/"
                     "venv/torch/bin/benchrun --nnodes=2 --rdzv-backend=c10d --rdzv-endpoint=cn-d004.server.mila.quebec:29400 "
                     "--nproc-per-node=8 -- ...")  # SYNTH
    t_to = 5129.3   # 09:55:29
    t_h = t_to - 600.05   # REDUCE 2070 enqueued; cn-d003's ranks never join it
    sec, it, tt, total = 0.68, 0, 150.0, 12500
    while True:
        nxt = tt + 100 * sec + rng.uniform(-0.6, 0.6)
        if nxt > t_h - 3:
            break
        it += 100
        tt = nxt
        s.joblog(tt, J, "dinov2-giant-nodes.cn-d003 [stdout] " + dino_line(it, total, (total - it) * sec, 0.000625,
                 11.9 - 2.1 * (1 - math.exp(-it / 3000)) + rng.uniform(-0.05, 0.05), sec + rng.uniform(-0.02, 0.02),
                 rng.uniform(0.0004, 0.0011), 61844))  # SYNTH
        if it % 500 == 0:
            s.joblog(tt + 0.3, J, f"dinov2-giant-nodes.cn-d003 [data] {{'rate': {16 * 16 / sec + rng.uniform(-4, 4):.2f}, "
                                  f"'units': 'img/s', 'task': 'train'}}")  # SYNTH (voir rate line, layout approximated)
    t_last = tt
    for k, l in enumerate(REAL_S7_TIMEOUT):
        s.joblog(t_to + 0.001 * k, J, l)  # REAL_S7_TIMEOUT
    for k, l in enumerate(REAL_S7_FRAMES):
        s.joblog(t_to + 0.4 + 0.001 * k, J, l)  # REAL_S7_FRAMES
    s.joblog(t_to + 0.4 + 0.02, J, "--nproc-per-node=8 -- /tmp/workspace/cuda/results/venv/torch/bin/voir "
                                   "/home/mila/d/delaunap/milabench/benchmarks/dinov2/main.py [at 2024-09-09 09:55:30.114027]")  # SYNTH
    s.job_state(t_to + 48.0, J, "FAILED", "1:0")  # SYNTH
    t_end = t_to + 600.0
    tn = 40.0
    while tn < t_end:  # SYNTH neighbours
        s.joblog(tn, N1, f"[rank0]: step {int(81000 + tn / 1.9)} | loss {2.41 + rng.uniform(-0.03, 0.03):.4f} | "
                         f"tok/s {rng.randint(318000, 326000)} | lr 3.0e-04")
        s.joblog(tn + 31.0, N2, f"I0909 {s.at(tn + 31.0):%H:%M:%S}.{rng.randint(100000, 999999)} 140221 pipeline.py:235] "
                                f"Running jackhmmer on target_{int(tn // 300) + 40:04d} (mgnify)")
        tn += 240.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in nodes:
            if t_ < 140:
                return s31(rng, "a100_sxm80", rng.randint(0, 20), rng.uniform(70, 110), clock=1410)
            if t_ < t_h:
                return s31(rng, "a100_sxm80", rng.randint(90, 100), rng.uniform(300, 395), clock=1410)
            if t_ < t_to + 2:
                if n_ == bad:
                    return s31(rng, "a100_sxm80", 0, rng.uniform(62, 72), clock=1410)
                return s31(rng, "a100_sxm80", 100, rng.uniform(96, 118), clock=1410)
            return s31(rng, "a100_sxm80", 0, rng.uniform(55, 62), clock=210)
        return s31(rng, "a100_sxm80", rng.randint(88, 99), rng.uniform(290, 390), clock=1410)
    run_sampler(s, nodes, 8, 0.0, t_end, 90.0, fn)
    run_sampler(s, ["cn-d001", "cn-d005"], 8, 0.0, t_end, 600.0, fn)
    s.truth = truth({"t": round(t_last + 5.0, 3), "category": "hang", "node": bad}, requeue={J: {"exclude": [bad]}},
                    no_drain=nodes)
    return s


# ======================================================================================
# S8  lustre-work-ost-read-errors-canu-and-two-gpu-jobs  (infrastructure: the shared /lustre/work filesystem returns I/O
#     errors; a canu overlap job, a 2-node BERT pre-training job and a single-node nnU-Net job -- three owners, four
#     disjoint nodes -- fail with "Input/output error" within minutes; a job on local NVMe runs on)
# ======================================================================================
# Source: https://github.com/marbl/canu/issues/1703 -- "Input/output error" (2020-05-07, closed). A canu run with
# CANU_PATH under /lustre/work finds many overlap jobs failing with the error below; the canu maintainer: "This looks like
# your filesystem is having issues reading from disk. The errors will kill whatever job reported them". Verbatim: the
# canu error line. The Slurm framing (the thread's grid was UGE), the other two jobs and their Python I/O errors, the
# Lustre client kernel lines (layout approximated), the unaffected neighbour and all telemetry are SYNTH.
REAL_S8_CANU = ("loadFromFile()-- After loading 11564 out of 23268 'sqStore::sqStore_loadDataFromFile::blob' objects "
                "(1 bytes each): Input/output error")


def build_s8() -> Scenario:
    name = "lustre-work-ost-read-errors-canu-and-two-gpu-jobs"
    JC, JB, JN, JOK = "4410231", "4410188", "4410250", "4410199"
    s = Scenario(name, "On a GPU cluster whose shared scratch is Lustre (/lustre/work), one OST stops answering reads. "
                 "Within five minutes three jobs of three owners on disjoint nodes fail with EIO: a canu overlap job "
                 "(gq-11), a 2-node BERT pre-training job reading its shards (gq-[03-04], opted in) and an nnU-Net job "
                 "writing a checkpoint (gq-15, opted in). The Lustre clients on those nodes log lost OST connections. A "
                 "job that stages its data to local NVMe (gq-07) keeps running. No GPU or node fault.",
                 "2020-05-07T10:00:00Z",
                 {"name": "quanah-g", "partition": "gpu", "nodes": "gq-[01-20]", "gpus_per_node": 4},
                 [{"id": JC, "name": "canu-geomys-ovl", "user": "daray", "nodes": "gq-11", "tasks_per_node": 1,
                   "started": "2020-05-07T08:14:00Z"},
                  {"id": JB, "name": "bert-large-pretrain-ph1", "user": "mkto", "nodes": "gq-[03-04]", "tasks_per_node": 4,
                   "started": "2020-05-07T06:30:00Z", "comment": comment(3, "/lustre/work/mkto/bert/ckpt")},
                  {"id": JN, "name": "nnunet-3d-fullres-f2", "user": "lhzh", "nodes": "gq-15", "tasks_per_node": 1,
                   "started": "2020-05-07T09:02:00Z", "comment": comment(2, "/lustre/work/lhzh/nnUNet_results")},
                  {"id": JOK, "name": "resnet101-local-nvme", "user": "sbe", "nodes": "gq-07", "tasks_per_node": 4,
                   "started": "2020-05-07T07:55:00Z", "comment": comment(1)}])
    rng = s.rng
    t_f = 1800.0
    # --- before: normal progress (SYNTH) --------------------------------------------------------------------------------
    tn = 15.0
    while tn < t_f:
        s.joblog(tn, JB, f"Iteration:  {int(tn // 8) + 31000:>6d}  | loss {1.92 + rng.uniform(-0.05, 0.05):.4f} | "
                         f"{rng.uniform(1340, 1390):.1f} seq/s")  # SYNTH
        if int(tn) % 240 < 60:
            s.joblog(tn + 5.0, JN, f"{s.at(tn + 5.0):%Y-%m-%d %H:%M:%S}.{rng.randint(100000, 999999)}: Epoch time: "
                                   f"{rng.uniform(118, 124):.2f} s")  # SYNTH (nnU-Net v2 layout)
        if int(tn) % 600 < 60:
            s.joblog(tn + 9.0, JC, f"-- overlapInCore: {rng.randint(1000, 9000)} reads processed, "
                                   f"{rng.randint(10**6, 9 * 10**6)} overlaps written")  # SYNTH
        tn += 60.0
    # --- the OST stops answering: client lines on the nodes doing I/O (SYNTH) ------------------------------------------
    for k, (node, dt_) in enumerate([("gq-03", 4.0), ("gq-04", 4.6), ("gq-11", 7.9), ("gq-15", 31.0)]):
        d = s.at(t_f + dt_)
        s.kernel(t_f + dt_, node, lustre_k(d, "Lustre: 3187:0:(client.c:2133:ptlrpc_expire_one_request()) @@@ Request sent "
                                            "has timed out for slow reply: [sent 1588845600/real 1588845600]  "
                                            "req@ffff9d2e1a5c8c00 x1665921173344448/t0(0) o3->work-OST0007-osc-ffff9d2f7d5a9000"
                                            "@10.100.1.17@o2ib:6/4 lens 488/440 e 0 to 1 dl 1588845607 ref 2 fl Rpc:X/0/ffffffff "
                                            "rc 0/-1"))
        s.kernel(t_f + dt_ + 0.01, node, lustre_k(d, "Lustre: work-OST0007-osc-ffff9d2f7d5a9000: Connection to work-OST0007 "
                                                   "(at 10.100.1.17@o2ib) was lost; in progress operations using this "
                                                   "service will wait for recovery to complete"))
        s.kernel(t_f + dt_ + 95.0, node, lustre_k(s.at(t_f + dt_ + 95.0), "LustreError: 11-0: work-OST0007-osc-ffff9d2f7d5a9000: "
                                                  "operation ost_read to node 10.100.1.17@o2ib failed: rc = -5"))
    # --- the jobs fail --------------------------------------------------------------------------------------------------
    tc = t_f + 104.0
    s.joblog(tc, JC, REAL_S8_CANU)  # REAL_S8_CANU
    s.job_state(tc + 1.5, JC, "FAILED", "1:0")  # SYNTH
    tb_ = t_f + 112.0
    for k, l in enumerate(["Traceback (most recent call last):",                                             # SYNTH
                           '  File "run_pretraining.py", line 612, in <module>',
                           "    main()",
                           '  File "run_pretraining.py", line 531, in main',
                           "    for step, batch in enumerate(train_iter):",
                           '  File "/opt/conda/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 345, in __next__',
                           "    data = self._next_data()",
                           '  File "run_pretraining.py", line 88, in __getitem__',
                           "    input_ids = self.f['input_ids'][index]",
                           "OSError: [Errno 5] Input/output error: '/lustre/work/mkto/bert/hdf5_lower_case_1_seq_len_128/"
                           "wikicorpus_en_training_0191.hdf5'"]):
        s.joblog(tb_ + 0.001 * k, JB, l)
    s.joblog(tb_ + 2.0, JB, "srun: error: gq-03: task 2: Exited with exit code 1")  # SYNTH
    s.joblog(tb_ + 2.1, JB, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")  # SYNTH
    s.job_state(tb_ + 34.0, JB, "FAILED", "1:0")  # SYNTH
    tnn = t_f + 131.0
    for k, l in enumerate(["Traceback (most recent call last):",                                             # SYNTH
                           '  File "/opt/conda/lib/python3.9/site-packages/nnunetv2/training/nnUNetTrainer/nnUNetTrainer.py", '
                           'line 1139, in save_checkpoint',
                           "    torch.save(checkpoint, filename)",
                           '  File "/opt/conda/lib/python3.9/site-packages/torch/serialization.py", line 441, in save',
                           "    with _open_zipfile_writer(f) as opened_zipfile:",
                           "OSError: [Errno 5] Input/output error"]):
        s.joblog(tnn + 0.001 * k, JN, l)
    s.job_state(tnn + 2.0, JN, "FAILED", "1:0")  # SYNTH
    t_end = t_f + 1500.0
    tn = 20.0
    while tn < t_end:  # SYNTH unaffected neighbour (data on local NVMe)
        s.joblog(tn, JOK, f"Epoch: [{int(tn // 900) + 61}][{int(tn % 900) * 5 % 5005:>4d}/5005]\tTime  0.212 ( 0.215)\t"
                          f"Data  0.002 ( 0.003)\tLoss {1.21 + rng.uniform(-0.05, 0.05):.4e} ({1.23:.4e})\t"
                          f"Acc@1  {71 + rng.uniform(-2, 2):6.2f} ( 70.95)")
        tn += 90.0

    def fn(n_, g, t_):  # SYNTH
        if n_ in ("gq-03", "gq-04"):
            return s31(rng, "v100_32b", rng.randint(90, 99) if t_ < tb_ else 0, rng.uniform(210, 260) if t_ < tb_ else 40.0,
                       clock=1530 if t_ < tb_ else 135)
        if n_ == "gq-15":
            if g == 0 and t_ < tnn:
                return s31(rng, "v100_32b", rng.randint(80, 99), rng.uniform(180, 245), clock=1530)
            return s31(rng, "v100_32b", 0, rng.uniform(38, 43), clock=135)
        if n_ == "gq-11":
            return s31(rng, "v100_32b", 0, rng.uniform(38, 43), clock=135)
        return s31(rng, "v100_32b", rng.randint(88, 99), rng.uniform(215, 262), clock=1530)
    run_sampler(s, ["gq-03", "gq-04", "gq-15"], 4, 0.0, t_end, 60.0, fn)
    run_sampler(s, ["gq-07", "gq-11"], 4, 0.0, t_end, 120.0, fn)
    s.truth = truth({"t": t_f + 4.0, "category": "infrastructure", "node": None}, no_requeue=[JB, JN, JOK],
                    no_drain=["gq-03", "gq-04", "gq-11", "gq-15"])
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
