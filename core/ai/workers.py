"""A process pool of our own, made so that no run on it can hang.

``multiprocessing.Pool`` did hang (issue 61.2): after a game failed, leaving its
``with`` terminated the pool, and that waited for ever joining the pool's task
handler thread, itself blocked on the lock of the task queue, the workers
already gone. One process running failing games one after another met it
within tens to hundreds of runs, sooner with a Dask client alive; so a
simulation that met a failing game could hang. This pool has no threads at all. Each worker has a pipe of its
own; the parent hands a worker a batch of items when it is idle and reads the
answers (one per item, as each is done) with
:func:`multiprocessing.connection.wait`, which also watches every worker's
sentinel: a worker that dies is seen at once, with the item it was working on.
Every wait is bounded: the parent wakes at least every second, and stopping
the pool asks the workers to leave, then terminates, waits a bounded time, and
kills the ones that are still there.

The workers leave Ctrl-C to the parent (it reaches every process of the
terminal's group): they ignore it, the parent gets the ``KeyboardInterrupt``
and stops them. They are started with Ctrl-C held back (see
:func:`_ctrl_c_deferred`), so that none is half started when it comes.
"""

from __future__ import annotations

import pickle
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from multiprocessing import get_context
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from core.errors import TanktableError

__all__ = ["WorkerDied", "WorkerPool"]

T = TypeVar("T")
R = TypeVar("R")

TICK = 1.0
"""The longest the parent waits for anything at one time, in seconds."""

LEAVE_WAIT = 1.0
"""How long idle workers get to leave when asked, before they are terminated."""

TERMINATE_WAIT = 2.0
"""How long terminated workers get to end, before they are killed."""

KILL_WAIT = 2.0
"""How long killed workers get to be reaped; after that the pool gives up on them."""


class WorkerDied(TanktableError):
    """A worker process ended while it had work: ``item`` is the position (in the
    items given to :meth:`WorkerPool.imap_unordered`) of the one it was on, if any,
    and ``how`` says how it ended (``killed by SIGKILL``, ``exit code 3``)."""

    def __init__(self, item: int | None, how: str) -> None:
        on = f" while working on item {item}" if item is not None else ""
        super().__init__(f"a worker process died ({how}){on}")
        self.item = item
        self.how = how

    def __reduce__(self) -> tuple[Any, ...]:
        return (WorkerDied, (self.item, self.how))


def how_it_ended(exitcode: int | None) -> str:
    """A worker's exit code in words: ``killed by SIGKILL``, ``exit code 3``."""
    if exitcode is None:
        return "stopped answering"
    if exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit code {exitcode}"


class _Worker:
    """One worker process, its end of the pipe, and the batch it is working on."""

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.pending: list[int] = []  # positions of the items sent and not yet answered


class WorkerPool:
    """``workers`` processes started with ``method`` (``fork``, ``spawn``, ``forkserver``).

    Use it as a context manager: leaving the ``with`` stops every worker,
    whatever happened (see the module docstring for how and how long).
    """

    def __init__(self, workers: int, method: str) -> None:
        if workers < 1:
            raise ValueError("a pool needs at least one worker")
        context: Any = get_context(method)  # typeshed's BaseContext lacks Process
        self._workers: list[_Worker] = []
        self._busy = False
        self._stopped = False
        with _ctrl_c_deferred() as interrupted:
            try:
                for _ in range(workers):
                    mine, theirs = context.Pipe(duplex=True)
                    # A forked worker closes the parent's ends of its elders' pipes, so
                    # that each worker sees the end of its pipe once the parent is gone.
                    elders = [w.conn for w in self._workers] if method == "fork" else []
                    process = context.Process(target=_serve, args=(theirs, elders),
                                              name=f"tanktable-worker-{len(self._workers) + 1}",
                                              daemon=True)
                    process.start()
                    theirs.close()
                    self._workers.append(_Worker(process, mine))
            except BaseException:
                self.terminate()
                raise
        if interrupted:
            self.terminate()
            raise KeyboardInterrupt

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None and not self._busy:
            self.close()
        else:
            self.terminate()

    @property
    def processes(self) -> list[BaseProcess]:
        """The worker processes (to look at: their pids, whether they live)."""
        return [w.process for w in self._workers]

    def imap_unordered(self, func: Callable[[T], R], items: Iterable[T],
                       chunksize: int = 1) -> Iterator[R]:
        """``func(item)`` for every item, played in the workers, yielded as they come.

        Each worker gets ``chunksize`` items at a time and answers each as it is
        done. An exception raised by ``func`` is raised here (if it cannot travel
        between processes, a ``RuntimeError`` with its text); a worker that dies
        raises :class:`WorkerDied` naming the item it was on. Either way, and if
        the caller stops iterating early, the pool is stopped: it is not used again.
        """
        if self._busy:
            raise RuntimeError("this pool is already working on another map")
        if self._stopped:
            raise RuntimeError("this pool has been stopped")
        queue = list(items)
        size = max(1, chunksize)
        batches = [(i, queue[i:i + size]) for i in range(0, len(queue), size)]
        batches.reverse()  # popped from the end: the first items go first
        self._busy = True
        try:
            for worker in self._workers:
                self._hand_out(worker, func, batches)
            while any(w.pending for w in self._workers):
                yield from self._answers(func, batches)
            self._busy = False
        finally:
            if self._busy:  # an error, Ctrl-C, or a caller that stopped early
                self.terminate()

    def _hand_out(self, worker: _Worker, func: Callable[[Any], Any],
                  batches: list[tuple[int, list[Any]]]) -> None:
        if not batches or worker.pending:
            return
        start, batch = batches.pop()
        worker.pending = list(range(start, start + len(batch)))
        with suppress(OSError):  # its pipe is closed: it has died, and that is seen later
            worker.conn.send((func, start, batch))

    def _answers(self, func: Callable[[Any], Any],
                 batches: list[tuple[int, list[Any]]]) -> Iterator[Any]:
        """The answers that are in after one bounded wait; raises for a dead worker."""
        busy = [w for w in self._workers if w.pending]
        ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy],
                         timeout=TICK))
        for worker in busy:
            if worker.conn in ready or worker.process.sentinel in ready:
                yield from self._read(worker)
                self._hand_out(worker, func, batches)
            if worker.pending and not worker.process.is_alive():
                yield from self._read(worker)  # what it said before it died
                if worker.pending:
                    self._died(worker)

    def _read(self, worker: _Worker) -> Iterator[Any]:
        """Every answer waiting in the worker's pipe."""
        try:
            while worker.pending and worker.conn.poll():
                position, ok, value = worker.conn.recv()
                if position in worker.pending:
                    worker.pending.remove(position)
                if not ok:
                    raise value
                yield value
        except (EOFError, OSError):
            self._died(worker)

    def _died(self, worker: _Worker) -> None:
        worker.process.join(TERMINATE_WAIT)
        raise WorkerDied(worker.pending[0] if worker.pending else None,
                         how_it_ended(worker.process.exitcode))

    def close(self) -> None:
        """Ask the workers to leave; those that do not within a second are stopped."""
        for worker in self._workers:
            with suppress(OSError):
                worker.conn.send(None)
        _join_all([w.process for w in self._workers], LEAVE_WAIT)
        self.terminate()

    def terminate(self) -> None:
        """Stop every worker now: terminate, a bounded wait, then kill. Never blocks
        for longer than :data:`TERMINATE_WAIT` plus :data:`KILL_WAIT` seconds."""
        self._stopped = True
        processes = [w.process for w in self._workers]
        for process in processes:
            if process.is_alive():
                process.terminate()
        _join_all(processes, TERMINATE_WAIT)
        for process in processes:
            if process.is_alive():
                process.kill()
        _join_all(processes, KILL_WAIT)
        for worker in self._workers:
            worker.conn.close()
            worker.pending = []
        self._workers = [w for w in self._workers if w.process.is_alive()]


def _join_all(processes: list[BaseProcess], seconds: float) -> None:
    """Reap the processes, waiting at most ``seconds`` for all of them together."""
    deadline = time.monotonic() + seconds
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))


def _serve(conn: Connection, elders: list[Connection]) -> None:
    """A worker: answers batches until the parent says ``None`` or is gone.

    Each item's answer is sent as soon as it is done, ``(position, ok, value)``,
    so the parent knows which item a worker was on if it dies. An exception that
    cannot travel is sent as a ``RuntimeError`` with its text. After an error the
    rest of the batch is not played: the parent stops the pool on the first one.
    """
    _leave_ctrl_c_to_the_parent()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # whatever the parent had set
    for elder in elders:
        elder.close()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        func, start, batch = message
        for k, item in enumerate(batch):
            try:
                answer: tuple[int, bool, Any] = (start + k, True, func(item))
            except BaseException as exc:  # noqa: BLE001 - sent to the parent, which raises it
                answer = (start + k, False, _travelling(exc))
            try:
                try:
                    conn.send(answer)
                except (EOFError, OSError):
                    raise
                except Exception as exc:  # noqa: BLE001 - an answer that does not pickle
                    answer = (start + k, False, RuntimeError(
                        f"item {start + k}: its answer cannot be sent between processes: {exc}"))
                    conn.send(answer)
            except (EOFError, OSError):  # the parent is gone
                return
            if not answer[1]:
                break


def _travelling(exc: BaseException) -> BaseException:
    """``exc`` if it survives pickling (some exceptions do not rebuild), else its text."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001 - any failure means: send the text instead
        return RuntimeError(f"{type(exc).__name__}: {exc}")
    return exc


@contextmanager
def _ctrl_c_deferred() -> Iterator[list[bool]]:
    """Hold Ctrl-C back while the workers start; the list it yields says whether one came.

    A Ctrl-C in the middle of the start escaped it half done: a worker started
    but not yet on the pool's list outlived the parent (ignoring Ctrl-C, waiting
    for work), and with it the terminal or pipe it shared. So the parent only
    notes it here and stops once the pool is whole and can be stopped; and the
    workers are forked with SIGINT blocked, so that none is interrupted before it
    ignores it (:func:`_leave_ctrl_c_to_the_parent`). In a thread other than the
    main one (where Python handles signals) nothing is changed.
    """
    came: list[bool] = []
    if threading.current_thread() is not threading.main_thread():
        yield came
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: came.append(True))
    blocked = hasattr(signal, "pthread_sigmask")
    if blocked:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield came
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)


def _leave_ctrl_c_to_the_parent() -> None:
    """A worker ignores Ctrl-C, then unblocks it (it was forked with it blocked,
    see :func:`_ctrl_c_deferred`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

