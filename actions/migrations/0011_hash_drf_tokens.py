"""DRF's plaintext tokens become hashed API tokens (issue 25): one token system.

``rest_framework.authtoken`` is no longer installed, so its table is read with SQL when it
exists. Each key is stored as its SHA-256 only (an ``ApiToken`` named "migrated DRF token",
revocable on its owner's Tokens page), so scripts keep working with the same
``Authorization: Token …`` header, and the plaintext rows are deleted. A key whose user is
gone is deleted with nothing kept. Nothing reads or writes ``authtoken_token`` afterwards.
"""

import hashlib

from django.db import connection as default_connection
from django.db import migrations
from django.utils import timezone

TABLE = "authtoken_token"


def hash_drf_tokens(apps, schema_editor):  # type: ignore[no-untyped-def]
    conn = schema_editor.connection if schema_editor is not None else default_connection
    if TABLE not in conn.introspection.table_names():
        return
    ApiToken = apps.get_model("actions", "ApiToken")
    User = apps.get_model("auth", "User")
    with conn.cursor() as cur:
        cur.execute(f"SELECT key, user_id, created FROM {TABLE}")  # noqa: S608 - a fixed name
        rows = cur.fetchall()
        users = set(User.objects.filter(pk__in=[r[1] for r in rows]).values_list("pk", flat=True))
        for key, user_id, created in rows:
            if user_id not in users:
                continue
            ApiToken.objects.get_or_create(
                digest=hashlib.sha256(key.encode()).hexdigest(),
                defaults={
                    "user_id": user_id,
                    "name": "migrated DRF token",
                    "prefix": key[:4],
                    "created_at": created or timezone.now(),
                },
            )
        cur.execute(f"DELETE FROM {TABLE}")  # noqa: S608


class Migration(migrations.Migration):
    dependencies = [
        ("actions", "0010_rec_created_id_idx"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(hash_drf_tokens, migrations.RunPython.noop)]
