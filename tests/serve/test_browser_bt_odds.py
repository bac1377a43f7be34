"""Battle of Tanks in a real Chromium (issue 59.7): a click on the table never plays --
a click on a suggested drive's end makes it the path, drawn and judged, and only Enter
sends it; after a drag the panel names exactly what Enter sends; the page keeps the
scrollbar's room, so nothing shifts sideways while the panels grow."""

from __future__ import annotations

import re
from pathlib import Path

from tests.serve.browser import Browser
from tests.serve.test_browser_bt_drive import (
    Live,
    client_xy,
    drag,
    key,
    new_table,
    open_seat,
    until_a_drives,
)


def _sent(browser: Browser) -> str:
    """The notation the drive panel says Enter would send (before its ':')."""
    text = str(browser.js("document.getElementById('drive-state').textContent"))
    return text.split(":")[0]


def test_issue_59_7_a_click_picks_a_suggestion_only_enter_plays_it(browser: Browser, live: Live,
                                                                   screenshots: Path) -> None:
    base, server = live
    table, links = new_table(base, server)
    until_a_drives(table, links)
    open_seat(browser, base, links, table)
    game = table.game
    assert browser.js("getComputedStyle(document.documentElement).scrollbarGutter") == "stable"
    board_x = browser.js("document.getElementById('board').getBoundingClientRect().x")
    moves = len(game.history)
    browser.click("#tt-overlay circle.tt-from")
    browser.wait("document.querySelector('#tt-overlay circle.tt-to')")
    browser.click("#tt-overlay circle.tt-to")
    browser.wait("/^to /.test(document.getElementById('drive-state').textContent)")
    picked = _sent(browser)
    assert re.fullmatch(r"to -?[\d.]+,-?[\d.]+( -?[\d.]+,-?[\d.]+)*( @[\d.]+)?", picked), picked
    assert len(game.history) == moves, "a click on a suggestion played it"
    assert browser.js("document.getElementById('board').getBoundingClientRect().x") == board_x
    browser.screenshot(screenshots / "bt-suggestion-picked.png")
    # drag the picked path's end elsewhere: the panel names the dragged path, and Enter sends it
    end = [float(v) for v in picked.split()[-1 if "@" not in picked else -2].split(",")]
    gx, gy = client_xy(browser, game, end[0], end[1])
    drag(browser, [(gx, gy), (gx - 12, gy + 9)])
    browser.wait(f"document.getElementById('drive-state').textContent.split(':')[0] !== {picked!r}")
    dragged = _sent(browser)
    assert len(game.history) == moves
    key(browser, "Enter")
    browser.wait("document.getElementById('drive-panel').hidden || document.getElementById('error').textContent")
    if len(game.history) > moves:
        assert game.format_action(game.history[moves].action) == dragged
    else:  # refused: the reason shows beside the path the panel named
        assert browser.js("document.getElementById('error').textContent")
        assert _sent(browser) == dragged
