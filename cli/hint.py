"""The hint as a player reads it (issue 28.5): the search's three best moves, each
with its estimate of the result from the player's own side, and where a move leaves
the next decision with the player (an order, then its drive), the search's plan for it.

One text for the terminal (a move per line, as the prompt reads it back) and one
line for the browser's answer; both from :func:`core.ai.analysis.analyse`, which
sees only what the player may know.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from cli.prompt import PLAN_WORD
from cli.recent_results import wrap
from core.ai.analysis import Analysis, Suggestion, analyse
from core.game import Game

__all__ = ["SCALE", "browser_hint", "estimate_text", "hint_for", "one_line", "plan_text", "terminal_hint"]

SCALE = "+1 a win, -1 a loss"
"""How to read an estimate, said beside every hint."""


def hint_for(game: Game[Any], seed: int) -> Analysis:
    """The analysis behind the hint of the player to move, seeded by ``seed``."""
    return analyse(game, game.to_move(), seed)


def estimate_text(value: float) -> str:
    """``+0.31``, ``-0.05``, ``0.00``: an estimate as it is shown."""
    return "0.00" if value == 0 else f"{value:+.2f}"


def plan_text(suggestion: Suggestion) -> str:
    """``then to 46.5,48.4, fire tiger#1``: the search's plan after the move, or ``""``."""
    return f"{PLAN_WORD} {', '.join(suggestion.then)}" if suggestion.then else ""


def browser_hint(game: Game[Any], analysis: Analysis) -> str:
    """One line, which the browser's answer puts after ``hint:``:
    ``MT d2-d4 (+0.31) · MT c2-c3 (+0.12) · ...; the search's estimates ... for white (...)``;
    a move with a plan reads ``t34#1 move, then to 46.5,48.4 (+0.02)``."""
    moves = " · ".join(f"{_with_plan(game, s)} ({estimate_text(s.estimate)})" for s in analysis.moves)
    return f"{moves}; the search's estimates of the result for {game.players[analysis.player]} ({SCALE})"


def _with_plan(game: Game[Any], suggestion: Suggestion) -> str:
    move = game.format_action(suggestion.action)
    return f"{move}, {plan_text(suggestion)}" if suggestion.then else move


def one_line(game: Game[Any], suggestion: Suggestion) -> str | None:
    """The move and its whole plan as the one line a game that reads such lines (a
    ``split_line``: Battle of Tanks' ``t34#1 attack 40,20 fire tiger#1``, issue 59.8)
    reads back as exactly them, the shortest (a step's first word left out where the
    line still reads the same), so one paste plays the order with its drive and shots;
    ``None`` where there is no plan or no such line."""
    split = getattr(game, "split_line", None)
    if split is None or not suggestion.then:
        return None
    move = game.format_action(suggestion.action)
    wanted = [move, *suggestion.then]
    ways = [(step.partition(" ")[2] or step, step) for step in suggestion.then]
    for words in sorted(product(*ways), key=lambda chosen: len(" ".join(chosen))):
        line = " ".join([move, *words])
        if split(line) == wanted:
            return line
    return None


def terminal_hint(game: Game[Any], analysis: Analysis, width: int) -> list[str]:
    """A heading, then each move on a line of its own with its estimate in parentheses
    (a line pasted back at the prompt plays the move, issue 27.17), the search's plan
    after it on the same line where the game reads such a line (:func:`one_line`), else
    a follow-up a line (``then to 39.4,41.4``: pasted at the next prompt, it plays the
    follow-up), and its note below."""
    who = game.players[analysis.player]
    lines = wrap(f"hint: the search's best moves for {who}, best first, each with its estimate "
                 f"of the result ({SCALE}):", width, 0, 6)
    for suggestion in analysis.moves:
        joined = one_line(game, suggestion)
        lines.append(f"  {joined or game.format_action(suggestion.action)}  ({estimate_text(suggestion.estimate)})")
        for step in () if joined else suggestion.then:
            lines += wrap(f"{PLAN_WORD} {step}", width, 6, 11)
        note = game.describe_action(suggestion.action)
        lines += wrap(f"({note})", width, 6, 7) if note else []
    return lines
