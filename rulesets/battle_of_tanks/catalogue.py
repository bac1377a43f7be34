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
from core.errors import DataError, did_you_mean
from core.references import Source, current_rule, resolve, resolve_at
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
            unknown = doc.problem(("based_on",), f"based_on: unknown card {base_id!r}{hint}")
            raise DataError(sorted({unknown, *_form_problems(doc, data, pool)}))
        merged = pool[base_id].model_dump(exclude_none=True)
        merged.update(data)
        return validate(doc, TankCard, merged)
    return validate(doc, TankCard)


def _form_problems(doc: Document, data: Mapping[str, Any], pool: Mapping[str, TankCard]) -> list[Problem]:
    """The form problems of a card whose base card is unknown (a typo such as ``nmae:``),
    so that one run names them with the unknown base (authoring playtest: the base's
    problem hid the typo). The missing fields are lent by any known card, which are valid:
    only the file's own keys can be at fault. No card known, nothing to lend: none."""
    stand_in = next(iter(pool.values()), None)
    if stand_in is None:
        return []
    merged = stand_in.model_dump(exclude_none=True)
    merged.update(data)
    merged.pop("based_on", None)
    try:
        validate(doc, TankCard, merged)
    except DataError as exc:
        return [p for p in exc.problems if isinstance(p, Problem)]
    return []


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


def _other_file(doc: Document) -> bool:
    """Whether a file found in a ``--cards`` folder says it is something else than a Battle
    of Tanks card (another kind, another ruleset), so the folder's cards are read without
    it: a designer keeps his army, table and cards side by side (authoring playtest of
    issue 60: ``--cards .`` refused the folder for its army). A file with no header, or a
    misspelt kind of card, is still read and refused with its problem."""
    ruleset, kind = doc.header()
    if kind is None or kind in ("card", "cards"):
        return ruleset not in (None, "battle-of-tanks")
    return True


def load_cards(extra: Iterable[str | Path] = ()) -> dict[str, TankCard]:
    """Shipped cards plus those in the given files/folders; all problems at once."""
    cards = dict(shipped_cards())
    problems: list[Problem] = []
    pending: list[Document] = []
    named = {Path(p) for p in extra if not Path(p).is_dir()}
    for path in yaml_files(extra):
        try:
            doc = load_document(path)
            if path not in named and _other_file(doc):
                continue  # a folder of one's own files: its army, table or map is no card to read
            _check_header(doc, "card")
            pending.append(doc)
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
    problems.extend(add_card_documents(pending, cards))
    if problems:
        raise DataError(sorted(set(problems)))
    return cards


def add_card_documents(docs: Sequence[Document], cards: dict[str, TankCard],
                       keep: Mapping[str, TankCard] | None = None) -> list[Problem]:
    """Add the cards of ``docs`` to ``cards``; returns every problem.

    Cards may be ``based_on`` each other in any order, so they are resolved
    until no progress is made. A card whose id is one of ``keep`` with other
    values is refused: an army's own card may not change a card the rest of
    the table uses.
    """
    problems: list[Problem] = []
    pending = list(docs)
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
            except DataError as exc:
                problems.extend(p for p in exc.problems if isinstance(p, Problem))
                continue
            progress = True
            other = (keep or {}).get(card.id)
            if other is not None and _values(other) != _values(card):
                problems.append(doc.problem(("id",), f"card {card.id!r} is already a card with other values; "
                                                      "give yours its own id (BT-2)"))
                continue
            cards[card.id] = card
        pending = rest
        if not progress:
            for doc in pending:
                problems.append(doc.problem(("based_on",), "based_on: cards refer to each other in a cycle"))
            break
    return problems


def _values(card: TankCard) -> dict[str, Any]:
    return card.model_dump(exclude={"based_on", "notes"})


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
        found = resolve(item, "card file") if not _is_folder(item) else None
        paths = [found.path] if found is not None and found.path else yaml_files([str(item)])
        docs = [load_document(path) for path in paths]
        if found is None:  # a folder: not its army or table (as load_cards), its bases first
            docs = _bases_first([doc for doc in docs if not _other_file(doc)])
        for doc in docs:
            _check_header(doc, "card")
            card = card_from_doc(doc, cards)
            cards[card.id] = card
            stored.append(dict(doc.data))
    return cards, stored


def _bases_first(docs: Sequence[Document]) -> list[Document]:
    """A folder's card documents with each after the one it is ``based_on`` (files sort by
    name: ``panther-g.yaml`` comes before the ``panther.yaml`` it is based on), so they
    load, and a record that stores them in this order replays. A cycle is left to
    :func:`card_from_doc` to name."""
    by_id = {str(d.data.get("id")): d for d in docs if isinstance(d.data, dict)}
    out: list[Document] = []
    seen: set[int] = set()

    def visit(doc: Document) -> None:
        if id(doc) in seen:
            return
        seen.add(id(doc))
        base = doc.data.get("based_on") if isinstance(doc.data, dict) else None
        if base is not None and str(base) in by_id:
            visit(by_id[str(base)])
        out.append(doc)

    for doc in docs:
        visit(doc)
    return out


def _is_folder(item: Any, beside: Path | None = None) -> bool:
    """A folder of card files (a terminal user's ``--option cards=my-cards/``),
    where the reference rule in force lets a name given ``beside`` a file's
    folder (``None``: typed) stand for a folder."""
    if not isinstance(item, (str, Path)) or not current_rule().lists_folders(beside):
        return False
    try:
        return Path(item).is_dir()
    except (OSError, ValueError):
        return False


# ---------------------------------------------------------- tables, armies
def _named(kind: str, folder: str, model: type[M], source: str | Path | Mapping[str, Any],
           relative_to: Path | None = None,
           at: tuple[Document, tuple[Any, ...]] | None = None) -> tuple[M, dict[str, Any] | None]:
    """A model from a shipped name, a path or inline data.

    Names resolve by :func:`core.references.resolve` (beside ``relative_to``,
    the referencing file's folder); a refused name is reported at ``at``, the
    referencing document and key, when given. Returns the model and, unless
    it was a shipped name, its raw data (to be stored in the game's options
    so records are self-contained).
    """
    if isinstance(source, Mapping):
        doc = Document(path=f"<inline {kind}>", data=dict(source))
        return validate(doc, model), dict(source)
    found = _find(kind, folder, source, relative_to, at)
    doc = found.document()
    if found.is_shipped:
        return validate(doc, model), None
    _check_header(doc, kind)
    return validate(doc, model), dict(doc.data)


def _find(kind: str, folder: str, source: str | Path, relative_to: Path | None,
          at: tuple[Document, tuple[Any, ...]] | None) -> Source:
    """The file a name of a ``kind`` stands for: a shipped one in ``folder`` or the
    user's (beside ``relative_to``); refused at ``at``, when given, else raised."""
    name = source if isinstance(source, str) else str(source)
    if at is not None:
        return resolve_at(at[0], at[1], name, kind, beside=relative_to, shipped_folder=(PKG, folder))
    return resolve(name, kind, beside=relative_to, shipped_folder=(PKG, folder))


def load_table(source: str | Path | Mapping[str, Any], relative_to: Path | None = None,
               at: tuple[Document, tuple[Any, ...]] | None = None) -> tuple[TableMap, dict[str, Any] | None]:
    return _named("table", "tables", TableMap, source, relative_to, at)


def load_army(source: str | Path | Mapping[str, Any], cards: dict[str, TankCard],
              relative_to: Path | None = None,
              at: tuple[Document, tuple[Any, ...]] | None = None,
              ) -> tuple[Army, dict[str, Any] | None, list[dict[str, Any]]]:
    """An army from a shipped name, a path or inline data, with the cards it carries.

    Names resolve by :func:`core.references.resolve` (beside ``relative_to``,
    the referencing file's folder); a refused name is reported at ``at``, the
    referencing document and key, when given. An army file may name card files or folders of its own under ``cards:``
    (beside the army file, as every reference is resolved), or give card data
    there, so one's own cards travel with the army. They are added to
    ``cards``; one that would change a card already there is refused at its
    line. Returns the army, its data for a record (``None`` for a shipped
    army) with ``cards`` left out, and the data of the cards it added.
    """
    shipped = False
    if isinstance(source, Mapping):
        # given inside a scenario: its problems at their lines there, its cards beside it
        doc = at[0].part(at[1]) if at is not None else Document(path="<inline army>", data=dict(source))
        folder = relative_to
    else:
        found = _find("army", "armies", source, relative_to, at)
        doc = found.document()
        shipped = found.is_shipped
        if not shipped:
            _check_header(doc, "army")
        folder = found.path.parent if found.path is not None and not shipped else None
    army = validate(doc, Army)
    added = add_army_cards(doc, army, folder, cards)
    if shipped:
        return army, None, added
    data = {k: v for k, v in dict(doc.data).items() if k != "cards"}
    return army, data, added


def add_army_cards(doc: Document, army: Army, folder: Path | None,
                   cards: dict[str, TankCard]) -> list[dict[str, Any]]:
    """Add the cards ``army`` names under ``cards:`` (files or folders beside
    ``folder``, or card data) to ``cards``; returns their data. Every problem,
    at its line, is a :class:`DataError`."""
    keep = dict(cards)
    problems: list[Problem] = []
    docs: list[Document] = []
    for i, item in enumerate(army.cards):
        if isinstance(item, Mapping):
            docs.append(doc.part(("cards", i)))
            continue
        beside = folder / item if folder is not None else Path(item)
        if _is_folder(beside, folder):
            sources: list[Any] = list(yaml_files([beside]))
        else:
            sources = [item]
        for source_item in sources:
            try:
                if isinstance(source_item, Path):
                    card_doc = load_document(source_item)
                else:
                    card_doc = resolve_at(doc, ("cards", i), source_item, "card file", beside=folder).document()
                _check_header(card_doc, "card")
                docs.append(card_doc)
            except DataError as exc:
                problems.extend(p for p in exc.problems if isinstance(p, Problem))
    problems.extend(add_card_documents(docs, cards, keep))
    if problems:
        raise DataError(sorted(set(problems)))
    # in the order they were resolved, so a card comes after the one it is based on
    data = {str(d.data.get("id")): dict(d.data) for d in docs if isinstance(d.data, dict)}
    return [data[cid] for cid in cards if cid in data and cid not in keep]


def load_scenario(source: str | Path | None, default: str) -> tuple[Scenario, Path | None, str, Document]:
    """A scenario by shipped name or path; returns it, its folder (for relative refs),
    its name and its document (where problems of its references are reported)."""
    name = str(source) if source is not None else default
    found = resolve(name, "scenario", shipped_folder=(PKG, "scenarios"))
    doc = found.document()
    if found.is_shipped:
        return validate(doc, Scenario), None, name, doc
    _check_header(doc, "scenario")
    assert found.path is not None
    return validate(doc, Scenario), found.path.parent, found.path.stem, doc


def shipped_armies() -> dict[str, Document]:
    """The shipped army lists by name, each as its document (problems at their lines)."""
    return {name: _shipped_doc("armies", f"{name}.yaml") for name in shipped_names(PKG, "armies")}


def scenario_names() -> list[str]:
    return shipped_names(PKG, "scenarios")
