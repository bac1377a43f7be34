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
