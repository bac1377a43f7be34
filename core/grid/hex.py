"""Hex grids in axial/cube coordinates.

A hex is ``Hex(q, r)`` (axial; cube ``s = -q - r``). Distance, neighbours,
rings, rays and lines are exact integer arithmetic. A line samples the
centre-to-centre segment and rounds each sample to the nearest hex; an
infinitesimal nudge (kept symbolic, never a float) decides lines that run
exactly along a hexside, so the result never depends on floating-point luck
and any implementation using the same nudge agrees (:func:`line_float` is
the textbook float version, used as a test reference). Offset coordinates
(columns/rows as printed on a board) convert both ways for display and map
files. Maps, line of sight and movement live beside this module
(``hexmap``, ``hexboard``, ``los``, ``movement``, ``cover``, ``hexsvg``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, NamedTuple

from core.memo import Memo


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
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
"""Size of the float nudge in :func:`line_float` (the reference the exact line is tested against)."""

NUDGE: tuple[int, int, int] = (1, 2, -3)
"""Direction (in cube q, r, s) of the infinitesimal nudge used by :func:`line`.

Its dot product with every neighbour direction is non-zero (-1, 4, 5 up to
sign), so every tie between two hexes is broken, and the opposite nudge
breaks every tie the other way. The popular (1, 1, -2) nudge is parallel to
the hexside-aligned direction (1, 1, -2) and leaves those ties to rounding
order; this one does not.
"""


def line(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive (distance + 1 of them).

    The centre-to-centre segment is sampled at ``distance + 1`` evenly spaced
    points, each shifted by an infinitesimal ``nudge * NUDGE`` and rounded to
    the nearest hex. The arithmetic is exact (integers, with the nudge kept
    symbolic), so the result never depends on floating-point luck; it agrees
    with :func:`line_float` wherever that one is not itself on a knife edge.
    ``nudge`` +1 and -1 give the two candidate lines of a line that runs
    exactly along hexsides; line-of-sight rules use them for their edge rule.
    The line is translation invariant and ``line(b, a, n)`` is
    ``line(a, b, n)`` reversed.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    return [Hex(a.q + dq, a.r + dr) for dq, dr in line_offsets(b.q - a.q, b.r - a.r, nudge)]


_LINE_CACHE: Memo[tuple[int, int, int], tuple[tuple[int, int], ...]] = Memo(200_000, per_game=False)


def line_offsets(dq: int, dr: int, nudge: int = 1) -> tuple[tuple[int, int], ...]:
    """The line from the origin to ``(dq, dr)`` as axial offsets (cached)."""
    key = (dq, dr, 1 if nudge >= 0 else -1)
    found = _LINE_CACHE.get(key)
    if found is None:
        found = _LINE_CACHE.remember(key, _exact_line(dq, dr, key[2]))
    return found


def _exact_line(bq: int, br: int, sign: int) -> tuple[tuple[int, int], ...]:
    bs = -bq - br
    n = (abs(bq) + abs(br) + abs(bs)) // 2
    if n == 0:
        return ((0, 0),)
    nq, nr, ns = (sign * NUDGE[0], sign * NUDGE[1], sign * NUDGE[2])
    out = []
    two_n = 2 * n
    for i in range(n + 1):
        # The sample is (X/n + eps*nudge) per cube axis, X an integer.
        rq, kq = _round_key(bq * i, nq, n, two_n)
        rr, kr = _round_key(br * i, nr, n, two_n)
        rs, ks = _round_key(bs * i, ns, n, two_n)
        if rq + rr + rs != 0:
            if kq > kr and kq > ks:
                rq = -rr - rs
            elif kr > ks:
                rr = -rq - rs
        out.append((rq, rr))
    return tuple(out)


def _round_key(x: int, d: int, n: int, two_n: int) -> tuple[int, tuple[int, int]]:
    """Round ``x/n + eps*d`` to an integer; also return the rounding error as a sortable key.

    The key ``(exact part * n, eps part)`` compares like the real error
    because eps is smaller than any non-zero exact difference.
    """
    r, rem = divmod(2 * x + n, two_n)  # round half up: floor(x/n + 1/2)
    if rem == 0 and d < 0:  # exactly half way: the nudge decides
        r -= 1
    delta = r * n - x
    if delta > 0:
        return r, (delta, -d)
    if delta < 0:
        return r, (-delta, d)
    return r, (0, abs(d))


def line_float(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """The same line computed the textbook way in floating point (a test reference)."""
    n = a.distance(b)
    if n == 0:
        return [a]
    e = EPS * nudge
    aq, ar = a.q + e * NUDGE[0], a.r + e * NUDGE[1]
    bq, br = b.q + e * NUDGE[0], b.r + e * NUDGE[1]
    return [
        cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)
    ]


def in_line(a: Hex, b: Hex) -> bool:
    """True when ``b`` lies on one of the six straight rays from ``a`` (same q, r or s)."""
    return a.q == b.q or a.r == b.r or a.s == b.s


def ray(start: Hex, direction: int, length: int) -> list[Hex]:
    """``length`` hexes from ``start`` (excluded) straight across hexside ``direction``."""
    dq, dr = AXIAL_DIRECTIONS[direction % 6]
    return [Hex(start.q + dq * k, start.r + dr * k) for k in range(1, length + 1)]


def opposite(direction: int) -> int:
    """The hexside facing ``direction`` from the neighbour's side."""
    return (direction + 3) % 6


# --- offset coordinates (pointy-top rows, or flat-top columns) -------------------

Shift = Literal["even", "odd"]
"""Which rows (pointy tops) or columns (flat tops), counted from 1 as a board
prints them, sit half a hex right (pointy) or down (flat): the map files'
``shifted:`` and the code's ``shifted=`` say it the same way."""


def offset_to_axial(col: int, row: int, pointy: bool = True, shifted: Shift = "odd") -> Hex:
    """Board (col, row), both 0-based -> axial.

    Pointy-top boards push alternate rows half a hex right; flat-top boards
    push alternate columns half a hex down. ``shifted`` names the pushed ones
    counted from 1: ``"even"`` pushes rows 2, 4, 6... (0-based 1, 3, 5: the
    "odd-r"/"odd-q" layout), ``"odd"`` rows 1, 3, 5... ("even-r"/"even-q").
    """
    if pointy:
        return Hex(col - _half(row, shifted), row)
    return Hex(col, row - _half(col, shifted))


def axial_to_offset(h: Hex, pointy: bool = True, shifted: Shift = "odd") -> tuple[int, int]:
    """Axial -> board (col, row), 0-based: the inverse of :func:`offset_to_axial`."""
    if pointy:
        return h.q + _half(h.r, shifted), h.r
    return h.q, h.r + _half(h.q, shifted)


def _half(k: int, shifted: Shift) -> int:
    if shifted == "even":
        return (k - (k & 1)) // 2
    if shifted == "odd":
        return (k + (k & 1)) // 2
    raise ValueError(f"shifted must be 'even' or 'odd', not {shifted!r}")
