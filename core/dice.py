"""Seeded dice with a log of every roll.

The generator's state is part of the game state: cloning or saving a game
keeps it, so the same seed and the same decisions always give the same game
(BT-9.1). Every roll says who rolled, why, and what was needed, so the log
explains the game to a player and the record can be re-checked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Roll:
    """One logged roll. ``need`` is the target number (None if not a test)."""

    who: str
    why: str
    sides: int
    result: int
    need: int | None = None

    @property
    def success(self) -> bool | None:
        return None if self.need is None else self.result >= self.need

    def __str__(self) -> str:
        text = f"{self.who} rolls d{self.sides} for {self.why}: {self.result}"
        if self.need is not None:
            text += f" (needs {self.need}+: {'success' if self.success else 'fail'})"
        return text


class Dice:
    """A seeded random source; every public draw is logged.

    ``choice``/``shuffle``/``draw`` are for blind draws (the order-chit bag):
    they are logged too, with the index drawn.
    """

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._rng: random.Random | None = random.Random(seed)
        self._owned = True
        """False while ``_rng`` may be shared with a copy (or is still to be made
        from ``_pending``): the first draw makes a private generator first."""
        self._pending = seed
        self.log: list[Roll] = []

    def _generator(self) -> random.Random:
        """The generator to draw from, made private on the first draw after a copy
        or reseed. The AI copies and reseeds a game thousands of times a second,
        mostly without rolling (tank chess never does): copying the Mersenne
        Twister state each time cost a tenth of a search."""
        if not self._owned:
            if self._rng is None:
                self._rng = random.Random(self._pending)
            else:
                twin = random.Random(0)
                twin.setstate(self._rng.getstate())
                self._rng = twin
            self._owned = True
        assert self._rng is not None
        return self._rng

    def roll(self, why: str, who: str = "", sides: int = 6, need: int | None = None) -> Roll:
        """Roll one die and log it."""
        result = self._generator().randint(1, sides)
        roll = Roll(who, why, sides, result, need)
        self.log.append(roll)
        return roll

    def d6(self, why: str, who: str = "", need: int | None = None) -> Roll:
        return self.roll(why, who, 6, need)

    def face(self, faces: Sequence[T], why: str, who: str = "") -> tuple[Roll, T]:
        """Roll a die with arbitrary faces (e.g. a penetration die)."""
        roll = self.roll(why, who, len(faces))
        return roll, faces[roll.result - 1]

    def draw_index(self, n: int, why: str, who: str = "") -> int:
        """Draw blindly one of ``n`` things (0-based index); logged as a roll."""
        if n <= 0:
            raise ValueError("cannot draw from an empty bag")
        return self.roll(why, who, n).result - 1

    def randrange(self, n: int) -> int:
        """An unlogged draw for engine-internal use (AI sampling, never rules)."""
        return self._generator().randrange(n)

    def copy(self) -> Dice:
        """An independent Dice in the same state, with its own log: every copy of a
        game needs one (the AI reseeds its copies, and a shared object would change
        the real game's future rolls)."""
        other = Dice.__new__(Dice)
        other.seed = self.seed
        other._rng = self._rng
        other._pending = self._pending
        other.log = list(self.log)
        # both now share one generator (or one pending seed): whichever draws first
        # makes its own
        other._owned = self._owned = False
        return other

    def reseed(self, seed: int) -> None:
        """Replace the future rolls by those of a fresh generator seeded ``seed``
        (the AI's copies: future rolls are unknown to any player). The roll log
        and the seed label stay."""
        self._rng = None
        self._pending = seed
        self._owned = False

    def getstate(self) -> dict[str, Any]:
        return {"seed": self.seed, "rng": self._generator().getstate(), "rolls": len(self.log)}

    def setstate(self, state: dict[str, Any]) -> None:
        self.seed = state["seed"]
        self._generator().setstate(state["rng"])
        del self.log[state["rolls"]:]
