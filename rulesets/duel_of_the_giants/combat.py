"""Ground combat in phase D (DG-17) and its results (DG-17.9, DG-19).

Combat runs as a fixed list of stages. In each, the units that may fire are
asked in turn (German first, each declaration hidden from the other side
until the stage resolves), then all shots of the stage are resolved at the
same time (``combat.step_resolution = simultaneous``, DG-AMB-25):

  A_pri, A_pri_reply, A      case A pairs (forest priority first, DG-17.6)
  B_pri, B_pri_reply, B1, B2 case B pairs: aiming unit fires, target replies
  C_pri, C_pri_reply, C      case C: the turret race, Tigers turn first

A unit fires at most once per phase D (DG-17.1) and, having fired, is
exposed for the rest of the phase (DG-17.12).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.game import Action, Event, Illegal
from rulesets.duel_of_the_giants import vp
from rulesets.duel_of_the_giants.actions import Fire, Hold
from rulesets.duel_of_the_giants.board import FACINGS, Pos, label, opposite, turn_steps
from rulesets.duel_of_the_giants.los import concealed, first_blocker, has_los
from rulesets.duel_of_the_giants.pieces import Atg, Tank

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame

STAGES = ("A_pri", "A_pri_reply", "A", "B_pri", "B_pri_reply", "B1", "B2", "C_pri", "C_pri_reply", "C")
STAGE_TEXT = {  # what happens in the step, in a player's words; the rulebook's case and rule after
    "A_pri": "barrels aimed at each other: the unit in a forest fires first (case A, DG-17.6)",
    "A_pri_reply": "barrels aimed at each other: the target of the unit in a forest replies (case A, DG-17.6)",
    "A": "barrels aimed at each other: both fire at once (case A, DG-17.4)",
    "B_pri": "one barrel aimed: the unit in a forest fires first (case B, DG-17.6)",
    "B_pri_reply": "one barrel aimed: the target of the unit in a forest replies (case B, DG-17.6)",
    "B1": "one barrel aimed: the aiming unit fires (case B, step B1, DG-17.4)",
    "B2": "one barrel aimed: its target turns its turret and fires back (case B, step B2, DG-17.4)",
    "C_pri": "no barrel aimed: the unit in a forest fires first (case C, DG-17.6)",
    "C_pri_reply": "no barrel aimed: the target of the unit in a forest replies (case C, DG-17.6)",
    "C": "no barrel aimed: turrets turn toward each other, Tigers first (case C, DG-17.4)",
}

Unit = Tank | Atg


@dataclass
class CombatState:
    stage: int = -1
    queue: list[str] = field(default_factory=list)
    options: dict[str, list[str]] = field(default_factory=dict)
    decl: dict[str, str | None] = field(default_factory=dict)
    pairs: list[tuple[str, str, str]] = field(default_factory=list)
    priority: set[frozenset[str]] = field(default_factory=set)
    shots_at: dict[str, list[str]] = field(default_factory=dict)
    fired: set[str] = field(default_factory=set)


# ------------------------------------------------------------ units
def unit(g: DuelGame, uid: str) -> Unit | None:
    return g.tanks.get(uid) or g.atgs.get(uid)


def side(u: Unit) -> str:
    return u.side if isinstance(u, Tank) else "german"


def barrel(u: Unit) -> int:
    return u.turret if isinstance(u, Tank) else u.facing


def facing(u: Unit) -> int:
    return u.hull if isinstance(u, Tank) else u.facing


def name(u: Unit) -> str:
    if isinstance(u, Tank):
        return f"Tiger {u.number}" if u.is_tiger else f"T-34 #{u.number}"
    from rulesets.duel_of_the_giants.atg import NAMES

    return f"the {NAMES[u.kind]}"


def alive(u: Unit | None) -> bool:
    return u is not None and not u.destroyed


def aims(g: DuelGame, s: Unit, t: Unit) -> bool:
    """DG-3.9: ``t`` lies on ``s``'s barrel ray."""
    return g.geo.direction(s.pos, t.pos) == barrel(s)


def can_target(g: DuelGame, s: Unit, t: Unit) -> bool:
    """DG-17.2: may ``s`` fire at ``t`` now (turning a tank's turret if needed)?"""
    if not alive(s) or not alive(t) or side(s) == side(t):
        return False
    if isinstance(s, Atg) and (not s.face_up or s.tire is not None or not aims(g, s, t)):
        return False
    if isinstance(t, Atg) and (not t.face_up or t.tire is not None or not isinstance(s, Tank)):
        return False
    if g.geo.direction(s.pos, t.pos) is None or not has_los(g, s.pos, t.pos):
        return False
    return not concealed(g, t.pos, s.pos, t.id)


def _side_of(g: DuelGame, uid: str) -> str | None:
    u = unit(g, uid)
    return None if u is None else side(u)


def german_units(g: DuelGame) -> list[Unit]:
    out: list[Unit] = [t for t in g.tigers() if not t.destroyed]
    out += [a for a in sorted(g.atgs.values(), key=lambda a: a.id)
            if a.face_up and a.tire is None and not a.destroyed]
    return out


def contact_pairs(g: DuelGame) -> list[tuple[str, str, str]]:
    """DG-17.3: (german uid, soviet uid, case) for every pair in combat contact.

    A unit that has already fired in this phase D stays in its pairs: the
    once-per-phase limit (DG-17.1) restricts its own firing, not its being
    fired at (DG-17.4 B1, DG-16.7/17.12). Who may still fire is judged when
    a step opens; step C alone drops a pair in which either unit has fired.
    """
    out: list[tuple[str, str, str]] = []
    soviets = [t for t in g.t34s() if not t.destroyed]
    for u in german_units(g):
        for v in soviets:
            if g.geo.direction(u.pos, v.pos) is None or not has_los(g, u.pos, v.pos):
                continue
            ua, va = aims(g, u, v), aims(g, v, u)
            if isinstance(u, Atg) and not ua and not va:
                continue
            if not (can_target(g, u, v) or can_target(g, v, u)):
                continue
            out.append((u.id, v.id, "A" if ua and va else "B" if ua or va else "C"))
    return out


def fires_first(g: DuelGame, u: Unit) -> bool:
    return g.tt(u.pos).fires_first


# ------------------------------------------------------------ sequencing
def start(g: DuelGame) -> list[Event]:
    g.combat = CombatState()
    return _aimed_at_transport(g)


def _aimed_at_transport(g: DuelGame) -> list[Event]:
    """A line for each T-34 whose turret points at a gun turned face up that carries a tire
    marker, the first German unit on its ray: that gun takes no part in the combat (DG-12.6,
    DG-17.2), so the T-34 is offered no shot at it, and the log says why (hidden playtest:
    a T-34 turned to aim at the PAK 36 at d10 was never offered a shot, and no line said
    why). Face-up guns and tire markers are on the table for both sides to see."""
    events = []
    for t in sorted((t for t in g.t34s() if not t.destroyed), key=lambda t: t.number):
        p = g.geo.step(t.pos, t.turret)
        while g.geo.on_board(p) and (g.geo.distance(t.pos, p) == 1 or has_los(g, t.pos, p)):
            if g.tank_at(p) is not None:
                break
            gun = g.atg_at(p)
            if gun is not None and gun.face_up and not gun.destroyed:
                if gun.tire is not None:
                    events.append(Event("combat", f"{name(t)} at {label(t.pos)} aims at {name(gun)} at {label(p)}, "
                                                  "which is in transport (tire marker): it can be neither fired "
                                                  "at nor fire this round (DG-12.6)"))
                break
            p = g.geo.step(p, t.turret)
    return events


def current_player(g: DuelGame) -> int:
    c = g.combat
    assert c is not None
    if c.queue:
        u = unit(g, c.queue[0])
        if u is not None:
            return u.owner
    return g.lead("german")


def decision_text(g: DuelGame) -> str:
    c = g.combat
    assert c is not None
    if not c.queue:
        return "phase D2: combat (DG-17)"
    u = unit(g, c.queue[0])
    assert u is not None
    return f"phase D2 combat, {STAGE_TEXT[STAGES[c.stage]]} -- {choice_words(g, u)}"


def choice_words(g: DuelGame, u: Unit) -> str:
    """What the unit declaring now may do, in words, each with what the shot would do and
    the command that does it: ``Tiger 1 at d3 may fire at T-34 #1 at d2: destroys it (fire
    d3 d2) or hold its fire (hold d3)``
    (issue 59: the prompt said ``(fire d3 HEX) or hold``, notation for the player to decode).
    Only units already on the table face up are named: a shooter's options are revealed
    T-34s, Tigers and turned-up guns (DG-17.2)."""
    c = g.combat
    assert c is not None
    at = label(u.pos)
    shots = [f"{name(t)} at {label(t.pos)}: {shot_forecast(g, u, t).verdict()} (fire {at} {label(t.pos)})"
             for t in (unit(g, i) for i in c.options.get(u.id, [])) if t is not None]
    hold = f"hold its fire (hold {at})"
    if not shots:
        return f"{name(u)} at {at} has no target left: {hold}"
    listed = ", ".join(shots[:-1]) + (" or " if len(shots) > 1 else "") + shots[-1]
    if not g.cfg.rules.combat.fire_optional:  # DG-17.1: a unit with a target must fire
        return f"{name(u)} at {at} must fire at {listed}"
    return f"{name(u)} at {at} may fire at {listed} or {hold}"


EARLIER_STAGE_TEXT = {  # the steps' words before 29 Nov 2026 (positions saved then still load)
    "A_pri": "case A, forest unit fires first (DG-17.6)",
    "A_pri_reply": "case A, reply to the forest unit (DG-17.6)",
    "A": "case A: both aim at each other, simultaneous (DG-17.4)",
    "B_pri": "case B, forest unit fires first (DG-17.6)",
    "B_pri_reply": "case B, reply to the forest unit (DG-17.6)",
    "B1": "case B1: the aiming unit fires (DG-17.4)",
    "B2": "case B2: the target turns its turret and fires back (DG-17.4)",
    "C_pri": "case C, forest unit fires first (DG-17.6)",
    "C_pri_reply": "case C, reply to the forest unit (DG-17.6)",
    "C": "case C: choose whom to turn toward; Tigers turn first (DG-17.4)",
}


def earlier_decision_texts(g: DuelGame) -> list[str]:
    """The same combat decision as earlier versions worded it: a position file saved
    then names its decision so, and still loads (position.check_decision)."""
    c = g.combat
    if c is None or not c.queue:
        return []
    u = unit(g, c.queue[0])
    if u is None:
        return []
    at = label(u.pos)
    targets = ", ".join(label(x.pos) for x in (unit(g, i) for i in c.options.get(u.id, [])) if x is not None)
    said = f"{name(u)} at {at} may fire at {targets} (fire {at} HEX) or hold"
    stage = STAGES[c.stage]
    return [f"phase D2 combat, {STAGE_TEXT[stage]} -- {said}", f"phase D2 combat, {EARLIER_STAGE_TEXT[stage]}: {said}"]


def auto(g: DuelGame, events: list[Event]) -> bool:
    """Resolve declared stages and open the next; False when a declaration is due."""
    c = g.combat
    assert c is not None
    if c.queue:
        return False
    if c.decl:
        events += resolve(g)
        return True
    c.stage += 1
    if c.stage >= len(STAGES):
        g.combat = None
        events.append(Event("combat", "ground combat is over (DG-8.5 D2)"))
        g._next_step(events)
        return True
    _open(g, STAGES[c.stage])
    return True


def _open(g: DuelGame, stage: str) -> None:
    c = g.combat
    assert c is not None
    opts: dict[str, list[str]] = {}

    def add(s: Unit, t: Unit) -> None:
        if s.id not in c.fired and can_target(g, s, t) and t.id not in opts.get(s.id, []):
            opts.setdefault(s.id, []).append(t.id)

    cls = stage[0]
    if stage.endswith("_pri"):
        c.pairs = [p for p in contact_pairs(g) if p[2] == cls
                   and not (cls == "C" and (p[0] in c.fired or p[1] in c.fired))]
        for gu, so, _ in c.pairs:
            u, v = unit(g, gu), unit(g, so)
            assert u is not None and v is not None
            fu, fv = fires_first(g, u), fires_first(g, v)
            if fu != fv:
                f, o = (u, v) if fu else (v, u)
                # a forest unit that already fired has no priority shot left: the
                # pair is then fought in the normal step, where its opponent fires
                if f.id not in c.fired and can_target(g, f, o):
                    add(f, o)
                    c.priority.add(frozenset((gu, so)))
    elif stage.endswith("_reply") or stage == "B2":
        for tid, shooters in c.shots_at.items():
            t = unit(g, tid)
            if not alive(t) or tid in c.fired:
                continue
            assert t is not None
            if stage == "B2" and not isinstance(t, Tank):
                continue  # an ATG cannot fire back (DG-17.4 B2)
            for sid in shooters:
                s = unit(g, sid)
                if s is not None:
                    add(t, s)
    else:
        for gu, so, _ in c.pairs:
            if frozenset((gu, so)) in c.priority:
                continue
            u, v = unit(g, gu), unit(g, so)
            if u is None or v is None or not alive(u) or not alive(v):
                continue
            if stage == "A":
                add(u, v)
                add(v, u)
            elif stage == "B1":
                for s, t in ((u, v), (v, u)):
                    if aims(g, s, t):
                        add(s, t)
            elif stage == "C" and isinstance(u, Tank) and u.id not in c.fired and v.id not in c.fired:
                add(u, v)
                add(v, u)
    c.options = opts
    c.shots_at = {}
    c.queue = sorted(opts, key=lambda i: _order(g, i))


def _order(g: DuelGame, uid: str) -> tuple[bool, int, str]:
    """German units declare first (their declarations stay hidden until resolution)."""
    u = unit(g, uid)
    assert u is not None
    return side(u) != "german", u.owner, uid


# ------------------------------------------------------------ declarations
def actions(g: DuelGame) -> list[Action]:
    c = g.combat
    if c is None or not c.queue:
        return []
    u = unit(g, c.queue[0])
    assert u is not None
    out: list[Action] = []
    for tid in c.options[u.id]:
        t = unit(g, tid)
        if t is not None:
            out.append(Fire(u.pos, t.pos))
    if g.cfg.rules.combat.fire_optional or not out:
        out.append(Hold(u.pos))
    return out


def _target_at(g: DuelGame, uid: str, p: Pos) -> str | None:
    c = g.combat
    assert c is not None
    found = [t for t in (unit(g, i) for i in c.options[uid]) if t is not None and t.pos == p]
    found.sort(key=lambda t: not isinstance(t, Tank))
    return found[0].id if found else None


def check(g: DuelGame, a: Action) -> Illegal | None:
    c = g.combat
    if c is None or not c.queue:
        return Illegal("DG-17", "no shot to declare now")
    if not isinstance(a, (Fire, Hold)):
        u = unit(g, c.queue[0])
        assert u is not None
        return Illegal("DG-17.1", f"it is time to declare fire: {choice_words(g, u)}")
    u = unit(g, c.queue[0])
    assert u is not None
    if a.shooter != u.pos:
        return Illegal("DG-17.4", f"{name(u)} at {label(u.pos)} declares now")
    if isinstance(a, Hold):
        if not g.cfg.rules.combat.fire_optional and any(isinstance(x, Fire) for x in actions(g)):
            return Illegal("DG-17.1", "firing is compulsory (combat.fire_optional = false)")
        return None
    if _target_at(g, u.id, a.target) is None:
        return _refusal(g, u, a.target)
    return None


def _refusal(g: DuelGame, u: Unit, p: Pos) -> Illegal:
    """The one reason ``u`` may not fire at hex ``p`` in this step, as its player may know it.

    Checked in the order a player would look: is there an enemy gun or tank to
    hit, does the shooter bear on it, is the hex in line, is the line clear, is
    the target hidden, and only then the combat step. A face-down marker gets
    one answer whatever it hides, so the refusal tells nothing of it.
    """
    c = g.combat
    assert c is not None
    shooter = f"{name(u)} at {label(u.pos)}"
    units: list[Unit] = [*g.tanks.values(), *g.atgs.values()]
    found = [x for x in units if x.pos == p and alive(x)]
    found.sort(key=lambda x: not isinstance(x, Tank))
    enemies = [x for x in found if side(x) != side(u)]
    if not enemies:
        if found:
            return Illegal("DG-17.2", f"{label(p)} holds {name(found[0])}, of your own side")
        return Illegal("DG-17.2", f"there is no enemy tank or gun at {label(p)} for {shooter} to fire at")
    t = enemies[0]
    if isinstance(t, Atg) and not t.face_up:
        return Illegal("DG-12.4", f"the ATG marker at {label(p)} is face down: only a revealed gun "
                       "can be fired at")
    if isinstance(t, Atg) and t.tire is not None:
        return Illegal("DG-12.6", f"{name(t)} at {label(p)} is under transport (tire marker) and "
                       "takes no part in combat")
    if isinstance(u, Atg) and u.tire is not None:
        return Illegal("DG-12.6", f"{shooter} is under transport (tire marker) and cannot fire")
    ray = g.geo.direction(u.pos, p)
    if ray is None:
        return Illegal("DG-3.8", f"{label(p)} is not in a straight row of hexes from {shooter}")
    if isinstance(u, Atg) and not aims(g, u, t):
        return Illegal("DG-12.5", f"{shooter} faces {FACINGS[u.facing]} and cannot turn: "
                       f"{label(p)} is not on its line of fire")
    if not has_los(g, u.pos, p):
        hg = g.tt(u.pos).high_ground or g.tt(p).high_ground
        block = first_blocker(g, g.geo.between(u.pos, p), hg, g.los_blockers())
        if block is not None:
            return Illegal(block[1], f"no line of sight from {label(u.pos)} to {label(p)}: "
                           f"{label(block[0])} is in the way")
        return Illegal("DG-16", f"no line of sight from {label(u.pos)} to {label(p)}")
    if concealed(g, p, u.pos, t.id):
        return Illegal("DG-16.7", f"{name(t)} at {label(p)} is concealed: it can be fired at only from "
                       "an adjacent hex or after it has fired in this phase D")
    if u.id in c.fired:
        return Illegal("DG-17.1", f"{shooter} has fired in this phase D already")
    allowed = [x for x in (unit(g, i) for i in c.options.get(u.id, [])) if x is not None]
    may = ", ".join(f"{name(x)} at {label(x.pos)}" for x in allowed) or "no one"
    return Illegal("DG-17.4", f"{name(t)} at {label(p)} is not {name(u)}'s opponent in this step, "
                   f"{STAGE_TEXT[STAGES[c.stage]]}; it may fire at {may}")


def apply(g: DuelGame, a: Action) -> list[Event]:
    c = g.combat
    assert c is not None
    uid = c.queue.pop(0)
    u = unit(g, uid)
    assert u is not None
    own = frozenset(g.side_players[side(u)])
    if isinstance(a, Hold):
        c.decl[uid] = None
        return [Event("declare", f"{name(u)} at {label(u.pos)} holds fire", {}, own,
                      f"{g.side_name(side(u))} declares for {name(u)}")]
    assert isinstance(a, Fire)
    tid = _target_at(g, uid, a.target)
    c.decl[uid] = tid
    return [Event("declare", f"{name(u)} at {label(u.pos)} will fire at {label(a.target)}", {}, own,
                  f"{g.side_name(side(u))} declares for {name(u)}")]


# ------------------------------------------------------------ resolution
def resolve(g: DuelGame) -> list[Event]:
    c = g.combat
    assert c is not None
    stage = STAGES[c.stage]
    decl, c.decl = c.decl, {}
    if stage == "C":
        return _race(g, decl)
    events: list[Event] = []
    doomed: list[Tank | Atg] = []
    for sid, tid in decl.items():
        if tid is None:
            continue
        s, t = unit(g, sid), unit(g, tid)
        if s is None or t is None:
            continue
        steps = _turn_to(g, s, t)
        events += shoot(g, s, t, steps, doomed)
        c.shots_at.setdefault(tid, []).append(sid)
    for t in doomed:  # simultaneous: destruction takes effect after the stage
        t.destroyed = True
    return events


def _turn_to(g: DuelGame, s: Unit, t: Unit) -> int:
    """Turn a tank's turret onto ``t`` (shorter way, DG-17.5); returns the steps."""
    if not isinstance(s, Tank):
        return 0
    d = g.geo.direction(s.pos, t.pos)
    assert d is not None
    steps = turn_steps(s.turret, d)
    s.turret = d
    return steps


def _race(g: DuelGame, decl: dict[str, str | None]) -> list[Event]:
    """DG-17.4 step C: Tigers turn one step, then T-34s; the first to aim fires first."""
    c = g.combat
    assert c is not None
    chosen = {k: v for k, v in decl.items() if v is not None}
    turned = dict.fromkeys(chosen, 0)
    events: list[Event] = []
    for _ in range(3):
        for group in ("german", "soviet"):
            movers = [k for k in chosen if _side_of(g, k) == group]
            for k in movers:
                s, t = unit(g, k), unit(g, chosen[k])
                if not isinstance(s, Tank) or not alive(s) or k in c.fired or t is None or aims(g, s, t):
                    continue
                d = g.geo.direction(s.pos, t.pos)
                assert d is not None
                cw = (d - s.turret) % 6
                s.turret = (s.turret + (1 if cw <= 3 else -1)) % 6
                turned[k] += 1
            for k in movers:
                s, t = unit(g, k), unit(g, chosen[k])
                if s is None or t is None or k in c.fired or not aims(g, s, t) or not can_target(g, s, t):
                    continue
                doomed: list[Tank | Atg] = []
                events += shoot(g, s, t, turned[k], doomed)
                for x in doomed:
                    x.destroyed = True
                if isinstance(t, Tank) and alive(t) and t.id not in c.fired and t.id in chosen \
                        and can_target(g, t, s):
                    steps = turned.get(t.id, 0) + _turn_to(g, t, s)
                    doomed = []
                    events += shoot(g, t, s, steps, doomed)
                    for x in doomed:
                        x.destroyed = True
    return events


def hits_for(g: DuelGame, s: Unit, t: Unit, turret_steps: int) -> tuple[int, str, list[str]]:
    """DG-17.8: hits = FP - (d - 1) + H - W - P; returns (hits, zone, explanation)."""
    w = g.cfg.weapons
    card = {"pak88": w.pak88, "pak36": w.pak36}.get(getattr(s, "kind", ""))
    if isinstance(s, Tank):
        card = w.tiger if s.is_tiger else w.t34
    assert card is not None
    fp = card.firepower.summer if g.cfg.season == "summer" else card.firepower.winter
    d = g.geo.distance(s.pos, t.pos)
    rng = d - 1 if g.cfg.rules.combat.range_model == "full_at_adjacent" else d
    parts = [f"FP {fp}"]
    hits = fp - rng
    if rng:
        parts.append(f"-{rng} range ({d} hexes)")
    if g.tt(s.pos).high_ground:
        hits += 1
        parts.append("+1 high ground")
    pen = g.tt(t.pos).fire_penalty
    if pen and g.cfg.rules.forest.penalty_applies == "always":
        hits -= pen
        parts.append(f"-{pen} target in forest")
    if isinstance(s, Tank) and not s.is_tiger and turret_steps > 1:
        hits -= turret_steps - 1
        parts.append(f"-{turret_steps - 1} turret turned {turret_steps} steps")
    from_dir = g.geo.direction(t.pos, s.pos)
    f = facing(t)
    zone = "front" if from_dir == f else "rear" if from_dir == opposite(f) else "side"
    return hits, zone, parts


@dataclass(frozen=True)
class Forecast:
    """What a declared shot would do if it were resolved as the board stands (DG-17.8, DG-17.9)."""

    hits: int
    zone: str
    armour: int
    result: str
    """``destroyed``, ``damaged``, ``critically damaged`` or ``no effect``."""
    track: tuple[int, int] | None = None
    """A Tiger target's damage track before and after the shot (DG-11.8), else None."""

    def words(self, what: str = "it") -> str:
        """The outcome as a player says it, the figures and the rule after (issue 59.3):
        ``destroys it (3 hits vs its front armour 3, DG-17.9)``, ``damages it: its
        track 5 -> 4 (1 hit vs its side armour 4, DG-11.8)``. DG combat rolls no dice:
        the outcome is certain as the board stands."""
        figures = f"{self.hits} hit{'' if self.hits == 1 else 's'} vs its {self.zone} armour {self.armour}"
        if self.track is not None and self.hits > 0:
            verb = "critically damages" if self.result == "critically damaged" else "damages"
            if self.track[0] == self.track[1]:  # at 1 already: the track stays, the VP still count (DG-11.8)
                return f"{verb} {what}: its track stays at {self.track[1]}, still Soviet +1 VP ({figures}, DG-11.8)"
            return f"{verb} {what}: its track {self.track[0]} → {self.track[1]} ({figures}, DG-11.8)"
        if self.result == "destroyed":
            return f"destroys {what} ({figures}, DG-17.9)"
        if self.result == "damaged":
            return f"damages {what} ({figures}, DG-17.9)"
        if self.hits > 0:  # an ATG below its armour
            return f"no effect on {what}: {figures} (DG-AMB-38)"
        return f"no effect on {what}: no hit at this range (DG-17.8)"

    def verdict(self) -> str:
        """The outcome in two or three words, for a prompt: ``destroys it``, ``no effect``."""
        if self.hits <= 0 or self.result == "no effect":
            return "no effect"
        return {"destroyed": "destroys it", "critically damaged": "critically damages it"}.get(self.result, "damages it")


def forecast(g: DuelGame, a: Fire) -> Forecast | None:
    """The hits ``a`` would score, the armour face it meets and the result, with the
    turret turned onto the target the shorter way (DG-17.5); ``None`` if it names no
    shot of the current step. Everything it reads is public (DG-24.3)."""
    c = g.combat
    if c is None or not c.queue:
        return None
    s = unit(g, c.queue[0])
    tid = _target_at(g, c.queue[0], a.target) if s is not None and s.pos == a.shooter else None
    t = unit(g, tid) if tid is not None else None
    if s is None or t is None:
        return None
    return shot_forecast(g, s, t)


def shot_forecast(g: DuelGame, s: Unit, t: Unit) -> Forecast:
    """What ``s`` firing at ``t`` would do as the board stands (see :func:`forecast`)."""
    steps = 0
    if isinstance(s, Tank):
        d = g.geo.direction(s.pos, t.pos)
        steps = 0 if d is None else turn_steps(s.turret, d)
    hits, zone, _ = hits_for(g, s, t, steps)
    arm = armour(g, t, zone)
    if hits <= 0:
        result = "no effect"
    elif isinstance(t, Tank) and t.is_tiger:
        result = "critically damaged" if hits >= arm else "damaged"
    elif isinstance(t, Tank):
        result = "destroyed" if hits >= arm else "damaged"
    else:
        result = "destroyed" if hits >= arm else "no effect"
    track = None
    if isinstance(t, Tank) and t.is_tiger:  # as shoot() lowers it (DG-11.8)
        track = (t.track, t.track if hits <= 0 else max(1, t.track - (2 if hits >= arm else 1)))
    return Forecast(hits, zone, arm, result, track)


def exchange_words(g: DuelGame, s: Unit, t: Unit, shooter: str, shot: str, together: bool = True) -> str | None:
    """``s``'s shot at ``t`` told as it will really happen, as the board stands: a forecast
    that names only ``s``'s shot lies by omission when ``t`` fires first (playtest: a PAK 36
    was told "its shot destroys it" and was destroyed by a T-34 in forest before it fired).

    ``shot`` is the words for ``s``'s own shot, naming both pieces (``your gun's shot
    destroys T-34 #7 (...)``), ``shooter`` what ``t``'s shot is said to hit (``your gun``,
    ``Tiger 1``). When ``t`` alone stands in a forest and can fire at ``s`` it fires first
    (DG-17.6), and ``s`` fires only if it survives; when the two barrels aim at each other
    both fire at once (DG-17.4 case A; said only when the return shot does something).
    Otherwise None: ``s``'s shot is all there is to
    say. ``together=False`` leaves case A out, for a note that lists the fire ``s`` comes
    under anyway (``under fire from ...``). ``s`` is taken as able to fire (an ATG about to be turned up is passed face up)."""
    if not alive(t) or not can_target(g, t, s) or (g.combat is not None and t.id in g.combat.fired):
        return None
    back = shot_forecast(g, t, s)
    if fires_first(g, t) and not fires_first(g, s):
        first = f"{name(t)} in forest fires first (DG-17.6): {back.words(shooter)}"
        if back.result == "destroyed":
            return f"{first} before {shooter} fires"
        return f"{first}; then {shot}"
    if together and aims(g, t, s) and aims(g, s, t) and fires_first(g, s) == fires_first(g, t) and back.result != "no effect":
        return f"{shot}; {name(t)} fires at the same time (DG-17.4 case A): {back.words(shooter)}"
    return None


def fire_note(g: DuelGame, a: Fire) -> str:
    """``destroys T-34 #1 (3 hits vs its front armour 3, DG-17.9)`` -- the note ``moves``
    shows beside a shot, in a player's words with the figures and the rule after."""
    f = forecast(g, a)
    if f is None:
        return ""
    c = g.combat
    assert c is not None
    tid = _target_at(g, c.queue[0], a.target)
    t = unit(g, tid) if tid is not None else None
    if t is None:
        return f.words("it")
    s = unit(g, c.queue[0])
    if STAGES[c.stage] == "C" and isinstance(s, Tank) and isinstance(t, Tank):
        race = _race_words(g, s, t, f)
        if race is not None:
            return race
    return f.words(name(t))


def _race_words(g: DuelGame, s: Tank, t: Tank, f: Forecast) -> str | None:
    """A step-C shot told as the turret race will run it (DG-17.4 step C) when ``t``
    would win it: a shot that names only ``s``'s effect lies by omission if ``t``, firing
    at ``s`` too (its declaration is hidden until the step resolves), aims and fires first.
    Tigers turn first, so a Tiger wins a tie."""
    c = g.combat
    assert c is not None
    ds, dt = g.geo.direction(s.pos, t.pos), g.geo.direction(t.pos, s.pos)
    if ds is None or dt is None or t.id in c.fired or not alive(t) or not can_target(g, t, s):
        return None
    mine, theirs = turn_steps(s.turret, ds), turn_steps(t.turret, dt)
    if not (theirs < mine or (t.is_tiger and theirs <= mine)):
        return None
    back = shot_forecast(g, t, s)
    first = (f"if {name(t)} fires at {name(s)} too, it aims first ({theirs} turret step{'s' if theirs != 1 else ''} "
             f"to {mine}, DG-17.4 step C) and {back.words(name(s))}")
    if back.result == "destroyed":
        return f"{first} before {name(s)} fires; else {f.words(name(t))}"
    return f"{first}; then {name(s)} {f.words(name(t))}"


def armour(g: DuelGame, t: Unit, zone: str) -> int:
    w = g.cfg.weapons
    card = w.tiger if isinstance(t, Tank) and t.is_tiger else w.t34 if isinstance(t, Tank) else (
        w.pak88 if t.kind == "pak88" else w.pak36)
    return int(getattr(card.armour, zone))


def shoot(g: DuelGame, s: Unit, t: Unit, turret_steps: int, doomed: list[Tank | Atg]) -> list[Event]:
    """One shot and its result (DG-17.9, DG-19)."""
    c = g.combat
    if c is not None:
        c.fired.add(s.id)
    g.exposed.add(s.id)
    hits, zone, parts = hits_for(g, s, t, turret_steps)
    arm = armour(g, t, zone)
    if any(x is t for x in doomed):
        return [Event("shot", f"{name(s)} ({label(s.pos)}) also fires at {name(t)}, already destroyed in "
                      "this step: no further effect (DG-17.10)")]
    head = (f"{name(s)} ({label(s.pos)}) fires at {name(t)} ({label(t.pos)}): {' '.join(parts)} = {hits} "
            f"hit(s) vs {zone} armour {arm}")
    data = {"shooter": label(s.pos), "target": label(t.pos), "hits": hits, "zone": zone, "armour": arm}
    if hits <= 0:
        return [Event("shot", f"{head}: no effect (DG-17.9)", data)]
    if isinstance(t, Tank) and not t.is_tiger:
        if hits >= arm:
            doomed.append(t)
            events = [Event("shot", f"{head}: destroyed (DG-17.9)", data)]
            events += destroy_t34(g, t, name(s), remove=False, by_tiger=s if isinstance(s, Tank) else None)
            return events
        events = [Event("shot", f"{head}: damaged (DG-17.9)", data)]
        first = g.damaged_this_d.get(t.id, 0) == 0
        if g.cfg.rules.vp.t34_damage_per_shot or first:
            g.damaged_this_d[t.id] = g.damaged_this_d.get(t.id, 0) + 1
            events.append(vp.award(g, "german", "t34_damaged", f"T-34 #{t.number} damaged", "DG-19"))
        return events
    if isinstance(t, Tank):
        critical = hits >= arm
        before = t.track
        t.track = max(1, t.track - (2 if critical else 1))
        kind = "critically damaged" if critical else "damaged"
        events = [Event("shot", f"{head}: {kind}; damage track {before} -> {t.track} (DG-11.8)", data)]
        events.append(vp.award(g, "soviet", "tiger_critical" if critical else "tiger_damaged",
                               f"Tiger {t.number} {kind}", "DG-19.3"))
        if critical and g.cfg.rules.multi.suvorov_per_critical_hit and isinstance(s, Tank):
            events.extend(vp.medal(g, s.owner, "Suvorov Medal"))
        return events
    if hits >= arm:
        doomed.append(t)
        return [Event("shot", f"{head}: destroyed (DG-17.9)", data),
                vp.award(g, "soviet", "atg_destroyed", f"{name(t)} destroyed", "DG-19")]
    return [Event("shot", f"{head}: no effect on an ATG below its armour (DG-AMB-38)", data)]


def destroy_t34(g: DuelGame, t: Tank, by: str, remove: bool, by_tiger: Tank | None = None) -> list[Event]:
    """German +2 VP; damage VP of this phase D for the tank are cancelled (DG-19)."""
    events: list[Event] = []
    dmg = g.damaged_this_d.pop(t.id, 0)
    if dmg:
        events.append(vp.cancel(g, "german", dmg * g.cfg.rules.vp.table.t34_damaged,
                                f"T-34 #{t.number} damaged and destroyed in the same phase scores 2 only", "DG-19"))
    key = "stuka_attack" if by == "the Stuka" else "t34_destroyed"
    events.append(vp.award(g, "german", key, f"T-34 #{t.number} destroyed by {by}", "DG-19"))
    if by_tiger is not None and by_tiger.is_tiger:
        events.extend(vp.medal(g, by_tiger.owner, "Tank Battle Badge"))
    if remove:
        del g.tanks[t.id]
        if g.active_t34 == t.id:
            g.active_t34 = None
    else:
        t.destroyed = True if g.combat is None else t.destroyed
    return events


def remove_destroyed(g: DuelGame) -> list[Event]:
    """DG-8.5 D3: wrecks and destroyed ATGs leave the board."""
    events = []
    for t in list(g.tanks.values()):
        if t.destroyed:
            del g.tanks[t.id]
            g.drifts.pop(t.pos, None)
            events.append(Event("remove", f"the wreck of {name(t)} is removed from {label(t.pos)} (DG-17.11)"))
    for a in list(g.atgs.values()):
        if a.destroyed:
            del g.atgs[a.id]
            events.append(Event("remove", f"{name(a)} at {label(a.pos)} is removed (DG-17.11)"))
    return events

