"""`tanktable validate` over everything we ship, and ruleset-aware validation."""

from __future__ import annotations

from pathlib import Path

from cli.commands import check_file
from core.data import yaml_files

DATA = Path(__file__).resolve().parents[2] / "data"


def test_every_shipped_data_file_is_valid() -> None:
    files = yaml_files([DATA])
    assert len(files) > 30
    problems = [str(p) for f in files for p in check_file(f)]
    assert problems == []


def test_bt_2_2_card_based_on_a_shipped_card_validates(tmp_path: Path) -> None:
    card = tmp_path / "super.yaml"
    card.write_text(
        "ruleset: battle-of-tanks\nkind: card\nid: t-34-super\nname: T-34 Super\n"
        "based_on: t-34-85m\ntier: 7\nfirepower: 200\n"
    )
    assert check_file(card) == []
    card.write_text("ruleset: battle-of-tanks\nkind: card\nid: x\nbased_on: t-34-8m\n")
    (problem,) = check_file(card)
    assert str(problem) == f"{card}:4:11: based_on: unknown card 't-34-8m'; did you mean 't-34-85m'?"


def test_bt_2_2_card_based_on_a_card_of_ones_own_beside_it_validates(tmp_path: Path) -> None:
    """Authoring playtest of issue 60: a variant of the designer's own Panther, in the same
    folder, was "unknown card 'panther'" to ``validate`` though ``--cards FOLDER`` and an
    army's ``cards:`` read it; the folder's cards now count, a misspelt one is still named.
    ``--cards FOLDER`` refused a folder that also held an army; it now passes over it."""
    (tmp_path / "panther.yaml").write_text(
        "ruleset: battle-of-tanks\nkind: card\nid: panther\nname: Panther\nbased_on: t-34-85m\ntier: 7\n")
    (tmp_path / "army.yaml").write_text("ruleset: battle-of-tanks\nkind: army\nnmae: broken\n")  # not a card
    variant = tmp_path / "panther-g.yaml"
    variant.write_text("ruleset: battle-of-tanks\nkind: card\nid: panther-g\nname: Panther G\n"
                       "based_on: panther\naccuracy: 2+\n")
    assert check_file(variant) == []
    from typer.testing import CliRunner

    from cli.app import app

    shown = CliRunner().invoke(app, ["cards", "show", "battle-of-tanks", str(variant)])
    assert shown.exit_code == 0, shown.output  # cards show FILE reads it as validate does
    assert "id: panther-g" in shown.output and "tier: 7" in shown.output and "id: panther\n" not in shown.output
    # --cards FOLDER reads the folder's cards and passes over its army (a file of another kind)
    listed = CliRunner().invoke(app, ["cards", "list", "battle-of-tanks", "--cards", str(tmp_path)])
    assert listed.exit_code == 0, listed.output
    assert "panther-g" in listed.output and "army" not in listed.output
    # and a game (balance, --option cards=FOLDER) reads the folder alike, bases first
    from core.registry import get_ruleset

    game = get_ruleset("battle-of-tanks").new_game(None, {"cards": [str(tmp_path)]}, 0)
    assert game is not None
    variant.write_text("ruleset: battle-of-tanks\nkind: card\nid: panther-g\nbased_on: panthr\n")
    (problem,) = check_file(variant)
    assert str(problem).endswith("based_on: unknown card 'panthr'; did you mean 'panther'?")


def test_validate_reports_form_and_names_together_authoring_playtest(tmp_path: Path) -> None:
    """Authoring playtest: validate promises every problem of a file at once, but a wrong
    name hid a typo of the form (a card's unknown base card) or the form hid the names (an
    army's unknown card, a table's terrain type, a scenario's army). Both now, each at its
    line: a card (BT-2.2), an army (BT-1.2), a table (BT-3.2) and a scenario."""
    head = "ruleset: battle-of-tanks\n"
    cases = {
        "card.yaml": (head + "kind: card\nid: x\nnmae: X\nbased_on: t-34-8m\n",
                      ["4:1: unknown field 'nmae'", "5:11: based_on: unknown card 't-34-8m'"]),
        "army.yaml": (head + "kind: army\nname: A\nbudget: 20\nnmae: x\ntanks:\n  - card: tiger-l\n",
                      ["5:1: unknown field 'nmae'", "7:11: unknown card 'tiger-l'"]),
        "table.yaml": (head + "kind: table\nname: T\nwidht_cm: 80\ndepth_cm: 80\nterrain:\n"
                       "  - {name: barn, type: stone_hous, polygon: [[1, 1], [5, 1], [5, 5]]}\n",
                       ["4:1: unknown field 'widht_cm'", "7:24: unknown terrain type 'stone_hous'"]),
        "scen.yaml": (head + "kind: scenario\nnmae: S\ntable: village\narmies:\n  a: spearhead\n  b: spearhed\n",
                      ["3:1: unknown field 'nmae'", "7:6: b: no army 'spearhed'"]),
    }
    for name, (text, expected) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        shown = [str(p) for p in check_file(path)]
        for start in expected:
            assert any(s.startswith(f"{path}:{start}") for s in shown), (name, shown)
