"""Frame time of the browser table while its pieces move (issue 58.7: p95 <= 16.7 ms).

A real server (uvicorn, in this process) and a headless Chromium (Debian's, driven
over the DevTools protocol as the browser tests drive it) at 1280x800 open side
a's seat of a Battle of Tanks table with every tank of the scenario on it; both
seats are played by this script, decisions chosen at random from what each seat
is sent, until ``--moves`` new pictures have arrived while the page records
every animation frame (``requestAnimationFrame`` timestamps). The figures are the
intervals between consecutive frames while an animation of the motion module
runs (cli/serve/static/table/motion.js): what a player sees as smoothness. A
frame longer than 16.7 ms is a frame the screen's 60 Hz refresh missed.

Where the ruleset's picture does not yet give its pieces ``data-piece`` ids (the
art contract of issue 58), each tank's drawing is wrapped, unchanged, in a group
that follows the contract (say so in the output), so that the motion runs on it.

Also printed: the table's first paint, from the navigation's start to the board's
picture on the page (issue 58.7: <= 1 s).

Run: ``.venv/bin/python bench/frames.py [--moves 40] [--scenario village-crossroads] [--seed 1]``.
Prints figures; records nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulesets.battle_of_tanks.ruleset import BattleOfTanksRuleset  # noqa: E402
from tests.serve.browser import Chromium, find_chromium  # noqa: E402
from tests.serve.helpers import create_live, make_server, serving  # noqa: E402

SVG = "http://www.w3.org/2000/svg"
FRAME_MS = 1000 / 60

RECORDER = """(() => {
  window.__frames = [];
  const tick = now => { window.__frames.push([now, document.getAnimations().length]); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()"""


def contract_tanks(svg: str) -> tuple[str, bool]:
    """The picture with each tank (``g[data-tank]``) wrapped in a contract piece group,
    centred on its gun's root, turned to its gun; ``True`` if any was wrapped."""
    if "data-piece" in svg:
        return svg, False
    ET.register_namespace("", SVG)
    root = ET.fromstring(svg)
    wrapped = False
    for parent in list(root.iter()):
        for i, g in enumerate(list(parent)):
            if g.tag != f"{{{SVG}}}g" or "data-tank" not in g.attrib:
                continue
            gun = g.find(f"{{{SVG}}}line")
            if gun is None:
                continue
            x1, y1, x2, y2 = (float(gun.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
            deg = math.degrees(math.atan2(y2 - y1, x2 - x1))
            outer = ET.Element(f"{{{SVG}}}g", {"class": "tt-piece", "data-piece": g.attrib["data-tank"],
                                                "transform": f"translate({x1:g} {y1:g}) rotate({deg:.2f})"})
            inner = ET.SubElement(outer, f"{{{SVG}}}g", {"transform": f"rotate({-deg:.2f}) translate({-x1:g} {-y1:g})"})
            parent.remove(g)
            inner.append(g)
            parent.insert(i, outer)
            wrapped = True
    return ET.tostring(root, encoding="unicode"), wrapped


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(math.ceil(share * len(ordered))) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="new pictures to watch (default 40)")
    parser.add_argument("--scenario", default="village-crossroads")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chromium = find_chromium()
    if chromium is None:
        print("no Chromium found (apt-get install chromium)", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    original = BattleOfTanksRuleset.render_svg
    wrapped_any = []

    def render(self: BattleOfTanksRuleset, game: Any, player: int | None = None) -> str:
        svg, wrapped = contract_tanks(original(self, game, player))
        wrapped_any.append(wrapped)
        return svg

    BattleOfTanksRuleset.render_svg = render  # type: ignore[method-assign]
    app, server = make_server(Path(tempfile.mkdtemp(prefix="tanktable-frames-")))
    with serving(app, server) as base:
        game = create_live(base, ruleset="battle-of-tanks", scenario=args.scenario,
                           seats={"a": "human", "b": "human"}, seed=args.seed)
        links = {side: "/api" + link[link.index("/t/"):] for side, link in game["links"].items()
                 if side in ("a", "b")}
        process = Chromium(chromium)
        browser = process.page(1280, 800)
        try:
            browser.send("Emulation.setDeviceMetricsOverride", width=1280, height=800, deviceScaleFactor=1,
                         mobile=False)
            browser.open(base + game["links"]["a"])
            browser.wait("document.querySelector('#board svg')")
            first_paint = float(browser.js("performance.now()"))
            pieces = int(browser.js("document.querySelectorAll('#board svg [data-piece]').length"))
            browser.js(RECORDER)
            seen = int(browser.js("Number(document.getElementById('board').dataset.version)"))
            pictures = 0
            with httpx.Client(base_url=base, headers={"origin": base}, timeout=30) as client:
                while pictures < args.moves:
                    state = client.get(f"{links['a']}/state").json()
                    if state.get("outcome"):
                        break
                    mover = "a" if state.get("to_move") == "a" else "b"
                    own = state if mover == "a" else client.get(f"{links['b']}/state").json()
                    actions = [a["text"] for a in own.get("actions", [])]
                    if not actions:
                        time.sleep(0.05)
                        continue
                    client.post(f"{links[mover]}/act", json={"move": rng.choice(actions)})
                    version = int(client.get(f"{links['a']}/state").json()["version"])
                    if version > seen:
                        browser.wait(f"Number(document.getElementById('board').dataset.version) >= {version}")
                        seen = version
                        pictures += 1
                        browser.wait("document.getAnimations().length === 0", timeout=10)
            frames = browser.js("window.__frames")
        finally:
            browser.close()
            process.close()
    BattleOfTanksRuleset.render_svg = original  # type: ignore[method-assign]
    moving = [b[0] - a[0] for a, b in zip(frames, frames[1:], strict=False) if a[1] > 0]
    print(f"Battle of Tanks, scenario {args.scenario}: {pieces} pieces on the board"
          + (" (wrapped by this script in contract groups: the picture gives no data-piece ids yet)"
             if any(wrapped_any) else ""))
    print(f"first paint (navigation to the board's picture): {first_paint:.0f} ms")
    print(f"pictures watched: {pictures}; frames recorded: {len(frames)}, of them while animating: {len(moving)}")
    if not moving:
        print("no animation frame recorded: nothing moved")
        return 1
    missed = sum(1 for d in moving if d > FRAME_MS + 0.5)
    print(f"frame interval while animating: mean {statistics.fmean(moving):.1f} ms, p50 {percentile(moving, 0.5):.1f}, "
          f"p95 {percentile(moving, 0.95):.1f}, p99 {percentile(moving, 0.99):.1f}, max {max(moving):.1f} ms; "
          f"{missed} of {len(moving)} over {FRAME_MS:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
