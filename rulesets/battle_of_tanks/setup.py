"""Setting up the table: tanks on their base plates, and the checks every
entry point makes of a table or a scenario before a game starts.

``tanktable validate``, ``play`` and the replay of a record all go through
:func:`scenario_problems` (``new_game`` raises what it finds), so a scenario
one refuses is refused by all of them, with the same ``file:line:col`` lines.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Polygon

from core.data import Document, Problem
from core.errors import DataError, TanktableError, did_you_mean
from core.geometry import Pose, footprint, heading_between, turn_radius
from rulesets.battle_of_tanks import catalogue as cat
from rulesets.battle_of_tanks.field import Battlefield, features_of
from rulesets.battle_of_tanks.game import SIDES
from rulesets.battle_of_tanks.models import (
    Army,
    Deployment,
    RulesTable,
    Scenario,
    TableMap,
    TankCard,
)
from rulesets.battle_of_tanks.names import name_label
from rulesets.battle_of_tanks.state import Tank

TURN_ROOM_CM = 1.0
"""Automatic set-up (BT-3.3): room between the discs two tanks sweep turning on the spot."""

SPOT_STEP_CM = 0.5
"""Automatic set-up (BT-3.3): the grid the places on a base plate are tried on."""

PACKED_GAP_CM = 1.5
"""Automatic set-up (BT-3.3) of an army too large for room to turn: tanks this far apart."""

RESERVED_WORDS = {"to", "fire", "ambush", "pass", "stay", "none"}
"""Words of the notation a tank's label may not be (they start other actions)."""


def army_problems(army: Army, side: str, cards: Mapping[str, TankCard], budget: int | None = None) -> list[str]:
    """Unknown cards (BT-1.2) and an exceeded budget (BT-1.1) of one side's army:
    its own budget, and ``budget``, the scenario's, when one is given."""
    problems = []
    total = 0
    for tank in army.tanks:
        if tank.card not in cards:
            hint = did_you_mean(tank.card, list(cards), cutoff=0.3)
            problems.append(f"army {side} ({army.name}): unknown card {tank.card!r}{hint} (BT-1.2)")
            continue
        total += cards[tank.card].tier
    if total > army.budget:
        problems.append(f"army {side} ({army.name}): {total} tier points exceed the budget of "
                        f"{army.budget} by {total - army.budget} (BT-1.1)")
    elif budget is not None and total > budget:
        problems.append(f"army {side} ({army.name}): {total} tier points exceed the scenario's budget of "
                        f"{budget} by {total - budget} (BT-1.1)")
    return problems


def budget_problems(scen: Scenario, doc: Document, armies: Mapping[str, Army]) -> list[Problem]:
    """BT-1.1: a scenario buys both armies with one budget. Without a ``budget:``
    of its own, the armies must name the same one."""
    if scen.budget is not None or len(armies) < 2:
        return []
    budgets = {side: army.budget for side, army in sorted(armies.items())}
    if len(set(budgets.values())) == 1:
        return []
    named = ", ".join(f"{side} {value}" for side, value in budgets.items())
    return [doc.problem(("armies",), f"the armies are bought with different budgets ({named}): give the "
                                     "scenario one 'budget:' both are checked against (BT-1.1)")]


def check_army_for_play(army: Army, side: str, cards: Mapping[str, TankCard]) -> None:
    problems = army_problems(army, side, cards)
    if problems:
        raise TanktableError(problems[0])


def tank_label(name: str | None, card_label: str, counts: dict[str, int], used: set[str]) -> str:
    """The label a tank gets on the table, unique among ``used`` (which it joins): its own
    ``name`` made a label, else its card's label numbered by ``counts`` (``t34#1``); a
    label taken, or a word of the notation or a plate's point (``a3``), numbered on
    (``stalin#2``). One rule for the game and the printed roster, so they agree."""
    if name:
        label = name_label(name)
    else:
        counts[card_label] = counts.get(card_label, 0) + 1
        label = f"{card_label}#{counts[card_label]}"
    base, k = label, 2
    while label in used or label in RESERVED_WORDS or re.fullmatch(r"[ab]\d+", label):
        label = f"{base}#{k}"
        k += 1
    used.add(label)
    return label


def build_tanks(armies: Mapping[str, Army], cards: Mapping[str, TankCard], rules: RulesTable,
                field: Battlefield, deploy: Mapping[str, Sequence[Deployment]]) -> list[Tank]:
    """Tanks with unique labels, set up on their own base plate (BT-3.3)."""
    tanks: list[Tank] = []
    counts: dict[str, int] = {}
    used: set[str] = set()
    for side in SIDES:
        army = armies[side]
        dims = [_size(cards[entry.card], rules) for entry in army.tanks]
        poses = _deploy(field, side, dims, deploy.get(side, []), army.name)
        for i, (entry, pose, (length, width)) in enumerate(zip(army.tanks, poses, dims, strict=True)):
            card = cards[entry.card]
            label = tank_label(entry.name, card.label, counts, used)
            tanks.append(Tank(f"{side}{i + 1}", label, side, card, length, width,
                              pose.x, pose.y, pose.heading, card.hit_points))
    return tanks


def _size(card: TankCard, rules: RulesTable) -> tuple[float, float]:
    """A card's footprint, length and width in cm (BT-2.1: the rules' default if it names none)."""
    fp = card.footprint or rules.footprint
    return fp.length_cm, fp.width_cm


def _deploy(field: Battlefield, side: str, dims: list[tuple[float, float]],
            given: Sequence[Deployment], army: str) -> list[Pose]:
    """Where the tanks start (BT-3.3): the scenario's places, or :func:`_spots`."""
    if given:
        if len(given) < len(dims):
            raise TanktableError(f"scenario deploys {len(given)} tank(s) for {side} but the army has {len(dims)} (BT-3.3)")
        return [Pose(d.x, d.y, d.heading % 360) for d in given[: len(dims)]]
    plate = field.bases[side]
    centre = (field.width / 2, field.depth / 2)
    pc = plate.centroid
    heading = round(heading_between((pc.x, pc.y), centre) / 90.0) * 90.0 % 360.0
    spots = _spots(field, side, dims, heading) or _packed(field, side, dims, heading)
    if spots is None:
        raise TanktableError(f"army {army!r}: {len(dims)} tanks do not fit on {side}'s base plate (BT-3.3)")
    return [Pose(x, y, heading) for x, y in spots]


def _spots(field: Battlefield, side: str, dims: list[tuple[float, float]],
           heading: float) -> list[tuple[float, float]] | None:
    """Places for ``dims`` tanks facing ``heading`` on ``side``'s plate, nearest the
    table's centre first, or ``None`` if they do not fit.

    Each footprint lies on the plate (BT-3.3), and each tank can turn on the spot
    to any heading without touching another tank, impassable terrain or the
    table's edge (BT-5.1): the disc it sweeps turning (:func:`turn_radius`) is
    on the table, off impassable terrain, and at least :data:`TURN_ROOM_CM` from
    every other tank's disc. The places are tried on a :data:`SPOT_STEP_CM` grid:
    a compact front nearest the table's centre where each tank also has a clear
    way forward (no other tank straight ahead of it); else the compact front
    alone; else places spread as far apart as the plate allows.
    """
    radius = max(turn_radius(length, width) for length, width in dims)
    length = max(d[0] for d in dims)
    width = max(d[1] for d in dims)
    half_x, half_y = (length / 2, width / 2) if heading in (0.0, 180.0) else (width / 2, length / 2)
    minx, miny, maxx, maxy = field.bases[side].bounds
    xs = np.arange(math.ceil((minx + half_x) / SPOT_STEP_CM) * SPOT_STEP_CM, maxx - half_x + 1e-9, SPOT_STEP_CM)
    ys = np.arange(math.ceil((miny + half_y) / SPOT_STEP_CM) * SPOT_STEP_CM, maxy - half_y + 1e-9, SPOT_STEP_CM)
    if not len(xs) or not len(ys):
        return None
    gx, gy = np.meshgrid(xs, ys)
    px, py = gx.ravel(), gy.ravel()
    ok = (px >= radius) & (py >= radius) & (px <= field.width - radius) & (py <= field.depth - radius)
    px, py = px[ok], py[ok]
    if len(px):
        points = shapely.points(px, py)
        free = np.ones(len(px), dtype=bool)
        plate = field.bases[side]
        near = [o for o in field.blocking if shapely.distance(plate, o) < radius]
        for obstacle in near:  # a disc may touch impassable terrain, not enter it
            free &= np.asarray(shapely.distance(points, obstacle) >= radius - 1e-9, dtype=bool)
        px, py = px[free], py[free]
    if not len(px):
        return None
    centre = (field.width / 2, field.depth / 2)
    apart = 2 * radius + TURN_ROOM_CM - 1e-9
    front = np.hypot(px - centre[0], py - centre[1])
    ahead = np.lexsort((py, px, front))
    # across the heading: tanks this far apart sideways do not stand in each other's way forward
    across = -px * math.sin(math.radians(heading)) + py * math.cos(math.radians(heading))
    lane = width + TURN_ROOM_CM - 1e-9
    chosen = (_front(px, py, ahead, len(dims), apart, across, lane)
              or _front(px, py, ahead, len(dims), apart)
              or _spread(px, py, ahead, len(dims), apart))
    if chosen is None:
        return None
    spots = [(float(px[i]), float(py[i])) for i in chosen]
    return sorted(spots, key=lambda q: (math.dist(q, centre), q))


def _front(px: np.ndarray, py: np.ndarray, order: np.ndarray, n: int, apart: float,
           across: np.ndarray | None = None, lane: float = 0.0) -> list[int] | None:
    """``n`` places taken in ``order`` (nearest the table's centre first), each at
    least ``apart`` from those taken and, with ``across``, at least ``lane`` from
    each sideways (so each has a clear way forward), or ``None``."""
    chosen: list[int] = []
    for i in order:
        if all(math.hypot(px[i] - px[j], py[i] - py[j]) >= apart for j in chosen) and (
                across is None or all(abs(across[i] - across[j]) >= lane for j in chosen)):
            chosen.append(int(i))
            if len(chosen) == n:
                return chosen
    return None


def _spread(px: np.ndarray, py: np.ndarray, order: np.ndarray, n: int, apart: float) -> list[int] | None:
    """``n`` places spread out: from the first in ``order``, each next the farthest
    from those taken; ``None`` if one would be nearer than ``apart``."""
    chosen = [int(order[0])]
    nearest = np.hypot(px - px[chosen[0]], py - py[chosen[0]])
    while len(chosen) < n:
        i = int(np.argmax(nearest))
        if nearest[i] < apart:
            return None
        chosen.append(i)
        nearest = np.minimum(nearest, np.hypot(px - px[i], py - py[i]))
    return chosen


def _packed(field: Battlefield, side: str, dims: list[tuple[float, float]],
            heading: float) -> list[tuple[float, float]] | None:
    """Rows :data:`PACKED_GAP_CM` apart on the plate, nearest the table's centre
    first: for an army too large to give every tank room to turn (BT-3.3)."""
    length = max(d[0] for d in dims)
    width = max(d[1] for d in dims)
    sx, sy = (length, width) if heading in (0.0, 180.0) else (width, length)
    minx, miny, maxx, maxy = field.bases[side].bounds
    gap = PACKED_GAP_CM
    slots = []
    y = miny + gap + sy / 2
    while y + sy / 2 <= maxy - gap / 2 + 1e-9:
        x = minx + gap + sx / 2
        while x + sx / 2 <= maxx - gap / 2 + 1e-9:
            slots.append((x, y))
            x += sx + gap
        y += sy + gap
    centre = (field.width / 2, field.depth / 2)
    free = sorted((s for s in slots if _clear(field, Pose(s[0], s[1], heading), length, width)),
                  key=lambda s: math.dist(s, centre))
    if len(free) < len(dims):
        return None
    return [(round(x, 1), round(y, 1)) for x, y in free[: len(dims)]]


def _clear(field: Battlefield, pose: Pose, length: float, width: float) -> bool:
    fp = footprint(pose, length, width)
    return field.bounds.contains(fp) and not any(
        (not f.passable) and f.polygon.intersects(fp) for f in field.features)


def placement_problem(field: Battlefield, name: str, pose: Pose, length: float, width: float) -> str | None:
    """Why a tank cannot stand at ``pose`` (BT-5.1: on the table, off impassable terrain), or None."""
    fp = footprint(pose, length, width)
    if not field.bounds.contains(fp):
        return f"{name} at {pose.x:g},{pose.y:g} lies partly off the {field.width:g} x {field.depth:g} cm table (BT-5.1)"
    for f in field.features:
        if not f.passable and f.polygon.intersects(fp) and not f.polygon.touches(fp):
            return f"{name} at {pose.x:g},{pose.y:g} stands in impassable {f.name} (BT-5.1)"
    return None


def table_problems(table: TableMap, rules: RulesTable, doc: Document,
                   at: tuple[str | int, ...] = ()) -> list[Problem]:
    """Semantic checks of a table (BT-3.1, BT-3.2): kinds known, shapes valid, inside the table.

    ``at``: where the table sits in ``doc`` when it is embedded in another document."""
    problems = []
    bounds = shapely.box(0, 0, table.width_cm, table.depth_cm)
    for side, b in table.bases.items():
        if not bounds.covers(shapely.box(b.x, b.y, b.x + b.width, b.y + b.depth)):
            problems.append(doc.problem((*at, "bases", side), f"base plate {side} lies partly outside the {table.width_cm:g} x {table.depth_cm:g} cm table (BT-3.1)"))
    for i, f in enumerate(table.terrain):
        if f.type not in rules.terrain_kinds:
            hint = did_you_mean(f.type, list(rules.terrain_kinds), otherwise=f" (kinds: {', '.join(rules.terrain_kinds)})")
            problems.append(doc.problem((*at, "terrain", i, "type"), f"unknown terrain type {f.type!r}{hint} (BT-3.2)"))
        poly = Polygon(f.polygon)
        if not poly.is_valid or poly.area <= 0:
            problems.append(doc.problem((*at, "terrain", i, "polygon"), f"terrain {f.name or i}: the polygon crosses itself or has no area"))
        elif not bounds.covers(poly):
            problems.append(doc.problem((*at, "terrain", i, "polygon"), f"terrain {f.name or i} lies partly outside the table"))
    return problems


def settings_problems(settings: object, doc: Document) -> list[Problem]:
    """Each rules setting of a scenario checked on its own, its problem at its own line: an
    unknown name at its key, a bad value at the value (authoring playtest: the whole
    ``settings:`` stopped at its first bad entry). Not a mapping: the form's to report."""
    problems: list[Problem] = []
    base = cat.rules_table()
    for key, value in (settings.items() if isinstance(settings, Mapping) else []):
        try:
            cat.with_settings(base, {key: value}, "setting")
        except TanktableError as exc:
            text = str(exc)
            problems.append(doc.problem(("settings", key), text, key=text.startswith("unknown")))
    return problems


def scenario_problems(scen: Scenario, doc: Document,
                      cards: Mapping[str, TankCard] | None = None) -> list[Problem]:
    """Everything that would stop this scenario from being set up, each at its line.

    The table (BT-3), both armies (BT-1: cards known, budget kept), the rules
    settings, and the set-up (BT-3.3: the tanks fit on their plates, or the
    scenario's deployment stands on the table and off impassable terrain).
    ``cards``: the card pool (default: the shipped cards).
    """
    problems: list[Problem] = []
    folder = Path(doc.path).parent
    pool = dict(cards if cards is not None else cat.shipped_cards())
    found_settings = settings_problems(scen.settings, doc)
    problems.extend(found_settings)
    rules = cat.rules_table()
    if not found_settings:
        try:
            rules = cat.with_settings(rules, scen.settings, "setting")
        except TanktableError as exc:
            problems.append(doc.problem(("settings",), str(exc)))
    field: Battlefield | None = None
    try:
        table, _ = cat.load_table(scen.table, folder, (doc, ("table",)))
        # an embedded table points at its own lines; a table file was checked on its own
        inline = isinstance(scen.table, Mapping)
        found = table_problems(table, rules, doc, ("table",) if inline else ())
        if not inline:
            found = [doc.problem(("table",), f"table {scen.table}: {p.message}") for p in found]
        problems.extend(found)
        if not found:
            field = Battlefield(table, rules, features_of(table, rules))
    except DataError as exc:
        problems.extend(p for p in exc.problems if isinstance(p, Problem))
    except TanktableError as exc:
        problems.append(doc.problem(("table",), str(exc)))
    armies: dict[str, Army] = {}
    loaded: dict[str, Army] = {}
    for side, src in scen.armies.items():
        try:
            army, _, _ = cat.load_army(src, pool, folder, (doc, ("armies", side)))
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
            continue
        except TanktableError as exc:
            problems.append(doc.problem(("armies", side), str(exc)))
            continue
        found_army = army_problems(army, side, pool, scen.budget)
        problems.extend(doc.problem(("armies", side), m) for m in found_army)
        loaded[side] = army
        if not found_army:
            armies[side] = army
    problems.extend(budget_problems(scen, doc, loaded))
    if field is not None:
        problems.extend(_deployment_problems(scen, doc, field, armies, pool, rules))
    return problems


def _deployment_problems(scen: Scenario, doc: Document, field: Battlefield, armies: Mapping[str, Army],
                         cards: Mapping[str, TankCard], rules: RulesTable) -> list[Problem]:
    """BT-3.3: the tanks fit on their plate; or each deployed tank stands on the
    table, off impassable terrain, on its own side's base plate and clear of the
    others -- every problem at its own line."""
    problems: list[Problem] = []
    for side, army in armies.items():
        dims = [_size(cards[entry.card], rules) for entry in army.tanks]
        given = scen.deploy.get(side, [])
        if not given:
            try:
                _deploy(field, side, dims, given, army.name)
            except TanktableError as exc:
                problems.append(doc.problem(("armies", side), str(exc)))
            continue
        if len(given) != len(dims):
            problems.append(doc.problem(("deploy", side), f"scenario deploys {len(given)} tank(s) for {side} "
                                                          f"but the army has {len(dims)} (BT-3.3)"))
        placed: list[tuple[int, object]] = []
        for i, (d, (length, width)) in enumerate(zip(given, dims, strict=False)):
            pose = Pose(d.x, d.y, d.heading % 360)
            name = f"tank {i + 1} of {side}"
            if not field.on_plate(side, pose, length, width):
                problems.append(doc.problem(("deploy", side, i), f"{name} at {pose.x:g},{pose.y:g} is not on "
                                                                 f"{side}'s base plate ({_plate_text(field, side)}) (BT-3.3)"))
            why = placement_problem(field, name, pose, length, width)
            if why is not None:
                problems.append(doc.problem(("deploy", side, i), why))
                continue
            fp = footprint(pose, length, width)
            for j, other in placed:
                if shapely.intersects(fp, other) and not shapely.touches(fp, other):
                    problems.append(doc.problem(("deploy", side, i), f"{name} overlaps tank {j + 1} (BT-3.3)"))
            placed.append((i, fp))
    return problems


def _plate_text(field: Battlefield, side: str) -> str:
    """A base plate as a player reads it: ``x 0..30, y 0..30 cm``."""
    minx, miny, maxx, maxy = field.bases[side].bounds
    return f"x {minx:g}..{maxx:g}, y {miny:g}..{maxy:g} cm"
