"""Battle of Tanks on paper (issue 60.5): the army roster, the tank cards and the table.

The roster is what an army builder takes to the table (BattleScribe's printed
roster): every tank with its label, its card's values (BT-2) and tier, the
total against the budget (BT-1.1) and every problem of the list, printed
rather than refused. The table prints at one centimetre of paper per
centimetre of table (BT-3.1), drawn by :mod:`rulesets.battle_of_tanks.svg`
with only its text and hairlines made the size a printed mat wants (the
screen's 12-pixel labels would be 2.4 cm tall at true scale).
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.art.tanks import top_down_tank
from core.printing.board import Board
from core.printing.cards import card_values, fit, local
from core.printing.sheets import CardFace
from core.svgframe import LegendItem

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.models import TankCard

ACCENT = "#2f4868"
TITLE = "Battle of Tanks"
COLUMNS = (("hit_points", "HP"), ("move_cm", "move"), ("sight_cm", "sight"), ("recon", "recon"),
           ("accuracy", "accuracy"), ("rate_of_fire", "RoF"), ("firepower", "firepower"), ("repair", "repair"))
"""The roster's value columns: a card's fields (BT-2) and their short headings."""
TEXT_MM = {"terrain-label": 4.0, "tank-label": 3.5}
"""Printed text height (mm) of the table's labels."""


def footprint(card: TankCard) -> tuple[float, float]:
    """(length, width) in cm: the card's own footprint or the rules' default (BT-2.1)."""
    if card.footprint is not None:
        return card.footprint.length_cm, card.footprint.width_cm
    from rulesets.battle_of_tanks.catalogue import rules_table

    fp = rules_table().footprint
    return fp.length_cm, fp.width_cm


def tank_art(card: TankCard, box_w: float, box_h: float, side: str = "a") -> ET.Element:
    """The tank from above at its footprint's proportions, scaled to fit the box, gun to +x."""
    from rulesets.battle_of_tanks.svg import GUN_OF_LENGTH, LIVERY

    length, width = footprint(card)
    drawing = top_down_tank(length=length, width=width, gun=length * GUN_OF_LENGTH, kind="tank",
                            livery=LIVERY[side])
    # the gun reaches past the nose: the whole is about 1.35 hull lengths, centred a little forward
    holder = ET.Element("g", {"transform": f"translate({-length * 0.17:.3f} 0)"})
    holder.append(drawing)
    return fit(holder, length * 1.4, width * 1.15, box_w, box_h)


def card_face(card: TankCard) -> CardFace:
    """One tank card: name, id and label, tier badge, the tank, the card's values (BT-2)."""
    length, width = footprint(card)
    values = [v for v in card_values(card) if v[0] != "footprint"] + [("footprint", f"{length:g} x {width:g} cm")]
    return CardFace(title=card.name, subtitle=f"{card.id} · label {card.label}", badge=str(card.tier),
                    badge_label="tier", values=values, art=lambda w, h: tank_art(card, w, h),
                    notes=card.notes, footer=f"{TITLE} · tank card (BT-2)", accent=ACCENT)


def card_faces(cards: Mapping[str, TankCard]) -> list[CardFace]:
    return [card_face(c) for c in cards.values()]


# ----------------------------------------------------------------- the roster
@dataclass
class RosterLine:
    label: str
    card_id: str
    card: TankCard | None


@dataclass
class Roster:
    """What the printed roster shows, from a valid list or a broken one alike."""

    name: str
    path: str
    budget: int | None
    lines: list[RosterLine] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    verdict: str = ""
    fits: str = ""

    @property
    def total(self) -> int:
        return sum(ln.card.tier for ln in self.lines if ln.card is not None)


def labels(entries: Sequence[tuple[str | None, TankCard | None, str]]) -> list[str]:
    """The label each tank of one side gets on the table, as the game names them
    (:func:`rulesets.battle_of_tanks.setup.tank_label`, the game's own rule). An unknown
    card's id stands in for its label."""
    from rulesets.battle_of_tanks.setup import tank_label

    counts: dict[str, int] = {}
    used: set[str] = set()
    return [tank_label(name, card.label if card is not None else card_id, counts, used)
            for name, card, card_id in entries]


def roster_html(roster: Roster) -> str:
    """The roster as a flowing HTML block: heading, the table of tanks with their values and
    tiers, the total against the budget, what still fits, and every problem."""
    e = html.escape
    heads = "".join(f"<th>{e(h)}</th>" for _, h in COLUMNS)
    rows = []
    for i, ln in enumerate(roster.lines, 1):
        if ln.card is None:
            cells = f'<td class="l" colspan="{len(COLUMNS) + 2}" style="color:#b00020">unknown card ' \
                    f'{e(ln.card_id)}: no values</td>'
            art = ""
        else:
            card = ln.card
            data = card.model_dump(mode="json")  # a roll reads 3+, as on the card
            values = [(f"{data[key]:g}" if isinstance(data[key], float) else str(data[key]))
                      + (" cm" if key.endswith("_cm") else "") for key, _ in COLUMNS]
            cells = (f'<td class="l"><b>{e(card.name)}</b><br><small>{e(card.id)}</small></td>'
                     + "".join(f"<td>{e(v)}</td>" for v in values) + f"<td><b>{card.tier}</b></td>")
            svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": "16mm", "height": "8mm",
                                     "viewBox": "-8 -4 16 8"})
            svg.append(tank_art(card, 15, 7))
            art = ET.tostring(svg, encoding="unicode")
        rows.append(f'<tr><td>{i}</td><td class="l"><b>{e(ln.label)}</b></td><td>{art}</td>{cells}</tr>')
    budget = "?" if roster.budget is None else str(roster.budget)
    total = (f'<tr class="total{" over" if roster.budget is not None and roster.total > roster.budget else ""}">'
             f'<td></td><td class="l" colspan="{len(COLUMNS) + 3}">total against the budget</td>'
             f'<td>{roster.total} / {budget}</td></tr>')
    parts = [f"<h1>{e(roster.name)}</h1>",
             f'<p class="sub">{TITLE} army list · {len(roster.lines)} tanks · budget {budget} tier points '
             f'(BT-1.1) · {e(roster.path)}</p>',
             f'<table><thead><tr><th>#</th><th class="l">label</th><th></th><th class="l">card</th>{heads}'
             f'<th>tier</th></tr></thead><tbody>{"".join(rows)}{total}</tbody></table>']
    over = roster.budget is not None and roster.total > roster.budget
    if roster.verdict:
        parts.append(f'<p class="verdict{" over" if over else ""}">{e(roster.verdict)}</p>')
    if roster.fits:
        parts.append(f"<p>{e(roster.fits)}</p>")
    if roster.errors:
        items = "".join(f"<li>{e(p)}</li>" for p in roster.errors)
        parts.append(f'<div class="problems"><b>Not a valid army: {len(roster.errors)} problem'
                     f'{"s" if len(roster.errors) != 1 else ""}</b><ul>{items}</ul></div>')
    if roster.warnings:
        items = "".join(f"<li>{e(p)}</li>" for p in roster.warnings)
        parts.append(f'<div class="warnings"><b>Warnings</b><ul>{items}</ul></div>')
    parts.append('<p class="foot">HP hit points · move and sight in cm · recon, accuracy and repair: the roll '
                 'needed on a die · RoF rate of fire (BT-2). Labels as the table names the tanks (against an army with the '
                 'same cards, the second army numbers on: t34#2).</p>')
    return "".join(parts)


# ----------------------------------------------------------------- the table
def table_board(game: BattleGame, *, pieces: bool = False, mm_per_cm: float = 10.0, table_only: bool = False,
                plain: bool = False) -> Board:
    """The table (BT-3.1) as the screen draws it, at ``mm_per_cm`` mm of paper per cm of
    table: terrain, base plates and the 10 cm grid; with ``pieces`` the tanks where they
    start; ``table_only``: the game is only there to carry a table file (its title is the
    table's); ``plain``: the table top left white (the paper), to save ink on a mat of
    35 pages. The heading, legend, sight lines and the screen's scale bar are left out."""
    from rulesets.battle_of_tanks.svg import SCALE, render_svg

    root = local(ET.fromstring(render_svg(game)))
    drop = {"caption", "legend", "sight-lines", "scale", "last-shot", "cover-shadow"}
    if not pieces:
        drop.add("tank")
    mm_per_px = mm_per_cm / SCALE
    _prune(root, drop)
    for grid in root.iter("g"):
        if "grid" in (grid.get("class") or "").split():
            for el in grid.iter("line"):  # a hairline, not the screen's pixel (2 mm at 1:1)
                el.set("stroke-width", f"{0.25 / mm_per_px:.3f}")
    for el in root.iter():
        cls = el.get("class", "")
        if plain and "table-top" in cls.split():
            el.set("fill", "#ffffff")
        if el.tag == "text":
            mm = TEXT_MM["terrain-label"] if "terrain-label" in cls else TEXT_MM["tank-label"]
            el.set("font-size", f"{mm / mm_per_px:.3f}")
            if el.get("stroke-width"):
                el.set("stroke-width", f"{0.6 / mm_per_px:.3f}")
    g = ET.Element("g", {"class": "bt-table"})
    g.extend(list(root))
    f = game.field
    g.insert(_after_grid(g), _grid_labels(f.width, f.depth, SCALE, mm_per_px))
    name = f"table {f.table.name}" if table_only else str(game.title or game.scenario)
    return Board(title=f"{TITLE}: {name}, {f.width:g} x {f.depth:g} cm",
                 drawing=g, x=0.0, y=0.0, width=f.width * SCALE, height=f.depth * SCALE, mm_per_unit=mm_per_px,
                 note=f"table {f.width:g} x {f.depth:g} cm, grid 10 cm", table_scale=True)


def _prune(root: ET.Element, classes: set[str]) -> None:
    """Take out every element one of whose classes is in ``classes``, and the title."""
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == "title" and parent is root or set((child.get("class") or "").split()) & classes:
                parent.remove(child)


def _after_grid(g: ET.Element) -> int:
    """Where the grid's labels go: right after the grid (under terrain and tanks)."""
    for i, child in enumerate(g):
        if "grid" in (child.get("class") or "").split():
            return i + 1
    return len(g)


def _grid_labels(width: float, depth: float, scale: float, mm_per_px: float) -> ET.Element:
    """Where each crossing of the 10 cm grid lies on the table, ``x,y`` in cm (BT-3.1: y from
    the near edge): a page of a 35-page mat says where it belongs, and terrain is set out by it."""
    labels = ET.Element("g", {"class": "grid-labels", "font-family": "sans-serif", "fill": "#000000",
                              "fill-opacity": "0.45", "font-size": f"{2.2 / mm_per_px:.3f}"})
    off = 0.8 / mm_per_px
    for x in range(10, int(width), 10):
        for y in range(10, int(depth), 10):
            t = ET.SubElement(labels, "text", {"x": f"{x * scale + off:.2f}", "y": f"{(depth - y) * scale - off:.2f}"})
            t.text = f"{x},{y}"
    return labels


NOT_PRINTED = ("line of sight", "last shot", "cover shadow")
"""Legend entries of what a printed table does not show (a game's moment, not its table)."""


def key(game: BattleGame, *, pieces: bool = False) -> list[LegendItem]:
    """The printed table's key: the screen legend's entries for what the mat shows (its
    terrain, base plates and grid; the tanks and their markers only with ``pieces``)."""
    from rulesets.battle_of_tanks.svg import legend

    items = legend(game)
    start = 0 if pieces else next((i for i, it in enumerate(items) if it.label.startswith("base plate")), 0)
    out = []
    for item in items[start:]:
        if item.label.startswith(NOT_PRINTED):
            continue
        if item.label.startswith("grid"):
            item = LegendItem("grid: 10 cm, each crossing labelled with its place on the table in cm (x from the "
                              "left edge, y from the near edge, BT-3.1)", item.sample)
        out.append(item)
    return out
