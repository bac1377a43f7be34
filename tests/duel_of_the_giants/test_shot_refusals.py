"""An illegal shot names the one reason that applies (issue 59.10; DG-3.8,
DG-16, DG-16.7, DG-17.2, DG-17.4), not a list of what might be wrong."""

from __future__ import annotations

import pytest

from rulesets.duel_of_the_giants.game import DuelGame
from tests.duel_of_the_giants.helpers import blank, goto, t34, terrain, tiger


@pytest.fixture()
def case_a() -> DuelGame:
    """Phase D, case A: Tiger 1 at c5 (E) and T-34 #1 at f5 (W) aim at each other.
    Around them: T-34 #2 at e9 behind a forest at d7, T-34 #3 at d2 in line but
    not aiming (a case C pair), T-34 #4 in a forest at a5, two hexes off."""
    g = blank()
    t34(g, 9, "i11", "NE")
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "f5", "W")
    t34(g, 2, "e9", "NW")
    terrain(g, "forest", "d7")
    t34(g, 3, "d2", "E")
    t34(g, 4, "a5", "E")
    terrain(g, "forest", "a5")
    goto(g, "D1")
    assert g.decision().startswith("phase D2 combat, barrels aimed at each other: both fire at once (case A")
    assert "Tiger 1 at c5 may fire at T-34 #1 at f5: destroys it (fire c5 f5) or hold its fire (hold c5)" in g.decision()
    return g


def refusal(g: DuelGame, move: str) -> tuple[str, str]:
    illegal = g.check(g.parse_action(move))
    assert illegal is not None, move
    return illegal.rule, illegal.reason


def test_dg_17_2_nothing_there(case_a: DuelGame) -> None:
    assert refusal(case_a, "fire c5 g7") == (
        "DG-17.2", "there is no enemy tank or gun at g7 for Tiger 1 at c5 to fire at")


def test_dg_17_2_own_side(case_a: DuelGame) -> None:
    assert refusal(case_a, "fire c5 a1") == ("DG-17.2", "a1 holds Tiger 2, of your own side")


def test_dg_3_8_not_in_line(case_a: DuelGame) -> None:
    t34(case_a, 5, "e7", "W")
    assert refusal(case_a, "fire c5 e7") == ("DG-3.8", "e7 is not in a straight row of hexes from Tiger 1 at c5")


def test_dg_16_1_the_forest_in_the_way_is_named(case_a: DuelGame) -> None:
    assert refusal(case_a, "fire c5 e9") == ("DG-16.1", "no line of sight from c5 to e9: d7 is in the way")


def test_dg_16_7_concealed_in_a_forest(case_a: DuelGame) -> None:
    rule, reason = refusal(case_a, "fire c5 a5")
    assert rule == "DG-16.7" and reason.startswith("T-34 #4 at a5 is concealed")


def test_dg_17_4_not_its_opponent_in_this_step(case_a: DuelGame) -> None:
    rule, reason = refusal(case_a, "fire c5 d2")
    assert rule == "DG-17.4"
    assert reason.startswith("T-34 #3 at d2 is not Tiger 1's opponent in this step, barrels aimed at each other")
    assert reason.endswith("it may fire at T-34 #1 at f5")


@pytest.mark.parametrize(("line", "expected"), [
    ("fier b11 h11", "'fier' is neither a move nor a hex; did you mean 'fire'?"),
    ("recn g4", "'recn' is neither a move nor a hex; did you mean 'recon'?"),
    ("xyzzy", "'xyzzy' is neither a move nor a hex; a move starts with a verb"),
])
def test_a_misspelt_verb_gets_did_you_mean(line: str, expected: str) -> None:
    from core.errors import NotationError
    from rulesets.duel_of_the_giants.notation import parse_action

    with pytest.raises(NotationError) as caught:
        parse_action(line)
    assert str(caught.value).startswith(expected)
