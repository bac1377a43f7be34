"""Replays in the browser: a record stepped through as one viewer may see it.

Every replay is built from a record by :func:`core.record.replay_moves`, the
path ``tanktable replay`` and the games store take too, and shows what the
live table would show the same viewer (issue 29.13):

* a finished game shows everything the record holds (the record, seed
  included, is offered to every seat once the game is over), and its seed is
  checked against the commitment published at the start;
* a game still running is replayed only through a seat's link, with that
  seat's eyes: its own moves in full, the others' as everyone may read them,
  the events filtered for it, the boards drawn for it; a spectator of a
  hidden-information game sees no board, as at the live table; the hot-seat
  link, shared by every player, replays the game once it is over;
* a record uploaded by the host (who holds the host key) is validated first:
  a problem comes back as ``name:line:col: message``, never as a traceback.

The summary (every step's move, events and dice) is sent at once; each
step's board, the server's SVG, is drawn when the page asks for it.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import partial
from pathlib import PurePath
from typing import Any

from core import secrecy
from core.commitment import check_reveal
from core.data import Document, parse_document, validate
from core.errors import RecordError, TanktableError
from core.game import Event, Game, Ruleset
from core.record import RecordFile, finish, replay_moves, start_game
from core.registry import get_ruleset
from core.streams import seed_text

log = logging.getLogger("tanktable.serve")

EVERYTHING: int | None = None
"""The viewer of a finished game: every secret is shown."""
SPECTATOR_EYE = -1
"""The viewer who is no player (events as everyone may read them)."""
MAX_UPLOAD = 1024 * 1024
"""The largest record upload read, in bytes of the request."""
CACHED = 12
"""Replays kept in memory (games being watched and uploads), newest kept."""
HIDDEN_BOARD = ("the board of a hidden-information game is shown to spectators when the game "
                "is over")


@dataclass
class Replay:
    """One record stepped through by one viewer: the steps' texts, the position
    after each move (drawn on demand), and what the dice's seed says."""

    ruleset: Ruleset
    name: str
    eye: int | None
    """Whose eyes the boards are drawn with (``None``: every secret)."""
    summary: dict[str, Any]
    positions: list[Game[Any]]
    board_hidden: str | None = None
    pictures: dict[int, str | None] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def board(self, n: int) -> dict[str, Any]:
        """The position after ``n`` moves (0: the start) as the viewer may see it."""
        if not 0 <= n < len(self.positions):
            raise TanktableError(f"no step {n}: this game has {len(self.positions) - 1} moves")
        game = self.positions[n]
        out: dict[str, Any] = {"n": n, "status": self._status(game)}
        if self.board_hidden is not None:
            return {**out, "svg": None, "hidden": self.board_hidden}
        with self.lock:
            if n not in self.pictures:
                try:
                    self.pictures[n] = secrecy.shown(game, self.eye, "svg board",
                                                     partial(self.ruleset.render_svg, player=self.eye))
                except TanktableError:
                    self.pictures[n] = None
            return {**out, "svg": self.pictures[n], "hidden": None}

    def _status(self, game: Game[Any]) -> str:
        outcome = game.outcome()
        if outcome is not None:
            return f"game over: {outcome.reason}"
        who = game.players[game.to_move()]
        if self.board_hidden is not None:
            return f"{who} to decide"
        return f"{who} to decide: {game.decision()}"


def _last_events(game: Game[Any], eye: int | None, events: list[Event], g: Game[Any]) -> list[dict[str, Any]]:
    """The events of the step just replayed as ``eye`` reads them: ``events`` in
    ``game`` itself, a variant's own last step's in the gate for secrets."""
    return [e.to_json() for e in g.events_for(eye, events if g is game else g.history[-1].events)]


def _last_public(game: Game[Any], public: str | None, g: Game[Any]) -> str | None:
    """The move just replayed as everyone reads it (``public`` in ``game`` itself)."""
    return public if g is game or secrecy.same_history(game, g) else g.public_moves()[-1]


def build(record: RecordFile, ruleset: Ruleset, name: str, viewer: int | None,
          doc: Document | None = None, verify: bool = False, at_foot: str | None = None) -> Replay:
    """The replay of ``record`` for ``viewer`` (``None``: a finished game, every
    secret; ``-1``: a spectator; else a player's index), its picture turned so that
    the side ``at_foot`` names (by default the viewer's) stands at the bottom: a
    finished game uploaded 'as Black' shows every secret, seen from Black's edge.

    The moves are replayed once, keeping the position after each; a move that
    does not replay is a :class:`~core.errors.RecordError` naming it (with its
    line when ``doc`` is given). With ``verify`` the recorded result must be
    the one the moves give; a revealed seed must always match its commitment.
    """
    over = record.result is not None
    if over and record.commitment is not None:
        check_reveal(record.seed, record.salt, record.commitment)
    game = start_game(record, ruleset)
    hidden = game.hidden_information
    eye = None if viewer is None or (viewer < 0 and not hidden) else viewer
    events_eye = viewer if viewer is None or viewer >= 0 else SPECTATOR_EYE
    positions = [game.clone()]
    steps = []
    for move in replay_moves(record, game, doc):
        shown = move.text if viewer is None or move.player == viewer else secrecy.shown(
            game, viewer, "moves", partial(_last_public, game, move.public))
        events = secrecy.shown(game, events_eye, "events", partial(_last_events, game, events_eye, move.events))
        steps.append({"n": move.n, "player": game.players[move.player], "move": shown,
                      "hidden": shown is None, "events": events,
                      "dice": [e["text"] for e in events if _is_roll(e)]})
        positions.append(game.clone())
    finish(record, game, verify)
    positions[-1] = game.clone()
    outcome = game.outcome()
    you = game.players[viewer] if viewer is not None and viewer >= 0 else None
    # a seat's replay turns the picture as its live table does: its own side at the foot
    # (issue 58.8; hidden playtest: Black's replay showed White at the bottom)
    foot = game.player_index(at_foot) if at_foot else viewer if you is not None else None
    bottom = getattr(ruleset, "bottom_player", None)
    drawn = bottom(positions[0]) if bottom is not None and foot is not None else None
    summary = {
        "name": name, "ruleset": ruleset.id, "title": ruleset.title, "scenario": record.scenario,
        "players": list(game.players), "seats": dict(record.seats), "you": you,
        "everything": viewer is None, "hidden_information": hidden, "steps": steps,
        "turned": drawn is not None and drawn != foot,
        "result": None if outcome is None else {
            "winners": [game.players[p] for p in outcome.winners], "reason": outcome.reason},
        "dice": _dice(record, outcome is not None),
    }
    board_hidden = HIDDEN_BOARD if hidden and viewer is not None and viewer < 0 else None
    if board_hidden:
        summary["hidden"] = board_hidden
    return Replay(ruleset, name, eye, summary, positions, board_hidden)


def _is_roll(event: dict[str, Any]) -> bool:
    return event["kind"] == "roll" or "roll" in event["data"]


def _dice(record: RecordFile, over: bool) -> dict[str, Any]:
    """The seed's commitment, and the seed once the game is over (checked by :func:`build`)."""
    if record.commitment is None:
        shown = seed_text(record.seed) if over and record.seed is not None else None
        return {"commitment": None, "seed": shown, "salt": None, "checked": False}
    if not over or record.seed is None:
        return {"commitment": record.commitment, "seed": None, "salt": None, "checked": False}
    return {"commitment": record.commitment, "seed": seed_text(record.seed), "salt": record.salt,
            "checked": True}


def read_upload(text: str, name: str, side: str | None) -> tuple[RecordFile, Ruleset, Document, int | None]:
    """An uploaded record, validated: the record, its ruleset, its document (for
    lines) and the viewer it is replayed for.

    A finished game is shown whole. An unfinished game of hidden information
    is shown as the side the host names (as ``tanktable replay --as``), never
    with every secret: the page shows what that side may know.
    """
    doc = parse_document(text, name)
    record = validate(doc, RecordFile)
    ruleset = get_ruleset(record.ruleset)
    if record.result is not None:
        return record, ruleset, doc, EVERYTHING
    game = start_game(record, ruleset)
    if side:
        return record, ruleset, doc, game.player_index(side)
    if game.hidden_information:
        raise RecordError(f"{name}: this game is not over and has hidden information: say which "
                          f"side you are ({', '.join(game.players)})")
    return record, ruleset, doc, SPECTATOR_EYE


def shown_name(name: str) -> str:
    """An uploaded file's name as errors show it: its last part, printable, short."""
    base = PurePath(name.replace("\\", "/")).name or "upload.yaml"
    return "".join(c for c in base if c.isprintable())[:80] or "upload.yaml"


class Replays:
    """The replays in memory, newest kept: a game's by (id, version, viewer), so a
    game that moves on is built again; an upload's by a random id."""

    def __init__(self, size: int = CACHED):
        self.size = size
        self._items: OrderedDict[Any, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Replay | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Any, replay: Replay) -> None:
        with self._lock:
            self._items[key] = replay
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def add_upload(self, replay: Replay) -> str:
        upload = secrets.token_urlsafe(12)
        self.put(("upload", upload), replay)
        return upload

