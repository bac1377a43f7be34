"""The server's side of driving anywhere at the browser table (issue 29.1): the
seat whose tank is to drive is sent the drive, no other seat is; the drive check
(``preview``) is asked briefly and answers within the speed goal."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from tests.serve.helpers import Link, TestClient, create, make_server


def to_a_drive(tmp_path: Path) -> tuple[dict[str, Link], str, dict[str, Any]]:
    """A Battle of Tanks game between two people, played until a tank is to MOVE;
    the links, the driving side and its state."""
    app, _server = make_server(tmp_path)
    client = TestClient(app)
    game = create(client, ruleset="battle-of-tanks", seed=4, seats={"a": "human", "b": "human"})
    links = {name: Link(client, url) for name, url in game["links"].items()}
    for _ in range(20):
        states = {side: links[side].state() for side in ("a", "b")}
        mover = next(side for side, s in states.items() if s["your_turn"])
        if "drive" in states[mover]:
            return links, mover, states[mover]
        texts = [a["text"] for a in states[mover]["actions"]]
        moves = [t for t in texts if t.endswith(" move")]
        r = links[mover].post("act", {"move": moves[0] if moves else texts[0]})
        assert r.status_code == 200, r.text
    raise AssertionError("no drive came")


def test_issue_29_1_only_the_driving_seat_is_sent_the_drive(tmp_path: Path) -> None:
    """BT-5.1: the drive (tank, allowance, ground it may not enter) goes to the seat
    that gives it; the other seat and a spectator get none."""
    links, mover, state = to_a_drive(tmp_path)
    drive = state["drive"]
    assert state["decision"].startswith(f"MOVE {drive['mover']}: path, up to ")
    assert drive["rule"] == "BT-5.1" and drive["straight"] is False and drive["allowance"] > 0
    assert all(len(o["outline"]) >= 3 for o in drive["blocking"] + drive["pieces"])
    other = "b" if mover == "a" else "a"
    assert "drive" not in links[other].state()
    assert "drive" not in links["spectator"].state()


def test_issue_29_1_a_brief_ask_answers_without_the_state_and_quickly(tmp_path: Path) -> None:
    """``ask`` with ``brief`` answers the ``preview`` alone (the version beside it), not the
    seat's whole state; its median stays far under the 50 ms p95 goal (in process)."""
    links, mover, state = to_a_drive(tmp_path)
    drive = state["drive"]
    x, y = drive["x"], drive["y"]
    times = []
    for i in range(30):
        start = time.perf_counter()
        r = links[mover].post("ask", {"command": f"preview to {x - 3 - i * 0.1:.1f},{y:.1f}", "brief": True})
        times.append((time.perf_counter() - start) * 1000)
        assert r.status_code == 200, r.text
        assert set(r.json()) == {"answer", "version"} and r.json()["version"] == state["version"]
    assert r.json()["answer"].startswith(f"to {x - 3 - 2.9:.1f},")
    assert statistics.median(times) < 50, times
    full = links[mover].post("ask", {"command": f"preview to {x - 3:.1f},{y:.1f}"}).json()
    assert "answer" in full and "actions" in full, "without brief the answer comes with the state"


def test_issue_58_6_a_logged_shot_is_drawn_shooter_to_target_for_the_motion() -> None:
    """issue 58.6 (playtest: neither side's shots ever ran as a tracer on the Battle of
    Tanks table): a log entry that fired is drawn as a line from the shooter to each
    target it rolled at, from the entry's events as a seat is sent them; a drive's
    entry draws no shot."""
    from cli.serve.aids import entry_drawing
    from rulesets.battle_of_tanks.actions import Declare, Fire, Shot
    from rulesets.battle_of_tanks.ruleset import BattleOfTanksRuleset
    from rulesets.battle_of_tanks.svg import SCALE
    from tests.battle_of_tanks.helpers import give_chit, make_game

    g = make_game(["pzkpfw-ii-luchs"], ["tiger-i", "is-2"], {"a1": (30, 60, 0), "b1": (70, 60, 180), "b2": (70, 40, 180)},
                  seed=3)
    give_chit(g, "a")
    g.apply(Declare("luchs#1", "FIRE"))
    g.apply(Fire((Shot("tiger#1", 1), Shot("is2#1", 1))))
    step = g.history[-1]
    aid = entry_drawing(g, g.format_action(step.action), [e.to_json() for e in step.events], BattleOfTanksRuleset())
    depth = g.field.depth
    assert aid is not None and [(line["from"], line["to"]) for line in aid["lines"]] == [
        ([30 * SCALE, (depth - 60) * SCALE], [70 * SCALE, (depth - 60) * SCALE]),
        ([30 * SCALE, (depth - 60) * SCALE], [70 * SCALE, (depth - 40) * SCALE])]
    order = g.history[-2]
    assert entry_drawing(g, "luchs#1 fire", [e.to_json() for e in order.events], BattleOfTanksRuleset()) is None


def test_issue_58_6_a_logged_drive_is_drawn_along_every_leg_for_the_motion() -> None:
    """issue 58.6 (playtest: a computer's drive through waypoints ran on the table as one
    straight line, start to end, through a house): a drive's log entry is drawn as its
    path, the tank's start then each leg's end (BT-5.1), from the entry's events as a
    seat is sent them, so the page's motion follows the legs."""
    from cli.serve.aids import entry_drawing
    from rulesets.battle_of_tanks.actions import Declare, Drive
    from rulesets.battle_of_tanks.ruleset import BattleOfTanksRuleset
    from rulesets.battle_of_tanks.svg import SCALE
    from tests.battle_of_tanks.helpers import give_chit, make_game

    g = make_game(["pzkpfw-ii-luchs"], ["tiger-i"], {"a1": (10, 10, 0), "b1": (110, 110, 180)}, seed=3)
    give_chit(g, "a")
    g.apply(Declare("luchs#1", "MOVE"))
    g.apply(Drive(((30, 10), (30, 30), (40, 35))))
    step = g.history[-1]
    aid = entry_drawing(g, g.format_action(step.action), [e.to_json() for e in step.events], BattleOfTanksRuleset())
    depth = g.field.depth
    assert aid is not None and aid["path"] == [[x * SCALE, (depth - y) * SCALE]
                                               for x, y in ((10, 10), (30, 10), (30, 30), (40, 35))]
    assert "lines" not in aid, "a drive fires nothing"
