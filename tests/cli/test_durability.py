"""Issue 61.1: every decision of a terminal game is on disk before the next prompt or the
next computer move -- a person's or the computer's, in every ruleset, hot-seat included --
so that ``kill -9`` loses none and ``--resume`` plays on from exactly there.

Each case plays a whole short game through the real command in a subprocess, with the
person's lines fed through a pipe. At every prompt the process is blocked waiting for the
line, and the record on disk is read and re-played beside it: it must hold every decision
taken so far (it reaches the very decision the prompt asks for, and every line the person
typed), and after some decisions the process is killed with SIGKILL and the game resumed
with ``--resume`` from the record alone.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from cli.prompt import fit_prompt
from core.record import RecordFile, start_game
from core.registry import get_ruleset

ROOT = Path(__file__).parents[2]
HANDOVER = "press Enter when ready ===\n"
WAIT = 60.0
"""The most seconds a prompt may take to come (a generous bound: a prompt comes in well under one)."""


class Table:
    """One ``tanktable play`` process: lines in through a pipe, the screen read up to each prompt."""

    def __init__(self, args: list[str], cwd: Path):
        self.err = (cwd / "stderr.txt").open("ab")
        self.proc = subprocess.Popen([sys.executable, "-c", "from cli.app import main; main()", *args],
                                     cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.screen = ""

    def wait(self) -> str:
        """The screen up to the next prompt (the process then waits for a line), or '' when it ended."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        since = len(self.screen)
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            if self.screen.endswith(("> ", HANDOVER)) and len(self.screen) > since:
                return self.screen[since:]
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    self.proc.wait(timeout=WAIT)
                    return ""
                self.screen += chunk.decode()
        raise AssertionError(f"no prompt within {WAIT} s; the screen ends {self.screen[-500:]!r}")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=WAIT)
        self.close()

    def close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                stream.close()
        self.err.close()


class Mirror:
    """The game as the record on disk holds it, played on move by move as the record grows."""

    def __init__(self, path: Path):
        self.path = path
        self.moves: list[str] = []
        self.game: Any = None

    def read(self) -> None:
        """Read the record again: what was on disk before must still be there, then the new moves."""
        data = yaml.load(self.path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) \
            if self.path.exists() else None
        if data is None:
            assert not self.moves, "the record went away"
            return
        record = RecordFile.model_validate(data)
        if self.game is None:
            self.game = start_game(record, get_ruleset(record.ruleset))
        assert record.moves[:len(self.moves)] == self.moves, "the record lost or changed a decision"
        for text in record.moves[len(self.moves):]:
            self.game.apply(self.game.parse_action(text))
            self.moves.append(text)


def play_through(tmp_path: Path, args: list[str], humans: set[str], kill_after: set[int], seed: int) -> Mirror:
    """A whole game with ``humans`` typing random legal moves; SIGKILL after the person's
    decisions numbered in ``kill_after`` (each then resumed). Returns the game as recorded."""
    rec = tmp_path / "game.yaml"
    mirror = Mirror(rec)
    typed: list[str] = []
    pick = random.Random(seed)
    table = Table(["play", *args, "--record", str(rec), "--board", "none"], tmp_path)
    killed = 0
    screen: str | None = None
    try:
        while True:
            screen = table.wait() if screen is None else screen
            if not screen:
                break
            if screen.endswith(HANDOVER):  # hot-seat: the next person presses Enter
                table.send("")
                screen = None
                continue
            mirror.read()
            g = mirror.game
            assert g is not None or not typed, "decisions were typed but no record is on disk"
            if g is None:  # nothing decided yet: the game as the process starts it
                g = mirror.game = start_game(_header(args), get_ruleset(args[0]))
            # The record reaches the very decision this prompt asks for: nothing is missing.
            assert g.outcome() is None
            player = g.players[g.to_move()]
            assert player in humans, f"the record stops at {player}'s decision {g.decision()!r}"
            assert screen.endswith(fit_prompt(f"{player} -- {g.decision()}> ", 80)[1]), screen[-300:]
            assert [g.format_action(st.action) for st in g.history if g.players[st.player] in humans] == typed
            if len(typed) in kill_after and killed < len(typed):
                killed = len(typed)
                table.kill()
                table = Table(["play", "--resume", str(rec), "--board", "none"], tmp_path)
                screen = table.wait()
                assert f"resumed after {len(mirror.moves)} decisions" in screen
                continue
            action = pick.choice(g.legal_actions())
            typed.append(g.format_action(action))
            table.send(typed[-1])
            screen = None
    finally:
        if table.proc.poll() is None:
            table.kill()
        else:
            table.close()
    assert table.proc.returncode == 0, (tmp_path / "stderr.txt").read_text()
    mirror.read()
    assert mirror.game.outcome() is not None and killed == max(kill_after), "the game did not end as played"
    assert [mirror.game.format_action(st.action) for st in mirror.game.history
            if mirror.game.players[st.player] in humans] == typed
    return mirror


def _header(args: list[str]) -> RecordFile:
    """The game's start before its first decision (nothing on disk yet): as the command makes it."""
    from core.record import make_header

    scenario = args[args.index("--scenario") + 1] if "--scenario" in args else None
    return make_header(get_ruleset(args[0]), scenario, int(args[args.index("--seed") + 1]))


@pytest.mark.parametrize("args, humans, kill_after", [
    (["tank-chess", "--seat", "white=human", "--seat", "black=greedy", "--seed", "3"], {"white"}, {1, 4}),
    (["battle-of-tanks", "--seat", "a=human", "--seat", "b=random", "--seed", "2"], {"a"}, {1, 2, 40}),
    (["duel-of-the-giants", "--scenario", "summer-short", "--seat", "german=human", "--seat", "soviet=greedy",
      "--seed", "4"], {"german"}, {1, 30}),
    (["duel-of-the-giants", "--scenario", "summer-short", "--seat", "german=human", "--seat", "soviet=human",
      "--seed", "5"], {"german", "soviet"}, {1, 2, 60}),
], ids=["tank-chess", "battle-of-tanks", "duel-of-the-giants", "duel-of-the-giants-hot-seat"])
def test_61_1_every_decision_is_on_disk_before_the_next_prompt_and_survives_kill_9(
        args: list[str], humans: set[str], kill_after: set[int], tmp_path: Path) -> None:
    play_through(tmp_path, args, humans, kill_after, seed=7)
