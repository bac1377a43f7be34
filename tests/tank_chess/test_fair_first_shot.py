"""TC-9.2 with TC-6.2 (issue 60 point 4): a map marked ``fair: true`` lets the side
that moves first destroy no piece with its first move, and ``validate`` names every
such shot, each at the map's ``fair:`` line. The Decision is the setting
``maps.fair_first_shot`` (default true)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.commands import check_file
from core.errors import DataError
from core.resources import shipped
from rulesets.tank_chess import RULESET

FIRST_SHOT = """\
ruleset: tank-chess
kind: map
name: first-shot
size: 6
fair: true
grid: |
  # # # c # .
  # . # # . #
  . . . . . m
  M . . . . .
  # . # # . #
  . # C # # #
"""
"""White's MT a3 reaches rank 4 facing E, NE or SE and fires along it into the side
of Black's MT f4 (gun 2 > side armour 1): seven first moves, none of them a win."""

SHOTS = {"MT a3-a4:E xf4", "MT a3-a4:NE xf4", "MT a3-a4:SE xf4", "MT a3-b4:E xf4",
         "MT a3-b4:NE xf4", "MT a3-b4:SE xf4", "MT a3-c4:E xf4"}


def _shot(message: str) -> str:
    return message.split("first move ", 1)[1].split(" destroys", 1)[0]


def test_issue_60_4_tc_9_2_fair_map_names_every_first_move_shot_at_its_fair_line(tmp_path: Path) -> None:
    path = tmp_path / "first-shot.yaml"
    path.write_text(FIRST_SHOT)
    problems = check_file(path)
    assert {_shot(p.message) for p in problems} == SHOTS and len(problems) == len(SHOTS)
    for p in problems:
        assert (p.line, p.col) == (5, 7), p  # the 'fair: true' line
        assert p.message.startswith("fair map: white's first move MT a3-")
        assert "destroys black's MT f4 (hits its side, armour 1, with gun 2: TC-6.2)" in p.message
        assert "TC-9.2" in p.message and "maps.fair_first_shot" in p.message
    with pytest.raises(DataError) as refused:
        RULESET.new_game(path)
    assert len(refused.value.problems) == len(SHOTS)


def test_issue_60_4_tc_9_2_an_unfair_map_or_the_setting_off_lets_the_shots_through(tmp_path: Path) -> None:
    """The Decision is a setting (``maps.fair_first_shot``); a map that does not claim
    to be fair may start with shots (an open brawl)."""
    path = tmp_path / "first-shot.yaml"
    path.write_text(FIRST_SHOT)
    assert RULESET.new_game(path, {"maps.fair_first_shot": False}).layout.fair
    path.write_text(FIRST_SHOT.replace("fair: true", "fair: false"))
    assert check_file(path) == []
    game = RULESET.new_game(path)
    assert "MT a3-a4:E xf4" in {game.format_action(a) for a in game.legal_actions()}


def test_issue_60_4_tc_6_2_a_shot_that_cannot_destroy_is_no_problem() -> None:
    """With ``shooting.ineffective_shots`` White may fire on alleys-16's first move
    (at armour its gun cannot beat): such a shot changes nothing, so the fair map loads."""
    game = RULESET.new_game("alleys-16", {"shooting.ineffective_shots": True})
    shots = [mv for mv in game.legal_moves() if mv[3] >= 0]
    assert shots and game.layout.fair
    for mv in shots:
        game.pos.push(mv)
        assert all(game.pos.alive), game.format_action(game.to_action(mv))
        game.pos.pop()


def test_issue_60_4_tc_9_2_shot_at_the_command_tank_is_named_once(tmp_path: Path) -> None:
    """A first move that destroys the Command Tank is named as a win (``maps.fair_first_move``),
    not again as a shot; with that check off the shot check still names it, as a shot."""
    path = tmp_path / "command.yaml"
    path.write_text(FIRST_SHOT.split("grid: |")[0] + "grid: |\n  . . c . . .\n" + "  . . . . . .\n" * 4
                    + "  . . . C . .\n")  # CLT d1 reaches e4 and fires into c6's side
    with pytest.raises(DataError) as both:
        RULESET.new_game(path)
    wins = [str(p) for p in both.value.problems if "wins on its first move" in str(p)]
    shots = [str(p) for p in both.value.problems if "destroys black's CLT" in str(p)]
    assert wins and "TC-7.1" in wins[0] and not shots
    with pytest.raises(DataError) as shot_only:
        RULESET.new_game(path, {"maps.fair_first_move": False})
    shots = [str(p) for p in shot_only.value.problems if "destroys black's CLT c6" in str(p)]
    assert shots and all(":5:7:" in s and "maps.fair_first_shot" in s for s in shots)
    assert not any("wins on its first move" in str(p) for p in shot_only.value.problems)


@pytest.mark.parametrize("path", sorted(Path(str(shipped("tank_chess", "maps"))).glob("*.yaml"))
                         + [Path(str(shipped("tank_chess", "examples"))) / "authored-16.yaml"],
                         ids=lambda p: p.stem)
def test_issue_60_4_shipped_fair_maps_give_no_first_move_shot(path: Path) -> None:
    """alleys-16 (10 shots) and crossroads-20 (5) were redrawn; blank-16 (41) and
    blank-20 (46) say ``fair: false``, open brawls. Every first move is played out."""
    game = RULESET.new_game(path)
    destroyed = []
    for mv in game.legal_moves():
        game.pos.push(mv)
        if not all(game.pos.alive):
            destroyed.append(game.format_action(game.to_action(mv)))
        game.pos.pop()
    if path.stem.startswith("blank-"):
        assert not game.layout.fair and destroyed  # marked unfair because of them
    else:
        assert game.layout.fair and destroyed == []
