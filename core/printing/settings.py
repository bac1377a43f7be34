"""The print settings of ``data/print.yaml``: margins, overlap, card size and
each board's physical size (the rulebooks give no hex or square size, so these
are settings, not constants)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from core.data import DataModel, parse_document, validate
from core.resources import shipped


class CardSize(DataModel):
    width_mm: float = Field(default=63.0, gt=20, le=150)
    height_mm: float = Field(default=88.0, gt=20, le=200)


class BoardSize(DataModel):
    """One ruleset's board on paper: a hex's width across the flats, a square's side,
    or how many millimetres one of the board's own units (a centimetre) takes."""

    hex_mm: float | None = Field(default=None, gt=5, le=200)
    square_mm: float | None = Field(default=None, gt=5, le=200)
    mm_per_unit: float | None = Field(default=None, gt=0, le=100)
    unit: str = "cm"


class PrintSettings(DataModel):
    ruleset: Literal["print"] = "print"
    kind: Literal["settings"] = "settings"
    margin_mm: float = Field(default=8.0, ge=0, le=30)
    footer_mm: float = Field(default=14.0, ge=14, le=40)
    overlap_mm: float = Field(default=10.0, ge=0, le=50)
    card: CardSize = CardSize()
    boards: dict[str, BoardSize] = Field(default_factory=dict)


@cache
def print_settings() -> PrintSettings:
    """The shipped settings (validated; a problem is reported at its line)."""
    text = shipped("print.yaml").read_text(encoding="utf-8")
    return validate(parse_document(text, "data/print.yaml"), PrintSettings)


def board_size(ruleset: str) -> BoardSize:
    """The board size of ``ruleset`` (all fields empty when the file names none)."""
    return print_settings().boards.get(ruleset, BoardSize())
