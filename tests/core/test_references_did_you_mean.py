"""Walkthrough point 3: a reference with a typo in a file name (``armyy.yaml``) is
refused with a did-you-mean naming the file beside it (``army.yaml``), as a typo in
a shipped name already is; a confined rule (a server) never lists a folder for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.references import BadReference, confined_to, resolve

ARMIES = ("battle_of_tanks", "armies")


def _refusal(name: str, beside: Path | None = None) -> str:
    with pytest.raises(BadReference) as refused:
        resolve(name, "army", beside=beside, shipped_folder=ARMIES)
    return str(refused.value)


def test_walkthrough_3_a_mistyped_file_name_suggests_the_file_beside_it(tmp_path: Path) -> None:
    (tmp_path / "army.yaml").write_text("x: 1\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "reserve.yaml").write_text("x: 1\n", encoding="utf-8")
    assert _refusal("armyy.yaml", tmp_path) == (
        "no army 'armyy.yaml': not a shipped army nor a file; did you mean 'army.yaml'? "
        "(shipped: heavy-line, recon-screen, spearhead)")
    # the folder as written is kept; a typo in a shipped name still finds it
    assert "; did you mean 'sub/reserve.yaml'?" in _refusal("sub/reserv.yaml", tmp_path)
    assert "; did you mean 'spearhead'?" in _refusal("spearhed", tmp_path)
    # '.yaml' alone makes no two names alike, and other suffixes are not offered
    assert "did you mean" not in _refusal("nowhere.yaml", tmp_path)
    assert "did you mean" not in _refusal("notes.yaml", tmp_path)
    # a name without its suffix for a file beside it ('army' for army.yaml) names the file
    assert "; did you mean 'army.yaml'?" in _refusal("army", tmp_path)


def test_walkthrough_3_a_confined_rule_suggests_no_file(tmp_path: Path) -> None:
    (tmp_path / "army.yaml").write_text("x: 1\n", encoding="utf-8")
    with confined_to(tmp_path):
        refusal = _refusal("armyy.yaml", tmp_path)
    assert refusal.startswith("no army 'armyy.yaml': not a shipped army nor a file (shipped:")
