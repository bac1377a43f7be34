"""Computer players that work on any :class:`~core.game.Game`.

An agent is asked for an action in a game; it must only use what the player
to move may know, so hidden-information games are handed to it through
:meth:`~core.game.Game.determinize`. Agents are seeded: same seed, same moves.
"""

from __future__ import annotations

from core.ai.agents import Agent, GreedyAgent, RandomAgent, make_agent

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "make_agent"]
