"""Battle of Tanks: a round-based miniatures game on a table measured in cm.

Rules: ``docs/rules/battle-of-tanks.md`` (rule IDs BT-1 .. BT-9). Data:
``data/battle_of_tanks`` (cards, the rules table with every Decision,
tables, armies, scenarios).

Options of ``RULESET.new_game(scenario, options, seed)`` (typed by
:class:`~rulesets.battle_of_tanks.ruleset.BattleOfTanksOptions`); every
option is YAML data, so a game record replays without the user's files:

- ``armies``: ``{"a": SOURCE, "b": SOURCE}`` where SOURCE is a shipped army
  name, a path to an army file, or an inline mapping in the army-file format
  (``{"name": ..., "budget": 20, "tanks": [{"card": "t-34-85m"}, ...]}``,
  ``ruleset``/``kind`` optional). Paths are read and replaced by their data
  in ``game.options``. A side not given uses the scenario's army.
- ``cards``: a list of extra card file paths, folders, or inline card
  mappings (the card-file format); stored in ``game.options`` as data.
- ``table``: a shipped table name, a path, or an inline table mapping.
- any rules setting by its dotted name, e.g.
  ``{"victory.max_rounds": 10, "spotting.required_for_cover": False}``.
- anything else is refused (:class:`core.errors.UsageError`).

Example (what ``tanktable balance`` does)::

    RULESET.new_game("village-crossroads",
                     {"armies": {"a": {"budget": 20, "tanks": [{"card": "t-80"}]},
                                 "b": {"budget": 20, "tanks": [{"card": "my-tank"}]}},
                      "cards": [{"id": "my-tank", "name": "My tank", ...}]}, seed=1)

Sides are ``a`` and ``b``; notation: see :mod:`rulesets.battle_of_tanks.actions`.
"""

from rulesets.battle_of_tanks.ruleset import BattleOfTanksRuleset

RULESET = BattleOfTanksRuleset()

__all__ = ["RULESET", "BattleOfTanksRuleset"]
