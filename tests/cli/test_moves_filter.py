"""``moves FILTER`` at the prompt: a number in the filter is a whole number, so
a square's name finds that square only (``e1`` is not ``e12``)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from cli.app import app
from cli.play import move_filter
from rulesets.tank_chess import RULESET

runner = CliRunner()


def test_a_square_filter_does_not_find_a_longer_square() -> None:
    keep = move_filter("e1")
    assert keep.search("HT e1-e3:N")
    assert keep.search("mt E1-d2:nw")
    assert not keep.search("HT e12-e10:S")
    assert not keep.search("HT d2-e10:E")
    assert move_filter("1").search("HT e1-e3:N") and not move_filter("1").search("HT e10-e13:N")


def test_letters_and_signs_still_match_anywhere() -> None:
    assert move_filter("HT").search("HT e12-e10:S")
    assert move_filter("+").search("HT h1-f3:NW  (+ CHECK)")
    assert move_filter("e").search("MT c2-e4:NE")


def test_moves_e1_on_a_16_board_lists_exactly_the_moves_touching_e1() -> None:
    """On standard-16 Black's tanks stand on e15 and e16: ``moves e1`` for Black
    lists the moves that name e1 itself, counted from the game, none of theirs."""
    game = RULESET.new_game("standard-16", None, seed=1)
    game.apply_text("HT c1-b1:W")
    legal = game.legal_actions()
    # the filter reads a move's note too (issue 59.1: "into fire: MT e1 ...")
    texts = [game.format_action(a) + f"  ({n})" for a, n in zip(legal, game.describe_actions(legal), strict=True)]
    expected = [t for t in texts if re.search(r"\be1(?!\d)", t, re.IGNORECASE)]
    assert len(expected) < len([t for t in texts if "e1" in t.lower()])
    result = runner.invoke(app, ["play", "tank-chess", "--scenario", "standard-16", "--seat", "white=human",
                                 "--seat", "black=human", "--seed", "1"],
                           input="HT c1-b1:W\nmoves e1\nresign\ny\n")
    assert result.exit_code == 0, result.output
    assert f"{len(expected)} move(s)" in result.output
    assert not re.search(r"\be1\d", result.output.split("move(s)")[1].split("Result")[0])


def _moves_of_lines(text: str, tank: str) -> list[str]:
    """The moves the lines ``TANK-TO: FACINGS [xTARGET] (NOTE); ...`` of ``tank`` stand for:
    a long line's wrapped rest (under six spaces) joined to it, the short ones that
    stand side by side in columns each on a line of its own."""
    text = re.sub(r"\n {6}(?=\S)", " ", text)
    text = re.sub(rf" {{2,}}(?={re.escape(tank)}-)", "\n  ", text)
    out = []
    for dest, rest in re.findall(rf"^  ({re.escape(tank)}-[a-p]\d+): (.*)$", text, re.MULTILINE):
        for word in re.sub(r"\([^)]*\)", "", rest).replace(";", " ").split():
            if word.startswith("x"):
                out[-1] += f" {word}"
            else:
                out.append(f"{dest}:{word}")
    return out


def test_a_long_list_of_moves_is_grouped_by_the_tank_that_moves() -> None:
    """Issue 19 item 6, issue 59.6: a long list of moves is shown by group, under its
    tank (``MT e1 (n): ...``), a line per destination with its facings (``MT e1-e3: N
    NE``). When every destination would not fit the screen, each group is one line
    with its first destinations and how many more, and ``moves GROUP`` lists that
    group whole; a grouped list that fits shows every move once."""
    game = RULESET.new_game("standard-16", None, seed=1)
    texts = [game.format_action(a) for a in game.legal_actions()]
    tanks = sorted({t.split("-")[0] for t in texts})
    destinations = list(dict.fromkeys(t.split(":")[0] for t in texts))
    result = runner.invoke(app, ["play", "tank-chess", "--scenario", "standard-16", "--seat", "white=human",
                                 "--seat", "black=random", "--seed", "1"],
                           input="moves\nmoves MT e1\nmoves HT\nresign\ny\n")
    assert result.exit_code == 0, result.output
    everything, one_group, two_groups = result.output.split("> ")[1:4]
    assert f"{len(texts)} moves to {len(destinations)} squares: 'moves d2' lists one tank's" in everything
    rows = re.findall(r"^  ([A-Z]+ [a-p]\d+) \((\d+) squares\): (.*)$", everything, re.MULTILINE)
    assert sorted(h for h, _, _ in rows) == tanks
    assert sum(int(n) for _, n, _ in rows) == len(destinations)
    # the command as typed, the header, the key of the marks and a line per tank: one screen
    assert len(everything.splitlines()) <= 24 - 1
    for heading, count, line in rows:
        listed, _, _ = line.partition(" ... +")
        shown = [w.rstrip("x+^*~") for w in listed.split()]  # a square and its marks (issue 59.6)
        mine = [d.split("-", 1)[1] for d in destinations if d.startswith(heading + "-")]
        assert shown == mine[:len(shown)] and shown
        if len(shown) < int(count):
            assert line.endswith(f" ... +{int(count) - len(shown)}")  # the header says 'moves d2'
    mt_e1 = [t for t in texts if t.startswith("MT e1-")]
    assert f"{len(mt_e1)} move(s) to {len({t.split(':')[0] for t in mt_e1})} destination(s)\n" in one_group
    assert sorted(_moves_of_lines(one_group, "MT e1")) == sorted(mt_e1)
    heavies = [t for t in texts if t.startswith("HT ")]
    assert f"{len(heavies)} move(s) to {len({t.split(':')[0] for t in heavies})} destination(s)\n" in two_groups
    one_a_line = re.sub(r" {2,}HT ", "\n  HT ", two_groups)  # the few destinations stand in columns
    assert sorted(_moves_of_lines(one_a_line, "HT c1") + _moves_of_lines(one_a_line, "HT n1")) == sorted(heavies)


def test_first_line_shows_what_fits_and_counts_the_rest() -> None:
    from cli.play import first_line

    items = ["MT e1-d1:SW", "MT e1-e2:N", "MT e1-f2:NE"]
    assert first_line(items, 60, "  MT e1 (3): ", "  ('moves MT e1')") == (
        "  MT e1 (3): MT e1-d1:SW   MT e1-e2:N   MT e1-f2:NE")
    assert first_line(items, 50, "  MT e1 (3): ", "  ('moves MT e1')") == (
        "  MT e1 (3): MT e1-d1:SW   ... +2  ('moves MT e1')")
    assert first_line(items, 10, "  MT e1 (3): ", "") == "  MT e1 (3): MT e1-d1:SW   ... +2"


def test_pack_never_splits_a_move() -> None:
    from cli.play import pack

    lines = pack(["MT e1-d1:SW", "MT e1-e2:N", "MT e1-f2:NE"], 30, "  MT e1 (3): ", "      ")
    assert lines == ["  MT e1 (3): MT e1-d1:SW", "      MT e1-e2:N   MT e1-f2:NE"]


def test_dg_11_5_tiger_programs_are_grouped_by_where_they_end() -> None:
    """A whole Tiger program's group is its end hex and facing (DG-11.5), from its note;
    the cards offered one by one (issue 27.14) are few and stay ungrouped."""
    from rulesets.duel_of_the_giants.actions import Program
    from tests.duel_of_the_giants.test_preview import programming

    game = programming("f5")
    legal = game.legal_actions()
    assert len(legal) <= 12 and {game.group_of(a, n) for a, n in zip(legal, game.describe_actions(legal),
                                                                    strict=True)} == {""}
    programs = [Program(1, cards) for cards in ((), ("F",), ("F", "F"), ("L",), ("F", "T2"), ("R", "L"))]
    notes = game.describe_actions(programs)
    groups = {game.group_of(a, n) for a, n in zip(programs, notes, strict=True)}
    assert groups == {"tiger1 end c5 E", "tiger1 end d5 E", "tiger1 end e5 E", "tiger1 end c5 NE"}
    for action, note in zip(programs, notes, strict=True):
        assert note.startswith(game.group_of(action, note).removeprefix("tiger1 "))


def test_walkthrough_a_piece_kind_filter_matches_that_kind_only() -> None:
    """Walkthrough point 2: ``moves LT`` listed the CLT (Command Light Tank, TC-2) too;
    a filter that starts with a word starts a word, so CLT is a kind of its own."""
    assert not move_filter("LT").search("CLT h1-h3:N")
    assert move_filter("lt").search("LT d2-d4:N") and move_filter("CLT").search("CLT h1-h3:N")
    assert not move_filter("HT").search("BHT c1-c3:N")
    assert move_filter("xe1").search("HT e3-e2:S xe1") and move_filter("e1").search("HT e3-e2:S xe1")
    assert move_filter("CHE").search("HT h1-f3:NW  (+ CHECK)") and move_filter("x").search("MT a3-a4:E xf4")
    game = RULESET.new_game("standard-16", None, seed=1)
    legal = game.legal_actions()
    # the filter reads a move's note too (issue 59.1: "into fire: LT f1 ...")
    texts = [game.format_action(a) + f"  ({n})" for a, n in zip(legal, game.describe_actions(legal), strict=True)]
    lights = [t for t in texts if re.search(r"(?<![A-Z])LT ", t)]
    commands = [t for t in texts if "CLT " in t]
    # only the CLT moves whose note names a Light Tank ("into fire: LT g16 ...") stay
    assert 0 < sum(t.startswith("CLT ") for t in lights) < sum(t.startswith("CLT ") for t in commands)
    result = runner.invoke(app, ["play", "tank-chess", "--scenario", "standard-16", "--seat", "white=human",
                                 "--seat", "black=human", "--seed", "1"],
                           input="moves LT\nmoves CLT\nresign\ny\n")
    assert result.exit_code == 0, result.output
    light_list, command_list = result.output.split("> ")[1:3]
    assert f"{len(lights)} moves to " in light_list  # a line per tank (issue 59.6)
    assert f"{len(commands)} move(s)" in command_list and "  CLT " in command_list
