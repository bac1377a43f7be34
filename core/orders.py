"""Command queues: the order-chit bag, programmed card queues, activation flags.

- :class:`ChitBag` (battle of tanks BT-4): chits drawn blind from a bag with the
  game's seeded dice; chits can be held out (ambush) and returned.
- :class:`Program` (duel of the giants DG-11): a queue of cards with a card
  limit, executed front to back.
- :class:`Activations`: who has had an order this round.
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


@dataclass
class Program(Generic[T]):
    """A queue of programmed cards with a card limit (DG-11)."""

    cards: list[T] = field(default_factory=list)
    limit: int | None = None

    def can_add(self) -> bool:
        return self.limit is None or len(self.cards) < self.limit

    def add(self, card: T) -> None:
        if not self.can_add():
            raise ValueError(f"program is full ({self.limit} cards)")
        self.cards.append(card)

    def pop(self) -> T:
        return self.cards.pop(0)

    def peek(self) -> T | None:
        return self.cards[0] if self.cards else None

    def clear(self) -> None:
        self.cards.clear()

    def __len__(self) -> int:
        return len(self.cards)


@dataclass
class Activations(Generic[T]):
    """Which units have acted this round (order flags)."""

    done: set[T] = field(default_factory=set)

    def mark(self, unit: T) -> None:
        self.done.add(unit)

    def has_acted(self, unit: T) -> bool:
        return unit in self.done

    def reset(self, keep: Iterable[T] = ()) -> None:
        self.done = set(keep) & self.done
