"""core.art.splice: a drawing written once and its text put in a picture's stand-in
gives the very picture the drawing inline would (issue 58 art, the picture's cost
per move)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import partial

from core.art import splice as sp
from core.art.tanks import GERMAN, SOVIET, counter


def _picture(inline: bool) -> str:
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg")
    s = sp.Splice()
    for k, livery in enumerate((GERMAN, SOVIET, GERMAN)):
        g = ET.SubElement(svg, "g", {"class": "tt-piece", "data-piece": f"p{k}"})
        if inline:
            g.append(counter(size=30, livery=livery))
        else:
            s.put(g, ("test-counter", livery), partial(counter, size=30, livery=livery))
    return s.fill(ET.tostring(svg, encoding="unicode"))


def test_a_spliced_picture_is_the_inline_picture() -> None:
    assert _picture(inline=False) == _picture(inline=True)
    assert sp.SLOT_TAG not in _picture(inline=False)


def test_each_key_is_built_once_and_the_cache_is_bounded() -> None:
    built: list[int] = []

    def build(k: int) -> ET.Element:
        built.append(k)
        return ET.Element("circle", r=str(k))

    for _ in range(3):
        assert sp.cached_text(("test-once", 1), lambda: build(1)) == '<circle r="1" />'
    assert built == [1]
    for k in range(sp.LIMIT + 5):
        sp.cached_text(("test-bound", k), partial(build, k))
    assert len(sp._texts) <= sp.LIMIT
