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
from rulesets.tank_chess.position import Position

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


def reasons(game: TankChessGame, actions: Sequence[TankMove]) -> list[MoveReason]:
    """Each move's :class:`MoveReason`, for the side to move."""
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
        pos.push(mv)
        try:
            if pos.winner >= 0:
                out.append(MoveReason("wins the game", 0, False))
                continue
            after = in_fire(pos, side) if to >= 0 else {}
            mine = tank_name(game, pid) if to >= 0 else ""
            threatened = [tank_name(game, e) for e, threats in in_fire(pos, 1 - side).items()
                          if to >= 0 and any(game.rules.index(t.square) == to for t in threats)]
        finally:
            pos.pop()
        said: list[str] = []
        if taken:
            said.append(f"wins {taken}")
        saved = [p for p in before if p not in after]
        for p in saved:
            if p == pid:
                said.append(f"saves {names_before[p]}")
            elif tgt >= 0 and all(tgt == game.pos.cell[game.rules.index(t.square)] - 1 for t in before[p]):
                said.append(f"saves {names_before[p]} by taking its shooter")
            else:
                said.append(f"saves {names_before[p]} by blocking the shot")
        if threatened:
            said.append(f"threatens {_and(threatened)}")
        stays = [names_before[p] for p in after if p in names_before and p != pid]
        for_nothing = pid in after and pid not in before and not said
        if pid in after and pid in before:
            stays.insert(0, mine)
        elif pid in after:
            said.append(f"puts {mine} in fire{' for nothing won, saved or threatened' if for_nothing else ''}")
        if stays:
            said.append(f"{_and(stays)} {'stays' if len(stays) == 1 else 'stay'} in fire")
        quiet = not said
        out.append(MoveReason(", ".join(said) if said else "quiet: no tank won, lost or threatened",
                              len(after), quiet, for_nothing))
    return out
