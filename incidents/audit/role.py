"""The PostgreSQL role the app should run as: it may append to the audit trail, never rewrite it.

``manage.py audit_role_sql recovery_app`` prints the statements (docs/SECURITY.md);
the schema's owner (who runs migrations) runs them once after each migration.
The app role keeps every right it needs on the other tables, but on the audit
records only SELECT and INSERT: no UPDATE, DELETE or TRUNCATE, so a stolen app
password cannot edit, cut or flush the trail. The head row needs UPDATE (each
append moves it); its integrity rests on the keyring and the witness, not on it.
"""

from __future__ import annotations

import re

from psycopg import sql

ROLE_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
AUDIT_RECORDS = "incidents_auditrecord"
AUDIT_HEAD = "incidents_audithead"


def app_role_statements(role: str, schema: str = "public") -> list[sql.Composed]:
    if not ROLE_NAME.match(role):
        raise ValueError(f"role name {role!r}: use lower-case letters, digits and '_'")
    r, s = sql.Identifier(role), sql.Identifier(schema)
    records, head = sql.Identifier(schema, AUDIT_RECORDS), sql.Identifier(schema, AUDIT_HEAD)
    return [
        sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(s, r),
        sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {} TO {}").format(s, r),
        sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {} TO {}").format(s, r),
        sql.SQL("REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON {} FROM {}").format(records, r),
        sql.SQL("REVOKE DELETE, TRUNCATE, REFERENCES, TRIGGER ON {} FROM {}").format(head, r),
    ]
