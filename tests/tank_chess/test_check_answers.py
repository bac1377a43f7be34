"""The CHECK answer test (TC-8.1) and the playout draws, made cheaper without
changing a single answer or draw (issue 61.7).

:meth:`Position.can_meet_check` tries, besides the Command Tank's own moves,
only the moves that could spoil one threat the enemy has; these tests hold it
to what trying every move gives. :meth:`Position.random_move` draws its numbers
from ``getrandbits`` directly; it must draw exactly what ``randrange`` would.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from core.memo import forget_games
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.position import Move, Position
from tests.tank_chess.helpers import board
from tests.tank_chess.test_evaluate_threats import CHECKED


def _answers(pos: Position, side: int) -> list[Move]:
    """By the plain definition, every move of ``side`` that meets the CHECK: it wins
    at once or leaves the enemy no move that destroys the Command Tank.

    On the way, the threat found on the bitboards (``listed=False``, what the
    evaluation asks) must exist exactly when the listed one does and be a legal
    move that destroys the Command Tank."""
    out = []
    for mv in pos.generate():
        pos.push(mv)
        try:
            threat = pos.command_threat(1 - side)
            quick = pos.command_threat(1 - side, listed=False)
            assert (quick is None) == (threat is None)
            if pos.winner < 0 and quick is not None and quick != threat:
                assert quick in pos.piece_moves(quick[0])
                pos.push(quick)
                assert pos.winner == 1 - side and pos.reason == "destroyed"
                pos.pop()
            if pos.winner == side or threat is None:
                out.append(mv)
        finally:
            pos.pop()
    return out


def _checked_positions(options: Mapping[str, object], seed: int, wanted: int) -> list[Position]:
    """Positions of random playouts in which the side to move is in CHECK."""
    game = RULESET.new_game("standard-16", dict(options), 0)
    rng = random.Random(seed)
    out: list[Position] = []
    for _ in range(300):
        sim = game.clone()
        for _ in range(rng.randrange(30, 90)):
            if sim.outcome() is not None or not sim.random_step(rng):
                break
        pos = sim.pos
        if pos.winner < 0 and pos.command_threat(1 - pos.to_move) is not None:
            out.append(pos)
            if len(out) == wanted:
                break
    return out


def test_tc_8_1_issue_61_7_every_answer_to_a_check_is_among_the_moves_tried() -> None:
    """With corner cutting on and off, in CHECK positions of random play, every
    move that meets the CHECK (found by trying them all) is a Command Tank step or
    one of the moves the pruned test tries; so its answer is that of trying all."""
    answers = 0
    for options in ({}, {"movement.corner_cutting": False}):
        forget_games()
        for pos in _checked_positions(options, 5, 12):
            side = pos.to_move
            tried = set(pos._command_steps(side)) | set(pos._answer_moves(side))
            found = _answers(pos, side)
            assert set(found) <= tried
            assert pos.can_meet_check(side) == bool(found)
            answers += len(found)
    assert answers > 100  # many answers were put to the test


def test_tc_8_1_issue_61_7_a_check_no_move_meets_stays_unanswered() -> None:
    """A dead-end lane (obstacles b1-b5): no move meets the CHECK, pruned or not."""
    g = board(CHECKED.format("#", "#", "#"), {"a6": "S", "a1": "N"})
    assert not _answers(g.pos, 0)
    assert not g.pos.can_meet_check(0)


class _Drawn(random.Random):
    """A generator whose ``randrange`` is its own: playouts must go through it."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return super().randrange(start, stop, step)


def test_issue_61_7_playout_draws_are_those_of_randrange() -> None:
    """The playout policy written out over ``getrandbits`` plays the very moves it
    plays through ``randrange`` (the seeded searches' moves depend on it)."""
    game = RULESET.new_game("standard-16", {}, 0)
    for seed in range(3):
        fast, slow = game.clone(), game.clone()
        a, b = random.Random(seed), _Drawn(seed)
        for _ in range(60):
            mv = fast.pos.random_move(a)
            assert mv == slow.pos.random_move(b)
            if mv is None:
                break
            fast.pos.push(mv)
            slow.pos.push(mv)
            if fast.pos.winner >= 0:
                break
        assert a.random() == b.random()
