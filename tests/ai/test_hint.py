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

    Four positions of one game (each costs two hints and two searches): the quick
    ``tanktable check`` of Duel of the Giants (tests/check/test_check_shipped.py)
    compares the hint and the bar's estimate from a game and its hidden variant
    at every sampled state of its games too (cli/check/differential.py)."""
    changed = 0
    for i, (game, player) in enumerate(_duel_positions(4, every=110)):
        variant = game.hidden_variant(player, 500 + i)
        assert variant is not None
        changed += json.dumps(game.view(None), sort_keys=True) != json.dumps(variant.view(None), sort_keys=True)
        assert hint_text(game.clone(), 900 + i) == hint_text(variant.clone(), 900 + i)
        other = 1 - player
        other_variant = game.hidden_variant(other, 700 + i)
        assert other_variant is not None
        assert analyse(game, other, 33 + i) == analyse(other_variant, other, 33 + i)
    assert changed >= 2  # the variants did differ in what the player may not see


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


TANKS_HANG = (  # a terminal playtest (Tank Chess rated 4/5): White to move, MT b10 and LT e13 in fire
    "HT c1-c3:N, CLT i16-f13:S, MT k1-k4:N, LT d15-f12:E, MT h2-h5:NW, LT g16-g13:S, CLT h1-i4:N, "
    "MT i15-i11:S, MT h5-h7:N, CLT f13-f13:SW+, CLT i4-h6:NW, MT i11-h8:SW+, LT f1-f6:N, LT m15-j11:SW, "
    "MT e1-e5:N, LT j11-m8:SE+, MT k4-m6:N xm8, LT k16-k11:S, MT m6-k8:W xh8, LT k11-m9:SW+, MT k8-i6:S, "
    "MT f16-i13:SE, MT h7-i8:N xi13, LT m9-k5:S+, HT n1-n2:NW xk5, LT f12-f12:N, MT i8-i11:NW xg13, "
    "MT l16-l12:S, MT i11-h13:N+, MT l12-j11:W xh13, LT f6-h7:NE, CLT f13-d14:NW, CLT h6-g7:W, "
    "CLT d14-b15:SW, MT e5-f7:N, CLT b15-c14:S, MT i6-h6:SW, LT f12-c12:W, LT d2-g6:NE, CLT c14-b13:E, "
    "HT c3-c2:N, MT j11-h9:S, MT f7-d8:W, MT h9-i8:NE, MT d8-b10:N, HT c16-b14:SW, LT g6-f7:N, HT b14-c13:SE, "
    "LT f7-e10:N xc12, MT i8-i8:N, LT e10-c11:W, HT c13-d11:S, LT c11-e13:NE+, CLT b13-b13:NE")


def test_the_tank_chess_hint_says_first_which_tanks_hang_and_why_each_move() -> None:
    """Playtest (hint friction): with MT b10 and LT e13 in fire the hint offered three moves
    into fire, rated positive, with no word that tanks hung. Now it says first which tanks
    the enemy can destroy and by what, that every move leaves one in fire (true: no legal
    move keeps both out), that the estimates are positive because White stays ahead, and
    why each move (what it threatens, which tanks stay in fire)."""
    from rulesets.tank_chess.game import TankChessGame
    from rulesets.tank_chess.hint import reasons

    game = get_ruleset("tank-chess").new_game(None, None, 7)
    assert isinstance(game, TankChessGame)
    for text in TANKS_HANG.split(", "):
        game.apply(game.parse_action(text))
    assert min(r.left_in_fire for r in reasons(game, game.legal_actions())) == 1  # every move loses one
    lines = terminal_hint(game, hint_for(game, 5), 1000)
    text = "\n".join(lines)
    assert lines[1] == ("  in fire now: MT b10 (HT d11 can destroy it), LT e13 (CLT b13 can destroy it); "
                        "every move leaves a tank in fire: these lose the least, by what the strongest reply "
                        "leaves (positive while white stays ahead: +0.36 now)"), text
    whys = [line.strip() for line in lines if line.startswith("      why: ")]
    assert len(whys) == 3 and all(re.search(r"(MT b10|LT e13)\b.* in fire", why) for why in whys), text
    first = hint_for(game, 5).moves[0].action
    assert not reasons(game, [first])[0].for_nothing
    offered = reasons(game, [game.parse_action("MT h6-f7:NW")])[0]  # the playtest's hint, first at +0.34
    assert offered.for_nothing and offered.text.startswith("puts MT f7 in fire for nothing")
    moved = reasons(game, [game.parse_action("MT b10-a10:W")])[0]
    assert (moved.text, moved.left_in_fire) == ("saves MT b10, LT e13 stays in fire", 1)


def test_the_tank_chess_hint_folds_equal_quiet_moves_and_puts_fewer_tanks_in_fire_first() -> None:
    """Playtest: three equal do-nothing moves of one tank took all three lines, and the
    best move put a tank in fire for nothing. Quiet moves the search values the same are
    one line ('as good: ...'), the next moves take the freed lines; among equal values
    the move leaving fewer tanks in fire comes first; a tank offered for nothing last."""
    from cli.hint import Hint, _choose
    from core.ai.analysis import Analysis, Suggestion

    game = get_ruleset("tank-chess").new_game(None, None, 7)
    texts = ["MT e1-e3:N", "HT c1-b1:W", "HT c1-c1:E", "HT c1-d1:E", "MT h2-h4:N", "MT k1-k4:N"]
    acts = [game.parse_action(t) for t in texts]
    estimates = [0.5, 0.03, 0.03, 0.03, 0.01, 0.01]
    noted = {texts[0]: ("puts MT e3 in fire for nothing", 1, False, True),  # demoted below the others
             texts[1]: ("quiet", 0, True, False), texts[2]: ("quiet", 0, True, False),
             texts[3]: ("quiet", 0, True, False), texts[4]: ("leaves", 1, False, False),
             texts[5]: ("saves", 0, False, False)}

    def why(actions: list[Any]) -> list[tuple[str, int, bool, bool]]:
        return [noted[game.format_action(a)] for a in actions]

    analysis = Analysis(0, 0.03, tuple(Suggestion(a, e, 1) for a, e in zip(acts, estimates, strict=True)))
    hint = _choose(game, analysis, why)
    assert isinstance(hint, Hint)
    assert [game.format_action(s.action) for s in hint.moves] == ["HT c1-b1:W", "MT k1-k4:N", "MT h2-h4:N"]
    assert hint.equals[0] == (acts[2], acts[3]) and hint.reasons == ("quiet", "saves", "leaves")
    assert "HT c1-b1:W quiet; as good: HT c1-c1:E, HT c1-d1:E" in browser_hint(game, hint)
