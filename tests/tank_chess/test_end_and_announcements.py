"""End of the game (TC-7) and the CHECK / ESCAPE announcements (TC-8)."""

from __future__ import annotations

from core.game import Termination
from tests.tank_chess.helpers import board, rule_of, texts

EXIT = """
. . . . . . . .
. . . C . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . c . . .
"""


def test_tc_7_1_destroying_the_command_tank_wins() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . c . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . H . . . C
""", {"d6": "E"})
    events = g.apply_text("HT d1-d2:N xd6")
    assert "command-destroyed" in [e.kind for e in events]
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,) and "TC-7.1" in outcome.reason


def test_tc_7_2_command_tank_drives_off_the_far_edge_and_wins() -> None:
    g = board(EXIT)
    assert "CLT d7-off" in texts(g)
    g.apply_text("CLT d7-off")
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,) and "TC-7.2" in outcome.reason


def test_tc_7_2_not_across_another_edge() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
C . . . c . . .
""", {"a1": "W"})
    assert not any(t.endswith("-off") for t in texts(g))
    assert rule_of(g, "CLT a1-off") == "TC-7.2"


def test_tc_7_2_black_exits_across_rank_1() -> None:
    g = board("""
. . . . . . . .
. . . . . . C .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . c . . . . .
. . . . . . . .
""", to_move="black")
    assert "CLT c2-off" in texts(g)
    g.apply_text("CLT c2-off")
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (1,)


SLOW_COMMAND = [{"id": "SCT", "based_on": "CLT", "name": "Slow command tank", "letter": "S", "speed": 1}]
"""A speed-1 Command Tank: from the far edge its only move off the board is the exit step itself."""


def slow_corner(square_row: str, facing: dict[str, str], **options: object):
    return board(f"""
{square_row}
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
c . . . . . . .
""", facing, cards=SLOW_COMMAND, **options)


def test_tc_7_3_corner_exit_refused() -> None:
    """A diagonal exit from a corner square of the far edge is illegal (TC-7.3 default)."""
    g = slow_corner(". . . . . . . S", {"h8": "NE"})
    assert not any(t.endswith("-off") for t in texts(g))
    assert rule_of(g, "SCT h8-off") == "TC-7.3"
    g = slow_corner(". . . . . . . S", {"h8": "NW"})
    assert rule_of(g, "SCT h8-off") == "TC-7.3"
    straight = slow_corner(". . . . . . . S", {"h8": "N"})
    assert rule_of(straight, "SCT h8-off") is None


def test_tc_7_3_diagonal_exit_from_other_squares_is_legal() -> None:
    g = slow_corner(". . . . . . S .", {"g8": "NE"})
    assert "SCT g8-off" in texts(g)
    forbidden = slow_corner(". . . . . . S .", {"g8": "NE"}, exit__diagonal="forbidden")
    assert rule_of(forbidden, "SCT g8-off") == "TC-7.3"
    allowed = slow_corner(". . . . . . . S", {"h8": "NE"}, exit__diagonal="allowed")
    assert "SCT h8-off" in texts(allowed)


def test_tc_7_4_draw_by_repetition() -> None:
    g = board("""
. . . . . . . .
. . . . . . . c
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
C . . . . . . .
. . . . . . . .
""")
    for _ in range(2):
        g.apply_text("CLT a2-a2:NE")
        g.apply_text("CLT h7-h7:SW")
        g.apply_text("CLT a2-a2:N")
        assert g.outcome() is None
        g.apply_text("CLT h7-h7:S")
    outcome = g.outcome()
    assert outcome is not None and outcome.is_draw and "TC-7.4" in outcome.reason


def test_tc_7_4_draw_by_move_limit_setting() -> None:
    g = board("""
. . . . . . . .
. . . . . . . c
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
C . . . . . . .
. . . . . . . .
""", draw__move_limit=2, draw__repetition=0)
    g.apply_text("CLT a2-a3:N")
    g.apply_text("CLT h7-h6:S")
    g.apply_text("CLT a3-a4:N")
    assert g.outcome() is None
    g.apply_text("CLT h6-h5:S")
    outcome = g.outcome()
    assert outcome is not None and outcome.is_draw and "2 moves" in outcome.reason
    assert outcome.termination is Termination.MOVE_LIMIT


def test_tc_7_4_draw_when_no_legal_move() -> None:
    g = board("""
. . . . . . . .
. . . . . . . c
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
# . . . . . . .
""")
    # white has no tank at all left to move: no legal move
    outcome = g.outcome()
    assert outcome is not None and outcome.is_draw and "no legal move" in outcome.reason
    g_off = board("""
. . . . . . . .
. . . . . . . c
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
# . . . . . . .
""", draw__no_legal_move=False)
    assert g_off.outcome() is None


def test_tc_8_1_check_detected_and_marked() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . c . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. H . . . . . C
""", {"f6": "N"})
    # HT b1-b2:N puts no line on f6; HT b1-b1:NE: f6 lies NE of b2.. b1-b2 then next turn turn NE
    events = g.apply_text("HT b1-b2:N")
    assert "check" in [e.kind for e in events]
    assert g.annotation(events) == "+"
    assert g.format_action(g.history[-1].action) + g.annotation(events) == "HT b1-b2:N+"


BUNKER = """
. . . . . . . .
. . . . # # # .
. . . . # c # .
. . . . # . # .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . {X} . C
"""


def test_tc_8_1_no_check_when_armour_too_strong() -> None:
    """The CLT in its bunker shows only its front (armour 1): an LT (gun 1) gives no CHECK,
    an MT (gun 2) does (TC-8.1 with TC-6.2)."""
    light = board(BUNKER.replace("{X}", "L"))
    events = light.apply_text("LT f1-f2:N")
    assert "check" not in [e.kind for e in events]
    medium = board(BUNKER.replace("{X}", "M"))
    events = medium.apply_text("MT f1-f2:N")
    assert "check" in [e.kind for e in events]


def test_tc_8_2_escape_detected_and_marked() -> None:
    g = board("""
c # . . . . . .
# # . . . . . .
. . . . . . . .
. . . . C . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
""")
    events = g.apply_text("CLT e5-e6:N")
    assert "escape" in [e.kind for e in events]
    assert g.annotation(events) == "^"


def test_tc_8_3_announcements_do_not_constrain() -> None:
    """A CHECKed player may ignore it: any legal move stays legal (TC-8.3)."""
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . c . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. H . . . . . C
""", {"f6": "N"})
    g.apply_text("HT b1-b2:N")
    assert "CLT f6-f6:NE" in texts(g)  # not an answer to the CHECK, still legal
    g.apply_text("CLT f6-f6:NE")
    assert g.outcome() is None


def test_tc_8_check_agrees_with_move_generation() -> None:
    """CHECK (fast, pruned search) equals 'some legal move destroys the Command Tank'."""
    from rulesets.tank_chess import RULESET

    for name in ("standard-16", "standard-20"):
        g = RULESET.new_game(name)
        import random

        rng = random.Random(3)
        for _ in range(60):
            if g.outcome() is not None:
                break
            for side in (0, 1):
                saved = g.pos.to_move
                g.pos.to_move = side
                brute = any(m[3] == g.pos.command_of[1 - side] for m in g.pos.generate())
                g.pos.to_move = saved
                assert g.pos.threatens_command(side) == brute
            actions = g.legal_actions()
            g.apply(actions[rng.randrange(len(actions))])


def test_tc_7_4_draw_by_agreement_follows_its_setting() -> None:
    import pytest

    from core.errors import TanktableError
    from rulesets.tank_chess import RULESET

    game = RULESET.new_game("blank-16")
    assert game.agree_draw().is_draw and game.outcome() is not None
    strict = RULESET.new_game("blank-16", {"draw.agreement": False})
    with pytest.raises(TanktableError, match="TC-7.4"):
        strict.agree_draw()
