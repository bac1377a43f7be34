"""Issue 60.6: the ``simulate`` header states the seats that really played (every
side, those not named at their default) and the move limit the games were held to,
never "mcts 1 s/move" without a searching seat or "move limit None" when the
ruleset declares its bound."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from cli.app import app
from tests import toy

runner = CliRunner()


def test_issue_60_6_the_header_names_every_seat_and_the_declared_move_limit(
        with_pig: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy.PigGame, "max_decisions", lambda self: 1234, raising=False)
    done = runner.invoke(app, ["simulate", "pig", "--games", "2", "--seat", "red=random",
                               "--seat", "blue=random"])
    assert done.exit_code == 0, done.output
    header = done.output.splitlines()[0]
    assert "seats red=random, blue=random" in header, header
    assert "mcts" not in header and "s/move" not in header, header
    assert "(move limit 1,234, declared by the ruleset)" in done.output
    assert "move limit None" not in done.output


def test_issue_60_6_a_searching_seat_brings_its_budget_and_max_moves_its_limit(with_pig: Any) -> None:
    """A side not named plays at the default (greedy), and the header says so."""
    done = runner.invoke(app, ["simulate", "pig", "--games", "1", "--seat", "red=mcts",
                               "--iterations", "2", "--max-moves", "6"])
    assert done.exit_code == 0, done.output
    assert "seats red=mcts, blue=greedy, mcts 2 iterations/move" in done.output.splitlines()[0]
    assert "(move limit 6, --max-moves)" in done.output
