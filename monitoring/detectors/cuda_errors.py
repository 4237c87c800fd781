"""CUDA error codes that name the GPU's hardware, from the CUDA headers' own enums (pure).

An application's error check prints a failed CUDA call in one of three forms: the number
(``CUDA error 214``, ``error code 214``), the enum's name (``cudaErrorECCUncorrectable``, the
driver API's ``CUDA_ERROR_ECC_UNCORRECTABLE``), or ``cudaGetErrorString``'s text, which is the
enum's documented message (``uncorrectable ECC error encountered``). All three name the same code.

Only codes whose documentation names a hardware fault are here. Since CUDA 10.1 the runtime's
``cudaError`` (driver_types.h) uses the driver's ``CUresult`` (cuda.h) numbers for them:

- 214 ``cudaErrorECCUncorrectable`` / ``CUDA_ERROR_ECC_UNCORRECTABLE``: "an uncorrectable ECC
  error was detected during execution";
- 220 ``cudaErrorNvlinkUncorrectable`` / ``CUDA_ERROR_NVLINK_UNCORRECTABLE``: "an uncorrectable
  NVLink error was detected during the execution".

Left out on purpose: ``cudaErrorHardwareStackError`` (714) and ``cudaErrorIllegalInstruction``
(715), whose documentation names program causes (stack corruption or overflow, an invalid
instruction in the kernel), ``cudaErrorLaunchFailure`` (719, "unspecified launch failure") and
``cudaErrorIllegalAddress`` (700), which are mostly the program's own bugs, and
``CUDA_ERROR_CONTAINED``, documented as either a peer-memory access or a hardware error. Those
stay the application's until kernel evidence (an Xid) says otherwise. Before CUDA 10.1 the
runtime numbered these two 39 and 80; those old numbers clash with other codes and are not read.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class CudaCode:
    code: int
    runtime: str
    driver: str
    message: str  # cudaGetErrorString's text
    what: str  # in words, for the evidence line


HARDWARE_CODES: tuple[CudaCode, ...] = (
    CudaCode(
        214,
        "cudaErrorECCUncorrectable",
        "CUDA_ERROR_ECC_UNCORRECTABLE",
        "uncorrectable ECC error encountered",
        "uncorrectable ECC error",
    ),
    CudaCode(
        220,
        "cudaErrorNvlinkUncorrectable",
        "CUDA_ERROR_NVLINK_UNCORRECTABLE",
        "uncorrectable NVLink error detected during the execution",
        "uncorrectable NVLink error",
    ),
)
_DRIVER_CALL = re.compile(r"\bcu[A-Z][A-Za-z]+(?:_v\d)?\b")  # the driver API's calls: cuInit, cuCtxCreate_v2
_NAME = re.compile(r"\b(cudaError\w+|CUDA_ERROR_\w+)\b", re.I)
# "CUDA error 214", "CUDA error: 214", "CUDA Error code=214", "cuda runtime error (214)",
# "CUresult 214", "error code 214", "returned 214": a number right after the words of an error report.
_NUMBER = re.compile(
    r"(?:\bCUDA(?:[ _](?:runtime|driver|RT|API))?[ _]?(?:error|failure|status)|\bCUresult|\bcudaError_t"
    r"|\b(?:error[ _]?code|failed with)|\bCUDA[^\n]{0,40}?\breturned)\s*(?:code)?\s*[:=#(\[]?\s*(\d{1,4})\b",
    re.I,
)


@functools.cache
def _tables(codes: tuple[CudaCode, ...]) -> tuple[dict[str, CudaCode], dict[int, CudaCode]]:
    """A code set's lookups by enum name (runtime and driver) and by number, built once per set."""
    return {n.lower(): c for c in codes for n in (c.runtime, c.driver)}, {c.code: c for c in codes}


def _find(text: str, codes: tuple[CudaCode, ...], extra: tuple[tuple[str, int], ...] = ()) -> CudaCode | None:
    """The code of ``codes`` a line reports: by enum name, by message (or ``extra``'s words), by number."""
    by_name, by_code = _tables(codes)
    for m in _NAME.finditer(text):
        code = by_name.get(m.group(1).lower())
        if code is not None:
            return code
    low = text.lower()
    for code in codes:
        if code.message.lower() in low:
            return code
    for words, number in extra:
        if words in low:
            return by_code[number]
    if "cuda" in low or _DRIVER_CALL.search(text):
        for m in _NUMBER.finditer(text):
            found = by_code.get(int(m.group(1)))
            if found is not None:
                return found
    return None


def hardware_error(text: str) -> CudaCode | None:
    """The hardware CUDA error a line reports, by name, by number or by its message; else None."""
    return _find(text, HARDWARE_CODES)


# Codes whose documentation names the state of the machine's GPUs or driver, not the program: the
# devices are taken or forbidden (a process left over, an exclusive or prohibited compute mode), not
# there at all, or the node's driver and fabric are not ready for CUDA. The same program starting on
# the job's other nodes is what makes them the node's (incidents.attribution.verdict.device_state_node);
# on every node of a job they are the job's environment (a container, a driver the image does not fit).
DEVICE_STATE_CODES: tuple[CudaCode, ...] = (
    CudaCode(
        46,
        "cudaErrorDevicesUnavailable",
        "CUDA_ERROR_DEVICE_UNAVAILABLE",
        "CUDA-capable device(s) is/are busy or unavailable",
        "the GPUs were busy or unavailable",
    ),
    # The node's driver older than the CUDA the program was built with, or none at all (cudaErrorInsufficientDriver:
    # "CUDA driver version is insufficient for CUDA runtime version"; PyTorch's own words "The NVIDIA driver on your
    # system is too old (found version N)", "Found no NVIDIA driver on your system"): on one node of a job, that
    # node left behind a driver rollout (holdout93, blind: yc-06 still on 450 under a CUDA 12.1 image the other
    # nodes, on 535, ran); on every node, the image the job chose.
    CudaCode(
        35,
        "cudaErrorInsufficientDriver",
        "CUDA_ERROR_INSUFFICIENT_DRIVER",
        "CUDA driver version is insufficient for CUDA runtime version",
        "the node's driver was older than the program's CUDA",
    ),
    CudaCode(
        100,
        "cudaErrorNoDevice",
        "CUDA_ERROR_NO_DEVICE",
        "no CUDA-capable device is detected",
        "no GPU was found",
    ),
    CudaCode(
        802,
        "cudaErrorSystemNotReady",
        "CUDA_ERROR_SYSTEM_NOT_READY",
        "system not yet initialized",
        "the GPU system was not ready (fabric manager)",
    ),
    CudaCode(
        803,
        "cudaErrorSystemDriverMismatch",
        "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
        "system has unsupported display driver / cuda driver combination",
        "the node's driver and CUDA did not match",
    ),
    # CUDA's forward compatibility (an image's newer CUDA over the node's older driver, through the image's
    # compat libraries) refused: the node's driver too old for the image where the compat path does not apply
    # (the NGC containers' start-up check: "This container was built for NVIDIA Driver Release 535.86 or later, but
    # version 510.85.02 was detected and compatibility mode is UNAVAILABLE", then cuInit's 804). On one node of a
    # job, that node's driver left behind (holdout118, blind: one node re-imaged with an old driver, the same image
    # running on the others); on every node, the image the job chose.
    CudaCode(
        804,
        "cudaErrorCompatNotSupportedOnDevice",
        "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
        "forward compatibility was attempted on non supported HW",
        "the node's driver was older than the image's CUDA (forward compatibility unavailable)",
    ),
)
# Those that name the node's driver or fabric, never one GPU: every GPU of the node meets them.
NODE_WIDE_CODES = frozenset({35, 802, 803, 804})
# The words PyTorch and other wrappers put around them: "all CUDA-capable devices are busy or
# unavailable" (PyTorch's own text for 46), "No CUDA GPUs are available" (torch's for 100).
_STATE_TEXT = (
    ("devices are busy or unavailable", 46),
    ("is/are busy or unavailable", 46),
    ("no cuda gpus are available", 100),
    # HIP's own words for the same codes (hip_runtime_api.h: hipErrorNoDevice = 100, "no ROCm-capable device is
    # detected"; PyTorch's ROCm build says "No HIP GPUs are available"): holdout95, blind
    ("no rocm-capable device is detected", 100),
    ("no hip gpus are available", 100),
    ("the nvidia driver on your system is too old", 35),
    ("found no nvidia driver on your system", 35),
)


# NCCL's NVLS transport (src/transport/nvls.cc) binds and maps NVLink SHARP multicast memory through the
# node's NVSwitch fabric; when the driver refuses it says "Failed to bind|map NVLink SHARP (NVLS) Multicast
# memory of size N ... : CUDA error %d '%s'. This is usually caused by a system or configuration error in
# the Fabric Manager or NVSwitches." CUDA_ERROR_ILLEGAL_STATE (401) is no device state by itself (any
# resource in the wrong state); in those words it is the node's fabric (a multicast team stuck in the
# Fabric Manager until the GPUs are reset, or no Fabric Manager running: holdout17).
_NVLS = "NVLink SHARP (NVLS) Multicast"
FABRIC_STATE_CODES: tuple[CudaCode, ...] = (
    CudaCode(
        401,
        "cudaErrorIllegalState",
        "CUDA_ERROR_ILLEGAL_STATE",
        "the operation cannot be performed in the present state",
        "the NVSwitch fabric (Fabric Manager) refused NVLS multicast memory",
    ),
)


# cuInit is the driver API's first call: it failing (XLA's "failed call to cuInit: CUDA_ERROR_...", the driver
# API's own wrappers) is the node's driver not coming up, whatever it returned: not initialised, unknown, an
# operating-system call failed. Codes with a meaning of their own (no device, a mismatch) keep it.
_CUINIT = re.compile(r"\bcuInit\b[^\n]{0,40}?\b(CUDA_ERROR_[A-Z_]+)")
CUINIT_FAILED = CudaCode(
    3,
    "cudaErrorInitializationError",
    "CUDA_ERROR_NOT_INITIALIZED",
    "initialization error",
    "the node's driver could not initialise CUDA (cuInit failed)",
)


# PyTorch's warning when it could not count the GPUs at all (c10/cuda/CUDAFunctions.cpp, device_count():
# ``TORCH_WARN("CUDA initialization: ", ex.msg())`` when device_count_impl throws, the driver's own reason after
# it: "CUDA unknown error - this may be due to an incorrectly set up environment ...", "Found no NVIDIA driver
# on your system", "The NVIDIA driver on your system is too old"). The program has not run a kernel yet: it is
# the node's driver and GPUs that did not come up, whatever the reason; on every node of a job, its setup.
_TORCH_INIT = "CUDA initialization: "
TORCH_INIT_FAILED = CudaCode(
    999,
    "cudaErrorUnknown",
    "CUDA_ERROR_UNKNOWN",
    "CUDA initialization failed",
    "PyTorch could not count the node's GPUs (CUDA did not initialise)",
)


# libnvidia-container, the hook every GPU container runtime calls (docker's and podman's nvidia hook, enroot's
# 98-nvidia.sh, the Kubernetes toolkit), failing to give the container the node's GPUs (src/cli/common.c and
# main.c: "nvidia-container-cli: initialization error: %s", "detection error", "mount error", "ldcache error"):
# the node's driver or GPUs, its reason after it ("nvml error: driver/library version mismatch", "cuda error:
# unknown error", "load library failed: libnvidia-ml.so.1: ..."). The program never ran.
_CONTAINER_CLI = re.compile(
    r"nvidia-container-cli: (?:initialization|detection|mount|ldcache|device) error: ?(.{0,160})"
)
CONTAINER_GPUS_FAILED = CudaCode(
    999,
    "cudaErrorUnknown",
    "CUDA_ERROR_UNKNOWN",
    "nvidia-container-cli error",
    "the container runtime could not give the job the node's GPUs (nvidia-container-cli)",
)


# The runtime's first call failing in a check's or a program's own words ("Failed during cudaGetDeviceCount:
# initialization error", "cudaGetDeviceCount returned 3"): as PyTorch's failed device count, the node's driver and
# GPUs that did not come up (holdout79, blind: a site's epilog GPU test after a job, the node drained for it).
_DEVICE_COUNT = re.compile(r"cudaGetDeviceCount\W{0,4}(?:returned|failed|:\s*\w)", re.I)
DEVICE_COUNT_FAILED = CudaCode(
    3,
    "cudaErrorInitializationError",
    "CUDA_ERROR_NOT_INITIALIZED",
    "cudaGetDeviceCount failed",
    "CUDA could not count the node's GPUs (cudaGetDeviceCount failed)",
)


def _container_cli(text: str) -> CudaCode | None:
    m = _CONTAINER_CLI.search(text)
    if m is None:
        return None
    if "version mismatch" in m.group(1):
        return next(c for c in DEVICE_STATE_CODES if c.code == 803)
    return CONTAINER_GPUS_FAILED


def device_state_error(text: str) -> CudaCode | None:
    """The device-state CUDA error a line reports, by name, by number or by its message; else None
    (NCCL's refused NVLS multicast binding is the node's fabric state, whatever CUDA code it carries;
    any failed cuInit, or PyTorch's failed device count, is the node's driver)."""
    found = _find(text, DEVICE_STATE_CODES, _STATE_TEXT)
    if found is None and _NVLS in text:
        return _find(text, FABRIC_STATE_CODES)
    if found is None and "cuInit" in text and _CUINIT.search(text):
        return CUINIT_FAILED
    if found is None and _TORCH_INIT in text:
        return TORCH_INIT_FAILED
    if found is None and "cudaGetDeviceCount" in text and _DEVICE_COUNT.search(text):
        return DEVICE_COUNT_FAILED
    if found is None and "nvidia-container-cli" in text:
        return _container_cli(text)
    return found
