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


def _occupied(pos: Position) -> int:
    """:attr:`Position.occ` worked out afresh from the cells."""
    bits = 0
    for sq, c in enumerate(pos.cell):
        if c:
            bits |= pos.rules.bit[sq]
    return bits


def _near_the_edges(pos: Position) -> list[Position]:
    """``pos`` with each Command Tank put (without a move) on empty squares one and two
    ranks from the edge it leaves by, in every facing: positions where it can exit."""
    out: list[Position] = []
    n = pos.rules.files
    for side in (0, 1):
        pid = pos.command_of[side]
        if not pos.alive[pid] or pos.sq[pid] < 0:
            continue
        for rank in ((n - 2, n - 1) if side == 0 else (1, 0)):
            for file in (0, 5, n - 1):
                to = rank * n + file
                if pos.cell[to] != 0:
                    continue
                for facing in range(8):
                    probe = pos.copy()
                    probe.push((pid, to, facing, -1))
                    out.append(probe)
    return out


def test_issue_61_7_playout_end_states_on_bitboards_equal_the_set_search() -> None:
    """TC-3.3, TC-4.2..4.5, TC-7.2/7.3: the playout's bitboard search
    (:meth:`Position._reach_bits`, cached on the zone's occupancy) lists exactly the
    end states and the exit of :meth:`Position.reachable`, with corner cutting on
    and off and with diagonal exits allowed, and only squares of the empty-board
    reach (:meth:`Rules.open_reach`, the threat search's first test); the occupancy
    it keys on stays that of the cells through every push and pop."""
    exits = 0
    for options in ({}, {"movement.corner_cutting": False}, {"exit.diagonal": "allowed"}):
        forget_games()
        for seed in range(2):
            positions = _positions("standard-16", options, seed, 90)
            for pos in positions[::3] + _near_the_edges(positions[-1]):
                assert pos.occ == _occupied(pos)
                for pid in range(len(pos.sq)):
                    if pos.alive[pid] and pos.sq[pid] >= 0:
                        states, can_exit = pos.reachable(pid)
                        total, bits_exit, boards, counts, squares = pos._reach_bits(pid)
                        drawn = [pos._nth_state(boards, counts, j) for j in range(total)]
                        assert sorted(drawn) == sorted(states) and len(set(drawn)) == total
                        assert bits_exit == can_exit
                        assert squares == sum(pos.rules.bit[s] for s in {st >> 3 for st in states})
                        k = pos.kind[pid]
                        assert not squares & ~pos.rules.open_reach(pos.sq[pid] * 8 + pos.face[pid], pos.rules.speed[k])
                        exits += can_exit
            last = positions[-1]
            while last.stack:
                last.pop()
                assert last.occ == _occupied(last)
    assert exits > 0  # a Command Tank able to leave was among them


def test_issue_61_7_zone_bits_are_the_reach_zone() -> None:
    """The bitboard zone (:meth:`Rules.zone_bits`) holds the very cells of
    :meth:`Rules.reach_zone`, with corner cutting on and off, for every speed."""
    for options in ({}, {"movement.corner_cutting": False}):
        r = RULESET.new_game("standard-16", dict(options), 0).rules
        for start in range(5, r.states, 23):
            for speed in range(6):
                assert r.zone_bits(start, speed) == sum(r.bit[c] for c in r.zone_cells(start, speed))
