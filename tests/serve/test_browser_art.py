"""Pieces drawn, not lettered, in a real headless Chromium at 1024x768 (issue 58 points 1 and 3).

A Tank Chess table and a Duel of the Giants table as a player first sees them:
each piece is one ``tt-piece`` the page shows at a size a player can read and
press, turned to its facing (read from the drawing: Tank Chess's guns point the
way the tank faces), its code upright on its badge; the Duel of the Giants
Soviet seat sees the ATGs' backs as ``?`` while the German seat reads their
kinds. Screenshots go to ``$TANKTABLE_SCREENSHOTS`` to be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cli.serve.app import TableServer
from tests.serve.browser import Browser
from tests.serve.helpers import create_live, make_server, serving

PIECES = """(() => {
const matrix = m => new DOMMatrix([m.a, m.b, m.c, m.d, m.e, m.f]);
// an element of a piece's drawing and its place on the screen: in the piece itself, or
// in the drawing its <use> shows (kept once in the picture's defs)
function find(g, sel) {
  const own = g.querySelector(sel);
  if (own) return [own, own.getScreenCTM()];
  for (const use of g.querySelectorAll('use')) {
    const art = document.getElementById(use.getAttribute('href').slice(1));
    const el = art && art.querySelector(sel);
    if (!el) continue;
    let m = new DOMMatrix();
    for (let n = el; n && n !== art; n = n.parentElement) {
      const t = n.transform && n.transform.baseVal.consolidate();
      if (t) m = matrix(t.matrix).multiply(m);
    }
    return [el, matrix(use.getScreenCTM()).multiply(m)];
  }
  return [null, null];
}
return [...document.querySelectorAll('#board svg g.tt-piece')].map(g => {
    const r = g.getBoundingClientRect(), m = g.getCTM();
    const [badge, bm] = find(g, 'g.badge text, text.back-mark');
    return {id: g.dataset.piece, code: g.dataset.code || null, cls: g.getAttribute('class'),
            w: r.width, h: r.height, deg: Math.atan2(m.b, m.a) * 180 / Math.PI,
            badge: badge ? badge.textContent : null,
            upright: bm ? Math.abs(Math.atan2(bm.b, bm.a) * 180 / Math.PI) < 1 : null};
});
})()"""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, TableServer]]:
    app, server = make_server(tmp_path_factory.mktemp("art"))
    with serving(app, server) as base:
        yield base, server


def _pieces(b: Browser) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = b.js(PIECES)
    return found


def test_issue58_1_tank_chess_pieces_are_drawn_turned_and_readable_at_1024x768(
        small: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """Every piece of the opening is a drawing at least 20 px across on a 1024x768
    page (its square is wider still), White's guns point up the board and Black's
    down, each code upright on its badge; the legend shows the drawings of the cards on the board."""
    base, _ = live
    game = create_live(base, ruleset="tank-chess", seats={"white": "human", "black": "human"}, seed=2)
    small.open(base + game["links"]["white"])
    small.wait("document.querySelectorAll('#board svg g.tt-piece').length >= 12")
    pieces = _pieces(small)
    assert len({p["id"] for p in pieces}) == len(pieces)
    for p in pieces:
        assert min(p["w"], p["h"]) >= 20, p
        assert p["badge"] == p["code"] and p["upright"], p
        side = "white" if "white" in p["cls"].split() else "black"
        assert abs(p["deg"] - (-90 if side == "white" else 90)) < 1, p  # guns towards the enemy
    codes = {p["code"] for p in pieces}
    assert {"HT", "MT", "LT", "CLT"} <= codes
    legend = small.js("[...document.querySelectorAll('svg g.tank-art')].filter(g => !g.closest('g.tt-piece, defs'))"
                      ".map(g => g.getAttribute('class'))")
    # the cards on this board, each drawn once; the destroyer and the mortar are not on it
    assert len(legend) >= len(codes), legend
    assert not any("destroyer" in c or "mortar" in c for c in legend), legend
    small.screenshot(screenshots / "art-tank-chess-1024x768.png")
    for seat in ("white", "black"):
        if seat == "black":
            small.open(base + game["links"]["black"])
            small.wait("document.getElementById('board').classList.contains('tt-turned') && "
                       "document.querySelectorAll('#board svg g.tt-piece').length >= 12")
            small.screenshot(screenshots / "art-tank-chess-black-1024x768.png")
        _whole_board_in_sight(small, seat)
        if seat == "white":
            # a laptop's browser leaves the page ~700 px: with a mouse every square shows,
            # smaller than 40 px (playtest: rank 16 was cut and nothing brought it back);
            # + zooms in to the floor, and "whole board" shows every square again
            small.send("Emulation.setDeviceMetricsOverride", width=1024, height=660, deviceScaleFactor=1,
                       mobile=False)
            try:
                small.wait(f"({WHOLE_BOARD}).cut <= 2")
                assert small.js(f"({WHOLE_BOARD}).square") < 40, "smaller squares, every one in sight"
                small.click("#zoom-in")
                small.wait(f"({WHOLE_BOARD}).cut > 8")
                small.click("#zoom-fit")
                small.wait(f"({WHOLE_BOARD}).cut <= 2")
            finally:
                small.send("Emulation.setDeviceMetricsOverride", width=1024, height=768, deviceScaleFactor=1,
                           mobile=False)
                small.click("#zoom-fit")
            # the game over under White's eyes: the board whole again for the last look
            link = game["links"]["white"]
            api = "/api" + link[link.index("/t/"):]
            assert httpx.post(f"{base}{api}/resign", json={}, headers={"origin": base}, timeout=30).status_code == 200
            small.wait("document.getElementById('status').textContent.startsWith('game over')")
            small.wait("document.getElementById('gameover') && !document.getElementById('gameover').hidden")  # the result box is in
            small.js("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            over = small.js(WHOLE_BOARD)
            assert over["cut"] <= 1, over


WHOLE_BOARD = """(() => {
const svg = document.querySelector('#board svg'), view = svg.getBoundingClientRect();
const [fx, fy, fw, fh] = svg.dataset.field.split(' ').map(Number), m = svg.getScreenCTM();
const corner = (x, y) => new DOMPoint(x, y).matrixTransform(m);
const a = corner(fx, fy), b = corner(fx + fw, fy + fh);
const field = {left: Math.min(a.x, b.x), right: Math.max(a.x, b.x), top: Math.min(a.y, b.y), bottom: Math.max(a.y, b.y)};
const shown = sel => [...svg.querySelectorAll(sel)].filter(e => getComputedStyle(e).display !== 'none');
const coords = shown('.tc-coords-in').map(g => g.getAttribute('class'));
const bottom = shown('.tc-coords-in text').map(t => [t.textContent, t.getBoundingClientRect()])
  .filter(([, r]) => r.bottom > field.bottom - 20).sort((p, q) => p[1].x - q[1].x).map(([t]) => t);
const sides = [...svg.querySelectorAll('g.tt-piece')].map(g => {
  const r = g.getBoundingClientRect();
  return [g.classList.contains('white') ? 'white' : 'black', r.y + r.height / 2]; });
const mean = side => { const ys = sides.filter(s => s[0] === side).map(s => s[1]); return ys.reduce((p, q) => p + q) / ys.length; };
return {square: (field.right - field.left) / 16, cut: Math.max(0, view.top - field.top, field.bottom - view.bottom,
        view.left - field.left, field.right - view.right), coords, bottom, frame: shown('.tc-coords-frame').length,
        legend: !document.querySelector('svg.tt-legend') || document.querySelector('svg.tt-legend').hasAttribute('hidden'),
        white: mean('white'), black: mean('black')}; })()"""


def _whole_board_in_sight(b: Browser, seat: str) -> None:
    """issue 58.8 (this session's playtest: at 1280x800 the board opened with Black's two
    back ranks out of sight): the 16x16 board's squares take the window's height, its
    frame cropped and the legend folded, every rank in sight to within a few pixels at
    1024x768 while a square stays 40 px; the coordinates are read inside the edge
    squares along the screen's foot; the viewer's own tanks stand at the bottom."""
    seen = b.js(WHOLE_BOARD)
    # White is to move: its pieces are places to press, 40 px apart (Black's page, not
    # to move, has none yet and shows the board whole)
    assert seen["cut"] <= 8 and (seat == "black" or seen["square"] >= 40 - 0.5), seen
    assert seen["legend"] and seen["frame"] == 0, seen
    assert seen["coords"] == ["tc-coords-in tc-coords-" + ("bottom" if seat == "white" else "top")], seen
    files = "abcdefghijklmnop"
    assert "".join(t for t in seen["bottom"] if t.isalpha()) == (files if seat == "white" else files[::-1]), seen
    assert (seen[seat] > seen["black" if seat == "white" else "white"]), seen


def test_issue58_3_duel_of_the_giants_counters_and_the_atgs_secret(
        small: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """The summer opening: tank markers are face-down counters, ATGs show their kind
    on the German's page and ``?`` on the Soviet's (DG-12, DG-24); every counter is
    at least 20 px across; the codes read upright."""
    base, _ = live
    game = create_live(base, ruleset="duel-of-the-giants", seats={"german": "human", "soviet": "human"}, seed=11)
    seen: dict[str, list[dict[str, Any]]] = {}
    for seat in ("german", "soviet"):
        small.open(base + game["links"][seat])
        small.wait("document.querySelectorAll('#board svg g.tt-piece').length > 0")
        seen[seat] = _pieces(small)
        for p in seen[seat]:
            assert min(p["w"], p["h"]) >= 20, p
            assert p["upright"] is not False, p
        small.screenshot(screenshots / f"art-duel-of-the-giants-{seat}-1024x768.png")
    markers = [p for p in seen["soviet"] if "marker" in p["cls"].split()]
    assert markers and all(p["badge"] in ("W", "b") for p in markers)
    assert all(p["badge"] == "?" for p in seen["german"] if "marker" in p["cls"].split())
    atgs = {seat: {p["id"]: p["code"] for p in found if "atg" in p["cls"].split()} for seat, found in seen.items()}
    if atgs["german"]:
        assert set(atgs["german"]) == set(atgs["soviet"])
        assert {c.rstrip("t") for c in atgs["soviet"].values()} == {"A?"}
        assert "A?" not in {c.rstrip("t") for c in atgs["german"].values()}
    html = small.js("document.querySelector('#board svg').outerHTML")
    assert "pak88" not in html and "pak36" not in html
