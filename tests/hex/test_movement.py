"""Movement costs, A* paths and reachable sets by the hex terrain chart."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.grid.hexboard import HexBoard, load_catalogue
from core.grid.movement import enter_cost, find_path, reachable
from tests.hex.helpers import board


def cost_into(letter: str, **kw: object) -> int | None:
    b = board(f". {letter} .\n. . .\n", **kw)  # type: ignore[arg-type]
    return enter_cost(b, b.parse("A1"), b.parse("B1"))


@pytest.mark.parametrize(("rule", "letter", "cost"), [
    ("HTC-T90", ".", 1), ("HTC-T91", "o", 1), ("HTC-T95", "s", 3), ("HTC-T99", "W", 2),
])
def test_terrain_cost_to_enter(rule: str, letter: str, cost: int) -> None:
    assert cost_into(letter) == cost, rule


def test_htc_t98_water_barrier_is_impassable() -> None:
    assert cost_into("~") is None


def test_htc_t98_water_is_never_entered_by_a_path_or_a_reach() -> None:
    b = board(". ~ .\n. ~ .\n. ~ .\n")
    water = {b.parse(x) for x in ("B1", "B2", "B3")}
    assert find_path(b, b.parse("A1"), b.parse("C1")) is None
    area = reachable(b, b.parse("A1"), 50)
    assert not water & set(area)
    assert b.parse("C1") not in area


def test_htc_t97_a_wall_costs_1_more_to_cross() -> None:
    assert cost_into(".", walls=["A1/B1"]) == 2
    assert cost_into("W", walls=["A1/B1"]) == 3


def test_htc_t93_road_costs_1_when_entered_across_a_road_hexside() -> None:
    assert cost_into("W", paths=[("road", ["A1", "B1"])]) == 1
    assert cost_into("s", paths=[("road", ["A1", "B1"])]) == 1


def test_htc_t93_road_hex_entered_off_the_road_costs_the_other_terrain() -> None:
    b = board(". W .\n. . .\n", paths=[("road", ["B1", "C1"])])
    assert enter_cost(b, b.parse("A1"), b.parse("B1")) == 2
    assert enter_cost(b, b.parse("C1"), b.parse("B1")) == 1


@pytest.mark.parametrize(("rule", "feature"), [("HTC-T92", "railway"), ("HTC-T96", "trail")])
def test_railway_and_trail_cost_1_along(rule: str, feature: str) -> None:
    assert cost_into("W", paths=[(feature, ["A1", "B1"])]) == 1, rule
    assert cost_into("s", paths=[(feature, ["A1", "B1"])]) == 1, rule


def test_htc_f105_2_trench_to_linked_fortification_costs_1_whatever_the_terrain() -> None:
    marks = [{"at": "A1", "kind": "trench"}, {"at": "B1", "kind": "bunker"}]
    assert cost_into("W", walls=["A1/B1"], markers=marks) == 1
    foxholes = [{"at": "A1", "kind": "trench"}, {"at": "B1", "kind": "foxholes"}]
    assert cost_into("W", markers=foxholes) == 2


def test_uphill_costs_the_catalogue_setting_per_level() -> None:
    b = board(". . .\n. . .\n", elevation="0 2 0\n0 0 0\n")
    assert b.catalogue.uphill_cost == 1
    assert enter_cost(b, b.parse("A1"), b.parse("B1")) == 3
    assert enter_cost(b, b.parse("B1"), b.parse("C1")) == 1


def test_path_prefers_the_road_when_cheaper() -> None:
    """Woods cost 2 (HTC-T99); the road through them costs 1 (HTC-T93)."""
    grid = ". W W W .\n. . . . .\n"
    road = ["A1", "B1", "C1", "D1", "E1"]
    b = board(grid, paths=[("road", road)])
    p = find_path(b, b.parse("A1"), b.parse("E1"))
    assert p is not None and p.cost == 4
    assert [b.label(c) for c in p.cells] == road
    plain = board(grid)
    q = find_path(plain, plain.parse("A1"), plain.parse("E1"))
    assert q is not None and q.cost == 5 and "B1" not in [plain.label(c) for c in q.cells]


def test_path_leaves_the_road_when_the_detour_is_cheaper() -> None:
    b = board(". . . . .\n. . . . .\n", paths=[("road", ["A1", "A2", "B2", "C2", "C1"])])
    p = find_path(b, b.parse("A1"), b.parse("C1"))
    assert p is not None and p.cost == 2 and [b.label(c) for c in p.cells] == ["A1", "B1", "C1"]


def test_path_with_mp_refuses_what_does_not_fit() -> None:
    b = board(". W W W .\n. W W W .\n")
    assert find_path(b, b.parse("A1"), b.parse("E1"), mp=5) is None
    found = find_path(b, b.parse("A1"), b.parse("E1"), mp=7)
    assert found is not None and found.cost == 7


def test_htc_t93_1_entering_a_road_hex_gives_plus_1_movement() -> None:
    """Three MP in open ground reach 3 hexes along the row; once a road hex is entered
    the order has one MP more, whether or not the unit moves along the road."""
    plain = board(". . . . . .\n. . . . . .\n")
    assert plain.parse("E1") not in reachable(plain, plain.parse("A1"), 3)
    crossed = board(". . . . . .\n. . . . . .\n", paths=[("road", ["B2", "B1"])])
    area = reachable(crossed, crossed.parse("A1"), 3)
    assert area[crossed.parse("E1")] == 4
    p = find_path(crossed, crossed.parse("A1"), crossed.parse("E1"), mp=3)
    assert p is not None and p.cost == 4 and p.bonus_used


def test_htc_t93_1_starting_on_a_road_earns_no_bonus() -> None:
    b = board(". . . . . .\n. . . . . .\n", paths=[("road", ["A1", "A2"])])
    assert b.parse("E1") not in reachable(b, b.parse("A1"), 3)


def test_htc_t93_1_the_bonus_does_not_pay_for_the_hex_that_earns_it() -> None:
    """Decision road_bonus_pays_entry: false -- the road hex must be affordable first."""
    b = board(". . . . W\n. . . . .\n", paths=[("road", ["E1", "E2"])])
    area = reachable(b, b.parse("A1"), 4)
    assert b.parse("E1") not in area  # 3 MP to D1, woods 2 more = 5 > 4


def test_reach_costs_are_exact() -> None:
    b = board(". W s\n. . .\n")
    area = {b.label(c): v for c, v in reachable(b, b.parse("A1"), 3).items()}
    assert area == {"A1": 0, "A2": 1, "B1": 2, "B2": 2, "C2": 3}
    assert reachable(b, b.parse("A1"), 5)[b.parse("C1")] == 5  # stream 3 after 2 (HTC-T95)


CAT = load_catalogue()
TERRAIN = ["open", "open", "orchard", "woods", "stream", "water_barrier"]


@st.composite
def random_boards(draw: st.DrawFn) -> HexBoard:
    cols, rows = 8, 7
    n = cols * rows
    terrain = draw(st.lists(st.sampled_from(TERRAIN), min_size=n, max_size=n))
    road = draw(st.lists(st.integers(0, cols - 1), min_size=2, max_size=cols, unique=True))
    chain = sorted(road)
    chain = list(range(chain[0], chain[-1] + 1))
    return HexBoard(catalogue=CAT, columns=cols, rows=rows, terrain=terrain,
                    paths=[("road", chain)] if len(chain) >= 2 else [])


@settings(max_examples=40, deadline=None)
@given(random_boards(), st.data())
def test_astar_cost_matches_dijkstra_and_the_path_is_consistent(b: HexBoard, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, b.size - 1))
    goal = data.draw(st.integers(0, b.size - 1))
    p = find_path(b, start, goal)
    if b.terrain_ids[start] == "water_barrier":
        return
    area = reachable(b, start, 10_000)
    if p is None:
        assert goal not in area
        return
    total = sum(enter_cost(b, x, y) or 0 for x, y in zip(p.cells, p.cells[1:], strict=False))
    assert total == p.cost
    assert all(b.terrain_ids[c] != "water_barrier" for c in p.cells[1:])
    # reachable() includes the road bonus, which only ever lowers the bar: with a
    # huge allowance the least MP spent equals the cheapest path.
    assert area[goal] == p.cost


def test_htc_t94_smoke_and_fortifications_leave_the_cost_to_the_terrain() -> None:
    """Smoke: MC 'other terrain' (HTC-T94); fortifications state no cost (HTC-F101-F104)."""
    assert cost_into("W", markers=[{"at": "B1", "kind": "smoke", "hindrance": 5}]) == 2
    for fort in ("bunker", "foxholes", "mines", "pillbox", "trench"):
        assert cost_into("W", markers=[{"at": "B1", "kind": fort}]) == 2, fort
