"""The YAML data kinds of Battle of Tanks, as pydantic models.

These models are the single source of truth for cards, the rules table,
tables (maps), armies and scenarios: ``tanktable schema battle-of-tanks card``
exports them as JSON Schema, and ``tanktable validate`` reports every
problem with its line. Every number of the rulebook and every **Decision**
of the spec lives in a file validated here, never in code.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    PlainSerializer,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from core.data import DataModel
from core.schema import settings_schema

RULESET_ID = "battle-of-tanks"

_ROLL = re.compile(r"^\s*(-?\d+)\s*\+\s*$")


def parse_roll(value: Any) -> int:
    """Read a card roll such as ``3+`` (BT-2.2: only 1+ .. 6+ exist on a d6)."""
    if isinstance(value, bool):
        raise ValueError(f"a roll is written N+ with N from 1 to 6, got {value!r}")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and _ROLL.match(value):
        number = int(_ROLL.match(value).group(1))  # type: ignore[union-attr]
    else:
        raise ValueError(f"a roll is written N+ with N from 1 to 6, got {value!r}")
    if not 1 <= number <= 6:
        raise ValueError(f"a roll must be 1+ to 6+ on a d6, got {number}+")
    return number


Roll = Annotated[
    int,
    BeforeValidator(parse_roll),
    PlainSerializer(lambda v: f"{v}+", return_type=str, when_used="json"),
    WithJsonSchema({"anyOf": [{"type": "string", "pattern": "^\\s*0*[1-6]\\s*\\+\\s*$"},
                              {"type": "integer", "minimum": 1, "maximum": 6}],
                    "description": "a d6 roll, 1+ to 6+ (a bare number is read as N+)"}),
]
"""A d6 roll written ``N+`` (or a bare number), 1..6; its JSON Schema takes both, as
:func:`parse_roll` does (issue 60.2: the schema accepts what ``validate`` accepts)."""

CoverClass = Literal["light", "heavy"]
Height = Literal["low", "tall"]
Side = Literal["a", "b"]
TABLE_LIMIT_CM = 10_000.0
"""The largest table side (and tank) a file may give: 100 m. A size beyond any
real table is a typing slip, and the geometry would spend its time on it."""

OrderName = Literal["MOVE", "FIRE", "ATTACK", "AMBUSH", "RETREAT", "RECON"]
Face = Literal["blank", "K", "T", "W"]
XY = tuple[float, float]


class Footprint(DataModel):
    """A tank's size on the table (BT-2.1)."""

    length_cm: float = Field(gt=0, le=TABLE_LIMIT_CM, description="Along the hull (the heading).")
    width_cm: float = Field(gt=0, le=TABLE_LIMIT_CM, description="Across the hull.")


class TankCard(DataModel):
    """A tank card (BT-2). Rolls are written ``3+``."""

    ruleset: Literal["battle-of-tanks"] = "battle-of-tanks"
    kind: Literal["card"] = "card"
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$", description="Stable id used in army lists.")
    name: str
    short: str = Field(default="", pattern=r"^([a-z0-9]+)?$", description="Short label on the table, e.g. t34.")
    tier: int = Field(ge=0, description="Tier points the tank costs (BT-1.1).")
    hit_points: int = Field(gt=0)
    move_cm: float = Field(ge=0, le=TABLE_LIMIT_CM)
    sight_cm: float = Field(ge=0, le=TABLE_LIMIT_CM)
    recon: Roll
    accuracy: Roll
    rate_of_fire: int = Field(ge=0)
    firepower: int = Field(ge=0)
    repair: Roll
    footprint: Footprint | None = None
    based_on: str | None = Field(default=None, description="Id of a card whose fields this one starts from.")
    notes: str = ""

    @property
    def label(self) -> str:
        return self.short or re.sub(r"[^a-z0-9]", "", self.id)[:6]


class Modifiers(DataModel):
    """To-hit modifiers (BT-6.3)."""

    attack: int = 1
    light_cover: int = 1
    heavy_cover: int = 2
    target_moved: int = Field(default=1, description="Decision BT-6.3: target moved this round.")
    ambush: int = -1


class ToHit(DataModel):
    never_above: int = Field(default=6, description="A need above this cannot hit (BT-6.3).")
    always_at_or_below: int = Field(default=1, description="A need at or below this always hits (BT-6.3).")


class TerrainKind(DataModel):
    """A kind of terrain feature with its cover class and flags (BT-3.2)."""

    cover: CoverClass
    passable: bool
    height: Height


class CoverRules(DataModel):
    threshold: float = Field(default=0.5, gt=0, le=1, description="Share hidden to be in cover (BT-6.4).")


class SightRules(DataModel):
    measure: Literal["footprints", "centres"] = Field(
        default="footprints", description="Decision BT-6.1: sight range between closest footprint points."
    )


class SpottingRules(DataModel):
    required_for_cover: bool = Field(default=True, description="Decision BT-5.5.")
    light_cover_extra: int = Field(default=2, description="BT-5.4: light cover needs recon + 2.")
    heavy_cover_extra: int = Field(default=1, description="BT-5.4: heavy cover needs recon + 1.")
    needs_line_of_sight: bool = True


class MovementRules(DataModel):
    attack_fraction: float = Field(default=0.5, ge=0, le=1, description="ATTACK moves this share of move (BT-5).")
    retreat_fraction: float = Field(default=0.5, ge=0, le=1, description="RETREAT moves this share of move (BT-5.3).")
    turn_step_deg: float = Field(default=15.0, gt=0, le=90, description="Turning on the spot sweeps footprints at this step.")
    max_waypoints: int = Field(default=8, ge=1, description="Most straight segments in one MOVE path.")


class RetreatRules(DataModel):
    cover_from: Literal["enemies_in_sight", "nearest_enemy"] = Field(
        default="enemies_in_sight",
        description="Decision BT-5.3: 'in cover' means in cover (or out of sight) from these enemies.",
    )


class HullToHull(DataModel):
    contact_cm: float = Field(default=1.0, ge=0, description="Decision BT-6.7: footprints this close touch.")
    front_arc_deg: float = Field(default=90.0, gt=0, le=360, description="Decision BT-6.7: each in the other's front arc.")


class AmbushRules(DataModel):
    windows: list[Literal["declared", "segment", "before_fire"]] = Field(
        default=["declared", "segment", "before_fire"],
        description="Decision BT-7.2: moments of an enemy activation where ambushers may fire.",
    )
    release_when_bag_empty: bool = Field(
        default=True, description="If every live tank waits in ambush at a round's start, all ambushes end."
    )
    ends_after_rounds: int | None = Field(
        default=1, ge=0,
        description="Decision BT-4.4/BT-7.1 (the rulebook does not say how long an ambush that never "
                    "fires waits): it ends at the end of this many rounds after the round it was set "
                    "in, and its chit goes back to the bag; null: it waits until it fires.",
    )


class OrderRules(DataModel):
    fire_without_target: Literal["refuse", "allow"] = Field(
        default="refuse",
        description="Decision BT-5/BT-6.1 (the rulebook does not say): a FIRE order for a tank with no "
                    "target in sight is refused (it would waste the activation), or allowed.",
    )


class TrackRules(DataModel):
    rounds: int = Field(default=1, ge=0, description="BT-6.5: a track hit lasts until the end of the next round.")


class VictoryRules(DataModel):
    base_plate_rounds: int = Field(default=1, ge=1, description="BT-8.2: complete rounds on the enemy plate.")
    base_plate_test: Literal["centre", "footprint"] = Field(
        default="centre", description="On the plate means its centre (or its whole footprint) is on it."
    )
    max_rounds: int | None = Field(default=None, ge=1, description="Decision BT-8.3: round limit (none by default).")
    round_cap: int | None = Field(
        default=100, ge=1, description="A game still running after this many rounds is drawn (Termination move_limit): "
                               "the rules let both sides wait for ever; null: no cap.")


class WreckRules(DataModel):
    cover: CoverClass = "heavy"
    height: Height = "low"
    passable: bool = False


class RulesTable(DataModel):
    """Every number and Decision of the Battle of Tanks spec (one YAML file)."""

    ruleset: Literal["battle-of-tanks"] = "battle-of-tanks"
    kind: Literal["rules"] = "rules"
    footprint: Footprint = Footprint(length_cm=10, width_cm=5)
    terrain_kinds: dict[str, TerrainKind]
    modifiers: Modifiers = Modifiers()
    to_hit: ToHit = ToHit()
    penetration_die: list[Face] = Field(
        default=["blank", "blank", "K", "T", "W", "W"],
        min_length=1,
        description="Decision BT-6.5: faces of the penetration die.",
    )
    cover: CoverRules = CoverRules()
    sight: SightRules = SightRules()
    spotting: SpottingRules = SpottingRules()
    movement: MovementRules = MovementRules()
    retreat: RetreatRules = RetreatRules()
    hull_to_hull: HullToHull = HullToHull()
    ambush: AmbushRules = AmbushRules()
    orders: OrderRules = OrderRules()
    track: TrackRules = TrackRules()
    victory: VictoryRules = VictoryRules()
    wrecks: WreckRules = WreckRules()
    first_draw: Literal["d6_at_start"] = Field(
        default="d6_at_start", description="BT-4.1: a d6 at the start decides who draws first (1-3 a, 4-6 b)."
    )


class BasePlate(DataModel):
    """A base plate: rectangle by its lower-left corner and size, plus the tower (BT-3.1)."""

    x: float
    y: float
    width: float = Field(default=30, gt=0, le=TABLE_LIMIT_CM)
    depth: float = Field(default=30, gt=0, le=TABLE_LIMIT_CM)
    tower: XY | None = None


class TerrainFeature(DataModel):
    """One terrain polygon; flags default to its kind's (BT-3.2)."""

    name: str = ""
    type: str = Field(description="A terrain kind of the rules table, e.g. forest, stone_house.")
    polygon: list[XY] = Field(min_length=3)
    cover: CoverClass | None = None
    passable: bool | None = None
    height: Height | None = None


class Deployment(DataModel):
    x: float
    y: float
    heading: float = 0.0


class TableMap(DataModel):
    """A table (BT-3): size, base plates, terrain."""

    ruleset: Literal["battle-of-tanks"] = "battle-of-tanks"
    kind: Literal["table"] = "table"
    name: str
    description: str = ""
    width_cm: float = Field(default=120, gt=0, le=TABLE_LIMIT_CM)
    depth_cm: float = Field(default=120, gt=0, le=TABLE_LIMIT_CM)
    bases: dict[Side, BasePlate]
    terrain: list[TerrainFeature] = Field(default_factory=list)

    @model_validator(mode="after")
    def _two_bases(self) -> TableMap:
        if set(self.bases) != {"a", "b"}:
            raise ValueError("bases: give one base plate for each side, a and b")
        return self


class ArmyTank(DataModel):
    card: str
    name: str | None = None


class Army(DataModel):
    """An army list (BT-1.2)."""

    ruleset: Literal["battle-of-tanks"] = "battle-of-tanks"
    kind: Literal["army"] = "army"
    name: str = "Army"
    budget: int = Field(ge=0)
    tanks: list[ArmyTank] = Field(min_length=1)
    cards: list[str | dict[str, Any]] = Field(
        default_factory=list,
        description="The army's own cards: card files or folders (beside this file), or card data.")


def _side_key(name: str) -> str:
    if name not in ("a", "b"):
        raise ValueError(f"unknown side {name!r}; sides are a and b")
    return name


SideKey = Annotated[str, AfterValidator(_side_key)]
"""A side as a key of ``armies:``/``deploy:``: checked key by key, so that every
wrong side is reported at its own line in one run (authoring playtest: one
whole-scenario check stopped at 1:1); the fields' ``propertyNames`` tell the schema the same."""


class Scenario(DataModel):
    """A table plus two armies, and optional rule settings and deployment."""

    ruleset: Literal["battle-of-tanks"] = "battle-of-tanks"
    kind: Literal["scenario"] = "scenario"
    name: str
    description: str = ""
    table: str | dict[str, Any]
    armies: dict[SideKey, str | dict[str, Any]] = Field(
        json_schema_extra={"required": ["a", "b"], "propertyNames": {"enum": ["a", "b"]}},
        description="One army for each side, a and b: an army file or a shipped army's name, or army data.")
    budget: int | None = Field(
        default=None, ge=0,
        description="BT-1.1: the one tier-point budget both armies are bought with; each army's total "
                    "is checked against it. Without it both armies must name the same budget.")
    settings: dict[str, Any] = Field(
        default_factory=dict,
        json_schema_extra=lambda schema: schema.update(settings_schema(RulesTable)),
        description="Rules settings for this scenario by dotted name (victory.max_rounds: 10).")
    deploy: dict[SideKey, list[Deployment]] = Field(
        default_factory=dict, json_schema_extra={"propertyNames": {"enum": ["a", "b"]}},
        description="BT-3.3: where each side's tanks start, in army order, each on its side's base plate. "
                    "Without it the tanks are set up on their plate with room to turn on the spot.")

    @field_validator("armies")
    @classmethod
    def _both_sides(cls, armies: dict[str, Any]) -> dict[str, Any]:
        if set(armies) != {"a", "b"}:
            raise ValueError("give one army for each side, a and b")
        return armies


# ------------------------------------------------------------------ positions
Step = Literal["window declared", "window segment", "window before_fire",
               "path", "segment", "fire", "repair", "recon"]
"""One automatic step still due in the activation under way (BT-5, BT-7.2)."""


class TankPosition(DataModel):
    """One tank in a position: its card, side, pose and every marker on it."""

    key: str = Field(pattern=r"^[ab][1-9][0-9]*$", description="Side letter and number, e.g. a1.")
    label: str = Field(pattern=r"^[a-z0-9#._-]+$", description="The name players type, e.g. t34#1.")
    side: Side
    card: str = Field(description="A shipped card id, or one given in options.cards.")
    x: float
    y: float
    heading: float = Field(ge=0, lt=360, description="Degrees, 0 = east, 90 = north.")
    hp: int = Field(ge=0, description="Hit points left (BT-6.5); 0 = destroyed.")
    order: OrderName | None = Field(default=None, description="The order given this round (BT-4.2), if any.")
    ambush: bool = Field(default=False, description="Waiting in AMBUSH, able to fire once (BT-7.1).")
    ambush_since: int | None = Field(default=None, ge=1, description="The round its waiting AMBUSH was set in.")
    moved: bool = Field(default=False, description="Moved this round (BT-6.3 target-moved modifier).")
    track_until: int | None = Field(default=None, ge=0, description="Track damaged through the end of this round (BT-6.5).")
    wreck: bool = Field(default=False, description="A wreck on the table (BT-3.4); a destroyed tank becomes one at the round's end.")
    plate_at_start: bool = Field(default=False, description="On the enemy base plate when the round began (BT-8.2).")
    damaged: bool = Field(default=False, description="Lost hit points or took a track hit this round (BT-8.2).")
    plate_rounds: int = Field(default=0, ge=0, description="Complete undamaged rounds on the enemy base plate (BT-8.2).")


class ActivationPosition(DataModel):
    """The activation under way: the tank with the order, and what is still due."""

    tank: str
    pending: list[Step] = Field(default_factory=list, description="Steps still due, in order.")
    route: list[XY] = Field(default_factory=list, description="Waypoints of the path not yet driven.")
    route_heading: float | None = Field(default=None, description="Heading at the end of the path, if given.")
    window: Literal["declared", "segment", "before_fire"] | None = Field(
        default=None, description="The ambush window open now (BT-7.2), if the decision is one.")
    window_quiet: bool = Field(default=False, description="The reacting side passed and nothing changed since.")


class ResultPosition(DataModel):
    winners: list[Side] = Field(default_factory=list)
    reason: str


def _no_score() -> dict[Side, int]:
    return {"a": 0, "b": 0}


class Position(DataModel):
    """Any reachable state of a Battle of Tanks game (``kind: position``)."""

    ruleset: Literal["battle-of-tanks"] = "battle-of-tanks"
    kind: Literal["position"] = "position"
    name: str = ""
    scenario: str = Field(default="", description="The scenario it came from, for titles only.")
    title: str = ""
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="Flat options: armies, cards (their data) and dotted rules settings.")
    table: str | dict[str, Any] = Field(description="A shipped table name, a path, or the table's data.")
    round: int = Field(ge=1)
    decisions: int = Field(default=0, ge=0, description="Decisions taken before this position.")
    first_drawer: Side = "a"
    to_move: Side | None = Field(description="Whose decision it is (None when the game is over).")
    decision: Literal["order", "path", "fire", "window", "over"] = Field(
        description="order: the chit drawn last is to_move's; path/fire: the active tank's "
                    "order part; window: an ambush reaction (BT-7.2); over: the game ended.")
    activation: ActivationPosition | None = None
    bag: list[str] = Field(default_factory=list, description="Chits in the bag (tank keys).")
    drawn: list[str] = Field(default_factory=list, description="Chits drawn and out of the bag; the last was drawn last.")
    spotted: list[str] = Field(default_factory=list, description="Tanks with a spot marker (BT-5.4).")
    destroyed_tiers: dict[Side, int] = Field(
        default_factory=_no_score,
        description="Tier points of enemy tanks each side destroyed (BT-8.3 score).")
    tanks: list[TankPosition] = Field(min_length=1)
    result: ResultPosition | None = None
