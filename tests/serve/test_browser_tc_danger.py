"""Issue 59.1 and 59.6 in a real Chromium, Tank Chess: each destination of the
picked tank is tinted by the danger the rules engine found there (red: destroyed
next turn whatever its facing; amber: in fire for some of its moves), the
shooters named on hover; the move list opens short, a folded line per tank,
and a picked tank's moves stand a line per destination with their facings.

The position (tests/serve/test_browser_tc.py): White's MT on d4 facing N, Black's
Light Tanks on h8 and h6 facing N: gun 1 beats the MT's rear (0) only, so a
square is red where every facing shows them its rear (TC-6.1, TC-6.2).
"""

from __future__ import annotations

from pathlib import Path

from rulesets.tank_chess.game import TankChessGame
from rulesets.tank_chess.notation import parse_square
from rulesets.tank_chess.table_aids import board_aids
from tests.serve.browser import Browser
from tests.serve.test_browser_tc import SPOT, at, click, live_tc, open_game  # noqa: F401
from tests.tank_chess.helpers import board

GRID = "\n".join(" ".join(["."] * 16) for _ in range(16))


def position(extra: tuple[tuple[str, str, str], ...] = ()) -> TankChessGame:
    """The browser tests' position (tests/serve/test_browser_tc.py), with ``extra`` tanks
    (square, letter, facing) added."""
    rows = [list(r.split()) for r in GRID.split("\n")]
    facing = {"d4": "N", "a1": "N", "h8": "N", "h6": "N", "p16": "S"}
    for sq, letter, face in (("d4", "M", ""), ("a1", "C", ""), ("h8", "l", ""), ("h6", "l", ""), ("p16", "c", ""),
                             *extra):
        f, r = parse_square(sq, 16, "white")
        rows[15 - r][f] = letter
        if face:
            facing[sq] = face
    return board("\n".join(" ".join(r) for r in rows), facing)


def expected_danger() -> dict[str, str]:
    """Per destination of MT d4, the tint the notes call for, from the rules engine."""
    game = position()
    legal = [a for a in game.legal_actions() if game.format_action(a).startswith("MT d4-")]
    notes = game.describe_actions(legal)
    by: dict[str, list[str]] = {}
    for a, n in zip(legal, notes, strict=True):
        assert a.to is not None
        by.setdefault(game.square_name(a.to), []).append(n)
    out = {}
    for to, ns in by.items():
        fired = [n for n in ns if "into fire: " in n]
        dead = [n for n in fired if "destroys it" in n]
        out[to] = "dead" if len(dead) == len(ns) else "some" if fired else ""
    return out


def test_a_shots_label_on_the_board_leaves_its_danger_to_the_tints() -> None:
    """This session's playtest (issues 58/59): a shot's label drawn on the board carried the
    move's whole note, "...: destroys it; + CHECK, into fire: MT f12 destroys it from the side",
    and ran across a whole rank. What the shot does stays on it; the danger of ending there is
    the destination's tint (issue 59.1), named on hover. A black HT on d16 puts every shot in fire."""
    game = position((("d16", "h", "S"),))
    shots = [a for a in game.legal_actions() if getattr(a, "target", None) is not None]
    notes = game.describe_actions(shots)
    labels = [aid.drawing.lines[0].label for aid in board_aids(game, shots, notes).actions if aid.drawing]
    assert len(labels) == len(shots) and any("into fire: HT d16" in n for n in notes), notes
    assert all(label.split(":")[0] in ("front", "side", "rear") and "destroys it" in label
               and "into fire" not in label for label in labels), labels
    # hidden playtest: the label stands at its target and is short ("side: destroys it")
    assert max(len(label) for label in labels) <= len("front: destroys it; + CHECK"), labels


def test_59_1_59_6_danger_tints_and_the_move_list_by_tank_and_destination(
        browser: Browser, live_tc: str, screenshots: Path) -> None:  # noqa: F811
    open_game(browser, live_tc)
    # no tank picked: the list is a folded line per tank, not hundreds of buttons
    browser.click("#actions-box summary")
    browser.wait("document.querySelectorAll('#actions details.tc-tank').length === 2")
    assert browser.js("[...document.querySelectorAll('#actions details.tc-tank')].every(d => !d.open)")
    heads = browser.js("[...document.querySelectorAll('#actions details.tc-tank > summary')].map(s => s.textContent)")
    assert any(h.startswith("MT d4: ") for h in heads) and any(h.startswith("CLT a1: ") for h in heads)
    # the MT picked: its destinations tinted once the notes are in
    click(browser, *at(browser, SPOT.format("d4")))
    browser.wait("document.querySelector('#tt-overlay circle.tt-to.tc-danger-dead')")
    shown = browser.js("""Object.fromEntries([...document.querySelectorAll('#tt-overlay circle.tt-to')]
        .filter(c => !c.classList.contains('tt-here'))
        .map(c => [c.dataset.place, c.classList.contains('tc-danger-dead') ? 'dead'
                   : c.classList.contains('tc-danger-some') ? 'some' : '']))""")
    expected = expected_danger()
    expected.pop("d4", None)  # turning in place: the small handle, checked by its own class below
    assert shown == expected
    assert "dead" in shown.values() and "some" in shown.values() and "" in shown.values()
    red = next(k for k, v in shown.items() if v == "dead")
    # hover names the shooter
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=0, y=0)
    x, y = at(browser, SPOT.format(red))
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
    browser.wait("!document.getElementById('tc-danger-tip')?.hidden"
                 " && document.getElementById('tc-danger-tip').textContent.includes('into fire: LT h')")
    # the tip is short (who could shoot, the safe moves); each shooter is ringed on the
    # board with an arrow to the square (this session's playtest: eight shooters made a
    # tip of twelve lines that named squares the eye then had to find)
    tip = browser.js("document.getElementById('tc-danger-tip').textContent")
    assert tip.count("\n") <= 2 and tip.count("LT h") == 2, tip
    shooters = browser.js("[...document.querySelectorAll('#tc-threat circle')].map(c => c.dataset.shooter)")
    assert sorted(shooters) == ["h6", "h8"], shooters
    assert browser.js("document.querySelectorAll('#tc-threat line').length") == 2
    browser.screenshot(screenshots / "tc-danger.png")
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=0, y=0)
    browser.wait("!document.getElementById('tc-threat')")
    # hovering a destination draws its moves' shots: one label per target however many
    # facings give the shot, at its target (hidden playtest: "hits its reahits its rear")
    # (on the board turned round, as Black sees it: the label turned upright where it stands)
    browser.click("#turn-board")
    browser.wait("document.getElementById('board').classList.contains('tt-turned')")
    x, y = at(browser, SPOT.format("d6"))
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
    browser.wait("document.querySelectorAll('#tt-aid line.tt-shot').length >= 2")
    labels = browser.js("[...document.querySelectorAll('#tt-aid .tt-shot-label')].map(t => [t.textContent, t.dataset.target])")
    assert labels == [["side: destroys it", browser.js("(() => { const l = document.querySelector('#tt-aid line.tt-shot');"
                                                       " return l.getAttribute('x2') + ',' + l.getAttribute('y2'); })()")]], labels
    near = browser.js("""(() => { const t = document.querySelector('#tt-aid .tt-shot-label').getBoundingClientRect(),
        e = document.querySelector('#tt-aid circle.tt-shot-end').getBoundingClientRect();
        return [Math.abs((t.left + t.right) / 2 - (e.left + e.right) / 2), Math.abs((t.top + t.bottom) / 2 - (e.top + e.bottom) / 2),
                e.width / 12 * 36]; })()""")
    assert near[0] < 0.8 * near[2] and near[1] < 1.2 * near[2], near  # within a square of its target
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=0, y=0)
    browser.click("#turn-board")
    browser.wait("!document.getElementById('board').classList.contains('tt-turned')")
    title = browser.js(f"document.querySelector(\"{SPOT.format(red)} title\").textContent")
    assert title.startswith(f"{red}: destroyed next turn whatever its facing") and "LT h" in title
    # the picked tank's moves: one open group, a line per destination, facings as buttons
    browser.wait("document.querySelectorAll('#actions details.tc-tank').length === 1")
    assert browser.js("document.querySelector('#actions details.tc-tank').open")
    lines = browser.js("document.querySelectorAll('#actions li.tc-destination').length")
    assert lines == len(expected) + 1  # and d4 itself, turning in place
    buttons = browser.js("[...document.querySelectorAll('#actions button.action')].map(b => b.textContent)")
    assert buttons and all(b.startswith("MT d4-") for b in buttons)
    visible = browser.js("document.querySelector('#actions button.action').innerText")
    assert not visible.startswith("MT"), "the line says the square once; a button its facing"


def test_59_1_threats_answers_with_a_map_in_columns(
        browser: Browser, live_tc: str, screenshots: Path) -> None:  # noqa: F811
    """``threats`` asked at the table: the tanks under fire (the white MT on d4 is not,
    facing N with its rear to no one) and the covered squares, as a map in a fixed-width font."""
    open_game(browser, live_tc)
    browser.js("(() => { document.getElementById('ask').value = 'threats';"
               " document.getElementById('ask-form').requestSubmit(); })()")
    browser.wait("document.getElementById('answer').textContent.includes('squares the enemy can fire into')")
    answer = browser.js("document.getElementById('answer').textContent")
    assert "none of white's tanks can be shot next turn" in answer and " 16" in answer
    assert "!M" not in answer  # its rear faces no one: the LTs' gun 1 beats no other side of it (TC-6.2)
    assert browser.js("document.getElementById('answer').classList.contains('tc-map')")
    # the answer floats clear of the board's squares (this session's playtest: the board
    # reaches the window's foot, and a hint's answer hid the player's own rank)
    overlap = browser.js("""(() => { const a = document.getElementById('answer').getBoundingClientRect();
        const svg = document.querySelector('#board svg'), m = svg.getScreenCTM();
        const [x, y, w, h] = svg.dataset.field.split(' ').map(Number);
        const p = new DOMPoint(x, y).matrixTransform(m), q = new DOMPoint(x + w, y + h).matrixTransform(m);
        const b = {left: p.x, top: p.y, right: q.x, bottom: q.y};  // the squares on the screen
        return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
             * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)); })()""")
    assert overlap < 10 * 40, f"the answer covers {overlap} px² of the board"
    # it stands in the side panel, under the move list (this session's playtest 1: floating at the
    # window's foot it covered the board's lower right corner at 1280x800)
    assert browser.js("document.getElementById('answer').closest('#turn-panel')"
                      " && document.getElementById('actions-box').getBoundingClientRect().bottom"
                      " <= document.getElementById('answer').getBoundingClientRect().top")
    font = browser.js("getComputedStyle(document.getElementById('answer')).fontFamily")
    assert "mono" in font.lower(), font
    browser.screenshot(screenshots / "tc-threats.png")
    # a hint's answer is drawn on the board as arrows, the best bold, its shot on to the
    # target (this session's playtest: a suggestion read only as notation in a corner)
    browser.js("document.getElementById('answer').textContent = 'hint: MT d4-d6:E xh6 (+0.50) · "
               "MT d4-d5:N (0.00); the search\\'s estimates of the result for white'")
    browser.wait("document.querySelector('#tc-hint line.tc-hint-best[data-move=\"d4-d6\"]')"
                 " && document.querySelector('#tc-hint line.tc-hint-other[data-move=\"d4-d5\"]')"
                 " && document.querySelector('#tc-hint line.tc-hint-shot')")
    browser.screenshot(screenshots / "tc-hint.png")
    # its close button puts it away, arrows and all; the same answer again for what follows
    browser.click("#tc-answer-close")
    browser.wait("document.getElementById('answer').textContent === '' && !document.getElementById('tc-hint')"
                 " && getComputedStyle(document.getElementById('tc-answer-box')).display === 'none'")
    browser.js("document.getElementById('answer').textContent = 'hint: MT d4-d6:E xh6 (+0.50) · "
               "MT d4-d5:N (0.00); the search\\'s estimates of the result for white'")
    browser.wait("document.querySelector('#tc-hint circle.tc-hint-hit')")
    # a suggestion is one click to play (this round's playtest: the arrows could not be
    # pressed): each move of the answer is a button, each arrow's head a place to press
    assert browser.js("[...document.querySelectorAll('#answer button.tc-hint-play')].map(b => b.textContent)"
                      ".join('|')") == "MT d4-d6:E xh6|MT d4-d5:N"
    assert browser.js("document.getElementById('answer').textContent").startswith("hint: MT d4-d6:E xh6 (+0.50)")
    hit = "getComputedStyle(document.querySelector('#tc-hint circle.tc-hint-hit')).pointerEvents"
    assert browser.js(hit) == "all"
    click(browser, *at(browser, SPOT.format("d4")))  # a tank picked: its destinations answer, not the heads
    browser.wait(f"{hit} === 'none'")
    click(browser, *at(browser, SPOT.format("d4")))  # let go
    browser.wait(f"{hit} === 'all'")
    # text typed for this position (a refused move, a filter) is stale once a move is
    # played, by a hint's arrow too (playtest: it stood there three moves later)
    browser.js("(() => { document.getElementById('move').value = 'MT d4-d9:N';"
               " const f = document.getElementById('filter'); f.value = 'd5'; f.dispatchEvent(new Event('input')); })()")
    click(browser, *at(browser, "#tc-hint circle.tc-hint-hit[data-hint='MT d4-d5:N']"))
    browser.wait("document.getElementById('log').textContent.includes('MT d4-d5:N')")
    browser.wait("document.getElementById('move').value === '' && document.getElementById('filter').value === ''")
    browser.wait("!document.getElementById('tc-hint')")
