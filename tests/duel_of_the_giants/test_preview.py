"""Foresight for the German player (issue 19 item 6): ``preview`` of a Tiger
program (DG-11.5), the notes ``moves`` shows beside programs and ATG
activations (DG-12.3, DG-16, DG-17.2), and a hint that does not waste a program."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
import yaml

from cli.app import main
from core.ai import make_agent
from core.errors import TanktableError
from rulesets.duel_of_the_giants.actions import CloseProgram, LayCard, Program
from rulesets.duel_of_the_giants.board import FACINGS, label
from rulesets.duel_of_the_giants.preview import course, preview
from rulesets.duel_of_the_giants.tigers import counted
from tests.duel_of_the_giants.helpers import (
    atg,
    blank,
    goto,
    h,
    play,
    programming,
    t34,
    terrain,
    texts,
    tiger,
)


def test_dg_11_5_preview_names_end_hex_facing_route_and_blocker() -> None:
    g = programming("f5")
    text = preview(g, 0, "tiger1 F F F F T2")
    assert "ends at e5 facing E, turret 2 o'clock (its gun SE)" in text  # the clock as a compass point too
    assert "hexes passed: c5 -> d5 -> e5" in text
    assert "stopped by a T-34 at f5 (DG-11.5)" in text
    assert g.tiger(1).pos == (3, 5) and g.programs == {}  # the preview changed nothing


def test_dg_11_5_preview_of_turns_only_ends_where_it_began() -> None:
    g = programming()
    text = preview(g, 0, "tiger1 L R")
    assert "ends at c5 facing E" in text and "where it began" in text
    assert "hexes passed: none" in text


def test_dg_4_5_1_preview_stops_before_swamp() -> None:
    g = programming()
    terrain(g, "swamp", "d5")
    c = course(g, 1, ("F", "F"))
    assert c.end == (3, 5) and c.passed == () and c.stop is not None and "swamp" in c.stop


def test_dg_11_3_preview_refuses_a_program_beyond_the_card_limit() -> None:
    g = programming()
    with pytest.raises(TanktableError, match=r"DG-11\.3"):
        preview(g, 0, "tiger1 F F F F F F")


def test_dg_11_5_program_notes_give_the_end_of_every_listed_card() -> None:
    """Each card offered (and ending the stack) notes where the stack would lead,
    were it ended with that card, as execution would leave it (issue 27.14)."""
    g = programming("f5", "h3")
    for laid in ((), ("F",), ("F", "F"), ("F", "F", "F")):
        assert g.draft == laid
        for action in g.legal_actions():
            assert isinstance(action, LayCard | CloseProgram)
            cards = (*laid, action.card) if isinstance(action, LayCard) else laid
            note = g.describe_action(action)
            c = course(g, action.tiger, counted(cards))
            assert note.startswith(f"end {label(c.end)} ")
            assert ("stopped short by a T-34 at f5 (DG-11.5)" in note) == (c.stop is not None)
        g.apply(LayCard(1, "F"))


def test_dg_17_2_atg_activation_notes_line_of_fire_or_what_blocks_it() -> None:
    g = blank()
    tiger(g, 2, "c8", "E")
    t34(g, 1, "g5", "W")
    t34(g, 2, "g8", "W")
    t34(g, 3, "g2", "W")
    terrain(g, "forest", "g2")
    atg(g, "c5", "pak88", "E")
    atg(g, "b8", "pak36", "E")
    atg(g, "b3", "pak36", "W")
    atg(g, "d2", "pak36", "E")
    atg(g, "b2", "bluff", "E")
    atg(g, "a5", "pak36", "E")
    goto(g, "D1")
    notes = {g.format_action(a): g.describe_action(a) for a in g.legal_actions()}
    # what the shot would do (a playtest revealed a gun for a shot that could not hit)
    assert notes["activate c5"] == ("line of fire to T-34 #1 at g5 (DG-17.2): its shot damages it "
                                    "(2 hits vs its front armour 3, DG-17.9)")
    assert notes["activate a5"] == ("line of fire to T-34 #1 at g5 (DG-17.2), but its shot has no effect on it: "
                                    "no hit at this range (DG-17.8)")
    assert notes["activate b8"] == "no line of fire: T-34 #2 at g8 is behind the tank at c8 (DG-16.4)"
    assert notes["activate b3"] == "no line of fire: no T-34 on its facing ray W (DG-12.3)"
    assert notes["activate d2"] == "no line of fire: T-34 #3 at g2 is concealed (DG-16.7)"
    assert "bluff" in notes["activate b2"]


def test_dg_11_5_evaluation_judges_a_program_by_where_it_leads() -> None:
    """The AI's evaluation (greedy, hint) projects a waiting program: turning on the
    spot is worth less than driving into line with the T-34s, and a detour that
    ends where a shorter program does is worth less than the shorter one."""
    g = programming("g7", "h3")
    german = g.players.index("german")

    def value(program: str) -> float:
        child = g.clone()
        child.apply(child.parse_action(program))
        return child.evaluate(german)

    assert value("tiger1 L R") < value("tiger1 F F F T2")
    assert value("tiger1 B F R") < value("tiger1 R")


def test_dg_11_5_greedy_does_not_program_a_standstill_when_driving_is_better() -> None:
    g = programming("g7", "h3")
    for seed in range(4):
        action = make_agent("greedy", seed=seed).choose(g)
        assert isinstance(action, Program)
        assert not course(g, action.tiger, counted(action.cards)).stands_still


# ------------------------------------------------------------ the terminal
def run(args: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> str:
    out = io.StringIO()
    monkeypatch.setattr(sys, "argv", ["tanktable", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    with pytest.raises(SystemExit):
        main()
    return out.getvalue()


def a4_position(tmp_path: Path, *t34s: str) -> Path:
    path = tmp_path / "a4.yaml"
    path.write_text(yaml.safe_dump(programming(*t34s).position(), sort_keys=False))
    return path


def test_preview_moves_filter_and_hint_at_the_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    position = a4_position(tmp_path, "f5", "h3")
    out = run(["play", "duel-of-the-giants", "--position", str(position), "--seat", "german=human",
               "--seat", "soviet=random", "--board", "none"],
              "preview tiger1 F F F F T2\ntiger1 +F\ntiger1 +F\nmoves end e5\npreview tiger1 T2 F\nhelp\nquit\n",
              monkeypatch)
    assert "ends at e5 facing E, turret 2 o'clock" in out and "stopped by a T-34 at f5 (DG-11.5)" in out
    ends = re.findall(r"tiger1 [^(]*\(end (\S+) ", out)
    assert len(ends) >= 9 and set(ends) == {"e5"}  # after F F: each card but F, and done
    flat = re.sub(r"\s+", " ", out)  # a note wider than the screen is wrapped under its move
    assert "tiger1 +R (end e5 SE, turret 12 o'clock; under fire from T-34 #1 (f5)" in flat  # issue 59.1
    assert "the turret card must come after all movement cards (DG-11.2)" in flat  # wrapped at words
    assert "preview TIGER CARDS" in out


def test_hint_notes_where_the_program_it_suggests_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's best program reads back as typed, and the note below it names the hex
    that program's course ends on (DG-11.5). Which program is best is the search's
    judgement (at the hint's budget, standing fast and a short drive are close here);
    that the one-ply evaluation prefers driving is the greedy test above."""
    position = a4_position(tmp_path, "g7", "h3")
    out = run(["play", "duel-of-the-giants", "--position", str(position), "--seat", "german=human",
               "--seat", "soviet=random", "--board", "none", "--seed", "3"], "hint\nquit\n", monkeypatch)
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "hint: " in line)
    # the best move first, on a line of its own with its estimate (issue 28.5)
    at = next(i for i in range(start, len(lines)) if lines[i].startswith("  tiger"))
    program = lines[at].strip().rsplit("  (", 1)[0]  # the move alone, as typed (issue 27.17)
    # its note below it, after the plan's lines (the next Tiger's program)
    note = next(line.strip() for line in lines[at + 1:] if line.strip().startswith("(")).removeprefix("(end ")
    hinted = Program(1, tuple(program.split()[1:]))
    c = course(programming("g7", "h3"), 1, counted(hinted.cards))
    assert note.startswith(f"{label(c.end)} {FACINGS[c.hull]}, turret ")


# ------------------------------------------------ issue 59 in a player's words
def test_dg_amb_16_wasted_cards_say_which_hex_needs_how_many_cards() -> None:
    """Issue 59.3: not "a run of cards too short to enter a hex is wasted" but the hex, why
    it costs more, how many cards it takes and how many are lost (DG-AMB-16, DG-5.5)."""
    g = programming("h5")
    g.front.add((5, 5))  # e5
    words = "1 F card wasted: e5 (front element) takes 2 F cards in a row (DG-AMB-16)"
    assert words in preview(g, 0, "tiger1 F F")
    assert course(g, 1, ("F", "F")).wasted == (1, "F")  # carried as data with the event, not read from its text
    assert "wasted" not in preview(g, 0, "tiger1 F F F")  # the third F enters e5
    assert course(g, 1, ("F", "F", "F")).wasted is None
    g.apply(LayCard(1, "F"))
    assert words in g.describe_action(LayCard(1, "F"))  # the stack F F, were it ended there


def test_dg_17_2_a_program_notes_what_its_gun_is_laid_on_where_it_ends() -> None:
    """Issue 59.9: a program's note says what the Tiger could shoot from its end hex, the
    shot's forecast in words; ``preview`` says so, or that no T-34 is in its gun's line."""
    g = programming("h5")
    note = g.describe_action(LayCard(1, "F"))  # end d5 E, turret 12: h5 four hexes on
    assert "its gun on T-34 #1 (h5): damages it (2 hits vs its front armour 3, DG-17.9)" in note
    assert "its gun on" not in g.describe_action(LayCard(1, "T2"))  # turned away from it
    assert "no T-34 in its gun's line from there" in preview(g, 0, "tiger1 L")
    assert "its gun then on T-34 #1 (h5): destroys it" in preview(g, 0, "tiger1 F F F")
    assert "its gun then on T-34 #1 (h5): no effect on it" in preview(g, 0, "tiger1 B B B")
    assert "its gun on" not in g.describe_action(Program(1, ("B", "B", "B")))  # a shot that does nothing
    terrain(g, "forest", "h5")  # and the T-34 in forest, adjacent at the end, fires first (DG-17.6)
    assert ("its gun then on T-34 #1 (h5): T-34 #1 in forest fires first (DG-17.6): critically damages Tiger 1: "
            "its track 5 → 3 (") in preview(g, 0, "tiger1 F F F F")
    assert "; then Tiger 1's shot destroys T-34 #1 (" in preview(g, 0, "tiger1 F F F F")


def test_dg_12_3_a_gun_facing_the_edge_says_so() -> None:
    """An ATG turned to the board's edge covers nothing because of the edge, not its sight."""
    from rulesets.duel_of_the_giants.foresight import cover_note, hex_runs

    g = blank()
    gun = atg(g, "d11", "pak88", "E")
    assert cover_note(g, gun, facing=FACINGS.index("SE")) == "facing SE it covers no hex: it faces the board's edge (DG-12.3)"
    # the Stuka's reach in runs down each column (issue 59.9), as the rows are read on the board
    assert hex_runs(((1, 3), (1, 4), (1, 5), (1, 7), (2, 3), (3, 10))) == "a3-a5 a7 b3 c10"


def test_issue_59_10_a_tile_is_placed_by_the_words_a_player_uses() -> None:
    """``place tile high d3`` and ``place tile high ground d3`` are high ground (DG-7.1), as
    the guide calls it, not refused as an unknown element."""
    from rulesets.duel_of_the_giants.actions import PlaceTile
    from rulesets.duel_of_the_giants.notation import format_action, parse_action

    for typed in ("place tile high d3", "place tile high ground d3", "place tile High-Ground d3"):
        assert parse_action(typed) == PlaceTile("high_ground", (4, 3))
    # and written in words too (issue 59), which parse back
    assert format_action(parse_action("place tile snow high e2")) == "place tile snow high ground e2"
    assert parse_action("place tile snow high ground e2") == PlaceTile("snow_high_ground", (5, 2))
    # the browser's set-up chooser reads the tile's words from that text (board-play.js's TILE)
    import re
    from pathlib import Path

    js = (Path(__file__).resolve().parents[2]
          / "cli/serve/static/table/rulesets/duel-of-the-giants/board-play.js").read_text()
    found = re.search(r"const TILE = /(.+?)/;", js)
    assert found is not None
    tile = re.compile(found.group(1))
    said = tile.match(format_action(PlaceTile("snow_high_ground", (5, 2))))
    assert said is not None and said.group(1) == "snow high ground"


def test_issue_59_8_compact_board_leaves_the_decision_to_the_prompt_and_answers_wrap_at_words() -> None:
    """The board above the prompt does not repeat the prompt's decision line; a table
    command's answer wider than the screen wraps at words under its indent."""
    from cli.play import at_words

    g = programming("h5")
    german = g.players.index("german")
    assert "to move:" not in g.render_compact(german) and "to move: german" in g.render(german)
    assert "'end' finishes this phase" not in g.render_compact(german)  # A4: a Tiger's stack, no end
    g = blank()
    tiger(g, 1, "c5", "E")
    atg(g, "c8", "pak36", "E")
    goto(g, "D1")  # a phase that may be passed: how, on the line above the prompt (issue 59.3)
    assert g.step == "D1"
    assert g.render_compact(german).endswith("('end' finishes this phase, 'moves' lists what you may do, "
                                             "'board' every piece)")
    assert "'end'" not in g.render_compact(g.players.index("soviet"))  # not the Soviet's to end
    text = "  the airfield a6 is 0 action(s) away; it must be there, free, at the end of the last phase"
    assert at_words(text, 40).splitlines() == ["  the airfield a6 is 0 action(s) away;",
                                               "    it must be there, free, at the end",
                                               "    of the last phase"]


def test_dg_7_manual_set_up_shows_what_is_left_to_place_and_only_your_own() -> None:
    """A manual set-up (DG-7) shows each player what is still in his box below the board;
    the German's guns and mines are not on the Soviet player's board (DG-24)."""
    import random

    from rulesets.duel_of_the_giants.ruleset import DuelOfTheGiantsRuleset

    g = DuelOfTheGiantsRuleset().new_game("summer", {"setup": "manual"}, 0)
    assert "still to place: 4 forest tiles, 3 high ground tiles, 3 swamp tiles" in g.render_compact(0)
    rng = random.Random(1)
    while g.step != "S4":
        g.apply(rng.choice(g.legal_actions()))
    german, soviet = g.players.index("german"), g.players.index("soviet")
    assert ("still to place: 2 Tigers, airfield, PAK 8.8, 2 PAK 36, 3 ATG bluffs, 4 mines,\n    4 mine bluffs"
            in g.render_compact(german))
    assert "still to place" not in g.render_compact(soviet) and "PAK" not in g.render_compact(soviet)


def test_dg_10_6_a_recon_says_who_turns_which_marker_and_what_may_come_of_it() -> None:
    """Issue 59.3: ``recon e5`` in ``moves`` is not bare: who turns the marker face up and
    what either face means (DG-10.6), nothing the German player cannot know (DG-24)."""
    from tests.duel_of_the_giants.helpers import marker

    g = blank()
    tiger(g, 1, "c5", "E")
    marker(g, "e5", True)
    goto(g, "A3")
    wheel = {g.format_action(a): g.describe_action(a) for a in g.legal_actions()}
    assert wheel["recon e5"] == ("Tiger 1 turns the tank marker at e5 face up: a T-34 is placed there and the "
                                 "Soviet player sets its facings, a bluff is removed (DG-10.6)")
    g.markers[next(iter(g.markers))].wheel = False  # a bluff reads the same
    assert g.describe_action(g.parse_action("recon e5")) == wheel["recon e5"]
    from rulesets.duel_of_the_giants.recon import t34_recon_note

    t34(g, 3, "g5", "W")  # the Soviet's recon of a gun (DG-10.7)
    assert t34_recon_note(g, (7, 5), (5, 5)) == ("T-34 #3 turns the ATG marker at e5 face up: a real gun stays "
                                                 "face up, activated, and may be shot at; a bluff is removed (DG-10.7)")


def test_dg_16_4_a_tank_that_moves_away_no_longer_blocks_its_own_line() -> None:
    """A forecast supposes the piece where it would stand: the hex it left is empty then
    (DG-16.4). A Tiger backing from c5 to a5 is still in T-34 #1's line at e5, and its gun
    still on it; the real Tiger is back on c5 after the forecast."""
    g = programming("e5")
    text = preview(g, 0, "tiger1 B B")
    assert "its gun then on T-34 #1 (e5): damages it" in text
    assert "under fire from T-34 #1 (e5): damages Tiger 1: its track 5 → 4 (DG-17)" in text
    assert "under fire from T-34 #1 (e5)" in g.describe_action(Program(1, ("B", "B")))
    assert g.tiger(1).pos == (3, 5) and g.tank_at((3, 5)) is g.tiger(1)


def test_dg_15_6_a_turret_or_hull_turn_notes_what_the_t34s_gun_is_laid_on() -> None:
    """Issue 59.9: in phase B3 a T-34's turret turn (DG-15.6), and a hull turn that takes the
    turret with it, say which German unit its gun would then aim at and what the shot would
    do, as the activation's facings do; a turn onto nothing says nothing."""
    g = blank()
    tiger(g, 1, "c5", "E")
    t34(g, 1, "f5", "NW")
    goto(g, "B3")
    notes = {g.format_action(a): g.describe_action(a) for a in g.legal_actions()}
    aims = "aims at Tiger 1 (c5): damages it: its track 5 → 4 (2 hits vs its front armour 4, DG-11.8)"
    assert notes["f5 T W"] == aims
    assert notes["f5 L"].startswith(aims + "; under fire from Tiger 1 (c5): destroys T-34 #1")
    assert notes["f5 T NE"] == "" and "aims at" not in notes["f5 R"]
    from rulesets.duel_of_the_giants.foresight import facing_preview

    # the Tiger in forest fires first (DG-17.6): the note and the map say so
    g.tiger(1).pos = h("e5")
    terrain(g, "forest", "e5")
    note, lines = facing_preview(g, h("f5"), FACINGS.index("W"), FACINGS.index("W"))
    assert note.startswith("aims at Tiger 1 (e5): Tiger 1 in forest fires first (DG-17.6): destroys T-34 #1 ("), note
    assert "before T-34 #1 fires" in note and lines[0] == (h("e5"), "Tiger 1 (e5): Tiger 1 in forest fires first")


def test_issue_59_9_an_activation_facing_nothing_goes_without_a_note() -> None:
    """A wheel marker's 36 facings (DG-9.7): those that meet no German gun either way have
    no note, so ``moves h9`` lists them in columns; the others keep theirs."""
    from tests.duel_of_the_giants.helpers import marker

    g = blank()
    tiger(g, 1, "c5", "E")
    marker(g, "f5", True)
    marker(g, "h9", True)
    goto(g, "B2")
    notes = {g.format_action(a): g.describe_action(a) for a in g.legal_actions()}
    assert all(n == "" for move, n in notes.items() if move.startswith("activate h9"))
    assert notes["activate f5 W W"].startswith("aims at Tiger 1 (c5): damages it")


def test_dg_17_6_atg_note_says_a_t34_in_forest_fires_first() -> None:
    """Playtest: ``activate c2`` said "its shot destroys it" although T-34 #7 in forest at d2
    fired first (DG-17.6) and destroyed the PAK 36 before it fired. The note tells the
    exchange as it will happen: the T-34's shot first, the gun's only if it survives."""
    g = blank()
    tiger(g, 1, "a8", "E")
    t34(g, 7, "d2", "W")
    t34(g, 2, "e5", "NE")
    terrain(g, "forest", "d2")
    atg(g, "c2", "pak36", "E")
    atg(g, "c5", "pak88", "E")
    goto(g, "D1")
    notes = {g.format_action(a): g.describe_action(a) for a in g.legal_actions()}
    assert notes["activate c2"].startswith("line of fire to T-34 #7 at d2 (DG-17.2): T-34 #7 in forest fires "
                                           "first (DG-17.6): destroys your gun ("), notes["activate c2"]
    assert notes["activate c2"].endswith(") before your gun fires")
    assert "in forest" not in notes["activate c5"]  # no forest: the gun fires first (DG-17.4 B1)
    events = texts(play(g, "activate c2", "end", "fire d2 c2"))  # the T-34 alone declares (DG-17.6)
    assert "T-34 #7 (d2) fires at the PAK 36" in events and "the PAK 36 (c2) fires" not in events, events
