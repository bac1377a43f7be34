"""Game records: save, load, replay -- the PGN of tanktable, in YAML.

A record holds what is needed to re-simulate a game exactly: the ruleset, the
scenario (a shipped name, or a user's file embedded with its hash and the
files it names beside itself, such as its map), the
options, the seed and the actions in the ruleset's notation; plus the result
for people. Because every random draw comes from the seeded dice, replaying
the actions reproduces every roll, and :func:`replay` can verify the result.

Files are written atomically (temporary file + rename), and an existing file
that is not a tanktable record is never overwritten: a save can not destroy
something a person cares about.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import yaml
from pydantic import Field, model_validator

from core.commitment import SeedSeal, check_reveal
from core.data import DataModel, Document, load_document, parse_document, validate
from core.errors import DataError, RecordError, TanktableError
from core.game import Event, Termination
from core.references import confined_to, resolve, shown_name
from core.streams import DERIVATION, Seed

if TYPE_CHECKING:
    from core.game import Game, Outcome, Ruleset


class RecordResult(DataModel):
    """How the game ended: compared field by field when a record is verified."""

    winners: list[str] = Field(default_factory=list)
    reason: str = ""
    score: list[float] | None = None
    termination: Termination = Termination.RULES


class RecordClock(DataModel):
    """The players' clocks: the time each had at the start, and what is left."""

    seconds: float = Field(gt=0, allow_inf_nan=False)
    left: dict[str, float] = Field(default_factory=dict)


class RecordFile(DataModel):
    """A saved game (``kind: record``)."""

    ruleset: str
    kind: Literal["record"] = "record"
    scenario: str
    scenario_sha256: str | None = None
    scenario_data: str | None = None
    attachments: dict[str, str] = Field(default_factory=dict)
    """Files the embedded scenario names beside itself (a map, a table), by relative path."""
    position: dict[str, Any] | None = None
    """The ``kind: position`` document the game started from, if not the scenario's start."""
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | str | None = 0
    """The seed of every random stream of the game; ``None`` in a record handed out
    while the game runs, which carries only the :attr:`commitment` to it."""
    commitment: str | None = Field(default=None, pattern=r"^[0-9a-fA-F]{64}$")
    """SHA-256 over the seed and :attr:`salt`, published when the game started
    (:mod:`core.commitment`); ``None`` for a seed the user chose."""
    salt: str | None = Field(default=None, pattern=r"^[0-9a-fA-F]{1,128}$")
    streams: Literal["hmac-sha256"] | None = None
    """How the random streams derive from the seed (:data:`core.streams.DERIVATION`);
    missing in records saved before each purpose had a stream of its own."""
    seats: dict[str, str] = Field(default_factory=dict)
    clock: RecordClock | None = None
    date: str | None = None
    moves: list[str] = Field(default_factory=list)
    result: RecordResult | None = None
    table_version: int | None = Field(default=None, ge=0)
    """The browser table's version of the game when it was saved (``tanktable
    serve`` bumps it at every change a page is sent): a restarted server counts on
    from it, so that a page never sees the game's version go back (issue 29.10)."""

    @model_validator(mode="before")
    @classmethod
    def _sealed_without_seed(cls, data: Any) -> Any:
        """A record with a commitment and no seed was handed out mid-game: its seed is
        unknown (``None``), never the default."""
        if isinstance(data, dict) and data.get("commitment") is not None and "seed" not in data:
            data = {**data, "seed": None}
        return data

    @model_validator(mode="before")
    @classmethod
    def _clock_out_of_options(cls, data: Any) -> Any:
        """Older records kept the clock among the options (``clock_seconds``)."""
        if isinstance(data, dict) and isinstance(data.get("options"), dict) \
                and "clock_seconds" in data["options"]:
            options = dict(data["options"])
            seconds = options.pop("clock_seconds")
            data = {**data, "options": options}
            data.setdefault("clock", {"seconds": seconds})
        return data


ATTACHMENT_DEPTH = 3
"""How many steps of "this file names that file" a record follows."""


def attachments_of(scenario: Path, text: str) -> dict[str, str]:
    """The files a user's scenario names beside itself, to embed in its record.

    A scenario may say ``map: my-map.yaml`` or ``table: my-table.yaml``; a
    record that carried only the scenario would not replay on another
    machine. Every string value of the YAML that is a plain relative path to
    an existing ``.yaml``/``.yml`` file in the scenario's folder (or below)
    is embedded, and so are the files those name, a few steps deep.
    """
    folder = scenario.resolve().parent
    found: dict[str, str] = {}
    pending: list[tuple[str, int]] = [(text, 0)]
    while pending:
        source, depth = pending.pop()
        if depth >= ATTACHMENT_DEPTH:
            continue
        try:
            data = yaml.safe_load(source)
        except yaml.YAMLError:
            continue
        for value in _strings(data):
            if value in found or not value.endswith((".yaml", ".yml")) or not _safe_relative(value):
                continue
            try:
                with confined_to(folder):
                    attached = resolve(value, "attachment", beside=folder)
                found[value] = attached.read_text()
            except TanktableError:
                continue  # not a file beside the scenario: not an attachment
            pending.append((found[value], depth + 1))
    return found


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def _safe_relative(name: str) -> bool:
    """A path that stays inside the folder it is read from or written to."""
    path = Path(name)
    return bool(name) and not path.is_absolute() and ".." not in path.parts and "\\" not in name


def sealed_record(record: RecordFile) -> RecordFile:
    """``record`` as a seat may take it while the game runs: the commitment without
    the seed and the salt, which would foretell every roll (issue 26.2). A record
    with no commitment (a seed the user chose) is returned as it is."""
    if record.commitment is None:
        return record
    return record.model_copy(update={"seed": None, "salt": None})


def result_of(game: Game[Any], outcome: Outcome | None) -> RecordResult | None:
    if outcome is None:
        return None
    return RecordResult(
        winners=[game.players[p] for p in outcome.winners],
        reason=outcome.reason,
        score=list(outcome.score) if outcome.score is not None else None,
        termination=outcome.termination,
    )


def make_header(
    ruleset: Ruleset,
    scenario: str | Path | None,
    seed: Seed,
    seats: Mapping[str, str] | None = None,
    position: Mapping[str, Any] | None = None,
    seal: SeedSeal | None = None,
) -> RecordFile:
    """What a record says before its first move: where the game started, and how.

    A user's scenario file is embedded with the files it names beside itself,
    so that the record replays on a machine that has neither. With ``seal``
    (a secret seed) the record carries the commitment to the seed and its salt.
    """
    sealed: dict[str, Any] = {"streams": DERIVATION}
    if seal is not None:
        sealed.update(commitment=seal.commitment, salt=seal.salt)
    if position is not None:
        return RecordFile(ruleset=ruleset.id, scenario=str(position.get("scenario") or "position"),
                          position=dict(position), seed=seed, seats=dict(seats or {}), **sealed)
    name, text = ruleset.scenario_source(scenario)
    attachments = attachments_of(Path(name), text) if text is not None else {}
    return RecordFile(
        ruleset=ruleset.id,
        scenario=Path(name).name if text is not None else name,
        scenario_sha256=hashlib.sha256(text.encode()).hexdigest() if text is not None else None,
        scenario_data=text,
        attachments=attachments,
        seed=seed,
        seats=dict(seats or {}),
        **sealed,
    )


def record_of(header: RecordFile, game: Game[Any], seats: Mapping[str, str] | None = None,
              clock: RecordClock | None = None, moves: list[str] | None = None) -> RecordFile:
    """``header`` with the game as it stands now: its options, moves, clocks and result.

    ``moves``: the game's moves as :func:`record_moves` gives them, when the caller
    keeps them up to date itself (the terminal saves after every decision)."""
    if moves is None:
        moves = record_moves(game)
    return header.model_copy(update={
        "options": dict(game.options),
        "seats": dict(seats) if seats is not None else header.seats,
        "clock": clock if clock is not None else header.clock,
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
        "moves": moves,
        "result": result_of(game, game.outcome()),
    })


def record_moves(game: Game[Any], start: int = 0) -> list[str]:
    """The record's text of each move of ``game`` from ``start`` on: its notation and annotation."""
    return [game.format_action(step.action) + game.annotation(step.events) for step in game.history[start:]]


def make_record(
    game: Game[Any],
    ruleset: Ruleset,
    scenario: str | Path | None,
    seed: Seed,
    seats: Mapping[str, str] | None = None,
) -> RecordFile:
    """The record of ``game`` as it stands (finished or not)."""
    return record_of(make_header(ruleset, scenario, seed, seats), game)


class _LiteralDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Writes multi-line strings (embedded scenarios) as readable blocks; with
    libyaml's emitter where PyYAML has it (the same text, many times faster:
    a record is written after every move)."""


def _str_presenter(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_LiteralDumper.add_representer(str, _str_presenter)


def dump_yaml(data: Any) -> str:
    """Plain data as readable YAML: keys in their order, multi-line text as blocks."""
    return yaml.dump(data, Dumper=_LiteralDumper, sort_keys=False, allow_unicode=True)


def dump_record(record: RecordFile) -> str:
    return dump_yaml(record.model_dump(mode="json", exclude_none=True))


def save_record(record: RecordFile, path: str | Path) -> None:
    """Write atomically; refuse to overwrite a file that is not a tanktable record."""
    write_text_atomic(dump_record(record), path, kind="record")


def write_yaml(data: Mapping[str, Any], path: str | Path, kind: str) -> None:
    """Write a document of ``kind`` atomically (see :func:`write_text_atomic`)."""
    write_text_atomic(dump_yaml(dict(data)), path, kind)


def write_text_atomic(text: str, path: str | Path, kind: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename.

    A reader never sees half a file, a crash leaves the old file whole, and a
    file that exists but is not a tanktable document of ``kind`` (a person's
    notes, a corrupt save that may still be mended by hand) is never replaced.
    The new file gets the permissions a plain new file would get (the umask).
    """
    target = Path(path)
    if target.exists() and not _empty(target) and not _as_written(target):
        try:
            doc = load_document(target)
            same_kind = isinstance(doc.data, dict) and doc.data.get("kind") == kind
        except DataError:
            same_kind = False
        if not same_kind:
            raise TanktableError(
                f"{target}: exists and is not a tanktable {kind}; not overwritten "
                "(choose another name or move it away)"
            )
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.chmod(tmp, 0o666 & ~_umask())
            os.replace(tmp, target)
            _remember(target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as exc:
        raise TanktableError(f"{target}: cannot save: {exc.strerror or exc}") from None


_written: dict[str, tuple[int, int, int, int]] = {}
"""The files this process wrote, by path: device, inode, size and time of change
as they were right after the write."""


def _signature(path: Path) -> tuple[int, int, int, int]:
    st = path.stat()
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def _remember(path: Path) -> None:
    with contextlib.suppress(OSError):
        _written[str(path.absolute())] = _signature(path)


def _as_written(path: Path) -> bool:
    """True when ``path`` is still the file this process wrote there last (same inode,
    size and time of change): it is known to be ours, and is not read again before it
    is replaced -- a record of 600 moves would be parsed after every move. Any other
    change (replaced, edited, truncated) reads it again, and a file that is not a
    document of the expected kind is still never overwritten."""
    try:
        return _written.get(str(path.absolute())) == _signature(path)
    except OSError:
        return False


def _empty(path: Path) -> bool:
    """An empty file holds nothing to lose (``mktemp`` makes one for a record to go in)."""
    try:
        return path.is_file() and path.stat().st_size == 0
    except OSError:
        return False


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def load_record(path: str | Path) -> tuple[RecordFile, Document]:
    """Read a record; every problem reported with its line; never modifies the file."""
    doc = load_document(path)
    return validate(doc, RecordFile), doc


def parse_record(text: str, name: str = "<record>") -> RecordFile:
    return validate(parse_document(text, name), RecordFile)


def start_game(record: RecordFile, ruleset: Ruleset) -> Game[Any]:
    """A fresh game as the record's header describes it."""
    game = _start_game(record, ruleset)
    kind = game.game_type
    if record.streams is None and record.moves and (kind.chance or kind.hidden_information):
        raise RecordError("the record was saved by an older tanktable, which drew the dice and the "
                          "hidden set-up from the seed differently: this version would replay other "
                          "rolls, so it does not replay it")
    return game


def _start_game(record: RecordFile, ruleset: Ruleset) -> Game[Any]:
    if record.seed is None:
        raise RecordError("the record holds only the commitment to its seed (it was handed out "
                          "while the game ran): it replays once the game is over and the seed revealed")
    if record.position is not None:
        return ruleset.from_position(record.position, record.seed)
    if record.scenario_data is not None:
        digest = hashlib.sha256(record.scenario_data.encode()).hexdigest()
        if record.scenario_sha256 and digest != record.scenario_sha256:
            raise RecordError("the embedded scenario does not match its hash: the record was edited")
        with tempfile.TemporaryDirectory() as folder:
            path = _unpack(record, Path(folder))
            # the embedded scenario may name its attachments and shipped data, nothing else
            with confined_to(folder):
                return ruleset.new_game(path.name, record.options, record.seed)
    return ruleset.new_game(record.scenario, record.options, record.seed)


def _unpack(record: RecordFile, folder: Path) -> Path:
    """Write a record's embedded scenario and its attachments into ``folder``."""
    assert record.scenario_data is not None
    name = Path(record.scenario).name
    if not _safe_relative(name) or name in (".", ".."):
        name = "scenario.yaml"
    try:
        path = folder / name
        path.write_text(record.scenario_data, encoding="utf-8")
        for relative, text in record.attachments.items():
            if not _safe_relative(relative):
                raise RecordError(f"attachment {shown_name(relative)} is not a plain relative path")
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    except (OSError, ValueError, UnicodeError) as exc:
        raise RecordError(f"the embedded scenario or an attachment cannot be unpacked: {exc}") from None
    return path


@dataclass(frozen=True)
class ReplayedMove:
    """One move of a record as it was re-played: who made it, its text as recorded
    and as every player may read it, and the events it caused (unfiltered: show
    them through :meth:`~core.game.Game.events_for`)."""

    n: int
    """The move's number, from 1."""
    player: int
    text: str
    public: str | None
    events: list[Event]


def replay_moves(record: RecordFile, game: Game[Any], doc: Document | None = None,
                 upto: int | None = None) -> Iterator[ReplayedMove]:
    """Play the record's moves on ``game`` (started by :func:`start_game`) one at a
    time, yielding after each, with ``game`` in the position after that move.

    The one path every replay takes (:func:`replay`, ``tanktable replay``, the
    server reading its games, the browser's replay): a move that does not parse
    or is illegal raises :class:`RecordError` naming it, with its line when
    ``doc`` is the record's document.
    """
    moves = record.moves if upto is None else record.moves[:upto]
    for i, text in enumerate(moves):
        try:
            action = game.parse_action(text)
            player = game.to_move()
            public = game.public_action_text(action)
            events = game.apply(action)
        except TanktableError as exc:
            where = ""
            if doc is not None:
                line, col = doc.where(("moves", i))
                where = f"{doc.path}:{line}:{col}: "
            raise RecordError(f"{where}move {i + 1} {text!r}: {exc}") from None
        yield ReplayedMove(i + 1, player, text, public, list(events))


def finish(record: RecordFile, game: Game[Any], verify: bool = True) -> None:
    """After every move of ``record`` is replayed on ``game``: impose the record's
    ending beside the moves (a resignation, an agreed draw, a flag fall) and,
    with ``verify``, hold the recorded result to the re-simulated one."""
    if record.result is not None and game.outcome() is None and record.result.termination.forced:
        game.force(forced_outcome(record, game, exact=verify))
    if verify and record.result is not None:
        got = result_of(game, game.outcome())
        if got != record.result:
            raise RecordError(
                f"the record says {record.result.model_dump(mode='json')} but the moves give "
                f"{got.model_dump(mode='json') if got else 'a game still running'}"
            )


def replay(
    record: RecordFile,
    ruleset: Ruleset,
    doc: Document | None = None,
    verify: bool = True,
    upto: int | None = None,
) -> Game[Any]:
    """Re-simulate a record; raise :class:`RecordError` at the first bad move.

    With ``verify`` the recorded result must equal the re-simulated one, and
    a seed committed to at the start must match its commitment (checked first).
    """
    if verify and record.commitment is not None:
        check_reveal(record.seed, record.salt, record.commitment)
    game = start_game(record, ruleset)
    for _ in replay_moves(record, game, doc, upto):
        pass
    if upto is None:
        finish(record, game, verify)
    return game


def forced_outcome(record: RecordFile, game: Game[Any], exact: bool = True) -> Outcome:
    """The record's ending beside the moves (a resignation, a flag fall, an agreed
    draw), as the game's own :meth:`~core.game.Game.forfeit` or
    :meth:`~core.game.Game.agree_draw` gives it in the replayed position.

    A record cannot claim an ending the game could not have had: a resignation
    that hands the game to the side who resigned, a loss on time without a
    clock, a draw by agreement where the rules allow none (Tank Chess
    ``draw.agreement``, TC-7.4). ``exact`` (``replay --verify``) also holds the
    reason's words to the game's own; otherwise the recorded words are kept.
    """
    from core.game import Outcome

    result = record.result
    assert result is not None
    termination = result.termination
    if termination is Termination.AGREEMENT:
        try:
            candidates = [game.clone().agree_draw()]
        except TanktableError as exc:
            raise RecordError(f"the record says the game was drawn by agreement, but {exc}") from None
    elif termination is Termination.TIME and record.clock is None:
        raise RecordError("the record says a player lost on time, but it has no clock")
    else:
        candidates = [game.clone().forfeit(p, termination) for p in range(len(game.players))]
    for outcome in candidates:
        made = result_of(game, outcome)
        assert made is not None
        if (made.winners, made.score) == (result.winners, result.score) \
                and (not exact or made.reason == result.reason):
            return outcome if exact else Outcome(outcome.winners, result.reason, outcome.score, termination)
    claimed = f"{', '.join(result.winners) or 'nobody'} won, {result.reason!r}"
    possible = "; ".join(f"{o.reason!r}: {', '.join(game.players[p] for p in o.winners) or 'nobody'} won"
                         for o in candidates)
    raise RecordError(f"the record says {claimed} ({termination.value}), which this game cannot end "
                      f"with after its moves; a {termination.value} here gives: {possible}")
