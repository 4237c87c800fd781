"""Telemetry test fixtures: capture files and a real Redis with a private key prefix."""

from __future__ import annotations

import http.server
import os
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "telemetry"


def capture(name: str) -> str:
    return (FIXTURES / name).read_text()


@pytest.fixture
def real_redis() -> Iterator[tuple[Any, str]]:
    """(client, prefix) on the real Redis at REDIS_URL (default db 15); keys removed afterwards.

    Unreachable Redis skips the test on a laptop and fails it when CI=true.
    """
    import redis

    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15")
    client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"Redis at {url} is not reachable: {exc}")
        pytest.skip(f"Redis at {url} is not reachable: {exc}")
    prefix = f"test-tw-{uuid.uuid4().hex[:10]}"
    yield client, prefix
    keys = list(client.scan_iter(f"{prefix}:*"))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
def exporter() -> Iterator[str]:
    """A real HTTP server on 127.0.0.1 serving the B200 scrape at /metrics."""
    body = capture("b200_dcgm_exporter.txt").encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            ok = self.path.split("?")[0] == "/metrics"
            self.send_response(200 if ok else 404)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.end_headers()
            if ok:
                self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            return None

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
