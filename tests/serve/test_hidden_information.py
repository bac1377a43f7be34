"""Hidden information over HTTP (issue 18): whole Duel of the Giants games played
by two seats through the API, and no byte sent to one seat names a secret of
the other side -- marker identities, face-down ATGs and mines, Tiger programs
before they are executed, events meant for the other side only, the other
side's hidden moves. The secrets are read from the omniscient game on the
server at each step; spectators may learn neither side's.

Every update a seat gets (the answer to its own request and the pushed
stream) is built by :func:`cli.serve.seatview.seat_state`, so the state
fetched after every decision is every state a seat could have been pushed.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cli.serve.aids import entry_drawing
from cli.serve.app import TableServer
from rulesets.duel_of_the_giants.actions import PlaceAtg, PlaceMarker, PlaceMine, Program
from rulesets.duel_of_the_giants.board import label
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.tigers import PROGRAM_EXAMPLE
from tests.serve.helpers import Link, TestClient, create, make_server


def _encodings(secret: str) -> set[str]:
    """A secret as it would appear raw or inside a JSON string."""
    return {secret, json.dumps(secret)[1:-1]}


def _entries(entry: dict[str, Any]) -> set[str]:
    return {json.dumps(entry), json.dumps(entry, separators=(",", ":"))}


def _svg_text(svg: str, piece: str) -> list[str]:
    """The ``<text>`` elements and the ``data-code`` the omniscient picture draws for the
    piece whose ``data-piece`` starts with ``piece`` (issue 58.3's counters)."""
    out: list[str] = []
    for m in re.finditer(rf'data-piece="{re.escape(piece)}[^"]*"', svg):
        start = svg.rfind("<g ", 0, m.start())
        depth, at = 0, start
        for tag in re.finditer(r"<g[ >]|</g>", svg[start:]):  # to the group's own end
            depth += 1 if tag.group().startswith("<g") else -1
            if depth == 0:
                at = start + tag.end()
                break
        part = svg[start:at]
        out += re.findall(r"<text [^>]*>[^<]*</text>", part) + re.findall(r'data-code="[^"]*"', part)[:1]
    return out


_CACHE: dict[tuple[str, int], tuple[set[str], set[str]]] = {}


def secrets_against(server: TableServer, game_id: str, player: int) -> set[str]:
    """Everything ``player`` may not know now, as strings, from the omniscient game
    (computed once per state of the table)."""
    table = server.store.tables[game_id]
    key = (game_id, table.version)
    if key not in _CACHE:
        _CACHE.clear()
        full = table.game.view(None)
        svg = table.ruleset.render_svg(table.game, None)
        _CACHE[key] = (_secrets(table, 0, full, svg), _secrets(table, 1, full, svg))
    return _CACHE[key][player]


def _secrets(table: Any, player: int, full: dict[str, Any], svg: str) -> set[str]:
    g: Any = table.game
    side = g.side_of[player]
    out: set[str] = set()
    if g.outcome() is not None:
        return out  # once the game is over nothing is secret: every seat's board shows all (DG-24)
    if side != "soviet":
        for m in g.markers.values():
            at = label(m.pos)
            for e in full["markers"]:
                if e["at"] == at:
                    out |= _entries(e)
            out.update(_svg_text(svg, f"marker-{at}-"))
    if side != "german":
        for a in g.atgs.values():
            if a.face_up:
                continue
            at = label(a.pos)
            for e in full["atgs"]:
                if e["at"] == at and not e["face_up"]:
                    out |= _entries(e)
            out.update(_svg_text(svg, f"atg-{at}"))
        # a face-up gun of the same kind draws the same code in the open: that
        # code is public, and only the hidden gun's own drawing stays secret
        out -= {code for a in g.atgs.values() if a.face_up
                for code in _svg_text(svg, f"atg-{label(a.pos)}") if code.startswith("data-code=")}
        for mine in g.mines.values():
            if not mine.face_up:
                for e in full["mines"]:
                    if e["at"] == label(mine.pos) and not e["face_up"]:
                        out |= _entries(e)
        for n, cards in g.programs.items():
            if n not in g.executed and cards:
                out.add(g.format_action(Program(n, tuple(cards))))
                out |= {json.dumps(list(cards)), json.dumps(list(cards), separators=(",", ":"))}
        if g.draft:  # the cards laid so far on a stack (issue 27.14)
            laying = next(t.number for t in g.tigers() if t.number not in g.programs)
            out.add(g.format_action(Program(laying, tuple(g.draft))))
            out |= {json.dumps(list(g.draft)), json.dumps(list(g.draft), separators=(",", ":"))}
    for i, step in enumerate(g.history):
        for e in step.events:
            if e.audience is not None and player not in e.audience and e.text != e.public_text:
                out.add(e.text)
        if step.player != player and table.public_moves[i] is None \
                and _still_hidden(g, step.action):
            out.add(g.format_action(step.action))
    return {s for s in out if len(s) >= 4}


def _still_hidden(g: Any, action: Any) -> bool:
    """A placement of a hidden piece that is still where it was put, face down."""
    if isinstance(action, PlaceAtg):
        return any(a.pos == action.at and not a.face_up for a in g.atgs.values())
    if isinstance(action, PlaceMine):
        return any(m.pos == action.at and not m.face_up for m in g.mines.values())
    if isinstance(action, PlaceMarker):
        return any(m.pos == action.at for m in g.markers.values())
    return False


def check(sent: str, secrets: set[str], who: str) -> None:
    # the notation's usage text is the same for every game; its examples may name
    # a real hex and piece by chance ("place mine d5 real")
    sent = sent.replace(json.dumps(DuelGame.notation_help)[1:-1], "")
    # so is the A4 prompt's example program ("tiger2 F F R T2 S"), which a real first
    # card ("tiger2 F") matches by chance: read past it as sent, or wrapped over the
    # picture's lines of text
    for tiger in (1, 2):
        words = f"tiger{tiger} {PROGRAM_EXAMPLE}".split()
        sent = re.sub(r"(?:\s+|</text><text[^>]*>)".join(map(re.escape, words)), "", sent)
    for secret in secrets:
        for form in _encodings(secret):
            assert form not in sent, f"{who} was sent a secret: {secret!r}"


def drawn_from_the_seats_own_log(server: TableServer, game_id: str, state: dict[str, Any]) -> int:
    """issue 29.7: each log entry's drawing for the replay is a function of that entry as
    the seat was sent it (its move text and events) and of nothing else; how many there are."""
    g = server.store.tables[game_id].game
    drawn = 0
    for entry in state["log"]:
        if "aid" in entry:
            assert entry["aid"] == entry_drawing(g, entry["move"], entry["events"]), entry
            drawn += 1
    return drawn


def play_through_http(tmp_path: Path, seed: int, options: list[str], setup: str | None) -> int:
    """One whole game, both seats choosing from what they are sent; returns its length."""
    app, server = make_server(tmp_path / f"games-{seed}")
    rng = random.Random(seed)
    with TestClient(app) as client:
        body: dict[str, Any] = {"ruleset": "duel-of-the-giants", "seed": seed, "options": options,
                                "seats": {"german": "human", "soviet": "human"}}
        if setup:
            body["setup"] = setup
        game = create(client, **body)
        seats = {name: Link(client, url) for name, url in game["links"].items()}
        players = ("german", "soviet")
        kinds = set()
        drawn = 0
        for decisions in range(5000):
            sent = {name: seats[name].client.get(f"{seats[name].api}/state").text
                    for name in (*players, "spectator")}
            states = {name: json.loads(text) for name, text in sent.items()}
            if states["german"]["outcome"] is not None:
                assert states["spectator"]["svg"] is not None  # over: everything is shown
                assert drawn > 0  # the replay's drawings were really checked
                return decisions
            for p, name in enumerate(players):
                check(sent[name], secrets_against(server, game["id"], p), name)
                drawn += drawn_from_the_seats_own_log(server, game["id"], states[name])
            check(sent["spectator"], secrets_against(server, game["id"], 0)
                  | secrets_against(server, game["id"], 1), "the spectator")
            mover = next(name for name in players if states[name]["your_turn"])
            other = next(name for name in players if name != mover)
            assert states[other]["actions"] == [] and "targets" not in states[other]
            choice = rng.choice(states[mover]["actions"])["text"]
            kinds.add(choice.split()[0])
            answer = seats[mover].post("act", {"move": choice})
            assert answer.status_code == 200, answer.text
            p = players.index(mover)
            check(answer.text, secrets_against(server, game["id"], p), mover)
        raise AssertionError("the game did not end")


def test_no_byte_to_a_seat_names_the_other_sides_secrets(tmp_path: Path) -> None:
    """A whole game to a one-round limit: manual set-up (hidden ATGs, mines and
    markers placed), programs, markers, combat."""
    assert play_through_http(tmp_path, 12, ["end.max_rounds=1"], "manual") > 50


@pytest.mark.slow
@pytest.mark.slow
@pytest.mark.parametrize(("seed", "setup"), [(11, None), (13, "manual")])
def test_no_leak_over_two_rounds(tmp_path: Path, seed: int, setup: str | None) -> None:
    assert play_through_http(tmp_path, seed, ["end.max_rounds=2"], setup) > 50


@pytest.mark.slow
@pytest.mark.slow
def test_no_leak_in_a_game_without_round_limit(tmp_path: Path) -> None:
    assert play_through_http(tmp_path, 21, [], "manual") > 100


def test_the_secrets_are_really_looked_for(tmp_path: Path) -> None:
    """The check would catch a leak: the omniscient view holds the strings it looks for."""
    app, server = make_server(tmp_path / "games")
    with TestClient(app) as client:
        game = create(client, ruleset="duel-of-the-giants", seed=3, setup="manual",
                      seats={"german": "human", "soviet": "human"})
        table = server.store.tables[game["id"]]
        rng = random.Random(3)
        while not table.game.atgs or not table.game.markers:
            g = table.game
            table.act(next(s for s in table.tokens.values() if s.player == g.to_move()),
                      g.format_action(rng.choice(g.legal_actions())))
        everything = json.dumps(table.game.view(None)) + table.ruleset.render_svg(table.game, None)
        for p in (0, 1):
            found = secrets_against(server, game["id"], p)
            assert found and any(s in everything for s in found)
