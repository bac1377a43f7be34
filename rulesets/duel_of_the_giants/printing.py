"""Duel of the Giants on paper (issue 60.5): the weapon cards, the hex board and its counters.

The board prints as the screen draws its terrain (:func:`rulesets.duel_of_the_giants.svg.draw_terrain`:
ground, forests, high ground, the front's trenches, the airfield, each hex's
label), each hex as wide across its flats as ``data/print.yaml`` says (the
rulebook gives no size). The counter sheet holds every counter of the
scenario's components (DG-2.1): the Tigers and T-34s (a wreck on the back),
the tank markers (wheel or bluff, ``?`` on the back), the ATG markers (the gun
or a bluff; the back plain with the notch that shows its facing), the mine
markers, the tire markers and the Stuka, each as large as a tank's counter on
the screen: two thirds of a hex.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from core.art.tanks import AXIS_GREY, GERMAN, SOVIET, Kind, Livery, counter, top_down_tank
from core.printing.board import Board
from core.printing.cards import card_values, fit
from core.printing.sheets import CardFace, Counter, strip_shadow, turned
from core.svgframe import LegendItem

TITLE = "Duel of the Giants"
ACCENT = "#3d4347"
COUNTER_SHARE = 0.66
"""A counter's side as a share of a hex's width across the flats (the screen's tank counter)."""
LOOK: dict[str, tuple[Kind, Livery, str]] = {
    "tiger": ("tank", GERMAN, "faceted"), "t34": ("tank", SOVIET, "round"), "pak88": ("gun", AXIS_GREY, "round"),
    "pak36": ("gun", AXIS_GREY, "round"), "stuka": ("aircraft", GERMAN, "round")}
"""How each weapon card is drawn: its kind, livery and turret."""


def card_face(card_id: str, card: Any) -> CardFace:
    """One weapon card (DG-18): its name, its piece, its values by season."""
    kind, livery, turret = LOOK.get(card_id, ("tank", GERMAN, "round"))

    def art(w: float, h: float) -> ET.Element:
        length, width = (10.0, 14.0) if kind == "aircraft" else (10.0, 6.5)
        gun = 5.5 if kind != "aircraft" else 0.0
        drawing = top_down_tank(length=length, width=width, gun=gun, kind=kind, livery=livery,
                                turret="faceted" if turret == "faceted" else "round")
        return fit(drawing, length + gun * 1.2, width * 1.1, w, h)

    name = str(getattr(card, "name", "") or card_id)
    return CardFace(title=name, subtitle=card_id, values=card_values(card), art=art,
                    footer=f"{TITLE} · weapon card (DG-18)", accent=ACCENT)


def card_faces(cards: Mapping[str, Any]) -> list[CardFace]:
    return [card_face(k, c) for k, c in cards.items()]


def board(view: dict[str, Any], *, hex_mm: float, pieces: bool = False, plain: bool = False) -> Board:
    """The hex board of a game's full view, each hex ``hex_mm`` across its flats; with
    ``pieces`` the pieces where the set-up puts them; ``plain``: each hex's ground a pale
    flat colour of its terrain instead of its texture (saves ink; forests and high ground
    keep their trees and contours)."""
    from rulesets.duel_of_the_giants.svg import SIZE, W, centre, draw_pieces, draw_terrain

    svg = ET.Element("svg")
    draw_terrain(svg, view)
    if plain:
        _flatten(svg)
    if pieces:
        draw_pieces(svg, view)
    g = ET.Element("g", {"class": "dg-board"})
    g.extend(list(svg))
    cols, rows = view["columns"], view["rows"]
    left, top = centre(1, 1)[0] - W / 2 - 4, centre(1, 1)[1] - SIZE - 4
    right = max(centre(cols, r)[0] for r in (1, 2)) + W / 2 + 4
    bottom = centre(1, rows)[1] + SIZE + 4
    return Board(title=f"{TITLE}: {view.get('title') or view.get('scenario')}, {cols} x {rows} hexes",
                 drawing=g, x=left, y=top, width=right - left, height=bottom - top, mm_per_unit=hex_mm / W,
                 note=f"1 hex = {hex_mm:g} mm across the flats")


def _flatten(drawing: ET.Element) -> None:
    """Each hex's ground in ``drawing`` a pale flat colour of its terrain (``--plain``)."""
    from core.art.terrain import shade
    from rulesets.duel_of_the_giants.svg import COLOURS

    for el in drawing.iter("polygon"):
        classes = (el.get("class") or "").split()
        if "hex-ground" in classes:
            kind = next((c for c in classes if c != "hex-ground"), "")
            el.set("fill", shade(COLOURS.get(kind, "#dddddd"), 0.55))


def _draw(turn: bool = False, caption: str = "", **how: Any) -> Callable[[float], ET.Element]:
    """A counter drawn at the sheet's size; ``turn``: a back that points (see :func:`turned`);
    ``caption``: a small word along its top edge (an ATG bluff and a mine bluff both read
    ``b``: the word tells them apart when the counters are sorted)."""
    def draw(s: float) -> ET.Element:
        art = strip_shadow(counter(size=s, upright=180.0 if turn else 0.0, **how))
        if caption:
            words = ET.SubElement(art, "text", {"x": "0", "y": f"{-s * 0.3:.2f}", "text-anchor": "middle",
                                                "font-family": "sans-serif", "font-weight": "bold",
                                                "font-size": f"{s * 0.13:.2f}", "fill": "#ffffff",
                                                "class": "caption"})
            words.text = caption
        return turned(art) if turn else art
    return draw


def _atg_back(s: float) -> ET.Element:
    """An ATG marker's back (DG-12): plain, with a notch inside its front edge so that its
    facing shows face down (the screen's notch stands out of the counter; on a cut sheet
    it would be cut off), turned to lie behind the front's gun."""
    art = strip_shadow(counter(size=s, livery=AXIS_GREY, face_down=True))
    tip, base, half = s * 0.4, s * 0.22, s * 0.13
    ET.SubElement(art, "polygon", {"points": f"{tip:.2f},0 {base:.2f},{-half:.2f} {base:.2f},{half:.2f}",
                                   "fill": AXIS_GREY.accent, "stroke": "#1a1613", "stroke-width": f"{s * 0.02:.2f}",
                                   "class": "front-mark"})
    return turned(art)


def _count(counts: Mapping[Any, int], what: str) -> int:
    return int(counts.get(what, 0))


def counters(scenario: str | Path | None, *, hex_mm: float) -> tuple[float, list[Counter]]:
    """(counter side in mm, every counter of the scenario's components, DG-2.1)."""
    from rulesets.duel_of_the_giants.render import ATG_CODE
    from rulesets.duel_of_the_giants.settings import load_scenario

    comp = load_scenario(scenario).components
    out: list[Counter] = []
    for i in range(1, comp.tigers + 1):
        out.append(Counter(f"Tiger {i}", _draw(livery=GERMAN, turret="faceted", code=f"T{i}"),
                           _draw(True, livery=GERMAN, turret="faceted", code=f"T{i}", wreck=True)))
    for i in range(1, comp.t34 + 1):
        out.append(Counter(f"T-34 {i}", _draw(livery=SOVIET, code=str(i)),
                           _draw(True, livery=SOVIET, code=str(i), wreck=True)))
    for what, mark in (("wheel", "W"), ("bluff", "b")):
        for _ in range(_count(comp.tank_markers, what)):
            out.append(Counter(f"tank marker ({what}, DG-9)", _draw(caption="tank", livery=SOVIET, face_down=True,
                                                                    back=mark),
                               _draw(livery=SOVIET, face_down=True, back="?")))
    for what in ("pak88", "pak36", "bluff"):
        for _ in range(_count(comp.atg_markers, what)):
            code = ATG_CODE[what]
            front = (_draw(livery=AXIS_GREY, kind="gun", code=code) if what != "bluff"
                     else _draw(caption="ATG", livery=AXIS_GREY, face_down=True, back=code))
            out.append(Counter(f"ATG marker ({what}, DG-12)", front, _atg_back))
    for what, mark in (("mine", "M"), ("bluff", "b")):
        for _ in range(_count(comp.mine_markers, what)):
            out.append(Counter(f"mine marker ({what})", _draw(caption="mine", livery=AXIS_GREY, face_down=True,
                                                              back=mark),
                               _draw(livery=AXIS_GREY, face_down=True, back="?")))
    for _ in range(comp.tire_markers):
        out.append(Counter("tire marker", _draw(caption="tire", livery=AXIS_GREY, face_down=True, back="t"), None))
    if comp.stuka:
        out.append(Counter("Stuka (DG-13)", _draw(livery=GERMAN, kind="aircraft"), None))
    return hex_mm * COUNTER_SHARE, out


def key(game: Any, *, plain: bool = False) -> list[LegendItem]:
    """The printed board's key: the screen legend (the terrain on the map with what it does,
    the front, the counters and markers), without the VP bar the print has not; ``plain``:
    its ground samples flat, as the board's."""
    from rulesets.duel_of_the_giants.svg import legend

    cfg = getattr(game, "cfg", None)
    items = legend(game.view(None), None, cfg.terrain if cfg else None, cfg.front if cfg else None)
    if plain:
        for item in items:
            for element in item.sample:
                _flatten(element)
    sheet = LegendItem("the counter sheet: tank markers W wheel or b bluff; ATG markers 8 PAK 8.8, 3 PAK 36 or "
                       "b bluff; mine markers M mine or b bluff; t a tire marker; a marker's back shows ? (an ATG "
                       "marker's its facing notch), a tank's its wreck")
    return [it for it in items if not it.label.startswith("VP bar")] + [sheet]
