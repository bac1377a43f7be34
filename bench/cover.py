"""Cover (BT-6.4) against 50 terrain pieces: core.geometry.Occluders vs a naive loop.

Both compute the share of a target footprint hidden from an eye behind 50
terrain polygons; the answers must agree. The naive peer is the obvious
shapely code: for every piece and every edge, build the shadow
quadrilateral, union them all, intersect with the target. Ours keeps an
STRtree (only pieces in the view cone count), casts shadows from
front-facing edges only, and builds/clips all quads in one vectorised call.

Like for like (issue 61.7): the pairs are split into ``--rounds`` chunks and
each chunk is timed for both in turn, the order swapped every chunk, so that a
load change during the run hurts both alike; times are CPU seconds of this
process (steadier on a shared machine; wall in brackets). Ours builds its index
once, in the first chunk, and counts it.

    .venv/bin/python bench/cover.py [--pairs N] [--seed S] [--rounds R]
"""

from __future__ import annotations

import argparse
import math
import random
import time

import shapely
from shapely.geometry import Point, Polygon

from core.geometry import Occluders, Pose, footprint

TABLE = 120.0
REACH = 2 * math.hypot(TABLE, TABLE)


def terrain(rng: random.Random, n: int = 50) -> list[Polygon]:
    pieces: list[Polygon] = []
    while len(pieces) < n:
        cx, cy = rng.uniform(5, TABLE - 5), rng.uniform(5, TABLE - 5)
        k = rng.randint(3, 7)
        r = rng.uniform(1.5, 5)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(k))
        poly = Polygon([(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles])
        if poly.is_valid and poly.area > 1:
            pieces.append(poly)
    return pieces


def fan_shadow(eye, a, b, reach):
    """The shadow of edge a-b from eye: the edge, then far points fanned from b round to a."""
    da = (a[0] - eye[0], a[1] - eye[1])
    db = (b[0] - eye[0], b[1] - eye[1])
    ang_a, ang_b = math.atan2(da[1], da[0]), math.atan2(db[1], db[0])
    delta = (ang_a - ang_b + math.pi) % (2 * math.pi) - math.pi
    radius = max(math.hypot(*da), math.hypot(*db)) + reach
    far = [(eye[0] + math.cos(ang_b + delta * f) * radius, eye[1] + math.sin(ang_b + delta * f) * radius)
           for f in (0.0, 1 / 3, 2 / 3, 1.0)]
    return Polygon([a, b, *far])


def naive_share(pieces: list[Polygon], eye: tuple[float, float], target: Polygon) -> float:
    shadows = []
    eye_pt = Point(eye)
    for poly in pieces:
        if poly.intersects(eye_pt):
            continue
        coords = list(poly.exterior.coords)
        for a, b in zip(coords, coords[1:], strict=False):
            quad = shapely.make_valid(fan_shadow(eye, a, b, REACH))
            if quad.area > 0:
                shadows.append(quad)
    if not shadows:
        return 0.0
    return shapely.union_all(shadows).intersection(target).area / target.area


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=6, help="chunks, each timed for both in turn")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pieces = terrain(rng)
    pairs = []
    for _ in range(args.pairs):
        eye = (rng.uniform(0, TABLE), rng.uniform(0, TABLE))
        target = footprint(Pose(rng.uniform(5, TABLE - 5), rng.uniform(5, TABLE - 5), rng.uniform(0, 360)), 10, 5)
        pairs.append((eye, target))

    rounds = max(1, min(args.rounds, len(pairs)))
    chunks = [pairs[i::rounds] for i in range(rounds)]
    ours: list[float] = []
    theirs: list[float] = []
    cpu = {"ours": 0.0, "naive": 0.0}
    wall = {"ours": 0.0, "naive": 0.0}
    occ: Occluders | None = None
    for i, chunk in enumerate(chunks):
        for name in ("ours", "naive") if i % 2 == 0 else ("naive", "ours"):
            start, start_cpu = time.perf_counter(), time.process_time()
            if name == "ours":
                if occ is None:
                    occ = Occluders(pieces, REACH)
                ours.extend(occ.hidden_shares(eye, t)["all"] for eye, t in chunk)
            else:
                theirs.extend(naive_share(pieces, eye, t) for eye, t in chunk)
            cpu[name] += time.process_time() - start_cpu
            wall[name] += time.perf_counter() - start
    t_ours, t_naive = cpu["ours"], cpu["naive"]

    worst = max(abs(a - b) for a, b in zip(ours, theirs, strict=False))
    assert worst < 1e-6, f"answers differ by {worst}"
    in_cover = sum(1 for s in ours if s >= 0.5)
    print(f"cover of {args.pairs} shooter/target pairs against {len(pieces)} terrain pieces "
          f"({in_cover} in cover; answers agree within {worst:.1e})")
    print(f"comparing: the same pairs in {len(chunks)} alternating chunks, CPU time (wall in brackets)")
    print(f"  ours  (STRtree + vectorised shapely, index build included): {t_ours * 1e3:8.1f} ms "
          f"({t_ours / args.pairs * 1e6:.0f} us/pair; wall {wall['ours'] * 1e3:.1f} ms)")
    print(f"  naive (loop over every piece and edge):                     {t_naive * 1e3:8.1f} ms "
          f"({t_naive / args.pairs * 1e6:.0f} us/pair; wall {wall['naive'] * 1e3:.1f} ms)")
    print(f"ratio naive/ours: {t_naive / t_ours:.1f}x (wall {wall['naive'] / wall['ours']:.1f}x; goal >= 5x)")


if __name__ == "__main__":
    main()
