"""Perft: the fast generator against the slow reference (TC-4.6), and golden counts.

The reference tries every step sequence on plain tuples; the fast one
searches (square, facing) states on flat tables. They must agree on fixed
positions and on random ones from hypothesis, under every movement/exit
setting; and the shipped maps keep their golden depth 1-2 counts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.resources import shipped
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.action import TankMove
from tests.tank_chess.helpers import board
from tests.tank_chess.reference import fast_moves, reference_moves

GOLDEN = yaml.safe_load(Path(str(shipped("tank_chess", "perft.yaml"))).read_text())["maps"]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_tc_4_6_golden_perft_counts(name: str) -> None:
    game = RULESET.new_game(name)
    assert game.pos.perft(1) == GOLDEN[name][1]
    if name.startswith("standard"):  # depth 2 of the others is in the data file, checked by bench
        assert game.pos.perft(2) == GOLDEN[name][2]


@pytest.mark.parametrize("name", ["standard-16", "standard-20", "river-20"])
def test_tc_4_6_reference_agrees_on_shipped_maps_after_some_moves(name: str) -> None:
    import random

    game = RULESET.new_game(name)
    rng = random.Random(11)
    for _ in range(12):
        assert reference_moves(game) == fast_moves(game)
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        if game.outcome() is not None:
            break


def test_perft_push_pop_restores_the_position() -> None:
    game = RULESET.new_game("standard-16")
    before = (list(game.pos.cell), list(game.pos.sq), list(game.pos.face), game.pos.hash, dict(game.pos.reps))
    game.pos.perft(2)
    after = (list(game.pos.cell), list(game.pos.sq), list(game.pos.face), game.pos.hash, dict(game.pos.reps))
    assert before == after


LETTERS = "HMLDAhmlda"


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, dict[str, str], dict[str, object], str]:
    size = draw(st.integers(6, 9))
    cells = draw(st.lists(st.sampled_from(list("." * 16 + "##x") + list(LETTERS)), min_size=size * size,
                          max_size=size * size))
    # one command tank per side somewhere
    spots = draw(st.lists(st.integers(0, size * size - 1), min_size=2, max_size=2, unique=True))
    cells[spots[0]] = "C"
    cells[spots[1]] = "c"
    facing: dict[str, str] = {}
    for i, ch in enumerate(cells):
        if ch.isalpha() and ch != "x":
            f, r = i % size, size - 1 - i // size
            facing[f"{chr(97 + f)}{r + 1}"] = draw(st.sampled_from(["N", "NE", "E", "SE", "S", "SW", "W", "NW"]))
    options = {
        "movement.corner_cutting": draw(st.booleans()),
        "exit.diagonal": draw(st.sampled_from(["corners_forbidden", "forbidden", "allowed"])),
        "shooting.ineffective_shots": draw(st.booleans()),
    }
    grid = "\n".join(" ".join(cells[r * size:(r + 1) * size]) for r in range(size))
    return grid, facing, options, draw(st.sampled_from(["white", "black"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_tc_4_tc_5_fast_generator_equals_reference_on_random_positions(
    case: tuple[str, dict[str, str], dict[str, object], str],
) -> None:
    grid, facing, options, to_move = case
    game = board(grid, facing, to_move, **{k.replace(".", "__"): v for k, v in options.items()})
    fast = fast_moves(game)
    assert fast == reference_moves(game)
    # check() accepts exactly the generated moves: every listed one, and a few near misses are refused
    for frm, to, f, tgt in list(fast)[:40]:
        assert game.check(TankMove(game.piece_at(frm) or "", frm, to, f, tgt)) is None
    pieces = [game.rules.square(game.pos.sq[p]) for p in game.pos.pieces_of[game.pos.to_move]
              if game.pos.alive[p]]
    n = game.rules.files
    for frm in pieces[:3]:
        for to in [(x, y) for x in range(0, n, 2) for y in range(0, n, 3)]:
            for f in (0, 3, 6):
                action = TankMove(game.piece_at(frm) or "", frm, to, f, None)
                illegal = game.check(action)
                assert (illegal is None) == ((frm, to, f, None) in fast), (action, illegal)
                if illegal is not None:
                    assert illegal.rule.startswith("TC-")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_tc_8_1_check_equals_a_destroying_move_on_random_positions(
    case: tuple[str, dict[str, str], dict[str, object], str],
) -> None:
    grid, facing, options, to_move = case
    game = board(grid, facing, to_move, **{k.replace(".", "__"): v for k, v in options.items()})
    pos = game.pos
    for side in (0, 1):
        pos.to_move = side
        enemy_command = pos.command_of[1 - side]
        brute = False
        for m in pos.generate():
            if m[3] == enemy_command:
                pos.push(m)
                brute = brute or not pos.alive[enemy_command]  # a shot that destroys (TC-6.2)
                pos.pop()
        assert pos.threatens_command(side) == brute
        assert pos.can_escape(side) == any(m[1] == -1 for m in pos.generate())
