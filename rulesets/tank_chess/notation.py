"""Move notation (TC-9.3): one token group per turn.

    MT d2-d5:NE xg8     piece, from, to, final facing, optional shot target
    CLT h16-off         the Command Tank drives off the board (TC-7.2)
    MT d2-d5:NE+        '+' marks CHECK, '^' ESCAPE (TC-8.3); ignored on input

Reading is forgiving: any letter case, the piece code may be left out (the
piece on the from-square is meant), a missing facing keeps the current one,
spaces around ``-``, ``:`` and ``x`` are optional, the ``-`` itself too (``d2d5``
and ``d2 d5``, as chess programs are spoken to), and ``exit`` means ``off``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from core.errors import NotationError
from core.grid.square import Dir
from rulesets.tank_chess.action import TankMove

if TYPE_CHECKING:
    from rulesets.tank_chess.game import TankChessGame

USAGE = "write moves like 'MT d2-d5:NE', 'MT d2-d5:NE xg8' (shoot g8) or 'CLT h16-off' (leave the board)"

HELP = """\
tank chess notation (TC-9.3):
  MT d2-d5:NE        move the Medium Tank from d2 to d5, ending facing NE
  MT d2-d5:NE xg8    ... and shoot the enemy tank on g8
  MT d5-d4:N         one square straight back (TC-4.3): facing unchanged
  MT d2-d2:NW        turn in place
  CLT h16-off        drive the Command Tank off the far edge and win (TC-7.2)
  facings: N NE E SE S SW W NW (N = towards Black); '+' CHECK, '^' ESCAPE
  'moves d2' lists the moves of the tank on d2; 'moves safe' (or 'moves d2 safe')
  only those that leave no tank of yours in the enemy's fire"""

_SQUARE = r"[a-z]\d{1,2}"
_PATTERN = re.compile(
    rf"""^\s*
    (?:(?P<piece>[a-z][a-z0-9]{{0,5}})\s+)?
    (?P<frm>{_SQUARE})\s*-?\s*
    (?P<to>{_SQUARE}|off|exit)
    (?:\s*(?::|\s)\s*(?P<facing>nw|ne|sw|se|n|e|s|w)(?![a-z]))?
    (?:\s*x\s*(?P<target>{_SQUARE}))?
    \s*[+^!?#]*\s*$""",
    re.IGNORECASE | re.VERBOSE,
)

FACING_NAMES = tuple(d.name for d in Dir)
"""The eight facings of TC-4.1, clockwise from N."""
_BAD_FACING = re.compile(
    rf"{_SQUARE}\s*-\s*{_SQUARE}\s*:\s*(?P<facing>(?!(?:nw|ne|sw|se|n|e|s|w)(?![a-z0-9]))[^\s:x]+)",
    re.IGNORECASE)
"""A move whose facing after ``:`` is none of the eight (``HT n1-n4:Q``)."""


@cache
def square_name(sq: tuple[int, int], size: int, origin: str = "white") -> str:
    """Algebraic name; TC-1.2: files a.. from White's left, ranks from White's side.
    Kept once made: the browser names every square of 600 moves after each move."""
    f, r = sq
    if origin == "black":
        f, r = size - 1 - f, size - 1 - r
    return f"{chr(ord('a') + f)}{r + 1}"


def parse_square(text: str, size: int, origin: str = "white") -> tuple[int, int]:
    t = text.strip().lower()
    f, r = ord(t[0]) - ord("a"), int(t[1:]) - 1
    if not (0 <= f < size and 0 <= r < size):
        last = chr(ord("a") + size - 1)
        raise NotationError(f"{text!r} is off the board (a1..{last}{size})")
    if origin == "black":
        f, r = size - 1 - f, size - 1 - r
    return f, r


def format_move(move: TankMove, name: Callable[[tuple[int, int]], str]) -> str:
    head = f"{move.piece} {name(move.frm)}-"
    if move.to is None:
        return head + "off"
    text = f"{head}{name(move.to)}:{FACING_NAMES[move.facing or 0]}"
    if move.target is not None:
        text += f" x{name(move.target)}"
    return text


def parse_move(text: str, game: TankChessGame) -> TankMove:
    """Read a move; the game supplies the board size, coordinates and piece codes."""
    m = _PATTERN.match(text)
    if m is None:
        bad = _BAD_FACING.search(text)
        if bad is not None:
            raise NotationError(f"{bad['facing']!r} is not a facing: use one of {' '.join(FACING_NAMES)} "
                                f"(N = towards Black) (TC-4.1)")
        raise NotationError(f"cannot read {text.strip()!r}: {USAGE}")
    size = game.layout.size
    origin = game.settings.coordinates.origin
    frm = parse_square(m["frm"], size, origin)
    piece = (m["piece"] or "").upper() or (game.piece_at(frm) or "")
    to_text = m["to"].lower()
    if to_text in ("off", "exit"):
        if m["facing"] or m["target"]:
            raise NotationError("a move off the board has no facing and no shot: write e.g. 'CLT h16-off'")
        return TankMove(piece, frm, None, None, None)
    to = parse_square(to_text, size, origin)
    if m["facing"]:
        facing = int(Dir[m["facing"].upper()])
    else:
        facing = game.pos.face[game.pos.cell[game.rules.index(frm)] - 1] if game.piece_at(frm) else 0
    target = parse_square(m["target"], size, origin) if m["target"] else None
    return TankMove(piece, frm, to, facing, target)


FILTER_MEANINGS = {
    "x": "no shot is possible now (x = shots: no move of yours ends with one)",
    "+": "no move gives CHECK now (+ = CHECK: a move after which your next turn could destroy the "
         "enemy Command Tank)",
    "^": "no move announces ESCAPE now (^ = ESCAPE: a move after which your Command Tank could drive "
         "off the far edge on your next turn)",
}
"""What ``moves x`` / ``moves +`` / ``moves ^`` finding nothing means (issue 59 playtest:
"no legal move matches 'x'" read like a typo)."""


def empty_filter_text(game: TankChessGame, needle: str) -> str | None:
    """What an empty ``moves FILTER`` means for this position, in words: a shot, CHECK or
    ESCAPE filter that finds nothing, or a square no move starts on, ends on or shoots at;
    None for anything else (the terminal's own "no legal move matches")."""
    text = needle.strip().lower()
    if text in FILTER_MEANINGS:
        return FILTER_MEANINGS[text]
    if text == "safe":
        return ("no safe move now: every move leaves a tank of yours in the enemy's fire "
                "('threats' names the shooters)")
    shot = text.startswith("x")
    square = text[1:] if shot else text
    if re.fullmatch(_SQUARE, square):
        try:
            parse_square(square, game.layout.size, game.settings.coordinates.origin)
        except NotationError:
            return None
        if shot:  # 'moves xe9' (hidden playtest: "no legal move matches" read like a typo)
            return f"no move of yours shoots at {square} now (x{square} = a shot at {square})"
        return f"no move of yours starts on, ends on or shoots at {square} now"
    return None
