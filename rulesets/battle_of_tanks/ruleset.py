"""The ``battle-of-tanks`` ruleset object: scenarios, new games, data kinds, cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core.board_aids import BoardAids, BoardScale, Drawing, FreeDrive
from core.data import Document, Problem
from core.dice import Dice
from core.errors import DataError, TanktableError, did_you_mean
from core.game import Action, Event, Game, Ruleset
from core.memo import Memo
from core.options import GameOptions, model_setting_names
from core.resources import shipped_titles
from core.streams import Seed
from rulesets.battle_of_tanks import catalogue as cat
from rulesets.battle_of_tanks.army import ArmyReport, check_army
from rulesets.battle_of_tanks.field import Battlefield, features_of
from rulesets.battle_of_tanks.game import SIDES, BattleGame
from rulesets.battle_of_tanks.models import Army, Position, RulesTable, Scenario, TableMap, TankCard
from rulesets.battle_of_tanks.setup import (
    build_tanks,
    check_army_for_play,
    scenario_problems,
    settings_problems,
    table_problems,
)

__all__ = ["BattleOfTanksOptions", "BattleOfTanksRuleset", "build_tanks", "scenario_problems", "table_problems"]

_CHECKED: Memo[tuple[Any, ...], list[Problem]] = Memo(64)
"""Scenario checks by document text and card pool: a simulation starts many games of one scenario."""


def checked_scenario(scen: Scenario, doc: Document, cards: Mapping[str, TankCard],
                     replaced: frozenset[str] = frozenset()) -> list[Problem]:
    """The problems :func:`scenario_problems` finds (what ``validate`` reports), remembered.

    The armies of the sides in ``replaced`` are given by the game's options instead,
    so they are not the scenario's to check: a card re-priced for ``balance`` may
    push the scenario's own army of that side over its budget, and that army does
    not play (issue 60.6). The armies that play are checked as they are loaded."""
    key = (doc.path, doc.sha256, tuple(sorted(cards.items())), tuple(sorted(replaced)))
    hit = _CHECKED.get(key)
    if hit is None:
        kept = scen if not replaced else scen.model_copy(
            update={"armies": {s: a for s, a in scen.armies.items() if s not in replaced}})
        hit = _CHECKED.remember(key, scenario_problems(kept, doc, cards))
    return list(hit)

CARD_TEMPLATE = """\
# A Battle of Tanks tank card (BT-2). Check it with: tanktable validate FILE
ruleset: battle-of-tanks
kind: card
id: my-tank            # lower-case id used in army lists
name: My Tank          # shown to players
short: mytank          # short label on the table (lower-case letters and digits)
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


def _valid_form(doc: Document, model: type[Any]) -> bool:
    from core.data import validate

    try:
        validate(doc, model)
    except DataError:
        return False
    return True


def _raw_reference_problems(kind: str, doc: Document) -> list[Problem]:
    """The names a table or scenario refers to, checked in the raw mapping of a file whose
    form is wrong, so that one run reports a typo such as ``nmae:`` and a wrong name such as
    ``type: stone_hous`` or ``b: spearhed`` together (authoring playtest: the form's problems
    hid the names'). Only a field present and of the right type is read; the rest is the
    form's to report."""
    raw = doc.data if isinstance(doc.data, dict) else {}
    problems: list[Problem] = []
    if kind == "table":
        kinds = list(cat.rules_table().terrain_kinds)
        terrain = raw.get("terrain")
        for i, item in enumerate(terrain if isinstance(terrain, list) else []):
            kind_of = item.get("type") if isinstance(item, dict) else None
            if isinstance(kind_of, str) and kind_of not in kinds:
                hint = did_you_mean(kind_of, kinds, otherwise=f" (kinds: {', '.join(kinds)})")
                problems.append(doc.problem(("terrain", i, "type"),
                                            f"unknown terrain type {kind_of!r}{hint} (BT-3.2)"))
        return problems
    problems.extend(settings_problems(raw.get("settings"), doc))
    folder = Path(doc.path).parent
    armies = raw.get("armies")
    for side, source in (armies.items() if isinstance(armies, dict) else []):
        if not isinstance(source, str):
            continue
        try:
            cat.load_army(source, dict(cat.shipped_cards()), folder, (doc, ("armies", side)))
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
        except TanktableError as exc:
            problems.append(doc.problem(("armies", side), str(exc)))
    table = raw.get("table")
    if isinstance(table, str):
        try:
            cat.load_table(table, folder, (doc, ("table",)))
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
        except TanktableError as exc:
            problems.append(doc.problem(("table",), str(exc)))
    return problems


def _cards_beside(doc: Document) -> Mapping[str, TankCard]:
    """The cards a card file's ``based_on`` may name: the shipped ones, and where it names
    none of them, those of the Battle of Tanks card files in its own folder (not below it).
    A designer's variant of a card of his own validated on its own said "unknown card" where
    ``--cards FOLDER`` and an army's ``cards:`` read it (authoring playtest of issue 60); a
    broken neighbour is left to its own check."""
    from core.data import load_document

    shipped = cat.shipped_cards()
    base = doc.data.get("based_on") if isinstance(doc.data, dict) else None
    here = Path(str(doc.path))
    if base is None or str(base) in shipped or not here.is_file():
        return shipped
    neighbours: list[Document] = []
    for path in sorted(here.parent.glob("*.y*ml")):
        if path.suffix not in (".yaml", ".yml") or path.resolve() == here.resolve():
            continue
        try:
            found = load_document(path)
        except (DataError, OSError):
            continue
        if found.header() == ("battle-of-tanks", "card"):
            neighbours.append(found)
    pool = dict(shipped)
    cat.add_card_documents(neighbours, pool)
    return pool


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

    def scenario_titles(self) -> dict[str, str]:
        return shipped_titles("battle_of_tanks", "scenarios", fields=("description", "title"))

    def data_kinds(self) -> Mapping[str, Any]:
        return {"card": TankCard, "rules": RulesTable, "table": TableMap, "army": Army, "scenario": Scenario,
                "position": Position}

    # ----------------------------------------------------------- documents
    def validate_document(self, kind: str, doc: Any) -> list[Any]:
        """Cards may be ``based_on`` a shipped card (BT-2.2), or a card of one's own in a file
        beside this one (as ``--cards FOLDER`` reads a folder): resolve before the schema."""
        if kind == "army":  # its check reads the unknown cards from the raw list beside the form's problems
            return self.check_document(kind, None, doc)
        if kind != "card":
            found = super().validate_document(kind, doc)
            if kind in ("table", "scenario") and not _valid_form(doc, self.data_kinds()[kind]):
                found = sorted({*found, *_raw_reference_problems(kind, doc)})
            return found
        try:
            cat.card_from_doc(doc, _cards_beside(doc))
        except DataError as exc:
            return list(exc.problems)
        return []

    def check_document(self, kind: str, model: Any, doc: Any) -> list[Any]:
        if kind == "army":
            try:
                return list(check_army(doc, cat.load_cards()).errors)
            except DataError as exc:
                return list(exc.problems)
        if kind == "table":
            return table_problems(model, cat.rules_table(), doc)
        if kind == "scenario":
            return scenario_problems(model, doc)
        if kind == "position":
            from rulesets.battle_of_tanks.position import position_problems

            return position_problems(model, doc)
        return []

    def cards(self, extra: Sequence[Path] = ()) -> Mapping[str, Any]:
        return cat.load_cards(extra)

    def card_template(self) -> str:
        return CARD_TEMPLATE

    def armies(self) -> Mapping[str, Document]:
        """The shipped army lists (``data/battle_of_tanks/armies/``) by name."""
        return cat.shipped_armies()

    def check_army(self, doc: Any, extra_cards: Sequence[Path] = (), budget: int | None = None) -> ArmyReport:
        """``tanktable army validate``: the army in ``doc`` against its budget (``budget``
        overrides the file's), cards from the shipped ones, ``extra_cards`` and
        the army's own (``cards:`` in the file)."""
        return check_army(doc, cat.load_cards(extra_cards), budget)

    def render_svg(self, game: Game[Any], player: int | None = None) -> str:
        from rulesets.battle_of_tanks.svg import render_svg

        assert isinstance(game, BattleGame)
        return render_svg(game)

    def bottom_player(self, game: Game[Any]) -> int | None:
        """The side whose base plate the picture draws nearer its foot (the table's y
        grows up from the near edge, BT-3.1): its home edge. The browser table turns
        the picture round for the other side (issue 58.8); ``None`` when the plates
        stand level or a side has none."""
        if not isinstance(game, BattleGame) or set(game.field.bases) != set(SIDES):
            return None
        heights = {side: game.field.bases[side].centroid.y for side in SIDES}
        if abs(heights[SIDES[0]] - heights[SIDES[1]]) < 1e-6:
            return None
        return SIDES.index(min(SIDES, key=lambda side: heights[side]))

    def board_aids(self, game: Game[Any], actions: Sequence[Action], notes: Sequence[str]) -> BoardAids | None:
        from rulesets.battle_of_tanks.table_aids import board_aids

        return board_aids(game, actions, notes) if isinstance(game, BattleGame) else None

    def log_drawing(self, game: Game[Any], move: str | None, events: Sequence[Event]) -> Drawing | None:
        from rulesets.battle_of_tanks.table_aids import log_drawing

        return log_drawing(game, events) if isinstance(game, BattleGame) else None

    def board_scale(self, game: Game[Any]) -> BoardScale | None:
        from rulesets.battle_of_tanks.table_aids import board_scale

        return board_scale(game) if isinstance(game, BattleGame) else None

    def free_drive(self, game: Game[Any], player: int) -> FreeDrive | None:
        from rulesets.battle_of_tanks.free_drive import free_drive

        return free_drive(game, player) if isinstance(game, BattleGame) else None

    # ------------------------------------------------------------ new game
    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None,
                 seed: Seed = 0) -> BattleGame:
        opts = self.parse_options(options)
        assert isinstance(opts, BattleOfTanksOptions)
        scen, folder, name, doc = cat.load_scenario(scenario, self.default_scenario)
        cards, stored_cards = cat.cards_with_inline(list(opts.cards or []))
        given = opts.armies or {}
        found = checked_scenario(scen, doc, cards, frozenset(given) & frozenset(SIDES))
        if found:
            raise DataError(found)
        rules = cat.with_settings(cat.with_settings(cat.rules_table(), scen.settings, "scenario setting"),
                                  opts.settings, "option")
        table_src = opts.table if opts.table is not None else scen.table
        table, table_data = cat.load_table(table_src, None if opts.table is not None else folder,
                                           None if opts.table is not None else (doc, ("table",)))
        problems = table_problems(table, rules, Document(path=f"table {table.name}", data={}))
        if problems:
            raise TanktableError("; ".join(p.message for p in problems))
        for side in given:
            if side not in SIDES:
                raise TanktableError(f"option armies: unknown side {side!r}; sides are a and b")
        stored: dict[str, Any] = {}
        armies: dict[str, Army] = {}
        for side in SIDES:
            if side in given:
                army, data, carried = cat.load_army(given[side], cards)
                stored[side] = data if data is not None else str(given[side])
            else:
                source = scen.armies[side]
                army, data, carried = cat.load_army(source, cards, folder, (doc, ("armies", side)))
                if data is not None and (not isinstance(source, Mapping) or army.cards):
                    stored[side] = data  # a user's file, or cards named by the scenario: embed it
            # an army's own cards join the game's, so the record needs no card file
            stored_cards.extend(c for c in carried if c not in stored_cards)
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
        game = BattleGame(Dice(seed), name, opts.flat(), rules, field, tanks, title=scen.name)
        game.table_source = update.get("table", table_src)
        game.rule_settings = {**scen.settings, **opts.settings}
        return game

    # ------------------------------------------------------------ positions
    def from_position(self, position: Mapping[str, Any], seed: Seed = 0) -> BattleGame:
        """A game in the state a ``kind: position`` document describes (see
        :mod:`rulesets.battle_of_tanks.position`); every problem is refused at its line."""
        from rulesets.battle_of_tanks.position import game_from_position

        return game_from_position(position, seed)
