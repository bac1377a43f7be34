"""Cups, a tiny hidden-information ruleset for testing ``tanktable check``, and
three purpose-made broken versions of it that the check must fail (issue 25).

Rules: two players take turns to hide a pea under one of three cups (CUP-1,
the hider's secret) and to guess where it is (CUP-2, public; the pea is then
shown). A right guess scores a point. After ``rounds`` rounds the higher
score wins, equal scores draw (CUP-3).

The sound ruleset keeps its one secret everywhere a player is sent anything
and offers :meth:`~core.game.Game.hidden_variant`, which plays the game again
with the pea hidden under another cup. The broken ones:

* :data:`LEAKS`: one each leaking the pea through a single hook (the view, the
  text board, the SVG board, an event, the public text of the move, the notes
  beside the legal moves, the hint through ``determinize``);
* :data:`ALIASING`: a clone that shares the scores with its game;
* :data:`ENDLESS`: a game that never ends, though it declares its bound.

Issue 60.6, whatever the style of ``hidden_variant``: :data:`KEEPS_HISTORY` is
sound with a variant that keeps the history (re-deals the pea in the state
only) and the core's default ``determinize``; :data:`KEEPS_HISTORY_LEAKS`
leak the pea in a past event or move text, which such a variant alone cannot
see; :data:`REPLAY_WITHOUT_DETERMINIZE` replays the history in its variant and
leaves ``determinize`` to the core, so that a search copy of a search copy
(which has no history) is the game's start and the hint comes back empty;
:data:`UNBUILDABLE` cannot build a game at all; :data:`EMPTY_HINT` gives the
search nothing to try, so the hint names no move.
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
from core.options import GameOptions

CUPS = (1, 2, 3)


@dataclass(frozen=True)
class Hide(Action):
    cup: int


@dataclass(frozen=True)
class Guess(Action):
    cup: int


class CupsOptions(GameOptions):
    rounds: int = 3


class CupsGame(Game[Action]):
    ruleset_id = "cups"
    players = ("north", "south")
    game_type = GameType(hidden_information=True, chance=False)

    def __init__(self, seed: int = 0, rounds: int = 3):
        super().__init__(Dice(seed), "table", {"rounds": rounds})
        self.rounds = rounds
        self.round = 0
        self.pea: int | None = None
        self.scores = [0, 0]

    def hider(self) -> int:
        return self.round % 2

    def to_move(self) -> int:
        return self.hider() if self.pea is None else 1 - self.hider()

    def decision(self) -> str:
        return "hide the pea" if self.pea is None else "guess the cup"

    def legal_actions(self) -> list[Action]:
        return [Hide(c) if self.pea is None else Guess(c) for c in CUPS]

    def _check(self, action: Action) -> Illegal | None:
        wanted = Hide if self.pea is None else Guess
        if not isinstance(action, wanted):
            return Illegal("CUP-1" if wanted is Hide else "CUP-2", f"now {self.decision()}")
        if action.cup not in CUPS:
            return Illegal("CUP-1", f"there is no cup {action.cup}")
        return None

    def _apply(self, action: Action) -> list[Event]:
        who = self.players[self.to_move()]
        if isinstance(action, Hide):
            self.pea = action.cup
            return [self.hide_event(who, action.cup)]
        assert isinstance(action, Guess) and self.pea is not None
        right = action.cup == self.pea
        text = f"{who} guesses cup {action.cup}: the pea was under cup {self.pea}"
        if right:
            self.scores[1 - self.hider()] += 1
        self.pea = None
        self.round += 1
        return [Event("guessed", text, {"right": right})]

    def hide_event(self, who: str, cup: int) -> Event:
        return Event("hid", f"{who} hides the pea under cup {cup}", {"cup": cup},
                     audience=frozenset({self.hider()}), public_text=f"{who} hides the pea")

    def _outcome(self) -> Outcome | None:
        if self.round < self.rounds:
            return None
        a, b = self.scores
        if a == b:
            return Outcome((), f"{a}:{b}, a draw (CUP-3)")
        return Outcome((0 if a > b else 1,), f"{a}:{b} (CUP-3)")

    def max_decisions(self) -> int | None:
        """Two decisions a round (CUP-1, CUP-2)."""
        return 2 * self.rounds

    def format_action(self, action: Action) -> str:
        return f"{'hide' if isinstance(action, Hide) else 'guess'} {action.cup}"  # type: ignore[attr-defined]

    def parse_action(self, text: str) -> Action:
        word, _, cup = text.strip().partition(" ")
        if word not in ("hide", "guess") or not cup.isdigit():
            raise NotationError("hide N or guess N (N = 1, 2, 3)")
        return Hide(int(cup)) if word == "hide" else Guess(int(cup))

    def public_action_text(self, action: Action) -> str | None:
        return None if isinstance(action, Hide) else self.format_action(action)

    def sees_pea(self, player: int | None) -> bool:
        return player is None or player == self.hider()

    def view(self, player: int | None) -> dict[str, Any]:
        seen = super().view(player)
        seen.update(round=self.round, scores=list(self.scores), hidden=self.pea is not None,
                    pea=self.pea if self.sees_pea(player) else None)
        return seen

    def render(self, player: int | None = None, color: bool = False) -> str:
        pea = self.pea if self.sees_pea(player) else None
        cups = " ".join("[o]" if c == pea else "[ ]" for c in CUPS)
        return f"round {self.round + 1}  score {self.scores[0]}:{self.scores[1]}\n{cups}"

    def evaluate(self, player: int) -> float:
        return (self.scores[player] - self.scores[1 - player]) / max(1, self.rounds)

    def determinize(self, player: int, seed: int) -> Game[Action]:
        """The pea under a cup drawn from ``seed`` when ``player`` cannot see it."""
        other = self.clone()
        assert isinstance(other, CupsGame)
        if other.pea is not None and not self.sees_pea(player):
            other.pea = random.Random(seed).choice(CUPS)
        return other

    def hidden_variant(self, player: int, seed: int) -> Game[Action] | None:
        """The game played again with the pea of this round under another cup:
        the history is replayed with that one hiding changed, so its events are put
        to the test too."""
        if self.pea is None or self.sees_pea(player):
            return None
        cup = random.Random(seed).choice([c for c in CUPS if c != self.pea])
        other = type(self)(0, self.rounds)
        for step in self.history[:-1]:
            other.apply(step.action)
        other.apply(Hide(cup))
        return other


class CupsRuleset(Ruleset):
    id = "cups"
    title = "Cups (a test ruleset)"
    players = ("north", "south")
    default_scenario = "table"
    options_model = CupsOptions
    game = CupsGame

    def scenarios(self) -> list[str]:
        return ["table"]

    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None, seed: Any = 0) -> Game[Any]:
        opts = self.parse_options(options)
        assert isinstance(opts, CupsOptions)
        return self.game(0, opts.rounds)

    def render_svg(self, game: Game[Any], player: int | None = None) -> str:
        assert isinstance(game, CupsGame)
        pea = game.pea if game.sees_pea(player) else None
        return "".join(f'<circle cx="{20 * c}" r="{8 if c == pea else 5}"/>' for c in CUPS)


# ------------------------------------------------------------ broken ones
class _ViewLeak(CupsGame):
    def view(self, player: int | None) -> dict[str, Any]:
        return {**super().view(player), "pea": self.pea}


class _TextLeak(CupsGame):
    def render(self, player: int | None = None, color: bool = False) -> str:
        return super().render(None, color)


class _SvgLeak(CupsRuleset):
    def render_svg(self, game: Game[Any], player: int | None = None) -> str:
        return super().render_svg(game, None)


class _EventLeak(CupsGame):
    def hide_event(self, who: str, cup: int) -> Event:
        return Event("hid", f"{who} hides the pea under cup {cup}", {"cup": cup})


class _MoveLeak(CupsGame):
    def public_action_text(self, action: Action) -> str | None:
        return self.format_action(action)


class _NoteLeak(CupsGame):
    def describe_action(self, action: Action) -> str:
        return "the pea!" if isinstance(action, Guess) and action.cup == self.pea else ""


class _HintLeak(CupsGame):
    def determinize(self, player: int, seed: int) -> Game[Action]:
        return self.clone()


def _ruleset(game: type[CupsGame], base: type[CupsRuleset] = CupsRuleset) -> CupsRuleset:
    ruleset = base()
    ruleset.game = game
    return ruleset


class _AliasingGame(CupsGame):
    def clone(self) -> Game[Action]:
        other = super().clone()
        assert isinstance(other, CupsGame)
        other.scores = self.scores  # shared with the game: the bug
        return other


class _EndlessGame(CupsGame):
    def _outcome(self) -> Outcome | None:
        return None  # round after round, for ever: the bug


class _KeepsHistory(CupsGame):
    """The pea re-dealt in the state, the history kept (the style of Hex Recon and
    Duel of the Giants); the core's default ``determinize`` serves it."""

    determinize = Game.determinize

    def hidden_variant(self, player: int, seed: int) -> Game[Action] | None:
        if self.pea is None or self.sees_pea(player):
            return None
        other = self.clone()
        assert isinstance(other, CupsGame)
        other.pea = random.Random(seed).choice(CUPS)  # from the seed alone, so determinize may use it
        other.state_changed()
        return other


class _KeepsHistoryEventLeak(_KeepsHistory, _EventLeak):
    pass


class _KeepsHistoryMoveLeak(_KeepsHistory, _MoveLeak):
    pass


class _ReplayWithoutDeterminize(CupsGame):
    """The sound replaying variant, but the core's ``determinize`` on it: the bug."""

    determinize = Game.determinize


class _NoSearchActions(CupsGame):
    """The search is given nothing to try, so the hint names no move: the bug."""

    def search_actions(self) -> list[Action]:
        return []


class _Unbuildable(CupsRuleset):
    def new_game(self, scenario: str | Path | None = None,
                 options: Mapping[str, Any] | GameOptions | None = None, seed: Any = 0) -> Game[Any]:
        raise ValueError("the table's map is missing")


RULESET = CupsRuleset()
LEAKS: dict[str, CupsRuleset] = {
    "view": _ruleset(_ViewLeak),
    "text board": _ruleset(_TextLeak),
    "svg board": _ruleset(CupsGame, _SvgLeak),
    "event": _ruleset(_EventLeak),
    "public move": _ruleset(_MoveLeak),
    "note": _ruleset(_NoteLeak),
    "hint": _ruleset(_HintLeak),
}
"""One ruleset per hook that leaks the pea, by the hook's name."""
KEEPS_HISTORY = _ruleset(_KeepsHistory)
KEEPS_HISTORY_LEAKS: dict[str, CupsRuleset] = {
    "event": _ruleset(_KeepsHistoryEventLeak),
    "move text": _ruleset(_KeepsHistoryMoveLeak),
}
REPLAY_WITHOUT_DETERMINIZE = _ruleset(_ReplayWithoutDeterminize)
UNBUILDABLE = _Unbuildable()
EMPTY_HINT = _ruleset(_NoSearchActions)
ALIASING = _ruleset(_AliasingGame)
ENDLESS = _ruleset(_EndlessGame)
