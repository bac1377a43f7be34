"""The position heuristic for the computer players (greedy, MCTS).

Values in [-1, 1] for one side, built from what decides tank chess games:
material by card values, the safety of the Command Tank (can the side to
move destroy it or escape right now?), the Command Tank's progress towards
the far edge, and CHECK/ESCAPE threats of the side that just moved.
"""

from __future__ import annotations

from rulesets.tank_chess.position import NO_ESCAPE, Position

W_MATERIAL = 0.45
W_RACE = 0.25
W_THREAT = 0.12
W_EXPOSURE = 0.10
W_PRESSURE = 0.06


def material(pos: Position, side: int) -> float:
    r = pos.rules
    return sum(r.value[pos.kind[p]] for p in pos.pieces_of[side] if pos.alive[p])


def race(pos: Position, side: int) -> float:
    """How near ``side``'s Command Tank is to driving off: 1 one turn out, halved
    for every further turn it needs past the fixed obstacles, 0 if it is gone.

    Turns, not ranks: a tank facing the wrong way or walled in by obstacles is
    further out than its rank says, and each turn of lead in the race is worth
    the same, wherever on the board it is won.
    """
    turns = pos.escape_turns(side)
    if turns >= NO_ESCAPE:
        return 0.0
    return 0.5 ** max(turns - 1, 0)


def exposure(pos: Position, side: int) -> float:
    """How open the Command Tank stands: 0 hidden on all eight rays, 1 in the open.

    Counts the rays from its square that run at least two squares before the
    first thing on them, and those that end at an enemy tank: lines an enemy
    could drive into or already holds.
    """
    pid = pos.command_of[side]
    if pid < 0 or pos.sq[pid] < 0:
        return 0.0
    r = pos.rules
    cell = pos.cell
    s = pos.sq[pid]
    open_rays = 0.0
    for d in range(8):
        ray = r.rays[s * 8 + d]
        for i, t in enumerate(ray):
            c = cell[t]
            if c != 0:
                if c > 0 and pos.alive[c - 1] and pos.side[c - 1] != side and i > 0:
                    open_rays += 1.0
                break
            if i >= 2:
                open_rays += 0.5
                break
    return open_rays / 8.0


def evaluate(pos: Position, player: int) -> float:
    """Heuristic value for ``player`` of a running game, strictly inside (-1, 1)."""
    mover = pos.to_move
    other = 1 - mover
    # The side to move wins at once if it can destroy the enemy Command Tank or escape.
    if pos.can_escape(mover) or pos.threatens_command(mover):
        value = 0.95
        return value if player == mover else -value
    # Threats of the side that just moved, each looked at once. One the side to
    # move cannot answer wins next turn: an escape it can neither shoot nor
    # block, a CHECK no move of it meets. This looks two decisions further along
    # exactly the lines that decide games.
    escape = pos.can_escape(other)
    check = pos.threatens_command(other)
    if (escape and not pos.can_block_escape(mover)) or (check and not pos.can_meet_check(mover)):
        value = 0.9
        return value if player == other else -value
    mine, theirs = material(pos, player), material(pos, 1 - player)
    total = max(mine + theirs, 1.0)
    score = W_MATERIAL * (mine - theirs) / total
    score += W_RACE * (race(pos, player) - race(pos, 1 - player))
    score -= W_EXPOSURE * (exposure(pos, player) - exposure(pos, 1 - player))
    score -= W_PRESSURE * (pos.command_pressure(1 - player) - pos.command_pressure(player))
    # Answerable threats: the opponent must still spend his move on them.
    threat = (1.0 if check else 0.0) + (1.5 if escape else 0.0)
    score += W_THREAT * (threat if player == other else -threat)
    return max(-0.9, min(0.9, score))
