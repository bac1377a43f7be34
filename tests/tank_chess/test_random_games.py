"""Random games on every shipped map with invariants after every move.

200 games per map (random playouts on the fast position, the policy of the
benchmarks), checking after each move what it could break -- one thing per
square (TC-1.3), wrecks never move (TC-6.3) -- with a full sweep of every
piece each 25 moves and at the end; the undo stack unwinds to the start and
every game ends (TC-7). A few more games go through the full Game API with
events and notation. The 10,000-game sweep is bench/tank_chess_games.py.
"""

from __future__ import annotations

import random

import pytest

from rulesets.tank_chess import RULESET
from rulesets.tank_chess.position import Position

GAMES_PER_MAP = 200
MAX_PLIES = 5000  # far above any legal game length with the default move limit


def check_invariants(pos: Position, wrecks: dict[int, int]) -> None:
    """Every piece where the board says, one per square, wrecks fixed (a full sweep)."""
    seen: set[int] = set()
    cell, alive = pos.cell, pos.alive
    for pid, sq in enumerate(pos.sq):
        if sq < 0:
            assert alive[pid] and pos.rules.command[pos.kind[pid]]  # only an escaped CLT is off
            continue
        assert sq not in seen, f"two pieces on square {sq}"
        seen.add(sq)
        assert cell[sq] == pid + 1
        if not alive[pid]:
            assert wrecks.setdefault(pid, sq) == sq, "a wreck moved"


def check_move(pos: Position, move: tuple[int, int, int, int], frm: int, wrecks: dict[int, int]) -> None:
    """After one move: what it could have broken (the mover's squares, the target, the wrecks)."""
    pid, to, _f, target = move
    cell = pos.cell
    assert cell[frm] == 0 or frm == to, "the start square still holds something"
    if to >= 0:
        assert cell[to] == pid + 1 and pos.sq[pid] == to
    if target >= 0:
        assert not pos.alive[target] and cell[pos.sq[target]] == target + 1
        wrecks[target] = pos.sq[target]
    for wreck, sq in wrecks.items():
        assert pos.sq[wreck] == sq and cell[sq] == wreck + 1, "a wreck moved"


def check_board(pos: Position, obstacles: list[int]) -> None:
    """At the end of a game: nothing on the board that no piece list knows, obstacles unchanged."""
    assert sum(1 for c in pos.cell if c > 0) == sum(1 for s in pos.sq if s >= 0)
    assert [i for i, c in enumerate(pos.cell) if c == -1] == obstacles


@pytest.mark.parametrize("name", RULESET.scenarios())
def test_tc_1_3_tc_6_3_tc_7_random_games_keep_invariants_and_end(name: str) -> None:
    game = RULESET.new_game(name)
    rng = random.Random(name)
    start = game.pos
    obstacles = [i for i, c in enumerate(start.cell) if c == -1]
    endings: dict[str, int] = {}
    for _ in range(GAMES_PER_MAP):
        pos = start.copy()
        wrecks: dict[int, int] = {}
        for _ply in range(MAX_PLIES):
            status = pos.status()
            if status is not None:
                break
            move = pos.random_move(rng)
            assert move is not None
            frm = pos.sq[move[0]]
            pos.push(move)
            check_move(pos, move, frm, wrecks)
            if _ply % 25 == 0:
                check_invariants(pos, wrecks)
        else:
            pytest.fail(f"a game on {name} did not end in {MAX_PLIES} plies")
        check_invariants(pos, wrecks)
        check_board(pos, obstacles)
        endings[status[1]] = endings.get(status[1], 0) + 1
        # the undo stack unwinds to the start exactly
        while pos.stack:
            pos.pop()
        assert pos.cell == start.cell and pos.hash == start.hash and pos.reps == start.reps
    assert sum(endings.values()) == GAMES_PER_MAP


@pytest.mark.parametrize("name", ["standard-16", "standard-20"])
def test_random_games_through_the_game_api(name: str) -> None:
    """Uniform random actions via legal_actions/apply: events, notation and outcome agree."""
    rng = random.Random(5)
    for _ in range(2):
        game = RULESET.new_game(name)
        while game.outcome() is None:
            actions = game.legal_actions()
            action = actions[rng.randrange(len(actions))]
            text = game.format_action(action)
            assert game.parse_action(text) == action
            events = game.apply(action)
            assert events and events[0].kind in ("moved", "escaped")
        outcome = game.outcome()
        assert outcome is not None
        if outcome.winners:
            assert game.history[-1].player == outcome.winners[0]
