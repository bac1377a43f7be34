"""Data models of Duel of the Giants and the loading of its shipped YAML.

Every number of the rulebook and every Decision of the spec (DG-AMB-*) lives
in ``data/duel_of_the_giants``; the models below are the single source of
truth for those files (``tanktable schema duel-of-the-giants KIND``). A game's
``--option section.key=value`` overrides a rules setting for that game only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from core.data import DataModel, Document, parse_document, validate, with_overrides
from core.options import GameOptions
from core.references import resolve, resolve_at
from core.resources import shipped

RULESET_ID = "duel-of-the-giants"
Season = Literal["summer", "winter"]


# ----------------------------------------------------------------- weapons
class BySeason(DataModel):
    summer: int = Field(ge=0)
    winter: int = Field(ge=0)


class Armour(DataModel):
    front: int = Field(ge=0)
    side: int = Field(ge=0)
    rear: int = Field(ge=0)


class GunCard(DataModel):
    name: str
    firepower: BySeason
    armour: Armour
    track: int | None = Field(default=None, ge=1)
    movement: BySeason | None = None
    dash: int | None = Field(default=None, ge=1)


class StukaCard(DataModel):
    name: str
    actions_per_flight_phase: int = Field(ge=1)
    flight_phases: int = Field(ge=1)
    recon_radius: int = Field(ge=0)


class Weapons(DataModel):
    tiger: GunCard
    t34: GunCard
    pak88: GunCard
    pak36: GunCard
    stuka: StukaCard


class WeaponsFile(DataModel):
    """``kind: card``: the weapon cards (DG-18). ``kind: weapons``, the kind's
    former name, is still read."""

    ruleset: Literal["duel-of-the-giants"]
    kind: Literal["card", "weapons"]
    weapons: Weapons


# ----------------------------------------------------------------- terrain
class TerrainType(DataModel):
    """One terrain type with every effect the rules give it (DG-4, DG-23)."""

    season: Season
    letter: str = Field(min_length=1, max_length=1)
    printed: bool = False
    t34_cost: int = Field(ge=1)
    tiger_cost: int | None = Field(default=None, ge=1)
    """``None``: Tigers cannot enter (swamp, DG-4.5.1)."""
    dash: bool = False
    blocks_los: bool = False
    conceals: bool = False
    fire_penalty: int = 0
    fires_first: bool = False
    stuka_attack: bool = True
    marker_recon: bool = True
    marker_enter: bool = True
    high_ground: bool = False
    snowdrift: bool = False
    mines: bool = True
    becomes: str | None = None


class FrontRules(DataModel):
    t34_extra_cost: int = Field(ge=0)
    tiger_extra_cards: int = Field(ge=0)
    blocks_los: bool = False


class TerrainFile(DataModel):
    ruleset: Literal["duel-of-the-giants"]
    kind: Literal["terrain"]
    front: FrontRules
    types: dict[str, TerrainType]


# ------------------------------------------------------------------- board
class BoardSpec(DataModel):
    columns: int = Field(ge=3, le=26)
    rows: int = Field(ge=3, le=60)
    hex_orientation: Literal["pointy_top"] = "pointy_top"
    shifted: Literal["even"] = Field(default="even", description="Rows counted from 1 that sit half a hex "
                                     "east (DG-3.4); the hex maps' key. The former key shifted_rows is read too.")
    german_edge: Literal["west"] = "west"
    soviet_edge: Literal["east"] = "east"
    front_band: tuple[int, int]
    copies: int = Field(default=1, ge=1)

    @model_validator(mode="before")
    @classmethod
    def _former_shift_key(cls, data: Any) -> Any:
        """``shifted_rows:`` was this key's name before the hex maps' ``shifted:``
        became the one name (issue 25.4); files that use it still load."""
        if isinstance(data, dict) and "shifted_rows" in data and "shifted" not in data:
            data = dict(data)
            data["shifted"] = data.pop("shifted_rows")
        return data


class BoardsFile(DataModel):
    ruleset: Literal["duel-of-the-giants"]
    kind: Literal["boards"]
    boards: dict[str, BoardSpec]


# ------------------------------------------------------------------- rules
class TerrainSettings(DataModel):
    summer_tiles_per_side: dict[str, int]
    winter_tiles_per_side: dict[str, int]


class StackingSettings(DataModel):
    """DG-3.12 / DG-AMB-23 (the engine implements the spec's default only)."""

    tanks_per_hex: Literal[1] = 1
    markers_per_hex: Literal[1] = 1
    atg_and_mine_share: Literal[True] = True


class SetupSettings(DataModel):
    landscape: Literal["alternate_soviet_first"] = "alternate_soviet_first"
    landscape_shared_columns: int = Field(default=1, ge=0)
    german_zone: Literal["german_side", "anywhere"] = "german_side"
    front_band: Literal["board"] = "board"
    """DG-AMB-07: the columns come from the board (boards.yaml front_band)."""


class ReconSettings(DataModel):
    range: int = Field(default=2, ge=1)
    high_ground_bonus: int = Field(default=1, ge=0)
    t34_high_ground_bonus: bool = True


MarkerBlocker = Literal["front", "tank", "atg", "airfield", "mine", "leave_soviet_side"]
_MARKER_BLOCKERS: tuple[MarkerBlocker, ...] = ("front", "tank", "atg", "airfield", "mine", "leave_soviet_side")


class MarkerSettings(DataModel):
    moves_per_phase: int = Field(default=2, ge=0)
    move_blockers: list[MarkerBlocker] = Field(default_factory=lambda: list(_MARKER_BLOCKERS))
    hexes_per_move: int = Field(default=2, ge=1)
    move_in_round1_phase_b: bool = True
    covered: Literal[True] = True
    forced_reveal_stops: Literal[True] = True


class T34Settings(DataModel):
    first_move: Literal["next_phase_b_after_activation", "next_round"] = "next_phase_b_after_activation"
    dash: Literal["replaces_move"] = "replaces_move"
    opening_minimum_activations: int = Field(default=1, ge=0)
    exit: Literal["west_edge_after_breakthrough"] = "west_edge_after_breakthrough"


TigerBlocker = Literal["t34", "swamp", "edge", "tiger", "grounded_stuka", "tank_marker"]
_DEFAULT_BLOCKERS: tuple[TigerBlocker, ...] = ("t34", "swamp", "edge", "tiger", "grounded_stuka", "tank_marker")


class TigerSettings(DataModel):
    execution_order: Literal["german_chooses", "fixed"] = "german_chooses"
    stop_semantics: Literal["ends_program"] = "ends_program"
    stack_limit: int = Field(default=6, ge=1)
    turret_card_after_block: bool = True
    turret_default: Literal["keep", "reset_12"] = "keep"
    blockers: list[TigerBlocker] = Field(
        default_factory=lambda: list(_DEFAULT_BLOCKERS)
    )


class AtgSettings(DataModel):
    head_on: Literal["facing_points_at_origin"] = "facing_points_at_origin"
    head_on_blocks: bool = True
    transport_hexes: int = Field(default=2, ge=0)
    tire_markers: int = Field(default=2, ge=0)
    transport_path: Literal["ignore_terrain"] = "ignore_terrain"
    flipped_bluff: Literal["removed"] = "removed"


class StukaSettings(DataModel):
    recon_forest: bool = False
    attack: Literal["from_behind_free_action"] = "from_behind_free_action"
    landing: Literal["any_time_on_free_airfield", "last_flight_phase_only"] = "any_time_on_free_airfield"
    ground_blocks_los: bool = True


class MineSettings(DataModel):
    persist: bool = True


class CombatSettings(DataModel):
    armour_zones: Literal["front_side_rear"] = "front_side_rear"
    range_model: Literal["full_at_adjacent", "minus_distance"] = "full_at_adjacent"
    fire_optional: bool = True
    step_resolution: Literal["simultaneous"] = "simultaneous"


class ForestSettings(DataModel):
    penalty_applies: Literal["always", "never"] = "always"


class FrontSettings(DataModel):
    removal: Literal["on_entry_by_any_tank", "on_entry_by_t34"] = "on_entry_by_any_tank"


class WinterSettings(DataModel):
    snow_forest: Literal["strict", "transparent"] = "strict"


class VPTable(DataModel):
    t34_destroyed: int = 2
    t34_damaged: int = 1
    tiger_damaged: int = 1
    tiger_critical: int = 1
    atg_destroyed: int = 1
    atg_overrun: int = 1
    stuka_forced_landing: int = 4
    stuka_destroyed_on_ground: int = 2
    t34_exit: int = 5
    stuka_attack: int = 2


class VPSettings(DataModel):
    bar_length: int = Field(default=10, ge=1)
    t34_damage_per_shot: bool = True
    table: VPTable = Field(default_factory=VPTable)


class EndSettings(DataModel):
    check: Literal["each_phase"] = "each_phase"
    max_rounds: int | None = Field(default=None, ge=1)
    round_cap: int | None = Field(
        default=200, ge=1,
        description="A game still running after this many rounds is drawn (Termination move_limit): the "
                    "rules let a side wait for ever (DG-AMB-39); null: no cap.")
    tie: Literal["draw"] = "draw"


class MultiSettings(DataModel):
    three_player_extra_side: Literal["german", "soviet"] = "german"
    suvorov_per_critical_hit: bool = True
    medal_tie: Literal["shared_win"] = "shared_win"
    split: Literal["atg_player_has_mines_and_tires"] = "atg_player_has_mines_and_tires"
    boards: Literal[1, 4] = 1


class Rules(DataModel):
    terrain: TerrainSettings
    stacking: StackingSettings = Field(default_factory=StackingSettings)
    setup: SetupSettings = Field(default_factory=SetupSettings)
    recon: ReconSettings = Field(default_factory=ReconSettings)
    markers: MarkerSettings = Field(default_factory=MarkerSettings)
    t34: T34Settings = Field(default_factory=T34Settings)
    tiger: TigerSettings = Field(default_factory=TigerSettings)
    atg: AtgSettings = Field(default_factory=AtgSettings)
    stuka: StukaSettings = Field(default_factory=StukaSettings)
    mines: MineSettings = Field(default_factory=MineSettings)
    combat: CombatSettings = Field(default_factory=CombatSettings)
    forest: ForestSettings = Field(default_factory=ForestSettings)
    front: FrontSettings = Field(default_factory=FrontSettings)
    winter: WinterSettings = Field(default_factory=WinterSettings)
    vp: VPSettings = Field(default_factory=VPSettings)
    end: EndSettings = Field(default_factory=EndSettings)
    multi: MultiSettings = Field(default_factory=MultiSettings)


class RulesFile(Rules):
    ruleset: Literal["duel-of-the-giants"]
    kind: Literal["rules"]


# ---------------------------------------------------------------- scenario
class Components(DataModel):
    front_elements: int = Field(ge=0)
    tigers: int = Field(ge=0)
    t34: int = Field(ge=0)
    tank_markers: dict[Literal["wheel", "bluff"], int]
    atg_markers: dict[Literal["pak88", "pak36", "bluff"], int]
    mine_markers: dict[Literal["mine", "bluff"], int]
    tire_markers: int = Field(ge=0)
    stuka: bool = True


Facing = Literal["NE", "E", "SE", "SW", "W", "NW"]


class TigerPlacement(DataModel):
    at: str
    hull: Facing


class AirfieldPlacement(DataModel):
    at: str
    stuka: Facing


class AtgPlacement(DataModel):
    at: str
    type: Literal["pak88", "pak36", "bluff"]
    facing: Facing


class ShippedSetup(DataModel):
    map: str | None = Field(
        default=None, description="A hex map (kind: map): a shipped DG map name or a file relative to the scenario."
    )
    landscape: str | None = Field(
        default=None, description="Or the landscape grid itself, in the season's letters (terrain.yaml)."
    )
    front: list[str]
    tank_markers: dict[Literal["wheel", "bluff"], list[str]]
    tigers: list[TigerPlacement]
    airfield: AirfieldPlacement
    atgs: list[AtgPlacement]
    mines: dict[Literal["mine", "bluff"], list[str]]

    @model_validator(mode="after")
    def _one_landscape(self) -> ShippedSetup:
        if (self.map is None) == (self.landscape is None):
            raise ValueError("give the landscape either as map: NAME_OR_FILE or as landscape: GRID (one of them)")
        return self


class ScenarioFile(DataModel):
    ruleset: Literal["duel-of-the-giants"]
    kind: Literal["scenario"]
    name: str
    title: str = ""
    season: Season
    board: str = "standard"
    components: Components
    setup: ShippedSetup
    settings: dict[str, Any] = Field(
        default_factory=dict,
        description="Rules settings for games of this scenario, as --option takes them "
                    "(``end.max_rounds: 12``, ``weapons.pak88.firepower.summer: 4``); an --option of "
                    "the game's own overrides the scenario's.")


# ----------------------------------------------------------------- loading
def _load_shipped(name: str, model: type[Any]) -> Any:
    node = shipped("duel_of_the_giants", name)
    doc = parse_document(node.read_text(encoding="utf-8"), f"data/duel_of_the_giants/{name}")
    return doc, validate(doc, model)


@cache
def weapons() -> Weapons:
    return _load_shipped("weapons.yaml", WeaponsFile)[1].weapons  # type: ignore[no-any-return]


def weapons_with(overrides: Mapping[str, Any]) -> Weapons:
    """The shipped cards with ``weapons.CARD.FIELD[.KEY]=value`` overrides ([P] values, DG-18.2)."""
    if not overrides:
        return weapons()
    stripped = {key.split(".", 1)[1]: value for key, value in overrides.items()}
    return with_overrides(Weapons, weapons().model_dump(), stripped, "weapons option")


@cache
def terrain() -> TerrainFile:
    return _load_shipped("terrain.yaml", TerrainFile)[1]  # type: ignore[no-any-return]


@cache
def boards() -> dict[str, BoardSpec]:
    return dict(_load_shipped("boards.yaml", BoardsFile)[1].boards)


@cache
def _rules_raw() -> dict[str, Any]:
    doc, _ = _load_shipped("rules.yaml", RulesFile)
    raw = dict(doc.data)
    raw.pop("ruleset", None)
    raw.pop("kind", None)
    return raw


def rules_with(overrides: Mapping[str, Any]) -> Rules:
    """The shipped rules with ``section.key[.key]=value`` overrides applied."""
    return with_overrides(Rules, _rules_raw(), overrides, "option")


def scenario_names() -> list[str]:
    folder = shipped("duel_of_the_giants", "scenarios")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def load_scenario(source: str | Path | None) -> ScenarioFile:
    """A shipped scenario by name or a user's scenario file by path (schema checked)."""
    doc, is_shipped = _scenario_source(source)
    scenario: ScenarioFile = validate(doc, ScenarioFile)
    return with_map_path(scenario, None if is_shipped else doc.path, doc)


def scenario_document(source: str | Path | None) -> Document:
    """The parsed document of a shipped scenario name or a user's scenario file."""
    return _scenario_source(source)[0]


def _scenario_source(source: str | Path | None) -> tuple[Document, bool]:
    """The scenario's document, found by :func:`core.references.resolve`, and
    whether it is a shipped one."""
    name = "summer" if source is None else str(source)
    found = resolve(name, "scenario", shipped_folder=("duel_of_the_giants", "scenarios"))
    return found.document(), found.is_shipped


def with_map_path(scenario: ScenarioFile, scenario_path: str | None, doc: Document | None = None) -> ScenarioFile:
    """The scenario with its ``setup.map`` resolved (:func:`core.references.resolve`):
    a shipped map's name, or a reference that finds the user's map file again.

    A user scenario's map file is named relative to the scenario file
    (``scenario_path``; ``None`` for a shipped scenario). A refused name is a
    :class:`DataError` at ``setup.map`` of ``doc`` when given.
    """
    ref = scenario.setup.map
    if ref is None:
        return scenario
    beside = Path(scenario_path).parent if scenario_path is not None else None
    folder = ("duel_of_the_giants", "maps")
    if doc is not None:
        found = resolve_at(doc, ("setup", "map"), ref, "map", beside=beside, shipped_folder=folder)
    else:
        found = resolve(ref, "map", beside=beside, shipped_folder=folder)
    if found.reference == ref:
        return scenario
    setup = scenario.setup.model_copy(update={"map": found.reference})
    return scenario.model_copy(update={"setup": setup})


class DuelOptions(GameOptions):
    """The options of a Duel of the Giants game besides rules settings."""

    players: int = Field(default=2, ge=2, le=8, description="Players (DG-1; more than 4 on the multi-board).")
    setup: Literal["default", "shipped", "manual"] = Field(
        default="default",
        description="How the game is set up (DG-7): default = the scenario's public layout with "
                    "the hidden identities dealt from the seed; shipped = the file exactly, secrets "
                    "included; manual = the players place everything.")


@dataclass(frozen=True)
class Config:
    """Everything static about one game: rules, weapons, terrain, board, scenario."""

    rules: Rules
    weapons: Weapons
    terrain: dict[str, TerrainType]
    front: FrontRules
    board: BoardSpec
    scenario: ScenarioFile
    season: Season

    def __deepcopy__(self, memo: dict[int, object]) -> Config:
        return self  # immutable: shared by every copy of a game
