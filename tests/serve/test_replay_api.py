"""The browser's replay and the game-over rematch over HTTP (issue 29.13).

A replay steps through a record with the same secrets rules as the live
table: a finished game shows what its record holds, a running one only what
the asking seat may know (checked against the omniscient game, as
test_hidden_information does for the live table); an uploaded record is
validated, its problems named with their line, never a traceback, and its
seed held to the commitment published at the start.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cli.serve.replay import MAX_UPLOAD, build
from cli.serve.tables import HUMAN, Seat
from core.record import dump_record, parse_record, start_game
from tests.serve.helpers import HOST, Link, TestClient, create, make_server, wait_for
from tests.serve.test_hidden_information import check, secrets_against


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app, server = make_server(tmp_path / "games")
    with TestClient(app) as c:
        c.server = server  # type: ignore[attr-defined]
        yield c


def finished_tank_chess(client: TestClient, moves: int = 4) -> tuple[dict[str, Any], Link]:
    """A Tank Chess game, white a person against the computer, resigned after ``moves`` of white's."""
    game = create(client, ruleset="tank-chess", seed=5, seats={"white": "human", "black": "greedy"})
    white = Link(client, game["links"]["white"])
    for _ in range(moves):
        state = wait_for(white, lambda s: s["your_turn"])
        assert white.post("act", {"move": state["actions"][0]["text"]}).status_code == 200
    wait_for(white, lambda s: s["your_turn"])
    assert white.post("resign").status_code == 200
    return game, white


def test_a_finished_game_replays_step_by_step_for_the_host(client: TestClient) -> None:
    """issue 29.13: every move of the record is a step, with its events and a board per step."""
    game, _white = finished_tank_chess(client)
    table = client.server.store.get(game["id"])  # type: ignore[attr-defined]
    r = client.get(f"/api/replay/{game['id']}", headers=HOST)
    assert r.status_code == 200, r.text
    summary = r.json()
    history = table.game.history
    assert [s["move"] for s in summary["steps"]] == [
        table.game.format_action(st.action) + table.game.annotation(st.events) for st in history]
    assert [s["player"] for s in summary["steps"]] == [table.game.players[st.player] for st in history]
    assert summary["result"] == {"winners": ["black"], "reason": "white resigned"}
    assert summary["everything"] is True
    assert summary["dice"]["seed"] == "5"
    boards = [client.get(f"{summary['boards']}/{n}", headers=HOST).json()
              for n in range(len(history) + 1)]
    assert all(b["svg"].startswith("<svg") for b in boards)
    assert len({b["svg"] for b in boards}) == len(boards), "each step draws its own position"
    assert boards[-1]["status"] == "game over: white resigned"
    assert boards[0]["svg"] == table.ruleset.render_svg(start_game(table.record(), table.ruleset), None)
    assert client.get(f"{summary['boards']}/{len(history) + 1}", headers=HOST).status_code == 400
    # a seat's replay is turned as its live table is (hidden playtest: Black's replay showed
    # White at the bottom); the host's, every side at once, as drawn
    assert summary["turned"] is False
    assert client.get(f"/api/t/{game['id']}/{game['links']['white'].split('/')[-1]}/replay").json()["turned"] is False
    black = build(table.record(), table.ruleset, "g", 1)  # Black's seat (a computer's here)
    assert black.summary["turned"] is True


def test_the_host_replay_needs_the_key_and_a_finished_game(client: TestClient) -> None:
    game = create(client, ruleset="tank-chess", seed=5, seats={"white": "human", "black": "human"})
    assert client.get(f"/api/replay/{game['id']}").status_code == 403
    r = client.get(f"/api/replay/{game['id']}", headers=HOST)
    assert r.status_code == 403 and "still running" in r.json()["error"]
    assert client.get("/api/replay/no-such-game", headers=HOST).status_code == 404


def _play_duel(client: TestClient, decisions: int) -> tuple[dict[str, Any], dict[str, Link]]:
    """A Duel of the Giants game between two people (manual set-up: hidden ATGs,
    mines and markers), ``decisions`` random decisions in (at most: to its end)."""
    game = create(client, ruleset="duel-of-the-giants", seed=12, setup="manual",
                  options=["end.max_rounds=1"], seats={"german": "human", "soviet": "human"})
    links = {name: Link(client, url) for name, url in game["links"].items()}
    table = client.server.store.get(game["id"])  # type: ignore[attr-defined]
    rng = random.Random(12)
    for _ in range(decisions):
        g = table.game
        if g.outcome() is not None:
            break
        table.act(Seat(HUMAN, g.to_move()), g.format_action(rng.choice(g.legal_actions())))
    return game, links


def _replay_text(link: Link) -> tuple[dict[str, Any], str]:
    """A seat's replay summary and every byte it is sent for it (summary and every board)."""
    r = link.client.get(f"{link.api}/replay")
    assert r.status_code == 200, r.text
    summary = r.json()
    sent = [r.text] + [link.client.get(f"{summary['boards']}/{n}").text
                       for n in range(len(summary["steps"]) + 1)]
    return summary, "\n".join(sent)


def test_a_running_games_replay_holds_no_secret_of_the_other_side(client: TestClient) -> None:
    """issue 29.13: a seat's replay of a game still running is built with that seat's
    eyes (DG hidden set-up, programs, markers); a spectator gets no board."""
    game, links = _play_duel(client, 70)
    server = client.server  # type: ignore[attr-defined]
    table = server.store.get(game["id"])
    assert table.game.outcome() is None and table.game.markers and table.game.atgs
    texts = {}
    for p, name in enumerate(("german", "soviet")):
        summary, texts[name] = _replay_text(links[name])
        assert summary["you"] == name and summary["everything"] is False
        assert summary["dice"]["seed"] is None and summary["dice"]["commitment"]
        check(texts[name], secrets_against(server, game["id"], p), f"{name}'s replay")
    summary, spectator = _replay_text(links["spectator"])
    check(spectator, secrets_against(server, game["id"], 0) | secrets_against(server, game["id"], 1),
          "the spectator's replay")
    assert summary["hidden"] and '"svg": null' in spectator.replace('"svg":null', '"svg": null')
    # the check looks for real secrets: each side's replay holds some of its own
    assert any(s in texts["german"] for s in secrets_against(server, game["id"], 1))
    assert any(s in texts["soviet"] for s in secrets_against(server, game["id"], 0))
    r = links["hotseat"].client.get(f"{links['hotseat'].api}/replay")
    assert r.status_code == 403 and "once the game is over" in r.json()["error"]


def test_a_finished_hidden_game_replays_whole(client: TestClient) -> None:
    """issue 29.13: once over, the replay reveals what the record holds, and the
    seed is shown and matches its commitment."""
    game, links = _play_duel(client, 5000)
    table = client.server.store.get(game["id"])  # type: ignore[attr-defined]
    assert table.game.outcome() is not None
    summary, _ = _replay_text(links["soviet"])
    record = table.record()
    assert [s["move"] for s in summary["steps"]] == record.moves
    assert summary["everything"] and summary["dice"]["checked"]
    assert summary["dice"]["seed"] == str(record.seed)


# ------------------------------------------------------------------ uploads
def upload(client: TestClient, text: str, name: str = "game.yaml", **extra: Any) -> Any:
    return client.post("/api/replay", headers=HOST, json={"name": name, "text": text, **extra})


def test_an_uploaded_record_replays(client: TestClient) -> None:
    game, white = finished_tank_chess(client, 2)
    text = client.get(f"{white.api}/record").text
    r = upload(client, text, name="/home/someone/my game.yaml")
    assert r.status_code == 200, r.text
    summary = r.json()
    assert summary["name"] == "my game.yaml"
    assert len(summary["steps"]) == len(parse_record(text).moves)
    assert summary["dice"]["checked"]
    board = client.get(f"{summary['boards']}/1", headers=HOST)
    assert board.status_code == 200 and board.json()["svg"].startswith("<svg")
    assert client.get(f"{summary['boards']}/1").status_code == 403, "the boards need the host key too"


def test_a_corrupt_upload_is_refused_with_its_line(client: TestClient) -> None:
    """issue 29.13: bad YAML, a bad field, an illegal move, a seed that is not the
    one committed to: each a 400 naming the file and line, never a traceback."""
    game, white = finished_tank_chess(client, 2)
    good = client.get(f"{white.api}/record").text
    lines = good.splitlines()
    r = upload(client, "ruleset: tank-chess\nkind: record\nmoves: [a, b\n", name="bad.yaml")
    assert r.status_code == 400 and r.json()["error"].startswith("bad.yaml:4:")
    r = upload(client, good.replace("kind: record", "kind: record\nbogus: 1"), name="x.yaml")
    assert r.status_code == 400 and "x.yaml:3:1" in r.json()["error"] and "bogus" in r.json()["error"]
    first = next(i for i, line in enumerate(lines) if line.startswith("moves:")) + 1
    broken = "\n".join(lines[:first] + ["- QQ z9-z99"] + lines[first + 1:]) + "\n"
    r = upload(client, broken, name="m.yaml")
    assert r.status_code == 400 and r.json()["error"].startswith(f"m.yaml:{first + 1}:") \
        and "move 1 'QQ z9-z99'" in r.json()["error"]
    record = parse_record(good)
    other_seed = dump_record(record.model_copy(update={"seed": 6}))
    r = upload(client, other_seed)
    assert r.status_code == 400 and "does not match the commitment" in r.json()["error"]
    sealed = dump_record(record.model_copy(update={"seed": None, "salt": None}))
    r = upload(client, sealed)
    assert r.status_code == 400 and "commitment" in r.json()["error"]
    r = upload(client, good.replace("ruleset: tank-chess", "ruleset: go"))
    assert r.status_code == 400 and "unknown ruleset 'go'" in r.json()["error"]
    for junk in ("\x00\x01", "[1, 2]", "just text"):
        r = upload(client, junk)
        assert r.status_code == 400 and r.json()["error"].startswith("game.yaml"), junk
    assert upload(client, good).status_code == 200, "the server still answers"


def test_an_uploaded_record_names_no_file_of_the_server(client: TestClient) -> None:
    """issue 29.13 with 26.5: no request names a file, an upload neither: a record's
    scenario or option naming a path is refused before the disk is looked at."""
    for text in ("ruleset: tank-chess\nkind: record\nscenario: /etc/passwd\nmoves: []\n",
                 "ruleset: battle-of-tanks\nkind: record\nscenario: ridge-assault\n"
                 "options: {table: /etc/hosts}\nmoves: []\n"):
        r = upload(client, text)
        assert r.status_code == 400 and "an uploaded record names shipped data" in r.json()["error"]
        assert "root:" not in r.text and "localhost" not in r.text


def test_an_upload_has_a_size_limit_and_needs_the_host_key(client: TestClient) -> None:
    r = upload(client, "x" * MAX_UPLOAD)
    assert r.status_code == 413 and "larger than" in r.json()["error"]
    r = client.post("/api/replay", json={"name": "a.yaml", "text": "ruleset: tank-chess"})
    assert r.status_code == 403


def test_an_unfinished_hidden_upload_is_shown_as_one_side(client: TestClient) -> None:
    """Like ``tanktable replay --as``: an unfinished Duel of the Giants record is
    replayed only as the side the host names."""
    game, links = _play_duel(client, 40)
    table = client.server.store.get(game["id"])  # type: ignore[attr-defined]
    text = dump_record(table.record())
    r = upload(client, text)
    assert r.status_code == 400 and "german, soviet" in r.json()["error"]
    r = upload(client, text, side="soviet")
    assert r.status_code == 200 and r.json()["you"] == "soviet"
    check(json.dumps(r.json()), secrets_against(client.server, game["id"], 1), "soviet upload")  # type: ignore[attr-defined]


# ------------------------------------------------------------------ rematch
def test_a_rematch_swaps_the_sides_and_keeps_the_seat_kinds(client: TestClient) -> None:
    """issue 29.13: same ruleset, scenario and options, sides swapped, a fresh seed;
    the person who played white against the computer plays black against it."""
    game = create(client, ruleset="tank-chess", scenario="standard-16", seed=5,
                  options=["draw.agreement=false"], seats={"white": "human", "black": "greedy"})
    white = Link(client, game["links"]["white"])
    assert white.post("rematch").status_code == 400, "not before the game is over"
    wait_for(white, lambda s: s["your_turn"])
    white.post("resign")
    r = white.post("rematch")
    assert r.status_code == 201, r.text
    rematch = r.json()
    assert rematch["seats"] == {"white": "greedy", "black": "human"}
    store = client.server.store  # type: ignore[attr-defined]
    old, new = store.get(game["id"]), store.get(rematch["id"])
    assert new.header.scenario == old.header.scenario == "standard-16"
    assert new.game.options == old.game.options and new.game.options == {"draw.agreement": False}
    assert new.header.commitment != old.header.commitment and new.header.seed != 5
    black = Link(client, rematch["link"])
    assert black.state()["you"] == "black"
    assert white.post("rematch").json() == rematch, "asked again: the same rematch"
    spectator = Link(client, game["links"]["spectator"])
    assert spectator.post("rematch").status_code == 403


def test_a_hot_seat_rematch_is_a_hot_seat_game(client: TestClient) -> None:
    game = create(client, ruleset="tank-chess", seed=5, seats={"white": "human", "black": "human"})
    hotseat = Link(client, game["links"]["hotseat"])
    white = Link(client, game["links"]["white"])
    white.post("resign")
    rematch = hotseat.post("rematch").json()
    assert rematch["seats"] == {"white": "human", "black": "human"}
    assert Link(client, rematch["link"]).state()["role"] == "hotseat"
    black = Link(client, game["links"]["black"]).post("rematch").json()
    assert black["id"] == rematch["id"] and Link(client, black["link"]).state()["you"] == "white"


# ------------------------------------------------------------------ the guard
def test_the_guard_stands_before_the_replay_and_the_rematch(client: TestClient) -> None:
    """issue 29.13 with 26.5: the new routes are guarded like every other: security
    headers on the pages, no POST from another origin, bodies only as JSON."""
    from cli.serve.guard import CONTENT_SECURITY_POLICY

    game, white = finished_tank_chess(client, 1)
    seat_page = "/replay" + white.url[white.url.index("/t/") + 2:]
    for path in ("/replay", f"/replay/{game['id']}", seat_page, f"{white.api}/replay",
                 "/static/replay/main.js", "/static/table/gameover.css"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY, path
    assert client.get("/replay/nothing/x").status_code == 404
    evil = {"origin": "http://evil.example", **HOST}
    text = client.get(f"{white.api}/record").text
    assert client.post("/api/replay", headers=evil, json={"text": text}).status_code == 403
    assert client.post(f"{white.api}/rematch", headers={"origin": "http://evil.example"}).status_code == 403
    r = client.post("/api/replay", headers={**HOST, "content-type": "text/plain"}, content=text)
    assert r.status_code == 415
    assert client.get("/replay", headers={"host": "evil.example"}).status_code == 421


def test_the_replay_page_holds_no_inline_script() -> None:
    import re
    from importlib import resources

    html = resources.files("cli.serve").joinpath("static", "replay.html").read_text(encoding="utf-8")
    assert all('src="/static/' in tag for tag in re.findall(r"<script[^>]*>", html))
    assert not re.search(r"\son[a-z]+\s*=", html) and "javascript:" not in html and " style=" not in html
