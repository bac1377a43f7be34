"""Previews of the decisions a player used to take blind (issue 59.9): which hexes
an ATG's gun covers along a facing, where the flying Stuka can get with the
actions it has left and which T-34 it could attack from there.

Each is read from the board as it stands, the way the game itself will apply the
rules: an ATG fires only along its facing ray (DG-12.3) where it has a line of
sight (DG-16); the Stuka moves ``F``/``L``/``R`` one action each (DG-13.3) and
attacks a T-34 from the hex behind it (DG-13.5). Nothing here reads what the
player to move may not know: an ATG's identity is the German's own, the pieces
and the Soviet markers' places are public (DG-24.3). Used by ``moves`` (notes),
the ``preview`` table command and the browser's drawings (:mod:`.table_aids`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rulesets.duel_of_the_giants import stuka
from rulesets.duel_of_the_giants.actions import T34Dash, T34Step, T34Turret
from rulesets.duel_of_the_giants.board import FACINGS, Pos, label, opposite
from rulesets.duel_of_the_giants.combat import exchange_words, name, shot_forecast
from rulesets.duel_of_the_giants.los import concealed, has_los

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core.game import Action
    from rulesets.duel_of_the_giants.game import DuelGame
    from rulesets.duel_of_the_giants.pieces import Atg, Tank


@dataclass(frozen=True)
class Cover:
    """What an ATG facing one way covers (DG-12.3, DG-16): the hexes of its ray it sees,
    nearest first, and each live T-34 among them with what a shot would do."""

    hexes: tuple[Pos, ...]
    targets: tuple[tuple[Pos, str], ...]


def atg_cover(g: DuelGame, gun: Atg, at: Pos | None = None, facing: int | None = None) -> Cover:
    """The hexes ``gun`` would cover standing at ``at`` facing ``facing`` (its own place
    and facing by default): along the ray up to the board's edge or the first hex it
    cannot see; the T-34s there, not concealed from it, with the forecast of its shot."""
    where = gun.pos if at is None else at
    aim = gun.facing if facing is None else facing
    moved = replace(gun, pos=where, facing=aim)
    seen: list[Pos] = []
    targets: list[tuple[Pos, str]] = []
    p = g.geo.step(where, aim)
    while g.geo.on_board(p):
        if g.geo.distance(where, p) > 1 and not _sees(g, where, p, gun.pos):
            break
        seen.append(p)
        t = g.tank_at(p)
        if t is not None and not t.is_tiger and not t.destroyed and not concealed(g, p, where, t.id) \
                and gun.kind != "bluff":
            shot = shot_forecast(g, moved, t)
            both = exchange_words(g, replace(moved, face_up=True), t, "the gun", f"the gun's shot {shot.words(name(t))}")
            targets.append((p, both or shot.words(name(t))))
        p = g.geo.step(p, aim)
    return Cover(tuple(seen), tuple(targets))


def _sees(g: DuelGame, a: Pos, b: Pos, home: Pos) -> bool:
    """Line of sight from ``a`` to ``b`` (DG-16) for a gun that may be hauled from
    ``home``: its own marker does not stand in the way of its new place."""
    if home == a or g.atg_at(home) is None:
        return has_los(g, a, b)
    gun = g.atg_at(home)
    assert gun is not None
    kept = g.atgs.pop(gun.id)
    try:
        return has_los(g, a, b)
    finally:
        g.atgs[gun.id] = kept


def cover_note(g: DuelGame, gun: Atg, at: Pos | None = None, facing: int | None = None) -> str:
    """``covers e4 f4 g4 (DG-12.3); T-34 #2 at g4: destroys T-34 #2 (...)`` for ``moves``."""
    c = atg_cover(g, gun, at, facing)
    aim = FACINGS[gun.facing if facing is None else facing]
    if not c.hexes:
        where = gun.pos if at is None else at
        if not g.geo.on_board(g.geo.step(where, gun.facing if facing is None else facing)):
            return f"facing {aim} it covers no hex: it faces the board's edge (DG-12.3)"
        return f"facing {aim} it covers no hex: its line of sight ends at once (DG-16)"
    note = f"facing {aim} it covers {_span(c.hexes)} (DG-12.3)"
    if gun.kind == "bluff":
        return note + "; a bluff fires nothing"
    if c.targets:
        note += "; " + "; ".join(f"at {label(p)}: {words}" for p, words in c.targets)
    return note


def _span(hexes: tuple[Pos, ...]) -> str:
    return label(hexes[0]) if len(hexes) == 1 else f"{label(hexes[0])}-{label(hexes[-1])} ({len(hexes)} hexes)"


@dataclass(frozen=True)
class Flight:
    """Where the flying Stuka stands after an action, and what it can still do in this
    flight phase: the hexes it can reach with the actions left (DG-13.3) and each
    T-34 it can attack from behind (DG-13.5) with the actions that takes."""

    pos: Pos
    facing: int
    left: int
    reach: tuple[Pos, ...]
    strikes: tuple[tuple[int, Pos, str], ...]
    """(actions, hex behind, T-34's name and hex) for each attack within reach."""
    home: int
    """The fewest actions back onto the airfield from there (DG-13.6, DG-13.7)."""


def flight(g: DuelGame, op: str | None = None) -> Flight | None:
    """The Stuka's flight after ``op`` (``F``, ``L``, ``R``, ``launch``; ``None``: as it
    stands), or ``None`` when it is not in the air (or would not be)."""
    s = g.stuka
    if s is None:
        return None
    per_phase = g.cfg.weapons.stuka.actions_per_flight_phase
    if op == "launch":
        pos, facing, left = s.airfield, s.facing, per_phase
    elif s.state != "flying":
        return None
    elif op in ("F", "L", "R"):
        (pos, facing), left = stuka.after_action(g, op), s.actions_left - 1
    else:
        pos, facing, left = s.pos, s.facing, s.actions_left if g.step == "D4" else per_phase
    reach = _reach(g, pos, facing, left)
    strikes: list[tuple[int, Pos, str]] = []
    if not s.attacked:
        for t in g.t34s():
            rear = None if t.destroyed else stuka.attack_hex(g, t)
            need = None if rear is None else stuka.flight_actions(g, pos, facing, rear)
            if rear is not None and need is not None and need <= left:
                strikes.append((need, rear, f"{name(t)} at {label(t.pos)}"))
    home = min(stuka.flight_actions(g, pos, facing, s.airfield) or 0, 99)
    return Flight(pos, facing, left, tuple(sorted(reach)), tuple(sorted(strikes)), home)


def _reach(g: DuelGame, pos: Pos, facing: int, left: int) -> set[Pos]:
    """Every hex the Stuka can stand on within ``left`` flight actions (DG-13.3)."""
    seen = {(pos, facing): 0}
    frontier = deque(seen)
    while frontier:
        p, f = frontier.popleft()
        d = seen[(p, f)]
        if d >= left:
            continue
        ahead = g.geo.step(p, f)
        nxt = [(p, (f + 1) % 6), (p, (f - 1) % 6)] + ([(ahead, f)] if g.geo.on_board(ahead) else [])
        for state in nxt:
            if state not in seen:
                seen[state] = d + 1
                frontier.append(state)
    return {p for p, _ in seen} - {pos}


def flight_note(g: DuelGame, op: str, target: Pos | None = None) -> str:
    """The note ``moves`` shows beside a Stuka action: where it stands after it, the
    hexes and attacks within the actions left, the way home."""
    s = g.stuka
    if s is None:
        return ""
    if op == "attack" and target is not None:
        t = g.tank_at(target)
        return "" if t is None else f"destroys {name(t)} from behind (DG-13.5)"
    if op == "land":
        return "lands on the airfield: its flight is over (DG-13.6)"
    f = flight(g, op)
    if f is None:
        return ""
    where = f"then at {label(f.pos)} facing {FACINGS[f.facing]}, {f.left} action(s) left this phase"
    if f.strikes:
        need, rear, who = f.strikes[0]
        more = f" (+{len(f.strikes) - 1} more)" if len(f.strikes) > 1 else ""
        where += (f"; from there it can attack {who}{more} (DG-13.5)" if need == 0 else
                  f"; it can attack {who} from {label(rear)} after {need} more action(s){more} (DG-13.5)")
    elif not s.attacked:
        where += "; no T-34 to attack within them"
    if f.home == 0:
        return where + "; over its airfield"
    w = g.cfg.weapons.stuka
    phase = 1 if op == "launch" else s.flight_phase
    flight_left = f.left + w.actions_per_flight_phase * (w.flight_phases - phase)
    if f.home > flight_left:  # in words, before the player flies on into a forced landing
        return where + (f"; {f.home} action(s) back to the airfield, more than the {flight_left} its flight "
                        "has left: it would force-land (DG-13.7)")
    return where + f"; {f.home} action(s) back to the airfield ({flight_left} left in its flight)"


def preview_stuka(g: DuelGame) -> str:
    """``preview stuka``: the flight as it stands, every hex within reach and every attack."""
    s = g.stuka
    if s is None:
        return "there is no Stuka in this game (DG-13)"
    f = flight(g, "launch" if s.state == "ground" else None)
    if f is None:
        return f"the Stuka is {s.state}: its one flight is over (DG-13.1)"
    head = "once launched, from the airfield" if s.state == "ground" else "flying"
    lines = [f"Stuka {head} at {label(f.pos)} facing {FACINGS[f.facing]}, {f.left} action(s) this flight phase "
             f"(F, L, R: one each, DG-13.3):",
             f"  can reach {len(f.reach)} hexes: " + hex_runs(f.reach)]
    if s.attacked:
        lines.append("  its one attack of this flight is made (DG-13.5)")
    elif f.strikes:
        for need, rear, who in f.strikes:
            lines.append(f"  attack {who} from {label(rear)} after {need} action(s): destroys it (DG-13.5)")
    else:
        lines.append("  no T-34 can be attacked from behind within them (DG-13.5)")
    away = "right below it" if f.home == 0 else f"{f.home} action(s) away"
    lines.append(f"  the airfield {label(s.airfield)} is {away}; it must be there, free, at the end "
                 "of the last flight phase or the Stuka force-lands (DG-13.6, DG-13.7)")
    return "\n".join(lines)


def hex_runs(hexes: tuple[Pos, ...]) -> str:
    """Hexes as runs down each column, ``a3-a5 a7-a9 b3-b9``: the Stuka's reach in a line
    a player can read against the board's rows (issue 59.9), not 33 labels in a row."""
    runs: list[list[Pos]] = []
    for p in sorted(hexes):
        if runs and runs[-1][-1][0] == p[0] and runs[-1][-1][1] + 1 == p[1]:
            runs[-1].append(p)
        else:
            runs.append([p])
    return " ".join(label(r[0]) if len(r) == 1 else f"{label(r[0])}-{label(r[-1])}" for r in runs)


def preview_atg(g: DuelGame, at: Pos) -> str:
    """``preview HEX`` on one of the German's guns: what each of its six facings covers."""
    gun = g.atg_at(at)
    if gun is None:
        return f"no ATG at {label(at)}"
    lines = [f"{name(gun)} at {label(at)}, facing {FACINGS[gun.facing]} now; each facing covers:"]
    for f in range(6):
        lines.append(f"  {FACINGS[f]:>2}: {cover_note(g, gun, at, f)}")
    return "\n".join(lines)


def t34_destination(g: DuelGame, action: T34Step | T34Dash) -> tuple[Tank, Pos, int] | None:
    """The T-34 a step or dash moves, the hex it ends on and its hull there (DG-15.3,
    DG-15.4), read from the action and the board (no move is tried: a trial could
    tread on a mine the Soviet player may not know of)."""
    t = g.tank_at(action.at)
    if t is None or t.is_tiger:
        return None
    if isinstance(action, T34Dash):
        p = t.pos
        for _ in range(action.length):
            p = g.geo.step(p, t.hull)
        return t, p, t.hull
    if action.op == "F":
        return t, g.geo.step(t.pos, t.hull), t.hull
    if action.op == "B":
        return t, g.geo.step(t.pos, opposite(t.hull)), t.hull
    return t, t.pos, (t.hull + (1 if action.op == "R" else -1)) % 6


def t34_danger(g: DuelGame, action: T34Step | T34Dash) -> str:
    """``under fire from Tiger 1 (c5): destroys it (DG-17)`` for a T-34's step or dash
    (issue 59.1): who could shoot it where it ends, and a mine marker on its way, from
    what the Soviet player knows."""
    from rulesets.duel_of_the_giants.threats import covering_note

    where = t34_destination(g, action)
    if where is None:
        return ""
    notes = [covering_note(g, *where), *mines_ahead(g, action)]
    if isinstance(action, T34Step) and action.op in ("L", "R"):  # the turret turns with the hull
        t = where[0]
        turned = replace(t, hull=where[2], turret=(t.turret + (1 if action.op == "R" else -1)) % 6)
        aimed = _aimed_at(g, turned)
        notes.insert(0, aimed[1] if aimed is not None else "")
    return "; ".join(n for n in notes if n)


def turret_note(g: DuelGame, action: T34Turret) -> str:
    """What a T-34's gun would be laid on with its turret turned (issue 59.9): the first
    German unit it sees that way, a Tiger or a gun turned face up, with what the shot
    would do (``aims at Tiger 1 (c4): damages it: its track 5 → 4 (...)``), or ``""``."""
    t = g.tank_at(action.at)
    if t is None or t.is_tiger:
        return ""
    aimed = _aimed_at(g, replace(t, turret=action.facing))
    return aimed[1] if aimed is not None else ""


def mines_ahead(g: DuelGame, action: T34Step | T34Dash) -> list[str]:
    """The mine markers a T-34's step or dash would drive onto (issue 59.1), in the Soviet
    player's words: a mine turned face up stops it (DG-14.4); a face-down marker stops it
    if it is a real mine, and what it is the Soviet cannot know (DG-14.2: 4 of the 8
    markers are mines), so it is named as a marker and no more. The first one stops the
    drive or is removed as a bluff: the hexes after it are not read."""
    t = g.tank_at(action.at)
    if t is None or t.is_tiger:
        return []
    if isinstance(action, T34Dash):
        steps, hull = action.length, t.hull
    elif action.op in ("F", "B"):
        steps, hull = 1, t.hull if action.op == "F" else opposite(t.hull)
    else:
        return []
    p = t.pos
    for _ in range(steps):
        p = g.geo.step(p, hull)
        m = g.mine_at(p)
        if m is None:
            continue
        if m.face_up:
            return [f"a known mine at {label(p)} stops it there (DG-14.4)"] if m.real else []
        return [f"a mine marker at {label(p)}: a real mine would stop it there (DG-14.2)"]
    return []


def facing_preview(g: DuelGame, at: Pos, hull: int, turret: int) -> tuple[str, list[tuple[Pos, str]]]:
    """What a T-34 activated or oriented on ``at`` with ``hull`` and ``turret`` would face
    (issue 59.9): the first German unit its gun would aim at -- a Tiger, or an ATG turned
    face up (a face-down marker cannot be shot, DG-17.2) -- in sight, with what the shot
    would do, and who could shoot it there (:func:`threats.covering`). Returns the note
    and the lines to draw: (the other end, its label) for each."""
    from rulesets.duel_of_the_giants.pieces import Tank
    from rulesets.duel_of_the_giants.threats import covering

    real = g.tank_at(at)
    if real is not None and not real.is_tiger:
        tank = replace(real, hull=hull, turret=turret)
    else:
        soviet = g.side_players["soviet"][0]
        tank = Tank("preview", "soviet", soviet, at, hull, turret)
    parts: list[str] = []
    lines: list[tuple[Pos, str]] = []
    aimed = _aimed_at(g, tank)
    if aimed is not None:
        target, words = aimed
        parts.append(words)
        whom, _, effect = words.removeprefix("aims at ").partition(": ")
        # the figures stay in the note; so does the rest of an exchange ("... fires first")
        lines.append((target, f"{whom}: {effect.split(' (')[0]}"))
    danger = covering(g, tank, at, hull)
    for pos, who, what in danger:
        parts.append(f"under fire from {who}: {what}")
        lines.append((pos, f"{who}: {what}"))
    if not parts:
        return "no German gun in line either way from where they stand now (DG-17)", lines
    # the aim's forecast carries its own rule; the rule of the fire it comes under follows that
    return "; ".join(parts) + (" (DG-17)" if danger else ""), lines


def _aimed_at(g: DuelGame, tank: Tank) -> tuple[Pos, str] | None:
    """The first German unit on ``tank``'s turret ray that it sees, with its shot's forecast.

    A gun turned face up under transport (a tire marker) can be neither fired at nor fire
    (DG-12.6, DG-17.2): it is passed over, and named with that reason when nothing further
    on is in line (hidden playtest: ``aims at the PAK 36 (d10): destroys it`` promised a
    shot the combat never offered)."""
    moving: tuple[Pos, str] | None = None
    p = g.geo.step(tank.pos, tank.turret)
    while g.geo.on_board(p):
        if g.geo.distance(tank.pos, p) > 1 and not has_los(g, tank.pos, p):
            return moving
        tank_there = g.tank_at(p)
        if tank_there is not None and not tank_there.is_tiger:
            return moving  # another T-34 is in the way
        target: Tank | Atg | None = tank_there
        if target is None:
            gun = g.atg_at(p)
            target = gun if gun is not None and gun.face_up and not gun.destroyed else None
            if gun is not None and target is not None and gun.tire is not None:
                moving = moving or (p, f"aims at {name(gun)} ({label(p)}): {TRANSPORT_WORDS}")
                target = None
        if target is not None and not target.destroyed and not concealed(g, p, tank.pos, target.id):
            shot = shot_forecast(g, tank, target)
            both = exchange_words(g, tank, target, name(tank), f"{name(tank)}'s shot {shot.words(name(target))}",
                                  together=False)  # its note says the fire it comes under
            return p, f"aims at {name(target)} ({label(p)}): " + (both or shot.words())
        p = g.geo.step(p, tank.turret)
    return moving


TRANSPORT_WORDS = "in transport (tire marker), it can be neither fired at nor fire this round (DG-12.6)"
"""Why a T-34 aimed at a gun under transport gets no shot at it (DG-12.6, DG-17.2)."""


def threats_command(g: DuelGame, player: int | None, arguments: str) -> str:
    """``threats``: for each of the asking side's tanks, who could shoot it where it
    stands and what the shot would do, from what that side knows (issue 59.1; see
    :func:`threats.covering`). Where a tank may go, ``moves`` notes the same."""
    from core.errors import TanktableError
    from rulesets.duel_of_the_giants.threats import covering

    if player is None or player < 0:
        raise TanktableError("threats is for a player: it reads what your side may know")
    if arguments.strip():
        raise TanktableError("usage: threats  (who could shoot each of your tanks where it stands)")
    mine = [t for t in g.tanks.values() if t.owner == player and not t.destroyed]
    if not mine:
        return "none of your tanks is on the board"
    lines = []
    for t in sorted(mine, key=lambda t: (not t.is_tiger, t.number)):
        found = covering(g, t, t.pos)
        head = f"{name(t)} at {label(t.pos)}"
        if not found:
            lines.append(f"{head}: " + ("no T-34 could hit it there" if t.is_tiger
                                         else "no German gun in line from where they stand now"))
        else:
            lines.append(f"{head}: " + "; ".join(f"{who}: {what}" for _, who, what in found))
    moves = ("from where the Tigers stand now; they drive their programs in phase C before combat"
             if g.side_of.get(player) == "soviet" else "as the board stands: pieces still move before the next combat")
    tail = f"({moves}; a face-down marker is not counted, it may be a bluff; DG-17)"
    return "\n".join([*lines, tail])


MERGE_ABOVE = 12
"""A list of at most this many moves keeps a line per move with its full note (``moves d3``)."""


def turn_lines(g: DuelGame, actions: Sequence[Action], notes: Sequence[str]) -> list[tuple[str, str]]:
    """``moves`` in phase A2 by gun (issue 59, the list ran to 40 lines): the turns of one
    ATG marker on one line as the commands to paste (``face d3 NE   face d3 SE ...``), what
    each facing would cover in one note under it, read from :func:`atg_cover` (not from
    the notes' text). In A1 a gun under transport hauled to one hex is one line (``haul
    c2 b3 FACING``) with the cover of each facing there (66 lines were one a facing).
    Every other move keeps its line and note, each under :meth:`DuelGame.group_of`'s
    heading, the gun's hex."""
    from rulesets.duel_of_the_giants.actions import Face, Haul
    from rulesets.duel_of_the_giants.atg import NAMES
    from rulesets.duel_of_the_giants.notation import format_action

    moves: dict[tuple[Pos, Pos | None], list[Face | Haul]] = {}
    for a in actions:
        if isinstance(a, (Face, Haul)):
            moves.setdefault((a.at, a.to if isinstance(a, Haul) else None), []).append(a)
    bluffs: dict[Pos, list[Pos]] = {}  # a bluff hauled: where it may go, if every hex takes the same facings
    for at, to in moves:
        gun = g.atg_at(at)
        if to is not None and gun is not None and gun.kind == "bluff":
            bluffs.setdefault(at, []).append(to)
    for at, tos in list(bluffs.items()):
        if len({tuple(t.facing for t in moves[(at, to)]) for to in tos}) > 1:
            del bluffs[at]
    out: list[tuple[str, str]] = []
    for a, note in zip(actions, notes, strict=True):
        if not isinstance(a, (Face, Haul)):
            out.append((g.group_of(a, note), format_action(a) + (f"  ({note})" if note else "")))
            continue
        to = a.to if isinstance(a, Haul) else None
        turns = moves.pop((a.at, to), [])
        gun = g.atg_at(a.at)
        if not turns or gun is None:
            continue  # listed with the first of its kind
        said = "; ".join(f"{FACINGS[t.facing]} {_covers(g, gun, to, t.facing)}" for t in turns)
        what = "a bluff: fires nothing" if gun.kind == "bluff" else NAMES[gun.kind]
        if to is None:
            note = f"{what}, faces {FACINGS[gun.facing]}; turned it covers {said} (DG-12.3)"
            out.append((label(a.at), "   ".join(format_action(t) for t in turns) + f"  ({note})"))
        elif a.at in bluffs:  # what it would cover is moot: one line for the gun
            hexes = bluffs.pop(a.at)
            for other in hexes:
                moves.pop((a.at, other), None)
            out.append((label(a.at), f"haul {label(a.at)} HEX FACING  (a bluff: fires nothing; HEX "
                        f"{' '.join(label(h) for h in hexes)}, FACING {' '.join(FACINGS[t.facing] for t in turns)} "
                        "(DG-12.6))"))
        else:
            out.append((label(a.at), f"haul {label(a.at)} {label(to)} FACING  ({what}; there it covers {said} "
                        "(DG-12.6, DG-12.3))"))
    return out


def _covers(g: DuelGame, gun: Atg, at: Pos | None, facing: int) -> str:
    """What ``gun`` standing at ``at`` (its own hex for ``None``) would cover facing ``facing``,
    in a few words: ``d4-g9, at g9: no effect on T-34 #7: ...``, ``no hex (the board's edge)``."""
    c = atg_cover(g, gun, at, facing)
    if c.hexes:
        return "-".join(dict.fromkeys(label(h) for h in (c.hexes[0], c.hexes[-1]))) + "".join(
            f", at {label(p)}: {words}" for p, words in c.targets)
    if not g.geo.on_board(g.geo.step(gun.pos if at is None else at, facing)):
        return "no hex (the board's edge)"
    return "no hex (its sight ends at once)"


def facing_lines(g: DuelGame, actions: Sequence[Action], notes: Sequence[str]) -> list[tuple[str, str]]:
    """``moves`` when T-34s are activated or oriented (O3, B2, DG-10.6): each marker's 36
    hull-and-turret pairs grouped by what they lead to (issue 59, 288 lines in the
    opening): the few that lay the gun on a German unit, with their commands, then the
    rest in one line (``activate f4 HULL TURRET, the 33 other facings``), so every facing
    can still be found and typed; ``moves f4`` lists one marker's in full."""
    from rulesets.duel_of_the_giants.actions import Activate, Orient
    from rulesets.duel_of_the_giants.notation import format_action

    groups: dict[Pos, dict[str, list[Action]]] = {}
    out: list[tuple[str, str]] = []
    for a, note in zip(actions, notes, strict=True):
        if isinstance(a, Orient) or (isinstance(a, Activate) and a.hull is not None):
            at = a.at
            if at not in groups:
                groups[at] = {}
                out.append((label(at), ""))  # the marker's place in the list, filled below
            groups[at].setdefault(note, []).append(a)
        else:
            out.append((g.group_of(a, note), format_action(a) + (f"  ({note})" if note else "")))
    filled: list[tuple[str, str]] = []
    for head, text in out:
        if text:
            filled.append((head, text))
            continue
        by_note = groups[next(p for p in groups if label(p) == head)]
        every = sum(len(v) for v in by_note.values())
        rest = max(by_note, key=lambda n: len(by_note[n]))
        verb = format_action(by_note[rest][0]).rsplit(" ", 2)[0]
        for note, acts in by_note.items():
            if note != rest:
                filled.append((head, _facings_said(verb, acts) + (f"  ({note})" if note else "")))
        many = len(by_note[rest])
        which = (f"any of the {many} facings, each {' '.join(FACINGS)}" if many == every
                 else f"the {many} other facings")
        filled.append((head, f"{verb} HULL TURRET  ({which}" + (f"; {rest})" if rest else ")")))
    return filled


def _facings_said(verb: str, acts: Sequence[Action]) -> str:
    """A few facings as their commands (``activate f4 W W   activate f4 NW W``); more, as
    one command with the facings that change (``activate f4 HULL W, hull NE E SE SW W NW``),
    so the line stays within 80 columns."""
    from rulesets.duel_of_the_giants.actions import Activate, Orient

    pairs = [(a.hull, a.turret) for a in acts
             if isinstance(a, (Activate, Orient)) and a.hull is not None and a.turret is not None]
    if len(pairs) <= 3:
        return "   ".join(f"{verb} {FACINGS[h]} {FACINGS[t]}" for h, t in pairs)
    hulls, turrets = {h for h, _ in pairs}, {t for _, t in pairs}
    if len(turrets) == 1:
        return f"{verb} HULL {FACINGS[pairs[0][1]]}, " + (
            "any hull" if len(hulls) == 6 else f"hull {' '.join(FACINGS[h] for h, _ in pairs)}")
    if len(hulls) == 1:
        return f"{verb} {FACINGS[pairs[0][0]]} TURRET, " + (
            "any turret" if len(turrets) == 6 else f"turret {' '.join(FACINGS[t] for _, t in pairs)}")
    return f"{verb} HULL TURRET, " + ", ".join(f"{FACINGS[h]} {FACINGS[t]}" for h, t in pairs)


def quiet_lines(g: DuelGame, actions: Sequence[Action], notes: Sequence[str]) -> list[tuple[str, str]]:
    """``moves`` in phase B3 by T-34 (issue 59: a line per move ran to 70 lines with
    eight T-34s): the moves of one tank that meet nothing worth a note share a line of
    commands to paste (``g6 B   g6 L   g6 R   g6 T NE ...``, at most 76 columns a line);
    a move with a note (a gun in line, a mine marker ahead) keeps its own line."""
    from rulesets.duel_of_the_giants.notation import format_action

    order: list[str] = []  # each tank's heading (its hex), or a move of no tank's, in order
    quiet: dict[str, list[str]] = {}
    noted: dict[str, list[str]] = {}
    for a, note in zip(actions, notes, strict=True):
        head, text = g.group_of(a, note), format_action(a)
        if not head:
            order.append(text)  # ``end``: not a tank's
            continue
        if head not in quiet:
            order.append(head)
            quiet[head], noted[head] = [], []
        if note:
            noted[head].append(f"{text}  ({note})")
        else:
            quiet[head].append(text)
    out: list[tuple[str, str]] = []
    for head in order:
        if head not in quiet:
            out.append(("", head))
            continue
        row: list[str] = []
        for text in quiet[head]:  # its quiet moves first, packed, then each noted move
            if row and len("   ".join([*row, text])) > 76:
                out.append((head, "   ".join(row)))
                row = []
            row.append(text)
        if row:
            out.append((head, "   ".join(row)))
        out += [(head, text) for text in noted[head]]
    return out
