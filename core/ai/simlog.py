"""A simulation's log: one JSON line per finished game, written as it finishes.

Why: a hundred games of Battle of Tanks at one second a move take an hour
and a half. With a log the run can be watched (``tail -f``), a Ctrl-C, a
closed terminal or a crash costs only the games under way, and the same
command resumes it: the games already in the log are not played again.
Every game is a pure function of its job (the master seed and its index),
so a resumed run reports what one uninterrupted run would have (exactly so
where every player is reproducible).

The file is JSON Lines. The first line says what simulation it belongs to::

    {"format": "tanktable-simulation-log", "version": 1, "settings": {...}}

and every further line is one game, as :meth:`GameResult.to_json` gives it.
A log is only ever appended to. A log of other settings, or with a line
that does not read, is refused with every problem as ``file:line:col:
message`` and left as it is. The one repair: a last line cut off half-way
(the process was killed while writing it) is cut away before appending, and
its game is played again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import IO, Any

from core.ai.simulate import GameFactory, GameResult, derive_seed, simulation_jobs
from core.errors import DataError, TanktableError
from core.jsonlines import open_to_append, write_line

FORMAT = "tanktable-simulation-log"
VERSION = 1
GAME_KEYS = ("index", "seed", "seats", "winners", "reason", "moves", "finished")


def simulation_settings(factory: GameFactory, seed: int, seats: Mapping[str, str] | None,
                        **job_options: Any) -> dict[str, Any]:
    """What decides a simulation's games, as plain JSON values.

    Two runs with equal settings play the same game ``i`` (with reproducible
    players); ``games`` is left out, so a log can be extended by asking for
    more games, and so are ``workers`` and ``dask``, which change nothing.
    """
    job = simulation_jobs(factory, 1, seed, seats, **job_options)[0]
    settings = {
        "game": _describe(factory),
        "seed": int(seed),
        "seats": dict(job.seats),
        "default_kind": job.default_kind,
        "swap": bool(job_options.get("swap", False)),
        "think": job.think,
        "iterations": job.iterations,
        "max_moves": job.max_moves,
        "rollout_depth": job.rollout_depth,
        "random_opening": job.opening,
    }
    plain: dict[str, Any] = json.loads(json.dumps(settings, sort_keys=True, default=str))
    return plain


def _describe(factory: object) -> dict[str, Any]:
    """A game factory as plain values: its class and, for a dataclass, its fields."""
    kind = type(factory)
    out: dict[str, Any] = {"type": f"{kind.__module__}.{kind.__qualname__}"}
    if is_dataclass(factory):
        for f in fields(factory):
            out[f.name] = getattr(factory, f.name)
    return out


@dataclass
class SimulationLog:
    """An open log: the games it already holds, and a handle to append the next ones.

    Open it with :meth:`open`, pass it to :func:`core.ai.simulate.simulate`,
    close it (or use ``with``) when the run ends.
    """

    path: Path
    settings: dict[str, Any]
    results: dict[int, GameResult] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    _handle: IO[str] | None = None
    _headed: bool = False  # whether the file has its header line

    @classmethod
    def open(cls, path: str | Path, settings: Mapping[str, Any]) -> SimulationLog:
        """Read ``path`` (if it exists) and open it for appending.

        Raises :class:`DataError` with every problem found, without writing
        anything, when the log is of another simulation or does not read.
        The lock is taken before the file is read, so a run never cuts a line
        that another run is still writing. A new log gets its header with its
        first game: a run refused at the start (a mistyped seat, say) leaves no
        header that would refuse the corrected command.
        """
        path = Path(path)
        plain = json.loads(json.dumps(dict(settings), sort_keys=True, default=str))
        log = cls(path, plain)
        handle, kept = open_to_append(path, "log", "simulation", log._read)
        log._handle = handle
        log._headed = kept > 0
        return log

    # ------------------------------------------------------------- reading
    def _read(self, raw: bytes) -> int:
        """Fill :attr:`results` from the file's bytes.

        Returns how many bytes to keep: all, or all but a torn last line.
        """
        if not raw.strip():
            return 0
        problems: list[str] = []
        lines = raw.split(b"\n")
        tail = lines.pop()  # empty when the file ends with a newline
        keep = len(raw)
        if tail and (not lines or _json_object(tail) is not None):
            lines.append(tail)  # a whole line (or the only one) without its newline
        elif tail:
            keep -= len(tail)
            self.notes.append(f"{self.path}:{len(lines) + 1}: a line cut off half-way (the run was "
                              "stopped while writing it) is dropped; its game is played again")
        for number, line in enumerate(lines, start=1):
            text = _text(line, number, problems, self.path)
            if text is None:
                continue
            if not text.strip():
                if number == 1:
                    problems.append(f"{self.path}:1:1: not a tanktable simulation log (its first "
                                    "line is empty)")
                continue
            try:
                value = json.loads(text)
            except json.JSONDecodeError as exc:
                problems.append(f"{self.path}:{number}:{exc.colno}: not JSON: {exc.msg}")
                if number == 1:
                    break  # not a log at all: its other lines say nothing more
                continue
            if number == 1:
                if not self._check_header(value, problems):
                    break
            else:
                self._take_game(value, number, problems)
        if problems:
            raise DataError(problems)
        return keep

    def _check_header(self, value: Any, problems: list[str]) -> bool:
        """Whether the first line is the header of a log of these settings (else its
        game lines are not worth checking: they belong to another simulation)."""
        where = f"{self.path}:1:1"
        if not isinstance(value, dict) or value.get("format") != FORMAT:
            problems.append(f"{where}: not a tanktable simulation log (its first line has no "
                            f'"format": "{FORMAT}")')
            return False
        if value.get("version") != VERSION:
            problems.append(f"{where}: log version {value.get('version')!r}; this tanktable "
                            f"reads version {VERSION}")
            return False
        theirs = value.get("settings")
        if not isinstance(theirs, dict):
            problems.append(f'{where}: "settings" must be an object')
            return False
        differ = [key for key in sorted(set(theirs) | set(self.settings))
                  if self.settings.get(key) != theirs.get(key)]
        for key in differ:
            problems.append(f"{where}: the log is of another simulation: {key} is "
                            f"{_show(theirs.get(key))} there and {_show(self.settings.get(key))} "
                            "here (resume with the same settings, or log to another file)")
        return not differ

    def _take_game(self, value: Any, number: int, problems: list[str]) -> None:
        where = f"{self.path}:{number}:1"
        result = _game(value)
        if isinstance(result, str):
            problems.append(f"{where}: {result}")
            return
        master = self.settings.get("seed")
        if isinstance(master, int) and result.seed != derive_seed(master, "game", result.index):
            problems.append(f"{where}: game {result.index} has seed {result.seed}, but seed "
                            f"{master} gives it {derive_seed(master, 'game', result.index)}")
            return
        if result.index in self.results:
            problems.append(f"{where}: game {result.index} is in the log twice")
            return
        self.results[result.index] = result

    # ------------------------------------------------------------- writing
    def append(self, result: GameResult) -> None:
        """Write one finished game (after the header, if the log is new), flushed to
        disk before the next one is awaited."""
        if not self._headed:
            self._write({"format": FORMAT, "version": VERSION, "settings": self.settings})
            self._headed = True
        self.results[result.index] = result
        self._write(result.to_json())

    def _write(self, value: Mapping[str, Any]) -> None:
        if self._handle is None:
            raise TanktableError(f"{self.path}: the log is closed")
        write_line(self._handle, value)

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def __enter__(self) -> SimulationLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _text(line: bytes, number: int, problems: list[str], path: Path) -> str | None:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(f"{path}:{number}:{exc.start + 1}: not UTF-8 text")
        return None


def _json_object(line: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return value if isinstance(value, dict) else None


def _show(value: Any) -> str:
    return "not set" if value is None else json.dumps(value, sort_keys=True)


def _game(value: Any) -> GameResult | str:
    """A logged game, or what is wrong with it."""
    if not isinstance(value, dict):
        return "a game must be a JSON object"
    missing = [k for k in GAME_KEYS if k not in value]
    if missing:
        return f"a game needs {', '.join(missing)}"
    index, seed, seats, winners = value["index"], value["seed"], value["seats"], value["winners"]
    if not (isinstance(index, int) and index >= 0 and isinstance(seed, int)):
        return "index and seed must be whole numbers (index 0 or more)"
    if not (isinstance(seats, dict) and seats
            and all(isinstance(k, str) and isinstance(v, str) for k, v in seats.items())):
        return "seats must map each side to a player kind"
    players = tuple(seats)
    if not (isinstance(winners, list) and all(w in players for w in winners)):
        return f"winners must be a list of sides among {', '.join(players)}"
    moves, finished, reason = value["moves"], value["finished"], value["reason"]
    if not (isinstance(moves, int) and moves >= 0 and isinstance(finished, bool)
            and isinstance(reason, str)):
        return "moves must be a whole number, finished true or false, reason a text"
    return GameResult(index, seed, players, tuple(seats.values()),
                      tuple(players.index(w) for w in winners), reason, moves, finished)
