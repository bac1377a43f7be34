"""TC-9.2 with TC-6.2 (issue 60 point 4): a map marked ``fair: true`` lets the side
that moves first destroy no piece with its first move, and ``validate`` names every
such shot, grouped into one problem per exposed piece at the map's ``fair:`` line. The Decision is the setting
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


def _shots(message: str) -> set[str]:
    listed = message.split("first moves: ", 1)[1].split(" (hits", 1)[0]
    return set(listed.split(", "))


def test_issue_60_4_tc_9_2_fair_map_names_every_first_move_shot_at_its_fair_line(tmp_path: Path) -> None:
    """One problem per exposed piece (walkthrough: 34 lines for 3 pieces), still at the
    ``fair:`` line and still naming every destroying move."""
    path = tmp_path / "first-shot.yaml"
    path.write_text(FIRST_SHOT)
    problems = check_file(path)
    assert len(problems) == 1, problems
    p = problems[0]
    assert (p.line, p.col) == (5, 7), p  # the 'fair: true' line
    assert p.message.startswith("fair map: black's MT f4 can be destroyed by 7 of white's first moves: ")
    assert _shots(p.message) == SHOTS
    assert p.message.count("(hits its side, armour 1, with gun 2: TC-6.2)") == 1
    assert "TC-9.2" in p.message and "maps.fair_first_shot" in p.message
    with pytest.raises(DataError) as refused:
        RULESET.new_game(path)
    assert len(refused.value.problems) == 1


def test_walkthrough_tc_9_2_first_move_shots_are_grouped_by_target_piece(tmp_path: Path) -> None:
    """blank-16 claimed fair: four Light Tanks exposed to 41 first moves give four
    problems, one per piece, whose listed moves are exactly the destroying first moves;
    moves that hit differently are grouped behind their own description."""
    blank = Path(str(shipped("tank_chess", "maps"))) / "blank-16.yaml"
    path = tmp_path / "b16.yaml"
    path.write_text(blank.read_text().replace("fair: false", "fair: true"))
    problems = check_file(path)
    game = RULESET.new_game(blank)
    destroying = []
    for mv in game.legal_moves():
        text = game.format_action(game.to_action(mv))
        game.pos.push(mv)
        if not all(game.pos.alive):
            destroying.append(text)
        game.pos.pop()
    targets = [p.message.split("black's ", 1)[1].split(" can be", 1)[0] for p in problems]
    assert targets == ["LT d15", "LT g16", "LT k16", "LT m15"], targets
    listed: list[str] = []
    for p in problems:
        assert p.line == problems[0].line and "fair:" in path.read_text().splitlines()[p.line - 1]
        moves = [m for part in p.message.split("first moves: ", 1)[1].split("; a fair map")[0].split("); ")
                 for m in part.split(" (hits")[0].split(", ")]
        assert f"by {len(moves)} of white's first moves" in p.message
        assert all(m.endswith(" x" + p.message.split("black's LT ", 1)[1].split(" ", 1)[0]) for m in moves)
        listed += moves
    assert sorted(listed) == sorted(destroying) and len(destroying) == 41
    assert "); HT n1-m3:NW xm15 (hits its front, armour 1, with gun 3: TC-6.2); " in problems[3].message


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
    shots = [str(p) for p in both.value.problems if "black's CLT c6 can be destroyed" in str(p)]
    assert wins and "TC-7.1" in wins[0] and not shots
    with pytest.raises(DataError) as shot_only:
        RULESET.new_game(path, {"maps.fair_first_move": False})
    shots = [str(p) for p in shot_only.value.problems if "black's CLT c6 can be destroyed" in str(p)]
    assert len(shots) == 1 and "CLT d1-" in shots[0] and all(":5:7:" in s and "maps.fair_first_shot" in s for s in shots)
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
