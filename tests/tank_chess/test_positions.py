"""Position documents (issue 17): any reachable tank chess state as YAML, and back.

A position holds the terrain, every tank (card, side, square, facing, wreck
or not), the side to move, the counters of TC-7.4, the quiet moves since the
last destruction (repetitions), CHECK/ESCAPE (TC-8) and the options.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.commands import check_file
from core.errors import DataError
from core.resources import shipped
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.game import TankChessGame

POSITIONS = Path(str(shipped("tank_chess", "positions")))
EXAMPLE = POSITIONS / "check-on-standard-16.yaml"


def same_game(a: TankChessGame, b: TankChessGame) -> None:
    """Everything a player or the rules can see is equal."""
    assert [a.format_action(x) for x in a.legal_actions()] == [b.format_action(x) for x in b.legal_actions()]
    for p in (None, 0, 1):
        assert a.view(p) == b.view(p)
    assert a.to_move() == b.to_move() and a.decision() == b.decision()
    oa, ob = a.outcome(), b.outcome()
    assert (oa and (oa.winners, oa.reason)) == (ob and (ob.winners, ob.reason))
    assert a.pos.hash == b.pos.hash and a.pos.reps[a.pos.hash] == b.pos.reps[b.pos.hash]
    assert a.pos.quiet == b.pos.quiet


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["standard-16", "river-16", "alleys-16", "blank-16"]), st.integers(0, 10**6),
       st.integers(0, 80), st.booleans())
def test_position_round_trip_from_random_playouts(scenario: str, seed: int, plies: int, ineffective: bool) -> None:
    """position -> from_position -> position is identical, and the game is the same game."""
    game = RULESET.new_game(scenario, {"shooting.ineffective_shots": ineffective} if ineffective else None)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.outcome() is not None:
            break
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    doc = game.position()
    assert yaml.safe_load(yaml.safe_dump(doc)) == doc  # plain YAML-safe data
    again = RULESET.from_position(doc, seed)
    assert again.position() == doc
    same_game(game, again)


SHUFFLE = """
. . . c . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . C . . .
"""


def test_tc_7_4_repetitions_before_the_position_still_count() -> None:
    """Two turns in place each way repeat the start; the position keeps those moves, so
    the third time is a draw in the loaded game as in the original (TC-7.4)."""
    game = RULESET.from_grid(SHUFFLE)
    for text in ("CLT c1-c1:NE", "CLT d6-d6:SE", "CLT c1-c1:N", "CLT d6-d6:S", "CLT c1-c1:NE", "CLT d6-d6:SE"):
        game.apply_text(text)
    doc = game.position()
    assert doc["since"][0] == "CLT c1:N-c1:NE" and len(doc["since"]) == 6
    loaded = RULESET.from_position(doc)
    for g in (game, loaded):
        g.apply_text("CLT c1-c1:N")
        assert g.outcome() is None
        g.apply_text("CLT d6-d6:S")
        outcome = g.outcome()
        assert outcome is not None and "TC-7.4" in outcome.reason


def test_finished_games_load_as_finished() -> None:
    """A destroyed Command Tank (TC-7.1) or one driven off the board (TC-7.2) ends the loaded game too."""
    shot = RULESET.from_grid("""
. . . c . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . H . C
""")
    shot.apply_text("HT d1-d2:N xd6")
    away = RULESET.from_grid("""
. . . . . .
. . C . . .
. . . . . .
. . . . . .
. . . . . .
. . . c . .
""")
    away.apply_text("CLT c5-off")
    for game in (shot, away):
        loaded = RULESET.from_position(game.position())
        assert loaded.outcome() is not None and loaded.outcome() == game.outcome()
        assert loaded.position() == game.position()


def test_shipped_example_validates_and_plays() -> None:
    assert check_file(EXAMPLE) == []
    data = yaml.safe_load(EXAMPLE.read_text())
    game = RULESET.from_position(data)
    assert game.view(None)["moves"] == data["plies"] and game.outcome() is None
    assert game.legal_actions()
    assert data["check"] is True and game.announcements()[0]


def _broken(tmp_path: Path, **changes: Any) -> list[str]:
    text = EXAMPLE.read_text()
    for old, new in changes.values():
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    return [str(p) for p in check_file(path)]


def _line(text: str) -> int:
    return EXAMPLE.read_text().split("\n").index(text) + 1


def test_broken_positions_name_the_rule_at_the_line(tmp_path: Path) -> None:
    first_tank = "  - {card: HT, side: white, square: b2, facing: NW, active: true}"
    line = _line(first_tank)
    problems = _broken(tmp_path, a=(first_tank, first_tank.replace("HT", "XT")))
    assert len(problems) == 1 and f"broken.yaml:{line}:" in problems[0], problems
    assert "unknown card 'XT'" in problems[0] and "TC-2.2" in problems[0]
    problems = _broken(tmp_path, a=(first_tank, first_tank.replace("b2", "d13")))
    assert len(problems) == 1 and f":{line}:" in problems[0] and "obstacle" in problems[0] \
        and "TC-9.2" in problems[0], problems
    problems = _broken(tmp_path, a=("check: true", "check: false"))
    assert len(problems) == 1 and f":{_line('check: true')}:" in problems[0] and "TC-8.1" in problems[0]
    problems = _broken(tmp_path, a=("  - LT f3:SE-h1:SE", "  - LT f3:SE-h1:NE"))
    assert len(problems) == 1 and f":{_line('  - LT f3:SE-h1:SE')}:" in problems[0] and "TC-3.2" in problems[0]
    problems = _broken(tmp_path, a=("quiet: 4", "quiet: 2"))
    assert any("TC-7.4" in p for p in problems)
    with pytest.raises(DataError):
        RULESET.from_position({**yaml.safe_load(EXAMPLE.read_text()), "to_move": "black"})
