"""Moved to ``actions.services.exposition`` (issue 23: services never import views); this name stays an alias
so that older imports and ``monkeypatch`` strings keep working."""

import sys

from actions.services import exposition as _moved

sys.modules[__name__] = _moved
