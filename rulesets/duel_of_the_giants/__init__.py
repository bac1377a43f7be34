"""Duel of the Giants: Tigers, ATGs, mines and a Stuka against hidden T-34s (DG-*).

The ruleset follows ``docs/rules/duel-of-the-giants.md``; every
Decision of those rules is a setting in ``data/duel_of_the_giants/rules.yaml``.
"""

from rulesets.duel_of_the_giants.ruleset import DuelOfTheGiantsRuleset

RULESET = DuelOfTheGiantsRuleset()

__all__ = ["RULESET", "DuelOfTheGiantsRuleset"]
