"""A hex map ready for play: terrain per hex, hexside and path features, markers.

:class:`HexBoard` is what line of sight, movement and cover work on. It is
built once from a map file (or from Python, by a ruleset) and then holds
flat tables indexed by integer cell ids -- terrain per cell, neighbour per
``cell * 6 + direction``, features per hexside -- so the hot loops (LOS, A*)
do list indexing instead of hashing hex objects.

Cell ids run row by row: ``id = row * columns + col`` (0-based offset
coordinates); :attr:`HexBoard.hexes` gives the axial :class:`Hex` of each.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from core.data import Document, Problem, load_document, validate
from core.errors import DataError, TanktableError, did_you_mean
from core.grid.hex import AXIAL_DIRECTIONS, Hex, Shift, axial_to_offset, offset_to_axial
from core.grid.hexmap import (
    CatalogueRules,
    Fortification,
    HexMapFile,
    HexsideFeature,
    MarkerType,
    PathFeature,
    TerrainCatalogue,
    TerrainType,
    catalogue_documents,
    column_letters,
    parse_label,
)
from core.references import BadReference, Source, resolve
from core.schema import shipped_reference

__all__ = [
    "Catalogue",
    "HexBoard",
    "build_board",
    "catalogue_from_text",
    "load_board",
    "load_catalogue",
    "parse_board_text",
]

_PAD = 2
"""Empty axial margin around the board, so a line grazing the edge still indexes safely."""


@dataclass(frozen=True)
class Catalogue:
    """Merged terrain catalogue with every setting resolved to a value."""

    terrain: Mapping[str, TerrainType]
    hexsides: Mapping[str, HexsideFeature]
    paths: Mapping[str, PathFeature]
    markers: Mapping[str, MarkerType]
    fortifications: Mapping[str, Fortification]
    edge_rule: str = "both"
    uphill_cost: int = 0
    indirect_attacks: tuple[str, ...] = ("mortar", "artillery")
    road_bonus_pays_entry: bool = False
    name: str = ""

    def extended(self, models: Sequence[TerrainCatalogue]) -> Catalogue:
        """This catalogue with more files on top (a map's own ``terrain_files``)."""
        if not models:
            return self
        more = Catalogue.from_models(models)
        rules: dict[str, Any] = {}
        for m in models:
            rules.update(m.rules.model_dump(exclude_none=True))
        return Catalogue(
            terrain={**self.terrain, **more.terrain}, hexsides={**self.hexsides, **more.hexsides},
            paths={**self.paths, **more.paths}, markers={**self.markers, **more.markers},
            fortifications={**self.fortifications, **more.fortifications},
            edge_rule=rules.get("edge_rule", self.edge_rule),
            uphill_cost=rules.get("uphill_cost", self.uphill_cost),
            indirect_attacks=tuple(rules.get("indirect_attacks", self.indirect_attacks)),
            road_bonus_pays_entry=rules.get("road_bonus_pays_entry", self.road_bonus_pays_entry),
            name=" + ".join(x for x in (self.name, more.name) if x),
        )

    @classmethod
    def from_models(cls, models: Sequence[TerrainCatalogue]) -> Catalogue:
        """Merge catalogues: later ones add entries, override same-named ones and the
        settings they name."""
        terrain: dict[str, TerrainType] = {}
        hexsides: dict[str, HexsideFeature] = {}
        paths: dict[str, PathFeature] = {}
        markers: dict[str, MarkerType] = {}
        forts: dict[str, Fortification] = {}
        rules = CatalogueRules()
        for m in models:
            terrain.update(m.terrain)
            hexsides.update(m.hexsides)
            paths.update(m.paths)
            markers.update(m.markers)
            forts.update(m.fortifications)
            rules = rules.model_copy(update=m.rules.model_dump(exclude_none=True))
        return cls(
            terrain=terrain, hexsides=hexsides, paths=paths, markers=markers,
            fortifications=forts,
            edge_rule=rules.edge_rule or "both",
            uphill_cost=rules.uphill_cost if rules.uphill_cost is not None else 0,
            indirect_attacks=tuple(rules.indirect_attacks if rules.indirect_attacks is not None
                                   else ("mortar", "artillery")),
            road_bonus_pays_entry=bool(rules.road_bonus_pays_entry),
            name=" + ".join(m.name for m in models if m.name),
        )

    def symbols(self) -> dict[str, str]:
        """Grid letter -> terrain id."""
        return {t.symbol: tid for tid, t in self.terrain.items()}


def load_catalogue(extra: Iterable[str | Path] = (), shipped: bool = True) -> Catalogue:
    """The shipped HTC chart plus the user's terrain files (later files override)."""
    return Catalogue.from_models([m for m, _ in catalogue_documents(extra, shipped)])


def catalogue_from_text(text: str, path: str = "<terrain>") -> TerrainCatalogue:
    """A validated terrain catalogue from YAML text (a ruleset's shipped resource);
    raises DataError with every located problem."""
    from core.data import parse_document
    from core.grid.hexmap import check_document

    doc = parse_document(text, path)
    model = validate(doc, TerrainCatalogue)
    problems = check_document("terrain", model, doc)
    if problems:
        raise DataError(problems)
    return model


class HexBoard:
    """A rectangular hex board in offset layout, with terrain and features."""

    def __init__(
        self,
        *,
        catalogue: Catalogue,
        columns: int,
        rows: int,
        terrain: Sequence[str],
        pointy: bool = True,
        shifted: Shift = "even",
        elevation: Sequence[int] | None = None,
        hexsides: Iterable[tuple[int, int, str]] = (),
        paths: Iterable[tuple[str, Sequence[int]]] = (),
        smoke: Mapping[int, int] | None = None,
        fortifications: Mapping[int, str] | None = None,
        name: str = "",
    ):
        """``terrain`` is a terrain id per cell; ``hexsides`` (cell, direction, feature);
        ``paths`` (feature, chain of adjacent cells); markers by cell. ``shifted``
        is the map files' key: the rows (pointy) or columns (flat), counted from
        1, that sit half a hex over (:data:`core.grid.hex.Shift`)."""
        n = columns * rows
        if len(terrain) != n:
            raise ValueError(f"{len(terrain)} terrain entries for {n} hexes")
        self.name = name
        self.catalogue = catalogue
        self.columns = columns
        self.rows = rows
        self.pointy = pointy
        self.shifted: Shift = shifted
        self.size = n
        self.hexes: list[Hex] = [
            offset_to_axial(i % columns, i // columns, pointy, shifted) for i in range(n)
        ]
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.axial_q: list[int] = [h.q for h in self.hexes]
        self.axial_r: list[int] = [h.r for h in self.hexes]
        self.terrain_ids: list[str] = list(terrain)
        self.terrain: list[TerrainType] = [catalogue.terrain[t] for t in terrain]
        self.elevation: list[int] = list(elevation) if elevation is not None else [0] * n
        self.flat = len(set(self.elevation)) <= 1
        # Dense axial slots: key = (q - qmin + PAD) * stride + (r - rmin + PAD).
        qs = [h.q for h in self.hexes]
        rs = [h.r for h in self.hexes]
        self.qmin, self.rmin = min(qs) - _PAD, min(rs) - _PAD
        self.stride = max(rs) - self.rmin + 1 + _PAD
        span_q = max(qs) - self.qmin + 1 + _PAD
        self.slot: list[int] = [-1] * (span_q * self.stride)
        self.keys: list[int] = []
        for i, h in enumerate(self.hexes):
            k = (h.q - self.qmin) * self.stride + (h.r - self.rmin)
            self.slot[k] = i
            self.keys.append(k)
        self.dir_delta: tuple[int, ...] = tuple(dq * self.stride + dr for dq, dr in AXIAL_DIRECTIONS)
        self.delta_dir: dict[int, int] = {d: i for i, d in enumerate(self.dir_delta)}
        nb = [-1] * (6 * n)
        for i, k in enumerate(self.keys):
            for d, delta in enumerate(self.dir_delta):
                nb[i * 6 + d] = self.slot[k + delta]
        self.nb = nb
        # Hexside features, stored on both sides.
        self.sides: list[tuple[HexsideFeature, ...]] = [()] * (6 * n)
        self.side_ids: dict[int, tuple[str, ...]] = {}
        for cell, d, fid in hexsides:
            other = nb[cell * 6 + d]
            feat = catalogue.hexsides[fid]
            for c, dd in ((cell, d), (other, (d + 3) % 6)):
                if c >= 0 and feat not in self.sides[c * 6 + dd]:
                    self.sides[c * 6 + dd] = (*self.sides[c * 6 + dd], feat)
                    self.side_ids[c * 6 + dd] = (*self.side_ids.get(c * 6 + dd, ()), fid)
        # Path features: crossing per hexside, presence per cell.
        self.crossing: list[tuple[PathFeature, ...]] = [()] * (6 * n)
        self.cell_paths: list[tuple[PathFeature, ...]] = [()] * n
        self.path_chains: list[tuple[str, tuple[int, ...]]] = []
        for pid, chain in paths:
            pfeat = catalogue.paths[pid]
            self.path_chains.append((pid, tuple(chain)))
            for c in chain:
                if pfeat not in self.cell_paths[c]:
                    self.cell_paths[c] = (*self.cell_paths[c], pfeat)
            for a, b in pairwise(chain):
                pd = self.direction(a, b)
                if pd is None:
                    raise ValueError(f"path {pid}: cells {a} and {b} are not adjacent")
                for c, dd in ((a, pd), (b, (pd + 3) % 6)):
                    if pfeat not in self.crossing[c * 6 + dd]:
                        self.crossing[c * 6 + dd] = (*self.crossing[c * 6 + dd], pfeat)
        self.smoke: list[int] = [0] * n
        for c, v in (smoke or {}).items():
            self.smoke[c] = v
        self.any_smoke = any(self.smoke)
        self.plan_mod = 2 * self.stride + 1
        self.plan_cache: dict[int, Any] = {}
        self.line_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}
        """Line plans by key displacement (filled by core.grid.los)."""
        self.fort_ids: list[str | None] = [None] * n
        self.fort: list[Fortification | None] = [None] * n
        for c, fid in (fortifications or {}).items():
            self.fort_ids[c] = fid
            self.fort[c] = catalogue.fortifications[fid]
        self._compile_sight()
        self._compile_moves()

    # --- precomputed tables ---------------------------------------------------------

    def _compile_sight(self) -> None:
        """Per cell: does it block, its hindrance, its blind hexes (terrain + paths in it)."""
        n = self.size
        self.obstacle: list[bool] = [False] * n
        self.hind: list[int] = [0] * n
        self.blind: list[int] = [0] * n
        self.plain_hind: list[int] = [0] * n
        """Hindrance of the cell when LOS runs along a clear-along path in it: other paths only."""
        for c in range(n):
            t = self.terrain[c]
            obst = t.los == "obstacle"
            hind = t.hindrance
            blind = t.blind_hexes
            for p in self.cell_paths[c]:
                if p.los == "obstacle":
                    obst = True
                    blind = max(blind, p.blind_hexes)
                hind = max(hind, p.hindrance)
            self.obstacle[c], self.hind[c], self.blind[c] = obst, hind, blind
        self.side_obstacle: list[bool] = [
            any(f.los == "obstacle" for f in fs) for fs in self.sides
        ]
        self.side_hind: list[int] = [max((f.hindrance for f in fs), default=0) for fs in self.sides]
        self.any_side_effect = any(self.side_obstacle) or any(self.side_hind)
        self.los_flag: list[bool] = [
            self.obstacle[c] or bool(self.hind[c]) or bool(self.smoke[c])
            or any(self.side_obstacle[c * 6 + d] or self.side_hind[c * 6 + d] for d in range(6))
            for c in range(n)
        ] + [False]
        """Per cell (plus a last False for off-board -1): anything that can matter to a line
        entering it (terrain, path or hexside features)."""
        self.has_paths_along = any(p.los_along == "clear" for cp in self.cell_paths for p in cp)

    def _compile_moves(self) -> None:
        """Per ``cell*6+d``: MP to enter the neighbour across side d (-1 = impossible)."""
        n = self.size
        cat = self.catalogue
        cost = [-1] * (6 * n)
        for c in range(n):
            for d in range(6):
                o = self.nb[c * 6 + d]
                if o < 0:
                    continue
                cost[c * 6 + d] = self._enter_cost(c, d, o, cat)
        self.enter_cost = cost
        self.road_cell: list[bool] = [any(p.movement_bonus for p in ps) for ps in self.cell_paths]
        self.road_bonus: list[int] = [max((p.movement_bonus for p in ps), default=0)
                                      for ps in self.cell_paths]
        positive = [x for x in cost if x > 0]
        self.min_step = min(positive) if positive else 1
        if any(x == 0 for x in cost):
            self.min_step = 0

    def _enter_cost(self, c: int, d: int, o: int, cat: Catalogue) -> int:
        t = self.terrain[o]
        if t.cost == "impassable":
            return -1
        sides = self.sides[c * 6 + d]
        if any(f.impassable for f in sides):
            return -1
        ends = ((self.fort[c], self.fort_ids[o]), (self.fort[o], self.fort_ids[c]))
        for x, other in ends:
            if x is not None and other is not None and x.link_cost is not None and other in x.links:
                return x.link_cost  # HTC-F105.2: whatever the terrain, hexside or slope
        along = [p.along_cost for p in self.crossing[c * 6 + d]]
        base = min([t.cost, *along])
        extra = sum(f.cross_cost for f in sides)
        climb = max(0, self.elevation[o] - self.elevation[c]) * cat.uphill_cost
        return base + extra + climb

    # --- coordinates ------------------------------------------------------------------

    def direction(self, a: int, b: int) -> int | None:
        """Hexside of cell ``a`` facing cell ``b``, or None if not adjacent."""
        d = self.delta_dir.get(self.keys[b] - self.keys[a])
        return d if d is not None and self.nb[a * 6 + d] == b else None

    def cell(self, h: Hex) -> int:
        """Cell id of an on-board hex; KeyError otherwise."""
        return self.index[h]

    def offset(self, c: int) -> tuple[int, int]:
        return axial_to_offset(self.hexes[c], self.pointy, self.shifted)

    def label(self, c: int | Hex) -> str:
        """``C4``-style label (column letters, 1-based row)."""
        cell = c if isinstance(c, int) else self.index.get(c)
        if cell is None:
            assert isinstance(c, Hex)
            col, row = axial_to_offset(c, self.pointy, self.shifted)
        else:
            col, row = cell % self.columns, cell // self.columns
        if col < 0 or row < 0:
            return f"({col},{row})"
        return f"{column_letters(col)}{row + 1}"

    def parse(self, label: str) -> int:
        """Cell id of a ``C4`` label; ValueError with a sentence if it is not on the board."""
        col, row = parse_label(label)
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            raise ValueError(
                f"{label} is off the map ({column_letters(0)}1..{column_letters(self.columns - 1)}{self.rows})"
            )
        return row * self.columns + col

    def neighbours(self, c: int) -> list[int]:
        return [o for o in self.nb[c * 6 : c * 6 + 6] if o >= 0]

    def terrain_at(self, c: int) -> str:
        return self.terrain_ids[c]


# --- building a board from a map file ---------------------------------------------------


def load_board(
    path: str | Path, extra_terrain: Iterable[str | Path] = (), catalogue: Catalogue | None = None
) -> HexBoard:
    """Read, validate and build a map; every problem (with its line) raised at once.

    ``catalogue`` (a ruleset's own terrain) replaces the shipped chart; the map's
    ``terrain_files`` and ``extra_terrain`` still go on top."""
    doc = load_document(path)
    model = validate(doc, HexMapFile)
    board, problems = build_board(model, doc, extra_terrain, catalogue)
    if problems or board is None:
        raise DataError(problems)
    return board


def build_board(
    model: HexMapFile, doc: Document, extra_terrain: Iterable[str | Path] = (),
    catalogue: Catalogue | None = None, source: Source | None = None,
) -> tuple[HexBoard | None, list[Problem]]:
    """The board and the problems of a validated map file (board None if any problem).

    The map's ``terrain_files`` are named relative to the map: for a map shipped in
    a package (``source``, see :mod:`core.package_data`) inside that package, so a
    plugin's map finds its terrain wherever it is installed and run from; for a
    file on disk beside it. ``RULESET:PATH`` (``duel-of-the-giants:hex_terrain``)
    names a ruleset's shipped chart from any file, so a map that uses it can be
    shared (:func:`core.schema.shipped_reference`)."""
    problems: list[Problem] = []
    base = Path(doc.path).parent
    files: list[Path] = []
    packaged: list[TerrainCatalogue] = []
    for i, name in enumerate(model.terrain_files):
        try:
            named = shipped_reference(name)
        except TanktableError as exc:
            problems.append(doc.problem(("terrain_files", i), f"terrain_files: {exc}"))
            continue
        # duel-of-the-giants:hex_terrain, the same from any file; else, in a package, beside the map
        if named is None and source is not None and source.is_shipped:
            named = source.shipped_beside(name)
            if named is None or not named[0].is_file():
                problems.append(doc.problem(("terrain_files", i), f"terrain_files: no terrain file {name!r} "
                                            "beside this map in its package"))
                continue
        if named is not None:
            try:
                packaged.append(catalogue_from_text(named[0].read_text(encoding="utf-8"), named[1]))
            except DataError as exc:
                problems.append(doc.problem(("terrain_files", i), f"terrain_files: {name} has problems:"))
                problems.extend(p for p in exc.problems if isinstance(p, Problem))
            continue
        try:
            terrain_file = resolve(name, "terrain file", beside=base)
        except BadReference as exc:
            problems.append(doc.problem(("terrain_files", i), f"terrain_files: {exc}{_chart_hint(name)}"))
            continue
        assert terrain_file.path is not None
        files.append(terrain_file.path)
    if problems:
        return None, problems
    files += [Path(p) for p in extra_terrain]
    try:
        on_top = [*packaged, *(m for m, _ in catalogue_documents(files, False))]
        if catalogue is not None:
            cat = catalogue.extended(on_top)
        else:
            cat = Catalogue.from_models(
                [*(m for m, _ in catalogue_documents((), model.shipped_terrain)), *on_top])
    except DataError as exc:
        where = doc.where(("terrain_files",))
        problems.append(Problem(doc.path, where[0], where[1], "a terrain file has problems:"))
        problems.extend(p for p in exc.problems if isinstance(p, Problem))
        return None, problems
    if not cat.terrain:
        return None, [doc.problem((), "no terrain types: set shipped_terrain or terrain_files")]
    cols, rows = model.size.columns, model.size.rows
    symbols = cat.symbols()
    for letter, tid in model.legend.items():
        if len(letter) != 1:
            problems.append(doc.problem(("legend", letter), f"legend key {letter!r} must be one letter", key=True))
        if tid not in cat.terrain:
            problems.append(doc.problem(("legend", letter), _unknown("terrain", tid, cat.terrain)))
        else:
            symbols[letter] = tid
    if model.default_terrain is not None:
        if model.default_terrain not in cat.terrain:
            problems.append(doc.problem(("default_terrain",), _unknown("terrain", model.default_terrain, cat.terrain)))
        else:
            symbols["."] = model.default_terrain
    grid, shape_ok = _grid(doc, "terrain", model.terrain, cols, rows, problems)
    terrain: list[str] = []
    for row, col, ch, pos in grid:
        found = symbols.get(ch)
        if found is None:
            problems.append(Problem(doc.path, pos[0], pos[1],
                                    f"unknown terrain letter {ch!r} at {column_letters(col)}{row + 1} "
                                    f"(known: {_letters(symbols)})"))
            found = next(iter(cat.terrain))
        terrain.append(found)
    elevation: list[int] | None = None
    if model.elevation is not None:
        elevation = []
        egrid, eshape_ok = _grid(doc, "elevation", model.elevation, cols, rows, problems)
        shape_ok = shape_ok and eshape_ok
        for row, col, ch, pos in egrid:
            if not ch.isdigit():
                problems.append(Problem(doc.path, pos[0], pos[1],
                                        f"elevation {ch!r} at {column_letters(col)}{row + 1} is not a digit 0-9"))
                ch = "0"
            elevation.append(int(ch))
    if not shape_ok:
        return None, sorted(set(problems))
    probe = HexBoard(catalogue=cat, columns=cols, rows=rows, terrain=terrain,
                     pointy=model.orientation == "pointy", shifted=model.shifted)

    def cell_of(label: str, loc: tuple[Any, ...]) -> int | None:
        try:
            return probe.parse(label)
        except ValueError as exc:
            problems.append(doc.problem(loc, str(exc)))
            return None

    sides: list[tuple[int, int, str]] = []
    for i, entry in enumerate(model.hexsides):
        if entry.feature not in cat.hexsides:
            problems.append(doc.problem(("hexsides", i, "feature"), _unknown("hexside feature", entry.feature, cat.hexsides)))
            continue
        for j, text in enumerate(entry.sides):
            loc: tuple[Any, ...] = ("hexsides", i, "sides", j)
            parts = text.split("/")
            if len(parts) != 2:
                problems.append(doc.problem(loc, f"{text!r}: write a hexside as two neighbour hexes, e.g. C3/C4"))
                continue
            a, b = cell_of(parts[0], loc), cell_of(parts[1], loc)
            if a is None or b is None:
                continue
            d = probe.direction(a, b)
            if d is None:
                problems.append(doc.problem(loc, f"{text}: {parts[0].strip()} and {parts[1].strip()} are not neighbours, so they share no hexside"))
                continue
            sides.append((a, d, entry.feature))
    paths: list[tuple[str, list[int]]] = []
    for i, pentry in enumerate(model.paths):
        if pentry.feature not in cat.paths:
            problems.append(doc.problem(("paths", i, "feature"), _unknown("path feature", pentry.feature, cat.paths)))
            continue
        chain: list[int] = []
        ok = True
        for j, text in enumerate(pentry.hexes):
            c = cell_of(text, ("paths", i, "hexes", j))
            if c is None:
                ok = False
                continue
            if chain and ok and probe.direction(chain[-1], c) is None:
                problems.append(doc.problem(("paths", i, "hexes", j),
                                            f"{text} is not a neighbour of {pentry.hexes[j - 1]}: a {pentry.feature} runs hex to adjacent hex"))
                ok = False
            chain.append(c)
        if ok:
            paths.append((pentry.feature, chain))
    smoke: dict[int, int] = {}
    forts: dict[int, str] = {}
    for i, mentry in enumerate(model.markers):
        mloc: tuple[Any, ...] = ("markers", i)
        at = cell_of(mentry.at, (*mloc, "at"))
        if at is None:
            continue
        c = at
        t = cat.terrain[terrain[c]]
        if mentry.kind in cat.markers:
            mt = cat.markers[mentry.kind]
            if mentry.hindrance is None or not mt.min_hindrance <= mentry.hindrance <= mt.max_hindrance:
                problems.append(doc.problem(mloc, f"{mentry.kind} at {mentry.at} needs hindrance: "
                                                 f"{mt.min_hindrance}..{mt.max_hindrance} ({mt.rule or mentry.kind})"))
                continue
            if t.water and not mt.water_allowed:
                problems.append(doc.problem(mloc, f"no {mentry.kind} in water: {mentry.at} is {t.name} (HTC-T95.1, HTC-T98.1)"))
                continue
            smoke[c] = smoke.get(c, 0) + mentry.hindrance
        elif mentry.kind in cat.fortifications:
            if mentry.hindrance is not None:
                problems.append(doc.problem((*mloc, "hindrance"), f"a {mentry.kind} has no hindrance"))
            if t.water or t.cost == "impassable":
                problems.append(doc.problem(mloc, f"no fortification in water: {mentry.at} is {t.name} (HTC-F100.3)"))
                continue
            if c in forts:
                problems.append(doc.problem(mloc, f"{mentry.at} already has {forts[c]}: at most one fortification per hex, the first stays (HTC-F100.3)"))
                continue
            forts[c] = mentry.kind
        else:
            known = sorted([*cat.markers, *cat.fortifications])
            problems.append(doc.problem((*mloc, "kind"), _unknown("marker or fortification", mentry.kind, known)))
    if problems:
        return None, sorted(set(problems))
    board = HexBoard(
        catalogue=cat, columns=cols, rows=rows, terrain=terrain, elevation=elevation,
        pointy=model.orientation == "pointy", shifted=model.shifted,
        hexsides=sides, paths=paths, smoke=smoke, fortifications=forts, name=model.name,
    )
    return board, []


def _chart_hint(name: str) -> str:
    """For a missing terrain file named like a chart tanktable ships (a shipped map's
    ``../hex_terrain.yaml`` copied out of its folder): how to name that chart from anywhere."""
    from core.schema import shipped_files

    stem = Path(name).stem
    charts = [n for n in shipped_files("hex", "terrain") if n.rsplit("/", 1)[-1] == stem]
    if not charts:
        return ""
    return (f" (a chart tanktable ships is named from any folder as RULESET:NAME: "
            f"{' or '.join(f'hex:{n}' for n in charts)})")


def _letters(symbols: dict[str, str]) -> str:
    """``'.' clear, ',' rough, 'F' forest``: each letter quoted with its terrain, so that a
    letter such as ``,`` does not read as an empty item of the list (hidden authoring tester)."""
    return ", ".join(f"{letter!r} {tid}" for letter, tid in sorted(symbols.items()))


def _unknown(what: str, name: str, known: Iterable[str]) -> str:

    names = sorted(known)
    hint = did_you_mean(name, names, otherwise=f" (known: {', '.join(names)})")
    return f"unknown {what} {name!r}{hint}"


def _grid(
    doc: Document, field: str, text: str, cols: int, rows: int, problems: list[Problem]
) -> tuple[list[tuple[int, int, str, tuple[int, int]]], bool]:
    """(row, col, letter, (line, col in file)) for an ASCII grid, and whether its shape
    matches the map's size (shape problems are appended)."""
    line0, col0 = doc.where((field,))
    raw_lines = doc.text.splitlines()
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    block = 0 < line0 <= len(raw_lines) and raw_lines[line0 - 1][col0 - 1 : col0] in ("|", ">")
    indent = 0
    if block and lines:
        first_raw = raw_lines[line0] if line0 < len(raw_lines) else ""
        indent = len(first_raw) - len(lines[0]) if first_raw.endswith(lines[0]) else 0
    out: list[tuple[int, int, str, tuple[int, int]]] = []
    ok = len(lines) == rows
    if len(lines) != rows:
        problems.append(Problem(doc.path, line0, col0,
                                f"{field}: {len(lines)} rows, the map has {rows} (size.rows)"))
    for r, content in enumerate(lines):
        where_line = line0 + 1 + r if block else line0
        cells = [(j, ch) for j, ch in enumerate(content) if not ch.isspace()]
        if len(cells) != cols:
            ok = False
        if len(cells) != cols and r < rows:
            pos_col = indent + 1 if block else col0
            problems.append(Problem(doc.path, where_line, pos_col,
                                    f"{field}: row {r + 1} has {len(cells)} hexes, the map has {cols} columns (size.columns)"))
        for c, (j, ch) in enumerate(cells):
            pos = (where_line, indent + j + 1) if block else (line0, col0)
            out.append((r, c, ch, pos))
    return out, ok


def parse_board_text(
    text: str, path: str = "<map>", extra_terrain: Iterable[str | Path] = (),
    catalogue: Catalogue | None = None,
) -> HexBoard:
    """Build a board from map YAML text (tests, rulesets with shipped or embedded maps)."""
    from core.data import parse_document

    doc = parse_document(text, path)
    model = validate(doc, HexMapFile)
    board, problems = build_board(model, doc, extra_terrain, catalogue)
    if problems or board is None:
        raise DataError(problems)
    return board
