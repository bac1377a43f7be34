"""Foresight for a German player: where a Tiger program leads, and whether an
ATG has a line of fire (issue 19 item 6).

``course`` runs a program through the real execution of DG-11.5
(:func:`tigers.execute`) on a scratch copy of the few containers it touches,
so the answer follows every rule and setting the game itself applies
(hex costs, front hexes, blockers, turret card after a block). It is a
forecast *as the board stands now*: T-34s and markers move in phase B before
the Tigers execute in phase C, and the other Tiger may execute first.

``preview`` is the ``preview TIGER CARDS`` table command; ``program_note``
and ``atg_note`` are the notes ``moves`` shows beside each candidate. None of
this changes the game or reads anything a German player could not see: the
board, the pieces and the Soviet markers' places are public (DG-24.3).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from core.errors import TanktableError
from core.game import TableCommand
from rulesets.duel_of_the_giants import tigers
from rulesets.duel_of_the_giants.actions import Activate, Program
from rulesets.duel_of_the_giants.board import CLOCK_NAMES, FACINGS, Pos, label, opposite, parse_hex
from rulesets.duel_of_the_giants.copying import records, shallow
from rulesets.duel_of_the_giants.los import concealed, has_los, sight
from rulesets.duel_of_the_giants.notation import parse_action
from rulesets.duel_of_the_giants.threats import covering_note, standing

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame
    from rulesets.duel_of_the_giants.pieces import Atg, Tank

USAGE = "preview TIGER CARDS | preview stuka | preview HEX"


@dataclass(frozen=True)
class Course:
    """Where a Tiger program leads (DG-11.5)."""

    start: Pos
    start_hull: int
    end: Pos
    hull: int
    turret: int
    passed: tuple[Pos, ...]
    """Every hex entered, in order (the end hex last when the Tiger moved)."""
    stop: str | None
    """What blocked the Tiger, with the rule, or None."""
    lost: str | None
    """Cards spent without effect (a run too short to enter a hex, DG-AMB-16), or None."""
    wasted: tuple[int, str] | None = None
    """That run as (its length, its card ``F`` or ``B``), from the event's data."""

    @property
    def stands_still(self) -> bool:
        """Ends on its starting hex with its starting hull facing."""
        return self.end == self.start and self.hull == self.start_hull


def course(g: DuelGame, tiger: int, cards: tuple[str, ...]) -> Course:
    """The course of ``cards`` for Tiger ``tiger`` if it executed now (see the module docstring)."""
    t = g.tiger(tiger)
    if t is None:
        raise TanktableError(f"there is no Tiger {tiger} (DG-11.1)")
    scratch = shallow(g)
    scratch.tanks = records(g.tanks)
    scratch.terrain = dict(g.terrain)
    scratch.drifts = dict(g.drifts)
    scratch.front = set(g.front)
    scratch.executed = set()
    scratch.programs = {tiger: cards}
    moved = scratch.tanks[t.id]
    passed: list[Pos] = []
    stop: str | None = None
    lost: str | None = None
    wasted: tuple[int, str] | None = None
    for e in tigers.execute(scratch, moved):
        if "to" in e.data:
            passed.append(parse_hex(str(e.data["to"])))
        elif "blocked" in e.data:
            stop = str(e.data["blocked"])
        elif "lost" in e.data:
            lost = str(e.data["lost"])
            wasted = (int(str(e.data["run"])), str(e.data["card"]))
    return Course(t.pos, t.hull, moved.pos, moved.hull, moved.turret, tuple(passed), stop, lost, wasted)


def _turret(c: Course) -> str:
    return f"turret {CLOCK_NAMES[(c.turret - c.hull) % 6]} o'clock"


def program_note(g: DuelGame, action: Program, every_aim: bool = False) -> str:
    """``end e5 E, turret 12 o'clock`` (+ ``blocked`` / ``cards lost``) for ``moves``.

    The note names no hex but the end, so ``moves e5`` finds the programs ending on e5.
    With ``every_aim`` (a program about to execute, C1) it says what the gun is laid on
    even where the shot would do nothing, or that no T-34 is in its line (playtest of
    issue 58: C1 did not say what each gun would be laid on).
    """
    moved = g.tiger(action.tiger)
    if moved is None:
        return ""
    c = course(g, action.tiger, tigers.counted(action.cards))
    note = f"end {label(c.end)} {FACINGS[c.hull]}, {_turret(c)}"
    if c.stands_still:
        note += ", stands still"
    if c.stop is not None:
        note += f", stopped short by {c.stop}"
    elif c.lost is not None:
        note += f"; {lost_words(g, c)}"
    aim = aim_words(g, moved, c)
    if aim is not None and (every_aim or ": no effect" not in aim):
        note += f"; its gun on {aim}"  # what it could shoot from there (issue 59.9)
    elif every_aim and aim is None:
        note += "; no T-34 in its gun's line there"
    danger = covering_note(g, moved, c.end, c.hull)  # who could shoot it there (issue 59.1)
    return f"{note}; {danger}" if danger else note


def lost_words(g: DuelGame, c: Course) -> str:
    """The cards a program wastes, in a player's words (issue 59.3): ``1 F card wasted:
    e5 (front element) takes 2 F cards in a row (DG-AMB-16)``. From the course's wasted
    run (DG-AMB-16, :func:`tigers.execute`), which could not enter the next hex: beyond
    the end hex along the hull (F) or behind it (B)."""
    if c.wasted is None:
        return c.lost or ""
    run, card = c.wasted
    ahead = g.geo.step(c.end, c.hull if card == "F" else opposite(c.hull))
    why = []
    kind = g.terrain.get(ahead)
    if (g.tt(ahead).tiger_cost or 1) > 1 and kind is not None:
        why.append(kind.replace("_", " "))
    if ahead in g.front:
        why.append("front element")
    because = f" ({', '.join(why)})" if why else ""
    return (f"{run} {card} card{'s' if run != 1 else ''} wasted: {label(ahead)}{because} takes "
            f"{tigers.entry_cards(g, ahead)} {card} cards in a row (DG-AMB-16)")


def aim_words(g: DuelGame, tiger: Tank, c: Course) -> str | None:
    """What the Tiger's gun would be laid on where its program ends (issue 59.9): the first
    T-34 along its turret that it sees, with the shot's forecast (``T-34 #2 (g5): destroys
    it (...)``), or None. As the board stands: the T-34s move in phase B first."""
    from rulesets.duel_of_the_giants.combat import exchange_words, shot_forecast

    there = replace(tiger, pos=c.end, hull=c.hull, turret=c.turret)
    with standing(g, there):  # the hex it left does not block its own line (DG-16.4)
        p = g.geo.step(c.end, c.turret)
        while g.geo.on_board(p):
            if g.geo.distance(c.end, p) > 1 and not has_los(g, c.end, p):
                return None
            other = g.tank_at(p)
            if other is not None and other.id != tiger.id:
                if other.is_tiger or other.destroyed or concealed(g, p, c.end, other.id):
                    return None
                shot = shot_forecast(g, there, other)
                both = exchange_words(g, there, other, f"Tiger {tiger.number}",
                                      f"Tiger {tiger.number}'s shot {shot.words(f'T-34 #{other.number}')}",
                                      together=False)  # the note says the fire it comes under
                return f"T-34 #{other.number} ({label(p)}): {both or shot.words()}"
            p = g.geo.step(p, c.turret)
    return None


def preview(g: DuelGame, player: int | None, arguments: str) -> str:
    """``preview tiger1 F F T2``: end hex and facing, the hexes passed, what stops it."""
    words = arguments.split()
    if not words:
        raise TanktableError(f"usage: {USAGE}  (e.g. preview tiger1 F F R T2)")
    if words[0].lower() == "stuka" and len(words) == 1:
        from rulesets.duel_of_the_giants.foresight import preview_stuka

        return preview_stuka(g)
    at = _hex_or_none(words[0]) if len(words) == 1 else None
    if at is not None:
        return _preview_gun(g, player, at)
    action = parse_action(" ".join(words))
    if not isinstance(action, Program):
        raise TanktableError(f"usage: {USAGE}  (e.g. preview tiger1 F F R T2)")
    t = g.tiger(action.tiger)
    if t is None:
        raise TanktableError(f"there is no Tiger {action.tiger} (DG-11.1)")
    problem = tigers.program_problem(g, t, action.cards)
    if problem is not None:
        raise TanktableError(f"this program is not allowed: {problem}")
    c = course(g, action.tiger, tigers.counted(action.cards))
    cards = " ".join(action.cards) or "(no cards)"
    lines = [f"Tiger {t.number} at {label(c.start)} facing {FACINGS[c.start_hull]}, program {cards}:"]
    lines.append(f"  ends at {label(c.end)} facing {FACINGS[c.hull]}, {_turret(c)} (its gun {FACINGS[c.turret]})"
                 + (" -- where it began" if c.stands_still else ""))  # the clock read as a compass point
    route = " -> ".join(label(p) for p in (c.start, *c.passed))
    lines.append(f"  hexes passed: {route}" if c.passed else "  hexes passed: none (it does not leave its hex)")
    if c.stop is not None:
        lines.append(f"  stopped by {c.stop}; the remaining movement cards are forfeited")
    if c.lost is not None:
        lines.append(f"  {lost_words(g, c)}")
    aim = aim_words(g, t, c)
    lines.append(f"  its gun then on {aim}" if aim is not None else "  no T-34 in its gun's line from there (DG-17.2)")
    danger = covering_note(g, t, c.end, c.hull)
    lines.append(f"  {danger}" if danger else "  no T-34 could hit it there (DG-17)")
    lines.append("  (as the board stands now: T-34s and markers move in phase B before the Tigers "
                 "execute in phase C, DG-8.3)")
    return "\n".join(lines)


def _hex_or_none(word: str) -> Pos | None:
    try:
        return parse_hex(word)
    except (TanktableError, ValueError):
        return None


def _preview_gun(g: DuelGame, player: int | None, at: Pos) -> str:
    """``preview d4``: what each facing of the ATG at d4 would cover (issue 59.9); a
    face-down gun is previewed only for its owner, who alone knows what it is (DG-24)."""
    from rulesets.duel_of_the_giants.foresight import preview_atg

    gun = g.atg_at(at)
    if gun is None or (not gun.face_up and gun.owner != player):
        raise TanktableError(f"no ATG of yours at {label(at)}: preview HEX names one of your guns")
    return preview_atg(g, at)


def atg_note(g: DuelGame, action: Activate) -> str:
    """For activating an ATG marker: its line of fire along its facing (DG-12.3, DG-17.2) --
    which T-34 it could fire at, or what blocks the line, or that none is on it."""
    a = g.atg_at(action.at)
    if a is None or action.hull is not None:
        return ""
    if a.kind == "bluff":
        return "a bluff: turned up, it is removed (DG-12.2)"
    targets = _ray_t34s(g, a)
    if not targets:
        return f"no line of fire: no T-34 on its facing ray {FACINGS[a.facing]} (DG-12.3)"
    notes = []
    for p in targets:
        t = g.tank_at(p)
        assert t is not None
        verdict = sight(g, a.pos, p) if g.geo.distance(a.pos, p) > 1 else None
        blocker = verdict.blocked_by if verdict is not None else None
        if blocker is not None:
            where = f" at {label(_pos(g, blocker.cells[0]))}" if blocker.kind == "hex" else ""
            notes.append(f"T-34 #{t.number} at {label(p)} is behind the {blocker.what}{where} ({blocker.rule})")
        elif concealed(g, p, a.pos, t.id):
            notes.append(f"T-34 #{t.number} at {label(p)} is concealed (DG-16.7)")
        else:  # what the shot would do: a gun revealed for no hit is a gun given away
            from rulesets.duel_of_the_giants.combat import exchange_words, shot_forecast

            shot = shot_forecast(g, a, t)
            line = f"line of fire to T-34 #{t.number} at {label(p)} (DG-17.2)"
            # the T-34 may fire first or at once at the gun once it is turned up (DG-17.6, DG-17.4)
            both = exchange_words(g, replace(a, face_up=True), t, "your gun",
                                  f"your gun's shot {shot.words(f'T-34 #{t.number}')}")
            if both is not None:
                return f"{line}: {both}"
            if shot.result == "no effect":
                return f"{line}, but its shot has {shot.words()}"
            return f"{line}: its shot {shot.words()}"
    return "no line of fire: " + "; ".join(notes)


def _ray_t34s(g: DuelGame, a: Atg) -> list[Pos]:
    """The hexes of live T-34s on the ATG's facing ray, nearest first."""
    found = []
    for t in g.t34s():
        if not t.destroyed and g.geo.direction(a.pos, t.pos) == a.facing:
            found.append(t.pos)
    return sorted(found, key=lambda p: g.geo.distance(a.pos, p))


def _pos(g: DuelGame, cell: int) -> Pos:
    cols = g.geo.columns
    return cell % cols + 1, cell // cols + 1


def _threats(g: DuelGame, player: int | None, arguments: str) -> str:
    from rulesets.duel_of_the_giants.foresight import threats_command

    return threats_command(g, player, arguments)


COMMANDS = (TableCommand("threats", "threats", "who could shoot each of your tanks where it stands, and what "
                         "the shot would do (from what your side knows)", _threats),
            TableCommand("preview", USAGE, "where a Tiger program leads (end hex and facing, hexes passed, "
                         "what stops it); the Stuka's reach and attacks with its actions left; what each facing "
                         "of your ATG at HEX covers (as the board stands now)", preview),)
