"""The games a check plays, and what it compares of them.

Game ``i`` of a run is started from scenario ``i`` (in turn, unless one is
given) with the seed ``settings.seed + i``, so a problem names a game anyone
can play again (``tanktable play RULESET --scenario S --seed N``).
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.game import DEFAULT_MAX_DECISIONS, Action, Game, Ruleset


@dataclass(frozen=True)
class CheckSettings:
    """How much a run plays; :data:`QUICK` for tests, the defaults for a person."""

    games: int = 8
    """Games between random seats (every check but liveness samples them)."""
    samples: int = 6
    """States of each of those games at which clones, positions and secrets are checked."""
    liveness_games: int = 3
    """Games between random, greedy and mcts seats (pairings in turn)."""
    mcts_iterations: int = 8
    """The mcts seats' budget a decision: in iterations, so the same seed plays the same game."""
    mcts_priors: bool = True
    """Whether the mcts seats seed their root with one-ply evaluations (as in play)."""
    greedy_actions: int = 400
    """The most actions a greedy seat weighs at a decision (a sample of them beyond)."""
    slow_decision: float = 5.0
    """Seconds: a decision (its legal actions and its apply) slower than this fails."""
    seed: int = 0
    scenario: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


QUICK = CheckSettings(games=2, samples=3, liveness_games=3, mcts_iterations=2, mcts_priors=False,
                      greedy_actions=24)
"""``--quick``: a smoke run for a test suite (seconds, not a minute): lighter
search seats, which still choose as greedy and mcts players do."""


@dataclass
class Start:
    """Where game ``index`` starts: its scenario and seed."""

    index: int
    scenario: str | None
    seed: int

    def name(self) -> str:
        where = f"scenario {self.scenario}, " if self.scenario else ""
        return f"game {self.index} ({where}seed {self.seed})"


def start_of(ruleset: Ruleset, settings: CheckSettings, index: int) -> Start:
    scenarios = ruleset.scenarios()
    scenario = settings.scenario or (scenarios[index % len(scenarios)] if scenarios else None)
    return Start(index, scenario, settings.seed + index)


def new_game(ruleset: Ruleset, settings: CheckSettings, start: Start) -> Game[Any]:
    return ruleset.new_game(start.scenario, dict(settings.options), start.seed)


def bound_of(game: Game[Any]) -> tuple[int, str]:
    """The most decisions a game may take before a check counts it unfinished, and how
    that came about (the ruleset's :meth:`~core.game.Game.max_decisions`)."""
    bound = game.max_decisions()
    if bound is None:
        return DEFAULT_MAX_DECISIONS, f"no bound declared under these options; capped at {DEFAULT_MAX_DECISIONS:,}"
    return bound, f"bound {bound:,}"


@dataclass
class Played:
    """A game between random seats as it was played: enough to play it again."""

    start: Start
    actions: list[Action] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    """Each decision's events, as comparable text."""
    times: list[float] = field(default_factory=list)
    """Seconds of each decision: its legal actions and its apply."""
    end: str = ""
    finished: bool = False
    bound: int = 0
    bound_note: str = ""
    crash: str | None = None
    built: bool = False
    """Whether the ruleset could build the game at all (``new_game``)."""
    first: str = ""
    """The :func:`fingerprint` of the game at its start and at its end."""
    last: str = ""


def step_text(events: Any) -> str:
    return json.dumps([e.to_json() for e in events], sort_keys=True, default=str)


def fingerprint(game: Game[Any]) -> str:
    """The whole state as the protocol shows it (the omniscient view and board,
    whose decision, the moves, the outcome), as comparable text."""
    outcome = game.outcome()
    return json.dumps({
        "view": game.view(None),
        "board": game.render(None),
        "to_move": game.to_move() if outcome is None else None,
        "decision": game.decision() if outcome is None else None,
        "history": [game.format_action(s.action) for s in game.history],
        "outcome": None if outcome is None else [list(outcome.winners), outcome.reason,
                                                 outcome.termination.value],
    }, sort_keys=True, default=str)


def crash_text(exc: BaseException) -> str:
    """An exception in one line, with the place it was raised."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def play_random(ruleset: Ruleset, settings: CheckSettings, index: int) -> Played:
    """Game ``index`` between random seats to its end or its bound; never raises.

    Besides the exceptions, each decision must offer a legal action while the game
    runs, and the one chosen must pass ``check`` and read back from its notation.
    """
    import random

    start = start_of(ruleset, settings, index)
    played = Played(start)
    rng = random.Random(start.seed)
    try:
        game = new_game(ruleset, settings, start)
    except Exception as exc:  # noqa: BLE001 - reported, and the run fails if no game builds
        played.crash = f"could not build the game: {crash_text(exc)}"
        return played
    played.built = True
    try:
        played.bound, played.bound_note = bound_of(game)
        played.first = fingerprint(game)
        while game.outcome() is None and len(played.actions) < played.bound:
            began = time.perf_counter()
            actions = game.legal_actions()
            if not actions:
                played.crash = f"decision {len(played.actions) + 1}: no legal action while the game runs"
                break
            action = actions[rng.randrange(len(actions))]
            spent = time.perf_counter() - began
            illegal = game.check(action)
            if illegal is not None:
                played.crash = (f"decision {len(played.actions) + 1}: the listed action "
                                f"{game.format_action(action)!r} fails check: {illegal}")
                break
            text = game.format_action(action)
            if game.parse_action(text) != action:
                played.crash = f"decision {len(played.actions) + 1}: {text!r} does not read back as itself"
                break
            began = time.perf_counter()
            events = game.apply(action)
            played.times.append(spent + time.perf_counter() - began)
            played.actions.append(action)
            played.steps.append(step_text(events))
        played.last = fingerprint(game)
        outcome = game.outcome()
        played.finished = outcome is not None
        played.end = outcome.reason if outcome is not None else ""
    except Exception as exc:  # noqa: BLE001 - a crash is what this looks for
        played.crash = f"decision {len(played.actions) + 1}: {crash_text(exc)}"
    return played
