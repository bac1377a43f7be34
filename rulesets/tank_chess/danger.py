"""Danger before you commit (issue 59.1): what could shoot a tank where a move leaves it.

For a move of the side to move, the move is played on the position and the
opponent's legal shots at the moved tank on its next turn are listed, exactly
as the rules engine would generate them: every end state of every enemy tank
(TC-4, its own square vacated), direct fire along a clear ray with an empty
square between (TC-5.1-5.3), the Heavy Mortar's forward fire at 3-5 squares
over anything (TC-6M), the armour side the shot meets (TC-6.1) and whether the
gun beats it (TC-6.2). With ``ineffective`` shots allowed a shot that does not
destroy is still a legal shot: "armour holds".

Which tanks can fire at a square does not depend on the facing the moved tank
ends in (it only decides the armour met), so the shots are found once per
(tank, destination, shot) and judged per facing: about 150 searches for the
~650 moves of an opening position. Tank Chess has no hidden information; all
of it is read from the position every seat sees.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.errors import TanktableError
from core.game import TableCommand
from core.grid.square import Dir, direction_between
from rulesets.tank_chess.action import TankMove
from rulesets.tank_chess.position import ARMOUR_SIDES, Move, Position
from rulesets.tank_chess.render import framed, screen_order

if TYPE_CHECKING:
    from rulesets.tank_chess.game import TankChessGame

SIDE_NAMES = ("white", "black")

SquareNamer = Callable[[tuple[int, int]], str]
"""How a square is written (the game's :meth:`square_name`)."""

Shot = tuple[int, int, int]
"""(enemy piece, end state it fires from = square*8+facing, direction the shot travels)."""


@dataclass(frozen=True)
class Threat:
    """One enemy shot at a tank on the opponent's next turn."""

    shooter: str
    """The enemy tank's card id (``HM``)."""
    square: tuple[int, int]
    """Where the enemy tank stands now."""
    shoots_from: tuple[int, int]
    """The square it would fire from."""
    facing: int
    """The facing it would fire in."""
    side: str
    """The armour side of the target it hits: front, side or rear (TC-6.1)."""
    armour: int
    gun: int
    destroys: bool
    """Whether the gun beats the armour (TC-6.2)."""


def shots_at(pos: Position, target: int) -> list[Shot]:
    """Every shot the enemy of ``target`` could fire at it on its next turn, facing
    aside: (enemy piece, end state, travel direction). Read from ``pos`` as it is."""
    r = pos.rules
    me = pos.side[target]
    c = pos.sq[target]
    if c < 0 or not pos.alive[target]:
        return []
    cell = pos.cell
    files = r.files
    # squares a direct shot could come from: d0 walks away from the target, the
    # shot travels back along (d0 + 4); the first enemy tank on the ray may be the
    # shooter itself (it drives off its square), so the ray goes on for it alone
    fire_from: dict[int, list[tuple[int, int]]] = {}
    for d0 in range(8):
        owner = -1
        ray = r.rays[c * 8 + d0]
        for i, t in enumerate(ray):
            v = cell[t]
            if v != 0:
                if not (v > 0 and owner < 0 and pos.alive[v - 1] and pos.side[v - 1] != me):
                    break
                owner = v - 1
            if i:
                fire_from.setdefault(t, []).append(((d0 + 4) & 7, owner))
    out: list[Shot] = []
    cf, cr = c % files, c // files
    for e in pos.pieces_of[1 - me]:
        s0 = pos.sq[e]
        if not pos.alive[e] or s0 < 0:
            continue
        k = pos.kind[e]
        states = pos.reachable(e)[0]
        band = r.indirect[k]
        offsets = r.offsets[k]
        if band is not None:
            lo, hi = band
            for st in states:
                s, f = st >> 3, st & 7
                dx, dy = cf - s % files, cr - s // files
                dist = max(abs(dx), abs(dy))
                if lo <= dist <= hi:
                    d = direction_between(r.square(s), r.square(c))
                    if d is not None and ((int(d) - f) & 7) in offsets:
                        out.append((e, st, int(d)))
            continue
        for st in states:
            lines = fire_from.get(st >> 3)
            if lines is None:
                continue
            f = st & 7
            for d_fire, owner in lines:
                if (owner < 0 or owner == e) and ((d_fire - f) & 7) in offsets:
                    out.append((e, st, d_fire))
    return out


def judge(pos: Position, target: int, facing: int, shots: Sequence[Shot]) -> list[Threat]:
    """The legal ones of ``shots`` at ``target`` facing ``facing``, with the armour met."""
    r = pos.rules
    tk = pos.kind[target]
    out: list[Threat] = []
    for e, st, d in shots:
        k = pos.kind[e]
        hit = r.hit_side(d, facing)
        armour = r.armour[tk][hit]
        if not r.may_shoot[k][armour]:
            continue  # not a legal shot (TC-6.2 without ineffective shots)
        out.append(Threat(r.cards[k].id, r.square(pos.sq[e]), r.square(st >> 3), st & 7,
                          ARMOUR_SIDES[hit], armour, r.gun[k], bool(r.destroys[k][armour])))
    # the worst first: destroying shots, then the weakest side hit (rear, side, front)
    out.sort(key=lambda t: (not t.destroys, -ARMOUR_SIDES.index(t.side), t.shooter, t.square,
                            t.shoots_from, t.facing))
    return out


_KILLERS: dict[tuple[int, int, int], dict[int, set[str]]] = {}
""":meth:`Danger.killers` of the last few positions."""

_UNCOVERED: dict[tuple[int, int, int, int, int, int], list[tuple[int, list[Threat]]]] = {}
""":meth:`Danger.uncovered` of the last few positions' moves (a note is also asked for
one move at a time)."""


class Danger:
    """The danger of each move of one position (the side to move's), with the
    shots worked out once per (tank, destination, shot) and judged per facing."""

    def __init__(self, pos: Position):
        self.pos = pos
        self._shots: dict[tuple[int, int, int], list[Shot]] = {}
        self._killers: dict[int, set[str]] | None = None

    def killers(self) -> dict[int, set[str]]:
        """The side to move's tanks the enemy could destroy now, each with the
        shooters (card and square) that could: read once per position (and kept for
        the last few positions: a move's note is also asked for one move at a time)."""
        if self._killers is None:
            pos = self.pos
            key = (id(pos.rules), pos.hash, pos.to_move)
            found = _KILLERS.get(key)
            if found is None:
                if len(_KILLERS) > 64:
                    _KILLERS.clear()
                found = _KILLERS[key] = {pid: {f"{t.shooter}@{t.square}" for t in threats if t.destroys}
                                         for pid, threats in under_fire(pos, pos.to_move).items()}
            self._killers = found
        return self._killers

    def _behind(self, own: int, s0: int) -> bool:
        """Whether ``s0`` lies on one of ``own``'s eight lines with nothing between them:
        the square a tank leaves there opens the line beyond it (TC-5.2)."""
        pos, files = self.pos, self.pos.rules.files
        c = pos.sq[own]
        dx, dy = s0 % files - c % files, s0 // files - c // files
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return False
        step = ((dy > 0) - (dy < 0)) * files + ((dx > 0) - (dx < 0))
        t = c + step
        while t != s0:
            if pos.cell[t] != 0:
                return False
            t += step
        return True

    def uncovered(self, mv: Move) -> list[tuple[int, list[Threat]]]:
        """The mover's other tanks that ``mv`` lays open (hidden playtest, issue 59: a
        Command Tank was lost to a line the moving tank had blocked): each with the
        destroying shots of enemy tanks that could not destroy it before the move,
        worst first; [] when the move wins. The moved tank's facing changes none of
        them, so they are worked out once per (tank, destination, shot), and only for
        the tanks with a clear line to the square it leaves: a line it opens. A way
        it clears for an enemy tank to drive through is not looked for (all tanks
        after every move cost 7 times the notes' time, about 90 ms a move list)."""
        pid, to, _, tgt = mv
        pos = self.pos
        key = (id(pos.rules), pos.hash, pos.to_move, pid, to, tgt)
        found = _UNCOVERED.get(key)
        if found is not None:
            return found
        if len(_UNCOVERED) > 4096:
            _UNCOVERED.clear()
        side = pos.to_move
        s0 = pos.sq[pid]
        opened = [own for own in pos.pieces_of[side]
                  if own != pid and pos.alive[own] and pos.sq[own] >= 0 and self._behind(own, s0)]
        found = []
        if not opened:
            _UNCOVERED[key] = found
            return found
        before = self.killers()
        pos.push(mv)
        try:
            if pos.winner < 0:
                for own in opened:
                    if not pos.alive[own]:
                        continue
                    shots = shots_at(pos, own)
                    if not shots:
                        continue
                    old = before.get(own, set())
                    new = [t for t in judge(pos, own, pos.face[own], shots)
                           if t.destroys and f"{t.shooter}@{t.square}" not in old]
                    if new:
                        found.append((own, new))
        finally:
            pos.pop()
        _UNCOVERED[key] = found
        return found

    def after(self, mv: Move) -> list[Threat]:
        """What could shoot the tank ``mv`` moves on the opponent's next turn: [] when
        it leaves the board, the move wins, or nothing can."""
        pid, to, f, tgt = mv
        if to < 0:
            return []
        key = (pid, to, tgt)
        pos = self.pos
        shots = self._shots.get(key)
        if shots is None:
            pos.push(mv)
            try:
                shots = [] if pos.winner >= 0 else shots_at(pos, pid)
            finally:
                pos.pop()
            self._shots[key] = shots
        if not shots:
            return []
        return judge(pos, pid, f, shots)


def under_fire(pos: Position, side: int) -> dict[int, list[Threat]]:
    """``side``'s tanks the enemy could shoot on its next turn, if it were the
    enemy's turn now (the ``threats`` command): piece -> threats, worst first."""
    out: dict[int, list[Threat]] = {}
    for pid in pos.pieces_of[side]:
        if pos.alive[pid] and pos.sq[pid] >= 0:
            found = judge(pos, pid, pos.face[pid], shots_at(pos, pid))
            if found:
                out[pid] = found
    return out


def covered(pos: Position, side: int) -> dict[int, list[int]]:
    """Squares the enemy of ``side`` could fire into on its next turn (empty ones
    and ``side``'s tanks), armour aside: square -> enemy pieces. A tank of ``side``
    moved there would itself block or open lines, so a move's own danger
    (:class:`Danger`) is the exact answer; this is the map at a glance."""
    r = pos.rules
    cell = pos.cell
    out: dict[int, set[int]] = {}
    for e in pos.pieces_of[1 - side]:
        s0 = pos.sq[e]
        if not pos.alive[e] or s0 < 0:
            continue
        k = pos.kind[e]
        band = r.indirect[k]
        cell[s0] = 0
        try:
            for st in pos.reachable(e)[0]:
                s, f = st >> 3, st & 7
                for off in r.offsets[k]:
                    key = s * 8 + ((f + off) & 7)
                    if band is not None:
                        for t in r.bands[band][key]:
                            if cell[t] >= 0 and (cell[t] == 0 or pos.side[cell[t] - 1] == side):
                                out.setdefault(t, set()).add(e)
                        continue
                    for i, t in enumerate(r.rays[key]):
                        v = cell[t]
                        if i and (v == 0 or (v > 0 and pos.alive[v - 1] and pos.side[v - 1] == side)):
                            out.setdefault(t, set()).add(e)
                        if v != 0:
                            break
        finally:
            cell[s0] = e + 1
    return {t: sorted(es) for t, es in out.items()}


def phrase(threats: Sequence[Threat], name: SquareNamer) -> str:
    """``into fire: HM c7 destroys it from the side`` (each shooter once, its worst
    shot), or "" when nothing can shoot. Shooters after the first with the same
    verdict are said short: ``into fire: LT n13 destroys it from the rear, MT l13
    from the rear, MT f16 from the side`` -- a move list repeats the note for
    every facing in fire, so each word saved is saved many times."""
    if not threats:
        return ""
    seen: set[tuple[str, tuple[int, int]]] = set()
    parts = []
    said: set[bool] = set()
    for t in threats:
        if (t.shooter, t.square) in seen:
            continue
        seen.add((t.shooter, t.square))
        if t.destroys:
            verdict = f"from the {t.side}" if True in said else f"destroys it from the {t.side}"
        else:
            verdict = f"hits its {t.side}, armour holds"
        said.add(t.destroys)
        parts.append(f"{t.shooter} {name(t.square)} {verdict}")
    # "armour holds" follows a comma of its own: then the shooters are kept apart by semicolons
    return "into fire: " + ("; " if False in said else ", ").join(parts)


def uncovers_text(pos: Position, found: Sequence[tuple[int, list[Threat]]], name: SquareNamer) -> str:
    """``uncovers CLT f13 (HT d8 from f10)``: the tanks a move lays open to a shot that
    destroys them, each with its new shooters (where each would fire from, the first
    such square), or "" for none."""
    r = pos.rules
    parts = []
    for own, threats in found:
        shooters: dict[tuple[str, tuple[int, int]], Threat] = {}
        for t in threats:
            shooters.setdefault((t.shooter, t.square), t)
        said = ", ".join(f"{t.shooter} {name(t.square)} "
                         + ("where it stands" if t.shoots_from == t.square else f"from {name(t.shoots_from)}")
                         for t in shooters.values())
        parts.append(f"{r.cards[pos.kind[own]].id} {name(r.square(pos.sq[own]))} ({said})")
    return "uncovers " + ", ".join(parts) if parts else ""


def shooters_text(threats: Sequence[Threat], name: SquareNamer, most: int = 3) -> str:
    """Each shooter once, with the squares it would fire from (what a player blocks or
    avoids) and its worst shot: ``MT k12 from h9 destroys it from the front; HT n16
    from n13, m14 or 3 more squares destroys it from the side``."""
    shooters: dict[tuple[str, tuple[int, int]], list[Threat]] = {}
    for t in threats:
        shooters.setdefault((t.shooter, t.square), []).append(t)
    parts = []
    for (shooter, square), shots in shooters.items():
        worst = shots[0]
        places = list(dict.fromkeys("where it stands" if t.shoots_from == square else name(t.shoots_from)
                                    for t in shots if t.destroys == worst.destroys))
        if len(places) > most:
            where = f"{', '.join(places[:most - 1])} or {len(places) - most + 1} more squares"
        else:
            where = " or ".join([", ".join(places[:-1]), places[-1]] if len(places) > 1 else places)
        verdict = (f"destroys it from the {worst.side}" if worst.destroys
                   else f"hits its {worst.side}, armour holds")
        parts.append(f"{shooter} {name(square)} from {where} {verdict}")
    return "; ".join(parts)


def blocking_squares(game: TankChessGame, lines: set[tuple[tuple[int, int], str]],
                     target: tuple[int, int]) -> list[str]:
    """The empty squares between the one square a shot at ``target`` is fired from
    and ``target`` (TC-5.2: a tank or a wreck there stops it), given the (square
    fired from, shooter's card) of every shot; [] when there are several such
    squares or the shot flies over everything (TC-6M.2)."""
    if len(lines) != 1:
        return []
    (start, code), = lines
    if any(c.id == code and c.indirect is not None for c in game.rules.cards):
        return []
    dx = (target[0] > start[0]) - (target[0] < start[0])
    dy = (target[1] > start[1]) - (target[1] < start[1])
    out, sq = [], (start[0] + dx, start[1] + dy)
    while sq != target:
        out.append(game.square_name(sq))
        sq = (sq[0] + dx, sq[1] + dy)
    return out


def either(squares: Sequence[str]) -> str:
    """``e12, f13 or g14``."""
    return squares[0] if len(squares) == 1 else f"{', '.join(squares[:-1])} or {squares[-1]}"


def threat_text(t: Threat, name: SquareNamer) -> str:
    """One threat in full: ``HM c7 (from c6 facing S) destroys it: hits its side, armour 2, gun 4``."""
    where = "where it stands" if t.shoots_from == t.square else name(t.shoots_from)
    verdict = "destroys it" if t.destroys else "armour holds"
    return (f"{t.shooter} {name(t.square)} (from {where} facing {Dir(t.facing).name}) {verdict}: "
            f"hits its {t.side}, armour {t.armour}, gun {t.gun}")


def move_tuple(action: TankMove, pos: Position) -> Move | None:
    """The internal move of a legal action (None for one naming no tank)."""
    r = pos.rules
    c = pos.cell[r.index(action.frm)]
    if c <= 0:
        return None
    if action.to is None:
        return c - 1, -1, -1, -1
    tgt = -1
    if action.target is not None:
        t = pos.cell[r.index(action.target)]
        if t <= 0:
            return None
        tgt = t - 1
    facing = pos.face[c - 1] if action.facing is None else action.facing
    return c - 1, r.index(action.to), facing, tgt


def threats_answer(game: TankChessGame, player: int | None, asked: str, wide: bool = False) -> str:
    """``threats``: which of the asking seat's tanks the enemy could shoot on its
    next turn, by what and on which side, and the squares it covers (a map: a
    character a square for the browser's box beside its drawn board, or ``wide``, for
    the terminal, square for square under the text board's own coordinates).
    A spectator is answered for the side to move."""
    if asked.strip():
        raise TanktableError("usage: threats (no arguments: your tanks under fire, the squares covered)")
    pos, r = game.pos, game.rules
    side = pos.to_move if player is None else player
    name = game.square_name
    lines: list[str] = []
    fire = under_fire(pos, side)
    if fire:
        lines.append(f"{SIDE_NAMES[side]}'s tanks the enemy can shoot next turn:")
        for pid, threats in fire.items():
            card = r.cards[pos.kind[pid]]
            answer = ""
            if card.command and any(t.destroys for t in threats):
                between = blocking_squares(game, {(t.shoots_from, t.shooter) for t in threats if t.destroys},
                                           r.square(pos.sq[pid]))
                block = f"block on {either(between)}" if between else "block the line"
                answer = f"  <- CHECK: move it, take the shooter or {block} (TC-8.1)"
            lines.append(f"  {card.id} {name(r.square(pos.sq[pid]))}: {shooters_text(threats, name)}{answer}")
    else:
        lines.append(f"none of {SIDE_NAMES[side]}'s tanks can be shot next turn")
    cover = covered(pos, side)
    lines.append("squares the enemy can fire into next turn: * covered, ! your tank it can hit")
    if not wide:
        lines += _narrow_map(game, player, cover, set(fire))
        lines.append("(as the board stands; 'moves' gives each move's own danger exactly: 'into fire')")
        return "\n".join(lines)
    in_fire_now = {pos.sq[pid] for pid in fire}

    def mark(sq: tuple[int, int], body: str) -> tuple[str, str]:
        """The board's square with the enemy's fire on it: ``!`` before a tank of the
        seat's it can hit (armour judged, as listed above), ``*`` an empty square it
        covers (where the board has ``.``)."""
        i = r.index(sq)
        if pos.cell[i] == 0:
            return " ", " *" if i in cover else body
        return ("!" if i in in_fire_now else " "), body

    lines += framed(game, player, mark)  # turned and lettered as the board is drawn for this seat
    lines.append("(as the board stands; 'moves' gives each move's own danger exactly: 'into fire')")
    return "\n".join(lines)


def terminal_threats_answer(game: TankChessGame, player: int | None, asked: str) -> str:
    """``threats`` at the terminal: the map drawn at the text board's width, with its file
    letters above and below and its rank numbers on both sides, so that map and board
    line up when read together (hidden playtest, issue 59: one character a square and
    no numbers on the right did not)."""
    return threats_answer(game, player, asked, wide=True)


def _narrow_map(game: TankChessGame, player: int | None, cover: dict[int, list[int]],
                fire: set[int]) -> list[str]:
    """The map a character a square (the browser's box beside its own drawn board)."""
    pos, r = game.pos, game.rules
    name = game.square_name
    n = r.files
    ranks, files_seen = screen_order(game, player)  # turned as the board is drawn for this seat
    lines = []
    for rank in ranks:
        row = []
        for f in files_seen:
            i = rank * n + f
            c = pos.cell[i]
            if c > 0 and pos.alive[c - 1]:
                code = r.cards[pos.kind[c - 1]].id[0]
                mark = code.upper() if pos.side[c - 1] == 0 else code.lower()
                row.append(("!" if c - 1 in fire else " ") + mark)  # armour judged, as listed above
            elif c != 0:
                row.append(" #")
            else:
                row.append(" *" if i in cover else " .")
        label = name((0, rank))[1:]
        lines.append(f"{label:>3}" + "".join(row))
    files = "".join(f" {name((f, 0))[0]}" for f in files_seen)
    lines.append("   " + files)
    return lines


@dataclass(frozen=True)
class TerminalCommand(TableCommand):
    """A table command whose answer at the terminal is drawn for the text board
    (``terminal_answer``); the browser asks ``answer``."""

    terminal_answer: Callable[[Any, int | None, str], str] | None = None


COMMANDS = (TerminalCommand("threats", "threats",
                            "your tanks the enemy can shoot next turn (by which tank, from where), and a map of "
                            "the squares it covers", threats_answer, terminal_threats_answer),)
