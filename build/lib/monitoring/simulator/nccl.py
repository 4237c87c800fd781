"""NCCL, c10d and srun lines: how a distributed step starts, hangs and is torn down.

Formats are copied from recorded jobs (PyTorch 2.4 / NCCL 2.21.5): the ``host:pid:tid
[dev]`` NCCL prefix, the watchdog's ``ProcessGroupNCCL.cpp:632`` timeout report and its
C++ frames, the ``NET/IB : Got completion from peer <ip>`` error that names the peer a
rank lost, and srun's task-range summaries.
"""

from __future__ import annotations

from monitoring.detectors.hostlist import compress
from monitoring.simulator.model import Job
from monitoring.simulator.workload import label, ts_glog, ts_iso

NCCL_VERSION = "2.21.5"
HCAS = ("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11")
_LIBC10 = "/usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so"
_LIBCUDA = "/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so"
_LIBTORCH = "/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch.so"
_LIBC = "/lib/x86_64-linux-gnu/libc.so.6"


def rank_line(job: Job, rank: int, text: str) -> str:
    return label(job, rank) + text


def pid_of(job: Job, node_idx: int, local: int) -> int:
    base = job.pids[node_idx] if node_idx < len(job.pids) else 1_000_000 + node_idx * 7919
    return base + local + (1 if local >= 4 else 0)


def startup_lines(job: Job, rank: int, host: str, ip: str, bus: str, comm: int, comm_id: int) -> list[str]:
    """One rank's NCCL INFO start-up chatter, including the host/IP mapping (Bootstrap)."""
    node_idx, local = divmod(rank, job.tasks_per_node)
    pid = pid_of(job, node_idx, local)
    p = f"{host}:{pid}:{pid} [{local}] NCCL INFO "
    bus_id = bus.split(":")[1].lower() + "000" if ":" in bus else "0"
    hcas = " ".join(f"[{i}]{h}:1/IB" for i, h in enumerate(HCAS))
    lines = [
        p + "cudaDriverVersion 12400",
        p + f"Bootstrap : Using ib0:{ip}<0>",
        p + f"NET/IB : Using {hcas} ; OOB ib0:{ip}<0>",
        p + "Using network IB",
        p + f"ncclCommInitRank comm 0x{comm:012x} rank {rank} nranks {job.world} cudaDev {local}"
        f" nvmlDev {local} busId {bus_id} commId 0x{comm_id:016x} - Init START",
    ]
    if rank == 0:
        lines.append(p + f"NCCL version {NCCL_VERSION}+cuda12.4")
    return [rank_line(job, rank, x) for x in lines]


def _frames(addr: int, watchdog: bool) -> list[str]:
    a = f"0x{addr:x}"
    first = f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 ({a}1b6 in {_LIBC10})"
    if watchdog:
        mid = [
            "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long,"
            f" std::ratio<1l, 1000l> > >) + 0x2b4 ({a}ec74 in {_LIBCUDA})",
            f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x890 ({a}07d0 in {_LIBCUDA})",
            f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d ({a}16ed in {_LIBCUDA})",
        ]
    else:
        mid = [
            "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&)"
            f" + 0x220 ({a}f8c0 in {_LIBCUDA})",
            f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c ({a}fb3c in {_LIBCUDA})",
            f"frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 ({a}0153 in {_LIBCUDA})",
            f"frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d ({a}16ed in {_LIBCUDA})",
        ]
    n = len(mid) + 1
    tail = [
        f"frame #{n}: <unknown function> + 0x145c0 ({a}25c0 in {_LIBTORCH})",
        f"frame #{n + 1}: <unknown function> + 0x94ac3 ({a}4ac3 in {_LIBC})",
        f"frame #{n + 2}: <unknown function> + 0x126850 ({a}6850 in {_LIBC})",
    ]
    return [first] + mid + tail + [""]


def watchdog_timeout_lines(
    job: Job, rank: int, t: float, seq: int, op: str, numel: int, timeout_ms: int, ran_ms: int, addr: int
) -> list[str]:
    """The c10d watchdog's report when a collective never completes (the rank then aborts)."""
    pg = f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}]"
    work = (
        f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op},"
        f" NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds"
        " before timing out."
    )

    def pr(i: int) -> str:
        return f"[rank{rank}]:[{ts_glog(t + i * 0.00004)} ProcessGroupNCCL.cpp:"

    lines = [
        f"{pr(0)}632] {work}",
        f"{pr(1)}1515] {pg} Exception (either an error or timeout) detected by watchdog at work: {seq},"
        f" last enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.",
        f"{pr(2)}621] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature"
        " of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        f"{pr(3)}627] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
        f"{pr(4)}1664] {pg} Process group watchdog thread terminated with exception: {work}",
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:634"
        " (most recent call first):",
        *_frames(addr, True),
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  {pg} Process group watchdog thread terminated with exception: {work}",
        "Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1668"
        " (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x{addr + 0x5000:x}1b6 in {_LIBC10})",
        f"frame #1: <unknown function> + 0xe5c6fc (0x{addr + 0x5000:x}c6fc in {_LIBCUDA})",
        "",
    ]
    return [rank_line(job, rank, x) for x in lines]


def ib_completion_error(local_ip: str, peer_ip: str, port: int, hca: str, recv: bool = True) -> str:
    op, way = ("129", "Recv") if recv else ("0", "Send")
    return (
        f"NET/IB : Got completion from peer {peer_ip}<{port}> with status=12 opcode={op} len=0 vendor err 129"
        f" ({way}) localGid ::ffff:{local_ip} remoteGids::ffff:{peer_ip} hca {hca}"
    )


def ib_warn_lines(job: Job, rank: int, host: str, pid: int, tid: int, err: str) -> list[str]:
    """The proxy thread's NCCL WARN for a failed IB completion, and the error unwinding."""
    local = rank % job.tasks_per_node
    p = f"{host}:{pid}:{tid} [{local}] "
    lines = [
        p + f"transport/net_ib.cc:1696 NCCL WARN {err}",
        p + "NCCL INFO transport/net.cc:1298 -> 6",
        p + "NCCL INFO proxy.cc:694 -> 6",
        p + "NCCL INFO proxy.cc:874 -> 6 [Progress Thread]",
    ]
    return [rank_line(job, rank, x) for x in lines]


def port_error_line(job: Job, rank: int, host: str, pid: int, tid: int, hca: str) -> str:
    local = rank % job.tasks_per_node
    return rank_line(
        job,
        rank,
        f"{host}:{pid}:{tid} [{local}] transport/net_ib.cc:97 NCCL WARN NET/IB : {hca}:1 Got async event : port error",
    )


def remote_error_lines(job: Job, rank: int, t: float, err: str, addr: int) -> list[str]:
    """c10d's report when NCCL returns ncclRemoteError (a peer or the network went away)."""
    pg = f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}]"
    msg = (
        f"{pg} Process group watchdog thread terminated with exception: NCCL error: remote process exited or"
        f" there was a network error, NCCL version {NCCL_VERSION}"
    )
    body = [
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        err,
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1976"
        " (most recent call first):",
        *_frames(addr, False),
    ]
    lines = [f"[rank{rank}]:[{ts_glog(t)} ProcessGroupNCCL.cpp:1664] {msg}", *body]
    lines += ["terminate called after throwing an instance of 'c10::DistBackendError'", f"  what():  {msg}"]
    return [rank_line(job, rank, x) for x in lines]


def task_ranges(ranks: list[int]) -> str:
    """``0-5,7`` as srun summarises task ids."""
    if not ranks:
        return ""
    text = compress([f"t{r:09d}" for r in sorted(ranks)])
    if text.startswith("t["):
        text = text[2:-1]
    else:
        text = text[1:]
    return ",".join("-".join(str(int(x)) for x in part.split("-")) for part in text.split(","))


def srun_task_error(node: str, ranks: list[int], status: str) -> str:
    word = "task" if len(ranks) == 1 else "tasks"
    return f"srun: error: {node}: {word} {task_ranges(ranks)}: {status}"


def step_cancelled(job: Job, t: float, why: str = "") -> str:
    suffix = f" {why}" if why else ""
    return f"slurmstepd: error: *** STEP {job.id}.0 ON {job.nodes[0]} CANCELLED AT {ts_iso(t)}{suffix} ***"


def job_cancelled(job: Job, t: float, why: str = "") -> str:
    suffix = f" {why}" if why else ""
    return f"slurmstepd: error: *** JOB {job.id} ON {job.nodes[0]} CANCELLED AT {ts_iso(t)}{suffix} ***"
