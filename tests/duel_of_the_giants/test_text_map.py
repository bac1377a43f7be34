"""The Duel of the Giants text map reads without counting (issue 27.19): every hex
starts with its column letter, so a hex of a shifted (even) row is not taken for
its neighbour's column."""

from __future__ import annotations

import re

import pytest

from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.board import LETTERS


@pytest.mark.parametrize("scenario", ["summer", "winter"])
def test_issue_27_19_every_hex_on_the_text_map_names_its_column(scenario: str) -> None:
    game = RULESET.new_game(scenario, None, 1)
    for text in (game.render_compact(0), game.render(1)):
        rows = [line for line in text.splitlines() if re.match(r"^ {0,2}\d{1,2} ", line)]
        assert len(rows) == 11
        for line in rows:
            number = int(line.split()[0])
            cells = re.findall(r"(?:^|\s)([a-i])[.FHSD][# ]", line[4:] + " ")
            assert cells == list(LETTERS[:9]), line
            # even rows are shifted half a hex (four columns) east
            assert line[4:].startswith("    a" if number % 2 == 0 else "a"), line
        assert max(len(line) for line in [*text.splitlines()[:3], *rows]) <= 80
    assert max(len(line) for line in game.render_compact(0).splitlines()) <= 80


def test_issue_27_19_a_piece_is_read_in_its_own_hex() -> None:
    """The Tiger the view puts on c4 (an even row) is drawn in the cell that reads 'c'."""
    game = RULESET.new_game("summer", None, 1)
    view = game.view(0)
    tiger = next(t for t in view["tanks"] if t["kind"] == "tiger")
    column, row = tiger["at"][0], int(tiger["at"][1:])
    line = next(x for x in game.render_compact(0).splitlines() if re.match(rf"^ {{0,2}}{row} ", x))
    assert re.search(rf"(?:^|\s){column}[.FHSD][# ]T{tiger['number']}", line[4:]), line


def test_dg_17_11_a_destroyed_gun_is_drawn_as_a_wreck_until_combat_ends() -> None:
    """A gun destroyed in phase D stays on its hex until the combat is over (DG-17.11): the
    map drew it as the live ``A3→`` (a playtest took it for a gun still covering the
    hexes); it is ``xA3`` and the piece list says destroyed."""
    from tests.duel_of_the_giants.helpers import atg, blank

    g = blank()
    gun = atg(g, "d3", "pak36", "E", face_up=True)
    assert "d. A3→" in g.render_compact(0)
    gun.destroyed = True
    assert "d. xA3" in g.render_compact(0) and "d. A3→" not in g.render_compact(0)
    assert "ATG marker (PAK 36, destroyed)" in g.render(0)


def test_the_full_boards_vp_line_fits_80_columns() -> None:
    """The full board put this round's score beside the VP bar, 92 columns (100 with the
    bar's ``(+2 beyond the bar)``): an 80-column terminal broke it mid-word at the
    game's end. It goes under the bar, as on the compact board."""
    from rulesets.duel_of_the_giants.game import DuelGame

    g = RULESET.new_game("summer", None, 1)
    assert isinstance(g, DuelGame)
    for text in (g.render(0), g.render_compact(0)):
        assert "Soviet  net +0\nthis round: German 0, Soviet 0; totals 0:0" in text
        assert max(len(line) for line in text.splitlines()) <= 80
