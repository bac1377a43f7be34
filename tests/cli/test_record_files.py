"""Issue 27.4, 27.5, 27.15: no record is overwritten, every decision is saved,
and a game with a person at the table is never lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cli.autosave import choose_game, games_folder
from core.errors import UsageError
from core.record import load_record, make_record, save_record
from tests.cli.test_cli_core import run
from tests.toy import RULESET as PIG

ROOT = Path(__file__).parents[2]


def pig_record(path: Path, moves: int = 1) -> bytes:
    game = PIG.new_game(None, None, 5)
    for _ in range(moves):
        game.apply(game.legal_actions()[0])
    save_record(make_record(game, PIG, None, 5), path)
    return path.read_bytes()


# ------------------------------------------------------------------ 27.4
def test_27_4_record_onto_another_games_record_is_refused_before_the_first_move(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    """Issue 27.4: --record naming another game's record: exit 2, --resume named, file untouched."""
    precious = tmp_path / "precious.yaml"
    before = pig_record(precious)
    code, out, err = run(["play", "tank-chess", "--seat", "white=random", "--seat", "black=random",
                          "--seed", "1", "--max-moves", "4", "--record", str(precious)], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert "holds a pig game record, 1 decisions" in err
    assert f"tanktable play --resume {precious}" in err and "another name" in err
    assert precious.read_bytes() == before


def test_27_4_record_onto_any_other_file_is_refused_before_the_first_move(
        tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """Issue 27.4: ``--record notes.txt`` no longer plays the game and then fails to save it."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    code, out, err = run(["play", "tank-chess", "--seat", "white=random", "--seat", "black=random",
                          "--seed", "1", "--record", str(notes)], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert "not a tanktable record" in err and "another name" in err
    assert notes.read_text() == "my notes\n"


@pytest.mark.parametrize("where", ["missing/x.yaml", "afile/x.yaml"])
def test_27_4_an_unwritable_record_target_is_refused_before_the_first_move(
        where: str, tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """Issue 27.4: a missing folder, or a "folder" that is a file (unwritable even for root)."""
    (tmp_path / "afile").write_text("x")
    target = tmp_path / where
    code, out, err = run(["play", "tank-chess", "--seat", "white=human", "--seat", "black=greedy",
                          "--seed", "1", "--record", str(target)], capsys, monkeypatch, stdin="MT e1-c4:NW\n")
    assert code == 2 and out == ""
    assert ("does not exist" in err) if where.startswith("missing") else ("is not a folder" in err)
    assert not target.exists()


def test_27_4_an_empty_file_may_take_the_record(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                                with_pig: Any) -> None:
    """An empty file (``--record $(mktemp)``) holds nothing to lose: the game is saved in it."""
    target = tmp_path / "empty.yaml"
    target.write_text("")
    code, _, err = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random", "--seed", "2",
                        "--record", str(target)], capsys, monkeypatch)
    assert code == 0, err
    assert load_record(target)[0].result is not None


def test_27_4_save_onto_another_record_asks_first(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                                  with_pig: Any) -> None:
    """Issue 27.4: ``save FILE`` onto a record asks y/N; No keeps it, yes replaces it."""
    other = tmp_path / "other.yaml"
    before = pig_record(other, moves=3)
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                       capsys, monkeypatch, stdin=f"roll\nsave {other}\nn\nsave {other}\ny\nquit\n")
    assert out.count(f"{other} holds a pig game record, 3 decisions; replace it? [y/N]") == 2
    assert "not saved" in out and f"saved {other}" in out
    assert other.read_bytes() != before
    assert load_record(other)[0].moves[0].startswith("roll")


def test_27_4_save_onto_a_file_that_is_not_a_record_is_refused(tmp_path: Path, capsys: Any,
                                                               monkeypatch: Any, with_pig: Any) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n")
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                       capsys, monkeypatch, stdin=f"save {notes}\nquit\n")
    assert "exists and is not a tanktable record; not overwritten" in out
    assert notes.read_text() == "keep me\n"


# ------------------------------------------------------------------ 27.5
def test_27_5_the_computers_reply_is_saved_before_the_person_is_asked(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    """Issue 27.5: whenever the person is asked, the record on disk holds every decision taken."""
    from cli.play import Session

    rec = tmp_path / "g.yaml"
    asked: list[tuple[int, int]] = []
    human_turn = Session.human_turn

    def probe(self: Session, player: int) -> bool:
        on_disk = len(load_record(rec)[0].moves) if rec.exists() else 0
        asked.append((len(self.game.history), on_disk))
        return human_turn(self, player)

    monkeypatch.setattr(Session, "human_turn", probe)
    run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "3", "--record", str(rec)],
        capsys, monkeypatch, stdin="roll\nhold\n" * 20)
    replies = [(played, saved) for played, saved in asked if played > 0]
    assert len(replies) >= 1 and all(played == saved for played, saved in replies), asked


def _play(args: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "from cli.app import main; main()", *args], cwd=cwd,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_27_5_sigterm_and_sighup_save_and_say_so(sig: int, tmp_path: Path) -> None:
    """Issue 27.5: the command of the issue: black's reply is in the record; resume goes on."""
    rec = tmp_path / "t1.yaml"
    proc = _play(["play", "tank-chess", "--seat", "white=human", "--seat", "black=greedy", "--seed", "1",
                  "--record", str(rec), "--board", "none"], tmp_path)
    assert proc.stdin is not None
    proc.stdin.write(b"MT e1-c4:NW\n")
    proc.stdin.flush()
    end = time.monotonic() + 60
    while time.monotonic() < end and not (rec.exists() and len(load_record(rec)[0].moves) == 2):
        time.sleep(0.05)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + sig, err
    name = signal.Signals(sig).name
    assert f"stopped ({name}); game saved in {rec}; to play on: tanktable play --resume {rec}" in err.decode()
    moves = load_record(rec)[0].moves
    assert moves[0] == "MT e1-c4:NW" and len(moves) == 2
    again = _play(["play", "--resume", str(rec), "--seat", "white=greedy", "--max-moves", "2", "--json"],
                  tmp_path)
    again.communicate(timeout=120)
    assert again.returncode == 0
    assert load_record(rec)[0].moves[:2] == moves and len(load_record(rec)[0].moves) == 4


# ------------------------------------------------------------------ 27.15
def test_27_15_quit_without_record_saves_the_game_and_says_how_to_resume(
        capsys: Any, monkeypatch: Any, with_pig: Any, games_home: Path) -> None:
    """Issue 27.15: quit without --record: saved in the games folder, the exit line says where."""
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                       capsys, monkeypatch, stdin="roll\nquit\n")
    saved = list((games_home / "games").glob("pig-*.yaml"))
    assert code == 0 and len(saved) == 1  # quit is asked for, not a failure (issue 61.3)
    # on one line where it fits, else wrapped at its words, the path and the command whole
    said = " ".join(out.split())
    assert (f"game saved in {saved[0]}; to play on: tanktable play --resume {saved[0]}" in said
            or f"game saved in {saved[0]} to play on: tanktable play --resume {saved[0]}" in said)
    assert any(f"tanktable play --resume {saved[0]}" in line for line in out.splitlines())
    assert load_record(saved[0])[0].moves[0].startswith("roll")


def test_27_15_end_of_input_saves_too_and_resume_plays_on_in_place(
        capsys: Any, monkeypatch: Any, with_pig: Any, games_home: Path) -> None:
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                       capsys, monkeypatch, stdin="roll\n")
    assert "end of input: stopping" in out
    [saved] = (games_home / "games").glob("pig-*.yaml")
    code, out, _ = run(["play", "--resume", str(saved), "--seat", "red=random"], capsys, monkeypatch)
    assert code == 0 and load_record(saved)[0].result is not None
    assert list((games_home / "games").glob("*.yaml")) == [saved]


def test_27_15_nothing_played_nothing_kept_and_computer_games_stay_out(
        capsys: Any, monkeypatch: Any, with_pig: Any, games_home: Path) -> None:
    """A game quit before any decision leaves no file; a game of computers only is not kept."""
    run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy"], capsys, monkeypatch, stdin="quit\n")
    run(["play", "pig", "--seat", "red=random", "--seat", "blue=random"], capsys, monkeypatch)
    assert not list((games_home / "games").glob("*.yaml"))


def test_27_15_an_unwritable_games_folder_is_refused_before_the_first_move(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    (tmp_path / "afile").write_text("x")
    monkeypatch.setenv("TANKTABLE_HOME", str(tmp_path / "afile" / "home"))
    code, out, err = run(["play", "pig", "--seat", "red=human"], capsys, monkeypatch, stdin="roll\n")
    assert code == 2 and out == "" and "TANKTABLE_HOME" in err and "--record" in err


def test_27_15_the_games_folder_follows_xdg_and_tanktable_home(monkeypatch: Any, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("TANKTABLE_HOME", str(tmp_path / "own"))
    assert games_folder() == tmp_path / "own" / "games"
    monkeypatch.delenv("TANKTABLE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert games_folder() == tmp_path / "xdg" / "tanktable" / "games"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert games_folder() == tmp_path / "home" / ".local" / "share" / "tanktable" / "games"


def _unfinished(games_home: Path, capsys: Any, monkeypatch: Any) -> list[Path]:
    for seed in (1, 2):
        run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", str(seed)],
            capsys, monkeypatch, stdin="roll\n")
        time.sleep(0.01)
    run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "3"],
        capsys, monkeypatch, stdin="resign\ny\n")
    return sorted((games_home / "games").glob("*.yaml"), key=lambda p: p.stat().st_mtime)


def test_27_15_resume_without_a_file_lists_the_unfinished_games_and_exits_2_off_a_terminal(
        capsys: Any, monkeypatch: Any, with_pig: Any, games_home: Path) -> None:
    paths = _unfinished(games_home, capsys, monkeypatch)
    finished = [p for p in paths if load_record(p)[0].result is not None]
    assert len(paths) == 3 and len(finished) == 1
    code, out, err = run(["play", "--resume"], capsys, monkeypatch)
    assert code == 2 and "tanktable play --resume FILE" in err
    listed = [p for p in paths if str(p) in out]
    assert listed == [p for p in paths if p not in finished]
    assert out.index(str(listed[1])) < out.index(str(listed[0]))  # newest first
    assert "1. pig" in out and "decisions, red=human, blue=greedy" in out


def test_27_15_resume_without_a_file_lets_the_person_pick(capsys: Any, monkeypatch: Any, with_pig: Any,
                                                          games_home: Path) -> None:
    paths = _unfinished(games_home, capsys, monkeypatch)
    answers = iter(["7", "x", "2"])
    shown: list[str] = []
    picked = choose_game(lambda _q: next(answers), shown.append, interactive=True)
    unfinished = [p for p in paths if load_record(p)[0].result is None]
    assert picked == unfinished[0]  # the older of the two, listed second
    assert "type a number from 1 to 2, or Enter for none" in shown
    with pytest.raises(UsageError, match="no game chosen"):
        choose_game(lambda _q: "", shown.append, interactive=True)


def test_27_15_resume_without_a_file_and_no_games(capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run(["play", "--resume"], capsys, monkeypatch)
    assert code == 2 and "no unfinished games in" in err


def test_27_15_draw_asks_to_confirm_as_resign_does(capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    """Issue 27.15: ``draw`` then No: no offer is made, the computer is not asked."""
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                       capsys, monkeypatch, stdin="draw\nn\nquit\n")
    assert "red: offer a draw? [y/N]" in out and "no draw offered: play on" in out
    assert "accepts" not in out and "declines" not in out


def test_27_4_a_record_replaced_during_the_game_is_left_alone(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any, games_home: Path) -> None:
    """Issue 27.4: another game started with the same --record (or an edit) while this one is played:
    neither is lost -- the other file stays, this game goes on in the games folder and says so."""
    from cli.play import Session

    rec = tmp_path / "g.yaml"
    human_turn = Session.human_turn
    calls = {"n": 0}
    other: dict[str, bytes] = {}

    def meddle(self: Session, player: int) -> bool:
        calls["n"] += 1
        if calls["n"] == 2:
            other["bytes"] = pig_record(rec, moves=2)
        return human_turn(self, player)

    monkeypatch.setattr(Session, "human_turn", meddle)
    code, out, err = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "3",
                          "--record", str(rec)], capsys, monkeypatch, stdin="roll\nhold\n" * 3)
    [moved] = (games_home / "games").glob("pig-*.yaml")
    assert f"{rec} was changed by something else since this game saved it" in err and str(moved) in err
    assert rec.read_bytes() == other["bytes"]
    assert f"game saved in {moved}" in " ".join(out.split())  # wrapped at its words, the path whole
    assert len(load_record(moved)[0].moves) > 2


def test_27_4_save_onto_the_games_own_record_just_saves(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                                        with_pig: Any, games_home: Path) -> None:
    """``save FILE`` naming the game's own --record asks nothing and keeps the game in that file."""
    rec = tmp_path / "g.yaml"
    code, out, err = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1",
                          "--record", str(rec)], capsys, monkeypatch, stdin=f"roll\nsave {rec}\nroll\nquit\n")
    assert "replace it?" not in out and f"saved {rec}" in out and "changed by something else" not in err
    assert not list((games_home / "games").glob("*.yaml"))
    assert len(load_record(rec)[0].moves) >= 2
