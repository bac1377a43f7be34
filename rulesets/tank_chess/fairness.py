"""The TC-9.2 checks that need the rules engine: a fair map is not decided on move one.

A map marked ``fair: true`` promises both sides an even start. Point symmetry
(:func:`rulesets.tank_chess.maps.validate_layout`) does not keep that promise
on its own, because the side that moves first moves first:

- if it can destroy the enemy Command Tank (TC-7.1) or drive its own off the
  far edge (TC-7.2) with its first move, the game is over before it starts
  (setting ``maps.fair_first_move``);
- if it can destroy any enemy piece with its first move (TC-6.2), it starts a
  piece up and the mirrored position was never even (issue 60: alleys-16 let
  White destroy a Light Tank in ten ways; setting ``maps.fair_first_shot``).

This module plays every first move on the map's start position and names
each winning tank with its move, and each enemy piece a first move can destroy
with every move that does.
"""

from __future__ import annotations

from core.data import Document, Problem
from core.grid.square import direction_between
from rulesets.tank_chess.game import SIDES, TankChessGame
from rulesets.tank_chess.maps import MapFile, MapLayout, grid_rows, validate_layout
from rulesets.tank_chess.position import ARMOUR_SIDES, Move
from rulesets.tank_chess.settings import Settings


def check_layout(layout: MapLayout, model: MapFile, doc: Document | None, settings: Settings) -> list[Problem]:
    """Every TC-9.2 problem of a parsed map: the authoring rules, then (for a
    fair map that passes them) the first-move checks."""
    problems = validate_layout(layout, model, doc, settings)
    rules = settings.maps
    if not problems and layout.fair and (rules.fair_first_move or rules.fair_first_shot):
        game = TankChessGame(layout, settings, layout.name, {})
        if rules.fair_first_move:
            problems = first_move_wins(game, model, doc)
        if rules.fair_first_shot:
            problems += first_move_shots(game, doc, skip_command=rules.fair_first_move)
    return problems


def first_move_wins(game: TankChessGame, model: MapFile, doc: Document | None) -> list[Problem]:
    """One problem per tank of the side to move first that wins with its first move,
    naming its first such move (in notation order) and the rule it wins by; each
    at the grid line of the tank."""
    pos = game.pos
    layout = game.layout
    mover = pos.to_move
    enemy_command = pos.command_of[1 - mover]
    wins: dict[int, list[str]] = {}
    rules: dict[int, str] = {}
    for mv in sorted(game.legal_moves()):
        pid, to, _facing, target = mv
        if to >= 0 and (target < 0 or target != enemy_command):
            continue
        text = game.format_action(game.to_action(mv))
        pos.push(mv)
        try:
            won = pos.winner == mover
        finally:
            pos.pop()
        if won:
            wins.setdefault(pid, []).append(text)
            rules.setdefault(pid, "TC-7.2" if to < 0 else "TC-7.1")
    path = doc.path if doc else layout.name
    rows = grid_rows(model, doc)
    problems = []
    n = layout.size
    for pid, moves in wins.items():
        rank = pos.sq[pid] // n
        row = n - 1 - rank
        line, col = rows[row][1] if row < len(rows) else (1, 1)
        how = ("drives its Command Tank off the far edge" if rules[pid] == "TC-7.2"
               else f"destroys {SIDES[1 - mover]}'s Command Tank")
        more = f"; {len(moves)} such moves by this tank" if len(moves) > 1 else ""
        problems.append(Problem(path, line, col,
                                f"fair map, but {SIDES[mover]} wins on its first move: {moves[0]} {how} "
                                f"({rules[pid]}{more}); a fair map gives the first player no such move "
                                "(TC-9.2)"))
    return problems


def first_move_shots(game: TankChessGame, doc: Document | None, skip_command: bool = False) -> list[Problem]:
    """One problem per enemy piece that a first move of the side to move first can
    destroy, all at the map's ``fair:`` line (the claim the shots break), naming every
    such move in notation order: an author fixes a map one exposed piece at a time, and
    one sentence per move buried the three pieces of a map under 34 lines. Moves that
    hit alike are grouped behind one description of the hit. A shot that cannot
    destroy (allowed only with ``shooting.ineffective_shots``) changes nothing and is
    no problem. With ``skip_command`` a shot at the Command Tank is left to
    :func:`first_move_wins`, which names it as a win."""
    pos = game.pos
    mover = pos.to_move
    enemy_command = pos.command_of[1 - mover]
    path = doc.path if doc else game.layout.name
    line, col = doc.where(("fair",)) if doc else (1, 1)
    # target piece -> hit description -> moves, each in notation order
    shots: dict[int, dict[str, list[str]]] = {}
    for mv in sorted(game.legal_moves()):
        _pid, _to, _facing, target = mv
        if target < 0 or (skip_command and target == enemy_command):
            continue
        pos.push(mv)
        try:
            destroyed = not pos.alive[target]
        finally:
            pos.pop()
        if destroyed:
            shots.setdefault(target, {}).setdefault(_hit(game, mv), []).append(
                game.format_action(game.to_action(mv)))
    problems = []
    for target in sorted(shots, key=lambda t: game.rules.square(pos.sq[t])):
        by_hit = shots[target]
        count = sum(len(moves) for moves in by_hit.values())
        listed = "; ".join(f"{', '.join(moves)} ({hit})" for hit, moves in by_hit.items())
        ways = "1 of" if count == 1 else f"{count} of"
        problems.append(Problem(path, line, col,
                                f"fair map: {SIDES[1 - mover]}'s {_piece(game, target)} can be destroyed by "
                                f"{ways} {SIDES[mover]}'s first moves: {listed}; a fair map lets the first "
                                "player destroy no piece on its first move (TC-9.2, maps.fair_first_shot)"))
    return problems


def _piece(game: TankChessGame, pid: int) -> str:
    """'LT m15': the card and square of a piece, as notation names it."""
    r = game.rules
    return f"{r.cards[game.pos.kind[pid]].id} {game.square_name(r.square(game.pos.sq[pid]))}"


def _hit(game: TankChessGame, mv: Move) -> str:
    """'hits its front, armour 1, with gun 2: TC-6.2' for a destroying move."""
    pos = game.pos
    r = game.rules
    pid, to, _facing, target = mv
    kind = pos.kind[target]
    d = direction_between(r.square(to), r.square(pos.sq[target]))
    hit = r.hit_side(int(d) if d is not None else 0, pos.face[target])
    rule = "TC-6M, TC-6.2" if r.indirect[pos.kind[pid]] else "TC-6.2"
    return f"hits its {ARMOUR_SIDES[hit]}, armour {r.armour[kind][hit]}, with gun {r.gun[pos.kind[pid]]}: {rule}"
