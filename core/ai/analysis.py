"""The search's advice to one player: its best moves and its estimate of the result
(issue 28.5), for ``hint`` in the terminal and the browser and the browser's
evaluation bar.

Everything is computed from what the player may know, and from a seed: the
search runs on ``game.determinize(player, seed)`` -- a game consistent with
the player's knowledge, the other sides' secrets drawn afresh -- never on the
game itself, so two games that differ only in what the player may not see
give the same advice, byte for byte (``tanktable check``'s secrets
differential compares them). The budget is a reproducible number of
iterations (:data:`HINT_REFERENCE` seconds' worth at the ruleset's reference
speed, as the ``easy`` level), with no wall-clock cap: a cap would make the
advice depend on the machine's load.

An estimate is the search's value of a move for the player, on the scale of
:meth:`~core.game.Game.evaluate`: +1 a win, -1 a loss, 0 even.

A move that leaves the decision with the same player (an order whose drive
comes next, the first step of a move made step by step) comes with the search's
plan for the rest of it: the follow-ups it went down most often. Without them
the advice "t34#1 move" would say which tank, not where to. The plan is read
off the search of the sample, with the sample's future rolls drawn afresh, so
it shows nothing of the true dice either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.ai.agents import reseed_dice, rolls_logged
from core.ai.mcts import (
    PRESET_BUDGETS,
    MCTSAgent,
    _choices,
    _first_distinct,
    _mixed,
    _Node,
    worst_reply,
)
from core.game import Action, Game

__all__ = ["HINT_REFERENCE", "PLAN_LENGTH", "Analysis", "Suggestion", "analyse"]

HINT_REFERENCE = PRESET_BUDGETS["easy"][0]
"""Reference seconds of search behind a hint (the ``easy`` level's budget): a few
tenths of a second on the development machine, cheap enough for every position
``tanktable check`` compares."""

PLAN_LENGTH = 4
"""The most follow-ups of the same player a suggestion's plan shows (a Battle of
Tanks ATTACK needs two: the drive and the targets)."""


@dataclass(frozen=True)
class Suggestion:
    """One move the search recommends, with its estimate for the player."""

    action: Action
    estimate: float
    """The search's value of the move for the player: +1 a win, -1 a loss."""
    visits: int
    """How often the search went down this move."""
    then: tuple[str, ...] = ()
    """The search's plan for the player's next decisions when the move leaves the
    decision with him (the drive after a MOVE order), in notation, in playing order; empty
    when the move ends his part or the search has no plan beyond it."""


@dataclass(frozen=True)
class Analysis:
    """The search's view of a position from one player's side."""

    player: int
    estimate: float
    """The position's value for the player (+1 a win, -1 a loss): the best move's
    estimate for the player to move, or what the other side's best reply leaves."""
    moves: tuple[Suggestion, ...]
    """The best moves, best first (only when it is the player's decision)."""


def analyse(game: Game[Any], player: int, seed: int, top: int = 3,
            reference: float = HINT_REFERENCE) -> Analysis:
    """The search's best ``top`` moves for ``player`` (when it is his decision) and its
    estimate of the result from his side, computed only from what he may know.

    The game is not changed. ``seed`` fixes every random draw: the same view and
    seed give the same analysis.
    """
    sample = game.determinize(player, seed)
    if sample.outcome() is not None or not sample.legal_actions():
        return Analysis(player, _value(sample.evaluate(player)), ())
    mover = sample.to_move()
    agent = MCTSAgent(seed=seed, think=None, reference=reference)
    root = agent.search(sample)
    exact = not sample.game_type.hidden_information
    legal = game.legal_actions() if mover == player else sample.legal_actions()
    real = game if mover == player else sample
    ranked = sorted(_choices(real, root, mover, legal),
                    key=_ranking(root, mover, agent, exact), reverse=True)
    ranked = [a for a in ranked if root.children[(mover, a)].visits]
    if not ranked:
        return Analysis(player, _value(sample.evaluate(player)), ())
    best = _mixed(root.children[(mover, ranked[0])], mover, agent.minimax)
    if mover != player:
        two_sided = len(sample.players) == 2 and sample.game_type.zero_sum
        estimate = 1.0 - best if two_sided else (sample.evaluate(player) + 1.0) / 2.0
        return Analysis(player, _value(2.0 * estimate - 1.0), ())
    ranked, after_reply = _against_every_reply(real, mover, ranked, top, seed)
    moves = tuple(Suggestion(a, _value(after_reply[a] if a in after_reply
                                       else 2.0 * _mixed(root.children[(mover, a)], mover, agent.minimax) - 1.0),
                             root.children[(mover, a)].visits, _plan(sample, root, mover, a, seed))
                  for a in _distinct_first(real, ranked, top))
    return Analysis(player, moves[0].estimate, moves)


def _against_every_reply(game: Game[Any], mover: int, ranked: list[Action], top: int,
                         seed: int) -> tuple[list[Action], dict[Action, float]]:
    """``ranked`` with its best ``game.search_profile.reply_check`` moves put in the order
    of what the opponent's strongest reply leaves the mover (a minimax two plies deep,
    as the level that checks replies plays), and those values (+1 a win, -1 a loss).

    A short search samples a few replies to each of hundreds of moves and can rate a
    move that gives CHECK into fire as good, when the one reply it missed takes the
    tank: advice a player follows. Only for an exact two-player zero-sum game whose
    profile asks for the check (Tank Chess); others are returned as they were. A move's
    replies stop once it cannot reach the first ``top`` + 2 (its value is then at most
    the one given, and it stays below them)."""
    width = game.search_profile.reply_check
    if not width or game.game_type.hidden_information or len(game.players) != 2 or not game.game_type.zero_sum:
        return ranked, {}
    keep = top + 2
    values: dict[Action, float] = {}
    for action in ranked[:width]:
        after = game.clone()
        reseed_dice(after, seed)  # the copies' future rolls are not the real game's
        after.search_apply(action)
        best = sorted(values.values(), reverse=True)
        bar = best[keep - 1] if len(best) >= keep else -2.0
        values[action] = worst_reply(after, mover, bar) if after.outcome() is None else after.evaluate(mover)
    checked = sorted(ranked[:width], key=lambda a: values[a], reverse=True)  # stable: ties keep the search's order
    return checked + ranked[width:], values


def _plan(sample: Game[Any], root: _Node, mover: int, action: Action, seed: int) -> tuple[str, ...]:
    """The follow-ups the search intends after ``action``: while the decision stays
    with ``mover``, the edge below it the search went down most often (the first of
    equals, in the order the search met them), as long as the sample accepts it.

    The plan ends where chance comes in (a die rolled, a chit drawn): what follows
    depends on the draw, and "then amx#1 move" would promise the player a chit
    the bag has not given him. Played on a copy of the sample whose future rolls
    are drawn from ``seed``, so the true dice never decide which plan is shown."""
    game = sample.clone()
    reseed_dice(game, seed)
    if game.check(action) is not None:
        return ()
    rolls = rolls_logged(game)
    game.apply(action)
    node = root.children[(mover, action)]
    plan: list[str] = []
    while len(plan) < PLAN_LENGTH and game.outcome() is None and game.to_move() == mover \
            and rolls_logged(game) == rolls:
        explored = [(child.visits, edge[1], child) for edge, child in node.children.items()
                    if edge[0] == mover and child.visits and game.check(edge[1]) is None]
        if not explored:
            break
        most = max(visits for visits, _, _ in explored)
        _, follow_up, node = next(entry for entry in explored if entry[0] == most)
        plan.append(game.format_action(follow_up))
        game.apply(follow_up)
    return tuple(plan)


def _ranking(root: _Node, mover: int, agent: MCTSAgent, exact: bool) -> Any:
    """The order the search itself ranks the moves in (as :meth:`MCTSAgent.choose`):
    after sequential halving, the order of the rounds a move survived (the survivor,
    then the last round's others, best first, ...); else, with minimax values on a
    perfect-information root, by value; else by visits."""
    by_value = bool(agent.minimax) and exact
    place = {action: len(agent.ranking) - i for i, action in enumerate(agent.ranking)}

    def key(action: Action) -> tuple[float, float, float]:
        node = root.children[(mover, action)]
        value = _mixed(node, mover, agent.minimax)
        rank = float(place.get(action, 0))
        return (rank, value, float(node.visits)) if by_value else (rank, float(node.visits), value)

    return key


def _distinct_first(game: Game[Any], ranked: list[Action], top: int) -> list[Action]:
    """The best ``top`` of ``ranked`` (best first), a second variant of one move
    (:meth:`~core.game.Game.variant_of`: the same drive with another facing) only
    where there are fewer than ``top`` distinct moves; in ranked order."""
    first = _first_distinct(ranked, game.variant_of, top)
    picked = set(first)
    if len(first) < top:
        picked.update([a for a in ranked if a not in picked][:top - len(first)])
    return [a for a in ranked if a in picked]


def _value(x: float) -> float:
    """An estimate on the evaluation's scale, clamped to [-1, 1] and rounded to what is
    shown (two decimals: no float noise reaches a player's screen)."""
    return round(max(-1.0, min(1.0, float(x))), 2)
