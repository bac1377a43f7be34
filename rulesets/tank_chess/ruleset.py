"""The tank chess ruleset object: scenarios (maps), data kinds, cards, SVG."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from core.board_aids import AidLine, BoardAids, Drawing
from core.data import DataModel, Document, Problem, load_document, validate, yaml_files
from core.errors import DataError, TanktableError
from core.game import Action, Event, Game, Ruleset
from core.options import GameOptions, model_setting_names
from core.references import resolve
from core.resources import shipped, shipped_names, shipped_titles
from core.streams import Seed
from rulesets.tank_chess.cards import (
    CARD_TEMPLATE,
    Card,
    CardFile,
    cards_from_data,
    load_card_files,
    resolve_cards,
    shipped_cards,
)
from rulesets.tank_chess.fairness import check_layout
from rulesets.tank_chess.game import TankChessGame
from rulesets.tank_chess.maps import MapFile, MapLayout, parse_map
from rulesets.tank_chess.positions import PositionFile, build_game
from rulesets.tank_chess.settings import Settings, check_settings, settings_with


class TankChessOptions(GameOptions):
    """The options of a tank chess game: settings, and the cards a user's map brings."""

    cards: list[dict[str, Any]] | None = None
    """Unit cards a user's map defines (TC-8); a record carries them so it replays anywhere."""


class TankChessRuleset(Ruleset):
    id = "tank-chess"
    title = "Tank Chess"
    players = ("white", "black")
    default_scenario = "standard-16"
    options_model = TankChessOptions
    kind_aliases = {"unit": "card"}

    def setting_names(self) -> list[str]:
        return model_setting_names(Settings)

    def scenarios(self) -> list[str]:
        return shipped_names("tank_chess", "maps")

    def scenario_titles(self) -> dict[str, str]:
        return shipped_titles("tank_chess", "maps", fields=("description", "title"))

    def map_path(self, scenario: str | Path | None) -> Path:
        """A shipped map name or a user's map file -> its path (see :func:`core.references.resolve`)."""
        if scenario is None:
            scenario = self.default_scenario
        found = resolve(str(scenario), "tank-chess map", shipped_folder=("tank_chess", "maps"))
        if found.path is not None:
            return found.path
        return Path(str(shipped("tank_chess", "maps", f"{scenario}.yaml")))

    def load_map(self, scenario: str | Path | None, settings: Settings,
                 embedded_cards: list[dict[str, Any]] | None = None) -> MapLayout:
        """Load, parse and validate a map; every problem at once as a DataError."""
        path = self.map_path(scenario)
        doc = load_document(path)
        model = validate(doc, MapFile)
        layout, problems = parse_map(model, doc, settings, shipped_cards(), path, embedded_cards)
        if not problems:
            problems = check_layout(layout, model, doc, settings)
        if problems:
            raise DataError(sorted(problems))
        return layout

    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None,
                 seed: Seed = 0) -> TankChessGame:
        opts = self.parse_options(options)
        assert isinstance(opts, TankChessOptions)
        settings = settings_with(opts.settings)
        layout = self.load_map(scenario, settings, opts.cards)
        if layout.extra_cards and opts.cards is None:
            # a record must rebuild the map's own pieces
            opts = opts.model_copy(update={"cards": layout.extra_cards})
        name = str(scenario) if scenario is not None else self.default_scenario
        return TankChessGame(layout, settings, layout.name or name, opts.flat(), seed)

    def from_grid(self, grid: str, facing: Mapping[str, str] | None = None,
                  options: Mapping[str, Any] | None = None, to_move: str = "white",
                  check_rules: bool = False) -> TankChessGame:
        """A game from a bare ASCII grid (puzzles, tests): the size is the number of rows.

        Without ``check_rules`` only TC-9.1 (the grid itself) is enforced, so any
        position can be set up, e.g. two tanks face to face in mid-board.
        """
        rows = [r for r in grid.strip("\n").split("\n") if r.strip()]
        # Validated from a plain mapping: the facing letters are checked (TC-9.1) like a map file's.
        model = MapFile.model_validate({"ruleset": "tank-chess", "kind": "map", "name": "position",
                                        "size": len(rows), "grid": [r.strip() for r in rows],
                                        "facing": dict(facing or {})})
        opts = self.parse_options(options)
        assert isinstance(opts, TankChessOptions)
        settings = settings_with(opts.settings)
        layout, problems = parse_map(model, None, settings, shipped_cards(), None, opts.cards)
        if not problems and check_rules:
            problems = check_layout(layout, model, None, settings)
        if problems:
            raise DataError(problems)
        game = TankChessGame(layout, settings, "position", opts.flat())
        game.pos.set_to_move(game.player_index(to_move))
        return game

    def from_position(self, position: Mapping[str, Any], seed: Seed = 0) -> TankChessGame:
        """A game in the state a ``kind: position`` document describes; every problem
        of the document at once as a DataError (see :mod:`rulesets.tank_chess.positions`)."""
        doc = Document(str(position.get("name") or "position"), dict(position))
        model = validate(doc, PositionFile)
        game, problems = self._position_game(model, doc, seed)
        if game is None:
            raise DataError(sorted(problems))
        return game

    def _position_game(self, model: PositionFile, doc: Document,
                       seed: Seed = 0) -> tuple[TankChessGame | None, list[Problem]]:
        """The options of a position (refused ones at their line), then its game."""
        try:
            opts = self.parse_options(model.options)
            assert isinstance(opts, TankChessOptions)
            settings = settings_with(opts.settings)
            cards = shipped_cards()
            if opts.cards:
                cards.update(cards_from_data(opts.cards, cards))
        except DataError as exc:
            return None, [doc.problem(("options",), f"options: {p.message if isinstance(p, Problem) else p}")
                          for p in exc.problems]
        except (TanktableError, KeyError, ValueError) as exc:
            return None, [doc.problem(("options",), f"options: {exc}".split("\n")[0])]
        return build_game(model, doc, settings, cards, opts.flat(), list(opts.cards or []), seed)

    def data_kinds(self) -> Mapping[str, Any]:
        return {"card": CardFile, "map": MapFile, "settings": Settings, "perft": PerftFile,
                "position": PositionFile}

    def check_document(self, kind: str, model: Any, doc: Any) -> list[Any]:
        if kind == "map":
            settings = settings_with({})
            path = Path(doc.path)
            layout, problems = parse_map(model, doc, settings, shipped_cards(), path)
            if not problems:
                problems = check_layout(layout, model, doc, settings)
            return problems
        if kind == "card":
            base = shipped_cards()
            own = {c.id for _, c in _raw_ids(model)}
            _, problems = resolve_cards([(doc, model)], {k: v for k, v in base.items() if k not in own})
            return problems
        if kind == "settings":
            return check_settings(doc, model)
        if kind == "position":
            return self._position_game(model, doc)[1]
        return []

    def render_svg(self, game: Game[Any], player: int | None = None) -> str:
        from rulesets.tank_chess.svg import render_svg

        if not isinstance(game, TankChessGame):
            raise TanktableError("not a tank chess game")
        return render_svg(game)

    def bottom_player(self, game: Game[Any]) -> int | None:
        """The player whose side the picture draws at its foot: the side the notation's
        a1 belongs to (setting ``coordinates.origin``, TC-1.2). The browser table turns
        the picture round for the other player, so each sees its own pieces at the
        bottom (issue 58.8)."""
        if not isinstance(game, TankChessGame):
            return None
        return 1 if game.settings.coordinates.origin == "black" else 0

    def board_aids(self, game: Game[Any], actions: Sequence[Action], notes: Sequence[str]) -> BoardAids | None:
        from rulesets.tank_chess.table_aids import board_aids

        return board_aids(game, actions, notes) if isinstance(game, TankChessGame) else None

    def last_move_drawing(self, game: Game[Any], events: Sequence[Event]) -> Drawing | None:
        from rulesets.tank_chess.table_aids import check_drawing

        return check_drawing(game, events) if isinstance(game, TankChessGame) else None

    def log_drawing(self, game: Game[Any], move: str | None, events: Sequence[Event]) -> Drawing | None:
        """One move of the log drawn from its text alone (Tank Chess hides nothing):
        the drive from square to square and the shot from there to its target, so the
        page's motion moves the tank and sends the tracer to the piece hit (issue 58.6)."""
        from rulesets.tank_chess.notation import parse_move
        from rulesets.tank_chess.svg import square_centre

        if not isinstance(game, TankChessGame) or not move:
            return None
        try:
            played = parse_move(move.rstrip("+#!? "), game)
        except TanktableError:
            return None
        if played.to is None:
            return None
        start, end = square_centre(game, played.frm), square_centre(game, played.to)
        lines = () if played.target is None else (AidLine(end, square_centre(game, played.target)),)
        return Drawing(path=(start, end) if start != end else (), lines=lines)

    def cards(self, extra: Sequence[Path] = ()) -> Mapping[str, Card]:
        cards = shipped_cards()
        files = yaml_files(extra)
        if files:
            cards.update(load_card_files(files, cards))
        return cards

    def card_template(self) -> str:
        return CARD_TEMPLATE


class PerftFile(DataModel):
    """``kind: perft``: golden move counts per shipped map and depth (tests keep them honest)."""

    ruleset: Literal["tank-chess"]
    kind: Literal["perft"]
    maps: dict[str, dict[int, int]]


class _Id:
    def __init__(self, cid: str):
        self.id = cid


def _raw_ids(model: CardFile) -> list[tuple[Any, _Id]]:
    from rulesets.tank_chess.cards import raw_cards

    return [(loc, _Id(str(raw["id"]))) for loc, raw in raw_cards(model) if raw.get("id")]


__all__ = ["Document", "Problem", "TankChessRuleset", "resolve_cards"]
