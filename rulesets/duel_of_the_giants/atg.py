"""Anti-tank guns: transport, orientation, activation, Soviet recon, overrun (DG-12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.game import Action, Event, Illegal
from rulesets.duel_of_the_giants import vp
from rulesets.duel_of_the_giants.actions import Activate, Face, Haul, T34Reveal, Tire
from rulesets.duel_of_the_giants.board import FACINGS, Pos, label
from rulesets.duel_of_the_giants.los import has_los, recon_range
from rulesets.duel_of_the_giants.pieces import Atg

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame

NAMES = {"pak88": "PAK 8.8", "pak36": "PAK 36", "bluff": "bluff"}


def flip(g: DuelGame, a: Atg, why: str) -> list[Event]:
    """Turn an ATG marker face up: real -> activated for good, bluff -> removed (DG-12.2)."""
    if a.kind == "bluff":
        del g.atgs[a.id]
        return [Event("atg", f"ATG marker at {label(a.pos)} turned up ({why}): a bluff, removed (DG-12.2)",
                      {"at": label(a.pos), "kind": "bluff"})]
    a.face_up = True
    return [Event("atg", f"ATG marker at {label(a.pos)} turned up ({why}): {NAMES[a.kind]}, activated (DG-12.4)",
                  {"at": label(a.pos), "kind": a.kind})]


def tires_in_use(g: DuelGame) -> int:
    return sum(1 for a in g.atgs.values() if a.tire is not None)


def start_phase_a(g: DuelGame) -> list[Event]:
    g.to_haul = sorted(a.id for a in g.atgs.values() if a.tire == "moving" and a.tire_round < g.round)
    return []


def remove_standing_tires(g: DuelGame) -> list[Event]:
    """DG-8.5 D5: standing tires go; those ATGs fight again from the next phase D."""
    events = []
    for a in sorted(g.atgs.values(), key=lambda a: a.id):
        if a.tire == "standing":
            a.tire = None
            events.append(Event("atg", f"tire marker removed from the ATG at {label(a.pos)} (DG-12.6)"))
    return events


def _haul_targets(g: DuelGame, a: Atg) -> set[Pos]:
    """DG-12.6 / DG-AMB-35: up to 2 hexes ignoring terrain cost, avoiding forbidden hexes."""
    geo = g.geo
    forbidden = set(g.front) | {t.pos for t in g.tanks.values()}
    forbidden |= {o.pos for o in g.atgs.values() if o is not a}
    af = g.airfield()
    if af is not None:
        forbidden.add(af)
    reach = {a.pos}
    frontier = {a.pos}
    for _ in range(g.cfg.rules.atg.transport_hexes):
        nxt = set()
        for p in frontier:
            for d in range(6):
                n = geo.neighbour.get((p, d))
                if n is None or n in forbidden or n in reach or g.tt(n).tiger_cost is None:
                    continue
                nxt.add(n)
        reach |= nxt
        frontier = nxt
    zone_any = g.cfg.rules.setup.german_zone == "anywhere"
    return {p for p in reach if zone_any or p in g.german_side}


def actions(g: DuelGame) -> list[Action]:
    me = g.to_move()
    st = g.step
    out: list[Action] = []
    mine = sorted((a for a in g.atgs.values() if a.owner == me and not a.destroyed), key=lambda a: a.id)
    if st == "A1a":
        if g.to_haul and g.atgs[g.to_haul[0]].owner == me:
            a = g.atgs[g.to_haul[0]]
            out += [Haul(a.pos, p, f) for p in sorted(_haul_targets(g, a)) for f in range(6)]
        return out
    if st == "A1b":
        if tires_in_use(g) < g.cfg.rules.atg.tire_markers:
            out += [Tire(a.pos) for a in mine if a.tire is None]
        return out
    for a in mine:
        if a.tire is not None:
            continue
        if st == "A2" and a.id not in g.faced:
            out += [Face(a.pos, f) for f in range(6) if f != a.facing]
        if not a.face_up:
            out.append(Activate(a.pos))
    return out


def check(g: DuelGame, act: Action) -> Illegal | None:
    st = g.step
    if st == "A1a":
        if not isinstance(act, Haul):
            return Illegal("DG-12.6", "now: haul FROM TO FACING for the ATG with a moving tire marker")
        a = g.atgs[g.to_haul[0]]
        if act.at != a.pos:
            return Illegal("DG-12.6", f"the ATG to move now is the one at {label(a.pos)}")
        if act.to not in _haul_targets(g, a):
            return Illegal("DG-12.6", f"the ATG at {label(a.pos)} cannot be moved to {label(act.to)}: up to "
                           f"{g.cfg.rules.atg.transport_hexes} hexes, not through front, tank, airfield, swamp "
                           "or another ATG, ending on the German side (DG-AMB-35)")
        return None
    gun = g.atg_at(getattr(act, "at", (0, 0)))
    if st == "A1b":
        if not isinstance(act, Tire):
            return Illegal("DG-12.6", "now: tire HEX to mark an ATG for transport, or end")
        if gun is None:
            return Illegal("DG-12.6", f"there is no ATG marker at {label(act.at)}")
        if gun.tire is not None:
            return Illegal("DG-12.6", f"the ATG at {label(act.at)} already carries a tire marker")
        if tires_in_use(g) >= g.cfg.rules.atg.tire_markers:
            return Illegal("DG-12.6", f"only {g.cfg.rules.atg.tire_markers} tire markers exist and both are in use")
        return None
    if not isinstance(act, (Face, Activate)) or (isinstance(act, Activate) and act.hull is not None):
        what = "face HEX FACING or activate HEX" if st == "A2" else "activate HEX"
        return Illegal("DG-8.2" if st == "A2" else "DG-8.5", f"now: {what}, or end")
    if gun is None:
        return Illegal("DG-12.2", f"there is no ATG marker at {label(act.at)}")
    if gun.owner != g.to_move():
        return Illegal("DG-21.2", f"the ATGs belong to {g.players[gun.owner]}")
    if gun.tire is not None:
        return Illegal("DG-12.6", f"the ATG at {label(act.at)} carries a tire marker: it cannot be turned or "
                       "activated (DG-AMB-36)")
    if isinstance(act, Face):
        if st != "A2":
            return Illegal("DG-12.3", "ATGs turn only in phase A (or when transported)")
        if gun.id in g.faced:
            return Illegal("DG-8.2", f"the ATG marker at {label(act.at)} has already been turned in this "
                           "step A2; each marker is turned once")
        if act.facing == gun.facing:
            return Illegal("DG-8.2", f"the ATG marker at {label(act.at)} already faces {FACINGS[act.facing]}")
        return None
    if gun.face_up:
        return Illegal("DG-12.2", f"the ATG at {label(act.at)} is already activated")
    return None


def apply(g: DuelGame, act: Action) -> list[Event]:
    if isinstance(act, Haul):
        a = g.atgs[g.to_haul.pop(0)]
        start = a.pos
        a.pos, a.facing, a.tire = act.to, act.facing, "standing"
        return [Event("atg", f"ATG marker moved {label(start)} -> {label(act.to)}, now facing "
                      f"{FACINGS[act.facing]}; its tire marker turned to standing (DG-12.6)",
                      {"from": label(start), "to": label(act.to)})]
    found = g.atg_at(getattr(act, "at", (0, 0)))
    assert found is not None
    a = found
    if isinstance(act, Tire):
        a.tire, a.tire_round = "moving", g.round
        return [Event("atg", f"moving tire marker put on the ATG at {label(a.pos)} (DG-12.6)")]
    if isinstance(act, Face):
        a.facing = act.facing
        g.faced.add(a.id)
        return [Event("atg", f"ATG marker at {label(a.pos)} turned to face {FACINGS[act.facing]} (DG-8.2 A2)")]
    return flip(g, a, "activated by the German player")


# ------------------------------------------------------------ Soviet recon
def t34_reveal_problem(g: DuelGame, at: Pos, target: Pos, any_line: bool) -> str | None:
    """DG-10.7: can the T-34 at ``at`` reveal the ATG marker at ``target``?"""
    a = g.atg_at(target)
    if a is None or a.face_up:
        return f"there is no face-down ATG marker at {label(target)}"
    if a.tire is not None:
        return "an ATG with a tire marker cannot be reconnoitred (DG-10.8)"
    geo = g.geo
    d = geo.direction(at, target)
    t = g.tank_at(at)
    if d is None:
        return f"{label(target)} is not in line with {label(at)} (DG-3.8)"
    if t is not None and not any_line and d != t.turret:
        return f"{label(target)} is not on the T-34's turret line"
    if geo.distance(at, target) > recon_range(g, at, soviet=True):
        return f"{label(target)} is beyond recon range (DG-10.2)"
    tt = g.tt(target)
    if tt.snowdrift:
        return "an ATG marker in a snowdrift cannot be reconnoitred (DG-AMB-45)"
    if tt.conceals and not geo.adjacent(at, target):
        return "an ATG marker in forest can be reconnoitred only from the next hex (DG-4.3.2)"
    if not has_los(g, at, target):
        return f"no line of sight from {label(at)} to {label(target)} (DG-16)"
    return None


def _recon_tanks(g: DuelGame) -> list[tuple[str, bool]]:
    """T-34s that may recon now, with whether their turret may turn freely."""
    me = g.to_move()
    if g.step in ("O3", "O4", "B2"):
        return [(i, False) for i in sorted(g.activated_now) if i in g.tanks and g.tanks[i].owner == me]
    if g.step == "B3" and g.active_t34 is not None:
        return [(g.active_t34, True)]
    return []


def t34_reveal_actions(g: DuelGame) -> list[Action]:
    out: list[Action] = []
    faced = [a for a in g.atgs.values() if not a.face_up]
    if not faced:
        return out
    for tid, free in _recon_tanks(g):
        t = g.tanks[tid]
        for a in faced:
            if t34_reveal_problem(g, t.pos, a.pos, free) is None:
                out.append(T34Reveal(t.pos, a.pos))
    return out


def check_t34_reveal(g: DuelGame, act: Action) -> Illegal | None:
    assert isinstance(act, T34Reveal)
    tanks = dict(_recon_tanks(g))
    t = g.tank_at(act.at)
    if t is None or t.id not in tanks:
        return Illegal("DG-10.7", f"the T-34 at {label(act.at)} cannot recon now (only directly after its "
                       "activation or during its own move)")
    why = t34_reveal_problem(g, act.at, act.target, tanks[t.id])
    if why is not None:
        return Illegal("DG-10.7", why)
    return None


def apply_t34_reveal(g: DuelGame, act: Action) -> list[Event]:
    assert isinstance(act, T34Reveal)
    t = g.tank_at(act.at)
    a = g.atg_at(act.target)
    assert t is not None and a is not None
    d = g.geo.direction(act.at, act.target)
    if d is not None:
        t.turret = d
    return flip(g, a, f"reconnoitred by T-34 #{t.number}")


# ------------------------------------------------------------ overrun
def overrun(g: DuelGame, a: Atg, origin: Pos, tank_number: int) -> tuple[bool, list[Event]]:
    """DG-15.8: returns (blocked, events) for a T-34 entering the ATG's hex from ``origin``."""
    head_on = g.geo.direction(a.pos, origin) == a.facing
    if head_on and g.cfg.rules.atg.head_on_blocks:
        events = [Event("overrun", f"the ATG marker at {label(a.pos)} points head-on at T-34 #{tank_number}: "
                        "the T-34 is stopped and stays where it is (DG-15.8, DG-AMB-18)")]
        if not a.face_up:
            events += flip(g, a, "head-on overrun")
        return True, events
    del g.atgs[a.id]
    if a.kind == "bluff":
        return False, [Event("overrun", f"T-34 #{tank_number} overruns the ATG marker at {label(a.pos)}: "
                             "a bluff, removed (DG-15.8)")]
    events = [Event("overrun", f"T-34 #{tank_number} overruns the {NAMES[a.kind]} at {label(a.pos)}: "
                    "destroyed (DG-15.8)")]
    events.append(vp.award(g, "soviet", "atg_overrun", f"{NAMES[a.kind]} overrun", "DG-19"))
    return False, events
