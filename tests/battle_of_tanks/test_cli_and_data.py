"""Army validation (BT-1), card validation (BT-2.2), shipped data and the CLI."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from core.data import parse_document
from core.errors import DataError
from core.resources import shipped
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.army import check_army
from rulesets.battle_of_tanks.catalogue import load_cards, shipped_cards

runner = CliRunner()

SPEARHEAD_EXAMPLE = """\
ruleset: battle-of-tanks
kind: army
name: Spearhead
budget: 20
tanks:
  - card: t-34-85m
  - card: pzkpfw-ii-luchs
    name: Lynx
"""


def _app():
    from cli.app import app

    return app


def test_bt_1_1_rulebook_budget_example_20_14_10():
    """BT-1.1: budget 20; T-34-85M (6) leaves 14; Luchs (4) leaves 10."""
    report = check_army(parse_document(SPEARHEAD_EXAMPLE, "army.yaml"), shipped_cards())
    assert [t.remaining for t in report.tanks] == [14, 10]
    assert (report.total, report.budget, report.remaining, report.valid) == (10, 20, 10, True)


def test_bt_1_2_unknown_card_with_line_and_suggestion():
    text = SPEARHEAD_EXAMPLE.replace("pzkpfw-ii-luchs", "pzkpfw-ii-lux")
    report = check_army(parse_document(text, "army.yaml"), shipped_cards())
    assert not report.valid
    [err] = report.errors
    assert (err.path, err.line) == ("army.yaml", 7)
    assert "unknown card 'pzkpfw-ii-lux'; did you mean 'pzkpfw-ii-luchs'?" in err.message


def test_bt_2_shipped_cards_match_the_rulebook():
    cards = shipped_cards()
    assert sorted(cards) == sorted(["pzkpfw-ii-luchs", "amx-12t", "t-80", "ebr-75-fl-10", "t-34-85m", "is-2", "tiger-i", "e-25"])
    tiger = cards["tiger-i"]
    assert (tiger.tier, tiger.hit_points, tiger.move_cm, tiger.sight_cm, tiger.recon, tiger.accuracy,
            tiger.rate_of_fire, tiger.firepower, tiger.repair) == (7, 1400, 20, 60, 3, 2, 2, 160, 4)
    luchs = cards["pzkpfw-ii-luchs"]
    assert (luchs.tier, luchs.hit_points, luchs.rate_of_fire, luchs.firepower) == (4, 310, 10, 30)


GOOD_CARD = """\
ruleset: battle-of-tanks
kind: card
id: my-tank
name: My Tank
tier: 5
hit_points: 600
move_cm: 40
sight_cm: 80
recon: 2+
accuracy: 3+
rate_of_fire: 2
firepower: 150
repair: 3+
"""


@pytest.mark.parametrize(("edit", "line", "needle"), [
    (lambda t: t.replace("hit_points: 600\n", ""), 1, "missing field 'hit_points'"),
    (lambda t: t.replace("firepower: 150", "firepower: -5"), 12, "firepower"),
    (lambda t: t.replace("accuracy: 3+", "accuracy: 7+"), 10, "1+ to 6+"),
    (lambda t: t.replace("repair: 3+", "repair: 0+"), 13, "1+ to 6+"),
])
def test_bt_2_2_bad_cards_rejected_with_line(tmp_path, edit, line, needle):
    path = tmp_path / "card.yaml"
    path.write_text(edit(GOOD_CARD))
    with pytest.raises(DataError) as exc:
        load_cards([path])
    [problem] = exc.value.problems
    assert problem.line == line and needle in problem.message
    assert str(problem).startswith(f"{path}:{line}:")


def test_bt_2_2_user_card_loads_and_based_on(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD_CARD)
    (tmp_path / "b.yaml").write_text("ruleset: battle-of-tanks\nkind: card\nid: big-tiger\nname: Big Tiger\nbased_on: tiger-i\nhit_points: 2000\n")
    cards = load_cards([tmp_path])
    assert cards["my-tank"].accuracy == 3
    assert cards["big-tiger"].hit_points == 2000 and cards["big-tiger"].firepower == 160


def test_shipped_data_validates_with_the_generic_validator():
    from pathlib import Path

    from cli.commands import check_file

    root = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks"
    files = sorted(root.rglob("*.yaml"))
    assert len(files) >= 8 + 1 + 2 + 2 + 2
    for f in files:
        assert check_file(f) == [], f


def test_table_validator_reports_unknown_terrain_and_outside(tmp_path):
    from cli.commands import check_file

    path = tmp_path / "t.yaml"
    path.write_text(textwrap.dedent("""\
        ruleset: battle-of-tanks
        kind: table
        name: bad
        bases:
          a: {x: 0, y: 0}
          b: {x: 100, y: 90}
        terrain:
          - {type: stone_hous, polygon: [[1, 1], [5, 1], [5, 5]]}
          - {type: wall, polygon: [[100, 100], [130, 100], [130, 110]]}
        """))
    problems = check_file(path)
    messages = [(p.line, p.message) for p in problems]
    assert any(line == 6 and "outside" in m for line, m in messages)
    assert any(line == 8 and "did you mean 'stone_house'" in m for line, m in messages)
    assert any(line == 9 and "outside the table" in m for line, m in messages)


# ----------------------------------------------------------------- the CLI
def test_cli_army_validate_ok_and_text(tmp_path):
    path = tmp_path / "army.yaml"
    path.write_text(SPEARHEAD_EXAMPLE)
    result = runner.invoke(_app(), ["army", "validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "left 14" in result.output and "left 10" in result.output
    assert "total 10 of 20: 10 left" in result.output


def test_cli_army_validate_over_budget_json(tmp_path):
    path = tmp_path / "army.yaml"
    path.write_text(SPEARHEAD_EXAMPLE)
    result = runner.invoke(_app(), ["army", "validate", str(path), "--budget", "8", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert set(data) >= {"valid", "total", "budget", "remaining", "tanks", "errors"}
    assert (data["valid"], data["total"], data["budget"], data["remaining"]) == (False, 10, 8, -2)
    assert [t["tier"] for t in data["tanks"]] == [6, 4]


def test_cli_army_validate_unknown_card_and_extra_cards(tmp_path):
    path = tmp_path / "army.yaml"
    path.write_text(SPEARHEAD_EXAMPLE + "  - card: my-tank\n")
    result = runner.invoke(_app(), ["army", "validate", str(path), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["errors"][0]["line"] == 9
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "mine.yaml").write_text(GOOD_CARD)
    result = runner.invoke(_app(), ["army", "validate", str(path), "--cards", str(tmp_path / "cards")])
    assert result.exit_code == 0, result.output
    assert "over budget" not in result.output and "total 15 of 20: 5 left" in result.output


def test_cli_army_validate_usage_errors_exit_2(tmp_path):
    assert runner.invoke(_app(), ["army", "validate", str(tmp_path / "none.yaml")]).exit_code == 2
    assert runner.invoke(_app(), ["army", "validate"]).exit_code == 2
    path = tmp_path / "army.yaml"
    path.write_text(SPEARHEAD_EXAMPLE)
    assert runner.invoke(_app(), ["army", "validate", str(path), "--budget", "-1"]).exit_code == 2


def test_cli_play_two_computer_seats_json_and_record(tmp_path):
    army = tmp_path / "mine.yaml"
    army.write_text(SPEARHEAD_EXAMPLE)
    record = tmp_path / "game.yaml"
    result = runner.invoke(_app(), [
        "play", "battle-of-tanks", "--seat", "a=random", "--seat", "b=greedy", "--seed", "3",
        "--army", f"a={army}", "--option", "victory.max_rounds=3", "--record", str(record), "--json",
    ])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    assert data["ruleset"] == "battle-of-tanks" and data["outcome"] is not None
    army.unlink()  # the record must not need the user's file
    from core.record import load_record, replay

    rec, doc = load_record(record)
    assert rec.options["armies"]["a"]["name"] == "Spearhead"
    game = replay(rec, RULESET, doc, verify=True)
    assert game.outcome() is not None


def test_play_default_scenario_runs_without_arguments():
    game = RULESET.new_game(None, {}, 0)
    assert game.scenario == "village-crossroads"
    assert len(game.tanks) == 7
    # BT-3.3: every tank starts on its own base plate
    for t in game.tanks:
        assert game.field.bases[t.side].covers(t.footprint())
    assert "a1" in game.render()


def test_render_svg_has_terrain_tanks_and_shadow():
    from rulesets.battle_of_tanks.actions import Declare, Fire, Shot
    from tests.battle_of_tanks.helpers import card, give_chit, make_game

    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  terrain=[{"type": "stone_house", "polygon": [[40, 70], [50, 70], [50, 80], [40, 80]]}],
                  cards=[card("gun"), card("target")])
    give_chit(g, "a")
    g.apply(Declare("gun#1", "FIRE"))
    g.apply(Fire((Shot("b1"),)))
    svg = RULESET.render_svg(g)
    assert svg.startswith("<svg") and 'class="cover-shadow"' in svg and 'class="last-shot"' in svg
    assert svg.count('class="tank"') + svg.count('class="tank ') == 2
    assert 'class="tank ordered"' in svg  # the shooter's FIRE chit (issue 29.2)


def test_options_inline_armies_and_cards_contract():
    """The AI helper's balance tool: inline armies and cards, stored as data."""
    options = {"armies": {"a": {"budget": 10, "tanks": [{"card": "new-one"}]},
                          "b": {"budget": 10, "tanks": [{"card": "t-80"}]}},
               "cards": [{"id": "new-one", "name": "New", "tier": 5, "hit_points": 100, "move_cm": 10,
                          "sight_cm": 50, "recon": "1+", "accuracy": "4+", "rate_of_fire": 1,
                          "firepower": 10, "repair": "2+"}]}
    game = RULESET.new_game("ridge-assault", options, 1)
    assert [t.card.id for t in game.tanks] == ["new-one", "t-80"]
    assert game.options["cards"][0]["id"] == "new-one"
    assert game.options["armies"]["a"]["tanks"] == [{"card": "new-one"}]
    over = {"armies": {"a": {"budget": 3, "tanks": [{"card": "t-80"}]}}}
    with pytest.raises(Exception, match="BT-1.1"):
        RULESET.new_game(None, over, 1)


def test_unknown_or_bad_setting_is_a_clear_error():
    from core.errors import TanktableError

    with pytest.raises(TanktableError, match="did you mean 'spotting.required_for_cover'"):
        RULESET.new_game(None, {"spotting.required_for_covr": False}, 0)
    with pytest.raises(TanktableError, match="victory.max_rounds|max_rounds"):
        RULESET.new_game(None, {"victory.max_rounds": 0}, 0)
    game = RULESET.new_game(None, {"penetration_die": ["T", "T", "T", "T", "T", "T"]}, 0)
    assert game.rules.penetration_die == ["T"] * 6


def test_scenario_with_missing_army_file_reports_its_line(tmp_path):
    from cli.commands import check_file

    path = tmp_path / "s.yaml"
    path.write_text("ruleset: battle-of-tanks\nkind: scenario\nname: x\ntable: village\narmies:\n  a: spearhead\n  b: nowhere.yaml\n")
    [problem] = check_file(path)
    assert problem.line == 7 and "no army 'nowhere.yaml'" in problem.message


def test_a_scenarios_wrong_sides_and_bad_settings_each_at_its_own_place_in_one_run(tmp_path):
    """Authoring playtest: a side ``c`` under armies and deploy, a misspelt setting and a
    wrong-typed one were reported one per run, the sides at 1:1. Now all at once, each
    at its key (an unknown name) or value (a bad value)."""
    from cli.commands import check_file

    path = tmp_path / "s.yaml"
    path.write_text("ruleset: battle-of-tanks\nkind: scenario\nname: x\ntable: village\n"
                    "armies: {a: spearhead, b: heavy-line, c: spearhead}\ndeploy:\n  c: []\nsettings:\n"
                    "  victory.max_roundz: 12\n  victory.max_rounds: lots\n")
    found = sorted((p.line, p.col, p.message) for p in check_file(path))
    assert [(line, col) for line, col, _ in found] == [(5, 39), (7, 3), (9, 3), (10, 23)], found
    assert "unknown side 'c'" in found[0][2] and "unknown side 'c'" in found[1][2]
    assert "did you mean 'victory.max_rounds'" in found[2][2] and "victory.max_rounds" in found[3][2]
    path.write_text("ruleset: battle-of-tanks\nkind: scenario\nname: x\ntable: village\narmies:\n  a: spearhead\n")
    [missing] = check_file(path)
    assert missing.line == 6 and "give one army for each side, a and b" in missing.message


def test_decision_settings_nearest_enemy_cover_and_centre_sight():
    from tests.battle_of_tanks.helpers import card, make_game

    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  cards=[card("gun", sight_cm=36), card("target")], **{"sight.measure": "centres"})
    assert not g.sight(g.tank("a1"), g.tank("b1")).in_range  # 40 cm between centres
    g2 = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                   cards=[card("gun", sight_cm=36), card("target")])
    assert g2.sight(g2.tank("a1"), g2.tank("b1")).in_range  # 30 cm between footprints
    g3 = make_game(["gun"], ["near", "far"], {"a1": (20, 60, 0), "b1": (40, 60, 180), "b2": (20, 100, 270)},
                   cards=[card("gun"), card("near"), card("far")],
                   terrain=[{"type": "stone_house", "polygon": [[26, 50], [30, 50], [30, 70], [26, 70]]}],
                   **{"retreat.cover_from": "nearest_enemy"})
    from core.geometry import Pose

    assert g3.in_cover_at(g3.tank("a1"), Pose(20, 60, 0))
    g4 = make_game(["gun"], ["near", "far"], {"a1": (20, 60, 0), "b1": (40, 60, 180), "b2": (20, 100, 270)},
                   cards=[card("gun"), card("near"), card("far")],
                   terrain=[{"type": "stone_house", "polygon": [[26, 50], [30, 50], [30, 70], [26, 70]]}])
    assert not g4.in_cover_at(g4.tank("a1"), Pose(20, 60, 0))  # the far tank sees it in the open


def test_a_table_beyond_any_real_size_is_refused_at_its_line(tmp_path: Path) -> None:
    """Issue 21: ``depth_cm: 1e300`` is finite but no table; the geometry would spend
    minutes on it. Sizes are bounded (100 m) and refused at their place."""
    from cli.commands import check_file

    table = (Path(str(shipped("battle_of_tanks", "tables"))) / "village.yaml").read_text()
    path = tmp_path / "huge.yaml"
    path.write_text(table.replace("depth_cm: 120", "depth_cm: 1e300"))
    (problem,) = check_file(path)
    assert str(problem).startswith(f"{path}:") and "depth_cm" in str(problem) and "10000" in str(problem)
