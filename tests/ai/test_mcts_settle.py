"""The search judges positions only between turns (``Game.settled``, core/ai/mcts.py)."""

from __future__ import annotations

from core.ai.mcts import MCTSAgent
from core.dice import Dice
from core.game import Event, Game, Illegal, Outcome
from tests.ai.games import Choice


class Volley(Game[Choice]):
    """Player 0 aims at x or y, then fires (one turn, two decisions); then player 1 must
    concede a loss or a win.

    Firing at y wins and at x loses, but a tank aimed at x *looks* good while the shot is
    still to come (a misleading evaluation midway through a turn, like a declared order
    judged before its path and fire)."""

    ruleset_id = "volley"
    players = ("gunner", "target")
    judged_midway = 0

    def __init__(self, seed: int = 0, settles: bool = True):
        super().__init__(Dice(seed), "volley")
        self.moves: list[str] = []
        self.settles = settles

    def to_move(self) -> int:
        return 0 if len(self.moves) < 2 else 1

    def decision(self) -> str:
        return "aim, fire, then concede"

    def legal_actions(self) -> list[Choice]:
        if not self.moves:
            return [Choice("aim-x"), Choice("aim-y")]
        if len(self.moves) == 1:
            return [Choice("fire")]
        return [Choice("concede")]

    def _check(self, action: Choice) -> Illegal | None:
        return None if action in self.legal_actions() else Illegal("VOLLEY-1", "not now")

    def _apply(self, action: Choice) -> list[Event]:
        self.moves.append(action.name)
        return [Event("choice", action.name)]

    def _outcome(self) -> Outcome | None:
        if len(self.moves) < 3:
            return None
        return Outcome((0,) if self.moves[0] == "aim-y" else (1,), "the volley decided")

    def settled(self) -> bool:
        return not self.settles or len(self.moves) != 1

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        if len(self.moves) == 1:
            Volley.judged_midway += self.settles
            value = 0.9 if self.moves[0] == "aim-x" else -0.9
            return value if player == 0 else -value
        if len(self.moves) == 2:
            value = 0.8 if self.moves[0] == "aim-y" else -0.8
            return value if player == 0 else -value
        return 0.0

    def format_action(self, action: Choice) -> str:
        return action.name

    def parse_action(self, text: str) -> Choice:
        return Choice(text)

    def render(self, player: int | None = None, color: bool = False) -> str:
        return " ".join(self.moves)


def test_seeding_finishes_the_turn_before_it_judges_an_action() -> None:
    """With one iteration the choice is the seeded one-ply value: aimed at x looks better
    midway, but the finished turn (fire) shows that y wins."""
    assert MCTSAgent(seed=1, iterations=1).choose(Volley()).name == "aim-y"


def test_without_settling_the_misleading_midway_value_decides() -> None:
    """The same search on a game that says every position may be judged (the default),
    and on this game with settling switched off."""
    assert MCTSAgent(seed=1, iterations=1).choose(Volley(settles=False)).name == "aim-x"
    assert MCTSAgent(seed=1, iterations=1, settle=False).choose(Volley()).name == "aim-x"


def test_the_search_never_judges_a_turn_under_way() -> None:
    Volley.judged_midway = 0
    agent = MCTSAgent(seed=2, iterations=50, halving=0)
    assert agent.choose(Volley()).name == "aim-y"
    assert Volley.judged_midway == 0
