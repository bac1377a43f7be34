"""Terrain and tanks as drawn, in a real headless Chromium (issue 58 points 2 and 5).

A Battle of Tanks table on the shipped village, with tanks in every state the
picture tells apart (ordered, in AMBUSH, spotted, track-damaged, destroyed),
and a Duel of the Giants board in summer: the page must show the drawings the
server sent -- each tank a ``tt-piece`` rotated to its heading and as long as
its footprint on the screen, roofs, tree crowns, hedges, rubble, shadows under
tall cover; the hexes' textures and crowns, the front's trenches, the airstrip
-- with every texture found (a ``url(#id)`` the page cannot resolve paints
nothing). Screenshots go to ``$TANKTABLE_SCREENSHOTS`` to be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cli.serve.app import TableServer
from data import battle_of_tanks as bt_data
from rulesets.battle_of_tanks.svg import SCALE
from tests.battle_of_tanks.helpers import give_chit, make_game
from tests.serve.browser import Browser
from tests.serve.helpers import create_live, serving_positions

POSITION = "bt-terrain.yaml"
VILLAGE = Path(bt_data.__file__).parent / "tables" / "village.yaml"


def position() -> dict[str, Any]:
    """The village with a tank in each state: a1 ordered to MOVE, a2 in AMBUSH, a3
    track-damaged, b1 spotted, b2 destroyed (a wreck), the rest plain; headings
    all different so that a rotation that ignored them would show."""
    terrain = yaml.safe_load(VILLAGE.read_text(encoding="utf-8"))["terrain"]
    g = make_game(["t-34-85m", "amx-12t", "t-80", "pzkpfw-ii-luchs"], ["tiger-i", "is-2", "e-25", "t-80"],
                  {"a1": (12, 36, 30), "a2": (46, 30, 75), "a3": (24, 64, 0), "a4": (38, 92, 300),
                   "b1": (80, 58, 200), "b2": (62, 88, 135), "b3": (100, 96, 250), "b4": (108, 40, 180)},
                  terrain=terrain, seed=3)
    give_chit(g, "a")
    doc = g.position()
    tanks = {t["key"]: t for t in doc["tanks"]}
    tanks["a1"].update(order="MOVE", moved=True)
    tanks["a2"].update(order="AMBUSH", ambush=True, ambush_since=1)
    tanks["a3"].update(track_until=1)
    tanks["b2"].update(hp=0, wreck=True)
    doc.update(bag=["a4", "b3", "b1", "b4"], drawn=["a1", "a2", "a3"], spotted=["b1"],
               destroyed_tiers={"a": 0, "b": 4})
    return doc


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, TableServer]]:
    folder = tmp_path_factory.mktemp("terrain")
    path = folder / POSITION
    path.write_text(yaml.safe_dump(position(), sort_keys=False), encoding="utf-8")
    with serving_positions(folder / "games", [path]) as live:
        yield live


MISSING_URLS = """(() => {
  const svg = document.querySelector('#board svg');
  const bad = [];
  for (const e of svg.querySelectorAll('[fill^="url(#"]')) {
    const id = e.getAttribute('fill').slice(5, -1);
    if (!svg.querySelector('#' + CSS.escape(id))) bad.push(id);
  }
  return bad;
})()"""


def test_issue_58_2_and_5_battle_of_tanks_tanks_and_terrain_on_the_page(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """Each tank is a ``tt-piece`` drawn at its heading and to the scale of its card's
    footprint as the page shows it; the states keep their marks; the village's
    roofs, crowns, hedge and rubble are on the page, tall cover with its shadow,
    and every texture resolves."""
    base, server = live
    created = create_live(base, ruleset="battle-of-tanks", position=POSITION,
                          seats={"a": "human", "b": "human"}, seed=7)
    browser.open(base + created["links"]["a"])
    browser.wait("document.querySelectorAll('#board svg g.tt-piece').length === 8")
    table = server.store.get(created["id"])
    assert table is not None
    game: Any = table.game
    pieces = browser.js("""Object.fromEntries([...document.querySelectorAll('#board svg g.tt-piece')].map(g => {
        const m = g.transform.baseVal.consolidate().matrix;
        // the drawing is the piece's own or the one its <use> shows (kept once in the defs)
        const arts = [g, ...[...g.querySelectorAll('use')].map(u => document.getElementById(u.getAttribute('href').slice(1)))];
        const boxes = arts.flatMap(a => [...a.querySelectorAll('rect.track')]).map(
            r => ({x: r.x.baseVal.value, y: r.y.baseVal.value, width: r.width.baseVal.value, height: r.height.baseVal.value}));
        const x0 = Math.min(...boxes.map(b => b.x)), x1 = Math.max(...boxes.map(b => b.x + b.width));
        const y0 = Math.min(...boxes.map(b => b.y)), y1 = Math.max(...boxes.map(b => b.y + b.height));
        return [g.dataset.piece, {deg: Math.atan2(m.b, m.a) * 180 / Math.PI, x: m.e, y: m.f,
                                  w: x1 - x0, h: y1 - y0, cls: g.getAttribute('class'),
                                  marks: [...g.querySelectorAll('[class^="mark-"]')].map(e => e.getAttribute('class'))}];
    }))""")
    scale = SCALE
    for t in game.tanks:
        p = pieces[t.key]
        assert abs(((p["deg"] + t.heading) % 360 + 540) % 360 - 180) < 0.5, (t.key, p["deg"], t.heading)
        assert abs(p["x"] - t.x * scale) < 0.2 and abs(p["y"] - (game.field.depth - t.y) * scale) < 0.2
        assert abs(p["w"] - t.length * scale) < 0.5 and abs(p["h"] - t.width * scale) < 0.5, (t.key, p)
    assert "tt-wreck" in pieces["b2"]["cls"] and "mark-destroyed" in pieces["b2"]["marks"]
    assert any(m.startswith("mark-order order-move") for m in pieces["a1"]["marks"])
    assert "mark-ambush" in pieces["a2"]["marks"] and "mark-track" in pieces["a3"]["marks"]
    assert "mark-spotted" in pieces["b1"]["marks"]
    assert not pieces["a4"]["marks"]
    looks = browser.js("""[...document.querySelectorAll('#board svg g.terrain')].map(g => g.dataset.look)""")
    assert {"building", "wall", "hedge", "woods", "rubble", "fence", "timber"} <= set(looks)
    shadows = browser.js("document.querySelectorAll('#board svg g.terrain[data-height=tall] .tt-cast-shadow').length")
    assert shadows == sum(1 for f in game.field.features if f.height == "tall")
    assert browser.js(MISSING_URLS) == []
    # a roof is drawn where the church stands, on the screen: its box is the church's
    church = browser.js("""(() => { const r = [...document.querySelectorAll('#board svg g.terrain')]
        .find(g => g.querySelector('title').textContent.startsWith('church')).getBoundingClientRect();
        return [r.width, r.height]; })()""")
    assert church[0] > 20 and church[1] > 20
    browser.screenshot(screenshots / "terrain-battle-of-tanks.png")


def test_issue_58_5_duel_of_the_giants_terrain_on_the_page(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """Every hex has its ground drawn (99 of them), forests carry crowns, high ground
    its contours, the front its trenches, the airfield its strip; every texture resolves."""
    base, _ = live
    created = create_live(base, ruleset="duel-of-the-giants", seed=11, seats={"german": "human", "soviet": "human"})
    browser.open(base + created["links"]["german"])
    browser.wait("document.querySelectorAll('#board svg g.terrain polygon.hex-ground').length === 99")
    counts = browser.js("""(() => { const t = document.querySelector('#board svg g.terrain');
        const n = s => t.querySelectorAll(s).length;
        return {forest: n('polygon[data-look=forest]'), crowns: n('g.tt-canopies'), high: n('polygon[data-look=high]'),
                contours: n('.tt-contour'), trenches: n('g.tt-trench'), strip: n('g.tt-airfield')}; })()""")
    assert counts["forest"] == counts["crowns"] > 0 and counts["contours"] == 2 * counts["high"] > 0
    assert counts["trenches"] > 0 and counts["strip"] == 1
    assert browser.js(MISSING_URLS) == []
    browser.screenshot(screenshots / "terrain-duel-of-the-giants.png")
