"""``tanktable simulate`` and ``tanktable balance`` end to end (in-process)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cli.app import app

runner = CliRunner()


def test_simulate_json_report(with_pig: Any) -> None:
    result = runner.invoke(app, ["simulate", "pig", "--games", "8", "--seat", "red=random",
                                 "--seat", "blue=greedy", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 8 and set(data["sides"]) == {"red", "blue"}
    assert data["sides"]["red"]["wins"] + data["sides"]["blue"]["wins"] + data["draws"] == 8
    low, high = data["sides"]["red"]["ci95"]
    assert low <= data["sides"]["red"]["rate"] <= high
    again = runner.invoke(app, ["simulate", "pig", "--games", "8", "--seat", "red=random",
                                "--seat", "blue=greedy", "--seed", "4", "--json",
                                "--workers", "2"])
    assert again.output == result.output


def test_simulate_text_report_with_swapped_kinds(with_pig: Any) -> None:
    result = runner.invoke(app, ["simulate", "pig", "-n", "6", "--seat", "red=mcts",
                                 "--seat", "blue=random", "--iterations", "20", "--swap",
                                 "-o", "target=10"])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output and "mcts" in result.output
    assert "mean length" in result.output and "(rotating)" in result.output


def test_simulate_bad_seat_is_one_clean_line(with_pig: Any) -> None:
    from cli.app import main  # noqa: F401 - the entry point turns the error into a line

    result = runner.invoke(app, ["simulate", "pig", "-n", "2", "--seat", "green=random"])
    assert result.exit_code != 0
    assert "unknown side" in str(result.exception)


def test_balance_command(fake_battle: Any, tmp_path: Path) -> None:
    cards = tmp_path / "new.yaml"
    cards.write_text("cards:\n  - {id: ace, tier: 2, power: 4.0}\n", encoding="utf-8")
    result = runner.invoke(app, ["balance", "fake-battle", "--cards", str(cards),
                                 "--budget", "12", "--games", "40", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    card = data["cards"][0]
    assert card["card"] == "ace" and card["tier"] == 2
    assert card["suggested_tier"] is None or 1 <= card["suggested_tier"] <= 12
    assert sum(p["games"] for p in card["by_tier"]) == 40
    text = runner.invoke(app, ["balance", "fake-battle", "--cards", str(cards),
                               "--budget", "12", "--games", "8"])
    assert text.exit_code == 0 and "ace" in text.output and "inconclusive" in text.output


def test_balance_help_explains_the_method() -> None:
    result = runner.invoke(app, ["balance", "--help"])
    assert result.exit_code == 0
    assert "logistic" in result.output and "50%" in result.output
