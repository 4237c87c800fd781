#!/usr/bin/env python3
"""Build the holdout131 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout79):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time or host only its *prefix* (stamp/host) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site (or in the helper's docstring).

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
holdout131: generic helpers and all helper sections through holdout129's are copied unchanged from holdout129's build.py;
the holdout129 scenarios are replaced by the holdout131 helpers and scenarios S1..S8 below (theme: "data pipelines reading
from object storage and streaming datasets: S3, GCS and Azure Blob throttling and 503 SlowDown, expired credentials,
WebDataset and streaming-dataset shard errors, tokenizer and decoding workers dying, local caches filling, set beside a
job that is simply input-bound").
holdout129: generic helpers and all helper sections through holdout124's are copied unchanged from holdout124's build.py;
the holdout124 scenarios are replaced by the holdout129 helpers and scenarios S1..S8 below (theme: "preemption, time
limits and signals: Slurm preemption (REQUEUE/CANCEL), time limits reached, SIGTERM/SIGUSR1 sent before the limit and
checkpoint-on-signal handlers, jobs killed by the OOM killer or by the scheduler's memory cgroup, grace periods, and the
faults that happen during such shutdowns").
holdout124: generic helpers and all helper sections through holdout119's are copied unchanged from holdout119's build.py;
the holdout119 scenarios are replaced by the holdout124 helpers and scenarios S1..S8 below (theme: "slow degradation and
intermittent faults in long jobs: corrected errors that climb, a node whose step time drifts up, an intermittent NIC,
periodic stalls from a background process (a cron job, a RAID scrub, a filesystem's snapshot), each to be told from
healthy variance").
holdout119: generic helpers and all helper sections through holdout114's are copied unchanged from holdout114's build.py;
the holdout114 scenarios are replaced by the holdout119 helpers and scenarios S1..S8 below (theme: "the second life of a
job: jobs restarted within the record -- Slurm requeue, torchrun elastic restarts, a job resubmitted by its owner -- a
restart that repeats the same failure at the same step, a restart that succeeds, a node that fails a second job after
the first, a fault that follows the job to new nodes, a fault that stays with a node").
holdout114: generic helpers and all helper sections through holdout109's are copied unchanged from holdout109's build.py;
the holdout109 scenarios are replaced by the holdout114 helpers and scenarios S1..S8 below (theme: "stalls that are slow,
not stopped, and slow that is healthy: stragglers, data-loader starvation, throttled storage, a rank on a slower GPU,
warm-up and recompilation, gradient accumulation and very long steps").
holdout109: generic helpers and all helper sections through holdout104's are copied unchanged from holdout104's build.py;
the holdout104 scenarios are replaced by the holdout109 helpers and scenarios S1..S8 below (theme: "speech, recommendation
and scientific ML: ESPnet, NVIDIA DLRM and TorchRec embedding tables, AlphaFold / OpenFold, weather and climate models,
each with its own log style").
holdout104: generic helpers and all helper sections through holdout99's are copied unchanged from holdout99's build.py;
the holdout99 scenarios are replaced by the holdout104 helpers and scenarios S1..S8 below (theme: "small lab clusters:
consumer and workstation GPUs (RTX 3090/4090/A6000), PCIe only, one to four nodes over Ethernet, P2P/IOMMU/ACS trouble,
power supplies at their limit").
holdout99: generic helpers and all helper sections through holdout94's are copied unchanged from holdout94's build.py;
the holdout94 scenarios are replaced by the holdout99 helpers and scenarios S1..S8 below (theme: "Megatron and NeMo at
scale: pipeline-parallel stalls, tensor-parallel ranks, the distributed optimizer, checkpoint resharding and resumption").
holdout94: generic helpers and all helper sections through holdout89's are copied unchanged from holdout89's build.py;
the holdout89 scenarios are replaced by the holdout94 helpers and scenarios S1..S8 below (theme: "what the GPU's own
counters say: ECC and row remapping, retired pages, NVLink CRC and replay counters, PCIe replays, XID 94/95 contained errors").
holdout89: generic helpers and the holdout14..holdout84 helper sections are copied unchanged from holdout84's build.py;
the holdout84 scenarios are replaced by the holdout89 helpers and scenarios S1..S8 below (theme: "logs as operators
really collect them: interleaved ranks, truncated and wrapped lines, missing or other-format timestamps, time zones,
rotated and forwarded files").
Earlier note (holdout84): generic helpers and the holdout14..holdout79 helper sections were copied from holdout79's build.py;
the holdout79 scenarios are replaced by the holdout84 helpers and scenarios S1..S8 below (theme: "frameworks and
trainers beyond the usual PyTorch loop": JAX/XLA, DeepSpeed, fairseq, PaddlePaddle, NeMo, and scientific GPU codes
(PIConGPU, mumax3) -- each with its own progress format and error words).
Telemetry is kept for EVERY node to the end of every record.
Earlier note (holdout79): generic helpers and the holdout14..holdout74 helper sections came unchanged from holdout74;
the holdout74 scenarios were replaced by the holdout79 helpers and scenarios (theme "the end of a job").
Earlier note (holdout74): generic helpers and the holdout14..holdout72 helper sections came unchanged from holdout72.
Earlier notes (holdout23..holdout72): each corpus copied the generic helpers and earlier helper sections unchanged.
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
# holdout38 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "titanxp": (72, 5, 205.0, 20.0, 1582, 11000, 300),
    "p40": (56, 5, 205.0, 20.0, 1531, 21500, 1200),
    "a10g": (54, 5, 262.0, 22.0, 1710, 19800, 1500),
    "l20": (55, 5, 300.0, 25.0, 2520, 41000, 3000),
    "a5500": (63, 5, 208.0, 16.0, 1665, 21000, 1500),
})

H800_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
            "0000:db:00"]


def g38(util, power, clock, fb=None, thr=None, temp=None, extra=None) -> dict:
    """SYNTH: compact DCGM-named sample."""
    f = {"DCGM_FI_DEV_GPU_UTIL": int(max(0, min(100, util))), "DCGM_FI_DEV_POWER_USAGE": round(power, 1),
         "DCGM_FI_DEV_SM_CLOCK": int(clock)}
    if temp is not None:
        f["DCGM_FI_DEV_GPU_TEMP"] = int(temp)
    if fb is not None:
        f["DCGM_FI_DEV_FB_USED"] = int(fb)
    if thr is not None:
        f["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = thr
    if extra:
        f.update(extra)
    return f


def busy38(rng, prof, load=0.95, fb=False, thr=None, temp=False, extra=None) -> dict:
    """SYNTH: a busy GPU of profile `prof`."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    clock = clk if rng.random() > 0.1 else clk - 15 * rng.randint(1, 4)
    return g38(100 * load - rng.choice([0, 0, 1, 2, 3]), pw * load + rng.uniform(-ps, ps), clock,
               fb=(fbb + rng.randint(-fbs, fbs)) if fb else None, thr=thr,
               temp=(tb + rng.randint(-ts, ts)) if temp else None, extra=extra)


def idle38(rng, prof, fb=None, extra=None) -> dict:
    """SYNTH: an idle GPU (low clock, low power)."""
    clk = {"h800": 345, "h100": 345, "l20": 210, "a10g": 210}.get(prof, 139)
    return g38(0, rng.uniform(22, 48), clk, fb=fb, extra=extra)


def j38(d: dt.datetime, host: str, msg: str) -> str:
    """SYNTH: journald kernel line (`Mar 02 01:19:40 host kernel: ...`)."""
    return f"{journal_t(d, host)} {msg}"


def td_str(sec: float) -> str:
    return str(dt.timedelta(seconds=int(sec)))


def xtuner_line(d: dt.datetime, it: int, total: int, lr: float, eta: float, tm: float, mem: int, loss: float,
                tps: float) -> str:
    """SYNTH: XTuner (mmengine logger) training line."""
    return (f"{d:%Y/%m/%d %H:%M:%S} - mmengine - INFO - Iter(train) [{it:>4d}/{total}]  lr: {lr:.4e}  eta: {td_str(eta)}  "
            f"time: {tm:.4f}  data_time: 0.0112  memory: {mem}  loss: {loss:.4f}  tflops: {1180 / tm:.4f}  "
            f"tokens_per_sec: {tps:.2f}")


def absl38(d: dt.datetime, tid: int, src: str, msg: str, level: str = "I") -> str:
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {tid} {src}] {msg}"


def lerobot_line(d: dt.datetime, step: int, loss: float, grdn: float, upd: float) -> str:
    """SYNTH: LeRobot train.py MetricsTracker line."""
    return (f"INFO {d:%Y-%m-%d %H:%M:%S} ts/train.py:232 step:{step // 1000}K smpl:{step * 32 // 1000}K "
            f"ep:{step * 32 // 4300} epch:{step * 32 / 524000:.2f} loss:{loss:.3f} grdn:{grdn:.3f} lr:2.5e-05 "
            f"updt_s:{upd:.3f} data_s:0.004")


def fs2_line(d: dt.datetime, step: int, loss: float, lr: float, gn: float, el: int) -> str:
    """SYNTH: fairseq2 recipe trainer metrics line."""
    return (f"[{d:%m/%d/%y %H:%M:%S}] INFO     fairseq2.recipes - Step {step} Train Metrics - Loss: {loss:.3f} | "
            f"Contrastive Loss: {loss * 0.97:.3f} | Diversity Loss: {loss * 0.03:.3f} | Code Perplexity: 598.1 | "
            f"Learning Rate: {lr:.2e} | Gradient Norm: {gn:.3f} | Elapsed Time: {el}s")


def kdiff_line(ep: int, step: int, loss: float) -> str:
    """SYNTH: k-diffusion train.py progress line (tqdm.write)."""
    return f"Epoch: {ep}, step: {step}, loss: {loss:g}"


def flagscale_report(step: int, timings: dict, straggler=None) -> list:
    """SYNTH (layout from FlagScale PR #938's output.log): rank 0's straggler report block."""
    out = ["[default0]:", f"[default0]:=== Straggler Report at Step {step} ===", "[default0]:"]
    if straggler is None:
        out.append("[default0]:✓ No stragglers detected.")
    else:
        rk, host, lr, slow = straggler
        out.append("[default0]:⚠ Stragglers detected: 1")
        out.append(f"[default0]:  Rank {rk} ({host}, local_rank {lr}): {slow:.2f}x slower than fastest rank")
    out += ["[default0]:", "[default0]:Section Timings (ms):", "[default0]:"]
    for sec, vals in timings.items():
        mn, mx = min(vals), max(vals)
        avg = sum(vals) / len(vals)
        out.append(f"[default0]:  {sec}:")
        out.append(f"[default0]:    Min: {mn:.2f}ms, Max: {mx:.2f}ms, Avg: {avg:.2f}ms, Slowdown: {mx / mn:.2f}x")
        out += [f"[default0]:    Rank {i}: {v:.2f}ms" for i, v in enumerate(vals)]
    return out



# ======================================================================================
# holdout40 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "p6000": (69, 4, 226.0, 18.0, 1657, 23800, 150),      # Quadro P6000 24 GB, 250 W
    "rtx5000ada": (63, 5, 228.0, 18.0, 2550, 27500, 1500),  # RTX 5000 Ada 32 GB, 250 W
    "gtxtitan": (81, 2, 198.0, 14.0, 876, 5100, 300),     # GTX Titan (GK110) 6 GB, 250 W
    "m2090": (74, 3, 182.0, 14.0, 650, 4900, 200),        # Tesla M2090 6 GB, 225 W
    "a4500": (66, 4, 181.0, 14.0, 1650, 17600, 1200),     # RTX A4500 20 GB, 200 W
})

ADA_BUS = ["0000:1b:00", "0000:1c:00", "0000:3d:00", "0000:3e:00", "0000:9c:00", "0000:9d:00", "0000:bb:00",
           "0000:bc:00"]


def busy40(rng, prof, load=0.95, fb=True, temp=True, thr=None, clock=None, extra=None) -> dict:
    """SYNTH: busy GPU of profile `prof` (util, power, SM clock, temp, FB)."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    c = clock if clock is not None else (clk if rng.random() > 0.1 else clk - 15 * rng.randint(1, 4))
    return g38(100 * load - rng.choice([0, 0, 1, 2, 3]), pw * load + rng.uniform(-ps, ps), c,
               fb=(fbb + rng.randint(-fbs, fbs)) if fb else None, thr=thr,
               temp=(tb + rng.randint(-ts, ts)) if temp else None, extra=extra)


def idle40(rng, prof, fb=0, clk=None) -> dict:
    """SYNTH: idle GPU (low clock, low power, cool)."""
    c = clk if clk is not None else {"gtxtitan": 324, "m2090": 50, "p6000": 139}.get(prof, 210)
    return g38(0, rng.uniform(14, 38), c, fb=fb, temp=rng.randint(29, 38))


LEAN40 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")


def sampler40(s: "Scenario", nodes, gpus: int, t0: float, t1: float, every: float, fn, keys=LEAN40) -> None:
    """SYNTH: telemetry at a fixed period keeping only `keys` (keeps events.jsonl small); fn may return None."""
    def wrap(n_, g, t_):
        f = fn(n_, g, t_)
        if f is None:
            return None
        return {k: v for k, v in f.items() if k in keys}
    s.telemetry(nodes, gpus, t0, t1, every, wrap)


def tfl(d: dt.datetime, level: str, src: str, msg: str) -> str:
    """SYNTH: TensorFlow 1.x C++ log line."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: {level} {src}] {msg}"


def glog(d: dt.datetime, level: str, pid: int, src: str, msg: str) -> str:
    """SYNTH: glog line as Caffe writes it (`I0118 20:55:01.123456 27945 solver.cpp:209] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:5d} {src}] {msg}"


def pylog(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: Python logging `[%(asctime)s] %(levelname)s: %(message)s`."""
    return f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] {level}: {msg}"


def dp3(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: DeePMD-kit 3.x log line (`[2024-07-05 10:59:59,135] DEEPMD INFO    msg`)."""
    return f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] DEEPMD {level:<7s} {msg}"


def kj(s: "Scenario", t: float, host: str, msg: str) -> None:
    """SYNTH: one kernel line in journald short format."""
    s.kernel(t, host, f"{journal_t(s.at(t), host)} {msg}")



# ======================================================================================
# holdout42 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "titanv": (80, 3, 214.0, 16.0, 1335, 11840, 40),      # Titan V 12 GB, 250 W (runs hot in tower-style boxes)
    "a6000": (70, 5, 268.0, 22.0, 1800, 40200, 1500),     # RTX A6000 48 GB, 300 W
    "a100_80": (57, 6, 335.0, 40.0, 1410, 71500, 3000),   # A100-SXM4-80GB, 400 W
})

KEYS42 = LEAN40 + ("DCGM_FI_DEV_GPU_TEMP",)
KEYS42T = KEYS42 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)


def sj(s: "Scenario", t: float, host: str, ident: str, msg: str) -> None:
    """SYNTH: one non-kernel journald line of a node (collected with the node's kernel/journal stream)."""
    s.kernel(t, host, f"{s.at(t):%b %d %H:%M:%S} {host} {ident}: {msg}")


def hdelta(sec: float) -> str:
    """SYNTH helper: tensorpack.utils.utils.humanize_time_delta (2019 version), copied in behaviour."""
    if sec == 0:
        return "0 second"
    tm = dt.datetime(2000, 1, 1) + dt.timedelta(seconds=int(sec))
    vals = [int(sec // 86400), tm.hour, tm.minute, tm.second]
    if sec < 60:
        vals[-1] = sec
    out = []
    for v, u in zip(vals, ["day", "hour", "minute", "second"]):
        if v > 0:
            out.append("{:.3g} {}{}".format(v, u, "s" if v > 1 else ""))
    return " ".join(out)


def tp_log(d: dt.datetime, src: str, msg: str, warn: bool = False) -> str:
    """SYNTH: tensorpack logger line `[0317 00:44:32 @monitor.py:467] msg` (colours off)."""
    return f"[{d:%m%d %H:%M:%S} @{src}] " + ("WRN " if warn else "") + msg


def tp_bar(n: int, total: int, elapsed: float, rate: float | None) -> str:
    """SYNTH: tensorpack's tqdm bar_format '{l_bar}{bar}|{n_fmt}/{total_fmt}[{elapsed}<{remaining},{rate_noinv_fmt}]'
    with ascii=True; the output is not a tty, so ncols is unknown and tqdm draws a 10-cell bar."""
    frac = n / total
    full, part = divmod(int(frac * 10 * 10), 10)
    charset = " 123456789#"
    bar = "#" * full
    if full < 10:
        bar += charset[part] + " " * (10 - full - 1)
    if rate:
        rfmt = "{0:5.2f}".format(rate) + "it/s"
        rem = fmt_interval((total - n) / rate)
    else:
        rfmt, rem = "?it/s", "?"
    return f"{frac * 100:3.0f}%|{bar}|{n}/{total}[{fmt_interval(elapsed)}<{rem},{rfmt}]"




# ======================================================================================
# holdout44 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "mi250x": (52, 6, 420.0, 45.0, 1700, 52000, 3000),    # one MI250X GCD (64 GB HBM2e), OAM 560 W shared by 2 GCDs
    "k80": (66, 5, 128.0, 14.0, 823, 10200, 600),
    "a40": (60, 5, 262.0, 25.0, 1740, 36500, 2500),
})

CST = dt.timedelta(hours=8)
LEAN44 = LEAN40 + ("DCGM_FI_DEV_GPU_TEMP",)


def kt(s: "Scenario", t: float, host: str, msg: str, skew: float = 0.0, tz: dt.timedelta = dt.timedelta(0)) -> None:
    """SYNTH: kernel line with a `dmesg -T` stamp in the node's own clock (skew seconds, timezone)."""
    d = s.at(t) + tz + dt.timedelta(seconds=skew)
    s.kernel(t, host, f"{dmesg_t(d)} {msg}")


def kj44(s: "Scenario", t: float, host: str, ident: str, msg: str, skew: float = 0.0) -> None:
    """SYNTH: journald short-format line in the node's own (possibly skewed) clock."""
    d = s.at(t) + dt.timedelta(seconds=skew)
    s.kernel(t, host, f"{d:%b %d %H:%M:%S} {host} {ident}: {msg}")


def busy44(rng, prof, load=0.95, extra=None, fb=True) -> dict:
    return busy40(rng, prof, load=load, fb=fb, extra=extra)


def idle44(rng, prof, fb=0, extra=None, clk=None) -> dict:
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel44(s, nodes, gpus, t0, t1, every, fn, keys=LEAN44) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


# ======================================================================================
# holdout46 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "a40_46": (58, 5, 268.0, 22.0, 1740, 30500, 2500),      # A40 48 GB, 300 W
    "rtx3090_46": (66, 5, 318.0, 25.0, 1860, 17800, 1500),  # RTX 3090 24 GB, 350 W
    "v100s_46": (57, 5, 232.0, 20.0, 1597, 21000, 2500),    # V100S-PCIe 32 GB, 250 W
})

A40_BUS = ["0000:17:00", "0000:65:00", "0000:ca:00", "0000:e3:00"]
HGX_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
           "0000:db:00"]
K46 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP")


def b46(rng, prof, load=0.95, extra=None, clock=None, fb=False) -> dict:
    return busy40(rng, prof, load=load, fb=fb, clock=clock, extra=extra)


def i46(rng, prof, extra=None) -> dict:
    f = idle40(rng, prof)
    if extra:
        f.update(extra)
    return f


def fm_stamp(d: dt.datetime) -> str:
    """SYNTH: nv-fabricmanager log-file stamp, e.g. `[Jul 23 2024 07:53:55]`."""
    return f"[{d:%b %d %Y %H:%M:%S}]"


def noise46(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (3140 > 3127), lowering kernel.perf_event_max_sample_rate to 63500",
            "nfs: server storage02 OK",
            "EXT4-fs (nvme0n1p1): re-mounted. Opts: (null). Quota mode: none.",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "device-mapper: uevent: version 1.0.3"]
    kt(s, t, host, msgs[kind % len(msgs)])



# ======================================================================================
# holdout48 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "h20_48": (52, 6, 360.0, 35.0, 1980, 86000, 4000),      # H20 96 GB, 400 W
    "l40_48": (63, 4, 262.0, 20.0, 2490, 39500, 2500),      # L40 48 GB, 300 W, passive (chassis fans)
    "h200nvl_48": (57, 6, 505.0, 45.0, 1980, 118000, 6000),  # H200 NVL 141 GB, 600 W
    "titanrtx_48": (69, 4, 150.0, 25.0, 1770, 23800, 30),   # TITAN RTX 24 GB, 280 W (TF grabs nearly all memory)
    "a100_40p_48": (55, 5, 215.0, 20.0, 1410, 30500, 2000),  # A100 40 GB PCIe, 250 W
})

K48 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K48T = K48 + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
K48X = K48 + ("DCGM_FI_DEV_XID_ERRORS",)


def b48(rng, prof, load=0.95, extra=None, clock=None, fb=True, temp=True) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=fb, temp=temp, clock=clock, extra=extra)


def i48(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def spin48(rng, prof, power, fb=True) -> dict:
    """SYNTH: a GPU whose kernels spin waiting in a collective: util 100 %, low power, full clocks."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    return g38(100, power + rng.uniform(-6, 6), clk, fb=(fbb + rng.randint(-fbs // 4, fbs // 4)) if fb else None,
               temp=tb - 14 + rng.randint(-2, 2))


def tel48(s, nodes, gpus, t0, t1, every, fn, keys=K48) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise48(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
            "nfs: server nas01 not responding, still trying",
            "nfs: server nas01 OK",
            "audit: type=1400 audit(0.0:212): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.lxc\" name=\"/proc/1/mountinfo\"",
            "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f2a1c offset:0x0 grain:32 syndrome:0x0)",
            "xfs filesystem being remounted at /scratch supports timestamps until 2038 (0x7fffffff)",
            "igb 0000:05:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX"]
    kt(s, t, host, msgs[kind % len(msgs)])


def hf_dict48(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer's on-log dict line (rank 0), no step number."""
    return "{'loss': %s, 'grad_norm': %r, 'learning_rate': %r, 'epoch': %s}" % (round(loss, 4), gn, lr, round(ep, 2))


def pai_nccl(host: str, pid: int, tid: int, dev: int, src: str) -> str:
    """SYNTH: the `[host][pid:tid][dev][file:line] ` prefix of the PAI NCCL build's StateMonitor/StateSync lines."""
    return f"[{host}][{pid}:{tid}][{dev}][{src}] "


# ======================================================================================
# holdout50 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values
    "titanxpas_50": (76, 4, 218.0, 20.0, 1531, 10200, 500),    # TITAN X (Pascal) 12 GB, 250 W
    "rtx5880_50": (61, 5, 255.0, 22.0, 2460, 40500, 2500),     # RTX 5880 Ada 48 GB, 285 W
    "rtx2080s_50": (70, 4, 212.0, 18.0, 1815, 7100, 400),      # RTX 2080 SUPER 8 GB, 250 W
    "qrtx5000_50": (67, 4, 196.0, 14.0, 1815, 14200, 700),     # Quadro RTX 5000 16 GB, 230 W
    "p4_50": (57, 4, 61.0, 5.0, 1531, 6900, 250),              # Tesla P4 8 GB, 75 W
    "rtx4500ada_50": (60, 5, 188.0, 14.0, 2580, 21800, 1200),  # RTX 4500 Ada 24 GB, 210 W
    "p100_50": (58, 5, 196.0, 20.0, 1328, 15300, 500),         # Tesla P100-PCIE 16 GB, 250 W
    "rtx4090d_50": (62, 5, 372.0, 30.0, 2520, 22800, 900),     # RTX 4090 D 24 GB, 425 W
})

K50 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K50X = K50 + ("DCGM_FI_DEV_XID_ERRORS",)


def b50(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i50(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def tel50(s, nodes, gpus, t0, t1, every, fn, keys=K50) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise50(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: ordinary kernel/journal noise on a node."""
    msgs = ["perf: interrupt took too long (2641 > 2631), lowering kernel.perf_event_max_sample_rate to 75500",
            "nfs: server fs02 not responding, still trying",
            "nfs: server fs02 OK",
            "TCP: request_sock_TCP: Possible SYN flooding on port 6818. Sending cookies.  Check SNMP counters.",
            "EXT4-fs (sda2): re-mounted. Opts: errors=remount-ro",
            "ipmi_si IPI0001:00: IPMI message handler: BMC returned incorrect response, expected netfn 7 cmd 22, got netfn 7 cmd 1",
            "systemd-journald[812]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (8533 of 11377 items, 6553600 file size, 768 bytes per hash table item), suggesting rotation."]
    kt(s, t, host, msgs[kind % len(msgs)])


def glog_line(d: dt.datetime, pid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: glog line as wav2letter/flashlight writes it (`I0715 19:31:17.476619   413 Train.cpp:748] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:6d} {src}] {msg}"



# ======================================================================================
# holdout52 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "rtx4080_52": (64, 4, 236.0, 20.0, 2730, 9900, 300),      # RTX 4080 16 GB, 320 W (nnU-Net load ~240 W)
    "a4000_52": (79, 3, 138.0, 2.0, 1440, 13800, 400),         # RTX A4000 16 GB, 140 W cap, blower; power-capped
    "v100p16_52": (52, 4, 212.0, 25.0, 1380, 14500, 200),      # V100-PCIE-16GB, 250 W
    "rtx4090_52": (63, 5, 338.0, 30.0, 2610, 20800, 900),      # RTX 4090 24 GB, 450 W
    "t4_52": (66, 4, 64.0, 5.0, 1590, 13900, 500),             # Tesla T4 16 GB, 70 W
    "rtx3090_52": (66, 5, 305.0, 25.0, 1860, 21500, 900),      # RTX 3090 24 GB, 350 W
    "m2090_52": (71, 4, 178.0, 15.0, 1301, 4100, 300),         # Tesla M2090 6 GB, 225 W (nvidia-smi-era fields)
    "rtxpro6000_52": (61, 5, 392.0, 35.0, 2617, 61000, 3000),  # RTX PRO 6000 Blackwell 96 GB, 600 W
})

K52 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K52T = K52 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)
K52E = K52 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_XID_ERRORS")


def b52(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i52(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel52(s, nodes, gpus, t0, t1, every, fn, keys=K52) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def nn2_stamp(d: dt.datetime) -> str:
    """SYNTH: nnU-Net v2 print_to_log_file prefix (`2024-03-26 09:06:26.123433: `)."""
    return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond:06d}: "


def pylog_dash(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: Python logging `%(asctime)s - %(levelname)s - %(message)s` (SPFormer/MDIN get_root_logger)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {level} - {msg}"


def vissl_line(d: dt.datetime, lineno: int, msg: str, src: str = "log_hooks.py", level: str = "INFO") -> str:
    """SYNTH: VISSL logger `%(levelname)s %(asctime)s %(filename)s:%(lineno)4d: %(message)s`."""
    return f"{level} {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} {src}:{lineno:4d}: {msg}"


def absl52(d: dt.datetime, pid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: absl/glog prefix as AlphaFold prints it (`I0412 09:13:31.404159 140040161777472 templates.py:857] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid} {src}] {msg}"


def arcface_line(d: dt.datetime, msg: str) -> str:
    """SYNTH: arcface_torch logging format `Training: %(asctime)s-%(message)s`."""
    return f"Training: {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}-{msg}"


def pcdet_line(d: dt.datetime, msg: str, level: str = "INFO") -> str:
    """SYNTH: OpenPCDet logger `%(asctime)s  %(levelname)5s  %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}  {level:>5s}  {msg}"


def allen_line(d: dt.datetime, mod: str, msg: str, level: str = "INFO") -> str:
    """SYNTH: AllenNLP 1.x logging `%(asctime)s - %(levelname)s - %(name)s - %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {level} - {mod} - {msg}"


def td52(sec: float) -> str:
    """SYNTH: str(datetime.timedelta(seconds=int(sec)))."""
    return str(dt.timedelta(seconds=int(sec)))


def mmss52(sec: float) -> str:
    """SYNTH: tqdm.format_interval."""
    sec = int(sec)
    h, r = divmod(sec, 3600)
    m, s_ = divmod(r, 60)
    return f"{h:d}:{m:02d}:{s_:02d}" if h else f"{m:02d}:{s_:02d}"



# ======================================================================================
# holdout54 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a100sxm80_54": (57, 6, 352.0, 38.0, 1410, 63000, 3500),   # A100-SXM4-80GB, 400 W
    "titanxm_54": (79, 3, 208.0, 14.0, 1075, 6100, 200),       # GeForce GTX TITAN X (Maxwell) 12 GB, 250 W
    "l40s_54": (62, 5, 305.0, 25.0, 2490, 36500, 1500),        # L40S 48 GB, 350 W
    "b200_54": (54, 6, 815.0, 70.0, 1965, 151000, 6000),       # B200 180 GB, 1000 W
    "a100p40_54": (58, 5, 236.0, 22.0, 1410, 31500, 1800),     # A100-PCIE-40GB, 250 W
})

K54 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K54L = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K54M = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
NVL = ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
       "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL")
K54N = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", NVL[0], NVL[2], NVL[3])
K54E = K54M + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")

JZ_BUS = ["0000:01:00", "0000:21:00", "0000:41:00", "0000:61:00", "0000:81:00", "0000:a1:00", "0000:c1:00",
          "0000:e1:00"]
DGXA100_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
               "0000:bd:00"]
NDV4_BUS = ["0001:00:00", "0002:00:00", "0003:00:00", "0004:00:00", "0005:00:00", "0006:00:00", "0007:00:00",
            "0008:00:00"]
P4DE_BUS = ["0000:10:1c", "0000:10:1d", "0000:20:1c", "0000:20:1d", "0000:90:1c", "0000:90:1d", "0000:a0:1c",
            "0000:a0:1d"]
B200_BUS = ["0000:1b:00", "0000:43:00", "0000:52:00", "0000:61:00", "0000:9d:00", "0000:c3:00", "0000:d1:00",
            "0000:df:00"]


def b54(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i54(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel54(s, nodes, gpus, t0, t1, every, fn, keys=K54) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def tqnum(x) -> str:
    """SYNTH: tqdm.format_num (3 significant digits, shorter of that and str)."""
    if isinstance(x, int):
        return str(x)
    f = "{0:.3g}".format(x).replace("e+0", "e+").replace("e-0", "e-")
    n = str(x)
    return f if len(f) < len(n) else n


def lt_meter(n: int, total: int, elapsed: float, rate: float, desc: str = "", postfix: str = "") -> str:
    """SYNTH: a Lightning TQDM bar line as it appears in the posted logs (rate always as `it/s`, 10-cell bar)."""
    line = tqdm_meter(n, total, elapsed, rate, desc=desc, postfix=postfix)
    inv = 1 / rate
    if inv > 1:
        line = line.replace(f"{inv:5.2f}s/it", f"{rate:5.2f}it/s", 1)
    return line


def meg_iter(it: int, total: int, cs: int, seq: int, sec: float, lr: float, gbs: int, loss: float, gn: float,
             sps: float, tfl: float) -> str:
    """SYNTH: Megatron-DeepSpeed (BigScience fork) iteration line, without the launcher prefix."""
    return (f" iteration {it:8d}/{total:8d} | consumed samples: {cs:12d} | consumed tokens: {cs * seq:12d} | "
            f"elapsed time per iteration (s): {sec:.2f} | learning rate: {lr:.3E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | grad norm: {gn:.3f} | num zeros: 0.0 | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 | samples per second: {sps:.3f} | TFLOPs: {tfl:.2f} |")


def dhms(sec: float) -> str:
    """SYNTH: Slurm elapsed format D-HH:MM:SS."""
    sec = int(sec)
    d, r = divmod(sec, 86400)
    h, r = divmod(r, 3600)
    m, s_ = divmod(r, 60)
    return f"{d}-{h:02d}:{m:02d}:{s_:02d}" if d else f"{h:02d}:{m:02d}:{s_:02d}"


def lua_num(x: float) -> str:
    """SYNTH: Lua 5.1 / LuaJIT tostring(number) (%.14g)."""
    return "%.14g" % x


def xid_k(bus: str, xid: int, tail: str, pid="'<unknown>'", name="<unknown>") -> str:
    """SYNTH: NVRM Xid kernel line body."""
    return f"NVRM: Xid (PCI:{bus}): {xid}, pid={pid}, name={name}, {tail}"


def ddp_rank_line(rank: int, world: int, step: int, data: float, comp: float, wait: float, opt: float,
                  ips: float) -> str:
    """SYNTH: the per-rank timing line of a user's own DDP script (printed by every rank every 1000 steps)."""
    tot = data + comp + wait + opt
    return (f"[rank {rank:2d}/{world}] step {step} | data {data:.1f} ms | fwd+bwd {comp:.1f} ms | "
            f"allreduce-wait {wait:.1f} ms | opt {opt:.1f} ms | step {tot:.1f} ms | {ips:.1f} img/s")


def metaseq_inner(d: dt.datetime, ep: int, upd: int, loss: float, wps: float, lr: float, gn: float, scale: float,
                  wall: int, train_wall: int) -> str:
    """SYNTH: metaseq JsonProgressBar train_inner line."""
    return (f"{d:%Y-%m-%d %H:%M:%S} | INFO | train_inner | {{\"epoch\": {ep}, \"actv_norm\": \"{41.2 + 0.01 * (upd % 97):.3f}\", "
            f"\"pos_norm\": \"0.201\", \"tok_norm\": \"0.931\", \"emb_norm\": \"0.005\", \"loss\": \"{loss:.3f}\", "
            f"\"ppl\": \"{2 ** loss:.2f}\", \"wps\": \"{wps:.4g}\", \"ups\": \"0.03\", \"wpb\": \"4.19e+06\", "
            f"\"bsz\": \"2048\", \"num_updates\": \"{upd}\", \"lr\": \"{lr:.5g}\", \"gnorm\": \"{gn:.3f}\", \"clip\": \"0\", "
            f"\"loss_scale\": \"{tqnum(scale)}\", \"scale_window\": \"128\", \"train_wall\": \"{train_wall}\", "
            f"\"cuda_gb_allocated\": \"31.7\", \"cuda_gb_reserved\": \"44.1\", \"cuda_gb_free\": \"35.2\", \"wall\": \"{wall}\"}}")


def hf_log(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer on-log dict (transformers 4.4x)."""
    return "{'loss': %s, 'grad_norm': %s, 'learning_rate': %s, 'epoch': %s}" % (
        round(loss, 4), round(gn, 12), repr(lr), round(ep, 2))


def ijepa_line(d: dt.datetime, ep: int, itr: int, loss: float, m1: float, m2: float, wd: float, lr: float, mem: float,
               ms: float) -> str:
    """SYNTH: I-JEPA/V-JEPA style training log line (`INFO:root:[ep, itr] loss: ...`)."""
    return (f"INFO:root:[{ep}, {itr:5d}] loss: {loss:.3f} masks: {m1:.1f} {m2:.1f} [wd: {wd:.2e}] [lr: {lr:.2e}] "
            f"[mem: {mem:.2e}] ({ms:.1f} ms)")


# ======================================================================================
# holdout56 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "h100sxm_56": (64, 5, 640.0, 40.0, 1980, 61500, 3500),     # H100 SXM5 80 GB, 700 W (HGX, Supermicro)
    "a6000_56": (74, 4, 262.0, 20.0, 1800, 38500, 1500),       # RTX A6000 48 GB, 300 W, blower
    "v100sxm32_56": (54, 5, 255.0, 25.0, 1530, 27800, 1200),   # V100-SXM2-32GB, 300 W
    "gtxtitan_56": (79, 3, 190.0, 15.0, 876, 5200, 300),       # GeForce GTX TITAN (GK110) 6 GB, 250 W
    "rtx5090_56": (61, 5, 470.0, 40.0, 2407, 9800, 1500),      # GeForce RTX 5090 32 GB, 575 W
    "a100sxm80_56": (58, 6, 350.0, 40.0, 1410, 69000, 3500),   # A100-SXM4-80GB, 400 W
})

K56 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K56T = K56 + ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",)
K56L = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K56E = K56L + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_RETIRED_PENDING")
K56X = K56 + ("DCGM_FI_DEV_XID_ERRORS",)
K56E4 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
         "DCGM_FI_DEV_RETIRED_PENDING")

SMC_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00",
           "0000:db:00"]   # SYNTH: Supermicro SYS-821GE (HGX H100) GPU order
JZV_BUS = ["0000:1a:00", "0000:1c:00", "0000:88:00", "0000:8a:00"]   # SYNTH: 4 x V100-SXM2 (HPE SGI 8600 blade)
HAL_BUS = ["0000:02:00", "0000:03:00", "0000:83:00", "0000:84:00"]   # SYNTH: 4 x GTX TITAN behind two PLX switches
R50_BUS = ["0000:01:00", "0000:21:00", "0000:41:00", "0000:61:00"]   # SYNTH: 4 x RTX 5090 workstation-class node
A6K_BUS = ["0000:17:00", "0000:ca:00"]                               # SYNTH: 2 x RTX A6000
DGX_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00",
           "0000:bd:00"]   # SYNTH: DGX A100 GPU order


def b56(rng, prof, load=0.95, extra=None, clock=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i56(rng, prof, fb=0, extra=None, clk=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb, clk=clk)
    if extra:
        f.update(extra)
    return f


def tel56(s, nodes, gpus, t0, t1, every, fn, keys=K56) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise56(s: "Scenario", host: str, t: float, kind: int, skew: float = 0.0) -> None:
    """SYNTH: ordinary kernel noise on a node (dmesg -T)."""
    msgs = ["perf: interrupt took too long (2507 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
            "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
            "hrtimer: interrupt took 38212 ns",
            "systemd-journald[1021]: Under memory pressure, flushing caches.",
            "TCP: request_sock_TCP: Possible SYN flooding on port 8000. Sending cookies.  Check SNMP counters.",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "NFSD: Using nfsdcld client tracking operations."]
    kt(s, t, host, msgs[kind % len(msgs)], skew=skew)


def titan56(d: dt.datetime, step: int, loss: float, mem: float, wps: int, mfu: float) -> str:
    """SYNTH: torchtitan (Oct 2024) metrics line, colours off, torchrun `--tee 3` prefix on rank 0."""
    return (f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - step: {step:2d}  "
            f"loss: {loss:7.4f}  memory: {mem:5.2f}GiB({mem / 79.11 * 100:.2f}%)  wps: {wps:,}  mfu: {mfu:.2f}%")


def titan_info(d: dt.datetime, msg: str) -> str:
    return f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - {msg}"


def verl_metrics(step: int, m: dict) -> str:
    """SYNTH: verl's console logger (`concat_dict_to_str`): `step:N - key:val:.3f - ...`."""
    return " - ".join([f"step:{step}"] + [f"{k}:{v:.3f}" for k, v in m.items()])


def sg3_metric_json(metric: str, value: float, total: float, ngpu: int, pkl: str, ts: float) -> str:
    """SYNTH: stylegan3 metric_main.report_metric JSON line."""
    return json.dumps({"results": {metric: value}, "metric": metric, "total_time": total,
                       "total_time_str": sg_format_time(total), "num_gpus": ngpu, "snapshot_pkl": pkl,
                       "timestamp": ts})


def sg3_tick(tick, kimg, total, sec_tick, sec_kimg, maint, cpu, gpu, res, aug) -> str:
    """SYNTH: stylegan3 training_loop tick line (has `reserved`, unlike stylegan2-ada-pytorch)."""
    return " ".join([f"tick {tick:<5d}", f"kimg {kimg:<8.1f}", f"time {sg_format_time(total):<12s}",
                     f"sec/tick {sec_tick:<7.1f}", f"sec/kimg {sec_kimg:<7.2f}", f"maintenance {maint:<6.1f}",
                     f"cpumem {cpu:<6.2f}", f"gpumem {gpu:<6.2f}", f"reserved {res:<6.2f}", f"augment {aug:.3f}"])


def uvicorn_access(ip: str, port: int, path: str = "/retrieve") -> str:
    return f'INFO:     {ip}:{port} - "POST {path} HTTP/1.1" 200 OK'


def caffe56(d: dt.datetime, pid: int, src: str, msg: str) -> str:
    """SYNTH: glog line as Caffe (2014) writes it."""
    return f"I{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:5d} {src}] {msg}"


def xid31_56(bus: str, pid: int, va: str) -> str:
    """SYNTH: r610-era NVRM Xid 31 line (layout of the thread's report, one line, real pid)."""
    return (f"NVRM: Xid (PCI:{bus}): 31, pid={pid}, name=python3, channel 0x00000002, intr 00000000. MMU Fault: "
            f"ENGINE GRAPHICS GPC0 GPCCLIENT_T1_0 faulted @ {va}. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")


def nanogpt_line(step: int, total: int, train_ms: float, avg: float) -> str:
    """SYNTH: modded-nanogpt style progress line."""
    return f"step:{step}/{total} train_time:{int(train_ms)}ms step_avg:{avg:.2f}ms"



# ======================================================================================
# holdout58 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a40_58": (62, 5, 280.0, 20.0, 1740, 21500, 900),        # A40 48 GB, 300 W
    "a100sxm40_58": (57, 5, 330.0, 35.0, 1410, 33500, 1500), # A100-SXM4-40GB (Perlmutter), 400 W
    "a100sxm80_58": (59, 6, 355.0, 40.0, 1410, 66000, 3500), # A100-SXM4-80GB, 400 W
    "h100sxm_58": (63, 5, 650.0, 40.0, 1980, 70500, 3000),   # H100 SXM5 80 GB, 700 W
    "rtx4090_58": (64, 5, 380.0, 30.0, 2520, 19800, 1200),   # GeForce RTX 4090 24 GB, 450 W
    "rtx3090_58": (66, 5, 320.0, 25.0, 1860, 17800, 1500),   # GeForce RTX 3090 24 GB, 350 W
})

K58 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K58E = K58 + ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")
K58P = K58 + ("DCGM_FI_DEV_PCIE_LINK_GEN", "DCGM_FI_DEV_PCIE_LINK_WIDTH")


def b58(rng, prof, load=0.95, clock=None, extra=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i58(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def pylog58(d: dt.datetime, name: str, level: str, msg: str) -> str:
    """SYNTH: Python logging `%(asctime)s - %(name)s - %(levelname)s - %(message)s`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - {name} - {level} - {msg}"


def oclip58(d: dt.datetime, ep: int, n: int, total: int, data_t: float, batch_t: float, gbs: int, ngpu: int,
            lr: float, scale: float, loss_v: float, loss_a: float) -> str:
    """SYNTH: open_clip train_one_epoch log line (format from src/training/train.py; logging
    format `%(asctime)s | %(levelname)s | %(message)s`, datefmt `%Y-%m-%d,%H:%M:%S`)."""
    digits = len(str(total))
    sps = gbs / batch_t
    return (f"{d:%Y-%m-%d,%H:%M:%S} | INFO | Train Epoch: {ep} [{n:>{digits}}/{total} ({100.0 * n / total:.0f}%)] "
            f"Data (t): {data_t:.3f} Batch (t): {batch_t:.3f}, {sps:#g}/s, {sps / ngpu:#g}/s/gpu LR: {lr:5f} "
            f"Logit Scale: {scale:.3f} Contrastive_loss: {loss_v:#.5g} ({loss_a:#.5g})")


def mds58(it: int, total: int, consumed: int, tokens: int, ms: float, lr: float, gbs: int, loss: float, scale: float,
          gn: float, cseq: int, sps: float, tflops: float) -> str:
    """SYNTH: Megatron-DeepSpeed training_log line with legacy curriculum learning on."""
    return (f" iteration {it:8d}/{total:8d} | consumed samples: {consumed:12d} | consumed tokens: {tokens:12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.3E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | loss scale: {scale:.1f} | grad norm: {gn:.3f} | curriculum seqlen: {cseq:5d} | "
            f"actual seqlen: {cseq:5d} | number of skipped iterations:   0 | number of nan iterations:   0 | "
            f"samples per second: {sps:.3f} | TFLOPs: {tflops:.2f} |")


def yolo_row(ep: int, eps: int, mem: float, box: float, cls: float, dfl: float, inst: int, n: int) -> str:
    """SYNTH: ultralytics epoch progress row (final tqdm state of one epoch)."""
    return (f"{f'{ep}/{eps}':>11}{f'{mem:.3g}G':>11}{box:>11.4g}{cls:>11.4g}{dfl:>11.4g}{inst:>11}{640:>11}: "
            f"100%|██████████| {n}/{n} [05:41<00:00,  1.68it/s]")


def icefall58(d: dt.datetime, ep: int, b: int, loss: float, tot: float, bs: int, lr: float, scale: float) -> str:
    """SYNTH: icefall zipformer train.py progress line."""
    return (f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} INFO [train.py:1190] (0/4) Epoch {ep}, batch {b}, "
            f"loss[loss={loss:.4g}, simple_loss={loss * 1.9:.4g}, pruned_loss={loss * 0.42:.4g}, over 3412.00 frames. ], "
            f"tot_loss[loss={tot:.4g}, simple_loss={tot * 1.9:.4g}, pruned_loss={tot * 0.42:.4g}, over 684211.53 "
            f"frames. ], batch size: {bs}, lr: {lr:.2e}, grad_scale: {scale:.1f}")


def nano58(it: int, loss: float, ms: float, mfu: float) -> str:
    """SYNTH: nanoGPT train.py progress line."""
    return f"iter {it}: loss {loss:.4f}, time {ms:.2f}ms, mfu {mfu:.2f}%"


def fms58(step: int, loss: float, lr: float, seen: int, gn: float, cur: float, ovr: float, tpg: float,
          otpg: float) -> list:
    """SYNTH: fms-fsdp style report block (one `print` per metric, rank 0)."""
    return [f"step: {step}", f"loss: {loss}", f"LR: {lr}", f"tokens seen: {seen}", f"gradient norm: {gn}",
            f"reserved memory: 71.873046875", f"allocated memory: 52.0843505859375",
            f"current step time: {cur}", f"overall step time: {ovr}",
            f"current token per gpu per sec: {tpg}", f"overall token per gpu per sec: {otpg}",
            f"overall token per day: {int(otpg * 32 * 86400)}"]


def matcha_bar(ep: int, b: int, nb: int, el: float, rate: float, vn: int, dur: float, prior: float, diff: float,
               step: int) -> str:
    """SYNTH: Lightning TQDMProgressBar state for a Matcha-TTS training epoch, as flushed to the Slurm log."""
    pct = int(100 * b / nb)
    left = (nb - b) / rate
    return (f"Epoch {ep}:  {pct:2d}%|{'█' * (pct // 10):<10s}| {b}/{nb} [{hms(el)}<{hms(left)}, {rate:.2f}it/s, "
            f"v_num={vn}, loss/train/sub_loss/train_dur_loss_step={dur:.3f}, "
            f"loss/train/sub_loss/train_prior_loss_step={prior:.3f}, "
            f"loss/train/sub_loss/train_diff_loss_step={diff:.3f}, step={float(step):.1f}]")


def kineto_stage(d: dt.datetime, pid: int, line: int, stage: str) -> str:
    """SYNTH: libkineto stage line as torch 2.0 prints it to stderr."""
    return f"STAGE:{d:%Y-%m-%d %H:%M:%S} {pid}:{pid} ActivityProfilerController.cpp:{line}] Completed Stage: {stage}"


# ======================================================================================
# holdout60 helpers (SYNTH machinery)
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a100sxm80_60": (58, 6, 345.0, 40.0, 1410, 68000, 3500),   # A100-SXM4-80GB, 400 W (Azure NDv4-like)
    "a100pcie80_60": (61, 5, 262.0, 22.0, 1410, 61000, 3000),  # A100 80GB PCIe (device id 20b5), 300 W
    "gb200_60": (51, 6, 910.0, 70.0, 1965, 151000, 6000),      # B200 GPU in a GB200 NVL72 compute tray, 1200 W
    "v100_60": (57, 5, 248.0, 25.0, 1530, 27800, 1500),        # V100-SXM2-32GB, 300 W
    "l40s_60": (62, 5, 315.0, 28.0, 2490, 36500, 1500),        # L40S 48 GB, 350 W
})

K60 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED",
       "DCGM_FI_DEV_GPU_TEMP")
K60E = K60 + ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_XID_ERRORS")
K60P = K60 + ("DCGM_FI_DEV_PCIE_REPLAY_COUNTER",)
PA_BUS = ["0000:17:00", "0000:31:00", "0000:b1:00", "0000:ca:00"]          # SYNTH: 4 x A100 80GB PCIe, 2 sockets
GBT_BUS = ["0008:01:00", "0009:01:00", "0018:01:00", "0019:01:00"]         # SYNTH: 4 x B200 in one GB200 tray


def b60(rng, prof, load=0.95, clock=None, extra=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i60(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def tel60(s, nodes, gpus, t0, t1, every, fn, keys=K60) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def loop60(s: "Scenario", t0: float, t1: float, period: float, fn, jitter: float = 0.02) -> None:
    """SYNTH: call fn(t, k) every `period` (+-jitter) seconds from t0 until t1 (neighbour logs)."""
    t, k = t0, 0
    while t < t1:
        fn(t, k)
        k += 1
        t += period * s.rng.uniform(1 - jitter, 1 + jitter)


def chatter60(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: benign node chatter -- kernel, driver, slurmd, NCCL-free (journald short format)."""
    msgs = [("kernel", "perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"),
            ("kernel", "nvidia-nvswitch0: open (major=509)"),
            ("kernel", "EXT4-fs (nvme1n1): mounted filesystem with ordered data mode. Opts: (null)"),
            ("slurmd[2104]", "slurmd: launch task StepId=%s.batch request from UID:%d GID:%d HOST:10.10.0.2 PORT:51234"),
            ("kernel", "hrtimer: interrupt took 41205 ns"),
            ("nvidia-persistenced[1811]", "Verbose syslog connection opened"),
            ("kernel", "TCP: request_sock_TCP: Possible SYN flooding on port 8265. Sending cookies.  Check SNMP counters."),
            ("systemd[1]", "Started Session 4711 of user root."),
            ("kernel", "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready")]
    ident, msg = msgs[kind % len(msgs)]
    if "%s" in msg:
        msg = msg % ("4%05d" % (kind * 7919 % 100000), 1000 + kind, 1000 + kind)
    kj44(s, t, host, ident, msg)


def absl60(d: dt.datetime, tid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: absl/glog prefix as Paxml writes it (`I0411 15:03:26.866614 140737350317184 programs.py:366] msg`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {tid} {src}] {msg}"


def mmpre60(d: dt.datetime, ep: int, it: int, n: int, lr: float, eta: float, tm: float, dtm: float, mem: int,
            loss: float) -> str:
    """SYNTH: MMEngine LoggerHook train line as mmpretrain 1.x prints it."""
    return (f"{d:%Y/%m/%d %H:%M:%S} - mmengine - INFO - Epoch(train)  [{ep}][{it:4d}/{n}]  base_lr: 1.0000e-03 "
            f"lr: {lr:.4e}  eta: {dt.timedelta(seconds=int(eta))}  time: {tm:.4f}  data_time: {dtm:.4f}  "
            f"memory: {mem}  loss: {loss:.4f}")


def dcgmi_row(name: str, text: str) -> list:
    """SYNTH: one `dcgmi diag` result row, value column wrapped at 46 characters like dcgmi 3.x prints it."""
    out, first = [], True
    while True:
        chunk, text = text[:46], text[46:]
        out.append(f"| {name if first else '':<25s} | {chunk:<46s} |")
        first = False
        if not text:
            return out


def mx_speed(ep: int, b: int, sps: float, acc: float) -> str:
    """SYNTH: MXNet Module Speedometer line (`INFO:root:Epoch[3] Batch [1000]\tSpeed: ... samples/sec\taccuracy=...`)."""
    return f"INFO:root:Epoch[{ep}] Batch [{b}]\tSpeed: {sps:.2f} samples/sec\taccuracy={acc:.6f}"


def dschat60(d: dt.datetime, step: int, lr: float) -> str:
    """SYNTH: DeepSpeed engine progress line (steps_per_print) as DeepSpeed 0.10-0.12 writes it."""
    return (f"{ds_stamp(d)} [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped=0, lr=[{lr:.16g}, "
            f"{lr:.16g}], mom=[(0.9, 0.95), (0.9, 0.95)]")


def imnet60(ep: int, i: int, n: int, tm: float, tavg: float, da: float, davg: float, loss: float, lavg: float,
            a1: float, a1avg: float, a5: float, a5avg: float) -> str:
    """SYNTH: pytorch/examples imagenet ProgressMeter line (as the torchelastic imagenet example prints it)."""
    w = len(str(n))
    return (f"Epoch: [{ep}][{i:>{w}}/{n}]\tTime {tm:6.3f} ({tavg:6.3f})\tData {da:6.3f} ({davg:6.3f})\t"
            f"Loss {loss:.4e} ({lavg:.4e})\tAcc@1 {a1:6.2f} ({a1avg:6.2f})\tAcc@5 {a5:6.2f} ({a5avg:6.2f})")


def hf_log60(loss: float, gn: float, lr: float, ep: float) -> str:
    """SYNTH: HF Trainer logging dict."""
    return f"{{'loss': {loss:.4f}, 'grad_norm': {gn:.6f}, 'learning_rate': {lr:.6e}, 'epoch': {ep:.2f}}}"


# ======================================================================================
# holdout62 helpers (SYNTH machinery) -- theme "first sign outside the job's log"
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "h100_62": (60, 6, 615.0, 50.0, 1980, 71500, 4000),       # H100 SXM5 80GB, 700 W
    "a100_62": (57, 6, 340.0, 40.0, 1410, 66000, 4000),       # A100-SXM4-80GB, 400 W
    "a800_62": (56, 6, 335.0, 40.0, 1410, 70500, 3000),       # A800-SXM4-80GB, 400 W
})

K62 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K62X = K62 + ("DCGM_FI_DEV_XID_ERRORS",)
K62R = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
        "DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_ROW_REMAP_FAILURE", "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
        "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "DCGM_FI_DEV_XID_ERRORS")
K62N = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK",
        "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
        "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL")
K62H = K62X + ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER")
K62I = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")
H62_BUS = ["0000:1a:00", "0000:3c:00", "0000:4d:00", "0000:5e:00", "0000:9c:00", "0000:ae:00", "0000:bd:00",
           "0000:ce:00"]   # SYNTH: 8 x H100 SXM5, HGX board behind four PCIe switches


def b62(rng, prof, load=0.95, clock=None, extra=None) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=True, temp=True, clock=clock, extra=extra)


def i62(rng, prof, fb=0, extra=None) -> dict:
    """SYNTH: idle GPU sample."""
    f = idle40(rng, prof, fb=fb)
    if extra:
        f.update(extra)
    return f


def spin62(rng, prof, fb, extra=None) -> dict:
    """SYNTH: a GPU whose rank is stuck in a NCCL kernel (100 % util, low power, memory held)."""
    return g38(100, rng.uniform(115, 150), PROFILES[prof][4], fb=fb, temp=rng.randint(40, 46), extra=extra)


def tel62(s, nodes, gpus, t0, t1, every, fn, keys=K62) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise62(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: benign node chatter (journald short format): kernel, driver, slurmd, systemd."""
    msgs = [("kernel", "nvidia-uvm: Loaded the UVM driver, major device number 507."),
            ("slurmd[2871]", "slurmd: launch task StepId=%s.0 request from UID:%d GID:%d HOST:10.30.0.5 PORT:41874"),
            ("kernel", "perf: interrupt took too long (3139 > 3126), lowering kernel.perf_event_max_sample_rate to 63500"),
            ("systemd[1]", "Started Session 9127 of User root."),
            ("kernel", "audit: type=1400 audit(1712345678.123:412): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.activate\" name=\"/proc/sys/kernel/osrelease\" pid=5521 comm=\"snap-exec\" requested_mask=\"r\" denied_mask=\"r\" fsuid=0 ouid=0"),
            ("nvidia-persistenced[1622]", "device 0000:1a:00.0 - persistence mode enabled."),
            ("kernel", "IPv4: martian source 10.30.255.255 from 10.30.1.7, on dev ib0"),
            ("slurmd[2871]", "slurmd: Warning: Note very large processing time from prep_epilog: usec=3812443 began=%s"),
            ("kernel", "hrtimer: interrupt took 52116 ns"),
            ("chronyd[1388]", "Selected source 10.30.0.1 (ntp1.cluster)")]
    ident, msg = msgs[kind % len(msgs)]
    if "%s" in msg and "StepId" in msg:
        msg = msg % ("7%05d" % (kind * 7919 % 100000), 1200 + kind, 1200 + kind)
    elif "%s" in msg:
        msg = msg % f"{s.at(t - 4):%H:%M:%S}.{s.at(t).microsecond // 1000:03d}"
    kj44(s, t, host, ident, msg)


def noise_round(s: "Scenario", hosts, t0: float, t1: float, period: float) -> None:
    """SYNTH: spread benign chatter over the record on the given hosts."""
    k = 0
    t = t0
    while t < t1:
        noise62(s, hosts[k % len(hosts)], t, k)
        k += 1
        t += period * s.rng.uniform(0.7, 1.3)


def nccl_wd62(rank: int, d: dt.datetime, seq: int, op: str, numel: int, tmo_ms: int) -> str:
    """SYNTH: ProcessGroupNCCL watchdog timeout line (torch 2.3-2.5 layout)."""
    return (f"{c10_prefix(d, rank, 382 + 17 * rank)}ProcessGroupNCCL.cpp:607] [Rank {rank}] "
            f"Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, "
            f"NumelOut={numel}, Timeout(ms)={tmo_ms}) ran for {tmo_ms + 13} milliseconds before timing out.")


def elastic62(d: dt.datetime, level: str, msg: str) -> str:
    """SYNTH: torch.distributed.elastic log line as torch 2.1-2.3 writes it."""
    return f"[{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}] torch.distributed.elastic.multiprocessing.api: [{level}] {msg}"


def accel62(d: dt.datetime, msg: str, level: str = "INFO", name: str = "__main__") -> str:
    """SYNTH: accelerate `get_logger` line (`10/28/2024 05:12:31 - INFO - __main__ - msg`)."""
    return f"{d:%m/%d/%Y %H:%M:%S} - {level} - {name} - {msg}"


def steps_bar(n: int, total: int, el: float, sec_it: float, lr: float, loss: float) -> str:
    """SYNTH: tqdm 'Steps' bar as diffusers-style train scripts print it (one snapshot per line)."""
    pct = int(100 * n / total)
    fill = int(10 * n / total)
    rem = (total - n) * sec_it
    return (f"Steps: {pct:3d}%|{'█' * fill}{' ' * (10 - fill)}| {n}/{total} [{fmt_interval(el)}<{fmt_interval(rem)}, "
            f"{sec_it:.2f}s/it, lr={lr:g}, step_loss={loss:.4f}]")


def lustre_osc(fs: str, ost: int, cookie: str) -> str:
    return f"{fs}-OST{ost:04x}-osc-{cookie}"


# ======================================================================================
# holdout64 helpers (SYNTH machinery) -- theme "the restart question"
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a100_64": (56, 6, 338.0, 40.0, 1410, 67000, 4000),      # A100-SXM4-80GB, 400 W
    "h100_64": (59, 6, 610.0, 50.0, 1980, 70500, 4000),      # H100 SXM5 80GB, 700 W
    "v100_64": (57, 5, 248.0, 25.0, 1530, 27500, 1500),      # V100-SXM2-32GB, 300 W
    "rtx2080ti_64": (66, 5, 222.0, 20.0, 1545, 9600, 500),   # RTX 2080 Ti 11 GB, 250 W
})

K64 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
K64T = K64 + ("DCGM_FI_DEV_GPU_TEMP",)
K64I = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK")


def b64(rng, prof, load=0.95, clock=None, fb=True) -> dict:
    """SYNTH: busy GPU sample."""
    return busy40(rng, prof, load=load, fb=fb, temp=True, clock=clock)


def i64(rng, prof, fb=0) -> dict:
    """SYNTH: idle GPU sample."""
    return idle40(rng, prof, fb=fb)


def tel64(s, nodes, gpus, t0, t1, every, fn, keys=K64) -> None:
    sampler40(s, nodes, gpus, t0, t1, every, fn, keys=keys)


def noise64(s: "Scenario", host: str, t: float, kind: int) -> None:
    """SYNTH: benign node chatter (journald short format): kernel, driver, slurmd, systemd, NCCL-free."""
    msgs = [("kernel", "perf: interrupt took too long (2604 > 2597), lowering kernel.perf_event_max_sample_rate to 76750"),
            ("slurmd[3011]", "slurmd: launch task StepId=%s.0 request from UID:%d GID:%d HOST:10.40.0.3 PORT:38812"),
            ("systemd[1]", "Starting Cleanup of Temporary Directories..."),
            ("kernel", "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  535.183.01"),
            ("nvidia-persistenced[1702]", "Started (1702)"),
            ("kernel", "IPv4: martian source 10.40.255.255 from 10.40.2.11, on dev eno1"),
            ("chronyd[1291]", "Source 10.40.0.1 replaced with 10.40.0.2 (ntp2.cluster)"),
            ("slurmd[3011]", "slurmd: _handle_stray_script: Purging vestigial job script /var/spool/slurmd/job%s/slurm_script"),
            ("kernel", "hrtimer: interrupt took 38120 ns"),
            ("systemd-logind[1180]", "New session 4418 of user root."),
            ("kernel", "EXT4-fs (nvme0n1p2): re-mounted. Opts: errors=remount-ro"),
            ("rsyslogd[1203]", "imjournal: journal files changed, reloading...  [v8.2112.0 try https://www.rsyslog.com/e/0 ]")]
    ident, msg = msgs[kind % len(msgs)]
    if "StepId=%s" in msg:
        msg = msg % ("3%05d" % (kind * 6151 % 100000), 2100 + kind, 2100 + kind)
    elif "%s" in msg:
        msg = msg % ("3%05d" % (kind * 4099 % 100000))
    kj44(s, t, host, ident, msg)


def noise_round64(s: "Scenario", hosts, t0: float, t1: float, period: float) -> None:
    """SYNTH: spread benign chatter over the record on the given hosts."""
    k, t = 0, t0
    while t < t1:
        noise64(s, hosts[k % len(hosts)], t, k)
        k += 1
        t += period * s.rng.uniform(0.7, 1.3)


def nccl_info64(s: "Scenario", t: float, job: str, host: str, pid: int, dev: int, msg: str, lab: str = "") -> None:
    """SYNTH: one NCCL INFO line with its `host:pid:tid [dev]` prefix."""
    s.joblog(t, job, f"{lab}{nccl_prefix(host, pid, pid, dev)} NCCL INFO {msg}")


def pylog64(d: dt.datetime, name: str, level: str, msg: str) -> str:
    """SYNTH: `%(asctime)s %(name)s %(levelname)s: %(message)s` (reid-strong-baseline's logger)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} {name} {level}: {msg}"


def mmdet64(d: dt.datetime, msg: str, level: str = "INFO") -> str:
    """SYNTH: mmcv 1.x logger line (`2021-03-26 10:12:31,456 - mmdet - INFO - msg`)."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - mmdet - {level} - {msg}"


def hf_neighbour(s: "Scenario", job: str, t0: float, t1: float, period: float, ep0: float, dep: float, lr0: float) -> None:
    """SYNTH: HF Trainer logging dicts from a neighbour job, to the end of the record."""
    e = [ep0]

    def fn(t_, k):
        e[0] += dep
        s.joblog(t_, job, hf_log60(s.rng.uniform(0.9, 1.1) * (1.3 - 0.05 * e[0]), s.rng.uniform(0.4, 1.2),
                                   lr0 * max(0.05, 1 - e[0] / 6), e[0]))
    loop60(s, t0, t1, period, fn)


def nano_neighbour(s: "Scenario", job: str, t0: float, t1: float, period: float, it0: int, loss0: float) -> None:
    """SYNTH: nanoGPT progress lines (log_interval chosen so one line lands every `period` s at ~0.41 s/iter)."""
    every = max(10, int(round(period / 0.41 / 10.0)) * 10)

    def fn(t_, k):
        s.joblog(t_, job, nano58(it0 + every * k, loss0 - 0.0003 * k + s.rng.uniform(-0.02, 0.02),
                                 s.rng.uniform(402, 417), s.rng.uniform(38.6, 39.9)))
    loop60(s, t0, t1, period, fn)



# ======================================================================================
# holdout66 helpers (SYNTH machinery) -- theme "one bad part among many"
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "v100_66": (58, 5, 252.0, 22.0, 1530, 29800, 1200),     # V100-SXM2-32GB (DGX-1), 300 W
    "h100_66": (60, 6, 640.0, 45.0, 1980, 71500, 3500),     # H100 SXM5 80GB, 700 W
    "a100_66": (57, 6, 342.0, 38.0, 1410, 36500, 2500),     # A100-SXM4-40GB, 400 W
    "a100_80_66": (56, 6, 355.0, 40.0, 1410, 70200, 4000),  # A100-SXM4-80GB, 400 W
})

DGX1_BUS = ["0000:06:00", "0000:07:00", "0000:0a:00", "0000:0b:00", "0000:85:00", "0000:86:00", "0000:89:00", "0000:8a:00"]
HGX_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]
K66 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE")
K66C = K66 + ("DCGM_FI_DEV_SM_CLOCK",)
K66T = K66C + ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")


def hosts66(prefix: str, a: int, b: int) -> list:
    return [f"{prefix}{i:03d}" for i in range(a, b + 1)]


def cluster66(name: str, prefix: str, part: str, bus=None) -> dict:
    """SYNTH: a 250-node x 8-GPU (2,000-GPU) cluster."""
    c = {"name": name, "partition": part, "nodes": f"{prefix}[001-250]", "gpus_per_node": 8}
    if bus:
        c["pci_bus_ids"] = bus
    return c


def lab66(rank: int, nranks: int) -> str:
    """srun --label prefix for a job of `nranks` tasks."""
    return label(rank, len(str(nranks - 1)))


def sample66(rng, nranks: int, k: int, must=()) -> list:
    """SYNTH: the sample of ranks whose per-rank lines are kept (large jobs print from a sample; see notes)."""
    return sorted(set(rng.sample(range(nranks), k)) | set(must) | {0})


def every_rank66(s, t: float, job: str, ranks: list, nranks: int, lines: list, spread: float = 1.5) -> None:
    """SYNTH: the same lines printed by each sampled rank (with srun --label), interleaved in time."""
    for r in ranks:
        tt = t + s.rng.uniform(0, spread)
        for k, l in enumerate(lines):
            s.joblog(tt + 0.0004 * k, job, f"{lab66(r, nranks)}{l}")


def nccl_init66(s, t: float, job: str, hosts: list, ranks: list, nranks: int, ver: str, ib: str, base_pid: int) -> None:
    """SYNTH: NCCL INFO start-up lines from the sampled ranks (NCCL_DEBUG=INFO)."""
    for r in ranks:
        h, dev = hosts[r // 8], r % 8
        pid = base_pid + 37 * (r // 8) + dev
        p = f"{lab66(r, nranks)}{nccl_prefix(h, pid, pid, dev)}"
        tt = t + s.rng.uniform(0, 2.0)
        if r == 0:
            s.joblog(tt - 0.01, job, f"{lab66(r, nranks)}NCCL version {ver}")
        s.joblog(tt, job, f"{p} NCCL INFO Bootstrap : Using ib0:10.{40 + (r // 8) // 200}.{(r // 8) % 200}.{11 + dev % 2}<0>")
        s.joblog(tt + 0.01, job, f"{p} NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation")
        s.joblog(tt + 0.3, job, f"{p} NCCL INFO NET/IB : Using {ib} ; OOB ib0:10.{40 + (r // 8) // 200}.{(r // 8) % 200}.11<0>")
        tid = pid + 61
        s.joblog(tt + 2.9, job, f"{lab66(r, nranks)}{nccl_prefix(h, pid, tid, dev)} NCCL INFO comm 0x{0x55d0a3c00000 + 4096 * r:x} "
                                f"rank {r} nranks {nranks} cudaDev {dev} busId {HGX_BUS[dev][5:7]}000 - Init COMPLETE")


def tel66(s, nodes, t0: float, t1: float, every: float, fn, keys=K66) -> None:
    """SYNTH: DCGM exporter samples for the given (sampled) nodes, all 8 GPUs, to t1."""
    sampler40(s, nodes, 8, t0, t1, every, fn, keys=keys)


def gs66(rng, prof: str, load: float = 0.97, power_scale: float = 1.0, clock=None, temp=None, thr=0, extra=None) -> dict:
    """SYNTH: one busy GPU sample (all keys; tel66 keeps a subset)."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]
    f = g38(100 * load - rng.choice([0, 0, 1, 2]), pw * load * power_scale + rng.uniform(-ps, ps),
            clock if clock is not None else (clk if rng.random() > 0.1 else clk - 15 * rng.randint(1, 4)),
            fb=fbb + rng.randint(-fbs, fbs), thr=thr, temp=temp if temp is not None else tb + rng.randint(-ts, ts))
    if extra:
        f.update(extra)
    return f


def gi66(rng, prof: str) -> dict:
    """SYNTH: idle GPU sample."""
    return g38(0, rng.uniform(52, 78), 345 if prof.startswith("v100") else 210, fb=0, thr=1, temp=rng.randint(30, 37))


def ds66(d: dt.datetime, msg: str, level: str = "INFO", src: str = "logging.py:96:log_dist") -> str:
    """SYNTH: DeepSpeed logger line."""
    return f"{ds_stamp(d)} [{level}] [{src}] {msg}"


def kern66(s, t: float, host: str, msg: str) -> None:
    """SYNTH: `dmesg -T` kernel line on `host`."""
    s.kernel(t, host, f"{dmesg_t(s.at(t))} {msg}")


def srun_kill66(s, t: float, job: str, hosts: list, culprit_host: str, task: int, head: str, sample_hosts: list) -> float:
    """SYNTH: srun --kill-on-bad-exit teardown after one task exits non-zero."""
    s.joblog(t, job, f"srun: error: {culprit_host}: task {task}: Exited with exit code 1")
    t = srun_abort_lines(s, t + 0.3, job, head)
    for k, h in enumerate(sample_hosts):
        i = hosts.index(h)
        s.joblog(t + 2.0 + 0.01 * k, job, f"srun: error: {h}: tasks {8 * i}-{8 * i + 7}: Killed")
    s.joblog(t + 2.5, job, f"srun: error: Timed out waiting for job step to complete")
    return t + 3.0


def std_noise66(s, hosts: list, t_end: float) -> None:
    """SYNTH: benign journald chatter on a handful of hosts across the record."""
    noise_round64(s, hosts, 240.0, t_end, 700.0)




# ======================================================================================
# holdout70 helpers (SYNTH machinery) -- theme "two at once"
# ======================================================================================

A100_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00", "0000:bd:00"]
K70 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
KX70 = K70 + ("DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING")


def hosts70(prefix: str, a: int, b: int) -> list:
    return [f"{prefix}{i:03d}" for i in range(a, b + 1)]


def cluster70(name: str, prefix: str, n: int, part: str, bus=HGX_BUS) -> dict:
    """SYNTH: an n-node x 8-GPU cluster."""
    return {"name": name, "partition": part, "nodes": f"{prefix}[001-{n:03d}]", "gpus_per_node": 8, "pci_bus_ids": bus}


def tel70(s, nodes, t1: float, every: float, fn, keys=K70) -> None:
    """SYNTH: DCGM exporter samples (all 8 GPUs) for `nodes` from t=0 to t1; fn may return None (no sample)."""
    sampler40(s, nodes, 8, 0.0, t1, every, fn, keys=keys)


def busy70(rng, prof: str, **kw) -> dict:
    """SYNTH: a busy GPU sample."""
    kw.setdefault("load", rng.uniform(0.9, 0.98))
    return gs66(rng, prof, **kw)


def k70(s, t: float, host: str, msg: str) -> None:
    """SYNTH stamp: `dmesg -T` kernel line on `host` (the body may be REAL; see call site)."""
    kern66(s, t, host, msg)


def node_fail70(s, t_down: float, node: str, jobs: list) -> None:
    """SYNTH: slurmctld marks a silent node DOWN after SlurmdTimeout, srun reports it, jobs end NODE_FAIL."""
    s.node_state(t_down, node, "DOWN+NOT_RESPONDING", "Not responding")
    for k, j in enumerate(jobs):
        s.joblog(t_down + 0.4 + 0.01 * k, j, f"srun: error: Node failure on {node}")
        s.joblog(t_down + 0.5 + 0.01 * k, j, f"slurmstepd: error: *** JOB {j} ON {node} CANCELLED AT {s.at(t_down + 0.5):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
        s.job_state(t_down + 1.5 + 0.01 * k, j, "NODE_FAIL", "0:0")


def hf_tqdm70(n: int, total: int, el: float, sec_it: float) -> str:
    """SYNTH: a tqdm bar as the HF Trainer prints it."""
    pct = int(100 * n / total)
    bar = "█" * (pct // 10) + " " * (10 - pct // 10)
    return f"{pct:3d}%|{bar}| {n}/{total} [{hms(el)}<{hms((total - n) * sec_it)}, {sec_it:.2f}s/it]"


# ======================================================================================
# holdout72 helpers (SYNTH machinery) -- theme "shared things fail, and things that only look shared"
# ======================================================================================

K72 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_FB_USED")
T72 = 3900.0   # every record runs 65 minutes


def hl72(prefix: str, a: int, b: int) -> str:
    """Slurm hostlist for prefix a..b."""
    return f"{prefix}{a:03d}" if a == b else f"{prefix}[{a:03d}-{b:03d}]"


def tel72(s, nodes, spans, prof: str, every: float = 400.0, t_end: float = T72) -> None:
    """SYNTH: DCGM exporter samples on EVERY node (all 8 GPUs) to the end of the record.
    spans = [(nodes, t0, t1, mode)], mode 'busy' or 'stall' (memory held, SMs idle); otherwise idle."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]

    def fn(n_, g, t_):
        for ns, a, b, mode in spans:
            if n_ in ns and a <= t_ < b:
                if mode == "busy":
                    return busy70(s.rng, prof)
                return g38(0, s.rng.uniform(105, 140), clk, fb=fbb + s.rng.randint(-fbs, fbs))
        return gi66(s.rng, prof)
    sampler40(s, nodes, 8, 0.0, t_end, every, fn, keys=K72)


def start72(s, t: float, job: str, nodes: list, hl: str) -> None:
    """SYNTH: a job starts inside the record (scheduler events)."""
    s.job_state(t, job, "RUNNING", "0:0", nodes=hl)
    for n in nodes:
        s.node_state(t + 0.2, n, "ALLOCATED", "")


def free72(s, t: float, nodes: list) -> None:
    """SYNTH: nodes return to IDLE after their job ended."""
    for k, n in enumerate(nodes):
        s.node_state(t + 0.05 * k, n, "IDLE", "")


def watchdog72(s, t: float, job: str, rank: int, nranks: int, seq: int, timeout_ms: int = 600000) -> None:
    """SYNTH: torch>=2.4 ProcessGroupNCCL watchdog timeout lines for one rank (srun --label prefix)."""
    d = s.at(t)
    p = f"{lab66(rank, nranks)}{c10_prefix(d, rank, rank * 7919)}ProcessGroupNCCL.cpp:616] "
    ran = timeout_ms + s.rng.randint(12, 90)
    s.joblog(t, job, f"{p}[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, "
                     f"NumelIn=1, NumelOut=1, Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out.")
    p2 = f"{lab66(rank, nranks)}{c10_prefix(s.at(t + 0.01), rank, rank * 104729)}ProcessGroupNCCL.cpp:1785] "
    s.joblog(t + 0.01, job, f"{p2}[PG ID 0 PG GUID 0(default_pg) Rank {rank}] Exception (either an error or timeout) detected by "
                            f"watchdog at work: {seq}, last enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.")


def lightning_bar72(ep: int, n: int, total: int, el: float, rate: float, loss: float, v: int) -> str:
    """SYNTH: a PyTorch Lightning progress bar line (tqdm layout)."""
    pct = int(100 * n / total)
    bar = "█" * (pct // 10) + " " * (10 - pct // 10)
    return f"Epoch {ep}: {pct:3d}%|{bar}| {n}/{total} [{hms(el)}<{hms((total - n) / rate)}, {rate:.2f}it/s, v_num={v}, train_loss={loss:.3f}]"


def diffusers_steps72(n: int, total: int, el: float, it_s: float, loss: float) -> str:
    """SYNTH: the diffusers example scripts' tqdm bar."""
    return f"Steps: {100 * n // total:3d}%| {n}/{total} [{hms(el)}<{hms((total - n) / it_s)}, {it_s:.2f}it/s, lr=0.0001, step_loss={loss:.3f}]"


def noise72(s, hosts: list) -> None:
    """SYNTH: benign journald chatter on some hosts across the record."""
    noise_round64(s, hosts, 150.0, T72 - 30.0, 520.0)


# ======================================================================================
# holdout74 helpers (SYNTH machinery) -- theme "the newest hardware's own words"
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "b200_74": (61, 6, 905.0, 60.0, 1965, 161000, 7000),    # B200 SXM 180 GB, 1000 W
    "gb200_74": (57, 6, 1010.0, 70.0, 1965, 168000, 7000),  # GB200 (NVL72 compute tray), 1200 W
    "h200_74": (60, 7, 640.0, 55.0, 1980, 126000, 6000),    # H200 SXM 141 GB, 700 W
})
T74 = 3900.0                      # every record runs 65 minutes
GB200_BUS = ["0008:01:00", "0009:01:00", "0018:01:00", "0019:01:00"]      # one GB200 compute tray (2 x Grace, 4 x B200)
B200_BUS = ["0000:1b:00", "0000:43:00", "0000:52:00", "0000:61:00", "0000:9d:00", "0000:c3:00", "0000:d1:00", "0000:df:00"]
K74 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")


def hosts74(prefix: str, a: int, b: int) -> list:
    return [f"{prefix}{i:03d}" for i in range(a, b + 1)]


def hl74(prefix: str, a: int, b: int) -> str:
    return f"{prefix}{a:03d}" if a == b else f"{prefix}[{a:03d}-{b:03d}]"


def cluster74(name: str, prefix: str, n: int, part: str, gpus: int, bus: list) -> dict:
    """SYNTH: an n-node cluster (GB200 racks: 18 trays x 4 GPUs = one NVL72 NVLink domain)."""
    return {"name": name, "partition": part, "nodes": f"{prefix}[001-{n:03d}]", "gpus_per_node": gpus, "pci_bus_ids": bus}


def tel74(s, nodes, gpus: int, spans, prof: str, every: float = 400.0, t_end: float = T74, special=None) -> None:
    """SYNTH: DCGM exporter samples on EVERY node (all GPUs) to the end of the record.
    spans = [(nodes, t0, t1, mode)], mode 'busy' or 'stall' (memory held, SMs idle); otherwise idle.
    special(node, gpu, t, fields) may amend a sample or return None (no sample: the GPU is gone)."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]

    def fn(n_, g, t_):
        f = None
        for ns, a, b, mode in spans:
            if n_ in ns and a <= t_ < b:
                if mode == "busy":
                    f = busy70(s.rng, prof)
                else:
                    f = g38(0, s.rng.uniform(150, 210), clk, fb=fbb + s.rng.randint(-fbs, fbs))
                break
        if f is None:
            f = g38(0, s.rng.uniform(90, 140), 345, fb=0, temp=s.rng.randint(31, 38))
        f = {k: v for k, v in f.items() if k in K74}
        if special is not None:
            return special(n_, g, t_, f)
        return f
    s.telemetry(nodes, gpus, 0.0, t_end, every, fn)


def noise74(s, hosts: list, t0: float = 140.0, t1: float = T74 - 30.0, period: float = 480.0, drv: str = "570.172.08") -> None:
    """SYNTH: benign journald chatter from recent-platform daemons (journald short format)."""
    msgs = [("kernel", "perf: interrupt took too long (2510 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"),
            ("nvidia-persistenced[2113]", "device 0000:%s.0 - persistence mode enabled."),
            ("systemd[1]", "Starting dcgm-exporter.service - DCGM Exporter..."),
            ("nv-hostengine[2690]", "DCGM 4.2.3 health watches: PCIe, NVLink, memory, inforom, thermal, power set for group 1"),
            ("chronyd[1310]", "Selected source 10.20.0.1 (ntp1.cluster)"),
            ("slurmd[3104]", "slurmd: _handle_stray_script: Purging vestigial job script /var/spool/slurmd/job%s/slurm_script"),
            ("kernel", "hrtimer: interrupt took 41260 ns"),
            ("systemd-logind[1201]", "New session 5127 of user root."),
            ("kernel", "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s"),
            ("rasdaemon[1587]", "rasdaemon: Calling ras_mc_event_opendb()")]
    k, t = 0, t0
    while t < t1:
        ident, msg = msgs[k % len(msgs)]
        host = hosts[k % len(hosts)]
        if "0000:%s" in msg:
            msg = msg.replace("0000:%s", s.cluster["pci_bus_ids"][k % s.cluster["gpus_per_node"]])
        elif "job%s" in msg:
            msg = msg % ("%06d" % (k * 7919 % 1000000))
        elif "%s" in msg:
            msg = msg % drv
        kj44(s, t, host, ident, msg)
        k += 1
        t += period * s.rng.uniform(0.7, 1.3)


def xid74(s, t: float, host: str, bus: str, body: str) -> None:
    """SYNTH prefix (dmesg -T stamp + `NVRM: Xid (PCI:<bus>): `); the body may be REAL (see call site)."""
    kern66(s, t, host, f"NVRM: Xid (PCI:{bus}): {body}")


def megatron74(s, job: str, t0: float, t1: float, period: float, it0: int, total: int, ms: float, lab: str, gbs: int = 1024,
               loss0: float = 1.92) -> None:
    """SYNTH: Megatron-LM iteration lines (last rank's `--label` prefix) from t0 to t1."""
    it = [it0]

    def f(t_, k):
        it[0] += 10
        s.joblog(t_, job, f"{lab}{megatron_iter(s.at(t_), it[0], total, ms * s.rng.uniform(0.985, 1.015), 1.5e-4, loss0 - 2e-6 * (it[0] - it0) + s.rng.uniform(-0.02, 0.02), gbs)}")
    loop60(s, t0, t1, period, f)


def hf74(s, job: str, t0: float, t1: float, period: float, ep0: float, dep: float, lr: float, lab: str) -> None:
    """SYNTH: HF Trainer log dicts."""
    ep = [ep0]

    def f(t_, k):
        ep[0] += dep
        s.joblog(t_, job, f"{lab}{hf_train_dict(0.71 - 0.05 * ep[0] + s.rng.uniform(-0.02, 0.02), s.rng.uniform(0.5, 1.6), lr, ep[0])}")
    loop60(s, t0, t1, period, f)


def titan74(s, job: str, t0: float, t1: float, period: float, step0: int, mem: float, wps: int, mfu: float, lab: str) -> None:
    """SYNTH: torchtitan step lines."""
    st = [step0]

    def f(t_, k):
        st[0] += 10
        s.joblog(t_, job, f"{lab}{titan56(s.at(t_), st[0], 2.41 - 1e-5 * (st[0] - step0) + s.rng.uniform(-0.03, 0.03), mem, int(wps * s.rng.uniform(0.98, 1.02)), mfu * s.rng.uniform(0.98, 1.02))}")
    loop60(s, t0, t1, period, f)


def nccl_banner74(s, t: float, job: str, hosts: list, gpn: int, nranks: int, ver: str, net: str, base_pid: int, ranks=None,
                  mnnvl: bool = False) -> None:
    """SYNTH: NCCL INFO start-up lines (NCCL_DEBUG=INFO, NCCL 2.2x wording) from a sample of ranks."""
    ranks = ranks or [0, nranks - 1]
    s.joblog(t, job, f"{lab66(0, nranks)}NCCL version {ver}")
    for r in ranks:
        h, dev = hosts[r // gpn], r % gpn
        pid = base_pid + 53 * (r // gpn) + dev
        p = f"{lab66(r, nranks)}{nccl_prefix(h, pid, pid + 97, dev)} NCCL INFO "
        tt = t + 0.2 + s.rng.uniform(0, 1.5)
        s.joblog(tt, job, p + f"NET/IB : Using {net} ; OOB bond0:10.20.{r // gpn}.{11 + r // gpn}<0>")
        if mnnvl:
            s.joblog(tt + 0.2, job, p + f"MNNVL busId 0x{s.cluster['pci_bus_ids'][dev][:4].lstrip('0')}01000 fabric UUID "
                                        f"a51c03e9d1f04b27.71be2c0946d3a8f5 cliqueId 0x1 state 3 healthMask 0x0")
        s.joblog(tt + 2.4, job, p + f"ncclCommInitRankConfig comm 0x{0x5601c2a00000 + 4096 * r:x} rank {r} nranks {nranks} "
                                    f"cudaDev {dev} nvmlDev {dev} busId {s.cluster['pci_bus_ids'][dev][5:7]}000 commId 0x7d21c4e9b03f6a15 - Init COMPLETE")


def srun_fail74(s, t: float, job: str, host: str, task: int, head: str, killed: list, step: int = 0) -> float:
    """SYNTH: srun teardown after one task exited non-zero (--kill-on-bad-exit)."""
    s.joblog(t, job, f"srun: error: {host}: task {task}: Exited with exit code 1")
    s.joblog(t + 0.2, job, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t + 0.3, job, f"slurmstepd: error: *** STEP {job}.{step} ON {head} CANCELLED AT {s.at(t + 0.3):%Y-%m-%dT%H:%M:%S} ***")
    for k, (h, rng_) in enumerate(killed):
        s.joblog(t + 2.0 + 0.01 * k, job, f"srun: error: {h}: tasks {rng_}: Killed")
    return t + 3.0


def start74(s, t: float, job: str, nodes: list, hl: str) -> None:
    """SYNTH: a job starts inside the record (scheduler events)."""
    s.job_state(t, job, "RUNNING", "0:0", nodes=hl)
    for k, n in enumerate(nodes):
        s.node_state(t + 0.2 + 0.01 * k, n, "ALLOCATED", "")


def free74(s, t: float, nodes: list) -> None:
    for k, n in enumerate(nodes):
        s.node_state(t + 0.05 * k, n, "IDLE", "")



# ======================================================================================
# holdout84 helpers (SYNTH machinery) -- theme "frameworks and trainers beyond the usual PyTorch loop"
# ======================================================================================

T84 = 3600.0                      # every record runs 60 minutes
K84 = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_FB_USED")
DGX84_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00", "0000:bd:00"]
ML6_BUS = ["0004:04:00", "0004:05:00", "0004:06:00", "0035:03:00", "0035:04:00", "0035:05:00"]   # AC922, 6 x V100 SXM2
PCIE8_BUS = ["0000:1a:00", "0000:1b:00", "0000:3d:00", "0000:3e:00", "0000:88:00", "0000:89:00", "0000:b1:00", "0000:b2:00"]


def hosts84(prefix: str, a: int, b: int, width: int = 3) -> list:
    return [f"{prefix}{i:0{width}d}" for i in range(a, b + 1)]


def hl84(prefix: str, a: int, b: int, width: int = 3) -> str:
    return f"{prefix}{a:0{width}d}" if a == b else f"{prefix}[{a:0{width}d}-{b:0{width}d}]"


def cluster84(name: str, prefix: str, a: int, b: int, part: str, gpus: int, bus: list, width: int = 3) -> dict:
    return {"name": name, "partition": part, "nodes": hl84(prefix, a, b, width), "gpus_per_node": gpus, "pci_bus_ids": bus}


def job84(jid: str, name: str, user: str, nodes: str, tpn: int, started: str, rec: int | None = None, ckpt: str | None = None) -> dict:
    j = {"id": jid, "name": name, "user": user, "nodes": nodes, "tasks_per_node": tpn, "started": started}
    if rec is not None:
        j["comment"] = comment(rec, ckpt)
    return j


def tel84(s, nodes, gpus: int, spans, prof: str, every: float = 400.0, t_end: float = T84, special=None) -> None:
    """SYNTH: DCGM exporter samples on EVERY node (all GPUs) to the end of the record.
    spans = [(nodes, t0, t1, mode)], mode 'busy', 'stall' (memory held, SMs idle) or 'light' (~30 % util);
    otherwise idle. special(node, gpu, t, fields) may amend a sample (must return a dict)."""
    tb, ts, pw, ps, clk, fbb, fbs = PROFILES[prof]

    def fn(n_, g, t_):
        f = None
        for ns, a, b, mode in spans:
            if n_ in ns and a <= t_ < b:
                if mode == "busy":
                    f = busy70(s.rng, prof)
                elif mode == "light":
                    f = g38(s.rng.uniform(18, 40), pw * 0.35 + s.rng.uniform(-20, 20), clk, fb=fbb + s.rng.randint(-fbs, fbs))
                else:
                    f = g38(0, pw * 0.18 + s.rng.uniform(-10, 10), clk, fb=fbb + s.rng.randint(-fbs, fbs))
                break
        if f is None:
            f = g38(0, pw * 0.1 + s.rng.uniform(-8, 8), 210 if prof.startswith("h") else 345, fb=0, temp=s.rng.randint(29, 37))
        f = {k: v for k, v in f.items() if k in K84}
        if special is not None:
            return special(n_, g, t_, f)
        return f
    s.telemetry(nodes, gpus, 0.0, t_end, every, fn)


def noise84(s, hosts: list, t0: float = 100.0, t1: float = T84 - 30.0, period: float = 430.0) -> None:
    """SYNTH: benign journald chatter of an ordinary GPU node (journald short format)."""
    msgs = [("kernel", "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750"),
            ("nvidia-persistenced[%d]", "device %s.0 - persistence mode enabled."),
            ("chronyd[1311]", "Selected source 10.20.0.3"),
            ("systemd[1]", "Started Session %d of user root."),
            ("slurmd[2790]", "launch task StepId=%s.0 request from UID:0 GID:0 HOST:10.20.0.5 PORT:41876"),
            ("kernel", "hrtimer: interrupt took 31877 ns"),
            ("systemd-logind[1204]", "Removed session %d."),
            ("sshd[%d]", "Accepted publickey for root from 10.20.0.2 port 52214 ssh2: RSA SHA256:Qd3vT0pX1Yc2mZr9w")]
    k, t = 0, t0
    while t < t1:
        ident, msg = msgs[k % len(msgs)]
        host = hosts[k % len(hosts)]
        if "%d]" in ident:
            ident = ident % (1800 + 11 * k)
        if "%s.0" in msg:
            msg = msg % s.cluster["pci_bus_ids"][k % s.cluster["gpus_per_node"]]
        elif "StepId=%s" in msg:
            msg = msg % str(s.jobs[k % len(s.jobs)]["id"])
        elif "%d" in msg:
            msg = msg % (3900 + 17 * k)
        kj44(s, t, host, ident, msg)
        k += 1
        t += period * s.rng.uniform(0.7, 1.3)


def hf84(s, job: str, t0: float, t1: float, period: float, ep0: float, dep: float, lr: float, lab: str, loss0: float = 0.9) -> None:
    """SYNTH: HF Trainer log dicts (a neighbour job)."""
    ep = [ep0]

    def f(t_, k):
        ep[0] += dep
        s.joblog(t_, job, f"{lab}{hf_train_dict(loss0 - 0.05 * ep[0] + s.rng.uniform(-0.02, 0.02), s.rng.uniform(0.4, 1.6), lr, ep[0])}")
    loop60(s, t0, t1, period, f)


def megatron84(s, job: str, t0: float, t1: float, period: float, it0: int, total: int, ms: float, lab: str, gbs: int = 512,
               loss0: float = 2.1) -> None:
    """SYNTH: Megatron-LM iteration lines (a neighbour job)."""
    it = [it0]

    def f(t_, k):
        it[0] += 10
        s.joblog(t_, job, f"{lab}{megatron_iter(s.at(t_), it[0], total, ms * s.rng.uniform(0.985, 1.015), 2e-4, loss0 - 2e-6 * (it[0] - it0) + s.rng.uniform(-0.02, 0.02), gbs)}")
    loop60(s, t0, t1, period, f)


def end84(s, t: float, job: str, state: str, code: str, nodes: list, reason: str | None = None) -> None:
    """SYNTH: the job's final state and its nodes going idle."""
    s.job_state(t, job, state, code, reason=reason)
    free74(s, t + 0.5, nodes)


def fairseq_inner84(ep: int, i: int, n: int, loss: float, upd: int, lr: float, scale: float, wall: int) -> str:
    """SYNTH: fairseq 0.6-era train_inner progress line (`| epoch 028:    100 / 1374 loss=...`)."""
    return (f"| epoch {ep:03d}:  {i:5d} / {n} loss={loss:.3f}, nll_loss={loss - 1.36:.3f}, ppl={2 ** (loss - 1.36):.2f}, "
            f"wps=163{i % 900:03d}, ups=0, wpb=364{(i * 7) % 1000:03d}.{i % 1000:03d}, bsz=11907.{i % 97:03d}, num_updates={upd}, "
            f"lr={lr:.6g}, gnorm=0.{380 + i % 60}, clip=0.000, oom=0.000, loss_scale={scale:.3f}, wall={wall}, train_wall={wall - 1697}")


def paddle_glog84(d: dt.datetime, pid: int, src: str, msg: str, level: str = "W") -> str:
    """SYNTH: glog line as Paddle prints it (`W1023 10:11:12.123456 12345 device_context.cc:235] ...`)."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid:5d} {src}] {msg}"


def pic_progress84(pct: int, step: int, el_ms: float, avg_ms: float) -> str:
    """SYNTH: PIConGPU's percent progress line."""
    def fmt(ms):
        m, rem = divmod(ms, 60000.0)
        sec, msec = divmod(rem, 1000.0)
        out = ""
        if m >= 1:
            out += f"{int(m)}min "
        if m >= 1 or sec >= 1:
            out += f"{int(sec)}sec "
        return out + f"{int(msec)}msec"
    return f"{pct:3d} % = {step:8d} | time elapsed: {fmt(el_ms):>25s} | avg time per step: {fmt(avg_ms)}"


def nemo_log84(d: dt.datetime, level: str, where: str, msg: str) -> str:
    """SYNTH: NeMo logger prefix `[NeMo I 2023-11-01 10:11:12 file:123] msg`."""
    return f"[NeMo {level} {d:%Y-%m-%d %H:%M:%S} {where}] {msg}"


# ======================================================================================
# holdout89 helpers (SYNTH machinery) -- theme "logs as operators really collect them"
# ======================================================================================

T89 = 3600.0                      # every record runs 60 minutes
CEST = dt.timedelta(hours=2)


def tel89(s, nodes, gpus: int, spans, prof: str, special=None, every: float = 300.0) -> None:
    """SYNTH: DCGM samples on EVERY node (all GPUs), every `every` s (300 unless said), to the end of the record (see tel84)."""
    tel84(s, nodes, gpus, spans, prof, every=every, t_end=T89, special=special)


def rfc3339_local(d: dt.datetime, tz: dt.timedelta) -> str:
    """SYNTH: rsyslog RFC3339 stamp in the node's local zone (`2022-03-14T21:07:55.123456+02:00`)."""
    loc = d + tz
    sign = "+" if tz >= dt.timedelta(0) else "-"
    hh, mm = divmod(int(abs(tz.total_seconds())) // 60, 60)
    return f"{loc:%Y-%m-%dT%H:%M:%S}.{loc.microsecond:06d}{sign}{hh:02d}:{mm:02d}"


def fwd_kernel(s, t: float, host: str, uptime0: float, msg: str, tz: dt.timedelta = CEST) -> None:
    """SYNTH: a kernel line as a central rsyslog server files it: local-zone RFC3339 stamp, host, `kernel:`,
    and the kernel's own uptime stamp left inside the message."""
    s.kernel(t, host, f"{rfc3339_local(s.at(t), tz)} {host} kernel: [{uptime0 + t:12.6f}] {msg}")


def hvd_tag(rank: int, stream: str = "stdout") -> str:
    """mpirun --tag-output prefix (Open MPI 4): `[1,3]<stdout>:`."""
    return f"[1,{rank}]<{stream}>:"


def lightning_banner(s, t: float, job: str) -> None:
    """SYNTH: Lightning 1.4's accelerator banner (after the REAL lines of S5 the same words are used)."""
    s.joblog(t, job, "GPU available: True, used: True")




# ======================================================================================
# holdout94 helpers (SYNTH machinery) -- theme "what the GPU's own counters say: ECC and row remapping, retired pages,
# NVLink CRC and replay counters, PCIe replays, XID 94/95 contained errors"
# ======================================================================================

T94 = 3600.0                      # every record runs 60 minutes
CNT94 = ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ROW_REMAP_PENDING",
         "DCGM_FI_DEV_ROW_REMAP_FAILURE", "DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
         "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL")
HQ_BUS = ["0000:1a:00", "0000:40:00", "0000:53:00", "0000:66:00", "0000:9c:00", "0000:c0:00", "0000:d2:00", "0000:e4:00"]
BX_BUS = ["0000:1b:00", "0000:2a:00", "0000:43:00", "0000:52:00", "0000:70:00", "0000:9d:00", "0000:c3:00", "0000:df:00"]
WL_BUS = ["0000:04:00", "0000:05:00", "0000:84:00", "0000:85:00"]
RS_BUS = ["0000:01:00", "0000:25:00", "0000:c1:00", "0000:e1:00"]


def tel94(s, nodes, gpus: int, spans, prof: str, counters=None, every: float = 300.0) -> None:
    """SYNTH: DCGM exporter samples on EVERY node (all GPUs) every `every` s to the end of the record (see tel84),
    each carrying the error counters of CNT94. counters(node, gpu, t) -> dict of overrides (default all 0);
    a value of None drops the sample's load fields (GPU unreachable)."""
    def special(n_, g, t_, f):
        c = {k: 0 for k in CNT94}
        if counters is not None:
            c.update(counters(n_, g, t_) or {})
        if c.pop("_dead", False):
            return {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_POWER_USAGE": round(s.rng.uniform(58, 66), 1), **c}
        f.update(c)
        return f
    tel84(s, nodes, gpus, spans, prof, every=every, t_end=T94, special=special)


def steps94(s, job: str, t0: float, t1: float, period: float, fmt) -> None:
    """SYNTH: a trainer's progress line every `period` s; fmt(k, t) -> line or None."""
    def f(t_, k):
        ln = fmt(k, t_)
        if ln is not None:
            s.joblog(t_, job, ln)
    loop60(s, t0, t1, period, f)


def smi_row94(i: int, name: str, bus: str, ecc: str, temp: int, pw: int, cap: int, mem: int, tot: int, util: int) -> list:
    """SYNTH: one GPU's rows of the nvidia-smi 535 table."""
    return [f"| {i:3d}  {name:<26s}{'On':>4s}  | {bus} Off | {ecc:>20s} |",
            f"| N/A   {temp}C    P0{pw:>19d}W / {cap}W | {mem:>9d}MiB / {tot}MiB |{util:>6d}%      Default |",
            "|                                         |                      |             Disabled |",
            "+-----------------------------------------+----------------------+----------------------+"]


def xid94(s, t: float, host: str, msg: str) -> None:
    """SYNTH: a kernel line as `dmesg -T` prints it (record clock)."""
    s.kernel(t, host, f"{dmesg_t(s.at(t))} {msg}")


def srun_fail94(s, t: float, job: str, host: str, task: int, code: int = 1) -> float:
    """SYNTH: srun's exit line for a failed task and the step abort."""
    s.joblog(t, job, f"srun: error: {host}: task {task}: Exited with exit code {code}")
    return srun_abort_lines(s, t + 0.3, job, host)



# ======================================================================================
# holdout99 helpers (SYNTH machinery) -- theme "Megatron and NeMo at scale: pipeline-parallel stalls, tensor-parallel
# ranks, the distributed optimizer, checkpoint resharding and resumption"
# ======================================================================================

T99 = 3600.0                      # every record runs 60 minutes
H99_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]
A99_BUS = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00", "0000:bd:00"]


def tel99(s, nodes, spans, prof: str, counters=None) -> None:
    """SYNTH: DCGM samples on EVERY node (all 8 GPUs) every 300 s to the end of the record, with the error counters
    of CNT94 on every sample (see tel94)."""
    tel94(s, nodes, 8, spans, prof, counters=counters, every=300.0)


def legacy_iter(it: int, total: int, gbs: int, ms: float, lr: float, scale: float, skipped: int, loss=None,
                gn=None) -> str:
    """SYNTH: Megatron-LM training_log line in the layout of the REAL lines of S1/S2 (no timestamp, --log-interval 1):
    a skipped iteration prints no lm loss / grad norm."""
    mid = "" if loss is None else f" lm loss: {loss:.6E} |"
    tail = "" if gn is None else f" grad norm: {gn:.3f} |"
    return (f" iteration {it:8d}/{total:8d} | consumed samples: {it * gbs:12d} | elapsed time per iteration (ms): "
            f"{ms:.1f} | learning rate: {lr:.3E} | global batch size: {gbs:5d} |{mid} loss scale: {scale:.1f} |{tail} "
            f"number of skipped iterations: {skipped:3d} | number of nan iterations:   0 |")


def ranked(s, t: float, job: str, rank: int, line: str) -> None:
    """SYNTH: a line as torchrun's --log-line-prefix / torch prints it, `[rankN]:` prefix."""
    s.joblog(t, job, f"[rank{rank}]:{line}")


def lustre99(s, t: float, host: str, ost: int, nid: str, cookie: str, kind: str) -> None:
    """SYNTH: Lustre client kernel lines in the wording of the Lustre client (osc import lost / ost_write failed)."""
    dev = lustre_osc("scratch", ost, cookie)
    if kind == "lost":
        msg = (f"Lustre: {dev}: Connection to scratch-OST{ost:04x} (at {nid}) was lost; in progress operations using "
               "this service will wait for recovery to complete")
    elif kind == "write":
        msg = f"LustreError: 11-0: {dev}: operation ost_write to node {nid} failed: rc = -107"
    else:
        msg = f"Lustre: {dev}: Connection restored to {nid} (at {nid})"
    s.kernel(t, host, f"{journal_t(s.at(t), host)} {msg}")



# ======================================================================================
# holdout104 helpers (SYNTH machinery) -- theme "small lab clusters: consumer and workstation GPUs (RTX 3090/4090/A6000),
# PCIe only, one to four nodes over Ethernet, P2P/IOMMU/ACS trouble, power supplies at their limit"
# ======================================================================================

T104 = 3600.0                     # every record runs 60 minutes
PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "rtx3090strix_104": (68, 4, 362.0, 22.0, 1905, 21800, 900),   # ROG STRIX RTX 3090 OC, 390 W default limit
    "rtx4090_104": (62, 5, 405.0, 35.0, 2610, 21500, 1200),       # GeForce RTX 4090 24 GB, 450 W
    "a6000_104": (73, 4, 268.0, 20.0, 1800, 41500, 2000),         # RTX A6000 48 GB, 300 W, blower
    "rtx3090ti_104": (67, 5, 418.0, 30.0, 1950, 20500, 1500),     # GeForce RTX 3090 Ti 24 GB, 450 W
})
TR_BUS = ["0000:01:00", "0000:21:00", "0000:41:00", "0000:61:00"]    # SYNTH: Threadripper board, 4 x16 slots
ADA_BUS = ["0000:01:00", "0000:2c:00", "0000:41:00", "0000:61:00"]   # SYNTH: WRX80 board, 4 x RTX 4090
WS_BUS = ["0000:17:00", "0000:65:00"]                                # SYNTH: dual-socket workstation, 2 GPUs
XE_BUS = ["0000:18:00", "0000:3b:00", "0000:86:00", "0000:af:00"]    # SYNTH: 2-socket Xeon box, 4 x A6000


def tel104(s, nodes, gpus: int, spans, prof: str, counters=None) -> None:
    """SYNTH: DCGM samples on EVERY node (all GPUs) every 300 s to the end of the record, each with the error counters
    of CNT94 (see tel94). counters(node, gpu, t) -> overrides; {'_dead': True} = GPU unreachable (util 0, low power);
    {'_gone': True} = no sample at all (the host itself is off)."""
    def special(n_, g, t_, f):
        c = {k: 0 for k in CNT94}
        if counters is not None:
            c.update(counters(n_, g, t_) or {})
        if c.pop("_gone", False):
            return None
        if c.pop("_dead", False):
            return {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_POWER_USAGE": round(s.rng.uniform(18, 24), 1), **c}
        f.update(c)
        return f
    tel84(s, nodes, gpus, spans, prof, every=300.0, t_end=T104, special=special)


def nccl104(s, t: float, job: str, host: str, pid: int, dev: int, msg: str, lab: str = "") -> None:
    """SYNTH: an NCCL_DEBUG=INFO line with NCCL's `host:pid:tid [dev]` prefix."""
    s.joblog(t, job, f"{lab}{nccl_prefix(host, pid, pid + 71 + dev, dev)} {msg}")


def tb104(s, t: float, job: str, lab: str, frames: list, tail: list) -> float:
    """SYNTH: a Python traceback, frames as (file, line, func, code)."""
    s.joblog(t, job, f"{lab}Traceback (most recent call last):")
    for k, (f, ln, fn, code) in enumerate(frames):
        s.joblog(t + 0.001 * (2 * k + 1), job, f'{lab}  File "{f}", line {ln}, in {fn}')
        s.joblog(t + 0.001 * (2 * k + 2), job, f"{lab}    {code}")
    tt = t + 0.001 * (2 * len(frames) + 1)
    for k, ln in enumerate(tail):
        s.joblog(tt + 0.001 * k, job, f"{lab}{ln}")
    return tt + 0.001 * len(tail)


# ======================================================================================
# holdout109 helpers (SYNTH machinery) -- theme "speech, recommendation and scientific ML: ESPnet, TorchRec and DLRM
# embedding tables, AlphaFold / OpenFold, weather and climate models, each with its own log style"
# ======================================================================================

T109 = 3600.0                     # every record runs 60 minutes
PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "v100_pcie_109": (61, 5, 214.0, 18.0, 1380, 13900, 700),      # Tesla V100-PCIE-16GB, 250 W (2018 ESPnet cluster)
    "a100_sxm_109": (56, 6, 348.0, 42.0, 1410, 66500, 3500),      # A100-SXM4-80GB, 400 W
    "a100_pcie_109": (58, 5, 238.0, 22.0, 1410, 30500, 2500),     # A100-PCIE-40GB, 250 W
    "h100_sxm_109": (54, 6, 612.0, 50.0, 1980, 70500, 3500),      # H100-SXM5-80GB, 700 W
    "rtx2060_109": (66, 5, 148.0, 12.0, 1830, 5200, 400),         # GeForce RTX 2060 6 GB (the #3630 reporter's card)
    "l40s_109": (60, 5, 312.0, 25.0, 2490, 36000, 1800),          # L40S 48 GB, 350 W
})
V4_BUS = ["0000:3b:00", "0000:5e:00", "0000:86:00", "0000:af:00"]            # SYNTH: 2-socket Xeon, 4 x V100 PCIe
A8_BUS = ["0000:07:00", "0000:0b:00", "0000:48:00", "0000:4c:00", "0000:88:00", "0000:8b:00", "0000:c8:00", "0000:cb:00"]
H4_BUS = ["0000:03:00", "0000:44:00", "0000:83:00", "0000:c4:00"]            # SYNTH: 4-GPU H100 board (JURECA-like)
G4_BUS = ["0000:18:00", "0000:3b:00", "0000:86:00", "0000:d8:00"]            # SYNTH: 4 x RTX 2060 / L40S PCIe box


def espnet1_line(d: dt.datetime, src: str, level: str, msg: str) -> str:
    """SYNTH: ESPnet1 (2018) logging line, '%(asctime)s (%(module)s:%(lineno)d) %(levelname)s: %(message)s'."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} ({src}) {level}: {msg}"


def espnet2_line(host: str, d: dt.datetime, src: str, level: str, msg: str) -> str:
    """SYNTH: ESPnet2 logging line, '[host:rank/world] %(asctime)s (%(module)s:%(lineno)d) %(levelname)s: %(message)s'."""
    return f"[{host}] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} ({src}) {level}: {msg}"


def absl109(d: dt.datetime, tid: int, src: str, msg: str, level: str = "I") -> str:
    """SYNTH: absl logging line as AlphaFold / JAX trainers print it: 'I0222 13:49:16.924237 46912496428352 file.py:165] msg'."""
    return f"{level}{d:%m%d %H:%M:%S}.{d.microsecond:06d} {tid} {src}] {msg}"


def ranked109(s, t: float, job: str, rank: int, line: str) -> None:
    """SYNTH: a line as torchrun prints it with PyTorch >= 2.2 rank prefixes."""
    s.joblog(t, job, f"[rank{rank}]:{line}")


def kj109(s, t: float, host: str, ident: str, msg: str) -> None:
    """SYNTH: journald short-format line."""
    kj44(s, t, host, ident, msg)


def nemo_line(d: dt.datetime, level: str, src: str, msg: str) -> str:
    """SYNTH: NeMo logging line '[NeMo I 2024-03-05 10:11:12 file:123] msg'."""
    return f"[NeMo {level} {d:%Y-%m-%d %H:%M:%S} {src}] {msg}"


def lightning_bar(ep: int, n: int, total: int, el: float, rate: float, post: str) -> str:
    """SYNTH: PyTorch Lightning epoch bar (tqdm)."""
    return tqdm_meter(n, total, el, rate, desc=f"Epoch {ep}", postfix=post)


def torchrec_line(d: dt.datetime, it: int, loss: float, auroc: float, qps: float) -> str:
    """SYNTH: TorchRec dlrm_main-style progress line (tqdm postfix style, rank 0 only)."""
    return (f"Epoch 0: {it}it [{fmt_interval(it / 31.5)}, 31.5it/s, loss={loss:.4f}, auroc={auroc:.4f}, "
            f"qps={qps:,.0f}]")



# ======================================================================================
# holdout114 helpers (SYNTH machinery) -- theme "stalls that are slow, not stopped, and slow that is healthy: stragglers,
# data-loader starvation, throttled storage, a rank on a slower GPU, warm-up and recompilation, gradient accumulation
# and very long steps"
# ======================================================================================

T114 = 3600.0                     # every record runs 60 minutes
PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a100_sxm_114": (57, 5, 362.0, 38.0, 1410, 71500, 3000),      # A100-SXM4-80GB, 400 W
    "p100_114": (63, 4, 224.0, 20.0, 1328, 14100, 700),           # Tesla P100-PCIE-16GB, 250 W (2020 lab cluster)
    "l40s_114": (61, 5, 318.0, 25.0, 2490, 30500, 2500),          # L40S 48 GB, 350 W
    "a6000_114": (71, 4, 262.0, 20.0, 1800, 9800, 1500),          # RTX A6000 48 GB, 300 W
    "a100_40_114": (55, 5, 296.0, 30.0, 1410, 33500, 2500),       # A100-SXM4-40GB, 400 W
    "h100_114": (55, 6, 628.0, 50.0, 1980, 72500, 3500),          # H100-SXM5-80GB, 700 W
    "a100_pcie_114": (59, 5, 236.0, 20.0, 1410, 36000, 2500),     # A100-PCIE-40GB, 250 W
    "titanx_114": (74, 4, 221.0, 18.0, 1075, 10200, 600),         # GeForce GTX TITAN X (Maxwell) 12 GB, 250 W
})
P4_BUS = ["0000:04:00", "0000:07:00", "0000:0a:00", "0000:0d:00", "0000:84:00", "0000:87:00", "0000:8a:00", "0000:8d:00"]
BABEL_BUS = ["0000:01:00", "0000:81:00", "0000:c1:00", "0000:e1:00"]   # SYNTH around the REAL busIds 81000 / e1000
WS4_BUS = ["0000:1a:00", "0000:3d:00", "0000:88:00", "0000:b1:00"]
HGX8_BUS = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]
R740_BUS = ["0000:3b:00", "0000:5e:00", "0000:af:00", "0000:d8:00"]
CB_BUS = ["0000:02:00", "0000:03:00", "0000:82:00", "0000:83:00"]
THR = "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"
TEMP = "DCGM_FI_DEV_GPU_TEMP"


def lbl114(rank: int, width: int = 1) -> str:
    """SYNTH: srun --label prefix."""
    return label(rank, width)


def hung_task114(s, t: float, host: str, comm: str, pid: int, kver: str) -> None:
    """SYNTH: the kernel's hung-task warning (khungtaskd wording), dmesg -T stamp."""
    xid94(s, t, host, f"INFO: task {comm}:{pid} blocked for more than 120 seconds.")
    xid94(s, t + 0.001, host, f"      Tainted: P           OE  ------------   {kver} #1")
    xid94(s, t + 0.002, host, '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.')


def idle_c(rng) -> dict:
    """SYNTH: counters override for an idle GPU with no job."""
    return {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_POWER_USAGE": round(rng.uniform(24, 38), 1),
            "DCGM_FI_DEV_FB_USED": 0, "DCGM_FI_DEV_SM_CLOCK": 210}


# ======================================================================================
# holdout119 helpers (SYNTH machinery) -- theme "the second life of a job: Slurm requeue, torchrun elastic restarts,
# a job resubmitted by its owner; a restart that repeats the failure, a restart that succeeds, a node that fails a
# second job, a fault that follows the job, a fault that stays with a node"
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "v100_119": (58, 5, 236.0, 22.0, 1530, 24500, 1500),          # Tesla V100-SXM2-32GB, 300 W (learnfair, 2021)
    "a100_40_119": (55, 5, 301.0, 30.0, 1410, 35500, 2500),       # A100-SXM4-40GB, 400 W
    "h100_119": (56, 6, 622.0, 50.0, 1980, 71500, 3500),          # H100-SXM5-80GB, 700 W
    "a100_80_119": (57, 5, 355.0, 38.0, 1410, 70500, 3000),       # A100-SXM4-80GB, 400 W
    "l40s_119": (60, 5, 305.0, 25.0, 2490, 33500, 2500),          # L40S 48 GB, 350 W
})
V8_BUS = ["0000:1a:00", "0000:1b:00", "0000:3d:00", "0000:3e:00", "0000:88:00", "0000:89:00", "0000:b1:00", "0000:b2:00"]
A8_119 = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00", "0000:bd:00"]
L4_BUS = ["0000:4f:00", "0000:52:00", "0000:ce:00", "0000:d1:00"]


CNT119 = ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_XID_ERRORS")


def tel119(s, nodes, gpus: int, spans, prof: str, t_end: float, counters=None, every: float = 300.0) -> None:
    """SYNTH: DCGM samples on EVERY node (all GPUs) every `every` s to the end of the record, each with the uncorrectable
    ECC and last-Xid counters (CNT119; other counters only where a scenario sets them). spans as tel84 (busy / stall /
    light; idle elsewhere). counters(node, gpu, t) -> overrides; {'_dead': True} = the GPU answers nothing useful."""
    def special(n_, g, t_, f):
        c = {k: 0 for k in CNT119}
        if counters is not None:
            c.update(counters(n_, g, t_) or {})
        if c.pop("_dead", False):
            return {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_POWER_USAGE": round(s.rng.uniform(18, 24), 1), **c}
        f.update(c)
        return f
    tel84(s, nodes, gpus, spans, prof, every=every, t_end=t_end, special=special)


def noise119(s, hosts: list, t_end: float) -> None:
    """SYNTH: benign journald chatter to the end of the record."""
    noise84(s, hosts, t0=90.0, t1=t_end - 30.0)


def requeue119(s, t: float, job: str, old_nodes: list, reason: str) -> None:
    """SYNTH: scheduler view of a requeue: the job goes back to PENDING and its nodes are released."""
    s.job_state(t, job, "REQUEUED", "0:0", reason=reason)
    s.job_state(t + 0.4, job, "PENDING", "0:0", reason="BeginTime")
    free74(s, t + 0.6, old_nodes)


def elastic_stamp(d: dt.datetime) -> str:
    """SYNTH: torch.distributed.elastic logging stamp, e.g. `[2024-05-14 10:25:00,123]`."""
    return ds_stamp(d)


def ds_overflow(d: dt.datetime, att: int, to: int) -> str:
    """SYNTH: DeepSpeed fp16 loss-scaler line (wording as DeepSpeed prints it)."""
    return (f"{ds_stamp(d)} [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. "
            f"Attempted loss scale: {att}, reducing to {to}")


def toil_line(d: dt.datetime, lvl: str, mod: str, msg: str) -> str:
    """SYNTH: Toil leader log line `[2026-02-07T20:32:47-0800] [MainThread] [W] [toil.leader] msg` (PST clock)."""
    loc = d - dt.timedelta(hours=8)
    return f"[{loc:%Y-%m-%dT%H:%M:%S}-0800] [MainThread] [{lvl}] [{mod}] {msg}"


def nccl_ib_err(host: str, pid: int, dev: int, peer: str, lgid: str, rgid: str) -> str:
    """SYNTH: NCCL's NET/IB completion-error warning (wording as NCCL 2.18+ prints it)."""
    return (f"{nccl_prefix(host, pid, pid + 97, dev)} transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from "
            f"peer {peer} with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{lgid} remoteGids::ffff:{rgid} "
            f"hca mlx5_{dev}")


# ======================================================================================
# holdout124 helpers (SYNTH machinery) -- theme "slow degradation and intermittent faults in long jobs: corrected
# errors that climb, a node whose step time drifts up, an intermittent NIC, periodic stalls from a background process
# (a cron job, a RAID scrub, a filesystem's snapshot), each to be told from healthy variance"
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "a100_124": (56, 5, 352.0, 36.0, 1410, 68500, 3000),          # A100-SXM4-80GB, 400 W
    "h100_124": (57, 6, 618.0, 50.0, 1980, 70500, 3500),          # H100-SXM5-80GB, 700 W
    "l40s_124": (60, 5, 300.0, 25.0, 2490, 31500, 2500),          # L40S 48 GB, 350 W
})
DGX_BUS124 = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00", "0000:bd:00"]
HGX_BUS124 = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]
L4_BUS124 = ["0000:4f:00", "0000:52:00", "0000:ce:00", "0000:d1:00"]


def tel124(s, nodes, gpus: int, spans, prof: str, t_end: float, counters=None, every: float = 300.0) -> None:
    """SYNTH: DCGM samples on EVERY node to the end of the record (tel119: uncorrectable ECC and last Xid on each
    sample; counters(node, gpu, t) may override or add fields, e.g. SBE counts, clocks, throttle reasons)."""
    tel119(s, nodes, gpus, spans, prof, t_end, counters, every=every)


def noise124(s, hosts: list, t_end: float) -> None:
    """SYNTH: benign journald chatter to the end of the record."""
    noise84(s, hosts, t0=75.0, t1=t_end - 20.0, period=380.0)


def cron124(s, t: float, host: str, pid: int, cmd: str) -> None:
    """SYNTH: cron's journald line when it starts a job (cronie wording)."""
    kj44(s, t, host, f"CROND[{pid}]", f"(root) CMD ({cmd})")


def mega124(it: int, total: int, gbs: int, ms: float, lr: float, loss: float, gn: float) -> str:
    """SYNTH: Megatron-LLM's iteration line (format of epfLLM/Megatron-LLM's training log)."""
    return (f" iteration {it:8d}/{total:8d} | consumed samples: {it * gbs:12d} | elapsed time per iteration (ms): {ms:.1f} | "
            f"learning rate: {lr:.3E} | global batch size: {gbs:5d} | lm loss: {loss:.6E} | loss scale: 1.0 | "
            f"grad norm: {gn:.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |")


def drift_steps124(s, job: str, t0: float, t1: float, sec_fn, fmt, every: int = 10) -> None:
    """SYNTH: a trainer that logs every `every` steps; step time sec_fn(t) may drift, so the gap between lines does."""
    t, step = t0, 0
    while True:
        dtl = sum(sec_fn(t) * s.rng.uniform(0.985, 1.015) for _ in range(every))
        if t + dtl >= t1:
            break
        t += dtl
        step += every
        s.joblog(t, job, fmt(step, t, dtl / every))


def titan124(s, t: float, rank: int, step: int, loss: float, mem: float, tps: int, mfu: float, lab: str = "") -> str:
    """SYNTH: torchtitan-style step line."""
    return (f"{lab}[rank{rank}]:[titan] {s.at(t):%Y-%m-%d %H:%M:%S},{s.rng.randint(0, 999):03d} - root - INFO - step: {step:5d}  "
            f"loss: {loss:7.4f}  memory: {mem:5.2f}GiB({mem / 79.1 * 100:.2f}%)  tps: {tps:,}  mfu: {mfu:.2f}%")


# ======================================================================================
# holdout129 helpers (SYNTH machinery) -- theme "preemption, time limits and signals: Slurm preemption (REQUEUE/CANCEL),
# time limits reached, SIGTERM/SIGUSR1 sent before the limit and checkpoint-on-signal handlers, jobs killed by the OOM
# killer or by the scheduler's memory cgroup, grace periods, and the faults that happen during such shutdowns"
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "h100_129": (58, 6, 622.0, 50.0, 1980, 71200, 3500),          # H100-SXM5-80GB, 700 W
    "a100_129": (55, 5, 348.0, 36.0, 1410, 66800, 3000),          # A100-SXM4-80GB, 400 W
})
HGX_BUS129 = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]
DGX_BUS129 = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00", "0000:bd:00"]
QUAD_BUS129 = ["0000:17:00", "0000:65:00", "0000:ca:00", "0000:e3:00"]


def tel129(s, nodes, gpus: int, spans, prof: str, t_end: float, counters=None, every: float = 420.0) -> None:
    """SYNTH: DCGM samples on EVERY node (all GPUs) to the end of the record (tel119/tel124 machinery)."""
    tel119(s, nodes, gpus, spans, prof, t_end, counters, every=every)


def noise129(s, hosts: list, t_end: float) -> None:
    """SYNTH: benign journald chatter to the end of the record, plus sysstat's sa1 from cron every 10 minutes on each
    node (cronie wording) and an hourly logrotate run."""
    noise84(s, hosts, t0=60.0, t1=t_end - 15.0, period=400.0)
    t0 = 600.0 - (s.start.minute % 10) * 60 - s.start.second
    while t0 < 0:
        t0 += 600.0
    for k, h in enumerate(hosts):
        t, n = t0 + 1.0 + 0.02 * k, 0
        while t < t_end - 5.0:
            kj44(s, t, h, f"CROND[{20400 + 37 * k + 613 * n}]", "(root) CMD (/usr/lib64/sa/sa1 1 1)")
            if (s.start + dt.timedelta(seconds=t)).minute == 0 and t + 60.0 < t_end - 5.0:
                kj44(s, t + 60.0, h, "run-parts[%d]" % (30100 + 37 * k + 613 * n), "(/etc/cron.hourly) starting 0anacron")
            t += 600.0
            n += 1


def dm129(s, t: float, host: str, msg: str) -> None:
    """SYNTH: a kernel line with a `dmesg -T` stamp in the record's clock."""
    xid94(s, t, host, msg)


def up129(s, t: float, host: str, boot_t: float, msg: str) -> None:
    """SYNTH: a kernel line with an uptime stamp (`[  12345.678901] msg`), boot_t = seconds of uptime at t=0."""
    s.kernel(t, host, f"[{boot_t + t:13.6f}] {msg}")


def agent_sigterm129(s, t: float, job: str, lab: str, pid: int, wpids: list) -> None:
    """SYNTH: torchrun's agent when it receives SIGTERM (torch 2.4-2.6 wording, W-level glog-style prefix)."""
    d = s.at(t)
    s.joblog(t, job, f"{lab}W{d:%m%d %H:%M:%S}.{d.microsecond:06d} {pid} torch/distributed/elastic/agent/server/api.py:719] "
             "Received 15 death signal, shutting down workers")
    for k, w in enumerate(wpids):
        d2 = s.at(t + 0.001 * (k + 1))
        s.joblog(t + 0.001 * (k + 1), job, f"{lab}W{d2:%m%d %H:%M:%S}.{d2.microsecond:06d} {pid} "
                 f"torch/distributed/elastic/multiprocessing/api.py:897] Sending process {w} closing signal SIGTERM")


def signal_exc129(s, t: float, job: str, lab: str, pid: int, py: str) -> None:
    """SYNTH: the tail of torchrun's traceback when its agent is stopped by SIGTERM (torch 2.x)."""
    lines = ["Traceback (most recent call last):",
             '  File "/usr/local/bin/torchrun", line 8, in <module>',
             "    sys.exit(main())",
             f'  File "{py}/torch/distributed/run.py", line 909, in run',
             "    elastic_launch(",
             f'  File "{py}/torch/distributed/launcher/api.py", line 260, in launch_agent',
             "    result = agent.run()",
             f'  File "{py}/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
             "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
             f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {pid} got signal: 15"]
    for k, l in enumerate(lines):
        s.joblog(t + 0.0005 * k, job, f"{lab}{l}")


def titan129(s, t: float, rank: int, step: int, loss: float, mem: float, tps: int, mfu: float, lab: str = "") -> str:
    """SYNTH: torchtitan-style step line."""
    return titan124(s, t, rank, step, loss, mem, tps, mfu, lab)


def ncclw129(host: str, pid: int, dev: int, src: str, msg: str) -> str:
    """SYNTH: an NCCL WARN line with its `host:pid:tid [dev]` prefix."""
    return f"{nccl_prefix(host, pid, pid + 211, dev)} {src} NCCL WARN {msg}"


def wd129(s, t: float, rank: int, msg: str, lab: str = "") -> str:
    """SYNTH: a ProcessGroupNCCL error line (torch 2.4+ prefix)."""
    d = s.at(t)
    return f"{lab}[rank{rank}]:[E{d:%m%d %H:%M:%S}.{d.microsecond:06d}{s.rng.randint(100, 999)} {msg}"


# ======================================================================================
# holdout131 helpers (SYNTH machinery) -- theme "data pipelines reading from object storage and streaming datasets:
# S3, GCS and Azure Blob throttling and 503 SlowDown, expired credentials, WebDataset and streaming-dataset shard
# errors, tokenizer and decoding workers dying, local caches filling, set beside a job that is simply input-bound"
# ======================================================================================

PROFILES.update({
    # SYNTH, datasheet-level values: temp_base, temp_spread, power, power_spread, sm_clock, fb_used, fb_spread
    "h100_131": (57, 6, 615.0, 50.0, 1980, 70800, 3500),          # H100-SXM5-80GB, 700 W
    "a100_131": (55, 5, 342.0, 36.0, 1410, 64500, 3000),          # A100-SXM4-80GB, 400 W
    "v100_131": (57, 5, 238.0, 22.0, 1530, 27800, 1500),          # Tesla V100-SXM3-32GB (DGX-2), 350 W
})
HGX_BUS131 = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]
DGX_BUS131 = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00", "0000:bd:00"]
# SYNTH: DGX-2 layout, 16 x V100 behind four PLX switch pairs
DGX2_BUS131 = ["0000:34:00", "0000:36:00", "0000:39:00", "0000:3b:00", "0000:57:00", "0000:59:00", "0000:5c:00", "0000:5e:00",
               "0000:b7:00", "0000:b9:00", "0000:bc:00", "0000:be:00", "0000:e0:00", "0000:e2:00", "0000:e5:00", "0000:e7:00"]
UTIL = "DCGM_FI_DEV_GPU_UTIL"
POWER = "DCGM_FI_DEV_POWER_USAGE"


def tel131(s, nodes, gpus: int, spans, prof: str, t_end: float, counters=None, every: float = 420.0) -> None:
    """SYNTH: DCGM samples on EVERY node (all GPUs) to the end of the record (tel119 machinery: busy / light / stall
    spans, idle elsewhere; uncorrectable ECC and last Xid on each sample; counters(node, gpu, t) may override)."""
    tel119(s, nodes, gpus, spans, prof, t_end, counters, every=every)


def noise131(s, hosts: list, t_end: float) -> None:
    """SYNTH: journald chatter, sysstat's sa1 every 10 minutes and the hourly run-parts on every node (noise129)."""
    noise129(s, hosts, t_end)


def jd131(s, t: float, host: str, msg: str) -> None:
    """SYNTH: a kernel line as journalctl -k prints it (`Mar 14 10:41:07 tk05 kernel: msg`)."""
    s.kernel(t, host, f"{journal_t(s.at(t), host)} {msg}")


def srun_fail131(s, t: float, job: str, fails: list, head: str) -> float:
    """SYNTH: srun's lines when tasks exit non-zero (--kill-on-bad-exit), then the step abort pair."""
    for k, (host, task, code) in enumerate(fails):
        s.joblog(t + 0.05 * k, job, f"srun: error: {host}: task {task}: Exited with exit code {code}")
    return srun_abort_lines(s, t + 0.05 * len(fails) + 0.3, job, head)


def py_tb131(s, t: float, job: str, lab: str, frames: list, tail: list) -> float:
    """SYNTH: a Python traceback (frames as (file, line, func, code)), each line with the srun label."""
    return tb104(s, t, job, lab, frames, tail)


# ======================================================================================
# S1  healthy-openclip-webdataset-pipe-aws-s3-cp-input-bound-gpus-at-40pct-data-time-dominates-steady-all-record
# ======================================================================================
# No source thread: everything is SYNTH. The open_clip training line follows open_clip's train.py format
#   ("Train Epoch: e [n/N (p%)] Data (t): ... Batch (t): ..., x/s, y/s/gpu LR: ... Logit Scale: ... Contrastive_loss:
#   ... Loss: ..."), the webdataset URL form `pipe:aws s3 cp s3://... -` is the one webdataset documents for S3.
#   A 4-node CLIP job streams its shards from S3 through `aws s3 cp` pipes with too few workers per GPU: it is
#   input-bound from the first line of the record to the last. Data (t) is ~60 % of Batch (t) on every rank, the GPUs
#   of all four nodes sit at 30-50 % utilisation and ~45 % of their power, and every few minutes one rank (on any node)
#   warns about a long wait for a batch. Nothing changes during the record and nothing fails: it is slow, not broken.
def build_s1() -> Scenario:
    name = "healthy-openclip-webdataset-pipe-aws-s3-cp-input-bound-gpus-at-40pct-data-time-dominates-steady-all-record"
    T = 3900.0
    P = "ib"
    ALL = hosts84(P, 1, 8, 2)
    JA, JB, JC = ALL[:4], ALL[4:6], [ALL[6]]
    A, B, C = "5830117", "5830044", "5830162"
    s = Scenario(name, "An 8-node H100 cluster (ib[01-08]). A 4-node open_clip ViT-L/14 job (ib[01-04], 32 ranks) streams "
                 "DataComp webdataset shards from S3 through `pipe:aws s3 cp` with 4 workers per GPU. It is input-bound "
                 "for the whole record: Data (t) is ~0.95 s of a ~1.6 s batch on every rank, all 32 GPUs sit at 30-50 % "
                 "utilisation, and every few minutes some rank warns that it waited long for a batch. Throughput is "
                 "steady; nothing fails. A Megatron job (ib[05-06]) and an HF Trainer job (ib07) of two other owners run "
                 "at full utilisation beside it.",
                 "2025-04-08T13:00:00Z", cluster84("ib", P, 1, 8, "gpu", 8, HGX_BUS131, 2),
                 [job84(A, "openclip-vitl14-datacomp-l", "mrossi", hl84(P, 1, 4, 2), 8, "2025-04-07T19:22:05Z", 3, "/weka/mrossi/clip"),
                  job84(B, "megatron-gpt-3b-code", "tkimura", hl84(P, 5, 6, 2), 8, "2025-04-08T09:48:31Z", 2, "/weka/tkimura/gpt3b"),
                  job84(C, "qwen2-7b-sft-legal", "aokoye", "ib07", 8, "2025-04-08T12:06:12Z", 1, "/weka/aokoye/sft")])
    rng = s.rng
    total, seen, gb = 1280000000, 391577600, 32 * 160
    t = 7.0
    while t < T:                                                                                              # SYNTH
        seen += gb * 50
        dtm, btm = rng.uniform(0.91, 0.99), rng.uniform(1.57, 1.66)
        sps = gb / btm
        s.joblog(t, A, f"0: {s.at(t):%Y-%m-%d,%H:%M:%S} | INFO | Train Epoch: 2 [{seen:>10d}/{total} ({100 * seen / total:.0f}%)] "
                 f"Data (t): {dtm:.3f} Batch (t): {btm:.3f}, {sps:#g}/s, {sps / 32:#g}/s/gpu LR: 0.000918 Logit Scale: "
                 f"{57.4 + (t / 3900) * 0.6:.3f} Contrastive_loss: {rng.uniform(2.61, 2.68):.4f} ({2.652 - t * 2e-6:.4f}) "
                 f"Loss: {rng.uniform(2.61, 2.68):.4f} ({2.652 - t * 2e-6:.4f})")
        t += 50 * btm * rng.uniform(0.99, 1.01)
    k, t = 0, 260.0
    while t < T - 60:                                                                                         # SYNTH
        r = rng.randrange(32)
        s.joblog(t, A, f"{r // 8}: {s.at(t):%Y-%m-%d,%H:%M:%S} | WARNING | [rank {r}] input pipeline: waited "
                 f"{rng.uniform(6.0, 19.0):.1f}s for batch (prefetch queue empty, 4/4 workers busy in pipe:aws s3 cp)")
        t += rng.uniform(300, 560)
        k += 1
    steps94(s, B, 11.0, T, 63.0, lambda k_, t_: f"0: {megatron_iter(s.at(t_), 48200 + 20 * k_, 120000, rng.uniform(3120, 3170), 2.4e-4, 1.412 - 1e-5 * k_ + rng.uniform(-0.01, 0.01), 512)}")  # SYNTH
    steps94(s, C, 19.0, T, 71.0, lambda k_, t_: f"{{'loss': {rng.uniform(0.611, 0.648):.4f}, 'grad_norm': {rng.uniform(0.7, 1.2):.4f}, "
            f"'learning_rate': 1.6e-05, 'epoch': {0.912 + 0.0031 * k_:.4f}}}")                                 # SYNTH
    noise131(s, ALL, T)

    def ctr(n_, g, t_):
        if n_ in JA:
            return {UTIL: rng.randint(27, 52), POWER: round(rng.uniform(245, 360), 1)}
        return None
    tel131(s, ALL, 8, [(JA, 0, T, "busy"), (JB, 0, T, "busy"), (JC, 0, T, "busy")], "h100_131", T, ctr, every=430.0)
    s.truth = truth(None, no_requeue=[A, B, C], no_drain=JA)
    return s


# ======================================================================================
# S2  healthy-cc-quality-scorer-commoncrawl-bucket-slowdown-download-failed-then-retried-throughput-steady
# ======================================================================================
# Source: https://github.com/commoncrawl/cc-crawl-statistics/issues/31 -- "Occasionally, the download may fail S3 is
#   overloaded": `aws s3 cp` of a crawl-analysis stats file from the public commoncrawl bucket fails with "download
#   failed: ... An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 2): Please
#   reduce your request rate." The Common Crawl maintainer's answer: the bucket is under heavy shared demand
#   (https://status.commoncrawl.org/), configure the AWS client for many retries (retry_mode adaptive, high
#   max_attempts) -- i.e. retry, it is not a fault of the client machine and not something to repair.
#   Here a 2-node GPU quality-scoring job over CC-MAIN-2025-38 fetches that same stats file at start-up of a new pass
#   (its wrapper retries with backoff and succeeds on the second try), then streams WARC files; its fetcher logs
#   SlowDown retries now and then, and its throughput stays steady. Nothing to do: the external bucket is throttling,
#   the job's retries absorb it. Requeueing it or draining its nodes would be wrong.
#   Verbatim: the "download failed" line. SYNTH: wrapper / fetcher / scorer lines, neighbours, noise, telemetry.
REAL_CCSTATS31 = ("download failed: s3://commoncrawl/crawl-analysis/CC-MAIN-2025-38/stats/part-00000.gz to stats/CC-MAIN-2025-38.gz "
                  "An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 2): Please reduce your request rate.")


def build_s2() -> Scenario:
    name = "healthy-cc-quality-scorer-commoncrawl-bucket-slowdown-download-failed-then-retried-throughput-steady"
    T = 3900.0
    P = "cc"
    ALL = hosts84(P, 1, 8, 2)
    JA, JB, JC = ALL[:2], ALL[2:5], [ALL[5]]
    A, B, C = "2217408", "2217355", "2217421"
    s = Scenario(name, "An 8-node A100 cluster (cc[01-08]). A 2-node GPU quality-scoring job (cc[01-02], 16 ranks) scores "
                 "Common Crawl CC-MAIN-2025-38 WARCs read straight from the public commoncrawl S3 bucket. At 09:13 it "
                 "starts a new pass; `aws s3 cp` of the crawl's stats file fails with SlowDown (reached max retries: 2), "
                 "its wrapper retries after 30 s and succeeds. During the pass its fetcher logs SlowDown retries on "
                 "several ranks every few minutes; its documents/s stay steady and no rank fails. A 3-node DeepSpeed "
                 "job (cc[03-05]) and an lm-eval job (cc06) of other owners run beside it.",
                 "2026-03-21T09:00:00Z", cluster84("cc", P, 1, 8, "gpu", 8, DGX_BUS129, 2),
                 [job84(A, "cc-main-2025-38-edu-scorer", "hnguyen", hl84(P, 1, 2, 2), 8, "2026-03-21T06:31:48Z", 2, "/lustre/hnguyen/ccscore"),
                  job84(B, "ds-zero3-mistral-7b-cpt", "fbianchi", hl84(P, 3, 5, 2), 8, "2026-03-20T23:55:10Z", 3, "/lustre/fbianchi/cpt"),
                  job84(C, "lm-eval-olmo2-13b", "rsingh", "cc06", 8, "2026-03-21T08:40:02Z", 1, "/lustre/rsingh/eval")])
    rng = s.rng
    TS = 780.0
    seg = "1757043291190.52"

    def stamp(t_):
        d = s.at(t_)
        return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}"
    w, t = 4100, 5.0
    while t < TS - 40:                                                                                        # SYNTH
        w += 16
        s.joblog(t, A, f"0: {stamp(t)} INFO scorer: pass 2 warc {w:05d}/90000 docs {rng.randint(35000, 41000)} "
                 f"{rng.uniform(1380, 1460):.1f} docs/s/gpu edu>=3 {rng.uniform(8.1, 8.9):.2f}%")
        t += rng.uniform(55, 65)
    s.joblog(TS - 20, A, f"0: {stamp(TS - 20)} INFO scorer: pass 2 complete (90000 warcs); starting pass 3 (re-score with classifier v3)")
    s.joblog(TS, A, f"0: {stamp(TS)} INFO fetch: aws s3 cp s3://commoncrawl/crawl-analysis/CC-MAIN-2025-38/stats/part-00000.gz stats/CC-MAIN-2025-38.gz")
    s.joblog(TS + 6.2, A, "0: " + REAL_CCSTATS31)                                                            # REAL
    s.joblog(TS + 6.3, A, f"0: {stamp(TS + 6.3)} WARNING fetch: aws s3 cp exited 1 (SlowDown); retry 1/8 in 30s")
    s.joblog(TS + 38.9, A, "0: download: s3://commoncrawl/crawl-analysis/CC-MAIN-2025-38/stats/part-00000.gz to stats/CC-MAIN-2025-38.gz")
    s.joblog(TS + 39.4, A, f"0: {stamp(TS + 39.4)} INFO scorer: stats loaded: 2.39B captures, 90000 warc files; 16 ranks x 5625 files")
    w, t = 0, TS + 70.0
    while t < T:                                                                                              # SYNTH
        w += 16
        s.joblog(t, A, f"0: {stamp(t)} INFO scorer: pass 3 warc {w:05d}/90000 docs {rng.randint(35000, 41000)} "
                 f"{rng.uniform(1375, 1455):.1f} docs/s/gpu edu>=3 {rng.uniform(8.1, 8.9):.2f}%")
        t += rng.uniform(55, 65)
    t = TS + 300.0
    while t < T - 30:                                                                                         # SYNTH
        r = rng.randrange(16)
        n = rng.randint(120, 899)
        s.joblog(t, A, f"{r // 8}: {stamp(t)} WARNING fetch[rank {r}]: GetObject s3://commoncrawl/crawl-data/CC-MAIN-2025-38/"
                 f"segments/{seg}/warc/CC-MAIN-20250905{rng.randint(100000, 235959)}-20250905{rng.randint(100000, 235959)}-00{n}.warc.gz: "
                 f"SlowDown (503), attempt {rng.randint(2, 4)}/100, backing off {rng.uniform(0.8, 6.5):.1f}s")
        t += rng.uniform(140, 420)
    steps94(s, B, 9.0, T, 58.0, lambda k_, t_: f"0: {ds_stamp(s.at(t_))} [INFO] [logging.py:128:log_dist] [Rank 0] step={30200 + 10 * k_}, "
            f"skipped=0, lr=[0.00011], mom=[(0.9, 0.95)]")                                                      # SYNTH
    steps94(s, C, 15.0, T, 95.0, lambda k_, t_: f"Running loglikelihood requests: {min(99, 3 + k_):3d}%|  | "
            f"{(3 + k_) * 1310}/131018 [{hms(t_ + 1300)}<{hms(max(60, 8800 - 95 * k_))}, {rng.uniform(13.4, 14.1):.2f}it/s]")  # SYNTH
    noise131(s, ALL, T)
    tel131(s, ALL, 8, [(JA, 0, TS - 15, "busy"), (JA, TS - 15, TS + 60, "light"), (JA, TS + 60, T, "busy"),
                       (JB, 0, T, "busy"), (JC, 0, T, "busy")], "a100_131", T, every=430.0)
    s.truth = truth(None, no_requeue=[A, B, C], no_drain=JA)
    return s


# ======================================================================================
# S3  own-fault-sts-session-token-exported-at-submit-expires-12h-later-every-rank-expiredtoken-listobjectsv2
# ======================================================================================
# Source (line): https://github.com/SuperCowPowers/workbench/issues/165 -- "SSO Token Refresh Not Working":
#   "botocore.exceptions.ClientError: An error occurred (ExpiredToken) when calling the ListObjectsV2 operation: The
#   provided token has expired." The application held SSO credentials that were never refreshed.
# Source (conclusion): https://github.com/Netflix/metaflow/issues/486 -- "Expiring AWS credentials": credentials
#   copied once into the environment are not refreshed by boto, so a long-running training step fails with
#   ExpiredToken "wasting hours of work"; the fix is on the client side (refreshable credentials). Also
#   https://github.com/fsspec/s3fs/issues/500: session tokens last at most 12 h, a job reading S3 for 13 h fails.
#   Here the owner exported AWS_ACCESS_KEY_ID/SECRET/SESSION_TOKEN from a 12-hour assume-role into the batch script.
#   Eleven hours 59 minutes into the job, at the next chunk boundary, every one of the 32 ranks lists the next shard
#   prefix and gets ExpiredToken; the job fails. The other owners' jobs read S3 (one the same endpoint) with the
#   nodes' instance-profile credentials and carry on. The owner must fix the credentials; requeueing repeats the
#   failure (or at best runs 12 h more), draining anything is wrong.
#   Verbatim: the ClientError line (under srun labels). SYNTH: frames, trainer, srun, neighbours, noise, telemetry.
REAL_CWB165 = ("botocore.exceptions.ClientError: An error occurred (ExpiredToken) when calling the ListObjectsV2 operation: "
               "The provided token has expired.")


def build_s3() -> Scenario:
    name = "own-fault-sts-session-token-exported-at-submit-expires-12h-later-every-rank-expiredtoken-listobjectsv2"
    T = 3900.0
    P = "aw"
    ALL = hosts84(P, 1, 8, 2)
    JA, JB, JC = ALL[:4], ALL[4:6], [ALL[6]]
    A, B, C = "88140", "88163", "88171"
    s = Scenario(name, "An 8-node H100 cluster on AWS (aw[01-08], p5). A 4-node video-tokenizer pretraining job (aw[01-04], "
                 "32 ranks, started 22:04 the evening before) reads its shards from S3 with credentials its batch script "
                 "exported from a 12-hour assume-role session. At 10:03:47, at the next chunk boundary, every rank's "
                 "ListObjectsV2 fails with ExpiredToken and the job fails. A Lightning job (aw[05-06]) that reads the same "
                 "bucket region with the nodes' instance-profile role, and an eval job (aw07), run on.",
                 "2025-06-11T09:40:00Z", cluster84("aw", P, 1, 8, "gpu", 8, HGX_BUS131, 2),
                 [job84(A, "lvm-7b-pt-video-tokens", "jparker", hl84(P, 1, 4, 2), 8, "2025-06-10T22:04:11Z", 3, "s3://jparker-ckpt/lvm7b"),
                  job84(B, "sam2-ft-aerial", "wchen", hl84(P, 5, 6, 2), 8, "2025-06-11T06:12:40Z", 2, "/fsx/wchen/sam2"),
                  job84(C, "vlm-eval-mmmu", "npetrova", "aw07", 8, "2025-06-11T09:21:19Z", 1, "/fsx/npetrova/eval")])
    rng = s.rng
    TF = 1427.0
    step, t = 171400, 6.0
    while t < TF - 5:                                                                                        # SYNTH
        step += 20
        s.joblog(t, A, titan124(s, t, 0, step, rng.uniform(2.071, 2.102), 61.3, rng.randint(6850, 6990), 41.2, "0: "))
        t += 20 * 2.31 * rng.uniform(0.99, 1.01)
    s.joblog(TF - 2.0, A, f"0: [rank0]:[titan] {s.at(TF - 2):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d} - root - INFO - data: chunk 0137 "
             "exhausted; listing s3://lvm-corpus-v2/tokens/chunk-0138/")
    ranks = list(range(32))
    rng.shuffle(ranks)
    for k, r in enumerate(ranks):                                                                            # SYNTH + REAL
        lab = f"{r // 8}: [rank{r}]: "
        tt = TF + 0.4 + 0.013 * k
        if k < 3:
            py_tb131(s, tt, A, lab, [("/opt/lvm/train.py", 412, "main", "batch = next(data_iter)"),
                                     ("/opt/lvm/lvm/data/s3shards.py", 188, "__iter__", "keys = self._list_chunk(self.chunk + 1)"),
                                     ("/opt/lvm/lvm/data/s3shards.py", 97, "_list_chunk", "for page in paginator.paginate(Bucket=self.bucket, Prefix=prefix):"),
                                     ("/usr/local/lib/python3.11/site-packages/botocore/paginate.py", 357, "_make_request", "return self._method(**current_kwargs)"),
                                     ("/usr/local/lib/python3.11/site-packages/botocore/client.py", 1023, "_make_api_call", "raise error_class(parsed_response, operation_name)")],
                     [REAL_CWB165])
        else:
            s.joblog(tt, A, lab + REAL_CWB165)
    fails = [(h, i, 1) for i, h in enumerate(JA)]
    t2 = srun_fail131(s, TF + 2.5, A, fails, "aw01")
    end84(s, t2 + 2.5, A, "FAILED", "1:0", JA)
    steps94(s, B, 12.0, T, 54.0, lambda k_, t_: f"Epoch 3:  {min(99, 41 + k_ // 2):2d}%|  | {(41 + k_ // 2) * 24}/2400 "
            f"[{hms(1800 + 54 * k_)}<{hms(max(60, 2400 - 27 * k_))}, {rng.uniform(0.44, 0.47):.2f}it/s, v_num=3, train/loss={rng.uniform(0.171, 0.192):.4f}]")  # SYNTH
    steps94(s, C, 20.0, T, 120.0, lambda k_, t_: f"{s.at(t_):%Y-%m-%d %H:%M:%S} | INFO | vlmeval | MMMU_DEV_VAL: {min(900, 120 + 31 * k_)}/900 "
            f"samples, acc so far {rng.uniform(0.538, 0.552):.3f}")                                          # SYNTH
    noise131(s, ALL, T)
    tel131(s, ALL, 8, [(JA, 0, t2 + 2.5, "busy"), (JB, 0, T, "busy"), (JC, 0, T, "light")], "h100_131", T, every=440.0)
    s.truth = truth({"t": TF + 0.4, "category": "software"}, no_requeue=[A], no_drain=JA)
    return s


# ======================================================================================
# S4  own-fault-mosaic-streaming-cache-on-job-tmp-without-cache-limit-fills-all-four-nodes-enospc-mds-reader-valueerror
# ======================================================================================
# Source: https://github.com/mosaicml/streaming/issues/475 -- "Request for more informative error messages when
#   cache_limit is hit": when the local cache runs out of space (cache_limit too low, or none and too little disk),
#   StreamingDataset fails with unhelpful errors such as `begin, end = np.frombuffer(pair, np.uint32)` / "ValueError:
#   not enough values to unpack (expected 2, got 0)" from the MDS reader (a shard file written short). The maintainers
#   took it as a usability request: the cause is the run's cache configuration.
# Also: https://github.com/AnswerDotAI/ModernBERT/pull/86 -- without cache_limit, MDS removes the compressed shards but
#   "will accumulate the uncompress[ed] shards on disk".
#   Here a Composer/LLM Foundry job puts its streaming cache in the job's private /tmp (job_container/tmpfs on a
#   1.7 TB local NVMe) and sets no cache_limit. Each node downloads about the same amount, so all four nodes fill
#   within ~4 minutes of each other: on each node one rank's download thread dies with ENOSPC (a thread's exception
#   does not stop the rank; the batches just slow down), and when the last node fills, ranks on ms02 and ms03 read a
#   short shard and hit the ValueError, which kills the step. The kernel has nothing to say (a full filesystem is not an error); the GPUs are fine. The job is the
#   owner's to fix (set cache_limit, or a smaller predownload); Slurm removes the job's /tmp at job end, so the nodes
#   need nothing. Requeueing fills the disks again; draining the four nodes would take healthy capacity away.
#   Verbatim: the two reader lines. SYNTH: the rest of the tracebacks, the ENOSPC lines, trainer, srun, neighbours.
REAL_MDS475 = [
    "    begin, end = np.frombuffer(pair, np.uint32)",
    "ValueError: not enough values to unpack (expected 2, got 0)",
]


def build_s4() -> Scenario:
    name = "own-fault-mosaic-streaming-cache-on-job-tmp-without-cache-limit-fills-all-four-nodes-enospc-mds-reader-valueerror"
    T = 3900.0
    P = "ms"
    ALL = hosts84(P, 1, 8, 2)
    JA, JB, JC = ALL[:4], ALL[4:6], [ALL[6]]
    A, B, C = "1049233", "1049198", "1049260"
    s = Scenario(name, "An 8-node H100 cluster (ms[01-08], 1.7 TB local NVMe per node behind job_container/tmpfs). A "
                 "4-node LLM Foundry job (ms[01-04], 32 ranks) streams MDS shards from S3 into local=/tmp/mds-cache with "
                 "no cache_limit. Uncompressed shards accumulate; between 11:31 and 11:35 each node's job /tmp fills. "
                 "Ranks on all four nodes fail: download threads with ENOSPC, readers with 'ValueError: not enough values "
                 "to unpack (expected 2, got 0)'. The kernel logs nothing unusual. A NeMo job (ms[05-06]) and a "
                 "diffusion fine-tune (ms07) of two other owners run on.",
                 "2025-11-04T11:00:00Z", cluster84("ms", P, 1, 8, "gpu", 8, HGX_BUS131, 2),
                 [job84(A, "mpt-13b-long-ctx-cpt", "kwalsh", hl84(P, 1, 4, 2), 8, "2025-11-03T17:40:26Z", 3, "s3://kwalsh-runs/mpt13b"),
                  job84(B, "nemo-canary-1b-asr-ft", "dhernandez", hl84(P, 5, 6, 2), 8, "2025-11-04T08:02:55Z", 2, "/lustre/dh/canary"),
                  job84(C, "sdxl-lora-product-shots", "ylin", "ms07", 8, "2025-11-04T10:27:31Z", 1, "/lustre/ylin/sdxl")])
    rng = s.rng
    TF = {"ms02": 1872.0, "ms04": 1931.0, "ms01": 2017.0, "ms03": 2090.0}
    t0 = min(TF.values())
    b, t = 30710, 8.0
    while t < max(TF.values()) - 4:                                                                          # SYNTH
        b += 10
        s.joblog(t, A, f"0: [batch={b}/60000]:")
        s.joblog(t + 0.001, A, f"0: \t Train loss/train/total: {rng.uniform(1.861, 1.902):.4f}")
        s.joblog(t + 0.002, A, f"0: \t Train throughput/device/tokens_per_sec: {rng.uniform(9620, 9760):.1f}")
        t += 10 * (3.42 if t < t0 else rng.uniform(3.9, 6.8)) * rng.uniform(0.99, 1.01)
    site = "/usr/local/lib/python3.11/site-packages"
    for h in sorted(TF, key=TF.get):                                                                          # SYNTH
        ni = JA.index(h)
        tf = TF[h]
        r1 = 8 * ni + rng.randrange(8)
        s.joblog(tf, A, f"{ni}: [rank{r1}]: Exception in thread Thread-3 (_prepare_thread):")
        py_tb131(s, tf + 0.001, A, f"{ni}: [rank{r1}]: ", [
            (f"{site}/streaming/base/dataset.py", 1231, "_prepare_thread", "self.prepare_shard(shard_id, False)"),
            (f"{site}/streaming/base/stream.py", 421, "_download_file", "shutil.move(tmp, local)"),
            ("/usr/lib/python3.11/shutil.py", 256, "copyfile", "fdst_write(buf)")],
            [f"OSError: [Errno 28] No space left on device: '/tmp/mds-cache/train/shard.{rng.randint(20000, 29999):05d}.mds.tmp'"])
    TV = max(TF.values()) + 3.0
    for k, h in enumerate(("ms02", "ms03")):                                                                   # SYNTH + REAL
        ni = JA.index(h)
        r2 = 8 * ni + rng.randrange(8)
        py_tb131(s, TV + 0.6 * k, A, f"{ni}: [rank{r2}]: ", [
            (f"{site}/llmfoundry/data/text_data.py", 215, "__getitem__", "sample = super().__getitem__(idx)"),
            (f"{site}/streaming/base/dataset.py", 1135, "get_item", "sample = shard[shard_sample_id]"),
            (f"{site}/streaming/base/format/base/reader.py", 309, "get_item", "data = self.get_sample_data(idx)"),
            (f"{site}/streaming/base/format/mds/reader.py", 126, "get_sample_data", REAL_MDS475[0].strip())],
            [REAL_MDS475[1]])
    TE = TV + 2.5
    t2 = srun_fail131(s, TE, A, [("ms02", 1, 1), ("ms03", 2, 1)], "ms01")
    end84(s, t2 + 2.0, A, "FAILED", "1:0", JA)
    steps94(s, B, 10.0, T, 66.0, lambda k_, t_: f"Epoch 4: : {(k_ * 13) % 1000}it [{hms(k_ * 66 % 3000)}, {rng.uniform(2.31, 2.45):.2f}it/s, "
            f"v_num=0, train_loss={rng.uniform(0.41, 0.47):.3f}, learning_rate=0.000300, global_step={55100 + 150 * k_}.0]")  # SYNTH
    steps94(s, C, 14.0, T, 88.0, lambda k_, t_: f"Steps:  {min(99, 22 + k_)}%|  | {(22 + k_) * 50}/5000 [{hms(2600 + 88 * k_)}<{hms(max(60, 3900 - 88 * k_))}, "
            f"{rng.uniform(0.56, 0.58):.2f}it/s, lr=0.0001, step_loss={rng.uniform(0.05, 0.14):.3f}]")       # SYNTH
    noise131(s, ALL, T)
    tel131(s, ALL, 8, [(JA, 0, t2 + 2.0, "busy"), (JB, 0, T, "busy"), (JC, 0, T, "busy")], "h100_131", T, every=430.0)
    s.truth = truth({"t": t0, "category": "software"}, no_requeue=[A], no_drain=JA)
    return s


# ======================================================================================
# S5  own-fault-webdataset-corrupt-shard-00000022-unexpected-end-of-data-rank-18-on-worker-1-history-suspect-job-fails
# ======================================================================================
# Source: https://github.com/webdataset/webdataset/issues/142 -- "Corrupted Tar file may interrupt data loader": a
#   32-rank job dies because one shard, train-224-30/00000022.tar, is truncated: tarfile.ReadError "unexpected end of
#   data", with webdataset's annotation naming __rank__ (18, 32) and __nodeinfo__ ('worker-1', 276). The thread's
#   point: corrupted tar files in the dataset interrupt the loader; the remedy is in the data (re-write the shard) or
#   in the pipeline's error handler (warn_and_continue), not in the machine.
#   Here the same run: worker-[0-1] are DGX-2s (16 V100 each), so rank 18 is local rank 2 on worker-1. Only that rank
#   raises, only on that node -- and the controller's history already lists worker-1 as a suspect (a hang two days
#   earlier). It still is not the node: the error names a file, not a device; the kernel and DCGM are clean; and the
#   shard would be read by whichever rank the shuffle assigns it to. Notify the owner; do not drain worker-1; do not
#   requeue (the same shard is hit again).
#   Verbatim: the two lines with their 2022-01-23 02:08:36.029 collector stamp (the thread shows the second one wrapped
#   over three lines; here it is the one line Python printed). SYNTH: the rest.
REAL_WDS142 = [
    '2022-01-23 02:08:36.029 raise ReadError("unexpected end of data")',
    "2022-01-23 02:08:36.029 tarfile.ReadError: (\"unexpected end of data @ <_io.BufferedReader name='train-224-30/00000022.tar'>\", ",
    "<_io.BufferedReader name='train-224-30/00000022.tar'>, {'__url__': 'train-224-30/00000022.tar', '__worker__': 'None', ",
    "'__rank__': '(18, 32)', '__nodeinfo__': \"('worker-1', 276)\"})",
]


def build_s5() -> Scenario:
    name = "own-fault-webdataset-corrupt-shard-00000022-unexpected-end-of-data-rank-18-on-worker-1-history-suspect-job-fails"
    T = 3600.0
    ALL = [f"worker-{i}" for i in range(6)]
    JA, JB, JC = ALL[:2], ALL[2:4], [ALL[4]]
    A, B, C = "40213", "40188", "40230"
    s = Scenario(name, "A 6-node DGX-2 cluster (worker-[0-5], 16 x V100-32GB each). A 2-node ViT job (worker-[0-1], 32 "
                 "ranks, webdataset shards train-224-30/*.tar, num_workers=0) trains; at 02:08:36 rank 18 (local rank 2 "
                 "on worker-1) raises tarfile.ReadError 'unexpected end of data' on shard 00000022.tar; the agent on "
                 "worker-1 reports the failure, srun kills the step, the job fails. The controller's history lists "
                 "worker-1 as a suspect from a hang two days earlier. Kernel and DCGM are clean. A fairseq job "
                 "(worker-[2-3]) and a detectron2 job (worker-4) of other owners run on.",
                 "2022-01-23T01:30:00Z",
                 {"name": "dgx2", "partition": "dgx2", "nodes": "worker-[0-5]", "gpus_per_node": 16, "pci_bus_ids": DGX2_BUS131},
                 [job84(A, "vit-b16-in21k-224", "zhaol", "worker-[0-1]", 16, "2022-01-22T17:51:30Z", 2, "/mnt/nfs/zhaol/vit"),
                  job84(B, "fairseq-wmt-de-en-big", "pgrant", "worker-[2-3]", 16, "2022-01-22T23:10:04Z", 2, "/mnt/nfs/pgrant/wmt"),
                  job84(C, "detectron2-mrcnn-lvis", "ebrown", "worker-4", 16, "2022-01-23T00:41:57Z", 1, "/mnt/nfs/ebrown/lvis")],
                 history=[{"at": "2022-01-21T04:12:00Z", "node": "worker-1", "verdict": "suspect", "category": "hang"}])
    rng = s.rng
    TF = 2316.029

    def st(t_):
        d = s.at(t_)
        return f"{d:%Y-%m-%d %H:%M:%S}.{d.microsecond // 1000:03d} "
    it, t = 0, 9.0
    while t < TF - 5:                                                                                        # SYNTH
        it += 50
        bt = rng.uniform(0.408, 0.421)
        s.joblog(t, A, f"{st(t)}Train: 7 [{it:>4d}/1563 ({100 * it / 1563:>3.0f}%)]  Loss: {rng.uniform(5.21, 5.33):#.4g} (5.27)  "
                 f"Time: {bt:.3f}s, {4096 / bt:>7.2f}/s  (0.414s, 9893.72/s)  LR: 9.612e-04  Data: {rng.uniform(0.010, 0.016):.3f} (0.013)")
        t += 50 * 0.414 * rng.uniform(0.99, 1.01)
        if it >= 1550:
            it = 0
    frames = [("/workspace/vit/train.py", 301, "train_one_epoch", "for batch_idx, (input, target) in enumerate(loader):"),
              ("/opt/conda/lib/python3.8/site-packages/webdataset/tariterators.py", 166, "tar_file_iterator", "for tarinfo in stream:"),
              ("/opt/conda/lib/python3.8/tarfile.py", 2478, "__iter__", "tarinfo = self.next()"),
              ("/opt/conda/lib/python3.8/tarfile.py", 2346, "next", "self.fileobj.seek(self.offset - 1)"),
              ("/opt/conda/lib/python3.8/tarfile.py", 522, "seek", "self.read(self.bufsize)")]
    d = st(TF)
    s.joblog(TF - 0.004, A, f"{d}Traceback (most recent call last):")                                       # SYNTH
    for k, (f, ln, fn, code) in enumerate(frames):
        s.joblog(TF - 0.003, A, f'{d}File "{f}", line {ln}, in {fn}')
        s.joblog(TF - 0.003, A, f"{d}{code}")
    s.joblog(TF - 0.002, A, f'{d}File "/opt/conda/lib/python3.8/tarfile.py", line 687, in read')
    s.joblog(TF, A, REAL_WDS142[0])                                                                          # REAL
    s.joblog(TF, A, REAL_WDS142[1] + REAL_WDS142[2] + REAL_WDS142[3])                                       # REAL (one line)
    d2 = st(TF + 1.9)
    s.joblog(TF + 1.9, A, f"{d2}ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 2 (pid: 276) "
             "of binary: /opt/conda/bin/python")                                                           # SYNTH (torch 1.10 wording)
    s.joblog(TF + 2.0, A, f"{d2}torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    s.joblog(TF + 2.001, A, f"{d2}train.py FAILED")
    t2 = srun_fail131(s, TF + 2.6, A, [("worker-1", 1, 1)], "worker-0")
    end84(s, t2 + 3.0, A, "FAILED", "1:0", JA)
    steps94(s, B, 13.0, T, 74.0, lambda k_, t_: fairseq_inner84(19, (100 + 100 * k_) % 4400, 4400, rng.uniform(3.98, 4.06),
                                                                 81200 + 100 * k_, 0.000412, 8.0, 14120 + int(t_)))  # SYNTH
    steps94(s, C, 17.0, T, 92.0, lambda k_, t_: f"[{s.at(t_):%m/%d %H:%M:%S} d2.utils.events]:  eta: {hms(max(60, 21000 - 20 * k_ * 46))}  iter: "
            f"{61240 + 20 * k_ * 11}  total_loss: {rng.uniform(1.201, 1.262):.3f}  loss_cls: {rng.uniform(0.301, 0.33):.3f}  "
            f"time: {rng.uniform(0.41, 0.43):.4f}  data_time: 0.0121  lr: 0.02  max_mem: 21877M")            # SYNTH
    noise131(s, ALL, T)
    tel131(s, ALL, 16, [(JA, 0, t2 + 3.0, "busy"), (JB, 0, T, "busy"), (JC, 0, T, "busy")], "v100_131", T, every=480.0)
    s.truth = truth({"t": TF, "category": "software"}, no_requeue=[A], no_drain=["worker-1", "worker-0"])
    return s


# ======================================================================================
# S6  network-fe05-storage-nic-flaps-its-ranks-starve-boto-read-timeouts-only-there-other-jobs-read-same-s3-fine
# ======================================================================================
# No source thread: everything is SYNTH, in the emitters' wording (Intel ice driver link lines as ice prints them,
#   NetworkManager carrier lines, botocore's ReadTimeoutError / ConnectTimeoutError messages "Read timeout on endpoint
#   URL: ..." as botocore.exceptions formats them, Megatron iteration lines, srun).
#   fe05's front-end (storage) NIC -- the E810 port that carries S3 traffic, not the GPU fabric -- starts flapping at
#   10:18: link down / up every one to three minutes. Only fe05's ranks of a 4-node job see S3 read timeouts; the job's
#   iterations stretch from ~4 s to tens of seconds because every other rank waits for fe05's ranks at the gradient
#   all-reduce, and 25 minutes later rank 21 (on fe05) exhausts its retries and the job fails. Another owner's job on
#   fe[01-02] reads the same S3 endpoint throughout without a single timeout. Set beside S1 (input-bound everywhere,
#   steady) and S7 (a shared service throttling two jobs): here it is one node's link.
def build_s6() -> Scenario:
    name = "network-fe05-storage-nic-flaps-its-ranks-starve-boto-read-timeouts-only-there-other-jobs-read-same-s3-fine"
    T = 3900.0
    P = "fe"
    ALL = hosts84(P, 1, 8, 2)
    JA, JB, JC = ALL[2:6], ALL[:2], [ALL[6]]
    N = "fe05"
    A, B, C = "660912", "660874", "660955"
    s = Scenario(name, "An 8-node H100 cluster (fe[01-08]); GPU traffic on an InfiniBand fabric, storage and S3 traffic on "
                 "one 100G E810 front-end port per node. A 4-node Megatron job (fe[03-06], 32 ranks) streams tokenized "
                 "shards from the site's S3 endpoint in its DataLoader workers. From 10:18 fe05's front-end port flaps "
                 "(ice 'NIC Link is Down' / 'up' every 1-3 min); only fe05's ranks log S3 read timeouts, iterations "
                 "stretch from ~4 s to tens of seconds, and at 10:44 rank 21 (fe05) gives up and the job fails. A "
                 "Lightning job on fe[01-02] streams from the same S3 endpoint without a timeout; an eval job runs on fe07.",
                 "2025-08-19T10:00:00Z", cluster84("fe", P, 1, 8, "gpu", 8, HGX_BUS131, 2),
                 [job84(A, "megatron-llama-8b-cpt-fin", "adiaz", hl84(P, 3, 6, 2), 8, "2025-08-18T21:33:02Z", 3, "/vast/adiaz/l8b"),
                  job84(B, "wav2vec2-xls-r-1b-pt", "yli", hl84(P, 1, 2, 2), 8, "2025-08-19T04:50:37Z", 2, "/vast/yli/w2v"),
                  job84(C, "bigcode-eval-starcoder2", "mkowalski", "fe07", 8, "2025-08-19T09:41:11Z", 1, "/vast/mk/eval")])
    rng = s.rng
    TD, TX = 1090.0, 2655.0
    ep = "http://s3.data.internal:80"
    # kernel: the front-end port of fe05 flaps (SYNTH, ice wording)
    t, k = TD, 0
    flaps = []
    while t < T - 100:
        down = rng.uniform(2.0, 9.0)
        dm129(s, t, N, "ice 0000:b1:00.0 ens6f0np0: NIC Link is Down")
        kj44(s, t + 0.3, N, "NetworkManager[1703]", f"<info>  [{1755597600 + t:.4f}] device (ens6f0np0): carrier: link connected -> disconnected")
        dm129(s, t + down, N, "ice 0000:b1:00.0 ens6f0np0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: "
              "RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: True, Flow Control: None")
        kj44(s, t + down + 0.2, N, "NetworkManager[1703]", f"<info>  [{1755597600 + t + down:.4f}] device (ens6f0np0): carrier: link disconnected -> connected")
        flaps.append((t, t + down))
        t += rng.uniform(60, 190)
        k += 1
    # job A: Megatron iteration lines; slow once the flaps start (SYNTH)
    it, t = 88400, 7.0
    while t < TX:
        it += 10
        ms = rng.uniform(4050, 4140) if t < TD + 20 else rng.uniform(9000, 46000)
        s.joblog(t, A, "0: " + megatron_iter(s.at(t), it, 250000, ms, 1.5e-4, 1.633 + rng.uniform(-0.01, 0.01), 1024))
        t += 10 * ms / 1000.0 * rng.uniform(0.99, 1.01)
    t = TD + 25.0
    while t < TX - 20:                                                                                       # SYNTH
        r = 16 + rng.randrange(8)
        shard = rng.randint(10000, 59999)
        s.joblog(t, A, f"2: [rank{r}]: {s.at(t):%Y-%m-%d %H:%M:%S} WARNING s3stream: GET s3://fin-corpus/tok/v4/shard-{shard}.bin "
                 f"failed: Read timeout on endpoint URL: \"{ep}/fin-corpus/tok/v4/shard-{shard}.bin\" (attempt {rng.randint(2, 5)}/8)")
        t += rng.uniform(25, 110)
    py_tb131(s, TX, A, "2: [rank21]: ", [
        ("/opt/megatron/pretrain_gpt.py", 301, "<module>", "pretrain("),
        ("/opt/megatron/megatron/training/training.py", 1342, "train", "train_step(forward_step_func,"),
        ("/opt/fin/s3stream.py", 144, "_fetch", "body = self.client.get_object(Bucket=b, Key=k)[\"Body\"].read()"),
        ("/usr/local/lib/python3.10/dist-packages/botocore/httpsession.py", 503, "send", "raise ReadTimeoutError(endpoint_url=request.url, error=e)")],
        [f"botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: \"{ep}/fin-corpus/tok/v4/shard-41877.bin\"",
         "RuntimeError: s3stream: shard-41877.bin: giving up after 8 attempts"])
    t2 = srun_fail131(s, TX + 1.5, A, [(N, 2, 1)], "fe03")
    end84(s, t2 + 2.0, A, "FAILED", "1:0", JA)
    steps94(s, B, 9.0, T, 61.0, lambda k_, t_: f"0: Epoch 11:  {((k_ * 64) % 2040) * 100 // 2040:2d}%|  | {(k_ * 64) % 2040}/2040 [{hms((k_ * 64) % 2040 / 1.06)}<{hms((2040 - (k_ * 64) % 2040) / 1.06)}, "
            f"{rng.uniform(1.04, 1.08):.2f}it/s, v_num=12, loss={rng.uniform(2.31, 2.41):.3f}, s3_wait_ms={rng.uniform(4, 19):.0f}]")  # SYNTH
    steps94(s, C, 22.0, T, 130.0, lambda k_, t_: f"{s.at(t_):%Y-%m-%d %H:%M:%S} INFO bigcode_eval: humaneval-x: {min(164, 12 + 9 * k_)}/164 "
            f"tasks generated (n_samples=50)")                                                                # SYNTH
    noise131(s, ALL, T)

    def ctr(n_, g, t_):
        if n_ in JA and TD + 20 < t_ < TX:
            return {UTIL: rng.randint(3, 22) if n_ != N else rng.randint(0, 9), POWER: round(rng.uniform(150, 260), 1)}
        return None
    tel131(s, ALL, 8, [(JA, 0, t2 + 2.0, "busy"), (JB, 0, T, "busy"), (JC, 0, T, "light")], "h100_131", T, ctr, every=420.0)
    s.truth = truth({"t": TD, "category": "network", "node": N}, drain=[N], requeue={A: {"exclude": [N]}},
                    no_requeue=[B, C], no_drain=["fe03", "fe04", "fe06"])
    return s


# ======================================================================================
# S7  shared-azure-blob-account-over-operations-per-second-limit-two-owners-streaming-jobs-fail-local-nvme-job-runs-on
# ======================================================================================
# Source: https://github.com/dotnet/performance/issues/2937 -- "Hitting 'Operations per second is over the account
#   limit.' during results upload": the Python SDK raises "azure.core.exceptions.HttpResponseError: Operations per
#   second is over the account limit." when the storage account as a whole is over its request-rate target; it was
#   fixed on the service side of the problem (cutting the load on the shared account with caching), not on a machine.
# Also: https://github.com/Azure/azure-sdk-for-go/issues/22139 (the same ServerBusy 503s as service throttling to be
#   retried with backoff).
#   Here two owners' jobs on disjoint nodes stream training data from the same team storage account (one with
#   azure-storage-blob, one through adlfs). From 14:26 the account answers 503 ServerBusy; both jobs' retry loops log
#   warnings, then both fail within three minutes of each other with the HttpResponseError. A third job that reads from
#   local NVMe trains on. No node is at fault: one incident for the shared account, escalate to whoever owns it;
#   requeueing the two jobs now only adds to the load, draining six healthy nodes is wrong.
#   Verbatim: the HttpResponseError line (twice). SYNTH: the RequestId/Time/ErrorCode lines (azure-core's layout),
#   retry warnings, trainers, srun, neighbours, noise, telemetry.
REAL_DOTNETPERF2937 = "azure.core.exceptions.HttpResponseError: Operations per second is over the account limit."


def build_s7() -> Scenario:
    name = "shared-azure-blob-account-over-operations-per-second-limit-two-owners-streaming-jobs-fail-local-nvme-job-runs-on"
    T = 3900.0
    P = "nd"
    ALL = hosts84(P, 1, 8, 2)
    JA, JB, JC = ALL[:4], ALL[4:6], [ALL[6]]
    A, B, C = "31207", "31215", "31198"
    s = Scenario(name, "An 8-node Azure ND H100 v5 cluster (nd[01-08], CycleCloud Slurm). Two owners' jobs on disjoint "
                 "nodes stream training data from the same team storage account (mltrainstore): a 4-node speech job on "
                 "nd[01-04] with azure-storage-blob, a 2-node vision job on nd[05-06] through adlfs. From 14:26 the account "
                 "answers 503 ServerBusy 'Operations per second is over the account limit.'; both jobs retry, then fail at "
                 "14:31 and 14:33. A third owner's job on nd07 reads from local NVMe and trains on.",
                 "2025-02-17T14:00:00Z", cluster84("nd", P, 1, 8, "hpc", 8, HGX_BUS131, 2),
                 [job84(A, "whisper-v3-ft-callcenter", "sgupta", hl84(P, 1, 4, 2), 8, "2025-02-17T03:18:44Z", 3, "/shared/sgupta/wh"),
                  job84(B, "dinov2-l-satellite-pt", "lmartin", hl84(P, 5, 6, 2), 8, "2025-02-17T10:02:09Z", 2, "/shared/lmartin/dino"),
                  job84(C, "gemma2-9b-dpo", "choward", "nd07", 8, "2025-02-17T12:55:30Z", 1, "/shared/choward/dpo")])
    rng = s.rng
    TS, TA, TB = 1570.0, 1893.0, 2011.0
    step, t = 20400, 6.0
    while t < TA - 5:                                                                                        # SYNTH
        step += 25
        slow = t > TS
        s.joblog(t, A, f"0: {{'loss': {rng.uniform(0.402, 0.431):.4f}, 'grad_norm': {rng.uniform(1.1, 1.9):.4f}, 'learning_rate': 1e-05, "
                 f"'epoch': {1.311 + (step - 20400) / 90000:.4f}}}")
        t += 25 * (1.31 if not slow else rng.uniform(3.0, 5.5)) * rng.uniform(0.99, 1.01)
    it, t = 4410, 11.0
    while t < TB - 5:                                                                                        # SYNTH
        it += 20
        s.joblog(t, B, f"0: I{s.at(t):%m%d %H:%M:%S} train.py:377] Training [{it}/125000] eta: {hms(3600 * 30)} loss: "
                 f"{rng.uniform(8.81, 8.93):.4f} lr: 0.0005 wd: 0.04 mom: 0.994 time: {rng.uniform(0.74, 0.77) if t < TS else rng.uniform(1.9, 3.6):.4f} "
                 f"data: {rng.uniform(0.002, 0.006) if t < TS else rng.uniform(1.1, 2.9):.4f} max mem: 61022")
        t += 20 * (0.755 if t < TS else rng.uniform(2.2, 3.5))
    t = TS
    while t < TB - 10:                                                                                       # SYNTH
        if t < TA - 5:
            r = rng.randrange(32)
            s.joblog(t, A, f"{r // 8}: [rank{r}] WARNING blobstream: download_blob(audio-v7/shard-{rng.randint(0, 8191):05d}.tar) "
                     f"503 ServerBusy, retry {rng.randint(1, 4)}/5 in {rng.uniform(1, 16):.1f}s")
        r = rng.randrange(16)
        s.joblog(t + 3.0, B, f"{r // 8}: W{s.at(t + 3):%m%d %H:%M:%S} datasets.py:88] [rank{r}] adlfs read abfs://sat/s2-l2a/tiles-{rng.randint(0, 4095):04d}.tar "
                 f"failed (ServerBusy), attempt {rng.randint(1, 5)}/6")
        t += rng.uniform(18, 55)

    def fail_block(job, tt, lab, frames, reqid):
        tt = py_tb131(s, tt, job, lab, frames, [REAL_DOTNETPERF2937, f"RequestId:{reqid}",
                                                f"Time:{s.at(tt):%Y-%m-%dT%H:%M:%S}.{rng.randint(1000000, 9999999)}Z", "ErrorCode:ServerBusy"])
        return tt
    az = "/usr/local/lib/python3.10/dist-packages/azure"
    fail_block(A, TA, "2: [rank19]: ", [("/app/whisper_ft/data.py", 121, "_open_shard", "raw = blob.download_blob(max_concurrency=4).readall()"),
                                         (f"{az}/storage/blob/_blob_client.py", 946, "download_blob", "return StorageStreamDownloader(**options)"),
                                         (f"{az}/storage/blob/_download.py", 410, "_initial_request", "process_storage_error(error)"),
                                         (f"{az}/storage/blob/_shared/response_handlers.py", 184, "process_storage_error", "exec(\"raise error from None\")   # pylint: disable=exec-used # nosec")],
               "6b1f0c2e-b01e-0061-2a4d-81c9d5000000")
    t2 = srun_fail131(s, TA + 2.2, A, [("nd03", 2, 1)], "nd01")
    end84(s, t2 + 2.0, A, "FAILED", "1:0", JA)
    fail_block(B, TB, "1: [rank11]: ", [("/opt/dino/dinov2/data/datasets.py", 91, "_read", "with self.fs.open(path, \"rb\") as f:"),
                                         ("/usr/local/lib/python3.10/dist-packages/adlfs/spec.py", 1954, "_async_fetch_range", "stream = await self.container_client.download_blob("),
                                         (f"{az}/storage/blob/aio/_download_async.py", 345, "_initial_request", "process_storage_error(error)"),
                                         (f"{az}/storage/blob/_shared/response_handlers.py", 184, "process_storage_error", "exec(\"raise error from None\")   # pylint: disable=exec-used # nosec")],
               "c40a9e17-901e-0032-7f1b-82a6e3000000")
    t3 = srun_fail131(s, TB + 2.2, B, [("nd06", 1, 1)], "nd05")
    end84(s, t3 + 2.0, B, "FAILED", "1:0", JB)
    steps94(s, C, 16.0, T, 57.0, lambda k_, t_: f"{{'loss': {rng.uniform(0.512, 0.55):.4f}, 'grad_norm': {rng.uniform(4.1, 6.2):.4f}, "
            f"'learning_rate': 5e-07, 'rewards/chosen': {rng.uniform(-0.4, -0.2):.3f}, 'rewards/margins': {rng.uniform(1.1, 1.4):.3f}, "
            f"'epoch': {0.41 + 0.0027 * k_:.4f}}}")                                                           # SYNTH
    noise131(s, ALL, T)

    def ctr(n_, g, t_):
        if (n_ in JA and TS < t_ < TA) or (n_ in JB and TS < t_ < TB):
            return {UTIL: rng.randint(8, 35), POWER: round(rng.uniform(190, 320), 1)}
        return None
    tel131(s, ALL, 8, [(JA, 0, t2 + 2.0, "busy"), (JB, 0, t3 + 2.0, "busy"), (JC, 0, T, "busy")], "h100_131", T, ctr, every=430.0)
    s.truth = truth({"t": TS, "category": "infrastructure"}, no_requeue=[A, B], no_drain=JA + JB)
    return s


# ======================================================================================
# S8  hw-tk05-host-dram-multi-bit-ecc-apei-memory-failure-sigbus-kills-tokenizer-dataloader-worker-shm-message-misleads
# ======================================================================================
# Source (kernel lines and conclusion): https://github.com/matrixorigin/matrixone/issues/20374 -- a process's writes
#   failed on host mo-srv-128; the maintainer found "{7}[Hardware Error]" APEI records of a recoverable multi-bit ECC
#   DRAM error at that moment: the failure was the host's memory hardware, not the software.
# Source (job line): https://github.com/NVIDIA/Megatron-LM/issues/878 -- "RuntimeError: DataLoader worker (pid 56811)
#   is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to
#   raise your shared memory limit." PyTorch prints the shared-memory hint for every SIGBUS, whatever sent it.
#   Here the DataLoader workers of a 4-node job tokenize streamed text on the fly. On tk05 the firmware reports an
#   uncorrectable (multi-bit) DRAM error; the kernel's memory-failure handler poisons the page and sends SIGBUS to the
#   process that owned it -- worker 56811 of rank 20 -- and PyTorch reports the Bus error with its shm hint, which
#   points at the job's own configuration (the earlier corpora's shm cases). The kernel says otherwise, and EDAC had
#   logged corrected errors on the same DIMM earlier in the record. Drain tk05; requeue the job without it.
#   Verbatim: the APEI lines (journal prefix host/stamp rewritten) and the DataLoader line. SYNTH (kernel 5.15 wording):
#   the EDAC corrected-error lines, "Memory failure: ... Sending SIGBUS ... due to hardware memory corruption" and the
#   recovery-action line, the traceback frames, srun, trainer, neighbours, noise, telemetry.
REAL_MO20374 = [
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]: Hardware error from APEI Generic Hardware Error Source: 4",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]: event severity: recoverable",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:  Error 0, type: recoverable",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:  fru_text: B2",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:   section_type: memory error",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:    error_status: Storage error in DRAM memory (0x0000000000000400)",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:   physical_address: 0x000000276aeb0180",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:   physical_address_mask: 0xffffffffffffffc0",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:   node:1 card:4 module:0 rank:0 bank:6 device:0 row:24237 column:24",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:   error_type: 3, multi-bit ECC",
    "Nov 26 09:36:22 mo-srv-128 kernel: {7}[Hardware Error]:   DIMM location: not present. DMI handle: 0x0000",
]
# https://github.com/NVIDIA/Megatron-LM/issues/878
REAL_MLM878 = ("RuntimeError: DataLoader worker (pid 56811) is killed by signal: Bus error. It is possible that dataloader's "
               "workers are out of shared memory. Please try to raise your shared memory limit.")


def build_s8() -> Scenario:
    name = "hw-tk05-host-dram-multi-bit-ecc-apei-memory-failure-sigbus-kills-tokenizer-dataloader-worker-shm-message-misleads"
    T = 3900.0
    P = "tk"
    ALL = hosts84(P, 1, 8, 2)
    JA, JB, JC = ALL[2:6], ALL[:2], [ALL[6]]
    N = "tk05"
    A, B, C = "2390417", "2390388", "2390452"
    s = Scenario(name, "An 8-node A100 cluster (tk[01-08]). A 4-node GPT-NeoX-style job (tk[03-06], 32 ranks) streams raw "
                 "text and tokenizes it in its DataLoader workers. tk05's EDAC logs corrected memory errors on one DIMM "
                 "from 09:21; at 09:36:22 the firmware reports an uncorrectable multi-bit ECC DRAM error (APEI), the "
                 "kernel's memory-failure handler sends SIGBUS to DataLoader worker 56811 of rank 20, and PyTorch reports "
                 "'DataLoader worker ... killed by signal: Bus error ... out of shared memory'. The job fails. Two other "
                 "owners' jobs run on tk[01-02] and tk07.",
                 "2024-11-26T09:00:00Z", cluster84("tk", P, 1, 8, "gpu", 8, DGX_BUS131, 2),
                 [job84(A, "neox-6b-multilingual-stream", "bnovak", hl84(P, 3, 6, 2), 8, "2024-11-25T20:14:52Z", 3, "/lustre/bnovak/neox"),
                  job84(B, "deberta-v3-ner-clinical", "oadeyemi", hl84(P, 1, 2, 2), 8, "2024-11-26T07:30:18Z", 2, "/lustre/oadeyemi/ner"),
                  job84(C, "unet3d-kits23-seg", "fsato", "tk07", 8, "2024-11-26T08:12:44Z", 1, "/lustre/fsato/kits")])
    rng = s.rng
    TF = 36 * 60 + 22.0
    for k, tc in enumerate((1262.0, 1618.0, 1894.0, 2071.0)):                                                # SYNTH
        sa = f"276ae{rng.randint(0x100, 0xfff):03x}{rng.randint(0, 15) * 64:03x}"
        jd131(s, tc, N, f"EDAC MC1: {rng.randint(1, 4)} CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 "
              f"page:0x{sa[:-3]} offset:0x{sa[-3:]} grain:32 syndrome:0x0 - err_code:0x0000:0x009f SystemAddress:0x{sa} "
              "ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x9dab1 ChannelId:0x2 RankAddress:0x4eb58 "
              "PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x5ead Column:0x18 Bank:0x2 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)")
    for k, ln in enumerate(REAL_MO20374):                                                                    # REAL (prefix rewritten)
        jd131(s, TF + 0.0001 * k, N, strip_journal(ln))
    jd131(s, TF + 0.002, N, "Memory failure: 0x276aeb0: Sending SIGBUS to python:56811 due to hardware memory corruption")  # SYNTH
    jd131(s, TF + 0.003, N, "Memory failure: 0x276aeb0: recovery action for dirty LRU page: Recovered")
    it, t = 151200, 5.0
    while t < TF:                                                                                            # SYNTH
        it += 10
        s.joblog(t, A, f"0: [{s.at(t):%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d}] [INFO] [logging.py:96:log_dist] [Rank 0] "
                 f"step={it}, skipped=0, lr=[9.4e-05], mom=[[0.9, 0.95]]")
        s.joblog(t + 0.01, A, f"0:  samples/sec: {rng.uniform(392, 401):.3f} | iteration {it:>8d}/  300000 | elapsed time per iteration (ms): "
                 f"{rng.uniform(5110, 5180):.1f} | learning rate: 9.400E-05 | approx flops per GPU: 151.2TFLOPS | lm_loss: {rng.uniform(1.93, 1.97):.6E} | "
                 "loss scale: 65536.0 | number of skipped iterations:   0 | number of nan iterations:   0 |")
        t += 10 * 5.145 * rng.uniform(0.99, 1.01)
    site = "/usr/local/lib/python3.10/dist-packages/torch"
    tt = py_tb131(s, TF + 1.2, A, "2: [rank20]: ", [
        ("/opt/neox/train.py", 34, "<module>", "pretrain(neox_args=neox_args)"),
        ("/opt/neox/megatron/training.py", 228, "pretrain", "iteration = train("),
        ("/opt/neox/megatron/training.py", 1073, "train", "loss_dict, skipped_iter = train_step("),
        (f"{site}/utils/data/dataloader.py", 1285, "_get_data", "success, data = self._try_get_data()"),
        (f"{site}/utils/data/dataloader.py", 1146, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e"),
        (f"{site}/utils/data/_utils/signal_handling.py", 66, "handler", "_error_if_any_worker_fails()")],
        [REAL_MLM878])
    t2 = srun_fail131(s, tt + 1.5, A, [(N, 2, 1)], "tk03")
    end84(s, t2 + 2.0, A, "FAILED", "1:0", JA)
    steps94(s, B, 8.0, T, 49.0, lambda k_, t_: f"{{'loss': {rng.uniform(0.041, 0.052):.4f}, 'grad_norm': {rng.uniform(0.3, 0.6):.4f}, "
            f"'learning_rate': 2.4e-05, 'epoch': {2.104 + 0.0042 * k_:.4f}}}")                                # SYNTH
    steps94(s, C, 13.0, T, 102.0, lambda k_, t_: f"{s.at(t_):%Y-%m-%d %H:%M:%S} | epoch 212 | iter {(k_ * 40) % 489}/489 | "
            f"dice {rng.uniform(0.861, 0.874):.4f} | loss {rng.uniform(0.171, 0.19):.4f} | 2.41 it/s")      # SYNTH
    noise131(s, ALL, T)
    tel131(s, ALL, 8, [(JA, 0, t2 + 2.0, "busy"), (JB, 0, T, "busy"), (JC, 0, T, "busy")], "a100_131", T, every=430.0)
    s.truth = truth({"t": TF, "category": "node_failure", "node": N}, drain=[N], requeue={A: {"exclude": [N]}},
                    no_requeue=[B, C], no_drain=["tk03", "tk04", "tk06"])
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
