"""Position documents (issue 17): any reachable state round-trips, loads with
the same checks as a scenario, and works from the command line."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.data import load_document
from core.errors import DataError
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.game import BattleGame
from tests.cli.test_cli_core import run

DATA = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks"
EXAMPLE = DATA / "positions" / "crossroads-ambush.yaml"


def playout(scenario: str, seed: int, steps: int) -> BattleGame:
    """A reachable state: ``steps`` random decisions of a shipped scenario."""
    game = RULESET.new_game(scenario, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def same_game(a: BattleGame, b: BattleGame) -> None:
    assert [a.format_action(x) for x in a.legal_actions()] == [b.format_action(x) for x in b.legal_actions()]
    for p in (None, 0, 1):
        assert a.view(p) == b.view(p)
    assert (a.to_move(), a.decision(), a.outcome()) == (b.to_move(), b.decision(), b.outcome())
    assert a.render() == b.render()


REACHABLE = given(scenario=st.sampled_from(RULESET.scenarios()), seed=st.integers(0, 10_000),
                  steps=st.integers(0, 150))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@REACHABLE
def test_position_round_trip_of_reachable_states(scenario: str, seed: int, steps: int) -> None:
    """position -> from_position -> position is identical; the game offers the same."""
    check_round_trip(scenario, seed, steps)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@REACHABLE
def test_position_round_trip_of_many_reachable_states(scenario: str, seed: int, steps: int) -> None:
    check_round_trip(scenario, seed, steps)


def check_round_trip(scenario: str, seed: int, steps: int) -> None:
    game = playout(scenario, seed, steps)
    doc = game.position()
    text = yaml.safe_dump(doc, sort_keys=False)  # plain YAML-safe data
    assert yaml.safe_load(text) == doc
    again = RULESET.from_position(doc, seed=seed + 1)
    assert again.position() == doc
    same_game(game, again)


def test_position_validates_against_its_model_and_the_shipped_example() -> None:
    game = playout("ridge-assault", 4, 30)
    assert RULESET.validate_document("position", load_document(EXAMPLE)) == []
    from core.data import Document

    assert RULESET.validate_document("position", Document(path="<p>", data=game.position())) == []


def test_the_example_is_an_ambush_window_with_the_tiger_ready() -> None:
    """BT-7.2: the shipped example stops in a window where a's AMX may fire."""
    game = RULESET.from_position(load_document(EXAMPLE).data, 1)
    assert game.phase == "window" and game.players[game.to_move()] == "a"
    assert [t.label for t in game.ambushers("a")] == ["amx#1"]
    assert [game.format_action(a) for a in game.legal_actions()][-1] == "pass"


def test_custom_cards_and_settings_travel_in_the_position() -> None:
    from tests.battle_of_tanks.helpers import card, make_game

    game = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                     cards=[card("gun"), card("target")], **{"spotting.required_for_cover": False})
    doc = game.position()
    assert doc["options"]["spotting.required_for_cover"] is False
    assert [c["id"] for c in doc["options"]["cards"]] == ["gun", "target"]
    assert isinstance(doc["table"], dict) and doc["table"]["name"] == "test table"
    again = RULESET.from_position(doc)
    assert not again.rules.spotting.required_for_cover and again.tank("a1").card.id == "gun"


def _broken(tmp_path: Path, edit: Any) -> Path:
    data = yaml.safe_load(EXAMPLE.read_text())
    edit(data)
    path = tmp_path / "p.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize(("edit", "needle", "message"), [
    (lambda d: d["tanks"][0].update(x=-3.0), "key: a1", "lies partly off the 120 x 120 cm table (BT-5.1)"),
    (lambda d: d["tanks"][3].update(x=80.0, y=40.0), "key: a4", "stands in impassable mill (BT-5.1)"),
    (lambda d: d["tanks"][1].update(x=19.0, y=23.5), "key: a2", "lynx overlaps t34#1 (BT-5.1)"),
    (lambda d: d["tanks"][2].update(card="amx-13"), "card: amx-13", "unknown card 'amx-13'"),
    (lambda d: d["tanks"][6].update(hp=900), "hp: 900", "more than the card's 830"),
    (lambda d: d.update(to_move="b"), "to_move: b", "the window decision of tiger#1's activation is a's"),
    (lambda d: d["drawn"].remove("a2"), "order: FIRE", "lynx has an order, so its chit is drawn (BT-4.2)"),
    (lambda d: d["bag"].append("a1"), "- a1", "duplicate chits"),
    (lambda d: d["tanks"][2].update(ambush_since=99), "ambush_since: 99", "a waiting ambush gives the round it was set in"),
    (lambda d: d.update(table="villag"), "table: villag", "did you mean 'village'"),
    (lambda d: d["options"].update({"victory.max_round": 3}), "victory.max_round:", "did you mean 'victory.max_rounds'"),
])
def test_a_broken_position_is_refused_at_its_line(tmp_path: Path, edit: Any, needle: str, message: str) -> None:
    from cli.commands import check_file

    path = _broken(tmp_path, edit)
    problems = check_file(path)
    assert problems, "the broken position was accepted"
    line = _line_of(path, needle)
    assert any(p.line == line and message in p.message for p in problems), [str(p) for p in problems]
    with pytest.raises(DataError):
        RULESET.from_position(yaml.safe_load(path.read_text()))


def test_cli_validate_reports_file_line_col(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    path = _broken(tmp_path, lambda d: d["tanks"][2].update(card="amx-13"))
    code, out, err = run(["validate", str(path)], capsys, monkeypatch)
    line = _line_of(path, "card: amx-13")
    assert code == 1 and f"{path}:{line}:" in out + err and "unknown card 'amx-13'" in out + err


def test_cli_play_from_a_position_and_verify_its_record(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    rec = tmp_path / "r.yaml"
    code, out, err = run(["play", "battle-of-tanks", "--position", str(EXAMPLE), "--seat", "a=random",
                          "--seat", "b=random", "--seed", "2", "--record", str(rec), "--board", "none"],
                         capsys, monkeypatch)
    assert code == 0, err
    data = yaml.safe_load(rec.read_text())
    assert data["position"]["round"] == 5 and data["moves"]
    code, out, err = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code == 0, err


def test_cli_save_position_at_the_prompt_then_play_it(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    saved = tmp_path / "saved.yaml"
    code, out, err = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "5",
                          "--board", "none"], capsys, monkeypatch,
                         stdin=f"save position {saved}\nquit\n")
    assert saved.exists(), out + err
    game = RULESET.new_game(None, {}, 5)
    assert yaml.safe_load(saved.read_text()) == game.position()
    code, out, err = run(["validate", str(saved)], capsys, monkeypatch)
    assert code == 0, out + err


SCENARIO_IN_A_HOUSE = """\
ruleset: battle-of-tanks
kind: scenario
name: Parked in the church
table: village
armies: {a: spearhead, b: heavy-line}
deploy:
  a:
    - {x: 10, y: 10}
    - {x: 60, y: 60}
    - {x: 10, y: 20}
    - {x: 20, y: 10}
"""


def test_a_scenario_is_checked_the_same_by_validate_play_and_new_game(tmp_path: Path, capsys: Any,
                                                                     monkeypatch: Any) -> None:
    """Issue 17 bug 7 for Battle of Tanks: a tank deployed inside the church is refused
    by ``validate``, by ``play`` (before the first move) and by ``new_game`` (records);
    the church is off a's base plate too (BT-3.3, issue 27.10), and both are said."""
    from cli.commands import check_file

    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO_IN_A_HOUSE)
    off_plate = f"{path}:9:7: tank 2 of a at 60,60 is not on a's base plate (x 0..30, y 0..30 cm) (BT-3.3)"
    expected = f"{path}:9:7: tank 2 of a at 60,60 stands in impassable church (BT-5.1)"
    assert [str(p) for p in check_file(path)] == [off_plate, expected]
    with pytest.raises(DataError) as info:
        RULESET.new_game(path, {}, 1)
    assert str(info.value) == f"{off_plate}\n{expected}"
    rec = tmp_path / "r.yaml"
    code, out, err = run(["play", "battle-of-tanks", "--scenario", str(path), "--seat", "a=random",
                          "--seat", "b=random", "--record", str(rec)], capsys, monkeypatch)
    assert code == 1 and expected in err and not rec.exists()


def test_a_scenario_army_over_budget_is_refused_by_validate_too(tmp_path: Path) -> None:
    """BT-1.1: validate used to pass a scenario whose inline army play refused."""
    from cli.commands import check_file

    path = tmp_path / "s.yaml"
    path.write_text("ruleset: battle-of-tanks\nkind: scenario\nname: x\ntable: village\nbudget: 20\narmies:\n"
                    "  a: {budget: 5, tanks: [{card: tiger-i}]}\n  b: heavy-line\n")
    [problem] = check_file(path)
    assert (problem.line, problem.message) == (7, "army a (Army): 7 tier points exceed the budget of 5 by 2 (BT-1.1)")
