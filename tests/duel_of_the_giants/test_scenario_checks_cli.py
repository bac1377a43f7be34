"""Every entry point that starts a game from a scenario runs the set-up checks
of ``tanktable validate`` (issue 17 bug 7; DG-5.2, DG-7.3)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import yaml

from tests.console import tanktable

SHIPPED = Path(__file__).resolve().parents[2] / "data/duel_of_the_giants/scenarios/summer.yaml"


def broken_scenario(folder: Path) -> Path:
    """The shipped summer scenario with no front and a wheel marker on the German side."""
    text = SHIPPED.read_text(encoding="utf-8")
    lines = [("  front: []" if line.startswith("  front:") else line) for line in text.splitlines()]
    path = folder / "broken.yaml"
    path.write_text("\n".join(lines).replace("wheel: [g3,", "wheel: [b3,") + "\n", encoding="utf-8")
    return path


def problem_lines(output: str) -> set[str]:
    return {line.removeprefix("error: ").strip() for line in output.splitlines() if ".yaml:" in line}


def test_play_refuses_the_scenario_that_validate_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    bad = broken_scenario(tmp_path)
    code, checked = tanktable(monkeypatch, capsys, "validate", str(bad))
    assert code == 1
    code, played = tanktable(monkeypatch, capsys, "play", "duel-of-the-giants", "--scenario", str(bad),
                             "--seat", "german=random", "--seat", "soviet=random", "--seed", "1")
    assert code == 1, played
    expected = problem_lines(checked)
    assert any("DG-5.2" in p for p in expected) and any("b3" in p and "DG-7.3" in p for p in expected)
    assert problem_lines(played) == expected
    assert "Traceback" not in played and "German" not in played  # refused before the first move


def test_replay_refuses_a_record_whose_embedded_scenario_breaks_the_set_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "mine.yaml"
    good.write_text(SHIPPED.read_text(encoding="utf-8"), encoding="utf-8")
    record = tmp_path / "game.yaml"
    code, played = tanktable(monkeypatch, capsys, "play", "duel-of-the-giants", "--scenario", str(good),
                             "--seed", "1", "--seat", "german=random", "--seat", "soviet=random",
                             "--option", "end.max_rounds=1", "--record", str(record))
    assert code == 0, played
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    bad_text = broken_scenario(tmp_path).read_text(encoding="utf-8")
    data["scenario_data"] = bad_text
    data["scenario_sha256"] = hashlib.sha256(bad_text.encode()).hexdigest()
    record.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    code, replayed = tanktable(monkeypatch, capsys, "replay", str(record), "--as", "german")
    assert code == 1, replayed
    assert "the front must run from the north to the south edge (DG-5.2)" in replayed
    assert "Traceback" not in replayed
