"""DG-24: which moves the other side may read in the move list."""

from __future__ import annotations

from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import (
    Fire,
    MoveMarker,
    PlaceAtg,
    PlaceMine,
    Program,
    T34Step,
)


def test_dg_24_1_tiger_programs_atg_and_mine_placements_are_private() -> None:
    game = RULESET.new_game("summer", {}, 0)
    assert game.public_action_text(Program(1, ("F", "F", "R"))) is None
    assert game.public_action_text(PlaceAtg("pak88", (3, 3), 0)) is None
    assert game.public_action_text(PlaceMine((3, 4), True)) is None
    assert game.public_action_text(Fire((2, 2), (5, 5))) is None


def test_dg_24_3_tank_and_marker_moves_are_public() -> None:
    game = RULESET.new_game("summer", {}, 0)
    step = T34Step((6, 3), "F")
    assert game.public_action_text(step) == game.format_action(step)
    move = MoveMarker(((6, 3), (6, 4)))
    assert game.public_action_text(move) == game.format_action(move)
