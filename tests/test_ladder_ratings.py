"""The ladder's rating fit (bench/ratings.py, issue 28.1): Bradley-Terry on the Elo scale
with a side term, draws counting half, 95% intervals, a weak prior."""

from __future__ import annotations

import math
import random

import pytest

from bench.ratings import (
    Outcome,
    expected_score,
    fit_by_side,
    fit_pooled,
    pair_score,
)

LEVELS = ("a", "b", "c", "d")


def games(strength: dict[str, float], per_order: int, seed: int, side: float = 0.0,
          draw_share: float = 0.0) -> list[Outcome]:
    """``per_order`` games of every ordered pairing, drawn from the model itself: the first
    side scores with probability expected_score(R[first] - R[second] + side); a share of
    the games is drawn instead."""
    rng = random.Random(seed)
    out = []
    for first in strength:
        for second in strength:
            if first == second:
                continue
            p = expected_score(strength[first] - strength[second] + side)
            for _ in range(per_order):
                if rng.random() < draw_share:
                    out.append(Outcome(first, second, 0.5))
                else:
                    out.append(Outcome(first, second, 1.0 if rng.random() < p else 0.0))
    return out


TRUE = {"a": 0.0, "b": 150.0, "c": 350.0, "d": 600.0}


def test_known_strengths_are_recovered_within_their_intervals() -> None:
    """issue 28.1: ratings drawn from known strengths come back (pooled and per side)."""
    fit = fit_pooled(games(TRUE, 200, seed=1), LEVELS)
    for level, value in TRUE.items():
        r = fit.ratings[level]
        assert abs(r.estimate - value) < 40, (level, r)
        assert r.low <= value <= r.high, (level, r)
    side = fit_by_side(games(TRUE, 200, seed=2), LEVELS)
    for level, value in TRUE.items():
        for s in (0, 1):
            r = side.ratings[(level, s)]
            # anchored at a's mean over both sides, which is 0 here
            assert abs(r.estimate - value) < 60, (level, s, r)
            assert r.low <= value <= r.high, (level, s, r)


def test_intervals_shrink_with_more_games() -> None:
    """issue 28.1: ten times the games, about a third of the interval (1/sqrt(10))."""
    few = fit_pooled(games(TRUE, 20, seed=3), LEVELS)
    many = fit_pooled(games(TRUE, 200, seed=3), LEVELS)
    for level in ("b", "c", "d"):
        narrow = many.ratings[level].high - many.ratings[level].low
        wide = few.ratings[level].high - few.ratings[level].low
        assert narrow < 0.45 * wide, (level, narrow, wide)
    assert (many.side_advantage.high - many.side_advantage.low
            < 0.45 * (few.side_advantage.high - few.side_advantage.low))


def test_a_side_advantage_is_recovered() -> None:
    """issue 28.1: the first side worth +150 Elo shows in the pooled side term and as
    each level's first-side rating above its second-side one."""
    data = games(TRUE, 200, seed=4, side=150.0)
    pooled = fit_pooled(data, LEVELS)
    assert abs(pooled.side_advantage.estimate - 150.0) < 35, pooled.side_advantage
    assert pooled.side_advantage.low > 0
    by_side = fit_by_side(data, LEVELS)
    for level in LEVELS:
        gap = by_side.ratings[(level, 0)].estimate - by_side.ratings[(level, 1)].estimate
        assert abs(gap - 150.0) < 80, (level, gap)
    # the fit's own prediction matches the model's
    assert abs(pooled.expected("b", "c") - expected_score(150 - 350 + 150)) < 0.05


def test_a_symmetric_game_has_no_side_advantage() -> None:
    fit = fit_pooled(games(TRUE, 200, seed=5), LEVELS)
    assert fit.side_advantage.low < 0 < fit.side_advantage.high


def test_draws_count_half() -> None:
    """issue 28.1: two draws weigh exactly as one win and one loss; all draws: equal ratings."""
    base = games(TRUE, 10, seed=6)
    with_draws = fit_pooled([*base, Outcome("a", "d", 0.5), Outcome("a", "d", 0.5)], LEVELS)
    with_split = fit_pooled([*base, Outcome("a", "d", 1.0), Outcome("a", "d", 0.0)], LEVELS)
    for level in LEVELS:
        assert with_draws.ratings[level].estimate == pytest.approx(with_split.ratings[level].estimate)
        assert with_draws.ratings[level].high == pytest.approx(with_split.ratings[level].high)
    all_drawn = [Outcome(x, y, 0.5) for x in "ab" for y in "ab" if x != y for _ in range(20)]
    fit = fit_by_side(all_drawn, "ab")
    for key, r in fit.ratings.items():
        assert r.estimate == pytest.approx(0.0, abs=1e-6), key
    score = pair_score(all_drawn, "b", "a", 1)
    assert (score.wins, score.draws, score.losses, score.score) == (0, 20, 0, 0.5)


def test_a_level_that_never_loses_stays_finite() -> None:
    """issue 28.1: maximum likelihood would send an unbeaten level to infinity; the weak
    prior (bench.ratings.PRIOR_SD) keeps it finite, on top, with a finite interval."""
    data = [o for o in games({"a": 0.0, "b": 200.0, "c": 400.0}, 20, seed=7)]
    for other in "abc":
        data += [Outcome("top", other, 1.0)] * 20 + [Outcome(other, "top", 0.0)] * 20
    for fit in (fit_pooled(data), fit_by_side(data)):
        values = [(r.estimate, r.low, r.high) for r in fit.ratings.values()]
        assert all(math.isfinite(x) for v in values for x in v)
    pooled = fit_pooled(data)
    top = pooled.ratings["top"]
    assert top.estimate > max(pooled.ratings[x].high for x in "abc")
    assert top.estimate < 2500  # large but not runaway


def test_pair_score_reads_one_side() -> None:
    """The ladder's check: a level's score on one side against another, Wilson interval."""
    data = [Outcome("up", "down", 1.0)] * 7 + [Outcome("up", "down", 0.0)] * 2 \
        + [Outcome("up", "down", 0.5)] + [Outcome("down", "up", 0.0)] * 3
    first = pair_score(data, "up", "down", 0)
    assert (first.wins, first.draws, first.losses, first.games) == (7, 1, 2, 10)
    assert first.score == pytest.approx(0.75)
    low, high = first.interval
    assert low < 0.75 < high
    second = pair_score(data, "up", "down", 1)
    assert (second.wins, second.draws, second.losses) == (3, 0, 0)


def test_a_score_is_a_win_a_draw_or_a_loss() -> None:
    with pytest.raises(ValueError):
        Outcome("a", "b", 0.3)


def test_same_side_compares_two_levels_on_one_side_apart_from_its_worth() -> None:
    """issue 28.1: with the first side worth +250 Elo, d (600) as the second side may lose to
    c (350) as the first, yet on either side d rates 250 above c, as the model has it;
    games of each level against itself make the estimate sharp."""
    strength = {"c": 350.0, "d": 600.0}
    cross = games(strength, 200, seed=8, side=250.0)
    rng = random.Random(9)
    mirrors = [Outcome(x, x, 1.0 if rng.random() < expected_score(250.0) else 0.0)
               for x in strength for _ in range(200)]
    fit = fit_by_side(cross + mirrors, ("c", "d"))
    for side in (0, 1):
        gap = fit.same_side("d", "c", side)
        assert gap.low <= 250.0 <= gap.high, (side, gap)
        assert abs(gap.estimate - 250.0) < 60, (side, gap)
        assert fit.same_side("c", "d", side).estimate == pytest.approx(-gap.estimate)
    assert pair_score(cross, "d", "c", 1).score < 0.55  # head to head, as the second side
    blind = fit_by_side(cross, ("c", "d")).same_side("d", "c", 1)
    assert blind.high - blind.low > 3 * (fit.same_side("d", "c", 1).high - fit.same_side("d", "c", 1).low)
