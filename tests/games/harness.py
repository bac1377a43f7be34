"""Games of every registered ruleset between every kind of computer seat, with
the rules' invariants checked after every step and a sample of the records
replayed with verification.

Each game is number ``index`` of its ruleset: a shipped scenario, options and
a pairing of seats picked by that number, every seat seeded by it, so a
failure names a game anyone can play again. The seats are ``random``,
``greedy`` and ``mcts`` (:data:`MCTS_ITERATIONS` iterations a decision: the
same seed gives the same moves on any machine); the nine ordered pairings
rotate with the index (:func:`seats_for`), so any nine consecutive games
from a multiple of nine play each once. Random seats fuzz the rules; greedy
and search seats find the decisions a player can repeat for ever (issue 27).
A game still running after the ruleset's declared bound
(:meth:`core.game.Game.max_decisions`) counts as unfinished. After every step:

* while the game runs it has a legal action, and the one chosen passes
  ``check`` and reads back from its notation (``format_action`` then
  ``parse_action``);
* the view of the player to move is JSON-safe;
* every ``CLONE_EVERY`` steps, playing on a clone leaves the game unchanged;
* the ruleset's own invariants (:data:`INVARIANTS`): Tank Chess one tank per
  square; Battle of Tanks hit points within the card's, footprints apart and
  on the table, one chit per tank; Duel of the Giants the VP bar with this round's
  VP equal to the VP events, no Tiger destroyed, one tank per hex.

Every ``VERIFY_EVERY``-th game is written as a record, read back and replayed
with ``verify`` (what ``tanktable replay --verify`` does). The slow test and
``bench/random_games.py`` run 2,000 games per ruleset; ``make test`` a few.
"""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

CLONE_EVERY = 25
VERIFY_EVERY = 20
KINDS = ("random", "greedy", "mcts")
PAIRINGS: tuple[tuple[str, str], ...] = tuple((a, b) for a in KINDS for b in KINDS)
"""Every ordered pairing of seat kinds: (first player's, second player's)."""
MCTS_ITERATIONS = 8
"""A small fixed search budget: a strong player is not the point, a search seat's
choices are (and a budget in iterations, not seconds, keeps games reproducible)."""


@dataclass(frozen=True)
class GameResult:
    """What one random game showed."""

    ruleset: str
    index: int
    steps: int
    finished: bool
    verified: bool
    crash: str | None = None
    seats: tuple[str, ...] = ()
    """The kind of each player's seat, by player number."""
    bound: int | None = None
    """The ruleset's declared most decisions for this game (``max_decisions``)."""
    termination: str | None = None
    """How a finished game ended (``Termination`` value: ``rules``, ``move_limit``...)."""


# ------------------------------------------------------------ per ruleset
def _tank_chess_options(index: int, rng: random.Random) -> Mapping[str, Any]:
    return {}


def random_army(rng: random.Random, budget: int = 20) -> dict[str, Any]:
    """A Battle of Tanks army of shipped cards within ``budget`` tier points (BT-1.1),
    drawn from ``rng``: cards are added while they fit, with a chance to stop early."""
    from rulesets.battle_of_tanks.catalogue import shipped_cards

    cards = list(shipped_cards().values())
    tanks: list[dict[str, str]] = []
    left = budget
    while True:
        choices = [c for c in cards if c.tier <= left]
        if not choices or (tanks and rng.random() < 0.25):
            break
        card = rng.choice(choices)
        tanks.append({"card": card.id})
        left -= card.tier
    return {"name": "random", "budget": budget, "tanks": tanks}


def _battle_options(index: int, rng: random.Random) -> Mapping[str, Any]:
    return {"armies": {"a": random_army(rng), "b": random_army(rng)}, "victory.max_rounds": 8}


def _duel_options(index: int, rng: random.Random) -> Mapping[str, Any]:
    return {"players": 2 + index % 3}


OPTIONS: dict[str, Callable[[int, random.Random], Mapping[str, Any]]] = {
    "tank-chess": _tank_chess_options,
    "battle-of-tanks": _battle_options,
    "duel-of-the-giants": _duel_options,
}
"""Options for game ``index`` (a ruleset not named here plays its defaults)."""


def _tank_chess_invariants(game: Any) -> None:
    pos = game.pos
    squares = [pos.sq[p] for p in range(len(pos.kind)) if pos.alive[p] and pos.sq[p] >= 0]
    assert len(squares) == len(set(squares)), "two tanks on one square"
    for p in range(len(pos.kind)):
        if pos.sq[p] >= 0:
            assert pos.cell[pos.sq[p]] == p + 1, f"tank {p} is not on its square's cell"


def _battle_invariants(game: Any) -> None:
    import shapely

    for t in game.tanks:
        assert 0 <= t.hp <= t.card.hit_points, f"{t.key} has {t.hp} HP (BT-6.5)"
    prints = [t.footprint() for t in game.tanks]
    for i, j in combinations(range(len(prints)), 2):
        assert shapely.area(shapely.intersection(prints[i], prints[j])) < 1e-6, "footprints overlap (BT-5.1)"
    for fp in prints:
        assert game.field.bounds.covers(fp), "a tank left the table (BT-5.1)"
    problems = game.chit_problems()
    assert not problems, problems


def _duel_invariants(game: Any) -> None:
    from rulesets.duel_of_the_giants.vp import totals

    tot = totals(game)
    bar = game.net_vp + game.round_vp["german"] - game.round_vp["soviet"]  # this round is added after phase D
    assert bar == tot["german"] - tot["soviet"], "the VP bar and this round's VP are not the sum of the VP events (DG-6.1)"
    assert all(not t.destroyed for t in game.tigers()), "a Tiger was destroyed (DG-17)"
    hexes = [t.pos for t in game.tanks.values()]
    assert len(hexes) == len(set(hexes)), "two tanks in one hex"


INVARIANTS: dict[str, Callable[[Any], None]] = {
    "tank-chess": _tank_chess_invariants,
    "battle-of-tanks": _battle_invariants,
    "duel-of-the-giants": _duel_invariants,
}


# ------------------------------------------------------------------ seats
def seats_for(index: int, players: int) -> tuple[str, ...]:
    """The seat kinds of game ``index``: pairing ``(index + index // 9) % 9``, so
    games 9k..9k+8 play every pairing once and, block after block, every pairing
    meets every scenario and option that cycles with the index. With more than two
    players, even player numbers take the pairing's first kind, odd the second."""
    first, second = PAIRINGS[(index + index // len(PAIRINGS)) % len(PAIRINGS)]
    return tuple(first if p % 2 == 0 else second for p in range(players))


def make_seat(kind: str, seed: int) -> Any:
    """A computer seat of ``kind`` (``random``, ``greedy`` or ``mcts``) seeded by ``seed``."""
    from core.ai.agents import make_agent
    from core.ai.mcts import MCTSAgent

    if kind == "mcts":
        return MCTSAgent(seed=seed, think=None, iterations=MCTS_ITERATIONS)
    return make_agent(kind, seed)


# ------------------------------------------------------------------ one game
def _state(game: Any) -> str:
    return json.dumps([game.view(None), game.to_move() if game.outcome() is None else None,
                       len(game.history)], sort_keys=True, default=str)


def play_one(ruleset_id: str, index: int, seats: tuple[str, ...] | None = None) -> GameResult:
    """Play game ``index`` of ``ruleset_id`` with every check; never raises.

    ``seats`` (one kind per player) overrides the rotation of :func:`seats_for`.
    """
    from core.game import DEFAULT_MAX_DECISIONS
    from core.record import dump_record, make_record, parse_record, replay
    from core.registry import get_ruleset

    ruleset = get_ruleset(ruleset_id)
    scenarios = ruleset.scenarios()
    scenario = scenarios[index % len(scenarios)]
    rng = random.Random(index)
    steps = 0
    kinds: tuple[str, ...] = ()
    bound: int | None = None
    try:
        options = OPTIONS.get(ruleset_id, lambda i, r: {})(index, rng)
        game = ruleset.new_game(scenario, options, index)
        players = len(game.players)
        kinds = seats if seats is not None else seats_for(index, players)
        agents = [make_seat(kinds[p % len(kinds)], index * 101 + p) for p in range(players)]
        bound = game.max_decisions()
        limit = bound if bound is not None else DEFAULT_MAX_DECISIONS
        invariants = INVARIANTS.get(ruleset_id, lambda g: None)
        invariants(game)
        while game.outcome() is None and steps < limit:
            actions = game.legal_actions()
            assert actions, "no legal action while the game runs"
            action = agents[game.to_move()].choose(game)
            illegal = game.check(action)
            assert illegal is None, f"legal action {game.format_action(action)!r} fails check: {illegal}"
            text = game.format_action(action)
            assert game.parse_action(text) == action, f"{text!r} does not read back as itself"
            json.dumps(game.view(game.to_move()))
            if steps % CLONE_EVERY == 0:
                before = _state(game)
                other = game.clone()
                other.apply(actions[rng.randrange(len(actions))])
                assert _state(game) == before, "playing on a clone changed the game"
            game.apply(action)
            invariants(game)
            steps += 1
        finished = game.outcome() is not None
        verified = False
        if finished and index % VERIFY_EVERY == 0:
            record = parse_record(dump_record(make_record(game, ruleset, scenario, index)))
            replayed = replay(record, ruleset, verify=True)
            assert _state(replayed) == _state(game), "the replayed record ends elsewhere"
            verified = True
        outcome = game.outcome()
        ended = outcome.termination.value if outcome is not None else None
        return GameResult(ruleset_id, index, steps, finished, verified, None, kinds, bound, ended)
    except Exception as exc:  # noqa: BLE001 - a crash is what this looks for
        where = traceback.extract_tb(exc.__traceback__)[-1]
        crash = (f"{ruleset_id} game {index} ({scenario}, seats {'/'.join(kinds)}), step {steps + 1}: "
                 f"{type(exc).__name__}: {exc} at {Path(where.filename).name}:{where.lineno}")
        return GameResult(ruleset_id, index, steps, False, False, crash, kinds, bound)
