"""The table in a real headless Chromium, against a real server (uvicorn).

For each ruleset: open the start page, create a game against the computer,
play by clicking, see the computer's answer arrive by the push stream, save a
screenshot of the table (under ``$TANKTABLE_SCREENSHOTS`` or a temporary
folder). For Duel of the Giants the page's DOM must hold none of the other
side's secrets.

Without Chromium the tests skip and say why; with ``TANKTABLE_REQUIRE_BROWSER=1``
(``.ci/run`` sets it) a missing or broken browser fails them instead.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cli.serve.app import TableServer
from tests.serve.browser import Browser
from tests.serve.helpers import KEY
from tests.serve.test_hidden_information import check, secrets_against


def new_game(browser: Browser, base: str, ruleset: str, seat: str) -> float:
    """Create a game from the start page by clicking: it lands at ``seat``'s table (the
    form's first side, the player's own); the page's load time (navigation start to the
    first board drawn), in ms."""
    browser.open(f"{base}/?key={KEY}")
    browser.wait("document.querySelectorAll('#ruleset option').length > 0")
    browser.js(f"""(() => {{ const s = document.getElementById('ruleset'); s.value = {json.dumps(ruleset)};
        s.dispatchEvent(new Event('change')); }})()""")
    browser.js("document.getElementById('seed').value = '4'")
    browser.click("#create")
    browser.wait("document.body.dataset.version !== undefined && document.querySelector('#board svg')")
    # Duel of the Giants capitalises its sides ("you play German"; playtest of issue 58)
    browser.wait(f"document.getElementById('you').textContent.toLowerCase() === 'you play {seat}'")
    loaded = browser.js("performance.now()")
    return float(loaded)


def wait_my_turn(browser: Browser, timeout: float = 60.0) -> dict[str, Any]:
    browser.wait("document.getElementById('status').textContent.startsWith('your decision')", timeout)
    return browser.js("({log: document.querySelectorAll('#log > li').length, "
                      "svg: document.querySelector('#board svg').outerHTML})")  # type: ignore[no-any-return]


def open_moves(browser: Browser) -> None:
    """Open the list of legal moves (closed when the page opens, issue 29.12) with a click."""
    if not browser.js("document.getElementById('actions-box').open"):
        browser.click("#actions-box summary")


def press_moves_layout(browser: Browser) -> tuple[Any, Any]:
    """The move list's layout (its inner width, its content's height, the place of its last
    button) before and while the mouse is held down on that button; let go away from the
    list, so that nothing is played."""
    layout = """(() => { const list = document.getElementById('actions');
        const last = [...list.querySelectorAll('button.action')].pop(); last.scrollIntoView({block: 'nearest'});
        const r = last.getBoundingClientRect();
        return [list.clientWidth, list.scrollHeight, r.x + r.width / 2, r.y + r.height / 2]; })()"""
    before = browser.js(layout)
    x, y = before[2], before[3]
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
    browser.send("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", clickCount=1)
    pressed = browser.js(layout)
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=1, y=1, button="left", buttons=1)
    browser.send("Input.dispatchMouseEvent", type="mouseReleased", x=1, y=1, button="left", clickCount=1)
    return before, pressed


def test_tank_chess_by_clicks_against_the_computer(browser: Browser, live: tuple[str, TableServer],
                                                   screenshots: Path) -> None:
    base, _server = live
    load_ms = new_game(browser, base, "tank-chess", "white")
    before = wait_my_turn(browser)
    assert before["log"] == 0
    browser.click("#tt-overlay circle.tt-from")
    browser.wait("document.querySelector('#tt-overlay circle.tt-to')")
    browser.js("window.ttSentAt = performance.now()")
    browser.click("#tt-overlay circle.tt-to")
    if browser.js("!!document.querySelector('#tc-pick')"):
        browser.click("#tc-pick .tc-arrow")  # the facing, on the ring round the destination (issue 29.9)
    if browser.js("!document.getElementById('chooser').hidden"):
        browser.click("#chooser button.choice")
    browser.wait("document.querySelectorAll('#log > li').length >= 1")
    sent_ms = browser.js("window.ttLastRoundTrip")
    after = wait_my_turn(browser)
    assert after["log"] == 2, "the computer's reply arrived by the push stream"
    assert after["svg"] != before["svg"]
    browser.screenshot(screenshots / "tank-chess.png")
    print(f"\npage load {load_ms:.0f} ms; click to own board {sent_ms:.0f} ms; "
          f"screenshots in {screenshots}")


def test_duel_of_the_giants_keeps_the_other_sides_secrets_out_of_the_dom(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    base, server = live
    new_game(browser, base, "duel-of-the-giants", "german")
    game_id = browser.js("location.pathname.split('/')[2]")
    for _ in range(6):
        wait_my_turn(browser)
        dom = browser.js("document.documentElement.outerHTML")
        check(dom, secrets_against(server, game_id, 0), "the German page")
        count = browser.js("document.querySelectorAll('#log > li').length")
        open_moves(browser)
        if _ == 0:
            # playtest (a Stuka's D4: `end` clicked 17 times, nothing played): pressing a move
            # moved it in the list (a transform under the press grew a scrollbar, the notes
            # wrapped anew) and the release fell on another line; a press leaves the list be
            before, pressed = press_moves_layout(browser)
            assert pressed == before, "the move list changed its layout under a press"
        browser.click("#actions button.action")
        browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    browser.screenshot(screenshots / "duel-of-the-giants.png")
    # the Tiger program composer, once a program is due (DG-11.2)
    for _ in range(200):
        wait_my_turn(browser)
        if browser.js("!document.getElementById('composer').hidden"):
            # issue 27.14: each card is a decision of its own; the stack so far comes back from the server
            program = "document.getElementById('composer-program').textContent"
            browser.click("#composer-cards button.card[data-card='F']")
            browser.wait(f"{program}.split(' ').length == 2")
            browser.wait("document.getElementById('composer-preview').textContent.includes('program F:')")
            browser.click("#composer-cards button.card[data-card='R']")
            browser.wait(f"{program}.endsWith(' F R')")
            browser.wait("document.getElementById('composer-preview').textContent.includes('program F R:')")
            browser.screenshot(screenshots / "duel-of-the-giants-composer.png")
            browser.click("#composer-back")  # the table's undo takes the last card back
            browser.wait(f"{program}.split(' ').length == 2")
            tiger = browser.js(f"{program}.split(' ')[0]")
            browser.click("#composer-send")
            browser.wait(f"document.getElementById('composer').hidden || !{program}.startsWith('{tiger}')")
            break
        count = browser.js("document.querySelectorAll('#log > li').length")
        # on to phase A4: end each step where the rules let it end, else play the first move
        browser.js("([...document.querySelectorAll('#actions button.action')].find(b => b.textContent === 'end')"
                   " || document.querySelector('#actions button.action')).click()")
        browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    else:
        pytest.fail("phase A4 (the Tiger program composer) was not reached")


def test_battle_of_tanks_plays_a_move(browser: Browser, live: tuple[str, TableServer],
                                      screenshots: Path) -> None:
    base, _server = live
    new_game(browser, base, "battle-of-tanks", "a")
    wait_my_turn(browser)
    count = browser.js("document.querySelectorAll('#log > li').length")
    browser.js("[...document.querySelectorAll('#actions button.action')]"
               ".find(b => b.textContent.endsWith(' move')).click()")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    # BT-5.1: hovering a drive draws its path and its length against the allowance
    browser.wait("[...document.querySelectorAll('#actions button.action')].some(b => b.textContent.startsWith('to '))")
    browser.js("[...document.querySelectorAll('#actions button.action')].filter(b => b.textContent.startsWith('to '))"
               ".pop().dispatchEvent(new Event('mouseenter'))")
    assert browser.js("document.querySelectorAll('#board svg #tt-aid polyline.tt-path').length") == 1
    note = browser.js("document.getElementById('aid-note').textContent")
    assert re.search(r"\d+\.\d / \d+(\.\d)? cm", note), note
    # the ruler: two clicks on the table ask the table's own `measure`
    browser.click("#ruler")
    browser.js("""(() => { const svg = document.querySelector('#board svg'); const r = svg.getBoundingClientRect();
        for (const [fx, fy] of [[0.2, 0.3], [0.6, 0.5]]) svg.dispatchEvent(new MouseEvent('click',
            {bubbles: true, cancelable: true, clientX: r.left + fx * r.width, clientY: r.top + fy * r.height})); })()""")
    browser.wait("document.getElementById('answer').textContent.includes('cm between centres')")
    browser.wait("document.querySelector('#tt-ruler text')?.textContent.endsWith(' cm')")
    browser.js("[...document.querySelectorAll('#actions button.action')].filter(b => b.textContent.startsWith('to '))"
               ".pop().dispatchEvent(new Event('mouseenter'))")
    browser.screenshot(screenshots / "battle-of-tanks.png")


def test_the_pages_work_under_their_content_security_policy(browser: Browser, live: tuple[str, TableServer],
                                                            screenshots: Path) -> None:
    """issue 26.5: under the pages' Content-Security-Policy (no inline script) the start
    page creates a game and the table plays a move, and the browser reports no
    violation; the boards' style attributes still apply."""
    browser.send("Page.addScriptToEvaluateOnNewDocument", source="""window.ttViolations = [];
        document.addEventListener('securitypolicyviolation',
            e => window.ttViolations.push(e.violatedDirective + ' ' + e.blockedURI));""")
    base, _server = live
    new_game(browser, base, "duel-of-the-giants", "german")
    wait_my_turn(browser)
    count = browser.js("document.querySelectorAll('#log > li').length")
    open_moves(browser)
    browser.click("#actions button.action")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    assert browser.js("window.ttViolations") == []
    assert browser.js("document.referrer") == ""
    sizes = browser.js("""[...document.querySelectorAll('#board svg text[style*="px"]')].map(t =>
        [t.getAttribute('style').match(/(\\d+)px/)[1] + 'px', getComputedStyle(t).fontSize])""")
    assert sizes and all(wanted == applied for wanted, applied in sizes), sizes
    browser.screenshot(screenshots / "duel-of-the-giants-under-csp.png")
