"""SVG drawing of hex boards: one polygon per hex, features and overlays present."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from core.grid.hexsvg import board_svg
from tests.hex.helpers import board

NS = "{http://www.w3.org/2000/svg}"


def test_board_svg_draws_hexes_features_and_overlays() -> None:
    b = board(". W .\n. o .\n", walls=["A1/B1"], paths=[("road", ["A2", "B2", "C2"])],
              markers=[{"at": "C1", "kind": "smoke", "hindrance": 2}, {"at": "A2", "kind": "trench"}])
    root = ET.fromstring(board_svg(b, sight=[0, 1, 2], sight_status="blocked", path=[3, 4, 5],
                                   reach={0: 0, 1: 2}, marks={0: "S"}, title="t"))
    hexes = root.find(f"{NS}g[@id='hexes']")
    assert hexes is not None
    fills = [p.get("fill") for p in hexes.findall(f"{NS}polygon") if p.find(f"{NS}title") is not None]
    assert len(fills) == 6 and fills[1] == b.catalogue.terrain["woods"].colour
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
