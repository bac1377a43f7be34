"""bench/versus.py: two checkouts of the code play each other, sides swapped, each
copy of the game kept in step with the other (issue 28: is a change to how the
computer plays an improvement?)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench.versus import main, play

ROOT = Path(__file__).resolve().parents[1]


def test_the_same_code_on_both_sides_plays_each_round_twice_and_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["tank-chess", "--old", str(ROOT), "--new", str(ROOT), "--kind", "greedy", "--rounds", "1",
            "--max-decisions", "6", "--out", str(out)]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "round 0, new code as white: scores 0.5 (6 decisions)"
    assert lines[1] == "round 0, new code as black: scores 0.5 (6 decisions)"
    assert "the new code scores 1 of 2 (50%" in lines[2] and lines[2].endswith("as white 0.5 of 1, as black 0.5 of 1")
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["round"], r["first"], r["moves"]) for r in records] == [(0, "new", 6), (0, "old", 6)]
    assert main(argv) == 0  # the games are in the file: none is played again
    assert len(out.read_text().splitlines()) == 2
    assert "the new code scores 1 of 2" in capsys.readouterr().out.splitlines()[-1]


def test_a_directory_that_is_no_checkout_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tank-chess", "--old", str(tmp_path), "--new", str(ROOT)]) == 2
    assert "is not a tanktable checkout" in capsys.readouterr().err


class _Copy:
    """A stand-in replica whose game ends, for better or worse, after one action."""

    def __init__(self, winner: int):
        self.winner = winner

    def ask(self, **command: Any) -> dict[str, Any]:
        if command["op"] == "new":
            return {"to_move": 0, "winners": None, "bound": 10}
        if command["op"] == "choose":
            return {"action": "x"}
        return {"to_move": None, "winners": [self.winner]}


def test_copies_that_disagree_stop_the_match() -> None:
    agreeing: Any = {"new": _Copy(1), "old": _Copy(1)}
    assert play(agreeing, "toy", "greedy", 1, ("old", "new")) == (1.0, 1)
    assert play(agreeing, "toy", "greedy", 1, ("new", "old")) == (0.0, 1)
    split: Any = {"new": _Copy(0), "old": _Copy(1)}
    with pytest.raises(RuntimeError, match="disagree after decision 1"):
        play(split, "toy", "greedy", 1, ("new", "old"))


class _Endless(_Copy):
    """A stand-in replica whose game never ends: it stops at the game's own bound."""

    def ask(self, **command: Any) -> dict[str, Any]:
        answer = super().ask(**command)
        return {"to_move": 1, "winners": None} if command["op"] == "apply" else answer


def test_a_game_stops_unfinished_at_its_own_bound_or_the_given_limit() -> None:
    endless: Any = {"new": _Endless(0), "old": _Endless(0)}
    assert play(endless, "toy", "greedy", 1, ("new", "old")) == (0.5, 10)
    assert play(endless, "toy", "greedy", 1, ("new", "old"), limit=3) == (0.5, 3)
