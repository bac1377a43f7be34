"""Small maps for hex tests, written as the YAML a user would write."""

from __future__ import annotations

from typing import Any

import yaml

from core.grid.hexboard import HexBoard, parse_board_text


def board(
    grid: str,
    *,
    elevation: str | None = None,
    walls: list[str] | None = None,
    paths: list[tuple[str, list[str]]] | None = None,
    markers: list[dict[str, Any]] | None = None,
    orientation: str = "pointy",
    extra: dict[str, Any] | None = None,
    terrain_files: list[str] | None = None,
) -> HexBoard:
    """A board from an ASCII grid (rows of letters; spaces ignored)."""
    rows = [r for r in grid.strip("\n").splitlines() if r.strip()]
    cols = len(rows[0].split())
    data: dict[str, Any] = {
        "ruleset": "hex", "kind": "map", "name": "test", "orientation": orientation,
        "size": {"columns": cols, "rows": len(rows)},
        "terrain": "\n".join(rows) + "\n",
    }
    if elevation:
        data["elevation"] = "\n".join(r for r in elevation.strip("\n").splitlines() if r.strip()) + "\n"
    if walls:
        data["hexsides"] = [{"feature": "wall", "sides": walls}]
    if paths:
        data["paths"] = [{"feature": f, "hexes": h} for f, h in paths]
    if markers:
        data["markers"] = markers
    if terrain_files:
        data["terrain_files"] = terrain_files
    data.update(extra or {})
    return parse_board_text(yaml.safe_dump(data, sort_keys=False), "test.yaml")


def row(n: int, letter: str = ".") -> str:
    return " ".join([letter] * n)
