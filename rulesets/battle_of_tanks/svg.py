"""SVG picture of a table: terrain, base plates, tanks, sight lines and the cover
shadow of the last shot. Built with ElementTree (no dependency).

Terrain is drawn as what it is (:mod:`core.art.terrain`: roofs, walls, hedges,
tree crowns, rubble), tall cover casting a shadow; each tank is drawn from above
(:mod:`core.art.tanks`) at its card's footprint, one ``g.tt-piece`` turned to
its heading (the art contract the page's motion module animates), its markers
drawn on it (:mod:`rulesets.battle_of_tanks.marks` gives their colours and words).

A heading above the table says the scenario, the round and its phase, whose
activation it is and who decides what, or the result; a legend below it
names every symbol (:mod:`core.svgframe`). The table keeps its coordinates
(``SCALE`` pixels per cm, y growing down from the far edge): the browser
table draws on them.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import shapely

from core.art.splice import Splice, cached_parts
from core.art.tanks import Livery, top_down_tank
from core.art.terrain import (
    Terrain,
    building,
    canopies,
    cast_shadow,
    fence,
    hedge,
    rubble,
    scorch,
    seed,
    shade,
)
from core.svgframe import HeadingLine, LegendItem, frame
from rulesets.battle_of_tanks import marks
from rulesets.battle_of_tanks.render import feature_letter

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.field import Battlefield, Feature
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

SCALE = 5.0  # pixels per cm
HP_BAR, HP_HIGH = 30.0, 10.0
"""The hit-point bar under a tank, in drawing units (6 by 2 cm of table; ~28 by 9 CSS pixels
at 1024x768), its number written in it."""
HP_FULL, HP_HALF, HP_LOW = "#43a047", "#f9a825", "#e53935"
"""The bar's colours: above two thirds of the card's hit points left, above one third, below."""
LOOKS = {"stone_house": "building", "wall": "wall", "earth_wall": "bank", "bushes": "hedge", "forest": "woods",
         "rocks": "rubble", "fence": "fence", "wooden_wall": "timber"}
"""How each of the rules table's terrain kinds (data/battle_of_tanks/rules.yaml) is
drawn; a kind not named here (a table's or a plugin's own) is drawn by its cover
class and height instead (:func:`look`)."""
LOOK_COLOURS = {"building": "#9a6e4c", "wall": "#a8a296", "bank": "#9a7b52", "hedge": "#64943f",
                "woods": "#4e7f36", "rubble": "#9d978b", "fence": "#7b5a3a", "timber": "#a0764a"}
"""The main colour of each look: roof tiles, stone, earth, foliage, rock, wood."""
SHADOW_CM = 1.6
"""How far a tall feature's shadow falls on the table (cm): tall cover casts one, low cover none."""
SIDE_COLOUR = {"a": "#1565c0", "b": "#c62828"}
TABLE = "#dcdbb2"
BANDS = "#fbf9f3"
"""The table's colour, and the heading's and legend's around it."""
LAST_SHOT = "#ff6f00"
LIVERY = {"a": Livery(body="#4d6f9c", shade="#2f4868", highlight="#86a6cf", track="#1d2430", accent="#ffffff"),
          "b": Livery(body="#a4473b", shade="#6c2a21", highlight="#d4826f", track="#2a1d1a", accent="#ffffff")}
"""Each side's paint: its side colour muted to a military finish, so blue and red
still tell the sides apart at a glance."""
GUN_OF_LENGTH = 0.6
"""The barrel's length from the turret ring, as a share of the hull's: the cards
print none, so every gun is drawn from its tank's footprint (a 10 cm tank's gun
reaches about 2 cm past its nose, as on a 1:56 model)."""
TRACK_MARK = "#ffab00"
"""The slashes across a damaged track (BT-6.5): amber, edged dark, on any livery."""
SHADOW = {"fill": "#000000", "fill-opacity": "0.04", "stroke": "#5d4037", "stroke-opacity": "0.55",
          "stroke-width": "1.5", "stroke-dasharray": "6 4"}
"""The last shot's cover shadow: an outline, barely tinted, that hides nothing under it."""
PHASES = {"start": "set-up", "order": "order", "path": "movement", "fire": "fire",
          "window": "ambush reaction", "run": "execution", "over": "end"}
"""The words for the game's phases (BT-4.2: a chit, an order, its execution; BT-7.2: a reaction)."""


def _points(coords: Any, depth: float) -> str:
    return " ".join(f"{x * SCALE:.1f},{(depth - y) * SCALE:.1f}" for x, y in coords)


def _polygon_elements(parent: ET.Element, geom: Any, depth: float, **attrs: str) -> None:
    for part in shapely.get_parts(geom):
        if part.geom_type == "Polygon" and not part.is_empty:
            ET.SubElement(parent, "polygon", attrib={"points": _points(part.exterior.coords, depth), **attrs})


def _coords(geom: Any, depth: float) -> list[tuple[float, float]]:
    """A polygon's outer corners in drawing units (the closing corner dropped)."""
    part = max(shapely.get_parts(geom), key=lambda p: p.area)
    return [(x * SCALE, (depth - y) * SCALE) for x, y in list(part.exterior.coords)[:-1]]


def look(kind: str, cover: str, height: str) -> str:
    """The look of a terrain kind: its own (:data:`LOOKS`), else one told by its
    cover and height, so that a new kind is drawn without new art: tall heavy
    cover a building, tall light a wood, low heavy a wall, low light a hedge."""
    if kind in LOOKS:
        return LOOKS[kind]
    if height == "tall":
        return "building" if cover == "heavy" else "woods"
    return "wall" if cover == "heavy" else "hedge"


def draw_feature(parent: ET.Element, art: Terrain, feat: Feature, depth: float, key: int) -> ET.Element:
    """One terrain feature drawn as what it is (roof, wall, trees...), in a
    ``g.terrain`` that names its kind, look and height; a tall one casts a shadow."""
    kind_look = look(feat.kind, feat.cover, feat.height)
    g = ET.SubElement(parent, "g", attrib={"class": f"terrain {feat.kind}", "data-look": kind_look,
                                           "data-height": feat.height, "data-cover": feat.cover})
    ET.SubElement(g, "title").text = (f"{feat.name}: {feat.cover} cover, {feat.height}, "
                                      f"{'passable' if feat.passable else 'impassable'}")
    pts = _coords(feat.polygon, depth)
    if feat.height == "tall":
        cast_shadow(g, pts, SHADOW_CM * SCALE)
    draw_look(g, art, kind_look, pts, key, SCALE)
    return g


def draw_look(g: ET.Element, art: Terrain, kind_look: str, pts: list[tuple[float, float]], key: int,
              cm: float) -> None:
    """The drawing of a look over the polygon ``pts``, ``cm`` drawing units to the
    centimetre (the table's scale, or the legend's small one)."""
    colour = LOOK_COLOURS[kind_look]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    narrow = min(max(xs) - min(xs), max(ys) - min(ys))
    if kind_look == "building":
        building(g, pts, colour)
    elif kind_look == "woods":
        ET.SubElement(g, "polygon", attrib={"points": _svg_points(pts), "fill": art.fill("leaves", shade(colour, 0.35)),
                                            "stroke": shade(colour, -0.3), "stroke-width": "1",
                                            "stroke-dasharray": "3 2"})
        canopies(g, pts, 2.6 * cm, key, colour)
    elif kind_look == "hedge":
        hedge(g, pts, max(1.2 * cm, min(2.2 * cm, narrow * 0.55)), key, colour)
    elif kind_look == "rubble":
        rubble(g, pts, 1.7 * cm, key, colour)
    elif kind_look == "fence":
        fence(g, pts, colour, max(1.5, min(narrow, 0.8 * cm)))
    else:
        texture = {"wall": "stone", "bank": "earth", "timber": "planks"}[kind_look]
        ET.SubElement(g, "polygon", attrib={"points": _svg_points(pts), "fill": art.fill(texture, colour),
                                            "stroke": shade(colour, -0.55), "stroke-width": "1.2"})


def terrain_legend(game: BattleGame, splice: Splice | None = None) -> list[LegendItem]:
    """One entry per terrain kind on this table (the rules table's, BT-3.2) and the
    wreck (BT-3.4), each with a small drawing of its look and its cover class and
    height; a note says how tall and low cover are told apart. Kinds the table
    does not hold are left out, to keep the legend short enough to sit under the
    map. The samples' textures take their own ids."""
    present = {f.kind for f in game.field.features}
    kinds = [(k, t.cover, t.height) for k, t in game.rules.terrain_kinds.items() if k in present]
    if splice is None:
        samples = _terrain_samples(kinds)
    else:  # the same on every picture of a table: drawn and written once
        defs, *texts = cached_parts(("bt-terrain-key", tuple(kinds)), lambda: _terrain_samples(kinds))
        samples = [[splice.text_stand_in(defs)], *([splice.text_stand_in(t)] for t in texts)]
    items = [LegendItem(f"{kind.replace('_', ' ')}: {cover}, {height}", list(sample))
             for (kind, cover, height), sample in zip(kinds, samples[1:], strict=True)]
    if items:
        items[0] = LegendItem(items[0].label, [*samples[0], *items[0].sample])
    wr = game.rules.wrecks
    scorched = ET.Element("g", attrib={"class": "terrain-sample", "data-look": "wreck"})
    ET.SubElement(scorched, "circle", cx="8", cy="8", r="7", fill="#2a2118", opacity="0.55")
    items.append(LegendItem(f"wreck: {wr.cover}, {wr.height} (BT-3.4)", [scorched]))
    items.append(LegendItem("tall cover casts a shadow and blocks sight, low shows a turret over it (BT-3.2); "
                            "a letter and name label each feature"))
    return items


def _terrain_samples(kinds: Sequence[tuple[str, str, str]]) -> list[list[ET.Element]]:
    """The legend's textures (its first part) and a sample of each terrain kind's look."""
    art = Terrain("tt-key-")
    out: list[list[ET.Element]] = [[art.defs]]
    for kind, cover, height in kinds:
        kind_look = look(kind, cover, height)
        sample = ET.Element("g", attrib={"class": "terrain-sample", "data-look": kind_look, "data-kind": kind})
        if kind_look == "fence":
            pts = [(1.0, 7.5), (15.0, 7.5), (15.0, 8.5), (1.0, 8.5)]
        elif kind_look in ("hedge", "wall", "bank", "timber"):
            pts = [(1.0, 5.0), (15.0, 5.0), (15.0, 11.0), (1.0, 11.0)]
        else:
            pts = [(1.5, 2.5), (13.5, 2.5), (13.5, 12.5), (1.5, 12.5)]
        if height == "tall":
            cast_shadow(sample, pts, 2.5)
        draw_look(sample, art, kind_look, pts, seed("key", kind), 1.6)
        out.append([sample])
    return out


def _svg_points(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def render_svg(game: BattleGame) -> str:
    f = game.field
    w, d = f.width, f.depth
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg")
    ET.SubElement(svg, "title").text = f"Battle of Tanks: {game.title or game.scenario}, round {game.round}"
    splice = Splice()
    ground, features = cached_parts(_field_key(f), lambda: _field_parts(f))
    svg.append(splice.text_stand_in(ground))
    svg.append(splice.defs())
    shot = game.last_shot
    if shot is not None:
        eye = (float(shot["from"][0]), float(shot["from"][1]))
        shadow = f.occluders.shadow(eye, clip=f.bounds)
        g = ET.SubElement(svg, "g", attrib={"class": "cover-shadow"})
        # a light outline (issue 29.4): the shadow may cover half the table
        _polygon_elements(g, shadow, d, **SHADOW)
    svg.append(splice.text_stand_in(features))
    # sight lines: every live tank to every enemy it may fire at
    lines = ET.SubElement(svg, "g", attrib={"class": "sight-lines"})
    for t in game.tanks:
        if not t.alive:
            continue
        for target, _ in game.targets(t):
            ET.SubElement(lines, "line", x1=f"{t.x * SCALE:.1f}", y1=f"{(d - t.y) * SCALE:.1f}",
                          x2=f"{target.x * SCALE:.1f}", y2=f"{(d - target.y) * SCALE:.1f}",
                          stroke=SIDE_COLOUR[t.side], opacity="0.35", attrib={"stroke-dasharray": "4 3"})
    if shot is not None and shot_stands(game, shot):
        ET.SubElement(svg, "line", x1=f"{shot['from'][0] * SCALE:.1f}", y1=f"{(d - shot['from'][1]) * SCALE:.1f}",
                      x2=f"{shot['to'][0] * SCALE:.1f}", y2=f"{(d - shot['to'][1]) * SCALE:.1f}",
                      stroke=LAST_SHOT, attrib={"stroke-width": "3", "class": "last-shot"})
    # the scale under the tanks: a tank in the corner keeps its hit points readable over it
    scale = ET.SubElement(svg, "g", attrib={"class": "scale"})
    x0, y0 = 2 * SCALE, (d - 2) * SCALE
    ET.SubElement(scale, "line", x1=f"{x0:.0f}", y1=f"{y0:.0f}", x2=f"{x0 + 20 * SCALE:.0f}", y2=f"{y0:.0f}",
                  stroke="#000000", attrib={"stroke-width": "3"})
    ET.SubElement(scale, "text", x=f"{x0 + 21 * SCALE:.0f}", y=f"{y0 + 4:.0f}",
                  attrib={"font-size": "12", "font-family": "sans-serif"}).text = "20 cm (grid 10 cm)"
    for t in game.tanks:
        draw_tank(svg, t, t.key in game.spotted, d, splice)
    frame(svg, width=max(w * SCALE, 480.0), top=0, bottom=d * SCALE, heading=heading(game),
          legend=legend(game, splice), background=BANDS)
    return splice.fill(ET.tostring(svg, encoding="unicode"))


def shot_stands(game: BattleGame, shot: dict[str, Any]) -> bool:
    """Whether the last shot's line still joins two tanks: its shooter and its target
    stand where they fired and were fired at (hidden playtest: the line stayed drawn
    to an empty spot after the target drove away). A shot without its keys stands."""
    where = {t.key: (t.x, t.y) for t in game.tanks}
    for key, end in (("shooter", "from"), ("target", "to")):
        if key not in shot:
            continue
        at = where.get(str(shot[key]))
        if at is None or math.hypot(at[0] - float(shot[end][0]), at[1] - float(shot[end][1])) > 0.5:
            return False
    return True


def _field_key(f: Battlefield) -> tuple[Any, ...]:
    """Everything the table's ground and features are drawn from: its size, base
    plates and towers, terrain features and wrecks (BT-3.4: a wreck is terrain)."""
    feats = tuple((x.name, x.kind, x.cover, x.height, x.passable, x.polygon.wkb) for x in f.features)
    wrecks = tuple(x.polygon.wkb for x in f.wrecks)
    bases = tuple((side, plate.wkb, f.table.bases["a" if side == "a" else "b"].tower)
                  for side, plate in f.bases.items())
    return "bt-field", f.width, f.depth, bases, feats, wrecks


def _field_parts(f: Battlefield) -> tuple[list[ET.Element], list[ET.Element]]:
    """The table's ground (textures, table top, grid, base plates), drawn under the
    last shot's cover shadow, and its terrain features and their labels, over it:
    the same move after move, so built and written once per table (:func:`_field_key`)."""
    w, d = f.width, f.depth
    svg = ET.Element("svg")
    art = Terrain()
    svg.append(art.defs)
    ET.SubElement(svg, "rect", x="0", y="0", width=f"{w * SCALE:.0f}", height=f"{d * SCALE:.0f}",
                  fill=art.fill("grass", TABLE), attrib={"class": "table-top"})
    grid = ET.SubElement(svg, "g", attrib={"class": "grid"})
    for x in range(10, int(w), 10):
        ET.SubElement(grid, "line", x1=f"{x * SCALE:.0f}", y1="0", x2=f"{x * SCALE:.0f}", y2=f"{d * SCALE:.0f}",
                      stroke="#000000", opacity="0.3" if x % 50 == 0 else "0.1")
    for y in range(10, int(d), 10):
        ET.SubElement(grid, "line", x1="0", y1=f"{(d - y) * SCALE:.0f}", x2=f"{w * SCALE:.0f}", y2=f"{(d - y) * SCALE:.0f}",
                      stroke="#000000", opacity="0.3" if y % 50 == 0 else "0.1")
    for side, plate in f.bases.items():
        _polygon_elements(svg, plate, d, fill=SIDE_COLOUR[side], opacity="0.15", stroke=SIDE_COLOUR[side])
        tower = f.table.bases["a" if side == "a" else "b"].tower
        if tower is not None:
            ET.SubElement(svg, "circle", cx=f"{tower[0] * SCALE:.1f}", cy=f"{(d - tower[1]) * SCALE:.1f}",
                          r=f"{2 * SCALE:.1f}", fill=SIDE_COLOUR[side])
    cut = len(svg)
    terrain_layer = ET.SubElement(svg, "g", attrib={"class": "terrain-features"})
    for feat in f.wrecks:
        scorch(terrain_layer, art, _coords(feat.polygon, d))
    for i, feat in enumerate(f.features):
        draw_feature(terrain_layer, art, feat, d, seed(i, feat.name, feat.kind))
    for i, feat in enumerate(f.features):
        p = feat.polygon.representative_point()
        label = ET.SubElement(svg, "text", x=f"{p.x * SCALE:.1f}", y=f"{(d - p.y) * SCALE:.1f}",
                              attrib={"class": "terrain-label", "font-size": "11", "text-anchor": "middle",
                                      "font-family": "sans-serif", "fill": "#1d1d1d", "stroke": "#fbf9f3",
                                      "stroke-width": "3", "stroke-opacity": "0.85", "paint-order": "stroke"})
        label.text = f"{feature_letter(i)} {feat.name}"
    return list(svg)[:cut], list(svg)[cut:]


def pose_transform(x: float, y: float, heading: float) -> str:
    """The art contract's transform of a piece drawn at (x, y) with this heading
    (degrees counter-clockwise from east, the table's y up): SVG turns clockwise
    with y down, so the drawing's angle is the heading's negative."""
    return f"translate({x:.1f} {y:.1f}) rotate({(-heading) % 360:.1f})"


def draw_tank(parent: ET.Element, t: Tank, spotted: bool, depth: float, splice: Splice | None = None) -> ET.Element:
    """One tank (issue 58.2): a ``g.tank`` (the page's hooks: its classes, its
    footprint as the rules have it, its label) holding the art contract's
    ``g.tt-piece``, the tank drawn to its card's scale pointing its heading, with
    its markers drawn on it so that they travel and turn with it."""
    g = ET.SubElement(parent, "g", attrib={"class": marks.classes(t, spotted), "data-tank": t.key})
    said = marks.words(t, spotted)
    ET.SubElement(g, "title").text = f"{t.label} ({t.card.name}) {t.hp}/{t.card.hit_points} HP" + (
        f"; {said}" if said else "")
    # the rules' footprint, unpainted: what the page measures a tank by (label placement)
    _polygon_elements(g, t.footprint(), depth, fill="none", stroke="none", **{"class": "footprint"})
    piece = ET.SubElement(g, "g", attrib={
        "class": "tt-piece" + ("" if t.alive else " tt-wreck"), "data-piece": t.key,
        "transform": pose_transform(t.x * SCALE, (depth - t.y) * SCALE, t.heading)})
    length, width = t.length * SCALE, t.width * SCALE
    if splice is None:
        piece.append(tank_drawing(t, length, width))
    else:  # the same few drawings on every table: each built and written once, sent once a picture
        splice.use(piece, ("bt-tank", t.side, length, width, t.alive), lambda: tank_drawing(t, length, width))
    draw_marks(piece, t, spotted, length, width)
    text = ET.SubElement(g, "text", x=f"{t.x * SCALE:.1f}", y=f"{(depth - t.y) * SCALE - max(length, width) * 0.6:.1f}",
                         attrib={"font-size": "12", "text-anchor": "middle", "font-family": "sans-serif"})
    text.text = t.label
    if t.alive:
        draw_hit_points(g, t, t.x * SCALE, (depth - t.y) * SCALE + max(length, width) * 0.6)
    return g


def draw_hit_points(parent: ET.Element, t: Tank, x: float, y: float) -> None:
    """The tank's hit points left, under it (hidden playtest: a player saw the damage
    only in its menu): a bar, the share of its card's hit points left (BT-2), green,
    amber under two thirds, red under one third, its number written in it. Upright
    whatever the tank's heading, like its name, and read from the tank and its card
    alone, so a new card shows it too."""
    whole = max(t.card.hit_points, 1)
    share = max(0.0, min(1.0, t.hp / whole))
    colour = HP_FULL if share > 2 / 3 else HP_HALF if share > 1 / 3 else HP_LOW
    g = ET.SubElement(parent, "g", attrib={"class": "hp", "data-hp": str(t.hp), "data-of": str(whole)})
    left = x - HP_BAR / 2
    ET.SubElement(g, "rect", x=f"{left:.1f}", y=f"{y:.1f}", width=f"{HP_BAR:.1f}", height=f"{HP_HIGH:.1f}", rx="2",
                  attrib={"fill": "#424242", "stroke": "#ffffff", "stroke-width": "1", "class": "hp-bar"})
    ET.SubElement(g, "rect", x=f"{left:.1f}", y=f"{y:.1f}", width=f"{HP_BAR * share:.1f}", height=f"{HP_HIGH:.1f}",
                  rx="2", attrib={"fill": colour, "class": "hp-left"})
    number = ET.SubElement(g, "text", x=f"{x:.1f}", y=f"{y + HP_HIGH - 2:.1f}",
                           attrib={"font-size": "9", "font-family": "sans-serif", "font-weight": "bold",
                                   "text-anchor": "middle", "fill": "#ffffff", "stroke": "#212121",
                                   "stroke-width": "2", "paint-order": "stroke", "class": "hp-number"})
    number.text = str(t.hp)


def tank_drawing(t: Tank, length: float, width: float) -> ET.Element:
    """The tank seen from above (:func:`core.art.tanks.top_down_tank`) at its card's
    footprint: hull and tracks ``length`` by ``width`` drawing units. The cards
    give no gun length (BT-2 prints none), so the barrel is :data:`GUN_OF_LENGTH`
    of the hull, from the turret ring; nor a turret bearing of its own (the rules
    turn the whole tank, BT-5), so the turret points where the hull does."""
    art = top_down_tank(length=length, width=width, gun=length * GUN_OF_LENGTH, kind="tank",
                        livery=LIVERY[t.side], wreck=not t.alive)
    # the page finds a tank by ``g.tank`` (board.js, orders.js): the drawing's kind
    # class takes another word, so that only the outer group answers to it
    art.set("class", " ".join("art-tank" if c == "tank" else c for c in (art.get("class") or "").split()))
    return art


def draw_marks(piece: ET.Element, t: Tank, spotted: bool, length: float, width: float) -> None:
    """The markers a tank carries, in its own frame (gun along +x): crossed out when
    destroyed (BT-6.5); else a dashed ring while in AMBUSH (BT-7.1), slashes across
    both tracks while they are damaged (BT-6.5), a violet diamond by its rear while
    spotted (BT-5.4), its order's chit on the engine deck (BT-5)."""
    half_l, half_w = length / 2, width / 2
    if not t.alive:
        for (x1, y1), (x2, y2) in (((-half_l, -half_w), (half_l, half_w)), ((-half_l, half_w), (half_l, -half_w))):
            ET.SubElement(piece, "line", attrib={"x1": f"{x1:.1f}", "y1": f"{y1:.1f}", "x2": f"{x2:.1f}",
                                                 "y2": f"{y2:.1f}", "stroke": "#ffffff", "stroke-width": "2.5",
                                                 "stroke-opacity": "0.85", "class": "mark-destroyed"})
        return
    if t.ambush:
        ET.SubElement(piece, "circle", attrib={"cx": "0", "cy": "0", "r": f"{math.hypot(half_l, half_w) + 4:.1f}",
                                               "fill": "none", "stroke": marks.AMBUSH_RING, "stroke-width": "3",
                                               "stroke-dasharray": "6 4", "class": "mark-ambush"})
    if t.track_damaged:
        track = width * 0.22
        d = []
        for side in (-1, 1):
            y = side * (half_w - track / 2)
            for x in (-length * 0.08, length * 0.08):
                d.append(f"M{x - 3:.1f},{y - track / 2 - 2.5:.1f} L{x + 3:.1f},{y + track / 2 + 2.5:.1f}")
        mark = ET.SubElement(piece, "g", attrib={"class": "mark-track"})
        ET.SubElement(mark, "path", attrib={"d": " ".join(d), "stroke": "#1a1a1a", "stroke-width": "4.5"})
        ET.SubElement(mark, "path", attrib={"d": " ".join(d), "stroke": TRACK_MARK, "stroke-width": "2.5"})
    if spotted:
        x, y, r = -half_l - 1, half_w + 4, 7.0
        ET.SubElement(piece, "polygon", attrib={
            "points": f"{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}",
            "fill": marks.SPOT, "stroke": "#ffffff", "stroke-width": "1.5", "class": "mark-spotted"})
    if t.order is not None:
        marks.chit(piece, t.order, -length * 0.3, 0, min(marks.CHIT_R, width * 0.4))


def heading(game: BattleGame) -> list[HeadingLine]:
    """The scenario; the round, its phase and the activated tank; who decides what
    (the game's own :meth:`decision`), or the result."""
    lines = [HeadingLine(f"Battle of Tanks: {game.title or game.scenario}")]
    outcome = game.outcome()
    if outcome is not None:
        lines.append(HeadingLine(f"round {game.round}: game over: {outcome.reason}"))
        return lines
    state = f"round {game.round}, {PHASES.get(game.phase, game.phase)} phase"
    tank = game.find(game.active) if game.active else None
    if tank is not None:
        state += f"; activated: {tank.label} (side {tank.side}" + (f", {tank.order})" if tank.order else ")")
    elif game.phase == "order" and game.chit_side is not None:
        state += f"; side {game.chit_side} drew the chit"
    lines.append(HeadingLine(f"{state}; chits in the bag: {len(game.bag)}"))
    lines.append(HeadingLine(f"side {game.players[game.to_move()]} to decide: {game.decision()}"))
    return lines


def tank_legend(game: BattleGame, splice: Splice | None = None) -> list[LegendItem]:
    """The tanks and their markers, each sample a tank drawn as on the table (a 10 by
    5 cm one, scaled into the legend's square) with the marker on it."""
    base = game.tanks[0]

    def draw(side: str, spotted: bool, state: dict[str, Any]) -> ET.Element:
        t = replace(base, side=side, length=10.0, width=5.0, hp=1, order=None, ambush=False, track_until=None)
        t = replace(t, **state)
        g = ET.Element("g", attrib={"transform": "translate(8 8) scale(0.27)"})
        piece = ET.SubElement(g, "g", attrib={"class": "tt-sample"})
        piece.append(tank_drawing(t, t.length * SCALE, t.width * SCALE))
        draw_marks(piece, t, spotted, t.length * SCALE, t.width * SCALE)
        return g

    def sample(side: str = "a", spotted: bool = False, **state: Any) -> ET.Element:
        if splice is None:
            return draw(side, spotted, state)
        return splice.stand_in(("bt-tank-sample", side, spotted, tuple(sorted(state.items()))),
                               lambda: draw(side, spotted, state))

    chits = ET.Element("g")
    for i, order in enumerate(marks.ORDER_COLOURS):
        marks.chit(chits, order, 3 + (i % 3) * 5, 5 + (i // 3) * 6, 2.4)
    return [
        *(LegendItem(f"side {side}'s tank, its label above", [sample(side)]) for side in SIDE_COLOUR),
        LegendItem("gun: the heading"),
        LegendItem("order this round, its chit's colour (BT-5): yellow MOVE, red FIRE, red and yellow ATTACK, "
                   "blue AMBUSH, green RETREAT, violet RECON", [chits]),
        LegendItem("waiting in AMBUSH (BT-7.1)", [sample(ambush=True)]),
        LegendItem("spotted until the round's end (BT-5.4)", [sample(spotted=True)]),
        LegendItem("track damaged (BT-6.5)", [sample(track_until=1)]),
        LegendItem("destroyed tank, crossed (BT-6.5)", [sample(hp=0)]),
    ]


def legend(game: BattleGame, splice: Splice | None = None) -> list[LegendItem]:
    """A sample and a meaning for every symbol of the picture."""
    def rect(fill: str, **more: str) -> ET.Element:
        return ET.Element("rect", attrib={"x": "1", "y": "3", "width": "14", "height": "10", "fill": fill,
                                          "stroke": "#333333", **more})

    def line(colour: str, **more: str) -> ET.Element:
        return ET.Element("line", attrib={"x1": "0", "y1": "8", "x2": "16", "y2": "8", "stroke": colour, **more})

    items = tank_legend(game, splice)
    items += [
        LegendItem("base plate and tower (BT-3.1)",
                   [rect(SIDE_COLOUR["a"], opacity="0.3"),
                    ET.Element("circle", cx="8", cy="8", r="4", fill=SIDE_COLOUR["a"])]),
    ]
    items += terrain_legend(game, splice)
    items += [
        LegendItem("line of sight to a target in range",
                   [line(SIDE_COLOUR["a"], opacity="0.6", **{"stroke-dasharray": "4 3"})]),
        LegendItem("last shot", [line(LAST_SHOT, **{"stroke-width": "3"})]),
        LegendItem("cover shadow of the last shot",
                   [ET.Element("rect", x="1", y="1", width="14", height="14", attrib=SHADOW)]),
        LegendItem("grid: 10 cm", [line("#000000", opacity="0.3")]),
    ]
    return items
