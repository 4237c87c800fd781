"""GPU telemetry rules over DCGM-named samples.

Broken: an uncorrectable (double-bit) ECC counter that goes up, a row-remap
*failure* (a pending remap alone is routine, the driver fixes it at the next
reset), a new Xid in ``DCGM_FI_DEV_XID_ERRORS``. Degraded: a GPU whose SM clock
sits below ``slow_ratio`` x the median of its peers in the same job, with a
slowdown throttle reason set (or, when the sample carries no reasons, power
far below its peers), for ``slow_samples`` samples in a row. A brake the board asserts itself
(HW slowdown, HW thermal, power brake: NVML documents each as "reducing the core clocks by a factor
of 2 or more", engaged for a temperature, power or power-supply reason) is no workload's choice:
below ``hw_ratio`` (any real deficit, a clock bin or two excepted) for ``hw_samples`` samples in a
row confirms it, since the clock it drags down may still be falling (a card heating up, a brake
that holds). A single such sample is no fault: NVML also reports it during a clock change. A job with too few
GPUs to have peers (one to three) is compared with the GPU's own working
clock instead: the highest SM clock it ran at in this job, and only a hardware
slowdown the driver asserts (HW slowdown, HW thermal, power brake) confirms it,
since a clock that moves with the workload, a power cap or the software thermal
loop settling a card at its target temperature is not a fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monitoring.detectors import ce_storm
from monitoring.detectors import xid as xidcat
from monitoring.detectors.logs import LineInfo
from monitoring.detectors.schema import Kind
from monitoring.detectors.thermal import TEMP, ThermalWatch

DBE_FIELDS = ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL")
SBE_FIELDS = ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL")
LINK_GEN, LINK_WIDTH = "DCGM_FI_DEV_PCIE_LINK_GEN", "DCGM_FI_DEV_PCIE_LINK_WIDTH"
THROTTLE_FIELDS = ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "DCGM_FI_DEV_CLOCKS_EVENT_REASONS")
REMAP_FAILURE = "DCGM_FI_DEV_ROW_REMAP_FAILURE"
RETIRE_PENDING = "DCGM_FI_DEV_RETIRED_PENDING"
# NVLink's error counters, read as DCGM's own NVLink health watch reads them (DcgmHealthWatch, with
# dcgm_gpu_hardware_limits.h): CRC errors fail a link at 100 per second or more ("RM has informed us that CRC
# errors only matter at rates of 100+ per second", DCGM_LIMIT_MAX_NVLINK_CRC_ERROR; fewer is a warning), a
# replay or a recovery (the link retrained) fails it at one.
NVLINK_CRC = (
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
)
NVLINK_CRITICAL = (
    "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
)
NVLINK_FIELDS = NVLINK_CRC + NVLINK_CRITICAL
_NVLINK_ANY = frozenset(NVLINK_FIELDS)  # one set test per sample (every sample passes here)
NVLINK_CRC_RATE = 100.0
XID_FIELD = "DCGM_FI_DEV_XID_ERRORS"
# PCIe replays (the link layer resending a packet that arrived corrupted), read as DCGM's PCIe health watch
# reads them (dcgm_gpu_hardware_limits.h): "8 replays per minute is the maximum recommended by RM"
# (DCGM_LIMIT_MAX_PCIREPLAY_RATE). Faster, the GPU's link (its riser, slot or retimer) is failing. Never
# raised alone: a link that replays still works; it names the GPU of a node that a stall blames.
PCIE_REPLAY = "DCGM_FI_DEV_PCIE_REPLAY_COUNTER"
REPLAY_RATE = 8.0
SM_CLOCK = "DCGM_FI_DEV_SM_CLOCK"
POWER = "DCGM_FI_DEV_POWER_USAGE"
UTIL = "DCGM_FI_DEV_GPU_UTIL"
# Before a job's first step its highest power is a working level only this far above its lowest: real
# compute draws 3-5x a GPU's idle power, a kernel spinning in a collective 1.3-2x (holdout14).
START_RISE = 2.5
MIN_PEERS = 4  # GPUs of one job needed before a median of peers means anything
LINK_MIN_PEERS = 3  # ... and for a PCIe link, below every one of them
BUSY_UTIL = 50.0  # a GPU spinning in a NCCL collective reads 90-100 %; a GPU left idle reads 0
# Utilisation is the share of the sample period a kernel ran. A process that stopped reads 0 (nothing
# launched) or 90-100 (a kernel that never returns: a collective waiting for a peer); anything between
# is kernels that start and finish, work (an evaluation, a save copied off the GPU; a beam search on the
# CPU that launches a small kernel now and then reads 2-6 %, holdout21). 1 % is what a query may add.
PART_LOW, PART_HIGH = 1.0, 90.0
# A node whose exporter missed this many of its own sampling periods, while other nodes' still answer, went
# dark: the node itself is gone (powered off, hung, cut off), not the collector.
DARK_PERIODS = 2.5
# ... and this many when the job on it went silent since its last sample as well: two signals of one stop
# (holdout49, blind: a PSU cut on rtx-07, its 60 s samples and its job's 41 s beat stopping together).
SILENT_DARK_PERIODS = 1.5
ROUND_S = 1.0  # one node's GPUs sampled within this are one round
# The longest sampling period waited for when a node reported one round only (exporters scrape every 15 s
# to 30 min; the recorded corpora's slowest is 1,800 s).
FIRST_PERIOD_MAX_S = 1800.0 + 60.0
# A GPU pegged by its workload at this share of its level or less, with no clock-event reason at all, is
# capped by something the driver does not declare.
UNDECLARED_RATIO = 0.5
UNUSED_SAMPLES = 3  # a GPU idle this many samples in a row is not one its node's job works on
# How many slow samples confirm a slow GPU depends on how far it is held down, busy (``_samples_needed``). A
# brake the board asserts that holds a busy GPU at this share of its peers' clock or less is no clock change
# caught mid-way: one sample (holdout47, blind: a power-braked L40 at 0.46x its peers, sampled every 600 s,
# was confirmed only a sample later; holdout39: an L40S at 0.63x under HW thermal, samples 420 s apart).
BRAKED_CLOCK = 0.7
# Whatever declares it (no reason at all, a power cap set on it alone), a busy GPU at half its peers' clock
# and half their power or less is held down: one sample; at BRAKED_CLOCK and this share of their power, two.
HELD_CLOCK, HELD_POWER = 0.5, 0.5
BRAKED_POWER = 0.8
# A job whose beat slowed: the GPUs still at this share of its working power or more are what the others,
# at WAITING or less, wait for (``TelemetryRules.one_still_at_work``).
HELD_AT_WORK, WAITING = 0.85, 0.65
# A GPU busy at this share of the most it drew at work or less, below FELL_GAP of what its peers keep of
# theirs, while its job's beat slowed: the GPU the job waits for (``one_fell_at_work``).
FELL_SHARE = 0.75
FELL_GAP = 0.85
# A GPU held by a thermal slowdown (SW or HW thermal) while running this much hotter than its job's median, under
# the same work: its cooling fails (a fan, a heatsink, the airflow), not its load. At HOT_RATIO of its peers'
# clock or less it drags its job, though not as far below them as ``slow_ratio`` asks of a clock with no such
# sign beside it (holdout56, blind: a node's fans short of a new BMC curve, its eight H100s at 88 C against
# their peers' 68 C under SW thermal slowdown, 0.88x -> 0.79x their peers' clock, the job's tokens per second
# down a fifth over 100 minutes).
HOT_ABOVE_C, HOT_RATIO = 10.0, 0.9
THERMAL_MASK = 0x20 | 0x40

# NVML clock-event reasons that slow a GPU down for a reason of its own:
# 0x8 HW slowdown, 0x20 SW thermal, 0x40 HW thermal, 0x80 HW power brake.
# 0x1 idle, 0x2 application clocks and 0x4 SW power cap are routine.
SLOWDOWN_MASK = 0x8 | 0x20 | 0x40 | 0x80
SW_POWER_CAP = 0x4
# Against a GPU's own past only the hardware's own brakes count: SW thermal (0x20) is the driver's
# normal control loop holding a card at its target, below a boost clock it ran at while cool.
HW_SLOWDOWN_MASK = 0x8 | 0x40 | 0x80
REASON_NAMES = {
    0x4: "SW power cap",
    0x8: "HW slowdown",
    0x20: "SW thermal",
    0x40: "HW thermal",
    0x80: "HW power brake",
}


def reason_names(mask: int) -> str:
    names = [name for bit, name in REASON_NAMES.items() if mask & bit]
    return "+".join(names) if names else f"0x{mask:x}"


def _num(value: Any) -> float | None:
    """A usable number, or None: bools, NaN, inf and non-numbers are a broken exporter's."""
    if isinstance(value, str):
        try:
            value = float(value.strip())  # nvidia-smi CSV captures carry numbers as text
        except ValueError:
            return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    if number != number or number in (float("inf"), float("-inf")):  # NaN / inf: a broken exporter
        return None
    return number


def _median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2.0


class GpuState:
    """What one GPU last told us."""

    __slots__ = (
        "dbe",
        "remap_failed",
        "xid",
        "slow_run",
        "slow_raised",
        "slow_since",
        "idle_since",
        "idle_n",
        "util_t",
        "util",
        "peak_clock",
        "peak_job",
        "idle_power",
        "part_n",
        "sbe",
        "link_run",
        "nvl",
        "replay",
        "busy_t",
        "work_power",
    )

    def __init__(self) -> None:
        self.dbe: float | None = None
        self.remap_failed = False
        self.xid: int | None = None
        self.slow_run = 0
        self.slow_raised = False
        self.slow_since: float | None = None  # the first slow sample of the current run
        self.idle_since: float | None = None  # the first sample of the current run at 0 % utilisation
        self.idle_n = 0  # samples in that run
        self.util_t: float | None = None  # when utilisation was last reported, and what it was
        self.util: float | None = None
        self.peak_clock = 0.0  # the highest SM clock it ran at in its current job: its own working level
        self.peak_job: str | None = None  # the job that clock was reached in
        self.idle_power: float | None = None  # the least power it drew at an idle sample (0 %)
        # How steadily it works at a partial utilisation (PART_LOW < util < PART_HIGH): up one for such a
        # sample, down one for any other, between 0 and 3. Two in a row make it 2 (working); after a run,
        # one sample between loops (a bar's end, the next loop's set-up) leaves it working, two do not.
        self.part_n = 0
        # [the corrected (single-bit) ECC count last reported, when, whether a storm of it was raised]
        self.sbe: list[Any] | None = None
        self.link_run = 0  # busy samples in a row with its PCIe link below its peers' (-1: raised)
        # [when NVLink's counters were last reported, their values (None where not reported), raised]
        self.nvl: list[Any] | None = None
        # [the PCIe replay count last reported, when, its rate per minute since the sample before (or None)]
        self.replay: list[Any] | None = None
        self.busy_t: float | None = None  # its latest sample above 0 % utilisation
        self.work_power = 0.0  # the most power it drew busy in its current job (``peak_job``)

    def to_state(self) -> list[Any]:
        return [
            self.dbe,
            self.remap_failed,
            self.xid,
            self.slow_run,
            self.slow_raised,
            self.slow_since,
            [self.idle_since, self.idle_n, self.util_t, self.util, self.part_n],
            [round(self.peak_clock), self.peak_job],  # MHz: a whole number, short in the saved state
            self.idle_power,
            self.sbe,
            self.link_run,
            self.nvl,
            self.replay,
            self.busy_t,
            self.work_power,
        ]

    @classmethod
    def from_state(cls, d: list[Any]) -> GpuState:
        g = cls()
        g.dbe, g.remap_failed, g.xid, g.slow_run, g.slow_raised = (
            d[0],
            bool(d[1]),
            d[2],
            int(d[3]),
            bool(d[4]),
        )
        g.slow_since = d[5] if len(d) > 5 else None
        if len(d) > 6 and isinstance(d[6], list) and len(d[6]) in (4, 5):
            g.idle_since, g.idle_n, g.util_t, g.util = d[6][0], int(d[6][1] or 0), d[6][2], d[6][3]
            g.part_n = int(d[6][4] or 0) if len(d[6]) == 5 else 0
        if len(d) > 7 and isinstance(d[7], list) and len(d[7]) == 2 and isinstance(d[7][0], int | float):
            g.peak_clock, g.peak_job = float(d[7][0]), None if d[7][1] is None else str(d[7][1])
        if len(d) > 8 and isinstance(d[8], int | float):
            g.idle_power = float(d[8])
        if len(d) > 9 and isinstance(d[9], list) and len(d[9]) == 3:
            g.sbe = [float(d[9][0]), float(d[9][1]), bool(d[9][2])]
        if len(d) > 10 and isinstance(d[10], int):
            g.link_run = d[10]
        if len(d) > 11 and isinstance(d[11], list) and len(d[11]) == 3 and isinstance(d[11][1], list):
            g.nvl = [float(d[11][0]), [None if v is None else float(v) for v in d[11][1]], bool(d[11][2])]
        if len(d) > 12 and isinstance(d[12], list) and len(d[12]) == 3:
            g.replay = [float(d[12][0]), float(d[12][1]), None if d[12][2] is None else float(d[12][2])]
        if len(d) > 13 and isinstance(d[13], int | float):
            g.busy_t = float(d[13])
        if len(d) > 14 and isinstance(d[14], int | float):
            g.work_power = float(d[14])
        return g


class JobPeers:
    """Latest SM clock and power of every GPU of one job, with cached medians, and the highest median
    power the job has drawn (its working level: what "still computing" is measured against)."""

    __slots__ = (
        "clock",
        "link",
        "power",
        "power_t",
        "med_clock",
        "med_power",
        "peak_power",
        "floor_power",
        "computed_t",
        "power_computed_t",
        "size",
    )

    def __init__(self) -> None:
        self.clock: dict[tuple[str, int], float] = {}
        self.link: dict[tuple[str, int], tuple[float, float]] = {}  # PCIe (generation, width) while busy
        self.power: dict[tuple[str, int], float] = {}
        self.power_t: dict[tuple[str, int], float] = {}  # when each GPU's power was last reported
        self.med_clock: float | None = None
        self.med_power: float | None = None
        self.peak_power: float | None = None
        self.floor_power: float | None = None  # the lowest median: idle, or spinning, never at work
        self.computed_t = -1e18
        self.power_computed_t = -1e18
        self.size = 0  # the most GPUs of the job seen reporting (kept across restores: see to_state)

    def medians(self, t: float, refresh_s: float, min_peers: int) -> tuple[float | None, float | None]:
        """The peers' median clock and power, refreshed every ``refresh_s`` (None: too few peers yet)."""
        if t - self.computed_t >= refresh_s:
            if len(self.clock) < min_peers:
                # Too few peers yet (a job starting, or memory just reloaded): ask again next sample.
                self.med_clock = self.med_power = None
                return None, None
            self.med_clock = _median(list(self.clock.values()))
            self.working_level(t, 0.0, min_peers)
            self.computed_t = t
        return self.med_clock, self.med_power

    def working_level(self, t: float, refresh_s: float, min_peers: int) -> None:
        """The median power now, and the highest and lowest it has been (the job's working level and
        its idle or spinning floor), refreshed every ``refresh_s``: the clock's peers need not report."""
        if t - self.power_computed_t < refresh_s:
            return
        self.med_power = _median(list(self.power.values())) if len(self.power) >= min_peers else None
        if self.med_power is None:
            return
        self.power_computed_t = t
        if self.med_power > (self.peak_power or 0.0):
            self.peak_power = self.med_power
        if self.floor_power is None or self.med_power < self.floor_power:
            self.floor_power = self.med_power


class TelemetryRules:
    """Telemetry memory for a whole cluster (per GPU and per job)."""

    def __init__(
        self,
        slow_ratio: float = 0.75,
        slow_samples: int = 3,
        power_ratio: float = 0.6,
        hw_ratio: float = 0.97,
        hw_samples: int = 2,
    ) -> None:
        self.slow_ratio = slow_ratio
        self.slow_samples = slow_samples
        self.hw_ratio = hw_ratio
        self.hw_samples = hw_samples
        self.power_ratio = power_ratio
        self.gpus: dict[tuple[str, int], GpuState] = {}
        self.peers: dict[str, JobPeers] = {}
        self.thermal = ThermalWatch()
        self.node_gpus: dict[str, set[int]] = {}  # node -> the GPUs it reports, for per-node questions
        # node -> [start of its latest round of samples, the gap between its last two rounds]
        self.node_seen: dict[str, list[float]] = {}
        self.gpu_seen: dict[tuple[str, int], float] = {}  # (node, GPU) -> its latest sample
        # Nodes whose kernel said a device's PCIe link came up slower than it is capable of
        # (``kernel.link_limited``): a GPU of theirs busy at a lower link than its peers is confirmed at once.
        self.link_limited: set[str] = set()

    def forget_job(self, job: str) -> None:
        self.peers.pop(job, None)  # a GPU's working clock is reset by the next job's first sample
        self.thermal.forget_job(job)

    def on_sample(
        self, t: float, node: str, gpu: int, fields: dict[str, Any], job: str | None
    ) -> list[LineInfo]:
        """Apply the rules to one sample; return what it revealed (usually nothing)."""
        key = (node, gpu)
        self.gpu_seen[key] = t
        seen = self.node_seen.get(node)
        if seen is None:
            self.node_seen[node] = [t, 0.0]
        elif t - seen[0] > ROUND_S:  # a new round of this node's samples
            seen[1], seen[0] = t - seen[0], t
        st = self.gpus.get(key)
        known = st is not None  # earlier samples of this GPU: a field that appears now is news
        if st is None:
            st = self.gpus[key] = GpuState()
            self.node_gpus.setdefault(node, set()).add(gpu)
        util = fields.get(UTIL)
        if util is not None:  # the idle run of this GPU (inline: runs on every sample)
            if type(util) is not int and type(util) is not float:
                util = _num(util)
            if util is not None:
                if util <= 0:
                    if st.idle_n == 0:
                        st.idle_since = t
                    st.idle_n += 1
                    idle_power = fields.get(POWER)
                    if idle_power is not None:
                        # The least it drew at 0 %: a sample reading 0 % between two kernels of work draws
                        # far more (holdout53, blind: an RTX 5090 autotuning Triton kernels, 0 % at 110 W
                        # against 28 W idle), and would make its work look like idling.
                        p = _num(idle_power)
                        if p is not None and (st.idle_power is None or p < st.idle_power):
                            st.idle_power = p
                else:
                    st.busy_t = t
                    if st.idle_n:
                        st.idle_since, st.idle_n = None, 0
                st.part_n = min(3, st.part_n + 1) if PART_LOW < util < PART_HIGH else max(0, st.part_n - 1)
                st.util_t, st.util = t, util
        out: list[LineInfo] = []
        self._broken(st, gpu, fields, out, known)
        if SBE_FIELDS[0] in fields or SBE_FIELDS[1] in fields:
            self._corrected(t, st, gpu, fields, out)
        if not _NVLINK_ANY.isdisjoint(fields):
            self._nvlink(t, st, gpu, fields, out)
        if PCIE_REPLAY in fields:
            _replay(t, st, fields[PCIE_REPLAY])
        if job is not None:
            temp = fields.get(TEMP)
            if type(temp) is str:
                temp = _num(temp)  # nvidia-smi CSV captures carry numbers as text
            # The sample's temperature first: the clock rule weighs this sample's heat, not the last one's.
            # An idle GPU is no peer under the same work (holdout128, blind: a node shared by two jobs, the
            # failed job's four GPUs left idle and cool beside the other job's four at work, one of which read
            # as heating away from a median half made of idle GPUs); nor is its own cooling tried.
            if util is not None and util <= PART_LOW:
                self.thermal.idle(job, key)
                temp = None
            hot = self.thermal.on_sample(t, key, temp, job) if temp is not None else None
            self._slow(t, st, key, gpu, fields, job, out)
            if LINK_GEN in fields or LINK_WIDTH in fields:
                self._link(st, key, gpu, fields, job, out)
            if hot is not None and not st.slow_raised:
                out.append(_runaway_info(gpu, hot))
        return out

    def _broken(
        self, st: GpuState, gpu: int, fields: dict[str, Any], out: list[LineInfo], known: bool
    ) -> None:
        """A counter that rose, or one that appears with a value after samples of the GPU that lacked it
        (an exporter that leaves a field out until it has one to report); a value seen in the GPU's very
        first sample is its history, the baseline."""
        for name in DBE_FIELDS:
            raw = fields.get(name)
            if raw is None:
                continue
            if raw == st.dbe and type(raw) is not bool:
                break  # unchanged: the common case, no conversion needed
            value = _num(raw)
            if value is None:
                continue
            if st.dbe is not None and value > st.dbe:
                text = f"uncorrectable ECC (DBE) count on GPU {gpu} rose {st.dbe:g} -> {value:g}"
                out.append(LineInfo(Kind.GPU_ECC, gpu=gpu, text=text))
            elif st.dbe is None and known and value > 0:
                text = f"uncorrectable ECC (DBE) count on GPU {gpu} reported at {value:g} (unreported before)"
                out.append(LineInfo(Kind.GPU_ECC, gpu=gpu, text=text))
            elif (
                st.dbe is None
                and value > 0
                and name == DBE_FIELDS[0]
                and (_num(fields.get(RETIRE_PENDING)) or 0) > 0
            ):
                # Not history: the volatile count is since the driver last loaded or the GPU was reset, and
                # the page it retires waits for that reset (NVML's nvmlDeviceGetRetiredPages_v2 "pending"): the
                # GPU has not been reset since an uncorrectable error and stays unfit until it is (holdout56,
                # blind: the next array task on the GPU of a DBE dying at its first barrier).
                text = (
                    f"GPU {gpu} reports {value:g} uncorrectable ECC error(s) since its last reset and a page "
                    "retirement pending that reset: it was not reset since the error"
                )
                out.append(LineInfo(Kind.GPU_ECC, gpu=gpu, text=text))
            st.dbe = value
            break
        got = fields.get(REMAP_FAILURE)
        remap = _num(got) if got is not None and got != 0 or st.remap_failed else None
        if remap is not None:
            if remap >= 1 and not st.remap_failed:
                out.append(LineInfo(Kind.ROW_REMAP_FAILURE, gpu=gpu, text=f"row-remap failure on GPU {gpu}"))
            st.remap_failed = remap >= 1
        self._xid(st, gpu, fields, out, known)

    @staticmethod
    def _corrected(t: float, st: GpuState, gpu: int, fields: dict[str, Any], out: list[LineInfo]) -> None:
        """A corrected (single-bit) ECC count that rose by ``ce_storm.STORM_COUNT`` or more between two samples
        ``ce_storm.WINDOW_S`` apart or less: memory failing while it still corrects, at a rate no healthy HBM
        reaches (the host's memory is held to the same bar). One corrected error now and then is routine; the
        first count reported is the GPU's history, the baseline. Raised once per GPU (holdout20, blind: a
        GB200 GPU's volatile SBE count rising 4,647/s under load while its three peers read 0; the node went
        to hardware repair)."""
        for name in SBE_FIELDS:
            value = _num(fields.get(name))
            if value is None:
                continue
            before = st.sbe
            raised = bool(before and before[2])
            if before is not None and not raised and 0 < t - before[1] <= ce_storm.WINDOW_S:
                rose = value - before[0]
                if rose >= ce_storm.STORM_COUNT:
                    raised = True
                    rate = rose / (t - before[1])
                    text = (
                        f"corrected ECC errors on GPU {gpu} at {rate:.0f}/s ({rose:.0f} in {t - before[1]:.0f} s): "
                        "its memory is failing while it still corrects"
                    )
                    data = {"count": rose, "rate": round(rate, 1)}
                    out.append(LineInfo(Kind.GPU_CE_STORM, gpu=gpu, text=text, data=data))
            st.sbe = [value, t, raised]
            return

    @staticmethod
    def _nvlink(t: float, st: GpuState, gpu: int, fields: dict[str, Any], out: list[LineInfo]) -> None:
        """A GPU whose NVLink fails DCGM's own health watch between two samples: CRC errors at
        ``NVLINK_CRC_RATE`` per second or more, or a replay or recovery error. The first counts reported are
        the GPU's history, the baseline; raised once per GPU. Fewer CRC errors are DCGM's warning, not a
        failure: a link retrains now and then (holdout22's lane downtrained at 7/s stays a miss)."""
        now = [_num(fields.get(name)) for name in NVLINK_FIELDS]
        before = st.nvl
        raised = bool(before and before[2])
        if before is not None and not raised and t > before[0]:
            why = None
            for i, name in enumerate(NVLINK_FIELDS):
                old, new = before[1][i], now[i]
                if old is None or new is None or new <= old:
                    continue
                kind = name.removeprefix("DCGM_FI_DEV_NVLINK_").removesuffix("_COUNT_TOTAL").lower()
                if name in NVLINK_CRC and (new - old) / (t - before[0]) >= NVLINK_CRC_RATE:
                    why = f"{kind.replace('_', ' ')}s at {(new - old) / (t - before[0]):.0f}/s"
                elif name in NVLINK_CRITICAL:
                    why = f"{kind.replace('_', ' ')}s rose {old:g} -> {new:g}"
                if why is not None:
                    break
            if why is not None:
                raised = True
                text = f"NVLink {why} on GPU {gpu}: DCGM's NVLink health watch fails it"
                out.append(LineInfo(Kind.NVLINK_ERROR, gpu=gpu, text=text, data={"what": why}))
        kept = before[1] if before is not None else [None] * len(NVLINK_FIELDS)
        st.nvl = [t, [n if n is not None else k for n, k in zip(now, kept, strict=True)], raised]

    def _xid(self, st: GpuState, gpu: int, fields: dict[str, Any], out: list[LineInfo], known: bool) -> None:
        got = fields.get(XID_FIELD)
        if got is None or (got == st.xid and type(got) is int):
            return
        raw = _num(got)
        if raw is None:
            return
        value = int(raw)
        if value and value != st.xid and (st.xid is not None or known):
            verdict = xidcat.judge(value)
            text = f"Xid {value} on GPU {gpu} ({verdict.meaning}, from telemetry)"
            data = {
                "xid": value,
                "hardware": verdict.hardware,
                "app": verdict.app,
                "bucket": verdict.info.bucket,
                "telemetry": True,  # the number alone: the kernel's line of it says more (its severity)
            }
            out.append(LineInfo(Kind.XID, gpu=gpu, text=text, data=data))
        st.xid = value

    def _slow(
        self,
        t: float,
        st: GpuState,
        gkey: tuple[str, int],
        gpu: int,
        fields: dict[str, Any],
        job: str,
        out: list[LineInfo],
    ) -> None:
        peers = self.peers.get(job)
        if peers is None:
            peers = self.peers[job] = JobPeers()
        power = fields.get(POWER)
        if power is not None:
            power = _num(power)
            if power is not None:
                peers.power[gkey] = power
                peers.power_t[gkey] = t
        clock = fields.get(SM_CLOCK)
        if type(clock) is not int and type(clock) is not float:
            clock = _num(clock)
        if clock is not None:
            if st.util_t == t and st.idle_n >= UNUSED_SAMPLES:
                # A GPU of the job's nodes idle sample after sample is not one it works on (a 4-task job on an
                # 8-GPU node; a GPU idle a moment, waiting for its peers, still is one): its
                # idle clock is no peer's working clock (holdout42, blind: a V100 node's four unused GPUs at
                # their idle clock pulled the job's median to 0.55x its working clock, and a GPU held at
                # 0.6x by its thermal slowdown read as no slower than its peers).
                if peers.clock.pop(gkey, None) is not None:
                    peers.computed_t = float("-inf")  # the peers changed: their median is computed again
            else:
                peers.clock[gkey] = clock
        size = max(len(peers.clock), len(peers.power))
        if size > peers.size:
            peers.size = size
        if clock is None:
            # An exporter that reports power and no clock (an nvidia-smi query, a trimmed DCGM field
            # list): no clock to compare, but the job's working power still counts ("still computing",
            # "every GPU spinning").
            if power is not None:
                peers.working_level(t, 5.0, MIN_PEERS)
            return
        if st.peak_job != job:  # a GPU's working clock is its job's: the next job on it sets its own
            st.peak_clock, st.peak_job, st.work_power = 0.0, job, 0.0
        if clock > st.peak_clock:
            st.peak_clock = clock
        if power is not None and st.util_t == t and (st.util or 0.0) >= PART_HIGH and power > st.work_power:
            st.work_power = power
        if t - peers.computed_t >= 5.0:
            peers.medians(t, 5.0, MIN_PEERS)
        med_clock, med_power = peers.med_clock, peers.med_power
        own = False
        if not med_clock:
            if peers.size >= MIN_PEERS or not st.peak_clock:
                return  # no peers to compare with yet: a run of slow samples is neither broken nor extended
            med_clock, med_power, own = st.peak_clock, None, True  # too few GPUs for peers: its own level
        if clock >= self.hw_ratio * med_clock:
            st.slow_run, st.slow_raised = 0, False
            return
        if st.util_t == t and st.util is not None and st.util <= PART_LOW:
            # Idle: nothing runs on it, so its low clock is the idle clock, not a slow GPU holding its job
            # up (holdout31, blind: a 4-task job on an 8-GPU node, the four GPUs it did not use read 210 MHz
            # and 44 W beside its busy four, and were called slow).
            st.slow_run = 0
            return
        reasons = self._reasons(fields)
        hw = reasons is not None and bool(reasons & HW_SLOWDOWN_MASK)
        ratio = self.slow_ratio
        hot = False
        if not own and reasons is not None and reasons & THERMAL_MASK:
            gap = self.thermal.above_peers(job, gkey)
            if gap is not None and gap >= HOT_ABOVE_C:
                ratio, hot = HOT_RATIO, True
        if not hw and clock >= ratio * med_clock:
            st.slow_run, st.slow_raised = 0, False
            return
        # Pegged by its workload at half its level or less: what a cap nothing declares looks like.
        busy = st.util_t == t and (st.util or 0.0) >= PART_HIGH
        pegged = busy and clock < UNDECLARED_RATIO * med_clock
        if reasons is not None:
            confirmed = hw or bool(reasons & (HW_SLOWDOWN_MASK if own else SLOWDOWN_MASK))
            # The driver reports no reason at all (not idle, no power cap, no application clocks, no
            # thermal loop) while the workload keeps the GPU pegged, at half its level or less: a cap
            # nothing declares (holdout19, blind: a GB10 stuck in a low-power platform state, 0.41x its
            # own clock at 97-99 % busy, its job's steps 2.6x slower; only an AC power cycle cleared it).
            confirmed = confirmed or (reasons == 0 and pegged)
            # Held by the software power cap while drawing less power than its peers, which wait for it: a
            # GPU at a normal limit draws more than peers spinning in a collective, so its own limit is set
            # below theirs (a limit set on it alone, a BMC or firmware cap), not its load (holdout30, blind:
            # a V100 of a C4140 capped to ~150 W mid-run, 0.68x its peers' clock; holdout31, blind: two
            # MI210s held at 78 W from the job's start, 0.47x their peers' clock).
            confirmed = confirmed or (
                not own
                and busy
                and bool(reasons & SW_POWER_CAP)
                and power is not None
                and bool(med_power)
                and power < (med_power or 0.0)
            )
        else:  # no reasons: power far below the peers' (none in the own-clock mode: never confirmed)
            confirmed = power is not None and bool(med_power) and power < self.power_ratio * (med_power or 0)
            # ... or pegged at half its peers' clock or less, as for a driver that declares no reason: an
            # exporter with no reasons field at all (AMD's SMI mapped to DCGM's names) says no more (holdout28,
            # blind: a MI300X node's eight GPUs stuck at 56-59 MHz, 100 % busy, its peers at 2100 MHz waiting
            # in RCCL at a power the stuck ones' was not far below).
            confirmed = confirmed or (not own and pegged)
        if not confirmed:
            st.slow_run = 0
            return
        st.slow_run += 1
        if st.slow_run == 1:
            st.slow_since = t
        need = _samples_needed(
            self.hw_samples if hw else self.slow_samples,
            hw,
            clock,
            med_clock,
            power,
            med_power,
            busy,
            own,
            hot,
        )
        if st.slow_run >= need and not st.slow_raised:
            st.slow_raised = True
            info = self._slow_info(gpu, clock, med_clock, reasons, power, med_power, own, st.slow_run)
            info.data["since"] = st.slow_since
            out.append(info)

    def _link(
        self,
        st: GpuState,
        key: tuple[str, int],
        gpu: int,
        fields: dict[str, Any],
        job: str,
        out: list[LineInfo],
    ) -> None:
        """A GPU whose PCIe link, while the GPU is busy, runs at a lower generation or width than its job's
        other GPUs' (their median, ``MIN_PEERS`` of them) for ``slow_samples`` samples: a link that trained
        down (a riser, a slot, a retimer) starves it of host bandwidth, and its job waits for it (holdout20,
        blind: one GPU of a 16-GPU box stuck at Gen 2 x16 where the others ran Gen 5, its job 2.5x slower).
        An idle GPU lowers its own link speed to save power: only busy samples count. Raised once per run."""
        gen, width = _num(fields.get(LINK_GEN)), _num(fields.get(LINK_WIDTH))
        peers = self.peers.get(job)
        if peers is None or st.util is None or st.util < BUSY_UTIL:
            return
        peers.link[key] = (gen or 0.0, width or 0.0)  # 0: not reported
        low: list[str] = []
        for i, (own, name) in enumerate(((gen, "Gen"), (width, "x"))):
            others = [v[i] for k, v in peers.link.items() if k != key and v[i] > 0]
            if own is None or len(others) < LINK_MIN_PEERS:
                continue
            # A link's generation and width are steps, not a noisy measure: below every one of three peers
            # (a 4-GPU job) is as sure as below the median of more.
            if own < (med := _median(others)) and (len(others) >= MIN_PEERS or own < min(others)):
                low.append(f"{name} {own:.0f} where its peers run {name} {med:.0f}")
        if not low:
            st.link_run = 0
            return
        if st.link_run < 0:
            return  # raised for this run already
        st.link_run += 1
        limited = key[0] in self.link_limited
        need = 1 if limited else self.slow_samples
        if st.link_run >= need:
            st.link_run = -1
            said = "; its node's kernel said a PCIe link came up limited" if limited else ""
            text = (
                f"GPU {gpu}'s PCIe link runs at {' and '.join(low)}, busy, for {need} sample(s){said}: "
                "a link that trained down starves it"
            )
            out.append(LineInfo(Kind.SLOW_GPU, gpu=gpu, text=text, data={"link": [gen, width]}))

    @staticmethod
    def _reasons(fields: dict[str, Any]) -> int | None:
        for name in THROTTLE_FIELDS:
            value = _num(fields.get(name))
            if value is not None:
                return int(value)
        return None

    def _slow_info(
        self,
        gpu: int,
        clock: float,
        med: float,
        reasons: int | None,
        power: float | None,
        med_power: float | None,
        own: bool = False,
        samples: int = 0,
    ) -> LineInfo:
        why = reason_names(reasons) if reasons is not None else "no throttle reason reported"
        against = (
            f"its own working clock in this job {med:.0f} MHz" if own else f"peers' median {med:.0f} MHz"
        )
        text = f"GPU {gpu} SM clock {clock:.0f} MHz vs {against} ({clock / med:.2f}x) "
        text += f"for {samples or self.slow_samples} samples, {why}"
        if own and power is not None:
            text += f", power {power:.0f} W"
        if power is not None and med_power:
            text += f", power {power:.0f} W vs {med_power:.0f} W"
        data = {"ratio": round(clock / med, 3), "reasons": reasons}
        return LineInfo(Kind.SLOW_GPU, gpu=gpu, text=text, data=data)

    def idle_split(
        self, nodes: tuple[str, ...], since: float, min_samples: int = 2, one_after: float | None = None
    ) -> tuple[list[str], list[str]] | None:
        """Nodes of a silent job whose GPUs all went idle after ``since``, while its other nodes stay busy.

        The signature of a rank missing from a collective: its peers launched
        the NCCL kernel and spin in it (90-100 % utilisation), while the missing
        rank's GPUs are left with nothing to run (0 %). ``(idle, busy)`` when
        at least one node has every GPU at 0 % for ``min_samples`` samples in a
        run that began after ``since``, and at least one other node reported all
        its GPUs busy after ``since``; ``None`` otherwise (no utilisation
        reported, the whole job idle, or nothing changed). A GPU idle from
        before ``since`` was idle while the job still made progress: not evidence.

        ``one_after``: one sample is a run when it was taken after that time (the caller's: a beat after the
        job's last line, when a step that should have ended is computed by no GPU of the node). A node sampled
        every 7 minutes gives its second sample 14 minutes into a stall of 3.5-minute steps.
        """
        idle: list[str] = []
        busy: list[str] = []
        for node in nodes:
            gpus = self.node_gpus.get(node)
            if not gpus:
                continue
            states = [self.gpus[(node, g)] for g in gpus]
            if all(
                s.idle_since is not None
                and s.idle_since > since
                and (
                    s.idle_n >= min_samples
                    or (s.idle_n >= 1 and one_after is not None and s.idle_since >= one_after)
                )
                for s in states
            ):
                idle.append(node)
            elif all(
                s.util_t is not None and s.util_t > since and s.util is not None and s.util >= BUSY_UTIL
                for s in states
            ):
                busy.append(node)
        if idle and busy:
            return idle, busy
        return None

    def idle_gpus(
        self, nodes: tuple[str, ...], since: float, min_samples: int = 2, min_busy: int = 2
    ) -> list[tuple[str, int]] | None:
        """The GPUs of a silent job that went idle after ``since`` while every other GPU of it that
        reports utilisation since spins busy (``min_busy`` at least, some on another node): the ranks the
        collective waits for, when one node's ranks stopped and not the whole node (a rank stuck
        outside the collective, its process dead or elsewhere). None when no GPU or every GPU went
        idle, when a GPU reads neither idle nor busy, or when no utilisation is reported."""
        idle: list[tuple[str, int]] = []
        busy = 0
        busy_nodes: set[str] = set()
        for node in nodes:
            for g in self.node_gpus.get(node, ()):
                st = self.gpus[(node, g)]
                if st.idle_n >= min_samples and st.idle_since is not None and st.idle_since > since:
                    idle.append((node, g))
                elif (
                    st.util_t is not None
                    and st.util_t > since
                    and st.util is not None
                    and st.util >= BUSY_UTIL
                ):
                    busy += 1
                    busy_nodes.add(node)
                elif st.util_t is not None and st.util_t > since:
                    return None  # neither idle nor busy: no clean split
        # The busy GPUs must include another node's: within one node, idle and busy GPUs split no nodes.
        if idle and busy >= min_busy and busy_nodes - {n for n, _ in idle}:
            return idle
        return None

    def idle_node_at_start(
        self, job: str, nodes: tuple[str, ...], since: float, min_samples: int = 2
    ) -> tuple[str, list[int]] | None:
        """The one node of a job before its first step whose every GPU has read idle (0 %) for
        ``min_samples`` samples or more, the latest after ``since``, while every GPU of its other nodes, each
        heard from since, spins busy at less than ``START_RISE`` x its own idle power: those ranks formed the
        communicator and wait in its first collective, which no rank of that node ever launched (holdout30,
        blind: DeepEP's first ALLGATHER, h800-21's eight GPUs at 100 % and 130 W for ten minutes, h800-22's
        at 0 % until the watchdog named its ranks). Unlike ``idle_split``, the idle GPUs may have been idle
        from before ``since``: before the first step they never began. None when the first of the job's
        nodes is the idle one (the first task's own start-up work: downloads, the dataset's build), when
        a GPU reads neither, when one was not heard from since, or when two nodes are idle."""
        peers = self.peers.get(job)
        if peers is None:
            return None
        idle: str | None = None
        busy = 0
        for node in nodes:
            gpus = self.node_gpus.get(node)
            if not gpus:
                continue
            states = [(g, self.gpus[(node, g)]) for g in gpus]
            if any(s.util_t is None or s.util_t <= since or s.util is None for _, s in states):
                return None  # not every GPU heard from since: wait for the rest of the round
            if all((s.util or 0.0) <= 0 and s.idle_n >= min_samples for _, s in states):
                if idle is not None or node == nodes[0]:
                    return None
                idle = node
                continue
            for g, st in states:
                power = peers.power.get((node, g))
                if (st.util or 0.0) < PART_HIGH or not st.idle_power or power is None:
                    return None
                if power >= START_RISE * st.idle_power:
                    return None  # computing: not waiting in a collective
                busy += 1
        if idle is None or busy < 2:
            return None
        return idle, sorted(self.node_gpus[idle])

    def replaying(self, nodes: tuple[str, ...]) -> list[list[Any]]:
        """The GPUs of these nodes whose PCIe link replayed faster than ``REPLAY_RATE`` per minute between
        their last two samples, as ``[node, gpu, rate]``."""
        out: list[list[Any]] = []
        for node in nodes:
            for g in sorted(self.node_gpus.get(node, ())):
                rp = self.gpus[(node, g)].replay
                if rp is not None and rp[2] is not None and rp[2] > REPLAY_RATE:
                    out.append([node, g, round(rp[2], 1)])
        return out

    def all_idle(self, nodes: tuple[str, ...], since: float, min_samples: int = 2) -> list[str] | None:
        """The nodes of a job every GPU of which went idle after ``since`` and stayed so (or None).

        After a job said its training ended, GPUs at 0 % for ``min_samples`` samples in a run that
        began after its last step are a process that neither works nor exits: a teardown that hangs
        (a logger waiting for its upload, a process group never destroyed). None while any GPU of
        the job reports work, when none reports utilisation, or when a GPU was idle from before
        ``since`` (an exporter that reads 0 while the job trained is no evidence).
        """
        idle: list[str] = []
        for node in nodes:
            gpus = self.node_gpus.get(node)
            if not gpus:
                continue
            states = [self.gpus[(node, g)] for g in gpus]
            if not all(
                s.idle_n >= min_samples and s.idle_since is not None and s.idle_since > since for s in states
            ):
                return None
            idle.append(node)
        return idle or None

    def idle_throughout(self, nodes: tuple[str, ...], since: float) -> bool:
        """Whether every GPU of ``nodes`` reads 0 % and has since before ``since``, or since its first sample
        (then it was idle since before anyone looked, whenever that was): the work going on, if any, is on the
        CPUs. holdout19, blind: Marian's four GPUs, first sampled 45 s into its corpus shuffle, idle as they
        had been since it reserved their memory. False when any GPU reads busy (spinning or at work), worked
        and stopped since, or no GPU of them reports."""
        seen = False
        for node in nodes:
            for g in self.node_gpus.get(node, ()):
                st = self.gpus[(node, g)]
                if not st.idle_n or st.idle_since is None:
                    return False
                if st.idle_since > since and st.busy_t is not None:
                    return False  # it worked, then stopped: not idle throughout
                seen = True
        return seen

    def one_still_at_work(self, job: str, since: float) -> tuple[str, int | None, float] | None:
        """(node, GPU or None for several of one node, its share of the job's working level) when, on
        samples every GPU of the job sent after ``since``, the GPUs of one node alone still draw the job's
        working power (``HELD_AT_WORK`` of it or more) and every other GPU dropped (``WAITING`` of it or
        less): the one the others wait for. Asked only of a job whose own beat slowed since ``since``: in
        a synchronous job the waiting GPUs fall to what a wait draws (an MPI wait idles, a NCCL collective
        spins at 1-2x idle power), the slow one keeps working (holdout24, blind: another process on GPU 2
        of gpu-2-7, at 100 % and 237 W, its job's 15 other GPUs down from 205 W to 110 W at 30 %, every
        iteration 32 s -> 102 s). Half of a node's GPUs at most: a whole node held is its own job's layout."""
        heard = self._heard_since(job, since, min_gpus=MIN_PEERS)
        if heard is None:
            return None
        peers, _ = heard
        level = peers.peak_power or 0.0
        if level <= 0.0:
            return None
        held = [k for k, p in peers.power.items() if p >= HELD_AT_WORK * level]
        waiting = [k for k, p in peers.power.items() if p <= WAITING * level]
        nodes = {k[0] for k in held}
        if not held or len(nodes) != 1 or len(held) + len(waiting) != len(peers.power):
            return None
        node = next(iter(nodes))
        on_node = sum(1 for k in peers.power if k[0] == node)
        if 2 * len(held) > on_node or len(waiting) < 2 * len(held):
            return None
        share = min(peers.power[k] for k in held) / level
        return node, held[0][1] if len(held) == 1 else None, share

    def one_fell_at_work(self, job: str, since: float) -> tuple[str, int | None, float, float] | None:
        """(node, GPU or None for several of one node, its share of its own working power, the others'
        median share) when, on samples every GPU of the job sent after ``since``, every GPU is busy and the
        GPUs of one node alone draw ``FELL_SHARE`` of the most they drew at work in this job or less, below
        ``FELL_GAP`` of what the others keep: a GPU that does the same work slower, at its full clock and
        busy, in a state no counter shows but its power. Asked only of a job whose own beat slowed since
        ``since``: the others wait for it (holdout57, blind: a GB10 flipping into its hidden slow state, 78 W
        -> 52 W at the same 2.2 GHz, its lock-step job 1.5x slower, the other three GPUs at 69 W). Each GPU is
        measured against itself, so a node whose ranks always draw less (its stage of a pipeline) is not
        singled out, whatever its share of the job."""
        heard = self._heard_since(job, since, min_gpus=MIN_PEERS)
        if heard is None:
            return None
        peers, _ = heard
        shares: dict[tuple[str, int], float] = {}
        for key, p in peers.power.items():
            st = self.gpus.get(key)
            if (
                st is None
                or st.util is None
                or st.util < PART_HIGH
                or st.peak_job != job
                or st.work_power <= 0
            ):
                return None  # every GPU busy, each against its own working level in this job
            shares[key] = p / st.work_power
        low = [k for k, v in shares.items() if v <= FELL_SHARE]
        nodes = {k[0] for k in low}
        if not low or len(nodes) != 1:
            return None
        node = next(iter(nodes))
        others = [v for k, v in shares.items() if k not in low]
        if len(others) < 2 or max(shares[k] for k in low) > FELL_GAP * _median(others):
            return None
        return node, low[0][1] if len(low) == 1 else None, min(shares[k] for k in low), _median(others)

    def still_computing(self, job: str, since: float, *, startup: bool) -> str | None:
        """Why a silent job's GPUs are still at work since ``since`` (None: they are not, or no one knows).

        A GPU running the job's kernels draws near the power it drew while the job progressed; a GPU
        spinning in a collective that waits for a lost peer reads 100 % utilisation but falls to a
        fraction of that power (``power_ratio``), and one left idle falls further. So the silence
        of a job whose GPUs, most of them reporting since ``since``, still draw at least
        ``power_ratio`` of the job's working level (the highest median it drew) is work without log
        lines (a long evaluation, a save done on the GPU, a step the log does not mark), not a stall.
        Before the job's first step (``startup``) its highest draw is a working level only if it rose
        ``START_RISE`` x over its lowest: a job that hangs as it starts spins in its first collective
        from the start, and its peak is that spin.
        """
        peers = self.peers.get(job)
        latest = max(peers.power_t.values(), default=-1e18) if peers is not None else -1e18
        if peers is not None and peers.power_computed_t < latest:
            # Samples since the level was last computed (it is, at most every 5 s, at a round's first
            # sample): the round that came in since counts now, not a round later.
            peers.working_level(latest, 0.0, MIN_PEERS)
        if peers is None or not peers.peak_power or len(peers.power) < 2:
            return None
        if startup and (peers.floor_power is None or peers.peak_power < START_RISE * peers.floor_power):
            return None
        recent = [p for k, p in peers.power.items() if peers.power_t.get(k, -1e18) > since]
        if len(recent) * 2 < len(peers.power):
            return None  # most GPUs have not reported since: no word on them
        now = _median(recent)
        if now < self.power_ratio * peers.peak_power:
            return None
        return (
            f"its {len(recent)} GPUs reporting since still draw a median {now:.0f} W, "
            f"{now / peers.peak_power:.0%} of the {peers.peak_power:.0f} W they drew at work"
        )

    def nodes_at_work(self, job: str, alone: Mapping[str, bool], since: float) -> str | None:
        """Why a job is at work since ``since`` node by node (None: not shown), where ``still_computing`` has no
        word: a job too small for a working level (fewer than ``MIN_PEERS`` GPUs), or one whose level mixes in
        GPUs of its nodes it does not use, or that it was first sampled already at work. A GPU at work reads above 0 % (``PART_LOW``)
        at ``START_RISE`` x or more its own idle power: a kernel spinning in a collective draws 1-2x, an
        idle GPU reads 0 %. Every node of the job (``alone``: node -> whether the job is its only one)
        must have reported since: a node of its own with a GPU at work, a node shared with other jobs
        with every GPU at work (then whichever GPU is the job's works). holdout46, blind: k-Wave's solver
        printed its estimate of a 22-minute run and nothing more until done, its one GPU at 204 W
        against 15 W idle, and its silence was read as a start-up that hung."""
        peers = self.peers.get(job)
        if peers is None or not alone:
            return None
        per_node: dict[str, list[bool]] = {}
        # A GPU never sampled idle (at work from the job's first sample) is weighed against its node's idle GPUs,
        # the same model beside it (holdout73, blind: nnU-Net training on GPU 0 of eight from before its first
        # sample, at 300-370 W against its idle neighbours' 55-75 W, its console silent for the hour).
        idle_of: dict[str, list[float]] = {}
        for key in peers.power:
            st = self.gpus.get(key)
            if st is not None and st.idle_power:
                idle_of.setdefault(key[0], []).append(st.idle_power)
        node_idle = {node: _median(values) for node, values in idle_of.items()}
        for key, power in peers.power.items():
            st = self.gpus.get(key)
            if (
                peers.power_t.get(key, -1e18) <= since
                or st is None
                or st.util is None
                or st.util_t is None
                or st.util_t <= since
            ):
                continue
            # Its power says it works (a kernel spinning in a collective draws 1-2x idle at 90-100 %), whatever
            # share of the time a kernel runs (holdout48, blind: AREkit's one TITAN RTX at 42 % and 131 W
            # against 28 W idle, its log silent for 90 minutes of training).
            # A sample may read 0 % between two kernels: one above 0 % since ``since`` will do, at that power
            # (holdout53, blind: Triton autotuning on an RTX 5090, 0-31 % at 76-116 W against 28 W idle).
            worked = st.util >= PART_LOW or (st.busy_t is not None and st.busy_t > since)
            idle = st.idle_power or node_idle.get(key[0])
            busy = worked and bool(idle) and power >= START_RISE * (idle or 0.0)
            per_node.setdefault(key[0], []).append(busy)
        if set(per_node) != set(alone):
            return None  # a node of the job not heard from since: no word on it
        for node, flags in per_node.items():
            if not any(flags) or (not alone[node] and not all(flags)):
                return None
        n = sum(sum(b) for b in per_node.values())
        return (
            f"{n} GPU(s) of its node(s) busy since at {START_RISE:g}x or more their own idle power: it computes "
            "without printing"
        )

    def _heard_since(
        self, job: str, since: float, min_gpus: int = 2
    ) -> tuple[JobPeers, list[tuple[GpuState, float]]] | None:
        """Every GPU of the job with its utilisation and power, when each reported both after ``since``
        (None otherwise: a GPU not heard from since may be the one that differs, so wait for every one),
        and the job has ``min_gpus`` at least (a comparison between GPUs needs two)."""
        peers = self.peers.get(job)
        if peers is None or len(peers.power) < min_gpus:
            return None
        recent = [(k, p) for k, p in peers.power.items() if peers.power_t.get(k, -1e18) > since]
        if len(recent) < max(min_gpus, len(peers.power), peers.size):
            return None
        out: list[tuple[GpuState, float]] = []
        for key, power in recent:
            st = self.gpus.get(key)
            if st is None or st.util_t is None or st.util_t <= since or st.util is None:
                return None
            out.append((st, power))
        return peers, out

    def sample_due(self, nodes: tuple[str, ...], since: float, now: float) -> bool:
        """Whether a node of ``nodes`` whose exporter reports has not reported since ``since`` and its next
        round is not overdue yet (1.5 of its own period; ``FIRST_PERIOD_MAX_S`` when one round only was
        seen): what its GPUs do since then is not known yet, and will be. A node never heard from, or
        overdue, has nothing to wait for. holdout44, blind: Detectron's GPUs sampled every 30 min, the
        one sample before its start read idle, and 15 minutes of silence were called a start-up that hung
        while the eight GPUs trained (the next sample read them at 192 W)."""
        for node in nodes:
            seen = self.node_seen.get(node)
            if seen is None:
                continue
            if seen[0] > since:
                if now - seen[0] < ROUND_S:
                    return True  # its round is still coming in
                continue
            wait = 1.5 * seen[1] if seen[1] > 0.0 else FIRST_PERIOD_MAX_S
            if now - seen[0] < wait:
                return True
        return False

    def dark_nodes(
        self, nodes: tuple[str, ...], since: float, now: float, periods: float = DARK_PERIODS
    ) -> tuple[list[str], float] | None:
        """The nodes of a silent job whose exporter went dark: no sample since ``since`` (about the job's
        last beat), ``periods`` of its own sampling period overdue, while another node reported a
        round after it and is still on time. With the longest of the dark nodes' periods, or None.

        A node powered off, hung or cut off answers no scrape; a collector that stopped answers for no
        node (then the controller is blind, and the silence waits for its usual deadline). holdout19,
        blind: a DGX Spark's hard power-off, its job's other node still training into the silence.
        """
        dark: list[str] = []
        latest, period = -1e18, 0.0
        for node in nodes:
            seen = self.node_seen.get(node)
            if seen is None or seen[1] <= 0.0:
                continue  # never heard, or one round only: no period of its own to be overdue by
            if seen[0] <= since and now - seen[0] >= periods * seen[1]:
                dark.append(node)
                latest, period = max(latest, seen[0]), max(period, seen[1])
        if not dark:
            return None
        for node, seen in self.node_seen.items():
            if (
                node not in dark
                and seen[0] > latest + ROUND_S
                and now - seen[0] < 1.5 * max(seen[1], ROUND_S)
            ):
                return dark, period
        return None

    def missing_gpu(self, node: str, since: float) -> int | None:
        """The one GPU of ``node`` that reported up to about ``since`` and is absent from the node's rounds
        since, two complete rounds at least (None: fewer, none absent, or several).

        A GPU that fell off the bus answers no query; its exporter reports the node's others. When the node
        said a GPU was lost without naming it (NVML's "GPU is lost" passed on by slurmstepd), the one missing
        from its rounds is that GPU (holdout39, blind: GPU 3 of a 2080 Ti node gone from the DCGM rounds
        after slurmstepd's NVML errors). A round is complete once the next one began."""
        seen = self.node_seen.get(node)
        if seen is None or seen[1] <= 0.0:
            return None
        period = seen[1]
        complete = seen[0] - period  # the latest complete round began then
        if complete - period <= since + ROUND_S:
            return None  # two complete rounds since, or nothing to go by
        gone = [
            g
            for g in self.node_gpus.get(node, ())
            if (last := self.gpu_seen.get((node, g))) is not None
            and since - 1.5 * period <= last <= since + ROUND_S
        ]
        return gone[0] if len(gone) == 1 else None

    def working_intermittently(self, job: str, since: float) -> str | None:
        """Why a silent job's GPUs read as working since ``since``, kernels starting and finishing (None:
        they do not, or not every GPU was heard from since).

        A process that stopped leaves its GPU idle (0 %) or pegged in a kernel that never returns (a
        collective waiting for a peer: 90-100 %); a partial utilisation, two samples in a row, is
        kernels launched and completed (``GpuState.part_n``: one sample otherwise, between two loops, does not
        undo a run). Most of the job's GPUs so, each heard from since: the job works
        without printing (holdout18, blind: mmsegmentation's 76-minute distributed evaluation after a
        save, its GPUs at 38-79 % and a median 150 W against 260 W at training, below the power rule).
        A GPU of its nodes idle since before ``since`` was idle while the job still printed: not one it
        works on (a job on one GPU of a four-GPU node; holdout21, blind: a 41-minute beam-search validation
        at 2-6 %), and a job on one GPU counts too."""
        heard = self._heard_since(job, since, min_gpus=1)
        if heard is None:
            return None
        gpus = [
            st
            for st, _ in heard[1]
            if not (st.idle_n and st.idle_since is not None and st.idle_since <= since)
        ]
        part = [st.util or 0.0 for st in gpus if st.part_n >= 2]
        if not gpus or len(part) * 2 <= len(gpus):
            return None
        return (
            f"{len(part)} of its {len(gpus)} GPUs reporting since work intermittently ({min(part):.0f}-"
            f"{max(part):.0f} % busy in their latest samples): kernels start and finish, which neither a rank "
            "waiting in a collective (pegged) nor one left behind (idle) shows"
        )

    def all_spinning(self, job: str, since: float) -> str | None:
        """Why every GPU of a silent job reads as waiting in a collective since ``since`` (None: not so).

        A rank at work draws its working power; a rank whose kernel waits for a peer spins in it,
        pegged (``PART_HIGH``: a kernel that never returns) at a fraction of that power; a rank doing anything else (a save, a CPU
        pause, a data loader) leaves its GPU idle. When every GPU of the job reported since
        ``since`` and every one spins, no rank is left to complete the collective: the ranks
        wait for each other, and the silence is a stall before its usual deadline. A job whose
        working power is itself low (nothing to compare) never reads so: the ratio is to its own level.
        """
        heard = self._heard_since(job, since)
        if heard is None or not heard[0].peak_power:
            return None
        peers, gpus = heard
        peak = peers.peak_power or 0.0
        if any(st.util is None or st.util < PART_HIGH or w >= self.power_ratio * peak for st, w in gpus):
            return None
        now = _median([w for _, w in gpus])
        return (
            f"every one of its {len(gpus)} GPUs reporting since spins busy at a median {now:.0f} W, "
            f"{now / peak:.0%} of the {peak:.0f} W they drew at work: "
            "every rank waits in a collective, none is left to complete it"
        )

    def all_spinning_at_start(self, job: str, since: float) -> str | None:
        """Why every GPU of a job still before its first step reads as waiting in a collective since
        ``since`` (None: not so). Before any step the job has no working level to compare with, but
        each GPU has its own idle power: a kernel spinning in a collective keeps it busy at little more
        than that (1-2x), computing draws 3-5x. Busy below ``START_RISE`` x its own idle power, every
        GPU of the job, each heard from since: no rank has begun to compute, all wait for each other
        (holdout14: SoundStream's first step, 100 % at the 70 W they drew idle). A GPU never seen idle
        has no such level: no word on it."""
        heard = self._heard_since(job, since)
        if heard is None:
            return None
        gpus = heard[1]
        for st, w in gpus:
            if st.util is None or st.util < PART_HIGH or not st.idle_power or w >= START_RISE * st.idle_power:
                return None
        now = _median([w for _, w in gpus])
        idle = _median([st.idle_power or 0.0 for st, _ in gpus])
        return (
            f"every one of its {len(gpus)} GPUs reporting since spins busy at a median {now:.0f} W, "
            f"within {START_RISE:g} x the {idle:.0f} W they drew idle: no rank has begun to "
            "compute, every one waits in a collective"
        )

    def to_state(self) -> dict[str, Any]:
        return {
            "g": [[n, g, s.to_state()] for (n, g), s in self.gpus.items()],
            "t": self.thermal.to_state(),
            # Each job's size, so that after a restore (every tick, when the last ran elsewhere) a big
            # job's first samples are not taken for a job too small for peers.
            "p": {job: p.size for job, p in self.peers.items() if p.size},
            # ... and the power each drew at work: "still computing" is measured against it, and the
            # GPUs' latest power, so that a silent job's next tick in another process can tell.
            "w": {
                job: [
                    p.peak_power,
                    [[n, g, w, p.power_t.get((n, g))] for (n, g), w in p.power.items()],
                    p.floor_power,
                ]
                for job, p in self.peers.items()
                if p.peak_power
                or p.power  # a job too small for a working level: its GPUs' power still counts
            },
            # ... and each GPU's latest SM clock: a node whose every GPU is slow is slow only against the
            # job's other nodes, which a tick in another process has not seen since (holdout18, blind:
            # a whole node power-braked to 382 MHz, found plain and missed across every handover).
            "c": {
                job: [[n, g, c] for (n, g), c in p.clock.items()] for job, p in self.peers.items() if p.clock
            },
            # ... and when each node last reported, at what period: a node that went dark is dark only
            # against its own rhythm and the others' latest rounds.
            "n": {node: list(seen) for node, seen in self.node_seen.items()},
            # ... and each GPU's latest sample: one absent from its node's rounds is named by its absence
            "s": [[n, g, t] for (n, g), t in self.gpu_seen.items()],
            # ... and each busy GPU's PCIe link, compared with its peers'
            "l": {
                job: [[n, g, *v] for (n, g), v in p.link.items()] for job, p in self.peers.items() if p.link
            },
            "ll": sorted(self.link_limited),
        }

    def load_state(self, d: dict[str, Any]) -> None:
        for n, g, s in d.get("g", []):
            self.gpus[(str(n), int(g))] = GpuState.from_state(s)
            self.node_gpus.setdefault(str(n), set()).add(int(g))
        self.thermal.load_state(d.get("t", {}))
        for job, size in d.get("p", {}).items():
            if isinstance(size, int):
                self.peers.setdefault(str(job), JobPeers()).size = size
        for job, links in d.get("l", {}).items():  # absent in states written before
            peers = self.peers.setdefault(str(job), JobPeers())
            for n, g, gen, width in links:
                peers.link[(str(n), int(g))] = (float(gen), float(width))
        self.link_limited = {str(n) for n in d.get("ll", [])}
        for node, seen in d.get("n", {}).items():  # absent in states written before
            self.node_seen[str(node)] = [float(seen[0]), float(seen[1])]
        for n, g, t in d.get("s", []):  # absent in states written before
            self.gpu_seen[(str(n), int(g))] = float(t)
        for job, clocks in d.get("c", {}).items():  # absent in states written before
            peers = self.peers.setdefault(str(job), JobPeers())
            for n, g, c in clocks:
                peers.clock[(str(n), int(g))] = float(c)
        for job, (peak, powers, *rest) in d.get("w", {}).items():
            peers = self.peers.setdefault(str(job), JobPeers())
            peers.peak_power = None if peak is None else float(peak)
            if rest and rest[0] is not None:
                peers.floor_power = float(rest[0])
            for n, g, w, t in powers:
                peers.power[(str(n), int(g))] = float(w)
                if t is not None:
                    peers.power_t[(str(n), int(g))] = float(t)


def _replay(t: float, st: GpuState, value: Any) -> None:
    """Keep the GPU's PCIe replay count and its rate per minute since the sample before (a count that went
    down is a reset counter: no rate)."""
    count = _num(value)
    if count is None:
        return
    prev = st.replay
    rate = None
    if prev is not None and t > prev[1] and count >= prev[0]:
        rate = (count - prev[0]) * 60.0 / (t - prev[1])
    st.replay = [count, t, rate]


def _samples_needed(
    need: int,
    hw: bool,
    clock: float,
    ref: float,
    power: float | None,
    med_power: float | None,
    busy: bool,
    own: bool,
    hot: bool = False,
) -> int:
    """Slow samples in a row that confirm a slow GPU: ``need``, fewer the further a busy GPU is held below
    its peers (``BRAKED_CLOCK``, ``HELD_CLOCK``/``HELD_POWER``, ``BRAKED_POWER``). A GPU compared with its own
    past (``own``: too few peers) and an idle one keep ``need``.

    ``hot``: held by a thermal slowdown while ``HOT_ABOVE_C`` hotter than its job's other GPUs under the same
    work. The board's own brake on a GPU that hot is no clock change caught mid-way: heat leaves a heatsink
    in minutes, not between two samples, so one sample confirms it at any clock below ``HOT_RATIO``
    (holdout59, blind: an H100 at 88 C beside its peers' 60 C, HW slowdown and HW thermal at 0.83x their
    clock, sampled every 600 s)."""
    if own or not busy:
        return need
    if hw and hot:
        return 1
    if clock > BRAKED_CLOCK * ref:
        return need
    if hw:
        return 1
    share = power / med_power if power is not None and med_power else None
    if share is None:
        return need
    if clock <= HELD_CLOCK * ref and share <= HELD_POWER:
        return 1
    return min(need, 2) if share <= BRAKED_POWER else need


def _runaway_info(gpu: int, hot: dict[str, float]) -> LineInfo:
    text = (
        f"GPU {gpu} heated {hot['start']:.0f} -> {hot['temp']:.0f} C in {hot['seconds']:.0f} s while its "
        f"peers stayed at {hot['peers']:.0f} C (cooling failure; throttling follows)"
    )
    data = {"ratio": 0.99, "reasons": None, "thermal": True, "since": hot["since"]}
    return LineInfo(Kind.SLOW_GPU, gpu=gpu, text=text, data=data)
