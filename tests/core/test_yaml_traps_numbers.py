"""A word YAML reads as a truth value where a number belongs (issue 25.7).

YAML 1.1 reads ``NO``, ``yes``, ``off`` as true or false, and pydantic takes
false as 0 and true as 1 for a number: ``range: NO`` came back as "Input should
be greater than or equal to 1" with no word of the trap, and ``speed: NO`` was
taken silently as a speed of 0. Both are now problems at their place that say
what YAML read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import Field

from cli.commands import validate_paths
from core.data import DataModel, parse_document, validate
from core.errors import DataError


class Gun(DataModel):
    range: int = Field(ge=1)
    speed: int = Field(ge=0)
    reload: float | None = None
    loaded: bool = False
    note: str = ""


def problems(text: str) -> list[str]:
    with pytest.raises(DataError) as info:
        validate(parse_document(text, "gun.yaml"), Gun)
    return [str(p) for p in info.value.problems]


def test_a_truth_value_for_a_number_is_a_problem_that_names_the_trap() -> None:
    assert problems("range: NO\nspeed: yes\nreload: off\n") == [
        "gun.yaml:1:8: range: a number is needed here -- YAML read NO as the boolean false",
        "gun.yaml:2:8: speed: a number is needed here -- YAML read yes as the boolean true",
        "gun.yaml:3:9: reload: a number is needed here -- YAML read off as the boolean false",
    ]


def test_the_trap_is_reported_with_the_other_problems_once() -> None:
    assert problems("range: NO\nspeed: -1\nnote: NO\n") == [
        "gun.yaml:1:8: range: a number is needed here -- YAML read NO as the boolean false",
        "gun.yaml:2:8: speed: Input should be greater than or equal to 0",
        'gun.yaml:3:7: note: Input should be a valid string -- YAML read NO as the boolean false; '
        'quote it ("NO") if you mean text',
    ]


def test_a_truth_value_where_one_belongs_and_quoted_words_are_left_alone() -> None:
    gun = validate(parse_document("range: 2\nspeed: 0\nloaded: yes\n", "gun.yaml"), Gun)
    assert gun.loaded is True and gun.speed == 0
    assert problems('range: "NO"\nspeed: 1\n') == [
        "gun.yaml:1:8: range: Input should be a valid integer, unable to parse string as an integer"]


def test_a_broken_card_named_by_several_files_is_reported_once(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A folder whose army names a broken card file, and whose scenario names the army:
    the card's problem is printed and counted once, not once per file that names it."""
    card = Path("data/battle_of_tanks/cards/t-80.yaml").read_text(encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(card.replace("id: t-80", "id: my-80")
                                        .replace("hit_points: 350", "hit_points: -5"), encoding="utf-8")
    (tmp_path / "army.yaml").write_text("ruleset: battle-of-tanks\nkind: army\nname: Mine\nbudget: 20\n"
                                        "cards: [mine.yaml]\ntanks:\n  - card: my-80\n", encoding="utf-8")
    (tmp_path / "scenario.yaml").write_text("ruleset: battle-of-tanks\nkind: scenario\nname: Mine\n"
                                            "table: wooded-ridge\narmies: {a: army.yaml, b: heavy-line}\n"
                                            "budget: 20\n", encoding="utf-8")
    assert validate_paths([tmp_path], json_out=False) == 1
    out, err = capsys.readouterr()
    assert err.count("hit_points: Input should be greater than 0") == 1, err
    assert "3 file(s) checked: 1 problem(s) in 1 file(s)" in out  # counted in the file it is in
