"""dcgm-exporter scrape (Prometheus text format) → ``gpu`` events.

dcgm-exporter (NVIDIA's DaemonSet / systemd service, port 9400) publishes one
sample per DCGM field per GPU, named after the field and labelled with the GPU::

    DCGM_FI_DEV_SM_CLOCK{gpu="0",UUID="GPU-…",pci_bus_id="00000000:18:00.0",
        device="nvidia0",modelName="NVIDIA H100 80GB HBM3",Hostname="gpu-a-001",
        DCGM_FI_DRIVER_VERSION="…"} 1980

Metric names are already the vocabulary of docs/EVENTS.md, so the mapping is:
keep the fields we know, group them by the ``gpu`` label, fold the DCGM ≥ 3.3
``DCGM_FI_DEV_CLOCKS_EVENT_REASONS`` into ``DCGM_FI_DEV_CLOCK_THROTTLE_REASONS``.
Label sets are parsed by prometheus_client's own parser, once per distinct
set (each GPU's labels repeat on every metric and across scrapes), and lines of
metrics we do not use are skipped unread. That keeps a 1,000-node scrape round
cheap (bench/telemetry_bench.py), and an exporter configured with
string-valued fields (``DCGM_FI_DEV_NAME … Tesla T4``, which the Prometheus
parser rejects) does not break the whole scrape.

Which fields a scrape carries depends on the exporter's counters CSV; the stock
``default-counters.csv`` leaves ECC and NVLink errors commented out.
``dcgm-counters.csv`` next to this module lists what the controller wants.
Pure: no I/O.
"""

from __future__ import annotations

import functools
import logging
import math
import re

from prometheus_client.parser import text_string_to_metric_families

from monitoring.telemetry import fields as F
from monitoring.telemetry.fields import GpuRow, TelemetryParseError

log = logging.getLogger(__name__)

WANTED: frozenset[str] = frozenset(F.FIELDS) | frozenset(F.FIELD_ALIASES)
_PREFIX = "DCGM_FI_"


_NAME = re.compile(r"[A-Za-z_:][A-Za-z0-9_:]*")


def _metric_name(line: str) -> str:
    m = _NAME.match(line)
    return m.group() if m else ""


@functools.lru_cache(maxsize=32768)
def _labels(label_text: str) -> tuple[tuple[str, str], ...]:
    """Parse one ``{…}`` label set with prometheus_client (escapes and all), once per distinct set.

    A scrape repeats each GPU's label set on every metric, and the set is
    stable from one scrape to the next, so the (slow, pure-Python) label
    parser runs about once per GPU per process instead of once per line.
    """
    families = list(text_string_to_metric_families(f"x{label_text} 0\n"))
    return tuple(sorted(families[0].samples[0].labels.items()))


def _sample(line: str, name: str) -> tuple[dict[str, str], float]:
    """``NAME{labels} value [timestamp]`` → (labels, value); prometheus_client parses the labels."""
    rest = line[len(name) :]
    if rest.startswith("{"):
        label_text, brace, tail = rest.rpartition("}")
        if not brace:
            raise ValueError(f"unterminated labels: {line[:160]!r}")
        labels = dict(_labels(label_text + "}"))
    else:
        labels, tail = {}, rest
    parts = tail.split()
    if not parts or len(parts) > 2:
        raise ValueError(f"no value: {line[:160]!r}")
    return labels, float(parts[0])


def parse_dcgm_exporter_rows(text: str) -> list[GpuRow]:
    """One row per ``gpu`` label, in GPU order.

    Raises :class:`TelemetryParseError` when the text holds no DCGM metric at
    all (an HTML error page, a wrong port) or a wanted line is malformed.
    Samples without a ``gpu`` label (exporter-wide metrics) and NaN values
    (DCGM's "blank" for an unsupported field) are skipped.
    """
    if not text.strip():
        raise TelemetryParseError("dcgm-exporter scrape is empty")
    rows: dict[int, GpuRow] = {}
    dcgm_samples = 0
    for line in text.splitlines():
        if not line.startswith(_PREFIX):
            continue  # comments (# HELP / # TYPE), blank lines, other exporters' metrics
        dcgm_samples += 1
        name = _metric_name(line)
        if name not in WANTED:
            continue
        try:
            labels, value = _sample(line, name)
        except ValueError as exc:
            raise TelemetryParseError(f"malformed dcgm-exporter line: {line[:160]!r} ({exc})") from exc
        gpu_label = labels.get("gpu")
        if gpu_label is None or not gpu_label.isdigit() or math.isnan(value) or math.isinf(value):
            continue
        index = int(gpu_label)
        row = rows.get(index)
        if row is None:
            row = rows[index] = GpuRow(
                index=index,
                fields={},
                pci_bus_id=F.normalize_pci_bus_id(labels.get("pci_bus_id")),
                uuid=labels.get("UUID"),
                hostname=labels.get("Hostname"),
            )
        row.fields[F.canonical_field(name)] = F.as_number(value)
    if dcgm_samples == 0:
        first = text.strip().splitlines()[0]
        raise TelemetryParseError(
            f"no DCGM_FI_* metric in what should be a dcgm-exporter scrape: {first[:160]!r}"
        )
    return [rows[i] for i in sorted(rows)]


def parse_dcgm_exporter(text: str, node: str | None, t: float = 0.0) -> list[dict[str, object]]:
    """A scrape → ``gpu`` events at time ``t``.

    ``node`` is the Slurm node name the scrape was taken from; None takes the
    exporter's ``Hostname`` label (which is the host's name, not necessarily
    Slurm's, hence the explicit argument).
    """
    events = []
    for row in parse_dcgm_exporter_rows(text):
        name = node or row.hostname
        if not name:
            raise TelemetryParseError("dcgm-exporter sample has no Hostname label and no node was given")
        events.append(row.event(t, name))
    return events
