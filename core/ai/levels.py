"""How strong and how slow each computer level is (issue 28.4), from one place.

The figures live in ``data/ai_levels.yaml`` (strength from the runs of
``bench/RESULTS.md``, seconds per move from ``bench/level_times.py``);
``tanktable play --help``, docs/ai.md and the browser's start page show them.
A level the file does not describe (a third-party agent) shows nothing.
A preset's wall-clock cap (:data:`core.ai.mcts.PRESET_BUDGETS`, for ``--think 1``)
is shown beside its time: the longest a person waits for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Literal

from pydantic import Field

from core.data import DataModel, parse_document, validate
from core.resources import shipped

__all__ = ["LevelFigures", "Levels", "cap", "level_notes", "levels", "markdown_table",
           "text_table", "withheld"]


class LevelFigures(DataModel):
    """One level's figures in one ruleset."""

    strength: str = Field(min_length=1, description="Its measured results (bench/RESULTS.md), in words.")
    seconds: float = Field(ge=0, description="Seconds for one decision (bench/level_times.py).")
    offered: bool = Field(
        default=True,
        description="Whether a player may choose it in this ruleset: a level the ladder could not tell "
                    "apart from the one below it is not offered (its name would promise a difference).")
    withheld: str = Field(default="", description="Why it is not offered, with the level to choose instead.")


class Level(DataModel):
    summary: str = Field(min_length=1, description="What the level does, in a few words.")
    rulesets: dict[str, LevelFigures] = Field(default_factory=dict)


class Levels(DataModel):
    ruleset: Literal["ai"] = "ai"
    kind: Literal["levels"] = "levels"
    levels: dict[str, Level]


@cache
def levels() -> Levels:
    """The shipped figures (validated; a problem is reported at its line)."""
    text = shipped("ai_levels.yaml").read_text(encoding="utf-8")
    return validate(parse_document(text, "data/ai_levels.yaml"), Levels)


def _seconds(value: float) -> str:
    return f"{value:.2f} s" if value < 0.1 else f"{value:.1f} s" if value < 10 else f"{value:.0f} s"


def cap(kind: str) -> float | None:
    """The most seconds the preset ``kind`` takes a move with ``--think 1`` (None: no cap)."""
    from core.ai.mcts import PRESET_BUDGETS

    budget = PRESET_BUDGETS.get(kind)
    return None if budget is None else budget[1]


def _at_most(kind: str) -> str:
    limit = cap(kind)
    return "" if limit is None else f", at most {limit:g} s"


def note(kind: str, ruleset: str) -> str:
    """``normal: tree search ... -- beat greedy 36 of 40; about 1.7 s a move, at most 3 s``
    (empty if unknown)."""
    level = levels().levels.get(kind)
    if level is None:
        return ""
    figures = level.rulesets.get(ruleset)
    if figures is None:
        return level.summary
    return f"{level.summary} — {figures.strength}; about {_seconds(figures.seconds)} a move{_at_most(kind)}"


def withheld(kind: str, ruleset: str) -> str | None:
    """Why ``kind`` is not offered in ``ruleset`` (``None``: it is offered, or the file does
    not describe it). The terminal and the browser refuse such a seat with this reason;
    simulations and the bench tools may still play it."""
    level = levels().levels.get(kind)
    figures = None if level is None else level.rulesets.get(ruleset)
    if figures is None or figures.offered:
        return None
    return f"{ruleset} does not offer the level {kind!r}: {figures.withheld}"


def level_notes(kinds: Iterable[str]) -> dict[str, dict[str, Any]]:
    """For the start page: for each of ``kinds`` the file describes, its summary and,
    per ruleset id, its strength, its time per move and the two as one note."""
    out: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        level = levels().levels.get(kind)
        if level is None:
            continue
        out[kind] = {"summary": level.summary, "rulesets": {
            rid: {"strength": f.strength, "time": _seconds(f.seconds) + _at_most(kind), "note": note(kind, rid),
                  "offered": f.offered, "withheld": f.withheld}
            for rid, f in level.rulesets.items()}}
    return out


def text_table(rulesets: Sequence[str]) -> list[str]:
    """For ``tanktable play --help``: a small table of each level's time a move per
    ruleset (``-`` where the level is not offered there), one line per level."""
    names = list(levels().levels)
    width = max(len(n) for n in names) + 2
    cols = [max(len(r), 12) + 2 for r in rulesets]
    lines = ["level".ljust(width) + "".join(r.ljust(c) for r, c in zip(rulesets, cols, strict=True))]
    for kind, level in levels().levels.items():
        cells = []
        for rid, c in zip(rulesets, cols, strict=True):
            f = level.rulesets.get(rid)
            cell = "?" if f is None else ("not offered" if not f.offered else _seconds(f.seconds))
            cells.append(cell.ljust(c))
        lines.append(kind.ljust(width) + "".join(cells).rstrip())
    return lines


def markdown_table(titles: dict[str, str]) -> str:
    """docs/ai.md's table of the levels: one column per ruleset (id -> title)."""
    rows = ["| level | " + " | ".join(titles.values()) + " |", "|---|" + "---|" * len(titles)]
    for kind, level in levels().levels.items():
        cells = []
        for rid in titles:
            f = level.rulesets.get(rid)
            if f is not None and not f.offered:
                cells.append(f"not offered: {f.withheld} (measured: {f.strength})")
                continue
            cells.append(f"{f.strength}; {_seconds(f.seconds)} a move{_at_most(kind)}" if f else "")
        rows.append(f"| `{kind}` | " + " | ".join(cells) + " |")
    return "\n".join(rows)
