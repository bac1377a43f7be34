"""One game at the table: its seats, their secret links, and every decision
taken for a seat, each followed by saving the record.

A :class:`Table` is shared by the HTTP handlers (one per request, in worker
threads) and the computer worker, so every change happens under its lock and
bumps :attr:`Table.version`; whoever listens (the push streams) is told after
each change. Nothing here knows about HTTP: a refusal is a
:class:`~core.errors.TanktableError` or a :class:`Forbidden`, which the routes
turn into 4xx answers.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from cli.autosave import RecordText
from cli.undo_words import replies_tail
from core.errors import IllegalActionError, TanktableError
from core.game import Game, Ruleset, Termination
from core.record import RecordFile, record_of, sealed_record, write_text_atomic
from core.secrecy import shown
from core.streams import decision_seed, seed_text

HUMAN = "human"
SPECTATOR = "spectator"
HOTSEAT = "hotseat"

log = logging.getLogger("tanktable.serve")
T = TypeVar("T")


class Forbidden(TanktableError):
    """A link acted for a seat that is not its own (HTTP 403)."""


class SaveFailed(TanktableError):
    """The game's record could not be saved, so the change was taken back (HTTP 503):
    a decision counts only once it is on disk."""


@dataclass(frozen=True)
class Seat:
    """Who holds a link: one player, a spectator, or the hot-seat screen shared by
    every human seat of one browser (``player`` is then ``None``)."""

    role: str
    player: int | None = None


def resumed_version(record: RecordFile) -> int:
    """The version a game read back from its record starts at: past every version
    a page can have been sent before the server stopped. The record keeps the
    last one saved (``table_version``); a record without it (saved by ``tanktable
    play``, or before the field existed) counts its moves, each of which was a
    version of its own."""
    return max(record.table_version or 0, len(record.moves)) + 1


def new_token() -> str:
    """A secret for one link: 128 bits from :mod:`secrets`, URL-safe."""
    return secrets.token_urlsafe(16)


@dataclass
class Table:
    """A game being played in the browser (see the module docstring)."""

    id: str
    ruleset: Ruleset
    game: Game[Any]
    header: RecordFile
    kinds: dict[int, str]
    """Seat kind by player: ``human`` or a computer player's name."""
    path: Path
    tokens: dict[str, Seat] = field(default_factory=dict)
    public_moves: list[str | None] = field(default_factory=list)
    """Each history step as every player may read it (asked before it was applied)."""
    think: float = 1.0
    version: int = 0
    """Bumped at every change a page is sent; it never goes back, not even across a
    restart (:func:`resumed_version`, issue 29.10)."""
    thinking: int | None = None
    """The computer player thinking now, if any."""
    draw_offer: set[int] = field(default_factory=set)
    """Players who offer a draw; the game is drawn when every human seat does."""
    hotseat_ready: int | None = None
    """The human seat the hot-seat screen shows now (after its pass screen)."""
    notice: str = ""
    """The last thing said to everyone (a declined draw, an undo)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    pictures: dict[tuple[int, int | None], str | None] = field(default_factory=dict)
    """The SVG of the current version by viewer (``None``: everyone's, in a game
    without hidden information): drawn once for every link that is sent it."""
    listeners: list[Callable[[], None]] = field(default_factory=list)
    on_computer_turn: Callable[[Table], None] | None = None
    file_problem: str = ""
    """Why the game's record could not be saved the last time it was tried ("" once it is)."""
    links_problem: str = ""
    """Why the links file could not be read or written ("": it is fine)."""
    links_damaged: bool = False
    """The links file could not be read: it is left alone, and no link is made."""
    log_entries: dict[tuple[int, int], tuple[Any, ...]] = field(default_factory=dict, repr=False, compare=False)
    """Log entries as a viewer reads them, by (step number, viewer), each with the
    step, its public text and whether the game was over (see :mod:`cli.serve.seatview`)."""
    links_written: dict[str, dict[str, Any]] | None = field(default=None, repr=False, compare=False)
    """What this table last wrote to its links file (``None``: nothing yet)."""
    record_text: RecordText = field(default_factory=RecordText, repr=False, compare=False)
    """The record's text kept move by move: a save after a move formats only the new
    moves (issue 61.6), the bytes a whole write gives."""
    auto_passed: dict[int, str] = field(default_factory=dict, repr=False, compare=False)
    """History steps a person's seat passed by itself (issue 59.3: the game's
    ``forced_pass`` offered nothing but the end of the step), each with the decision it
    passed: the log says so to that seat, and ``undo`` takes back past them."""
    decided_in: dict[int, str] = field(default_factory=dict, repr=False, compare=False)
    """The decision each history step (played at this table) answered: the log says
    which step an ``end`` closed ("Soviet ends B2 (activate wheel markers)"; Duel of
    the Giants playtest of issues 58/59, where three lines read "Soviet end")."""

    # ------------------------------------------------------------- seats
    @property
    def humans(self) -> list[int]:
        return [p for p, k in self.kinds.items() if k == HUMAN]

    def seat_of(self, token: str) -> Seat | None:
        """The seat a link's token stands for (compared in constant time)."""
        found = None
        for known, seat in self.tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                found = seat
        return found

    def token_for(self, seat: Seat) -> str | None:
        for token, s in self.tokens.items():
            if s == seat:
                return token
        return None

    def ensure_tokens(self) -> bool:
        """One link per human seat, one for spectators, and one hot-seat link
        when more than one person plays at this table; True when any was made.

        Nothing is made while the links file is damaged (:attr:`links_damaged`):
        new links would silently replace the ones people hold.
        """
        if self.links_damaged:
            return False
        wanted = [Seat(HUMAN, p) for p in self.humans] + [Seat(SPECTATOR)]
        if len(self.humans) > 1:
            wanted.append(Seat(HOTSEAT))
        made = False
        for seat in wanted:
            if self.token_for(seat) is None:
                self.tokens[new_token()] = seat
                made = True
        return made

    def acting_player(self, seat: Seat) -> int:
        """The player a link acts for now; :class:`Forbidden` for a spectator,
        and for the hot-seat screen while the pass screen is up."""
        if seat.role == HUMAN and seat.player is not None:
            return seat.player
        if seat.role == HOTSEAT:
            g = self.game
            if g.outcome() is None and g.to_move() in self.humans and self.hotseat_ready == g.to_move():
                return g.to_move()
            raise Forbidden("pass the screen first: the next player confirms it is them")
        raise Forbidden("a spectator link cannot act")

    def viewer(self, seat: Seat) -> int:
        """Whose eyes a link sees with; a spectator sees only what is public (-1)."""
        if seat.role == HUMAN and seat.player is not None:
            return seat.player
        if seat.role == HOTSEAT and self.hotseat_ready is not None:
            return self.hotseat_ready
        return -1

    # --------------------------------------------------------- decisions
    def act(self, seat: Seat, text: str) -> list[str]:
        """Play the notation ``text`` for the seat's own player; its events' texts.

        Refused with :class:`Forbidden` for another seat's decision, with
        :class:`~core.errors.NotationError` or
        :class:`~core.errors.IllegalActionError` (with the rule ID) otherwise.
        """
        return self.play_text(seat, text)[0]

    def play_text(self, seat: Seat, text: str, version: int | None = None) -> tuple[list[str], str | None]:
        """:meth:`act`, and a line of several moves as the terminal reads it (issue 59.8:
        ``lynx attack 68.2,36.3 fire t34#2*10``, what a Battle of Tanks hint suggests):
        judged whole on a copy first by the terminal's own :func:`cli.play.refused_part`,
        so it is played whole or not at all. Where the decision passes on part-way (an
        ambush window the other side decides), what is left is not played and is said
        in the second item (``None`` otherwise), for the seat to send when it is back.

        ``version``: the table's version the page showed when the player decided (the
        browser sends it with a step's ``end``); a table that has moved on since refuses
        it, saying what is due now, so an end meant for one step never closes the next
        (Duel of the Giants playtest of issues 58/59: an E pressed as B2 passed by
        itself ended B3 with nothing moved)."""
        with self.lock:
            player = self.acting_player(seat)
            g = self.game
            if g.outcome() is not None:
                raise TanktableError("the game is over")
            if version is not None and version != self.version:
                raise TanktableError(f"not played: the decision changed before {text!r} arrived; it is now "
                                     f"{g.players[g.to_move()]}'s: {g.decision()}. Look, then decide again")
            if player != g.to_move():
                raise Forbidden(f"it is {g.players[g.to_move()]}'s decision ({g.decision()}), "
                                f"not {g.players[player]}'s")
            split = getattr(g, "split_line", None)
            parts: list[str] | None = split(text) if split is not None else None
            if parts and len(parts) > 1:
                return self._play_line(player, parts)
            return self._play_one(player, text), None

    def _play_one(self, player: int, text: str) -> list[str]:
        """One move; a line pasted from the terminal's ``hint`` or ``moves`` is read as
        the prompt reads it, its estimate and note set aside (issue 59.5)."""
        from cli.prompt import parse_move

        with self.lock:
            g = self.game
            action = parse_move(g, text)
            illegal = g.check(action)
            if illegal is not None:
                raise IllegalActionError(illegal.rule, illegal.reason)
            at = len(g.history)  # this move's step (steps that pass by themselves may follow it)
            events = self._commit(lambda: self._apply(action, player))

            def read(game: Game[Any]) -> list[str]:  # a variant reads its own step's
                mine = events if game is self.game else game.history[at].events
                return [e.text for e in game.events_for(player, mine)]

            return shown(self.game, player, "events", read)

    def _play_line(self, player: int, parts: list[str]) -> tuple[list[str], str | None]:
        """The parts of a line, each its own decision in the record, in one change (one
        save, one announcement); see :meth:`play_text`."""
        from cli.play import refused_part
        from cli.prompt import parse_move

        try:
            refused = refused_part(self.game, player, parts)
        except TanktableError as exc:  # a part that is no move (a misspelt target)
            refused = str(exc).splitlines()[0]
        if refused is not None:
            raise TanktableError(f"{refused}; nothing of the line was played")
        before = (self.game.clone(), list(self.public_moves))

        def play_parts() -> tuple[int, str | None]:
            g, played = self.game, 0
            try:
                for i, part in enumerate(parts):
                    if i and (g.outcome() is not None or g.to_move() != player):
                        return played, " ".join(parts[i:])
                    action = parse_move(g, part)
                    illegal = g.check(action)
                    if illegal is not None:
                        raise IllegalActionError(illegal.rule, f"{part}: {illegal.reason}; nothing of the line "
                                                               "was played")
                    self._apply(action, player)
                    played += 1
            except TanktableError:
                self.game, self.public_moves = before  # judged whole on a copy: not expected, but never half
                raise
            return played, None

        played, rest = self._commit(play_parts)

        def read(game: Game[Any]) -> list[str]:
            return [e.text for step in game.history[-played:] for e in game.events_for(player, step.events)]

        texts = shown(self.game, player, "events", read)
        if rest is None:
            return texts, None
        return texts, (f"not played yet, the decision has passed on: {rest} (when it is back, "
                       "send it from the move box)")

    def _apply(self, action: Any, player: int) -> list[Any]:
        g = self.game
        public = g.public_action_text(action)
        decision = g.decision()
        try:
            events = g.apply(action, player=player)
        except IllegalActionError as exc:
            if exc.rule == "TURN":
                raise Forbidden(str(exc)) from None
            raise
        self.public_moves.append(public)
        self.decided_in[len(g.history) - 1] = decision
        self.draw_offer.clear()
        self.notice = ""
        self._pass_forced()
        return events

    def _pass_forced(self) -> None:
        """A person's step with nothing to choose passes by itself (issue 59.3): while a
        human seat is to move and the game's ``forced_pass()`` names the one action left
        (Duel of the Giants: ``end`` alone), it is played for them, as a decision of
        theirs in the record, so a record or a replay stays exact."""
        forced = getattr(self.game, "forced_pass", None)
        for _ in range(100):  # a round's steps at most; never a loop without end
            g = self.game
            if forced is None or g.outcome() is not None or self.kinds.get(g.to_move(), HUMAN) != HUMAN:
                return
            action = forced()
            if action is None:
                return
            player, decision = g.to_move(), g.decision()
            self.public_moves.append(g.public_action_text(action))
            g.apply(action, player=player)
            self.auto_passed[len(g.history) - 1] = decision
            self.decided_in[len(g.history) - 1] = decision

    def computer_move(self, version: int, player: int, action: Any) -> bool:
        """Play a computer seat's choice, unless the game moved on while it thought."""
        with self.lock:
            self.thinking = None
            if version != self.version or self.game.outcome() is not None \
                    or self.game.to_move() != player:
                self.announce()
                return False
            self._commit(lambda: self._apply(action, player))
            return True

    def undo(self, seat: Seat) -> None:
        """Take back the seat's last decision and the computer replies after it.

        Refused past another person's decision, and where the ruleset allows a
        player to take back only his current decision (``undo_across_players``).
        """
        with self.lock:
            player = self.acting_player(seat)
            g = self.game
            mine = [i for i, st in enumerate(g.history) if st.player == player and i not in self.auto_passed]
            if not mine:
                raise TanktableError("nothing of yours to undo")
            cut = mine[-1]
            others = {st.player for st in g.history[cut:]} - {player}
            if others and (not g.game_type.undo_across_players or any(self.kinds[o] == HUMAN for o in others)):
                raise TanktableError("cannot undo past another player's decision")
            if g.outcome() is not None and g.outcome().termination.forced:  # type: ignore[union-attr]
                raise TanktableError("the game is over")

            def take_back() -> None:
                said = self._taken_back(player, cut)
                g.undo_to(cut)
                del self.public_moves[cut:]
                for i in [i for i in self.auto_passed if i >= cut]:
                    del self.auto_passed[i]
                for i in [i for i in self.decided_in if i >= cut]:
                    del self.decided_in[i]
                self.thinking = None
                self.notice = said

            self._commit(take_back)

    def _taken_back(self, player: int, cut: int) -> str:
        """What an undo from decision ``cut`` on takes back, as every seat may read it
        (issue 59.4: 'white took back MT e1-e3:N (and black's reply CLT i16-h16:SW)');
        the notice goes to every seat, so each decision is told by its public text, and a
        decision with none (a secret) only as 'a hidden decision'."""
        g = self.game
        steps = [(i, st, text) for i, (st, text) in
                 enumerate(zip(g.history[cut:], self.public_moves[cut:], strict=False), start=cut)
                 if i not in self.auto_passed]
        told = [text or "a hidden decision" for _, st, text in steps if st.player == player]
        return (f"{g.players[player]} took back " + ", ".join(told or ["a move"])
                + replies_tail(g.players, player, [(st.player, text) for _, st, text in steps]))

    def resign(self, seat: Seat) -> None:
        with self.lock:
            player = self.acting_player(seat)
            if self.game.outcome() is not None:
                raise TanktableError("the game is over")
            self._commit(lambda: self.game.forfeit(player, Termination.RESIGNATION))

    def offer_draw(self, seat: Seat, accept: bool = True) -> None:
        """Offer (or accept) a draw; declining withdraws every offer. A computer
        seat never agrees, so a draw needs every player to be a person."""
        with self.lock:
            player = self.acting_player(seat)
            g = self.game
            if g.outcome() is not None:
                raise TanktableError("the game is over")
            if not accept:
                self.draw_offer.clear()
                self.notice = f"{g.players[player]} declined the draw"
                self._announce_kept()
                return
            if any(k != HUMAN for k in self.kinds.values()):
                raise TanktableError("the computer plays on: a draw needs every seat to agree")

            def offer() -> None:
                self.draw_offer.add(player)
                if self.draw_offer >= set(self.humans):
                    self.game.agree_draw()
                    self.notice = "draw agreed"
                else:
                    self.notice = f"{g.players[player]} offers a draw"

            self._commit(offer)

    def pass_screen_ready(self, seat: Seat) -> None:
        """The hot-seat screen: the player to move says it is them; their view shows."""
        with self.lock:
            if seat.role != HOTSEAT:
                raise Forbidden("only the hot-seat link has a pass screen")
            g = self.game
            if g.outcome() is None and g.to_move() in self.humans:
                self.hotseat_ready = g.to_move()
            self._announce_kept()

    def hotseat_pass_due(self) -> int | None:
        """The human seat the hot-seat screen must pass to before it shows anything."""
        g = self.game
        if g.outcome() is not None or g.to_move() not in self.humans:
            return None
        return g.to_move() if g.to_move() != self.hotseat_ready else None

    # ------------------------------------------------------ bookkeeping
    def _commit(self, change: Callable[[], T]) -> T:
        """Make a change of the game and save it; only a saved change stands.

        If the record cannot be written (its file replaced by something else,
        the disk full, the folder gone), the game, the log and the offers go
        back to what they were, everyone is told what is wrong with the file
        (:attr:`file_problem`), and :class:`SaveFailed` says so to the caller:
        the same request, once the file is mended, plays the move.
        """
        before = (self.game.clone(), list(self.public_moves), set(self.draw_offer), self.notice,
                  self.hotseat_ready, self.thinking)
        result = change()
        try:
            self.save()
        except TanktableError as exc:
            (self.game, self.public_moves, self.draw_offer, self.notice, self.hotseat_ready,
             self.thinking) = before
            self.file_problem = (f"this game's file {self.path.name} cannot be saved: "
                                 f"{str(exc).replace(str(self.path), self.path.name)}")
            log.warning("game %s: %s", self.id, self.file_problem)
            self.announce()
            raise SaveFailed(f"not played: {self.file_problem}. The game is as it was; "
                             "once the file is mended or moved away, play again") from None
        self.file_problem = ""
        self.announce()
        return result

    def _announce_kept(self) -> None:
        """Announce a change that is not a decision (a pass screen, a declined
        offer) once the record keeps its version (issue 29.10). If the record
        cannot be written the change stands all the same: it is no move, and a
        page that saw it takes the server's state as it is when it reconnects."""
        try:
            self.save()
        except TanktableError as exc:
            log.warning("game %s: the version was not saved: %s", self.id, exc)
        self.announce()

    def announce(self) -> None:
        """A new version for everyone: tell the listeners, wake the computer.

        While the record cannot be saved the computer is not woken here (it
        would fail again at once); the worker tries again after a pause.
        """
        self.version += 1
        for listener in list(self.listeners):
            listener()
        if self.on_computer_turn is not None and self.computer_to_move() is not None \
                and self.thinking is None and not self.file_problem:
            self.on_computer_turn(self)

    def computer_to_move(self) -> int | None:
        g = self.game
        if g.outcome() is not None:
            return None
        p = g.to_move()
        return p if self.kinds.get(p, HUMAN) != HUMAN else None

    def seats_by_name(self) -> dict[str, str]:
        return {self.game.players[p]: k for p, k in self.kinds.items()}

    def record(self) -> RecordFile:
        return record_of(self.header, self.game, self.seats_by_name())

    def seat_record(self) -> RecordFile:
        """The record as a seat may download it: while the game runs, with the
        commitment to the seed but not the seed (it would foretell every roll)."""
        record = self.record()
        return record if self.game.outcome() is not None else sealed_record(record)

    def fairness(self) -> dict[str, str | bool | None]:
        """What every seat is shown of the dice: the commitment to the seed from the
        start, and the seed with its salt once the game is over (issue 26.2); ``chance``
        says whether the game rolls dice at all (without, the seed is only the computer
        players', and the page says so)."""
        over = self.game.outcome() is not None and self.header.seed is not None
        return {
            "commitment": self.header.commitment,
            "seed": seed_text(self.header.seed) if over else None,  # type: ignore[arg-type]
            "salt": self.header.salt if over else None,
            "chance": bool(self.game.game_type.chance),
        }

    def decision_seed(self, purpose: str, player: int) -> int:
        """The seed of a computer's choice (``computer``, ``hint``) for ``player`` at
        this decision: its own stream, the same again after an undo."""
        seed = self.header.seed if self.header.seed is not None else 0
        return decision_seed(seed, purpose, player, len(self.game.history))

    def save(self) -> None:
        """The record (atomic, see :func:`core.record.write_text_atomic`) and the links beside it.

        The record keeps the version the change being saved is announced with
        (:meth:`announce` follows), from which a restarted server counts on."""
        text = self.record_text
        record = record_of(self.header, self.game, self.seats_by_name(), moves=text.moves(self.game))
        write_text_atomic(text.text(record.model_copy(update={"table_version": self.version + 1})),
                          self.path, kind="record")
        if not self.links_damaged:
            self.save_tokens(again=False)

    def tokens_path(self) -> Path:
        return self.path.with_name(f".{self.path.stem}.links.json")

    def save_tokens(self, again: bool = True) -> None:
        """The links' secrets, readable by the server's user only, so that a restart
        keeps every link working. A failure is reported (:attr:`links_problem`,
        the log), not raised: the record is what must not be lost.

        ``again=False`` (a save after a move): the file is left alone when it holds
        what this table last wrote there and is still a file -- the links seldom
        change, and a second file written after every move made a move wait."""
        data = {t: {"role": s.role, "player": s.player} for t, s in self.tokens.items()}
        path = self.tokens_path()
        if not again and data == self.links_written and path.is_file():
            return
        tmp = path.with_name(path.name + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
            os.replace(tmp, path)
            self.links_problem = ""
            self.links_written = data
        except OSError as exc:
            self.links_problem = (f"the links file {path.name} cannot be written ({exc.strerror or exc}): "
                                  "the links work until the server stops")
            log.warning("game %s: %s", self.id, self.links_problem)

    def load_tokens(self) -> None:
        """The links saved beside the record. A damaged file is reported
        (:attr:`links_problem`, the log) and left as it is, for a person to
        mend or delete; no link is made in its place."""
        path = self.tokens_path()
        if not path.exists():
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            tokens = {str(t): Seat(str(s["role"]), s.get("player")) for t, s in data.items()}
            for seat in tokens.values():
                if seat.role not in (HUMAN, SPECTATOR, HOTSEAT) or not (
                        seat.player is None or isinstance(seat.player, int)):
                    raise ValueError(f"unknown seat {seat.role} {seat.player}")
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.tokens = {}
            self.links_damaged = True
            self.links_problem = (f"the links file {path.name} is damaged ({exc}), so this game's links "
                                  "do not work; mend it, or delete it to get new links, "
                                  "and restart the server")
            log.warning("game %s: %s", self.id, self.links_problem)
            return
        self.tokens = tokens
