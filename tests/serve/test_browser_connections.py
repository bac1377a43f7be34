"""A player who walks through many tables in one browser tab, in a real Chromium
against a real server: every page gets its state at once, and a page brought back
by the back button follows its table again.

Chromium allows six connections to one server. A page left for another may be kept
whole for the back button, and if it kept its push stream (Server-Sent Events) open,
the seventh table's page would wait for a free connection (it waited 53 s in the
Battle of Tanks drive tests). The page closes its stream when hidden and reopens it
when shown again (connection.js).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from cli.serve.app import TableServer
from tests.serve.browser import Browser
from tests.serve.helpers import create_live

Live = tuple[str, TableServer]
TABLES = 9  # more than the six connections Chromium allows one server


def seat_path(link: str) -> str:
    return link[link.index("/t/"):]


def test_many_tables_in_one_tab_each_load_at_once_and_back_follows_again(
        browser: Browser, live: Live, screenshots: Path) -> None:
    base, server = live
    games = [create_live(base, ruleset="tank-chess", seed=3, seats={"white": "human", "black": "human"})
             for _ in range(TABLES)]
    waits = []
    for game in games:
        start = time.monotonic()
        browser.open(base + seat_path(game["links"]["white"]))
        browser.wait("document.body.dataset.version !== undefined && document.querySelector('#board svg')",
                     timeout=30)
        waits.append(time.monotonic() - start)
        browser.js("window.ttKept = true")  # still set if the page comes back from the back-forward cache
    assert max(waits) < 5, f"a table's page waited for its state: {[round(w, 1) for w in waits]} s"

    browser.js("history.back()")
    previous = games[-2]
    browser.wait(f"location.pathname === {seat_path(previous['links']['white'])!r} && "
                 "document.body.dataset.version !== undefined", timeout=30)
    table = server.store.tables[previous["id"]]
    version = table.version
    seat = table.seat_of(previous["links"]["white"].rsplit("/", 1)[-1])
    assert seat is not None
    played: Any = table.game
    table.act(seat, played.format_action(played.legal_actions()[0]))  # the player's move, from another tab
    assert table.version > version
    browser.wait(f"Number(document.body.dataset.version) === {table.version}", timeout=10)
    assert browser.js("!document.body.classList.contains('offline')"), "the page says it lost the server"
    assert browser.js("window.ttKept === true"), "the page was loaded anew, not brought back whole"
    browser.screenshot(screenshots / "back-to-a-table.png")
