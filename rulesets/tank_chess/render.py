"""The text board: coordinates, pieces with side and facing, obstacles, wrecks,
the last move and its CHECK/ESCAPE.

Each square is four characters. White pieces are UPPERCASE letters, black
lowercase, followed by an arrow for the facing; ``##`` is an obstacle, ``x``
and a letter a wreck. The last move's destination is in ``[ ]``, its origin
shows ``( )`` and the tank it shot ``{ }``; the other side's move before it (a
player's own, under the computer's reply) has its destination in ``‹ ›``. The
full board ends with a key of every symbol and a line for each of the two moves;
the compact one (a decision's screen) with one line naming what is on it and one
for both moves.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

from core.grid.square import Dir
from rulesets.tank_chess.action import TankMove
from rulesets.tank_chess.position import MAP_WRECK, OBSTACLE

if TYPE_CHECKING:
    from rulesets.tank_chess.game import TankChessGame

ARROWS = "↑↗→↘↓↙←↖"
BOLD, RESET, RED = "\033[1m", "\033[0m", "\033[31m"


def letter_of(game: TankChessGame, pid: int) -> str:
    card = game.rules.cards[game.pos.kind[pid]]
    letter = card.letter or card.id[0]
    return letter if game.pos.side[pid] == 0 else letter.lower()


def bottom_side(game: TankChessGame, player: int | None) -> int:
    """The side whose home edge is drawn at the bottom: the seat looking (Black sees
    its own side at the bottom, as over a real board); for a spectator, White's with
    ``coordinates.origin: white`` and Black's with ``black`` (TC-1.2)."""
    if player in (0, 1):
        return player
    return 1 if game.settings.coordinates.origin == "black" else 0


def screen_order(game: TankChessGame, player: int | None) -> tuple[range, list[int]]:
    """The ranks top to bottom and the files left to right as ``player``'s side sees
    the board (:func:`bottom_side`): every text picture of the board draws in this order."""
    n = game.rules.files
    if bottom_side(game, player) == 1:
        return range(n), list(range(n - 1, -1, -1))
    return range(n - 1, -1, -1), list(range(n))


def render_text(game: TankChessGame, color: bool = False, compact: bool = False,
                player: int | None = None) -> str:
    """The board as text, seen from ``player``'s side (:func:`bottom_side`); ``compact``
    leaves out the lower file letters, the key and whose move it is (a terminal
    prompt says so), for one decision's screen. The squares keep their names
    (TC-1.2) whichever way the board is turned; the arrows turn with it (N points
    towards Black, TC-4.1)."""
    pos = game.pos
    r = game.rules
    marks: dict[tuple[int, int], str] = {}
    last_line = before_line = short = ""
    action = game.last_move()
    before = game.history[-2] if len(game.history) > 1 else None
    if action is not None and before is not None and before.player != game.history[-1].player \
            and isinstance(before.action, TankMove):
        # the move the last one answered (your own, under the computer's reply: hidden
        # playtest, issue 59), its destination in ‹ › (not < >: "> " ends a prompt),
        # under the last move's own marks
        if before.action.to is not None:
            marks[before.action.to] = "‹›"
        said = f"{game.players[before.player]} {game.format_action(before.action)}{game.annotation(before.events)}"
        to = before.action.to is not None
        before_line = f"before it: {said}" + ("  (‹ › to)" if to else "")
        short = said + (" ‹to›" if to else "")  # the marks in words, or bare where a line is short of room
    if action is not None:
        step = game.history[-1]
        marks[action.frm] = "()"
        if action.to is not None:
            marks[action.to] = "[]"
        if action.target is not None:
            marks[action.target] = "{}"
        flags = [without_rule_ids(e.text.split(":")[0]) for e in step.events if e.kind in ("check", "escape")]
        said = f"{game.players[step.player]} {game.format_action(action)}{game.annotation(step.events)}"
        last_line = f"last move: {said}" + (f"   {' '.join(flags)}!" if flags else "")
        if short:  # the compact board's one line for both (a 24-row screen has no room for two)
            marked = " (from)" + ("[to]" if action.to is not None else "") + ("{shot}" if action.target else "")
            short = f"{short}, then {said}{marked}"
            if len(short) > 72:  # the marks' words left out, and bare brackets with them (playtest)
                short = short.replace(" ‹to›", "").replace(marked, "")
            short += f"   {' '.join(flags)}!" if flags and len(short) + len(" ".join(flags)) + 4 <= 72 else ""
    black_below = bottom_side(game, player) == 1
    ranks, files = screen_order(game, player)
    turn = 4 if black_below else 0  # north points down the screen when Black is below
    narrow = len(files) * 4 + 8 > WIDTH  # 20x20: three columns a square (issue 59 playtest)
    header = "    " + "".join(f" {game.square_name((f, 0))[0]}" + (" " if narrow else "  ") for f in files)
    lines = [header]
    for rank in ranks:
        label = game.square_name((0, rank))[1:]
        row = [f"{label:>3} "]
        cells: list[tuple[str, str | None]] = []
        for f in files:
            sq = (f, rank)
            cells.append((square_body(game, sq, turn), marks.get(sq)))
        row += _narrow_cells(cells, color) if narrow else [_cell(body, mark, color) for body, mark in cells]
        row.append(f" {label}")
        lines.append("".join(row).rstrip())
    if not compact:
        lines.append(header)
        # the cards on the board (a 16x16 game's key named the TD and HM it has none of)
        legend = ", ".join(f"{r.cards[k].letter or r.cards[k].id[0]}={r.cards[k].id}" for k in kinds_on_board(game))
        north = "; N points down: towards Black" if black_below else ""
        lines += textwrap.wrap(f"white UPPERCASE, black lowercase: {legend}; arrow = facing{north};"
                               " ## obstacle, x? wreck", 76, initial_indent="    ", subsequent_indent="      ")
    outcome = game.outcome()
    fire = in_fire_line(game) if outcome is None and player == pos.to_move else ""  # a seat at its turn
    if compact and fire:
        # a 24-row screen has no line to spare: the tanks in fire take the key's place
        # (letters the player has read every turn; 'board' draws the key)
        lines.append("    " + fire)
    elif compact:
        lines += textwrap.wrap(compact_key(game), WIDTH, initial_indent="    ", subsequent_indent="      ")
    if compact and short and len(short) <= 72:
        lines.append("    " + short)
    elif last_line:
        if before_line:
            lines.append("    " + before_line)
        key = "  ([ ] to, ( ) from, { } shot)"
        lines.append("    " + last_line + (key if len(last_line) + len(key) <= 76 else ""))
    if outcome is None:
        lines += ["    " + line for line in warnings(game)]
        if fire and not compact:
            lines.append("    " + fire)
        if not compact:
            lines.append(f"    {game.players[pos.to_move]} to move")
    else:
        lines.append(f"    game over: {without_rule_ids(outcome.reason)}")
    return "\n".join(lines)


def square_body(game: TankChessGame, sq: tuple[int, int], turn: int) -> str:
    """A square's two characters: `` .`` empty, ``##`` obstacle, ``xx`` a map's wreck, a
    tank's letter and its facing's arrow (turned by ``turn`` eighths: 4 when north points
    down the screen), ``x`` and its letter once it is a wreck."""
    pos = game.pos
    c = pos.cell[game.rules.index(sq)]
    if c == 0:
        return " ."
    if c == OBSTACLE:
        return "##"
    if c == MAP_WRECK:
        return "xx"
    if pos.alive[c - 1]:
        return letter_of(game, c - 1) + ARROWS[(pos.face[c - 1] + turn) & 7]
    return "x" + letter_of(game, c - 1)


def framed(game: TankChessGame, player: int | None,
           cell: Callable[[tuple[int, int], str], tuple[str, str]]) -> list[str]:
    """A map of the board at the board's own width and turned as it is drawn for
    ``player``: the file letters above and below, the rank numbers on both sides, and
    each square as ``cell(square, its board body)`` gives it, (a mark where the board
    puts a space before it, its two characters) -- so that the map and the board line
    up when read together (hidden playtest, issue 59: the ``threats`` map had one
    character a square and no rank numbers on the right)."""
    ranks, files = screen_order(game, player)
    turn = 4 if bottom_side(game, player) == 1 else 0
    narrow = len(files) * 4 + 8 > WIDTH
    header = ("    " + "".join(f" {game.square_name((f, 0))[0]}" + (" " if narrow else "  ")
                                for f in files)).rstrip()
    lines = [header]
    for rank in ranks:
        label = game.square_name((0, rank))[1:]
        row = [f"{label:>3} "]
        for f in files:
            mark, body = cell((f, rank), square_body(game, (f, rank), turn))
            row.append(mark + body + ("" if narrow else " "))
        lines.append("".join(row) + (" " if narrow else "") + f" {label}")
    return [*lines, header]


RULE_IDS = re.compile(r" ?\((?:TC-[0-9A-Za-z.]+(?:, )?)+\)")
"""A bracket of rule IDs alone: `` (TC-6.2, TC-6.3)``."""


def without_rule_ids(text: str) -> str:
    """``text`` without its brackets of rule IDs: the board's CHECK and ESCAPE lines and the
    terminal's narration of moves are read every turn, and "(TC-6.2, TC-6.3)" after every
    shot was clutter (hidden playtest, issue 59); a refusal, ``help``, ``card`` and
    ``threats`` keep theirs, where they explain or were asked for."""
    return RULE_IDS.sub("", text)


def kinds_on_board(game: TankChessGame) -> list[int]:
    """The card kinds (indexes into the rules' cards, in their order) of the tanks on
    the board, a wreck's too; every kind on an empty board. What a key or legend
    names: a 16x16 game's named a Tank Destroyer and a Heavy Mortar it has none of."""
    pos = game.pos
    on_board = {pos.kind[p] for p in range(len(pos.kind)) if pos.sq[p] >= 0}
    return [k for k in range(len(game.rules.cards)) if k in on_board or not on_board]


WIDTH = 80
"""The terminal width every text board fits (a 20x20 board too, at three columns a square)."""


def _cell(body: str, mark: str | None, color: bool) -> str:
    """A square four columns wide: its two characters between spaces, or between the
    last move's marks (``[M↑]``)."""
    text = f"{mark[0]}{body}{mark[1]}" if mark else f" {body} "
    return f"{BOLD}{RED if mark == '{}' else ''}{text}{RESET}" if color and mark else text


def _narrow_cells(cells: list[tuple[str, str | None]], color: bool) -> list[str]:
    """The squares three columns wide (a 20x20 board in 80 columns): one column
    between two squares carries a mark's closing bracket on its left or its opening
    one on its right (a marked square's own bracket wins over its neighbour's); the
    last square keeps a column after it for its closing mark."""
    out: list[str] = []
    for i, (body, mark) in enumerate(cells):
        before = cells[i - 1][1] if i else None
        sep = mark[0] if mark else (before[1] if before else " ")
        text = sep + body
        if color and mark:
            text = f"{sep}{BOLD}{RED if mark == '{}' else ''}{body}{RESET}"
        out.append(text)
    last = cells[-1][1] if cells else None
    out.append(last[1] if last else " ")
    return out


def warnings(game: TankChessGame, width: int = 76) -> list[str]:
    """What the side to move must answer now, in lines of at most ``width``: a CHECK
    (TC-8.1: which enemy tank can destroy its Command Tank next turn, and from
    where) and an ESCAPE (TC-8.2: the enemy Command Tank can drive off next turn),
    in words without the rule IDs (read every turn: :func:`without_rule_ids`).
    Worked out from the position as it stands, so a resumed game or an undone
    move shows it too."""
    from rulesets.tank_chess.danger import blocking_squares, either, judge, shots_at

    pos, r = game.pos, game.rules
    name = game.square_name
    me = pos.to_move
    said: list[str] = []
    for pid in pos.pieces_of[me]:
        if r.cards[pos.kind[pid]].command and pos.alive[pid] and pos.sq[pid] >= 0:
            shooters: dict[tuple[str, tuple[int, int]], list[str]] = {}
            lines: set[tuple[tuple[int, int], str]] = set()  # (square fired from, shooter's card)
            for t in judge(pos, pid, pos.face[pid], shots_at(pos, pid)):
                if t.destroys:
                    places = shooters.setdefault((t.shooter, t.square), [])
                    lines.add((t.shoots_from, t.shooter))
                    if name(t.shoots_from) not in places:
                        places.append(name(t.shoots_from))
            if shooters:
                who = [f"{shooter} {name(at)} (from {', '.join(places[:3])}"
                       f"{f', +{len(places) - 3} squares' if len(places) > 3 else ''})"
                       for (shooter, at), places in shooters.items()]
                between = blocking_squares(game, lines, r.square(pos.sq[pid]))
                block = f"block on {either(between)}" if between else "block the line"
                said.append(f"CHECK: {game.players[me]}'s Command Tank {name(r.square(pos.sq[pid]))} can be "
                            f"shot next turn by {' and '.join(who)}: move it, take the shooter or "
                            f"{block}")
    if pos.can_escape(1 - me):
        where = name(r.square(pos.sq[pos.command_of[1 - me]]))
        said.append(f"ESCAPE: {game.players[1 - me]}'s Command Tank {where} can drive off next turn: "
                    "block its way or destroy it")
    return [line for text in said for line in textwrap.wrap(text, width, subsequent_indent="  ")]


def in_fire_line(game: TankChessGame, width: int = 76) -> str:
    """``in fire now: MT b6 (LT b8 from b8, rear), LT e13 (CLT b13 from b10, side)``:
    the side to move's tanks the enemy could destroy on its next turn, each with its
    worst shot, drawn under the board every turn (hidden playtest, issue 59: only
    ``hint`` said it, and the browser rings them); the Command Tank is left to the
    CHECK line. One line at most (a 24-row screen): tanks that do not fit are
    counted, ``threats`` names them. "" when none is in fire."""
    from rulesets.tank_chess.danger import under_fire

    pos, r = game.pos, game.rules
    name = game.square_name
    parts = []
    for pid, threats in under_fire(pos, pos.to_move).items():
        kills = [t for t in threats if t.destroys]
        if not kills or r.cards[pos.kind[pid]].command:
            continue
        t = kills[0]  # the worst: the weakest side hit
        more = len({(k.shooter, k.square) for k in kills}) - 1
        parts.append(f"{r.cards[pos.kind[pid]].id} {name(r.square(pos.sq[pid]))} ({t.shooter} {name(t.square)} "
                     f"from {name(t.shoots_from)}, {t.side}{f'; +{more} more' if more else ''})")
    if not parts:
        return ""
    line = "in fire now: " + ", ".join(parts)
    shown = len(parts)
    while len(line) > width and shown > 1:
        shown -= 1
        line = f"in fire now: {', '.join(parts[:shown])}, +{len(parts) - shown} more ('threats')"
    return line


def compact_key(game: TankChessGame) -> str:
    """One line that explains what is on the compact board: the letters of the
    pieces on it, and -- where there are any -- obstacles and wrecks (TC-6.3): a
    lone wreck kind by its example (``xl wreck (black LT)``), several by each code
    on the board (``xM xm xl wrecks``), so no wreck on the board goes unexplained.
    Short enough for an 80-column screen on a 16x16 board (a board with many wreck
    kinds wraps it onto a second line); the full board's key says more."""
    pos, r = game.pos, game.rules
    kinds = sorted(set(pos.kind[p] for p in range(len(pos.kind)) if pos.sq[p] >= 0))
    letters = " ".join(f"{r.cards[k].letter or r.cards[k].id[0]}={r.cards[k].id}" for k in kinds)
    parts = [f"key: {letters}, black lowercase"]
    if OBSTACLE in pos.cell:
        parts.append("## obstacle")
    # every kind of wreck on the board, white's first (a game with xm, xl and xM wrecks
    # named only the newest, so the others went unexplained: issue 59 playtest)
    wrecks = sorted({(pos.side[p], pos.kind[p]): p for p in range(len(pos.kind))
                     if pos.sq[p] >= 0 and not pos.alive[p]}.items())
    if len(wrecks) == 1:
        wreck = wrecks[0][1]
        parts.append(f"x{letter_of(game, wreck)} wreck ({game.players[pos.side[wreck]]} "
                     f"{r.cards[pos.kind[wreck]].id})")
    elif wrecks:
        parts.append(" ".join(f"x{letter_of(game, p)}" for _, p in wrecks) + " wrecks")
    if MAP_WRECK in pos.cell:
        parts.append("xx wreck")
    return "; ".join(parts)


def facing_name(face: int) -> str:
    return Dir(face).name
