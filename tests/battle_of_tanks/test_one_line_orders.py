"""Issue 59.8: one terminal line may give an order and its path or targets together
(``t34#1 move 45,10``, ``tiger#1 fire is2#1*2``); the prompt says so."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cli.play import refused_part, refused_rest
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.actions import split_line
from tests.cli.test_cli_core import run

AMBUSH_POSITION = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks" / "positions" / "crossroads-ambush.yaml"
"""The shipped position: amx#1 waits in AMBUSH, tiger#1 in its sight."""


def test_issue_59_8_an_order_line_splits_into_its_moves() -> None:
    assert split_line("t34#1 move 45,10 60,20@90") == ["t34#1 move", "to 45,10 60,20@90"]
    assert split_line("t34#1 move to 45,10") == ["t34#1 move", "to 45,10"]
    assert split_line("tiger#1 fire is2#1*2 t34#1") == ["tiger#1 fire", "fire is2#1*2 t34#1"]
    assert split_line("t34#1 attack 40,30 fire tiger#1") == ["t34#1 attack", "to 40,30", "fire tiger#1"]
    assert split_line("t34#1 attack stay fire none") == ["t34#1 attack", "stay", "fire none"]
    assert split_line("to 40,30 fire tiger#1") == ["to 40,30", "fire tiger#1"]  # an ATTACK's rest
    assert split_line("t34#1 move") is None and split_line("fire tiger#1") is None
    assert split_line("t34#1 move  (0.00)") is None  # a hint's line: the prompt sets the estimate aside


def test_issue_59_8_the_terminal_plays_an_order_and_its_path_from_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """BT-4.2 then BT-5.1: the MOVE and its drive, from one line; the prompt suggests the form."""
    code, out, err = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "1",
                          "--board", "none"], capsys, monkeypatch,
                         stdin="tiger#1 move 90,80\nquit\n")
    assert "order for a tank (and path: TANK move X,Y)>" in out
    assert "tiger#1 move" in out and "to 90,80" in out, out[-2000:]
    assert "illegal" not in out and "cannot read" not in out, out[-2000:]
    assert "MOVE tiger#1: path" not in out.split("to 90,80")[-1], out[-2000:]  # no second prompt for the path




def test_issue_59_8_a_line_whose_path_is_refused_plays_nothing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """BT-5.1 refuses the drive: the order on the same line is not given either, so the
    player may choose again instead of being held to a MOVE with no path."""
    code, out, err = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "1",
                          "--board", "none"], capsys, monkeypatch,
                         stdin="tiger#1 move 200,80\ntiger#1 move 90,80\nquit\n")
    refused, _, after = out.partition("nothing of the line was played")  # wrapped at words now
    assert "illegal: to 200,80: " in refused and "(BT-5.1)" in refused and "to 90,80" in after, out[-2000:]
    assert "MOVE tiger#1: path" not in out, out[-2000:]  # the order was not given by the refused line


def test_issue_59_8_the_notation_help_fits_80_columns_and_its_examples_read() -> None:
    """``help`` (and a line it cannot read) shows the notation: no line wraps on an 80-column
    terminal, and each example, one-line orders included, is what the game reads."""
    from rulesets.battle_of_tanks import RULESET

    game = RULESET.new_game(None, {}, 1)
    text = game.notation_help
    assert max(len(line) for line in text.splitlines()) <= 80, text
    examples = [part.strip() for line in text.splitlines() if line.startswith(" " * 32) or "targets:" in line
                for part in line.split(":", 1)[-1].replace("e.g.", "").split("  |  ")]
    assert len(examples) == 6, examples
    for example in examples:
        parts = split_line(example) or [example]
        assert game.parse_action(parts[0]) is not None, example


def test_issue_59_8_the_rest_of_a_line_cut_by_an_ambush_window_plays_on_enter(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """BT-7.2: ``tiger#1 move 78,80`` declares the MOVE, then amx#1's ambush window opens
    (a's decision); when the path is b's to give again, the line's rest is offered and an
    empty line plays it, instead of having to type it a second time."""

    doc = yaml.safe_load(AMBUSH_POSITION.read_text())
    doc.update(to_move="b", decision="order", activation=None)
    next(t for t in doc["tanks"] if t["key"] == "b1")["order"] = None
    position = tmp_path / "order.yaml"
    position.write_text(yaml.safe_dump(doc))
    code, out, err = run(["play", "battle-of-tanks", "--position", str(position), "--seat", "a=human",
                          "--seat", "b=human", "--board", "none", "--record", str(tmp_path / "game.yaml")],
                         capsys, monkeypatch, stdin="tiger#1 move 78,80\npass\n\nquit\n")
    assert "not played yet, the decision has passed on: to 78,80 (when it is back, Enter plays it)" in out
    assert "the rest of your line: to 78,80  (Enter plays it)" in out, out[-2000:]
    assert "tiger#1 drives 6.3 cm to 78,80" in out, out[-2000:]
    # a line whose drive the rules refuse is refused whole, the window let pass on the copy
    code, out, err = run(["play", "battle-of-tanks", "--position", str(position), "--seat", "a=human",
                          "--seat", "b=human", "--board", "none", "--record", str(tmp_path / "again.yaml")],
                         capsys, monkeypatch, stdin="tiger#1 move 200,80\nquit\n")
    assert "illegal: to 200,80: path of 118.0 cm is longer than tiger#1's 20 cm (BT-5.1)" in out, out
    # the rest is judged again when the decision is back: the window's shots may change the table
    game = RULESET.from_position(doc, seed=1)
    game.apply(game.parse_action("tiger#1 move"))
    game.apply(game.parse_action("pass"))
    assert refused_rest(game, 1, "to 78,80") is None
    assert refused_rest(game, 1, "to 200,80") == "path of 118.0 cm is longer than tiger#1's 20 cm (BT-5.1)"


def test_issue_59_8_an_attack_line_whose_drive_leaves_no_target_plays_nothing() -> None:
    """BT-6.1: an ATTACK that drives to where it sees no target has no fire part (the next
    chit is drawn), so ``... attack X,Y fire TARGET`` would drive and never fire: refused whole."""
    from tests.battle_of_tanks.helpers import card, give_chit, make_game

    wall = {"name": "house", "type": "stone_house", "polygon": [[50, 40], [60, 40], [60, 80], [50, 80]]}
    g = make_game(["gun"], ["target"], {"a1": (30, 20, 90), "b1": (80, 60, 180)}, terrain=[wall],
                  cards=[card("gun", move_cm=40), card("target")])
    give_chit(g, "a")
    assert refused_part(g, 0, ["gun#1 attack", "to 30,40", "fire target#1"]) == (
        "fire target#1 would not be played: after to 30,40 (gun#1 drives 20.0 cm; gun#1 has no target in "
        "sight) the decision passes on")


def test_issue_59_4_undo_takes_back_a_whole_line(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``is2#1 move 90,100`` played the order and its drive; ``undo`` takes back both, as the
    line was typed, and says so; a move typed on its own is taken back alone."""
    code, out, err = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "1",
                          "--board", "none"], capsys, monkeypatch,
                         stdin="is2#1 move 90,100\nundo\nis2#1 move\nto 90,100\nundo\nquit\n")
    assert "took back: is2#1 move, to 90,100\n" in out, out[-2000:]
    assert out.rstrip().count("took back: to 90,100") == 1, out[-2000:]


def test_issue_59_8_preview_takes_an_order_line_before_the_order_is_given(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``preview tiger#1 move 90,80`` while an order is due judges the drive as it would be
    after the MOVE (BT-5.1, the cover it ends in), on a copy: the order is not given."""
    code, out, err = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "1",
                          "--board", "none"], capsys, monkeypatch, stdin="preview tiger#1 move 90,80\nquit\n")
    answer = out.split("> preview tiger#1 move 90,80\n", 1)[1]
    assert answer.startswith("after tiger#1 move (nothing is played):\nto 90,80: "), out[-2000:]
    assert "accepted" in answer.splitlines()[1] and "from t34#1: " in answer, out[-2000:]
    assert "receives MOVE" not in out and "MOVE tiger#1: path" not in out, out[-2000:]
