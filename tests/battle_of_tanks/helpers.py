"""Hand-built Battle of Tanks positions for rule tests.

``make_game`` builds a game on an inline table through the public options
contract (inline armies, cards and table), then sets tanks down with
``BattleGame.place``. ``ScriptedDice`` replays fixed die results so a test
can say "the penetration die shows K, then T".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.dice import Dice, Roll
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.game import BattleGame

OPEN_TABLE: dict[str, Any] = {
    "name": "test table",
    "width_cm": 120,
    "depth_cm": 120,
    "bases": {"a": {"x": 0, "y": 0, "width": 30, "depth": 30},
              "b": {"x": 90, "y": 90, "width": 30, "depth": 30}},
    "terrain": [],
}


def card(id: str, **fields: Any) -> dict[str, Any]:
    """An inline card: a plain 3+ tank unless fields say otherwise."""
    base: dict[str, Any] = {
        "id": id, "name": id.upper(), "short": id.replace("-", ""), "tier": 5, "hit_points": 500,
        "move_cm": 40, "sight_cm": 100, "recon": "2+", "accuracy": "3+", "rate_of_fire": 1,
        "firepower": 100, "repair": "3+",
    }
    base.update(fields)
    return base


def make_game(
    a: Sequence[str],
    b: Sequence[str],
    poses: dict[str, tuple[float, float, float]] | None = None,
    terrain: Sequence[dict[str, Any]] = (),
    cards: Sequence[dict[str, Any]] = (),
    seed: int = 0,
    **settings: Any,
) -> BattleGame:
    table = dict(OPEN_TABLE, terrain=list(terrain))
    options: dict[str, Any] = {
        "table": table,
        "armies": {
            "a": {"name": "A", "budget": 100, "tanks": [{"card": c} for c in a]},
            "b": {"name": "B", "budget": 100, "tanks": [{"card": c} for c in b]},
        },
        "cards": list(cards),
    }
    options.update({k.replace("__", "."): v for k, v in settings.items()})
    game = RULESET.new_game(None, options, seed)
    assert isinstance(game, BattleGame)
    for key, (x, y, h) in (poses or {}).items():
        game.place(key, x, y, h)
    return game


def give_chit(game: BattleGame, side: str) -> None:
    """Make the chit just drawn one of ``side``'s (swapping with one in the bag)."""
    assert game.phase == "order"
    drawn = game.bag.out[-1]
    if game.tank(drawn).side != side:
        other = next(c for c in game.bag.chits if game.tank(c).side == side)
        game.bag.chits[game.bag.chits.index(other)] = drawn
        game.bag.out[-1] = other
    game.chit_side = side
    game.state_changed()


class ScriptedDice(Dice):
    """Dice that return the given results in order (then fall back to the seed)."""

    def __init__(self, results: Sequence[int], seed: int = 0):
        super().__init__(seed)
        self.script = list(results)

    def roll(self, why: str, who: str = "", sides: int = 6, need: int | None = None,
             purpose: str = Dice.ROLLS) -> Roll:
        if not self.script:
            return super().roll(why, who, sides, need, purpose)
        result = self.script.pop(0)
        assert 1 <= result <= sides, f"scripted {result} on a d{sides} ({why})"
        roll = Roll(who, why, sides, result, need)
        self.log.append(roll)
        return roll


def script(game: BattleGame, results: Sequence[int]) -> None:
    game.dice = ScriptedDice(results, game.dice.seed)


def texts(events: Sequence[Any]) -> list[str]:
    return [e.text for e in events]


FACE = {"blank": 1, "K": 3, "T": 4, "W": 5}
"""Die results that show each face of the default penetration die [blank, blank, K, T, W, W]."""
