"""Pattern fills drawn out as vector tiles for print (core/printing/textures.py, issue 60.5).

Chromium's PDF rasterised every pattern-filled shape into a 72 dpi image of its
whole clip: a Duel of the Giants map printed 6.7 MB, its texture blurred. The
print view now draws each pattern out; these check that what is drawn is what
the pattern means (the tile at the pattern's origin, clipped to the shape).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from core.printing.textures import PatternTiler, path_box, round_as_curves, translate_path


def sheet(pattern: str, shapes: str) -> ET.Element:
    return ET.fromstring(f'<svg><defs>{pattern}</defs><g stroke="#f00">{shapes}</g></svg>')


SNOW = ('<pattern id="snow" patternUnits="userSpaceOnUse" width="24" height="24"><rect width="24" height="24" '
        'fill="#eef"/><path d="M2,5 q4.5,-2 9,0" stroke="#9ab" fill="none" stroke-linecap="round"/></pattern>')


def test_issue_60_5_a_pattern_filled_shape_becomes_its_tiles_as_paths_clipped_to_it_and_keeps_its_stroke() -> None:
    svg = sheet(SNOW, '<polygon class="hex-ground" points="10,10 60,10 60,40" fill="url(#snow)" stroke="#333"/>')
    tiler = PatternTiler()
    tiler.register(svg)
    assert tiler.expand(svg) == 1
    tiles, shape = list(svg.find("g") or [])
    assert shape.get("fill") == "none" and shape.get("stroke") == "#333" and shape.get("class") == "hex-ground"
    clip = tiles.find("clipPath")
    assert clip is not None and tiles.get("clip-path") == f"url(#{clip.get('id')})"
    assert clip[0].tag == "polygon" and clip[0].get("points") == "10,10 60,10 60,40"
    paths = tiles.findall("g/path")  # the tiles 0..72 x 0..48 (the shape's box at the pattern's origin)
    assert [p.get("fill") for p in paths] == ["#eef", "none"]
    assert paths[0].get("d", "").count("M") == 3 * 2 and "M48 24 H72 V48 H48 Z" in paths[0].get("d", "")
    assert "M50 29 q4.5 -2 9 0" in paths[1].get("d", "")
    block = tiles.find("g")
    assert block is not None and block.get("stroke") == "none"  # the group's stroke stays out of the tiles


def test_issue_60_5_a_drawing_that_leaves_its_tile_is_clipped_to_each_tile_as_a_pattern_clips_it() -> None:
    earth = ('<pattern id="earth" patternUnits="userSpaceOnUse" x="1" width="8" height="8">'
             '<path d="M-2,2 l4,-4" stroke="#000"/></pattern>')
    svg = sheet(earth, '<rect width="16" height="8" fill="url(#earth)" transform="rotate(5)"/>')
    tiler = PatternTiler()
    tiler.register(svg)
    tiler.expand(svg)
    tiles = svg.find("g/g[@class='tt-texture-tiles']")
    assert tiles is not None and tiles.get("transform") == "rotate(5)"
    uses = [(u.get("x"), u.get("y")) for u in tiles.findall("use")]
    assert uses == [("-7", "0"), ("1", "0"), ("9", "0")]
    tile = svg.find("defs[@class='tt-print-tiles']/g")
    assert tile is not None and (tile.get("clip-path") or "").startswith("url(#tt-print-tile-clip")


def test_issue_60_5_a_pattern_the_tiler_does_not_draw_out_is_left_as_it_was() -> None:
    turned = SNOW.replace('width="24" height', 'patternTransform="rotate(30)" width="24" height')
    svg = sheet(turned, '<polygon points="0,0 10,0 10,10" fill="url(#snow)"/>')
    tiler = PatternTiler()
    tiler.register(svg)
    shape = svg.find("g/polygon")
    assert tiler.expand(svg) == 0 and shape is not None and shape.get("fill") == "url(#snow)"


@pytest.mark.parametrize(("d", "moved"), [
    ("m1 2 3 4z m1 1 h2", "M11 22 l3 4 Z m1 1 h2"),
    ("M0,0 H5 V5 A2 2 0 0 1 7,7 C1,1 2,2 3,3", "M10 20 H15 V25 A2 2 0 0 1 17 27 C11 21 12 22 13 23"),
    ("M4,9 1,1", "M14 29 L11 21"),
])
def test_issue_60_5_a_tile_path_moves_to_its_place(d: str, moved: str) -> None:
    assert translate_path(d, 10, 20) == moved


def test_issue_60_5_a_path_box_holds_its_control_points() -> None:
    assert path_box("M2,8 q5,-6 10,-1 l-1.5,1.5 z") == (2.0, 2.0, 12.0, 8.5)
    assert path_box("q1") is None


def test_issue_60_5_a_circle_prints_as_four_curves_through_its_four_extremes_keeping_its_paint() -> None:
    """Chromium's PDF cut each circle into some 26 curves (a wood's tree crowns, the registration
    marks): four cubic curves draw the same circle."""
    svg = ET.fromstring('<svg><circle class="crown" cx="10" cy="20" r="5" fill="#384" stroke="#000"/>'
                        '<ellipse cx="0" cy="0" rx="4" ry="2"/><circle cx="1" cy="1" r="0"/></svg>')
    assert round_as_curves(svg) == 2
    crown, oval, dot = list(svg)
    assert (crown.tag, crown.get("class"), crown.get("fill"), crown.get("stroke")) == ("path", "crown", "#384", "#000")
    d = crown.get("d", "")
    assert d.startswith("M15 20 C") and d.count("C") == 4 and d.endswith("15 20 Z") and crown.get("r") is None
    for extreme in ("10 25", "5 20", "10 15"):
        assert f" {extreme} C" in d
    assert oval.tag == "path" and oval.get("d", "").startswith("M4 0 C4 1.105 2.209 2 0 2 C")
    assert dot.tag == "circle"  # nothing to draw: left as it was
