"""Each move's answer carries that move's own version (issue 61.5).

The answer to a move is the mover's state. It used to be built after the
table's lock was let go, so a move made in between (the other seat's, the
computer's reply) slipped into it: two moves acknowledged with one version,
and a page that waits for "its" version on the push stream waits for the
wrong one. These tests make moves meet in that gap on a real server.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cli.serve.app import TableServer
from cli.serve.tables import HUMAN, Seat, Table
from tests.serve.helpers import create_live, make_server, serving


def versions_after_moves(table: Table) -> dict[int, int]:
    """Filled as the table changes: the version each length of the history was announced with."""
    seen: dict[int, int] = {}

    def heard() -> None:  # called by Table.announce, under the table's lock
        seen.setdefault(len(table.game.history), table.version)

    table.listeners.append(heard)
    return seen


def api(base: str, link: str) -> str:
    return f"{base}/api{link[link.index('/t/'):]}"


@contextlib.contextmanager
def tank_chess_table(folder: Path, seed: int, seats: dict[str, str]) -> Iterator[
        tuple[str, TableServer, dict[str, Any], Table, dict[int, int]]]:
    """A real server with one Tank Chess game: (base URL, server, the game as created,
    its table, the versions announced after each move from now on)."""
    app, server = make_server(folder)
    with serving(app, server) as base:
        game = create_live(base, ruleset="tank-chess", seed=seed, seats=seats)
        table = server.store.get(game["id"])
        assert table is not None
        yield base, server, game, table, versions_after_moves(table)


def test_issue_61_5_a_move_made_while_another_is_answered_has_its_own_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Black moves the moment White's move is in, while White's answer is still being
    built: each answer has its own version, the one its move was saved with, and
    shows the table as that move left it."""
    with tank_chess_table(tmp_path, 3, {"white": "human", "black": "human"}) as (base, server, game, _table, after):
        white_moved, black_answered = threading.Event(), threading.Event()
        black_move: list[str] = []
        real_get = server.states.get

        def slow_get(t: Table, seat: Seat) -> tuple[dict[str, Any], str]:
            if seat == Seat(HUMAN, 0) and not white_moved.is_set():  # White's answer, once
                with t.lock:
                    g = t.game
                    black_move.append(g.format_action(g.legal_actions()[0]))
                white_moved.set()
                black_answered.wait(0.5)  # Black's move, if it can get in now
            return real_get(t, seat)

        answers: dict[str, dict[str, Any]] = {}

        def black() -> None:
            assert white_moved.wait(10)
            answers["black"] = httpx.post(f"{api(base, game['links']['black'])}/act",
                                          json={"move": black_move[0]}, headers={"origin": base},
                                          timeout=30).json()
            black_answered.set()

        thread = threading.Thread(target=black)
        thread.start()
        white_link = api(base, game["links"]["white"])
        white_move = httpx.get(f"{white_link}/state", timeout=30).json()["actions"][0]["text"]
        monkeypatch.setattr(server.states, "get", slow_get)
        answers["white"] = httpx.post(f"{white_link}/act", json={"move": white_move},
                                      headers={"origin": base}, timeout=30).json()
        thread.join(timeout=30)
        assert "black" in answers, "Black's move was not answered"
        white, black_ = answers["white"], answers["black"]
        assert "error" not in white and "error" not in black_, answers
        assert white["version"] != black_["version"]
        assert white["version"] == after[1] and black_["version"] == after[2]
        assert white["to_move"] == "black" and black_["to_move"] == "white"


def test_issue_61_5_the_computers_quick_reply_does_not_take_the_persons_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person against the computer, whose reply is let in while the person's answer
    is built: each of the person's moves is acknowledged with the version announced
    right after it, never with the reply's."""
    with tank_chess_table(tmp_path, 11, {"white": "human", "black": "random"}) as (base, server, game, table, after):
        replied = threading.Event()
        table.listeners.append(lambda: replied.set() if len(table.game.history) % 2 == 0 else None)
        real_get = server.states.get
        answering = threading.local()

        def slow_get(t: Table, seat: Seat) -> tuple[dict[str, Any], str]:
            if getattr(answering, "move", False):
                answering.move = False
                replied.wait(0.5)  # the computer's reply, if it can get in now
            return real_get(t, seat)

        link = api(base, game["links"]["white"])
        client = httpx.Client(headers={"origin": base}, timeout=30)
        state = client.get(f"{link}/state").json()
        monkeypatch.setattr(server.states, "get", slow_get)
        real_act = Table.act

        def act(self: Table, seat: Seat, text: str) -> list[str]:
            answering.move = True  # the thread that answers this move builds its state next
            return real_act(self, seat, text)

        monkeypatch.setattr(table, "act", act.__get__(table))
        acked: list[tuple[int, int]] = []  # (version, the history's length the move made)
        for _ in range(2):
            with table.lock:
                made = len(table.game.history) + 1
            replied.clear()
            state = client.post(f"{link}/act", json={"move": state["actions"][0]["text"]}).json()
            assert "error" not in state, state
            acked.append((state["version"], made))
            while not state["your_turn"] and state["outcome"] is None:
                state = client.get(f"{link}/state").json()
        assert [v for v, _ in acked] == [after[made] for _, made in acked], (acked, after)
