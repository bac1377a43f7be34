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
