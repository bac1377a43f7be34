"""Each seat's state built once per change of its table, with its JSON text.

After a move, the mover's answer, the mover's own push stream, a second page
of the same link and the spectators would each build the same state; here
it is built once and its JSON written once (:meth:`SeatStates.get`). A state
is reused only while nothing it shows has changed: the key is the table's
version together with every field of the table a state reads, so even a
change that forgot to bump the version cannot serve an old state. When the
state leaves the notes for later, the notes are started in a worker at once
(:meth:`cli.serve.pool.NotesPool.prefetch`), ready by the time the page asks.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from cli.serve.notes import LATER
from cli.serve.pool import NotesPool
from cli.serve.seatview import seat_state
from cli.serve.tables import Seat, Table

Key = tuple[Any, ...]


class SeatStates:
    """The newest state of every seat of every table, as data and as JSON."""

    def __init__(self, pool: NotesPool) -> None:
        self.pool = pool
        self._lock = threading.Lock()
        self._states: dict[tuple[str, Seat], tuple[Key, dict[str, Any], str]] = {}

    @staticmethod
    def key(table: Table) -> Key:
        """What a seat's state depends on besides the seat (read under the table's lock)."""
        g = table.game
        return (table.version, table.thinking, table.notice, table.file_problem,
                tuple(sorted(table.draw_offer)), table.hotseat_ready, len(g.history),
                id(g.history[-1]) if g.history else None)

    def get(self, table: Table, seat: Seat) -> tuple[dict[str, Any], str]:
        """The seat's state and its JSON text; the caller must not change the state."""
        with table.lock:
            key = self.key(table)
            with self._lock:
                known = self._states.get((table.id, seat))
            if known is not None and known[0] == key:
                return known[1], known[2]
            state = seat_state(table, seat)
            if state.get("notes") == LATER:
                self.pool.prefetch(table, table.viewer(seat))
            text = json.dumps(state, separators=(",", ":"))
        with self._lock:
            self._states[(table.id, seat)] = (key, state, text)
        return state, text
