"""Hex Recon as a tanktable ruleset (the second example of docs/writing-a-ruleset.md)."""

from tanktable_hexrecon.game import RULESET, HexReconGame, HexReconRuleset

__all__ = ["RULESET", "HexReconGame", "HexReconRuleset"]
