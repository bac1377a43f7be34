"""The default clone shares what never changes and copies the state (issue 25.2).

A game names its fixed parts in ``Game.shared_fields`` (here a hex board, with
its sight caches, and a card table); a clone shares those objects -- also
where the state refers to them -- and copies everything else, so playing on
one copy leaves the other as it was.
"""

from __future__ import annotations

from typing import Any

from core.grid.hexboard import parse_board_text
from core.grid.los import line_of_sight
from tests.toy import PigGame, Roll

MAP = """\
ruleset: hex
kind: map
name: Strip
size: {columns: 4, rows: 2}
terrain: |
  . W . .
   . . . .
"""


class BoardPig(PigGame):
    """Pig with a board and cards that never change, and pieces that do."""

    shared_fields = frozenset({"board", "cards"})

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.board = parse_board_text(MAP)
        self.cards: dict[str, dict[str, Any]] = {"tank": {"move": 2}}
        self.pieces = [{"cell": 0, "card": "tank", "on": self.board}]


def test_a_clone_shares_the_board_and_cards_but_not_the_state() -> None:
    game = BoardPig(seed=3)
    game.apply(Roll())
    line_of_sight(game.board, 0, 3)  # fills the board's sight cache
    copy = game.clone()
    assert isinstance(copy, BoardPig)
    assert copy.board is game.board and copy.board.line_cache is game.board.line_cache
    assert copy.cards is game.cards
    assert copy.pieces[0]["on"] is game.board  # the state still points at the shared board
    assert copy.pieces is not game.pieces and copy.pieces[0] is not game.pieces[0]
    assert copy.dice is not game.dice and copy.history is not game.history
    before = (game.pieces[0]["cell"], list(game.history), game.turn_total, game.dice.getstate())
    copy.pieces[0]["cell"] = 5
    copy.apply(copy.legal_actions()[-1])
    copy.apply(copy.legal_actions()[0])
    assert (game.pieces[0]["cell"], list(game.history), game.turn_total, game.dice.getstate()) == before
    assert len(copy.history) == len(game.history) + 2


def test_without_shared_fields_everything_is_copied() -> None:
    game = PigGame(seed=1)
    game.board = parse_board_text(MAP)  # type: ignore[attr-defined]
    copy = game.clone()
    assert copy.board is not game.board  # type: ignore[attr-defined]
