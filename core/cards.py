"""A unit card as a player reads it at the table (``card NAME`` at the prompt).

:func:`find_card` finds the card a player names (its id in any case, or its
name); :func:`card_lines` writes any card model as ``key  value`` lines, one
level of nesting folded into one line (``armour  front 2, side 1, rear 0``).
``Game.card_text`` answers with them by default; a ruleset whose units have
names on the table (a tank's label, a square) adds those and the unit's state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from core.errors import TanktableError, did_you_mean

HIDDEN_FIELDS = ("ruleset", "kind", "id", "name")
"""Fields the heading already shows, or that say nothing to a player."""


def find_card(name: str, cards: Mapping[str, Any]) -> tuple[str, Any]:
    """The card ``name`` names: its id (any case) or its name; refused with the
    ids to choose from (and the nearest one) otherwise."""
    wanted = name.strip().lower()
    for card_id, card in cards.items():
        if wanted in (card_id.lower(), str(getattr(card, "name", "") or "").lower()):
            return card_id, card
    if not cards:
        raise TanktableError("this game has no unit cards")
    hint = did_you_mean(name, list(cards))
    raise TanktableError(f"no card {name!r}{hint}; cards: {', '.join(cards)}")


def value_text(value: Any, key: Callable[[str], str] = str) -> str:
    """A card field's value in words for a person: ``yes``/``no``, ``0.5`` not
    ``0.50``, a mapping as ``KEY VALUE, ...`` (its keys through ``key``; empty
    entries left out), a list joined by commas. The terminal and the printed card
    write values alike."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, Mapping):
        return ", ".join(f"{key(k)} {value_text(v, key)}" for k, v in value.items() if v not in (None, "", [], {}))
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v, key) for v in value)
    return str(value)


def card_lines(card_id: str, card: Any) -> list[str]:
    """``Name (id)`` and one ``key  value`` line per field the card fills in."""
    data = card.model_dump(mode="json", exclude_none=True) if hasattr(card, "model_dump") else dict(card)
    name = str(data.get("name") or card_id)
    rows = [(key.replace("_", " "), value_text(value)) for key, value in data.items()
            if key not in HIDDEN_FIELDS and value not in ("", [], {})]
    width = max((len(key) for key, _ in rows), default=0)
    heading = name if name == card_id else f"{name} ({card_id})"
    return [heading, *(f"  {key:<{width}}  {value}" for key, value in rows)]
