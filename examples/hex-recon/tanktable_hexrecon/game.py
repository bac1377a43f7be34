"""Hex Recon: two patrols of look-alike markers hunt each other's command tank.

Rules, with the IDs that illegal moves cite:

- HR-1 Each side's markers start on its scenario hexes; which unit is under
  which marker is drawn from the side's own secret stream of the seed, and
  only its owner knows it.
- HR-2 The unit types (movement, range, hit number, value) are the unit cards'.
- HR-3 Blue and red alternate, blue first. A turn is one decision: move one
  marker, fire with one, or hold.
- HR-4 A move spends at most the unit's movement points at the hex terrain
  chart's costs and ends on a free hex. After every decision, markers of the
  two sides within one hex of each other are revealed (spotted).
- HR-5 A unit with a range fires at an enemy marker in range and in line of
  sight (core hex sight): a d6 hits on its hit number plus the hindrance on the
  line plus the target hex's cover; a shot that needs more than 6 may not be
  fired. Firing reveals the shooter; a hit destroys the target and reveals it.
- HR-6 A side whose command unit is destroyed loses. After the scenario's turns
  the side with more value left wins; equal values draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.dice import Dice
from core.errors import NotationError
from core.game import Action, Event, Game, GameType, Illegal, Outcome, Ruleset
from core.grid.hexsvg import board_svg
from core.grid.hextext import board_text
from core.grid.los import line_of_sight
from core.grid.movement import reachable
from core.options import GameOptions
from core.package_data import Loaded, hex_board
from core.streams import Seed, stream
from tanktable_hexrecon.data_kinds import DATA, SIDES, ScenarioFile, UnitType


@dataclass(frozen=True)
class Move(Action):
    unit: str
    to: str


@dataclass(frozen=True)
class Fire(Action):
    unit: str
    target: str


@dataclass(frozen=True)
class Hold(Action):
    pass


@dataclass
class Unit:
    """A marker on the table; ``kind`` is the secret (HR-1), ``seen`` once revealed."""

    label: str
    side: int
    cell: int
    kind: str
    alive: bool = True
    seen: bool = False


class HexReconGame(Game[Action]):
    ruleset_id = "hex-recon"
    players = SIDES
    game_type = GameType(hidden_information=True)
    shared_fields = frozenset({"board", "types"})
    """The map (with its sight caches) and the unit types never change: copies share them."""
    notation_help = "b1 C4 (move b1 to C4), b1 x r2 (b1 fires at r2), hold"

    def __init__(self, loaded: Loaded[ScenarioFile], scenario: str, seed: Seed) -> None:
        super().__init__(Dice(seed), scenario, {})
        self.board = hex_board(loaded.ref("map"))
        self.types: dict[str, UnitType] = dict(loaded.ref("cards").model.cards)
        self.turns = loaded.model.turns
        self.units: list[Unit] = []
        for p, side in enumerate(SIDES):
            setup = getattr(loaded.model, side)
            kinds = list(setup.units)
            stream(seed, "setup", side).shuffle(kinds)  # HR-1: this side's own secret stream
            for i, (at, kind) in enumerate(zip(setup.hexes, kinds, strict=True)):
                self.units.append(Unit(f"{side[0]}{i + 1}", p, self.board.parse(at), kind))
        self.player = 0
        self.ply = 0
        self._spot()

    # ----------------------------------------------------------------- rules
    def to_move(self) -> int:
        return self.player

    def decision(self) -> str:
        return "move, fire or hold"

    def _unit(self, label: str) -> Unit | None:
        return next((u for u in self.units if u.label == label and u.alive), None)

    def _free(self, cell: int) -> bool:
        return all(u.cell != cell for u in self.units if u.alive)

    def _need(self, u: Unit, v: Unit) -> int | None:
        """What ``u`` needs on a d6 to hit ``v``; ``None`` when it may not fire (HR-5)."""
        t = self.types[u.kind]
        if not t.range or self.board.hexes[u.cell].distance(self.board.hexes[v.cell]) > t.range:
            return None
        sight = line_of_sight(self.board, u.cell, v.cell)
        need = t.hit_on + sight.hindrance + (self.board.terrain[v.cell].cover or 0)
        return None if sight.blocked or need > 6 else max(need, 2)

    def legal_actions(self) -> list[Action]:
        actions: list[Action] = []
        for u in (u for u in self.units if u.alive and u.side == self.player):
            for cell in sorted(reachable(self.board, u.cell, self.types[u.kind].move)):
                if cell != u.cell and self._free(cell):
                    actions.append(Move(u.label, self.board.label(cell)))
            actions += [Fire(u.label, v.label) for v in self.units
                        if v.alive and v.side != u.side and self._need(u, v) is not None]
        return [*actions, Hold()]

    def _check(self, action: Action) -> Illegal | None:
        if isinstance(action, Hold):
            return None
        assert isinstance(action, (Move, Fire))
        u = self._unit(action.unit)
        if u is None or u.side != self.player:
            return Illegal("HR-3", f"{action.unit} is not one of your markers on the table")
        if isinstance(action, Fire):
            v = self._unit(action.target)
            if v is None or v.side == u.side:
                return Illegal("HR-5", f"{action.target} is not an enemy marker on the table")
            if self._need(u, v) is None:
                return Illegal("HR-5", f"{u.label} cannot fire at {v.label}: no range, out of range, "
                                       "out of sight or no chance")
            return None
        try:
            cell = self.board.parse(action.to)
        except ValueError as exc:
            return Illegal("HR-4", str(exc))
        move = self.types[u.kind].move
        if cell == u.cell or cell not in reachable(self.board, u.cell, move):
            return Illegal("HR-4", f"{u.label} cannot reach {action.to} with {move} movement points")
        return None if self._free(cell) else Illegal("HR-4", f"{action.to} is taken")

    def _reveal(self, u: Unit, why: str) -> list[Event]:
        if u.seen:
            return []
        u.seen = True
        return [Event("revealed", f"{u.label} is a {self.types[u.kind].name} ({why})", {"unit": u.label})]

    def _spot(self) -> list[Event]:
        """HR-4: opposing markers within one hex of each other are revealed."""
        events = []
        for u in self.units:
            for v in self.units:
                if u.alive and v.alive and u.side != v.side and \
                        self.board.hexes[u.cell].distance(self.board.hexes[v.cell]) <= 1:
                    events += self._reveal(v, f"spotted by {u.label}, HR-4")
        return events

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Move):
            u = self._unit(action.unit)
            assert u is not None
            text = f"{u.label} {self.board.label(u.cell)}-{action.to}"
            u.cell = self.board.parse(action.to)
            events.append(Event("moved", text, {"unit": u.label, "to": action.to}))
        elif isinstance(action, Fire):
            u, v = self._unit(action.unit), self._unit(action.target)
            assert u is not None and v is not None
            need = self._need(u, v)
            events += self._reveal(u, "it fires, HR-5")
            roll = self.dice.d6(f"{u.label} fires at {v.label}", SIDES[u.side], need)
            events.append(Event("roll", str(roll), {"result": roll.result, "need": need}))
            if roll.success:
                v.alive = False
                events += self._reveal(v, "hit, HR-5")
                events.append(Event("destroyed", f"{v.label} is destroyed (HR-5)", {"unit": v.label}))
        else:
            events.append(Event("held", f"{SIDES[self.player]} holds"))
        events += self._spot()
        self.player, self.ply = 1 - self.player, self.ply + 1
        return events

    def _value(self, side: int) -> int:
        return sum(self.types[u.kind].value for u in self.units if u.alive and u.side == side)

    def _outcome(self) -> Outcome | None:
        for p, side in enumerate(SIDES):
            if not any(u.alive and u.side == p and self.types[u.kind].command for u in self.units):
                return Outcome((1 - p,), f"{side}'s command unit is destroyed (HR-6)")
        if self.ply < 2 * self.turns:
            return None
        blue, red = self._value(0), self._value(1)
        winners = () if blue == red else ((0,) if blue > red else (1,))
        return Outcome(winners, f"after {self.turns} turns: blue {blue}, red {red} left (HR-6)",
                       (float(blue), float(red)))

    def max_decisions(self) -> int:
        """One decision a turn, two sides, the scenario's turns (HR-3, HR-6)."""
        return 2 * self.turns

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        mine, theirs = self._value(player), self._value(1 - player)
        return (mine - theirs) / max(1, mine + theirs)

    # ------------------------------------------------------- hidden information
    def public_action_text(self, action: Action) -> str:
        return self.format_action(action)  # moves and shots are seen by all; identities are not

    def secrets_hidden(self) -> int:
        return sum(1 for u in self.units if u.alive and not u.seen)

    def hidden_variant(self, player: int, seed: int) -> HexReconGame | None:
        """The whole game with the opponent's unrevealed markers dealt the unit types
        they may be afresh from ``seed``, from a sorted list so that the true deal
        cannot show through: ``tanktable check`` compares what ``player`` is sent, the
        core's gate holds every seat to it, and the computer plays on it (the core's
        :meth:`~core.game.Game.determinize`)."""
        hidden = [i for i, u in enumerate(self.units) if u.side != player and not u.seen]
        if len({self.units[i].kind for i in hidden}) < 2:
            return None
        game = self.clone()
        assert isinstance(game, HexReconGame)
        game.state_changed()
        kinds = sorted(game.units[i].kind for i in hidden)
        random.Random(seed).shuffle(kinds)
        for i, kind in zip(hidden, kinds, strict=True):
            game.units[i].kind = kind
        return game

    def view(self, player: int | None) -> dict[str, Any]:
        view = super().view(player)
        view.update(turn=min(self.ply // 2 + 1, self.turns), turns=self.turns, units=[
            {"label": u.label, "side": SIDES[u.side], "at": self.board.label(u.cell), "alive": u.alive,
             "unit": self.types[u.kind].name if player in (None, u.side) or u.seen else None}
            for u in self.units])
        return view

    def render(self, player: int | None = None, color: bool = False) -> str:
        """The board from :meth:`view` only, so it shows no more than ``player`` knows."""
        view = self.view(player)
        marks = {self.board.parse(u["at"]): u["label"] for u in view["units"] if u["alive"]}
        lines = [f"Hex Recon, turn {view['turn']} of {view['turns']}", board_text(self.board, marks)]
        lines += [f"  {u['label']} {u['at']:<4} {u['unit'] or '?'}" + ("" if u["alive"] else " (destroyed)")
                  for u in view["units"]]
        return "\n".join(lines)

    # -------------------------------------------------------------- notation
    def format_action(self, action: Action) -> str:
        if isinstance(action, Move):
            return f"{action.unit} {action.to}"
        return f"{action.unit} x {action.target}" if isinstance(action, Fire) else "hold"

    def parse_action(self, text: str) -> Action:
        words = text.strip().split()
        if [w.lower() for w in words] == ["hold"]:
            return Hold()
        if len(words) == 3 and words[1].lower() == "x":
            return Fire(words[0].lower(), words[2].lower())
        if len(words) == 2:
            return Move(words[0].lower(), words[1].upper())
        raise NotationError(f"{text.strip()!r} is not a move; {self.notation_help}")

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Fire):
            u, v = self._unit(action.unit), self._unit(action.target)
            need = self._need(u, v) if u is not None and v is not None else None
            return f"hits on {need}+" if need is not None else ""
        return ""


class HexReconRuleset(Ruleset):
    id = "hex-recon"
    title = "Hex Recon (example plugin)"
    players = SIDES
    default_scenario = "skirmish"
    package_data = DATA

    def scenarios(self) -> list[str]:
        return DATA.names("scenario")

    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None, seed: Seed = 0) -> HexReconGame:
        self.parse_options(options)
        name = str(scenario or self.default_scenario)
        return HexReconGame(DATA.load("scenario", name), name, seed)

    def render_svg(self, game: Game[Any], player: int | None = None) -> str:
        """The board as ``player`` sees it (from the view): label and unit, or ``?``."""
        assert isinstance(game, HexReconGame)
        marks = {game.board.parse(u["at"]): f"{u['label']} {(u['unit'] or '?').split()[0]}"
                 for u in game.view(player)["units"] if u["alive"]}
        return board_svg(game.board, marks=marks, title=f"Hex Recon, turn {game.view(player)['turn']}")

    def cards(self, extra: Any = ()) -> Mapping[str, Any]:
        return DATA.load("card", "standard").model.cards  # type: ignore[no-any-return]


RULESET = HexReconRuleset()
