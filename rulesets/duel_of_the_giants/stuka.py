"""The Ju 87 G Stuka: launch, flight, recon, attack from behind, landing (DG-13)."""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import TYPE_CHECKING

from core.game import Action, Event, Illegal
from rulesets.duel_of_the_giants import recon, vp
from rulesets.duel_of_the_giants.actions import Recon, StukaAction
from rulesets.duel_of_the_giants.board import FACINGS, Geometry, Pos, label, opposite

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame
    from rulesets.duel_of_the_giants.pieces import Tank


def start_d4(g: DuelGame) -> list[Event]:
    """A flight in progress starts its next flight phase (DG-13.2)."""
    s = g.stuka
    if s is None or s.state != "flying":
        return []
    s.flight_phase += 1
    s.actions_left = g.cfg.weapons.stuka.actions_per_flight_phase
    return [Event("stuka", f"Stuka flight phase {s.flight_phase} begins at {label(s.pos)} (DG-13.2)")]


def airfield_free(g: DuelGame) -> bool:
    """No tank on the airfield: a T-34 blocks it (DG-13.8), a Tiger may not share it
    with the grounded Stuka (DG-13.10), so either prevents the landing."""
    s = g.stuka
    assert s is not None
    return g.tank_at(s.airfield) is None


def actions_home(g: DuelGame) -> int:
    """The fewest flight actions (``F``, ``L``, ``R``, DG-13.3) that bring the flying
    Stuka from its hex and facing back onto the airfield."""
    s = g.stuka
    assert s is not None
    return _actions_to(g.geo, s.airfield)[(s.pos, s.facing)]


def actions_left_in_flight(g: DuelGame) -> int:
    """The flight actions the flying Stuka still has: what is left of the flight phase
    under way (none between flight phases: unused actions are lost, DG-13.3) and the
    whole of each flight phase to come (DG-13.2)."""
    s = g.stuka
    assert s is not None
    w = g.cfg.weapons.stuka
    now = s.actions_left if g.step == "D4" else 0
    return now + w.actions_per_flight_phase * (w.flight_phases - s.flight_phase)


def strikes(g: DuelGame, within: int) -> list[tuple[int, Pos, Tank]]:
    """The T-34s the Stuka can stand behind (DG-13.5) within ``within`` flight actions
    from where it is, and still fly home from with the actions its flight has left
    (DG-13.7): (actions, hex behind, T-34) for each, nearest first. Empty once its
    one attack is made."""
    s = g.stuka
    assert s is not None
    if s.attacked:
        return []
    left = actions_left_in_flight(g)
    out: list[tuple[int, Pos, Tank]] = []
    for t in g.t34s():
        rear = None if t.destroyed else attack_hex(g, t)
        need = None if rear is None else flight_actions(g, s.pos, s.facing, rear)
        if rear is not None and need is not None and need <= within and need + home_from(g, rear) <= left:
            out.append((need, rear, t))
    return sorted(out, key=lambda strike: strike[:2])


def attack_hex(g: DuelGame, t: Tank) -> Pos | None:
    """The hex behind T-34 ``t`` from which the Stuka may attack it (DG-13.5), or None
    where it may not (a forest hex, or the hex behind off the board)."""
    rear = g.geo.step(t.pos, opposite(t.hull))
    if not g.geo.on_board(rear) or not g.tt(t.pos).stuka_attack:
        return None
    return rear


def home_from(g: DuelGame, pos: Pos) -> int:
    """The fewest flight actions from ``pos`` back onto the airfield, in the facing that
    suits best (where the Stuka stands after an attack, its facing depends on the way in)."""
    s = g.stuka
    assert s is not None
    table = _actions_to(g.geo, s.airfield)
    return min(table[(pos, f)] for f in range(6))


def flight_actions(g: DuelGame, pos: Pos, facing: int, goal: Pos) -> int | None:
    """The fewest flight actions from ``pos`` facing ``facing`` into the hex ``goal``."""
    return _actions_to(g.geo, goal).get((pos, facing))


def after_action(g: DuelGame, op: str) -> tuple[Pos, int]:
    """Where the flying Stuka stands and faces after the flight action ``op`` (F, L, R)."""
    s = g.stuka
    assert s is not None
    if op == "F":
        return g.geo.step(s.pos, s.facing), s.facing
    return s.pos, (s.facing + (1 if op == "R" else -1)) % 6


@cache
def _actions_to(geo: Geometry, goal: Pos) -> dict[tuple[Pos, int], int]:
    """Flight actions from every (hex, facing) into the hex ``goal`` (the airfield, or
    the hex behind a T-34): a search backwards from it, where an ``F`` may not come
    from off the board."""
    dist = {(goal, f): 0 for f in range(6)}
    frontier = deque(dist)
    while frontier:
        p, f = frontier.popleft()
        d = dist[(p, f)] + 1
        back = geo.step(p, opposite(f))
        before = [(p, (f + 1) % 6), (p, (f - 1) % 6)]
        if geo.on_board(back):
            before.append((back, f))
        for state in before:
            if state not in dist:
                dist[state] = d
                frontier.append(state)
    return dist


def attack_problem(g: DuelGame, target: Pos) -> str | None:
    """DG-13.5: once per flight, from the hex behind a T-34 not in forest."""
    s = g.stuka
    assert s is not None
    if s.attacked:
        return "the Stuka has already made its one attack of this flight"
    t = g.tank_at(target)
    if t is None or t.is_tiger or t.destroyed:
        return f"there is no T-34 at {label(target)}"
    if g.geo.step(target, opposite(t.hull)) != s.pos:
        return (f"the Stuka attacks only from the hex directly behind the T-34 "
                f"({label(g.geo.step(target, opposite(t.hull)))}), it is at {label(s.pos)}")
    if not g.tt(target).stuka_attack:
        return "the Stuka cannot attack a T-34 in forest (DG-4.3.5)"
    return None


def actions(g: DuelGame) -> list[Action]:
    s = g.stuka
    if s is None or s.owner != g.to_move():
        return []
    if s.state == "ground":
        return [StukaAction("launch")]
    if s.state != "flying":
        return []
    out: list[Action] = []
    if s.actions_left > 0:
        if g.geo.on_board(g.geo.step(s.pos, s.facing)):
            out.append(StukaAction("F"))
        out += [StukaAction("L"), StukaAction("R")]
    for t in g.t34s():
        if attack_problem(g, t.pos) is None:
            out.append(StukaAction("attack", t.pos))
    if s.pos == s.airfield and airfield_free(g) and _may_land(g):
        out.append(StukaAction("land"))
    out += recon.actions(g)
    return out


def _may_land(g: DuelGame) -> bool:
    s = g.stuka
    assert s is not None
    if g.cfg.rules.stuka.landing == "last_flight_phase_only":
        return s.flight_phase >= g.cfg.weapons.stuka.flight_phases
    return True


def check(g: DuelGame, a: Action) -> Illegal | None:
    s = g.stuka
    if s is None:
        return Illegal("DG-13", "there is no Stuka in this game")
    if isinstance(a, Recon):
        if s.state != "flying":
            return Illegal("DG-10.4", "only a flying Stuka reconnoitres")
        return recon.check(g, a)
    if not isinstance(a, StukaAction):
        return Illegal("DG-13", "now: stuka launch|F|L|R|land, stuka attack HEX, recon HEX, or end")
    if a.op == "launch":
        if s.state != "ground":
            return Illegal("DG-13.1", "the Stuka flies only once per game" if s.state != "flying"
                           else "the Stuka is already flying")
        return None
    if s.state != "flying":
        return Illegal("DG-13.2", "the Stuka is not flying; launch it first (stuka launch)")
    if a.op in ("F", "L", "R"):
        if s.actions_left <= 0:
            return Illegal("DG-13.3", "the Stuka has no action left in this flight phase; end the phase")
        if a.op == "F" and not g.geo.on_board(g.geo.step(s.pos, s.facing)):
            return Illegal("DG-13.3", "the Stuka may not leave the board")
        return None
    if a.op == "attack":
        assert a.target is not None
        why = attack_problem(g, a.target)
        return None if why is None else Illegal("DG-13.5", why)
    if a.op == "land":
        if s.pos != s.airfield:
            return Illegal("DG-13.6", f"the Stuka lands only on the airfield ({label(s.airfield)})")
        if not airfield_free(g):
            return Illegal("DG-13.8", "a tank blocks the airfield (a T-34: DG-13.8; a Tiger: DG-13.10)")
        if not _may_land(g):
            return Illegal("DG-13.6", "landing only in the last flight phase (stuka.landing)")
        return None
    return Illegal("DG-13", f"unknown Stuka action {a.op}")


def apply(g: DuelGame, a: Action) -> list[Event]:
    s = g.stuka
    assert s is not None
    if isinstance(a, Recon):
        return recon.apply(g, a)
    assert isinstance(a, StukaAction)
    if a.op == "launch":
        s.state, s.flight_phase = "flying", 1
        s.actions_left = g.cfg.weapons.stuka.actions_per_flight_phase
        s.pos = s.airfield
        return [Event("stuka", f"the Stuka takes off from {label(s.airfield)} facing {FACINGS[s.facing]}; "
                      "flight phase 1 of 4 (DG-13.2)")]
    if a.op in ("F", "L", "R"):
        s.actions_left -= 1
        if a.op == "F":
            origin, s.pos = s.pos, g.geo.step(s.pos, s.facing)
            return [Event("stuka", f"Stuka flies to {label(s.pos)} ({s.actions_left} action(s) left)",
                          {"from": label(origin), "to": label(s.pos)})]
        s.facing = (s.facing + (1 if a.op == "R" else -1)) % 6
        return [Event("stuka", f"Stuka turns to {FACINGS[s.facing]} ({s.actions_left} action(s) left)",
                      {"at": label(s.pos), "hull": FACINGS[s.facing]})]
    if a.op == "attack":
        assert a.target is not None
        t = g.tank_at(a.target)
        assert t is not None
        s.attacked = True
        from rulesets.duel_of_the_giants.combat import destroy_t34

        events = [Event("stuka", f"the Stuka attacks T-34 #{t.number} at {label(t.pos)} from behind: "
                        "destroyed (DG-13.5)", {"at": label(t.pos)})]
        events += destroy_t34(g, t, "the Stuka", remove=True)
        return events
    # land
    s.state = "landed"
    s.pos = s.airfield
    return [Event("stuka", f"the Stuka lands on the airfield at {label(s.airfield)}; its flight is over (DG-13.6)")]


def end_flight_phase(g: DuelGame) -> list[Event]:
    """End of a flight phase; after the fourth the Stuka lands or force-lands (DG-13.6/13.7)."""
    s = g.stuka
    assert s is not None
    if s.flight_phase < g.cfg.weapons.stuka.flight_phases:
        return [Event("stuka", f"Stuka flight phase {s.flight_phase} ends at {label(s.pos)}")]
    if s.pos == s.airfield and airfield_free(g):
        s.state = "landed"
        return [Event("stuka", "the Stuka lands on the airfield at the end of its fourth flight phase (DG-13.6)")]
    s.state = "forced"
    why = "a tank blocks the airfield (DG-13.8)" if s.pos == s.airfield else "it did not reach the airfield"
    return [Event("stuka", f"the Stuka makes a forced landing: {why} (DG-13.7)"),
            vp.award(g, "soviet", "stuka_forced_landing", "Stuka forced landing", "DG-13.7")]
