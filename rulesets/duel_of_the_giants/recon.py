"""German recon of tank markers with Tigers, activated ATGs and the Stuka (DG-10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.game import Action, Event, Illegal
from rulesets.duel_of_the_giants.actions import Recon
from rulesets.duel_of_the_giants.board import Pos, label
from rulesets.duel_of_the_giants.los import sees_marker
from rulesets.duel_of_the_giants.markers import covered, reveal

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame


def observers(g: DuelGame) -> list[tuple[str, Pos, int]]:
    """(name, hex, barrel) of the German units of the player to move that may recon now."""
    me = g.to_move()
    out: list[tuple[str, Pos, int]] = []
    for t in g.tigers():
        if t.owner == me:
            out.append((f"Tiger {t.number}", t.pos, t.turret))
    if g.step == "A3":
        for a in sorted(g.atgs.values(), key=lambda a: a.id):
            if a.owner == me and a.face_up and a.tire is None and not a.destroyed:
                out.append((f"the ATG at {label(a.pos)}", a.pos, a.facing))
    return out


def stuka_sees(g: DuelGame, p: Pos) -> bool:
    """DG-10.4: own hex and the six around it, no LOS; forest per DG-AMB-32."""
    s = g.stuka
    if s is None or s.state != "flying":
        return False
    if g.geo.distance(s.pos, p) > g.cfg.weapons.stuka.recon_radius:
        return False
    t = g.tt(p)
    if t.snowdrift:
        return False
    return t.marker_recon or (g.cfg.rules.stuka.recon_forest and t.blocks_los)


def who_sees(g: DuelGame, p: Pos) -> str | None:
    if g.step == "D4":
        return "the Stuka" if stuka_sees(g, p) else None
    for name, pos, barrel in observers(g):
        if sees_marker(g, pos, barrel, p):
            return name
    return None


def actions(g: DuelGame) -> list[Action]:
    """A recon of every uncovered marker someone of the player to move sees (:func:`who_sees`;
    the observers are listed once for all markers, not once per marker)."""
    out: list[Action] = []
    stuka = g.step == "D4"
    units = [] if stuka else observers(g)
    for m in sorted(g.markers.values(), key=lambda m: m.id):
        if covered(g, m):
            continue
        p = m.pos
        if stuka_sees(g, p) if stuka else any(sees_marker(g, pos, barrel, p) for _, pos, barrel in units):
            out.append(Recon(p))
    return out


def check(g: DuelGame, a: Action) -> Illegal | None:
    if not isinstance(a, Recon):
        return Illegal("DG-10.1", "now: recon HEX to reveal a tank marker, or end")
    m = g.marker_at(a.target)
    if m is None:
        return Illegal("DG-10.2", f"there is no face-down tank marker at {label(a.target)}")
    if covered(g, m):
        return Illegal("DG-9.4", f"the marker at {label(a.target)} is covered by a T-34 (DG-AMB-22)")
    if who_sees(g, a.target) is None:
        t = g.tt(a.target)
        if not t.marker_recon:
            return Illegal("DG-4.3.6", f"markers in {g.terrain.get(a.target, 'this terrain').replace('_', ' ')} "
                           f"cannot be reconnoitred ({label(a.target)})")
        if g.step == "D4":
            return Illegal("DG-10.4", f"{label(a.target)} is not in or next to the Stuka's hex")
        return Illegal("DG-10.2", f"no unit of yours has {label(a.target)} on its barrel line within "
                       "2 hexes (3 from high ground) with line of sight")
    return None


def apply(g: DuelGame, a: Action) -> list[Event]:
    assert isinstance(a, Recon)
    m = g.marker_at(a.target)
    assert m is not None
    who = who_sees(g, a.target) or "recon"
    return reveal(g, m, who)


def recon_note(g: DuelGame, target: Pos) -> str:
    """The note ``moves`` shows beside a recon (issue 59.3): who turns which marker face up
    and what may come of it, as the German player knows it (a marker may hide a T-34 or
    be a bluff, DG-24)."""
    who = who_sees(g, target)
    by = f"{who} turns" if who is not None else "turns"
    return (f"{by} the tank marker at {label(target)} face up: a T-34 is placed there and the "
            "Soviet player sets its facings, a bluff is removed (DG-10.6)")


def t34_recon_note(g: DuelGame, at: Pos, target: Pos) -> str:
    """The note beside a T-34's recon of an ATG marker (``g4 reveal d4``, DG-10.7), as the
    Soviet player knows it: the marker may be a gun or a bluff (DG-24)."""
    t = g.tank_at(at)
    by = f"T-34 #{t.number} turns" if t is not None and not t.is_tiger else "turns"
    return (f"{by} the ATG marker at {label(target)} face up: a real gun stays face up, activated, "
            "and may be shot at; a bluff is removed (DG-10.7)")

