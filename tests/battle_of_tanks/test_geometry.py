"""core.geometry: footprints, swept areas, distances, arcs and hidden shares."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from core.geometry import (
    Occluders,
    Pose,
    closest_distance,
    footprint,
    heading_between,
    in_front_arc,
    path_length,
    swept_area,
)


def test_footprint_is_rotated_rectangle():
    fp = footprint(Pose(10, 20, 90), 10, 5)
    assert fp.area == pytest.approx(50)
    minx, miny, maxx, maxy = fp.bounds
    assert (minx, miny, maxx, maxy) == pytest.approx((7.5, 15, 12.5, 25))


def test_straight_swept_area_is_a_stadium_free_rectangle():
    area = swept_area(Pose(0, 0, 0), [(20, 0)], 10, 5)
    assert area.area == pytest.approx(30 * 5)


def test_turning_sweeps_more_than_the_end_footprints():
    area = swept_area(Pose(0, 0, 0), [], 10, 5, final_heading=90)
    assert area.area > 50 + 10


def test_path_length_and_heading():
    assert path_length([(0, 0), (3, 4), (3, 10)]) == pytest.approx(11)
    assert heading_between((0, 0), (0, 5)) == pytest.approx(90)
    assert heading_between((0, 0), (-1, 0)) == pytest.approx(180)


def test_closest_distance_between_footprints():
    a = footprint(Pose(0, 0, 0), 10, 5)
    b = footprint(Pose(20, 0, 0), 10, 5)
    assert closest_distance(a, b) == pytest.approx(10)


def test_front_arc():
    p = Pose(0, 0, 0)
    assert in_front_arc(p, (10, 4), 90)
    assert not in_front_arc(p, (10, 11), 90)
    assert not in_front_arc(p, (-10, 0), 90)


def test_hidden_share_half_behind_a_long_wall_seen_from_far():
    """A wall whose edge is on the eye-target line hides (about) half the target."""
    occ = Occluders([box(50, -100, 51, 0)], 1e5)
    target = box(99, -1, 101, 1)
    share = occ.hidden_shares((0, 0), target)["all"]
    assert share == pytest.approx(0.5, abs=0.02)


def test_hidden_share_inside_and_outside():
    occ = Occluders([box(10, 10, 20, 20)], 500)
    assert occ.hidden_shares((0, 15), box(30, 14, 32, 16))["all"] == pytest.approx(1.0)
    assert occ.hidden_shares((0, 15), box(30, 40, 32, 42))["all"] == 0.0
    # the eye inside the polygon: it casts no shadow for that eye
    assert occ.hidden_shares((15, 15), box(30, 14, 32, 16))["all"] == 0.0
    # a target inside the polygon is hidden
    assert occ.hidden_shares((0, 15), box(12, 12, 14, 14))["all"] == pytest.approx(1.0)


def test_groups_select_polygons():
    occ = Occluders([box(10, 0, 11, 10), box(10, 20, 11, 30)], 500)
    groups = {"first": np.array([True, False]), "second": np.array([False, True])}
    shares = occ.hidden_shares((0, 5), box(30, 4, 32, 6), groups)
    assert shares["first"] == pytest.approx(1.0) and shares["second"] == 0.0


def _fan_shadow(eye, a, b, reach):
    """The shadow of edge a-b from eye: the edge, then far points fanned from b round to a."""
    da = (a[0] - eye[0], a[1] - eye[1])
    db = (b[0] - eye[0], b[1] - eye[1])
    ang_a, ang_b = math.atan2(da[1], da[0]), math.atan2(db[1], db[0])
    delta = (ang_a - ang_b + math.pi) % (2 * math.pi) - math.pi
    radius = max(math.hypot(*da), math.hypot(*db)) + reach
    far = [(eye[0] + math.cos(ang_b + delta * f) * radius, eye[1] + math.sin(ang_b + delta * f) * radius)
           for f in (0.0, 1 / 3, 2 / 3, 1.0)]
    return Polygon([a, b, *far])


def _naive_share(polys, eye, target):
    """Reference: the shadow of a polygon = every point whose segment to the eye crosses it."""
    shadows = []
    for poly in polys:
        if poly.intersects(shapely.points(eye)):
            continue  # inside, or on the edge: it casts no shadow (see Occluders)
        coords = list(poly.exterior.coords)
        for a, b in zip(coords, coords[1:], strict=False):
            quad = shapely.make_valid(_fan_shadow(eye, a, b, 1e4))
            if quad.area > 0:
                shadows.append(quad)
    if not shadows:
        return 0.0
    return shapely.union_all(shadows).intersection(target).area / target.area


@settings(max_examples=60, deadline=None)
@example(rects=[(5.0, 5.0, 1.0, 1.0)], eye=(5.0, 6.0), tpose=(0.0, 0.0, 1.0))  # eye on a corner
@given(st.lists(st.tuples(st.floats(5, 95), st.floats(5, 95), st.floats(1, 8), st.floats(1, 8)), min_size=1, max_size=6),
       st.tuples(st.floats(0, 100), st.floats(0, 100)), st.tuples(st.floats(0, 100), st.floats(0, 100), st.floats(0, 360)))
def test_hidden_share_matches_naive_reference(rects, eye, tpose):
    polys = [box(x, y, x + w, y + h) for x, y, w, h in rects]
    target = footprint(Pose(*tpose), 10, 5)
    ours = Occluders(polys, 1e4).hidden_shares(eye, target)["all"]
    assert ours == pytest.approx(_naive_share(polys, eye, target), abs=1e-6)


def test_line_of_sight_and_segment_clear():
    occ = Occluders([box(10, 0, 12, 10), box(10, 20, 12, 30)], 500)
    assert not occ.line_of_sight((0, 5), box(30, 4, 32, 6))
    assert occ.line_of_sight((0, 15), box(30, 14, 32, 16))
    assert occ.segment_clear((0, 15), (30, 15))
    assert not occ.segment_clear((0, 5), (30, 5))
    only_second = np.array([False, True])
    assert occ.segment_clear((0, 5), (30, 5), only_second)
    assert occ.line_of_sight((0, 5), box(30, 4, 32, 6), only_second)


@pytest.mark.parametrize("heading", [0.0, 90.0, 180.0, 270.0])
def test_a_footprint_along_an_axis_flush_with_the_table_edge_is_on_the_table(heading: float) -> None:
    """BT-5.1: a tank that drove flush against the table's edge stands on the table
    by every test (a 180-degree footprint once poked 3e-16 cm past x = 0, so a
    reachable position was refused when read back)."""
    from core.geometry import turn_radius

    half = 5.0 if heading in (0.0, 180.0) else 2.5
    fp = footprint(Pose(half, 27.5, heading), 10, 5)
    assert box(0, 0, 120, 120).contains(fp)
    assert fp.bounds[0] == 0.0
    assert turn_radius(10, 5) == pytest.approx(math.hypot(5, 2.5))
