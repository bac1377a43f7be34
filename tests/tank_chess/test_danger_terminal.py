"""Issue 59 in the terminal, Tank Chess: danger in ``moves`` and ``threats`` (59.1),
own moves narrated and ``undo`` saying what it took back (59.4), the move list a
line per destination (59.6)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from cli.app import app
from rulesets.tank_chess import RULESET

runner = CliRunner()
ARGS = ["play", "tank-chess", "--scenario", "standard-16", "--seat", "white=human", "--seat", "black=random",
        "--seed", "1"]


def run(commands: str) -> list[str]:
    """The output of each command typed, in order (split at the prompts)."""
    result = runner.invoke(app, ARGS, input=commands + "\nquit\n", env={"COLUMNS": "100", "LINES": "40"})
    assert result.exit_code == 0, result.output
    return result.output.split("> ")[1:]


def test_59_1_59_6_moves_of_one_tank_a_line_per_destination_with_its_danger() -> None:
    """TC-6.1/6.2 in words: the MT on h2 stepping to e5 facing NW is in the fire of the
    black MT on l16 (its side); the list gives each destination once, its facings on it,
    the short lines two a row (in order) so that a tank's list fits a 24-row screen."""
    game = RULESET.new_game("standard-16", None, seed=1)
    mine = [game.format_action(a) for a in game.legal_actions() if game.format_action(a).startswith("MT h2-")]
    destinations = {t.split(":")[0] for t in mine}
    listed = run("moves MT h2")[0]
    assert f"{len(mine)} move(s) to {len(destinations)} destination(s)" in listed
    # short lines stand two a row at 80 columns (in order), a long one alone
    one_a_line = re.sub(r" {2,}(?=MT h2-)", "\n  ", listed)
    lines = re.findall(r"^  (MT h2-[a-p]\d+): (.*)$", one_a_line, re.MULTILINE)
    assert [d for d, _ in lines] == list(dict.fromkeys(t.split(":")[0] for t in mine))
    assert "\n  MT h2-e5: NW (into fire: MT l16 destroys it from the side)\n" in listed
    assert "  MT h2-h3: N NE E SE SW W NW\n" in one_a_line
    assert re.search(r"^  MT h2-g1: SW {2,}MT h2-i1: SE$", listed, re.MULTILINE)
    assert len(listed.splitlines()) < len(destinations)  # a 24-row screen holds it


def test_59_1_threats_names_the_tanks_under_fire_and_maps_the_covered_squares() -> None:
    """The map is drawn at the board's width, with its file letters above and below and
    its rank numbers on both sides (hidden playtest: one character a square, no numbers
    on the right, so the two did not line up): a rank the enemy cannot reach reads as the
    board's own line."""
    out = run("threats")[0]
    assert "none of white's tanks can be shot next turn" in out
    assert "squares the enemy can fire into next turn" in out
    assert re.search(r"^ 14 (  \* ){16} 14$", out, re.MULTILINE)  # the open rank before Black's tanks
    assert re.search(r"^  3 (  \. ){16} 3$", out, re.MULTILINE)  # out of every enemy's reach
    board = RULESET.new_game("standard-16", None, seed=1).render_compact(0).splitlines()
    rank_1 = next(line for line in board if line.startswith("  1 "))
    assert rank_1 in out.splitlines() and rank_1.endswith("H↑   .   .  1")  # as the board has it
    files = [line for line in out.splitlines() if line.split() == list("abcdefghijklmnop")]
    assert files == [board[0].rstrip()] * 2  # above and below, where the board has them


def test_59_4_own_move_narrated_and_undo_says_what_it_took_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a 40-row terminal the own move is told in full before the reply, as the
    reply is (on 24 rows the board leaves it its one line)."""
    monkeypatch.setattr("cli.play.screen_lines", lambda: 40)
    move, undone = "> ".join(run("MT e1-e3:N\nundo")).split("move a tank> ")[:2]  # the board's <M↑> has a '> '
    assert "white's Medium Tank moves 2 squares" in move  # as the computer's moves are told
    # and marked on the board under the reply (hidden playtest: only the computer's was)
    assert re.search(r"^  3 .*‹M↑›", move, re.MULTILINE) and "\n    white MT e1-e3:N ‹to›, then black " in move
    reply = re.search(r"black +(\S+ \S+)", move)
    assert reply is not None
    assert f"took back: MT e1-e3:N (and black's reply {reply.group(1)})" in undone


def test_59_6_59_1_moves_on_80x24_a_line_per_tank_marked_and_destinations_wrapped_at_words() -> None:
    """On an 80x24 terminal (CliRunner's output is no terminal: 80 columns, 24 rows)
    ``moves`` is a line per tank naming its destinations with what may be done
    there (TC-9.3's signs; ``*`` in the enemy's fire whatever the facing, as the
    notes of issue 59.1 say); one tank's long destination lines wrap at words
    under a deeper indent; a filter matching nothing says so, and what an empty shot filter
    or square means (hidden playtest: "no legal move matches 'x'" read like a typo)."""
    overview, one, none, no_shot, no_square = run("moves\nmoves d2\nmoves xz9\nmoves x\nmoves h14")[:5]
    assert "\nno shot is possible now (x = shots" in no_shot and "matches" not in no_shot
    assert "\nno move of yours starts on, ends on or shoots at h14 now" in no_square
    words = " ".join(overview.split())
    assert "'moves x' every shot" in words and "in the enemy's fire: * every facing, ~ some" in words
    assert re.search(r"^  MT h2 \(23 squares\): g1 i1 ", overview, re.MULTILINE)
    assert re.search(r"^  MT e1 \(15 squares\): .* e5\*$", overview, re.MULTILINE)  # MT e1-e5: N is in fire
    assert all(len(line) <= 80 for line in overview.splitlines())
    assert ("  LT d2-e5: N (into fire: LT k16 destroys it from the side, LT m15 from the\n"
            "      side, MT l16 from the side)\n") in one
    assert "no legal move matches 'xz9'" in none and "0 move(s)" not in none


def test_a_game_without_dice_seals_the_computer_players_seed_not_dice() -> None:
    """Tank Chess has no dice (TC-3: nothing is rolled): the first line of a game with
    a sealed seed speaks of the computer players' seed."""
    result = runner.invoke(app, ["play", "tank-chess", "--seat", "black=random", "--max-moves", "0"],
                           input="quit\n")
    first = result.output.splitlines()[0]
    assert "the computer players' seed sealed by commitment" in first and "dice" not in first


def test_issue_59_playtest_moves_safe_and_empty_filters_explained() -> None:
    """Hidden playtest (issue 59, points 2 and 4): ``moves MT h2 safe`` leaves out the
    one move into fire (h2-e5 facing NW, the black MT l16's side shot, TC-6.1/6.2) and
    keeps the others; ``moves xe9`` finding no shot says what that means, as ``moves x``
    does; ``help`` names the safe filter."""
    every, safe, shot, *rest = run("moves MT h2\nmoves MT h2 safe\nmoves xe9\nhelp")
    helped = "> ".join(rest)  # help's own lines hold "> "
    assert "MT h2-e5: NW (into fire" in every and "MT h2-e5" not in safe
    assert "61 move(s) to 23 destination(s)" in every and "60 move(s) to 22 destination(s)" in safe
    assert "no move of yours shoots at e9 now" in shot and "no legal move matches" not in shot
    assert "'moves safe'" in helped
    # a list too long for the screen, a line per tank: a tank with one square says so in the singular
    result = runner.invoke(app, ARGS, input="moves 4\nmoves safe\nquit\n", env={"COLUMNS": "80", "LINES": "24"})
    assert "  HT c1 (1 square): c4\n" in result.output and "(1 squares)" not in result.output
    assert re.search(r"^\d+ safe moves to \d+ squares", result.output, re.MULTILINE)  # what the list holds


def test_issue_59_playtest_the_end_board_keeps_blacks_side() -> None:
    """Hidden playtest (issue 59, point 3): Black's board at the game's end is drawn from
    Black's side as all game long (rank 1 at the top, files from p), not flipped to White's."""
    result = runner.invoke(app, ["play", "tank-chess", "--scenario", "standard-16", "--seat", "white=random",
                                 "--seat", "black=human", "--seed", "1"], input="resign\ny\n",
                           env={"COLUMNS": "100", "LINES": "40"})
    assert result.exit_code == 0, result.output
    end = result.output.split("resign the game? [y/N] y\n")[1].splitlines()
    assert end[0].split() == list("ponmlkjihgfedcba") and end[1].startswith("  1 ")


def test_issue_59_playtest_no_empty_marks_on_the_last_moves_line() -> None:
    """Hidden playtest (issue 59, point 4): when the two last moves are too long for the
    compact board's line with their marks in words, the marks are left out, not written
    as empty brackets (``xk10 ‹›, then ... ()[]{}``)."""
    from tests.tank_chess.helpers import board

    g = board("""
. . . . . . l . . . m c
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . M . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . L . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
C . . . . . . . . . . .
""", {"g12": "S", "a1": "N", "l12": "W", "k12": "S", "g9": "N", "h5": "N"})
    g.apply(g.parse_action("MT g9-g10:N xg12"))
    g.apply(g.parse_action("CLT l12-l9:S xh5"))
    assert "    white MT g9-g10:N xg12+, then black CLT l12-l9:S xh5+   CHECK!" in g.render_compact(0).splitlines()
