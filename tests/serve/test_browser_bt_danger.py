"""Issue 59.1 in a real Chromium, Battle of Tanks: while a tank's drive is chosen, each
suggested drive's end is tinted by what the enemies could do to the tank there on their
next FIRE (red: destroyed at least half the time; amber: harmed; pale: seen in cover,
fired at only once spotted, BT-5.5), the shooters named on hover; a path dragged by
hand ends in a ghost tinted by the server's preview, each line of sight labelled with
its enemy's chance. The figures are the server's (rulesets/battle_of_tanks/threats.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.geometry import Pose, heading_between
from rulesets.battle_of_tanks.actions import Drive
from rulesets.battle_of_tanks.threats import danger_level, danger_text, threats_to
from tests.serve.browser import Browser
from tests.serve.test_browser_bt_drive import (
    Live,
    client_xy,
    drag,
    new_table,
    open_seat,
    until_a_drives,
)

LEVEL_CLASS = {"dead": "bt-danger-dead", "fire": "bt-danger-fire", "spot": "bt-danger-spot", "": ""}


def end_danger(g: Any, action: Drive) -> tuple[str, str]:
    """The danger at a drive's end as the rules engine finds it: (level, text)."""
    tank = g.tank(g.active)
    end = action.points[-1]
    before = action.points[-2] if len(action.points) > 1 else (tank.x, tank.y)
    heading = action.heading if action.heading is not None else heading_between(before, end)
    found = threats_to(g, tank, Pose(end[0], end[1], heading))
    return danger_level(found), danger_text(found)


def test_59_1_bt_drive_ends_tinted_by_the_enemy_fire_there(browser: Browser, live: Live, screenshots: Path) -> None:
    base, server = live
    table, links = new_table(base, server, seed=4)
    until_a_drives(table, links)
    g: Any = table.game
    tank = g.tank(g.active)
    # an enemy set down in the open, in sight of the tank's suggested drives (a test's scenery);
    # one still to have its order this round: one that has acted fires no more before the
    # round ends, and is no danger now (BT-4.2)
    enemy = max((t for t in g.tanks if t.side != tank.side and t.alive and t.order is None),
                key=lambda t: t.card.rate_of_fire)
    with table.lock:
        for dx, dy in ((45, 0), (-45, 0), (0, 45), (0, -45), (35, 35), (-35, -35), (35, -35), (-35, 35)):
            g.place(enemy.key, tank.x + dx, tank.y + dy, 180)
            if g.field.bounds.contains(enemy.footprint()) and any(
                    end_danger(g, a)[0] in ("dead", "fire") for a in g.legal_actions()
                    if isinstance(a, Drive) and a.points):
                break
        g.state_changed()
        table.pictures.clear()
    table.announce()  # a new version: the page is sent the scenery as it now stands
    drives = [a for a in g.legal_actions() if isinstance(a, Drive) and a.points]
    expected = {f"{a.points[-1][0]:.0f},{a.points[-1][1]:.0f}": end_danger(g, a) for a in drives}
    assert any(level in ("dead", "fire") for level, _ in expected.values()), expected
    open_seat(browser, base, links, table)
    browser.click("#tt-overlay circle.tt-from")  # the tank picked: its suggested drives are drawn
    browser.wait("document.querySelector('#tt-overlay circle.tt-to')")
    shown = browser.js("""Object.fromEntries([...document.querySelectorAll('#tt-overlay circle.tt-to')]
        .map(c => [c.dataset.place, [['bt-danger-dead', 'dead'], ['bt-danger-fire', 'fire'],
                   ['bt-danger-spot', 'spot']].find(([k]) => c.classList.contains(k))?.[1] || '']))""")
    assert shown == {key: level for key, (level, _) in expected.items()}
    # the tint is the stylesheet's: a red or amber fill, not the plain spot's
    fired = next(key for key, (level, _) in expected.items() if level in ("dead", "fire"))
    spot = f"#tt-overlay circle.tt-to[data-place='{fired}']"
    fill = browser.js(f"getComputedStyle(document.querySelector(\"{spot}\")).fill")
    assert fill in ("rgb(198, 40, 40)", "rgb(249, 168, 37)"), fill
    # hover names the shooters with their chances (the title, and the note under the board)
    title = browser.js(f"document.querySelector(\"{spot} title\").textContent")
    assert title == f"{fired}: {expected[fired][1]}" and enemy.label in title and "destroys" in title
    x, y = browser.js(f"(() => {{ const r = document.querySelector(\"{spot}\").getBoundingClientRect();"
                      " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
    browser.wait(f"document.getElementById('aid-note').textContent.includes('{enemy.label} (')")
    browser.screenshot(screenshots / "bt-danger-suggestions.png")
    # a path of one's own: the ghost tinted by the server's preview, the shooter's line labelled
    end = next(a.points[-1] for a in drives if f"{a.points[-1][0]:.0f},{a.points[-1][1]:.0f}" == fired)
    target = (round((tank.x + end[0]) / 2 + 0.3, 1), round((tank.y + end[1]) / 2 + 0.3, 1))
    level, _ = end_danger(g, Drive((target,)))
    browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=0, y=0)
    drag(browser, [client_xy(browser, g, tank.x, tank.y), client_xy(browser, g, *target)], steps=10)
    browser.wait("document.getElementById('drive-server').textContent.includes('from ')")
    said = browser.js("document.getElementById('drive-server').textContent")
    if level:
        browser.wait(f"document.querySelector('#tt-drive polygon.tt-drive-ghost.{LEVEL_CLASS[level]}')")
        assert "danger: " in said
    if level in ("dead", "fire"):  # the line from the enemy, in the cover's colour, carries its chances
        browser.wait("document.querySelector('#tt-drive line.tt-drive-cover:not(.tt-cover-hidden)')")
        browser.wait(f"[...document.querySelectorAll('#tt-drive text.bt-danger-shooter')]"
                     f".some(t => t.textContent.startsWith('{enemy.label}: destroys'))")
    browser.screenshot(screenshots / "bt-danger-drive.png")
