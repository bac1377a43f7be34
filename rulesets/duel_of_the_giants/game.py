"""The Duel of the Giants game: state, the exact sequence of DG-8, dispatch.

The state is a handful of dicts of small records (pieces.py). The sequence of
play is a list of *steps* (set-up S1-S4, opening O1-O4, phases A1a..D7);
each step is either automatic or a decision of one player. Rules live in the
modules named after what they govern (markers, t34, tigers, atg, stuka,
combat, recon); this module only routes an action to them and moves on to
the next step, skipping decisions in which the only choice would be ``end``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from operator import attrgetter
from typing import Any

from core.dice import Dice
from core.game import Action, Event, Game, GameType, Illegal, Outcome, SearchProfile, TableCommand
from core.streams import Seed
from rulesets.duel_of_the_giants import (
    atg,
    combat,
    markers,
    recon,
    search,
    setup,
    stuka,
    t34,
    tigers,
    view,
)
from rulesets.duel_of_the_giants import vp as vpmod
from rulesets.duel_of_the_giants.actions import PUBLIC_ACTIONS, EndStep, Hold
from rulesets.duel_of_the_giants.board import Geometry, Pos, geometry
from rulesets.duel_of_the_giants.copying import copy_state
from rulesets.duel_of_the_giants.notation import NOTATION_HELP, format_action, parse_action
from rulesets.duel_of_the_giants.pieces import Atg, Drift, Marker, Mine, Stuka, Tank, VPEvent
from rulesets.duel_of_the_giants.settings import Config, DuelOptions, TerrainType

SETUP_STEPS = ("S1", "S2", "S3", "S4")
OPENING_STEPS = ("O1", "O2", "O3", "O4")
ROUND_STEPS = (
    "A1a", "A1b", "A2", "A3", "A4",
    "B1", "B2", "B3", "B4",
    "C1", "C2", "C3",
    "D1", "D2", "D3", "D4", "D5", "D6", "D7",
)
AUTO_STEPS = frozenset({"B4", "C3", "D3", "D5", "D6", "D7"})
STEP_SIDE = {
    "S2": "german", "S3": "soviet", "S4": "german",
    "O1": "soviet", "O2": "german", "O3": "soviet", "O4": "soviet",
    "A1a": "german", "A1b": "german", "A2": "german", "A3": "german", "A4": "german",
    "B1": "soviet", "B2": "soviet", "B3": "soviet",
    "C1": "german", "C2": "german", "D1": "german", "D4": "german",
}
SOLO_STEPS = frozenset({"S1", "A4", "C1", "D2", "D4"})
"""Steps whose decider is not the side's players in turn (see ``to_move``)."""
PHASE_END = {"O4": "opening phase", "A4": "phase A", "B4": "phase B", "C3": "phase C"}
STEP_NAMES = {
    "S1": "set-up 1: place a landscape element (DG-7.1)",
    "S2": "set-up 2: place a front element (DG-7.2)",
    "S3": "set-up 3: place a tank marker (DG-7.3)",
    "S4": "set-up 4: place a German weapon (DG-7.4)",
    "O1": "opening: move tank markers (DG-8.1 O1)",
    "O2": "opening: recon with the Tigers (DG-8.1 O2)",
    "O3": "opening: activate wheel markers (DG-8.1 O3)",
    "O4": "opening: T-34 recon of ATG markers (DG-8.1 O4)",
    "A1a": "phase A1: move ATGs in transport (DG-12.6)",
    "A1b": "phase A1: put tire markers on ATGs (DG-12.6)",
    "A2": "phase A2: turn or activate ATG markers (DG-8.2)",
    "A3": "phase A3: recon with Tigers and activated ATGs (DG-10)",
    "A4": "phase A4: program a Tiger (DG-11.2)",
    "B1": "phase B1: move tank markers (DG-9.5)",
    "B2": "phase B2: activate wheel markers (DG-9.7)",
    "B3": "phase B3: move T-34s (DG-15)",
    "C1": "phase C1: choose the Tiger that executes first (DG-8.4)",
    "C2": "phase C2: recon with the Tigers (DG-10)",
    "D1": "phase D1: activate ATG markers (DG-8.5)",
    "D2": "phase D2: combat (DG-17)",
    "D4": "phase D4: Stuka (DG-13)",
}


class DuelGame(Game[Action]):
    """A game of Duel of the Giants in progress."""

    ruleset_id = "duel-of-the-giants"
    game_type = GameType(hidden_information=True, undo_across_players=False)
    notation_help = NOTATION_HELP
    notes_below = True
    """``moves`` prints a candidate whose note is wider than the screen as the move alone
    on its line, the note wrapped under it at words (cli/play.py): the notes of an ATG's
    cover, a Stuka action or a program with its aim and danger run past 100 columns."""
    search_profile = SearchProfile(rate=150, rollout_depth=40, min_iterations=60, halving=8,
                                   halving_hidden=True, root_samples=4)
    """Playouts of about one phase of play before the evaluation judges; ``rate``
    is the reference machine's iterations per second (see bench/HISTORY.md).
    ``min_iterations``: ``easy``'s 1/20 of ``normal``'s budget would be 8 playouts a
    decision, too few to play better than greedy, which takes its shots and breaks its
    ties by the same priors. With 30 its Soviet beat greedy's on the same side and its
    German did not; with 60, enough for sequential halving over 8 (two playouts each in
    the first round), both do (bench/HISTORY.md, the ladder). ``halving`` with
    ``halving_hidden``: a side's own actions do not depend on the other side's secrets,
    so a wide decision (some 600 programs at a Tiger's first card) is searched by
    sequential halving over its best 8, each with several playouts, instead of UCB
    giving most of them one playout or none. ``root_samples``: which 8 those are is
    decided by one-ply values, and on one sample of the Soviet markers (or of the
    guns and mines) they favour what suits that one deal; ``hard`` judges them on 4
    (bench/HISTORY.md: the choices, judged by paired playouts)."""
    search_copy = False
    """True on the AI's determinized copies: :meth:`search_actions` prunes there (search.py)."""

    def __init__(self, cfg: Config, options: DuelOptions, seed: Seed, scenario: str, set_up: bool = True):
        """A game at its start; with ``set_up=False`` an empty table for a position to fill."""
        super().__init__(Dice(seed), scenario, options.flat())
        self.cfg = cfg
        self.base_terrain = "steppe" if cfg.season == "summer" else "snow_steppe"
        self._base_type = cfg.terrain[self.base_terrain]
        self.geo: Geometry = geometry(cfg.board.columns, cfg.board.rows)
        self.players, self.side_players = setup.seats(cfg, options.players)
        self.side_of: dict[int, str] = {p: s for s, ps in self.side_players.items() for p in ps}
        self.terrain: dict[Pos, str] = {}
        self.front: set[Pos] = set()
        self.german_side: frozenset[Pos] = frozenset()
        self.soviet_side: frozenset[Pos] = frozenset()
        self.tanks: dict[str, Tank] = {}
        self.markers: dict[str, Marker] = {}
        self.atgs: dict[str, Atg] = {}
        self.mines: dict[str, Mine] = {}
        self.stuka: Stuka | None = None
        self.drifts: dict[Pos, Drift] = {}
        self.programs: dict[int, tuple[str, ...]] = {}
        self.draft: tuple[str, ...] = ()
        """The cards laid so far on the stack of the Tiger being programmed (tigers.py)."""
        self.executed: set[int] = set()
        self.vp_events: list[VPEvent] = []
        self.round_vp = {"german": 0, "soviet": 0}
        self.net_vp = 0
        self.medals: dict[int, int] = {}
        self.round = 0
        self.phase_seq = 0
        self.b_started = 0
        self.step = "S1"
        self.sub = 0
        self.moved_markers: list[str] = []
        self.activated_now: set[str] = set()
        self.pending_orient: list[str] = []
        self.active_t34: str | None = None
        self.ma_left = 0
        self.t34_stopped = False
        self.t34_started = False
        self.t34_done: set[str] = set()
        self.turret_set = False
        """The moving T-34's last decision set its turret: it may not again until it acts (DG-15.6)."""
        self.faced: set[str] = set()
        """ATG markers turned in this step A2: each is turned once (DG-8.2)."""
        self.exposed: set[str] = set()
        self.damaged_this_d: dict[str, int] = {}
        self.combat: combat.CombatState | None = None
        self.to_haul: list[str] = []
        self.to_place: dict[int, dict[str, int]] = {}
        self.tile_turn = "soviet"
        self.t34_count = 0
        self.finished: str | None = None
        self._cache: list[Action] | None = None
        """The current decision's actions, computed while advancing; cleared by every apply."""
        self.start_events: list[Event] = []
        if set_up:
            setup.initialise(self, options.setup, seed)
            self.resume()

    def resume(self) -> None:
        """Run the automatic steps up to the first decision (at the start, or from a position)."""
        self._cache = None
        events: list[Event] = []
        self._advance(events)
        self.start_events = events
        """What happened while the game set itself up (automatic steps before the first decision)."""

    # ------------------------------------------------------------ terrain
    def tt(self, p: Pos) -> TerrainType:
        kind = self.terrain.get(p)
        return self._base_type if kind is None else self.cfg.terrain[kind]

    def los_blockers(self) -> set[Pos]:
        """Hexes that block LOS like a tank (DG-16.4, DG-13.10)."""
        out = {t.pos for t in self.tanks.values()}
        s = self.stuka
        if s is not None and s.state in ("ground", "landed") and self.cfg.rules.stuka.ground_blocks_los:
            out.add(s.airfield)
        return out

    # ------------------------------------------------------------ lookups
    def tank_at(self, p: Pos) -> Tank | None:
        for t in self.tanks.values():
            if t.pos == p:
                return t
        return None

    def marker_at(self, p: Pos) -> Marker | None:
        for m in self.markers.values():
            if m.pos == p:
                return m
        return None

    def atg_at(self, p: Pos) -> Atg | None:
        for a in self.atgs.values():
            if a.pos == p:
                return a
        return None

    def mine_at(self, p: Pos) -> Mine | None:
        for m in self.mines.values():
            if m.pos == p:
                return m
        return None

    def tigers(self) -> list[Tank]:
        """The Tigers by number (asked by many rules after every action: a plain list sorted in place)."""
        out = [t for t in self.tanks.values() if t.side == "german"]
        out.sort(key=_NUMBER)
        return out

    def t34s(self) -> list[Tank]:
        """The T-34s by number."""
        out = [t for t in self.tanks.values() if t.side != "german"]
        out.sort(key=_NUMBER)
        return out

    def tiger(self, n: int) -> Tank | None:
        return self.tanks.get(f"tiger{n}")

    def grounded_stuka_at(self, p: Pos) -> bool:
        s = self.stuka
        return s is not None and s.state in ("ground", "landed") and s.airfield == p

    def airfield(self) -> Pos | None:
        return self.stuka.airfield if self.stuka is not None else None

    def lead(self, side: str) -> int:
        return self.side_players[side][0]

    def side_name(self, side: str) -> str:
        return "German" if side == "german" else "Soviet"

    def soviet_weapons(self) -> int:
        """DG-20.2: T-34s on the board plus face-down wheel markers."""
        live = sum(1 for t in self.t34s() if not t.destroyed)
        return live + sum(1 for m in self.markers.values() if m.wheel)

    # ------------------------------------------------------------ protocol
    def to_move(self) -> int:
        if self.pending_orient:
            return self.tanks[self.pending_orient[0]].owner
        st = self.step
        if st == "S1":
            return self.lead(self.tile_turn)
        if st == "D2" and self.combat is not None:
            return combat.current_player(self)
        if st == "A4":
            return tigers.programmer(self)
        if st == "C1":
            return self.lead("german")
        if st == "D4" and self.stuka is not None:
            return self.stuka.owner
        side = STEP_SIDE.get(st, "german")
        ps = self.side_players[side]
        return ps[min(self.sub, len(ps) - 1)]

    def decision(self) -> str:
        if self.finished:
            return "game over"
        if self.pending_orient:
            t = self.tanks[self.pending_orient[0]]
            at = view.lab(t.pos)
            return (f"set the hull and turret of the T-34 revealed at {at}, each NE E SE SW W NW "
                    f"(orient {at} W NW) (DG-10.6)")
        if self.step == "A4":
            return tigers.decision_text(self)
        if self.step == "D2" and self.combat is not None:
            return combat.decision_text(self)
        if self.step == "D4" and self.stuka is not None and self.stuka.state == "flying":
            s = self.stuka
            return (f"phase D4: the Stuka flies, flight phase {s.flight_phase} of "
                    f"{self.cfg.weapons.stuka.flight_phases}, {s.actions_left} action(s) left in it (DG-13)")
        if self.step == "B3" and self.active_t34 is not None:
            t = self.tanks[self.active_t34]
            return (f"phase B3: move T-34s (DG-15); T-34 #{t.number} at {view.lab(t.pos)} has {self.ma_left} "
                    "MA left: moving another T-34 ends its move (DG-15.4)")
        if self.step == "O3" and not self._end_allowed():  # say why there is no 'end' yet
            return "opening: activate wheel markers, at least one before the phase ends (DG-8.1 O3)"
        return STEP_NAMES.get(self.step, self.step)

    def forced_pass(self) -> Action | None:
        """The one action left when there is nothing to choose, or None (issue 59.3): the
        end of a step whose only legal action is ``end`` (no ATG to haul, tire, turn or
        activate, no recon, ...), or holding the fire of a gun with no target left. The
        browser table plays it for a person's seat, with a line in its log; the record
        keeps it as any other decision, so a replay stays exact."""
        if self.finished:
            return None
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 and isinstance(legal[0], (EndStep, Hold)) else None

    def earlier_decisions(self) -> list[str]:
        """The decision as earlier versions worded it (the prompts now say their choices
        in a player's words, issue 59): a position file saved then names it so and still
        loads as the same position (position.check_decision)."""
        out: list[str] = []
        if self.pending_orient:
            t = self.tanks[self.pending_orient[0]]
            out.append(f"orient the revealed T-34 at {view.lab(t.pos)}: hull and turret (DG-10.6)")
        elif self.step == "A4":
            out += [t for t in [tigers.earlier_decision_text(self)] if t]
        elif self.step == "D2" and self.combat is not None:
            out += combat.earlier_decision_texts(self)
        elif self.step == "D4" and self.stuka is not None and self.stuka.state == "flying":
            s = self.stuka
            out.append(f"phase D4: Stuka flight phase {s.flight_phase}/{self.cfg.weapons.stuka.flight_phases}, "
                       f"{s.actions_left} action(s) left (DG-13)")
        elif self.step == "B3" and self.active_t34 is not None:
            t = self.tanks[self.active_t34]
            out.append(f"phase B3: move T-34s (DG-15); T-34 at {view.lab(t.pos)} has {self.ma_left} MA left")
        return out

    def legal_actions(self) -> list[Action]:
        if self.finished:
            return []
        cached = self._cache
        if cached is None:
            cached = self._step_actions()
            if self.search_copy:  # changed only by apply, which forgets them (a test may set pieces by hand)
                self._cache = cached
        acts = list(cached)
        if self._end_allowed():
            acts.append(EndStep())
        return acts

    def search_actions(self) -> list[Action]:
        """On the AI's copies, the legal actions its heuristics keep (search.prune), whole
        Tiger programs at a stack's first card, and the Stuka pilot's action
        (search.stuka_choices)."""
        if not self.search_copy:
            return self.legal_actions()
        programs = search.program_candidates(self)
        if programs:
            return programs
        actions = self.legal_actions()
        if self.step == "D4":
            flight = search.stuka_choices(self, actions)
            if flight:
                return flight
        return search.prune(self, actions)

    def search_destination(self, action: Action) -> Hashable:
        """A whole Tiger program: where it leads as the board stands (search.destination);
        any other action: itself."""
        return search.destination(self, action)

    def search_priors(self, actions: Sequence[Action]) -> list[float] | None:
        """Shots that would do something first, then holding fire (search.priors)."""
        return search.priors(self, actions)

    def _step_actions(self) -> list[Action]:
        if self.pending_orient:
            return markers.orient_actions(self)
        st = self.step
        if st in SETUP_STEPS:
            return setup.actions(self)
        if st in ("O1", "B1"):
            return markers.move_actions(self)
        if st in ("O2", "A3", "C2"):
            return recon.actions(self)
        if st in ("O3", "B2"):
            return markers.activate_actions(self) + atg.t34_reveal_actions(self)
        if st == "O4":
            return atg.t34_reveal_actions(self)
        if st in ("A1a", "A1b", "A2", "D1"):
            return atg.actions(self)
        if st == "A4":
            return tigers.program_actions(self)
        if st == "B3":
            return t34.actions(self)
        if st == "C1":
            return tigers.execute_actions(self)
        if st == "D2":
            return combat.actions(self)
        if st == "D4":
            return stuka.actions(self)
        return []

    def _end_allowed(self) -> bool:
        if self.pending_orient:
            return False
        st = self.step
        if st in SETUP_STEPS or st in ("A4", "C1", "A1a") or st == "D2":
            return False
        if st == "O3":
            return markers.opening_minimum_met(self) or not markers.activate_actions(self)
        return True

    def _check(self, action: Action) -> Illegal | None:
        if self.finished:
            return Illegal("DG-20", "the game is over")
        if isinstance(action, EndStep):
            if self._end_allowed():
                return None
            if self.step == "O3":
                return Illegal("DG-8.1", "at least one T-34 must be activated in the opening phase (O3)")
            if self.pending_orient:
                return Illegal("DG-10.6", "first set the hull and turret of the revealed T-34 (orient HEX HULL TURRET)")
            return Illegal("DG-8", f"this step cannot be passed: {self.decision()}")
        if self.pending_orient:
            return markers.check_orient(self, action)
        st = self.step
        if st in SETUP_STEPS:
            return setup.check(self, action)
        if st in ("O1", "B1"):
            return markers.check_move(self, action)
        if st in ("O2", "A3", "C2"):
            return recon.check(self, action)
        if st in ("O3", "B2", "O4"):
            if _is_reveal(action):
                return atg.check_t34_reveal(self, action)
            if st == "O4":
                return Illegal("DG-8.1", "in O4 only T-34 recon is possible: HEX reveal HEX, or end")
            return markers.check_activate(self, action)
        if st in ("A1a", "A1b", "A2", "D1"):
            return atg.check(self, action)
        if st == "A4":
            return tigers.check_program(self, action)
        if st == "B3":
            return t34.check(self, action)
        if st == "C1":
            return tigers.check_execute(self, action)
        if st == "D2":
            return combat.check(self, action)
        if st == "D4":
            return stuka.check(self, action)
        return Illegal("DG-8", f"no decision is due in step {st}")

    def _apply(self, action: Action) -> list[Event]:
        self._cache = None
        events: list[Event] = []
        if isinstance(action, EndStep):
            self._end_step(events)
        elif self.pending_orient:
            events += markers.apply_orient(self, action)
        else:
            st = self.step
            if st in SETUP_STEPS:
                events += setup.apply(self, action)
            elif st in ("O1", "B1"):
                events += markers.apply_move(self, action)
            elif st in ("O2", "A3", "C2"):
                events += recon.apply(self, action)
            elif st in ("O3", "B2", "O4"):
                if _is_reveal(action):
                    events += atg.apply_t34_reveal(self, action)
                else:
                    events += markers.apply_activate(self, action)
            elif st in ("A1a", "A1b", "A2", "D1"):
                events += atg.apply(self, action)
            elif st == "A4":
                events += tigers.apply_program(self, action)
            elif st == "B3":
                events += t34.apply(self, action)
            elif st == "C1":
                events += tigers.apply_execute(self, action)
            elif st == "D2":
                events += combat.apply(self, action)
            elif st == "D4":
                events += stuka.apply(self, action)
        self._advance(events)
        return events

    def _outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        return setup.outcome(self)

    def max_decisions(self) -> int | None:
        """Set-up, opening and every round up to ``end.max_rounds`` or ``end.round_cap``,
        each counted step by step from the components (derivation in bound.py)."""
        from rulesets.duel_of_the_giants.bound import max_decisions

        return max_decisions(self.cfg, len(self.players))

    # ------------------------------------------------------------ sequencing
    def _end_step(self, events: list[Event]) -> None:
        """``end``: the current player is done with this step."""
        st = self.step
        if st == "B3" and self.active_t34 is not None:
            self.t34_done.add(self.active_t34)
            self.active_t34 = None
        if st == "D4" and self.stuka is not None and self.stuka.state == "flying":
            events += stuka.end_flight_phase(self)
            self._next_step(events)
            return
        side = STEP_SIDE.get(st)
        if st not in SOLO_STEPS and side is not None and self.sub + 1 < len(self.side_players[side]):
            self.sub += 1
            if st == "B3":
                self.active_t34 = None
            return
        self._next_step(events)

    def _next_step(self, events: list[Event]) -> None:
        st = self.step
        if st in PHASE_END:
            events += self._phase_end(PHASE_END[st])
            if self.finished:
                return
        order = SETUP_STEPS + OPENING_STEPS if st in SETUP_STEPS or st in OPENING_STEPS else ROUND_STEPS
        i = order.index(st)
        if st == "S4":
            nxt = "O1"
        elif st == "O4" or st == "D7":
            nxt = "A1a"
        else:
            nxt = order[i + 1]
        self.step = nxt
        self.sub = 0
        self._enter_step(events)

    def _phase_end(self, name: str) -> list[Event]:
        """DG-20.3: the end check is made at the end of every phase."""
        if self.soviet_weapons() == 0:
            events = [vpmod.update_bar(self)]
            self.finished = "the Soviet side has no weapons left in play (DG-20.1)"
            events.append(Event("game_end", f"Game over after {name} of round {self.round}: {self.finished}"))
            return events
        return []

    def _enter_step(self, events: list[Event]) -> None:
        st = self.step
        if st == "O1":
            self.moved_markers = []
            self.activated_now = set()
            self.phase_seq += 1
        elif st == "A1a":
            # T-34s activated from here to B2 may recon directly after activation (DG-10.7)
            self.activated_now = set()
            self.round += 1
            self.phase_seq += 1
            events.append(Event("round", f"--- Round {self.round}, phase A ---", {"round": self.round}))
            events += atg.start_phase_a(self)
            self.programs = {}
            self.draft = ()
        elif st == "B1":
            self.b_started += 1
            self.phase_seq += 1
            self.moved_markers = []
            events.append(Event("phase", f"--- Round {self.round}, phase B ---"))
            if self.round == 1 and not self.cfg.rules.markers.move_in_round1_phase_b:
                self._next_step(events)
        elif st == "A2":
            self.faced = set()
        elif st == "B3":
            self.t34_done = set()
            self.active_t34 = None
            self.turret_set = False
        elif st == "C1":
            self.phase_seq += 1
            self.executed = set()
            events.append(Event("phase", f"--- Round {self.round}, phase C ---"))
        elif st == "D1":
            self.phase_seq += 1
            self.exposed = set()
            self.damaged_this_d = {}
            events.append(Event("phase", f"--- Round {self.round}, phase D ---"))
        elif st == "D2":
            events += combat.start(self)
        elif st == "D4":
            events += stuka.start_d4(self)

    def _run_auto(self, events: list[Event]) -> None:
        st = self.step
        if st == "B4":
            events += setup.drift_bookkeeping(self, "soviet")
        elif st == "C3":
            events += setup.drift_bookkeeping(self, "german")
        elif st == "D3":
            events += combat.remove_destroyed(self)
        elif st == "D5":
            events += atg.remove_standing_tires(self)
        elif st == "D6":
            events.append(vpmod.update_bar(self))
        elif st == "D7":
            if self.soviet_weapons() == 0:
                self.finished = "the Soviet side has no weapons left in play (DG-20.1)"
                events.append(Event("game_end", f"Game over after round {self.round}: {self.finished}"))
                return
            limit = self.cfg.rules.end.max_rounds
            if limit is not None and self.round >= limit:
                self.finished = f"the round limit of {limit} was reached (DG-20.4)"
                events.append(Event("game_end", f"Game over: {self.finished}"))
                return
            cap = self.cfg.rules.end.round_cap
            if cap is not None and self.round >= cap:
                self.finished = f"{setup.ROUND_CAP} of {cap} rounds was reached (end.round_cap, DG-AMB-39)"
                events.append(Event("game_end", f"Game over, drawn: {self.finished}"))
                return
        self._next_step(events)

    def _advance(self, events: list[Event]) -> None:
        """Run automatic steps and skip empty decisions until someone must decide."""
        guard = 0
        while not self.finished:
            guard += 1
            if guard > 10_000:  # pragma: no cover - a bug, never a rule
                raise RuntimeError(f"duel-of-the-giants: no progress in step {self.step}")
            if self.pending_orient:
                return
            if self.step in AUTO_STEPS:
                self._run_auto(events)
                continue
            if self.step == "C1" and tigers.auto_execute(self, events):
                continue
            if self.step == "D2" and self.combat is not None and combat.auto(self, events):
                continue
            if self.step in SETUP_STEPS and setup.auto(self, events):
                continue
            if self._surely_deciding():
                return
            acts = self._step_actions()
            if acts:
                self._cache = acts
                return
            if self.step in ("O3", "B2") and markers.has_uncovered(self):
                # DG-24: skipping would tell the opponent that no wheel marker is left
                # among them, so the Soviet player is asked even if he can only pass.
                return
            self._end_step(events)

    def _surely_deciding(self) -> bool:
        """Cheap shortcuts for steps that certainly offer a choice (saves building long lists)."""
        if self.step == "A4":
            return bool(tigers.unprogrammed(self))
        if self.step == "B3":
            return t34.has_action(self)
        if self.step in ("O1", "B1"):
            return markers.has_move(self)
        return False

    def table_commands(self) -> Sequence[TableCommand]:
        """``preview TIGER CARDS`` (preview.py)."""
        from rulesets.duel_of_the_giants.preview import COMMANDS

        return COMMANDS

    def describe_action(self, action: Action) -> str:
        """A Tiger program's end hex and facing (a card laid: the stack's, were it
        ended there; a Tiger about to execute: its program's); an ATG activation's line of fire (preview.py); the hits a
        shot would score and what they would do (combat.py)."""
        from rulesets.duel_of_the_giants.actions import (
            Activate,
            CloseProgram,
            Execute,
            Fire,
            LayCard,
            Orient,
            Program,
        )
        from rulesets.duel_of_the_giants.combat import fire_note
        from rulesets.duel_of_the_giants.preview import atg_note, program_note

        if isinstance(action, Program):
            return program_note(self, action)
        if isinstance(action, LayCard):
            return program_note(self, Program(action.tiger, (*self.draft, action.card)))
        if isinstance(action, CloseProgram):
            return program_note(self, Program(action.tiger, self.draft))
        if isinstance(action, Execute):  # the German's own program, about to run (DG-8.4 C1)
            return program_note(self, Program(action.tiger, tuple(self.programs.get(action.tiger, ()))), every_aim=True)
        if isinstance(action, Activate) and action.hull is not None and action.turret is not None:
            from rulesets.duel_of_the_giants.foresight import facing_preview

            # a marker's T-34 with its facings: what it would aim at, who could hit it (issue 59.9);
            # silent where no German gun is in line either way, so 36 facings list in columns
            return quiet(facing_preview(self, action.at, action.hull, action.turret)[0])
        if isinstance(action, Orient):
            from rulesets.duel_of_the_giants.foresight import facing_preview

            return quiet(facing_preview(self, action.at, action.hull, action.turret)[0])
        if isinstance(action, Activate):
            return atg_note(self, action)
        if isinstance(action, Fire):
            return fire_note(self, action)
        return self._foresight(action)

    def _foresight(self, action: Action) -> str:
        """The hexes an ATG would cover on a new facing or place, and where the Stuka's
        action leaves it with what it may still reach and attack (issue 59.9, foresight.py)."""
        from rulesets.duel_of_the_giants.actions import Face, Haul, StukaAction, T34Dash, T34Step
        from rulesets.duel_of_the_giants.foresight import cover_note, flight_note, t34_danger

        if isinstance(action, (Face, Haul)):
            gun = self.atg_at(action.at)
            if gun is None or gun.owner != self.to_move():
                return ""
            return cover_note(self, gun, action.to if isinstance(action, Haul) else None, action.facing)
        if isinstance(action, StukaAction):
            return flight_note(self, action.op, action.target)
        if isinstance(action, (T34Step, T34Dash)):
            return t34_danger(self, action)
        from rulesets.duel_of_the_giants.actions import Recon, T34Reveal

        if isinstance(action, Recon):
            from rulesets.duel_of_the_giants.recon import recon_note

            return recon_note(self, action.target)
        if isinstance(action, T34Reveal):
            from rulesets.duel_of_the_giants.recon import t34_recon_note

            return t34_recon_note(self, action.at, action.target)
        from rulesets.duel_of_the_giants.actions import T34Turret

        if isinstance(action, T34Turret):  # what the gun is laid on then (issue 59.9)
            from rulesets.duel_of_the_giants.foresight import turret_note

            return turret_note(self, action)
        return ""

    @property
    def move_lines(self) -> Callable[[Sequence[Action], Sequence[str]], list[tuple[str, str]]] | None:
        """``moves`` merges lines where a long list would run off a 40-row screen: in phase
        A2 each ATG's turns on one line (:func:`foresight.turn_lines`, issue 59), a T-34's
        36 facings by what they lead to when markers are activated or a T-34 oriented
        (:func:`foresight.facing_lines`), a T-34's moves without a note on one line in
        phase B3 (:func:`foresight.quiet_lines`); ``None`` elsewhere; a short list
        (``moves d3``) keeps a line per move with its note."""
        from rulesets.duel_of_the_giants.foresight import (
            MERGE_ABOVE,
            facing_lines,
            quiet_lines,
            turn_lines,
        )

        merge = (facing_lines if self.pending_orient or self.step in ("O3", "B2") else
                 turn_lines if self.step in ("A1a", "A2") else quiet_lines if self.step == "B3" else None)
        if merge is None:
            return None
        merged = merge

        def lines(actions: Sequence[Action], notes: Sequence[str]) -> list[tuple[str, str]]:
            if len(actions) <= MERGE_ABOVE:
                return [(self.group_of(a, n), format_action(a) + (f"  ({n})" if n else ""))
                        for a, n in zip(actions, notes, strict=True)]
            return merged(self, actions, notes)

        return lines

    @property
    def move_lines_said(self) -> str:
        """What ``moves`` says its merged lines are (cli/play.py), where Tank Chess's are destinations."""
        if self.pending_orient or self.step in ("O3", "B2"):
            return "by tank, facings grouped by their result ('moves HEX': one tank's)"
        if self.step == "B3":
            return "by T-34, moves without a note on one line ('moves HEX': one T-34's)"
        if self.step == "A1a":
            return "by gun and hex hauled to, facings on one line ('moves haul HEX')"
        return "by gun, its turns on one line ('moves face HEX': one gun's)"

    def group_of(self, action: Action, note: str) -> str:
        """A Tiger program under where it ends (its note's first clause), a marker's
        move under the marker's hex, anything else done at a hex under that hex
        (the hex the browser table places it on, table_aids.py)."""
        from rulesets.duel_of_the_giants.actions import Hold, MoveMarker, Program
        from rulesets.duel_of_the_giants.board import label
        from rulesets.duel_of_the_giants.table_aids import hexes

        if isinstance(action, Program):
            return f"tiger{action.tiger} {note.split(',')[0]}" if note else ""
        if isinstance(action, Hold):  # not placed on the board (a button of its own), listed at its gun
            return label(action.shooter)
        start, end = hexes(action)
        at = start if start is not None else end
        if at is None:
            return ""
        return f"marker {label(at)}" if isinstance(action, MoveMarker) else label(at)

    def position(self) -> dict[str, Any]:
        """The omniscient state as a ``kind: position`` document (position.py)."""
        from rulesets.duel_of_the_giants.position import position_of

        return position_of(self)

    # ------------------------------------------------------------ notation
    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def public_action_text(self, action: Action) -> str | None:
        """Moves of pieces and markers are public (DG-24.3); set-up identities,
        Tiger programs and fire declarations are not (DG-24.1/24.2)."""
        return format_action(action) if isinstance(action, PUBLIC_ACTIONS) else None

    # ------------------------------------------------------------ views
    def view(self, player: int | None) -> dict[str, Any]:
        return view.make_view(self, player)

    def render(self, player: int | None = None, color: bool = False) -> str:
        from rulesets.duel_of_the_giants.render import render_text

        return render_text(self.view(player))

    def summarize_events(self, events: Sequence[Event]) -> str:
        """Combat, VP, mines, reveals in one line (:mod:`rulesets.duel_of_the_giants.summary`)."""
        from rulesets.duel_of_the_giants.summary import summarize

        return summarize(events)

    def render_compact(self, player: int | None = None, color: bool = False) -> str:
        """The map without the hex-by-hex list of pieces (``board`` in the terminal shows it)."""
        from rulesets.duel_of_the_giants.render import render_text

        return render_text(self.view(player), compact=True)

    def evaluate(self, player: int) -> float:
        return view.evaluate(self, player)

    # ------------------------------------------------------------ search
    def search_apply(self, action: Action) -> None:
        """``_apply`` without the re-check and the history: the action came from
        ``legal_actions`` of this state (core.game.Game.search_apply)."""
        self._apply(action)
        super().state_changed()  # the outcome only: _apply left the next decision's actions in _cache

    def state_changed(self) -> None:
        """Also forget the current decision's actions (``_cache``), for a state changed by hand."""
        self._cache = None
        super().state_changed()

    def random_step(self, rng: Any) -> bool:
        """One decision of the playout policy (search.playout_action)."""
        actions = self.search_actions()
        if not actions:
            return False
        self.search_apply(search.playout_action(self, actions, rng))
        return True

    # ------------------------------------------------------------ copies
    def clone(self) -> DuelGame:
        """A fast independent copy: each attribute copied by a copier made for its
        shape, pieces copied one level deep (their fields are immutable values),
        static config shared (copying.py)."""
        cls = type(self)
        other = cls.__new__(cls)
        copy_state(self.__dict__, other.__dict__)
        other.history = list(self.history)
        other.dice = self.dice.copy()
        return other

    def secrets_hidden(self) -> int:
        """Face-down pieces: tank markers, ATG markers and mine markers not yet turned
        up. A recon, an activation, a shot or a Stuka's reconnaissance that turns one
        up (or removes it as a bluff) cannot be undone (issue 26.4)."""
        return (len(self.markers) + sum(1 for a in self.atgs.values() if not a.face_up)
                + sum(1 for m in self.mines.values() if not m.face_up))

    def determinize(self, player: int, seed: int) -> DuelGame:
        """A copy consistent with what ``player`` knows; his opponents' secrets resampled."""
        g = self.clone()
        g.history = []
        g._initial = None
        g._cache = None
        g.search_copy = True
        rng = random.Random(seed)
        view.resample_secrets(g, self.side_of[player], rng, likely=True)
        return g

    def hidden_variant(self, player: int, seed: int) -> DuelGame:
        """This game with what ``player``'s side cannot see dealt again (for ``tanktable
        check``): the same re-deal as :meth:`determinize` (the identities of the other
        side's face-down markers, ATGs and mines among themselves, its Tiger programs
        not yet executed, its fire declarations), on a whole game that keeps its
        history, so that everything ``player`` is sent can be compared."""
        g = self.clone()
        g.state_changed()
        view.resample_secrets(g, self.side_of[player], random.Random(seed))
        return g


_NUMBER = attrgetter("number")


def quiet(note: str) -> str:
    """An activation's facing note, or ``""`` where it says no German gun is in line either
    way: like a T-34 step no gun covers, a facing that meets nothing goes without a note."""
    return "" if note.startswith("no German gun in line") else note


def _is_reveal(action: Action) -> bool:
    from rulesets.duel_of_the_giants.actions import T34Reveal

    return isinstance(action, T34Reveal)
