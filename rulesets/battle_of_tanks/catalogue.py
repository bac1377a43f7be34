"""Loading Battle of Tanks data: shipped files and the user's own.

Shipped data is read through :mod:`core.resources`; a user's file anywhere a
shipped name is accepted. Everything that goes into a game is turned into
plain data first, so a game record can embed it and replay without the
user's files (options ``armies``/``cards``/``table`` hold data, not paths).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from core.data import (
    Document,
    Problem,
    load_document,
    parse_document,
    validate,
    with_overrides,
    yaml_files,
)
from core.errors import DataError, TanktableError, did_you_mean
from core.resources import shipped, shipped_names
from rulesets.battle_of_tanks.models import Army, RulesTable, Scenario, TableMap, TankCard

M = TypeVar("M", bound=BaseModel)
PKG = "battle_of_tanks"


def _shipped_doc(*parts: str) -> Document:
    node = shipped(PKG, *parts)
    return parse_document(node.read_text(encoding="utf-8"), f"data/{PKG}/{'/'.join(parts)}")


def _check_header(doc: Document, kind: str) -> None:
    ruleset, found = doc.header()
    problems = []
    if ruleset != "battle-of-tanks":
        problems.append(doc.problem(("ruleset",), "ruleset: must be battle-of-tanks"))
    if found != kind:
        problems.append(doc.problem(("kind",), f"kind: expected {kind!r}, found {found!r}"))
    if problems:
        raise DataError(problems)


@cache
def rules_table() -> RulesTable:
    """The shipped rules table (every number and Decision)."""
    return validate(_shipped_doc("rules.yaml"), RulesTable)


def with_settings(base: RulesTable, settings: Mapping[str, Any], where: str = "option") -> RulesTable:
    """The rules table with dotted overrides (``victory.max_rounds: 10``) applied."""
    if not settings:
        return base
    return with_overrides(RulesTable, base.model_dump(), settings, where)


# ------------------------------------------------------------------ cards
def card_from_doc(doc: Document, pool: Mapping[str, TankCard] | None = None) -> TankCard:
    """Validate one card document; ``based_on`` starts from a card of ``pool``."""
    data = doc.data
    if isinstance(data, dict) and data.get("based_on") is not None:
        base_id = str(data["based_on"])
        pool = pool or {}
        if base_id not in pool:
            hint = did_you_mean(base_id, list(pool))
            raise DataError([doc.problem(("based_on",), f"based_on: unknown card {base_id!r}{hint}")])
        merged = pool[base_id].model_dump(exclude_none=True)
        merged.update(data)
        return validate(doc, TankCard, merged)
    return validate(doc, TankCard)


def card_from_data(data: Mapping[str, Any], pool: Mapping[str, TankCard], name: str = "<card>") -> TankCard:
    doc = Document(path=name, data=dict(data))
    return card_from_doc(doc, pool)


@cache
def shipped_cards() -> dict[str, TankCard]:
    cards: dict[str, TankCard] = {}
    for name in shipped_names(PKG, "cards"):
        card = card_from_doc(_shipped_doc("cards", f"{name}.yaml"), cards)
        cards[card.id] = card
    return cards


def load_cards(extra: Iterable[str | Path] = ()) -> dict[str, TankCard]:
    """Shipped cards plus those in the given files/folders; all problems at once."""
    cards = dict(shipped_cards())
    problems: list[Problem] = []
    pending: list[Document] = []
    for path in yaml_files(extra):
        try:
            doc = load_document(path)
            _check_header(doc, "card")
            pending.append(doc)
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
    # cards may be based on each other in any order: resolve until no progress
    while pending:
        progress = False
        rest: list[Document] = []
        for doc in pending:
            base = doc.data.get("based_on") if isinstance(doc.data, dict) else None
            if base is not None and base not in cards and any(
                isinstance(d.data, dict) and d.data.get("id") == base for d in pending
            ):
                rest.append(doc)
                continue
            try:
                card = card_from_doc(doc, cards)
                cards[card.id] = card
                progress = True
            except DataError as exc:
                problems.extend(p for p in exc.problems if isinstance(p, Problem))
        pending = rest
        if not progress:
            for doc in pending:
                problems.append(doc.problem(("based_on",), "based_on: cards refer to each other in a cycle"))
            break
    if problems:
        raise DataError(sorted(set(problems)))
    return cards


def cards_with_inline(extra: Sequence[Any]) -> tuple[dict[str, TankCard], list[dict[str, Any]]]:
    """Cards from option ``cards``: paths or inline dicts. Returns cards and their data."""
    cards = dict(shipped_cards())
    stored: list[dict[str, Any]] = []
    for item in extra:
        if isinstance(item, Mapping):
            card = card_from_data(item, cards)
            cards[card.id] = card
            stored.append(dict(item))
            continue
        for path in yaml_files([str(item)]):
            doc = load_document(path)
            _check_header(doc, "card")
            card = card_from_doc(doc, cards)
            cards[card.id] = card
            stored.append(dict(doc.data))
    return cards, stored


# ---------------------------------------------------------- tables, armies
def _named(kind: str, folder: str, model: type[M], source: str | Path | Mapping[str, Any],
           relative_to: Path | None = None) -> tuple[M, dict[str, Any] | None]:
    """A model from a shipped name, a path or inline data.

    Returns the model and, unless it was a shipped name, its raw data (to be
    stored in the game's options so records are self-contained).
    """
    if isinstance(source, Mapping):
        doc = Document(path=f"<inline {kind}>", data=dict(source))
        return validate(doc, model), dict(source)
    name = str(source)
    if name in shipped_names(PKG, folder) and not (relative_to and (relative_to / name).exists()):
        return validate(_shipped_doc(folder, f"{name}.yaml"), model), None
    path = Path(name)
    if relative_to is not None and not path.is_absolute() and not path.exists():
        path = relative_to / path
    if not path.exists():
        known = shipped_names(PKG, folder)
        hint = did_you_mean(name, known)
        raise TanktableError(f"no {kind} {name!r}: not a shipped {kind} nor a file{hint} (shipped: {', '.join(known)})")
    doc = load_document(path)
    _check_header(doc, kind)
    return validate(doc, model), dict(doc.data)


def load_table(source: str | Path | Mapping[str, Any], relative_to: Path | None = None) -> tuple[TableMap, dict[str, Any] | None]:
    return _named("table", "tables", TableMap, source, relative_to)


def load_army(source: str | Path | Mapping[str, Any], relative_to: Path | None = None) -> tuple[Army, dict[str, Any] | None]:
    return _named("army", "armies", Army, source, relative_to)


def load_scenario(source: str | Path | None, default: str) -> tuple[Scenario, Path | None, str, Document]:
    """A scenario by shipped name or path: it, its folder (for relative refs), its name, its document."""
    name = str(source) if source is not None else default
    if name in shipped_names(PKG, "scenarios") and not Path(name).exists():
        doc = _shipped_doc("scenarios", f"{name}.yaml")
        return validate(doc, Scenario), None, name, doc
    path = Path(name)
    if not path.exists():
        known = shipped_names(PKG, "scenarios")
        hint = did_you_mean(name, known)
        raise TanktableError(f"no scenario {name!r}{hint} (shipped: {', '.join(known)})")
    doc = load_document(path)
    _check_header(doc, "scenario")
    return validate(doc, Scenario), path.parent, path.stem, doc


def scenario_names() -> list[str]:
    return shipped_names(PKG, "scenarios")
