"""The table's picture read on its own (issue 19 item 15): a heading with the
round, the phase, whose activation and who decides what, or the result; a
legend of every symbol; the table's own coordinates left where they were."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from core.data import load_document
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.actions import Declare, Fire, Shot
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.svg import SCALE, heading
from tests.battle_of_tanks.helpers import FACE, card, give_chit, make_game, script
from tests.svg import NS, group

POSITIONS = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks" / "positions"


def _heading(game: BattleGame) -> list[str]:
    """The heading's lines, after checking the picture draws exactly them (wrapped at spaces)."""
    lines = [line.text for line in heading(game)]
    root = ET.fromstring(RULESET.render_svg(game))
    drawn = [t.text or "" for t in group(root, "caption").iter(f"{NS}text")]
    assert " ".join(drawn) == " ".join(lines)
    return lines


def test_bt_4_2_heading_says_round_phase_and_who_orders_then_whose_activation() -> None:
    g = RULESET.new_game(None, {}, 1)
    assert isinstance(g, BattleGame)
    assert _heading(g) == [
        "Battle of Tanks: Village crossroads",
        "round 1, order phase; side b drew the chit; chits in the bag: 6",
        "side b to decide: round 1: b's chit -- order for a tank",
    ]
    g.apply_text("tiger#1 move")
    assert _heading(g)[1:] == [
        "round 1, movement phase; activated: tiger#1 (side b, MOVE); chits in the bag: 6",
        "side b to decide: MOVE tiger#1: path, up to 20 cm",
    ]


def test_bt_7_2_heading_of_the_shipped_ambush_names_the_reacting_side() -> None:
    g = RULESET.from_position(load_document(POSITIONS / "crossroads-ambush.yaml").data)
    assert isinstance(g, BattleGame)
    assert _heading(g)[1:] == [
        "round 5, ambush reaction phase; activated: tiger#1 (side b, MOVE); chits in the bag: 2",
        "side a to decide: ambush reaction: tiger#1 was ordered to MOVE; amx#1 may fire "
        "('ambush TANK TARGET' or 'pass')",
    ]


def test_bt_8_1_heading_says_game_over_with_the_result() -> None:
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  cards=[card("gun", firepower=600), card("target", hit_points=500)])
    give_chit(g, "a")
    g.apply(Declare("gun#1", "FIRE"))
    assert _heading(g)[1:] == ["round 1, fire phase; activated: gun#1 (side a, FIRE); chits in the bag: 1",
                               "side a to decide: FIRE gun#1: fire 1 shot(s)"]
    script(g, [6, FACE["W"]])
    g.apply(Fire((Shot("b1"),)))
    assert _heading(g)[1:] == ["round 1: game over: a destroyed every enemy tank (BT-8.1)"]


def test_legend_names_every_symbol() -> None:
    root = ET.fromstring(RULESET.render_svg(RULESET.new_game(None, {}, 1)))
    text = " ".join(t.text or "" for t in group(root, "legend").iter(f"{NS}text"))
    for symbol in ("side a's tank", "side b's tank", "gun: the heading", "destroyed tank",
                   "base plate and tower (BT-3.1)", "heavy cover, tall", "heavy cover, low",
                   "light cover, tall", "light cover, low", "wreck: heavy, low, impassable (BT-3.4)",
                   "a letter and name label each feature", "line of sight", "last shot",
                   "cover shadow of the last shot", "grid: 10 cm"):
        assert symbol in text, symbol
    samples = [g for g in group(root, "legend").iter(f"{NS}g") if g.get("class") == "sample"]
    assert len(samples) == 17  # every entry but the note on heights has its symbol drawn (issue 29.2: + 3 markers)


def test_heading_and_legend_leave_the_tables_coordinates() -> None:
    """The browser turns a click into cm with SCALE and the depth: the table still
    spans 0..width x 0..depth in the drawing, the bands lie outside it."""
    g = RULESET.new_game(None, {}, 1)
    assert isinstance(g, BattleGame)
    root = ET.fromstring(RULESET.render_svg(g))
    band = int(group(root, "caption").get("data-band", ""))
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "").split())
    depth = g.field.depth * SCALE
    assert (x0, y0, w) == (0, -band, g.field.width * SCALE) and h > depth + band
    assert all(float(t.get("y", "")) < 0 for t in group(root, "caption").iter(f"{NS}text"))
    assert all(int(e.get("transform", "").split(",")[1].rstrip(")")) >= depth
               for e in group(root, "legend") if e.get("transform"))
    scale_bar = group(root, "scale").find(f"{NS}line")
    assert scale_bar is not None and scale_bar.get("y1") == f"{(g.field.depth - 2) * SCALE:.0f}"
