"""Issue 25, one place for secrets, in the terminal: a hot-seat game of a ruleset
that leaks a secret through one hook is refused at the prompt instead of showing
the other player that secret.

North hides the pea under cup 2 (CUP-1); the terminal is passed to south, who
asks for his moves, a hint and the board. Each purpose-made leak of
:mod:`tests.check.cups` reaches south through one of those outlets (or through
the line that reports north's move), and the core's gate (:mod:`core.secrecy`)
refuses it, naming the part.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import cli.play
from cli.app import main
from core.game import Ruleset
from tests.check import cups

SOUTH_ASKS = "\nhide 2\n\nmoves\nhint\nboard\nquit\n"
"""North hides the pea under cup 2; south, at the keyboard, asks what he may."""

TERMINAL_PART = {
    "text board": "compact board",
    "event": "events",
    "public move": "moves",
    "note": "move list",
    "hint": "hint",
}
"""Where each leak would reach south in the terminal (the view and the SVG are the browser's)."""


def play_hot_seat(ruleset: Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """``tanktable play cups`` with two human seats and :data:`SOUTH_ASKS` typed."""
    monkeypatch.setattr(cli.play, "get_ruleset", lambda name: ruleset)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "argv", ["tanktable", "play", "cups", "--seat", "north=human",
                                      "--seat", "south=human", "--seed", "1",
                                      "--record", str(tmp_path / "cups.yaml")])
    monkeypatch.setattr(sys, "stdin", io.StringIO(SOUTH_ASKS))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    with pytest.raises(SystemExit) as info:
        main()
    return int(info.value.code or 0), out.getvalue() + err.getvalue()


@pytest.mark.parametrize("hook", sorted(TERMINAL_PART))
def test_a_hook_that_leaks_is_refused_at_the_terminal(hook: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: each leaking Cups ruleset is refused the part that would show south
    the pea; the sound one shows south no refusal and no pea."""
    _, out = play_hot_seat(cups.LEAKS[hook], tmp_path, monkeypatch)
    assert f"refused to send south {TERMINAL_PART[hook]}" in out, out
    south = out.split("pass the terminal to south")[-1]
    assert "[ ] [o] [ ]" not in south and "under cup 2" not in south and "the pea!" not in south


def test_the_sound_ruleset_plays_on_without_a_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: the sound Cups passes the gate at every outlet south asks for."""
    code, out = play_hot_seat(cups.RULESET, tmp_path, monkeypatch)
    assert "refused" not in out, out
    south = out.split("pass the terminal to south")[-1]
    assert "hint: the search's best moves for south" in south and "\n  guess " in south
    assert "[ ] [ ] [ ]" in south and "north hides the pea" in south
    assert code == 0  # quit
