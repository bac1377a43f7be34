"""Duel of the Giants at the browser table, server side (issue 29.5-29.8): what the
page is sent to draw a shot's hits, a Tiger's course, the Stuka's moves and the
other side's decisions, each set up on a hand-built board with the exact result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli.serve.aids import board, entry_drawing
from core.errors import TanktableError
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.svg import centre
from tests.duel_of_the_giants import helpers as dg
from tests.duel_of_the_giants.helpers import atg, blank, goto, h, marker, play, stuka, t34, tiger


def _sent(g: Any) -> tuple[list[str], list[str], dict[str, Any], list[Any]]:
    legal = g.legal_actions()
    notes = g.describe_actions(legal)
    targets, aids = board(RULESET, g, legal, notes)
    return [g.format_action(a) for a in legal], notes, targets, aids


def _xy(label: str) -> list[float]:
    x, y = centre(*h(label))
    return [round(x, 1), round(y, 1)]


def test_issue_29_5_dg_17_8_a_shot_shows_the_hits_it_would_score_and_hold_is_off_the_board() -> None:
    """Tiger FP 5 at 3 hexes: 5 - (3 - 1) = 3 hits against the T-34's front armour 3:
    destroyed (DG-17.8, DG-17.9). The shot goes from the Tiger to the T-34 on the
    board; holding fire has no place there (issue 29.5: a button of its own)."""
    g = dg.tiger_and_t34_three_hexes_apart()
    texts, notes, targets, aids = _sent(g)
    assert texts == ["fire d5 g5", "hold d5"]
    assert notes[0] == "destroys T-34 #1 (3 hits vs its front armour 3, DG-17.9)"  # a player's words (issue 59.3)
    assert targets["moves"] == [{"from": "d5", "to": "g5"}, {"from": None, "to": None}]
    assert aids[0] == {"lines": [{"from": _xy("d5"), "to": _xy("g5"), "label": "destroys it",
                                  "face": "front"}]}
    assert aids[1] is None
    events = play(g, "fire d5 g5", "fire g5 d5")
    assert any("= 3 hit(s) vs front armour 3: destroyed" in e.text for e in events)  # what the note foretold


def test_issue_29_5_dg_17_5_a_t34s_forecast_counts_its_turret_turn() -> None:
    """A T-34 whose turret must turn two steps loses one hit (DG-17.5, DG-17.8): FP 4 at
    distance 5 = 0, minus 1 = -1 against the Tiger's front: no effect."""
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "h5", "W", "SE")
    t34(g, 9, "i11", "NE")
    goto(g, "D1")
    play(g, "fire c5 h5")
    texts, notes, _, _ = _sent(g)
    assert texts[0] == "fire h5 c5"
    assert notes[0] == "no effect on Tiger 1: no hit at this range (DG-17.8)"


def test_issue_29_6_dg_11_5_a_tiger_stack_is_drawn_with_its_course_hull_and_turret() -> None:
    """With F R laid, the stack ended now drives one hex east and turns right: the
    drawing passes c5 -> d5, ends there with the hull SE and the turret (T2: 2 o'clock)
    one step further, SW; a card that would drive into a T-34 is drawn blocked."""
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "e5", "W")
    goto(g, "A4")
    play(g, "tiger1 +F", "tiger1 +R")
    texts, notes, _, aids = _sent(g)
    done = texts.index("tiger1 done")
    assert notes[done] == ("end d5 SE, turret 12 o'clock; under fire from T-34 #1 (e5): critically damages "
                           "Tiger 1: its track 5 → 3 (DG-17)")  # who could shoot it there (issue 59.1)
    aid = aids[done]
    assert aid["path"] == [_xy("c5"), _xy("d5")] and aid["over"] is False
    hull, turret = aid["lines"]
    assert (hull["face"], hull["from"]) == ("hull", _xy("d5"))
    x0, y0 = _xy("d5")
    assert hull["to"][0] > x0 and hull["to"][1] > y0  # SE of d5: right and down on the drawing
    assert turret["face"] == "turret"
    t2 = aids[texts.index("tiger1 +T2")]["lines"][1]
    assert t2["to"][0] < x0 and t2["to"][1] > y0  # SW of d5: left and down on the drawing
    play(g, "tiger1 +L")  # facing E again, the T-34 straight ahead
    texts, _, _, aids = _sent(g)
    assert aids[texts.index("tiger1 +F")]["over"] is True  # blocked by the T-34 (DG-11.5)


def test_issue_29_6_dg_8_4_choosing_which_tiger_executes_first_draws_each_program() -> None:
    """C1 (DG-8.4, DG-AMB-15): each `execute` move carries the course of that Tiger's own
    program: Tiger 1 programmed F F goes c5 -> d5 -> e5."""
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 9, "i11", "NE")
    goto(g, "A4")
    play(g, "tiger1 +F", "tiger1 +F", "tiger1 done", "tiger2 +R", "tiger2 done")
    goto(g, "C1")
    texts, notes, _, aids = _sent(g)
    one = texts.index("execute tiger1")
    # C1 says what each gun will be laid on, nothing included (playtest of issue 58)
    assert notes[one] == "end e5 E, turret 12 o'clock; no T-34 in its gun's line there"
    assert aids[one]["path"] == [_xy("c5"), _xy("d5"), _xy("e5")]
    two = texts.index("execute tiger2")
    assert aids[two]["path"] == [_xy("a1")] and aids[two]["lines"][0]["face"] == "hull"


def test_issue_29_8_the_stukas_moves_are_placed_on_hexes() -> None:
    """DG-13.3: forward is the hex ahead, a turn the hex the Stuka would then face;
    the launch the airfield; the attack the T-34 (DG-13.5)."""
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a3", "E")
    s = stuka(g, "c6", "E")
    t34(g, 1, "i11", "NE")
    goto(g, "D4")
    texts, _, targets, _ = _sent(g)
    assert texts[0] == "stuka launch"
    assert targets["moves"][0] == {"from": None, "to": "c6"}
    play(g, "stuka launch")
    texts, _, targets, _ = _sent(g)
    where = {t: m["to"] for t, m in zip(texts, targets["moves"], strict=True)}
    assert where["stuka F"] == "d6" and where["stuka L"] == "d5" and where["stuka R"] == "d7"
    assert where["stuka land"] == "c6"
    assert s.pos == h("c6")


def test_issue_29_8_activations_and_orientations_are_chosen_on_their_hex() -> None:
    """A marker's activation (DG-9.7) and an ATG's (DG-12.4) are chosen on the hex
    itself, where the page offers the facings as arrows."""
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a3", "E")
    marker(g, "g5", True)
    goto(g, "O3")
    texts, _, targets, _ = _sent(g)
    acts = [m for t, m in zip(texts, targets["moves"], strict=True) if t.startswith("activate g5 ")]
    assert len(acts) == 36 and all(m == {"from": None, "to": "g5"} for m in acts)
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a3", "E")
    atg(g, "c5", "pak36", "E")
    t34(g, 1, "i11", "NE")
    goto(g, "A2")
    texts, _, targets, _ = _sent(g)
    on_c5 = {t for t, m in zip(texts, targets["moves"], strict=True) if m["to"] == "c5"}
    assert "activate c5" in on_c5 and "face c5 NE" in on_c5


def test_issue_29_7_a_log_entry_is_drawn_from_what_the_seat_was_sent_only() -> None:
    """A T-34's steps become a path, a shot a line with its hits, a reveal a mark; an
    event that reached the seat as its public text alone (no data) draws nothing."""
    steps = [{"kind": "t34", "text": "T-34 #1 forward e5 -> d5", "data": {"from": "e5", "to": "d5"}},
             {"kind": "t34", "text": "T-34 #1 forward d5 -> c5", "data": {"from": "d5", "to": "c5"}}]
    g = blank()
    assert entry_drawing(g, "e5 F", steps) == {"path": [_xy("e5"), _xy("d5"), _xy("c5")], "over": False,
                                              "label": ""}
    shot = [{"kind": "shot", "text": "T-34 #1 (c5) fires at Tiger 2 (f5): 4 hit(s) vs side armour 2: destroyed (DG-17.9)", "data": {"shooter": "c5", "target": "f5", "hits": 4, "zone": "side",
                                                      "armour": 2}}]
    assert entry_drawing(g, None, shot) == {"lines": [{"from": _xy("c5"), "to": _xy("f5"),
                                                       "label": "destroyed", "face": "side"}]}
    # the map says what the shot did, as a player would (playtest of issue 58/59: the label
    # read "damaged; damage track 5 -> 4 (DG-11.8), 1 hits vs side armour 3")
    damage = [{"kind": "shot", "text": "T-34 #1 (f2) fires at Tiger 1 (d6): FP 4 -3 range (4 hexes) = 1 hit(s) vs "
               "side armour 3: damaged; damage track 5 -> 4 (DG-11.8)",
               "data": {"shooter": "f2", "target": "d6", "hits": 1, "zone": "side", "armour": 3}}]
    assert entry_drawing(g, None, damage)["lines"][0]["label"] == "damaged: its track 5 → 4"
    reveal = [{"kind": "reveal", "text": "...", "data": {"at": "g6", "wheel": False}}]
    assert entry_drawing(g, "recon g6", reveal) == {"marks": [{"at": _xy("g6"), "label": "bluff marker",
                                                               "kind": "reveal"}]}
    assert entry_drawing(g, "marker g3-f3-e3", [{"kind": "marker", "text": "..."}])["path"] == \
        [_xy("g3"), _xy("f3"), _xy("e3")]
    hidden = [{"kind": "declare", "text": "German declares for Tiger 1", "data": {}}]
    assert entry_drawing(g, None, hidden) is None


def test_issue_29_7_only_the_other_sides_newest_entries_carry_a_drawing(tmp_path: Path) -> None:
    """Over HTTP: after the Soviet's marker move, the German's log draws that move (its
    path through the hexes the notation names, DG-9.5); neither seat gets a drawing of
    its own decisions."""
    from tests.serve.test_browser_dg import programming_seats

    with programming_seats(tmp_path) as (german, soviet):
        for move in ("tiger1 done", "tiger2 done"):
            assert german.post("act", {"move": move}).status_code == 200
        move = next(a["text"] for a in soviet.state()["actions"] if a["text"].startswith("marker "))
        assert soviet.post("act", {"move": move}).status_code == 200
        log = german.state()["log"]
        assert [e["move"] for e in log] == ["tiger1 done", "tiger2 done", move]
        assert "aid" not in log[0] and "aid" not in log[1]
        assert log[2]["aid"]["path"] == [_xy(hex_) for hex_ in move.split()[1].split("-")]
        assert all("aid" not in e for e in soviet.state()["log"] if e["player"] == "soviet")


def test_issue_58_set_up_pieces_and_the_first_tiger_are_chosen_on_their_hex() -> None:
    """Playtest of issue 58: in the German's set-up (DG-7.4) a click on a hex offered the
    Tiger, the airfield and the mines but never the ATGs (they were placed only to select
    the hex), and in phase C1 (DG-8.4) a click on a Tiger did nothing. Every placement is
    now chosen on its hex, and `execute tigerN` on Tiger N's own hex."""
    from rulesets.duel_of_the_giants.actions import PlaceAtg

    g = RULESET.new_game("summer", {"setup": "manual"}, 3)
    while not any(isinstance(a, PlaceAtg) for a in g.legal_actions()):
        g.apply(g.legal_actions()[0])
    texts, _, targets, _ = _sent(g)
    where = dict(zip(texts, targets["moves"], strict=True))
    placed = [t for t in texts if t.startswith("place atg ")]
    assert placed and all(where[t] == {"from": None, "to": t.split()[3]} for t in placed)
    g = blank()
    tiger(g, 1, "c4", "E")
    tiger(g, 2, "c7", "E")
    t34(g, 1, "i11", "NE")
    goto(g, "C1")
    texts, _, targets, _ = _sent(g)
    assert dict(zip(texts, targets["moves"], strict=True)) == {"execute tiger1": {"from": None, "to": "c4"},
                                                               "execute tiger2": {"from": None, "to": "c7"}}


def test_issue_58_a_programs_label_on_the_map_is_short() -> None:
    """Playtest of issue 58: a program's whole note drawn beside its course ran past the
    board's edge under the side panel. The map keeps where it ends, a stop, the gun's
    target and who could shoot it there, by name; the note under the board keeps the rest."""
    from rulesets.duel_of_the_giants.table_aids import map_label

    note = ("end d6 SE, turret 12 o'clock; its gun on T-34 #2 (g5): destroys it (2 hits vs its side armour 2, "
            "DG-17.9); under fire from T-34 #1 (f2): damages it: its track 5 → 4; T-34 #5 (g6): damages it: "
            "its track 5 → 4 (DG-17)")
    assert map_label(note) == "end d6 SE · gun on T-34 #2: destroys it · in fire: T-34 #1, T-34 #5"
    assert map_label("end c4 E, turret 2 o'clock, stands still") == "end c4 E, stands still"
    assert map_label("end d5 E, turret 12 o'clock; 1 F card wasted: e5 (front element) takes 2 F cards in a "
                     "row (DG-AMB-16)") == "end d5 E · 1 F card wasted"


def test_issue_59_3_a_step_with_nothing_to_choose_passes_by_itself_with_a_line_in_the_log(tmp_path: Path) -> None:
    """Phase B2 with only a bluff marker left uncovered: the Soviet must be asked (DG-24,
    the engine does not skip it) but has nothing to choose but ``end``. At the browser
    table it passes by itself for a person's seat, kept in the record as that seat's
    ``end`` (a replay stays exact), with a line in the Soviet's own log only; ``undo``
    takes back the Soviet's last real decision, past the passed step."""
    from cli.serve.seatview import seat_state
    from cli.serve.tables import HUMAN, Seat, Table
    from core.record import make_header

    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "c8", "E")
    t34(g, 1, "i1", "W")
    marker(g, "i9", wheel=False)
    goto(g, "B1")
    table = Table("t", RULESET, g, make_header(RULESET, None, 0), {0: HUMAN, 1: HUMAN}, tmp_path / "t.yaml")
    soviet = Seat(HUMAN, g.side_players["soviet"][0])
    assert g.step == "B1" and g.forced_pass() is None  # a marker may move: a real choice
    table.act(soviet, "end")
    assert g.step == "B3", g.decision()  # B2 passed by itself
    assert [g.format_action(st.action) for st in g.history[-2:]] == ["end", "end"]
    line = "No choice in phase B2: activate wheel markers (DG-9.7): passed by itself."
    said = seat_state(table, soviet)["log"][-1]["events"]
    assert said[0] == {"kind": "note", "text": line, "data": {}}
    german = seat_state(table, Seat(HUMAN, g.side_players["german"][0]))["log"][-1]["events"]
    assert all(e["text"] != line for e in german)
    # each end says which step it closed (playtest of issues 58/59: "Soviet end" twice);
    # the other side is told the phase alone
    closes = ["phase B1: move tank markers (DG-9.5)", "phase B2: activate wheel markers (DG-9.7)"]
    assert [e.get("closes") for e in seat_state(table, soviet)["log"][-2:]] == closes
    other = seat_state(table, Seat(HUMAN, g.side_players["german"][0]))["log"][-2:]
    assert [e.get("closes") for e in other] == ["phase B1", "phase B2"]
    # an end decided on an older version (B2 on screen, passed meanwhile) is refused, said why
    with pytest.raises(TanktableError, match="the decision changed before 'end' arrived; it is now soviet's: phase B3"):
        table.play_text(soviet, "end", table.version - 1)
    assert g.step == "B3"
    table.undo(soviet)
    assert g.step == "B1" and not table.auto_passed


def test_dg_10_6_a_recon_says_on_the_map_that_a_revealed_t34_is_faced_by_its_owner() -> None:
    """A3 recon (DG-10.2) of the marker at e5 by Tiger 1 at c5: the click's drawing is a line
    from the Tiger to the marker and a mark saying, before the click, that a T-34 found
    there is faced by the Soviet player and a bluff removed (DG-10.6; playtest of issue 58)."""
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "i11", "W")
    marker(g, "e5", wheel=True)
    goto(g, "A3")
    texts, _, _, aids = _sent(g)
    aid = aids[texts.index("recon e5")]
    assert aid["lines"] == [{"from": _xy("c5"), "to": _xy("e5"), "label": "Tiger 1 turns it up", "face": "cover"}]
    assert aid["marks"][0]["label"] == "if a T-34: the Soviet player sets its facings; if a bluff: removed"
