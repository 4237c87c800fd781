#!/usr/bin/env python3
"""Build the holdout10 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout9):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to `mpirun_prefix` are copied from holdout9's build.py (same machinery).
"""
from __future__ import annotations


import datetime as dt
import json
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


def tqdm_bar(n: int, total: int, cells: int = 10) -> str:
    """The bar tqdm draws, with its eighth-block partial cell."""
    frac = n / total
    full = int(frac * cells)
    rem = frac * cells - full
    parts = " ▏▎▍▌▋▊▉"
    bar = "█" * full
    if full < cells:
        bar += parts[int(rem * 8)] if int(rem * 8) else " "
        bar += " " * (cells - full - 1)
    return bar


def tqdm_line(n: int, total: int, elapsed: float, rate: float, prefix: str = "", post: str = "") -> str:
    pct = int(100 * n / total)
    remaining = (total - n) * rate
    tail = f"{rate:5.2f}s/it" if rate >= 1 else f"{1 / rate:5.2f}it/s"
    extra = f", {post}" if post else ""
    return f"{prefix}{pct:3d}%|{tqdm_bar(n, total)}| {n}/{total} [{hms(elapsed)}<{hms(remaining)}, {tail}{extra}]"


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


# ======================================================================================
# S1  trixie-cn110-libcuda-segfault-hang  (hang, node with history -> drain)
# ======================================================================================
# Lines: https://github.com/ai4d-iasc/trixie/issues/55 -- "job hanging" (kryczko, 2021-03-24): a multi-GPU
# multi-node job on cn[104-110] hangs; the admin (fieldsa) finds in the system logs of cn110 repeated
#   `python[...]: segfault at 1378 ... error 4 in libcuda.so.418.67`; cn[104-110] stayed idle/undrained.
# Conclusion: https://github.com/ai4d-iasc/trixie/issues/38 -- "issue with cn110": kryczko "There still seems to be an
# issue with this node see issue #55"; NRC drained it again and finally "CN 110 has had its GPU replaced, tested and
# has been put back into service." cn110 had already been drained for a GPU problem in Oct 2020 (-> history).
# The job in #55 was a distributed inference job; here it is a training job of the same user on the same nodes
# (the kernel evidence does not depend on the workload).  Journal stamps and host kept verbatim.
REAL_TRIXIE_SEGV = [
    "Mar 24 09:53:55 cn110 kernel: python[3551]: segfault at 1378 ip 00007fff859dbeff sp 00007fff3b60ce60 error 4 in libcuda.so.418.67[7fff858c5000+dec000]",
    "Mar 24 11:11:26 cn110 kernel: python[15677]: segfault at 1378 ip 00007fff859dbeff sp 00007fff3b60ce60 error 4 in libcuda.so.418.67[7fff858c5000+dec000]",
]


def build_s1() -> Scenario:
    A, B, N = "4417", "4431", "4420"
    nodes = [f"cn{i}" for i in range(104, 111)]
    s = Scenario(
        "trixie-cn110-libcuda-segfault-hang",
        "A 7-node x 4 V100 PyTorch DDP job on cn[104-110] stops making progress; the only evidence is a python segfault "
        "inside libcuda in cn110's kernel log. The owner cancels and resubmits on the same nodes; it hangs again with the "
        "same segfault on cn110. cn110 was drained for a GPU problem five months earlier.",
        "2021-03-24T09:30:00Z",
        {"name": "trixie", "partition": "TrixieMain", "nodes": "cn[101-136]", "gpus_per_node": 4},
        [{"id": A, "name": "dnns-train", "user": "kryczko", "nodes": "cn[104-110]", "tasks_per_node": 4,
          "started": "2021-03-24T09:12:00Z"},
         {"id": B, "name": "dnns-train", "user": "kryczko", "nodes": "cn[104-110]", "tasks_per_node": 4,
          "started": "2021-03-24T11:02:10Z", "comment": comment(2, "/gpfs/home/ryczkok/ckpt/dnns")},
         {"id": N, "name": "bert-ner-ft", "user": "slarkin", "nodes": "cn[120-123]", "tasks_per_node": 4,
          "started": "2021-03-24T07:55:00Z", "comment": comment(1)}],
        history=[{"at": "2020-10-16T15:42:00Z", "node": "cn110", "verdict": "suspect", "category": "gpu_hardware"}],
    )
    rng = s.rng
    t_f1, t_cancel, t_b, t_f2, t_end = 1435.0, 5310.0, 5530.0, 6086.0, 9900.0

    def progress(job, t0, t1, ep, b0):
        t, b = t0, b0
        while t < t1:  # SYNTH: rank-0 print of the user's own training loop, every 50 batches (~0.9 s/batch)
            s.joblog(t, job, f"Epoch {ep} batch {b}/2400 loss {0.0215 + rng.uniform(-0.002, 0.002):.5f} "
                             f"time/batch {0.90 + rng.uniform(-0.03, 0.03):.3f}s")
            b += 50
            if b > 2400:
                ep, b = ep + 1, 50
                s.joblog(t + 0.5, job, f"Epoch {ep - 1} done: val loss {0.0231 + rng.uniform(-0.001, 0.001):.5f}")
            t += 45.0 + rng.uniform(-1.5, 1.5)
        return t
    progress(A, 8.0, t_f1 - 20, 37, 900)
    s.kernel(t_f1, "cn110", REAL_TRIXIE_SEGV[0])  # REAL
    s.joblog(t_cancel, A, cancel_line(A, "cn104", s.at(t_cancel)))  # SYNTH (owner's scancel after ~65 min of silence)
    job_end(s, t_cancel + 1.0, A, "CANCELLED", "0:15")
    s.job_state(t_b, B, "RUNNING", "0:0", nodes="cn[104-110]")  # SYNTH (resubmission, opted in this time)
    s.joblog(t_b + 20.0, B, "Loading checkpoint /gpfs/home/ryczkok/ckpt/dnns/epoch_38.pt")  # SYNTH
    progress(B, t_b + 60.0, t_f2 - 20, 39, 50)
    s.kernel(t_f2, "cn110", REAL_TRIXIE_SEGV[1])  # REAL
    t2 = 20.0
    while t2 < t_end:  # SYNTH neighbour (HF Trainer dicts)
        s.joblog(t2, N, f"{{'loss': {0.091 + rng.uniform(-0.01, 0.01):.4f}, 'learning_rate': 2.4e-05, 'epoch': {2.1 + t2 / 20000:.2f}}}")
        t2 += 90.0

    def fn(n_, g, t3):  # SYNTH: V100 32GB; ranks left in the collective spin, the dead rank's GPU on cn110 empties
        if n_ in ("cn120", "cn121"):
            return busy(rng, "v100_32")
        hung = t_f1 < t3 < t_cancel or t_f2 < t3
        idle_gap = t_cancel < t3 < t_b + 40
        if idle_gap:
            return idle(rng, "v100_32")
        if hung:
            if n_ == "cn110" and g == 2:
                return idle(rng, "v100_32")
            return spinning(rng, "v100_32")
        return busy(rng, "v100_32")
    s.telemetry(["cn104", "cn110", "cn120"], 4, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_f1, "category": "hang", "node": "cn110"},
                    drain=["cn110"], requeue={B: {"exclude": ["cn110"]}},
                    no_requeue=[A, N], no_drain=[n for n in nodes if n != "cn110"])
    return s


# ======================================================================================
# S2  deepspeed-512gpu-zero2-hang-bad-node  (hang, no history -> requeue without it, no drain)
# ======================================================================================
# Lines: https://github.com/deepspeedai/DeepSpeed/issues/1969 -- "[BUG] Job hangs at backward" (amsword, 2022-05-19):
# "The job contains 512 GPUs. All processes are waiting allreduce, but one is waiting at split()", with the gdb
# `py-bt` of the allreduce waiters (ZeRO stage 2, torch 1.x under /opt/conda/lib/python3.8). Conclusion (amsword,
# 2022-05-20): "this problem turns out the bad node issue. it can be closed." No hardware line in the thread.
# Which rank/node was the odd one is not in the thread: here rank 301 (-> 38th node, local GPU 5) -- SYNTH.
REAL_DS_PYBT = [
    "Traceback (most recent call first):",
    "  <built-in method allreduce of PyCapsule object at remote 0x7fb3b12c3f90>",
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/distributed_c10d.py", line 1209, in all_reduce',
    "    work = group.allreduce([tensor], opts)",
    '  File "/opt/conda/lib/python3.8/site-packages/deepspeed/runtime/zero/stage2.py", line 1326, in allreduce_bucket',
    "    dist.all_reduce(tensor_to_allreduce, group=self.dp_process_group)",
    '  File "/opt/conda/lib/python3.8/site-packages/deepspeed/runtime/zero/stage2.py", line 1354, in allreduce_and_copy',
    "    allreduced = self.allreduce_bucket(small_bucket, rank=rank, log=log)",
    '  File "/opt/conda/lib/python3.8/site-packages/deepspeed/runtime/zero/stage2.py", line 1374, in allreduce_no_retain',
    "    self.allreduce_and_copy(small_bucket, rank=rank, log=log)",
    '  File "/opt/conda/lib/python3.8/site-packages/deepspeed/runtime/zero/stage2.py", line 1642, in buffered_reduce_fallback',
    "    self.averaged_gradients = {}",
    '  File "/opt/conda/lib/python3.8/site-packages/deepspeed/runtime/zero/stage2.py", line 2215, in reduce_ipg_grads',
]


def build_s2() -> Scenario:
    J, N = "77210", "77233"
    s = Scenario(
        "deepspeed-512gpu-zero2-hang-bad-node",
        "A 64-node x 8 V100 DeepSpeed ZeRO-2 pretraining job (512 ranks) stops logging; no error, no watchdog abort "
        "(torch 1.x default). 45 minutes later the owner dumps every rank's Python stack with gdb into the job log: 511 "
        "ranks wait in allreduce, one rank on az-nd038 is elsewhere.",
        "2022-05-19T02:00:00Z",
        {"name": "sim-az", "partition": "nd40", "nodes": "az-nd[001-072]", "gpus_per_node": 8},
        [{"id": J, "name": "vl-pretrain-512", "user": "amsword", "nodes": "az-nd[001-064]", "tasks_per_node": 8,
          "started": "2022-05-18T20:15:00Z", "comment": comment(3, "/blob/amsword/vlp/ckpt")},
         {"id": N, "name": "det-ft-32", "user": "lijuan", "nodes": "az-nd[065-068]", "tasks_per_node": 8,
          "started": "2022-05-19T00:40:00Z", "comment": comment(1)}],
    )
    rng = s.rng
    t, step = 12.0, 41_230
    while t < 5400:  # SYNTH: DeepSpeed log_dist every 10 steps (~4.6 s/step) + the trainer's own line
        d = s.at(t)
        s.joblog(t, J, f"{ds_stamp(d)} [INFO] [logging.py:69:log_dist] [Rank 0] step={step}, skipped=0, "
                       f"lr=[{9.1e-05 - step * 1e-10:.6e}], mom=[(0.9, 0.999)]")
        s.joblog(t + 0.1, J, f"iter {step} | loss {2.214 + rng.uniform(-0.04, 0.04):.4f} | grad_norm {rng.uniform(0.8, 1.2):.3f} | 4.61 s/it")
        step += 10
        t += 46.1 + rng.uniform(-0.5, 0.5)
    t_f = t - 46.1 + 4.6  # the step after the last logged one never finishes
    t_dump = t_f + 2700.0
    hdr = "=== py-bt {r:>3}: {h} pid {p} ==="  # SYNTH: the owner's `srun --overlap ... gdb -batch -ex py-bt` wrapper
    tt = t_dump
    for r in (0, 1, 8, 300, 302, 511):
        h = f"az-nd{r // 8 + 1:03d}"
        s.joblog(tt, J, hdr.format(r=r, h=h, p=38120 + r % 8))
        for i, l in enumerate(REAL_DS_PYBT):
            s.joblog(tt + 0.001 * (i + 1), J, l)  # REAL (the allreduce waiters' stack)
        tt += 0.4
    s.joblog(tt, J, hdr.format(r=301, h="az-nd038", p=38125))  # SYNTH: the odd rank
    for i, l in enumerate([
        "Traceback (most recent call first):",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/functional.py", line 189, in split',
        "    return tensor.split(split_size_or_sections, dim)",
        '  File "/opt/conda/lib/python3.8/site-packages/deepspeed/runtime/zero/stage2.py", line 1637, in buffered_reduce_fallback',
        "    grads = torch.split(flat, split_sizes)",
    ]):
        s.joblog(tt + 0.001 * (i + 1), J, l)  # SYNTH
    s.joblog(tt + 1.0, J, "(508 further ranks: same stack as rank 0)")  # SYNTH
    t_end = t_dump + 900.0
    t2 = 30.0
    while t2 < t_end:  # SYNTH neighbour (mmdet-style)
        s.joblog(t2, N, f"Epoch [{3 + int(t2 // 4000)}][{int(t2 / 4) % 1000 + 1}/1000]\tlr: 2.000e-04, loss: {0.61 + rng.uniform(-0.05, 0.05):.4f}")
        t2 += 100.0

    def fn(n_, g, t3):  # SYNTH: waiters spin in NCCL at 100 % util / low power; rank 301's GPU idles
        if n_ == "az-nd065":
            return busy(rng, "v100_32")
        if t3 < t_f:
            return busy(rng, "v100_32")
        if n_ == "az-nd038" and g == 5:
            f = idle(rng, "v100_32")
            f["DCGM_FI_DEV_FB_USED"] = 29100 + rng.randint(-200, 200)
            return f
        return spinning(rng, "v100_32")
    s.telemetry(["az-nd037", "az-nd038", "az-nd065"], 8, 0.0, t_end, 240.0, fn)
    s.truth = truth({"t": t_f, "category": "hang", "node": "az-nd038"},
                    requeue={J: {"exclude": ["az-nd038"]}},
                    no_requeue=[N], no_drain=["az-nd038", "az-nd001", "az-nd037"])
    return s


# ======================================================================================
# S3  gpu1-off-bus-nvidia-smi-reseat  (gpu_hardware, no Xid line)
# ======================================================================================
# Line: https://github.com/NVIDIA/open-gpu-kernel-modules/issues/387 -- "Unable to determine the device handle for GPU"
# (DanielCoelho112, host `deeplar`, 4x RTX 2080 Ti): "Sometime when using the GPU, the GPU 1 falls out of the bus, and
# the command nvidia-smi outputs the folllowing error: Unable to determine the device handle for GPU 0000:0B:00.0:
# Unknown Error." Conclusion (same author, 2022-10-19): "Fixed by reseating GPU." -> a physically badly seated GPU:
# hardware of that host, GPU 1 (bus 0000:0B:00). The thread shows no kernel line (the bug report is an attachment).
REAL_OFFBUS = "Unable to determine the device handle for GPU 0000:0B:00.0: Unknown Error"


def build_s3() -> Scenario:
    J, N = "2291", "2288"
    s = Scenario(
        "gpu1-off-bus-nvidia-smi-reseat",
        "A 4 x RTX 2080 Ti PyTorch Lightning DDP job on lab node deeplar dies with a CUDA launch failure on rank 1; the job "
        "script's post-mortem nvidia-smi cannot reach the GPU at bus 0000:0B:00. No Xid line reaches the collector.",
        "2022-10-11T13:00:00Z",
        {"name": "lar", "partition": "gpu", "nodes": "deeplar,lar-ws[1-3]", "gpus_per_node": 4,
         "pci_bus_ids": ["0000:04:00", "0000:0b:00", "0000:83:00", "0000:8a:00"]},
        [{"id": J, "name": "lidar-seg-ddp", "user": "dcoelho", "nodes": "deeplar", "tasks_per_node": 4,
          "started": "2022-10-11T12:20:00Z", "comment": comment(2, "/data/dcoelho/ckpt")},
         {"id": N, "name": "grasp-rl", "user": "mrocha", "nodes": "lar-ws2", "tasks_per_node": 2,
          "started": "2022-10-11T11:05:00Z"}],
    )
    rng = s.rng
    t_f = 4213.377
    t, ep, it, total = 6.0, 7, 310, 1000
    while t < t_f - 3:  # SYNTH: Lightning's tqdm bar (one refresh captured every ~30 s, 0.43 s/it)
        s.joblog(t, J, tqdm_line(it, total, it * 0.43, 0.43, prefix=f"Epoch {ep}:  ",
                                 post=f"loss={0.231 + rng.uniform(-0.02, 0.02):.3f}, v_num=3"))
        it += 70
        if it >= total:
            s.joblog(t + 1.0, J, f"Epoch {ep}, global step {ep * total + total}: 'val_miou' reached 0.6{rng.randint(10, 60)} (best 0.6{rng.randint(10, 60)}), saving model to '/data/dcoelho/ckpt/last.ckpt'")  # SYNTH
            ep, it = ep + 1, it - total
        t += 30.1 + rng.uniform(-0.4, 0.4)
    s.joblog(t_f, J, "[rank1]: RuntimeError: CUDA error: unspecified launch failure")  # SYNTH (typical off-bus symptom)
    s.joblog(t_f + 0.1, J, "[rank1]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")  # SYNTH
    s.joblog(t_f + 2.3, J, f"{ds_stamp(s.at(t_f + 2.3))} torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process 51202 closing signal SIGTERM")  # SYNTH
    s.joblog(t_f + 4.0, J, f"{ds_stamp(s.at(t_f + 4.0))} torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) local_rank: 1 (pid: 51203) of binary: /home/dcoelho/venv/bin/python")  # SYNTH
    s.joblog(t_f + 6.0, J, "--- post-mortem: nvidia-smi ---")  # SYNTH (the job script runs nvidia-smi when python fails)
    s.joblog(t_f + 6.4, J, REAL_OFFBUS)  # REAL
    job_end(s, t_f + 8.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 15.0
    while t2 < 6000:  # SYNTH neighbour
        s.joblog(t2, N, f"| rollout/ep_rew_mean | {rng.uniform(40, 60):.1f} | time/total_timesteps | {int(t2 * 210)} |")
        t2 += 120.0

    def fn(n_, g, t3):  # SYNTH: GPU 1 stops answering DCGM after the fall; the others idle once the job is gone
        if n_ == "lar-ws2":
            return busy(rng, "rtx3090") if g < 2 else idle(rng, "rtx3090")
        if g == 1 and t3 > t_f - 1:
            return None
        return busy(rng, "rtx4090") if t3 < t_f else idle(rng, "rtx4090")
    s.telemetry(["deeplar", "lar-ws2"], 4, 0.0, 6000.0, 60.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": "deeplar", "gpu": 1},
                    drain=["deeplar"], requeue={J: {"exclude": ["deeplar"]}}, no_requeue=[N], no_drain=["lar-ws2"])
    return s


# ======================================================================================
# S4  silnlp-s3-connection-closed-two-jobs  (infrastructure)
# ======================================================================================
# Line: https://github.com/sillsdev/silnlp/issues/565 -- "Increase robustness of S3 connection for uploading large
# files" (mshannon-sil, 2024-10-17): "when there are many jobs running on the AQuA server, issues begin to occur with
# uploading model checkpoints to the S3 bucket. The following error has been occurring quite frequently in the last
# few days: `botocore.exceptions.ConnectionClosedError: Connection was closed before we received a valid response from
# endpoint URL:`. After 10 attempts to connect, the experiment then fails." -> the shared object store / its link
# under load: several jobs fail together, nothing is wrong with any node. The excerpt cuts the line after "URL:";
# the URL appended here is SYNTH.
REAL_S3 = "botocore.exceptions.ConnectionClosedError: Connection was closed before we received a valid response from endpoint URL:"


def build_s4() -> Scenario:
    J1, J2, J3 = "31514", "31522", "31530"
    s = Scenario(
        "silnlp-s3-connection-closed-two-jobs",
        "Three NLLB fine-tuning jobs (HF Seq2SeqTrainer via silnlp) on separate nodes upload checkpoints to the same "
        "S3 bucket. During a busy hour two of them fail at checkpoint upload after 10 retries of ConnectionClosedError; "
        "the third uploads later without trouble.",
        "2024-10-16T08:00:00Z",
        {"name": "aqua", "partition": "gpu", "nodes": "aqua-gpu[01-08]", "gpus_per_node": 4},
        [{"id": J1, "name": "nllb-ft-mat-en", "user": "mshannon", "nodes": "aqua-gpu02", "tasks_per_node": 1,
          "started": "2024-10-16T06:10:00Z", "comment": comment(2, "s3://aqua-ml/silnlp/MT/experiments/mat-en")},
         {"id": J2, "name": "nllb-ft-kek-es", "user": "ddegroot", "nodes": "aqua-gpu05", "tasks_per_node": 1,
          "started": "2024-10-16T07:02:00Z"},
         {"id": J3, "name": "nllb-ft-quy-es", "user": "ddegroot", "nodes": "aqua-gpu07", "tasks_per_node": 1,
          "started": "2024-10-16T07:30:00Z", "comment": comment(1)}],
    )
    rng = s.rng
    url = ' "https://s3.us-east-1.amazonaws.com/aqua-ml/silnlp/MT/experiments/{exp}/run/checkpoint-{st}/model.safetensors?uploadId=…"'

    def run(job, exp, t0, t_end, step0, save_every, fail_save):
        t, st, fail_t = t0, step0, None
        while t < t_end:
            st += 100  # SYNTH: HF Trainer dict every 100 steps (~0.62 s/step)
            s.joblog(t, job, f"{{'loss': {1.92 - st / 40000 + rng.uniform(-0.03, 0.03):.4f}, 'grad_norm': {rng.uniform(1.1, 1.9):.4f}, "
                             f"'learning_rate': {0.0002 * (1 - st / 60000):.6e}, 'epoch': {st / 2500:.2f}}}")
            if st % save_every == 0:
                s.joblog(t + 4.0, job, f"Saving model checkpoint to /tmp/silnlp/{exp}/run/checkpoint-{st}")  # SYNTH
                if fail_save and st >= fail_save:
                    tt = t + 9.0
                    for a in range(1, 11):  # SYNTH retry lines; the error text itself is REAL
                        s.joblog(tt, job, f"Upload attempt {a}/10 of checkpoint-{st} to S3 failed: {REAL_S3}{url.format(exp=exp, st=st)}")
                        tt += 30.0 + rng.uniform(0, 4)
                    s.joblog(tt, job, "Traceback (most recent call last):")  # SYNTH
                    s.joblog(tt + 0.01, job, '  File "/root/silnlp/silnlp/common/clearml_connection.py", line 118, in upload_checkpoint')  # SYNTH
                    s.joblog(tt + 0.02, job, REAL_S3 + url.format(exp=exp, st=st))  # REAL (+ SYNTH URL)
                    job_end(s, tt + 3.0, job, "FAILED", "1:0", "NonZeroExitCode")
                    return tt
                s.joblog(t + 40.0, job, f"Uploaded checkpoint-{st} to s3://aqua-ml/silnlp/MT/experiments/{exp}")  # SYNTH
            t += 62.0 + rng.uniform(-1, 1)
        return fail_t
    f1 = run(J1, "mat-en", 20.0, 9000.0, 11_000, 2000, 18_000)
    f2 = run(J2, "kek-es", 45.0, 9000.0, 5_200, 1500, 11_000)
    run(J3, "quy-es", 30.0, 9000.0, 3_000, 2500, None)

    def fn(n_, g, t3):  # SYNTH: one A100 40GB per job; GPUs idle once their job has failed
        if g != 0:
            return idle(rng, "a100_40")
        if (n_ == "aqua-gpu02" and t3 > f1) or (n_ == "aqua-gpu05" and t3 > f2):
            return idle(rng, "a100_40")
        return busy(rng, "a100_40")
    s.telemetry(["aqua-gpu02", "aqua-gpu05", "aqua-gpu07"], 4, 0.0, 9000.0, 180.0, fn)
    ev = [e for e in s.events if e[2].get("line", "").startswith("Upload attempt 1/10")]
    t_first = min(e[0] for e in ev)
    s.truth = truth({"t": t_first, "category": "infrastructure"},
                    no_requeue=[J1, J2, J3], no_drain=["aqua-gpu02", "aqua-gpu05"])
    return s


# ======================================================================================
# S5  bisenet-tcp-rendezvous-rank-missing  (software)
# ======================================================================================
# Lines: https://github.com/CoinCheung/BiSeNet/issues/164 -- "ValueError: Error initializing torch.distributed using
# tcp:// rendezvous: rank parameter missing" (xihongZ): traceback from tools/train_amp.py line 199 (`rank=args.local_rank`).
# Maintainer (CoinCheung): "Please describe what modifications did you make, and how did you run the scritp." / "how did
# you start training ?"; another user fixed it by changing the `dist.init_process_group(...)` call. Cause: the script was
# started without the launcher that supplies --local_rank, so rank is None -> deterministic launch/config error of the
# job; every restart repeats it.
REAL_BISENET_TB = [
    "Traceback (most recent call last):",
    '  File "/home/hi/ZXH/new test/bisenetv2/tools/train_amp.py", line 207, in <module>',
    "    main()",
    '  File "/home/hi/ZXH/new test/bisenetv2/tools/train_amp.py", line 199, in main',
    "    rank=args.local_rank",
    '  File "/home/hi/.conda/envs/pt160/lib/python3.7/site-packages/torch/distributed/distributed_c10d.py", line 422, in init_process_group',
    "    store, rank, world_size = next(rendezvous_iterator)",
    '  File "/home/hi/.conda/envs/pt160/lib/python3.7/site-packages/torch/distributed/rendezvous.py", line 119, in _tcp_rendezvous_handler',
    '    raise _error("rank parameter missing")',
    "ValueError: Error initializing torch.distributed using tcp:// rendezvous: rank parameter missing",
]


def build_s5() -> Scenario:
    J, N = "6630", "6621"
    s = Scenario(
        "bisenet-tcp-rendezvous-rank-missing",
        "A 2-GPU BiSeNetV2 training job (opted in to automatic requeue) is started with plain srun instead of the "
        "distributed launcher; both tasks die in init_process_group within seconds with the same ValueError.",
        "2021-07-14T08:00:00Z",
        {"name": "lab-a", "partition": "gpu", "nodes": "gpu[01-06]", "gpus_per_node": 4},
        [{"id": J, "name": "bisenetv2-city", "user": "hi", "nodes": "gpu03", "tasks_per_node": 2,
          "started": "2021-07-14T08:01:00Z", "comment": comment(3, "/home/hi/ZXH/new test/bisenetv2/res")},
         {"id": N, "name": "hrnet-seg", "user": "zlin", "nodes": "gpu[04-05]", "tasks_per_node": 4,
          "started": "2021-07-14T06:30:00Z", "comment": comment(2)}],
    )
    rng = s.rng
    s.job_state(60.0, J, "RUNNING", "0:0", nodes="gpu03")
    t0 = 71.512
    for r, dt_ in ((0, 0.0), (1, 0.046)):
        for i, l in enumerate(REAL_BISENET_TB):
            s.joblog(t0 + dt_ + 0.0005 * i + (0.02 if r else 0), J, l)  # REAL (both tasks print the same traceback)
    s.joblog(t0 + 1.2, J, "srun: error: gpu03: tasks 0-1: Exited with exit code 1")  # SYNTH
    job_end(s, t0 + 2.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 10.0
    while t2 < 3600:  # SYNTH neighbour
        s.joblog(t2, N, f"Epoch: [{41 + int(t2 // 1800)}][{int(t2 / 6) % 300}/300]\tTime {1.21 + rng.uniform(-0.05, 0.05):.3f}\tLoss {0.18 + rng.uniform(-0.02, 0.02):.4f}")
        t2 += 60.0

    def fn(n_, g, t3):  # SYNTH
        if n_ in ("gpu04", "gpu05"):
            return busy(rng, "rtx3090")
        return idle(rng, "rtx3090")
    s.telemetry(["gpu03", "gpu04"], 4, 0.0, 3600.0, 60.0, fn)
    s.truth = truth({"t": t0, "category": "software"}, no_requeue=[J, N], no_drain=["gpu03"])
    return s


# ======================================================================================
# S6  verl-fsdp-sft-epoch-end-hang  (software)
# ======================================================================================
# Line: https://github.com/verl-project/verl/issues/1158 -- "[Bug] NCCL ALLTOALL operation hangs on epoch transition in
# FSDP training using sft_trainer.yaml config" (zlpure, 2025-04-19): every rank's ProcessGroupNCCL heartbeat monitor
# reports the watchdog stuck for 480 s. The thread's title names the cause: verl's FSDP SFT trainer hangs at the epoch
# transition (a collective issued differently across ranks at the epoch boundary) -- the application, reproducible at
# every epoch end: a restart from the last checkpoint hangs at the same place. Rank 2's line is kept verbatim (its
# stamp E419 10:53:25 fits the scenario clock unchanged); the other ranks' copies are SYNTH.
REAL_VERL_HB = ("[rank2]:[E419 10:53:25.421620797 ProcessGroupNCCL.cpp:1484] [PG ID 2 PG GUID 9 Rank 2] ProcessGroupNCCL's "
                "watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This "
                "typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be "
                "triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other "
                "deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, "
                "you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the "
                "heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an "
                "issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. ")


def build_s6() -> Scenario:
    J, N = "90412", "90398"
    s = Scenario(
        "verl-fsdp-sft-epoch-end-hang",
        "A 2-node x 8 H100 verl FSDP SFT job finishes its first epoch and goes silent; 8 minutes later every rank's "
        "NCCL heartbeat monitor reports the watchdog stuck for 480 s and the processes are torn down.",
        "2025-04-19T09:50:00Z",
        {"name": "sim-v", "partition": "h100", "nodes": "hgx-[01-12]", "gpus_per_node": 8},
        [{"id": J, "name": "qwen7b-sft-fsdp", "user": "zlpure", "nodes": "hgx-[03-04]", "tasks_per_node": 8,
          "started": "2025-04-19T09:47:30Z", "comment": comment(2, "/mnt/ckpt/zlpure/qwen7b-sft")},
         {"id": N, "name": "dpo-llama8b", "user": "hchen", "nodes": "hgx-[07-08]", "tasks_per_node": 8,
          "started": "2025-04-19T08:10:00Z", "comment": comment(1)}],
    )
    rng = s.rng
    steps_per_epoch = 1240
    t, st = 95.0, 1
    while st <= steps_per_epoch:  # SYNTH: verl's console tracking line, one per step (~2.55 s); logged every 5th here
        if st % 10 == 0 or st == 1:
            s.joblog(t, J, f"step:{st} - train/loss:{0.612 - st / 9000 + rng.uniform(-0.03, 0.03):.6f} - train/lr(1e-3):{0.01 * min(1, st / 60):.6f}")
        if st % 100 == 0:
            s.joblog(t + 0.1, J, tqdm_line(st, steps_per_epoch, st * 2.55, 2.55, prefix="Epoch 1/3: "))
        st += 1
        t += 2.55 + rng.uniform(-0.05, 0.05)
    t_last = t - 2.55
    s.joblog(t_last + 0.2, J, tqdm_line(steps_per_epoch, steps_per_epoch, steps_per_epoch * 2.55, 2.55, prefix="Epoch 1/3: "))
    t_f = t_last + 2.0
    t_hb = (dt.datetime(2025, 4, 19, 10, 53, 25, 421621) - s.start).total_seconds()
    assert t_hb > t_f + 470, (t_hb, t_f)
    for r in range(16):  # SYNTH copies for the other ranks; rank 2 is REAL
        line = REAL_VERL_HB if r == 2 else REAL_VERL_HB.replace("[rank2]", f"[rank{r}]").replace("Rank 2]", f"Rank {r}]").replace(
            "10:53:25.421620797", f"10:53:25.{421620797 + 35110 * r + rng.randint(0, 999):09d}")
        s.joblog(t_hb + 0.00004 * r, J, line)  # REAL (rank 2) / SYNTH
    for r in range(16):  # SYNTH: the heartbeat monitor kills the process 8 minutes later
        s.joblog(t_hb + 480.0 + 0.001 * r, J, f"[rank{r}]:[F419 11:01:25.{422000000 + 1000 * r:09d} ProcessGroupNCCL.cpp:1306] [PG ID 2 PG GUID 9 Rank {r}] "
                                               f"[PG ID 2 PG GUID 9 Rank {r}] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang.")
    s.joblog(t_hb + 486.0, J, "E0419 11:01:31.210000 2718 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 0 (pid: 2790) of binary: /usr/bin/python3")  # SYNTH
    s.joblog(t_hb + 487.0, J, "srun: error: hgx-03: task 0: Exited with exit code 1")  # SYNTH
    s.joblog(t_hb + 487.2, J, "srun: error: hgx-04: task 1: Exited with exit code 1")  # SYNTH
    job_end(s, t_hb + 489.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t_end = t_hb + 1500.0
    t2 = 40.0
    while t2 < t_end:  # SYNTH neighbour
        s.joblog(t2, N, f"{{'loss': {0.55 + rng.uniform(-0.03, 0.03):.4f}, 'rewards/margins': {rng.uniform(1.5, 2.5):.3f}, 'epoch': {0.3 + t2 / 30000:.2f}}}")
        t2 += 75.0

    def fn(n_, g, t3):  # SYNTH: H100; during the hang all 16 GPUs sit in the stuck collective
        if n_ == "hgx-07":
            return busy(rng, "h100")
        if t3 < t_f:
            return busy(rng, "h100")
        if t3 < t_hb + 488:
            return spinning(rng, "h100")
        return idle(rng, "h100")
    s.telemetry(["hgx-03", "hgx-04"], 8, 0.0, t_end, 180.0, fn)
    s.truth = truth({"t": t_f, "category": "software"}, no_requeue=[J, N], no_drain=["hgx-03", "hgx-04"])
    return s


# ======================================================================================
# S7  healthy-keras-nms-output-warning  (healthy)
# ======================================================================================
# Lines: https://github.com/salman-h-khan/PL-ZSD_Release/issues/9 -- "A warning during training" (TessGreymane): keras
# `UserWarning: Output "nms" missing from loss dictionary ...` followed by two bare prints (202, 209); "this warning did
# not affect the running process". Maintainer (shafin5): "You can ignore this warning. It should not affect
# performance." -> healthy run, nothing to do.
REAL_ZSD = [
    'train_vocab_w2v.py:367: UserWarning: Output "nms" missing from loss dictionary. We assume this was done on purpose, and we will not be expecting any data to be passed to "nms" during training.',
    "  optimizer=keras.optimizers.adam(lr=1e-5, clipnorm=0.001)",
    "202",
    "209",
]


def build_s7() -> Scenario:
    J, N = "1207", "1199"
    s = Scenario(
        "healthy-keras-nms-output-warning",
        "A keras-retinanet based zero-shot detector trains on one GTX 1080 Ti; at start keras warns that output \"nms\" is "
        "missing from the loss dictionary and two bare numbers are printed; training then runs normally for 3 hours.",
        "2019-07-19T06:00:00Z",
        {"name": "vis-lab", "partition": "gpu", "nodes": "zsd-[01-04]", "gpus_per_node": 2},
        [{"id": J, "name": "plzsd-coco14", "user": "tess", "nodes": "zsd-02", "tasks_per_node": 1,
          "started": "2019-07-19T05:59:10Z", "comment": comment(1, "/home/tess/PL-ZSD/snapshots")},
         {"id": N, "name": "yolo3-voc", "user": "mkhan", "nodes": "zsd-03", "tasks_per_node": 2,
          "started": "2019-07-19T02:00:00Z"}],
    )
    rng = s.rng
    s.joblog(20.0, J, "Using TensorFlow backend.")  # SYNTH
    s.joblog(31.0, J, "Creating model, this may take a second...")  # SYNTH
    for i, l in enumerate(REAL_ZSD):
        s.joblog(44.0 + 0.01 * i + (3.0 if l.isdigit() else 0.0), J, l)  # REAL
    t, ep, n, total, sec = 60.0, 1, 0, 10000, 0.742
    s.joblog(t, J, f"Epoch {ep}/20")
    t_end = 11000.0
    while t < t_end:  # SYNTH: keras progbar refresh captured every ~60 s (0.742 s/step)
        n = min(total, n + 81)
        eta = (total - n) * sec
        bar_n = int(29 * n / total)
        bar = "=" * bar_n + (">" if n < total else "=") + "." * (29 - bar_n)
        losses = f"loss: {1.31 - ep * 0.05 + rng.uniform(-0.05, 0.05):.4f} - regression_loss: {0.61 + rng.uniform(-0.03, 0.03):.4f} - classification_loss: {0.70 - ep * 0.05 + rng.uniform(-0.03, 0.03):.4f}"
        if n < total:
            s.joblog(t, J, f"{n:5d}/{total} [{bar[:30]}] - ETA: {hms(eta)} - {losses}")
        else:
            s.joblog(t, J, f"{total}/{total} [{'=' * 30}] - {int(total * sec)}s {int(sec * 1000)}ms/step - {losses}")
            s.joblog(t + 2.0, J, f"\nEpoch {ep:05d}: saving model to ./snapshots/resnet50_coco_{ep:02d}.h5")
            ep, n = ep + 1, 0
            s.joblog(t + 3.0, J, f"Epoch {ep}/20")
        t += 60.1 + rng.uniform(-0.3, 0.3)
    t2 = 25.0
    while t2 < t_end:  # SYNTH neighbour
        s.joblog(t2, N, f"{int(t2 / 3)}: {0.9 + rng.uniform(-0.1, 0.1):.6f}, {0.95 + rng.uniform(-0.1, 0.1):.6f} avg, 0.001000 rate, 3.1 seconds, {int(t2 / 3) * 64} images")
        t2 += 180.0

    def fn(n_, g, t3):  # SYNTH
        if n_ == "zsd-02":
            return busy(rng, "gtx1080ti") if g == 0 and t3 > 45 else idle(rng, "gtx1080ti")
        return busy(rng, "gtx1080ti")
    s.telemetry(["zsd-02", "zsd-03"], 2, 0.0, t_end, 120.0, fn)
    s.truth = truth(None, no_requeue=[J], no_drain=["zsd-02"])
    return s


# ======================================================================================
# S8  healthy-zero3-invalidate-trace-cache  (healthy)
# ======================================================================================
# Line: https://github.com/Haochen-Wang409/ross3d/issues/9 -- "Invalidate trace cache @ step 327: expected module 2, but
# got module 724" (gaoxiangjun: "I get warnings like this. Is this normal during training"); maintainer: "You could try
# evaluating the checkpoint." The message is DeepSpeed ZeRO-3's parameter-prefetch coordinator noting that the module
# execution order differs from the recorded trace (data-dependent forward paths, e.g. vision towers skipped for
# text-only samples); it re-records the trace and only costs prefetch efficiency. Training continues -> healthy.
REAL_TRACE = "Invalidate trace cache @ step 327: expected module 2, but got module 724"


def build_s8() -> Scenario:
    J = "55120"
    s = Scenario(
        "healthy-zero3-invalidate-trace-cache",
        "A 2-node x 8 A800 DeepSpeed ZeRO-3 video-LLM fine-tune (HF Trainer) logs repeated 'Invalidate trace cache' "
        "warnings from several ranks while its loss and throughput stay normal for 2.5 hours.",
        "2025-07-24T01:00:00Z",
        {"name": "sim-r", "partition": "a800", "nodes": "a800-[01-08]", "gpus_per_node": 8},
        [{"id": J, "name": "ross3d-sft", "user": "gaoxj", "nodes": "a800-[03-04]", "tasks_per_node": 8,
          "started": "2025-07-24T00:41:00Z", "comment": comment(2, "/mnt/ckpt/gaoxj/ross3d")}],
    )
    rng = s.rng
    t, st, total = 30.0, 180, 6210
    warn_at = {327: REAL_TRACE}
    for k in (611, 1022, 1544, 2089, 2750, 3301, 3969, 4404):
        warn_at[k] = f"Invalidate trace cache @ step {k % 797}: expected module {rng.randint(1, 40)}, but got module {rng.randint(600, 900)}"  # SYNTH variants
    t_end = 9300.0
    while t < t_end:
        st += 1
        if st in warn_at:
            for r in sorted(rng.sample(range(16), 3)):
                s.joblog(t + 0.01 * r, J, warn_at[st])  # REAL (327) / SYNTH (other steps); printed bare, as in the thread
        if st % 10 == 0:  # SYNTH: HF Trainer logging_steps=10 dict + tqdm refresh (~1.45 s/step)
            s.joblog(t, J, f"{{'loss': {0.93 - st / 30000 + rng.uniform(-0.05, 0.05):.4f}, 'grad_norm': {rng.uniform(0.9, 2.4):.4f}, "
                           f"'learning_rate': {1e-5 * (1 - st / total):.4e}, 'epoch': {st / 2070:.2f}}}")
            if st % 50 == 0:
                s.joblog(t + 0.05, J, tqdm_line(st, total, (st - 180) * 1.45 + 900, 1.45))
        if st % 1000 == 0:
            s.joblog(t + 2.0, J, f"Saving model checkpoint to /mnt/ckpt/gaoxj/ross3d/checkpoint-{st}")
            t += 95.0
        t += 1.45 + rng.uniform(-0.03, 0.03)

    def fn(n_, g, t3):  # SYNTH
        return busy(rng, "a800")
    s.telemetry(["a800-03", "a800-04"], 8, 0.0, t_end, 300.0, fn)
    s.truth = truth(None, no_requeue=[J], no_drain=["a800-03", "a800-04"])
    return s


# ======================================================================================
# S9  trl-ppo-ecc-at-device-setup  (gpu_hardware)
# ======================================================================================
# Lines: https://github.com/huggingface/trl/issues/4149 -- "CUDA error: uncorrectable ECC error encountered"
# (AragornHorse, 2025-09-26): PPO + DeepSpeed ZeRO-2 on 2x A100 80GB, `accelerate launch`; rank 1's traceback goes
# through PPOConfig -> TrainingArguments.device -> accelerate PartialState (the process's first CUDA use). The
# stored excerpt stops inside accelerate/state.py; the closing RuntimeError line is the issue title (SYNTH as a line).
# Meaning: an uncorrectable ECC error is a GPU memory hardware fault (FORMAT: gpu_hardware; Xid catalog: DBE -> reset
# / drain); it hits rank 1 only -> local GPU 1 of the node.
REAL_TRL_TB = [
    "[rank1]: Traceback (most recent call last):",
    '[rank1]:   File "/home/whan/projects/LMCPO_hpc/train_ppo.py", line 68, in <module>',
    "[rank1]:     training_args = PPOConfig(",
    '[rank1]:   File "<string>", line 163, in __init__',
    '[rank1]:   File "/home/whan/miniconda3/envs/lmc/lib/python3.9/site-packages/transformers/training_args.py", line 1738, in __post_init__',
    "[rank1]:     self.device",
    '[rank1]:   File "/home/whan/miniconda3/envs/lmc/lib/python3.9/site-packages/transformers/training_args.py", line 2268, in device',
    "[rank1]:     return self._setup_devices",
    '[rank1]:   File "/home/whan/miniconda3/envs/lmc/lib/python3.9/site-packages/transformers/utils/generic.py", line 67, in __get__',
    "[rank1]:     cached = self.fget(obj)",
    '[rank1]:   File "/home/whan/miniconda3/envs/lmc/lib/python3.9/site-packages/transformers/training_args.py", line 2195, in _setup_devices',
    "[rank1]:     self.distributed_state = PartialState(**accelerator_state_kwargs)",
]


def build_s9() -> Scenario:
    J, N = "881203", "881177"
    s = Scenario(
        "trl-ppo-ecc-at-device-setup",
        "A 2-GPU TRL PPO job (accelerate + DeepSpeed ZeRO-2) on an 4 x A100 80GB node dies before its first step: rank 1 "
        "hits 'uncorrectable ECC error encountered' at its first CUDA call; rank 0 is torn down by the launcher.",
        "2025-09-26T14:00:00Z",
        {"name": "hpc-whan", "partition": "a100", "nodes": "ga[01-12]", "gpus_per_node": 4,
         "pci_bus_ids": ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00"]},
        [{"id": J, "name": "lmcpo-ppo-8b", "user": "whan", "nodes": "ga07", "tasks_per_node": 2,
          "started": "2025-09-26T14:02:00Z", "comment": comment(2, "/home/whan/projects/LMCPO_hpc/out")},
         {"id": N, "name": "esm-ft", "user": "pzhou", "nodes": "ga08", "tasks_per_node": 4,
          "started": "2025-09-26T11:15:00Z"}],
    )
    rng = s.rng
    s.job_state(120.0, J, "RUNNING", "0:0", nodes="ga07")
    s.joblog(128.0, J, f"{ds_stamp(s.at(128.0))} [INFO] [real_accelerator.py:239:get_accelerator] Setting ds_accelerator to cuda (auto detect)")  # SYNTH
    t0 = 139.804
    for i, l in enumerate(REAL_TRL_TB):
        s.joblog(t0 + 0.0004 * i, J, l)  # REAL
    s.joblog(t0 + 0.006, J, '[rank1]:   File "/home/whan/miniconda3/envs/lmc/lib/python3.9/site-packages/accelerate/state.py", line 301, in __init__')  # SYNTH (excerpt cut here)
    s.joblog(t0 + 0.007, J, "[rank1]:     torch.cuda.set_device(self.device)")  # SYNTH
    s.joblog(t0 + 0.008, J, "[rank1]: RuntimeError: CUDA error: uncorrectable ECC error encountered")  # SYNTH (issue title)
    s.joblog(t0 + 3.1, J, "W0926 14:02:22.907000 91822 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 91840 closing signal SIGTERM")  # SYNTH
    s.joblog(t0 + 3.9, J, "E0926 14:02:23.712000 91822 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 1 (pid: 91841) of binary: /home/whan/miniconda3/envs/lmc/bin/python")  # SYNTH
    job_end(s, t0 + 6.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 15.0
    while t2 < 3000:  # SYNTH neighbour
        s.joblog(t2, N, f"{{'loss': {0.41 + rng.uniform(-0.03, 0.03):.4f}, 'learning_rate': 3e-05, 'epoch': {1.2 + t2 / 20000:.2f}}}")
        t2 += 120.0

    def fn(n_, g, t3):  # SYNTH: DBE counter already 1 on GPU 1 (the error precedes the job); neighbour on ga08
        f = busy(rng, "a100") if n_ == "ga08" else idle(rng, "a100")
        f["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"] = 0
        f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 1 if (n_ == "ga07" and g == 1) else 0
        return f
    s.telemetry(["ga07", "ga08"], 4, 0.0, 3000.0, 60.0, fn)
    s.truth = truth({"t": t0, "category": "gpu_hardware", "node": "ga07", "gpu": 1},
                    drain=["ga07"], requeue={J: {"exclude": ["ga07"]}}, no_requeue=[N], no_drain=["ga08"])
    return s


BUILDERS = [build_s1, build_s2, build_s3, build_s4, build_s5, build_s6, build_s7, build_s8, build_s9]


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
