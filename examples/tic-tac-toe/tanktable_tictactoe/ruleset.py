"""Tic-tac-toe on a 3x3 board, written against tanktable's ruleset contract.

Rules, with the IDs that illegal moves cite:

- TTT-1 X moves first; the players alternate, one mark per turn.
- TTT-2 A mark goes on an empty square (a1 .. c3: files a-c, ranks 1-3).
- TTT-3 Three marks of one player in a row, column or diagonal win
  (option ``misere``: they lose). A full board without such a line is a draw.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from core.data import DataModel, Document, Problem
from core.dice import Dice
from core.errors import NotationError, TanktableError
from core.game import Action, Event, Game, GameType, Illegal, Outcome, Ruleset, TableCommand
from core.options import GameOptions
from core.streams import Seed

MARKS = ("x", "o")
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # ranks 1, 2, 3
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # files a, b, c
    (0, 4, 8), (2, 4, 6),             # diagonals
)
SQUARE = re.compile(r"^\s*([abc])([123])\s*$", re.IGNORECASE)


def square_name(cell: int) -> str:
    """Cell 0 is a1 (bottom left), 8 is c3."""
    return "abc"[cell % 3] + str(cell // 3 + 1)


@dataclass(frozen=True)
class Place(Action):
    """Put the mover's mark on ``cell`` (0..8)."""

    cell: int


class TicTacToeOptions(GameOptions):
    """The one option: misère, where three in a row loses."""

    misere: bool = False


class TicTacToePosition(DataModel):
    """A ``kind: position`` document: the board, top rank first, ``.`` for empty."""

    ruleset: Literal["tic-tac-toe"] = "tic-tac-toe"
    kind: Literal["position"] = "position"
    name: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    board: list[str] = Field(min_length=3, max_length=3, description="Ranks 3, 2, 1; x, o or '.'.")
    to_move: Literal["x", "o"]


class TicTacToeGame(Game[Place]):
    ruleset_id = "tic-tac-toe"
    players = MARKS
    game_type = GameType(chance=False)
    """No dice: the search plays it exactly, and the start says the computer's seed is sealed,
    not dice that are never rolled."""
    notation_help = "a square: a1 .. c3 (files a-c from the left, ranks 1-3 from the bottom)"
    shared_fields = frozenset({"opts"})
    """The options never change during a game: copies for the search share them."""

    def __init__(self, seed: Seed = 0, options: TicTacToeOptions | None = None) -> None:
        self.opts = options or TicTacToeOptions()
        super().__init__(Dice(seed), "empty", self.opts.flat())
        self.cells: list[str] = [""] * 9
        self.player = 0

    # ----------------------------------------------------------------- rules
    def to_move(self) -> int:
        return self.player

    def decision(self) -> str:
        return "place a mark"

    def legal_actions(self) -> list[Place]:
        return [Place(i) for i in range(9) if not self.cells[i]]

    def _check(self, action: Place) -> Illegal | None:
        if not 0 <= action.cell < 9:
            return Illegal("TTT-2", f"square {action.cell} is not on the board")
        if self.cells[action.cell]:
            return Illegal("TTT-2", f"{square_name(action.cell)} already holds {self.cells[action.cell]}")
        return None

    def _apply(self, action: Place) -> list[Event]:
        mark = MARKS[self.player]
        self.cells[action.cell] = mark
        self.player = 1 - self.player
        name = square_name(action.cell)
        return [Event("placed", f"{mark} on {name}", {"mark": mark, "square": name})]

    def _line_of(self, mark: str) -> bool:
        return any(all(self.cells[i] == mark for i in line) for line in LINES)

    def _outcome(self) -> Outcome | None:
        for p, mark in enumerate(MARKS):
            if self._line_of(mark):
                if self.opts.misere:
                    return Outcome((1 - p,), f"{mark} made three in a row and loses (misère, TTT-3)")
                return Outcome((p,), f"{mark} has three in a row (TTT-3)")
        if all(self.cells):
            return Outcome((), "the board is full (TTT-3)")
        return None

    def max_decisions(self) -> int | None:
        """Nine squares, one mark each (TTT-2): no game takes more than nine decisions."""
        return 9

    # -------------------------------------------------------------- notation
    def format_action(self, action: Place) -> str:
        return square_name(action.cell)

    def parse_action(self, text: str) -> Place:
        match = SQUARE.match(text)
        if match is None:
            raise NotationError(f"{text.strip()!r} is not a square; {self.notation_help}")
        return Place("abc".index(match.group(1).lower()) + 3 * (int(match.group(2)) - 1))

    def _completes(self, cell: int, mark: str) -> bool:
        return any(cell in line and all(self.cells[i] == mark or i == cell for i in line) for line in LINES)

    def describe_action(self, action: Place) -> str:
        mine, theirs = MARKS[self.player], MARKS[1 - self.player]
        if self._completes(action.cell, mine):
            return "loses (misère)" if self.opts.misere else "wins"
        if self._completes(action.cell, theirs):
            return "blocks"
        return ""

    def table_commands(self) -> Sequence[TableCommand]:
        def threats(game: TicTacToeGame, player: int | None, args: str) -> str:
            parts = []
            for mark in MARKS:
                cells = [square_name(c) for c in range(9) if not game.cells[c] and game._completes(c, mark)]
                parts.append(f"{mark}: {', '.join(cells) or 'none'}")
            return "; ".join(parts)

        return [TableCommand("threats", "threats", "squares that would complete a line, per player", threats)]

    # ------------------------------------------------------------- rendering
    def render(self, player: int | None = None, color: bool = False) -> str:
        rows = []
        for rank in (2, 1, 0):
            row = " ".join(self.cells[3 * rank + f] or "." for f in range(3))
            rows.append(f"{rank + 1}  {row}")
        rows.append("   a b c")
        return "\n".join(rows)

    def view(self, player: int | None) -> dict[str, Any]:
        view = super().view(player)
        view["board"] = self.position()["board"]
        return view

    # ------------------------------------------------------------- positions
    def position(self) -> dict[str, Any]:
        board = ["".join(self.cells[3 * rank + f] or "." for f in range(3)) for rank in (2, 1, 0)]
        return {"ruleset": self.ruleset_id, "kind": "position", "options": self.opts.flat(),
                "board": board, "to_move": MARKS[self.player]}


class TicTacToeRuleset(Ruleset):
    id = "tic-tac-toe"
    title = "Tic-tac-toe (example plugin)"
    players = MARKS
    default_scenario = "empty"
    options_model = TicTacToeOptions

    def scenarios(self) -> list[str]:
        return ["empty"]

    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None, seed: Seed = 0) -> TicTacToeGame:
        if scenario not in (None, "empty"):
            raise TanktableError(f"tic-tac-toe has one scenario, 'empty' (not {str(scenario)!r})")
        opts = self.parse_options(options)
        assert isinstance(opts, TicTacToeOptions)
        return TicTacToeGame(seed, opts)

    def data_kinds(self) -> Mapping[str, Any]:
        return {"position": TicTacToePosition}

    def check_document(self, kind: str, model: Any, doc: Document) -> list[Problem]:
        """A position must be reachable: rows of x, o and '.', X never behind, and the
        right player to move."""
        if kind != "position":
            return []
        problems = []
        for i, row in enumerate(model.board):
            if len(row) != 3 or set(row) - set("xo."):
                problems.append(doc.problem(("board", i), f"{row!r}: a rank is three of x, o and '.'"))
        if problems:
            return problems
        text = "".join(model.board)
        xs, os = text.count("x"), text.count("o")
        if xs - os not in (0, 1):
            problems.append(doc.problem(("board",), f"{xs} x and {os} o: x moves first, so x has as many marks as o or one more (TTT-1)"))
        elif model.to_move != ("x" if xs == os else "o"):
            problems.append(doc.problem(("to_move",), f"with {xs} x and {os} o it is {'x' if xs == os else 'o'} to move (TTT-1)"))
        return problems

    def from_position(self, position: Mapping[str, Any], seed: Seed = 0) -> TicTacToeGame:
        doc = TicTacToePosition.model_validate(dict(position))
        opts = self.parse_options(doc.options)
        assert isinstance(opts, TicTacToeOptions)
        game = TicTacToeGame(seed, opts)
        for i, row in enumerate(doc.board):
            rank = 2 - i
            for f, ch in enumerate(row):
                game.cells[3 * rank + f] = "" if ch == "." else ch
        game.player = MARKS.index(doc.to_move)
        return game


RULESET = TicTacToeRuleset()
