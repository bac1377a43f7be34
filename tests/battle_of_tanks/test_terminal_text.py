"""What the terminal shows of Battle of Tanks (issue 27.13, 27.16): a decision's
results in one line, and every tank on the compact map."""

from __future__ import annotations

from pathlib import Path

from rulesets.battle_of_tanks.actions import Declare, Fire, Shot
from tests.battle_of_tanks.helpers import FACE, card, give_chit, make_game, script

AMBUSH_POSITION = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks" / "positions" / "crossroads-ambush.yaml"


def _fire(g, shooter: str) -> None:
    give_chit(g, g.tank(shooter).side)
    g.apply(Declare(g.tank(shooter).label, "FIRE"))


def test_issue_27_16_a_volley_in_one_line_with_dice_need_and_damage():
    """BT-6.5 rulebook example (K then T on 340 HP, firepower 120) as the terminal sums it
    up: every to-hit die and its need, each penetration die's effect, the HP left."""
    g = make_game(
        ["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
        cards=[card("gun", firepower=120, rate_of_fire=3, accuracy="3+"), card("target", hit_points=340)],
    )
    _fire(g, "a1")
    script(g, [6, FACE["K"], 2, 5, FACE["T"]])
    events = g.apply(Fire((Shot("target#1", 3),)))
    assert g.summarize_events(events) == "gun#1 -> target#1: 6 2 5 (need 3) 2 hits: K track, T -120; target#1 220 HP"


def test_issue_27_16_a_volley_that_destroys_says_so_and_the_lost_shots():
    g = make_game(
        ["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
        cards=[card("gun", firepower=400, rate_of_fire=3), card("target", hit_points=300)],
    )
    _fire(g, "a1")
    script(g, [6, FACE["W"]])
    events = g.apply(Fire((Shot("target#1", 3),)))
    summary = g.summarize_events(events)
    assert summary.startswith("gun#1 -> target#1: 6 (need 3) 1 hit: W -300; target#1 destroyed")
    assert summary.endswith("2 shots lost (target already destroyed)")


def test_issue_27_16_recon_rolls_in_one_line():
    """BT-5.4: each spotting roll with its need and whether it spotted."""
    from rulesets.battle_of_tanks.actions import Declare

    forest = {"name": "wood", "type": "forest", "polygon": [[55, 50], [75, 50], [75, 70], [55, 70]]}
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (65, 60, 180)}, terrain=[forest],
                  cards=[card("gun", recon="2+"), card("target")])
    give_chit(g, "a")
    script(g, [3])
    events = g.apply(Declare("gun#1", "RECON"))
    assert g.summarize_events(events) == "spots target#1 (3, need 4: no)"


def test_issue_27_13_tanks_sharing_a_cell_are_all_on_the_compact_map():
    """Issue 27.13: two tanks whose centres fall in one 10 cm cell: the cell reads *1 and the
    list beside the map names both; a tank alone keeps its key."""
    g = make_game(["gun", "gun"], ["target"], {"a1": (21, 61, 0), "a2": (28, 68, 0), "b1": (95, 95, 180)},
                  cards=[card("gun"), card("target")])
    text = g.render_compact(0)
    cells = [line.split("|")[1] for line in text.splitlines() if line.count("|") >= 2]
    assert "".join(cells).count("*1") == 1 and "a1" not in "".join(cells) and "a2" not in "".join(cells)
    assert any(row[4:6] == "*1" for row in cells)  # x 20-30 cm is the third cell
    assert "b1" in "".join(cells)
    assert "one cell: *1 = a1 a2" in text
    full = "".join(line.split("|")[1] for line in g.render(0).splitlines() if line.count("|") >= 2)
    assert "a1" in full and "a2" in full and "*1" not in full  # 5 cm cells: apart on the full map


def test_issue_59_8_the_compact_list_keeps_a_tanks_state_whole_at_80_columns():
    """Playtest of issue 59 at 80x24: the tank list beside the 10 cm map cut "moved, spotted"
    to "moved, spo". Words that fit stay words; a row whose words would not fit gives them a
    letter each (m moved, s spotted, t track hit), keyed under the list; no row is cut."""
    g = make_game(["gun"], ["target", "target"], {"a1": (20, 60, 0), "b1": (95, 95, 180), "b2": (95, 60, 180)},
                  cards=[card("gun"), card("target")])
    g.tank("b1").moved = True
    g.spotted.add("b1")
    g.tank("b2").moved = True
    g.tank("b2").track_until = g.round + 1
    g.spotted.add("b2")
    lines = g.render_compact(0).splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    row = {line.split("|")[-1].split()[0]: line.split("|")[-1] for line in lines if line.count("|") >= 2
           and len(line.split("|")[-1].split()) > 3}
    assert row["b1"].endswith("moved, spotted"), row
    assert row["b2"].endswith(" tms"), row
    assert any(line.endswith("m moved s spotted t track hit a ambush") for line in lines)


def test_issue_59_8_the_board_at_5_cm_a_cell_with_headings_fits_100_by_40() -> None:
    """``board``: the 5 cm map with each tank's heading arrow (tiger#1 faces west: ``<`` before
    it), the tank list with position and heading beside it; no line over 100, at most 40 lines."""
    from rulesets.battle_of_tanks import RULESET

    text = RULESET.new_game(None, {}, 1).render()
    lines = text.splitlines()
    assert len(lines) <= 40 and max(len(line) for line in lines) <= 100
    assert "1 cell = 5 cm" in text and "< b1" in text and "a1>" in text
    row = next(line for line in lines if "tiger#1" in line)
    assert row.split("|")[-1].split() == ["b1", "tiger#1", "95,92.5", "180", "1400/1400", "-"]


def test_issue_59_8_a_long_note_in_moves_goes_under_its_move_wrapped_at_words(capsys, monkeypatch):
    """A candidate whose note is longer than the screen: the move alone on its line (the
    line a player pastes back), the note under it wrapped at word breaks, not cut mid-word
    by the terminal's edge."""
    from tests.cli.test_cli_core import run

    code, out, err = run(["play", "battle-of-tanks", "--position", str(AMBUSH_POSITION), "--seat", "a=human",
                          "--seat", "b=human", "--board", "none"], capsys, monkeypatch, stdin="moves\nquit\n")
    listed = out.split("> moves\n", 1)[1].split("\na -- ", 1)[0].splitlines()
    assert "  ambush amx#1 e25#1*4" in listed and "  pass" in listed, listed
    assert all(len(line) <= 80 for line in listed), listed
    notes = [line for line in listed if line.startswith("      ")]
    assert notes[0].startswith("      (e25#1*4 (830 HP): destroys it 0%") and len(notes) >= 4, listed


def test_issue_59_4_a_drive_alone_names_the_tank_that_drove():
    """``32. b  to 86.3,65.2`` said where but not which tank: a drive's one line names it
    and sums its segments (BT-5.1), so a folded screen of the computer's moves still reads."""
    from rulesets.battle_of_tanks.actions import Drive

    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (100, 100, 180)},
                  cards=[card("gun"), card("target")])
    give_chit(g, "a")
    g.apply(Declare("gun#1", "MOVE"))
    events = g.apply(Drive(((30.0, 60.0), (30.0, 70.0))))
    assert g.summarize_events(events) == "gun#1 drives 20.0 cm"


def test_bt_6_7_a_turret_only_shots_k_reads_no_effect_not_track():
    """Hull to hull (BT-6.7) only T counts: the one-line summary said ``K track`` for a K
    that the full line says "does not count"; it reads ``K no effect``, as the roll did."""
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (30.5, 60, 180)},
                  cards=[card("gun"), card("target")])
    _fire(g, "a1")
    script(g, [6, FACE["K"]])
    events = g.apply(Fire((Shot("target#1", 1),)))
    assert any("does not count" in e.text for e in events)
    assert g.summarize_events(events).endswith("; gun#1 -> target#1: 6 (need 3) 1 hit: K no effect")
    assert g.tank("b1").track_until is None


def test_issue_59_moves_filter_reads_the_move_not_its_note(capsys, monkeypatch):
    """Playtest of issue 59: ``moves t34`` lists side b's T-34's orders only, not every
    order whose note names side a's T-34; a name no move carries (an enemy's, at an
    order prompt) finds the notes that mention it, and says that is what it found."""
    from tests.cli.test_cli_core import run

    code, out, err = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "7",
                          "--board", "none"], capsys, monkeypatch, stdin="moves t34\nmoves t34#1\nquit\n")
    own = out.split("> moves t34\n", 1)[1].split("\nb -- ", 1)[0].splitlines()
    moves = [line for line in own[1:] if not line.startswith("    ")]  # a long note wraps under its move
    assert own[0] == "5 move(s)" and len(moves) == 5 and all(line.startswith("  t34#2 ") for line in moves), own
    enemy = out.split("> moves t34#1\n", 1)[1].split("\nb -- ", 1)[0].splitlines()
    assert enemy[0] == "no move names 't34#1'; these mention it in their notes:", enemy
    assert len(enemy) > 2 and all("nearest enemy t34#1" in line for line in enemy[2:] if not line.startswith("    ")), enemy


def test_issue_59_8_the_board_at_the_end_fits_the_terminal(capsys, monkeypatch):
    """Playtest of issue 59: at a game's end the terminal printed the full board (30 to 46
    lines) even at 80x24, pushing the table off the screen under the result. It prints the
    board that fits, the compact 10 cm map each decision drew at that size; at 100x40 the
    full 5 cm board fits and is printed."""
    from rulesets.battle_of_tanks import compact
    from tests.cli.test_cli_core import run

    def ending(stdin: str) -> list[str]:
        code, out, err = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "7",
                              "--board", "none"], capsys, monkeypatch, stdin=stdin)
        assert code == 0, err
        return out.split("\nResult: ", 1)[0].rsplit("\nb -- ", 1)[1].splitlines()[1:]

    small = ending("resign\ny\n\n")
    board = small[small.index(next(line for line in small if line.startswith("    +"))):]
    assert any("1 cell = 10 cm" in line for line in board) and len(board) + 3 <= 24, small
    assert all(len(line) < 80 for line in board), board
    assert not any(line.startswith(("next:", "  next:")) for line in board), board  # resigned: nobody is next
    monkeypatch.setattr(compact, "screen_size", lambda: (100, 40))
    large = "\n".join(ending("resign\ny\n\n"))
    assert "1 cell = 5 cm" in large and "1 cell = 10 cm" not in large and "next:" not in large, large
