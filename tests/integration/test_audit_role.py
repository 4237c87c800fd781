"""On the real PostgreSQL, the documented app role can append audit records but never rewrite them."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from django.db import connection
from psycopg import errors

from incidents.audit.role import app_role_statements

pytestmark = pytest.mark.django_db


@pytest.fixture
def app_role():  # type: ignore[no-untyped-def]
    if connection.vendor != "postgresql":  # a missing real component is a failure, never a skip
        pytest.fail("the audit-role test needs PostgreSQL (scripts/test.sh starts it)")
    params = {**connection.get_connection_params()}
    role = f"recovery_app_{uuid.uuid4().hex[:8]}"
    owner = psycopg.connect(**params, autocommit=True)
    owner.execute(psycopg.sql.SQL("CREATE ROLE {} LOGIN").format(psycopg.sql.Identifier(role)))
    for stmt in app_role_statements(role):
        owner.execute(stmt)
    app = psycopg.connect(**{**params, "user": role, "password": None})
    try:
        yield app
    finally:
        app.close()
        owner.execute(psycopg.sql.SQL("DROP OWNED BY {}").format(psycopg.sql.Identifier(role)))
        owner.execute(psycopg.sql.SQL("DROP ROLE {}").format(psycopg.sql.Identifier(role)))
        owner.close()


INSERT = (
    "INSERT INTO incidents_auditrecord (seq, at, actor_type, actor, event, cluster, workload, node, pattern, attribution,"
    " action, outcome, detail, prev_hash, hash) VALUES (%s, now(), 'system', 'controller', 'detection', '', '', '', '',"
    " '{}', '', '', '{}', %s, %s)"
)


def _refused(app: psycopg.Connection, statement: str) -> bool:
    try:
        with app.transaction():
            app.execute(statement)
    except errors.InsufficientPrivilege:
        return True
    return False


def test_the_app_role_appends_but_cannot_update_delete_or_truncate_the_trail(app_role) -> None:  # type: ignore[no-untyped-def]
    with app_role.transaction(force_rollback=True):
        app_role.execute(INSERT, (900001, "0" * 64, "a" * 64))
        assert app_role.execute(
            "SELECT count(*) FROM incidents_auditrecord WHERE seq = 900001"
        ).fetchone() == (1,)
        app_role.execute("UPDATE incidents_audithead SET seq = seq WHERE id = 1")  # appends move the head
    assert _refused(app_role, "UPDATE incidents_auditrecord SET actor = 'mallory'")
    assert _refused(app_role, "DELETE FROM incidents_auditrecord")
    assert _refused(app_role, "TRUNCATE incidents_auditrecord")
    assert _refused(app_role, "DELETE FROM incidents_audithead")
    assert _refused(app_role, "TRUNCATE incidents_audithead")


def test_the_app_role_keeps_full_rights_on_ordinary_tables(app_role) -> None:  # type: ignore[no-untyped-def]
    with app_role.transaction(force_rollback=True):
        app_role.execute("INSERT INTO auth_group (name) VALUES ('role-test')")
        app_role.execute("UPDATE auth_group SET name = 'role-test-2' WHERE name = 'role-test'")
        assert app_role.execute("DELETE FROM auth_group WHERE name = 'role-test-2'").rowcount == 1
