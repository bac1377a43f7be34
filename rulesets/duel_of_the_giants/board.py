"""The Duel of the Giants board: coordinates, directions, rays (DG-3).

A hex is a board pair ``(c, r)``: column 1..C from the west (German) edge,
row 1..R from the north edge, even rows shifted half a hex east (DG-3.4).
Its label is the column letter and the row number, ``e7``. Geometry is done
in the axial coordinates of :mod:`core.grid.hex` (DG-3.5) and precomputed
once per board size, because the rules ask the same questions (neighbour,
ray, in line?) thousands of times a game.
"""

from __future__ import annotations

from functools import cache

from core.errors import NotationError
from core.grid.hex import Hex, axial_to_offset, offset_to_axial

Pos = tuple[int, int]

FACINGS = ("NE", "E", "SE", "SW", "W", "NW")
"""Facing indices in clockwise order (DG-3.6): turning right is +1."""

_AXIAL = {0: (1, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 1), 4: (-1, 0), 5: (0, -1)}
ARROWS = ("↗", "→", "↘", "↙", "←", "↖")
CLOCK = {12: 0, 2: 1, 4: 2, 6: 3, 8: 4, 10: 5}
"""Turret clock position -> steps clockwise from the hull (DG-3.7)."""
CLOCK_NAMES = {v: k for k, v in CLOCK.items()}
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def facing_index(name: str) -> int:
    try:
        return FACINGS.index(name.upper())
    except ValueError:
        raise NotationError(f"{name!r} is not a direction; use one of {' '.join(FACINGS)}") from None


def opposite(d: int) -> int:
    return (d + 3) % 6


def turn_steps(a: int, b: int) -> int:
    """Fewest 60-degree steps between two facings (0..3)."""
    k = (b - a) % 6
    return min(k, 6 - k)


def to_axial(p: Pos) -> Hex:
    return offset_to_axial(p[0] - 1, p[1] - 1, pointy=True, shifted="even")


def from_axial(h: Hex) -> Pos:
    c, r = axial_to_offset(h, pointy=True, shifted="even")
    return c + 1, r + 1


def label(p: Pos) -> str:
    return f"{LETTERS[p[0] - 1]}{p[1]}"


def parse_hex(text: str) -> Pos:
    t = text.strip().lower()
    if len(t) < 2 or t[0] not in LETTERS or not t[1:].isdigit():
        raise NotationError(f"{text!r} is not a hex; write column letter and row, e.g. e7")
    return LETTERS.index(t[0]) + 1, int(t[1:])


class Geometry:
    """Neighbours, rays and lines of one board size (shared, immutable)."""

    def __init__(self, columns: int, rows: int):
        self.columns = columns
        self.rows = rows
        self.hexes: list[Pos] = [(c, r) for r in range(1, rows + 1) for c in range(1, columns + 1)]
        self.hex_set: frozenset[Pos] = frozenset(self.hexes)
        self.axial: dict[Pos, Hex] = {p: to_axial(p) for p in self.hexes}
        self._index: dict[tuple[int, int], Pos] = {(h.q, h.r): p for p, h in self.axial.items()}
        self.neighbour: dict[tuple[Pos, int], Pos] = {}
        self.rays: dict[tuple[Pos, int], tuple[Pos, ...]] = {}
        for p in self.hexes:
            for d in range(6):
                n = self.step(p, d)
                if self.on_board(n):
                    self.neighbour[(p, d)] = n
                ray = []
                cur = n
                while self.on_board(cur):
                    ray.append(cur)
                    cur = self.step(cur, d)
                self.rays[(p, d)] = tuple(ray)
        self.around: dict[Pos, tuple[Pos, ...]] = {
            p: tuple(self.neighbour[(p, d)] for d in range(6) if (p, d) in self.neighbour) for p in self.hexes}
        """Each hex's neighbours on the board, in the order of the hexsides (0..5)."""
        self._direction: dict[tuple[Pos, Pos], int | None] = {}
        """``direction`` of every pair asked so far (filled on demand: a large board has 150,000 pairs)."""
        self._distance: dict[tuple[Pos, Pos], int] = {}

    def on_board(self, p: Pos) -> bool:
        return 1 <= p[0] <= self.columns and 1 <= p[1] <= self.rows

    def __deepcopy__(self, memo: dict[int, object]) -> Geometry:
        return self  # immutable once built

    def step(self, p: Pos, d: int) -> Pos:
        """The position across hexside ``d`` (possibly off the board)."""
        n = self.neighbour.get((p, d)) if hasattr(self, "rays") else None
        if n is not None:
            return n
        h = self.axial[p] if p in self.axial else to_axial(p)
        dq, dr = _AXIAL[d]
        return from_axial(Hex(h.q + dq, h.r + dr))

    def distance(self, a: Pos, b: Pos) -> int:
        """Hexes from ``a`` to ``b`` (remembered per pair, like :meth:`direction`)."""
        key = (a, b)
        found = self._distance.get(key)
        if found is None:
            found = self._distance[key] = self.axial[a].distance(self.axial[b])
        return found

    def direction(self, a: Pos, b: Pos) -> int | None:
        """The facing from ``a`` along which ``b`` lies in line (DG-3.8), else None.

        Remembered per pair of hexes: the rules and the AI's evaluation ask it
        hundreds of thousands of times a game, of a board of a few hundred hexes."""
        key = (a, b)
        found = self._direction.get(key, -1)
        if found == -1:
            found = self._direction[key] = self._compute_direction(a, b)
        return found

    def _compute_direction(self, a: Pos, b: Pos) -> int | None:
        ha, hb = self.axial[a], self.axial[b]
        dq, dr = hb.q - ha.q, hb.r - ha.r
        if dq == 0 and dr == 0:
            return None
        n = max(abs(dq), abs(dr), abs(dq + dr))
        if dq % n or dr % n:
            return None
        unit = (dq // n, dr // n)
        for d, vec in _AXIAL.items():
            if vec == unit:
                return d
        return None

    def between(self, a: Pos, b: Pos) -> tuple[Pos, ...]:
        """Hexes strictly between two in-line hexes (DG-16), () if not in line."""
        d = self.direction(a, b)
        if d is None:
            return ()
        n = self.distance(a, b)
        return self.rays[(a, d)][: n - 1]

    def adjacent(self, a: Pos, b: Pos) -> bool:
        return self.distance(a, b) == 1


@cache
def geometry(columns: int, rows: int) -> Geometry:
    return Geometry(columns, rows)
