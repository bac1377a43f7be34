"""``tanktable replay FILE`` opens with a header: the game, its scenario, the seats,
when it was played and how it ended (issue 59.4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.console import tanktable


def test_a_replay_starts_with_ruleset_scenario_seats_date_and_result(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.yaml"
    code, _ = tanktable(monkeypatch, capsys, "play", "tank-chess", "--scenario", "standard-16", "--seat",
                        "white=greedy", "--seat", "black=greedy", "--seed", "3", "--record", str(record))
    assert code == 0
    code, out = tanktable(monkeypatch, capsys, "replay", str(record))
    assert code == 0
    head = out.splitlines()[:5]
    assert head[0] == "Tank Chess: standard-16"
    assert head[1] == "seats: white greedy, black greedy"
    assert head[2].startswith("played: 20")
    assert head[3].startswith("result: ") and "decisions)" in head[3] and "--" in head[3]
    assert head[4] == ""
    assert out.splitlines()[5].lstrip().startswith("1. white")


def test_an_unfinished_game_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.yaml"
    tanktable(monkeypatch, capsys, "play", "tank-chess", "--seat", "white=greedy", "--seat", "black=greedy",
              "--seed", "3", "--record", str(record), "--max-moves", "4")
    code, out = tanktable(monkeypatch, capsys, "replay", str(record))
    assert code == 0
    assert "result: not finished (4 decisions so far)" in out.splitlines()
