"""The designed start page and the themes in a real Chromium (issue 58.10).

One card per ruleset of the server's list (a plugin's ruleset included), each with
a picture of its board drawn by the server; "Play the computer" on a card opens a
table where it is your decision, in one click; "More options" shows the full form
for that ruleset. The theme switch changes the page's colours, moves nothing, is
remembered on reload, and is on the table's page too.

Without Chromium the tests skip and say why; with ``TANKTABLE_REQUIRE_BROWSER=1``
a missing or broken browser fails them instead.
"""

from __future__ import annotations

import json
from pathlib import Path

from cli.serve.app import TableServer
from core.registry import available_rulesets
from tests.serve.browser import Browser
from tests.serve.helpers import KEY, create_live

CARDS_READY = ("(() => {{ const imgs = [...document.querySelectorAll('#cards .card img.card-board')];"
               " return imgs.length === {n} && imgs.every(i => i.complete && i.naturalWidth > 0); }})()")
RECTS = ("JSON.stringify([...document.querySelectorAll('#cards .card, #cards .quick-start, header')]"
         ".map(e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }))")
BACKGROUND = "getComputedStyle(document.body).backgroundColor"


def open_start(browser: Browser, base: str) -> None:
    browser.open(f"{base}/?key={KEY}")
    browser.wait(CARDS_READY.format(n=len(available_rulesets())), 60)  # pictures drawn on first ask


def test_58_10_a_card_per_ruleset_with_its_board_and_quick_start_opens_a_playable_table(
        small: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    base, server = live
    open_start(small, base)
    catalog = server._catalog()["rulesets"]
    cards = small.js("[...document.querySelectorAll('#cards .card')].map(c => ({id: c.dataset.ruleset,"
                     " title: c.querySelector('.card-title').textContent,"
                     " about: c.querySelector('.card-about').textContent,"
                     " facts: [...c.querySelectorAll('.card-facts li')].map(li => li.textContent),"
                     " buttons: [...c.querySelectorAll('button')].map(b => b.textContent)}))")
    assert [c["id"] for c in cards] == [r["id"] for r in catalog], "one card per ruleset the server lists"
    for shown, r in zip(cards, catalog, strict=True):
        assert shown["title"] == r["title"] and shown["about"]
        assert shown["facts"][0].startswith(f"{len(r['players'])} players")
        assert shown["buttons"] == ["Play the computer", "More options"]
    assert small.js("document.getElementById('new').hidden"), "the full form waits behind More options"
    small.screenshot(screenshots / "start-cards.png")
    # More options: the full form, for that card's ruleset
    small.click("#cards .card[data-ruleset='duel-of-the-giants'] .more-options")
    small.wait("!document.getElementById('new').hidden && document.getElementById('ruleset').value === 'duel-of-the-giants'")
    assert small.js("document.querySelectorAll('#seats select').length") == 2
    # the options box's example is a setting this ruleset takes (it read 'rules.fuel_limit=10')
    example = small.js("document.getElementById('options').placeholder")
    assert example == "e.g. end.max_rounds=10"
    dg = next(r for r in available_rulesets() if r.id == "duel-of-the-giants")
    assert example.removeprefix("e.g. ").split("=")[0] in dg.setting_names()
    # each shipped scenario offered with what it is, not by its file name alone
    assert small.js("[...document.querySelectorAll('#scenario option')].find(o => o.value === 'scenario:summer-short')"
                    ".textContent") == "summer-short — Summer '43, ten rounds"
    # one click: the quick scenario (Duel of the Giants' ten-round game), you on the first side
    assert {r["id"]: r["quick_scenario"] for r in catalog}["duel-of-the-giants"] == "summer-short"
    small.click("#cards .card[data-ruleset='tank-chess'] .quick-start")
    small.wait("document.body.dataset.version !== undefined && document.querySelector('#board svg')"
               " && document.getElementById('status').textContent.startsWith('your decision')")
    table = server.store.get(small.js("location.pathname.split('/')[2]"))
    assert table is not None
    assert table.ruleset.id == "tank-chess" and table.header.scenario == {r["id"]: r["quick_scenario"] for r in catalog}["tank-chess"]
    assert table.seats_by_name() == {"white": "human", "black": "greedy"}
    assert small.js("document.querySelectorAll('#tt-overlay .tt-from').length") > 0, "a piece to move"


def test_58_10_the_theme_switch_changes_the_colours_moves_nothing_and_is_remembered(
        small: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    base, _server = live
    small.send("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "light"}])
    try:
        small.open(f"{base}/?key={KEY}")
        small.js("localStorage.removeItem('tanktable-theme')")
        open_start(small, base)
        assert small.js("document.documentElement.dataset.theme") is None, "the system's theme by default"
        light, before = small.js(BACKGROUND), small.js(RECTS)
        small.click("#theme-switch")
        small.wait(f"{BACKGROUND} !== {json.dumps(light)}")
        dark = small.js(BACKGROUND)
        assert small.js("document.documentElement.dataset.theme") == "dark"
        assert small.js(RECTS) == before, "nothing moved when the theme changed"
        small.screenshot(screenshots / "start-dark.png")
        open_start(small, base)
        assert (small.js("document.documentElement.dataset.theme"), small.js(BACKGROUND)) == ("dark", dark)
        # the table's page: the same theme, and its own switch
        game = create_live(base, ruleset="tank-chess", seats={"white": "human", "black": "greedy"}, seed=2)
        small.open(base + game["links"]["white"])
        small.wait("document.body.dataset.version !== undefined && document.getElementById('theme-switch')")
        assert small.js(BACKGROUND) == dark
        small.click("#theme-switch")
        small.wait(f"{BACKGROUND} === {json.dumps(light)}")
        assert small.js("localStorage.getItem('tanktable-theme')") == "light"
    finally:
        small.js("localStorage.removeItem('tanktable-theme')")
        small.send("Emulation.setEmulatedMedia", features=[])
