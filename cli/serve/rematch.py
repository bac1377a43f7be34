"""A rematch of a finished game (issue 29.13): the same ruleset, scenario (or
position) and options, the sides swapped, a fresh secret seed.

The new game starts from the finished one's record header through
:func:`core.record.start_game`, the way a record is replayed, so an embedded
scenario file and its attachments come along and nothing names a path. Each
side's kind moves to the next side (with two sides, they swap): a person
against the computer stays a person against the computer, now playing the
other side. The armies chosen on the start page (an option ``armies`` by
side) move with their players too (issue 60.3): whoever built an army plays
it again on the other side, rather than leaving it to the opponent. Whoever asks first makes the rematch; the other seats asking
after get their own link of the same rematch.
"""

from __future__ import annotations

import threading

from cli.serve.store import GameStore
from cli.serve.tables import HOTSEAT, HUMAN, Forbidden, Seat, Table
from core.commitment import SeedSeal
from core.errors import TanktableError
from core.record import start_game
from core.streams import DERIVATION


class Rematches:
    """The rematch of each finished game, made once (kept while the server runs)."""

    def __init__(self, store: GameStore):
        self.store = store
        self.made: dict[str, str] = {}
        self._lock = threading.Lock()

    def seat_for(self, table: Table, seat: Seat) -> tuple[Table, Seat]:
        """The rematch of ``table`` (made now if it has none) and the seat in it of
        the one who asks: the next side for a player, the hot-seat screen for it."""
        if seat.role not in (HUMAN, HOTSEAT):
            raise Forbidden("a spectator link cannot start a rematch")
        with self._lock:
            rematch = self.store.get(self.made.get(table.id, ""))
            if rematch is None:
                rematch = self._make(table)
                self.made[table.id] = rematch.id
        if seat.role == HOTSEAT or seat.player is None:
            wanted = Seat(HOTSEAT) if len(rematch.humans) > 1 else Seat(HUMAN, rematch.humans[0])
        else:
            wanted = Seat(HUMAN, (seat.player + 1) % len(rematch.game.players))
        return rematch, wanted

    def _make(self, table: Table) -> Table:
        with table.lock:
            if table.game.outcome() is None:
                raise TanktableError("the game is not over: a rematch follows the end of a game")
            count = len(table.game.players)
            kinds = {p: table.kinds[(p - 1) % count] for p in range(count)}
            seal = SeedSeal.fresh()
            clock = table.header.clock.model_copy(update={"left": {}}) if table.header.clock else None
            header = table.header.model_copy(update={
                "seed": seal.seed, "commitment": seal.commitment, "salt": seal.salt,
                "streams": DERIVATION, "options": _armies_follow(table, count), "clock": clock,
                "moves": [], "result": None, "date": None, "seats": {}})
        game = start_game(header, table.ruleset)
        return self.store.adopt(table.ruleset, game, header, kinds)


def _armies_follow(table: Table, count: int) -> dict[str, object]:
    """The finished game's options with each side's army (option ``armies``, keyed by
    side name in lower case) moved to the side its player takes in the rematch,
    as :meth:`Rematches._make` moves the seats' kinds."""
    options = dict(table.game.options)
    armies = options.get("armies")
    if not isinstance(armies, dict) or not armies:
        return options
    sides = [str(p).lower() for p in table.game.players]
    moved: dict[str, object] = {}
    for key, army in armies.items():
        side = str(key).lower()
        if side not in sides:
            return options  # not keyed by side: leave it as it was
        moved[sides[(sides.index(side) + 1) % count]] = army
    options["armies"] = moved
    return options
