"""Issue 60.4: a hex map's SVG carries a legend under the board: each kind of terrain
on the map (only those) drawn as on the board, with its name, rule ID and what the
terrain chart's data says it does (HTC-T90 to T99, HTC-F101 to F105)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from core.grid.hexsvg import board_svg
from tests.hex.helpers import board

NS = "{http://www.w3.org/2000/svg}"


def _legend(root: ET.Element) -> list[tuple[float, str, ET.Element]]:
    """(top, label, entry) of each legend entry, in order."""
    key = root.find(f"{NS}g[@class='legend']")
    assert key is not None
    out = []
    for entry in key:
        y = float(re.findall(r"[-\d.]+", entry.get("transform", ""))[1])
        out.append((y, "".join(t.text or "" for t in entry.iter(f"{NS}text")), entry))
    return out


def _text(entries: list[tuple[float, str, ET.Element]]) -> str:
    """The legend's words in order: a label too long for a row goes on in the next rows."""
    return " ".join(label for _, label, _ in entries)


def test_issue_60_4_legend_lists_exactly_the_terrain_on_the_map_with_what_it_does() -> None:
    b = board(". W .\n. o .\n", walls=["A1/B1"], paths=[("road", ["A2", "B2", "C2"])])
    root = ET.fromstring(board_svg(b, title="village corner"))
    entries = _legend(root)
    kinds = [s.get("data-terrain") for _, _, e in entries for s in e.iter(f"{NS}g")
             if s.get("class") == "terrain-sample"]
    assert kinds == ["open", "orchard", "woods"]  # the chart's order; no stream, water or others
    features = [el.get("data-feature") for _, _, e in entries for el in e.iter() if el.get("data-feature")]
    assert features == ["wall", "road"]
    text = _text(entries)
    assert ("Woods (HTC-T99): 2 MP to enter; cover 2; blocks sight, 1 hex behind it hidden from above; "
            "mortar and artillery +2") in text, text
    assert "Orchard (HTC-T91): 1 MP to enter; cover 1; hinders sight (2)" in text
    assert "Open Ground (HTC-T90): 1 MP to enter; cover 0; sight clear" in text
    assert "Wall (HTC-T97), on a hexside: +1 MP to cross; blocks sight" in text
    assert "Road (HTC-T93): 1 MP along it; +1 MP once on it; cover -1" in text
    assert not any(word in text for word in ("Stream", "Water", "Railway", "Trail", "smoke", "elevation"))


def test_issue_60_4_legend_swatch_is_the_boards_art_and_lies_below_the_board() -> None:
    """The woods swatch takes the woods hexes' own fill (the same texture, defined once)
    and crowns; every entry starts below the lowest hex, inside the picture."""
    b = board(". W\ns .\n")
    root = ET.fromstring(board_svg(b))
    hexes = root.find(f"{NS}g[@id='hexes']")
    assert hexes is not None
    grounds = {p.get("data-look"): p.get("fill") for p in hexes.findall(f"{NS}polygon")}
    lowest = max(float(v) for p in hexes.findall(f"{NS}polygon")
                 for v in re.findall(r"[-\d.]+", p.get("points", ""))[1::2])
    entries = _legend(root)
    samples = {p.get("data-look"): p for _, _, e in entries for p in e.iter(f"{NS}polygon")}
    assert {k: p.get("fill") for k, p in samples.items()} == grounds
    assert sorted(samples) == ["forest", "grass", "water"]
    woods = next(e for _, label, e in entries if label.startswith("Woods"))
    assert any(g.get("class") == "tt-canopies" for g in woods.iter(f"{NS}g"))
    x, y, width, height = (float(v) for v in root.get("viewBox", "").split())
    assert all(lowest < top < y + height for top, _, _ in entries)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))


def test_issue_60_4_smoke_elevation_and_fortifications_are_explained_when_present() -> None:
    b = board(". .\n. W\n", elevation="0 1\n0 2\n",
              markers=[{"at": "A1", "kind": "smoke", "hindrance": 2}, {"at": "B1", "kind": "trench"}])
    text = _text(_legend(ET.fromstring(board_svg(b))))
    assert "S and a number: smoke (HTC-T94), hinders sight by that number" in text
    assert "^ and a number: the hex's elevation level (+1 MP a level climbed)" in text
    assert "Trench (HTC-F105): cover 4, 5 against mortar and artillery" in text


def test_issue_60_4_board_alone_without_its_legend() -> None:
    """``legend=False`` (a picture that explains its terrain elsewhere) draws no entry."""
    root = ET.fromstring(board_svg(board(". W\n. o\n"), legend=False))
    assert _legend(root) == []
