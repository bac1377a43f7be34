"""Issue 27.14: every move the rules allow is in the legal list (TC-3, TC-4, TC-6).

A seat that chooses from ``legal_actions()`` (the computer, ``random``, a click in
the browser) can play any move a person could type: ``check`` accepts exactly
the listed moves. The property is tested over every conceivable move of the
side to move -- each of its tanks, to every square within its speed or off the board, in each
of the eight facings, with no shot or a shot at each enemy tank -- in
positions reached by random play (the perft tests check the list against an
independent move generator).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.tank_chess import RULESET
from rulesets.tank_chess.action import TankMove
from rulesets.tank_chess.game import TankChessGame


def _position(seed: int, plies: int) -> TankChessGame:
    game = RULESET.new_game(seed=seed)
    assert isinstance(game, TankChessGame)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.outcome() is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _conceivable(game: TankChessGame) -> list[TankMove]:
    """Every move of the side to move that names its own tank, without a shot: off the
    board, or to each square it could reach on an empty board (each step moves a tank
    at most one square, TC-4.2: no farther than its speed), in each facing."""
    pos, r = game.pos, game.rules
    out: list[TankMove] = []
    for pid in range(len(pos.sq)):
        if not pos.alive[pid] or pos.side[pid] != pos.to_move:
            continue
        frm = r.square(pos.sq[pid])
        card = r.cards[pos.kind[pid]]
        near = [(x, y) for x in range(r.files) for y in range(r.files)
                if max(abs(x - frm[0]), abs(y - frm[1])) <= card.speed]
        out.append(TankMove(card.id, frm, None, None))
        out += [TankMove(card.id, frm, to, f) for to in near for f in range(8)]
    return out


def _enemies(game: TankChessGame) -> list[tuple[int, int]]:
    pos, r = game.pos, game.rules
    return [r.square(pos.sq[pid]) for pid in range(len(pos.sq))
            if pos.alive[pid] and pos.side[pid] != pos.to_move]


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 30))
def test_issue_27_14_check_accepts_exactly_the_listed_moves(seed: int, plies: int) -> None:
    game = _position(seed, plies)
    if game.outcome() is not None:
        return
    listed = set(game.legal_actions())
    accepted: set[TankMove] = set()
    enemies = _enemies(game)
    listed_moves = {(a.frm, a.to, a.facing) for a in listed}
    for move in _conceivable(game):
        if game.check(move) is None:
            accepted.add(move)
        if move.to is None:
            continue
        # a shot goes with a move the rules allow (or a turn in place): try each enemy target
        if move in accepted or (move.frm, move.to, move.facing) in listed_moves:
            for target in enemies:
                shot = TankMove(move.piece, move.frm, move.to, move.facing, target)
                if game.check(shot) is None:
                    accepted.add(shot)
    assert accepted == listed
