"""Checks of the protocol on states of a played game: clones, positions, records.

Each compares what :mod:`core.game`'s public protocol shows (views, boards,
legal actions, the history, the outcome) before and after, so it holds for a
ruleset whatever its state looks like inside.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

from cli.check.games import Start, crash_text, fingerprint
from cli.check.report import Tally
from core.errors import TanktableError
from core.game import Game, Ruleset

CLONE_STEPS = 12
"""Decisions played on a copy before the original is compared with itself."""


def has_positions(game: Game[Any]) -> bool:
    """Whether the ruleset writes position documents (the default refuses)."""
    try:
        game.position()
    except TanktableError:
        return False
    return True


def snapshot(game: Game[Any], positions: bool) -> str:
    """Everything the protocol shows of a game: every player's view, the omniscient
    board, the legal actions, the history, the outcome (and the position)."""
    running = game.outcome() is None
    return json.dumps({
        "state": fingerprint(game),
        "views": [game.view(p) for p in range(len(game.players))],
        "legal": [game.format_action(a) for a in game.legal_actions()] if running else [],
        "position": game.position() if positions else None,
    }, sort_keys=True, default=str)


def _play_on(game: Game[Any], rng: random.Random, steps: int = CLONE_STEPS) -> None:
    for _ in range(steps):
        if game.outcome() is not None:
            return
        actions = game.legal_actions()
        if not actions:
            return
        game.apply(actions[rng.randrange(len(actions))])


def check_clone(game: Game[Any], tally: Tally, where: str, seed: int, positions: bool) -> None:
    """Playing on a clone, on a clone of a clone and on a search copy (``determinize``,
    then ``random_step``) leaves the game as it was, and a clone starts equal to it."""
    tally.cases += 1
    rng = random.Random(seed)
    try:
        before = snapshot(game, positions)
        copy = game.clone()
        if snapshot(copy, positions) != before:
            tally.fail(f"{where}: a clone does not show the same game as the original")
            return
        _play_on(copy, rng)
        if snapshot(game, positions) != before:
            tally.fail(f"{where}: playing on a clone changed the game (a clone shares mutable state "
                       "with its game: copy it in clone())")
            return
        first = game.clone()
        second = first.clone()
        _play_on(first, rng)
        if snapshot(second, positions) != before:
            tally.fail(f"{where}: playing on a clone changed a clone made from it")
            return
        if game.outcome() is None:
            search = game.determinize(game.to_move(), seed)
            for _ in range(CLONE_STEPS):
                if search.outcome() is not None or not search.random_step(rng):
                    break
            if snapshot(game, positions) != before:
                tally.fail(f"{where}: playing on a search copy (determinize, random_step) changed the game")
    except Exception as exc:  # noqa: BLE001 - reported as this check's failure
        tally.fail(f"{where}: {crash_text(exc)}")


def check_position(ruleset: Ruleset, game: Game[Any], tally: Tally, where: str, seed: int) -> None:
    """The position document of a running game validates as the ruleset's
    ``position`` kind and loads back (``from_position``) into a game with the same
    position, decision and legal actions."""
    from core.data import parse_document
    from core.record import dump_yaml

    if game.outcome() is not None:
        return
    tally.cases += 1
    try:
        text = dump_yaml(game.position())
        doc = parse_document(text, f"<position at {where}>")
        if "position" in ruleset.data_kinds():
            problems = ruleset.validate_document("position", doc)
            if problems:
                tally.fail(f"{where}: the position document does not validate: {problems[0]}")
                return
        loaded = ruleset.from_position(doc.data, seed)
        if dump_yaml(loaded.position()) != text:
            tally.fail(f"{where}: from_position(position()).position() is not the same document")
            return
        for what, ours, theirs in (
            ("whose decision", game.to_move(), loaded.to_move()),
            ("the decision", game.decision(), loaded.decision()),
            ("the legal actions", sorted(game.format_action(a) for a in game.legal_actions()),
             sorted(loaded.format_action(a) for a in loaded.legal_actions())),
        ):
            if ours != theirs:
                tally.fail(f"{where}: the game loaded from its position differs in {what}")
                return
    except Exception as exc:  # noqa: BLE001
        tally.fail(f"{where}: {crash_text(exc)}")


def check_record(ruleset: Ruleset, game: Game[Any], start: Start, tally: Tally) -> None:
    """The game's record, written to a file and read back, replays with verification
    (what ``tanktable replay --verify`` does) to the same game."""
    from core.record import dump_record, load_record, make_record, replay

    tally.cases += 1
    try:
        record = make_record(game, ruleset, start.scenario, start.seed)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "record.yaml"
            path.write_text(dump_record(record), encoding="utf-8")
            loaded, doc = load_record(path)
        replayed = replay(loaded, ruleset, doc, verify=True)
        if fingerprint(replayed) != fingerprint(game):
            tally.fail(f"{start.name()}: the replayed record ends in another state than the game")
    except Exception as exc:  # noqa: BLE001
        tally.fail(f"{start.name()}: {crash_text(exc)}")


def as_seen(game: Game[Any], player: int, view: bool = True) -> dict[str, Any]:
    """What makes a game the same one for ``player``: whose decision and which, his
    view (but for its count of moves: a search copy keeps no history; left out with
    ``view`` false) and, at his decision, his legal actions."""
    running = game.outcome() is None
    mover = game.to_move() if running else None
    return {
        "whose decision": mover,
        "the decision": game.decision() if running else None,
        "the view": json.dumps({k: v for k, v in game.view(player).items() if k != "moves"},
                               sort_keys=True, default=str) if view else None,
        "the legal actions": sorted(game.format_action(a) for a in game.legal_actions())
        if mover == player else None,
    }


def _differs(ours: dict[str, Any], theirs: dict[str, Any]) -> str:
    return ", ".join(k for k in ours if ours[k] != theirs[k])


def check_search(game: Game[Any], tally: Tally, where: str, seed: int) -> None:
    """Each player's search copy (``determinize``) is the game as that player sees it,
    and so is a search copy made from that copy: the hint and the computer players
    search on copies of copies, which have no history (issue 60.6: a hidden_variant
    that replays the history made a copy of a copy the game's start, and the hint
    came back empty)."""
    if game.outcome() is not None:
        return
    tally.cases += 1
    for player, name in enumerate(game.players):
        try:
            variant = game.hidden_variant(player, seed + player)
            # a view that shows a secret is the secrets differential's to name; here it
            # would only make every honest search copy look like another game
            view = variant is None or variant.view(player) == game.view(player)
            seen = as_seen(game, player, view)
            first = game.determinize(player, seed + player)
            wrong = _differs(seen, as_seen(first, player, view))
            if wrong:
                tally.fail(f"{where}: {name}'s search copy (Game.determinize) is not the game {name} "
                           f"sees: other {wrong}")
                continue
            wrong = _differs(seen, as_seen(first.determinize(player, seed + player + 1), player, view))
            if wrong:
                tally.fail(f"{where}: a search copy made from {name}'s search copy (which keeps no history, "
                           f"as the hint's search makes them) is not the game {name} sees: other {wrong}. "
                           "A hidden_variant that replays the history cannot serve such a copy: "
                           "write Game.determinize (docs/writing-a-ruleset.md, Hidden information)")
        except Exception as exc:  # noqa: BLE001
            tally.fail(f"{where}: {name}'s search copy: {crash_text(exc)}")


def hint_is_empty(hint: str) -> bool:
    """Whether a hint as the browser sends it (``cli.hint.browser_hint``: the moves,
    then ``; the search's estimates ...``) names no move."""
    return not hint.split(";", 1)[0].strip()
