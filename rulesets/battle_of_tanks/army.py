"""Army lists against a tier-point budget (BT-1.1, BT-1.2).

The report walks the list like the rulebook's example: budget 20, a
T-34-85M (6) leaves 14, a Luchs (4) leaves 10. Unknown card ids are reported
with their file and line and the closest known id -- together with the file's
structural problems (a typo such as ``nmae:``), so one run names them all
(issue 60.3). The report also says which cards still fit the points left and
warns when two tanks carry the same name (the table would rename one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.data import Document, Problem, validate
from core.errors import DataError, did_you_mean
from rulesets.battle_of_tanks.catalogue import add_army_cards
from rulesets.battle_of_tanks.models import Army, TankCard
from rulesets.battle_of_tanks.names import name_label


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
    warnings: list[Problem] = field(default_factory=list)
    """Problems that do not make the list invalid (two tanks with one name)."""
    cards: list[tuple[str, str, int]] = field(default_factory=list)
    """Every card the list could use: (id, name, tier), for :attr:`fits`."""
    own_cards: list[dict[str, Any]] = field(default_factory=list)
    """The data of the cards the file carries (``cards:``), a card after the one it
    is based on: what an exported copy of the list embeds to validate anywhere."""
    library: dict[str, TankCard] = field(default_factory=dict, repr=False)
    """Every card by id (shipped, extra and the file's own), for showing their values."""

    @property
    def fits(self) -> list[tuple[str, str, int]]:
        """The cards one more of which the points left still buy, dearest first
        (issue 60.3: "3 left" alone does not say whether anything costs 3)."""
        left = self.remaining
        return sorted((c for c in self.cards if c[2] <= left), key=lambda c: (-c[2], c[1]))

    @property
    def fits_text(self) -> str:
        """``still fits in 7: tier 7 Tiger; tier 4 Luchs, ...`` or why nothing does; nothing
        at 0 left (the verdict's "0 left" says it: "nothing fits in 0" read as a joke)."""
        if self.remaining <= 0:
            return ""
        fits = self.fits
        if not fits:
            cheapest = min(self.cards, key=lambda c: c[2], default=None)
            more = f" (the cheapest, {cheapest[1]}, costs {cheapest[2]})" if cheapest else ""
            return f"nothing fits in {self.remaining}: no card costs {self.remaining} or less{more}"
        tiers: dict[int, list[str]] = {}
        for _, name, tier in fits:
            tiers.setdefault(tier, []).append(name)
        return f"still fits in {self.remaining}: " + "; ".join(
            f"tier {tier} {', '.join(names)}" for tier, names in tiers.items())

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
            "warnings": [p.to_json() for p in self.warnings],
            "fits": [{"card": cid, "name": name, "tier": tier} for cid, name, tier in self.fits],
            "fits_text": self.fits_text,
        }

    def text(self) -> str:
        lines = [f"{self.name} ({self.path}): budget {self.budget}"]
        for i, t in enumerate(self.tanks, 1):
            who = f"{t.name}: {t.title}" if t.name else t.title
            tier = "?" if t.tier is None else str(t.tier)
            lines.append(f"  {i:>2}. {who:<32} tier {tier:>2}   left {t.remaining}")
        lines.append(self.verdict)
        if self.fits_text:
            lines.append(self.fits_text)
        lines.extend(f"warning: {p}" for p in self.warnings)
        lines.extend(f"error: {p}" for p in self.errors)
        lines.append("valid" if self.valid else "INVALID")
        return "\n".join(lines)


def check_army(doc: Document, cards: Mapping[str, TankCard], budget: int | None = None) -> ArmyReport:
    """Validate an army document against ``cards`` and the cards it carries
    (``cards:``, beside the file). Problems of the file or of its own cards
    raise DataError -- with every unknown card of its list beside them, so a
    structural typo does not hide the rest (issue 60.3); otherwise unknown
    cards and the budget are listed in the report."""
    pool = dict(cards)
    path = Path(doc.path)
    problems: list[Problem] = []
    army: Army | None = None
    try:
        army = validate(doc, Army)
    except DataError as exc:
        problems.extend(p for p in exc.problems if isinstance(p, Problem))
    raw = doc.data if isinstance(doc.data, dict) else {}
    own = army if army is not None else _own_cards_only(raw)
    added: list[dict[str, Any]] = []
    cards_broken = False
    if own is not None:
        try:
            added = add_army_cards(doc, own, path.parent if path.is_file() else None, pool)
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
            cards_broken = True
    if problems and army is not None:
        # the list itself is well-formed, only a card it carries is refused (an inline card
        # reusing a shipped id): the roster still comes back, the card's problems first
        # (issue 60.2); a tank of a refused card is not also "unknown"
        report = report_for(army, doc, pool, budget)
        given = raw.get("cards")
        items: list[Any] = given if isinstance(given, list) else []
        inline = {str(c.get("id")) for c in items if isinstance(c, dict)}
        files = any(isinstance(c, str) for c in items)
        report.errors = sorted(set(problems)) + [
            p for p in report.errors
            if not (cards_broken and files) and not any(f"unknown card {c!r}" in p.message for c in inline)]
        report.own_cards = added
        return report
    if problems:
        # a card of a broken card file is not "unknown": its file's problems say what is wrong
        tanks = raw.get("tanks") if not cards_broken else None
        for i, tank in enumerate(tanks if isinstance(tanks, list) else []):
            card = tank.get("card") if isinstance(tank, dict) else None
            if isinstance(card, str) and card not in pool:
                hint = did_you_mean(card, list(pool), cutoff=0.3)
                problems.append(doc.problem(("tanks", i, "card"), f"unknown card {card!r}{hint} (BT-1.2)"))
        raise DataError(sorted(set(problems)))
    assert army is not None
    report = report_for(army, doc, pool, budget)
    report.own_cards = added
    return report


def _own_cards_only(raw: Mapping[str, Any]) -> Army | None:
    """The ``cards:`` of a file that is not a valid army, so that its own cards are
    still known when its tanks are checked; ``None`` if that part is broken too."""
    items = raw.get("cards", [])
    if not isinstance(items, list) or not all(isinstance(c, (str, dict)) for c in items):
        return None
    return Army.model_construct(cards=items)


def report_for(army: Army, doc: Document, cards: Mapping[str, TankCard], budget: int | None = None) -> ArmyReport:
    report = ArmyReport(army.name, doc.path, army.budget if budget is None else budget,
                        cards=[(c.id, c.name, c.tier) for c in cards.values()], library=dict(cards))
    left = report.budget
    named: dict[str, list[int]] = {}
    for i, tank in enumerate(army.tanks):
        line, _ = doc.where(("tanks", i, "card"))
        if tank.name:
            # compared as the labels the table makes of them (Kätzchen and Katzchen are one label,
            # Kätzchen and Kötzchen two), and said as such: the first tank of that label is named
            key = name_label(tank.name)
            same = named.setdefault(key, [])
            same.append(i)
            if len(same) > 1:
                report.warnings.append(doc.problem(
                    ("tanks", i, "name"),
                    f"tanks {same[0] + 1} and {i + 1} both get the label {key!r} from their names "
                    f"({army.tanks[same[0]].name!r}, {tank.name!r}): the table tells them apart as "
                    f"{key} and {key}#{len(same)}"))
        card = cards.get(tank.card)
        if card is None:
            hint = did_you_mean(tank.card, list(cards), cutoff=0.3)
            report.errors.append(doc.problem(("tanks", i, "card"), f"unknown card {tank.card!r}{hint} (BT-1.2)"))
            report.tanks.append(TankLine(tank.card, tank.name, tank.card, None, left, line))
            continue
        left -= card.tier
        report.tanks.append(TankLine(card.id, tank.name, card.name, card.tier, left, line))
    return report
