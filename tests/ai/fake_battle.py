"""A fake army game that honours the balance contract of Battle of Tanks.

``cards(paths)`` returns cards with a ``tier``; ``new_game(scenario,
{"armies": {side: army}, "cards": [...]}, seed)`` takes inline armies. The
battle itself is one dice roll: side a wins with probability
``power_a / (power_a + power_b)``, where power sums the cards' ``power``.
Shipped cards have power = tier, so a card whose power exceeds its tier is
underpriced by exactly the difference -- a known answer for the balance sweep.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from core.dice import Dice
from core.errors import NotationError, TanktableError
from core.game import Action, Event, Game, Illegal, Outcome, Ruleset


@dataclass(frozen=True)
class Card:
    id: str
    tier: int
    power: float


SHIPPED = {c.id: c for c in (Card("scout", 1, 1.0), Card("medium", 2, 2.0), Card("heavy", 3, 3.0))}


def load_cards(paths: Sequence[Path | str]) -> dict[str, Card]:
    cards = dict(SHIPPED)
    for path in paths:
        cards.update(_cards_in(str(path)))
    return cards


@functools.lru_cache(maxsize=16)
def _cards_in(path: str) -> dict[str, Card]:
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return {item["id"]: Card(item["id"], int(item["tier"]), float(item["power"]))
            for item in data["cards"]}


@dataclass(frozen=True)
class Fight(Action):
    pass


class FakeBattle(Game[Fight]):
    ruleset_id = "fake-battle"
    players = ("a", "b")

    def __init__(self, seed: int, power: tuple[float, float]):
        super().__init__(Dice(seed), "field")
        self.power = power
        self.winner: int | None = None

    def to_move(self) -> int:
        return 0

    def decision(self) -> str:
        return "fight"

    def legal_actions(self) -> list[Fight]:
        return [Fight()]

    def _check(self, action: Fight) -> Illegal | None:
        return None

    def _apply(self, action: Fight) -> list[Event]:
        chance = 1.0 / (1.0 + math.exp(-(self.power[0] - self.power[1]) / 2))
        roll = self.dice.roll("battle", "", sides=10000).result
        self.winner = 0 if roll <= 10000 * chance else 1
        return [Event("battle", f"{self.players[self.winner]} wins")]

    def _outcome(self) -> Outcome | None:
        return None if self.winner is None else Outcome((self.winner,), "battle")

    def format_action(self, action: Fight) -> str:
        return "fight"

    def parse_action(self, text: str) -> Fight:
        if text != "fight":
            raise NotationError("say fight")
        return Fight()

    def render(self, player: int | None = None, color: bool = False) -> str:
        return f"power {self.power}"


class FakeBattleRuleset(Ruleset):
    id = "fake-battle"
    title = "Fake battle (test)"
    players = ("a", "b")
    default_scenario = "field"

    def scenarios(self) -> list[str]:
        return ["field"]

    def cards(self, extra: Sequence[Path] = ()) -> Mapping[str, Any]:
        return load_cards(extra)

    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | None = None, seed: int = 0) -> FakeBattle:
        options = options or {}
        cards = load_cards(options.get("cards", []))
        power = []
        for side in self.players:
            army = options["armies"][side]
            total = sum(cards[t["card"]].tier for t in army["tanks"])
            if total > army["budget"]:
                raise TanktableError(f"army {army['name']} over budget")
            power.append(sum(cards[t["card"]].power for t in army["tanks"]))
        return FakeBattle(seed, (power[0], power[1]))


RULESET = FakeBattleRuleset()
