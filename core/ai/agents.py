"""The simple agents: random and greedy (one decision ahead)."""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any, Protocol

from core.errors import TanktableError
from core.game import Action, Game


class Agent(Protocol):
    """Something that picks an action for the player to move."""

    name: str

    def choose(self, game: Game[Any]) -> Action: ...


class RandomAgent:
    """Uniformly random among the legal actions (a baseline and a fuzzer)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any]) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise TanktableError("no legal action to choose from")
        action: Action = actions[self.rng.randrange(len(actions))]
        return action


class GreedyAgent:
    """Plays the action whose resulting position the ruleset evaluates best.

    Looks one decision ahead on a determinized copy (it never reads hidden
    information), among the actions the ruleset's search considers there
    (:meth:`~core.game.Game.search_actions`). The copy's dice are reseeded: the next rolls are unknown
    to a player, and a copy of the real generator would foresee them. An
    action that rolls dice is valued by the mean over ``samples`` fresh
    rolls (a one-ply expectimax). Ties are broken at random with the agent's
    seed, so two greedy players do not repeat the same game forever.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, max_actions: int = 400, samples: int = 6,
                 prefer_priors: bool = True, follow_up: bool = True):
        self.rng = random.Random(seed)
        self.max_actions = max_actions
        self.samples = max(1, samples)
        self.prefer_priors = prefer_priors
        self.follow_up = follow_up

    def choose(self, game: Game[Any]) -> Action:
        player = game.to_move()
        base = game.determinize(player, self.rng.randrange(2**31))
        reseed_dice(base, self.rng.getrandbits(62))
        actions = base.search_actions()
        if not actions:
            raise TanktableError("no legal action to choose from")
        if len(actions) > self.max_actions:
            actions = self.rng.sample(actions, self.max_actions)
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            value = self._value(base, action, player)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        if self.prefer_priors:
            best = _preferred(base, best)
        return best[self.rng.randrange(len(best))]

    def _value(self, base: Game[Any], action: Action, player: int, follow: bool = True) -> float:
        child = base.clone()
        rolls = rolls_logged(child)
        child.search_apply(action)
        if rolls_logged(child) == rolls or self.samples == 1:
            return self._follow_up(child, player) if follow and self.follow_up else child.evaluate(player)
        total = child.evaluate(player)
        for _ in range(self.samples - 1):
            child = base.clone()
            reseed_dice(child, self.rng.getrandbits(62))
            child.search_apply(action)
            total += child.evaluate(player)
        return total / self.samples

    def _follow_up(self, child: Game[Any], player: int) -> float:
        """The child's value, or, where the same player decides again and the
        ruleset asks for it (:meth:`~core.game.Game.search_follow_up`), the value
        of the best of its next decisions (one level, no further)."""
        width, actions = own_follow_ups(child, player)
        if not actions:
            return child.evaluate(player)
        if len(actions) > width:
            priors = child.search_priors(actions)
            if priors is None:
                actions = self.rng.sample(actions, width)
            else:
                ranked = sorted(zip(priors, range(len(actions)), strict=True), reverse=True)
                actions = [actions[i] for _, i in ranked[:width]]
        return max(self._value(child, a, player, follow=False) for a in actions)


def own_follow_ups(game: Game[Any], player: int) -> tuple[int, list[Action]]:
    """How many of its next decision's actions the ruleset asks a one-decision player
    and the search's seeding to look at (:meth:`~core.game.Game.search_follow_up`), and
    those actions, where ``player`` decides again in ``game`` (the state right after
    one of his actions); ``(0, [])`` where the ruleset asks for none, the game is over
    or another player decides."""
    width = game.search_follow_up()
    if width <= 0 or game.outcome() is not None or game.to_move() != player:
        return 0, []
    return width, game.search_actions()


def _preferred(game: Game[Any], tied: list[Action]) -> list[Action]:
    """Of equally valued actions, those the ruleset's search priors rank highest."""
    if len(tied) < 2:
        return tied
    priors = game.search_priors(tied)
    if priors is None:
        return tied
    top = max(priors)
    return [action for action, prior in zip(tied, priors, strict=True) if prior >= top - 1e-12]


def rolls_logged(game: Game[Any]) -> int:
    """How many rolls the game's dice have logged (every game has :class:`~core.dice.Dice`):
    a change between two readings means chance happened in between."""
    return len(game.dice.log)


def reseed_dice(game: Game[Any], seed: int) -> None:
    """Replace a copy's future rolls by fresh ones: they are unknown to any player.

    Only for the AI's private copies; the roll log and seed label are kept.
    """
    game.dice.reseed(seed)


AGENTS: dict[str, str] = {
    "random": "core.ai.agents:RandomAgent",
    "greedy": "core.ai.agents:GreedyAgent",
    "mcts": "core.ai.mcts:MCTSAgent",
}


def make_agent(kind: str, seed: int = 0, think: float | None = None) -> Agent:
    """An agent by name (``random``, ``greedy``, ``mcts``, and presets)."""
    kind = kind.lower()
    if kind not in AGENTS:
        presets = _presets()
        if kind in presets:
            preset: Agent = presets[kind](seed, think)
            return preset
        known = ", ".join(agent_kinds())
        raise TanktableError(f"unknown player kind {kind!r} (use human, {known})")
    module, attr = AGENTS[kind].split(":")
    try:
        cls = getattr(import_module(module), attr)
    except (ImportError, AttributeError):
        raise TanktableError(f"player kind {kind!r} is not available yet") from None
    if kind == "mcts":
        return cls(seed=seed, think=think if think is not None else 1.0)  # type: ignore[no-any-return]
    return cls(seed=seed)  # type: ignore[no-any-return]


def agent_kinds() -> list[str]:
    """Every computer kind :func:`make_agent` builds: the agents, then the presets
    (what ``tanktable serve`` offers a seat, what the levels table describes)."""
    return [*AGENTS, *_presets()]


def _presets() -> dict[str, Any]:
    try:
        presets = import_module("core.ai.mcts").PRESETS
    except (ImportError, AttributeError):
        return {}
    return dict(presets)
