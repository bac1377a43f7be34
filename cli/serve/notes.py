"""The notes of a seat's legal moves, sent after the board rather than with it.

A move's note is what the ruleset says of it before it is played (Tank
Chess: ``+ CHECK``, ``^ ESCAPE``, ``wins``; Battle of Tanks: the odds of a
shot). Finding them means trying every legal move, and a Tank Chess position
has 400 to 640: most of the work of an update. So when a decision has more
than :data:`LAZY_NOTES` moves, the seat's state carries the moves without
their notes (``"notes": "later"``) and the page asks for them
(``/api/t/{game}/{token}/notes``): the board is drawn at once, the notes
follow. What the page holds once they are merged is exactly what one eager
answer would have held (:func:`notes_answer`).

The notes are worked out by :class:`cli.serve.pool.NotesPool` (worker
processes, one mirror of each table's game) or, without workers, in the
request's thread on a copy of the game.
"""

from __future__ import annotations

from typing import Any

from cli.serve.aids import board
from core.game import Game, Ruleset
from core.secrecy import shown

LAZY_NOTES = 40
"""A decision with more legal moves than this sends its notes after the board."""

LATER = "later"
"""The state's ``notes`` while the page is still to ask for them."""


def notes_answer(ruleset: Ruleset, game: Game[Any], version: int) -> dict[str, Any]:
    """The notes of the legal moves of ``game`` as ``/notes`` answers them:
    ``notes`` in the order of the state's ``actions``, and ``aids``, by index,
    the drawing of each move that has a note (a drawing may read its note: a
    Tank Chess shot's label ends with its ``+ CHECK``; a move without a note is
    drawn as the state drew it). The page merges them into the state of
    ``version``."""
    def build(g: Game[Any]) -> dict[str, Any]:
        legal = g.legal_actions()
        notes = g.describe_actions(legal)
        noted = [i for i, note in enumerate(notes) if note]
        _targets, drawn = board(ruleset, g, [legal[i] for i in noted], [notes[i] for i in noted])
        aids = {str(i): aid for i, aid in zip(noted, drawn, strict=True) if aid is not None}
        return {"version": version, "count": len(legal), "notes": notes, "aids": aids}

    # only the seat to move is sent them, through the core's gate for secrets
    viewer = game.to_move() if game.outcome() is None else None
    return shown(game, viewer, "notes", build)
