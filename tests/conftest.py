"""Shared fixtures: a registry that also knows the test-only Pig ruleset."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

import core.registry as registry


def register_ruleset(monkeypatch: pytest.MonkeyPatch, name: str, ruleset: Any) -> Iterator[Any]:
    """Make ``ruleset`` findable as ``name`` beside the installed entry points, for one test."""
    real = registry._entry_points

    def fake() -> dict[str, Any]:
        eps = dict(real())
        eps[name] = SimpleNamespace(name=name, load=lambda: ruleset)
        return eps

    monkeypatch.setattr(registry, "_entry_points", fake)
    registry.get_ruleset.cache_clear()
    yield ruleset
    registry.get_ruleset.cache_clear()


@pytest.fixture
def with_pig(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Register the Pig test ruleset alongside the installed entry points."""
    from tests import toy

    yield from register_ruleset(monkeypatch, "pig", toy.RULESET)


@pytest.fixture(scope="session", autouse=True)
def session_games_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Games played in tests are saved in a temporary folder, never in the user's home
    (``TANKTABLE_HOME``, see cli/autosave.py): set for the whole run, before any module
    or session fixture copies the environment for its subprocesses."""
    home = tmp_path_factory.mktemp("tanktable-home-session")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TANKTABLE_HOME", str(home))
        yield home


@pytest.fixture(autouse=True)
def games_home(session_games_home: Any, tmp_path_factory: pytest.TempPathFactory,
               monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Each test's own games folder (``TANKTABLE_HOME``); subprocesses inherit it."""
    home = tmp_path_factory.mktemp("tanktable-home")
    monkeypatch.setenv("TANKTABLE_HOME", str(home))
    yield home


@pytest.fixture(autouse=True)
def no_plugin_left_registered() -> Iterator[None]:
    """A ruleset a test loads by reference (``play path/to/plugin``) is registered for the
    process (``TANKTABLE_RULESET_REFERENCES``): it goes with the test, so the next test of
    the same worker lists the installed rulesets only (the start page's cards counted one
    more, a plugin with no board picture, after a plugin test ran in the same process)."""
    import os

    before = os.environ.get(registry.REFERENCES_ENV)
    yield
    if os.environ.get(registry.REFERENCES_ENV) != before:
        if before is None:
            os.environ.pop(registry.REFERENCES_ENV, None)
        else:
            os.environ[registry.REFERENCES_ENV] = before
        registry.get_ruleset.cache_clear()
