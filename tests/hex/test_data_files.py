"""The shipped terrain chart, user catalogues, and map files with located problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.data import parse_document, validate
from core.errors import DataError
from core.grid.hexboard import load_board, load_catalogue, parse_board_text
from core.grid.hexmap import (
    HexMapFile,
    TerrainCatalogue,
    check_document,
    column_letters,
    parse_label,
)
from core.resources import shipped, shipped_names

CHART = load_catalogue()


@pytest.mark.parametrize(("tid", "rule", "cost", "cover", "los", "hindrance"), [
    ("open", "HTC-T90", 1, 0, "clear", 0),
    ("orchard", "HTC-T91", 1, 1, "hindrance", 2),
    ("stream", "HTC-T95", 3, -1, "clear", 0),
    ("water_barrier", "HTC-T98", "impassable", None, "clear", 0),
    ("woods", "HTC-T99", 2, 2, "obstacle", 0),
])
def test_shipped_terrain_values(tid: str, rule: str, cost: object, cover: object, los: str,
                                hindrance: int) -> None:
    t = CHART.terrain[tid]
    assert (t.rule, t.cost, t.cover, t.los, t.hindrance) == (rule, cost, cover, los, hindrance)


def test_shipped_features_markers_and_fortifications() -> None:
    """HTC-T92 railway, T93 road, T96 trail, T97 wall, T94 smoke, F101-F105."""
    road, rail, trail = CHART.paths["road"], CHART.paths["railway"], CHART.paths["trail"]
    assert (road.rule, road.along_cost, road.cover_modifier, road.los_along, road.movement_bonus) == (
        "HTC-T93", 1, -1, "clear", 1)
    assert (rail.rule, rail.los, rail.hindrance, rail.los_along) == ("HTC-T92", "hindrance", 1, "clear")
    assert (trail.rule, trail.los, trail.los_along) == ("HTC-T96", "clear", "other")
    wall = CHART.hexsides["wall"]
    assert (wall.rule, wall.cross_cost, wall.los, wall.cover, wall.cover_vs_indirect) == (
        "HTC-T97", 1, "obstacle", 2, False)
    smoke = CHART.markers["smoke"]
    assert (smoke.rule, smoke.min_hindrance, smoke.max_hindrance) == ("HTC-T94", 1, 10)
    forts = {k: (f.rule, f.cover, f.cover_indirect) for k, f in CHART.fortifications.items()}
    assert forts == {
        "bunker": ("HTC-F101", 6, 7), "foxholes": ("HTC-F102", 3, 4), "mines": ("HTC-F103", None, None),
        "pillbox": ("HTC-F104", 5, 6), "trench": ("HTC-F105", 4, 5),
    }
    assert CHART.fortifications["mines"].firepower == 6
    assert CHART.terrain["woods"].blind_hexes == 1 and CHART.terrain["woods"].air_burst == 2
    # HTC-T95.1 / T98.1: water takes no smoke or fortification; no weapon fires from a stream
    assert CHART.terrain["stream"].water and not CHART.terrain["stream"].weapons_may_fire
    assert CHART.terrain["water_barrier"].water and CHART.terrain["woods"].weapons_may_fire


def test_user_catalogue_adds_and_overrides(tmp_path: Path) -> None:
    f = tmp_path / "mine.yaml"
    f.write_text(
        "ruleset: hex\nkind: terrain\nrules:\n  edge_rule: either\n"
        "terrain:\n  marsh:\n    name: Marsh\n    symbol: m\n    cost: 3\n    cover: 0\n    water: true\n"
        "  woods:\n    based_on: woods\n    cost: 3\n", encoding="utf-8")
    cat = load_catalogue([f])
    assert cat.terrain["marsh"].water and cat.edge_rule == "either"
    assert cat.terrain["woods"].cost == 3 and cat.terrain["woods"].cover == 2
    assert cat.uphill_cost == 1  # settings not named keep the shipped value


def problems_of(text: str, kind: str = "map") -> list[str]:
    doc = parse_document(text, "m.yaml")
    model = validate(doc, HexMapFile if kind == "map" else TerrainCatalogue)
    return [str(p) for p in check_document(kind, model, doc)]


def test_catalogue_problems_have_lines() -> None:
    text = ("ruleset: hex\nkind: terrain\nterrain:\n  a:\n    name: A\n    symbol: x\n    cost: 1\n"
            "    cover: 0\n  b:\n    name: B\n    symbol: x\n    cost: 1\n    cover: 0\n"
            "fortifications:\n  ditch:\n    name: Ditch\n    links: [moat]\n")
    assert problems_of(text, "terrain") == [
        "m.yaml:11:13: symbol 'x' is already used by 'a'",
        "m.yaml:17:13: unknown fortification 'moat' (known: ditch)",
    ]


def test_unknown_base_is_reported_on_its_line() -> None:
    text = "ruleset: hex\nkind: terrain\nterrain:\n  swamp:\n    based_on: wods\n    symbol: w\n"
    with pytest.raises(DataError) as info:
        validate(parse_document(text, "t.yaml"), TerrainCatalogue)
    assert any(str(p).startswith("t.yaml:5:15:") and "did you mean 'woods'" in str(p)
               for p in info.value.problems)


MAP = """\
ruleset: hex
kind: map
name: Bad
size: {columns: 3, rows: 2}
terrain: |
  . W q
   . ~ .
hexsides:
  - feature: wall
    sides: [A1/C1, A1/B1, A1-B1]
paths:
  - feature: road
    hexes: [A1, C2]
  - feature: canal
    hexes: [A1, B1]
markers:
  - {at: B2, kind: foxholes}
  - {at: B2, kind: smoke, hindrance: 2}
  - {at: C2, kind: foxholes}
  - {at: C2, kind: bunker}
  - {at: A1, kind: smoke, hindrance: 11}
  - {at: D9, kind: smoke, hindrance: 1}
"""


def test_every_map_problem_is_reported_with_its_line() -> None:
    assert problems_of(MAP) == [
        "m.yaml:6:7: unknown terrain letter 'q' at C1 (known: '.' open, 'W' woods, 'o' orchard, 's' stream, '~' water_barrier)",
        "m.yaml:10:13: A1/C1: A1 and C1 are not neighbours, so they share no hexside",
        "m.yaml:10:27: 'A1-B1': write a hexside as two neighbour hexes, e.g. C3/C4",
        "m.yaml:13:17: C2 is not a neighbour of A1: a road runs hex to adjacent hex",
        "m.yaml:14:14: unknown path feature 'canal' (known: railway, road, trail)",
        "m.yaml:17:5: no fortification in water: B2 is Water Barrier (HTC-F100.3)",
        "m.yaml:18:5: no smoke in water: B2 is Water Barrier (HTC-T95.1, HTC-T98.1)",
        "m.yaml:20:5: C2 already has foxholes: at most one fortification per hex, the first stays (HTC-F100.3)",
        "m.yaml:21:5: smoke at A1 needs hindrance: 1..10 (HTC-T94)",
        "m.yaml:22:10: D9 is off the map (A1..C2)",
    ]


def test_grid_shape_problems_point_at_the_row() -> None:
    text = "ruleset: hex\nkind: map\nname: x\nsize: {columns: 3, rows: 3}\nterrain: |\n  . . .\n  . .\n  . . .\n"
    assert problems_of(text) == ["m.yaml:7:3: terrain: row 2 has 2 hexes, the map has 3 columns (size.columns)"]
    text2 = "ruleset: hex\nkind: map\nname: x\nsize: {columns: 2, rows: 3}\nterrain: |\n  . .\n  . .\n"
    assert problems_of(text2) == ["m.yaml:5:10: terrain: 2 rows, the map has 3 (size.rows)"]


def test_elevation_must_be_digits() -> None:
    text = ("ruleset: hex\nkind: map\nname: x\nsize: {columns: 2, rows: 1}\nterrain: |\n  . .\n"
            "elevation: |\n  0 x\n")
    assert problems_of(text) == ["m.yaml:8:5: elevation 'x' at B1 is not a digit 0-9"]


def test_load_board_raises_all_problems(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(MAP, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_board(f)
    assert len(info.value.problems) == 10
    assert str(info.value.problems[0]).startswith(f"{f}:6:7:")


def test_schema_problems_come_first_with_lines() -> None:
    with pytest.raises(DataError) as info:
        parse_board_text("ruleset: hex\nkind: map\nname: x\nsize: {columns: 0, rows: 2}\n"
                         "orientation: square\nterrain: ''\n", "s.yaml")
    got = [str(p) for p in info.value.problems]
    assert any(p.startswith("s.yaml:4:17: columns") for p in got)
    assert any(p.startswith("s.yaml:5:14: orientation") for p in got)


def test_shipped_maps_are_valid() -> None:
    names = shipped_names("hex_maps")
    assert len(names) >= 2
    for name in names:
        doc = parse_document(shipped("hex_maps", f"{name}.yaml").read_text(encoding="utf-8"), name)
        assert check_document("map", validate(doc, HexMapFile), doc) == [], name


def test_labels() -> None:
    assert [column_letters(i) for i in (0, 25, 26, 27, 51, 52)] == ["A", "Z", "AA", "AB", "AZ", "BA"]
    assert parse_label("C4") == (2, 3) and parse_label("aa10") == (26, 9)
    for bad in ("4C", "C0", "", "C-1"):
        with pytest.raises(ValueError):
            parse_label(bad)


def test_flat_top_maps_shift_columns() -> None:
    b = parse_board_text("ruleset: hex\nkind: map\nname: f\norientation: flat\n"
                         "size: {columns: 3, rows: 2}\nterrain: |\n  . . .\n  . . .\n")
    a1, b1, b2, a2 = (b.parse(x) for x in ("A1", "B1", "B2", "A2"))
    assert b.direction(a1, b1) is not None and b.direction(a1, a2) is not None
    assert b.direction(a1, b2) is None  # column B sits half a hex lower
