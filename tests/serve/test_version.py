"""Issue 29.10: a game's version never goes back, not even across a restart of
the server -- a page that saw version v is sent only versions above v."""

from __future__ import annotations

from pathlib import Path

from cli.serve.tables import resumed_version
from core.record import load_record, save_record
from tests.serve.helpers import Link, TestClient, create, make_server


def restarted_version(folder: Path, game_id: str) -> int:
    """The game's version as a server started afresh on ``folder`` sends it."""
    app, _server = make_server(folder)
    with TestClient(app) as client:
        r = client.get("/api/games", headers={"x-host-key": "test-host-key"})
        link = Link(client, next(g for g in r.json()["games"] if g["id"] == game_id)["links"]["white"])
        return int(link.state()["version"])


def test_29_10_the_version_goes_on_after_a_restart(tmp_path: Path) -> None:
    """Moves, an undo (fewer moves than before) and a declined draw: after each
    restart the version is above every version a page was sent before it."""
    folder = tmp_path / "games"
    app, _server = make_server(folder)
    with TestClient(app) as client:
        game = create(client, ruleset="tank-chess", seed=3, seats={"white": "human", "black": "human"})
        white, black = Link(client, game["links"]["white"]), Link(client, game["links"]["black"])
        for link in (white, black, white):
            state = link.state()
            assert link.post("act", {"move": state["actions"][0]["text"]}).status_code == 200
        assert white.post("undo").status_code == 200
        assert black.post("draw", {"accept": False}).status_code == 200  # announced, no decision
        seen = white.state()["version"]
        assert len(load_record(folder / f"{game['id']}.yaml")[0].moves) == 2
    first = restarted_version(folder, game["id"])
    assert first > seen
    assert restarted_version(folder, game["id"]) == first  # a restart with nothing played between: the same


def test_29_10_a_record_without_a_version_counts_its_moves(tmp_path: Path) -> None:
    """A record saved by ``tanktable play`` (no ``table_version``) starts past its move count,
    and the count never lowers a kept version."""
    folder = tmp_path / "games"
    app, _server = make_server(folder)
    with TestClient(app) as client:
        game = create(client, ruleset="tank-chess", seed=3, seats={"white": "human", "black": "human"})
        white, black = Link(client, game["links"]["white"]), Link(client, game["links"]["black"])
        for link in (white, black, white, black):
            assert link.post("act", {"move": link.state()["actions"][0]["text"]}).status_code == 200
    path = folder / f"{game['id']}.yaml"
    record = load_record(path)[0]
    assert record.table_version is not None and record.table_version >= 4
    assert resumed_version(record) == record.table_version + 1
    save_record(record.model_copy(update={"table_version": None}), path)
    assert restarted_version(folder, game["id"]) == 4 + 1
    assert resumed_version(record.model_copy(update={"table_version": 1})) == 4 + 1
