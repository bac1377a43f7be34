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


def test_draw_offer_accepted_by_a_computer_no_better_than_even_ends_by_agreement(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, with_pig: Any) -> None:
    """Issue 19.13: ``draw`` asks the other seat; a computer at even takes it (Termination.AGREEMENT)."""
    rec = tmp_path / "g.yaml"
    code, out = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1",
                     "--record", str(rec)], monkeypatch, stdin="draw\n")
    assert code == 0
    assert "blue accepts the draw" in out
    assert "Result: draw -- draw by agreement" in out
    import yaml

    assert yaml.safe_load(rec.read_text())["result"]["termination"] == "agreement"


@pytest.mark.parametrize("value, accepts", [(0.3, False), (0.0, True), (-0.4, True)])
def test_a_computer_accepts_a_draw_only_when_not_better_than_even(
        value: float, accepts: bool, monkeypatch: pytest.MonkeyPatch, with_pig: Any) -> None:
    from tests.toy import PigGame

    monkeypatch.setattr(PigGame, "evaluate", lambda self, player: value)
    code, out = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                    monkeypatch, stdin="draw\nquit\n")
    assert ("blue accepts the draw" in out) is accepts
    assert ("blue declines the draw: play on" in out) is not accepts


def test_draw_offer_to_a_person_is_answered_at_the_prompt(monkeypatch: pytest.MonkeyPatch,
                                                          with_pig: Any) -> None:
    code, out = run(["play", "pig", "--seat", "red=human", "--seat", "blue=human", "--seed", "1"],
                    monkeypatch, stdin="draw\nn\ndraw\ny\n")
    assert "red offers a draw. blue, do you accept? [y/N]" in out
    assert "blue declines the draw: play on" in out
    assert "Result: draw -- draw by agreement" in out


def test_tc_7_4_no_draw_offer_where_agreement_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """TC-7.4 with ``draw.agreement: false``: the offer is refused before anyone is asked."""
    code, out = run(["play", "tank-chess", "--seat", "white=human", "--seat", "black=greedy", "--seed", "1",
                     "-o", "draw.agreement=false"], monkeypatch, stdin="draw\nquit\n")
    assert "draws by agreement are off in this game (draw.agreement, TC-7.4)" in out
    assert "accept" not in out and "Result: draw" not in out


def test_resign_asks_for_confirmation(monkeypatch: pytest.MonkeyPatch, with_pig: Any) -> None:
    code, out = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                    monkeypatch, stdin="resign\nn\nresign\n\nresign\nyes\n")
    assert out.count("red: resign the game? [y/N]") == 3
    assert out.count("not resigned: play on") == 2
    assert "Result: blue -- red resigned" in out
