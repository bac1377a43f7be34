"""Duel of the Giants at the table in a real headless Chromium (issue 29.5-29.8, 29.17).

Each test starts from a position (the shipped combat position, or one made by
playing a shipped game to the step under test), opens a seat's link and plays
as a person would, with real mouse clicks and touches (CDP input events): select
a gun and fire it from the board, compose a Tiger program and see its course
drawn, step through the computer's phase B, activate a marker by its arrows,
fly the Stuka from the board. After each, the page's DOM must hold none of the
other side's secrets. Screenshots go to ``$TANKTABLE_SCREENSHOTS``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cli.serve.app import TableServer
from cli.serve.store import ServerFiles
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import EndStep
from tests.serve import helpers
from tests.serve.browser import Browser, BrowserError
from tests.serve.helpers import create_live, serving_positions
from tests.serve.test_browser import open_moves
from tests.serve.test_hidden_information import check, secrets_against

SHIPPED = Path(__file__).parents[2] / "data" / "duel_of_the_giants" / "positions"


def position_at(folder: Path, name: str, step: str, seed: int, mover: str | None = None,
                setup: str = "shipped") -> Path:
    """A summer game (its shipped set-up, or ``setup``) played to ``step``, passing each
    step where it may be passed, written as a position file."""
    g: Any = RULESET.new_game("summer", {"setup": setup}, seed)
    for _ in range(2000):
        if g.step == step and (mover is None or g.players[g.to_move()] == mover):
            break
        legal = g.legal_actions()
        g.apply(next((a for a in legal if isinstance(a, EndStep)), legal[0]))
    else:
        raise AssertionError(f"step {step} not reached")
    path = folder / name
    path.write_text(yaml.safe_dump(g.position(), sort_keys=False))
    return path


MARKER_TO_ACTIVATE = """(() => { const acts = window.document.querySelectorAll('#actions button.action');
    const a = [...acts].map(b => b.textContent).find(t => /^activate [a-z]\\d+ /.test(t));
    return a ? a.split(' ')[1] : null; })()"""
"""The hex of a marker the seat may activate, read from its move list (null if none)."""


@contextlib.contextmanager
def programming_seats(folder: Path) -> Iterator[tuple[helpers.Link, helpers.Link]]:
    """Over HTTP (Starlette's test client): a game from :func:`position_at` phase A4,
    the German to program his Tigers, both seats people: (German's link, Soviet's link)."""
    position = position_at(folder, "program.yaml", "A4", 5)
    app, _server = helpers.make_server(folder / "games", ServerFiles.of([], [position]))
    with helpers.TestClient(app) as client:
        game = helpers.create(client, ruleset="duel-of-the-giants", position="program.yaml", seed=7,
                              seats={"german": "human", "soviet": "human"})
        german, soviet = (helpers.Link(client, game["links"][side]) for side in ("german", "soviet"))
        yield german, soviet


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, TableServer]]:
    """A real server on a free port, offering the positions the tests start from."""

    folder = tmp_path_factory.mktemp("positions")
    positions = [SHIPPED / "summer-combat.yaml",
                 position_at(folder, "program.yaml", "A4", 5),
                 position_at(folder, "activate.yaml", "O3", 5, "soviet"),
                 position_at(folder, "stuka.yaml", "D4", 5, "german"),
                 position_at(folder, "setup.yaml", "S4", 5, "german", setup="manual")]
    with serving_positions(tmp_path_factory.mktemp("games"), positions) as live:
        yield live


def open_seat(browser: Browser, base: str, position: str, seat: str, seats: dict[str, str]) -> str:
    """Create a game from a position through the host's API; open ``seat``'s link; its id."""
    game = create_live(base, ruleset="duel-of-the-giants", position=position, seats=seats, seed=7)
    browser.open(base + game["links"][seat])
    browser.wait("document.body.dataset.version !== undefined && document.querySelector('#board svg')")
    return str(game["id"])


def my_turn(browser: Browser, timeout: float = 60.0) -> None:
    browser.wait("document.getElementById('status').textContent.startsWith('your decision')", timeout)


def log_length(browser: Browser) -> int:
    return int(browser.js("document.querySelectorAll('#log > li').length"))


def no_secrets(browser: Browser, server: TableServer, game_id: str, player: int) -> None:
    check(browser.js("document.documentElement.outerHTML"), secrets_against(server, game_id, player),
          ("the German", "the Soviet")[player] + " page")


ATG_KINDS = """[...document.querySelectorAll('#board g.tt-piece.atg > title')]
    .map(t => (/\\((PAK 8\\.8|PAK 36|bluff|unknown)[,)]/.exec(t.textContent) || [])[1] || t.textContent).sort()"""
"""The kind each ATG counter's tooltip names (its code is drawn on the counter itself)."""


def hover(browser: Browser, selector: str) -> None:
    """A real pointer moved over the element's centre."""
    x, y = browser.wait(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
        if (!e) return null; e.scrollIntoView({{block: 'center'}});
        const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)


def hover_until(browser: Browser, selector: str, expression: str, tries: int = 4) -> None:
    """Hover ``selector`` until ``expression`` holds, moving the pointer off and back
    between tries, as a person does when a list is redrawn under a resting pointer
    (the element hovered may be replaced just after the pointer arrives)."""
    for attempt in range(tries):
        browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=1, y=1)
        hover(browser, selector)
        try:
            browser.wait(expression, timeout=5.0)
            return
        except BrowserError:
            if attempt == tries - 1:
                raise


def tap(browser: Browser, selector: str) -> None:
    """A finger's tap (touch start and end) at the element's centre."""
    x, y = browser.wait(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
        if (!e) return null; e.scrollIntoView({{block: 'center'}});
        const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
    browser.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
    browser.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


@contextlib.contextmanager
def tablet(browser: Browser) -> Iterator[None]:
    """A 1024x768 touch screen (issue 29.17)."""
    browser.send("Emulation.setDeviceMetricsOverride", width=1024, height=768, deviceScaleFactor=1, mobile=True)
    browser.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    try:
        yield
    finally:
        browser.send("Emulation.setTouchEmulationEnabled", enabled=False)
        browser.send("Emulation.clearDeviceMetricsOverride")


def test_issue_29_5_and_29_17_fire_by_finger(browser: Browser, live: tuple[str, TableServer],
                                            screenshots: Path) -> None:
    """On a tablet: a tap on the Tiger at d2 draws its shot with the hits (no hover needed),
    a tap on h9 fires."""
    base, _server = live
    with tablet(browser):
        open_seat(browser, base, "summer-combat.yaml", "german", {"german": "human", "soviet": "human"})
        my_turn(browser)
        tap(browser, "#tt-overlay circle.tt-from[data-place='d2']")
        assert browser.wait("document.querySelector('#dg-shots text')?.textContent") == \
            "no effect on it: no hit at this range"  # a player's words (issue 59.3)
        browser.screenshot(screenshots / "dg-fire-touch.png")
        count = log_length(browser)
        tap(browser, "#tt-overlay circle.tt-to[data-place='h9']")
        browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
        assert browser.js("[...document.querySelectorAll('#log > li')].some(li => li.textContent.includes('fire d2 h9'))")


def test_issue_29_5_select_a_gun_see_its_hits_and_fire_it_from_the_board(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """The Tiger at d2 declares (DG-17.4): a click on it lights its target h9 and draws the
    shot with the hits the ruleset forecasts; a click on h9 fires; hold is a button."""
    base, server = live
    game_id = open_seat(browser, base, "summer-combat.yaml", "german", {"german": "human", "soviet": "human"})
    my_turn(browser)
    browser.wait("!document.getElementById('dg-fire').hidden")
    assert browser.js("document.getElementById('dg-hold').textContent") == "hold fire (d2)"
    # the decision in a player's words, the case and rule after it, quieter, no notation in the
    # sentence (playtest of issue 58: "case B, step B1" and "(fire d2 h9)" in the panel)
    does = browser.js("document.querySelector('#decision .dg-decision strong').textContent")
    rule = browser.js("document.querySelector('#decision .dg-decision .rule-id').textContent")
    assert does.startswith("Tiger 1 at d2 may fire at T-34 #") and "(fire " not in does and "case" not in does, does
    assert rule.startswith(" (phase D2, DG-17.") and "case " in rule, rule
    assert not browser.js("document.querySelector(\"#tt-overlay circle[data-place='h9']\")"), \
        "the target lights only once its gun is selected"
    browser.click("#tt-overlay circle.tt-from[data-place='d2']")
    browser.wait("document.querySelector(\"#tt-overlay circle.tt-to[data-place='h9']\")")
    label = browser.wait("document.querySelector('#dg-shots text')?.textContent")
    note = browser.js("document.querySelector('#dg-fire .dg-shots .note').textContent")
    assert label == "no effect on it: no hit at this range"  # the server's own words (issue 59.3)
    assert note.strip().startswith("no effect on T-34 #") and "(DG-17.8)" in note
    no_secrets(browser, server, game_id, 0)
    browser.screenshot(screenshots / "dg-fire-selected.png")
    count = log_length(browser)
    # a click on a piece that is no target (playtest of issue 58, 59.10): the shot is refused
    # with the one reason that applies, and nothing is played
    browser.click("#board g.tt-piece[data-piece^='marker-i1-']")
    said = browser.wait("document.getElementById('error').textContent")
    assert said == "illegal: there is no enemy tank or gun at i1 for Tiger 1 at d2 to fire at (DG-17.2)"
    assert log_length(browser) == count
    browser.click("#tt-overlay circle.tt-to[data-place='h9']")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    assert browser.js("[...document.querySelectorAll('#log > li')].some(li => li.textContent.includes('fire d2 h9'))")


def test_issue_29_5_hold_is_a_button_of_its_own(browser: Browser, live: tuple[str, TableServer]) -> None:
    """DG-17.1 (firing is optional): the panel's hold button declares `hold d2`. Its only
    shot would do nothing (no hit at this range, DG-17.8), so holding is the primary
    button and the panel says why (playtest of issue 58: such a gun was asked to fire)."""
    base, _server = live
    open_seat(browser, base, "summer-combat.yaml", "german", {"german": "human", "soviet": "human"})
    my_turn(browser)
    assert browser.wait("document.querySelector('#dg-hold.primary')")
    assert "No shot of Tiger 1 at d2 would do anything" in browser.js("document.getElementById('dg-fire').textContent")
    count = log_length(browser)
    browser.click("#dg-hold")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    assert browser.js("[...document.querySelectorAll('#log > li')].some(li => li.textContent.includes('hold d2'))")


def test_issue_29_6_and_29_7_compose_a_program_see_it_drawn_then_step_through_phase_b(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """A4 (DG-11.2): each card laid redraws the stack's course on the map; hovering a card
    draws that choice. Then the computer's whole phase B arrives and is played back one
    decision at a time, with back and forward, from the German's own log."""
    base, server = live
    game_id = open_seat(browser, base, "program.yaml", "german", {"german": "human", "soviet": "random"})
    my_turn(browser)
    browser.wait("!document.getElementById('composer').hidden")
    # the ATGs' identities, for the German's eyes (issue 29.8), once: on the counter, its
    # name as the counter's tooltip; no second badge beside it (playtest of issue 58)
    assert browser.js(ATG_KINDS) == ["PAK 36", "PAK 36", "PAK 8.8", "bluff", "bluff", "bluff"]
    assert sorted(browser.js("[...document.querySelectorAll('#board g.tt-piece.atg')].map(g => g.dataset.code)")) \
        == ["A3", "A3", "A8", "Ab", "Ab", "Ab"]
    assert not browser.js("document.querySelector('#dg-atg-ids')")
    program = "document.getElementById('composer-program').textContent"
    # each card says what it does under its letter (DG-11.2, playtest of issue 59)
    assert browser.js("document.querySelector(\"#composer-cards button.card[data-card='F']\").textContent") \
        == "Fforward"
    browser.click("#composer-cards button.card[data-card='F']")
    browser.wait(f"{program} === 'tiger1 F'")
    browser.wait("document.querySelectorAll('#dg-program polyline.tt-path').length === 1")
    points = browser.js("document.querySelector('#dg-program polyline').getAttribute('points').split(' ').length")
    assert points == 2, "one hex forward: from the start hex to the next"
    assert browser.js("document.querySelectorAll('#dg-program .tt-face-hull, #dg-program .tt-face-turret').length") >= 2
    hover(browser, "#composer-cards button.card[data-card='R']")
    browser.wait("document.querySelector('#tt-aid line.tt-face-hull')")
    # what the stack would do with that card, said as such (playtest of issue 58)
    assert browser.js("document.getElementById('aid-note').textContent").startswith("if you add R (turn right): end ")
    browser.screenshot(screenshots / "dg-program-drawn.png")
    no_secrets(browser, server, game_id, 0)
    browser.click("#composer-send")
    browser.wait(f"{program}.startsWith('tiger2')")
    hover_until(browser, "#composer-list button.action",
                "document.querySelector('#tt-aid polyline.tt-path')")  # a program of the list, drawn
    browser.click("#composer-send")
    # the computer plays its phase B; the German's turn comes back at C1 and the replay starts
    browser.wait("!document.getElementById('dg-replay').hidden", 90)
    browser.js("(() => { const s = document.getElementById('dg-replay-pace'); s.value = '0';"
               " s.dispatchEvent(new Event('change')); })()")
    count = browser.js("document.getElementById('dg-replay-count').textContent")
    total = int(count.split(" of ")[1])
    assert total >= 2, count
    browser.click("#dg-replay-first")
    browser.wait("document.getElementById('dg-replay-count').textContent.startsWith('1 of ')")
    seen, drawn = set(), {"path": 0, "mark": 0}
    for i in range(1, total + 1):
        browser.wait(f"document.getElementById('dg-replay-count').textContent.startsWith('{i} of ')")
        n = browser.js("document.querySelector('#log li.replaying')?.value")
        assert n, "the decision shown is lit in the log"
        seen.add(n)
        if browser.js("!!document.querySelector('#dg-replay-aid')"):
            assert int(browser.js("document.querySelector('#dg-replay-aid').dataset.n")) == n
            for kind, selector in (("path", "polyline.tt-path"), ("mark", "circle.tt-mark")):
                if browser.js(f"!!document.querySelector('#dg-replay-aid {selector}')"):
                    if not drawn[kind]:
                        browser.screenshot(screenshots / f"dg-replay-{kind}.png")
                    drawn[kind] += 1
        # the step in a player's words, not bare notation (playtest of issue 59: a marker's
        # move read `marker b3-c4`): no rule ID in it, the notation (if any) after it, small
        head = browser.js("document.querySelector('#dg-replay-entry .dg-replay-words').textContent")
        notation = browser.js("document.querySelector('#dg-replay-entry .dg-replay-words code')?.textContent")
        words = head.removeprefix(f"{n}. ").removesuffix(f" {notation}" if notation else "")
        assert "(DG-" not in head and words and words != notation, head
        if notation and notation.startswith("marker "):
            assert "moves the marker" in head, head
        if i < total:
            browser.click("#dg-replay-forward")
    assert len(seen) == total
    assert drawn["path"] >= 1 and drawn["mark"] >= 1, drawn  # markers moved, T-34s activated
    browser.click("#dg-replay-back")
    browser.wait(f"document.getElementById('dg-replay-count').textContent.startsWith('{total - 1} of ')")
    # at a pace: play from the first, it moves on by itself
    browser.js("(() => { const s = document.getElementById('dg-replay-pace'); s.value = '300';"
               " s.dispatchEvent(new Event('change')); })()")
    browser.click("#dg-replay-first")
    browser.click("#dg-replay-play")
    browser.wait("parseInt(document.getElementById('dg-replay-count').textContent) >= 3", 10)
    browser.click("#dg-replay-play")  # pause
    no_secrets(browser, server, game_id, 0)
    # C1 (DG-8.4): choosing which Tiger executes first, each choice draws its own program
    open_moves(browser)
    drawn = "document.querySelector('#tt-aid polyline.tt-path') && document.querySelector('#tt-aid .tt-face-hull')"
    for attempt in range(3):  # the opened list may still be moving under the pointer: point again
        browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=1, y=1)
        hover(browser, "#actions button.action")
        try:
            browser.wait(drawn, 5)
            break
        except BrowserError:
            if attempt == 2:
                raise
    browser.click("#dg-replay-close")
    browser.wait("document.getElementById('dg-replay').hidden && !document.getElementById('dg-replay-again').hidden")
    # C1 lists each Tiger with where it ends and what its gun is laid on (playtest of issue 58)
    listed = browser.js("[...document.querySelectorAll('#decision .dg-execute li .note')].map(s => s.textContent)")
    assert [t.split(":")[0] for t in listed] == ["Tiger 1", "Tiger 2"] and all(
        "its gun on" in t or "no T-34 in its gun's line" in t for t in listed), listed
    # C1: a click on Tiger 2 on the map makes it execute first (playtest of issue 58: the
    # choice was only in the list of moves)
    count = log_length(browser)
    at = browser.js("""(() => { const m = document.querySelector("#board g.tt-piece[data-piece='tiger2']")
        .transform.baseVal.consolidate().matrix;
        return [...document.querySelectorAll('#tt-overlay circle.tt-to')].find(c =>
            Math.hypot(+c.getAttribute('cx') - m.e, +c.getAttribute('cy') - m.f) < 5).dataset.place; })()""")
    browser.click(f"#tt-overlay circle.tt-to[data-place='{at}']")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    assert "execute tiger2" in browser.js(f"document.querySelectorAll('#log > li')[{count}].textContent")


def test_issue_58_the_german_places_his_guns_by_clicks(browser: Browser, live: tuple[str, TableServer],
                                                      screenshots: Path) -> None:
    """Set-up (DG-7.4), playtest of issue 58: a click on a hex asks which piece goes there
    in words (Tiger, airfield, PAK 8.8, PAK 36, bluff ATG marker, mine, bluff mine), and
    a piece with a facing then takes it from the arrows round the hex: the ATGs could not
    be placed by a click at all, and a Tiger's facings were six buttons of notation."""
    base, server = live
    game_id = open_seat(browser, base, "setup.yaml", "german", {"german": "human", "soviet": "human"})
    my_turn(browser)
    left = "document.querySelector('.dg-to-place')?.textContent"
    assert browser.js(left) == ("still to place: 2 Tigers, 1 airfield, 1 PAK 8.8, 2 PAK 36, 3 ATG bluffs, 4 mines, "
                                "4 mine bluffs")  # DG-7.4, what the German has left to place
    at = browser.js("""(() => { const places = [...document.querySelectorAll('#tt-overlay circle.tt-to')];
        return places.map(c => c.dataset.place).find(p => /^d/.test(p)) || places[0].dataset.place; })()""")
    browser.click(f"#tt-overlay circle.tt-to[data-place='{at}']")
    browser.wait("!document.getElementById('chooser').hidden")
    offered = browser.js("[...document.querySelectorAll('#chooser button.choice')].map(b => b.textContent)")
    assert offered == ["Tiger: then its facing", "airfield: then its facing", "PAK 8.8: then its facing",
                       "PAK 36: then its facing", "bluff ATG marker: then its facing", "mine (face down)",
                       "bluff mine marker"], offered
    browser.click("#chooser button.dg-kind[data-verb^='place atg pak88']")
    browser.wait("document.querySelectorAll('#dg-picker .dg-arrow').length === 6")
    assert browser.js("document.getElementById('chooser').hidden")
    browser.screenshot(screenshots / "dg-setup-atg-facing.png")
    count = log_length(browser)
    browser.click("#dg-picker .dg-arrow[data-dir='E']")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    assert f"place atg pak88 {at} E" in browser.js(f"document.querySelectorAll('#log > li')[{count}].textContent")
    browser.wait(f"document.querySelector(\"#board g.tt-piece.atg[data-piece='atg-{at}']\")")
    assert browser.js(ATG_KINDS) == ["PAK 8.8"]
    assert "PAK 8.8" not in browser.wait(left)
    # set-up made readable (playtest of issue 59): the spots are faint rings, and a piece
    # chosen by name beside the board leaves only its own hexes lit; a click there goes
    # straight to its facing
    browser.wait("document.querySelector('#tt-overlay circle.tt-to.dg-setup-spot')")
    assert browser.js("getComputedStyle(document.querySelector('#tt-overlay circle.dg-setup-spot')).fillOpacity") \
        == "0.1"
    kinds = browser.js("[...document.querySelectorAll('#dg-setup button.dg-place-kind')].map(b => b.dataset.kind)")
    assert kinds == ["Tiger", "airfield", "PAK 36", "bluff ATG marker", "mine", "bluff mine"], kinds
    browser.click("#dg-setup button.dg-place-kind[data-kind='mine']")
    browser.wait("document.querySelector('#tt-overlay circle.tt-to.dg-setup-off')")  # not in swamp (DG-7.4)
    browser.click("#dg-setup button.dg-place-kind[data-kind='PAK 36']")
    browser.screenshot(screenshots / "dg-setup-piece-chosen.png")
    at = browser.js("document.querySelector('#tt-overlay circle.tt-to:not(.dg-setup-off)').dataset.place")
    browser.click(f"#tt-overlay circle.tt-to[data-place='{at}']")
    browser.wait("document.querySelectorAll('#dg-picker .dg-arrow').length === 6")
    assert browser.js("document.getElementById('chooser').hidden"), "no question which piece"
    count = log_length(browser)
    browser.click("#dg-picker .dg-arrow[data-dir='W']")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    assert f"place atg pak36 {at} W" in browser.js(f"document.querySelectorAll('#log > li')[{count}].textContent")
    assert "1 PAK 36," in browser.wait(left)  # one of two placed: "1 PAK 36", and "1 Tiger" reads singular
    no_secrets(browser, server, game_id, 0)


def test_issue_29_8_and_29_17_activate_a_marker_by_its_arrows_with_a_finger(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """O3 (DG-9.7) on a tablet-sized touch screen: a tap on a marker offers the hull as six
    arrows, then the turret; the second tap on an arrow plays the activation."""
    base, server = live
    with tablet(browser):
        game_id = open_seat(browser, base, "activate.yaml", "soviet", {"german": "human", "soviet": "human"})
        my_turn(browser)
        place = browser.js(MARKER_TO_ACTIVATE)
        assert place, "a marker may be activated"
        tap(browser, f"#tt-overlay circle.tt-to[data-place='{place}']")
        browser.wait("document.querySelector('#dg-picker')?.dataset.stage === 'hull'")
        assert browser.js("document.querySelectorAll('#dg-picker .dg-arrow').length") == 6
        assert set(browser.js(ATG_KINDS)) == {"unknown"}, "the Soviet is never told what a face-down ATG is"
        tap(browser, "#dg-picker .dg-arrow[data-dir='W']")
        browser.wait("document.querySelector('#dg-picker')?.dataset.stage === 'turret'")
        browser.screenshot(screenshots / "dg-activate-picker-touch.png")
        no_secrets(browser, server, game_id, 1)
        count = log_length(browser)
        tap(browser, "#dg-picker .dg-arrow[data-dir='NW']")
        browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
        assert browser.js(f"""[...document.querySelectorAll('#log > li')].some(li =>
            li.textContent.includes('activate {place} W NW'))""")


def test_issue_29_8_fly_the_stuka_from_the_board(browser: Browser, live: tuple[str, TableServer],
                                                screenshots: Path) -> None:
    """D4 (DG-13.2, DG-13.3): the airfield says "launch"; once flying, the hex ahead says
    "fly here" and the hexes a turn would face say "turn left" / "turn right"."""
    base, server = live
    game_id = open_seat(browser, base, "stuka.yaml", "german", {"german": "human", "soviet": "human"})
    my_turn(browser)
    words = "[...document.querySelectorAll('#dg-stuka-words text')].map(t => t.textContent)"
    assert browser.wait(words) == ["launch"]
    browser.click("#tt-overlay circle.tt-to")
    browser.wait(f"{words}.includes('fly here')")
    assert set(browser.js(words)) == {"fly here", "turn left", "turn right", "land"}  # on its airfield
    browser.screenshot(screenshots / "dg-stuka-board.png")
    ahead = browser.js("""(() => { const t = [...document.querySelectorAll('#dg-stuka-words text')]
        .find(t => t.textContent.includes('fly here')); const x = +t.getAttribute('x'), y = +t.getAttribute('y') - 36;
        return [...document.querySelectorAll('#tt-overlay circle.tt-to')].find(c =>
            Math.abs(+c.getAttribute('cx') - x) < 1 && Math.abs(+c.getAttribute('cy') - y) < 1).dataset.place; })()""")
    count = log_length(browser)
    browser.click(f"#tt-overlay circle.tt-to[data-place='{ahead}']")
    browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    last = browser.js("document.querySelector('#log > li:last-child').textContent")
    assert "stuka F" in last and f"Stuka flies to {ahead}" in last
    no_secrets(browser, server, game_id, 0)


def test_issue_29_16_the_pass_screen_keeps_nothing_of_these_panels(browser: Browser, live: tuple[str, TableServer],
                                                                   screenshots: Path) -> None:
    """Hot seat: once the German has programmed his Tigers, the pass screen for the Soviet
    leaves no course drawn, no shot, no replayed entry and no ATG badge on the page."""
    base, _server = live
    game = create_live(base, ruleset="duel-of-the-giants", position="program.yaml",
                       seats={"german": "human", "soviet": "human"}, seed=7)
    browser.open(base + game["links"]["hotseat"])
    browser.wait("!document.getElementById('pass').hidden")
    browser.click("#pass-ready")
    my_turn(browser)
    program = "document.getElementById('composer-program').textContent"
    # each card says what it does under its letter (DG-11.2, playtest of issue 59)
    assert browser.js("document.querySelector(\"#composer-cards button.card[data-card='F']\").textContent") \
        == "Fforward"
    card_top = "document.querySelector(\"#composer-cards button.card[data-card='F']\").getBoundingClientRect().top"
    before = browser.js(card_top)
    browser.click("#composer-cards button.card[data-card='F']")
    browser.wait(f"{program} === 'tiger1 F'")
    browser.wait("document.querySelector('#dg-program polyline.tt-path')")
    # the cards stay where they were once one is laid (playtest: they moved 19 px down)
    assert browser.js(card_top) == before
    assert "unknown" not in browser.js(ATG_KINDS)
    browser.click("#composer-send")
    browser.wait(f"{program}.startsWith('tiger2')")
    browser.click("#composer-send")
    browser.wait("!document.getElementById('pass').hidden")
    left = browser.js("""({program: document.querySelectorAll('#dg-program, #dg-atg-ids, #dg-picker, #dg-shots').length,
        fire: document.getElementById('dg-fire').textContent, replay: document.getElementById('dg-replay-entry').textContent,
        again: document.getElementById('dg-replay-again').textContent})""")
    assert left == {"program": 0, "fire": "", "replay": "", "again": ""}, left
