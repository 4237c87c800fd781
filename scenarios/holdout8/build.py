#!/usr/bin/env python3
"""Build the holdout8 blind evaluation corpus (format `recovery-scenario/1`).

Deterministic: every random choice comes from a `random.Random` seeded with the
scenario name, and nothing reads the clock, so two runs write identical bytes.

Provenance rules used throughout (same as holdout7):
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


# ======================================================================================
# S1  nccl-ib-status12-one-link  (network)
# ======================================================================================
# Lines: https://github.com/NVIDIA/nccl/issues/1405 -- "NCCL failure caused by NET/IB completion error"
# (quasar5935: "Also get vendor err 129, then 249", host kp-ddp-worker-0, local device [4], peer 10.216.210.236).
# Conclusion on the meaning: https://github.com/NVIDIA/nccl/issues/1170 (sjeaugey: "That error usually means
# that NICs can't talk to each other") and https://github.com/pytorch/pytorch/issues/81628 (kwen2501: "vendor
# err 129 is usually a timeout"). Mid-run, after hours of healthy traffic, on one NIC -> a link/NIC fault.
REAL_IB_WARN = [
    "kp-ddp-worker-0:3468:3905 [4] ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer 10.216.210.236<54862> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid fd00:1148:9000:5000:4:200:3:ff22 remoteGidsfd00:1148:9000:5000:4:200:3:ff1f",
    "kp-ddp-worker-0:3468:3905 [4] NCCL INFO transport/net.cc:1302 -> 6",
    "kp-ddp-worker-0:3468:3905 [4] NCCL INFO proxy.cc:698 -> 6",
    "kp-ddp-worker-0:3468:3905 [4] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
    "kp-ddp-worker-0:3468:3905 [4] ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer 10.216.210.236<54862> with status=12 opcode=32616 len=0 vendor err 129 (Recv) localGid fd00:1148:9000:5000:4:200:3:ff21 remoteGidsfd00:1148:9000:5000:4:200:3:ff20",
    "kp-ddp-worker-0:3468:3905 [4] NCCL INFO transport/net.cc:1302 -> 6",
    "kp-ddp-worker-0:3468:3905 [4] NCCL INFO proxy.cc:698 -> 6",
    "kp-ddp-worker-0:3468:3905 [4] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
    "kp-ddp-worker-0:3468:3905 [4] ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer 10.216.210.236<49892> with status=12 opcode=32616 len=0 vendor err 129 (Recv) localGid fd00:1148:9000:5000:4:200:3:ff22 remoteGidsfd00:1148:9000:5000:4:200:3:ff1f",
    "kp-ddp-worker-0:3468:3905 [4] NCCL INFO transport/net.cc:1302 -> 6",
    "kp-ddp-worker-0:3468:3905 [4] NCCL INFO proxy.cc:698 -> 6",
]


def build_s1() -> Scenario:
    J = "48210"
    s = Scenario(
        "nccl-ib-status12-one-link",
        "A 4-node x 8 H100 DDP pretraining run: hours in, the NCCL proxy thread of local GPU 4 on one node gets "
        "IB completion errors (status 12, vendor err 129) from one peer; the collective fails and the job dies.",
        "2027-06-02T03:00:00Z",
        {"name": "sim-k", "partition": "h100", "nodes": "kp-ddp-worker-[0-7]", "gpus_per_node": 8},
        [{"id": J, "name": "ddp-lm-1b3", "user": "quasar", "nodes": "kp-ddp-worker-[0-3]", "tasks_per_node": 8,
          "started": "2027-06-01T22:10:00Z", "comment": comment(3, "/mnt/ckpt/quasar/lm1b3")},
         {"id": "48233", "name": "ddp-vit-l", "user": "mchen", "nodes": "kp-ddp-worker-[5-6]", "tasks_per_node": 8,
          "started": "2027-06-02T01:40:00Z", "comment": comment(1)}],
    )
    rng = s.rng
    t, step, loss = 4.0, 41200, 2.71
    t_f = 1387.412
    while t < t_f:  # SYNTH: rank-0 progress every 20 steps
        s.joblog(t, J, generic_step(s, t, step, loss + rng.uniform(-0.02, 0.02), 1.21 + rng.uniform(-0.02, 0.02)))
        step += 20
        loss -= 0.0004
        t += 24.2 + rng.uniform(-0.3, 0.3)
    for i, l in enumerate(REAL_IB_WARN):
        s.joblog(t_f + 0.002 * i, J, l)  # REAL (host name kept: the cluster is named after it)
    # SYNTH: the rank on GPU 4 raises, torchrun tears the node down, srun kills the step
    s.joblog(t_f + 0.9, J, "[rank4]:[E602 03:23:08.318744129 ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank 4] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5")
    s.joblog(t_f + 0.9, J, "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    s.joblog(t_f + 3.4, J, "srun: error: kp-ddp-worker-0: task 0: Exited with exit code 1")
    t_end = srun_abort_lines(s, t_f + 3.6, J, "kp-ddp-worker-0")
    job_end(s, t_end + 30.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 9.0
    while t2 < 2400:  # SYNTH neighbour
        s.joblog(t2, "48233", f"Epoch 7: {int(t2 / 3) % 5004}/5004 loss=0.9{rng.randint(10, 99)} acc1=71.{rng.randint(0, 9)}")
        t2 += 60.0

    def fn(n_, g, t3):  # SYNTH
        if n_ in ("kp-ddp-worker-5", "kp-ddp-worker-6"):
            return healthy_fields(rng, "h100", 0.95, fb=True)
        return healthy_fields(rng, "h100", 0.93, fb=True) if t3 < t_f + 4 else idle(rng, "h100")
    s.telemetry([f"kp-ddp-worker-{i}" for i in (0, 1, 2, 3, 5)], 8, 0.0, 2400.0, 150.0, fn)
    s.truth = truth({"t": t_f, "category": "network", "node": "kp-ddp-worker-0"},
                    drain=["kp-ddp-worker-0"], requeue={J: {"exclude": ["kp-ddp-worker-0"]}},
                    no_requeue=["48233"], no_drain=["kp-ddp-worker-1", "kp-ddp-worker-2", "kp-ddp-worker-3"])
    return s


# ======================================================================================
# S2  ml4m-uncorrectable-ecc-gh200  (gpu_hardware)
# ======================================================================================
# Lines: https://github.com/pytorch/pytorch/issues/113128 (ligengen, training apple/ml-4m
# run_training_vqvae.py "with multi-nodes"; torchrun --tee prefix `[default0]:`, global rank 12).
# Conclusion: "uncorrectable ECC error encountered" is a GPU memory hardware fault -- ollama maintainer in
# https://github.com/ollama/ollama/issues/4226 ("sounds like a hardware fault on your GPU"); the DBE
# ECC Xid (48) is a reset/drain Xid in the catalog. Rank 12 with 4 GPUs/node = 4th node, local GPU 0
# (consistent with `[default0]`). The E817 17:40:34 stamp is kept: the scenario starts 2027-08-17 17:00.
REAL_ECC = [
    "[default0]:[rank12]:[E817 17:40:34.227531918 ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank 12] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered",
    "[default0]:Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "[default0]:",
    "[default0]:Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
    "[default0]:frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x153667acbf86 in /users/lgen/miniconda3/envs/4m/lib/python3.10/site-packages/torch/lib/libc10.so)",
    "[default0]:frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x153667a7ad10 in /users/lgen/miniconda3/envs/4m/lib/python3.10/site-packages/torch/lib/libc10.so)",
    "[default0]:frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x153667ba6f08 in /users/lgen/miniconda3/envs/4m/lib/python3.10/site-packages/torch/lib/libc10_cuda.so)",
]


def build_s2() -> Scenario:
    J = "771204"
    s = Scenario(
        "ml4m-uncorrectable-ecc-gh200",
        "A 4-node x 4 GH200 torchrun job (apple ml-4m VQ-VAE training, --tee prefixes) loses global rank 12: the "
        "NCCL watchdog reports an uncorrectable ECC error on its GPU and the whole job is torn down.",
        "2027-08-17T17:00:00Z",
        {"name": "sim-g", "partition": "normal", "nodes": "nid[005100-005131]", "gpus_per_node": 4},
        [{"id": J, "name": "4m-vqvae-rgb", "user": "lgen", "nodes": "nid[005112-005115]", "tasks_per_node": 4,
          "started": "2027-08-17T15:02:00Z", "comment": comment(2, "/capstor/scratch/lgen/4m/vqvae")},
         {"id": "771190", "name": "nemo-asr-ft", "user": "akoch", "nodes": "nid[005120-005121]", "tasks_per_node": 4,
          "started": "2027-08-17T12:44:00Z", "comment": comment(2)}],
    )
    rng = s.rng
    t_f = 2434.227
    t, ep_it = 12.0, 5120
    while t < t_f - 5:  # SYNTH: ml-4m style MetricLogger lines from rank 0 (local rank 0 of node 1 -> [default0])
        s.joblog(t, J, f"[default0]:Epoch: [3]  [{ep_it:5d}/12500]  eta: 2:{rng.randint(10, 40):02d}:{rng.randint(0, 59):02d}  lr: 0.000100  "
                       f"loss: {0.31 + rng.uniform(-0.02, 0.02):.4f} ({0.318:.4f})  grad_norm: {rng.uniform(0.4, 0.6):.4f}  time: 0.7{rng.randint(10, 99)}  data: 0.0{rng.randint(10, 40)}  max mem: 61{rng.randint(100, 999)}")
        ep_it += 50
        t += 36.0 + rng.uniform(-0.5, 0.5)
    for i, l in enumerate(REAL_ECC):
        s.joblog(t_f + 0.001 * i, J, l)  # REAL
    s.joblog(t_f + 1.8, J, f"W0817 17:40:36.041000 {81723} torch/distributed/elastic/multiprocessing/api.py:897] Sending process 81761 closing signal SIGTERM")  # SYNTH
    s.joblog(t_f + 9.5, J, "srun: error: nid005115: task 3: Exited with exit code 1")  # SYNTH
    t_end = srun_abort_lines(s, t_f + 9.7, J, "nid005112")
    job_end(s, t_end + 33.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 20.0
    while t2 < 3000:  # SYNTH neighbour (NeMo/Lightning)
        s.joblog(t2, "771190", f"Epoch 11: {int(t2 / 2) % 3120}/3120 [{hms(t2 / 2.3)}<{hms((3120 - int(t2 / 2) % 3120) * 0.43)}, 2.31it/s, v_num=0, train_loss={0.21 + rng.uniform(-0.02, 0.02):.3f}]")
        t2 += 90.0

    def fn(n_, g, t3):  # SYNTH: DBE counter ticks on nid005115 GPU 0 at the fault, then idle
        if n_ in ("nid005120", "nid005121"):
            return healthy_fields(rng, "gh200", 0.9, fb=True)
        if t3 > t_end + 5:
            f = idle(rng, "gh200")
        else:
            f = healthy_fields(rng, "gh200", 0.92, fb=True)
        f["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"] = 0
        f["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] = 1 if (n_ == "nid005115" and g == 0 and t3 > t_f) else 0
        return f
    s.telemetry(["nid005112", "nid005113", "nid005114", "nid005115", "nid005120"], 4, 0.0, 3000.0, 120.0, fn)
    s.truth = truth({"t": t_f, "category": "gpu_hardware", "node": "nid005115", "gpu": 0},
                    drain=["nid005115"], requeue={J: {"exclude": ["nid005115"]}},
                    no_requeue=["771190"], no_drain=["nid005112", "nid005113", "nid005114"])
    return s


# ======================================================================================
# S3  soperator-salloc-node-failure  (node_failure)
# ======================================================================================
# Line: https://github.com/nebius/soperator/issues/854 (cesargomez): a 4-node `salloc -N4 --no-kill`
# allocation; "Reboot the physical node that worker-1 is running on"; "This works for about ~5 minutes,
# until slurm detects the failed worker and prints a message like the folling in the salloc terminal
# window: `salloc: error: Node failure on worker-1`". Cause stated: the host was rebooted (gone) -> node_failure.
REAL_SALLOC_NODEFAIL = "salloc: error: Node failure on worker-1"


def build_s3() -> Scenario:
    J = "3301"
    s = Scenario(
        "soperator-salloc-node-failure",
        "A 4-node --no-kill salloc allocation runs a multi-node fine-tune step by step; one worker host reboots "
        "underneath it. Training stalls, Slurm marks the worker NOT_RESPONDING ~5 min later and salloc reports the node failure.",
        "2027-06-09T14:00:00Z",
        {"name": "sim-s", "partition": "main", "nodes": "worker-[0-7]", "gpus_per_node": 8},
        [{"id": J, "name": "interactive", "user": "cgomez", "nodes": "worker-[1-3,5]", "tasks_per_node": 8,
          "started": "2027-06-09T13:31:00Z"},
         {"id": "3298", "name": "sft-llama8b", "user": "rdj", "nodes": "worker-[6-7]", "tasks_per_node": 8,
          "started": "2027-06-09T11:05:00Z", "comment": comment(2, "/mnt/jail/rdj/ckpt")}],
    )
    rng = s.rng
    t_reboot = 812.5
    t, it = 6.0, 300
    while t < t_reboot:  # SYNTH: the interactive srun step's HF-Trainer style log lines (rank 0, worker-1)
        s.joblog(t, J, f"0: {{'loss': {1.12 - it * 0.0002 + rng.uniform(-0.02, 0.02):.4f}, 'grad_norm': {rng.uniform(0.8, 1.3):.4f}, 'learning_rate': 1.9e-05, 'epoch': {it / 2600:.2f}}}")
        it += 10
        t += 28.5 + rng.uniform(-0.4, 0.4)
    # SYNTH: the host disappears -- no kernel lines, telemetry stops; Slurm notices after SlurmdTimeout
    t_nr = t_reboot + 302.0
    s.node_state(t_nr, "worker-1", "DOWN+NOT_RESPONDING", "Not responding")  # SYNTH
    s.joblog(t_nr + 0.4, J, REAL_SALLOC_NODEFAIL)  # REAL
    s.joblog(t_nr + 1.1, J, f"srun: error: Node failure on worker-1")  # SYNTH (srun's twin of the salloc line)
    s.joblog(t_nr + 1.3, J, "srun: error: worker-1: tasks 0-7: Killed")  # SYNTH
    s.joblog(t_nr + 1.4, J, f"srun: Force Terminated StepId={J}.4")  # SYNTH
    t2 = 11.0
    while t2 < 2400:  # SYNTH neighbour
        s.joblog(t2, "3298", f"{{'loss': {0.84 + rng.uniform(-0.03, 0.03):.4f}, 'learning_rate': 1.2e-05, 'epoch': {1.3 + t2 / 90000:.3f}}}")
        t2 += 45.0

    def fn(n_, g, t3):  # SYNTH
        if n_ in ("worker-6", "worker-7"):
            return healthy_fields(rng, "h100", 0.92, fb=True)
        if n_ == "worker-1" and t3 > t_reboot:
            return None  # the host is gone
        if t3 < t_reboot:
            return healthy_fields(rng, "h100", 0.9, fb=True)
        f = idle(rng, "h100")
        if t3 < t_nr + 2:
            f["DCGM_FI_DEV_FB_USED"] = 61000 + rng.randint(-500, 500)  # peers blocked in the collective, memory held
        return f
    s.telemetry(["worker-1", "worker-2", "worker-3", "worker-5", "worker-6"], 8, 0.0, 2400.0, 120.0, fn)
    s.truth = truth({"t": t_reboot, "category": "node_failure", "node": "worker-1"},
                    drain=["worker-1"], no_requeue=[J, "3298"], no_drain=["worker-2", "worker-3", "worker-5"])
    return s


# ======================================================================================
# S4  innereye-oom-on-resume-repeats  (software)
# ======================================================================================
# Line: https://github.com/microsoft/InnerEye-DeepLearning/issues/351 -- "Restarting from checkpoint on large
# model goes out of memory" (javier-alvarez, label bug): HeadAndNeck model, run_recovery_id ... --start_epoch=120;
# the resumed run fails with the CUDA OOM below. The thread is the conclusion: the *resume path* needs more GPU
# memory than training did (same model, same cluster) -- deterministic, a requeue from the same checkpoint repeats it.
REAL_INNEREYE_OOM = "2021-01-05T13:13:20Z ERROR    Model training/testing failed. Exception: CUDA out of memory. Tried to allocate 12.74 GiB (GPU 0; 31.75 GiB total capacity; 12.10 GiB already allocated; 8.44 GiB free; 22.06 GiB reserved in total by PyTorch)"
REAL_INNEREYE_TB = [
    "Traceback (most recent call last):",
    '  File "/mnt/batch/tasks/shared/LS_root/jobs/radiomicsnn/azureml/jaalvare_bigcluster_1609851623_cabf55b6/mounts/workspaceblobstore/azureml/jaalvare_bigcluster_1609851623_cabf55b6/innereye-deeplearning/InnerEye/ML/runner.py", line 384, in run_in_situ',
    "    self.create_ml_runner().run()",
    '  File "/mnt/batch/tasks/shared/LS_root/jobs/radiomicsnn/azureml/jaalvare_bigcluster_1609851623_cabf55b6/mounts/workspaceblobstore/azureml/jaalvare_bigcluster_1609851623_cabf55b6/innereye-deeplearning/InnerEye/ML/run_ml.py", line 263, in run',
    "    model_train(self.model_config, checkpoint_handler)",
]


def build_s4() -> Scenario:
    J = "90317"
    s = Scenario(
        "innereye-oom-on-resume-repeats",
        "An InnerEye HeadAndNeck segmentation job on one 8 x V100-32GB node resumes from its epoch-120 checkpoint and "
        "dies with CUDA OOM in the first step; it is requeued once and dies identically.",
        "2027-06-14T13:00:00Z",
        {"name": "sim-n", "partition": "v100", "nodes": "nd40-[01-12]", "gpus_per_node": 8},
        [{"id": J, "name": "ie-headneck", "user": "jaalvare", "nodes": "nd40-04", "tasks_per_node": 1,
          "started": "2027-06-14T12:58:10Z", "comment": comment(3, "/mnt/outputs/jaalvare/headneck")},
         {"id": "90301", "name": "ie-prostate", "user": "mpatel", "nodes": "nd40-07", "tasks_per_node": 1,
          "started": "2027-06-14T09:12:00Z"}],
    )
    rng = s.rng

    def attempt(t0: float, node: str) -> float:
        s.joblog(t0, J, f"{s.at(t0):%Y-%m-%dT%H:%M:%SZ} INFO     Loading checkpoint /mnt/outputs/jaalvare/headneck/checkpoints/recovery/epoch=119.ckpt")  # SYNTH
        s.joblog(t0 + 41.0, J, f"{s.at(t0 + 41):%Y-%m-%dT%H:%M:%SZ} INFO     Starting training at epoch 120 (start_epoch=120)")  # SYNTH
        tf = t0 + 63.7
        s.joblog(tf, J, retime_iso(REAL_INNEREYE_OOM, s.at(tf)))  # REAL (ISO stamp rewritten)
        for i, l in enumerate(REAL_INNEREYE_TB):
            s.joblog(tf + 0.01 * (i + 1), J, l)  # REAL
        s.joblog(tf + 0.1, J, "  [... 14 frames elided: model_training.py -> torch/optim ...]")  # SYNTH
        s.joblog(tf + 0.2, J, "RuntimeError: CUDA out of memory. Tried to allocate 12.74 GiB (GPU 0; 31.75 GiB total capacity; 12.10 GiB already allocated; 8.44 GiB free; 22.06 GiB reserved in total by PyTorch)")  # SYNTH (same message as the REAL line)
        s.joblog(tf + 2.0, J, f"srun: error: {node}: task 0: Exited with exit code 1")  # SYNTH
        return tf
    t_f = attempt(20.0, "nd40-04")
    job_end(s, t_f + 3.0, J, "FAILED", "1:0", "NonZeroExitCode")
    s.job_state(t_f + 95.0, J, "REQUEUED", "0:0", reason="requeued by owner")  # SYNTH: owner/auto requeue (once)
    s.job_state(t_f + 130.0, J, "RUNNING", "0:0", nodes="nd40-04")  # SYNTH
    t_f2 = attempt(t_f + 140.0, "nd40-04")
    job_end(s, t_f2 + 3.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 30.0
    while t2 < 1200:  # SYNTH neighbour
        s.joblog(t2, "90301", f"{s.at(t2):%Y-%m-%dT%H:%M:%SZ} INFO     Epoch 64 training: loss 0.{rng.randint(1800, 1900)} Dice {0.8 + rng.uniform(0, 0.02):.4f}")
        t2 += 120.0

    def fn(n_, g, t3):  # SYNTH: GPU 0 fills up at resume, drops at each failure
        if n_ == "nd40-07":
            return healthy_fields(rng, "v100_32", 0.85, fb=True)
        busy = (20 < t3 < t_f + 2) or (t_f + 140 < t3 < t_f2 + 2)
        if g == 0 and busy:
            f = healthy_fields(rng, "v100_32", 0.5, fb=True)
            f["DCGM_FI_DEV_FB_USED"] = 22600 + rng.randint(-200, 200)
            return f
        return idle(rng, "v100_32")
    s.telemetry(["nd40-04", "nd40-07"], 8, 0.0, 1200.0, 30.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None},
                    no_requeue=[J], no_drain=["nd40-04"])
    return s


# ======================================================================================
# S5  kraken-dataloader-worker-killed  (software)
# ======================================================================================
# Lines: https://github.com/mittagessen/kraken/issues/266 (gabays on gpu006: `ketos train ... -d cuda`, the
# DataLoader worker is killed in the first stage; title: "RuntimeError: DataLoader worker (pid 22048) is killed
# by signal: Killed."). Conclusion in the same thread (maintainer mittagessen, closing): "It was a resource limit
# on the cluster, right?" -- the job's memory limit, not the node: software (configuration).
REAL_KRAKEN_PROGRESS = [
    'Building training set  [#################-------------------]  8030/16639  00:01:18[83.7327] Text line " " is empty after transformations ',
    "Building training set  [####################################]  16639/16639          ",
    "Building validation set  [####################################]  1728/1728          [357.3623] alphabet mismatch: chars in training set only: {'k', 'É', '[', 'Ë', 'K', 'æ', 'À', 'ɔ', 'Ü', 'Ç', '–'} (not included in accuracy test during training) ",
    "[357.3626] alphabet mismatch: chars in validation set only: {'Æ'} (not trained) ",
    "Initializing model ✓",
    "stage 1/∞  [------------------------------------]  16/16638  09:22:04  ",
]
REAL_KRAKEN_TB = [
    "Traceback (most recent call last):",
    '  File "/opt/ebsofts/PyTorch/1.6.0-fosscuda-2019b-Python-3.7.4/lib/python3.7/site-packages/torch/utils/data/dataloader.py", line 779, in _try_get_data',
    "    data = self._data_queue.get(timeout=timeout)",
    '  File "/opt/ebsofts/Python/3.7.4-GCCcore-8.3.0/lib/python3.7/queue.py", line 179, in get',
    "    self.not_empty.wait(remaining)",
    '  File "/opt/ebsofts/Python/3.7.4-GCCcore-8.3.0/lib/python3.7/threading.py", line 300, in wait',
    "    gotit = waiter.acquire(True, timeout)",
]
REAL_KRAKEN_ERR = "RuntimeError: DataLoader worker (pid 22048) is killed by signal: Killed."


def build_s5() -> Scenario:
    J = "1840233"
    s = Scenario(
        "kraken-dataloader-worker-killed",
        "A single-GPU kraken (ketos train) HTR job builds its dataset, starts stage 1 and loses a DataLoader worker "
        "to the job's memory limit; the trainer raises and the job fails. Another job shares the node.",
        "2027-06-20T08:00:00Z",
        {"name": "sim-y", "partition": "shared-gpu", "nodes": "gpu[001-012]", "gpus_per_node": 4},
        [{"id": J, "name": "ketos-train", "user": "gabays", "nodes": "gpu006", "tasks_per_node": 1,
          "started": "2027-06-20T07:58:30Z", "comment": comment(2)},
         {"id": "1840190", "name": "yolo-seg", "user": "pjac", "nodes": "gpu006", "tasks_per_node": 1,
          "started": "2027-06-20T06:30:00Z", "comment": comment(1)}],
    )
    rng = s.rng
    s.joblog(5.0, J, "ketos train -t train.txt -e val.txt -f alto -d cuda")  # SYNTH (echo of the command)
    times = [83.7, 230.0, 357.4, 357.4, 372.0, 401.0]
    for tt, l in zip(times, REAL_KRAKEN_PROGRESS):
        s.joblog(tt, J, l)  # REAL (click progress lines as the file holds them)
    t_f = 428.6
    # SYNTH: memcg OOM kill of the worker process named by the REAL error
    d = s.at(t_f)
    s.kernel(t_f, "gpu006", f"{dmesg_t(d)} Memory cgroup out of memory: Killed process 22048 (python) total-vm:28641236kB, anon-rss:15831620kB, file-rss:71320kB, shmem-rss:1048576kB, UID:240117 pgtables:33964kB oom_score_adj:0")
    for i, l in enumerate(REAL_KRAKEN_TB):
        s.joblog(t_f + 0.5 + 0.01 * i, J, l)  # REAL
    s.joblog(t_f + 0.6, J, "  [... frames elided ...]")  # SYNTH
    s.joblog(t_f + 0.7, J, REAL_KRAKEN_ERR)  # REAL (title of the thread)
    s.joblog(t_f + 1.5, J, f"slurmstepd: error: Detected 1 oom-kill event(s) in StepId={J}.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.")  # SYNTH
    s.job_state(t_f + 2.2, J, "OUT_OF_MEMORY", "0:125")  # SYNTH
    t2 = 14.0
    while t2 < 1500:  # SYNTH neighbour
        s.joblog(t2, "1840190", f"      {12 + int(t2 // 600)}/100      9.81G     0.{rng.randint(7000, 7999)}     0.{rng.randint(9000, 9999)}      1.{rng.randint(100, 199)}        187        640: 100%|██████████| 231/231 [01:52<00:00,  2.05it/s]")
        t2 += 112.0

    def fn(n_, g, t3):  # SYNTH
        if g == 1:
            return healthy_fields(rng, "v100_32", 0.88, fb=True)
        if g == 0 and 401 < t3 < t_f + 2:
            f = healthy_fields(rng, "v100_32", 0.35, fb=True)
            f["DCGM_FI_DEV_FB_USED"] = 3900 + rng.randint(-100, 100)
            return f
        return idle(rng, "v100_32")
    s.telemetry(["gpu006"], 4, 0.0, 1500.0, 30.0, fn)
    s.truth = truth({"t": t_f, "category": "software", "node": None},
                    no_requeue=[J], no_drain=["gpu006"])
    return s


# ======================================================================================
# S6  returnn-ckpt-write-failed-shared-fs  (infrastructure)
# ======================================================================================
# Lines: https://github.com/rwth-i6/returnn/issues/1829 -- "PytorchStreamWriter failed writing file data"
# (maintainer albertz): "A single checkpoint-save `write()` failed and crashed the entire training job";
# the failure modes "that hit this in practice (a momentary Lustre/NFS RPC error, or a short brush against
# a soft quota with grace) are exactly the kind that succeed on a second attempt moments later."
# Shared-filesystem write error at save time -> infrastructure (no drain; escalate to storage).
REAL_RETURNN_TB = [
    "Traceback (most recent call last):",
    '  File ".../torch/serialization.py", line 965, in save',
    "    _save(obj, opened_zipfile, ...)",
    '  File ".../torch/serialization.py", line 1266, in _save',
    "    zip_file.write_record(name, storage, num_bytes)   # name='data/322', num_bytes=16777216",
    "RuntimeError: [enforce fail at inline_container.cc:857] . PytorchStreamWriter failed writing file data/322: file write failed",
    "During handling of the above exception, another exception occurred:",
    '  File ".../returnn/torch/engine.py", line 700, in Engine.train_epoch',
    "    self._save_model()",
    '  File ".../returnn/torch/engine.py", line 1334, in Engine._save_model',
]


def build_s6() -> Scenario:
    J = "5530127"
    s = Scenario(
        "returnn-ckpt-write-failed-shared-fs",
        "A 1-node x 4 A100 RETURNN ASR training finishes sub-epoch 40 and saves its model to the shared filesystem; "
        "one write() of torch.save fails and the job crashes. GPUs, host and network are fine.",
        "2027-06-23T21:00:00Z",
        {"name": "sim-r", "partition": "gpu_a100", "nodes": "cn-[101-140]", "gpus_per_node": 4},
        [{"id": J, "name": "conformer-ls960", "user": "azeyer", "nodes": "cn-117", "tasks_per_node": 4,
          "started": "2027-06-23T09:12:00Z", "comment": comment(3, "/work/asr4/azeyer/setups/ls960/models")},
         {"id": "5530140", "name": "lm-trafo", "user": "nrossen", "nodes": "cn-[121-122]", "tasks_per_node": 4,
          "started": "2027-06-23T17:20:00Z"}],
    )
    rng = s.rng
    t, step = 5.0, 61100
    t_save = 1211.0
    while t < t_save:  # SYNTH: RETURNN's per-step log line
        s.joblog(t, J, f"ep 40 train, step {step}, ctc {0.41 + rng.uniform(-0.03, 0.03):.3f}, ce {0.52 + rng.uniform(-0.03, 0.03):.3f}, num_seqs 58, max_size:time 421440, mem_usage:cuda:0 31.2GB, {0.381 + rng.uniform(-0.01, 0.01):.3f} sec/step")
        step += 40
        t += 15.3 + rng.uniform(-0.2, 0.2)
    s.joblog(t_save, J, "Epoch 40: Trained 1000 steps, 0:15:12 elapsed (99.2% computing time)")  # SYNTH
    s.joblog(t_save + 0.3, J, "Save model under /work/asr4/azeyer/setups/ls960/models/epoch.040.pt")  # SYNTH
    t_f = t_save + 21.8
    for i, l in enumerate(REAL_RETURNN_TB):
        s.joblog(t_f + 0.01 * i, J, l)  # REAL (the issue's own elisions '...' kept)
    s.joblog(t_f + 0.2, J, "RuntimeError: [enforce fail at inline_container.cc:626] . unexpected pos 15847264576 vs 15847264464")  # SYNTH (torch's usual follow-up on close)
    s.joblog(t_f + 3.0, J, "srun: error: cn-117: task 0: Exited with exit code 1")  # SYNTH
    t_end = srun_abort_lines(s, t_f + 3.2, J, "cn-117")
    job_end(s, t_end + 32.0, J, "FAILED", "1:0", "NonZeroExitCode")
    t2 = 8.0
    while t2 < 1800:  # SYNTH neighbour keeps training
        s.joblog(t2, "5530140", f"ep 7 train, step {int(t2 * 2)}, ce {3.11 + rng.uniform(-0.05, 0.05):.3f}, num_seqs 128, 0.502 sec/step")
        t2 += 60.0

    def fn(n_, g, t3):  # SYNTH: busy; low util during the save; idle after the crash
        if n_ != "cn-117":
            return healthy_fields(rng, "a100", 0.9, fb=True)
        if t3 < t_save:
            return healthy_fields(rng, "a100", 0.9, fb=True)
        if t3 < t_f + 3:
            f = healthy_fields(rng, "a100", 0.1, fb=True)
            f["DCGM_FI_DEV_GPU_UTIL"] = 0
            return f
        return idle(rng, "a100")
    s.telemetry(["cn-117", "cn-121", "cn-122"], 4, 0.0, 1800.0, 30.0, fn)
    s.truth = truth({"t": t_f, "category": "infrastructure", "node": None},
                    no_requeue=[J], no_drain=["cn-117"])
    return s


# ======================================================================================
# S7  levanter-gcs-ckpt-curl-stall-hang  (infrastructure; hang, unusual progress format)
# ======================================================================================
# Lines: https://github.com/marin-community/levanter/issues/578 -- "Training job hangs after saving checkpoint
# due to curl timeout error" (Ivan-Zhou): "It doesn't crash. It seems the last thing it does is saving a
# checkpoint." Conclusion in the thread: the object-store transfer stalled ("Operation too slow. Less than
# 1024 bytes/sec transferred the last 60 seconds") and tensorstore did not retry; setting
# TENSORSTORE_CURL_LOW_SPEED_TIME_SECONDS/LIMIT_BYTES "will force a http retry" -- "The issue is gone".
# Stamps kept: the epoch 1715498963 = 2024-05-12T07:29:23Z, so the scenario starts 2024-05-12T06:30:00Z.
# `process 41`/`process 54` => >= 55 JAX processes: here one per GPU, 8 nodes x 8 GPUs.
REAL_LEV = [
    "W0000 00:00:1715498963.019816  583764 curl_transport.cc:444] Error [28]=Timeout was reached in curl operation",
    "Operation too slow. Less than 1024 bytes/sec transferred the last 60 seconds",
    "2024-05-12T07:29:27 - 41 - jax.experimental.array_serialization.serialization - serialization.py:492 - INFO :: Finished waiting at barrier for process 41",
    "2024-05-12T07:29:27 - 54 - jax.experimental.array_serialization.serialization - serialization.py:492 - INFO :: Finished waiting at barrier for process 54",
    "2024-05-12T07:29:27 - 0 - levanter.checkpoint - checkpoint.py:293 - INFO :: Saved checkpoint to gs://levanter-checkpoints/marin/run-dolma-weighted-1b-splash-attn-0511/eo4403930dononews120511/step-30000 for",
    "step 30000[01:04, 15.94s/it]",
]


def build_s7() -> Scenario:
    J = "612044"
    s = Scenario(
        "levanter-gcs-ckpt-curl-stall-hang",
        "A 64-process JAX/Levanter 1B pretraining run writes its step-30000 checkpoint to object storage; one "
        "tensorstore upload stalls below 1 KB/s, the run logs 'Saved checkpoint' and then makes no further progress.",
        "2024-05-12T06:30:00Z",
        {"name": "sim-j", "partition": "a100", "nodes": "jx-[01-16]", "gpus_per_node": 8},
        [{"id": J, "name": "marin-dolma-1b", "user": "ivanz", "nodes": "jx-[03-10]", "tasks_per_node": 8,
          "started": "2024-05-11T23:50:00Z", "comment": comment(3, "gs://levanter-checkpoints/marin")}],
    )
    rng = s.rng
    base = (dt.datetime(2024, 5, 12, 7, 29, 23, 19816) - s.start).total_seconds()
    t, step = base - 60.0 - 10 * 319.0, 29800
    while step < 30000:  # SYNTH: Levanter's tqdm-style 'step N[elapsed, rate]' fragments (rank 0 only)
        s.joblog(t, J, f"step {step}[{hms(rng.uniform(55, 70))}, {15.9 + rng.uniform(-0.1, 0.1):.2f}s/it]")
        step += 20
        t += 319.0 + rng.uniform(-2, 2)
    s.joblog(base - 60.0, J, "2024-05-12T07:28:23 - 0 - levanter.checkpoint - checkpoint.py:247 - INFO :: Saving checkpoint at step 30000 to gs://levanter-checkpoints/marin/run-dolma-weighted-1b-splash-attn-0511/eo4403930dononews120511/step-30000")  # SYNTH
    s.joblog(base, J, REAL_LEV[0])  # REAL
    s.joblog(base + 0.001, J, REAL_LEV[1])  # REAL
    for i, l in enumerate(REAL_LEV[2:]):
        s.joblog(base + 4.0 + 0.01 * i, J, l)  # REAL
    t_f = base + 4.03
    t_cancel = t_f + 4 * 3600.0
    s.joblog(t_cancel, J, f"slurmstepd: error: *** JOB {J} ON jx-03 CANCELLED AT {s.at(t_cancel):%Y-%m-%dT%H:%M:%S} ***")  # SYNTH: owner notices
    s.job_state(t_cancel + 1.0, J, "CANCELLED", "0:15")  # SYNTH

    def fn(n_, g, t3):  # SYNTH: busy until the save; afterwards processes alive, memory held, 0 % util
        if t3 < base - 60:
            return healthy_fields(rng, "a100", 0.9, fb=True)
        if t3 < t_cancel:
            f = idle(rng, "a100")
            f["DCGM_FI_DEV_FB_USED"] = 72000 + rng.randint(-800, 800)
            return f
        return idle(rng, "a100")
    s.telemetry([f"jx-{i:02d}" for i in range(3, 11)], 8, 0.0, t_cancel + 600.0, 1800.0, fn)
    s.truth = truth({"t": t_f, "category": "infrastructure", "node": None},
                    no_requeue=[J], no_drain=["jx-03"])
    return s


# ======================================================================================
# S8  healthy-ddp-find-unused-parameters-warning  (healthy)
# ======================================================================================
# Lines: https://github.com/clin1223/VLDet/issues/9 ("There is a warning.": detectron2 start-up lines and the
# DDP reducer warning printed once per rank). Conclusion that it is a performance hint, not a fault: the
# warning's own text; https://github.com/cszn/KAIR/issues/103 (maintainer: "I think it is safe to try
# `find_unused_parameters=False`. It should not result in any problems"; reporter: "It seems to be working
# fine"); https://github.com/WenmuZhou/PytorchOCR/issues/275 (maintainer: "可以不用管" -- can be ignored).
# Stamps `[03/07 20:19:..]` kept: the scenario starts 2027-03-07 20:15.
REAL_VLDET = [
    "[03/07 20:19:00 d2.data.common]: Serialized dataset takes 424.32 MiB",
    "[03/07 20:19:02 detectron2]: Starting training from iteration 0",
]
REAL_DDP_UNUSED = "[W reducer.cpp:1303] Warning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused parameters in the forward pass. This flag results in an extra traversal of the autograd graph every iteration,  which can adversely affect performance. If your model indeed never has any unused parameters in the forward pass, consider turning this flag off. Note that this warning may be a false positive if your model has flow control causing later iterations to have unused parameters. (function operator())"


def build_s8() -> Scenario:
    J = "20871"
    s = Scenario(
        "healthy-ddp-find-unused-parameters-warning",
        "A 2-node x 4 A100 VLDet (detectron2) open-vocabulary detection run: every rank prints DDP's "
        "find_unused_parameters performance warning at the first iteration; training then proceeds normally.",
        "2027-03-07T20:15:00Z",
        {"name": "sim-v", "partition": "a100", "nodes": "dgx[01-10]", "gpus_per_node": 4},
        [{"id": J, "name": "vldet-lvis-r50", "user": "jdong", "nodes": "dgx[04-05]", "tasks_per_node": 4,
          "started": "2027-03-07T20:14:40Z", "comment": comment(2, "/scratch/jdong/vldet/output")}],
    )
    rng = s.rng
    s.joblog(240.0, J, REAL_VLDET[0])  # REAL
    s.joblog(242.0, J, REAL_VLDET[1])  # REAL
    for r in range(8):
        s.joblog(251.0 + 0.07 * r, J, REAL_DDP_UNUSED)  # REAL (once per rank, as in the thread)
    t, it = 262.0, 19
    while t < 2700:  # SYNTH: detectron2 EventWriter lines every 20 iterations, steady
        d = s.at(t)
        s.joblog(t, J, f"[{d:%m/%d %H:%M:%S} d2.utils.events]:  eta: 1 day, {21 - int(t / 3600)}:{rng.randint(10, 59):02d}:{rng.randint(0, 59):02d}  iter: {it}  total_loss: {1.9 - it * 0.0003 + rng.uniform(-0.05, 0.05):.3f}  loss_cls: {0.41 + rng.uniform(-0.02, 0.02):.3f}  loss_box_reg: {0.38 + rng.uniform(-0.02, 0.02):.3f}  time: {0.61 + rng.uniform(-0.01, 0.01):.4f}  data_time: 0.0{rng.randint(10, 30)}  lr: 0.0002  max_mem: 18{rng.randint(100, 999)}M")
        it += 20
        t += 12.3 + rng.uniform(-0.2, 0.2)

    def fn(n_, g, t3):  # SYNTH
        return healthy_fields(rng, "a100", 0.9, fb=True) if t3 > 250 else healthy_fields(rng, "a100", 0.3, fb=True)
    s.telemetry(["dgx04", "dgx05"], 4, 0.0, 2700.0, 60.0, fn)
    s.truth = truth(None, no_requeue=[J], no_drain=["dgx04", "dgx05"])
    return s


# ======================================================================================
# S9  healthy-pg-not-destroyed-at-exit  (healthy)
# ======================================================================================
# Line: https://github.com/sehoffmann/dmlcloud/issues/61 -- "Cleanup process group on exit" (label bug; fixed by
# calling destroy_process_group at exit). The warning itself says it is printed "On normal program exit" and has
# "only been added since PyTorch 2.4". The run that prints it has finished. Stamp W227 10:54:51 kept
# (scenario starts 2027-02-27 10:00); copies for ranks 1-7 are SYNTH (rank number substituted).
REAL_PG_WARN = "[rank0]:[W227 10:54:51.986111855 ProcessGroupNCCL.cpp:1374] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"


def build_s9() -> Scenario:
    J = "118402"
    s = Scenario(
        "healthy-pg-not-destroyed-at-exit",
        "A single-node 8 x H100 dmlcloud training finishes its last epoch and exits; every rank prints PyTorch 2.4's "
        "'process group has NOT been destroyed' warning on the way out. The job completes normally.",
        "2027-02-27T10:00:00Z",
        {"name": "sim-d", "partition": "h100", "nodes": "hgx-[01-06]", "gpus_per_node": 8},
        [{"id": J, "name": "dml-unet-era5", "user": "shoffmann", "nodes": "hgx-03", "tasks_per_node": 8,
          "started": "2027-02-27T08:31:00Z", "comment": comment(2, "/p/scratch/shoffmann/era5")}],
    )
    rng = s.rng
    t, ep = 20.0, 91
    t_exit = (dt.datetime(2027, 2, 27, 10, 54, 51, 986111) - s.start).total_seconds()
    while ep <= 100:  # SYNTH: dmlcloud-style epoch table rows (rank 0)
        s.joblog(t, J, f"  {ep:>4} | {hms(t + 5300)} | {0.0213 - ep * 0.00004 + rng.uniform(-0.0004, 0.0004):.4f} | {0.0231 - ep * 0.00003 + rng.uniform(-0.0004, 0.0004):.4f} |  {rng.uniform(318, 324):.1f} s | 1.0e-04")
        ep += 1
        t += 321.0 + rng.uniform(-2, 2)
    s.joblog(t_exit - 4.0, J, "Training finished. Saved final checkpoint to /p/scratch/shoffmann/era5/checkpoints/final.pt")  # SYNTH
    s.joblog(t_exit, J, REAL_PG_WARN)  # REAL
    for r in range(1, 8):
        s.joblog(t_exit + 0.004 * r, J, REAL_PG_WARN.replace("[rank0]", f"[rank{r}]").replace("986111855", f"{986111855 + 4113 * r}"))  # SYNTH copy
    job_end(s, t_exit + 2.5, J, "COMPLETED", "0:0")

    def fn(n_, g, t3):  # SYNTH
        return healthy_fields(rng, "h100", 0.94, fb=True) if t3 < t_exit - 4 else idle(rng, "h100")
    s.telemetry(["hgx-03"], 8, 0.0, t_exit + 600.0, 60.0, fn)
    s.truth = truth(None, no_requeue=[J], no_drain=["hgx-03"])
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
