"""A Duel of the Giants scenario carries its own rules settings (issue 59.11):
``settings:`` as ``--option`` takes them, checked by ``validate`` at their line,
with the game's own options over them; the shipped ``summer-short`` ends by the
round limit of DG-20.4."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.ai.agents import make_agent
from core.errors import DataError
from core.registry import get_ruleset
from tests.console import tanktable

SHIPPED = Path(__file__).resolve().parents[2] / "data/duel_of_the_giants/scenarios"


def with_settings(folder: Path, settings: str) -> Path:
    """The shipped summer scenario with a ``settings:`` block appended."""
    path = folder / "mine.yaml"
    path.write_text((SHIPPED / "summer.yaml").read_text(encoding="utf-8").rstrip() + "\n" + settings,
                    encoding="utf-8")
    return path


def test_dg_20_4_the_short_scenario_stops_after_its_tenth_round() -> None:
    """DG-20.4: ``summer-short`` sets ``end.max_rounds: 10``; a game that would run on ends on points."""
    game = get_ruleset("duel-of-the-giants").new_game("summer-short", {}, 2)
    assert game.cfg.rules.end.max_rounds == 10  # type: ignore[attr-defined]
    agents = [make_agent("greedy", seed=4 + i) for i in range(2)]  # a long game on summer
    decisions = 0
    while game.outcome() is None and decisions < 3000:
        game.apply(agents[game.to_move()].choose(game))
        decisions += 1
    outcome = game.outcome()
    assert outcome is not None
    assert game.round == 10  # type: ignore[attr-defined]
    assert "DG-20.4" in outcome.reason


def test_an_option_overrides_the_scenarios_setting() -> None:
    game = get_ruleset("duel-of-the-giants").new_game("summer-short", {"end.max_rounds": 3}, 1)
    assert game.cfg.rules.end.max_rounds == 3  # type: ignore[attr-defined]


def test_a_scenarios_weapon_setting_changes_the_card(tmp_path: Path) -> None:
    path = with_settings(tmp_path, "settings:\n  weapons.pak88.firepower.summer: 4\n")
    game = get_ruleset("duel-of-the-giants").new_game(str(path), {}, 1)
    assert game.cfg.weapons.pak88.firepower.summer == 4  # type: ignore[attr-defined]


def test_validate_names_each_bad_setting_at_its_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = with_settings(tmp_path, "settings:\n  end.max_round: 10\n  end.max_rounds: -2\n")
    lines = path.read_text(encoding="utf-8").splitlines()
    code, out = tanktable(monkeypatch, capsys, "validate", str(path))
    assert code == 1, out
    first = lines.index("  end.max_round: 10") + 1
    assert f"mine.yaml:{first}:" in out and "end.max_rounds" in out  # the closest known setting
    assert f"mine.yaml:{first + 1}:" in out
    with pytest.raises(DataError):
        get_ruleset("duel-of-the-giants").new_game(str(path), {}, 1)
