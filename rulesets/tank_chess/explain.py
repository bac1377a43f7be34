"""Why a move is illegal: the rule it breaks and a sentence a player understands.

Only called when an action is not among the generated legal moves, so it
may be slow: it re-runs searches on altered copies of the position (no
pieces on the board, corner cutting on, diagonal exits allowed) to tell
"unreachable" (TC-4.2) from "blocked" (TC-4.4), "corner cut" (TC-4.5) and
"corner exit" (TC-7.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.combat import defeats
from core.game import Illegal
from core.grid.square import Dir, direction_between
from rulesets.tank_chess.action import TankMove
from rulesets.tank_chess.position import ARMOUR_SIDES, MAP_WRECK, OBSTACLE, Move, Rules
from rulesets.tank_chess.settings import Settings

if TYPE_CHECKING:
    from rulesets.tank_chess.game import TankChessGame



def explain(game: TankChessGame, action: TankMove, mv: Move) -> Illegal | None:
    """Why a move is illegal, with the rule; None if it is legal after all."""
    pos = game.pos
    r = game.rules
    pid, to, face, tgt = mv
    card = r.cards[pos.kind[pid]]
    s0, f0 = pos.sq[pid], pos.face[pid]
    frm = game.square_name(action.frm)
    states, can_exit = pos.reachable(pid)
    if to < 0:
        return _explain_exit(game, pid, card.id, frm, can_exit)
    dest = game.square_name(action.to) if action.to else "?"
    if to == s0 and face == f0:
        return Illegal("TC-3.3", f"{card.id} {frm} would end where it started, facing the same way: "
                                 "that is no move")
    st = to * 8 + face
    if st not in states:
        c = pos.cell[to]
        if to != s0 and c != 0:
            what = "an obstacle" if c == OBSTACLE else "a wreck" if c == MAP_WRECK or (
                c > 0 and not pos.alive[c - 1]) else "a tank"
            return Illegal("TC-4.4", f"{dest} is occupied by {what}; tanks only enter empty squares")
        free = _reach_ignoring(game, pid, blockers=False)
        if st in free:
            cc_free = _reach_ignoring(game, pid, blockers=True, corner_cutting=True)
            if not r.corner_cutting and st in cc_free:
                return Illegal("TC-4.5", f"{card.id} cannot reach {dest} facing {Dir(face).name}: "
                                         "every way cuts a blocked corner (corner cutting is off)")
            return Illegal("TC-4.4", f"the way from {frm} to {dest} facing {Dir(face).name} is blocked")
        here, there = r.square(s0), r.square(to)
        one_behind = (direction_between(here, there) == Dir((f0 + 4) & 7)
                      and max(abs(here[0] - there[0]), abs(here[1] - there[1])) == 1)
        if one_behind:
            return Illegal("TC-4.3", f"straight back a tank moves one square alone, without turning: "
                                     f"{card.id} {frm}-{dest} keeps facing {Dir(f0).name} "
                                     f"(not {Dir(face).name})")
        need = steps_needed(r.files, here, f0, there, face)
        behind = direction_between(here, there) == Dir((f0 + 4) & 7)
        back = "; straight back a tank moves only one square (TC-4.3)" if behind else ""
        return Illegal("TC-4.2", f"{dest} facing {Dir(face).name} is out of reach: {card.id} {frm} has "
                                 f"speed {card.speed} (TC-2.2) and would need {need} steps, each one "
                                 f"square forward or a 45-degree turn{back}")
    if tgt < 0:
        return None
    return _explain_shot(game, pid, st, tgt, frm)

def steps_needed(size: int, start: tuple[int, int], facing: int, goal: tuple[int, int], goal_facing: int) -> int:
    """The fewest steps (TC-4.2: one square forward, or a 45-degree turn) from
    ``start`` facing ``facing`` to ``goal`` facing ``goal_facing`` on an empty
    ``size`` x ``size`` board; what a speed would have to be to get there."""
    seen = {(start, facing)}
    frontier = [(start, facing)]
    steps = 0
    while frontier:
        if (goal, goal_facing) in frontier:
            return steps
        steps += 1
        nxt = []
        for (f, rank), d in frontier:
            df, dr = Dir(d).delta
            for state in (((f, rank), (d + 1) & 7), ((f, rank), (d - 1) & 7), ((f + df, rank + dr), d)):
                (sf, sr), _ = state
                if 0 <= sf < size and 0 <= sr < size and state not in seen:
                    seen.add(state)
                    nxt.append(state)
        frontier = nxt
    return steps


def _explain_exit(game: TankChessGame, pid: int, code: str, frm: str, can_exit: bool) -> Illegal | None:
    pos = game.pos
    r = game.rules
    card = r.cards[pos.kind[pid]]
    if not card.command:
        return Illegal("TC-7.2", f"only the Command Tank may leave the board; {code} {frm} may not")
    if can_exit:
        return None
    edge = r.ranks if pos.side[pid] == 0 else 1
    allowed = Settings.model_validate({**game.settings.model_dump(), "exit": {"diagonal": "allowed"}})
    loose = Rules(r.files, r.cards, allowed)
    probe = pos.copy()
    probe.rules = loose
    if probe.reachable(pid)[1]:
        return Illegal("TC-7.3", f"{code} {frm} could only leave diagonally through a corner or "
                                 f"diagonally where exits are '{game.settings.exit.diagonal}'")
    return Illegal("TC-7.2", f"{code} {frm} cannot drive off across rank {edge} this turn "
                             f"(speed {card.speed}, the path must be clear)")

def _explain_shot(game: TankChessGame, pid: int, st: int, tgt: int, frm: str) -> Illegal | None:
    pos = game.pos
    r = game.rules
    card = r.cards[pos.kind[pid]]
    s, f = st >> 3, st & 7
    tq = pos.sq[tgt]
    tcard = r.cards[pos.kind[tgt]]
    here, there = r.square(s), r.square(tq)
    tname = game.square_name(there)
    d = direction_between(here, there)
    arcs = ", ".join(card.fires)
    if d is None:
        return Illegal("TC-5.1", f"{tname} is not on a straight line (rank, file or diagonal) from "
                                 f"{game.square_name(here)}")
    if ((int(d) - f) & 7) not in r.offsets[pos.kind[pid]]:
        turret = "" if len(card.fires) > 1 else f" ({card.id} has no turret)"
        return Illegal("TC-5.1", f"{card.id} facing {Dir(f).name} fires only {arcs}{turret}; "
                                 f"{tname} lies {d.name}")
    dist = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
    band = r.indirect[pos.kind[pid]]
    if band is not None:
        if not band[0] <= dist <= band[1]:
            return Illegal("TC-6M.1", f"{card.id} fires at exactly {band[0]}-{band[1]} squares; "
                                      f"{tname} is {dist} away")
    else:
        if dist < 2:
            return Illegal("TC-5.3", f"{tname} is adjacent: at least one empty square must lie "
                                     "between shooter and target")
        ray = r.rays[s * 8 + int(d)]
        for t in ray:
            if t == tq:
                break
            c = pos.cell[t]
            if c != 0 and t != pos.sq[pid]:
                return Illegal("TC-5.2", f"no line of fire: {_what(game, c)} on {game.square_name(r.square(t))} "
                                         f"stands between {game.square_name(here)} and {tname}")
    side = r.hit_side(int(d), pos.face[tgt])
    armour = r.armour[pos.kind[tgt]][side]
    if not r.ineffective and not defeats(card.gun, armour):
        return Illegal("TC-6.2", f"armour too strong: the shot hits the {ARMOUR_SIDES[side]} of "
                                 f"{tcard.id} {tname} (armour {armour}); gun {card.gun} must be greater")
    return None

def _what(game: TankChessGame, cell: int) -> str:
    """What fills a square, as a player names it: ``an obstacle``, ``a wreck``,
    ``black's MT`` (TC-5.2: each stops a line of fire)."""
    pos = game.pos
    if cell == OBSTACLE:
        return "an obstacle"
    if cell == MAP_WRECK or not pos.alive[cell - 1]:
        return "a wreck"
    return f"{game.players[pos.side[cell - 1]]}'s {game.rules.cards[pos.kind[cell - 1]].id}"


def _reach_ignoring(game: TankChessGame, pid: int, blockers: bool, corner_cutting: bool | None = None) -> set[int]:
    """End states on a board without pieces (blockers=False) or with corner cutting forced."""
    pos = game.pos
    probe = pos.copy()
    if not blockers:
        probe.cell = [0] * len(pos.cell)
        probe.cell[pos.sq[pid]] = pid + 1
    if corner_cutting is not None:
        loose = Settings.model_validate(
            {**game.settings.model_dump(), "movement": {"corner_cutting": corner_cutting}})
        probe.rules = Rules(game.rules.files, game.rules.cards, loose)
    return set(probe.reachable(pid)[0])
