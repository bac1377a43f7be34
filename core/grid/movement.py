"""Movement on a hex board: cost to enter a hex, cheapest paths (A*), reachable hexes.

The cost to enter a hex (precomputed per ``cell * 6 + side`` by
:class:`~core.grid.hexboard.HexBoard`):

- impassable terrain (water barrier, HTC-T98) or an impassable hexside: no entry;
- between linked fortifications (trench to trench/bunker/pillbox): their
  ``link_cost`` whatever the terrain, hexside or slope (HTC-F105.2);
- across a hexside that a road, railway or trail crosses: the lowest of the
  terrain's cost and the feature's ``along_cost`` (HTC-T92, T93, T96);
  otherwise the terrain's cost (open 1, woods 2, stream 3...);
- plus every hexside feature's ``cross_cost`` (wall +1, HTC-T97) and
  ``uphill_cost`` per level climbed (a catalogue setting).

The road movement bonus (HTC-T93.1): once a unit has entered a hex with a
road during a move, its allowance grows by the road's ``movement_bonus``
(+1). Whether the bonus may already pay for entering that hex is the
``road_bonus_pays_entry`` setting (default no). Starting on a road earns
nothing: the unit did not *enter* it. Searches therefore run over states
(cell, bonus earned), with integer keys and a binary heap.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from core.grid.hex import Hex
from core.grid.hexboard import HexBoard

__all__ = ["PathResult", "enter_cost", "find_path", "reachable"]


def enter_cost(board: HexBoard, frm: Hex | int, to: Hex | int) -> int | None:
    """MP to move from ``frm`` into the adjacent ``to``; None if it cannot be entered."""
    a = frm if isinstance(frm, int) else board.index[frm]
    b = to if isinstance(to, int) else board.index[to]
    d = board.direction(a, b)
    if d is None:
        raise ValueError(f"{board.label(a)} and {board.label(b)} are not adjacent")
    cost = board.enter_cost[a * 6 + d]
    return None if cost < 0 else cost


@dataclass(frozen=True)
class PathResult:
    """A cheapest path: cells from start to goal, and its MP cost."""

    cells: tuple[int, ...]
    cost: int
    bonus_used: bool = False
    """True if the path needed the HTC-T93.1 road bonus to fit the allowance."""

    def to_json(self, board: HexBoard) -> dict[str, Any]:
        steps = []
        total = 0
        for x, y in pairwise(self.cells):
            d = board.direction(x, y)
            assert d is not None
            c = board.enter_cost[x * 6 + d]
            total += c
            steps.append({"hex": board.label(y), "cost": c, "total": total,
                          "terrain": board.terrain_ids[y]})
        return {"path": [board.label(c) for c in self.cells], "cost": self.cost,
                "steps": steps, "road_bonus_used": self.bonus_used}


def _heuristic_table(board: HexBoard, goal: int) -> list[int]:
    g = board.hexes[goal]
    m = board.min_step
    return [((abs(h.q - g.q) + abs(h.r - g.r) + abs(h.q + h.r - g.q - g.r)) // 2) * m
            for h in board.hexes]


def find_path(board: HexBoard, start: Hex | int, goal: Hex | int, mp: int | None = None) -> PathResult | None:
    """Cheapest path (A*); with ``mp``, only paths that fit the allowance (with the road bonus)."""
    a = start if isinstance(start, int) else board.index[start]
    b = goal if isinstance(goal, int) else board.index[goal]
    if a == b:
        return PathResult((a,), 0)
    if mp is None:
        return _astar(board, a, b)
    return _astar_budget(board, a, b, mp)


def _astar(board: HexBoard, a: int, b: int) -> PathResult | None:
    """A* over cell ids: list-indexed tables, lazy heuristic, ties broken toward depth."""
    qs, rs = board.axial_q, board.axial_r
    gq, gr = qs[b], rs[b]
    gs = gq + gr
    m = board.min_step
    nb, cost = board.nb, board.enter_cost
    inf = 1 << 60
    best = [inf] * board.size
    came = [-1] * board.size
    best[a] = 0
    heap = [(0, 0, a)]
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, ng, c = pop(heap)
        g = -ng
        if c == b:
            return PathResult(_unwind(came, a, b), g)
        if g > best[c]:
            continue
        base = c * 6
        for d in range(6):
            step = cost[base + d]
            if step < 0:
                continue
            o = nb[base + d]
            g2 = g + step
            if g2 < best[o]:
                best[o] = g2
                came[o] = c
                q, r = qs[o], rs[o]
                dq, dr, ds = q - gq, r - gr, q + r - gs
                h = ((dq if dq > 0 else -dq) + (dr if dr > 0 else -dr) + (ds if ds > 0 else -ds)) >> 1
                push(heap, (g2 + h * m, -g2, o))
    return None


def _unwind(came: list[int] | dict[int, int], a: int, b: int) -> tuple[int, ...]:
    """The path from ``a`` to ``b`` read back through ``came`` (each node's predecessor)."""
    out = [b]
    while out[-1] != a:
        out.append(came[out[-1]])
    return tuple(reversed(out))


def _astar_budget(board: HexBoard, a: int, b: int, mp: int) -> PathResult | None:
    best, came, reached = _search_allowance(board, a, mp, b)
    if reached is None:
        return None
    g = best[reached]
    cells = _unwind(came, a * 2, reached)
    return PathResult(tuple(x >> 1 for x in cells), g, bool(reached & 1) and g > mp)


def reachable(board: HexBoard, start: Hex | int, mp: int) -> dict[int, int]:
    """Every cell reachable with ``mp`` movement points -> the least MP spent to get there."""
    a = start if isinstance(start, int) else board.index[start]
    best, _, _ = _search_allowance(board, a, mp, None)
    out: dict[int, int] = {}
    for s, g in best.items():
        c = s >> 1
        if c not in out or g < out[c]:
            out[c] = g
    return out


def _search_allowance(board: HexBoard, a: int, mp: int, goal: int | None
                      ) -> tuple[dict[int, int], dict[int, int], int | None]:
    """Cheapest costs within an allowance of ``mp``, over states ``cell * 2 + bonus earned``.

    With ``goal``: A* (the hex-distance heuristic), stopping when the goal is
    taken from the heap; without: Dijkstra over every state the allowance
    reaches. Returns the best cost per state, each state's predecessor, and the
    goal state reached (or None).
    """
    h = _heuristic_table(board, goal) if goal is not None else None
    nb, cost, road = board.nb, board.enter_cost, board.road_cell
    bonus = max(board.road_bonus, default=0)
    pays = board.catalogue.road_bonus_pays_entry
    start = a * 2
    best = {start: 0}
    came: dict[int, int] = {}
    heap = [(h[a] if h else 0, 0, start)]
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, g, s = pop(heap)
        if best.get(s, -1) != g:
            continue
        c, flag = s >> 1, s & 1
        if c == goal:
            return best, came, s
        base = c * 6
        for d in range(6):
            o = nb[base + d]
            if o < 0:
                continue
            step = cost[base + d]
            if step < 0:
                continue
            g2 = g + step
            f2 = flag | (1 if road[o] else 0)
            allow = mp + (bonus if (f2 if pays else flag) else 0)
            if g2 > allow:
                continue
            s2 = o * 2 + f2
            if g2 < best.get(s2, 1 << 60):
                best[s2] = g2
                came[s2] = s
                push(heap, (g2 + (h[o] if h else 0), g2, s2))
    return best, came, None
