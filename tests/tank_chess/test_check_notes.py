"""CHECK notes of every move at once (TC-8.1): ``describe_actions`` reads the lines
of fire on the enemy Command Tank once per position and, after each move,
searches only the tanks that could use them and the one that moved; it must
find exactly the CHECKs a plain search of each move's own position finds."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.tank_chess import RULESET


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), scenario=st.sampled_from(RULESET.scenarios()), plies=st.integers(0, 80))
def test_tc_8_1_shared_fire_lines_find_the_same_checks_as_each_move_alone(
        seed: int, scenario: str, plies: int) -> None:
    game = RULESET.new_game(scenario, None, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.outcome() is not None:
            return
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    if game.outcome() is not None:
        return
    pos = game.pos
    mover = pos.to_move
    lines = pos.fire_lines(mover)
    assert lines is not None
    candidates = pos.threat_candidates(mover, lines)
    legal = game.legal_actions()
    for action in legal:
        mv = game.to_move_tuple(action)
        pos.push(mv)
        try:
            if pos.winner < 0:
                alone = pos.command_threat(mover)
                shared = pos.command_threat(mover, lines)
                few = pos.command_threat(mover, lines, [*candidates, mv[0]])
                assert (shared is None) == (alone is None) == (few is None), game.format_action(action)
        finally:
            pos.pop()


def test_tc_8_1_describe_actions_equals_describe_action_one_by_one() -> None:
    game = RULESET.new_game("standard-16", None, 3)
    rng = random.Random(3)
    for _ in range(30):
        legal = game.legal_actions()
        assert game.describe_actions(legal) == [game.describe_action(a) for a in legal]
        game.apply(legal[rng.randrange(len(legal))])
