"""Board geometry (DG-3), terrain visibility and line of sight (DG-4, DG-16)."""

from __future__ import annotations

import pytest

from rulesets.duel_of_the_giants.board import CLOCK, FACINGS, geometry, label, turn_steps
from rulesets.duel_of_the_giants.los import concealed, has_los, recon_range, sees_marker
from tests.duel_of_the_giants.helpers import blank, d, h, t34, terrain, tiger


def test_dg_3_4_neighbour_table_odd_and_even_rows() -> None:
    geo = geometry(9, 11)
    odd, even = h("e5"), h("e6")
    expect_odd = {"E": "f5", "W": "d5", "NE": "e4", "NW": "d4", "SE": "e6", "SW": "d6"}
    expect_even = {"E": "f6", "W": "d6", "NE": "f5", "NW": "e5", "SE": "f7", "SW": "e7"}
    for name, lab in expect_odd.items():
        assert label(geo.step(odd, d(name))) == lab
    for name, lab in expect_even.items():
        assert label(geo.step(even, d(name))) == lab


def test_dg_3_5_distance_and_board_size() -> None:
    geo = geometry(9, 11)
    assert len(geo.hexes) == 99  # DG-3.1: 9 x 11
    assert geo.distance(h("a1"), h("a1")) == 0
    assert geo.distance(h("e5"), h("e6")) == 1
    assert geo.distance(h("a1"), h("i1")) == 8
    assert geo.distance(h("a1"), h("a3")) == 2


def test_dg_3_6_facings_are_clockwise_and_dg_3_7_clock() -> None:
    assert FACINGS == ("NE", "E", "SE", "SW", "W", "NW")
    assert CLOCK == {12: 0, 2: 1, 4: 2, 6: 3, 8: 4, 10: 5}
    assert turn_steps(d("NE"), d("SW")) == 3
    assert turn_steps(d("NW"), d("NE")) == 1


def test_dg_3_8_in_line_only_along_hex_rows() -> None:
    geo = geometry(9, 11)
    assert geo.direction(h("c5"), h("g5")) == d("E")
    assert geo.direction(h("e5"), h("d7")) == d("SW")
    assert geo.direction(h("c5"), h("d7")) == d("SE")
    assert geo.direction(h("c5"), h("e6")) is None  # a knight-like offset is not in line
    assert [label(p) for p in geo.between(h("c5"), h("f5"))] == ["d5", "e5"]


def test_dg_16_1_forest_between_blocks_los() -> None:
    g = blank()
    terrain(g, "forest", "d5")
    assert not has_los(g, h("c5"), h("f5"))
    assert has_los(g, h("c5"), h("d5"))  # a unit may see into the forest hex itself


def test_dg_16_2_high_ground_between_blocks_even_from_high_ground() -> None:
    g = blank()
    terrain(g, "high_ground", "d5", "c5")
    assert not has_los(g, h("c5"), h("f5"))


def test_dg_16_3_from_high_ground_one_forest_is_ignored_two_block() -> None:
    g = blank()
    terrain(g, "high_ground", "c5")
    terrain(g, "forest", "d5")
    assert has_los(g, h("c5"), h("f5"))
    assert has_los(g, h("f5"), h("c5"))  # symmetric
    terrain(g, "forest", "e5")
    assert not has_los(g, h("c5"), h("f5"))


def test_dg_16_4_tank_between_blocks_unless_high_ground() -> None:
    g = blank()
    t34(g, 1, "e5", "W")
    assert not has_los(g, h("c5"), h("g5"))
    terrain(g, "high_ground", "g5")
    assert has_los(g, h("c5"), h("g5"))


def test_dg_16_6_front_swamp_markers_do_not_block() -> None:
    g = blank()
    g.front = {h("e5")}
    terrain(g, "swamp", "d5")
    from tests.duel_of_the_giants.helpers import atg, marker, mine

    marker(g, "f5", True)
    atg(g, "d5", "pak36", "E")
    mine(g, "e5", True)
    assert has_los(g, h("c5"), h("g5"))


def test_dg_13_10_grounded_stuka_blocks_like_a_tank() -> None:
    from tests.duel_of_the_giants.helpers import stuka

    g = blank()
    s = stuka(g, "d5")
    assert not has_los(g, h("c5"), h("f5"))
    s.state = "flying"
    assert has_los(g, h("c5"), h("f5"))  # DG-13.4: a flying Stuka does not block


def test_dg_4_3_2_forest_conceals_unless_adjacent_or_fired() -> None:
    g = blank()
    terrain(g, "forest", "f5")
    assert concealed(g, h("f5"), h("c5"))
    assert not concealed(g, h("f5"), h("e5"))  # adjacent attacker
    g.exposed.add("t34-1")
    assert not concealed(g, h("f5"), h("c5"), "t34-1")  # fired this phase D


def test_dg_10_2_recon_reach_two_three_from_high_ground() -> None:
    g = blank()
    assert recon_range(g, h("c5")) == 2
    assert sees_marker(g, h("c5"), d("E"), h("e5"))
    assert not sees_marker(g, h("c5"), d("E"), h("f5"))
    assert not sees_marker(g, h("c5"), d("NE"), h("e5"))  # only along the barrel
    terrain(g, "high_ground", "c5")
    assert recon_range(g, h("c5")) == 3
    assert sees_marker(g, h("c5"), d("E"), h("f5"))


def test_dg_4_3_6_markers_in_forest_cannot_be_reconnoitred() -> None:
    g = blank()
    terrain(g, "forest", "e5")
    assert not sees_marker(g, h("c5"), d("E"), h("e5"))
    assert sees_marker(g, h("c5"), d("E"), h("e5"), forced=True)  # DG-9.6 forced reveal


@pytest.mark.parametrize("kind,t34_cost,tiger_cost", [
    ("steppe", 1, 1), ("forest", 1, 1), ("high_ground", 1, 1), ("swamp", 2, None),
    ("snow_steppe", 1, 1), ("snow_forest", 1, 1), ("snow_high_ground", 2, 2), ("snowdrift", 2, 2),
])
def test_dg_4_1_and_dg_23_entry_costs(kind: str, t34_cost: int, tiger_cost: int | None) -> None:
    g = blank()
    t = g.cfg.terrain[kind]
    assert (t.t34_cost, t.tiger_cost) == (t34_cost, tiger_cost)


def test_dg_4_4_2_high_ground_fires_plus_one_and_dg_4_3_3_forest_minus_one() -> None:
    from rulesets.duel_of_the_giants.combat import hits_for

    g = blank()
    ti = tiger(g, 1, "c5", "E")
    tk = t34(g, 1, "f5", "W")
    assert hits_for(g, ti, tk, 0)[0] == 3  # 5 - (3 - 1)
    terrain(g, "high_ground", "c5")
    assert hits_for(g, ti, tk, 0)[0] == 4
    terrain(g, "forest", "f5")
    assert hits_for(g, ti, tk, 0)[0] == 3


def test_dg_16_los_is_symmetric_on_random_boards() -> None:
    """DG-16: LOS is symmetric [I] -- checked on random terrain, tanks and pairs of hexes."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    geo = geometry(9, 11)
    kinds = ["forest", "high_ground", "swamp", "snowdrift", "snow_forest", "snow_high_ground"]
    cells = st.sampled_from(geo.hexes)

    @settings(max_examples=150, deadline=None)
    @given(st.dictionaries(cells, st.sampled_from(kinds), max_size=25), st.lists(cells, max_size=6), cells, cells)
    def check(terrain_map: dict, tank_cells: list, a: tuple, b: tuple) -> None:
        g = blank()
        g.terrain = dict(terrain_map)
        for i, p in enumerate(dict.fromkeys(tank_cells)):
            t34(g, i + 1, label(p), "W")
        assert has_los(g, a, b) == has_los(g, b, a)
        if geo.direction(a, b) is None and a != b:
            assert not has_los(g, a, b)  # DG-3.8: only along hex rows

    check()
