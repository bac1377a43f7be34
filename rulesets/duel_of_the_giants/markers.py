"""Soviet tank markers: movement, forced reveal, activation, reveal (DG-9, DG-10.6)."""

from __future__ import annotations

from collections.abc import Iterator, Set
from typing import TYPE_CHECKING

from core.game import Action, Event, Illegal
from rulesets.duel_of_the_giants.actions import Activate, MoveMarker, Orient
from rulesets.duel_of_the_giants.board import FACINGS, Pos, label
from rulesets.duel_of_the_giants.los import sees_marker
from rulesets.duel_of_the_giants.pieces import Drift, Marker, Tank

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame


# ------------------------------------------------------------ reveal/activate
def first_b(g: DuelGame) -> int:
    """DG-9.8: the first phase B in which a T-34 activated now may move."""
    if g.cfg.rules.t34.first_move == "next_round":
        return max(g.round, 1) + 1
    return g.b_started + 1


def make_t34(g: DuelGame, m: Marker, hull: int, turret: int) -> Tank:
    """Replace a wheel marker by a T-34 in the same hex (DG-9.7, DG-10.6).

    It takes the next number of ``t34_count`` (the T-34s activated so far), and never
    one a T-34 on the board has: that one would be replaced without a word (issue 61.3).
    """
    del g.markers[m.id]
    g.t34_count = max(g.t34_count, *(t.number for t in g.tanks.values() if not t.is_tiger), 0) + 1
    t = Tank(f"t34-{g.t34_count}", "soviet", m.owner, m.pos, hull, turret,
             first_b=first_b(g), number=g.t34_count)
    g.tanks[t.id] = t
    g.activated_now.add(t.id)
    if g.tt(m.pos).snowdrift:
        g.drifts[m.pos] = Drift(1, g.phase_seq, t.id)  # DG-AMB-45: timer from activation
    return t


def reveal(g: DuelGame, m: Marker, why: str) -> list[Event]:
    """DG-10.6: wheel -> a T-34 whose owner sets hull and turret; bluff -> removed."""
    if m.wheel:
        hull = 4  # provisional: west, until the owner orients it
        t = make_t34(g, m, hull, hull)
        g.pending_orient.append(t.id)
        return [Event("reveal", f"tank marker at {label(m.pos)} revealed by {why}: a T-34 (T-34 #{t.number}) "
                      "is activated (DG-10.6)", {"at": label(m.pos), "wheel": True})]
    del g.markers[m.id]
    return [Event("reveal", f"tank marker at {label(m.pos)} revealed by {why}: a bluff, removed (DG-10.6)",
                  {"at": label(m.pos), "wheel": False})]


def opening_minimum_met(g: DuelGame) -> bool:
    """DG-8.1 O3: at least one T-34 must be active at the end of O3 (DG-AMB-49)."""
    need = g.cfg.rules.t34.opening_minimum_activations
    return sum(1 for t in g.t34s()) >= need


def covered(g: DuelGame, m: Marker) -> bool:
    """DG-9.4 / DG-AMB-22: a marker under a T-34 cannot be revealed or activated."""
    return g.cfg.rules.markers.covered and g.tank_at(m.pos) is not None


def has_uncovered(g: DuelGame) -> bool:
    """Does the player to move own a face-down marker that is not covered (public facts)?"""
    me = g.to_move()
    return any(m.owner == me and not covered(g, m) for m in g.markers.values())


def activate_actions(g: DuelGame) -> list[Action]:
    me = g.to_move()
    out: list[Action] = []
    for m in sorted(g.markers.values(), key=lambda m: m.id):
        if m.owner == me and m.wheel and not covered(g, m):
            out += [Activate(m.pos, h, t) for h in range(6) for t in range(6)]
    return out


def check_activate(g: DuelGame, a: Action) -> Illegal | None:
    if not isinstance(a, Activate):
        return Illegal("DG-9.7", "now: activate HEX HULL TURRET (a wheel marker), HEX reveal HEX, or end")
    if a.hull is None or a.turret is None:
        return Illegal("DG-9.7", "give the new T-34's hull and turret: activate g3 W NW")
    m = g.marker_at(a.at)
    if m is None:
        return Illegal("DG-9.7", f"there is no face-down tank marker at {label(a.at)}")
    if m.owner != g.to_move():
        return Illegal("DG-21.2", f"the marker at {label(a.at)} belongs to {g.players[m.owner]}")
    if not m.wheel:
        return Illegal("DG-9.7", f"the marker at {label(a.at)} is a bluff; only wheel markers hide a T-34")
    if covered(g, m):
        return Illegal("DG-9.4", f"the marker at {label(a.at)} is covered by a T-34 and cannot be activated (DG-AMB-22)")
    return None


def apply_activate(g: DuelGame, a: Action) -> list[Event]:
    assert isinstance(a, Activate) and a.hull is not None and a.turret is not None
    m = g.marker_at(a.at)
    assert m is not None
    t = make_t34(g, m, a.hull, a.turret)
    return [Event("activate", f"Soviet activates the marker at {label(a.at)}: T-34 #{t.number}, hull "
                  f"{FACINGS[a.hull]}, turret {FACINGS[a.turret]} (DG-9.7)", {"at": label(a.at)})]


def orient_actions(g: DuelGame) -> list[Action]:
    t = g.tanks[g.pending_orient[0]]
    return [Orient(t.pos, h, r) for h in range(6) for r in range(6)]


def check_orient(g: DuelGame, a: Action) -> Illegal | None:
    t = g.tanks[g.pending_orient[0]]
    if not isinstance(a, Orient):
        return Illegal("DG-10.6", f"first set hull and turret of the revealed T-34: orient {label(t.pos)} HULL TURRET")
    if a.at != t.pos:
        return Illegal("DG-10.6", f"the revealed T-34 to orient is at {label(t.pos)}")
    return None


def apply_orient(g: DuelGame, a: Action) -> list[Event]:
    assert isinstance(a, Orient)
    t = g.tanks[g.pending_orient.pop(0)]
    t.hull, t.turret = a.hull, a.turret
    return [Event("orient", f"T-34 #{t.number} at {label(t.pos)}: hull {FACINGS[a.hull]}, "
                  f"turret {FACINGS[a.turret]} (DG-10.6)")]


# ------------------------------------------------------------ movement
def _blocked(g: DuelGame) -> dict[Pos, str]:
    """Hexes a marker may not enter, with the reason (DG-9.5, DG-AMB-21)."""
    out: dict[Pos, str] = {}
    which = set(g.cfg.rules.markers.move_blockers)
    if "front" in which:
        for p in g.front:
            out[p] = "a front hex"
    if "mine" in which:
        for m in g.mines.values():
            out[m.pos] = "a hex with a mine marker (minefield)"
    if "tank" in which:
        for t in g.tanks.values():
            out[t.pos] = "a hex with a tank"
    if "atg" in which:
        for a in g.atgs.values():
            out[a.pos] = "a hex with an ATG marker"
    af = g.airfield()
    if af is not None and "airfield" in which:
        out[af] = "the airfield"
    return out


def _step_problem(g: DuelGame, p: Pos, blocked: dict[Pos, str]) -> str | None:
    if not g.geo.on_board(p):
        return "off the board"
    if p in blocked:
        return blocked[p]
    if not g.tt(p).marker_enter:
        return f"{g.terrain.get(p, 'steppe').replace('_', ' ')}; markers move only over steppe and forest"
    if p not in g.soviet_side and "leave_soviet_side" in g.cfg.rules.markers.move_blockers:
        return "not on the Soviet side"
    return None


def check_move(g: DuelGame, a: Action) -> Illegal | None:
    if not isinstance(a, MoveMarker):
        return Illegal("DG-9.5", "now: marker HEX-HEX[-HEX] to move a tank marker, or end")
    rules = g.cfg.rules.markers
    if len(g.moved_markers) >= rules.moves_per_phase:
        return Illegal("DG-9.5", f"at most {rules.moves_per_phase} markers may be moved in this phase")
    m = g.marker_at(a.path[0])
    if m is None:
        return Illegal("DG-9.5", f"there is no face-down tank marker at {label(a.path[0])}")
    if m.owner != g.to_move():
        return Illegal("DG-21.2", f"the marker at {label(a.path[0])} belongs to {g.players[m.owner]}")
    if m.id in g.moved_markers:
        return Illegal("DG-9.5", f"the marker at {label(a.path[0])} has already moved in this phase")
    steps = len(a.path) - 1
    if steps > rules.hexes_per_move:
        return Illegal("DG-9.5", f"a marker moves at most {rules.hexes_per_move} hexes")
    blocked = _blocked(g)
    for prev, p in zip(a.path, a.path[1:], strict=False):
        if not g.geo.on_board(p) or not g.geo.adjacent(prev, p):
            return Illegal("DG-9.5", f"a marker moves hex by hex: {label(p)} is not next to {label(prev)}")
        why = _step_problem(g, p, blocked)
        if why is not None:
            rule = "DG-4.5.4" if "markers move only" in why else "DG-9.5"
            return Illegal(rule, f"the marker cannot enter {label(p)}: {why} (DG-9.5)")
    other = g.marker_at(a.path[-1])
    if other is not None and other is not m:
        return Illegal("DG-9.5", f"a marker may pass over other markers but not end on one ({label(a.path[-1])})")
    if a.path[-1] == a.path[0]:
        return Illegal("DG-9.5", "the marker must end in another hex")
    return None


def move_actions(g: DuelGame) -> list[Action]:
    """Every marker move of the player to move (DG-9.5): each path of one or two hexes
    through enterable hexes, not crossing itself, ending off any other marker."""
    return list(_moves(g))


def has_move(g: DuelGame) -> bool:
    """Whether :func:`move_actions` is not empty, found without listing them all
    (the game asks it after every action to know whether the decision is due)."""
    return next(_moves(g), None) is not None


def _open_hexes(g: DuelGame) -> Set[Pos]:
    """The hexes :func:`_step_problem` lets a marker enter (on the board, not blocked,
    of terrain markers enter, on the Soviet side where the rules ask it), worked out
    with set operations: the base terrain covers most of the board, so only the hexes
    of other terrain are looked at one by one."""
    hexes = g.geo.hex_set
    if "leave_soviet_side" in g.cfg.rules.markers.move_blockers:
        hexes = hexes & g.soviet_side
    types = g.cfg.terrain
    if types[g.base_terrain].marker_enter:
        closed = {p for p, kind in g.terrain.items() if not types[kind].marker_enter}
        return hexes - closed - _blocked(g).keys()
    entered = {p for p, kind in g.terrain.items() if types[kind].marker_enter}
    return (hexes & entered) - _blocked(g).keys()


def _moves(g: DuelGame) -> Iterator[MoveMarker]:
    """The moves of :func:`move_actions`, in its order, one at a time."""
    rules = g.cfg.rules.markers
    if len(g.moved_markers) >= rules.moves_per_phase:
        return
    me = g.to_move()
    occupied = {m.pos for m in g.markers.values()}
    open_hexes = _open_hexes(g)
    around = g.geo.around
    for m in sorted(g.markers.values(), key=lambda m: m.id):
        if m.owner != me or m.id in g.moved_markers:
            continue
        frontier: list[tuple[Pos, ...]] = [(m.pos,)]
        for _ in range(rules.hexes_per_move):
            nxt = []
            for path in frontier:
                for p in around[path[-1]]:
                    if p in path or p not in open_hexes:
                        continue
                    newp = (*path, p)
                    nxt.append(newp)
                    if p not in occupied:
                        yield MoveMarker(newp)
            frontier = nxt


def forced_observer(g: DuelGame, p: Pos) -> str | None:
    """DG-9.6: who sees a moving marker at ``p`` (Tiger, activated ATG, flying Stuka)."""
    for t in g.tigers():
        if sees_marker(g, t.pos, t.turret, p, forced=True):
            return f"Tiger {t.number}"
    for a in g.atgs.values():
        if a.face_up and a.tire is None and not a.destroyed and sees_marker(g, a.pos, a.facing, p, forced=True):
            return f"the ATG at {label(a.pos)}"
    s = g.stuka
    if s is not None and s.state == "flying" and g.geo.distance(s.pos, p) <= g.cfg.weapons.stuka.recon_radius:
        return "the flying Stuka"
    return None


def apply_move(g: DuelGame, a: Action) -> list[Event]:
    assert isinstance(a, MoveMarker)
    m = g.marker_at(a.path[0])
    assert m is not None
    g.moved_markers.append(m.id)
    start = m.pos
    for p in a.path[1:]:
        m.pos = p
        who = forced_observer(g, p)
        if who is not None:
            events = [Event("marker", f"Soviet moves the marker at {label(start)} to {label(p)}: it comes "
                            f"into view of {who}, is revealed at once and stops there (DG-9.6, DG-AMB-48)",
                            {"from": label(start), "to": label(p)})]
            return events + reveal(g, m, who)
    return [Event("marker", f"Soviet moves the marker at {label(start)} to {label(m.pos)} "
                  f"via {'-'.join(label(x) for x in a.path)} (DG-9.5)")]
