"""Issue 29.9: the view says which way N (towards Black, TC-4.1) points on the
drawing, so that the browser draws its facing arrows the way the board is
turned (TC-1.2: Black's side at the bottom with ``coordinates.origin: black``)."""

from __future__ import annotations

from rulesets.tank_chess import RULESET
from rulesets.tank_chess.svg import square_centre


def test_29_9_north_points_up_the_drawing_from_whites_side() -> None:
    game = RULESET.new_game("standard-16", {})
    assert game.view(0)["north"] == "up"
    assert square_centre(game, (3, 4))[1] < square_centre(game, (3, 3))[1]  # a rank further north is higher


def test_29_9_north_points_down_the_drawing_from_blacks_side() -> None:
    game = RULESET.new_game("standard-16", {"coordinates.origin": "black"})
    assert game.view(None)["north"] == "down"
    assert square_centre(game, (3, 4))[1] > square_centre(game, (3, 3))[1]
