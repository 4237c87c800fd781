"""Generate ``scenarios/real/``: scenarios that put real public log lines in context.

The fault lines are those of ``tests/fixtures/logs/lines.json`` (sources in the
README there): only host names, IPs, ranks and times are changed to fit each
scenario's cluster. Around them runs healthy noise from the same stacks.
Run: ``.venv/bin/python scenarios/make_real_lines.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_synthetic as ms  # noqa: E402
from make_synthetic import Builder, hw_truth, job  # noqa: E402

ms.ROOT = Path(__file__).resolve().parent / "real"
CLUSTER = {"name": "real", "partition": "batch", "nodes": "node[01-32]", "gpus_per_node": 8}


def raw_kernel(b: Builder, t: float, node: str, line: str) -> None:
    b.events.append({"t": round(t, 3), "source": "kernel", "node": node, "line": line})


def bootstrap(b: Builder, jid: str, nodes: list[str], t: float = 1.0) -> None:
    for i, n in enumerate(nodes):
        ip = int(n[-2:])
        b.log(
            t,
            jid,
            f"{i * 8}: {n}:1234:1300 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.35.{ip}<0>",
        )


def net_truth(t: float, node: str, jid: str) -> dict[str, Any]:
    return {
        "fault": {"t": t, "category": "network", "node": node},
        "expected": {
            "drain": [node],
            "requeue": {jid: {"exclude": [node]}},
            "no_requeue": [],
            "no_drain": [],
        },
    }


def ib_with_error_nccl218() -> None:
    """nccl-tests#252 / nccl#934 wording (NCCL 2.10-2.19: 'with error N', then ncclRemoteError)."""
    b = Builder(101)
    nodes = ["node01", "node02", "node03", "node04"]
    bootstrap(b, "5001", nodes)
    b.progress("5001", "nemo", 5, 300, 9.0)
    b.gpus(nodes, 0, 420, 15.0)
    b.log(
        60.0,
        "5001",
        "8: node02:1234:1301 [0] transport/net_ib.cc:97 NCCL WARN NET/IB : Got async event : GID table change",
    )
    for k, n in enumerate(["node01", "node02", "node04"]):
        r = nodes.index(n) * 8
        b.log(
            301.0 + k * 0.3,
            "5001",
            f"{r}: {n}:25146:25854 [0] transport/net_ib.cc:1333 NCCL WARN NET/IB : Got completion from peer "
            "10.0.35.3<49189> with error 12, opcode 5327, len 5327, vendor err 129 (Send)",
        )
    for r in (0, 8, 24):
        b.log(
            303.0,
            "5001",
            f"{r}: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
            "ProcessGroupNCCL.cpp:1347, remote process exited or there was a network error, NCCL version 2.18.5",
        )
        b.log(
            303.1,
            "5001",
            f"{r}: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        )
    b.log(310.0, "5001", "srun: error: node01: tasks 0-7: Exited with exit code 1")
    b.slurm(315.0, kind="job_state", job="5001", state="FAILED", exit_code="1:0")
    b.write(
        "real-ib-with-error-nccl218",
        "node03's HCA stops answering; peers print NCCL 2.18's 'Got completion from peer ... with error 12' and ncclRemoteError.",
        CLUSTER,
        [job("5001", "node[01-04]")],
        net_truth(301.0, "node03", "5001"),
    )


def socket_peer_first() -> None:
    """nccl#795 / nccl#2076 wording: the peer before the error text, then ncclRemoteError."""
    b = Builder(102)
    nodes = ["node05", "node06", "node07", "node08"]
    bootstrap(b, "5002", nodes)
    b.progress("5002", "megatron", 5, 250, 6.0)
    b.gpus(nodes, 0, 320, 15.0)
    for k, n in enumerate(["node05", "node07", "node08"]):
        r = nodes.index(n) * 8 + 1
        b.log(
            251.0 + k * 0.2,
            "5002",
            f"{r}: {n}:183006:183220 [1] misc/socket.cc:518 NCCL WARN Net : Call to recv from 10.0.35.6<58355> failed : Broken pipe",
        )
    b.log(
        252.0,
        "5002",
        "1: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, remote process exited or there was a network error, NCCL version 2.21.5",
    )
    b.log(
        252.1,
        "5002",
        "1: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
    )
    b.log(252.2, "5002", "1: Last error:")
    b.log(
        252.3,
        "5002",
        "1: socketProgressOpt: Call to recv from 10.0.35.6<33759> failed : Connection reset by peer",
    )
    b.log(258.0, "5002", "srun: error: node05: tasks 0-7: Exited with exit code 1")
    b.slurm(262.0, kind="job_state", job="5002", state="FAILED", exit_code="1:0")
    b.write(
        "real-socket-peer-before-error",
        "node06's link drops; three peers print 'Call to recv from <node06> failed : Broken pipe' and ncclRemoteError (not the application's bug).",
        CLUSTER,
        [job("5002", "node[05-08]")],
        net_truth(251.0, "node06", "5002"),
    )


def lustre_kernel_two_jobs() -> None:
    """jade-hpc-gpu#14 Lustre client lines under dmesg -T on two jobs' nodes; the jobs just stall."""
    b = Builder(103)
    a, c = ["node09", "node10"], ["node11", "node12"]
    b.progress("5101", "megatron", 5, 200, 6.0)
    b.progress("5102", "titan", 5, 205, 5.0)
    b.gpus(a + c, 0, 420, 15.0)
    raw_kernel(
        b,
        40.0,
        "node09",
        "[Tue Dec  1 08:00:40 2026] Lustre: 2449:0:(client.c:2141:ptlrpc_expire_one_request()) Skipped 24 previous similar messages",
    )
    for k, n in enumerate(a + c):
        t = 201.0 + k * 1.5
        raw_kernel(
            b,
            t,
            n,
            "[Tue Dec  1 08:03:21 2026] LNet: 2431:0:(o2iblnd_cb.c:3174:kiblnd_check_conns()) Timed out tx for 172.31.126.87@o2ib: 403055 seconds",
        )
        raw_kernel(
            b,
            t + 0.5,
            n,
            "[Tue Dec  1 08:03:22 2026] LustreError: 11-0: jmain01-MDT0000-mdc-ffff88203810d800: operation obd_ping to node 172.31.126.88@o2ib failed: rc = -107",
        )
        raw_kernel(
            b,
            t + 0.6,
            n,
            "[Tue Dec  1 08:03:22 2026] Lustre: jmain01-MDT0000-mdc-ffff88203810d800: Connection to jmain01-MDT0000 (at 172.31.126.88@o2ib) was lost; in progress operations using this service will wait for recovery to complete",
        )
    b.write(
        "real-lustre-kernel-two-jobs",
        "The MDT goes away: two jobs on disjoint nodes stall, and only the nodes' kernel logs say why (Lustre client lines).",
        CLUSTER,
        [job("5101", "node[09-10]"), job("5102", "node[11-12]")],
        {
            "fault": {"t": 201.0, "category": "infrastructure", "node": None},
            "expected": {"drain": [], "requeue": {}, "no_requeue": ["5101", "5102"], "no_drain": a + c},
        },
    )


def heartbeat_hang() -> None:
    """LlamaFactory#6953 / DEIM#105 heartbeat-monitor lines from one node's ranks; no watchdog lines."""
    b = Builder(104)
    nodes = ["node13", "node14", "node15", "node16"]
    b.progress("5201", "titan", 5, 250, 6.0)
    b.gpus(nodes, 0, 800, 15.0)
    for r in range(16, 24):  # node15
        b.log(
            730.0 + r * 0.01,
            "5201",
            f"[rank{r}]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank {r}] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=1",
        )
        b.log(
            730.5,
            "5201",
            f"[rank{r}]:[E ProcessGroupNCCL.cpp:1153] [PG 0 Rank {r}] ProcessGroupNCCL preparing to dump debug info.",
        )
        b.log(
            731.0,
            "5201",
            f"[rank{r}]:[F ProcessGroupNCCL.cpp:1169] [PG 0 Rank {r}] [PG 0 Rank {r}] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives.",
        )
    b.log(733.0, "5201", "srun: error: node15: tasks 16-23: Aborted")
    b.log(
        734.0,
        "5201",
        "node13:4024:4055 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer node15<57557>",
    )
    b.slurm(740.0, kind="job_state", job="5201", state="FAILED", exit_code="134:0")
    b.write(
        "real-heartbeat-monitor-hang",
        "node15's ranks hang in a CUDA call; PyTorch's heartbeat monitor kills them after 480 s. No watchdog timeout anywhere.",
        CLUSTER,
        [job("5201", "node[13-16]")],
        {
            "fault": {"t": 250.0, "category": "hang", "node": "node15"},
            "expected": {
                "drain": [],
                "requeue": {"5201": {"exclude": ["node15"]}},
                "no_requeue": [],
                "no_drain": ["node15"],
            },
        },
    )


def checkpoint_timeout() -> None:
    """Rank 0 writes a checkpoint longer than the NCCL timeout; the others' watchdogs fire (LlamaFactory#6269 wording)."""
    b = Builder(105)
    nodes = ["node17", "node18"]
    b.progress("5301", "megatron", 5, 300, 5.0)
    b.gpus(nodes, 0, 960, 15.0)
    b.log(
        300.5, "5301", "0: saving checkpoint at iteration     2000 to /lustre/ckpt/5301 in torch_dist format"
    )
    for r in range(1, 16):
        b.log(
            900.5 + r * 0.01,
            "5301",
            f"[rank{r}]:[E1206 18:44:12.715298746 ProcessGroupNCCL.cpp:607] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE, NumelIn=544997376, NumelOut=68124672, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.",
        )
        b.log(
            900.6 + r * 0.01,
            "5301",
            f"[rank{r}]:[E1206 18:44:12.715588844 ProcessGroupNCCL.cpp:1664] [PG 1 Rank {r}] Exception (either an error or timeout) detected by watchdog at work: 7753, last enqueued NCCL work: 7755, last completed NCCL work: 7752.",
        )
    b.log(905.0, "5301", "srun: error: node17: tasks 1-7: Aborted")
    b.log(905.1, "5301", "srun: error: node18: tasks 8-15: Aborted")
    b.slurm(910.0, kind="job_state", job="5301", state="FAILED", exit_code="134:0")
    b.write(
        "real-timeout-during-checkpoint",
        "Rank 0 writes a checkpoint for longer than the 10 min NCCL timeout; every other rank's watchdog fires. A restart repeats it at the next save: the owner's configuration.",
        CLUSTER,
        [job("5301", "node[17-18]")],
        {
            "fault": {"t": 900.5, "category": "software", "node": None},
            "expected": {"drain": [], "requeue": {}, "no_requeue": ["5301"], "no_drain": nodes},
        },
    )


def offbus_multiline() -> None:
    """NVSentinel#155's three-line record (bus on the first line only), bus moved to GPU 6's."""
    b = Builder(106)
    nodes = ["node19", "node20", "node21", "node22"]
    b.progress("5401", "nemo", 5, 400, 9.0)
    b.gpus(nodes, 0, 420, 15.0)
    raw_kernel(b, 400.0, "node21", "[ 1843.308145] NVRM: The NVIDIA GPU 0000:ba:00.0")
    raw_kernel(b, 400.0, "node21", "               NVRM: (PCI ID: 10de:26b5) installed in this system has")
    raw_kernel(
        b, 400.01, "node21", "               NVRM: fallen off the bus and is not responding to commands."
    )
    raw_kernel(b, 400.2, "node21", "[ 1843.439662] NVRM: The NVIDIA probe routine failed for 1 device(s).")
    b.write(
        "real-offbus-multiline-record",
        "A GPU falls off the bus; the 570 driver names its bus only on the record's first kernel line.",
        CLUSTER,
        [job("5401", "node[19-22]")],
        hw_truth(400.0, "node21", 6, "5401"),
    )


def healthy_noise() -> None:
    """Lines from the same stacks that are not faults: recoveries, routine IB events, finished saves."""
    b = Builder(107)
    nodes = ["node23", "node24"]
    bootstrap(b, "5501", nodes)
    b.progress("5501", "megatron", 5, 600, 6.0)
    b.gpus(nodes, 0, 600, 15.0)
    b.log(
        100.0, "5501", "0: saving checkpoint at iteration     1100 to /lustre/ckpt/5501 in torch_dist format"
    )
    b.log(
        130.0,
        "5501",
        "0:   successfully saved checkpoint from iteration     1100 to /lustre/ckpt/5501 [ t 1/8, p 1/1 ]",
    )
    b.log(
        200.0,
        "5501",
        "8: node24:1234:1301 [0] transport/net_ib/common.cc:179 NCCL WARN NET/IB : mlx5_0:1 Got non-fatal async event: port active(9)",
    )
    b.log(
        201.0,
        "5501",
        "8: node24:1234:1301 [0] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_3:1 Got async event : GID table change",
    )
    raw_kernel(b, 250.0, "node23", "[ 3224.612015] nfs: server ease OK")
    raw_kernel(
        b,
        251.0,
        "node23",
        "Lustre: scratch-MDT0000-mdc-ffff9a0b3c8e1000: Connection restored to scratch-MDT0000 (at 10.0.0.5@o2ib)",
    )
    raw_kernel(
        b,
        252.0,
        "node24",
        "Feb 14 05:03:41 node24 kernel: mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link ACTIVE",
    )
    raw_kernel(
        b,
        253.0,
        "node24",
        "[Mon Oct 16 09:50:06 2017] Lustre: 2449:0:(client.c:2141:ptlrpc_expire_one_request()) Skipped 24 previous similar messages",
    )
    raw_kernel(
        b,
        254.0,
        "node23",
        "Mon Jun 25 22:23:36.298 2018: Close connection to 192.168.10.109 c5n109. Attempting reconnect.",
    )
    raw_kernel(b, 256.0, "node23", "Mon Jun 25 22:23:38.722 2018: Recovered 1 nodes.")
    b.write(
        "real-healthy-noise",
        "A healthy job among routine lines of the same stacks: IB port/GID events, filesystem recoveries, a finished checkpoint.",
        CLUSTER,
        [job("5501", "node[23-24]")],
        {"fault": None, "expected": {"drain": [], "requeue": {}, "no_requeue": ["5501"], "no_drain": nodes}},
    )


def gpfs_lost_membership_two_jobs() -> None:
    """IBM's own GPFS log examples on two jobs' nodes: reconnects, then lost membership; the jobs stall."""
    b = Builder(108)
    a, c = ["node13", "node14"], ["node15", "node16"]
    b.progress("5601", "megatron", 5, 300, 6.0)
    b.progress("5602", "titan", 5, 304, 5.0)
    b.gpus(a + c, 0, 520, 15.0)
    for k, n in enumerate(a + c):
        t = 296.0 + k * 1.5
        raw_kernel(
            b,
            t,
            n,
            "Mon Jun 25 16:11:16 2018: Close connection to 89.116.94.81 k155n01. Attempting reconnect.",
        )
        raw_kernel(
            b,
            t + 0.4,
            n,
            f"{n}: [N] Disk lease period expired 0.010 seconds ago in cluster remote.cluster. "
            "Attempting to reacquire the lease.",
        )
        raw_kernel(
            b,
            t + 5.0,
            n,
            "Mon Jun 25 16:11:21 2018: Lost membership in cluster remote.cluster. Unmounting file systems.",
        )
    b.write(
        "real-gpfs-lost-membership-two-jobs",
        "GPFS (IBM Storage Scale) loses the remote cluster: two jobs on disjoint nodes stall; IBM's documented log lines.",
        CLUSTER,
        [job("5601", "node[13-14]"), job("5602", "node[15-16]")],
        {
            "fault": {"t": 301.0, "category": "infrastructure", "node": None},
            "expected": {"drain": [], "requeue": {}, "no_requeue": ["5601", "5602"], "no_drain": a + c},
        },
    )


def healthy_trainer_saves() -> None:
    """Saves longer than five step intervals, in the wording torchtitan (main) and DeepSpeed print."""
    b = Builder(109)
    titan_nodes, ds_nodes = ["node25", "node26"], ["node27", "node28"]
    t, step = 5.0, 100
    while t < 700:
        b.log(
            t,
            "5701",
            f"[rank0]:[titan] 2026-08-21 10:00:00,000 - root - INFO - step: {step}  loss:  2.1000  "
            "grad_norm:  0.4100  memory: 60.12GiB(75.02%)  tps: 3,406  tflops: 350.10  mfu: 35.40%",
        )
        t, step = t + 6.0, step + 1
        if 300.0 <= t < 306.0:
            b.log(
                t, "5701", "[rank0]:[titan] 2026-08-21 10:05:00,000 - root - INFO - Staging the checkpoint."
            )
            b.log(
                t + 95.0,
                "5701",
                "[rank0]:[titan] 2026-08-21 10:06:35,000 - root - INFO - "
                "Finished staging the checkpoint in 95.00 seconds.",
            )
            t += 96.0
    t, step = 5.0, 1000
    while t < 700:
        b.log(
            t,
            "5702",
            f"0: [2025-01-01 10:00:00,000] [INFO] [logging.py:128:log_dist] [Rank 0] step={step}, "
            "skipped=0, lr=[2.9e-05], mom=[(0.9, 0.999)]",
        )
        t, step = t + 8.0, step + 10
        if 400.0 <= t < 408.0:
            b.log(
                t,
                "5702",
                "0: [2025-01-01 10:06:40,000] [INFO] [logging.py:128:log_dist] [Rank 0] "
                f"[Torch] Checkpoint global_step{step} is about to be saved!",
            )
            b.log(
                t + 120.0,
                "5702",
                "0: [2025-01-01 10:08:40,000] [INFO] [torch_checkpoint_engine.py:33:commit] "
                f"[Torch] Checkpoint global_step{step} is ready now!",
            )
            t += 121.0
    b.gpus(titan_nodes + ds_nodes, 0, 700, 15.0)
    b.write(
        "real-healthy-trainer-saves",
        "No hang: a torchtitan staging save of 95 s and a DeepSpeed save of 120 s, each longer than 5 step intervals.",
        CLUSTER,
        [job("5701", "node[25-26]"), job("5702", "node[27-28]")],
        {
            "fault": None,
            "expected": {
                "drain": [],
                "requeue": {},
                "no_requeue": ["5701", "5702"],
                "no_drain": titan_nodes + ds_nodes,
            },
        },
    )


def main() -> None:
    ib_with_error_nccl218()
    socket_peer_first()
    lustre_kernel_two_jobs()
    heartbeat_hang()
    checkpoint_timeout()
    offbus_multiline()
    healthy_noise()
    gpfs_lost_membership_two_jobs()
    healthy_trainer_saves()


if __name__ == "__main__":
    main()
