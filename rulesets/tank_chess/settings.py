"""Settings: every **Decision** of the tank chess spec, as YAML with the spec's default.

The shipped defaults live in ``data/tank_chess/settings.yaml``. A game may
override any of them through its options with a dotted key, e.g.
``--option movement.corner_cutting=false``; the overrides are stored in the
game's options so a record rebuilds the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from core.data import DataModel, load_document, validate, with_overrides
from core.errors import DataError
from core.resources import shipped

DirName = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


class Coordinates(DataModel):
    """TC-1.2: which side's left-front corner is ``a1``."""

    origin: Literal["white", "black"] = "white"


class StartFacing(DataModel):
    """TC-4.1: facing of pieces a map does not turn explicitly."""

    white: DirName = "N"
    black: DirName = "S"


class Movement(DataModel):
    """TC-4.5: may a diagonal step pass between two blocked orthogonal neighbours?"""

    corner_cutting: bool = True


class Exit(DataModel):
    """TC-7.3: diagonal steps off the opponent's edge."""

    diagonal: Literal["corners_forbidden", "forbidden", "allowed"] = "corners_forbidden"


class ArmourSides(DataModel):
    """TC-6.1: which directions (from the target towards the shooter, in 45-degree
    steps clockwise from the target's facing) hit the front and the rear; all
    others hit the side."""

    front: list[int] = Field(default_factory=lambda: [0])
    rear: list[int] = Field(default_factory=lambda: [4])


class Shooting(DataModel):
    """Shots that cannot destroy (TC-6.2) change nothing; by default they are refused
    so that the list of moves holds no duplicates of the same position."""

    ineffective_shots: bool = False


class Draw(DataModel):
    """TC-7.4: the draw rules; 0 turns a counter rule off."""

    no_legal_move: bool = True
    repetition: int = Field(default=3, ge=0)
    move_limit: int = Field(default=100, ge=0, description="Full moves without a destruction.")
    agreement: bool = True


class Clock(DataModel):
    """TC-7.5: recommended minutes per player by board size (used with ``--clock``)."""

    minutes: dict[int, int] = Field(default_factory=lambda: {16: 30, 20: 45})


class MapRules(DataModel):
    """TC-9.2: what the map validator demands."""

    own_half: bool = True
    command_path: bool = True
    symmetry_for_fair: bool = True
    fair_first_move: bool = True
    """A ``fair: true`` map gives the side to move first no win (TC-7.1, TC-7.2) on its first move."""
    fair_first_shot: bool = True
    """A ``fair: true`` map lets the side to move first destroy no piece (TC-6.2) on its first move:
    a side a piece up after one move never had an even start (issue 60)."""
    one_command_tank: bool = True


class Settings(DataModel):
    """``kind: settings``: all rules decisions in one file."""

    ruleset: Literal["tank-chess"] = "tank-chess"
    kind: Literal["settings"] = "settings"
    coordinates: Coordinates = Coordinates()
    start_facing: StartFacing = StartFacing()
    movement: Movement = Movement()
    exit: Exit = Exit()
    armour: ArmourSides = ArmourSides()
    shooting: Shooting = Shooting()
    draw: Draw = Draw()
    clock: Clock = Clock()
    maps: MapRules = MapRules()


_DEFAULTS: dict[str, Any] | None = None


def default_settings_data() -> dict[str, Any]:
    """The shipped settings file as plain data."""
    global _DEFAULTS
    if _DEFAULTS is None:
        doc = load_document(Path(str(shipped("tank_chess", "settings.yaml"))))
        validate(doc, Settings)
        _DEFAULTS = doc.data
    return dict(_DEFAULTS)


def settings_with(overrides: Mapping[str, Any] | None) -> Settings:
    """The shipped settings with a game's overrides (dotted keys or nested mappings)."""
    return with_overrides(Settings, default_settings_data(), overrides or {}, "tank-chess option")


def check_settings(doc: Any, model: Settings) -> list[Any]:
    """Semantic checks of a settings file beyond the schema."""
    problems = []
    for side in ("front", "rear"):
        for i, v in enumerate(getattr(model.armour, side)):
            if not 0 <= v <= 7:
                problems.append(doc.problem(("armour", side, i), f"{v} is not a direction 0..7 (TC-6.1)"))
    overlap = set(model.armour.front) & set(model.armour.rear)
    if overlap:
        problems.append(doc.problem(("armour",), f"directions {sorted(overlap)} are both front and rear (TC-6.1)"))
    return problems


__all__ = ["DataError", "Settings", "check_settings", "settings_with"]
