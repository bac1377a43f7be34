"""The table aids a seat is sent with its legal actions (cli/serve/aids.py):
each drawing's figures are the ruleset's own."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.serve.aids import action_aids, check_line
from core.registry import get_ruleset
from rulesets.battle_of_tanks import actions as BA
from tests.serve.helpers import Link, TestClient, create, make_server


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app, _server = make_server(tmp_path / "games")
    with TestClient(app) as c:
        yield c


def _play_until(game: Any, wanted: Any, seed: int = 3, limit: int = 400) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if game.outcome() is None and any(wanted(a) for a in game.legal_actions()):
            return
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("the wanted decision never came")


def test_bt_5_1_drive_path_length_against_the_allowance_through_the_api(client: TestClient) -> None:
    """BT-5.1: a MOVE order's drives each come with their path from the tank and
    "length / allowance cm", the allowance being the tank's own move."""
    # seed 5: a draws the first chit
    game = create(client, ruleset="battle-of-tanks", seed=5, seats={"a": "human", "b": "human"})
    a = Link(client, game["links"]["a"])
    state = a.state()
    assert state["geometry"]["scale"] > 0
    order = next(x["text"] for x in state["actions"] if x["text"].endswith(" move"))
    state = a.post("act", {"move": order}).json()
    drives = [x for x in state["actions"] if x.get("aid", {}).get("path")]
    assert drives, "a MOVE order offers drives"
    tank = next(t for t in state["view"]["tanks"] if t["label"] == order.split()[0])
    g = state["geometry"]
    for entry in drives:
        points = [(tank["x"], tank["y"]), *[tuple(map(float, p.split(","))) for p in entry["text"].split()[1:]]]
        length = sum(math.dist(p, q) for p, q in zip(points, points[1:], strict=False))
        shown, limit = entry["aid"]["label"].removesuffix(" cm").split(" / ")
        assert float(shown) == pytest.approx(length, abs=0.06)
        assert float(limit) >= float(shown) and not entry["aid"]["over"]
        assert entry["aid"]["path"][0] == [round(tank["x"] * g["scale"], 1),
                                           round((g["depth"] - tank["y"]) * g["scale"], 1)]


def test_bt_6_3_shot_lines_carry_the_rulesets_odds() -> None:
    """BT-6.3/BT-6.5: a fire candidate draws the line from shooter to target with
    describe_action's note (chance to hit and to penetrate)."""
    game = get_ruleset("battle-of-tanks").new_game(seed=4)
    _play_until(game, lambda a: isinstance(a, BA.Fire) and a.shots)
    legal = game.legal_actions()
    notes = [game.describe_action(a) for a in legal]
    aids = action_aids(game, legal, notes)
    fire = [(a, n, aid) for a, n, aid in zip(legal, notes, aids, strict=True) if isinstance(a, BA.Fire) and a.shots]
    for action, note, aid in fire:
        assert aid is not None and len(aid["lines"]) == len(action.shots)
        assert aid["lines"][-1]["label"].endswith(note) and "hit" in note


def test_tc_6_1_shot_shows_the_armour_face_the_move_would_hit() -> None:
    """TC-6.1: the face drawn for a shot is the one the move's own ``fired`` event reports."""
    game = get_ruleset("tank-chess").new_game(seed=4)
    _play_until(game, lambda a: a.target is not None)
    legal = [a for a in game.legal_actions() if a.target is not None]
    for action, aid in zip(legal, action_aids(game, legal, [""] * len(legal)), strict=True):
        events = game.clone().apply(action)
        fired = next(e for e in events if e.kind == "fired")
        assert aid is not None
        assert aid["lines"][0]["face"] == fired.data["side"]
        label = aid["lines"][0]["label"]
        # the label names the face, then the verdict: the numbers only where the armour holds
        assert label.startswith(f"{fired.data['side']}: "), label
        if any(e.kind == "destroyed" for e in events):
            assert "destroys it" in label, label
        else:
            assert f"holds (armour {fired.data['armour']}" in label, label


def test_tc_8_1_check_line_from_the_threatening_piece_to_the_command_tank() -> None:
    """TC-8.1: the CHECK's line ends on the Command Tank the event names."""
    game = get_ruleset("tank-chess").new_game(seed=4)
    rng = random.Random(5)
    for _ in range(400):
        events = game.apply(rng.choice(game.legal_actions()))
        check = next((e for e in events if e.kind == "check"), None)
        if check is not None or game.outcome() is not None:
            break
    assert check is not None, "no CHECK in the game"
    line = check_line(game, [check.to_json()])
    assert line is not None
    assert line["lines"][-1]["label"] == f"CHECK: {check.data['piece']}"
    assert check_line(game, []) is None
