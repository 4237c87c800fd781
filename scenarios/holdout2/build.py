#!/usr/bin/env python3
"""Build holdout2: blind recovery-scenario/1 corpus from real, publicly posted log lines.

Deterministic: `python3 build.py` rewrites scenarios/ from scratch.
Every block of REAL lines is a string literal commented with its source URL.
Everything else (timestamps, node names, DCGM telemetry, cadence lines that copy a
real trainer's format, Slurm state events) comes from the clearly named
synth_* helpers below.
"""
import json
import random
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent / "scenarios"
FORMAT = "recovery-scenario/1"


# ----------------------------------------------------------------------------
# generic helpers
# ----------------------------------------------------------------------------
def iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def parse(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def expand_hostlist(expr):
    """Minimal Slurm hostlist expansion (prefix[a-b,c]suffix, comma lists, zero padding)."""
    out, depth, cur, parts = [], 0, "", []
    for ch in expr:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        parts.append(cur)
    for p in parts:
        if "[" not in p:
            out.append(p)
            continue
        pre, rest = p.split("[", 1)
        body, post = rest.split("]", 1)
        for rng in body.split(","):
            if "-" in rng:
                a, b = rng.split("-")
                w = len(a)
                for i in range(int(a), int(b) + 1):
                    out.extend(expand_hostlist(f"{pre}{i:0{w}d}{post}"))
            else:
                out.extend(expand_hostlist(f"{pre}{rng}{post}"))
    return out


class Scenario:
    def __init__(self, name, description, start, cluster, jobs, history=None, seed=0):
        self.name = name
        self.meta = {"format": FORMAT, "name": name, "description": description,
                     "start": start, "cluster": cluster, "jobs": jobs}
        if history:
            self.meta["history"] = history
        self.events = []
        self.rng = random.Random(seed)

    def add(self, t, source, **fields):
        ev = {"t": round(float(t), 3), "source": source}
        ev.update(fields)
        self.events.append(ev)

    def joblog(self, t, job, line):
        self.add(t, "joblog", job=job, line=line)

    def kernel(self, t, node, line):
        self.add(t, "kernel", node=node, line=line)

    def write(self, truth):
        d = ROOT / self.name
        d.mkdir(parents=True, exist_ok=True)
        # stable sort: equal t keeps insertion order (real blocks stay in order)
        self.events.sort(key=lambda e: e["t"])
        (d / "scenario.json").write_text(json.dumps(self.meta, indent=2) + "\n")
        with open(d / "events.jsonl", "w") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        (d / "truth.json").write_text(json.dumps(truth, indent=2) + "\n")


# ----------------------------------------------------------------------------
# SYNTHESISED parts (clearly named)
# ----------------------------------------------------------------------------
def synth_gpu_telemetry(sc, nodes, gpus, t0, t1, period=60.0, busy=True,
                        peak_clock=1980, power=(600, 680), temp=(55, 68), fb=70000,
                        stop_after=None):
    """Healthy-looking DCGM samples for each GPU of `nodes` every `period` s.
    After `stop_after` (scenario s) the GPUs drop to idle (job gone)."""
    t = t0
    while t <= t1:
        for n_i, node in enumerate(nodes):
            for g in range(gpus):
                idle = (not busy) or (stop_after is not None and t > stop_after)
                ts = t + 0.05 * n_i + 0.001 * g
                f = {
                    "DCGM_FI_DEV_GPU_TEMP": sc.rng.randint(33, 40) if idle else sc.rng.randint(*temp),
                    "DCGM_FI_DEV_POWER_USAGE": round(sc.rng.uniform(60, 80) if idle else sc.rng.uniform(*power), 3),
                    "DCGM_FI_DEV_SM_CLOCK": 345 if idle else peak_clock,
                    "DCGM_FI_DEV_GPU_UTIL": 0 if idle else sc.rng.randint(93, 100),
                    "DCGM_FI_DEV_FB_USED": sc.rng.randint(0, 4) if idle else fb + sc.rng.randint(-1500, 1500),
                    "DCGM_FI_DEV_XID_ERRORS": 0,
                    "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 1 if idle else 0,
                }
                sc.add(ts, "gpu", node=node, gpu=g, fields=f)
        t += period


def synth_job_state(sc, t, job, state, exit_code="0:0", reason=None, nodes=None):
    f = {"kind": "job_state", "job": job, "state": state, "exit_code": exit_code}
    if reason:
        f["reason"] = reason
    if nodes:
        f["nodes"] = nodes
    sc.add(t, "slurm", **f)


def synth_node_state(sc, t, node, state, reason):
    sc.add(t, "slurm", kind="node_state", node=node, state=state, reason=reason)


def _tqdm_time(sec):
    """tqdm's elapsed/remaining format: MM:SS, or H:MM:SS past an hour."""
    h, r = divmod(int(sec), 3600)
    return f"{h:d}:{r // 60:02d}:{r % 60:02d}" if h else f"{r // 60:02d}:{r % 60:02d}"


def synth_torchtune_progress(sc, job, t0, t1, epoch, step0, total, s_per_it):
    """Cadence lines in torchtune's tqdm progress format, copied from the real line
    `1|2|Loss: 1.7182660102844238: 100%|████...| 2/2 [02:39<00:00, 79.59s/it]`
    (https://github.com/meta-pytorch/torchtune/pull/1232)."""
    t, step = t0, step0
    while t <= t1:
        loss = 1.05 + 0.25 * sc.rng.random()
        pct = int(100 * step / total)
        bar = "█" * (pct // 4) + " " * (25 - pct // 4)
        el = int(step * s_per_it)
        rem = int((total - step) * s_per_it)
        rate = s_per_it + sc.rng.uniform(-0.3, 0.3)
        sc.joblog(t, job, f"{epoch}|{step}|Loss: {loss:.16f}: {pct:3d}%|{bar}| {step}/{total} "
                          f"[{_tqdm_time(el)}<{_tqdm_time(rem)}, {rate:.2f}s/it]")
        step += 1
        t += s_per_it + sc.rng.uniform(-0.3, 0.3)
    return step


def synth_metriclogger_progress(sc, job, start_dt, t0, t1, epoch, it0, total, sec_per_it, every=10):
    """Cadence lines in the MetricLogger format copied from the real lines of
    https://github.com/Alpha-VLLM/LLaMA2-Accessory/issues/147 :
    `[18:29:29.735454] Epoch: [0]  [4960/5328]  lr: 0.000004  closs: 0.0359 (0.3235)  load_balancing: ...`"""
    t, it = t0, it0
    while t <= t1:
        wall = start_dt + timedelta(seconds=t)
        c = 0.03 + 0.02 * sc.rng.random()
        g = 2.7 + 0.4 * sc.rng.random()
        sc.joblog(t, job,
                  f"[{wall.strftime('%H:%M:%S')}.{sc.rng.randint(0, 999999):06d}] Epoch: [{epoch}]  "
                  f"[{it}/{total}]  lr: 0.000004  closs: {c:.4f} (0.3{sc.rng.randint(100, 299)})  "
                  f"load_balancing: 0.1030 (0.1028)  grad_norm: {g:.4f} (3.2{sc.rng.randint(100, 599)})  "
                  f"time: {sec_per_it + sc.rng.uniform(-0.01, 0.01):.4f}  data: 0.0001  max mem: 42773")
        it += every
        t += every * sec_per_it + sc.rng.uniform(-0.4, 0.4)


def opt_in(n):
    return json.dumps({"recovery": {"max_requeues": n}})


# ----------------------------------------------------------------------------
# 1. uncorrectable ECC surfaces only as a CUDA context-creation failure (OpenACC app)
# ----------------------------------------------------------------------------
def s_ecc_cuctx():
    start = "2026-08-22T14:00:00Z"
    sc = Scenario(
        "ecc-cuctxcreate-syscheck",
        "An OpenACC/Fortran CI job dies at its first CUDA context creation with CUDA error 214; "
        "no kernel line is seen and Slurm still shows the node in service.",
        start,
        {"name": "sim-phx", "partition": "gpu-l40s", "nodes": "l40s-[001-012]", "gpus_per_node": 8},
        [
            {"id": "31210", "name": "mfc-ci-gpu-acc", "user": "ci", "nodes": "l40s-007",
             "tasks_per_node": 2, "started": "2026-08-22T14:00:20Z", "comment": opt_in(2)},
            {"id": "31207", "name": "pretrain-small", "user": "dana", "nodes": "l40s-[001-002]",
             "tasks_per_node": 8, "started": "2026-08-22T12:10:00Z", "comment": opt_in(1)},
        ],
        seed=1)
    synth_gpu_telemetry(sc, ["l40s-001", "l40s-002"], 8, 3.0, 420.0, period=60, power=(250, 330),
                        temp=(50, 64), peak_clock=2490, fb=40000)
    synth_gpu_telemetry(sc, ["l40s-007"], 8, 5.0, 420.0, period=60, busy=False)
    synth_job_state(sc, 20.2, "31210", "RUNNING")
    # REAL lines — https://github.com/MFlowCode/MFC/pull/1748 (PR description, quoted CI log)
    real = [
        "Accelerator Fatal Error: call to cuCtxCreate returned error 214",
        "  (CUDA_ERROR_ECC_UNCORRECTABLE): uncorrectable ECC error encountered",
        "mfc: ERROR > syscheck failed with exit code 1.",
    ]
    t = 31.4
    for i, line in enumerate(real):
        sc.joblog(t + 0.01 * i, "31210", line)
    synth_job_state(sc, 33.0, "31210", "FAILED", "1:0")
    sc.write({
        "fault": {"t": 31.4, "category": "gpu_hardware", "node": "l40s-007"},
        "expected": {"drain": ["l40s-007"], "requeue": {"31210": {"exclude": ["l40s-007"]}},
                     "no_requeue": ["31207"], "no_drain": ["l40s-001", "l40s-002"]},
    })


# ----------------------------------------------------------------------------
# 2. Xid 45 cleanup lines that name an earlier NVLink Xid 149/145 (no 149 line itself)
# ----------------------------------------------------------------------------
def s_xid149():
    start = "2026-05-18T02:00:00Z"
    sc = Scenario(
        "xid45-after-nvlink-xid149",
        "Journal on one 4-GPU node shows Xid 45 channel teardowns referring to earlier Xids 149/145; "
        "the job ends.",
        start,
        {"name": "sim-gb", "partition": "nvl", "nodes": "gb-[01-18]", "gpus_per_node": 4,
         "pci_bus_ids": ["0000:97:00", "0000:ba:00", "0000:dc:00", "0000:ed:00"]},
        [{"id": "55120", "name": "moe-pretrain", "user": "erin", "nodes": "gb-[05-08]",
          "tasks_per_node": 4, "started": "2026-05-17T22:00:00Z", "comment": opt_in(3)}],
        seed=2)
    nodes = expand_hostlist("gb-[05-08]")
    synth_gpu_telemetry(sc, nodes, 4, 2.0, 600.0, period=60, power=(850, 1050), peak_clock=1965,
                        fb=160000, stop_after=330)
    # REAL lines — https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1150 (comment 2026-05-18);
    # the last line is cut in the stored excerpt and stays cut.
    real = [
        "kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 caused by previous Xid 149",
        "kernel: NVRM: Xid (PCI:0000:ed:00): 45, pid=1818992, name=python3, Ch 0000000c caused by previous Xid 145",
        "kernel: NVRM: Xid (PCI:0000:ba:00): 45, pid=1818989, name=python3, Ch 00000002 caused by previous Xid 145",
        "kernel: NVRM: Xid (PCI:0000:97:00): 45, pid=1818987, name=python3, Ch 00000003 caused by previous Xid 145",
        "kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000002 caused by previous Xid 149",
        "kernel: NVRM: Xid (PCI:0000:ba:00): 45, pid=1818989, name=python3, Ch 00000003 caused by previous Xid 145",
        "kernel: NVRM: Xid (PCI:0000:ed:00): 45, pid=1818992, name=python3, Ch 00000001 caused by previous Xid 145",
        "kernel: NVRM: Xid (PCI:0000:97:00): 45, pid=1818987, name=python3, Ch 00000004",
    ]
    t = 312.5
    for i, line in enumerate(real):
        sc.kernel(t + 0.002 * i, "gb-07", line)
    synth_job_state(sc, 395.0, "55120", "FAILED", "1:0")
    sc.write({
        "fault": {"t": 312.5, "category": "gpu_hardware", "node": "gb-07"},
        "expected": {"drain": ["gb-07"], "requeue": {"55120": {"exclude": ["gb-07"]}},
                     "no_requeue": [], "no_drain": ["gb-05", "gb-06", "gb-08"]},
    })


# ----------------------------------------------------------------------------
# 3. Horovod/mpirun: every rank on the same CUDA device (config error)
# ----------------------------------------------------------------------------
def s_horovod_dup():
    start = "2023-05-19T09:00:00Z"
    sc = Scenario(
        "horovod-duplicate-gpu-mpirun",
        "Horovod job under mpirun (--tag-output prefixes) fails during NCCL communicator init.",
        start,
        {"name": "sim-smc", "partition": "gpu", "nodes": "smc-gpu-[01-06]", "gpus_per_node": 8},
        [{"id": "9031", "name": "yolox-hvd", "user": "purv", "nodes": "smc-gpu-03",
          "tasks_per_node": 8, "started": "2023-05-19T09:00:05Z", "comment": opt_in(3)}],
        seed=3)
    synth_gpu_telemetry(sc, ["smc-gpu-03"], 8, 1.0, 240.0, period=30, busy=False)
    synth_job_state(sc, 5.0, "9031", "RUNNING")
    # REAL lines — https://github.com/horovod/horovod/issues/3929 (turn 4, NCCL_DEBUG=INFO log);
    # empty "[1,N]<stdout>:" lines are in the original; final line cut in the stored excerpt.
    real = [
        "[1,3]<stdout>:smc-gpu-03:29881:30401 [0] NCCL INFO init.cc:903 -> 5",
        "[1,3]<stdout>:smc-gpu-03:29881:30401 [0] NCCL INFO init.cc:916 -> 5",
        "[1,2]<stdout>:",
        "[1,2]<stdout>:smc-gpu-03:29880:30398 [0] init.cc:497 NCCL WARN Duplicate GPU detected : rank 2 and rank 0 both on CUDA device 1000",
        "[1,2]<stdout>:smc-gpu-03:29880:30398 [0] NCCL INFO init.cc:867 -> 5",
        "[1,2]<stdout>:smc-gpu-03:29880:30398 [0] NCCL INFO init.cc:903 -> 5",
        "[1,2]<stdout>:smc-gpu-03:29880:30398 [0] NCCL INFO init.cc:916 -> 5",
        "[1,4]<stdout>:",
        "[1,4]<stdout>:smc-gpu-03:29882:30400 [0] init.cc:497 NCCL WARN Duplicate GPU detected : rank 4 and rank 0 both on CUDA device 1000",
        "[1,4]<stdout>:smc-gpu-03:29882:30400 [0] NCCL INFO init.cc:867 -> 5",
        "[1,4]<stdout>:smc-gpu-03:29882:30400 [0] NCCL INFO init.cc:903 -> 5",
        "[1,4]<stdout>:smc-gpu-03:29882:30400 [0] NCCL INFO init.cc:916 -> 5",
        "[1,0]<stdout>:",
        "[1,0]<stdout>:smc-gpu-03:29878:30419 [0] init.cc:497 NCCL WARN Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 1000",
        "[1,0]<stdout>:smc-gpu-03:29878:30419 [0] NCCL INFO init.cc:867 -> 5",
        "[1,0]<stdout>:smc-gpu-03:29878:30419 [0] NCCL INFO init.cc:903 -> 5",
        "[1,0]<stdout>:smc-gpu-03:29878:30419 [0] NCCL INFO init.cc:916 -> 5",
        "[1,5]<stdout>:",
        "[1,5]<stdout>:smc-gpu-03:29883:30404 [0] init.cc:497 NCCL WARN Duplicate GPU detected : rank 5 and rank 0 both on CUDA device 1000",
        "[1,5]<stdout>:sm",
    ]
    t = 61.2
    for i, line in enumerate(real):
        sc.joblog(t + 0.003 * i, "9031", line)
    synth_job_state(sc, 75.0, "9031", "FAILED", "1:0")
    sc.write({
        "fault": {"t": 61.2, "category": "software", "node": None},
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["9031"], "no_drain": ["smc-gpu-03"]},
    })


# ----------------------------------------------------------------------------
# 4. torchtune: full-state-dict checkpoint gathering outlives the 10-min NCCL timeout
# ----------------------------------------------------------------------------
def s_torchtune_ckpt():
    start = "2025-04-30T04:54:00Z"
    sc = Scenario(
        "torchtune-ckpt-gather-timeout",
        "Single-node 8-GPU torchtune LoRA run reaches the end of its epoch, starts saving a checkpoint, "
        "and later rank 4's NCCL watchdog fires.",
        start,
        {"name": "sim-h", "partition": "h200", "nodes": "h200-[01-16]", "gpus_per_node": 8},
        [{"id": "77341", "name": "llama4-lora", "user": "ivan", "nodes": "h200-07",
          "tasks_per_node": 8, "started": "2025-04-30T03:10:00Z", "comment": opt_in(2)}],
        seed=4)
    synth_gpu_telemetry(sc, ["h200-07"], 8, 4.0, 1020.0, period=60, power=(540, 660), fb=120000,
                        stop_after=960)
    synth_torchtune_progress(sc, "77341", 6.0, 318.0, epoch=1, step0=187, total=200, s_per_it=24.1)
    # REAL lines — https://github.com/meta-pytorch/torchtune/pull/2651 (comment 2025-04-30, 8xH200).
    # Trailing terminal padding stripped; the two watchdog lines wrapped by the terminal
    # ("...NumelIn=1, N" / "umelOut=1, ..." and "PG status: " / "last enqueued ...") are re-joined.
    save = 330.0
    sc.joblog(save, "77341", "INFO:torchtune.utils._logging:Saving checkpoint. This may take some time. Retrieving full model state dict...")
    sc.joblog(save + 109.51, "77341", "INFO:torchtune.utils._logging:Getting full model state dict took 109.51 secs")
    sc.joblog(save + 109.6, "77341", "INFO:torchtune.utils._logging:Retrieving optimizer state dict...")
    sc.joblog(save + 227.9, "77341", "INFO:torchtune.utils._logging:Getting optimizer state dict took 118.28 secs")
    wd = 948.0  # 05:09:48 as in the real line's timestamp
    sc.joblog(wd, "77341", "[rank4]:[E430 05:09:48.828088908 ProcessGroupNCCL.cpp:632] [Rank 4] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9387, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600005 milliseconds before timing out.")
    sc.joblog(wd + 0.002, "77341", "[rank4]:[E430 05:09:48.830445837 ProcessGroupNCCL.cpp:2268] [PG ID 0 PG GUID 0(default_pg) Rank 4]  failure detected by watchdog at work sequence id: 9387 PG status: last enqueued work: 9387, last completed work: 9386")
    synth_job_state(sc, 975.0, "77341", "FAILED", "6:0")
    sc.write({
        "fault": {"t": 948.0, "category": "software", "node": None},
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["77341"], "no_drain": ["h200-07"]},
    })


# ----------------------------------------------------------------------------
# 5. DataLoader workers die with SIGBUS at the epoch boundary: container /dev/shm too small
# ----------------------------------------------------------------------------
def s_shm_bus_error():
    start = "2019-12-23T03:24:30Z"
    sc = Scenario(
        "dataloader-shm-bus-error",
        "PipeDream-style run finishes epoch 0 (prints its own epoch timing lines), then its "
        "DataLoader workers die and the job exits.",
        start,
        {"name": "sim-v", "partition": "v100", "nodes": "v100-[01-08]", "gpus_per_node": 4},
        [{"id": "2231", "name": "pipedream-vgg16", "user": "adam", "nodes": "v100-[03-04]",
          "tasks_per_node": 4, "started": "2019-12-23T01:30:00Z", "comment": opt_in(2)}],
        seed=5)
    synth_gpu_telemetry(sc, ["v100-03", "v100-04"], 4, 3.0, 300.0, period=60, power=(200, 280),
                        peak_clock=1530, temp=(55, 70), fb=24000, stop_after=200)
    # REAL lines — https://github.com/msr-fiddle/pipedream/issues/28 (issue body). Epoch end time
    # 1577071585.941 = 03:26:25.941Z, placed at t=115.941. Last line is cut in the stored excerpt.
    real = [
        "Epoch 0: 6843.771 seconds",
        "Epoch start time: 1577064742.170, epoch end time: 1577071585.941",
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 480, in _try_get_batch',
        "    data = self.data_queue.get(timeout=timeout)",
        '  File "/opt/conda/lib/python3.6/queue.py", line 173, in get',
        "    self.not_empty.wait(remaining)",
        '  File "/opt/conda/lib/python3.6/threading.py", line 299, in wait',
        "    gotit = waiter.acquire(True, timeout)",
        '  File "/opt/conda/lib/python3.6/site-packages/torch/utils/data/_utils/signal_handling.py", line 63, in handler',
        "    _error_if_any_worker_fails()",
        "RuntimeError: DataLoader worker (pid 325) is killed by signal: Bus error.",
        "",
        "During handling of the above exception, another exception o",
    ]
    sc.joblog(115.941, "2231", real[0])
    sc.joblog(115.942, "2231", real[1])
    for i, line in enumerate(real[2:]):
        sc.joblog(131.3 + 0.004 * i, "2231", line)
    synth_job_state(sc, 160.0, "2231", "FAILED", "1:0")
    sc.write({
        "fault": {"t": 131.3, "category": "software", "node": None},
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["2231"],
                     "no_drain": ["v100-03", "v100-04"]},
    })


# ----------------------------------------------------------------------------
# 6. healthy: a soft-lockup line and FSDP deprecation warnings while training keeps going
# ----------------------------------------------------------------------------
def s_healthy_softlockup():
    start = "2026-10-04T18:20:00Z"
    start_dt = parse(start)
    sc = Scenario(
        "healthy-softlockup-fsdp-warning",
        "MoE fine-tune with MetricLogger progress lines; a kernel watchdog line on one node and "
        "Python warnings around a save.",
        start,
        {"name": "sim-a", "partition": "batch", "nodes": "gpu-c-[001-016]", "gpus_per_node": 8},
        [{"id": "66012", "name": "mixtral-ft", "user": "kas", "nodes": "gpu-c-[009-012]",
          "tasks_per_node": 8, "started": "2026-10-04T16:00:00Z", "comment": opt_in(3)}],
        seed=6)
    nodes = expand_hostlist("gpu-c-[009-012]")
    synth_gpu_telemetry(sc, nodes, 8, 2.0, 900.0, period=60, fb=42773)
    synth_metriclogger_progress(sc, "66012", start_dt, 9.0, 420.0, 0, 4960, 5328, 1.279)
    # REAL lines — https://github.com/Alpha-VLLM/LLaMA2-Accessory/issues/147 (UserWarning printed
    # at a save; a deprecation notice, not an error)
    warn = [
        "/home/kas/.conda/envs/llama-accessory/lib/python3.10/site-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py:1110: UserWarning: ``FullyShardedDataParallel.full_optim_state_dict``is being deprecated and is replaced by ``FullyShardedDataParallel.optim_state_dict``. ``FullyShardedDataParallel.full_optim_state_dict`` may be removed after PyTorch 2.2.",
        "  warnings.warn(",
    ]
    sc.joblog(425.0, "66012", warn[0])
    sc.joblog(425.001, "66012", warn[1])
    sc.joblog(425.01, "66012", warn[0])
    sc.joblog(425.011, "66012", warn[1])
    synth_metriclogger_progress(sc, "66012", start_dt, 470.0, 900.0, 0, 5000, 5328, 1.279)
    # REAL line — https://github.com/openzfs/zfs/issues/4536 (maintainer: infrequent soft
    # lockups "shouldn't cause any issues"; closed)
    sc.kernel(611.7, "gpu-c-011", "NMI watchdog: BUG: soft lockup - CPU#2 stuck for 22s! [SimpleCacheWork:8140]")
    sc.write({
        "fault": None,
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["66012"], "no_drain": nodes},
    })


# ----------------------------------------------------------------------------
# 7. infrastructure: the whole cluster reboots; jobs on disjoint GPU and CPU nodes NODE_FAIL
# ----------------------------------------------------------------------------
def s_mass_reboot():
    start = "2022-07-23T15:20:00Z"
    sc = Scenario(
        "cluster-wide-unexpected-reboot",
        "A GPU node goes DOWN after an unexpected reboot; minutes later many CPU nodes do too; "
        "two jobs on disjoint nodes end NODE_FAIL.",
        start,
        {"name": "sim-arj", "partition": "all", "nodes": "c[001-024],d[001-024],f[001-024]",
         "gpus_per_node": 4},
        [{"id": "3104411", "name": "gnn-train", "user": "yao", "nodes": "c015",
          "tasks_per_node": 4, "started": "2022-07-23T13:02:00Z", "comment": opt_in(2)},
         {"id": "3104580", "name": "dft-relax", "user": "mzy", "nodes": "d[005-006]",
          "tasks_per_node": 4, "started": "2022-07-23T14:48:00Z", "comment": opt_in(1)}],
        seed=7)
    synth_gpu_telemetry(sc, ["c015"], 4, 3.0, 420.0, period=60, power=(280, 360), peak_clock=1410,
                        fb=30000)
    # REAL reason strings — https://github.com/ArjunaCluster/ArjunaUsers/issues/164 (sinfo reasons
    # quoted for c015 and for d[001-002,004-024],f[002-010,012-017,019-024]); states synthesised.
    sc_c015 = "Node unexpectedly rebooted [slurm@2022-07-23T15:27:10]"
    sc_df = "Node unexpectedly rebooted [slurm@2022-07-23T15:31:00]"
    synth_node_state(sc, 430.0, "c015", "DOWN", sc_c015)
    synth_job_state(sc, 431.0, "3104411", "NODE_FAIL", "0:0")
    df = expand_hostlist("d[001-002,004-024],f[002-010,012-017,019-024]")
    for i, n in enumerate(df):
        synth_node_state(sc, 660.0 + 0.02 * i, n, "DOWN", sc_df)
    synth_job_state(sc, 661.5, "3104580", "NODE_FAIL", "0:0")
    sc.write({
        "fault": {"t": 430.0, "category": "infrastructure", "node": None},
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["3104411", "3104580"],
                     "no_drain": ["c015", "d005", "d006"]},
    })


# ----------------------------------------------------------------------------
# 8. NeMo Automodel: checkpoint consolidation outlives a 60 s process-group timeout
# ----------------------------------------------------------------------------
def s_automodel_consolidation():
    start = "2026-01-09T22:30:00Z"
    sc = Scenario(
        "automodel-consolidation-barrier",
        "4-rank NeMo Automodel fine-tune near its end; ranks 2 and 3 report NCCL watchdog timeouts.",
        start,
        {"name": "sim-d", "partition": "dgx", "nodes": "dgx-[01-08]", "gpus_per_node": 8},
        [{"id": "48810", "name": "automodel-sft", "user": "jrb", "nodes": "dgx-04",
          "tasks_per_node": 4, "started": "2026-01-09T21:05:00Z", "comment": opt_in(2)}],
        seed=8)
    synth_gpu_telemetry(sc, ["dgx-04"], 4, 5.0, 1040.0, period=60, power=(520, 640), fb=61000,
                        stop_after=900)
    # REAL lines — https://github.com/NVIDIA-NeMo/Automodel/issues/1038 (issue body); the last
    # line is cut in the stored excerpt and stays cut. 22:46:25 -> t=985.9.
    real = [
        "[rank2]:[E109 22:46:25.933527530 ProcessGroupNCCL.cpp:632] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=493, OpType=ALLGATHER, NumelIn=1, NumelOut=4, Timeout(ms)=60000) ran for 60044 milliseconds before timing out.",
        "[rank2]:[E109 22:46:25.933593122 ProcessGroupNCCL.cpp:2268] [PG ID 0 PG GUID 0(default_pg) Rank 2]  failure detected by watchdog at work sequence id: 493 PG status: last enqueued work: 493, last completed work: 492",
        "[rank2]:[E109 22:46:25.933603922 ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank2]:[E109 22:46:25.933639732 ProcessGroupNCCL.cpp:2103] [PG ID 0 PG GUID 0(default_pg) Rank 2] First PG on this rank to signal dumping.",
        "[rank3]:[E109 22:46:25.936329218 ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=493, OpType=ALLGATHER, NumelIn=1, NumelOut=4, Timeout(ms)=60000) ran for 60046 milliseconds before timing out.",
        "[rank3]:[E109 22:46:25.936370069 ProcessGroupNCCL.cpp:2268] [PG ID 0 PG GUID 0(default_pg) Rank 3]  failure detected by watchdog at work sequence id: 493 PG status: last enqueued work: 493, last completed work: 492",
        "[rank3]:[E109 22:46:25.936379969 ProcessGroupNCCL.cpp:670] Stac",
    ]
    for i, line in enumerate(real):
        sc.joblog(985.933 + 0.001 * i, "48810", line)
    synth_job_state(sc, 1012.0, "48810", "FAILED", "1:0")
    sc.write({
        "fault": {"t": 985.933, "category": "software", "node": None},
        "expected": {"drain": [], "requeue": {}, "no_requeue": ["48810"], "no_drain": ["dgx-04"]},
    })


BUILDERS = [s_ecc_cuctx, s_xid149, s_horovod_dup, s_torchtune_ckpt, s_shm_bus_error,
            s_healthy_softlockup, s_mass_reboot, s_automodel_consolidation]

if __name__ == "__main__":
    if ROOT.exists():
        shutil.rmtree(ROOT)
    ROOT.mkdir(parents=True)
    for b in BUILDERS:
        b()
    print("built", len(BUILDERS), "scenarios into", ROOT)
