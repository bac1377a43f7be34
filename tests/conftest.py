"""Shared fixtures: a registry that also knows the test-only Pig ruleset."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import core.registry as registry


@pytest.fixture
def with_pig(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Register the Pig test ruleset alongside the installed entry points."""
    from tests import toy

    real = registry._entry_points

    def fake() -> dict[str, Any]:
        eps = dict(real())
        eps["pig"] = SimpleNamespace(name="pig", load=lambda: toy.RULESET)
        return eps

    monkeypatch.setattr(registry, "_entry_points", fake)
    registry.get_ruleset.cache_clear()
    yield toy.RULESET
    registry.get_ruleset.cache_clear()
