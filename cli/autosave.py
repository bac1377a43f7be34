"""Games kept for the player: where a game without ``--record`` is saved, and
the list ``tanktable play --resume`` (with no file) offers.

Every game with a person at the table is saved, so that ``quit``, the end of
input or a closed terminal never loses it. Without ``--record`` the record
goes to the games folder of the user's data directory:

* ``$TANKTABLE_HOME/games`` when ``TANKTABLE_HOME`` is set (tests, or a
  person who keeps the games elsewhere);
* else ``$XDG_DATA_HOME/tanktable/games`` (``~/.local/share/tanktable/games``),
  ``~/Library/Application Support/tanktable/games`` on macOS and
  ``%LOCALAPPDATA%\\tanktable\\games`` on Windows.

A record there is an ordinary record: ``--resume FILE`` plays on from it, in
place, and ``replay`` shows it.
"""

from __future__ import annotations

import os
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.errors import TanktableError, UsageError

if TYPE_CHECKING:
    from core.game import Game, Step
    from core.record import RecordFile

HOME_VARIABLE = "TANKTABLE_HOME"
LISTED = 10
"""How many unfinished games ``play --resume`` offers (the most recent first)."""


def data_home() -> Path:
    """tanktable's folder in the user's data directory (see the module docstring)."""
    own = os.environ.get(HOME_VARIABLE)
    if own:
        return Path(own).expanduser()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "tanktable"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "tanktable"
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share") / "tanktable"


def games_folder() -> Path:
    return data_home() / "games"


def new_game_path(ruleset_id: str) -> Path:
    """A name for a new game's record in the games folder, checked writable now.

    The file itself is written at the game's first save (a game quit before
    anything was played leaves nothing behind). The name says the ruleset and
    when the game started; a short random tail keeps two games started in the
    same second apart.
    """
    from cli.record_target import writable_folder

    folder = games_folder()
    hint = f"set {HOME_VARIABLE} to another folder, or play with --record FILE"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make the games folder {folder}: {exc.strerror or exc} ({hint})") from None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = folder / f"{ruleset_id}-{stamp}-{secrets.token_hex(2)}.yaml"
        if not path.exists():
            break
    problem = writable_folder(path)
    if problem is not None:
        raise UsageError(f"games are saved in {folder}, but {problem} ({hint})")
    return path


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game of the games folder, as the list shows it."""

    path: Path
    ruleset: str
    scenario: str
    decisions: int
    seats: str
    date: str

    def line(self) -> str:
        return (f"{self.ruleset} {self.scenario}, {self.decisions} decisions, {self.seats}"
                f" ({self.date})")


def unfinished_games(limit: int = LISTED) -> list[SavedGame]:
    """The most recently saved unfinished games of the games folder, newest first.

    Files that are not readable records are passed over (they are not ours
    to judge here; ``replay`` says what is wrong with one).
    """
    folder = games_folder()
    if not folder.is_dir():
        return []
    from core.record import load_record

    paths = sorted(folder.glob("*.yaml"), key=_mtime, reverse=True)
    found: list[SavedGame] = []
    for path in paths:
        try:
            record, _ = load_record(path)
        except TanktableError:
            continue
        if record.result is not None:
            continue
        seats = ", ".join(f"{side}={kind}" for side, kind in record.seats.items()) or "seats not recorded"
        date = record.date or time.strftime("%Y-%m-%d %H:%M", time.localtime(_mtime(path)))
        found.append(SavedGame(path, record.ruleset, record.scenario, len(record.moves), seats, date))
        if len(found) >= limit:
            break
    return found


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def choose_game(ask: Callable[[str], str | None], show: Callable[[str], None],
                interactive: bool) -> Path:
    """``play --resume`` with no file: list the unfinished games and let the person pick one.

    Without a terminal to answer on, the list is shown and the command stops
    with a usage error (exit 2) naming ``--resume FILE``.
    """
    games = unfinished_games()
    if not games:
        raise UsageError(f"no unfinished games in {games_folder()}; "
                         "tanktable play --resume FILE plays on from a record elsewhere")
    show(f"unfinished games in {games_folder()} (newest first):")
    for i, game in enumerate(games, 1):
        show(f"  {i:>2}. {game.line()}")
        show(f"      {game.path}")
    if not interactive:
        raise UsageError("no terminal to choose on; play one on with: tanktable play --resume FILE")
    while True:
        answer = ask(f"resume which game? [1-{len(games)}, Enter: none] ")
        text = (answer or "").strip()
        if not text:
            raise UsageError("no game chosen (tanktable play --resume FILE plays one on)")
        if text.isdigit() and 1 <= int(text) <= len(games):
            return games[int(text) - 1].path
        show(f"type a number from 1 to {len(games)}, or Enter for none")


class RecordText:
    """A game's record as YAML, kept up to date move by move, so that writing it after
    every decision stays cheap in a long game.

    A record is rewritten whole after each decision (atomically: a crash leaves
    the previous one). Written from scratch, that costs time in proportion to
    the game's length, mostly in notation and YAML for moves that have not
    changed: a record of 3,450 Duel of the Giants decisions took some 25 ms a
    write. Here each step's notation is kept beside the step it came from (an
    undo changes the steps, and only the changed tail is formatted anew) and
    each move's YAML line is kept beside the move; the header and the result
    are small and dumped each time. The text is the one
    :func:`core.record.dump_record` would give.
    """

    def __init__(self) -> None:
        self._steps: list[Step] = []
        self._moves: list[str] = []
        self._written: list[str] = []
        """The moves of the last text, and each one's YAML line beside it."""
        self._lines: list[str] = []

    def moves(self, game: Game[Any]) -> list[str]:
        """The game's moves as :func:`core.record.record_moves` gives them, only new steps formatted."""
        from core.record import record_moves

        history = game.history
        same = len(self._steps)
        if not (same <= len(history) and (not same or history[same - 1] is self._steps[-1])):
            same = _common(self._steps, history)  # an undo: the history was cut back
        del self._steps[same:], self._moves[same:]
        self._steps += history[same:]
        self._moves += record_moves(game, same)
        return list(self._moves)

    def text(self, record: RecordFile) -> str:
        """``record`` as YAML: what :func:`core.record.dump_record` gives, each move's line made once."""
        from core.record import dump_yaml

        data = record.model_dump(mode="json", exclude_none=True)
        keys = list(data)
        if not data.get("moves"):
            return dump_yaml(data)
        at = keys.index("moves")
        head = dump_yaml({k: data[k] for k in keys[:at]}) if at else ""
        tail = {k: data[k] for k in keys[at + 1:]}
        moves: list[str] = data["moves"]
        same = len(self._written)
        if moves[:same] != self._written:
            same = _common(self._written, moves)
            del self._written[same:], self._lines[same:]
        self._written += moves[same:]
        self._lines += [dump_yaml([move]) for move in moves[same:]]
        return head + "moves:\n" + "".join(self._lines) + (dump_yaml(tail) if tail else "")


def _common(old: Sequence[object], new: Sequence[object]) -> int:
    """How many items ``old`` and ``new`` share from their start (the same object, or equal)."""
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a is not b and a != b:
            return i
    return min(len(old), len(new))
