"""Actions of Duel of the Giants: small frozen values, one per kind of decision."""

from __future__ import annotations

from dataclasses import dataclass

from core.game import Action
from rulesets.duel_of_the_giants.board import Pos


@dataclass(frozen=True)
class EndStep(Action):
    """Finish the current step (pass): ``end``."""


# ---------------------------------------------------------------- set-up
@dataclass(frozen=True)
class PlaceTile(Action):
    kind: str
    at: Pos


@dataclass(frozen=True)
class PlaceFront(Action):
    at: Pos


@dataclass(frozen=True)
class PlaceMarker(Action):
    at: Pos
    wheel: bool


@dataclass(frozen=True)
class PlaceTiger(Action):
    at: Pos
    hull: int


@dataclass(frozen=True)
class PlaceAirfield(Action):
    at: Pos
    facing: int


@dataclass(frozen=True)
class PlaceAtg(Action):
    kind: str
    at: Pos
    facing: int


@dataclass(frozen=True)
class PlaceMine(Action):
    at: Pos
    real: bool


# ---------------------------------------------------------------- Soviet
@dataclass(frozen=True)
class MoveMarker(Action):
    path: tuple[Pos, ...]
    """Start hex then each hex entered (DG-9.5)."""


@dataclass(frozen=True)
class Activate(Action):
    """Turn a wheel marker into a T-34 (DG-9.7); also used for a face-down ATG."""

    at: Pos
    hull: int | None = None
    turret: int | None = None


@dataclass(frozen=True)
class Orient(Action):
    """Set hull and turret of a T-34 revealed by German recon (DG-10.6)."""

    at: Pos
    hull: int
    turret: int


@dataclass(frozen=True)
class T34Step(Action):
    at: Pos
    op: str  # F, B, L, R


@dataclass(frozen=True)
class T34Turret(Action):
    at: Pos
    facing: int


@dataclass(frozen=True)
class T34Dash(Action):
    at: Pos
    length: int


@dataclass(frozen=True)
class T34Goto(Action):
    at: Pos
    target: Pos


@dataclass(frozen=True)
class T34Reveal(Action):
    at: Pos
    target: Pos


# ---------------------------------------------------------------- German
@dataclass(frozen=True)
class Recon(Action):
    target: Pos


@dataclass(frozen=True)
class Haul(Action):
    at: Pos
    to: Pos
    facing: int


@dataclass(frozen=True)
class Tire(Action):
    at: Pos


@dataclass(frozen=True)
class Face(Action):
    at: Pos
    facing: int


@dataclass(frozen=True)
class Program(Action):
    """A Tiger's whole program at once (DG-11.2, DG-11.4): ``tiger1 F F R T2``.

    The legal list programs a Tiger card by card (:class:`LayCard`, :class:`CloseProgram`);
    a whole program is what a player may type instead, and what records written
    before card-by-card programming hold. It is the same as laying its cards one
    by one and closing the stack.
    """

    tiger: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class LayCard(Action):
    """One card laid face down on the stack of the Tiger being programmed (DG-11.2): ``tiger1 +F``."""

    tiger: int
    card: str


@dataclass(frozen=True)
class CloseProgram(Action):
    """The stack of the Tiger being programmed is complete (DG-11.2): ``tiger1 done``."""

    tiger: int


@dataclass(frozen=True)
class Execute(Action):
    tiger: int


@dataclass(frozen=True)
class StukaAction(Action):
    op: str  # launch, F, L, R, land
    target: Pos | None = None  # for attack


# ---------------------------------------------------------------- combat
@dataclass(frozen=True)
class Fire(Action):
    shooter: Pos
    target: Pos


@dataclass(frozen=True)
class Hold(Action):
    shooter: Pos


PUBLIC_ACTIONS: tuple[type[Action], ...] = (
    EndStep, PlaceTile, PlaceFront, PlaceTiger, PlaceAirfield, MoveMarker, Activate, Orient,
    T34Step, T34Turret, T34Dash, T34Goto, T34Reveal, Recon, Haul, Tire, Face,
)
"""Actions whose notation reveals nothing hidden: positions and facings are public
(DG-24.3) and activations reveal their marker anyway (DG-24.4)."""
