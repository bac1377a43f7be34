"""bench/decisions.py: two levels answer the same positions; the table says where they
chose differently and which choice a judge of paired playouts prefers (issue 28.1:
why a rung does or does not separate)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.decisions import Answer, judged, kind_of, main, report
from tests.toy import Hold, PigGame, Roll


def test_the_table_counts_differences_and_regrets_per_side_and_kind() -> None:
    answers = [
        Answer("german", "phase A4", True, (0.03, 0.0), (0.5, 1.0)),
        Answer("german", "phase A4", True, (0.0, 0.01), (0.5, 1.0)),
        Answer("german", "phase A4", False, (0.0, 0.0), (0.5, 1.0)),
        Answer("german", "phase D1", False, (0.0, 0.0), (0.5, 1.0)),
        Answer("soviet", "phase B3", True, (0.02, 0.0), (1.5, 3.0)),
    ]
    lines = report(answers, ("normal", "hard"))
    assert lines[1:] == [
        "german     phase A4                         3    2    67%           0.0100           0.0033   +0.0067 (0.0120)",
        "german     phase D1                         1    0     0%           0.0000           0.0000   +0.0000 (0.0000)",
        "german     all                              4    2    50%           0.0075           0.0025   +0.0050 (0.0087)",
        "soviet     phase B3                         1    1   100%           0.0200           0.0000   +0.0200 (0.0000)",
        "soviet     all                              1    1   100%           0.0200           0.0000   +0.0200 (0.0000)",
        "normal: 0.70 s an answer on average",
        "hard: 1.40 s an answer on average",
    ]


def test_the_judge_plays_each_choice_on_the_same_samples() -> None:
    """Holding 6 on 15 banks 21 of 20: a win every time (1.0). Rolling risks a 1
    (the turn lost, then blue to play) on the same dice for every sample."""
    game = PigGame(seed=0, target=20)
    game.banked, game.turn_total, game.player = [15, 18], 6, 0
    hold, roll = judged(game, [Hold(), Roll()], 30, seed=5)
    assert hold == 1.0
    assert roll < 1.0
    assert judged(game, [Roll(), Hold()], 30, seed=5) == [roll, hold]


def test_the_judges_depth_is_how_far_it_plays_on() -> None:
    """At depth 0 the judge values a choice by the evaluation right after it: rolling
    on 15 and 6 is then worth what the die gives on average, and a hold banks 21 (a
    win). The default depth is the game's, and deeper play changes a roll's value."""
    game = PigGame(seed=0, target=20)
    game.banked, game.turn_total, game.player = [15, 18], 6, 0
    hold, roll = judged(game, [Hold(), Roll()], 30, seed=5, depth=0)
    assert hold == 1.0
    assert roll != judged(game, [Roll()], 30, seed=5, depth=6)[0]
    assert judged(game, [Roll()], 30, seed=5) == judged(game, [Roll()], 30, seed=5,
                                                         depth=game.search_profile.rollout_depth)


def test_the_judge_leaves_out_a_sample_that_refuses_a_choice() -> None:
    """With nothing in the turn a hold is refused (PIG-1) in every sample: nothing compared."""
    game = PigGame(seed=0, target=20)
    assert judged(game, [Roll(), Hold()], 10, seed=5) == [0.0, 0.0]


class _Says:
    """A stand-in game that only says what decision is due."""

    def __init__(self, text: str) -> None:
        self.text = text

    def decision(self) -> str:
        return self.text


@pytest.mark.parametrize(("text", "kind"), [
    ("phase A4: Tiger 1 at f4, max 5 cards", "phase A4"),
    ("phase D2 combat, barrels aimed at each other: the target of the unit in a forest replies (case A, DG-17.6)",
     "phase D2 combat"),
    ("MOVE t34#2: where to", "MOVE"),
    ("round 9: choose an order", "round"),
    ("move a tank", "move a tank"),
])
def test_a_decisions_kind_leaves_out_numbers_and_piece_names(text: str, kind: str) -> None:
    game: Any = _Says(text)
    assert kind_of(game) == kind


def test_a_short_run_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tank-chess", "--levels", "greedy", "easy", "--games", "1", "--every", "40", "--playouts", "2"]) == 0
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert out[0].startswith("tank-chess: greedy and easy asked the positions of 1 game of greedy against itself")
    assert out[1].split()[:4] == ["side", "decision", "asked", "differ"]
    assert any(line.startswith("white      all ") for line in out)
    assert any(line.startswith("black      all ") for line in out)  # each side is asked
    assert out[-2].startswith("greedy: ") and out[-1].startswith("easy: ")
    assert captured.err.startswith("game 1 of 1: ")


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tank-chess", "--games", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
    assert main(["tank-chess", "--depth", "-1"]) == 2
    assert "0 or more" in capsys.readouterr().err
    assert main(["no-such-game"]) == 2
    assert "no-such-game" in capsys.readouterr().err
