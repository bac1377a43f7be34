"""A command started with an output closed runs as on a pipe: no terminal to draw on,
and no internal error (the standard: no traceback ever reaches a user)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from cli.terminal import is_terminal

CLI = [sys.executable, "-c", "from cli.app import main; main()"]


class _NoIsatty:
    """A stand-in stream that cannot say whether it is a terminal."""

    def write(self, text: str) -> int:
        return len(text)


def test_missing_closed_and_stand_in_streams_are_no_terminal() -> None:
    closed = io.StringIO()
    closed.close()
    assert is_terminal(None) is False
    assert is_terminal(closed) is False
    assert is_terminal(_NoIsatty()) is False  # type: ignore[arg-type]
    assert is_terminal(io.StringIO()) is False


def test_simulate_with_stderr_closed_still_reports_its_games() -> None:
    """Python has ``None`` for a closed stderr; the progress bar asked it whether it
    was a terminal and the command ended in an internal error."""
    done = subprocess.run([*CLI, "simulate", "tank-chess", "-n", "1", "--seed", "3"],
                          stdout=subprocess.PIPE, text=True, preexec_fn=_close_stderr, check=False)
    assert done.returncode == 0
    assert "mean length" in done.stdout


def test_play_with_stdout_closed_still_keeps_its_record(tmp_path: Path) -> None:
    """Nothing can be shown, but the move is played and the record written."""
    record = tmp_path / "game.json"
    done = subprocess.run([*CLI, "play", "tank-chess", "--seat", "black=greedy", "--record", str(record)],
                          input="MT e1-e3:N\n", stderr=subprocess.PIPE, text=True,
                          preexec_fn=_close_stdout, check=False)
    assert "internal error" not in done.stderr
    assert done.returncode == 1  # end of input before the game ended, as on a pipe
    assert "- MT e1-e3:N\n" in record.read_text()


def test_a_card_template_with_stdout_closed_is_no_error() -> None:
    done = subprocess.run([*CLI, "cards", "new", "tank-chess"], stderr=subprocess.PIPE, text=True,
                          preexec_fn=_close_stdout, check=False)
    assert (done.returncode, done.stderr) == (0, "")


def _close_stderr() -> None:
    """In the child before it starts: ``2>&-``."""
    os.close(2)


def _close_stdout() -> None:
    """In the child before it starts: ``>&-``."""
    os.close(1)
