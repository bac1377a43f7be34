"""Traps found by playing whole games at a tablet-sized table (issue 29, its closing playtest).

Each test opens a real Chromium at 1024x768, plays by clicks and drags (CDP
mouse events, never the page's functions) against a real server, and checks
the trap is gone:

- the legend under the board no longer takes the board's height (issue 29.4);
- the chooser of several moves heads the side panel instead of lying over
  the board's corner (issue 29.9, 29.11);
- a drive dropped with "cancel" leaves no red refusal behind (issue 29.1).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.serve.app import TableServer
from tests.serve.browser import Browser, BrowserError, required
from tests.serve.helpers import KEY
from tests.serve.test_browser import chromium, live, screenshots  # noqa: F401 - fixtures
from tests.serve.test_browser_tc import ARROW, SPOT, at, click, drag, live_tc, toward  # noqa: F401 - live_tc
from tests.serve.test_browser_tc import open_game as open_tc

WIDTH, HEIGHT = 1024, 768


@pytest.fixture(scope="module")
def small(chromium: str) -> Iterator[Browser]:  # noqa: F811 - the fixture's name
    """Chromium with a 1024x768 page: the size the playtest found the traps at."""
    try:
        b = Browser(chromium, width=WIDTH, height=HEIGHT)
    except (BrowserError, OSError) as exc:
        if required():
            pytest.fail(f"Chromium would not start: {exc}")
        pytest.skip(f"Chromium would not start: {exc}")
    b.send("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False)
    yield b
    b.close()


def open_bt(b: Browser, live: tuple[str, TableServer]) -> None:  # noqa: F811
    """A Battle of Tanks game of the shipped scenario between two people; side a's page."""
    base, _ = live
    request = urllib.request.Request(
        f"{base}/api/games", method="POST",
        data=json.dumps({"ruleset": "battle-of-tanks", "seats": {"a": "human", "b": "human"}, "seed": 11}).encode(),
        headers={"content-type": "application/json", "x-host-key": KEY, "origin": base})
    created = json.loads(urllib.request.urlopen(request, timeout=20).read())
    b.open(base + created["links"]["a"])
    b.wait("document.getElementById('status').textContent.startsWith('your decision')")
    b.wait("document.querySelector('#tt-overlay circle.tt-from')")


def rect(b: Browser, selector: str) -> dict[str, float]:
    return b.wait(f"""(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;
        const r = e.getBoundingClientRect(); return {{x: r.x, y: r.y, w: r.width, h: r.height}}; }})()""")  # type: ignore[no-any-return]


def centre(b: Browser, selector: str) -> tuple[float, float]:
    """An element's centre on the screen, without scrolling (the page must show it as it is)."""
    r = rect(b, selector)
    return r["x"] + r["w"] / 2, r["y"] + r["h"] / 2


def overlaps(a: dict[str, float], c: dict[str, float]) -> bool:
    return a["x"] < c["x"] + c["w"] and c["x"] < a["x"] + a["w"] and a["y"] < c["y"] + c["h"] and c["y"] < a["y"] + a["h"]


def test_playtest_29_4_the_legend_leaves_the_map_the_windows_height(
        small: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:  # noqa: F811
    """At 1024x768 the map of Battle of Tanks filled 497x497 pixels: the legend inside the
    picture took a quarter of the height the window allows. Now the legend is a drawing of its
    own under the map, and the map fills the board's width while it still fits the window."""
    b = small
    open_bt(b, live)
    b.js("window.scrollTo(0, 0)")
    drawings = b.js("[...document.querySelectorAll('#board svg')].map(s => s.getAttribute('class') || 'map')")
    assert drawings == ["map", "tt-legend"], drawings
    board = rect(b, "#board svg:first-child")
    wrap = rect(b, "#board-wrap")
    assert board["w"] >= wrap["w"] - 1 and board["w"] >= 600, (board, wrap)
    assert board["y"] + board["h"] <= HEIGHT, board  # the whole map in the window, no scrolling
    assert b.js("document.querySelector('#board svg:first-child g.legend')") is None
    legend = b.js("document.querySelector('#board svg.tt-legend g.legend').textContent")
    assert "order this round" in legend and "waiting in AMBUSH (BT-7.1)" in legend
    key = rect(b, "#board svg.tt-legend")
    assert key["y"] >= board["y"] + board["h"] - 1, (key, board)
    b.screenshot(screenshots / "playtest-bt-board.png")
    # clicks still land where they point on the cut map: a tank's ring opens its order menu
    click(b, *centre(b, "#tt-overlay circle.tt-from[data-place='a1']"))
    b.wait("document.querySelector('#bt-order-menu[data-tank=a1]')")


def test_playtest_29_9_the_chooser_heads_the_side_panel_not_the_board(
        small: Browser, live_tc: str, screenshots: Path) -> None:  # noqa: F811
    """Choosing a facing with a shot showed the small list of moves over the board's top
    left corner, hiding the pieces there. It now heads the side panel, clear of the map."""
    b = small
    open_tc(b, live_tc)
    d4, a1 = at(b, SPOT.format("d4")), at(b, SPOT.format("a1"))
    cell = (d4[0] - a1[0]) / 3
    drag(b, d4, (d4[0], d4[1] - 2 * cell))
    b.wait("document.querySelector('#tc-pick[data-stage=facing]')")
    click(b, *toward(at(b, "#tc-pick .tc-ring-centre"), at(b, ARROW.format("E"))))
    b.wait("document.querySelector('#tc-pick[data-stage=shot] .tc-target[data-target=h6]')")
    b.wait("!document.getElementById('chooser').hidden")
    chooser, board = rect(b, "#chooser"), rect(b, "#board svg:first-child")
    assert not overlaps(chooser, board), (chooser, board)
    assert b.js("document.getElementById('chooser').parentElement.tagName") == "ASIDE"
    words = b.js("document.getElementById('chooser').textContent")
    assert "MT d4-d6:E xh6" in words and "no shot" in words, words
    b.screenshot(screenshots / "playtest-tc-chooser.png")
    # it stays in sight however the page is scrolled, and its button plays the move
    top = rect(b, "#chooser")["y"]
    assert 0 <= top < HEIGHT, top
    click(b, *centre(b, "#chooser button.choice"))
    b.wait("document.querySelectorAll('#log > li').length === 1")
    assert "MT d4-d6:E" in b.js("document.getElementById('log').textContent")


def test_playtest_29_1_a_cancelled_drive_leaves_no_red_refusal(
        small: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:  # noqa: F811
    """A drive off the table is refused in red (BT-5.1); after "cancel" the panel's line went
    back to the instructions but stayed red, as if they were a refusal. Now it is plain."""
    b = small
    open_bt(b, live)
    click(b, *centre(b, "#tt-overlay circle.tt-from[data-place='a1']"))
    click(b, *centre(b, "#bt-order-menu button[data-order='move']"))
    b.wait("(() => { const p = document.getElementById('drive-panel'); return p && !p.hidden; })()")
    tank = centre(b, "#tt-overlay circle.tt-from")
    drag(b, tank, (tank[0] - 150, tank[1] + 150))  # down and left: off the table
    b.wait("document.getElementById('drive-state').classList.contains('bad')")
    assert "(BT-5.1)" in b.js("document.getElementById('drive-state').textContent")
    click(b, *centre(b, "#drive-cancel"))
    b.wait("document.getElementById('drive-state').textContent.startsWith('Press on the tank')")
    assert b.js("document.getElementById('drive-state').classList.contains('bad')") is False
    assert b.js("getComputedStyle(document.getElementById('drive-state')).color") != "rgb(176, 0, 32)"
    b.screenshot(screenshots / "playtest-bt-cancelled.png")

