"""Issue 59 for Duel of the Giants: forecasts in a player's words (59.3), previews of
the ATG's facing and the Stuka's flight (59.9), and the end of a phase named to the
page (59.3), each on a hand-built board with the exact answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.serve.seatview import end_action
from core.errors import TanktableError
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.foresight import atg_cover, flight
from rulesets.duel_of_the_giants.preview import preview
from rulesets.duel_of_the_giants.svg import centre
from rulesets.duel_of_the_giants.table_aids import board_aids
from tests.duel_of_the_giants.helpers import (
    atg,
    blank,
    d,
    goto,
    h,
    marker,
    play,
    stuka_at_d4,
    t34,
    tiger,
    tiger_and_t34_three_hexes_apart,
)


def _notes(g: object) -> dict[str, str]:
    legal = g.legal_actions()  # type: ignore[attr-defined]
    return dict(zip((g.format_action(a) for a in legal), g.describe_actions(legal), strict=True))  # type: ignore[attr-defined]


def test_issue_59_3_dg_11_8_a_shot_at_a_tiger_says_its_track_before_and_after() -> None:
    """T-34 FP 4 at 3 hexes with its turret on the Tiger: 4 - 2 = 2 hits against the
    Tiger's front armour 4: damaged, its track 5 -> 4 (DG-17.8, DG-11.8), said so."""
    g = tiger_and_t34_three_hexes_apart()
    play(g, "fire d5 g5")
    notes = _notes(g)
    assert notes["fire g5 d5"] == "damages Tiger 1: its track 5 → 4 (2 hits vs its front armour 4, DG-11.8)"
    events = play(g, "fire g5 d5")
    assert any("damage track 5 -> 4" in e.text for e in events)  # what the note foretold
    g = tiger_and_t34_three_hexes_apart()
    g.tiger(1).track = 1  # DG-11.8: the track never goes below 1, and the hit still scores (playtest: "1 → 1")
    play(g, "fire d5 g5")
    assert _notes(g)["fire g5 d5"] == ("damages Tiger 1: its track stays at 1, still Soviet +1 VP (2 hits vs "
                                       "its front armour 4, DG-11.8)")
    assert "Soviet +1 VP: Tiger 1 damaged" in "\n".join(e.text for e in play(g, "fire g5 d5"))


def test_issue_59_9_dg_12_3_turning_an_atg_previews_the_hexes_its_gun_covers() -> None:
    """A PAK 8.8 at c5 turned E covers d5, e5 and the T-34 at f5, which blocks the sight
    beyond it (DG-16.4), with the forecast of the shot at it; turned W it covers b5
    and a5, with nothing to shoot (DG-12.3, DG-17.8)."""
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    gun = atg(g, "c5", "pak88", "NE", face_up=True)
    t34(g, 1, "f5", "NE")
    goto(g, "A2")
    assert g.step == "A2", g.step
    assert atg_cover(g, gun, None, d("E")).hexes[:2] == (h("d5"), h("e5"))
    notes = _notes(g)
    face_e = next(t for t in notes if t.startswith("face c5 E") or t == "face c5 E")
    assert notes[face_e].startswith("facing E it covers d5-f5 (3 hexes) (DG-12.3); at f5: ")
    assert "at f5: " in notes[face_e] and "T-34 #1" in notes[face_e]
    assert notes["face c5 W"] == "facing W it covers b5-a5 (2 hexes) (DG-12.3)"
    # the browser draws the same: the covered hexes marked, a line to the T-34
    legal = g.legal_actions()
    texts = [g.format_action(a) for a in legal]
    aids = board_aids(g, legal, g.describe_actions(legal)).actions
    drawing = aids[texts.index(face_e)].drawing
    assert drawing is not None and [m.at for m in drawing.marks] == [centre(*h(x)) for x in ("d5", "e5", "f5")]
    assert drawing.lines and drawing.lines[0].label.split(":")[0] in ("damages T-34 #1", "destroys T-34 #1")


def test_issue_59_9_dg_13_3_the_stukas_launch_previews_its_reach_and_attack() -> None:
    """The Stuka at a6 facing E, one T-34 at c6 facing W (its rear hex d6): launched it
    has its flight phase's actions; F, F, R, R, R reach d6 facing W is too many, but
    the attack needs only reaching d6 (DG-13.5) -- the note counts the actions."""
    g = stuka_at_d4("c6", "W")
    notes = _notes(g)
    assert notes["stuka launch"].startswith("then at a6 facing E, ")
    assert "it can attack T-34 #1 at c6 from d6 after 3 more action(s) (DG-13.5)" in notes["stuka launch"]
    f = flight(g, "launch")
    assert f is not None and h("d6") in f.reach and h("b6") in f.reach
    said = preview(g, g.to_move(), "stuka")
    assert "attack T-34 #1 at c6 from d6 after 3 action(s): destroys it (DG-13.5)" in said
    assert "the airfield a6 is right below it;" in said and notes["stuka launch"].endswith("; over its airfield")
    play(g, "stuka launch", "stuka F", "stuka F")
    # one more F and it is there; the way home and the flight's actions left said in words
    assert _notes(g)["stuka F"] == ("then at d6 facing E, 2 action(s) left this phase; from there it can attack "
                                    "T-34 #1 at c6 (DG-13.5); 6 action(s) back to the airfield (17 left in its flight)")
    assert g.stuka is not None
    g.stuka.flight_phase = 4  # the last flight phase (DG-13.2): 2 actions cannot bring it home
    assert _notes(g)["stuka F"].endswith("; 6 action(s) back to the airfield, more than the 2 its flight has left: "
                                         "it would force-land (DG-13.7)")
    g.stuka.flight_phase = 1
    play(g, "stuka F")
    assert g.stuka is not None and g.stuka.pos == h("d6")
    assert _notes(g)["stuka attack c6"] == "destroys T-34 #1 from behind (DG-13.5)"


def test_issue_59_9_preview_of_a_face_down_gun_only_for_its_owner() -> None:
    """``preview HEX`` lists each facing's cover of one's own gun; the other side may
    not ask about a face-down marker: its identity is the German's secret (DG-24)."""
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    gun = atg(g, "c5", "pak36", "NE")
    t34(g, 1, "f5", "NE")
    said = preview(g, gun.owner, "c5")
    assert said.splitlines()[0] == "the PAK 36 at c5, facing NE now; each facing covers:"
    assert len(said.splitlines()) == 7
    with pytest.raises(TanktableError, match="no ATG of yours at c5"):
        preview(g, 1 - gun.owner, "c5")


def test_issue_59_3_the_seat_is_told_which_action_ends_the_phase(tmp_path: Path) -> None:
    """The page shows `end` as a button when it is legal: the server names it in the
    seat's state (``end``), and only for the seat to move; a Tiger's programming (A4)
    cannot be passed, so there it is None."""
    assert end_action(blank(), [{"text": "stuka launch"}, {"text": "end"}]) == "end"
    assert end_action(blank(), [{"text": "tiger1 +F"}]) is None
    from tests.serve.test_browser_dg import programming_seats

    with programming_seats(tmp_path) as (german, soviet):
        assert german.state()["end"] is None  # programming: no end
        for move in ("tiger1 done", "tiger2 done"):
            assert german.post("act", {"move": move}).status_code == 200
        state = soviet.state()
        assert state["end"] == "end" and "end" in [a["text"] for a in state["actions"]]
        assert german.state()["end"] is None  # not the German's decision
    assert RULESET.id == "duel-of-the-giants"


def test_issue_59_1_dg_17_a_t34_step_names_who_could_shoot_it_there_from_what_soviet_knows() -> None:
    """T-34 #1 at g5 facing W, phase B3: a step forward ends on f5, 3 hexes in front of
    Tiger 1 at c5 (FP 5 - 2 = 3 hits vs front armour 3: destroyed). A face-down PAK 8.8
    at e3 aiming SE along the line to f5 is not named: the Soviet player does not know it
    is a gun (DG-24); turned face up it is. The browser draws a red line from each."""
    from rulesets.duel_of_the_giants.actions import T34Step
    from rulesets.duel_of_the_giants.threats import covering

    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a11", "E")
    t = t34(g, 1, "g5", "W")
    gun = atg(g, "e3", "pak88", "SE")
    goto(g, "B3")
    assert g.step == "B3", g.step
    step = T34Step(h("g5"), "F")
    assert step in g.legal_actions()
    note = g.describe_action(step)
    assert note == "under fire from Tiger 1 (c5): destroys T-34 #1 (DG-17)"
    assert [who for _, who, _ in covering(g, t, h("f5"))] == ["Tiger 1 (c5)"]
    gun.face_up = True
    g.state_changed()
    assert [who for _, who, _ in covering(g, t, h("f5"))] == ["Tiger 1 (c5)", "the PAK 8.8 (e3)"]
    drawing = board_aids(g, [step], [note]).actions[0].drawing
    assert drawing is not None and drawing.lines[0].face == "threat"
    assert drawing.lines[0].label == "Tiger 1 (c5): destroys T-34 #1"


def test_issue_59_9_dg_9_7_an_activations_facings_are_previewed() -> None:
    """Activating the wheel marker at f5 (DG-9.7), phase O3: with the turret W the new
    T-34's gun aims at Tiger 1 at c5, 3 hexes off (FP 4 - 2 = 2 hits vs its front
    armour 4: damaged, track 5 -> 4, DG-11.8); whatever its facings, the Tiger could
    destroy it there. Turret E: nothing to aim at."""
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a11", "E")
    marker(g, "f5", True)
    marker(g, "i9", True)
    goto(g, "O3")
    notes = _notes(g)
    assert notes["activate f5 W W"] == ("aims at Tiger 1 (c5): damages it: its track 5 → 4 (2 hits vs its front "
                                        "armour 4, DG-11.8); under fire from Tiger 1 (c5): destroys the T-34 (DG-17)")
    assert notes["activate f5 W E"] == "under fire from Tiger 1 (c5): destroys the T-34 (DG-17)"
    legal = g.legal_actions()
    texts = [g.format_action(a) for a in legal]
    drawing = board_aids(g, legal, g.describe_actions(legal)).actions[texts.index("activate f5 W W")].drawing
    assert drawing is not None
    assert [(line.face, line.label) for line in drawing.lines[2:]] == [
        ("threat", "Tiger 1 (c5): damages it: its track 5 → 4"), ("threat", "Tiger 1 (c5): destroys the T-34")]


def test_issue_59_1_and_59_9_threats_and_preview_stuka_in_the_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At the prompt (phase A4, Tigers at c5 and c8 facing E, T-34 #1 at f5 facing W):
    ``threats`` names the T-34 that could hit Tiger 1 where it stands (3 hexes: FP 4 - 2
    = 2 hits vs its front armour 4: damaged, DG-11.8); ``preview stuka`` answers for a
    game without one; every card's note names the danger at the stack's end."""
    from tests.duel_of_the_giants.test_preview import a4_position, run

    position = a4_position(tmp_path, "f5", "h3")
    out = run(["play", "duel-of-the-giants", "--position", str(position), "--seat", "german=human",
               "--seat", "soviet=random", "--board", "none"],
              "threats\npreview stuka\nmoves tiger1\nquit\n", monkeypatch)
    assert ("Tiger 1 at c5: T-34 #1 (f5): damages Tiger 1: its track 5 → 4" in out), out
    assert "Tiger 2 at c8: no T-34 could hit it there" in out
    assert "there is no Stuka in this game (DG-13)" in out  # the hand-built board has none
    assert "under fire from T-34 #1 (f5)" in out  # a card whose stack would end in its line


def test_issue_59_dg_8_2_phase_a2_moves_merge_each_guns_turns_on_one_line() -> None:
    """Phase A2 listed each ATG's five turns on a line of their own (40 lines): merged, a
    gun's turns are one line of commands to paste, what each facing covers one note (with
    the shot at a T-34 it would lay the gun on); every legal move is still on the list; a
    short list (a filter) keeps a line per move."""
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    atg(g, "c5", "pak88", "NE", face_up=True)
    atg(g, "c8", "bluff", "E")
    atg(g, "c2", "pak36", "E")
    t34(g, 1, "f5", "NE")
    goto(g, "A2")
    legal = g.legal_actions()
    assert len(legal) > 12
    lines = g.move_lines(legal, g.describe_actions(legal))  # type: ignore[misc]
    texts = [t for _, t in lines]
    pasteable = {m for t in texts for m in t.split("  (")[0].split("   ")}
    assert pasteable == {g.format_action(a) for a in legal}
    assert lines[0] == ("c5", "face c5 E   face c5 SE   face c5 SW   face c5 W   face c5 NW  (PAK 8.8, faces NE; "
                        "turned it covers E d5-f5, at f5: destroys T-34 #1 (3 hits vs its side armour 2, DG-17.9); "
                        "SE c6-f11; SW b6-a9; W b5-a5; NW b4-a1 (DG-12.3))")
    assert any(t.startswith("face c8 NE") and "(a bluff: fires nothing, faces E; turned it covers NE" in t for t in texts)
    assert len(texts) == 3 * 2 - 1 + 1  # turns and activate of two face-down guns, turns of one face up, end
    few, notes = legal[:5], g.describe_actions(legal[:5])
    assert g.move_lines(few, notes) == [  # type: ignore[misc]
        (g.group_of(a, n), g.format_action(a) + f"  ({n})") for a, n in zip(few, notes, strict=True)]
    goto(g, "A4")
    assert g.move_lines is None  # other phases: a line per move


def test_issue_59_dg_9_7_activation_moves_group_a_markers_36_facings_by_what_they_lead_to() -> None:
    """Phase B2 listed 36 facings a wheel marker (288 lines in the opening): grouped, the
    facings that lay the gun on the Tiger are one line (the turret W, any hull), the rest
    one line saying how many, a marker with nothing in line one line."""
    g = blank()
    tiger(g, 1, "c4", "E")
    marker(g, "f4", True)
    marker(g, "h8", True)
    goto(g, "B2")
    assert g.step == "B2", g.step
    legal = g.legal_actions()
    lines = g.move_lines(legal, g.describe_actions(legal))  # type: ignore[misc]
    texts = [t for _, t in lines]
    aims = next(t for t in texts if t.startswith("activate f4 HULL W, any hull  (aims at Tiger 1 (c4): "))
    assert "under fire from Tiger 1 (c4)" in aims
    assert "activate f4 HULL TURRET  (the 30 other facings; under fire from Tiger 1 (c4): destroys the T-34 (DG-17))" in texts
    assert "activate h8 HULL TURRET  (any of the 36 facings, each NE E SE SW W NW)" in texts
    assert "end" in texts and len(texts) == 4
    assert g.move_lines_said == "by tank, facings grouped by their result ('moves HEX': one tank's)"


def test_issue_59_dg_15_phase_b3_moves_share_a_line_per_t34_unless_noted() -> None:
    """Phase B3 printed a line per T-34 move (a screen and more with a few T-34s): the
    moves of a T-34 with nothing to note share one line of commands, each move with a
    note (a gun in line) keeps its own; every legal move is still there to paste."""
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    t34(g, 1, "h5", "W")
    t34(g, 2, "h9", "W")
    goto(g, "B3")
    assert g.step == "B3", g.step
    legal = g.legal_actions()
    notes = g.describe_actions(legal)
    lines = g.move_lines(legal, notes)  # type: ignore[misc]
    texts = [t for _, t in lines]
    pasted = {m for t in texts for m in t.split("  (")[0].split("   ")}
    assert pasted == {g.format_action(a) for a in legal}
    quiet = [g.format_action(a) for a, n in zip(legal, notes, strict=True) if not n and g.format_action(a).startswith("h9")]
    rows = [t for head, t in lines if head == "h9" and "  (" not in t]
    assert "   ".join(rows) == "   ".join(quiet) and len(quiet) > 5 and len(rows) == 2  # in order, two lines
    assert all(len(t) <= 76 for t in texts if "  (" not in t)
    h5 = [t for head, t in lines if head == "h5"]  # its quiet moves first, then each noted one
    assert "  (" in h5[-1] and "  (" not in h5[0] and h5 == sorted(h5, key=lambda t: "  (" in t)
    assert len(texts) < len(legal) / 2


def test_issue_59_9_an_aim_alone_says_its_own_rule_once() -> None:
    """A T-34 laid on a gun that cannot fire back (an ATG facing away) is noted with the
    shot's forecast and its rule, not with a second ``(DG-17)`` after it."""
    from rulesets.duel_of_the_giants.foresight import facing_preview

    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    atg(g, "c4", "pak36", "NW", face_up=True)
    note, _ = facing_preview(g, h("f4"), d("W"), d("W"))
    assert note.startswith("aims at the PAK 36 (c4): ") and note.endswith(")")
    assert not note.endswith(") (DG-17)") and "under fire" not in note


def test_issue_59_prompts_of_a_moving_t34_a_flying_stuka_and_an_orientation_in_words() -> None:
    """B3 names the T-34 moving and says that moving another ends its move (DG-15.4); a
    flying Stuka's prompt says its flight phase of how many; orienting a revealed T-34
    says what to set with the command; each keeps its earlier words for old positions."""
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    t34(g, 1, "h5", "W")
    t34(g, 2, "h9", "W")
    goto(g, "B3")
    play(g, "h5 F")
    assert g.decision() == ("phase B3: move T-34s (DG-15); T-34 #1 at g5 has 2 MA left: moving another T-34 "
                            "ends its move (DG-15.4)")
    assert g.earlier_decisions() == ["phase B3: move T-34s (DG-15); T-34 at g5 has 2 MA left"]
    g.pending_orient = [next(t.id for t in g.t34s() if t.number == 2)]
    assert g.decision() == ("set the hull and turret of the T-34 revealed at h9, each NE E SE SW W NW "
                            "(orient h9 W NW) (DG-10.6)")
    s = stuka_at_d4("c6", "W")
    play(s, "stuka launch")
    assert s.decision() == "phase D4: the Stuka flies, flight phase 1 of 4, 5 action(s) left in it (DG-13)"
    assert s.earlier_decisions() == ["phase D4: Stuka flight phase 1/4, 5 action(s) left (DG-13)"]


def test_issue_59_dg_12_6_hauling_lists_a_line_per_hex_with_each_facings_cover() -> None:
    """Phase A1 listed each haul (gun, hex, facing) on a line of its own: 66 lines for one
    gun. A real gun hauled to a hex is one line with what each facing there would cover
    (with the shot at a T-34 it would be laid on); a bluff is one line for all its hexes."""
    for kind in ("pak88", "bluff"):
        g = blank()
        tiger(g, 1, "a1", "E")
        tiger(g, 2, "a11", "E")
        gun = atg(g, "c5", kind, "E")
        gun.tire = "moving"
        t34(g, 1, "f5", "NE")
        goto(g, "A1a")
        assert g.step == "A1a", g.step
        legal = g.legal_actions()
        lines = g.move_lines(legal, g.describe_actions(legal))  # type: ignore[misc]
        texts = [t for _, t in lines if t != "end"]  # a gun under transport moves: no end here
        hauls = [g.format_action(a) for a in legal if g.format_action(a).startswith("haul c5 ")]
        hexes = list(dict.fromkeys(h.split()[2] for h in hauls))
        if kind == "pak88":
            assert len(texts) == len(hexes) and len(hauls) == 6 * len(hexes)
            assert "haul c5 d5 FACING  (PAK 8.8; there it covers NE d4-f1; E e5-f5, at f5: destroys T-34 #1 " \
                   "(4 hits vs its side armour 2, DG-17.9); SE d6-g11; SW c6-a11; W c5-a5; NW c4-b1 " \
                   "(DG-12.6, DG-12.3))" in texts
        else:
            assert texts == [f"haul c5 HEX FACING  (a bluff: fires nothing; HEX {' '.join(hexes)}, "
                             "FACING NE E SE SW W NW (DG-12.6))"]
    assert g.move_lines_said == "by gun and hex hauled to, facings on one line ('moves haul HEX')"
