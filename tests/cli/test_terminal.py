"""The terminal as a player meets it (issue 19): hot-seat screens, draw and
resign, the prompt, the spinner, screen length, help pages, wording."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from cli.app import main


class FakeTerminal(io.StringIO):
    """A stdout that says it is a terminal and keeps every byte written to it."""

    def isatty(self) -> bool:
        return True


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "",
        tty: bool = False) -> tuple[int, str]:
    """Run ``tanktable ARGS`` with ``stdin``; the exit code and everything written to stdout."""
    out = FakeTerminal() if tty else io.StringIO()
    monkeypatch.setattr(sys, "argv", ["tanktable", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    with pytest.raises(SystemExit) as info:
        main()
    return int(info.value.code or 0), out.getvalue()


def test_hot_seat_handover_clears_the_scrollback_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19.2: the pass screen erases the screen and the scrollback (ESC[3J),
    before the pass line and again once the next player is at the keyboard."""
    code, out = run(["play", "duel-of-the-giants", "--seat", "german=human", "--seat", "soviet=human",
                     "--seed", "1"], monkeypatch, stdin="\nquit\n", tty=True)
    assert code == 0
    before, _, after = out.partition("=== pass the terminal to")
    assert before.endswith("\033[H\033[2J\033[3J")
    # the pass line, the Enter that answers it (written: stdin here is no terminal), then the clear
    assert after.split("\n", 2)[2].startswith("\033[H\033[2J\033[3J")


def test_hot_seat_on_a_pipe_writes_no_escape_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run(["play", "duel-of-the-giants", "--seat", "german=human", "--seat", "soviet=human",
                     "--seed", "1"], monkeypatch, stdin="\nquit\n")
    assert "=== pass the terminal to" in out and "\033[" not in out


def test_draw_offer_accepted_by_a_computer_no_better_than_even_ends_by_agreement(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, with_pig: Any) -> None:
    """Issue 19.13: ``draw`` asks the other seat; a computer at even takes it (Termination.AGREEMENT)."""
    rec = tmp_path / "g.yaml"
    code, out = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1",
                     "--record", str(rec)], monkeypatch, stdin="draw\ny\n")
    assert code == 0
    assert "blue accepts the draw" in out
    assert "Result: draw -- draw by agreement" in out
    import yaml

    assert yaml.safe_load(rec.read_text())["result"]["termination"] == "agreement"


@pytest.mark.parametrize("value, accepts", [(0.3, False), (0.0, True), (-0.4, True)])
def test_a_computer_accepts_a_draw_only_when_not_better_than_even(
        value: float, accepts: bool, monkeypatch: pytest.MonkeyPatch, with_pig: Any) -> None:
    from tests.toy import PigGame

    monkeypatch.setattr(PigGame, "evaluate", lambda self, player: value)
    code, out = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                    monkeypatch, stdin="draw\ny\nquit\n")
    assert ("blue accepts the draw" in out) is accepts
    assert ("blue declines the draw: play on" in out) is not accepts


def test_draw_offer_to_a_person_is_answered_at_the_prompt(monkeypatch: pytest.MonkeyPatch,
                                                          with_pig: Any) -> None:
    code, out = run(["play", "pig", "--seat", "red=human", "--seat", "blue=human", "--seed", "1"],
                    monkeypatch, stdin="draw\ny\nn\ndraw\ny\ny\n")
    assert "red offers a draw. blue, do you accept? [y/N]" in out
    assert "blue declines the draw: play on" in out
    assert "Result: draw -- draw by agreement" in out


def test_tc_7_4_no_draw_offer_where_agreement_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """TC-7.4 with ``draw.agreement: false``: the offer is refused before anyone is asked."""
    code, out = run(["play", "tank-chess", "--seat", "white=human", "--seat", "black=greedy", "--seed", "1",
                     "-o", "draw.agreement=false"], monkeypatch, stdin="draw\nquit\n")
    assert "draws by agreement are off in this game (draw.agreement, TC-7.4)" in out
    assert "accept" not in out and "Result: draw" not in out


def test_resign_asks_for_confirmation(monkeypatch: pytest.MonkeyPatch, with_pig: Any) -> None:
    code, out = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "1"],
                    monkeypatch, stdin="resign\nn\nresign\n\nresign\nyes\n")
    assert out.count("red: resign the game? [y/N]") == 3
    assert out.count("not resigned: play on") == 2
    assert "Result: blue -- red resigned" in out


def test_tab_completes_commands_table_commands_and_legal_moves(with_pig: Any) -> None:
    """Issue 19.3: completion candidates are the commands, the ruleset's own and the moves."""
    from cli.play import PlaySettings, start_session
    from cli.prompt import complete

    session = start_session(PlaySettings(ruleset="pig", seats=["red=human", "blue=greedy"], seed=1,
                                         stdin=io.StringIO("")))
    words = session.completions()
    assert {"moves", "draw", "resign", "save position", "need", "roll"} <= set(words)
    assert complete("mo", words) == ["moves"]
    assert complete("RO", words) == ["roll"]
    assert complete("save", words) == ["save", "save position"]
    assert complete("zz", words) == []


def test_tab_completes_tank_chess_moves_in_notation() -> None:
    from cli.play import PlaySettings, start_session
    from cli.prompt import complete

    session = start_session(PlaySettings(ruleset="tank-chess", seats=["white=human", "black=greedy"],
                                         seed=1, stdin=io.StringIO("")))
    found = complete("mt ", session.completions())
    assert found and all(m.startswith("MT ") for m in found)
    assert session.game.parse_action(found[0]) in session.game.legal_actions()


def test_no_line_editing_on_a_pipe(with_pig: Any) -> None:
    """Off a terminal the prompt reads plain lines and loads no readline."""
    from cli.prompt import Prompt

    prompt = Prompt(io.StringIO("roll\n"), lambda: ["roll"])
    assert prompt.readline is None
    assert prompt.read("> ") == "roll" and prompt.read("> ") is None


def test_a_line_read_from_a_pipe_is_written_after_its_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing shows a piped line, so the prompt writes it: the prompt's line ends there,
    the next message starts a line of its own, and the transcript reads as the session.
    At the end of input the prompt's line is ended too."""
    from cli.prompt import Prompt

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    prompt = Prompt(io.StringIO("roll\n"), lambda: ["roll"])
    assert prompt.read("pig> ") == "roll" and prompt.read("pig> ") is None
    assert out.getvalue() == "pig> roll\npig> \n"


def test_quit_before_anything_is_played_says_no_game_was_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game quit at its first prompt leaves no file in the games folder, and says so
    on the line after the typed ``quit``."""
    from cli.autosave import games_folder

    code, out = run(["play", "tank-chess", "--seat", "black=greedy", "--seed", "1"], monkeypatch,
                    stdin="quit\n")
    assert code == 0
    assert out.endswith("white -- move a tank> quit\nnothing played yet: no game saved\n"), out[-200:]
    assert not games_folder().exists() or not any(games_folder().iterdir())


def test_readline_on_a_terminal_edits_remembers_and_forgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal: readline completes whole lines (moves have spaces), keeps the history of
    moves but not of y/N answers, and forgets all at a hot-seat handover."""
    readline = pytest.importorskip("readline")
    from cli import prompt as prompt_module

    monkeypatch.setattr(prompt_module.Prompt, "interactive", staticmethod(lambda stream: True))
    answers = iter(["MT c2-c3:N", "y"])
    monkeypatch.setattr("builtins.input", lambda text: (readline.add_history(line := next(answers)), line)[1])
    p = prompt_module.Prompt(io.StringIO(), lambda: ["MT c2-c3:N", "MT c2-d3:NE", "moves"])
    assert readline.get_completer_delims() == ""
    assert [p._complete("mt c2-", i) for i in range(3)] == ["MT c2-c3:N", "MT c2-d3:NE", None]
    assert p.read("> ") == "MT c2-c3:N" and p.read("? ", remember=False) == "y"
    assert readline.get_current_history_length() == 1
    assert readline.get_history_item(1) == "MT c2-c3:N"
    p.forget()
    assert readline.get_current_history_length() == 0


SPINNER_BYTES = ("\r", "\033[", "thinking", "⠋", "⠙")


def test_no_spinner_on_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19.9: piped output has no spinner bytes (no carriage returns, no escapes, no text)."""
    code, out = run(["play", "tank-chess", "--seat", "white=greedy", "--seat", "black=greedy", "--seed", "2",
                     "--max-moves", "3"], monkeypatch)
    assert code == 0 and "   3. white" in out
    assert not [b for b in SPINNER_BYTES if b in out]


def test_the_spinner_says_who_thinks_about_what_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the computer's turn shows a spinner naming the seat, its kind and the decision."""
    import time

    from cli import play

    real = play.Session.agent

    def slow(self: Any, player: int, purpose: str = "computer") -> Any:
        agent = real(self, player, purpose)
        choose = agent.choose

        def slower(game: Any) -> Any:
            time.sleep(0.3)  # long enough for the spinner to draw
            return choose(game)

        monkeypatch.setattr(agent, "choose", slower)
        return agent

    monkeypatch.setattr(play.Session, "agent", slow)
    code, out = run(["play", "tank-chess", "--seat", "white=greedy", "--seat", "black=greedy", "--seed", "2",
                     "--max-moves", "1"], monkeypatch, tty=True)
    assert "white (greedy) is thinking: move a tank" in out


class AutoPlayer(io.StringIO):
    """A player on stdin who types the greedy choice at each prompt, ``decisions`` times, then quits.

    Before each answer it writes a marker to stdout, so the test can cut the
    output into the screens of single decisions."""

    MARK = "<<decision>>"

    def __init__(self, decisions: int) -> None:
        super().__init__()
        self.left = decisions
        self.session: Any = None

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        sys.stdout.write("\n" + self.MARK + "\n")
        if self.left == 0:
            return "quit\n"
        self.left -= 1
        from core.ai import make_agent

        game = self.session.game
        return game.format_action(make_agent("greedy", seed=self.left).choose(game)) + "\n"


@pytest.mark.parametrize("ruleset, seats", [
    ("tank-chess", ["white=human", "black=greedy"]),
    ("battle-of-tanks", ["a=human", "b=greedy"]),
    ("duel-of-the-giants", ["german=human", "soviet=greedy"]),
])
def test_each_decision_fits_an_80x24_terminal(ruleset: str, seats: list[str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 19.10: what is printed from one prompt to the next fits 80x24 (compact board;
    the full one is 'board')."""
    from cli.play import PlaySettings, start_session

    stdin = AutoPlayer(8)
    session = start_session(PlaySettings(ruleset=ruleset, seats=seats, seed=5, stdin=stdin))
    stdin.session = session
    session.run()
    screens = capsys.readouterr().out.split(AutoPlayer.MARK + "\n")[1:-1]
    assert len(screens) >= 4
    for screen in screens:
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) <= 24, screen
        assert max(len(line) for line in lines) <= 80, screen


def test_the_last_moves_show_at_the_end_and_board_draws_the_full_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The compact board each decision, the full one (with its key) on 'board'; 'last' repeats
    the moves in full; a game that ends on the computer's move still shows that move."""
    code, out = run(["play", "tank-chess", "--seat", "white=human", "--seat", "black=greedy", "--seed", "1"],
                    monkeypatch, stdin="board\nMT h2-h5:N\nlast\nresign\ny\n")
    assert out.count("white UPPERCASE, black lowercase") == 2  # 'board' and the end, not each decision
    after = out.split("> last\n")[-1]
    assert "   2. black" in after  # 'last' prints the computer's reply again
    assert out.split("\ngame saved in")[0].endswith("Result: black -- white resigned")


def _commands(command: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    found = [(path, command)]
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        found += _commands(sub, (*path, name))
    return found


def test_every_help_page_is_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19.11: walk every command's --help: no type labels, every argument and option
    described, no summary in the command lists cut mid-sentence."""
    import re

    import typer

    from cli.app import app

    monkeypatch.setenv("COLUMNS", "100")
    root = typer.main.get_command(app)
    for path, command in _commands(root):
        code, out = run([*path, "--help"], monkeypatch)
        assert code == 0, path
        assert not re.search(r"<(bool|str|int|float|path|list\[[a-z]+\])>", out), (path, out)
        assert "Usage: tanktable" in out
        for param in command.params:
            assert param.help, (path, param.name)
        for name, sub in getattr(command, "commands", {}).items():
            summary = sub.get_short_help_str(limit=200)
            assert summary.endswith((".", ")")), (path, name, summary)
            assert not summary.endswith(":"), (path, name, summary)


def test_the_result_line_prints_a_score_readably(monkeypatch: pytest.MonkeyPatch, with_pig: Any) -> None:
    """Issue 19.14: no Python tuple at the end of the result line."""
    code, out = run(["play", "pig", "--seat", "red=greedy", "--seat", "blue=greedy", "--seed", "4"], monkeypatch)
    last = out.strip().splitlines()[-1]
    assert re.fullmatch(r"Result: \w+ -- \w+ reached 20; score red \d+, blue \d+", last), last


def test_simulate_names_no_search_budget_when_no_seat_searches(monkeypatch: pytest.MonkeyPatch,
                                                               with_pig: Any) -> None:
    """Issue 19.14: 'mcts 1 s/move' only where a seat uses mcts or a preset."""
    code, out = run(["simulate", "pig", "--games", "2", "--seat", "red=greedy", "--seat", "blue=random"],
                    monkeypatch)
    assert code == 0 and "mcts" not in out.splitlines()[0]
    code, out = run(["simulate", "pig", "--games", "1", "--seat", "red=mcts", "--iterations", "5"], monkeypatch)
    assert code == 0 and "mcts 5 iterations/move" in out.splitlines()[0]


def test_board_every_n_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19.16 (make demo): --board every:N draws the board after every N-th decision and at the end."""
    code, out = run(["play", "tank-chess", "--seat", "white=greedy", "--seat", "black=greedy", "--seed", "7",
                     "--board", "every:4", "--max-moves", "12"], monkeypatch)
    assert code == 0
    header = "     a   b   c   d   e   f   g   h   i   j   k   l   m   n   o   p"
    drawn = [i for i, line in enumerate(out.splitlines()) if line.rstrip() == header]
    assert len(drawn) == 3 + 2  # compact after 4, 8, 12; the full board at the end has two
    assert out.index(header) > out.index("   4. black") and out.index(header) < out.index("   5. white")
    code, out = run(["play", "tank-chess", "--board", "every:x"], monkeypatch)
    assert code == 2


def test_make_demo_is_a_real_game_with_boards_on_the_way() -> None:
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    demo = makefile.split("demo: $(STAMP)\n", 1)[1].splitlines()[0]
    assert "tanktable play tank-chess --scenario standard-16" in demo and "--board every:" in demo


def test_moves_fit_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=greedy", "--seed", "5"],
                    monkeypatch, stdin="moves\nquit\n")
    listing = out.split("move(s)\n", 1)[1].split(">", 1)[0].splitlines()[:-1]
    assert listing and max(len(line) for line in listing) <= 80
    assert "t34#1 move" in listing[0] and any("t34#1 attack" in line for line in listing)


def test_replay_step_stops_cleanly_at_the_end_of_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19 item 15: ``replay --step`` with its input closed stops after the first
    move instead of running straight through."""
    rec = tmp_path / "g.yaml"
    code, _ = run(["play", "tank-chess", "--seat", "white=random", "--seat", "black=random", "--seed", "2",
                   "--max-moves", "6", "--record", str(rec)], monkeypatch)
    code, out = run(["replay", str(rec), "--step"], monkeypatch, stdin="\n")
    assert code == 0
    assert "   2. black" in out and "   3. white" not in out
    assert out.rstrip().endswith("end of input: replay stopped after move 2")


def test_a_new_record_follows_the_umask(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19 item 15: a record is created with mode 0o666 & ~umask, like any new file."""
    import os

    old = os.umask(0o027)
    try:
        rec = tmp_path / "g.yaml"
        run(["play", "tank-chess", "--seat", "white=random", "--seat", "black=random", "--seed", "2",
             "--max-moves", "2", "--record", str(rec)], monkeypatch)
    finally:
        os.umask(old)
    assert rec.stat().st_mode & 0o777 == 0o666 & ~0o027
