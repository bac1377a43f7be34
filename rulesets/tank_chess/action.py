"""The tank chess action: one turn of one tank, in board coordinates.

Its own module so that the notation (which reads and writes it) and the game
(which plays it) both import it from below.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.game import Action


@dataclass(frozen=True)
class TankMove(Action):
    """One turn (TC-3.2): a piece from a square to a square (or off the board),
    its final facing, and an optional shot at an enemy tank."""

    piece: str
    frm: tuple[int, int]
    to: tuple[int, int] | None
    facing: int | None
    target: tuple[int, int] | None = None

    @property
    def exits(self) -> bool:
        return self.to is None
