"""Issue 60.6 (hidden authoring journey): ``tanktable check my_game:RULESET`` run in the
folder that holds ``my_game.py`` finds it without installing anything, as the guide
says; the folder goes last on the path, so it never shadows a tanktable package."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cli.check.command import load_ruleset
from core.errors import TanktableError
from core.registry import REFERENCES_ENV, get_ruleset


def test_issue_60_6_check_loads_a_module_of_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "scratch_pig_60.py").write_text("from tests.toy import RULESET\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # restored after the test
    monkeypatch.setenv(REFERENCES_ENV, "{}")  # the id it registers goes with the test
    monkeypatch.delitem(sys.modules, "scratch_pig_60", raising=False)
    ruleset = load_ruleset("scratch_pig_60:RULESET")
    assert type(ruleset).__name__ == "PigRuleset"
    assert sys.path[-1] == str(tmp_path)  # last: never in place of core, cli or data
    sys.modules.pop("scratch_pig_60", None)
    get_ruleset.cache_clear()


def test_issue_60_6_a_missing_module_is_still_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setenv(REFERENCES_ENV, "{}")
    with pytest.raises(TanktableError, match="cannot load no_such_game_60:RULESET: No module named"):
        load_ruleset("no_such_game_60:RULESET")
