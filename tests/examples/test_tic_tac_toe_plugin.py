"""The example plugin in examples/tic-tac-toe, installed for real, gets the CLI for free.

pip builds and installs the example folder (a copy, so the source stays clean)
into a directory of its own; the CLI runs with that directory on its path and
finds the ruleset through its ``tanktable.rulesets`` entry point, exactly as
it finds a plugin installed into a virtual environment. The registry is not
patched: this checks the contract that docs/writing-a-ruleset.md describes.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.examples.plugins import installed_example, plugin_env

ROOT = Path(__file__).resolve().parents[2]

Run = Callable[..., subprocess.CompletedProcess[str]]



@pytest.fixture(scope="module")
def tanktable(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """``tanktable ARGS...`` with the example plugin installed beside the project."""
    site = installed_example(tmp_path_factory, "tic-tac-toe")
    base = site.parent
    env = plugin_env(site)
    script = [sys.executable, "-c", "from cli.app import main; main()"]

    def run(*args: str, stdin: str = "", cwd: Path = base) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*script, *args], input=stdin, capture_output=True, text=True,
                              env=env, cwd=cwd, timeout=120)

    return run


def test_the_installed_plugin_is_listed_by_rulesets_and_play_help(tanktable: Run) -> None:
    listed = tanktable("rulesets")
    assert listed.returncode == 0, listed.stderr
    assert "tic-tac-toe" in listed.stdout
    helped = tanktable("play", "--help")
    assert helped.returncode == 0, helped.stderr
    assert "tic-tac-toe" in helped.stdout


def test_computer_players_play_it_and_the_record_replays_with_verify(tanktable: Run, tmp_path: Path) -> None:
    played = tanktable("play", "tic-tac-toe", "--seat", "x=easy", "--seat", "o=greedy",
                       "--seed", "5", "--record", "game.yaml", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "Result:" in played.stdout
    replayed = tanktable("replay", "game.yaml", "--verify", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr


def test_a_human_move_is_refused_with_its_rule_and_a_position_saves_and_loads(tanktable: Run, tmp_path: Path) -> None:
    played = tanktable("play", "tic-tac-toe", "--seat", "x=human", "--seat", "o=greedy", "--seed", "1",
                       stdin="b2\nb2\nthreats\nsave position mid.yaml\nquit\n", cwd=tmp_path)
    assert "TTT-2" in played.stdout + played.stderr
    assert "x: " in played.stdout  # the ruleset's own table command answered
    assert (tmp_path / "mid.yaml").exists(), played.stdout + played.stderr
    valid = tanktable("validate", "mid.yaml", cwd=tmp_path)
    assert valid.returncode == 0, valid.stdout + valid.stderr
    resumed = tanktable("play", "tic-tac-toe", "--position", "mid.yaml", "--seat", "x=greedy", "--seat", "o=greedy",
                        "--record", "from-position.yaml", "--seed", "2", cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert tanktable("replay", "from-position.yaml", "--verify", cwd=tmp_path).returncode == 0


def test_the_simulator_runs_it(tanktable: Run) -> None:
    simulated = tanktable("simulate", "tic-tac-toe", "--games", "6", "--seat", "x=random", "--seat", "o=greedy")
    assert simulated.returncode == 0, simulated.stderr
    assert "6 games" in simulated.stdout or "games: 6" in simulated.stdout, simulated.stdout


def test_the_example_passes_tanktable_check(tanktable: Run) -> None:
    """Issue 25: every example plugin passes the conformance run; tic-tac-toe has no
    hidden information, and the check says so: a skip with the reason, not a pass on
    nothing (issue 60.6)."""
    checked = tanktable("check", "tic-tac-toe", "--quick")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "8 of 9 checks passed, 1 skipped" in checked.stdout
    assert "skip  secrets differential" in checked.stdout and "no hidden information" in checked.stdout
