"""Fewer levels rather than names that promise a difference (issue 61.9): a level the
ladder could not tell apart from the one below it in a ruleset is not offered there,
and every place a player picks a level says so; simulations may still play it."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.ai.levels import level_notes, levels, markdown_table, text_table, withheld
from tests.console import tanktable

WITHHELD = {("easy", "battle-of-tanks"), ("normal", "battle-of-tanks"), ("hard", "battle-of-tanks"),
            ("hard", "duel-of-the-giants")}


def test_the_shipped_file_withholds_exactly_the_levels_the_ladder_could_not_separate() -> None:
    found = {(kind, rid) for kind, level in levels().levels.items()
             for rid, figures in level.rulesets.items() if not figures.offered}
    assert found == WITHHELD
    for kind, rid in WITHHELD:
        reason = withheld(kind, rid)
        assert reason is not None and "95% interval" in reason and "play " in reason
    assert withheld("hard", "tank-chess") is None
    assert withheld("wizard", "tank-chess") is None  # a level the file does not describe


def test_help_and_the_docs_table_say_where_a_level_is_not_offered() -> None:
    hard = next(line for line in text_table(["tank-chess", "battle-of-tanks", "duel-of-the-giants"])
                if line.startswith("hard"))
    assert hard.split() == ["hard", "0.5", "s", "not", "offered", "not", "offered"]
    table = markdown_table({"tank-chess": "Tank Chess", "battle-of-tanks": "Battle of Tanks"})
    row = next(line for line in table.splitlines() if line.startswith("| `hard`"))
    assert "not offered: the ladder could not tell it from normal" in row
    notes = level_notes(["hard"])["hard"]["rulesets"]
    assert notes["duel-of-the-giants"]["offered"] is False and notes["tank-chess"]["offered"] is True


def test_play_refuses_a_withheld_level_with_its_reason(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = tanktable(monkeypatch, capsys, "play", "duel-of-the-giants", "--seat", "soviet=hard", "--seed", "1")
    assert code == 2
    assert "--seat soviet=hard: duel-of-the-giants does not offer the level 'hard'" in out
    assert "play normal" in out


def test_the_browser_table_refuses_it_too(tmp_path: Path) -> None:
    from tests.serve.helpers import HOST, TestClient, make_server

    app, _server = make_server(tmp_path / "games", agent_kinds=["greedy", "easy", "normal", "hard"])
    with TestClient(app) as client:
        r = client.post("/api/games", headers=HOST, json={"ruleset": "battle-of-tanks", "seats": {"b": "easy"}})
        assert r.status_code == 400
        assert "battle-of-tanks does not offer the level 'easy'" in r.json()["error"]
        catalog = client.get("/api/catalog", headers=HOST)
        assert catalog.status_code == 200
        assert catalog.json()["levels"]["easy"]["rulesets"]["battle-of-tanks"]["offered"] is False


def test_issue_59_4_play_help_ends_with_the_levels_table(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setenv("COLUMNS", "160")
    monkeypatch.setattr(sys, "argv", ["tanktable", "play", "--help"])
    table = text_table(["tank-chess", "battle-of-tanks", "duel-of-the-giants"])
    assert table[0].split() == ["level", "tank-chess", "battle-of-tanks", "duel-of-the-giants"]
    assert table[-1].split() == ["hard", "0.5", "s", "not", "offered", "not", "offered"]
    from cli.app import main

    with pytest.raises(SystemExit):
        main()
    out = capsys.readouterr().out
    shown = [line.strip() for line in out.splitlines()]
    for row in table:
        assert row.strip() in shown
    # each level's summary under the table, once; the --seat help no longer repeats the figures
    assert "greedy  the move the ruleset's evaluation likes best, one move ahead" in shown
    assert "tank-chess 0.01 s" not in out and "Levels:" not in out
