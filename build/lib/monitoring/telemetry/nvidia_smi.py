"""``nvidia-smi --query-gpu`` CSV → ``gpu`` events.

Where no NVML agent runs on the node, the controller asks nvidia-smi over the
cluster's transport. The query list below is the project's documented one; every
name is an nvidia-smi ``--query-gpu`` property (``nvidia-smi --help-query-gpu``),
chosen to be accepted by drivers before and after the 2023 rename of
``clocks_throttle_reasons.*`` to ``clocks_event_reasons.*`` (the old spelling
stays a documented alias). nvidia-smi cannot report the PCIe replay counter,
NVLink CRC errors or the last Xid: those come from NVML or dcgm-exporter.

Formats understood:

* ``--format=csv``: a header line (``power.draw [W]``: the unit in brackets)
  and values with units (``69.85 W``, ``1980 MHz``, ``0 %``, ``0 MiB``), any
  column order, any subset of known columns; unknown columns are ignored.
* ``--format=csv,noheader,nounits`` (units tolerated too): columns must be in
  the order of the list that was queried (``QUERY_FIELDS`` unless given).

Values nvidia-smi prints when it has none (``[N/A]``, ``N/A``, ``[Not
Supported]``, ``[Requested functionality has been deprecated]``, empty) are
omitted from the event, never turned into 0. Pure: no I/O.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

from monitoring.telemetry import fields as F
from monitoring.telemetry.fields import GpuRow, TelemetryParseError

log = logging.getLogger(__name__)

QUERY_FIELDS: tuple[str, ...] = (
    "index",
    "pci.bus_id",
    "temperature.gpu",
    "power.draw",
    "clocks.sm",
    "utilization.gpu",
    "memory.used",
    "ecc.errors.corrected.volatile.total",
    "ecc.errors.uncorrected.volatile.total",
    "remapped_rows.pending",
    "remapped_rows.failure",
    "clocks_throttle_reasons.active",
)

# nvidia-smi property (either spelling it accepts) → DCGM field. The header of
# ``--format=csv`` prints the canonical spelling (``clocks.current.sm``,
# ``clocks_event_reasons.active`` on new drivers) whatever alias was queried.
_COLUMN_FIELDS: dict[str, str] = {
    "temperature.gpu": F.TEMP,
    "power.draw": F.POWER_USAGE,
    "clocks.sm": F.SM_CLOCK,
    "clocks.current.sm": F.SM_CLOCK,
    "utilization.gpu": F.GPU_UTIL,
    "memory.used": F.FB_USED,
    "ecc.errors.corrected.volatile.total": F.ECC_SBE_VOL_TOTAL,
    "ecc.errors.uncorrected.volatile.total": F.ECC_DBE_VOL_TOTAL,
    "remapped_rows.pending": F.ROW_REMAP_PENDING,
    "remapped_rows.failure": F.ROW_REMAP_FAILURE,
    "clocks_throttle_reasons.active": F.CLOCK_THROTTLE_REASONS,
    "clocks_event_reasons.active": F.CLOCK_THROTTLE_REASONS,
    "gpu_recovery_action": F.GPU_RECOVERY_ACTION,
}
_INDEX_COLUMNS = {"index"}
_BUS_COLUMNS = {"pci.bus_id", "gpu_bus_id"}
_UUID_COLUMNS = {"uuid", "gpu_uuid"}
_KNOWN_COLUMNS = set(_COLUMN_FIELDS) | _INDEX_COLUMNS | _BUS_COLUMNS | _UUID_COLUMNS

_NUMBER = re.compile(r"^([-+]?\d+(?:\.\d+)?)(?:\s*(?:W|MHz|%|MiB|C|us|ms))?$")
_FLAGS = {"yes": 1, "no": 0, "active": 1, "not active": 0}
# ``nvidia-smi -q`` spells the recovery action in words ("GPU Recovery Action : None").
_RECOVERY_WORDS = {
    "none": 0,
    "reset": 1,
    "gpu reset": 1,
    "reboot": 2,
    "node reboot": 2,
    "drain p2p": 3,
    "drain and reset": 4,
}
_NO_DEVICES = "no devices were found"


def query_argv(fields: Sequence[str] = QUERY_FIELDS, header: bool = True) -> list[str]:
    """The command line that produces what :func:`parse_nvidia_smi` reads.

    With the header the parser checks column names itself, so the default is
    the header form: a driver that reorders or renames a column cannot shift
    values into the wrong field.
    """
    fmt = "csv" if header else "csv,noheader,nounits"
    return ["nvidia-smi", f"--query-gpu={','.join(fields)}", f"--format={fmt}"]


def parse_value(raw: str) -> int | float | None:
    """One cell → a number, or None when nvidia-smi has no value for it.

    Numbers may carry a unit (``350.12 W``); bitmasks are hex
    (``0x0000000000000080``); flags are ``Yes``/``No``.
    """
    text = raw.strip()
    if not text or text.startswith("[") or text.upper() in ("N/A", "UNKNOWN ERROR"):
        return None
    if text[:2] in ("0x", "0X"):
        try:
            return int(text, 16)
        except ValueError:
            return None
    m = _NUMBER.match(text)
    if m:
        return F.as_number(float(m.group(1)))
    low = text.lower()
    if low in _FLAGS:
        return _FLAGS[low]
    return _RECOVERY_WORDS.get(low)


def _column_name(cell: str) -> str:
    """``power.draw [W]`` → ``power.draw``."""
    name = cell.strip()
    if name.endswith("]") and " [" in name:
        name = name[: name.rindex(" [")]
    return name


def _is_header(cells: list[str]) -> bool:
    return any(_column_name(c) in _KNOWN_COLUMNS for c in cells)


def _row(cells: list[str], columns: list[str], position: int, pci_bus_ids: Sequence[str]) -> GpuRow | None:
    values: dict[str, int | float] = {}
    index: int | None = None
    bus: str | None = None
    uuid: str | None = None
    for column, cell in zip(columns, cells, strict=True):
        if column in _INDEX_COLUMNS:
            v = parse_value(cell)
            index = int(v) if v is not None else None
        elif column in _BUS_COLUMNS:
            bus = F.normalize_pci_bus_id(cell)
        elif column in _UUID_COLUMNS:
            uuid = cell.strip() or None
        elif column in _COLUMN_FIELDS:
            v = parse_value(cell)
            if v is not None:
                values[_COLUMN_FIELDS[column]] = v
    if index is None and "index" in columns:
        return None  # an index column without a readable index: cannot say which GPU
    if index is None and bus and pci_bus_ids:
        index = F.gpu_index_for_bus(bus, pci_bus_ids)
    return GpuRow(index=position if index is None else index, fields=values, pci_bus_id=bus, uuid=uuid)


def parse_nvidia_smi_rows(
    text: str, fields: Sequence[str] | None = None, pci_bus_ids: Sequence[str] = ()
) -> list[GpuRow]:
    """Parse ``--query-gpu`` CSV (with or without header) into one row per GPU.

    ``fields`` is the list that was queried, needed only for the noheader form
    (default: ``QUERY_FIELDS``). Rows that do not fit (truncated output) are
    skipped with a warning; input with no usable row raises
    :class:`TelemetryParseError`, because a silent empty result would look
    like a healthy node with no GPUs.
    """
    lines = [ln for ln in text.replace("\r\n", "\n").split("\n") if ln.strip()]
    if not lines:
        raise TelemetryParseError("nvidia-smi output is empty")
    if len(lines) == 1 and lines[0].strip().lower().rstrip(".") == _NO_DEVICES:
        return []
    first = [c.strip() for c in lines[0].split(",")]
    if _is_header(first):
        columns = [_column_name(c) for c in first]
        body = lines[1:]
    else:
        columns = list(fields or QUERY_FIELDS)
        body = lines
        if len(first) != len(columns) or parse_value(first[0]) is None:
            raise TelemetryParseError(
                f"not nvidia-smi --query-gpu CSV (expected {len(columns)} columns "
                f"{','.join(columns[:3])},...): {lines[0][:160]!r}"
            )
    if not any(c in _KNOWN_COLUMNS for c in columns):
        raise TelemetryParseError(f"nvidia-smi CSV header names no known column: {lines[0][:160]!r}")
    rows: list[GpuRow] = []
    for n, line in enumerate(body):
        cells = line.split(",")
        if len(cells) != len(columns):
            log.warning(
                "nvidia-smi CSV: skipping line with %d values (header has %d): %.120r",
                len(cells),
                len(columns),
                line,
            )
            continue
        row = _row(cells, columns, n, pci_bus_ids)
        if row is None:
            log.warning("nvidia-smi CSV: skipping line without a GPU index: %.120r", line)
            continue
        rows.append(row)
    if body and not rows:
        raise TelemetryParseError(f"no usable GPU line in nvidia-smi output: {body[0][:160]!r}")
    return rows


def parse_nvidia_smi(
    text: str,
    node: str,
    t: float = 0.0,
    fields: Sequence[str] | None = None,
    pci_bus_ids: Sequence[str] = (),
) -> list[dict[str, object]]:
    """``--query-gpu`` CSV → ``gpu`` events for ``node`` at time ``t``.

    Without an ``index`` column the GPU index comes from the bus id and the
    cluster's ``pci_bus_ids`` (docs/EVENTS.md), else from the row order.
    """
    return [row.event(t, node) for row in parse_nvidia_smi_rows(text, fields, pci_bus_ids)]
