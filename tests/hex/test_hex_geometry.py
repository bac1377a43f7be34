"""Hex coordinates and exact lines: properties (hypothesis) and edge-grazing cases."""

from __future__ import annotations

import inspect

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.grid import hex as hexmod
from core.grid.hex import (
    AXIAL_DIRECTIONS,
    Hex,
    Shift,
    axial_to_offset,
    cube_round,
    direction_to,
    distance,
    in_line,
    line,
    line_float,
    offset_to_axial,
    opposite,
    ray,
    ring,
    spiral,
)

coord = st.integers(-40, 40)
hexes = st.builds(Hex, coord, coord)


def test_public_api_is_unchanged() -> None:
    """The Duel of the Giants ruleset builds on these names and signatures."""
    for name in ("Hex", "AXIAL_DIRECTIONS", "distance", "direction_to", "ring", "spiral",
                 "cube_round", "line", "offset_to_axial", "axial_to_offset"):
        assert hasattr(hexmod, name)
    assert list(inspect.signature(line).parameters) == ["a", "b", "nudge"]
    assert inspect.signature(line).parameters["nudge"].default == 1
    assert list(inspect.signature(offset_to_axial).parameters) == ["col", "row", "pointy", "shifted"]
    assert cube_round(0.2, 0.1) == Hex(0, 0) and cube_round(0.4, 0.4) == Hex(0, 1)


@settings(deadline=None)
@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_on_itself(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@settings(deadline=None)
@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@settings(deadline=None)
@given(hexes, hexes, st.sampled_from([1, -1]))
def test_line_has_distance_plus_one_adjacent_hexes(a: Hex, b: Hex, nudge: int) -> None:
    ln = line(a, b, nudge)
    assert len(ln) == distance(a, b) + 1
    assert ln[0] == a and ln[-1] == b
    assert all(distance(x, y) == 1 for x, y in zip(ln, ln[1:], strict=False))
    assert all(distance(a, h) == i for i, h in enumerate(ln))


@settings(deadline=None)
@given(hexes, hexes, st.sampled_from([1, -1]))
def test_line_reversed_and_translated(a: Hex, b: Hex, nudge: int) -> None:
    """line(b, a) is line(a, b) reversed: what makes LOS symmetric."""
    assert line(b, a, nudge) == list(reversed(line(a, b, nudge)))
    shift = Hex(7, -3)
    assert line(a + shift, b + shift, nudge) == [h + shift for h in line(a, b, nudge)]


@settings(max_examples=300, deadline=None)
@given(st.builds(Hex, st.integers(-12, 12), st.integers(-12, 12)),
       st.builds(Hex, st.integers(-12, 12), st.integers(-12, 12)), st.sampled_from([1, -1]))
def test_exact_line_agrees_with_the_float_reference(a: Hex, b: Hex, nudge: int) -> None:
    """Two implementations (integer-exact and textbook float with the same nudge) agree."""
    assert line(a, b, nudge) == line_float(a, b, nudge)


@settings(deadline=None)
@given(hexes, hexes)
def test_two_nudges_differ_only_between_neighbouring_hexes(a: Hex, b: Hex) -> None:
    plus, minus = line(a, b, 1), line(a, b, -1)
    for x, y in zip(plus, minus, strict=True):
        assert x == y or distance(x, y) == 1


def test_edge_grazing_lines_split_on_both_sides_of_the_hexside() -> None:
    """A line exactly along a hexside: the nudges pick the two hexes that share it."""
    for d in range(6):
        n1 = Hex(*AXIAL_DIRECTIONS[d])
        n2 = Hex(*AXIAL_DIRECTIONS[(d + 1) % 6])
        target = n1 + n2  # two steps away, along the hexside between n1 and n2
        plus, minus = line(Hex(0, 0), target, 1), line(Hex(0, 0), target, -1)
        assert {plus[1], minus[1]} == {n1, n2}, d
        assert plus[0] == minus[0] == Hex(0, 0) and plus[2] == minus[2] == target


def test_edge_grazing_along_the_classic_nudge_direction() -> None:
    """Direction (1, 1, -2) is where the common (1, 1, -2)*eps nudge cannot break the tie."""
    assert line(Hex(0, 0), Hex(1, 1), 1) == [Hex(0, 0), Hex(0, 1), Hex(1, 1)]
    assert line(Hex(0, 0), Hex(1, 1), -1) == [Hex(0, 0), Hex(1, 0), Hex(1, 1)]
    assert line(Hex(0, 0), Hex(2, -1), 1) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    assert line(Hex(0, 0), Hex(2, -1), -1) == [Hex(0, 0), Hex(1, -1), Hex(2, -1)]
    long_plus = line(Hex(0, 0), Hex(5, 5), 1)
    long_minus = line(Hex(0, 0), Hex(5, 5), -1)
    assert sum(1 for x, y in zip(long_plus, long_minus, strict=True) if x != y) == 5


@settings(deadline=None)
@given(hexes, st.integers(0, 5), st.integers(1, 8))
def test_rays_and_neighbours_agree(h: Hex, d: int, k: int) -> None:
    r = ray(h, d, k)
    assert r[0] == h.neighbour(d)
    assert all(y == x.neighbour(d) for x, y in zip(r, r[1:], strict=False))
    assert direction_to(h, h.neighbour(d)) == d
    assert direction_to(h.neighbour(d), h) == opposite(d)
    assert all(in_line(h, x) for x in r)
    assert line(h, r[-1]) == [h, *r] == line(h, r[-1], -1)


@settings(deadline=None)
@given(hexes, st.integers(0, 6))
def test_rings_and_spirals(h: Hex, radius: int) -> None:
    rg = ring(h, radius)
    assert len(rg) == max(1, 6 * radius) == len(set(rg))
    assert all(distance(h, x) == radius for x in rg)
    assert len(list(spiral(h, radius))) == 1 + 3 * radius * (radius + 1)


@settings(deadline=None)
@given(st.integers(-30, 30), st.integers(-30, 30), st.booleans(), st.sampled_from(["even", "odd"]))
def test_offset_axial_round_trip(col: int, row: int, pointy: bool, shifted: Shift) -> None:
    h = offset_to_axial(col, row, pointy, shifted)
    assert axial_to_offset(h, pointy, shifted) == (col, row)
    assert offset_to_axial(*axial_to_offset(h, pointy, shifted), pointy, shifted) == h


@pytest.mark.parametrize(("shifted", "pushed_row"), [("even", 1), ("odd", 0)])
def test_shifted_names_the_pushed_rows_counted_from_1_in_code_as_in_maps(shifted: Shift, pushed_row: int) -> None:
    """Issue 25.4: ``shifted: even`` in a map and ``shifted="even"`` in code both push
    rows 2, 4, 6... (0-based 1, 3...) half a hex right. Column 0 of the pushed row is
    then the down-right (or up-right) neighbour of column 0 of the row beside it."""
    pushed = offset_to_axial(0, pushed_row, True, shifted)
    beside = offset_to_axial(0, 1 - pushed_row, True, shifted)
    assert pushed - beside == (Hex(0, 1) if pushed_row == 1 else Hex(1, -1))
    with pytest.raises(ValueError, match="'even' or 'odd'"):
        offset_to_axial(0, 1, True, True)  # type: ignore[arg-type]
