"""Position documents end to end through the terminal: play --position, save position
at the prompt, the record of such a game verifies, validate shows a broken one's lines."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from cli.app import app, main
from core.resources import shipped
from rulesets.tank_chess import RULESET

runner = CliRunner()
EXAMPLE = Path(str(shipped("tank_chess", "positions"))) / "check-on-standard-16.yaml"


def test_play_from_a_position_save_one_and_verify_the_record(tmp_path: Path) -> None:
    record = tmp_path / "game.yaml"  # White answers the CHECK, then saves and resigns
    saved = tmp_path / "later.yaml"
    lines = ["MT h4-g3:S", "save position " + str(saved), "resign", "y"]
    result = runner.invoke(app, ["play", "tank-chess", "--position", str(EXAMPLE), "--seat", "white=human",
                                 "--seat", "black=greedy", "--seed", "5", "--record", str(record)],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert f"saved position {saved}" in result.output
    assert "Result: black -- white resigned" in result.output
    # the saved position is where the game stood: two half-moves later, White to move
    doc = yaml.safe_load(saved.read_text())
    assert doc["kind"] == "position" and doc["plies"] == 30 and doc["to_move"] == "white"
    # issue 60.2: an editor finds its schema, as in a template
    assert saved.read_text().splitlines()[0] == "# yaml-language-server: $schema=tank-chess.position.schema.json"
    assert {"card": "MT", "side": "white", "square": "g3", "facing": "S", "active": True} in doc["tanks"]
    assert runner.invoke(app, ["validate", str(saved)]).exit_code == 0
    game = RULESET.from_position(doc)
    assert game.position() == doc
    # the record starts from the position and replays to the same end
    replayed = runner.invoke(app, ["replay", str(record), "--verify"])
    assert replayed.exit_code == 0, replayed.output
    again = runner.invoke(app, ["play", "tank-chess", "--position", str(saved), "--seat", "white=random",
                                "--seat", "black=random", "--seed", "1"])
    assert again.exit_code == 0, again.output and "Result:" in again.output


def test_validate_a_broken_position_lists_its_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    text = EXAMPLE.read_text().replace("square: b2,", "square: z2,").replace("check: true", "check: false")
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code != 0
    lines = text.split("\n")
    tank_line = next(i for i, line in enumerate(lines, 1) if "square: z2," in line)
    assert f"broken.yaml:{tank_line}:" in result.output and "'z2' is not a square" in result.output
    monkeypatch.setattr(sys, "argv", ["tanktable", "play", "tank-chess", "--position", str(path),
                                      "--seat", "white=random", "--seat", "black=random"])
    with pytest.raises(SystemExit) as info:
        main()
    _out, err = capsys.readouterr()
    assert info.value.code == 1 and "Traceback" not in err
    assert f"broken.yaml:{tank_line}:" in err and "TC-1.2" in err


def test_schema_of_a_position() -> None:
    result = runner.invoke(app, ["schema", "tank-chess", "position"])
    assert result.exit_code == 0 and '"tanks"' in result.output and '"since"' in result.output
