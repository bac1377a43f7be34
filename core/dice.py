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

from core.streams import Seed, stream

T = TypeVar("T")


@dataclass(frozen=True)
class Roll:
    """One logged roll. ``need`` is the target number (None if not a test).

    A roll of several dice added up (``2d6``, :meth:`Dice.roll_sum`) is one roll:
    ``result`` is the sum, ``faces`` each die as it fell (empty for one die)."""

    who: str
    why: str
    sides: int
    result: int
    need: int | None = None
    faces: tuple[int, ...] = ()

    @property
    def success(self) -> bool | None:
        return None if self.need is None else self.result >= self.need

    @property
    def count(self) -> int:
        """How many dice were rolled."""
        return max(1, len(self.faces))

    def __str__(self) -> str:
        if self.faces:
            shown = "+".join(str(f) for f in self.faces)
            text = f"{self.who} rolls {self.count}d{self.sides} for {self.why}: {shown} = {self.result}"
        else:
            text = f"{self.who} rolls d{self.sides} for {self.why}: {self.result}"
        if self.need is not None:
            text += f" (needs {self.need}+: {'success' if self.success else 'fail'})"
        return text


class Dice:
    """A seeded random source; every public draw is logged.

    Each purpose draws from its own stream, derived from the seed by a keyed
    hash (:mod:`core.streams`): the rolls (``dice``), the blind draws of the
    order-chit bag (``chits``, by ``draw_index``) and the engine's unlogged
    draws (``engine``). ``choice``/``shuffle``/``draw`` are for blind draws:
    they are logged too, with the index drawn.
    """

    ROLLS = "dice"
    DRAWS = "chits"
    ENGINE = "engine"

    def __init__(self, seed: Seed = 0):
        self.seed = seed
        self._key: Seed = seed
        """What the streams derive from: the seed, or a search copy's own (:meth:`reseed`)."""
        self._streams: dict[str, random.Random] = {}
        self._owned = True
        """False while ``_streams`` may be shared with a copy: the first draw after a
        copy makes private generators first."""
        self.log: list[Roll] = []

    def _generator(self, purpose: str = ROLLS) -> random.Random:
        """The generator of ``purpose``, made private on the first draw after a copy.
        The AI copies and reseeds a game thousands of times a second, mostly
        without rolling (tank chess never does): copying the Mersenne Twister
        state each time cost a tenth of a search."""
        if not self._owned:
            private: dict[str, random.Random] = {}
            for name, shared in self._streams.items():
                twin = random.Random(0)
                twin.setstate(shared.getstate())
                private[name] = twin
            self._streams = private
            self._owned = True
        found = self._streams.get(purpose)
        if found is None:
            found = self._streams[purpose] = stream(self._key, purpose)
        return found

    def roll(self, why: str, who: str = "", sides: int = 6, need: int | None = None,
             purpose: str = ROLLS) -> Roll:
        """Roll one die and log it."""
        result = self._generator(purpose).randint(1, sides)
        roll = Roll(who, why, sides, result, need)
        self.log.append(roll)
        return roll

    def d6(self, why: str, who: str = "", need: int | None = None) -> Roll:
        """One six-sided die, logged (``need``: the target number of a test)."""
        return self.roll(why, who, 6, need)

    def roll_sum(self, count: int, why: str, who: str = "", sides: int = 6,
                 need: int | None = None) -> Roll:
        """Roll ``count`` dice and add them up (a ``2d6`` test): logged as one roll whose
        ``result`` is the sum, ``faces`` the dice and ``need`` the target for the sum."""
        if count < 1:
            raise ValueError("roll at least one die")
        generator = self._generator(self.ROLLS)
        faces = tuple(generator.randint(1, sides) for _ in range(count))
        roll = Roll(who, why, sides, sum(faces), need, faces if count > 1 else ())
        self.log.append(roll)
        return roll

    def face(self, faces: Sequence[T], why: str, who: str = "") -> tuple[Roll, T]:
        """Roll a die with arbitrary faces (e.g. a penetration die)."""
        roll = self.roll(why, who, len(faces))
        return roll, faces[roll.result - 1]

    def draw_index(self, n: int, why: str, who: str = "") -> int:
        """Draw blindly one of ``n`` things (0-based index) from the bag's own
        stream (``chits``); logged as a roll."""
        if n <= 0:
            raise ValueError("cannot draw from an empty bag")
        return self.roll(why, who, n, purpose=self.DRAWS).result - 1

    def randrange(self, n: int) -> int:
        """An unlogged draw for engine-internal use (AI sampling, never rules)."""
        return self._generator(self.ENGINE).randrange(n)

    def copy(self) -> Dice:
        """An independent Dice in the same state, with its own log: every copy of a
        game needs one (the AI reseeds its copies, and a shared object would change
        the real game's future rolls)."""
        other = Dice.__new__(Dice)
        other.seed = self.seed
        other._key = self._key
        other._streams = self._streams
        other.log = list(self.log)
        # both now share the generators: whichever draws first makes its own
        other._owned = self._owned = False
        return other

    def reseed(self, seed: int) -> None:
        """Replace the future draws of every stream by those derived from ``seed``
        (the AI's copies: future rolls are unknown to any player). The roll log
        and the seed label stay."""
        self._key = seed
        self._streams = {}
        self._owned = True

    def getstate(self) -> dict[str, Any]:
        return {"seed": self.seed, "key": self._key,
                "streams": {name: g.getstate() for name, g in sorted(self._streams.items())},
                "rolls": len(self.log)}

    def setstate(self, state: dict[str, Any]) -> None:
        self.seed = state["seed"]
        self._key = state["key"]
        streams: dict[str, random.Random] = {}
        for name, value in state["streams"].items():
            g = random.Random(0)
            g.setstate(value)
            streams[name] = g
        self._streams = streams
        self._owned = True
        del self.log[state["rolls"]:]
