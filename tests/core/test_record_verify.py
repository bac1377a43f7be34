"""Issue 27.8: a record's result must be one the game itself could give.

An ending beside the moves (resignation, time, agreement) is checked against
what the game's own ``forfeit`` / ``agree_draw`` produce in the replayed
position; an ending by the rules against the replayed outcome.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.errors import RecordError
from core.game import Termination
from core.record import RecordClock, RecordResult, make_record, replay
from core.registry import get_ruleset
from tests.cli.test_cli_core import run
from tests.toy import RULESET as PIG

TC = get_ruleset("tank-chess")


def running_pig() -> Any:
    game = PIG.new_game(None, None, 5)
    game.apply(game.legal_actions()[0])
    return game


def claimed(result: dict[str, Any], clock: bool = False) -> Any:
    record = make_record(running_pig(), PIG, None, 5)
    return record.model_copy(update={
        "result": RecordResult.model_validate(result),
        "clock": RecordClock(seconds=600) if clock else None})


@pytest.mark.parametrize(("result", "clock", "message"), [
    ({"winners": ["red"], "termination": "resignation", "reason": "red resigned"}, False,
     "'red resigned': blue won"),
    ({"winners": [], "termination": "resignation", "reason": "both resigned"}, False,
     "cannot end with"),
    ({"winners": ["red", "blue"], "termination": "resignation", "reason": "red resigned"}, False,
     "cannot end with"),
    ({"winners": ["blue"], "termination": "resignation", "reason": "red gave up, twice"}, False,
     "'red resigned': blue won"),
    ({"winners": ["blue"], "termination": "time", "reason": "red lost on time"}, False,
     "it has no clock"),
    ({"winners": ["red"], "termination": "time", "reason": "red lost on time"}, True,
     "'red lost on time': blue won"),
    ({"winners": ["red"], "termination": "agreement", "reason": "draw by agreement"}, False,
     "'draw by agreement': nobody won"),
])
def test_27_8_a_forced_result_the_game_could_not_give_fails_verify(
        result: dict[str, Any], clock: bool, message: str) -> None:
    """Issue 27.8: wrong winner for a resignation, a loss on time without a clock, a won draw."""
    with pytest.raises(RecordError, match=message):
        replay(claimed(result, clock), PIG, verify=True)


@pytest.mark.parametrize(("result", "clock"), [
    ({"winners": ["blue"], "termination": "resignation", "reason": "red resigned"}, False),
    ({"winners": ["red"], "termination": "time", "reason": "blue lost on time"}, True),
    ({"winners": [], "termination": "agreement", "reason": "draw by agreement"}, False),
])
def test_27_8_the_games_own_forced_endings_verify(result: dict[str, Any], clock: bool) -> None:
    game = replay(claimed(result, clock), PIG, verify=True)
    outcome = game.outcome()
    assert outcome is not None and [game.players[p] for p in outcome.winners] == result["winners"]
    assert outcome.termination.value == result["termination"]


def test_27_8_a_wrong_winner_is_refused_even_without_verify() -> None:
    """Resume and the server replay without --verify: they still take no impossible ending."""
    with pytest.raises(RecordError, match="cannot end with"):
        replay(claimed({"winners": [], "termination": "resignation", "reason": "red resigned"}),
               PIG, verify=False)
    kept = replay(claimed({"winners": ["blue"], "termination": "resignation", "reason": "red quit"}),
                  PIG, verify=False)
    assert kept.outcome() is not None and kept.outcome().reason == "red quit"  # type: ignore[union-attr]


def test_27_8_tc_7_4_no_agreed_draw_where_the_rules_allow_none() -> None:
    """TC-7.4 with ``draw.agreement: false``: a record claiming an agreed draw does not verify."""
    game = TC.new_game(None, {"draw": {"agreement": False}}, 1)
    game.apply(game.legal_actions()[0])
    record = make_record(game, TC, None, 1).model_copy(update={"result": RecordResult(
        winners=[], reason="draw by agreement (TC-7.4)", termination=Termination.AGREEMENT)})
    with pytest.raises(RecordError, match=r"draws by agreement are off .*TC-7.4"):
        replay(record, TC, verify=True)


def test_27_8_a_result_on_a_game_over_by_the_rules_must_be_that_result() -> None:
    """A game the rules ended (Pig: a player reached the target) cannot carry a resignation."""
    game = PIG.new_game(None, {"target": 2}, 5)
    while game.outcome() is None:
        game.apply(game.legal_actions()[-1])  # hold whenever it may
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.RULES
    loser = next(p for p in game.players if game.player_index(p) not in outcome.winners)
    record = make_record(game, PIG, None, 5)
    replay(record, PIG, verify=True)
    for wrong in (RecordResult(winners=[loser], reason=outcome.reason, termination=Termination.RULES),
                  RecordResult(winners=[game.players[outcome.winners[0]]], reason=f"{loser} resigned",
                               termination=Termination.RESIGNATION)):
        with pytest.raises(RecordError, match="the record says"):
            replay(record.model_copy(update={"result": wrong}), PIG, verify=True)


def test_27_8_the_issue_reproduction_fails_replay_verify(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """The issue's record: a running Tank Chess game with "white won, white resigned" appended."""
    rec = tmp_path / "r.yaml"
    code, _, _ = run(["play", "tank-chess", "--seat", "white=random", "--seat", "black=random", "--seed", "1",
                      "--max-moves", "4", "--record", str(rec), "--json"], capsys, monkeypatch)
    assert code == 0
    with rec.open("a") as fh:
        fh.write("result: {winners: [white], termination: resignation, reason: white resigned}\n")
    code, out, err = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code == 1 and out == ""
    assert "'white resigned': black won" in err
