"""Issue 28.4: every computer level answers within its stated time budget.

A preset's budget is reproducible (reference seconds x the ruleset's search
rate) and capped by the wall clock: a fast machine plays the reproducible
move, a slow or busy one stops at the cap. The tests use a cap far below what
the budget needs, so that they do not depend on the machine's speed.
"""

from __future__ import annotations

from core.ai import make_agent
from core.ai.mcts import PRESET_BUDGETS, MCTSAgent
from core.game import SearchProfile
from core.registry import get_ruleset
from tests.ai.games import TicTacToe

HUGE = 1_000_000.0
"""Reference seconds no machine spends within the tests' caps."""


class FastRatedTicTacToe(TicTacToe):
    search_profile = SearchProfile(rate=10_000_000)


def test_issue_28_4_a_capped_search_stops_at_its_cap_not_its_budget() -> None:
    """A budget of 10^13 iterations under a cap of 0.05 s: the search stops at the cap,
    says so, and still answers with a legal move."""
    agent = MCTSAgent(seed=1, think=None, reference=HUGE, cap=0.05)
    game = FastRatedTicTacToe.from_text("x.. .o. ...")
    action = agent.choose(game)
    assert game.check(action) is None
    assert agent.last is not None and agent.last.capped
    assert 0 < agent.last.iterations < HUGE * 10_000_000
    assert agent.last.seconds < 5.0  # the budget itself would take days


def test_issue_28_4_the_cap_stops_sequential_halving_on_a_real_ruleset() -> None:
    """Battle of Tanks' opening has more orders than sequential halving keeps (8): the
    cap stops the halving rounds too, and the move chosen is legal."""
    game = get_ruleset("battle-of-tanks").new_game(None, None, 7)
    assert len(game.search_actions()) > (game.search_profile.halving or 0) > 0
    agent = MCTSAgent(seed=2, think=None, reference=HUGE, cap=0.05)
    action = agent.choose(game)
    assert game.check(action) is None
    assert agent.last is not None and agent.last.capped and agent.last.seconds < 5.0


def test_issue_28_4_a_cap_the_machine_keeps_leaves_the_move_reproducible() -> None:
    """With a cap the search never reaches, the capped agent spends the whole budget and
    plays exactly the move of the uncapped one: presets stay reproducible."""
    rated = type("RatedTicTacToe", (TicTacToe,), {"search_profile": SearchProfile(rate=400)})
    capped = MCTSAgent(seed=7, think=None, reference=0.05, cap=600.0)
    free = MCTSAgent(seed=7, think=None, reference=0.05)
    game = rated.from_text("x.. .o. ...")
    assert capped.choose(game) == free.choose(game)
    assert capped.last is not None and not capped.last.capped and capped.last.iterations == 20


def test_issue_28_4_every_preset_has_a_cap_and_hard_waits_at_most_4_s() -> None:
    """The levels as ``play`` makes them: each has a cap; hard's is 4 s a move (issue 28.4)."""
    for kind, (_, cap) in PRESET_BUDGETS.items():
        agent = make_agent(kind, seed=0)
        assert isinstance(agent, MCTSAgent) and agent.cap == cap
    assert PRESET_BUDGETS["hard"][1] == 4.0
    assert PRESET_BUDGETS["easy"][1] < PRESET_BUDGETS["normal"][1] < PRESET_BUDGETS["hard"][1]


def test_issue_28_4_simulated_games_play_presets_uncapped() -> None:
    """``simulate`` (and the ladder built on it) measures the reproducible levels: no cap,
    so a game's result never depends on the machine's load."""
    from core.ai.simulate import make_player

    for kind in PRESET_BUDGETS:
        agent = make_player(kind, seed=1, think=None, iterations=None)
        assert isinstance(agent, MCTSAgent) and agent.cap is None and agent.reference is not None
