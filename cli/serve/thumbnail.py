"""The picture of a ruleset's board on the start page's card (issue 58.10).

Each card shows the board a quick start plays on: the ruleset's own picture
(:meth:`core.game.Ruleset.render_svg`) of a fresh game of its default
scenario, so that a plugin's ruleset gets its card's picture without art of its
own. The heading and the legend that :mod:`core.svgframe` puts around a board
are cut off (a card names the game itself, and a legend is unreadable at a
card's size); the board keeps its own colours and drawings.

A fresh game of a shipped scenario holds nothing of anyone's: a game of hidden
information is drawn as its first side would see it at the start (a spectator
sees no board before the end). Each picture is drawn once per server and kept.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET

from core.errors import TanktableError
from core.registry import get_ruleset
from core.svgframe import PAD

SVG = "{http://www.w3.org/2000/svg}"
ET.register_namespace("", SVG[1:-1])
_TRANSLATE = re.compile(r"translate\(\s*[-\d.]+[ ,]+([-\d.]+)\s*\)")


@functools.lru_cache(maxsize=32)
def board_thumbnail(ruleset_id: str) -> str | None:
    """The board of ``ruleset_id``'s default scenario as SVG text, without its heading
    and legend; ``None`` for a ruleset that draws no picture. An unknown id raises
    :class:`~core.errors.TanktableError` (its message names the rulesets there are)."""
    ruleset = get_ruleset(ruleset_id)
    game = ruleset.new_game(None, seed=0)
    try:
        text = ruleset.render_svg(game, 0 if game.hidden_information else None)
    except TanktableError:
        return None
    return board_only(text)


def board_only(text: str) -> str:
    """``text`` (a picture framed by :func:`core.svgframe.frame`) cut to its board: the
    caption and the legend removed, the ``viewBox`` shrunk to the band between them.
    A picture without them is returned as it was drawn."""
    svg = ET.fromstring(text)
    box = [float(v) for v in svg.get("viewBox", "").replace(",", " ").split()] or None
    if box is None or len(box) != 4:
        return text
    x, y, width, height = box
    top, bottom = y, y + height
    for child in list(svg):
        kind = child.get("class", "").split()
        if child.tag != f"{SVG}g" or not ({"caption", "legend"} & set(kind)):
            continue
        if "caption" in kind:
            top = y + float(child.get("data-band", "0"))
        elif len(child):
            first = _TRANSLATE.search(child[0].get("transform", ""))
            if first is not None:
                bottom = min(bottom, float(first.group(1)) - PAD)
        svg.remove(child)
    if bottom <= top:
        return text
    svg.set("viewBox", f"{x:g} {top:g} {width:g} {bottom - top:g}")
    svg.set("width", f"{width:g}")
    svg.set("height", f"{bottom - top:g}")
    svg.set("preserveAspectRatio", "xMidYMid meet")
    return ET.tostring(svg, encoding="unicode")
