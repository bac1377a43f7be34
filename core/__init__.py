"""tanktable core: the ruleset-agnostic engine (grids, geometry, combat, dice, data, records)."""

__version__ = "0.1.0"
