"""One move of the log drawn on the hexes of :mod:`.svg`, for the browser
table's step-by-step replay of the other side's decisions (issue 29.7).

The drawing is made from the move's text as the seat was sent it (``None``
when the move is hidden from that seat) and from the move's events as that
seat may see them -- never from the game: an event the seat may not read
arrives as its public text without data, and so draws nothing. What it
draws:

* a path through the hexes a piece entered, from the events' ``from`` and
  ``to`` (a T-34's steps and dash, a Tiger's program, the Stuka's flight, a
  marker stopped by a forced reveal, a hauled ATG) or from a marker's move
  as its notation names it (DG-9.5);
* a line for every shot resolved, labelled with its hits and the armour face
  they met (DG-17.8, DG-17.9);
* a mark on every hex where something was revealed, activated, turned up,
  triggered, attacked, reconnoitred or turned to a new facing (a hull, a
  turret, the Stuka).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from core.board_aids import AidLine, AidMark, Drawing, Point
from core.errors import TanktableError
from core.game import Action, Event
from rulesets.duel_of_the_giants.actions import Activate, Face, MoveMarker, Orient, Recon, Tire
from rulesets.duel_of_the_giants.board import parse_hex
from rulesets.duel_of_the_giants.notation import parse_action
from rulesets.duel_of_the_giants.svg import centre

ATG_WORDS = {"pak88": "PAK 8.8", "pak36": "PAK 36", "bluff": "bluff"}


def _at(word: object) -> Point | None:
    try:
        return centre(*parse_hex(str(word)))
    except (TanktableError, ValueError, IndexError):
        return None


def _move(move: str | None) -> Action | None:
    if not move:
        return None
    try:
        return parse_action(move.split(" (")[0].strip())
    except TanktableError:
        return None


def _mark(e: Event) -> AidMark | None:
    """A word for an event that happened on one hex (its ``at``)."""
    at = _at(e.data.get("at")) if "at" in e.data else None
    if at is None:
        return None
    d = e.data
    words = {
        "reveal": "a T-34!" if d.get("wheel") else "bluff marker",
        "atg": ATG_WORDS.get(str(d.get("kind")), "ATG"),
        "mine": "mine" if d.get("real") else "bluff mine",
        "exit": "breaks through",
        "activate": "T-34 activated",
        "stuka": "Stuka attack",
    }
    word = words.get(e.kind)
    if "hull" in d:  # a piece turned in its hex
        word = f"turns {d['hull']}"
    elif "turret" in d:
        word = f"turret {d['turret']}"
    return None if word is None else AidMark(at, word, e.kind)


def log_drawing(move: str | None, events: Sequence[Event]) -> Drawing | None:
    """The drawing of one log entry (see the module docstring); ``None`` when it drew nothing."""
    path: list[Point] = []
    lines: list[AidLine] = []
    marks: list[AidMark] = []
    for e in events:
        d = e.data
        if "from" in d and "to" in d:
            a, b = _at(d["from"]), _at(d["to"])
            if a is None or b is None:
                continue
            if not path:
                path = [a, b]
            elif path[-1] == a:
                path.append(b)
            else:  # another piece, or a jump: a line of its own
                lines.append(AidLine(a, b, "", "move"))
        elif "shooter" in d and "target" in d:
            a, b = _at(d["shooter"]), _at(d["target"])
            if a is not None and b is not None:
                lines.append(AidLine(a, b, _outcome(e.text, d), str(d.get("zone", ""))))
        else:
            mark = _mark(e)
            if mark is not None:
                marks.append(mark)
    action = _move(move)
    if not path and isinstance(action, MoveMarker) and len(action.path) > 1:
        path = [centre(*p) for p in action.path]
    word = {Recon: "recon", Face: "turned", Tire: "tire marker", Orient: "oriented", Activate: "activated"}
    if action is not None and type(action) in word and not marks:
        at = getattr(action, "target", None) or getattr(action, "at", None)
        if at is not None:
            marks.append(AidMark(centre(*at), word[type(action)], "move"))
    if not (path or lines or marks):
        return None
    return Drawing(path=tuple(path), lines=tuple(lines), marks=tuple(marks))


def _outcome(text: str, d: Mapping[str, Any]) -> str:
    """A shot's label on the map in a player's words (issue 59.3; playtest: the label
    read ``damaged; damage track 5 -> 4 (DG-11.8), 1 hits vs side armour 3``): what
    it did, as its event says after the figures -- ``destroyed``, ``damaged: its track
    5 → 4``, ``no effect`` -- without the rule ID and the figures, which the replayed
    entry's own text beside the board keeps. Without such words, the hits."""
    said = text.rsplit(": ", 1)[-1] if ": " in text else ""
    said = re.sub(r"\s*\((DG|HTC)-[^)]*\)", "", said).strip()
    said = said.replace("; damage track", ": its track").replace("damage track", "its track")
    said = said.replace(" -> ", " → ")
    if said:
        return said
    return f"{d.get('hits')} hits vs {d.get('zone')} armour {d.get('armour')}"
