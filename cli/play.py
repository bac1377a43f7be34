"""Interactive play in the terminal, the same loop for every ruleset.

Each decision goes to its seat: a human types notation or a command, a
computer player chooses. Whatever is shown to a human passes through the
game's view of that human (hidden information); in hot-seat play with
secrets the screen is cleared between the two sides. A game never loses
anything: its record (``--record``, or with a person at the table a new file
of the games folder, see :mod:`cli.autosave`) is rewritten atomically after
every decision and always before a person is asked, and on end of input,
Ctrl-C, SIGTERM/SIGHUP or an internal error it is saved before anything else
happens. ``--resume`` plays on from such a record.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import typer

from cli.options import game_options, pairs
from cli.prompt import Prompt, fit_prompt, parse_move, shown_input, too_long
from cli.recent_results import Entry, fit, full_lines, wrap
from cli.terminal import is_terminal
from cli.undo_words import replies_tail
from core.ai.levels import withheld
from core.errors import NotationError, TanktableError, UsageError
from core.game import Event, Game, Ruleset, TableCommand, Termination
from core.registry import get_ruleset
from core.secrecy import SecretLeakError, same_history, shown
from core.streams import Seed, decision_seed, normal_seed, seed_text

if TYPE_CHECKING:
    from cli.record_target import RecordGuard
    from core.ai import Agent
    from core.commitment import SeedSeal
    from core.record import RecordClock, RecordFile

HUMAN = "human"

T = TypeVar("T")

HELP = """\
commands:
  <move>          a move in the ruleset's notation (see 'moves')
  moves [FILTER]  list legal moves (only those containing FILTER; e1 is not e12)
  board           draw the full board (each decision shows a compact one)
  clear           clear the screen and draw the decision's board again
  card NAME       a unit's card: its numbers, and its state if in play
  last            the moves since your last decision, with everything that happened
  hint            what the computer would play
  undo            take back your last move (and the computer's reply)
  save FILE       save the game record
  save position FILE
                  save the position as a document (tanktable play --position FILE)
  draw            offer a draw (asks to confirm; the other side accepts or declines)
  resign          give up the game (asks to confirm)
  help            this text
  quit            stop (the game is saved; the last line says where)"""


DRAW_ACCEPTED_AT = 0.0
"""A computer seat accepts a draw offer when its evaluation (in [-1, 1]) is at most this: even or worse."""


COMMANDS = ("moves", "board", "clear", "last", "hint", "undo", "save", "save position", "draw", "resign", "help",
            "quit")
"""The prompt's own commands (completed by Tab beside the ruleset's and the moves)."""


@dataclass
class PlaySettings:
    ruleset: str | None
    scenario: str | None = None
    seats: list[str] = field(default_factory=list)
    seed: Seed | None = None
    record: Path | None = None
    json_out: bool = False
    clock: str | None = None
    think: float = 1.0
    armies: list[str] = field(default_factory=list)
    players: int | None = None
    setup: str | None = None
    options: list[str] = field(default_factory=list)
    board: str | None = None
    max_moves: int | None = None
    resume: Path | None = None
    pick: bool = False
    """``--resume`` with no file: choose among the unfinished games of the games folder."""
    position: Path | None = None
    stdin: TextIO = field(default_factory=lambda: sys.stdin)
    auto_pass: bool | None = None
    """A person's decision whose only legal move ends the phase is played for them (issue 59.3):
    ``None`` (the default) when they type at a terminal, never when lines come from a pipe or a
    file, so a moves file that spells out every ``pass`` and ``end`` reads as it always did."""


def named_seats(items: list[str]) -> dict[str, str]:
    """``--seat SIDE=KIND`` pairs, each kind checked and lower-cased before anything is
    played: a misspelt kind is an error at once, not a seat that waits for a person
    nobody named, or a computer that fails at its first decision."""
    from core.ai.agents import agent_kinds

    known = [HUMAN, *agent_kinds()]
    seats = {side: kind.lower() for side, kind in pairs(items, "--seat").items()}
    for side, kind in seats.items():
        if kind not in known:
            raise UsageError(f"--seat {side}={kind}: no player kind {kind!r}; use {', '.join(known)}")
    return seats


def seat_kinds(players: Sequence[str], named: Mapping[str, str], recorded: Mapping[str, str]) -> dict[int, str]:
    """Who plays each seat (issue 27.18): as named by ``--seat``, else as the record had it.

    A seat named by neither is the person's when every named seat is a
    computer (``--seat black=normal`` means "I play white against normal");
    beside a named human seat it plays ``greedy``. With nothing named and no
    record, the first seat is the person's and the others play ``greedy``.
    """
    if named or recorded:
        chosen = {**recorded, **named}
        default = HUMAN if named and HUMAN not in chosen.values() else "greedy"
        return {i: chosen.get(name, default) for i, name in enumerate(players)}
    return {i: HUMAN if i == 0 else "greedy" for i in range(len(players))}


def parse_board(text: str) -> tuple[str, int]:
    """``--board``: ``each``, ``every:N`` (every N decisions), ``end`` or ``none`` -> (mode, N)."""
    mode, _, count = text.strip().lower().partition(":")
    if mode in ("each", "end", "none") and not count:
        return mode, 0
    if mode == "every" and count.isdigit() and int(count) > 0:
        return mode, int(count)
    raise UsageError(f"--board {text!r}: use each, every:N (e.g. every:10), end or none")


def parse_clock(text: str) -> float:
    """``30m``, ``90s``, ``1h``, ``45`` (minutes) -> seconds."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([hms]?)\s*", text)
    if not m:
        raise TanktableError(f"--clock {text!r}: use e.g. 30m, 90s or 1h")
    value, unit = float(m.group(1)), m.group(2) or "m"
    return value * {"h": 3600, "m": 60, "s": 1}[unit]


def _wants_recommended(clock: str) -> bool:
    return clock.strip().lower() == "recommended"


def clock_seconds(s: PlaySettings, game: Game[Any]) -> float | None:
    """The time each player starts with, from ``--clock`` (None: no clock)."""
    if s.clock is None:
        return None
    return recommended_clock(game) if _wants_recommended(s.clock) else parse_clock(s.clock)


def recommended_clock(game: Game[Any]) -> float:
    """``--clock recommended``: the ruleset's own advice for this board (TC-7.5)."""
    seconds = game.recommended_clock_seconds()
    if seconds is None:
        raise TanktableError(f"{game.ruleset_id} recommends no clock for this scenario; "
                             "give a time such as --clock 30m")
    return float(seconds)


class Session:
    """One game being played: seats, agents, clocks, output."""

    def __init__(self, s: PlaySettings, ruleset: Ruleset, game: Game[Any], header: RecordFile,
                 seed: Seed, clock: RecordClock | None = None, seal: SeedSeal | None = None):
        self.s = s
        self.ruleset = ruleset
        self.game = game
        self.header = header
        """The record as it stood before this session's first decision (resume: the loaded one)."""
        self.seed = seed
        self.seal = seal
        """A secret seed's seal: the screen shows its commitment, and the seed only at the end."""
        seats = named_seats(s.seats)
        for side, kind in seats.items():
            game.player_index(side)
            refused = withheld(kind, ruleset.id)
            if refused:
                raise UsageError(f"--seat {side}={kind}: {refused}")
        self.kinds = seat_kinds(game.players, seats, header.seats)
        kinds = self.kinds
        self.humans = [p for p, k in kinds.items() if k == HUMAN]
        self.pending: dict[int, list[Entry]] = {p: [] for p in self.humans}
        """Per human: the moves not yet shown to them, as they may see them."""
        self.last_moves: dict[int, list[str]] = {p: [] for p in self.humans}
        """Per human: the moves last shown, in full (``last`` prints them)."""
        self.shown_early: dict[int, list[Entry]] = {p: [] for p in self.humans}
        """Per human: their own last moves, shown before the computer's reply (issue 27.13)."""
        self.listed_count = -1
        """Moves the last ``moves`` listed when a game writes them a line per destination (issue 59.6)."""
        self.clock_start = clock.seconds if clock is not None else None
        self.clock_left: dict[int, float] | None = None
        if clock is not None:
            self.clock_left = {p: float(clock.left.get(name, clock.seconds))
                               for p, name in enumerate(game.players)}
        self.last_human: int | None = None
        from cli.autosave import RecordText

        self.record_text = RecordText()
        """The record's moves and YAML, kept up to date move by move (see :meth:`autosave`)."""
        self.saved_state: tuple[int, object, object] | None = None
        """The game as the record on disk holds it (see :meth:`unsaved`)."""
        self.auto_record = False
        """The record goes to the games folder (no ``--record``): written once something is played."""
        self.guard: RecordGuard | None = None
        """The record file as this game last left it (set with the record's target, see :func:`run_play`)."""
        self.table_commands = {c.name: c for c in game.table_commands()}
        """The ruleset's own questions (``measure``, ``preview``), by their first word."""
        self.quiet = s.json_out
        self.board, self.board_every = parse_board(s.board or ("none" if self.humans else "end"))
        self.color = is_terminal(sys.stdout) and not s.json_out and not os.environ.get("NO_COLOR")
        self.shown: dict[int, str] = {}
        """The compact board each human last saw, not drawn again while unchanged."""
        self.prompt = Prompt(s.stdin, self.completions)
        self.auto_passed: set[int] = set()
        """Indexes in the history of the decisions passed for a person (issue 59.3): ``undo``
        takes back their last decision of their own, not one the session took for them."""
        self.rest_of_line: dict[int, str] = {}
        """What a person's line of several moves still holds when the decision passed on
        (an ambush window, issue 59.8): an empty line plays it once the decision is back."""
        self.line_start: dict[int, int] = {}
        """Where a person's last line of several moves began in the history: ``undo``
        takes the whole line back, as it was typed (issue 59.4, 59.8)."""

    def completions(self) -> list[str]:
        """What Tab completes at the prompt: commands, table commands, the legal moves."""
        g = self.game
        words = [*COMMANDS, *self.table_commands]
        if g.outcome() is None:
            words += [g.format_action(a) for a in g.legal_actions()]
        return words

    # ----------------------------------------------------------------- output
    def say(self, text: str = "") -> None:
        if not self.quiet:
            typer.echo(text)

    def viewer(self) -> int | None:
        """Whose eyes the shared output uses: the only human, or all-seeing."""
        return self.humans[0] if len(self.humans) == 1 else None

    def report(self, player: int, text: str, events: list[Event], public: str | None) -> None:
        """Show a move and its events to whoever may see them."""
        g = self.game
        n = len(g.history)
        if len(self.humans) > 1 and g.hidden_information:
            for h in self.humans:
                move = text if h == player else (self.public_move(h, public) or "(hidden)")
                self.pending[h].append(self.entry(f"{n:>4}. {g.players[player]:<8} {move}", h, events))
            return
        viewer = self.viewer()
        move = text if viewer is None or viewer == player else (self.public_move(viewer, public) or "(hidden)")
        headline = f"{n:>4}. {g.players[player]:<8} {move}"
        if self.humans:
            for h in self.humans:  # shown at the next human decision, fitted to the screen
                self.pending[h].append(self.entry(headline, viewer, events))
            return
        self.say(headline)
        for e in g.events_for(viewer, events):
            self.say(f"        {e.text}")
        if self.board == "each" or (self.board_every and n % self.board_every == 0):
            self.say(g.render_compact(viewer, color=self.color))

    def entry(self, headline: str, viewer: int | None, events: list[Event]) -> Entry:
        """A decision as ``viewer`` may see it: its events and their summary both filtered
        through the game's view of that player, as ``last`` shows them. ``events`` are
        those of the step just played (its variants' own last step's, in the gate)."""

        def read(g: Game[Any]) -> tuple[tuple[str, ...], str]:
            seen = g.events_for(viewer, events if g is self.game else g.history[-1].events)
            return tuple(e.text for e in seen), g.summarize_events(seen)

        texts, summary = self.seen(viewer, "events", read)
        plain = getattr(self.game, "narration", None)  # Tank Chess: no "(TC-6.2, TC-6.3)" every turn
        if plain is not None:
            texts, summary = tuple(plain(text) for text in texts), plain(summary)
        return Entry(headline, texts, summary)

    def seen(self, viewer: int | None, part: str, build: Callable[[Game[Any]], T]) -> T:
        """``build(game)`` as shown to ``viewer``, through the core's gate for secrets
        (:func:`core.secrecy.shown`): in a hidden-information game a part that changes
        with what ``viewer`` may not see is refused. ``None`` (everything shown, no
        human seat or the game over) passes as it is."""
        return shown(self.game, viewer, part, build)

    def public_move(self, viewer: int, public: str | None) -> str | None:
        """The last move as every player reads it (``public``, asked before it was
        played), through the gate: a variant that plays other hidden choices reads its own."""
        return self.seen(viewer, "moves", lambda g: public if g is self.game or same_history(self.game, g)
                         else g.public_moves()[-1])

    # ------------------------------------------------------------------- loop
    def run(self) -> int:
        g = self.game
        from cli.scenario_label import scenario_label  # a user's scenario by its own name:

        scenario = scenario_label(self.header, g.scenario or self.ruleset.default_scenario)
        if self.seal is None:
            self.say(unbroken(f"{self.ruleset.title}: {scenario}, "
                              f"seed {self.seed}", screen_columns() - 1, f"seed {self.seed}"))
        else:
            sealed = "dice" if g.game_type.chance else "the computer players' seed"  # none to roll in Tank Chess
            self.say(unbroken(f"{self.ruleset.title}: {scenario}, {sealed} "
                              f"sealed by commitment {self.seal.commitment} (the seed is shown when the game "
                              "ends)", screen_columns() - 1))
        if g.history:
            self.say(f"resumed after {len(g.history)} decisions")
        self.say("seats: " + ", ".join(f"{g.players[p]}={k}" for p, k in self.kinds.items()))
        if self.humans:
            self.say("type 'help' for commands")
        try:
            self.recall_last()
            return self.play_on()
        except SecretLeakError:
            # Nothing more is shown: the game stops, saved, with the refusal as its error.
            self.save_if_asked(announce=False)
            raise

    def recall_last(self) -> None:
        """After a resume, ``last`` shows the record's last decision with all its events, as
        each person may see them (authoring tester 61.2: ``last`` said "(no moves yet)" over
        a resumed record of 14 decisions). A new game has none: nothing to recall."""
        from core.record import record_moves

        g = self.game
        if not g.history or not self.humans:
            return
        step, n = g.history[-1], len(g.history)
        text, public = record_moves(g, n - 1)[0], g.public_moves()[-1]
        secret = len(self.humans) > 1 and g.hidden_information
        for h in self.humans:
            viewer = h if secret else self.viewer()
            move = (text if viewer is None or viewer == step.player
                    else self.public_move(viewer, public) or "(hidden)")
            entry = self.entry(f"{n:>4}. {g.players[step.player]:<8} {move}", viewer, list(step.events))
            self.last_moves[h] = full_lines([entry], screen_columns())

    def play_on(self) -> int:
        """Decisions until the game ends (or ``--max-moves``), then :meth:`finish`."""
        g = self.game
        decisions = 0
        while g.outcome() is None:
            if self.s.max_moves is not None and decisions >= self.s.max_moves:
                break
            player = g.to_move()
            started = time.monotonic()
            if self.kinds[player] == HUMAN and self.pass_by_itself(player):
                pass  # a decision like any other: counted, clocked, saved below
            elif self.kinds[player] == HUMAN:
                stop = self.human_turn(player)
                if stop is not None:
                    self.save_if_asked()
                    return stop
            else:
                action = self.think(player)
                text = g.format_action(action)
                public = g.public_action_text(action)
                events = g.apply(action)
                self.report(player, text + g.annotation(events), events, public)
            decisions += 1
            if self.clock_left is not None and g.outcome() is None:
                self.clock_left[player] -= time.monotonic() - started
                if self.clock_left[player] <= 0:
                    g.forfeit(player, Termination.TIME)
            # on disk before the next prompt or the next computer move (issues 27.5, 61.1)
            self.autosave()
        return self.finish()

    def auto_passing(self) -> bool:
        """Whether a no-choice phase passes by itself: as asked (``--auto-pass`` /
        ``--no-auto-pass``), else only when a person types at a terminal. Lines from a pipe
        or a file were written for every decision, an explicit ``pass`` included: taking
        one of them away would shift every line after it onto the wrong decision."""
        if self.s.auto_pass is not None:
            return self.s.auto_pass
        return is_terminal(self.s.stdin)

    def no_choice(self, player: int) -> str | None:
        """The move to play for ``player`` now, when auto-pass is on and their only legal
        move ends the phase (read through the gate for secrets, as ``moves`` lists them)."""
        if not self.auto_passing() or self.game.outcome() is not None or self.game.to_move() != player:
            return None
        return self.seen(player, "move list", no_choice_end)

    def pass_by_itself(self, player: int) -> bool:
        """Issue 59.3: a decision whose only legal move ends the phase (Duel of the Giants'
        ``end``, Battle of Tanks' ``pass``) is played for the person, as the browser table
        does, with one line saying so; it is recorded as that seat's decision like any
        other. ``True`` when it was played.

        Whether there is a choice is read through the gate for secrets, from the seat's own
        legal moves (as ``moves`` lists them). In hot-seat play with secrets the line waits
        with the seat's other unseen moves for its next prompt, after the handover, instead
        of being printed to whoever sits at the terminal now; otherwise it is printed at
        once, after the moves not yet shown (the computer's, then this one)."""
        end = self.no_choice(player)
        if end is None:
            return False
        g = self.game
        decision = g.decision()
        action = g.parse_action(end)
        public = g.public_action_text(action)
        events = g.apply(action)
        self.auto_passed.add(len(g.history) - 1)
        self.report(player, end + g.annotation(events), events, public)
        line = no_choice_line(decision, end)
        if len(self.humans) > 1 and g.hidden_information:
            self.pending[player].append(Entry(line, (), ""))
        else:  # after the moves it follows, as a typed move is narrated (issue 59.4)
            self.show_own_results(player)
            typer.echo(line)
        return True

    def think(self, player: int) -> Any:
        """The computer's choice, with a spinner saying who thinks about what (terminal only)."""
        from cli.spinner import thinking

        g = self.game
        text = f"{g.players[player]} ({self.kinds[player]}) is thinking: {g.decision()}"
        if self.quiet:
            return self.agent(player).choose(g)
        with thinking(text):
            return self.agent(player).choose(g)

    def agent(self, player: int, purpose: str = "computer") -> Agent:
        """The computer player of ``player``'s seat for the decision at hand. Its
        randomness is its own stream (``purpose`` names it), keyed by
        the seed, the seat and the decision's number: after an undo the same
        decision draws the same choice (issue 26.4), and it never reads the
        game's dice or another side's secrets."""
        from core.ai import make_agent

        kind = self.kinds[player]
        seed = decision_seed(self.seed, purpose, player, len(self.game.history))
        return make_agent(kind, seed=seed, think=self.s.think)

    def hint_lines(self, player: int) -> list[str]:
        """The search's three best moves with its estimates, from ``player``'s view only
        (issue 28.5), seeded as the computer's choices are (the same after an undo), and
        through the gate for secrets: a variant of the game must be advised alike."""
        from cli.hint import hint_for, terminal_hint

        seed = decision_seed(self.seed, "hint", player, len(self.game.history))
        return self.seen(player, "hint", lambda g: terminal_hint(g, hint_for(g, seed), screen_columns()))

    def finish(self) -> int:
        g = self.game
        outcome = g.outcome()
        saved = self.save_if_asked(announce=False)
        if self.s.json_out:
            shown = self.seal is None or outcome is not None
            typer.echo(json.dumps({
                "ruleset": self.ruleset.id,
                "scenario": g.scenario,
                "seed": normal_seed(self.seed) if shown else None,
                "commitment": self.seal.commitment if self.seal is not None else None,
                "salt": self.seal.salt if self.seal is not None and shown else None,
                "moves": len(g.history),
                "outcome": None if outcome is None else {
                    "winners": [g.players[p] for p in outcome.winners],
                    "reason": outcome.reason,
                    "termination": outcome.termination.value,
                    "score": list(outcome.score) if outcome.score else None,
                },
            }))
            return 0
        if self.humans:  # the moves since the last human decision, in full
            self.show_moves(self.last_human if self.last_human is not None else self.humans[0])
        if self.board in ("end", "each", "every") or self.humans:
            # a game hiding nothing keeps the seat's side of the board (``seat_view_at_end``)
            eye = None if outcome is not None and not getattr(g, "seat_view_at_end", False) else self.viewer()
            self.say(self.seen(eye, "board", lambda v: end_board(v, eye, self.color)))
        if outcome is None:
            self.say(f"Result: unfinished after {len(g.history)} moves")
        else:
            who = ", ".join(g.players[p] for p in outcome.winners) or "draw"
            score = ("; score " + ", ".join(f"{g.players[p]} {x:g}" for p, x in enumerate(outcome.score))
                     if outcome.score else "")
            if self.seal is not None:
                self.say(unbroken(f"The seed was {seed_text(self.seal.seed)}, salt {self.seal.salt}: with the "
                                  f"commitment {self.seal.commitment} shown at the start, "
                                  "'tanktable replay --verify' on the record checks "
                                  + ("every roll" if g.game_type.chance else "it"),
                                  screen_columns() - 1, "'tanktable replay --verify'"))
            self.say(f"Result: {who} -- {outcome.reason}{score}")
        if saved is not None:
            self.say(saved_at_words(saved, outcome is not None, screen_columns() - 1))
        return 0

    def record(self) -> RecordFile:
        """The record of the game as it stands, clocks included."""
        from core.record import RecordClock, record_of

        seats = {self.game.players[p]: k for p, k in self.kinds.items()}
        clock = None
        if self.clock_start is not None and self.clock_left is not None:
            clock = RecordClock(seconds=self.clock_start, left={
                self.game.players[p]: round(max(0.0, t), 3) for p, t in self.clock_left.items()})
        return record_of(self.header, self.game, seats, clock, self.record_text.moves(self.game))

    def autosave(self) -> None:
        """Rewrite the game's record after a decision, so that nothing played is ever lost
        (issue 61.1): every decision, a person's or a computer's, in every ruleset and
        in hot-seat play, is on disk before the next prompt or the next computer move,
        and a ``kill -9`` loses none.

        The record is rewritten whole and atomically each time; :class:`cli.autosave.RecordText`
        keeps that cheap (a millisecond or two a write, for 450 decisions as for 3,450).
        Nothing is written when the record on disk already holds the game as it stands.
        """
        if self.s.record is None or self.nothing_to_keep() or not self.unsaved():
            return
        self.save_record_file()

    def state(self) -> tuple[int, object, object]:
        """What the record of the game depends on besides the clocks: the steps and the outcome."""
        g = self.game
        return len(g.history), g.history[-1] if g.history else None, g.outcome()

    def unsaved(self) -> bool:
        """Whether the game has changed (a decision, an undo, an ending) since its record was
        written. The last step is compared by identity: after an undo, the same move played
        again on another line of play is a new step."""
        if self.saved_state is None:
            return True
        length, last, outcome = self.state()
        was_length, was_last, was_outcome = self.saved_state
        return length != was_length or last is not was_last or outcome != was_outcome

    def save_record_file(self) -> Path:
        """Write the game's record; a file changed by something else since this game
        last wrote it is left alone, and the game goes on in a new file of the games folder."""
        from cli.record_target import RecordGuard
        from cli.stopping import held
        from core.record import write_text_atomic

        assert self.s.record is not None
        if self.guard is None:
            self.guard = RecordGuard(self.s.record)
        if self.guard.changed():
            from cli.autosave import new_game_path

            new = new_game_path(self.ruleset.id)
            typer.echo(f"{self.s.record} was changed by something else since this game saved it; "
                       f"it is left as it is, and the game is saved in {new} from now on", err=True)
            self.s.record, self.auto_record, self.guard = new, False, RecordGuard(new)
        with held():  # a stop now would find the file unlike the one this game remembers
            write_text_atomic(self.record_text.text(self.record()), self.s.record, kind="record")
            self.guard.saved()
            self.saved_state = self.state()
        return self.s.record

    def save_if_asked(self, path: Path | None = None, announce: bool = True) -> Path | None:
        """Save to ``path``, else to the game's record (``--record`` or the games folder);
        where it was saved (``None``: nowhere to save, or nothing played yet for the games folder).
        ``announce``: say where the record went, or that nothing played was kept."""
        if path is None:
            if self.s.record is None:
                return None
            if self.nothing_to_keep():
                if announce:
                    self.say("nothing played yet: no game saved")
                return None
            target = self.save_record_file()
        else:
            from core.record import save_record

            save_record(self.record(), path)
            target = path
        if path is not None:
            self.say(f"saved {target}")
        elif announce:
            self.say(saved_at_words(target, self.game.outcome() is not None, screen_columns() - 1))
        return target

    def nothing_to_keep(self) -> bool:
        """A game for the games folder that was quit before any decision leaves no file there."""
        return self.auto_record and not self.game.history and self.game.outcome() is None

    def save_as(self, path: Path) -> None:
        """``save FILE``: asks before it replaces another game's record (issue 27.4), and
        in hot-seat play with secrets before it writes a file that holds both sides'
        (issue 61.3): the record holds every hidden set-up and plan, and a file
        handed on or left behind shows the other side's to whoever opens it."""
        from cli.record_target import describe

        held = describe(path)
        own = self.s.record is not None and path.resolve() == self.s.record.resolve()
        if own:  # the game's own record: written as after every decision
            self.say(f"saved {self.save_record_file()}")
            return
        if self.both_sides_secrets() and not self.confirm(
                f"{path} will hold both sides' secrets (every hidden set-up and plan"
                f"{', and the seed that foretells the dice' if self.seal is not None else ''}): "
                "whoever opens it sees them. Save it? [y/N] "):
            typer.echo("not saved")
            return
        if held is not None and held.record \
                and not self.confirm(f"{path} holds {held}; replace it? [y/N] "):
            typer.echo("not saved")
            return
        self.save_if_asked(path)

    def both_sides_secrets(self) -> bool:
        """Hot-seat play (more than one person) in a game with hidden information, not over:
        a saved record holds what each person must not see of the other's."""
        return len(self.humans) > 1 and self.game.hidden_information and self.game.outcome() is None

    def save_position(self, player: int, path: Path) -> None:
        """``save position FILE``: the position as a document; never another human's secrets."""
        g = self.game
        if g.hidden_information and any(h != player for h in self.humans):
            raise TanktableError("a position holds every secret of the game; with another person "
                                 "at the table it is not saved (save FILE saves the record)")
        from core.record import dump_yaml, write_text_atomic
        from core.schema import with_modeline

        # with the editor's schema line on top, as the templates have it
        write_text_atomic(with_modeline(dump_yaml(dict(g.position()))), path, "position")
        typer.echo(f"saved position {path}")

    def handover(self, player: int) -> None:
        """Hot-seat with secrets: clear the screen and wait for the right player."""
        g = self.game
        if len(self.humans) > 1 and g.hidden_information and self.last_human != player:
            clear_screen()
            self.shown.pop(player, None)
            self.prompt.forget()
            typer.echo(f"=== pass the terminal to {g.players[player]}; press Enter when ready ===")
            self.prompt.read("", remember=False)
            clear_screen()
        self.last_human = player

    def show_board(self, player: int, again: bool = False) -> None:
        """The moves not yet seen and the compact board for a decision (the full one
        is ``board``); the board is not drawn again while unchanged on this
        player's screen, unless ``again``."""
        text = self.seen(player, "compact board", lambda g: g.render_compact(player, color=self.color))
        board = again or self.shown.get(player) != text
        above = len(fit(self.shown_early.get(player, []), screen_columns(), self.own_room(player)))
        # The prompt takes a line, and the Enter that answers it another: keep both in view.
        self.show_moves(player, room=screen_lines() - 2 - above - (text.count("\n") + 1 if board else 0))
        if board:
            typer.echo(text)
        self.shown[player] = text

    def own_room(self, player: int) -> int:
        """Lines for a person's own decisions shown before the computer's reply: half
        of what the prompt, its answer and the board last drawn leave on the screen
        (the reply gets the other half); at least one, its compact line."""
        board = self.shown.get(player)
        left = screen_lines() - 4 - (board.count("\n") + 1 if board else 0)
        return max(1, left // 2)

    def show_moves(self, player: int, room: int | None = None) -> None:
        """The moves this player has not seen yet, in at most ``room`` lines.

        Lines are wrapped to the screen's width. When the moves and their
        events would push the board off the screen, each move takes one line
        with its results, and moves without results fold first
        (:func:`cli.recent_results.fit`); ``last`` prints everything, the
        player's own moves shown before the reply included.
        """
        entries, self.pending[player] = self.pending.get(player, []), []
        early, self.shown_early[player] = self.shown_early.get(player, []), []
        if not entries:
            if early:
                self.last_moves[player] = full_lines(early, screen_columns())
            return
        width = screen_columns()
        self.last_moves[player] = full_lines([*early, *entries], width)
        for line in fit(entries, width, room):
            typer.echo(line)

    def show_own_results(self, player: int) -> None:
        """A person's own moves, shown at once when the computer decides next (issue 27.13):
        their dice and damage come before the reply, not folded behind it."""
        entries, self.pending[player] = self.pending.get(player, []), []
        if not entries:
            return
        self.shown_early[player] = [*self.shown_early.get(player, []), *entries]
        # narrated as the computer's reply is (issue 59.4), in what the board leaves
        for line in fit(entries, screen_columns(), self.own_room(player)):
            typer.echo(line)

    def human_turn(self, player: int) -> int | None:
        """Read commands until a legal move is made (``None``), or the person stops: the
        exit code then, 0 for ``quit`` (asked for, not a failure), 1 for an end of input
        before the game's end (a moves file that ran out)."""
        g = self.game
        self.handover(player)
        self.show_board(player)
        while True:
            if g.outcome() is not None:
                return None
            clock = ""
            if self.clock_left is not None:
                left = max(0, int(self.clock_left[player]))
                clock = f" [{left // 60}:{left % 60:02d} left]"
            dropped = refused_rest(g, player, self.rest_of_line[player]) if self.rest_of_line.get(player) else None
            if dropped is not None:  # e.g. the window's shots destroyed its target
                typer.echo(f"the rest of your line, {self.rest_of_line.pop(player)}, is not played: {dropped}")
            if self.rest_of_line.get(player):
                typer.echo(f"the rest of your line: {self.rest_of_line[player]}  (Enter plays it)")
            before, prompt = fit_prompt(f"{g.players[player]}{clock} -- {g.decision()}> ", screen_columns())
            for text in before:
                typer.echo(text)
            line = self.prompt.read(prompt)
            if line is None:
                typer.echo("end of input: stopping")
                return 1
            refused = too_long(line)
            if refused is not None:
                typer.echo(refused)
                continue
            line = line.strip() or self.rest_of_line.get(player, "")
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            try:
                if word in ("help", "?"):
                    typer.echo(HELP)
                    for command in self.table_commands.values():
                        # as HELP lays out its own commands, wrapped to the screen (not mid-word)
                        short = len(command.usage) < 16
                        if not short:
                            typer.echo(f"  {command.usage}")
                        said = f"  {command.usage:<15} {command.summary}" if short else command.summary
                        typer.echo("\n".join(wrap(said, screen_columns() - 1, 0 if short else 18, 18)))
                    if g.notation_help:
                        typer.echo(g.notation_help)
                elif word == "moves":
                    self.list_moves(rest.strip())
                    self.order_drives(player, rest.strip())
                elif word == "clear" and not rest.strip():  # playtest of issue 59: "cannot read 'clear'"
                    clear_screen()
                    self.show_board(player, again=True)
                elif word == "last":
                    for shown in self.last_moves.get(player, []) or ["(no moves yet)"]:
                        typer.echo(shown)
                elif word == "board":
                    typer.echo(self.seen(player, "board", lambda v: v.render(player, color=self.color)))
                elif word == "card":
                    name = rest.strip()
                    typer.echo(self.seen(player, "card", partial(_card, name=name, player=player))
                               if name else "usage: card NAME")
                elif word == "hint":
                    from cli.spinner import thinking

                    with thinking(f"hint for {g.players[player]}: searching"):  # issue 59.3: it shows it thinks
                        lines = self.hint_lines(player)
                    for line in lines:
                        typer.echo(line)
                elif word == "undo":
                    took = self.undo(player)
                    self.autosave()  # a kill now must not bring the move back
                    self.show_board(player, again=True)
                    typer.echo(took)  # issue 59.4: what it took back, under the board
                elif word == "save":
                    what, _, name = rest.strip().partition(" ")
                    if what == "position" and name.strip():
                        self.save_position(player, Path(name.strip()))
                    elif not rest.strip() or what == "position":
                        typer.echo("usage: save FILE  or  save position FILE")
                    else:
                        self.save_as(Path(rest.strip()))
                elif word == "resign":
                    if self.confirm(f"{g.players[player]}: resign the game? [y/N] "):
                        g.forfeit(player, Termination.RESIGNATION)
                        return None
                    typer.echo("not resigned: play on")
                elif word == "draw":
                    if self.offer_draw(player):
                        return None
                elif word in ("quit", "exit"):
                    return 0
                elif word in self.table_commands:
                    answer = partial(_answer, command=self.table_commands[word], player=player,
                                     asked=rest.strip())
                    typer.echo(at_words(self.seen(player, word, answer), screen_columns() - 1))
                else:
                    self.rest_of_line.pop(player, None)  # a move typed: the line's rest is dropped
                    self.try_move(player, line)
                    if g.history and g.history[-1].player == player and (
                        g.outcome() is not None or g.to_move() != player or self.no_choice(player)
                    ):
                        return None  # play_on saves it (and passes a next phase with no choice)
                    self.autosave()  # the same side decides again: on disk before its next prompt
            except NotationError as exc:
                text = str(exc)  # at words: the terminal cut "(leave the board)" after its "("
                typer.echo(at_words(text if text.startswith("cannot read") else
                                    f"cannot read '{shown_input(line)}': {text}", screen_columns() - 1))
            except SecretLeakError:
                raise  # a ruleset's bug: the session stops (see run)
            except TanktableError as exc:
                typer.echo(at_words(f"{exc}", screen_columns() - 1))  # not "(BT" and "-5.1)" on two lines

    def confirm(self, question: str) -> bool:
        """Ask a yes/no question on the terminal; only ``y``/``yes`` is yes (end of input: no)."""
        answer = self.prompt.read(question, remember=False)
        return (answer or "").strip().lower() in ("y", "yes")

    def offer_draw(self, player: int) -> bool:
        """``draw``: every other seat accepts or declines; True when the game ended drawn.

        Whether the rules allow a draw by agreement is the ruleset's to say
        (e.g. Tank Chess ``draw.agreement``, TC-7.4): its ``agree_draw`` is
        tried on a copy first, so a refused offer asks nobody.
        """
        g = self.game
        g.clone().agree_draw()  # raises TanktableError where the rules allow no agreed draw
        name = g.players[player]
        if not self.confirm(f"{name}: offer a draw? [y/N] "):
            typer.echo("no draw offered: play on")
            return False
        for other in range(len(g.players)):
            if other == player:
                continue
            if self.kinds[other] == HUMAN:
                accepted = self.confirm(f"{name} offers a draw. {g.players[other]}, do you accept? [y/N] ")
            else:
                accepted = self.computer_accepts_draw(other)
            if not accepted:
                typer.echo(f"{g.players[other]} declines the draw: play on")
                return False
            typer.echo(f"{g.players[other]} accepts the draw")
        g.agree_draw()
        return True

    def computer_accepts_draw(self, player: int) -> bool:
        """A computer seat takes a draw when it judges its position no better than even.

        It judges what it may see: a hidden-information game is first filled
        in consistently with its own knowledge (``determinize``).
        """
        g = self.game
        judged = g.determinize(player, decision_seed(self.seed, "draw", player, len(g.history)))
        return judged.evaluate(player) <= DRAW_ACCEPTED_AT

    def try_move(self, player: int, text: str) -> None:
        g = self.game
        split = getattr(g, "split_line", None)  # issue 59.8: an order with its path or targets
        parts: list[str] | None = split(text) if split is not None else None
        if not parts or len(parts) < 2:
            if self.play_one(player, text, True):
                self.line_start.pop(player, None)  # a move of its own: undo takes back just it
            return
        refused = refused_part(g, player, parts)
        if refused is not None:
            typer.echo(at_words(f"illegal: {refused}; nothing of the line was played", screen_columns() - 1))
            self.say_mended(text)
            return
        self.line_start[player] = len(g.history)
        for i, part in enumerate(parts):
            if i and (g.outcome() is not None or g.to_move() != player):
                self.rest_of_line[player] = " ".join(parts[i:])
                typer.echo(f"not played yet, the decision has passed on: {self.rest_of_line[player]} "
                           "(when it is back, Enter plays it)")
                return
            if not self.play_one(player, part, i == len(parts) - 1):
                return

    def play_one(self, player: int, text: str, last: bool) -> bool:
        """Play one move typed by ``player``; ``False`` (with the reason shown) when refused."""
        g = self.game
        action = parse_move(g, text)
        illegal = g.check(action)
        if illegal is not None:
            typer.echo(at_words(f"illegal: {illegal}", screen_columns() - 1))
            self.say_mended(text)
            return False
        public = g.public_action_text(action)
        events = g.apply(action)
        self.report(player, g.format_action(action) + g.annotation(events), events, public)
        if g.outcome() is None and g.to_move() == player:
            if last:
                self.show_board(player)
        elif g.outcome() is None and self.kinds[g.to_move()] != HUMAN:
            self.show_own_results(player)
        return True

    def say_mended(self, text: str) -> None:
        """Battle of Tanks (playtest of issue 59: drives were refused by 1.6 cm, or a wall,
        and the player gave up): under a refused drive, the nearest one the rules accept,
        as a line to paste (a game's ``mend_line``)."""
        mend = getattr(self.game, "mend_line", None)
        mended = mend(text) if mend is not None else None
        if mended:
            typer.echo(at_words(f"nearest legal: {mended}", screen_columns() - 1))

    def order_drives(self, player: int, needle: str) -> None:
        """Battle of Tanks (playtest of issue 59: a tank's drives were listed only once
        its order was given): ``moves amx#1`` while an order is due adds each drive
        order's drives (the game's ``drives`` command; ``moves amx#1 attack`` lists them)."""
        command = self.table_commands.get("drives")
        if command is None or getattr(self.game, "phase", None) != "order":
            return
        if not needle:
            example = next((w for w in self.game.format_action(self.game.legal_actions()[0]).split()[:1]), "TANK")
            typer.echo(f"('moves {example}' adds {example}'s drives under each order, before you give it)")
            return
        answer = partial(_answer, command=command, player=player, asked=needle)
        try:
            said = self.seen(player, "drives", answer)
        except TanktableError:
            return  # the filter names no tank: the list above is the answer
        typer.echo(at_words(said, screen_columns() - 1))

    def list_moves(self, needle: str) -> None:
        # 'safe' among the words keeps the moves the game calls safe by their notes (Tank Chess:
        # no tank of the mover's in the enemy's fire); the other words filter as ever
        safe = getattr(self.game, "safe_note", None)
        safe_only = safe is not None and "safe" in needle.lower().split()
        if safe_only:
            needle = " ".join(w for w in needle.split() if w.lower() != "safe")
        keep = move_filter(needle) if needle else None

        def listed(g: Game[Any]) -> list[tuple[str, str]]:
            legal = g.legal_actions()
            notes = g.describe_actions(legal)
            merged = getattr(g, "move_lines", None)  # issue 59.6: a line per destination (Tank Chess)
            if merged is not None:
                kept = [(a, n) for a, n in zip(legal, notes, strict=True)
                        if (keep is None or keep.search(g.format_action(a) + (f"  ({n})" if n else "")))
                        and (safe is None or not safe_only or safe(n))]
                self.listed_count = len(kept)
                return list(merged([a for a, _ in kept], [n for _, n in kept]))
            return [(g.group_of(a, n), g.format_action(a) + (f"  ({n})" if n else ""))
                    for a, n in zip(legal, notes, strict=True)]

        self.listed_count = -1
        every = self.seen(self.game.to_move(), "move list", listed)
        # a filter reads the move, not its note (a tank's name finds its orders, not every
        # note that mentions it); the notes only when no move names it, and then it says so
        rows = [(heading, text) for heading, text in every if keep is None or self.listed_count >= 0
                or keep.search(text.split("  (", 1)[0])]
        if keep is not None and self.listed_count < 0 and not rows:
            rows = [(heading, text) for heading, text in every if keep.search(text)]
            if rows:
                typer.echo(f"no move names '{needle}'; these mention it in their notes:")
        groups: dict[str, list[str]] = {}
        for heading, text in rows:
            groups.setdefault(heading, []).append(text)
        alone = groups.pop("", [])
        said = getattr(self.game, "move_lines_said", None)  # what merged lines are, if not destinations
        counted = f"{len(rows)} move(s)" if self.listed_count < 0 else (
            f"{self.listed_count} move(s)" if said and len(rows) == self.listed_count else
            f"{self.listed_count} move(s) {said}" if said else
            f"{self.listed_count} move(s) to {len(rows)} destination(s)")
        if len(rows) > GROUP_ABOVE and len(groups) > 1 and len(groups) + len(alone) < len(rows) / 2:
            width = screen_columns() - 1
            lines = pack(alone, width, "  ", "  ") if alone else []
            for heading, texts in groups.items():
                lines += pack(texts, width, f"  {heading} ({len(texts)}): ", " " * 6)
            if self.listed_count >= 0:  # a line per destination: each wrapped at words, never side by side
                lines = [line for texts in groups.values() for text in texts for line in wrap(text, width, 2, 6)]
            if len(lines) > screen_lines() - 3:  # a line per group, so the list fits the screen
                lines = pack(alone, width, "  ", "  ") if alone else []
                if self.listed_count >= 0:  # issue 59.6: a tank's destinations, marked, not its first moves
                    lines += [first_line([destination_mark(heading, t) for t in texts], width,
                                         f"  {heading} ({len(texts)} square{'s' if len(texts) != 1 else ''}): ", "", " ")
                              for heading, texts in groups.items()]
                    typer.echo("\n".join(wrap(f"{self.listed_count} {'safe ' if safe_only else ''}moves to {len(rows)} squares: 'moves d2' "
                                               "lists one tank's, 'moves x' every shot", width)))
                    typer.echo("\n".join(wrap(DESTINATION_MARKS, width, 2, 4)))
                    for line in lines:
                        typer.echo(line)
                    return
                lines += [first_line(texts, width, f"  {heading} ({len(texts)}): ", f"  ('moves {heading}')")
                          for heading, texts in groups.items()]
            typer.echo(f"{counted} in {len(groups)} groups ('moves FILTER' shows one)")
            for line in lines:
                typer.echo(line)
            return
        texts = [text for _, text in rows]
        if not texts and (needle or safe_only):
            meaning = getattr(self.game, "empty_filter_text", None)  # 'x' finding nothing: no shot now
            said = (f"no safe move matches '{needle.strip()}' ('moves {needle.strip()}' lists them all)"
                    if safe_only and needle else meaning("safe" if safe_only else needle)
                    if meaning is not None else None)
            typer.echo(at_words(said or f"no legal move matches '{needle.strip()}'", screen_columns() - 1))
            return
        typer.echo(counted)
        cell = max([22, *(len(t) for t in texts)])
        per_line = max(1, (screen_columns() - 2 + 3) // (cell + 3))  # fits the terminal's width
        if per_line == 1 and getattr(self.game, "notes_below", False):
            # a line too long for the screen: its move alone (to paste), the note under it
            for text in texts:
                move, _, note = text.partition("  (")
                fits = len(text) + 2 < screen_columns() or not note
                typer.echo(f"  {text}" if fits else "\n".join([f"  {move}", *wrap(f"({note}", screen_columns() - 1, 6, 7)]))
            return
        if per_line == 1:  # a long line alone, wrapped at words; the short ones side by side between
            width = screen_columns() - 1
            half = (width - 2 - 3) // 2
            cell = max([0, *(len(t) for t in texts if len(t) <= half)])
            across = max(1, (width - 2 + 3) // (cell + 3)) if cell else 1
            run: list[str] = []
            for item in [*texts, None]:
                if item is not None and len(item) <= half:
                    run.append(item)
                    continue
                for i in range(0, len(run), across):
                    typer.echo("  " + "   ".join(f"{t:<{cell}}" for t in run[i:i + across]).rstrip())
                run = []
                if item is not None:
                    typer.echo("\n".join(wrap(item, width, 2, 6)))
            return
        for i in range(0, len(texts), per_line):
            typer.echo("  " + "   ".join(f"{t:<{cell}}" for t in texts[i:i + per_line]).rstrip())

    def undo(self, player: int) -> str:
        """Take back ``player``'s last decision and what followed it; the line saying
        what was taken back (issue 59.4: ``took back: MT e2-e4:N (and black's reply
        CLT i16-h16:SW)``), other players' decisions as every player reads them."""
        g = self.game
        mine = [i for i, st in enumerate(g.history) if st.player == player and i not in self.auto_passed]
        if not mine:
            raise TanktableError("nothing of yours to undo")
        across = g.game_type.undo_across_players
        cut = mine[-1]
        start = self.line_start.pop(player, None)
        if start is not None and start in mine and start <= cut:
            cut = start  # the whole line typed at once, not only its last part
        others = {st.player for st in g.history[cut:]} - {player}
        if others and (not across or any(self.kinds[o] == HUMAN for o in others)):
            raise TanktableError("cannot undo past another player's decision")
        steps = g.history[cut:]
        public = g.public_moves()[cut:] if others else []
        own = [g.format_action(st.action) for st in steps if st.player == player]
        tail = replies_tail(g.players, player, [(st.player, text) for st, text in zip(steps, public, strict=False)])
        g.undo_to(cut)
        self.auto_passed = {i for i in self.auto_passed if i < cut}
        self.rest_of_line.pop(player, None)
        return "took back: " + ", ".join(own) + tail


END_WORDS = ("end", "pass")
"""What the rulesets call the move that ends a phase with nothing (more) to do: Duel of
the Giants' ``end``, Battle of Tanks' ``pass``; a game may name its own in an
``end_words`` attribute (the browser table reads the same, cli/serve/seatview.py)."""


def let_pass(trial: Game[Any], player: int) -> None:
    """On a copy: the other sides let the moment pass (``pass``, ``end``) while the
    decision is theirs and they may, so a line of ``player``'s can be judged past an
    ambush window (issue 59.8)."""
    while trial.outcome() is None and trial.to_move() != player:
        word = no_choice_end(trial) or next(
            (text for a in trial.legal_actions()
             if (text := trial.format_action(a)) in getattr(trial, "end_words", END_WORDS)), None)
        if word is None:
            return
        trial.apply(trial.parse_action(word))


def refused_rest(game: Game[Any], player: int, rest: str) -> str | None:
    """Why the rest of a line an ambush window cut (issue 59.8) would be refused now that
    the decision is back with ``player``, or ``None``: the window's shots may have
    changed the table since the line was judged."""
    split = getattr(game, "split_line", None)
    parts = (split(rest) if split is not None else None) or [rest]
    try:
        return refused_part(game, player, parts)
    except TanktableError as exc:
        return str(exc).splitlines()[0]


def refused_part(game: Game[Any], player: int, parts: list[str]) -> str | None:
    """Why a line of several moves (an order with its path, issue 59.8) would be refused
    part-way, tried on a copy first, or ``None``: a line is played whole or not at all, so
    a refused path does not leave the order given and its tank stuck with it.

    Where the decision passes on part-way and the other side may let it pass (an
    ambush window: ``pass``), the copy lets it pass and judges the rest. Where it passes
    on otherwise (an ATTACK that drove to where it sees no target has no fire part: the
    next chit is drawn), the rest would never be played, so the line is refused. What the
    other side will really do in a window is not known: its rest is judged again then."""
    trial = game.clone()
    after = ""
    for i, part in enumerate(parts):
        if i:
            let_pass(trial, player)
        if i and (trial.outcome() is not None or trial.to_move() != player):
            return (f"{' '.join(parts[i:])} would not be played: after {parts[i - 1]}{after} the decision "
                    "passes on")
        action = parse_move(trial, part)
        illegal = trial.check(action)
        if illegal is not None:
            return f"{part}: {illegal}" if i else f"{illegal}"
        if i < len(parts) - 1:
            said = trial.summarize_events(trial.events_for(player, trial.apply(action)))
            after = f" ({said})" if said else ""
    return None


def end_board(game: Game[Any], eye: int | None, color: bool) -> str:
    """The board at a game's end: the full one (``board``), or where the game's compact
    board is the one that fits the screen (``compact_at_end``: Battle of Tanks' 5 cm map
    where the terminal has room, else 10 cm; its full board was 46 lines at 80x24), that."""
    if getattr(game, "compact_at_end", False):
        return game.render_compact(eye, color=color)
    return game.render(eye, color=color)


def no_choice_end(game: Game[Any]) -> str | None:
    """The move's text when the decision's only legal move ends the phase, else ``None``."""
    if game.outcome() is not None:
        return None
    legal = game.legal_actions()
    if len(legal) != 1:
        return None
    text = game.format_action(legal[0])
    words: tuple[str, ...] = getattr(game, "end_words", END_WORDS)
    return text if text in words else None


def no_choice_line(decision: str, end: str) -> str:
    """The one line a no-choice phase leaves: ``No choice in phase B2: activate wheel
    markers (DG-9.7): passed by itself (end).`` -- what was played, so a person who
    reads the log knows the decision was theirs and taken for them."""
    return f"No choice in {decision}: passed by itself ({end})."


def _card(game: Game[Any], name: str, player: int) -> str:
    """``card NAME`` at the prompt, read from ``game`` (or a variant of it, in the gate)."""
    return game.card_text(name, player)


def _answer(game: Game[Any], command: TableCommand, player: int, asked: str) -> str:
    """A table command's answer, read from ``game`` (or a variant of it, in the gate).

    Asked about a line of several moves where the game reads one (issue 59.8: ``preview
    lynx move 50,50`` while an order is due, where ``preview`` judges a drive), the
    answer is about the line's last part as it would stand after the others, played on
    a copy: nothing is played."""
    # Tank Chess's threats: at the terminal its map under the text board's own coordinates
    answer = getattr(command, "terminal_answer", None) or command.answer
    try:
        return answer(game, player, asked)
    except TanktableError:
        split = getattr(game, "split_line", None)
        parts = split(asked) if split is not None else None
        if not parts or len(parts) < 2:
            raise
    trial = game.clone()
    for part in parts[:-1]:
        action = trial.parse_action(part)
        illegal = trial.check(action)
        if illegal is not None:
            raise TanktableError(f"{part}: {illegal}")
        trial.apply(action)
        let_pass(trial, player)
    said = answer(trial, player, parts[-1])
    return f"after {' then '.join(parts[:-1])} (nothing is played):\n{said}"


def at_words(text: str, width: int) -> str:
    """A table command's answer with each line wider than the screen wrapped at words,
    under its own indent and two more: the terminal would cut ``preview stuka``'s or
    ``threats``' long lines in the middle of a word."""
    lines: list[str] = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        lines += [line] if len(line) <= width else wrap(line.strip(), width, indent, indent + 2)
    return "\n".join(lines)


DESTINATION_MARKS = "after a square: x a shot, + CHECK, ^ ESCAPE; in the enemy's fire: * every facing, ~ some"
"""The key of :func:`destination_mark` (issue 59.6)."""


def destination_mark(heading: str, line: str) -> str:
    """``k13x+*``: a destination from a move-list line (``MT m11-k13: N (+ CHECK, into
    fire: ...); N xk16 (...)``) with the signs of what may be done there: ``x`` a
    shot, ``+`` / ``^`` the CHECK / ESCAPE it announces (the record's signs, TC-9.3),
    ``*`` the enemy could shoot the tank there whatever its facing, ``~`` in some
    facings (issue 59.1)."""
    head, _, rest = line.partition(": ")
    square = head[len(heading):].lstrip("-")
    parts, depth, start = [], 0, 0  # the facings with one note each: '; ' outside parentheses
    for i, ch in enumerate(rest):
        depth += (ch == "(") - (ch == ")")
        if ch == ";" and depth == 0:
            parts.append(rest[start:i])
            start = i + 1
    parts.append(rest[start:])
    fire = sum("into fire" in part for part in parts)
    if parts[-1].lstrip().startswith("whatever the facing"):  # one danger note for them all (issue 59)
        fire = len(parts)
    return (square + ("x" if re.search(r"(?:^|\s)x[a-z]", rest) else "") + ("+" if "+ CHECK" in rest else "")
            + ("^" if "^ ESCAPE" in rest else "") + ("*" if fire == len(parts) else "~" if fire else ""))


GROUP_ABOVE = 40
"""A list of more moves than this is shown by group (the piece, where a program ends)."""


def move_filter(needle: str) -> re.Pattern[str]:
    """What ``moves FILTER`` keeps: the moves whose text contains ``needle``, any
    case, where a number in it is a whole number (``e1`` finds ``e1`` and
    ``e1-e3``, not ``e12``; ``1`` does not find ``10``) and one that starts
    with a word (two letters or more) starts a word: ``LT`` finds the Light Tanks,
    not the CLT, a kind of its own. A square keeps matching inside a shot (``e1``
    finds ``xe1``), ``x`` every shot, ``CHE`` every ``CHECK``."""
    text = needle.strip()
    before = r"(?<!\d)" if text[:1].isdigit() else r"(?<![^\W\d_])" if text[:2].isalpha() else ""
    after = r"(?!\d)" if text[-1:].isdigit() else ""
    return re.compile(before + re.escape(text) + after, re.IGNORECASE)


CLEAR_SCREEN = "\033[H\033[2J\033[3J"
"""Cursor home, erase the screen, erase the scrollback (``ESC[3J``): in hot-seat
play the other side must not scroll up to the secrets just shown."""


def screen_lines() -> int:
    """The terminal's height (24 when the output is not a terminal)."""
    import shutil

    return shutil.get_terminal_size((80, 24)).lines if is_terminal(sys.stdout) else 24


def screen_columns() -> int:
    """The terminal's width (80 when the output is not a terminal), at least 40."""
    import shutil

    return max(40, shutil.get_terminal_size((80, 24)).columns if is_terminal(sys.stdout) else 80)


def first_line(items: list[str], width: int, first: str, more: str, gap: str = "   ") -> str:
    """As many of ``items`` as fit one line after ``first``, then ``... +N`` and
    ``more`` when some are left out (at least one item is always shown)."""

    def line(shown: int) -> str:
        left = len(items) - shown
        return first + gap.join(items[:shown]) + (f"{gap}... +{left}{more}" if left else "")

    return next((line(k) for k in range(len(items), 1, -1) if len(line(k)) <= width), line(min(1, len(items))))


def pack(items: list[str], width: int, first: str, rest: str, gap: str = "   ") -> list[str]:
    """``items`` side by side in lines of at most ``width`` columns (an item is never
    split; one longer than a line has a line of its own), after ``first`` on the
    first line and ``rest`` on the others."""
    lines: list[str] = []
    line = first
    fresh = True
    for item in items:
        if not fresh and len(line) + len(gap) + len(item) > width:
            lines.append(line)
            line, fresh = rest, True
        line += item if fresh else gap + item
        fresh = False
    lines.append(line)
    return lines


def clear_screen() -> None:
    """Clear the screen and the scrollback of a terminal; nothing on a pipe or a file."""
    if is_terminal(sys.stdout):
        sys.stdout.write(CLEAR_SCREEN)
        sys.stdout.flush()


def run_play(s: PlaySettings) -> int:
    from cli.record_target import RecordGuard, settle_record
    from cli.stopping import Stopped, stop_on_signals

    if s.pick:
        from cli.autosave import choose_game
        from cli.prompt import Prompt

        prompt = Prompt(s.stdin, list)
        s.resume = choose_game(prompt.read, typer.echo, Prompt.interactive(s.stdin))
    session = start_session(s)
    s.record, session.auto_record = settle_record(s.record, s.resume, session.ruleset.id,
                                                  bool(session.humans))
    if s.record is not None:
        session.guard = RecordGuard(s.record)
    try:
        with stop_on_signals():
            return session.run()
    except (KeyboardInterrupt, Stopped) as exc:
        saved = session.save_if_asked(announce=False)
        why = "interrupted" if isinstance(exc, KeyboardInterrupt) else f"stopped ({exc.name})"
        typer.echo(f"\n{why}" + (f"; {saved_line(saved, False)}" if saved else ""), err=True)
        return exc.exit_code if isinstance(exc, Stopped) else 130
    except BrokenPipeError:
        # The reader went away (``tanktable play ... | head``): not an error of the game.
        # The record (if asked for) is kept; nothing more is written to the closed pipe.
        with contextlib.suppress(TanktableError):
            session.autosave()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception:
        # Whatever went wrong, the moves played so far are saved before the error is shown:
        # to --record, or (when none was named) to a new file in the working directory.
        try:
            if session.game.history:
                if s.record is not None:
                    target = session.save_record_file()
                else:
                    from core.record import save_record

                    target = rescue_path(session)
                    save_record(session.record(), target)
                typer.echo(f"the game so far is saved in {target} "
                           f"(tanktable play --resume {target} plays on)", err=True)
        except TanktableError as exc:
            typer.echo(f"could not save the game: {exc}", err=True)
        raise


def saved_line(path: Path, finished: bool) -> str:
    """What the player reads when the game stops: where it is, and how to play on."""
    if finished:
        return f"game saved in {path}"
    from cli.ruleset_arg import resume_command  # with a plugin's reference where one was given

    return f"game saved in {path}; to play on: {resume_command(path)}"


def saved_at_words(path: Path, finished: bool, width: int) -> str:
    """:func:`saved_line` as the screen shows it: one line where it fits, else where the
    file is and how to play on each on lines of their own, the path and the command never
    cut (a terminal cuts a long line mid-word, and a cut path cannot be pasted)."""
    line = saved_line(path, finished)
    if len(line) <= width:
        return line
    from cli.ruleset_arg import resume_command

    resume = resume_command(path)
    sentences = [f"game saved in {path}"] + ([] if finished else [f"to play on: {resume}"])
    return "\n".join(unbroken(s, width, str(path), resume) for s in sentences)


def unbroken(text: str, width: int, *whole: str) -> str:
    """``text`` wrapped at its spaces to ``width`` columns. A word is never cut, nor any of
    ``whole`` (a path, a seed, a command to paste, spaces and all): where one is wider than
    the screen it stands on a line of its own, for the terminal to fold and a copy to take
    whole. The terminal's own folding cuts mid-word: a digest or a path cut across lines by
    the program could not be pasted back."""
    import textwrap

    glue = "\x00"  # not a space to textwrap: a kept part's spaces hold it together
    for part in sorted(whole, key=len, reverse=True):
        text = text.replace(part, part.replace(" ", glue))
    lines = textwrap.wrap(text, max(1, width), break_long_words=False, break_on_hyphens=False)
    return "\n".join(line.replace(glue, " ") for line in lines)


def rescue_path(session: Session) -> Path:
    """A new file in the working directory for a game that ended in an error unsaved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(f"tanktable-{session.ruleset.id}-{stamp}.yaml")
    n = 1
    while path.exists():
        n += 1
        path = Path(f"tanktable-{session.ruleset.id}-{stamp}-{n}.yaml")
    return path


def start_session(s: PlaySettings) -> Session:
    """The game and its seats from a scenario, a position or a record to resume.

    Everything that can be wrong with the command line or the files it names
    is found here, before the first decision.
    """
    from core.commitment import SeedSeal
    from core.record import RecordClock, load_record, make_header, replay

    if s.resume is not None:
        if s.scenario is not None or s.position is not None:
            raise UsageError("--resume plays on from the record's own start; "
                             "it takes no --scenario or --position")
        if s.armies or s.players is not None or s.setup is not None or s.options:
            raise UsageError("--resume keeps the record's options; it takes no --army, --players, "
                             "--setup or --option")
        record, doc = load_record(s.resume)
        if s.ruleset is not None and s.ruleset != record.ruleset:
            raise UsageError(f"{s.resume} is a {record.ruleset} game, not {s.ruleset}")
        ruleset = get_ruleset(record.ruleset)
        game = replay(record, ruleset, doc, verify=False)
        if game.outcome() is not None:
            raise TanktableError(f"{s.resume}: the game is over ({game.outcome().reason}); "  # type: ignore[union-attr]
                                 "nothing to resume (tanktable replay shows it)")
        _check_resumed_seats(game, record, named_seats(s.seats))
        if s.record is None:
            s.record = s.resume  # the record keeps growing in place
        clock = record.clock
        if s.clock is not None:
            clock = RecordClock(seconds=clock_seconds(s, game) or 0.0)
        seal = None
        if record.commitment is not None and record.seed is not None and record.salt is not None:
            seal = SeedSeal(record.seed, record.salt)
        return Session(s, ruleset, game, record, record.seed or 0, clock, seal)
    if s.ruleset is None:
        raise UsageError("name the ruleset to play (tanktable play RULESET), or --resume a record")
    ruleset = get_ruleset(s.ruleset)
    seal = None if s.seed is not None else SeedSeal.fresh()
    seed = seal.seed if seal is not None else normal_seed(s.seed)  # type: ignore[arg-type]
    options = game_options(ruleset, armies=s.armies, players=s.players, setup=s.setup,
                           options=s.options)
    if s.position is not None:
        if s.scenario is not None:
            raise UsageError("--position sets the whole table; it takes no --scenario")
        from core.data import load_document

        doc = load_document(s.position)
        problems = ruleset.validate_document("position", doc)
        if problems:
            from core.errors import DataError

            raise DataError(problems)
        if options.flat():
            raise UsageError("a position carries its own options; give them in the file")
        game = ruleset.from_position(doc.data, seed)
        header = make_header(ruleset, None, seed, position=game.position(), seal=seal)
    else:
        game = ruleset.new_game(s.scenario, options, seed)
        header = make_header(ruleset, s.scenario, seed, seal=seal)
    seconds = clock_seconds(s, game)
    clock = RecordClock(seconds=seconds) if seconds is not None else None
    return Session(s, ruleset, game, header, seed, clock, seal)


def _check_resumed_seats(game: Game[Any], record: RecordFile, seats: dict[str, str]) -> None:
    """Hidden information: a computer's seat may not pass to a person on resume.

    The record holds the computer's secrets (its hidden set-up, its plans);
    the person taking its seat would see them. Seats played by people may go
    on with people or pass to the computer.
    """
    for side in seats:
        game.player_index(side)
    if not game.hidden_information:
        return
    for side, kind in seats.items():
        was = record.seats.get(side)
        if kind == HUMAN and was is not None and was != HUMAN:
            raise TanktableError(
                f"{side} was played by {was}; its hidden plans are in the record and would show "
                f"to a person taking the seat over (hidden information). Resume with "
                f"--seat {side}={was}, or another computer player")
