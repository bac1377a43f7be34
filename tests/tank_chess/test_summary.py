"""A Tank Chess move's results in one line for the terminal (issue 27.16), made from
the events a real game gives."""

from __future__ import annotations

from core.ai import make_agent
from rulesets.tank_chess import RULESET


def test_issue_27_16_shots_and_checks_of_a_game_in_short() -> None:
    """TC-6.2, TC-8.1: every shot says the target, its square, the armour side it hit and the
    gun; every CHECK names the threatening move; a plain step says nothing more."""
    game = RULESET.new_game(None, None, 3)
    agents = [make_agent("greedy", seed=1), make_agent("greedy", seed=2)]
    seen = set()
    for _ in range(60):
        if game.outcome() is not None:
            break
        events = game.apply(agents[game.to_move()].choose(game))
        summary = game.summarize_events(events)
        kinds = {e.kind for e in events}
        if kinds == {"moved"}:
            assert summary == ""
        for e in events:
            d = e.data
            if e.kind == "destroyed":
                assert f"{d['target']} {d['at']} destroyed ({d['side']} armour {d['armour']}, gun {d['gun']})" in summary
            if e.kind == "check":
                assert (f"CHECK: {d['piece']} {d['from']} threatens the Command Tank on {d['target']} "
                        f"({d['piece']} {d['from']}-{d['shoots_from']}:{d['facing']} x{d['target']})") in summary
        seen |= kinds
    assert {"destroyed", "check"} <= seen
