"""Game records: save -> load -> replay gives the identical game; bad files never crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import DataError, RecordError, TanktableError
from core.record import load_record, make_record, replay, save_record
from tests.toy import RULESET, PigGame


def played(seed: int, choices: list[int]) -> PigGame:
    game = RULESET.new_game(None, {"target": 15}, seed)
    for c in choices:
        if game.is_over():
            break
        actions = game.legal_actions()
        game.apply(actions[c % len(actions)])
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 1), max_size=80))
def test_save_load_replay_is_identical(tmp_path: Path, seed: int, choices: list[int]) -> None:
    game = played(seed, choices)
    path = tmp_path / "game.yaml"
    if path.exists():
        path.unlink()
    save_record(make_record(game, RULESET, None, seed, {"red": "random"}), path)
    record, doc = load_record(path)
    again = replay(record, RULESET, doc, verify=True)
    assert [s.events for s in again.history] == [s.events for s in game.history]
    assert again.outcome() == game.outcome()
    assert again.dice.log == game.dice.log


def test_a_non_record_file_is_never_overwritten(tmp_path: Path) -> None:
    precious = tmp_path / "notes.yaml"
    precious.write_text("my: notes\n")
    with pytest.raises(TanktableError, match="not overwritten"):
        save_record(make_record(played(1, [0]), RULESET, None, 1), precious)
    assert precious.read_text() == "my: notes\n"
    corrupt = tmp_path / "corrupt.yaml"
    corrupt.write_text("ruleset: pig\nkind: record\nmoves: [roll\n")
    with pytest.raises(TanktableError):
        save_record(make_record(played(1, [0]), RULESET, None, 1), corrupt)
    assert corrupt.read_text() == "ruleset: pig\nkind: record\nmoves: [roll\n"


def test_corrupt_record_gives_located_problems_and_is_untouched(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = "ruleset: pig\nkind: record\nseed: [1]\nmoves: roll\n"  # a seed is a number or a text
    bad.write_text(text)
    with pytest.raises(DataError) as info:
        load_record(bad)
    got = [str(p) for p in info.value.problems]
    assert got[0] == f"{bad}:1:1: missing field 'scenario'"
    assert any(p.startswith(f"{bad}:3:7: seed:") for p in got)
    assert any(p.startswith(f"{bad}:4:8: moves:") for p in got)
    assert bad.read_text() == text


def test_a_tampered_move_is_reported_with_its_line(tmp_path: Path) -> None:
    game = played(3, [0, 0, 1, 0])
    path = tmp_path / "g.yaml"
    save_record(make_record(game, RULESET, None, 3), path)
    text = path.read_text().replace("- roll", "- jump", 1)
    path.write_text(text)
    record, doc = load_record(path)
    with pytest.raises(RecordError, match=r"g.yaml:\d+:\d+: move 1 'jump'"):
        replay(record, RULESET, doc)


def test_a_tampered_result_fails_verification(tmp_path: Path) -> None:
    game = played(4, [0, 0, 1] * 200)
    assert game.is_over()
    record = make_record(game, RULESET, None, 4)
    loser = "blue" if record.result and record.result.winners == ["red"] else "red"
    forged = record.model_copy(update={"result": record.result.model_copy(update={"winners": [loser]})})  # type: ignore[union-attr]
    with pytest.raises(RecordError, match="the record says"):
        replay(forged, RULESET)
