"""Tic-tac-toe as a tanktable ruleset (the example of docs/writing-a-ruleset.md)."""

from tanktable_tictactoe.ruleset import RULESET, TicTacToeGame, TicTacToeRuleset

__all__ = ["RULESET", "TicTacToeGame", "TicTacToeRuleset"]
