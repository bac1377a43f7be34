"""Unit cards: every piece value of TC-2 lives in YAML, validated here.

A card says how far a piece moves, how thick its armour is on each side, how
strong its gun is, where it may fire and whether it fires indirectly. New
pieces (TC-2.2: super-heavy tank, turretless tank hunter, a mortar with a
different range) are new cards, no code: a card may say ``based_on: HT`` and
override only what differs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from core.data import DataModel, Document, Problem, load_document, resolve_based_on, validate
from core.errors import DataError
from core.resources import shipped

FireDirection = Literal[
    "forward", "forward-right", "right", "rear-right", "rear", "rear-left", "left", "forward-left"
]
"""Where a gun may point, relative to the piece's facing (TC-5.1)."""

FIRE_OFFSETS: dict[str, int] = {
    "forward": 0, "forward-right": 1, "right": 2, "rear-right": 3,
    "rear": 4, "rear-left": 5, "left": 6, "forward-left": 7,
}
"""Fire direction name -> clockwise 45-degree steps from the facing."""


ARMOUR_MAX = 99
"""The highest armour value a card may give (tables are indexed by armour value)."""


class Armour(DataModel):
    """Armour values per side (TC-6.1/6.2): a gun must be strictly greater."""

    front: int = Field(ge=0, le=ARMOUR_MAX)
    side: int = Field(ge=0, le=ARMOUR_MAX)
    rear: int = Field(ge=0, le=ARMOUR_MAX)


class Indirect(DataModel):
    """Indirect fire (TC-6M): exact range band along the fire rays, over anything."""

    min: int = Field(ge=1, le=99)
    max: int = Field(ge=1, le=99)

    @model_validator(mode="after")
    def _ordered(self) -> Indirect:
        if self.max < self.min:
            raise ValueError(f"indirect range max {self.max} is below min {self.min}")
        return self


class Card(DataModel):
    """A complete unit card (after ``based_on`` is resolved)."""

    id: str = Field(pattern=r"^[A-Z][A-Z0-9]{0,5}$", description="Code used in notation (MT, HT, ...).")
    name: str = Field(min_length=1)
    letter: str | None = Field(
        default=None, pattern=r"^[A-WYZ]$",
        description="Map grid letter (uppercase white, lowercase black; x is a wreck).",
    )
    speed: int = Field(ge=0, le=20, description="Most steps per turn (TC-4.2).")
    armour: Armour
    gun: int = Field(ge=0, le=99)
    fires: list[FireDirection] = Field(min_length=1, description="Fire directions (TC-5.1).")
    indirect: Indirect | None = Field(default=None, description="Indirect fire band (TC-6M).")
    command: bool = Field(default=False, description="A Command Tank (TC-7.1/7.2).")
    value: float = Field(default=1.0, ge=0, description="Material value for the computer player.")
    description: str = ""

    @property
    def fire_offsets(self) -> tuple[int, ...]:
        return tuple(sorted({FIRE_OFFSETS[f] for f in self.fires}))


class RawArmour(DataModel):
    front: int | None = Field(default=None, ge=0, le=ARMOUR_MAX)
    side: int | None = Field(default=None, ge=0, le=ARMOUR_MAX)
    rear: int | None = Field(default=None, ge=0, le=ARMOUR_MAX)


class RawCard(DataModel):
    """A card as written: with ``based_on`` any field may be left out."""

    id: str | None = Field(default=None, pattern=r"^[A-Z][A-Z0-9]{0,5}$")
    based_on: str | None = None
    name: str | None = None
    letter: str | None = Field(default=None, pattern=r"^[A-WYZ]$")
    speed: int | None = Field(default=None, ge=0, le=20)
    armour: RawArmour | None = None
    gun: int | None = Field(default=None, ge=0, le=99)
    fires: list[FireDirection] | None = Field(default=None, min_length=1)
    indirect: Indirect | None = None
    command: bool | None = None
    value: float | None = Field(default=None, ge=0)
    description: str | None = None


class CardFile(RawCard):
    """``kind: card``: one card (fields at the top) or a list under ``cards:``.
    ``kind: unit``, the kind's former name, is still read."""

    ruleset: Literal["tank-chess"]
    kind: Literal["card", "unit"]
    cards: list[RawCard] = Field(default_factory=list)


def raw_cards(model: CardFile) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """(location in the file, raw fields) of every card in a unit file."""
    if model.cards:
        return [(("cards", i), c.model_dump(exclude_none=True)) for i, c in enumerate(model.cards)]
    top = model.model_dump(exclude_none=True, exclude={"ruleset", "kind", "cards"})
    return [((), top)] if top else []


def resolve_cards(
    files: Sequence[tuple[Document, CardFile]],
    base: Mapping[str, Card] | None = None,
) -> tuple[dict[str, Card], list[Problem]]:
    """Resolve ``based_on`` across files (and ``base`` cards), validate each card fully."""
    problems: list[Problem] = []
    raws: dict[str, dict[str, Any]] = {}
    where: dict[str, tuple[Document, tuple[Any, ...]]] = {}
    for doc, model in files:
        found = raw_cards(model)
        if not found:
            problems.append(doc.problem((), "no card: give the card fields or a 'cards:' list (TC-2.2)"))
        for loc, raw in found:
            cid = raw.get("id")
            if cid is None:
                problems.append(doc.problem(loc, "a card needs an 'id' (its notation code, e.g. SHT)"))
                continue
            if cid in raws:
                problems.append(doc.problem((*loc, "id"), f"card {cid!r} is defined twice"))
                continue
            raws[cid] = raw
            where[cid] = (doc, loc)
    profiles = {k: c.model_dump(exclude_none=True) for k, c in (base or {}).items()}
    cards: dict[str, Card] = {}
    for cid, raw in raws.items():
        doc, loc = where[cid]
        try:
            full = resolve_based_on({cid: raw}, {**profiles, **{k: v for k, v in raws.items() if k != cid}})[cid]
        except KeyError as exc:
            problems.append(doc.problem((*loc, "based_on"), str(exc.args[0])))
            continue
        full["id"] = cid
        try:
            cards[cid] = validate(doc, Card, full)
        except DataError as exc:
            for p in exc.problems:
                if isinstance(p, Problem):
                    line, col = doc.where(loc)
                    problems.append(Problem(doc.path, line, col, f"card {cid}: {p.message}"))
    return cards, problems


def load_card_files(paths: Iterable[Path | str], base: Mapping[str, Card] | None = None) -> dict[str, Card]:
    """Load and resolve card files; raises :class:`DataError` with every problem."""
    files: list[tuple[Document, CardFile]] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            doc = load_document(path)
            files.append((doc, validate(doc, CardFile)))
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
    cards, more = resolve_cards(files, base)
    problems.extend(more)
    if problems:
        raise DataError(sorted(problems))
    return cards


def cards_from_data(items: Sequence[Mapping[str, Any]], base: Mapping[str, Card]) -> dict[str, Card]:
    """Cards embedded in game options (records keep user cards this way)."""
    raws = {str(item["id"]): dict(item) for item in items}
    profiles = {k: c.model_dump(exclude_none=True) for k, c in base.items()}
    resolved = resolve_based_on(raws, profiles)
    return {cid: Card.model_validate({**raw, "id": cid}) for cid, raw in resolved.items()}


_SHIPPED: dict[str, Card] | None = None


def shipped_cards() -> dict[str, Card]:
    """The six pieces of TC-2, from ``data/tank_chess/units.yaml``."""
    global _SHIPPED
    if _SHIPPED is None:
        with_path = shipped("tank_chess", "units.yaml")
        _SHIPPED = load_card_files([Path(str(with_path))])
    return dict(_SHIPPED)


CARD_TEMPLATE = """\
# A tank chess unit card (TC-2.2). Check it with: tanktable validate FILE
# Put several cards in one file under 'cards:' (a list), or one card at the top.
ruleset: tank-chess
kind: card
cards:
  - id: SHT                 # notation code: 1-6 capitals/digits, starts with a letter
    name: Super-Heavy Tank
    based_on: HT            # optional: start from a shipped card, override below
    letter: S               # map grid letter (uppercase = white, lowercase = black)
    speed: 2                # most steps per turn: forward steps and 45-degree turns (TC-4.2)
    armour: {front: 4, side: 3, rear: 1}   # a gun destroys only if strictly greater (TC-6.2)
    gun: 4
    fires: [forward, forward-left, forward-right]   # turret; [forward] = no turret (TC-5.1)
    # indirect: {min: 3, max: 5}   # fires over everything at exactly min..max squares (TC-6M)
    # command: true                # a Command Tank: lose it and lose the game (TC-7)
    value: 1.5              # worth to the computer player
"""
