"""Records of a user's scenario carry the files it names beside itself (its map)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import RecordError
from core.record import attachments_of, load_record, make_record, replay, save_record, start_game
from core.registry import get_ruleset
from core.resources import shipped


def _user_scenario(folder: Path) -> Path:
    """The shipped summer scenario, moved to ``folder`` with its map beside it as a file."""
    scenario = (shipped("duel_of_the_giants", "scenarios") / "summer.yaml").read_text(encoding="utf-8")
    map_text = (shipped("duel_of_the_giants", "maps") / "summer.yaml").read_text(encoding="utf-8")
    (folder / "maps").mkdir()
    (folder / "maps" / "steppe.yaml").write_text(map_text, encoding="utf-8")
    path = folder / "my-summer.yaml"
    path.write_text(scenario.replace("  map: summer", "  map: maps/steppe.yaml"), encoding="utf-8")
    return path


def test_a_record_replays_after_the_map_file_is_gone(tmp_path: Path) -> None:
    ruleset = get_ruleset("duel-of-the-giants")
    path = _user_scenario(tmp_path)
    game = ruleset.new_game(path, {}, 5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    record = make_record(game, ruleset, path, 5)
    assert set(record.attachments) == {"maps/steppe.yaml"}
    saved = tmp_path / "game.yaml"
    save_record(record, saved)
    (tmp_path / "maps" / "steppe.yaml").unlink()  # sent to a friend without the map
    loaded, doc = load_record(saved)
    replayed = replay(loaded, ruleset, doc)
    assert [s.action for s in replayed.history] == [s.action for s in game.history]


def test_only_plain_relative_yaml_files_that_exist_are_attached(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("next: b.yaml\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("x: 1\n", encoding="utf-8")
    (tmp_path.parent / "outside.yaml").write_text("secret: 1\n", encoding="utf-8")
    text = "map: a.yaml\nother: missing.yaml\nup: ../outside.yaml\nname: village\n"
    assert attachments_of(tmp_path / "s.yaml", text) == {"a.yaml": "next: b.yaml\n", "b.yaml": "x: 1\n"}


def test_an_attachment_may_not_escape_the_replay_folder(tmp_path: Path) -> None:
    ruleset = get_ruleset("duel-of-the-giants")
    path = _user_scenario(tmp_path)
    record = make_record(ruleset.new_game(path, {}, 1), ruleset, path, 1)
    evil = record.model_copy(update={"attachments": {"../../evil.yaml": "x: 1\n"}})
    with pytest.raises(RecordError, match="plain relative path"):
        start_game(evil, ruleset)
