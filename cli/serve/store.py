"""The games directory: every game of the server is a record file there.

New games get a fresh id (the record's file name); on start the server reads
every record of the directory again, so a restart finds the unfinished games
and plays them on. A request names a game only by its id, and ids are looked
up in what this store found: no request can name a path on the server's disk.
Scenario and position files come only from the server's command line
(``--scenario``, ``--position``), offered by their file names; a new game's
options are read under :func:`core.references.offered_only`, so an option
may name shipped data but no file (refused before the disk is looked at).
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cli.serve.tables import HUMAN, Table, resumed_version
from core.commitment import SeedSeal
from core.errors import TanktableError, UsageError
from core.game import Game, Ruleset
from core.record import RecordFile, load_record, make_header, start_game
from core.references import offered_only
from core.registry import get_ruleset
from core.streams import Seed

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,80}$")
OPTION_FILES = ("options that name files are given when the server is started (a scenario "
                "file offered with --scenario brings its own table, armies and cards); a game "
                "asked for here names shipped data only")
"""Why a request's option naming a file is refused (issue 26.5)."""


@dataclass
class ServerFiles:
    """Files the person who started the server named: offered by name, never by path."""

    scenarios: dict[str, Path] = field(default_factory=dict)
    positions: dict[str, Path] = field(default_factory=dict)
    armies: dict[str, Path] = field(default_factory=dict)
    cards: list[Path] = field(default_factory=list)
    """Card files (``--cards``, folders expanded), for the army builder and the armies."""

    @classmethod
    def of(cls, scenarios: Sequence[Path], positions: Sequence[Path], armies: Sequence[Path] = (),
           cards: Sequence[Path] = ()) -> ServerFiles:
        from core.data import yaml_files

        def by_name(paths: Sequence[Path], what: str) -> dict[str, Path]:
            out: dict[str, Path] = {}
            for p in paths:
                if not p.is_file():
                    raise UsageError(f"{what} {p}: no such file")
                out.setdefault(p.name, p.resolve())
            return out

        for p in cards:
            if not p.exists():
                raise UsageError(f"--cards {p}: no such file or folder")
        card_files = list(dict.fromkeys(p.resolve() for p in yaml_files(cards)))
        return cls(by_name(scenarios, "--scenario"), by_name(positions, "--position"),
                   by_name(armies, "--army"), card_files)


@dataclass
class GameSpec:
    """A new game as the start page asks for it (already validated in shape)."""

    ruleset: str
    scenario: str | None = None
    position: str | None = None
    seats: dict[str, str] = field(default_factory=dict)
    seed: int | None = None
    options: list[str] = field(default_factory=list)
    players: int | None = None
    setup: str | None = None
    typed: dict[str, Any] = field(default_factory=dict)
    """Typed options chosen on the page (the armies), beside the ``KEY=VALUE`` lines."""
    offered: list[Path] = field(default_factory=list)
    """Files of the server's command line these options name (an ``--army``, ``--cards``)."""


class GameStore:
    """The server's games by id, backed by record files in one directory."""

    def __init__(self, folder: Path, files: ServerFiles | None = None, think: float = 1.0,
                 agent_kinds: Sequence[str] = ()):
        self.folder = folder
        self.files = files or ServerFiles()
        self.think = think
        self.agent_kinds = list(agent_kinds)
        self.tables: dict[str, Table] = {}
        self.problems: dict[str, str] = {}
        """Record files of the directory that could not be played on, with why."""
        self._lock = threading.Lock()
        self.on_table: Callable[[Table], None] | None = None
        """Called for every table the store opens (the worker hooks in here)."""

    # ------------------------------------------------------------- reading
    def load_all(self) -> None:
        """Open every record of the games directory (finished ones too, to show them)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for path in sorted(self.folder.glob("*.yaml")):
            game_id = path.stem
            if not ID_PATTERN.match(game_id) or game_id in self.tables:
                continue
            try:
                table = self._open_record(game_id, path)
            except TanktableError as exc:
                self.problems[game_id] = str(exc)
                continue
            self._add(table)

    def _open_record(self, game_id: str, path: Path) -> Table:
        record, _doc = load_record(path)
        ruleset = get_ruleset(record.ruleset)
        game, public = replay_with_public(record, ruleset)
        kinds = {}
        for p, name in enumerate(game.players):
            kind = record.seats.get(name, HUMAN)
            kinds[p] = kind if kind == HUMAN or kind in self.agent_kinds else "greedy"
        table = Table(game_id, ruleset, game, record.model_copy(update={"moves": [], "result": None, "table_version": None}),
                      kinds, path, public_moves=public, think=self.think, version=resumed_version(record))
        table.load_tokens()
        if table.ensure_tokens():  # a record dropped into the folder: its links last (issue 27.7)
            table.save_tokens()
        return table

    def _add(self, table: Table) -> None:
        with self._lock:
            self.tables[table.id] = table
        if self.on_table is not None:
            self.on_table(table)

    def get(self, game_id: str) -> Table | None:
        return self.tables.get(game_id) if ID_PATTERN.match(game_id) else None

    # ------------------------------------------------------------ creating
    def create(self, spec: GameSpec) -> Table:
        """A new game from the start page; saved at once."""
        from cli.options import game_options

        ruleset = get_ruleset(spec.ruleset)
        seal = SeedSeal.fresh() if spec.seed is None else SeedSeal.of(spec.seed)
        seed = seal.seed  # secret from every seat until the game ends (issue 26.2)
        options = game_options(ruleset, players=spec.players, setup=spec.setup, options=spec.options)
        if spec.typed:
            options = ruleset.parse_options({**options.flat(), **spec.typed})
        if spec.position is not None:
            if spec.scenario is not None:
                raise UsageError("a position sets the whole table; choose no scenario with it")
            game = self._from_position(ruleset, spec.position, seed, bool(options.flat()))
            header = make_header(ruleset, None, seed, position=game.position(), seal=seal)
        else:
            scenario = self._scenario(ruleset, spec.scenario)
            with offered_only([*self.files.scenarios.values(), *spec.offered], OPTION_FILES):
                game = ruleset.new_game(scenario, options, seed)
            header = make_header(ruleset, scenario, seed, seal=seal)
        return self.adopt(ruleset, game, header, self._kinds(game, spec.seats, ruleset.id))

    def _scenario(self, ruleset: Ruleset, name: str | None) -> str | Path | None:
        if name is None or name in ruleset.scenarios():
            return name
        if name in self.files.scenarios:
            return self.files.scenarios[name]
        raise UsageError(f"no scenario {name!r} for {ruleset.id}; choose one of "
                         + ", ".join([*ruleset.scenarios(), *self.files.scenarios]))

    def _from_position(self, ruleset: Ruleset, name: str, seed: Seed, has_options: bool) -> Game[Any]:
        from core.data import load_document
        from core.errors import DataError

        path = self.files.positions.get(name)
        if path is None:
            raise UsageError(f"no position {name!r}; the server offers "
                             + (", ".join(self.files.positions) or "none (start it with --position FILE)"))
        if has_options:
            raise UsageError("a position carries its own options")
        doc = load_document(path)
        problems = ruleset.validate_document("position", doc)
        if problems:
            raise DataError(problems)
        return ruleset.from_position(doc.data, seed)

    def _kinds(self, game: Game[Any], seats: Mapping[str, str], ruleset_id: str) -> dict[int, str]:
        from core.ai.levels import withheld

        allowed = [HUMAN, *self.agent_kinds]
        for side, kind in seats.items():
            game.player_index(side)
            if kind not in allowed:
                raise UsageError(f"seat {side}={kind}: a seat is one of {', '.join(allowed)}")
            refused = withheld(kind, ruleset_id)
            if refused:
                raise UsageError(f"seat {side}={kind}: {refused}")
        kinds = {}
        for p, name in enumerate(game.players):
            kinds[p] = seats.get(name, HUMAN if p == 0 else "greedy")
        return kinds

    def _new_id(self, ruleset_id: str) -> str:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        while True:
            game_id = f"{ruleset_id}-{stamp}-{secrets.token_hex(2)}"
            if game_id not in self.tables and not (self.folder / f"{game_id}.yaml").exists():
                return game_id

    def adopt(self, ruleset: Ruleset, game: Game[Any], header: RecordFile,
              kinds: dict[int, str]) -> Table:
        """``game`` as a new game of the directory, saved at once (a created game, a rematch)."""
        with self._lock:
            game_id = self._new_id(ruleset.id)
            path = self.folder / f"{game_id}.yaml"
            path.touch(exist_ok=False)
            path.write_text(f"ruleset: {ruleset.id}\nkind: record\n", encoding="utf-8")
        table = Table(game_id, ruleset, game, header, kinds, path, think=self.think)
        table.ensure_tokens()
        table.save()
        self._add(table)
        return table


def replay_with_public(record: RecordFile, ruleset: Ruleset) -> tuple[Game[Any], list[str | None]]:
    """The record's game, and each move as every player may read it.

    Like :func:`core.record.replay` (the same :func:`~core.record.replay_moves`),
    keeping each move's public text, asked before it was played
    (hidden-information games show only some moves to the others).
    """
    from core.record import finish, replay_moves

    game = start_game(record, ruleset)
    public = [move.public for move in replay_moves(record, game)]
    finish(record, game, verify=False)  # a forced ending (resignation, agreement)
    return game, public
