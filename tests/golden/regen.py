"""Make or refresh golden transcripts: ``python -m tests.golden.regen [--new RULESET SEED]``.

The Battle of Tanks golden game has its own maker: ``python -m tests.battle_of_tanks.golden``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from core.record import load_record, make_record, replay, save_record
from core.registry import get_ruleset

GOLDEN_DIR = Path(__file__).parent


def transcript(path: Path) -> str:
    """Every move and every event (the all-seeing view) of a replayed record."""
    record, doc = load_record(path)
    game = replay(record, get_ruleset(record.ruleset), doc, verify=True)
    lines = []
    for i, step in enumerate(game.history, 1):
        lines.append(f"{i}. {game.players[step.player]} {game.format_action(step.action)}")
        lines.extend(f"   {e.kind}: {e.text}" for e in step.events)
    outcome = game.outcome()
    lines.append(f"result: {outcome.reason if outcome else 'unfinished'}")
    return "\n".join(lines) + "\n"


def new_golden(ruleset_id: str, seed: int, scenario: str | None = None, max_moves: int = 400) -> Path:
    """Play a seeded random game and store it as a golden record + transcript."""
    from core.ai import make_agent

    ruleset = get_ruleset(ruleset_id)
    game = ruleset.new_game(scenario, {}, seed)
    agents = [make_agent("random", seed + p) for p in range(len(game.players))]
    while not game.is_over() and len(game.history) < max_moves:
        game.apply(agents[game.to_move()].choose(game))
    name = f"{ruleset_id}-{scenario or ruleset.default_scenario}-{seed}"
    path = GOLDEN_DIR / f"{name}.yaml"
    record = make_record(game, ruleset, scenario, seed, {p: "random" for p in game.players})
    save_record(record.model_copy(update={"date": None}), path)
    return path


def main(argv: list[str]) -> None:
    if argv[:1] == ["--new"]:
        scenario = argv[3] if len(argv) > 3 else None
        path = new_golden(argv[1], int(argv[2]), scenario)
        paths = [path]
    else:
        paths = sorted(GOLDEN_DIR.glob("*.yaml"))
    for path in paths:
        path.with_suffix(".txt").write_text(transcript(path), encoding="utf-8")
        print(f"wrote {path.with_suffix('.txt')}")


if __name__ == "__main__":
    main(sys.argv[1:])
