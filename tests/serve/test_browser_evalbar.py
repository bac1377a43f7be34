"""Issue 28.5 in a real Chromium: the evaluation bar is off until the player ticks its
checkbox; then it shows the search's estimate from the seat's side (the figure the
server gives that seat), and follows the game to each new position."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.serve.browser import Browser
from tests.serve.helpers import KEY, create_live
from tests.serve.test_browser_tc import ARROW, SPOT, at, click, live_tc, open_game, toward  # noqa: F401

ASKED = "performance.getEntriesByType('resource').filter(e => e.name.endsWith('/estimate')).length"


def estimate(base: str, link: str) -> dict[str, Any]:
    """What the server gives the seat of ``link`` for its bar."""
    api = "/api" + link[link.index("/t/"):]
    request = urllib.request.Request(f"{base}{api}/estimate", headers={"origin": base, "x-host-key": KEY})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def shown(figure: float) -> str:
    return "0.00" if figure == 0 else f"{figure:+.2f}"


def test_issue_28_5_the_evaluation_bar_is_off_until_ticked_then_follows_the_game(
        browser: Browser, live_tc: str, screenshots: Path) -> None:  # noqa: F811
    game = open_game(browser, live_tc)
    white = game["links"]["white"]
    assert browser.js("document.getElementById('evalbar-toggle').checked") is False
    assert browser.js("document.getElementById('evalbar').hidden") is True
    assert browser.js(ASKED) == 0, "the bar is off by default: nothing is asked"
    browser.click("#evalbar-toggle")
    text = browser.wait("(t => /^white [-+0]/.test(t) && t)(document.getElementById('evalbar-text').textContent)",
                        timeout=60)
    first = estimate(live_tc, white)
    assert text == f"white {shown(first['estimate'])}"
    width = browser.js("document.getElementById('evalbar-fill').style.width")
    assert width.endswith("%") and float(width[:-1]) == pytest.approx((first["estimate"] + 1) / 2 * 100)
    browser.screenshot(screenshots / "evalbar-on.png")
    # a move of White's, by clicks on the board: the bar asks again for the new position
    click(browser, *at(browser, SPOT.format("d4")))
    click(browser, *at(browser, SPOT.format("d5")))
    centre = at(browser, "#tc-pick .tc-ring-centre")
    click(browser, *toward(centre, at(browser, ARROW.format("NW"))))
    browser.wait("document.querySelectorAll('#log > li').length == 1")
    browser.wait(f"document.getElementById('evalbar').dataset.version != '{first['version']}'", timeout=60)
    second = estimate(live_tc, white)
    assert second["version"] > first["version"]
    assert browser.js("document.getElementById('evalbar-text').textContent") == f"white {shown(second['estimate'])}"
    browser.screenshot(screenshots / "evalbar-after-move.png")
    # ticked off: the bar goes away
    browser.click("#evalbar-toggle")
    assert browser.wait("document.getElementById('evalbar').hidden") is True


def test_issue_28_5_the_evaluation_bar_at_a_hidden_information_table(
        browser: Browser, live_tc: str, screenshots: Path) -> None:  # noqa: F811
    """Duel of the Giants: each seat's bar shows its own side's estimate (from what that
    seat may know); a spectator, who has no side, is offered no bar."""
    game = create_live(live_tc, ruleset="duel-of-the-giants", seed=4, seats={"german": "human", "soviet": "human"})
    for side in ("soviet", "german"):
        browser.open(live_tc + game["links"][side])
        browser.wait("document.querySelector('#board svg') && !document.getElementById('evalbar-box').hidden")
        browser.click("#evalbar-toggle")
        text = browser.wait(f"(t => t.startsWith('{side} ') && t !== '{side} …' && t)"
                            "(document.getElementById('evalbar-text').textContent)", timeout=60)
        assert text == f"{side} {shown(estimate(live_tc, game['links'][side])['estimate'])}"
    browser.screenshot(screenshots / "evalbar-duel-german.png")
    browser.open(live_tc + game["links"]["spectator"])
    browser.wait("document.getElementById('status').textContent !== ''")
    assert browser.js("document.getElementById('evalbar-box').hidden") is True
