"""Issue 29.11 and 29.12 in a real Chromium, on a Tank Chess table: answers and
errors belong to one position and clear on the next; banners float, so no panel
moves when one appears; the page never scrolls itself when an update arrives;
the list of legal moves starts closed, and its filter searches every piece's
moves, whichever piece is picked on the board."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from tests.serve.browser import Browser
from tests.serve.test_browser_tc import ARROW, SPOT, at, click, live_tc, open_game, toward  # noqa: F401

PANELS = """JSON.stringify(['board', 'buttons', 'actions-box', 'move-form'].map(id => {
    const r = document.getElementById(id).getBoundingClientRect(); return [id, r.x, r.y + scrollY, r.width]; }))"""
"""Where the panels a pointer may be on are on the page (not on the screen: scrolling is no move
of a panel). Tank Chess's messages stand at the foot of its turn panel, under the move list (its
board takes the window's height, and floating they hid its corner): the log below may move."""


def post(base: str, link: str, what: str, body: dict[str, Any]) -> dict[str, Any]:
    api = "/api" + link[link.index("/t/"):]
    request = urllib.request.Request(f"{base}{api}/{what}", data=json.dumps(body).encode(), headers={
        "content-type": "application/json", "origin": base})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def test_29_11_answers_clear_banners_float_and_the_page_keeps_its_place(
        browser: Browser, live_tc: str, screenshots: Path) -> None:  # noqa: F811
    game = open_game(browser, live_tc)
    before = browser.js(PANELS)
    browser.click("#hint")
    browser.wait("document.getElementById('answer').textContent.startsWith('hint: ')")
    assert browser.js(PANELS) == before, "the hint's answer moved a panel"
    browser.click("#move")
    browser.send("Input.insertText", text="MT d4-d9:N")
    browser.click("#move-form button[type=submit]")
    browser.wait("!document.getElementById('error').hidden")
    assert browser.js(PANELS) == before, "the error moved a panel"
    # news that changes no position (Black declines a draw) leaves the answer and the error
    post(live_tc, game["links"]["black"], "draw", {"accept": False})
    browser.wait("document.getElementById('notice').textContent.includes('declined the draw')")
    assert browser.js("document.getElementById('answer').textContent").startswith("hint: ")
    assert not browser.js("document.getElementById('error').hidden")
    browser.screenshot(screenshots / "panels-banners.png")
    # a move: the hint and the error were about the last position
    click(browser, *at(browser, SPOT.format("d4")))
    click(browser, *at(browser, SPOT.format("d5")))
    centre = at(browser, "#tc-pick .tc-ring-centre")
    click(browser, *toward(centre, at(browser, ARROW.format("NW"))))
    browser.wait("document.querySelectorAll('#log > li').length == 1")
    assert browser.js("document.getElementById('answer').textContent") == ""
    assert browser.js("document.getElementById('error').hidden")
    # the other player's move arrives by the push stream: the page stays where its reader
    # left it, though the log is out of sight below
    browser.send("Emulation.setDeviceMetricsOverride", width=1400, height=150, deviceScaleFactor=1, mobile=False)
    try:
        browser.js("window.scrollTo(0, 0)")
        scrolled = browser.js("scrollY")
        assert browser.js("document.getElementById('log').getBoundingClientRect().top") > 150
        black = game["links"]["black"]
        post(live_tc, black, "act", {"move": "LT h8-h7:N"})  # one square back (TC-4.3)
        browser.wait("document.querySelectorAll('#log > li').length == 2")
        assert browser.js("scrollY") == scrolled
    finally:
        browser.send("Emulation.clearDeviceMetricsOverride")


def test_29_12_the_move_list_starts_closed_and_its_filter_searches_every_piece(
        browser: Browser, live_tc: str) -> None:  # noqa: F811
    open_game(browser, live_tc)
    assert browser.js("document.getElementById('actions-box').open") is False
    click(browser, *at(browser, SPOT.format("d4")))
    browser.click("#actions-box summary")
    listed = browser.js("[...document.querySelectorAll('#actions button.action')].map(b => b.textContent)")
    assert listed and all(t.startswith("MT d4-") for t in listed)
    browser.click("#filter")
    browser.send("Input.insertText", text="CLT")
    browser.wait("[...document.querySelectorAll('#actions button.action')].some(b => b.textContent.startsWith('CLT'))")
    # the filter reads the notes too: the MT's moves into the black CLT's fire are found (issue 59.1)
    listed = browser.js("[...document.querySelectorAll('#actions button.action')].map(b => [b.textContent, "
                        "b.closest('.tc-run').textContent])")
    assert listed and any(t.startswith("CLT a1-") for t, _ in listed)
    # (or a move that would open a line onto the own CLT: "uncovers CLT a1 (...)")
    assert all(t.startswith("CLT a1-") or "into fire: CLT p16" in line or "uncovers CLT a1" in line
               for t, line in listed), listed
    assert any("into fire: CLT p16" in line for _, line in listed), listed
    assert browser.js("!!document.querySelector('#tt-overlay .tt-selected')"), "the tank stays picked"
