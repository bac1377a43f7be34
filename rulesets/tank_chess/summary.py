"""One move's results in one short line (issue 27.16): a shot and what it did
to which armour, a CHECK with the shot that threatens, an ESCAPE. The step
itself is the move's own notation; ``last`` keeps every sentence in full.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.game import Event, strip_rule_ids


def summarize(events: Sequence[Event]) -> str:
    """The results among one move's ``events`` (already filtered for the reader)."""
    parts: list[str] = []
    for e in events:
        d = e.data
        if e.kind == "moved":
            continue
        if e.kind == "fired" and {"target", "at", "side", "armour", "gun"} <= set(d):
            continue  # said by the 'destroyed' or 'no-effect' that follows, with the numbers
        if e.kind == "destroyed" and {"target", "at", "side", "armour", "gun"} <= set(d):
            parts.append(f"{d['target']} {d['at']} destroyed ({d['side']} armour {d['armour']}, gun {d['gun']})")
        elif e.kind == "no-effect" and {"target", "at", "side", "armour", "gun"} <= set(d):
            parts.append(f"shot at {d['target']} {d['at']} has no effect "
                         f"({d['side']} armour {d['armour']}, gun {d['gun']})")
        elif e.kind == "check" and {"piece", "from", "shoots_from", "facing", "target"} <= set(d):
            parts.append(f"CHECK: {d['piece']} {d['from']} threatens the Command Tank on {d['target']} "
                         f"({d['piece']} {d['from']}-{d['shoots_from']}:{d['facing']} x{d['target']})")
        elif e.kind == "escape":
            parts.append("ESCAPE: the Command Tank can leave next turn")
        else:
            parts.append(strip_rule_ids(e.text))
    return "; ".join(p for p in parts if p)
