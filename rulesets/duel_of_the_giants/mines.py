"""Tank mines (DG-14): what happens when a T-34 drives onto a mine marker.

Mines affect only enemy tanks (DG-14.3): Tigers never call this. A face-down
marker is turned over; a real mine stops the T-34 at once and stays face up
(``mines.persist``, DG-AMB-20), a bluff is removed and the tank drives on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.game import Event
from rulesets.duel_of_the_giants.board import Pos, label
from rulesets.duel_of_the_giants.pieces import Tank

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame


def enter(g: DuelGame, t: Tank, dest: Pos) -> list[Event]:
    """The T-34 ``t`` has entered ``dest``; resolve a mine marker there (DG-14.2)."""
    m = g.mine_at(dest)
    if m is None:
        return []
    if not m.face_up and not m.real:
        del g.mines[m.id]
        return [Event("mine", f"mine marker at {label(dest)} turned over: a bluff, removed (DG-14.2)",
                      {"at": label(dest), "real": False})]
    was_hidden = not m.face_up
    m.face_up = True
    g.t34_stopped = True
    g.ma_left = 0
    what = "mine marker turned over: a real mine" if was_hidden else "a known mine"
    events = [Event("mine", f"{what} at {label(dest)} stops T-34 #{t.number}; its remaining MAs are "
                    "lost (DG-14.2)", {"at": label(dest), "real": True})]
    if not g.cfg.rules.mines.persist:
        del g.mines[m.id]
    return events
