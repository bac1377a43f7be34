"""Is a new unit card worth its tier? Measure it by simulation.

Method ("price sweep"): for each new card ``c`` of tier ``t`` and a budget
``B``, armies are built that hold ``m`` copies of ``c`` (about half the
budget, at least one) *as if each cost* ``t'`` tier points, for ``t'`` in
``t - spread .. t + spread``; the rest of the budget, ``B - m * t'``, is
filled at random with shipped cards. Each such army plays a reference army of
``B`` points filled at random with shipped cards, the sides alternating.
Raising the price ``t'`` leaves less for the filler, so the card's army
wins less often; the tier at which it would win half its games is the fair
price of the card.

The fair price is found by a logistic regression of the score (wins, draws
as half) on ``t'``: ``P(win) = 1 / (1 + exp(-(a + b t')))``, fitted by
maximum likelihood (Newton's method) after adding half a win and half a
loss at every price (Jeffreys' prior, which keeps the fit finite when a
card always wins or always loses). The suggested tier is ``-a / b``,
rounded and kept within 1..B and within one of the tested prices (a fit
is not trusted far outside the data: the report says so). If the fit has no downward slope (too few
games to see the effect) the tested price whose score is closest to 50% is
suggested instead, or one beyond the tested range when the card wins (or
loses) at every tested price.

The ruleset's contract (Battle of Tanks): ``ruleset.cards(paths)`` returns
``{id: card}`` with a ``tier`` attribute, and ``ruleset.new_game(scenario,
{"armies": {side: army}, "cards": [paths]}, seed)`` accepts inline armies in
the army-file format.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.ai.simulate import (
    GameJob,
    GameResult,
    Progress,
    RegistryGames,
    derive_seed,
    run_jobs,
    wilson,
)
from core.errors import TanktableError

__all__ = [
    "BalanceConfig",
    "CardReport",
    "TierPoint",
    "balance",
    "fair_tier",
    "fill_army",
    "plan_balance",
]


@dataclass(frozen=True)
class BalanceConfig:
    ruleset: str
    card_paths: tuple[Path, ...]
    budget: int
    games: int
    seed: int = 0
    spread: int = 2
    kind: str = "greedy"
    scenario: str | None = None
    think: float | None = None
    iterations: int | None = None
    max_moves: int = 2000


@dataclass(frozen=True)
class TierPoint:
    """The card's army at one price: games, wins, draws (draws count half)."""

    tier: int
    games: int
    wins: int
    draws: int

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


@dataclass(frozen=True)
class CardReport:
    card: str
    tier: int
    copies: int
    points: tuple[TierPoint, ...]
    fair: float | None
    suggested: int
    method: str

    @property
    def at_own_tier(self) -> TierPoint | None:
        return next((p for p in self.points if p.tier == self.tier), None)

    def to_json(self) -> dict[str, Any]:
        own = self.at_own_tier
        low, high = wilson(own.wins + 0.5 * own.draws, own.games) if own else (0.0, 1.0)
        return {
            "card": self.card,
            "tier": self.tier,
            "copies": self.copies,
            "win_rate": own.score if own else None,
            "ci95": [low, high],
            "fair_tier": self.fair,
            "suggested_tier": self.suggested,
            "method": self.method,
            "by_tier": [
                {"tier": p.tier, "games": p.games, "wins": p.wins, "draws": p.draws,
                 "score": p.score}
                for p in self.points
            ],
        }


def _tier(card: Any) -> int:
    tier = card.get("tier") if isinstance(card, Mapping) else getattr(card, "tier", None)
    if not isinstance(tier, int | float):
        raise TanktableError(f"card {card!r} has no tier value")
    return int(tier)


def fill_army(rng: random.Random, pool: Sequence[tuple[str, int]], points: int) -> list[str]:
    """Random cards from ``pool`` (id, tier) until nothing more fits in ``points``."""
    army: list[str] = []
    left = points
    while True:
        fits = [cid for cid, tier in pool if 0 < tier <= left]
        if not fits:
            return army
        choice = fits[rng.randrange(len(fits))]
        army.append(choice)
        left -= dict(pool)[choice]


def _army(ruleset: str, name: str, budget: int, cards: Sequence[str],
          tiers: Mapping[str, int]) -> dict[str, Any]:
    total = sum(tiers[c] for c in cards)
    return {
        "ruleset": ruleset, "kind": "army", "name": name, "budget": max(budget, total),
        "tanks": [{"card": c} for c in cards],
    }


@dataclass(frozen=True)
class _Tag:
    card: str
    tier: int
    test_player: int


def plan_balance(config: BalanceConfig) -> tuple[list[GameJob], list[_Tag], dict[str, tuple[int, int]]]:
    """The games to play; returns jobs, what each job measures, and per card (tier, copies)."""
    from core.registry import get_ruleset

    if config.budget < 1:
        raise TanktableError("--budget must be at least 1")
    if config.games < 1:
        raise TanktableError("--games must be at least 1")
    ruleset = get_ruleset(config.ruleset)
    shipped = dict(ruleset.cards(()))
    if not shipped:
        raise TanktableError(f"{config.ruleset} has no unit cards to balance against")
    every = dict(ruleset.cards(tuple(config.card_paths)))
    new = [cid for cid in every if cid not in shipped or every[cid] != shipped[cid]]
    if not new:
        raise TanktableError("the given files hold no new or changed card")
    tiers = {cid: _tier(card) for cid, card in every.items()}
    pool = sorted((cid, tiers[cid]) for cid in shipped if cid not in new)
    if not pool:
        raise TanktableError("no shipped card is left to build reference armies from")
    sides = ruleset.players
    options_cards = [str(p) for p in config.card_paths]
    jobs: list[GameJob] = []
    tags: list[_Tag] = []
    cards_info: dict[str, tuple[int, int]] = {}
    for cid in new:
        tier = tiers[cid]
        copies = max(1, (config.budget // 2) // max(1, tier))
        prices = [t for t in range(tier - config.spread, tier + config.spread + 1)
                  if t >= 1 and copies * t <= config.budget]
        if not prices:
            prices = [tier]
            copies = 1
        cards_info[cid] = (tier, copies)
        per_price = [config.games // len(prices)] * len(prices)
        for i in range(config.games % len(prices)):
            per_price[(len(prices) // 2 + i) % len(prices)] += 1  # extra games near the own tier
        for price, count in zip(prices, per_price, strict=True):
            for j in range(count):
                seed = derive_seed(config.seed, "balance", cid, price, j)
                rng = random.Random(seed)
                test = [cid] * copies + fill_army(rng, pool, config.budget - copies * price)
                reference = fill_army(rng, pool, config.budget)
                test_player = j % 2
                armies = {
                    sides[test_player]: _army(
                        config.ruleset, f"{cid} x{copies} at tier {price}", config.budget,
                        test, tiers),
                    sides[1 - test_player]: _army(
                        config.ruleset, "reference", config.budget, reference, tiers),
                }
                options = {"armies": armies, "cards": options_cards}
                factory = RegistryGames(config.ruleset, config.scenario, options)
                jobs.append(GameJob(
                    index=len(jobs), factory=factory, seed=seed, default_kind=config.kind,
                    think=config.think, iterations=config.iterations,
                    max_moves=config.max_moves,
                ))
                tags.append(_Tag(cid, price, test_player))
    return jobs, tags, cards_info


def fair_tier(points: Sequence[TierPoint]) -> float | None:
    """The price at which the fitted win probability is 1/2 (``None`` if no downward slope)."""
    data = [(p.tier, p.wins + 0.5 * p.draws + 0.5, p.games + 1.0) for p in points if p.games]
    if len({x for x, _, _ in data}) < 2:
        return None
    a = b = 0.0
    for _ in range(100):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for x, y, n in data:
            prob = 1.0 / (1.0 + math.exp(-(a + b * x)))
            w = n * prob * (1.0 - prob)
            g0 += y - n * prob
            g1 += (y - n * prob) * x
            h00 += w
            h01 += w * x
            h11 += w * x * x
        det = h00 * h11 - h01 * h01
        if det <= 1e-12:
            return None
        da = (h11 * g0 - h01 * g1) / det
        db = (h00 * g1 - h01 * g0) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    if b >= -1e-9:
        return None
    return -a / b


def card_report(card: str, tier: int, copies: int, points: list[TierPoint], budget: int) -> CardReport:
    fair = fair_tier(points)
    tested = [p.tier for p in points if p.games]
    if fair is not None:
        low, high = min(tested) - 1, max(tested) + 1
        suggested = min(budget, max(1, low, min(high, round(fair))))
        method = "logistic fit"
        if not low <= fair <= high:
            method += " beyond the tested prices (widen --spread)"
    else:
        played = [p for p in points if p.games]
        if all(p.score > 0.5 for p in played):
            suggested = min(budget, max(tested) + 1)
            method = "wins at every tested price: dearer still (widen --spread)"
        elif all(p.score < 0.5 for p in played):
            suggested = max(1, min(tested) - 1)
            method = "loses at every tested price: cheaper still (widen --spread)"
        else:
            best = min(played, key=lambda p: (abs(p.score - 0.5), abs(p.tier - tier)))
            suggested, method = best.tier, "closest tested price"
    return CardReport(card, tier, copies, tuple(points), fair, suggested, method)


def collect(results: Sequence[GameResult], tags: Sequence[_Tag],
            cards_info: Mapping[str, tuple[int, int]], budget: int) -> list[CardReport]:
    """Per card and price: the test army's wins and draws; then the fit."""
    counts: dict[tuple[str, int], list[int]] = {}
    for result, tag in zip(results, tags, strict=True):
        slot = counts.setdefault((tag.card, tag.tier), [0, 0, 0])
        slot[0] += 1
        if tag.test_player in result.winners:
            slot[1] += 1
        elif not result.winners:
            slot[2] += 1
    reports = []
    for cid, (tier, copies) in cards_info.items():
        points = [TierPoint(t, *counts[(c, t)]) for (c, t) in sorted(counts) if c == cid]
        reports.append(card_report(cid, tier, copies, points, budget))
    return reports


def balance(config: BalanceConfig, workers: int = 1, dask: str | None = None,
            progress: Progress | None = None) -> list[CardReport]:
    """Play the price sweep of every new card and suggest fair tiers."""
    jobs, tags, info = plan_balance(config)
    results = run_jobs(jobs, workers=workers, dask=dask, progress=progress)
    return collect(results, tags, info, config.budget)
