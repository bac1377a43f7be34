"""The table's picture read on its own (issue 19 item 15): a heading with the
round, the phase, whose activation and who decides what, or the result; a
legend of every symbol; the table's own coordinates left where they were."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from core.data import load_document
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.actions import Declare, Fire, Shot
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.svg import SCALE, heading, legend
from tests.battle_of_tanks.helpers import FACE, card, give_chit, make_game, script
from tests.svg import NS, group, picture

POSITIONS = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks" / "positions"


def _heading(game: BattleGame) -> list[str]:
    """The heading's lines, after checking the picture draws exactly them (wrapped at spaces)."""
    lines = [line.text for line in heading(game)]
    root = picture(RULESET.render_svg(game))
    drawn = [t.text or "" for t in group(root, "caption").iter(f"{NS}text")]
    assert " ".join(drawn) == " ".join(lines)
    return lines


def test_bt_4_2_heading_says_round_phase_and_who_orders_then_whose_activation() -> None:
    g = RULESET.new_game(None, {}, 1)
    assert isinstance(g, BattleGame)
    assert _heading(g) == [
        "Battle of Tanks: Village crossroads",
        "round 1, order phase; side b drew the chit; chits in the bag: 6",
        "side b to decide: round 1: b's chit -- order for a tank (and path: TANK move X,Y)",
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
    game = RULESET.new_game(None, {}, 1)
    assert isinstance(game, BattleGame)
    root = picture(RULESET.render_svg(game))
    text = " ".join(t.text or "" for t in group(root, "legend").iter(f"{NS}text"))
    for symbol in ("side a's tank", "side b's tank", "gun: the heading", "destroyed tank", "track damaged",
                   "base plate and tower (BT-3.1)", "stone house: heavy, tall", "wall: heavy, low",
                   "forest: light, low", "bushes: light, low", "rocks: heavy, tall", "wreck: heavy, low (BT-3.4)",
                   "tall cover casts a shadow and blocks sight", "a letter and name label each feature",
                   "line of sight", "last shot", "cover shadow of the last shot", "grid: 10 cm"):
        assert symbol in text, symbol
    items = legend(game)
    assert [i.label.split(" (")[0] for i in items if not i.sample] == [
        "gun: the heading", "tall cover casts a shadow and blocks sight, low shows a turret over it"]
    # the two notes; every other entry has its symbol drawn; the village's kinds, not the earth wall it lacks
    kinds = [g.get("data-kind") for g in group(root, "legend").iter(f"{NS}g") if g.get("data-kind")]
    assert kinds == ["wooden_wall", "fence", "bushes", "forest", "stone_house", "wall", "rocks"]
    samples = [g for g in group(root, "legend").iter(f"{NS}g") if g.get("class") == "sample"]
    assert len(samples) == len(items) - 2


def test_heading_and_legend_leave_the_tables_coordinates() -> None:
    """The browser turns a click into cm with SCALE and the depth: the table still
    spans 0..width x 0..depth in the drawing, the bands lie outside it."""
    g = RULESET.new_game(None, {}, 1)
    assert isinstance(g, BattleGame)
    root = picture(RULESET.render_svg(g))
    band = int(group(root, "caption").get("data-band", ""))
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "").split())
    depth = g.field.depth * SCALE
    assert (x0, y0, w) == (0, -band, g.field.width * SCALE) and h > depth + band
    assert all(float(t.get("y", "")) < 0 for t in group(root, "caption").iter(f"{NS}text"))
    assert all(int(e.get("transform", "").split(",")[1].rstrip(")")) >= depth
               for e in group(root, "legend") if e.get("transform"))
    scale_bar = group(root, "scale").find(f"{NS}line")
    assert scale_bar is not None and scale_bar.get("y1") == f"{(g.field.depth - 2) * SCALE:.0f}"


# ---------------------------------------------------------------- terrain (issue 58.5)
def _features(game: BattleGame) -> dict[str, ET.Element]:
    root = picture(RULESET.render_svg(game))
    layer = group(root, "terrain-features")
    found = {}
    for g in layer.findall(f"{NS}g"):
        title = g.find(f"{NS}title")
        assert title is not None and title.text
        found[title.text.split(":")[0]] = g
    return found


def test_issue_58_5_each_feature_is_drawn_as_its_kind_from_the_rules_table() -> None:
    """BT-3.2: every feature of the village is drawn by its kind's look (a roof for a
    stone house, crowns for a wood, bushes for a hedge, stones for rubble, a stone
    texture for a wall, posts for a fence), in a group naming kind, cover and height."""
    g = RULESET.new_game(None, {}, 1)
    assert isinstance(g, BattleGame)
    found = _features(g)
    assert set(found) == {f.name for f in g.field.features}
    want = {"stone_house": "building", "wall": "wall", "bushes": "hedge", "fence": "fence", "forest": "woods",
            "wooden_wall": "timber", "rocks": "rubble"}
    for feat in g.field.features:
        el = found[feat.name]
        assert el.get("class") == f"terrain {feat.kind}"
        assert (el.get("data-look"), el.get("data-height"), el.get("data-cover")) == (
            want[feat.kind], feat.height, feat.cover)
    church = found["church"]
    roof = church.find(f"{NS}g[@class='tt-roof']")
    assert roof is not None and len(roof.findall(f"{NS}polygon")) == 5  # four faces and the eaves
    assert roof.find(f"{NS}path[@class='tt-ridge']") is not None
    faces = {p.get("fill") for p in roof.findall(f"{NS}polygon")[:4]}
    assert len(faces) >= 3  # faces shaded by the light
    crowns = found["orchard"].find(f"{NS}g[@class='tt-canopies']")
    assert crowns is not None and len(crowns.findall(f"{NS}circle")) >= 2 * 6
    assert len(found["hedge"].findall(f"{NS}circle")) >= 4
    assert len(found["rubble"].findall(f"{NS}polygon")) >= 3
    assert found["fence"].find(f"{NS}line") is not None


def test_issue_58_5_tall_cover_casts_a_shadow_and_low_cover_none() -> None:
    """BT-3.2: a tall feature (stone house, rocks) casts a shadow on the table, a low
    one (wall, hedge, wood, fence) none: told apart at a glance, as the legend says."""
    g = RULESET.new_game(None, {}, 1)
    assert isinstance(g, BattleGame)
    found = _features(g)
    for feat in g.field.features:
        shadows = found[feat.name].findall(f"{NS}polygon[@class='tt-cast-shadow']")
        assert len(shadows) == (1 if feat.height == "tall" else 0), feat.name


def test_issue_58_5_textures_are_defined_once_and_every_fill_finds_its_own() -> None:
    """Textures live in <defs>, each id once (the legend's samples take their own ids);
    every ``url(#...)`` a fill names is defined; no filter; the picture is the same
    on every render (trees and stones placed by a hash, not a die)."""
    g = RULESET.new_game(None, {}, 1)
    svg = RULESET.render_svg(g)
    root = picture(svg)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    used = {(e.get("fill") or "")[5:-1] for e in root.iter() if (e.get("fill") or "").startswith("url(#")}
    assert used and used <= set(ids)
    assert "tt-stone-a8a296" in used and "tt-grass-dcdbb2" in used
    assert root.find(f".//{NS}filter") is None
    assert svg == RULESET.render_svg(g)
    assert sum(1 for _ in group(root, "terrain-features").iter()) < 400


def test_issue_58_5_a_kind_of_its_own_is_drawn_by_its_cover_and_height() -> None:
    """A table's own terrain kind (here a plugin's 'bunker': heavy, tall) gets the look
    its cover and height give, with its shadow, without new art."""
    from rulesets.battle_of_tanks.svg import look

    assert look("bunker", "heavy", "tall") == "building"
    assert look("cornfield", "light", "low") == "hedge"
    assert look("haystack", "light", "tall") == "woods"
    assert look("kerb", "heavy", "low") == "wall"
    assert look("stone_house", "light", "low") == "building"  # a kind of the rules keeps its own


def test_issue_58_5_a_wreck_leaves_burnt_ground() -> None:
    """BT-3.4: a destroyed tank becomes a wreck feature; its ground is scorched under it."""
    from rulesets.battle_of_tanks.field import Feature

    g = make_game(["gun"], ["target", "target"], {"a1": (20, 60, 0), "b1": (60, 60, 180), "b2": (100, 100, 0)},
                  cards=[card("gun"), card("target")])
    dead = g.tank("b1")
    dead.hp, dead.wreck = 0, True
    wr = g.rules.wrecks
    g.field = g.field.with_wrecks([Feature("wreck of b1", "wreck", wr.cover, wr.passable, wr.height, dead.footprint())])
    root = picture(RULESET.render_svg(g))
    scorched = [c for c in group(root, "terrain-features").iter(f"{NS}circle") if c.get("class") == "tt-scorch"]
    assert len(scorched) == 1
    assert abs(float(scorched[0].get("cx", "0")) - 60 * SCALE) < 0.2


# ---------------------------------------------------------------- tanks (issue 58.2)
def _pieces(game: BattleGame) -> dict[str, ET.Element]:
    root = picture(RULESET.render_svg(game))
    out = {}
    for g in root.iter(f"{NS}g"):
        if "tank" in (g.get("class") or "").split():
            (piece,) = [p for p in g.findall(f"{NS}g") if "tt-piece" in (p.get("class") or "").split()]
            assert piece.get("data-piece") == g.get("data-tank")
            out[g.get("data-tank") or ""] = piece
    return out


def _pose(piece: ET.Element) -> tuple[float, float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\) rotate\(([-\d.]+)\)", piece.get("transform", ""))
    assert m, piece.get("transform")
    x, y, deg = (float(v) for v in m.groups())
    return x, y, deg


def _tracks(piece: ET.Element) -> tuple[float, float]:
    """Length and width the drawing's tracks cover (the hull's footprint), drawing units."""
    rects = [r for r in piece.iter(f"{NS}rect") if r.get("class") == "track"]
    assert len(rects) == 2
    xs = [float(r.get("x", "0")) for r in rects] + [float(r.get("x", "0")) + float(r.get("width", "0")) for r in rects]
    ys = [float(r.get("y", "0")) for r in rects] + [float(r.get("y", "0")) + float(r.get("height", "0")) for r in rects]
    return max(xs) - min(xs), max(ys) - min(ys)


def test_issue_58_2_each_tank_is_a_piece_at_its_heading_drawn_to_its_cards_footprint() -> None:
    """BT-2.1: the hull and tracks cover the card's footprint (length x width cm times
    SCALE; a card without one takes the rules' default); the art contract's transform
    puts the drawing's centre on the tank's and turns it by the heading (SVG turns
    clockwise with y down: -heading); the gun reaches past the nose (BT-2 prints no
    gun length: drawn from the footprint)."""
    g = make_game(["gun", "small"], ["target"], {"a1": (20, 60, 30), "a2": (40, 20, 270), "b1": (90, 75, 135)},
                  cards=[card("gun", footprint={"length_cm": 12, "width_cm": 6}), card("small"),
                         card("target", footprint={"length_cm": 7.5, "width_cm": 4})])
    pieces = _pieces(g)
    assert set(pieces) == {"a1", "a2", "b1"}
    for t in g.tanks:
        x, y, deg = _pose(pieces[t.key])
        assert (x, y) == (round(t.x * SCALE, 1), round((g.field.depth - t.y) * SCALE, 1))
        assert deg == round((-t.heading) % 360, 1)
        assert _tracks(pieces[t.key]) == pytest.approx((t.length * SCALE, t.width * SCALE))
        gun = next(r for r in pieces[t.key].iter(f"{NS}rect") if r.get("class") == "gun")
        assert gun is not None
    assert (g.tank("a1").length, g.tank("b1").width, g.tank("a2").length) == (12, 4, 10)  # the default: 10 x 5
    assert _tracks(pieces["a1"]) == pytest.approx((60, 30)) and _tracks(pieces["b1"]) == pytest.approx((37.5, 20))


def _marks(piece: ET.Element) -> set[str]:
    return {(e.get("class") or "").split()[0] for e in piece.iter() if (e.get("class") or "").startswith("mark-")}


def test_issue_58_2_states_are_marks_on_the_drawing_each_told_apart() -> None:
    """BT-5 an order's chit, BT-7.1 the AMBUSH ring, BT-5.4 the spotted diamond, BT-6.5
    slashed tracks and the destroyed tank burnt out and crossed (``tt-wreck``, its id
    kept): each drawn inside the piece so it moves and turns with it, and no two
    states look alike."""
    g = make_game(["gun", "gun", "gun", "gun"], ["target", "target"],
                  {"a1": (20, 60, 0), "a2": (20, 30, 0), "a3": (20, 90, 0), "a4": (50, 50, 90),
                   "b1": (60, 60, 180), "b2": (100, 100, 180)},
                  cards=[card("gun", firepower=600), card("target")])
    give_chit(g, "a")
    g.apply(Declare("gun#2", "AMBUSH"))
    g.spotted.add("b2")
    g.tank("b1").hp = 0
    g.tank("a3").track_until = 1
    g.tank("a4").order = "MOVE"
    pieces = _pieces(g)
    looks = {key: _marks(p) for key, p in pieces.items()}
    assert looks == {"a1": set(), "a2": {"mark-ambush", "mark-order"}, "a3": {"mark-track"}, "a4": {"mark-order"},
                     "b1": {"mark-destroyed"}, "b2": {"mark-spotted"}}
    assert pieces["b1"].get("class") == "tt-piece tt-wreck" and pieces["a1"].get("class") == "tt-piece"
    art = pieces["b1"].find(f"{NS}g")
    assert art is not None and "wreck" in (art.get("class") or "").split()
    chit = pieces["a4"].find(f"{NS}g[@class='mark-order order-move']")
    assert chit is not None and chit.find(f"{NS}circle").get("fill") == "#fdd835"  # type: ignore[union-attr]
    root = picture(RULESET.render_svg(g))
    title = next(t for t in root.iter(f"{NS}g") if t.get("data-tank") == "a3").find(f"{NS}title")
    assert title is not None and (title.text or "").endswith("; track damaged")
    # only the outer group answers to the page's g.tank
    assert [e.get("data-tank") for e in root.iter(f"{NS}g") if "tank" in (e.get("class") or "").split()] == [
        "a1", "a2", "a3", "a4", "b1", "b2"]
