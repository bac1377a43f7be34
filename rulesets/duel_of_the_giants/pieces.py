"""The pieces on the board: tanks, markers, mines, the Stuka (DG-2).

Plain mutable records; the game keeps them in dicts keyed by a stable id
(``tiger1``, ``t34-3``, ``m7``, ``atg2``, ``mine4``) so that an id never
changes while the piece moves. Secret fields (``Marker.wheel``,
``Atg.kind`` while face down, ``Mine.real``) are read only by the rules and by
the views of the players entitled to them (DG-24).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesets.duel_of_the_giants.board import Pos


@dataclass
class Tank:
    id: str
    side: str  # "german" (Tiger) or "soviet" (T-34)
    owner: int
    pos: Pos
    hull: int
    turret: int
    """Absolute turret facing (0..5); for Tigers the clock is turret - hull."""
    track: int = 5
    destroyed: bool = False
    first_b: int = 0
    """Index of the first phase B in which a T-34 may move (DG-9.8)."""
    number: int = 0

    @property
    def is_tiger(self) -> bool:
        return self.side == "german"


@dataclass
class Marker:
    """A Soviet tank marker, face down (DG-9)."""

    id: str
    owner: int
    pos: Pos
    wheel: bool


@dataclass
class Atg:
    """An ATG marker (DG-12): ``kind`` is pak88, pak36 or bluff."""

    id: str
    owner: int
    pos: Pos
    facing: int
    kind: str
    face_up: bool = False
    tire: str | None = None  # None, "moving" or "standing"
    tire_round: int = 0
    destroyed: bool = False


@dataclass
class Mine:
    id: str
    pos: Pos
    real: bool
    face_up: bool = False


@dataclass
class Stuka:
    """The Ju 87 G (DG-13). ``state``: ground, flying, landed, forced, destroyed."""

    owner: int
    airfield: Pos
    pos: Pos
    facing: int
    state: str = "ground"
    flight_phase: int = 0
    actions_left: int = 0
    attacked: bool = False


@dataclass
class Drift:
    """Drop marker on an occupied snowdrift (DG-23.6)."""

    drops: int
    entered_phase: int
    by: str


@dataclass(frozen=True)
class VPEvent:
    """A VP gain or loss, as vp.py records it (never changed afterwards: copies of the game share it)."""

    side: str
    amount: int
    reason: str
    round: int


@dataclass
class Medals:
    counts: dict[int, int] = field(default_factory=dict)

    def add(self, player: int) -> None:
        self.counts[player] = self.counts.get(player, 0) + 1
