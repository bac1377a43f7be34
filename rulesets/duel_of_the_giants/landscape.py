"""The Duel of the Giants landscape as a core hex board (DG-3, DG-4, DG-23).

The board and its landscape are written in the shared hex map format
(``ruleset: hex``, ``kind: map``, an ASCII grid) and built by the core's
:func:`core.grid.hexboard.build_board` with DG's own terrain catalogue
(``data/duel_of_the_giants/hex_terrain.yaml``), so ``tanktable validate`` and
``tanktable hex los/path/reach`` work on a DG board and DG's line of sight runs
on the core's lines. A scenario either names a map (``setup.map``: a shipped
map such as ``summer``, or a file relative to the scenario) or embeds the grid
(``setup.landscape``, which keeps a game record self-contained); both are read
by the same builder with the season's letters (terrain.yaml ``letter``) as the
map's legend.

DG positions ``(c, r)`` (1-based, even rows shifted east) and core cells
(``(r - 1) * columns + (c - 1)``, ``shifted: even``) name the same hexes.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from core.data import Document, Problem, validate
from core.errors import DataError
from core.grid.hexboard import Catalogue, HexBoard, build_board, catalogue_from_text
from core.grid.hexmap import HexMapFile, MapSize
from core.references import BadReference, resolve, resolve_at
from core.resources import shipped, shipped_names
from rulesets.duel_of_the_giants.settings import ScenarioFile, Season, TerrainType

Pos = tuple[int, int]

CATALOGUE_FILE = "hex_terrain.yaml"


@cache
def catalogue() -> Catalogue:
    """DG's terrain types in the core catalogue format (ruleset-supplied, no HTC chart)."""
    node = shipped("duel_of_the_giants", CATALOGUE_FILE)
    model = catalogue_from_text(node.read_text(encoding="utf-8"), f"data/duel_of_the_giants/{CATALOGUE_FILE}")
    return Catalogue.from_models([model])


def map_names() -> list[str]:
    return shipped_names("duel_of_the_giants", "maps")


def season_legend(terrain: Mapping[str, TerrainType], season: Season) -> dict[str, str]:
    """Grid letter -> terrain id for one season (summer and winter share ". F H")."""
    return {t.letter: name for name, t in terrain.items() if t.season == season}


def pos_of(cell: int, columns: int) -> Pos:
    return cell % columns + 1, cell // columns + 1


def board_terrain(board: HexBoard, terrain: Mapping[str, TerrainType]) -> dict[Pos, str]:
    """The game's terrain table: every hex that is not the printed base terrain."""
    out: dict[Pos, str] = {}
    for c, tid in enumerate(board.terrain_ids):
        if not terrain[tid].printed:
            out[pos_of(c, board.columns)] = tid
    return out


def map_document(name_or_path: str, at: tuple[Document, tuple[str, ...]] | None = None) -> Document:
    """A shipped DG map by name, or a map file by path (parsed, not yet validated).

    The name resolves by :func:`core.references.resolve`; a refused name is a
    :class:`DataError` at ``at`` (the scenario and its key) when given."""
    folder = ("duel_of_the_giants", "maps")
    if at is not None:
        return resolve_at(at[0], at[1], name_or_path, "map", shipped_folder=folder).document()
    try:
        return resolve(name_or_path, "map", shipped_folder=folder).document()
    except BadReference as exc:
        raise DataError([Problem(name_or_path[:200], 1, 1, str(exc))]) from None


def scenario_board(
    scenario: ScenarioFile, terrain: Mapping[str, TerrainType], columns: int, rows: int,
    doc: Document | None = None,
) -> tuple[HexBoard | None, list[Problem]]:
    """The scenario's landscape as a core board, or its problems (each located).

    ``doc`` is the scenario's document, so that problems in an embedded
    landscape point at their line and column in the scenario file."""
    setup = scenario.setup
    if setup.map is not None:
        try:
            mdoc = map_document(setup.map, (doc, ("setup", "map")) if doc is not None else None)
            model = validate(mdoc, HexMapFile)
        except DataError as exc:
            return None, [p for p in exc.problems if isinstance(p, Problem)]
        # the ruleset supplies the catalogue; the file's terrain_files (the same
        # catalogue, for `tanktable hex`) are not read again
        model = model.model_copy(update={"terrain_files": [], "shipped_terrain": False})
        board, problems = build_board(model, mdoc, catalogue=catalogue())
        if board is None:
            return None, problems
        if (board.columns, board.rows) != (columns, rows) or not board.pointy or board.shifted != "even":
            where = doc.problem(("setup", "map"), "") if doc is not None else Problem(mdoc.path, 1, 1, "")
            return None, [Problem(where.path, where.line, where.col,
                                  f"map {setup.map} is {board.columns} x {board.rows} "
                                  f"({'pointy' if board.pointy else 'flat'}, shifted "
                                  f"{board.shifted}); the {scenario.board} board "
                                  f"is {columns} x {rows}, pointy, shifted even (DG-3)")]
        wrong = sorted({tid for tid in board.terrain_ids if terrain[tid].season != scenario.season})
        if wrong:
            where = doc.problem(("setup", "map"), "") if doc is not None else Problem(mdoc.path, 1, 1, "")
            return None, [Problem(where.path, where.line, where.col,
                                  f"map {setup.map} uses {', '.join(wrong)}, not {scenario.season} terrain "
                                  f"(DG-2.4, DG-23)")]
        return board, []
    text = setup.landscape or ""
    model = HexMapFile(ruleset="hex", kind="map", name=scenario.name, orientation="pointy", shifted="even",
                       size=MapSize(columns=columns, rows=rows), shipped_terrain=False, terrain=text)
    if doc is None:
        doc = Document(path=f"<scenario {scenario.name}>", data=None)
    # the grid's problems land on the scenario's own landscape lines
    grid_doc = Document(path=doc.path, data=None, text=doc.text,
                        values={("terrain",): doc.where(("setup", "landscape")), (): doc.where(())})
    board, problems = build_board(model, grid_doc, catalogue=_season_catalogue(scenario.season, terrain))
    board_has = f"the {scenario.board} board has"
    return board, [Problem(p.path, p.line, p.col,
                           p.message.replace("terrain: ", "landscape: ", 1).replace("the map has", board_has)
                           .replace(" (size.rows)", "").replace(" (size.columns)", "")
                           .replace("terrain letter", f"{scenario.season} terrain letter"))
                   for p in problems]


@cache
def _season_catalogue_cached(season: Season, letters: tuple[tuple[str, str], ...]) -> Catalogue:
    """The season's types only, each with its DG letter as symbol (an embedded grid
    is written in the season's letters, so a summer grid cannot use winter terrain)."""
    full = catalogue()
    types = {tid: full.terrain[tid].model_copy(update={"symbol": letter}) for letter, tid in letters}
    return Catalogue(terrain=types, hexsides={}, paths={},
                     markers={}, fortifications={}, edge_rule=full.edge_rule, name=f"{full.name} ({season})")


def _season_catalogue(season: Season, terrain: Mapping[str, TerrainType]) -> Catalogue:
    return _season_catalogue_cached(season, tuple(sorted(season_legend(terrain, season).items())))


def load_scenario_board(
    scenario: ScenarioFile, terrain: Mapping[str, TerrainType], columns: int, rows: int
) -> HexBoard:
    """The scenario's board for a game; DataError with every located problem."""
    board, problems = scenario_board(scenario, terrain, columns, rows)
    if board is None:
        raise DataError(problems)
    return board


@cache
def sight_board(columns: int, rows: int) -> HexBoard:
    """A core board of the game's size whose lines DG's LOS policy judges.

    Terrain changes during a game (landscape tiles in set-up, snowdrifts that
    vanish, DG-23.6) and pieces block sight, so the policy reads the game's live
    terrain; this board supplies the cells, lines and their cached plans."""
    n = columns * rows
    return HexBoard(catalogue=catalogue(), columns=columns, rows=rows, terrain=["steppe"] * n,
                    pointy=True, shifted="even", name=f"Duel of the Giants {columns} x {rows}")
