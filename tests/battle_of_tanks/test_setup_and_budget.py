"""Setting up a scenario: one budget for both armies (BT-1.1, issue 27.11), each
deployed tank on its own base plate (BT-3.3, issue 27.10), and room for every
tank to turn on the spot at the start (BT-3.3, BT-5.1, issue 27.12)."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest

from cli.commands import check_file
from core.data import load_document
from core.errors import DataError
from core.geometry import turn_radius
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks import catalogue as cat
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.models import Scenario
from rulesets.battle_of_tanks.setup import TURN_ROOM_CM
from tests.battle_of_tanks.helpers import give_chit
from tests.cli.test_cli_core import run
from tests.games.harness import random_army

DATA = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks"
SHIPPED = sorted(p.stem for p in (DATA / "scenarios").glob("*.yaml"))

OFF_THE_PLATE = """\
ruleset: battle-of-tanks
kind: scenario
name: Off the plate
table: village
budget: 20
armies: {a: spearhead, b: heavy-line}
deploy:
  a:
    - {x: 80, y: 20}
    - {x: 10, y: 10}
    - {x: 10, y: 22, heading: 90}
    - {x: 40, y: 5}
"""


def test_issue_27_10_bt_3_3_a_deployed_tank_off_its_plate_is_refused_at_its_line(
        tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """A tank at 80,20 for side a (plate x 0..30, y 0..30) is refused by validate,
    new_game and play, at its own line, with every other problem at once."""
    path = tmp_path / "s.yaml"
    path.write_text(OFF_THE_PLATE)
    expected = [f"{path}:9:7: tank 1 of a at 80,20 is not on a's base plate (x 0..30, y 0..30 cm) (BT-3.3)",
                f"{path}:12:7: tank 4 of a at 40,5 is not on a's base plate (x 0..30, y 0..30 cm) (BT-3.3)"]
    assert [str(p) for p in check_file(path)] == expected
    with pytest.raises(DataError) as info:
        RULESET.new_game(path, {}, 1)
    assert str(info.value) == "\n".join(expected)
    rec = tmp_path / "r.yaml"
    code, out, err = run(["play", "battle-of-tanks", "--scenario", str(path), "--seat", "a=random",
                          "--seat", "b=random", "--record", str(rec)], capsys, monkeypatch)
    assert code == 1 and all(line in err for line in expected) and not rec.exists()
    code, out, err = run(["validate", str(path)], capsys, monkeypatch)
    assert code == 1 and all(line in out + err for line in expected)


def test_issue_27_10_bt_3_3_a_deployment_on_the_plate_starts_there(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(OFF_THE_PLATE.replace("{x: 80, y: 20}", "{x: 22, y: 22}").replace("{x: 40, y: 5}", "{x: 22, y: 8}"))
    assert check_file(path) == []
    game = RULESET.new_game(path, {}, 1)
    assert [(t.x, t.y, t.heading) for t in game.live("a")] == [
        (22.0, 22.0, 0.0), (10.0, 10.0, 0.0), (10.0, 22.0, 90.0), (22.0, 8.0, 0.0)]


def test_issue_27_10_more_deployed_places_than_tanks_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(OFF_THE_PLATE.replace("{x: 80, y: 20}", "{x: 22, y: 22}").replace("{x: 40, y: 5}", "{x: 22, y: 8}")
                    + "    - {x: 5, y: 25}\n")
    assert [str(p) for p in check_file(path)] == [
        f"{path}:9:5: scenario deploys 5 tank(s) for a but the army has 4 (BT-3.3)"]


def scenario_with(budget: str, army_a: str) -> str:
    return ("ruleset: battle-of-tanks\nkind: scenario\nname: x\ntable: village\n" + budget
            + "armies:\n  a: " + army_a + "\n  b: heavy-line\n")


def test_issue_27_11_bt_1_1_an_army_over_the_scenarios_budget_is_refused_at_its_line(tmp_path: Path) -> None:
    """The army's own budget (25) allows its 21 points; the scenario's (20) does not."""
    path = tmp_path / "s.yaml"
    path.write_text(scenario_with("budget: 20\n", "{budget: 25, tanks: [{card: tiger-i}, {card: tiger-i}, {card: is-2}]}"))
    assert [str(p) for p in check_file(path)] == [
        f"{path}:7:6: army a (Army): 21 tier points exceed the scenario's budget of 20 by 1 (BT-1.1)"]
    with pytest.raises(DataError):
        RULESET.new_game(path, {}, 1)


def test_issue_27_11_bt_1_1_armies_with_different_budgets_need_the_scenarios_one(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(scenario_with("", "{budget: 21, tanks: [{card: tiger-i}]}"))
    assert [str(p) for p in check_file(path)] == [
        f"{path}:6:3: the armies are bought with different budgets (a 21, b 20): give the scenario one "
        "'budget:' both are checked against (BT-1.1)"]
    path.write_text(scenario_with("budget: 21\n", "{budget: 21, tanks: [{card: tiger-i}]}"))
    assert check_file(path) == []


@pytest.mark.parametrize("name", SHIPPED)
def test_issue_27_11_every_shipped_scenario_buys_both_armies_with_its_one_budget(name: str) -> None:
    """BT-1.1: the default game is fair -- one budget, each army's own budget the
    same, and each army's total within it."""
    doc = load_document(DATA / "scenarios" / f"{name}.yaml")
    scen = Scenario.model_validate(doc.data)
    assert scen.budget is not None
    cards = cat.shipped_cards()
    for side, source in scen.armies.items():
        army, _, _ = cat.load_army(source, cards)
        assert army.budget == scen.budget, side
        assert sum(cards[t.card].tier for t in army.tanks) <= scen.budget, side


def can_turn_everywhere(game: BattleGame, key: str) -> list[float]:
    """Headings, every turn step round the circle, that ``key`` cannot turn to on the
    spot in a MOVE (BT-5.1: the turn is swept for collisions), judged by ``check``."""
    game = game.clone()
    t = game.tank(key)
    give_chit(game, t.side)
    game.apply(A.Declare(key, "MOVE"))
    assert game.phase == "path"
    step = game.rules.movement.turn_step_deg
    headings = [t.heading + step * k for k in range(1, round(360 / step))]
    return [h % 360 for h in headings if game.check(A.Drive((), h % 360)) is not None]


def legal_drives(game: BattleGame, key: str) -> list[A.Drive]:
    game = game.clone()
    give_chit(game, game.tank(key).side)
    game.apply(A.Declare(key, "MOVE"))
    drives = [a for a in game.legal_actions() if isinstance(a, A.Drive) and a.points]
    return [d for d in drives if game.check(d) is None]


@pytest.mark.parametrize("name", SHIPPED)
def test_issue_27_12_every_tank_of_a_shipped_scenario_can_turn_and_drive_at_the_start(name: str) -> None:
    """BT-3.3/BT-5.1: at the start every tank can turn on the spot through 360
    degrees without a collision, and has at least one legal drive."""
    game = RULESET.new_game(name, {}, 1)
    for t in game.tanks:
        assert can_turn_everywhere(game, t.key) == [], t.label
        assert legal_drives(game, t.key), t.label


@pytest.mark.parametrize("table", ["village", "wooded-ridge"])
def test_issue_27_12_automatic_set_up_leaves_room_to_turn_for_any_army_in_budget(table: str) -> None:
    """Random 20-point armies (up to five tanks): on the plate, and each tank's
    turning disc clear of every other's by the room the set-up promises."""
    rng = random.Random(12)
    for seed in range(12):
        armies = {"a": random_army(rng), "b": random_army(rng)}
        game = RULESET.new_game(None, {"table": table, "armies": armies}, seed)
        for t in game.tanks:
            assert game.field.on_plate(t.side, t.pose, t.length, t.width)
            assert can_turn_everywhere(game, t.key) == [], (armies, t.label)
            for o in game.tanks:
                if o.side == t.side and o.key < t.key:
                    apart = math.dist((t.x, t.y), (o.x, o.y))
                    assert apart >= turn_radius(t.length, t.width) + turn_radius(o.length, o.width) + TURN_ROOM_CM - 1e-6


def test_issue_27_12_bt_5_1_a_hemmed_in_tank_is_offered_short_drives() -> None:
    """The old set-up's back tank: every drive of the usual candidates runs into a
    neighbour or off the table, so the list offers short legal drives instead."""
    from tests.battle_of_tanks.helpers import make_game

    poses = {"a1": (12.5, 15.0, 0.0), "a2": (25.0, 15.0, 0.0), "a3": (12.5, 27.5, 0.0), "a4": (25.0, 27.5, 0.0),
             "b1": (100.0, 100.0, 180.0)}
    game = make_game(["t-80", "t-80", "t-80", "t-80"], ["tiger-i"], poses)
    drives = legal_drives(game, "a1")
    assert drives
    assert all(math.dist(d.points[0], (12.5, 15.0)) <= 10.1 for d in drives)  # 10 cm, to the notation's 0.1 cm


def test_issue_27_12_an_army_too_large_for_room_to_turn_is_still_set_up_on_its_plate() -> None:
    """Six tanks cannot each have a turning disc on a 30 cm corner plate: they are
    packed in rows 1.5 cm apart, on the plate and clear of one another (BT-3.3)."""
    from rulesets.battle_of_tanks.setup import PACKED_GAP_CM

    six = {"name": "six", "budget": 24, "tanks": [{"card": "t-80"}] * 6}
    game = RULESET.new_game(None, {"armies": {"a": six, "b": six}}, 1)
    for side in ("a", "b"):
        tanks = game.live(side)
        assert len(tanks) == 6
        assert all(game.field.on_plate(side, t.pose, t.length, t.width) for t in tanks)
        gaps = [t.footprint().distance(o.footprint()) for t in tanks for o in tanks if t.key < o.key]
        assert min(gaps) == pytest.approx(PACKED_GAP_CM)
