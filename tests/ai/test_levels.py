"""The computer levels' strength and time per move, kept in one place (issue 28.4):
``data/ai_levels.yaml``, shown by ``tanktable play --help``, docs/ai.md and the
browser's start page."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cli.app import main
from core.ai.agents import agent_kinds
from core.ai.levels import level_notes, levels, markdown_table
from core.registry import available_rulesets

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ai.md"


def test_issue_28_4_every_level_is_described_for_every_shipped_ruleset() -> None:
    described = levels().levels
    for kind in agent_kinds():
        assert kind in described, kind
        for ruleset in available_rulesets():
            if ruleset.id in ("tank-chess", "battle-of-tanks", "duel-of-the-giants"):
                assert ruleset.id in described[kind].rulesets, (kind, ruleset.id)


def test_issue_28_4_docs_ai_md_shows_the_datas_table() -> None:
    titles = {r.id: r.title for r in sorted(available_rulesets(), key=lambda r: r.id)
              if r.id in ("tank-chess", "battle-of-tanks", "duel-of-the-giants")}
    order = ["tank-chess", "battle-of-tanks", "duel-of-the-giants"]
    table = markdown_table({rid: titles[rid] for rid in order})
    assert table in DOCS.read_text(encoding="utf-8")


def test_issue_28_4_play_help_names_each_levels_time(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setattr(sys, "argv", ["tanktable", "play", "--help"])
    with pytest.raises(SystemExit):
        main()
    text = " ".join(capsys.readouterr().out.replace("│", " ").split())  # rich draws a box
    for kind, level in levels().levels.items():
        assert f"{kind} {level.summary}" in text, kind  # under the table of times


def test_issue_28_4_start_page_notes_say_strength_and_time() -> None:
    notes = level_notes(["normal", "someone-elses-agent"])
    assert list(notes) == ["normal"]
    figures = levels().levels["normal"].rulesets["tank-chess"]
    note = notes["normal"]["rulesets"]["tank-chess"]["note"]
    assert figures.strength in note and note.endswith(" a move, at most 3 s")  # normal's cap
