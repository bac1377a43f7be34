"""The command line: exit codes, located errors, no traceback, the play loop."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli.app import main


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["tanktable", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out, err


BROKEN = """ruleset: pig
kind: card
name: NO
speed: -2
sped: 3
die:
  sides: 1
"""


def test_version(capsys: Any, monkeypatch: Any) -> None:
    code, out, _ = run(["--version"], capsys, monkeypatch)
    from importlib.metadata import version

    assert code == 0 and out == f"tanktable {version('tanktable')}\n"


def test_validate_reports_every_problem_with_its_line(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                                      with_pig: Any) -> None:
    bad = tmp_path / "card.yaml"
    bad.write_text(BROKEN)
    code, out, err = run(["validate", str(bad)], capsys, monkeypatch)
    assert code == 1
    lines = err.strip().splitlines()
    assert lines[0].startswith(f"{bad}:3:7: name: Input should be a valid string")
    assert "quote it" in lines[0]
    assert lines[1].startswith(f"{bad}:4:8: speed: Input should be greater than or equal to 0")
    assert lines[2] == f"{bad}:5:1: unknown field 'sped'; did you mean 'speed'?"
    assert lines[3].startswith(f"{bad}:7:10: sides: Input should be greater than or equal to 2")
    assert "Traceback" not in err
    assert "4 problem(s) in 1 file(s)" in out


def test_validate_json_and_good_files(tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    (tmp_path / "good.yaml").write_text("ruleset: pig\nkind: card\nname: Hog\nspeed: 2\n")
    (tmp_path / "bad.yaml").write_text("ruleset: pig\nkind: cart\nname: Hog\nspeed: 2\n")
    code, out, _ = run(["validate", str(tmp_path), "--json"], capsys, monkeypatch)
    report = json.loads(out)
    assert code == 1 and report["valid"] is False
    bad = next(f for f in report["files"] if f["path"].endswith("bad.yaml"))
    assert bad["problems"][0]["line"] == 2
    assert "did you mean 'card'" in bad["problems"][0]["message"]
    code, out, _ = run(["validate", str(tmp_path / "good.yaml")], capsys, monkeypatch)
    assert code == 0 and "ok" in out


def test_validate_missing_header_and_no_files(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    f = tmp_path / "x.yaml"
    f.write_text("name: x\n")
    code, _, err = run(["validate", str(f)], capsys, monkeypatch)
    assert code == 1 and "missing 'ruleset:' header" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(["validate", str(empty)], capsys, monkeypatch)
    assert code == 2 and "no YAML files" in err


def test_usage_error_exits_2(capsys: Any, monkeypatch: Any) -> None:
    code, _, _ = run(["validate"], capsys, monkeypatch)
    assert code == 2


def test_unknown_ruleset_is_one_clean_line(capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run(["play", "tank-chez"], capsys, monkeypatch)
    assert code == 1
    assert err.startswith("error: ")
    assert "Traceback" not in err


def test_schema_is_json_schema(capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    code, out, _ = run(["schema", "pig", "card"], capsys, monkeypatch)
    schema = json.loads(out)
    assert code == 0 and "speed" in schema["properties"]
    code, out, _ = run(["schema", "pig", "record"], capsys, monkeypatch)
    assert code == 0 and "moves" in json.loads(out)["properties"]


def test_rulesets_json_lists_registered(capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    code, out, _ = run(["rulesets", "--json"], capsys, monkeypatch)
    ids = [r["id"] for r in json.loads(out)]
    assert code == 0 and "pig" in ids


def test_rulesets_lists_each_scenario_with_what_it_is_wrapped_to_the_screen(capsys: Any, monkeypatch: Any) -> None:
    """A player picks a scenario by what it is: `rulesets` gives each shipped scenario's
    title or description beside its name (Duel of the Giants' ten-round game among them),
    wrapped under itself to fit 80 columns; --json carries the same lines."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(["rulesets"], capsys, monkeypatch)
    assert code == 0
    assert "  summer-short  Summer '43, ten rounds" in out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    first = next(i for i, line in enumerate(lines) if line.strip().startswith("alleys-16"))
    assert lines[first + 1].startswith(" " * 30) and lines[first + 1].strip(), "a long line wraps under itself"
    code, out, _ = run(["rulesets", "--json"], capsys, monkeypatch)
    dg = next(r for r in json.loads(out) if r["id"] == "duel-of-the-giants")
    assert dg["scenario_titles"]["summer-short"] == "Summer '43, ten rounds"
    assert set(dg["scenario_titles"]) == set(dg["scenarios"])
    # issue 59: a one-click game is the ten-round one, not the faithful game without a round limit
    assert (dg["default_scenario"], dg["quick_scenario"]) == ("summer", "summer-short")
    tc = next(r for r in json.loads(out) if r["id"] == "tank-chess")
    assert tc["quick_scenario"] == tc["default_scenario"], "without a shorter one, the default"


def test_play_two_computers_json_and_record(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                            with_pig: Any) -> None:
    rec = tmp_path / "g.yaml"
    code, out, _ = run(["play", "pig", "--seat", "red=greedy", "--seat", "blue=random", "--seed", "3",
                        "--json", "--record", str(rec)], capsys, monkeypatch)
    result = json.loads(out)
    assert code == 0 and result["outcome"]["winners"] in (["red"], ["blue"])
    code, out, _ = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code == 0 and "replay" in out


def test_play_text_prints_moves_and_result_line(capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    code, out, _ = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random"], capsys, monkeypatch)
    assert code == 0
    assert "   1. red      roll" in out
    assert out.strip().splitlines()[-1].startswith("Result: ")


def test_issue_27_18_a_seat_not_named_is_the_persons_when_every_named_seat_is_a_computer(
        capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    """Issue 27.18: ``--seat red=random`` means "I play blue against random": the game waits
    for the person instead of playing itself; beside a named human seat the others play greedy.
    Seed 0: random red hands over to blue before it reaches 20 (with fresh dice, about one
    game in 150 ends in red's first turn and never asks the person)."""
    code, out, _ = run(["play", "pig", "--seat", "red=random", "--seed", "0"], capsys, monkeypatch,
                       stdin="quit\n")
    assert "seats: red=random, blue=human" in out
    assert "blue -- " in out and "Result:" not in out  # the person was asked, and quit
    code, out, _ = run(["play", "pig", "--seat", "red=human"], capsys, monkeypatch, stdin="quit\n")
    assert "seats: red=human, blue=greedy" in out
    code, out, _ = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random"], capsys, monkeypatch)
    assert code == 0 and "seats: red=random, blue=random" in out and "Result: " in out


def test_issue_27_18_seat_kinds_named_recorded_and_default() -> None:
    from cli.play import seat_kinds

    sides = ("white", "black")
    assert seat_kinds(sides, {}, {}) == {0: "human", 1: "greedy"}
    assert seat_kinds(sides, {"black": "normal"}, {}) == {0: "human", 1: "normal"}
    assert seat_kinds(sides, {"white": "mcts"}, {}) == {0: "mcts", 1: "human"}
    assert seat_kinds(sides, {"white": "human"}, {}) == {0: "human", 1: "greedy"}
    # resuming: the record's seats stand unless named again
    assert seat_kinds(sides, {}, {"white": "greedy", "black": "greedy"}) == {0: "greedy", 1: "greedy"}
    assert seat_kinds(sides, {"black": "mcts"}, {"white": "human", "black": "greedy"}) == {0: "human", 1: "mcts"}


def test_a_misspelt_seat_kind_is_refused_before_anything_is_played(
        capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    """``--seat blue=gredy`` is an error at once, naming the kinds, not a seat that waits for
    a person nobody named; a kind in capitals is the same kind."""
    code, out, err = run(["play", "pig", "--seat", "blue=gredy"], capsys, monkeypatch, stdin="roll\n")
    assert code == 2 and out == ""
    assert err.strip() == ("usage error: --seat blue=gredy: no player kind 'gredy'; "
                           "use human, random, greedy, mcts, easy, normal, hard")
    code, out, _ = run(["play", "pig", "--seat", "red=Random", "--seat", "blue=RANDOM"], capsys, monkeypatch)
    assert code == 0 and "seats: red=random, blue=random" in out and "Result: " in out


def test_human_gets_help_errors_and_undo(tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    rec = tmp_path / "h.yaml"
    script = "help\nfly away\nhold\nmoves\nroll\nundo\nroll\nsave {}\nresign\ny\n".format(tmp_path / "s.yaml")
    # Seed 0: red's rolls are 5s, so 'undo' takes one back and blue never plays (with fresh
    # dice, about one game in 300 has red roll a 1 and blue reach 20 in its one turn).
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=random", "--seed", "0",
                        "--record", str(rec)], capsys, monkeypatch, stdin=script)
    assert code == 0
    assert "commands:" in out
    assert "cannot read 'fly away': say 'roll' or 'hold'" in out
    assert "illegal: you must roll at least once before holding (PIG-1)" in out
    assert "2 move(s)" not in out or "roll" in out
    assert "saved" in out
    assert "Result: blue -- red resigned" in out
    assert rec.exists() and (tmp_path / "s.yaml").exists()


def test_the_rulesets_table_commands_and_move_notes_reach_the_prompt(
        capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=random"], capsys, monkeypatch,
                       stdin="help\nneed\nmoves\n")
    assert code == 1
    assert "  need            points still needed to win" in out
    assert "red needs 20" in out
    assert "roll  (1 in 6 loses the turn)" in out


def test_end_of_input_saves_and_exits_1(tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    rec = tmp_path / "eof.yaml"
    # Seed 0: red rolls a 5 and is asked again (with fresh dice, red rolling a 1 and blue
    # reaching 20 in its one turn ends the game first about one time in 300).
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=random", "--seed", "0",
                        "--record", str(rec)], capsys, monkeypatch, stdin="roll\n")
    assert code == 1 and "end of input" in out and rec.exists()


def test_importing_the_cli_does_not_import_heavy_modules() -> None:
    code = (
        "import sys, cli.app\n"
        "heavy = [m for m in ('shapely', 'numpy', 'pydantic', 'yaml') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""
