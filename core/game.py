"""The Game protocol every ruleset speaks.

A game is a sequence of *decisions*. Whatever a ruleset's turn structure
(alternating moves, phases A-D, chits drawn from a bag with reactions), the
state always knows who decides next (:meth:`Game.to_move`) and what kind of
decision it is (:meth:`Game.decision`). One protocol serves the CLI, the
computer players, game records, tests and benchmarks.

The shape follows OpenSpiel (``current_player / legal_actions /
apply_action / clone / returns``) and python-chess (``push``/``pop``, typed
errors, notation both ways). The base class does the bookkeeping -- the
legality check before apply, the history, the undo stack, the outcome cache,
resignations -- so that a ruleset writes only rules: ``_check``, ``_apply``,
``_outcome`` and its notation.

Randomness comes only from the game's :class:`~core.dice.Dice`, which is part
of the state: the same seed and the same actions give the same game.
"""

from __future__ import annotations

import copy
import enum
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from core.board_aids import BoardAids, BoardScale, Drawing, FreeDrive
from core.dice import Dice
from core.errors import IllegalActionError, NotationError, TanktableError
from core.options import GameOptions, parse_options
from core.streams import Seed

if TYPE_CHECKING:
    from core.package_data import PackageData

__all__ = [
    "Action",
    "DEFAULT_MAX_DECISIONS",
    "Event",
    "GameType",
    "Game",
    "Illegal",
    "IllegalActionError",
    "NotationError",
    "Outcome",
    "Ruleset",
    "SearchProfile",
    "Step",
    "TableCommand",
    "Termination",
]


@dataclass(frozen=True)
class Action:
    """Base of every ruleset's actions: small, frozen, hashable values.

    Rulesets subclass it with ``@dataclass(frozen=True)``; an action carries
    no reference to the game, so it can be stored, sent and compared.
    """


@dataclass(frozen=True)
class Illegal:
    """Why an action may not be played: the rule it breaks and a sentence.

    The sentence is for a player ("MT d2 cannot reach d7: speed 4"), the
    rule ID lets him look it up ("TC-2").
    """

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


@dataclass(frozen=True)
class Event:
    """Something that happened: a move, a roll, a hit, an announcement.

    ``kind`` is a short machine word ("moved", "roll", "destroyed", "check"),
    ``text`` the sentence a player reads, ``data`` JSON-safe details.

    Hidden information: ``audience`` lists the players who may see the
    event as it is (``None`` = everyone). Everyone else sees ``public_text``
    instead, or nothing at all when that is ``None``. Every path that shows an
    event to a player goes through :meth:`for_player`.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    public_text: str | None = None

    def for_player(self, player: int | None) -> Event | None:
        """The event as ``player`` may see it; ``None`` for the omniscient view."""
        if self.audience is None or player is None or player in self.audience:
            return self
        if self.public_text is None:
            return None
        return Event(self.kind, self.public_text, {}, None, None)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


RULE_IDS = re.compile(r"\s*\((?:[A-Z]{2,4}-\d[^()]*)\)")
"""A rule ID in parentheses after a sentence: ``(BT-6.5)``, ``(TC-6.2, TC-6.3)``, ``(DG-8.5 D2)``."""


def strip_rule_ids(text: str) -> str:
    """``text`` without the rule IDs in parentheses that end its sentences (for short summaries)."""
    return RULE_IDS.sub("", text).strip()


class Termination(str, enum.Enum):
    """Why a game ended, as a value code can compare (the reason is for people).

    ``RULES`` and ``MOVE_LIMIT`` follow from the moves: re-simulating a record
    gives them again. The others are decisions taken beside the moves (a
    player gives up, a flag falls, both agree), so a record stores them and a
    replay re-applies them after the last move.
    """

    RULES = "rules"
    """Won, lost or drawn by the ruleset's own end conditions."""
    MOVE_LIMIT = "move_limit"
    """A counter of the rules ran out and drew the game (Tank Chess's moves
    without a destruction, like chess's fifty-move rule)."""
    RESIGNATION = "resignation"
    TIME = "time"
    AGREEMENT = "agreement"

    @property
    def forced(self) -> bool:
        """True when the ending is a decision beside the moves, not their result."""
        return self in (Termination.RESIGNATION, Termination.TIME, Termination.AGREEMENT)


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``winners`` empty means a draw.

    ``reason`` is the sentence a player reads; ``termination`` is what code
    compares (records, verification, statistics), so no code parses ``reason``.
    """

    winners: tuple[int, ...]
    reason: str
    score: tuple[float, ...] | None = None
    termination: Termination = Termination.RULES

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def returns(self, n_players: int) -> list[float]:
        """Zero-sum style returns: +1 winners, -1 losers, 0 for all on a draw."""
        if not self.winners:
            return [0.0] * n_players
        return [1.0 if p in self.winners else -1.0 for p in range(n_players)]


@dataclass(frozen=True)
class Step:
    """One entry of the history: who decided, what, and what it caused."""

    player: int
    action: Action
    events: tuple[Event, ...]


@dataclass(frozen=True)
class TableCommand:
    """A question a player may ask at the table besides moving (``measure a b``).

    It changes nothing in the game. ``answer(game, player, arguments)`` replies
    from what ``player`` may know (``None``: everything) and raises
    :class:`~core.errors.TanktableError` with a usage hint on bad arguments. The
    terminal offers every command of a game at its prompt, the browser beside
    the board.
    """

    name: str
    usage: str
    """How it is typed, e.g. ``measure A B``."""
    summary: str
    answer: Callable[[Any, int | None, str], str]


@dataclass(frozen=True)
class GameType:
    """What kind of game a ruleset plays, declared once and read by every part
    (the terminal, the browser, records, the search)."""

    hidden_information: bool = False
    """Players see different things: views, records shown mid-game and seats
    taken over on resume go through :meth:`Game.view`."""
    chance: bool = True
    """Dice decide some outcomes (a game without them is searched exactly)."""
    zero_sum: bool = True
    """With two players, one's evaluation is the other's negated (one call per leaf)."""
    undo_across_players: bool = True
    """False where undo may only take back the player's own current decision."""


@dataclass(frozen=True)
class SearchProfile:
    """What a ruleset tells the search about itself (the heuristics live beside
    the rules, in :meth:`Game.evaluate`, :meth:`Game.search_actions`,
    :meth:`Game.search_priors` and :meth:`Game.random_step`)."""

    rate: float = 200.0
    """Search iterations per second on the reference machine: a preset's
    budget (reference seconds) becomes ``rate`` times as many iterations."""
    rollout_depth: int = 30
    """Random decisions a playout makes before the evaluation judges (0: none)."""
    halving: int | None = None
    """Root actions that sequential halving keeps (None: the agent's own width)."""
    halving_hidden: bool = False
    """Sequential halving at a hidden-information root as well (it always runs at a
    perfect-information one). For a ruleset whose player knows his own root actions
    whatever the samples deal him of the rest, and whose decisions can be so wide
    (hundreds of actions) that UCB, exploring every one, gives most of them one
    playout at most."""
    scaled_chance: bool = False
    """Scale exploration by the spread of values below die rolls as well."""
    prior_samples: int = 1
    """A root action that rolls dice is seeded with the mean of this many samples."""
    max_iterations: int | None = None
    """The most iterations one search spends, whatever its budget (None: no limit).
    For a ruleset whose search was measured to gain nothing past some size: a
    larger budget would only make a person wait, or play worse."""
    min_iterations: int = 1
    """The fewest iterations a level's budget (``reference`` seconds at ``rate``)
    comes to. For a ruleset where the ``easy`` level's share of ``normal``'s budget
    leaves too few for the search to do better than greedy play: a time budget
    and an explicit ``iterations`` are left as they are."""
    reply_check: int = 0
    """How many of its best root moves a search that checks replies (the ``hard``
    level) tries against every reply of the opponent before it plays one (0: the
    ruleset's search does not check replies). Only a perfect-information game
    for two can: elsewhere a reply is not known from the position. The copies
    the check plays on get fresh dice, so a game with chance that turns it on
    does not let the search see its future rolls."""
    root_samples: int = 1
    """How many samples of what the player does not know a search that seeds its root
    wide (the ``hard`` level) judges each root action on before the search proper (1:
    one, as every other level). For a hidden-information ruleset whose one-ply values
    swing with the hidden cards, so that one sample's favourites are a poor choice of
    the few actions sequential halving compares."""


DEFAULT_MAX_DECISIONS = 10_000
"""The bound a ruleset that declares none gets from :meth:`Game.max_decisions`:
generous for a board game (a Tank Chess game of 100 full moves is 200), small
enough that a runner stops a game that loops within seconds."""


A = TypeVar("A", bound=Action)


class Game(ABC, Generic[A]):
    """A game in progress. Subclasses implement the rules; this class keeps books.

    Subclasses must set ``players`` (names, index = player number) and
    implement :meth:`to_move`, :meth:`decision`, :meth:`legal_actions`,
    :meth:`_check`, :meth:`_apply`, :meth:`_outcome`, :meth:`format_action`,
    :meth:`parse_action` and :meth:`render`. Hidden-information games also
    state once what each player may not see (:meth:`hidden_variant`), which
    every outlet to a player is held to (:mod:`core.secrecy`) and from which the
    computer's :meth:`determinize` is derived, and show each player his own
    :meth:`view`.

    Undo is replay-from-start by default: the initial state is kept and the
    history replayed without its last step, which costs nothing per move.
    A ruleset that wants python-chess style pops overrides :meth:`undo`.
    """

    ruleset_id: ClassVar[str] = ""
    players: tuple[str, ...] = ()
    game_type: ClassVar[GameType] = GameType()
    """What kind of game this is (hidden information, chance, ...)."""
    search_profile: ClassVar[SearchProfile] = SearchProfile()
    """What the search needs to know of this ruleset (see :class:`SearchProfile`)."""
    shared_fields: ClassVar[frozenset[str]] = frozenset()
    """Attributes that never change once the game is built (a hex board with its
    line-of-sight caches, the unit cards, settings): :meth:`clone` shares them
    between a game and its copies instead of copying them. Name only what no
    rule ever changes; everything else is the state, copied."""

    @property
    def hidden_information(self) -> bool:
        """Shorthand for ``game_type.hidden_information``."""
        return self.game_type.hidden_information
    notation_help: str = ""
    """Short usage of the notation, shown by the CLI's ``help``."""

    def __init__(self, dice: Dice, scenario: str = "", options: Mapping[str, Any] | None = None):
        self.dice = dice
        self.scenario = scenario
        self.options: dict[str, Any] = dict(options or {})
        self.history: list[Step] = []
        self._forced: Outcome | None = None
        self._outcome_cache: Outcome | None = None
        self._outcome_known = False
        self._initial: Game[A] | None = None

    # ------------------------------------------------------------------ rules
    @abstractmethod
    def to_move(self) -> int:
        """The player who makes the next decision (meaningless once over)."""

    @abstractmethod
    def decision(self) -> str:
        """What kind of decision is due, in words: "move a tank", "program Tiger 1"."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The actions of the current decision; a finite useful set if continuous."""

    @abstractmethod
    def _check(self, action: A) -> Illegal | None:
        """Judge an action against the rules; ``None`` when it is legal."""

    @abstractmethod
    def _apply(self, action: A) -> list[Event]:
        """Carry out a legal action and return the events it caused."""

    @abstractmethod
    def _outcome(self) -> Outcome | None:
        """The result by the rules, or ``None`` while the game runs."""

    # --------------------------------------------------------------- notation
    @abstractmethod
    def format_action(self, action: A) -> str:
        """The action in the ruleset's notation (round-trips with parse)."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Read notation; raises :class:`NotationError` with a usage hint."""

    def public_action_text(self, action: A) -> str | None:
        """The action as every player may read it; ``None`` when only its author may.

        Asked before the action is applied. Perfect-information games show
        every move; hidden-information games override this to show the moves
        that reveal nothing (a tank's step) and hide the rest (a Tiger's program).
        """
        return None if self.game_type.hidden_information else self.format_action(action)

    def public_moves(self) -> list[str | None]:
        """Each step of the history as every player may read it: its
        :meth:`public_action_text`, asked in the state before it, by replaying the
        history from the start (a table that was not there as the game was played
        -- a game rebuilt from elsewhere -- works out its log this way)."""
        if not self.history:
            return []
        assert self._initial is not None
        game = self._initial._snapshot()
        out: list[str | None] = []
        for step in self.history:
            out.append(game.public_action_text(step.action))  # type: ignore[arg-type]
            game.apply(step.action)  # type: ignore[arg-type]
        return out

    def annotation(self, events: Sequence[Event]) -> str:
        """Suffix a record writes after a move (``+`` for CHECK in tank chess)."""
        return ""

    def summarize_events(self, events: Sequence[Event]) -> str:
        """What one decision's ``events`` came to, in a few words for one line of a
        terminal (the rolls and their need, the damage, a CHECK); ``""`` when the
        move itself says it all. ``events`` are already filtered for the reader
        (:meth:`events_for`), so a summary can leak nothing they hide.

        The default joins the events' texts without their rule IDs; a ruleset
        whose decisions roll many dice overrides it with a shorter form.
        """
        return "; ".join(t for t in (strip_rule_ids(e.text) for e in events) if t)

    def describe_action(self, action: A) -> str:
        """A short note on a legal action for a player choosing among them
        (toward which enemy, into which cover, the odds of a shot); ``""`` for none.

        Read from the current state as the player to move may see it.
        """
        return ""

    def group_of(self, action: A, note: str) -> str:
        """The heading a long list of moves shows this action under (the piece that
        moves, where a program ends), given its :meth:`describe_action` ``note``;
        ``""`` leaves it ungrouped. Read from the current state."""
        return ""

    def variant_of(self, action: A) -> Hashable:
        """The move ``action`` is a variant of: two actions with the same key differ only
        in a detail a player settles last (a tank's final facing), so a hint lists
        distinct moves before a second variant of one. The default: the action itself."""
        return action

    def describe_actions(self, actions: Sequence[A]) -> list[str]:
        """:meth:`describe_action` of each of ``actions``, in order: what a list of
        every legal move shows. A ruleset overrides it where the notes of one
        position share work (Tank Chess reads the lines of fire on the enemy
        Command Tank once for all its moves)."""
        return [self.describe_action(a) for a in actions]

    def recommended_clock_seconds(self) -> float | None:
        """The time per player the rules advise for this game (``--clock recommended``), if any."""
        return None

    def table_commands(self) -> Sequence[TableCommand]:
        """The ruleset's own questions a player may ask at the prompt (see :class:`TableCommand`)."""
        return ()

    def card_text(self, name: str, player: int | None = None) -> str:
        """The unit card ``name`` names, as text (``card NAME`` at the prompt), from
        what ``player`` may know. The default finds it among the ruleset's cards by
        id or name (:mod:`core.cards`); a ruleset whose units have names on the
        table (a tank's label, a square) answers those too, with the unit's state.
        Raises :class:`~core.errors.TanktableError` naming the choices."""
        from core.cards import card_lines, find_card
        from core.registry import get_ruleset

        return "\n".join(card_lines(*find_card(name, get_ruleset(self.ruleset_id).cards())))

    # ------------------------------------------------------------- rendering
    @abstractmethod
    def render(self, player: int | None = None, color: bool = False) -> str:
        """The position as text, as ``player`` may see it (``None`` = all)."""

    def render_compact(self, player: int | None = None, color: bool = False) -> str:
        """The position for the screen of one decision in a terminal: at most about
        20 lines of 80 columns, so that it and the moves since fit 80x24. Details
        may go (the terminal's ``board`` draws :meth:`render`); the default is the full render.
        """
        return self.render(player, color)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know, JSON-safe. Perfect-information default: all."""
        return {
            "ruleset": self.ruleset_id,
            "to_move": self.players[self.to_move()] if self.outcome() is None else None,
            "decision": self.decision(),
            "moves": len(self.history),
        }

    def evaluate(self, player: int) -> float:
        """Heuristic value of the position for ``player`` in [-1, 1] (for the AI)."""
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(len(self.players))[player]
        return 0.0

    def max_decisions(self) -> int | None:
        """The most decisions this game can take under its options, counted from the
        start: every game ends within it, whoever decides (the rules leave no decision
        that can repeat without progress).

        A ruleset derives it from its rules and settings (rounds x units x decisions
        per activation...) and says how in its docstring; runners (the random-game
        harness, ``tanktable simulate``) count a game past it as unfinished. ``None``
        means the settings in force switch every limit off, so no bound exists. The
        default, for a ruleset that declares nothing, is :data:`DEFAULT_MAX_DECISIONS`.
        """
        return DEFAULT_MAX_DECISIONS

    def determinize(self, player: int, seed: int) -> Game[A]:
        """A full game consistent with what ``player`` knows (hidden info resampled).

        The computer plays (and the hint advises) on the result, so it never
        reads what its player cannot see. Perfect-information games return a
        plain clone. With hidden information the default is derived from the
        ruleset's one statement of its secrets, :meth:`hidden_variant` (a clone
        where it gives none), without the history and the undo base: those hold
        the true secrets (a step's events, the start), and a search copy needs
        neither. That is sound where the variant draws the hidden parts from
        ``seed`` alone -- from a list in an order the true deal cannot show
        through -- and the hint's gate (:mod:`core.secrecy`) refuses a hint that
        does depend on them. A ruleset whose variant cannot serve (one that keeps
        a true secret out of the draw, as Cups' other cup) overrides this.
        """
        if not self.game_type.hidden_information:
            return self.clone()
        game = self.hidden_variant(player, seed) or self.clone()
        game.history, game._initial = [], None
        game.state_changed()
        return game

    def hidden_variant(self, player: int, seed: int) -> Game[A] | None:
        """This game as it might be for all ``player`` can tell: what ``player`` may
        not see drawn afresh from ``seed``, everything else as it is.

        ``tanktable check`` proves a ruleset's secrets with it: ``player`` must be
        sent the same bytes from this game and from its variant -- the view, the
        text and SVG boards, the events and moves of the log as ``player`` reads
        them, the notes beside the legal moves, the hint. So the variant keeps
        what ``player`` sees or has seen (the pieces in view, the history as that
        player read it, whose decision it is) and changes what the other sides
        hide where it can (the identity of a face-down marker, a program not yet
        executed, a hand of cards), consistent with what ``player`` knows. A
        variant may keep the history as it is, or replay it with other hidden
        choices, which also puts the events of those choices to the test.

        It is the ruleset's one statement of its secrets: at play time every part
        sent to a player is built again from a variant and refused where it
        differs (:mod:`core.secrecy`), and the default :meth:`determinize` is a
        variant without its history.

        ``None`` (the default): nothing is hidden from ``player`` now, or the
        ruleset offers no variants. A ruleset that declares hidden information
        (:attr:`GameType.hidden_information`) overrides it; ``tanktable check``
        fails one that never gives a variant.
        """
        return None

    # ----------------------------------------------------------- bookkeeping
    def check(self, action: A) -> Illegal | None:
        """``None`` if ``action`` is legal now, else why not (with rule ID)."""
        if self.outcome() is not None:
            return Illegal("GAME", "the game is over")
        return self._check(action)

    def is_legal(self, action: A) -> bool:
        return self.check(action) is None

    def apply(self, action: A, player: int | None = None) -> list[Event]:
        """Play ``action``; raises :class:`IllegalActionError` if it is illegal.

        With ``player``, the action is refused unless that player decides now:
        a server or a library caller acting for one seat cannot act for another.
        """
        if player is not None and self.outcome() is None and player != self.to_move():
            raise IllegalActionError(
                "TURN", f"it is {self._name(self.to_move())}'s decision "
                f"({self.decision()}), not {self._name(player)}'s")
        illegal = self.check(action)
        if illegal is not None:
            raise IllegalActionError(illegal.rule, illegal.reason)
        if self._initial is None and not self.history:
            self._initial = self._snapshot()
        player = self.to_move()
        events = self._apply(action)
        self.history.append(Step(player, action, tuple(events)))
        self._outcome_known = False
        return events

    def apply_text(self, text: str) -> list[Event]:
        """Parse notation and apply it."""
        return self.apply(self.parse_action(text))

    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, else the result (cached)."""
        if self._forced is not None:
            return self._forced
        if not self._outcome_known:
            self._outcome_cache = self._outcome()
            self._outcome_known = True
        return self._outcome_cache

    def is_over(self) -> bool:
        return self.outcome() is not None

    def state_changed(self) -> None:
        """Forget what the game worked out from its state -- the outcome, and a
        ruleset's caches such as the current legal actions -- because the state was
        changed beside :meth:`apply`: by a test that sets up a position piece by
        piece, by :meth:`search_apply` on a search copy. The next question is
        answered from the state as it is now. A ruleset with caches of its own
        extends it (calling ``super().state_changed()``)."""
        self._outcome_known = False

    def forfeit(self, player: int, termination: Termination = Termination.RESIGNATION,
                reason: str | None = None) -> Outcome:
        """End the game against ``player``: a resignation, or a flag fall (``TIME``)."""
        winners = tuple(p for p in range(len(self.players)) if p != player)
        if reason is None:
            who = self._name(player)
            reason = f"{who} lost on time" if termination is Termination.TIME else f"{who} resigned"
        return self.force(Outcome(winners, reason, None, termination))

    def agree_draw(self, reason: str = "draw by agreement") -> Outcome:
        """End the game drawn because the players agree."""
        return self.force(Outcome((), reason, None, Termination.AGREEMENT))

    def force(self, outcome: Outcome) -> Outcome:
        """End the game with an outcome decided beside the moves (see :class:`Termination`)."""
        if not outcome.termination.forced:
            raise TanktableError(f"an ending by {outcome.termination.value} follows from the moves; "
                                 "it cannot be imposed")
        self._forced = outcome
        return outcome

    def _name(self, player: int) -> str:
        return self.players[player] if 0 <= player < len(self.players) else f"player {player}"

    def undo(self) -> Step:
        """Take back the last step (replay from the initial state); in a game with
        hidden information refused for a step that revealed a secret (see :meth:`undo_to`)."""
        if not self.history:
            raise TanktableError("nothing to undo")
        last = self.history[-1]
        self._replay_to(len(self.history) - 1)
        return last

    def secrets_hidden(self) -> int:
        """How many things are still hidden from some player (face-down markers,
        unknown identities); 0 where nothing is hidden. A step after which fewer
        are hidden revealed a secret, and :meth:`undo_to` will not take it back."""
        return 0

    def undo_to(self, length: int) -> None:
        """Take back every step after the first ``length``.

        Refused, with nothing taken back, when one of those steps revealed a
        secret (a reconnaissance, an activation): the player would play it again
        knowing what it showed (issue 26.4). Perfect-information games take the
        steps back one :meth:`undo` at a time (a ruleset's own, if it has one).
        """
        if not 0 <= length <= len(self.history):
            raise TanktableError(f"cannot go back to move {length}: the game has {len(self.history)}")
        if self.game_type.hidden_information:
            self._replay_to(length)
            return
        while len(self.history) > length:
            self.undo()

    def _replay_to(self, length: int) -> None:
        """Replay the first ``length`` steps from the initial state and become that game
        (refusing, in a hidden-information game, past a step that revealed a secret)."""
        if length == len(self.history):
            return
        assert self._initial is not None
        fresh = self._initial._snapshot()
        for step in self.history[:length]:
            fresh.apply(step.action)  # type: ignore[arg-type]
        if self.game_type.hidden_information:
            probe = fresh.clone()
            for step in self.history[length:]:
                hidden = probe.secrets_hidden()
                text = probe.format_action(step.action)  # type: ignore[arg-type]
                probe.apply(step.action)  # type: ignore[arg-type]
                if probe.secrets_hidden() < hidden:
                    raise TanktableError(
                        f"cannot take back {text}: it revealed what was hidden, and a decision "
                        "that showed a secret stands")
        initial = self._initial
        self.__dict__.update(fresh.__dict__)
        self._initial = initial
        self._forced = None

    def anchor_undo(self, like: Game[A] | None = None) -> None:
        """Fix the undo base now -- or share ``like``'s -- instead of on the first move.

        A game snapshots its start on its first move so that :meth:`undo` can
        replay. A search makes thousands of copies at move 0 and never undoes:
        it anchors one copy and lets the others share that anchor.
        """
        if self._initial is not None or self.history:
            return
        shared = like._initial if like is not None else None
        self._initial = shared if shared is not None else self._snapshot()

    # ----------------------------------------------------------------- search
    def search_apply(self, action: A) -> None:
        """Play an action that :meth:`legal_actions` of this very state offered,
        on a search copy.

        A search plays its own actions millions of times on throw-away copies:
        they need no legality re-check, no events and no undo, only a correct
        state for ``to_move``, ``legal_actions``, ``outcome`` and ``evaluate``.
        The default is :meth:`apply`; a ruleset whose events or checks are
        costly overrides it. A copy played on this way must not be undone,
        recorded or shown afterwards (its history may be incomplete).
        """
        self.apply(action)

    def random_step(self, rng: Any) -> bool:
        """Play one decision of the ruleset's playout policy on a search copy.

        Rollouts call this thousands of times per second, so a ruleset with
        a cheap way to draw a random legal action (without listing hundreds)
        overrides it; the same caveats as :meth:`search_apply` apply. The
        default draws uniformly from :meth:`legal_actions`. ``rng`` is a
        :class:`random.Random` of the searcher (never the game's own dice).
        Returns ``False`` when there is no legal action.
        """
        actions = self.search_actions()
        if not actions:
            return False
        self.search_apply(actions[rng.randrange(len(actions))])
        return True

    def search_actions(self) -> list[A]:
        """The actions a search considers here: :meth:`legal_actions`, or a subset
        of them a ruleset's heuristics prefer, or actions that stand for several
        of the player's own decisions at once and that :meth:`check` accepts (a
        whole Tiger program where the legal list lays it card by card) -- never
        an action that is not legal.

        ``legal_actions`` means the same everywhere and lists every decision a
        player may take; a search that would drown in hundreds of equivalent
        actions, or judge a first step by random continuations, asks this instead.
        """
        return self.legal_actions()

    def search_destination(self, action: A) -> Hashable:
        """Where ``action`` leads, as a key: two actions with the same key come to the
        same position as far as the player to move can tell now (two Tiger programs
        that end on one hex with one hull facing), so a search compares one
        of them, not both. Sequential halving picks its few candidates this way: many
        roads to one place would otherwise fill every place, and more search would
        only rank the roads. Read only what the player to move may see. The default:
        the action itself (no two actions lead to the same place).
        """
        return action

    def search_priors(self, actions: Sequence[A]) -> Sequence[float] | None:
        """A cheap score per action: the order in which a search should try them.

        With hundreds of actions a search cannot try them all in a second;
        a ruleset that can tell the forcing ones at a glance (a capture of a
        valuable piece, a shot at the Command Tank) lets the search look at
        those first, as a player would. Higher is tried first; equal scores
        in random order. ``None`` (the default): no opinion, random order.
        """
        return None

    def search_follow_up(self) -> int:
        """How many of the player's own next decisions a one-decision player
        (:class:`~core.ai.agents.GreedyAgent`) looks at after an action that
        leaves the decision with the same player, and the search
        (:class:`~core.ai.mcts.MCTSAgent`) seeds below such a root action.

        Where a turn is several decisions in a row and the first is valued
        before anything happens on the board (an order given before the tank
        moves), judging it alone makes every order look alike; looking at its
        best follow-up, among this many the search priors rank first, judges
        the order by what it leads to. 0 (the default): judge each decision
        alone.
        """
        return 0

    def clone(self) -> Game[A]:
        """An independent copy: the search makes thousands, so it is cheap where it can be.

        What never changes once the game is built -- the attributes named in
        :attr:`shared_fields` (a board and its sight caches, the unit cards) and
        the undo base -- is shared by the copies, also where the state refers to
        one of those objects itself (a piece's ``board``; a piece that names its
        card by id needs nothing more). The dice are copied with :meth:`Dice.copy`, the
        history as a list of its frozen steps, and everything else deeply, so
        playing on one copy never changes another. A ruleset with a faster way
        to copy its state overrides this (and copies ``dice`` and ``history``
        the same way)."""
        other = copy.copy(self)
        memo: dict[int, Any] = {id(self._initial): self._initial}
        for key in self.shared_fields:
            value = self.__dict__.get(key)
            memo[id(value)] = value
        for key, value in self.__dict__.items():
            if key == "_initial" or key in self.shared_fields:
                continue
            if key == "dice":
                other.dice = self.dice.copy()
            elif key == "history":
                other.history = list(self.history)
            else:
                other.__dict__[key] = copy.deepcopy(value, memo)
        return other

    def _snapshot(self) -> Game[A]:
        """A copy of the current state for undo, via :meth:`clone` (fast where it is)."""
        snap = self.clone()
        snap._initial = None
        snap.history = []
        snap._forced = None
        snap._outcome_known = False
        return snap

    # -------------------------------------------------------------- positions
    def position(self) -> dict[str, Any]:
        """The state as a ``kind: position`` document (plain, YAML-safe data).

        It describes everything the rules need to go on -- every piece with its
        full state, whose decision it is, counters -- and loads back with
        :meth:`Ruleset.from_position` into a game with the same legal actions.
        It is the omniscient state: a hidden-information game's position holds
        every secret. The dice's future is not part of it (a seed is).
        """
        raise TanktableError(f"{self.ruleset_id} has no position documents")

    def player_index(self, name: str) -> int:
        try:
            return self.players.index(name.lower())
        except ValueError:
            raise TanktableError(
                f"unknown side {name!r}; sides are {', '.join(self.players)}"
            ) from None

    def events_for(self, player: int | None, events: Iterable[Event]) -> list[Event]:
        """Filter events through :meth:`Event.for_player`."""
        shown = (e.for_player(player) for e in events)
        return [e for e in shown if e is not None]


class ArmyCheck(Protocol):
    """What ``tanktable army validate`` prints: a verdict, a text and a JSON form."""

    @property
    def valid(self) -> bool: ...

    @property
    def verdict(self) -> str:
        """One line: the total against the budget, as ``army validate`` prints it."""
        ...

    def text(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


class Ruleset(ABC):
    """A pluggable ruleset: names itself, lists scenarios, builds games.

    Shipped and third-party rulesets register through the entry-point group
    ``tanktable.rulesets``; see :mod:`core.registry`.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[tuple[str, ...]]
    default_scenario: ClassVar[str]
    quick_scenario: ClassVar[str | None] = None
    """The scenario a one-click game against the computer starts (the start page's
    "Play the computer"): a shorter one than the faithful default, where the ruleset
    ships one. ``None`` (the default): :attr:`default_scenario`."""
    options_model: ClassVar[type[GameOptions]] = GameOptions
    """The options a game of this ruleset takes (fields beside ``settings``)."""
    kind_aliases: ClassVar[Mapping[str, str]] = {}
    """Former names of data kinds, still read: ``{old: current}`` (files written
    before a kind was renamed keep validating and loading)."""
    package_data: ClassVar[PackageData | None] = None
    """The ruleset's own data kinds and the package that ships their files
    (:class:`core.package_data.PackageData`): set, it gives :meth:`data_kinds`
    and :meth:`validate_document` (references followed) without more code."""

    @abstractmethod
    def scenarios(self) -> list[str]:
        """Names of the shipped scenarios."""

    def scenario_titles(self) -> dict[str, str]:
        """A line for each shipped scenario, by name, that menus show beside the name
        (``tanktable rulesets``, the start page): what the scenario is, in a player's words.
        A scenario without one is shown by its name alone (the default: none)."""
        return {}

    @abstractmethod
    def new_game(
        self,
        scenario: str | Path | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
        seed: Seed = 0,
    ) -> Game[Any]:
        """A fresh game from a shipped scenario name or a path to a user's file.

        ``options`` are this ruleset's :attr:`options_model`, or their flat
        (record) form, which :meth:`parse_options` reads.
        """

    def setting_names(self) -> list[str]:
        """Every rules setting (Decision) a game may override, as dotted keys."""
        return []

    def parse_options(self, options: Mapping[str, Any] | GameOptions | None) -> GameOptions:
        """The options of a game, typed; an option this ruleset does not take is a
        :class:`~core.errors.UsageError` that lists those it does take."""
        return parse_options(self.id, self.options_model, self.setting_names(), options)

    def from_position(self, position: Mapping[str, Any], seed: Seed = 0) -> Game[Any]:
        """A game in the state a ``kind: position`` document describes (see
        :meth:`Game.position`), checked by the same rules as a scenario."""
        raise TanktableError(f"{self.id} has no position documents")

    def data_kinds(self) -> Mapping[str, Any]:
        """``kind`` -> pydantic model of every data file this ruleset reads
        (default: the kinds of :attr:`package_data`, if any)."""
        return {} if self.package_data is None else self.package_data.models()

    def canonical_kind(self, kind: str) -> str:
        """The current name of a data kind (a former name from :attr:`kind_aliases`, or
        from a :attr:`package_data` kind's ``aliases``, maps to the kind that replaced
        it; any other name is returned as given)."""
        aliases = dict(self.package_data.aliases()) if self.package_data is not None else {}
        aliases.update(self.kind_aliases)
        return aliases.get(kind, kind)

    def validate_document(self, kind: str, doc: Any) -> list[Any]:
        """Every problem of one data file of this ruleset: the schema, then its rules.

        Override where a kind needs the ruleset's help before the schema applies
        (a card ``based_on`` a shipped card gets its missing fields from it).
        """
        from core.data import judge_partly

        if self.package_data is not None and kind in self.package_data.models():
            return list(self.package_data.problems(kind, doc))
        # the rules are judged on the well-formed parts even when the schema refuses
        # others, so every mistake comes back in one run (issue 60)
        return judge_partly(doc, self.data_kinds()[kind],
                            lambda model, mended: self.check_document(kind, model, mended))

    def check_document(self, kind: str, model: Any, doc: Any) -> list[Any]:
        """Rules beyond the schema (e.g. a map validator); list of ``Problem``.

        ``doc`` is the :class:`core.data.Document` the model came from, so
        problems can point at lines.
        """
        return []

    def scenario_source(self, scenario: str | Path | None) -> tuple[str, str | None]:
        """(name, YAML text or None) for the record: shipped names need no text."""
        from core.data import load_document
        from core.references import resolve

        if scenario is None:
            return self.default_scenario, None
        name = str(scenario)
        if name in self.scenarios():
            try:
                local = Path(name).is_file()  # a user's file of a shipped scenario's name wins
            except (OSError, ValueError):
                local = False
            if not local:
                return name, None
        found = resolve(name, "scenario")
        return name, None if found.path is None else load_document(found.path).text

    def render_svg(self, game: Game[Any], player: int | None = None) -> str:
        raise TanktableError(f"{self.id} has no SVG renderer yet")

    # ------------------------------------------------ the browser table's aids
    def board_aids(self, game: Game[Any], actions: Sequence[Action],
                   notes: Sequence[str]) -> BoardAids | None:
        """Where each of ``actions`` (the seat's own legal actions, in order) starts
        and ends on :meth:`render_svg`'s drawing, and what to draw for it;
        ``notes`` are their :meth:`Game.describe_actions`. Built from those actions
        and what their player may see, never from another seat's secrets.
        ``None`` (the default): no places, the page shows the list of moves only.

        The browser's aids are asked of the Ruleset, beside :meth:`render_svg`, and
        not of the Game: the places are coordinates of that drawing, which is the
        ruleset's (the Game knows the rules, not how they are drawn)."""
        return None

    def last_move_drawing(self, game: Game[Any], events: Sequence[Event]) -> Drawing | None:
        """A drawing of what the last move announced (Tank Chess: a CHECK's line of
        threat), from its ``events`` as the seat may see them; ``None`` (the default): none."""
        return None

    def log_drawing(self, game: Game[Any], move: str | None, events: Sequence[Event]) -> Drawing | None:
        """A drawing of one move of the log for the page's step-by-step replay (issue
        29.7): the pieces it moved, the shots, the reveals. Built only from ``move``
        (its text as the seat was sent it: ``None`` when hidden) and ``events`` as the
        seat may see them, so it can show nothing that seat may not know; ``game``
        serves only for the board's geometry. ``None`` (the default): nothing drawn."""
        return None

    def board_scale(self, game: Game[Any]) -> BoardScale | None:
        """How the page turns a click on the drawing into the table's units (the
        ruler of a ruleset whose pieces move freely); ``None`` (the default): no ruler."""
        return None

    def free_drive(self, game: Game[Any], player: int) -> FreeDrive | None:
        """The free drive ``player`` is to give now, with the ground it may not
        enter as ``player`` sees it (:class:`FreeDrive`); ``None`` (the default):
        no drive is due, or the ruleset's pieces move on a grid."""
        return None

    def cards(self, extra: Sequence[Path] = ()) -> Mapping[str, Any]:
        """Unit cards by id: the shipped ones plus those in ``extra`` files/folders."""
        return {}

    def card_template(self) -> str:
        """A commented YAML template to start a new unit card from."""
        raise TanktableError(f"{self.id} has no unit cards")

    def armies(self) -> Mapping[str, Any]:
        """The shipped army lists, by name: each one's :class:`~core.data.Document`
        (for :meth:`check_army`). Empty (the default) for a ruleset without armies."""
        return {}

    def check_army(self, doc: Any, extra_cards: Sequence[Path] = (), budget: int | None = None) -> ArmyCheck:
        """An army list (a ``kind: army`` document) checked against its budget, for
        ``tanktable army validate``. Offered by a ruleset whose :meth:`data_kinds`
        has ``"army"``; a problem of the file itself is a :class:`~core.errors.DataError`."""
        raise TanktableError(f"{self.id} has no army lists")

    def map_sight(self, board: Any) -> tuple[Any, Any]:
        """Sight judged by this ruleset's own rules on a bare hex map (no pieces):
        ``(board whose lines to draw, LosPolicy)`` for ``tanktable hex los --rules``.
        The default refuses: such a ruleset's maps follow the generic chart."""
        raise TanktableError(f"{self.id} has no sight rules of its own for hex maps")

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "players": list(self.players),
            "scenarios": self.scenarios(),
            "scenario_titles": self.scenario_titles(),
            "default_scenario": self.default_scenario,
            "quick_scenario": self.quick_scenario or self.default_scenario,
        }
