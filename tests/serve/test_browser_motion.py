"""Issue 58 points 6, 8 and 9 in a real Chromium: motion between two positions the
server sent, the viewer's side at the bottom, 40 px targets at 1024x768, and the
player's own arrows and rings.

Motion (58.6) is one module for every ruleset (cli/serve/static/table/motion.js),
keyed on the art contract: each piece a ``<g data-piece="ID" transform="translate(X
Y) rotate(DEG)">``. Where Tank Chess's picture does not yet give its pieces such
ids, the tests' server gives them (``contract_pieces``: each piece's drawing
wrapped, unchanged, in a group that follows the contract), so that what is tested
is the page's motion, not the art.

The position is test_browser_tc's: White's Medium Tank on d4 facing N, which can
drive to d6, turn E and shoot Black's Light Tank on h6 (TC-4, TC-5.1).
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from core.grid.square import DELTAS
from rulesets.tank_chess.game import TankChessGame
from rulesets.tank_chess.ruleset import TankChessRuleset
from rulesets.tank_chess.svg import square_centre
from tests.serve.browser import Browser
from tests.serve.helpers import KEY, create_live, serving
from tests.serve.test_browser_tc import POSITION, at, click

MOVE = "MT d4-d6:E xh6"


def contract_pieces(svg: str, game: TankChessGame) -> str:
    """Tank Chess's picture with each live piece's drawing wrapped, as drawn, in a group
    that follows the art contract: ``data-piece`` its stable index, ``transform`` its
    centre and facing (0 = east, clockwise positive). A picture that already has
    ``data-piece`` ids is left alone."""
    if "data-piece" in svg:
        return svg
    pos, rules = game.pos, game.rules
    alive = [pid for pid in range(len(pos.kind)) if pos.alive[pid] and pos.sq[pid] >= 0]
    parts = svg.split('<g class="piece ')
    assert len(parts) == len(alive) + 1, "one drawing a live piece"
    out = [parts[0]]
    for pid, part in zip(alive, parts[1:], strict=True):
        cx, cy = square_centre(game, rules.square(pos.sq[pid]))
        df, dr = DELTAS[pos.face[pid]]
        deg = math.degrees(math.atan2(-dr, df))
        head = (f'<g class="tt-piece" data-piece="tc-{pid}" transform="translate({cx:g} {cy:g}) rotate({deg:g})">'
                f'<g transform="rotate({-deg:g}) translate({-cx:g} {-cy:g})"><g class="piece ')
        end = part.index("</g>") + len("</g>")
        out.append(head + part[:end] + "</g></g>" + part[end:])
    return "".join(out)


@pytest.fixture(scope="module")
def live_motion(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server offering the position, its Tank Chess pictures with contract pieces."""
    from cli.serve.app import create_app
    from cli.serve.guard import ServedNames
    from cli.serve.store import GameStore, ServerFiles
    from core.ai.agents import AGENTS

    original = TankChessRuleset.render_svg

    def render(self: TankChessRuleset, game: Any, player: int | None = None) -> str:
        return contract_pieces(original(self, game, player), game)

    folder = tmp_path_factory.mktemp("motion")
    position = folder / "shot-from-d6.yaml"
    position.write_text(POSITION, encoding="utf-8")
    store = GameStore(folder / "games", ServerFiles.of([], [position]), think=0.05, agent_kinds=list(AGENTS))
    app, server = create_app(store, host_key=KEY, names=ServedNames.of("127.0.0.1"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TankChessRuleset, "render_svg", render)
        with serving(app, server) as base:
            yield base


def new_game(base: str, **seats: str) -> dict[str, Any]:
    return create_live(base, ruleset="tank-chess", position="shot-from-d6.yaml",
                       seats=seats or {"white": "human", "black": "human"})


def open_seat(b: Browser, base: str, link: str) -> None:
    b.open(base + link)
    b.wait("document.querySelector('#board svg [data-piece]')")


def post(base: str, link: str, what: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    api = "/api" + link[link.index("/t/"):]
    if what == "state":
        r = httpx.get(f"{base}{api}/state", timeout=30)
    else:
        r = httpx.post(f"{base}{api}/{what}", json=body or {}, headers={"origin": base}, timeout=30)
    assert r.status_code in (200, 201), r.text
    return r.json()  # type: ignore[no-any-return]


PIECE = "document.querySelector('[data-piece=\"{}\"]')"


def pose(b: Browser, piece: str, of: str = "shown") -> list[float]:
    """A piece's transform as [x, y, deg]: as shown now (its CSS transform, animated or
    not), or as the server drew it (its ``transform`` attribute)."""
    node = PIECE.format(piece)
    matrix = (f"new DOMMatrix(getComputedStyle({node}).transform)" if of == "shown"
              else f"{node}.transform.baseVal.consolidate().matrix")
    shown = b.js(f"(() => {{ const m = {matrix}; return [m.e, m.f, Math.atan2(m.b, m.a) * 180 / Math.PI]; }})()")
    return [float(v) for v in shown]


def hold_animations(b: Browser, share: float) -> int:
    """Pause every running animation at ``share`` of its active time; how many there were."""
    return int(b.js(f"""(() => {{ const all = document.getAnimations();
        for (const a of all) {{ const t = a.effect.getComputedTiming(); a.pause();
            a.currentTime = (t.delay || 0) + t.duration * {share}; }}
        return all.length; }})()"""))


@contextlib.contextmanager
def slow_motion(b: Browser, rate: float = 0.1) -> Iterator[None]:
    """The page's animations played at ``rate`` of their speed (DevTools' Animation
    domain), so that a busy machine's test still finds them running."""
    b.send("Animation.enable")
    b.send("Animation.setPlaybackRate", playbackRate=rate)
    try:
        yield
    finally:
        b.send("Animation.setPlaybackRate", playbackRate=1)
        b.send("Animation.disable")


def play_from_page(b: Browser, text: str) -> None:
    """Type a move into the move box and send it, as a player can."""
    b.js(f"(() => {{ const i = document.getElementById('move'); i.value = {json.dumps(text)};"
         " document.getElementById('move-form').requestSubmit(); })()")


def test_58_6_a_move_animates_from_the_old_pose_to_the_servers(browser: Browser, live_motion: str,
                                                              screenshots: Path) -> None:
    """issue 58.6: the tank drives d4 -> d6 and turns N -> E (the shortest way, a quarter
    turn): sampled half-way its transform differs from both ends; finished, it is the
    transform the server drew, and the shot's tracer runs from d6 to h6. The Light Tank it
    destroys fades out, or flashes and settles as its wreck where the picture keeps it (the
    art contract)."""
    b = browser
    game = new_game(live_motion)
    open_seat(b, live_motion, game["links"]["white"])
    start = pose(b, "tc-0")
    b.js("window.__version = document.getElementById('board').dataset.version")
    b.js("document.getAnimations().forEach(a => a.finish())")
    with slow_motion(b):
        play_from_page(b, MOVE)
        b.wait("document.getElementById('board').dataset.version !== window.__version"
               " && document.getAnimations().length > 0")
        assert hold_animations(b, 0.5) >= 3  # the tank, the Light Tank fading or flashing, the tracer
    middle = pose(b, "tc-0")
    end = pose(b, "tc-0", "server")
    b.screenshot(screenshots / "motion-1-half-way.png")
    assert math.dist(middle[:2], start[:2]) > 5 and math.dist(middle[:2], end[:2]) > 5, (start, middle, end)
    assert abs(middle[0] - start[0]) < 0.5, "d4 -> d6 is straight up the file"
    assert -90 < middle[2] < 0, f"N (-90) to E (0) the short way: {middle}"
    assert b.js("document.querySelector('#tt-motion line.tt-tracer') !== null")
    b.js("document.getAnimations().forEach(a => a.finish())")
    b.wait("document.getAnimations().length === 0")
    final = pose(b, "tc-0")
    assert final == pytest.approx(end, abs=0.01)
    node = PIECE.format("tc-3")
    fate = b.js(f"(() => {{ const n = {node}; return n === null ? 'gone' : n.classList.contains('tt-wreck') ? 'wreck' : 'alive'; }})()")
    assert fate in ("gone", "wreck"), "the Light Tank on h6 is destroyed: gone, or its wreck (the art contract)"
    b.wait("document.getElementById('tt-motion') === null")
    b.screenshot(screenshots / "motion-2-done.png")


def test_58_6_reduced_motion_jumps_straight_to_the_new_position(browser: Browser, live_motion: str) -> None:
    """issue 58.6: with ``prefers-reduced-motion: reduce`` the new position is shown at once."""
    b = browser
    b.send("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
    try:
        game = new_game(live_motion)
        open_seat(b, live_motion, game["links"]["white"])
        assert b.js("matchMedia('(prefers-reduced-motion: reduce)').matches")
        b.js("window.__version = document.getElementById('board').dataset.version")
        play_from_page(b, MOVE)
        b.wait("document.getElementById('board').dataset.version !== window.__version")
        assert b.js("document.getAnimations().length") == 0
        assert b.js("document.getElementById('tt-motion') === null")
        assert pose(b, "tc-0") == pytest.approx(pose(b, "tc-0", "server"), abs=0.01)
    finally:
        b.send("Emulation.setEmulatedMedia", features=[])


def test_58_6_a_click_during_an_animation_acts_on_the_new_position(browser: Browser, live_motion: str) -> None:
    """issue 58.6, never blocking input, and a reply landing mid-animation cuts nothing short
    (playtest: the computer's reply replaced the picture and cut the player's own tracer):
    White's drive and shot is under way when Black's reply lands; the new picture carries
    White's tracer on, still to finish, and moves Black's Light Tank after it. Held
    half-way, White's click on its Medium Tank picks it and shows its moves from the
    square the server says it is on."""
    b = browser
    game = new_game(live_motion)
    white, black = game["links"]["white"], game["links"]["black"]
    open_seat(b, live_motion, white)
    b.js("window.__version = document.getElementById('board').dataset.version")
    with slow_motion(b):
        play_from_page(b, MOVE)
        b.wait("document.getElementById('board').dataset.version !== window.__version"
               " && document.querySelector('#tt-motion line.tt-tracer')")
        b.js("window.__version = document.getElementById('board').dataset.version")
        reply = next(a["text"] for a in post(live_motion, black, "state")["actions"]
                     if a["text"].startswith("LT h8-h") and "x" not in a["text"])
        post(live_motion, black, "act", {"move": reply})
        b.wait("document.getElementById('board').dataset.version !== window.__version"
               " && document.getAnimations().length > 0")
        carried = b.js("""(() => { const t = document.querySelector('#board svg #tt-motion line.tt-tracer');
            const a = t && t.getAnimations()[0]; if (!a) return null;
            return {now: a.currentTime, end: a.effect.getComputedTiming().endTime}; })()""")
        assert carried is not None, "White's tracer is carried into the picture Black's reply brought"
        assert carried["now"] < carried["end"], f"... and still to finish: {carried}"
        assert hold_animations(b, 0.5) >= 2
    moving = pose(b, "tc-2")
    assert math.dist(moving[:2], pose(b, "tc-2", "server")[:2]) > 5, "Black's tank is still on its way"
    b.wait("document.querySelector(\"#tt-overlay circle.tt-from[data-place='d6']\")")
    click(b, *at(b, "#tt-overlay circle.tt-from[data-place='d6']"))
    b.wait("document.querySelector(\"#tt-overlay circle.tt-selected[data-place='d6']\")")
    assert b.js("document.querySelectorAll('#tt-overlay circle.tt-to').length") > 0
    b.js("document.getAnimations().forEach(a => a.finish())")


SIDES_Y = """(() => { const mean = side => { const ys = [...document.querySelectorAll(`#board svg g.piece.${side}`)]
    .map(g => { const r = g.getBoundingClientRect(); return r.y + r.height / 2; });
    return ys.reduce((a, b) => a + b, 0) / ys.length; };
    return {white: mean('white'), black: mean('black')}; })()"""

UPRIGHT = """(() => { const texts = [...document.querySelectorAll('#board svg:not(.tt-legend) text')]
    .filter(t => t.getBoundingClientRect().height > 0);  // the coordinates shown (Tank Chess draws two sets)
    const rank = n => texts.find(t => t.textContent.trim() === n && !t.closest('g.piece'));
    const y = t => t.getBoundingClientRect().y;
    return {upside_down: texts.filter(t => t.getScreenCTM().a < 0.5).map(t => t.textContent.trim()).slice(0, 5),
            count: texts.length, rank1: y(rank('1')), rank16: y(rank('16'))}; })()"""


def test_58_8_black_is_at_the_bottom_after_a_rematch_with_sides_swapped(browser: Browser, live_motion: str,
                                                                       screenshots: Path) -> None:
    """issue 58.8 (the playtest's "a player given black in the rematch plays it upside
    down"): White resigns, asks for a rematch, and now plays Black: its pieces are at the
    bottom, the ranks turned with them (1 at the top), every text upright. The "turn board"
    button turns it round, and back."""
    b = browser
    game = new_game(live_motion, white="human", black="random")
    white = game["links"]["white"]
    open_seat(b, live_motion, white)
    sides = b.js(SIDES_Y)
    assert sides["white"] > sides["black"], "White sees its own side at the bottom"
    post(live_motion, white, "resign")
    link = post(live_motion, white, "rematch")["link"]
    b.open(link if link.startswith("http") else live_motion + link)
    b.wait("document.getElementById('you').textContent.includes('black')"
           " && document.querySelector('#board svg g.piece')")
    b.wait("document.getElementById('board').classList.contains('tt-turned')")
    sides, texts = b.js(SIDES_Y), b.js(UPRIGHT)
    assert sides["black"] > sides["white"], f"Black's pieces at the bottom: {sides}"
    assert texts["rank1"] < texts["rank16"], "the coordinates turned with the board"
    assert texts["count"] > 30 and texts["upside_down"] == [], texts
    b.screenshot(screenshots / "turn-1-black-at-the-bottom.png")
    b.click("#turn-board")
    b.wait("!document.getElementById('board').classList.contains('tt-turned')")
    sides, texts = b.js(SIDES_Y), b.js(UPRIGHT)
    assert sides["white"] > sides["black"] and texts["upside_down"] == [] and texts["rank1"] > texts["rank16"]
    b.click("#turn-board")
    b.wait("document.getElementById('board').classList.contains('tt-turned')")


def right_drag(b: Browser, a: tuple[float, float], z: tuple[float, float]) -> None:
    """Press the right button at ``a``, move to ``z`` with it held, let go."""
    def send(kind: str, x: float, y: float, buttons: int) -> None:
        b.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="right", buttons=buttons,
               clickCount=0 if kind == "mouseMoved" else 1)
    send("mouseMoved", *a, 0)
    send("mousePressed", *a, 2)
    for i in range(1, 9):
        send("mouseMoved", a[0] + (z[0] - a[0]) * i / 8, a[1] + (z[1] - a[1]) * i / 8, 2)
    send("mouseReleased", *z, 0)


def test_58_9_right_drag_draws_an_arrow_right_click_rings_left_click_clears(
        browser: Browser, live_motion: str, screenshots: Path) -> None:
    """issue 58.9, as on lichess: a right-drag from White's Medium Tank draws an arrow to
    where it ends (snapped to the places' centres), a right-click on Black's Light Tank rings
    it; nothing is sent to the server (no request at all while marking); a left click on the
    board clears them."""
    b = browser
    game = new_game(live_motion)
    open_seat(b, live_motion, game["links"]["white"])
    b.wait("document.querySelector(\"#tt-overlay circle[data-place='d4']\")")
    # what the page asks by itself after the board (the move notes, the threats for the
    # in-fire rings) is in before counting: only marking must send nothing
    b.wait("(() => { const names = performance.getEntriesByType('resource').map(e => e.name);"
           " return names.some(n => n.includes('/notes?')) && names.some(n => n.endsWith('/ask')); })()")
    b.js("performance.setResourceTimingBufferSize(10000); window.__requests = performance.getEntriesByType('resource').length")
    d4 = at(b, "#tt-overlay circle[data-place='d4']")
    h8 = at(b, "[data-piece='tc-2']")
    cell = float(b.js("document.querySelector('#board svg').getScreenCTM().a")) * 36
    right_drag(b, d4, (d4[0] + 3, d4[1] - 2 * cell + 4))  # to d6, a little off its centre
    right_drag(b, h8, h8)
    b.wait("document.querySelectorAll('#tt-marks .tt-mark-arrow, #tt-marks .tt-mark-ring').length === 2")
    arrow = b.js("""(() => { const p = document.querySelector('#tt-marks polygon').getAttribute('points')
        .split(' ').map(s => s.split(',').map(Number)); return {tip: p[3], tail: p[0]}; })()""")
    d4_xy = b.js("[\"cx\", \"cy\"].map(a => Number(document.querySelector(\"#tt-overlay circle[data-place='d4']\")"
                 ".getAttribute(a)))")
    d6_xy = [d4_xy[0], d4_xy[1] - 2 * 36]  # two squares up the file (CELL 36)
    assert arrow["tip"] == pytest.approx(d6_xy, abs=0.2), (arrow, d6_xy)
    assert math.dist(arrow["tail"], d4_xy) < 36 / 2, "from the tank's own square"
    b.screenshot(screenshots / "marks-1-arrow-and-ring.png")
    assert b.js("performance.getEntriesByType('resource').length === window.__requests"), "nothing sent"
    assert b.js("document.querySelector('#tt-overlay circle.tt-selected') === null"), "a right press picks nothing"
    box = b.js("(() => { const r = document.querySelector('#board svg').getBoundingClientRect();"
               " return [r.x + 4, r.y + 4]; })()")
    click(b, *box)  # a left click on the board's corner
    b.wait("document.getElementById('tt-marks') === null")
    assert b.js("performance.getEntriesByType('resource').length === window.__requests"), "nothing sent"


PRESS_AREAS = """(() => { const svg = document.querySelector('#board svg'), m = svg.getScreenCTM();
    const view = svg.getBoundingClientRect();
    const spots = [...document.querySelectorAll('#tt-overlay circle[data-place]:not(.tt-here)')].map(c => {
        const p = new DOMPoint(Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))).matrixTransform(m);
        return {key: c.dataset.place, x: p.x, y: p.y, from: c.classList.contains('tt-from'),
                inside: p.x >= view.left && p.x <= view.right && p.y >= view.top && p.y <= view.bottom}; });
    const gaps = spots.map(s => Math.min(...spots.filter(o => o !== s).map(o => Math.hypot(o.x - s.x, o.y - s.y))));
    return {count: spots.length, least: Math.min(...gaps), own_hidden: spots.filter(s => s.from && !s.inside).map(s => s.key),
            zoom: Number(document.body.dataset.zoom)}; })()"""


@pytest.mark.parametrize("ruleset,seat", [("tank-chess", "white"), ("duel-of-the-giants", "german")])
def test_58_8_every_place_to_press_is_40_px_at_1024x768(small: Browser, live: tuple[str, Any], ruleset: str,
                                                         seat: str, screenshots: Path) -> None:
    """issue 58.8 (the playtest: "at 1024x768 a piece is a 28 px target"): a press within
    20 px of a place's centre is a press on it, and no two places are closer than 40 px on
    the screen -- the 16x16 Tank Chess board opens zoomed just enough, with every piece the
    player may move in sight. A press 18 px beside a Tank Chess piece's centre picks it."""
    base, _ = live
    b = small
    game = create_live(base, ruleset=ruleset, seats={s: "human" for s in ("white", "black")}
                       if ruleset == "tank-chess" else {seat: "human"})
    b.open(base + game["links"][seat])
    b.wait("document.querySelector('#tt-overlay circle[data-place]')")
    areas = b.js(PRESS_AREAS)
    b.screenshot(screenshots / f"targets-{ruleset}-1024x768.png")
    assert areas["count"] >= 2 and areas["least"] >= 40 - 0.5, areas
    assert areas["own_hidden"] == [], "the player's own pieces are in sight"
    if ruleset != "tank-chess":
        return
    assert areas["zoom"] > 1, "the whole 16x16 board would put the squares 31 px apart"
    cut = b.js("""(() => { const v = document.querySelector('#board svg').getBoundingClientRect();
        return [...document.querySelectorAll('#board svg g.tt-piece')].filter(g => {
            const r = g.getBoundingClientRect(); return r.top < v.top - 0.5 || r.bottom > v.bottom + 0.5; }).length; })()""")
    assert cut == 0, "every piece whole in sight, the far ranks too (the page's foot margin gives the room)"
    spot = b.js("""(() => { const c = document.querySelector('#tt-overlay circle.tt-from');
        const r = c.getBoundingClientRect(); return {key: c.dataset.place, x: r.x + r.width / 2, y: r.y + r.height / 2,
        r: r.width / 2}; })()""")
    assert spot["r"] < 19, "the drawn spot is smaller than the press area"
    off = 19.5 / math.sqrt(2)  # up and to the right: outside the drawn spot, inside its press area
    click(b, spot["x"] + off, spot["y"] - off)
    b.wait(f"document.querySelector(\"#tt-overlay circle.tt-selected[data-place='{spot['key']}']\")")


DICE_LOG = [
    {"n": 7, "player": "a", "move": "fire b2", "hidden": False, "events": [
        {"kind": "roll", "text": "A1 fires at B2 (open): rolls 5, needs 4+ -> HIT",
         "data": {"shooter": "a1", "target": "b2", "roll": 5, "need": 4, "hit": True}},
        {"kind": "penetration", "text": "penetration die rolls 3: H -> hull penetrated, B2 3 -> 2 HP (BT-6.5)",
         "data": {"target": "b2", "face": "H", "roll": 3, "hp": 2, "damage": 1}},
        {"kind": "roll", "text": "A1 fires at B2 (open): rolls 2, needs 4+ -> miss",
         "data": {"shooter": "a1", "target": "b2", "roll": 2, "need": 4, "hit": False}}]},
    {"n": 8, "player": "b", "move": "order b2 move", "hidden": False, "events": []},
]


def test_58_6_the_dice_tray_shows_each_die_its_need_and_result(browser: Browser, live_motion: str,
                                                              screenshots: Path) -> None:
    """issue 58.6: the tray shows each die of the newest decision that rolled (Battle of
    Tanks' to-hit and penetration events as a seat receives them): what it was for, the
    number, what it needed, what came of it; with no roll in the newest entries it is hidden."""
    b = browser
    game = new_game(live_motion)
    open_seat(b, live_motion, game["links"]["white"])
    assert b.js("document.getElementById('dice-tray').hidden"), "no die rolled in Tank Chess"
    dice = b.js(f"""import('/static/table/dicetray.js').then(m => {{ m.drawDice({{log: {json.dumps(DICE_LOG)}}});
        const tray = document.getElementById('dice-tray');
        return {{hidden: tray.hidden, caption: tray.querySelector('p').textContent,
                 dice: [...tray.querySelectorAll('li.die')].map(d => [...d.children].map(c => c.textContent)
                        .concat(d.className))}}; }})""")
    b.screenshot(screenshots / "dice-tray.png")
    assert not dice["hidden"] and "move 7" in dice["caption"]
    assert dice["dice"] == [["to hit", "5", "needs 4+", "hit", "die good"],
                            ["penetration", "3·H", "", "penetrated", "die good"],
                            ["to hit", "2", "needs 4+", "miss", "die bad"]]


MOTION_BY_CONTRACT = """(async () => {
  const motion = await import('/static/table/motion.js');
  const box = document.createElement('div');
  document.body.append(box);
  const piece = (id, t, cls = '') => `<g class="tt-piece ${cls}" data-piece="${id}" transform="${t}"><rect x="-8" y="-5" width="16" height="10"/></g>`;
  const used = `<g class="tt-piece" data-piece="c" transform="translate(150 50) rotate(180)"><use href="#tt-art-c"/></g>`;
  box.innerHTML = `<svg viewBox="0 0 200 100"><defs class="tt-art"><g id="tt-art-c"><rect class="art-c" x="-8" y="-5" width="16" height="10"/></g></defs>${piece('a', 'translate(10 10) rotate(0)')}${piece('b', 'translate(50 50) rotate(0)')}${used}</svg>`;
  const before = {log: [{n: 1, player: 'x', events: []}]};
  motion.remember(null, before);
  motion.remember(box.querySelector('svg'), before);
  box.innerHTML = `<svg viewBox="0 0 200 100">${piece('a', 'translate(100 10) rotate(90)')}${piece('b', 'translate(50 50) rotate(0)', 'tt-wreck')}</svg>`;
  const svg = box.querySelector('svg');
  const after = {log: [{n: 1, player: 'x', events: []},
    {n: 2, player: 'y', events: [], aid: {path: [[10, 10], [50, 10]]}},
    {n: 3, player: 'y', events: [{kind: 'destroyed', text: 'b is destroyed', data: {}}],
     aid: {path: [[50, 10], [100, 10]], lines: [{from: [100, 10], to: [50, 50]}]}}]};
  motion.animate(svg, after);
  const of = id => svg.querySelector(`[data-piece="${id}"]`).getAnimations();
  const a = of('a')[0], timing = a.effect.getComputedTiming();
  const out = {a_frames: a.effect.getKeyframes().length, a_delay: timing.delay, a_duration: timing.duration,
               b: of('b').map(x => x.effect.getKeyframes().map(k => k.filter || '').join('|')),
               ghost: svg.querySelectorAll('#tt-motion [data-piece]').length,
               ghosts: svg.querySelectorAll('#tt-motion g.tt-piece').length,
               ghost_art: svg.querySelectorAll('#tt-motion rect.art-c').length,
               ghost_use: svg.querySelectorAll('#tt-motion use').length,
               tracer: svg.querySelectorAll('#tt-motion line.tt-tracer').length};
  a.pause(); a.currentTime = timing.duration * 0.25;
  out.quarter = new DOMMatrix(getComputedStyle(svg.querySelector('[data-piece="a"]')).transform).e;
  document.getAnimations().forEach(x => x.finish());
  box.remove();
  return out;
})()"""


def test_58_6_decisions_play_one_by_one_wrecks_flash_vanished_pieces_fade(browser: Browser,
                                                                          live_motion: str) -> None:
    """issue 58.6, by the art contract alone (two pictures made here, no ruleset): two
    decisions that landed at once move piece ``a`` along each one's path in turn (one
    animation through both paths, over two steps, a quarter of the way still on the first
    path); ``b``, now ``tt-wreck``, flashes; ``c``, gone, fades where it stood (a copy
    without its id, its drawing -- a ``<use>`` of the old picture's defs -- brought
    along); the shot's tracer runs."""
    b = browser
    game = new_game(live_motion)
    open_seat(b, live_motion, game["links"]["white"])
    out = b.js(MOTION_BY_CONTRACT)
    assert out["a_frames"] >= 4 and out["a_delay"] == 0 and out["a_duration"] > 500, out
    assert 10 < out["quarter"] <= 50.5, f"on the first decision's path a quarter of the way: {out}"
    assert any("brightness" in frames for frames in out["b"]), out
    assert out["ghosts"] == 1 and out["ghost"] == 0, "the gone piece fades as a copy with no id"
    assert out["ghost_art"] == 1 and out["ghost_use"] == 0, "its drawing, kept in the old picture's defs, comes along"
    assert out["tracer"] == 1


def test_58_6_the_seats_state_carries_its_own_last_move_drawing_and_turned(live_motion: str) -> None:
    """issue 58.6 and 58.8, without a browser: after White's drive and shot, White's state
    draws its own last move (the path d4 -> d6 and the shot d6 -> h6, in the picture's
    units), Black's log entry for it carries the same drawing; White's board is not turned,
    Black's is (Tank Chess draws White's side at the bottom, TC-1.2), a spectator's is not."""
    game = new_game(live_motion)
    links = game["links"]
    post(live_motion, links["white"], "act", {"move": MOVE})
    white, black = post(live_motion, links["white"], "state"), post(live_motion, links["black"], "state")
    spectator = post(live_motion, links["spectator"], "state")
    drawn = white["last_drawing"]
    d4, d6 = drawn["path"]
    assert d6[0] == d4[0] and d4[1] - d6[1] == 2 * 36, drawn
    assert drawn["lines"][0]["from"] == d6 and drawn["lines"][0]["to"][1] == d6[1], drawn
    assert black["log"][-1]["aid"] == drawn and "last_drawing" not in black
    assert (white["turned"], black["turned"], spectator["turned"]) == (False, True, False)


def test_58_8_battle_of_tanks_side_b_sees_its_home_edge_at_the_bottom(browser: Browser, live: tuple[str, Any],
                                                                       screenshots: Path) -> None:
    """issue 58.8, "likewise for each side of the other rulesets where the map has a home
    edge": the picture draws side a's base plate at the foot (BT-3.1); side b's page turns
    it round, b's tanks at the bottom, every label upright."""
    base, _ = live
    b = browser
    game = create_live(base, ruleset="battle-of-tanks", seats={"a": "human", "b": "human"})
    b.open(base + game["links"]["b"])
    b.wait("document.getElementById('board').classList.contains('tt-turned')"
           " && document.querySelector('#board svg [data-piece]')")
    sides = b.js("""(() => { const mean = side => { const ys = [...document.querySelectorAll(`#board svg [data-piece^='${side}']`)]
        .map(g => { const r = g.getBoundingClientRect(); return r.y + r.height / 2; });
        return ys.reduce((x, y) => x + y, 0) / ys.length; }; return {a: mean('a'), b: mean('b')}; })()""")
    upside_down = b.js("[...document.querySelectorAll('#board svg:not(.tt-legend) text')]"
                       ".filter(t => t.getScreenCTM().a < 0.5).map(t => t.textContent).slice(0, 5)")
    b.screenshot(screenshots / "turn-2-battle-of-tanks-side-b.png")
    assert sides["b"] > sides["a"], sides
    assert upside_down == []
