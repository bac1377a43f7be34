"""``tanktable army validate`` says everything wrong with a list in one run and
what the points left still buy (issue 60.3, BT-1.1, BT-1.2)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.console import tanktable


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "army.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_structural_typo_and_unknown_cards_reported_together_issue_60_3(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A typo such as ``nmae:`` no longer hides the roster: every unknown card is
    named in the same run, each at file:line:col."""
    path = _write(tmp_path, """\
        ruleset: battle-of-tanks
        kind: army
        nmae: Typo
        budget: 20
        tanks:
          - card: firefly
          - card: t-34-85m
          - card: tigr
        """)
    code, out = tanktable(monkeypatch, capsys, "army", "validate", str(path))
    assert code == 1
    assert f"{path}:3:1: unknown field 'nmae'" in out
    assert f"{path}:6:11: unknown card 'firefly'" in out
    assert f"{path}:8:11: unknown card 'tigr'; did you mean 'tiger-i'?" in out
    assert "t-34-85m'" not in out.replace("did you mean 't-34-85m'", "")


def test_structural_problem_with_own_cards_still_knows_them_issue_60_3(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A card the broken file carries itself is not called unknown."""
    path = _write(tmp_path, """\
        ruleset: battle-of-tanks
        kind: army
        nmae: Typo
        budget: 20
        cards:
          - {id: firefly, based_on: t-34-85m, name: Firefly, tier: 5}
        tanks:
          - card: firefly
        """)
    code, out = tanktable(monkeypatch, capsys, "army", "validate", str(path))
    assert code == 1
    assert "nmae" in out
    assert "unknown card" not in out


def test_what_still_fits_the_points_left_issue_60_3(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"7 left" lists the cards of tier 7 or less, and "3 left" says nothing costs 3
    or less (BT-1.1)."""
    seven = _write(tmp_path, """\
        ruleset: battle-of-tanks
        kind: army
        name: Seven left
        budget: 13
        tanks:
          - card: t-34-85m
        """)
    code, out = tanktable(monkeypatch, capsys, "army", "validate", str(seven))
    assert code == 0, out
    line = next(x for x in out.splitlines() if x.startswith("still fits in 7:"))
    assert "tier 7" in line and "Tiger I" in line and "T-34-85M" in line
    assert "tier 8" not in line
    code, out = tanktable(monkeypatch, capsys, "army", "validate", str(seven), "--json")
    fits = json.loads(out)["fits"]
    assert fits and all(f["tier"] <= 7 for f in fits)
    assert {"card": "tiger-i", "name": "Tiger I", "tier": 7} in fits
    code, out = tanktable(monkeypatch, capsys, "army", "validate", str(seven), "--budget", "9")
    assert "nothing fits in 3: no card costs 3 or less (the cheapest" in out
    code, out = tanktable(monkeypatch, capsys, "army", "validate", str(seven), "--budget", "6")
    assert "total 6 of 6: 0 left (BT-1.1)" in out and "fits in" not in out  # authoring playtest of issue 60


def test_duplicate_tank_names_warn_with_the_line_issue_60_3(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Two tanks named alike pass (the table renames one) but are warned of, at the
    second one's line."""
    path = _write(tmp_path, """\
        ruleset: battle-of-tanks
        kind: army
        name: Twins
        budget: 20
        tanks:
          - card: t-34-85m
            name: Bob
          - card: t-34-85m
            name: bob
          - card: t-34-85m
            name: Kätzchen
          - card: t-34-85m
            name: Kötzchen
          - card: t-34-85m
            name: Katzchen
        """)
    code, out = tanktable(monkeypatch, capsys, "army", "validate", str(path), "--budget", "30")
    assert code == 0, out
    assert (f"warning: {path}:9:11: tanks 1 and 2 both get the label 'bob' from their names ('Bob', 'bob'): "
            "the table tells them apart as bob and bob#2") in out
    # authoring playtest: labels compared as the table makes them, the right tanks named;
    # Kätzchen and Kötzchen stay apart (no warning), Kätzchen and Katzchen are one label
    assert f"{path}:15:11: tanks 3 and 5 both get the label 'katzchen'" in out
    assert out.count("warning:") == 2 and "kotzchen" not in out
    code, out = tanktable(monkeypatch, capsys, "army", "validate", str(path), "--json")
    assert json.loads(out)["warnings"][0]["line"] == 9


def test_labels_of_names_outside_ascii_are_transliterated_not_mangled() -> None:
    """Authoring playtest: Kätzchen, Kötzchen and Ärger were labelled k-tzchen, k-tzchen#2
    and rger; their letters lose only their marks, so distinct names stay distinct."""
    from rulesets.battle_of_tanks.names import name_label
    from rulesets.battle_of_tanks.setup import tank_label

    used: set[str] = set()
    assert [tank_label(n, "t34", {}, used) for n in ("Kätzchen", "Kötzchen", "Ärger")] == \
        ["katzchen", "kotzchen", "arger"]
    assert name_label("Straße 7") == "strasse-7" and name_label("Ёж") == "tank"
