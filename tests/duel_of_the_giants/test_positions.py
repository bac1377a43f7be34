"""Position documents of Duel of the Giants (issue 17 "Positions"): any reachable
state round-trips, loads with the checks of a scenario, and works from the CLI."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.commands import check_file
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.game import DuelGame
from tests.console import tanktable

EXAMPLE = Path(__file__).resolve().parents[2] / "data/duel_of_the_giants/positions/summer-combat.yaml"


def playout(scenario: str, options: dict[str, Any], seed: int, steps: int) -> DuelGame:
    g = RULESET.new_game(scenario, options, seed)
    assert isinstance(g, DuelGame)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.outcome() is not None:
            break
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    return g


def same_game(a: Any, b: Any) -> None:
    assert b.position() == a.position()
    assert [b.format_action(x) for x in b.legal_actions()] == [a.format_action(x) for x in a.legal_actions()]
    for p in [None, *range(len(a.players))]:
        assert b.view(p) == a.view(p)
    assert b.decision() == a.decision()
    if a.outcome() is None:
        assert b.to_move() == a.to_move()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), scenario=st.sampled_from(["summer", "winter"]),
       options=st.sampled_from([{}, {"players": 3}, {"players": 4}, {"setup": "manual"}, {"setup": "shipped"}]))
def test_position_round_trip_of_reachable_states(seed: int, steps: int, scenario: str,
                                                  options: dict[str, Any]) -> None:
    g = playout(scenario, options, seed, steps)
    text = yaml.safe_dump(g.position(), sort_keys=False)  # what a file holds
    again = RULESET.from_position(yaml.safe_load(text), seed)
    same_game(g, again)


def test_position_plays_on_like_the_original() -> None:
    g = playout("summer", {}, 4, 250)
    again = RULESET.from_position(g.position(), 4)
    rng = random.Random(1)
    for _ in range(60):
        if g.outcome() is not None:
            break
        acts = g.legal_actions()
        pick = acts[rng.randrange(len(acts))]
        g.apply(pick)
        again.apply(again.parse_action(g.format_action(pick)))
        same_game(g, again)


def test_shipped_example_position_validates_and_loads() -> None:
    assert check_file(EXAMPLE) == []
    doc = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    g = RULESET.from_position(doc, 0)
    assert g.decision() == doc["decision"] and g.players[g.to_move()] == doc["to_move"]


def test_issue_59_combat_prompt_in_words_and_a_position_saved_with_the_old_words_loads() -> None:
    """Issue 59: the shooter's choices in words, each with its command (was ``(fire d2 HEX)
    or hold``); a position saved before names its decision in the old words, which still
    load as the same decision, and only those: another text is refused with the state's."""
    doc = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    g = RULESET.from_position(doc, 0)
    assert g.decision().endswith("Tiger 1 at d2 may fire at T-34 #7 at h9: no effect (fire d2 h9) or hold its fire (hold d2)")
    for old in ("phase D2 combat, barrels aimed at each other: the unit in a forest fires first (case A, DG-17.6)"
                " -- Tiger 1 at d2 may fire at h9 (fire d2 HEX) or hold",
                "phase D2 combat, case A, forest unit fires first (DG-17.6): Tiger 1 at d2 may fire at h9 "
                "(fire d2 HEX) or hold"):
        assert RULESET.from_position({**doc, "decision": old}, 0).decision() == g.decision()
    with pytest.raises(Exception, match="the state says the decision is"):
        RULESET.from_position({**doc, "decision": "phase D2 combat, Tiger 1 at d2 may fire at h8"}, 0)


def test_validate_reports_a_broken_position_with_its_lines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    doc["tanks"][0]["at"] = "z40"
    doc["markers"][0]["owner"] = "nobody"
    doc["front_laid"] = doc["front_laid"][:3]
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    code, out = tanktable(monkeypatch, capsys, "validate", str(bad))
    assert code == 1
    lines = [line for line in out.splitlines() if line.startswith(str(bad) + ":")]
    assert any("z40 is not on the 9 x 11 board" in line for line in lines)
    assert any("unknown player 'nobody'" in line for line in lines)
    assert any("north to the south edge (DG-5.2)" in line for line in lines)
    assert all(line.split(":")[1].isdigit() and line.split(":")[2].isdigit() for line in lines)
    doc = yaml.safe_load(text)
    doc["decision"] = "phase A4: program a Tiger (DG-11.2)"
    bad.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    code, out = tanktable(monkeypatch, capsys, "validate", str(bad))
    assert code == 1 and "the state says the decision is" in out
    code, out = tanktable(monkeypatch, capsys, "play", "duel-of-the-giants", "--position", str(bad),
                          "--seat", "german=random", "--seat", "soviet=random")
    assert code == 1 and "the state says the decision is" in out and "Traceback" not in out


def test_cli_play_from_position_records_and_the_record_verifies(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.yaml"
    doc = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    doc["options"]["end.max_rounds"] = doc["turn"]["round"]  # the game ends with this round
    start = tmp_path / "start.yaml"
    start.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    code, out = tanktable(monkeypatch, capsys, "play", "duel-of-the-giants", "--position", str(start),
                          "--seat", "german=random", "--seat", "soviet=random", "--seed", "5",
                          "--record", str(record))
    assert code == 0, out
    code, out = tanktable(monkeypatch, capsys, "replay", str(record), "--verify", "--as", "german")
    assert code == 0, out
    assert "replay" in out


def test_cli_save_position_at_the_prompt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "here.yaml"
    code, out = tanktable(monkeypatch, capsys, "play", "duel-of-the-giants", "--seat", "german=human",
                          "--seat", "soviet=random", "--seed", "3", stdin=f"save position {saved}\nquit\n")
    assert code in (0, 1) and "Traceback" not in out and "internal error" not in out, out  # quit: unfinished
    assert f"saved position {saved}" in out
    assert check_file(saved) == []
    doc = yaml.safe_load(saved.read_text(encoding="utf-8"))
    g = RULESET.from_position(doc, 3)
    assert g.players[g.to_move()] == "german"
    assert f"german -- {g.decision()}> save position {saved}\nsaved position" in out  # the prompt's state
    assert g.position() == doc


def test_issue_59_prompts_in_words_and_positions_saved_with_the_earlier_words_load() -> None:
    """Phase A4 says how to lay a program (a card at a time or all at once); a position
    saved with the earlier wording still loads as the same decision, another text is
    refused."""
    g = RULESET.new_game("summer", {}, 0)
    for _ in range(60):
        if g.decision().startswith("phase A4"):
            break
        g.apply(g.legal_actions()[0])
    assert g.decision() == ("phase A4: program Tiger 1 at c4, at most 5 cards before a Stop: a card at a time "
                            "(tiger1 +F, then tiger1 done) or all at once (tiger1 F F R T2 S) (DG-11.2)")
    doc = g.position()
    old = "phase A4: Tiger 1 at c4, max 5 cards; tiger1 +F, tiger1 done (DG-11.2)"
    assert RULESET.from_position({**doc, "decision": old}, 0).decision() == g.decision()
    with pytest.raises(Exception, match="the state says the decision is"):
        RULESET.from_position({**doc, "decision": "phase A4: Tiger 1 at c4"}, 0)
