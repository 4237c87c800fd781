"""DRF's plaintext tokens become hashed API tokens (issue 25): one token system.

``rest_framework.authtoken`` is no longer installed, so its table is read with SQL when it
exists. Each key is stored as its SHA-256 only (an ``ApiToken`` named "migrated DRF token",
revocable on its owner's Tokens page), so scripts keep working with the same
``Authorization: Token …`` header, and the plaintext rows are deleted. A key whose user is
gone is deleted with nothing kept. Nothing reads or writes ``authtoken_token`` afterwards.

Each token migrated and each deleted is an audit record ("api token migrated" / "api token
deleted", by the controller, naming the user and the migration, never the key): a token that
could call the API changed hands between systems, and the trail says so. The records are
written by the audit trail's own ``append_audit`` (the HMAC chain, its head lock and the
witness live there, not in historical models), so this migration runs after the audit
tables' newest migration at the time; a fresh install has no ``authtoken_token`` and writes
nothing.
"""

import hashlib

from django.db import connection as default_connection
from django.db import migrations, transaction
from django.utils import timezone

TABLE = "authtoken_token"
VIA = "migration actions 0011_hash_drf_tokens"


def hash_drf_tokens(apps, schema_editor):  # type: ignore[no-untyped-def]
    conn = schema_editor.connection if schema_editor is not None else default_connection
    if TABLE not in conn.introspection.table_names():
        return
    from incidents.audit import append_audit, audit_batch

    ApiToken = apps.get_model("actions", "ApiToken")
    User = apps.get_model("auth", "User")
    now = timezone.now()
    with conn.cursor() as cur:
        cur.execute(f"SELECT key, user_id, created FROM {TABLE}")  # noqa: S608 - a fixed name
        rows = cur.fetchall()
        users = dict(User.objects.filter(pk__in=[r[1] for r in rows]).values_list("pk", "username"))
        with transaction.atomic(), audit_batch():
            for key, user_id, created in rows:
                if user_id not in users:
                    append_audit(
                        event="api_token",
                        at=now,
                        action="api token deleted",
                        outcome="user gone",
                        detail={"user_id": user_id, "why": "its user no longer exists", "via": VIA},
                    )
                    continue
                token, _ = ApiToken.objects.get_or_create(
                    digest=hashlib.sha256(key.encode()).hexdigest(),
                    defaults={
                        "user_id": user_id,
                        "name": "migrated DRF token",
                        "prefix": key[:4],
                        "created_at": created or timezone.now(),
                    },
                )
                append_audit(
                    event="api_token",
                    at=now,
                    action="api token migrated",
                    outcome=token.prefix,
                    detail={"user": users[user_id], "token_id": token.pk, "name": token.name, "via": VIA},
                )
            cur.execute(f"DELETE FROM {TABLE}")  # noqa: S608


class Migration(migrations.Migration):
    dependencies = [
        ("actions", "0010_rec_created_id_idx"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("incidents", "0012_merge_20261202_0313"),  # the audit tables as append_audit writes them
    ]

    operations = [migrations.RunPython(hash_drf_tokens, migrations.RunPython.noop)]
