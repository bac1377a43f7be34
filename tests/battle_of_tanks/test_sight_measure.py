"""One sight measure for every rule (issue 27.9, BT-6.1 Decision ``sight.measure``),
and RECON's notes that promise what the order does (issue 27.19).

The position: a Tiger (sight 60 cm) faces a T-80 whose centre is 67 cm away,
so their footprints are 57 cm apart. Measured between footprints the T-80 is
within the Tiger's sight; measured between centres it is beyond it. Every rule
that asks about sight -- FIRE, RECON, AMBUSH, RETREAT's cover, the notes of
``moves`` and the ``measure`` ruler -- must answer by the setting.
"""

from __future__ import annotations

import random

import pytest

from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.ruler import measure
from tests.battle_of_tanks.helpers import give_chit, make_game

TIGER_AT = (20.0, 60.0, 0.0)
T80_AT = (87.0, 60.0, 180.0)
"""Centres 67 cm apart, footprints (10 cm long) 57 cm apart: the Tiger's sight is 60 cm."""

MEASURES = [("footprints", True), ("centres", False)]
"""Each setting, and whether the T-80 is within the Tiger's sight under it."""

WOOD = {"name": "wood", "type": "forest", "polygon": [[80, 52], [96, 52], [96, 68], [80, 68]]}
"""Light cover all around the T-80's spot."""


def tiger_and_t80(measure_by: str, **kwargs: object) -> BattleGame:
    return make_game(["tiger-i"], ["t-80"], {"a1": TIGER_AT, "b1": T80_AT},
                     sight__measure=measure_by, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("measure_by", "within"), MEASURES)
def test_issue_27_9_fire_bt_6_1_measures_by_the_setting(measure_by: str, within: bool) -> None:
    game = tiger_and_t80(measure_by)
    sight = game.sight(game.tank("a1"), game.tank("b1"))
    assert sight.in_range is within
    assert sight.distance == pytest.approx(57.0 if measure_by == "footprints" else 67.0)
    give_chit(game, "a")
    problem = game.check(A.Declare("a1", "FIRE"))
    assert (problem is None) is within
    if not within:
        assert problem is not None and problem.rule == "BT-6.1"


@pytest.mark.parametrize(("measure_by", "within"), MEASURES)
def test_issue_27_9_recon_bt_5_4_measures_by_the_setting(measure_by: str, within: bool) -> None:
    game = tiger_and_t80(measure_by)
    give_chit(game, "a")
    events = game.apply(A.Declare("a1", "RECON"))
    spotted = [e for e in events if e.kind == "spotted"]
    assert [e.data["tank"] for e in spotted] == (["b1"] if within else [])
    assert ("b1" in game.spotted) is within
    if not within:
        assert any(e.kind == "recon" and "sees no enemy" in e.text for e in events)


@pytest.mark.parametrize(("measure_by", "within"), MEASURES)
def test_issue_27_9_ambush_bt_7_1_measures_by_the_setting(measure_by: str, within: bool) -> None:
    game = tiger_and_t80(measure_by)
    game.tank("a1").ambush = True
    assert [t.key for t in game.ambushers("a")] == (["a1"] if within else [])


@pytest.mark.parametrize(("measure_by", "within"), MEASURES)
def test_issue_27_9_retreat_cover_bt_5_3_measures_by_the_setting(measure_by: str, within: bool) -> None:
    """The T-80 retreats 10 cm west, into the open 65 cm from the Tiger's centre
    (55 cm between footprints): in the Tiger's sight only by footprints."""
    game = make_game(["tiger-i"], ["t-80"], {"a1": TIGER_AT, "b1": (95.0, 60.0, 180.0)},
                     sight__measure=measure_by)
    give_chit(game, "b")
    game.apply(A.Declare("b1", "RETREAT"))
    assert game.phase == "path"
    problem = game.check(A.Drive(((85.0, 60.0),)))
    if within:
        assert problem is not None and problem.rule == "BT-5.3"
    else:
        assert problem is None


@pytest.mark.parametrize(("measure_by", "within"), MEASURES)
def test_issue_27_9_drive_notes_measure_by_the_setting(measure_by: str, within: bool) -> None:
    """The note of a drive says who sees its end as the rules would."""
    game = make_game(["tiger-i"], ["t-80"], {"a1": TIGER_AT, "b1": (95.0, 60.0, 180.0)},
                     sight__measure=measure_by)
    give_chit(game, "b")
    game.apply(A.Declare("b1", "MOVE"))
    note = game.describe_action(A.Drive(((87.0, 60.0),)))
    assert ("in the open to tiger#1" in note) is within
    assert ("out of every enemy's sight" in note) is not within


@pytest.mark.parametrize(("measure_by", "within"), MEASURES)
def test_issue_27_9_recon_note_measures_by_the_setting(measure_by: str, within: bool) -> None:
    game = tiger_and_t80(measure_by, terrain=[WOOD])
    give_chit(game, "a")
    note = game.describe_action(A.Declare("a1", "RECON"))
    assert note == ("may spot t80#1 (33%)" if within else "no unspotted enemy in sight")  # recon 3+, wood +2


@pytest.mark.parametrize(("measure_by", "within"), MEASURES)
def test_issue_27_9_ruler_measures_by_the_setting(measure_by: str, within: bool) -> None:
    game = tiger_and_t80(measure_by)
    answer = measure(game, None, "tiger#1 t80#1")
    assert "67.0 cm between centres, 57.0 cm between footprints" in answer
    assert f"t80#1 (87,60) is {'within' if within else 'beyond'} it (BT-6.1)" in answer


def test_issue_27_19_recon_note_leaves_out_a_tank_hidden_by_tall_terrain() -> None:
    """A Tiger 99.4 cm from the Luchs (sight 100 cm), completely behind a stone
    house: RECON would not look at it, so the note does not promise it."""
    house = {"name": "house", "type": "stone_house", "polygon": [[50, 40], [60, 40], [60, 80], [50, 80]]}
    game = make_game(["pzkpfw-ii-luchs"], ["tiger-i"], {"a1": (10.0, 60.0, 0.0), "b1": (114.4, 60.0, 180.0)},
                     terrain=[house])
    lynx, tiger = game.tank("a1"), game.tank("b1")
    seen = game.look(lynx, tiger)
    assert seen.distance == pytest.approx(94.4) and seen.in_range and seen.cover.level == "hidden"
    give_chit(game, "a")
    assert game.describe_action(A.Declare("a1", "RECON")) == "no unspotted enemy in sight"
    events = game.apply(A.Declare("a1", "RECON"))
    assert [e.text for e in events if e.kind in ("roll", "spotted", "recon")] == [
        "luchs#1 sees no enemy: tiger#1, within its 100 cm sight, is completely hidden by tall terrain (BT-5.4)"]


TERRAIN = [
    {"name": "house", "type": "stone_house", "polygon": [[50, 40], [62, 40], [62, 58], [50, 58]]},
    {"name": "rocks", "type": "rocks", "polygon": [[20, 80], [30, 78], [32, 90], [22, 92]]},
    {"name": "wall", "type": "wall", "polygon": [[70, 20], [90, 20], [90, 22], [70, 22]]},
    {"name": "wood", "type": "forest", "polygon": [[75, 70], [100, 70], [100, 95], [75, 95]]},
    {"name": "hedge", "type": "bushes", "polygon": [[30, 30], [45, 30], [45, 34], [30, 34]]},
]


@pytest.mark.parametrize("measure_by", ["footprints", "centres"])
def test_issue_27_19_recon_note_names_exactly_whom_the_order_tries_to_spot(measure_by: str) -> None:
    """For random positions among tall and low terrain, the enemies the note of
    ``lynx recon`` says it "may spot" are exactly those the order then rolls for
    (BT-5.4), each with the chance the roll then has (issue 59.2: chances in plain words);
    the dice decide only whether each roll succeeds."""
    rng = random.Random(27)
    asked = 0
    for _ in range(60):
        poses = {key: (rng.uniform(6, 114), rng.uniform(6, 114), rng.choice([0.0, 90.0, 180.0, 270.0]))
                 for key in ("a1", "b1", "b2", "b3")}
        game = make_game(["pzkpfw-ii-luchs"], ["tiger-i", "is-2", "t-80"], poses, terrain=TERRAIN,
                         seed=rng.randrange(1000), sight__measure=measure_by)
        give_chit(game, "a")
        note = game.describe_action(A.Declare("a1", "RECON"))
        promised = (dict(name[:-2].split(" (") for name in note.removeprefix("may spot ").split(", "))
                    if note.startswith("may spot ") else {})
        before = set(game.spotted)
        events = game.apply(A.Declare("a1", "RECON"))
        rolled = {game.tank(e.data["tank"]).label: f"{round((7 - min(max(e.data['need'], 1), 7)) / 6 * 100)}"
                  for e in events if e.kind == "roll" and "spots" in e.text and e.data["tank"] not in before}
        assert promised == rolled, (poses, note, [e.text for e in events])  # and the chance of each roll
        asked += bool(promised)
    assert asked >= 10  # the positions did put enemies in cover within sight
