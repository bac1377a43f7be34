"""The browser table's aids for Tank Chess, in the coordinates of :mod:`.svg`.

Every legal move is placed from the centre of its piece's square to the centre
of its destination (a move off the board ends half a square beyond the edge it
leaves by). A move that shoots is drawn from its destination to the target,
labelled with the armour face it hits by the ruleset's own rule (``hit_side``,
TC-6.1) -- the same face the move's ``fired`` event reports. After a CHECK
(TC-8.1) its threat is drawn from the event's own squares. Tank Chess has no
hidden information, and only the seat's own legal moves are placed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.board_aids import ActionAid, AidLine, BoardAids, Drawing, Place, Point
from core.combat import defeats
from core.errors import TanktableError
from core.game import Action, Event
from core.grid.square import direction_between
from rulesets.tank_chess.action import TankMove
from rulesets.tank_chess.game import TankChessGame
from rulesets.tank_chess.notation import parse_square
from rulesets.tank_chess.position import ARMOUR_SIDES
from rulesets.tank_chess.svg import CELL, MARGIN, square_centre

RADIUS = CELL * 0.45
"""The clickable spot on a square: nearly the square's inscribed circle."""
EXIT = "exit"
"""The place a move off the board ends on."""


def square_place(game: TankChessGame, sq: tuple[int, int]) -> Place:
    return Place(game.square_name(sq), square_centre(game, sq))


def exit_place(game: TankChessGame, start: Point) -> Place:
    """Half a square beyond the board's edge nearest to ``start``, in the margin."""
    n = game.rules.files
    x, y = start
    return Place(EXIT, (x, MARGIN / 2 if y < n * CELL / 2 else MARGIN + n * CELL + MARGIN / 2))


def board_aids(game: TankChessGame, actions: Sequence[Action], notes: Sequence[str]) -> BoardAids:
    """Each move's from and to squares, and the shot of a move that shoots.

    Hundreds of moves share a few dozen squares and, without a shot, a few dozen
    (from, to) pairs: each such pair's aid depends on the board's size and
    coordinates alone, so it is made once for these rules (their memo) and shared
    (aids are immutable); a move without a shot costs one look-up, after every
    move of the game."""
    places: dict[tuple[int, int], Place] = {}
    quiet = game.rules.memo

    def place(sq: tuple[int, int]) -> Place:
        found = places.get(sq)
        if found is None:
            found = places[sq] = square_place(game, sq)
        return found

    out: list[ActionAid] = []
    append = out.append
    for action, note in zip(actions, notes, strict=True):
        if type(action) is TankMove and action.target is None:
            pair = ("aid", action.frm, action.to)
            aid = quiet.get(pair)
            if aid is None:
                aid = quiet.remember(pair, _action(game, action, note, place))
            append(aid)
        else:
            append(_action(game, action, note, place))
    return BoardAids(RADIUS, tuple(out))


def _action(game: TankChessGame, action: Action, note: str,
            place: Callable[[tuple[int, int]], Place]) -> ActionAid:
    if not isinstance(action, TankMove):
        return ActionAid()
    start = place(action.frm)
    end = exit_place(game, start.at) if action.to is None else place(action.to)
    return ActionAid(start, end, shot_drawing(game, action, note))


def shot_drawing(game: TankChessGame, action: TankMove, note: str) -> Drawing | None:
    """The shot of a move from its destination to its target, labelled with the
    armour face it hits (TC-6.1) and whether it destroys ("rear: destroys it"), the
    armour and the gun where the armour holds."""
    if action.target is None or action.to is None:
        return None
    r, pos = game.rules, game.pos
    shooter = pos.cell[r.index(action.frm)] - 1
    target = pos.cell[r.index(action.target)] - 1
    if shooter < 0 or target < 0:
        return None
    d = direction_between(action.to, action.target)
    hit = r.hit_side(int(d) if d is not None else 0, pos.face[target])
    armour, gun = r.armour[pos.kind[target]][hit], r.gun[pos.kind[shooter]]
    # short, as it stands on the board at its target (hidden playtest of issues 58/59: the
    # long sentence ran over its neighbours); the numbers only where the armour holds
    verdict = "destroys it" if defeats(gun, armour) else f"holds (armour {armour}, gun {gun})"
    # the note opens with what the shot does (issue 59.6), which the label says already
    said = f"{'destroys' if defeats(gun, armour) else 'fires at'} {r.cards[pos.kind[target]].id} " \
           f"{game.square_name(action.target)}"
    rest = note.removeprefix(said).removeprefix(": armour holds").lstrip(",: ")
    # the danger of ending there ("into fire: MT f12 destroys it from the side") is the
    # destination's and the facing's tint, named on hover: on the shot's own label it ran
    # across the board over a whole rank (playtest of issues 58/59); a CHECK stays
    rest = rest.split("into fire: ")[0].rstrip(",;: ")
    # and on the board, where the label is read at a glance, only what ends the turn's
    # story (a CHECK, a win): "uncovers CLT a1 (...)" and the like stay in the move's note
    rest = "; ".join(part for part in rest.split("; ") if part.startswith(("+ CHECK", "wins")))
    label = f"{ARMOUR_SIDES[hit]}: {verdict}" + (f"; {rest}" if rest else "")
    return Drawing(lines=(AidLine(square_centre(game, action.to), square_centre(game, action.target),
                                  label, ARMOUR_SIDES[hit]),))


def check_drawing(game: TankChessGame, events: Sequence[Event]) -> Drawing | None:
    """A CHECK's threat from the ``check`` event's own data (TC-8.1): from the
    threatening piece's square to where it would shoot from, then to the Command
    Tank it would hit."""
    check = next((e for e in events if e.kind == "check"), None)
    if check is None:
        return None
    data = check.data
    origin = game.settings.coordinates.origin

    def centre(key: str) -> Point:
        return square_centre(game, parse_square(data[key], game.layout.size, origin))

    try:
        frm, there, aim = centre("from"), centre("shoots_from"), centre("target")
    except (KeyError, TypeError, ValueError, IndexError, TanktableError):
        return None
    lines = [AidLine(frm, there)] if there != frm else []
    lines.append(AidLine(there, aim, f"CHECK: {data.get('piece', '')}"))
    return Drawing(lines=tuple(lines))
