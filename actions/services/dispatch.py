"""Send the execution task by its registered name: services never import tasks.py.

A leaf, so deciding (recommendations), reconciling and executing can all dispatch without a circle.
"""

from __future__ import annotations

import logging

from celery import current_app

log = logging.getLogger(__name__)
EXECUTE = "actions.tasks.execute_recommendation"


def enqueue_execution(rec_id: int) -> bool:
    """Send the execution task by its registered name (call it after commit).

    Only a hint: the approved row is the outbox. A broker that refuses the message
    costs a delay, never the action and never the operator's request (the reconciler
    dispatches it again), so a failure is logged, not raised.
    """
    try:
        current_app.signature(EXECUTE, args=(rec_id,)).delay()
    except Exception:
        log.warning(
            "recommendation %s: could not enqueue its execution; the reconciler will", rec_id, exc_info=True
        )
        return False
    return True
