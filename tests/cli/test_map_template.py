"""Issue 60.6: ``tanktable map new RULESET`` prints a map that validates as printed,
wherever it is saved: a shipped map's ``terrain_files:`` are relative to the shipped
data, so the template names them where they are installed."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

runner = CliRunner()


def test_issue_60_6_the_duel_of_the_giants_map_template_validates_saved_anywhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    printed = runner.invoke(app, ["map", "new", "duel-of-the-giants"])
    assert printed.exit_code == 0, printed.output
    assert "terrain_files: [../" not in printed.output  # the shipped, package-relative name
    saved = tmp_path / "my" / "maps" / "mine.yaml"
    saved.parent.mkdir(parents=True)
    saved.write_text(printed.output, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    checked = runner.invoke(app, ["validate", str(saved)])
    assert checked.exit_code == 0, checked.output
    assert "ok" in checked.output
