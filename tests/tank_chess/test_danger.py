"""Danger before you commit (issue 59.1) and what a shot does (issue 59.6), Tank Chess.

For every move, what could shoot the moved tank on the opponent's next turn:
by which enemy tank, on which armour side (TC-6.1), destroyed or not (TC-6.2),
over a clear ray with a square between (TC-5.1-5.3) or by the mortar over
anything (TC-6M). Checked on hand-built positions and, exactly, against the
opponent's generated legal moves in random positions of every shipped map.
"""

from __future__ import annotations

import random
import re
import time

import pytest

from rulesets.tank_chess import RULESET
from rulesets.tank_chess.danger import Danger, Threat, covered, phrase, threat_text, under_fire
from rulesets.tank_chess.game import Said, TankChessGame, _destination_parts, _shooters
from rulesets.tank_chess.position import Move, Position
from tests.tank_chess.helpers import board

HT_ON_H5 = """
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . h
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . M . . . .
"""


def threats_of(game: TankChessGame, text: str) -> list[str]:
    mv = game.to_move_tuple(game.parse_action(text))
    return [threat_text(t, game.square_name) for t in Danger(game.pos).after(mv)]


def note_of(game: TankChessGame, text: str) -> str:
    return game.describe_action(game.parse_action(text))


def test_59_1_tc_6_1_the_same_square_by_facing_front_side_rear() -> None:
    """The black HT h5 can reach the d2 diagonal (h6 facing SW, g5 ...): the MT on d2
    is hit in the front facing NE, the side facing N, the rear facing SW (TC-6.1);
    gun 3 beats MT armour 2/1/0 on every side (TC-6.2)."""
    g = board(HT_ON_H5, {"h5": "W", "d1": "N"})
    assert note_of(g, "MT d1-d2:NE") == "into fire: HT h5 destroys it from the front"
    assert note_of(g, "MT d1-d2:N") == "into fire: HT h5 destroys it from the side"
    assert note_of(g, "MT d1-d2:SW") == "into fire: HT h5 destroys it from the rear"
    shots = threats_of(g, "MT d1-d2:NE")
    assert shots and all(s.startswith("HT h5 (from ") and s.endswith("destroys it: hits its front, armour 2, gun 3")
                         for s in shots)


def test_59_1_tc_5_2_a_blocked_ray_is_no_danger() -> None:
    """An obstacle between every square the HT can fire from and a1 (TC-5.2): a1 is safe."""
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
# # . . . . . .
M # . . . . . h
""", {"h1": "N", "a1": "N"})
    assert threats_of(g, "MT a1-a1:E") == []
    assert "into fire" not in note_of(g, "MT a1-a1:E")
    # out on b3 the HT, turning to face W on h3 or NW on h1, has it in line
    assert "HT h1" in note_of(g, "MT a1-a3:NE") or threats_of(g, "MT a1-a3:NE")


def test_59_1_tc_6m_the_mortar_fires_over_obstacles() -> None:
    """TC-6M.1/6M.2: the black Heavy Mortar on d8 facing S fires 3-5 squares ahead
    over the wall of obstacles on rank 6; the MT stepping to d4 is in its fire,
    on d2 (6 squares away, out of its band even after a step forward: d7 to d2 is 5) ..."""
    g = board("""
. . . a . . . .
. . . . . . . .
# # # # # # # #
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . M . . . .
""", {"d8": "S", "d1": "N"})
    near = threats_of(g, "MT d1-d4:N")
    assert near and all(s.startswith("HM d8") for s in near)
    assert "HM d8 destroys it from the front" in note_of(g, "MT d1-d4:N")
    # d1 itself (the MT turning in place) is 7 squares from d8 and 6 from d7: out of the band
    assert threats_of(g, "MT d1-d1:NE") == []


def test_59_1_a_shot_that_destroys_the_shooter_removes_its_danger() -> None:
    """TC-6.2/6.3: the MT that destroys the HT on h5 is safe from it (a wreck shoots nothing)."""
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . h
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . M
""", {"h5": "N", "h1": "N"})
    assert note_of(g, "MT h1-h2:N xh5") == "destroys HT h5"
    assert "into fire: HT h5" in note_of(g, "MT h1-h2:NW")


def test_59_6_a_shot_note_says_what_it_destroys_and_check() -> None:
    """A shot's note names its target (``destroys MT d4``), then the CHECK it gives (TC-8.1)."""
    g = board("""
c . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . m . . . .
. . . . . . . .
. . . . . . . .
H . . D . . . .
""", {"d4": "N", "d1": "N", "a1": "N", "a8": "S"})
    note = note_of(g, "TD d1-d2:N xd4")
    assert note.startswith("destroys MT d4, + CHECK"), note
    assert note_of(g, "HT a1-a2:N xa8") == "destroys CLT a8: wins (TC-7.1)"


def test_59_1_ineffective_shots_are_armour_holds() -> None:
    """With ineffective shots allowed (``shooting.ineffective_shots``, TC-6.2) a shot the
    armour stops is still a legal shot: "armour holds", not "destroys"."""
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . l . . . .
. . . . . . . .
. . . . . . . .
. . . H . . . .
""", {"d4": "S", "d1": "N"}, shooting__ineffective_shots=True)
    # the LT (gun 1) can meet the HT's side at worst (armour 2) on d2 facing N
    assert note_of(g, "HT d1-d2:N") == "into fire: LT d4 hits its side, armour holds"
    assert note_of(g, "HT d1-d2:N xd4") == "destroys LT d4"
    assert all(not t.destroys for t in Danger(g.pos).after(g.to_move_tuple(g.parse_action("HT d1-d2:N"))))


def test_59_1_several_shooters_said_short_destroys_once() -> None:
    """A move list repeats a destination's note for each facing in fire: the verdict is
    said once, then each further shooter with its side (TC-6.1); a shot the armour
    stops (TC-6.2 with ineffective shots) keeps its own words after a semicolon."""
    from rulesets.tank_chess.danger import Threat, phrase

    def threat(shooter: str, at: tuple[int, int], side: str, destroys: bool) -> Threat:
        return Threat(shooter, at, at, 0, side, 1, 2 if destroys else 1, destroys)

    def name(sq: tuple[int, int]) -> str:
        return f"{'abcdefgh'[sq[0]]}{sq[1] + 1}"

    two = [threat("LT", (4, 6), "rear", True), threat("MT", (5, 7), "side", True)]
    assert phrase(two, name) == "into fire: LT e7 destroys it from the rear, MT f8 from the side"
    held = [*two, threat("HT", (0, 7), "front", False)]
    assert phrase(held, name) == ("into fire: LT e7 destroys it from the rear; MT f8 from the side; "
                                  "HT a8 hits its front, armour holds")


def test_59_1_threats_on_the_command_tank_say_check_and_how_to_answer() -> None:
    """TC-8.1: the white Command Tank on a1 is in the fire of the black MT and CLT (each
    can drive onto the a1 diagonal): ``threats`` names each shooter, the squares it
    would fire from (three at most, then how many more) and what answers a CHECK;
    the help line speaks no issue numbers."""
    from rulesets.tank_chess.danger import COMMANDS, threats_answer

    g = board("""
. . . . . . . c
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . m . . .
. . . . . . . .
. . . . . . . .
C . . . . . . .
""", {"e4": "W", "a1": "N", "h8": "S"})
    answer = threats_answer(g, 0, "")
    line = next(x for x in answer.splitlines() if x.startswith("  CLT a1: "))
    assert line == ("  CLT a1: CLT h8 from d4, e5 or 3 more squares destroys it from the side; "
                    "MT e4 from c3 or d4 destroys it from the side  "
                    "<- CHECK: move it, take the shooter or block the line (TC-8.1)")
    # one square fired from: the squares that block it (TC-5.2), as the board says them
    g = RULESET.new_game("standard-16", None, seed=1)
    for move in ("CLT h1-f4:N", "MT i15-i11:S", "CLT f4-f7:NW"):
        g.apply(g.parse_action(move))
    assert ("  CLT i16: CLT f7 from d11 destroys it from the side  <- CHECK: move it, take the shooter "
            "or block on e12, f13, g14 or h15 (TC-8.1)\n") in threats_answer(g, 1, "")
    assert all("issue" not in c.summary for c in COMMANDS)


def test_59_1_threats_now_and_the_covered_squares() -> None:
    """``threats``: the white MT on d2 facing N is in the HT's reach now (its side), and
    the squares the HT could fire into include d2 and the whole 2nd rank's line."""
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . h
. . . . . . . .
. . . . . . . .
. . . M . . . .
. . . . . . . .
""", {"h5": "W", "d2": "N"})
    fire = under_fire(g.pos, 0)
    assert list(fire) == [g.pos.cell[g.rules.index((3, 1))] - 1]
    assert {t.shooter for t in fire[next(iter(fire))]} == {"HT"}
    from rulesets.tank_chess.danger import threats_answer

    answer = threats_answer(g, 0, "")
    # issue 59.1: which tank, from which squares (what a player blocks), which side
    assert "  MT d2: HT h5 from f4 or g5 destroys it from the side\n" in answer
    assert re.search(r"^  2( \.| \*){3}!M", answer, re.MULTILINE)  # the MT marked on the browser's map
    from rulesets.tank_chess.danger import terminal_threats_answer

    # the terminal's map: the text board's four columns a square, rank numbers on both sides
    assert re.search(r"^  2 (  [.*] ){3}!M↑ (  [.*] ){4} 2$", terminal_threats_answer(g, 0, ""), re.MULTILINE)
    squares = covered(g.pos, 0)
    assert g.rules.index((3, 1)) in squares  # d2, the MT's square
    assert g.rules.index((7, 4)) not in squares  # h5, the HT's own square


def _brute(pos: Position, mv: Move) -> set[tuple[int, int, int, bool]]:
    """The opponent's legal shots at the moved tank, from its generated moves."""
    pid = mv[0]
    pos.push(mv)
    try:
        if pos.winner >= 0:
            return set()
        out = set()
        for e, to, f, tgt in pos.generate():
            if tgt == pid:
                out.add((e, to, f, pos.rules.destroys[pos.kind[e]][_armour(pos, e, to, pid)]))
        return out
    finally:
        pos.pop()


def _armour(pos: Position, e: int, to: int, pid: int) -> int:
    from core.grid.square import direction_between

    r = pos.rules
    d = direction_between(r.square(to), r.square(pos.sq[pid]))
    assert d is not None
    return r.armour[pos.kind[pid]][r.hit_side(int(d), pos.face[pid])]


@pytest.mark.parametrize("name", RULESET.scenarios())
def test_59_1_danger_equals_the_opponents_generated_shots(name: str) -> None:
    """Exact (TC-4 to TC-6M): in random positions of every map, for every move, the
    danger lists the very shots at the moved tank the opponent's move generator
    makes, and the same verdict (destroys or not)."""
    game = RULESET.new_game(name)
    pos = game.pos
    rng = random.Random(name)
    checked = found = 0
    for ply in range(60):
        if pos.status() is not None:
            break
        if ply % 6 == 1:
            danger = Danger(pos)
            moves = pos.generate()
            for mv in rng.sample(moves, min(60, len(moves))):
                if mv[1] < 0:
                    continue
                got = {(pos.cell[game.rules.index(t.square)] - 1, game.rules.index(t.shoots_from), t.facing,
                        t.destroys) for t in danger.after(mv)}
                assert got == _brute(pos, mv), (name, ply, mv)
                checked += 1
                found += bool(got)
        mv2 = pos.random_move(rng)
        if mv2 is None:
            break
        pos.push(mv2)
    assert checked >= 60 and found > 0


def test_59_1_the_opening_danger_is_quick() -> None:
    """Keep the per-move cost low: the notes (CHECK, ESCAPE, shots, danger) of all
    ~650 moves of the opening position well under a second even on a busy machine
    (measured about 40-70 ms on the reference machine)."""
    game = RULESET.new_game()
    legal = game.legal_actions()
    start = time.perf_counter()
    notes = game.describe_actions(legal)
    assert time.perf_counter() - start < 1.0
    assert len(notes) == len(legal) > 500


def _said(item: str, rest: str, *shots: tuple[str, bool]) -> Said:
    """A move's line item as move_lines reads it from describe_actions: what it does
    and the shots of the black LT on k16 at it, each (side hit, destroys)."""
    threats = tuple(Threat("LT", (10, 15), (10, 15), 4, side, 1 if not kills else 0, 1, kills)
                    for side, kills in shots)
    name = board(HT_ON_H5).square_name
    return Said(item, rest, phrase(threats, name), _shooters(threats, name))


def test_issue_59_a_destinations_danger_note_is_said_once_not_for_every_facing() -> None:
    """The move list gives a destination one danger note where its facings share it:
    facings hit on different sides but destroyed by the same shooters either way
    (TC-6.1, TC-6.2) share one note; equal notes go together whatever their order;
    a danger every move to the square shares is said once, after 'whatever the
    facing', and the terminal's mark still says every facing is in fire. The lines
    are grouped by the danger's data, not by reading the notes back (issue 59 point 5
    of the playtest), and a real move list reads the same."""
    from cli.play import destination_mark

    side, rear = ("side", True), ("rear", True)
    line = "MT d1-d2: " + "; ".join(_destination_parts(
        [_said("N", "", side), _said("NE", "", rear), _said("E", "", side), _said("SE", "+ CHECK", side)]))
    assert line == ("MT d1-d2: N NE E; SE (+ CHECK); "
                    "whatever the facing, into fire: LT k16 destroys it from the side or rear")
    assert line.count("into fire") == 1 and destination_mark("MT d1", line) == "d2+*"
    line = "MT d1-d2: " + "; ".join(_destination_parts(
        [_said("N", "", side), _said("NE", ""), _said("E", "", side), _said("SE", "", rear)]))
    # the facing out of fire says so beside the one in it (hidden playtest: a bare NW misread)
    assert line == "MT d1-d2: N E SE (into fire: LT k16 destroys it from the side or rear); safe: NE"
    assert destination_mark("MT d1", line) == "d2~"
    line = "MT d1-d2: " + "; ".join(_destination_parts(
        [_said("N", "", side), _said("NE xe9", "destroys LT e9"), _said("E", "uncovers CLT a1 (HT a8 from a5)")]))
    assert line == ("MT d1-d2: N (into fire: LT k16 destroys it from the side); NE xe9 (destroys LT e9, safe); "
                    "E (uncovers CLT a1 (HT a8 from a5))")
    held = "into fire: LT k16 hits its side, armour holds"  # not destroyed: its own words, per facing
    line = "MT d1-d2: " + "; ".join(_destination_parts(
        [_said("N", "", ("side", False)), _said("NE", "", rear), _said("E", "", ("side", False)),
         _said("SE", "", rear)]))
    assert line == f"MT d1-d2: N E ({held}); NE SE (into fire: LT k16 destroys it from the rear)"
    g = board(HT_ON_H5, {"h5": "W", "d1": "N"})
    to_d2 = [a for a in g.legal_actions() if g.format_action(a).startswith("MT d1-d2")]
    [(_, line)] = g.move_lines(to_d2, g.describe_actions(to_d2))
    assert line == "MT d1-d2: N NE E SE SW W NW (into fire: HT h5 destroys it from the front or side or rear)"
    [(_, line)] = g.move_lines(to_d2[:1], ["a note of someone else's"])  # kept whole, never misread
    assert line == "MT d1-d2: N (a note of someone else's)"


UNCOVERS = """
h . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . c
L . . . . . . .
. . . . . . . .
C . . . . . . .
"""


def test_issue_59_playtest_a_move_that_opens_a_line_onto_another_tank_says_so() -> None:
    """Hidden playtest (issue 59, point 1a): a tank stepping out of the line between an
    enemy and its own Command Tank lays it open (TC-5.2: nothing blocks the HT on the
    a-file any more) and its note says so, with the shooter and where it would fire
    from; a step along the file keeps the line blocked and says nothing of it. The
    moved tank's own danger is still said last; ``moves safe`` (:func:`safe_note`)
    keeps neither."""
    from rulesets.tank_chess.game import safe_note

    g = board(UNCOVERS, {"a8": "S", "a1": "S", "a3": "N", "h4": "S"})
    opened = note_of(g, "LT a3-b3:E")
    assert "uncovers CLT a1 (HT a8 from a5)" in opened
    assert opened.index("uncovers") < opened.index("into fire")
    assert "uncovers" not in note_of(g, "LT a3-a4:E")
    assert not safe_note(opened) and safe_note("destroys LT e9, + CHECK")
    # a tank the enemy could already destroy by the same shooter is not news
    assert "uncovers" not in note_of(board(UNCOVERS.replace("L . .", ". L ."), {"a8": "S", "a1": "S", "b3": "N",
                                                                          "h4": "S"}), "LT b3-c3:E")


def test_issue_59_playtest_the_board_says_which_tanks_are_in_fire_now() -> None:
    """Hidden playtest (issue 59, point 1b): under the board drawn each turn, the side to
    move's tanks the enemy could destroy next turn, with the worst shot (the HT on e6
    can fire from e4 at the MT's front, TC-6.1/6.2); the Command Tank is left to the
    CHECK line above it; the other seat's board does not say it."""
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . h . . .
. . . . . . . .
. . . . . . . c
. . . . . . . .
. . . . M . . .
C . . . . . . .
""", {"e6": "S", "a1": "N", "h4": "S", "e2": "N"})
    lines = g.render_compact(0).splitlines()
    # the compact board (80x24) gives it the key's line; the full board has both
    assert "    in fire now: MT e2 (HT e6 from e4, front)" in lines and not any("key:" in x for x in lines)
    assert any(line.startswith("    CHECK:") for line in lines)
    assert "    in fire now: MT e2 (HT e6 from e4, front)" in g.render(0).splitlines()
    assert "in fire now" not in g.render_compact(1) and "key:" in g.render_compact(1)
