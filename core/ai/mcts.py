"""Monte Carlo tree search that works on any :class:`~core.game.Game`.

The agent is an *information-set* MCTS (single-observer ISMCTS, Cowling,
Powley & Whitehouse 2012) driven by UCT:

* Every iteration starts from a fresh sample ``game.determinize(player, s)``
  -- a full game consistent with what the player to move knows -- so the
  search never reads hidden state. For perfect-information games the sample
  is a plain clone. The sample's dice are reseeded as well: future rolls and
  blind draws are unknown to a player, and a search that kept the real
  generator would "know" them (it would, say, always hold in Pig right
  before a 1).
* The tree is *open loop*: an edge is ``(player, action)``, not a state.
  Chance (dice) and hidden information are averaged over the samples, and
  one node serves every state that is reached by the same decisions. Which
  edges are legal depends on the sample, so UCB uses availability counts
  (how often an edge *could* have been chosen) instead of the parent's
  visits.
* Rollouts play uniformly random legal actions and stop after the game's
  ``search_profile.rollout_depth`` decisions; the final
  position is scored by ``game.evaluate(p)`` for every player, which is
  exact once the game is over. Rewards are kept per player, so the search
  works for any number of players (each node is scored for the player who
  decided at its parent: the "max^n" reading of UCT).

Implicit minimax backups (Lanctot et al. 2014) on exact nodes: a node also
keeps the max^n value of the evaluations below it (its own evaluation
counting while actions are untried), mixed into selection and the final
choice, so a few random replies cannot make a losing move look good.

Speed and strength with slow rulesets and hundreds of actions: the root's
actions are first seeded with their one-ply evaluation, and where the ruleset
asks for it (``search_follow_up``) an action that leaves the decision with the
same player with its best follow-ups as well (so the search is never worse
than greedy play, which looks that far); nodes whose state is the same in every
iteration cache their legal actions; the search plays its own actions with
``search_apply`` (no re-check, no events); rollouts use the ruleset's
``random_step`` if it overrides it, else draw from the last full list and
keep what ``check`` accepts. With a time budget a rollout may use 1/200 of
the budget. At an exact leaf (deterministic, perfect information) whose
``rollout_depth`` random decisions cost more than that, the leaf is
evaluated directly instead: a rollout cut off half-way ends at an arbitrary
point and adds noise, not information. Elsewhere a cut rollout still
samples dice and hidden state, and is kept. Two-player games are scored as zero-sum
(``evaluate(1) = -evaluate(0)``) unless the game's ``game_type.zero_sum`` is false.
Rollouts and the tree draw from ``search_actions`` (a ruleset may narrow
``legal_actions`` for the search there, and only there, or offer a sequence
of the player's own decisions as one action it accepts; the choice at the
root is among the actions the real game accepts).

Budgets: ``iterations`` (reproducible: same seed, same moves, on any
machine) or ``think`` seconds (inherently machine dependent: a faster
machine runs more iterations and may choose differently). A ``cap`` in
seconds bounds a reproducible budget by the wall clock: a machine fast
enough to spend the budget within the cap plays the reproducible move, a
slower or busier one stops at the cap and plays the best move found so far
(``SearchStats.capped`` says which happened). The caller's game
is never mutated: the search works on clones.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from itertools import islice, repeat
from operator import add, attrgetter, sub, truediv
from typing import Any

from core.ai.agents import own_follow_ups, reseed_dice, rolls_logged
from core.errors import TanktableError
from core.game import Action, Game

__all__ = ["PRESETS", "PRESET_BUDGETS", "MCTSAgent", "SearchStats", "worst_reply"]

PRIOR_SHARE = 0.5
"""Share of a time budget the root's one-ply seeding may use at most."""
CAP_MARGIN = 0.05
"""Share of a wall-clock cap kept back: the search stops at 95% of it, so that the
choice after it and a busy machine's scheduling stay within the cap."""
ROLLOUT_SHARE = 1 / 200
"""Share of a time budget one rollout may use (a slow ruleset still gets iterations)."""


MIN_SPREAD = 0.01
"""Floor of the value spread that scales exploration (see ``scaled``)."""

HALVING = 16
"""Sequential halving's width where neither the agent nor the game sets one."""

HALVING_SHARE = 2
"""The fewest iterations each candidate of sequential halving gets in its first round
(with an iteration budget); a smaller budget searches with plain UCB instead."""

MINIMAX_VISITS = 10
"""The minimax value also anchors the Monte Carlo mean as this many visits."""

Edge = tuple[int, Action]
"""An edge of the open-loop tree: who decided, and what."""


_VISITS = attrgetter("visits")
_TOTAL = attrgetter("total")


class _Node:
    """Statistics of one edge, and the edges below it."""

    __slots__ = ("actions", "available", "children", "mm", "mover", "static", "total",
                 "untried", "visits")

    def __init__(self) -> None:
        self.mover = -1
        self.static: list[float] | None = None  # evaluation of this state (exact nodes)
        self.mm: list[float] | None = None  # its implicit minimax (max^n) value
        self.actions: list[Action] | None = None  # cached legal actions (exact nodes only)
        self.untried: list[Action] | None = None
        self.visits = 0
        self.total = 0.0  # sum of rewards in [0, 1] for the player who chose this edge
        self.available = 0  # how often this edge was legal when its parent was visited
        self.children: dict[Edge, _Node] = {}


class SearchStats:
    """What the last search did (for benchmarks, tests and ``hint`` output)."""

    __slots__ = ("capped", "iterations", "seconds", "visits")

    def __init__(self, iterations: int, seconds: float, visits: dict[Action, int],
                 capped: bool = False):
        self.iterations = iterations
        self.seconds = seconds
        self.visits = visits
        self.capped = capped
        """The wall-clock cap stopped the search before its iteration budget was spent."""

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else float("inf")


class MCTSAgent:
    """UCT over determinized samples; see the module docstring for the method.

    ``think`` is the time budget in seconds per decision, used when
    ``iterations`` is ``None``; ``exploration`` is UCT's constant ``c`` for
    rewards in [0, 1]. ``rollout_depth`` overrides the game's own.
    ``priors`` seeds the root with one-ply evaluations; ``rollout_share``
    caps one rollout at that share of a time budget (``None``: no cap).
    ``minimax``: on exact nodes a child's value mixes its implicit minimax
    value with this weight into its Monte Carlo mean (0 turns it off).
    ``scaled``: on exact nodes the exploration term is multiplied by the
    spread of the children's values (their standard deviation, at least
    :data:`MIN_SPREAD`), so that
    small but real differences between evaluations steer the search.
    A game whose ``search_profile.scaled_chance`` is true gets the same
    scaling on the nodes below a die roll or a hidden state, from the
    children available in the sample at hand.
    ``halving``: on an exact root with more seeded actions than this, the
    budget goes to sequential halving over the best ``halving`` of them
    (0 turns it off); see :meth:`_halve`. ``None`` (the default) takes the
    game's ``search_profile.halving``, else :data:`HALVING`; a number given
    here overrides the game's (a benchmark comparing widths needs that).
    ``reference``: a reproducible budget of that many seconds' worth of
    iterations at the ruleset's reference speed (``game.search_profile.rate``
    iterations per second, measured once on a reference machine), used
    when ``iterations`` is ``None``: the CLI presets play the same moves
    for the same seed on any machine and under any load.
    ``cap``: the most seconds a reproducible budget (``iterations`` or
    ``reference``) may take on the wall clock; the search stops there and
    chooses from what it has seen (``None``: no cap). It keeps a person's
    wait bounded on a slow or busy machine (issue 28.4).
    ``check_replies``: after the search, on an exact root of a two-player zero-sum
    game, the best ``game.search_profile.reply_check`` root actions are tried
    against every reply, and the one whose strongest reply leaves the player the
    most is played (see :meth:`best_against_every_reply`). A ruleset whose profile
    leaves ``reply_check`` at 0 is searched as without it.
    ``wide_root``: a hidden-information root is seeded with each action's mean one-ply
    value over ``game.search_profile.root_samples`` samples, not one (see
    :meth:`_seed_root`); a ruleset whose profile leaves it at 1 is searched as without it.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        think: float | None = 1.0,
        iterations: int | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        priors: bool = True,
        rollout_share: float | None = ROLLOUT_SHARE,
        minimax: float = 0.5,
        scaled: bool = True,
        halving: int | None = None,
        reference: float | None = None,
        cap: float | None = None,
        check_replies: bool = False,
        wide_root: bool = False,
    ):
        if iterations is not None and iterations < 1:
            raise TanktableError("mcts needs at least one iteration")
        if reference is not None and reference <= 0:
            raise TanktableError("mcts needs a positive reference time")
        if cap is not None and cap <= 0:
            raise TanktableError("mcts needs a positive time cap")
        if iterations is None and (think is None or think <= 0):
            think = 1.0
        self.rng = random.Random(seed)
        self._reply_rng = random.Random(f"reply check {seed}")  # the reply check's dice (issue 61.5)
        self.think = think
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.priors = priors
        self.rollout_share = rollout_share
        self.minimax = minimax
        self.scaled = scaled
        self.halving = halving
        self.reference = reference
        self.cap = cap
        self.check_replies = check_replies
        self.wide_root = wide_root
        self.reply_values: dict[Action, float] = {}  # the last reply check's value of each move it tried
        self.chosen: Action | None = None  # the survivor of sequential halving, if it ran
        self.ranking: list[Action] = []  # sequential halving's candidates, best first
        self._step_cost: float | None = None  # seconds per rollout step, measured (time budgets)
        self._scale_chance = False  # the game's search_profile.scaled_chance, for the search under way
        self._cap_at: float | None = None  # when the cap stops the search under way
        self._capped = False  # the cap stopped it
        self.last: SearchStats | None = None

    # ------------------------------------------------------------------ api
    def choose(self, game: Game[Any]) -> Action:
        """The root action the search likes best once the budget is spent (by value on
        exact roots, by visits elsewhere), or, with ``check_replies``, the one of its
        best that the reply check prefers."""
        began = time.perf_counter()
        if game.outcome() is not None:
            raise TanktableError("the game is over: no action to choose")
        player = game.to_move()
        legal: list[Action] = game.legal_actions()
        if not legal:
            raise TanktableError("no legal action to choose from")
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, {legal[0]: 0})
            return legal[0]
        root = self.search(game, began)
        self.reply_values = {}
        if self.chosen is not None and (self.chosen in legal or game.check(self.chosen) is None):
            return self.chosen
        ranked = self._ranked(game, root, player, legal)
        if not ranked:
            return legal[0]
        width = game.search_profile.reply_check if self.check_replies else 0
        if width and not game.game_type.hidden_information and len(game.players) == 2 \
                and game.game_type.zero_sum:
            return self.best_against_every_reply(game, player, ranked[:width])
        return ranked[0]

    def _ranked(self, game: Game[Any], root: _Node, player: int, legal: list[Action]) -> list[Action]:
        """The root's visited actions the game takes now, best first."""
        by_value = bool(self.minimax) and not game.game_type.hidden_information
        keyed = []
        for action in _choices(game, root, player, legal):
            node = root.children[(player, action)]
            if not node.visits:
                continue
            mean = _mixed(node, player, self.minimax)
            # With minimax values the (mixed) value decides: with hundreds of actions
            # and a second, most children have one or two visits and counts say little.
            keyed.append(((mean, float(node.visits)) if by_value else (float(node.visits), mean), action))
        keyed.sort(key=lambda pair: pair[0], reverse=True)  # stable: ties keep the legal order
        return [action for _, action in keyed]

    def best_against_every_reply(self, game: Game[Any], player: int, candidates: list[Action]) -> Action:
        """Of ``candidates`` (best first), the one whose strongest reply leaves ``player``
        the most, by the evaluation after the reply: a minimax two plies deep.

        With several hundred replies to each of its moves, a sampled search sees a few
        dozen replies to most of them and can miss the one quiet reply that decides;
        this tries them all for the moves it is about to choose from. A move's
        replies are tried forcing ones first (the game's ``search_priors``) and stop
        once one leaves no more than the best move so far (the move cannot be chosen
        then), so most of the work goes to the first. Ties keep the search's order.
        The cap (if any) bounds this too: past it, the best move tried so far is
        played. ``reply_values`` keeps each tried move's value (at most that much,
        for a move whose replies stopped early).

        The copies' dice are reseeded (issue 61.5): the real game's future rolls are
        unknown to the player, and a check on plain clones would play them -- a ruleset
        with dice that asks for the check would have the computer choose by rolls it
        cannot know. Every candidate gets the same fresh seed, so the moves are
        compared under the same (sampled) luck. A game without dice is unaffected;
        the seed comes from a generator of the check's own, so the search's draws
        stay as they were.
        """
        self.reply_values = {}
        luck = self._reply_rng.getrandbits(62)
        best, best_value = candidates[0], -2.0
        for action in candidates:
            after = game.clone()
            reseed_dice(after, luck)
            after.search_apply(action)
            worst = worst_reply(after, player, best_value) if after.outcome() is None else after.evaluate(player)
            self.reply_values[action] = worst
            if worst > best_value:
                best, best_value = action, worst
            if self._out_of_time(1):
                if self.last is not None:
                    self.last.capped = True
                break
        return best

    def search(self, game: Game[Any], began: float | None = None) -> _Node:
        """Run the budget from ``game``'s position; returns the root node. A cap counts
        from ``began`` (a ``time.perf_counter()`` reading; default: now)."""
        player = game.to_move()
        base = game.clone()
        base.anchor_undo()  # the search never undoes: one anchor for every sample
        depth = self.rollout_depth
        if depth is None:
            depth = game.search_profile.rollout_depth
        n_players = len(game.players)
        exact = not game.game_type.hidden_information
        self._scale_chance = self.scaled and game.search_profile.scaled_chance
        root = _Node()
        started = time.perf_counter()
        think = float(self.think or 1.0)
        budget = self.iterations
        if budget is None and self.reference is not None:
            rate = game.search_profile.rate
            budget = max(1, game.search_profile.min_iterations, round(self.reference * rate))
        deadline = None if budget is not None else started + think
        ceiling = game.search_profile.max_iterations
        if ceiling is not None:
            budget = ceiling if budget is None else min(budget, ceiling)
        origin = started if began is None else began
        cap_at = (None if deadline is not None or self.cap is None
                  else origin + self.cap * (1.0 - CAP_MARGIN))
        self._cap_at = cap_at
        self._capped = False
        share = self.rollout_share
        rollout_time = None if deadline is None or share is None else think * share
        rng = self.rng
        self._step_cost = None
        if self.priors:
            prior_until = (started + think * PRIOR_SHARE if deadline is not None
                           else None if self.cap is None else origin + self.cap * PRIOR_SHARE)
            self._seed_root(root, base, player, exact, prior_until, n_players)
        done = 0

        def iterate(forced: Edge | None = None) -> None:
            sim = base.determinize(player, rng.getrandbits(62))
            sim.anchor_undo(base)
            reseed_dice(sim, rng.getrandbits(62))
            self._iterate(root, sim, depth, n_players, exact, rollout_time, forced)

        self.chosen = None
        self.ranking = []
        width = self.halving
        if width is None:
            width = game.search_profile.halving if game.search_profile.halving is not None else HALVING
        candidates = self._halving_candidates(root, base, player, exact or game.search_profile.halving_hidden,
                                              width, budget)
        if candidates:
            done = self._halve(root, player, candidates, iterate, budget, deadline)
        else:
            while True:
                if budget is not None and (done >= budget or self._out_of_time(done)):
                    break
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                iterate()
                done += 1
        elapsed = time.perf_counter() - started
        visits = {a: n.visits for (p, a), n in root.children.items() if p == player}
        self.last = SearchStats(done, elapsed, visits, self._capped)
        return root

    def _out_of_time(self, done: int) -> bool:
        """The wall-clock cap is reached (after at least one iteration); remembers it."""
        if self._cap_at is not None and done and time.perf_counter() >= self._cap_at:
            self._capped = True
        return self._capped

    # ------------------------------------------------------------- internals
    def _halving_candidates(self, root: _Node, game: Game[Any], player: int, halves: bool, width: int,
                            budget: int | None) -> list[Action]:
        """The best ``width`` seeded root actions that lead to different places
        (:meth:`~core.game.Game.search_destination`: of several roads to one place,
        the best seeded), when sequential halving applies (``halves``: an exact root,
        or a hidden one whose game allows it), there are more seeded actions than
        ``width``, and an iteration budget gives each candidate at least
        :data:`HALVING_SHARE` iterations in the first round: with fewer, a round
        compares single noisy playouts and drops good actions at random. Fewer than
        two places: no halving."""
        if not (width and halves and self.priors) or len(root.children) <= width:
            return []
        if budget is not None and budget < HALVING_SHARE * width * math.ceil(math.log2(width)):
            return []
        ranked = sorted(root.children.items(),
                        key=lambda kv: _mixed(kv[1], player, self.minimax), reverse=True)
        picked = _first_distinct([action for (_, action), _ in ranked], game.search_destination, width)
        return picked if len(picked) >= 2 else []

    def _halve(self, root: _Node, player: int, alive: list[Action],
               iterate: Callable[[Edge | None], None], budget: int | None,
               deadline: float | None) -> int:
        """Sequential halving at the root (Karnin, Koren & Somekh 2013).

        Each round shares its part of the budget equally among the candidates
        still in (round robin, one iteration each), then keeps the better
        half by value. Equal shares matter with an evaluation function: a
        move whose replies were looked at more often has met more of the
        opponent's good answers and looks worse than one barely examined,
        so plain UCB keeps hopping to unexamined moves and examines none
        well. Sets :attr:`chosen` to the survivor and :attr:`ranking` to the
        candidates best first (the survivor, then those dropped in the last round,
        best first, and so on back). Returns iterations done.
        """
        rounds = max(1, math.ceil(math.log2(len(alive))))
        done = 0
        dropped: list[list[Action]] = []
        for r in range(rounds):
            if self._capped:
                break
            left = rounds - r
            stop = None if budget is None else done + max(len(alive), (budget - done) // left)
            until = None
            if deadline is not None:
                now = time.perf_counter()
                until = now + max(0.0, deadline - now) / left
            i = 0
            while True:
                if stop is not None and done >= stop:
                    break
                if self._out_of_time(done):
                    break  # the cap: the last ranking of the candidates decides
                if until is not None and i >= len(alive) and time.perf_counter() >= until:
                    break
                iterate((player, alive[i % len(alive)]))
                i += 1
                done += 1
            alive.sort(key=lambda a: _mixed(root.children[(player, a)], player, self.minimax),
                       reverse=True)
            keep = max(1, (len(alive) + 1) // 2)
            dropped.append(alive[keep:])
            alive = alive[:keep]
        self.chosen = alive[0]
        self.ranking = alive + [a for group in reversed(dropped) for a in group]
        return done

    def _seed_root(self, root: _Node, base: Game[Any], player: int, exact: bool,
                   until: float | None, n_players: int) -> None:
        """Give every root action one visit worth its one-ply evaluation (and its
        follow-ups theirs, see :meth:`_seed_follow_up`).

        With hundreds of actions and a second to think, plain UCT would not
        even try each root action once; seeding makes the search at least as
        good as greedy play and spends the iterations on the promising
        actions. Stops at ``until`` (time budgets): unseeded actions stay
        untried.

        With ``wide_root`` at a hidden-information root, an action's value is its
        mean over several samples of what the player does not know (the
        profile's ``root_samples``). The seeding picks the few actions that
        sequential halving compares: judged on one sample, an action that suits
        that one deal of the hidden cards can push out one that is better
        across the deals the player may face.
        """
        rng = self.rng
        samples = max(1, base.search_profile.prior_samples)
        sample = base.determinize(player, rng.getrandbits(62))
        sample.anchor_undo(base)
        actions: list[Action] = sample.search_actions()
        order = _try_order(sample, actions, rng)  # best last
        others: list[Game[Any]] = []
        if not exact and self.wide_root:
            for _ in range(base.search_profile.root_samples - 1):
                other = base.determinize(player, rng.getrandbits(62))
                other.anchor_undo(base)
                others.append(other)
        if exact:
            root.mover, root.actions, root.untried = player, actions, []
        while order:
            if until is not None and root.children and time.perf_counter() >= until:
                if exact:
                    root.untried = order
                break
            action = order.pop()
            rewards, after = self._prior(sample, action, n_players, samples)
            if others:
                rewards = self._wide_prior(others, action, rewards, n_players, samples)
            node = _seeded(rewards, player, exact and self.minimax > 0)
            root.children[(player, action)] = node
            root.visits += 1
            if exact and after is not None:
                root.visits += self._seed_follow_up(node, after, player, n_players, samples)

    def _wide_prior(self, others: list[Game[Any]], action: Action, first: list[float],
                    n_players: int, samples: int) -> list[float]:
        """The mean of ``first`` (the one-ply value on the first sample) and ``action``'s
        value on each of ``others`` where they accept it."""
        sums, counted = list(first), 1
        for other in others:
            if other.check(action) is not None:
                continue
            rewards, _ = self._prior(other, action, n_players, samples)
            sums = [a + b for a, b in zip(sums, rewards, strict=True)]
            counted += 1
        return [x / counted for x in sums]

    def _seed_follow_up(self, node: _Node, after: Game[Any], player: int, n_players: int,
                        samples: int) -> int:
        """Seed the decisions that follow a root action by the same player, where the
        ruleset asks for it (:meth:`~core.game.Game.search_follow_up`): its best
        follow-ups by the search priors each get one visit worth their one-ply value,
        the root action's value is backed up from them, and they are the only ones the
        search goes on with there.

        An order given before the tank moves is worth what its best drive or shot
        is worth; its own evaluation says nothing yet. Seeding only the order would
        leave the search to find the drives from a handful of iterations, and a
        small budget would judge orders by chance: the search would play worse than
        greedy, which values each order by its best follow-up. Limiting the search
        to those follow-ups sends its iterations on to the opponent's answers
        instead of through the rest of some thirty drives. ``after`` is the state
        after the root action (the same in every iteration: no dice were rolled).
        Returns the visits added below ``node``.
        """
        width, actions = own_follow_ups(after, player)
        if not actions:
            return 0
        chosen = _try_order(after, actions, self.rng)[-width:]  # best last
        node.mover, node.actions, node.untried = player, chosen, []
        for action in reversed(chosen):
            rewards, state = self._prior(after, action, n_players, samples)
            child = _seeded(rewards, player, state is not None and self.minimax > 0)
            node.children[(player, action)] = child
            node.visits += 1
            node.total += rewards[player]
        best = _minimax(node, player) if self.minimax else None
        if best is not None:
            node.mm = best
        return len(chosen)

    def _prior(self, sample: Game[Any], action: Action, n_players: int,
               samples: int) -> tuple[list[float], Game[Any] | None]:
        """One-ply value of ``action``: its evaluation, or with ``samples > 1`` (a game's
        opt-in ``search_profile.prior_samples``) the mean over that many dice samples if it rolls dice
        whose outcome changes the evaluation (the first two samples differ). Also the
        state after it where that is the same whatever the dice (no roll), else ``None``."""
        rolls = rolls_logged(sample)
        sums: list[float] = []
        first: list[float] = []
        for k in range(samples):
            child_game = sample.clone()
            reseed_dice(child_game, self.rng.getrandbits(62))
            child_game.search_apply(action)
            rewards = _rewards(child_game, n_players)
            if k == 0:
                if rolls_logged(child_game) == rolls:
                    return rewards, child_game
                if samples == 1:
                    return rewards, None
                sums, first = list(rewards), rewards
                continue
            if k == 1 and all(abs(a - b) <= 1e-12 for a, b in zip(rewards, first, strict=True)):
                return first, None  # the roll does not matter to the evaluation (say, whose chit)
            sums = [a + b for a, b in zip(sums, rewards, strict=True)]
        return [x / samples for x in sums], None

    def _iterate(self, root: _Node, sim: Game[Any], depth: int, n_players: int,
                 exact: bool, rollout_time: float | None = None,
                 forced: Edge | None = None) -> None:
        """One iteration: select, expand one edge, roll out, back up.

        ``exact`` is true while the sample's state is the same in every
        iteration at this node (perfect information, and no dice rolled on
        the way down): such a node keeps its legal actions and the list of
        untried ones, and every one of its edges is always available.
        ``forced`` is the root edge to go down (sequential halving).
        """
        rng = self.rng
        c = self.exploration
        scale_chance = self._scale_chance
        node = root
        root.visits += 1
        path: list[tuple[_Node, int]] = []
        rolls = rolls_logged(sim)
        if forced is not None and not exact and sim.check(forced[1]) is not None:
            forced = None  # not open to the player in this sample: an iteration like any other
        if forced is not None:
            node = root.children[forced]
            sim.search_apply(forced[1])
            path.append((node, forced[0]))
            if exact and rolls_logged(sim) != rolls:
                exact = False
        while sim.outcome() is None:
            if exact and node.actions is not None:
                mover, actions = node.mover, node.actions
            else:
                mover = sim.to_move()
                actions = sim.search_actions()
                if exact:
                    node.mover, node.actions = mover, actions
                    node.untried = _try_order(sim, actions, rng)
            if not actions:
                break
            children = node.children
            if exact:
                untried = node.untried
                assert untried is not None
            else:
                untried = [a for a in actions if (mover, a) not in children]
                if len(untried) > 1:
                    untried = _try_order(sim, untried, rng)
            if untried:
                action = untried.pop()  # the most promising (or a random) untried action
                child = _Node()
                child.available = 1
                children[(mover, action)] = child
                sim.search_apply(action)
                path.append((child, mover))
                if exact and rolls_logged(sim) != rolls:
                    exact = False
                break
            best_child: _Node | None = None
            best_action: Action | None = None
            best_score = -math.inf
            if exact:
                # _mixed() inlined: this loop runs over hundreds of children per iteration
                alpha = self.minimax
                keep = 1.0 - alpha
                kids = list(children.values())
                visits = list(map(_VISITS, kids))
                values: list[float]
                if alpha:
                    values = []
                    for child, n in zip(kids, visits, strict=True):
                        mm = child.mm
                        if mm is not None:
                            m = mm[mover]
                            values.append(alpha * m + keep * (child.total + MINIMAX_VISITS * m)
                                          / (n + MINIMAX_VISITS))
                        else:
                            values.append(child.total / n)
                else:
                    values = list(map(truediv, map(_TOTAL, kids), visits))
                # Exploration in the units of the values at hand: evaluations of a quiet
                # position differ by hundredths, and a fixed c would drown them (the search
                # would go breadth-first through hundreds of actions).
                # The standard deviation, not max minus min: a few blunders (a move that
                # loses at once) must not make the plausible moves look alike.
                # (The sums over hundreds of children run as maps, in C, with the very
                # operations a loop would do, in its order: the same floats, the same choice.)
                if self.scaled:
                    k = len(values)
                    mean = sum(values) / k
                    spread = math.sqrt(sum(map(pow, map(sub, values, repeat(mean)), repeat(2))) / k)
                else:
                    spread = 1.0
                c_log = (c * max(spread, MIN_SPREAD)) ** 2 * math.log(node.visits)
                scores = list(map(add, values, map(math.sqrt, map(truediv, repeat(c_log), visits))))
                best = scores.index(max(scores))  # the first of the best, as a loop with ">" finds
                best_score, best_child = scores[best], kids[best]
                best_action = next(islice(children, best, None))[1]
            else:
                # Below a die roll or a hidden state, only the actions legal in this
                # sample compete; each child counts how often it was available (UCB's
                # "sleeping bandits" form).
                available = [children[(mover, action)] for action in actions]
                means = [child.total / child.visits for child in available]
                c_here = c
                if scale_chance:
                    mean = sum(means) / len(means)
                    spread = math.sqrt(sum((m - mean) ** 2 for m in means) / len(means))
                    c_here = c * max(spread, MIN_SPREAD)
                for action, child, value in zip(actions, available, means, strict=True):
                    child.available += 1
                    score = value + c_here * math.sqrt(math.log(child.available) / child.visits)
                    if score > best_score:
                        best_score, best_child, best_action = score, child, action
            assert best_child is not None and best_action is not None
            sim.search_apply(best_action)
            path.append((best_child, mover))
            node = best_child
            if exact and rolls_logged(sim) != rolls:
                exact = False
        # The leaf's own evaluation, kept on exact nodes for the minimax backup.
        leaf = path[-1][0] if path else None
        static: list[float] | None = None
        if self.minimax and exact and leaf is not None and leaf.static is None:
            static = leaf.static = leaf.mm = _rewards(sim, n_players)
        # Rollout: random play, cut off after ``depth`` decisions.
        rolled = False
        cost = self._step_cost
        affordable = (rollout_time is None or cost is None or cost * depth <= rollout_time
                      or not exact)  # a cut rollout still samples chance and hidden state
        if depth > 0 and affordable and sim.outcome() is None:
            rolled = True
            if rollout_time is None:
                self._rollout(sim, depth, {mover: actions} if path else {})
            else:
                began = time.perf_counter()
                steps = self._rollout(sim, depth, {mover: actions} if path else {},
                                      began + rollout_time)
                if steps:
                    step = (time.perf_counter() - began) / steps
                    self._step_cost = step if cost is None else 0.8 * cost + 0.2 * step
        rewards = static if static is not None and not rolled else _rewards(sim, n_players)
        for visited, who in path:
            visited.visits += 1
            visited.total += rewards[who]
        if self.minimax:
            self._back_up_minimax(path)

    @staticmethod
    def _back_up_minimax(path: list[tuple[_Node, int]]) -> None:
        """Implicit minimax backups (Lanctot et al. 2014), max^n for any number of players.

        A node's minimax value is the value of its child that is best for the
        player choosing there. While some of its actions are untried, the
        node's own evaluation stays a candidate: it already foresees the
        chooser's obvious replies (a capture of the Command Tank, say), and a
        few random replies must not wash that out.
        """
        for i in range(len(path) - 2, -1, -1):
            node = path[i][0]
            best = _minimax(node, path[i + 1][1])
            if best is None:
                return
            node.mm = best

    def _rollout(self, sim: Game[Any], depth: int, known: dict[int, list[Action]],
                 stop: float | None = None) -> int:
        """Random play for up to ``depth`` decisions, cheaply.

        A ruleset that overrides :meth:`~core.game.Game.random_step` (a cheap
        playout policy) is played with it.
        Otherwise actions are drawn from the last full list of the player to
        move and kept if ``check`` accepts them -- a move that was legal one
        turn ago usually still is, and checking one action is far cheaper
        than listing hundreds. A refused draw refreshes the list. Returns
        the number of decisions played.
        """
        rng = self.rng
        own_policy = type(sim).random_step is not Game.random_step
        for played in range(depth):
            if own_policy:
                if not sim.random_step(rng):
                    return played
            else:
                mover = sim.to_move()
                pool = known.get(mover)
                choice = None
                if pool:
                    for _ in range(2):
                        candidate = pool[rng.randrange(len(pool))]
                        if sim.check(candidate) is None:
                            choice = candidate
                            break
                if choice is None:
                    pool = sim.search_actions()
                    if not pool:
                        return played
                    known[mover] = pool
                    choice = pool[rng.randrange(len(pool))]
                sim.search_apply(choice)
            if sim.outcome() is not None or (stop is not None and time.perf_counter() >= stop):
                return played + 1
        return depth


def _choices(game: Game[Any], root: _Node, player: int, legal: list[Action]) -> list[Action]:
    """The root's actions the real game takes now: its legal ones, and the others the
    search considered (``search_actions`` may offer a sequence of the player's own
    decisions as one action, such as a whole Tiger program) that it accepts."""
    offered = set(legal)
    out = [a for a in legal if (player, a) in root.children]
    out += [a for (p, a) in root.children if p == player and a not in offered and game.check(a) is None]
    return out


def worst_reply(after: Game[Any], player: int, floor: float) -> float:
    """What the strongest reply in ``after`` leaves ``player``, by the evaluation once it is
    played, the replies tried forcing ones first. It stops at the first reply that leaves
    no more than ``floor`` (the move is beaten then): the value is at most the one given."""
    worst = 1.0
    for reply in _forcing_first(after, after.legal_actions()):
        answered = after.clone()
        answered.search_apply(reply)
        worst = min(worst, answered.evaluate(player))
        if worst <= floor:
            break
    return worst


def _forcing_first(game: Game[Any], actions: list[Action]) -> list[Action]:
    """``actions`` by the game's :meth:`~core.game.Game.search_priors`, best first (stable:
    ties and games without priors keep their order). A reply check tries forcing replies
    first, so a move that loses to one stops being examined sooner."""
    priors = game.search_priors(actions)
    if priors is None:
        return actions
    return [actions[i] for i in sorted(range(len(actions)), key=priors.__getitem__, reverse=True)]


def _first_distinct(actions: list[Action], key: Callable[[Action], Hashable], limit: int) -> list[Action]:
    """The first ``limit`` of ``actions`` (in their order) whose ``key`` no earlier one
    shares: sequential halving's candidates, one per place, and a hint's moves, one per
    variant."""
    seen: set[Hashable] = set()
    first: list[Action] = []
    for action in actions:
        k = key(action)
        if k in seen:
            continue
        seen.add(k)
        first.append(action)
        if len(first) == limit:
            break
    return first


def _try_order(game: Game[Any], actions: list[Action], rng: random.Random) -> list[Action]:
    """``actions`` in the order a search pops them from the end: the game's
    :meth:`~core.game.Game.search_priors` ascending (best last), ties and games
    without priors in random order."""
    shuffled = list(actions)
    _shuffle(shuffled, rng)
    priors = game.search_priors(shuffled)
    if priors is None:
        return shuffled
    ranked = sorted(range(len(shuffled)), key=priors.__getitem__)
    return [shuffled[i] for i in ranked]


_RANDBELOW_BY_BITS = getattr(random.Random, "_randbelow_with_getrandbits", None)


def _shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: for a plain :class:`random.Random` its very swaps, with
    its ``_randbelow`` (``getrandbits`` of the bound's bit length until a draw is
    below it) written out -- a node's hundreds of actions are shuffled when it is
    first expanded, and a call per draw costs a tenth of that."""
    kind = type(rng)
    if kind.shuffle is not random.Random.shuffle or getattr(kind, "_randbelow", None) is not _RANDBELOW_BY_BITS:
        rng.shuffle(items)
        return
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def _mixed(node: _Node, player: int, alpha: float) -> float:
    """``alpha * minimax + (1 - alpha) * mean``, the mean counting the minimax value as
    :data:`MINIMAX_VISITS` visits (a mean of one or two random replies says little)."""
    mean = node.total / node.visits if node.visits else 0.0
    if alpha and node.mm is not None:
        mm = node.mm[player]
        anchored = (node.total + MINIMAX_VISITS * mm) / (node.visits + MINIMAX_VISITS)
        return alpha * mm + (1.0 - alpha) * anchored
    return mean


def _minimax(node: _Node, chooser: int) -> list[float] | None:
    """``node``'s max^n value: the minimax value of its child best for ``chooser``, the
    player deciding there, and its own evaluation while some of its actions are untried
    (``None`` where nothing below it has one yet)."""
    best = node.static if (node.untried or node.actions is None) else None
    for child in node.children.values():
        value = child.mm
        if value is not None and (best is None or value[chooser] > best[chooser]):
            best = value
    return best


def _seeded(rewards: list[float], player: int, keep_static: bool) -> _Node:
    """A node with one visit worth ``rewards`` (its static and minimax value too where
    ``keep_static``: an exact node of a search with minimax backups)."""
    node = _Node()
    node.visits = node.available = 1
    node.total = rewards[player]
    if keep_static:
        node.static = node.mm = rewards
    return node


def _rewards(game: Game[Any], n_players: int) -> list[float]:
    """Every player's evaluation as a reward in [0, 1] (two players: zero-sum, one call)."""
    if n_players == 2 and game.game_type.zero_sum:
        value = game.evaluate(0)
        return [_unit(value), _unit(-value)]
    return [_unit(game.evaluate(p)) for p in range(n_players)]


def _unit(value: float) -> float:
    """An evaluation in [-1, 1] as a reward in [0, 1] (clamped: rulesets may overshoot)."""
    reward = (float(value) + 1.0) / 2.0
    return 0.0 if reward < 0.0 else 1.0 if reward > 1.0 else reward


def _preset(fraction: float, cap: float, thorough: bool) -> Callable[[int, float | None], MCTSAgent]:
    def make(seed: int, think: float | None) -> MCTSAgent:
        base = think if think is not None and think > 0 else 1.0
        return MCTSAgent(seed=seed, think=None, reference=base * fraction, cap=base * cap,
                         check_replies=thorough, wide_root=thorough)

    return make


PRESET_BUDGETS: dict[str, tuple[float, float]] = {
    "easy": (0.05, 0.5),
    "normal": (1.0, 3.0),
    "hard": (2.0, 4.0),
}
"""Each level's (reference seconds, cap in seconds) for ``--think 1``; both scale with ``--think``."""

THOROUGH = frozenset({"hard"})
"""The levels that try their best moves against every reply (where the ruleset's
``search_profile.reply_check`` allows it) before they play one, and seed a hidden
root over several samples (where its ``search_profile.root_samples`` asks for it)."""

PRESETS: dict[str, Callable[[int, float | None], MCTSAgent]] = {
    kind: _preset(fraction, cap, kind in THOROUGH) for kind, (fraction, cap) in PRESET_BUDGETS.items()}
"""CLI levels with reproducible budgets under a wall-clock cap (issue 28.4). With
``--think 1`` (the default): ``easy`` searches 1/20 of a second's worth of iterations
at the ruleset's reference speed (``search_profile.rate``) and answers within 0.5 s,
``normal`` a second's worth within 3 s, ``hard`` twice normal's within 4 s (every
level at least the ruleset's ``search_profile.min_iterations`` and at most its
``max_iterations``), and ``hard`` then
checks its best moves against every reply where the ruleset allows it, and seeds a
hidden root over several samples where the ruleset asks for it. Same
seed, same moves, on any machine fast enough to spend the budget within the cap;
a slower or busier machine stops at the cap and plays the best move found by then."""
