"""The end-state cache of tank chess movement (TC-4.2 .. TC-4.5) answers exactly as
a fresh search would, in the same order (issue 61.7).

:meth:`Rules.reach_zone` keys the cache on the few cells a tank's search can
look at, so positions that differ elsewhere share one answer. That is sound
only if the search really reads nothing outside the zone, and the answer's
iteration order matters too: the legal moves are listed in it, and a seeded
search's choices follow their order.
"""

from __future__ import annotations

import random

from core.memo import forget_games
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.position import OBSTACLE, Position


def _fresh(pos: Position, pid: int) -> tuple[tuple[int, ...], bool]:
    """The end states of ``pid`` by the search itself, no cache, in set order."""
    r = pos.rules
    k = pos.kind[pid]
    s0 = pos.sq[pid]
    pos.cell[s0] = 0
    try:
        states, can_exit = pos._search(s0, pos.face[pid], r.speed[k], r.command[k], pos.side[pid])
    finally:
        pos.cell[s0] = pid + 1
    return tuple(frozenset(states)), can_exit


def _positions(scenario: str, options: dict[str, object], seed: int, plies: int) -> list[Position]:
    game = RULESET.new_game(scenario, dict(options), 0)
    rng = random.Random(seed)
    out = [game.pos.copy()]
    for _ in range(plies):
        if game.outcome() is not None or not game.random_step(rng):
            break
        out.append(game.pos.copy())
    return out


def test_issue_61_7_cached_end_states_equal_a_fresh_search_in_order() -> None:
    """TC-4.2..4.5 with corner cutting on and off: a warm cache shared across the
    positions of several games gives what a fresh search gives, order and all."""
    for options in ({}, {"movement.corner_cutting": False}):
        forget_games()
        hits = 0
        for seed in range(3):
            for pos in _positions("standard-16", options, seed, 60):
                for pid in range(len(pos.sq)):
                    if pos.alive[pid] and pos.sq[pid] >= 0:
                        size = len(pos.rules.reach_cache)
                        states, can_exit = pos.reachable(pid)
                        hits += len(pos.rules.reach_cache) == size
                        assert (tuple(states), can_exit) == _fresh(pos, pid)
        assert hits > 0  # the cache did answer, so its answers were put to the test


def test_issue_61_7_cells_outside_the_reach_zone_do_not_change_the_search() -> None:
    """Filling every empty square outside a tank's zone with an obstacle leaves its
    end states as they were: the zone holds every cell the search reads."""
    rng = random.Random(7)
    for options in ({}, {"movement.corner_cutting": False}):
        for pos in _positions("standard-16", options, 5, 40)[::8]:
            r = pos.rules
            for pid in range(len(pos.sq)):
                s0 = pos.sq[pid]
                if not pos.alive[pid] or s0 < 0:
                    continue
                k = pos.kind[pid]
                zone = r.reach_zone(s0 * 8 + pos.face[pid], r.speed[k])
                probe = pos.copy()
                inside = set(zone(list(range(len(probe.cell)))))  # the zone's square indices
                for t in range(len(probe.cell)):
                    if t != s0 and t not in inside and probe.cell[t] == 0 and rng.random() < 0.8:
                        probe.cell[t] = OBSTACLE
                assert _fresh(probe, pid) == _fresh(pos, pid)
