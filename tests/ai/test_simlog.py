"""Simulation logs: every game written as it ends, a stopped run resumed, a foreign log left alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import core.ai.simulate as simulation
from cli.app import app
from core.ai.simlog import FORMAT, SimulationLog, simulation_settings
from core.ai.simulate import SimulationInterrupted, SimulationReport, simulate
from core.errors import DataError, TanktableError
from tests.ai.games import PigGames

SEATS = {"red": "random", "blue": "greedy"}
runner = CliRunner()
PIG = ["simulate", "pig", "--seat", "red=random", "--seat", "blue=greedy", "--seed", "4", "--json"]
OPTIONS: dict[str, Any] = {"swap": True}


def run(games: int, log_path: Path | None = None, seed: int = 2, workers: int = 1) -> SimulationReport:
    """A Pig simulation, logged to ``log_path`` if given (the log is closed after)."""
    if log_path is None:
        return simulate(PigGames(), games, seed=seed, seats=SEATS, workers=workers, **OPTIONS)
    with SimulationLog.open(log_path, simulation_settings(PigGames(), seed, SEATS, **OPTIONS)) as log:
        return simulate(PigGames(), games, seed=seed, seats=SEATS, workers=workers, log=log, **OPTIONS)


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def keep_lines(path: Path, n: int, tail: str = "") -> None:
    """Cut the log to its first ``n`` lines (header included), plus ``tail``."""
    kept = path.read_text(encoding="utf-8").splitlines(keepends=True)[:n]
    path.write_text("".join(kept) + tail, encoding="utf-8")


def count_games(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the index of every game played from now on (serial runs)."""
    played: list[int] = []
    real = simulation.play_job

    def counted(job: Any) -> Any:
        played.append(job.index)
        return real(job)

    monkeypatch.setattr(simulation, "play_job", counted)
    return played


def test_the_log_holds_a_header_and_one_line_per_game(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    report = run(6, path)
    assert report == run(6)  # logging changes nothing
    header, *games = lines(path)
    assert header["format"] == FORMAT and header["version"] == 1
    assert header["settings"]["seed"] == 2 and header["settings"]["seats"] == SEATS
    assert header["settings"]["swap"] is True and "games" not in header["settings"]
    assert games == [r.to_json() for r in report.results]


def test_a_resumed_run_plays_only_the_missing_games(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "run.jsonl"
    whole = run(6, path)
    keep_lines(path, 1 + 3)
    played = count_games(monkeypatch)
    assert run(6, path) == whole
    assert played == [3, 4, 5]
    assert [g["index"] for g in lines(path)[1:]] == [0, 1, 2, 3, 4, 5]


def test_more_games_extend_a_log_and_fewer_count_only_the_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "run.jsonl"
    run(4, path)
    played = count_games(monkeypatch)
    assert run(7, path) == run(7)
    assert played[:3] == [4, 5, 6]
    before = path.read_bytes()
    assert run(3, path) == run(3)
    assert path.read_bytes() == before  # nothing to play, nothing written


def test_two_workers_log_every_game(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    assert run(8, path, workers=2) == run(8)
    assert sorted(g["index"] for g in lines(path)[1:]) == list(range(8))


def test_a_log_of_other_settings_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run(3, path, seed=2)
    before = path.read_bytes()
    with pytest.raises(DataError) as caught:
        run(3, path, seed=5)
    assert str(caught.value) == (
        f"{path}:1:1: the log is of another simulation: seed is 2 there and 5 here "
        "(resume with the same settings, or log to another file)")
    assert path.read_bytes() == before


def test_every_bad_line_is_reported_with_its_place_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run(3, path)
    header, first, second, _ = path.read_text(encoding="utf-8").splitlines()
    wrong_seed = {**json.loads(first), "index": 7}
    no_moves = {k: v for k, v in json.loads(second).items() if k != "moves"}
    path.write_text("\n".join([header, first, "{oops", json.dumps(no_moves), first,
                               json.dumps(wrong_seed), '{"index": -1}']) + "\n", encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(DataError) as caught:
        run(3, path)
    problems = [str(p) for p in caught.value.problems]
    assert problems[0] == f"{path}:3:2: not JSON: Expecting property name enclosed in double quotes"
    assert problems[1] == f"{path}:4:1: a game needs moves"
    assert problems[2] == f"{path}:5:1: game 0 is in the log twice"
    assert problems[3].startswith(f"{path}:6:1: game 7 has seed ")
    assert problems[4].startswith(f"{path}:7:1: a game needs seed")
    assert len(problems) == 5
    assert path.read_bytes() == before


def test_a_line_cut_off_half_way_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    whole = run(5, path)
    keep_lines(path, 1 + 2, tail='{"index": 2, "se')
    with SimulationLog.open(path, simulation_settings(PigGames(), 2, SEATS, **OPTIONS)) as log:
        assert log.notes == [f"{path}:4: a line cut off half-way (the run was stopped while "
                             "writing it) is dropped; its game is played again"]
        assert sorted(log.results) == [0, 1]
        report = simulate(PigGames(), 5, seed=2, seats=SEATS, log=log, **OPTIONS)
    assert report == whole
    assert [g["index"] for g in lines(path)[1:]] == [0, 1, 2, 3, 4]


def test_a_whole_last_line_without_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    whole = run(4, path)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))  # as an editor may leave it
    keep_lines(path, 1 + 2)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    assert run(4, path) == whole
    assert [g["index"] for g in lines(path)[1:]] == [0, 1, 2, 3]


@pytest.mark.parametrize("text", ["hello", "hello\nworld\n", "ruleset: tank-chess\n", "[1, 2]\n"])
def test_a_file_that_is_not_a_log_is_never_touched(tmp_path: Path, text: str) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r":1:\d+: not "):
        run(2, path)
    assert path.read_text(encoding="utf-8") == text


def test_a_second_run_on_the_same_log_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    settings_ = simulation_settings(PigGames(), 2, SEATS, **OPTIONS)
    with SimulationLog.open(path, settings_), pytest.raises(TanktableError, match="another simulation is writing"):
        SimulationLog.open(path, settings_)


def test_a_run_never_cuts_the_line_another_run_is_writing(tmp_path: Path) -> None:
    """The lock comes before the read: a line still being written by the first run
    looks cut off half-way, and the second run must not cut it."""
    path = tmp_path / "run.jsonl"
    settings_ = simulation_settings(PigGames(), 2, SEATS, **OPTIONS)
    with SimulationLog.open(path, settings_) as log:
        log.append(run(1).results[0])
        with path.open("a", encoding="utf-8") as writing:
            writing.write('{"index": 1, "se')
        before = path.read_bytes()
        with pytest.raises(TanktableError, match="another simulation is writing"):
            SimulationLog.open(path, settings_)
        assert path.read_bytes() == before


def test_a_run_refused_at_the_start_leaves_no_header(with_pig: Any, tmp_path: Path) -> None:
    """A mistyped seat must not leave a log whose header refuses the corrected command."""
    path = tmp_path / "pig.jsonl"
    typo = runner.invoke(app, [*PIG, "-n", "2", "--seat", "blue=greedyy", "--log", str(path)])
    assert typo.exit_code != 0 and "unknown player kind" in str(typo.exception)
    assert path.read_bytes() == b""
    fixed = runner.invoke(app, [*PIG, "-n", "2", "--log", str(path)])
    assert fixed.exit_code == 0, fixed.output
    assert lines(path)[0]["format"] == FORMAT and len(lines(path)) == 1 + 2


def test_a_log_opened_for_other_settings_cannot_be_passed_to_simulate(tmp_path: Path) -> None:
    with SimulationLog.open(tmp_path / "run.jsonl", simulation_settings(PigGames(), 9, SEATS)) as log, \
            pytest.raises(TanktableError, match="opened for other settings"):
        simulate(PigGames(), 2, seed=2, seats=SEATS, log=log)


def interrupt_after(monkeypatch: pytest.MonkeyPatch, games: int) -> None:
    """Ctrl-C while the game after the first ``games`` is played."""
    real = simulation.play_job
    count = [0]

    def stopping(job: Any) -> Any:
        count[0] += 1
        if count[0] > games:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(simulation, "play_job", stopping)


def test_ctrl_c_reports_the_finished_games_and_the_log_resumes(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "run.jsonl"
    whole, first_four = run(6), run(4)
    interrupt_after(monkeypatch, 4)
    with pytest.raises(SimulationInterrupted) as caught:
        run(6, path)
    assert caught.value.report == first_four and caught.value.total == 6
    assert isinstance(caught.value, KeyboardInterrupt)
    monkeypatch.undo()
    assert run(6, path) == whole


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 6), torn=st.sampled_from(["", '{"index"', "{", '{"index": 9, "seed": 1']))
def test_any_stop_resumes_to_the_uninterrupted_report(tmp_path: Path, cut: int, torn: str) -> None:
    """Property: wherever a run is cut off (after any game, mid-line or not), resuming
    it gives exactly the report of a run that was never stopped."""
    path = tmp_path / f"run-{cut}-{len(torn)}.jsonl"
    path.unlink(missing_ok=True)
    whole = run(6, path)
    keep_lines(path, 1 + cut, tail=torn)
    assert run(6, path) == whole
    assert sorted(g["index"] for g in lines(path)[1:]) == list(range(6))


def test_cli_log_resumes_and_extends(with_pig: Any, tmp_path: Path) -> None:
    path = tmp_path / "pig.jsonl"
    first = runner.invoke(app, [*PIG, "-n", "4", "--log", str(path)])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, [*PIG, "-n", "6", "--log", str(path)])
    assert again.exit_code == 0, again.output
    assert "4 of the 6 games are in the log already; playing the other 2" in again.stderr
    fresh = runner.invoke(app, [*PIG, "-n", "6"])
    assert json.loads(again.stdout) == json.loads(fresh.stdout)
    assert len(lines(path)) == 1 + 6


def test_cli_refuses_a_foreign_log(with_pig: Any, tmp_path: Path) -> None:
    path = tmp_path / "pig.jsonl"
    runner.invoke(app, [*PIG, "-n", "2", "--log", str(path)])
    before = path.read_bytes()
    other = runner.invoke(app, [*PIG, "-n", "2", "--seat", "red=greedy", "--log", str(path)])
    assert other.exit_code != 0
    assert "seats is" in str(other.exception) and ":1:1:" in str(other.exception)
    assert path.read_bytes() == before


def test_cli_ctrl_c_prints_the_report_so_far(with_pig: Any, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    interrupt_after(monkeypatch, 3)
    result = runner.invoke(app, [*PIG, "-n", "6", "--log", str(tmp_path / "pig.jsonl")])
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["interrupted"] is True and data["games"] == 3
    assert "interrupted after 3 of 6 games: the report covers those; the same command " \
           "resumes from" in result.stderr


CTRL_C_SCRIPT = """
import os, signal, sys, threading, time
from core.ai.simulate import SimulationInterrupted, simulate
signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C live, as in a terminal
from tests.ai.games import SlowPigGames

threading.Timer(1.5, lambda: os.killpg(os.getpgid(0), signal.SIGINT)).start()
started = time.perf_counter()
try:
    simulate(SlowPigGames(), 40, seed=1, default_kind="random", workers=2)
except SimulationInterrupted as stop:
    print("stopped", stop.report.games, round(time.perf_counter() - started, 1))
"""


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_ctrl_c_stops_a_pooled_run_at_once_and_quietly() -> None:
    """Ctrl-C reaches the whole process group: the parent reports, the workers are
    stopped at once (not after the games queued for them) and print nothing.

    The script turns Ctrl-C on first: a test process may hand its children SIGINT
    ignored (seen under pytest-xdist), and a run that never hears it never stops."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", CTRL_C_SCRIPT], cwd=root, capture_output=True,
                          text=True, timeout=60, start_new_session=True)
    assert done.returncode == 0, done.stderr
    word, games, seconds = done.stdout.split()
    assert word == "stopped" and int(games) < 40 and float(seconds) < 5
    assert done.stderr == ""


CTRL_C_AT_FORK_SCRIPT = """
import os, signal
from multiprocessing import popen_fork
from core.ai.simulate import simulate
from tests.toy import PigGame
signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C live, as in a terminal

launch = popen_fork.Popen._launch

def launch_then_ctrl_c(self, process_obj):
    launch(self, process_obj)
    if self.pid:  # the parent: Ctrl-C to the worker it has just forked
        os.kill(self.pid, signal.SIGINT)

class Pig:
    def __call__(self, seed):
        return PigGame(seed, 30)

popen_fork.Popen._launch = launch_then_ctrl_c
print(simulate(Pig(), 40, seed=1, default_kind="random", workers=2).games)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the pool forks on Linux")
def test_a_worker_forked_into_a_ctrl_c_ignores_it_as_every_worker_does() -> None:
    """A worker is forked with Ctrl-C blocked until it ignores it: one that is sent it
    at once does not die with a traceback (the pool would fork another and the
    terminal would show it), and the run plays all its games."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", CTRL_C_AT_FORK_SCRIPT], cwd=root,
                          capture_output=True, text=True, timeout=60, start_new_session=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.split() == ["40"]
