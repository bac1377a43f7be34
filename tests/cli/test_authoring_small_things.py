"""Hidden authoring tester of issue 60, point 3: the small frictions of a new author's files.

Each problem once, at the file where it is; a missing field at the key of the mapping
that lacks it; ``cards show`` without empty fields; the game header names a user's
scenario by its own ``name:``."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

runner = CliRunner()


def test_issue_60_validate_reports_a_scenarios_broken_map_once_at_the_map(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenario resolved its map to an absolute path, so the map's problem came twice
    (once as resolved, once as typed) and two files were counted bad."""
    monkeypatch.chdir(tmp_path)
    scenario = runner.invoke(app, ["scenario", "new", "duel-of-the-giants"]).stdout
    board = runner.invoke(app, ["map", "new", "duel-of-the-giants"]).stdout
    Path("mine.yaml").write_text(scenario.replace("  map: summer", "  map: board.yaml"), encoding="utf-8")
    Path("board.yaml").write_text(board.replace("size: {columns: 9, rows: 11}", "size: {columns: 9, rows: 0}"),
                                  encoding="utf-8")
    done = runner.invoke(app, ["validate", "mine.yaml", "board.yaml"])
    assert done.exit_code == 1
    assert done.stderr.splitlines() == ["board.yaml:12:26: rows: Input should be greater than or equal to 1"]
    assert done.stdout == "2 file(s) checked: 1 problem(s) in 1 file(s)\n"


def test_issue_60_a_missing_field_is_at_the_key_of_the_mapping_that_lacks_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    card = runner.invoke(app, ["cards", "new", "battle-of-tanks"]).stdout
    card = card.replace("# footprint: {length_cm: 10, width_cm: 5}", "footprint:\n  length_cm: 10")
    Path("card.yaml").write_text(card, encoding="utf-8")
    line = card.splitlines().index("footprint:") + 1
    done = runner.invoke(app, ["validate", "card.yaml"])
    assert done.stderr == f"card.yaml:{line}:1: missing field 'width_cm'\n"


def test_issue_60_cards_show_leaves_an_empty_note_out() -> None:
    done = runner.invoke(app, ["cards", "show", "battle-of-tanks", "tiger-i"])
    assert done.exit_code == 0 and "tier: 7" in done.stdout
    assert "notes" not in done.stdout


def test_issue_60_the_play_header_names_a_users_scenario_by_its_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("s2.yaml").write_text(runner.invoke(app, ["scenario", "new", "battle-of-tanks"]).stdout,
                               encoding="utf-8")
    done = runner.invoke(app, ["play", "battle-of-tanks", "--scenario", "s2.yaml", "--seat", "a=random",
                               "--seat", "b=random", "--seed", "1", "--max-moves", "1"])
    assert done.stdout.startswith("Battle of Tanks: My scenario (s2.yaml), seed 1"), done.output


def test_issue_60_print_cards_takes_a_card_file_as_cards_show_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk-through of the hidden journey: ``cards show battle-of-tanks panther.yaml``
    showed the new card, ``print cards battle-of-tanks panther.yaml`` said 'no card'."""
    from cli.print_cmd import cards_document

    monkeypatch.chdir(tmp_path)
    card = runner.invoke(app, ["cards", "new", "battle-of-tanks"]).stdout
    Path("panther.yaml").write_text(card.replace("id: my-tank ", "id: panther-g "), encoding="utf-8")
    doc = cards_document("battle-of-tanks", ["panther.yaml"], [], None, "a4")
    assert doc.title == "Battle of Tanks: 1 card"
