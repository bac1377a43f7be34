"""One name for the row shift in maps and code (issue 25.4).

A map's ``shifted: even`` is ``HexBoard(shifted="even")`` and ``board.shifted``
in code, with the same meaning: rows (pointy) or columns (flat) counted from 1.
Duel of the Giants' board settings, which called it ``shifted_rows``, use the
same key now and still read files written with the old one.
"""

from __future__ import annotations

from core.data import parse_document, validate
from core.grid.hexboard import HexBoard, load_board, load_catalogue
from rulesets.duel_of_the_giants.settings import BoardsFile


def test_a_map_file_and_the_code_say_shifted_the_same_way() -> None:
    from_file = load_board("data/hex_maps/village.yaml")
    assert from_file.shifted == "even"
    built = HexBoard(catalogue=load_catalogue(), columns=from_file.columns, rows=from_file.rows,
                     terrain=from_file.terrain_ids, shifted="even")
    assert built.hexes == from_file.hexes
    # row 2 (0-based 1) sits half a hex right: A2 touches A1 and B1
    assert set(from_file.neighbours(from_file.parse("A2"))) >= {from_file.parse("A1"), from_file.parse("B1")}


BOARDS = """\
ruleset: duel-of-the-giants
kind: boards
boards:
  standard:
    columns: 9
    rows: 11
    {key}: even
    front_band: [4, 6]
"""


def test_duel_boards_read_shifted_and_the_former_key_shifted_rows() -> None:
    for key in ("shifted", "shifted_rows"):
        model = validate(parse_document(BOARDS.format(key=key)), BoardsFile)
        assert model.boards["standard"].shifted == "even"
