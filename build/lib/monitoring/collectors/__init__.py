"""Collectors: read a real cluster incrementally and emit events in the scenario schema.

Each collector is a function ``poll(..., state, now) -> (events, new_state)`` whose
state is a plain JSON-serializable dict, so a Celery task can keep it in Redis between
ticks and any worker can pick up where the last one stopped.
"""
