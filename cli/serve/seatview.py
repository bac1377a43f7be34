"""What one link is sent: built only from what its player may see.

Every byte of a seat's page and of its pushed updates comes from here, and
here only from ``view(player)``, the ruleset's SVG as that player sees it,
:meth:`~core.game.Event.for_player`, the moves' public texts, and -- when it
is that player's decision -- the legal actions with their notes (those of a
decision with many moves follow on request, see :mod:`cli.serve.notes`). The
terminal's text board is not sent: the page draws the SVG. A spectator's
player is ``-1``: no side's, so it is shown only what
is public; in a hidden-information game that leaves the board out until the
game is over (there is no view of the table that belongs to nobody).

In a game with hidden information the whole state, and the hint, pass the
core's gate (:mod:`core.secrecy`): built again from the ruleset's hidden
variant, a part that differs is refused rather than sent (issue 25).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cli.serve.aids import board, check_line, drive, entry_drawing, geometry
from cli.serve.notes import LATER, LAZY_NOTES
from cli.serve.tables import HOTSEAT, Seat, Table
from core.errors import TanktableError
from core.game import Game
from core.secrecy import guarded, public_moves_of, shown

MAX_LOG = 400
"""The newest log entries sent with each update (the record has them all)."""

MAX_REPLAYED = 60
"""The other side's newest decisions since the seat's own last one that carry a
drawing for the page's step-by-step replay (issue 29.7)."""


def seat_state(table: Table, seat: Seat) -> dict[str, Any]:
    """The whole state one link may see, as JSON-safe data (one call, one lock),
    through the core's gate for secrets: in a hidden-information game a part that
    changes with what the seat may not see raises
    :class:`~core.secrecy.SecretLeakError` and is not sent."""
    with table.lock:
        return guarded(table.game, table.viewer(seat), lambda game: _state(_as_if(table, game), seat))


def raw_seat_state(table: Table, seat: Seat) -> dict[str, Any]:
    """The state as :func:`seat_state` builds it, without the gate: for ``tanktable
    check``, which compares it itself to name every part that differs."""
    with table.lock:
        return _state(table, seat)


def _as_if(table: Table, game: Game[Any]) -> Table:
    """``table`` itself for its own game; for a variant of it, a copy that plays the
    variant, with its moves as everyone reads them and no pictures drawn yet."""
    if game is table.game:
        return table
    return replace(table, game=game, pictures={}, log_entries={},
                   public_moves=public_moves_of(table.game, game, table.public_moves))


def _state(table: Table, seat: Seat) -> dict[str, Any]:
    g = table.game
    outcome = g.outcome()
    base: dict[str, Any] = {
        "id": table.id,
        "version": table.version,
        "ruleset": table.ruleset.id,
        "title": table.ruleset.title,
        "players": list(g.players),
        "seats": table.seats_by_name(),
        "role": seat.role,
        "notice": table.notice,
        "file_problem": table.file_problem,
        "outcome": None if outcome is None else {
            "winners": [g.players[p] for p in outcome.winners], "reason": outcome.reason,
            "termination": outcome.termination.value},
        "thinking": g.players[table.thinking] if table.thinking is not None else None,
        "to_move": g.players[g.to_move()] if outcome is None else None,
        "draw_offer": sorted(g.players[p] for p in table.draw_offer),
        "dice": table.fairness(),
    }
    if seat.role == HOTSEAT:
        due = table.hotseat_pass_due()
        if due is not None:
            base.update({"pass_to": g.players[due], "you": None})
            return base
    viewer = table.viewer(seat)
    you = g.players[viewer] if viewer >= 0 else None
    secret_board = g.hidden_information and viewer < 0 and outcome is None
    base.update({
        "you": you,
        "decision": g.decision() if outcome is None and not secret_board else None,
        "your_turn": outcome is None and viewer >= 0 and g.to_move() == viewer
                     and table.kinds[viewer] == "human",
        "log": _log(table, viewer),
        "commands": [{"name": c.name, "usage": c.usage, "summary": c.summary}
                     for c in g.table_commands()] if viewer >= 0 else [],
        "undo_across_players": g.game_type.undo_across_players,
        "hidden_information": g.hidden_information,
        "notation_help": g.notation_help,
    })
    if secret_board:
        base.update({"svg": None, "view": None,
                     "hidden": "the board of a hidden-information game is shown to spectators "
                               "when the game is over"})
    else:
        eye = viewer if viewer >= 0 else None  # a finished game shows everything
        base.update({"svg": _svg(table, eye), "view": g.view(eye), "turned": _turned(table, viewer)})
        last = base["log"][-1]["events"] if base["log"] else []
        own = _own_last_drawing(table, viewer, base["log"])
        if own is not None:
            base["last_drawing"] = own
        threat = check_line(g, last, table.ruleset) if outcome is None else None
        if threat is not None:
            base["check_line"] = threat
        scale = geometry(g, table.ruleset)
        if scale is not None:
            base["geometry"] = scale
    actions: list[dict[str, Any]] = []
    if base["your_turn"]:
        legal = g.legal_actions()
        if len(legal) > LAZY_NOTES:  # the board first, the notes when the page asks
            notes = [""] * len(legal)
            base["notes"] = LATER
        else:
            notes = g.describe_actions(legal)
        actions = [{"text": g.format_action(a), "note": n} for a, n in zip(legal, notes, strict=True)]
        base["targets"], aids = board(table.ruleset, g, legal, notes)
        free = drive(g, viewer, table.ruleset)
        if free is not None:
            base["drive"] = free
        for entry, aid in zip(actions, aids, strict=True):
            if aid is not None:
                entry["aid"] = aid
    base["actions"] = actions
    base["end"] = end_action(g, actions)
    return base


END_WORDS = ("end", "pass")
"""What the rulesets call the action that ends a phase with nothing (more) to do:
Duel of the Giants' ``end``, Battle of Tanks' ``pass``. A game may name its own in
an ``end_words`` attribute."""


def end_action(game: Game[Any], actions: list[dict[str, Any]]) -> str | None:
    """The text of the legal action that ends the phase, if the seat may take it now
    (issue 59.3): the page shows it as a button beside the board, and a key, not only
    in the folded move list. Read from the seat's own legal actions only."""
    words: tuple[str, ...] = getattr(game, "end_words", END_WORDS)
    return next((a["text"] for a in actions if a["text"] in words), None)


def hint_text(game: Game[Any], seed: int, gate: bool = True) -> str:
    """The hint for the player to move (issue 28.5): the search's three best moves with
    its estimates, seeded by ``seed``, read only from what that player may know (the
    search runs on :meth:`~core.game.Game.determinize`; see :mod:`core.ai.analysis`);
    through the core's gate for secrets unless ``gate`` is off (``tanktable check``
    compares it itself)."""
    from cli.hint import browser_hint, hint_for

    def advise(g: Game[Any]) -> str:
        return browser_hint(g, hint_for(g, seed))

    if not gate or game.outcome() is not None:
        return advise(game)
    return shown(game, game.to_move(), "hint", advise)


def _svg(table: Table, player: int | None) -> str | None:
    """The ruleset's picture as ``player`` sees it, drawn once per version and
    viewer (once for all in a game whose every view shows the whole board)."""
    eye = player if table.game.hidden_information else None
    key = (table.version, eye)
    if key not in table.pictures:
        if any(version != table.version for version, _ in table.pictures):
            table.pictures.clear()
        try:
            table.pictures[key] = table.ruleset.render_svg(table.game, player)
        except TanktableError:
            table.pictures[key] = None
    return table.pictures[key]


def _own_last_drawing(table: Table, viewer: int, log: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The drawing of the viewer's own last move when it is the newest entry (a drive's
    path, a shot's line), for the page's motion (issue 58.6); the other side's entries
    carry theirs (:func:`_replay_aids`). Made from what the seat already reads."""
    if viewer < 0 or not log or log[-1]["player"] != table.game.players[viewer] or log[-1]["move"] is None:
        return None
    return entry_drawing(table.game, log[-1]["move"], log[-1]["events"], table.ruleset)


def _turned(table: Table, viewer: int) -> bool:
    """Whether the page turns the picture round by default so that the viewer's own
    side is at its foot (issue 58.8): the ruleset's ``bottom_player(game)`` names
    the player whose side the picture draws at the bottom (``None``: the map has no
    home edge); a spectator sees the picture as drawn."""
    bottom = getattr(table.ruleset, "bottom_player", None)
    if viewer < 0 or bottom is None:
        return False
    drawn: int | None = bottom(table.game)
    return drawn is not None and drawn != viewer


def _log(table: Table, viewer: int) -> list[dict[str, Any]]:
    """The moves and their events as ``viewer`` may read them (newest last).

    An entry depends only on its step, its public text, the viewer and whether
    the game is over, so each is made once (:attr:`Table.log_entries`, kept while
    the very same step object stands at that place) and copied into each state:
    after a move only the new entry is written."""
    g = table.game
    out: list[dict[str, Any]] = []
    start = max(0, len(g.history) - MAX_LOG)
    over = g.outcome() is not None
    made = table.log_entries
    eye = viewer if viewer >= 0 else -1
    for i in range(start, len(g.history)):
        step = g.history[i]
        public = table.public_moves[i] if i < len(table.public_moves) else None
        known = made.get((i, viewer))
        if known is not None and known[0] is step and known[1] == public and known[2] == over:
            out.append(dict(known[3]))
            continue
        mine = step.player == viewer
        move: str | None = g.format_action(step.action) + g.annotation(step.events) if mine else public
        events = [e.to_json() for e in g.events_for(eye, step.events)]
        if mine and i in table.auto_passed:  # issue 59.3: said to the seat it passed for
            events.insert(0, {"kind": "note", "text": f"No choice in {table.auto_passed[i]}: passed by itself.",
                              "data": {}})  # the terminal's words (cli.play.no_choice_line)
        entry = {"n": i + 1, "player": g.players[step.player], "move": move,
                 "hidden": move is None and not over, "events": events}
        closed = table.decided_in.get(i)
        if closed is not None and public == "end":  # which step an end closed (DG playtest of issues 58/59):
            entry["closes"] = closed if mine else closed.split(":")[0]  # the other side's: its phase alone
        made[(i, viewer)] = (step, public, over, entry)
        out.append(dict(entry))
    _replay_aids(table, viewer, out)
    return out


def _replay_aids(table: Table, viewer: int, entries: list[dict[str, Any]]) -> None:
    """Give the other side's newest entries (those after the viewer's own last one)
    their drawing, made only from each entry's move text and events as sent."""
    if viewer < 0:
        return
    mine = table.game.players[viewer]
    newest = len(entries)
    while newest > 0 and entries[newest - 1]["player"] != mine and len(entries) - newest < MAX_REPLAYED:
        newest -= 1
    for entry in entries[newest:]:
        aid = entry_drawing(table.game, entry["move"], entry["events"], table.ruleset)
        if aid is not None:
            entry["aid"] = aid
