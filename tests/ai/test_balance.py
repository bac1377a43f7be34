"""The balance sweep on a fake army game with a known fair price."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.ai.balance import BalanceConfig, TierPoint, balance, fair_tier, fill_army, plan_balance
from core.errors import TanktableError


def write_cards(tmp_path: Path, *cards: tuple[str, int, float]) -> Path:
    path = tmp_path / "new.yaml"
    lines = ["cards:"] + [f"  - {{id: {c}, tier: {t}, power: {p}}}" for c, t, p in cards]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_fill_army_spends_the_points_exactly_when_it_can() -> None:
    import random

    pool = [("heavy", 3), ("medium", 2), ("scout", 1)]
    for seed in range(20):
        army = fill_army(random.Random(seed), pool, 11)
        assert sum(dict(pool)[c] for c in army) == 11
    assert fill_army(random.Random(0), [("heavy", 3)], 2) == []


def test_fair_tier_of_an_exact_logistic_curve() -> None:
    """Scores following 1/(1+exp(-(6 - 1.5 t))) cross 50% at t = 4."""
    import math

    points = []
    for t in (1, 2, 3, 4, 5):
        p = 1 / (1 + math.exp(-(6 - 1.5 * t)))
        points.append(TierPoint(t, 100000, round(100000 * p), 0))
    assert fair_tier(points) == pytest.approx(4.0, abs=0.01)


def test_fair_tier_needs_a_falling_trend() -> None:
    rising = [TierPoint(1, 10, 2, 0), TierPoint(2, 10, 8, 0)]
    assert fair_tier(rising) is None
    assert fair_tier([TierPoint(2, 10, 5, 0)]) is None


def test_underpriced_card_gets_a_higher_tier(fake_battle: Any, tmp_path: Path) -> None:
    """'ace' costs 2 but fights like 4: three aces priced at t' leave 12 - 3t' for the
    rest of the army, so the armies are even at t' = 4 (a fair card stays at its tier)."""
    path = write_cards(tmp_path, ("ace", 2, 4.0), ("plain", 2, 2.0))
    config = BalanceConfig("fake-battle", (path,), budget=12, games=200, seed=1, spread=2)
    reports = {r.card: r for r in balance(config)}
    ace, plain = reports["ace"], reports["plain"]
    assert ace.copies == 3 and [p.tier for p in ace.points] == [1, 2, 3, 4]
    assert sum(p.games for p in ace.points) == 200
    assert ace.suggested == 4 and ace.method == "logistic fit"
    own = ace.at_own_tier
    assert own is not None and own.score > 0.85
    assert plain.suggested == 2
    data = ace.to_json()
    assert data["suggested_tier"] == 4 and data["ci95"][0] < data["win_rate"] < data["ci95"][1]


def test_balance_plan_alternates_sides_and_stays_within_budget(fake_battle: Any,
                                                               tmp_path: Path) -> None:
    path = write_cards(tmp_path, ("ace", 2, 4.0))
    jobs, tags, info = plan_balance(BalanceConfig("fake-battle", (path,), 10, 20, seed=3))
    assert info == {"ace": (2, 2)}
    assert [t.test_player for t in tags[:4]] == [0, 1, 0, 1]
    for job, tag in zip(jobs, tags, strict=True):
        armies = job.factory.options["armies"]  # type: ignore[attr-defined]
        test = armies["ab"[tag.test_player]]
        assert [t["card"] for t in test["tanks"]].count("ace") == 2
        assert test["budget"] >= 10


def test_balance_results_do_not_depend_on_workers(fake_battle: Any, tmp_path: Path) -> None:
    path = write_cards(tmp_path, ("ace", 2, 4.0))
    config = BalanceConfig("fake-battle", (path,), budget=8, games=10, seed=2, spread=1)
    assert balance(config, workers=1) == balance(config, workers=2)


def test_balance_user_errors(fake_battle: Any, tmp_path: Path) -> None:
    empty = tmp_path / "none.yaml"
    empty.write_text("cards: []\n", encoding="utf-8")
    with pytest.raises(TanktableError, match="no new or changed card"):
        plan_balance(BalanceConfig("fake-battle", (empty,), 10, 10))
    with pytest.raises(TanktableError, match="budget"):
        plan_balance(BalanceConfig("fake-battle", (empty,), 0, 10))
    with pytest.raises(TanktableError, match="unknown ruleset"):
        plan_balance(BalanceConfig("no-such-game", (empty,), 10, 10))


def test_fit_far_beyond_the_tested_prices_is_not_trusted() -> None:
    """A crossing at T = 8 seen only from prices 1..3: suggest 4 and say so."""
    import math

    from core.ai.balance import card_report

    points = [TierPoint(t, 1000, round(1000 / (1 + math.exp(-(4 - 0.5 * t)))), 0) for t in (1, 2, 3)]
    report = card_report("ace", 2, 1, points, budget=20)
    assert report.fair == pytest.approx(8.0, abs=0.3)
    assert report.suggested == 4 and "widen --spread" in report.method


def test_without_a_trend_a_card_winning_everywhere_is_dearer_still() -> None:
    from core.ai.balance import card_report

    flat = [TierPoint(t, 4, 4, 0) for t in (2, 3, 4, 5, 6)]
    report = card_report("super", 4, 2, flat, budget=20)
    assert report.fair is None and report.suggested == 7 and "widen --spread" in report.method
    losing = [TierPoint(t, 4, 0, 1) for t in (2, 3, 4)]
    assert card_report("weak", 3, 1, losing, budget=20).suggested == 1
    mixed = [TierPoint(2, 4, 3, 0), TierPoint(3, 4, 1, 0), TierPoint(4, 4, 3, 0)]
    assert card_report("odd", 3, 1, mixed, budget=20).method == "closest tested price"
