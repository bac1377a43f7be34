"""Victory points, the VP bar and medals (DG-6, DG-19, DG-21.3).

Every VP gain is a :class:`VPEvent`; the round's gains are compared on the
bar after phase D (DG-6.1). ``net_vp`` (positive = German ahead) is
unbounded; the bar length is only for display (DG-6.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.game import Event
from rulesets.duel_of_the_giants.pieces import VPEvent

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame


def award(g: DuelGame, side: str, key: str, why: str, rule: str) -> Event:
    """Score the VP of table entry ``key`` (DG-19) for ``side``."""
    amount = int(getattr(g.cfg.rules.vp.table, key))
    g.vp_events.append(VPEvent(side, amount, key, g.round))
    g.round_vp[side] += amount
    name = "German" if side == "german" else "Soviet"
    return Event("vp", f"{name} +{amount} VP: {why} ({rule})", {"side": side, "vp": amount, "reason": key})


def cancel(g: DuelGame, side: str, amount: int, why: str, rule: str) -> Event:
    g.vp_events.append(VPEvent(side, -amount, "cancelled", g.round))
    g.round_vp[side] -= amount
    name = "German" if side == "german" else "Soviet"
    return Event("vp", f"{name} -{amount} VP: {why} ({rule})", {"side": side, "vp": -amount})


def update_bar(g: DuelGame) -> Event:
    """DG-6.1: move the marker by the difference of the round's gains."""
    ger, sov = g.round_vp["german"], g.round_vp["soviet"]
    g.net_vp += ger - sov
    g.round_vp = {"german": 0, "soviet": 0}
    return Event(
        "vp_bar",
        f"VP bar: German {ger}, Soviet {sov} this round; {bar_standing(g.net_vp, ger - sov)} (DG-6.1)",
        {"german": ger, "soviet": sov, "net_vp": g.net_vp},
    )


def bar_standing(net: int, moved: int) -> str:
    """Where the bar stands after the round, in words (playtest: "nobody ahead by 0" read
    oddly): ``the bar stays level``, ``the bar is level again``, ``German ahead by 2``."""
    if net == 0:
        return "the bar stays level" if moved == 0 else "the bar is level again"
    return f"{'German' if net > 0 else 'Soviet'} ahead by {abs(net)}"


def totals(g: DuelGame) -> dict[str, int]:
    out = {"german": 0, "soviet": 0}
    for e in g.vp_events:
        out[e.side] += e.amount
    return out


def medal(g: DuelGame, player: int, what: str) -> list[Event]:
    """DG-21.3: medals exist only with 3 or 4 players."""
    if len(g.players) < 3:
        return []
    g.medals[player] = g.medals.get(player, 0) + 1
    return [Event("medal", f"{g.players[player]} receives a {what} (DG-21.3)", {"player": player})]


def bar_text(g: DuelGame) -> str:
    """The VP bar as text: German end on the left, Soviet on the right."""
    n = g.cfg.rules.vp.bar_length
    pos = max(-n, min(n, g.net_vp))
    cells = ["-"] * (2 * n + 1)
    cells[n - pos] = "#"
    extra = f" (+{abs(g.net_vp) - n} beyond the bar)" if abs(g.net_vp) > n else ""
    return f"VP German [{''.join(cells)}] Soviet  net {g.net_vp:+d}{extra}"
