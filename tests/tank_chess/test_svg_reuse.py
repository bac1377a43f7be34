"""Issue 61.6: the browser table draws a standing piece from its kept text
(:func:`rulesets.tank_chess.svg._piece_text`); the picture is the very text
drawing every piece inline gives, on a few positions as the game goes on, from
either side's view, with wrecks and a last move's shot."""

from __future__ import annotations

import random

import pytest

from rulesets.tank_chess.svg import _piece_text, render_svg
from tests.tank_chess.helpers import board
from tests.tank_chess.test_svg_picture import WRECK_AND_CHECK


@pytest.mark.parametrize("origin", ["white", "black"])
def test_61_6_kept_piece_texts_give_the_inline_picture(origin: str) -> None:
    """Issue 61.6: the same bytes with kept pieces as built inline, after each of a
    few moves (the second picture of a position reuses every piece: the kept texts
    are used, not built again)."""
    g = board(WRECK_AND_CHECK, {"d6": "E", "a8": "S"}, **{"coordinates__origin": origin})
    g.apply(next(a for a in g.legal_actions() if a.target is not None))  # a wreck (TC-6.3), a shot line
    assert not all(g.pos.alive)
    rng = random.Random(5)
    for _ in range(4):
        inline = render_svg(g, reuse_pieces=False)
        assert render_svg(g) == inline
        hits = _piece_text.cache_info().hits
        assert render_svg(g) == inline
        alive = sum(1 for pid in range(len(g.pos.kind)) if g.pos.alive[pid] and g.pos.sq[pid] >= 0)
        assert _piece_text.cache_info().hits - hits == alive > 0
        if g.outcome() is not None:
            break
        g.apply(rng.choice(g.legal_actions()))
