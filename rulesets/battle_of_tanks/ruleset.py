"""The ``battle-of-tanks`` ruleset object: scenarios, new games, data kinds, cards."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import Polygon

from core.data import Document, Problem
from core.dice import Dice
from core.errors import DataError, TanktableError
from core.game import Game, Ruleset
from core.geometry import Pose, footprint, heading_between
from core.options import GameOptions, model_setting_names
from rulesets.battle_of_tanks import catalogue as cat
from rulesets.battle_of_tanks.army import report_for
from rulesets.battle_of_tanks.field import Battlefield, features_of
from rulesets.battle_of_tanks.game import SIDES, BattleGame
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

CARD_TEMPLATE = """\
# A Battle of Tanks tank card (BT-2). Check it with: tanktable validate FILE
ruleset: battle-of-tanks
kind: card
id: my-tank            # lower-case id used in army lists
name: My Tank          # shown to players
short: mytank          # short label on the table (letters and digits)
tier: 5                # tier points it costs (BT-1.1)
hit_points: 600
move_cm: 40            # MOVE distance; ATTACK and RETREAT move half of it
sight_cm: 80           # sight range, between the closest points of footprints
recon: 2+              # RECON roll (light cover +2, heavy cover +1)
accuracy: 3+           # to-hit roll before modifiers (BT-6.3)
rate_of_fire: 2        # shots per activation
firepower: 150         # hit points a penetration (T or W) removes
repair: 3+             # RETREAT roll to repair a damaged track
# footprint: {length_cm: 10, width_cm: 5}   # optional; the rules default is 10 x 5
# based_on: t-34-85m   # optional: start from another card and override fields
"""


class BattleOfTanksOptions(GameOptions):
    """The options of a Battle of Tanks game besides rules settings."""

    armies: dict[str, str | dict[str, Any]] | None = None
    """Side -> army file, or the army's data (a record embeds a user's file)."""
    cards: list[str | dict[str, Any]] | None = None
    """Extra card files or folders, or cards' data (BT-2)."""
    table: str | dict[str, Any] | None = None
    """Another table than the scenario's: a file, or its data."""


class BattleOfTanksRuleset(Ruleset):
    id = "battle-of-tanks"
    title = "Battle of Tanks"
    players = SIDES
    default_scenario = "village-crossroads"
    options_model = BattleOfTanksOptions

    def setting_names(self) -> list[str]:
        return model_setting_names(RulesTable)

    def scenarios(self) -> list[str]:
        return cat.scenario_names()

    def data_kinds(self) -> Mapping[str, Any]:
        return {"card": TankCard, "rules": RulesTable, "table": TableMap, "army": Army, "scenario": Scenario}

    # ----------------------------------------------------------- documents
    def validate_document(self, kind: str, doc: Any) -> list[Any]:
        """Cards may be ``based_on`` a shipped card (BT-2.2): resolve before the schema."""
        if kind != "card":
            return super().validate_document(kind, doc)
        try:
            cat.card_from_doc(doc, cat.shipped_cards())
        except DataError as exc:
            return list(exc.problems)
        return []

    def check_document(self, kind: str, model: Any, doc: Any) -> list[Any]:
        if kind == "army":
            return list(report_for(model, doc, cat.load_cards()).errors)
        if kind == "table":
            return table_problems(model, cat.rules_table(), doc)
        if kind == "scenario":
            return scenario_problems(model, doc)
        return []

    def cards(self, extra: Sequence[Path] = ()) -> Mapping[str, Any]:
        return cat.load_cards(extra)

    def card_template(self) -> str:
        return CARD_TEMPLATE

    def render_svg(self, game: Game[Any], player: int | None = None) -> str:
        from rulesets.battle_of_tanks.svg import render_svg

        assert isinstance(game, BattleGame)
        return render_svg(game)

    # ------------------------------------------------------------ new game
    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None,
                 seed: int = 0) -> BattleGame:
        opts = self.parse_options(options)
        assert isinstance(opts, BattleOfTanksOptions)
        scen, folder, name, scen_doc = cat.load_scenario(scenario, self.default_scenario)
        cards, stored_cards = cat.cards_with_inline(list(opts.cards or []))
        rules = cat.with_settings(cat.with_settings(cat.rules_table(), scen.settings, "scenario setting"),
                                  opts.settings, "option")
        table_src = opts.table if opts.table is not None else scen.table
        table, table_data = cat.load_table(table_src, None if opts.table is not None else folder,
                                           None if opts.table is not None else (scen_doc, ("table",)))
        problems = table_problems(table, rules, Document(path=f"table {table.name}", data={}))
        if problems:
            raise TanktableError("; ".join(p.message for p in problems))
        given = opts.armies or {}
        for side in given:
            if side not in SIDES:
                raise TanktableError(f"option armies: unknown side {side!r}; sides are a and b")
        stored: dict[str, Any] = {}
        armies: dict[str, Army] = {}
        for side in SIDES:
            if side in given:
                army, data = cat.load_army(given[side])
                stored[side] = data if data is not None else str(given[side])
            else:
                source = scen.armies[side]
                army, data = cat.load_army(source, folder, (scen_doc, ("armies", side)))
                if data is not None and not isinstance(source, Mapping):
                    stored[side] = data  # a user's file named by the scenario: embed it
            armies[side] = army
            check_army_for_play(army, side, cards)
        update: dict[str, Any] = {}
        if stored_cards:
            update["cards"] = stored_cards
        if table_data is not None:
            update["table"] = table_data
        if stored:
            update["armies"] = stored
        opts = opts.model_copy(update=update)
        field = Battlefield(table, rules, features_of(table, rules))
        tanks = build_tanks(armies, cards, rules, field, scen.deploy)
        return BattleGame(Dice(seed), name, opts.flat(), rules, field, tanks, title=scen.name)


def check_army_for_play(army: Army, side: str, cards: Mapping[str, TankCard]) -> None:
    total = 0
    for tank in army.tanks:
        if tank.card not in cards:
            close = difflib.get_close_matches(tank.card, list(cards), n=1, cutoff=0.3)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise TanktableError(f"army {side} ({army.name}): unknown card {tank.card!r}{hint} (BT-1.2)")
        total += cards[tank.card].tier
    if total > army.budget:
        raise TanktableError(f"army {side} ({army.name}): {total} tier points exceed the budget of {army.budget} by {total - army.budget} (BT-1.1)")


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


def table_problems(table: TableMap, rules: RulesTable, doc: Document) -> list[Problem]:
    """Semantic checks of a table (BT-3.1, BT-3.2): kinds known, shapes valid, inside the table."""
    problems = []
    bounds = shapely.box(0, 0, table.width_cm, table.depth_cm)
    for side, b in table.bases.items():
        if not bounds.covers(shapely.box(b.x, b.y, b.x + b.width, b.y + b.depth)):
            problems.append(doc.problem(("bases", side), f"base plate {side} lies partly outside the {table.width_cm:g} x {table.depth_cm:g} cm table (BT-3.1)"))
    for i, f in enumerate(table.terrain):
        if f.type not in rules.terrain_kinds:
            close = difflib.get_close_matches(f.type, list(rules.terrain_kinds), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (kinds: {', '.join(rules.terrain_kinds)})"
            problems.append(doc.problem(("terrain", i, "type"), f"unknown terrain type {f.type!r}{hint} (BT-3.2)"))
        poly = Polygon(f.polygon)
        if not poly.is_valid or poly.area <= 0:
            problems.append(doc.problem(("terrain", i, "polygon"), f"terrain {f.name or i}: the polygon crosses itself or has no area"))
        elif not bounds.covers(poly):
            problems.append(doc.problem(("terrain", i, "polygon"), f"terrain {f.name or i} lies partly outside the table"))
    return problems


def scenario_problems(scen: Scenario, doc: Document) -> list[Problem]:
    problems: list[Problem] = []
    folder = Path(doc.path).parent
    try:
        cat.load_table(scen.table, folder, (doc, ("table",)))
    except DataError as exc:
        problems.extend(p for p in exc.problems if isinstance(p, Problem))
    except TanktableError as exc:
        problems.append(doc.problem(("table",), str(exc)))
    for side, src in scen.armies.items():
        try:
            cat.load_army(src, folder, (doc, ("armies", side)))
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
        except TanktableError as exc:
            problems.append(doc.problem(("armies", side), str(exc)))
    try:
        cat.with_settings(cat.rules_table(), scen.settings, "setting")
    except TanktableError as exc:
        problems.append(doc.problem(("settings",), str(exc)))
    return problems
