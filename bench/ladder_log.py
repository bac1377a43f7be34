"""The ladder's file of finished games: JSON lines, so a long ladder runs in parts.

``bench/ladder.py --out FILE`` appends every game to FILE the moment it
ends, and reads the games already there first: the same command again plays
only the rest. ``--resume FILE`` (any number of times) reads the games of
other parts (another session, another machine) and copies them into the
``--out`` file: that is how parts are merged.

The first line says what ladder the file belongs to; a game is only the same
game if these settings are equal (the levels and the number of games are
not settings: a file grows as levels and rounds are added)::

    {"format": "tanktable-ladder", "version": 1, "settings": {...}}

then one line per game, and after each session a line saying when, at
which commit and with which command it ran and how long it took::

    {"first": "normal", "second": "greedy", "round": 3, "seed": ..., "seats": {...},
     "winners": ["german"], "reason": "...", "moves": 412, "finished": true}
    {"session": {"date": "...", "commit": "...", "command": "...", "games": 40,
                 "seconds": 3620.5, "workers": 2}}

A file of other settings, or with a line that does not read, is refused with
every problem as ``file:line:col: message``. A last line cut off half-way (the
run was killed while writing it) is dropped with a note, and its game is
played again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from core.errors import DataError, TanktableError
from core.jsonlines import open_to_append, write_line

FORMAT = "tanktable-ladder"
VERSION = 1
GAME_KEYS = ("first", "second", "round", "seed", "seats", "winners", "reason", "moves", "finished")

GameKey = tuple[str, str, int]
"""(level on the first side, level on the second side, round)."""


@dataclass(frozen=True)
class LadderRecord:
    """One finished game of the ladder, as its line in the file holds it."""

    first: str
    second: str
    round: int
    seed: int
    sides: tuple[str, str]
    winners: tuple[str, ...]
    reason: str
    moves: int
    finished: bool

    @property
    def key(self) -> GameKey:
        return (self.first, self.second, self.round)

    @property
    def score(self) -> float:
        """The first side's score: a win 1, a loss 0, a draw or an unfinished game 0.5."""
        if self.winners == (self.sides[0],):
            return 1.0
        if self.winners == (self.sides[1],):
            return 0.0
        return 0.5

    def to_json(self) -> dict[str, Any]:
        return {
            "first": self.first, "second": self.second, "round": self.round, "seed": self.seed,
            "seats": {self.sides[0]: self.first, self.sides[1]: self.second},
            "winners": list(self.winners), "reason": self.reason, "moves": self.moves,
            "finished": self.finished,
        }


@dataclass
class LadderFile:
    """The games and sessions read from one file (and, when opened to write, its handle)."""

    path: Path
    settings: dict[str, Any]
    games: dict[GameKey, LadderRecord] = field(default_factory=dict)
    sessions: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    _handle: IO[str] | None = None
    _headed: bool = False

    @classmethod
    def read(cls, path: str | Path, settings: Mapping[str, Any]) -> LadderFile:
        """The games of an existing file of these settings (nothing is written)."""
        path = Path(path)
        found = cls(path, _plain(settings))
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise TanktableError(f"{path}: cannot read: {exc.strerror}") from None
        found._read(raw)
        return found

    @classmethod
    def open(cls, path: str | Path, settings: Mapping[str, Any]) -> LadderFile:
        """Read ``path`` if it exists and open it to append; a second run on it is refused."""
        path = Path(path)
        found = cls(path, _plain(settings))
        handle, kept = open_to_append(path, "file of games", "ladder", found._read)
        found._handle = handle
        found._headed = kept > 0
        return found

    # ------------------------------------------------------------- reading
    def _read(self, raw: bytes) -> int:
        """Fill the games and sessions; returns how many bytes to keep (a torn last line goes)."""
        if not raw.strip():
            return 0
        lines = raw.split(b"\n")
        tail = lines.pop()
        keep = len(raw)
        if tail:
            try:
                json.loads(tail.decode("utf-8"))
                lines.append(tail)
            except (UnicodeDecodeError, json.JSONDecodeError):
                keep -= len(tail)
                self.notes.append(f"{self.path}:{len(lines) + 1}: a line cut off half-way (the run "
                                  "was stopped while writing it) is dropped; its game is played again")
        problems: list[str] = []
        for number, line in enumerate(lines, start=1):
            where = f"{self.path}:{number}"
            try:
                value = json.loads(line.decode("utf-8"))
            except UnicodeDecodeError as exc:
                problems.append(f"{where}:{exc.start + 1}: not UTF-8 text")
                continue
            except json.JSONDecodeError as exc:
                problems.append(f"{where}:{exc.colno}: not JSON: {exc.msg}")
                if number == 1:
                    break
                continue
            if number == 1:
                if not self._check_header(value, problems):
                    break
            elif isinstance(value, dict) and "session" in value:
                if isinstance(value["session"], dict):
                    self.sessions.append(value["session"])
                else:
                    problems.append(f"{where}:1: a session must be an object")
            else:
                self._take_game(value, f"{where}:1", problems)
        if problems:
            raise DataError(problems)
        return keep

    def _check_header(self, value: Any, problems: list[str]) -> bool:
        where = f"{self.path}:1:1"
        if not isinstance(value, dict) or value.get("format") != FORMAT:
            problems.append(f'{where}: not a ladder file (its first line has no "format": "{FORMAT}")')
            return False
        if value.get("version") != VERSION:
            problems.append(f"{where}: version {value.get('version')!r}; this script reads {VERSION}")
            return False
        theirs = value.get("settings")
        if not isinstance(theirs, dict):
            problems.append(f'{where}: "settings" must be an object')
            return False
        differ = sorted(k for k in set(theirs) | set(self.settings)
                        if theirs.get(k) != self.settings.get(k))
        for key in differ:
            problems.append(f"{where}: the file is of another ladder: {key} is "
                            f"{json.dumps(theirs.get(key))} there and "
                            f"{json.dumps(self.settings.get(key))} here")
        return not differ

    def _take_game(self, value: Any, where: str, problems: list[str]) -> None:
        record = _record(value, tuple(self.settings.get("sides", ())))
        if isinstance(record, str):
            problems.append(f"{where}: {record}")
        elif record.key in self.games:
            problems.append(f"{where}: {record.first} against {record.second}, round "
                            f"{record.round}, is in the file twice")
        else:
            self.games[record.key] = record

    # ------------------------------------------------------------- writing
    def append(self, record: LadderRecord) -> None:
        """Write one game (after the header, if the file is new), flushed to disk."""
        self.games[record.key] = record
        self._write(record.to_json())

    def append_session(self, session: Mapping[str, Any]) -> None:
        self.sessions.append(dict(session))
        self._write({"session": dict(session)})

    def _write(self, value: Mapping[str, Any]) -> None:
        if self._handle is None:
            raise TanktableError(f"{self.path}: not open for writing")
        if not self._headed:
            header = {"format": FORMAT, "version": VERSION, "settings": self.settings}
            self._handle.write(json.dumps(header, separators=(",", ":")) + "\n")
            self._headed = True
        write_line(self._handle, value)

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _plain(settings: Mapping[str, Any]) -> dict[str, Any]:
    plain: dict[str, Any] = json.loads(json.dumps(dict(settings), sort_keys=True, default=str))
    return plain


def _record(value: Any, sides: tuple[str, ...]) -> LadderRecord | str:
    """A game line as a record, or what is wrong with it."""
    if not isinstance(value, dict):
        return "a game must be a JSON object"
    missing = [k for k in GAME_KEYS if k not in value]
    if missing:
        return f"a game needs {', '.join(missing)}"
    first, second, rnd, seed = value["first"], value["second"], value["round"], value["seed"]
    if not (isinstance(first, str) and isinstance(second, str)):
        return "first and second must be level names"
    if not (isinstance(rnd, int) and rnd >= 0 and isinstance(seed, int)):
        return "round and seed must be whole numbers (round 0 or more)"
    if len(sides) != 2 or value["seats"] != {sides[0]: first, sides[1]: second}:
        return f"seats must map {'/'.join(sides) or 'the sides'} to {first} and {second}"
    winners = value["winners"]
    if not (isinstance(winners, list) and all(w in sides for w in winners)):
        return f"winners must be a list of sides among {', '.join(sides)}"
    moves, finished, reason = value["moves"], value["finished"], value["reason"]
    if not (isinstance(moves, int) and moves >= 0 and isinstance(finished, bool)
            and isinstance(reason, str)):
        return "moves must be a whole number, finished true or false, reason a text"
    return LadderRecord(first, second, rnd, seed, (sides[0], sides[1]), tuple(winners), reason,
                        moves, finished)
