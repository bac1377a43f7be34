"""The text renderer of hex boards in core (issue 25.4): rows shifted as the map says."""

from __future__ import annotations

import textwrap

import pytest

from core.grid.hexboard import parse_board_text
from core.grid.hextext import board_text


def board(orientation: str, shifted: str) -> str:
    return textwrap.dedent(f"""\
        ruleset: hex
        kind: map
        name: t
        orientation: {orientation}
        shifted: {shifted}
        size: {{columns: 3, rows: 3}}
        terrain: |
          . W .
           o . .
          . . W
        """)


def test_pointy_rows_2_4_sit_half_a_hex_right_under_shifted_even_with_marks() -> None:
    b = parse_board_text(board("pointy", "even"))
    assert board_text(b, {b.parse("B2"): "b1", b.parse("C3"): "r?"}) == "\n".join([
        "   A   B   C",
        "1  .   W   .",
        "2    o   b1  .",
        "3  .   .   r?",
    ])


def test_pointy_shifted_odd_pushes_rows_1_and_3() -> None:
    b = parse_board_text(board("pointy", "odd"))
    lines = board_text(b).splitlines()
    assert lines[1] == "1    .   W   ." and lines[2] == "2  o   .   ." and lines[3] == "3    .   .   W"


def test_flat_columns_b_sit_half_a_hex_lower_under_shifted_even() -> None:
    b = parse_board_text(board("flat", "even"))
    assert board_text(b, width=2).splitlines() == [
        "  A  B  C",
        "1 .     .",
        "     W",
        "2 o     .",
        "     .",
        "3 .     W",
        "     .",
    ]


@pytest.mark.parametrize("mark", ["toolong"])
def test_a_long_mark_widens_every_cell(mark: str) -> None:
    b = parse_board_text(board("pointy", "even"))
    first = board_text(b, {0: mark}).splitlines()[1]
    assert first == "1 toolong    W       ."
