"""Does the fair tier's 95% interval hold the truth 95% of the time? (issue 60.1)

    .venv/bin/python bench/balance_interval.py [--draws 2000] [--seed 1] [--prior 0.25]

No game is played: where the truth is known, tallies are drawn. For each
scenario (tested prices, games per card split over them as ``balance``
splits its first round, and a known curve ``P(win) = 1 / (1 + exp(-b (t -
c)))`` crossing 50% at ``c``), ``--draws`` sets of binomial tallies are
drawn, and each is fitted as ``balance`` fits it. Printed per scenario:

* *old*: the delta-method interval ``fair +- 1.96 se`` that ``balance``
  printed before: how often it was printed at all (it needs a falling fit),
  and how often a printed one held ``c``;
* *new*: the likelihood-ratio interval of :func:`core.ai.balance.fit_fair_tier`
  (always given, open on a side the tallies cannot bound): how often it held
  ``c``, how often it was open, and the median width of the bounded ones.

The scenarios are the game counts met in practice: the recovery bench's 7
prices with 14 or 60 games (``bench/balance_recovery.py``), the issue's 5
prices with 20 or 40 games, long ``--until-decided`` runs, and the fake
ruleset's 250 games; with slopes from weak to steep and crossings in the
middle of the prices, at their edge and outside them. It takes about half a
minute.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.ai.balance import PRIOR, TierPoint, fit_fair_tier  # noqa: E402
from core.ai.simulate import Z95  # noqa: E402


@dataclass(frozen=True)
class Scenario:
    """Tallies at ``prices`` (``games`` in all) from a curve crossing 50% at ``cross``."""

    name: str
    prices: tuple[int, ...]
    games: int
    cross: float
    slope: float


@dataclass(frozen=True)
class Coverage:
    draws: int
    old_printed: float
    """Share of draws where the delta method gave an interval (it needs a falling fit)."""
    old_held: float
    """Share of those printed intervals that held the true crossing."""
    new_held: float
    """Share of all draws whose likelihood-ratio interval held the true crossing."""
    new_open: float
    """Share of draws whose likelihood-ratio interval is open on a side (or both)."""
    new_width: float | None
    """Median width of the bounded likelihood-ratio intervals (``None``: none bounded)."""
    old_width: float | None
    """Median width of the printed delta-method intervals."""


SEVEN = (1, 2, 3, 4, 5, 6, 7)
FIVE = (5, 6, 7, 8, 9)

SCENARIOS = (
    Scenario("recovery bench, 60 games, mid", SEVEN, 60, 4.0, -0.5),
    Scenario("recovery bench, 60 games, weak slope", SEVEN, 60, 4.0, -0.2),
    Scenario("recovery bench, 60 games, steep, edge", SEVEN, 60, 6.5, -1.0),
    Scenario("recovery bench, 60 games, crossing below", (5, 6, 7, 8, 9, 10, 11), 60, 3.5, -0.5),
    Scenario("recovery bench, 14 games, mid", SEVEN, 14, 4.0, -0.5),
    Scenario("issue's panther, 20 games", FIVE, 20, 7.5, -0.5),
    Scenario("issue's panther, 40 games, flat", FIVE, 40, 7.0, -0.1),
    Scenario("5 prices, 40 games, crossing above", FIVE, 40, 10.5, -0.8),
    Scenario("until decided, 400 games", SEVEN, 400, 4.3, -0.5),
    Scenario("fake ruleset test, 250 games", (1, 2, 3, 4, 5), 250, 4.0, -1.5),
)


def split(prices: tuple[int, ...], games: int) -> list[int]:
    """Games per price as ``balance`` plays its first round: even, extras near the middle."""
    per = [games // len(prices)] * len(prices)
    for i in range(games % len(prices)):
        per[(len(prices) // 2 + i) % len(prices)] += 1
    return per


def draw(rng: random.Random, scenario: Scenario) -> list[TierPoint]:
    """One card's tallies: binomial wins at every price from the scenario's curve."""
    points = []
    for price, games in zip(scenario.prices, split(scenario.prices, scenario.games), strict=True):
        p = 1.0 / (1.0 + math.exp(-scenario.slope * (price - scenario.cross)))
        wins = sum(rng.random() < p for _ in range(games))
        points.append(TierPoint(price, games, wins, 0))
    return points


def coverage(scenario: Scenario, draws: int, seed: int, prior: float = PRIOR) -> Coverage:
    """How often each interval holds ``scenario.cross`` over ``draws`` drawn tallies."""
    rng = random.Random(seed)
    printed = old_held = new_held = opened = 0
    new_widths: list[float] = []
    old_widths: list[float] = []
    for _ in range(draws):
        fit = fit_fair_tier(draw(rng, scenario), prior=prior)
        assert fit is not None  # two prices or more
        low = -math.inf if fit.low is None else fit.low
        high = math.inf if fit.high is None else fit.high
        new_held += low <= scenario.cross <= high
        if fit.low is None or fit.high is None:
            opened += 1
        else:
            new_widths.append(fit.high - fit.low)
        if fit.fair is not None and fit.se is not None:
            printed += 1
            old_held += abs(fit.fair - scenario.cross) <= Z95 * fit.se
            old_widths.append(2 * Z95 * fit.se)
    return Coverage(
        draws, printed / draws, old_held / printed if printed else 0.0, new_held / draws,
        opened / draws, statistics.median(new_widths) if new_widths else None,
        statistics.median(old_widths) if old_widths else None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--prior", type=float, default=PRIOR,
                        help=f"wins and losses added at every price (balance uses {PRIOR})")
    args = parser.parse_args()
    print(f"{args.draws} draws a scenario, seed {args.seed}, prior {args.prior}; "
          "coverage of the true crossing by the 95% interval", flush=True)
    print(f"{'scenario':<40} {'prices':>6} {'cross':>5} {'slope':>5}  "
          f"{'old: printed':>12} {'held':>5} {'width':>6}  "
          f"{'new: held':>9} {'open':>5} {'width':>6}", flush=True)

    def width(value: float | None) -> str:
        return f"{value:6.2f}" if value is not None else "     -"

    worst = 1.0
    for scenario in SCENARIOS:
        result = coverage(scenario, args.draws, args.seed, args.prior)
        worst = min(worst, result.new_held)
        prices = f"{scenario.prices[0]}-{scenario.prices[-1]}"
        print(f"{scenario.name:<40} {prices:>6} {scenario.cross:>5.1f} {scenario.slope:>5.1f}  "
              f"{result.old_printed:>12.1%} {result.old_held:>5.1%} {width(result.old_width)}  "
              f"{result.new_held:>9.1%} {result.new_open:>5.1%} {width(result.new_width)}",
              flush=True)
    print(f"lowest coverage of the new interval: {worst:.1%}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
