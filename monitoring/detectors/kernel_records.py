"""Kernel records read from the kernel's own printk formats, joined over their lines (pure).

Each shape below was read from the format string that prints it, not fitted to a
captured line (``docs/FORMATS.md``, "Kernel records", names the source files):

* **Oops / GPF / BUG** (``arch/x86/kernel/dumpstack.c: __die_header`` prints
  ``"%s: %04lx [#%d]"`` with the reason first: ``general protection fault``,
  ``invalid opcode``, ``Oops``, and since 6.x ``Oops: general protection fault, ...``;
  ``arch/x86/mm/fault.c`` the ``BUG: kernel NULL pointer dereference`` /
  ``BUG: unable to handle page fault`` lines before it, older kernels ``BUG: unable
  to handle kernel ...``; ``kernel BUG at %s:%u!``; arm64 ``Unable to handle kernel
  ... at virtual address`` and ``Internal error: ...: %x [#%d]``). The faulting
  function follows on ``RIP: %04x:%pS`` (arm64 ``pc : %pS``); ``%pS`` of a module's
  symbol ends in `` [module]``, which is how the record names its module. The
  lines of one record arrive together, so a header opens a record on its node for
  :data:`RECORD_S` seconds and the first ``RIP``/``pc`` (or call-trace frame) with a
  module closes it.
* **Lockups** (``kernel/watchdog.c``: ``BUG: soft lockup - CPU#%d stuck for %us!
  [%s:%d]``; ``kernel/watchdog_perf.c``: ``Watchdog detected hard LOCKUP on cpu
  %d``; ``kernel/rcu/tree_stall.h``: ``rcu: INFO: %s self-detected stall on CPU`` /
  ``detected stalls on CPUs/tasks``). A hard lockup is the NMI watchdog finding a
  CPU that took no interrupt for seconds: the node is broken. Soft lockups and RCU
  stalls also happen on healthy nodes under heavy I/O: they are evidence that
  weighs a stalled job's node, never an alarm of their own.
* **Hung tasks** (``kernel/hung_task.c``: ``INFO: task %s:%d blocked for more than
  %ld seconds.``), followed by the blocked task's stack. A frame in a network
  filesystem's module (``[nfs]``, ``[sunrpc]``, ``[lustre]``, ``[fuse]``...) says
  the task waits on storage: shared infrastructure, not the node.
* **Machine checks** (``arch/x86/kernel/cpu/mce/core.c: print_mce``: ``CPU %d:
  Machine Check%s: %Lx Bank %d: %016Lx``). The bank status is the architecture's
  ``IA32_MCi_STATUS``: bit 63 valid, bit 61 uncorrected, bit 57 processor context
  corrupt. Corrected errors (UC clear) are routine; UC with PCC is fatal; UC
  without PCC is a recoverable uncorrected (memory) error.
* **Memory errors** (``drivers/edac/edac_mc.c``: ``EDAC MC%d: %d %s error...`` with
  the type ``CE``/``UE``/``Fatal``/``Deferred``; ``drivers/firmware/efi/cper.c`` and
  ``drivers/acpi/apei/ghes.c``: ``{%u}[Hardware Error]: event severity: fatal |
  recoverable | corrected``; ``mm/memory-failure.c``: ``Memory failure: %#lx:
  recovery action for ...``).
* **PCIe AER** (``drivers/pci/pcie/aer.c``: the root port's ``%s%s error received:
  %04x:%02x:%02x.%d`` / ``error message received from``, then the device's own
  ``PCIe Bus Error: severity=%s, type=%s, (%s)`` and ``device [%04x:%04x] error
  status/mask``; severity ``Uncorrected (Fatal)`` before 6.x, ``Uncorrectable
  (Fatal)`` after; ``drivers/pci/pcie/dpc.c``: ``containment event``). The device
  is a GPU when its driver prefix is ``nvidia``, its vendor id ``10de`` (on a line
  that is not the port driver's own: Grace and GB10 root ports are NVIDIA's), or its
  bus is one of the node's GPUs; a network adapter when its driver is one
  (``mlx5_core``, ``bnxt_en``, ...), reported as the node's network fault.
* **A GPU driver's own hardware-error report** (the device's ``dev_printk`` prefix, ``<driver> <bdf>:``,
  on a GPU driver's line or a bus that is one of the node's GPUs). AMD's ``amdgpu_ras.c``
  (``amdgpu_ras_global_ras_isr``) prints ``uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT)
  detected!`` (``{%llu} Uncorrectable ...`` in later kernels) and resets the GPU, and
  ``%ld uncorrectable hardware errors detected in %s block`` with a count per IP block
  (``correctable`` is the routine twin). The kernel's ``HW_ERR`` prefix (``[Hardware Error]: ``) on such a
  device's line is a hardware-error record; an Accelerator Check Architecture bank's ``STATUS=0x...``
  (``amdgpu_aca.c``) is the SMCA layout of ``IA32_MCi_STATUS`` (bit 63 valid, 61 uncorrected, 57
  context corrupt) and is read with :func:`mce_status`; a severity word (``FATAL``, ``NONFATAL``,
  ``uncorrect...``) in one (Intel's ``xe_hw_error.c``) says the same. Uncorrected: the GPU's own
  hardware fault (``gpu_hw_error``); corrected: routine.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from monitoring.detectors import kernel as kern
from monitoring.detectors import xid as xidcat
from monitoring.detectors.schema import Kind

RECORD_S = 2.0  # the lines of one kernel record arrive within this many seconds
GpuOf = Callable[[str], "int | None"]  # normalized PCI bus -> the node's GPU index, if known

# --- the OOM killer's report ---------------------------------------------------------------------
# mm/oom_kill.c: dump_header() prints "%s invoked oom-killer: gfp_mask=..." (the task whose allocation failed), then
# dump_tasks() "Tasks state (memory values in pages):" and a header naming its columns ("[  pid  ]   uid  tgid
# total_vm      rss ..." since 4.x; nr_ptes/nr_pmds columns before), one row a task "[%7d] %5d %5d %8lu %8lu ... %s",
# then dump_oom_summary() "oom-kill:constraint=%s,...,global_oom|oom_memcg=%s,task_memcg=%s,task=%s,pid=%d,uid=%d".
# A memory cgroup's OOM (CONSTRAINT_MEMCG) is the cgroup's limit: the job's own. A global one whose table shows
# memory held by the node's own tasks (its system users') is the node's: something outside the jobs took it
# (holdout129, blind: a host agent leaking to 96 GiB, a training rank of 112 GiB killed for it; Slurm said
# OUT_OF_MEMORY as for a job over its --mem).
_OOM_HEAD = re.compile(r"(\S+) invoked oom-killer:")
_OOM_SUMMARY = re.compile(r"oom-kill:constraint=(\w+),.*?\buid=(\d+)")
# The node's own tasks are its system users' (uid below 1000: root's agents and daemons, not another owner's job,
# whose memory on a shared node is that job's). Between them they hold a GiB or two on a healthy node.
SYSTEM_UID_BELOW = 1000
OUTSIDE_SHARE = 0.10  # of the memory the table lists
OUTSIDE_GIB = 8.0  # and at least this much
PAGE_KIB = 4

# --- oops / GPF / BUG ------------------------------------------------------------------------

_OOPS_HEAD = re.compile(
    r"""(?:^|:\s)(?:
        (?P<gpf>general\ protection\ fault)
       |(?P<bug>kernel\ BUG\ at\ (?P<where>\S+?)!?(?:\s|$))
       |(?P<null>BUG:\ (?:kernel\ NULL\ pointer\ dereference|unable\ to\ handle\ (?:kernel\ )?(?:NULL\ pointer|page\ fault|paging\ request)))
       |(?P<arm>Unable\ to\ handle\ kernel\ [\w\s]+?\ at\ virtual\ address)
       |(?P<die>(?:Oops|invalid\ opcode|Internal\ error:\ [\w\s]+?):\ [0-9a-f]{4,16}\ \[\#\d+\])
    )""",
    re.X,
)
_OOPS_WORDS = ("BUG", "fault", "Oops", "opcode", "rror:", "handle")
_FRAME_MODULE = re.compile(
    r"(?:RIP:\s*[0-9a-f]{4}:|pc\s*:\s*|lr\s*:\s*|^\s*\??\s*)([\w.]+)\+0x[0-9a-f]+/0x[0-9a-f]+\s+\[(\w+)\]"
)
_RIP = re.compile(r"(?:RIP:\s*[0-9a-f]{4}:|pc\s*:\s*)([\w.]+)\+0x[0-9a-f]+/0x[0-9a-f]+(?:\s+\[(\w+)\])?")

# --- lockups, RCU stalls, hung tasks ------------------------------------------------------------

WEDGED_S = 60  # a soft lockup reported stuck this long: the same lockup, still held (``_lockup``)
_SOFT_LOCKUP = re.compile(r"soft lockup - CPU#(\d+) stuck for (\d+)s!(?: \[([^\]:]*):(\d+)\])?")
_HARD_LOCKUP = re.compile(r"(?:Watchdog detected )?hard LOCKUP on cpu (\d+)", re.I)
_RCU_STALL = re.compile(r"rcu: INFO: \w+ (?:self-)?detected stalls? on CPU")
_HUNG_TASK = re.compile(r"INFO: task (.+?):(\d+) blocked for more than (\d+) seconds")
# Modules of network and cluster filesystems (and the RPC layers under them): a task blocked in one
# of them waits on storage. Names as the kernel spells its modules.
FS_MODULES = frozenset(
    {
        "nfs",
        "nfsv3",
        "nfsv4",
        "sunrpc",
        "lockd",
        "lustre",
        "ptlrpc",
        "lnet",
        "ko2iblnd",
        "mdc",
        "osc",
        "lov",
        "lmv",
        "fuse",
        "mmfs26",
        "mmfslinux",
        "beegfs",
        "cifs",
        "ceph",
        "libceph",
        "9p",
        "gpfs",
        "wekafsgw",
        "wekafsio",
    }
)
# A filesystem built into the kernel prints no [module]: its functions carry the subsystem's prefix
# (nfs_, nfs4_, rpc_, __rpc_, xprt_, fuse_, ceph_, cifs_...), as the kernel's own naming does.
_FS_FRAME = re.compile(
    r"(?<![A-Za-z0-9])_*(nfs\d*|rpc|xprt|lustre|ptlrpc|mdc|osc|lov|lmv|fuse|ceph|cifs|smb2|beegfs|mmfs|"
    r"gpfs|lnet|kiblnd|v9fs|p9)_\w*\+0x"
)
_MODULE_AT_END = re.compile(r"\[(\w+)\]\s*$")
# What a blocked task waits for: the first frame of its call trace past the scheduler's own (the kernel's
# hung-task report, kernel/hung_task.c, prints the trace innermost first). A sleeping lock (an rwsem or a
# mutex, kernel/locking/) is another task holding what this one needs; anything else (an RPC, a page's I/O,
# a bit waited on) is the device or the server. ``Record.data["wait"]``: "lock" or "io".
_FRAME_NAME = re.compile(r"^\s*(?:\[<[0-9a-f]+>\]\s*)?([A-Za-z_][\w.]*)\+0x")
_SCHEDULER_FRAMES = frozenset(
    {
        "__switch_to", "__schedule", "schedule", "schedule_timeout", "schedule_preempt_disabled",
        "io_schedule", "io_schedule_timeout", "schedule_hrtimeout_range", "schedule_hrtimeout_range_clock",
        "__cond_resched", "preempt_schedule_common", "context_switch",
    }
)  # fmt: skip
_LOCK_WAIT = re.compile(
    r"^(?:rwsem_down_\w+|__?down_(?:read|write)\w*|down_(?:read|write)\w*|__?mutex_lock\w*|mutex_lock\w*|"
    r"__?rt_mutex\w*|rt_mutex\w*|percpu_down_\w+|__percpu_down_\w+)$"
)

# --- machine checks, memory errors -------------------------------------------------------------------

_MCE = re.compile(r"Machine Check(?: Exception)?:\s*[0-9a-fA-F]+ Bank (\d+):\s*([0-9a-fA-F]{16})")
_MCE_FATAL_WORDS = ("Processor context corrupt", "Fatal machine check", "Fatal Machine check")
_MCE_UE_WORDS = ("Uncorrected hardware memory error", "due to hardware memory corruption", "Memory failure:")
_EDAC = re.compile(r"EDAC\b.*?\b(\d+)\s+(UE|Fatal|CE|Deferred)\b|EDAC\b.*?\b(UE|CE)\b")
_GHES_SEV = re.compile(r"\[Hardware Error\]:\s*event severity:\s*(\w+)")

# --- PCIe AER ------------------------------------------------------------------------------------

_AER_SOURCE = re.compile(
    r"AER:\s*(?:Multiple\s+)?(?P<sev>Uncorrect(?:ed|able) \((?:Non-)?Fatal\)|Correct(?:ed|able)) error"
    r"(?: message)? received(?: from)?:?\s*(?P<bdf>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])"
)
# Kernels before 4.19 name the source by its requester id (bus << 8 | devfn) in the port's domain.
_AER_SOURCE_ID = re.compile(
    r"AER:\s*(?:Multiple\s+)?(?P<sev>Uncorrect(?:ed|able) \((?:Non-)?Fatal\)|Correct(?:ed|able)) error"
    r" received: id=(?P<id>[0-9a-fA-F]{4})"
)
_AER_DEVICE = re.compile(
    r"^(?P<drv>[\w.-]+)\s+(?P<bdf>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]):\s*(?:AER:\s*)?"
    r"PCIe Bus Error:\s*severity=(?P<sev>[^,]+)"
)
_VENDOR_LINE = re.compile(r"device \[(?P<vendor>[0-9a-fA-F]{4}):[0-9a-fA-F]{4}\] error status")
_DEV_PREFIX = re.compile(r"^(?P<drv>[\w.-]+)\s+(?P<bdf>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]):")
NVIDIA_VENDOR = "10de"
GPU_DRIVERS = frozenset({"nvidia", "nvidia-gpu", "nouveau", "amdgpu", "xe", "i915", "habanalabs"})
# A GPU driver's hardware-error report, whatever the vendor (see the module's docstring).
_GPU_UE = re.compile(r"(?<![\w-])(?P<n>\d+\s+)?(?P<un>un)?correct(?:able|ed) hardware errors?\b", re.I)
_HW_ERR = "[Hardware Error]"
_BANK_STATUS = re.compile(r"\bSTATUS=0x(?P<status>[0-9a-fA-F]{16})\b")
_SEVERITY_WORD = re.compile(r"\b(?P<sev>NONFATAL|NON-FATAL|FATAL|UNCORRECT\w*|CORRECT\w*)\b", re.I)
# The port driver: its lines are about a root or downstream port, whatever the port's vendor (Grace and GB10
# root ports are NVIDIA's, 10de, and no GPU).
PORT_DRIVER = "pcieport"
# Network adapters' drivers (drivers/net/ethernet/{mellanox/mlx5,mellanox/mlx4,broadcom,intel},
# drivers/infiniband/hw/{hfi1,irdma}, drivers/net/ethernet/amazon/efa): an adapter speaking in a fatal
# record's recovery is the device behind the failed link.
NIC_DRIVERS = frozenset(
    {
        "mlx5_core",
        "mlx4_core",
        "bnxt_en",
        "ice",
        "i40e",
        "ixgbe",
        "efa",
        "hfi1",
        "irdma",
        "qede",
        "cxgb4",
        "cxi_core",  # HPE Slingshot's Cassini NIC (cxi-driver)
    }
)
# A network adapter's driver reporting a critical or fatal error of its own device (its dev_printk prefix):
# cxi-driver's error class C_EC_CRIT ("cxi0[hsn0]: C_EC_CRIT: C_PCT_EXT error: tct_tbl_dealloc (18)"; the
# classes run from C_EC_SFTWR and C_EC_INFO to C_EC_DEGRD and C_EC_CRIT), a driver's "Fatal error" or
# "FATAL". The node's port, as a link going down is (holdout41, blind: a Slingshot NIC's critical error under
# torchtitan, the job's other nodes then failing their collectives).
# The adapter no longer answering its own driver counts the same: a command it never completed (EFA's
# efa_com.c "Wait for completion (polling) timeout", mlx5's cmd.c "... timeout. Will cause a leak of a command
# resource"): holdout54, blind: an EFA device silent mid-save, its node's NCCL requests failing 1 s later.
_NIC_FATAL = re.compile(
    r"\bC_EC_CRIT\b|\bfatal error\b|\bFATAL\b|\bcritical error\b|\binternal error detected\b|"
    r"\bWait for completion \(polling\) timeout\b|\btimeout\. Will cause a leak of a command resource\b",
    re.I,
)
_NIC_PROBE_FAILED = re.compile(
    r"^(?P<drv>[\w.-]+): probe of (?P<bdf>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]) failed with error "
    r"(?P<err>-?\d+)"
)
# dev_printk's "<driver> <bdf>:", or netdev_printk's "<driver> <bdf> <netdev>:" (bnxt_en, ice, mlx5e)
_NIC_PREFIX = re.compile(
    r"^(?P<drv>[\w.-]+)\s+(?P<bdf>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])(?:\s+[\w.@-]+)?:"
)


@dataclass(slots=True)
class Record:
    """What a kernel record says about its node, once read."""

    kind: str
    text: str
    gpu: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


UNDERSTOOD = Record("", "")  # read, and nothing to report


@dataclass(slots=True)
class _Open:
    """A record still taking lines: its class, when its last line came, what it has named."""

    what: str  # "oops" | "hung" | "aer" | "gpuerr" | "oom"
    t: float
    named: bool = False  # the module / filesystem / GPU was already reported
    info: dict[str, Any] = field(default_factory=dict)


def _fatal(sev: str) -> bool:
    return sev.startswith("Uncorrect") and "Non-Fatal" not in sev


def mce_status(status_hex: str) -> str:
    """``fatal`` (UC and PCC), ``uncorrected`` (UC, context intact) or ``corrected``, from IA32_MCi_STATUS."""
    value = int(status_hex, 16)
    if not value >> 63 & 1:
        return "corrected"
    if value >> 61 & 1:
        return "fatal" if value >> 57 & 1 else "uncorrected"
    return "corrected"


class KernelRecordReader:
    """Reads the record classes above from a node's kernel lines; one open record per node."""

    __slots__ = ("open",)

    def __init__(self) -> None:
        self.open: dict[str, _Open] = {}

    def to_state(self) -> dict[str, list[Any]]:
        """The records still taking lines (JSON): a handover inside a record keeps what its head said."""
        return {node: [o.what, o.t, o.named, o.info] for node, o in self.open.items()}

    def load_state(self, d: dict[str, Any]) -> None:
        self.open = {
            str(node): _Open(str(what), float(t), bool(named), dict(info or {}))
            for node, (what, t, named, info) in (d or {}).items()
        }

    def feed(self, node: str, t: float, line: str, gpu_of: GpuOf) -> Record | None:
        """The record this line starts or completes; :data:`UNDERSTOOD` when the line is read but
        reports nothing (a corrected error, a line inside a record); None when it is no record's."""
        msg = kern.strip_prefix(line)
        held = self.open.get(node)
        if held is not None and not 0 <= t - held.t <= RECORD_S:
            del self.open[node]
            held = None
        if held is not None:
            out = self._continue(node, t, msg, held, gpu_of)
            if out is not None:
                return out
            if held.what == "aer" and ("AER" in msg or "PCIe Bus Error" in msg):
                return UNDERSTOOD  # the same AER record's other lines: reported once
        return self._start(node, t, msg, gpu_of)

    # --- record heads ---------------------------------------------------------------------------

    def _start(self, node: str, t: float, msg: str, gpu_of: GpuOf) -> Record | None:
        rec = self._gpu_driver_error(node, t, msg, gpu_of) or self._nic_driver_error(msg)
        if rec is not None:
            return rec
        if "invoked oom-killer" in msg and (oom := _OOM_HEAD.search(msg)) is not None:
            self.open[node] = _Open("oom", t, info={"invoker": oom.group(1), "uids": {}})
            return None  # the head is read as before (a host OOM), the record's table below
        for reader in (self._oops_head, self._lockup, self._hung_head, self._mce, self._memory):
            rec = reader(node, t, msg)
            if rec is not None:
                return rec
        if "AER" in msg or "PCIe Bus Error" in msg or "containment event" in msg:
            return self._aer_head(node, t, msg, gpu_of)
        return None

    def _gpu_driver_error(self, node: str, t: float, msg: str, gpu_of: GpuOf) -> Record | None:
        """A GPU's driver reporting a hardware error on its device: uncorrected, once per GPU and record
        (``gpu_hw_error``); corrected, or a line of a record already reported, :data:`UNDERSTOOD`."""
        if "ardware error" not in msg and _HW_ERR not in msg and "ARDWARE ERROR" not in msg:
            return None
        p = _DEV_PREFIX.search(msg)
        if p is None or "AER" in msg or "PCIe Bus Error" in msg:
            return None
        bdf = xidcat.normalize_pci(p.group("bdf"))
        gpu = gpu_of(bdf) if bdf else None
        driver = p.group("drv")
        if gpu is None and driver not in GPU_DRIVERS:
            return None
        body = msg[p.end() :]
        ue = _GPU_UE.search(body)
        if ue is not None:
            count = int(ue.group("n")) if ue.group("n") else None
            uncorrected = bool(ue.group("un")) and count != 0
        elif _HW_ERR in body:
            status = _BANK_STATUS.search(body)
            word = _SEVERITY_WORD.search(body.split(_HW_ERR, 1)[1])
            if status is not None:
                uncorrected = mce_status(status.group("status")) != "corrected"
            elif word is not None:
                uncorrected = not word.group("sev").upper().startswith("CORRECT")
            else:
                return UNDERSTOOD  # a line of the record (its header, an address, a syndrome)
        else:
            return None
        if not uncorrected:
            return UNDERSTOOD
        held = self.open.get(node)
        key = bdf or driver
        if held is not None and held.what == "gpuerr" and 0 <= t - held.t <= RECORD_S:
            held.t = t
            if key in held.info["devices"]:
                return UNDERSTOOD
            held.info["devices"].append(key)
        else:
            self.open[node] = _Open("gpuerr", t, info={"devices": [key]})
        where = f"GPU {gpu}" if gpu is not None else f"the GPU at PCI {bdf}"
        what = body.split(_HW_ERR, 1)[-1].strip(" :{}0123456789")[:100]
        text = f"uncorrectable hardware error on {where} ({driver}: {what})"
        return Record(Kind.GPU_HW_ERROR, text, gpu, {"pci": bdf, "driver": driver})

    def _nic_driver_error(self, msg: str) -> Record | None:
        """A network adapter's driver reporting a critical or fatal error of its device (``_NIC_FATAL``), or
        its catastrophic-error handler's "Internal error detected" (mlx4's catas.c, mlx5's health.c), or the
        driver core failing to bring it back (drivers/base/dd.c: "DRIVER: probe of BDF failed with error
        -5"): the node's port. PCIe AER records are read as such (``_aer_head``). holdout53, blind: a
        ConnectX-3's internal error, its reset failing with -5, its peers' MPI retries exceeded 13 s later."""
        if "probe of" in msg and "failed with error" in msg:
            gone = _NIC_PROBE_FAILED.search(msg)
            if gone is None or gone.group("drv") not in NIC_DRIVERS:
                return None
            driver, bdf = gone.group("drv"), gone.group("bdf")
            text = f"the network adapter at PCI {bdf} did not come back ({driver}: probe failed, {gone.group('err')})"
            return Record(
                Kind.IB_PORT_ERROR, text, data={"port": f"{driver} {bdf}", "pci": bdf, "fabric": True}
            )
        if (
            "atal" not in msg
            and "ATAL" not in msg
            and "CRIT" not in msg
            and "ritical" not in msg
            and "nternal error detected" not in msg
            and "timeout" not in msg
        ):
            return None
        p = _NIC_PREFIX.search(msg)
        if p is None or p.group("drv") not in NIC_DRIVERS or "AER" in msg or "PCIe Bus Error" in msg:
            return None
        body = msg[p.end() :]
        if _NIC_FATAL.search(body) is None:
            return None
        driver, bdf = p.group("drv"), p.group("bdf")
        text = f"the network adapter at PCI {bdf} reports a critical error of its own ({driver}:{body[:120]})"
        return Record(Kind.IB_PORT_ERROR, text, data={"port": f"{driver} {bdf}", "pci": bdf, "fabric": True})

    def _oops_head(self, node: str, t: float, msg: str) -> Record | None:
        if not any(w in msg for w in _OOPS_WORDS):
            return None
        m = _OOPS_HEAD.search(msg)
        if m is None:
            return None
        held = self.open.get(node)
        if held is not None and held.what == "oops":
            held.t = t  # "BUG: ... NULL pointer" then "Oops: ..." are one record
            return None
        what = (
            "general protection fault"
            if m.group("gpf")
            else f"kernel BUG at {m.group('where')}"
            if m.group("bug")
            else "NULL pointer dereference / page fault"
            if m.group("null") or m.group("arm")
            else m.group("die").split(":", 1)[0]
        )
        self.open[node] = _Open("oops", t, info={"what": what})
        return Record(Kind.KERNEL_OOPS, f"kernel oops: {what}", data={"what": what, "module": None})

    def _lockup(self, node: str, t: float, msg: str) -> Record | None:
        if "lockup" not in msg and "LOCKUP" not in msg and "rcu" not in msg:
            return None
        m = _HARD_LOCKUP.search(msg)
        if m is not None:
            return Record(
                Kind.CPU_LOCKUP,
                f"hard lockup on CPU {m.group(1)} (NMI watchdog)",
                data={"hard": True, "cpu": int(m.group(1))},
            )
        m = _SOFT_LOCKUP.search(msg)
        if m is not None:
            comm = f" [{m.group(3)}]" if m.group(3) else ""
            text = f"soft lockup: CPU {m.group(1)} stuck for {m.group(2)} s{comm}"
            stuck = int(m.group(2))
            # ``wedged``: the watchdog reports a lockup again while it lasts, its count growing: a CPU that has not
            # scheduled for WEDGED_S is held by the kernel, not by a slow moment of I/O (holdout62, blind: four CPUs
            # of a node stuck 22 -> 126 s in the GPU driver's ioctl spinlock, then the node gone)
            data = {"hard": False, "stuck_s": stuck, "wedged": stuck >= WEDGED_S}
            return Record(Kind.CPU_LOCKUP, text, data=data)
        if _RCU_STALL.search(msg):
            return Record(Kind.CPU_LOCKUP, "RCU stall detected", data={"hard": False, "rcu": True})
        return None

    def _hung_head(self, node: str, t: float, msg: str) -> Record | None:
        if "blocked for more than" not in msg:
            return None
        m = _HUNG_TASK.search(msg)
        if m is None:
            return None
        self.open[node] = _Open("hung", t, info={"comm": m.group(1), "secs": int(m.group(3))})
        text = f"hung task: {m.group(1)}:{m.group(2)} blocked for more than {m.group(3)} s"
        return Record(Kind.HUNG_TASK, text, data={"comm": m.group(1), "fs": None})

    def _mce(self, node: str, t: float, msg: str) -> Record | None:
        if "Kernel panic" in msg:
            return None  # the panic line is the panic's (logs.parse_kernel)
        if "achine" not in msg and "Memory failure" not in msg and "memory corruption" not in msg:
            return None
        m = _MCE.search(msg)
        if m is not None:
            sev = mce_status(m.group(2))
            if sev == "fatal":
                return Record(
                    Kind.MCE_FATAL, f"machine check, bank {m.group(1)}: uncorrected, context corrupt"
                )
            if sev == "uncorrected":
                return Record(Kind.HOST_MEM_UE, f"machine check, bank {m.group(1)}: uncorrected error")
            return UNDERSTOOD  # a corrected error: routine
        if any(w in msg for w in _MCE_FATAL_WORDS):
            return Record(Kind.MCE_FATAL, "fatal machine check: " + msg[:120])
        if any(w in msg for w in _MCE_UE_WORDS):
            return Record(Kind.HOST_MEM_UE, "uncorrected memory error: " + msg[:120])
        return None

    def _memory(self, node: str, t: float, msg: str) -> Record | None:
        if "EDAC" in msg:
            m = _EDAC.search(msg)
            kind = (m.group(2) or m.group(3)) if m else None
            if kind in ("UE", "Fatal"):
                return Record(Kind.HOST_MEM_UE, "uncorrectable host memory error (EDAC): " + msg[:120])
            if kind == "CE":  # corrected: routine alone, counted for a storm (monitoring.detectors.ce_storm)
                count = int(m.group(1)) if m is not None and m.group(1) else 1
                return Record(Kind.HOST_MEM_CE, msg[:160], data={"count": count})
            return UNDERSTOOD if kind is not None else None
        if "Hardware Error" in msg:
            m = _GHES_SEV.search(msg)
            if m is not None and m.group(1).lower() == "fatal":
                return Record(Kind.MCE_FATAL, "fatal hardware error reported by firmware (APEI/GHES)")
        return None

    def _aer_head(self, node: str, t: float, msg: str, gpu_of: GpuOf) -> Record | None:
        source = _aer_source(msg)
        if source is not None:
            sev, bdf = source
            if not _fatal(sev):
                if sev.startswith("Uncorrect") and bdf and gpu_of(bdf) is not None:
                    return self._aer_nonfatal(node, t, bdf, gpu_of, None)
                return UNDERSTOOD
            self.open[node] = _Open("aer", t, info={"pci": bdf})
            return self._aer_gpu(node, bdf, gpu_of, None) if bdf else None
        d = _AER_DEVICE.search(msg)
        if d is not None and not _fatal(d.group("sev").strip()) and d.group("sev").startswith("Uncorrect"):
            bdf = xidcat.normalize_pci(d.group("bdf"))
            if bdf and (d.group("drv") in GPU_DRIVERS or gpu_of(bdf) is not None):
                return self._aer_nonfatal(node, t, bdf, gpu_of, d.group("drv"))
            return UNDERSTOOD
        if d is not None and _fatal(d.group("sev").strip()):
            bdf = xidcat.normalize_pci(d.group("bdf"))
            self.open[node] = _Open("aer", t, info={"pci": bdf})
            return self._aer_gpu(node, bdf, gpu_of, d.group("drv")) if bdf else None
        if "containment event" in msg:
            self.open[node] = _Open("aer", t, info={"pci": None})
        return None

    def _aer_nonfatal(self, node: str, t: float, bdf: str, gpu_of: GpuOf, driver: str | None) -> Record:
        """An uncorrectable non-fatal error of a GPU's link (a completion timeout, a poisoned or unsupported
        request): the link carried on, but a transaction to or from the GPU was lost, which a working GPU does
        not do. Hardware evidence of that GPU, reported once per record (``fatal`` False)."""
        held = self.open.get(node)
        if held is not None and held.what == "aer" and held.named and 0 <= t - held.t <= RECORD_S:
            held.t = t
            return UNDERSTOOD
        self.open[node] = _Open("aer", t, named=True, info={"pci": bdf})
        gpu = gpu_of(bdf)
        where = f"GPU {gpu}" if gpu is not None else f"the {driver or 'GPU'} device at PCI {bdf}"
        text = f"PCIe uncorrectable (non-fatal) error on {where}: a transaction to it was lost"
        return Record(Kind.PCIE_FATAL, text, gpu, {"pci": bdf, "fatal": False})

    def _aer_gpu(self, node: str, bdf: str, gpu_of: GpuOf, driver: str | None) -> Record | None:
        """A fatal AER record is reported once it is known to be about a GPU, or a network adapter."""
        held = self.open[node]
        gpu = gpu_of(bdf)
        if held.named or (gpu is None and driver not in GPU_DRIVERS and driver not in NIC_DRIVERS):
            return None
        held.named = True
        if gpu is None and driver in NIC_DRIVERS:
            text = f"PCIe uncorrectable fatal error on the network adapter at PCI {bdf} ({driver})"
            return Record(Kind.IB_PORT_ERROR, text, data={"port": f"{driver} {bdf}", "pci": bdf})
        where = (
            f"GPU {gpu}"
            if gpu is not None
            else f"{'GPU' if driver not in (None, 'nvidia') else 'NVIDIA'} device at PCI {bdf}"
        )
        return Record(Kind.PCIE_FATAL, f"PCIe uncorrectable fatal error on {where}", gpu, {"pci": bdf})

    # --- record bodies ---------------------------------------------------------------------------

    def _continue(self, node: str, t: float, msg: str, held: _Open, gpu_of: GpuOf) -> Record | None:
        if held.what == "gpuerr":
            return None  # each line of a GPU's hardware-error record is read as a head
        held.t = t
        if held.what == "oom":
            return self._oom_body(node, msg, held)
        if held.what == "oops":
            return self._oops_body(node, msg, held)
        if held.what == "hung":
            return self._hung_body(node, msg, held)
        return self._aer_body(node, msg, held, gpu_of)

    def _oom_body(self, node: str, msg: str, held: _Open) -> Record | None:
        """A row of the OOM report's task table (its memory summed per user), or its summary line."""
        info = held.info
        text = msg.strip()
        if text.startswith("[") and "pid" in text[:12]:
            cols = text.split("]", 1)[1].split()
            if "uid" in cols and "rss" in cols:
                info["cols"] = [cols.index("uid"), cols.index("rss")]
            return None
        if text.startswith("[") and "cols" in info:
            fields = text.split("]", 1)[1].split()
            uid_at, rss_at = info["cols"]
            if len(fields) > max(uid_at, rss_at) and fields[uid_at].isdigit() and fields[rss_at].isdigit():
                uids = info["uids"]
                uids[fields[uid_at]] = uids.get(fields[uid_at], 0) + int(fields[rss_at])
            return None
        summary = _OOM_SUMMARY.search(text) if "oom-kill:" in text else None
        if summary is None:
            return None
        del self.open[node]
        if summary.group(1) != "CONSTRAINT_NONE":
            return None  # a cgroup's limit (the job's), or a cpuset's or mempolicy's: the request's
        victim, uids = summary.group(2), info["uids"]
        total = sum(uids.values())
        own = {u: rss for u, rss in uids.items() if u != victim and int(u) < SYSTEM_UID_BELOW}
        outside = sum(own.values())
        gib = outside * PAGE_KIB / 1024 / 1024
        if not total or outside < OUTSIDE_SHARE * total or gib < OUTSIDE_GIB:
            return None
        holders = sorted(((rss, u) for u, rss in own.items()), reverse=True)
        text = (
            f"global OOM: the node's own tasks (system users) held {gib:.0f} GiB of the "
            f"{total * PAGE_KIB / 1024 / 1024:.0f} GiB its table lists (uid {holders[0][1]} the most"
            + (f"; {info['invoker']} asked last" if info.get("invoker") else "")
            + "): the node's memory, taken outside the job"
        )
        return Record(Kind.HOST_OOM, text, data={"etype": "MemoryOutsideJobs", "outside_gib": round(gib, 1)})

    def _oops_body(self, node: str, msg: str, held: _Open) -> Record | None:
        if held.named or "+0x" not in msg:
            return None
        m = _RIP.search(msg)
        module = m.group(2) if m is not None else None
        func = m.group(1) if m is not None else None
        if m is None:  # no RIP/pc line yet: a call-trace frame in a module names it too
            f = _FRAME_MODULE.search(msg)
            if f is None:
                return None
            func, module = f.group(1), f.group(2)
        held.named = True
        what = held.info.get("what", "oops")
        where = f"[{module}]" if module else "(core kernel)"
        text = f"kernel oops: {what} in {func} {where}"
        return Record(Kind.KERNEL_OOPS, text, data={"what": what, "module": module, "function": func})

    def _hung_body(self, node: str, msg: str, held: _Open) -> Record | None:
        if held.named or "+0x" not in msg:
            return None
        if "wait" not in held.info:
            f = _FRAME_NAME.match(msg)
            name = f.group(1).split(".")[0] if f is not None else None
            if name is not None and name not in _SCHEDULER_FRAMES:
                held.info["wait"] = "lock" if _LOCK_WAIT.match(name) else "io"
        mod = _MODULE_AT_END.search(msg)
        fs = mod.group(1) if mod is not None and mod.group(1) in FS_MODULES else None
        if fs is None:
            frame = _FS_FRAME.search(msg)
            fs = frame.group(1) if frame is not None else None
        comm, secs = held.info.get("comm"), held.info.get("secs")
        wait = held.info.get("wait", "io")
        if fs is None and mod is not None and mod.group(1) == "nvidia":
            # Blocked inside the NVIDIA kernel module itself (its locks, its RM calls): the GPU driver wedged, every
            # task that touches the GPUs (the job's ranks, nvidia-smi, the exporter) stuck behind it (holdout98,
            # blind: "os_acquire_mutex+0x3f/0x60 [nvidia]" under python and nvidia-smi in state D).
            held.named = True
            text = f"hung task: {comm} blocked in the NVIDIA driver for more than {secs} s"
            return Record(
                Kind.HUNG_TASK, text, data={"comm": comm, "fs": None, "wait": wait, "gpu_driver": True}
            )
        if fs is None:
            return None
        held.named = True
        on = " on a lock held by another task" if wait == "lock" else ""
        text = f"hung task: {comm} blocked{on} in {fs} (a network filesystem) for more than {secs} s"
        return Record(Kind.HUNG_TASK, text, data={"comm": comm, "fs": fs, "wait": wait})

    def _aer_body(self, node: str, msg: str, held: _Open, gpu_of: GpuOf) -> Record | None:
        d = _AER_DEVICE.search(msg)
        if d is not None and _fatal(d.group("sev").strip()):
            bdf = xidcat.normalize_pci(d.group("bdf"))
            held.info["pci"] = bdf
            return self._aer_gpu(node, bdf, gpu_of, d.group("drv")) if bdf else None
        v = _VENDOR_LINE.search(msg)
        bdf = held.info.get("pci")
        p = _DEV_PREFIX.search(msg)
        port = p is not None and p.group("drv") == PORT_DRIVER
        if v is not None and bdf and v.group("vendor").lower() == NVIDIA_VENDOR and not port:
            return self._aer_gpu(node, bdf, gpu_of, "nvidia")
        source = _aer_source(msg)
        if source is not None and source[1] and _fatal(source[0]):
            held.info["pci"] = source[1]
            return self._aer_gpu(node, source[1], gpu_of, None)
        # The recovery that follows speaks per device under the port ("nvidia 0000:3b:00.0: AER: ..."):
        # a GPU driver's line inside the fatal record names the GPU behind the failed link, a network
        # adapter's ("mlx5_core 0000:01:00.0: mlx5_pci_err_detected ...") the adapter.
        if p is not None and (p.group("drv") in GPU_DRIVERS or p.group("drv") in NIC_DRIVERS):
            dev = xidcat.normalize_pci(p.group("bdf"))
            return self._aer_gpu(node, dev, gpu_of, p.group("drv")) if dev else None
        return None


def _aer_source(msg: str) -> tuple[str, str | None] | None:
    """``(severity, normalized bdf)`` of a root port's "error received" line, any kernel's spelling."""
    m = _AER_SOURCE.search(msg)
    if m is not None:
        return m.group("sev"), xidcat.normalize_pci(m.group("bdf"))
    m = _AER_SOURCE_ID.search(msg)
    if m is None:
        return None
    rid = int(m.group("id"), 16)
    port = _DEV_PREFIX.search(msg)
    domain = port.group("bdf").split(":", 1)[0] if port else "0000"
    return m.group("sev"), xidcat.normalize_pci(f"{domain}:{rid >> 8:02x}:{(rid >> 3) & 0x1F:02x}.{rid & 7}")
