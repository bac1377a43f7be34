"""Issue 61.6: a table's record saved after a move formats only the new moves
(:class:`cli.autosave.RecordText`), and the file is byte for byte the whole write
(:func:`core.record.dump_record`) of the record it holds, after moves, an undo, a
refused save and a restart; the save stays atomic and never replaces a file that
is not a record."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cli.serve.store import GameSpec, GameStore
from cli.serve.tables import HUMAN, Seat, Table
from core.errors import TanktableError
from core.record import dump_record, load_record, record_moves

BROKEN = "my notes, pasted over the record by mistake\n"


def play(table: Table, rng: random.Random, n: int) -> None:
    for _ in range(n):
        g = table.game
        move = g.format_action(rng.choice(g.legal_actions()))
        table.act(Seat(HUMAN, g.to_move()), move)


def assert_whole_write(table: Table) -> None:
    """The file is what a whole write of its record gives, and holds the game as it stands."""
    text = table.path.read_text(encoding="utf-8")
    record, _ = load_record(table.path)
    expected = table.record().model_copy(update={"date": record.date, "table_version": record.table_version})
    assert text == dump_record(expected)
    assert record.moves == record_moves(table.game) and record.table_version in (table.version, table.version + 1)


def new_table(folder: Path) -> Table:
    store = GameStore(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return store.create(GameSpec(ruleset="tank-chess", seed=3, seats={"white": HUMAN, "black": HUMAN}))


def test_61_6_incremental_save_equals_whole_write_after_moves_undo_and_resume(tmp_path: Path) -> None:
    """Issue 61.6: the same bytes as a whole write after several moves, after an undo
    followed by another move, after the server reads the games again and plays on,
    and after a resignation."""
    rng = random.Random(7)
    table = new_table(tmp_path / "games")
    assert_whole_write(table)  # no move yet
    play(table, rng, 6)
    assert_whole_write(table)
    table.undo(Seat(HUMAN, table.game.history[-1].player))
    assert len(table.game.history) == 5
    assert_whole_write(table)
    play(table, rng, 3)
    assert_whole_write(table)
    again = GameStore(tmp_path / "games")
    again.load_all()
    resumed = again.tables[table.id]
    assert resumed.game.history == table.game.history
    play(resumed, rng, 2)
    assert_whole_write(resumed)
    resumed.resign(Seat(HUMAN, 0))  # the result goes after the kept moves
    assert load_record(resumed.path)[0].result is not None
    assert_whole_write(resumed)


def test_61_6_incremental_save_never_replaces_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    """Issue 61.6 (and 27.6): text put over the record is not overwritten by the next
    save, no temporary file is left beside it, and once it is moved away the next
    move writes the whole record again (the kept moves still match the game)."""
    rng = random.Random(11)
    table = new_table(tmp_path / "games")
    play(table, rng, 4)
    table.path.write_text(BROKEN, encoding="utf-8")
    g = table.game
    with pytest.raises(TanktableError, match="not a tanktable record"):
        table.act(Seat(HUMAN, g.to_move()), g.format_action(rng.choice(g.legal_actions())))
    assert table.path.read_text(encoding="utf-8") == BROKEN and len(table.game.history) == 4
    assert sorted(p.name for p in table.path.parent.iterdir()) == sorted(
        [table.path.name, table.tokens_path().name])
    table.path.unlink()
    play(table, rng, 2)
    assert_whole_write(table)
