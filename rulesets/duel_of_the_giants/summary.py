"""One decision's results in one short line (issue 27.16): combat, VP, mines,
reveals, break-throughs. The steps a move narrates (a T-34 turning, a Tiger's
cards one by one, a marker moved, phase banners) are the move's own line and
``last``; a Tiger stopped short or losing a card is a result and stays.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.game import Event, strip_rule_ids

NARRATION = frozenset({"t34", "marker", "activate", "orient", "program", "declare", "combat", "remove",
                       "setup", "execute", "drift", "phase", "round"})
"""Event kinds that retell the decision rather than say what came of it."""


def is_result(e: Event) -> bool:
    """Whether ``e`` says what came of a decision (rather than retelling it)."""
    if e.kind in NARRATION:
        return False
    if e.kind == "tiger":
        return "stops" in e.text or "lost" in e.data or "card" in e.text
    if e.kind == "atg":
        return "turned up" in e.text
    if e.kind == "stuka":
        return "attacks" in e.text or "destroyed" in e.text or "forced" in e.text
    return True


def summarize(events: Sequence[Event]) -> str:
    """The results among ``events`` (already filtered for the reader), joined without rule IDs."""
    return "; ".join(t for t in (strip_rule_ids(e.text) for e in events if is_result(e)) if t)
