"""The board's picture read on its own (issue 19 item 15): a heading with the
round, the phase and step, the season, whose view and who decides what, or the
result; a legend of every symbol; and neither tells a viewer what its view
does not hold (DG-24)."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from core.data import load_document
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import LayCard, Program
from rulesets.duel_of_the_giants.board import label, parse_hex
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.svg import CANOPY, MINE, SIZE, bar_words, centre, heading
from tests.duel_of_the_giants.helpers import atg, blank, goto, marker, stuka, t34, tiger
from tests.svg import NS, group, picture
from tests.svg import pieces as _pieces
from tests.svg import pose as _pose

POSITIONS = Path(__file__).resolve().parents[2] / "data" / "duel_of_the_giants" / "positions"


def _heading(game: DuelGame, player: int | None) -> list[str]:
    """The heading's lines for ``player``'s view, after checking the picture draws
    exactly them (wrapped at spaces)."""
    outcome = game.outcome()
    lines = [line.text for line in heading(game.view(player), None if outcome is None else outcome.reason)]
    root = picture(RULESET.render_svg(game, player))
    drawn = [t.text or "" for t in group(root, "caption").iter(f"{NS}text")]
    assert " ".join(drawn) == " ".join(lines)
    return lines


def test_dg_8_1_heading_of_the_opening_says_phase_step_season_and_whose_view() -> None:
    g = RULESET.new_game("summer", {}, 0)
    assert isinstance(g, DuelGame)
    assert _heading(g, 1) == [
        "Duel of the Giants: Summer '43",
        "before round 1, opening phase, step O1; season: summer; seen by soviet",
        "soviet to decide: opening: move tank markers (DG-8.1 O1)",
    ]
    assert _heading(g, None)[1] == "before round 1, opening phase, step O1; season: summer; full view"


def test_dg_8_5_heading_of_the_shipped_combat_position() -> None:
    g = RULESET.from_position(load_document(POSITIONS / "summer-combat.yaml").data)
    assert isinstance(g, DuelGame)
    assert _heading(g, 0)[1:] == [
        "round 2, phase D (combat), step D2; season: summer; seen by german",
        "german to decide: phase D2 combat, barrels aimed at each other: the unit in a forest fires first "
        "(case A, DG-17.6) -- Tiger 1 at d2 may fire at T-34 #7 at h9: no effect (fire d2 h9) or hold its fire (hold d2)",
    ]


def test_dg_23_heading_and_legend_follow_the_season() -> None:
    g = RULESET.new_game("winter", {}, 0)
    root = picture(RULESET.render_svg(g, 0))
    assert "season: winter" in _heading(g, 0)[1]
    legend = [t.text or "" for t in group(root, "legend").iter(f"{NS}text")]
    assert any(t.startswith("snow steppe (DG-23):") for t in legend)
    assert not any(t.startswith("steppe") for t in legend)


def test_dg_23_6_a_drop_marker_shows_its_drops_on_its_hex() -> None:
    """A T-34 in a snowdrift: its drop marker is drawn on that hex with the drops
    counted, for either side (the marker is public), and the winter legend names it."""
    from rulesets.duel_of_the_giants.board import parse_hex
    from rulesets.duel_of_the_giants.pieces import Drift

    g = RULESET.new_game("winter", {}, 0)
    assert isinstance(g, DuelGame)
    g.drifts[parse_hex("e5")] = Drift(2, 0, "t34")
    for player in (0, 1):
        root = picture(RULESET.render_svg(g, player))
        badges = [b for b in root.iter(f"{NS}g") if b.get("class") == "drift"]
        assert len(badges) == 1
        circle = badges[0].find(f"{NS}circle")
        assert circle is not None
        x, y = centre(*parse_hex("e5"))
        assert (float(circle.get("cx", "0")), float(circle.get("cy", "0"))) == (round(x + 12, 1), round(y - 12, 1))
        assert [t.text for t in badges[0].iter(f"{NS}text")] == ["2"]
    legend = [t.text for t in group(root, "legend").iter(f"{NS}text")]
    assert any(t and t.startswith("drop marker (DG-23.6)") for t in legend)


def test_dg_20_1_heading_says_game_over_with_the_result() -> None:
    """Who won and on what, then why the game ended (issue 59: not "wins by 3 VP; the
    Soviet side has no weapons left", which read as if that won it)."""
    g = blank()
    tiger(g, 1, "c5", "E")
    g.round_vp = {"german": 3, "soviet": 0}
    goto(g, "D6")
    assert _heading(g, 1)[1:] == [
        "round 1; season: summer; seen by soviet",
        "game over: German side wins on victory points, 3 VP ahead (German 0, Soviet 0); "
        "the game ended because the Soviet side has no weapons left in play (DG-20.1)",
    ]
    resigned = RULESET.new_game("summer", {}, 0)
    resigned.forfeit(1)
    assert _heading(resigned, 1)[-1] == "game over: soviet resigned"


def test_dg_6_the_vp_bar_under_the_track_is_said_in_words() -> None:
    """Playtest of issue 59: the picture's line under the drawn VP track repeated it in
    characters (``VP German [---#---] Soviet net +0``); it says which end leads, by how much."""
    assert bar_words(0, 10) == "German ◀ VP bar ▶ Soviet: level"
    assert bar_words(9, 10) == "German ◀ VP bar ▶ Soviet: German side ahead by 9"
    assert bar_words(-12, 10) == "German ◀ VP bar ▶ Soviet: Soviet side ahead by 12, 2 beyond the bar's end"
    root = picture(RULESET.render_svg(RULESET.new_game("summer", {}, 0), 1))
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    assert "German ◀ VP bar ▶ Soviet: level" in texts and not any("VP German [" in t for t in texts)


def test_legend_names_every_symbol() -> None:
    root = picture(RULESET.render_svg(RULESET.new_game("summer", {}, 0), 1))
    text = " ".join(t.text or "" for t in group(root, "legend").iter(f"{NS}text"))
    for symbol in ("steppe", "forest", "high ground", "swamp", "front element (DG-5)", "Tiger", "T-34",
                   "destroyed tank", "hull: the way the counter faces; turret: the way the gun points",
                   "tank marker (DG-9), face down: ? unknown, W wheel, b bluff",
                   "ATG marker (DG-12): 8 PAK 8.8, 3 PAK 36, b bluff, ? unknown, t tire",
                   "mine marker (DG-14)", "airfield", "Stuka", "VP bar"):
        assert symbol in text, symbol


def _legend_entries(root: ET.Element) -> list[tuple[str, str | None, str | None]]:
    """(text, short form, terrain kind of its swatch) of each row of the legend; a long
    entry's text goes on in the next rows (class ``more``)."""
    rows = []
    for entry in group(root, "legend"):
        text = " ".join(t.text or "" for t in entry.iter(f"{NS}text"))
        kinds = [p.get("class", "").split()[-1] for p in entry.iter(f"{NS}polygon")
                 if "hex-ground" in p.get("class", "")]
        rows.append((text, entry.get("data-brief"), kinds[0] if kinds else None))
    return rows


def test_issue_60_4_legend_says_what_each_terrain_on_the_map_does_and_only_those() -> None:
    """Only the terrain the map holds (a map with no swamp has no swamp entry), each
    drawn as on the board with its rule and what its data says it does (DG-4, DG-23);
    the short form (name and rule) is what the browser table's legend shows."""
    g = RULESET.new_game("summer", {}, 0)
    assert isinstance(g, DuelGame)
    root = picture(RULESET.render_svg(g, 1))
    rows = _legend_entries(root)
    kinds = [kind for _, _, kind in rows if kind]
    text = " ".join(t for t, _, _ in rows)
    assert "swamp (DG-4.5): T-34 2 MA, no Tigers; no mines; no tank markers" in text
    assert ("forest (DG-4.3): T-34 1 MA, Tiger 1 card; blocks sight; hides units; -1 FP into it; fires first; "
            "no Stuka; markers not reconnoitred") in text
    assert "high ground (DG-4.4): T-34 1 MA, Tiger 1 card; blocks sight; better fire and recon" in text
    assert "front element (DG-5): T-34 +1 MA, Tiger +1 card to enter" in text
    briefs = [brief for _, brief, _ in rows if brief]
    assert briefs[:4] == ["steppe (DG-4.2)", "forest (DG-4.3)", "high ground (DG-4.4)", "swamp (DG-4.5)"]
    assert kinds[:4] == ["steppe", "forest", "high_ground", "swamp"]
    # no swamp on the map: no swamp in the legend
    for pos in [p for p, kind in g.terrain.items() if kind == "swamp"]:
        g.terrain[pos] = "forest"
    text = " ".join(t for t, _, _ in _legend_entries(picture(RULESET.render_svg(g, 1))))
    assert "swamp" not in text and "forest (DG-4.3)" in text


def _secret_phase_b() -> DuelGame:
    """A seeded game played to phase B of round 1: the Tigers are programmed and the
    ATGs and mines are face down -- German secrets while the Soviet side moves (the
    German player here never activates an ATG)."""
    from rulesets.duel_of_the_giants.actions import Activate

    g = RULESET.new_game("summer", {}, 0)
    assert isinstance(g, DuelGame)
    rng = random.Random(1)
    while not (g.step.startswith("B") and g.programs):
        actions = [a for a in g.legal_actions() if not (isinstance(a, Activate) and a.hull is None)]
        cards = [a for a in actions if isinstance(a, LayCard) and a.card != "S"]
        g.apply(rng.choice(cards or actions))  # full stacks: secrets worth looking for
    return g


def test_dg_24_the_soviet_picture_holds_no_german_secret() -> None:
    g = _secret_phase_b()
    german = RULESET.render_svg(g, 0)
    soviet = RULESET.render_svg(g, 1)
    german_root, soviet_root = picture(german), picture(soviet)
    assert _heading(g, 1) == [
        "Duel of the Giants: Summer '43",
        "round 1, phase B (Soviet movement), step B1; season: summer; seen by soviet",
        "soviet to decide: phase B1: move tank markers (DG-9.5)",
    ]
    # the Tiger programs (DG-11.2), not yet executed
    assert any(len(cards) > 2 for cards in g.programs.values())
    for n, cards in g.programs.items():
        assert n not in g.executed
        assert g.format_action(Program(n, cards)) not in soviet
        assert len(cards) < 3 or " ".join(cards) not in soviet
    # face-down ATGs (DG-12): the German picture shows their kind, the Soviet one "?"
    atg_labels = {}
    for a in g.atgs.values():
        assert not a.face_up
        pieces = [next(p for p in root.iter(f"{NS}g") if p.get("data-piece") == f"atg-{label(a.pos)}")
                  for root in (german_root, soviet_root)]
        atg_labels[label(a.pos)] = [p.findtext(f".//{NS}text[@class='back-mark']") or "" for p in pieces]
        assert [p.get("data-code") for p in pieces] == ["A" + t for t in atg_labels[label(a.pos)]]
        german_piece, soviet_piece = (ET.tostring(p, encoding="unicode") for p in pieces)
        assert "tank-art" not in soviet_piece  # face down: no silhouette of its gun
    assert {soviet_label.rstrip("t") for _, soviet_label in atg_labels.values()} == {"?"}
    # the pieces' drawings kept once in the defs (placed with <use>): only those some
    # piece of the view shows, so no ATG's kind there either
    raw = ET.fromstring(soviet)
    used = {u.get("href", "")[1:] for u in raw.iter(f"{NS}use")}
    defined = {e.get("id") for d in raw.iter(f"{NS}defs") if d.get("class") == "tt-art" for e in d}
    assert used and used == defined
    marks = {t.text or "" for t in raw.iter(f"{NS}text") if t.get("class") == "back-mark"}
    assert not marks & {"8", "3", "8t", "3t"}
    assert {german_label.rstrip("t") for german_label, _ in atg_labels.values()} >= {"8", "3", "b"}
    # face-down mines (DG-14): only the German picture tells a mine from a bluff
    board_mines = [c.get("fill") for c in soviet_root.findall(f"{NS}circle") if c.get("r") == "5"]
    assert board_mines == [MINE[None]] * len(g.mines)
    assert sorted(c.get("fill") or "" for c in german_root.findall(f"{NS}circle") if c.get("r") == "5") == \
        sorted(MINE[m.real] for m in g.mines.values())
    # the heading and the legend tell both sides the same, but for whose view it is
    assert _heading(g, 0)[1].replace("german", "soviet") == _heading(g, 1)[1]
    assert _heading(g, 0)[2] == _heading(g, 1)[2]
    assert ET.tostring(group(german_root, "legend")) == ET.tostring(group(soviet_root, "legend"))


# ---------------------------------------------------------------- terrain (issue 58.5)
def _terrain(season: str) -> tuple[DuelGame, ET.Element]:
    g = RULESET.new_game(season, {}, 0)
    assert isinstance(g, DuelGame)
    return g, picture(RULESET.render_svg(g, 0))


def _grounds(root: ET.Element) -> dict[str, ET.Element]:
    """Each hex's ground polygon by the hex's label (in drawing order, as the labels)."""
    terrain = group(root, "terrain")
    polygons = [p for p in terrain.iter(f"{NS}polygon") if "hex-ground" in (p.get("class") or "")]
    labels = [t.text or "" for t in root.findall(f"{NS}text")
              if "8px" in (t.get("style") or "") and re.fullmatch(r"[a-i]\d{1,2}", t.text or "")]
    assert len(polygons) == len(labels) == 99
    return dict(zip(labels, polygons, strict=True))


def test_issue_58_5_dg_hexes_are_drawn_as_their_terrain_with_textures_from_defs() -> None:
    """Steppe and swamp are textured by patterns defined once in <defs>, high ground
    shaded by a gradient with contour lines, forest hexes carry tree crowns; every
    kind of the summer map (DG-4) is on the board with its own look."""
    g, root = _terrain("summer")
    grounds = _grounds(root)
    defs = root.find(f"{NS}defs")
    assert defs is not None
    ids = {e.get("id") for e in defs}
    assert len(ids) == len(defs)  # each texture once
    looks = {}
    for hex_label, poly in grounds.items():
        kind = (poly.get("class") or "").split()[1]
        looks[kind] = poly.get("data-look")
        fill = poly.get("fill") or ""
        if looks[kind] in ("grass", "swamp"):
            assert fill.startswith("url(#tt-") and fill[5:-1] in ids, (hex_label, fill)
    assert looks == {"steppe": "grass", "forest": "forest", "high_ground": "high", "swamp": "swamp"}
    gradients = {e.get("id") for e in defs if e.tag == f"{NS}radialGradient"}
    assert {p.get("fill", "")[5:-1] for p in grounds.values() if p.get("data-look") == "high"} <= gradients
    forests = sum(1 for p in grounds.values() if p.get("data-look") == "forest")
    crowns = [c for c in group(root, "terrain").iter(f"{NS}g") if c.get("class") == "tt-canopies"]
    assert forests > 0 and len(crowns) == forests and all(len(c) >= 12 for c in crowns)
    highs = sum(1 for p in grounds.values() if p.get("data-look") == "high")
    assert len([e for e in group(root, "terrain").iter() if e.get("class") == "tt-contour"]) == 2 * highs


def test_issue_58_5_dg_front_elements_are_trenches_and_the_airfield_an_airstrip() -> None:
    """DG-5: each front hex gets a trench with wire (and keeps its red rim); the
    Stuka's airfield (DG-7.4.2) is drawn as a runway on its hex, under the pieces."""
    g, root = _terrain("summer")
    view = g.view(0)
    terrain = group(root, "terrain")
    trenches = [e for e in terrain.iter(f"{NS}g") if e.get("class") == "tt-trench"]
    assert len(trenches) == len(view["front"]) > 0
    (strip,) = [e for e in terrain.iter(f"{NS}g") if e.get("class") == "tt-airfield"]
    runway = strip.find(f"{NS}rect")
    assert runway is not None
    x, y = centre(*parse_hex(view["stuka"]["airfield"]))
    assert abs(float(runway.get("x", "0")) + float(runway.get("width", "0")) / 2 - x) < 0.2
    assert y < float(runway.get("y", "0")) < y + SIZE
    children = list(root)
    assert children.index(terrain) < min(i for i, e in enumerate(children) if e.tag == f"{NS}circle")


def test_issue_58_5_dg_winter_draws_snow_and_drifts_and_snowy_trees() -> None:
    """DG-23: the winter board is snow steppe, snow forest (paler crowns), snow high
    ground and snowdrifts, each with its own texture; the legend shows the same."""
    _, root = _terrain("winter")
    looks = {(p.get("class") or "").split()[1]: p.get("data-look") for p in _grounds(root).values()}
    assert looks == {"snow_steppe": "snow", "snow_forest": "forest", "snow_high_ground": "high",
                     "snowdrift": "drift"}
    crowns = [c for c in group(root, "terrain").iter(f"{NS}circle") if c.get("fill") == CANOPY["winter"]]
    assert crowns
    legend = group(root, "legend")
    samples = {p.get("data-look") for p in legend.iter(f"{NS}polygon") if p.get("data-look")}
    assert samples == {"snow", "forest", "high", "drift"}
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))  # the legend's own textures take their own ids


def test_issue_58_5_dg_terrain_is_the_same_on_every_render_and_light() -> None:
    """No randomness between renders (trees are placed by a hash of the hex), and the
    terrain stays light for the browser: no filters, under 600 elements for 99 hexes."""
    g, root = _terrain("summer")
    assert RULESET.render_svg(g, 0) == RULESET.render_svg(g, 0)
    again = RULESET.new_game("summer", {}, 0)
    assert ET.tostring(group(root, "terrain")) == ET.tostring(
        group(picture(RULESET.render_svg(again, 1)), "terrain"))
    assert root.find(f".//{NS}filter") is None
    assert sum(1 for _ in group(root, "terrain").iter()) < 600


# ---------------------------------------------------------------- pieces (issue 58.3)
SCREEN = {"NE": -60.0, "E": 0.0, "SE": 60.0, "SW": 120.0, "W": 180.0, "NW": -120.0}
"""Where each hex facing points on the drawing (SVG degrees, clockwise from east)."""


def _same(a: float, b: float) -> bool:
    """Two angles (degrees) the same direction."""
    return math.isclose((a - b + 540) % 360 - 180, 0, abs_tol=1e-6)


def _turret_turn(piece: ET.Element) -> float:
    turret = next(e for e in piece.iter(f"{NS}g") if e.get("class") == "turret-group")
    m = re.search(r"rotate\(([-\d.e]+)\)", turret.get("transform", ""))
    assert m
    return float(m.group(1))


def _pieces_board() -> DuelGame:
    g = blank()
    tiger(g, 1, "c3", "E", "NE")
    tiger(g, 2, "b6", "SW")
    t34(g, 4, "g5", "W", "NW")
    t34(g, 7, "h8", "NW").destroyed = True
    marker(g, "g2", True)
    marker(g, "h3", False)
    atg(g, "d4", "pak88", "E")
    atg(g, "d7", "pak36", "SE", face_up=True)
    stuka(g, "a6", "NE")
    return g


def test_issue58_3_tanks_are_counters_turned_to_the_hull_with_the_turret_turned_on_it() -> None:
    """Hull and turret facings read from the drawing: the counter turns to the hull
    (DG-3.4's six facings), the turret turns on it by the turret's difference; each
    tank keeps its own id and shows its number on an upright badge."""
    g = _pieces_board()
    g.tiger(2).track = 2  # DG-11.8: damaged three times over (playtest: a Tiger's damage was shown nowhere)
    pieces = _pieces(picture(RULESET.render_svg(g, 0)))
    for tid, at, hull, turret, code in (("tiger1", "c3", "E", "NE", "T1"), ("tiger2", "b6", "SW", "SW", "T2"),
                                        ("t34-4", "g5", "W", "NW", "4"), ("t34-7", "h8", "NW", "NW", "7")):
        piece = pieces[tid]
        x, y, deg = _pose(piece)
        assert (x, y) == tuple(round(v, 1) for v in centre(*parse_hex(at)))
        assert _same(deg, SCREEN[hull])
        if tid != "t34-7":  # a wreck's turret is knocked askew
            assert _same(_turret_turn(piece), SCREEN[turret] - SCREEN[hull])
        assert piece.get("data-code") == code
        badge = next(b for b in piece.iter(f"{NS}g") if b.get("class") == "badge")
        assert badge.findtext(f"{NS}text") == code
        assert _same(float(badge.get("transform", "").split("rotate(")[1].rstrip(")")), -deg)  # upright
    assert "tt-wreck" in pieces["t34-7"].get("class", "").split()
    assert "tt-wreck" not in pieces["t34-4"].get("class", "").split()
    assert any(e.get("class") == "scorch" for e in pieces["t34-7"].iter())
    tiger_art = next(e for e in pieces["tiger1"].iter(f"{NS}polygon") if e.get("class") == "turret")
    assert tiger_art is not None  # the Tiger's faceted turret; a T-34's is round
    assert any(e.get("class") == "turret" for e in pieces["t34-4"].iter(f"{NS}circle"))
    # each Tiger's damage track on its counter and in its hover (DG-11.8); none on a T-34
    assert [e.text for e in pieces["tiger2"].iter(f"{NS}text") if e.get("class") == "track"] == ["2"]
    assert [e.text for e in pieces["tiger1"].iter(f"{NS}text") if e.get("class") == "track"] == ["5"]
    assert not [e for e in pieces["t34-4"].iter(f"{NS}text") if e.get("class") == "track"]
    assert pieces["tiger2"].findtext(f"{NS}title") == ("Tiger 2 on b6, hull SW, turret SW, damage track 2 (damaged, "
                                                       "3 down from 5: at most 2 movement cards, DG-11.8)")


def test_issue58_3_markers_face_down_atgs_and_the_stuka_as_counters() -> None:
    g = _pieces_board()
    soviet = _pieces(picture(RULESET.render_svg(g, 1)))
    german = _pieces(picture(RULESET.render_svg(g, 0)))
    for view in (soviet, german):
        markers = [p for p in view.values() if "marker" in p.get("class", "").split()]
        assert len(markers) == 2
        assert all(any("face-down" in (e.get("class") or "") for e in m.iter(f"{NS}g")) for m in markers)
        assert all(_pose(m)[2] == 0 for m in markers)
        stuka_piece = view["stuka"]
        assert _same(_pose(stuka_piece)[2], SCREEN["NE"])
        assert any("aircraft" in (e.get("class") or "").split() for e in stuka_piece.iter(f"{NS}g"))
        up = view["atg-d7"]
        assert _same(_pose(up)[2], SCREEN["SE"]) and up.get("data-code") == "A3"
        assert any("gun" in (e.get("class") or "").split() for e in up.iter(f"{NS}g"))  # its gun drawn
        down = view["atg-d4"]
        assert _same(_pose(down)[2], SCREEN["E"])
        assert any(e.get("class") == "front-mark" for e in down.iter(f"{NS}polygon"))  # its facing
        assert not any("tank-art" in (e.get("class") or "") for e in down.iter(f"{NS}g"))
    # DG-9 / DG-12 (DG-24): the marker's back and the face-down ATG's kind only to their owner
    assert sorted(m.findtext(f".//{NS}text[@class='back-mark']") or "" for k, m in soviet.items()
                  if k.startswith("marker")) == ["W", "b"]
    assert sorted(m.findtext(f".//{NS}text[@class='back-mark']") or "" for k, m in german.items()
                  if k.startswith("marker")) == ["?", "?"]
    assert german["atg-d4"].get("data-code") == "A8" and soviet["atg-d4"].get("data-code") == "A?"
    assert german["atg-d4"].findtext(f".//{NS}text[@class='back-mark']") == "8"
    assert soviet["atg-d4"].findtext(f".//{NS}text[@class='back-mark']") == "?"


def test_issue58_3_a_tanks_piece_id_stays_when_it_moves() -> None:
    g = _pieces_board()
    before = _pieces(picture(RULESET.render_svg(g, 0)))["tiger1"]
    g.tanks["tiger1"].pos = parse_hex("c4")
    g.state_changed()
    after = _pieces(picture(RULESET.render_svg(g, 0)))["tiger1"]
    assert _pose(before)[:2] != _pose(after)[:2] and after.get("data-code") == before.get("data-code")


def test_issue58_3_a_flying_stuka_is_drawn_over_the_tank_below_it() -> None:
    """Playtest of issue 58: a Stuka flying over Tiger 1's hex (DG-13) was hidden under the
    Tiger's counter, and the player could not find it. On the ground it lies under the
    tanks; in the air it is drawn after every tank."""
    g = _pieces_board()
    order = [p.get("data-piece") for p in picture(RULESET.render_svg(g, 0)).iter(f"{NS}g") if p.get("data-piece")]
    assert order.index("stuka") < order.index("tiger1")  # on its airfield
    g.stuka.state, g.stuka.pos = "flying", parse_hex("c3")
    g.state_changed()
    order = [p.get("data-piece") for p in picture(RULESET.render_svg(g, 0)).iter(f"{NS}g") if p.get("data-piece")]
    assert order[-1] == "stuka"


def test_dg_11_2_the_germans_map_draws_where_each_waiting_program_leads() -> None:
    """The German lays his cards face down by each Tiger and may look at them (DG-11.2): in
    phases B and C1 his map draws each waiting program's course to its end hex, as the
    course would run now; the Soviet's map has none of it (DG-24)."""
    from rulesets.duel_of_the_giants.preview import course
    from rulesets.duel_of_the_giants.tigers import counted

    g = RULESET.new_game(None, None, 5)
    rng = random.Random(1)
    while not (g.round >= 1 and g.step == "B3"):
        g.apply(rng.choice(g.legal_actions()))
    german, soviet = (ET.fromstring(RULESET.render_svg(g, p)) for p in (0, 1))
    ns = "{http://www.w3.org/2000/svg}"
    drawn = {e.get("data-tiger"): e for e in german.iter(f"{ns}g") if e.get("class") == "dg-course"}
    assert sorted(drawn) == sorted(str(n) for n in g.programs) == ["1", "2"]
    for n, cards in g.programs.items():
        c = course(g, n, counted(tuple(cards)))
        ring = drawn[str(n)].find(f"{ns}circle")
        assert ring is not None
        x, y = (float(ring.get(a, "0")) for a in ("cx", "cy"))
        from rulesets.duel_of_the_giants.svg import centre

        assert (x, y) == tuple(round(v, 1) for v in centre(*c.end))
        assert f"ends on {label(c.end)}" in (drawn[str(n)].findtext(f"{ns}title") or "")
    assert not [e for e in soviet.iter(f"{ns}g") if e.get("class") == "dg-course"]
    assert "program" not in "".join(soviet.itertext()).lower()
