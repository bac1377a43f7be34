"""bench/budget_scaling.py: two search settings play each other with sides swapped, and
each side's settings are its own (issue 28.1: does more search make a level stronger?)."""

from __future__ import annotations

import pytest

from bench.budget_scaling import main, settings
from core.errors import TanktableError


def test_a_round_plays_each_setting_on_each_side(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tank-chess", "--a", "iterations=2", "--a", "halving=0", "--b", "iterations=1", "--rounds", "1",
            "--max-decisions", "4"]
    assert main(argv) == 0
    first = capsys.readouterr().out.splitlines()
    assert first[0].startswith("round 0, A as white: A scores ") and "(4 decisions)" in first[0]
    assert first[1].startswith("round 0, A as black: A scores ") and "(4 decisions)" in first[1]
    assert "of 2 (" in first[2] and first[2].startswith("A (iterations=2 halving=0) against B (iterations=1)")


def test_settings_are_numbers_and_need_a_fixed_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert settings(["iterations=720", "halving=0", "minimax=1"]) == {"iterations": 720, "halving": 0, "minimax": 1.0}
    with pytest.raises(TanktableError, match="needs iterations=N"):
        settings(["halving=0"])
    with pytest.raises(TanktableError, match="must be a number"):
        settings(["iterations=many"])
    assert main(["tank-chess", "--a", "iterations", "--b", "iterations=3"]) == 2
    assert "a setting is KEY=VALUE" in capsys.readouterr().err
