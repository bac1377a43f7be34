"""The text board: coordinates, pieces with side and facing, obstacles, wrecks,
the last move and its CHECK/ESCAPE.

Each square is four characters. White pieces are UPPERCASE letters, black
lowercase, followed by an arrow for the facing; ``##`` is an obstacle, ``x``
and a letter a wreck. The last move's destination is in ``[ ]``, its origin
shows ``( )`` and the tank it shot ``{ }``. The full board ends with a key
of every symbol; the compact one (a decision's screen) with one line naming
what is on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.grid.square import Dir
from rulesets.tank_chess.position import MAP_WRECK, OBSTACLE

if TYPE_CHECKING:
    from rulesets.tank_chess.game import TankChessGame

ARROWS = "↑↗→↘↓↙←↖"
BOLD, RESET, RED = "\033[1m", "\033[0m", "\033[31m"


def letter_of(game: TankChessGame, pid: int) -> str:
    card = game.rules.cards[game.pos.kind[pid]]
    letter = card.letter or card.id[0]
    return letter if game.pos.side[pid] == 0 else letter.lower()


def render_text(game: TankChessGame, color: bool = False, compact: bool = False) -> str:
    """The board as text; ``compact`` leaves out the lower file letters, the key and
    whose move it is (a terminal prompt says so), for one decision's screen."""
    pos = game.pos
    r = game.rules
    n = r.files
    origin = game.settings.coordinates.origin
    marks: dict[tuple[int, int], str] = {}
    last_line = ""
    action = game.last_move()
    if action is not None:
        step = game.history[-1]
        marks[action.frm] = "()"
        if action.to is not None:
            marks[action.to] = "[]"
        if action.target is not None:
            marks[action.target] = "{}"
        flags = [e.text.split(":")[0] for e in step.events if e.kind in ("check", "escape")]
        last_line = (f"last move: {game.players[step.player]} {game.format_action(action)}"
                     f"{game.annotation(step.events)}" + (f"   {' '.join(flags)}!" if flags else ""))
    ranks = range(n - 1, -1, -1) if origin == "white" else range(n)
    files = list(range(n)) if origin == "white" else list(range(n - 1, -1, -1))
    header = "    " + "".join(f" {chr(ord('a') + i)}  " for i in range(n))
    lines = [header]
    for rank in ranks:
        label = rank + 1 if origin == "white" else n - rank
        row = [f"{label:>3} "]
        for f in files:
            sq = (f, rank)
            c = pos.cell[r.index(sq)]
            if c == 0:
                body = " ."
            elif c == OBSTACLE:
                body = "##"
            elif c == MAP_WRECK:
                body = "xx"
            elif pos.alive[c - 1]:
                body = letter_of(game, c - 1) + ARROWS[pos.face[c - 1]]
            else:
                body = "x" + letter_of(game, c - 1)
            mark = marks.get(sq)
            cellstr = f"{mark[0]}{body}{mark[1]}" if mark else f" {body} "
            if color and mark:
                cellstr = f"{BOLD}{RED if mark == '{}' else ''}{cellstr}{RESET}"
            row.append(cellstr)
        row.append(f" {label}")
        lines.append("".join(row).rstrip())
    if not compact:
        lines.append(header)
        legend = ", ".join(f"{c.letter or c.id[0]}={c.id}" for c in r.cards)
        lines.append(f"    white UPPERCASE, black lowercase: {legend}; arrow = facing;"
                     " ## obstacle, x? wreck")
    else:
        lines.append("    " + compact_key(game))
    if last_line:
        key = "  ([ ] to, ( ) from, { } shot)"
        lines.append("    " + last_line + (key if len(last_line) + len(key) <= 76 else ""))
    outcome = game.outcome()
    if outcome is None:
        if not compact:
            lines.append(f"    {game.players[pos.to_move]} to move")
    else:
        lines.append(f"    game over: {outcome.reason}")
    return "\n".join(lines)


def compact_key(game: TankChessGame) -> str:
    """One line that explains what is on the compact board: the letters of the
    pieces on it, and -- where there are any -- obstacles and wrecks (TC-6.3), a
    wreck by the example of one on the board (``xl wreck (black LT)``). Short
    enough for an 80-column screen on a 16x16 board; the full board's key says
    more."""
    pos, r = game.pos, game.rules
    kinds = sorted(set(pos.kind[p] for p in range(len(pos.kind)) if pos.sq[p] >= 0))
    letters = " ".join(f"{r.cards[k].letter or r.cards[k].id[0]}={r.cards[k].id}" for k in kinds)
    parts = [f"key: {letters}, black lowercase"]
    if OBSTACLE in pos.cell:
        parts.append("## obstacle")
    wreck = next((p for p in range(len(pos.kind)) if pos.sq[p] >= 0 and not pos.alive[p]), None)
    if wreck is not None:
        parts.append(f"x{letter_of(game, wreck)} wreck ({game.players[pos.side[wreck]]} "
                     f"{r.cards[pos.kind[wreck]].id})")
    if MAP_WRECK in pos.cell:
        parts.append("xx wreck")
    return "; ".join(parts)


def facing_name(face: int) -> str:
    return Dir(face).name
