"""Worker processes that work out the notes of legal moves, off the server's own core.

The server's process answers every request and push stream; the notes of a
decision with hundreds of moves (:mod:`cli.serve.notes`) are the biggest piece
of work of an update, so they are done in other processes, on the other
cores. Each table belongs to one worker (by a hash of its id), and the worker
keeps a mirror of the table's game: a request sends the game's header and its
moves as notation, and the worker plays only the moves its mirror has not
seen (all of them again after an undo). The mirror is built from the record's
own header and moves, as ``tanktable replay`` would, so it is the same game.

Nothing hangs on a worker: a worker that dies or does not answer within
:data:`JOB_SECONDS` is replaced, the failure is logged, and that request's
notes are worked out in its own thread instead. Without workers
(``workers=0``) every request works them out in its own thread.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import zlib
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from cli.serve.notes import notes_answer
from cli.serve.tables import Table
from core.errors import TanktableError
from core.game import Game, Step
from core.record import RecordFile, start_game
from core.registry import get_ruleset

log = logging.getLogger("tanktable.serve")

JOB_SECONDS = 20.0
"""The longest a request waits for a worker before it works the notes out itself."""
MIRRORS = 256
"""The most tables' games one worker keeps (the oldest is dropped, and rebuilt when asked)."""


def default_workers() -> int:
    """One worker per core the server may use (at most 8)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(8, cores))


# ----------------------------------------------------------- in the worker
_mirrors: dict[str, tuple[list[str], Game[Any]]] = {}


def _watch_server(server: int) -> None:
    """Start a worker: Ctrl-C is the server's to handle (it stops its workers), and
    the worker ends by itself when the server's process is gone (killed without a word)."""
    import signal
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="tanktable-watch-server", daemon=True).start()


def _warm() -> int:
    """Load the rulesets once, so that the first real request does not wait for imports."""
    from core.registry import available_rulesets

    return len(list(available_rulesets()))


def _notes_job(table_id: str, ruleset_id: str, header: RecordFile, moves: list[str],
               version: int) -> dict[str, Any]:
    """Bring the table's mirror up to ``moves`` and answer its notes (runs in a worker)."""
    ruleset = get_ruleset(ruleset_id)
    known = _mirrors.pop(table_id, None)
    if known is not None and known[0] == moves[:len(known[0])]:
        done, game = known
    else:
        done, game = [], start_game(header, ruleset)
    for text in moves[len(done):]:
        game.apply(game.parse_action(text))
    _mirrors[table_id] = (list(moves), game)
    while len(_mirrors) > MIRRORS:
        _mirrors.pop(next(iter(_mirrors)))
    if len(game.history) != len(moves):
        raise TanktableError(f"the worker's copy of {table_id} has {len(game.history)} moves, "
                             f"not {len(moves)}")
    return notes_answer(ruleset, game, version)


# ----------------------------------------------------------- in the server
class NotesPool:
    """The worker processes of one server, and the notes each is working out."""

    def __init__(self, workers: int) -> None:
        self.workers = max(0, workers)
        self._slots: list[ProcessPoolExecutor | None] = [None] * self.workers
        self._lock = threading.Lock()
        self._jobs: dict[tuple[str, int, int], Future[dict[str, Any]]] = {}
        """Notes asked for or being worked out, by table id, version and viewer."""
        self._texts: dict[str, list[tuple[Step, str]]] = {}
        """Each table's moves as notation, kept with the history step each was written for."""
        self.failures = 0
        """Workers replaced since the server started (one died or did not answer)."""

    def start(self) -> None:
        """Start every worker now (the server is starting), so no player waits for one."""
        for index in range(self.workers):
            self._slot(index).submit(_warm)

    def stop(self) -> None:
        with self._lock:
            slots, self._slots = self._slots, [None] * self.workers
            self._jobs.clear()
        for slot in slots:
            if slot is not None:
                _end(slot)

    def _slot(self, index: int) -> ProcessPoolExecutor:
        with self._lock:
            slot = self._slots[index]
            if slot is None:
                slot = self._slots[index] = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_watch_server, initargs=(os.getpid(),))
            return slot

    def _replace(self, index: int, why: str) -> None:
        """Drop a worker that died or hangs; the next request starts a new one."""
        with self._lock:
            slot, self._slots[index] = self._slots[index], None
            self._jobs = {k: f for k, f in self._jobs.items() if self._index(k[0]) != index}
            self.failures += 1
        log.warning("notes worker %d replaced: %s", index, why)
        if slot is not None:
            _end(slot)

    def _index(self, table_id: str) -> int:
        return zlib.crc32(table_id.encode()) % self.workers

    def moves(self, table: Table) -> list[str]:
        """The table's moves as its record writes them (called under the table's lock);
        each move is written once, and again only after an undo replaced it."""
        g = table.game
        known = self._texts.get(table.id, [])
        keep = 0
        while keep < min(len(known), len(g.history)) and known[keep][0] is g.history[keep]:
            keep += 1
        texts = known[:keep] + [(step, g.format_action(step.action) + g.annotation(step.events))
                                for step in g.history[keep:]]
        self._texts[table.id] = texts
        return [text for _step, text in texts]

    def prefetch(self, table: Table, viewer: int) -> Future[dict[str, Any]] | None:
        """Start working out the notes of the table's current decision for ``viewer``
        (called under the table's lock); ``None`` without workers."""
        if not self.workers:
            return None
        key = (table.id, table.version, viewer)
        with self._lock:
            job = self._jobs.get(key)
        if job is not None:
            return job
        header = table.header.model_copy(update={"options": dict(table.game.options), "moves": []})
        index = self._index(table.id)
        try:
            job = self._slot(index).submit(_notes_job, table.id, table.ruleset.id, header,
                                           self.moves(table), table.version)
        except RuntimeError as exc:  # a broken pool refuses new work
            self._replace(index, f"{type(exc).__name__}: {exc}")
            return None
        with self._lock:
            self._jobs = {k: f for k, f in self._jobs.items() if k[0] != table.id}
            self._jobs[key] = job
        return job

    def answer(self, table: Table, viewer: int, version: int) -> dict[str, Any]:
        """The notes of ``version``'s decision for ``viewer`` (the caller checked that
        it is that seat's decision). From a worker when there are workers; in this
        thread without, or when a worker failed (the worker is then replaced)."""
        with table.lock:
            if table.version != version:
                raise Stale(table.version)
            job = self.prefetch(table, viewer)
            copy = table.game.clone()
        if job is not None:
            index = self._index(table.id)
            try:
                return job.result(timeout=JOB_SECONDS)
            except FutureTimeout:
                self._replace(index, f"no answer within {JOB_SECONDS:.0f} s")
            except TanktableError as exc:
                self._replace(index, f"its copy of the game went wrong: {exc}")
            except Exception as exc:  # noqa: BLE001 - a dead worker: BrokenProcessPool, pickling
                self._replace(index, f"{type(exc).__name__}: {exc}")
        return notes_answer(table.ruleset, copy, version)


def _end(slot: ProcessPoolExecutor) -> None:
    """Stop a worker now: its queued work is dropped and its process ended. Killed first, so
    that the wait is short: the pool's thread sees it gone and closes the pool's queues, whose
    semaphores are then released here, not left to the interpreter's exit; a server stopped
    by SIGTERM (uvicorn ends it by the signal again, skipping those exit handlers) had
    multiprocessing's tracker warn of 10 leaked semaphores (bench/web.py --club)."""
    processes = list((getattr(slot, "_processes", None) or {}).values())
    for process in processes:
        process.kill()
    slot.shutdown(wait=True, cancel_futures=True)


class Stale(TanktableError):
    """The notes asked for belong to a version the table has moved on from."""

    def __init__(self, version: int) -> None:
        super().__init__(f"the table has moved on to version {version}")
        self.version = version
