"""Is a new unit card worth its tier? Measure it by simulation, and say when it cannot tell.

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
card always wins or always loses). The fair tier is ``-a / b``; its 95%
interval comes from the fit's covariance (the delta method).

Why a verdict and not just a number (issue 60.1): with a few dozen games the
win rates at neighbouring prices are noise, and a rounded ``-a / b`` then
names a tier with false confidence. A tier is suggested only when the data
back it: the fitted fair tier's interval rounds to that one tier, and the
Wilson intervals of the tested prices separate (one lies wholly above 50%,
another wholly below). Otherwise the verdict is *inconclusive*, with an
estimate of how many more games would decide, or *beyond* the tested prices
when every tested price wins (or loses) clearly. :func:`balance` can keep
adding games in rounds, at the prices whose intervals still straddle 50%,
until every card is decided or ``max_games`` is spent. Game ``j`` at price
``t'`` always gets the same seed, so a run is reproducible and a longer run
extends a shorter one.

The ruleset's contract (Battle of Tanks): ``ruleset.cards(paths)`` returns
``{id: card}`` with a ``tier`` attribute, and ``ruleset.new_game(scenario,
{"armies": {side: army}, "cards": [paths]}, seed)`` accepts inline armies in
the army-file format.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.ai.simulate import (
    Z95,
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
    "Fit",
    "TierPoint",
    "balance",
    "card_report",
    "fair_tier",
    "fill_army",
    "fit_fair_tier",
    "plan_balance",
]

Say = Callable[[str], None]
"""Receives one progress line (a round's tally per price) as it is known."""


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
    until_decided: bool = False
    max_games: int | None = None
    """With ``until_decided``: at most this many games per card (default 10 x ``games``)."""
    round_games: int | None = None
    """Games added per undecided price and round (default: ``games`` / prices, at least 4)."""


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

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the score."""
        return wilson(self.wins + 0.5 * self.draws, self.games)

    @property
    def straddles(self) -> bool:
        """The interval holds 50%: this price cannot yet tell a win from a loss."""
        low, high = self.interval
        return low <= 0.5 <= high


@dataclass(frozen=True)
class Fit:
    """The fitted fair tier and its 95% interval (delta method)."""

    fair: float
    low: float
    high: float


@dataclass(frozen=True)
class CardReport:
    card: str
    tier: int
    copies: int
    points: tuple[TierPoint, ...]
    fair: float | None
    suggested: int | None
    """A tier only when the data back it (``verdict == "decided"``)."""
    method: str
    verdict: str = "decided"
    """``decided``, ``inconclusive`` or ``beyond`` (the fair price lies outside the tested ones)."""
    fair_interval: tuple[float, float] | None = None
    more_games: int | None = None
    """When inconclusive: about how many more games per card would decide (``None``: unknown)."""
    leaning: int | None = None
    """The best guess whatever the verdict (never to be read as a suggestion)."""

    @property
    def at_own_tier(self) -> TierPoint | None:
        return next((p for p in self.points if p.tier == self.tier), None)

    @property
    def games(self) -> int:
        return sum(p.games for p in self.points)

    def to_json(self) -> dict[str, Any]:
        own = self.at_own_tier
        low, high = own.interval if own else (0.0, 1.0)
        return {
            "card": self.card,
            "tier": self.tier,
            "copies": self.copies,
            "games": self.games,
            "win_rate": own.score if own else None,
            "ci95": [low, high],
            "verdict": self.verdict,
            "suggested_tier": self.suggested,
            "leaning_tier": self.leaning,
            "fair_tier": self.fair,
            "fair_tier_ci95": list(self.fair_interval) if self.fair_interval else None,
            "more_games": self.more_games,
            "method": self.method,
            "by_tier": [
                {"tier": p.tier, "games": p.games, "wins": p.wins, "draws": p.draws,
                 "score": p.score, "ci95": list(p.interval)}
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


@dataclass
class _Sweep:
    """What the games are built from; ``played[card][price]`` counts the games planned."""

    config: BalanceConfig
    sides: tuple[str, ...]
    tiers: dict[str, int]
    pool: list[tuple[str, int]]
    cards_info: dict[str, tuple[int, int]]
    prices: dict[str, list[int]]
    played: dict[str, dict[int, int]] = field(default_factory=dict)

    def jobs(self, wanted: Mapping[tuple[str, int], int]) -> tuple[list[GameJob], list[_Tag]]:
        """``wanted[(card, price)]`` more games each; game j at a price always has one seed."""
        config = self.config
        options_cards = [str(p) for p in config.card_paths]
        jobs: list[GameJob] = []
        tags: list[_Tag] = []
        for (cid, price), count in wanted.items():
            copies = self.cards_info[cid][1]
            start = self.played.setdefault(cid, {}).get(price, 0)
            for j in range(start, start + count):
                seed = derive_seed(config.seed, "balance", cid, price, j)
                rng = random.Random(seed)
                test = [cid] * copies + fill_army(rng, self.pool, config.budget - copies * price)
                reference = fill_army(rng, self.pool, config.budget)
                test_player = j % 2
                armies = {
                    self.sides[test_player]: _army(
                        config.ruleset, f"{cid} x{copies} at tier {price}", config.budget,
                        test, self.tiers),
                    self.sides[1 - test_player]: _army(
                        config.ruleset, "reference", config.budget, reference, self.tiers),
                }
                options = {"armies": armies, "cards": options_cards}
                factory = RegistryGames(config.ruleset, config.scenario, options)
                jobs.append(GameJob(
                    index=len(jobs), factory=factory, seed=seed, default_kind=config.kind,
                    think=config.think, iterations=config.iterations,
                    max_moves=config.max_moves,
                ))
                tags.append(_Tag(cid, price, test_player))
            self.played[cid][price] = start + count
        return jobs, tags


def _sweep(config: BalanceConfig) -> _Sweep:
    from core.registry import get_ruleset

    if config.budget < 1:
        raise TanktableError("--budget must be at least 1")
    if config.games < 1:
        raise TanktableError("--games must be at least 1")
    if config.max_games is not None and config.max_games < config.games:
        raise TanktableError("--max-games must be at least --games")
    if config.round_games is not None and config.round_games < 1:
        raise TanktableError("--round-games must be at least 1")
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
    cards_info: dict[str, tuple[int, int]] = {}
    prices: dict[str, list[int]] = {}
    for cid in new:
        tier = tiers[cid]
        copies = max(1, (config.budget // 2) // max(1, tier))
        tested = [t for t in range(tier - config.spread, tier + config.spread + 1)
                  if t >= 1 and copies * t <= config.budget]
        if not tested:
            tested = [tier]
            copies = 1
        cards_info[cid] = (tier, copies)
        prices[cid] = tested
    return _Sweep(config, tuple(ruleset.players), tiers, pool, cards_info, prices)


def _first_round(sweep: _Sweep) -> dict[tuple[str, int], int]:
    games = sweep.config.games
    wanted: dict[tuple[str, int], int] = {}
    for cid, tested in sweep.prices.items():
        per_price = [games // len(tested)] * len(tested)
        for i in range(games % len(tested)):
            per_price[(len(tested) // 2 + i) % len(tested)] += 1  # extra games near the own tier
        for price, count in zip(tested, per_price, strict=True):
            if count:
                wanted[(cid, price)] = count
    return wanted


def plan_balance(config: BalanceConfig) -> tuple[list[GameJob], list[_Tag], dict[str, tuple[int, int]]]:
    """The first round of games; returns jobs, what each job measures, and per card (tier, copies)."""
    sweep = _sweep(config)
    jobs, tags = sweep.jobs(_first_round(sweep))
    return jobs, tags, sweep.cards_info


def fit_fair_tier(points: Sequence[TierPoint]) -> Fit | None:
    """The price at which the fitted win probability is 1/2, with its 95% interval.

    ``None`` without a downward slope. The interval is ``fair +- 1.96 se`` with
    ``se`` from the inverse Fisher information through ``d(-a/b)``.
    """
    data = [(p.tier, p.wins + 0.5 * p.draws + 0.5, p.games + 1.0) for p in points if p.games]
    if len({x for x, _, _ in data}) < 2:
        return None
    a = b = 0.0
    h00 = h01 = h11 = 0.0
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
    fair = -a / b
    det = h00 * h11 - h01 * h01
    d0, d1 = -1.0 / b, a / (b * b)
    var = (d0 * d0 * h11 - 2 * d0 * d1 * h01 + d1 * d1 * h00) / det if det > 1e-12 else math.inf
    half = Z95 * math.sqrt(max(0.0, var))
    return Fit(fair, fair - half, fair + half)


def fair_tier(points: Sequence[TierPoint]) -> float | None:
    """The price at which the fitted win probability is 1/2 (``None`` if no downward slope)."""
    fit = fit_fair_tier(points)
    return fit.fair if fit else None


def _games_to_leave_half(point: TierPoint) -> int | None:
    """Games at this price for its interval to clear 50%, if its score stays (``None``: never)."""
    gap = abs(point.score - 0.5)
    if gap < 0.01:
        return None
    p = point.score
    return math.ceil(Z95 * Z95 * max(p * (1 - p), 0.01) / (gap * gap))


def _round_up(n: float) -> int:
    step = 10 if n < 200 else 50 if n < 1000 else 500
    return int(math.ceil(n / step) * step)


def card_report(card: str, tier: int, copies: int, points: list[TierPoint], budget: int) -> CardReport:
    """The verdict on one card from its tallies (see the module doc for the rules)."""
    played = [p for p in points if p.games]
    tested = [p.tier for p in played]
    total = sum(p.games for p in played)
    fit = fit_fair_tier(played)
    above = [p for p in played if p.interval[0] > 0.5]
    below = [p for p in played if p.interval[1] < 0.5]
    # best guess, whatever the verdict
    if fit is not None:
        leaning = min(budget, max(1, min(tested) - 1, min(max(tested) + 1, round(fit.fair))))
    else:
        best = min(played, key=lambda p: (abs(p.score - 0.5), abs(p.tier - tier)))
        leaning = best.tier
    if played and len(above) == len(played):
        return CardReport(card, tier, copies, tuple(points), fit.fair if fit else None, None,
                          f"wins clearly at every tested price: dearer than {max(tested)} "
                          "(widen --spread)", "beyond",
                          (fit.low, fit.high) if fit else None, None,
                          min(budget, max(tested) + 1))
    if played and len(below) == len(played):
        return CardReport(card, tier, copies, tuple(points), fit.fair if fit else None, None,
                          f"loses clearly at every tested price: cheaper than {min(tested)} "
                          "(widen --spread)", "beyond",
                          (fit.low, fit.high) if fit else None, None, max(1, min(tested) - 1))
    reasons: list[str] = []
    needs: list[int | None] = []
    if fit is None:
        reasons.append("no falling trend in the win rates")
        needs.append(None)
    else:
        if round(fit.low) != round(fit.high):
            reasons.append("the fair tier's 95% interval spans more than one tier")
            half = (fit.high - fit.low) / 2
            target = max(0.2, 0.5 - abs(fit.fair - round(fit.fair)))
            needs.append(_round_up(total * (half / target) ** 2 - total) if half < 1e6 else None)
        if not min(tested) - 0.5 <= fit.fair <= max(tested) + 0.5:
            reasons.append(f"the fit crosses 50% at {fit.fair:.2f}, outside the tested prices "
                           "(widen --spread)")
    if not above or not below:
        side = "above" if not above else "below"
        edge = fit is not None and (fit.fair >= max(tested) - 0.5 if side == "below"
                                    else fit.fair <= min(tested) + 0.5)
        reasons.append(f"no tested price is clearly {side} 50%"
                       + (" (the crossing is at the edge: widen --spread)" if edge else ""))
        candidates = [p for p in played if (p.score > 0.5) == (side == "above")]
        gaps = [_games_to_leave_half(p) for p in candidates]
        known = [g - p.games for g, p in zip(gaps, candidates, strict=True) if g is not None]
        needs.append(_round_up(max(0, min(known)) * len(played)) if known else None)
    fair = fit.fair if fit else None
    interval = (fit.low, fit.high) if fit else None
    if not reasons:
        assert fit is not None
        suggested = min(budget, max(1, round(fit.fair)))
        return CardReport(card, tier, copies, tuple(points), fair, suggested, "logistic fit",
                          "decided", interval, None, suggested)
    more = None if any(n is None for n in needs) else max(n for n in needs if n is not None)
    return CardReport(card, tier, copies, tuple(points), fair, None, "; ".join(reasons),
                      "inconclusive", interval, more, leaning)


def _tally(results: Sequence[GameResult], tags: Sequence[_Tag],
           counts: dict[tuple[str, int], list[int]]) -> None:
    for result, tag in zip(results, tags, strict=True):
        slot = counts.setdefault((tag.card, tag.tier), [0, 0, 0])
        slot[0] += 1
        if tag.test_player in result.winners:
            slot[1] += 1
        elif not result.winners:
            slot[2] += 1


def _reports(counts: Mapping[tuple[str, int], list[int]],
             cards_info: Mapping[str, tuple[int, int]], budget: int) -> list[CardReport]:
    reports = []
    for cid, (tier, copies) in cards_info.items():
        points = [TierPoint(t, *counts[(c, t)]) for (c, t) in sorted(counts) if c == cid]
        reports.append(card_report(cid, tier, copies, points, budget))
    return reports


def collect(results: Sequence[GameResult], tags: Sequence[_Tag],
            cards_info: Mapping[str, tuple[int, int]], budget: int) -> list[CardReport]:
    """Per card and price: the test army's wins and draws; then the verdict."""
    counts: dict[tuple[str, int], list[int]] = {}
    _tally(results, tags, counts)
    return _reports(counts, cards_info, budget)


def _next_round(sweep: _Sweep, reports: Sequence[CardReport], cap: int,
                per_price: int) -> dict[tuple[str, int], int]:
    """More games where they can still change the verdict: the prices straddling 50%.

    When no price straddles (the fit alone is unsure), the prices next to the
    fitted crossing get them. A card never gets more than ``cap`` games in all.
    """
    wanted: dict[tuple[str, int], int] = {}
    for report in reports:
        if report.verdict != "inconclusive":
            continue
        left = cap - report.games
        if left <= 0:
            continue
        targets = [p.tier for p in report.points if p.games and p.straddles]
        if not targets:
            centre = report.fair if report.fair is not None else float(report.tier)
            tested = sorted(p.tier for p in report.points if p.games)
            targets = sorted(tested, key=lambda t: (abs(t - centre), t))[:2]
        for price in targets:
            count = min(per_price, left)
            if count <= 0:
                break
            wanted[(report.card, price)] = count
            left -= count
    return wanted


def _say_round(say: Say, number: int | None, reports: Sequence[CardReport],
               prices: Mapping[tuple[str, int], int]) -> None:
    """What a round of games found, a line a price and a card; ``number`` None: the run has
    one round only (no --until-decided), so its lines name no round."""
    head = "" if number is None else f"round {number}: "
    for report in reports:
        for point in report.points:
            if (report.card, point.tier) not in prices:
                continue
            low, high = point.interval
            say(f"{head}{report.card} at tier {point.tier}: {_n(point.wins, 'win')}, "
                f"{_n(point.draws, 'draw')} of {_n(point.games, 'game')}, {100 * point.score:.1f}% "
                f"[{100 * low:.1f}%, {100 * high:.1f}%]")
        verdict = report.verdict
        if report.suggested is not None:
            verdict += f", tier {report.suggested}"
        say(f"{head}{report.card}: {report.games} games, {verdict}")


def balance(config: BalanceConfig, workers: int = 1, dask: str | None = None,
            progress: Progress | None = None, say: Say | None = None) -> list[CardReport]:
    """Play the price sweep of every new card and give each a verdict.

    With ``config.until_decided``, rounds of games are added at the prices
    whose intervals straddle 50% until every card is decided (or beyond the
    tested prices) or has ``max_games`` games. ``say`` gets one line per
    price played and per card after every round.
    """
    sweep = _sweep(config)
    counts: dict[tuple[str, int], list[int]] = {}
    wanted = _first_round(sweep)
    cap = config.max_games if config.max_games is not None else 10 * config.games
    number = 0
    while True:
        number += 1
        jobs, tags = sweep.jobs(wanted)
        results = run_jobs(jobs, workers=workers, dask=dask, progress=progress)
        _tally(results, tags, counts)
        reports = _reports(counts, sweep.cards_info, config.budget)
        if say is not None:
            _say_round(say, number if config.until_decided else None, reports, wanted)
        if not config.until_decided:
            return reports
        per_price = config.round_games or max(4, config.games // max(
            1, max(len(p) for p in sweep.prices.values())))
        wanted = _next_round(sweep, reports, cap, per_price)
        if not wanted:
            return reports


def _n(count: int, word: str) -> str:
    """``1 win``, ``2 wins``: progress lines a person reads."""
    return f"{count} {word}{'' if count == 1 else 's'}"
