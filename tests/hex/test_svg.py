"""SVG drawing of hex boards: one polygon per hex, features and overlays present."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from core.grid.hexsvg import board_svg, look
from tests.hex.helpers import board

NS = "{http://www.w3.org/2000/svg}"


def test_board_svg_draws_hexes_features_and_overlays() -> None:
    b = board(". W .\n. o .\n", walls=["A1/B1"], paths=[("road", ["A2", "B2", "C2"])],
              markers=[{"at": "C1", "kind": "smoke", "hindrance": 2}, {"at": "A2", "kind": "trench"}])
    root = ET.fromstring(board_svg(b, sight=[0, 1, 2], sight_status="blocked", path=[3, 4, 5],
                                   reach={0: 0, 1: 2}, marks={0: "S"}, title="t"))
    hexes = root.find(f"{NS}g[@id='hexes']")
    assert hexes is not None
    grounds = [p for p in hexes.findall(f"{NS}polygon") if p.find(f"{NS}title") is not None]
    assert len(grounds) == 6 and grounds[1].get("data-look") == "forest"
    feats = root.find(f"{NS}g[@id='features']")
    assert feats is not None
    assert len(feats.findall(f"{NS}line")) == 1  # the wall, drawn once
    assert len(feats.findall(f"{NS}polyline")) == 1  # the road
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "S2" in texts and "Trench" in texts and "A1" in texts
    overlay = root.find(f"{NS}g[@id='overlay']")
    assert overlay is not None
    line = overlay.find(f"{NS}line")
    assert line is not None and line.get("stroke") == "#c0262d"


def test_issue_58_5_hex_terrain_is_drawn_from_its_data() -> None:
    """Each terrain type takes the look its data gives (:func:`look`): woods (HTC-T99,
    blocks sight) as tree crowns, an orchard (HTC-T91, hinders) as fewer trees, a
    stream and a water barrier (HTC-T95, T98: water) as water, open ground as grass;
    textures come from <defs>, each id once, and the same board draws the same."""
    b = board(". W o\ns ~ .\n")
    svg = board_svg(b)
    root = ET.fromstring(svg)
    hexes = root.find(f"{NS}g[@id='hexes']")
    assert hexes is not None
    grounds = [p for p in hexes.findall(f"{NS}polygon") if p.find(f"{NS}title") is not None]
    assert [p.get("data-look") for p in grounds] == ["grass", "forest", "orchard", "water", "water", "grass"]
    crowns = [len(g) // 2 for g in hexes.findall(f"{NS}g") if g.get("class") == "tt-canopies"]
    assert crowns == [7, 5]
    defs = root.find(f"{NS}defs")
    assert defs is not None
    ids = [e.get("id") for e in defs]
    assert len(ids) == len(set(ids))
    water = b.catalogue.terrain["stream"].colour.lstrip("#")
    assert grounds[3].get("fill") == f"url(#tt-water-{water})" and f"tt-water-{water}" in ids
    assert svg == board_svg(b)


def test_issue_58_5_high_ground_by_its_name_is_shaded_with_contours() -> None:
    """A type named high ground (Duel of the Giants' catalogue, DG-16.2) blocks sight
    yet is drawn as a hill, not a wood: shaded by a gradient, with contour lines."""
    from core.grid.hexmap import TerrainType

    hill = TerrainType(name="high ground", symbol="H", cost=1, cover=0, los="obstacle")
    wood = TerrainType(name="forest", symbol="F", cost=1, cover=0, los="obstacle")
    assert look(hill) == "high" and look(wood) == "forest"
