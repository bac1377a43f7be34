"""Game over, rematch and replay in a real headless Chromium (issue 29.13, 29.17).

A Tank Chess game against the computer is played by clicks and resigned by the
resign button (its confirmation accepted as a person would); the banner shows
the result; its rematch link opens the new game with the sides swapped; the
replay opens from the banner and from the start page and is stepped through
with clicks, keys, the slider, and on a 1024x768 touch screen by finger. The
host opens a record from disk, and a corrupt one is refused with its line.
Screenshots go to ``$TANKTABLE_SCREENSHOTS`` (or a temporary folder).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.serve.app import TableServer
from tests.serve.browser import Browser, BrowserError
from tests.serve.helpers import KEY
from tests.serve.test_browser import new_game, wait_my_turn


def box_of(b: Browser, selector: str) -> tuple[float, float]:
    """The centre of an element, brought into view."""
    x, y = b.wait(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
        if (!e || e.hidden || !e.getClientRects().length) return null; e.scrollIntoView({{block: 'center'}});
        const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
    return x, y


def click_accepting_dialog(b: Browser, selector: str) -> None:
    """Click an element that asks ``confirm()``, and press OK in the dialog."""
    x, y = box_of(b, selector)
    waiting = set()
    for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
        ident = next(b._ids)
        waiting.add(ident)
        b.ws.send(json.dumps({"id": ident, "method": "Input.dispatchMouseEvent", "params": {
            "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}}))
    answered = False
    while waiting:
        message = json.loads(b.ws.recv(timeout=30))
        if message.get("method") == "Page.javascriptDialogOpening" and not answered:
            ident = next(b._ids)
            waiting.add(ident)
            answered = True
            b.ws.send(json.dumps({"id": ident, "method": "Page.handleJavaScriptDialog",
                                  "params": {"accept": True}}))
        waiting.discard(message.get("id", -1))
    assert answered, "the button asked nothing"


def press(b: Browser, key: str, code: int) -> None:
    """A key pressed and released, as the keyboard sends it."""
    for kind in ("rawKeyDown", "keyUp"):
        b.send("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code)


def step_shown(b: Browser, n: int) -> None:
    try:
        b.wait(f"document.body.dataset.step === '{n}' && document.querySelector('#board svg')")
    except Exception:
        print("DEBUG", b.js("location.href"), b.js("document.body.dataset.step"), b.js("document.getElementById('error') && document.getElementById('error').textContent"), b.js("document.body.innerHTML.slice(0, 3000)"))
        raise


def board(b: Browser) -> str:
    return str(b.js("document.querySelector('#board svg').outerHTML"))


@pytest.fixture(scope="module")
def finished(browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> dict[str, Any]:
    """A Tank Chess game, white by clicks against the computer, resigned from the page."""
    base, server = live
    new_game(browser, base, "tank-chess", "white")
    for turn in range(2):
        wait_my_turn(browser)
        for attempt in range(3):  # a state pushed meanwhile (a new version) drops the selection
            browser.click("#tt-overlay circle.tt-from")
            try:
                browser.wait("document.querySelector('#tt-overlay circle.tt-to')", 5)
                break
            except BrowserError:
                if attempt == 2:
                    raise
        browser.click("#tt-overlay circle.tt-to")
        if browser.js("!!document.querySelector('#tc-pick')"):
            browser.click("#tc-pick .tc-arrow")  # the facing, on the ring round the destination
            if browser.js("!!document.querySelector('#tc-pick .tc-arrow.tc-chosen')"):
                browser.click("#tc-pick .tc-arrow.tc-chosen")  # again: move without the shot
        if browser.js("!document.getElementById('chooser').hidden"):
            browser.click("#chooser button.choice")
        browser.wait(f"document.querySelectorAll('#log > li').length >= {2 * turn + 2}", 30)
    wait_my_turn(browser)
    url = browser.js("location.href")
    game_id = url.split("/")[4]
    click_accepting_dialog(browser, "#resign")
    return {"url": url, "id": game_id, "moves": len(server.store.get(game_id).game.history)}


def test_game_over_banner_and_rematch_with_sides_swapped(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path,
        finished: dict[str, Any]) -> None:
    """issue 29.13: the banner says the result and leads to a rematch (sides swapped,
    still against the computer), the replay and the start page."""
    base, server = live
    browser.open(finished["url"])
    browser.wait("document.getElementById('gameover') && !document.getElementById('gameover').hidden")
    assert browser.js("document.getElementById('gameover-result').textContent") == \
        "You lost — white resigned"
    assert browser.js("document.getElementById('start-link').getAttribute('href')") == "/"
    assert browser.js("document.getElementById('replay-link').getAttribute('href')") == \
        "/replay" + finished["url"][len(base) + 2:]
    apart = browser.js("(() => { const g = document.getElementById('gameover').getBoundingClientRect(),"
                       " m = document.querySelector('#board svg').getBoundingClientRect();"
                       " return g.bottom <= m.top || g.left >= m.right || g.right <= m.left || g.top >= m.bottom; })()")
    assert apart, "the banner stands beside the board, never over it (playtests of issues 29 and 58)"
    browser.screenshot(screenshots / "game-over-banner.png")
    browser.click("#rematch")
    browser.wait(f"location.pathname.startsWith('/t/') && !location.href.includes({json.dumps(finished['id'])})")
    browser.wait("document.body.dataset.version !== undefined && document.querySelector('#board svg')")
    assert browser.js("document.getElementById('you').textContent") == "you play black"
    rematch = server.store.get(browser.js("location.pathname.split('/')[2]"))
    assert rematch.seats_by_name() == {"white": "greedy", "black": "human"}
    assert rematch.header.scenario == server.store.get(finished["id"]).header.scenario
    wait_my_turn(browser)  # the computer, now white, moved first
    assert browser.js("document.getElementById('gameover')") is None
    browser.screenshot(screenshots / "rematch.png")


def test_replay_steps_with_clicks_keys_and_the_slider(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path,
        finished: dict[str, Any]) -> None:
    """issue 29.13: the banner's replay link, then first/back/forward/last, the arrows,
    Home/End and the slider; the board is the server's for each step."""
    browser.open(finished["url"])
    browser.wait("document.getElementById('gameover') && !document.getElementById('gameover').hidden")
    browser.click("#replay-link")
    step_shown(browser, 0)
    moves = finished["moves"]
    assert browser.js("document.getElementById('step-count').textContent") == f"move 0 of {moves}"
    start = board(browser)
    browser.click("#forward")
    step_shown(browser, 1)
    assert board(browser) != start
    assert browser.js("document.getElementById('current-move').textContent").startswith("1. white ")
    assert "moves" in browser.js("document.getElementById('current-events').textContent")
    press(browser, "ArrowRight", 39)
    step_shown(browser, 2)
    assert browser.js("document.getElementById('current-move').textContent").startswith("2. black ")
    press(browser, "ArrowLeft", 37)
    step_shown(browser, 1)
    press(browser, "End", 35)
    step_shown(browser, moves)
    assert browser.js("document.getElementById('position-status').textContent") == \
        "game over: white resigned"
    assert "seed" in browser.js("document.getElementById('dice').textContent")
    press(browser, "Home", 36)
    step_shown(browser, 0)
    assert board(browser) == start
    browser.click("#last")
    step_shown(browser, moves)
    browser.click("#back")
    step_shown(browser, moves - 1)
    browser.click("#first")
    step_shown(browser, 0)
    x, y = box_of(browser, "#slider")
    width = browser.js("document.getElementById('slider').getBoundingClientRect().width")
    for kind in ("mouseMoved", "mousePressed", "mouseReleased"):  # a click at the slider's right end
        browser.send("Input.dispatchMouseEvent", type=kind, x=x + width / 2 - 2, y=y, button="left",
                     clickCount=1)
    step_shown(browser, moves)
    browser.click("#log li:nth-child(2) button.jump")
    step_shown(browser, 2)
    assert browser.js("document.querySelector('#log li.now').value") == 2
    browser.screenshot(screenshots / "replay.png")


def test_the_start_page_lists_the_replay_of_a_finished_game(
        browser: Browser, live: tuple[str, TableServer], finished: dict[str, Any]) -> None:
    base, _server = live
    browser.open(f"{base}/?key={KEY}")
    link = f"#games a.replay-link[href='/replay/{finished['id']}']"
    browser.wait(f"document.querySelector(\"{link}\")")
    browser.click(link)
    step_shown(browser, 0)
    # the scenario in full, the game's id smaller after it (hidden playtest: the title was
    # cut off at "Tank Chess — tank-chess-2026…")
    assert browser.js("document.getElementById('title').textContent") == \
        f"Tank Chess: standard-16 (replay) {finished['id']}"
    assert browser.js("document.querySelector('#title .replay-id').textContent") == finished["id"]
    assert browser.js("(() => { const t = document.getElementById('title'); return t.scrollWidth <= t.clientWidth; })()")
    press(browser, "End", 35)
    step_shown(browser, finished["moves"])


@pytest.fixture
def touch_screen(browser: Browser) -> Iterator[Browser]:
    """The page on a 1024x768 touch screen (issue 29.17)."""
    browser.send("Emulation.setDeviceMetricsOverride", width=1024, height=768, deviceScaleFactor=1,
                 mobile=False)
    browser.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    yield browser
    browser.send("Emulation.setTouchEmulationEnabled", enabled=False)
    browser.send("Emulation.clearDeviceMetricsOverride")


def tap(b: Browser, selector: str) -> None:
    x, y = box_of(b, selector)
    b.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
    b.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


def swipe(b: Browser, selector: str, dx: float) -> None:
    x, y = box_of(b, selector)
    b.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
    for i in range(1, 6):
        b.send("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": x + dx * i / 5, "y": y}])
    time.sleep(0.15)  # the finger rests before it lifts: no fling, which the next tap would only stop
    b.send("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": x + dx, "y": y}])
    b.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


def test_the_banner_and_the_replay_by_finger(
        touch_screen: Browser, live: tuple[str, TableServer], screenshots: Path,
        finished: dict[str, Any]) -> None:
    """issue 29.17: on a tablet, the banner's links and the replay's controls are
    tapped, and a swipe across the board steps."""
    b = touch_screen
    b.open(finished["url"])
    b.wait("document.getElementById('gameover') && !document.getElementById('gameover').hidden")
    b.screenshot(screenshots / "game-over-touch.png")
    tap(b, "#replay-link")
    step_shown(b, 0)
    for selector in ("#forward", "#forward", "#back", "#forward", "#forward"):
        tap(b, selector)
    step_shown(b, 3)
    swipe(b, "#board", -200)  # finger to the left: the next move
    step_shown(b, 4)
    swipe(b, "#board", 200)
    step_shown(b, 3)
    tap(b, "#last")
    step_shown(b, finished["moves"])
    sizes = b.js("[...document.querySelectorAll('#controls button')].map(e => e.getBoundingClientRect().height)")
    assert min(sizes) >= 40, "buttons big enough for a finger"
    b.screenshot(screenshots / "replay-touch.png")


def set_file(b: Browser, selector: str, path: Path) -> None:
    """Choose a file in a file input, as the file dialog does."""
    root = b.send("DOM.getDocument")["root"]["nodeId"]
    node = b.send("DOM.querySelector", nodeId=root, selector=selector)["nodeId"]
    b.send("DOM.setFileInputFiles", files=[str(path)], nodeId=node)


def test_the_host_opens_a_record_from_disk(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path,
        finished: dict[str, Any], tmp_path: Path) -> None:
    """issue 29.13: an uploaded record replays; a corrupt one is refused with its line."""
    base, server = live
    from core.record import dump_record

    record = server.store.get(finished["id"]).record()
    good = tmp_path / "my-game.yaml"
    good.write_text(dump_record(record))
    bad = tmp_path / "broken.yaml"
    bad.write_text(dump_record(record).replace("moves:\n- ", "moves:\n- ZZ ", 1))
    b = browser
    b.open(f"{base}/?key={KEY}")
    # the link stands under the table of saved games, which fills after the page loads:
    # clicked before that, the click lands where the link was
    b.wait(f"[...document.querySelectorAll('#games tbody td')].some(td => td.textContent === {finished['id']!r})")
    b.click("#replay-upload")
    b.wait("document.getElementById('upload') && !document.getElementById('upload').hidden")
    set_file(b, "#upload-file", bad)
    b.click("#upload-open")
    b.wait("!document.getElementById('error').hidden")
    error = b.js("document.getElementById('error').textContent")
    assert error.startswith("broken.yaml:") and "move 1 'ZZ " in error, error
    b.screenshot(screenshots / "replay-upload-error.png")
    set_file(b, "#upload-file", good)
    b.js("document.getElementById('upload-side').value = 'black'")
    b.click("#upload-open")
    step_shown(b, 0)
    assert b.js("document.getElementById('error').hidden")
    assert b.js("document.getElementById('title').textContent").endswith("(replay) my-game.yaml")
    # seen as Black, the board is turned, Black's tanks at the foot as at its live table, the
    # heading left above it (hidden playtest: Black's replay showed White at the bottom)
    feet = b.js("""(() => { const y = side => Math.max(...[...document.querySelectorAll(`#board svg g.tt-piece.${side}`)]
        .map(g => g.getBoundingClientRect().bottom)); return [y('white'), y('black'),
        document.querySelector('#board svg .caption').getBoundingClientRect().bottom,
        document.querySelector('#board svg .tt-replay-turned').getBoundingClientRect().top]; })()""")
    assert feet[1] > feet[0] and feet[2] <= feet[3] + 1, feet
    press(b, "End", 35)
    step_shown(b, finished["moves"])
    b.screenshot(screenshots / "replay-upload.png")


def test_a_seats_replay_of_a_running_duel_holds_no_secret_in_the_dom(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """issue 29.13: the replay opened from the Soviet seat's link of a Duel of the
    Giants game still running: at every step the page holds nothing the Soviet
    player may not know (the German's hidden set-up, programs, markers)."""
    import random

    from cli.serve.store import GameSpec
    from cli.serve.tables import HUMAN, Seat
    from tests.serve.test_hidden_information import check, secrets_against

    base, server = live
    table = server.store.create(GameSpec(ruleset="duel-of-the-giants", seed=12, setup="manual",
                                         options=["end.max_rounds=1"],
                                         seats={"german": "human", "soviet": "human"}))
    rng = random.Random(12)
    while len(table.game.history) < 60:
        g = table.game
        table.act(Seat(HUMAN, g.to_move()), g.format_action(rng.choice(g.legal_actions())))
    assert table.game.outcome() is None
    soviet = table.game.players.index("soviet")
    token = table.token_for(Seat(HUMAN, soviet))
    browser.open(f"{base}/t/{table.id}/{token}")
    browser.wait("document.body.dataset.version !== undefined && document.querySelector('#board svg')")
    browser.click("#replay-so-far")  # the table's own link to the replay so far
    step_shown(browser, 0)
    assert browser.js("location.pathname") == f"/replay/{table.id}/{token}"
    assert browser.js("document.getElementById('you').textContent") == "as soviet sees it"
    secrets = secrets_against(server, table.id, soviet)
    assert secrets, "the German has secrets to keep"
    keys = [("ArrowRight", 39, 1), ("PageDown", 34, 11), ("ArrowRight", 39, 12), ("PageDown", 34, 22),
            ("PageDown", 34, 32), ("PageDown", 34, 42), ("ArrowLeft", 37, 41), ("PageDown", 34, 51),
            ("PageDown", 34, 60), ("PageUp", 33, 50)]
    for key, code, n in keys:
        press(browser, key, code)
        step_shown(browser, n)
        check(browser.js("document.documentElement.outerHTML"), secrets, f"the Soviet replay, step {n}")
    press(browser, "End", 35)
    step_shown(browser, 60)
    check(browser.js("document.documentElement.outerHTML"), secrets, "the Soviet replay, last step")
    browser.screenshot(screenshots / "replay-duel-soviet.png")
