"""Issue 59.1 in a real Chromium, Duel of the Giants: in the Soviet's phase B the
hexes a T-34's step or dash would end on in a known German gun's fire are tinted on
the map before any hover, and a click on a T-34 writes beside each of its
destinations what waits there (the shooters and what their shot would do, a mine
marker, or that nothing known covers it) -- from the Soviet's knowledge only: the
page holds no German secret.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cli.serve.app import TableServer
from core.ai import make_agent
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import T34Dash, T34Step
from rulesets.duel_of_the_giants.board import label
from rulesets.duel_of_the_giants.table_aids import board_aids
from tests.serve.browser import Browser
from tests.serve.helpers import serving_positions
from tests.serve.test_browser_dg import SHIPPED, log_length, my_turn, no_secrets, open_seat


def b3_position(folder: Path) -> Path:
    """The shipped combat position played on (random moves, seed 1) to the Soviet's phase
    B3 of round 3: T-34 #1 at f4 would step into Tiger 1's and Tiger 2's fire."""
    g: Any = RULESET.from_position(yaml.safe_load((SHIPPED / "summer-combat.yaml").read_text()), 1)
    agent = make_agent("random", seed=1)
    for _ in range(200):
        if g.step == "B3" and g.players[g.to_move()] == "soviet":
            break
        g.apply(agent.choose(g))
    else:
        raise AssertionError("phase B3 not reached")
    path = folder / "b3.yaml"
    path.write_text(yaml.safe_dump(g.position(), sort_keys=False))
    return path


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, TableServer]]:
    with serving_positions(tmp_path_factory.mktemp("games"), [b3_position(tmp_path_factory.mktemp("p"))]) as live:
        yield live


def expected(g: Any) -> dict[str, tuple[str, str, str]]:
    """Each step or dash destination (its drawing's point, to 0.1 as the page gets it)
    -> (kind, label, the T-34's hex)."""
    moves = [a for a in g.legal_actions() if isinstance(a, (T34Step, T34Dash))]
    out = {}
    for a, aid in zip(moves, board_aids(g, moves, [""] * len(moves)).actions, strict=True):
        for m in aid.drawing.marks if aid.drawing else ():
            if aid.end is not None and m.at != aid.end.at:
                out.setdefault(f"{round(m.at[0], 1):g},{round(m.at[1], 1):g}", (m.kind, m.label, label(a.at)))
    return out


def test_59_1_a_t34s_dangerous_destinations_are_tinted_and_named(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    base, server = live
    game_id = open_seat(browser, base, "b3.yaml", "soviet", {"german": "human", "soviet": "human"})
    my_turn(browser)
    g = server.store.tables[game_id].game
    want = expected(g)
    threats = {at for at, (kind, _, _) in want.items() if kind in ("threat", "mine")}
    assert any(kind == "threat" for kind, _, _ in want.values()), want
    # before any hover or click: the hexes in fire (or with a mine marker ahead) are tinted
    browser.wait("document.querySelector('#dg-danger polygon.dg-danger-hit')")
    shown = browser.js("[...document.querySelectorAll('#dg-danger polygon.dg-danger')]"
                       ".map(p => [p.dataset.at.split(',').map(Number).join(','), p.dataset.kind])")
    assert {at for at, _ in shown} == threats
    fill = browser.js("getComputedStyle(document.querySelector('#dg-danger polygon.dg-danger-hit')).fill")
    assert fill == "rgb(198, 40, 40)", fill
    # hidden playtest point 1: the tints read the Tigers where they stand now, said once
    caveat = browser.js("[...document.querySelectorAll('#decision .dg-forecast-caveat')].map(p => p.textContent)")
    assert caveat == ["Danger tints and notes: from where the Tigers stand now; "
                      "they drive their programs in phase C before combat."], caveat
    browser.screenshot(screenshots / "dg-danger-tints.png")
    # a click on the T-34 whose step is in fire: each of its destinations says what waits there
    at, (kind, words, t34) = next((k, v) for k, v in want.items() if v[0] == "threat")
    browser.click(f"#tt-overlay circle.tt-to[data-place='{t34}']")
    browser.wait(f"document.getElementById('dg-danger')?.dataset.considering === '{t34}'")
    # no words on the map until a destination is pointed at, then its words alone, inside
    # the board (playtest of issues 58/59: every destination's label overlapped on a row)
    assert browser.js("document.querySelectorAll('#dg-danger-words text').length") == 0
    point = browser.js(f"""(() => {{ const svg = document.querySelector('#board svg');
        const p = new DOMPoint({at.split(',')[0]}, {at.split(',')[1]}).matrixTransform(svg.getScreenCTM());
        return [p.x, p.y]; }})()""")
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=point[0], y=point[1])
    assert browser.wait("document.querySelectorAll('#dg-danger-words text').length || null") == 1
    inside = browser.js("""(() => { const t = document.querySelector('#dg-danger-words text'), b = t.getBBox(),
        v = t.ownerSVGElement.viewBox.baseVal; return b.x >= v.x && b.x + b.width <= v.x + v.width; })()""")
    assert inside
    labels = browser.wait("[...document.querySelectorAll('#dg-danger-words text.dg-danger-label')]"
                          ".map(t => t.textContent).join(' | ') || null")
    # a few words, the hexes left to the title (and the note line), cut short with "…" if long
    assert re.sub(r" \([a-k]\d+\)", "", words).startswith(labels.rstrip("…")) and "Tiger" in labels, labels
    title = browser.js(f"document.querySelector(\"#dg-danger polygon[data-at='{at}'] title\").textContent")
    assert title == words
    # its moves beside the board in words, the notation after them (playtest of issue 58)
    offered = browser.js("[...document.querySelectorAll('#chooser button.choice')].map(b => b.textContent + ' = ' + b.title)")
    assert any(o.startswith(f"forward = {t34} F") for o in offered), offered
    assert any(o.startswith(f"turn left = {t34} L") for o in offered), offered
    # the T-34's moves a few buttons in a row, their notes in the tooltips, and no turret
    # wheel over its destinations until asked for (playtest of issues 58/59: the list pushed
    # the panel 450 px down, the wheel hid e10)
    browser.screenshot(screenshots / "dg-danger-considered.png")
    assert browser.js("document.getElementById('chooser').offsetHeight") < 240
    assert browser.js("document.querySelector('#dg-picker')") is None
    no_secrets(browser, server, game_id, 1)
    # hidden playtest point 3: moves hovered together that say the same are drawn once, and
    # the note line says it once, after the first move and how many more
    labels, note = browser.js("""Promise.all([import('/static/table/aids.js'), import('/static/table/connection.js')])
        .then(([aids, c]) => { const a = c.table.state.actions.find(x => x.aid && (x.aid.lines || []).some(l => l.label));
          aids.showAids([a, a, a]);
          return new Promise(done => setTimeout(() => { const out = [[...document.querySelectorAll(
            '#tt-aid text.tt-aid-label')].map(t => t.textContent), document.getElementById('aid-note').textContent];
            aids.clearAids(); done(out); }, 0)); })""")
    assert labels and len(labels) == len(set(labels)), labels
    assert "\n" not in note and " and 2 more: " in note, note
    # hidden playtest point 4: a click on an ATG marker finds the T-34 recon(s) of it (DG-10.7),
    # by where it lands on the board's picture; nothing under a click elsewhere
    found = browser.js("""import('/static/table/rulesets/duel-of-the-giants/recon-click.js').then(m => {
        const svg = document.querySelector('#board svg'), ctm = svg.getScreenCTM();
        const at = p => new DOMPoint(p[0], p[1]).matrixTransform(ctm);
        const state = {your_turn: true, targets: {radius: 24, places: {d11: [100, 200]}},
                       actions: [{text: 'f11 reveal d11'}, {text: 'e11 reveal d11'}, {text: 'end'}]};
        const on = at([105, 195]), off = at([160, 200]);
        return [m.revealsAt({clientX: on.x, clientY: on.y}, state).map(a => a.text),
                m.revealsAt({clientX: off.x, clientY: off.y}, state).length]; })""")
    assert found == [["f11 reveal d11", "e11 reveal d11"], 0], found
    # a click on the destination pointed at plays the move there (lichess-style)
    count = log_length(browser)
    browser.send("Input.dispatchMouseEvent", type="mousePressed", x=point[0], y=point[1], button="left", clickCount=1)
    browser.send("Input.dispatchMouseEvent", type="mouseReleased", x=point[0], y=point[1], button="left", clickCount=1)
    if browser.js("document.getElementById('chooser').hidden"):
        browser.wait(f"document.querySelectorAll('#log > li').length > {count}")
    else:  # a step and a dash both end there: those two alone are offered
        assert len(browser.js("[...document.querySelectorAll('#chooser button.choice')]")) == 2
