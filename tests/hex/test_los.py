"""Line of sight by the hex terrain chart (HTC-...), edge rules, elevation, symmetry.

Boards are pointy-top with rows 2, 4... shifted right, so row 1 (A1, B1, C1...)
is a straight hex row, and A1 -> B2 / A1 -> D3 run exactly along hexsides.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.grid.hexboard import HexBoard, load_catalogue
from core.grid.los import Blocker, LosResult, line_of_sight
from tests.hex.helpers import board

FIVE = ". . . . .\n. . . . .\n. . . . .\n"


def los(b: HexBoard, frm: str, to: str, edge: str | None = None) -> LosResult:
    return line_of_sight(b, b.parse(frm), b.parse(to), edge_rule=edge)


def grid_with(**cells: str) -> str:
    rows = [r.split() for r in FIVE.strip().splitlines()]
    for label, letter in cells.items():
        col, row = ord(label[0]) - 65, int(label[1:]) - 1
        rows[row][col] = letter
    return "\n".join(" ".join(r) for r in rows)


def test_htc_t90_open_ground_is_clear() -> None:
    r = los(board(FIVE), "A1", "E1")
    assert r.status == "clear" and r.hindrance == 0 and r.blocked_by is None


def test_htc_t91_orchard_hinders_by_2() -> None:
    b = board(grid_with(C1="o"))
    r = los(b, "A1", "E1")
    assert (r.status, r.hindrance) == ("hindered", 2)
    assert r.hindrances == ((b.parse("C1"), 2, "Orchard"),)


def test_hindrances_add_up_along_the_line() -> None:
    """Two orchards (HTC-T91) and a smoke 3 marker (HTC-T94): 2 + 2 + 3."""
    b = board(grid_with(B1="o", C1="o"), markers=[{"at": "D1", "kind": "smoke", "hindrance": 3}])
    assert los(b, "A1", "E1").hindrance == 7


def test_htc_t99_woods_is_an_obstacle() -> None:
    b = board(grid_with(C1="W"))
    r = los(b, "A1", "E1")
    assert r.status == "blocked"
    assert r.blocked_by == Blocker("hex", (b.parse("C1"),), "Woods", "HTC-T99")


def test_obstacles_in_the_spotters_and_targets_own_hexes_do_not_block() -> None:
    """HTC legend: an obstacle blocks LOS traced *through* a hex."""
    b = board(grid_with(A1="W", E1="W", C1="o"))
    assert los(b, "A1", "E1").status == "hindered"


@pytest.mark.parametrize("letter", ["s", "~"])
def test_htc_t95_stream_and_t98_water_barrier_are_clear(letter: str) -> None:
    b = board(grid_with(B1=letter, C1=letter, D1=letter))
    assert los(b, "A1", "E1").status == "clear"


def test_htc_t94_smoke_hinders_into_out_of_and_through() -> None:
    for at in ("A1", "C1", "E1"):
        b = board(FIVE, markers=[{"at": at, "kind": "smoke", "hindrance": 4}])
        assert los(b, "A1", "E1").hindrance == 4, at
    b = board(FIVE, markers=[{"at": "C2", "kind": "smoke", "hindrance": 4}])
    assert los(b, "A1", "E1").status == "clear"


def test_htc_t97_wall_between_blocks() -> None:
    b = board(FIVE, walls=["C1/D1"])
    r = los(b, "A1", "E1")
    assert r.blocked_by is not None and r.blocked_by.kind == "hexside"
    assert {b.label(c) for c in r.blocked_by.cells} == {"C1", "D1"}


def test_htc_t97_wall_on_a_side_of_the_targets_hex_does_not_block() -> None:
    b = board(FIVE, walls=["C1/D1"])
    assert los(b, "A1", "D1").status == "clear"
    assert los(b, "D1", "A1").status == "clear"


def test_htc_t97_wall_on_a_side_of_the_spotters_hex_does_not_block() -> None:
    b = board(FIVE, walls=["C1/D1"])
    assert los(b, "C1", "E1").status == "clear"


def test_htc_t93_los_along_a_road_is_clear_even_through_woods() -> None:
    woods = grid_with(B1="W", C1="W", D1="W")
    assert los(board(woods), "A1", "E1").status == "blocked"
    road = board(woods, paths=[("road", ["A1", "B1", "C1", "D1", "E1"])])
    assert los(road, "A1", "E1").status == "clear"
    assert los(road, "B1", "D1").status == "clear"


def test_htc_t93_a_road_that_only_crosses_the_line_is_the_other_terrain() -> None:
    b = board(grid_with(C1="W"), paths=[("road", ["C2", "C1", "D1"])])
    assert los(b, "A1", "E1").status == "blocked"


def test_htc_t93_along_road_still_counts_walls_and_smoke() -> None:
    b = board(FIVE, paths=[("road", ["A1", "B1", "C1", "D1", "E1"])], walls=["B1/C1"],
              markers=[{"at": "D1", "kind": "smoke", "hindrance": 2}])
    assert los(b, "A1", "E1").blocked_by is not None
    b2 = board(FIVE, paths=[("road", ["A1", "B1", "C1", "D1", "E1"])],
               markers=[{"at": "D1", "kind": "smoke", "hindrance": 2}])
    assert los(b2, "A1", "E1").hindrance == 2


def test_htc_t92_railway_hinders_1_across_and_is_clear_along() -> None:
    across = board(FIVE, paths=[("railway", ["B2", "C1"])])
    assert (los(across, "A1", "E1").status, los(across, "A1", "E1").hindrance) == ("hindered", 1)
    along = board(FIVE, paths=[("railway", ["A1", "B1", "C1", "D1", "E1"])])
    assert los(along, "A1", "E1").status == "clear"


def test_htc_t96_trail_has_no_effect_of_its_own() -> None:
    """LOS along a trail is 'other terrain': woods on it still block."""
    b = board(grid_with(C1="W"), paths=[("trail", ["A1", "B1", "C1", "D1", "E1"])])
    assert los(b, "A1", "E1").status == "blocked"
    assert los(board(FIVE, paths=[("trail", ["A1", "B1", "C1"])]), "A1", "E1").status == "clear"


# --- lines exactly along hexsides (Decision: edge_rule) ---------------------------------


def test_edge_rule_both_one_woods_beside_the_hexside_does_not_block() -> None:
    """A1 -> B2 runs along the hexside between A2 and B1."""
    b = board(grid_with(B1="W"))
    r = los(b, "A1", "B2", "both")
    assert r.status == "clear" and r.detours == 1
    assert [b.label(c) for c in r.line] == ["A1", "A2", "B2"]


def test_edge_rule_either_one_woods_beside_the_hexside_blocks() -> None:
    b = board(grid_with(B1="W"))
    r = los(b, "A1", "B2", "either")
    assert r.status == "blocked" and r.blocked_by is not None
    assert b.label(r.blocked_by.cells[0]) == "B1"


def test_edge_rule_shooter_picks_the_open_side() -> None:
    b = board(grid_with(A2="W"))
    r = los(b, "A1", "B2", "shooter")
    assert r.status == "clear" and r.nudge == -1
    assert [b.label(c) for c in r.line] == ["A1", "B1", "B2"]


def test_edge_rules_agree_when_both_sides_block() -> None:
    b = board(grid_with(A2="W", B1="W"))
    for rule in ("both", "either", "shooter"):
        assert los(b, "A1", "B2", rule).status == "blocked", rule


def test_edge_rule_both_is_pair_by_pair_and_shooter_is_one_whole_line() -> None:
    """A1 -> D3 passes two hexside pairs, {A2, B1} then {C3, C2}. Woods in B1 and C3
    sit on opposite sides: pair by pair there is always a free side, but each whole
    candidate line meets one of them."""
    b = board(grid_with(B1="W", C3="W"))
    assert los(b, "A1", "D3", "both").status == "clear"
    assert los(b, "A1", "D3", "shooter").status == "blocked"
    assert los(b, "A1", "D3", "either").status == "blocked"


def test_edge_rule_hindrance_takes_the_lesser_or_the_greater_side() -> None:
    b = board(grid_with(B1="o"))
    assert los(b, "A1", "B2", "both").hindrance == 0
    assert los(b, "A1", "B2", "either").hindrance == 2


def test_edge_rule_comes_from_the_catalogue_setting_by_default() -> None:
    b = board(grid_with(B1="W"))
    assert b.catalogue.edge_rule == "both"
    assert los(b, "A1", "B2").status == "clear"


def test_a_wall_along_the_line_is_not_crossed() -> None:
    """The line A1 -> B2 runs along the A2/B1 hexside: a wall there is not crossed."""
    b = board(FIVE, walls=["A2/B1"])
    assert los(b, "A1", "B2", "either").status == "clear"


# --- elevation and blind hexes -------------------------------------------------------------

ROW7 = ". . W . . . .\n. . . . . . .\n"


def test_higher_ground_between_blocks() -> None:
    b = board(". . . . .\n. . . . .\n", elevation="0 0 1 0 0\n0 0 0 0 0\n")
    r = los(b, "A1", "E1")
    assert r.blocked_by is not None and r.blocked_by.kind == "elevation"


def test_htc_t99_woods_creates_one_blind_hex_seen_from_higher_ground() -> None:
    b = board(ROW7, elevation="2 0 0 0 0 0 0\n0 0 0 0 0 0 0\n")
    blind = los(b, "A1", "D1")
    assert blind.blocked_by is not None and blind.blocked_by.kind == "blind"
    assert los(b, "A1", "E1").status == "clear"
    assert los(b, "A1", "G1").status == "clear"
    assert los(b, "D1", "A1").status == "blocked"  # symmetric


def test_woods_at_the_same_level_blocks_every_hex_behind() -> None:
    b = board(ROW7)
    for target in ("D1", "E1", "G1"):
        assert los(b, "A1", target).status == "blocked"


def test_hindrance_below_the_higher_endpoint_is_looked_over() -> None:
    b = board(". . o . .\n. . . . .\n", elevation="1 0 0 0 0\n0 0 0 0 0\n")
    assert los(b, "A1", "E1").status == "clear"
    assert los(board(". . o . .\n. . . . .\n"), "A1", "E1").hindrance == 2


def test_two_hills_see_over_a_valley() -> None:
    b = board(". . W . .\n. . . . .\n", elevation="1 0 0 0 1\n0 0 0 0 0\n")
    assert los(b, "A1", "E1").status == "clear"


# --- a ruleset's own policy ---------------------------------------------------------------


class ForestCounting:
    """A Duel-of-the-Giants-like policy: any woods strictly between blocks."""

    def judge(self, b: HexBoard, line: Sequence[int]) -> LosResult:
        for c in line[1:-1]:
            if c >= 0 and b.terrain_ids[c] == "woods":
                return LosResult(Blocker("hex", (c,), "forest"), 0, tuple(line))
        return LosResult(None, 0, tuple(line))


def test_a_ruleset_policy_gets_the_same_lines_and_edge_rule() -> None:
    b = board(grid_with(B1="W"))
    policy = ForestCounting()
    assert line_of_sight(b, b.parse("A2"), b.parse("E2"), policy).status == "clear"
    assert line_of_sight(b, b.parse("A1"), b.parse("E1"), policy).status == "blocked"
    assert line_of_sight(b, b.parse("A1"), b.parse("B2"), policy, "both").status == "clear"
    assert line_of_sight(b, b.parse("A1"), b.parse("B2"), policy, "either").status == "blocked"
    r = line_of_sight(b, b.parse("A1"), b.parse("B2"), policy, "shooter")
    assert r.status == "clear" and r.nudge == 1


# --- symmetry (hypothesis) -------------------------------------------------------------------

CAT = load_catalogue()
COLS, ROWS = 7, 6
TERRAIN = ["open", "open", "open", "orchard", "woods", "stream", "water_barrier"]


@st.composite
def random_boards(draw: st.DrawFn) -> HexBoard:
    n = COLS * ROWS
    terrain = draw(st.lists(st.sampled_from(TERRAIN), min_size=n, max_size=n))
    elevation = draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    sides = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, 5)), max_size=8))
    smoke = draw(st.dictionaries(st.integers(0, n - 1), st.integers(1, 4), max_size=3))
    probe = HexBoard(catalogue=CAT, columns=COLS, rows=ROWS, terrain=terrain)
    walls = [(c, d, "wall") for c, d in sides if probe.nb[c * 6 + d] >= 0]
    return HexBoard(catalogue=CAT, columns=COLS, rows=ROWS, terrain=terrain, elevation=elevation,
                    hexsides=walls, smoke=smoke)


@settings(max_examples=60, deadline=None)
@given(random_boards(), st.data())
def test_los_is_symmetric_under_every_edge_rule(b: HexBoard, data: st.DataObject) -> None:
    """Every HTC LOS rule is symmetric, so A sees B exactly as B sees A."""
    for _ in range(15):
        a = data.draw(st.integers(0, b.size - 1))
        c = data.draw(st.integers(0, b.size - 1))
        for rule in ("both", "either", "shooter"):
            ab = line_of_sight(b, a, c, edge_rule=rule)
            ba = line_of_sight(b, c, a, edge_rule=rule)
            assert (ab.status, ab.hindrance) == (ba.status, ba.hindrance), (rule, a, c)


@settings(max_examples=40, deadline=None)
@given(random_boards(), st.data())
def test_edge_rules_are_ordered(b: HexBoard, data: st.DataObject) -> None:
    """'both' is never stricter than 'shooter', which is never stricter than 'either'."""
    def rank(r: LosResult) -> tuple[int, int]:
        return (1, 0) if r.blocked else (0, r.hindrance)

    for _ in range(15):
        a, c = data.draw(st.integers(0, b.size - 1)), data.draw(st.integers(0, b.size - 1))
        both, shooter, either = (line_of_sight(b, a, c, edge_rule=x) for x in ("both", "shooter", "either"))
        assert rank(both) <= rank(shooter) <= rank(either)


@st.composite
def flat_boards(draw: st.DrawFn) -> HexBoard:
    n = COLS * ROWS
    terrain = draw(st.lists(st.sampled_from(TERRAIN), min_size=n, max_size=n))
    sides = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, 5)), max_size=8))
    smoke = draw(st.dictionaries(st.integers(0, n - 1), st.integers(1, 4), max_size=3))
    probe = HexBoard(catalogue=CAT, columns=COLS, rows=ROWS, terrain=terrain)
    walls = [(c, d, "wall") for c, d in sides if probe.nb[c * 6 + d] >= 0]
    rail = [("railway", [2 * COLS + i for i in range(COLS)])] if draw(st.booleans()) else []
    return HexBoard(catalogue=CAT, columns=COLS, rows=ROWS, terrain=terrain, hexsides=walls,
                    smoke=smoke, paths=rail)


@settings(max_examples=80, deadline=None)
@given(flat_boards(), st.data())
def test_fast_path_agrees_with_the_general_evaluator(b: HexBoard, data: st.DataObject) -> None:
    """The one-pass flat-board evaluator and ChartLos give the same verdict and line."""
    from core.grid.los import ChartLos, candidate_lines

    for _ in range(20):
        a, c = data.draw(st.integers(0, b.size - 1)), data.draw(st.integers(0, b.size - 1))
        lp, lm = candidate_lines(b, a, c)
        for rule in ("both", "either", "shooter"):
            fast = line_of_sight(b, a, c, edge_rule=rule)
            slow = ChartLos().sight(b, a, c, lp, lm, rule)
            assert (fast.status, fast.hindrance) == (slow.status, slow.hindrance), rule
            assert fast.blocked_by == slow.blocked_by, rule
            assert (fast.nudge, fast.detours) == (slow.nudge, slow.detours), rule
            assert sorted(fast.hindrances) == sorted(slow.hindrances), rule
            if not fast.blocked:
                assert fast.line == slow.line, rule


GIANTS = """\
ruleset: hex
kind: terrain
name: A ruleset's own terrain
terrain:
  steppe: {name: Steppe, symbol: ".", cost: 1, cover: 0}
  forest: {name: Forest, symbol: F, cost: 1, cover: 0, los: obstacle}
  high_ground: {name: High ground, symbol: H, cost: 1, cover: 0, los: obstacle}
  swamp: {name: Swamp, symbol: S, cost: 2, cover: 0}
"""


def test_a_ruleset_brings_its_own_catalogue_and_map(tmp_path: Path) -> None:
    """Duel of the Giants style: own terrain file, no shipped chart, same map format and LOS."""
    (tmp_path / "giants.yaml").write_text(GIANTS, encoding="utf-8")
    b = board(". F . H .\n. . S . .\n", terrain_files=[str(tmp_path / "giants.yaml")],
              extra={"shipped_terrain": False})
    assert set(b.catalogue.terrain) == {"steppe", "forest", "high_ground", "swamp"}
    assert los(b, "A1", "C1").status == "blocked"
    assert los(b, "A2", "E2").status == "clear"
    assert line_of_sight(b, b.parse("A2"), b.parse("E2"), ForestCounting()).status == "clear"


def test_a_ruleset_passes_its_catalogue_as_an_object() -> None:
    """A ruleset reads its terrain from its own package data and hands it over."""
    from core.grid.hexboard import Catalogue, catalogue_from_text, parse_board_text

    cat = Catalogue.from_models([catalogue_from_text(GIANTS, "giants.yaml")])
    b = parse_board_text("ruleset: hex\nkind: map\nname: g\nsize: {columns: 3, rows: 1}\n"
                         "terrain: |\n  . F H\n", "g.yaml", catalogue=cat)
    assert b.terrain_ids == ["steppe", "forest", "high_ground"]
    assert b.catalogue.edge_rule == "both" and b.catalogue.uphill_cost == 0
