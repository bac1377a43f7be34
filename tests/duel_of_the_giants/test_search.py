"""The search protocol for the AI: copies, ``search_apply`` and ``random_step``.

The AI lives on copies of the real game; these tests hold it to the promise
that a copy is independent (its own Dice), that the search's shortcuts reach
the same state as the checked ``apply``, and that its playout policy plays
only legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from core.ai.agents import GreedyAgent, reseed_dice
from core.ai.mcts import PRESETS
from core.game import Action
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import Activate, Program
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.pieces import Marker
from tests.duel_of_the_giants.helpers import blank, goto, programming, stuka_at_d4, t34, tiger


def _game(scenario: str = "summer", seed: int = 0, players: int = 2) -> DuelGame:
    g = RULESET.new_game(scenario, {"players": players}, seed)
    assert isinstance(g, DuelGame)
    return g


def test_clone_has_its_own_dice_and_reseeding_it_leaves_the_real_game_alone() -> None:
    g = _game()
    before = g.dice.getstate()
    copy = g.clone()
    assert copy.dice is not g.dice
    reseed_dice(copy, 12345)
    assert g.dice.getstate() == before
    assert copy.dice.getstate() != before
    sample = g.determinize(0, 7)
    assert sample.dice is not g.dice
    reseed_dice(sample, 99)
    assert g.dice.getstate() == before


def test_greedy_choice_never_changes_the_real_game() -> None:
    g = _game(seed=3)
    agent = GreedyAgent(seed=1)
    for _ in range(12):
        dice, view = g.dice.getstate(), g.view(None)
        action = agent.choose(g)
        assert g.dice.getstate() == dice
        assert g.view(None) == view
        g.apply(action)


_BOOKKEEPING = frozenset({"history", "_initial", "start_events", "dice", "_cache", "_outcome_known",
                          "_outcome_cache"})


def _state(g: DuelGame) -> dict[str, object]:
    return {k: v for k, v in g.__dict__.items() if k not in _BOOKKEEPING}


def _positions(seed: int, scenario: str = "summer", players: int = 2, stride: int = 7) -> list[DuelGame]:
    """Every ``stride``-th position of a random game (from set-up to its end)."""
    g = _game(scenario, seed, players)
    rng = random.Random(seed)
    out = []
    while g.outcome() is None and len(out) < 60:
        if len(g.history) % stride == 0:
            out.append(g.clone())
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    return out


@pytest.mark.parametrize(("seed", "scenario", "players"), [(1, "summer", 2), (2, "winter", 2), (3, "summer", 4)])
def test_search_apply_reaches_the_same_state_as_apply_for_every_legal_action(
        seed: int, scenario: str, players: int) -> None:
    checked = 0
    rng = random.Random(seed)
    for g in _positions(seed, scenario, players, stride=19):
        actions = g.legal_actions()
        for action in actions if len(actions) <= 30 else rng.sample(actions, 30):
            a, b = g.clone(), g.clone()
            a.apply(action)
            b.search_apply(action)
            assert _state(a) == _state(b), g.format_action(action)
            assert b.outcome() == a.outcome()
            assert b.legal_actions() == a.legal_actions()
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("seed", "scenario"), [(4, "summer"), (5, "winter")])
def test_random_step_and_the_pruned_search_list_only_play_legal_actions(seed: int, scenario: str) -> None:
    """Play rollouts on search copies; every action must pass the real ``check``."""
    rng = random.Random(seed)
    for g in _positions(seed, scenario, stride=31):
        sample = g.determinize(g.to_move(), seed)
        assert sample.search_copy
        played: list[Action] = []
        search_apply = sample.search_apply

        def spy(action: Action, search_apply: Callable[[Action], None] = search_apply,
                played: list[Action] = played) -> None:
            played.append(action)
            search_apply(action)

        sample.search_apply = spy  # type: ignore[method-assign]
        for _ in range(25):
            if sample.outcome() is not None:
                break
            real = sample.clone()
            real.search_copy = False
            legal = sample.legal_actions()
            assert legal == real.legal_actions()  # legal_actions means the same on a search copy
            pruned = sample.search_actions()
            assert pruned and all(a in legal or real.check(a) is None for a in pruned)
            if not set(pruned) <= set(legal):  # a whole Tiger program at the first card (issue 27.14)
                assert sample.step == "A4" and all(isinstance(a, Program) for a in pruned)
            assert sample.random_step(rng)
            assert real.check(played[-1]) is None


def test_the_search_offers_a_new_t34_with_its_turret_along_the_hull() -> None:
    """DG-9.7: 36 hull/turret pairs are legal; the search considers the 6 with turret = hull."""
    from tests.duel_of_the_giants.helpers import blank

    g = blank()
    g.markers["m1"] = Marker("m1", g.side_players["soviet"][0], (7, 5), True)
    g.step = "B2"
    g.state_changed()
    real = [a for a in g.legal_actions() if isinstance(a, Activate)]
    assert len(real) == 36
    sample = g.determinize(g.players.index("soviet"), 0)
    pruned = [a for a in sample.search_actions() if isinstance(a, Activate)]
    assert len(pruned) == 6 and all(a.hull == a.turret for a in pruned)


def test_mcts_plays_legal_actions_and_never_changes_the_real_game() -> None:
    from core.ai.mcts import MCTSAgent

    agent = MCTSAgent(seed=2, think=None, iterations=8)
    for g in _positions(6, stride=37)[:4]:
        if len(g.legal_actions()) < 2:
            continue
        dice, state = g.dice.getstate(), _state(g)
        action = agent.choose(g)
        assert g.check(action) is None
        assert action in g.legal_actions() or isinstance(action, Program)
        assert g.dice.getstate() == dice
        assert _state(g) == state


def _case_a(shooter_at: str = "c5", target_at: str = "f5") -> DuelGame:
    """A Tiger and a T-34 facing each other along row 5 in phase D: case A, the German
    declares first (DG-17.4)."""
    g = blank()
    t34(g, 9, "i11", "NE")  # a spare T-34 far away keeps the game running
    tiger(g, 1, shooter_at, "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, target_at, "W")
    goto(g, "D1")
    assert "case A" in g.decision() and g.players[g.to_move()] == "german"
    assert isinstance(g, DuelGame)
    return g


def test_dg_17_4_priors_rank_a_shot_by_its_forecast_then_holding_fire() -> None:
    """A declaration changes nothing until its stage resolves; the search's priors read
    the shot's public forecast (DG-17.8, DG-17.9): destroying first, holding fire above
    a shot that would do nothing (a shooter that fires is exposed, DG-17.12)."""
    from rulesets.duel_of_the_giants.actions import Fire, Hold
    from rulesets.duel_of_the_giants.board import parse_hex

    near = _case_a()  # 3 hexes: 5 - 2 = 3 hits against front armour 3
    fire, hold = Fire(parse_hex("c5"), parse_hex("f5")), Hold(parse_hex("c5"))
    assert near.search_priors([hold, fire]) == [1.0, 3.0]
    assert near.describe_actions([fire])[0].startswith("destroys T-34 #1")
    far = _case_a(target_at="h5")  # 5 hexes: 5 - 4 = 1 hit, front armour 3: damaged
    assert far.search_priors([Fire(parse_hex("c5"), parse_hex("h5"))]) == [2.0]


def test_greedy_german_declares_the_shot_that_destroys_instead_of_tossing_a_coin() -> None:
    """DG-17.4: the German declares before the T-34 answers, so one decision ahead firing
    and holding look alike; the priors break the tie toward the shot, for every seed."""
    g = _case_a()
    choices = {g.format_action(GreedyAgent(seed=s).choose(g)) for s in range(12)}
    assert choices == {"fire c5 f5"}


def test_dg_17_4_the_soviet_search_expects_the_hidden_shot_the_german_would_likely_declare() -> None:
    """The German's declaration is hidden until the stage resolves (DG-17.4). The AI's
    samples deal it as the German would likely declare it from the public forecast (the
    Tiger's shot destroys the T-34, so it fires), not a coin toss between firing and
    holding; ``hidden_variant`` (the secrecy check) still deals every option."""
    from tests.duel_of_the_giants.helpers import play

    g = _case_a()
    play(g, "fire c5 f5")
    soviet = g.players.index("soviet")
    assert g.players[g.to_move()] == "soviet" and g.combat is not None
    tiger = next(uid for uid in g.combat.decl)  # the German's one declaration so far
    target = g.combat.decl[tiger]
    assert target is not None
    sampled = {g.determinize(soviet, seed).combat.decl[tiger] for seed in range(20)}
    assert sampled == {target}
    dealt = {g.hidden_variant(soviet, seed).combat.decl[tiger] for seed in range(20)}
    assert dealt == {target, None}


@pytest.mark.parametrize("scenario", ["summer", "winter"])
def test_a_sides_own_search_actions_do_not_depend_on_what_its_samples_deal(scenario: str) -> None:
    """``search_profile.halving_hidden`` rests on this: every sample the search draws for
    the side to move (the other side's markers, guns, mines, programs and declarations
    dealt afresh) offers that side the same actions, so sequential halving's finalists
    can be played in each of them. Checked at every fourth decision of a random game."""
    from core.ai.agents import RandomAgent

    g = _game(scenario, seed=3)
    agent = RandomAgent(seed=3)
    checked = 0
    for n in range(500):
        if g.outcome() is not None:
            break
        if n % 4 == 0:
            p = g.to_move()
            dealt = {frozenset(map(repr, g.determinize(p, 100 * n + k).search_actions())) for k in range(3)}
            assert len(dealt) == 1, g.decision()
            checked += 1
        g.apply(agent.choose(g))
    assert checked > 50


def _flown(g: DuelGame) -> list[str]:
    from rulesets.duel_of_the_giants.search import stuka_playout

    flight = []
    while g.step == "D4" and g.players[g.to_move()] == "german":
        action = stuka_playout(g, g.legal_actions())
        assert action is not None
        flight.append(g.format_action(action))
        g.apply(action)
    return flight


def test_dg_13_the_playouts_stuka_launches_for_a_t34_in_reach_strikes_it_and_flies_home() -> None:
    """DG-13.5: three F bring the Stuka behind the T-34, which it destroys; the flight
    phase's last action turns it for home (DG-13.6)."""
    g = stuka_at_d4()
    flight = _flown(g)
    assert flight[:5] == ["stuka launch", "stuka F", "stuka F", "stuka F", "stuka attack c6"]
    assert "t34-1" not in g.tanks and g.stuka.state == "flying"
    assert flight[5] in ("stuka L", "stuka R")


def test_dg_13_the_playouts_stuka_stays_on_the_ground_with_no_t34_in_reach() -> None:
    """A T-34 in a forest hex cannot be attacked (DG-4.3.5): the Stuka is not launched."""
    g = stuka_at_d4(forest=True)
    assert _flown(g) == ["end"]
    assert g.stuka.state == "ground"


def test_dg_13_6_the_playouts_stuka_with_its_attack_spent_flies_home_and_lands() -> None:
    from tests.duel_of_the_giants.helpers import d, h

    g = stuka_at_d4(forest=True)
    g.apply(g.parse_action("stuka launch"))
    g.stuka.pos, g.stuka.facing, g.stuka.attacked = h("d6"), d("W"), True
    assert _flown(g) == ["stuka F", "stuka F", "stuka F", "stuka land"]
    assert g.stuka.state == "landed"


def test_dg_13_the_search_flies_the_stuka_by_the_pilot_and_never_spends_its_flight_on_nothing() -> None:
    """On the AI's copies the Stuka's decision is the pilot's action (and free recon,
    DG-10.4): launch for a T-34 in reach, stay on the ground without one. The real
    game still offers every legal action."""
    german = 0
    g = stuka_at_d4()
    assert [g.format_action(a) for a in g.determinize(german, 1).search_actions()] == ["stuka launch"]
    forest = stuka_at_d4(forest=True)
    assert [g.format_action(a) for a in forest.determinize(german, 1).search_actions()] == ["end"]
    assert {g.format_action(a) for a in forest.legal_actions()} == {"stuka launch", "end"}
    from core.ai.agents import make_agent

    agent = make_agent("easy", seed=1)
    agent.cap = None  # type: ignore[attr-defined]  # its budget, not a busy machine's clock, decides
    while g.step == "D4" and g.players[g.to_move()] == "german":
        g.apply(agent.choose(g))
    assert [e.reason for e in g.vp_events] == ["stuka_attack"]


def _gunnery(facing: str, kind: str = "pak88") -> DuelGame:
    """A face-down gun at c5 facing ``facing``, a T-34 at e5 (east of it), Tigers far off."""
    from tests.duel_of_the_giants.helpers import atg, blank, marker, t34, tiger

    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    marker(g, "i9", True)
    atg(g, "c5", kind, facing)
    t34(g, 1, "e5", "SW", "SW")
    return g


def _playout_choices(g: DuelGame, n: int = 40) -> set[str]:
    from rulesets.duel_of_the_giants.search import playout_action

    rng = random.Random(5)
    return {g.format_action(playout_action(g, g.legal_actions(), rng)) for _ in range(n)}


@pytest.mark.parametrize(("facing", "kind", "expected"), [
    ("E", "pak88", {"activate c5"}),  # the T-34 on its ray: activated to fire (DG-8.5)
    ("NE", "pak88", {"end"}),  # no T-34 on its ray (DG-12.3): stays hidden
    ("E", "bluff", {"end"}),  # a bluff turned up is only removed (DG-12.2)
])
def test_dg_8_5_the_playouts_gunner_activates_a_gun_in_d1_only_for_a_shot(
        facing: str, kind: str, expected: set[str]) -> None:
    from tests.duel_of_the_giants.helpers import goto

    g = _gunnery(facing, kind)
    goto(g, "D1")
    assert g.step == "D1"
    assert _playout_choices(g) == expected


def test_dg_8_2_the_playouts_gunner_does_not_turn_up_guns_for_recon_in_a2() -> None:
    from tests.duel_of_the_giants.helpers import goto

    g = _gunnery("E")
    goto(g, "A2")
    assert g.step == "A2" and "activate c5" in {g.format_action(a) for a in g.legal_actions()}
    assert _playout_choices(g) == {"end"}


def test_dg_12_6_the_playouts_gunner_seldom_takes_a_gun_out_of_the_fight_on_a_tire() -> None:
    from rulesets.duel_of_the_giants import search
    from tests.duel_of_the_giants.helpers import goto

    g = _gunnery("E")
    goto(g, "A1b")
    assert g.step == "A1b"
    rng = random.Random(3)
    picks = [g.format_action(search.playout_action(g, g.legal_actions(), rng)) for _ in range(400)]
    assert set(picks) == {"tire c5", "end"}
    assert abs(picks.count("tire c5") / len(picks) - search.TIRE_CHANCE) < 0.05


def test_dg_17_the_playout_declares_the_shot_the_forecast_ranks_best_or_holds() -> None:
    """A face-up PAK 8.8 at c5 facing E, a T-34 at e5 it destroys: the playout fires.
    A Tiger whose shot would do nothing holds fire rather than give itself away
    (DG-17.12)."""
    from tests.duel_of_the_giants.helpers import blank, goto, marker, t34, tiger

    g = _gunnery("E")
    next(iter(g.atgs.values())).face_up = True
    goto(g, "D1")
    assert g.step == "D2", g.decision()
    assert _playout_choices(g) == {"fire c5 e5"}

    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a11", "E")
    marker(g, "i9", True)
    t34(g, 1, "i5", "W", "E")  # far off, its front armour to the Tiger: no hit
    goto(g, "D1")
    assert g.step == "D2", g.decision()
    assert _playout_choices(g) == {"hold c5"}


def test_best_of_takes_the_highest_score_and_breaks_ties_at_random() -> None:
    """The ranking a playout declares by and a search deals hidden declarations by
    (DG-17.4): only the top-scored choices are ever taken, each of them sometimes, with
    one draw from the generator."""
    from rulesets.duel_of_the_giants import search

    picks = {search.best_of(["hold", "e5", "f5", "g5"], [1.0, 3.0, 0.0, 3.0], random.Random(s))
             for s in range(40)}
    assert picks == {"e5", "g5"}
    rng, twin = random.Random(7), random.Random(7)
    search.best_of(["hold", "e5"], [1.0, 1.0], rng)
    twin.randrange(2)
    assert rng.random() == twin.random()


def test_dg_11_5_programs_that_end_on_one_hex_facing_one_way_lead_to_one_place() -> None:
    """``search_destination`` of a whole program: its Tiger, end hex and hull as the
    board stands (DG-11.5), the turret left aside. From c5 facing E on open ground
    ``F F B`` ends where ``F`` does (d5, E); ``L R``, ``F B``, a Stop and a turret card
    alone stand still; ``L B`` with or without a turret card ends on b6 facing NE. Any
    other action is its own place."""
    g = programming()

    def place(*cards: str) -> object:
        return g.search_destination(Program(1, (*cards, "S", "S")))

    assert place("F", "F", "B") == place("F") == (1, (4, 5), 1)
    assert place("L", "R") == place("F", "B") == place("S") == place("T4") == (1, (3, 5), 1)
    assert place("L", "B") == place("L", "B", "T4") == (1, (2, 6), 0)
    assert place("F") != place("S")
    other = Activate((3, 3), 0, 0)
    assert g.search_destination(other) == other


def test_the_search_compares_one_program_per_place_at_a_tigers_first_card() -> None:
    """At a Tiger's first card ``normal``'s sequential halving weighs 8 programs that end
    in 8 different places (hex and hull), not several roads to one place."""
    g = programming("g5")
    agent = PRESETS["normal"](1, 1.0)
    chosen = agent.choose(g)
    assert isinstance(chosen, Program)
    places = {g.search_destination(a) for a in agent.ranking}
    assert len(agent.ranking) == 8 and len(places) == 8
