"""Job-log and kernel-log patterns, on lines as real stacks write them."""

from __future__ import annotations

from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from monitoring.detectors.xid import gpu_index_map

PCI = gpu_index_map(
    [
        "0000:18:00",
        "0000:2a:00",
        "0000:3a:00",
        "0000:5d:00",
        "0000:9a:00",
        "0000:ab:00",
        "0000:ba:00",
        "0000:db:00",
    ]
)
WATCHDOG = (
    "10: [rank10]:[E1129 10:18:06.343573737 ProcessGroupNCCL.cpp:632] [Rank 10] Watchdog caught collective "
    "operation timeout: WorkNCCL(SeqNum=48213, OpType=ALLREDUCE, NumelIn=262144, NumelOut=262144, "
    "Timeout(ms)=600000) ran for 600091 milliseconds before timing out."
)


def test_it_reads_a_watchdog_timeout_with_rank_and_seqnum() -> None:
    info = logs.parse_joblog(WATCHDOG)
    assert info is not None and info.kind == Kind.NCCL_TIMEOUT
    assert info.rank == 10 and info.data == {"seq": 48213, "op": "ALLREDUCE"}


def test_it_reads_a_watchdog_timeout_without_srun_label() -> None:
    info = logs.parse_joblog(
        WATCHDOG.split(": ", 1)[1].replace("rank10", "rank3").replace("Rank 10", "Rank 3")
    )
    assert info is not None and info.rank == 3


def test_it_reads_the_last_completed_work() -> None:
    line = (
        "12: [rank12]:[E1129 10:18:06.43 ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank 12] "
        "Exception (either an error or timeout) detected by watchdog at work: 48213, last enqueued NCCL work: "
        "48213, last completed NCCL work: 48212."
    )
    info = logs.parse_joblog(line)
    # and the process group whose numbering the counters are in (PyTorch 2.4+'s "[PG ID 0 ...]"; stop 67)
    assert info is not None and info.kind == logs.NCCL_WORK
    assert info.data == {"seq": 48213, "completed": 48212, "pg": 0}


def test_it_reads_ib_completion_errors_with_both_ips() -> None:
    line = (
        "19: gpu-a-007:2648229:2648339 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer "
        "10.42.3.79<42018> with status=12 opcode=129 len=0 vendor err 129 (Recv) localGid ::ffff:10.42.3.40 "
        "remoteGids::ffff:10.42.3.79 hca mlx5_5"
    )
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.IB_BLAME
    assert (
        info.host == "gpu-a-007"
        and info.data["peer"] == "10.42.3.79"
        and info.data["local_ip"] == "10.42.3.40"
    )


def test_a_port_error_async_event_blames_the_reporting_host() -> None:
    line = "gpu-a-015:1222228:1222322 [6] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_10:1 Got async event : port error"
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.IB_PORT_ERROR and info.host == "gpu-a-015"


def test_a_gid_table_change_is_routine() -> None:
    line = " 9: gpu-a-010:3177328:3177517 [1] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_3:1 Got async event : GID table change"
    assert logs.parse_joblog(line) is None


def test_bootstrap_lines_map_hosts_to_ips() -> None:
    info = logs.parse_joblog(
        "25: gpu-a-008:2141344:2141344 [1] NCCL INFO Bootstrap : Using ib0:10.42.3.197<0>"
    )
    assert (
        info is not None
        and info.kind == logs.IP_MAP
        and info.host == "gpu-a-008"
        and info.data["ip"] == "10.42.3.197"
    )
    oob = "gpu-a-013:1:1 [2] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB ; OOB ib0:10.42.3.204<0>"
    info = logs.parse_joblog(oob)
    assert info is not None and info.data["ip"] == "10.42.3.204"


def test_nccl_info_chatter_is_ignored() -> None:
    assert (
        logs.parse_joblog(
            "13: gpu-a-010:3177332:3177332 [5] NCCL INFO Channel 15/0 : 13 -> 14 [send] via NET/IB/6/GDRDMA"
        )
        is None
    )


def test_python_exceptions_are_classified() -> None:
    key = logs.parse_joblog("[rank4]: KeyError: 'attention_mask'")
    assert (
        key is not None and key.kind == Kind.EXCEPTION and key.rank == 4 and key.data["etype"] == "KeyError"
    )
    oom = logs.parse_joblog(
        "32: [rank32]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB."
    )
    assert oom is not None and oom.kind == Kind.CUDA_OOM
    ecc = logs.parse_joblog("[rank13]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
    assert ecc is not None and ecc.kind == Kind.GPU_ECC and ecc.rank == 13
    fs = logs.parse_joblog(
        " 7: [rank7]: OSError: [Errno 5] Input/output error: '/lustre/data/shard_00386.bin'"
    )
    assert fs is not None and fs.kind == Kind.FS_ERROR
    stale = logs.parse_joblog(
        "[rank0]: OSError: [Errno 116] Stale file handle: '/lustre/ckpt/x-step=5100.ckpt'"
    )
    assert stale is not None and stale.kind == Kind.FS_ERROR


def test_cascade_exceptions_are_not_blamed_on_the_application() -> None:
    assert (
        logs.parse_joblog(" 7: terminate called after throwing an instance of 'c10::DistBackendError'")
        is None
    )
    assert logs.parse_joblog("[rank3]: RuntimeError: NCCL communicator was aborted on rank 3.") is None


def test_srun_lines() -> None:
    nf = logs.parse_joblog("srun: error: Node failure on gpu-a-012")
    assert nf is not None and nf.kind == Kind.NODE_FAILURE_LINE and nf.host == "gpu-a-012"
    exit1 = logs.parse_joblog("srun: error: gpu-a-010: task 13: Exited with exit code 1")
    assert exit1 is not None and exit1.kind == Kind.TASK_EXIT and not exit1.data["cascade"]
    killed = logs.parse_joblog("srun: error: gpu-a-003: task 19: Killed")
    assert killed is not None and killed.data["cascade"]


def test_kernel_xid_maps_bus_to_gpu() -> None:
    info = logs.parse_kernel(
        "[Sun Nov 29 10:08:07 2026] NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
        PCI,
    )
    assert info is not None and info.kind == Kind.XID and info.gpu == 3 and info.data["hardware"]
    assert "GPU has fallen off the bus" in info.text


def test_kernel_panic_and_fatal_mce() -> None:
    assert (
        logs.parse_kernel("[x] Kernel panic - not syncing: Fatal machine check", PCI).kind
        == Kind.KERNEL_PANIC
    )  # type: ignore[union-attr]
    mce = logs.parse_kernel(
        "[x] mce: [Hardware Error]: CPU 95: Machine Check Exception: 5 Bank 17: be00000000800400", PCI
    )
    assert mce is not None and mce.kind == Kind.MCE_FATAL


def test_kernel_noise_is_ignored() -> None:
    for line in (
        "[x] EDAC MC7: 1 CE memory read error on CPU_SrcID#1_MC#3_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2f8787)",
        "[x] nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Non-fatal, Link 18 egress non-posted PRIV error (First)",
        "[x] IPv4: martian source 255.255.255.255 from 10.233.87.1, on dev eno1",
        "[x] NVRM: GPU at PCI:0000:5d:00: GPU-a7a94eec-427b-5dbe-4ccd-d94bcc37bb8c",
    ):
        assert logs.parse_kernel(line, PCI) is None


def test_lustre_eviction_is_a_filesystem_error() -> None:
    line = (
        "[Fri Nov 27 04:31:41 2026] LustreError: 167-0: scratch-OST0012-osc-ffffc5bbc9a05190: This client was "
        "evicted by scratch-OST0012; in progress operations using this service will fail."
    )
    info = logs.parse_kernel(line, PCI)
    assert (
        info is not None
        and info.kind == Kind.FS_KERNEL
        and info.text.startswith("filesystem client error: LustreError")
    )


def test_a_50kb_line_is_parsed_on_its_head_only() -> None:
    assert logs.parse_joblog("x" * 50_000 + " RuntimeError: boom") is None
