"""One word for unit cards: every shipped ruleset's data kind ``card``, with the
former names (``unit`` in Tank Chess, ``weapons`` in Duel of the Giants) still
read by ``validate``, ``schema`` and the loaders."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from core.registry import get_ruleset, kind_model
from core.resources import shipped

runner = CliRunner()

OLD_TC = """\
ruleset: tank-chess
kind: unit
id: BHT
based_on: HT
name: Big Heavy
letter: B
armour: {front: 4, side: 2, rear: 1}
"""


def _app():  # type: ignore[no-untyped-def]
    from cli.app import app

    return app


@pytest.mark.parametrize("ruleset", ["tank-chess", "battle-of-tanks", "duel-of-the-giants"])
def test_every_shipped_ruleset_calls_its_cards_kind_card(ruleset: str) -> None:
    assert "card" in get_ruleset(ruleset).data_kinds()
    schema = runner.invoke(_app(), ["schema", ruleset, "card"])
    assert schema.exit_code == 0 and '"properties"' in schema.output


@pytest.mark.parametrize(("ruleset", "old"), [("tank-chess", "unit"), ("duel-of-the-giants", "weapons")])
def test_the_former_kind_name_is_the_same_kind(ruleset: str, old: str) -> None:
    assert get_ruleset(ruleset).canonical_kind(old) == "card"
    assert kind_model(ruleset, old) is kind_model(ruleset, "card")


def test_tc_2_2_a_card_file_in_the_old_kind_validates_and_plays(tmp_path: Path) -> None:
    old = tmp_path / "old.yaml"
    old.write_text(OLD_TC, encoding="utf-8")
    checked = runner.invoke(_app(), ["validate", str(old)])
    assert checked.exit_code == 0, checked.output
    shown = runner.invoke(_app(), ["cards", "show", "tank-chess", "BHT", "--cards", str(old)])
    assert shown.exit_code == 0 and "Big Heavy" in shown.output
    assert get_ruleset("tank-chess").cards([old])["BHT"].armour.front == 4


def test_tc_2_2_a_new_card_starts_as_kind_card() -> None:
    new = runner.invoke(_app(), ["cards", "new", "tank-chess"])
    assert new.exit_code == 0 and "\nkind: card\n" in new.output


def test_dg_18_weapon_cards_in_the_old_kind_are_read(tmp_path: Path) -> None:
    text = shipped("duel_of_the_giants", "weapons.yaml").read_text(encoding="utf-8")
    assert "\nkind: card\n" in text
    old = tmp_path / "weapons.yaml"
    old.write_text(text.replace("\nkind: card\n", "\nkind: weapons\n").replace("name: Tiger", "name: Tiger I"),
                   encoding="utf-8")
    checked = runner.invoke(_app(), ["validate", str(old)])
    assert checked.exit_code == 0, checked.output
    assert get_ruleset("duel-of-the-giants").cards([old])["tiger"].name == "Tiger I"


def test_an_unknown_kind_names_the_card_kind() -> None:
    result = runner.invoke(_app(), ["schema", "tank-chess", "cards"])
    assert result.exit_code != 0
    assert "did you mean 'card'" in (result.output + str(result.exception))
