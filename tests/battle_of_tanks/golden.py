"""Make the Battle of Tanks golden playthrough again: ``python -m tests.battle_of_tanks.golden``.

The golden game (``golden_village_seed11.yaml``) is a seeded game of random
seats on its scenario, seed and options: the moves and, after each, the
event texts. Regenerate it only when the rules or the set-up change on
purpose, and read the diff: ``test_golden_playthrough_village_seed11``
replays it and must see exactly these events.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from core.ai import make_agent
from rulesets.battle_of_tanks import RULESET

GOLDEN = Path(__file__).with_name("golden_village_seed11.yaml")
HEADER = """\
# Golden playthrough: seed + moves -> these events exactly (regenerate only on purpose,
# with python -m tests.battle_of_tanks.golden). ambush.ends_after_rounds: null plays the
# rulebook's letter: an ambush waits until it fires.
"""
KINDS = ("roll", "penetration", "ambush", "spotted", "destroyed")
"""Event kinds the golden game must show, or it checks too little."""
TRIES = 200
"""Seats' seeds tried before giving up."""


def play(scenario: str, seed: int, options: dict[str, Any], agents_seed: int,
         max_moves: int = 2000) -> dict[str, Any] | None:
    """A game of random seats (seeded ``agents_seed + p``) as moves and each move's
    event texts, or ``None`` if it does not end or lacks one of :data:`KINDS`."""
    game = RULESET.new_game(scenario, options, seed)
    agents = [make_agent("random", agents_seed + p) for p in range(len(game.players))]
    moves: list[str] = []
    events: list[list[str]] = []
    while game.outcome() is None and len(moves) < max_moves:
        action = agents[game.to_move()].choose(game)
        moves.append(game.format_action(action))
        events.append([e.text for e in game.apply(action)])
    outcome = game.outcome()
    kinds = {e.kind for step in game.history for e in step.events}
    if outcome is None or any(k not in kinds for k in KINDS):
        return None
    return {"scenario": scenario, "seed": seed, "agents_seed": agents_seed, "options": options,
            "moves": moves, "events": events, "result": outcome.reason}


def main(argv: list[str]) -> None:
    """The game on the golden's scenario, seed and options, with the first seats'
    seed (from the game's seed up) whose game shows every kind of :data:`KINDS`."""
    old = yaml.safe_load(GOLDEN.read_text())
    for agents_seed in range(old["seed"], old["seed"] + TRIES):
        golden = play(old["scenario"], old["seed"], old["options"], agents_seed)
        if golden is not None:
            break
    else:
        raise SystemExit(f"no game of {TRIES} seats' seeds shows every one of {KINDS}")
    text = yaml.safe_dump(golden, sort_keys=False, allow_unicode=True, width=1000)
    GOLDEN.write_text(HEADER + text)
    print(f"wrote {GOLDEN}: seats' seed {agents_seed}, {len(golden['moves'])} moves, {golden['result']}")


if __name__ == "__main__":
    main(sys.argv[1:])
