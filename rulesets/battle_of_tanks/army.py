"""Army lists against a tier-point budget (BT-1.1, BT-1.2).

The report walks the list like the rulebook's example: budget 20, a
T-34-85M (6) leaves 14, a Luchs (4) leaves 10. Unknown card ids are reported
with their file and line and the closest known id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.data import Document, Problem, validate
from core.errors import did_you_mean
from rulesets.battle_of_tanks.catalogue import add_army_cards
from rulesets.battle_of_tanks.models import Army, TankCard


@dataclass(frozen=True)
class TankLine:
    """One tank of the list with its cost and what is left after it."""

    card: str
    name: str | None
    title: str
    tier: int | None
    remaining: int
    line: int

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "name": self.name, "title": self.title, "tier": self.tier,
                "remaining": self.remaining, "line": self.line}


@dataclass
class ArmyReport:
    """Everything ``tanktable army validate`` prints."""

    name: str
    path: str
    budget: int
    tanks: list[TankLine] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(t.tier or 0 for t in self.tanks)

    @property
    def remaining(self) -> int:
        return self.budget - self.total

    @property
    def valid(self) -> bool:
        return not self.errors and self.remaining >= 0

    @property
    def verdict(self) -> str:
        """The total against the budget (BT-1.1): ``total 24 of 20: over budget by 4 (BT-1.1)``.
        ``army validate`` prints it and the browser's army builder refuses with it."""
        if self.remaining >= 0:
            left = f"{self.remaining} left"
        else:
            left = f"over budget by {-self.remaining}"
        return f"total {self.total} of {self.budget}: {left} (BT-1.1)"

    def to_json(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "verdict": self.verdict,
            "name": self.name,
            "total": self.total,
            "budget": self.budget,
            "remaining": self.remaining,
            "tanks": [t.to_json() for t in self.tanks],
            "errors": [p.to_json() for p in self.errors],
        }

    def text(self) -> str:
        lines = [f"{self.name} ({self.path}): budget {self.budget}"]
        for i, t in enumerate(self.tanks, 1):
            who = f"{t.name}: {t.title}" if t.name else t.title
            tier = "?" if t.tier is None else str(t.tier)
            lines.append(f"  {i:>2}. {who:<32} tier {tier:>2}   left {t.remaining}")
        lines.append(self.verdict)
        lines.extend(f"error: {p}" for p in self.errors)
        lines.append("valid" if self.valid else "INVALID")
        return "\n".join(lines)


def check_army(doc: Document, cards: Mapping[str, TankCard], budget: int | None = None) -> ArmyReport:
    """Validate an army document against ``cards`` and the cards it carries
    (``cards:``, beside the file); problems of the file or of its own cards
    raise DataError, unknown cards and the budget are listed."""
    army = validate(doc, Army)
    pool = dict(cards)
    path = Path(doc.path)
    add_army_cards(doc, army, path.parent if path.is_file() else None, pool)
    return report_for(army, doc, pool, budget)


def report_for(army: Army, doc: Document, cards: Mapping[str, TankCard], budget: int | None = None) -> ArmyReport:
    report = ArmyReport(army.name, doc.path, army.budget if budget is None else budget)
    left = report.budget
    for i, tank in enumerate(army.tanks):
        line, _ = doc.where(("tanks", i, "card"))
        card = cards.get(tank.card)
        if card is None:
            hint = did_you_mean(tank.card, list(cards), cutoff=0.3)
            report.errors.append(doc.problem(("tanks", i, "card"), f"unknown card {tank.card!r}{hint} (BT-1.2)"))
            report.tanks.append(TankLine(tank.card, tank.name, tank.card, None, left, line))
            continue
        left -= card.tier
        report.tanks.append(TankLine(card.id, tank.name, card.name, card.tier, left, line))
    return report
