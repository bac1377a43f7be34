"""issue 29, Speed: the board first, the notes of long move lists after it
(from worker processes), and each seat's state built once per change."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cli.serve.pool as pool_module
from cli.serve.aids import board
from cli.serve.app import TableServer, create_app
from cli.serve.guard import ServedNames
from cli.serve.notes import LATER, LAZY_NOTES
from cli.serve.store import GameStore
from core.ai.agents import AGENTS
from tests.serve.helpers import KEY, Link, TestClient, create


def server(folder: Path, workers: int) -> tuple[Any, TableServer]:
    store = GameStore(folder, think=0.05, agent_kinds=list(AGENTS))
    return create_app(store, host_key=KEY, workers=workers,
                      names=ServedNames.of("127.0.0.1", allow_hosts=["testserver"]))


@pytest.fixture(params=[0, 1], ids=["in-thread", "worker"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[TestClient, TableServer]]:
    app, srv = server(tmp_path / "games", request.param)
    with TestClient(app) as client:
        yield client, srv


def pair(client: TestClient, ruleset: str = "tank-chess", seed: int = 1) -> tuple[dict[str, Link], str]:
    seats = {"tank-chess": ("white", "black"), "battle-of-tanks": ("a", "b"),
             "duel-of-the-giants": ("german", "soviet")}[ruleset]
    game = create(client, ruleset=ruleset, seed=seed, seats={p: "human" for p in seats})
    return {name: Link(client, url) for name, url in game["links"].items()}, game["id"]


def eager(srv: TableServer, game_id: str) -> list[dict[str, Any]]:
    """The actions as one answer with every note would hold them (the state before issue 29)."""
    table = srv.store.tables[game_id]
    g = table.game
    legal = g.legal_actions()
    notes = g.describe_actions(legal)
    _targets, aids = board(table.ruleset, g, legal, notes)
    out = []
    for action, note, aid in zip(legal, notes, aids, strict=True):
        entry: dict[str, Any] = {"text": g.format_action(action), "note": note}
        if aid is not None:
            entry["aid"] = aid
        out.append(entry)
    return out


def merged(link: Link, state: dict[str, Any]) -> list[dict[str, Any]]:
    """The actions once the page has merged the notes it asked for (as notes.js does)."""
    r = link.client.get(f"{link.api}/notes", params={"version": state["version"]})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["version"] == state["version"] and answer["count"] == len(state["actions"])
    out = []
    for i, action in enumerate(state["actions"]):
        entry = {**action, "note": answer["notes"][i]}
        if str(i) in answer["aids"]:
            entry["aid"] = answer["aids"][str(i)]
        out.append(entry)
    return out


def to_move(links: dict[str, Link]) -> tuple[Link, dict[str, Any]]:
    for name in ("white", "black"):
        state = links[name].state()
        if state["your_turn"]:
            return links[name], state
    raise AssertionError("nobody to move")


def test_lazy_notes_equal_eager_ones_through_a_game_with_an_undo(
        served: tuple[TestClient, TableServer]) -> None:
    """issue 29 (speed, 12): a Tank Chess decision (hundreds of moves) is sent without
    its notes; the notes asked for afterwards, merged, give exactly the actions an
    eager answer gives -- notes, CHECK labels of shots and all -- also after an undo
    (the worker's copy of the game follows it)."""
    client, srv = served
    links, game_id = pair(client)
    rng = random.Random(3)
    checks = 0
    for step in range(14):
        mover, state = to_move(links)
        assert state["notes"] == LATER and len(state["actions"]) > LAZY_NOTES
        assert all(a["note"] == "" for a in state["actions"])
        full = merged(mover, state)
        assert full == eager(srv, game_id)
        checks += sum("CHECK" in a["note"] for a in full)
        assert mover.post("act", {"move": rng.choice(state["actions"])["text"]}).status_code == 200
        if step == 8:
            _other, after = to_move(links)
            assert merged(_other, after) == eager(srv, game_id)  # the move reached the worker
            assert mover.post("undo").status_code == 200  # and is taken back
    assert srv.pool.failures == 0


def test_a_short_move_list_keeps_its_notes_in_the_state(served: tuple[TestClient, TableServer]) -> None:
    """issue 29: a decision of a few moves (Battle of Tanks' orders) is sent whole, notes
    included, as before: no second request for it."""
    client, srv = served
    links, game_id = pair(client, "battle-of-tanks")
    mover = next(link for name, link in links.items() if name in ("a", "b") and link.state()["your_turn"])
    state = mover.state()
    assert len(state["actions"]) <= LAZY_NOTES and "notes" not in state
    assert state["actions"] == eager(srv, game_id)


def test_notes_only_for_the_seat_to_move_and_its_version(client_in_thread: TestClient) -> None:
    """issue 29 / DESIGN (secrets): the notes are the mover's alone; the other seat and a
    spectator are refused (403), and an old version is answered 409 with the new one."""
    links, _game_id = pair(client_in_thread)
    mover, state = to_move(links)
    other = links["black" if mover is links["white"] else "white"]
    for link in (other, links["spectator"]):
        r = link.client.get(f"{link.api}/notes", params={"version": state["version"]})
        assert r.status_code == 403, r.text
    assert mover.client.get(f"{mover.api}/notes").status_code == 400
    mover.post("act", {"move": state["actions"][0]["text"]})
    r = mover.client.get(f"{mover.api}/notes", params={"version": state["version"]})
    assert r.status_code == 403  # no longer its decision
    r = other.client.get(f"{other.api}/notes", params={"version": state["version"]})
    assert r.status_code == 409 and r.json()["version"] == other.state()["version"]


def test_the_hot_seat_gets_notes_only_past_its_pass_screen(client_in_thread: TestClient) -> None:
    """issue 29 / 27 (hot-seat): under the pass screen no notes are given."""
    links, _game_id = pair(client_in_thread)
    hot = links["hotseat"]
    state = hot.state()
    assert state["pass_to"] and "actions" not in state
    r = hot.client.get(f"{hot.api}/notes", params={"version": state["version"]})
    assert r.status_code == 403
    hot.post("ready")
    state = hot.state()
    assert state["notes"] == LATER
    r = hot.client.get(f"{hot.api}/notes", params={"version": state["version"]})
    assert r.status_code == 200 and len(r.json()["notes"]) == len(state["actions"])


@pytest.fixture
def client_in_thread(tmp_path: Path) -> Iterator[TestClient]:
    app, _srv = server(tmp_path / "games", 0)
    with TestClient(app) as client:
        yield client


def worker_pid(srv: TableServer, game_id: str) -> int:
    slot = srv.pool._slots[srv.pool._index(game_id)]
    assert slot is not None
    (pid,) = list(slot._processes)  # type: ignore[attr-defined]
    return int(pid)


def test_a_worker_that_dies_is_replaced_and_the_notes_still_come(tmp_path: Path) -> None:
    """issue 29: a notes worker killed under the server is noticed, replaced, and the
    request is answered (from its own thread), never left hanging."""
    app, srv = server(tmp_path / "games", 1)
    with TestClient(app) as client:
        links, game_id = pair(client)
        mover, state = to_move(links)
        assert merged(mover, state) == eager(srv, game_id)
        os.kill(worker_pid(srv, game_id), signal.SIGKILL)
        time.sleep(0.3)
        mover.post("act", {"move": state["actions"][0]["text"]})
        mover, state = to_move(links)
        started = time.monotonic()
        assert merged(mover, state) == eager(srv, game_id)
        assert time.monotonic() - started < pool_module.JOB_SECONDS
        assert srv.pool.failures == 1
        mover.post("act", {"move": state["actions"][0]["text"]})
        mover, state = to_move(links)
        assert merged(mover, state) == eager(srv, game_id)  # a new worker serves again
        assert srv.pool.failures == 1


def test_a_worker_that_hangs_is_replaced_after_the_wait(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 29: a worker that does not answer (stopped) costs one request
    :data:`~cli.serve.pool.JOB_SECONDS`, then it is replaced and the notes are given."""
    app, srv = server(tmp_path / "games", 1)
    with TestClient(app) as client:
        links, game_id = pair(client)
        mover, state = to_move(links)
        merged(mover, state)  # the worker is up (its start may take seconds on a busy machine)
        monkeypatch.setattr(pool_module, "JOB_SECONDS", 1.0)
        pid = worker_pid(srv, game_id)
        os.kill(pid, signal.SIGSTOP)
        try:
            mover.post("act", {"move": state["actions"][0]["text"]})
            mover, state = to_move(links)
            assert merged(mover, state) == eager(srv, game_id)
            assert srv.pool.failures == 1
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_a_state_is_built_once_per_change_and_never_served_stale(client_in_thread: TestClient) -> None:
    """issue 29 (send less, work less): the mover's answer and its next state are one and
    the same build; a draw offer, a notice or a move gives a new one."""
    links, _game_id = pair(client_in_thread)
    white = links["white"]
    answer = white.post("act", {"move": white.state()["actions"][0]["text"]}).json()
    assert white.state() == answer
    black = links["black"]
    before = black.state()
    black.post("draw", {"accept": True})
    after = black.state()
    assert after["version"] > before["version"] and after["draw_offer"] == ["black"]
    assert "text" not in after  # the terminal's board is not sent to the page


def test_notes_against_a_computer_seat(served: tuple[TestClient, TableServer]) -> None:
    """issue 29: with a computer seat the human's notes follow its replies (the worker's
    copy of the game takes the computer's moves as any other)."""
    from tests.serve.helpers import wait_for

    client, srv = served
    game = create(client, ruleset="tank-chess", seed=4, seats={"white": "human", "black": "greedy"})
    white = Link(client, game["links"]["white"])
    for _ in range(3):
        state = wait_for(white, lambda s: s["your_turn"])
        assert merged(white, state) == eager(srv, game["id"])
        assert white.post("act", {"move": state["actions"][-1]["text"]}).status_code == 200


def test_a_record_is_read_again_only_when_someone_else_changed_it(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 29 (a game of 600 moves as fast as one of 6): saving a record does not parse
    the file this process wrote there itself; a file changed by anyone else is read
    again, and one that is no record is still never overwritten (no file lost)."""
    import core.record as record

    reads: list[Path] = []
    real = record.load_document
    monkeypatch.setattr(record, "load_document", lambda p, *a, **k: reads.append(Path(p)) or real(p, *a, **k))
    path = tmp_path / "game.yaml"
    record.write_text_atomic("ruleset: tank-chess\nkind: record\n", path, "record")
    record.write_text_atomic("ruleset: tank-chess\nkind: record\nmoves: []\n", path, "record")
    assert reads == []
    path.write_text("ruleset: tank-chess\nkind: record\nmoves: [a]\n", encoding="utf-8")  # edited by hand
    record.write_text_atomic("ruleset: tank-chess\nkind: record\n", path, "record")
    assert reads == [path]
    path.write_text("my notes, pasted over the record by mistake\n", encoding="utf-8")
    with pytest.raises(record.TanktableError, match="not overwritten"):
        record.write_text_atomic("ruleset: tank-chess\nkind: record\n", path, "record")
    assert path.read_text(encoding="utf-8").startswith("my notes")


def _table(folder: Path) -> Any:
    from cli.serve.store import GameSpec

    store = GameStore(folder, agent_kinds=["greedy"])
    return store.create(GameSpec(ruleset="tank-chess", seed=3, seats={"white": "human", "black": "human"}))


def test_issue_61_6_the_log_is_written_once_an_entry_and_reads_as_a_fresh_one(tmp_path: Path) -> None:
    """A seat's log reuses the entries it wrote for the moves before (a move adds one
    entry, not the whole log again), and reads exactly as one written afresh --
    also after an undo, which puts other moves in the same places."""
    from dataclasses import replace

    from cli.serve.seatview import _log
    from cli.serve.tables import HUMAN, Seat

    table = _table(tmp_path)
    rng = random.Random(5)
    for turn in range(8):
        g = table.game
        table.act(Seat(HUMAN, g.to_move()), g.format_action(rng.choice(g.legal_actions())))
        if turn == 5:
            table.undo(Seat(HUMAN, 1 - table.game.to_move()))
        for viewer in (0, 1, -1):
            kept = _log(table, viewer)
            assert kept == _log(replace(table, log_entries={}), viewer)
    made = len(table.log_entries)
    g = table.game
    table.act(Seat(HUMAN, g.to_move()), g.format_action(g.legal_actions()[0]))
    _log(table, 0)
    assert len(table.log_entries) == made + 1  # the new move's entry only


def test_issue_61_6_a_move_leaves_the_unchanged_links_file_alone(tmp_path: Path) -> None:
    """The links file is written when a game starts and when the links change, not
    after every move (a second file written per move made each move wait); a links
    file that went missing is written again at the next save."""
    from cli.serve.tables import HUMAN, Seat

    table = _table(tmp_path)
    links = table.tokens_path()
    first = links.stat().st_ino
    for _ in range(3):
        g = table.game
        table.act(Seat(HUMAN, g.to_move()), g.format_action(g.legal_actions()[0]))
    assert links.stat().st_ino == first  # os.replace of a new file would change it
    links.unlink()
    g = table.game
    table.act(Seat(HUMAN, g.to_move()), g.format_action(g.legal_actions()[0]))
    assert links.is_file()


def test_stopping_the_workers_releases_their_semaphores_before_the_server_exits() -> None:
    """bench/web.py --club ended with multiprocessing's tracker warning of 10 leaked
    semaphores: uvicorn ends a server stopped by SIGTERM by that signal again, so the exit
    handlers that would release a worker pool's queues never ran. Stopping the pool
    releases them itself."""
    import multiprocessing.util as mp_util
    from multiprocessing.synchronize import SemLock

    def held() -> int:
        return sum(getattr(f, "_callback", None) is SemLock._cleanup  # type: ignore[attr-defined]
                   for f in list(mp_util._finalizer_registry.values()))  # type: ignore[attr-defined]

    before = held()
    workers = pool_module.NotesPool(1)
    workers.start()  # a worker process starting, as when a server starts
    assert held() == before + 5  # its queues' locks and semaphore
    workers.stop()
    assert held() == before
