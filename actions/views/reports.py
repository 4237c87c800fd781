"""Moved to ``actions.services.reports`` (issue 23: services never import views); this name stays an alias
so that older imports and ``monkeypatch`` strings keep working."""

import sys

from actions.services import reports as _moved

sys.modules[__name__] = _moved
