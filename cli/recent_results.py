"""What happened since a person's last prompt, fitted to the screen above it
(issue 27.13 and 27.16).

Each decision is kept as its headline (number, side, move), the texts of its
events and a one-line summary of its results (``Game.summarize_events``:
the dice and what they needed, the damage, a CHECK), all three as the
person may see them: the events are filtered for that person before either
is made, exactly as ``last`` shows them.

Before a prompt, the decisions are shown in full when they fit the room left
above the board; otherwise one line per decision, its headline and its
results; and when even that is too long, the decisions that came to nothing
worth a die (a turn, a step, an order) are folded into a count, oldest
first. Results are never folded: the rolls, the damage and the CHECK of
every decision since the last prompt stay in view, and ``last`` prints
every event in full.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

LAST_HINT = "      (every event in full: 'last')"
"""The line under the one-line-per-decision form, where there is room for it."""


@dataclass(frozen=True)
class Entry:
    """One decision as one person may see it."""

    headline: str
    """``"  12. b        fire t34#1*2"``: number, side, the move as this person may read it."""
    details: tuple[str, ...]
    """The texts of its events this person may see, in order (what ``last`` prints)."""
    summary: str
    """Its results in a few words; ``""`` when the move itself says it all."""


def wrap(text: str, width: int, indent: int = 0, hanging: int | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` columns, the first indented ``indent``, the rest ``hanging``."""
    first = " " * indent
    rest = " " * (indent if hanging is None else hanging)
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False) or [first]


def full_lines(entries: Sequence[Entry], width: int) -> list[str]:
    """Every decision with every event, wrapped to ``width`` (what ``last`` prints)."""
    lines: list[str] = []
    for e in entries:
        lines += wrap(e.headline, width, 0, 14)
        for text in e.details:
            lines += wrap(text, width, 8, 10)
    return lines


def compact_line(entry: Entry, width: int) -> list[str]:
    """One decision as its headline and its results (a long volley may take a second line)."""
    text = entry.headline + (f" -- {entry.summary}" if entry.summary else "")
    return wrap(text, width, 0, 14)


def fit(entries: Sequence[Entry], width: int, room: int | None) -> list[str]:
    """The lines to print for ``entries`` in at most ``room`` lines where that can be done
    without hiding a result (see the module's docstring); ``None``: no limit."""
    full = full_lines(entries, width)
    if room is None or len(full) <= room:
        return full
    compact = [compact_line(e, width) for e in entries]
    total = sum(len(lines) for lines in compact)
    if total + 1 <= room:
        return [line for lines in compact for line in lines] + [LAST_HINT]
    if total <= room:
        return [line for lines in compact for line in lines]
    # Fold the decisions without results, oldest first, into one count line;
    # the latest decision always stays (it is what the person answers).
    folded = [False] * len(entries)
    for i, e in enumerate(entries[:-1]):
        if total + 1 <= room:
            break
        if not e.summary:
            folded[i] = True
            total -= len(compact[i])
    count = sum(folded)
    lines = [f"      ({count} move{'s' if count != 1 else ''} without results: 'last')"] if count else []
    for i, shown in enumerate(compact):
        if not folded[i]:
            lines += shown
    return lines


def early_lines(entries: Sequence[Entry], width: int) -> list[str]:
    """A person's own decisions shown the moment the computer is to reply (issue 27.13):
    one line each with its results, so they stay on the screen with the reply below."""
    return [line for e in entries for line in compact_line(e, width)]
