"""Ratings from two-player game results: Bradley–Terry on the Elo scale, with sides.

Pure functions of a list of :class:`Outcome` values (who played which side,
and the first side's score), used by ``bench/ladder.py`` and importable on
their own.

The model: the first side's expected score in a game is
``1 / (1 + 10 ** (-(d / 400)))`` where ``d`` is a difference of ratings in Elo
points (400 points = odds of 10 to 1). Two fits:

* :func:`fit_by_side` gives every level one rating **per side** (a level as
  German, the same level as Soviet): ``d = R[a, first side] - R[b, second
  side]``. It answers "how does this level do on that side", which is what
  matters when the sides differ (Duel of the Giants, Battle of Tanks, Tank
  Chess's first move).
  :meth:`SideFit.same_side` compares two levels **on the same side**: in an
  asymmetric game a level is judged against the level below it playing
  that same side, not against that level playing the other, stronger or
  weaker, side. The per-side ratings tell the side from the level only
  where games of a level against itself (both sides its own) are among the
  outcomes; with the two levels' games against each other alone, the prior
  alone would decide.
* :func:`fit_pooled` gives every level one rating and the first side one
  advantage term: ``d = R[a] - R[b] + H``.

A draw (and a game stopped unfinished, which the ladder counts as a draw)
scores half for each side: its log-likelihood is ``0.5 log p + 0.5 log(1 - p)``.

Regularisation: every parameter has a weak Gaussian prior, mean 0 and
standard deviation :data:`PRIOR_SD` (4 in natural-log odds, about 695 Elo
points), and the fit is its maximum a posteriori estimate (Newton's method on
a strictly concave function, so it always converges). The prior keeps the
ratings finite when a level never loses (maximum likelihood would send it to
infinity); with forty games between two levels it moves a difference of a few
hundred points by a few points only.

Intervals: 95%, from the observed information at the estimate (the inverse of
the negative Hessian of the log posterior), for the rating relative to the
anchor (the first level; with per-side ratings the mean of its two). Each
rating is a linear contrast of the parameters, so its variance is ``c' S c``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from core.ai.simulate import Z95, wilson

__all__ = [
    "ELO",
    "PRIOR_SD",
    "Outcome",
    "PairScore",
    "PooledFit",
    "Rating",
    "SideFit",
    "expected_score",
    "fit_by_side",
    "fit_pooled",
    "pair_score",
]

ELO = 400.0 / math.log(10.0)
"""Elo points per unit of natural-log odds."""

PRIOR_SD = 4.0
"""The prior's standard deviation of every parameter, in natural-log odds (about 695 Elo)."""

Vector = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Outcome:
    """One game: ``first`` played the first side, ``second`` the second; ``score`` is the
    first side's (1 a win, 0.5 a draw or an unfinished game, 0 a loss)."""

    first: str
    second: str
    score: float

    def __post_init__(self) -> None:
        if self.score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a score is 0, 0.5 or 1, not {self.score!r}")


@dataclass(frozen=True)
class Rating:
    """An estimate in Elo points with its 95% interval."""

    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.estimate:+.0f} [{self.low:+.0f}, {self.high:+.0f}]"


@dataclass(frozen=True)
class SideFit:
    """Every level's rating on each side; ``ratings[(level, side index)]``."""

    levels: tuple[str, ...]
    ratings: dict[tuple[str, int], Rating]
    games: int
    theta: Vector = field(repr=False, compare=False)
    covariance: Vector = field(repr=False, compare=False)

    def expected(self, first: str, second: str) -> float:
        """The fitted score of ``first`` on the first side against ``second`` on the second."""
        return expected_score(self.ratings[(first, 0)].estimate - self.ratings[(second, 1)].estimate)

    def same_side(self, level: str, other: str, side: int) -> Rating:
        """How far ``level`` on side ``side`` rates above ``other`` on that side, with its
        95% interval: the score ``level`` would make there, against any opponent,
        above ``other``'s, as a rating difference (``expected_score`` of it: the
        share of games the better of the two would win if they could meet on one side)."""
        contrast = np.zeros(len(self.theta))
        contrast[_column(self.levels, level, side)] += 1.0
        contrast[_column(self.levels, other, side)] -= 1.0
        return _rating(self.theta, self.covariance, contrast)


def _column(levels: Sequence[str], level: str, side: int) -> int:
    """The parameter of ``level`` on ``side`` in :func:`fit_by_side`'s design."""
    return 2 * levels.index(level) + side


@dataclass(frozen=True)
class PooledFit:
    """One rating per level and the first side's advantage, all in Elo points."""

    levels: tuple[str, ...]
    ratings: dict[str, Rating]
    side_advantage: Rating
    games: int

    def expected(self, first: str, second: str) -> float:
        """The fitted score of ``first`` on the first side against ``second`` on the second."""
        d = self.ratings[first].estimate - self.ratings[second].estimate
        return expected_score(d + self.side_advantage.estimate)


def expected_score(difference: float) -> float:
    """The expected score at a rating difference of ``difference`` Elo points."""
    return 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))


def _map(rows: Vector, scores: Vector, prior_sd: float) -> tuple[Vector, Vector]:
    """The maximum a posteriori parameters and their covariance (see the module docstring).

    ``rows`` is the design matrix (one row a game: the linear predictor's
    coefficients), ``scores`` the first side's scores.
    """
    n_params = rows.shape[1]
    precision = 1.0 / (prior_sd * prior_sd)
    theta = np.zeros(n_params)
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(rows @ theta)))
        gradient = rows.T @ (scores - p) - precision * theta
        information = (rows.T * (p * (1.0 - p))) @ rows + precision * np.eye(n_params)
        step = np.linalg.solve(information, gradient)
        theta = theta + step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    p = 1.0 / (1.0 + np.exp(-(rows @ theta)))
    information = (rows.T * (p * (1.0 - p))) @ rows + precision * np.eye(n_params)
    covariance: Vector = np.asarray(np.linalg.inv(information), dtype=np.float64)
    return theta, covariance


def _rating(theta: Vector, covariance: Vector, contrast: Vector) -> Rating:
    value = float(contrast @ theta)
    sd = math.sqrt(max(0.0, float(contrast @ covariance @ contrast)))
    return Rating(ELO * value, ELO * (value - Z95 * sd), ELO * (value + Z95 * sd))


def _levels(outcomes: Sequence[Outcome], levels: Iterable[str] | None) -> tuple[str, ...]:
    named = tuple(levels) if levels is not None else ()
    seen = list(named)
    for o in outcomes:
        for level in (o.first, o.second):
            if level not in seen:
                if named:
                    raise ValueError(f"{level!r} played but is not among the levels {named}")
                seen.append(level)
    if not seen:
        raise ValueError("no levels to rate")
    return tuple(seen)


def fit_by_side(outcomes: Sequence[Outcome], levels: Iterable[str] | None = None,
                prior_sd: float = PRIOR_SD) -> SideFit:
    """Each level's rating on the first side (index 0) and on the second (index 1).

    Anchored so that the mean of the first level's two ratings is 0. Level
    order: ``levels``, or the order of first appearance in ``outcomes``.
    """
    names = _levels(outcomes, levels)
    column = {(level, side): _column(names, level, side) for level in names for side in (0, 1)}
    rows = np.zeros((len(outcomes), 2 * len(names)))
    for g, o in enumerate(outcomes):
        rows[g, column[(o.first, 0)]] += 1.0
        rows[g, column[(o.second, 1)]] -= 1.0
    scores = np.array([o.score for o in outcomes], dtype=float)
    theta, covariance = _map(rows, scores, prior_sd)
    anchor = np.zeros(2 * len(names))
    anchor[[column[(names[0], 0)], column[(names[0], 1)]]] = 0.5
    ratings = {}
    for key, j in column.items():
        contrast = -anchor.copy()
        contrast[j] += 1.0
        ratings[key] = _rating(theta, covariance, contrast)
    return SideFit(names, ratings, len(outcomes), theta, covariance)


def fit_pooled(outcomes: Sequence[Outcome], levels: Iterable[str] | None = None,
               prior_sd: float = PRIOR_SD) -> PooledFit:
    """One rating per level (the first level 0) and the first side's advantage."""
    names = _levels(outcomes, levels)
    index = {level: i for i, level in enumerate(names)}
    side = len(names)
    rows = np.zeros((len(outcomes), len(names) + 1))
    for g, o in enumerate(outcomes):
        rows[g, index[o.first]] += 1.0
        rows[g, index[o.second]] -= 1.0
        rows[g, side] = 1.0
    scores = np.array([o.score for o in outcomes], dtype=float)
    theta, covariance = _map(rows, scores, prior_sd)
    ratings = {}
    for level, j in index.items():
        contrast = np.zeros(len(names) + 1)
        contrast[j] += 1.0
        contrast[0] -= 1.0
        ratings[level] = _rating(theta, covariance, contrast)
    advantage = np.zeros(len(names) + 1)
    advantage[side] = 1.0
    return PooledFit(names, ratings, _rating(theta, covariance, advantage), len(outcomes))


@dataclass(frozen=True)
class PairScore:
    """How ``level`` did against ``other`` with ``level`` on side ``side``."""

    level: str
    other: str
    side: int
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def score(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.points, self.games)


def pair_score(outcomes: Iterable[Outcome], level: str, other: str, side: int) -> PairScore:
    """Wins, draws and losses of ``level`` on side ``side`` (0 first, 1 second) against ``other``."""
    wins = draws = losses = 0
    for o in outcomes:
        if side == 0 and (o.first, o.second) == (level, other):
            mine = o.score
        elif side == 1 and (o.first, o.second) == (other, level):
            mine = 1.0 - o.score
        else:
            continue
        if mine == 1.0:
            wins += 1
        elif mine == 0.0:
            losses += 1
        else:
            draws += 1
    return PairScore(level, other, side, wins, draws, losses)
