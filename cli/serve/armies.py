"""Armies on the start page (issue 29.15): shipped ones, the server's own, and
one built from the card list.

For a ruleset with army lists (a data kind ``army`` and an option ``armies``,
as Battle of Tanks has), the start page offers for each side:

* the scenario's own army (nothing is sent);
* a shipped army, by name (``shipped:heavy-line``);
* an army file the server was started with (``--army``), by its file name
  (``file:my-army.yaml``), never by a path from a request;
* the army built on the page: its name, budget and tanks (card ids), sent
  as data and never naming a file.

A built army is checked by the ruleset's own :meth:`~core.game.Ruleset.check_army`,
the function ``tanktable army validate`` calls, on the very YAML text the page
offers for download; its refusal is that check's verdict (``total 24 of 20:
over budget by 4 (BT-1.1)``), never a second copy of the rule. Card files the
server was started with (``--cards``), and the cards its ``--army`` files carry
(their ``cards:``), join the card list and every game whose armies were chosen
here. A built army that uses such a card carries that card's data inline in its
``cards:`` (issue 60.3), so the file the page downloads validates anywhere,
without the server's files; the server checks it that way, with no extra cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from cli.serve.store import ServerFiles
from core.data import Document, load_document, parse_document
from core.errors import DataError, TanktableError, UsageError
from core.game import Ruleset
from core.options import option_fields

SHIPPED = "shipped:"
FILE = "file:"
BUILT = "built"
"""How the page names each side's army choice (besides ``""``: the scenario's own)."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class BuiltTank(_Body):
    card: str = Field(min_length=1, max_length=100)
    name: str | None = Field(default=None, max_length=60)


class BuiltArmy(_Body):
    """An army as the builder holds it: what an army file says, without ``cards:``
    (which would name files)."""

    name: str = Field(default="My army", min_length=1, max_length=80)
    budget: int = Field(ge=0, le=10_000)
    tanks: list[BuiltTank] = Field(default_factory=list, max_length=60)


class ArmyCheckBody(_Body):
    ruleset: str = Field(max_length=100)
    army: BuiltArmy


def takes_armies(ruleset: Ruleset) -> bool:
    """Whether the start page offers armies for ``ruleset``."""
    return "army" in ruleset.data_kinds() and "armies" in option_fields(ruleset.options_model)


def card_files(ruleset: Ruleset, files: ServerFiles) -> list[Path]:
    """The server's card files (``--cards``) for ``ruleset``, each after any card
    it is ``based_on``, so that a game can read them one by one."""
    mine: list[tuple[str, Path]] = []
    for path in files.cards:
        doc = load_document(path)
        header, kind = doc.header()
        if header == ruleset.id and kind == "card" and isinstance(doc.data, dict):
            mine.append((str(doc.data.get("id")), path))
    if not mine:
        return []
    order = list(ruleset.cards([p for _, p in mine]))
    return [p for _, p in sorted(mine, key=lambda item: order.index(item[0]) if item[0] in order else -1)]


def own_card_data(ruleset: Ruleset, files: ServerFiles) -> dict[str, dict[str, Any]]:
    """The data of every card the server brings beyond the shipped ones, by id, a
    card after the one it is ``based_on``: its ``--cards`` files, then the cards
    its ``--army`` files carry (a broken army file adds none)."""
    out: dict[str, dict[str, Any]] = {}
    for path in card_files(ruleset, files):
        data = load_document(path).data
        if isinstance(data, dict):
            out[str(data.get("id"))] = {k: v for k, v in data.items() if k not in ("ruleset", "kind")}
    for report in _army_file_reports(ruleset, files):
        for data in getattr(report, "own_cards", []):
            if isinstance(data, dict):
                out.setdefault(str(data.get("id")), {k: v for k, v in data.items() if k not in ("ruleset", "kind")})
    return out


def _army_file_reports(ruleset: Ruleset, files: ServerFiles) -> list[Any]:
    """The check of each of the server's ``--army`` files of ``ruleset``."""
    reports: list[Any] = []
    extra = card_files(ruleset, files)
    for path in files.armies.values():
        try:
            doc = load_document(path)
            if doc.header()[0] == ruleset.id:
                reports.append(ruleset.check_army(doc, extra))
        except (DataError, TanktableError):
            continue
    return reports


def army_yaml(ruleset: Ruleset, army: BuiltArmy, own: Mapping[str, Mapping[str, Any]] | None = None) -> str:
    """A built army as an army file (what the page downloads and the server checks),
    with the data of each of ``own`` (the server's cards) it uses, and of the cards
    those are based on, inline under ``cards:``."""
    tanks = [{"card": t.card, **({"name": t.name} if t.name else {})} for t in army.tanks]
    own = own or {}
    needed: set[str] = set()
    todo = [t.card for t in army.tanks]
    while todo:
        cid = todo.pop()
        if cid in own and cid not in needed:
            needed.add(cid)
            base = own[cid].get("based_on")
            if isinstance(base, str):
                todo.append(base)
    cards = [dict(data) for cid, data in own.items() if cid in needed]
    body = yaml.safe_dump({"ruleset": ruleset.id, "kind": "army", "name": army.name,
                           "budget": army.budget, "tanks": tanks, **({"cards": cards} if cards else {})},
                          sort_keys=False, allow_unicode=True)
    return (f"# Built on the tanktable start page. Check it with: tanktable army validate FILE\n{body}")


def check_built(ruleset: Ruleset, army: BuiltArmy, files: ServerFiles) -> dict[str, Any]:
    """The built army checked as ``tanktable army validate`` checks a file: its
    report's JSON, its YAML text, and ``message``: why it is refused (the
    report's verdict past the budget, each problem otherwise), empty if valid."""
    if not takes_armies(ruleset):
        raise UsageError(f"{ruleset.id} has no army lists")
    text = army_yaml(ruleset, army, own_card_data(ruleset, files))
    doc = parse_document(text, "built army")
    try:
        report = ruleset.check_army(doc)
        if hasattr(report, "cards"):  # what still fits: from every card the builder offers
            report.cards = [(cid, str(getattr(c, "name", cid)), c.tier)
                            for cid, c in card_library(ruleset, files).items() if isinstance(getattr(c, "tier", None), int)]
    except DataError as exc:
        problems = [str(p) for p in exc.problems]
        return {"valid": False, "verdict": "", "total": None, "budget": army.budget, "remaining": None,
                "tanks": [], "errors": problems, "message": "\n".join(problems), "yaml": text}
    out = report.to_json()
    errors = [str(p) for p in getattr(report, "errors", [])]
    out["errors"] = errors
    out["message"] = "" if report.valid else "\n".join(errors or [report.verdict])
    out["yaml"] = text
    return out


def card_library(ruleset: Ruleset, files: ServerFiles) -> dict[str, Any]:
    """Every card the builder offers by id: shipped, ``--cards`` and the cards the
    ``--army`` files carry."""
    library: dict[str, Any] = dict(ruleset.cards(card_files(ruleset, files)))
    for report in _army_file_reports(ruleset, files):
        own = getattr(report, "library", {})
        for data in getattr(report, "own_cards", []):
            cid = str(data.get("id")) if isinstance(data, dict) else ""
            if cid in own:
                library.setdefault(cid, own[cid])
    return library


def army_catalog(ruleset: Ruleset, files: ServerFiles) -> dict[str, Any] | None:
    """What the start page offers for ``ruleset``'s armies, or ``None`` if it has none:
    the armies (each with its total against its budget), the cards with their
    tier points, and the budget a new army starts with."""
    if not takes_armies(ruleset):
        return None
    extra = card_files(ruleset, files)
    shipped_ids = set(ruleset.cards())
    armies: list[dict[str, Any]] = []
    for name, doc in ruleset.armies().items():
        armies.append(_summary(ruleset, SHIPPED + name, name, doc, extra))
    for name, path in files.armies.items():
        try:
            doc = load_document(path)
        except DataError:
            continue
        if doc.header()[0] == ruleset.id:
            armies.append(_summary(ruleset, FILE + name, f"{name} (file)", doc, extra))
    library = card_library(ruleset, files)
    cards = [{"id": cid, "name": str(getattr(card, "name", cid)), "tier": getattr(card, "tier", None),
              "own": cid not in shipped_ids, "values": card_values(card)}
             for cid, card in library.items()]
    cards.sort(key=lambda c: (c["tier"] if isinstance(c["tier"], int) else 0, c["name"]))
    budgets = [a["budget"] for a in armies if isinstance(a.get("budget"), int)]
    return {"armies": armies, "cards": cards,
            "budget": max(set(budgets), key=budgets.count) if budgets else 0}


_NOT_VALUES = {"ruleset", "kind", "id", "name", "short", "tier", "based_on", "notes", "footprint"}


def card_values(card: Any) -> dict[str, Any]:
    """The values a player compares cards by (hit points, move, gun...), as the card
    file writes them (a roll ``3+``): every field of the card but its names, tier
    (shown apart), notes and footprint."""
    dump = getattr(card, "model_dump", None)
    if dump is None:
        return {}
    data = dump(mode="json")
    return {k: v for k, v in data.items() if k not in _NOT_VALUES and isinstance(v, (int, float, str))}


def _summary(ruleset: Ruleset, value: str, label: str, doc: Document, extra: list[Path]) -> dict[str, Any]:
    try:
        report = ruleset.check_army(doc, extra).to_json()
    except (DataError, TanktableError) as exc:
        return {"value": value, "label": label, "title": label, "valid": False, "problem": str(exc)}
    tanks = [t["title"] + (f" ({t['name']})" if t.get("name") else "") for t in report.get("tanks", [])]
    problem = "; ".join(f"{e['path']}:{e['line']}:{e['col']}: {e['message']}" if isinstance(e, dict) else str(e)
                        for e in report.get("errors", []))
    return {"value": value, "label": label, "title": str(report.get("name", label)),
            "valid": bool(report.get("valid")), "verdict": report.get("verdict", ""),
            "budget": report.get("budget"), "total": report.get("total"), "tanks": tanks,
            "problem": problem}


def check_server_files(files: ServerFiles, rulesets: list[Ruleset]) -> None:
    """At the server's start: the ``--cards`` load for every ruleset with armies, and
    every ``--army`` file is an army of such a ruleset whose own problems (at
    their lines) are none, so that the start page never offers a broken file."""
    with_armies = {r.id: r for r in rulesets if takes_armies(r)}
    for ruleset in with_armies.values():
        ruleset.cards(card_files(ruleset, files))
    for name, path in files.armies.items():
        doc = load_document(path)
        ruleset_id, kind = doc.header()
        if kind != "army" or ruleset_id not in with_armies:
            raise UsageError(f"--army {path}: not an army list of a ruleset with armies "
                             f"(ruleset: {ruleset_id}, kind: {kind}; rulesets with armies: "
                             f"{', '.join(with_armies) or 'none'})")
        ruleset = with_armies[ruleset_id]
        report = ruleset.check_army(doc, card_files(ruleset, files))
        if not report.valid:
            raise TanktableError(f"--army {name}:\n{report.text()}")


def army_options(ruleset: Ruleset, choices: Mapping[str, str], built: BuiltArmy | None,
                 files: ServerFiles) -> tuple[dict[str, Any], list[Path]]:
    """The typed options (``armies``, and ``cards`` of the server) for the armies
    chosen on the page, and the server's files they name (offered to the game
    by :func:`core.references.offered_only`). A choice the server does not
    offer, or a built army the check refuses, is refused with its reason."""
    chosen = {side.lower(): value for side, value in choices.items() if value}
    if not chosen:
        return {}, []
    if not takes_armies(ruleset):
        raise UsageError(f"{ruleset.id} has no army lists")
    sides = [p.lower() for p in ruleset.players]
    armies: dict[str, Any] = {}
    offered: list[Path] = []
    for side, value in chosen.items():
        if side not in sides:
            raise UsageError(f"armies: unknown side {side!r}; sides are {', '.join(sides)}")
        if value.startswith(SHIPPED) and value[len(SHIPPED):] in ruleset.armies():
            armies[side] = value[len(SHIPPED):]
        elif value.startswith(FILE) and value[len(FILE):] in files.armies:
            path = files.armies[value[len(FILE):]]
            armies[side] = str(path)
            offered.append(path)
        elif value == BUILT:
            if built is None:
                raise UsageError(f"army {side}: no army was built on the page")
            checked = check_built(ruleset, built, files)
            if not checked["valid"]:
                raise TanktableError(f"army {side} ({built.name}): {checked['message']}")
            armies[side] = yaml.safe_load(checked["yaml"])
        else:
            offers = [SHIPPED + n for n in ruleset.armies()] + [FILE + n for n in files.armies]
            raise UsageError(f"army {side}: no army {value!r} on this server; it offers "
                             + ", ".join([*offers, BUILT]))
    options: dict[str, Any] = {"armies": armies}
    extra = card_files(ruleset, files)
    if extra and "cards" in option_fields(ruleset.options_model):
        options["cards"] = [str(p) for p in extra]
        offered.extend(extra)
    return options, offered
