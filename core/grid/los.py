"""Line of sight on a hex board: clear, hindered by N, or blocked (by what).

The line between two hexes is the exact nudged line of :func:`core.grid.hex.line`.
When it runs exactly along hexsides the two nudges give two candidate lines
that differ at some positions ("detours"); the catalogue's ``edge_rule``
(a Decision) says how they combine:

- ``both``: a detour blocks only if both of its sides block; otherwise the
  line takes the less hindered side (pair by pair);
- ``either``: a detour blocks if either side blocks, and the more hindered
  side counts;
- ``shooter``: the shooter picks one whole candidate line; the result is the
  better one (and says which nudge it used).

The hex terrain chart rules (:class:`ChartLos`, the default policy):

- terrain and path features of the hexes strictly between spotter and
  target count; their own hexes do not (an obstacle blocks LOS *through* a
  hex); smoke counts in every hex of the line, endpoints included ("into,
  out of, or through", HTC-T94); hindrances add up;
- a hexside obstacle (wall, HTC-T97) blocks unless it is a side of the
  spotter's or the target's hex;
- a line that runs exactly along a road or railway (a straight hex row whose
  every step crosses a hexside the feature crosses) ignores the terrain and
  path effects of the hexes on it (HTC-T92, HTC-T93); walls and smoke still
  count;
- elevation (Decision; the parent game's T88 is not in the excerpt): with
  ``hi``/``lo`` the higher/lower endpoint level, a hex above ``hi`` blocks;
  a hex at ``hi`` counts normally; below ``hi`` hindrances are looked over
  and an obstacle at or above ``lo`` blocks only the lower endpoint when it is
  one of the obstacle's ``blind_hexes`` directly behind it (woods: 1,
  HTC-T99); below ``lo`` nothing counts. Level with both endpoints, terrain in
  lower hexes is looked over.

All of these are symmetric, so LOS from A to B equals LOS from B to A.

A ruleset with other sight rules (Duel of the Giants) passes its own
:class:`LosPolicy`; the same lines, edge rule and result type apply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise, product
from typing import Any, Protocol

from core.grid.hex import Hex, line_offsets
from core.grid.hexboard import HexBoard

__all__ = [
    "Blocker",
    "ChartLos",
    "LosPolicy",
    "LosResult",
    "candidate_lines",
    "line_cells",
    "line_of_sight",
]

EDGE_RULES = ("both", "either", "shooter")


@dataclass(frozen=True)
class Blocker:
    """What blocks a line: a hex, a hexside (two hexes), higher ground or a blind hex."""

    kind: str
    """``hex`` (an obstacle), ``hexside``, ``elevation`` (higher ground) or ``blind``."""
    cells: tuple[int, ...]
    what: str
    rule: str | None = None

    def describe(self, board: HexBoard) -> str:
        where = "/".join(board.label(c) for c in self.cells)
        rule = f" ({self.rule})" if self.rule else ""
        if self.kind == "hexside":
            return f"{self.what} on hexside {where}{rule}"
        if self.kind == "elevation":
            return f"higher ground at {where} (level {self.what})"
        if self.kind == "blind":
            return f"blind hex behind {self.what} at {where}{rule}"
        return f"{self.what} at {where}{rule}"


@dataclass(frozen=True)
class LosResult:
    """The verdict for one pair of hexes."""

    blocked_by: Blocker | None
    hindrance: int
    """Sum of the hindrances along the line (0 when blocked)."""
    line: tuple[int, ...]
    """Cells of the line judged (the chosen sides of any detours); -1 = off the board."""
    hindrances: tuple[tuple[int, int, str], ...] = ()
    """(cell, hindrance, source) for each hindrance counted."""
    nudge: int | None = None
    """Which candidate line was used, when they differ."""
    detours: int = 0
    """Positions where the two candidate lines differ (runs along hexsides)."""
    alternatives: tuple[tuple[int, ...], ...] = field(default=(), compare=False)

    @property
    def status(self) -> str:
        if self.blocked_by is not None:
            return "blocked"
        return "hindered" if self.hindrance else "clear"

    @property
    def blocked(self) -> bool:
        return self.blocked_by is not None

    def worse_than(self, other: LosResult) -> bool:
        return _rank(self) > _rank(other)

    def describe(self, board: HexBoard) -> str:
        if self.blocked_by is not None:
            return f"blocked by {self.blocked_by.describe(board)}"
        if self.hindrance:
            parts = ", ".join(f"{board.label(c)} {src} {h}" for c, h, src in self.hindrances)
            return f"hindered by {self.hindrance} ({parts})"
        return "clear"

    def to_json(self, board: HexBoard) -> dict[str, Any]:
        b = self.blocked_by
        return {
            "status": self.status,
            "hindrance": self.hindrance,
            "blocked_by": None if b is None else {
                "kind": b.kind, "hexes": [board.label(c) for c in b.cells], "what": b.what,
                "rule": b.rule,
            },
            "hindrances": [{"hex": board.label(c), "hindrance": h, "source": s}
                           for c, h, s in self.hindrances],
            "line": [board.label(c) if c >= 0 else None for c in self.line],
            "nudge": self.nudge,
            "detours": self.detours,
        }


def _rank(r: LosResult) -> tuple[int, int]:
    """Worse is larger: any blocked line is worse than any unblocked one."""
    return (1, 0) if r.blocked_by is not None else (0, r.hindrance)


class LosPolicy(Protocol):
    """Judges one candidate line (cells from spotter to target, -1 = off the board)."""

    def judge(self, board: HexBoard, line: Sequence[int]) -> LosResult: ...


# --- lines as cells -----------------------------------------------------------------


def line_cells(board: HexBoard, a: int, b: int, nudge: int = 1) -> list[int]:
    """Cells on the line from cell ``a`` to cell ``b`` (-1 where it leaves the board)."""
    cache = board.line_cache
    ha, hb = board.hexes[a], board.hexes[b]
    dq, dr = hb.q - ha.q, hb.r - ha.r
    key = (dq, dr, nudge)
    deltas = cache.get(key)
    if deltas is None:
        s = board.stride
        deltas = tuple(oq * s + orr for oq, orr in line_offsets(dq, dr, nudge))
        cache[key] = deltas
    k = board.keys[a]
    slot = board.slot
    size = len(slot)
    return [slot[k + d] if 0 <= k + d < size else -1 for d in deltas]


@dataclass(frozen=True)
class _Plan:
    """Everything about a line that depends only on the displacement (cached per board)."""

    plus: tuple[int, ...]
    """Slot-key deltas of the +1 candidate line."""
    minus: tuple[int, ...]
    dirs_plus: tuple[int, ...]
    """Hexside crossed into position i (index 0 unused)."""
    dirs_minus: tuple[int, ...]
    same: bool
    straight: bool
    runs: tuple[tuple[int, int], ...]
    """Detours: (first, last) positions where the candidates differ."""


def _plan(board: HexBoard, a: int, b: int) -> _Plan:
    cache: dict[int, _Plan] = board.plan_cache
    dq = board.axial_q[b] - board.axial_q[a]
    dr = board.axial_r[b] - board.axial_r[a]
    key = dq * board.plan_mod + dr  # unique: |dr| < stride < plan_mod / 2
    found = cache.get(key)
    if found is None:
        s = board.stride
        dp = tuple(q * s + r for q, r in line_offsets(dq, dr, 1))
        dm = tuple(q * s + r for q, r in line_offsets(dq, dr, -1))
        dirs_p = tuple([0] + [board.delta_dir[y - x] for x, y in pairwise(dp)])
        dirs_m = tuple([0] + [board.delta_dir[y - x] for x, y in pairwise(dm)])
        runs = tuple(_runs([i for i in range(len(dp)) if dp[i] != dm[i]]))
        found = _Plan(dp, dm, dirs_p, dirs_m, dp == dm, dq == 0 or dr == 0 or dq == -dr, runs)
        cache[key] = found
    return found


def _scan(
    board: HexBoard, cells: Sequence[int], dirs: Sequence[int], lo: int, hi: int, cross_lo: bool,
    parts: list[tuple[int, int, str]],
) -> tuple[Blocker | None, int]:
    """Flat-board chart over positions lo..hi of one line: the crossing into each
    position (into lo only if ``cross_lo``), smoke in every hex, terrain strictly between.
    Returns the first blocker (or None) and the hindrance; hindrances go to ``parts``."""
    flag = board.los_flag
    n = len(cells) - 1
    total = 0
    for i in range(lo, hi + 1):
        c = cells[i]
        if not flag[c]:  # nothing in the hex or on its sides; flag[-1] is False (off the board)
            continue
        if i > 0 and (i > lo or cross_lo):
            x = cells[i - 1]
            k6 = x * 6 + dirs[i]
            if x >= 0 and (board.side_obstacle[k6] or board.side_hind[k6]):
                block, hs = _cross_hexside(board, x, c, k6, i == 1 or i == n, parts)
                if block is not None:
                    return block, 0
                total += hs
        sm = board.smoke[c]
        if sm:
            total += sm
            parts.append((c, sm, "smoke"))
        if i == 0 or i == n:
            continue
        if board.obstacle[c]:
            t = board.terrain[c]
            name = t.name if t.los == "obstacle" else _path_obstacle_name(board, c)
            return Blocker("hex", (c,), name, t.rule), 0
        h = board.hind[c]
        if h:
            total += h
            parts.append((c, h, _hind_source(board, c)))
    return None, total


def _branch(
    board: HexBoard, cells: Sequence[int], dirs: Sequence[int], i0: int, i1: int,
    parts: list[tuple[int, int, str]],
) -> tuple[Blocker | None, int]:
    """One side of a detour: the crossings into, within and out of positions i0..i1."""
    block, total = _scan(board, cells, dirs, i0, i1, True, parts)
    if block is not None:
        return block, 0
    x, c = cells[i1], cells[i1 + 1]
    if x < 0 or c < 0:
        return None, total
    k6 = x * 6 + dirs[i1 + 1]
    if board.side_obstacle[k6] or board.side_hind[k6]:
        block, hs = _cross_hexside(board, x, c, k6, i1 + 1 == len(cells) - 1, parts)
        if block is not None:
            return block, 0
        total += hs
    return None, total


def _cross_hexside(
    board: HexBoard, x: int, c: int, k6: int, at_end: bool, parts: list[tuple[int, int, str]],
) -> tuple[Blocker | None, int]:
    """The line crosses hexside ``k6`` from ``x`` into ``c``: blocked, or its hindrance.

    A wall that is a side of the spotter's or the target's hex does not count
    (``endpoint_exempt``, HTC-T97); the hindrance found is recorded in ``parts``.
    """
    feats = [f for f in board.sides[k6] if not (at_end and f.endpoint_exempt)]
    for f in feats:
        if f.los == "obstacle":
            return Blocker("hexside", (x, c), f.name, f.rule), 0
    hs = max((f.hindrance for f in feats), default=0)
    if hs:
        parts.append((c, hs, feats[0].name))
    return None, hs


def _fast_chart(board: HexBoard, a: int, plan: _Plan, rule: str) -> LosResult:
    """The chart on a flat board, from precomputed tables in one pass per candidate
    (the common case, and the benchmarked one); same results as :class:`ChartLos`."""
    slot = board.slot
    k = board.keys[a]
    lp = [slot[k + d] for d in plan.plus]
    n = len(lp) - 1
    parts: list[tuple[int, int, str]] = []
    if plan.same:
        block, total = _scan(board, lp, plan.dirs_plus, 0, n, False, parts)
        if block is not None:
            return LosResult(block, 0, tuple(lp))
        return LosResult(None, total, tuple(lp), tuple(parts))
    lm = [slot[k + d] for d in plan.minus]
    alts = (tuple(lp), tuple(lm))
    if rule == "shooter":
        results = []
        for ln, dirs in ((lp, plan.dirs_plus), (lm, plan.dirs_minus)):
            p: list[tuple[int, int, str]] = []
            block, total = _scan(board, ln, dirs, 0, n, False, p)
            results.append(LosResult(block, 0, tuple(ln)) if block is not None
                           else LosResult(None, total, tuple(ln), tuple(p)))
        rp, rm = results
        best, nudge = (rm, -1) if rp.worse_than(rm) else (rp, 1)
        return LosResult(best.blocked_by, best.hindrance, best.line, best.hindrances, nudge,
                         len(plan.runs), alts)
    chosen = list(lp)
    total = 0
    pos = 0
    cross = False
    for i0, i1 in plan.runs:
        block, h = _scan(board, lp, plan.dirs_plus, pos, i0 - 1, cross, parts)
        if block is not None:
            return LosResult(block, 0, tuple(chosen), (), None, len(plan.runs), alts)
        total += h
        pp: list[tuple[int, int, str]] = []
        pm: list[tuple[int, int, str]] = []
        bp, hp = _branch(board, lp, plan.dirs_plus, i0, i1, pp)
        bm, hm = _branch(board, lm, plan.dirs_minus, i0, i1, pm)
        if rule == "both":
            if bp is not None and bm is not None:
                return LosResult(bp, 0, tuple(chosen), (), None, len(plan.runs), alts)
            take_minus = bp is not None or (bm is None and hm < hp)
        else:
            if bp is not None or bm is not None:
                block = bp if bp is not None else bm
                if bp is None:
                    chosen[i0 : i1 + 1] = lm[i0 : i1 + 1]
                return LosResult(block, 0, tuple(chosen), (), None, len(plan.runs), alts)
            take_minus = hm > hp
        if take_minus:
            chosen[i0 : i1 + 1] = lm[i0 : i1 + 1]
            total += hm
            parts.extend(pm)
        else:
            total += hp
            parts.extend(pp)
        pos, cross = i1 + 1, False
    if pos <= n:
        block, h = _scan(board, lp, plan.dirs_plus, pos, n, cross, parts)
        if block is not None:
            return LosResult(block, 0, tuple(chosen), (), None, len(plan.runs), alts)
        total += h
    return LosResult(None, total, tuple(chosen), tuple(parts), None, len(plan.runs), alts)


def candidate_lines(board: HexBoard, a: int, b: int) -> tuple[list[int], list[int]]:
    """The two nudged lines (equal unless the line runs along hexsides)."""
    return line_cells(board, a, b, 1), line_cells(board, a, b, -1)


def _cell(board: HexBoard, h: Hex | int) -> int:
    return h if isinstance(h, int) else board.index[h]


def line_of_sight(
    board: HexBoard,
    a: Hex | int,
    b: Hex | int,
    policy: LosPolicy | None = None,
    edge_rule: str | None = None,
) -> LosResult:
    """LOS from ``a`` (spotter) to ``b`` (target) under ``policy`` (default: the chart)."""
    ca = a if isinstance(a, int) else board.index[a]
    cb = b if isinstance(b, int) else board.index[b]
    rule = edge_rule or board.catalogue.edge_rule
    if rule not in EDGE_RULES:
        raise ValueError(f"edge rule {rule!r}: use one of {', '.join(EDGE_RULES)}")
    if policy is None:
        plan = _plan(board, ca, cb)
        if board.flat and not (plan.straight and board.has_paths_along):
            return _fast_chart(board, ca, plan, rule)
    lp, lm = candidate_lines(board, ca, cb)
    if policy is None:
        return ChartLos().sight(board, ca, cb, lp, lm, rule)
    if lp == lm:
        return policy.judge(board, lp)
    diff = [i for i in range(len(lp)) if lp[i] != lm[i]]
    runs = _runs(diff)
    if rule == "shooter" or len(runs) > 8:
        rp, rm = policy.judge(board, lp), policy.judge(board, lm)
        best = rm if rp.worse_than(rm) else rp
        if rule == "either":
            best = rp if rp.worse_than(rm) else rm
        return _with(best, nudge=1 if best is rp else -1, detours=len(runs), alts=(tuple(lp), tuple(lm)))
    results = []
    for choice in product((0, 1), repeat=len(runs)):
        mixed = list(lp)
        for (i0, i1), pick in zip(runs, choice, strict=True):
            if pick:
                mixed[i0 : i1 + 1] = lm[i0 : i1 + 1]
        results.append(policy.judge(board, mixed))
    pick_best = rule == "both"
    chosen = results[0]
    for r in results[1:]:
        if (pick_best and chosen.worse_than(r)) or (not pick_best and r.worse_than(chosen)):
            chosen = r
    return _with(chosen, nudge=None, detours=len(runs), alts=(tuple(lp), tuple(lm)))


def _with(r: LosResult, nudge: int | None, detours: int, alts: tuple[tuple[int, ...], ...]) -> LosResult:
    return LosResult(r.blocked_by, r.hindrance, r.line, r.hindrances, nudge, detours, alts)


def _runs(diff: Sequence[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for i in diff:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


# --- the hex terrain chart ------------------------------------------------------------


class _Acc:
    """Accumulates one stretch of a line: first blocker and hindrances."""

    __slots__ = ("block", "hind", "parts")

    def __init__(self) -> None:
        self.block: Blocker | None = None
        self.hind = 0
        self.parts: list[tuple[int, int, str]] = []

    def add(self, other: _Acc) -> None:
        if self.block is None:
            self.block = other.block
        self.hind += other.hind
        self.parts.extend(other.parts)

    def rank(self) -> tuple[int, int]:
        return (1 if self.block is not None else 0, self.hind)


class ChartLos:
    """The hex terrain chart's LOS rules (see the module docstring). Symmetric."""

    def judge(self, board: HexBoard, line: Sequence[int]) -> LosResult:
        """One candidate line, as a :class:`LosPolicy`."""
        ctx = _Context(board, line[0], line[-1], line)
        acc = _Acc()
        self._stretch(ctx, line, 0, len(line) - 1, acc)
        if acc.block is not None:
            return LosResult(acc.block, 0, tuple(line))
        return LosResult(None, acc.hind, tuple(line), tuple(acc.parts))

    def sight(
        self, board: HexBoard, ca: int, cb: int, lp: list[int], lm: list[int], rule: str
    ) -> LosResult:
        if lp == lm:
            return self.judge(board, lp)
        if rule == "shooter":
            rp, rm = self.judge(board, lp), self.judge(board, lm)
            best, nudge = (rm, -1) if rp.worse_than(rm) else (rp, 1)
            found = _runs([i for i in range(len(lp)) if lp[i] != lm[i]])
            return _with(best, nudge, len(found), (tuple(lp), tuple(lm)))
        ctx = _Context(board, ca, cb, None)
        total = _Acc()
        chosen = list(lp)
        n = len(lp) - 1
        i = 0
        runs = 0
        while i <= n:
            if lp[i] == lm[i]:
                # common hex i, and the common crossing into it (if i-1 is common too)
                part = _Acc()
                if i > 0 and lp[i - 1] == lm[i - 1]:
                    self._side(ctx, lp[i - 1], lp[i], part)
                self._hex(ctx, lp[i], i, n, part)
                total.add(part)
                i += 1
                continue
            j = i
            while lp[j] != lm[j]:
                j += 1
            runs += 1
            # detour i..j-1; each branch includes the crossings into, within and out of it
            branches = []
            for ln in (lp, lm):
                part = _Acc()
                for k in range(i, j):
                    self._side(ctx, ln[k - 1], ln[k], part)
                    self._hex(ctx, ln[k], k, n, part)
                self._side(ctx, ln[j - 1], ln[j], part)
                branches.append(part)
            bp, bm = branches
            if rule == "both":
                if bp.block is not None and bm.block is not None:
                    pick = bp
                elif bp.block is not None:
                    pick = bm
                elif bm.block is not None:
                    pick = bp
                else:
                    pick = bm if bm.hind < bp.hind else bp
            else:  # either
                if bp.block is not None:
                    pick = bp
                elif bm.block is not None:
                    pick = bm
                else:
                    pick = bm if bm.hind > bp.hind else bp
            if pick is bm:
                chosen[i:j] = lm[i:j]
            total.add(pick)
            # hex j is common: add it without re-adding its crossing
            part = _Acc()
            self._hex(ctx, lp[j], j, n, part)
            total.add(part)
            i = j + 1
        if total.block is not None:
            return LosResult(total.block, 0, tuple(chosen), (), None, runs, (tuple(lp), tuple(lm)))
        return LosResult(None, total.hind, tuple(chosen), tuple(total.parts), None, runs,
                         (tuple(lp), tuple(lm)))

    # --- pieces ------------------------------------------------------------------

    def _stretch(self, ctx: _Context, line: Sequence[int], i0: int, i1: int, acc: _Acc) -> None:
        n = len(line) - 1
        for i in range(i0, i1 + 1):
            if i > 0:
                self._side(ctx, line[i - 1], line[i], acc)
            self._hex(ctx, line[i], i, n, acc)

    def _hex(self, ctx: _Context, c: int, i: int, n: int, acc: _Acc) -> None:
        if c < 0:
            return
        board = ctx.board
        s = board.smoke[c]
        if s:
            acc.hind += s
            acc.parts.append((c, s, "smoke"))
        if i == 0 or i == n or ctx.along:
            return
        if board.flat or ctx.hi == ctx.lo:
            e = board.elevation[c]
            if e > ctx.hi:
                if acc.block is None:
                    acc.block = Blocker("elevation", (c,), str(e))
                return
            if e < ctx.hi:
                return
            if board.obstacle[c]:
                if acc.block is None:
                    t = board.terrain[c]
                    acc.block = Blocker("hex", (c,), t.name if t.los == "obstacle" else
                                        _path_obstacle_name(board, c), t.rule)
                return
            h = board.hind[c]
            if h:
                acc.hind += h
                acc.parts.append((c, h, _hind_source(board, c)))
            return
        e = board.elevation[c]
        if e > ctx.hi:
            if acc.block is None:
                acc.block = Blocker("elevation", (c,), str(e))
            return
        if e == ctx.hi:
            if board.obstacle[c]:
                if acc.block is None:
                    t = board.terrain[c]
                    acc.block = Blocker("hex", (c,), t.name, t.rule)
                return
            h = board.hind[c]
            if h:
                acc.hind += h
                acc.parts.append((c, h, _hind_source(board, c)))
            return
        if e >= ctx.lo and board.obstacle[c] and board.blind[c]:
            low = ctx.low_hex
            if board.hexes[c].distance(low) <= board.blind[c] and acc.block is None:
                t = board.terrain[c]
                acc.block = Blocker("blind", (c,), t.name, t.rule)

    def _side(self, ctx: _Context, x: int, y: int, acc: _Acc) -> None:
        board = ctx.board
        if not board.any_side_effect or x < 0 or y < 0:
            return
        d = board.direction(x, y)
        if d is None:
            return
        k = x * 6 + d
        if not board.side_obstacle[k] and not board.side_hind[k]:
            return
        at_end = x in (ctx.a, ctx.b) or y in (ctx.a, ctx.b)
        feats = [f for f in board.sides[k] if not (at_end and f.endpoint_exempt)]
        if not feats:
            return
        level = max(board.elevation[x], board.elevation[y])
        if level < ctx.hi and ctx.hi != ctx.lo:
            if level < ctx.lo:
                return
            low = ctx.low_hex
            near = min(board.hexes[x].distance(low), board.hexes[y].distance(low))
            for f in feats:
                if f.los == "obstacle" and near < f.blind_hexes and acc.block is None:
                    acc.block = Blocker("blind", (x, y), f.name, f.rule)
            return
        if level < ctx.hi:
            return
        for f in feats:
            if f.los == "obstacle":
                if acc.block is None:
                    acc.block = Blocker("hexside", (x, y), f.name, f.rule)
                return
        h = max(f.hindrance for f in feats)
        if h:
            acc.hind += h
            acc.parts.append((y, h, feats[0].name))


class _Context:
    """Facts about the endpoints that every piece of the line needs."""

    __slots__ = ("a", "along", "b", "board", "hi", "lo", "low_hex")

    def __init__(self, board: HexBoard, a: int, b: int, line: Sequence[int] | None):
        self.board = board
        self.a, self.b = a, b
        ea, eb = board.elevation[a], board.elevation[b]
        self.hi, self.lo = max(ea, eb), min(ea, eb)
        self.low_hex = board.hexes[a] if ea <= eb else board.hexes[b]
        self.along = line is not None and board.has_paths_along and _runs_along(board, line)


def _runs_along(board: HexBoard, line: Sequence[int]) -> bool:
    """Does the line follow a clear-along path feature at every step (HTC-T92, HTC-T93)?"""
    if len(line) < 3 or -1 in line:
        return False
    common: set[int] | None = None
    for x, y in pairwise(line):
        d = board.direction(x, y)
        if d is None:
            return False
        here = {id(p) for p in board.crossing[x * 6 + d] if p.los_along == "clear"}
        common = here if common is None else common & here
        if not common:
            return False
    h0, h1 = board.hexes[line[0]], board.hexes[line[-1]]
    return bool(common) and (h0.q == h1.q or h0.r == h1.r or h0.s == h1.s)


def _hind_source(board: HexBoard, c: int) -> str:
    t = board.terrain[c]
    if t.hindrance >= board.hind[c]:
        return t.name
    best = max(board.cell_paths[c], key=lambda p: p.hindrance)
    return best.name


def _path_obstacle_name(board: HexBoard, c: int) -> str:
    for p in board.cell_paths[c]:
        if p.los == "obstacle":
            return p.name
    return board.terrain[c].name
