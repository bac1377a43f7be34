"""Finding rulesets (entry points) and data kinds, without importing them early.

Rulesets register through the entry-point group ``tanktable.rulesets``; the
three shipped ones register the same way, so a third-party ruleset is a peer.
Nothing is imported until it is asked for: ``tanktable --help`` stays fast.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from core.errors import TanktableError, did_you_mean
from core.game import Ruleset

GROUP = "tanktable.rulesets"

CORE_KINDS: dict[tuple[str, str], str] = {
    ("hex", "terrain"): "core.grid.hexmap:TerrainCatalogue",
    ("hex", "map"): "core.grid.hexmap:HexMapFile",
    ("ai", "levels"): "core.ai.levels:Levels",
    ("print", "settings"): "core.printing.settings:PrintSettings",
}
"""Data kinds that belong to the core rather than to a ruleset: ``(ruleset, kind)`` -> model."""


def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def ruleset_ids() -> list[str]:
    """Registered ruleset ids, without importing them."""
    return sorted(_entry_points())


@cache
def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered as ``name``; a clear error for unknown names."""
    eps = _entry_points()
    if name not in eps:
        hint = did_you_mean(name, list(eps))
        known = ", ".join(sorted(eps)) or "none"
        raise TanktableError(f"unknown ruleset {name!r}{hint} (registered: {known})")
    try:
        obj = eps[name].load()
    except ImportError as exc:
        raise TanktableError(f"ruleset {name!r} is registered but cannot be loaded: {exc}") from None
    ruleset = obj() if isinstance(obj, type) else obj
    if not isinstance(ruleset, Ruleset):
        raise TanktableError(f"entry point {name!r} is not a tanktable Ruleset")
    return ruleset


def available_rulesets() -> list[Ruleset]:
    """Every registered ruleset that loads (one that fails is skipped)."""
    found = []
    for name in ruleset_ids():
        try:
            found.append(get_ruleset(name))
        except TanktableError:
            continue
    return found


def kind_model(ruleset: str, kind: str) -> Any:
    """The pydantic model for a data file's ``ruleset:``/``kind:`` header."""
    if kind == "record":
        from core.record import RecordFile

        return RecordFile
    if (ruleset, kind) in CORE_KINDS:
        module, attr = CORE_KINDS[(ruleset, kind)].split(":")
        return getattr(import_module(module), attr)
    found = get_ruleset(ruleset)
    kinds = found.data_kinds()
    kind = found.canonical_kind(kind)
    if kind not in kinds:
        hint = did_you_mean(kind, list(kinds))
        raise TanktableError(
            f"ruleset {ruleset!r} has no data kind {kind!r}{hint} "
            f"(kinds: {', '.join(sorted(kinds))})"
        )
    return kinds[kind]
