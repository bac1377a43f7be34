"""The Duel of the Giants ruleset object: scenarios, new games, data kinds, SVG."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from core.board_aids import BoardAids, Drawing
from core.data import Document, Problem
from core.errors import DataError, TanktableError
from core.game import Action, Event, Game, Ruleset
from core.grid.hexboard import HexBoard
from core.options import GameOptions, model_setting_names
from core.resources import shipped_titles
from core.streams import Seed
from rulesets.duel_of_the_giants import settings
from rulesets.duel_of_the_giants.board import parse_hex
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.position import PositionFile
from rulesets.duel_of_the_giants.settings import DuelOptions

CARD_TEMPLATE = """\
# Duel of the Giants weapon cards (DG-18). Copy, change the numbers printed on
# your cards, and check with: tanktable validate THIS_FILE
ruleset: duel-of-the-giants
kind: card
weapons:
  tiger:
    name: Tiger
    firepower: {summer: 5, winter: 4}     # shells in the middle of the card
    armour: {front: 4, side: 3, rear: 2}  # shells needed from each direction
    track: 5                              # movement-card track 5..1
  t34:
    name: T-34
    firepower: {summer: 4, winter: 4}
    armour: {front: 3, side: 2, rear: 1}
    movement: {summer: 3, winter: 4}      # MAs per phase B
    dash: 5
  pak88:
    name: PAK 8.8
    firepower: {summer: 5, winter: 5}
    armour: {front: 2, side: 1, rear: 1}
  pak36:
    name: PAK 36
    firepower: {summer: 3, winter: 3}
    armour: {front: 2, side: 1, rear: 1}
  stuka:
    name: Ju 87 G Stuka
    actions_per_flight_phase: 5
    flight_phases: 4
    recon_radius: 1
"""

WEAPONS = "weapons."
"""Settings under this prefix change the weapon cards (DG-18), the others the rules."""


def build_config(scenario: str | Path | None, overrides: Mapping[str, Any]) -> settings.Config:
    """The game's configuration: the scenario, its ``settings:`` and over them the game's options."""
    sc = settings.load_scenario(scenario)
    rules, cards = settings_of({**sc.settings, **overrides})
    terrain_file = settings.terrain()
    terrain = dict(terrain_file.types)
    if rules.winter.snow_forest == "transparent" and "snow_forest" in terrain:
        terrain["snow_forest"] = terrain["snow_forest"].model_copy(
            update={"blocks_los": False, "fires_first": False, "stuka_attack": True})
    boards = settings.boards()
    board_name = "quad" if rules.multi.boards == 4 else sc.board
    if board_name not in boards:
        raise TanktableError(f"unknown board {board_name!r}; boards: {', '.join(boards)}")
    return settings.Config(rules, cards, terrain, terrain_file.front, boards[board_name],
                           sc, sc.season)


def settings_of(values: Mapping[str, Any]) -> tuple[settings.Rules, settings.Weapons]:
    """The rules and the weapon cards with dotted settings applied (``weapons.`` ones to the cards)."""
    rules = settings.rules_with({k: v for k, v in values.items() if not k.startswith(WEAPONS)})
    cards = settings.weapons_with({k: v for k, v in values.items() if k.startswith(WEAPONS)})
    return rules, cards


def _settings_problems(model: settings.ScenarioFile, doc: Any) -> list[Problem]:
    """A scenario's ``settings:`` checked one by one, each problem at its own line."""
    problems: list[Problem] = []
    for key, value in model.settings.items():
        try:
            settings_of({key: value})
        except TanktableError as exc:
            problems.append(doc.problem(("settings", key), str(exc)))
    return problems


_CHECKED_SHIPPED: set[str] = set()
"""Shipped scenarios already found sound in this process (they do not change)."""


class DuelOfTheGiantsRuleset(Ruleset):
    id = "duel-of-the-giants"
    title = "Duel of the Giants"
    players = ("german", "soviet")
    default_scenario = "summer"
    quick_scenario = "summer-short"
    options_model = DuelOptions
    kind_aliases = {"weapons": "card"}

    def setting_names(self) -> list[str]:
        return [*model_setting_names(settings.Rules),
                *(WEAPONS + name for name in model_setting_names(settings.Weapons))]

    def scenarios(self) -> list[str]:
        return settings.scenario_names()

    def scenario_titles(self) -> dict[str, str]:
        return shipped_titles("duel_of_the_giants", "scenarios")

    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None,
                 seed: Seed = 0) -> Game[Any]:
        opts = self.parse_options(options)
        assert isinstance(opts, DuelOptions)
        self.check_scenario(scenario)
        cfg = build_config(scenario, opts.settings)
        name = cfg.scenario.name if scenario is None or str(scenario) in self.scenarios() else str(scenario)
        return DuelGame(cfg, opts, seed, name)

    def check_scenario(self, scenario: str | Path | None) -> None:
        """Refuse a scenario whose set-up breaks the rules, with exactly the problems
        ``tanktable validate`` reports: every way a game is started from a scenario
        (a shipped name, a user's file, a record's embedded copy) goes through here."""
        key = "summer" if scenario is None else str(scenario)
        shipped = key in self.scenarios() and not Path(key).exists()
        if shipped and key in _CHECKED_SHIPPED:
            return
        problems = self.validate_document("scenario", settings.scenario_document(scenario))
        if problems:
            raise DataError(sorted(problems))
        if shipped:
            _CHECKED_SHIPPED.add(key)

    def data_kinds(self) -> Mapping[str, Any]:
        return {
            "card": settings.WeaponsFile,
            "terrain": settings.TerrainFile,
            "boards": settings.BoardsFile,
            "rules": settings.RulesFile,
            "scenario": settings.ScenarioFile,
            "position": PositionFile,
        }

    def from_position(self, position: Mapping[str, Any], seed: Seed = 0) -> Game[Any]:
        """A game in the state a position document describes, checked first as
        ``tanktable validate`` checks it (problems raise :class:`DataError`)."""
        import yaml

        from core.data import parse_document, validate

        doc = parse_document(yaml.safe_dump(dict(position), sort_keys=False), "<position>")
        problems = self.validate_document("position", doc)
        if problems:
            raise DataError(sorted(problems))
        game, _ = self._position_game(validate(doc, PositionFile), doc, seed)
        assert game is not None
        return game

    def _position_game(self, model: PositionFile, doc: Any, seed: Seed) -> tuple[DuelGame | None, list[Problem]]:
        """The game a checked position describes, or the problems that keep it from being one."""
        from rulesets.duel_of_the_giants import position

        try:
            opts = self.parse_options(model.options)
            assert isinstance(opts, DuelOptions)
            if model.scenario not in self.scenarios():
                return None, [doc.problem(("scenario",), f"unknown scenario {model.scenario!r}; shipped "
                                          f"scenarios are {', '.join(self.scenarios())}")]
            cfg = build_config(model.scenario, opts.settings)
            game = DuelGame(cfg, opts, seed, model.scenario, set_up=False)
        except TanktableError as exc:
            return None, [doc.problem(("options",), str(exc))]
        found = position.problems(model, doc, game)
        if found:
            return None, found
        position.load_into(game, model)
        try:
            game.resume()
            found = position.check_decision(model, doc, game)
        except (TanktableError, KeyError, ValueError, IndexError, AssertionError) as exc:
            return None, [doc.problem((), f"the position cannot be played on: {exc}")]
        return (None if found else game), found

    def check_document(self, kind: str, model: Any, doc: Any) -> list[Any]:
        """Scenario checks beyond the schema: landscape grid, hexes on the board, counts;
        for a position the same where they apply to a game under way (position.py)."""
        if kind == "position":
            return self._position_game(model, doc, 0)[1]
        if kind != "scenario":
            return []
        problems: list[Problem] = _settings_problems(model, doc)
        board = settings.boards().get(model.board)
        if board is None:
            return [*problems, doc.problem(("board",), f"unknown board {model.board!r}")]
        from rulesets.duel_of_the_giants.landscape import scenario_board

        if isinstance(doc, Document) and model.setup.map is not None:
            try:
                model = settings.with_map_path(model, doc.path, doc)
            except DataError as exc:
                return [p for p in exc.problems if isinstance(p, Problem)]
        landscape, grid_problems = scenario_board(model, build_config(None, {}).terrain, board.columns,
                                                  board.rows, doc if isinstance(doc, Document) else None)
        problems += grid_problems
        s = model.setup
        hexes: list[tuple[tuple[Any, ...], str]] = [(("setup", "front", i), h) for i, h in enumerate(s.front)]
        hexes += [(("setup", "tank_markers", k, i), h) for k, v in s.tank_markers.items() for i, h in enumerate(v)]
        hexes += [(("setup", "mines", k, i), h) for k, v in s.mines.items() for i, h in enumerate(v)]
        hexes += [(("setup", "tigers", i, "at"), t.at) for i, t in enumerate(s.tigers)]
        hexes += [(("setup", "atgs", i, "at"), a.at) for i, a in enumerate(s.atgs)]
        hexes.append((("setup", "airfield", "at"), s.airfield.at))
        off_board: set[tuple[Any, ...]] = set()
        for loc, h in hexes:
            try:
                c, r = parse_hex(h)
            except TanktableError as exc:
                problems.append(doc.problem(loc, str(exc)))
                off_board.add(loc)
                continue
            if not (1 <= c <= board.columns and 1 <= r <= board.rows):
                problems.append(doc.problem(loc, f"{h} is not on the {board.columns} x {board.rows} board"))
                off_board.add(loc)
        if landscape is not None:  # every placement that can be judged is, beside the other problems (issue 60)
            problems += _placement_problems(model, board, doc, landscape, off_board)
        comp = model.components
        if len(s.front) != comp.front_elements:
            problems.append(doc.problem(("setup", "front"), f"{len(s.front)} front elements; components say "
                                        f"{comp.front_elements}"))
        if len(s.tigers) != comp.tigers:
            problems.append(doc.problem(("setup", "tigers"), f"{len(s.tigers)} Tigers; components say {comp.tigers}"))
        for k, v in comp.tank_markers.items():
            if len(s.tank_markers.get(k, [])) != v:
                problems.append(doc.problem(("setup", "tank_markers"), f"{k}: {len(s.tank_markers.get(k, []))} "
                                            f"placed, components say {v}"))
        return problems

    def cards(self, extra: Sequence[Path] = ()) -> Mapping[str, Any]:
        """The weapon cards (DG-18): shipped ones, then any ``kind: card`` files given."""
        found: dict[str, Any] = {k: getattr(settings.weapons(), k) for k in settings.Weapons.model_fields}
        from core.data import load_model, yaml_files

        for path in yaml_files(extra):
            found.update({k: getattr(load_model(path, settings.WeaponsFile).weapons, k)
                          for k in settings.Weapons.model_fields})
        return found

    def card_template(self) -> str:
        return CARD_TEMPLATE

    def render_svg(self, game: Game[Any], player: int | None = None) -> str:
        from rulesets.duel_of_the_giants.svg import render_svg

        outcome = game.outcome()
        cfg = game.cfg if isinstance(game, DuelGame) else None
        return render_svg(game.view(player), None if outcome is None else outcome.reason,
                          cfg.terrain if cfg else None, cfg.front if cfg else None)

    def board_aids(self, game: Game[Any], actions: Sequence[Action], notes: Sequence[str]) -> BoardAids | None:
        from rulesets.duel_of_the_giants.table_aids import board_aids

        return board_aids(game if isinstance(game, DuelGame) else None, actions, notes)

    def log_drawing(self, game: Game[Any], move: str | None, events: Sequence[Event]) -> Drawing | None:
        """A move of the log drawn for the page's replay (replay_aids.py)."""
        from rulesets.duel_of_the_giants.replay_aids import log_drawing

        return log_drawing(move, events)

    def map_sight(self, board: Any) -> tuple[Any, Any]:
        """DG-16 on a bare map: high ground looks over one forest, no pieces on it."""
        from rulesets.duel_of_the_giants.los import map_sight

        return map_sight(board, settings.terrain().types)


def _placement_problems(model: Any, board: Any, doc: Any, landscape: HexBoard,
                        off_board: Collection[tuple[Any, ...]] = ()) -> list[Problem]:
    """The shipped set-up must obey the placement rules of DG-7 and the stacking rule
    DG-3.12 (scenario authors' check). Places in ``off_board`` (not a hex of the board,
    already reported) are left out; the sides are judged only from a front that is
    wholly on the board, so every other mistake still comes back in the same run."""
    from rulesets.duel_of_the_giants.board import geometry
    from rulesets.duel_of_the_giants.landscape import board_terrain

    base = build_config(None, {})
    cfg = settings.Config(base.rules, base.weapons, base.terrain, base.front, board, model, model.season)
    terrain = board_terrain(landscape, cfg.terrain)
    geo = geometry(board.columns, board.rows)
    s = model.setup
    front_ok = not any(loc[1] == "front" for loc in off_board)
    front = {parse_hex(h) for i, h in enumerate(s.front) if ("setup", "front", i) not in off_board}
    out: list[Problem] = _stacking_problems(s, doc, off_board)

    def kind(p: tuple[int, int]) -> Any:
        return cfg.terrain[terrain.get(p, "steppe" if model.season == "summer" else "snow_steppe")]

    lo, hi = board.front_band
    for i, h in enumerate(s.front):
        if ("setup", "front", i) not in off_board and not lo <= parse_hex(h)[0] <= hi:
            out.append(doc.problem(("setup", "front", i), f"front element {h} outside the front band (DG-AMB-07)"))
    if not front_ok:  # the sides cannot be told from a front off the board
        west: set[tuple[int, int]] = set()
        east: set[tuple[int, int]] = set()
    rows = {r for _, r in front}
    if front_ok and rows != set(range(1, board.rows + 1)):
        out.append(doc.problem(("setup", "front"), "the front must run from the north to the south edge (DG-5.2)"))
    seen: set[tuple[int, int]] = set()
    todo = [next(iter(front))] if front else []
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        todo += [q for q in front if geo.distance(p, q) == 1]
    if front_ok and front and seen != front:
        out.append(doc.problem(("setup", "front"), "the front must be continuous (DG-5.2)"))
    if front_ok:
        west = _flood(geo, front, 1)
        east = _flood(geo, front, board.columns) - west
    for k, hexes in s.tank_markers.items():
        for i, h in enumerate(hexes):
            if front_ok and ("setup", "tank_markers", k, i) not in off_board and parse_hex(h) not in east:
                out.append(doc.problem(("setup", "tank_markers", k, i), f"{h} is not on the Soviet side (DG-7.3)"))
    airfield_loc = ("setup", "airfield", "at")
    airfield = None if airfield_loc in off_board else parse_hex(s.airfield.at)
    german: list[tuple[tuple[Any, ...], str]] = [(("setup", "tigers", i, "at"), t.at) for i, t in enumerate(s.tigers)]
    german += [(("setup", "atgs", i, "at"), a.at) for i, a in enumerate(s.atgs)]
    german += [(("setup", "mines", k, i), h) for k, v in s.mines.items() for i, h in enumerate(v)]
    german.append((airfield_loc, s.airfield.at))
    for loc, h in german:
        if loc in off_board:
            continue
        p = parse_hex(h)
        if front_ok and p not in west:
            out.append(doc.problem(loc, f"{h} is not on the German side (DG-7.4)"))
        if loc[1] != "airfield" and p == airfield:
            out.append(doc.problem(loc, f"nothing may be placed on the airfield {h} (DG-7.4.6)"))
        if loc[1] == "tigers" and kind(p).tiger_cost is None:
            out.append(doc.problem(loc, f"a Tiger may not stand on {h}: Tigers cannot enter it (DG-7.4.1)"))
        if loc[1] == "mines" and not kind(p).mines:
            out.append(doc.problem(loc, f"no mine may be placed on {h} (DG-7.4.4)"))
    return out


def _stacking_problems(s: Any, doc: Any, off_board: Collection[tuple[Any, ...]]) -> list[Problem]:
    """DG-3.12: at most one tank, one tank marker, one ATG marker and one mine marker a
    hex (an ATG marker and a mine marker may share one); each problem at the second
    piece, naming the first. The game's set-up refuses the same (setup.stacking_problem)."""
    groups: list[tuple[str, list[tuple[tuple[Any, ...], str, str]]]] = [
        ("tank", [(("setup", "tigers", i, "at"), t.at, f"Tiger {i + 1}") for i, t in enumerate(s.tigers)]),
        ("tank marker", [(("setup", "tank_markers", k, i), h, f"tank marker {k} {i + 1}")
                         for k, v in s.tank_markers.items() for i, h in enumerate(v)]),
        ("ATG marker", [(("setup", "atgs", i, "at"), a.at, f"ATG marker {i + 1} ({a.type})")
                        for i, a in enumerate(s.atgs)]),
        ("mine marker", [(("setup", "mines", k, i), h, f"mine marker {k} {i + 1}")
                         for k, v in s.mines.items() for i, h in enumerate(v)]),
    ]
    out: list[Problem] = []
    for what, pieces in groups:
        first: dict[tuple[int, int], str] = {}
        for loc, h, name in pieces:
            if loc in off_board:
                continue
            p = parse_hex(h)
            if p in first:
                out.append(doc.problem(loc, f"{h} already holds {first[p]}: at most one {what} a hex (DG-3.12)"))
            else:
                first[p] = name
    return out


def _flood(geo: Any, front: set[tuple[int, int]], col: int) -> set[tuple[int, int]]:
    start = [p for p in geo.hexes if p[0] == col and p not in front]
    seen = set(start)
    while start:
        p = start.pop()
        for d in range(6):
            n = geo.neighbour.get((p, d))
            if n is not None and n not in seen and n not in front:
                seen.add(n)
                start.append(n)
    return seen
