"""The YAML loader: every problem with its line and column, all at once, no traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.data import Document, load_document, parse_document, resolve_based_on, validate
from core.errors import DataError
from tests.toy import PigCard


def problems(text: str, model: type = PigCard) -> list[str]:
    with pytest.raises(DataError) as info:
        validate(parse_document(text, "card.yaml"), model)
    return [str(p) for p in info.value.problems]


GOOD = "ruleset: pig\nkind: card\nname: Hog\nspeed: 3\n"


def test_valid_file_loads() -> None:
    card = validate(parse_document(GOOD, "card.yaml"), PigCard)
    assert card.name == "Hog" and card.speed == 3


def test_duplicate_key_is_reported_at_the_second_key() -> None:
    with pytest.raises(DataError) as info:
        parse_document(GOOD + "name: Boar\n", "card.yaml")
    assert [str(p) for p in info.value.problems] == [
        "card.yaml:5:1: duplicate key 'name' (first at line 3)"
    ]


def test_unknown_field_with_suggestion() -> None:
    assert problems(GOOD + "sped: 4\n") == ["card.yaml:5:1: unknown field 'sped'; did you mean 'speed'?"]


def test_unknown_field_in_nested_model_names_its_fields() -> None:
    got = problems(GOOD + "die:\n  sides: 6\n  colour: red\n")
    assert got == ["card.yaml:7:3: unknown field 'colour'; known fields: faces, sides"]


def test_wrong_type_points_at_the_value() -> None:
    got = problems("ruleset: pig\nkind: card\nname: Hog\nspeed: fast\n")
    assert len(got) == 1 and got[0].startswith("card.yaml:4:8: speed: Input should be a valid integer")


def test_missing_field_points_at_the_mapping() -> None:
    assert problems("ruleset: pig\nkind: card\nname: Hog\n") == ["card.yaml:1:1: missing field 'speed'"]


def test_several_problems_are_all_reported() -> None:
    got = problems("ruleset: pig\nkind: card\nspeed: -1\ntags: [a, [b]]\nextra: 1\n")
    assert got == [
        "card.yaml:1:1: missing field 'name'",
        "card.yaml:3:8: speed: Input should be greater than or equal to 0",
        "card.yaml:4:11: Input should be a valid string",
        "card.yaml:5:1: unknown field 'extra'; known fields: die, kind, motto, name, ruleset, speed, tags",
    ]


def test_yaml_11_no_in_text_field_says_to_quote_it() -> None:
    got = problems(GOOD + "motto: NO\n")
    assert len(got) == 1
    assert got[0].startswith("card.yaml:5:8: motto: Input should be a valid string")
    assert 'YAML read NO as the boolean false; quote it ("NO")' in got[0]


def test_yaml_11_sexagesimal_time_says_to_quote_it() -> None:
    got = problems(GOOD + "motto: 12:30\n")
    assert "YAML read 12:30 as the number 750" in got[0] and 'quote it ("12:30")' in got[0]


def test_syntax_error_has_line_and_column() -> None:
    with pytest.raises(DataError) as info:
        parse_document("ruleset: pig\nkind: [card\nname: x\n", "bad.yaml")
    (problem,) = info.value.problems
    assert str(problem).startswith("bad.yaml:3:5: YAML syntax error")


def test_alias_bomb_is_refused_after_bounded_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine levels of nine aliases would expand to 387 million values; the loader
    stops after building at most ``max_nodes`` of them (counted, not timed)."""
    from core import data

    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 9)}]")
    built = {"n": 0}
    build = data._Builder.build

    def counting(self: Any, node: Any, loc: Any) -> Any:
        built["n"] += 1
        return build(self, node, loc)

    monkeypatch.setattr(data._Builder, "build", counting)
    with pytest.raises(DataError) as info:
        parse_document("\n".join(lines), "bomb.yaml", max_nodes=10_000)
    assert built["n"] <= 10_000 + 1
    assert "refused: the file expands to more than 10000 values" in str(info.value)


def test_recursive_alias_is_refused() -> None:
    with pytest.raises(DataError, match="refers to itself"):
        parse_document("a: &x [1, *x]\n", "loop.yaml")


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 2000 + "\n")
    with pytest.raises(DataError, match="refused: .* larger than the limit of 1000"):
        load_document(big, max_bytes=1000)


def test_missing_file_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load_document(tmp_path / "nope.yaml")


def test_merge_keys_work() -> None:
    doc = parse_document("base: &b {speed: 3, name: x}\ncard:\n  <<: *b\n  name: y\n")
    assert doc.data["card"] == {"speed": 3, "name": "y"}


def test_positions_of_values_and_keys() -> None:
    doc: Document = parse_document("a:\n  b: [1, 2]\n")
    assert doc.where(("a", "b", 1)) == (2, 10)
    assert doc.where(("a", "b"), key=True) == (2, 3)
    assert doc.where(("a", "zzz")) == (2, 3)


def test_based_on_merges_profiles_and_detects_cycles() -> None:
    cards = {"super": {"based_on": "heavy", "speed": 2, "armour": {"front": 4}}}
    profiles = {"heavy": {"speed": 3, "armour": {"front": 3, "side": 2}}}
    assert resolve_based_on(cards, profiles)["super"] == {"speed": 2, "armour": {"front": 4, "side": 2}}
    with pytest.raises(KeyError, match="cycle"):
        resolve_based_on({"a": {"based_on": "b"}, "b": {"based_on": "a"}})
    with pytest.raises(KeyError, match="did you mean 'heavy'"):
        resolve_based_on({"a": {"based_on": "heavvy"}}, profiles)
