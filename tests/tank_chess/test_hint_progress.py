"""Issue 59 (hidden playtest of the Tank Chess terminal): the hint's lines go in the order
of the estimates they show, and every ``why:`` names a concrete reason; among moves the
search values alike the one that presses on comes first (in a won position the hint walked
a tank in circles, its reason "quiet")."""

from __future__ import annotations

from typing import Any

from cli.hint import Hint, _choose, terminal_hint
from core.ai.analysis import Analysis, Suggestion
from rulesets.tank_chess.hint import reasons
from tests.tank_chess.helpers import board

# White ahead: HT, MT, LT and CLT against Black's Command Tank, walled in on h16, and an LT.
WON = """\
. . . . . . . c . . . . . . . .
. . . . . . # # # . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . l
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
# . # H . . . . . . M . . . . .
. C . . . . . . . . . . . L . .
"""


def _hint(game: Any, estimates: dict[str, float]) -> Hint:
    acts = [game.parse_action(t) for t in estimates]
    analysis = Analysis(0, max(estimates.values()),
                        tuple(Suggestion(a, e, 1) for a, e in zip(acts, estimates.values(), strict=True)))
    hint = _choose(game, analysis, game.hint_reasons)
    assert isinstance(hint, Hint)
    return hint


def test_issue59_1_a_tank_offered_for_nothing_shows_what_is_left_and_the_order_agrees() -> None:
    """The playtest read "+0.37" above "+0.44" under "best first": a move putting its tank
    in fire for nothing had been put last with the search's higher estimate. It now shows
    the evaluation once the enemy takes the tank, says so, and stands where that puts it."""
    game = board(WON)
    offered = "LT n1-n2:S"  # its rear to the black LT's fire (TC-6.1), for nothing
    noted = reasons(game, [game.parse_action(offered)])[0]
    assert noted.for_nothing and noted.if_taken is not None and noted.if_taken < 0.44
    hint = _hint(game, {offered: 0.44, "MT k2-k6:N": 0.37, "HT d2-d5:N": 0.30})
    shown = [s.estimate for s in hint.moves]
    assert shown == sorted(shown, reverse=True), shown
    at = [game.format_action(s.action) for s in hint.moves].index(offered)
    assert hint.moves[at].estimate == noted.if_taken
    assert hint.reasons[at].endswith(" -- its estimate: what is left once it is taken")
    lines = terminal_hint(game, hint, 100)
    values = [float(line.rsplit("(", 1)[1].rstrip(")")) for line in lines if line.startswith("  ") and
              line.rstrip().endswith(")") and not line.startswith("      ")]
    assert values == sorted(values, reverse=True), lines


def test_issue59_2_equal_moves_press_on_first_and_no_reason_is_bare_quiet() -> None:
    """Three moves the search values the same: the HT's drive towards a line of fire on
    Black's Command Tank comes first and says so; a shuffle says what it does for the tank
    ("no threat either way; ... reach ..."), never a bare "quiet"."""
    game = board(WON)
    hint = _hint(game, {"HT d2-d2:NW": 0.5, "MT k2-k2:S": 0.5, "HT d2-d5:N": 0.5})
    first = game.format_action(hint.moves[0].action)
    assert first == "HT d2-d5:N", (first, hint.reasons)
    assert hint.reasons[0].startswith("brings HT d5 within 11 squares of a line of fire on black's CLT h16, from 14")
    # the HT's equal turn in place is said on its line; the MT's, another tank's idea, keeps its own
    assert [game.format_action(s.action) for s in hint.moves] == ["HT d2-d5:N", "MT k2-k2:S"]
    assert hint.equals[0] == (game.parse_action("HT d2-d2:NW"),)
    shuffle = reasons(game, [game.parse_action("HT d2-d2:NW")])[0]
    assert shuffle.quiet and shuffle.text.startswith("no threat either way; ")
    assert "reach" in shuffle.text and "quiet" not in shuffle.text
    # the Command Tank's own race to the far edge (TC-7.2), counted in turns
    race = reasons(game, [game.parse_action("CLT b1-b3:NW")])[0]
    assert race.text.startswith("brings CLT b3 within 3 turns of driving off the far edge, from 4"), race.text


def test_issue59_2_a_move_leaving_a_tank_in_fire_still_says_what_it_gains() -> None:
    """A black MT on n12 has White's LT n1 in fire (TC-6.2: gun 2 beats its front 1). The HT's
    step that neither saves it nor threatens anything said only "LT n1 stays in fire": no
    word of why the search might rate it; it says its gain first."""
    game = board(WON.replace(". . . . . . . . . . . . . . . l", ". . . . . . . . . . . . . m . l"))
    noted = reasons(game, [game.parse_action("HT d2-c3:N")])[0]
    assert noted.text == ("brings HT c3 within 13 squares of a line of fire on black's CLT h16, from 14, "
                          "LT n1 stays in fire")
