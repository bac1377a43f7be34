"""What each player may know (DG-24), the AI's evaluation, and determinization.

``make_view`` is the one place that decides what a player is shown: the text
board, the SVG and the CLI all draw from it, so a face-down marker can only
leak if this function leaks it.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from rulesets.duel_of_the_giants import stuka, threats
from rulesets.duel_of_the_giants import vp as vpmod
from rulesets.duel_of_the_giants.board import FACINGS, Pos, label
from rulesets.duel_of_the_giants.tigers import counted, unprogrammed

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame
    from rulesets.duel_of_the_giants.pieces import Tank


def lab(p: Pos) -> str:
    return label(p)


def make_view(g: DuelGame, player: int | None) -> dict[str, Any]:
    side = None if player is None else g.side_of[player]
    over = g.finished is not None
    # once the game is over nothing is secret: every seat sees what the spectator sees
    # (playtest: the German's board still showed "?" on the markers left at the end; DG-24)
    german_eye = side in (None, "german") or over
    soviet_eye = side in (None, "soviet") or over
    tanks = []
    for t in sorted(g.tanks.values(), key=lambda t: (not t.is_tiger, t.number)):
        entry: dict[str, Any] = {
            "id": t.id, "kind": "tiger" if t.is_tiger else "t34", "number": t.number, "at": label(t.pos),
            "hull": FACINGS[t.hull], "turret": FACINGS[t.turret], "owner": g.players[t.owner],
            "destroyed": t.destroyed,
        }
        if t.is_tiger:
            from rulesets.duel_of_the_giants.tigers import clock

            entry["clock"] = clock(t)
            entry["track"] = t.track
            entry["track_full"] = g.cfg.weapons.tiger.track or 5  # undamaged (DG-11.8), as setup lays it
        else:
            entry["may_move"] = t.first_b <= g.b_started
        tanks.append(entry)
    markers = []
    for m in sorted(g.markers.values(), key=lambda m: m.pos):
        e: dict[str, Any] = {"at": label(m.pos), "owner": g.players[m.owner]}
        if soviet_eye:
            e["wheel"] = m.wheel
        markers.append(e)
    atgs = []
    for a in sorted(g.atgs.values(), key=lambda a: a.pos):
        atgs.append({"at": label(a.pos), "facing": FACINGS[a.facing], "face_up": a.face_up, "tire": a.tire,
                     "destroyed": a.destroyed, "kind": a.kind if (a.face_up or german_eye) else None})
    mines = []
    for mi in sorted(g.mines.values(), key=lambda m: m.pos):
        mines.append({"at": label(mi.pos), "face_up": mi.face_up,
                      "real": mi.real if (mi.face_up or german_eye) else None})
    stuka = None
    if g.stuka is not None:
        s = g.stuka
        stuka = {"state": s.state, "airfield": label(s.airfield), "at": label(s.pos), "facing": FACINGS[s.facing],
                 "flight_phase": s.flight_phase, "actions_left": s.actions_left, "attacked": s.attacked}
    programs = {}
    courses: list[dict[str, Any]] = []
    draft = None
    if german_eye:
        programs = {str(n): list(c) for n, c in sorted(g.programs.items()) if n not in g.executed}
        courses = _courses(g)
        laying = unprogrammed(g) if g.step == "A4" else []
        if laying:
            draft = {"tiger": laying[0].number, "cards": list(g.draft)}
    declarations = {}
    if g.combat is not None:
        from rulesets.duel_of_the_giants.combat import side as unit_side
        from rulesets.duel_of_the_giants.combat import unit

        for uid, tid in g.combat.decl.items():
            u = unit(g, uid)
            if u is None or (side is not None and unit_side(u) != side):
                continue
            target = unit(g, tid) if tid else None
            declarations[label(u.pos)] = label(target.pos) if target is not None else "hold"
    letters = {name: t.letter for name, t in g.cfg.terrain.items()}
    grid = []
    for r in range(1, g.geo.rows + 1):
        grid.append("".join(letters[g.terrain.get((c, r), g.base_terrain)] for c in range(1, g.geo.columns + 1)))
    return {
        "ruleset": g.ruleset_id,
        "scenario": g.cfg.scenario.name,
        "title": g.cfg.scenario.title,
        "season": g.cfg.season,
        "players": list(g.players),
        "viewer": None if player is None else g.players[player],
        "round": g.round,
        "step": g.step,
        "decision": g.decision(),
        "to_move": None if over else g.players[g.to_move()],
        "columns": g.geo.columns,
        "rows": g.geo.rows,
        "terrain": grid,
        "terrain_types": {k: {"letter": v.letter, "season": v.season} for k, v in g.cfg.terrain.items()},
        "front": sorted(label(p) for p in g.front),
        "drifts": {label(p): d.drops for p, d in sorted(g.drifts.items())},
        "tanks": tanks,
        "markers": markers,
        "atgs": atgs,
        "mines": mines,
        "stuka": stuka,
        "programs": programs,
        "courses": courses,
        "draft": draft,
        "to_place": to_place(g, player),
        # whether the viewer, to move, may end the phase: his own moves only (in O3 it
        # hangs on the Soviet's wheel markers, DG-24)
        "may_end": not over and player is not None and g.to_move() == player and g._end_allowed(),
        "declarations": declarations,
        "vp": {"net": g.net_vp, "round": dict(g.round_vp), "totals": vpmod.totals(g),
               "bar": vpmod.bar_text(g), "bar_length": g.cfg.rules.vp.bar_length},
        "medals": {g.players[p]: n for p, n in sorted(g.medals.items())},
        "finished": g.finished,
    }


PLACE_WORDS = {"front": "front elements", "wheel": "wheel markers", "bluff": "bluff markers", "tiger": "Tigers",
               "airfield": "airfield", "atg:pak88": "PAK 8.8", "atg:pak36": "PAK 36", "atg:bluff": "ATG bluffs",
               "mine:real": "mines", "mine:bluff": "mine bluffs"}
"""What a manual set-up's pieces are called on the board's ``still to place`` line (DG-7)."""


def to_place(g: DuelGame, player: int | None) -> dict[str, int]:
    """What ``player`` has still to place in a manual set-up (DG-7), in a player's words:
    his own pieces only (the German's ATG kinds and mines and the Soviet's wheels and
    bluffs are each side's secret, DG-24); everyone's in the full view."""
    owners = range(len(g.players)) if player is None else [player]
    left: dict[str, int] = {}
    for p in owners:
        for key, n in g.to_place.get(p, {}).items():
            word = f"{key[5:].replace('_', ' ')} tiles" if key.startswith("tile:") else PLACE_WORDS.get(key, key)
            left[word] = left.get(word, 0) + n
    return {k: n for k, n in left.items() if n}


def evaluate(g: DuelGame, player: int) -> float:
    """VP difference plus threats: T-34s near the German edge, Tiger damage, the
    shots each side can expect in the next combat and the Stuka's attack still to
    come (threats.py) -- for the AI."""
    outcome = g.outcome()
    if outcome is not None:
        return outcome.returns(len(g.players))[player]
    if g.step in ("S1", "S2", "S3", "S4"):
        g = identity_blind(g)
    moved = projected_tigers(g)
    try:
        return _judge(g, player, sum(len(counted(_program(g, t.number))) for t, _ in moved))
    finally:
        for t, (pos, hull, turret) in moved:
            t.pos, t.hull, t.turret = pos, hull, turret


PROGRAMMED_STEPS = frozenset({"A4", "B1", "B2", "B3", "B4", "C1"})
"""Steps in which Tiger programs of this round may be waiting to execute (DG-8.2-8.4)."""


def _courses(g: DuelGame) -> list[dict[str, Any]]:
    """Where each Tiger's program, laid and waiting (phase B to C1), would take it if it
    ran now: the hexes from its own, the end hex, and whether something stops it short.
    The German's own knowledge (his cards face down by the Tiger, DG-11.2), for his map:
    the table lets him lift his cards; the screen draws them."""
    if g.step not in PROGRAMMED_STEPS or g.step == "A4":  # A4: the stack being laid is drawn as it grows
        return []
    from rulesets.duel_of_the_giants.preview import course

    out = []
    for n, cards in sorted(g.programs.items()):
        if n in g.executed or g.tiger(n) is None:
            continue
        c = course(g, n, counted(tuple(cards)))
        out.append({"tiger": n, "path": [label(p) for p in (c.start, *c.passed)], "end": label(c.end),
                    "stopped": c.stop is not None})
    return out


def _program(g: DuelGame, n: int) -> tuple[str, ...]:
    """Tiger ``n``'s program, or the cards on its stack while it is being programmed."""
    return g.programs.get(n, g.draft)


def projected_tigers(g: DuelGame) -> list[tuple[Tank, tuple[Pos, int, int]]]:
    """Put each Tiger with a program waiting where that program leads as the board
    stands (preview.course, in the order of their numbers), so the evaluation judges
    programs by their effect, not all alike; the Tiger being programmed card by card
    goes where its stack leads were it ended now. Returns what to restore."""
    if g.step not in PROGRAMMED_STEPS:
        return []
    numbers = set(g.programs)
    if g.step == "A4" and g.draft:
        laying = unprogrammed(g)
        numbers |= {laying[0].number} if laying else set()
    if not numbers:
        return []
    from rulesets.duel_of_the_giants.preview import course

    moved: list[tuple[Tank, tuple[Pos, int, int]]] = []
    for n in sorted(numbers):
        t = g.tiger(n)
        if t is None or (g.step == "C1" and n in g.executed):
            continue
        c = course(g, n, counted(_program(g, n)))
        moved.append((t, (t.pos, t.hull, t.turret)))
        t.pos, t.hull, t.turret = c.end, c.hull, c.turret
    return moved


CARD_COST = 0.01
"""Score (VP-like) of each card of a waiting program: of two programs that lead to the
same place the shorter is preferred (every card is one more chance to be blocked
when T-34s move in phase B; ``B F`` is never better than no card)."""


HOMEWARD = 0.1
"""Pull of the airfield on a flying Stuka in its first two flight phases, per flight
action home: a Stuka with nothing to attack comes home instead of drifting out of
reach of its airfield (DG-13.7); a T-34 in reach is worth far more
(threats.stuka_strike)."""
ATG_READY = 0.5
"""Worth of a gun that can fire in the next phase D (no tire marker, DG-12.6)."""
ATG_MOVING = 0.2
"""Worth of a gun under a tire marker: out of the fight until the tire comes off in
the phase D after its move (DG-12.6), so a haul must gain a better position."""


def _judge(g: DuelGame, player: int, cards: int) -> float:
    score = float(g.net_vp + g.round_vp["german"] - g.round_vp["soviet"]) - CARD_COST * cards
    for t in g.tanks.values():
        if t.is_tiger:
            score -= 0.4 * (5 - t.track)
        elif not t.destroyed:
            score -= threats.t34_threat(g, t)
    score -= 0.3 * sum(1 for m in g.markers.values() if m.wheel)
    score += sum(ATG_READY if a.tire is None else ATG_MOVING for a in g.atgs.values() if a.kind != "bluff")
    score += threats.balance(g) - threats.unscreened(g) + threats.stuka_strike(g)
    if g.stuka is not None and g.stuka.state == "flying":
        if stuka.actions_home(g) > stuka.actions_left_in_flight(g):
            score -= g.cfg.rules.vp.table.stuka_forced_landing  # too far to return (DG-13.7)
        elif g.stuka.flight_phase >= 3:
            score -= 0.5 * g.geo.distance(g.stuka.pos, g.stuka.airfield)
        else:
            score -= HOMEWARD * stuka.actions_home(g)
    value = math.tanh(score / 12.0)
    return value if g.side_of[player] == "german" else -value


def identity_blind(g: DuelGame) -> DuelGame:
    """A copy in which every face-down marker counts alike: all tank markers
    wheels, all ATG markers guns, all mine markers mines.

    During the set-up the evaluation judges this copy, so placing a real
    marker or a bluff on the same hex is worth the same, and a computer's
    order of placements tells the opponent nothing about identities (DG-24).
    """
    blind = g.clone()
    for m in blind.markers.values():
        m.wheel = True
    for a in blind.atgs.values():
        if not a.face_up:
            a.kind = "pak36"
    for mi in blind.mines.values():
        if not mi.face_up:
            mi.real = True
    return blind


def resample_secrets(g: DuelGame, side: str, rng: random.Random, likely: bool = False) -> None:
    """Re-deal what ``side`` cannot see, keeping the counts it can infer (for the AI).

    The other side's fire declarations of the stage under way are dealt at random
    among its options, or with ``likely`` (the AI's samples) as that side would likely
    declare them by the public forecasts (search.likely_declaration).

    Reads nothing that ``side`` may not see: the pieces are taken in the order
    of their hexes and the identities dealt from their sorted multiset, so the
    result depends on the view and ``rng`` alone -- two games that look the same
    to ``side`` are re-dealt the same, whatever their real secrets (issue 26.3).
    """
    if side == "german":
        by_owner: dict[int, list[Any]] = {}
        for m in sorted(g.markers.values(), key=lambda m: (m.pos, m.id)):
            by_owner.setdefault(m.owner, []).append(m)
        for _, ms in sorted(by_owner.items()):
            flags = sorted(m.wheel for m in ms)
            rng.shuffle(flags)
            for m, w in zip(ms, flags, strict=False):
                m.wheel = w
        _random_declarations(g, "soviet", rng, likely)
        return
    hidden = sorted((a for a in g.atgs.values() if not a.face_up), key=lambda a: (a.pos, a.id))
    kinds = sorted(a.kind for a in hidden)
    rng.shuffle(kinds)
    for a, k in zip(hidden, kinds, strict=False):
        a.kind = k
    mines = sorted((mi for mi in g.mines.values() if not mi.face_up), key=lambda mi: (mi.pos, mi.id))
    reals = sorted(mi.real for mi in mines)
    rng.shuffle(reals)
    for mi, r in zip(mines, reals, strict=False):
        mi.real = r
    for n in sorted(g.programs):
        if n in g.executed:
            continue
        t = g.tiger(n)
        g.programs[n] = _any_stack(len(g.programs[n]), t.track if t is not None else 1, rng)
    if g.draft:
        laying = unprogrammed(g)
        g.draft = _any_stack(len(g.draft), laying[0].track if laying else 1, rng)
    _random_declarations(g, "german", rng, likely)


def _any_stack(height: int, track: int, rng: random.Random) -> tuple[str, ...]:
    """A program of ``height`` cards (the stack's height is seen, DG-11.4): some
    movement cards within the track, then Stop and filler when it is shorter."""
    moves = rng.randint(0, min(track, height))
    cards = [rng.choice(("F", "F", "L", "R", "B")) for _ in range(moves)]
    if moves < height:
        cards += ["S", *("S" for _ in range(height - moves - 1))]
    return tuple(cards)


def _random_declarations(g: DuelGame, side: str, rng: random.Random, likely: bool) -> None:
    if g.combat is None:
        return
    from rulesets.duel_of_the_giants.combat import side as unit_side
    from rulesets.duel_of_the_giants.combat import unit
    from rulesets.duel_of_the_giants.search import likely_declaration

    for uid in sorted(g.combat.decl):
        u = unit(g, uid)
        if u is not None and unit_side(u) == side:
            g.combat.decl[uid] = (likely_declaration(g, uid, rng) if likely
                                  else rng.choice([*g.combat.options.get(uid, []), None]))
