"""A slow, plain reference move generator for cross-checking the fast one.

It tries every sequence of steps (forward / turn left / turn right) up to a
piece's speed, one by one, on (file, rank) tuples, plus the lone backward
step; then walks each ray square by square for shots. No tables, no
memoisation, nothing shared with ``rulesets.tank_chess.position``.
"""

from __future__ import annotations

from itertools import product

from rulesets.tank_chess.game import TankChessGame

DELTAS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
OFFSETS = {"forward": 0, "forward-right": 1, "right": 2, "rear-right": 3,
           "rear": 4, "rear-left": 5, "left": 6, "forward-left": 7}

RefMove = tuple[tuple[int, int], tuple[int, int] | None, int | None, tuple[int, int] | None]


def board_of(game: TankChessGame) -> dict[tuple[int, int], tuple[str, object]]:
    """square -> ('obstacle'|'wreck'|'tank', pid or None)."""
    pos, r = game.pos, game.rules
    out: dict[tuple[int, int], tuple[str, object]] = {}
    for i, c in enumerate(pos.cell):
        if c == -1:
            out[r.square(i)] = ("obstacle", None)
        elif c == -2:
            out[r.square(i)] = ("wreck", None)
        elif c > 0:
            out[r.square(i)] = ("tank" if pos.alive[c - 1] else "wreck", c - 1)
    return out


def reference_moves(game: TankChessGame) -> set[RefMove]:
    pos, r, s = game.pos, game.rules, game.settings
    n = r.files
    board = board_of(game)
    me = pos.to_move
    out: set[RefMove] = set()

    def on(sq: tuple[int, int]) -> bool:
        return 0 <= sq[0] < n and 0 <= sq[1] < n

    def free(sq: tuple[int, int], vacated: tuple[int, int]) -> bool:
        return sq == vacated or sq not in board

    def can_step(sq: tuple[int, int], d: int, vacated: tuple[int, int]) -> bool:
        df, dr = DELTAS[d]
        t = (sq[0] + df, sq[1] + dr)
        if not on(t) or not free(t, vacated):
            return False
        cut = not free((sq[0] + df, sq[1]), vacated) and not free((sq[0], sq[1] + dr), vacated)
        return not (df and dr and cut and not s.movement.corner_cutting)

    def exit_ok(sq: tuple[int, int], d: int, side: int) -> bool:
        df, dr = DELTAS[d]
        toward = 1 if side == 0 else -1
        edge = n - 1 if side == 0 else 0
        if sq[1] != edge or dr != toward:
            return False
        if df == 0:
            return True
        mode = s.exit.diagonal
        if mode == "forbidden":
            return False
        if mode == "allowed":
            return True
        return sq[0] not in (0, n - 1)

    for pid in range(len(pos.kind)):
        if pos.side[pid] != me or not pos.alive[pid] or pos.sq[pid] < 0:
            continue
        card = r.cards[pos.kind[pid]]
        start = (r.square(pos.sq[pid]), pos.face[pid])
        ends: set[tuple[tuple[int, int], int]] = set()
        exits = False
        for length in range(1, card.speed + 1):
            for seq in product("FLR", repeat=length):
                sq, f = start
                ok = True
                for i, stepk in enumerate(seq):
                    if stepk == "L":
                        f = (f - 1) % 8
                    elif stepk == "R":
                        f = (f + 1) % 8
                    else:
                        df, dr = DELTAS[f]
                        t = (sq[0] + df, sq[1] + dr)
                        if not on(t):
                            if card.command and exit_ok(sq, f, me) and i == length - 1:
                                exits = True
                            ok = False
                            break
                        if not can_step(sq, f, start[0]):
                            ok = False
                            break
                        sq = t
                if ok:
                    ends.add((sq, f))
        ends.discard(start)
        back = (start[1] + 4) % 8
        if can_step(start[0], back, start[0]):
            bdf, bdr = DELTAS[back]
            ends.add(((start[0][0] + bdf, start[0][1] + bdr), start[1]))
        if exits:
            out.add((start[0], None, None, None))
        for sq, f in ends:
            out.add((start[0], sq, f, None))
            for name in card.fires:
                d = (f + OFFSETS[name]) % 8
                df, dr = DELTAS[d]
                for target in shots(game, board, sq, d, df, dr, card, start[0], me):
                    out.add((start[0], sq, f, target))
    return out


def shots(game: TankChessGame, board: dict, sq: tuple[int, int], d: int, df: int, dr: int,
          card, vacated: tuple[int, int], me: int) -> list[tuple[int, int]]:
    pos, r, s = game.pos, game.rules, game.settings
    n = r.files
    found = []
    k = 0
    t = sq
    while True:
        k += 1
        t = (t[0] + df, t[1] + dr)
        if not (0 <= t[0] < n and 0 <= t[1] < n):
            break
        if card.indirect is not None:
            if k > card.indirect.max:
                break
            if k < card.indirect.min:
                continue
        what = board.get(t) if t != vacated else None
        if what is None:
            continue
        kind, pid = what
        if kind == "tank" and pos.side[pid] != me and (card.indirect is not None or k >= 2):
            tface = pos.face[pid]
            rel = ((d + 4) - tface) % 8
            side = "front" if rel in s.armour.front else "rear" if rel in s.armour.rear else "side"
            armour = getattr(r.cards[pos.kind[pid]].armour, side)
            if card.gun > armour or s.shooting.ineffective_shots:
                found.append(t)
        if card.indirect is None:
            break
    return found


def fast_moves(game: TankChessGame) -> set[RefMove]:
    return {(a.frm, a.to, a.facing, a.target) for a in game.legal_actions()}


def reference_perft(game: TankChessGame, depth: int) -> int:
    """Leaf count by the reference generator (finished games are leaves)."""
    if depth == 0:
        return 1
    moves = reference_moves(game)
    if depth == 1:
        return len(moves)
    total = 0
    for frm, to, f, tgt in moves:
        child = game.clone()
        child.pos.push(child.to_move_tuple(_action(child, frm, to, f, tgt)))
        total += 1 if child.pos.winner >= 0 else reference_perft(child, depth - 1)
    return total


def _action(game: TankChessGame, frm, to, f, tgt):
    from rulesets.tank_chess.action import TankMove

    return TankMove(game.piece_at(frm) or "", frm, to, f, tgt)
