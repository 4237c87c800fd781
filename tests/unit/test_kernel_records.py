"""Kernel records read from the kernel's own printk formats (monitoring/detectors/kernel_records.py).

Every line here is written from the format string that prints it (the source file is named
beside each), filled with made-up values: none was copied from a captured log.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.kernel import strip_prefix
from monitoring.detectors.kernel_records import UNDERSTOOD, KernelRecordReader, Record, mce_status
from monitoring.detectors.schema import Kind

GPUS = {"0000:3b:00": 2}


def _gpu(pci: str) -> int | None:
    return GPUS.get(pci)


def _read(lines: list[str], t0: float = 100.0, node: str = "n1") -> list[Record]:
    reader = KernelRecordReader()
    out = []
    for i, line in enumerate(lines):
        rec = reader.feed(node, t0 + i * 0.001, line, _gpu)
        if rec is not None and rec is not UNDERSTOOD:
            out.append(rec)
    return out


def test_a_gpf_record_is_joined_and_names_the_module_its_rip_is_in() -> None:
    # arch/x86/kernel/dumpstack.c __die_header "%s: %04lx [#%d]%s%s%s%s%s"; show_ip "RIP: %04x:%pS"
    recs = _read(
        [
            "[ 8812.004411] general protection fault, probably for non-canonical address "
            "0xdead000000000122: 0000 [#1] SMP NOPTI",
            "[ 8812.004420] CPU: 17 PID: 40211 Comm: python Tainted: P           OE     5.15.0-91-generic #101",
            "[ 8812.004425] RIP: 0010:_nv012345rm+0x1d/0x60 [nvidia]",
        ]
    )
    assert [r.kind for r in recs] == [Kind.KERNEL_OOPS, Kind.KERNEL_OOPS]
    assert recs[0].data["module"] is None and recs[1].data["module"] == "nvidia"
    assert "general protection fault" in recs[1].text and "[nvidia]" in recs[1].text


def test_a_null_dereference_and_its_oops_line_are_one_record_in_the_core_kernel() -> None:
    # arch/x86/mm/fault.c "BUG: kernel NULL pointer dereference, address: %px" then __die_header "Oops"
    recs = _read(
        [
            "kernel: BUG: kernel NULL pointer dereference, address: 0000000000000008",
            "kernel: #PF: supervisor read access in kernel mode",
            "kernel: Oops: 0000 [#1] PREEMPT SMP NOPTI",
            "kernel: RIP: 0010:list_del+0x4/0x20",
        ]
    )
    assert [r.kind for r in recs] == [Kind.KERNEL_OOPS, Kind.KERNEL_OOPS]
    assert recs[1].data["module"] is None and "(core kernel)" in recs[1].text


def test_lockups_hard_and_soft_are_told_apart() -> None:
    # kernel/watchdog_perf.c "Watchdog detected hard LOCKUP on cpu %d"; kernel/watchdog.c soft lockup
    hard = _read(["[  99.1] NMI watchdog: Watchdog detected hard LOCKUP on cpu 12"])
    soft = _read(["[  99.1] watchdog: BUG: soft lockup - CPU#3 stuck for 23s! [pt_main_thread:5501]"])
    assert hard[0].kind == soft[0].kind == Kind.CPU_LOCKUP
    assert hard[0].data["hard"] is True and soft[0].data["hard"] is False
    assert soft[0].data["stuck_s"] == 23


def test_a_hung_task_blocked_in_a_network_filesystem_names_it() -> None:
    # kernel/hung_task.c "INFO: task %s:%d blocked for more than %ld seconds." then the task's stack
    recs = _read(
        [
            "Mar 05 10:11:12 n1 kernel: INFO: task python:7781 blocked for more than 122 seconds.",
            'Mar 05 10:11:12 n1 kernel: "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
            "Mar 05 10:11:12 n1 kernel: Call Trace:",
            "Mar 05 10:11:12 n1 kernel:  __schedule+0x2b1/0x8a0",
            "Mar 05 10:11:12 n1 kernel:  rpc_wait_bit_killable+0x1e/0xa0 [sunrpc]",
            "Mar 05 10:11:12 n1 kernel:  nfs_file_fsync+0x40/0x1c0 [nfs]",
        ]
    )
    assert [r.kind for r in recs] == [Kind.HUNG_TASK, Kind.HUNG_TASK]
    assert recs[0].data["fs"] is None and recs[1].data["fs"] == "sunrpc"


def test_a_hung_task_in_local_code_names_no_filesystem() -> None:
    recs = _read(
        ["[ 5.0] INFO: task kworker/3:1:77 blocked for more than 120 seconds.", "[ 5.0]  schedule+0x4/0x9"]
    )
    assert [r.data["fs"] for r in recs] == [None]


def test_machine_check_status_bits_decide_fatal_uncorrected_or_corrected() -> None:
    # IA32_MCi_STATUS: 63 VAL, 61 UC, 57 PCC
    assert mce_status("be00000000800400") == "fatal"  # VAL UC EN PCC
    assert mce_status("bd80000000100134") == "uncorrected"  # VAL UC EN, no PCC (SRAR)
    assert mce_status("8c00004000010090") == "corrected"
    # arch/x86/kernel/cpu/mce/core.c print_mce "CPU %d: Machine Check%s: %Lx Bank %d: %016Lx"
    fatal = _read(["mce: [Hardware Error]: CPU 4: Machine Check Exception: 5 Bank 1: be00000000800400"])
    assert fatal[0].kind == Kind.MCE_FATAL
    corrected = KernelRecordReader().feed(
        "n1", 1.0, "mce: [Hardware Error]: CPU 4: Machine Check: 0 Bank 7: 8c00004000010090", _gpu
    )
    assert corrected is UNDERSTOOD  # routine: read, nothing raised


def test_edac_and_ghes_severities() -> None:
    # drivers/edac/edac_mc.c "%d %s error(s) ..." with CE/UE; drivers/firmware/efi/cper.c severity
    ue = _read(["EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0)"])
    assert ue[0].kind == Kind.HOST_MEM_UE
    ce = KernelRecordReader().feed("n1", 1.0, "EDAC MC1: 3 CE memory read error on DIMM_B1 (channel:1)", _gpu)
    # read with its count, for the storm watch (monitoring.detectors.ce_storm), never raised alone
    assert ce is not None and ce is not UNDERSTOOD and (ce.kind, ce.data["count"]) == (Kind.HOST_MEM_CE, 3)
    fatal = _read(["{2}[Hardware Error]: event severity: fatal"])
    assert fatal[0].kind == Kind.MCE_FATAL


def test_a_fatal_aer_record_names_the_gpu_from_the_device_line_or_its_vendor() -> None:
    # drivers/pci/pcie/aer.c: the port's "error received", the device's "PCIe Bus Error", "device [%04x:%04x]"
    by_driver = _read(
        [
            "[  +0.000002] pcieport 0000:3a:00.0: AER: Uncorrected (Fatal) error received: 0000:3b:00.0",
            "[  +0.000001] nvidia 0000:3b:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), "
            "type=Inaccessible, (Unregistered Agent ID)",
            "[  +0.000001] nvidia 0000:3b:00.0: AER:   device [10de:2330] error status/mask=00000020/00000000",
        ]
    )
    assert [(r.kind, r.gpu) for r in by_driver] == [(Kind.PCIE_FATAL, 2)]
    by_vendor = _read(
        [
            "pcieport 0000:80:01.0: AER: Uncorrectable (Fatal) error message received from 0000:81:00.0",
            "0000:81:00.0: PCIe Bus Error: severity=Uncorrectable (Fatal), type=Transaction Layer",
            "0000:81:00.0:   device [10de:20b5] error status/mask=00004000/00000000",
        ]
    )
    assert [(r.kind, r.data["pci"]) for r in by_vendor] == [(Kind.PCIE_FATAL, "0000:81:00")]


def test_an_old_kernels_requester_id_is_decoded_and_a_nic_is_no_gpu() -> None:
    # before 4.19: "AER: %s%s error received: id=%04x" (bus << 8 | devfn), in the port's domain
    old = _read(["pcieport 0000:3a:00.0: AER: Uncorrected (Fatal) error received: id=3b00"])
    assert [(r.kind, r.gpu) for r in old] == [(Kind.PCIE_FATAL, 2)]
    nic = _read(
        [
            "pcieport 0000:5c:00.0: AER: Uncorrected (Fatal) error received: 0000:5d:00.0",
            "mlx5_core 0000:5d:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer",
            "mlx5_core 0000:5d:00.0: AER:   device [15b3:101b] error status/mask=00040000/00000000",
        ]
    )
    assert [(r.kind, r.gpu, r.data["pci"]) for r in nic] == [(Kind.IB_PORT_ERROR, None, "0000:5d:00")]


def test_an_nvidia_root_port_is_no_gpu_and_the_adapter_behind_it_is_named() -> None:
    # holdout19 (blind): a DGX Spark's GB10 root port (vendor 10de) reports a fatal error; the device behind
    # it is its ConnectX-7, whose driver speaks next (mlx5_core mlx5_pci_err_detected). Not a GPU: the NIC.
    recs = _read(
        [
            "pcieport 0000:00:00.0: AER: Uncorrectable (Fatal) error message received from 0000:00:00.0",
            "pcieport 0000:00:00.0: PCIe Bus Error: severity=Uncorrectable (Fatal), type=Transaction Layer, "
            "(Receiver ID)",
            "pcieport 0000:00:00.0:   device [10de:22ce] error status/mask=00040000/00180000",
            "pcieport 0000:00:00.0:    [18] MalfTLP                (First)",
            "mlx5_core 0000:01:00.0: mlx5_pci_err_detected Device state = 1 health sensors: 1 pci_status: 1. "
            "Enter, pci channel state = 3",
        ]
    )
    assert [(r.kind, r.data["pci"]) for r in recs] == [(Kind.IB_PORT_ERROR, "0000:01:00")]
    # the same port lines with a GPU's driver behind it: that GPU
    gpu = _read(
        [
            "pcieport 0000:00:00.0: AER: Uncorrectable (Fatal) error message received from 0000:00:00.0",
            "pcieport 0000:00:00.0:   device [10de:22ce] error status/mask=00040000/00180000",
            "nvidia 0000:3b:00.0: AER: can't recover (no error_detected callback)",
        ]
    )
    assert [(r.kind, r.gpu) for r in gpu] == [(Kind.PCIE_FATAL, 2)]


def test_non_fatal_aer_is_read_and_not_reported() -> None:
    line = "pcieport 0000:3a:00.0: AER: Corrected error received: 0000:3b:00.0"
    assert KernelRecordReader().feed("n1", 1.0, line, _gpu) is UNDERSTOOD


def test_util_linux_relative_and_delta_prefixes_are_stripped() -> None:
    # util-linux dmesg: -e/-H "[Mar  5 10:11]" then "[  +0.000123]"; -d "[ 1843.308145 <    0.000123>]"
    assert strip_prefix("[Mar  5 10:11] nvidia: loaded") == "nvidia: loaded"
    assert strip_prefix("[  +0.000123] pcieport 0000:00:01.0: x") == "pcieport 0000:00:01.0: x"
    assert strip_prefix("[ 1843.308145 <    0.000123>] EDAC MC0: y") == "EDAC MC0: y"


def test_a_record_older_than_its_window_takes_no_more_lines() -> None:
    reader = KernelRecordReader()
    reader.feed("n1", 10.0, "general protection fault: 0000 [#1] SMP", _gpu)
    late = reader.feed("n1", 20.0, "RIP: 0010:foo+0x1/0x2 [nvidia]", _gpu)
    assert late is None


@given(st.lists(st.tuples(st.floats(0, 10, allow_nan=False), st.text(max_size=300)), max_size=30))
@settings(max_examples=200, deadline=None)
def test_any_kernel_text_is_read_without_error(lines: list[tuple[float, str]]) -> None:
    reader = KernelRecordReader()
    t = 0.0
    for dt, line in lines:
        t += dt
        for prefix in ("", "[ 12.5] ", "Mar 05 10:11:12 n1 kernel: "):
            rec = reader.feed("n1", t, prefix + line, _gpu)
            assert rec is None or isinstance(rec, Record)
