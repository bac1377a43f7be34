"""Hex grids in axial/cube coordinates.

A hex is ``Hex(q, r)`` (axial; cube ``s = -q - r``). Distance, neighbours,
rings and straight lines are exact integer arithmetic, except line drawing,
which samples points along the segment and rounds them; an explicit nudge
decides lines that run exactly along a hexside so two implementations agree
(no floating-point luck). Offset coordinates (columns/rows as printed on a
board) convert both ways for display and map files.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        assert isinstance(other, Hex)
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        dq, dr = AXIAL_DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        return [Hex(self.q + dq, self.r + dr) for dq, dr in AXIAL_DIRECTIONS]

    def distance(self, other: Hex) -> int:
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Direction i is the neighbour across hexside i; i+3 is the opposite side."""


def distance(a: Hex, b: Hex) -> int:
    return a.distance(b)


def direction_to(a: Hex, b: Hex) -> int | None:
    """The hexside index if ``b`` is adjacent to ``a``, else None."""
    d = (b.q - a.q, b.r - a.r)
    return AXIAL_DIRECTIONS.index(d) if d in AXIAL_DIRECTIONS else None


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    result = []
    h = center + Hex(*AXIAL_DIRECTIONS[4]).scale(radius)
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            h = h.neighbour(side)
    return result


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    for k in range(radius + 1):
        yield from ring(center, k)


def cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


EPS = 1e-6


def line(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive (distance + 1 of them).

    ``nudge`` (+1 or -1) shifts both endpoints by a tiny amount in opposite
    cube directions, so a line running exactly along a hexside always falls to
    the same side; the two values give the two candidate lines, which line-of-
    sight rules use for their edge tie-break.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    e = EPS * nudge
    aq, ar = a.q + e, a.r + e
    bq, br = b.q + e, b.r + e
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(cube_round(aq + (bq - aq) * t, ar + (br - ar) * t))
    return out


# --- offset coordinates (pointy-top rows, or flat-top columns) -------------------

def offset_to_axial(col: int, row: int, pointy: bool = True, odd_shifted: bool = False) -> Hex:
    """Board (col, row) -> axial.

    Pointy-top boards push alternate rows half a hex; flat-top boards push
    alternate columns. ``odd_shifted`` False = "even-r"/"even-q" layout (even
    rows/columns pushed), True = "odd-r"/"odd-q".
    """
    if pointy:
        return Hex(col - _half(row, odd_shifted), row)
    return Hex(col, row - _half(col, odd_shifted))


def axial_to_offset(h: Hex, pointy: bool = True, odd_shifted: bool = False) -> tuple[int, int]:
    if pointy:
        return h.q + _half(h.r, odd_shifted), h.r
    return h.q, h.r + _half(h.q, odd_shifted)


def _half(k: int, odd_shifted: bool) -> int:
    return (k - (k & 1)) // 2 if odd_shifted else (k + (k & 1)) // 2
