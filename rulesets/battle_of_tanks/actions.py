"""Battle of Tanks actions and their notation (round-trips format/parse).

A game is a sequence of decisions; each kind has one action:

==================  =====================================  ==========================
decision            notation                               meaning
==================  =====================================  ==========================
order (BT-4.2)      ``t34#1 move``                         give a tank one of the six
                    ``lynx fire`` / ``attack`` /           orders (MOVE FIRE ATTACK
                    ``ambush`` / ``retreat`` / ``recon``   AMBUSH RETREAT RECON)
path (BT-5.1)       ``to 40,20 55,35``                     drive through these points
                    ``to 40,20 @90``                       ... and face 90 degrees
                    ``stay``                               do not move
fire (BT-6.2)       ``fire tiger*2 is2``                   shots per target
                    ``fire tiger*2@turret``                HULL-DOWN turret shot (BT-6.6)
                    ``fire none``                          hold fire
ambush (BT-7.2)     ``ambush lynx tiger*2``                an ambusher fires now
                    ``pass``                               no ambusher fires
==================  =====================================  ==========================

Coordinates are centimetres from the table's lower-left corner (x right,
y up), with at most one decimal; headings are degrees, 0 = east (+x),
90 = north. A tank is named by its label (``t34#1``, or the army's name for
it) or by its key (``a1``), case-insensitive.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.errors import NotationError
from core.game import Action

ORDERS = ("MOVE", "FIRE", "ATTACK", "AMBUSH", "RETREAT", "RECON")

def notation_help(tank: str, target: str, other: str, key: str, short: str = "") -> str:
    """The notation's usage, its examples naming tanks of the game at hand (issue 27.17):
    ``tank`` gets an order, ``target`` and ``other`` (if not the same) are fired at,
    ``key`` is a tank's key and ``short`` the start of a label that names one tank."""
    fire = f"fire {target}*2" + (f" {other}" if other != target else "")
    by = f"tanks by label ({tank}), key ({key})" + (f" or a label's start naming one ({short})"
                                                    if short else "")
    return f"""\
orders (when a chit is yours):  TANK move|fire|attack|ambush|retreat|recon
                                e.g. {tank} move
  or with its path or targets:  {tank} move 40,20 55,35  |  {tank} fire {target}*2
                                {tank} attack 40,20 fire {target}
paths (MOVE, ATTACK, RETREAT):  to X,Y [X,Y ...] [@HEADING]  |  stay
                                e.g. to 40,20 55,35 @90
fire (FIRE, ATTACK):            fire TARGET[*N][@turret] ...  |  fire none
                                e.g. {fire}
ambush window (BT-7.2):         ambush TANK TARGET[*N][@turret] ...  |  pass
coordinates in cm from the lower-left corner (x right, y up);
headings in degrees, 0 = east, 90 = north
{by}
'moves' lists candidates; 'preview {tank} move 40,20' judges a drive first"""


NOTATION_HELP = notation_help("t34#1", "tiger#1", "is2#1", "a1", "t34")
"""The usage where no game is at hand (a game shows its own tanks: :func:`notation_help`)."""


def num(value: float) -> str:
    """A coordinate as written in notation: at most one decimal, no trailing zeros."""
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def cm(value: float) -> float:
    """Round to the notation's resolution (0.1 cm) so format/parse round-trips."""
    return round(float(value), 1) + 0.0


@dataclass(frozen=True)
class Declare(Action):
    """Give ``tank`` an ``order`` (BT-4.2); irrevocable."""

    tank: str
    order: str


@dataclass(frozen=True)
class Drive(Action):
    """The path of a MOVE, ATTACK or RETREAT: waypoints and an optional final heading."""

    points: tuple[tuple[float, float], ...] = ()
    heading: float | None = None


@dataclass(frozen=True)
class Shot(Action):
    """``count`` shots at ``target``; ``turret`` declares a HULL-DOWN turret shot."""

    target: str
    count: int = 1
    turret: bool = False


@dataclass(frozen=True)
class Fire(Action):
    """The fire part of FIRE or ATTACK: shots split among targets (BT-6.2)."""

    shots: tuple[Shot, ...] = ()


@dataclass(frozen=True)
class AmbushFire(Action):
    """An ambushing tank interrupts the enemy activation and fires (BT-7.1)."""

    tank: str
    shots: tuple[Shot, ...] = ()


@dataclass(frozen=True)
class Pass(Action):
    """No ambusher fires in this window."""


def format_shots(shots: tuple[Shot, ...]) -> str:
    parts = []
    for s in shots:
        text = s.target + (f"*{s.count}" if s.count != 1 else "")
        parts.append(text + ("@turret" if s.turret else ""))
    return " ".join(parts)


def format_action(action: Action) -> str:
    if isinstance(action, Declare):
        return f"{action.tank} {action.order.lower()}"
    if isinstance(action, Drive):
        if not action.points and action.heading is None:
            return "stay"
        parts = ["to", *(f"{num(x)},{num(y)}" for x, y in action.points)]
        if action.heading is not None:
            parts.append(f"@{num(action.heading)}")
        return " ".join(parts)
    if isinstance(action, Fire):
        return "fire " + (format_shots(action.shots) or "none")
    if isinstance(action, AmbushFire):
        return f"ambush {action.tank} {format_shots(action.shots)}".rstrip()
    if isinstance(action, Pass):
        return "pass"
    raise NotationError(f"not a Battle of Tanks action: {action!r}")


_SHOT = re.compile(r"^(?P<target>[^*@\s]+)(?:\*(?P<n>\d+))?(?P<turret>@turret)?$", re.I)
_POINT = re.compile(r"^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$")


def parse_shots(tokens: list[str]) -> tuple[Shot, ...]:
    shots = []
    for token in tokens:
        m = _SHOT.match(token)
        if not m:
            raise NotationError(f"{token!r} is not a target; write TARGET, TARGET*N or TARGET*N@turret")
        n = int(m.group("n") or 1)
        if n < 1:
            raise NotationError(f"{token!r}: at least one shot per target")
        shots.append(Shot(m.group("target").lower(), n, bool(m.group("turret"))))
    return tuple(shots)


_NOTE = re.compile(r"\s+\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$")
"""A note in parentheses after a line, as ``moves`` and ``hint`` print it (one level of
parentheses inside: ``(in sight: tiger#1 (light): ...)``)."""


def split_line(text: str) -> list[str] | None:
    """An order and what follows it on one line (issue 59.8), as the notations to play in
    turn: ``t34#1 move 45,10 60,20`` -> ``t34#1 move``, ``to 45,10 60,20``;
    ``tiger#1 fire is2#1*2`` -> ``tiger#1 fire``, ``fire is2#1*2``; ``t34#1 attack 40,30
    fire tiger#1`` -> order, straight line, shots; ``to 40,30 fire tiger#1`` (an ATTACK's
    drive and shots, what such a line leaves when an ambush window cuts it) -> both; a hint's line with its estimate after it
    (``t34#1 move 45,10  (+0.02)``) alike. ``None`` when the line is one move."""
    bare = text
    while _NOTE.search(bare):  # a line of ``hint`` or ``moves``: its estimate and note set aside
        bare = _NOTE.sub("", bare)
    tokens = bare.strip().replace(", ", ",").split()
    words = [t.lower() for t in tokens]
    if words and words[0] in ("to", "stay") and "fire" in words[1:] and "(" not in bare:
        cut = words.index("fire")  # an ATTACK's path and shots: ``to 40,30 fire tiger#1``
        return [" ".join(tokens[:cut]), " ".join(["fire", *tokens[cut + 1:]])]
    if len(tokens) < 3 or tokens[1].upper() not in ORDERS or "(" in bare:
        return None  # one move (the prompt reads it and its note)
    parts = [f"{tokens[0]} {tokens[1]}"]
    rest = tokens[2:]
    fire_at = next((i for i, word in enumerate(rest) if word.lower() == "fire"), None)
    path, shots = (rest, []) if fire_at is None else (rest[:fire_at], rest[fire_at + 1:])
    order = tokens[1].upper()
    if path and path[0].lower() in ("to", "stay"):
        parts.append(" ".join(path))
    elif path and order in ("FIRE",):
        shots = path + shots  # ``tiger#1 fire is2#1*2``: the words are targets
        fire_at = 0
    elif path:
        parts.append("to " + " ".join(path))
    if fire_at is not None:
        parts.append("fire " + (" ".join(shots) if shots else "none"))
    return parts


def parse_action(text: str) -> Action:
    """Read one action; tank names are lower-cased; raises NotationError with usage."""
    tokens = text.strip().replace(", ", ",").split()
    if not tokens:
        raise NotationError("empty input\n" + NOTATION_HELP)
    head = tokens[0].lower()
    if head == "pass" and len(tokens) == 1:
        return Pass()
    if head == "stay" and len(tokens) == 1:
        return Drive()
    if head == "to":
        points: list[tuple[float, float]] = []
        heading: float | None = None
        for token in tokens[1:]:
            if token.startswith("@"):
                try:
                    heading = cm(float(token[1:])) % 360.0
                except ValueError:
                    raise NotationError(f"{token!r}: a heading is @DEGREES, e.g. @90") from None
                continue
            m = _POINT.match(token)
            if not m or heading is not None:
                raise NotationError(f"{token!r}: points are X,Y in cm (e.g. 40,20), the heading @DEG last")
            points.append((cm(float(m.group(1))), cm(float(m.group(2)))))
        if not points and heading is None:
            raise NotationError("'to' needs at least one point X,Y or a heading @DEG")
        return Drive(tuple(points), heading)
    if head == "fire":
        if tokens[1:] == ["none"] or len(tokens) == 1:
            return Fire(())
        return Fire(parse_shots(tokens[1:]))
    if head == "ambush" and len(tokens) >= 3:
        return AmbushFire(tokens[1].lower(), parse_shots(tokens[2:]))
    if len(tokens) == 2 and tokens[1].upper() in ORDERS:
        return Declare(head, tokens[1].upper())
    raise NotationError(f"cannot read {text!r}\n" + NOTATION_HELP)
