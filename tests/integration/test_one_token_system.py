"""One token system (issue 25): the README's command makes hashed, revocable, audited tokens; old DRF tokens are migrated."""

from __future__ import annotations

import importlib
import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.test import Client

from actions.models import ApiToken, token_digest
from incidents.audit import verify_chain
from incidents.models import AuditRecord

pytestmark = pytest.mark.django_db


def _table_text(table: str) -> str:
    with connection.cursor() as cur:
        cur.execute(f"SELECT * FROM {table}")  # noqa: S608 - fixed table names
        return repr(cur.fetchall())


def _create(*args: str) -> str:
    out = io.StringIO()
    call_command("drf_create_token", *args, stdout=out)
    return out.getvalue().strip().splitlines()[-1].split()[-1]


def test_the_readmes_command_prints_a_token_that_is_not_stored_verbatim(operator) -> None:  # type: ignore[no-untyped-def]
    raw = _create("otto")
    assert raw.startswith("rcv_")
    assert raw not in _table_text("actions_apitoken") and raw not in _table_text("incidents_auditrecord")
    token = ApiToken.objects.get(user=operator)
    assert token.digest == token_digest(raw) and token.revoked_at is None
    record = AuditRecord.objects.get(event="api_token")
    assert (record.actor, record.action, record.outcome) == ("otto", "api token created", token.prefix)
    assert record.detail["via"] == "command"


def test_a_token_works_with_the_token_and_the_bearer_header(operator) -> None:  # type: ignore[no-untyped-def]
    raw = _create("otto")
    api = Client()
    assert api.get("/api/incidents/", HTTP_AUTHORIZATION=f"Token {raw}").status_code == 200
    assert api.get("/api/incidents/", HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 200
    assert api.get("/api/incidents/", HTTP_AUTHORIZATION="Token rcv_nope").status_code == 401


def test_the_commands_token_is_listed_and_revocable_on_the_tokens_page(client, operator) -> None:  # type: ignore[no-untyped-def]
    raw = _create("otto")
    token = ApiToken.objects.get(user=operator)
    client.force_login(operator)
    assert token.prefix in client.get("/account/tokens/").content.decode()
    client.post(f"/account/tokens/{token.pk}/revoke/")
    assert Client().get("/api/incidents/", HTTP_AUTHORIZATION=f"Token {raw}").status_code == 401


def test_replacing_a_users_token_revokes_the_old_one_and_audits_both(operator) -> None:  # type: ignore[no-untyped-def]
    old = _create("otto")
    new = _create("-r", "otto")
    api = Client()
    assert api.get("/api/incidents/", HTTP_AUTHORIZATION=f"Token {old}").status_code == 401
    assert api.get("/api/incidents/", HTTP_AUTHORIZATION=f"Token {new}").status_code == 200
    actions = list(
        AuditRecord.objects.filter(event="api_token").order_by("seq").values_list("action", flat=True)
    )
    assert actions == ["api token created", "api token revoked", "api token created"]


LEGACY_KEY = "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"  # DRF's form: 40 hex digits, stored as is


def _drf_token_row(user_id: int, key: str = LEGACY_KEY) -> None:
    """A row in DRF's authtoken_token, as an install from before issue 25 has them."""
    with connection.cursor() as cur:
        cur.execute(
            "CREATE TABLE IF NOT EXISTS authtoken_token "
            "(key varchar(40) PRIMARY KEY, created timestamptz NOT NULL, user_id integer NOT NULL)"
        )
        cur.execute("INSERT INTO authtoken_token VALUES (%s, now(), %s)", [key, user_id])


def test_a_plain_drf_token_row_is_refused(operator) -> None:  # type: ignore[no-untyped-def]
    _drf_token_row(operator.pk)
    assert Client().get("/api/incidents/", HTTP_AUTHORIZATION=f"Token {LEGACY_KEY}").status_code == 401


ORPHAN_KEY = "0b7a1c5e3d2f4a6b8c9d0e1f2a3b4c5d6e7f8a9b"  # a DRF token whose user was deleted


def test_existing_drf_tokens_are_migrated_to_hashed_tokens(operator) -> None:  # type: ignore[no-untyped-def]
    _drf_token_row(operator.pk)
    _drf_token_row(987654, ORPHAN_KEY)
    migration = importlib.import_module("actions.migrations.0011_hash_drf_tokens")
    migration.hash_drf_tokens(apps, None)
    assert _table_text("authtoken_token") == "[]"
    assert LEGACY_KEY not in _table_text("actions_apitoken")
    token = ApiToken.objects.get(user=operator)
    assert token.digest == token_digest(LEGACY_KEY) and token.name == "migrated DRF token"
    assert ApiToken.objects.count() == 1  # the orphan's key is gone with nothing kept
    assert Client().get("/api/incidents/", HTTP_AUTHORIZATION=f"Token {LEGACY_KEY}").status_code == 200


def test_the_token_migration_audits_each_token_it_migrates_or_deletes_without_the_key(operator) -> None:  # type: ignore[no-untyped-def]
    _drf_token_row(operator.pk)
    _drf_token_row(987654, ORPHAN_KEY)
    importlib.import_module("actions.migrations.0011_hash_drf_tokens").hash_drf_tokens(apps, None)
    token = ApiToken.objects.get(user=operator)
    records = AuditRecord.objects.filter(event="api_token").order_by("seq")
    assert [(r.actor_type, r.actor, r.action, r.outcome) for r in records] == [
        ("system", "controller", "api token migrated", token.prefix),
        ("system", "controller", "api token deleted", "user gone"),
    ]
    via = "migration actions 0011_hash_drf_tokens"
    assert records[0].detail == {
        "user": "otto",
        "token_id": token.pk,
        "name": "migrated DRF token",
        "via": via,
    }
    assert records[1].detail == {"user_id": 987654, "why": "its user no longer exists", "via": via}
    trail = _table_text("incidents_auditrecord")
    assert LEGACY_KEY not in trail and ORPHAN_KEY not in trail
    assert LEGACY_KEY[:12] not in trail and ORPHAN_KEY[:8] not in trail
    assert verify_chain().ok


@pytest.mark.django_db(transaction=True)  # migrates back and forth: real commits
def test_migrate_itself_hashes_and_audits_an_installs_drf_tokens(operator) -> None:  # type: ignore[no-untyped-def]
    from django.db.migrations.executor import MigrationExecutor

    MigrationExecutor(connection).migrate([("actions", "0010_rec_created_id_idx")])
    _drf_token_row(operator.pk)  # an install from before issue 25, with the README's old token
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert _table_text("authtoken_token") == "[]"
    record = AuditRecord.objects.get(event="api_token")
    assert (record.actor, record.action, record.detail["user"]) == (
        "controller",
        "api token migrated",
        "otto",
    )
    assert LEGACY_KEY not in _table_text("incidents_auditrecord") and verify_chain().ok
    assert Client().get("/api/incidents/", HTTP_AUTHORIZATION=f"Token {LEGACY_KEY}").status_code == 200
