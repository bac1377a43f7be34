"""The computer's reply check does not see the real game's future rolls (issue 61 point 5).

:meth:`~core.ai.mcts.MCTSAgent.best_against_every_reply` plays each candidate and
every reply on copies of the game. Those copies' dice are reseeded, as the search's
own samples are: otherwise a ruleset with dice that turns the check on would have the
computer pick a gamble exactly when the real die is about to come up well.
"""

from __future__ import annotations

from core.ai.mcts import MCTSAgent
from core.game import Event, SearchProfile
from tests.ai.games import Acknowledged, Choice


class Gamble(Acknowledged):
    """Player 0 stands (worth 0) or rolls a die: a 6 is worth 0.9 to him, anything else
    -0.4 (a bad bet on average). Player 1 then answers with one of two words, and the
    game ends with player 0's ``wait``. Perfect information for two, zero-sum, and the
    ruleset asks for the reply check."""

    ruleset_id = "gamble"
    rule = "GAMBLE-1"
    players = ("gambler", "banker")
    search_profile = SearchProfile(rollout_depth=0, reply_check=2)
    moves_to_end = 3

    def __init__(self, seed: int = 0):
        super().__init__(seed, "gamble")
        self.rolled: int | None = None

    def legal_actions(self) -> list[Choice]:
        names = (["stand", "roll"], ["ok", "fine"], ["wait"], [])[len(self.moves)]
        return [Choice(n) for n in names]

    def _apply(self, action: Choice) -> list[Event]:
        events = super()._apply(action)
        if action.name == "roll":
            self.rolled = self.dice.d6("the gamble", "gambler").result
        return events

    def _worth(self) -> float:
        if self.rolled is None:
            return 0.0
        return 0.9 if self.rolled == 6 else -0.4


def next_roll(game: Gamble) -> int:
    """What the real game's die will show next (read on a copy, the game is untouched)."""
    peek = game.clone()
    assert isinstance(peek, Gamble)
    peek.apply(Choice("roll"))
    assert peek.rolled is not None
    return peek.rolled


def test_reply_check_choice_does_not_depend_on_the_real_dice_seed() -> None:
    """Issue 61.5: games that differ only in their dice seed -- some whose next roll is a
    6, some not -- get the same choice from the same computer."""
    seeds = range(30)
    sixes = [s for s in seeds if next_roll(Gamble(s)) == 6]
    assert sixes and len(sixes) < len(seeds)  # both kinds of future are among them
    for agent_seed in range(6):
        choices = {MCTSAgent(seed=agent_seed, iterations=2, check_replies=True).choose(Gamble(s)) for s in seeds}
        assert len(choices) == 1, (agent_seed, choices)


def test_reply_check_leaves_the_real_dice_alone() -> None:
    """Issue 61.5: the check rolls on its copies only; the real game's next roll and its
    roll log are what they were."""
    game = Gamble(7)
    before, logged = next_roll(game), len(game.dice.log)
    agent = MCTSAgent(seed=1, iterations=2, check_replies=True)
    agent.best_against_every_reply(game, 0, [Choice("roll"), Choice("stand")])
    assert set(agent.reply_values) == {Choice("roll"), Choice("stand")}
    assert next_roll(game) == before and len(game.dice.log) == logged


def test_reply_check_values_the_gamble_by_a_fresh_roll() -> None:
    """Issue 61.5: whatever the real die holds, the check's value of rolling is that of a
    roll on fresh dice -- the same for every game seed, for one computer."""
    values = set()
    for s in range(20):
        agent = MCTSAgent(seed=3, iterations=2, check_replies=True)
        agent.best_against_every_reply(Gamble(s), 0, [Choice("roll"), Choice("stand")])
        values.add(agent.reply_values[Choice("roll")])
    assert len(values) == 1 and values <= {0.9, -0.4}
