"""Hex maps and terrain catalogues as YAML data (``ruleset: hex``).

Two data kinds live here, both validated by pydantic and checked by
:func:`check_document` for what a schema cannot say (unknown terrain letters,
hexsides that are not between neighbours, fortifications in water...),
every problem with its line:

- ``kind: terrain`` -- a :class:`TerrainCatalogue`: terrain types, hexside
  features (walls), path features that cross hexsides (roads, railways,
  trails), markers (smoke) and fortifications, plus the chart's settings.
  The hex terrain chart (HTC) ships as ``data/hex_terrain.yaml``; a user adds
  or overrides types in his own file, and a ruleset (Duel of the Giants)
  ships its own.
- ``kind: map`` -- a :class:`HexMapFile`: size, orientation, terrain as an
  ASCII grid, elevation, hexside and path features, markers.

Hexes are labelled on maps as column letters plus a 1-based row number
(``A1`` is the top-left hex, ``AA12`` the 27th column), the convention of
board wargames.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, field_validator, model_validator

from core.data import DataModel, Document, Problem, load_document, resolve_based_on, validate
from core.errors import DataError

if TYPE_CHECKING:
    from core.references import Source

__all__ = [
    "CatalogueRules",
    "Fortification",
    "HexMapFile",
    "HexsideEntry",
    "HexsideFeature",
    "MarkerEntry",
    "MarkerType",
    "PathEntry",
    "PathFeature",
    "TerrainCatalogue",
    "TerrainType",
    "check_document",
    "column_letters",
    "parse_label",
]

LosKind = Literal["clear", "hindrance", "obstacle"]
EdgeRule = Literal["both", "either", "shooter"]


class _UnknownBase:
    """Stands in for a ``based_on`` that names nothing, so the error lands on its line."""

    def __init__(self, message: str):
        self.message = message


class _Entry(DataModel):
    """A catalogue entry; ``based_on: other`` copies another entry's fields first."""

    based_on: str | None = Field(default=None, description="Id of an entry (here or shipped) to start from.")

    @field_validator("based_on", mode="before")
    @classmethod
    def _known_base(cls, value: Any) -> Any:
        if isinstance(value, _UnknownBase):
            raise ValueError(value.message)
        return value


class _LosFields(_Entry):
    """Line-of-sight effect shared by terrain and features."""

    los: LosKind = "clear"
    hindrance: int = Field(default=0, ge=0, description="Hindrance when los is 'hindrance'.")
    blind_hexes: int = Field(
        default=0, ge=0, description="Hexes hidden behind this obstacle when seen from higher ground."
    )

    @model_validator(mode="after")
    def _hindrance_matches(self) -> _LosFields:
        if self.los == "hindrance" and self.hindrance < 1:
            raise ValueError("los 'hindrance' needs hindrance: N (N >= 1)")
        if self.los != "hindrance" and self.hindrance:
            raise ValueError(f"hindrance: {self.hindrance} given but los is {self.los!r}")
        return self


class TerrainType(_LosFields):
    """What fills a hex: cost to enter, cover, effect on sight."""

    rule: str | None = Field(default=None, description="Rule ID, e.g. HTC-T99.")
    name: str
    symbol: str = Field(..., min_length=1, max_length=1, description="Letter in map grids.")
    cost: int | Literal["impassable"] = Field(..., description="MP to enter the hex.")
    cover: int | None = Field(..., description="Cover value; null where no unit can be.")
    water: bool = Field(default=False, description="Water: no smoke and no fortification (HTC-F100.3).")
    weapons_may_fire: bool = Field(
        default=True, description="May support weapons fire from it? (HTC-T95.1: not from a stream)"
    )
    air_burst: int = Field(default=0, description="Added to mortar/artillery attacks on the hex (HTC-T99.1).")
    colour: str = Field(default="#e8e4c9", description="Fill colour in SVG pictures.")
    notes: str = ""


class HexsideFeature(_LosFields):
    """Something on a hexside, between two hexes (a wall)."""

    rule: str | None = None
    name: str
    cross_cost: int = Field(default=0, ge=0, description="Extra MP to cross the hexside.")
    impassable: bool = False
    cover: int | None = Field(
        default=None, description="Cover when an attack crosses the hexside as it enters the target hex."
    )
    cover_vs_indirect: bool = Field(default=False, description="Does the cover apply to mortar/artillery?")
    endpoint_exempt: bool = Field(
        default=True, description="No LOS effect when it is a side of the spotter's or the target's hex."
    )
    colour: str = "#5a4a3a"
    notes: str = ""


class PathFeature(_LosFields):
    """A road, railway or trail: runs from hex centre to hex centre across hexsides."""

    rule: str | None = None
    name: str
    along_cost: int = Field(..., ge=0, description="MP to enter a hex across a hexside it crosses.")
    cover_modifier: int = Field(default=0, description="Added to the cover of every hex it is in (road -1).")
    los_along: Literal["clear", "other"] = Field(
        default="other", description="LOS that runs exactly along it: clear, or as the other terrain."
    )
    movement_bonus: int = Field(
        default=0, ge=0, description="Extra movement for an order once a hex with it is entered (HTC-T93.1)."
    )
    colour: str = "#8a6d3b"
    notes: str = ""


class MarkerType(_Entry):
    """A marker with a printed hindrance (smoke)."""

    rule: str | None = None
    name: str
    min_hindrance: int = Field(default=1, ge=0)
    max_hindrance: int = Field(default=10, ge=0)
    water_allowed: bool = False
    notes: str = ""


class Fortification(_Entry):
    """A fortification marker: alternative cover, special movement."""

    rule: str | None = None
    name: str
    cover: int | None = Field(default=None, description="Cover that replaces the terrain's (HTC-F100.4).")
    cover_indirect: int | None = Field(default=None, description="Cover against mortar and artillery.")
    cover_vs_self: int | None = Field(default=None, description="Fixed cover against its own attack (mines).")
    firepower: int | None = Field(default=None, description="Firepower of its own attack (mines).")
    links: list[str] = Field(
        default_factory=list, description="Fortifications it connects to (trench, HTC-F105.2)."
    )
    link_cost: int | None = Field(default=None, description="MP between linked hexes, whatever the terrain.")
    notes: str = ""


class CatalogueRules(DataModel):
    """The chart's settings (Decisions); a later file overrides those it names."""

    edge_rule: EdgeRule | None = Field(
        default=None,
        description="LOS exactly along a hexside: both hexes must block, either blocks, "
        "or the shooter chooses one side.",
    )
    uphill_cost: int | None = Field(default=None, ge=0, description="Extra MP per level climbed.")
    indirect_attacks: list[str] | None = Field(
        default=None, description="Attack kinds that count as mortar/artillery."
    )
    road_bonus_pays_entry: bool | None = Field(
        default=None, description="May the HTC-T93.1 bonus pay for the very hex that earns it?"
    )


class TerrainCatalogue(DataModel):
    """A ``kind: terrain`` file. Sections are mappings id -> entry; entries may say ``based_on``."""

    ruleset: Literal["hex"]
    kind: Literal["terrain"]
    name: str = ""
    description: str = ""
    rules: CatalogueRules = CatalogueRules()
    terrain: dict[str, TerrainType] = Field(default_factory=dict)
    hexsides: dict[str, HexsideFeature] = Field(default_factory=dict)
    paths: dict[str, PathFeature] = Field(default_factory=dict)
    markers: dict[str, MarkerType] = Field(default_factory=dict)
    fortifications: dict[str, Fortification] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _based_on(cls, data: Any) -> Any:
        return _resolve_sections(data, _shipped_raw())


SECTIONS = ("terrain", "hexsides", "paths", "markers", "fortifications")

_SHIPPED_RAW: dict[str, dict[str, Any]] = {}


def _shipped_raw() -> Mapping[str, Mapping[str, Any]]:
    """Raw sections of the shipped chart: a user's entry may be ``based_on`` one of them."""
    if not _SHIPPED_RAW:
        import yaml

        from core.resources import shipped

        try:
            raw = yaml.safe_load(shipped("hex_terrain.yaml").read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            raw = None
        for section in SECTIONS:
            items = raw.get(section) if isinstance(raw, dict) else None
            _SHIPPED_RAW[section] = dict(items) if isinstance(items, dict) else {}
    return _SHIPPED_RAW


def _resolve_sections(data: Any, base: Mapping[str, Mapping[str, Any]]) -> Any:
    """Apply ``based_on`` inside each section, against the file itself and then ``base``."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for section in SECTIONS:
        items = out.get(section)
        if not isinstance(items, dict):
            continue
        entries = {k: v for k, v in items.items() if isinstance(v, dict)}
        resolved = dict(items)
        for name, entry in entries.items():
            if "based_on" not in entry:
                continue
            pool: dict[str, Mapping[str, Any]] = dict(base.get(section, {}))
            pool.update({k: v for k, v in entries.items() if k != name})
            try:
                if entry["based_on"] == name and name in base.get(section, {}):
                    # "woods: {based_on: woods, cost: 3}" refines the shipped woods
                    shipped_entry = resolve_based_on({name: base[section][name]}, base[section])[name]
                    done = _overlay(shipped_entry, {k: v for k, v in entry.items() if k != "based_on"})
                else:
                    done = resolve_based_on({name: entry}, pool)[name]
            except KeyError as exc:
                resolved[name] = {**entry, "based_on": _UnknownBase(str(exc.args[0]))}
                continue
            resolved[name] = {**done, "based_on": entry["based_on"]}
        out[section] = resolved
    return out


def _overlay(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    out.update(override)
    return out


class HexsideEntry(DataModel):
    """A hexside feature on one or more hexsides, each written ``C3/C4``."""

    feature: str
    sides: list[str] = Field(..., min_length=1)


class PathEntry(DataModel):
    """A road/railway/trail through a chain of adjacent hexes."""

    feature: str
    hexes: list[str] = Field(..., min_length=2)


class MarkerEntry(DataModel):
    """A marker (smoke, with its hindrance) or a fortification in one hex."""

    at: str
    kind: str
    hindrance: int | None = Field(default=None, ge=0)


class MapSize(DataModel):
    columns: int = Field(..., ge=1, le=702)
    rows: int = Field(..., ge=1, le=999)


class HexMapFile(DataModel):
    """A ``kind: map`` file: a hex board with its terrain."""

    ruleset: Literal["hex"]
    kind: Literal["map"]
    name: str
    description: str = ""
    orientation: Literal["pointy", "flat"] = "pointy"
    shifted: Literal["even", "odd"] = Field(
        default="even",
        description="Which rows (pointy) or columns (flat), counted from 1, sit half a hex "
        "right (pointy) or down (flat).",
    )
    size: MapSize
    terrain_files: list[str] = Field(
        default_factory=list, description="Extra terrain catalogues, relative to this file."
    )
    shipped_terrain: bool = Field(default=True, description="Start from data/hex_terrain.yaml.")
    legend: dict[str, str] = Field(default_factory=dict, description="Letter -> terrain id.")
    terrain: str = Field(..., description="One line per row, one letter per hex; spaces ignored.")
    default_terrain: str | None = Field(default=None, description="Terrain id for '.' if not in the legend.")
    elevation: str | None = Field(default=None, description="Same grid with a digit (level) per hex.")
    hexsides: list[HexsideEntry] = Field(default_factory=list)
    paths: list[PathEntry] = Field(default_factory=list)
    markers: list[MarkerEntry] = Field(default_factory=list)


# --- labels -------------------------------------------------------------------------

_LABEL = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")


def column_letters(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (bijective base 26)."""
    out = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


def parse_label(label: str) -> tuple[int, int]:
    """``C4`` -> 0-based (col, row); raises ValueError with a sentence."""
    m = _LABEL.match(label.strip())
    if not m:
        raise ValueError(f"{label!r} is not a hex label like C4 (column letters, row number)")
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + (ord(ch) - 64)
    row = int(m.group(2))
    if row < 1:
        raise ValueError(f"{label!r}: rows count from 1")
    return col - 1, row - 1


# --- catalogue files ----------------------------------------------------------------


def shipped_catalogue_document() -> Document:
    """The HTC chart shipped as ``data/hex_terrain.yaml``."""
    from core.data import parse_document
    from core.resources import shipped

    node = shipped("hex_terrain.yaml")
    return parse_document(node.read_text(encoding="utf-8"), "data/hex_terrain.yaml")


def load_catalogue_file(path: str | Path) -> tuple[TerrainCatalogue, Document]:
    """Read and validate one terrain file (schema and semantic problems)."""
    doc = load_document(path)
    model = validate(doc, TerrainCatalogue)
    problems = check_document("terrain", model, doc)
    if problems:
        raise DataError(problems)
    return model, doc


def check_document(kind: str, model: Any, doc: Document, source: Source | None = None) -> list[Problem]:
    """Rules beyond the schema, each problem with its line (called by ``tanktable validate``);
    ``source``: where a map was read from (a package's shipped map finds its terrain there)."""
    if kind == "terrain" and isinstance(model, TerrainCatalogue):
        return _check_catalogue(model, doc)
    if kind == "map" and isinstance(model, HexMapFile):
        from core.grid.hexboard import build_board

        _, problems = build_board(model, doc, source=source)
        return problems
    return []


def _check_catalogue(cat: TerrainCatalogue, doc: Document) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for tid, t in cat.terrain.items():
        if t.symbol in seen and seen[t.symbol] != tid:
            problems.append(
                doc.problem(("terrain", tid, "symbol"),
                            f"symbol {t.symbol!r} is already used by {seen[t.symbol]!r}")
            )
        seen.setdefault(t.symbol, tid)
    for fid, f in cat.fortifications.items():
        for i, link in enumerate(f.links):
            if link not in cat.fortifications:
                problems.append(
                    doc.problem(("fortifications", fid, "links", i),
                                f"unknown fortification {link!r} (known: {', '.join(sorted(cat.fortifications))})")
                )
    for mid, m in cat.markers.items():
        if m.min_hindrance > m.max_hindrance:
            problems.append(doc.problem(("markers", mid), "min_hindrance is above max_hindrance"))
    return problems


def catalogue_documents(
    extra: Iterable[str | Path] = (), shipped_first: bool = True
) -> list[tuple[TerrainCatalogue, Document]]:
    """The shipped chart (optionally) followed by the user's files, all validated."""
    found: list[tuple[TerrainCatalogue, Document]] = []
    problems: list[Problem] = []
    if shipped_first:
        doc = shipped_catalogue_document()
        found.append((validate(doc, TerrainCatalogue), doc))
    for path in extra:
        try:
            found.append(load_catalogue_file(path))
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
    if problems:
        raise DataError(problems)
    return found
