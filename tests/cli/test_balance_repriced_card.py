"""Issue 60.6: ``balance`` on a re-priced shipped card runs. Its games give both armies
inline, so the default scenario's own armies (which the dearer card pushes over
their budget) are not checked: they do not play."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.app import app
from core.registry import get_ruleset

runner = CliRunner()

DEARER_TIGER = """\
ruleset: battle-of-tanks
kind: card
id: tiger-i
based_on: tiger-i
tier: 10
"""


def test_issue_60_6_a_game_with_both_armies_given_ignores_the_scenarios_own_armies(tmp_path: Path) -> None:
    card = tmp_path / "tiger.yaml"
    card.write_text(DEARER_TIGER, encoding="utf-8")
    army = {"ruleset": "battle-of-tanks", "kind": "army", "name": "Tigers", "budget": 20,
            "tanks": [{"card": "tiger-i"}]}
    game = get_ruleset("battle-of-tanks").new_game(
        None, {"cards": [str(card)], "armies": {"a": army, "b": army}}, 1)
    assert sorted(t.card.id for t in game.tanks) == ["tiger-i", "tiger-i"]  # type: ignore[attr-defined]


def test_issue_60_6_balance_runs_on_a_re_priced_shipped_card(tmp_path: Path) -> None:
    card = tmp_path / "tiger.yaml"
    card.write_text(DEARER_TIGER, encoding="utf-8")
    done = runner.invoke(app, ["balance", "battle-of-tanks", "--cards", str(card), "--budget", "20",
                               "--games", "1", "--agent", "random", "--spread", "0", "--max-moves", "8"])
    assert done.exit_code == 0, done.output
    assert "tiger-i: tier 10" in done.output and "exceed the budget" not in done.output
