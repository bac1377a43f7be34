"""Pig, the dice game, as a tiny ruleset for testing the core protocol.

It has dice, alternating decisions and an end, which is all the protocol's
bookkeeping (history, undo, clone, records, agents) needs to be exercised
without depending on a real ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from core.data import DataModel
from core.dice import Dice
from core.errors import NotationError
from core.game import Action, Event, Game, Illegal, Outcome, Ruleset, TableCommand
from core.options import GameOptions


@dataclass(frozen=True)
class Roll(Action):
    pass


@dataclass(frozen=True)
class Hold(Action):
    pass


class PigGame(Game[Action]):
    ruleset_id = "pig"
    players = ("red", "blue")

    def __init__(self, seed: int = 0, target: int = 20):
        super().__init__(Dice(seed), "classic", {"target": target})
        self.target = target
        self.banked = [0, 0]
        self.turn_total = 0
        self.player = 0

    def to_move(self) -> int:
        return self.player

    def decision(self) -> str:
        return "roll or hold"

    def legal_actions(self) -> list[Action]:
        return [Roll(), Hold()] if self.turn_total else [Roll()]

    def _check(self, action: Action) -> Illegal | None:
        if isinstance(action, Hold) and self.turn_total == 0:
            return Illegal("PIG-1", "you must roll at least once before holding")
        return None

    def _apply(self, action: Action) -> list[Event]:
        who = self.players[self.player]
        if isinstance(action, Roll):
            roll = self.dice.d6("pig roll", who)
            if roll.result == 1:
                self.turn_total = 0
                self.player = 1 - self.player
                return [Event("roll", f"{who} rolls 1 and loses the turn", {"result": 1})]
            self.turn_total += roll.result
            return [Event("roll", f"{who} rolls {roll.result}", {"result": roll.result})]
        self.banked[self.player] += self.turn_total
        self.turn_total = 0
        self.player = 1 - self.player
        return [Event("hold", f"{who} banks", {"banked": self.banked[1 - self.player]})]

    def _outcome(self) -> Outcome | None:
        for p in (0, 1):
            if self.banked[p] >= self.target:
                return Outcome((p,), f"{self.players[p]} reached {self.target}", tuple(map(float, self.banked)))
        return None

    def format_action(self, action: Action) -> str:
        return "roll" if isinstance(action, Roll) else "hold"

    def parse_action(self, text: str) -> Action:
        t = text.strip().lower()
        if t == "roll":
            return Roll()
        if t == "hold":
            return Hold()
        raise NotationError("say 'roll' or 'hold'")

    def describe_action(self, action: Action) -> str:
        return f"keeps {self.turn_total}" if isinstance(action, Hold) else "1 in 6 loses the turn"

    def table_commands(self) -> list[TableCommand]:
        def need(game: PigGame, player: int | None, args: str) -> str:
            who = player if player is not None else game.player
            return f"{game.players[who]} needs {game.target - game.banked[who]}"

        return [TableCommand("need", "need", "points still needed to win", need)]

    def render(self, player: int | None = None, color: bool = False) -> str:
        return f"red {self.banked[0]}  blue {self.banked[1]}  turn {self.turn_total}"

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        mine = self.banked[player] + (self.turn_total if self.player == player else 0)
        return (mine - self.banked[1 - player]) / self.target


class PigDie(DataModel):
    sides: int = Field(ge=2)
    faces: list[str] = []


class PigCard(DataModel):
    """A made-up data kind so the loader and ``validate`` can be tested."""

    ruleset: Literal["pig"]
    kind: Literal["card"]
    name: str
    speed: int = Field(ge=0)
    motto: str = ""
    die: PigDie | None = None
    tags: list[str] = []


class PigOptions(GameOptions):
    """Pig takes one option: the score that wins."""

    target: int = Field(default=20, ge=1)


class PigRuleset(Ruleset):
    id = "pig"
    title = "Pig (test game)"
    players = ("red", "blue")
    default_scenario = "classic"
    options_model = PigOptions

    def scenarios(self) -> list[str]:
        return ["classic"]

    def data_kinds(self) -> Mapping[str, Any]:
        return {"card": PigCard}

    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None, seed: int = 0) -> PigGame:
        opts = self.parse_options(options)
        assert isinstance(opts, PigOptions)
        return PigGame(seed, opts.target)


RULESET = PigRuleset()
