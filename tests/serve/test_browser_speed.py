"""issue 29 (Speed, 12) in a real Chromium: a Tank Chess table with hundreds of legal
moves draws its board from the first answer, then merges the notes it asks for,
and the move list's filter finds a move by its note (``+ CHECK``)."""

from __future__ import annotations

import random
from pathlib import Path

from cli.serve.app import TableServer
from tests.serve.browser import Browser
from tests.serve.helpers import HOST, Link
from tests.serve.test_browser import open_moves


def test_tank_chess_notes_arrive_after_the_board(browser: Browser, live: tuple[str, TableServer],
                                                 screenshots: Path) -> None:
    """The state sent first holds the moves without notes (``notes: "later"``); the page
    asks for them and shows them: a move that gives CHECK is found by filtering for it."""
    import httpx

    base, server = live
    client = httpx.Client(base_url=base, headers={"origin": base}, timeout=30)
    game = client.post("/api/games", headers=HOST, json={
        "ruleset": "tank-chess", "seed": 9, "seats": {"white": "human", "black": "human"}}).json()
    table = server.store.tables[game["id"]]
    rng = random.Random(9)
    for _ in range(80):  # random moves until the side to move can give CHECK
        g = table.game
        if any("CHECK" in note for note in g.describe_actions(g.legal_actions())):
            break
        mover = g.players[g.to_move()]
        link = Link(client, game["links"][mover])  # type: ignore[arg-type]
        moves = client.get(f"{link.api}/state").json()["actions"]
        assert client.post(f"{link.api}/act", json={"move": rng.choice(moves)["text"]}).status_code == 200
    else:
        raise AssertionError("no position with a CHECK to give in 80 random moves")
    g = table.game
    checks = [g.format_action(a) for a, note in zip(g.legal_actions(), g.describe_actions(g.legal_actions()),
                                                    strict=True) if "CHECK" in note]
    url = game["links"][g.players[g.to_move()]]
    first = client.get("/api" + url[url.index("/t/"):] + "/state").json()
    assert first["notes"] == "later" and not any(a["note"] for a in first["actions"])

    browser.open(base + url[url.index("/t/"):])
    browser.wait("document.querySelector('#board svg') && document.querySelector('#actions button.action')")
    # the notes come after the board
    browser.wait("performance.getEntriesByType('resource').some(e => e.name.includes('/notes?version='))")
    open_moves(browser)  # the list is closed when the page opens (issue 29.12)
    browser.click("#filter")
    browser.send("Input.insertText", text="check")
    browser.wait("document.querySelectorAll('#actions button.action').length > 0 && "
                 "[...document.querySelectorAll('#actions li')].every(li => li.textContent.includes('CHECK'))")
    shown = browser.js("[...document.querySelectorAll('#actions button.action')].map(b => b.textContent)")
    assert sorted(shown) == sorted(checks)
    browser.screenshot(screenshots / "tank-chess-notes.png")
