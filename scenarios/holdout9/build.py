#!/usr/bin/env python3
"""Build the holdout9 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules used throughout (same as holdout7/holdout8):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (ISO stamp) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to `idle` are copied from holdout7's build.py (same machinery).
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


# ======================================================================================
# S1  nccl-hca-catastrophic-mpirun  (network)
# ======================================================================================
# Lines: https://github.com/NVIDIA/nccl/issues/230 -- "Got async event : local catastrophic error" (amsword):
# "The distributed training among 4 nodes with pytorch fails after the training finished 830K iterations";
# OpenMPI --timestamp-output --tag-output prefixes, ranks 12/13/14 on container ...-000057, each rank sees its GPU
# as local device [0]. Meaning of the event: IBV_EVENT_DEVICE_FATAL -- "a 'fatal device' error" of the HCA, after
# which the HCA and software must be reset (https://docs.nvidia.com/networking/display/MLNXOFEDv495100/Reset+Flow).
# The HCA of one host failed -> network, culprit the host whose ranks log it. Stamps kept: start 2019-06-02T14:00Z.
REAL_HCA = [
    "2019-06-02T16:13:44.884Z: [1,12]<stdout>:container-e275-1553839402050-12124-01-000057:815:864 [0] transport/net_ib.cu:80 NCCL WARN NET/IB : Got async event : local catastrophic error",
    "2019-06-02T16:13:44.884Z: [1,12]<stdout>:",
    "2019-06-02T16:13:44.884Z: [1,12]<stdout>:container-e275-1553839402050-12124-01-000057:815:864 [0] misc/ibvwrap.cu:220 NCCL WARN Call to ibv_get_async_event failed",
    "2019-06-02T16:13:44.888Z: [1,14]<stdout>:",
    "2019-06-02T16:13:44.888Z: [1,14]<stdout>:container-e275-1553839402050-12124-01-000057:814:868 [0] transport/net_ib.cu:80 NCCL WARN NET/IB : Got async event : local catastrophic error",
    "2019-06-02T16:13:44.888Z: [1,14]<stdout>:",
    "2019-06-02T16:13:44.888Z: [1,14]<stdout>:container-e275-1553839402050-12124-01-000057:814:868 [0] misc/ibvwrap.cu:220 NCCL WARN Call to ibv_get_async_event failed",
    "2019-06-02T16:13:44.888Z: [1,13]<stdout>:",
    "2019-06-02T16:13:44.888Z: [1,13]<stdout>:container-e275-1553839402050-12124-01-000057:812:866 [0] transport/net_ib.cu:80 NCCL WARN NET/IB : Got async event : local catastrophic error",
    "2019-06-02T16:13:44.888Z: [1,13]<stdout>:",
    "2019-06-02T16:13:44.888Z: [1,13]<stdout>:container-e275-1553839402050-12124-01-000057:812:866 [0] misc/ibvwrap.cu:220 NCCL WARN Call to ibv_get_async_event failed",
]


def build_s1() -> Scenario:
    J, N = "12124", "12131"
    pre = "container-e275-1553839402050-12124-01-"
    s = Scenario(
        "nccl-hca-catastrophic-mpirun",
        "A 4-node x 4 V100 PyTorch job launched with mpirun (timestamped, tagged output), 830K iterations in: the "
        "ranks of one host report an IB 'local catastrophic error' async event; collectives fail and the job dies.",
        "2019-06-02T14:00:00Z",
        {"name": "sim-p", "partition": "gpu", "nodes": f"{pre}[000050-000061]", "gpus_per_node": 4},
        [{"id": J, "name": "pt-dist-det", "user": "amsword", "nodes": f"{pre}[000054-000057]", "tasks_per_node": 4,
          "started": "2019-06-01T09:12:00Z", "comment": comment(2, "/hdfs/output/amsword/det")},
         {"id": N, "name": "pt-seg-ft", "user": "yzhao", "nodes": f"{pre}[000059-000060]", "tasks_per_node": 4,
          "started": "2019-06-02T11:40:00Z", "comment": comment(1)}],
    )
    rng = s.rng
    t_f = 8024.884
    t, it = 7.0, 810_400
    while t < t_f - 3:  # SYNTH: rank-0 progress every 100 iterations (~0.41 s/it), under the mpirun tag prefix
        s.joblog(t, J, f"{mpirun_prefix(s.at(t), 0)}Iter: {it}/1000000  loss: {0.612 + rng.uniform(-0.03, 0.03):.4f}  lr: 0.000200  "
                       f"time: {0.41 + rng.uniform(-0.01, 0.01):.3f}s  data: 0.00{rng.randint(3, 9)}s")
        it += 100
        t += 41.0 + rng.uniform(-0.6, 0.6)
    for i, l in enumerate(REAL_HCA):
        s.joblog(t_f + (0.004 if ".888Z" in l else 0.0) + 0.0001 * i, J, l)  # REAL
    # SYNTH: the failed HCA makes rank 15's proxy error out; PyTorch 1.1 raises on the ranks of that host; mpirun stops
    d = s.at(t_f + 31.2)
    s.joblog(t_f + 31.2, J, f"{mpirun_prefix(d, 15, 'stderr')}RuntimeError: NCCL error in: /opt/conda/conda-bld/pytorch_1556653099582/work/torch/lib/c10d/ProcessGroupNCCL.cpp:272, unhandled system error")
    s.joblog(t_f + 32.0, J, "-------------------------------------------------------")
    s.joblog(t_f + 32.0, J, "Primary job  terminated normally, but 1 process returned")
    s.joblog(t_f + 32.0, J, "a non-zero exit code. Per user-direction, the job has been aborted.")
    s.joblog(t_f + 32.0, J, "-------------------------------------------------------")
    s.joblog(t_f + 34.5, J, f"mpirun detected that one or more processes exited with non-zero status, thus causing the job to be terminated. The first process to do so was: Process name: [[41872,1],15] Exit code:    1")
    job_end(s, t_f + 40.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 15.0
    while t2 < 9600:  # SYNTH neighbour
        s.joblog(t2, N, f"{mpirun_prefix(s.at(t2), 0)}Epoch [{14 + int(t2 // 3000)}][{int(t2 / 3) % 1000}/1000]  loss: 0.{rng.randint(2100, 2400)}  mIoU(train): 0.7{rng.randint(10, 40)}")
        t2 += 120.0

    def fn(n_, g, t3):  # SYNTH: V100 busy, idle after the crash
        if n_.endswith(("000059", "000060")):
            return healthy_fields(rng, "v100_16", 0.9, fb=True)
        return healthy_fields(rng, "v100_16", 0.92, fb=True) if t3 < t_f + 35 else idle(rng, "v100_16")
    s.telemetry([f"{pre}0000{i}" for i in (54, 55, 56, 57, 59)], 4, 0.0, 9600.0, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "network", "node": f"{pre}000057"},
                    drain=[f"{pre}000057"], requeue={J: {"exclude": [f"{pre}000057"]}},
                    no_requeue=[N], no_drain=[f"{pre}000054", f"{pre}000055", f"{pre}000056"])
    return s


# ======================================================================================
# S2  kohya-sdxl-ecc-rank1  (gpu_hardware)
# ======================================================================================
# Lines: https://github.com/kohya-ss/sd-scripts/issues/1434 (FurkanGozukara, turn 19: SDXL training on 2x H100 under
# DDP dies; the Python traceback ends in `RuntimeError: CUDA error: uncorrectable ECC error encountered` and the NCCL
# watchdog of Rank 1 terminates with the same CUDA error). Conclusion on the meaning: an uncorrectable (double-bit)
# ECC error is a GPU memory hardware fault -- FORMAT.md lists "uncorrectable ECC" under gpu_hardware and NVIDIA's Xid
# catalog (shared/reference/xid-catalog.csv, Xid 48 DBE) resolves it by GPU reset/drain. Rank 1 -> local GPU 1.
REAL_KOHYA_TB = [
    '  File "/home/Ubuntu/Desktop/kohya_ss/sd-scripts/library/sdxl_original_unet.py", line 257, in get_timestep_embedding',
    "    exponent = exponent / (half_dim - downscale_freq_shift)",
    "RuntimeError: CUDA error: uncorrectable ECC error encountered",
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "[E ProcessGroupNCCL.cpp:916] [Rank 1] NCCL watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered",
    "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:44 (most recent call first):",
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7a71e4e84617 in /home/Ubuntu/Desktop/kohya_ss/venv/lib/python3.10/site-packages/torch/lib/libc10.so)",
]


def build_s2() -> Scenario:
    J, N = "58812", "58790"
    s = Scenario(
        "kohya-sdxl-ecc-rank1",
        "A 2-GPU SDXL DreamBooth fine-tune (kohya sd-scripts, accelerate DDP) on an 8 x H100 node: 41 minutes in, rank 1 "
        "raises 'uncorrectable ECC error encountered' and its NCCL watchdog aborts the job. A 2-node job runs next door.",
        "2027-04-11T09:00:00Z",
        {"name": "sim-h", "partition": "h100", "nodes": "hx-[01-12]", "gpus_per_node": 8},
        [{"id": J, "name": "sdxl-dreambooth", "user": "furkan", "nodes": "hx-07", "tasks_per_node": 2,
          "started": "2027-04-11T08:58:40Z", "comment": comment(2, "/scratch/furkan/sdxl_out")},
         {"id": N, "name": "llama-sft-16g", "user": "okim", "nodes": "hx-[08-09]", "tasks_per_node": 8,
          "started": "2027-04-11T07:30:00Z", "comment": comment(2)}],
    )
    rng = s.rng
    t_f = 2476.318
    s.joblog(30.0, J, "running training / 学習開始")  # SYNTH (kohya start banner)
    s.joblog(30.1, J, "  num train images * repeats / 学習画像の数×繰り返し回数: 3000")  # SYNTH
    s.joblog(30.2, J, "  num epochs / epoch数: 10")  # SYNTH
    t, st, total = 36.0, 0, 15000
    while t < t_f - 2:  # SYNTH: kohya's tqdm 'steps:' bar, one refresh captured every ~30 s (1.56 s/it)
        st = int((t - 36.0) / 1.56)
        s.joblog(t, J, tqdm_line(st, total, t - 36.0, 1.56, prefix="steps: ", post=f"avr_loss={0.094 + rng.uniform(-0.01, 0.01):.4f}"))
        t += 30.0 + rng.uniform(-0.3, 0.3)
    s.joblog(t_f - 0.02, J, "Traceback (most recent call last):")  # SYNTH (head of the dying rank's traceback)
    s.joblog(t_f - 0.01, J, '  File "/home/Ubuntu/Desktop/kohya_ss/sd-scripts/sdxl_train.py", line 617, in train')  # SYNTH
    for i, l in enumerate(REAL_KOHYA_TB):
        s.joblog(t_f + 0.001 * i + (0.9 if i >= 6 else 0.0), J, l)  # REAL
    s.joblog(t_f + 2.6, J, "[2027-04-11 09:41:19,210] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -6) local_rank: 1 (pid: 48822) of binary: /home/Ubuntu/Desktop/kohya_ss/venv/bin/python")  # SYNTH
    s.joblog(t_f + 3.4, J, "srun: error: hx-07: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_f + 5.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 12.0
    while t2 < 3600:  # SYNTH neighbour (HF Trainer dicts)
        s.joblog(t2, N, f"{{'loss': {1.02 + rng.uniform(-0.04, 0.04):.4f}, 'grad_norm': {rng.uniform(0.5, 0.9):.4f}, 'learning_rate': 1.6e-05, 'epoch': {0.4 + t2 / 40000:.3f}}}")
        t2 += 60.0

    def fn(n_, g, t3):  # SYNTH: job on GPUs 0-1, neighbour on 2-5 of hx-07 and 0-3 of hx-08; DBE ticks on GPU 1
        mine = n_ == "hx-07" and g in (0, 1)
        neigh = n_ in ("hx-08", "hx-09")
        if neigh:
            f = healthy_fields(rng, "h100", 0.9, fb=True)
        elif mine and t3 < t_f + 4:
            f = healthy_fields(rng, "h100", 0.85, fb=True)
        else:
            f = idle(rng, "h100")
        f["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"] = 0
        f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 1 if (n_ == "hx-07" and g == 1 and t3 > t_f) else 0
        return f
    s.telemetry(["hx-07", "hx-08"], 8, 0.0, 3600.0, 120.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": "hx-07", "gpu": 1},
                    drain=["hx-07"], requeue={J: {"exclude": ["hx-07"]}},
                    no_requeue=[N], no_drain=["hx-08", "hx-09"])
    return s


# ======================================================================================
# S3  llmfoundry-resume-keyerror-state  (software)
# ======================================================================================
# Lines: https://github.com/mosaicml/llm-foundry/issues/1231 -- "LLaMA PRO training resume problem" (Riccorl, on
# Leonardo under Slurm: "When resuming from a monolithic checkpoint with `HYBRID_SHARD` I get the following error
# (`KeyError: 'state'`)", llm-foundry 0.8.0; rich tracebacks from [rank24] and [rank118]). The cause named in the
# thread is the checkpoint/sharding combination in llm-foundry's resume path: deterministic, every restart from the
# same checkpoint repeats it -> software. Leonardo: 4 A100-64GB per node; rank 24 -> 7th node, rank 118 -> 30th.
REAL_LF_TB_24 = [
    "[rank24]: ╭───────────────────── Traceback (most recent call last) ──────────────────────╮",
    "[rank24]: │ /leonardo/home/userexternal/rorland1/llm-foundry/scripts/slurm/base_scripts/ │",
    "[rank24]: │ ../../train/train.py:786 in <module>                                         │",
    "[rank24]: │                                                                              │",
    "[rank24]: │   783 │   cfg = om.merge(yaml_cfg, cli_cfg)                                  │",
    "[rank24]: │   784 │   om.resolve(cfg)                                                    │",
    "[rank24]: │   785 │   assert isinstance(cfg, DictConfig)                                 │",
    "[rank24]: │ ❱ 786 │   main(cfg)                                                          │",
    "[rank24]: │   787                                                                        │",
    "[rank24]: │                                                                              │",
    "[rank24]: │ /leonardo/home/userexternal/rorland1/llm-foundry/scripts/slurm/base_scripts/ │",
    "[rank24]: │ ../../train/train.py:717 in main                                             │",
    "[rank24]: │                                                                              │",
]
REAL_LF_TB_118 = [
    "[rank118]: ╭───────────────────── Traceback (most recent call last) ──────────────────────╮",
    "[rank118]: │ /leonardo/home/userexternal/rorland1/llm-foundry/scripts/slurm/base_scripts/ │",
    "[rank118]: │ ../../train/train.py:786 in <module>                                         │",
    "[rank118]: │                                                                              │",
    "[rank118]: │   783 │   cfg = om.merge(yaml_cfg, cli_cfg)                                  │",
    "[rank118]: │   784 │   om.resolve(cfg)                                                    │",
    "[rank118]: │   785 │   assert isinstance(cfg, DictConfig)                                 │",
    "[rank118]: │ ❱ 786 │   main(cfg)                                                          │",
    "[rank118]: │   787                                                                        │",
    "[rank118]: │                                                                              │",
    "[rank118]: │ /leonardo/home/userexternal/rorland1/llm-foundry/scripts/slurm/base_scripts/ │",
    "[rank118]: │ ../../train/train.py:717 in main                                             │",
    "[rank118]: │                                                                              │",
]


def build_s3() -> Scenario:
    J = "4471203"
    s = Scenario(
        "llmfoundry-resume-keyerror-state",
        "A 32-node x 4 A100 llm-foundry (Composer, FSDP HYBRID_SHARD) continued-pretraining job is restarted from its "
        "monolithic checkpoint after a wall-time limit; every rank dies in the checkpoint load with KeyError: 'state'.",
        "2027-05-20T06:00:00Z",
        {"name": "sim-l", "partition": "boost_usr_prod", "nodes": "lrdn[0001-0096]", "gpus_per_node": 4},
        [{"id": J, "name": "llamapro-8b-cpt", "user": "rorland1", "nodes": "lrdn[0017-0048]", "tasks_per_node": 4,
          "started": "2027-05-20T06:00:00Z", "comment": comment(3, "/leonardo_scratch/large/userexternal/rorland1/ckpt")}],
    )
    rng = s.rng
    # SYNTH: first attempt (before the limit): Composer console-logger blocks every 50 batches
    t, ba = 20.0, 11400
    while t < 2100.0:
        s.joblog(t, J, f"[batch={ba}/48000]:")
        s.joblog(t + 0.001, J, f"\t Train time/batch: {ba - 1}")
        s.joblog(t + 0.002, J, f"\t Train loss/train/total: {2.18 + rng.uniform(-0.03, 0.03):.4f}")
        s.joblog(t + 0.003, J, f"\t Train throughput/device/tokens_per_sec: {int(3450 + rng.uniform(-60, 60))}")
        ba += 50
        t += 76.0 + rng.uniform(-1.0, 1.0)
    s.joblog(2130.0, J, f"slurmstepd: error: *** JOB {J} ON lrdn0017 CANCELLED AT {s.at(2130.0):%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")  # SYNTH
    s.job_state(2131.0, J, "TIMEOUT", "0:15")  # SYNTH
    s.job_state(2190.0, J, "REQUEUED", "0:0", reason="requeued by owner script (--dependency=afterany)")  # SYNTH
    s.job_state(2400.0, J, "RUNNING", "0:0", nodes="lrdn[0017-0048]")  # SYNTH
    s.joblog(2420.0, J, "Building trainer...")  # SYNTH
    s.joblog(2455.0, J, "Loading checkpoint from /leonardo_scratch/large/userexternal/rorland1/ckpt/latest-rank0.pt.symlink")  # SYNTH
    t_f = 2531.6
    for i, l in enumerate(REAL_LF_TB_24):
        s.joblog(t_f + 0.001 * i, J, l)  # REAL
    s.joblog(t_f + 0.02, J, "[rank24]: KeyError: 'state'")  # SYNTH (the error the thread names)
    for i, l in enumerate(REAL_LF_TB_118):
        s.joblog(t_f + 0.4 + 0.001 * i, J, l)  # REAL
    s.joblog(t_f + 0.42, J, "[rank118]: KeyError: 'state'")  # SYNTH
    s.joblog(t_f + 6.0, J, "srun: error: lrdn0023: tasks 24-27: Exited with exit code 1")  # SYNTH
    s.joblog(t_f + 6.1, J, "srun: error: lrdn0046: tasks 116-119: Exited with exit code 1")  # SYNTH
    t_end = srun_abort_lines(s, t_f + 6.3, J, "lrdn0017")
    job_end(s, t_end + 31.0, J, "FAILED", "1:0", "NonZeroExitCode")

    def fn(n_, g, t3):  # SYNTH: busy in attempt 1, memory loaded during the restart's load, idle after
        if t3 < 2130:
            return healthy_fields(rng, "a100", 0.93, fb=True)
        if 2455 < t3 < t_f + 8:
            f = healthy_fields(rng, "a100", 0.05, fb=True)
            f["DCGM_FI_DEV_GPU_UTIL"] = 0
            f["DCGM_FI_DEV_FB_USED"] = 21000 + rng.randint(-900, 900)
            return f
        return idle(rng, "a100")
    s.telemetry(["lrdn0017", "lrdn0023", "lrdn0046"], 4, 0.0, 3300.0, 90.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None},
                    no_requeue=[J], no_drain=["lrdn0023", "lrdn0046"])
    return s


# ======================================================================================
# S4  axolotl-bnb-invalid-config-argument  (software)
# ======================================================================================
# Lines: https://github.com/axolotl-ai-cloud/axolotl/issues/1527 -- "Error invalid configuration argument at line 119
# in file /src/csrc/ops.cu" (jaywongs, label bug): 8-rank axolotl run, model load with sample packing, then the
# error from the compiled kernels of the quantisation library. A CUDA "invalid configuration argument" is a kernel
# launch-configuration error of the library/config combination, raised identically on every start -> software.
# Stamps kept: the scenario starts 2024-04-17T00:05:00Z so `00:08:54` fits.
REAL_AXO = [
    "[2024-04-17 00:08:54,225] [INFO] [axolotl.load_model:354] [PID:808742] [RANK:2] patching with flash attention for sample packing",
    "[2024-04-17 00:08:54,225] [INFO] [axolotl.load_model:354] [PID:808744] [RANK:4] patching with flash attention for sample packing",
    "[2024-04-17 00:08:54,230] [INFO] [axolotl.load_model:354] [PID:808743] [RANK:3] patching with flash attention for sample packing",
    "[2024-04-17 00:08:54,246] [INFO] [axolotl.scripts.load_datasets:415] [PID:808746] [RANK:6] printing prompters...",
]
REAL_AXO_ERR = "Error invalid configuration argument at line 119 in file /src/csrc/ops.cu"


def build_s4() -> Scenario:
    J = "733104"
    s = Scenario(
        "axolotl-bnb-invalid-config-argument",
        "An 8 x A800 axolotl QLoRA fine-tune loads the model with sample packing; as the first step starts, every rank "
        "aborts with a CUDA 'invalid configuration argument' from the quantisation kernels. Opted in to requeue.",
        "2024-04-17T00:05:00Z",
        {"name": "sim-a", "partition": "a800", "nodes": "a800-[01-16]", "gpus_per_node": 8},
        [{"id": J, "name": "axo-qlora-70b", "user": "jaywongs", "nodes": "a800-09", "tasks_per_node": 8,
          "started": "2024-04-17T00:04:40Z", "comment": comment(3, "/data/jaywongs/out/qlora-70b")},
         {"id": "733090", "name": "bert-pretrain", "user": "lmeng", "nodes": "a800-[10-11]", "tasks_per_node": 8,
          "started": "2024-04-16T21:10:00Z", "comment": comment(1)}],
    )
    rng = s.rng
    base = (dt.datetime(2024, 4, 17, 0, 8, 54, 225000) - s.start).total_seconds()
    for r in range(8):  # SYNTH: earlier start-up lines in axolotl's format
        s.joblog(20.0 + 0.01 * r, J, f"[2024-04-17 00:05:{20 + r // 4:02d},{100 + 37 * r:03d}] [INFO] [axolotl.normalize_config:182] [PID:{808740 + r}] [RANK:{r}] GPU memory usage baseline: 0.000GB (+0.524GB misc)")
    for r in range(8):
        if r in (2, 3, 4):
            continue
        s.joblog(base - 0.3 + 0.01 * r, J, f"[2024-04-17 00:08:53,{930 + 8 * r:03d}] [INFO] [axolotl.load_model:354] [PID:{808740 + r}] [RANK:{r}] patching with flash attention for sample packing")  # SYNTH (other ranks)
    for l in REAL_AXO:
        d = dt.datetime.strptime(l[1:24], "%Y-%m-%d %H:%M:%S,%f")
        s.joblog((d - s.start).total_seconds(), J, l)  # REAL
    t_f = base + 71.4
    s.joblog(t_f - 2.0, J, "  0%|          | 0/1350 [00:00<?, ?it/s]")  # SYNTH
    for r in range(8):
        s.joblog(t_f + 0.02 * r, J, REAL_AXO_ERR)  # REAL (once per rank)
    s.joblog(t_f + 4.0, J, "[2024-04-17 00:10:09,310] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) local_rank: 0 (pid: 808740) of binary: /root/miniconda3/envs/axolotl/bin/python")  # SYNTH
    s.joblog(t_f + 5.0, J, "subprocess.CalledProcessError: Command '['/root/miniconda3/envs/axolotl/bin/python', '-m', 'axolotl.cli.train', 'examples/llama-2/qlora-70b.yml']' returned non-zero exit status 1.")  # SYNTH
    s.joblog(t_f + 5.6, J, "srun: error: a800-09: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_f + 7.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 9.0
    while t2 < 1200:  # SYNTH neighbour
        s.joblog(t2, "733090", f"{{'loss': {1.71 + rng.uniform(-0.03, 0.03):.4f}, 'learning_rate': 9.7e-05, 'epoch': {2.1 + t2 / 60000:.4f}}}")
        t2 += 45.0

    def fn(n_, g, t3):  # SYNTH: weights loaded (memory up, util low) then freed
        if n_ != "a800-09":
            return healthy_fields(rng, "a800", 0.92, fb=True)
        if 60 < t3 < t_f + 4:
            f = healthy_fields(rng, "a800", 0.1, fb=True)
            f["DCGM_FI_DEV_FB_USED"] = 24500 + rng.randint(-300, 300)
            return f
        return idle(rng, "a800")
    s.telemetry(["a800-09", "a800-10"], 8, 0.0, 1200.0, 30.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None},
                    no_requeue=[J], no_drain=["a800-09"])
    return s


# ======================================================================================
# S5  opensora-jit-cpu-adam-stall  (software; a silence at start)
# ======================================================================================
# Lines: https://github.com/hpcaitech/Open-Sora/issues/608 -- "The training is consistently getting stuck and is not
# proceeding." (gracezhao1997; ColossalAI booster, Open-Sora 1.2). Maintainer JThh asks how long it was stuck; the
# reporter answers: "The training phase is stuck here: [extension] Compiling the JIT cpu_adam_x86 kernel during runtime
# now". Cause named: the JIT build of ColossalAI's CPU-Adam extension at optimizer start (environment/build), not a
# node -- every rank waits in it, and a restart on other nodes would compile again. Stamps kept: start 13:25 UTC.
REAL_OSORA = [
    "[2024-07-15 13:32:09] Preparing for distributed training...",
    "[2024-07-15 13:32:09] Boosting model for distributed training",
    "[2024-07-15 13:32:09] Training for 1000 epochs with 32425 steps per epoch",
    "[2024-07-15 13:32:11] Beginning epoch 0...",
    "Epoch 0:   0%|          | 0/32425 [00:00<?, ?it/s]/mnt/vepfs/zhaomin/anaconda3/envs/ckh/lib/python3.9/site-packages/colossalai/nn/optimizer/nvme_optimizer.py:55: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()",
    "  numel += p.storage().size()",
]
REAL_OSORA_JIT = "[extension] Compiling the JIT cpu_adam_x86 kernel during runtime now"


def build_s5() -> Scenario:
    J = "90551"
    s = Scenario(
        "opensora-jit-cpu-adam-stall",
        "A 2-node x 8 H800 Open-Sora 1.2 (ColossalAI booster) training boosts the model, begins epoch 0 and then sits in "
        "the runtime JIT build of the CPU-Adam extension: no step is ever logged; the owner cancels it hours later.",
        "2024-07-15T13:25:00Z",
        {"name": "sim-o", "partition": "h800", "nodes": "vc-h800-[001-024]", "gpus_per_node": 8},
        [{"id": J, "name": "opensora-v12-stage1", "user": "gzhao", "nodes": "vc-h800-[011-012]", "tasks_per_node": 8,
          "started": "2024-07-15T13:24:30Z", "comment": comment(2, "/mnt/vepfs/zhaomin/outputs")}],
    )
    rng = s.rng
    s.joblog(30.0, J, "[2024-07-15 13:25:30] Experiment directory created at /mnt/vepfs/zhaomin/outputs/000-STDiT3-XL-2")  # SYNTH
    s.joblog(95.0, J, "[2024-07-15 13:26:35] Building dataset...")  # SYNTH
    s.joblog(301.0, J, "[2024-07-15 13:30:01] Dataset contains 1037600 samples.")  # SYNTH
    for l in REAL_OSORA[:4]:
        d = dt.datetime.strptime(l[1:20], "%Y-%m-%d %H:%M:%S")
        s.joblog((d - s.start).total_seconds(), J, l)  # REAL
    s.joblog(433.2, J, REAL_OSORA[4])  # REAL
    s.joblog(433.21, J, REAL_OSORA[5])  # REAL
    t_f = 434.0
    s.joblog(t_f, J, REAL_OSORA_JIT)  # REAL
    t_cancel = t_f + 3 * 3600 + 1140.0
    s.joblog(t_cancel, J, f"slurmstepd: error: *** JOB {J} ON vc-h800-011 CANCELLED AT {s.at(t_cancel):%Y-%m-%dT%H:%M:%S} ***")  # SYNTH
    s.job_state(t_cancel + 1.0, J, "CANCELLED", "0:15")  # SYNTH

    def fn(n_, g, t3):  # SYNTH: model resident, GPUs idle during the build; one CPU-bound compile per node
        if t3 < 300:
            return healthy_fields(rng, "h800", 0.3, fb=True)
        if t3 < t_cancel:
            f = idle(rng, "h800")
            f["DCGM_FI_DEV_FB_USED"] = 31500 + rng.randint(-400, 400)
            return f
        return idle(rng, "h800")
    s.telemetry(["vc-h800-011", "vc-h800-012"], 8, 0.0, t_cancel + 600.0, 300.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None},
                    no_requeue=[J], no_drain=["vc-h800-011", "vc-h800-012"])
    return s


# ======================================================================================
# S6  hivemind-xid79-peer-lost  (gpu_hardware; job keeps running with fewer peers)
# ======================================================================================
# Line: https://github.com/learning-at-home/hivemind/issues/509 -- "GPU lost" (elricwan: during hivemind training
# "one gpu is lost", nvidia-smi "returns that the GPU is not detected", only a machine restart helps). Maintainer
# justheuristic: "Since it says that GPU is not detected, it typically means there was some hardware or driver issue",
# quoting the syslog line below (the stored excerpt ends at `pid='<unknow`; kept cut). Journal prefix (stamp, host)
# rewritten; body verbatim. Bus 0000:03:00 is GPU 0 in this cluster's pci_bus_ids.
REAL_HM_XID = "Aug 29 16:58:38 my-devbox-gpu kernel: [14282.651831] NVRM: Xid (PCI:0000:03:00): 79, pid='<unknow"


def build_s6() -> Scenario:
    J = "2207"
    s = Scenario(
        "hivemind-xid79-peer-lost",
        "A hivemind collaborative ALBERT pretraining (one peer per GPU, 4 nodes x 2 GPUs) keeps running when one GPU "
        "falls off the bus: the kernel logs Xid 79 (line cut), that peer goes silent and the swarm drops from 8 to 7 peers.",
        "2027-08-29T16:00:00Z",
        {"name": "sim-w", "partition": "ws", "nodes": "ws-[01-08]", "gpus_per_node": 2,
         "pci_bus_ids": ["0000:03:00", "0000:04:00"]},
        [{"id": J, "name": "hm-albert-swarm", "user": "elricwan", "nodes": "ws-[02-05]", "tasks_per_node": 2,
          "started": "2027-08-29T09:30:00Z"}],
    )
    rng = s.rng
    t_x = 3518.4
    t, ep, peers = 12.0, 790, 8
    while t < 7200:  # SYNTH: hivemind.Optimizer progress lines from peer 0 (ws-02 GPU 0), one per global epoch (~38 s)
        if t > t_x + 95:
            peers = 7
        d = s.at(t)
        s.joblog(t, J, f"[{d:%Y/%m/%d %H:%M:%S}.{d.microsecond // 1000:03d}][INFO][hivemind.optim.optimizer._update_global_epoch:480] albert_swarm accumulated 4096 samples for epoch #{ep} from {peers} peers. ETA {rng.uniform(1.2, 3.0):.2f} sec (refresh in 0.50 sec)")
        s.joblog(t + 0.4, J, f"[{d:%Y/%m/%d %H:%M:%S}.{(d.microsecond // 1000 + 400) % 1000:03d}][INFO][__main__.log_metrics:118] Step #{ep}\tloss = {2.31 - ep * 0.0002 + rng.uniform(-0.02, 0.02):.5f}")
        ep += 1
        t += (38.0 if peers == 8 else 43.4) + rng.uniform(-0.8, 0.8)
    s.kernel(t_x, "ws-04", retime_journal_host(REAL_HM_XID, s.at(t_x), "ws-04"))  # REAL (prefix rewritten, body cut as stored)
    d = s.at(t_x + 95.0)
    s.joblog(t_x + 95.0, J, f"[{d:%Y/%m/%d %H:%M:%S}.{d.microsecond // 1000:03d}][WARN][hivemind.averaging.averager._step:506] Averaging step failed: could not find a group")  # SYNTH

    def fn(n_, g, t3):  # SYNTH: ws-04 GPU 0 stops reporting after Xid 79 (NVML cannot reach it)
        if n_ == "ws-04" and g == 0 and t3 > t_x:
            return None
        return healthy_fields(rng, "rtx3090", 0.88, fb=True)
    s.telemetry(["ws-02", "ws-03", "ws-04", "ws-05"], 2, 0.0, 7200.0, 120.0, fn)
    s.truth = truth({"t": t_x, "category": "gpu_hardware", "node": "ws-04", "gpu": 0},
                    drain=["ws-04"], no_requeue=[J], no_drain=["ws-02", "ws-03", "ws-05"])
    return s


# ======================================================================================
# S7  piper-fuse-enotconn-at-save  (infrastructure)
# ======================================================================================
# Lines: https://github.com/rhasspy/piper/issues/311 -- "Training notebook error caused it to stop training"
# (MooTheCow; piper TTS training, PyTorch Lightning): the epoch-end `last.ckpt` write to the FUSE-mounted drive fails
# with `OSError: [Errno 107] Transport endpoint is not connected`. Meaning (conclusion): that errno from a FUSE mount
# "is internal fuse error and it means that [the mount daemon] process has died"
# (https://github.com/moosefs/moosefs/issues/274, maintainer acid-maker) -- the storage mount, not the node or the
# code. Transplanted to a cluster whose nodes mount the same FUSE bucket at /content/drive; a second job writing
# there fails the same way (SYNTH copy of the errno line).
REAL_PIPER_PRE = [
    "DEBUG:fsspec.local:open file: /content/drive/MyDrive/colab/piper/Test/lightning_logs/version_0/checkpoints/last.ckpt",
    "Epoch: 2632. Steps: 1363964",
    "warning: audio amplitude out of range, auto clipped.",
]
REAL_PIPER_TB = [
    "Traceback (most recent call last):",
    '  File "/usr/local/lib/python3.10/dist-packages/pytorch_lightning/utilities/cloud_io.py", line 68, in atomic_save',
    "    f.write(bytesbuffer.getvalue())",
    '  File "/usr/local/lib/python3.10/dist-packages/fsspec/implementations/local.py", line 382, in write',
    "    return self.f.write(*args, **kwargs)",
    "OSError: [Errno 107] Transport endpoint is not connected",
    "",
    "During handling of the above exception, another exception occurred:",
]


def build_s7() -> Scenario:
    J, K = "318840", "318852"
    s = Scenario(
        "piper-fuse-enotconn-at-save",
        "A piper TTS fine-tune saves last.ckpt to a FUSE-mounted bucket every epoch; the mount daemon dies and the save "
        "fails with ENOTCONN. A second job on another node writing to the same mount fails minutes later.",
        "2027-12-14T10:00:00Z",
        {"name": "sim-c", "partition": "l40s", "nodes": "l40s-[01-10]", "gpus_per_node": 4},
        [{"id": J, "name": "piper-ft-test", "user": "moothecow", "nodes": "l40s-03", "tasks_per_node": 1,
          "started": "2027-12-14T06:12:00Z", "comment": comment(2, "/content/drive/MyDrive/colab/piper/Test")},
         {"id": K, "name": "vits-ft-de", "user": "lhub", "nodes": "l40s-07", "tasks_per_node": 1,
          "started": "2027-12-14T08:40:00Z", "comment": comment(2, "/content/drive/MyDrive/vits-de")}],
    )
    rng = s.rng
    t, ep, st = 25.0, 2618, 1356712
    ckpt = REAL_PIPER_PRE[0]
    while ep < 2632:  # SYNTH: epoch lines + the per-epoch checkpoint open, at ~131 s/epoch (518 steps)
        s.joblog(t, J, ckpt)
        s.joblog(t + 0.3, J, f"Epoch: {ep}. Steps: {st}")
        if rng.random() < 0.3:
            s.joblog(t + 9.0, J, REAL_PIPER_PRE[2])
        ep += 1
        st += 518
        t += 131.0 + rng.uniform(-1.5, 1.5)
    for i, l in enumerate(REAL_PIPER_PRE):
        s.joblog(t + 0.3 * i, J, l)  # REAL
    t_f = t + 131.2
    s.joblog(t_f - 0.2, J, ckpt)  # REAL (same line, next epoch's save)
    for i, l in enumerate(REAL_PIPER_TB):
        s.joblog(t_f + 0.01 * i, J, l)  # REAL
    s.joblog(t_f + 0.2, J, "  [... Lightning frames elided ...]")  # SYNTH
    s.joblog(t_f + 0.3, J, "OSError: [Errno 107] Transport endpoint is not connected: '/content/drive/MyDrive/colab/piper/Test/lightning_logs/version_0/checkpoints/last.ckpt'")  # SYNTH
    s.joblog(t_f + 2.0, J, "srun: error: l40s-03: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_f + 3.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 40.0
    while t2 < t_f + 190:  # SYNTH: the second job (VITS-style lines), saves every 10 min
        s.joblog(t2, K, f"INFO:vits-de:Train Epoch: 311 [{int(t2 / 20) % 100}%]")
        t2 += 95.0
    t_k = t_f + 212.5
    s.joblog(t_k, K, "Saving model and optimizer state at iteration 311 to /content/drive/MyDrive/vits-de/G_96000.pth")  # SYNTH
    s.joblog(t_k + 0.4, K, "OSError: [Errno 107] Transport endpoint is not connected")  # SYNTH (same errno, same mount)
    s.joblog(t_k + 1.8, K, "srun: error: l40s-07: task 0: Exited with exit code 1")  # SYNTH
    job_end(s, t_k + 3.0, K, "FAILED", "1:0", "NonZeroExitCode")

    def fn(n_, g, t3):  # SYNTH: one GPU each; idle after their failures
        if g != 0:
            return idle(rng, "l40s")
        end = t_f + 2 if n_ == "l40s-03" else t_k + 2
        return healthy_fields(rng, "l40s", 0.8, fb=True) if t3 < end else idle(rng, "l40s")
    s.telemetry(["l40s-03", "l40s-07"], 4, 0.0, t_k + 900.0, 60.0, fn)
    s.truth = truth({"t": t_f, "category": "infrastructure", "node": None},
                    no_requeue=[J, K], no_drain=["l40s-03", "l40s-07"])
    return s


# ======================================================================================
# S8  hfhub-504-push-three-jobs  (infrastructure; external shared service)
# ======================================================================================
# Lines: https://github.com/huggingface/huggingface_hub/issues/1516 -- "Hundreds of experiments started throwing
# HfHubHTTPError: 504 Server Error: Gateway Time-out for url Error" (AntreasAntoniou: "all my experiments began
# complaining that they couldn't access the HFHub Gateway"). Conclusion: a Hub-side outage, not the jobs or nodes
# (a maintainer on the same class of errors: "due to the Hub outage", https://github.com/huggingface/datasets/issues/6577).
# Several jobs on disjoint nodes fail together -> infrastructure. Other repos' copies of the error are SYNTH.
REAL_HF_TB = [
    "╭─────────────────────────────── Traceback (most recent call last) ────────────────────────────────╮",
    "│ /opt/conda/envs/main/lib/python3.10/site-packages/huggingface_hub/utils/_errors.py:259 in        │",
    "│ hf_raise_for_status                                                                              │",
]
REAL_HF_ERR = "HfHubHTTPError: 504 Server Error: Gateway Time-out for URL  https://huggingface.co/api/models/Antreas/timm-ade20k-debug-137/commit/main"


def build_s8() -> Scenario:
    jobs = [("5120", "timm-ade20k-debug-137", "gx-[02-03]"), ("5124", "clip-vit-b16-debug-141", "gx-06"),
            ("5131", "dinov2-sem-debug-139", "gx-[09-10]")]
    s = Scenario(
        "hfhub-504-push-three-jobs",
        "Three training jobs of one owner on disjoint nodes push checkpoints to the Hugging Face Hub; within minutes all "
        "three die with HfHubHTTPError 504 Gateway Time-out from the Hub API.",
        "2027-06-17T12:00:00Z",
        {"name": "sim-e", "partition": "a100", "nodes": "gx-[01-12]", "gpus_per_node": 8},
        [{"id": j, "name": n, "user": "antreas", "nodes": nd, "tasks_per_node": 8,
          "started": "2027-06-17T09:40:00Z", "comment": comment(2)} for j, n, nd in jobs],
    )
    rng = s.rng
    fails = {"5120": 2411.7, "5124": 2498.2, "5131": 2655.9}
    for j, name, _ in jobs:
        t, stp = 10.0 + rng.uniform(0, 20), 4000
        while t < fails[j] - 3:  # SYNTH: accelerate-style progress every 50 steps
            s.joblog(t, j, f"train step {stp}: loss={0.71 + rng.uniform(-0.03, 0.03):.4f} lr=1.0e-04 step_time={1.38 + rng.uniform(-0.02, 0.02):.2f}s")
            stp += 50
            t += 69.0 + rng.uniform(-0.6, 0.6)
        tf = fails[j]
        s.joblog(tf - 2.0, j, f"Uploading checkpoint to Antreas/{name} (step {stp})")  # SYNTH
        if j == "5120":
            for i, l in enumerate(REAL_HF_TB):
                s.joblog(tf + 0.001 * i, j, l)  # REAL
            s.joblog(tf + 0.01, j, REAL_HF_ERR)  # REAL
        else:
            s.joblog(tf, j, REAL_HF_TB[0])  # REAL (same traceback head)
            s.joblog(tf + 0.01, j, REAL_HF_ERR.replace("timm-ade20k-debug-137", name))  # SYNTH copy (repo name substituted)
        head = {"5120": "gx-02", "5124": "gx-06", "5131": "gx-09"}[j]
        s.joblog(tf + 1.5, j, f"srun: error: {head}: task 0: Exited with exit code 1")  # SYNTH
        job_end(s, tf + 33.0, j, "FAILED", "1:0", "NonZeroExitCode")

    def fn(n_, g, t3):  # SYNTH
        j = {"gx-02": "5120", "gx-03": "5120", "gx-06": "5124", "gx-09": "5131", "gx-10": "5131"}[n_]
        return healthy_fields(rng, "a100", 0.9, fb=True) if t3 < fails[j] + 1 else idle(rng, "a100")
    s.telemetry(["gx-02", "gx-03", "gx-06", "gx-09", "gx-10"], 8, 0.0, 3300.0, 240.0, fn)
    s.truth = truth({"t": fails["5120"], "category": "infrastructure", "node": None},
                    no_requeue=["5120", "5124", "5131"], no_drain=["gx-02", "gx-06", "gx-09"])
    return s


# ======================================================================================
# S9  healthy-vits-grad-strides-warning  (healthy)
# ======================================================================================
# Lines: https://github.com/AlexandaJerry/whisper-vits-japanese/issues/15 -- "why raised warning?" (VITS training under
# DDP prints the reducer's grad-strides UserWarning; "is this normal?"). Conclusion (maintainer AlexandaJerry): "If the
# warning does hot hinder the running process, it could be ignored and consideres as a friendly reminding from the
# system." The warning's own text: "This is not an error, but may impair performance." The inline-code backticks
# around the quoted text in the issue are not part of the log and are dropped; the file:line prefix is SYNTH.
REAL_STRIDES = [
    "UserWarning: Grad strides do not match bucket view strides. This may indicate grad was not created according to the gradient layout contract, or that the param's strides changed since DDP was constructed.  This is not an error, but may impair performance.",
    "grad.sizes() = [1, 9, 98], strides() = [29498, 98, 1]",
    "bucket_view.sizes() = [1, 9, 98], strides() = [882, 98, 1] (Triggered internally at ../torch/csrc/distributed/c10d/reducer.cpp:325.)",
    "  Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
]


def build_s9() -> Scenario:
    J = "66120"
    s = Scenario(
        "healthy-vits-grad-strides-warning",
        "A 1-node x 4 GPU VITS (Japanese TTS) training: each DDP rank prints the reducer's 'Grad strides do not match "
        "bucket view strides' warning at the first backward; training then proceeds at a steady pace.",
        "2027-05-10T02:00:00Z",
        {"name": "sim-t", "partition": "gpu", "nodes": "tts-[01-06]", "gpus_per_node": 4},
        [{"id": J, "name": "vits-ja-whisper", "user": "yoosh", "nodes": "tts-02", "tasks_per_node": 4,
          "started": "2027-05-10T01:59:20Z", "comment": comment(2, "/data/yoosh/vits/logs")}],
    )
    rng = s.rng
    s.joblog(40.0, J, "INFO:ja_base:{'train': {'log_interval': 200, 'eval_interval': 1000, 'seed': 1234, 'epochs': 10000, 'learning_rate': 0.0002, 'batch_size': 32}}")  # SYNTH
    for r in range(4):
        t0 = 61.0 + 0.05 * r
        s.joblog(t0, J, f"/opt/conda/lib/python3.10/site-packages/torch/autograd/__init__.py:200: {REAL_STRIDES[0]}")  # REAL body, SYNTH prefix; once per rank
        for i, l in enumerate(REAL_STRIDES[1:]):
            s.joblog(t0 + 0.001 * (i + 1), J, l)  # REAL
    t, step, ep = 70.0, 0, 1
    while t < 4800:  # SYNTH: VITS train_ms.py log blocks every 200 steps (~0.52 s/step -> ~104 s)
        s.joblog(t, J, f"INFO:ja_base:Train Epoch: {ep} [{int(100 * (step % 1400) / 1400)}%]")
        s.joblog(t + 0.001, J, f"INFO:ja_base:[{2.6 + rng.uniform(-0.2, 0.2):.4f}, {2.3 + rng.uniform(-0.2, 0.2):.4f}, {14.1 - step * 0.0004 + rng.uniform(-0.5, 0.5):.4f}, {25.0 + rng.uniform(-1, 1):.4f}, {2.1 + rng.uniform(-0.1, 0.1):.4f}, {2.9 + rng.uniform(-0.3, 0.3):.4f}, {step}, 0.0002]")
        step += 200
        if step % 1400 == 0:
            ep += 1
        t += 104.0 + rng.uniform(-1.5, 1.5)

    def fn(n_, g, t3):  # SYNTH
        return healthy_fields(rng, "a100_40", 0.82, fb=True) if t3 > 55 else healthy_fields(rng, "a100_40", 0.2, fb=True)
    s.telemetry(["tts-02"], 4, 0.0, 4800.0, 60.0, fn)
    s.truth = truth(None, no_requeue=[J], no_drain=["tts-02"])
    return s


# ======================================================================================
# S10  healthy-wandb-retry-loop-torchtitan  (healthy)
# ======================================================================================
# Line: https://github.com/wandb/wandb/issues/5017 (Porthoos: "the output of the program is `wandb: Network error
# (ReadTimeout), entering retry loop.`"). Conclusion that a running training is unaffected:
# https://github.com/wandb/wandb/issues/1185 (raubitsj, W&B: during their ~40 min database outage "Any actively running
# training jobs ... should continue running during the outage but they will be reporting messages about failures, but
# they will recover"). The torchtitan step lines around it are SYNTH in torchtitan's format.
REAL_WANDB = "wandb: Network error (ReadTimeout), entering retry loop."


def build_s10() -> Scenario:
    J = "880412"
    s = Scenario(
        "healthy-wandb-retry-loop-torchtitan",
        "A 2-node x 8 H100 torchtitan Llama-3 8B pretraining keeps stepping at a steady rate while the W&B client prints "
        "'Network error (ReadTimeout), entering retry loop.' for ~40 minutes during a tracking-server outage.",
        "2027-09-08T13:00:00Z",
        {"name": "sim-q", "partition": "h100", "nodes": "tq-[001-016]", "gpus_per_node": 8},
        [{"id": J, "name": "titan-llama3-8b", "user": "mbauer", "nodes": "tq-[005-006]", "tasks_per_node": 8,
          "started": "2027-09-08T07:20:00Z", "comment": comment(3, "/lustre/mbauer/titan/ckpt")}],
    )
    rng = s.rng
    t, step = 8.0, 6110
    out_lo, out_hi = 1810.0, 4290.0
    next_w = out_lo
    while t < 6000:  # SYNTH: torchtitan metrics line every 10 steps (~2.46 s/step)
        d = s.at(t)
        s.joblog(t, J, f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO - step: {step:5d}  loss: {2.41 + rng.uniform(-0.04, 0.04):7.4f}  grad_norm: {rng.uniform(0.2, 0.32):7.4f}  memory: 61.02GiB(77.02%)  tps: {int(3330 + rng.uniform(-40, 40)):,}  tflops: {193 + rng.uniform(-2, 2):.2f}  mfu: {19.5 + rng.uniform(-0.2, 0.2):.2f}%")
        if step % 500 == 0:
            s.joblog(t + 0.5, J, f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{(d.microsecond // 1000 + 500) % 1000:03d} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
        step += 10
        t += 24.6 + rng.uniform(-0.3, 0.3)
        while out_lo <= next_w <= out_hi and next_w < t:
            s.joblog(next_w, J, REAL_WANDB)  # REAL (repeated through the outage)
            next_w += 150.0 + rng.uniform(-20, 20)

    def fn(n_, g, t3):  # SYNTH: steady
        return healthy_fields(rng, "h100", 0.95, fb=True)
    s.telemetry(["tq-005", "tq-006"], 8, 0.0, 6000.0, 120.0, fn)
    s.truth = truth(None, no_requeue=[J], no_drain=["tq-005", "tq-006"])
    return s


BUILDERS = [build_s1, build_s2, build_s3, build_s4, build_s5, build_s6, build_s7, build_s8, build_s9, build_s10]


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
