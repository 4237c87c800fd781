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
  the order of the list that was queried (``QUERY_FIELDS`` unless given:
  ``manage.py telemetry parse --columns``). A first line that names known
  columns is taken as the header whatever ``fields`` says.
* ``-l SEC`` / ``-lms MS`` loops: the header is printed once, then one line per
  GPU per sample. With a ``timestamp`` column (``2024/06/01 11:27:05.177``,
  the node's local time) each reading is placed at its own time, relative to
  the capture's first timestamp; a GPU is recognised across samples by its
  ``index``, else its bus id or UUID, so one GPU sampled three times is one
  GPU with three readings. Without a timestamp, repeated readings of one GPU
  cannot be placed in time: the last one is kept.

Values nvidia-smi prints when it has none (``[N/A]``, ``N/A``, ``[Not
Supported]``, ``[Requested functionality has been deprecated]``, empty) are
omitted from the event, never turned into 0. Pure: no I/O.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

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
    # ``power.draw`` is the 1-s average on Ampere and later, as is ``.average``;
    # ``.instant`` is the raw reading (DCGM 157).
    "power.draw.average": F.POWER_USAGE,
    "power.draw.instant": F.POWER_USAGE_INSTANT,
    "temperature.memory": F.MEMORY_TEMP,
}
# Read only when the row has no SM clock: on NVIDIA's data-centre GPUs the
# graphics and SM clocks run together (nvidia-smi -q shows the same value).
_FALLBACK_FIELDS: dict[str, str] = {
    "clocks.gr": F.SM_CLOCK,
    "clocks.current.graphics": F.SM_CLOCK,
}
_INDEX_COLUMNS = {"index"}
_BUS_COLUMNS = {"pci.bus_id", "gpu_bus_id"}
_UUID_COLUMNS = {"uuid", "gpu_uuid"}
_TIME_COLUMNS = {"timestamp"}
_KNOWN_COLUMNS = (
    set(_COLUMN_FIELDS)
    | set(_FALLBACK_FIELDS)
    | _INDEX_COLUMNS
    | _BUS_COLUMNS
    | _UUID_COLUMNS
    | _TIME_COLUMNS
)
# nvidia-smi's timestamp: local time of the node, no zone (only differences are used).
_TIMESTAMP_FORMATS = ("%Y/%m/%d %H:%M:%S.%f", "%Y/%m/%d %H:%M:%S")

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
    if not text or text.startswith("[") or text.upper() in ("N/A", "UNKNOWN ERROR", "NOT SUPPORTED"):
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


def parse_timestamp(raw: str) -> dt.datetime | None:
    """``2024/06/01 11:27:05.177`` → a naive datetime (the node's local time), None if unreadable."""
    text = raw.strip()
    for fmt in _TIMESTAMP_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt)  # noqa: DTZ007 (no zone in the text; only differences are used)
        except ValueError:
            continue
    return None


@dataclass
class _Cells:
    """One CSV line, read: the GPU's identity, when, and its fields."""

    index: int | None = None
    bus: str | None = None
    uuid: str | None = None
    when: dt.datetime | None = None
    stamp: str = ""
    values: dict[str, int | float] = field(default_factory=dict)


def _read_cells(cells: list[str], columns: list[str]) -> _Cells:
    out = _Cells()
    fallback: dict[str, int | float] = {}
    for column, cell in zip(columns, cells, strict=True):
        if column in _INDEX_COLUMNS:
            v = parse_value(cell)
            out.index = int(v) if v is not None else None
        elif column in _BUS_COLUMNS:
            out.bus = F.normalize_pci_bus_id(cell)
        elif column in _UUID_COLUMNS:
            out.uuid = cell.strip() or None
        elif column in _TIME_COLUMNS:
            out.stamp = cell.strip()
            out.when = parse_timestamp(cell)
        elif column in _COLUMN_FIELDS:
            v = parse_value(cell)
            if v is not None:
                out.values.setdefault(_COLUMN_FIELDS[column], v)
        elif column in _FALLBACK_FIELDS:
            v = parse_value(cell)
            if v is not None:
                fallback.setdefault(_FALLBACK_FIELDS[column], v)
    for key, v in fallback.items():
        out.values.setdefault(key, v)
    return out


class _Identities:
    """Which GPU a line is about, stable across the samples of a ``-l`` loop."""

    def __init__(self, columns: list[str], pci_bus_ids: Sequence[str]) -> None:
        self.has_index = "index" in columns
        self.pci_bus_ids = pci_bus_ids
        self.seen: dict[str, int] = {}  # bus id or UUID → index, in order of first appearance
        self.stamp: str | None = None
        self.position = 0

    def index_of(self, c: _Cells, line_no: int) -> int | None:
        if self.has_index:
            return c.index  # None: an index column without a readable index
        key = c.bus or c.uuid
        if key is not None:
            if c.bus and self.pci_bus_ids:
                found = F.gpu_index_for_bus(c.bus, self.pci_bus_ids)
                if found is not None:
                    return found
            return self.seen.setdefault(key, len(self.seen))
        if c.stamp:
            # No identity column: the position among the lines of one sample
            # (nvidia-smi stamps every GPU of one sample within a few ms, but not
            # always the same ms, so this only holds with one stamp per sample).
            if c.stamp != self.stamp:
                self.stamp, self.position = c.stamp, 0
            else:
                self.position += 1
            return self.position
        return line_no

    def by_bus_order(self) -> dict[str, int]:
        """Indexes handed out by first appearance → nvidia-smi's own order, by PCI bus id.

        nvidia-smi numbers GPUs in PCI bus order, so when every GPU was known only
        by its bus, sorting the buses gives the index nvidia-smi would print.
        """
        if not self.seen or self.pci_bus_ids or not all(F.normalize_pci_bus_id(k) for k in self.seen):
            return {}
        return {bus: i for i, bus in enumerate(sorted(self.seen))}


def _rows(
    body: list[str], columns: list[str], header: str | None, pci_bus_ids: Sequence[str]
) -> list[GpuRow]:
    ids = _Identities(columns, pci_bus_ids)
    rows: list[GpuRow] = []
    first_time: dt.datetime | None = None
    latest: dict[int, int] = {}  # GPU → position in rows of its reading (no timestamps)
    for n, line in enumerate(body):
        if header is not None and line.strip() == header:
            continue  # a loop capture that repeats its header (several runs appended to one file)
        cells = line.split(",")
        if len(cells) != len(columns):
            log.warning(
                "nvidia-smi CSV: skipping line with %d values (header has %d): %.120r",
                len(cells),
                len(columns),
                line,
            )
            continue
        c = _read_cells(cells, columns)
        index = ids.index_of(c, n)
        if index is None:
            log.warning("nvidia-smi CSV: skipping line without a GPU index: %.120r", line)
            continue
        offset = 0.0
        if c.when is not None:
            first_time = first_time or c.when
            offset = round((c.when - first_time).total_seconds(), 3)
        row = GpuRow(index=index, fields=c.values, pci_bus_id=c.bus, uuid=c.uuid, offset_s=offset)
        if c.when is None and index in latest:
            rows[latest[index]] = row  # the same GPU again, with nothing to say when: keep the last
            continue
        latest[index] = len(rows)
        rows.append(row)
    renumber = ids.by_bus_order()
    for row in rows:
        if row.pci_bus_id in renumber:
            row.index = renumber[row.pci_bus_id]
    return rows


def parse_nvidia_smi_rows(
    text: str, fields: Sequence[str] | None = None, pci_bus_ids: Sequence[str] = ()
) -> list[GpuRow]:
    """Parse ``--query-gpu`` CSV (with or without header) into one row per GPU reading.

    ``fields`` is the list that was queried, needed only for the noheader form
    (default: ``QUERY_FIELDS``). Rows that do not fit (truncated output) are
    skipped with a warning; input with no usable row raises
    :class:`TelemetryParseError`, because a silent empty result would look
    like a healthy node with no GPUs. A ``-l`` loop gives one row per GPU per
    sample, each with its ``offset_s``.
    """
    lines = [ln for ln in text.replace("\r\n", "\n").split("\n") if ln.strip()]
    if not lines:
        raise TelemetryParseError("nvidia-smi output is empty")
    if len(lines) == 1 and lines[0].strip().lower().rstrip(".") == _NO_DEVICES:
        return []
    first = [c.strip() for c in lines[0].split(",")]
    header: str | None = None
    if _is_header(first):
        columns = [_column_name(c) for c in first]
        header, body = lines[0].strip(), lines[1:]
    else:
        columns = [c.strip() for c in (fields or QUERY_FIELDS)]
        body = lines
        unknown = [c for c in columns if c not in _KNOWN_COLUMNS]
        if len(first) != len(columns):
            raise TelemetryParseError(
                f"not nvidia-smi --query-gpu CSV of the {len(columns)} columns "
                f"{','.join(columns[:3])},... (a line has {len(first)} values; "
                f"say which columns were queried with --columns): {lines[0][:160]!r}"
            )
        if unknown and len(unknown) == len(columns):
            raise TelemetryParseError(f"none of the columns {','.join(columns[:4])},... is one we read")
        if "index" in columns and parse_value(first[columns.index("index")]) is None:
            raise TelemetryParseError(f"not nvidia-smi --query-gpu CSV (no GPU index): {lines[0][:160]!r}")
    if not any(c in _KNOWN_COLUMNS for c in columns):
        raise TelemetryParseError(f"nvidia-smi CSV header names no known column: {lines[0][:160]!r}")
    rows = _rows(body, columns, header, pci_bus_ids)
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
    cluster's ``pci_bus_ids`` (docs/EVENTS.md), else from the order in which
    bus ids (or UUIDs) first appear, else from the row order. Readings of a
    ``-l`` loop are at ``t`` plus their offset from the first timestamp.
    """
    return [row.event(t, node) for row in parse_nvidia_smi_rows(text, fields, pci_bus_ids)]
