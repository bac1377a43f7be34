"""The fast tank chess position: flat arrays, precomputed tables, push/pop.

Everything the rules need a thousand times per second lives here: move
generation (a breadth-first search over (square, facing) states per piece,
TC-4; for playouts the same search on bitboards, Python ints), shots (TC-5/TC-6/TC-6M), making and unmaking moves with an undo
stack (python-chess style), Zobrist hashing for repetitions (TC-7.4), and the
CHECK/ESCAPE tests (TC-8). The Game class wraps it with events, notation and
explanations; the benchmarks and computer players use it directly.

Squares are flat indices ``rank * files + file``; a *state* is
``square * 8 + facing``. A move is a tuple ``(piece, to, facing, target)``
with ``to == -1`` for leaving the board and ``target == -1`` for no shot.
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.combat import defeats
from core.grid.square import direction_between, ray_table, step_table
from core.memo import Memo
from rulesets.tank_chess.cards import ARMOUR_MAX, Card
from rulesets.tank_chess.maps import MapLayout, exit_allowed
from rulesets.tank_chess.settings import Settings

Move = tuple[int, int, int, int]
"""(piece id, destination square or -1 = off the board, final facing, target piece or -1)."""

ReachBits = tuple[int, bool, tuple[int, ...], tuple[int, ...], int]
"""A tank's end states as bitboards (:meth:`Position._reach_bits`)."""


@dataclass(slots=True)
class FireLines:
    """The lines of fire on a Command Tank (see :meth:`Position.fire_lines`)."""

    segments: list[tuple[int, int, int, int]]
    """Runs of squares along its rays (:meth:`Position._approach_segments`)."""
    direct: dict[int, list[tuple[int, int]]]
    """Squares to fire from (:meth:`Position._approach`)."""
    near: dict[tuple[int, int], bool] = field(default_factory=dict)
    """Whether a tank of a kind on a square can reach a line, by (square, kind)."""


ARMOUR_SIDES = ("front", "side", "rear")
"""Names of the armour a shot meets, by :meth:`Rules.hit_side` (TC-6.1)."""

OBSTACLE = -1
MAP_WRECK = -2

NO_ESCAPE = 1 << 20
"""Turns (or steps) to the edge of a Command Tank that is gone or walled in."""

REACH_CACHE_LIMIT = 300_000
"""End-state sets remembered per rules before the cache starts afresh."""
ACTION_MEMO_LIMIT = 400_000
"""Built actions kept per rules (:attr:`Rules.memo`)."""

_SERIAL = itertools.count(1)
"""Unique numbers for Rules objects and bare positions (cache keys that never collide)."""


class Rules:
    """Everything fixed for one game: board tables, piece stats, settings.

    Shared (never copied) between clones of a game.
    """

    def __init__(self, size: int, cards: Sequence[Card], settings: Settings):
        self.files = self.ranks = size
        n = self.n = size * size
        self.serial = next(_SERIAL)
        self.settings = settings
        self.step = step_table(size, size)
        self.rays = ray_table(size, size)
        self.corner_cutting = settings.movement.corner_cutting
        # Successor states of (square, facing): one step ahead (-1 off the board), turns.
        self.ahead = [self.step[st] * 8 + (st & 7) if self.step[st] >= 0 else -1 for st in range(n * 8)]
        self.turn_left = [(st & ~7) | ((st - 1) & 7) for st in range(n * 8)]
        self.turn_right = [(st & ~7) | ((st + 1) & 7) for st in range(n * 8)]
        # Orthogonal neighbours a diagonal step passes between (TC-4.5).
        self.orth_a = [-1] * (n * 8)
        self.orth_b = [-1] * (n * 8)
        for sq in range(n):
            for d in (1, 3, 5, 7):
                if self.step[sq * 8 + d] >= 0:
                    self.orth_a[sq * 8 + d] = self.step[sq * 8 + ((d - 1) & 7)]
                    self.orth_b[sq * 8 + d] = self.step[sq * 8 + ((d + 1) & 7)]
        self.exit_ok = tuple(
            [exit_allowed((st // 8 % size, st // 8 // size), st & 7, side, size, size, settings.exit.diagonal)
             for st in range(n * 8)]
            for side in (0, 1)
        )
        self.cards = list(cards)
        self.card_index = {c.id: i for i, c in enumerate(self.cards)}
        self.speed = [c.speed for c in cards]
        self.gun = [c.gun for c in cards]
        self.offsets = [c.fire_offsets for c in cards]
        self.fire_mask = [[o in c.fire_offsets for o in range(8)] for c in cards]
        self.indirect = [(c.indirect.min, c.indirect.max) if c.indirect else None for c in cards]
        self.command = [c.command for c in cards]
        self.armour = [(c.armour.front, c.armour.side, c.armour.rear) for c in cards]
        self.value = [c.value for c in cards]
        # Which armour a shot meets, by (direction target->shooter - target facing) & 7 (TC-6.1).
        self.side_of = [1] * 8
        for rel in settings.armour.front:
            self.side_of[rel & 7] = 0
        for rel in settings.armour.rear:
            self.side_of[rel & 7] = 2
        self.ineffective = settings.shooting.ineffective_shots
        self.destroys = [[defeats(c.gun, armour) for armour in range(ARMOUR_MAX + 1)] for c in cards]
        """Per card, by armour value met: does its shot destroy (TC-6.2)?"""
        self.may_shoot = [[True] * (ARMOUR_MAX + 1) if self.ineffective else row for row in self.destroys]
        """Per card, by armour value met: is the shot legal? Every shot when ineffective
        shots are allowed, else only those that destroy (setting ``shooting.ineffective_shots``)."""
        self.repetition = settings.draw.repetition
        self.quiet_limit = settings.draw.move_limit * 2
        self.no_legal_move = settings.draw.no_legal_move
        self.bands: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for band in set(b for b in self.indirect if b is not None):
            lo, hi = band
            self.bands[band] = [ray[lo - 1:hi] for ray in self.rays]
        rng = random.Random(0x7A4C)
        self.zob = [[rng.getrandbits(64) for _ in range(n * 8)] for _ in range(len(cards) * 2)]
        self.zob_wreck = [rng.getrandbits(64) for _ in range(n)]
        self.zob_side = rng.getrandbits(64)
        self.memo: Memo[Any, Any] = Memo(ACTION_MEMO_LIMIT, per_game=False)
        """Free for the game layer to cache what depends only on these rules (the game
        keeps its immutable actions here, keyed by card, from, to, facing, target square)."""
        self.texts: Memo[Any, str] = Memo(ACTION_MEMO_LIMIT, per_game=False)
        """Free for the game layer: an action's notation by the action (the names of
        squares follow these rules' size and settings)."""
        self.reach_cache: Memo[Any, tuple[frozenset[int], bool]] = Memo(REACH_CACHE_LIMIT)
        self._neighbourhoods: dict[tuple[int, int], Any] = {}
        self.states = n * 8
        """States (square * 8 + facing) on the board: :meth:`reach_zone`'s keys are
        ``speed * states + start``, one int."""
        self._zones: dict[int, Any] = {}
        self._zone_cells: dict[int, frozenset[int]] = {}
        self.exit_steps: dict[tuple[int, int], list[int]] = {}
        """Per (board, side): steps from each state to the exit past the fixed obstacles."""
        # Bitboards for the playout's reach search (:meth:`Position._reach_bits`): square
        # (file, rank) is bit ``rank * pad + file``, one always-blocked column wider than
        # the board, so a step off the east or west edge lands on a padding bit.
        pad = self.pad = size + 1
        self.bit = [1 << ((sq // size) * pad + sq % size) for sq in range(n)]
        """The bit of each square on the padded board."""
        self.board_bits = sum(self.bit)
        self.square_of_bit = [-1] * (size * pad)
        """The square of each bit of the padded board (-1: padding)."""
        for sq, b in enumerate(self.bit):
            self.square_of_bit[b.bit_length() - 1] = sq
        self.exit_bits = tuple(
            tuple(sum(self.bit[sq] for sq in range(n) if self.exit_ok[side][sq * 8 + f]) for f in range(8))
            for side in (0, 1))
        """Per side, per facing: the squares from which a forward step leaves the board (TC-7.2/7.3)."""
        self._zone_bits: dict[int, int] = {}
        self._open_reach: dict[int, int] = {}
        self.zone_span = (max(self.speed, default=0) + 1) * self.states
        """More than any :meth:`reach_zone` key: a reach key multiplies the occupancy by it."""
        self.reach_bits: Memo[int, ReachBits] = Memo(REACH_CACHE_LIMIT)
        """:meth:`Position._reach_bits` by start, speed, side and the zone's occupancy."""

    def neighbourhood(self, sq: int, radius: int) -> Any:
        """A getter of the cells within ``radius`` (at least 1) of ``sq``: the
        squares a move of that length can touch, read as one tuple."""
        key = (sq, radius)
        getter = self._neighbourhoods.get(key)
        if getter is None:
            reach = max(radius, 1)
            x0, y0 = sq % self.files, sq // self.files
            cells = [y * self.files + x
                     for y in range(max(0, y0 - reach), min(self.ranks, y0 + reach + 1))
                     for x in range(max(0, x0 - reach), min(self.files, x0 + reach + 1))]
            getter = self._neighbourhoods[key] = operator.itemgetter(*cells, sq)
        return getter

    def reach_zone(self, start: int, speed: int) -> Any:
        """A getter of the cells whose contents the search of :meth:`Position._search`
        from state ``start`` at ``speed`` could ever look at, read as one tuple.

        Those are the squares one step ahead of every state reachable in fewer
        than ``speed`` steps on an empty board (and the squares a diagonal step
        passes between, without corner cutting), and the square behind: a
        search tests no other square whatever stands where. So two positions that
        agree on these cells get the very same end states from the same search,
        in the same order, and may share one cached answer. A tank's move
        reaches few of the squares around it (turning costs a step), so keying
        on these rather than on every cell within ``speed`` lets searches share
        answers across positions that differ elsewhere around the tank.
        """
        key = speed * self.states + start
        getter = self._zones.get(key)
        if getter is None:
            seen = {start}
            frontier = [start]
            cells: dict[int, None] = {}

            def read_by_step(st: int) -> None:
                """The cells a step from end state ``st`` reads: its target, and without
                corner cutting the two squares beside the diagonal."""
                t = self.step[st]
                if t >= 0:
                    cells[t] = None
                    if not self.corner_cutting and self.orth_a[st] >= 0:
                        cells[self.orth_a[st]] = None
                        cells[self.orth_b[st]] = None

            for _ in range(speed):
                nxt = []
                for st in frontier:
                    read_by_step(st)
                    for succ in (self.turn_left[st], self.turn_right[st], self.ahead[st]):
                        if succ >= 0 and succ not in seen:
                            seen.add(succ)
                            nxt.append(succ)
                frontier = nxt
            read_by_step((start & ~7) | (((start & 7) + 4) & 7))  # the step backwards
            cells.pop(start >> 3, None)  # the mover's own square: vacated for the search
            index = sorted(cells)
            self._zone_cells[key] = frozenset(index)
            getter = self._zones[key] = (operator.itemgetter(*index, index[0]) if index
                                         else lambda cell: ())
        return getter

    def _spread(self, start: int, steps: int) -> tuple[int, int, int, int, int, int, int, int]:
        """The states a tank from state ``start`` reaches on an empty board in at most
        ``steps`` steps (a step turns it 45 degrees or moves it one square ahead), as
        one board of bits (:attr:`bit`) per facing, N first."""
        bit, board, w = self.bit, self.board_bits, self.pad
        w1, wm = w + 1, w - 1
        a = [0] * 8
        a[start & 7] = bit[start >> 3]
        a0, a1, a2, a3, a4, a5, a6, a7 = a
        for _ in range(steps):
            a0, a1, a2, a3, a4, a5, a6, a7 = (
                a0 | a7 | a1 | ((a0 << w) & board),
                a1 | a0 | a2 | ((a1 << w1) & board),
                a2 | a1 | a3 | ((a2 << 1) & board),
                a3 | a2 | a4 | ((a3 >> wm) & board),
                a4 | a3 | a5 | ((a4 >> w) & board),
                a5 | a4 | a6 | ((a5 >> w1) & board),
                a6 | a5 | a7 | ((a6 >> 1) & board),
                a7 | a6 | a0 | ((a7 << wm) & board),
            )
        return a0, a1, a2, a3, a4, a5, a6, a7

    def zone_bits(self, start: int, speed: int) -> int:
        """The squares of :meth:`reach_zone` as bits of the padded board (:attr:`bit`),
        worked out on bitboards as :meth:`Position._search_bits` searches: the
        states an empty board lets the tank reach in fewer than ``speed`` steps, the
        square one step ahead of each, and without corner cutting the two squares
        beside a diagonal step; the step backwards likewise; not its own square."""
        key = speed * self.states + start
        mask = self._zone_bits.get(key)
        if mask is not None:
            return mask
        bit, board, w = self.bit, self.board_bits, self.pad
        w1, wm = w + 1, w - 1
        s0, f0 = start >> 3, start & 7
        a0, a1, a2, a3, a4, a5, a6, a7 = self._spread(start, speed - 1)
        if speed <= 0:
            a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = 0
        ne, se, sw, nw = (a1 << w1) & board, (a3 >> wm) & board, (a5 >> w1) & board, (a7 << wm) & board
        mask = ((a0 << w) | (a2 << 1) | (a4 >> w) | (a6 >> 1)) & board | ne | se | sw | nw
        if not self.corner_cutting:  # the squares beside each diagonal step that stays on the board
            mask |= (ne >> 1) | (ne >> w) | (se << w) | (se >> 1) | (sw << 1) | (sw << w) | (nw >> w) | (nw << 1)
        back = (start & ~7) | ((f0 + 4) & 7)
        for t in (self.step[back], -1 if self.corner_cutting else self.orth_a[back],
                  -1 if self.corner_cutting else self.orth_b[back]):
            if t >= 0:
                mask |= bit[t]
        mask &= ~bit[s0]
        self._zone_bits[key] = mask
        return mask

    def open_reach(self, start: int, speed: int) -> int:
        """The squares a tank from state ``start`` at ``speed`` could end its move on
        if the board were empty (its own square included), as bits: every square it
        can reach among them, whatever stands around it (a cheap first test)."""
        key = speed * self.states + start
        mask = self._open_reach.get(key)
        if mask is not None:
            return mask
        f0 = start & 7
        a0, a1, a2, a3, a4, a5, a6, a7 = self._spread(start, speed)
        mask = a0 | a1 | a2 | a3 | a4 | a5 | a6 | a7
        t = self.step[(start & ~7) | ((f0 + 4) & 7)]
        if t >= 0:
            mask |= self.bit[t]
        self._open_reach[key] = mask
        return mask

    def zone_cells(self, start: int, speed: int) -> frozenset[int]:
        """The squares of :meth:`reach_zone`: the only cells whose contents can change
        the end states of that search."""
        key = speed * self.states + start
        cells = self._zone_cells.get(key)
        if cells is None:
            self.reach_zone(start, speed)
            cells = self._zone_cells[key]
        return cells

    def square(self, index: int) -> tuple[int, int]:
        return index % self.files, index // self.files

    def index(self, sq: tuple[int, int]) -> int:
        return sq[1] * self.files + sq[0]

    def hit_side(self, d: int, target_face: int) -> int:
        """0 front, 1 side, 2 rear for a shot travelling in direction ``d`` (TC-6.1)."""
        return self.side_of[((d + 4) - target_face) & 7]


class Position:
    """A mutable tank chess position with push/pop."""

    __slots__ = (
        "rules", "cell", "kind", "side", "sq", "face", "alive", "to_move", "quiet",
        "hash", "reps", "winner", "reason", "stack", "pieces_of", "command_of", "board_key",
        "occ",
    )

    def __init__(self, rules: Rules, layout: MapLayout | None = None):
        self.rules = rules
        self.cell = [0] * rules.n
        self.kind: list[int] = []
        self.side: list[int] = []
        self.sq: list[int] = []
        self.face: list[int] = []
        self.alive: list[bool] = []
        self.to_move = 0
        self.quiet = 0
        self.hash = 0
        self.reps: dict[int, int] = {}
        self.winner = -1
        self.reason = ""
        self.stack: list[tuple[Any, ...]] = []
        self.pieces_of: tuple[list[int], list[int]] = ([], [])
        self.command_of = [-1, -1]
        self.board_key = -next(_SERIAL)
        self.occ = 0
        """The squares that are not empty (:attr:`cell` not 0), as bits of
        :attr:`Rules.bit`: kept in step by every change of a cell except the
        moving tank's own square, vacated for a moment while its moves are listed."""
        if layout is not None:
            self.place_terrain(layout.obstacles, layout.wrecks)
            for p in sorted(layout.pieces, key=lambda p: (p.side, p.square[1], p.square[0])):
                self.add(rules.card_index[p.card], p.side, rules.index(p.square), p.facing)
            self.reps[self.hash] = 1

    def place_terrain(self, obstacles: Iterable[tuple[int, int]], wrecks: Iterable[tuple[int, int]]) -> None:
        """Put a map's obstacles and wrecks on the empty board (set-up only)."""
        rules = self.rules
        obstacles, wrecks = sorted(obstacles), sorted(wrecks)
        for sq in obstacles:
            self.cell[rules.index(sq)] = OBSTACLE
            self.occ |= rules.bit[rules.index(sq)]
        for sq in wrecks:
            self.cell[rules.index(sq)] = MAP_WRECK
            self.occ |= rules.bit[rules.index(sq)]
            self.hash ^= rules.zob_wreck[rules.index(sq)]
        # the Zobrist hash leaves out what never changes (obstacles): caches shared
        # between games need it, so it is folded into this key once
        self.board_key = hash((rules.serial, tuple(rules.index(sq) for sq in obstacles),
                               tuple(rules.index(sq) for sq in wrecks)))

    def set_to_move(self, side: int) -> None:
        """Set up the side to move (set-up only): the hash follows, and the repetition
        count starts afresh from this position."""
        if side != self.to_move:
            self.to_move = side
            self.hash ^= self.rules.zob_side
        self.reps = {self.hash: 1}

    def add(self, kind: int, side: int, sq: int, face: int, alive: bool = True) -> int:
        """Place a piece (set-up only; not undoable); ``sq`` -1 is a Command Tank
        that has driven off the board (TC-7.2)."""
        pid = len(self.kind)
        self.kind.append(kind)
        self.side.append(side)
        self.sq.append(sq)
        self.face.append(face)
        self.alive.append(alive)
        self.pieces_of[side].append(pid)
        if self.rules.command[kind] and self.command_of[side] < 0:
            self.command_of[side] = pid
        if sq >= 0:
            self.cell[sq] = pid + 1
            self.occ |= self.rules.bit[sq]
            if alive:
                self.hash ^= self.rules.zob[kind * 2 + side][sq * 8 + face]
            else:
                self.hash ^= self.rules.zob_wreck[sq]
        return pid

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.rules = self.rules
        other.cell = self.cell[:]
        other.kind = self.kind
        other.side = self.side
        other.sq = self.sq[:]
        other.face = self.face[:]
        other.alive = self.alive[:]
        other.to_move = self.to_move
        other.quiet = self.quiet
        other.hash = self.hash
        other.reps = dict(self.reps)
        other.winner = self.winner
        other.reason = self.reason
        other.stack = self.stack[:]
        other.pieces_of = self.pieces_of
        other.command_of = self.command_of
        other.board_key = self.board_key
        other.occ = self.occ
        return other

    # ------------------------------------------------------------ movement
    def reachable(self, pid: int) -> tuple[frozenset[int], bool]:
        """End states (square*8+facing) a piece can reach this turn, and whether it can exit.

        TC-4.2 steps (forward / 45-degree turn) up to its speed, TC-4.3 the lone
        backward step, TC-4.4 only empty squares, TC-4.5 corner cutting,
        TC-3.3 the start state excluded, TC-7.2/7.3 the exit.
        """
        r = self.rules
        cell = self.cell
        s0 = self.sq[pid]
        f0 = self.face[pid]
        k = self.kind[pid]
        cell[s0] = 0
        try:
            return self._bfs(s0, f0, r.speed[k], r.command[k], self.side[pid])
        finally:
            cell[s0] = pid + 1

    def _bfs(self, s0: int, f0: int, speed: int, command: bool, side: int) -> tuple[frozenset[int], bool]:
        """End states from ``s0`` (already vacated by the caller), remembered per neighbourhood.

        A tank moves at most ``speed`` squares, so its end states depend only on
        which squares within that distance are occupied: the answer is cached
        under the start state and those squares' contents (read in one C call).
        A search asks for the same tank in the same surroundings over and over,
        in positions that differ elsewhere on the board.
        """
        r = self.rules
        start = s0 * 8 + f0
        zone = r._zones.get(speed * r.states + start)
        if zone is None:
            zone = r.reach_zone(start, speed)
        key = (start, speed, side if command else -1, zone(self.cell))
        cache = r.reach_cache
        hit = cache.get(key)
        if hit is None:
            states, can_exit = self._search(s0, f0, speed, command, side)
            hit = cache.remember(key, (frozenset(states), can_exit))
        return hit

    def _search(self, s0: int, f0: int, speed: int, command: bool, side: int) -> tuple[set[int], bool]:
        """The breadth-first search behind :meth:`_bfs`, one depth (step) at a time.

        Each depth is built from the frontier in three passes (turn left, turn
        right, one step forward onto an empty square); the turns are ``map`` over
        the tables, so those loops run in C. The sets are built in the same order
        whatever the speed-up: a frozenset's iteration order follows its insertions,
        and the moves' order (hence a seeded search's choices) follows that order.
        """
        r = self.rules
        cell = self.cell
        step = r.step
        ahead = r.ahead
        left = r.turn_left.__getitem__
        right = r.turn_right.__getitem__
        start = s0 * 8 + f0
        seen = {start}
        frontier = seen
        exit_ok = r.exit_ok[side] if command else None
        can_exit = False
        cc = r.corner_cutting
        for _ in range(speed):
            if exit_ok is not None and not can_exit:
                can_exit = any(map(exit_ok.__getitem__, frontier))
            nxt = set(map(left, frontier))
            nxt.update(map(right, frontier))
            if cc:
                nxt.update([a for st in frontier if (a := ahead[st]) >= 0 and cell[step[st]] == 0])
            else:
                oa, ob = r.orth_a, r.orth_b
                nxt.update([a for st in frontier if (a := ahead[st]) >= 0 and cell[step[st]] == 0 and (
                    oa[st] < 0 or cell[oa[st]] == 0 or cell[ob[st]] == 0)])
            nxt -= seen
            if not nxt:
                break
            seen |= nxt
            frontier = nxt
        seen.discard(start)
        back = s0 * 8 + ((f0 + 4) & 7)
        t = step[back]
        if t >= 0 and cell[t] == 0 and (cc or r.orth_a[back] < 0 or cell[r.orth_a[back]] == 0
                                        or cell[r.orth_b[back]] == 0):
            seen.add(t * 8 + f0)
        return seen, can_exit

    def _reach_bits(self, pid: int) -> ReachBits:
        """The end states of :meth:`reachable` as bitboards, for the playout step:
        (how many, whether the tank can exit, per facing the bits of the squares it
        can end on with that facing, per facing how many, the bits of every square
        it can end on).

        The same rules as :meth:`_search` (TC-4.2..4.5, TC-3.3, TC-7.2/7.3) worked
        out on all squares at once: a step of the search turns every state of a
        facing left or right (the boards of the neighbouring facings) and moves it
        one square ahead (one shift of that facing's board, masked by the empty
        squares and, without corner cutting, by the squares beside a diagonal).
        Eight boards and a few dozen integer operations per step, where the set
        search handles each state; no set is built, and the playout draws its end
        state by number from the counts. Remembered by start, speed, side (a
        Command Tank's exit) and which cells of :meth:`Rules.reach_zone` are
        occupied (:attr:`occ`): nothing else can change the answer.
        """
        r = self.rules
        s0 = self.sq[pid]
        f0 = self.face[pid]
        k = self.kind[pid]
        speed = r.speed[k]
        start = s0 * 8 + f0
        zkey = speed * r.states + start
        zone = r._zone_bits.get(zkey)
        if zone is None:
            zone = r.zone_bits(start, speed)
        command = r.command[k]
        side = self.side[pid]
        key = ((self.occ & zone) * r.zone_span + zkey) * 3 + (side + 1 if command else 0)
        hit = r.reach_bits.get(key)
        if hit is None:
            hit = r.reach_bits.remember(key, self._search_bits(s0, f0, speed, r.exit_bits[side] if command else None))
        return hit

    def _search_bits(self, s0: int, f0: int, speed: int,
                     exits: tuple[int, ...] | None) -> ReachBits:
        """:meth:`_reach_bits` worked out (``exits``: :attr:`Rules.exit_bits` of a
        Command Tank's side, else ``None``)."""
        r = self.rules
        bit = r.bit
        w = r.pad
        w1, wm = w + 1, w - 1
        e = (r.board_bits & ~self.occ) | bit[s0]  # the empty squares, the mover's own vacated
        m0 = m1 = m2 = m3 = m4 = m5 = m6 = m7 = e
        if not r.corner_cutting:  # TC-4.5: a diagonal step needs one of the two squares beside it empty
            m1 = e & ((e << 1) | (e << w))  # NE to t: t-1 (north of the start) or t-w (east of it)
            m3 = e & ((e >> w) | (e << 1))  # SE
            m5 = e & ((e >> 1) | (e >> w))  # SW
            m7 = e & ((e << w) | (e >> 1))  # NW
        a = [0] * 8
        a[f0] = bit[s0]
        a0, a1, a2, a3, a4, a5, a6, a7 = a
        can_exit = False
        for level in range(speed):
            if exits is not None and level == speed - 1:
                x0, x1, x2, x3, x4, x5, x6, x7 = exits
                can_exit = bool(a0 & x0 or a1 & x1 or a2 & x2 or a3 & x3
                                or a4 & x4 or a5 & x5 or a6 & x6 or a7 & x7)
            a0, a1, a2, a3, a4, a5, a6, a7 = (
                a0 | a7 | a1 | ((a0 << w) & m0),
                a1 | a0 | a2 | ((a1 << w1) & m1),
                a2 | a1 | a3 | ((a2 << 1) & m2),
                a3 | a2 | a4 | ((a3 >> wm) & m3),
                a4 | a3 | a5 | ((a4 >> w) & m4),
                a5 | a4 | a6 | ((a5 >> w1) & m5),
                a6 | a5 | a7 | ((a6 >> 1) & m6),
                a7 | a6 | a0 | ((a7 << wm) & m7),
            )
        boards = [a0, a1, a2, a3, a4, a5, a6, a7]
        boards[f0] &= ~bit[s0]  # TC-3.3: staying as it was is no move
        back = s0 * 8 + ((f0 + 4) & 7)  # TC-4.3: the lone step backwards
        t = r.step[back]
        cell = self.cell
        if t >= 0 and cell[t] == 0 and (r.corner_cutting or r.orth_a[back] < 0 or cell[r.orth_a[back]] == 0
                                        or cell[r.orth_b[back]] == 0):
            boards[f0] |= bit[t]
        counts = tuple([b.bit_count() for b in boards])
        a0, a1, a2, a3, a4, a5, a6, a7 = boards
        return sum(counts), can_exit, tuple(boards), counts, a0 | a1 | a2 | a3 | a4 | a5 | a6 | a7

    def _states_on(self, boards: tuple[int, ...], squares: int) -> list[int]:
        """The end states in :meth:`_reach_bits`'s ``boards`` whose square is among the
        bits of ``squares``, by facing and then by square."""
        square_of_bit = self.rules.square_of_bit
        out: list[int] = []
        for f, x in enumerate(boards):
            x &= squares
            while x:
                low = x & -x
                out.append(square_of_bit[low.bit_length() - 1] * 8 + f)
                x ^= low
        return out

    def _nth_state(self, boards: tuple[int, ...], counts: tuple[int, ...], j: int) -> int:
        """The ``j``-th end state of :meth:`_reach_bits`'s ``boards``: by facing, then by
        square in bit order."""
        f = 0
        for c in counts:
            if j < c:
                break
            j -= c
            f += 1
        x = boards[f]
        for _ in range(j):
            x &= x - 1  # drop the lowest square
        return self.rules.square_of_bit[(x & -x).bit_length() - 1] * 8 + f

    # ------------------------------------------------------------ shooting
    def _direct_target(self, key: int, me: int, counts: Sequence[bool]) -> int:
        """Target of a direct shot along ray ``key`` (= square*8+direction), or -1 (TC-5.2/5.3/6.2);
        ``counts`` says by armour value met which hits count (a row of
        :attr:`Rules.may_shoot` or :attr:`Rules.destroys`)."""
        cell = self.cell
        ray = self.rules.rays[key]
        for i in range(len(ray)):
            c = cell[ray[i]]
            if c == 0:
                continue
            if c > 0 and i > 0:
                q = c - 1
                if self.alive[q] and self.side[q] != me:
                    r = self.rules
                    if counts[r.armour[self.kind[q]][r.side_of[((key & 7) + 4 - self.face[q]) & 7]]]:
                        return q
            return -1
        return -1

    def _indirect_targets(self, key: int, band: tuple[int, int], me: int, counts: Sequence[bool],
                          out: list[int]) -> None:
        """Targets of indirect fire along ray ``key`` at range ``band`` (TC-6M), over anything
        (``counts`` as in :meth:`_direct_target`)."""
        r = self.rules
        cell = self.cell
        d = key & 7
        for t in r.bands[band][key]:
            c = cell[t]
            if c > 0:
                q = c - 1
                if self.alive[q] and self.side[q] != me and (
                    counts[r.armour[self.kind[q]][r.side_of[(d + 4 - self.face[q]) & 7]]]
                ):
                    out.append(q)

    def targets_from(self, pid: int, st: int, destroying: bool = False) -> list[int]:
        """Pieces the piece may shoot at from end state ``st`` (its own square vacated):
        every legal target, or with ``destroying`` only those the shot destroys.

        Direct fire walks each ray here (:meth:`_direct_target` inlined: every
        playout step asks this)."""
        r = self.rules
        k = self.kind[pid]
        me = self.side[pid]
        s0 = self.sq[pid]
        s, f = st >> 3, st & 7
        cell = self.cell
        cell[s0] = 0
        try:
            out: list[int] = []
            band = r.indirect[k]
            counts = r.destroys[k] if destroying else r.may_shoot[k]
            base = s * 8
            if band is not None:
                for off in r.offsets[k]:
                    self._indirect_targets(base + ((f + off) & 7), band, me, counts, out)
                return out
            rays, alive, side, kind, face = r.rays, self.alive, self.side, self.kind, self.face
            armour, side_of = r.armour, r.side_of
            for off in r.offsets[k]:
                d = (f + off) & 7
                first = True
                for t in rays[base + d]:
                    c = cell[t]
                    if c == 0:
                        first = False
                        continue
                    if c > 0 and not first:
                        q = c - 1
                        if alive[q] and side[q] != me and counts[armour[kind[q]][side_of[(d + 4 - face[q]) & 7]]]:
                            out.append(q)
                    break
            return out
        finally:
            cell[s0] = pid + 1

    # ------------------------------------------------------------ generation
    def generate(self) -> list[Move]:
        """Every legal move of the player to move (TC-3 .. TC-7)."""
        out: list[Move] = []
        me = self.to_move
        attacks = self._attack_map(me)
        for pid in self.pieces_of[me]:
            if self.alive[pid] and self.sq[pid] >= 0:
                self._gen_piece(pid, me, out, attacks)
        return out

    def _attack_map(self, me: int) -> dict[int, list[tuple[int, int, int, int]]]:
        """Where ``me`` could fire directly from: square -> [(fire direction, target,
        armour met, required mover or -1)] (TC-5.2/5.3, TC-6.1).

        Built backwards from every enemy tank along its eight rays, once per
        position: squares at least two away over empty squares. A ray may pass
        one of ``me``'s own tanks; the squares beyond it count only for that tank,
        since the line opens only when it is the one that moves away.
        """
        r = self.rules
        cell = self.cell
        alive = self.alive
        side = self.side
        rays = r.rays
        side_of = r.side_of
        out: dict[int, list[tuple[int, int, int, int]]] = {}
        for e in self.pieces_of[1 - me]:
            c = self.sq[e]
            if not alive[e] or c < 0:
                continue
            arm = r.armour[self.kind[e]]
            tf = self.face[e]
            for d0 in range(8):
                entry_armour = arm[side_of[(d0 - tf) & 7]]
                d_fire = (d0 + 4) & 7
                ray = rays[c * 8 + d0]
                owner = -1
                for i in range(len(ray)):
                    t = ray[i]
                    v = cell[t]
                    if v != 0:
                        # the ray goes on only through the first own live tank (the shooter)
                        if not (v > 0 and owner < 0 and alive[v - 1] and side[v - 1] == me):
                            break
                        owner = v - 1
                    if i:
                        entry = (d_fire, e, entry_armour, owner)
                        lst = out.get(t)
                        if lst is None:
                            out[t] = [entry]
                        else:
                            lst.append(entry)
        return out

    def _gen_piece(self, pid: int, me: int, out: list[Move],
                   attacks: dict[int, list[tuple[int, int, int, int]]] | None) -> None:
        r = self.rules
        cell = self.cell
        k = self.kind[pid]
        s0 = self.sq[pid]
        cell[s0] = 0
        try:
            states, can_exit = self._bfs(s0, self.face[pid], r.speed[k], r.command[k], me)
        finally:
            cell[s0] = pid + 1
        if can_exit:
            out.append((pid, -1, -1, -1))
        may = r.may_shoot[k]
        band = r.indirect[k]
        append = out.append
        if band is not None:
            offsets = r.offsets[k]
            cell[s0] = 0
            try:
                for st in states:
                    s = st >> 3
                    f = st & 7
                    append((pid, s, f, -1))
                    for off in offsets:
                        found: list[int] = []
                        self._indirect_targets(s * 8 + ((f + off) & 7), band, me, may, found)
                        for q in found:
                            append((pid, s, f, q))
            finally:
                cell[s0] = pid + 1
            return
        if attacks is None:
            attacks = self._attack_map(me)
        mask = r.fire_mask[k]
        get = attacks.get
        for st in states:
            s = st >> 3
            f = st & 7
            append((pid, s, f, -1))
            lines = get(s)
            if lines is not None:
                for d_fire, e, armour, required in lines:
                    if (required < 0 or required == pid) and mask[(d_fire - f) & 7] and may[armour]:
                        append((pid, s, f, e))

    def piece_moves(self, pid: int) -> list[Move]:
        """The legal moves of one piece (its owner must be the side to move)."""
        out: list[Move] = []
        if self.alive[pid] and self.sq[pid] >= 0:
            self._gen_piece(pid, self.side[pid], out, None)
        return out

    def random_move(self, rng: random.Random) -> Move | None:
        """A random legal move for playouts: a random active tank, then a random end
        state of it (or its exit), then shoot one of its possible targets or not.

        It searches one piece and one square's rays instead of every move of every
        piece, which is what makes playouts cheap. ``None`` when no move exists.
        The end states come from the bitboard search (:meth:`_reach_bits`): the
        same states as :meth:`reachable`, numbered by facing and then by square, so
        the draw is uniform over them as before, and the :meth:`generate` order
        (the listed moves, the tree's) is not involved.
        """
        alive, sq = self.alive, self.sq
        pieces = [p for p in self.pieces_of[self.to_move] if alive[p] and sq[p] >= 0]
        if not _draws_by_bits(rng):
            return self._random_move(rng.randrange, pieces)
        # ``Random.randrange(n)`` is ``_randbelow(n)`` for n > 0 after checks that cannot
        # fail here, and that is ``getrandbits(n.bit_length())`` until a draw is below
        # ``n``: the very same draws, written out (a step makes three; calls cost).
        bits = rng.getrandbits
        while pieces:
            m = len(pieces)
            k = m.bit_length()
            i = bits(k)
            while i >= m:
                i = bits(k)
            pid = pieces[i]
            n, can_exit, boards, counts, _ = self._reach_bits(pid)
            if n or can_exit:
                m = n + 1 if can_exit else n
                k = m.bit_length()
                j = bits(k)
                while j >= m:
                    j = bits(k)
                if j == n:
                    return pid, -1, -1, -1
                st = self._nth_state(boards, counts, j)
                targets = self.targets_from(pid, st)
                m = len(targets) + 1
                k = m.bit_length()
                j = bits(k)
                while j >= m:
                    j = bits(k)
                return pid, st >> 3, st & 7, targets[j - 1] if j else -1
            pieces[i] = pieces[-1]
            pieces.pop()
        return None

    def _random_move(self, below: Callable[[int], int], pieces: list[int]) -> Move | None:
        """:meth:`random_move` with any ``below(n)``, a draw from ``range(n)``."""
        while pieces:
            i = below(len(pieces))
            pid = pieces[i]
            n, can_exit, boards, counts, _ = self._reach_bits(pid)
            if n or can_exit:
                j = below(n + 1 if can_exit else n)
                if j == n:
                    return pid, -1, -1, -1
                st = self._nth_state(boards, counts, j)
                targets = self.targets_from(pid, st)
                k = below(len(targets) + 1)
                return pid, st >> 3, st & 7, targets[k - 1] if k else -1
            pieces[i] = pieces[-1]
            pieces.pop()
        return None

    def has_move(self) -> bool:
        """Whether the player to move has any legal move (TC-7.4 stalemate test)."""
        r = self.rules
        for pid in self.pieces_of[self.to_move]:
            if self.alive[pid] and self.sq[pid] >= 0:
                if r.speed[self.kind[pid]] > 0:
                    return True  # a 45-degree turn is always a move (TC-4.2)
                states, can_exit = self.reachable(pid)
                if states or can_exit:
                    return True
        return False

    # ------------------------------------------------------------ make/unmake
    def push(self, mv: Move) -> None:
        pid, to, f, tgt = mv
        r = self.rules
        s0 = self.sq[pid]
        f0 = self.face[pid]
        self.stack.append((mv, s0, f0, self.quiet, self.hash, self.winner, self.reason))
        zk = r.zob[self.kind[pid] * 2 + self.side[pid]]
        h = self.hash ^ zk[s0 * 8 + f0] ^ r.zob_side
        self.cell[s0] = 0
        bit = r.bit
        occ = self.occ & ~bit[s0]
        mover = self.to_move
        if to < 0:
            self.occ = occ
            self.sq[pid] = -1
            self.winner = mover
            self.reason = "escaped"
        else:
            self.occ = occ | bit[to]
            self.cell[to] = pid + 1
            self.sq[pid] = to
            self.face[pid] = f
            h ^= zk[to * 8 + f]
        if tgt >= 0 and (not r.ineffective or self.shot_destroys(pid, tgt)):
            self.alive[tgt] = False
            tq = self.sq[tgt]
            h ^= r.zob[self.kind[tgt] * 2 + self.side[tgt]][tq * 8 + self.face[tgt]] ^ r.zob_wreck[tq]
            self.quiet = 0
            if r.command[self.kind[tgt]] and self.winner < 0:
                self.winner = mover
                self.reason = "destroyed"
        else:
            self.quiet += 1
        self.hash = h
        self.to_move = 1 - mover
        self.reps[h] = self.reps.get(h, 0) + 1

    def shot_destroys(self, pid: int, tgt: int) -> bool:
        """Whether ``pid``'s shot from its square destroys ``tgt`` (TC-6.1, TC-6.2).

        :meth:`push` asks only when ineffective shots are allowed: otherwise every
        legal shot destroys."""
        r = self.rules
        d = direction_between(r.square(self.sq[pid]), r.square(self.sq[tgt]))
        if d is None:
            return False
        return r.destroys[self.kind[pid]][r.armour[self.kind[tgt]][r.hit_side(int(d), self.face[tgt])]]

    def pop(self) -> Move:
        mv, s0, f0, quiet, h, winner, reason = self.stack.pop()
        pid, to, _f, tgt = mv
        move: Move = (pid, to, _f, tgt)
        n = self.reps[self.hash] - 1
        if n:
            self.reps[self.hash] = n
        else:
            del self.reps[self.hash]
        if tgt >= 0:
            self.alive[tgt] = True
        bit = self.rules.bit
        if to >= 0:
            self.cell[to] = 0
            self.occ = (self.occ & ~bit[to]) | bit[s0]
        else:
            self.occ |= bit[s0]
        self.cell[s0] = pid + 1
        self.sq[pid] = s0
        self.face[pid] = f0
        self.quiet = quiet
        self.hash = h
        self.winner = winner
        self.reason = reason
        self.to_move = 1 - self.to_move
        return move

    # ------------------------------------------------------------ outcome
    def status(self) -> tuple[int, str] | None:
        """(winner or -1 for a draw, reason) once the game is decided, else None."""
        if self.winner >= 0:
            return self.winner, self.reason
        r = self.rules
        if r.repetition and self.reps.get(self.hash, 0) >= r.repetition:
            return -1, "repetition"
        if r.quiet_limit and self.quiet >= r.quiet_limit:
            return -1, "move limit"
        if r.no_legal_move and not self.has_move():
            return -1, "no legal move"
        return None

    # ------------------------------------------------------------ announcements
    def can_escape(self, side: int) -> bool:
        """TC-8.2: could ``side``'s Command Tank drive off the board on its next turn?"""
        pid = self.command_of[side]
        if pid < 0 or not self.alive[pid] or self.sq[pid] < 0:
            return False
        r = self.rules
        s0 = self.sq[pid]
        n = r.ranks
        rank = s0 // r.files
        distance = (n - 1 - rank) if side == 0 else rank
        if distance >= r.speed[self.kind[pid]]:
            return False  # needs distance forward steps plus the exit step
        return self.reachable(pid)[1]

    def escape_turns(self, side: int) -> int:
        """Turns ``side``'s Command Tank needs to drive off the board if no tank stood
        in its way: a lower bound that knows the fixed obstacles and its facing, for
        judging a race to the edge (0 once it is off, :data:`NO_ESCAPE` if it is gone)."""
        pid = self.command_of[side]
        if pid < 0 or not self.alive[pid]:
            return NO_ESCAPE
        s = self.sq[pid]
        if s < 0:
            return 0
        r = self.rules
        steps = self.exit_steps(side)[s * 8 + self.face[pid]]
        if steps >= NO_ESCAPE:
            return NO_ESCAPE
        return -(-steps // max(r.speed[self.kind[pid]], 1))

    def exit_steps(self, side: int) -> list[int]:
        """Steps from each state (square*8+facing) off the board for ``side``'s
        Command Tank past the fixed obstacles (see :meth:`escape_turns`)."""
        table = self.rules.exit_steps.get((self.board_key, side))
        if table is None:
            table = self.rules.exit_steps[self.board_key, side] = self._exit_steps(side)
        return table

    def _exit_steps(self, side: int) -> list[int]:
        """Steps (forward or turn, the exit step included) from every state to leaving
        across the enemy edge, past the squares that never clear (obstacles, map
        wrecks): a breadth-first search backwards from the exit states."""
        r = self.rules
        blocked = [c < 0 for c in self.cell]
        dist = [NO_ESCAPE] * (r.n * 8)
        exit_ok = r.exit_ok[side]
        frontier = [st for st in range(r.n * 8) if exit_ok[st] and not blocked[st >> 3]]
        for st in frontier:
            dist[st] = 1
        depth = 1
        while frontier:
            depth += 1
            nxt = []
            for u in frontier:
                f = u & 7
                behind = r.step[(u >> 3) * 8 + ((f + 4) & 7)]
                before = [r.turn_left[u], r.turn_right[u]]
                if behind >= 0 and not blocked[behind]:
                    p = behind * 8 + f
                    oa = r.orth_a[p]
                    if r.corner_cutting or oa < 0 or not blocked[oa] or not blocked[r.orth_b[p]]:
                        before.append(p)
                for p in before:
                    if dist[p] == NO_ESCAPE:
                        dist[p] = depth
                        nxt.append(p)
            frontier = nxt
        return dist

    def can_block_escape(self, side: int) -> bool:
        """With the enemy Command Tank able to escape next turn (TC-8.2): has ``side``
        a move after which it no longer can?

        Only a tank ending on a square the Command Tank could drive through can
        cut its way; each such move is tried exactly. (Destroying the Command
        Tank is :meth:`threatens_command`; the caller asks that first.)
        """
        enemy = self.command_of[1 - side]
        if enemy < 0 or self.sq[enemy] < 0:
            return False
        lanes = {st >> 3 for st in self.reachable(enemy)[0]}
        tried = set()
        for pid in self.pieces_of[side]:
            if not self.alive[pid] or self.sq[pid] < 0:
                continue
            for st in self.reachable(pid)[0]:
                s = st >> 3
                if s not in lanes or (pid, s) in tried:
                    continue
                tried.add((pid, s))
                self.push((pid, s, st & 7, -1))
                try:
                    if not self.can_escape(1 - side):
                        return True
                finally:
                    self.pop()
        return False

    def can_meet_check(self, side: int) -> bool:
        """With ``side`` to move and its Command Tank under CHECK (TC-8.1): has it a
        move after which the enemy can no longer destroy it?

        Tried in the order answers are usually found: the Command Tank's own
        moves, then shots, then everything else (blocks). Remembered per position.
        """
        key = (self.board_key, self.hash, side)
        hit = _ANSWERS.get(key)
        if hit is None:
            hit = _ANSWERS.remember(key, self._meets_check(side))
        return hit

    def _meets_check(self, side: int) -> bool:
        """:meth:`can_meet_check` worked out: the Command Tank's steps, then the other
        moves that could undo one threat the enemy has (:meth:`_answer_squares`).

        With no answer (the usual case where this is asked: a CHECK that wins)
        every move would be tried; but a move of another tank only takes things
        away from one threat -- the tank it leaves clears squares, which never
        blocks a shot or a drive -- by filling a square that threat's drive
        reads or that its shot crosses, or by destroying the threatening tank.
        Those, the Command Tank's own moves and the shots that destroy the enemy
        Command Tank (a win) are tried; the others cannot be answers, so the
        answer stays exactly what trying every move gives."""
        return self._answers(self._command_steps(side), side) or self._answers(self._answer_moves(side), side)

    def _answer_moves(self, side: int) -> list[Move]:
        """:meth:`_other_moves` that could meet the CHECK on ``side`` (see :meth:`_meets_check`)."""
        moves = self._other_moves(side)
        threat = self.threat(1 - side)
        if threat is None:
            return moves
        useful = self._answer_squares(threat)
        command, attacker, enemy = self.command_of[side], threat[0], self.command_of[1 - side]
        return [mv for mv in moves if mv[1] in useful or mv[3] == attacker or mv[3] == enemy or mv[0] == command]

    def _answer_squares(self, threat: Move) -> set[int]:
        """The squares where a tank of the defending side must end its move to spoil
        ``threat`` (a move of the other side that destroys the Command Tank): every
        cell the threatening tank's search reads (:meth:`Rules.zone_cells`), the
        square it fires from, and those its shot crosses on the way."""
        pid, s, _f, target = threat
        r = self.rules
        s0 = self.sq[pid]
        useful = set(r.zone_cells(s0 * 8 + self.face[pid], r.speed[self.kind[pid]]))
        useful.add(s)
        c = self.sq[target]
        d = direction_between(r.square(s), r.square(c))
        if d is not None:
            for t in r.rays[s * 8 + int(d)]:
                if t == c:
                    break
                useful.add(t)
        return useful

    def _command_steps(self, side: int) -> list[Move]:
        """``side``'s Command Tank's moves without a shot (its usual way out of CHECK)."""
        command = self.command_of[side]
        if command < 0 or not self.alive[command] or self.sq[command] < 0:
            return []
        return [(command, st >> 3, st & 7, -1) for st in self.reachable(command)[0]]

    def _other_moves(self, side: int) -> list[Move]:
        """Every other move of ``side`` (shots first): blocks and counter-shots."""
        command = self.command_of[side]
        moves = [mv for mv in self.generate() if mv[0] != command or mv[3] >= 0 or mv[1] < 0]
        moves.sort(key=lambda mv: mv[3] < 0)
        return moves

    def _answers(self, moves: list[Move], side: int) -> bool:
        """Does one of ``moves`` leave ``side``'s Command Tank safe (or win at once)?"""
        for mv in moves:
            self.push(mv)
            try:
                if self.winner == side or not self.threatens_command(1 - side):
                    return True
            finally:
                self.pop()
        return False

    def threatens_command(self, side: int, lines: FireLines | None = None,
                          pieces: Iterable[int] | None = None) -> bool:
        """TC-8.1: could ``side`` destroy the enemy Command Tank with one move and shot?
        ``lines``: :meth:`fire_lines` of ``side``, when already known; ``pieces``:
        the only tanks of ``side`` that could (see :meth:`threat_candidates`)."""
        return bool(self.threat(side, lines, pieces))

    def threat(self, side: int, lines: FireLines | None = None,
               pieces: Iterable[int] | None = None) -> Move | None:
        """A move of ``side`` that destroys the enemy Command Tank (one of them), or
        ``None``: :meth:`command_threat`, remembered per position (arguments as for
        :meth:`threatens_command`)."""
        key = (self.board_key, self.hash, side)
        hit = _THREATS.get(key)
        if hit is None:
            hit = _THREATS.remember(key, self.command_threat(side, lines, pieces, listed=False) or ())
        return hit or None

    def threat_candidates(self, side: int, lines: FireLines) -> list[int]:
        """``side``'s tanks that could threaten the enemy Command Tank: a gun that
        beats some armour of it, and a square near one of ``lines`` (or indirect
        fire). After a move of one of them the others keep their answer to both
        (the lines do not change, see :meth:`fire_lines`), so only these and the
        tank that moved need searching in any position one move on."""
        target = self.command_of[1 - side]
        r = self.rules
        files = r.files
        c = self.sq[target]
        cf, cr = c % files, c // files
        armour_from = self._armour_from(target)
        found: list[int] = []
        for pid in self.pieces_of[side]:
            s0 = self.sq[pid]
            if not self.alive[pid] or s0 < 0:
                continue
            k = self.kind[pid]
            destroys = r.destroys[k]
            if not any(destroys[a] for a in armour_from):
                continue
            if r.indirect[k] is not None:
                found.append(pid)
                continue
            close = lines.near.get((s0, k))
            if close is None:
                reach, dx, dy = max(r.speed[k], 1), s0 % files - cf, s0 // files - cr
                close = lines.near[(s0, k)] = not _off_the_lines(dx, dy, reach) and _near_segment(
                    lines.segments, armour_from, destroys, dx, dy, reach)
            if close:
                found.append(pid)
        return found

    def fire_lines(self, side: int) -> FireLines | None:
        """The lines of fire on the enemy Command Tank that :meth:`command_threat`
        searches (``None`` when it is gone).

        They stay the same after any move of ``side`` that leaves that tank alive:
        the tank does not move, the squares a move empties or fills held or
        receive ``side``'s own tanks, which the lines pass over, and a tank it
        shoots still blocks them, alive or as a wreck. So the CHECK of every move
        of one position can share them (:meth:`TankChessGame.describe_actions`).
        """
        target = self.command_of[1 - side]
        if target < 0 or not self.alive[target] or self.sq[target] < 0:
            return None
        c = self.sq[target]
        return FireLines(self._approach_segments(c, side), self._approach(c, side))

    def command_threat(self, side: int, lines: FireLines | None = None,
                       pieces: Iterable[int] | None = None, listed: bool = True) -> Move | None:
        """A move of ``side`` that destroys the enemy Command Tank, if there is one.

        Works backwards from the target: the squares on its eight rays from which
        a shot could reach it (with the direction and the armour it would meet)
        are collected first (or given as ``lines``, see :meth:`fire_lines`); a
        tank is searched only if it could end on one of those squares on an empty
        board (:meth:`Rules.open_reach`; with ``lines``, first only if it is near
        one of them, remembered in ``lines.near``), and only its end states on such
        squares are checked exactly. ``pieces``: search only
        these of ``side``'s tanks. ``listed``: of a tank's threats, the one whose
        move comes first in the listed moves (:meth:`generate`'s order; the CHECK
        announcement names it); ``False``: whichever its bitboard end states give
        first (:meth:`_reach_bits`, no set search) -- the same answer to whether
        there is one, and a threat all the same.
        """
        target = self.command_of[1 - side]
        if target < 0 or not self.alive[target] or self.sq[target] < 0:
            return None
        r = self.rules
        files = r.files
        cell = self.cell
        c = self.sq[target]
        cf, cr = c % files, c // files
        armour_from = self._armour_from(target)
        direct: dict[int, list[tuple[int, int]]] | None = None
        segments: list[tuple[int, int, int, int]] | None = None
        near: dict[tuple[int, int], bool] | None = None
        if lines is not None:
            segments, direct, near = lines.segments, lines.direct, lines.near
        alive, sq, kind = self.alive, self.sq, self.kind
        direct_bits = -1
        met = set(armour_from)  # the armour values a shot can meet on the target
        beats: dict[int, bool] = {}  # per card: does its gun beat any of them?
        for pid in self.pieces_of[side] if pieces is None else pieces:
            s0 = sq[pid]
            if not alive[pid] or s0 < 0:
                continue
            k = kind[pid]
            destroys = r.destroys[k]
            useful = beats.get(k)
            if useful is None:
                useful = beats[k] = any(destroys[a] for a in met)
            if not useful:
                continue
            f0, r0 = s0 % files, s0 // files
            reach = max(r.speed[k], 1)
            band = r.indirect[k]
            if band is None:
                close = near.get((s0, k)) if near is not None else None
                if close is None:
                    dx, dy = f0 - cf, r0 - cr
                    if (dx > reach or -dx > reach) and (dy > reach or -dy > reach) and (
                            abs(dx - dy) > 2 * reach and abs(dx + dy) > 2 * reach):  # _off_the_lines
                        close = False
                    elif near is None:
                        close = True  # no lines shared: the empty-board reach below is the finer test
                    else:
                        if segments is None:
                            segments = self._approach_segments(c, side)
                        close = _near_segment(segments, armour_from, destroys, f0 - cf, r0 - cr, reach)
                    if near is not None:
                        near[(s0, k)] = close
                if not close:
                    continue
                if direct is None:
                    direct = self._approach(c, side)
                if direct_bits < 0:
                    direct_bits = sum(map(r.bit.__getitem__, direct))
                start = s0 * 8 + self.face[pid]
                if not (r._open_reach.get(r.speed[k] * r.states + start) or r.open_reach(start, r.speed[k])) \
                        & direct_bits:
                    continue  # not even on an empty board could it end on a square to fire from
                ends = self._reach_bits(pid)
                if not ends[4] & direct_bits:
                    continue  # no end state on a square to fire from: the common case, one AND
                # the states on those squares: in the order the moves are listed, or on the bitboards
                states = self.reachable(pid)[0] if listed else self._states_on(ends[2], direct_bits)
                offsets = r.offsets[k]
                for st in states:
                    s = st >> 3
                    fire_from = direct.get(s)
                    if fire_from is None:
                        continue
                    f = st & 7
                    for d_fire, d0 in fire_from:
                        if ((d_fire - f) & 7) in offsets and destroys[armour_from[d0]]:
                            # exact: every square between must be empty or the one the mover left
                            ok = True
                            for t in r.rays[s * 8 + d_fire]:
                                if t == c:
                                    break
                                if cell[t] != 0 and t != s0:
                                    ok = False
                                    break
                            if ok:
                                return pid, s, f, target
            else:
                if max(abs(f0 - cf), abs(r0 - cr)) > reach + band[1]:
                    continue
                for st in self.reachable(pid)[0]:
                    if target in self.targets_from(pid, st, destroying=True):
                        return pid, st >> 3, st & 7, target
        return None

    def command_pressure(self, side: int) -> int:
        """How many of ``side``'s tanks stand within one move of a line of fire on the
        enemy Command Tank (blockers ignored beyond the first non-``side`` thing, gun
        strong enough for the armour that line meets): a cheap danger estimate for
        the evaluation, one move deeper than CHECK."""
        target = self.command_of[1 - side]
        if target < 0 or not self.alive[target] or self.sq[target] < 0:
            return 0
        r = self.rules
        files = r.files
        c = self.sq[target]
        cf, cr = c % files, c // files
        armour_from = self._armour_from(target)
        segments = self._approach_segments(c, side)
        count = 0
        for pid in self.pieces_of[side]:
            s0 = self.sq[pid]
            if not self.alive[pid] or s0 < 0:
                continue
            k = self.kind[pid]
            if _near_segment(segments, armour_from, r.destroys[k],
                             s0 % files - cf, s0 // files - cr, r.speed[k] + 1):
                count += 1
        return count

    def _armour_from(self, target: int) -> list[int]:
        """The armour a shot meets on ``target``, by the direction towards the shooter (TC-6.1)."""
        r = self.rules
        kind, face = self.kind[target], self.face[target]
        return [r.armour[kind][r.side_of[(d0 - face) & 7]] for d0 in range(8)]

    def _approach_segments(self, c: int, side: int) -> list[tuple[int, int, int, int]]:
        """The squares of :meth:`_approach` as runs along the eight rays from ``c``:
        (direction from ``c``, its file and rank steps, farthest distance). They
        run from distance 2 to that distance, so "is any of them near this tank"
        is a little interval arithmetic per ray instead of a walk over squares."""
        r = self.rules
        cell = self.cell
        alive = self.alive
        owner = self.side
        files = r.files
        cf, cr = c % files, c // files
        out: list[tuple[int, int, int, int]] = []
        for d0 in range(8):
            ray = r.rays[c * 8 + d0]
            if len(ray) < 2:
                continue
            last = len(ray) - 1
            for i in range(len(ray)):
                v = cell[ray[i]]
                if v != 0 and not (v > 0 and alive[v - 1] and owner[v - 1] == side):
                    last = i
                    break
            if last >= 1:
                first = ray[0]
                out.append((d0, first % files - cf, first // files - cr, last + 1))
        return out

    def _approach(self, c: int, side: int) -> dict[int, list[tuple[int, int]]]:
        """Squares from which ``side`` could fire directly at square ``c``: square ->
        [(fire direction, direction from c towards the shooter)]. Rays pass over
        ``side``'s own tanks (one of them may be the one that moves away); the
        exact check happens per end state.

        The eight rays from ``c`` share no square, so each square gets one shared
        entry (the lists are read, never changed)."""
        r = self.rules
        cell = self.cell
        alive = self.alive
        owner = self.side
        rays = r.rays
        out: dict[int, list[tuple[int, int]]] = {}
        base = c * 8
        for d0 in range(8):
            ray = rays[base + d0]
            if len(ray) < 2:
                continue
            entry = _FIRE_FROM[d0]
            last = len(ray) - 1
            for i in range(len(ray)):
                v = cell[ray[i]]
                if v != 0 and not (v > 0 and alive[v - 1] and owner[v - 1] == side):
                    last = i
                    break
            for t in ray[1:last + 1]:
                out[t] = entry
        return out

    # ------------------------------------------------------------ perft
    def perft(self, depth: int) -> int:
        """Leaf count of the move tree to ``depth`` (finished games are leaves)."""
        if depth == 0:
            return 1
        moves = self.generate()
        if depth == 1:
            return len(moves)
        total = 0
        for mv in moves:
            self.push(mv)
            if self.winner >= 0:
                total += 1
            else:
                total += self.perft(depth - 1)
            self.pop()
        return total


_FIRE_FROM: list[list[tuple[int, int]]] = [[((d0 + 4) & 7, d0)] for d0 in range(8)]
""":meth:`Position._approach`'s entry for a square on the ray in direction ``d0``:
(fire direction back along it, ``d0``)."""
_RULES: Memo[tuple[int, str, str], Rules] = Memo(64, per_game=False)
ANSWER_CACHE_LIMIT = 200_000
"""Entries of either table below before it starts afresh."""
_THREATS: Memo[tuple[int, int, int], Move | tuple[()]] = Memo(ANSWER_CACHE_LIMIT)
""":meth:`Position.threat` by (rules and obstacles, Zobrist hash, side), ``()`` for none:
the greedy player asks twice, and :meth:`Position.can_meet_check` wants the move."""
_ANSWERS: Memo[tuple[int, int, int], bool] = Memo(ANSWER_CACHE_LIMIT)
"""can_meet_check by (rules and obstacles, Zobrist hash, side)."""


def _draws_by_bits(rng: Any) -> bool:
    """Whether ``rng.randrange(n)`` is plain :class:`random.Random`'s: ``getrandbits``
    of ``n``'s bit length until a draw is below ``n`` (then a playout may draw so
    directly and get the very same numbers)."""
    kind = type(rng)
    return (kind.randrange is random.Random.randrange
            and getattr(kind, "_randbelow", None) is _RANDBELOW_BY_BITS)


_RANDBELOW_BY_BITS = getattr(random.Random, "_randbelow_with_getrandbits", None)


def _off_the_lines(dx: int, dy: int, reach: int) -> bool:
    """Whether a tank at offset (``dx``, ``dy``) from a target is more than ``reach``
    squares (king-move distance) from all four lines through it, on which every
    square to fire from lies: the cheap test before :func:`_near_segment`."""
    return abs(dx) > reach and abs(dy) > reach and abs(dx - dy) > 2 * reach and abs(dx + dy) > 2 * reach


def _near_segment(segments: Sequence[tuple[int, int, int, int]], armour_from: Sequence[int],
                  destroys: Sequence[bool], dx0: int, dy0: int, reach: int) -> bool:
    """Whether a tank at offset (``dx0``, ``dy0``) from the target lies within ``reach``
    (king-move distance) of an approach square whose line its gun can use
    (``destroys``: the tank's row of :attr:`Rules.destroys`).

    The squares of a run are ``k * (dx, dy)`` for ``2 <= k <= far``; a square is
    near when both coordinates are within ``reach``, which bounds ``k`` to an
    interval per axis.
    """
    for d0, dx, dy, far in segments:
        if not destroys[armour_from[d0]]:
            continue
        lo, hi = 2, far  # comparisons, not max()/min(): the evaluation asks this thousands of times
        if dx:
            m = dx0 * dx
            if m - reach > lo:
                lo = m - reach
            if m + reach < hi:
                hi = m + reach
        elif dx0 > reach or -dx0 > reach:
            continue
        if dy:
            m = dy0 * dy
            if m - reach > lo:
                lo = m - reach
            if m + reach < hi:
                hi = m + reach
        elif dy0 > reach or -dy0 > reach:
            continue
        if lo <= hi:
            return True
    return False


def rules_for(size: int, cards: Sequence[Card], settings: Settings) -> Rules:
    """Shared :class:`Rules` for equal boards, cards and settings (tables are built once)."""
    key = (size, "|".join(c.model_dump_json() for c in cards), settings.model_dump_json())
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES.remember(key, Rules(size, cards, settings))
    return rules
