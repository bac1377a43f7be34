"""Many games between computer players: local processes or a Dask cluster.

A simulation is a list of :class:`GameJob` values, each a complete, picklable
recipe for one game (how to build it, its seed, who plays which seat). A job
is played by :func:`play_job`, a pure function of the job: so the results do
not depend on which process plays which game, nor on how many processes
there are. :func:`run_jobs` plays a list of jobs serially, in a local
process pool, or on Dask, and returns the results in job order.

Seeds: game ``i`` of a simulation with master seed ``s`` gets
``derive_seed(s, "game", i)``, a hash (not ``s + i``, so neighbouring master
seeds do not share games); its players get seeds derived from the game's.

Reproducibility: random, greedy and ``mcts`` with an iteration budget are
deterministic, so their results are identical for any worker count. With a
time budget (``think`` seconds) an MCTS player runs as many iterations as
the machine allows, and results vary with the load of the machine.

Worker processes are *forked* where that is safe (Linux): they start at
once, inherit the registered rulesets and the parent's string hashing, so a
ruleset that iterates a set of strings still plays the same game in every
process. All workers are forked before any other thread of ours runs (the
progress bar starts on the first result). Threads that others run in the
process (a Dask client, a test runner's) are not copied into a forked worker,
and a lock one of them holds at that moment stays held in the worker: games
take no such lock (a worker neither logs nor prints), and whatever state a
worker is in, a failed game, a dead worker or Ctrl-C stops the pool within
seconds (:mod:`core.ai.workers`). ``forkserver`` would avoid the copy, but its
workers would neither know rulesets registered at run time nor hash strings as
this process does, so their games could differ from a serial run's. Elsewhere (macOS, Windows) they
are *spawned* with a fixed ``PYTHONHASHSEED``, so at least all workers agree;
a spawning caller's script needs the ``if __name__ == "__main__":`` guard.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from core.ai.workers import WorkerDied, WorkerPool
from core.errors import TanktableError
from core.game import DEFAULT_MAX_DECISIONS, Game
from core.memo import forget_games

if TYPE_CHECKING:
    from core.ai.simlog import SimulationLog

__all__ = [
    "GameFactory",
    "GameJob",
    "GameResult",
    "RegistryGames",
    "SideStats",
    "SimulationError",
    "SimulationInterrupted",
    "SimulationReport",
    "derive_seed",
    "play_job",
    "run_jobs",
    "simulate",
    "simulation_jobs",
    "summarize",
    "wilson",
    "worker_pool",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

Progress = Callable[[int, int], None]
"""Called with (games done, games total) as results come in."""

ResultSink = Callable[["GameResult"], None]
"""Called in the calling process with each game as soon as its result is in."""


def derive_seed(master: int, *parts: object) -> int:
    """A 62-bit seed from a master seed and labels (stable across runs and platforms)."""
    text = repr((int(master), *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 2


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (good for small n and rates near 0 or 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class GameFactory(Protocol):
    """Builds a fresh game from a seed; must be picklable (sent to workers)."""

    def __call__(self, seed: int) -> Game[Any]: ...


@dataclass(frozen=True)
class RegistryGames:
    """Games of a registered ruleset, looked up by id in the worker.

    Only the id travels to the worker, which finds the ruleset through the
    entry-point registry: third-party rulesets work the same way.
    """

    ruleset: str
    scenario: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def __call__(self, seed: int) -> Game[Any]:
        from core.registry import get_ruleset

        return get_ruleset(self.ruleset).new_game(self.scenario, dict(self.options), seed)


@dataclass(frozen=True)
class GameJob:
    """One game to play: a picklable recipe.

    ``seats`` maps side names to player kinds (``random``, ``greedy``,
    ``mcts``, presets); sides not named play ``default_kind``. ``rotate``
    shifts the kinds round the table by that many seats (to swap sides for
    fairness). ``think``/``iterations`` are the MCTS budget: an iteration
    budget makes games reproducible. ``max_moves`` stops endless games (the
    game then counts as unfinished); ``None`` stops them at the game's declared
    bound (:meth:`~core.game.Game.max_decisions`), or at
    :data:`~core.game.DEFAULT_MAX_DECISIONS` where the settings give none.
    """

    index: int
    factory: GameFactory
    seed: int
    seats: tuple[tuple[str, str], ...] = ()
    default_kind: str = "greedy"
    rotate: int = 0
    think: float | None = None
    iterations: int | None = None
    max_moves: int | None = None
    rollout_depth: int | None = None
    opening: int = 0


@dataclass(frozen=True)
class GameResult:
    """How one game went, in plain values (cheap to send between processes)."""

    index: int
    seed: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    winners: tuple[int, ...]
    reason: str
    moves: int
    finished: bool

    @property
    def is_draw(self) -> bool:
        return self.finished and not self.winners

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": dict(zip(self.players, self.kinds, strict=True)),
            "winners": [self.players[p] for p in self.winners],
            "reason": self.reason,
            "moves": self.moves,
            "finished": self.finished,
        }


def make_player(kind: str, seed: int, think: float | None, iterations: int | None,
                rollout_depth: int | None = None) -> Any:
    """An agent of ``kind``; MCTS kinds honour an iteration budget and a rollout depth.
    A preset plays without its wall-clock cap here: nobody waits for a simulated
    game, and its result must not depend on the machine's load (issue 28.4)."""
    from core.ai.agents import make_agent
    from core.ai.mcts import MCTSAgent

    if kind.lower() == "mcts" and iterations is not None:
        agent: Any = MCTSAgent(seed=seed, iterations=iterations)
    else:
        agent = make_agent(kind, seed=seed, think=think)
    if rollout_depth is not None and isinstance(agent, MCTSAgent):
        agent.rollout_depth = rollout_depth
    if isinstance(agent, MCTSAgent):
        agent.cap = None
    return agent


def play_job(job: GameJob) -> GameResult:
    """Play one game to its end (or ``max_moves`` decisions). Pure in ``job``.

    The first ``job.opening`` decisions are random (seeded by the game): a
    game without dice between deterministic players would otherwise repeat
    the same game for every seed.
    """
    from core.ai.agents import RandomAgent

    forget_games()  # a worker's caches hold one game at a time (core/memo.py)
    game = job.factory(job.seed)
    players = tuple(game.players)
    seats = dict(job.seats)
    for side in seats:
        game.player_index(side)  # unknown side names are a user error
    kinds = [seats.get(name, job.default_kind) for name in players]
    if job.rotate and kinds:
        r = job.rotate % len(kinds)
        kinds = kinds[-r:] + kinds[:-r] if r else kinds
    agents = [
        make_player(kind, derive_seed(job.seed, "agent", p), job.think, job.iterations,
                    job.rollout_depth)
        for p, kind in enumerate(kinds)
    ]
    opener = RandomAgent(seed=derive_seed(job.seed, "opening"))
    moves = 0
    limit = job.max_moves
    if limit is None:
        bound = game.max_decisions()
        limit = bound if bound is not None else DEFAULT_MAX_DECISIONS
    while game.outcome() is None and moves < limit:
        player = game.to_move()
        agent = opener if moves < job.opening else agents[player]
        game.apply(agent.choose(game))
        moves += 1
    outcome = game.outcome()
    if outcome is None:
        return GameResult(job.index, job.seed, players, tuple(kinds), (), "move limit", moves, False)
    return GameResult(
        job.index, job.seed, players, tuple(kinds), tuple(outcome.winners), outcome.reason,
        moves, True,
    )


class SimulationError(TanktableError):
    """A game of a simulation failed; says which one, so it can be reproduced."""


def _play_guarded(job: GameJob) -> GameResult:
    """:func:`play_job`, with a failure turned into a plain, picklable error naming the game."""
    try:
        return play_job(job)
    except Exception as exc:  # noqa: BLE001 - reported with the game that failed
        raise SimulationError(
            f"game {job.index} (seed {job.seed}) failed: {type(exc).__name__}: {exc}"
        ) from None


def _play_chunk(jobs: Sequence[GameJob]) -> list[GameResult]:
    return [_play_guarded(job) for job in jobs]


def _chunk_size(jobs: int, workers: int, size: int | None = None) -> int:
    """Small chunks (about 8 per worker) balance uneven game lengths; ``size`` overrides."""
    return size or max(1, min(32, jobs // (workers * 8)))


def _chunks(jobs: Sequence[GameJob], workers: int, size: int | None = None) -> list[list[GameJob]]:
    size = _chunk_size(len(jobs), workers, size)
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


@contextmanager
def _fixed_hash_seed() -> Iterator[None]:
    """Spawned workers start with the same string hashing (see module docstring)."""
    old = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = old if old is not None else "0"
    try:
        yield
    finally:
        if old is None:
            del os.environ["PYTHONHASHSEED"]


def run_jobs(
    jobs: Sequence[GameJob],
    workers: int = 1,
    dask: str | None = None,
    progress: Progress | None = None,
    on_result: ResultSink | None = None,
    chunk_size: int | None = None,
) -> list[GameResult]:
    """Play every job; results in job order whatever the execution.

    ``workers`` <= 1 plays in this process; more uses that many worker
    processes (:func:`worker_pool`); ``dask`` is a scheduler address (``tcp://host:8786``) or
    ``local`` for a cluster of ``workers`` processes on this machine.
    ``on_result`` sees each game as it comes in (a worker sends a chunk of
    ``chunk_size`` games at a time; by default about 8 chunks per worker).
    """
    total = len(jobs)
    results: list[GameResult] = []

    def take(batch: Sequence[GameResult]) -> None:
        for result in batch:
            results.append(result)
            if on_result is not None:
                on_result(result)
        if progress is not None:
            progress(len(results), total)

    if dask is not None:
        _run_dask(jobs, dask, max(1, workers), take, chunk_size)
    elif workers <= 1 or total <= 1:
        for job in jobs:
            take([_play_guarded(job)])
    else:
        _run_pool(jobs, workers, take, chunk_size)
    results.sort(key=lambda r: r.index)
    return results


def _start_method() -> str:
    """``fork`` on Linux (fast, inherits the registry); ``spawn`` elsewhere."""
    return "fork" if sys.platform.startswith("linux") else "spawn"


def _run_pool(jobs: Sequence[GameJob], workers: int, take: Callable[[list[GameResult]], None],
              chunk_size: int | None) -> None:
    """Play the jobs in ``workers`` processes, handing each game to ``take`` as it is in.

    A worker gets a chunk of jobs at a time and sends each game as it ends. The
    workers ignore Ctrl-C (it reaches every process of the terminal's group); the
    parent stops on it, and leaving the ``with`` stops the workers at once,
    dropping the games under way. A failed game stops the run the same way, and
    so does a worker that dies: the error names the game it was playing. Why not
    ``ProcessPoolExecutor``: it has no public way to stop a running worker (after
    Ctrl-C a worker went on with the chunks queued for it: a 2-worker Battle of
    Tanks run still playing 100 s after Ctrl-C); why not ``multiprocessing.Pool``:
    stopping it after a failed game sometimes hung for ever (issue 61.2, see
    :mod:`core.ai.workers`).
    """
    size = _chunk_size(len(jobs), workers, chunk_size)
    with worker_pool(min(workers, math.ceil(len(jobs) / size))) as pool:
        try:
            for result in pool.imap_unordered(_play_guarded, jobs, chunksize=size):
                take([result])
        except WorkerDied as death:
            if death.item is None:
                raise SimulationError(str(death)) from None
            job = jobs[death.item]
            raise SimulationError(
                f"game {job.index} (seed {job.seed}) failed: its worker process died ({death.how})"
            ) from None


@contextmanager
def worker_pool(workers: int) -> Iterator[WorkerPool]:
    """A pool of ``workers`` processes started as the simulations' are (see the module
    docstring: forked on Linux, else spawned with a fixed string hashing), for other
    work spread over processes too (bench/decisions.py).

    The workers ignore Ctrl-C; the caller gets the ``KeyboardInterrupt`` (also one
    that came while the pool started) and leaving the ``with`` stops the workers
    within seconds, whatever they were doing (:class:`core.ai.workers.WorkerPool`).
    """
    method = _start_method()
    hashing: AbstractContextManager[None] = _fixed_hash_seed() if method == "spawn" else nullcontext()
    with hashing:
        pool = WorkerPool(workers, method)
    with pool:
        yield pool


def _run_dask(
    jobs: Sequence[GameJob], address: str, workers: int,
    take: Callable[[list[GameResult]], None], chunk_size: int | None,
) -> None:
    """Play the jobs on a Dask cluster (``pip install tanktable[dask]``)."""
    try:
        distributed: Any = import_module("dask.distributed")
    except ImportError:
        raise TanktableError(
            "--dask needs Dask distributed: pip install 'tanktable[dask]'"
        ) from None
    cluster: Any = None
    try:
        if address == "local":
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.WARNING,
            )
            client = distributed.Client(cluster)
        else:
            client = distributed.Client(address, timeout="20s")
    except OSError as exc:
        if cluster is not None:
            cluster.close()
        raise TanktableError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        n = max(workers, _dask_workers(client))
        futures = client.map(_play_chunk, _chunks(jobs, n, chunk_size), pure=False)
        for future in distributed.as_completed(futures):
            take(future.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _dask_workers(client: Any) -> int:
    try:
        return max(1, len(client.scheduler_info().get("workers", {})))
    except Exception:  # noqa: BLE001 - only a hint for chunk sizes
        return 1


# ---------------------------------------------------------------- summaries
@dataclass(frozen=True)
class SideStats:
    """Wins of one side (or one player kind) with the 95% Wilson interval."""

    name: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"wins": self.wins, "games": self.games, "rate": self.rate, "ci95": [low, high]}


@dataclass(frozen=True)
class SimulationReport:
    """Wins per side and per player kind, draws, unfinished games, mean length."""

    games: int
    sides: tuple[SideStats, ...]
    kinds: tuple[SideStats, ...]
    draws: int
    unfinished: int
    mean_moves: float
    results: tuple[GameResult, ...]

    def to_json(self, with_games: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "games": self.games,
            "sides": {s.name: s.to_json() for s in self.sides},
            "kinds": {k.name: k.to_json() for k in self.kinds},
            "draws": self.draws,
            "unfinished": self.unfinished,
            "mean_moves": self.mean_moves,
        }
        if with_games:
            out["results"] = [r.to_json() for r in self.results]
        return out


def summarize(results: Sequence[GameResult]) -> SimulationReport:
    """Count wins per side and per kind (a kind that sat in several seats counts once a game)."""
    n = len(results)
    side_names: list[str] = []
    for r in results:
        for name in r.players:
            if name not in side_names:
                side_names.append(name)
    side_wins = dict.fromkeys(side_names, 0)
    side_games = dict.fromkeys(side_names, 0)
    kind_wins: dict[str, int] = {}
    kind_games: dict[str, int] = {}
    for r in results:
        for name in r.players:
            side_games[name] += 1
        for p in r.winners:
            side_wins[r.players[p]] += 1
        for kind in dict.fromkeys(r.kinds):
            kind_games[kind] = kind_games.get(kind, 0) + 1
            kind_wins.setdefault(kind, 0)
        for kind in dict.fromkeys(r.kinds[p] for p in r.winners):
            kind_wins[kind] += 1
    sides = tuple(SideStats(s, side_wins[s], side_games[s]) for s in side_names)
    kinds = tuple(SideStats(k, kind_wins[k], kind_games[k]) for k in kind_games)
    draws = sum(1 for r in results if r.is_draw)
    unfinished = sum(1 for r in results if not r.finished)
    mean = sum(r.moves for r in results) / n if n else 0.0
    return SimulationReport(n, sides, kinds, draws, unfinished, mean, tuple(results))


def simulation_jobs(
    factory: GameFactory,
    games: int,
    seed: int = 0,
    seats: Mapping[str, str] | None = None,
    default_kind: str = "greedy",
    swap: bool = False,
    think: float | None = None,
    iterations: int | None = None,
    max_moves: int | None = None,
    rollout_depth: int | None = None,
    opening: int = 0,
) -> list[GameJob]:
    """The jobs of ``games`` games; with ``swap`` the kinds rotate a seat every game."""
    if games < 1:
        raise TanktableError("--games must be at least 1")
    seat_items = tuple((k.lower(), v.lower()) for k, v in (seats or {}).items())
    return [
        GameJob(
            index=i, factory=factory, seed=derive_seed(seed, "game", i), seats=seat_items,
            default_kind=default_kind, rotate=i if swap else 0, think=think,
            iterations=iterations, max_moves=max_moves, rollout_depth=rollout_depth,
            opening=opening,
        )
        for i in range(games)
    ]


def check_seats(game: Game[Any], seats: Mapping[str, str]) -> None:
    """Unknown sides or player kinds are user errors, found before any worker starts."""
    from core.ai.agents import make_agent

    for side, kind in seats.items():
        game.player_index(side)
        if kind.lower() == "human":
            raise TanktableError("a simulation has no human seats (use random, greedy, mcts...)")
        make_agent(kind, seed=0, think=0.01)


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`: carries the report of the games finished before it.

    A ``KeyboardInterrupt``, so a caller that only knows that still stops.
    """

    def __init__(self, report: SimulationReport, total: int) -> None:
        super().__init__(f"interrupted after {report.games} of {total} games")
        self.report = report
        self.total = total


def simulate(
    factory: GameFactory,
    games: int,
    seed: int = 0,
    seats: Mapping[str, str] | None = None,
    workers: int = 1,
    dask: str | None = None,
    progress: Progress | None = None,
    log: SimulationLog | None = None,
    **job_options: Any,
) -> SimulationReport:
    """Play ``games`` games and summarize them (see :func:`simulation_jobs` for options).

    With a ``log`` (:class:`core.ai.simlog.SimulationLog`, opened with the
    same settings) the games it holds are not played again and every new one
    is written to it as it finishes; workers then send each game on its own.
    Ctrl-C raises :class:`SimulationInterrupted` with the games finished so far.
    """
    jobs = simulation_jobs(factory, games, seed, seats, **job_options)
    check_seats(factory(jobs[0].seed), seats or {})
    if log is not None:
        from core.ai.simlog import simulation_settings

        if log.settings != simulation_settings(factory, seed, seats, **job_options):
            raise TanktableError(f"{log.path}: the log was opened for other settings than "
                                 "this simulation's")
    earlier = [r for i, r in sorted(log.results.items()) if i < games] if log is not None else []
    todo = [job for job in jobs if log is None or job.index not in log.results]
    played: list[GameResult] = []

    def keep(result: GameResult) -> None:
        played.append(result)
        if log is not None:
            log.append(result)
        if progress is not None:
            progress(len(earlier) + len(played), games)

    if progress is not None and earlier:
        progress(len(earlier), games)
    try:
        run_jobs(todo, workers=workers, dask=dask, on_result=keep,
                 chunk_size=1 if log is not None else None)
    except KeyboardInterrupt:
        partial = sorted(earlier + played, key=lambda r: r.index)
        raise SimulationInterrupted(summarize(partial), games) from None
    return summarize(sorted(earlier + played, key=lambda r: r.index))

