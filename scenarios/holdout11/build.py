#!/usr/bin/env python3
"""Build the holdout11 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules (same as holdout7..holdout10):
  * `REAL_*` string literals are copied verbatim from the public thread named in the
    comment above each block (text the stored excerpt showed cut stays cut).
  * Where possible the scenario's clock is chosen so the real stamps fit it unchanged; where a
    real line has to be placed at another time only its *prefix* (stamp) is rewritten.
  * Everything else -- names, ids, timestamps, DCGM telemetry, trainer progress lines
    in a real trainer's format, Slurm state events, teardown lines -- is SYNTHESISED by
    the helpers in this file and marked `# SYNTH` at the call site.

Writes only ./scenarios/<name>/{scenario.json,events.jsonl,truth.json}.
Generic helpers up to `mpirun_prefix` are copied from holdout10's build.py (same machinery).
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
# S1  owod-gpu-lost-detectron2  (gpu_hardware: GPU 0 lost, seen only through nvidia-smi)
# ======================================================================================
# Lines: https://github.com/JosephKJ/OWOD/issues/81 -- "Unable to determine the device handle for GPU 0000:02:00.0:
# GPU is lost. Reboot the system to recover this GPU" (ia-heng, 2021-12-18): a 4-GPU detectron2 `tools/train_net.py
# --num-gpus 4` run of OWOD crashes; afterwards nvidia-smi prints the line below (the crash itself is a screenshot).
# Conclusion (maintainer JosephKJ): "this seems to be an NVIDIA driver issue. Please check with your system
# administrator" -- the GPU at bus 0000:02:00 is lost until the machine is rebooted (NVIDIA's own text).
REAL_OWOD_LOST = [
    "Unable to determine the device handle for GPU 0000:02:00.0: GPU is lost. Reboot the system to recover this GPU",
]


def d2_stamp(d: dt.datetime) -> str:
    return f"[{d:%m/%d %H:%M:%S}"


def build_s1() -> Scenario:
    J, N = "51207", "51190"
    s = Scenario(
        "owod-gpu-lost-detectron2",
        "A 4-GPU detectron2 (OWOD task-1) training job on one workstation-class node crashes with a CUDA launch failure "
        "after ~40 min; the job script's trailing nvidia-smi says GPU 0000:02:00.0 is lost. No kernel log is collected "
        "from that node; GPU 0's telemetry stops.",
        "2021-12-18T09:00:00Z",
        {"name": "vlab", "partition": "gpu", "nodes": "ws[01-06]", "gpus_per_node": 4,
         "pci_bus_ids": ["0000:02:00", "0000:03:00", "0000:82:00", "0000:83:00"]},
        [{"id": J, "name": "owod-t1", "user": "iaheng", "nodes": "ws03", "tasks_per_node": 4,
          "started": "2021-12-18T09:00:30Z", "comment": comment(2, "/home/iaheng/OWOD/output/t1_final")},
         {"id": N, "name": "yolox-ft", "user": "mzhao", "nodes": "ws05", "tasks_per_node": 4,
          "started": "2021-12-18T07:40:00Z"}],
    )
    rng = s.rng
    s.job_state(30.0, J, "RUNNING", "0:0", nodes="ws03")  # SYNTH
    s.joblog(52.0, J, f"{d2_stamp(s.at(52.0))} detectron2]: Starting training from iteration 0")  # SYNTH
    t, it = 64.0, 19
    t_f = 2431.6
    while t < t_f:  # SYNTH: detectron2 CommonMetricPrinter, every 20 iterations at ~0.56 s/iter
        eta = (90000 - it) * 0.56
        s.joblog(t, J, f"{d2_stamp(s.at(t))} d2.utils.events]:  eta: {hms(eta)}  iter: {it}  "
                       f"total_loss: {1.9 - it / 6000 + rng.uniform(-0.08, 0.08):.3f}  loss_cls: {0.61 + rng.uniform(-0.05, 0.05):.3f}  "
                       f"loss_box_reg: {0.52 + rng.uniform(-0.04, 0.04):.3f}  loss_clustering: {0.21 + rng.uniform(-0.03, 0.03):.3f}  "
                       f"loss_rpn_cls: {0.08 + rng.uniform(-0.01, 0.01):.3f}  loss_rpn_loc: {0.09 + rng.uniform(-0.01, 0.01):.3f}  "
                       f"time: {0.56 + rng.uniform(-0.02, 0.02):.4f}  data_time: {0.012 + rng.uniform(0, 0.004):.4f}  lr: 0.010000  max_mem: 7431M")
        t += 20 * 0.56 + rng.uniform(-0.2, 0.2)
        it += 20
    # SYNTH: the crash as detectron2 + torch.multiprocessing.spawn print it (the thread only has a screenshot)
    crash = [
        f"{d2_stamp(s.at(t_f))} d2.engine.train_loop]: Exception during training:",
        "Traceback (most recent call last):",
        '  File "/home/iaheng/OWOD/detectron2/engine/train_loop.py", line 140, in train',
        "    self.run_step()",
        '  File "/home/iaheng/OWOD/detectron2/engine/train_loop.py", line 234, in run_step',
        "    losses.backward()",
        "RuntimeError: CUDA error: unspecified launch failure",
        f"{d2_stamp(s.at(t_f + 0.2))} d2.engine.hooks]: Total training time: {hms(t_f - 52)} ({hms(t_f - 60)} on hooks)",
        "torch.multiprocessing.spawn.ProcessRaisedException: ",
        "",
        "-- Process 0 terminated with the following error:",
    ]
    for i, l in enumerate(crash):
        s.joblog(t_f + 0.01 * i, J, l)
    s.joblog(t_f + 9.5, J, REAL_OWOD_LOST[0])  # REAL (job script runs nvidia-smi after python exits)
    s.joblog(t_f + 9.6, J, "No devices were found")  # SYNTH (nvidia-smi's trailer when the handle lookup fails)
    job_end(s, t_f + 10.5, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 40.0
    while t2 < 4200:  # SYNTH neighbour: mmdet-style YOLOX epoch log
        s.joblog(t2, N, f"{fairseq_stamp(s.at(t2))},{rng.randint(0, 999):03d} - mmdet - INFO - Epoch [41][{int(t2 // 40) % 400 * 10 + 10}/4000]\t"
                        f"lr: 9.412e-03, eta: 6:12:40, time: 0.402, data_time: 0.011, memory: 9120, loss_cls: 0.4512, loss_bbox: 2.0114, loss_obj: 1.2201, loss: 3.6827")
        t2 += 4.02 * 10 + rng.uniform(-0.5, 0.5)

    def fn(n_, g, t3):  # SYNTH: GPU 0 of ws03 stops reporting at the fault; the rest idles after the job ends
        if n_ == "ws03":
            if g == 0 and t3 >= t_f - 1:
                return None
            return busy(rng, "rtx6000") if t3 < t_f else idle(rng, "rtx6000")
        return busy(rng, "rtx6000")
    s.telemetry(["ws03", "ws05"], 4, 0.0, 4200.0, 60.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": "ws03", "gpu": 0},
                    drain=["ws03"], requeue={J: {"exclude": ["ws03"]}}, no_requeue=[N], no_drain=["ws05"])
    return s


# ======================================================================================
# S2  torchtitan-keep-latest-k-first-checkpoint  (software: purge of a relative folder)
# ======================================================================================
# Lines: https://github.com/pytorch/torchtitan/issues/909 -- "[Checkpointing] Using keep_latest_k setting results in
# failure..." (lessw2020, 2025-03-01): a 1400-GPU torchtitan run with `keep_latest_k = 2` dies "At first checkpoint"
# in `_purge_stale_checkpoints` -> `os.listdir(self.folder)` with FileNotFoundError './outputs/test' ("the location
# spec'ed for saving checkpoints was a different NFS drive"). Conclusion: a bug/config mismatch in the trainer's
# checkpoint purge path -- it fails at every first checkpoint, so a restart repeats it.
REAL_TITAN_TB = [
    "[rank1186]: Traceback (most recent call last):",
    '[rank1186]:   File "/home/ubuntu/less/torchtitan/./torchtitan/train.py", line 437, in <module>',
    "[rank1186]:     main(config)",
    '[rank1186]:   File "/home/ubuntu/miniconda3/envs/titan/lib/python3.12/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 354, in wrapper',
    "[rank1186]:     return f(*args, **kwargs)",
    "[rank1186]:            ^^^^^^^^^^^^^^^^^^",
    '[rank1186]:   File "/home/ubuntu/less/torchtitan/./torchtitan/train.py", line 407, in main',
    "[rank1186]:     checkpoint.save(",
    '[rank1186]:   File "/home/ubuntu/less/torchtitan/torchtitan/components/checkpoint.py", line 389, in save',
    "[rank1186]:     self._purge_stale_checkpoints()",
    '[rank1186]:   File "/home/ubuntu/less/torchtitan/torchtitan/components/checkpoint.py", line 472, in _purge_stale_checkpoints',
    "[rank1186]:     for filename in os.listdir(self.folder):",
    "[rank1186]:                     ^^^^^^^^^^^^^^^^^^^^^^^",
    "[rank1186]: FileNotFoundError: [Errno 2] No such file or directory: './outputs/test'",
]


def titan(d: dt.datetime) -> str:
    return f"[rank0]:[titan] {d:%Y-%m-%d %H:%M:%S},{d.microsecond // 1000:03d} - root - INFO -"


def build_s2() -> Scenario:
    J, N = "3310", "3322"
    s = Scenario(
        "torchtitan-keep-latest-k-first-checkpoint",
        "A 175-node x 8 H100 torchtitan Llama pretraining run (1400 ranks) trains normally for 500 steps and dies at its "
        "first checkpoint: rank 1186 raises FileNotFoundError in _purge_stale_checkpoints (keep_latest_k with a "
        "checkpoint folder on another NFS mount). The job opted in to automatic requeue.",
        "2025-03-01T06:00:00Z",
        {"name": "titan-p5", "partition": "train", "nodes": "p5-[001-184]", "gpus_per_node": 8},
        [{"id": J, "name": "llama3-70b-pt", "user": "lessw", "nodes": "p5-[001-175]", "tasks_per_node": 8,
          "started": "2025-03-01T06:00:20Z", "comment": comment(3, "/fsx/less/outputs")},
         {"id": N, "name": "dpo-sweep", "user": "kchen", "nodes": "p5-[177-180]", "tasks_per_node": 8,
          "started": "2025-03-01T04:10:00Z", "comment": comment(1)}],
    )
    rng = s.rng
    s.job_state(20.0, J, "RUNNING", "0:0", nodes="p5-[001-175]")  # SYNTH
    s.joblog(95.0, J, f"{titan(s.at(95.0))} Training starts at step 1.")  # SYNTH
    t, step = 95.0 + 58.4, 10
    while step <= 500:  # SYNTH: torchtitan metrics line, log_freq 10, ~5.8 s/step
        s.joblog(t, J, f"{titan(s.at(t))} step: {step:3d}  loss: {10.9 * (0.93 ** (step / 10)) + 2.1 + rng.uniform(-0.05, 0.05):7.4f}  "
                       f"memory: {61.2 + rng.uniform(-0.3, 0.3):5.2f}GiB({77.4 + rng.uniform(-0.4, 0.4):.2f}%)  tps: {int(1410 + rng.uniform(-30, 30)):,}  "
                       f"tflops: {399.1 + rng.uniform(-8, 8):.2f}  mfu: {40.35 + rng.uniform(-0.8, 0.8):.2f}%")
        t += 10 * 5.84 + rng.uniform(-1.0, 1.0)
        step += 10
    t_save = t - 10 * 5.84 + 2.1
    s.joblog(t_save, J, f"{titan(s.at(t_save))} Saving the checkpoint (or staging if async is enabled).")  # SYNTH
    t_f = t_save + 43.7
    for i, l in enumerate(REAL_TITAN_TB):
        s.joblog(t_f + 0.001 * i, J, l)  # REAL
    s.joblog(t_f + 2.8, J, f"E0301 {s.at(t_f + 2.8):%H:%M:%S}.{s.at(t_f + 2.8).microsecond:06d} 1702214 torch/distributed/elastic/multiprocessing/api.py:869] "
                           "failed (exitcode: 1) local_rank: 2 (pid: 1702232) of binary: /home/ubuntu/miniconda3/envs/titan/bin/python")  # SYNTH
    s.joblog(t_f + 3.0, J, "srun: error: p5-149: task 1186: Exited with exit code 1")  # SYNTH (rank 1186 -> node 149)
    end = srun_abort_lines(s, t_f + 3.2, J, "p5-001")
    job_end(s, end + 30.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 30.0
    while t2 < t_f + 600:  # SYNTH neighbour: TRL DPO dicts
        s.joblog(t2, N, f"{{'loss': {0.52 + rng.uniform(-0.04, 0.04):.4f}, 'grad_norm': {11.2 + rng.uniform(-2, 2):.3f}, "
                        f"'learning_rate': 5e-07, 'rewards/accuracies': {0.71 + rng.uniform(-0.03, 0.03):.3f}, 'epoch': {0.4 + t2 / 30000:.2f}}}")
        t2 += 95.0 + rng.uniform(-3, 3)

    def fn(n_, g, t3):  # SYNTH: a sample of the fleet (rank-0 node, rank-1186 node, neighbour)
        if n_ in ("p5-001", "p5-149"):
            return busy(rng, "h100") if t3 < t_f + 4 else idle(rng, "h100")
        return busy(rng, "h100")
    s.telemetry(["p5-001", "p5-149", "p5-177"], 8, 0.0, t_f + 600, 120.0, fn)
    s.truth = truth({"t": t_f, "category": "software"}, no_requeue=[J, N], no_drain=["p5-149", "p5-001"])
    return s


# ======================================================================================
# S3  litgpt-mistral7b-oom-64k-vocab  (software: deterministic CUDA OOM)
# ======================================================================================
# Lines: https://github.com/Lightning-AI/litgpt/issues/684 -- "OOM with pretraining Mistral7B" (LamOne1, 2023-10-30):
# pretraining Mistral-7B with a 64K-vocab tokenizer on A100 40GB fails with the OOM below "regardless of the batch
# size value used (always 1000MB)"; only micro batch size 1 fits. Conclusion: the model/config does not fit the
# GPU memory (the padded 64K vocab's logits) -- an application/configuration error that repeats on every restart.
# The excerpt's OOM line is cut after "memory i" and stays cut.
REAL_LITGPT_OOM = [
    "    Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
    "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1000.00 MiB. GPU 4 has a total capacty of 39.59 GiB of which 895.19 MiB is free. Including non-PyTorch memory, this process has 38.71 GiB memory i",
]


def build_s3() -> Scenario:
    J, N = "118842", "118790"
    s = Scenario(
        "litgpt-mistral7b-oom-64k-vocab",
        "A 4-node x 8 A100-40GB litgpt pretraining job (Mistral-7B with a 64K vocabulary) dies in the backward pass of its "
        "first optimizer step: CUDA OOM on GPU 4, 1000 MiB requested. The job opted in to automatic requeue.",
        "2023-10-30T08:00:00Z",
        {"name": "a100c", "partition": "a100", "nodes": "gpu[101-116]", "gpus_per_node": 8},
        [{"id": J, "name": "mistral7b-pt-64k", "user": "lamone", "nodes": "gpu[101-104]", "tasks_per_node": 8,
          "started": "2023-10-30T08:00:10Z", "comment": comment(3, "/scratch/lamone/out/mistral7b")},
         {"id": N, "name": "llama-ft", "user": "pdiaz", "nodes": "gpu[109-110]", "tasks_per_node": 8,
          "started": "2023-10-30T06:30:00Z"}],
    )
    rng = s.rng
    s.job_state(10.0, J, "RUNNING", "0:0", nodes="gpu[101-104]")  # SYNTH
    setup = [  # SYNTH: litgpt pretrain start-up lines (Fabric)
        "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32",
        "----------------------------------------------------------------------------------------------------",
        "distributed_backend=nccl",
        "All distributed processes registered. Starting with 32 processes",
        "----------------------------------------------------------------------------------------------------",
        "Seed set to 1337",
        "Loading model with {'name': 'Mistral-7B-v0.1', 'block_size': 4096, 'vocab_size': 64000, 'padded_vocab_size': 64000, 'n_layer': 32, 'n_head': 32, 'n_embd': 4096}",
        "Time to instantiate model: 0.09 seconds.",
        "Total parameters 7,504,924,672",
    ]
    for i, l in enumerate(setup):
        s.joblog(48.0 + 0.6 * i + (0.0 if i < 6 else 31.0), J, l)
    t = 112.0
    for it in range(1, 8):  # SYNTH: litgpt pretrain iteration lines (gradient accumulation 8, ~1.9 s/iter)
        s.joblog(t, J, f"iter {it} step 0: loss {11.0830 + rng.uniform(-0.01, 0.01):.4f}, iter time: {1890 + rng.uniform(-40, 40):.2f}ms")
        t += 1.9 + rng.uniform(-0.05, 0.05)
    t_f = t + 2.4
    # SYNTH: tail of the traceback printed before the real lines, two ranks interleaved as in the thread
    s.joblog(t_f, J, "Traceback (most recent call last):")
    s.joblog(t_f + 0.002, J, '  File "/home/lamone/litgpt/pretrain/redpajama.py", line 196, in fit')
    s.joblog(t_f + 0.003, J, "    fabric.backward(loss / gradient_accumulation_iters)")
    s.joblog(t_f + 0.004, J, REAL_LITGPT_OOM[0])  # REAL
    s.joblog(t_f + 0.005, J, REAL_LITGPT_OOM[0])  # REAL (second rank)
    s.joblog(t_f + 0.006, J, REAL_LITGPT_OOM[1])  # REAL
    for r, node in ((12, "gpu102"), (20, "gpu103"), (28, "gpu104")):  # SYNTH: the same OOM on other ranks' GPU 4
        s.joblog(t_f + 0.3 + 0.01 * r, J, "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1000.00 MiB. GPU 4 has a total capacty of 39.59 GiB of which 897.19 MiB is free.")
    s.joblog(t_f + 4.0, J, "srun: error: gpu101: task 4: Exited with exit code 1")  # SYNTH
    s.joblog(t_f + 4.1, J, "srun: error: gpu102: task 12: Exited with exit code 1")  # SYNTH
    end = srun_abort_lines(s, t_f + 4.3, J, "gpu101")
    job_end(s, end + 32.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 20.0
    while t2 < 1500:  # SYNTH neighbour: HF Trainer dicts
        s.joblog(t2, N, f"{{'loss': {1.21 + rng.uniform(-0.05, 0.05):.4f}, 'learning_rate': 1.8e-05, 'epoch': {1.1 + t2 / 40000:.2f}}}")
        t2 += 75.0 + rng.uniform(-2, 2)

    def fn(n_, g, t3):  # SYNTH: job nodes near-full memory (40 GB) until the crash, then idle
        if n_.startswith("gpu10") and n_ != "gpu109":
            if t3 >= t_f + 4:
                return idle(rng, "a100_40")
            f = busy(rng, "a100_40")
            f["DCGM_FI_DEV_FB_USED"] = 39800 + rng.randint(-300, 300) if t3 > 100 else 16000 + rng.randint(-500, 500)
            return f
        return busy(rng, "a100_40")
    s.telemetry(["gpu101", "gpu104", "gpu109"], 8, 0.0, 1500.0, 60.0, fn)
    s.truth = truth({"t": t_f, "category": "software"}, no_requeue=[J, N],
                    no_drain=["gpu101", "gpu102", "gpu103", "gpu104"])
    return s


# ======================================================================================
# S4  stale-file-handle-torch-load-two-jobs  (infrastructure: shared filesystem)
# ======================================================================================
# Lines: https://github.com/pytorch/pytorch/issues/45826 -- "c10::Error ... Probably file system error, posting in case
# it's of interest" (drevicko, 2020-10-04): "This error came up during a slurm run": torch.load of the model file
# fails with `read(): fd 33 failed with Stale file handle`, followed by a c10::Error abort. Conclusion (title and
# thread): a file-system (NFS stale handle) error, not PyTorch's and not the node's. The second job's lines are
# synthesised to make the shared-storage blast radius visible (FORMAT: several jobs on disjoint nodes).
REAL_STALE = [
    '  File "main.py", line 473, in main_loop',
    "    state = torch.load(output_folder / model_file_name)",
    '  File "/apps/pytorch/1.4.0-py37-cuda90/lib/python3.7/site-packages/torch/serialization.py", line 529, in load',
    "    return _legacy_load(opened_file, map_location, pickle_module, **pickle_load_args)",
    '  File "/apps/pytorch/1.4.0-py37-cuda90/lib/python3.7/site-packages/torch/serialization.py", line 709, in _legacy_load',
    "    deserialized_objects[key]._set_from_file(f, offset, f_should_read_directly)",
    "RuntimeError: read(): fd 33 failed with Stale file handle",
    "terminate called after throwing an instance of 'c10::Error'",
    "  what():  owning_ptr == NullType::singleton() || owning_ptr->refcount_.load() > 0 INTERNAL ASSERT FAILED at ../c10/util/intrusive_ptr.h:348, please report a bug to PyTorch. intrusive_ptr: Can only intrusive_ptr::reclaim() owning pointers that were created using intrusive_ptr::release(). (reclaim at ../c10/util/intrusive_ptr.h:348)",
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string const&) + 0x45 (0x2aaad1d302b5 in /apps/pytorch/1.4.0-py37-cuda90/lib/python3.7/site-packages/torch/lib/libc10.so)",
]


def build_s4() -> Scenario:
    A, B, C = "6021144", "6021190", "6021002"
    s = Scenario(
        "stale-file-handle-torch-load-two-jobs",
        "Two single-GPU PyTorch jobs of different users on different nodes fail within a minute of each other with "
        "'Stale file handle' while reading from the shared home/project filesystem; both nodes log NFS 'not responding' "
        "then 'OK'. A third job whose data is on local scratch keeps running.",
        "2020-10-04T02:00:00Z",
        {"name": "hpcg", "partition": "gpu", "nodes": "g[01-24]", "gpus_per_node": 4},
        [{"id": A, "name": "prosody-main", "user": "drevicko", "nodes": "g07", "tasks_per_node": 1,
          "started": "2020-10-03T21:12:00Z", "comment": comment(2)},
         {"id": B, "name": "unet-seg", "user": "hkaur", "nodes": "g12", "tasks_per_node": 1,
          "started": "2020-10-04T01:05:00Z", "comment": comment(1)},
         {"id": C, "name": "wav2vec-ft", "user": "tlin", "nodes": "g15", "tasks_per_node": 4,
          "started": "2020-10-03T18:00:00Z"}],
    )
    rng = s.rng
    t_nfs = 3290.0
    t, ep = 35.0, 61
    while t < t_nfs + 60:  # SYNTH: the user's own epoch loop, one line per epoch (~4 min), then load of the best model
        s.joblog(t, A, f"epoch {ep:3d} | train loss {0.3121 - ep * 0.0007 + rng.uniform(-0.004, 0.004):.4f} | "
                       f"dev loss {0.3544 - ep * 0.0005 + rng.uniform(-0.004, 0.004):.4f} | {236 + rng.uniform(-4, 4):.1f}s")
        t += 240.0 + rng.uniform(-4, 4)
        ep += 1
    t_f = t_nfs + 71.3
    s.joblog(t_f - 0.01, A, "Traceback (most recent call last):")  # SYNTH (the excerpt starts below it)
    for i, l in enumerate(REAL_STALE):
        s.joblog(t_f + 0.001 * i, A, l)  # REAL
    s.joblog(t_f + 0.4, A, f"/var/spool/slurmd/job{A}/slurm_script: line 19: 118342 Aborted                 (core dumped) python main.py --config cfg/prosody.yaml")  # SYNTH
    job_end(s, t_f + 1.5, A, "FAILED", "134:0", "NonZeroExitCode")
    t = 50.0
    while t < t_nfs + 30:  # SYNTH: second job, Keras-style lines from a PyTorch UNet script
        s.joblog(t, B, f"[{s.at(t):%H:%M:%S}] it {int(t // 6.2) * 10:6d}  dice {0.78 + t / 60000 + rng.uniform(-0.01, 0.01):.4f}  loss {0.214 - t / 90000 + rng.uniform(-0.005, 0.005):.4f}")
        t += 62.0 + rng.uniform(-1, 1)
    t_b = t_nfs + 38.2
    for i, l in enumerate([  # SYNTH: the same filesystem failure seen from a DataLoader worker reading images
        "Traceback (most recent call last):",
        '  File "train_unet.py", line 211, in <module>',
        "    for step, (img, mask) in enumerate(loader):",
        '  File "/apps/pytorch/1.4.0-py37-cuda90/lib/python3.7/site-packages/torch/utils/data/dataloader.py", line 345, in __next__',
        "    data = self._next_data()",
        "OSError: [Errno 116] Stale file handle: '/project/hkaur/seg/train/img_18231.png'",
    ]):
        s.joblog(t_b + 0.001 * i, B, l)
    job_end(s, t_b + 2.0, B, "FAILED", "1:0", "NonZeroExitCode")
    for node, dt_ in (("g07", 0.0), ("g12", 4.0), ("g15", 6.0)):  # SYNTH: NFS client messages on every node
        s.kernel(t_nfs + dt_, node, f"{dmesg_t(s.at(t_nfs + dt_))} nfs: server nfs-home01 not responding, still trying")
        s.kernel(t_nfs + 151.0 + dt_, node, f"{dmesg_t(s.at(t_nfs + 151.0 + dt_))} nfs: server nfs-home01 OK")
    t = 20.0
    while t < 5400:  # SYNTH third job (local scratch): fairseq-style lines
        s.joblog(t, C, f"{fairseq_stamp(s.at(t))} | INFO | train_inner | epoch 012:   {int(t // 30) % 900 + 1:3d} / 900 loss=2.144, "
                       f"ntokens=1.98e+06, nsentences=640, wps={int(16100 + rng.uniform(-300, 300))}, ups=0.83, lr=4.2e-05, gnorm=0.811, wall={int(t + 40000)}")
        t += 120.0 + rng.uniform(-2, 2)

    def fn(n_, g, t3):  # SYNTH
        if n_ == "g07" and g == 0:
            return busy(rng, "v100_16") if t3 < t_f else idle(rng, "v100_16")
        if n_ == "g12" and g == 0:
            return busy(rng, "v100_16") if t3 < t_b else idle(rng, "v100_16")
        if n_ == "g15":
            return busy(rng, "v100_16")
        return idle(rng, "v100_16")
    s.telemetry(["g07", "g12", "g15"], 4, 0.0, 5400.0, 60.0, fn)
    s.truth = truth({"t": t_b, "category": "infrastructure"}, no_requeue=[A, B, C], no_drain=["g07", "g12", "g15"])
    return s


# ======================================================================================
# S5  healthy-nemo-asr-socket-einval  (healthy: c10d client-socket warnings at start)
# ======================================================================================
# Lines: https://github.com/NVIDIA-NeMo/Speech/issues/7351 -- "Invalid socket warning when running on SLURM" (msis,
# 2023-08-30): single-node multi-GPU NeMo ASR fine-tuning (`srun python speech_to_text_finetune.py`) prints
# `[W socket.cpp:601] [c10d] The client socket has failed to connect to [ip-26-0-146-37]:22456 (errno: 22 - Invalid
# argument).` once per rank at start-up; training then runs. Conclusion: a start-up warning of the c10d TCPStore client
# (it retries and connects); nothing fails. The Lightning banner lines are verbatim without the console's padding.
REAL_NEMO_WARN = [
    "[W socket.cpp:601] [c10d] The client socket has failed to connect to [ip-26-0-146-37]:22456 (errno: 22 - Invalid argument).",
]
REAL_NEMO_BANNER = [
    "Using bfloat16 Automatic Mixed Precision (AMP)",
    "GPU available: True (cuda), used: True",
    "TPU available: False, using: 0 TPU cores",
]


def build_s5() -> Scenario:
    J, N = "412", "409"
    s = Scenario(
        "healthy-nemo-asr-socket-einval",
        "A single-node 8-GPU NeMo ASR fine-tuning job prints eight c10d 'client socket has failed to connect ... "
        "(errno: 22 - Invalid argument)' warnings at start-up, then trains and validates normally for 100 minutes.",
        "2023-08-30T14:00:00Z",
        {"name": "hf-cluster", "partition": "production", "nodes": "ip-26-0-146-[30-45]", "gpus_per_node": 8},
        [{"id": J, "name": "asr-ft-conformer", "user": "msis", "nodes": "ip-26-0-146-37", "tasks_per_node": 8,
          "started": "2023-08-30T14:00:05Z", "comment": comment(2, "/fsx/msis/nemo_experiments")},
         {"id": N, "name": "whisper-distil", "user": "sgandhi", "nodes": "ip-26-0-146-[40-41]", "tasks_per_node": 8,
          "started": "2023-08-30T11:20:00Z"}],
    )
    rng = s.rng
    s.job_state(5.0, J, "RUNNING", "0:0", nodes="ip-26-0-146-37")  # SYNTH
    for i, l in enumerate(REAL_NEMO_BANNER):
        s.joblog(41.0 + 0.01 * i, J, l)  # REAL
    s.joblog(41.04, J, "IPU available: False, using: 0 IPUs")  # SYNTH (next Lightning banner line)
    s.joblog(41.05, J, "HPU available: False, using: 0 HPUs")  # SYNTH
    for r in range(8):
        s.joblog(47.2 + 0.013 * r + rng.uniform(0, 0.01), J, REAL_NEMO_WARN[0])  # REAL (one per rank)
    s.joblog(49.9, J, "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8")  # SYNTH
    s.joblog(52.3, J, "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")  # SYNTH
    total, rate = 3125, 2.06  # SYNTH: Lightning bar refreshed into the log once a minute (2.06 it/s)
    t0, t, n, ep = 70.0, 130.0, 0, 0
    while t < 6100:
        n = int((t - t0) * rate) - ep * total
        if n >= total:  # epoch end: validation + checkpoint
            s.joblog(t, J, f"Epoch {ep}, global step {(ep + 1) * total}: 'val_wer' reached {0.1642 - 0.011 * ep:.5f} "
                           f"(best {0.1642 - 0.011 * ep:.5f}), saving model to '/fsx/msis/nemo_experiments/Conformer-CTC-BPE/checkpoints/"
                           f"Conformer-CTC-BPE--val_wer={0.1642 - 0.011 * ep:.4f}-epoch={ep}.ckpt' as top 3")
            ep += 1
            t0 = t + 95.0  # validation pause
            t = t0 + 60.0
            continue
        s.joblog(t, J, f"Epoch {ep}: {tqdm_line(n, total, n / rate, 1 / rate, post=f'v_num=0, train_loss={38.2 - 4 * ep - n / 900 + rng.uniform(-1.5, 1.5):.1f}, training_batch_wer={0.21 - 0.012 * ep + rng.uniform(-0.02, 0.02):.3f}')}")
        t += 60.0
    t2 = 25.0
    while t2 < 6100:  # SYNTH neighbour (accelerate)
        s.joblog(t2, N, f"Step {int(t2 / 1.4) + 30000} | loss {2.31 + rng.uniform(-0.05, 0.05):.4f} | lr 9.8e-05 | {1.4 + rng.uniform(-0.05, 0.05):.2f}s/step")
        t2 += 140.0 + rng.uniform(-2, 2)
    s.telemetry(["ip-26-0-146-37", "ip-26-0-146-40"], 8, 0.0, 6100.0, 120.0,
                lambda n_, g, t3: idle(rng, "a100") if (n_ == "ip-26-0-146-37" and t3 < 60) else busy(rng, "a100"))
    s.truth = truth(None, no_requeue=[J, N], no_drain=["ip-26-0-146-37", "ip-26-0-146-40"])
    return s


# ======================================================================================
# S6  healthy-nccl-no-net-plugin-megatron  (healthy: NCCL plugin INFO lines)
# ======================================================================================
# Lines: https://github.com/NVIDIA/nccl/issues/1231 -- "How can I solve the problem: cannot open shared object file:
# No such file or directory No plugin found (libnccl-net.so), using internal implementation" (Leon1207, 2024-03-18).
# Conclusion (AddyLaddy, NVIDIA): the NET/Plugin message "is harmless. It just means that NCCL did not find an external
# network plugin ... It defaults back to its internal plugin". (The poster's separate CUDA 802 failure is not used.)
# Host name, pids and device numbers kept verbatim.
REAL_NCCL_PLUGIN = [
    "VM-0-14-tencentos:162637:162637 [6] NCCL INFO Bootstrap : Using eth0:172.17.0.14<0>",
    "VM-0-14-tencentos:162637:162637 [6] NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation",
    "VM-0-14-tencentos:162635:162635 [4] NCCL INFO cudaDriverVersion 12020",
]


def build_s6() -> Scenario:
    J, N = "20931", "20925"
    node = "VM-0-14-tencentos"
    s = Scenario(
        "healthy-nccl-no-net-plugin-megatron",
        "A single-node 8-GPU Megatron-LM GPT pretraining job runs with NCCL_DEBUG=INFO; every rank prints the "
        "'No plugin found (libnccl-net.so), using internal implementation' INFO line, then trains at a steady "
        "~2.3 s/iteration for 80 minutes.",
        "2024-03-18T03:00:00Z",
        {"name": "tcloud", "partition": "gpu", "nodes": "VM-0-[10-17]-tencentos", "gpus_per_node": 8},
        [{"id": J, "name": "gpt-1.3b-pt", "user": "leon", "nodes": node, "tasks_per_node": 8,
          "started": "2024-03-18T03:00:04Z", "comment": comment(2, "/data/leon/ckpt/gpt13b")},
         {"id": N, "name": "sd-lora", "user": "wyu", "nodes": "VM-0-16-tencentos", "tasks_per_node": 8,
          "started": "2024-03-18T01:45:00Z"}],
    )
    rng = s.rng
    s.job_state(4.0, J, "RUNNING", "0:0", nodes=node)  # SYNTH
    pids = {0: 162631, 1: 162632, 2: 162633, 3: 162634, 4: 162635, 5: 162636, 6: 162637, 7: 162638}
    t = 38.0
    for dev, pid in pids.items():  # SYNTH except the REAL lines for devices 6 and 4
        pre = f"{node}:{pid}:{pid} [{dev}]"
        if dev == 6:
            s.joblog(t, J, REAL_NCCL_PLUGIN[0])  # REAL
            s.joblog(t + 0.001, J, REAL_NCCL_PLUGIN[1])  # REAL
        else:
            s.joblog(t, J, f"{pre} NCCL INFO Bootstrap : Using eth0:172.17.0.14<0>")
            s.joblog(t + 0.001, J, f"{pre} NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")
        if dev == 4:
            s.joblog(t + 0.002, J, REAL_NCCL_PLUGIN[2])  # REAL
        else:
            s.joblog(t + 0.002, J, f"{pre} NCCL INFO cudaDriverVersion 12020")
        t += 0.011
    s.joblog(t + 0.2, J, "NCCL version 2.19.3+cuda12.3")  # SYNTH
    s.joblog(t + 1.5, J, f"{node}:162631:162790 [0] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.14<0>")  # SYNTH
    s.joblog(t + 1.6, J, f"{node}:162631:162790 [0] NCCL INFO Using network Socket")  # SYNTH
    s.joblog(t + 4.1, J, f"{node}:162631:162790 [0] NCCL INFO comm 0x55d1a4c0 rank 0 nranks 8 cudaDev 0 nvmlDev 0 busId 18000 commId 0x6a1e2f7c3b9d5e11 - Init COMPLETE")  # SYNTH
    t, it = 140.0, 10
    while t < 4900:  # SYNTH: Megatron-LM training_log line every 10 iterations (~2.31 s/iter)
        ms = 2310.0 + rng.uniform(-25, 25)
        s.joblog(t, J, f" [{s.at(t):%Y-%m-%d %H:%M:%S}] iteration {it:8d}/  300000 | consumed samples: {it * 256:12d} | "
                       f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {min(3e-4, it * 3e-7):.6E} | global batch size:   256 | "
                       f"lm loss: {7.9 * (0.985 ** (it / 10)) + 2.6 + rng.uniform(-0.03, 0.03):.6E} | loss scale: 1.0 | grad norm: {1.1 + rng.uniform(-0.2, 0.2):.3f} | "
                       f"number of skipped iterations:   0 | number of nan iterations:   0 |")
        t += 10 * ms / 1000
        it += 10
    t2 = 30.0
    while t2 < 4900:  # SYNTH neighbour (diffusers)
        s.joblog(t2, N, f"Steps: {int(t2 / 0.9) % 20000:5d}/20000 loss={0.091 + rng.uniform(-0.02, 0.02):.4f} lr=0.0001")
        t2 += 90.0 + rng.uniform(-1, 1)
    s.telemetry([node, "VM-0-16-tencentos"], 8, 0.0, 4900.0, 120.0,
                lambda n_, g, t3: idle(rng, "h800") if (n_ == node and t3 < 100) else busy(rng, "h800"))
    s.truth = truth(None, no_requeue=[J, N], no_drain=[node, "VM-0-16-tencentos"])
    return s


BUILDERS = [build_s1, build_s2, build_s3, build_s4, build_s5, build_s6]


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
