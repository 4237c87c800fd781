"""kill -9 of the worker while it posts an escalation: the receiver is told once per incident.

A real HTTP receiver on 127.0.0.1 is the cluster's webhook. A fault takes its natural path on
the fake Slurm (``tests/chaos/fake_slurm.py``): an Xid 79 incident, our drain, the reboot, and a
health check that fails, so the incident is escalated and on-call is told. The receiver holds
that escalation's POST open: the worker is inside the delivery at that moment, for certain,
and dies there (kill -9, so its message stays unacknowledged in the broker). A new worker
starts; the broker hands the delivery out again once its visibility timeout has passed, and
it is posted a second time.

What the receiver counts is what on-call would see: notices per incident and kind, two posts
with the same ``Idempotency-Key`` being one notice (the receiver drops the repeat, as
PagerDuty's dedup key or any idempotent webhook does). A post without a key cannot be told
from a new notice, so it counts as one: that was every escalation not made on behalf of a
recommendation, before issue 29.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.chaos import fake_slurm
from tests.chaos import invariants as inv
from tests.chaos.conftest import Stack, wait_for
from tests.chaos.test_kill_while_executing import CLUSTER, _fake_cluster
from tests.chaos.test_reboot_once import STAGE_XID, XID79

pytestmark = pytest.mark.chaos
# The broker hands an unacknowledged message out again after its visibility timeout (the
# task's hard limit + 60 s: 90 s here), at a worker's start or its next sweep (about 100 s).
REDELIVERED_WITHIN_S = 300.0
FAILING_CHECK = (
    "from monitoring.models import Cluster; "
    f"Cluster.objects.filter(name={CLUSTER!r}).update(remediation_autonomy='auto', "
    "max_partition_rebooting_pct=50, qualification_command='false', node_command_prefix='')"
)


class HoldingReceiver:
    """Records every POST; holds the first one of ``hold_kind`` open until ``release``."""

    def __init__(self, hold_kind: str) -> None:
        self.posts: list[tuple[str, dict[str, Any]]] = []  # (Idempotency-Key or "", body)
        self.holding, self.released = threading.Event(), threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server API
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
                receiver.posts.append((self.headers.get("Idempotency-Key", ""), body))
                if body.get("kind") == hold_kind and not receiver.holding.is_set():
                    receiver.holding.set()
                    receiver.released.wait(120)
                try:
                    self.send_response(200)
                    self.end_headers()
                    self.wfile.write(b"{}")
                except OSError:
                    pass  # the sender died while we held it

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def notices(self, incident: int, kind: str) -> tuple[int, int]:
        """(notices on-call sees, posts received) for one incident and kind."""
        mine = [
            key for key, body in self.posts if body.get("incident") == incident and body.get("kind") == kind
        ]
        keyed = Counter(k for k in mine if k)
        return len(keyed) + sum(1 for k in mine if not k), len(mine)

    def close(self) -> None:
        self.released.set()
        self.server.shutdown()
        self.server.server_close()


def test_kill_9_while_an_escalation_is_posted_tells_the_receiver_once_per_incident(stack: Stack) -> None:
    rx = HoldingReceiver("escalation")
    try:
        stack.env["RECOVERY_WEBHOOKS"] = f"json={rx.url}"
        _fake_cluster(stack)
        made = stack.manage("shell", "-c", FAILING_CHECK)
        assert made.returncode == 0, made.stderr[-2000:]
        out = stack.manage("shell", "-c", STAGE_XID.format(cluster=CLUSTER, key="i-6", node="f6", xid=XID79))
        assert out.returncode == 0, out.stderr[-2000:]
        incident = int(json.loads(out.stdout.strip().splitlines()[-1])["incident"])
        assert rx.holding.wait(180), stack.logs()  # the step reached: the worker is inside the POST
        held = next(body for _, body in rx.posts if body.get("kind") == "escalation")
        assert held["incident"] == incident, held
        assert fake_slurm.reboots(stack.bin_dir) == [
            "f6"
        ]  # the path it took: drained, rebooted, check failed
        killed_at = inv.db_now(stack)
        t0 = time.monotonic()
        while stack.workers:  # the worker inside the delivery dies, its message unacknowledged
            stack.kill9_worker()
        rx.released.set()
        stack.start_worker()
        inv.wait_resumed(stack, killed_at, 120, cluster=CLUSTER)
        wait_for(
            "the escalation posted again by the redelivered message",
            lambda: rx.notices(incident, "escalation")[1] >= 2,
            REDELIVERED_WITHIN_S,
            1.0,
        )
        redelivered = time.monotonic() - t0
        delivered = stack.one(
            "SELECT count(*) FROM incidents_auditrecord WHERE incident_id = %s "
            "AND action = 'webhook escalation' AND outcome = 'delivered'",
            incident,
        )
        notices, posts = rx.notices(incident, "escalation")
        keys = [key for key, body in rx.posts if body.get("incident") == incident]
        print(
            f"\nkill -9 inside the escalation's POST: {posts} posts, {notices} notice(s) for incident "
            f"{incident} at the receiver; posted again {redelivered:.0f} s after the kill"
        )
        assert notices == 1, rx.posts  # one escalation, however often the broker hands it out
        assert all(keys), rx.posts  # every post carries its Idempotency-Key
        assert delivered >= 1
        assert stack.one("SELECT status FROM incidents_incident WHERE id = %s", incident) == "escalated"
        assert (inv.records_lost(stack), inv.stuck(stack, 0)) == (0, 0)
    finally:
        rx.close()
