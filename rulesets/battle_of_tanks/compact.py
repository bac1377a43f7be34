"""The table for one decision's screen in a terminal: the map with the tanks beside it.

Where the terminal has the room (a 120 cm table needs 100 columns and 37 lines: a
100x40 terminal), the map is the one ``board`` draws (issue 59.8): 5 cm a cell, feature
letters, grid marks, each tank's heading arrow, the tank list with position, heading,
HP and order beside it, the scale bar. Else
(80x24, or output that is no terminal) it is a 10 cm map that fits 80x24 with the moves
since the last decision: terrain as on the full map
(:mod:`rulesets.battle_of_tanks.render`), each living tank its key with its heading
arrow where the next cell is free, the tank list to the right of the map, one short
line per tank, the key under it. Tanks whose centres share a cell draw it ``*1``,
``*2`` ..., named beside the list (``one cell: *1 = a1 a3``).
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from typing import TYPE_CHECKING

from rulesets.battle_of_tanks.render import board_lines, map_lines, plate_lines, scale_line

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame

CELL = 10.0

KEY = ("## house/rocks  == wall  :: wood", ".. base plate   xx wreck", "> ^ < v heading",
       "1 cell = 10 cm ('board': 5 cm)")
"""The 10 cm map's key, in the free rows under the tank list."""

FLAGS = {"moved": "m", "spotted": "s", "track damaged": "t", "in ambush": "a", "destroyed": "x", "wreck": "x"}
"""A tank's state in one letter each, where its words would not fit beside the 10 cm map."""

FLAG_KEY = "m moved s spotted t track hit a ambush"
"""The letters' key, under the tank list when a row uses them."""

MOVES_ROOM = 7
"""Lines the 5 cm map leaves on the screen: the moves since the last decision (each a
line, folded to fit), the prompt and the Enter that answers it. With fewer, the 10 cm map."""


def screen_size() -> tuple[int, int]:
    """The terminal's (columns, lines) as the play prompt measures it: 80x24 when the
    output is no terminal (a pipe, a file, a test), so what is written there never
    depends on the size of a window that is not looking."""
    try:
        terminal = sys.stdout is not None and sys.stdout.isatty()
    except (AttributeError, ValueError):
        terminal = False
    if not terminal:
        return 80, 24
    size = shutil.get_terminal_size((80, 24))
    return size.columns, size.lines


def render_compact(game: BattleGame, size: tuple[int, int] | None = None) -> str:
    """The map for one decision on a screen of ``size`` (columns, lines; default the
    terminal's): the 5 cm map of ``board`` where it fits with :data:`MOVES_ROOM` lines to
    spare, else the 10 cm one."""
    columns, height = size if size is not None else screen_size()
    body, shared = map_lines(game)
    fine = [*board_lines(game, body, shared, columns), scale_line()]  # what ``board`` draws
    if game.outcome() is None:  # a resigned game is over too: nobody is next
        fine += plate_lines(game, columns)  # who decides next, the prompt says (it was said twice)
    if max(len(line) for line in fine) <= columns and len(fine) + MOVES_ROOM <= height:
        return "\n".join(fine)
    return coarse(game)


def next_lines(game: BattleGame, width: int) -> list[str]:
    """Who decides what next, wrapped to ``width`` columns."""
    return textwrap.wrap(f"next: {game.players[game.to_move()]} -- {game.decision()}", width,
                         subsequent_indent="    ", break_on_hyphens=False)


def coarse(game: BattleGame) -> str:
    """The 10 cm map that fits 80x24 with the moves since the last decision."""
    body, shared = map_lines(game, CELL, marks=False, label=4)
    room = 80 - 2 - max(len(b) for b in body)  # the columns beside the map
    roster = []
    flagged = False
    for t in game.tanks:
        words = [w for w in t.state_words() if not (w == "in ambush" and t.order == "AMBUSH")]
        words += ["spotted"] if t.key in game.spotted else []
        state = f"{t.hp}/{t.card.hit_points}" if t.alive else "destroyed"
        head = f"{t.key:<3}{t.label:<10} {state:<10} {t.order or '-':<7}"
        said = ", ".join(words)
        if len(head) + 1 + len(said) > room:  # playtest at 80x24: "moved, spo" was cut: letters, keyed
            said, flagged = "".join(FLAGS.get(w, w[0]) for w in words), True
        roster.append(f"{head} {said}".rstrip()[:room])
    roster.append(f"tiers destroyed by a: {game.destroyed_tiers['a']}, by b: {game.destroyed_tiers['b']}")
    if flagged:
        roster.append(FLAG_KEY)
    roster += [f"one cell: {note}" for note in shared]  # every tank is drawn (issue 27.13)
    lines = [f"Battle of Tanks -- {game.title or game.scenario}, round {game.round}, "
             f"{len(game.bag)} chit(s) in the bag"]
    width = max(len(b) for b in body)
    roster += [""] * (len(body) - len(roster) - len(KEY)) + list(KEY)  # the key at the bottom, right
    for i in range(max(len(body), len(roster))):
        left = body[i] if i < len(body) else ""
        right = roster[i] if i < len(roster) else ""
        lines.append(f"{left:<{width}}  {right}".rstrip())
    if game.outcome() is None:
        lines += plate_lines(game, 80)
    return "\n".join(lines)
