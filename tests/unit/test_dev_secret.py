"""The development secret: random per install, written once with mode 0600, read back afterwards."""

from __future__ import annotations

import stat

from recovery_site.secret import dev_secret_key


def test_a_first_start_writes_a_private_random_key(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "var" / "secret_key"

    key = dev_secret_key(path)

    assert len(key) >= 50
    assert path.read_text() == key + "\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_later_starts_read_the_same_key(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "secret_key"
    first = dev_secret_key(path)

    assert dev_secret_key(path) == first


def test_two_installs_never_share_a_key(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert dev_secret_key(tmp_path / "a") != dev_secret_key(tmp_path / "b")
