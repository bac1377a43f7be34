"""Combat arithmetic shared by the rulesets.

- Armour against gun (tank chess TC-6.2, duel of the giants): a shot defeats
  armour when the gun value beats it under a configurable comparison.
- Target numbers with modifiers (battle of tanks BT-6.3): "roll N+ on a d6",
  each modifier named with its rule so the roll explains itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Comparison = Literal["greater", "greater_or_equal"]


def defeats(gun: int, armour: int, rule: Comparison = "greater") -> bool:
    """Whether ``gun`` destroys ``armour``: strictly greater by default (TC-6.2)."""
    return gun > armour if rule == "greater" else gun >= armour


@dataclass(frozen=True)
class Modifier:
    """A named change to a target number: ``+1 ATTACK (BT-6.3)``."""

    name: str
    value: int
    rule: str = ""

    def __str__(self) -> str:
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.name} {self.value:+d}{rule}"


@dataclass(frozen=True)
class TargetNumber:
    """A d-N roll that succeeds on ``base`` + modifiers or more.

    Above ``sides`` it cannot succeed; at ``auto_below`` or less it always does
    (BT-6.3: "a required roll above 6 cannot hit; 1 or less always hits").
    """

    base: int
    modifiers: tuple[Modifier, ...] = field(default_factory=tuple)
    sides: int = 6
    base_name: str = "base"
    auto_below: int = 1

    @property
    def need(self) -> int:
        return self.base + sum(m.value for m in self.modifiers)

    @property
    def impossible(self) -> bool:
        return self.need > self.sides

    @property
    def automatic(self) -> bool:
        return self.need <= self.auto_below

    def succeeds(self, roll: int) -> bool:
        if self.impossible:
            return False
        return self.automatic or roll >= self.need

    def explain(self) -> str:
        """``needs 6: accuracy 3+, ATTACK +1 (BT-6.3), heavy cover +2 (BT-6.4)``."""
        parts = [f"{self.base_name} {self.base}+", *(str(m) for m in self.modifiers)]
        if self.impossible:
            head = f"needs {self.need}: cannot succeed"
        elif self.automatic:
            head = f"needs {self.need}: always succeeds"
        else:
            head = f"needs {self.need}"
        return f"{head}: {', '.join(parts)}"

    def with_modifier(self, modifier: Modifier) -> TargetNumber:
        return TargetNumber(self.base, (*self.modifiers, modifier), self.sides, self.base_name, self.auto_below)
