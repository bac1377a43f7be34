"""What the hint says about each move it shows, in a few words (playtest: the hint
recommended moves into fire while two tanks hung, with positive estimates, and gave
quiet moves no reason at all).

Read from the position every seat sees (Tank Chess has no hidden information), with
the rules engine's own shots (:mod:`rulesets.tank_chess.danger`): which of the
mover's tanks the enemy could destroy on its next turn now, and after each move
which of them it saves, which it leaves in fire, and which enemy tank the moved
tank then threatens. The hint's choice between moves the search values alike, and
its wording, come from here; the search and the evaluation the computer levels
play by are not touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesets.tank_chess.action import TankMove
from rulesets.tank_chess.danger import Threat, move_tuple, under_fire
from rulesets.tank_chess.position import NO_ESCAPE, Move, Position, _near_segment

if TYPE_CHECKING:
    from rulesets.tank_chess.game import TankChessGame


@dataclass(frozen=True)
class MoveReason:
    """Why a move is worth playing, and what it leaves: the hint's note for it."""

    text: str
    """``saves MT b10, LT e13 stays in fire`` -- or ``quiet: ...`` for a move that
    neither takes, saves, leaves a tank to be taken nor threatens one."""
    left_in_fire: int
    """How many of the mover's tanks the enemy could destroy after the move."""
    quiet: bool
    """Nothing taken, saved, lost or threatened: equal quiet moves are one line."""
    for_nothing: bool = False
    """The move puts the moving tank in fire and takes, saves and threatens nothing:
    a tank offered for no gain the player can see (playtest: the hint's best move)."""
    progress: int = 0
    """How far the move presses on (issue 59 playtest: in a won position the hint walked
    a tank in circles): a CHECK, a shooter brought nearer a line of fire on the enemy
    Command Tank, the own Command Tank nearer the far edge or out of the enemy's lines
    count; the hint puts the moves it values alike in this order."""
    if_taken: float | None = None
    """For a move that puts its tank in fire for nothing: the evaluation for the mover
    after the enemy's best reply that destroys the tank (issue 59 playtest: the hint
    listed such a move after better-rated ones; its shown estimate is now this)."""


def in_fire(pos: Position, side: int) -> dict[int, list[Threat]]:
    """``side``'s tanks the enemy could destroy on its next turn, with the shots
    that do (a hit the armour holds is no loss)."""
    return {pid: kills for pid, threats in under_fire(pos, side).items()
            if (kills := [t for t in threats if t.destroys])}


def tank_name(game: TankChessGame, pid: int) -> str:
    """``MT b10``: a tank by its card and square."""
    pos, r = game.pos, game.rules
    return f"{r.cards[pos.kind[pid]].id} {game.square_name(r.square(pos.sq[pid]))}"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def situation(game: TankChessGame, player: int) -> str:
    """``in fire now: MT b10 (HT d11 can destroy it), LT e13 (CLT b13 can destroy it)``,
    or "" when none of the player's tanks can be taken on the enemy's next turn."""
    pos = game.pos
    fire = in_fire(pos, player)
    if not fire:
        return ""
    parts = []
    for pid, kills in fire.items():
        shooters = list(dict.fromkeys(f"{t.shooter} {game.square_name(t.square)}" for t in kills))
        parts.append(f"{tank_name(game, pid)} ({_and(shooters)} can destroy it)")
    return "in fire now: " + ", ".join(parts)


def reasons(game: TankChessGame, actions: Sequence[TankMove], detail: bool = True) -> list[MoveReason]:
    """Each move's :class:`MoveReason`, for the side to move. ``detail`` adds what a
    quiet move gains (:func:`_gains`) and what a tank offered for nothing leaves
    (:func:`_if_taken`): for the few moves a hint shows, not for every legal move."""
    pos = game.pos
    side = pos.to_move
    before = in_fire(pos, side)
    out: list[MoveReason] = []
    for action in actions:
        mv = move_tuple(action, pos)
        if mv is None:
            out.append(MoveReason("", 0, False))
            continue
        pid, to, _, tgt = mv
        names_before = {p: tank_name(game, p) for p in before}
        taken = tank_name(game, tgt) if tgt >= 0 else ""
        measured = _Measure(game, side, pid) if detail and to >= 0 else None
        pos.push(mv)
        try:
            if pos.winner >= 0:
                out.append(MoveReason("wins the game", 0, False, progress=99))
                continue
            after = in_fire(pos, side) if to >= 0 else {}
            mine = tank_name(game, pid) if to >= 0 else ""
            threatened = [(tank_name(game, e), game.rules.cards[pos.kind[e]].command)
                          for e, threats in in_fire(pos, 1 - side).items()
                          if to >= 0 and any(game.rules.index(t.square) == to for t in threats)]
            gains, progress, reach = measured.after(mine) if measured is not None else ([], 0, "")
        finally:
            pos.pop()
        said: list[str] = []
        if taken:
            said.append(f"wins {taken}")
            progress += 20
        saved = [p for p in before if p not in after]
        for p in saved:
            if p == pid:
                said.append(f"saves {names_before[p]}")
            elif tgt >= 0 and all(tgt == game.pos.cell[game.rules.index(t.square)] - 1 for t in before[p]):
                said.append(f"saves {names_before[p]} by taking its shooter")
            else:
                said.append(f"saves {names_before[p]} by blocking the shot")
        # no brackets in a reason: a hint line pasted back with its note must still read
        checked = [name for name, command in threatened if command]
        if checked:
            said.append(f"gives CHECK to {_and(checked)}")
            progress += 10
        if len(checked) < len(threatened):
            said.append(f"threatens {_and([name for name, command in threatened if not command])}")
            progress += 5
        stays = [names_before[p] for p in after if p in names_before and p != pid]
        for_nothing = pid in after and pid not in before and not said
        if pid in after and pid in before:
            stays.insert(0, mine)
        elif pid in after:
            said.append(f"puts {mine} in fire{' for nothing won, saved or threatened' if for_nothing else ''}")
        if stays:
            said.append(f"{_and(stays)} {'stays' if len(stays) == 1 else 'stay'} in fire")
        quiet = not said
        if quiet:  # the best two gains, or what the move does for the tank's reach
            said = gains[:2] or [f"no threat either way{'; ' + reach if reach else ''}"]
        elif gains and not (taken or saved or threatened or for_nothing):  # "LT m7 stays in fire" alone
            said.insert(0, gains[0])  # said no good of a move the search rates well
        if_taken = _if_taken(pos, mv, side) if for_nothing and detail else None
        out.append(MoveReason(", ".join(said), len(after), quiet, for_nothing, progress, if_taken))
    return out


def _if_taken(pos: Position, mv: Move, side: int) -> float | None:
    """The evaluation for ``side`` after ``mv`` and the enemy's reply that destroys the
    moved tank and leaves ``side`` the least (None if no reply does): what a tank offered
    for nothing is worth, beside the search's estimate (issue 59 playtest)."""
    from rulesets.tank_chess.evaluate import evaluate

    pid = mv[0]
    worst: float | None = None
    pos.push(mv)
    try:
        for reply in pos.generate():
            if reply[3] != pid:
                continue
            pos.push(reply)
            try:
                value = -1.0 if pos.winner == 1 - side else evaluate(pos, side)
            finally:
                pos.pop()
            worst = value if worst is None else min(worst, value)
    finally:
        pos.pop()
    return None if worst is None else round(worst, 2)


class _Measure:
    """What a quiet move changes, measured before it (at construction) and after it
    (:meth:`after`, with the move pushed): the words a player understands for it, and a
    score of how far it presses on (issue 59 playtest: "quiet" was most of the hint's
    reasons, and in a won position it walked a tank in circles)."""

    def __init__(self, game: TankChessGame, side: int, pid: int):
        self.game, self.side, self.pid = game, side, pid
        pos = game.pos
        self.card = game.rules.cards[pos.kind[pid]]
        self.aim = _line_distance(pos, pid)
        self.escape = pos.escape_turns(side) if self.card.command else NO_ESCAPE
        self.pressed = _pressing(pos, 1 - side)
        self.reach = _reach(pos, pid)

    def after(self, mine: str) -> tuple[list[str], int, str]:
        """(the gains in words, best first; the progress score; what the move does for the
        tank's reach, the last resort) with the move played."""
        pos = self.game.pos
        side, pid = self.side, self.pid
        words: list[str] = []
        score = 0
        enemy = pos.command_of[1 - side]
        clt = (f"{self.game.players[1 - side]}'s {tank_name(self.game, enemy)}"
               if enemy >= 0 and pos.alive[enemy] and pos.sq[enemy] >= 0 else "")
        if self.card.command:
            turns = pos.escape_turns(side)
            if turns < self.escape:
                words.append(f"brings {mine} within {turns} turn{'s' if turns != 1 else ''} of driving off the "
                             f"far edge, from {self.escape}")
                score += 3
        aim = _line_distance(pos, pid)
        if clt and aim is not None and not self.card.command and (self.aim is None or aim < self.aim):
            if aim == 0:
                words.append(f"brings {mine} onto a line of fire on {clt}")
            elif self.aim is None:
                words.append(f"brings {mine} within {aim} square{'s' if aim != 1 else ''} of a line of fire "
                             f"on {clt}")
            else:
                words.append(f"brings {mine} within {aim} square{'s' if aim != 1 else ''} of a line of fire "
                             f"on {clt}, from {self.aim}")
            score += 2 + (3 if self.aim is None else min(self.aim - aim, 3)) + (2 if aim <= 1 else 0)
        pressed = _pressing(pos, 1 - side)
        own = pos.command_of[side]
        freed = [tank_name(self.game, e) for e in self.pressed if e not in pressed and pos.alive[e]]
        if freed and own >= 0:
            whose = _and([f"{name}'s" for name in freed])
            words.append(f"keeps {'it' if own == pid else tank_name(self.game, own)} out of {whose} "
                         f"line{'s' if len(freed) > 1 else ''} of fire")
            score += 2 * len(freed)
        score -= 2 * len([e for e in pressed if e not in self.pressed])
        reach = _reach(pos, pid)
        code = self.card.id
        if reach > self.reach:
            score += 1
            return words, score, f"improves the {code}'s reach from {self.reach} to {reach} squares"
        return words, score, f"the {code} reaches {reach} squares from there, {self.reach} from here"


def _pressing(pos: Position, side: int) -> list[int]:
    """``side``'s tanks within one move of a line of fire on the enemy Command Tank, as
    :meth:`Position.command_pressure` counts them (the evaluation's own measure), by piece."""
    target = pos.command_of[1 - side]
    if target < 0 or not pos.alive[target] or pos.sq[target] < 0:
        return []
    r = pos.rules
    files = r.files
    c = pos.sq[target]
    armour_from = pos._armour_from(target)
    segments = pos._approach_segments(c, side)
    return [pid for pid in pos.pieces_of[side]
            if pos.alive[pid] and pos.sq[pid] >= 0
            and _near_segment(segments, armour_from, r.destroys[pos.kind[pid]], pos.sq[pid] % files - c % files,
                              pos.sq[pid] // files - c // files, r.speed[pos.kind[pid]] + 1)]


def _reach(pos: Position, pid: int) -> int:
    """How many squares the tank could drive to on its next turn."""
    return len({st >> 3 for st in pos.reachable(pid)[0]})


def _line_distance(pos: Position, pid: int) -> int | None:
    """How many squares (king moves) tank ``pid`` stands from the nearest square on a clear
    line to the enemy Command Tank along which its gun would destroy it (TC-5, TC-6.2):
    0 when it stands on one. None when there is no such line, or the tank is a mortar
    (its fire flies over, TC-6M) or gone."""
    side = pos.side[pid]
    enemy = pos.command_of[1 - side]
    r = pos.rules
    k = pos.kind[pid]
    if enemy < 0 or not pos.alive[enemy] or pos.sq[enemy] < 0 or pos.sq[pid] < 0 or r.indirect[k] is not None:
        return None
    armour = pos._armour_from(enemy)  # by the direction from it towards the shooter (TC-6.1)
    files = r.files
    s = pos.sq[pid]
    sf, sr = s % files, s // files
    best: int | None = None
    for t, entries in pos._approach(pos.sq[enemy], side).items():
        if pos.cell[t] != 0 and t != s:
            continue
        if not any(r.destroys[k][armour[d0]] for _, d0 in entries):
            continue
        d = max(abs(t % files - sf), abs(t // files - sr))
        if best is None or d < best:
            best = d
    return best
