"""Kernel-log lines (``dmesg -T``): NVRM Xids, machine checks, Lustre, and harmless noise.

A GPU is named only by its PCI bus in these lines, exactly as the driver prints it;
mapping the bus back to a GPU index is the detectors' job (via ``pci_bus_ids``).
"""

from __future__ import annotations

import random

from monitoring.simulator.workload import ts_kernel

XID_TEXT = {
    48: "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition {p},"
    " subpartition 0.",
    63: "Row Remapper: New row (0x{addr:016x}) marked for remapping, reset gpu to activate.",
    64: "Row Remapper: Failed to remap row (0x{addr:016x}) - all spare rows in the bank are in use.",
    74: "NVLink: fatal error detected on link {p}(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
    79: "GPU has fallen off the bus.",
    95: "Uncontained: SM ECC error. Reset required.",
    119: "Timeout after 6s of waiting for RPC response from GPU{p} GSP! Expected function 76 (GSP_RM_CONTROL)"
    " (0x20802a02 0x8).",
}
_UNKNOWN_PROC = "pid='<unknown>', name=<unknown>"


def k(t: float, text: str) -> str:
    return f"{ts_kernel(t)} {text}"


def xid_lines(t: float, bus: str, xid: int, rng: random.Random, pid: int | None = None) -> list[str]:
    """The NVRM banner and the Xid line for one GPU (Xid 79 adds the crash-dump notice)."""
    uuid = "-".join(f"{rng.getrandbits(b * 4):0{b}x}" for b in (8, 4, 4, 4, 12))
    proc = f"pid={pid}, name=python" if pid else _UNKNOWN_PROC
    text = XID_TEXT[xid].format(p=rng.randint(0, 17), addr=rng.getrandbits(40))
    lines = [
        k(t, f"NVRM: GPU at PCI:{bus}: GPU-{uuid}"),
        k(t, f"NVRM: GPU Board Serial Number: {rng.randint(1650000000000, 1659999999999)}"),
        k(t, f"NVRM: Xid (PCI:{bus}): {xid}, {proc}, {text}"),
    ]
    if xid == 79:
        lines += [
            k(t, f"NVRM: GPU {bus}.0: GPU has fallen off the bus."),
            k(t, "NVRM: A GPU crash dump has been created. If possible, please run"),
            k(t, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
            k(t, "NVRM: the NVIDIA kernel module is unloaded."),
        ]
    return lines


def follow_up_xid(t: float, bus: str, xid: int, rng: random.Random) -> str:
    """A second Xid on the same GPU (e.g. 63/64 after a DBE), without the banner."""
    return k(
        t,
        f"NVRM: Xid (PCI:{bus}): {xid}, {_UNKNOWN_PROC}, {XID_TEXT[xid].format(p=0, addr=rng.getrandbits(40))}",
    )


def mce_panic_lines(t: float, rng: random.Random) -> list[str]:
    cpu = rng.randint(0, 111)
    return [
        k(t, f"mce: [Hardware Error]: CPU {cpu}: Machine Check Exception: 5 Bank 17: be00000000800400"),
        k(t, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9c8a1d2f> {native_safe_halt+0xf/0x20}"),
        k(
            t,
            f"mce: [Hardware Error]: TSC {rng.getrandbits(44):x} ADDR {rng.getrandbits(38):x} MISC 20000a8e8c040086",
        ),
        k(
            t,
            f"mce: [Hardware Error]: PROCESSOR 0:806f8 TIME {int(t)} SOCKET 1 APIC {rng.randint(0, 255)} microcode 2b000590",
        ),
        k(t, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
        k(t, "Kernel panic - not syncing: Fatal machine check"),
        k(
            t,
            "Kernel Offset: 0x1b000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
        ),
    ]


OST = "scratch-OST0012"
OSS_NID = "10.40.0.21@o2ib"


def lustre_osc(rng: random.Random) -> str:
    return f"{OST}-osc-ffff{rng.getrandbits(44):011x}"


def lustre_lost(t: float, osc: str) -> str:
    return k(
        t,
        f"Lustre: {osc}: Connection to {OST} (at {OSS_NID}) was lost; in progress operations using this"
        " service will wait for recovery to complete",
    )


def lustre_rpc_failed(t: float, osc: str) -> str:
    return k(t, f"LustreError: 11-0: {osc}: operation ost_read to node {OSS_NID} failed: rc = -107")


def lustre_evicted(t: float, osc: str) -> str:
    return k(
        t,
        f"LustreError: 167-0: {osc}: This client was evicted by {OST}; in progress operations using this"
        " service will fail.",
    )


def noise_line(t: float, rng: random.Random) -> str:
    """A harmless line of the kind every real node logs now and then."""
    choice = rng.randrange(5)
    if choice == 0:
        return k(
            t,
            f"IPv4: martian source 255.255.255.255 from 10.{rng.randint(1, 250)}.{rng.randint(1, 250)}.1, on dev eno1",
        )
    if choice == 1:
        return k(t, f"hrtimer: interrupt took {rng.randint(30000, 90000)} ns")
    if choice == 2:
        a = rng.randint(2500, 3800)
        return k(
            t,
            f"perf: interrupt took too long ({a} > {a - rng.randint(20, 60)}), lowering"
            f" kernel.perf_event_max_sample_rate to {rng.choice((39750, 50750, 63750, 79750))}",
        )
    if choice == 3:
        return k(
            t,
            f"nvidia-nvswitch{rng.randint(0, 3)}: SXid (PCI:0000:0{rng.randint(5, 8)}:00.0): 12028,"
            f" Non-fatal, Link {rng.randint(0, 63)} egress non-posted PRIV error (First)",
        )
    mc = rng.randint(0, 7)
    return k(
        t,
        f"EDAC MC{mc}: 1 CE memory read error on CPU_SrcID#{mc // 4}_MC#{mc % 4}_Chan#0_DIMM#0"
        f" (channel:0 slot:0 page:0x{rng.getrandbits(22):x} offset:0x{rng.randrange(0, 4096, 64):x}"
        " grain:32 syndrome:0x0 - err_code:0x0000:0x009f)",
    )
