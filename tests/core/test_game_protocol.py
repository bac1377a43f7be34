"""The Game base class bookkeeping, exercised through the Pig test game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import IllegalActionError, NotationError, TanktableError
from core.game import Event, Outcome, Termination
from tests.toy import Hold, PigGame, Roll


def play_random(game: PigGame, choices: list[int]) -> None:
    for c in choices:
        if game.is_over():
            break
        actions = game.legal_actions()
        game.apply(actions[c % len(actions)])


def test_apply_refuses_an_illegal_action_with_its_rule() -> None:
    game = PigGame(seed=1)
    assert str(game.check(Hold())) == "you must roll at least once before holding (PIG-1)"
    with pytest.raises(IllegalActionError) as info:
        game.apply(Hold())
    assert info.value.rule == "PIG-1"
    assert game.history == []


def test_no_action_is_legal_after_the_end() -> None:
    game = PigGame(seed=3, target=5)
    while not game.is_over():
        game.apply(game.legal_actions()[-1])
    illegal = game.check(Roll())
    assert illegal is not None and illegal.rule == "GAME"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), choices=st.lists(st.integers(0, 1), max_size=60))
def test_same_seed_same_actions_same_game(seed: int, choices: list[int]) -> None:
    a, b = PigGame(seed), PigGame(seed)
    play_random(a, choices)
    play_random(b, choices)
    assert [s.events for s in a.history] == [s.events for s in b.history]
    assert a.dice.log == b.dice.log


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), choices=st.lists(st.integers(0, 1), min_size=1, max_size=40))
def test_undo_restores_the_previous_state_including_dice(seed: int, choices: list[int]) -> None:
    game = PigGame(seed)
    play_random(game, choices)
    if not game.history:
        return
    before = PigGame(seed)
    play_random(before, [0] * 0)
    for step in game.history[:-1]:
        before.apply(step.action)
    game.undo()
    assert (game.banked, game.turn_total, game.player) == (before.banked, before.turn_total, before.player)
    assert game.dice.getstate()["streams"] == before.dice.getstate()["streams"]
    # and the game goes on identically from there
    game.apply(Roll())
    before.apply(Roll())
    assert game.history[-1].events == before.history[-1].events


def test_undo_of_nothing_is_an_error() -> None:
    with pytest.raises(TanktableError, match="nothing to undo"):
        PigGame().undo()


def test_clone_is_independent() -> None:
    game = PigGame(seed=5)
    game.apply(Roll())
    copy = game.clone()
    copy.apply(Roll())
    assert len(game.history) == 1 and len(copy.history) == 2


def test_forfeit_and_draw() -> None:
    game = PigGame()
    resigned = Outcome((1,), "red resigned", None, Termination.RESIGNATION)
    assert game.forfeit(0) == resigned and game.outcome() == resigned
    timed = PigGame()
    assert timed.forfeit(1, Termination.TIME) == Outcome((0,), "blue lost on time", None, Termination.TIME)
    other = PigGame()
    assert other.agree_draw().is_draw and other.outcome().termination is Termination.AGREEMENT  # type: ignore[union-attr]
    assert other.outcome() is not None and other.outcome().returns(2) == [0.0, 0.0]  # type: ignore[union-attr]


def test_an_ending_that_follows_from_the_moves_cannot_be_imposed() -> None:
    with pytest.raises(TanktableError, match="follows from the moves"):
        PigGame().force(Outcome((0,), "red reached 20"))


def test_apply_for_a_player_refuses_the_other_seat() -> None:
    """A caller acting for one seat (a browser, a library user) cannot act for another."""
    game = PigGame()
    with pytest.raises(IllegalActionError, match="red's decision .*not blue's") as info:
        game.apply(Roll(), player=1)
    assert info.value.rule == "TURN" and game.history == []
    game.apply(Roll(), player=0)
    assert len(game.history) == 1


def test_hidden_events_reach_only_their_audience() -> None:
    secret = Event("placed", "ATG placed at c4", audience=frozenset({0}), public_text="a marker was placed")
    quiet = Event("programmed", "Tiger 1: F F R", audience=frozenset({0}))
    assert secret.for_player(0) is secret
    assert secret.for_player(1) == Event("placed", "a marker was placed")
    assert quiet.for_player(1) is None
    assert PigGame().events_for(1, [secret, quiet]) == [Event("placed", "a marker was placed")]


def test_notation_round_trip_and_errors() -> None:
    game = PigGame()
    for action in (Roll(), Hold()):
        assert game.parse_action(game.format_action(action)) == action
    with pytest.raises(NotationError):
        game.parse_action("jump")


def test_anchor_undo_shares_one_start_between_copies() -> None:
    game = PigGame(seed=9)
    base = game.clone()
    base.anchor_undo()
    copy = base.clone()
    copy.anchor_undo(base)
    assert copy._initial is base._initial is not None
    copy.apply(Roll())
    copy.apply(Roll())
    copy.undo()
    fresh = PigGame(seed=9)
    fresh.apply(Roll())
    assert (copy.turn_total, copy.player) == (fresh.turn_total, fresh.player)
