"""Celery tasks of the incidents app: thin wrappers over named services."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from incidents.audit.witnessing import witness_head


@shared_task(name="incidents.tasks.witness_audit_head", ignore_result=True)
def witness_audit_head() -> bool:
    """Beat: write the chain's newest head to the witness (nothing when it has not moved)."""
    return witness_head(timezone.now())
