"""Issue 29.16 in a real Chromium: the hot-seat link of a Duel of the Giants
game, played by both sides. Whenever the pass screen shows, the page's DOM --
its text, its attributes, its form fields -- holds nothing of the last
player's view that the next player may not know: no log, no move list, no
Tiger program in the composer.
"""

from __future__ import annotations

from pathlib import Path

from cli.serve.app import TableServer
from tests.serve.browser import Browser
from tests.serve.helpers import create_live
from tests.serve.test_hidden_information import check, secrets_against

WHOLE_DOM = """(() => document.documentElement.outerHTML + '\\n' +
    [...document.querySelectorAll('input, textarea')].map(f => f.value).join('\\n'))()"""
"""Everything the page holds: its markup with every attribute, and what its fields hold."""


def play_one(browser: Browser) -> None:
    """One decision as a player makes it: a Tiger card, then the end of the stack; else
    'end' where a step may end; else the first legal move."""
    count = browser.js("document.querySelectorAll('#log > li').length")
    version = browser.js("document.body.dataset.version")
    if browser.js("!document.getElementById('composer').hidden"):
        program = browser.js("document.getElementById('composer-program').textContent")
        if len(program.split()) == 1:
            browser.click("#composer-cards button.card")
        else:
            browser.click("#composer-send")
    else:
        if not browser.js("document.getElementById('actions-box').open"):
            browser.click("#actions-box summary")
        browser.js("([...document.querySelectorAll('#actions button.action')].find(b => b.textContent === 'end')"
                   " || document.querySelector('#actions button.action')).scrollIntoView({block: 'center'})")
        browser.click("#actions button.action")
    browser.wait(f"document.body.dataset.version !== '{version}' || "
                 f"document.querySelectorAll('#log > li').length > {count}")


def test_29_16_the_pass_screen_holds_nothing_of_the_last_players_view(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    base, server = live
    game = create_live(base, ruleset="duel-of-the-giants", seed=11,
                       seats={"german": "human", "soviet": "human"})
    browser.open(base + game["links"]["hotseat"])
    players = server.store.tables[game["id"]].game.players
    passes = programs = 0
    for _ in range(400):
        browser.wait("!document.getElementById('pass').hidden || "
                     "document.getElementById('status').textContent.startsWith('your decision')")
        if browser.js("!document.getElementById('pass').hidden"):
            nxt = browser.js("document.getElementById('pass-text').textContent").split()[4].rstrip(".")
            dom = browser.js(WHOLE_DOM)
            check(dom, secrets_against(server, game["id"], players.index(nxt)), f"the pass screen to {nxt}")
            assert browser.js("document.querySelectorAll('#log li, #actions li, #composer-cards *').length") == 0
            assert "programmed" not in dom.lower() and "composer-program\"></code>" in dom
            if passes == 0 or (programs and nxt == "soviet"):
                browser.screenshot(screenshots / f"hotseat-pass-{passes}.png")
            passes += 1
            if programs and nxt == "soviet":
                break  # the German's programs were under this screen
            browser.click("#pass-ready")
            browser.wait("document.getElementById('pass').hidden")
            continue
        if browser.js("!document.getElementById('composer').hidden"):
            programs += 1
        play_one(browser)
    assert passes >= 2 and programs, f"{passes} pass screens, {programs} program decisions"
