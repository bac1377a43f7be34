"""Traps found by playing whole games at a tablet-sized table (issue 29, its closing playtest).

Each test opens a real Chromium at 1024x768, plays by clicks and drags (CDP
mouse events, never the page's functions) against a real server, and checks
the trap is gone:

- the legend under the board no longer takes the board's height (issue 29.4);
- the chooser of several moves heads the side panel instead of lying over
  the board's corner (issue 29.9, 29.11);
- a drive dropped with "cancel" leaves no red refusal behind (issue 29.1).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from cli.serve.app import TableServer
from tests.serve.browser import Browser
from tests.serve.helpers import create_live, serving
from tests.serve.test_browser_tc import ARROW, SPOT, at, click, drag, live_tc, toward  # noqa: F401 - live_tc
from tests.serve.test_browser_tc import open_game as open_tc

WIDTH, HEIGHT = 1024, 768


def open_bt(b: Browser, live: tuple[str, TableServer]) -> None:
    """A Battle of Tanks game of the shipped scenario between two people; side a's page."""
    base, _ = live
    created = create_live(base, ruleset="battle-of-tanks", seats={"a": "human", "b": "human"}, seed=11)
    b.open(base + created["links"]["a"])
    b.wait("document.getElementById('status').textContent.startsWith('your decision')")
    b.wait("document.querySelector('#tt-overlay circle.tt-from')")


def rect(b: Browser, selector: str) -> dict[str, float]:
    return b.wait(f"""(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;
        const r = e.getBoundingClientRect(); return {{x: r.x, y: r.y, w: r.width, h: r.height}}; }})()""")  # type: ignore[no-any-return]


def centre(b: Browser, selector: str) -> tuple[float, float]:
    """An element's centre on the screen, without scrolling (the page must show it as it is)."""
    r = rect(b, selector)
    return r["x"] + r["w"] / 2, r["y"] + r["h"] / 2


def steady_centre(b: Browser, selector: str) -> tuple[float, float]:
    """An element's centre once it has stopped moving (a menu placed again as the board
    settles after the page opens): two reads a moment apart agree."""
    import time

    last = centre(b, selector)
    for _ in range(20):
        time.sleep(0.1)
        now = centre(b, selector)
        if now == last:
            return now
        last = now
    return last


def overlaps(a: dict[str, float], c: dict[str, float]) -> bool:
    return a["x"] < c["x"] + c["w"] and c["x"] < a["x"] + a["w"] and a["y"] < c["y"] + c["h"] and c["y"] < a["y"] + a["h"]


def test_playtest_29_4_the_legend_leaves_the_map_the_windows_height(
        small: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """At 1024x768 the map of Battle of Tanks filled 497x497 pixels: the legend inside the
    picture took a quarter of the height the window allows. Now the legend is a drawing of its
    own under the map, and the map fills the board's width while it still fits the window."""
    b = small
    open_bt(b, live)
    # Battle of Tanks' legend starts folded (the map's room, playtest of issue 58): a map 600 px
    # or more then, and unfolded here, laid out under the map
    b.wait("document.getElementById('legend-toggle')?.getAttribute('aria-pressed') === 'false'")
    assert rect(b, "#board svg:first-child")["h"] >= 520
    b.click("#legend-toggle")
    b.wait("!document.querySelector('#board svg.tt-legend').hasAttribute('hidden')")
    b.js("localStorage.removeItem('tanktable.legend.folded')")  # the choice is remembered: forget it
    b.js("window.scrollTo(0, 0)")
    drawings = b.js("[...document.querySelectorAll('#board svg')].map(s => s.getAttribute('class') || 'map')")
    assert drawings == ["map", "tt-legend"], drawings
    board = rect(b, "#board svg:first-child")
    wrap = rect(b, "#board-wrap")
    assert board["w"] >= wrap["w"] - 1 and board["w"] >= 600, (board, wrap)
    assert board["y"] + board["h"] <= HEIGHT, board  # the whole map in the window, no scrolling
    assert b.js("document.querySelector('#board svg:first-child g.legend')") is None
    legend = b.js("document.querySelector('#board svg.tt-legend g.legend').textContent")
    assert "order this round" in legend and "waiting in AMBUSH (BT-7.1)" in legend
    key = rect(b, "#board svg.tt-legend")
    assert key["y"] >= board["y"] + board["h"] - 1, (key, board)
    b.screenshot(screenshots / "playtest-bt-board.png")
    # clicks still land where they point on the cut map: a tank's ring opens its order menu
    click(b, *centre(b, "#tt-overlay circle.tt-from[data-place='a1']"))
    b.wait("document.querySelector('#bt-order-menu[data-tank=a1]')")



def test_playtest_29_11_the_header_keeps_to_one_line_at_1024(
        small: Browser, live: tuple[str, TableServer]) -> None:
    """The header wrapped to two or three lines at 1024 pixels (the game's long id beside
    the decision), and the board under it moved down and up from one decision to the next.
    The id now gives way (cut short, whole in its tooltip) and "you play a" stays together; a
    decision longer than the line (Battle of Tanks' order prompt) is cut short too, whole in its tooltip."""
    b = small
    open_bt(b, live)
    header = rect(b, "header")
    assert header["h"] <= 40, header
    title = b.js("(() => { const t = document.getElementById('title'); return [t.textContent, t.title]; })()")
    # the game's id is out of the header's text (playtest of issue 58), whole in its tooltip
    assert title[0] == "Battle of Tanks" and title[1].startswith("Battle of Tanks — battle-of-tanks-"), title
    assert rect(b, "#you")["h"] <= 24  # one line
    status = b.js("(() => { const s = document.getElementById('status'); return [s.textContent, s.title]; })()")
    # a player's words (click a ringed tank), not the notation (BT playtest of issue 58/59)
    assert "click a ringed tank" in status[0] and status[1] == status[0], status  # whole in its tooltip
    assert rect(b, "#status")["h"] <= 24  # the long decision is cut short on its one line



def test_playtest_29_11_the_round_and_the_bag_are_in_sight(
        small: Browser, live: tuple[str, TableServer]) -> None:
    """The table's words on the position (Battle of Tanks' round, phase and chits left in the
    bag; Tank Chess's CHECK; Duel of the Giants' victory points) were printed under the board,
    below the bottom of a 768-pixel window. They now sit in the side panel, in sight."""
    b = small
    open_bt(b, live)
    b.js("window.scrollTo(0, 0)")
    phase = rect(b, "#aids p.phase")
    assert "order chits in the bag" in b.js("document.querySelector('#aids p.phase').textContent")
    assert phase["y"] >= 0 and phase["y"] + phase["h"] <= HEIGHT and phase["x"] + phase["w"] <= WIDTH, phase
    assert b.js("document.getElementById('aids').closest('aside') !== null")  # the side panel (in a section, issue 58.10)


def test_playtest_29_9_the_chooser_heads_the_side_panel_not_the_board(
        small: Browser, live_tc: str, screenshots: Path) -> None:  # noqa: F811
    """Choosing a facing with a shot showed the small list of moves over the board's top
    left corner, hiding the pieces there. It now heads the side panel, clear of the map."""
    b = small
    open_tc(b, live_tc)
    d4, a1 = at(b, SPOT.format("d4")), at(b, SPOT.format("a1"))
    cell = (d4[0] - a1[0]) / 3
    drag(b, d4, (d4[0], d4[1] - 2 * cell))
    b.wait("document.querySelector('#tc-pick[data-stage=facing]')")
    click(b, *toward(at(b, "#tc-pick .tc-ring-centre"), at(b, ARROW.format("E"))))
    b.wait("document.querySelector('#tc-pick[data-stage=shot] .tc-target[data-target=h6]')")
    b.wait("!document.getElementById('chooser').hidden")
    chooser, board = rect(b, "#chooser"), rect(b, "#board svg:first-child")
    assert not overlaps(chooser, board), (chooser, board)
    # the side panel's first section (issue 58.10 put the panel in sections)
    assert b.js("document.getElementById('chooser').closest('aside > section:first-of-type') !== null")
    words = b.js("document.getElementById('chooser').textContent")
    assert "MT d4-d6:E xh6" in words and "no shot" in words, words
    b.screenshot(screenshots / "playtest-tc-chooser.png")
    # it stays in sight however the page is scrolled, and its button plays the move
    top = rect(b, "#chooser")["y"]
    assert 0 <= top < HEIGHT, top
    click(b, *centre(b, "#chooser button.choice"))
    b.wait("document.querySelectorAll('#log > li').length === 1")
    assert "MT d4-d6:E" in b.js("document.getElementById('log').textContent")


def test_playtest_29_1_a_cancelled_drive_leaves_no_red_refusal(
        small: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """A drive off the table is refused in red (BT-5.1); after "cancel" the panel's line went
    back to the instructions but stayed red, as if they were a refusal. Now it is plain."""
    b = small
    open_bt(b, live)
    click(b, *steady_centre(b, "#tt-overlay circle.tt-from[data-place='a1']"))
    click(b, *steady_centre(b, "#bt-order-menu button[data-order='move']"))
    b.wait("(() => { const p = document.getElementById('drive-panel'); return p && !p.hidden; })()")
    tank = centre(b, "#tt-overlay circle.tt-from")
    drag(b, tank, (tank[0] - 150, tank[1] + 150))  # down and left: off the table
    b.wait("document.getElementById('drive-state').classList.contains('bad')")
    assert "(BT-5.1)" in b.js("document.getElementById('drive-state').textContent")
    click(b, *centre(b, "#drive-cancel"))
    b.wait("document.getElementById('drive-state').textContent.startsWith('Press on the tank')")
    assert b.js("document.getElementById('drive-state').classList.contains('bad')") is False
    assert b.js("getComputedStyle(document.getElementById('drive-state')).color") != "rgb(176, 0, 32)"
    b.screenshot(screenshots / "playtest-bt-cancelled.png")



@pytest.fixture(scope="module")
def live_dg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server offering Duel of the Giants at phase A4 (a Tiger program to compose)
    and the shipped combat position (ATGs face up)."""


    from cli.serve.store import ServerFiles
    from tests.serve.helpers import make_server
    from tests.serve.test_browser_dg import SHIPPED, position_at

    folder = tmp_path_factory.mktemp("dg-positions")
    combat = yaml.safe_load((SHIPPED / "summer-combat.yaml").read_text(encoding="utf-8"))
    for atg in combat["atgs"][:2]:  # the PAK 8.8 and a PAK 36 have fired: face up, known to both (DG-12)
        atg["face_up"] = True
    face_up = folder / "face-up.yaml"
    face_up.write_text(yaml.safe_dump(combat, sort_keys=False), encoding="utf-8")
    positions = [position_at(folder, "program.yaml", "A4", 5), face_up]
    app, server = make_server(tmp_path_factory.mktemp("dg-games"), ServerFiles.of([], positions))
    with serving(app, server) as base:
        yield base


def open_dg(b: Browser, base: str, position: str, seat: str) -> None:
    game = create_live(base, ruleset="duel-of-the-giants", position=position, seed=7,
                       seats={"german": "human", "soviet": "human"})
    b.open(base + game["links"][seat])
    b.wait("document.body.dataset.version !== undefined && document.querySelector('#board svg')")


def test_playtest_29_6_a_tiger_programs_preview_wraps_in_the_side_panel(
        small: Browser, live_dg: str, screenshots: Path) -> None:
    """At 1024x768 the program panel's preview (DG-11.2) ran its long lines past the side
    panel and gave the whole page a sideways scroll bar. Its lines now wrap inside the panel."""
    b = small
    open_dg(b, live_dg, "program.yaml", "german")
    b.wait("document.getElementById('status').textContent.startsWith('your decision')")
    b.wait("!document.getElementById('composer').hidden")
    click(b, *centre(b, "#composer-cards button.card[data-card='F']"))
    b.wait("document.getElementById('composer-program').textContent.includes('F')")
    b.wait("document.getElementById('composer-preview').textContent.length > 60")
    assert b.js("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    preview = b.js("(() => { const p = document.getElementById('composer-preview'); return [p.scrollWidth, p.clientWidth]; })()")
    assert preview[0] <= preview[1], preview
    b.screenshot(screenshots / "playtest-dg-composer.png")


def test_playtest_29_8_the_soviet_is_not_told_a_face_up_atg_is_his(small: Browser, live_dg: str) -> None:
    """The badge of a face-up ATG (DG-12) said "your PAK 8.8" on the Soviet's page too. The
    kind is now told once, on the counter, with its name as the counter's tooltip (playtest
    of issue 58: counter and badge said it twice), in words that belong to neither side."""
    b = small
    titles = "[...document.querySelectorAll('#board g.tt-piece.atg > title')].map(t => t.textContent)"
    open_dg(b, live_dg, "face-up.yaml", "soviet")
    b.wait("document.querySelector('#board g.tt-piece.atg')")
    seen = b.js(titles)
    assert sorted(t.split(" (")[1].split(",")[0] for t in seen if "face up" in t) == ["PAK 36", "PAK 8.8"], seen
    assert not any("your" in t for t in seen) and not b.js("document.querySelector('#dg-atg-ids')")
    open_dg(b, live_dg, "face-up.yaml", "german")
    b.wait("document.querySelector('#board g.tt-piece.atg')")
    seen = b.js(titles)
    assert any("(PAK 8.8, face up)" in t for t in seen) and not any("unknown" in t for t in seen), seen


def test_playtest_29_5_the_fire_panel_names_a_tiger_as_a_tiger(small: Browser, live_dg: str) -> None:
    """The fire step's panel said "the gun at d2 declares" when Tiger 1 declared (DG-17.4):
    it names the Tiger, as the header's decision does."""
    b = small
    open_dg(b, live_dg, "face-up.yaml", "german")
    b.wait("document.getElementById('status').textContent.startsWith('your decision')")
    decision = b.js("document.getElementById('status').textContent")
    head = b.wait("document.querySelector('#dg-fire .dg-fire-head')?.textContent")
    assert "Tiger 1 at d2" in decision, decision
    assert head == "Fire step: Tiger 1 at d2 declares.", head
