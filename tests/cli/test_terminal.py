"""The terminal as a player meets it (issue 19): hot-seat screens, draw and
resign, the prompt, the spinner, screen length, help pages, wording."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

from cli.app import main


class FakeTerminal(io.StringIO):
    """A stdout that says it is a terminal and keeps every byte written to it."""

    def isatty(self) -> bool:
        return True


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "",
        tty: bool = False) -> tuple[int, str]:
    """Run ``tanktable ARGS`` with ``stdin``; the exit code and everything written to stdout."""
    out = FakeTerminal() if tty else io.StringIO()
    monkeypatch.setattr(sys, "argv", ["tanktable", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    with pytest.raises(SystemExit) as info:
        main()
    return int(info.value.code or 0), out.getvalue()


def test_hot_seat_handover_clears_the_scrollback_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19.2: the pass screen erases the screen and the scrollback (ESC[3J),
    before the pass line and again once the next player is at the keyboard."""
    code, out = run(["play", "duel-of-the-giants", "--seat", "german=human", "--seat", "soviet=human",
                     "--seed", "1"], monkeypatch, stdin="\nquit\n", tty=True)
    assert code == 1
    before, _, after = out.partition("=== pass the terminal to")
    assert before.endswith("\033[H\033[2J\033[3J")
    assert after.split("\n", 1)[1].startswith("\033[H\033[2J\033[3J")


def test_hot_seat_on_a_pipe_writes_no_escape_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run(["play", "duel-of-the-giants", "--seat", "german=human", "--seat", "soviet=human",
                     "--seed", "1"], monkeypatch, stdin="\nquit\n")
    assert "=== pass the terminal to" in out and "\033[" not in out
