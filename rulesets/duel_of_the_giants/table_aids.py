"""The browser table's aids for Duel of the Giants, on the hexes of :mod:`.svg`.

Each legal action is placed on the hexes it names:

* from one hex to another -- a marker's move (its first and last hex, and its
  path drawn through every hex, DG-9.5), a haul, a T-34 going to or revealing
  a hex, a shot from the shooter to the target;
* on one hex to select -- a piece with several choices there (an ATG placed
  with a facing, an activation, an orientation): a click keeps the list of
  moves to that piece's;
* on one hex to choose -- placing a piece or a marker, a T-34's step, turn or
  dash, a recon, a Stuka's attack, holding fire: a click plays it, or asks
  which when several share the hex;
* nowhere -- a Tiger's program (a card laid, the stack ended, a whole program)
  and its execution, the end of a step.

Only the seat's own legal actions are placed, and each names only hexes its
player may know (the actions carry nothing hidden of the other side).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.game import Action, ActionAid, BoardAids, Drawing, Place
from rulesets.duel_of_the_giants.actions import (
    Activate,
    Face,
    Fire,
    Haul,
    Hold,
    MoveMarker,
    Orient,
    PlaceAirfield,
    PlaceAtg,
    PlaceFront,
    PlaceMarker,
    PlaceMine,
    PlaceTiger,
    PlaceTile,
    Recon,
    StukaAction,
    T34Dash,
    T34Goto,
    T34Reveal,
    T34Step,
    T34Turret,
    Tire,
)
from rulesets.duel_of_the_giants.board import Pos, label
from rulesets.duel_of_the_giants.svg import SIZE, centre

RADIUS = SIZE * 0.8
"""The clickable spot on a hex: most of its inscribed circle."""


def hex_place(pos: Pos) -> Place:
    """A hex as a place: its label (``"c4"``) and its centre on the drawing."""
    return Place(label(pos), centre(*pos))


def board_aids(actions: Sequence[Action], notes: Sequence[str]) -> BoardAids:
    """Each action's hexes (see the module docstring), and a marker's path."""
    return BoardAids(RADIUS, tuple(_action(a, note) for a, note in zip(actions, notes, strict=True)))


def hexes(action: Action) -> tuple[Pos | None, Pos | None]:
    """The hex an action starts from and the hex it ends on, either may be ``None``."""
    match action:
        case MoveMarker(path=path) if path:
            return path[0], path[-1]
        case Haul(at=at, to=to) | T34Goto(at=at, target=to) | T34Reveal(at=at, target=to) | \
                Fire(shooter=at, target=to):
            return at, to
        case PlaceAtg(at=at) | Activate(at=at) | Orient(at=at):
            return at, None
        case PlaceTile(at=at) | PlaceFront(at=at) | PlaceMarker(at=at) | PlaceTiger(at=at) | \
                PlaceAirfield(at=at) | PlaceMine(at=at) | T34Step(at=at) | T34Turret(at=at) | \
                T34Dash(at=at) | Tire(at=at) | Face(at=at) | Hold(shooter=at):
            return None, at
        case Recon(target=target) | StukaAction(target=target):
            return None, target
    return None, None


def _action(action: Action, note: str) -> ActionAid:
    start, end = hexes(action)
    return ActionAid(None if start is None else hex_place(start), None if end is None else hex_place(end),
                     path_drawing(action, note))


def path_drawing(action: Action, note: str) -> Drawing | None:
    """A marker's move through its hexes, labelled with the ruleset's note."""
    if not isinstance(action, MoveMarker) or len(action.path) < 2:
        return None
    return Drawing(path=tuple(centre(*pos) for pos in action.path), label=note)
