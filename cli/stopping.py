"""A game stopped from outside (SIGTERM, SIGHUP) stops like Ctrl-C: saved first.

A closed terminal sends SIGHUP; ``kill`` and service managers send SIGTERM.
By default either ends Python at once, losing whatever was not yet written.
While a game is played, both raise :class:`Stopped` in the main thread
instead, so the play loop saves the record and says where it is, as it does
for Ctrl-C (``KeyboardInterrupt``).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals that stop a game with a save (SIGHUP does not exist on Windows)."""


class Stopped(BaseException):
    """A stop signal arrived. A ``BaseException``, like ``KeyboardInterrupt``, so
    that no ``except Exception`` on the way swallows it."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """The shell's convention for a process ended by a signal: 128 + its number."""
        return 128 + self.signum


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`Stopped`; the old handlers come back after.

    Only the main thread may set handlers; elsewhere (a test runner's thread)
    the block runs with the handlers as they are.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    with _handling(SIGNALS, _raise):
        yield


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Within the block a stop (SIGTERM, SIGHUP, Ctrl-C) waits, and arrives when it ends.

    A record is written in steps: the new file, then what the game remembers of
    it (:class:`cli.record_target.RecordGuard`). A stop between the two would
    make the game's own record look changed by something else, and the save
    that follows every stop would go to a new file. Only the main thread may
    set handlers; elsewhere, or where a handler was not set from Python, the
    block runs as it is.
    """
    sigs = (*SIGNALS, signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() \
            or any(signal.getsignal(sig) is None for sig in sigs):
        yield
        return
    arrived: list[int] = []

    def wait(signum: int, frame: FrameType | None) -> None:
        arrived.append(signum)

    try:
        with _handling(sigs, wait):
            yield
    finally:
        if arrived:  # delivered again, to the handler in force outside the block
            signal.raise_signal(arrived[0])


@contextlib.contextmanager
def _handling(sigs: tuple[int, ...], handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """``handler`` for each of ``sigs`` within the block; the old handlers come back after."""
    old = {sig: signal.signal(sig, handler) for sig in sigs}
    try:
        yield
    finally:
        for sig, previous in old.items():
            signal.signal(sig, previous)
