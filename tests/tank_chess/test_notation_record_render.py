"""Notation (TC-9.3), game records (save -> load -> replay), text and SVG rendering."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import NotationError
from core.record import dump_record, load_record, make_record, parse_record, replay, save_record
from rulesets.tank_chess import RULESET
from tests.tank_chess.helpers import board
from tests.tank_chess.test_perft import positions


def test_tc_9_3_notation_examples() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . l
. . . . . . . .
. . . M . . . .
. . . . . . . .
""")
    action = g.parse_action("MT d2-d4:NE xh4")
    assert (action.piece, action.frm, action.to, action.facing, action.target) == ("MT", (3, 1), (3, 3), 1, (7, 3))
    assert g.format_action(action) == "MT d2-d4:NE xh4"


@pytest.mark.parametrize("text", [
    "mt d2-d5:ne", "MT D2-D5:NE", "MT d2 - d5 : NE", "d2-d5:NE", "MT d2-d5 NE", "MT d2-d5:NE+",
    "MT d2-d5:NE^", "MT d2-d5:NE+^", "  MT d2-d5:NE!  ", "d2d5:NE", "d2 d5 NE", "MT d2d5 ne",
])
def test_tc_9_3_parse_is_forgiving(text: str) -> None:
    g = RULESET.new_game("blank-16")
    g2 = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . M . . . .
. . . . . . . .
""")
    assert g2.format_action(g2.parse_action(text)) == "MT d2-d5:NE"
    assert g is not None


def test_tc_9_3_shot_and_exit_notation() -> None:
    g = board("""
. . . . . . . .
. . . C . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . c . . .
""")
    assert g.format_action(g.parse_action("clt d7-OFF")) == "CLT d7-off"
    assert g.format_action(g.parse_action("d7-exit")) == "CLT d7-off"
    assert g.format_action(g.parse_action("CLT d7-d7:NE xa4")) == "CLT d7-d7:NE xa4"
    assert g.format_action(g.parse_action("CLT d7-d7:NE x a4")) == "CLT d7-d7:NE xa4"
    # no facing given: the tank keeps its facing
    assert g.format_action(g.parse_action("CLT d7-d6")) == "CLT d7-d6:N"


@pytest.mark.parametrize("bad", ["", "hello", "MT d2", "MT d2-z9:N", "MT d2-d5:UP", "MT d2-off:N", "d99-d5:N"])
def test_tc_9_3_garbage_raises_notation_error(bad: str) -> None:
    g = RULESET.new_game("standard-16")
    with pytest.raises(NotationError):
        g.parse_action(bad)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 10_000))
def test_tc_9_3_notation_round_trips_on_random_positions(case: tuple, salt: int) -> None:
    grid, facing, options, to_move = case
    game = board(grid, facing, to_move, **{k.replace(".", "__"): v for k, v in options.items()})
    rng = random.Random(salt)
    for action in game.legal_actions():
        text = game.format_action(action)
        assert game.parse_action(text) == action
        noisy = text.lower() if rng.random() < 0.5 else text.upper()
        assert game.parse_action(noisy + rng.choice(["", "+", "^", "+^"])) == action


def play_some(name: str, seed: int, limit: int = 400):
    game = RULESET.new_game(name)
    rng = random.Random(seed)
    while game.outcome() is None and len(game.history) < limit:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return game


def test_record_save_load_replay_identical(tmp_path: Path) -> None:
    game = play_some("standard-16", 4)
    assert game.outcome() is not None
    record = make_record(game, RULESET, "standard-16", seed=0, seats={"white": "random", "black": "random"})
    for text, step in zip(record.moves, game.history, strict=True):  # TC-8.3: CHECK/ESCAPE marked in the record
        kinds = {e.kind for e in step.events}
        assert text.endswith("+") or text.endswith("+^") or "check" not in kinds
        assert text.endswith("^") == ("escape" in kinds)
    path = tmp_path / "game.yaml"
    save_record(record, path)
    loaded, doc = load_record(path)
    assert loaded.moves == record.moves
    again = replay(loaded, RULESET, doc, verify=True)
    assert [s.action for s in again.history] == [s.action for s in game.history]
    assert [s.events for s in again.history] == [s.events for s in game.history]
    assert again.pos.cell == game.pos.cell and again.outcome() == game.outcome()


def test_record_of_a_user_map_with_its_own_cards_replays(tmp_path: Path) -> None:
    from core.resources import shipped

    src = Path(str(shipped("tank_chess", "examples", "authored-16.yaml")))
    game = RULESET.new_game(src)
    rng = random.Random(9)
    for _ in range(30):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        if game.outcome() is not None:
            break
    record = make_record(game, RULESET, src, seed=0)
    text = dump_record(record)
    again = replay(parse_record(text), RULESET, verify=True)  # the cards travel in the options
    assert again.pos.cell == game.pos.cell


def test_undo_is_a_pop_and_clone_is_independent() -> None:
    game = play_some("standard-16", 8, limit=30)
    snapshot = (list(game.pos.cell), list(game.pos.face), game.pos.hash, len(game.history))
    child = game.clone()
    child.apply(child.legal_actions()[0]) if child.outcome() is None else None
    assert (list(game.pos.cell), list(game.pos.face), game.pos.hash, len(game.history)) == snapshot
    n = len(game.history)
    last = game.history[-1]
    step = game.undo()
    assert step == last and len(game.history) == n - 1
    game.apply(last.action)
    assert (list(game.pos.cell), list(game.pos.face), game.pos.hash, len(game.history)) == snapshot


def test_render_text_shows_coordinates_pieces_facing_and_last_move() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . c . . . .
. . . . . . . .
. . . # . . . .
. . . . . . . .
. . . . . . H .
. x . . . . . C
""", {"d6": "E"})
    g.apply_text("HT g2-g4:N")
    text = g.render()
    assert " a   b   c" in text and "8 " in text
    assert "##" in text and "xx" in text
    assert "c→" in text and "[H↑]" in text and "( .)" in text
    assert "last move: white HT g2-g4:N" in text
    g2 = board("""
. . . . . . . .
. . . . . . . .
. . . c . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . H . . . C
""", {"d6": "E"})
    g2.apply_text("HT d1-d2:N xd6")
    text2 = g2.render()
    assert "{xc}" in text2 and "game over" in text2


def test_a_20x20_board_fits_80_columns_with_its_marks() -> None:
    """The 20x20 board, full and compact, in an 80-column terminal (playtest: it was 88
    wide): three columns a square, the last move's marks in the columns between them;
    the 16x16 board keeps its four."""
    g = RULESET.new_game("crossroads-20")
    g.apply_text("MT j2-j6:N")
    g.apply_text("LT m19-n17:SW")
    for text in (g.render(), g.render_compact(), g.render(player=1)):
        assert max(len(line) for line in text.splitlines()) <= 80, text
    rows = g.render().splitlines()
    assert rows[0].startswith("     a  b  c") and rows[0].rstrip().endswith("t")
    assert rows[2] == " 19   .  . l↓  .  . a↓  . l↓  .  . m↓  .( .) . a↓  .  . l↓  .  .  19"
    assert "[l↙]" in rows[4] and rows[15].startswith("  6   .  . ## ## ## ##  .  .  .‹M↑›")
    # the move the last one answered is marked too, ‹ › (hidden playtest, issue 59: a
    # player's own move went unmarked under the computer's reply)
    assert "    before it: white MT j2-j6:N  (‹ › to)" in rows
    assert "   a   b   c" in RULESET.new_game("standard-16").render()
    # the key names the cards on the board: the 20x20 game's six, the 16x16 game's four
    assert "H=HT, M=MT, L=LT, C=CLT, D=TD, A=HM;" in g.render()
    assert "H=HT, M=MT, L=LT, C=CLT; arrow" in RULESET.new_game("standard-16").render()


def test_render_check_is_marked() -> None:
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
    assert "HT b1-b2:N+" in g.render() and "CHECK!" in g.render()
    # TC-8.1 as it stands, for the side that must answer: who can shoot, from where
    said = " ".join(line.strip() for line in g.render_compact().splitlines()[-3:])
    assert said == ("CHECK: black's Command Tank f6 can be shot next turn by CLT h1 (from f1, f2, f3, "
                    "+2 squares) and HT b2 (from b2, c3, d4): move it, take the shooter or block the line")
    # read every turn: in words, without the rule ID (hidden playtest, issue 59: clutter)
    assert all(len(line) <= 80 for line in g.render_compact().splitlines())


def test_render_check_from_one_square_names_the_squares_that_block_it() -> None:
    """TC-8.1, TC-5.2: the white CLT on f7 can shoot Black's Command Tank only from d11,
    up the diagonal: the board names the squares where a tank would stop that shot."""
    g = RULESET.new_game("standard-16", None, seed=1)
    for move in ("CLT h1-f4:N", "MT i15-i11:S", "CLT f4-f7:NW"):
        g.apply(g.parse_action(move))
    said = " ".join(line.strip() for line in g.render_compact().splitlines()[-2:])
    assert said == ("CHECK: black's Command Tank i16 can be shot next turn by CLT f7 (from d11): move it, "
                    "take the shooter or block on e12, f13, g14 or h15")


def test_render_escape_is_told_to_the_side_that_must_block() -> None:
    """TC-8.2: after the white Command Tank reaches g7, Black's board says it can drive
    off next turn (and that it can shoot Black's on a1: TC-8.1)."""
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . C .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
c . . . . . . .
""", {"g6": "N", "a1": "N"})
    g.apply_text("CLT g6-g7:N")
    text = " ".join(line.strip() for line in g.render().splitlines())
    assert "ESCAPE: white's Command Tank g7 can drive off next turn: block its way or destroy it" in text
    assert "CHECK: black's Command Tank a1 can be shot next turn by CLT g7" in text


def test_render_from_blacks_side_turns_the_board_and_its_arrows() -> None:
    """Black sees its own side at the bottom (issue 59 in the terminal): ranks 1..8 from
    the top, files h..a from the left, the squares keeping their names (TC-1.2) and
    the arrows turned with the board (N, towards Black, points down: TC-4.1)."""
    from rulesets.tank_chess.render import render_text

    g = board("""
. . . . c . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. M . . C . . .
""", {"e8": "S", "b1": "NE"})
    lines = render_text(g, player=1).splitlines()
    assert lines[0].split() == list("hgfedcba")
    assert lines[1].split()[0] == "1" and lines[8].split()[0] == "8"
    assert lines[1].split() == ["1", ".", ".", ".", "C↓", ".", ".", "M↙", ".", "1"]
    assert lines[8].split() == ["8", ".", ".", ".", "c↑", ".", ".", ".", ".", "8"]
    assert render_text(g, player=0).splitlines()[8].split()[1:4] == [".", "M↗", "."]
    # a spectator of a game numbered from Black's side (coordinates.origin) sees the same
    black = board(""". . . . c . . .
""" + ". . . . . . . .\n" * 6 + ". M . . C . . .", {"e8": "S", "b1": "NE"},
                  coordinates__origin="black")
    assert "M↙" in black.render() and "c↑" in black.render()
    # the game's own pictures for a seat: Black's seat (the terminal's board and its
    # compact board, the threats map) sees its side below; White's and a spectator's not
    assert g.render(1).splitlines()[1].split()[0] == "1" and g.render_compact(1).splitlines()[1].split()[0] == "1"
    assert g.render(0).splitlines()[1].split()[0] == "8" and g.render(None).splitlines()[1].split()[0] == "8"
    from rulesets.tank_chess.danger import threats_answer

    seen = threats_answer(g, 1, "").splitlines()
    assert seen[-2].split() == list("hgfedcba") and seen[-3].split()[0] == "8"
    assert threats_answer(g, 0, "").splitlines()[-2].split() == list("abcdefgh")


def test_render_svg_is_well_formed_with_pieces_wrecks_and_shot() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . m . . . .
. . . . . . . .
. . . # . . . .
. . . . . . . .
. . . . . . . .
. . . . . . H C
""", {"d6": "E"})
    g.apply_text("HT g1-g3:NW xd6")
    svg = RULESET.render_svg(g)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    pieces = [g for g in root.iter(f"{ns}g") if (g.get("class") or "").startswith("piece")]
    assert len(pieces) == 2  # two active pieces
    assert all(" rotate(" in p.get("transform", "") for p in pieces)  # turned to its facing (issue 58.1)
    assert any(t.text == "HT" for t in root.iter(f"{ns}text"))
    assert any(e.get("class") == "shot" for e in root.iter(f"{ns}line"))
    assert any("last-move" in (e.get("class") or "") for e in root.iter(f"{ns}rect"))
    assert any(e.get("class") == "wreck-code" and e.text == "MT" for e in root.iter(f"{ns}text"))


def test_evaluate_prefers_material_and_sees_threats() -> None:
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
    assert -1 < g.evaluate(0) < 1
    assert g.evaluate(0) > 0.5  # white to move can destroy the CLT now
    g.apply_text("HT d1-d2:N xd6")
    assert g.evaluate(0) == 1.0 and g.evaluate(1) == -1.0


def test_evaluate_counts_material_progress_and_pressure() -> None:
    from rulesets.tank_chess.evaluate import evaluate, exposure, race

    base = """
. . . . c . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . C . . .
"""
    even = board(base)
    more = board(base.replace(". . . . . . . .\n. . . . C", ". . . M . . . .\n. . . . C", 1))
    assert evaluate(more.pos, 0) > evaluate(even.pos, 0)  # material (an extra MT)
    advanced = board(base.replace(". . . . C . . .", ". . . . . . . .").replace(
        ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .",
        ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . C . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .", 1))
    assert race(advanced.pos, 0) > race(even.pos, 0)
    assert 0.0 <= exposure(even.pos, 0) <= 1.0
    hunted = board(base.replace(". . . . . . . .\n. . . . . . . .\n. . . . c", ". . . . . . . .\n. . . . . . . .\n. . . . c", 1)
                   .replace(". . . . . . . .\n. . . . C", ". . . . . . . .\n. h . . C", 1))
    assert hunted.pos.command_pressure(1) >= 1
    assert evaluate(hunted.pos, 0) < evaluate(even.pos, 0)
