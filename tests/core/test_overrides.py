"""Settings overrides: every Decision is a setting a game can change (``--option``)."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from core.data import with_overrides
from core.errors import TanktableError


class Movement(BaseModel):
    corner_cutting: bool = True
    speed_bonus: int = 0


class Exit(BaseModel):
    diagonal: str = "corners_forbidden"


class Rules(BaseModel):
    movement: Movement = Movement()
    exit: Exit = Exit()
    weapons: dict[str, Movement] = {}


BASE = {"movement": {"corner_cutting": True}, "exit": {"diagonal": "allowed"}, "weapons": {"t34": {}}}


def test_dotted_and_nested_overrides_apply_without_touching_the_base() -> None:
    rules = with_overrides(Rules, BASE, {"movement.corner_cutting": False, "exit": {"diagonal": "forbidden"}})
    assert rules.movement.corner_cutting is False and rules.exit.diagonal == "forbidden"
    assert BASE["movement"] == {"corner_cutting": True}


def test_a_setting_the_model_knows_but_the_file_omits_can_be_set() -> None:
    rules = with_overrides(Rules, BASE, {"movement.speed_bonus": 2, "weapons.t34.speed_bonus": 1})
    assert rules.movement.speed_bonus == 2 and rules.weapons["t34"].speed_bonus == 1


def test_unknown_setting_names_the_closest() -> None:
    with pytest.raises(TanktableError, match="unknown option 'movement.corner_cuting'; did you mean 'movement.corner_cutting'"):
        with_overrides(Rules, BASE, {"movement.corner_cuting": False})
    with pytest.raises(TanktableError, match="unknown option 'teleport'"):
        with_overrides(Rules, BASE, {"teleport": True})


def test_bad_value_names_the_setting() -> None:
    with pytest.raises(TanktableError, match="bad option: movement.speed_bonus: Input should be a valid integer"):
        with_overrides(Rules, BASE, {"movement.speed_bonus": "fast"})
