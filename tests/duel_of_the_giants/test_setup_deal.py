"""The default set-up deals the hidden identities from the seed (issue 17 bug 8;
DG-7.3, DG-7.4.3, DG-7.4.4, DG-24); ``shipped`` keeps the file; a computer's
manual set-up gives nothing away by the order of its placements."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from core.ai.agents import GreedyAgent
from core.data import parse_document
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import PlaceAtg, PlaceMarker, PlaceMine
from rulesets.duel_of_the_giants.board import FACINGS, label
from rulesets.duel_of_the_giants.game import DuelGame

SCENARIOS = Path(__file__).resolve().parents[2] / "data/duel_of_the_giants/scenarios"


def game(seed: int, scenario: str = "summer", **options: Any) -> DuelGame:
    g = RULESET.new_game(scenario, options, seed)
    assert isinstance(g, DuelGame)
    return g


def public(g: DuelGame) -> tuple[Any, ...]:
    return (sorted(m.pos for m in g.markers.values()),
            sorted((a.pos, a.facing) for a in g.atgs.values()),
            sorted(mi.pos for mi in g.mines.values()))


def hidden(g: DuelGame) -> tuple[Any, ...]:
    return (sorted(m.pos for m in g.markers.values() if m.wheel),
            sorted((a.pos, a.kind) for a in g.atgs.values()),
            sorted(mi.pos for mi in g.mines.values() if mi.real))


def test_dg_7_default_setup_two_seeds_deal_different_secrets_on_the_same_public_layout() -> None:
    a, b = game(1), game(2)
    assert public(a) == public(b)
    assert hidden(a) != hidden(b)
    for part_a, part_b in zip(hidden(a), hidden(b), strict=True):
        assert part_a != part_b  # markers, ATGs and mines are each dealt


def test_dg_7_default_setup_same_seed_same_secrets() -> None:
    assert hidden(game(7)) == hidden(game(7))
    assert hidden(game(7, "winter", players=3)) == hidden(game(7, "winter", players=3))


def test_shipped_setup_is_the_file_exactly() -> None:
    data = yaml.safe_load((SCENARIOS / "summer.yaml").read_text(encoding="utf-8"))["setup"]
    for seed in (1, 2):
        g = game(seed, setup="shipped")
        assert sorted(label(m.pos) for m in g.markers.values() if m.wheel) == sorted(data["tank_markers"]["wheel"])
        assert sorted((label(a.pos), a.kind, FACINGS[a.facing]) for a in g.atgs.values()) == \
            sorted((x["at"], x["type"], x["facing"]) for x in data["atgs"])
        assert sorted(label(mi.pos) for mi in g.mines.values() if mi.real) == sorted(data["mines"]["mine"])


def as_scenario(g: DuelGame, scenario: str) -> dict[str, Any]:
    """The shipped file with the game's dealt layout written back into it."""
    data = yaml.safe_load((SCENARIOS / f"{scenario}.yaml").read_text(encoding="utf-8"))
    s = data["setup"]
    s["tank_markers"] = {"wheel": [label(m.pos) for m in g.markers.values() if m.wheel],
                         "bluff": [label(m.pos) for m in g.markers.values() if not m.wheel]}
    s["atgs"] = [{"at": label(a.pos), "type": a.kind, "facing": FACINGS[a.facing]} for a in g.atgs.values()]
    s["mines"] = {"mine": [label(mi.pos) for mi in g.mines.values() if mi.real],
                  "bluff": [label(mi.pos) for mi in g.mines.values() if not mi.real]}
    return data


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), scenario=st.sampled_from(["summer", "winter"]),
       players=st.sampled_from([2, 3, 4]))
def test_dg_7_every_dealt_layout_passes_the_set_up_validation(seed: int, scenario: str, players: int) -> None:
    g = game(seed, scenario, players=players)
    doc = parse_document(yaml.safe_dump(as_scenario(g, scenario), sort_keys=False), "dealt.yaml")
    assert RULESET.validate_document("scenario", doc) == []
    comp = g.cfg.scenario.components
    sov = g.side_players["soviet"]
    for p in sov:  # DG-21.2: each Soviet player holds his share of wheels and bluffs
        mine = [m for m in g.markers.values() if m.owner == p]
        assert sum(m.wheel for m in mine) == comp.tank_markers["wheel"] // len(sov)
        assert sum(not m.wheel for m in mine) == comp.tank_markers["bluff"] // len(sov)


def manual_game_at(step: str, seed: int) -> DuelGame:
    g = game(seed, setup="manual")
    rng = random.Random(seed)
    while g.step != step:
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    return g


def twins(a: Any) -> list[Any]:
    """The same placement with every other identity."""
    if isinstance(a, PlaceMarker):
        return [PlaceMarker(a.at, w) for w in (True, False)]
    if isinstance(a, PlaceAtg):
        return [PlaceAtg(k, a.at, a.facing) for k in ("pak88", "pak36", "bluff")]
    if isinstance(a, PlaceMine):
        return [PlaceMine(a.at, r) for r in (True, False)]
    return [a]


def test_dg_24_setup_evaluation_does_not_depend_on_identities() -> None:
    """A computer values a real marker and a bluff on the same hex alike, so
    nothing but chance decides which it places first."""
    for step in ("S3", "S4"):
        g = manual_game_at(step, 3)
        rng = random.Random(5)
        for _ in range(6):
            acts = g.legal_actions()
            for a in rng.sample(acts, min(12, len(acts))):
                values = set()
                for twin in twins(a):
                    if g.check(twin) is None:
                        child = g.clone()
                        child.search_apply(twin)
                        values.add(tuple(round(child.evaluate(p), 12) for p in range(len(g.players))))
                assert len(values) == 1, (step, g.format_action(a))
            g.apply(acts[rng.randrange(len(acts))])


def test_dg_24_greedy_manual_setup_order_reveals_no_identities() -> None:
    """Before the fix the greedy player placed all eight wheel markers first."""
    base = manual_game_at("S3", 0)
    orders = []
    for seed in range(2):
        g = base.clone()
        agent = GreedyAgent(seed, max_actions=40)
        order = []
        while g.step == "S3":
            a = agent.choose(g)
            assert isinstance(a, PlaceMarker)
            order.append(a.wheel)
            g.apply(a)
        assert sum(order) == 8
        orders.append(order)
    assert all(order != sorted(order, reverse=True) for order in orders)
    assert orders[0] != orders[1]
