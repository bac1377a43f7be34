"""One decision's results in one short line (issue 27.16): the terminal shows it
before the next prompt, and ``last`` keeps every roll's full sentence.

A volley is the shooter, the target, every to-hit die with the number it
needed, the hits, what each penetration die did and the target's hit points
after it: ``lynx -> e25#1: 3 1 6 6 4 (need 4) 3 hits: bounced, T -30, K track;
e25#1 720 HP``. Recon and repair rolls show the die and the need; an order
and a drawn chit say nothing the move's own line does not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from core.game import Event, strip_rule_ids

QUIET = frozenset({"order", "chit", "round_end", "ambush_set", "repair"})
"""Events the move's own line already says (the order, the chit drawn), or that report no die
(a sound track needs no repair roll, BT-5.3)."""


@dataclass
class Volley:
    """The shots of one shooter at one target, in the order they were rolled."""

    shooter: str
    target: str
    rolls: list[int] = field(default_factory=list)
    need: int = 0
    hits: int = 0
    effects: list[str] = field(default_factory=list)
    hp: int | None = None
    destroyed: bool = False

    def text(self) -> str:
        hits = f"{self.hits} hit{'s' if self.hits != 1 else ''}"
        line = f"{self.shooter} -> {self.target}: {' '.join(map(str, self.rolls))} (need {self.need}) {hits}"
        if self.effects:
            line += ": " + ", ".join(self.effects)
        if self.destroyed:
            line += f"; {self.target} destroyed"
        elif self.hp is not None:
            line += f"; {self.target} {self.hp} HP"
        return line


def summarize(events: Sequence[Event], label: Callable[[str], str]) -> str:
    """The results of one decision's ``events``; ``label`` names a tank by its key."""
    parts: list[str] = []
    volley: Volley | None = None
    spots: list[str] = []
    wasted = 0
    minor: set[str] = set()
    """Parts that are no result of their own (no target in sight)."""

    def close() -> None:
        nonlocal volley, spots
        if volley is not None:
            parts.append(volley.text())
            volley = None
        if spots:
            parts.append("spots " + ", ".join(spots))
            spots = []

    for e in events:
        d = e.data
        if e.kind in QUIET:
            continue
        if e.kind == "roll" and "shooter" in d:
            shooter, target = label(str(d["shooter"])), label(str(d["target"]))
            if volley is None or (volley.shooter, volley.target) != (shooter, target):
                close()
                volley = Volley(shooter, target)
            volley.rolls.append(int(d["roll"]))
            volley.need = int(d["need"])
            volley.hits += bool(d["hit"])
        elif e.kind == "penetration" and volley is not None:
            face = str(d.get("face", "?"))
            if "damage" in d:
                volley.effects.append(f"{face} -{d['damage']}")
                volley.hp = int(d["hp"])
            elif face == "blank":
                volley.effects.append("bounced")
            elif face == "K" and "track" in e.text:  # a turret-only shot's K does nothing (BT-6.6)
                volley.effects.append("K track")
            else:
                volley.effects.append(f"{face} no effect")
        elif e.kind == "destroyed" and volley is not None and label(str(d.get("tank", ""))) == volley.target:
            volley.destroyed = True
        elif e.kind == "wasted":
            wasted += 1
        elif e.kind == "roll" and "success" in d and "spots" in e.text:
            spots.append(f"{label(str(d['tank']))} ({d['roll']}, need {d['need']}: "
                         f"{'yes' if d['success'] else 'no'})")
        elif e.kind == "spotted":
            spots.append(f"{label(str(d.get('tank', '')))} (in the open)")
        elif e.kind == "roll" and "success" in d:  # the repair roll (BT-5.3)
            close()
            parts.append(f"repair {d['roll']} (need {d['need']}): {'repaired' if d['success'] else 'fails'}")
        elif e.kind == "moved":
            close()
            # "t34#1 drives 20.0 cm": the point is the move's own, the tank is not (issue 59.4:
            # a folded screen of the computer's moves still says which tank drove where)
            text = e.text.split(" to ", 1)[0]
            if not parts or parts[-1].split(" drives ")[0] != text.split(" drives ")[0]:
                parts.append(text)
            else:  # the next segment of the same drive: one sum
                parts[-1] = _joined(parts[-1], text)
        elif e.kind == "no_target":
            close()
            parts.append(strip_rule_ids(e.text))
            minor.add(parts[-1])
        elif e.kind == "round":
            close()
            parts.append(f"round {d.get('round', '')} begins".replace("  ", " "))
        else:
            close()
            parts.append(strip_rule_ids(e.text))
    close()
    if wasted:
        parts.append(f"{wasted} shot{'s' if wasted != 1 else ''} lost (target already destroyed)")
    if all(p in minor for p in parts):
        return ""  # nothing to fire at: the move's own line says what matters
    return "; ".join(p for p in parts if p)


def _joined(first: str, then: str) -> str:
    """``t34#1 drives 26.0 cm`` and ``t34#1 drives 19.1 cm`` as ``t34#1 drives 45.1 cm``."""
    try:
        total = float(first.split(" drives ")[1].split()[0]) + float(then.split(" drives ")[1].split()[0])
    except (IndexError, ValueError):
        return f"{first}, {then}"
    return f"{first.split(' drives ')[0]} drives {total:.1f} cm"
