"""Issue 61 at the terminal: the record written cheaply after every decision (61.1), typed
lines written back harmless (61.2), and the smaller points of 61.3: ``quit`` exits 0, a
finished record is not offered to ``--resume``, ``save FILE`` in hot-seat play warns of
both sides' secrets, and ``replay --verify`` shows the commitment it checked."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from cli.autosave import RecordText
from cli.prompt import LINE_LIMIT, SHOWN_LIMIT, shown_input, visible
from core.record import RecordFile, dump_record, load_record, record_moves
from tests.cli.test_cli_core import run
from tests.toy import RULESET as PIG

COMMITMENT = re.compile(r"commitment ([0-9a-f]{64})")


# ------------------------------------------------------------------ 61.1
AWKWARD = ["MT d2-d5:NE", "- leading dash", "a: colon", "# hash", "'quoted'", '"double"', "über ✓",
           "x" * 150, "word " * 40, "yes", "1.5", "null", "tail space ", " lead", ""]


def test_61_1_the_kept_record_text_is_the_one_dump_record_gives() -> None:
    """The record written after each decision keeps its moves' YAML lines; whatever the moves
    (quotes, a leading dash, lines long enough to fold, words YAML reads as other types), the
    text is byte for byte what :func:`core.record.dump_record` gives, as it grows, after an
    undo cut it back, and after other moves were played instead."""
    kept = RecordText()
    header = RecordFile(ruleset="pig", scenario="standard", seed=3)
    for moves in (AWKWARD[:3], AWKWARD, AWKWARD[:5], AWKWARD[:5] + ["other", "x" * 150], [], AWKWARD):
        record = header.model_copy(update={"moves": list(moves)})
        assert kept.text(record) == dump_record(record)
        assert yaml.safe_load(kept.text(record)).get("moves", []) == moves


def test_61_1_the_kept_moves_follow_the_history_through_an_undo() -> None:
    """Only new steps are formatted, and an undo (the history cut back, then played on
    otherwise) is followed: the moves are always those :func:`record_moves` gives."""
    game = PIG.new_game(None, None, 11)
    kept = RecordText()
    for _ in range(6):
        game.apply(game.legal_actions()[0])
        assert kept.moves(game) == record_moves(game)
    game.undo_to(2)
    assert kept.moves(game) == record_moves(game) and len(kept.moves(game)) == 2
    for _ in range(3):
        game.apply(game.legal_actions()[-1])
        assert kept.moves(game) == record_moves(game)


# ------------------------------------------------------------------ 61.2
def test_61_2_visible_escapes_what_a_terminal_would_act_on_as_repr_does() -> None:
    line = "\x1b]0;pwned\x07\x1b[2J\r\tMT d2 ü"
    assert visible(line) == repr(line)[1:-1] == "\\x1b]0;pwned\\x07\\x1b[2J\\r\\tMT d2 ü"
    assert shown_input("x" * (SHOWN_LIMIT + 7)) == "x" * SHOWN_LIMIT + "... (7 more characters not shown)"


def test_61_2_a_piped_line_is_echoed_with_its_control_characters_escaped(
        capsys: Any, monkeypatch: Any) -> None:
    """Issue 61.2: a moves file cannot retitle, clear or recolour the terminal through the echo;
    the echo shows the line as the error line quotes it."""
    code, out, _ = run(["play", "tank-chess", "--seat", "black=random", "--seed", "1"], capsys, monkeypatch,
                       stdin="\x1b]0;pwned\x07\x1b[2J\nquit\n")
    assert "\x1b" not in out and "\x07" not in out
    escaped = "\\x1b]0;pwned\\x07\\x1b[2J"
    assert f"white -- move a tank> {escaped}\n" in out
    assert f"cannot read '{escaped}'" in out
    assert code == 0


def test_61_2_a_very_long_line_is_cut_in_the_echo_and_not_read(capsys: Any, monkeypatch: Any) -> None:
    """A line of 1 MiB is not written back whole: the echo is cut (saying how much), and the
    line is refused unread."""
    huge = "A" * 2**20
    code, out, _ = run(["play", "tank-chess", "--seat", "black=random", "--seed", "1"], capsys, monkeypatch,
                       stdin=f"{huge}\nquit\n")
    assert len(out) < 20_000
    assert f"> {'A' * SHOWN_LIMIT}... ({2**20 - SHOWN_LIMIT} more characters not shown)\n" in out
    assert f"a line of {2**20} characters is no move or command (at most {LINE_LIMIT}); not read" in out


# ------------------------------------------------------------------ 61.3
def test_61_3_quit_exits_0_and_end_of_input_1(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                              with_pig: Any) -> None:
    """``quit`` is asked for, not a failure; a moves file that runs out before the end still exits 1."""
    args = ["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "0"]
    code, out, _ = run([*args, "--record", str(tmp_path / "q.yaml")], capsys, monkeypatch, stdin="roll\nquit\n")
    assert code == 0 and "to play on: tanktable play --resume" in " ".join(out.split())  # wrapped at words
    code, out, _ = run([*args, "--record", str(tmp_path / "e.yaml")], capsys, monkeypatch, stdin="roll\n")
    assert code == 1 and "end of input: stopping" in out


def test_61_3_record_onto_a_finished_game_suggests_replay_not_resume(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    done = tmp_path / "done.yaml"
    code, _, _ = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random", "--seed", "2",
                      "--record", str(done)], capsys, monkeypatch)
    assert code == 0 and load_record(done)[0].result is not None
    before = done.read_bytes()
    code, out, err = run(["play", "pig", "--seat", "red=random", "--seed", "3", "--record", str(done)],
                         capsys, monkeypatch)
    assert code == 2 and out == "" and done.read_bytes() == before
    assert "holds a finished pig game record" in err and "That game is over" in err
    assert f"tanktable replay {done}" in err and "--resume" not in err


HOT_SEAT = ["play", "duel-of-the-giants", "--seat", "german=human", "--seat", "soviet=human", "--seed", "1"]


def test_61_3_save_in_hot_seat_warns_of_both_sides_secrets_before_writing(
        tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """Two people at one terminal, a game with secrets: ``save FILE`` says the file holds both
    sides' secrets and writes only on yes."""
    target = tmp_path / "copy.yaml"
    code, out, _ = run([*HOT_SEAT, "--record", str(tmp_path / "own.yaml")], capsys, monkeypatch,
                       stdin=f"\nsave {target}\nn\nsave {target}\ny\nquit\n")
    question = f"{target} will hold both sides' secrets (every hidden set-up and plan): " \
               "whoever opens it sees them. Save it? [y/N] "
    assert out.count(question) == 2
    first, second = out.split(question)[1:]
    assert first.startswith("n\nnot saved\n") and second.startswith(f"y\nsaved {target}\n")
    assert target.exists() and code == 0


def test_61_3_a_sealed_hot_seat_game_names_the_seed_too(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """Without --seed the record also holds the secret seed: the question says so; Enter is no."""
    target = tmp_path / "copy.yaml"
    code, out, _ = run(HOT_SEAT[:-2], capsys, monkeypatch, stdin=f"\nsave {target}\n\nquit\n")
    assert "(every hidden set-up and plan, and the seed that foretells the dice)" in out
    assert "not saved" in out and not target.exists()


@pytest.mark.parametrize("seats", [["german=human", "soviet=greedy"]])
def test_61_3_save_against_the_computer_asks_nothing(seats: list[str], tmp_path: Path, capsys: Any,
                                                    monkeypatch: Any) -> None:
    """One person at the table: nobody else's secrets to give away, no question."""
    target = tmp_path / "copy.yaml"
    code, out, _ = run(["play", "duel-of-the-giants", *[a for s in seats for a in ("--seat", s)], "--seed", "1",
                        "--record", str(tmp_path / "own.yaml")], capsys, monkeypatch,
                       stdin=f"save {target}\nquit\n")
    assert "secrets" not in out and f"saved {target}" in out and target.exists()


def test_61_3_replay_verify_prints_the_commitment_it_checked_and_the_seed(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    """The player holds the commitment ``replay --verify`` checked against the one the game
    showed at its start."""
    rec = tmp_path / "g.yaml"
    code, out, _ = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random", "--record", str(rec)],
                       capsys, monkeypatch)
    # the first line, wrapped at its words: the commitment stands whole on the next line
    shown_at_start = COMMITMENT.search(" ".join(out.split())).group(1)  # type: ignore[union-attr]
    assert shown_at_start in out.splitlines()[1]
    data = yaml.safe_load(rec.read_text())
    code, out, _ = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code == 0
    assert f"{rec}: commitment {shown_at_start} matches seed {data['seed']} with salt {data['salt']}" in out
    code, out, _ = run(["replay", str(rec), "--verify", "--json"], capsys, monkeypatch)
    report = json.loads(out)
    assert (report["commitment"], report["seed"], report["salt"]) == (shown_at_start, data["seed"], data["salt"])


def test_61_3_replay_verify_of_a_chosen_seed_says_there_is_no_commitment(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    rec = tmp_path / "g.yaml"
    run(["play", "pig", "--seat", "red=random", "--seat", "blue=random", "--seed", "Kursk",
         "--record", str(rec)], capsys, monkeypatch)
    code, out, _ = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code == 0 and f"{rec}: seed Kursk, chosen for the game (no commitment to check)" in out


def test_61_1_a_stop_during_the_save_waits_for_the_save_to_finish() -> None:
    """A SIGTERM that arrives while the record is written (the file replaced, not yet
    remembered as the game's own) stops the game only once the write is done: otherwise
    the save that follows every stop would take the game's own record for someone else's."""
    import os
    import signal

    from cli.stopping import Stopped, held, stop_on_signals

    steps: list[str] = []
    with stop_on_signals(), pytest.raises(Stopped) as info:
        with held():
            os.kill(os.getpid(), signal.SIGTERM)
            steps.append("written")
            steps.append("remembered")
        steps.append("after")  # never reached: the stop arrives as the block ends
    assert steps == ["written", "remembered"] and info.value.signum == signal.SIGTERM
