"""Random games with invariants (BT-1.3, BT-4.3, BT-5.1, BT-6.5) and notation properties."""

from __future__ import annotations

import random
from itertools import combinations

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from core.ai.agents import RandomAgent
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.actions import (
    AmbushFire,
    Declare,
    Drive,
    Fire,
    Pass,
    Shot,
    format_action,
    parse_action,
)

CARD_IDS = ["pzkpfw-ii-luchs", "amx-12t", "t-80", "ebr-75-fl-10", "t-34-85m", "is-2", "tiger-i", "e-25"]

SMALL_TABLE = {
    "name": "skirmish",
    "width_cm": 70,
    "depth_cm": 70,
    "bases": {"a": {"x": 0, "y": 0, "width": 24, "depth": 24}, "b": {"x": 46, "y": 46, "width": 24, "depth": 24}},
    "terrain": [
        {"type": "stone_house", "polygon": [[30, 30], [38, 30], [38, 40], [30, 40]]},
        {"type": "wall", "polygon": [[12, 40], [26, 40], [26, 42], [12, 42]]},
        {"type": "forest", "polygon": [[44, 10], [60, 10], [60, 26], [44, 26]]},
    ],
}


def _options(rng: random.Random) -> dict:
    def army() -> dict:
        return {"budget": 100, "tanks": [{"card": rng.choice(CARD_IDS)} for _ in range(rng.randint(1, 3))]}

    return {"table": SMALL_TABLE, "armies": {"a": army(), "b": army()}, "victory.max_rounds": 4}


def _invariants(game) -> None:
    for t in game.tanks:
        assert 0 <= t.hp <= t.card.hit_points
    fps = [t.footprint() for t in game.tanks]
    for i, j in combinations(range(len(fps)), 2):
        assert shapely.area(shapely.intersection(fps[i], fps[j])) < 1e-6, "footprints overlap (BT-5.1)"
    for fp in fps:
        assert game.field.bounds.covers(fp)
    assert not game.chit_problems(), game.chit_problems()


def test_100_random_games_keep_invariants():
    """100 random games: no exception, HP never negative, no overlap, chits conserved.
    (The same invariants hold after every step of the harness's games, tests/games:
    a few in make test, 2,000 behind ``slow``.)"""
    finished = 0
    for seed in range(100):
        rng = random.Random(seed)
        game = RULESET.new_game(None, _options(rng), seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 7)]
        for _ in range(400):
            if game.outcome() is not None:
                break
            action = agents[game.to_move()].choose(game)
            text = game.format_action(action)
            assert game.parse_action(text) == action
            assert game.check(action) is None
            game.apply(action)
            _invariants(game)
        outcome = game.outcome()
        assert outcome is not None and "out of step" not in outcome.reason and outcome.reason.endswith(")")
        finished += 1
    assert finished == 100


def test_record_save_load_replay_identity(tmp_path):
    """A played game saved as a record replays to the same position and result."""
    from core.record import load_record, make_record, replay, save_record

    rng = random.Random(5)
    options = _options(rng)
    game = RULESET.new_game(None, options, 11)
    agents = [RandomAgent(1), RandomAgent(2)]
    while game.outcome() is None:
        game.apply(agents[game.to_move()].choose(game))
    path = tmp_path / "game.yaml"
    save_record(make_record(game, RULESET, None, 11, {"a": "random", "b": "random"}), path)
    record, doc = load_record(path)
    again = replay(record, RULESET, doc, verify=True)
    assert [(t.x, t.y, t.heading, t.hp, t.wreck) for t in again.tanks] == \
        [(t.x, t.y, t.heading, t.hp, t.wreck) for t in game.tanks]
    assert again.outcome() == game.outcome()
    assert [e.text for s in again.history for e in s.events] == [e.text for s in game.history for e in s.events]


def test_undo_replays_to_the_same_state():
    game = RULESET.new_game(None, _options(random.Random(3)), 4)
    agent = RandomAgent(9)
    for _ in range(12):
        if game.outcome() is not None:
            break
        game.apply(agent.choose(game))
    before = game.render()
    action = game.legal_actions()[0] if game.outcome() is None else None
    if action is not None:
        game.apply(action)
        game.undo()
        assert game.render() == before


def test_clone_is_independent():
    game = RULESET.new_game(None, _options(random.Random(8)), 2)
    other = game.clone()
    other.apply(other.legal_actions()[0])
    assert len(game.history) == 0 and len(other.history) == 1
    assert game.dice.log != other.dice.log or game.render() != other.render()


names = st.from_regex(r"[a-z][a-z0-9]{0,5}(#[1-9])?", fullmatch=True).filter(lambda s: s not in ("to", "fire", "ambush", "pass", "stay", "none"))
coords = st.integers(min_value=0, max_value=1200).map(lambda v: v / 10)
shots = st.lists(st.builds(Shot, names, st.integers(1, 9), st.booleans()), min_size=1, max_size=3).map(tuple)
actions = st.one_of(
    st.builds(Declare, names, st.sampled_from(["MOVE", "FIRE", "ATTACK", "AMBUSH", "RETREAT", "RECON"])),
    st.builds(Drive, st.lists(st.tuples(coords, coords), min_size=1, max_size=4).map(tuple),
              st.one_of(st.none(), st.integers(0, 3599).map(lambda v: v / 10))),
    st.builds(Fire, shots),
    st.builds(AmbushFire, names, shots),
    st.just(Pass()),
    st.just(Drive()),
)


@settings(max_examples=200, deadline=None)
@given(actions)
def test_notation_round_trip_property(action):
    assert parse_action(format_action(action)) == action


def test_golden_playthrough_village_seed11():
    """Seed + moves give exactly the recorded events (BT-9.1): catches any drift in the rules."""
    from pathlib import Path

    import yaml

    golden = yaml.safe_load((Path(__file__).parent / "golden_village_seed11.yaml").read_text())
    game = RULESET.new_game(golden["scenario"], golden["options"], golden["seed"])
    for text, expected in zip(golden["moves"], golden["events"], strict=True):
        events = game.apply(game.parse_action(text))
        assert [e.text for e in events] == expected, text
    assert game.outcome() is not None and game.outcome().reason == golden["result"]


def test_regression_bench_game_1818_candidates_agree_with_check():
    """bench/battle_games.py game 1818 once offered a drive that check() then refused (BT-5.1):
    the screen and the check sampled a turn differently. Both now use one function."""
    armies = {"a": {"budget": 20, "tanks": [{"card": "ebr-75-fl-10"}, {"card": "t-34-85m"}, {"card": "pzkpfw-ii-luchs"}]},
              "b": {"budget": 20, "tanks": [{"card": "ebr-75-fl-10"}, {"card": "ebr-75-fl-10"}, {"card": "pzkpfw-ii-luchs"}]}}
    game = RULESET.new_game("ridge-assault", {"armies": armies, "victory.max_rounds": 8}, 1818)
    agents = [RandomAgent(1818), RandomAgent(1819)]
    while game.outcome() is None:
        for candidate in game.legal_actions():
            assert game.check(candidate) is None, game.format_action(candidate)
        game.apply(agents[game.to_move()].choose(game))
