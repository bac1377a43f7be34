"""T-34 movement in phase B3: MAs, dash, overruns, mines, exits (DG-15, DG-14)."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from core.game import Action, Event, Illegal
from rulesets.duel_of_the_giants import atg, mines, vp
from rulesets.duel_of_the_giants.actions import T34Dash, T34Goto, T34Reveal, T34Step, T34Turret
from rulesets.duel_of_the_giants.board import FACINGS, Pos, label, opposite
from rulesets.duel_of_the_giants.pieces import Drift, Tank

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame

OPS = ("F", "B", "L", "R")


def full_ma(g: DuelGame) -> int:
    mv = g.cfg.weapons.t34.movement
    assert mv is not None
    return mv.summer if g.cfg.season == "summer" else mv.winter


def eligible(g: DuelGame, t: Tank) -> bool:
    """DG-9.8: may this T-34 move in the current phase B?"""
    return (not t.is_tiger and not t.destroyed and t.first_b <= g.b_started
            and t.id not in g.t34_done and t.owner == g.to_move())


def _ctx(g: DuelGame, t: Tank) -> tuple[int, bool, bool]:
    """(MA left, stopped, started) for ``t`` as if it were (or became) the moving tank."""
    if g.active_t34 == t.id:
        return g.ma_left, g.t34_stopped, g.t34_started
    return full_ma(g), False, False


def entry_cost(g: DuelGame, p: Pos) -> int:
    cost = g.tt(p).t34_cost
    if p in g.front:
        cost += g.cfg.front.t34_extra_cost
    return cost


def _dest(g: DuelGame, t: Tank, op: str) -> Pos:
    return g.geo.step(t.pos, t.hull if op == "F" else opposite(t.hull))


def _is_exit(g: DuelGame, t: Tank, dest: Pos) -> bool:
    """DG-15.9 / DG-AMB-47: only across the west edge, after breaking through."""
    return dest[0] < 1 and 1 <= dest[1] <= g.geo.rows and t.pos in g.german_side


def _select(g: DuelGame, t: Tank) -> None:
    if g.active_t34 != t.id:
        if g.active_t34 is not None:
            g.t34_done.add(g.active_t34)  # DG-15.4: its move is final now
        g.active_t34 = t.id
        g.ma_left, g.t34_stopped, g.t34_started = full_ma(g), False, False
        g.turret_set = False


def turret_problem(g: DuelGame, t: Tank, facing: int) -> Illegal | None:
    """DG-15.6: the turret is set once before the tank's first action, once after each
    action and once at the end -- never twice with nothing between (a free setting
    repeated for ever would be a decision without progress)."""
    if facing == t.turret:
        return Illegal("DG-15.6", f"the turret of T-34 #{t.number} already points {FACINGS[facing]}")
    if g.active_t34 == t.id and g.turret_set:
        return Illegal("DG-15.6", f"T-34 #{t.number} has just set its turret; it may set it again after its "
                       "next action (a move, a turn or a recon)")
    return None


def _tank(g: DuelGame, at: Pos) -> tuple[Tank | None, Illegal | None]:
    t = g.tank_at(at)
    if t is None or t.is_tiger:
        return None, Illegal("DG-15", f"there is no T-34 at {label(at)}")
    if t.owner != g.to_move():
        return None, Illegal("DG-21.2", f"the T-34 at {label(at)} belongs to {g.players[t.owner]}")
    if t.first_b > g.b_started:
        return None, Illegal("DG-9.8", f"T-34 #{t.number} was activated after this phase B began; "
                             "it moves from the next phase B")
    if t.id in g.t34_done:
        return None, Illegal("DG-15.4", f"T-34 #{t.number} has finished moving: another tank has moved since")
    return t, None


def check(g: DuelGame, a: Action) -> Illegal | None:
    if not isinstance(a, (T34Step, T34Turret, T34Dash, T34Goto, T34Reveal)):
        return Illegal("DG-15", "now: move a T-34 (g4 F|B|L|R, g4 T NW, g4 dash N, g4 to HEX, "
                       "g4 reveal HEX) or end")
    t, bad = _tank(g, a.at)
    if bad is not None or t is None:
        return bad
    ma, stopped, started = _ctx(g, t)
    if isinstance(a, T34Turret):
        return turret_problem(g, t, a.facing)  # DG-15.6: free, also after a mine or a dash
    if isinstance(a, T34Reveal):
        why = atg.t34_reveal_problem(g, t.pos, a.target, any_line=True)
        return None if why is None else Illegal("DG-10.7", why)
    if stopped:
        return Illegal("DG-15.4", f"T-34 #{t.number} has stopped (mine, head-on ATG or dash); "
                       "only its turret may still turn")
    if isinstance(a, T34Step):
        return _check_step(g, t, a.op, ma)
    if isinstance(a, T34Dash):
        return _check_dash(g, t, a.length, started)
    if plan(g, t, a.target, ma) is None:
        return Illegal("DG-15.3", f"T-34 #{t.number} cannot reach {label(a.target)} with {ma} MA")
    return None


def _check_step(g: DuelGame, t: Tank, op: str, ma: int) -> Illegal | None:
    if op in ("L", "R"):
        if ma < 1:
            return Illegal("DG-15.3", f"turning costs 1 MA; T-34 #{t.number} has none left")
        return None
    dest = _dest(g, t, op)
    if not g.geo.on_board(dest):
        if _is_exit(g, t, dest):
            return None if ma >= 1 else Illegal("DG-15.3", "leaving the board costs 1 MA; none left")
        return Illegal("DG-15.9", "a T-34 may leave the board only across the German (west) edge after "
                       "breaking through the front (DG-AMB-47)")
    cost = entry_cost(g, dest)
    if cost > ma:
        parts = f"{g.tt(dest).t34_cost} terrain" + (" + 1 front element" if dest in g.front else "")
        return Illegal("DG-15.3", f"entering {label(dest)} costs {cost} MA ({parts}); T-34 #{t.number} "
                       f"has {ma} left")
    if g.tank_at(dest) is not None:
        return Illegal("DG-15.7", f"{label(dest)} is occupied by a tank")
    return None


def _dash_problem(g: DuelGame, p: Pos) -> str | None:
    if not g.geo.on_board(p):
        return "the dash may not leave the board"
    if not g.tt(p).dash:
        return f"{label(p)} is not steppe"
    if p in g.front:
        return f"{label(p)} holds a front element"
    if g.tank_at(p) is not None:
        return f"{label(p)} holds a tank"
    if g.atg_at(p) is not None or g.mine_at(p) is not None or p == g.airfield():
        return f"{label(p)} holds a German unit or marker"
    return None


def _check_dash(g: DuelGame, t: Tank, n: int, started: bool) -> Illegal | None:
    limit = g.cfg.weapons.t34.dash or 5
    if started:
        return Illegal("DG-15.5", "the dash replaces the normal move; this T-34 has already used MAs (DG-AMB-17)")
    if not 1 <= n <= limit:
        return Illegal("DG-15.5", f"a dash is 1 to {limit} hexes straight forward")
    p = t.pos
    for _ in range(n):
        p = g.geo.step(p, t.hull)
        why = _dash_problem(g, p)
        if why is not None:
            return Illegal("DG-15.5", f"dash blocked: {why}")
    return None


def has_action(g: DuelGame) -> bool:
    """Cheap: does some T-34 certainly have an action in B3 (a turret it may still set)?"""
    return any(eligible(g, t) and (g.active_t34 != t.id or not g.turret_set) for t in g.t34s())


def actions(g: DuelGame) -> list[Action]:
    out: list[Action] = []
    for t in g.t34s():
        if not eligible(g, t):
            continue
        ma, stopped, started = _ctx(g, t)
        if not stopped:
            for op in OPS:
                if _check_step(g, t, op, ma) is None:
                    out.append(T34Step(t.pos, op))
            if not started:  # each length of dash while the hexes ahead stay clear (_check_dash)
                p = t.pos
                for n in range(1, (g.cfg.weapons.t34.dash or 5) + 1):
                    p = g.geo.step(p, t.hull)
                    if _dash_problem(g, p) is not None:
                        break
                    out.append(T34Dash(t.pos, n))
        if g.active_t34 != t.id or not g.turret_set:
            out += [T34Turret(t.pos, f) for f in range(6) if f != t.turret]
        for a in g.atgs.values():
            if not a.face_up and atg.t34_reveal_problem(g, t.pos, a.pos, any_line=True) is None:
                out.append(T34Reveal(t.pos, a.pos))
    return out


def apply(g: DuelGame, a: Action) -> list[Event]:
    assert isinstance(a, (T34Step, T34Turret, T34Dash, T34Goto, T34Reveal))
    t = g.tank_at(a.at)
    assert t is not None
    _select(g, t)
    g.turret_set = isinstance(a, T34Turret)
    if isinstance(a, T34Turret):
        t.turret = a.facing
        return [Event("t34", f"T-34 #{t.number} at {label(t.pos)} turns its turret to {FACINGS[a.facing]} (DG-15.6)",
                      {"at": label(t.pos), "turret": FACINGS[a.facing]})]
    if isinstance(a, T34Reveal):
        return atg.apply_t34_reveal(g, a)
    if isinstance(a, T34Step):
        return step(g, t, a.op)
    if isinstance(a, T34Dash):
        return dash(g, t, a.length)
    assert isinstance(a, T34Goto)
    route = plan(g, t, a.target, g.ma_left) or []
    events: list[Event] = []
    for op in route:
        if g.t34_stopped or t.id not in g.tanks or _check_step(g, t, op, g.ma_left) is not None:
            break
        events += step(g, t, op)
    return events


def _leave(g: DuelGame, t: Tank, origin: Pos) -> list[Event]:
    """DG-23.5: a tank driving out of a snowdrift removes it."""
    if g.tt(origin).snowdrift:
        g.terrain.pop(origin, None)
        g.drifts.pop(origin, None)
        return [Event("drift", f"the snowdrift at {label(origin)} is removed: a tank drove out (DG-23.5)")]
    return []


def _enter(g: DuelGame, t: Tank, dest: Pos) -> list[Event]:
    """Front removal, airfield and snowdrift effects of a tank entering ``dest``."""
    events: list[Event] = []
    if dest in g.front and (g.cfg.rules.front.removal == "on_entry_by_any_tank" or not t.is_tiger):
        g.front.discard(dest)
        events.append(Event("front", f"the front element at {label(dest)} is removed: a tank broke through (DG-5.5)"))
    if g.tt(dest).snowdrift:
        g.drifts[dest] = Drift(1, g.phase_seq, t.id)
        events.append(Event("drift", f"{label(dest)}: snowdrift entered, drop marker 1 (DG-23.6)"))
    return events


def step(g: DuelGame, t: Tank, op: str) -> list[Event]:
    """One MA action of the moving T-34 (DG-15.3)."""
    events: list[Event] = []
    if op in ("L", "R"):
        g.ma_left -= 1
        g.t34_started = True
        d = 1 if op == "R" else -1
        t.hull = (t.hull + d) % 6
        t.turret = (t.turret + d) % 6
        events.append(Event("t34", f"T-34 #{t.number} at {label(t.pos)} turns {'right' if op == 'R' else 'left'} "
                            f"to {FACINGS[t.hull]} ({g.ma_left} MA left)", {"at": label(t.pos), "hull": FACINGS[t.hull]}))
        if g.tt(t.pos).snowdrift:
            g.terrain.pop(t.pos, None)
            g.drifts.pop(t.pos, None)
            events.append(Event("drift", f"the snowdrift at {label(t.pos)} is removed: the tank turned in it (DG-23.5)"))
        return events
    dest = _dest(g, t, op)
    origin = t.pos
    g.t34_started = True
    if not g.geo.on_board(dest):
        g.ma_left -= 1
        del g.tanks[t.id]
        g.active_t34 = None
        events += _leave(g, t, origin)
        events.append(Event("exit", f"T-34 #{t.number} leaves the board across the German edge at "
                            f"{label(origin)} (DG-15.9)", {"at": label(origin)}))
        events.append(vp.award(g, "soviet", "t34_exit", f"T-34 #{t.number} broke through", "DG-15.9"))
        events.extend(vp.medal(g, t.owner, "Suvorov Medal"))
        return events
    cost = entry_cost(g, dest)
    g.ma_left -= cost
    gun = g.atg_at(dest)
    if gun is not None:
        blocked, evs = atg.overrun(g, gun, origin, t.number)
        events += evs
        if blocked:
            g.t34_stopped = True
            return events
    events += _leave(g, t, origin)
    t.pos = dest
    events.append(Event("t34", f"T-34 #{t.number} {'forward' if op == 'F' else 'backward'} "
                        f"{label(origin)} -> {label(dest)} ({cost} MA, {g.ma_left} left)",
                        {"from": label(origin), "to": label(dest)}))
    events += _enter(g, t, dest)
    s = g.stuka
    if s is not None and s.state in ("ground", "landed") and s.airfield == dest:
        s.state = "destroyed"
        events.append(Event("stuka", f"T-34 #{t.number} overruns the airfield: the Stuka is destroyed on the ground (DG-13.9)"))
        events.append(vp.award(g, "soviet", "stuka_destroyed_on_ground", "Stuka destroyed on the ground", "DG-13.9"))
    events += mines.enter(g, t, dest)
    return events


def dash(g: DuelGame, t: Tank, n: int) -> list[Event]:
    """DG-15.5: up to 5 hexes straight over steppe, instead of the normal move."""
    origin = t.pos
    p = t.pos
    for _ in range(n):
        p = g.geo.step(p, t.hull)
    events = _leave(g, t, origin)
    t.pos = p
    g.t34_started = True
    g.t34_stopped = True
    g.ma_left = 0
    events.append(Event("t34", f"T-34 #{t.number} dashes {n} hex(es) {label(origin)} -> {label(p)} (DG-15.5)",
                        {"from": label(origin), "to": label(p)}))
    return events


def plan(g: DuelGame, t: Tank, target: Pos, ma: int) -> list[str] | None:
    """Cheapest F/B/L/R sequence to ``target`` within ``ma`` (public knowledge only)."""
    if not g.geo.on_board(target) or target == t.pos:
        return None
    start = (t.pos, t.hull)
    best = {start: 0}
    heap: list[tuple[int, int, Pos, int, tuple[str, ...]]] = [(0, 0, t.pos, t.hull, ())]
    tie = 0
    occupied = {x.pos for x in g.tanks.values() if x is not t}
    while heap:
        cost, _, p, h, ops = heapq.heappop(heap)
        if p == target:
            return list(ops)
        if cost > best.get((p, h), 99):
            continue
        moves: list[tuple[str, Pos, int, int]] = [("L", p, (h - 1) % 6, 1), ("R", p, (h + 1) % 6, 1)]
        for op, d in (("F", h), ("B", opposite(h))):
            n = g.geo.neighbour.get((p, d))
            if n is None or n in occupied:
                continue
            gun = g.atg_at(n)
            if gun is not None and g.geo.direction(n, p) == gun.facing:
                continue  # a head-on ATG would stop the tank
            moves.append((op, n, h, entry_cost(g, n)))
        for op, np_, nh, c in moves:
            nc = cost + c
            if nc > ma or nc >= best.get((np_, nh), 99):
                continue
            best[(np_, nh)] = nc
            tie += 1
            heapq.heappush(heap, (nc, tie, np_, nh, (*ops, op)))
    return None
