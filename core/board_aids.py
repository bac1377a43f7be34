"""What the browser draws over a ruleset's board besides the board itself.

A ruleset's :meth:`~core.game.Ruleset.board_aids` maps the legal actions of a
decision onto its SVG (the places a click starts and ends an action on, the
drawing shown for each), and :meth:`~core.game.Ruleset.free_drive` hands a piece
that moves freely to the page to judge under the pointer. These are plain data
for the page, kept apart from the Game protocol they serve.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ActionAid",
    "AidLine",
    "AidMark",
    "BoardAids",
    "BoardScale",
    "Drawing",
    "FreeDrive",
    "Obstacle",
    "Place",
    "Point",
]


Point = tuple[float, float]
"""A point of a ruleset's SVG, in the drawing's own units (x to the right, y down)."""


@dataclass(frozen=True)
class Place:
    """A spot on a ruleset's SVG that a click may choose: its name (a square's, a
    hex's, a point's; the page groups the actions that share it) and its centre."""

    key: str
    at: Point


@dataclass(frozen=True)
class AidLine:
    """A straight line drawn over the board (a shot, a threat) with its label;
    ``face``, where given, is a word the page styles the line by (the armour face
    a Tank Chess shot hits: ``front``, ``side``, ``rear``)."""

    start: Point
    end: Point
    label: str = ""
    face: str | None = None


@dataclass(frozen=True)
class AidMark:
    """A spot flashed on the board with a word (a marker revealed, a gun turned up);
    ``kind`` is a word the page styles it by."""

    at: Point
    label: str = ""
    kind: str = ""


@dataclass(frozen=True)
class Drawing:
    """What the browser draws over the board for one action or one move: a path
    (a drive's waypoints, a marker's hexes) with its label, ``over`` when it is
    longer than the rules allow, straight lines and marked spots. Empty: nothing to draw."""

    path: tuple[Point, ...] = ()
    label: str = ""
    over: bool = False
    lines: tuple[AidLine, ...] = ()
    marks: tuple[AidMark, ...] = ()


@dataclass(frozen=True)
class ActionAid:
    """One legal action on the board: the place a click starts it from, the place
    it ends on (either or both may be missing: placing a marker has only an end,
    a Tiger's program neither) and its drawing, if any."""

    start: Place | None = None
    end: Place | None = None
    drawing: Drawing | None = None


@dataclass(frozen=True)
class BoardAids:
    """The legal actions of one decision on the ruleset's SVG (see
    :meth:`Ruleset.board_aids`): one :class:`ActionAid` per action, in order, and
    the radius of the clickable spot drawn on each place."""

    radius: float
    actions: tuple[ActionAid, ...]


@dataclass(frozen=True)
class BoardScale:
    """How a point of the SVG maps to the table's own units, for a ruleset whose
    pieces move freely (Battle of Tanks' centimetres): ``scale`` drawing units per
    unit, and the table's ``width`` and ``depth`` (its y grows upward, the drawing's down)."""

    scale: float
    width: float
    depth: float


@dataclass(frozen=True)
class Obstacle:
    """Ground a free drive may not enter (see :class:`FreeDrive`): its outline in
    the table's units and the words a refusal names it by."""

    name: str
    outline: tuple[Point, ...]


@dataclass(frozen=True)
class FreeDrive:
    """The drive due now of a piece that moves freely, for the page to draw and
    pre-judge under the pointer (issue 29.1): in the table's units (y up, headings
    in degrees counter-clockwise from +x). The piece is a ``length`` x ``width``
    rectangle at ``x``, ``y``, ``heading``; its path is at most ``allowance`` long
    (``rule`` cites the limit), of one straight line when ``straight``, and of at
    most ``max_waypoints`` points; turning on the spot sweeps its corners sampled
    every ``turn_step`` degrees. It must stay on the table (``width`` x ``depth``
    of :class:`BoardScale`) and off every ``blocking`` outline and every ``pieces``
    footprint. The server's check stays the judge; this is what the seat may see."""

    mover: str
    x: float
    y: float
    heading: float
    length: float
    width: float
    allowance: float
    rule: str
    straight: bool
    max_waypoints: int
    turn_step: float
    blocking: tuple[Obstacle, ...] = ()
    pieces: tuple[Obstacle, ...] = ()
