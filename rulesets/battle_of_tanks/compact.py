"""The table for one decision's screen in a terminal: a 10 cm map, tanks beside it.

It fits 80x24 with the moves since the last decision: one cell is ``CELL``
cm (twice the full map's), terrain as on the full map
(:mod:`rulesets.battle_of_tanks.render`), each living tank its key; the tank
list stands to the right of the map, one short line per tank, the key under
it. Tanks whose
centres share a cell draw it ``*1``, ``*2`` ..., named beside the list
(``one cell: *1 = a1 a3``). The full map
with positions and headings is ``render_text``.
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING

from rulesets.battle_of_tanks.render import _terrain_char, place_tanks

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame

CELL = 10.0

KEY = ("## house/rocks  == wall  :: wood", ".. base plate   xx wreck", "1 cell = 10 cm ('board': 5 cm)")
"""The map's key, in the free rows under the tank list (one line less to scroll the moves off)."""


def render_compact(game: BattleGame) -> str:
    cols = int(math.ceil(game.field.width / CELL))
    rows = int(math.ceil(game.field.depth / CELL))
    grid = [[_terrain_char(game, (c + 0.5) * CELL, (r + 0.5) * CELL) for c in range(cols)]
            for r in range(rows)]
    _, shared = place_tanks(game, grid, CELL)
    roster = []
    for t in game.tanks:
        words = t.state_words() + (["spotted"] if t.key in game.spotted else [])
        state = f"{t.hp}/{t.card.hit_points}" if t.alive else "destroyed"
        roster.append(f"{t.key:<3}{t.label:<10} {state:<10} {t.order or '-':<8} {', '.join(words)}"[:44])
    roster.append(f"destroyed tiers: a {game.destroyed_tiers['a']}, b {game.destroyed_tiers['b']}")
    roster += [f"one cell: {note}" for note in shared]  # every tank is drawn (issue 27.13)
    lines = [f"Battle of Tanks -- {game.title or game.scenario}, round {game.round}, "
             f"{len(game.bag)} chit(s) in the bag"]
    body = ["    +" + "-" * (2 * cols) + "+"]
    for r in range(rows - 1, -1, -1):
        label = f"{int(r * CELL):>3} " if r % 2 == 0 else "    "
        body.append(label + "|" + "".join(grid[r]) + "|")
    body.append("    +" + "-" * (2 * cols) + "+")
    body.append("     " + "".join(f"{int(c * CELL):<4}" for c in range(0, cols, 2)))
    width = max(len(b) for b in body)
    roster += [""] * (len(body) - len(roster) - len(KEY)) + list(KEY)  # the key at the bottom, right
    for i in range(max(len(body), len(roster))):
        left = body[i] if i < len(body) else ""
        right = roster[i] if i < len(roster) else ""
        lines.append(f"{left:<{width}}  {right}".rstrip())
    if game.result is None:
        lines += textwrap.wrap(f"next: {game.players[game.to_move()]} -- {game.decision()}", 80,
                               subsequent_indent="    ", break_on_hyphens=False)
    return "\n".join(lines)
