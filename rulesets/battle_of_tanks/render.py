"""The table as text: a coarse grid with terrain and tanks, then a tank list.

One cell is ``CELL`` cm square, two characters wide. Terrain: ``##`` tall
heavy (houses, rocks), ``==`` low heavy (walls), ``::`` light (woods,
hedges), ``xx`` wrecks (a tank destroyed this round too), ``..`` base plates, in
every cell a shape overlaps however thin (a 3 cm wall shows); each feature carries a letter
(``A``, ``B`` ...) in its middle cell, named in the key under the map, so an
error that names the "garden wall" can be found. A ``+`` marks every
``GRID`` cm in open ground, and a scale bar sits under the axis. A tank
shows as its key (``a1``) in the cell of its centre, with an arrow in the
next cell ahead. The tank list (position, heading, HP, order) and the key stand to the
right of the map, so the whole board fits a 100x40 terminal (issue 59.8).
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from core.grid.hexmap import column_letters
from rulesets.battle_of_tanks.actions import num

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame

CELL = 5.0
GRID = 20.0
"""Grid marks in open ground every this many cm."""


def feature_letter(i: int) -> str:
    """The label of the ``i``-th terrain feature on the maps: A .. Z, then AA, AB ..."""
    return column_letters(i)
ARROWS = ["> ", "/ ", "^ ", "\\ ", "< ", "/ ", "v ", "\\ "]


def _feature_char(cover: str, height: str) -> str:
    """A feature's mark: ``##`` tall heavy cover, ``==`` low heavy (walls), ``::`` light."""
    if cover == "heavy":
        return "##" if height == "tall" else "=="
    return "::"


MARK_ORDER = ("xx", "##", "==", "::", "..")
"""Which mark a cell touched by several shapes shows: a wreck, then the heavier cover
first (a wall beside a wood must not vanish under the wood), a base plate last."""


def terrain_grid(game: BattleGame, cell: float, cols: int, rows: int) -> list[list[str]]:
    """Each cell's terrain mark (row 0 at y 0): a cell that any part of a shape overlaps
    gets that shape's mark, however thin the shape (hidden playtest of issue 59: the 3 cm
    earth walls of ridge-assault fell between the 10 cm cells' centres, and a drive was
    refused at a wall the map did not show). Wrecks include tanks destroyed this round
    (point 3: they are obstacles at once, not only once the round ends)."""
    boxes = shapely.box(*[a.ravel() for a in _cell_corners(cell, cols, rows)])
    shapes: list[tuple[str, object]] = [("xx", f.polygon) for f in game.field.wrecks]
    shapes += [("xx", t.footprint()) for t in game.tanks if not t.alive and not t.wreck]
    shapes += [(_feature_char(f.cover, f.height), f.polygon) for f in game.field.features]
    shapes += [("..", plate) for plate in game.field.bases.values()]
    flat = ["  "] * (cols * rows)
    rank = {m: i for i, m in enumerate(MARK_ORDER)}
    for mark, shape in sorted(shapes, key=lambda s: -rank[s[0]]):  # the strongest is drawn last
        over = shapely.intersects(boxes, shape) & ~shapely.touches(boxes, shape)
        for i in over.nonzero()[0]:
            flat[i] = mark
    return [flat[r * cols:(r + 1) * cols] for r in range(rows)]


def _cell_corners(cell: float, cols: int, rows: int) -> tuple[Any, Any, Any, Any]:
    """The cells' (x0, y0, x1, y1) as arrays, row by row."""
    cs, rs = np.meshgrid(np.arange(cols, dtype=float), np.arange(rows, dtype=float))
    return cs * cell, rs * cell, (cs + 1) * cell, (rs + 1) * cell


def place_tanks(game: BattleGame, grid: list[list[str]], cell: float) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """Draw each living tank's key in the cell of its centre; every tank is shown (issue 27.13).

    Tanks whose centres share a cell make it ``*1``, ``*2`` ...; the second
    value lists them (``*1 = a1 a3``), for the key under or beside the map.
    The first value is where each key was drawn, for the heading arrows.
    """
    rows, cols = len(grid), len(grid[0]) if grid else 0
    cells: dict[tuple[int, int], list[str]] = {}
    for t in game.tanks:
        c, r = int(t.x // cell), int(t.y // cell)
        if t.alive and 0 <= r < rows and 0 <= c < cols:
            cells.setdefault((r, c), []).append(t.key)
    notes: list[str] = []
    drawn: dict[str, tuple[int, int]] = {}
    for (r, c), keys in cells.items():
        if len(keys) == 1:
            grid[r][c] = keys[0]
        else:
            mark = "*" + "123456789abcdefghijklmnopqrstuvwxyz"[min(len(notes), 34)]
            grid[r][c] = mark
            notes.append(f"{mark} = {' '.join(keys)}")
        for key in keys:
            drawn[key] = (r, c)
    return drawn, notes


def map_lines(game: BattleGame, cell: float = CELL, marks: bool = True,
              label: int = 5) -> tuple[list[str], list[str]]:
    """The map at ``cell`` cm a cell, framed, rows labelled in cm (``label`` columns) and the
    axis under it: terrain, each living tank's key with its heading arrow in the next cell
    ahead (where that cell is open ground, a grid mark, a plate or a wood), and the notes
    naming tanks that share a cell (:func:`place_tanks`). ``marks``: the grid's ``+``
    every ``GRID`` cm and each feature's letter (the full map and the per-decision map at
    the same scale, issue 59.8; a 10 cm map is too coarse for them)."""
    cols = int(math.ceil(game.field.width / cell))
    rows = int(math.ceil(game.field.depth / cell))
    grid = terrain_grid(game, cell, cols, rows)
    if marks:
        step = int(GRID // cell)
        for r in range(step, rows, step):
            for c in range(step, cols, step):
                if grid[r][c] == "  ":
                    grid[r][c] = "+ "
        for i, f in enumerate(game.field.features):
            p = f.polygon.representative_point()
            c, r = int(p.x // cell), int(p.y // cell)
            if 0 <= r < rows and 0 <= c < cols:
                grid[r][c] = f"{feature_letter(i):<2}"[:2]
    drawn, shared = place_tanks(game, grid, cell)
    for t in game.tanks:
        if t.key in drawn:
            r, c = drawn[t.key]
            octant = int(((t.heading % 360) + 22.5) // 45) % 8
            dc = round(math.cos(math.radians(octant * 45)))
            dr = round(math.sin(math.radians(octant * 45)))
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] in ("  ", "..", "::", "+ "):
                grid[rr][cc] = ARROWS[octant]
    pad = " " * label
    body = [pad + "+" + "-" * (2 * cols) + "+"]
    for r in range(rows - 1, -1, -1):
        mark = f"{int(r * cell):>{label - 1}} " if r % 2 == 0 else " " * label
        body.append(mark[:label] + "|" + "".join(grid[r]) + "|")
    body.append(pad + "+" + "-" * (2 * cols) + "+")
    body.append(" " * label + " " + "".join(f"{int(c * cell):<4}" for c in range(0, cols, 2)))
    return body, shared


def render_text(game: BattleGame) -> str:
    """``board``: the 5 cm map, the tank list and the key beside it, then any base-plate
    warning (:func:`plate_lines`); on a terminal too narrow for both (80 columns: its lines
    wrapped into a jumble, playtest of issue 59), the list and the key under the map. Who decides
    next is the prompt's to say (the board's ``next:`` line only repeated it)."""
    body, shared = map_lines(game)
    lines = board_lines(game, body, shared)
    lines.append(scale_line())
    columns = terminal_columns() or SCREEN
    if max(len(line) for line in lines) > columns:  # the tank list and the key under the map
        lines = [lines[0], *body, scale_line(), *tank_rows(game, columns),
                 f"tier points destroyed by a: {game.destroyed_tiers['a']}, by b: {game.destroyed_tiers['b']}",
                 *(line.replace("\0", " ") for line in textwrap.wrap(  # an entry is never split
                     "   ".join(k.replace(" ", "\0") for k in side_key(game, shared)), columns - 1))]
    return "\n".join(lines + plate_lines(game, columns))


def side_key(game: BattleGame, shared: list[str]) -> list[str]:
    """The map's key: its signs, each feature's letter and name, tanks sharing a cell."""
    out = ["## house/rocks  == wall  :: wood/hedge", "xx wreck  .. base plate  > ^ < v heading"]
    out += [f"{feature_letter(i)} {f.name} ({f.kind.replace('_', ' ')})" for i, f in enumerate(game.field.features)]
    return out + (["tanks sharing a cell: " + "; ".join(shared)] if shared else [])


def terminal_columns() -> int | None:
    """The terminal's width, or ``None`` when the output is no terminal (a file, a pipe,
    a test): what is written there never depends on a window that is not looking."""
    import shutil
    import sys

    try:
        if sys.stdout is None or not sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    return shutil.get_terminal_size((SCREEN, 40)).columns


def plate_lines(game: BattleGame, width: int) -> list[str]:
    """Playtest of issue 59 (a game was lost on the base plate without a word): for each
    tank on its enemy's base plate, when its side wins and what stops it, as BT-8.2 reads
    and the round's end judges it (on the plate at the round's start and end, no hit
    points lost and no track hit in the round; ``victory.base_plate_rounds`` rounds)."""
    from rulesets.battle_of_tanks.game import OTHER
    from rulesets.battle_of_tanks.plate import on_enemy_plates, plate_words

    out: list[str] = []
    for t in on_enemy_plates(game):
        plate = OTHER[t.side]
        out += textwrap.wrap(f"WARNING: {t.side}'s {t.label} is on {plate}'s base plate: {plate_words(game, t, t.side)[1]}",
                             width, subsequent_indent="    ", break_on_hyphens=False)
    return out


def scale_line() -> str:
    """A 20 cm scale bar under the map's axis, with the cell's size."""
    cm10 = int(10 // CELL) * 2
    return ("      " + "|" + "-" * (cm10 - 1) + "|" + "-" * (cm10 - 1) + "|"
            + f"  scale: 20 cm (1 cell = {num(CELL)} cm, + every {num(GRID)} cm)")


SCREEN = 100
"""The columns the board is laid out for (issue 59.8: it fits a 100x40 terminal)."""


def tank_rows(game: BattleGame, width: int) -> list[str]:
    """The tank list beside the map, each row at most ``width`` columns: key, label,
    position, heading (whole degrees; the map's arrow shows it too), hit points left of
    the card's, the order this round and what else a shot at it or by it depends on
    (moved, spotted, track damaged, in ambush). Columns are as wide as this game's tanks
    need; words that would overrun the width go on a line of their own under the order,
    so a tank that moved never pushes the board past the terminal's edge."""
    hp = {t.key: f"{max(0, t.hp)}/{t.card.hit_points}" for t in game.tanks}
    at = {t.key: f"{num(t.x)},{num(t.y)}" for t in game.tanks}
    label_w = max(4, *(len(t.label) for t in game.tanks))
    at_w = max(2, *(len(a) for a in at.values()))
    hp_w = max(2, *(len(h) for h in hp.values()))
    rows = [f"{'id':<3}{'tank':<{label_w}} {'at':<{at_w}} {'hdg':>3} {'HP':>{hp_w}} order"]
    for t in game.tanks:
        words = [w for w in t.state_words() if not (w == "in ambush" and t.order == "AMBUSH")]
        words += ["spotted"] if t.key in game.spotted else []
        head = (f"{t.key:<3}{t.label:<{label_w}} {at[t.key]:<{at_w}} {round(t.heading) % 360:>3} "
                f"{hp[t.key]:>{hp_w}} {t.order or '-'}")
        whole = head + (f" {', '.join(words)}" if words else "")
        if len(whole) <= width or not words:
            rows.append(whole)
        else:
            rows.append(head)
            indent = min(len(head) - len(t.order or "-"), max(0, width - len(", ".join(words))))
            rows.append(" " * indent + ", ".join(words))
    return rows


def board_lines(game: BattleGame, body: list[str], shared: list[str], columns: int = SCREEN) -> list[str]:
    """The title, then the 5 cm map with the tank list (position, heading, HP, order) and
    the key beside it, no wider than ``columns`` where the tanks' names allow (issue 59.8:
    the board fits a 100x40 terminal)."""
    width = max(len(b) for b in body)
    side = tank_rows(game, columns - width - 2)
    side.append(f"tier points destroyed by a: {game.destroyed_tiers['a']}, by b: {game.destroyed_tiers['b']}")
    side.append("")
    side += side_key(game, shared)
    lines = [f"Battle of Tanks -- {game.title or game.scenario}, round {game.round}, {len(game.bag)} chit(s) in the bag"]
    for i in range(max(len(body), len(side))):
        left = body[i] if i < len(body) else ""
        right = side[i] if i < len(side) else ""
        lines.append(f"{left:<{width}}  {right}".rstrip())
    return lines
