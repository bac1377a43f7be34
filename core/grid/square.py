"""Square boards with 8 directions and facing arithmetic.

Tank chess turns pieces in 45-degree steps, so a facing is an integer 0..7
clockwise from north. Squares are ``(file, rank)`` pairs, 0-based, with rank 0
at White's home edge; names are algebraic (``d5``) and boards of any size
up to 26 files are supported.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import IntEnum

Square = tuple[int, int]


class Dir(IntEnum):
    """The 8 facings, clockwise from north (towards the last rank)."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def delta(self) -> tuple[int, int]:
        return DELTAS[self]

    def rotate(self, steps: int) -> Dir:
        """Turn by ``steps`` x 45 degrees (positive = clockwise)."""
        return Dir((self + steps) % 8)

    def opposite(self) -> Dir:
        return self.rotate(4)

    @property
    def diagonal(self) -> bool:
        return self % 2 == 1

    @classmethod
    def parse(cls, text: str) -> Dir:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"not a direction: {text!r} (use N, NE, E, SE, S, SW, W, NW)") from None


DELTAS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""(file, rank) step for each :class:`Dir` value."""


def direction_between(a: Square, b: Square) -> Dir | None:
    """The direction from ``a`` towards ``b`` if they share a line (rank, file or diagonal)."""
    df, dr = b[0] - a[0], b[1] - a[1]
    if (df, dr) == (0, 0) or (df and dr and abs(df) != abs(dr)):
        return None
    step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    return Dir(DELTAS.index(step))


def relative_side(facing: Dir, towards: Dir) -> str:
    """'front', 'side' or 'rear': where a thing in direction ``towards`` meets a piece facing ``facing``.

    Front only when it is straight ahead, rear only straight behind, side for the
    other six directions (TC-6.1's reading of the lost picture).
    """
    if towards == facing:
        return "front"
    if towards == facing.opposite():
        return "rear"
    return "side"


class SquareBoard:
    """A rectangular board of ``files`` x ``ranks`` squares."""

    def __init__(self, files: int, ranks: int):
        if not (1 <= files <= 26 and ranks >= 1):
            raise ValueError(f"unsupported board size {files}x{ranks}")
        self.files = files
        self.ranks = ranks

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.files and 0 <= sq[1] < self.ranks

    def step(self, sq: Square, d: Dir, n: int = 1) -> Square:
        df, dr = DELTAS[d]
        return sq[0] + df * n, sq[1] + dr * n

    def ray(self, sq: Square, d: Dir) -> Iterator[Square]:
        """Squares from ``sq`` (exclusive) in direction ``d`` to the edge."""
        df, dr = DELTAS[d]
        f, r = sq[0] + df, sq[1] + dr
        while 0 <= f < self.files and 0 <= r < self.ranks:
            yield f, r
            f += df
            r += dr

    def squares(self) -> Iterator[Square]:
        for r in range(self.ranks):
            for f in range(self.files):
                yield f, r

    def name(self, sq: Square) -> str:
        return f"{chr(ord('a') + sq[0])}{sq[1] + 1}"

    def parse(self, text: str) -> Square:
        """``d5`` -> (3, 4); raises ValueError naming the board's range."""
        t = text.strip().lower()
        if len(t) < 2 or not t[0].isalpha() or not t[1:].isdigit():
            raise ValueError(f"not a square: {text!r}")
        sq = (ord(t[0]) - ord("a"), int(t[1:]) - 1)
        if not self.on_board(sq):
            last = chr(ord("a") + self.files - 1)
            raise ValueError(f"{text!r} is off the board (a1..{last}{self.ranks})")
        return sq

    def rotate180(self, sq: Square) -> Square:
        """Point reflection through the board centre (for symmetric maps)."""
        return self.files - 1 - sq[0], self.ranks - 1 - sq[1]


# --------------------------------------------------------------- flat tables
# Fast move generators index squares as ``rank * files + file`` and keep the
# geometry in flat lists built once per board size: a lookup in a list is
# much cheaper in Python than tuple arithmetic and bounds checks per step.


def index_of(sq: Square, files: int) -> int:
    """Flat index of ``sq`` on a board ``files`` wide."""
    return sq[1] * files + sq[0]


def square_of(index: int, files: int) -> Square:
    """Inverse of :func:`index_of`."""
    return index % files, index // files


def step_table(files: int, ranks: int) -> list[int]:
    """``table[i * 8 + d]`` = flat index one step from square ``i`` in direction ``d``, -1 off the board."""
    table: list[int] = []
    for i in range(files * ranks):
        f, r = i % files, i // files
        for df, dr in DELTAS:
            nf, nr = f + df, r + dr
            table.append(nr * files + nf if 0 <= nf < files and 0 <= nr < ranks else -1)
    return table


def ray_table(files: int, ranks: int) -> list[tuple[int, ...]]:
    """``table[i * 8 + d]`` = flat indices of the ray from ``i`` (exclusive) in direction ``d``."""
    table: list[tuple[int, ...]] = []
    for i in range(files * ranks):
        f, r = i % files, i // files
        for df, dr in DELTAS:
            ray: list[int] = []
            nf, nr = f + df, r + dr
            while 0 <= nf < files and 0 <= nr < ranks:
                ray.append(nr * files + nf)
                nf += df
                nr += dr
            table.append(tuple(ray))
    return table
