"""Rows that running the controller for real needs: tick heartbeats and API tokens.

``TickStat`` is one row per cluster, updated by every analyser tick with ``F()``
expressions, so that ``/metrics`` (served by any web process) can say when each
cluster was last watched and how long its ticks take, without shared memory between
processes. ``ApiToken`` keeps only the SHA-256 of a token: the token itself is shown
once, when it is created, and can never be read back.

Defined here and imported by ``actions/models.py`` so that Django registers them.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models

from monitoring.models import Cluster


class TickStat(models.Model):
    cluster = models.OneToOneField(Cluster, on_delete=models.CASCADE, primary_key=True, related_name="tick_stat")
    ticks = models.PositiveBigIntegerField(default=0, help_text="successful ticks")
    errors = models.PositiveBigIntegerField(default=0, help_text="ticks that raised (collection or analysis)")
    duration_sum_s = models.FloatField(default=0.0, help_text="summed duration of successful ticks")
    last_duration_s = models.FloatField(null=True, blank=True)
    events = models.PositiveBigIntegerField(default=0, help_text="events collected by successful ticks")
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_error_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True)

    def __str__(self) -> str:
        return f"ticks of {self.cluster_id}"


def token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


class ApiToken(models.Model):
    """A bearer token for the REST API, owned by one user and revocable by them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=12, help_text="first characters, to tell tokens apart")
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class PageState(models.Model):
    """Where an incident's page stands: what we want the pager to show, and what each receiver was told.

    ``state`` is the wish (triggered / acknowledged / resolved); ``sent`` maps each receiver
    to the last action it accepted. A delivery sends only the difference, in order, so a
    resolve never overtakes its trigger and a crash between the two is finished later.
    """

    incident = models.OneToOneField("incidents.Incident", on_delete=models.CASCADE, primary_key=True, related_name="page")
    dedup_key = models.CharField(max_length=128, unique=True)
    state = models.CharField(max_length=16)
    sent = models.JSONField(default=dict, blank=True)
    summary = models.CharField(max_length=1024, blank=True)
    updated_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.dedup_key}: {self.state}"
