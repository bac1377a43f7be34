"""Fixtures of the AI tests: a fake army game registered like a real ruleset."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import register_ruleset


@pytest.fixture
def fake_battle(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from tests.ai import fake_battle

    yield from register_ruleset(monkeypatch, "fake-battle", fake_battle.RULESET)
