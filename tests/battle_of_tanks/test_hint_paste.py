"""Issue 59.5: every line ``hint`` prints for a move, with its estimate and note, and every
``then`` line of its plan, pasted back at the prompt reads as that move -- for every kind of
decision of whole short Battle of Tanks games (orders, drives, fire, ambush, repair). Before,
``fire tiger#1*4  (+0.02)`` read the estimate as one more target ("no tank called '(+0.02)'")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cli.hint import terminal_hint
from cli.prompt import parse_move
from core.ai.analysis import Analysis, Suggestion
from core.game import Action, Game
from core.registry import get_ruleset

SAMPLE = 6
"""Moves offered as a hint at each decision (the test's own pick, so it stays fast)."""


def _hint_of(game: Game[Any], moves: list[Action], rng: random.Random) -> Analysis:
    """A hint as ``hint`` would print it, for ``moves``: an estimate each and, where the
    move leaves the decision with the player, a plan of one follow-up."""
    out = []
    for action in moves:
        then: tuple[str, ...] = ()
        after = game.clone()
        after.apply(action)
        if not after.is_over() and after.to_move() == game.to_move():
            follow = after.legal_actions()
            if follow:
                then = (after.format_action(rng.choice(follow)),)
        out.append(Suggestion(action, rng.uniform(-1, 1), 1, then))
    return Analysis(game.to_move(), 0.0, tuple(out))


def test_issue_59_5_every_hint_line_pastes_back_as_its_move() -> None:
    kinds: set[str] = set()
    for seed in (1, 2, 3):
        _paste_a_game(seed, kinds)
    assert {"Declare", "Drive", "Fire"} <= kinds


@pytest.mark.parametrize("ruleset", ["tank-chess", "duel-of-the-giants"])
def test_issue_59_5_hint_lines_paste_back_in_the_other_rulesets_too(ruleset: str) -> None:
    """The reader is the prompt's, shared by every ruleset (cli/prompt.py): the opening
    decisions of a game, every kind met there."""
    _paste_a_game(1, set(), ruleset, None, 30)


def _paste_a_game(seed: int, kinds: set[str], ruleset: str = "battle-of-tanks",
                  options: dict[str, Any] | None = None, limit: int = 400) -> None:
    rng = random.Random(seed)
    game = get_ruleset(ruleset).new_game(None, {"victory.max_rounds": 2} if options is None and ruleset == "battle-of-tanks"
                                         else options, seed)
    decisions = joined = 0
    while not game.is_over() and decisions < limit:
        legal = game.legal_actions()
        offered = rng.sample(legal, min(SAMPLE, len(legal)))
        analysis = _hint_of(game, offered, rng)
        lines = terminal_hint(game, analysis, 100)
        moves = [line for line in lines if line.startswith("  ") and not line.startswith("      ")]
        assert len(moves) == len(offered)
        for line, suggestion in zip(moves, analysis.moves, strict=True):
            read = _read(game, line)
            assert read[0] == suggestion.action, line
            assert len(read) == 1 or tuple(read[1:]) == suggestion.then, line  # one line, its plan with it
            joined += len(read) > 1
            kinds.add(type(suggestion.action).__name__)
            # a line of ``moves``: the move and its note in parentheses
            note = game.describe_action(suggestion.action)
            listed = f"  {game.format_action(suggestion.action)}  ({note})" if note else line
            assert parse_move(game, listed) == suggestion.action, listed
            for step in suggestion.then:
                after = game.clone()
                after.apply(suggestion.action)
                assert parse_move(after, f"      then {step}") == after.parse_action(step)
        game.apply(rng.choice(legal))
        decisions += 1
    if ruleset == "battle-of-tanks":
        assert joined, "no order came with its plan on one line"


def _read(game: Game[Any], line: str) -> list[Any]:
    """What the prompt plays for a pasted line (cli/play.py ``try_move``): an order with
    its path or targets, read part by part (each part formatted, as a plan's steps are),
    else the one move, read with its estimate and note set aside."""
    split = getattr(game, "split_line", None)
    parts = split(line) if split is not None else None
    if not parts or len(parts) < 2:
        return [parse_move(game, line)]
    after = game.clone()
    first = parse_move(after, parts[0])
    out: list[Any] = [first]
    after.apply(first)
    for part in parts[1:]:
        action = parse_move(after, part)
        out.append(after.format_action(action))
        after.apply(action)
    return out
