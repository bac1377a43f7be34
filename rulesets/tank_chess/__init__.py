"""Tank Chess: a two-player, perfect-information tank game on a square board.

Rules: ``docs/rules/tank-chess.md`` (TC-1 .. TC-9); every number and
**Decision** of the rules lives in ``data/tank_chess/``.
"""

from rulesets.tank_chess.ruleset import TankChessRuleset

RULESET = TankChessRuleset()

__all__ = ["RULESET", "TankChessRuleset"]
