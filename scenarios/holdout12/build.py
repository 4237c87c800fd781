#!/usr/bin/env python3
"""Build the holdout12 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout11):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to `spinning` are copied from holdout11's build.py (same machinery), except its
`tqdm_bar`/`tqdm_line`, which floored the percentage (tqdm rounds it); they are replaced by `TqdmSim` below.
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


# ======================================================================================
# S1  hf-deepspeed-fp16-loss-scale-floor-requeued  (software: fp16 loss scale collapses to its floor;
#     the requeued run resumes from checkpoint-400 on other nodes and dies at the same step)
# ======================================================================================
# Lines: https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534 -- "Exception: Current loss scale already at
# minimum - cannot decrease scale anymore. Exiting run." (chensongcan, 2023-06-07/08): multi-node LLaMA-7B pretraining
# with scripts/run_clm_pt_with_peft.py (HF Trainer + DeepSpeed ZeRO, fp16, --torch_dtype float16), ~133 s/it;
# the log pasted in turn 9 shows the tqdm bar and the checkpoint-400 save quoted below; the run then exits with the
# exception in the title. Conclusion (maintainer iMountTai + reporter): an fp16 loss-scaling problem of the run's
# configuration (fp16 on, min_loss_scale) -- fix the DeepSpeed fp16 settings (min_loss_scale) or switch to bf16;
# nothing is wrong with the machines. Resuming the same configuration hits it again (the same project's #827:
# "I restarted the program again. I am getting error - Exception: Current loss scale already at minimum").
REAL_S1_BAR_SAVE = [
    " 15%|█▍        | 400/2724 [14:46:17<84:37:17, 131.08s/it][INFO|trainer.py:2868] 2023-06-07 23:01:55,674 >> Saving model checkpoint to output_dir_6.7_mutiNode_9.6g/checkpoint-400",
    "[INFO|trainer.py:2880] 2023-06-07 23:01:55,685 >> Trainer.model is not a `PreTrainedModel`, only saving its state dict.",
    "[INFO|tokenization_utils_base.py:2171] 2023-06-07 23:01:57,021 >> tokenizer config file saved in output_dir_6.7_mutiNode_9.6g/checkpoint-400/tokenizer_config.json",
    "[INFO|tokenization_utils_base.py:2178] 2023-06-07 23:01:57,022 >> Special tokens file saved in output_dir_6.7_mutiNode_9.6g/checkpoint-400/special_tokens_map.json",
    "[2023-06-07 23:01:57,033] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step400 is about to be saved!",
    "[2023-06-07 23:02:05,681] [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: output_dir_6.7_mutiNode_9.6g/checkpoint-400/global_step400/mp_rank_00_model_states.pt",
    "[2023-06-07 23:02:05,682] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving output_dir_6.7_mutiNode_9.6g/checkpoint-400/global_step400/mp_rank_00_model_states.pt...",
    "[2023-06-07 23:02:22,363] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved output_dir_6.7_mutiNode_9.6g/checkpoint-400/global_step400/mp_rank_00_model_states.pt.",
]
REAL_S1_EXC = "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."

S1_PY = "/opt/conda/lib/python3.10/site-packages"
S1_T400 = 5515.674  # 23:01:55.674 after the scenario start 21:30:00


def hf_stamp(d: dt.datetime) -> str:
    """transformers' logging prefix date part: `2023-06-07 23:01:55,674`."""
    return f"{d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d}"


def s1_lr(step: int, skipped: int) -> float:
    """SYNTH: linear schedule, 137 warm-up steps (warmup_ratio 0.05 of 2724), 2e-4 peak; DeepSpeed does not
    step the scheduler on overflow-skipped steps (this reproduces the real 0.0001956204379562044 at step 140
    with 6 skipped steps)."""
    k = step - skipped
    return 2e-4 * k / 137 if k < 137 else 2e-4 * (2724 - k) / (2724 - 137)


def s1_traceback(rank_py: str) -> list[str]:
    """SYNTH: the Python traceback every rank prints (transformers 4.28 + DeepSpeed 0.9 ZeRO-2 frames)."""
    return [
        "Traceback (most recent call last):",
        '  File "/data/chensc/Chinese-LLaMA-Alpaca/scripts/training/run_clm_pt_with_peft.py", line 644, in <module>',
        "    main()",
        '  File "/data/chensc/Chinese-LLaMA-Alpaca/scripts/training/run_clm_pt_with_peft.py", line 613, in main',
        "    train_result = trainer.train(resume_from_checkpoint=checkpoint)",
        f'  File "{rank_py}/transformers/trainer.py", line 1664, in train',
        "    return inner_training_loop(",
        f'  File "{rank_py}/transformers/trainer.py", line 1991, in _inner_training_loop',
        "    self.deepspeed.step()",
        f'  File "{rank_py}/deepspeed/runtime/engine.py", line 2087, in step',
        "    self._take_model_step(lr_kwargs)",
        f'  File "{rank_py}/deepspeed/runtime/engine.py", line 1994, in _take_model_step',
        "    self.optimizer.step()",
        f'  File "{rank_py}/deepspeed/runtime/zero/stage_1_and_2.py", line 1662, in step',
        "    self._update_scale(self.overflow)",
        f'  File "{rank_py}/deepspeed/runtime/zero/stage_1_and_2.py", line 1916, in _update_scale',
        "    self.loss_scaler.update_scale(has_overflow)",
        f'  File "{rank_py}/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale',
        "    raise Exception(",
    ]


def elastic_failure(s: Scenario, t: float, job: str, task: int, host: str, ranks: list[int], pids: list[int],
                    script: str, py: str) -> float:
    """SYNTH: torchrun (torch 2.0) agent output after every local worker exited 1."""
    lab = label(task, 1)
    d = s.at(t)
    s.joblog(t, job, f"{lab}ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /opt/conda/bin/python")
    tb = ["Traceback (most recent call last):",
          '  File "/opt/conda/bin/torchrun", line 8, in <module>',
          "    sys.exit(main())",
          f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper',
          "    return f(*args, **kwargs)",
          f'  File "{py}/torch/distributed/run.py", line 794, in main',
          "    run(args)",
          f'  File "{py}/torch/distributed/run.py", line 785, in run',
          "    elastic_launch(",
          f'  File "{py}/torch/distributed/launcher/api.py", line 134, in __call__',
          "    return launch_agent(self._config, self._entrypoint, list(args))",
          f'  File "{py}/torch/distributed/launcher/api.py", line 250, in launch_agent',
          "    raise ChildFailedError(",
          "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
          "============================================================",
          f"{script} FAILED",
          "------------------------------------------------------------",
          "Failures:"]
    stamp = f"{d:%Y-%m-%d_%H:%M:%S}"
    for i in range(1, len(ranks)):
        tb += [f"[{i}]:", f"  time      : {stamp}", f"  host      : {host}", f"  rank      : {ranks[i]} (local_rank: {i})",
               f"  exitcode  : 1 (pid: {pids[i]})", "  error_file: <N/A>",
               "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"]
    tb += ["------------------------------------------------------------", "Root Cause (first observed failure):", "[0]:",
           f"  time      : {stamp}", f"  host      : {host}", f"  rank      : {ranks[0]} (local_rank: 0)",
           f"  exitcode  : 1 (pid: {pids[0]})", "  error_file: <N/A>",
           "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
           "============================================================"]
    for k, l in enumerate(tb):
        s.joblog(t + 0.01 + 0.0005 * k, job, f"{lab}{l}")
    return t + 0.2


def s1_run(s: Scenario, J: str, nodes: list[str], t_bar0: float, first_step: int, t_first: float, bar: TqdmBar,
           skipped: int, fail_step: int, pid0: int, real_400: bool) -> float:
    """SYNTH: one attempt's steps from `first_step` to the loss-scale exception at `fail_step`; returns the failure time."""
    rng = s.rng
    t = t_first
    scale = 2048
    hyst = 2
    step = first_step
    lab0 = label(0, 1)
    prev_bar = None
    pending = None
    while True:
        # optimizer step `step` finishes at time t; DeepSpeed's OVERFLOW notice is appended to the previous bar line
        overflow = step >= 424
        if overflow:
            d = s.at(t - 1.2)
            if step == fail_step:
                break
            if hyst == 2:
                note = f"[{hf_stamp(d)}] [INFO] [loss_scaler.py:188:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {scale}, but hysteresis is 2. Reducing hysteresis to 1"
                hyst = 1
            else:
                note = f"[{hf_stamp(d)}] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {scale}, reducing to {scale // 2}"
                scale //= 2
            skipped += 1
            # the previous bar refresh had no newline: the logger's line continues it (no bare copy of that bar)
            s.joblog(t - 1.2, J, f"{lab0}{prev_bar}{note}")
            pending = None
        if step == 400 and real_400:
            t = S1_T400 - 0.05  # the real line's own stamp (23:01:55.674) fixes this step's time
            real_bar = REAL_S1_BAR_SAVE[0].split("[INFO|")[0]
            s.joblog(t, J, f"{lab0}{real_bar}")
            bar.warm(400, t, 131.08)
            s.joblog(t + 0.02, J, f"{lab0}" + " " * 56)
            s.joblog(t + 0.03, J, f"{lab0}{{'loss': 1.5811, 'learning_rate': {s1_lr(400, skipped)!r}, 'epoch': 0.29}}")
            s.joblog(t + 0.05, J, f"{lab0}{REAL_S1_BAR_SAVE[0]}")  # REAL
            offs = [0.061, 1.397, 1.398, 1.409, 10.057, 10.058, 26.739]
            for l, o in zip(REAL_S1_BAR_SAVE[1:], offs):
                s.joblog(t + 0.05 + o, J, f"{lab0}{l}")  # REAL
            prev_bar = real_bar
            t += 131.3 + 27.0
            step += 1
            continue
        if pending is not None:
            s.joblog(*pending)
            pending = None
        line = bar.update(1, t)
        prev_bar = line
        if step % 10 != 0 and step + 1 >= 424:
            pending = (t, J, f"{lab0}{line}")  # emitted only if the next step does not overflow
        else:
            s.joblog(t, J, f"{lab0}{line}")
        if step % 10 == 0:
            loss = "nan" if step >= 430 else f"{1.62 - (step - 360) * 0.0009 + rng.uniform(-0.03, 0.03):.4f}"
            s.joblog(t + 0.02, J, f"{lab0}" + " " * 56)
            s.joblog(t + 0.03, J, f"{lab0}{{'loss': {loss}, 'learning_rate': {s1_lr(step, skipped)!r}, 'epoch': {round(step / 1362, 2)}}}")
            if step + 1 >= 424:
                pending = (t + 0.04, J, f"{lab0}{line}")  # tqdm.write re-draws the bar; an OVERFLOW notice may continue it
            else:
                s.joblog(t + 0.04, J, f"{lab0}{line}")
        t += (128.4 if overflow else 131.0) + rng.uniform(-1.6, 1.6)
        step += 1
    # the exception: every rank raises it inside the same optimizer step
    t_fail = t
    for r in range(16):
        node_task = r // 8
        tt = t_fail + 0.05 * r
        for k, l in enumerate(s1_traceback(S1_PY) + [REAL_S1_EXC]):
            if r == 0 and k == 0 and pending is not None:
                # rank 0's traceback continues the last bar refresh (no newline after a tqdm redraw)
                s.joblog(tt, J, f"{pending[2]}{l}")
                continue
            s.joblog(tt + 0.001 * k, J, f"{label(node_task, 1)}{l}")
    tt = t_fail + 2.4
    for task, host in enumerate(nodes):
        ranks = list(range(8 * task, 8 * task + 8))
        pids = [pid0 + 100 * task + i for i in range(8)]
        tt = elastic_failure(s, tt + 0.3 * task, J, task, host, ranks, pids, "run_clm_pt_with_peft.py", S1_PY)
    s.joblog(tt + 0.6, J, f"srun: error: {nodes[0]}: task 0: Exited with exit code 1")
    s.joblog(tt + 0.7, J, f"srun: error: {nodes[1]}: task 1: Exited with exit code 1")
    s.job_state(tt + 1.5, J, "FAILED", "1:0")
    return t_fail


def build_s1() -> Scenario:
    J, N = "204417", "204390"
    s = Scenario(
        "hf-deepspeed-fp16-loss-scale-floor-requeued",
        "A 2-node x 8 A800 LLaMA-7B pretraining job (HF Trainer + DeepSpeed ZeRO-2, fp16, ~131 s per optimizer step) "
        "overflows for a dozen steps after its step-400 checkpoint until DeepSpeed's loss scale reaches its floor and "
        "every rank raises. The owner requeues it; it resumes from checkpoint-400 on two other nodes and dies at the "
        "same step with the same exception.",
        "2023-06-07T21:30:00Z",
        {"name": "sim-cn", "partition": "gpu", "nodes": "gpu[01-12]", "gpus_per_node": 8},
        [{"id": J, "name": "llama7b-pt-multinode", "user": "chensc", "nodes": "gpu[03-04]", "tasks_per_node": 1,
          "started": "2023-06-07T08:13:12Z",
          "comment": comment(2, "/data/chensc/output_dir_6.7_mutiNode_9.6g")},
         {"id": N, "name": "bert-ner-sweep", "user": "liuyq", "nodes": "gpu05", "tasks_per_node": 1,
          "started": "2023-06-07T19:02:00Z"}],
    )
    rng = s.rng
    nodes1, nodes2 = ["gpu03", "gpu04"], ["gpu07", "gpu08"]
    # bar created at 08:15:39 local (14:46:17 before the real step-400 line) -> scenario t = -47661
    t400 = S1_T400
    t_bar0 = t400 - (14 * 3600 + 46 * 60 + 17)
    bar = TqdmBar(2724, t_bar0)
    t = t400 - 40 * 131.1
    bar.warm(360, t, 131.9)
    t_fail1 = s1_run(s, J, nodes1, t_bar0, 361, t + 131.0, bar, skipped=8, fail_step=436, pid0=183412, real_400=True)
    # --- the owner requeues the job (scontrol requeue); it restarts on gpu[07-08] from checkpoint-400 (SYNTH)
    t_rq = t_fail1 + 1010.0
    s.job_state(t_rq, J, "PENDING", "0:0", reason="BeginTime")
    t_run = t_rq + 128.0
    s.job_state(t_run, J, "RUNNING", "0:0", nodes="gpu[07-08]")
    t = t_run + 6.0
    for task in (0, 1):
        s.joblog(t + 0.1 * task, J, f"{task}: WARNING:torch.distributed.run:")
        s.joblog(t + 0.1 * task + 0.001, J, f"{task}: *****************************************")
        s.joblog(t + 0.1 * task + 0.002, J, f"{task}: Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
        s.joblog(t + 0.1 * task + 0.003, J, f"{task}: *****************************************")
    t += 41.0
    hf = [
        "***** Running training *****",
        "  Num examples = 697,344",
        "  Num Epochs = 2",
        "  Instantaneous batch size per device = 16",
        "  Total train batch size (w. parallel, distributed & accumulation) = 512",
        "  Gradient Accumulation steps = 2",
        "  Total optimization steps = 2,724",
        "  Number of trainable parameters = 429,211,648",
        "  Continuing training from checkpoint, will skip to saved global_step",
        "  Continuing training from epoch 0",
        "  Continuing training from global step 400",
        "  Will skip the first 0 epochs then the first 800 batches in the first epoch. If this takes a lot of time, you can add the `--ignore_data_skip` flag to your launch command, but you will resume the training on data already seen by your model.",
    ]
    s.joblog(t, J, f"0: [INFO|trainer.py:1769] {hf_stamp(s.at(t))} >> {hf[0]}")
    for k, l in enumerate(hf[1:8], 1):
        s.joblog(t + 0.001 * k, J, f"0: [INFO|trainer.py:{1769 + k}] {hf_stamp(s.at(t))} >> {l}")
    for k, l in enumerate(hf[8:], 1):
        s.joblog(t + 0.02 + 0.001 * k, J, f"0: [INFO|trainer.py:{1810 + k}] {hf_stamp(s.at(t + 0.02))} >> {l}")
    bar2 = TqdmBar(2724, t + 0.05)
    s.joblog(t + 0.05, J, "0: " + bar2.line(t + 0.05))
    s.joblog(t + 0.06, J, "0: Skipping the first batches:   0%|          | 0/800 [00:00<?, ?it/s]")
    s.joblog(t + 112.6, J, "0: Skipping the first batches: 100%|██████████| 800/800 [01:52<00:00,  7.11it/s]")
    t_first = t + 0.05 + 112.6 + 133.2
    # first update jumps 0 -> 401 (tqdm EMA then needs ~20 updates to settle near 131 s/it)
    line = bar2.update(401, t_first)
    s.joblog(t_first, J, "0: " + line)
    bar2.n = 401
    t_fail2 = s1_run(s, J, nodes2, t + 0.05, 402, t_first + 131.4, bar2, skipped=8, fail_step=436, pid0=24871, real_400=False)
    # neighbour job (SYNTH): a hyper-parameter sweep printing one line per epoch
    t2, ep = 60.0, 14
    while t2 < t_fail2 + 600:
        s.joblog(t2, N, f"epoch {ep:3d} | train_loss {0.081 * 0.97 ** ep + rng.uniform(-0.003, 0.003):.4f} | dev_f1 {0.9 - 0.2 * 0.9 ** ep:.4f} | {283 + rng.uniform(-4, 4):.1f}s")
        t2 += 283 + rng.uniform(-4, 4)
        ep += 1

    def tel(n_, g, t3):
        if n_ in nodes1:
            return busy(rng, "a800") if t3 < t_fail1 + 3 else idle(rng, "a800")
        if n_ in nodes2:
            return busy(rng, "a800") if t_run + 60 < t3 < t_fail2 + 3 else idle(rng, "a800")
        return busy(rng, "a800", fb=False)
    telemetry_gap(s, nodes1 + nodes2, 8, 0.0, t_fail2 + 900, 1800.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_fail1, "category": "software"},
                    no_requeue=[J], no_drain=nodes1 + nodes2)
    return s


# ======================================================================================
# S2  fairseq-rank0-dataloader-hang-requeued  (software: rank 0 deadlocks in the DataLoader at an epoch start;
#     31 ranks wait in all_reduce; after a requeue onto four other nodes it hangs the same way)
# ======================================================================================
# Lines: https://github.com/pytorch/pytorch/issues/87995 -- "multi-node distributed training rank0 hang at dataloader
# after a few epochs" (LiweiPeng, 2022-10-28; same text as fairseq#4816): fairseq on 4 nodes x 8 GPUs freezes after
# 1-3 epochs; py-spy shows rank 0 blocked in the DataLoader queue (stack below) while the other 31 ranks wait in
# all_reduce. Conclusion stated in the thread: 100 % reproducible, always rank 0, always the same code place; with
# DataLoader num_workers=8 it hangs, num_workers=4 runs longer, num_workers=0 never hangs -- an application/DataLoader
# deadlock, not a node or GPU fault (1 node x 8 GPUs works). Restarting the same job reproduces it.
REAL_S2_PYSPY = [
    'Thread 0x7FA6E7C01740 (idle): "MainThread"',
    "    wait (threading.py:302)",
    "    get (queue.py:170)",
    "    __next__ (fairseq/data/iterators.py:648)",
    "    __iter__ (fairseq/data/iterators.py:59)",
    "    _chunk_iterator (fairseq/data/iterators.py:528)",
    "    __iter__ (fairseq/data/iterators.py:59)",
    "    __iter__ (fairseq/logging/progress_bar.py:256)",
    "    train (fairseq_cli/train.py:274)",
    "    inner (contextlib.py:75)",
    "    main (fairseq_cli/train.py:165)",
    "    distributed_main (fairseq/distributed/utils.py:326)",
    "    call_main (fairseq/distributed/utils.py:352)",
]


def fq(s: Scenario, t: float) -> str:
    return f"{s.at(t):%Y-%m-%d %H:%M:%S}"


def build_s2() -> Scenario:
    J, N = "38112", "38090"
    s = Scenario(
        "fairseq-rank0-dataloader-hang-requeued",
        "A 4-node x 8 A100 fairseq transformer job (srun, one task per GPU) stops logging right after an epoch "
        "boundary: rank 0 is stuck in the DataLoader while the other 31 ranks spin in NCCL all_reduce. The owner's "
        "hang watchdog dumps rank 0's stack; the job is requeued onto four different nodes, trains one more epoch "
        "and freezes the same way at the next epoch start.",
        "2022-10-19T10:20:00Z",
        {"name": "sim-f", "partition": "a100", "nodes": "gpu-f-[001-012]", "gpus_per_node": 8},
        [{"id": J, "name": "wmt22-big", "user": "lpeng", "nodes": "gpu-f-[001-004]", "tasks_per_node": 8,
          "started": "2022-10-19T09:58:31Z", "comment": comment(3, "/mnt/ckpt/wmt22")},
         {"id": N, "name": "vit-l-pretrain", "user": "okim", "nodes": "gpu-f-[005-006]", "tasks_per_node": 8,
          "started": "2022-10-19T07:41:00Z"}],
    )
    rng = s.rng
    nodes1 = expand_hostlist("gpu-f-[001-004]")
    nodes2 = expand_hostlist("gpu-f-[009-012]")
    ckpt = "/mnt/ckpt/wmt22"
    L = label(0, 2)

    def inner(t, ep, upd, num_upd, wall):  # SYNTH fairseq 0.12 simple-format train_inner line (log_interval 100)
        loss = 7.9 * 0.9996 ** num_upd + 2.1 + rng.uniform(-0.02, 0.02)
        nll = loss - 1.45
        return (f"{L}{fq(s, t)} | INFO | train_inner | epoch {ep:03d}:  {upd:5d} / 1437 loss={loss:.3f}, nll_loss={nll:.3f}, "
                f"ppl={2 ** nll:.2f}, wps={150300 + rng.uniform(-900, 900):.1f}, ups=2.3, wpb=65470.4, bsz=2176, num_updates={num_upd}, "
                f"lr={min(5e-4, num_upd * 5e-4 / 4000) if num_upd < 4000 else 5e-4 * (4000 / num_upd) ** 0.5:.5g}, "
                f"gnorm={0.62 + rng.uniform(-0.08, 0.08):.3f}, loss_scale=8, train_wall=43, gb_free=61.2, wall={int(wall)}")

    def epoch_end(t, ep, num_upd, wall):  # SYNTH validation + checkpoint + next epoch start
        v = 6.9 - 0.35 * (ep - 1) + rng.uniform(-0.02, 0.02)
        lines = [
            (0.0, f'{L}{fq(s, t)} | INFO | fairseq_cli.train | begin validation on "valid" subset'),
            (17.8, f"{L}{fq(s, t + 17.8)} | INFO | valid | epoch {ep:03d} | valid on 'valid' subset | loss {v:.3f} | nll_loss {v - 1.45:.3f} | ppl {2 ** (v - 1.45):.2f} | wps 412345 | wpb 3921.1 | bsz 130.6 | num_updates {num_upd}"),
            (17.9, f"{L}{fq(s, t + 17.9)} | INFO | fairseq.checkpoint_utils | Preparing to save checkpoint for epoch {ep} @ {num_upd} updates"),
            (17.9, f"{L}{fq(s, t + 17.9)} | INFO | fairseq.trainer | Saving checkpoint to {ckpt}/checkpoint{ep}.pt"),
            (25.1, f"{L}{fq(s, t + 25.1)} | INFO | fairseq.trainer | Finished saving checkpoint to {ckpt}/checkpoint{ep}.pt"),
            (31.4, f"{L}{fq(s, t + 31.4)} | INFO | fairseq.checkpoint_utils | Saved checkpoint {ckpt}/checkpoint{ep}.pt (epoch {ep} @ {num_upd} updates, score {v:.3f}) (writing took 13.52 seconds)"),
            (31.4, f"{L}{fq(s, t + 31.4)} | INFO | fairseq_cli.train | end of epoch {ep} (average epoch stats below)"),
            (31.4, f"{L}{fq(s, t + 31.4)} | INFO | train | epoch {ep:03d} | loss {v + 0.24:.3f} | nll_loss {v - 1.21:.3f} | ppl {2 ** (v - 1.21):.2f} | wps 150876 | ups 2.3 | wpb 65470.4 | bsz 2176 | num_updates {num_upd} | lr {5e-4 * min(1.0, num_upd / 4000):.5g} | gnorm 0.702 | loss_scale 8 | train_wall 617 | gb_free 61.3 | wall {int(wall + 31)}"),
            (31.5, f"{L}{fq(s, t + 31.5)} | INFO | fairseq.data.iterators | grouped total_num_itrs = 1437"),
            (31.6, f"{L}{fq(s, t + 31.6)} | INFO | fairseq.trainer | begin training epoch {ep + 1}"),
            (31.6, f"{L}{fq(s, t + 31.6)} | INFO | fairseq_cli.train | Start iterating over samples"),
        ]
        for o, l in lines:
            s.joblog(t + o, J, l)
        return t + 31.6

    def pyspy(t, pid, host, cmd_host):  # SYNTH wrapper + py-spy header; REAL stack
        s.joblog(t, J, f"[hang-watch {fq(s, t)}] train.log unchanged for 900 s; py-spy dump --pid {pid} (rank 0 on {host})")
        s.joblog(t + 1.9, J, f"Process {pid}: /opt/conda/bin/python -u /home/lpeng/fairseq/fairseq_cli/train.py /mnt/data/wmt22-bin --arch transformer_vaswani_wmt_en_de_big --share-all-embeddings --fp16 --max-tokens 4096 --update-freq 1 --num-workers 8 --log-format simple --log-interval 100 --save-dir {ckpt} --distributed-port 13456")
        s.joblog(t + 1.9, J, "Python v3.8.13 (/opt/conda/bin/python3.8)")
        s.joblog(t + 1.9, J, "")
        for k, l in enumerate(REAL_S2_PYSPY):
            s.joblog(t + 1.91 + 0.001 * k, J, l)  # REAL
        s.joblog(t + 1.93, J, "    cli_main (fairseq_cli/train.py:557)")
        s.joblog(t + 1.93, J, "    <module> (fairseq_cli/train.py:561)")
        s.joblog(t + 1.94, J, "")

    # ---- attempt 1: epoch 1 updates 900.. on gpu-f-[001-004]
    wall0 = 1289.0  # fairseq wall seconds at scenario t=0
    t, upd = 19.0, 300
    wall0 -= 700 * 0.434
    while upd <= 1400:
        s.joblog(t, J, inner(t, 1, upd, upd, wall0 + t))
        t += 43.4 + rng.uniform(-0.6, 0.6)
        upd += 100
    t_ep = t - 43.4 + 37 * 0.434 + 1.2
    t_start2 = epoch_end(t_ep, 1, 1437, wall0 + t_ep)
    t_hang1 = t_start2 + 2.4  # rank 0 does ~5 updates, then blocks in the DataLoader
    t_dump1 = t_start2 + 900.0 + 31.0
    pyspy(t_dump1, 48213, "gpu-f-001", "gpu-f-001")
    # requeued by the owner (scontrol requeue) after ~30 min of silence
    t_rq = t_start2 + 1830.0
    s.joblog(t_rq, J, f"slurmstepd: error: *** JOB {J} ON gpu-f-001 CANCELLED AT {s.at(t_rq):%Y-%m-%dT%H:%M:%S} DUE TO JOB REQUEUE ***")
    s.joblog(t_rq + 0.1, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.joblog(t_rq + 0.2, J, f"slurmstepd: error: *** STEP {J}.0 ON gpu-f-001 CANCELLED AT {s.at(t_rq):%Y-%m-%dT%H:%M:%S} DUE TO JOB REQUEUE ***")
    s.job_state(t_rq + 3.0, J, "PENDING", "0:0", reason="BeginTime")
    t_run2 = t_rq + 131.0
    s.job_state(t_run2, J, "RUNNING", "0:0", nodes="gpu-f-[009-012]")
    # ---- attempt 2 on gpu-f-[009-012]: resumes at epoch 2, trains it, freezes at the start of epoch 3
    t = t_run2 + 24.0
    boot = [
        f"| INFO | fairseq.distributed.utils | distributed init (rank 0): env://",
        f"| INFO | fairseq.distributed.utils | initialized host gpu-f-009 as rank 0",
        f"| INFO | fairseq_cli.train | task: TranslationTask",
        f"| INFO | fairseq_cli.train | model: TransformerModel",
        f"| INFO | fairseq_cli.train | num. shared model params: 209,911,808 (num. trained: 209,911,808)",
        f"| INFO | fairseq.utils | ***********************CUDA enviroments for all 32 workers***********************",
        f"| INFO | fairseq_cli.train | training on 32 devices (GPUs/TPUs)",
        f"| INFO | fairseq.trainer | Preparing to load checkpoint {ckpt}/checkpoint_last.pt",
        f"| INFO | fairseq.trainer | Loaded checkpoint {ckpt}/checkpoint_last.pt (epoch 2 @ 1437 updates)",
        f"| INFO | fairseq.trainer | loading train data for epoch 2",
        f"| INFO | fairseq.data.iterators | grouped total_num_itrs = 1437",
        f"| INFO | fairseq.trainer | begin training epoch 2",
        f"| INFO | fairseq_cli.train | Start iterating over samples",
    ]
    for k, l in enumerate(boot):
        tt = t + (0 if k < 5 else 9.0 + k * 0.4)
        s.joblog(tt, J, f"{L}{fq(s, tt)} {l}")
    t = t + 9.0 + 12 * 0.4 + 43.4
    upd, wall = 100, 0.0
    while upd <= 1400:
        s.joblog(t, J, inner(t, 2, upd, 1437 + upd, 2653.0 + (t - t_run2)))
        t += 43.4 + rng.uniform(-0.6, 0.6)
        upd += 100
    t_ep2 = t - 43.4 + 37 * 0.434 + 1.2
    t_start3 = epoch_end(t_ep2, 2, 2874, 2653.0 + (t_ep2 - t_run2))
    t_hang2 = t_start3 + 2.2
    t_dump2 = t_start3 + 900.0 + 44.0
    pyspy(t_dump2, 7714, "gpu-f-009", "gpu-f-009")
    t_cx = t_dump2 + 560.0
    s.joblog(t_cx, J, f"slurmstepd: error: *** JOB {J} ON gpu-f-009 CANCELLED AT {s.at(t_cx):%Y-%m-%dT%H:%M:%S} ***")
    s.joblog(t_cx + 0.1, J, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.job_state(t_cx + 2.0, J, "CANCELLED", "0:15")
    # neighbour (SYNTH): timm-style epoch/batch log every 50 batches
    t2, b, ep_n = 7.0, 50, 31
    while t2 < t_cx + 300:
        if b == 50 and t2 > 30:
            ep_n += 1
        s.joblog(t2, N, f"Train: {ep_n} [{b:4d}/1251 ({100 * b / 1251:3.0f}%)]  Loss: {3.41 + rng.uniform(-0.05, 0.05):.3f} ({3.43:.3f})  Time: 0.612s, 3346.41/s  (0.615s, 3330.08/s)  LR: 8.211e-04  Data: 0.011 (0.013)")
        t2 += 30.6 + rng.uniform(-0.3, 0.3)
        b = b + 50 if b + 50 <= 1250 else 50

    def tel(n_, g, t3):
        if n_ in nodes1:
            if t3 < t_hang1:
                return busy(rng, "a100")
            if t3 < t_rq:
                return idle(rng, "a100") | {"DCGM_FI_DEV_FB_USED": 52000 + rng.randint(-500, 500)} if (n_ == "gpu-f-001" and g == 0) else spinning(rng, "a100")
            return idle(rng, "a100")
        if n_ in nodes2:
            if t3 < t_run2 + 20:
                return idle(rng, "a100")
            if t3 < t_hang2:
                return busy(rng, "a100")
            if t3 < t_cx:
                return idle(rng, "a100") | {"DCGM_FI_DEV_FB_USED": 52000 + rng.randint(-500, 500)} if (n_ == "gpu-f-009" and g == 0) else spinning(rng, "a100")
            return idle(rng, "a100")
        return busy(rng, "a100", fb=False)
    telemetry_gap(s, [n for n in nodes1 + nodes2 if n not in ("gpu-f-001", "gpu-f-009")], 8, 0.0, t_cx + 300, 600.0, tel, fields=LIGHT)
    telemetry_gap(s, ["gpu-f-001", "gpu-f-009"], 8, 0.0, t_cx + 300, 240.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_hang1, "category": "software"}, no_requeue=[J], no_drain=nodes1 + nodes2)
    return s


# ======================================================================================
# S3  arjuna-c016-not-responding  (node_failure: the node freezes under a Lightning job; Slurm marks it DOWN after
#     SlurmdTimeout; the trainer's bar simply stops five minutes earlier)
# ======================================================================================
# Lines: https://github.com/ArjunaCluster/ArjunaUsers/issues/154 -- "Node Down" (yaomz16, 2022-07-10): node c016,
# "Not responding [slurm@2022-07-10T02:00:55]". Conclusion (admin awadell1): "Rebooted and RTS" -- the host itself had
# stopped (no application cause named); a reboot brought it back.
REAL_S3_REASON = "Not responding [slurm@2022-07-10T02:00:55]"

ARJUNA = {"name": "arjuna", "partition": "gpu", "nodes": "c[001-024]", "gpus_per_node": 4}


def lightning_line(ep: int, n: int, total: int, elapsed: float, loss: float) -> str:
    """SYNTH: PyTorch Lightning 1.6 TQDMProgressBar main bar (refresh-only updates -> rate = n/elapsed)."""
    return tqdm_meter(n, total, elapsed, None, desc=f"Epoch {ep}", postfix=f"loss={loss:.3g}, v_num=3")


def build_s3() -> Scenario:
    J, N = "131733", "131702"
    s = Scenario(
        "arjuna-c016-not-responding",
        "A 4-GPU PyTorch Lightning job on GPU node c016 stops printing its progress bar mid-epoch; c016's GPU "
        "telemetry stops at the same moment; about 100 s later Slurm flags the node not responding and after "
        "SlurmdTimeout sets it DOWN and fails the job with NODE_FAIL. A job on c015 is unaffected.",
        "2022-07-10T01:20:00Z",
        ARJUNA,
        [{"id": J, "name": "cgcnn-formE", "user": "yaomz", "nodes": "c016", "tasks_per_node": 4,
          "started": "2022-07-10T00:12:40Z", "comment": comment(1)},
         {"id": N, "name": "schnet-md17", "user": "mphuthi", "nodes": "c015", "tasks_per_node": 4,
          "started": "2022-07-09T21:03:00Z"}],
    )
    rng = s.rng
    t_down = 40 * 60 + 55.0           # 02:00:55 = the real reason's stamp
    t_hang = t_down - 305.0           # SlurmdTimeout 300 s + detection slack
    per_batch = 1 / 4.93
    total = 916
    # epochs of 916 batches at ~4.93 it/s; the bar is refreshed every 50 batches and at the end of the epoch
    ep = 21
    t_ep0 = -61.0
    stop = False
    last_loss = 0.0213
    while not stop:
        if t_ep0 >= 0:  # tqdm.reset() at epoch start redraws the bar at 0 with the previous postfix
            s.joblog(t_ep0, J, lightning_line(ep, 0, total, 0.0, last_loss))
        for n in list(range(50, total, 50)) + [total]:
            tt = t_ep0 + n * per_batch * (1 + rng.uniform(-0.004, 0.004))
            if tt >= t_hang:
                stop = True
                break
            if tt >= 0:
                last_loss = 0.0213 * 0.995 ** ep + rng.uniform(-0.0008, 0.0008)
                s.joblog(tt, J, lightning_line(ep, n, total, tt - t_ep0, last_loss))
        t_ep0 += total * per_batch + 0.9
        ep += 1
    s.node_state(t_hang + 112.0, "c016", "MIXED+NOT_RESPONDING", "")  # SYNTH: first missed ping
    s.node_state(t_down, "c016", "DOWN+NOT_RESPONDING", REAL_S3_REASON)  # REAL reason text
    s.job_state(t_down + 0.4, J, "NODE_FAIL", "0:0")
    # neighbour (SYNTH): SchNetPack-style epoch table on c015, one row per ~71 s
    t2, e = 33.0, 412
    while t2 < t_down + 900:
        s.joblog(t2, N, f"{s.at(t2):%Y-%m-%d %H:%M:%S},{e:d},{5e-4:.6f},{0.0417 * 0.999 ** e + rng.uniform(-0.0005, 0.0005):.6f},{0.0521 * 0.999 ** e:.6f},{0.0788:.6f}")
        t2 += 71.0 + rng.uniform(-0.8, 0.8)
        e += 1

    def tel(n_, g, t3):
        if n_ == "c016":
            return busy(rng, "a100_40") if t3 < t_hang else None  # exporter on the frozen host is gone
        return busy(rng, "a100_40")
    telemetry_gap(s, ["c016", "c015"], 4, 0.0, t_down + 900, 60.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_hang, "category": "node_failure", "node": "c016"},
                    drain=["c016"], requeue={J: {"exclude": ["c016"]}}, no_drain=["c015"], no_requeue=[N])
    return s


# ======================================================================================
# S4  arjuna-c016-unexpected-reboot-again  (node_failure with history: three days after S3 the same node reboots
#     by itself under a slow Keras job; Slurm sets it DOWN "Node unexpectedly rebooted")
# ======================================================================================
# Lines: https://github.com/ArjunaCluster/ArjunaUsers/issues/157 -- "Node Down" (yaomz16, 2022-07-13): node c016,
# "Node unexpectedly rebooted [slurm@2022-07-13T07:38:29]". Conclusion (admin awadell1): "As the last outage was so
# recent (#154) I'm going to leave this down and run some stability tests on it" -- the node is the suspect and is kept
# out of service (returned 2022-07-22 after passing the stress-test suite).
REAL_S4_REASON = "Node unexpectedly rebooted [slurm@2022-07-13T07:38:29]"


def build_s4() -> Scenario:
    J, N = "133018", "132977"
    s = Scenario(
        "arjuna-c016-unexpected-reboot-again",
        "Three days after c016 was rebooted and returned to service, it resets itself under a 4-GPU Keras "
        "(MirroredStrategy) job that logs one line per ~63 s epoch. The job's output stops, the node's kernel log "
        "restarts with a fresh boot, and when slurmd re-registers Slurm sets c016 DOWN and fails the job.",
        "2022-07-13T07:05:00Z",
        ARJUNA,
        [{"id": J, "name": "mofnet-keras", "user": "yaomz", "nodes": "c016", "tasks_per_node": 1,
          "started": "2022-07-13T03:41:10Z", "comment": comment(2, "/home/yaomz/mofnet/ckpt")},
         {"id": N, "name": "schnet-md17", "user": "mphuthi", "nodes": "c022", "tasks_per_node": 4,
          "started": "2022-07-12T23:10:00Z"}],
        history=[{"at": "2022-07-10T02:00:55Z", "node": "c016", "verdict": "suspect", "category": "node_failure"}],
    )
    rng = s.rng
    t_reg = 33 * 60 + 29.0          # 07:38:29, the real reason's stamp: slurmd on the rebooted host registers
    t_reset = t_reg - 214.0         # the host resets (BIOS/POST + boot ~3.5 min)
    ep = 196
    t = 21.0
    best = 0.05167
    s.joblog(t - 63.1 if t > 63.1 else 0.0, J, f"Epoch {ep}/1000")
    while t < t_reset:
        vl = 0.0512 + 0.0006 * rng.random() - 0.00002 * (ep - 196)
        s.joblog(t, J, f"1875/1875 - 63s - loss: {0.0421 - 0.00003 * (ep - 196) + rng.uniform(-0.0004, 0.0004):.4f} - mae: {0.1523 + rng.uniform(-0.002, 0.002):.4f} - val_loss: {vl:.4f} - val_mae: {0.1702 + rng.uniform(-0.002, 0.002):.4f} - 63s/epoch - 34ms/step")
        if vl < best:
            s.joblog(t + 0.4, J, "")
            s.joblog(t + 0.4, J, f"Epoch {ep}: val_loss improved from {best:.5f} to {vl:.5f}, saving model to /home/yaomz/mofnet/ckpt/best.h5")
            best = vl
        s.joblog(t + 0.5, J, f"Epoch {ep + 1}/1000")
        t += 63.2 + rng.uniform(-0.7, 0.7)
        ep += 1
    # the host resets: nothing more from the job; after POST the kernel log starts over (SYNTH boot lines)
    tb = t_reset + 131.0
    boot = [
        "Linux version 4.18.0-372.9.1.el8.x86_64 (mockbuild@dal1-prod-builder001.bld.equ.rockylinux.org) (gcc version 8.5.0 20210514 (Red Hat 8.5.0-10) (GCC)) #1 SMP Tue May 10 14:48:47 UTC 2022",
        "Command line: BOOT_IMAGE=(hd0,gpt2)/vmlinuz-4.18.0-372.9.1.el8.x86_64 root=/dev/mapper/rl-root ro crashkernel=auto resume=/dev/mapper/rl-swap rd.lvm.lv=rl/root rd.lvm.lv=rl/swap",
        "nvidia: loading out-of-tree module taints kernel.",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  510.47.03  Mon Jan 24 22:58:54 UTC 2022",
    ]
    for k, l in enumerate(boot):
        off = 0.0 if k < 2 else 24.0 + k
        s.kernel(tb + off, "c016", f"{dmesg_t(s.at(tb + off))} {l}")
    s.node_state(t_reset + 105.0, "c016", "MIXED+NOT_RESPONDING", "")  # SYNTH: missed pings while it reboots
    s.node_state(t_reg, "c016", "DOWN", REAL_S4_REASON)  # REAL reason text
    s.job_state(t_reg + 0.3, J, "NODE_FAIL", "0:0")
    t2, e = 12.0, 903
    while t2 < t_reg + 900:  # neighbour (SYNTH)
        s.joblog(t2, N, f"{s.at(t2):%Y-%m-%d %H:%M:%S},{e:d},{5e-4:.6f},{0.0361 * 0.999 ** (e - 500) + rng.uniform(-0.0005, 0.0005):.6f},{0.0455:.6f},{0.0702:.6f}")
        t2 += 71.0 + rng.uniform(-0.8, 0.8)
        e += 1

    def tel(n_, g, t3):
        if n_ == "c016":
            if t3 < t_reset:
                return busy(rng, "a100_40")
            return idle(rng, "a100_40") if t3 > t_reset + 170 else None
        return busy(rng, "a100_40")
    telemetry_gap(s, ["c016", "c022"], 4, 0.0, t_reg + 900, 60.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_reset, "category": "node_failure", "node": "c016"},
                    drain=["c016"], requeue={J: {"exclude": ["c016"]}}, no_drain=["c022"], no_requeue=[N])
    return s


# ======================================================================================
# S5  megatron-ds-uncorrectable-ecc-no-hostname  (gpu_hardware: one V100 hits an uncorrectable ECC error; the
#     traceback carries no host or rank; srun names the node; the other 15 nodes hang in NCCL)
# ======================================================================================
# Lines: https://github.com/pytorch/pytorch/issues/63174 -- "[dist] log node's hostname plus rank in the exception
# message" (stas00, 2021-08-12): a multi-node Megatron-DeepSpeed training (BigScience tr1-13B, Jean Zay V100s, conda
# env tr1-13B) "has crashed with" the traceback below. Conclusion stated there: the cause is a faulty GPU
# ("cudaErrorECCUncorrectable: uncorrectable ECC error encountered") and the problem is "very difficult to diagnose which
# node is faulty and remove it from the slurm pool" because nothing in the message names host or rank.
REAL_S5_TB = [
    "    torch.autograd.backward(tensors=(outputs, ), grad_tensors=(grad_tensors, ))",
    '  File "/gpfswork/rech/six/commun/conda/tr1-13B/lib/python3.8/site-packages/torch/autograd/__init__.py", line 145, in backward',
    "    Variable._execution_engine.run_backward(",
    "RuntimeError: transform: failed to synchronize: cudaErrorECCUncorrectable: uncorrectable ECC error encountered",
    "terminate called after throwing an instance of 'c10::Error'",
    "  what():  CUDA error: uncorrectable ECC error encountered",
    "Exception raised from create_event_internal at /opt/conda/conda-bld/pytorch_1616554793803/work/c10/cuda/CUDACachingAllocator.cpp:733 (most recent call first):",
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x42 (0x1500fb4d42f2 in /gpfswork/rech/six/commun/conda/tr1-13B/lib/python3.8/site-packages/torch/lib/libc10.so)",
]

JZ_ENV = "/gpfswork/rech/six/commun/conda/tr1-13B"
JZ_CODE = "/gpfswork/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B"


def build_s5() -> Scenario:
    J, N = "1188168", "1187990"
    s = Scenario(
        "megatron-ds-uncorrectable-ecc-no-hostname",
        "A 16-node x 4 V100-32GB Megatron-DeepSpeed GPT pretraining job (one srun task per node running "
        "torch.distributed.launch; ~17.6 s per iteration, a log line every 10 iterations) crashes on one rank with "
        "cudaErrorECCUncorrectable. The traceback names neither host nor rank; srun reports which node's task exited; "
        "the 15 other nodes stay blocked in NCCL and the job keeps running without progress.",
        "2021-08-12T03:00:00Z",
        {"name": "jz-sim", "partition": "gpu_p13", "nodes": "r7i4n[0-8],r7i5n[0-8],r7i6n[0-8]", "gpus_per_node": 4},
        [{"id": J, "name": "tr1-13B", "user": "bigsci01", "nodes": "r7i4n[1-8],r7i5n[0-7]", "tasks_per_node": 4,
          "started": "2021-08-11T11:05:22Z", "comment": comment(3, "/gpfsscratch/rech/six/commun/checkpoints/tr1-13B")},
         {"id": N, "name": "t5-xl-ft", "user": "jzuser7", "nodes": "r7i6n[0-1]", "tasks_per_node": 4,
          "started": "2021-08-12T01:15:00Z"}],
    )
    rng = s.rng
    nodes = expand_hostlist("r7i4n[1-8],r7i5n[0-7]")
    bad, bad_gpu = "r7i5n3", 2            # srun task 11 -> 12th node; local rank 2 (global rank 46)
    it, t = 3110, 41.0
    ms = 17612.0
    while t < 2600:  # SYNTH Megatron-DeepSpeed training_log every 10 iterations
        ms = 17612.0 + rng.uniform(-60, 60)
        lr = 1e-4 * 0.5 * (1 + math.cos(math.pi * it / 146484))
        s.joblog(t, J, f" iteration {it:8d}/  146484 | consumed samples: {it * 256:12d} | elapsed time per iteration (ms): {ms:.1f} | "
                       f"learning rate: {lr:.3E} | global batch size:   256 | lm loss: {2.98 - (it - 3110) * 0.0003 + rng.uniform(-0.02, 0.02):.6E} | "
                       f"loss scale: 4096.0 | grad norm: {0.51 + rng.uniform(-0.05, 0.05):.3f} | number of skipped iterations:   0 | "
                       f"number of nan iterations:   0 | samples per second: {256 / (ms / 1000):.3f} |")
        t += 10 * ms / 1000
        it += 10
    t_fault = t - 10 * ms / 1000 + 6.2 * 17.6   # mid-interval: iteration it-10+6 is in its backward pass
    pre = [
        "Traceback (most recent call last):",
        f'  File "{JZ_CODE}/pretrain_gpt.py", line 222, in <module>',
        "    pretrain(train_valid_test_datasets_provider, model_provider, forward_step,",
        f'  File "{JZ_CODE}/megatron/training.py", line 144, in pretrain',
        "    iteration = train(forward_step_func,",
        f'  File "{JZ_CODE}/megatron/training.py", line 677, in train',
        "    train_step(forward_step_func,",
        f'  File "{JZ_CODE}/megatron/training.py", line 381, in train_step',
        "    loss = model[0].train_batch(data_iter=data_iterator)",
        f'  File "{JZ_ENV}/lib/python3.8/site-packages/deepspeed/runtime/pipe/engine.py", line 291, in train_batch',
        "    self._exec_schedule(sched)",
        f'  File "{JZ_ENV}/lib/python3.8/site-packages/deepspeed/runtime/pipe/engine.py", line 1237, in _exec_schedule',
        "    self._exec_instr(**cmd.kwargs)",
        f'  File "{JZ_ENV}/lib/python3.8/site-packages/deepspeed/runtime/pipe/engine.py", line 680, in _exec_backward_pass',
    ]
    post = [  # SYNTH continuation of the c10 backtrace
        f"frame #1: <unknown function> + 0x1ea58 (0x1500fb751a58 in {JZ_ENV}/lib/python3.8/site-packages/torch/lib/libc10_cuda.so)",
        f"frame #2: c10::TensorImpl::release_resources() + 0xa4 (0x1500fb4bea94 in {JZ_ENV}/lib/python3.8/site-packages/torch/lib/libc10.so)",
        f"frame #3: <unknown function> + 0x6e0e5a (0x15012ad7ee5a in {JZ_ENV}/lib/python3.8/site-packages/torch/lib/libtorch_python.so)",
        "",
    ]
    lines = pre + REAL_S5_TB + post
    for k, l in enumerate(lines):
        s.joblog(t_fault + 0.0005 * k, J, l)  # REAL lines among them (REAL_S5_TB)
    # torch.distributed.launch (1.8) on r7i5n3: kills its 4 workers, raises CalledProcessError (SYNTH)
    tl = t_fault + 1.3
    pids = [62817, 62818, 62819, 62820]
    for k, p in enumerate(pids):
        s.joblog(tl + 0.001 * k, J, f"Killing subprocess {p}")
    launch_tb = [
        "Traceback (most recent call last):",
        f'  File "{JZ_ENV}/lib/python3.8/runpy.py", line 194, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        f'  File "{JZ_ENV}/lib/python3.8/runpy.py", line 87, in _run_code',
        "    exec(code, run_globals)",
        f'  File "{JZ_ENV}/lib/python3.8/site-packages/torch/distributed/launch.py", line 340, in <module>',
        "    main()",
        f'  File "{JZ_ENV}/lib/python3.8/site-packages/torch/distributed/launch.py", line 326, in main',
        "    sigkill_handler(signal.SIGTERM, None)  # not coming back",
        f'  File "{JZ_ENV}/lib/python3.8/site-packages/torch/distributed/launch.py", line 301, in sigkill_handler',
        "    raise subprocess.CalledProcessError(returncode=last_return_code, cmd=cmd)",
        f"subprocess.CalledProcessError: Command '['{JZ_ENV}/bin/python', '-u', 'pretrain_gpt.py', '--local_rank=2', "
        "'--tensor-model-parallel-size', '2', '--pipeline-model-parallel-size', '4', '--num-layers', '40', '--hidden-size', '5120', "
        "'--num-attention-heads', '32', '--seq-length', '2048', '--max-position-embeddings', '2048', '--micro-batch-size', '1', "
        "'--global-batch-size', '256', '--train-samples', '300000000', '--fp16', '--checkpoint-activations', '--deepspeed', "
        "'--deepspeed_config', './ds_config.1188168.json', '--zero-stage', '1', '--distributed-backend', 'nccl']' died with <Signals.SIGABRT: 6>.",
    ]
    for k, l in enumerate(launch_tb):
        s.joblog(tl + 0.01 + 0.0005 * k, J, l)
    s.joblog(tl + 2.2, J, f"srun: error: {bad}: task 11: Exited with exit code 1")
    # the other nodes stay blocked in NCCL (no async error handling in torch 1.8): no more output, job stays RUNNING
    t2 = 25.0
    while t2 < t_fault + 1800:  # neighbour (SYNTH): HF Trainer dict logs every ~50 s
        s.joblog(t2, N, f"{{'loss': {0.61 + rng.uniform(-0.03, 0.03):.4f}, 'learning_rate': 3e-05, 'epoch': {0.41 + t2 / 90000:.2f}}}")
        t2 += 50.4 + rng.uniform(-0.5, 0.5)

    def tel(n_, g, t3):
        if n_ in ("r7i6n0", "r7i6n1"):
            return busy(rng, "v100_32")
        if t3 < t_fault:
            return busy(rng, "v100_32")
        if n_ == bad:
            f = idle(rng, "v100_32")
            if g == bad_gpu:
                f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 1
                f["DCGM_FI_DEV_XID_ERRORS"] = 48
            return f
        return spinning(rng, "v100_32")
    telemetry_gap(s, [n for n in nodes if n != bad] + ["r7i6n0"], 4, 0.0, t_fault + 1800, 600.0, tel, fields=LIGHT)
    telemetry_gap(s, [bad], 4, 0.0, t_fault + 1800, 120.0, tel, fields=CORE)
    s.truth = truth({"t": t_fault, "category": "gpu_hardware", "node": bad, "gpu": bad_gpu},
                    drain=[bad], requeue={J: {"exclude": [bad]}}, no_drain=["r7i4n3"], no_requeue=[N])
    return s


# ======================================================================================
# S6  healthy-deepspeed-chat-overflow-warmup  (healthy: a burst of OVERFLOW! Skipping step lines at the start of an
#     fp16 run, two more around step 500; the loss scale settles and training proceeds)
# ======================================================================================
# Lines: https://github.com/deepspeedai/DeepSpeed/issues/931 -- "should dynamic scaling and overflow check happen only
# at the beginning?" (ryusaeba's comment, 2023-04-28): DeepSpeed-Chat step-1 SFT log with six OVERFLOW lines at the
# start ("step=10, skipped=6") and two more near step 500 ("step=510, skipped=8,"). Conclusion: this is DeepSpeed's
# dynamic fp16 loss scaler probing down from 2**16 -- expected behaviour that the run recovers from; DeepSpeed's own
# maintainers call the message "quite intimidating for the users and makes them feel that something is wrong"
# (https://github.com/deepspeedai/DeepSpeed/pull/833, stas00). The run here keeps stepping; nothing needs action.
REAL_S6_LINES = [
    "Beginning of Epoch 1/16, Total Micro Batches 1840",
    "[2023-04-28 06:51:29,903] [INFO] [loss_scaler.py:188:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, but hysteresis is 2. Reducing hysteresis to 1",
    "[2023-04-28 06:51:30,648] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768",
    "[2023-04-28 06:51:31,392] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 32768, reducing to 16384",
    "[2023-04-28 06:51:32,150] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 16384, reducing to 8192",
    "[2023-04-28 06:51:32,906] [INFO]",
    "[2023-04-28 06:59:46,878] [INFO] [logging.py:96:log_dist] [Rank 0] step=510, skipped=8,",
]


def build_s6() -> Scenario:
    J, N = "5521", "5498"
    s = Scenario(
        "healthy-deepspeed-chat-overflow-warmup",
        "A single-node 8 x A100 DeepSpeed-Chat step-1 SFT job (fp16, ZeRO) prints six 'OVERFLOW! Rank 0 Skipping "
        "step' lines in its first seconds and two more near step 500 while its dynamic loss scale settles; it steps "
        "every ~0.98 s, logs every 10 steps and finishes its first epoch and perplexity evaluation normally.",
        "2023-04-28T06:50:00Z",
        {"name": "sim-d", "partition": "dgx", "nodes": "dgx[01-04]", "gpus_per_node": 8},
        [{"id": J, "name": "dschat-step1-opt1.3b", "user": "ryu", "nodes": "dgx02", "tasks_per_node": 8,
          "started": "2023-04-28T06:47:41Z", "comment": comment(2, "/home/ryu/dschat/output/step1")},
         {"id": N, "name": "whisper-ft", "user": "hkang", "nodes": "dgx03", "tasks_per_node": 8,
          "started": "2023-04-28T04:10:00Z"}],
    )
    rng = s.rng
    t_beg = 89.903 - 0.41  # "Beginning of Epoch 1/16" just before the first OVERFLOW line (06:51:29.903)
    s.joblog(t_beg - 21.7, J, "***** Running training *****")
    s.joblog(t_beg - 21.6, J, "***** Evaluating perplexity, Epoch 0/16 *****")
    s.joblog(t_beg - 0.2, J, "ppl: 2.3841302394866943")
    s.joblog(t_beg, J, REAL_S6_LINES[0])  # REAL
    for l in REAL_S6_LINES[1:5]:  # REAL, each at its own stamp
        s.joblog((dt.datetime.strptime(l[1:24], "%Y-%m-%d %H:%M:%S,%f") - s.start).total_seconds(), J, l)
    scale = 8192
    t = 92.906
    for k in range(2):  # the 5th line is REAL up to "[INFO]" (the excerpt stops there); its rest and the 6th are SYNTH
        s.joblog(t, J, f"{ds_stamp(s.at(t))} [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {scale}, reducing to {scale // 2}")
        scale //= 2
        t += 0.755
    # steady stepping: 0.979 s per optimizer step (real: step 10 at ~06:51:37, step 510 at 06:59:46.878)
    t_510 = 9 * 60 + 46.878
    sec = (t_510 - 97.4) / 500
    skipped, step = 6, 10
    lr0 = 9.65e-6
    total_steps = 1840 * 16
    t_end_ep1 = None
    while True:
        t_step = 97.4 + (step - 10) * sec + rng.uniform(-0.05, 0.05)
        if step == 1840:
            t_end_ep1 = t_step
            break
        if step in (506, 507):
            s.joblog(t_step - 0.2, J, f"{ds_stamp(s.at(t_step - 0.2))} [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {65536 if step == 506 else 32768}, reducing to {32768 if step == 506 else 16384}")
            skipped += 1
        if step % 10 == 0:
            k = step - skipped
            lr = lr0 * 0.5 * (1 + math.cos(math.pi * k / total_steps))
            if step == 510:
                t_step = t_510
            stamp = ds_stamp(s.at(t_step))
            s.joblog(t_step, J, f"{stamp} [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped={skipped}, lr=[{lr!r}, {lr!r}], mom=[(0.9, 0.95), (0.9, 0.95)]")
            cur = 64 / sec * (1 + rng.uniform(-0.02, 0.02))
            s.joblog(t_step + 0.001, J, f"{ds_stamp(s.at(t_step + 0.001))} [INFO] [timer.py:199:stop] epoch=0/micro_step={step}/global_step={step}, RunningAvgSamplesPerSec={64 / sec * 0.998:.15g}, CurrSamplesPerSec={cur:.15g}, MemAllocated=4.37GB, MaxMemAllocated=15.94GB")
        step += 1
    s.joblog(t_end_ep1 + 1.2, J, "***** Evaluating perplexity, Epoch 1/16 *****")
    s.joblog(t_end_ep1 + 22.5, J, "ppl: 1.9436185359954834")
    s.joblog(t_end_ep1 + 22.6, J, "Beginning of Epoch 2/16, Total Micro Batches 1840")
    step, t0b = 1850, t_end_ep1 + 22.6
    while True:
        t_step = t0b + (step - 1840) * sec + rng.uniform(-0.05, 0.05)
        if t_step > t_end_ep1 + 900:
            break
        if step % 10 == 0:
            k = step - skipped
            lr = lr0 * 0.5 * (1 + math.cos(math.pi * k / total_steps))
            s.joblog(t_step, J, f"{ds_stamp(s.at(t_step))} [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped={skipped}, lr=[{lr!r}, {lr!r}], mom=[(0.9, 0.95), (0.9, 0.95)]")
            s.joblog(t_step + 0.001, J, f"{ds_stamp(s.at(t_step + 0.001))} [INFO] [timer.py:199:stop] epoch=1/micro_step={step - 1840}/global_step={step}, RunningAvgSamplesPerSec={64 / sec * 0.997:.15g}, CurrSamplesPerSec={64 / sec * (1 + rng.uniform(-0.02, 0.02)):.15g}, MemAllocated=4.37GB, MaxMemAllocated=15.94GB")
        step += 1
    t_last = t_end_ep1 + 900
    t2 = 40.0
    while t2 < t_last:  # neighbour (SYNTH): Seq2SeqTrainer-style dict every 25 steps (~61 s)
        s.joblog(t2, N, f"{{'loss': {0.241 + rng.uniform(-0.01, 0.01):.4f}, 'learning_rate': 8.5e-06, 'epoch': {1.2 + t2 / 40000:.2f}}}")
        t2 += 61.0 + rng.uniform(-0.5, 0.5)

    def tel(n_, g, t3):
        if n_ == "dgx02" and t_end_ep1 + 1 < t3 < t_end_ep1 + 22:
            f = busy(rng, "a100")
            f["DCGM_FI_DEV_GPU_UTIL"] = 41 + rng.randint(0, 9)
            return f
        return busy(rng, "a100")
    telemetry_gap(s, ["dgx02", "dgx03"], 8, 0.0, t_last, 150.0, tel, fields=LIGHT)
    s.truth = truth(None, no_requeue=[J, N], no_drain=["dgx02", "dgx03"])
    return s



# ======================================================================================
# S7  trinity-node045-ib-not-initialised  (network: node045's ConnectX HCA comes up without its InfiniBand ports
#     (firmware/OEM mismatch); an MPI training job placed on it silently falls back to TCP and runs ~3x slower)
# ======================================================================================
# Lines: https://github.com/clustervision/trinity/issues/219 -- "Trinity: on some nodes the IB fails to initialize"
# (hansthen, 2015-05-05): on node045 `ibstatus` finds no InfiniBand device; its dmesg (quoted below) loads mlx4_en and
# mlx4_ib but no IB port comes up; "Reboot did not work". Conclusion (linuxstudio, 2015-05-08): "Fixed through a firmware
# update of the infiniband cards. Some nodes have installed a card with a different OEM identifier string." -- the
# node's own HCA was at fault (a node network fault, repaired on the node).
REAL_S7_DMESG = [
    "[  939.318674] mlx4_en: Mellanox ConnectX HCA Ethernet driver v2.2-1 (Feb 2014)",
    "[  939.318810] mlx4_en 0000:0d:00.0: LSO not supported, please upgrade to later FW version to enable LSO",
    "[  939.319023] mlx4_en 0000:0d:00.0: UDP RSS is not supported on this device",
    "[  939.325643] <mlx4_ib> mlx4_ib_add: mlx4_ib: Mellanox ConnectX InfiniBand driver v2.2-1 (Feb 2014)",
]

PROFILES["k80"] = (57, 5, 118.0, 14.0, 823, 10400, 600)  # SYNTH datasheet-level values (one K80 die)


def cntk_mb(ep: int, lo: int, pct: float, loss: float, err: float, sec: float) -> str:
    """SYNTH: CNTK 1.x SGD minibatch progress line (100 minibatches of 256 samples per line)."""
    return (f" Epoch[{ep:2d} of 30]-Minibatch[{lo:4d}-{lo + 99:4d}, {pct:.2f}%]: SamplesSeen = 25600; TrainLossPerSample = {loss:8.5f}; "
            f"EvalErr[0]PerSample = {err:.5f}; TotalTime = {sec:.4f}s; SamplesPerSecond = {25600 / sec:.1f}")


def build_s7() -> Scenario:
    J, B = "4410", "4409"
    s = Scenario(
        "trinity-node045-ib-not-initialised",
        "node045 is rebooted back into the pool: its mlx4 driver loads with a firmware warning but no InfiniBand port "
        "comes up. A 32-rank Open MPI CNTK job placed on node[041-048] warns once that ranks on node045 found no "
        "OpenFabrics interface and then trains at a third of the speed of the owner's identical job on node[033-040] "
        "(the allreduce falls back to TCP through node045). Nothing crashes.",
        "2015-05-05T08:50:00Z",
        {"name": "trinity", "partition": "gpu", "nodes": "node[033-048]", "gpus_per_node": 4},
        [{"id": J, "name": "cntk-asr-b", "user": "mdejong", "nodes": "node[041-048]", "tasks_per_node": 4,
          "started": "2015-05-05T08:52:10Z", "comment": comment(2, "/home/mdejong/asr/Models")},
         {"id": B, "name": "cntk-asr-a", "user": "mdejong", "nodes": "node[033-040]", "tasks_per_node": 4,
          "started": "2015-05-05T07:58:40Z", "comment": comment(2, "/home/mdejong/asr/Models")}],
    )
    rng = s.rng
    boot0 = 12.0                    # the mlx4 driver lines land at scenario t 12 (node045 uptime 939 s)
    t_drv = boot0
    for l in REAL_S7_DMESG:
        up = float(l[1:l.index("]")])
        s.kernel(t_drv + (up - 939.318674), "node045", retime_dmesg(l, s.at(t_drv + (up - 939.318674))))  # REAL body
    s.node_state(boot0 + 58.0, "node045", "IDLE", "")  # SYNTH: returned to service after the reboot
    t_start = 2 * 60 + 10.0
    s.job_state(t_start, J, "RUNNING", "0:0", nodes="node[041-048]")
    t = t_start + 14.0
    # SYNTH: Open MPI 1.8 help message (btl:no-nics) for a rank on node045, aggregated for the other three
    for l in ["--------------------------------------------------------------------------",
              "[[57384,1],16]: A high-performance Open MPI point-to-point messaging module",
              "was unable to find any relevant network interfaces:",
              "",
              "Module: OpenFabrics (openib)",
              "  Host: node045",
              "",
              "Another transport will be used instead, although this may result in",
              "lower performance.",
              "--------------------------------------------------------------------------"]:
        s.joblog(t, J, l)
        t += 0.001
    s.joblog(t + 0.3, J, "[node041:21877] 3 more processes have sent help message help-mpi-btl-base.txt / btl:no-nics")
    s.joblog(t + 0.3, J, "[node041:21877] Set MCA parameter \"orte_base_help_aggregate\" to 0 to see all help / error messages")
    # CNTK start-up and progress on both jobs (SYNTH): B at ~22.4 s per 100 minibatches, J at ~68 s
    def run(job, t0, ep, mb0, sec, until, head):
        t = t0
        if head:
            s.joblog(t, job, "Starting Epoch 1: learning rate per sample = 0.003906  effective momentum = 0.900000  momentum as time constant = 2429.8 samples")
            s.joblog(t + 0.2, job, "starting epoch 0 at record count 0, and file position 0")
            s.joblog(t + 0.2, job, "already there from last epoch")
            s.joblog(t + 0.4, job, "")
            s.joblog(t + 0.4, job, "Starting minibatch loop.")
        lo = mb0
        while t < until:
            d = sec * (1 + rng.uniform(-0.015, 0.015))
            t += d
            pct = 100.0 * (lo + 99) / 2600
            loss = 3.5 * 0.99993 ** ((ep - 1) * 2600 + lo) + 1.1 + rng.uniform(-0.01, 0.01)
            s.joblog(t, job, cntk_mb(ep, lo, pct, loss, 0.30 + 0.5 * (loss - 1.1) / 3.5, d))
            lo += 100
            if lo > 2600:
                s.joblog(t + 2.1, job, f"Finished Epoch[{ep:2d} of 30]: [Training Set] TrainLossPerSample = {loss:.7f}; EvalErrPerSample = {0.30 + 0.5 * (loss - 1.1) / 3.5:.7f}; AvgLearningRatePerSample = 0.00390625; EpochTime={sec * 26:.4f}")
                s.joblog(t + 2.3, job, f"SGD: Saving checkpoint model '/home/mdejong/asr/Models/cntk-asr.dnn.{ep}'")
                t += 9.0
                ep += 1
                lo = 1
                s.joblog(t, job, f"Starting Epoch {ep}: learning rate per sample = 0.003906  effective momentum = 0.900000  momentum as time constant = 2429.8 samples")
    t_end = t_start + 3600.0
    run(B, 9.0 - 22.4, 4, 1501, 22.4, t_end, False)
    run(J, t + 41.0, 1, 1, 68.3, t_end, True)

    def tel(n_, g, t3):
        if n_.startswith("node04") and int(n_[4:]) >= 41:
            if t3 < t_start + 40:
                return idle(rng, "k80")
            f = busy(rng, "k80")
            f["DCGM_FI_DEV_GPU_UTIL"] = 31 + rng.randint(-5, 6)      # waiting on the TCP allreduce most of the time
            f["DCGM_FI_DEV_POWER_USAGE"] = round(62 + rng.uniform(-6, 6), 1)
            return f
        return busy(rng, "k80")
    telemetry_gap(s, expand_hostlist("node[041-048]"), 4, 0.0, t_end, 600.0, tel, fields=LIGHT)
    telemetry_gap(s, ["node036"], 4, 0.0, t_end, 600.0, tel, fields=LIGHT)
    s.truth = truth({"t": t_drv, "category": "network", "node": "node045"},
                    drain=["node045"], requeue={J: {"exclude": ["node045"]}}, no_requeue=[B],
                    no_drain=["node041", "node036"])
    return s



# ======================================================================================
# S8  healthy-mxnet-speed-drops-then-settles  (healthy: a 3-GPU MXNet job's Speedometer falls from 201 to ~172
#     samples/sec in its first minutes -- GPU boost clocks settling as the cards warm up -- and stays there)
# ======================================================================================
# Lines: https://github.com/apache/mxnet/issues/223 -- "A question about running speed" (junranhe, 2015-10-07):
# inception-bn on 3 GPUs starts at 201 samples/sec and slows to ~174 (log below; the issue text shows the Speedometer's
# tab expanded to spaces). Conclusion (maintainer tqchen): "We also observe this slow slow down and stabilization in most
# cases. So for now this is normal phenomenon for mxnet. This could due to GPU freq slow down or other reasons" -- benign.
REAL_S8_LINES = [
    "INFO:root:Start training with [gpu(0), gpu(1), gpu(2)]",
    "INFO:root:Iter[0] Batch [10]    Speed: 201.07 samples/sec",
    "INFO:root:Iter[0] Batch [20]    Speed: 188.29 samples/sec",
    "INFO:root:Iter[0] Batch [30]    Speed: 183.96 samples/sec",
    "INFO:root:Iter[0] Batch [40]    Speed: 184.11 samples/sec",
    "INFO:root:Iter[0] Batch [50]    Speed: 184.51 samples/sec",
    "INFO:root:Iter[0] Batch [60]    Speed: 185.40 samples/sec",
    "INFO:root:Iter[0] Batch [70]    Speed: 178.27 samples/sec",
    "INFO:root:Iter[0] Batch [80]    Speed: 176.74 samples/sec",
    "INFO:root:Iter[0] Batch [90]    Speed: 174.46 samples/sec",
    "INFO:root:Iter[0] Batch [100]   Speed: 175.03 samples/sec",
    "INFO:root:Iter[0] Batch [110]   Speed: 171.43 samples/sec",
    "INFO:root:Iter[0] Batch [120]   Speed: 174.72 samples/sec",
]

PROFILES["titanx"] = (66, 4, 221.0, 14.0, 1075, 9400, 400)  # SYNTH datasheet-level values (GTX Titan X, 2015)


def build_s8() -> Scenario:
    J, N = "811", "806"
    s = Scenario(
        "healthy-mxnet-speed-drops-then-settles",
        "A single-node 3-GPU MXNet inception-bn training job logs Speedometer lines every ~7 s; its throughput falls "
        "from 201 to about 172 samples/sec over the first couple of minutes as all three cards warm up and their "
        "boost clocks settle, then stays flat. Nothing is wrong.",
        "2015-10-07T08:10:00Z",
        {"name": "lab-gpu", "partition": "gpu", "nodes": "gpu[01-04]", "gpus_per_node": 4},
        [{"id": J, "name": "inception-bn-imagenet", "user": "jrhe", "nodes": "gpu02", "tasks_per_node": 1,
          "started": "2015-10-07T08:09:31Z", "comment": comment(1, "/home/jrhe/mxnet/model")},
         {"id": N, "name": "lstm-ptb", "user": "wli", "nodes": "gpu03", "tasks_per_node": 1,
          "started": "2015-10-07T06:55:00Z"}],
    )
    rng = s.rng
    t = 14.0
    s.joblog(t, J, "[08:10:14] src/io/iter_image_recordio.cc:211: ImageRecordIOParser: data/imagenet/train.rec, use 4 threads for decoding..")
    s.joblog(t + 0.6, J, "[08:10:14] src/io/iter_image_recordio.cc:211: ImageRecordIOParser: data/imagenet/val.rec, use 4 threads for decoding..")
    t += 9.8
    s.joblog(t, J, REAL_S8_LINES[0])  # REAL
    t += 4.1
    speeds = []
    for l in REAL_S8_LINES[1:]:
        v = float(l.split("Speed: ")[1].split()[0])
        t += 10 * 128 / v
        s.joblog(t, J, l)  # REAL
        speeds.append(v)
    b = 130
    while t < 2700:  # SYNTH: the Speedometer keeps reporting ~172 samples/sec (tab expanded like the real lines)
        v = 172.4 + rng.uniform(-2.2, 2.2)
        t += 10 * 128 / v
        s.joblog(t, J, f"INFO:root:Iter[0] Batch [{b}]\tSpeed: {v:.2f} samples/sec".expandtabs(8))
        b += 10
    t2 = 20.0
    while t2 < 2700:  # neighbour (SYNTH): a PTB LSTM printing perplexity every ~30 s
        s.joblog(t2, N, f"Epoch [7] Batch [{int(t2 / 30) * 50 % 1300}] Train-Perplexity={118.4 + rng.uniform(-3, 3):.2f}")
        t2 += 30.2 + rng.uniform(-0.3, 0.3)

    def tel(n_, g, t3):
        if n_ == "gpu02" and g < 3:
            warm = min(1.0, max(0.0, (t3 - 25) / 160))  # boost clocks settle as the card heats up
            f = healthy_fields(rng, "titanx", 0.97, fb=True)
            f["DCGM_FI_DEV_GPU_TEMP"] = int(58 + 25 * warm) + rng.randint(-1, 1)
            f["DCGM_FI_DEV_SM_CLOCK"] = int(1215 - 140 * warm) - 13 * rng.randint(0, 1)
            return f
        if n_ == "gpu02":
            return idle(rng, "titanx")
        return busy(rng, "titanx")
    telemetry_gap(s, ["gpu02", "gpu03"], 4, 0.0, 2700.0, 60.0, tel,
                  fields=LIGHT + ("DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"))
    s.truth = truth(None, no_requeue=[J, N], no_drain=["gpu02", "gpu03"])
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
