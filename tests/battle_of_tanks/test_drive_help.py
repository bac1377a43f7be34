"""Playtest of issue 59 (driving by coordinates was trial and error): a tank's candidate
drives can be listed before its order is given (``drives TANK [ORDER]``, ``moves TANK``),
each a line the prompt plays; a refused drive is answered with the nearest one the rules
accept (BT-5.1), as a line to paste."""

from __future__ import annotations

import math

import pytest

from cli.play import refused_part
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.actions import split_line
from rulesets.battle_of_tanks.free_drive import drives, mend_line
from rulesets.battle_of_tanks.game import BattleGame
from tests.cli.test_cli_core import run


def _order_due() -> BattleGame:
    """The village crossroads, seed 1: b's chit first, tiger#1 to be ordered."""
    game = RULESET.new_game(seed=1)
    assert isinstance(game, BattleGame) and game.phase == "order"
    return game


def _line(text: str) -> str:
    return text.strip().split("  (")[0]


def test_playtest_59_drives_before_the_order_are_lines_the_prompt_plays() -> None:
    """BT-5.1, BT-5, BT-5.3: every listed line is the order and a drive the rules accept."""
    game = _order_due()
    tank = next(t for t in game.tanks if t.side == "b" and t.alive)
    player = game.to_move()
    listed = drives(game, player, f"{tank.label} attack").splitlines()
    assert listed[0].startswith(f"{tank.label} attack: ") and "drive(s)" in listed[0]
    lines = [_line(x) for x in listed[1:] if x.startswith("  ")]
    assert len(lines) >= 2
    for line in lines:
        parts = split_line(line)
        assert parts is not None and parts[0] == f"{tank.label} attack", line
        assert refused_part(game, player, parts) is None, line
    assert "its fire from there" in listed[1]  # an ATTACK line says what it could shoot
    ends = [tuple(float(v) for v in line.split()[-1].split(",")) for line in lines if not line.endswith(" stay")]
    assert all(math.dist(p, q) >= 2.0 for i, p in enumerate(ends) for q in ends[:i])  # no near-twins
    brief = drives(game, player, tank.label).splitlines()  # the tank alone: a line per order
    assert [b.split(":")[0] for b in brief] == [f"{tank.label} {o}" for o in ("move", "attack", "retreat")]
    assert game.phase == "order" and not game.history  # nothing was played


def test_playtest_59_a_refused_drive_is_answered_with_the_nearest_legal_one() -> None:
    """BT-5.1: too long, the path is cut at the allowance; the cut line is accepted."""
    game = _order_due()
    tank = next(t for t in game.tanks if t.side == "b" and t.alive)
    far = f"{tank.label} move {tank.x - 110:g},{tank.y:g}"
    mended = mend_line(game, far)
    assert mended is not None and "(stops at" in mended, mended
    line = _line(mended)
    parts = split_line(line)
    assert parts is not None and refused_part(game, game.to_move(), parts) is None, line
    end = tuple(float(v) for v in line.split()[-1].split(","))
    assert math.dist(end, (tank.x, tank.y)) <= game.move_limit(tank) + 1e-6
    assert math.dist(end, (tank.x, tank.y)) >= game.move_limit(tank) - 3  # not needlessly short
    assert mend_line(game, f"{tank.label} move {tank.x - 5:g},{tank.y:g}") is None  # legal: nothing to mend


def test_playtest_59_terminal_moves_tank_lists_drives_and_mends_a_refusal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``moves tiger#1`` adds each drive order's count; a refusal gets a pasteable nearest
    line; ``clear`` redraws (it was "cannot read 'clear'")."""
    code, out, _ = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "1",
                        "--board", "none"], capsys, monkeypatch,
                       stdin="moves\nmoves tiger#1\ntiger#1 move 0,80\nclear\nquit\n")
    assert "('moves tiger#1' adds tiger#1's drives under each order, before you give it)" in out, out[-3000:]
    assert "tiger#1 attack: " in out and "('drives tiger#1 attack'" in out, out[-2000:]
    assert "nearest legal: tiger#1 move " in out, out[-2000:]
    assert "cannot read 'clear'" not in out


def test_playtest_59_bt_8_2_the_board_warns_of_a_tank_on_the_base_plate() -> None:
    """BT-8.2: on the plate since the round began and undamaged, it wins at this round's
    end; one that came this round, at the next round's end; the warning says what stops it,
    in the per-decision board and ``board``; none when no tank stands on a plate."""
    from rulesets.battle_of_tanks.compact import render_compact
    from rulesets.battle_of_tanks.render import plate_lines, render_text
    from tests.battle_of_tanks.helpers import card, make_game

    cards = [card("raider", sight_cm=30, hit_points=300, tier=4), card("gun", sight_cm=60, hit_points=900, tier=7)]
    game = make_game(["raider"], ["gun"], {"a1": (105, 105, 0), "b1": (60, 10, 0)}, cards=cards)
    came = " ".join(plate_lines(game, 400))
    assert f"a wins at the end of round {game.round + 1} if it is still there when round {game.round + 1} begins" \
        in came and "loses hit points, takes a track hit or leaves the plate" in came and "(BT-8.2)" in came, came
    game.tank("a1").plate_at_start = True
    held = " ".join(plate_lines(game, 400))
    assert f"a wins at the end of round {game.round} unless" in held, held
    assert "WARNING: a's raider" in render_compact(game, (100, 40)) and "WARNING: a's" in render_text(game)
    assert "WARNING" in render_compact(game, (80, 24))  # the 10 cm map says it too
    game.tank("a1").damaged = True
    assert "if it is still there when round" in " ".join(plate_lines(game, 400))
    game.place("a1", 60, 60, 0)
    assert plate_lines(game, 400) == []


def test_playtest_59_board_on_a_narrow_terminal_is_the_map_that_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    """``board`` at 80 columns drew the 100-column map, which wrapped: the list goes under the map."""
    from rulesets.battle_of_tanks import render

    game = _order_due()
    monkeypatch.setattr(render, "terminal_columns", lambda: 80)
    narrow = render.render_text(game)
    assert max(len(line) for line in narrow.splitlines()) <= 80 and "1 cell = 5 cm" in narrow, narrow
    assert "tiger#1" in narrow and "garden wall" in narrow  # the tank list and the key, under the map
    monkeypatch.setattr(render, "terminal_columns", lambda: 100)
    assert "1 cell = 5 cm" in render.render_text(game) and "next:" not in render.render_text(game)


def test_playtest_59_an_attack_order_says_whether_any_drive_brings_a_target() -> None:
    """BT-5, BT-6.1: with no target now, the ATTACK order's note counts the drives that
    would bring one (none when the enemy is beyond sight and drive), as ``drives`` lists them."""
    from rulesets.battle_of_tanks import actions as A
    from rulesets.battle_of_tanks.free_drive import attack_reach
    from tests.battle_of_tanks.helpers import card, give_chit, make_game

    cards = [card("scout", sight_cm=30, move_cm=20), card("hunter", sight_cm=30, move_cm=20)]
    near = make_game(["scout"], ["hunter"], {"a1": (20, 60, 0), "b1": (65, 60, 180)}, cards=cards)
    give_chit(near, "a")
    shots, total = attack_reach(near, near.tank("a1")) or (0, 0)
    assert 0 < shots <= total
    assert f"{shots} of its {total} drives {'brings' if shots == 1 else 'bring'} one: 'drives scout#1 attack'" in near.describe_action(
        A.Declare("scout#1", "ATTACK")), near.describe_action(A.Declare("scout#1", "ATTACK"))
    far = make_game(["scout"], ["hunter"], {"a1": (10, 60, 0), "b1": (105, 60, 180)}, cards=cards)
    give_chit(far, "a")
    reach = attack_reach(far, far.tank("a1"))
    assert reach is not None and reach[0] == 0 and reach[1] > 0, reach
    assert "(none of its " in far.describe_action(A.Declare("scout#1", "ATTACK"))
    assert f"scout#1 attack: {reach[1]} drive(s), none gives a shot" in drives(far, far.to_move(), "scout#1")


def test_playtest_59_5_a_battle_hint_says_why_from_its_plan() -> None:
    """Hints read "-0.19" three times and nothing else: each line with a plan says what its
    drive does (the move notes of BT-5.1's drive, judged after the order), and equal
    estimates are said to be alike; the why lines do not read as moves to paste."""
    from cli.hint import terminal_hint
    from core.ai.analysis import Analysis, Suggestion
    from rulesets.battle_of_tanks import actions as A

    game = _order_due()
    tank = next(t for t in game.tanks if t.side == "b" and t.alive)
    listed = [_line(x) for x in drives(game, game.to_move(), f"{tank.label} move").splitlines()[1:]
              if not _line(x).endswith(" stay")][:2]
    plans = [Suggestion(A.Declare(tank.label, "MOVE"), -0.19, 10, (f"to {line.split()[-1]}",)) for line in listed]
    lines = terminal_hint(game, Analysis(game.to_move(), -0.19, tuple(plans)), 100)
    why = [line for line in lines if line.startswith("      why: to ")]
    assert len(why) == 2 and all("cm)" in line for line in why), lines
    assert "rates them alike" in " ".join(lines)
