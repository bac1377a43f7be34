"""The tank chess game on the core protocol: actions, rules checks, events, outcome.

The fast :class:`~rulesets.tank_chess.position.Position` does the work; this
class adds what people see: notation, explanations of illegal moves with
their rule IDs, events for the log (moved, fired, destroyed, CHECK, ESCAPE)
and the outcome in words.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from core.combat import defeats
from core.dice import Dice
from core.errors import TanktableError
from core.game import (
    Event,
    Game,
    GameType,
    Illegal,
    Outcome,
    SearchProfile,
    Step,
    TableCommand,
    Termination,
)
from core.grid.square import Dir, direction_between
from core.streams import Seed
from rulesets.tank_chess import notation
from rulesets.tank_chess.action import TankMove
from rulesets.tank_chess.danger import Danger, SquareNamer, Threat, phrase, uncovers_text
from rulesets.tank_chess.explain import explain
from rulesets.tank_chess.maps import MapLayout
from rulesets.tank_chess.position import (
    ARMOUR_SIDES,
    MAP_WRECK,
    OBSTACLE,
    Move,
    Position,
    Rules,
    rules_for,
)
from rulesets.tank_chess.settings import Settings

SIDES = ("white", "black")
OFF = "off"
"""The square of a Command Tank that has driven off the board (TC-7.2), in views and positions."""


class TankChessGame(Game[TankMove]):
    """A game of tank chess on one map."""

    ruleset_id = "tank-chess"
    players = SIDES
    notation_help = notation.HELP
    game_type: ClassVar[GameType] = GameType(chance=False)
    seat_view_at_end: ClassVar[bool] = True
    """The board at the game's end is drawn from the player's side, as all game long
    (hidden playtest, issue 59: Black's final board flipped to White's side); nothing
    is hidden in Tank Chess, so the seat's view shows everything."""
    search_profile: ClassVar[SearchProfile] = SearchProfile(rate=1700, rollout_depth=0, halving=0,
                                                            max_iterations=1700, reply_check=32)
    """The search scores a new leaf by :func:`evaluate` directly (no playout):
    random tank chess moves say nothing about a position (a random game drifts
    to the move-limit draw), and the evaluation already looks one move ahead
    for CHECK and ESCAPE. No sequential halving at the root: shared out equally
    among 16 moves, a budget four times larger bought nothing (it lost more
    games than it won against the smaller one), while plain UCB, which spends
    it on the moves that stand up, turns it into strength, and wins at equal
    time too (bench/HISTORY.md, "Tank Chess: what a larger budget buys").
    ``rate`` is the reference machine's iterations per second with it: an
    iteration goes deeper, and costs more, than halving's two-ply ones.
    ``max_iterations``: past about a thousand iterations more search stops
    paying -- 1,700 scored 55% against 850, and 3,400 lost 21 of 27 games to
    1,700 -- so no search here spends more than ``normal``'s 1,700, and
    ``hard`` plays as ``normal`` does (bench/HISTORY.md, "Tank Chess: where
    more search stops paying")."""

    def __init__(self, layout: MapLayout, settings: Settings, scenario: str,
                 options: Mapping[str, Any] | None, seed: Seed = 0):
        super().__init__(Dice(seed), scenario, options)
        self.layout = layout
        self.settings = settings
        cards = list(layout.cards.values())
        self.rules = rules_for(layout.size, cards, settings)
        self.pos = Position(self.rules, layout)
        self._legal: tuple[int, list[Move], set[Move] | None] | None = None
        """The legal moves last listed: (history length, the list, its set once asked)."""
        self.plies_before = 0
        """Half-moves played before the game's start (a game set up from a position)."""
        self._noted: dict[TankMove, tuple[str, str, tuple[Threat, ...]]] = {}
        """What :meth:`describe_actions` said of each move in this position: the note,
        what the move does, and the danger where it ends -- :meth:`move_lines` groups
        a destination's notes by these, not by reading its own words back."""

    # ------------------------------------------------------------ protocol
    def to_move(self) -> int:
        return self.pos.to_move

    def decision(self) -> str:
        return "move a tank"

    def legal_moves(self) -> list[Move]:
        """Legal moves as internal tuples (fast; for agents and benchmarks)."""
        moves = self.pos.generate()
        self._legal = (len(self.history), moves, None)  # the set is built only if _check asks
        return moves

    def legal_actions(self) -> list[TankMove]:
        """Legal actions in a stable, readable order: by tank, destination, facing, target.

        The same move of the same tank between the same squares is the same
        immutable action in every position, so actions are built once per game
        family (the cache is the shared :attr:`Rules.memo`) and reused: a
        search lists ~650 actions per node thousands of times.
        """
        pos = self.pos
        kind, at = pos.kind, pos.sq
        made = self.rules.memo
        out: list[TankMove] = []
        append = out.append
        for m in sorted(self.legal_moves()):
            pid, to, f, tgt = m
            key = (kind[pid], at[pid], to, f, at[tgt] if tgt >= 0 else -1)
            action = made.get(key)
            if action is None:
                action = made.remember(key, self.to_action(m))
            append(action)
        return out

    def max_decisions(self) -> int | None:
        """Every decision is one move (TC-3.2), and the move limit (TC-7.4,
        ``draw.move_limit`` full moves, ``L`` = twice as many half-moves) draws a
        game once ``L`` moves in a row destroyed nothing. A move destroys at most one
        tank (one shot a turn, TC-5.5), so with ``n`` tanks on the board at most
        ``n - 2`` can go before one Command Tank is the next: at most ``n - 1``
        stretches of at most ``L`` moves each, ``(n - 1) * L``, end every game --
        3,800 on the 16x16 maps (20 tanks), 5,400 on the 20x20 ones (28). With the move limit off
        (``0``) only threefold repetition is left, which bounds nothing a player
        could wait for: ``None``."""
        limit = self.settings.draw.move_limit
        if not limit:
            return None
        return max(1, sum(self.pos.alive) - 1) * 2 * limit

    def _check(self, action: TankMove) -> Illegal | None:
        try:
            mv = self.to_move_tuple(action)
        except _Refusal as exc:
            return exc.illegal
        known = self._legal
        if known is not None and known[0] == len(self.history):
            listed = known[2]
            if listed is None:
                listed = set(known[1])
                self._legal = (known[0], known[1], listed)
            if mv in listed:
                return None
        return explain(self, action, mv)

    def _apply(self, action: TankMove) -> list[Event]:
        mv = self.to_move_tuple(action)
        events = self._describe(action, mv)
        mover = self.pos.to_move
        self.pos.push(mv)
        self._legal = None
        if self.pos.winner < 0:
            threat = self.pos.command_threat(mover)
            if threat is not None:
                events.append(self._check_event(mover, threat))
            if self.pos.can_escape(mover):
                events.append(Event("escape", f"ESCAPE: {SIDES[mover]}'s Command Tank can leave the "
                                              "board next turn (TC-8.2)", {"side": SIDES[mover]}))
        return events

    def _check_event(self, mover: int, threat: Move) -> Event:
        """The CHECK announcement (TC-8.1), naming the tank that threatens, the square
        it would shoot from and the Command Tank it would hit."""
        pos, r = self.pos, self.rules
        pid, at, facing, target = threat
        code = r.cards[pos.kind[pid]].id
        frm = self.square_name(r.square(pos.sq[pid]))
        there = self.square_name(r.square(at))
        aim = self.square_name(r.square(pos.sq[target]))
        where = "from where it stands" if at == pos.sq[pid] else f"from {there}"
        text = (f"CHECK: {SIDES[mover]}'s {code} on {frm} threatens {SIDES[1 - mover]}'s Command Tank "
                f"on {aim}: it can shoot {where} ({code} {frm}-{there}:{Dir(facing).name} x{aim}) (TC-8.1)")
        return Event("check", text, {"side": SIDES[mover], "piece": code, "from": frm, "shoots_from": there,
                                     "facing": Dir(facing).name, "target": aim})

    def describe_action(self, action: TankMove) -> str:
        """What a legal move does and announces: what its shot does (``destroys HT k10``,
        issue 59.6), ``+ CHECK`` (TC-8.1), ``^ ESCAPE`` (TC-8.2) -- the signs a record
        writes after it, so that ``moves +`` lists the moves that give CHECK -- or
        that it wins at once (TC-7.1, TC-7.2); and what could shoot the tank where
        it ends (``into fire: HM c7 destroys it from the side``, issue 59.1,
        :mod:`rulesets.tank_chess.danger`)."""
        return self.describe_actions([action])[0]

    def card_text(self, name: str, player: int | None = None) -> str:
        """The card as :meth:`Game.card_text` writes it, from the cards this game is
        played with, its ``value`` in words: a Command Tank's is the game itself
        (TC-7.1, TC-7.2), where a bare "value 0" read as worthless (playtest); any
        other card's is what the computer player counts it as."""
        from core.cards import card_lines, find_card

        card_id, card = find_card(name, {c.id: c for c in self.rules.cards})
        data = card.model_dump(mode="json", exclude_none=True)
        if card.command:
            data["command"] = "yes: lose it and you lose the game (TC-7.1)"
            data["value"] = "the game: drive it off the far edge and you win (TC-7.2)"
            data.pop("description", None)  # it says the same at length
        else:
            data["value"] = f"{data['value']:g} (what the computer player counts it as)"
        return "\n".join(card_lines(card_id, data))

    def table_commands(self) -> Sequence[TableCommand]:
        """``threats``: the seat's tanks under fire and the squares the enemy covers
        (:mod:`rulesets.tank_chess.danger`, issue 59.1)."""
        from rulesets.tank_chess.danger import COMMANDS

        return COMMANDS

    def group_of(self, action: TankMove, note: str) -> str:
        """The tank that moves: its card and square (``MT e1``)."""
        return f"{action.piece} {self.square_name(action.frm)}"

    def move_lines(self, actions: Sequence[TankMove], notes: Sequence[str]) -> list[tuple[str, str]]:
        """The move list by tank, then by destination (issue 59.6): one line per
        destination with its facings and shots, those with the same note together
        (``MT e1-e3: N NE (into fire: ...); N xe9 (destroys LT e9)``), each line
        under :meth:`group_of`'s heading, in the order of ``actions``."""
        lines: dict[tuple[str, str], list[Said]] = {}
        heads: dict[tuple[str, str], str] = {}
        for action, note in zip(actions, notes, strict=True):
            head = self.group_of(action, note)
            to = "off" if action.to is None else self.square_name(action.to)
            key = (head, to)
            heads[key] = head
            if action.to is None:
                item = ""
            else:
                item = Dir(action.facing).name if action.facing is not None else ""
                if action.target is not None:
                    item += f" x{self.square_name(action.target)}"
            lines.setdefault(key, []).append(self._noted_parts(action, item.strip(), note))
        out: list[tuple[str, str]] = []
        for key, items in lines.items():
            parts = _destination_parts(items)
            head, to = key
            out.append((heads[key], f"{head}-{to}" + (": " + "; ".join(p for p in parts if p) if any(parts) else "")))
        return out

    def _noted_parts(self, action: TankMove, item: str, note: str) -> Said:
        """A move's line item with its note in parts: what the move does, the danger
        where it ends, and that danger's shooters when every one destroys it -- from
        what :meth:`describe_actions` worked out for this note (worked out again if it
        is not at hand); a note it did not write is kept whole."""
        noted = self._noted.get(action)
        if noted is None or noted[0] != note:
            self.describe_actions([action])
            noted = self._noted.get(action)
        if noted is None or noted[0] != note:
            return Said(item, note, "", None)
        _, rest, threats = noted
        return Said(item, rest, phrase(threats, self.square_name), _shooters(threats, self.square_name))

    def hint_situation(self, player: int) -> str:
        """What the hint says first: the player's tanks the enemy could destroy on its
        next turn (``in fire now: MT b10 (HT d11 can destroy it)``), or ""
        (:mod:`rulesets.tank_chess.hint`)."""
        from rulesets.tank_chess.hint import situation

        return situation(self, player)

    def hint_reasons(self, actions: Sequence[TankMove],
                     detail: bool = True) -> list[tuple[str, int, bool, bool, int, float | None]]:
        """Why each hinted move (``saves MT b10, LT e13 stays in fire``), how many of the
        mover's tanks it leaves in fire, whether it is quiet (nothing won, saved, lost or
        threatened), whether it puts its tank in fire for nothing, how far it presses on,
        and what a tank offered for nothing leaves once taken (``detail``) --
        :mod:`rulesets.tank_chess.hint`."""
        from rulesets.tank_chess.hint import reasons

        return [(r.text, r.left_in_fire, r.quiet, r.for_nothing, r.progress, r.if_taken)
                for r in reasons(self, actions, detail)]

    def variant_of(self, action: TankMove) -> Hashable:
        """The drive and the shot: moves that differ only in the final facing are one."""
        return (action.piece, action.frm, action.to, action.target)

    def describe_actions(self, actions: Sequence[TankMove]) -> list[str]:
        """:meth:`describe_action` of each move; the lines of fire on the enemy
        Command Tank are read once for them all (:meth:`Position.fire_lines`), and
        after each move only the tanks that could use them and the one that moved
        are searched (:meth:`Position.threat_candidates`)."""
        pos = self.pos
        mover = pos.to_move
        lines = pos.fire_lines(mover)
        candidates = pos.threat_candidates(mover, lines) if lines is not None else []
        danger = Danger(pos)
        notes: list[str] = []
        for action in actions:
            try:
                mv = self.to_move_tuple(action)
            except _Refusal:
                notes.append("")
                continue
            shot = self._shot_note(mv)
            pos.push(mv)
            try:
                if pos.winner >= 0:
                    won = "wins (TC-7.2)" if pos.reason == "escaped" else "wins (TC-7.1)"
                    notes.append(f"{shot}: {won}" if shot else won)
                    continue
                said = [shot] if shot else []
                searched = candidates if mv[0] in candidates else [*candidates, mv[0]]
                if pos.threatens_command(mover, lines, searched):
                    said.append("+ CHECK")
                if pos.can_escape(mover):
                    said.append("^ ESCAPE")
            finally:
                pos.pop()
            opened = uncovers_text(pos, danger.uncovered(mv), self.square_name)  # issue 59 playtest
            if opened:
                said.append(opened)
            threats = tuple(danger.after(mv))  # issue 59.1
            fire = phrase(threats, self.square_name)
            note = ", ".join([*said, fire] if fire else said)
            self._noted[action] = (note, ", ".join(said), threats)
            notes.append(note)
        return notes

    def _shot_note(self, mv: Move) -> str:
        """What a move's shot does (issue 59.6): ``destroys HT k10`` (TC-6.2), or
        with ineffective shots allowed ``fires at HT k10: armour holds``."""
        pid, to, face, tgt = mv
        if tgt < 0 or to < 0:
            return ""
        pos, r = self.pos, self.rules
        there = r.square(pos.sq[tgt])
        code = r.cards[pos.kind[tgt]].id
        d = direction_between(r.square(to), there)
        hit = r.hit_side(int(d) if d is not None else 0, pos.face[tgt])
        if r.destroys[pos.kind[pid]][r.armour[pos.kind[tgt]][hit]]:
            return f"destroys {code} {self.square_name(there)}"
        return f"fires at {code} {self.square_name(there)}: armour holds"

    def _outcome(self) -> Outcome | None:
        status = self.pos.status()
        if status is None:
            return None
        winner, reason = status
        if winner >= 0:
            if reason == "escaped":
                text = f"{SIDES[winner]}'s Command Tank drove off the board (TC-7.2)"
            else:
                text = f"{SIDES[winner]} destroyed {SIDES[1 - winner]}'s Command Tank (TC-7.1)"
            return Outcome((winner,), text)
        if reason == "repetition":
            text = f"draw: the same position {self.rules.repetition} times (TC-7.4)"
        elif reason == "move limit":
            text = f"draw: {self.settings.draw.move_limit} moves without a destruction (TC-7.4)"
            return Outcome((), text, None, Termination.MOVE_LIMIT)
        else:
            text = f"draw: {SIDES[self.pos.to_move]} has no legal move (TC-7.4)"
        return Outcome((), text)

    def annotation(self, events: Sequence[Event]) -> str:
        kinds = {e.kind for e in events}
        return ("+" if "check" in kinds else "") + ("^" if "escape" in kinds else "")

    def summarize_events(self, events: Sequence[Event]) -> str:
        """Shots, wrecks, CHECK and ESCAPE in a few words (:mod:`rulesets.tank_chess.summary`)."""
        from rulesets.tank_chess.summary import summarize

        return summarize(events)

    # ------------------------------------------------------------ notation
    def square_name(self, sq: tuple[int, int]) -> str:
        return notation.square_name(sq, self.layout.size, self.settings.coordinates.origin)

    def format_action(self, action: TankMove) -> str:
        """The move's notation (TC-9.3), written once per action: the browser table
        names each of some 600 moves after every move (:attr:`Rules.texts`)."""
        texts = self.rules.texts
        text = texts.get(action)
        if text is None:
            text = texts.remember(action, notation.format_move(action, self.square_name))
        return text

    def parse_action(self, text: str) -> TankMove:
        return notation.parse_move(text, self)

    def narration(self, text: str) -> str:
        """An event's text as the terminal narrates it every turn: without its rule IDs
        (:func:`rulesets.tank_chess.render.without_rule_ids`; the record keeps them)."""
        from rulesets.tank_chess.render import without_rule_ids

        return without_rule_ids(text)

    def safe_note(self, note: str) -> bool:
        """``moves safe``: a move that puts no tank of the mover in the enemy's fire
        (:func:`safe_note`)."""
        return safe_note(note)

    def empty_filter_text(self, needle: str) -> str | None:
        """What ``moves FILTER`` finding nothing means (``no shot is possible now (x =
        shots ...)``), or None: :func:`notation.empty_filter_text`."""
        return notation.empty_filter_text(self, needle)

    def piece_at(self, sq: tuple[int, int]) -> str | None:
        """Card id of the live piece on ``sq`` (notation fills a missing piece code)."""
        c = self.pos.cell[self.rules.index(sq)]
        if c > 0 and self.pos.alive[c - 1]:
            return self.rules.cards[self.pos.kind[c - 1]].id
        return None

    # ------------------------------------------------------------ conversion
    def to_action(self, mv: Move) -> TankMove:
        pid, to, f, tgt = mv
        r = self.rules
        pos = self.pos
        frm = r.square(pos.sq[pid])
        return TankMove(
            r.cards[pos.kind[pid]].id,
            frm,
            None if to < 0 else r.square(to),
            None if to < 0 else f,
            None if tgt < 0 else r.square(pos.sq[tgt]),
        )

    def to_move_tuple(self, action: TankMove) -> Move:
        """The internal move for an action; refuses what names no piece of the mover."""
        r = self.rules
        pos = self.pos
        n = r.files
        for sq in (action.frm, action.to, action.target):
            if sq is not None and not (0 <= sq[0] < n and 0 <= sq[1] < n):
                raise _Refusal(Illegal("TC-1.2", f"{sq} is not a square of this {n}x{n} board"))
        c = pos.cell[r.index(action.frm)]
        # Messages are built only on refusal: the search converts thousands of actions.
        if c <= 0:
            name = self.square_name(action.frm)
            what = {0: "empty", OBSTACLE: "an obstacle", MAP_WRECK: "a wreck"}.get(c, "empty")
            raise _Refusal(Illegal("TC-3.2", f"there is no tank on {name} ({name} is {what})"))
        pid = c - 1
        card = r.cards[pos.kind[pid]]
        if not pos.alive[pid]:
            raise _Refusal(Illegal("TC-6.3", f"the {card.id} on {self.square_name(action.frm)} is a wreck "
                                             "and cannot move"))
        if pos.side[pid] != pos.to_move:
            raise _Refusal(Illegal("TC-3.2", f"the {card.id} on {self.square_name(action.frm)} is "
                                             f"{SIDES[pos.side[pid]]}'s; "
                                             f"{SIDES[pos.to_move]} moves one of his own tanks"))
        if action.piece and action.piece.upper() != card.id:
            raise _Refusal(Illegal("TC-2", f"the tank on {self.square_name(action.frm)} is a {card.id}, "
                                           f"not a {action.piece}"))
        tgt = -1
        if action.target is not None:
            t = pos.cell[r.index(action.target)]
            if t <= 0:
                raise _Refusal(Illegal("TC-5.2", f"there is no tank to shoot on {self.square_name(action.target)}"))
            if not pos.alive[t - 1]:
                raise _Refusal(Illegal("TC-5.2", f"{self.square_name(action.target)} holds a wreck, "
                                                 "not an active tank"))
            if pos.side[t - 1] == pos.side[pid]:
                raise _Refusal(Illegal("TC-5.2", f"{self.square_name(action.target)} holds your own tank"))
            tgt = t - 1
        if action.to is None:
            if action.target is not None:
                raise _Refusal(Illegal("TC-7.2", "a tank that leaves the board does not shoot"))
            return pid, -1, -1, -1
        facing = pos.face[pid] if action.facing is None else action.facing
        return pid, r.index(action.to), facing, tgt

    # ------------------------------------------------------------ events
    def _describe(self, action: TankMove, mv: Move) -> list[Event]:
        pos = self.pos
        r = self.rules
        pid, to, face, tgt = mv
        side = SIDES[pos.side[pid]]
        code = r.cards[pos.kind[pid]].id
        frm = self.square_name(action.frm)
        if to < 0:
            return [Event("escaped", f"{side}'s {code} drives from {frm} off the board: {side} wins (TC-7.2)",
                          {"piece": code, "from": frm})]
        dest = self.square_name(r.square(to))
        events = [Event("moved", f"{side}'s {r.cards[pos.kind[pid]].name} {_how(r, pos.sq[pid], pos.face[pid], to, face)}",
                        {"piece": code, "from": frm, "to": dest, "facing": Dir(face).name})]
        if tgt >= 0:
            tq = pos.sq[tgt]
            tcard = r.cards[pos.kind[tgt]]
            tname = self.square_name(r.square(tq))
            d = direction_between(r.square(to), r.square(tq))
            hit = r.hit_side(int(d) if d is not None else 0, pos.face[tgt])
            armour = r.armour[pos.kind[tgt]][hit]
            gun = r.gun[pos.kind[pid]]
            data = {"shooter": code, "target": tcard.id, "at": tname, "side": ARMOUR_SIDES[hit],
                    "armour": armour, "gun": gun}
            rule = "TC-6M" if r.indirect[pos.kind[pid]] else "TC-6.1"
            # issue 59: whose tank fires from where, at whose tank where
            events.append(Event("fired", f"{side}'s {code} {dest} fires at {SIDES[pos.side[tgt]]}'s {tcard.id} "
                                         f"{tname}: hits its {ARMOUR_SIDES[hit]} (armour {armour}) with gun {gun} "
                                         f"({rule})", data))
            if defeats(gun, armour):
                events.append(Event("destroyed", f"{SIDES[pos.side[tgt]]}'s {tcard.id} {tname} is destroyed "
                                                 "and stays as a wreck (TC-6.2, TC-6.3)", data))
                if tcard.command:
                    events.append(Event("command-destroyed",
                                        f"{side} destroyed the enemy Command Tank (TC-7.1)", data))
            else:
                events.append(Event("no-effect", "the shot has no effect (TC-6.2)", data))
        return events

    # ------------------------------------------------------------ speed
    def search_apply(self, action: TankMove) -> None:
        """Push the move without re-check or events (search copies only)."""
        self._push_quietly(self.to_move_tuple(action))

    def _push_quietly(self, mv: Move) -> None:
        """Push on the fast position and forget what the old one cached; no history."""
        self.pos.push(mv)
        self.state_changed()

    def state_changed(self) -> None:
        """Also forget the legal moves worked out for the position before."""
        self._legal = None
        self._noted = {}
        super().state_changed()

    def random_step(self, rng: Any) -> bool:
        """The engine's playout policy (:meth:`Position.random_move`): a random
        tank, a random end state, a random shot or none -- one piece searched
        instead of ~650 moves listed."""
        mv = self.pos.random_move(rng)
        if mv is None:
            return False
        self._push_quietly(mv)
        return True

    def search_priors(self, actions: Sequence[TankMove]) -> list[float]:
        """Forcing moves first: leaving the board (a win, TC-7.2), a shot at the
        Command Tank (TC-7.1), then shots by the value of the tank they hit.
        Among quiet moves, the Command Tank's steps towards the far edge come
        first, by the ground gained in the race (:meth:`Position.exit_steps`).
        A look at squares and tables, no move made: priors are asked for at every
        new node, so they must cost far less than the evaluation."""
        pos = self.pos
        r = self.rules
        cell, files, kind = pos.cell, r.files, pos.kind
        command_card, value = r.command, r.value
        me = pos.to_move
        command = pos.command_of[me]
        exit_steps = pos.exit_steps(me)
        at = pos.sq[command] if command >= 0 else -1
        home = r.square(at) if at >= 0 else None  # a move from there is the Command Tank's
        before = exit_steps[at * 8 + pos.face[command]] if at >= 0 else 0
        scores: list[float] = []
        append = scores.append
        for a in actions:
            to = a.to
            if to is None:
                append(1000.0)
            elif a.target is None:
                if a.frm == home:
                    gain = before - exit_steps[(to[1] * files + to[0]) * 8 + (a.facing or 0)]
                    append(min(0.9, 0.1 * gain) if gain > 0 else 0.0)
                else:
                    append(0.0)
            else:
                c = cell[a.target[1] * files + a.target[0]]
                k = kind[c - 1] if c > 0 else -1
                append(0.0 if k < 0 else 500.0 if command_card[k] else 1.0 + value[k])
        return scores

    def clone(self) -> TankChessGame:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.pos = self.pos.copy()
        other.history = list(self.history)
        other.options = dict(self.options)
        other.dice = self.dice.copy()
        other._noted = {}
        return other

    def undo(self) -> Step:
        """Take back the last move (python-chess style pop, no replay)."""
        if not self.history:
            raise TanktableError("nothing to undo")
        self.pos.pop()
        self._forced = None
        self.state_changed()
        return self.history.pop()

    def last_move(self) -> TankMove | None:
        """The action of the last step, for highlighting."""
        if not self.history:
            return None
        action = self.history[-1].action
        return action if isinstance(action, TankMove) else None

    def agree_draw(self, reason: str = "draw by agreement") -> Outcome:
        """TC-7.4: players may agree a draw unless the setting ``draw.agreement`` is off."""
        if not self.settings.draw.agreement:
            raise TanktableError("draws by agreement are off in this game (draw.agreement, TC-7.4)")
        return super().agree_draw(reason + " (TC-7.4)")

    # ------------------------------------------------------------ rendering / AI
    def render(self, player: int | None = None, color: bool = False) -> str:
        from rulesets.tank_chess.render import render_text

        return render_text(self, color, player=player)  # Black's seat sees its own side below

    def render_compact(self, player: int | None = None, color: bool = False) -> str:
        """The board without its key lines (``board`` in the terminal shows them)."""
        from rulesets.tank_chess.render import render_text

        return render_text(self, color, compact=True, player=player)

    def view(self, player: int | None) -> dict[str, Any]:
        base = super().view(player)
        base["pieces"] = [
            {"piece": self.rules.cards[self.pos.kind[p]].id, "side": SIDES[self.pos.side[p]],
             "square": self.square_name(self.rules.square(self.pos.sq[p])) if self.pos.sq[p] >= 0 else OFF,
             "facing": Dir(self.pos.face[p]).name, "active": self.pos.alive[p]}
            for p in range(len(self.pos.kind))
        ]
        base["moves"] = self.plies_before + len(self.history)
        # which way N (towards Black, TC-4.1) points on the drawing: down when Black's side
        # is the bottom of the board (the browser's facing arrows are drawn by it)
        base["north"] = "down" if self.settings.coordinates.origin == "black" else "up"
        return base

    def announcements(self) -> tuple[bool, bool]:
        """(CHECK, ESCAPE) of the side that moved last, as TC-8.1/8.2 announce them."""
        pos = self.pos
        if pos.winner >= 0:
            return False, False
        mover = 1 - pos.to_move
        return pos.threatens_command(mover), pos.can_escape(mover)

    def position(self) -> dict[str, Any]:
        """The state as a ``kind: position`` document (see :mod:`rulesets.tank_chess.positions`):
        terrain, every tank in the game's own order, the side to move, the counters,
        the quiet moves since the last destruction (for repetitions), CHECK/ESCAPE."""
        pos, r = self.pos, self.rules
        n = r.files
        grid = []
        for rank in range(n - 1, -1, -1):
            cells = [pos.cell[rank * n + f] for f in range(n)]
            grid.append(" ".join("#" if c == OBSTACLE else "x" if c == MAP_WRECK else "." for c in cells))
        tanks = [
            {"card": r.cards[pos.kind[p]].id, "side": SIDES[pos.side[p]],
             "square": self.square_name(r.square(pos.sq[p])) if pos.sq[p] >= 0 else OFF,
             "facing": Dir(pos.face[p]).name, "active": pos.alive[p]}
            for p in range(len(pos.kind))
        ]
        since = []
        for mv, s0, f0, *_ in pos.stack[len(pos.stack) - min(pos.quiet, len(pos.stack)):]:
            pid, to, f, _target = mv
            head = f"{r.cards[pos.kind[pid]].id} {self.square_name(r.square(s0))}:{Dir(f0).name}-"
            since.append(head + (OFF if to < 0 else f"{self.square_name(r.square(to))}:{Dir(f).name}"))
        check, escape = self.announcements()
        return {
            "ruleset": self.ruleset_id, "kind": "position", "scenario": self.scenario,
            "options": dict(self.options), "size": n, "grid": grid, "tanks": tanks,
            "to_move": SIDES[pos.to_move], "plies": self.plies_before + len(self.history),
            "quiet": pos.quiet, "since": since, "check": check, "escape": escape,
        }

    def evaluate(self, player: int) -> float:
        from rulesets.tank_chess.evaluate import evaluate

        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        return evaluate(self.pos, player)

    def recommended_clock_seconds(self) -> float | None:
        """TC-7.5: the recommended time per player for this board size, if any."""
        minutes = self.settings.clock.minutes.get(self.layout.size)
        return None if minutes is None else minutes * 60.0


class _Refusal(Exception):
    def __init__(self, illegal: Illegal):
        self.illegal = illegal


FIRE_NOTE = "into fire: "
"""How a move note's danger begins (:func:`rulesets.tank_chess.danger.phrase`, always last)."""

UNCOVERS = "uncovers "
"""How a move note names the mover's other tanks it lays open to a destroying shot
(:func:`rulesets.tank_chess.danger.uncovers_text`)."""

SAFE = "safe: "
"""Before the facings of a destination out of the enemy's fire, beside those in it."""

WHATEVER = "whatever the facing, "
"""Before a danger note said once for every facing and shot to a square (issue 59)."""


class Said(NamedTuple):
    """One move of a destination's line in parts (:meth:`TankChessGame.move_lines`)."""

    item: str
    """Its facing and shot (``NE xg8``)."""
    rest: str
    """What its note says before the danger (``destroys LT g8, + CHECK``)."""
    fire: str
    """The danger where it ends (``into fire: ...``), or ""."""
    shooters: dict[str, list[str]] | None
    """That danger's shooters with the side each hits (``{"LT k16": ["side"]}``) when
    every one destroys it; None otherwise."""


def _shooters(threats: Sequence[Threat], name: SquareNamer) -> dict[str, list[str]] | None:
    """The shooters of a danger that destroys from every shooter, each with the side
    its worst shot hits (``{"LT k16": ["side"]}``), as :func:`phrase` says them; None
    when there are none, or when the armour holds against one of them."""
    found: dict[str, list[str]] = {}
    for t in threats:
        key = f"{t.shooter} {name(t.square)}"
        if key in found:
            continue  # each shooter once, its worst shot first (Danger.after)
        if not t.destroys:
            return None
        found[key] = [t.side]
    return found or None


def _destination_parts(items: list[Said]) -> list[str]:
    """One destination's facings and shots with their notes, each note said once
    (issue 59: the danger note was repeated for every facing): facings whose
    danger differs only in the side it hits share ``into fire: LT k16 destroys it
    from the side or rear`` (every one destroys it, TC-6.2); equal notes go
    together (``SE S NW (...)``); a danger every facing and shot shares is said
    once at the end, after :data:`WHATEVER`."""
    split = [(said.item, said.rest, said.fire) for said in items]
    shots = [said.shooters for said in items]
    by_shooters: dict[tuple[str, ...], list[dict[str, list[str]]]] = {}
    for shot in shots:
        if shot is not None:
            by_shooters.setdefault(tuple(shot), []).append(shot)
    unified: dict[tuple[str, ...], str] = {}
    for names, found in by_shooters.items():
        sides = {n: [s for s in ("front", "side", "rear") if any(s in f[n] for f in found)] for n in names}
        unified[names] = FIRE_NOTE + ", ".join(
            f"{n} {'destroys it ' if i == 0 else ''}from the {' or '.join(sides[n])}" for i, n in enumerate(names))
    merged = [(item, rest, unified[tuple(shot)] if shot is not None else fire)
              for (item, rest, fire), shot in zip(split, shots, strict=True)]
    fires = {fire for _, _, fire in merged}
    once = ""
    if len(fires) == 1 and len({rest for _, rest, _ in merged}) > 1 and next(iter(fires)):
        once = WHATEVER + fires.pop()
        merged = [(item, rest, "") for item, rest, _ in merged]
    groups: dict[str, list[str]] = {}
    for item, rest, fire in merged:
        groups.setdefault(", ".join(x for x in (rest, fire) if x), []).append(item)
    # beside a danger note the facings out of fire say so (hidden playtest, issue 59: a bare
    # 'NW' after 'N (into fire: ...)' was easy to misread); a tank laid open is no safe move
    mixed = any(fire for _, _, fire in merged)
    parts = []
    for note, run in groups.items():
        words = " ".join(i for i in run if i)
        if mixed and FIRE_NOTE not in note and UNCOVERS not in note:
            parts.append(f"{SAFE}{words}" if not note else f"{words} ({note}, safe)" if words else f"{note}, safe")
            continue
        parts.append(words + (f" ({note})" if note else "") if words else note)
    return [*parts, once] if once else parts


def safe_note(note: str) -> bool:
    """Whether a move's note leaves every tank of the mover out of the enemy's fire it
    was not in before (``moves safe``): no danger where it ends, no tank laid open."""
    return FIRE_NOTE not in note and UNCOVERS not in note


def _how(r: Rules, start: int, facing: int, to: int, face: int) -> str:
    """What a move did that its notation does not say (issue 19 item 16: the move line
    names the squares and the new facing; this names the tank, the distance and the old facing)."""
    here, there = r.square(start), r.square(to)
    squares = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
    if squares == 0:
        return f"turns in place (it faced {Dir(facing).name})"
    if direction_between(here, there) == Dir((facing + 4) & 7) and squares == 1:
        return "backs up one square (TC-4.3)"
    turned = f" (it faced {Dir(facing).name})" if face != facing else ""
    return f"moves {squares} square{'s' if squares > 1 else ''}{turned}"
