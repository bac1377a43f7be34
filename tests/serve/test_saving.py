"""Issue 27.6 and 27.7: the server acknowledges a decision only once it is saved,
and the links of a game stay put across restarts (or say why they cannot)."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

import pytest

from cli.serve import worker as worker_module
from core.ai import make_agent
from core.record import load_record, make_record, save_record
from core.registry import get_ruleset
from tests.serve.helpers import HOST, Link, TestClient, create, make_server, wait_for

BROKEN = "my notes, pasted over the record by mistake\n"


def games(client: TestClient) -> list[dict[str, Any]]:
    return client.get("/api/games", headers=HOST).json()["games"]  # type: ignore[no-any-return]


def test_27_6_a_move_that_cannot_be_saved_is_not_played(tmp_path: Path) -> None:
    """Issue 27.6: the record replaced by text, a legal move: 503 naming the file, nothing applied,
    the push streams woken, a retry answers the same, and once the file is mended the move plays."""
    app, server = make_server(tmp_path / "games")
    with TestClient(app) as client:
        game = create(client, ruleset="tank-chess", seed=1, seats={"white": "human", "black": "human"})
        white = Link(client, game["links"]["white"])
        path = tmp_path / "games" / f"{game['id']}.yaml"
        table = server.store.tables[game["id"]]
        woken: list[int] = []
        table.listeners.append(lambda: woken.append(table.version))
        before = white.state()
        move = before["actions"][0]["text"]
        path.write_text(BROKEN)
        for _ in range(2):  # the retry is answered the same way: no 403, nothing applied
            r = white.post("act", {"move": move})
            assert r.status_code == 503, r.text
            error = r.json()["error"]
            assert f"this game's file {path.name} cannot be saved" in error
            assert "not a tanktable record" in error and str(tmp_path) not in error
            state = white.state()
            assert state["your_turn"] and state["log"] == [] and state["to_move"] == "white"
            assert state["version"] > before["version"] and path.name in state["file_problem"]
        assert path.read_text() == BROKEN and len(table.game.history) == 0
        assert woken and woken[-1] == table.version
        assert path.name in games(client)[0]["problem"]
        path.unlink()  # the person moves the text away
        state = white.post("act", {"move": move}).json()
        assert state["log"][0]["move"] == move and state["file_problem"] == ""
        assert load_record(path)[0].moves == [move]
        assert games(client)[0]["problem"] == ""


class HeldAgent:
    """A greedy computer that waits to be let go before it answers (the test breaks the file first)."""

    def __init__(self, go: threading.Event):
        self.go = go
        self.inner = make_agent("greedy", seed=1)

    def choose(self, game: Any) -> Any:
        assert self.go.wait(30)
        return self.inner.choose(game)


def test_27_6_a_computer_seat_goes_on_once_its_file_is_mended(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27.6: a computer's decision that cannot be saved is not played; the table says why,
    nothing thinks for ever, and the computer plays once the file can be written."""
    go = threading.Event()
    monkeypatch.setattr(worker_module, "make_agent", lambda *a, **k: HeldAgent(go))
    app, server = make_server(tmp_path / "games")
    server.worker.retry_seconds = 0.1
    with TestClient(app) as client:
        game = create(client, ruleset="tank-chess", seed=1, seats={"white": "greedy", "black": "human"})
        black = Link(client, game["links"]["black"])
        path = tmp_path / "games" / f"{game['id']}.yaml"
        path.write_text(BROKEN)
        go.set()
        state = wait_for(black, lambda s: s["file_problem"])
        assert path.name in state["file_problem"] and state["log"] == []
        assert state["to_move"] == "white" and path.read_text() == BROKEN
        path.unlink()
        state = wait_for(black, lambda s: s["your_turn"])
        assert len(state["log"]) == 1 and state["file_problem"] == ""
        assert len(load_record(path)[0].moves) == 1


def test_27_7_a_damaged_links_file_is_reported_and_never_re_minted(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 27.7: the start page and the log say the links file is damaged; no new links
    replace the old ones, the file is left for a person to mend; mended, the old links work."""
    folder = tmp_path / "games"
    app, _ = make_server(folder)
    with TestClient(app) as client:
        game = create(client, ruleset="tank-chess", seed=1, seats={"white": "human", "black": "greedy"})
    links = folder / f".{game['id']}.links.json"
    good = links.read_text()
    links.write_text(good[: len(good) // 2])
    for _ in range(2):  # two restarts: nothing minted, nothing written
        app, _ = make_server(folder)
        with caplog.at_level(logging.WARNING, logger="tanktable.serve"), TestClient(app) as client:
            [listed] = games(client)
            assert "damaged" in listed["problem"] and links.name in listed["problem"]
            assert listed["links"] == {}
            assert client.get(Link(client, game["links"]["white"]).api + "/state").status_code == 403
        assert any("damaged" in r.getMessage() for r in caplog.records)
        assert links.read_text() == good[: len(good) // 2]
    links.write_text(good)
    app, _ = make_server(folder)
    with TestClient(app) as client:
        [listed] = games(client)
        assert listed["problem"] == "" and listed["links"] == game["links"]


def test_27_7_links_of_a_record_dropped_into_the_folder_are_saved_at_once(tmp_path: Path) -> None:
    """Issue 27.7: a record copied into the games directory gets links once, kept across restarts."""
    folder = tmp_path / "games"
    folder.mkdir()
    ruleset = get_ruleset("tank-chess")
    played = ruleset.new_game(None, None, 4)
    played.apply(played.legal_actions()[0])
    save_record(make_record(played, ruleset, None, 4, {"white": "human", "black": "human"}),
                folder / "dropped.yaml")
    app, _ = make_server(folder)
    with TestClient(app) as client:
        [first] = games(client)
        assert set(first["links"]) == {"white", "black", "spectator", "hotseat"}
        assert (folder / ".dropped.links.json").is_file()  # before anyone moved
    app, _ = make_server(folder)
    with TestClient(app) as client:
        [again] = games(client)
        assert again["links"] == first["links"] and again["problem"] == ""
        assert Link(client, first["links"]["black"]).state()["to_move"] == "black"


def test_27_7_a_links_file_that_cannot_be_written_is_reported_and_the_move_stands(tmp_path: Path) -> None:
    """The record is what must not be lost: a links file that cannot be written does not undo a
    saved move; it is named on the start page until it can be written again."""
    app, _ = make_server(tmp_path / "games")
    with TestClient(app) as client:
        game = create(client, ruleset="tank-chess", seed=1, seats={"white": "human", "black": "human"})
        white, black = (Link(client, game["links"][side]) for side in ("white", "black"))
        links = tmp_path / "games" / f".{game['id']}.links.json"
        links.unlink()
        links.mkdir()  # a folder where the file should be: no one, not even root, writes the file
        r = white.post("act", {"move": white.state()["actions"][0]["text"]})
        assert r.status_code == 200
        assert "cannot be written" in games(client)[0]["problem"]
        links.rmdir()
        r = black.post("act", {"move": black.state()["actions"][0]["text"]})
        assert r.status_code == 200 and games(client)[0]["problem"] == ""
        assert links.is_file()
