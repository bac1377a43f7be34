"""Duel of the Giants in real Chromium, issue 59: the end of a phase is a button
beside the board and the key E, the hint says it is thinking, the other side's
phase replays by itself (59.3); the Stuka's launch and an activation's facings
are previewed on the map (59.9)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cli.serve.app import TableServer
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import EndStep
from rulesets.duel_of_the_giants.board import label
from tests.serve.browser import Browser
from tests.serve.helpers import serving_positions
from tests.serve.test_browser_dg import (
    MARKER_TO_ACTIVATE,
    hover,
    log_length,
    my_turn,
    no_secrets,
    open_seat,
    position_at,
)


def _airfield() -> str:
    """The airfield of the game ``position_at(..., "D4", 5, "german")`` writes."""
    g: Any = RULESET.new_game("summer", {"setup": "shipped"}, 5)
    while not (g.step == "D4" and g.players[g.to_move()] == "german"):
        legal = g.legal_actions()
        g.apply(next((a for a in legal if isinstance(a, EndStep)), legal[0]))
    return label(g.stuka.airfield)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, TableServer]]:
    folder = tmp_path_factory.mktemp("positions")
    stuka = position_at(folder, "stuka.yaml", "D4", 5, "german")
    data = yaml.safe_load(stuka.read_text())
    data["vp"]["round"] = {"german": 2, "soviet": 1}  # this round's points, not yet on the bar (DG-6.1)
    stuka.write_text(yaml.safe_dump(data, sort_keys=False))
    positions = [stuka, position_at(folder, "activate.yaml", "O3", 5, "soviet")]
    with serving_positions(tmp_path_factory.mktemp("games"), positions) as live:
        yield live


def test_issue_59_3_and_59_9_end_is_a_button_and_a_key_and_the_launch_is_previewed(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """Phase D4 with the Stuka on the ground (DG-13.1): `end` is a button beside the
    board, not only in the folded move list; hovering the launch on the airfield draws
    every hex the Stuka could reach in its first flight phase (DG-13.3); the key E ends
    the phase and the log says so."""
    base, _server = live
    game_id = open_seat(browser, base, "stuka.yaml", "german", {"german": "human", "soviet": "human"})
    my_turn(browser)
    # the decision in a player's words, whole in the turn panel, the phase and rule ID after it,
    # quieter; the game's id out of the header; side names capitalised (playtest of issue 58)
    said = browser.js("""(() => ({does: document.querySelector('#decision .dg-decision strong').textContent,
        rule: document.querySelector('#decision .dg-decision .rule-id').textContent,
        title: document.getElementById('title').textContent, id: document.getElementById('game-id').textContent,
        you: document.getElementById('you').textContent, vp: document.querySelector('.vp').textContent}))()""")
    assert said == {"does": "Fly the Stuka: launch it from the airfield, or end the step", "rule": " (phase D4, DG-13)",
                    "title": "Duel of the Giants", "id": f"game {game_id}", "you": "you play German",
                    "vp": "Round 1, phase D — victory points German 2 : Soviet 0"}, said
    # the legend's long entries on one line each, no gap mid-sentence (playtest of issue 58)
    legend = browser.js("[...document.querySelectorAll('svg.tt-legend g.legend > g')].map(g => g.textContent)")
    assert any(t.endswith("red once hit, DG-11.8)") for t in legend), legend
    assert any("the notch is its facing; face up shows the gun" in t for t in legend), legend
    button = browser.wait("(() => { const b = document.getElementById('end-phase');"
                          " return b && !b.hidden && b.offsetParent !== null ? b.textContent : null; })()")
    assert button == "Done with this step (end)"
    # the round's points so far are said beside the bar they will move at the round's end
    # (DG-6.1; playtest of issue 59: "german 2 : soviet 1" beside "VP bar: level")
    assert "this round so far German +2, Soviet +1, moved at the round's end" in browser.js(
        "document.querySelector('.vp-bar').textContent")
    assert not browser.js("document.getElementById('actions-box').open"), "the move list stays folded"
    hover(browser, f"#tt-overlay circle.tt-to[data-place='{_airfield()}']")
    reach = browser.wait("document.querySelectorAll('circle.tt-mark-reach').length || null")
    assert reach >= 6  # at least the six hexes around the airfield... within its actions
    fill = browser.js("getComputedStyle(document.querySelector('circle.tt-mark-reach')).fill")
    assert fill == "rgb(21, 101, 192)", fill  # the preview's own blue, not a reveal's flash
    browser.screenshot(screenshots / "dg-stuka-launch-preview.png")
    count = log_length(browser)
    browser.js("document.activeElement && document.activeElement.blur()")
    for kind in ("keyDown", "keyUp"):
        browser.send("Input.dispatchKeyEvent", type=kind, key="e", code="KeyE", text="e" if kind == "keyDown" else "")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    assert browser.js("[...document.querySelectorAll('#log > li')].at(-1).textContent.includes('end')")
    # a hidden button takes no room (no empty box where it stood), a shown one is seen
    assert browser.js("(() => { const b = document.getElementById('end-phase');"
                      " return b.hidden === (b.offsetParent === null); })()")
    # the next round's A1 (tire markers): the German may have his routine steps pass by
    # themselves from now on (playtest of issue 58: A1, A2, D1, D4 clicked through each round)
    my_turn(browser)
    # A1 has just come (after steps that passed by themselves): an E at once does not end it,
    # the step flashes and the notice says why (playtest of issues 58/59: that E ended A1)
    count = log_length(browser)
    for kind in ("keyDown", "keyUp"):
        browser.send("Input.dispatchKeyEvent", type=kind, key="e", code="KeyE", text="e" if kind == "keyDown" else "")
    assert browser.wait("document.getElementById('notice').textContent.includes('the step has just changed')")
    assert browser.js("document.getElementById('decision').classList.contains('tt-step-new')")
    assert log_length(browser) == count
    # the log says which step each end closed (not "German end")
    ends = browser.js(
        "[...document.querySelectorAll('#log > li')].map(li => li.firstChild.textContent + li.childNodes[1].textContent)")
    assert any(t.startswith("German ends D4 (") for t in ends), ends
    assert browser.wait("document.querySelector('#dg-routine')") and not browser.js(
        "document.getElementById('dg-routine').checked"), "off until the player ticks it"
    count = log_length(browser)
    browser.click("#dg-routine")
    browser.wait(f"document.querySelectorAll('#log > li').length >= {count + 2}")  # A1 and A2 passed
    browser.wait("!document.querySelector('#dg-routine')")  # at a step that is no routine
    assert browser.js("localStorage.getItem('tanktable.dg.pass-routine')") == "1"
    browser.js("localStorage.removeItem('tanktable.dg.pass-routine')")


def test_issue_59_3_the_hint_says_it_is_thinking(browser: Browser, live: tuple[str, TableServer]) -> None:
    """A press on hint says at once that the search is under way; its answer replaces it."""
    base, _server = live
    open_seat(browser, base, "stuka.yaml", "german", {"german": "human", "soviet": "human"})
    my_turn(browser)
    browser.click("#hint")
    assert browser.js("document.getElementById('answer').textContent") == "thinking about a hint…"
    browser.wait("document.getElementById('answer').textContent.startsWith('hint: ')", 90)
    # its suggestions are buttons that play them (playtest of issue 58, as in the other rulesets)
    move = browser.wait("document.querySelector('#answer button.dg-hint-play')?.dataset.move")
    count = log_length(browser)
    browser.click("#answer button.dg-hint-play")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    assert browser.js(f"document.querySelectorAll('#log > li')[{count}].textContent").startswith(f"German {move}")


def test_issue_59_3_the_other_sides_phase_replays_by_itself(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """The Soviet against the computer: after its own phase the German's whole phase A
    (ATGs turned and tired, drawn on the board) is played back by itself when the
    Soviet's turn comes back, with the end-of-step button standing by; with the pace
    "by hand" the play button plays it on."""
    import httpx

    from tests.serve.helpers import create_live

    base, _server = live
    # a new game's first page, the computer's opening already played (playtest of issue 58:
    # a German against the computer found eight T-34s on the map without a word): it replays
    game = create_live(base, ruleset="duel-of-the-giants", scenario="summer", seed=7,
                       seats={"german": "human", "soviet": "random"})
    api = base + game["links"]["german"].replace("/t/", "/api/t/")
    for _ in range(300):
        if httpx.get(f"{api}/state", headers={"origin": base}).json()["your_turn"]:
            break
        time.sleep(0.05)
    browser.open(base + game["links"]["german"])
    my_turn(browser)
    browser.wait("!document.getElementById('dg-replay').hidden && document.getElementById('dg-replay-count')"
                 ".textContent.includes(' of ')", 10)
    game = create_live(base, ruleset="duel-of-the-giants", scenario="summer", seed=7,
                       seats={"german": "random", "soviet": "human"})
    browser.open(base + game["links"]["soviet"])
    browser.wait("document.body.dataset.version !== undefined && document.querySelector('#board svg')")
    for _ in range(6):
        my_turn(browser)
        if browser.js("!document.getElementById('dg-replay').hidden"):
            break
        count = log_length(browser)
        if browser.js("!document.getElementById('end-phase').hidden"):
            browser.wait("!document.getElementById('end-phase').disabled")  # a moment after a new step
            browser.click("#end-phase")
        else:  # the opening's one activation (DG-8.1): the first one the list offers
            browser.js("(() => { const box = document.getElementById('actions-box'); box.open = true;"
                       " const f = document.getElementById('filter'); f.value = 'activate';"
                       " f.dispatchEvent(new Event('input')); })()")
            browser.click("#actions button.action")
        browser.wait(f"document.querySelectorAll('#log > li').length > {count}", 60)
    my_turn(browser)
    browser.wait("!document.getElementById('dg-replay').hidden", 30)
    browser.wait("document.querySelector('#dg-replay-aid')", 30)
    browser.screenshot(screenshots / "dg-replay-by-itself.png")
    assert browser.js("localStorage.getItem('tanktable.replay.pace')") is None  # nothing chosen yet:
    assert browser.js("document.getElementById('dg-replay-pace').value") == "600"  # the normal pace, brisk (playtest)
    # its buttons on one line (playtest of issue 58: they wrapped in three)
    tops = browser.js("[...document.querySelectorAll('#dg-replay .dg-replay-controls button')].map(b => b.offsetTop)")
    assert len(tops) == 6 and len(set(tops)) == 1, tops
    # paced "by hand", the play button still plays (it did nothing)
    browser.js("(() => { const s = document.getElementById('dg-replay-pace'); s.value = '0';"
               " s.dispatchEvent(new Event('change')); })()")
    browser.click("#dg-replay-first")
    browser.wait("document.getElementById('dg-replay-count').textContent.startsWith('1 of ')")
    browser.click("#dg-replay-play")
    browser.wait("document.getElementById('dg-replay-count').textContent.startsWith('2 of ')", 10)


def test_issue_59_9_an_activations_facings_are_previewed_on_the_map(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """O3 (DG-9.7): with the hull chosen, hovering a turret arrow draws the new T-34's hull
    and turret there and the note says what its gun would aim at or who could shoot it
    (from the Soviet's knowledge only: the page carries no German secret)."""
    base, server = live
    game_id = open_seat(browser, base, "activate.yaml", "soviet", {"german": "human", "soviet": "human"})
    my_turn(browser)
    place = browser.js(MARKER_TO_ACTIVATE)
    assert place, "a marker may be activated"
    browser.click(f"#tt-overlay circle.tt-to[data-place='{place}']")
    browser.wait("document.querySelector('#dg-picker')?.dataset.stage === 'hull'")
    browser.click("#dg-picker .dg-arrow[data-dir='W']")
    browser.wait("document.querySelector('#dg-picker')?.dataset.stage === 'turret'")
    hover(browser, "#dg-picker .dg-arrow[data-dir='W']")
    browser.wait("document.querySelector('#tt-aid line.tt-face-turret')")
    note = browser.wait("document.getElementById('aid-note').textContent || null")
    assert f"activate {place} W W" in note and ("aims at" in note or "under fire" in note or "no German gun" in note)
    browser.screenshot(screenshots / "dg-activate-preview.png")
    no_secrets(browser, server, game_id, 1)
