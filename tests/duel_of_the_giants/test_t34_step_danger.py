"""Issue 59.1, Duel of the Giants: the danger of a T-34's step is shown before it is
taken, on the board and not only on hover. Each step or dash that ends on another hex
carries a mark at that hex the page tints it by -- ``threat`` (a Tiger or an ATG turned
face up could shoot it there, DG-17), ``mine`` (a mine marker on its way, DG-14.2) or
``safe`` -- read from what the Soviet player knows only: a face-down ATG is never a
shooter, and a face-down mine marker is a marker, mine or bluff alike (DG-24)."""

from __future__ import annotations

from rulesets.duel_of_the_giants.actions import T34Step
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.table_aids import board_aids, centre
from tests.duel_of_the_giants.helpers import atg, blank, goto, h, mine, t34, tiger


def b3(*, gun_kind: str = "pak88", gun_up: bool = False, mine_real: bool | None = None,
       mine_up: bool = False) -> DuelGame:
    """Phase B3: T-34 #1 at g5 facing W (its step forward ends on f5, three hexes in
    front of Tiger 1 at c5), T-34 #2 at g9 facing W (forward: f9), an ATG marker at c9
    facing E along the line to f9 (face down unless ``gun_up``), a mine marker on h9
    behind T-34 #2 (its step back) when ``mine_real`` is given."""
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a11", "E")
    t34(g, 1, "g5", "W")
    t34(g, 2, "g9", "W")
    atg(g, "c9", gun_kind, "E", face_up=gun_up)
    if mine_real is not None:
        mine(g, "h9", mine_real).face_up = mine_up
    goto(g, "B3")
    assert g.step == "B3", g.step
    return g


def marks(g: DuelGame, *steps: T34Step) -> list[tuple[str, str]]:
    aids = board_aids(g, list(steps), [""] * len(steps))
    return [(m.kind, m.label) for a in aids.actions for m in (a.drawing.marks if a.drawing else ())]


def test_issue_59_1_a_step_into_a_tigers_fire_is_marked_threat_at_its_end() -> None:
    g = b3()
    step = T34Step(h("g5"), "F")
    aid = board_aids(g, [step], [""]).actions[0]
    assert aid.drawing is not None
    (mark,) = aid.drawing.marks
    assert (mark.kind, mark.label) == ("threat", "in fire: Tiger 1 (c5): destroys T-34 #1")
    assert mark.at == centre(*h("f5"))  # the hex it would end on, not its own


def test_issue_59_1_a_face_down_gun_is_no_threat_and_tells_nothing() -> None:
    """DG-24: the ATG marker at c9 faces f9, where T-34 #2's step forward ends. Face down
    it is not counted, and the marks are the same whatever it is (a PAK 8.8 or a bluff):
    they carry nothing the Soviet may not know. Turned face up, it is a threat there."""
    steps = (T34Step(h("g9"), "F"), T34Step(h("g5"), "F"), T34Step(h("g9"), "B"))
    gun = marks(b3(gun_kind="pak88"), *steps)
    bluff = marks(b3(gun_kind="bluff"), *steps)
    assert gun == bluff
    assert gun[0][0] == "safe" and all("PAK" not in label for _, label in gun)
    known = marks(b3(gun_kind="pak88", gun_up=True), steps[0])
    assert known[0][0] == "threat" and "PAK 8.8 (c9)" in known[0][1], known


def test_issue_59_1_dg_14_2_a_mine_marker_on_the_way_is_named_as_a_marker_only() -> None:
    """A face-down mine marker behind T-34 #2: its step back is marked ``mine`` with the
    same words whether the marker is a mine or a bluff; a mine turned face up is known."""
    back = T34Step(h("g9"), "B")
    real = marks(b3(mine_real=True), back)
    bluff = marks(b3(mine_real=False), back)
    assert real == bluff == [("mine", "a mine marker at h9: a real mine would stop it there (DG-14.2)")]
    known = b3(mine_real=True, mine_up=True)
    assert marks(known, back) == [("mine", "a known mine at h9 stops it there (DG-14.4)")]
    assert "a known mine at h9 stops it there (DG-14.4)" in known.describe_action(back)


def test_issue_59_1_a_step_nothing_known_covers_is_safe_and_a_turn_in_place_unmarked() -> None:
    g = b3()
    assert marks(g, T34Step(h("g9"), "B")) == [
        ("safe", "no German gun in line from where they stand now (a face-down marker may hide one)")]
    assert marks(g, T34Step(h("g9"), "L")) == []
    # backing from g5 to h5 along Tiger 1's line: the hex it leaves no longer shields it (DG-16.4)
    assert marks(g, T34Step(h("g5"), "B")) == [("threat", "in fire: Tiger 1 (c5): damages T-34 #1")]


def test_issue_59_1_a_step_off_the_board_has_no_danger_mark_and_does_not_fail() -> None:
    """A T-34 on the west edge facing W may step off the board (DG-15.9): its aid has no
    mark (there is no hex to tint, no gun reaches it), and the other steps keep theirs.
    Found by the whole-game secrecy test, where the off-board hex raised a KeyError."""
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "c9", "E")
    t34(g, 1, "a5", "W")
    t34(g, 2, "g9", "W")
    goto(g, "B3")
    off, back = T34Step(h("a5"), "F"), T34Step(h("a5"), "B")
    assert off in g.legal_actions()
    aids = board_aids(g, [off, back], ["", ""]).actions
    assert aids[0].drawing is None
    assert aids[1].drawing is not None and aids[1].drawing.marks[0].kind == "threat"


def test_hidden_playtest_1_threats_promise_no_safety_before_the_tigers_drive() -> None:
    """Hidden playtest (issues 58/59), point 1: T-34 #2 stood where no gun was in line and
    was destroyed by a Tiger that drove up in phase C (DG-16 comes before combat, DG-17).
    The Soviet's ``threats`` says the Tigers are read where they stand now and still drive
    their programs; it never says that no gun "could hit it there"."""
    from rulesets.duel_of_the_giants.foresight import threats_command

    g = b3()
    out = threats_command(g, g.side_players["soviet"][0], "")
    assert "T-34 #2 at g9: no German gun in line from where they stand now" in out, out
    assert "they drive their programs in phase C before combat" in out
    assert "could hit it there" not in out
