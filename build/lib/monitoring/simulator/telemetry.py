"""GPU telemetry samples, with DCGM field names, as dcgm-exporter would publish them.

Values follow what H100 SXM boards report under a training load (≈600–690 W, 1980 MHz
SM clock, 55–72 °C) and when idle (≈70 W, 345 MHz), with a little noise so detectors
that compare a GPU with its peers see a realistic spread.
"""

from __future__ import annotations

import random
from typing import Any

from monitoring.simulator.model import GpuState

THROTTLE_SW_POWER_CAP = 0x4
THROTTLE_HW_SLOWDOWN = 0x8
THROTTLE_HW_THERMAL = 0x40
THROTTLE_HW_POWER_BRAKE = 0x80
THERMAL_RAMP_S = 60.0  # how long a failing cooler takes to push the GPU into HW throttling


def new_gpu(rng: random.Random) -> GpuState:
    return GpuState(
        temp_base=round(rng.uniform(55, 70), 1),
        power_base=round(rng.uniform(610, 680), 1),
        fb_base=rng.randint(72000, 78600),
        sbe=rng.choice((0, 0, 0, 0, 1, 2, 5)),
        pcie_replay=rng.choice((0, 0, 0, 3, 12)),
    )


def thermal_progress(g: GpuState, t: float) -> float:
    """0 → 1 while the GPU heats up after a cooling fault; ≥ 1 once it is throttling."""
    if g.throttle != "thermal":
        return 0.0
    return max(0.0, (t - g.throttle_since) / THERMAL_RAMP_S)


def slowdown(g: GpuState, t: float) -> float:
    """How much slower a training step gets because of this GPU (the job waits for the slowest)."""
    if g.throttle == "power_brake":
        return 1.37
    if g.throttle == "thermal":
        p = thermal_progress(g, t)
        return 1.0 + 0.45 * min(1.0, max(0.0, (p - 0.8) / 0.6))
    return 1.0


def sample(g: GpuState, busy: bool, t: float, rng: random.Random) -> dict[str, Any]:
    """One DCGM sample of one GPU, or only the last Xid once the GPU is off the bus."""
    if g.off_bus:
        return {"DCGM_FI_DEV_XID_ERRORS": g.xid}
    if rng.random() < 2e-4:
        g.sbe += 1  # a corrected single-bit error: harmless, and real boards show them
    dead = g.dbe > 0 or g.xid in (64, 95, 119)
    throttle = 0
    if busy and not dead:
        temp = g.temp_base + rng.uniform(-1.0, 1.0)
        power = g.power_base + rng.uniform(-15, 15)
        clock = 1980
        util = rng.choice((99, 100, 100, 100))
        fb = g.fb_base + rng.randint(-2, 2)
    else:
        temp = max(32.0, g.temp_base - 22 + rng.uniform(-1.0, 1.0))
        power = 70 + rng.uniform(-3, 3)
        clock = 345
        util = 0
        fb = rng.choice((0, 1, 4))
    if g.throttle == "thermal" and busy:
        p = thermal_progress(g, t)
        temp = g.temp_base + (89.0 - g.temp_base) * min(1.0, p) + rng.uniform(0, 2)
        if p >= 1.0:
            throttle = THROTTLE_HW_THERMAL | THROTTLE_HW_SLOWDOWN
            clock = rng.randint(1150, 1385)
            power = rng.uniform(418, 440)
    elif g.throttle == "power_brake" and busy:
        throttle = THROTTLE_HW_POWER_BRAKE
        clock = rng.randint(1118, 1325)
        power = rng.uniform(285, 322)
    return {
        "DCGM_FI_DEV_GPU_TEMP": int(round(temp)),
        "DCGM_FI_DEV_POWER_USAGE": round(power, 3),
        "DCGM_FI_DEV_SM_CLOCK": clock,
        "DCGM_FI_DEV_GPU_UTIL": util,
        "DCGM_FI_DEV_FB_USED": fb,
        "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": g.sbe,
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": g.dbe,
        "DCGM_FI_DEV_ROW_REMAP_PENDING": g.remap_pending,
        "DCGM_FI_DEV_ROW_REMAP_FAILURE": g.remap_failure,
        "DCGM_FI_DEV_XID_ERRORS": g.xid,
        "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": g.pcie_replay,
        "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": g.nvlink_crc,
        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": throttle,
    }


def repaired(g: GpuState) -> GpuState:
    """The GPU after a technician's reset or swap: error state cleared, counters kept sane."""
    return GpuState(
        temp_base=g.temp_base, power_base=g.power_base, fb_base=g.fb_base, sbe=0, pcie_replay=g.pcie_replay
    )
