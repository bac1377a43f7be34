"""Issue 61.2, the worker pool never hangs: a failing game, a worker that dies and
Ctrl-C each end a pooled run within seconds, whatever threads the process runs.

Every test here is bounded: those that could hang the process they run in play
in a child process with a hard timeout; the others under :func:`within`.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from core.ai.simulate import SimulationError, run_jobs, simulation_jobs, worker_pool
from core.ai.workers import TERMINATE_WAIT, WorkerDied, WorkerPool
from tests.ai.games import PigGames

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the pool forks on Linux; the checks read /proc")


class Hang(Exception):
    """A bounded wait was exceeded: the thing under test hung."""


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail (rather than hang the test run) if the block takes more than ``seconds``."""
    if threading.current_thread() is not threading.main_thread():
        yield  # no alarm outside the main thread; the tests run in it under pytest and xdist
        return

    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds} s (issue 61.2)")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run_bounded(script: str, *args: str, seconds: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh Python in its own session; after ``seconds`` the whole
    session (the script and any worker of it) is killed and the test fails."""
    child = subprocess.Popen([sys.executable, "-c", script, *args], cwd=ROOT, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = child.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        out, err = child.communicate()
        pytest.fail(f"still running after {seconds} s (issue 61.2: a hang)\n{out}\n{err}")
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


def living_children() -> set[int]:
    """Processes whose parent is this one and that are not zombies (read from /proc).

    A test compares them before and after: a test process may have children of its
    own (multiprocessing's resource tracker, started by earlier tests)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == os.getpid() and state != "Z":
            found.add(int(entry.name))
    return found


class DyingGames:
    """Games whose worker dies (``os._exit`` or SIGKILL) at the first move of the game
    with seed ``at``; never in the process that made the factory (the test's)."""

    def __init__(self, how: str, at: int) -> None:
        self.how, self.at, self.parent = how, at, os.getpid()

    def __call__(self, seed: int) -> Any:
        from tests.toy import PigGame

        game = PigGame(seed)
        if seed == self.at and os.getpid() != self.parent:
            def die(action: Any) -> Any:
                if self.how == "exit":
                    os._exit(3)
                os.kill(os.getpid(), signal.SIGKILL)

            game._apply = die  # type: ignore[method-assign]
        return game


FAILING_RUNS = """
import re, sys, threading, time
from core.ai.simulate import SimulationError, run_jobs, simulation_jobs
from tests.ai.test_simulate import BrokenGames

client = None
if sys.argv[1] == "dask":
    from dask.distributed import Client, LocalCluster
    client = Client(LocalCluster(n_workers=1, processes=False, dashboard_address=None))
else:
    threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
jobs = simulation_jobs(BrokenGames(), 3, seed=1, default_kind="random")
try:  # once in this process: the forked workers find the game's modules imported
    run_jobs(jobs, workers=1)
except SimulationError:
    pass
named = 0
started = time.perf_counter()
for _ in range(300):
    try:
        run_jobs(jobs, workers=2)
    except SimulationError as exc:
        named += bool(re.fullmatch(r"game \\d \\(seed \\d+\\) failed: IllegalActionError: .*", str(exc)))
print(named, threading.active_count() > 1, f"{time.perf_counter() - started:.1f}")
if client is not None:
    client.close()
"""


@pytest.mark.parametrize("alive", [
    "thread",
    pytest.param("dask", marks=pytest.mark.skipif(
        importlib.util.find_spec("distributed") is None,
        reason="dask[distributed] is not installed (pip install 'tanktable[dask]')")),
])
def test_300_failing_runs_each_end_naming_the_game(alive: str) -> None:
    """issue 61.2: ``multiprocessing.Pool`` hung in about one run of 50 stopping after
    a failed game (more often with a Dask client alive): 300 runs in one process, with
    another thread alive, must each end with the game and its seed named. The script
    plays one failing game in its own process first, so that each run's cost is the
    pool's start and stop (where the hang was), not the workers importing the game."""
    done = run_bounded(FAILING_RUNS, alive, seconds=240)  # a few seconds on an idle machine
    assert done.returncode == 0, done.stderr
    named, threaded, _seconds = done.stdout.split()
    assert (named, threaded) == ("300", "True")


@pytest.mark.parametrize(("how", "ended"), [("exit", "exit code 3"), ("kill", "killed by SIGKILL")])
def test_a_worker_that_dies_ends_the_run_naming_the_game_and_its_seed(how: str, ended: str) -> None:
    """issue 61.2: a worker that dies mid-run (a crash in native code, the OOM killer)
    stops the run with an error naming the game it was playing, and leaves no process."""
    before = living_children()
    jobs = simulation_jobs(PigGames(), 8, seed=1, default_kind="random")
    jobs = simulation_jobs(DyingGames(how, jobs[3].seed), 8, seed=1, default_kind="random")
    started = time.perf_counter()
    with within(30), pytest.raises(SimulationError) as caught:
        run_jobs(jobs, workers=2)
    assert str(caught.value) == f"game 3 (seed {jobs[3].seed}) failed: its worker process died ({ended})"
    assert time.perf_counter() - started < 10
    assert not multiprocessing.active_children() and living_children() <= before


def die_on_five(item: int) -> int:
    if item == 5:
        os._exit(7)
    return item


def test_the_pool_names_the_item_a_worker_died_on_within_its_chunk() -> None:
    """Workers answer item by item, so a death is pinned on the item, not on its chunk."""
    before, seen = living_children(), list[int]()
    with within(30), pytest.raises(WorkerDied) as caught, WorkerPool(2, "fork") as pool:
        seen.extend(pool.imap_unordered(die_on_five, range(12), chunksize=4))
    assert caught.value.item == 5 and caught.value.how == "exit code 7"
    assert str(caught.value) == "a worker process died (exit code 7) while working on item 5"
    assert 4 in seen and 5 not in seen  # 4 was answered before 5 was begun: read before the death
    assert living_children() <= before


class Stubborn(Exception):
    """An exception that cannot be pickled: it holds a lock (seen with any pickling
    support installed, such as the one Dask installs for tracebacks)."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__(f"{a}/{b}")
        self.lock = threading.Lock()


def raise_stubborn(item: int) -> int:
    raise Stubborn("left", "right")


def test_an_exception_that_cannot_travel_comes_back_as_its_text() -> None:
    before = living_children()
    with within(30), pytest.raises(RuntimeError, match="^Stubborn: left/right$"), \
            WorkerPool(1, "fork") as pool:
        list(pool.imap_unordered(raise_stubborn, [1]))
    assert living_children() <= before


def ignore_sigterm_then_sleep(item: int) -> int:
    if item == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        return 0
    time.sleep(60)
    return item


def test_a_worker_that_will_not_stop_is_killed_after_a_bounded_wait() -> None:
    """Stopping the pool terminates the workers, waits a bounded time, then kills:
    a worker that ignores SIGTERM (as a ruleset's library might make it) is gone too."""
    before = living_children()
    started = time.perf_counter()
    with within(30), WorkerPool(1, "fork") as pool:
        worker = pool.processes[0]
        for answer in pool.imap_unordered(ignore_sigterm_then_sleep, [0, 1], chunksize=2):
            assert answer == 0
            break  # the worker is asleep in item 1, ignoring SIGTERM
    assert worker.exitcode == -signal.SIGKILL
    assert TERMINATE_WAIT <= time.perf_counter() - started < TERMINATE_WAIT + 10
    assert living_children() <= before


def square(item: int) -> int:
    return item * item


def test_worker_pool_answers_every_item_and_leaves_no_process() -> None:
    """The pool bench/decisions.py uses: every answer once, and no worker afterwards."""
    before = living_children()
    with within(30), worker_pool(2) as pool:
        answers = sorted(pool.imap_unordered(square, range(20)))
        workers = pool.processes
    assert answers == [i * i for i in range(20)]
    assert all(w.exitcode == 0 for w in workers)  # asked to leave, they left
    assert living_children() <= before


CTRL_C = """
import os, signal, sys, threading, time
from pathlib import Path
from core.ai.simulate import SimulationInterrupted, simulate
from tests.ai.games import SlowPigGames
from tests.ai.test_workers import living_children
signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C live, as in a terminal

threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
sent = []
def ctrl_c():
    sent.append(time.perf_counter())
    os.kill(os.getpid(), signal.SIGINT)
threading.Timer(1.0, ctrl_c).start()
try:
    simulate(SlowPigGames(), 40, seed=1, default_kind="random", workers=2)
except SimulationInterrupted as stop:
    print("stopped", stop.report.games, f"{time.perf_counter() - sent[0]:.2f}", len(living_children()))
"""


def test_ctrl_c_to_the_parent_alone_stops_the_run_at_once_and_leaves_no_process() -> None:
    """issue 61.2: SIGINT to the parent only (not its group: the workers never hear it),
    with another thread alive, ends the run within seconds and no worker outlives it."""
    done = run_bounded(CTRL_C, seconds=60)
    assert done.returncode == 0, done.stderr
    word, games, seconds, children = done.stdout.split()
    assert word == "stopped" and int(games) < 40 and float(seconds) < 5 and children == "0"
    assert done.stderr == ""


def exit_five(job: Any) -> list[Any]:
    os._exit(5)


def no_answers(job: Any) -> list[Any]:
    return []


def test_bench_decisions_reports_a_worker_that_died(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """bench/decisions.py plays its games on :func:`worker_pool`: each game comes back,
    and a worker that dies ends the run with one line, not a traceback or a hang."""
    import bench.decisions as decisions

    before = living_children()
    arguments = ["tank-chess", "--games", "3", "--workers", "2"]
    monkeypatch.setattr(decisions, "play_and_ask", no_answers)
    with within(30):
        assert decisions.main(arguments) == 0
    assert capsys.readouterr().err.count(" of 3: 0 positions asked") == 3
    monkeypatch.setattr(decisions, "play_and_ask", exit_five)
    with within(30):
        assert decisions.main(arguments) == 1
    err = capsys.readouterr().err
    assert re.fullmatch(r"bench/decisions.py: a worker process died \(exit code 5\) "
                        r"while working on item [01]\n", err), err
    assert living_children() <= before
