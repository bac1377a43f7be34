"""Position documents (``kind: position``): any reachable tank chess state as YAML.

A position holds everything the rules need to go on: the board size, its
terrain (obstacles and the map's wrecks as a grid), every tank with its card,
side, square, facing and whether it is a wreck, the side to move, the
half-moves played, the half-moves since the last destruction (TC-7.4 move
limit), those quiet moves themselves (so that a repetition, TC-7.4, counts
what came before), the CHECK and ESCAPE state after the last move (TC-8), and
the game's options. :meth:`TankChessGame.position` writes one from a game;
:func:`build_game` checks one (the rules a map gets that still hold in the
middle of a game) and sets it up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from core.data import DataModel, Document, Problem
from core.errors import NotationError, did_you_mean
from core.grid.square import Dir
from core.streams import Seed
from rulesets.tank_chess.cards import Card
from rulesets.tank_chess.game import OFF, SIDES, TankChessGame
from rulesets.tank_chess.maps import MapLayout, Placed, command_path_exists, rows_of
from rulesets.tank_chess.notation import parse_square, square_name
from rulesets.tank_chess.position import Move
from rulesets.tank_chess.settings import DirName, Settings

_QUIET_MOVE = re.compile(
    r"^\s*(?:(?P<card>[A-Za-z][A-Za-z0-9]{0,5})\s+)?(?P<frm>[a-z]\d{1,2})\s*:\s*(?P<ff>[NESW]{1,2})\s*-\s*"
    r"(?:(?P<to>[a-z]\d{1,2})\s*:\s*(?P<tf>[NESW]{1,2})|(?P<off>off))\s*$",
    re.IGNORECASE,
)


class TankState(DataModel):
    """One tank: its card, owner, square (or ``off``), facing, and whether it still fights."""

    card: str = Field(min_length=1, description="Card id (notation code), e.g. MT.")
    side: Literal["white", "black"]
    square: str = Field(description="Its square, or 'off' for a Command Tank that drove off the board (TC-7.2).")
    facing: DirName
    active: bool = Field(default=True, description="false: a wreck (TC-6.3).")


class PositionFile(DataModel):
    """``kind: position``: a tank chess game in any reachable state."""

    ruleset: Literal["tank-chess"]
    kind: Literal["position"]
    name: str = ""
    description: str = ""
    scenario: str = Field(default="", description="The map the game began on (shown in records).")
    options: dict[str, Any] = Field(default_factory=dict, description="Flat game options, as a record keeps them.")
    size: int = Field(ge=6, le=26, description="Squares per side (TC-1.1).")
    grid: str | list[str] = Field(description="Terrain, top row = the last rank: . empty, # obstacle, x wreck.")
    tanks: list[TankState] = Field(description="Every tank, wrecks and a Command Tank gone off the board too.")
    to_move: Literal["white", "black"] = "white"
    plies: int = Field(default=0, ge=0, description="Half-moves played before this position.")
    quiet: int = Field(default=0, ge=0, description="Half-moves since the last destruction (TC-7.4).")
    since: list[str] = Field(default_factory=list, description=(
        "The latest quiet moves, oldest first, as 'MT d2:N-d5:NE' (from square and facing, to square "
        "and facing, or '-off'): the positions they passed count for repetition (TC-7.4)."))
    check: bool | None = Field(default=None, description="CHECK after the last move (TC-8.1); worked out if left out.")
    escape: bool | None = Field(default=None, description="ESCAPE after the last move (TC-8.2); worked out if left out.")


def build_game(model: PositionFile, doc: Document | None, settings: Settings, cards: Mapping[str, Card],
               options: Mapping[str, Any], extra_cards: list[dict[str, Any]], seed: Seed = 0,
               ) -> tuple[TankChessGame | None, list[Problem]]:
    """Check a position and set up its game; the game is None when there are problems.

    The checks are those of a map (TC-9.1 grid, TC-9.2 one Command Tank per side,
    a way to the far edge, no tank on an obstacle) that still hold mid-game, and
    those of a reachable state: the counters agree, the quiet moves are legal
    moves that lead here, a finished game ended as the rules end one.
    """
    path = doc.path if doc else "position"
    problems: list[Problem] = []

    def bad(loc: tuple[Any, ...], msg: str) -> None:
        problems.append(doc.problem(loc, msg) if doc else Problem(path, 1, 1, msg))

    n = model.size
    origin = settings.coordinates.origin
    obstacles, wrecks = _terrain(model, doc, path, problems)
    tanks: list[tuple[Card, int, tuple[int, int] | None, int, bool]] = []
    placed: dict[tuple[int, int], int] = {}
    for i, t in enumerate(model.tanks):
        loc = ("tanks", i)
        card = cards.get(t.card)
        if card is None:
            bad((*loc, "card"), f"unknown card {t.card!r}{did_you_mean(t.card, cards)} (TC-2.2)")
            continue
        side = SIDES.index(t.side)
        where: tuple[int, int] | None = None
        if t.square.strip().lower() == OFF:
            if not card.command:
                bad((*loc, "square"), f"{t.side} {card.id} is off the board: only a Command Tank leaves it (TC-7.2)")
            elif not t.active:
                bad((*loc, "active"), f"{t.side} {card.id} drove off the board: it cannot be a wreck (TC-7.2)")
        else:
            try:
                where = parse_square(t.square, n, origin)
            except (NotationError, ValueError, IndexError):
                last = f"{chr(ord('a') + n - 1)}{n}"
                bad((*loc, "square"), f"{t.square!r} is not a square of this {n}x{n} board (a1..{last}, TC-1.2)")
                continue
            name = square_name(where, n, origin)
            if where in obstacles or where in wrecks:
                what = "an obstacle" if where in obstacles else "a wreck"
                bad((*loc, "square"), f"{t.side} {card.id} stands on {what} on {name} (TC-9.2)")
            elif where in placed:
                bad((*loc, "square"), f"two tanks on {name} (tanks {placed[where] + 1} and {i + 1}) (TC-4.4)")
            placed[where] = i
        tanks.append((card, side, where, int(Dir[t.facing]), t.active))
    if problems:
        return None, problems
    layout = MapLayout(model.scenario or model.name or "position", model.name, n, False, set(obstacles),
                       set(wrecks), cards=dict(cards), extra_cards=list(extra_cards))
    lost = _check_command_tanks(tanks, layout, settings, bad)
    if model.quiet > model.plies:
        bad(("quiet",), f"quiet {model.quiet} is more than the {model.plies} half-moves played (plies) (TC-7.4)")
    if len(model.since) > model.quiet:
        bad(("since",), f"{len(model.since)} quiet moves listed, but quiet says {model.quiet} (TC-7.4)")
    if problems:
        return None, problems
    game = TankChessGame(layout, settings, layout.name, options, seed)
    _set_up(game, model, tanks, doc, path, problems)
    if problems:
        return None, problems
    pos = game.pos
    for side, how in lost:
        if how == "destroyed":
            if model.quiet:
                bad(("quiet",), f"{SIDES[side]}'s Command Tank is a wreck: its destruction set the count to 0, "
                                f"not {model.quiet} (TC-7.4)")
            pos.winner, pos.reason = 1 - side, "destroyed"
        elif pos.winner < 0:
            if model.since:
                bad(("since",), f"{SIDES[side]}'s Command Tank drove off the board, which ends the game: "
                                "it is the last quiet move (TC-7.2)")
            pos.winner, pos.reason = side, "escaped"
        if pos.to_move != 1 - pos.winner:
            bad(("to_move",), f"{SIDES[pos.winner]} won with the last move: {SIDES[1 - pos.winner]} is to move "
                              "(TC-7.1, TC-7.2)")
    game.plies_before = model.plies
    check, escape = game.announcements()
    for key, said, truth, rule in (("check", model.check, check, "TC-8.1"), ("escape", model.escape, escape, "TC-8.2")):
        if said is not None and said != truth:
            bad((key,), f"{key}: {str(said).lower()}, but the position says {str(truth).lower()} ({rule})")
    return (None, problems) if problems else (game, [])


def _terrain(model: PositionFile, doc: Document | None, path: str,
             problems: list[Problem]) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Obstacles and map wrecks from the grid; problems at their lines (TC-9.1)."""
    n = model.size
    rows = rows_of(model.grid, doc)
    obstacles: set[tuple[int, int]] = set()
    wrecks: set[tuple[int, int]] = set()
    if len(rows) != n:
        problems.append(doc.problem(("grid",), f"the grid has {len(rows)} rows; a {n}x{n} board needs {n} (TC-9.1)")
                        if doc else Problem(path, 1, 1, f"the grid has {len(rows)} rows, not {n} (TC-9.1)"))
    for i, (row, (line, col)) in enumerate(rows[:n]):
        cells = row.replace(" ", "").replace("\t", "")
        rank = n - 1 - i
        if len(cells) != n:
            problems.append(Problem(path, line, col, f"rank {rank + 1}: {len(cells)} squares; the board is "
                                                     f"{n} wide (TC-9.1)"))
        for f, ch in enumerate(cells[:n]):
            if ch == "#":
                obstacles.add((f, rank))
            elif ch == "x":
                wrecks.add((f, rank))
            elif ch != ".":
                problems.append(Problem(path, line, col, f"rank {rank + 1}: {ch!r} in the grid: a position's grid "
                                                         "holds only . # x; tanks are listed under 'tanks' (TC-9.1)"))
    return obstacles, wrecks


def _check_command_tanks(tanks: list[tuple[Card, int, tuple[int, int] | None, int, bool]], layout: MapLayout,
                         settings: Settings, bad: Any) -> list[tuple[int, str]]:
    """TC-9.2 for the Command Tanks; returns the sides whose Command Tank is gone and how."""
    lost: list[tuple[int, str]] = []
    for side in (0, 1):
        mine = [t for t in tanks if t[1] == side]
        if not mine:
            bad(("tanks",), f"{SIDES[side]} has no tanks (TC-9.2)")
        commands = [t for t in mine if t[0].command]
        if settings.maps.one_command_tank and len(commands) != 1:
            bad(("tanks",), f"{SIDES[side]} has {len(commands)} Command Tanks; a game needs exactly one per side "
                            "(TC-9.2, TC-7.1)")
        for card, _side, where, facing, active in commands:
            if not active:
                lost.append((side, "destroyed"))
            elif where is None:
                lost.append((side, "escaped"))
            elif settings.maps.command_path and not command_path_exists(
                    layout, Placed(card.id, side, where, facing), settings):
                bad(("tanks",), f"{SIDES[side]}'s Command Tank cannot reach the far edge even on an otherwise "
                                "empty board (TC-9.2)")
    if len({side for side, _ in lost}) > 1:
        bad(("tanks",), "both Command Tanks are gone: the game ended with the first (TC-7.1, TC-7.2)")
    return lost


def _set_up(game: TankChessGame, model: PositionFile, tanks: list[tuple[Card, int, tuple[int, int] | None, int, bool]],
            doc: Document | None, path: str, problems: list[Problem]) -> None:
    """Place the tanks where they stood before the quiet moves of ``since``, then play
    those moves (each must be legal) so that the repetition count knows them."""

    def bad(loc: tuple[Any, ...], msg: str) -> None:
        problems.append(doc.problem(loc, msg) if doc else Problem(path, 1, 1, msg))

    r = game.rules
    n = r.files
    origin = game.settings.coordinates.origin
    squares = [t[2] for t in tanks]
    facings = [t[3] for t in tanks]
    at = {sq: pid for pid, sq in enumerate(squares) if sq is not None}
    to_move = SIDES.index(model.to_move)
    moves: list[tuple[int, int, int]] = []
    for back, j in enumerate(range(len(model.since) - 1, -1, -1)):
        text = model.since[j]
        loc = ("since", j)
        m = _QUIET_MOVE.match(text)
        if m is None:
            bad(loc, f"cannot read {text!r}: write a quiet move as 'MT d2:N-d5:NE' or 'CLT j16:N-off' (TC-9.3)")
            return
        try:
            frm = parse_square(m["frm"], n, origin)
            to = None if m["off"] else parse_square(m["to"], n, origin)
            ff = int(Dir[m["ff"].upper()])
            tf = None if m["tf"] is None else int(Dir[m["tf"].upper()])
        except (NotationError, ValueError, KeyError, IndexError):
            bad(loc, f"{text!r}: not a square and facing of this board (TC-1.2, TC-4.1)")
            return
        mover = 1 - to_move if back % 2 == 0 else to_move
        if to is None:
            found = [p for p, sq in enumerate(squares) if sq is None]
        else:
            found = [at[to]] if to in at else []
        pid = found[0] if found else -1
        if pid < 0 or tanks[pid][1] != mover or not tanks[pid][4] or (tf is not None and facings[pid] != tf) or (
                m["card"] and m["card"].upper() != tanks[pid][0].id):
            bad(loc, f"{text!r}: no active {SIDES[mover]} tank stands there so (quiet moves alternate, "
                     f"the last by {SIDES[1 - to_move]}) (TC-3.2)")
            return
        if frm != to and frm in at:
            bad(loc, f"{text!r}: {square_name(frm, n, origin)} was not empty before this move (TC-4.4)")
            return
        if to is not None:
            del at[to]
        at[frm] = pid
        squares[pid], facings[pid] = frm, ff
        moves.append((pid, -1 if to is None else r.index(to), -1 if tf is None else tf))
    pos = game.pos
    for (card, side, _where, _face, active), sq, face in zip(tanks, squares, facings, strict=True):
        pos.add(r.card_index[card.id], side, -1 if sq is None else r.index(sq), face, active)
    pos.set_to_move(to_move if len(moves) % 2 == 0 else 1 - to_move)
    pos.quiet = model.quiet - len(moves)
    for k, (pid, to_index, face) in enumerate(reversed(moves)):
        mv: Move = (pid, to_index, face, -1)
        if pos.winner >= 0 or mv not in set(pos.generate()):
            bad(("since", k), f"{model.since[k]!r} is not a legal move in the position before it (TC-4)")
            return
        pos.push(mv)
