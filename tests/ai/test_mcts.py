"""The MCTS agent: strength on solvable positions, determinism, no peeking."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.ai import make_agent
from core.ai.agents import RandomAgent
from core.ai.mcts import PRESETS, MCTSAgent
from core.errors import TanktableError
from core.game import Event, GameType, Illegal, SearchProfile
from tests.ai.games import (
    Add,
    Choice,
    Duel,
    HighCard,
    Mark,
    Nudge,
    Orders,
    Play,
    Race,
    TicTacToe,
    Trap,
)
from tests.toy import Hold, PigGame, Roll


def test_takes_the_winning_square() -> None:
    game = TicTacToe.from_text("xx. oo. ...")
    assert MCTSAgent(seed=1, iterations=300).choose(game) == Mark(2)


def test_root_seeding_sees_one_move_wins_without_search() -> None:
    """Every root action starts with its one-ply evaluation: a win is found at once."""
    game = TicTacToe.from_text("xx. oo. ...")
    agent = MCTSAgent(seed=1, iterations=1)
    assert agent.choose(game) == Mark(2)
    root = agent.search(game)
    assert len(root.children) == 5  # every legal action seeded
    unseeded = MCTSAgent(seed=1, iterations=1, priors=False).search(game)
    assert len(unseeded.children) == 1


def test_blocks_the_losing_square() -> None:
    game = TicTacToe.from_text("xx. .o. ...")  # o to move, x threatens 2
    assert MCTSAgent(seed=1, iterations=400).choose(game) == Mark(2)


def test_three_players_each_scored_for_himself() -> None:
    """Player c at 8 of 10: adding 2 wins for c. Had the search scored every node for
    player a, it would add 1 instead (leaving 9, from which a wins)."""
    game = Race(start=8)
    game.player = 2
    assert MCTSAgent(seed=0, iterations=50).choose(game) == Add(2)


def test_does_not_mutate_the_callers_game() -> None:
    game = TicTacToe.from_text("x.. .o. ...")
    before = (list(game.board), game.player, len(game.history), game.dice.getstate())
    MCTSAgent(seed=2, iterations=200).choose(game)
    assert (list(game.board), game.player, len(game.history), game.dice.getstate()) == before


def test_same_seed_same_moves_with_an_iteration_budget() -> None:
    def play(seed: int) -> list[Mark]:
        game = TicTacToe()
        agents = [MCTSAgent(seed=seed, iterations=60), RandomAgent(seed=seed)]
        while game.outcome() is None:
            game.apply(agents[game.to_move()].choose(game))
        return [step.action for step in game.history]  # type: ignore[misc]

    assert play(5) == play(5)
    assert len({tuple(play(s)) for s in range(4)}) > 1  # the seed matters


def test_hidden_hand_of_the_opponent_is_never_read() -> None:
    """ISMCTS plays on determinize() samples: the opponent's real cards cannot matter."""
    a, b = HighCard(seed=1), HighCard(seed=1)
    a.hands = [[2, 5, 8], [1, 3, 4]]
    b.hands = [[2, 5, 8], [6, 7, 9]]
    agent_a, agent_b = MCTSAgent(seed=9, iterations=300), MCTSAgent(seed=9, iterations=300)
    assert agent_a.choose(a) == agent_b.choose(b)
    assert agent_a.last is not None and agent_b.last is not None
    assert agent_a.last.visits == agent_b.last.visits


def test_future_dice_are_not_known() -> None:
    """The samples' dice are reseeded: the real game's next rolls cannot matter."""
    games = [PigGame(seed=s) for s in (1, 2, 3)]
    for g in games:
        g.banked, g.turn_total, g.player = [11, 15], 6, 0
    agents = [MCTSAgent(seed=4, iterations=200) for _ in games]
    choices = {agent.choose(g) for agent, g in zip(agents, games, strict=True)}
    assert len(choices) == 1
    visits = [agent.last.visits for agent in agents if agent.last is not None]
    assert visits[0] == visits[1] == visits[2]


def test_pig_holds_when_one_more_bank_wins() -> None:
    game = PigGame(seed=0, target=20)
    game.banked, game.turn_total, game.player = [15, 18], 6, 0
    assert MCTSAgent(seed=0, iterations=300).choose(game) == Hold()


def test_pig_rolls_with_nothing_in_the_turn() -> None:
    game = PigGame(seed=0)
    assert MCTSAgent(seed=0, iterations=10).choose(game) == Roll()


class CountingRace(Race):
    applied = 0
    search_profile = SearchProfile(rollout_depth=0)

    def _apply(self, action: Add) -> list:  # type: ignore[type-arg]
        CountingRace.applied += 1
        return super()._apply(action)


def test_rollout_depth_comes_from_the_game() -> None:
    """``rollout_depth = 0``: one iteration applies exactly the one expanded action."""
    CountingRace.applied = 0
    MCTSAgent(seed=0, iterations=1, priors=False).search(CountingRace())
    assert CountingRace.applied == 1
    CountingRace.applied = 0
    MCTSAgent(seed=0, iterations=1, rollout_depth=30, priors=False).search(CountingRace())
    assert CountingRace.applied > 1


def test_time_budget_stops_in_time() -> None:
    agent = MCTSAgent(seed=0, think=0.05)
    agent.choose(TicTacToe())
    assert agent.last is not None
    assert agent.last.iterations >= 1
    assert agent.last.seconds < 0.5


def test_beats_random_at_tictactoe() -> None:
    """Never loses against random play, on either side."""
    for i in range(6):
        game = TicTacToe()
        mcts_side = i % 2
        agents = {mcts_side: MCTSAgent(seed=i, iterations=150), 1 - mcts_side: RandomAgent(seed=i)}
        while game.outcome() is None:
            game.apply(agents[game.to_move()].choose(game))
        outcome = game.outcome()
        assert outcome is not None
        assert outcome.winners in ((), (mcts_side,))


def test_errors_for_finished_games_and_bad_budgets() -> None:
    game = TicTacToe.from_text("xxx oo. ...")
    with pytest.raises(TanktableError):
        MCTSAgent(iterations=10).choose(game)
    with pytest.raises(TanktableError):
        MCTSAgent(iterations=0)


def test_presets_and_make_agent() -> None:
    easy, normal, hard = (make_agent(k, seed=1, think=2.0) for k in ("easy", "normal", "hard"))
    assert isinstance(easy, MCTSAgent) and isinstance(hard, MCTSAgent)
    assert isinstance(normal, MCTSAgent)
    assert easy.reference == pytest.approx(0.1) and normal.reference == 2.0
    assert hard.reference == 4.0
    assert (easy.cap, normal.cap, hard.cap) == (1.0, 6.0, 8.0)  # issue 28.4: caps scale with --think too
    assert set(PRESETS) == {"easy", "normal", "hard"}
    agent = make_agent("mcts", seed=3, think=0.5)
    assert isinstance(agent, MCTSAgent) and agent.think == 0.5 and agent.reference is None
    assert PRESETS["normal"](0, None).reference == 1.0


class RatedTicTacToe(TicTacToe):
    search_profile = SearchProfile(rate=400)


def test_presets_spend_a_reproducible_number_of_iterations() -> None:
    """A preset's budget is reference seconds x the ruleset's ``search_profile.rate``: the same
    iterations, hence the same moves for the same seed, on any machine and any load."""
    easy = PRESETS["easy"](7, None)  # 0.05 s x 400 iterations/s
    easy.choose(RatedTicTacToe.from_text("x.. .o. ..."))
    assert easy.last is not None and easy.last.iterations == 20
    plain = PRESETS["easy"](7, None)
    plain.choose(TicTacToe.from_text("x.. .o. ..."))  # no profile: the default 200/s
    assert plain.last is not None and plain.last.iterations == 10

    def moves(seed: int) -> list[Mark]:
        game = RatedTicTacToe()
        players = [PRESETS["easy"](seed, None), PRESETS["easy"](seed + 1, None)]
        while game.outcome() is None:
            game.apply(players[game.to_move()].choose(game))
        return [step.action for step in game.history]

    assert moves(3) == moves(3)
    with pytest.raises(TanktableError):
        MCTSAgent(reference=0)


def test_hidden_information_game_plays_to_the_end() -> None:
    game = HighCard(seed=3)
    agents = [MCTSAgent(seed=1, iterations=40), MCTSAgent(seed=2, iterations=40)]
    while game.outcome() is None:
        action = agents[game.to_move()].choose(game)
        assert isinstance(action, Play)
        game.apply(action)
    assert sum(game.tricks) == 3


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=6), st.integers(0, 1000))
def test_always_a_legal_move_and_no_side_effect(moves: list[int], seed: int) -> None:
    game = TicTacToe()
    for square in moves:
        if game.outcome() is None and game.board[square] is None:
            game.apply(Mark(square))
    if game.outcome() is not None:
        return
    before = (list(game.board), len(game.history))
    action = MCTSAgent(seed=seed, iterations=20).choose(game)
    assert game.is_legal(action)
    assert (list(game.board), len(game.history)) == before


def test_greedy_does_not_foresee_the_dice() -> None:
    """Greedy values a roll by fresh samples, so the real game's next roll cannot matter."""
    from core.ai.agents import GreedyAgent

    choices = set()
    for dice_seed in range(6):
        game = PigGame(seed=dice_seed)
        game.banked, game.turn_total, game.player = [5, 5], 4, 0
        choices.add(GreedyAgent(seed=3).choose(game))
    assert len(choices) == 1


class HookedRace(Race):
    """A ruleset overriding ``random_step``: rollouts must use it, not list actions."""

    hooked = 0
    listed = 0

    def random_step(self, rng: object) -> bool:
        HookedRace.hooked += 1
        actions = super().legal_actions()
        if not actions:
            return False
        self.search_apply(actions[0])
        return True

    def legal_actions(self) -> list[Add]:
        HookedRace.listed += 1
        return super().legal_actions()


def test_rollouts_use_the_rulesets_random_step() -> None:
    HookedRace.hooked = HookedRace.listed = 0
    MCTSAgent(seed=0, iterations=1, priors=False).search(HookedRace(target=20))
    assert HookedRace.hooked > 0
    assert HookedRace.listed == 1  # only the root's list for the expansion


def test_rollouts_without_the_hook_reuse_checked_lists() -> None:
    """Draw-and-check: far fewer full listings than rollout steps."""
    CountingList.listed = CountingList.steps = 0
    MCTSAgent(seed=0, iterations=20, priors=False, rollout_depth=50).search(CountingList(target=60))
    assert CountingList.steps > 100
    assert CountingList.listed < CountingList.steps / 2


class CountingList(Race):
    listed = 0
    steps = 0

    def legal_actions(self) -> list[Add]:
        CountingList.listed += 1
        return super().legal_actions()

    def _apply(self, action: Add) -> list:  # type: ignore[type-arg]
        CountingList.steps += 1
        return super()._apply(action)


class SlowRace(Race):
    def legal_actions(self) -> list[Add]:
        import time

        time.sleep(0.002)
        return super().legal_actions()


class CountingAgent(MCTSAgent):
    rollouts = 0

    def _rollout(self, *args: Any, **kwargs: Any) -> int:
        CountingAgent.rollouts += 1
        return super()._rollout(*args, **kwargs)


def test_unaffordable_rollouts_give_way_to_leaf_evaluation() -> None:
    """Time budget 0.2 s: one rollout may use 1 ms, a random step costs 2 ms, the depth is
    30: after measuring once, the search evaluates leaves instead of cutting rollouts."""
    CountingAgent.rollouts = 0
    agent = CountingAgent(seed=0, think=0.2, priors=False)
    agent.search(SlowRace(target=1000))
    assert agent.last is not None and agent.last.iterations > 5
    assert CountingAgent.rollouts == 1
    CountingAgent.rollouts = 0
    CountingAgent(seed=0, iterations=3, priors=False).search(SlowRace(target=1000))
    assert CountingAgent.rollouts == 3  # iteration budgets always roll out (reproducible)


def test_implicit_minimax_sees_through_random_replies() -> None:
    """After the bait 19 of 20 replies lose for the opponent, one wins. Averaging random
    replies likes the bait; the minimax backup keeps the evaluation (the side to move
    wins at once) until the punishing reply is found, and prefers the safe draw."""
    from tests.ai.games import Choice, Trap

    for seed in range(3):
        assert MCTSAgent(seed=seed, iterations=30).choose(Trap()) == Choice("safe")
        assert MCTSAgent(seed=seed, iterations=30, minimax=0, scaled=False).choose(Trap()) == Choice("bait")


class PriorTrap(Trap):
    """The Trap with a ruleset that knows the forcing reply at a glance."""

    def search_priors(self, actions: Sequence[Choice]) -> list[float]:
        return [1.0 if a.name == "punish" else 0.0 for a in actions]


def test_expansion_follows_the_rulesets_priors() -> None:
    """With ``search_priors`` the first expanded reply is the forcing one, not a random one."""
    game = PriorTrap(replies=40)
    game.apply(Choice("bait"))
    root = MCTSAgent(seed=5, iterations=1, priors=False).search(game)
    assert [a for (_, a) in root.children] == [Choice("punish")]
    plain = Trap(replies=40)
    plain.apply(Choice("bait"))
    firsts = {next(iter(MCTSAgent(seed=s, iterations=1, priors=False).search(plain).children))[1]
              for s in range(8)}
    assert len(firsts) > 1  # without priors: a random reply each time


class NaiveTrap(Trap):
    """A Trap whose evaluation misses the threat: after the bait it looks good for the baiter."""

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        if self.moves == ["bait"]:
            return 0.3 if player == 0 else -0.3
        return 0.0


class NaivePriorTrap(NaiveTrap, PriorTrap):
    pass


def test_priors_find_the_refutation_of_the_bait_in_few_iterations() -> None:
    """Prior-ordered replies: 'bait' is refuted by its first expanded reply, where random
    replies (199 of 200 lose for the replier) leave it looking good."""
    assert all(MCTSAgent(seed=s, iterations=4).choose(NaivePriorTrap(replies=200)) == Choice("safe")
               for s in range(5))
    assert all(MCTSAgent(seed=s, iterations=4).choose(NaiveTrap(replies=200)) == Choice("bait")
               for s in range(5))


class CheckedNaiveTrap(NaiveTrap):
    """The NaiveTrap in a ruleset whose search may check the replies to its two best moves."""

    search_profile = SearchProfile(reply_check=2)


def test_the_reply_check_finds_the_reply_the_search_missed() -> None:
    """Four iterations see a handful of the bait's 200 replies and like it; trying every
    reply finds the one that wins for the opponent (-1), and the safe draw (0) is played."""
    for s in range(5):
        checked = MCTSAgent(seed=s, iterations=4, check_replies=True)
        assert checked.choose(CheckedNaiveTrap(replies=200)) == Choice("safe")
        assert checked.reply_values[Choice("safe")] == 0.0
        assert checked.reply_values[Choice("bait")] <= 0.0  # its replies stop at the first no better
        assert MCTSAgent(seed=s, iterations=4).choose(CheckedNaiveTrap(replies=200)) == Choice("bait")


def test_a_ruleset_without_a_reply_check_is_searched_as_before() -> None:
    """``check_replies`` asks for the check; a profile's ``reply_check`` of 0 declines it."""
    agent = MCTSAgent(seed=0, iterations=4, check_replies=True)
    assert agent.choose(NaiveTrap(replies=200)) == Choice("bait")
    assert agent.reply_values == {}


def test_the_reply_check_tries_forcing_replies_first() -> None:
    """Replies in the order of the game's priors (the punishing one first, where a move
    that loses to it stops being examined), else in the game's own order."""
    from core.ai.mcts import _forcing_first

    game = PriorTrap(replies=40)
    game.apply(Choice("bait"))
    assert _forcing_first(game, list(reversed(game.legal_actions())))[0] == Choice("punish")
    plain = Trap(replies=40)
    plain.apply(Choice("bait"))
    assert _forcing_first(plain, plain.legal_actions()) == plain.legal_actions()


def test_when_every_move_loses_to_a_reply_the_one_that_loses_least_is_played() -> None:
    """Both first moves of Doomed lose to the quiet reply; meek's leaves more (-0.88
    against bold's -0.95), whichever the search liked better."""
    from tests.ai.games import Doomed

    for iterations in (1, 2, 8):
        agent = MCTSAgent(seed=0, iterations=iterations, check_replies=True)
        assert agent.choose(Doomed()) == Choice("meek")
        assert agent.reply_values[Choice("meek")] == -0.88


def test_the_reply_check_stays_within_the_cap() -> None:
    """A cap already spent stops the check after the search's favourite: it is played
    as it is, and the search reports the cap."""
    from tests.ai.games import Doomed

    agent = MCTSAgent(seed=0, iterations=2, check_replies=True, cap=1e-9)
    chosen = agent.choose(Doomed())
    assert list(agent.reply_values) == [chosen]
    assert agent.last is not None and agent.last.capped


def _seeded_values(game: Any, wide_root: bool) -> dict[str, float]:
    """Each root action's seeded value (reward 0 to 1) for the player to move."""
    from core.ai.mcts import _Node

    agent = MCTSAgent(seed=5, iterations=1, wide_root=wide_root)
    root = _Node()
    agent._seed_root(root, game.clone(), game.to_move(), False, None, 2)
    return {game.format_action(a): node.total / node.visits for (_, a), node in root.children.items()}


def test_a_wide_root_seeds_each_action_with_its_mean_over_samples() -> None:
    """On one sample of the hidden coin one face is sure (reward 1) and the rest lose; the
    wide root seeds every face with its mean over the profile's 4 samples: a quarter of
    a sure guess for each sample that showed it, so no face looks sure unless all four
    samples agree, and the values add up to what the four samples found."""
    from tests.ai.games import Guess

    game = Guess(seed=1, faces=10, root_samples=4)
    narrow = _seeded_values(game, wide_root=False)
    wide = _seeded_values(game, wide_root=True)
    loss = (1.0 - 1.0 / 10) / 2  # the reward of a wrong guess, -1/10 on the -1..+1 scale
    assert sorted(narrow.values()) == pytest.approx([loss] * 9 + [1.0])
    hits = {face: (value - loss) / (1.0 - loss) * 4 for face, value in wide.items()}
    assert all(h == pytest.approx(round(h)) for h in hits.values())
    assert sum(round(h) for h in hits.values()) == 4
    assert len([h for h in hits.values() if round(h) > 0]) >= 2


def test_a_wide_root_is_one_sample_where_the_profile_asks_for_one() -> None:
    """``root_samples`` 1 (every profile's default), or a perfect-information root: the
    seeding is the one sample's, as without ``wide_root``."""
    from tests.ai.games import Guess

    game = Guess(seed=1, faces=10, root_samples=1)
    assert _seeded_values(game, wide_root=True) == _seeded_values(game, wide_root=False)
    assert MCTSAgent(seed=2, iterations=50, wide_root=True).choose(Nudge()) == \
        MCTSAgent(seed=2, iterations=50).choose(Nudge())


def test_only_hard_seeds_its_root_wide() -> None:
    assert [PRESETS[level](0, None).wide_root for level in ("easy", "normal", "hard")] == [False, False, True]


def test_sequential_halving_shares_the_budget_among_the_best_seeded_actions() -> None:
    """An exact root with more actions than ``halving``: only the best ``halving`` by their
    seeded value get iterations, in equal shares per round, and the survivor is played."""

    agent = MCTSAgent(seed=3, iterations=160, halving=8)
    root = agent.search(Duel(width=30))
    visits = {a.amount: n.visits for (_, a), n in root.children.items()}
    assert len(visits) == 30
    top = set(range(22, 30))  # the evaluation prefers big first picks
    assert all(visits[k] == 1 for k in visits if k not in top)  # seeded, never searched
    finalists = sorted((visits[k] for k in top), reverse=True)
    assert finalists[0] - finalists[1] <= 1  # the last two shared the last round equally
    assert finalists[1] > finalists[2] > finalists[4]  # earlier leavers got less
    assert agent.chosen is not None and agent.chosen.amount in top
    assert agent.choose(Duel(width=30)) == agent.chosen


def test_sequential_halving_is_off_for_small_roots_small_budgets_and_on_request() -> None:
    """Off where the root has no more actions than the width, where the budget gives a
    candidate fewer than two iterations in the first round (8 candidates, 3 rounds: 48
    iterations at least), and with ``halving=0``."""
    for agent, game in ((MCTSAgent(seed=0, iterations=50, halving=16), Duel(width=10)),
                        (MCTSAgent(seed=0, iterations=47, halving=8), Duel(width=30)),
                        (MCTSAgent(seed=0, iterations=50, halving=0), Duel(width=30))):
        agent.search(game)
        assert agent.chosen is None
    enough = MCTSAgent(seed=0, iterations=48, halving=8)
    enough.search(Duel(width=30))
    assert enough.chosen is not None


class _Roads(Duel):
    """``Duel`` in which picks lead to places four at a time (its
    :meth:`search_destination`): thirty picks, eight places (0-3 to place 0, ...)."""

    def search_destination(self, action: Add) -> Any:
        return action.amount // 4


def test_sequential_halving_compares_places_not_roads() -> None:
    """Many actions that lead to one place (``search_destination``) give sequential
    halving one candidate, the best seeded road there: its 8 candidates are the 8
    places, where by value alone they would be the 8 best picks (22 to 29), two to four
    roads to each of three places."""
    by_value = MCTSAgent(seed=3, iterations=160, halving=8)
    by_value.search(Duel(width=30))
    assert sorted(a.amount for a in by_value.ranking) == list(range(22, 30))
    agent = MCTSAgent(seed=3, iterations=160, halving=8)
    agent.search(_Roads(width=30))
    assert sorted(a.amount // 4 for a in agent.ranking) == list(range(8))
    best_roads = {a.amount for a in agent.ranking if a.amount >= 24}
    assert best_roads == {29, 27}  # the evaluation prefers bigger picks: the best road to 6 and 7


def test_sequential_halving_is_off_when_every_road_leads_to_one_place() -> None:
    """Fewer than two places among the seeded actions: nothing to compare, no halving."""

    class OnePlace(Duel):
        def search_destination(self, action: Add) -> Any:
            return "here"

    agent = MCTSAgent(seed=0, iterations=160, halving=8)
    agent.search(OnePlace(width=30))
    assert agent.chosen is None


def test_a_game_can_set_its_own_halving_width() -> None:
    """``search_profile.halving`` of the game sets the width of an agent that sets none
    (0: plain UCB); a width given to the agent overrides the game's."""

    class NoHalving(Duel):
        search_profile = SearchProfile(halving=0)

    class Narrow(Duel):
        search_profile = SearchProfile(halving=4)

    agent = MCTSAgent(seed=0, iterations=40)
    agent.search(NoHalving(width=30))
    assert agent.chosen is None
    root = agent.search(Narrow(width=30))
    assert agent.chosen is not None
    assert sum(1 for n in root.children.values() if n.visits > 1) == 4
    plain = MCTSAgent(seed=0, iterations=40, halving=0)
    plain.search(Narrow(width=30))
    assert plain.chosen is None
    wide = MCTSAgent(seed=0, iterations=128, halving=16)
    wide.search(NoHalving(width=30))
    assert wide.chosen is not None


class SecretDuel(Duel):
    """Duel with a hidden card: the samples deal it afresh, and a sample may deny the
    first player the pick it names (a game where his root actions depend on the deal)."""

    game_type = GameType(hidden_information=True)
    search_profile = SearchProfile(halving_hidden=True)
    deals: tuple[int | None, ...] = (None, 27, 28, 29)

    def __init__(self, seed: int = 0, width: int = 30, denied: int | None = None):
        super().__init__(seed, width)
        self.denied = denied

    def legal_actions(self) -> list[Add]:
        return [a for a in super().legal_actions() if a.amount != self.denied or self.picks]

    def _check(self, action: Add) -> Illegal | None:
        if action.amount == self.denied and not self.picks:
            return Illegal("DUEL-2", "denied by the hidden card")
        return super()._check(action)

    def _apply(self, action: Add) -> list[Event]:
        assert action.amount != self.denied or self.picks, "the search played a denied pick"
        return super()._apply(action)

    def hidden_variant(self, player: int, seed: int) -> SecretDuel:
        variant = self.clone()
        variant.denied = random.Random(seed).choice(self.deals)
        return variant


def test_a_game_can_halve_at_a_hidden_information_root() -> None:
    """``search_profile.halving_hidden``: a hidden-information root gets sequential
    halving over its best seeded actions too, where plain UCB would spread the budget
    over every one; a sample that denies the player a finalist iterates as usual
    instead of playing it, and the survivor is one the real game accepts."""
    class Open(SecretDuel):
        deals = (None,)

    class Plain(Open):
        search_profile = SearchProfile()

    agent = MCTSAgent(seed=0, iterations=160, halving=8)
    root = agent.search(Open(width=30))
    assert agent.chosen is not None
    searched = {a.amount for (_, a), n in root.children.items() if n.visits > 2}
    assert len(searched) == 8 and searched <= set(range(22, 30))
    plain = MCTSAgent(seed=0, iterations=160, halving=8)
    plain.search(Plain(width=30))
    assert plain.chosen is None
    for seed in range(6):
        denied = SecretDuel(width=30, denied=29)
        choice = MCTSAgent(seed=seed, iterations=60, halving=4).choose(denied)
        assert denied.check(choice) is None


def test_a_game_can_bound_the_iterations_of_every_search() -> None:
    """``search_profile.max_iterations`` stops an iteration budget and a time budget
    alike at that many iterations (a ruleset whose search gains nothing past it)."""

    class Bounded(Duel):
        search_profile = SearchProfile(halving=0, max_iterations=30)

    counted = MCTSAgent(seed=0, iterations=100)
    counted.search(Bounded(width=10))
    assert counted.last is not None and counted.last.iterations == 30
    timed = MCTSAgent(seed=0, think=30.0)
    timed.search(Bounded(width=10))
    assert timed.last is not None and timed.last.iterations == 30 and timed.last.seconds < 5.0
    below = MCTSAgent(seed=0, iterations=20)
    below.search(Bounded(width=10))
    assert below.last is not None and below.last.iterations == 20


def test_a_game_can_raise_a_levels_budget_to_a_floor() -> None:
    """``search_profile.min_iterations`` raises a level's budget (reference seconds at the
    game's rate) to that many iterations; an explicit ``iterations`` is left alone."""

    class Floored(Duel):
        search_profile = SearchProfile(halving=0, rate=100, min_iterations=30)

    small = MCTSAgent(seed=0, think=None, reference=0.05)  # 5 iterations' worth
    small.search(Floored(width=10))
    assert small.last is not None and small.last.iterations == 30
    large = MCTSAgent(seed=0, think=None, reference=0.5)
    large.search(Floored(width=10))
    assert large.last is not None and large.last.iterations == 50
    explicit = MCTSAgent(seed=0, iterations=5)
    explicit.search(Floored(width=10))
    assert explicit.last is not None and explicit.last.iterations == 5


def test_a_game_can_scale_exploration_below_die_rolls() -> None:
    """Replies 0.02 apart below a die roll: UCB's fixed constant spreads the visits nearly
    evenly over them; with ``search_scaled_chance`` most go to the best reply."""

    def best_share(scaled_chance: bool) -> float:
        game = Nudge(replies=10, scaled_chance=scaled_chance)
        root = MCTSAgent(seed=3, iterations=400, priors=False).search(game)
        rolled = root.children[(0, Choice("roll"))]  # the replier's node, below the roll
        visits = {action.name: node.visits for (_, action), node in rolled.children.items()}
        return visits["r9"] / sum(visits.values())

    assert best_share(False) < 0.2
    assert best_share(True) > 0.8


def _reward(value: float) -> float:
    return (value + 1.0) / 2.0


def test_an_order_is_seeded_by_its_best_follow_up() -> None:
    """Where the game asks for it (``search_follow_up``), a root action after which the
    same player decides again is seeded with its follow-ups: the order alone is worth 0
    either way, and its best way to be carried out decides it with a single iteration,
    which goes down that way and finds the win."""
    for seed in range(4):
        agent = MCTSAgent(seed=seed, iterations=1)
        assert agent.choose(Orders()) == Choice("wide")
    root = MCTSAgent(seed=0, iterations=1).search(Orders())
    wide = root.children[(0, Choice("wide"))]
    assert {a.name for (_, a) in wide.children} == {f"t{i}" for i in range(20)}
    assert wide.children[(0, Choice("t7"))].visits == 2  # seeded, then the iteration
    assert wide.visits == 22 and wide.mm is not None and wide.mm[0] == 1.0
    narrow = root.children[(0, Choice("narrow"))]
    assert narrow.mm is not None and narrow.mm[0] == pytest.approx(_reward(0.1))
    assert root.visits == sum(child.visits for child in root.children.values())


def test_follow_ups_are_seeded_best_prior_first_up_to_the_games_width() -> None:
    """Only the ``search_follow_up`` best follow-ups by the search priors are seeded, and
    the search goes on with those alone (its iterations go deeper, not wider). With the
    best one among them the order is worth it; without, the best of the seeded ones."""
    found = MCTSAgent(seed=0, iterations=1).search(Orders(best=2, follow_up=3))
    wide = found.children[(0, Choice("wide"))]
    assert set(wide.children) == {(0, Choice(f"t{i}")) for i in range(3)}
    assert wide.untried == []
    assert wide.children[(0, Choice("t2"))].visits == 2  # the one iteration went its way
    assert wide.mm is not None and wide.mm[0] == 1.0  # and found the win
    missed = MCTSAgent(seed=0, iterations=1).search(Orders(best=12, follow_up=3))
    wide = missed.children[(0, Choice("wide"))]
    assert wide.mm is not None and wide.mm[0] == pytest.approx(_reward(-0.3))
    assert wide.visits == 4  # seeded only: the iteration went to narrow
    assert MCTSAgent(seed=0, iterations=1).choose(Orders(best=12, follow_up=3)) == Choice("narrow")
    for iterations in (2, 30):
        deeper = MCTSAgent(seed=0, iterations=iterations).search(Orders(best=12, follow_up=3))
        assert len(deeper.children[(0, Choice("wide"))].children) == 3


def test_without_a_follow_up_width_an_order_is_judged_alone() -> None:
    """A game that asks for no follow-up (the default, 0) seeds the root actions only."""
    root = MCTSAgent(seed=0, iterations=1).search(Orders(follow_up=0))
    assert all(not child.children for child in root.children.values()
               if child.visits == 1)
    seeded = list(root.children.values())
    assert len(seeded) == 2 and sum(child.visits for child in seeded) == 3  # one iteration
