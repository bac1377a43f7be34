"""Position builders for rule tests: a small ASCII board, pieces by letter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.tank_chess import RULESET
from rulesets.tank_chess.game import TankChessGame


def board(grid: str, facing: Mapping[str, str] | None = None, to_move: str = "white",
          **options: Any) -> TankChessGame:
    """``board('''...''', {'d4': 'E'})``: rows top (last rank) first; options as dotted keys
    with '__' for '.', e.g. ``movement__corner_cutting=False``."""
    opts = {k.replace("__", "."): v for k, v in options.items()}
    return RULESET.from_grid(grid, facing, opts, to_move)


def texts(game: TankChessGame) -> set[str]:
    return {game.format_action(a) for a in game.legal_actions()}


def rule_of(game: TankChessGame, text: str) -> str | None:
    illegal = game.check(game.parse_action(text))
    return None if illegal is None else illegal.rule
