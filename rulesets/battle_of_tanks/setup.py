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

import shapely
from shapely.geometry import Polygon

from core.data import Document, Problem
from core.errors import DataError, TanktableError, did_you_mean
from core.geometry import Pose, footprint, heading_between
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
from rulesets.battle_of_tanks.state import Tank

RESERVED_WORDS = {"to", "fire", "ambush", "pass", "stay", "none"}
"""Words of the notation a tank's label may not be (they start other actions)."""


def army_problems(army: Army, side: str, cards: Mapping[str, TankCard]) -> list[str]:
    """Unknown cards (BT-1.2) and an exceeded budget (BT-1.1) of one side's army."""
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
    return problems


def check_army_for_play(army: Army, side: str, cards: Mapping[str, TankCard]) -> None:
    problems = army_problems(army, side, cards)
    if problems:
        raise TanktableError(problems[0])


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9#._-]+", "-", text.strip().lower()).strip("-") or "tank"


def build_tanks(armies: Mapping[str, Army], cards: Mapping[str, TankCard], rules: RulesTable,
                field: Battlefield, deploy: Mapping[str, Sequence[Deployment]]) -> list[Tank]:
    """Tanks with unique labels, set up on their own base plate (BT-3.3)."""
    tanks: list[Tank] = []
    counts: dict[str, int] = {}
    used: set[str] = set()
    for side in SIDES:
        army = armies[side]
        dims = []
        for entry in army.tanks:
            card = cards[entry.card]
            fp = card.footprint or rules.footprint
            dims.append((fp.length_cm, fp.width_cm))
        poses = _deploy(field, side, dims, deploy.get(side, []), army.name)
        for i, (entry, pose, (length, width)) in enumerate(zip(army.tanks, poses, dims, strict=True)):
            card = cards[entry.card]
            if entry.name:
                label = _slug(entry.name)
            else:
                counts[card.label] = counts.get(card.label, 0) + 1
                label = f"{card.label}#{counts[card.label]}"
            base, k = label, 2
            while label in used or label in RESERVED_WORDS or re.fullmatch(r"[ab]\d+", label):
                label = f"{base}#{k}"
                k += 1
            used.add(label)
            tanks.append(Tank(f"{side}{i + 1}", label, side, card, length, width,
                              pose.x, pose.y, pose.heading, card.hit_points))
    return tanks


def _deploy(field: Battlefield, side: str, dims: list[tuple[float, float]],
            given: Sequence[Deployment], army: str) -> list[Pose]:
    if given:
        if len(given) < len(dims):
            raise TanktableError(f"scenario deploys {len(given)} tank(s) for {side} but the army has {len(dims)}")
        return [Pose(d.x, d.y, d.heading % 360) for d in given[: len(dims)]]
    plate = field.bases[side]
    centre = (field.width / 2, field.depth / 2)
    pc = plate.centroid
    heading = round(heading_between((pc.x, pc.y), centre) / 90.0) * 90.0 % 360.0
    length = max(d[0] for d in dims)
    width = max(d[1] for d in dims)
    along_x = heading in (0.0, 180.0)
    sx, sy = (length, width) if along_x else (width, length)
    minx, miny, maxx, maxy = plate.bounds
    gap = 1.5
    slots = []
    y = miny + gap + sy / 2
    while y + sy / 2 <= maxy - gap / 2 + 1e-9:
        x = minx + gap + sx / 2
        while x + sx / 2 <= maxx - gap / 2 + 1e-9:
            slots.append((x, y))
            x += sx + gap
        y += sy + gap
    free = [s for s in slots if _clear(field, Pose(s[0], s[1], heading), length, width)]
    free.sort(key=lambda s: math.dist(s, centre))
    if len(free) < len(dims):
        raise TanktableError(f"army {army!r}: {len(dims)} tanks do not fit on {side}'s base plate ({len(free)} places) (BT-3.3)")
    return [Pose(round(x, 1), round(y, 1), heading) for x, y in free[: len(dims)]]


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
    try:
        rules = cat.with_settings(cat.rules_table(), scen.settings, "setting")
    except TanktableError as exc:
        problems.append(doc.problem(("settings",), str(exc)))
        rules = cat.rules_table()
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
    for side, src in scen.armies.items():
        try:
            army, _, _ = cat.load_army(src, pool, folder, (doc, ("armies", side)))
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
            continue
        except TanktableError as exc:
            problems.append(doc.problem(("armies", side), str(exc)))
            continue
        found_army = army_problems(army, side, pool)
        problems.extend(doc.problem(("armies", side), m) for m in found_army)
        if not found_army:
            armies[side] = army
    if field is not None:
        problems.extend(_deployment_problems(scen, doc, field, armies, pool, rules))
    return problems


def _deployment_problems(scen: Scenario, doc: Document, field: Battlefield, armies: Mapping[str, Army],
                         cards: Mapping[str, TankCard], rules: RulesTable) -> list[Problem]:
    problems: list[Problem] = []
    for side, army in armies.items():
        dims = []
        for entry in army.tanks:
            fp = cards[entry.card].footprint or rules.footprint
            dims.append((fp.length_cm, fp.width_cm))
        given = scen.deploy.get(side, [])
        try:
            _deploy(field, side, dims, given, army.name)
        except TanktableError as exc:
            problems.append(doc.problem(("deploy", side) if given else ("armies", side), f"{exc} (BT-3.3)"
                                        if "BT-3.3" not in str(exc) else str(exc)))
            continue
        placed: list[tuple[int, object]] = []
        for i, (d, (length, width)) in enumerate(zip(given, dims, strict=False)):
            pose = Pose(d.x, d.y, d.heading % 360)
            why = placement_problem(field, f"tank {i + 1} of {side}", pose, length, width)
            if why is not None:
                problems.append(doc.problem(("deploy", side, i), why))
                continue
            fp = footprint(pose, length, width)
            for j, other in placed:
                if shapely.intersects(fp, other) and not shapely.touches(fp, other):
                    problems.append(doc.problem(("deploy", side, i), f"tank {i + 1} of {side} overlaps tank {j + 1} (BT-3.3)"))
            placed.append((i, fp))
    return problems
