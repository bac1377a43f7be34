"""``tanktable serve`` through its HTTP API: seats, refusals, saving, resuming."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.serve.command import is_local
from cli.serve.store import ServerFiles
from core.record import load_record, replay
from core.registry import get_ruleset
from tests.serve.helpers import HOST, Link, TestClient, create, make_server, wait_for


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app, _server = make_server(tmp_path / "games")
    with TestClient(app) as c:
        yield c


def links(client: TestClient, game: dict[str, Any]) -> dict[str, Link]:
    return {name: Link(client, url) for name, url in game["links"].items()}


def human_pair(client: TestClient, ruleset: str = "tank-chess", **extra: Any) -> dict[str, Link]:
    players = get_ruleset(ruleset).players
    return links(client, create(client, ruleset=ruleset, seed=1,
                                seats={p: "human" for p in players}, **extra))


def test_start_api_needs_the_host_key(client: TestClient) -> None:
    assert client.get("/api/games").status_code == 403
    assert client.get("/api/catalog", headers={"x-host-key": "wrong"}).status_code == 403
    catalog = client.get("/api/catalog", headers=HOST).json()
    assert {r["id"] for r in catalog["rulesets"]} >= {"tank-chess", "battle-of-tanks", "duel-of-the-giants"}
    assert "human" in catalog["seat_kinds"] and "greedy" in catalog["seat_kinds"]


def test_computer_answers_off_the_request_and_every_decision_is_saved(client: TestClient,
                                                                      tmp_path: Path) -> None:
    game = create(client, ruleset="tank-chess", seed=5, seats={"white": "human", "black": "greedy"})
    assert set(game["links"]) == {"white", "spectator"}
    white = Link(client, game["links"]["white"])
    state = white.state()
    assert state["your_turn"] and state["svg"].startswith("<svg")
    assert len(state["targets"]["moves"]) == len(state["actions"])
    first = state["actions"][0]["text"]
    after = white.post("act", {"move": first}).json()
    assert after["log"][0]["move"] == first and not after["your_turn"]
    state = wait_for(white, lambda s: s["your_turn"])
    assert [e["player"] for e in state["log"]] == ["white", "black"]
    record, _doc = load_record(tmp_path / "games" / f"{game['id']}.yaml")
    assert record.moves[0] == first and len(record.moves) == 2
    assert record.seats == {"white": "human", "black": "greedy"}
    replayed = replay(record, get_ruleset("tank-chess"))
    assert len(replayed.history) == 2


def test_a_seat_acts_only_for_itself(client: TestClient) -> None:
    seats = human_pair(client)
    move = seats["white"].state()["actions"][0]["text"]
    r = seats["black"].post("act", {"move": move})
    assert r.status_code == 403 and "white" in r.json()["error"]
    r = seats["spectator"].post("act", {"move": move})
    assert r.status_code == 403
    bad = seats["white"].api.rsplit("/", 1)[0] + "/not-a-token"
    assert client.post(f"{bad}/act", json={"move": move}).status_code == 403
    assert client.get("/api/t/no-such-game/x/state").status_code == 404
    assert client.get("/api/t/..%2F..%2Fetc/x/state").status_code == 404


def test_refusals_are_4xx_with_a_message_and_the_rule(client: TestClient) -> None:
    white = human_pair(client)["white"]
    legal = white.state()["actions"][0]["text"]
    piece, _, rest = legal.partition(" ")
    r = white.post("act", {"move": f"{piece} {rest.split('-')[0]}-{rest.split('-')[0]}:N xa1"})
    assert r.status_code in (400, 409)
    assert "Traceback" not in r.text
    r = white.post("act", {"move": "zz"})
    assert r.status_code == 400 and "cannot read" in r.json()["error"]
    as_json = {"content-type": "application/json"}
    r = client.post(f"{white.api}/act", content=b"{not json", headers=as_json)
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post(f"{white.api}/act", content=b'{"move": "' + b"x" * 20000 + b'"}', headers=as_json)
    assert r.status_code == 413
    r = white.post("act", {"move": legal, "extra": 1})
    assert r.status_code == 400 and "extra" in r.json()["error"]
    r = white.post("act", {"move": 5})
    assert r.status_code == 400


def test_an_illegal_move_names_its_rule(client: TestClient) -> None:
    white = human_pair(client)["white"]
    game_moves = {a["text"] for a in white.state()["actions"]}
    piece_move = next(iter(sorted(game_moves)))
    piece, _, rest = piece_move.partition(" ")
    start = rest.split("-")[0]
    candidates = [f"{piece} {start}-{f}{r}:N" for f in "abcdefghijklmnop" for r in range(1, 17)]
    illegal = next(c for c in candidates if c not in game_moves)
    r = white.post("act", {"move": illegal})
    assert r.status_code == 409
    assert r.json()["rule"] and f"({r.json()['rule']})" in r.json()["error"]


def test_no_request_names_a_file(client: TestClient) -> None:
    for scenario in ("../../../etc/passwd", "/etc/passwd", "standard-16.yaml"):
        r = client.post("/api/games", headers=HOST, json={"ruleset": "tank-chess", "scenario": scenario})
        assert r.status_code == 400 and "no scenario" in r.json()["error"]
    r = client.post("/api/games", headers=HOST, json={"ruleset": "tank-chess", "position": "/etc/passwd"})
    assert r.status_code == 400
    assert client.get("/static/..%2F__init__.py").status_code == 404
    assert client.get("/static/app.py").status_code == 404


def test_scenario_files_named_on_the_command_line_are_offered_by_name(tmp_path: Path) -> None:
    source = get_ruleset("tank-chess")
    shipped = Path(source.map_path("alleys-16"))  # type: ignore[attr-defined]
    mine = tmp_path / "my-alleys.yaml"
    mine.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    app, _ = make_server(tmp_path / "games", ServerFiles.of([mine], []))
    with TestClient(app) as c:
        assert c.get("/api/catalog", headers=HOST).json()["scenario_files"] == ["my-alleys.yaml"]
        game = create(c, ruleset="tank-chess", scenario="my-alleys.yaml", seats={"white": "human",
                                                                                 "black": "human"})
        assert Link(c, game["links"]["white"]).state()["your_turn"]


def test_options_are_the_rulesets_typed_options(client: TestClient) -> None:
    r = client.post("/api/games", headers=HOST, json={"ruleset": "tank-chess", "options": ["nonsense=1"]})
    assert r.status_code == 400 and "nonsense" in r.json()["error"]
    r = client.post("/api/games", headers=HOST, json={"ruleset": "tank-chess", "players": 3})
    assert r.status_code == 400 and "takes no --players" in r.json()["error"]
    r = client.post("/api/games", headers=HOST, json={"ruleset": "tank-chess", "seats": {"white": "wizard"}})
    assert r.status_code == 400 and "wizard" in r.json()["error"]
    r = client.post("/api/games", headers=HOST, json={"ruleset": "duel-of-the-giants", "seed": 2,
                                                      "options": ["end.max_rounds=2"]})
    assert r.status_code == 201


def test_restart_finds_unfinished_games_and_keeps_their_links(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    app, _ = make_server(folder)
    with TestClient(app) as c:
        game = create(c, ruleset="tank-chess", seed=3, seats={"white": "human", "black": "greedy"})
        white = Link(c, game["links"]["white"])
        white.post("act", {"move": white.state()["actions"][0]["text"]})
        wait_for(white, lambda s: s["your_turn"])
    app, _ = make_server(folder)
    with TestClient(app) as c:
        listed = c.get("/api/games", headers=HOST).json()["games"]
        assert [g["id"] for g in listed] == [game["id"]] and not listed[0]["over"]
        assert listed[0]["links"]["white"] == game["links"]["white"]
        white = Link(c, game["links"]["white"])
        state = white.state()
        assert state["your_turn"] and len(state["log"]) == 2
        white.post("act", {"move": state["actions"][-1]["text"]})
        state = wait_for(white, lambda s: s["your_turn"])
        assert len(state["log"]) == 4


def test_undo_takes_back_the_computer_reply_but_not_another_persons_move(client: TestClient) -> None:
    game = create(client, ruleset="tank-chess", seed=3, seats={"white": "human", "black": "greedy"})
    white = Link(client, game["links"]["white"])
    first = white.state()["actions"][0]["text"]
    white.post("act", {"move": first})
    reply = wait_for(white, lambda s: s["your_turn"])["log"][1]
    undone = white.post("undo").json()
    assert undone["log"] == []
    # issue 59.4: the notice says what was taken back, the computer's reply too
    assert undone["notice"].startswith(f"white took back {first}"), undone["notice"]
    assert "black's reply" in undone["notice"], (undone["notice"], reply)
    seats = human_pair(client)
    seats["white"].post("act", {"move": seats["white"].state()["actions"][0]["text"]})
    seats["black"].post("act", {"move": seats["black"].state()["actions"][0]["text"]})
    r = seats["white"].post("undo")
    assert r.status_code == 400 and "another player" in r.json()["error"]


def test_resign_and_draw_by_agreement(client: TestClient) -> None:
    seats = human_pair(client)
    seats["white"].post("draw", {"accept": True})
    assert seats["black"].state()["draw_offer"] == ["white"]
    state = seats["black"].post("draw", {"accept": True}).json()
    assert state["outcome"]["termination"] == "agreement"
    seats = human_pair(client)
    state = seats["black"].post("resign").json()
    assert state["outcome"]["winners"] == ["white"]
    assert seats["white"].post("resign").status_code == 400


def test_hint_and_table_commands_answer_the_seat(client: TestClient) -> None:
    seats = human_pair(client)
    state = seats["white"].post("hint").json()
    assert state["answer"].startswith("hint: ")
    assert seats["black"].post("hint").status_code == 400
    r = seats["white"].post("ask", {"command": "nonsense"})
    assert r.status_code == 400 and "no table command" in r.json()["error"]


def test_hot_seat_pass_screen_hides_the_board(client: TestClient) -> None:
    seats = human_pair(client, "duel-of-the-giants")
    hot = seats["hotseat"]
    state = hot.state()
    first = state["pass_to"]
    assert first in ("german", "soviet") and "svg" not in state and "log" not in state
    assert hot.post("act", {"move": "end"}).status_code == 403
    state = hot.post("ready").json()
    assert state["you"] == first and state["your_turn"] and state["svg"]


def test_spectator_of_a_hidden_game_sees_no_board_until_the_end(client: TestClient) -> None:
    seats = human_pair(client, "duel-of-the-giants")
    state = seats["spectator"].state()
    assert state["svg"] is None and state["view"] is None and state["actions"] == []
    assert seats["spectator"].post("ask", {"command": "x"}).status_code == 403


def test_record_download(client: TestClient) -> None:
    seats = human_pair(client)
    r = client.get(f"{seats['spectator'].api}/record")
    assert r.status_code == 200 and "kind: record" in r.text
    seats = human_pair(client, "duel-of-the-giants")
    assert client.get(f"{seats['german'].api}/record").status_code == 403


def test_push_stream_sends_the_seats_state(client: TestClient) -> None:
    seats = human_pair(client)
    seats["white"].post("resign")
    r = client.get(f"{seats['black'].api}/stream")
    assert r.headers["content-type"].startswith("text/event-stream")
    events = [json.loads(line[6:]) for line in r.text.splitlines() if line.startswith("data: ")]
    assert events[-1]["outcome"]["winners"] == ["black"] and events[-1]["you"] == "black"


def test_pages_are_served(client: TestClient) -> None:
    assert "start.js" in client.get("/").text
    seats = human_pair(client)
    assert "table/main.js" in client.get(seats["white"].url[seats["white"].url.index("/t/"):]).text
    assert client.get("/t/nothing/x").status_code == 404
    assert client.get("/static/table/main.js").headers["content-type"].startswith("text/javascript")
    assert "export function" in client.get("/static/table/rulesets/index.js").text


def test_static_files_are_only_those_shipped(client: TestClient) -> None:
    """A request names a shipped page file or gets a 404; no path reaches the disk."""
    for path in ("/static/../app.py", "/static/table/../../app.py", "/static/table/nothing.js",
                 "/static/%2e%2e/app.py", "/static/app.py", "/static/table//main.js", "/static/.hidden.js",
                 "/static/table/%2e%2e/%2e%2e/app.py", "/static/table\\..\\..\\app.py"):
        assert client.get(path).status_code == 404, path


def test_a_page_file_added_while_the_server_runs_is_served_and_nothing_outside_the_folder_is(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page files were listed once at start: a module added to static/ while ``serve``
    ran answered 404 until a restart, though an edited one was served at once (issue 60)."""
    from cli.serve import app as served

    static = tmp_path / "static"
    (static / "table").mkdir(parents=True)
    (tmp_path / "secret.js").write_text("secret", encoding="utf-8")
    monkeypatch.setattr(served, "STATIC", static)
    assert client.get("/static/table/later.js").status_code == 404
    (static / "table" / "later.js").write_text("export const later = 1;", encoding="utf-8")
    reply = client.get("/static/table/later.js")
    assert reply.status_code == 200 and reply.text == "export const later = 1;"
    assert reply.headers["content-type"].startswith("text/javascript")
    (static / "table" / "link.js").symlink_to(tmp_path / "secret.js")  # a link out of the folder
    (static / "notes.txt").write_text("not a page file", encoding="utf-8")
    for path in ("/static/table/link.js", "/static/../secret.js", "/static/%2e%2e/secret.js", "/static/notes.txt"):
        assert client.get(path).status_code == 404, path


def test_only_loopback_counts_as_local() -> None:
    assert is_local("127.0.0.1") and is_local("::1") and is_local("localhost")
    assert not is_local("0.0.0.0") and not is_local("192.168.1.5")
