"""The TC-9.2 check that needs the rules engine: a fair map is not won on move one.

A map marked ``fair: true`` promises both sides an even start. Point symmetry
(:func:`rulesets.tank_chess.maps.validate_layout`) does not keep that promise
on its own: if the side that moves first can destroy the enemy Command Tank
(TC-7.1) or drive its own off the far edge (TC-7.2) with its first move, the
game is over before it starts. This module plays every first move on the
map's start position and names each tank that could do it.
"""

from __future__ import annotations

from core.data import Document, Problem
from rulesets.tank_chess.game import SIDES, TankChessGame
from rulesets.tank_chess.maps import MapFile, MapLayout, grid_rows, validate_layout
from rulesets.tank_chess.settings import Settings


def check_layout(layout: MapLayout, model: MapFile, doc: Document | None, settings: Settings) -> list[Problem]:
    """Every TC-9.2 problem of a parsed map: the authoring rules, then (for a
    fair map that passes them) the first-move check."""
    problems = validate_layout(layout, model, doc, settings)
    if not problems and layout.fair and settings.maps.fair_first_move:
        problems = first_move_wins(layout, model, doc, settings)
    return problems


def first_move_wins(layout: MapLayout, model: MapFile, doc: Document | None, settings: Settings) -> list[Problem]:
    """One problem per tank of the side to move first that wins with its first move,
    naming its first such move (in notation order) and the rule it wins by."""
    game = TankChessGame(layout, settings, layout.name, {})
    pos = game.pos
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
