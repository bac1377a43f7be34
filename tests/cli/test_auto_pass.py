"""Issue 59.3 at the terminal: a decision whose only legal move ends the phase is not
typed. At a terminal it is played for the person, with one line saying so, and recorded
as that seat's decision; lines from a pipe or a file keep their meaning (no auto-pass
unless asked), so a moves file that spells out every ``end`` does not shift."""

from __future__ import annotations

import io
from typing import Any

import pytest

from cli.play import PlaySettings, no_choice_end, start_session
from core.ai import make_agent
from core.errors import TanktableError

SEATS = ["german=random", "soviet=human"]
SEED = 2
"""Duel of the Giants, summer-short: the game is played on by random seats up to the
first decision with no choice (the Soviet's, activating wheel markers in the opening
or phase B2, DG-9.7), then handed to the terminal."""


class Person(io.StringIO):
    """Types a random legal move at each prompt, ``decisions`` times, then ``quit``;
    keeps the decision each prompt asked for (the game's length and its legal moves)."""

    def __init__(self, decisions: int, terminal: bool) -> None:
        super().__init__()
        self.left = decisions
        self.terminal = terminal
        self.session: Any = None
        self.asked: list[tuple[int, str | None]] = []
        """(len(history), the sole end move or None) at each prompt."""

    def isatty(self) -> bool:
        return self.terminal

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        game = self.session.game
        self.asked.append((len(game.history), no_choice_end(game)))
        if self.left == 0:
            return "quit\n"
        self.left -= 1
        return game.format_action(make_agent("random", seed=self.left).choose(game)) + "\n"


def _play(decisions: int, terminal: bool, auto_pass: bool | None = None) -> tuple[Person, Any, str]:
    """The session after ``decisions`` typed moves, and the no-choice decision it started at."""
    person = Person(decisions, terminal)
    session = start_session(PlaySettings(ruleset="duel-of-the-giants", scenario="summer-short", seats=SEATS,
                                         seed=SEED, stdin=person, auto_pass=auto_pass, board="none"))
    person.session = session
    game, agent = session.game, make_agent("random", seed=1)
    while no_choice_end(game) is None:  # up to the first decision with no choice
        game.apply(agent.choose(game))
    decision = game.decision()
    session.run()
    return person, session, decision


def test_issue_59_3_a_no_choice_phase_passes_by_itself_at_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 59.3: at a terminal no prompt ever asks for a decision whose only legal move is
    ``end``; the move is played for the Soviet, recorded as the Soviet's, and one line says so."""
    person, session, decision = _play(3, terminal=True)
    out = capsys.readouterr().out
    game = session.game
    assert all(end is None for _, end in person.asked[:-1]), person.asked
    soviet = game.player_index("soviet")
    passed = [st for st in game.history if st.player == soviet and game.format_action(st.action) == "end"]
    lines = [line for line in out.splitlines() if line.startswith("No choice in ")]
    assert lines, out[-2000:]
    assert lines[0] == f"No choice in {decision}: passed by itself (end)."
    assert len(passed) >= len(lines)
    # a decision like a typed one: in the record the session saves
    assert "end" in session.record().moves


def test_issue_59_3_piped_lines_keep_their_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 59.3: from a pipe the no-choice decision is still asked (a moves file names
    it), so no line of a moves file lands on another decision."""
    person, _, _ = _play(0, terminal=False)
    capsys.readouterr()
    assert any(end == "end" for _, end in person.asked), person.asked


def test_issue_59_3_auto_pass_may_be_asked_for_on_a_pipe_or_refused_at_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--auto-pass`` turns it on for piped lines, ``--no-auto-pass`` off at a terminal."""
    piped, _, _ = _play(3, terminal=False, auto_pass=True)
    assert all(end is None for _, end in piped.asked[:-1]), piped.asked
    typed, _, _ = _play(0, terminal=True, auto_pass=False)
    assert any(end == "end" for _, end in typed.asked), typed.asked
    capsys.readouterr()


def test_issue_59_3_undo_takes_back_your_own_decision_not_the_pass_made_for_you(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 59.3: after a phase passed by itself, ``undo`` takes back the person's last
    decision of their own (and the pass after it), not only the pass, which would come
    straight back."""
    person = Person(0, terminal=True)
    session = start_session(PlaySettings(ruleset="duel-of-the-giants", scenario="summer-short", seats=SEATS,
                                         seed=SEED, stdin=person, board="none"))
    game, agent = session.game, make_agent("random", seed=1)
    soviet = game.player_index("soviet")
    while True:  # up to a no-choice decision after a Soviet decision that may be taken back
        while no_choice_end(game) is None:
            game.apply(agent.choose(game))
        own = max(i for i, st in enumerate(game.history) if st.player == soviet)
        try:
            game.clone().undo_to(own)
            break
        except TanktableError:  # it revealed a secret (DG: an activation), so it stands
            game.apply(agent.choose(game))
    assert session.pass_by_itself(soviet)
    took = session.undo(soviet)
    assert len(game.history) == own, took
    assert took.startswith("took back: ") and "end" in took
    assert "No choice in " in capsys.readouterr().out
