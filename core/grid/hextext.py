"""A hex board as text for the terminal: one cell of a few characters per hex.

Pointy-top boards print one line per row, the shifted rows (``board.shifted``)
indented by half a cell, so neighbours touch as on the board. Flat-top boards
print each row on two lines: the columns that sit higher, then those shifted
half a hex down. Column letters head the picture and row numbers start each
row, as the map labels hexes (``C4``). Each hex shows its mark, if any (a
piece, as the caller wants it seen), else its terrain letter::

    from core.grid.hextext import board_text
    print(board_text(board, {board.parse("C4"): "b1", board.parse("F2"): "r?"}))

The caller decides what a mark shows: a ruleset with hidden pieces passes the
marks of one player's view, so the text holds no more than that player knows.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.grid.hexboard import HexBoard
from core.grid.hexmap import column_letters

__all__ = ["board_text"]


def board_text(board: HexBoard, marks: Mapping[int, str] | None = None, width: int = 3) -> str:
    """The board as lines of text; ``marks`` maps a cell to at most ``width``
    characters shown instead of its terrain letter."""
    marks = marks or {}
    width = max(width, max((len(m) for m in marks.values()), default=1), 2)

    def cell(c: int) -> str:
        text = marks.get(c) or board.catalogue.terrain[board.terrain_ids[c]].symbol
        return text.center(width)

    def pushed(k: int) -> bool:  # k is 0-based; ``shifted`` counts from 1
        return (k % 2 == 1) == (board.shifted == "even")

    margin = len(str(board.rows)) + 1
    half = (width + 1) // 2
    letters = [column_letters(c).center(width) for c in range(board.columns)]
    lines: list[str] = []
    if board.pointy:
        lines.append(" " * margin + " ".join(letters).rstrip())
        for r in range(board.rows):
            row = " ".join(cell(r * board.columns + c) for c in range(board.columns))
            lines.append(f"{r + 1:>{margin - 1}} " + (" " * half if pushed(r) else "") + row.rstrip())
        return "\n".join(lines)
    step = width + 1
    lines.append(" " * margin + "".join(letter.ljust(step) for letter in letters).rstrip())
    for r in range(board.rows):
        for down in (False, True):
            text = [" " * step] * board.columns
            for c in range(board.columns):
                if pushed(c) == down:
                    text[c] = cell(r * board.columns + c).ljust(step)
            head = f"{r + 1:>{margin - 1}} " if not down else " " * margin
            lines.append((head + "".join(text)).rstrip())
    return "\n".join(lines)
