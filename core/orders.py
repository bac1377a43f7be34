"""Command queues: the order-chit bag.

:class:`ChitBag` (battle of tanks BT-4): chits drawn blind from a bag with the
game's seeded dice; chits can be held out (ambush) and returned.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from core.dice import Dice

T = TypeVar("T", bound=Hashable)


@dataclass
class ChitBag(Generic[T]):
    """A bag of chits; ``draw`` takes one at random (logged through the dice)."""

    chits: list[T] = field(default_factory=list)
    out: list[T] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.chits)

    def __iter__(self) -> Iterator[T]:
        return iter(self.chits)

    def draw(self, dice: Dice, who: str = "") -> T:
        """Draw one chit blind; it is held out until :meth:`return_chits`."""
        index = dice.draw_index(len(self.chits), "draw a chit from the bag", who)
        chit = self.chits.pop(index)
        self.out.append(chit)
        return chit

    def remove(self, chit: T) -> None:
        """A chit leaves the game (its tank was destroyed)."""
        if chit in self.chits:
            self.chits.remove(chit)
        if chit in self.out:
            self.out.remove(chit)

    def return_chits(self, keep_out: Iterable[T] = ()) -> None:
        """Put drawn chits back, except ``keep_out`` (e.g. tanks in ambush)."""
        held = set(keep_out)
        back = [c for c in self.out if c not in held]
        self.out = [c for c in self.out if c in held]
        self.chits.extend(back)
        self.chits.sort(key=repr)

    def total(self) -> int:
        return len(self.chits) + len(self.out)
