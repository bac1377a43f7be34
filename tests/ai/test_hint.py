"""Issue 28.5: the hint shows the search's three best moves, each with its estimate of
the result from the player's own side, computed only from what that player may know."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cli.hint import SCALE, browser_hint, hint_for, terminal_hint
from cli.prompt import parse_move
from cli.serve.seatview import hint_text
from core.ai.agents import RandomAgent, rolls_logged
from core.ai.analysis import HINT_REFERENCE, _distinct_first, analyse
from core.ai.mcts import MCTSAgent
from core.errors import NotationError
from core.game import Game
from core.registry import get_ruleset
from tests.ai.games import Choice, Orders
from tests.console import tanktable

ESTIMATE = r"\(([-+]\d\.\d\d|0\.00)\)"


def test_issue_28_5_the_hint_lists_the_searchs_three_best_moves_with_estimates() -> None:
    """Tank Chess's start: three different legal moves, the first the one a search of the
    same budget and seed plays when it tries every reply to its best moves (as the level
    that checks replies does), each estimate on the evaluation's scale."""
    game = get_ruleset("tank-chess").new_game(None, None, 7)
    analysis = hint_for(game, 11)
    assert analysis.player == game.to_move() == 0
    assert len(analysis.moves) == 3
    assert len({s.action for s in analysis.moves}) == 3
    assert all(game.check(s.action) is None for s in analysis.moves)
    assert all(-1.0 <= s.estimate <= 1.0 and s.visits > 0 for s in analysis.moves)
    assert analysis.estimate == analysis.moves[0].estimate
    agent = MCTSAgent(seed=11, think=None, reference=HINT_REFERENCE, check_replies=True)
    assert analysis.moves[0].action == agent.choose(game.clone())
    assert analysis.moves[0].estimate == round(max(agent.reply_values.values()), 2)
    # Tank Chess searches without sequential halving: the moves in the order of their values
    estimates = [s.estimate for s in analysis.moves]
    assert estimates == sorted(estimates, reverse=True)
    assert hint_for(game, 11) == analysis  # a fixed seed: the same hint again
    assert len(game.history) == 0  # the game itself is untouched


def test_issue_28_5_the_hint_shows_distinct_drives_before_another_facing_of_one() -> None:
    """At Tank Chess's start the search values a drive about the same whichever way the
    tank ends up facing; the hint names three different drives (or shots), not one drive
    three times, and still in the search's order."""
    game = get_ruleset("tank-chess").new_game(None, None, 7)
    for seed in (1, 11, 21):
        moves = hint_for(game, seed).moves
        assert len({game.variant_of(s.action) for s in moves}) == 3
        estimates = [s.estimate for s in moves]
        assert estimates == sorted(estimates, reverse=True)


def test_issue_28_5_a_hint_fills_up_with_other_variants_when_few_moves_differ() -> None:
    """Only two distinct moves among four: the third line is the better of the variants
    left, and the lines keep the ranking's order."""

    class Facings:
        def variant_of(self, action: tuple[str, str]) -> str:
            return action[0]

    ranked = [("a", "N"), ("a", "W"), ("b", "N"), ("b", "S")]
    assert _distinct_first(Facings(), ranked, 3) == [("a", "N"), ("a", "W"), ("b", "N")]  # type: ignore[arg-type]
    assert _distinct_first(Facings(), ranked, 2) == [("a", "N"), ("b", "N")]  # type: ignore[arg-type]


def test_issue_28_5_after_sequential_halving_the_hint_keeps_the_rounds_order() -> None:
    """Battle of Tanks' opening has more orders than its search's halving keeps: the hint
    lists the survivor, then the last round's runner-up, as the search ranked them."""
    game = get_ruleset("battle-of-tanks").new_game(None, None, 7)
    analysis = hint_for(game, 11)
    agent = MCTSAgent(seed=11, think=None, reference=HINT_REFERENCE)
    assert analysis.moves[0].action == agent.choose(game.clone())
    assert len(agent.ranking) == game.search_profile.halving
    assert [s.action for s in analysis.moves] == agent.ranking[:3]


def test_issue_28_5_the_browsers_hint_names_three_moves_and_their_estimates() -> None:
    game = get_ruleset("tank-chess").new_game(None, None, 7)
    analysis = hint_for(game, 11)
    text = browser_hint(game, analysis)
    assert text == hint_text(game.clone(), 11)
    shown = re.findall(r"(\S+ \S+) " + ESTIMATE, text)
    assert shown == [(game.format_action(s.action), f"{s.estimate:+.2f}" if s.estimate else "0.00")
                     for s in analysis.moves]
    assert text.endswith(f"for white ({SCALE})")


def test_issue_28_5_the_terminal_hint_prints_each_move_with_its_estimate_and_note() -> None:
    """Battle of Tanks: a move per line, its estimate after it, its note on the next line."""
    game = get_ruleset("battle-of-tanks").new_game(None, None, 7)
    analysis = hint_for(game, 3)
    lines = terminal_hint(game, analysis, 100)
    assert lines[0].startswith(f"hint: the search's best moves for {game.players[game.to_move()]}")
    moves = [line for line in lines if re.fullmatch(r"  \S.*  " + ESTIMATE, line)]
    # issue 59.8: an order and the search's drive for it on one line, as the prompt reads it
    joined = [f"{game.format_action(s.action)} {' '.join(s.then)}".replace(" to ", " ") for s in analysis.moves]
    assert moves == [f"  {j}  ({s.estimate:+.2f})" if s.estimate else f"  {j}  (0.00)"
                     for j, s in zip(joined, analysis.moves, strict=True)]
    assert len(moves) == 3 and not any(line.startswith("      then") for line in lines)


def test_issue_28_5_play_prints_three_hinted_moves(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out = tanktable(monkeypatch, capsys, "play", "tank-chess", "--seat", "black=greedy",
                          "--seed", "2", stdin="hint\nquit\n")
    after = out[out.index("hint: the search's best moves for white"):]
    assert len(re.findall(r"\n  (MT|HT|LT|CLT) \S+  " + ESTIMATE, after)) == 3, out


def _duel_positions(count: int, every: int = 37) -> list[tuple[Game[object], int]]:
    """Positions from random Duel of the Giants games, one ``every`` decisions, with the player to move."""
    out: list[tuple[Game[object], int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        game = get_ruleset("duel-of-the-giants").new_game(None, None, seed)
        chooser = RandomAgent(seed)
        for step in range(400):
            if game.outcome() is not None:
                break
            if step % every == 5:
                out.append((game.clone(), game.to_move()))
            game.apply(chooser.choose(game))
    return out[:count]


def test_issue_28_5_the_hint_is_the_same_for_a_game_and_its_hidden_variant() -> None:
    """Duel of the Giants (hidden markers, mines, programs): the hint -- and the evaluation
    bar's estimate for the other side -- are byte for byte the same from a game and its
    ``hidden_variant``, whose secrets the player may not see are dealt afresh.

    Six positions of one game (each costs two hints and two searches): the quick
    ``tanktable check`` of Duel of the Giants (tests/check/test_check_shipped.py)
    compares the hint and the bar's estimate from a game and its hidden variant
    at every sampled state of its games too (cli/check/differential.py)."""
    changed = 0
    for i, (game, player) in enumerate(_duel_positions(6, every=74)):
        variant = game.hidden_variant(player, 500 + i)
        assert variant is not None
        changed += json.dumps(game.view(None), sort_keys=True) != json.dumps(variant.view(None), sort_keys=True)
        assert hint_text(game.clone(), 900 + i) == hint_text(variant.clone(), 900 + i)
        other = 1 - player
        other_variant = game.hidden_variant(other, 700 + i)
        assert other_variant is not None
        assert analyse(game, other, 33 + i) == analyse(other_variant, other, 33 + i)
    assert changed >= 3  # the variants did differ in what the player may not see


def test_issue_28_5_a_move_that_leaves_the_decision_with_the_player_comes_with_its_plan() -> None:
    """An order and then its execution (``Orders``: ``wide`` is won only by carrying it
    out with ``t7``): the hint names the order with the follow-up the search settled on,
    and a move that ends the player's part (there is none here) would have no plan."""
    analysis = analyse(Orders(), 0, 5)
    plans = {Orders().format_action(s.action): s.then for s in analysis.moves}
    assert plans["wide"] == ("t7",)
    assert plans["narrow"] in {("n0",), ("n1",)}
    game = Orders()
    best = analysis.moves[0]
    assert best.action == Choice("wide")
    assert browser_hint(game, analysis).startswith(
        f"wide, then t7 ({best.estimate:+.2f}) · narrow, then {plans['narrow'][0]} (")
    assert "      then t7" in terminal_hint(game, analysis, 80)


def test_issue_28_5_battle_of_tanks_hints_name_the_drive_and_not_the_true_dice() -> None:
    """Battle of Tanks' orders are followed by their drive: each hinted order comes with a
    plan the game accepts after it, typed as the prompt reads it. The plan, as the whole
    hint, is drawn from the hint's seed and never from the game's own future rolls: two
    games that differ only in the dice to come get the same hint."""
    game = get_ruleset("battle-of-tanks").new_game(None, None, 7)
    analysis = hint_for(game, 3)
    assert all(s.then for s in analysis.moves)
    for s in analysis.moves:
        after = game.clone()
        rolls = rolls_logged(after)
        after.apply(s.action)
        for step in s.then:  # the plan stops where chance comes in: only its last step may draw
            assert after.to_move() == game.to_move() and rolls_logged(after) == rolls
            after.apply(after.parse_action(step))
    other = game.clone()
    other.dice.reseed(12345)
    assert hint_for(other, 3) == analysis
    assert browser_hint(other, hint_for(other, 3)) == browser_hint(game, analysis)


def test_issue_28_5_a_line_of_the_hints_plan_pasted_at_the_prompt_plays_its_follow_up() -> None:
    """``then to 39.4,41.4`` as the terminal's hint prints it reads as ``to 39.4,41.4``;
    a line that is neither stays refused."""
    game = get_ruleset("battle-of-tanks").new_game(None, None, 7)
    order = next(s for s in hint_for(game, 3).moves if s.then)
    game.apply(order.action)
    assert parse_move(game, f"then {order.then[0]}") == game.parse_action(order.then[0])
    with pytest.raises(NotationError):
        parse_move(game, "then")
    with pytest.raises(NotationError):
        parse_move(game, "later to 10,10")


def test_the_tank_chess_hint_never_advises_a_check_into_fire_that_loses_the_tank() -> None:
    """A terminal playtest (issue 59): after these moves the hint's three moves for Black
    were each a CHECK into fire, rated +0.19, and White took the tank. The hint now tries
    every reply to the search's best moves (TC's search_profile.reply_check): none of its
    moves is one of those checks, the best takes the tank that fired, and its estimate
    is what White's strongest reply leaves."""
    game = get_ruleset("tank-chess").new_game(None, None, 7)
    for text in ("CLT h1-f4:N", "MT i15-i11:S", "CLT f4-f7:NW", "MT f16-g14:S", "LT f1-i4:N",
                 "LT m15-l13:SE", "MT h2-h6:N", "LT k16-i13:S", "MT h6-h9:N xl13"):
        game.apply(game.parse_action(text))
    analysis = hint_for(game, 3)
    shown = [game.format_action(s.action) for s in analysis.moves]
    assert shown[0] == "MT g14-e12:S xh9", "take the MT that just fired"
    assert "MT i11-h8:SW" not in shown and "MT i11-i8:S" not in shown
    after = game.clone()  # the best move's estimate: what White's strongest reply leaves Black
    after.apply(analysis.moves[0].action)
    worst = min(_answered(after, reply).evaluate(1) for reply in after.legal_actions())
    assert analysis.moves[0].estimate == round(worst, 2)
    estimates = [s.estimate for s in analysis.moves]
    assert estimates == sorted(estimates, reverse=True)


def _answered(game: Game[Any], reply: Any) -> Game[Any]:
    answered = game.clone()
    answered.search_apply(reply)
    return answered
