"""SVG picture of a Duel of the Giants position, from one player's view.

Built with the standard library's ElementTree: pointy-top hexes (even rows
shifted east, DG-3.4), terrain drawn as terrain, front elements as a thick
red rim, the pieces as counters with silhouettes (:func:`draw_pieces`), the
VP bar underneath. Like the text board it draws only from ``view()``.

A heading above the board says the scenario, the round, the phase and its
step, the season, whose view it is and who decides what, or the result; a
legend below names every symbol (:mod:`core.svgframe`). Both come from the
view (and the public result), so they show nothing the viewer may not know.
The board keeps its coordinates (:func:`centre`): the browser table draws
on them.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from core.art.splice import Splice
from core.art.tanks import AXIS_GREY, GERMAN, SOVIET, Livery, badge, counter
from core.art.terrain import (
    Terrain,
    airfield,
    hex_corners,
    hex_forest,
    hex_relief,
    points,
    seed,
    shade,
    trench,
)
from core.svgframe import HeadingLine, LegendItem, frame
from rulesets.duel_of_the_giants.board import FACINGS, LETTERS, parse_hex
from rulesets.duel_of_the_giants.render import ATG_CODE
from rulesets.duel_of_the_giants.settings import FrontRules, TerrainType

SIZE = 30.0
ATG_WORDS = {"pak88": "PAK 8.8", "pak36": "PAK 36", "bluff": "bluff", None: "unknown"}
"""An ATG counter's kind in words for its tooltip; the counter itself shows its code
(``8``, ``3``, ``b``, ``?``), read from the seat's own view."""
W = math.sqrt(3) * SIZE
COLOURS = {
    "steppe": "#e8dca0", "forest": "#5f8f4a", "high_ground": "#b58b5a", "swamp": "#7fa6a0",
    "snow_steppe": "#f4f6fa", "snow_forest": "#9bb59a", "snow_high_ground": "#cdbfae", "snowdrift": "#d4e4f2",
}
ANGLE = {d: -60 + 60 * i for i, d in enumerate(FACINGS)}
"""Screen angle (degrees, clockwise from east) of each facing."""
FRONT = "#c0392b"
VP_MARK = "#c0392b"
MINE = {True: "#333", False: "#999", None: "#666"}
DRIFT = "#7fb3d5"
"""A drop marker on an occupied snowdrift (DG-23.6)."""
PHASES = {"S": "set-up", "O": "opening phase", "A": "phase A (German planning)",
          "B": "phase B (Soviet movement)", "C": "phase C (Tiger execution)", "D": "phase D (combat)"}
"""The part of the game each step code belongs to (DG-7, DG-8)."""


def centre(c: int, r: int) -> tuple[float, float]:
    x = W * (c - 1) + (W / 2 if r % 2 == 0 else 0) + W / 2 + 10
    y = 1.5 * SIZE * (r - 1) + SIZE + 40
    return x, y


def _hexagon(x: float, y: float) -> str:
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{x + SIZE * math.cos(a):.1f},{y + SIZE * math.sin(a):.1f}")
    return " ".join(pts)


LOOKS = {"steppe": "grass", "forest": "forest", "high_ground": "high", "swamp": "swamp", "snow_steppe": "snow",
         "snow_forest": "forest", "snow_high_ground": "high", "snowdrift": "drift"}
"""How each terrain type of data/duel_of_the_giants/terrain.yaml is drawn; a type
not named here is drawn by its name (:func:`look`)."""
CANOPY = {"summer": "#3f7733", "winter": "#8aa58c"}
"""Tree crowns: green in summer, snow-laden in winter (DG-23)."""
STRIP = {"summer": "#a9b97a", "winter": "#c9d3dc"}
"""The airfield's runway: mown grass in summer, packed snow in winter."""


def look(kind: str) -> str:
    """The look of a terrain type: its own (:data:`LOOKS`), else read from its name
    (a type whose name says forest, high, swamp, drift or snow), else open ground."""
    if kind in LOOKS:
        return LOOKS[kind]
    for word, found in (("forest", "forest"), ("wood", "forest"), ("high", "high"), ("hill", "high"),
                        ("swamp", "swamp"), ("marsh", "swamp"), ("drift", "drift"), ("snow", "snow")):
        if word in kind:
            return found
    return "grass"


def draw_hex(parent: ET.Element, art: Terrain, kind: str, season: str, x: float, y: float, key: int,
             r: float = SIZE) -> None:
    """One hex's terrain (issue 58.5): its ground textured or shaded, and a forest's
    tree crowns or high ground's contours on it. Also the legend's samples."""
    colour = COLOURS.get(kind, "#dddddd")
    kind_look = look(kind)
    corners = hex_corners(x, y, r)
    if kind_look == "high":
        fill = art.gradient("relief", colour)
    elif kind_look == "forest":
        fill = shade(colour, -0.1)
    else:
        fill = art.fill(kind_look, colour)
    ET.SubElement(parent, "polygon", points=points(corners), fill=fill,
                  attrib={"class": f"hex-ground {kind}", "data-look": kind_look})
    if kind_look == "forest":
        hex_forest(parent, x, y, r, key, CANOPY.get(season, CANOPY["summer"]))
    elif kind_look == "high":
        hex_relief(parent, x, y, r, colour)


def draw_terrain(svg: ET.Element, v: dict[str, Any], splice: Splice | None = None) -> None:
    """The board's terrain from the view: every hex drawn as its ground, the front
    elements as trenches and wire, the airfield as an airstrip; then each hex's
    outline and label over them (the table page finds a hex's centre by its label).
    With ``splice`` it is built and written once per map, season and front
    (:mod:`core.art.splice`): it is most of the picture, and the same move after move."""
    letter_to_kind = {t["letter"]: k for k, t in v["terrain_types"].items() if t["season"] == v["season"]}
    front = sorted(set(v["front"]))
    airfield_at = v["stuka"]["airfield"] if v["stuka"] is not None else None
    at_title = 1 if len(svg) and svg[0].tag == "title" else 0

    def build() -> list[ET.Element]:
        return _terrain(v, letter_to_kind, set(front), airfield_at)

    if splice is None:
        for k, element in enumerate(build()):
            svg.insert(at_title + k, element)
        return
    key = ("dg-terrain", v["columns"], v["rows"], v["season"], repr(v["terrain"]),
           tuple(sorted(letter_to_kind.items())), tuple(front), airfield_at)
    svg.insert(at_title, splice.stand_in(key, build))


def _terrain(v: dict[str, Any], letter_to_kind: dict[str, str], front: set[str],
             airfield_at: str | None) -> list[ET.Element]:
    """The elements of :func:`draw_terrain`, in drawing order."""
    art = Terrain()
    out = [art.defs]
    ground = ET.Element("g", attrib={"class": "terrain"})
    out.append(ground)
    cells = [(c, r) for r in range(1, v["rows"] + 1) for c in range(1, v["columns"] + 1)]
    for c, r in cells:
        x, y = centre(c, r)
        draw_hex(ground, art, letter_to_kind.get(v["terrain"][r - 1][c - 1], "steppe"), v["season"], x, y,
                 seed("dg", c, r))
    for at in sorted(front):
        x, y = centre(*parse_hex(at))
        trench(ground, x, y, SIZE, seed("front", at))
    if airfield_at is not None:
        airfield(ground, *centre(*parse_hex(airfield_at)), SIZE, STRIP.get(v["season"], STRIP["summer"]))
    for c, r in cells:
        x, y = centre(c, r)
        at = f"{LETTERS[c - 1]}{r}"
        out.append(ET.Element("polygon", points=_hexagon(x, y), fill="none",
                              stroke=FRONT if at in front else "#6b6b5f",
                              attrib={"stroke-width": "3" if at in front else "1"}))
        lab = ET.Element("text", x=f"{x - 8:.1f}", y=f"{y - SIZE * 0.55:.1f}",
                         style="font: 8px sans-serif; fill: #333; paint-order: stroke; stroke: #fff; "
                               "stroke-width: 2px; stroke-opacity: 0.6")
        lab.text = at
        out.append(lab)
    return out


def render_svg(v: dict[str, Any], result: str | None = None, terrain: Mapping[str, TerrainType] | None = None,
               front: FrontRules | None = None) -> str:
    """The board as ``v`` (one player's view, or the full one) shows it; ``result`` is
    the public result of a finished game (the view knows only the rules' own end).
    ``terrain`` and ``front`` are the game's terrain rules (public, the same for both
    sides): given, the legend says what each terrain on the map does (:func:`legend`)."""
    cols, rows = v["columns"], v["rows"]
    width = W * cols + W / 2 + 20
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg")
    ET.SubElement(svg, "title").text = f"Duel of the Giants: {v['title'] or v['scenario']}"
    splice = Splice()
    draw_terrain(svg, v, splice)
    svg.append(splice.defs())
    for m in v["mines"]:
        x, y = centre(*parse_hex(m["at"]))
        ET.SubElement(svg, "circle", cx=f"{x + 12:.1f}", cy=f"{y + 12:.1f}", r="5",
                      fill=MINE[m["real"]])
    for at, drops in v["drifts"].items():
        x, y = centre(*parse_hex(at))
        badge = ET.SubElement(svg, "g", attrib={"class": "drift"})
        ET.SubElement(badge, "title").text = f"drop marker on {at}: {drops} drop(s) (DG-23.6)"
        ET.SubElement(badge, "circle", cx=f"{x + 12:.1f}", cy=f"{y - 12:.1f}", r="6", fill=DRIFT, stroke="#1b4f72")
        ET.SubElement(badge, "text", x=f"{x + 12:.1f}", y=f"{y - 9:.1f}",
                      attrib={"text-anchor": "middle"}, style="font: bold 8px sans-serif; fill: #0b2e4a").text = str(drops)
    draw_courses(svg, v)
    draw_pieces(svg, v, splice)
    bar_y = 1.5 * SIZE * rows + SIZE + 55
    n = v["vp"]["bar_length"]
    cell = min(16.0, (width - 40) / (2 * n + 1))
    pos = max(-n, min(n, v["vp"]["net"]))
    for i in range(2 * n + 1):
        ET.SubElement(svg, "rect", x=f"{20 + i * cell:.1f}", y=f"{bar_y:.1f}", width=f"{cell:.1f}", height="12",
                      fill=VP_MARK if i == n - pos else "#eee", stroke="#999")
    txt = ET.SubElement(svg, "text", x="20", y=f"{bar_y + 30:.1f}", style="font: 12px sans-serif")
    txt.text = bar_words(v["vp"]["net"], n)
    frame(svg, width=width, top=32, bottom=bar_y + 40, heading=heading(v, result),
          legend=legend(v, splice, terrain, front), background="#ffffff")
    return splice.fill(ET.tostring(svg, encoding="unicode"))


def bar_words(net: int, length: int) -> str:
    """The VP bar under the drawn track in words (playtest of issue 59: the text bar
    ``VP German [---#---] Soviet net +0`` repeated the track above it in characters):
    which end it leans to and by how much, the German end on the left (DG-6)."""
    if net == 0:
        return "German ◀ VP bar ▶ Soviet: level"
    side = "German" if net > 0 else "Soviet"
    beyond = f", {abs(net) - length} beyond the bar's end" if abs(net) > length else ""
    return f"German ◀ VP bar ▶ Soviet: {side} side ahead by {abs(net)}{beyond}"


def draw_courses(svg: ET.Element, v: dict[str, Any]) -> None:
    """Each waiting Tiger program's course (the German's own view only: ``v["courses"]``),
    under the pieces: a dashed line through the hexes it would pass and a ring on its end
    hex, red when something would stop it short. The German lays his cards face down and
    may look at them; on the screen the map shows where they lead. The legend, the same
    for both sides (it tells nothing of either side's secrets), leaves it out: its tooltip
    says what it is."""
    for c in v.get("courses", []):
        points = [centre(*parse_hex(h)) for h in c["path"]]
        colour = "#b03a2e" if c["stopped"] else "#34495e"
        g = ET.SubElement(svg, "g", attrib={"class": "dg-course", "data-tiger": str(c["tiger"])})
        ET.SubElement(g, "title").text = (f"Tiger {c['tiger']}'s program ends on {c['end']}"
                                          + (", stopped short" if c["stopped"] else "") + " (DG-11.2)")
        if len(points) > 1:
            ET.SubElement(g, "polyline", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points), fill="none",
                          stroke=colour, attrib={"stroke-width": "3", "stroke-dasharray": "6 4",
                                                 "stroke-linecap": "round", "opacity": "0.8"})
        x, y = points[-1]
        ET.SubElement(g, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{SIZE * 0.72:.1f}", fill="none",
                      stroke=colour, attrib={"stroke-width": "2.5", "stroke-dasharray": "4 3", "opacity": "0.9"})


COUNTER = 0.66 * W
"""A tank's or the Stuka's counter: a square well inside its hex at any facing."""
SMALL = 0.54 * W
"""A tank marker's and an ATG's counter."""
MARKER_BACK = {None: "?", True: "W", False: "b"}
"""What the back of a tank marker shows: unknown, or to the Soviet side a wheel or a bluff."""


def _piece(parent: ET.Element, cls: str, piece_id: str, x: float, y: float, deg: float, title: str) -> ET.Element:
    """One piece by the art contract: ``translate(x y) rotate(deg)``, its id stable and
    no more telling than the view it is drawn from."""
    g = ET.SubElement(parent, "g", {"class": cls, "data-piece": piece_id,
                                    "transform": f"translate({x:.1f} {y:.1f}) rotate({deg:g})"})
    ET.SubElement(g, "title").text = title
    return g


def _upright_badge(g: ET.Element, code: str, livery: Livery, deg: float, size: float) -> None:
    """A counter's code at its lower right as the viewer sees it, kept upright."""
    a = math.radians(deg)
    ox, oy = size * 0.42, size * 0.42
    g.append(badge(code, x=ox * math.cos(a) + oy * math.sin(a), y=-ox * math.sin(a) + oy * math.cos(a),
                   size=size * 0.34, livery=livery, angle=-deg))


DAMAGED = Livery(body="#b03a2e", shade="#7d271f", highlight="#d9604f", track="#3b0d09", accent="#f2c14e")
"""The plate of a damaged Tiger's track figure: red, to be seen across the table."""
def track_words(track: int, full: int) -> str:
    """The hover's words for a Tiger's damage track (DG-11.8, playtest: its damage was shown
    nowhere on the board): the most movement cards it may be programmed with."""
    hurt = "undamaged" if track >= full else f"damaged, {full - track} down from {full}"
    return f", damage track {track} ({hurt}: at most {track} movement card{'s' if track != 1 else ''}, DG-11.8)"


def _track_badge(g: ET.Element, track: int, full: int, deg: float) -> None:
    """A Tiger's damage track figure at its counter's upper left as the viewer sees it,
    kept upright, red once damaged (DG-11.8): the track is the Tiger card's marker, and a
    player reads the damage off the board as he would off the card beside it."""
    a = math.radians(deg)
    ox, oy = -COUNTER * 0.42, -COUNTER * 0.42
    g.append(badge(str(track), x=ox * math.cos(a) + oy * math.sin(a), y=-ox * math.sin(a) + oy * math.cos(a),
                   size=COUNTER * 0.34, livery=DAMAGED if track < full else GERMAN, angle=-deg,
                   cls="track"))


def _counter(g: ET.Element, splice: Splice | None, shared: bool = True, **how: Any) -> None:
    """A counter (:func:`core.art.tanks.counter`) in ``g``: with ``splice`` each distinct
    one (its size, livery, kind, face, turret's turn) is built and written once and,
    ``shared``, drawn once in the picture's defs and placed with ``<use>``."""
    if splice is None:
        g.append(counter(**how))
    elif shared:
        splice.use(g, ("dg-counter", tuple(sorted(how.items()))), lambda: counter(**how))
    else:
        splice.put(g, ("dg-counter", tuple(sorted(how.items()))), lambda: counter(**how))


def draw_pieces(svg: ET.Element, v: dict[str, Any], splice: Splice | None = None) -> None:
    """The pieces as counters with silhouettes (issue 58.3), each its own contract group:
    tank markers face down (their back shows ``?``, or to the Soviet side W or b); ATGs
    face up with their gun, face down with a notch for their facing and, only where
    the view holds it (the German's), their kind on the back; the Stuka; the tanks
    turned to their hull with the turret turned on it, a destroyed one burnt out. Ids:
    a tank's own, else where the piece stands (a marker or an ATG has no id a seat
    may see). A tank's class is ``dg-tank``: the page moves the text of a ``g.tank``
    (Battle of Tanks' labels, cli/serve/static/table/board.js). An ATG stands where the page's badges expect it, (-9, 3) from its hex's
    centre (cli/serve/static/table/rulesets/duel-of-the-giants/board-play.js)."""
    for k, m in enumerate(v["markers"]):
        x, y = centre(*parse_hex(m["at"]))
        back = MARKER_BACK[m.get("wheel")]
        what = {"?": "unknown", "W": "a wheel: a T-34", "b": "a bluff"}[back]
        g = _piece(svg, "tt-piece marker", f"marker-{m['at']}-{k}", x, y, 0,
                   f"tank marker on {m['at']} ({what}, DG-9)")
        _counter(g, splice, size=SMALL, livery=SOVIET, face_down=True, back=back)
    for a in v["atgs"]:
        x, y = centre(*parse_hex(a["at"]))
        deg = ANGLE[a["facing"]]
        code = ATG_CODE[a["kind"]] + ("t" if a["tire"] else "")
        up = "face up" if a["face_up"] else "face down"
        what = ATG_WORDS[a["kind"]] + (", tire marker" if a["tire"] else "")
        g = _piece(svg, "tt-piece atg" + (" tt-wreck" if a.get("destroyed") else ""), f"atg-{a['at']}", x - 9,
                   y + 3, deg, f"ATG marker on {a['at']} ({what}, {up}) facing {a['facing']} (DG-12)")
        g.set("data-code", "A" + code)  # apart from a T-34's number
        if a["face_up"]:
            _counter(g, splice, size=SMALL, livery=AXIS_GREY, kind="gun", front_mark=True,
                     wreck=bool(a.get("destroyed")))
            _upright_badge(g, code, AXIS_GREY, deg, SMALL)
        else:
            _counter(g, splice, size=SMALL, livery=AXIS_GREY, face_down=True, back=code, upright=-deg,
                     front_mark=True)
    s = v["stuka"]
    if s is not None and s["state"] in ("ground", "landed"):
        _stuka(svg, s, splice)
    for t in v["tanks"]:
        x, y = centre(*parse_hex(t["at"]))
        tiger = t["kind"] == "tiger"
        deg = ANGLE[t["hull"]]
        code = f"T{t['number']}" if tiger else str(t["number"])
        name = f"Tiger {t['number']}" if tiger else f"T-34 {t['number']}"
        track = t.get("track") if tiger else None
        full = int(t.get("track_full", 5))  # positions saved before it carried the undamaged track
        g = _piece(svg, f"tt-piece dg-tank {'tiger' if tiger else 't34'}" + (" tt-wreck" if t["destroyed"] else ""),
                   str(t["id"]), x, y, deg, f"{name} on {t['at']}" + (" (destroyed)" if t["destroyed"] else "") +
                   f", hull {t['hull']}, turret {t['turret']}" + ("" if track is None else track_words(int(track), full)))
        g.set("data-code", code)
        livery = GERMAN if tiger else SOVIET
        _counter(g, splice, size=COUNTER, livery=livery, turret="faceted" if tiger else "round",
                 turret_angle=(ANGLE[t["turret"]] - deg + 180) % 360 - 180, gun=COUNTER * (0.36 if tiger else 0.3),
                 wreck=t["destroyed"])
        _upright_badge(g, code, livery, deg, COUNTER)
        if track is not None:
            _track_badge(g, int(track), full, deg)
    if s is not None and s["state"] == "flying":  # in the air: over the tank below it (playtest of issue 58)
        _stuka(svg, s, splice)


def _stuka(svg: ET.Element, s: dict[str, Any], splice: Splice | None) -> None:
    """The Stuka's counter; in the air a smaller one at its hex's upper right, over the
    tank or marker below, both in sight (playtest of issue 58: it hid under a Tiger)."""
    x, y = centre(*parse_hex(s["at"]))
    flying = s["state"] == "flying"
    g = _piece(svg, "tt-piece stuka", "stuka", x + 9 if flying else x, y - 9 if flying else y, ANGLE[s["facing"]],
               f"Stuka on {s['at']} ({s['state']}) facing {s['facing']} (DG-13)")
    _counter(g, splice, size=SMALL + 2 if flying else COUNTER, livery=GERMAN, kind="aircraft")


def phase(step: str) -> str:
    """The phase a step code belongs to, with the step (``phase A (German planning), step A4``)."""
    part = PHASES.get(step[:1])
    return f"{part}, step {step}" if part else f"step {step}"


def heading(v: dict[str, Any], result: str | None = None) -> list[HeadingLine]:
    """The scenario; the round, phase and step, the season and whose view; who decides
    what (the view's own decision), or the result: from the view and the public result only."""
    lines = [HeadingLine(f"Duel of the Giants: {v['title'] or v['scenario']}")]
    when = f"round {v['round']}" if v["round"] else "before round 1"
    who = f"seen by {v['viewer']}" if v["viewer"] else "full view"
    if result is not None or v["finished"] or v["to_move"] is None:
        lines.append(HeadingLine(f"{when}; season: {v['season']}; {who}"))
        lines.append(HeadingLine(f"game over: {result or v['finished'] or 'the game has ended'}"))
        return lines
    lines.append(HeadingLine(f"{when}, {phase(v['step'])}; season: {v['season']}; {who}"))
    lines.append(HeadingLine(f"{v['to_move']} to decide: {v['decision']}"))
    return lines


TERRAIN_RULE = {"steppe": "DG-4.2", "forest": "DG-4.3", "high_ground": "DG-4.4", "swamp": "DG-4.5",
                "snow_steppe": "DG-23", "snow_forest": "DG-23.3", "snow_high_ground": "DG-23.2",
                "snowdrift": "DG-23.5"}
"""The rule that says what each shipped terrain type does, named in the legend."""


def terrain_name(kind: str) -> str:
    """A terrain type's name and rule: ``high ground (DG-4.4)``."""
    rule = TERRAIN_RULE.get(kind)
    return kind.replace("_", " ") + (f" ({rule})" if rule else "")


def describe_terrain(kind: str, t: TerrainType | None) -> str:
    """A terrain type's legend line: its name and rule, and with its data (``t``) what
    it does, shortly enough for one row of the legend (issue 60.4):
    ``forest (DG-4.3): T-34 1 MA, Tiger 1 card; blocks sight; ...``."""
    named = terrain_name(kind)
    if t is None:
        return named
    tiger = "no Tigers" if t.tiger_cost is None else f"Tiger {t.tiger_cost} card{'s' if t.tiger_cost > 1 else ''}"
    parts = [f"T-34 {t.t34_cost} MA, {tiger}"]
    for flag, text in ((t.dash, "T-34 dash"), (t.blocks_los, "blocks sight"),
                       (t.high_ground, "better fire and recon"), (t.conceals or t.snowdrift, "hides units"),
                       (t.snowdrift, "gone when a tank leaves or turns"),
                       (t.fire_penalty > 0, f"-{t.fire_penalty} FP into it"),
                       (t.fires_first, "fires first"), (not t.stuka_attack, "no Stuka"),
                       (not t.mines, "no mines"), (not t.marker_enter, "no tank markers"),
                       (t.marker_enter and not t.marker_recon, "markers not reconnoitred")):
        if flag:
            parts.append(text)
    return f"{named}: " + "; ".join(parts)


def terrain_present(v: dict[str, Any]) -> list[str]:
    """The season's terrain types the view's map holds, in the terrain data's order."""
    letter_to_kind = {t["letter"]: k for k, t in v["terrain_types"].items() if t["season"] == v["season"]}
    found = {letter_to_kind.get(ch, "steppe" if v["season"] == "summer" else "snow_steppe")
             for row in v["terrain"] for ch in row}
    return [k for k, t in v["terrain_types"].items() if t["season"] == v["season"] and k in found]


TIGER_KEY = "Tiger (T and its number; the figure opposite: its damage track, red once hit, DG-11.8)"
ATG_KEY = ("ATG marker (DG-12): 8 PAK 8.8, 3 PAK 36, b bluff, ? unknown, t tire; the notch is its facing; "
           "face up shows the gun")


def legend(v: dict[str, Any], splice: Splice | None = None, terrain: Mapping[str, TerrainType] | None = None,
           front: FrontRules | None = None) -> list[LegendItem]:
    """A sample and a meaning for every symbol of the picture: the terrain on the map
    (only the kinds it holds, each with what it does when ``terrain`` is given),
    pieces, markers (with every code a marker can show, whatever this view shows)."""
    def hexagon(fill: str, stroke: str = "#777", stroke_width: str = "1") -> ET.Element:
        pts = " ".join(f"{8 + 8 * math.cos(math.radians(60 * i - 30)):.1f},"
                       f"{8 + 8 * math.sin(math.radians(60 * i - 30)):.1f}" for i in range(6))
        return ET.Element("polygon", points=pts, fill=fill, stroke=stroke, attrib={"stroke-width": stroke_width})

    def sample(livery: Livery, **how: Any) -> ET.Element:
        g = ET.Element("g", transform="translate(8 8)")
        _counter(g, splice, False, size=15, livery=livery, **how)
        return g

    season = [k for k, t in v["terrain_types"].items() if t["season"] == v["season"]]
    key_art = Terrain("tt-key-")

    def ground(kind: str) -> ET.Element:
        sample = ET.Element("g", attrib={"class": "terrain-sample"})
        draw_hex(sample, key_art, kind, v["season"], 8, 8, seed("key", kind), r=8.5)
        return sample

    def front_sample() -> ET.Element:
        sample = ground(season[0] if season else "steppe")
        trench(sample, 8, 8, 8.5, seed("key", "front"))
        sample.append(hexagon("none", FRONT, "1.5"))
        return sample

    def airstrip() -> ET.Element:
        sample = ground(season[0] if season else "steppe")
        airfield(sample, 8, 4, 11, STRIP.get(v["season"], STRIP["summer"]))
        return sample

    # the two long entries are their own short form: the browser's legend lays each out on one
    # line of its own width, where the picture's rows left a gap mid-sentence (legend.js briefen;
    # playtest of issue 58: "the notch is ␣␣ its facing")
    items = [LegendItem(describe_terrain(kind, (terrain or {}).get(kind)), [ground(kind)], terrain_name(kind))
             for kind in terrain_present(v)]
    if items:
        items[0] = LegendItem(items[0].label, [key_art.defs, *items[0].sample], items[0].brief)
    entering = (f": T-34 +{front.t34_extra_cost} MA, Tiger +{front.tiger_extra_cards} card to enter"
                if front is not None else "")
    items += [
        LegendItem(f"front element (DG-5){entering}", [front_sample()], "front element (DG-5)"),
        LegendItem(TIGER_KEY, [sample(GERMAN, turret="faceted")], TIGER_KEY),
        LegendItem("T-34 (its number, DG-15)", [sample(SOVIET)]),
        LegendItem("destroyed tank: burnt out", [sample(SOVIET, wreck=True)]),
        LegendItem("hull: the way the counter faces; turret: the way the gun points",
                   [sample(GERMAN, turret="faceted", turret_angle=-60)]),
        LegendItem("tank marker (DG-9), face down: ? unknown, W wheel, b bluff",
                   [sample(SOVIET, face_down=True, back="?")]),
        LegendItem(ATG_KEY, [sample(AXIS_GREY, kind="gun", front_mark=True)], ATG_KEY),
        LegendItem("ATG marker face down", [sample(AXIS_GREY, face_down=True, back="?", front_mark=True)]),
        LegendItem("mine marker (DG-14): dark a mine, light a bluff, grey unknown",
                   [ET.Element("circle", cx=str(3 + 5 * i), cy="8", r="2.5", fill=MINE[k])
                    for i, k in enumerate((True, False, None))]),
        LegendItem("airfield", [airstrip()]),
        *([LegendItem("drop marker (DG-23.6): drops so far on an occupied snowdrift; it goes after 2",
                      [ET.Element("circle", cx="8", cy="8", r="6", fill=DRIFT, stroke="#1b4f72")])]
          if v["season"] == "winter" else []),
        LegendItem("Stuka, pointing its facing (DG-13)", [sample(GERMAN, kind="aircraft")]),
        LegendItem("VP bar: its red box is the marker (DG-6)",
                   [ET.Element("rect", x="0", y="4", width="8", height="8", fill="#eee", stroke="#999"),
                    ET.Element("rect", x="8", y="4", width="8", height="8", fill=VP_MARK, stroke="#999")]),
    ]
    return items
