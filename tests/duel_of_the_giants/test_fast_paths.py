"""The shortcuts that make computer seats fast give the rules' own answers.

Each shortcut is compared with the general machinery it stands in for, on
every pair of hexes or on many random positions: the LOS read from the board's
rays with the core line of sight under DG-16 (DuelSight), the remembered
directions and distances with their computation (DG-3.5, DG-3.8), the early
"a marker can move" with the list of marker moves (DG-9.5), and the clone with
an independent copy of every piece and container.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from core.grid.los import line_cells
from rulesets.duel_of_the_giants.board import geometry
from rulesets.duel_of_the_giants.copying import SHARED
from rulesets.duel_of_the_giants.landscape import sight_board
from rulesets.duel_of_the_giants.los import has_los, sight
from rulesets.duel_of_the_giants.markers import has_move, move_actions
from rulesets.duel_of_the_giants.pieces import Stuka, Tank
from tests.duel_of_the_giants.helpers import blank

SIZES = ((9, 11), (18, 22))


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_dg_16_lines_between_hexes_in_line_are_the_rays(columns: int, rows: int) -> None:
    """DG-3.8/DG-16: between two hexes in line both of the core's candidate lines run
    through exactly the hexes of the ray from one to the other (what has_los reads)."""
    geo = geometry(columns, rows)
    board = sight_board(columns, rows)

    def cell(p: tuple[int, int]) -> int:
        return (p[1] - 1) * columns + p[0] - 1

    pairs = 0
    for a in geo.hexes:
        for b in geo.hexes:
            if a == b or geo.direction(a, b) is None:
                continue
            plus, minus = line_cells(board, cell(a), cell(b), 1), line_cells(board, cell(a), cell(b), -1)
            assert plus == minus
            assert plus == [cell(a), *(cell(p) for p in geo.between(a, b)), cell(b)]
            pairs += 1
    assert pairs > 2000


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_dg_3_remembered_direction_and_distance_equal_their_computation(columns: int, rows: int) -> None:
    """DG-3.5/DG-3.8: the per-pair memory answers as the axial computation does, asked twice."""
    geo = geometry(columns, rows)
    for a in geo.hexes[::3]:
        for b in geo.hexes:
            for _ in range(2):
                assert geo.direction(a, b) == geo._compute_direction(a, b)
                assert geo.distance(a, b) == geo.axial[a].distance(geo.axial[b])


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_dg_16_has_los_equals_the_core_line_of_sight(season: str) -> None:
    """DG-16.1-16.5, DG-13.10: has_los agrees with the full verdict of ``sight`` for every
    pair of hexes on random boards of forest, high ground, snowdrifts, tanks and a
    grounded Stuka."""
    rng = random.Random(7)
    kinds = [k for k, t in blank(season).cfg.terrain.items() if t.season == season]
    for trial in range(12):
        g = blank(season)
        for p in rng.sample(g.geo.hexes, 30):
            g.terrain[p] = rng.choice(kinds)
        for n, p in enumerate(rng.sample(g.geo.hexes, 8)):
            g.tanks[f"t34-{n}"] = Tank(f"t34-{n}", "soviet", 1, p, 0, 0, number=n)
        if trial % 2:
            field = rng.choice(g.geo.hexes)
            g.stuka = Stuka(0, field, field, 0, state="ground")
        g.state_changed()
        for a in g.geo.hexes:
            for b in g.geo.hexes:
                if a != b and g.geo.direction(a, b) is not None and g.geo.distance(a, b) > 1:
                    assert has_los(g, a, b) == (sight(g, a, b).blocked_by is None), (trial, a, b)


def test_dg_9_5_has_move_answers_as_the_list_of_marker_moves() -> None:
    """DG-9.5: ``has_move`` (the early answer the game asks after every action) is true
    exactly when ``move_actions`` lists a move, through the phases of random games."""
    from core.ai.agents import RandomAgent
    from rulesets.duel_of_the_giants import RULESET

    seen = 0
    for seed in range(3):
        g = RULESET.new_game("summer", {"players": 2 + seed}, seed)
        agent = RandomAgent(seed)
        for _ in range(400):
            if g.outcome() is not None:
                break
            if g.step in ("O1", "B1") and not g.pending_orient:
                assert has_move(g) == bool(move_actions(g))
                seen += 1
            g.apply(agent.choose(g))
    assert seen > 10


def test_clone_copies_every_piece_and_container() -> None:
    """A clone shares only the static parts; its pieces and containers are its own,
    so playing on it never changes the game (the AI's copies)."""
    from core.ai.agents import RandomAgent
    from rulesets.duel_of_the_giants import RULESET

    g = RULESET.new_game("winter", {"players": 3}, 5)
    agent = RandomAgent(5)
    for _ in range(150):
        g.apply(agent.choose(g))
    other = g.clone()
    assert other.position() == g.position()
    for key, value in g.__dict__.items():
        copied = other.__dict__[key]
        if key in SHARED or isinstance(value, (int, str, float, tuple, frozenset, type(None))):
            continue
        assert copied is not value, key
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(v, (int, str, float, tuple, frozenset, type(None))):
                    assert copied[k] is not v, (key, k)


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_dg_9_5_open_hexes_are_those_a_marker_may_enter(season: str) -> None:
    """DG-9.5, DG-4.5.4: the hexes worked out with set operations are exactly the hexes
    where ``_step_problem`` finds nothing wrong, with and without the Soviet-side limit."""
    from rulesets.duel_of_the_giants.markers import _blocked, _open_hexes, _step_problem

    rng = random.Random(3)
    for trial in range(8):
        g = shipped_game(season, trial)
        kinds = [k for k, t in g.cfg.terrain.items() if t.season == season]
        for p in rng.sample(g.geo.hexes, 25):
            g.terrain[p] = rng.choice(kinds)
        if trial % 2:
            rules = g.cfg.rules.markers
            g.cfg = dataclasses.replace(g.cfg, rules=g.cfg.rules.model_copy(update={
                "markers": rules.model_copy(update={"move_blockers": [
                    b for b in rules.move_blockers if b != "leave_soviet_side"]})}))
        g.state_changed()
        blocked = _blocked(g)
        assert _open_hexes(g) == {p for p in g.geo.hexes if _step_problem(g, p, blocked) is None}


def shipped_game(season: str, seed: int) -> Any:
    """A shipped game a few random decisions in, so pieces stand on the board."""
    from core.ai.agents import RandomAgent
    from rulesets.duel_of_the_giants import RULESET

    g = RULESET.new_game(season, {}, seed)
    agent = RandomAgent(seed)
    for _ in range(60):
        g.apply(agent.choose(g))
    return g
