"""Issue 59.8 (what remained): the map shown with each decision in the terminal is as
readable as ``board`` -- 5 cm a cell with each tank's heading -- where the terminal has
the room, and a 10 cm map that still shows headings where it has not (80x24, a pipe)."""

from __future__ import annotations

import pytest

from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.compact import MOVES_ROOM, render_compact


def _cells(text: str) -> str:
    return "".join(line.split("|")[1] for line in text.splitlines() if line.count("|") >= 2)


def test_issue_59_8_a_100_by_40_terminal_gets_the_boards_5_cm_map_with_each_decision() -> None:
    """At 100x40 the decision's map is ``board``'s (5 cm a cell, heading arrows, feature
    letters, the tank list with position and heading) and leaves room for the moves and
    the prompt; no line is wider than the terminal."""
    game = RULESET.new_game(None, {}, 1)
    text = render_compact(game, (100, 40))
    lines = text.splitlines()
    assert "1 cell = 5 cm" in text and "< b1" in text and "a1>" in text
    assert text.splitlines()[:-1] == game.render().splitlines()[:-1]  # the board, its 'next' line wrapped
    assert max(len(line) for line in lines) <= 100 and len(lines) + MOVES_ROOM <= 40
    assert next(line for line in lines if "tiger#1" in line).split("|")[-1].split()[2:4] == ["95,92.5", "180"]


def test_issue_59_8_the_5_cm_map_stays_at_100_by_40_once_tanks_have_moved_and_been_spotted() -> None:
    """A tank's order and state (moved, spotted, track damaged) made the tank list wider
    than 100 columns, so from the first drive on every decision fell back to the 10 cm
    map: the list keeps to the terminal's width, the words under the order when needed."""
    game = RULESET.new_game(None, {}, 1)
    lynx = game.tank("lynx")
    lynx.order, lynx.moved, lynx.track_until, lynx.heading = "MOVE", True, 3, 19.9
    lynx.x, lynx.y = 112.5, 107.5
    game.spotted.add(lynx.key)
    text = render_compact(game, (100, 40))
    lines = text.splitlines()
    assert "1 cell = 5 cm" in text and max(len(line) for line in lines) <= 100
    row = next(i for i, line in enumerate(lines) if " lynx " in line)
    assert lines[row].split("|")[-1].split()[2:6] == ["112.5,107.5", "20", "310/310", "MOVE"]
    assert lines[row + 1].split("|")[-1].split() == ["track", "damaged,", "moved,", "spotted"]
    game.destroyed_tiers["b"] = 6  # b destroyed a tier-6 tank: whose score it is, said plainly (BT-8.3)
    assert "tier points destroyed by a: 0, by b: 6" in render_compact(game, (100, 40))
    assert "tiers destroyed by a: 0, by b: 6" in render_compact(game, (80, 24))


@pytest.mark.parametrize("size", [(80, 24), (90, 40), (100, 30)])
def test_issue_59_8_a_smaller_terminal_gets_the_10_cm_map_with_headings(size: tuple[int, int]) -> None:
    """Too narrow or too short for the 5 cm map: the 10 cm one, which fits 80x24, and
    still shows where each tank faces (an arrow in the cell ahead where it is free)."""
    game = RULESET.new_game(None, {}, 1)
    text = render_compact(game, size)
    lines = text.splitlines()
    assert "1 cell = 10 cm" in text and max(len(line) for line in lines) <= 80 and len(lines) <= 17
    cells = _cells(text)
    assert "a1>" in cells and "< b1" in cells  # t34#1 faces east, tiger#1 west


def test_issue_59_8_output_that_is_no_terminal_keeps_the_10_cm_map(capsys: pytest.CaptureFixture[str]) -> None:
    """A pipe or a file gets what an 80x24 screen gets, whatever the window's size: the
    transcript of a moves file does not depend on the terminal it was run from."""
    game = RULESET.new_game(None, {}, 1)
    assert game.render_compact(0) == render_compact(game, (80, 24))


def test_issue_59_hidden_playtest_thin_walls_show_on_both_terminal_maps() -> None:
    """Point 2: ridge-assault's 3 cm earth walls (y 38-41 and 79-82, x 40-80) fell between
    the cells' centres and were not drawn on the 10 cm map; every cell a wall overlaps is
    ``==`` now, on the 10 cm map and on the 5 cm one."""
    from rulesets.battle_of_tanks.compact import coarse
    from rulesets.battle_of_tanks.render import terrain_grid

    game = RULESET.new_game("ridge-assault", {}, 1)
    coarse_grid = terrain_grid(game, 10, 12, 12)
    for row in (3, 4, 7, 8):  # each wall overlaps two 10 cm rows
        assert coarse_grid[row][4:8] == ["=="] * 4, row
        assert coarse_grid[row][3] != "==" and coarse_grid[row][8] != "==", row  # no wider than it is
    fine = terrain_grid(game, 5, 24, 24)
    assert all(fine[row][8:16] == ["=="] * 8 for row in (7, 8, 15, 16))
    assert sum(line.count("========") for line in coarse(game).splitlines()) == 4  # drawn on the screen


def test_issue_59_hidden_playtest_a_tank_destroyed_this_round_shows_as_a_wreck_at_once() -> None:
    """Point 3 (BT-3.4 makes it a wreck at the round's end, but it stands on the table
    from the shot on): its footprint is drawn ``xx`` at once, its key no more."""
    from rulesets.battle_of_tanks.compact import coarse
    from tests.battle_of_tanks.helpers import card, make_game

    game = make_game(["gun"], ["gun"], {"a1": (55, 55, 0), "b1": (100, 100, 0)}, cards=[card("gun")])
    assert "xx" not in _cells(coarse(game))
    game.tank("a1").hp = 0
    text = coarse(game)
    assert "xx" in _cells(text) and "a1" not in _cells(text) and "b1" in _cells(text)
