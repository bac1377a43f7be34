"""Access to shipped data in the ``data`` package (works from a wheel too)."""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable


def data_root() -> Traversable:
    return resources.files("data")


def shipped(*parts: str) -> Traversable:
    """A file or folder below ``data/``, e.g. ``shipped("tank_chess", "maps")``."""
    node = data_root()
    for part in parts:
        node = node / part
    return node


def shipped_names(*parts: str, suffix: str = ".yaml") -> list[str]:
    """Names (without suffix) of the YAML files in a shipped folder."""
    folder = shipped(*parts)
    if not folder.is_dir():
        return []
    return sorted(p.name[: -len(suffix)] for p in folder.iterdir() if p.name.endswith(suffix))
