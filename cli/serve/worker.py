"""The computer seats: they think in a background thread, never in a request.

A table whose next decision belongs to a computer is queued here. The worker
takes a copy of the game under the table's lock, lets the agent choose on the
copy without the lock (the page stays responsive and shows "thinking"), and
plays the choice only if nothing changed meanwhile (an undo, a resignation).
A choice that cannot be saved is not played; the worker tries again every
:attr:`ComputerWorker.retry_seconds` until the game's file can be written.
Agents only see what their player may know: they choose through
:meth:`~core.game.Game.determinize` (see :mod:`core.ai`).
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import Any

from cli.serve.tables import SaveFailed, Table
from core.ai import Agent, make_agent
from core.errors import TanktableError

log = logging.getLogger("tanktable.serve")


class ComputerWorker:
    """One thread that plays every computer seat of the server, a decision at a time."""

    def __init__(self) -> None:
        self._queue: queue.Queue[Table | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="tanktable-computer", daemon=True)
        self._started = False
        self.retry_seconds = 5.0
        """After a decision could not be saved, the computer tries again this much later."""

    def start(self) -> None:
        if not self._started:
            self._started = True
            self._thread.start()

    def stop(self) -> None:
        if self._started:
            self._queue.put(None)
            self._thread.join(timeout=5)

    def retry_later(self, table: Table) -> None:
        """Try the computer's decision again after :attr:`retry_seconds` (its file could not be saved)."""
        def again() -> None:
            with table.lock:
                if table.thinking is None:
                    self.submit(table)

        timer = threading.Timer(self.retry_seconds, again)
        timer.daemon = True
        timer.start()

    def submit(self, table: Table) -> None:
        """Queue a table whose computer seat is to decide (called under its lock)."""
        player = table.computer_to_move()
        if player is None or table.thinking is not None:
            return
        table.thinking = player
        self._queue.put(table)

    def attach(self, table: Table) -> None:
        """Hook a table to this worker, and start its computer if it is to move."""
        table.on_computer_turn = self.submit
        with table.lock:
            self.submit(table)

    def agent(self, table: Table, player: int) -> Agent:
        """The computer player of ``player``'s seat for the table's decision at hand:
        its randomness is its own stream keyed by the seed, the seat and the
        decision's number, so after an undo the same decision draws the same
        choice (issue 26.4)."""
        return make_agent(table.kinds[player], seed=table.decision_seed("computer", player),
                          think=table.think)

    def _run(self) -> None:
        while True:
            table = self._queue.get()
            if table is None:
                return
            try:
                self._decide(table)
            except Exception:  # noqa: BLE001 - a computer's failure must not stop the others
                log.exception("computer player of %s failed", table.id)
                with table.lock:
                    table.thinking = None
                    table.notice = "the computer player failed; see the server's log"
                    table.announce()

    def _decide(self, table: Table) -> None:
        with table.lock:
            player = table.computer_to_move()
            if player is None:
                table.thinking = None
                return
            version = table.version
            copy = table.game.clone()
            for listener in list(table.listeners):
                listener()
        action: Any = self.agent(table, player).choose(copy)
        try:
            table.computer_move(version, player, action)
        except SaveFailed:
            with table.lock:  # the table says what is wrong with its file; try again later
                table.thinking = None
            self.retry_later(table)
        except TanktableError as exc:
            with table.lock:
                table.thinking = None
                table.notice = f"the computer's move was refused: {exc}"
                table.announce()
