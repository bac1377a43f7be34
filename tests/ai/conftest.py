"""Fixtures of the AI tests: a fake army game registered like a real ruleset."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import core.registry as registry


@pytest.fixture
def fake_battle(monkeypatch: pytest.MonkeyPatch) -> Any:
    from tests.ai import fake_battle

    real = registry._entry_points

    def fake() -> dict[str, Any]:
        eps = dict(real())
        eps["fake-battle"] = SimpleNamespace(name="fake-battle", load=lambda: fake_battle.RULESET)
        return eps

    monkeypatch.setattr(registry, "_entry_points", fake)
    registry.get_ruleset.cache_clear()
    yield fake_battle.RULESET
    registry.get_ruleset.cache_clear()
