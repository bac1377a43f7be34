"""Random games of every variant with invariants (DG-3.12, DG-11.8, DG-6, DG-19, DG-20).

200 games in all (short round limits keep them fast); a few play on with no
limit to show that random games end by the rules (DG-20.1). The 10,000-game
sweep lives in bench/duel_games.py.
"""

from __future__ import annotations

import random

import pytest

from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.vp import totals

VARIANTS = [
    ("summer", 2, 70, {}),
    ("winter", 2, 50, {}),
    ("summer", 3, 20, {}),
    ("winter", 3, 15, {"multi.three_player_extra_side": "soviet"}),
    ("summer", 4, 20, {}),
    ("winter", 4, 15, {}),
    ("summer", 4, 2, {"multi.boards": 4}),
    ("winter", 8, 2, {"multi.boards": 4}),
]
assert sum(v[2] for v in VARIANTS) + 6 == 200


def check_invariants(g: DuelGame) -> None:
    positions = [t.pos for t in g.tanks.values()]
    assert len(positions) == len(set(positions)), "two tanks in one hex (DG-3.12)"
    tigers = g.tigers()
    assert len(tigers) == g.cfg.scenario.components.tigers * g.cfg.board.copies
    assert all(not t.destroyed and 1 <= t.track <= 5 for t in tigers), "Tigers are never destroyed (DG-11.8)"
    tot = totals(g)
    assert g.net_vp + g.round_vp["german"] - g.round_vp["soviet"] == tot["german"] - tot["soviet"]
    assert all(g.geo.on_board(p) for p in positions)


def run(scenario: str, players: int, seed: int, options: dict, max_rounds: int | None) -> DuelGame:
    opts = {"players": players, **options}
    if max_rounds is not None:
        opts["end.max_rounds"] = max_rounds
    else:
        opts["end.round_cap"] = None  # no limit at all: the game must end by DG-20.1
    g = RULESET.new_game(scenario, opts, seed)
    assert isinstance(g, DuelGame)
    rng = random.Random(seed)
    for _ in range(20_000):
        if g.outcome() is not None:
            break
        actions = g.legal_actions()
        assert actions, f"no legal action in {g.step}"
        a = actions[rng.randrange(len(actions))]
        text = g.format_action(a)
        assert g.parse_action(text) == a, text
        g.apply(a)
        if g.step in ("D7", "A1a", "B1"):
            check_invariants(g)
    check_invariants(g)
    assert g.outcome() is not None
    return g


@pytest.mark.parametrize("scenario,players,count,options", VARIANTS)
def test_random_games_end_with_invariants(scenario: str, players: int, count: int, options: dict) -> None:
    for seed in range(count):
        g = run(scenario, players, seed, options, max_rounds=4)
        if g.finished and "round limit" not in g.finished:
            assert g.soviet_weapons() == 0
        tot = totals(g)
        assert g.net_vp == tot["german"] - tot["soviet"]  # the bar equals the sum of VP events


@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_by_the_rules_without_a_limit(seed: int) -> None:
    for scenario in ("summer", "winter"):
        g = run(scenario, 2, 1000 + seed, {}, max_rounds=None)
        assert g.finished is not None and "no weapons" in g.finished


OPTION_VARIANTS = [
    {"combat.range_model": "minus_distance"}, {"t34.first_move": "next_round"},
    {"winter.snow_forest": "transparent"}, {"stuka.landing": "last_flight_phase_only"},
    {"combat.fire_optional": False}, {"tiger.execution_order": "fixed"}, {"mines.persist": False},
    {"setup.german_zone": "anywhere", "setup": "manual"}, {"markers.move_in_round1_phase_b": False},
    {"tiger.turret_default": "reset_12"}, {"front.removal": "on_entry_by_t34"},
    {"vp.t34_damage_per_shot": False}, {"tiger.blockers": ["t34", "swamp", "edge", "tiger", "grounded_stuka"]},
    {"recon.t34_high_ground_bonus": False}, {"atg.head_on_blocks": False}, {"forest.penalty_applies": "never"},
]


@pytest.mark.parametrize("options", OPTION_VARIANTS, ids=lambda o: ",".join(o))
def test_every_decision_setting_alternative_plays(options: dict) -> None:
    """Each alternative of a DG-AMB setting gives a playable game (not counted in the 200)."""
    run("winter" if "winter.snow_forest" in options else "summer", 2, 7, options, max_rounds=3)
